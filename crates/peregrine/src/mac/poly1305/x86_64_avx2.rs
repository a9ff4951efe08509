//! Poly1305 in radix 2^26 on x86_64: AVX2 (four blocks at a time, `y`)
//! and AVX-512F (eight, `z`), one body written once over the width.
//!
//! The technique of Goll and Gueron, "Vectorization of Poly1305 Message
//! Authentication Code" (ITNG 2015), which OpenSSL's `poly1305-x86_64.pl`
//! AVX2 path also uses: numbers in radix 2^26 (five limbs, one limb of four
//! independent accumulators per 256-bit register, one 64-bit lane each),
//! products with `vpmuludq` (32×32→64 bits), and the powers r^1..r^4
//! precomputed once per key.
//!
//! With L lanes (4 or 8), lane j holds blocks Li + q_j for a fixed
//! permutation j → q_j (the loads below give the lanes the blocks 0, L/2,
//! 1, L/2 + 1, ... of each group of L blocks). With n groups, each step is
//! `A_j ← A_j·r^L + m` and the scalar accumulator h is added into lane 0
//! (block 0) at the start, so after the last group, with lane j multiplied
//! by r^(L - q_j), for L = 4
//!
//! ```text
//! h' = A_0·r^4 + A_1·r^2 + A_2·r^3 + A_3·r
//!    = (h + m_0)·r^(4n) + m_1·r^(4n-1) + ... + m_(4n-1)·r,
//! ```
//!
//! the serial Horner result. The lanes are multiplied by their own power
//! and summed, then handed back to the scalar radix-2^64 form.
//!
//! Carry bounds (every lazy reduction, argued where it happens):
//! - limbs entering [`mul`] are < 2^28 and the multiplier limbs r_i < 2^26
//!   (powers are fully reduced), 5·r_i < 2^29: all fit `vpmuludq`'s 32-bit
//!   inputs, and each of the five output sums is at most
//!   2^28·2^26 + 4·2^28·5·2^26 = 21·2^54 < 2^59;
//! - [`carry`] maps limbs < 2^59 to h0, h2, h3 < 2^26, h1 < 2^26 + 2^10,
//!   h4 < 2^26 + 2^9;
//! - adding a message block (limbs < 2^26, the top one < 2^25 with its
//!   2^128 bit) gives limbs < 2^27 + 2^10 < 2^28 again; the first group's
//!   lane 0 also gets h (top limb < 5·2^24 for `h2 <= 4`): < 2^28.
//!
//! So the bounds hold for any number of groups; the final sum of at most
//! eight lanes is < 8·21·2^54 < 2^62, within what `soft::pack26` takes.

use core::arch::x86_64::*;

use super::soft;

