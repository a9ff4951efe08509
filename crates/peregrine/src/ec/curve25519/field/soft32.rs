//! Portable GF(2^255 - 19) for 32-bit CPUs: ten limbs in radix 2^25.5
//! (26, 25, 26, 25, ... bits), `u32 x u32 -> u64` products, the
//! representation of ref10 and curve25519-donna-32. On a 32-bit target a
//! `u128` product (what `soft.rs` uses) costs four multiplications and a
//! chain of additions; here every product is one `umull` (ARMv7) or
//! `multu` (MIPS).
//!
//! Limbs stay below `2^26 + 2^13` (even) and `2^25 + 2^13` (odd) after
//! every operation; [`Field::mul`] takes limbs below `2^27`, `sqr` needs
//! the tighter bounds (every operation's output has them).

use super::{Field, Mask};

/// The 32-bit portable kernel.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Soft32;

/// An element: `sum l[i] 2^ceil(25.5 i)`.
pub(crate) type Fe = [u32; 10];

const M26: u64 = (1 << 26) - 1;
const M25: u64 = (1 << 25) - 1;

/// Bit offsets of the limbs.
const POS: [u32; 10] = [0, 26, 51, 77, 102, 128, 153, 179, 204, 230];

#[inline(always)]
const fn width(i: usize) -> u32 {
    if i & 1 == 0 { 26 } else { 25 }
}

/// Carries wide limbs down to 26/25 bits, the top carry folded by 19; two
/// passes so the result's limbs are within the bounds above.
#[inline(always)]
fn carry(mut h: [u64; 10]) -> Fe {
    for _ in 0..2 {
        let mut c = 0u64;
        for (i, x) in h.iter_mut().enumerate() {
            let v = *x + c;
            let (w, m) = if i & 1 == 0 { (26, M26) } else { (25, M25) };
            c = v >> w;
            *x = v & m;
        }
        h[0] += c * 19;
    }
    // h[0] may now exceed 26 bits by a little: one more step into h[1].
    let c = h[0] >> 26;
    h[0] &= M26;
    h[1] += c;
    core::array::from_fn(|i| h[i] as u32)
}

/// [`carry`] for the sums and differences of [`Field::add`] and
/// [`Field::sub`], whose limbs are below 2^29: one pass in `u32` (the
/// carries are at most 4 bits, so no limb passes 2^29 + 2^4), the top
/// carry folded by 19 into limb 0 (< 2^26 + 2^9), and one more step from
/// limb 0 into limb 1. The result is within the bounds above: every limb
/// below 2^26 (even) or 2^25 (odd), limb 1 below 2^25 + 1.
#[inline(always)]
fn carry_small(mut h: [u32; 10]) -> Fe {
    debug_assert!(h.iter().all(|&l| l < 1 << 29));
    let mut c = 0u32;
    for (i, x) in h.iter_mut().enumerate() {
        let v = *x + c;
        let (w, m) = if i & 1 == 0 {
            (26, M26 as u32)
        } else {
            (25, M25 as u32)
        };
        c = v >> w;
        *x = v & m;
    }
    h[0] += c * 19;
    let c = h[0] >> 26;
    h[0] &= M26 as u32;
    h[1] += c;
    h
}

/// 4p in the limb representation, added before a subtraction (inputs'
/// limbs are below `2^27`, so no limb goes negative).
const P4: [u32; 10] = {
    let mut p = [0u32; 10];
    let mut i = 0;
    while i < 10 {
        p[i] = if i & 1 == 0 {
            4 * ((1 << 26) - 1)
        } else {
            4 * ((1 << 25) - 1)
        };
        i += 1;
    }
    p[0] = 4 * ((1 << 26) - 19);
    p
};

/// Product `I` of column `K` of `f·g` (see [`Field::mul`]): `f_I g_j`
/// with `I + j ≡ K (mod 10)`. `K` and `I` are constants, so every index
/// and choice below is fixed at compile time.
#[inline(always)]
fn mul_term<const K: usize, const I: usize>(f: &Fe, f2: &Fe, g: &Fe, g19: &Fe) -> u64 {
    let j = (K + 10 - I) % 10;
    let a = if I & 1 == 1 && j & 1 == 1 {
        f2[I]
    } else {
        f[I]
    };
    let b = if I > K { g19[j] } else { g[j] };
    u64::from(a) * u64::from(b)
}

