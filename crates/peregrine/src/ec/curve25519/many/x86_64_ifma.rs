//! X25519 ladders in the lanes of AVX-512 IFMA vectors: eight at a time in
//! zmm registers (module `z`, the `ifma512` backend), four in ymm (module
//! `y`, the `ifma` backend, for CPUs where zmm lowers the clock); one body
//! over the width (the `lanes!` macro), as the RSA kernel does.
//!
//! Lane `l` of every vector belongs to ladder `l`: the field operations
//! are lane-wise, so nothing crosses lanes and no shuffle is needed. An
//! element is five vectors, limb `i` of every lane in vector `i`, in radix
//! 2^52 (the width `vpmadd52luq`/`vpmadd52huq` multiply).
//!
//! Bounds (every multiplier input must be below 2^52, since the
//! instructions read only bits 0..51):
//! - *normalized*: limbs 0..3 below 2^52, limb 4 below 2^48 (the value is
//!   below 2^256, not necessarily below p). Every input of [`mul`] is.
//! - A product accumulates `lo(a_i b_j)` at position `i + j` and
//!   `hi(a_i b_j)` at `i + j + 1`: at most ten terms below 2^52, so below
//!   2^56. Positions 5..9 fold into 0..4 by 2^260 = 608 (mod p): the low
//!   52 bits of a position times 608 by one `vpmadd52luq` (into `k`) and
//!   one `vpmadd52huq` (into `k + 1`), its top bits (below 2^4) times 608
//!   into `k + 1`; what position 9 sends to position 5 (below 2^15) folds
//!   again by 608 into position 0.
//! - [`normalize`] first takes the bits of limb 4 from 2^47 up (weight
//!   2^255 = 19) into limb 0, then carries limb 0 to 4 in sequence: limbs
//!   0..3 end below 2^52, limb 4 below 2^47 plus a carry below 2^12.
//! - Subtraction adds 4p written with limbs above any normalized limb
//!   (`FOUR_P`), so no limb goes negative.
//!
//! The conditional swaps are blends under a mask register made from the
//! lanes' scalar bits; the bits are gathered by shifts and masks, the
//! blend's timing does not depend on the mask: constant time, like the
//! scalar ladder.

use core::arch::x86_64::*;

const MASK52: i64 = (1 << 52) - 1;
const MASK47: i64 = (1 << 47) - 1;

/// 4p in radix 2^52 with every limb above a normalized limb's bound: twice
/// `2p = 2^256 - 38 = [2^52 - 38, 2^52 - 1, 2^52 - 1, 2^52 - 1, 2^48 - 1]`.
const FOUR_P: [i64; 5] = [
    (1 << 53) - 76,
    (1 << 53) - 2,
    (1 << 53) - 2,
    (1 << 53) - 2,
    (1 << 49) - 2,
];

/// 32 bytes (bit 255 ignored, as RFC 7748 decodes a u-coordinate) as five
/// 52-bit limbs (the top one of 47 bits).
pub(super) fn limbs52(b: &[u8; 32]) -> [u64; 5] {
    let w = |i: usize| u64::from_le_bytes(b[8 * i..8 * i + 8].try_into().unwrap());
    let (w0, w1, w2, w3) = (w(0), w(1), w(2), w(3) & (u64::MAX >> 1));
    let m = MASK52 as u64;
    [
        w0 & m,
        (w0 >> 52 | w1 << 12) & m,
        (w1 >> 40 | w2 << 24) & m,
        (w2 >> 28 | w3 << 36) & m,
        w3 >> 16,
    ]
}

/// Normalized limbs (limb 4 below 2^48) back to four 64-bit limbs, a value
/// below 2^256.
pub(super) fn limbs64(l: &[u64; 5]) -> [u64; 4] {
    [
        l[0] | l[1] << 52,
        l[1] >> 12 | l[2] << 40,
        l[2] >> 24 | l[3] << 28,
        l[3] >> 36 | l[4] << 16,
    ]
}