/// The radix-2^26 kernel over one vector width. `$prims` defines, for that
/// width, the vector type `V`, the lanes per vector `L` and the primitive
/// operations (each `#[inline]` with the instance's target features).
macro_rules! radix26 {
    ($feat:literal, { $($prims:item)* }) => {
        use super::*;

        $($prims)*

        /// Five limb vectors (limb i of the L lanes).
        type V5 = [V; 5];

        /// A group of L blocks → five limb vectors, lanes = blocks 0, L/2, 1,
        /// L/2 + 1, ..., with the 2^128 bit (bit 24 of limb 4) set.
        #[inline]
        #[target_feature(enable = $feat)]
        unsafe fn load(p: &[u8]) -> V5 {
            debug_assert_eq!(p.len(), 16 * L);
            // SAFETY: `p` has 16L bytes: two unaligned loads of 8L bytes.
            let (a, b) = unsafe { (loadu(p.as_ptr()), loadu(p.as_ptr().add(8 * L))) };
            // a = [b0.lo, b0.hi, b1.lo, b1.hi, ...], b the same for blocks L/2..
            // (64-bit words); unpack works within 128-bit lanes:
            let lo = unpacklo(a, b); // [b0.lo, b(L/2).lo, b1.lo, ...]
            let hi = unpackhi(a, b); // [b0.hi, b(L/2).hi, b1.hi, ...]
            let m = set1(soft::M26);
            [
                and(lo, m),
                and(srli::<26>(lo), m),
                and(or(srli::<52>(lo), slli::<12>(hi)), m),
                and(srli::<14>(hi), m),
                or(srli::<40>(hi), set1(1 << 24)),
            ]
        }

        /// `acc + a·b` on the low 32 bits of each 64-bit lane.
        #[inline]
        #[target_feature(enable = $feat)]
        fn mac(acc: V, a: V, b: V) -> V {
            add(acc, mul32(a, b))
        }

        /// `h·r` modulo 2^130 - 5, unreduced, per lane: `s = 5·r` (2^130 ≡ 5), so
        /// a product of limbs i + j >= 5 folds down to limb i + j - 5 times 5.
        /// Bounds: see the module header (inputs < 2^28, outputs < 2^59).
        #[inline]
        #[target_feature(enable = $feat)]
        fn mul(h: &V5, r: &V5, s: &V5) -> V5 {
            let [h0, h1, h2, h3, h4] = *h;
            let m = mul32;
            [
                mac(
                    mac(mac(mac(m(h0, r[0]), h1, s[4]), h2, s[3]), h3, s[2]),
                    h4,
                    s[1],
                ),
                mac(
                    mac(mac(mac(m(h0, r[1]), h1, r[0]), h2, s[4]), h3, s[3]),
                    h4,
                    s[2],
                ),
                mac(
                    mac(mac(mac(m(h0, r[2]), h1, r[1]), h2, r[0]), h3, s[4]),
                    h4,
                    s[3],
                ),
                mac(
                    mac(mac(mac(m(h0, r[3]), h1, r[2]), h2, r[1]), h3, r[0]),
                    h4,
                    s[4],
                ),
                mac(
                    mac(mac(mac(m(h0, r[4]), h1, r[3]), h2, r[2]), h3, r[1]),
                    h4,
                    r[0],
                ),
            ]
        }

        /// One lazy carry pass, two chains interleaved (0→1→2→3→4 and 3→4→0→1),
        /// as in OpenSSL. For inputs d_i < 2^59, step by step:
        ///
        /// ```text
        /// 1. d0→d1, d3→d4: carries < 2^33      d0, d3 < 2^26; d1, d4 < 2^59 + 2^33
        /// 2. d1→d2, d4→d0 (×5): < 2^33 + 2^7   d1, d4 < 2^26; d2 < 2^59 + 2^34;
        ///                                      d0 < 2^26 + 5·(2^33 + 2^7) < 2^36
        /// 3. d2→d3: < 2^33 + 2^8, d0→d1: < 2^10  d2, d0 < 2^26; d3 < 2^26 + 2^34;
        ///                                      d1 < 2^26 + 2^10
        /// 4. d3→d4: < 2^8 + 1                  d3 < 2^26; d4 < 2^26 + 2^9
        /// ```
        ///
        /// The 64-bit lanes never come near overflow, and the value is unchanged
        /// modulo p (the carry out of limb 4 re-enters limb 0 times 5).
        #[inline]
        #[target_feature(enable = $feat)]
        fn carry(d: V5) -> V5 {
            let [mut d0, mut d1, mut d2, mut d3, mut d4] = d;
            let m = set1(soft::M26);
            let c = srli::<26>(d0);
            let c3 = srli::<26>(d3);
            d0 = and(d0, m);
            d3 = and(d3, m);
            d1 = add(d1, c);
            d4 = add(d4, c3);

            let c = srli::<26>(d1);
            let c4 = srli::<26>(d4);
            d1 = and(d1, m);
            d4 = and(d4, m);
            d2 = add(d2, c);
            d0 = add(d0, add(c4, slli::<2>(c4)));

            let c = srli::<26>(d2);
            let c0 = srli::<26>(d0);
            d2 = and(d2, m);
            d0 = and(d0, m);
            d3 = add(d3, c);
            d1 = add(d1, c0);

            let c = srli::<26>(d3);
            d3 = and(d3, m);
            d4 = add(d4, c);
            [d0, d1, d2, d3, d4]
        }

        /// Five broadcast or per-lane limb vectors of `r` and of `5·r`.
        #[inline]
        #[target_feature(enable = $feat)]
        fn times5(r: &V5) -> V5 {
            let mut s = *r;
            for x in &mut s {
                *x = add(*x, slli::<2>(*x));
            }
            s
        }

        /// Absorbs `data` (a non-empty multiple of 16L bytes, every block with
        /// its 2^128 bit) into the radix-2^64 accumulator `h` (`h[2] <= 4` in and
        /// out); `pw` holds r^1..r^L.
        ///
        /// # Safety
        /// The CPU must have the instance's features.
        #[target_feature(enable = $feat)]
        pub(in crate::mac::poly1305) unsafe fn blocks(h: &mut [u64; 3], pw: &[[u32; 5]; L], data: &[u8]) {
            debug_assert!(!data.is_empty() && data.len().is_multiple_of(16 * L));
            // Lane j holds block q_j of a group (0, L/2, 1, L/2 + 1, ...): its
            // final multiplier is r^(L - q_j).
            let q = |j: usize| j / 2 + (j % 2) * (L / 2);
            let r4: V5 = core::array::from_fn(|i| set1(u64::from(pw[L - 1][i])));
            let rl: V5 = core::array::from_fn(|i| {
                set_lanes(core::array::from_fn(|j| u64::from(pw[L - 1 - q(j)][i])))
            });
            let s4 = times5(&r4);
            let sl = times5(&rl);

            let n = data.len() / (16 * L);
            let group = |i: usize| &data[16 * L * i..16 * L * (i + 1)];
            // SAFETY: a group is 16L bytes and the features are enabled (the same
            // for every `load` below).
            let mut acc = unsafe { load(group(0)) };
            let h26 = soft::to_limbs26(h);
            for i in 0..5 {
                acc[i] = add(acc[i], set_lanes(core::array::from_fn(|j| if j == 0 { h26[i] } else { 0 })));
            }
            if n > 1 {
                // acc ← carry(acc·r^L) + m for groups 1..n. Two details keep
                // LLVM's code at 25 `vpmuludq` per group. `_mm256_mul_epu32` is a
                // 64-bit multiply of masked inputs in LLVM IR, and a mask the IR
                // can prove redundant is dropped; instruction selection then only
                // emits `vpmuludq` when it sees both inputs' high halves are zero
                // within the loop body, and a loop-carried or loop-invariant
                // operand hides that, so each product became a 64-bit multiply
                // (three `vpmuludq`, 0.6x the speed). Hence the loop carries the
                // product, not acc (acc is then computed in the body), and r^L is
                // re-read through `black_box` each time (loads in the body, which
                // become `vpmuludq` memory operands, as in OpenSSL's code).
                let rs = [r4, s4];
                let mut d = mul(&acc, &r4, &s4);
                for i in 1..n - 1 {
                    let [r4, s4] = core::hint::black_box(&rs);
                    // SAFETY: see above.
                    let m = unsafe { load(group(i)) };
                    let c = carry(d);
                    for j in 0..5 {
                        acc[j] = add(c[j], m[j]);
                    }
                    d = mul(&acc, r4, s4);
                }
                // SAFETY: see above.
                let m = unsafe { load(group(n - 1)) };
                let c = carry(d);
                for j in 0..5 {
                    acc[j] = add(c[j], m[j]);
                }
            }
            let d = mul(&acc, &rl, &sl);
            *h = soft::pack26([hsum(d[0]), hsum(d[1]), hsum(d[2]), hsum(d[3]), hsum(d[4])]);
        }
    };
}

