//! SHA-256 on many independent messages at once, one message per 32-bit
//! vector lane: sixteen in zmm registers (AVX-512), eight in ymm (AVX2, or
//! EVEX on ymm where zmm lowers the clock).
//!
//! The technique of Intel's multi-buffer hashing ("Processing Multiple
//! Buffers in Parallel to Increase Performance on Intel Architecture
//! Processors", 2010) and of isa-l_crypto's `sha256_mb`: the eight working
//! variables are held "vertically" (vector `a` holds variable a of every
//! lane), so each instruction advances every lane by the same step of the
//! same round and no lane waits for another. Each lane's 64-byte block is
//! loaded as one row and the rows are transposed in registers (unpack by
//! 32 and 64 bits inside 128-bit lanes, then 128-bit shuffles), so word `j`
//! of every lane's block lands in vector `j`.
//!
//! The zmm kernel uses `vprord` for the rotations and `vpternlogd` for the
//! three-input functions (Σ's three-way XOR, Ch, Maj): about 17 vector
//! operations per round and 11 per scheduled word. The ymm kernel is
//! written with AVX2 intrinsics; compiled with AVX-512VL enabled (the
//! `avx512vl` backend) LLVM folds the shift pairs into `vprord` and the
//! logic into `vpternlogd` by itself.
//!
//! Every lane does the same work on every call, whatever its data: there is
//! no branch or index on message or state bytes. A lane with no message
//! (`step == 0`) hashes a block of zeros into a state nobody reads.

use core::arch::x86_64::*;

use super::K;
use crate::hash::lanes::sha2_lanes_block;

/// Sixteen lanes in zmm registers.
pub(super) mod z {
    use super::*;

    /// Messages per call.
    pub(crate) const LANES: usize = 16;

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn add(a: __m512i, b: __m512i) -> __m512i {
        _mm512_add_epi32(a, b)
    }
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn set1(k: u32) -> __m512i {
        _mm512_set1_epi32(k as i32)
    }
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn xor3(a: __m512i, b: __m512i, c: __m512i) -> __m512i {
        _mm512_ternarylogic_epi32::<0x96>(a, b, c)
    }
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn big_s0(x: __m512i) -> __m512i {
        xor3(
            _mm512_ror_epi32::<2>(x),
            _mm512_ror_epi32::<13>(x),
            _mm512_ror_epi32::<22>(x),
        )
    }
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn big_s1(x: __m512i) -> __m512i {
        xor3(
            _mm512_ror_epi32::<6>(x),
            _mm512_ror_epi32::<11>(x),
            _mm512_ror_epi32::<25>(x),
        )
    }
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn small_s0(x: __m512i) -> __m512i {
        xor3(
            _mm512_ror_epi32::<7>(x),
            _mm512_ror_epi32::<18>(x),
            _mm512_srli_epi32::<3>(x),
        )
    }
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn small_s1(x: __m512i) -> __m512i {
        xor3(
            _mm512_ror_epi32::<17>(x),
            _mm512_ror_epi32::<19>(x),
            _mm512_srli_epi32::<10>(x),
        )
    }
    /// `e ? f : g` bit by bit.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn ch(e: __m512i, f: __m512i, g: __m512i) -> __m512i {
        _mm512_ternarylogic_epi32::<0xca>(e, f, g)
    }
    /// The bitwise majority.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn maj(a: __m512i, b: __m512i, c: __m512i) -> __m512i {
        _mm512_ternarylogic_epi32::<0xe8>(a, b, c)
    }

    /// Transposes four rows of 32-bit words inside each 128-bit lane.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn t4(r: [__m512i; 4]) -> [__m512i; 4] {
        let t0 = _mm512_unpacklo_epi32(r[0], r[1]);
        let t1 = _mm512_unpackhi_epi32(r[0], r[1]);
        let t2 = _mm512_unpacklo_epi32(r[2], r[3]);
        let t3 = _mm512_unpackhi_epi32(r[2], r[3]);
        [
            _mm512_unpacklo_epi64(t0, t2),
            _mm512_unpackhi_epi64(t0, t2),
            _mm512_unpacklo_epi64(t1, t3),
            _mm512_unpackhi_epi64(t1, t3),
        ]
    }

    /// Transposes 128-bit blocks: out\[q\] block k = u\[k\] block q.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn t128(u: [__m512i; 4]) -> [__m512i; 4] {
        let x0 = _mm512_shuffle_i32x4::<0x44>(u[0], u[1]);
        let x1 = _mm512_shuffle_i32x4::<0xee>(u[0], u[1]);
        let x2 = _mm512_shuffle_i32x4::<0x44>(u[2], u[3]);
        let x3 = _mm512_shuffle_i32x4::<0xee>(u[2], u[3]);
        [
            _mm512_shuffle_i32x4::<0x88>(x0, x2),
            _mm512_shuffle_i32x4::<0xdd>(x0, x2),
            _mm512_shuffle_i32x4::<0x88>(x1, x3),
            _mm512_shuffle_i32x4::<0xdd>(x1, x3),
        ]
    }

    /// Runs `n` blocks on every lane: lane `l` reads block `i` at
    /// `ptrs[l] + i * steps[l]`.
    ///
    /// # Safety
    /// The CPU has AVX-512F and AVX-512BW; for every lane, the bytes
    /// `ptrs[l] .. ptrs[l] + (n - 1) * steps[l] + 64` are readable.
    #[target_feature(enable = "avx512f,avx512bw")]
    pub(crate) unsafe fn compress(
        state: &mut [[u32; LANES]; 8],
        ptrs: &[*const u8; LANES],
        steps: &[usize; LANES],
        n: usize,
    ) {
        // SAFETY: `state` rows are 64 bytes each.
        let mut v: [__m512i; 8] =
            core::array::from_fn(|i| unsafe { _mm512_loadu_si512(state[i].as_ptr().cast()) });
        let bswap = _mm512_broadcast_i32x4(_mm_set_epi8(
            12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3,
        ));
        for blk in 0..n {
            // SAFETY: the caller vouches for 64 readable bytes at each
            // lane's block `blk`.
            let rows: [__m512i; LANES] = core::array::from_fn(|l| unsafe {
                _mm512_loadu_si512(ptrs[l].add(blk * steps[l]).cast())
            });
            // Word j of lane l: in t4 output u[k][m], 128-bit lane q holds
            // words 4q+m of rows 4k..4k+3.
            let u: [[__m512i; 4]; 4] = core::array::from_fn(|k| {
                t4([
                    rows[4 * k],
                    rows[4 * k + 1],
                    rows[4 * k + 2],
                    rows[4 * k + 3],
                ])
            });
            let mut w = [_mm512_setzero_si512(); 16];
            for m in 0..4 {
                let o = t128([u[0][m], u[1][m], u[2][m], u[3][m]]);
                for q in 0..4 {
                    w[4 * q + m] = _mm512_shuffle_epi8(o[q], bswap);
                }
            }
            v = sha2_lanes_block!(v, w; 16, 24, 32, 40, 48, 56);
        }
        for (i, x) in v.iter().enumerate() {
            // SAFETY: as for the loads.
            unsafe { _mm512_storeu_si512(state[i].as_mut_ptr().cast(), *x) };
        }
    }
}

