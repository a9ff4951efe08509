//! Keccak-f\[1600\] on eight states in zmm registers (backend `avx512`) or
//! four in ymm registers with the EVEX encoding (backend `avx512vl`).
//!
//! Technique: the "lane-parallel" (vertical) SIMD Keccak of the Keccak
//! team's `KeccakP-1600-times8-SIMD512` (XKCP): vector `i` holds lane `i`
//! of every state, so each 64-bit operation of the scalar round is one
//! vector instruction over all states, and the 25 lanes with θ's five
//! parities fit the 32 vector registers: no spills. AVX-512 gives
//! `vprolq` (ρ and θ's rotation in one uop each) and `vpternlogq` (χ's
//! `a ^ (!b & c)`, truth table `0xd2`, and the five-input column parities
//! in two `0x96` steps). Only XOR-like logic and constant rotations:
//! constant time.

use core::arch::x86_64::*;

use super::{keccak_rounds, plane};

/// The width-specific primitives and the permutation entry point.
macro_rules! width {
    ($v:ty, $zero:ident, $xor:ident, $load:ident, $store:ident, $set1:ident, $rol:ident, $tern:ident, $lanes:literal, $entry:ident, $feat:literal) => {
        type V = $v;

        #[inline]
        #[target_feature(enable = $feat)]
        fn xor(a: V, b: V) -> V {
            $xor(a, b)
        }

        #[inline]
        #[target_feature(enable = $feat)]
        fn xor5(a: V, b: V, c: V, d: V, e: V) -> V {
            $tern::<0x96>($tern::<0x96>(a, b, c), d, e)
        }

        #[inline]
        #[target_feature(enable = $feat)]
        fn rol<const N: i32>(a: V) -> V {
            $rol::<N>(a)
        }

        /// θ's D\[x\], once per column. Keeping its two terms apart instead, so
        /// each lane takes both in one three-input `vpternlogq` (25 of those
        /// for 30 XORs), holds ten vectors live rather than five: LLVM then
        /// spilled, and the round came to about 190 instructions against 176.
        type D = V;

        #[inline]
        #[target_feature(enable = $feat)]
        fn delta(c_prev: V, c_next_rot: V) -> D {
            $xor(c_prev, c_next_rot)
        }

        #[inline]
        #[target_feature(enable = $feat)]
        fn theta(a: V, d: D) -> V {
            $xor(a, d)
        }

        /// `a ^ (!b & c)`.
        #[inline]
        #[target_feature(enable = $feat)]
        fn chi(a: V, b: V, c: V) -> V {
            $tern::<0xd2>(a, b, c)
        }

        #[inline]
        #[target_feature(enable = $feat)]
        fn splat(x: u64) -> V {
            $set1(x as i64)
        }

        keccak_rounds!($feat);

        /// Keccak-f\[1600\] on the states of `s` (row `i`: lane `i` of each).
        #[target_feature(enable = $feat)]
        pub(in super::super) fn $entry(s: &mut [[u64; $lanes]; 25]) {
            let mut a = [$zero(); 25];
            for (v, row) in a.iter_mut().zip(s.iter()) {
                // SAFETY: `row` is `$lanes` u64s, exactly one vector; the
                // load is unaligned.
                *v = unsafe { $load(row.as_ptr().cast()) };
            }
            rounds(&mut a);
            for (v, row) in a.iter().zip(s.iter_mut()) {
                // SAFETY: as for the load, writing `row`.
                unsafe { $store(row.as_mut_ptr().cast(), *v) };
            }
        }
    };
}

/// Eight states, 512-bit vectors.
mod z {
    use super::*;
    width!(
        __m512i,
        _mm512_setzero_si512,
        _mm512_xor_si512,
        _mm512_loadu_si512,
        _mm512_storeu_si512,
        _mm512_set1_epi64,
        _mm512_rol_epi64,
        _mm512_ternarylogic_epi64,
        8,
        keccak_x8,
        "avx512f"
    );
}

/// Four states, 256-bit vectors with the EVEX encoding.
mod y {
    use super::*;
    width!(
        __m256i,
        _mm256_setzero_si256,
        _mm256_xor_si256,
        _mm256_loadu_si256,
        _mm256_storeu_si256,
        _mm256_set1_epi64x,
        _mm256_rol_epi64,
        _mm256_ternarylogic_epi64,
        4,
        keccak_x4,
        "avx512f,avx512vl"
    );
}

pub(super) use y::keccak_x4;
pub(super) use z::keccak_x8;
