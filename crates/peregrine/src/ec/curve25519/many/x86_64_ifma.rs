//! X25519 ladders in the lanes of AVX-512 IFMA vectors: eight at a time in
//! zmm registers (module `z`, the `ifma512` backend), four in ymm (module
//! `y`, the `ifma` backend, for CPUs where zmm lowers the clock); one body
//! over the width (the `lanes!` macro), as the RSA kernel does.
//!
//! Lane `l` of every vector belongs to ladder `l`: the field operations
//! are lane-wise, so nothing crosses lanes and no shuffle is needed. An
//! element is five vectors, limb `i` of every lane in vector `i`, in radix
//! 2^51 held *loose*: every limb below 2^52, the width `vpmadd52luq` and
//! `vpmadd52huq` read (they ignore bits 52..63, so a limb above that would
//! be silently wrong; every bound below keeps them under).
//!
//! - A product accumulates `lo52(a_i b_j)` (weight 2^(51 (i + j))) and
//!   `hi52(a_i b_j)` (weight 2^(51 (i + j) + 52), twice position
//!   `i + j + 1`) in two sets of nine accumulators, so that no position's
//!   chain of dependent `vpmadd52` is longer than five; position `k` is
//!   then `l[k] + 2 h[k - 1]`, below 2^56, and positions 5..9 fold into
//!   0..4 by 2^255 = 19 (shifts and adds), below 2^61.
//! - [`carry`] is one *parallel* round: each limb keeps its low 51 bits
//!   and takes the bits above 51 of the limb below (limb 0 takes 19 times
//!   those of limb 4). From limbs below 2^62 that leaves limbs below
//!   2^51 + 2^16, loose again; the one bit of slack is what lets the
//!   round be parallel (about 3 cycles) instead of a five-limb chain.
//!   Sums, differences and products all end with it.
//! - Subtraction adds 4p, whose limbs (each of p's times four) are all
//!   above 2^52, so no limb goes negative.
//! - The radix-2^64 value (`limbs64`) of loose limbs out of [`carry`] is
//!   below 2^256; the caller reduces and encodes it on the `adx` field.
//!
//! The conditional swaps are blends under a mask register made from the
//! lanes' scalar bits; the bits are gathered by shifts and masks, the
//! blend's timing does not depend on the mask: constant time, like the
//! scalar ladder.

use core::arch::x86_64::*;

const MASK51: i64 = (1 << 51) - 1;

/// 4p in radix 2^51 (each limb of p times four): every limb is at least
/// 2^52, above any loose limb, so `a + 4p - b` has no negative limb.
const FOUR_P: [i64; 5] = [
    (1 << 53) - 76,
    (1 << 53) - 4,
    (1 << 53) - 4,
    (1 << 53) - 4,
    (1 << 53) - 4,
];

/// 8p, limbs at least 2^54 - 152: above any sum of two loose limbs.
const EIGHT_P: [i64; 5] = [
    (1 << 54) - 152,
    (1 << 54) - 8,
    (1 << 54) - 8,
    (1 << 54) - 8,
    (1 << 54) - 8,
];

/// 32 bytes (bit 255 ignored, as RFC 7748 decodes a u-coordinate) as five
/// 51-bit limbs.
pub(super) fn limbs51(b: &[u8; 32]) -> [u64; 5] {
    let w = |i: usize| u64::from_le_bytes(b[8 * i..8 * i + 8].try_into().unwrap());
    limbs51_of(&[w(0), w(1), w(2), w(3)])
}

/// Four 64-bit limbs (bit 255 ignored) as five 51-bit limbs.
const fn limbs51_of(w: &[u64; 4]) -> [u64; 5] {
    let (w0, w1, w2, w3) = (w[0], w[1], w[2], w[3] & (u64::MAX >> 1));
    let m = MASK51 as u64;
    [
        w0 & m,
        (w0 >> 51 | w1 << 13) & m,
        (w1 >> 38 | w2 << 26) & m,
        (w2 >> 25 | w3 << 39) & m,
        w3 >> 12,
    ]
}

