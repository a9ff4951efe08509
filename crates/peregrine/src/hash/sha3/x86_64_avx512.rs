//! Keccak-f\[1600\] for one state with AVX-512VL: each of the 25 lanes in
//! the low 64 bits of its own xmm register (EVEX gives 32 of them, so the
//! lanes, θ's parities and temporaries need no memory during the rounds).
//!
//! Technique: the register-per-lane layout of Intel's AVX-512VL Keccak
//! (liboqs `KeccakP-1600-AVX512VL.S`, adopted by OpenSSL in 2025 as
//! `keccak1600-avx512vl`'s successor), with the instruction choices of
//! OpenSSL's `keccak1600-avx512vl.pl`: χ's `a ^ (!b & c)` is one
//! `vpternlogq` (truth table `0xd2`), a five-input column parity two
//! `vpternlogq` (`0x96`), θ's and ρ's rotations one `vprolq` each (with one
//! lane per register the rotation count is an immediate; `vprolvq` is for
//! layouts that hold several lanes in a register). The round body is the
//! one of the multi-state kernels (`many::keccak_rounds`) at a width of one
//! lane. Only XOR-like logic and constant rotations: constant time.

use core::arch::x86_64::*;

use super::many::{keccak_rounds, plane};

type V = __m128i;

#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
fn xor(a: V, b: V) -> V {
    _mm_xor_si128(a, b)
}

#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
fn xor5(a: V, b: V, c: V, d: V, e: V) -> V {
    _mm_ternarylogic_epi64::<0x96>(_mm_ternarylogic_epi64::<0x96>(a, b, c), d, e)
}

#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
fn rol<const N: i32>(a: V) -> V {
    _mm_rol_epi64::<N>(a)
}

/// θ's D\[x\], once per column. Keeping its two terms apart instead, so
/// each lane takes both in one three-input `vpternlogq` (25 of those
/// for 30 XORs), holds ten vectors live rather than five: LLVM then
/// spilled, and the round came to about 190 instructions against 176.
type D = V;

#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
fn delta(c_prev: V, c_next_rot: V) -> D {
    _mm_xor_si128(c_prev, c_next_rot)
}

#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
fn theta(a: V, d: D) -> V {
    _mm_xor_si128(a, d)
}

/// `a ^ (!b & c)`.
#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
fn chi(a: V, b: V, c: V) -> V {
    _mm_ternarylogic_epi64::<0xd2>(a, b, c)
}

#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
fn splat(x: u64) -> V {
    _mm_cvtsi64_si128(x as i64)
}

keccak_rounds!("avx512f,avx512vl");

#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
fn load(state: &[u64; 25]) -> [V; 25] {
    core::array::from_fn(|i| _mm_cvtsi64_si128(state[i] as i64))
}

#[inline]
#[target_feature(enable = "avx512f,avx512vl")]
fn store(a: &[V; 25], state: &mut [u64; 25]) {
    for (l, v) in state.iter_mut().zip(a) {
        *l = _mm_cvtsi128_si64(*v) as u64;
    }
}

/// Keccak-f\[1600\] on `state`, in place.
#[target_feature(enable = "avx512f,avx512vl")]
pub(super) fn keccak_f1600(state: &mut [u64; 25]) {
    let mut a = load(state);
    rounds(&mut a);
    store(&a, state);
}

/// For each `RATE`-byte block of `blocks`: XOR it into the state, then
/// permute. The state stays in registers from block to block.
#[target_feature(enable = "avx512f,avx512vl")]
pub(super) fn absorb<const RATE: usize>(state: &mut [u64; 25], blocks: &[u8]) {
    debug_assert!(blocks.len().is_multiple_of(RATE));
    let mut a = load(state);
    for block in blocks.chunks_exact(RATE) {
        for (v, w) in a.iter_mut().zip(block.chunks_exact(8)) {
            let mut b = [0u8; 8];
            b.copy_from_slice(w);
            *v = xor(*v, _mm_cvtsi64_si128(i64::from_le_bytes(b)));
        }
        rounds(&mut a);
    }
    store(&a, state);
}
