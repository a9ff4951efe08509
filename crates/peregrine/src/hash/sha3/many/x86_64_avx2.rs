//! Keccak-f\[1600\] on four states in ymm registers with AVX2.
//!
//! The vertical layout of `x86_64_avx512.rs` (vector `i` holds lane `i` of
//! every state), as in the Keccak team's `KeccakP-1600-times4-SIMD256`
//! (XKCP), with AVX2's instructions: a rotation is two shifts and an OR,
//! χ's `a ^ (!b & c)` is `vpandn` and `vpxor`. The 16 ymm registers cannot
//! hold the 25 lanes, so part of the state lives on the stack between its
//! uses (the compiler's allocation). Constant time: only XOR, ANDN, OR and
//! constant shifts.

use core::arch::x86_64::*;

use super::{keccak_rounds, plane};

type V = __m256i;

#[inline]
#[target_feature(enable = "avx,avx2")]
fn xor(a: V, b: V) -> V {
    _mm256_xor_si256(a, b)
}

#[inline]
#[target_feature(enable = "avx,avx2")]
fn xor5(a: V, b: V, c: V, d: V, e: V) -> V {
    xor(xor(xor(a, b), xor(c, d)), e)
}

/// Rotation left by `N` (0..64). The right shift takes its count from a
/// register operand, which the compiler folds to an immediate.
#[inline]
#[target_feature(enable = "avx,avx2")]
fn rol<const N: i32>(a: V) -> V {
    let right = _mm_cvtsi64_si128(64 - i64::from(N));
    _mm256_or_si256(_mm256_slli_epi64::<N>(a), _mm256_srl_epi64(a, right))
}

/// θ's D\[x\], computed once per column.
type D = V;

#[inline]
#[target_feature(enable = "avx,avx2")]
fn delta(c_prev: V, c_next_rot: V) -> D {
    xor(c_prev, c_next_rot)
}

#[inline]
#[target_feature(enable = "avx,avx2")]
fn theta(a: V, d: D) -> V {
    xor(a, d)
}

/// `a ^ (!b & c)`.
#[inline]
#[target_feature(enable = "avx,avx2")]
fn chi(a: V, b: V, c: V) -> V {
    _mm256_xor_si256(a, _mm256_andnot_si256(b, c))
}

#[inline]
#[target_feature(enable = "avx,avx2")]
fn splat(x: u64) -> V {
    _mm256_set1_epi64x(x as i64)
}

keccak_rounds!("avx,avx2");

/// Keccak-f\[1600\] on four states (row `i`: lane `i` of each).
#[target_feature(enable = "avx,avx2")]
pub(super) fn keccak_x4(s: &mut [[u64; 4]; 25]) {
    let mut a = [_mm256_setzero_si256(); 25];
    for (v, row) in a.iter_mut().zip(s.iter()) {
        // SAFETY: `row` is four u64s, one 256-bit vector; unaligned load.
        *v = unsafe { _mm256_loadu_si256(row.as_ptr().cast()) };
    }
    rounds(&mut a);
    for (v, row) in a.iter().zip(s.iter_mut()) {
        // SAFETY: as for the load, writing `row`.
        unsafe { _mm256_storeu_si256(row.as_mut_ptr().cast(), *v) };
    }
}