/// Loose limbs (each below 2^52) as four 64-bit limbs: the value
/// `sum l_i 2^(51 i)`, below 2^256. Additions with carries over public
/// positions only.
fn limbs64(l: &[u64; 5]) -> [u64; 4] {
    let mut r = [0u64; 4];
    for (i, &x) in l.iter().enumerate() {
        let (word, off) = (51 * i / 64, 51 * i % 64);
        let v = u128::from(x) << off;
        let mut carry = 0u64;
        for (j, part) in [v as u64, (v >> 64) as u64].into_iter().enumerate() {
            if word + j < 4 {
                let (s, c1) = r[word + j].overflowing_add(part);
                let (s, c2) = s.overflowing_add(carry);
                r[word + j] = s;
                carry = u64::from(c1 | c2);
            }
        }
        for w in r.iter_mut().skip(word + 2) {
            let (s, c) = w.overflowing_add(carry);
            *w = s;
            carry = u64::from(c);
        }
    }
    r
}

/// The element of field `f` with the loose radix-2^51 limbs `l` (a lane of
/// a kernel's result): reduced and encoded, then decoded by `f`.
pub(in crate::ec::curve25519) fn to_field<F: crate::ec::curve25519::field::Field>(
    f: F,
    l: &[u64; 5],
) -> F::Fe {
    f.from_bytes(&crate::ec::curve25519::field::radix64::to_bytes(&limbs64(
        l,
    )))
}