/// Eight lanes in ymm registers, once for AVX2 and once with AVX-512VL
/// enabled (EVEX encodings, `vprord`/`vpternlogd` by LLVM's folding).
macro_rules! ymm_kernel {
    ($(#[$doc:meta])* $name:ident, $feat:literal) => {
        $(#[$doc])*
        pub(super) mod $name {
            use super::*;

            /// Messages per call.
            pub(crate) const LANES: usize = 8;

            #[inline]
            #[target_feature(enable = $feat)]
            fn add(a: __m256i, b: __m256i) -> __m256i {
                _mm256_add_epi32(a, b)
            }
            #[inline]
            #[target_feature(enable = $feat)]
            fn set1(k: u32) -> __m256i {
                _mm256_set1_epi32(k as i32)
            }
            #[inline]
            #[target_feature(enable = $feat)]
            fn xor3(a: __m256i, b: __m256i, c: __m256i) -> __m256i {
                _mm256_xor_si256(_mm256_xor_si256(a, b), c)
            }
            macro_rules! ror {
                ($x:expr, $n:literal, $m:literal) => {
                    _mm256_or_si256(_mm256_srli_epi32::<$n>($x), _mm256_slli_epi32::<$m>($x))
                };
            }
            #[inline]
            #[target_feature(enable = $feat)]
            fn big_s0(x: __m256i) -> __m256i {
                xor3(ror!(x, 2, 30), ror!(x, 13, 19), ror!(x, 22, 10))
            }
            #[inline]
            #[target_feature(enable = $feat)]
            fn big_s1(x: __m256i) -> __m256i {
                xor3(ror!(x, 6, 26), ror!(x, 11, 21), ror!(x, 25, 7))
            }
            #[inline]
            #[target_feature(enable = $feat)]
            fn small_s0(x: __m256i) -> __m256i {
                xor3(ror!(x, 7, 25), ror!(x, 18, 14), _mm256_srli_epi32::<3>(x))
            }
            #[inline]
            #[target_feature(enable = $feat)]
            fn small_s1(x: __m256i) -> __m256i {
                xor3(ror!(x, 17, 15), ror!(x, 19, 13), _mm256_srli_epi32::<10>(x))
            }
            /// `e ? f : g` bit by bit: `g ^ (e & (f ^ g))`.
            #[inline]
            #[target_feature(enable = $feat)]
            fn ch(e: __m256i, f: __m256i, g: __m256i) -> __m256i {
                _mm256_xor_si256(g, _mm256_and_si256(e, _mm256_xor_si256(f, g)))
            }
            /// The bitwise majority: `(a & b) | (c & (a | b))`.
            #[inline]
            #[target_feature(enable = $feat)]
            fn maj(a: __m256i, b: __m256i, c: __m256i) -> __m256i {
                _mm256_or_si256(
                    _mm256_and_si256(a, b),
                    _mm256_and_si256(c, _mm256_or_si256(a, b)),
                )
            }

            /// Runs `n` blocks on every lane: lane `l` reads block `i` at
            /// `ptrs[l] + i * steps[l]`.
            ///
            /// # Safety
            /// The CPU has the features of the module's name; for every
            /// lane, the bytes `ptrs[l] .. ptrs[l] + (n - 1) * steps[l] + 64`
            /// are readable.
            #[target_feature(enable = $feat)]
            pub(crate) unsafe fn compress(
                state: &mut [[u32; LANES]; 8],
                ptrs: &[*const u8; LANES],
                steps: &[usize; LANES],
                n: usize,
            ) {
                // SAFETY: `state` rows are 32 bytes each.
                let mut v: [__m256i; 8] = core::array::from_fn(|i| unsafe {
                    _mm256_loadu_si256(state[i].as_ptr().cast())
                });
                let bswap = _mm256_broadcastsi128_si256(_mm_set_epi8(
                    12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3,
                ));
                for blk in 0..n {
                    let mut w = [_mm256_setzero_si256(); 16];
                    // Two halves of 32 bytes: words 0..8, then 8..16.
                    for half in 0..2 {
                        // SAFETY: the caller vouches for 64 readable bytes
                        // at each lane's block `blk`.
                        let r: [__m256i; LANES] = core::array::from_fn(|l| unsafe {
                            _mm256_loadu_si256(ptrs[l].add(blk * steps[l] + 32 * half).cast())
                        });
                        let t: [__m256i; 8] = core::array::from_fn(|p| {
                            let (x, y) = (r[2 * (p / 2)], r[2 * (p / 2) + 1]);
                            if p % 2 == 0 {
                                _mm256_unpacklo_epi32(x, y)
                            } else {
                                _mm256_unpackhi_epi32(x, y)
                            }
                        });
                        // s[k][m]: 128-bit lane q holds words 4q+m of rows
                        // 4k..4k+3.
                        let s: [[__m256i; 4]; 2] = core::array::from_fn(|k| {
                            let (t0, t1, t2, t3) = (t[4 * k], t[4 * k + 1], t[4 * k + 2], t[4 * k + 3]);
                            [
                                _mm256_unpacklo_epi64(t0, t2),
                                _mm256_unpackhi_epi64(t0, t2),
                                _mm256_unpacklo_epi64(t1, t3),
                                _mm256_unpackhi_epi64(t1, t3),
                            ]
                        });
                        for m in 0..4 {
                            let lo = _mm256_permute2x128_si256::<0x20>(s[0][m], s[1][m]);
                            let hi = _mm256_permute2x128_si256::<0x31>(s[0][m], s[1][m]);
                            w[8 * half + m] = _mm256_shuffle_epi8(lo, bswap);
                            w[8 * half + 4 + m] = _mm256_shuffle_epi8(hi, bswap);
                        }
                    }
                    v = sha2_lanes_block!(v, w; 16, 24, 32, 40, 48, 56);
                }
                for (i, x) in v.iter().enumerate() {
                    // SAFETY: as for the loads.
                    unsafe { _mm256_storeu_si256(state[i].as_mut_ptr().cast(), *x) };
                }
            }
        }
    };
}

ymm_kernel!(
    /// Eight lanes, AVX2.
    y,
    "avx2"
);
ymm_kernel!(
    /// Eight lanes, EVEX-encoded on ymm (AVX-512VL): for CPUs where zmm
    /// lowers the clock.
    yvl,
    "avx2,avx512f,avx512vl"
);