/// Column `K` of `f·g`: its ten products, written out (no loop: LLVM's
/// loop analysis overflowed its stack on the unrolled field code).
#[inline(always)]
fn mul_column<const K: usize>(f: &Fe, f2: &Fe, g: &Fe, g19: &Fe) -> u64 {
    mul_term::<K, 0>(f, f2, g, g19)
        + mul_term::<K, 1>(f, f2, g, g19)
        + mul_term::<K, 2>(f, f2, g, g19)
        + mul_term::<K, 3>(f, f2, g, g19)
        + mul_term::<K, 4>(f, f2, g, g19)
        + mul_term::<K, 5>(f, f2, g, g19)
        + mul_term::<K, 6>(f, f2, g, g19)
        + mul_term::<K, 7>(f, f2, g, g19)
        + mul_term::<K, 8>(f, f2, g, g19)
        + mul_term::<K, 9>(f, f2, g, g19)
}

/// Product `I` of column `K` of `f^2` (see `sqr`): `f_I f_j` with
/// `I + j ≡ K (mod 10)` when `I <= j` (else 0: the pair is counted at
/// `j`), its factor folded into `f_j`.
#[inline(always)]
fn sqr_term<const K: usize, const I: usize>(f: &Fe) -> u64 {
    let j = (K + 10 - I) % 10;
    if I > j {
        return 0;
    }
    let mut m = if I == j { 1 } else { 2 };
    if I & 1 == 1 && j & 1 == 1 {
        m *= 2;
    }
    if I + j >= 10 {
        m *= 19;
    }
    u64::from(f[I]) * u64::from(f[j] * m)
}

/// Column `K` of `f^2`, written out as [`mul_column`].
#[inline(always)]
fn sqr_column<const K: usize>(f: &Fe) -> u64 {
    sqr_term::<K, 0>(f)
        + sqr_term::<K, 1>(f)
        + sqr_term::<K, 2>(f)
        + sqr_term::<K, 3>(f)
        + sqr_term::<K, 4>(f)
        + sqr_term::<K, 5>(f)
        + sqr_term::<K, 6>(f)
        + sqr_term::<K, 7>(f)
        + sqr_term::<K, 8>(f)
        + sqr_term::<K, 9>(f)
}

impl Field for Soft32 {
    type Fe = Fe;

    #[inline(always)]
    fn zero(self) -> Fe {
        [0; 10]
    }

    #[inline(always)]
    fn one(self) -> Fe {
        let mut r = [0; 10];
        r[0] = 1;
        r
    }

    #[inline(always)]
    fn from_bytes(self, b: &[u8; 32]) -> Fe {
        let w: [u64; 4] =
            core::array::from_fn(|i| u64::from_le_bytes(b[8 * i..8 * i + 8].try_into().unwrap()));
        let bits = |pos: u32, n: u32| -> u32 {
            let (q, r) = ((pos / 64) as usize, pos % 64);
            let mut v = w[q] >> r;
            if r + n > 64 {
                v |= w[q + 1] << (64 - r);
            }
            (v & ((1u64 << n) - 1)) as u32
        };
        let mut l: Fe = core::array::from_fn(|i| bits(POS[i], width(i)));
        // Bit 255 is ignored: limb 9 holds bits 230..255.
        l[9] &= (1 << 25) - 1;
        l
    }

    #[inline(always)]
    fn to_bytes(self, a: &Fe) -> [u8; 32] {
        // Carry fully, then subtract p when value + 19 reaches 2^255.
        let mut h: [u64; 10] = core::array::from_fn(|i| u64::from(a[i]));
        let l = carry(h);
        h = core::array::from_fn(|i| u64::from(l[i]));
        let mut q = (h[0] + 19) >> 26;
        for (i, x) in h.iter().enumerate().skip(1) {
            q = (x + q) >> width(i);
        }
        h[0] += 19 * q;
        let mut c = 0u64;
        for (i, x) in h.iter_mut().enumerate() {
            let v = *x + c;
            c = v >> width(i);
            *x = v & ((1 << width(i)) - 1);
        }
        let mut w = [0u64; 4];
        for i in 0..10 {
            let (q, r) = ((POS[i] / 64) as usize, POS[i] % 64);
            w[q] |= h[i] << r;
            if r + width(i) > 64 {
                w[q + 1] |= h[i] >> (64 - r);
            }
        }
        let mut out = [0u8; 32];
        for i in 0..4 {
            out[8 * i..8 * i + 8].copy_from_slice(&w[i].to_le_bytes());
        }
        out
    }

    // out of line under `small` (see the crate feature) and with debug
    // assertions (the test profile): see the note on `mul`
    #[cfg_attr(not(any(feature = "small", debug_assertions)), inline(always))]
    #[cfg_attr(any(feature = "small", debug_assertions), inline(never))]
    fn add(self, a: &Fe, b: &Fe) -> Fe {
        // Limbs below 2^27 + 2^14: `carry_small` takes them.
        carry_small(core::array::from_fn(|i| a[i] + b[i]))
    }