/// The width-generic kernel over a vector type `V` of `LANES` lanes and its
/// primitives, which the invoking module defines.
macro_rules! lanes {
    () => {
        /// An element: limb `i` of every lane in vector `i`.
        type Fe = [V; 5];

        /// `19 x` by shifts (`x < 2^59`).
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn times19(x: V) -> V {
            add(add(sll::<4>(x), sll::<1>(x)), x)
        }

        /// One parallel carry round: limbs below 2^62 in, loose limbs
        /// (below 2^51 + 2^16) out; the carry out of limb 4 (weight 2^255)
        /// re-enters limb 0 as 19 times itself.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn carry(c: Fe) -> Fe {
            let m = set1(MASK51);
            let t: [V; 5] = core::array::from_fn(|i| srl::<51>(c[i]));
            [
                add(and(c[0], m), times19(t[4])),
                add(and(c[1], m), t[0]),
                add(and(c[2], m), t[1]),
                add(and(c[3], m), t[2]),
                add(and(c[4], m), t[3]),
            ]
        }

        /// Low halves `l[k]` (weight 2^(51 k)) and high halves `h[k]`
        /// (weight 2^(51 k + 52) = 2 2^(51 (k + 1))) of a product,
        /// combined and folded by 2^255 = 19, then one carry round.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn reduce(l: &[V; 9], h: &[V; 9]) -> Fe {
            // c[k] = l[k] + 2 h[k - 1], below 2^56.
            let c: [V; 10] = core::array::from_fn(|k| {
                let hk = if k > 0 {
                    add(h[k - 1], h[k - 1])
                } else {
                    zero()
                };
                if k < 9 { add(l[k], hk) } else { hk }
            });
            carry(core::array::from_fn(|k| add(c[k], times19(c[k + 5]))))
        }

        /// `a b`; `a`, `b` loose.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn mul(a: &Fe, b: &Fe) -> Fe {
            let mut l = [zero(); 9];
            let mut h = [zero(); 9];
            for i in 0..5 {
                for j in 0..5 {
                    l[i + j] = madd_lo(l[i + j], a[i], b[j]);
                    h[i + j] = madd_hi(h[i + j], a[i], b[j]);
                }
            }
            reduce(&l, &h)
        }

        /// `a^2`: the cross products once, doubled by one addition.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn sqr(a: &Fe) -> Fe {
            let mut l = [zero(); 9];
            let mut h = [zero(); 9];
            for i in 0..5 {
                for j in i + 1..5 {
                    l[i + j] = madd_lo(l[i + j], a[i], a[j]);
                    h[i + j] = madd_hi(h[i + j], a[i], a[j]);
                }
            }
            for k in 1..8 {
                l[k] = add(l[k], l[k]);
                h[k] = add(h[k], h[k]);
            }
            for i in 0..5 {
                l[2 * i] = madd_lo(l[2 * i], a[i], a[i]);
                h[2 * i] = madd_hi(h[2 * i], a[i], a[i]);
            }
            reduce(&l, &h)
        }

        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn fe_add(a: &Fe, b: &Fe) -> Fe {
            carry(core::array::from_fn(|i| add(a[i], b[i])))
        }

        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn fe_sub(a: &Fe, b: &Fe) -> Fe {
            carry(core::array::from_fn(|i| {
                sub(add(a[i], set1(FOUR_P[i])), b[i])
            }))
        }

        /// `b + 121666 e`.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn add_121666(b: &Fe, e: &Fe) -> Fe {
            let k = set1(121666);
            let l: Fe = core::array::from_fn(|i| madd_lo(b[i], e[i], k));
            let h: Fe = core::array::from_fn(|i| madd_hi(zero(), e[i], k));
            // h[i] weighs 2 2^(51 (i + 1)); h[4] wraps to limb 0 as 2 19.
            carry([
                add(l[0], times19(add(h[4], h[4]))),
                add(l[1], add(h[0], h[0])),
                add(l[2], add(h[1], h[1])),
                add(l[3], add(h[2], h[2])),
                add(l[4], add(h[3], h[3])),
            ])
        }

        /// `b` in the lanes of `k`, else `a`, per limb.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl")]
        fn fe_blend(k: __mmask8, a: &Fe, b: &Fe) -> Fe {
            core::array::from_fn(|i| blend(k, a[i], b[i]))
        }

        /// Swaps `a` and `b` in the lanes whose bit of `m` is set.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn cswap(m: __mmask8, a: &mut Fe, b: &mut Fe) {
            for i in 0..5 {
                let (x, y) = (a[i], b[i]);
                a[i] = blend(m, x, y);
                b[i] = blend(m, y, x);
            }
        }

        /// `LANES` ladders of RFC 7748 (clamped scalars `e`, u-coordinates
        /// `u`): each lane's projective `(X : Z)`, loose radix-2^51 limbs.
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        pub(in crate::ec::curve25519) fn ladder(
            e: &[[u8; 32]; LANES],
            u: &[[u8; 32]; LANES],
        ) -> [([u64; 5], [u64; 5]); LANES] {
            // bits[t]: the lanes whose scalar has bit t set (a secret,
            // gathered by shifts; read at public indices).
            let mut bits = [0u8; 255];
            for (t, b) in bits.iter_mut().enumerate() {
                let mut m = 0u8;
                for (l, el) in e.iter().enumerate() {
                    m |= ((el[t >> 3] >> (t & 7)) & 1) << l;
                }
                *b = m;
            }
            let mut tmp = [[0u64; LANES]; 5];
            for (l, ul) in u.iter().enumerate() {
                let x = super::limbs51(ul);
                for i in 0..5 {
                    tmp[i][l] = x[i];
                }
            }
            let x1: Fe = core::array::from_fn(|i| load(&tmp[i]));
            let one: Fe = [set1(1), zero(), zero(), zero(), zero()];
            let (mut x2, mut z2, mut x3, mut z3) = (one, [zero(); 5], x1, one);
            let mut prev = 0u8;
            for t in (0..255).rev() {
                let m = bits[t] ^ prev;
                prev = bits[t];
                cswap(m, &mut x2, &mut x3);
                cswap(m, &mut z2, &mut z3);
                let a = fe_add(&x2, &z2);
                let b = fe_sub(&x2, &z2);
                let c = fe_add(&x3, &z3);
                let d = fe_sub(&x3, &z3);
                let aa = sqr(&a);
                let bb = sqr(&b);
                let da = mul(&d, &a);
                let cb = mul(&c, &b);
                x3 = sqr(&fe_add(&da, &cb));
                z3 = mul(&x1, &sqr(&fe_sub(&da, &cb)));
                x2 = mul(&aa, &bb);
                let ee = fe_sub(&aa, &bb);
                z2 = mul(&ee, &add_121666(&bb, &ee));
            }
            cswap(prev, &mut x2, &mut x3);
            cswap(prev, &mut z2, &mut z3);
            crate::ct::wipe(&mut bits);
            let mut xs = [[0u64; LANES]; 5];
            let mut zs = [[0u64; LANES]; 5];
            for i in 0..5 {
                store(&mut xs[i], x2[i]);
                store(&mut zs[i], z2[i]);
            }
            core::array::from_fn(|l| {
                (
                    core::array::from_fn(|i| xs[i][l]),
                    core::array::from_fn(|i| zs[i][l]),
                )
            })
        }
    };
}

