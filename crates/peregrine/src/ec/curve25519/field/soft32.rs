//! Portable GF(2^255 - 19) for 32-bit CPUs: ten limbs in radix 2^25.5
//! (26, 25, 26, 25, ... bits), `u32 x u32 -> u64` products, the
//! representation of ref10 and curve25519-donna-32. On a 32-bit target a
//! `u128` product (what `soft.rs` uses) costs four multiplications and a
//! chain of additions; here every product is one `umull` (ARMv7) or
//! `multu` (MIPS).
//!
//! Limbs stay below `2^26 + 2^13` (even) and `2^25 + 2^13` (odd) after
//! every operation; products take limbs below `2^27`.

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

    #[inline(always)]
    fn add(self, a: &Fe, b: &Fe) -> Fe {
        carry(core::array::from_fn(|i| u64::from(a[i]) + u64::from(b[i])))
    }

    #[inline(always)]
    fn sub(self, a: &Fe, b: &Fe) -> Fe {
        carry(core::array::from_fn(|i| {
            u64::from(a[i]) + u64::from(P4[i]) - u64::from(b[i])
        }))
    }

    #[inline(always)]
    fn neg(self, a: &Fe) -> Fe {
        self.sub(&[0; 10], a)
    }

    #[inline(always)]
    fn mul(self, f: &Fe, g: &Fe) -> Fe {
        let g19: [u32; 10] = core::array::from_fn(|j| g[j] * 19);
        let mut h = [0u64; 10];
        for i in 0..10 {
            // Doubling where both limbs are odd (25-bit): their positions
            // add up to one bit short of the product's.
            let fi = u64::from(f[i]);
            let fi2 = fi << (i & 1);
            for j in 0..10 {
                let fj = if j & 1 == 1 { fi2 } else { fi };
                if i + j < 10 {
                    h[i + j] += fj * u64::from(g[j]);
                } else {
                    h[i + j - 10] += fj * u64::from(g19[j]);
                }
            }
        }
        carry(h)
    }

    #[inline(always)]
    fn sqr(self, a: &Fe) -> Fe {
        self.mul(a, a)
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