    // out of line under `small` (see the crate feature) and with debug
    // assertions (the test profile): see the note on `mul`
    #[cfg_attr(not(any(feature = "small", debug_assertions)), inline(always))]
    #[cfg_attr(any(feature = "small", debug_assertions), inline(never))]
    fn sub(self, a: &Fe, b: &Fe) -> Fe {
        // 4p's limbs (about 2^28) exceed every input limb, so no limb goes
        // negative; the sums are below 2^26 + 2^13 + 2^28 < 2^29.
        carry_small(core::array::from_fn(|i| a[i] + P4[i] - b[i]))
    }

    #[inline(always)]
    fn neg(self, a: &Fe) -> Fe {
        self.sub(&[0; 10], a)
    }

    /// Product scanning: each output column is one sum of ten products,
    /// kept in one register pair and written once (a 32-bit CPU cannot
    /// hold ten 64-bit row accumulators in registers). Where both limbs
    /// are odd (25-bit) the product is doubled (their positions add up to
    /// one bit short of the product's): `f2` holds the doubled limbs (in
    /// `u32`: limbs are below 2^27, so the double fits, and every product
    /// is one 32x32->64 multiply). A product past 2^255 takes `19 g_j`
    /// (below 19·2^27 < 2^32). A column is below 343·2^54 < 2^63.
    ///
    /// Out of line under `small` (see the crate feature), and in builds
    /// with debug assertions, that is the test profile (opt-level 1): the
    /// code is the same, but inlined into the point formulas these four
    /// operations made functions of up to 330 KB of armv7 code (Edwards
    /// `quad_mul_vartime`), whose register allocation took most of the 16
    /// minutes CI spent compiling the armv7 tests.
    #[cfg_attr(not(any(feature = "small", debug_assertions)), inline(always))]
    #[cfg_attr(any(feature = "small", debug_assertions), inline(never))]
    fn mul(self, f: &Fe, g: &Fe) -> Fe {
        let g19: [u32; 10] = core::array::from_fn(|j| g[j] * 19);
        let f2: [u32; 10] = core::array::from_fn(|i| f[i] << (i & 1));
        carry([
            mul_column::<0>(f, &f2, g, &g19),
            mul_column::<1>(f, &f2, g, &g19),
            mul_column::<2>(f, &f2, g, &g19),
            mul_column::<3>(f, &f2, g, &g19),
            mul_column::<4>(f, &f2, g, &g19),
            mul_column::<5>(f, &f2, g, &g19),
            mul_column::<6>(f, &f2, g, &g19),
            mul_column::<7>(f, &f2, g, &g19),
            mul_column::<8>(f, &f2, g, &g19),
            mul_column::<9>(f, &f2, g, &g19),
        ])
    }

    /// 55 products instead of [`Field::mul`]'s 100: each cross product
    /// `f_i f_j` (i < j) once, doubled, column by column as in `mul`. The
    /// factor of each product (2 for a cross product, 2 more when both
    /// limbs are odd, 19 when the position wraps past 2^255) is folded
    /// into `f_j`: an even limb (< 2^26 + 2^13) is scaled by at most 38
    /// and an odd one (< 2^25 + 2^13) by at most 76 (the factor 4 needs
    /// both limbs odd), so the scaled limb stays below 2^32; the products
    /// are below 2^58 and a column of at most six of them fits the `u64`.
    // out of line under `small` (see the crate feature) and with debug
    // assertions (the test profile): see the note on `mul`
    #[cfg_attr(not(any(feature = "small", debug_assertions)), inline(always))]
    #[cfg_attr(any(feature = "small", debug_assertions), inline(never))]
    fn sqr(self, f: &Fe) -> Fe {
        debug_assert!(
            f.iter()
                .enumerate()
                .all(|(i, &l)| l < (1 << width(i)) + (1 << 13))
        );
        carry([
            sqr_column::<0>(f),
            sqr_column::<1>(f),
            sqr_column::<2>(f),
            sqr_column::<3>(f),
            sqr_column::<4>(f),
            sqr_column::<5>(f),
            sqr_column::<6>(f),
            sqr_column::<7>(f),
            sqr_column::<8>(f),
            sqr_column::<9>(f),
        ])
    }

    #[inline(always)]
    fn mul_121666(self, a: &Fe) -> Fe {
        carry(core::array::from_fn(|i| u64::from(a[i]) * 121666))
    }

    #[inline(always)]
    fn select(self, a: &Fe, b: &Fe, mask: Mask) -> Fe {
        let m = mask as u32;
        core::array::from_fn(|i| a[i] ^ ((a[i] ^ b[i]) & m))
    }

    #[inline(always)]
    fn cswap(self, a: &mut Fe, b: &mut Fe, mask: Mask) {
        let m = mask as u32;
        for i in 0..10 {
            let t = (a[i] ^ b[i]) & m;
            a[i] ^= t;
            b[i] ^= t;
        }
    }
}