/// The comb's radix-2^51 table: row `r`, entry `j`, limb `i` holds the
/// four lanes `[y - x, y + x, 2 d x y, 2]` of `(j + 1) 16^(2 r) B`
/// (`table::BASE_COMB`, converted at compile time), so that a masked scan
/// loads it straight into vectors.
#[repr(align(64))]
pub(super) struct Comb51(pub(super) [[[[u64; 4]; 5]; 8]; 32]);

pub(super) static COMB51: Comb51 = {
    let src = &crate::ec::curve25519::table::BASE_COMB;
    let mut out = [[[[0u64; 4]; 5]; 8]; 32];
    let mut r = 0;
    while r < 32 {
        let mut j = 0;
        while j < 8 {
            let ypx = limbs51_of(&src[r][j][0]);
            let ymx = limbs51_of(&src[r][j][1]);
            let xy2d = limbs51_of(&src[r][j][2]);
            let mut i = 0;
            while i < 5 {
                out[r][j][i] = [ymx[i], ypx[i], xy2d[i], if i == 0 { 2 } else { 0 }];
                i += 1;
            }
            j += 1;
        }
        r += 1;
    }
    Comb51(out)
};

/// `(|digit|, 1 if digit < 0)` without a branch (digits in -8..=8).
#[inline(always)]
fn digit_parts(digit: i8) -> (u64, u64) {
    let neg = ((digit as u8) >> 7) as u64;
    let abs = (digit as i64 + (digit as i64 >> 7)) ^ (digit as i64 >> 7);
    (abs as u64, neg)
}

/// All ones when `a == b` (both below 2^63), else 0, without a branch.
#[inline(always)]
fn eq_mask(a: u64, b: u64) -> u64 {
    crate::ec::curve25519::field::mask_of((a ^ b).wrapping_sub(1) >> 63)
}