/// AVX2: four blocks at a time in ymm.
pub(super) mod y {
    radix26!("avx2", {
        type V = __m256i;
        const L: usize = 4;

        #[inline(always)]
        unsafe fn loadu(p: *const u8) -> V {
            // SAFETY: the caller keeps the 32 bytes in bounds.
            unsafe { _mm256_loadu_si256(p.cast()) }
        }
        #[inline]
        #[target_feature(enable = "avx2")]
        fn set1(x: u64) -> V {
            _mm256_set1_epi64x(x as i64)
        }
        /// Lane j holds `x[j]`.
        #[inline]
        #[target_feature(enable = "avx2")]
        fn set_lanes(x: [u64; L]) -> V {
            _mm256_set_epi64x(x[3] as i64, x[2] as i64, x[1] as i64, x[0] as i64)
        }
        #[inline]
        #[target_feature(enable = "avx2")]
        fn unpacklo(a: V, b: V) -> V {
            _mm256_unpacklo_epi64(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx2")]
        fn unpackhi(a: V, b: V) -> V {
            _mm256_unpackhi_epi64(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx2")]
        fn and(a: V, b: V) -> V {
            _mm256_and_si256(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx2")]
        fn or(a: V, b: V) -> V {
            _mm256_or_si256(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx2")]
        fn add(a: V, b: V) -> V {
            _mm256_add_epi64(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx2")]
        fn srli<const N: i32>(a: V) -> V {
            _mm256_srli_epi64::<N>(a)
        }
        #[inline]
        #[target_feature(enable = "avx2")]
        fn slli<const N: i32>(a: V) -> V {
            _mm256_slli_epi64::<N>(a)
        }
        /// The 32×32→64-bit products of the lanes' low halves.
        #[inline]
        #[target_feature(enable = "avx2")]
        fn mul32(a: V, b: V) -> V {
            _mm256_mul_epu32(a, b)
        }
        /// The sum of the lanes.
        #[inline]
        #[target_feature(enable = "avx2")]
        fn hsum(v: V) -> u64 {
            let x = _mm_add_epi64(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
            let x = _mm_add_epi64(x, _mm_unpackhi_epi64(x, x));
            _mm_cvtsi128_si64(x) as u64
        }
    });
}

/// AVX-512F: eight blocks at a time in zmm, for CPUs with AVX-512 but no
/// IFMA (Skylake-SP, Cascade Lake); where zmm lowers the clock (the `zmm`
/// pseudo-feature absent) the 256-bit form of this kernel is `y`.
pub(super) mod z {
    radix26!("avx512f", {
        type V = __m512i;
        const L: usize = 8;

        #[inline(always)]
        unsafe fn loadu(p: *const u8) -> V {
            // SAFETY: the caller keeps the 64 bytes in bounds.
            unsafe { _mm512_loadu_si512(p.cast()) }
        }
        #[inline]
        #[target_feature(enable = "avx512f")]
        fn set1(x: u64) -> V {
            _mm512_set1_epi64(x as i64)
        }
        /// Lane j holds `x[j]`.
        #[inline]
        #[target_feature(enable = "avx512f")]
        fn set_lanes(x: [u64; L]) -> V {
            let x = x.map(|v| v as i64);
            _mm512_set_epi64(x[7], x[6], x[5], x[4], x[3], x[2], x[1], x[0])
        }
        #[inline]
        #[target_feature(enable = "avx512f")]
        fn unpacklo(a: V, b: V) -> V {
            _mm512_unpacklo_epi64(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx512f")]
        fn unpackhi(a: V, b: V) -> V {
            _mm512_unpackhi_epi64(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx512f")]
        fn and(a: V, b: V) -> V {
            _mm512_and_si512(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx512f")]
        fn or(a: V, b: V) -> V {
            _mm512_or_si512(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx512f")]
        fn add(a: V, b: V) -> V {
            _mm512_add_epi64(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx512f")]
        fn srli<const N: u32>(a: V) -> V {
            _mm512_srli_epi64::<N>(a)
        }
        #[inline]
        #[target_feature(enable = "avx512f")]
        fn slli<const N: u32>(a: V) -> V {
            _mm512_slli_epi64::<N>(a)
        }
        /// The 32×32→64-bit products of the lanes' low halves.
        #[inline]
        #[target_feature(enable = "avx512f")]
        fn mul32(a: V, b: V) -> V {
            _mm512_mul_epu32(a, b)
        }
        /// The sum of the lanes.
        #[inline]
        #[target_feature(enable = "avx512f")]
        fn hsum(v: V) -> u64 {
            _mm512_reduce_add_epi64(v) as u64
        }
    });
}