/// The width-generic kernel over a vector type `V` of `LANES` lanes and its
/// primitives, which the invoking module defines.
macro_rules! lanes {
    () => {
        /// An element: limb `i` of every lane in vector `i`.
        type Fe = [V; 5];

        /// Carries to normalized limbs (see the module docs); inputs below
        /// 2^63 per limb.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn normalize(mut r: Fe) -> Fe {
            let t = srl47(r[4]);
            r[4] = and(r[4], set1(MASK47));
            r[0] = madd_lo(r[0], t, set1(19));
            for i in 0..4 {
                let c = srl52(r[i]);
                r[i] = and(r[i], set1(MASK52));
                r[i + 1] = add(r[i + 1], c);
            }
            r
        }

        /// `a b`, normalized; `a`, `b` normalized.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn mul(a: &Fe, b: &Fe) -> Fe {
            let mut c = [zero(); 10];
            for i in 0..5 {
                for j in 0..5 {
                    c[i + j] = madd_lo(c[i + j], a[i], b[j]);
                    c[i + j + 1] = madd_hi(c[i + j + 1], a[i], b[j]);
                }
            }
            reduce(&c)
        }

        /// `a^2`, normalized: the cross products once, doubled by one
        /// addition (15 products instead of 25).
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn sqr(a: &Fe) -> Fe {
            let mut x = [zero(); 10];
            for i in 0..5 {
                for j in i + 1..5 {
                    x[i + j] = madd_lo(x[i + j], a[i], a[j]);
                    x[i + j + 1] = madd_hi(x[i + j + 1], a[i], a[j]);
                }
            }
            let mut c = [zero(); 10];
            for k in 0..10 {
                c[k] = add(x[k], x[k]);
            }
            for i in 0..5 {
                c[2 * i] = madd_lo(c[2 * i], a[i], a[i]);
                c[2 * i + 1] = madd_hi(c[2 * i + 1], a[i], a[i]);
            }
            reduce(&c)
        }

        /// Positions 5..9 folded into 0..4 by 608, then normalized.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn reduce(c: &[V; 10]) -> Fe {
            let k608 = set1(608);
            let mut r = [c[0], c[1], c[2], c[3], c[4]];
            let mut extra = zero();
            for k in 0..5 {
                let x = c[k + 5];
                let t = srl52(x);
                r[k] = madd_lo(r[k], x, k608);
                if k < 4 {
                    r[k + 1] = madd_hi(r[k + 1], x, k608);
                    r[k + 1] = madd_lo(r[k + 1], t, k608);
                } else {
                    extra = madd_hi(extra, x, k608);
                    extra = madd_lo(extra, t, k608);
                }
            }
            r[0] = madd_lo(r[0], extra, k608);
            normalize(r)
        }

        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn fe_add(a: &Fe, b: &Fe) -> Fe {
            normalize(core::array::from_fn(|i| add(a[i], b[i])))
        }

        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn fe_sub(a: &Fe, b: &Fe) -> Fe {
            normalize(core::array::from_fn(|i| {
                sub(add(a[i], set1(FOUR_P[i])), b[i])
            }))
        }

        /// `b + 121666 e`, normalized.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn add_121666(b: &Fe, e: &Fe) -> Fe {
            let k = set1(121666);
            let mut c = [b[0], b[1], b[2], b[3], b[4], zero()];
            for i in 0..5 {
                c[i] = madd_lo(c[i], e[i], k);
                c[i + 1] = madd_hi(c[i + 1], e[i], k);
            }
            // Position 5 (below 2^13: e_4 < 2^48) is 608 at position 0.
            c[0] = madd_lo(c[0], c[5], set1(608));
            normalize([c[0], c[1], c[2], c[3], c[4]])
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
        /// `u`): each lane's projective `(X : Z)`, normalized radix-2^52
        /// limbs.
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
                let x = super::limbs52(ul);
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

/// Four ladders in ymm registers (the `ifma` backend).
pub(super) mod y {
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
    fn srl52(a: V) -> V {
        _mm256_srli_epi64::<52>(a)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn srl47(a: V) -> V {
        _mm256_srli_epi64::<47>(a)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn blend(k: __mmask8, a: V, b: V) -> V {
        _mm256_mask_blend_epi64(k, a, b)
    }

    lanes!();
}

/// Eight ladders in zmm registers (the `ifma512` backend).
pub(super) mod z {
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
    fn srl52(a: V) -> V {
        _mm512_srli_epi64::<52>(a)
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn srl47(a: V) -> V {
        _mm512_srli_epi64::<47>(a)
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn blend(k: __mmask8, a: V, b: V) -> V {
        _mm512_mask_blend_epi64(k, a, b)
    }

    lanes!();
}