/// Point operations on four-lane groups `[X, Y, Z, T]`: one point per
/// ymm register (module `y`), two per zmm register (module `z`, each
/// 256-bit half a point, the same operation on both). The invoking module
/// defines `fe_perm` (a `vpermq` within each 256-bit half), `fe_blend`,
/// and `m`, which repeats a four-lane blend mask over its width.
macro_rules! points {
    () => {
        /// `[E F, G H, F G, E H]` from `[A, B, C, D]` with `E = B - A`,
        /// `F = D - C`, `G = D + C`, `H = B + A`: the second half of an
        /// addition (ref10's completed point times itself into extended
        /// coordinates), four-way.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn finish_add(m1: &Fe) -> Fe {
            let four_p: Fe = core::array::from_fn(|i| set1(FOUR_P[i]));
            let p1 = fe_perm::<0x7d>(m1); // [B, D, D, B]
            let p2 = fe_perm::<0x28>(m1); // [A, C, C, A]
            let s = carry(core::array::from_fn(|i| add(p1[i], p2[i]))); // [H, G, G, H]
            let d = carry(core::array::from_fn(|i| sub(add(p1[i], four_p[i]), p2[i]))); // [E, F, F, E]
            let l2 = fe_blend(m(0b0010), &d, &s); // [E, G, F, E]
            let r2 = fe_blend(m(0b1110), &fe_perm::<0x55>(&d), &fe_perm::<0xe0>(&s)); // [F, H, G, H]
            mul(&l2, &r2)
        }

        /// `[Y - X, Y + X, T, Z]` from `[X, Y, Z, T]`: the first operand
        /// of an addition's products.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn diff_sum(p: &Fe) -> Fe {
            let four_p: Fe = core::array::from_fn(|i| set1(FOUR_P[i]));
            let q = fe_perm::<0xb5>(p); // [Y, Y, T, Z]
            let r = fe_perm::<0x00>(p); // [X, X, X, X]
            carry(core::array::from_fn(|i| {
                let d = sub(add(q[i], four_p[i]), r[i]);
                blend(m(0b1100), blend(m(0b0010), d, add(q[i], r[i])), q[i])
            }))
        }

        /// `p + n` for `p = [X, Y, Z, T]` (extended) and an affine
        /// precomputed `n = [y - x, y + x, 2 d x y, 2]`: ref10's mixed
        /// addition, two four-way products.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn madd(p: &Fe, n: &Fe) -> Fe {
            finish_add(&mul(&diff_sum(p), n))
        }

        /// `2 p` for `p = [X, Y, Z, T]` (T unused): ref10's doubling, two
        /// four-way products.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn dbl(p: &Fe) -> Fe {
            let four_p: Fe = core::array::from_fn(|i| set1(FOUR_P[i]));
            let eight_p: Fe = core::array::from_fn(|i| set1(EIGHT_P[i]));
            let x = fe_perm::<0x00>(p);
            let y = fe_perm::<0x55>(p);
            let l1 = carry(fe_blend(
                m(0b1000),
                p,
                &core::array::from_fn(|i| add(x[i], y[i])),
            ));
            let s = mul(&l1, &l1); // [XX, YY, ZZ, (X + Y)^2]
            let (xx, yy, zz, aa) = (
                fe_perm::<0x00>(&s),
                fe_perm::<0x55>(&s),
                fe_perm::<0xaa>(&s),
                fe_perm::<0xff>(&s),
            );
            let l2 = carry(core::array::from_fn(|i| {
                let h = add(yy[i], xx[i]);
                let g = sub(add(yy[i], four_p[i]), xx[i]);
                let e = sub(add(aa[i], eight_p[i]), h);
                let f = sub(add(add(zz[i], zz[i]), add(xx[i], four_p[i])), yy[i]);
                // [E, G, F, E] and, below, [F, H, G, H].
                blend(m(0b0010), blend(m(0b0100), e, f), g)
            }));
            let r2 = carry(core::array::from_fn(|i| {
                let h = add(yy[i], xx[i]);
                let g = sub(add(yy[i], four_p[i]), xx[i]);
                let f = sub(add(add(zz[i], zz[i]), add(xx[i], four_p[i])), yy[i]);
                blend(m(0b1010), blend(m(0b0100), f, g), h)
            }));
            mul(&l2, &r2)
        }

        /// `t` with the points of the lanes in `k` (`0b0111` per point)
        /// negated: `[y - x, y + x, 2 d x y]` becomes `[y + x, y - x,
        /// -2 d x y]`, by blends under a mask made from secret digits.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn negate_if(t: &Fe, k: __mmask8) -> Fe {
            let four_p: Fe = core::array::from_fn(|i| set1(FOUR_P[i]));
            let negated = carry(core::array::from_fn(|i| sub(four_p[i], t[i])));
            let alt = fe_blend(m(0b0100), &fe_perm::<0xe1>(t), &negated);
            fe_blend(k, t, &alt)
        }
    };
}

/// Four ladders in ymm registers (the `ifma` backend of `x25519-many`),
/// and one ladder four-way parallel (the `ifma` kernel of a single X25519).
pub(in crate::ec::curve25519) mod y {
    use super::*;

    type V = __m256i;
    /// Ladders per call.
    pub(in crate::ec::curve25519) const LANES: usize = 4;

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn load(s: &[u64; LANES]) -> V {
        // SAFETY: `s` is 32 bytes; the load is unaligned.
        unsafe { _mm256_loadu_si256(s.as_ptr().cast()) }
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn store(d: &mut [u64; LANES], v: V) {
        // SAFETY: `d` is 32 bytes; the store is unaligned.
        unsafe { _mm256_storeu_si256(d.as_mut_ptr().cast(), v) }
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn zero() -> V {
        _mm256_setzero_si256()
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn set1(x: i64) -> V {
        _mm256_set1_epi64x(x)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn madd_lo(acc: V, a: V, b: V) -> V {
        _mm256_madd52lo_epu64(acc, a, b)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn madd_hi(acc: V, a: V, b: V) -> V {
        _mm256_madd52hi_epu64(acc, a, b)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn add(a: V, b: V) -> V {
        _mm256_add_epi64(a, b)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn sub(a: V, b: V) -> V {
        _mm256_sub_epi64(a, b)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn and(a: V, b: V) -> V {
        _mm256_and_si256(a, b)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn srl<const N: i32>(a: V) -> V {
        _mm256_srli_epi64::<N>(a)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn sll<const N: i32>(a: V) -> V {
        _mm256_slli_epi64::<N>(a)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn blend(k: __mmask8, a: V, b: V) -> V {
        _mm256_mask_blend_epi64(k, a, b)
    }

    lanes!();

    /// Lane `j` of the result is lane `(IMM >> 2 j) & 3` of `a`, per limb
    /// (`vpermq`).
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn fe_perm<const IMM: i32>(a: &Fe) -> Fe {
        core::array::from_fn(|i| _mm256_permute4x64_epi64::<IMM>(a[i]))
    }

    /// A four-lane blend mask (one point per register).
    const fn m(k: u8) -> __mmask8 {
        k
    }

    /// One X25519 ladder (clamped scalar `e`, u-coordinate `u`) with its
    /// field operations four-way parallel: the state `[X2, Z2, X3, Z3]`
    /// sits in the four lanes (radix 2^51), and a step is three four-way products
    /// (`[A^2, B^2, DA, CB]`, then `[(DA + CB)^2, (DA - CB)^2, AA BB,
    /// E G]`, then `[1, 1, 1, x1]` times the result rearranged, for the one
    /// product by x1), with additions, lane permutations (`vpermq`,
    /// `vpshufd`) and blends between them. The conditional swap exchanges
    /// the halves of the vector under a mask register built from the
    /// scalar bit (no branch, no secret index). Returns the projective
    /// `(X2, Z2)`, loose radix-2^51 limbs.
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    pub(in crate::ec::curve25519) fn ladder4(e: &[u8; 32], u: &[u8; 32]) -> ([u64; 5], [u64; 5]) {
        let x1 = super::limbs51(u);
        let one = |i: usize| u64::from(i == 0);
        let mut kt = [[0u64; 4]; 5];
        let mut vt = [[0u64; 4]; 5];
        for i in 0..5 {
            kt[i] = [one(i), one(i), one(i), x1[i]];
            vt[i] = [one(i), 0, x1[i], one(i)];
        }
        // [1, 1, 1, x1] and the start [X2, Z2, X3, Z3] = [1, 0, x1, 1].
        let k: Fe = core::array::from_fn(|i| load(&kt[i]));
        let mut v: Fe = core::array::from_fn(|i| load(&vt[i]));
        let four_p: Fe = core::array::from_fn(|i| set1(FOUR_P[i]));
        let mut prev = 0u8;
        for t in (0..255).rev() {
            let bit = (e[t >> 3] >> (t & 7)) & 1;
            // 0x0f (swap the halves) or 0, from the secret bit by
            // arithmetic only.
            let m = (bit ^ prev).wrapping_neg() & 0x0f;
            prev = bit;
            v = fe_blend(m, &v, &fe_perm::<0x4e>(&v));
            // [A, B, C, D] = [X2 + Z2, X2 - Z2, X3 + Z3, X3 - Z3]: the
            // pairs' other member by a swap within each 128-bit half.
            let abcd = carry(core::array::from_fn(|i| {
                let p = _mm256_shuffle_epi32::<0x4e>(v[i]);
                blend(0b1010, add(v[i], p), sub(add(p, four_p[i]), v[i]))
            }));
            // [A, B, D, C] [A, B, A, B] = [AA, BB, DA, CB].
            let m1 = mul(&fe_perm::<0xb4>(&abcd), &fe_perm::<0x44>(&abcd));
            // uu = [DA, DA, AA, AA], ww = [CB, CB, BB, BB].
            let uu = fe_perm::<0x0a>(&m1);
            let ww = fe_perm::<0x5f>(&m1);
            // [DA + CB, DA - CB, AA, E = AA - BB].
            let l2 = carry(core::array::from_fn(|i| {
                let s = add(uu[i], ww[i]);
                let d = sub(add(uu[i], four_p[i]), ww[i]);
                blend(0b0100, blend(0b1010, s, d), uu[i])
            }));
            // Lane 3: G = BB + 121666 E; then [DA + CB, DA - CB, BB, G].
            let g = add_121666(&ww, &l2);
            let r2 = fe_blend(0b1000, &fe_blend(0b0100, &l2, &ww), &g);
            // [X3', (DA - CB)^2, X2', Z2'].
            let m2 = mul(&l2, &r2);
            // [X2', Z2', X3', x1 (DA - CB)^2].
            v = mul(&fe_perm::<0x4e>(&m2), &k);
        }
        v = fe_blend(prev.wrapping_neg() & 0x0f, &v, &fe_perm::<0x4e>(&v));
        let o = lanes_out(&v);
        (o[0], o[1])
    }

    /// The four lanes of `v`, each as five limbs.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    pub(super) fn lanes_out(v: &Fe) -> [[u64; 5]; 4] {
        let mut out = [[0u64; 4]; 5];
        for i in 0..5 {
            store(&mut out[i], v[i]);
        }
        core::array::from_fn(|l| core::array::from_fn(|i| out[i][l]))
    }

    /// The element whose limb `i` holds `vt[i]` in its four lanes.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn lanes_in(vt: &[[u64; 4]; 5]) -> Fe {
        core::array::from_fn(|i| load(&vt[i]))
    }

    points!();

    /// The comb entry `digit` of `row` as `[y - x, y + x, 2 d x y, 2]`
    /// (negated for a negative digit), by a masked scan of the row's eight
    /// entries in vector registers: constant time.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn select4(row: &[[[u64; 4]; 5]; 8], digit: i8) -> Fe {
        let (abs, neg) = digit_parts(digit);
        let mut t: Fe = [zero(); 5];
        t[0] = load(&[1, 1, 0, 2]);
        for (j, e) in row.iter().enumerate() {
            let k = (eq_mask(abs, j as u64 + 1) as u8) & 0x0f;
            for i in 0..5 {
                t[i] = blend(k, t[i], load(&e[i]));
            }
        }
        negate_if(&t, (neg as u8).wrapping_neg() & 0b0111)
    }

    /// `[a] B` (`a[31] <= 127`) by ref10's fixed-base comb, its additions
    /// and doublings four-way ([`madd`], [`dbl`]); the extended
    /// coordinates `[X, Y, Z, T]`, loose radix-2^51 limbs.
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    pub(in crate::ec::curve25519) fn mul_base4(a: &[u8; 32]) -> [[u64; 5]; 4] {
        let comb = &COMB51.0;
        let mut e = crate::ec::curve25519::edwards::radix16(a);
        let mut vt = [[0u64; 4]; 5];
        vt[0] = [0, 1, 1, 0];
        let mut h = lanes_in(&vt);
        for i in (1..64).step_by(2) {
            h = madd(&h, &select4(&comb[i / 2], e[i]));
        }
        h = dbl(&dbl(&dbl(&dbl(&h))));
        for i in (0..64).step_by(2) {
            h = madd(&h, &select4(&comb[i / 2], e[i]));
        }
        crate::ct::wipe(&mut e);
        lanes_out(&h)
    }

    /// `p + q` for extended `p` and `q` (`[X, Y, Z, T]`): ref10's addition,
    /// three four-way products (the third scales `[.., T1 T2, Z1 Z2]` by
    /// `[1, 1, 2d, 2]`).
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    pub(super) fn add_points(p: &Fe, q: &Fe) -> Fe {
        let d2 = limbs51_of(&crate::ec::curve25519::table::D2);
        let k: Fe = core::array::from_fn(|i| {
            let o = u64::from(i == 0);
            load(&[o, o, d2[i], 2 * o])
        });
        finish_add(&mul(&mul(&diff_sum(p), &diff_sum(q)), &k))
    }
}

/// Eight ladders in zmm registers (the `ifma512` backend).
pub(in crate::ec::curve25519) mod z {
    use super::*;

    type V = __m512i;
    /// Ladders per call.
    pub(in crate::ec::curve25519) const LANES: usize = 8;

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn load(s: &[u64; LANES]) -> V {
        // SAFETY: `s` is 64 bytes; the load is unaligned.
        unsafe { _mm512_loadu_si512(s.as_ptr().cast()) }
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn store(d: &mut [u64; LANES], v: V) {
        // SAFETY: `d` is 64 bytes; the store is unaligned.
        unsafe { _mm512_storeu_si512(d.as_mut_ptr().cast(), v) }
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn zero() -> V {
        _mm512_setzero_si512()
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn set1(x: i64) -> V {
        _mm512_set1_epi64(x)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn madd_lo(acc: V, a: V, b: V) -> V {
        _mm512_madd52lo_epu64(acc, a, b)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn madd_hi(acc: V, a: V, b: V) -> V {
        _mm512_madd52hi_epu64(acc, a, b)
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn add(a: V, b: V) -> V {
        _mm512_add_epi64(a, b)
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn sub(a: V, b: V) -> V {
        _mm512_sub_epi64(a, b)
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn and(a: V, b: V) -> V {
        _mm512_and_si512(a, b)
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn srl<const N: u32>(a: V) -> V {
        _mm512_srli_epi64::<N>(a)
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn sll<const N: u32>(a: V) -> V {
        _mm512_slli_epi64::<N>(a)
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn blend(k: __mmask8, a: V, b: V) -> V {
        _mm512_mask_blend_epi64(k, a, b)
    }

    lanes!();

    /// `vpermq` within each 256-bit half, per limb.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn fe_perm<const IMM: i32>(a: &Fe) -> Fe {
        core::array::from_fn(|i| _mm512_permutex_epi64::<IMM>(a[i]))
    }

    /// A four-lane blend mask repeated for both points of a register.
    const fn m(k: u8) -> __mmask8 {
        k | k << 4
    }

    points!();

    /// Entry `lo` of `row` in the low half and entry `hi` in the high
    /// half, each `[y - x, y + x, 2 d x y, 2]` and negated for a negative
    /// digit: a masked scan of the row's eight entries, each loaded once
    /// into both halves; constant time.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn select8(row: &[[[u64; 4]; 5]; 8], lo: i8, hi: i8) -> Fe {
        let (abs_lo, neg_lo) = digit_parts(lo);
        let (abs_hi, neg_hi) = digit_parts(hi);
        let mut t: Fe = [zero(); 5];
        t[0] = load(&[1, 1, 0, 2, 1, 1, 0, 2]);
        for (j, e) in row.iter().enumerate() {
            let j = j as u64 + 1;
            let k = (eq_mask(abs_lo, j) as u8 & 0x0f) | (eq_mask(abs_hi, j) as u8 & 0xf0);
            for i in 0..5 {
                // SAFETY: `e[i]` is 32 bytes; the load is unaligned.
                let v = unsafe { _mm256_loadu_si256(e[i].as_ptr().cast()) };
                t[i] = blend(k, t[i], _mm512_broadcast_i64x4(v));
            }
        }
        let k = ((neg_lo as u8).wrapping_neg() & 0x07) | ((neg_hi as u8).wrapping_neg() & 0x70);
        negate_if(&t, k)
    }

    /// `[a] B` (`a[31] <= 127`) by ref10's fixed-base comb with its two
    /// halves side by side: the sum over the odd digits in the low half of
    /// every register and over the even digits in the high half, each step
    /// one eight-lane mixed addition ([`madd`]) for both, so the chain of
    /// dependent additions is 32 long instead of 64. Then four doublings
    /// (of both halves; the high one is discarded) and one addition of the
    /// halves (`y::add_points`). The extended `[X, Y, Z, T]`, loose
    /// radix-2^51 limbs.
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    pub(in crate::ec::curve25519) fn mul_base8(a: &[u8; 32]) -> [[u64; 5]; 4] {
        let comb = &COMB51.0;
        let mut e = crate::ec::curve25519::edwards::radix16(a);
        let mut h: Fe = [zero(); 5];
        h[0] = load(&[0, 1, 1, 0, 0, 1, 1, 0]);
        for (i, row) in comb.iter().enumerate() {
            h = madd(&h, &select8(row, e[2 * i + 1], e[2 * i]));
        }
        crate::ct::wipe(&mut e);
        let d = dbl(&dbl(&dbl(&dbl(&h))));
        let odd16: [__m256i; 5] = core::array::from_fn(|i| _mm512_castsi512_si256(d[i]));
        let even: [__m256i; 5] = core::array::from_fn(|i| _mm512_extracti64x4_epi64::<1>(h[i]));
        super::y::lanes_out(&super::y::add_points(&odd16, &even))
    }
}
