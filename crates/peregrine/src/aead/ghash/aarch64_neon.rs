//! GHASH with aarch64 NEON on CPUs without the 64-bit polynomial multiply
//! (`PMULL` of the Cryptography Extension; the Raspberry Pi 4's
//! Cortex-A72, the Pi 3's Cortex-A53): each 64x64-bit carry-less product
//! built from `pmull .8b`, the base architecture's eight 8x8-bit carry-less
//! multiplies, in intrinsics.
//!
//! The method is `arm_neon.rs`'s, the same instructions in the same order
//! (see its documentation for the derivation): with `a = sum a_i x^(8i)`
//! and `b = sum b_j x^(8j)`, the lanes of `vmull_p8(a, b)` hold the
//! diagonal `a_i b_i` at bit `16 i`; for `k = 1..7`, `a` and `b` moved
//! down by `k` bytes (`vext_u8` with zero) give the terms
//! `a_(i+k) b_i + a_i b_(i+k)`, moved up by `k` bytes (`vextq_u8` with
//! zero). The arithmetic around it (the twisted H, three Karatsuba
//! products a block, the Montgomery reduction by two products by
//! `C = 0xc2 << 56`) is `arm_pmull.rs`'s; `C`'s products take one
//! `vmull_p8` (`clmul_c`).
//!
//! NEON is part of the aarch64 base architecture (the target enables it),
//! so the intrinsics need no run-time check; the backend still lists NEON
//! so that `PEREGRINE_CPU` can turn it off.
//!
//! Constant time: no table, no branch on data; `pmull .8b` is a
//! fixed-latency vector instruction.

use core::arch::aarch64::{
    uint8x8_t, uint8x16_t, vcombine_u8, vcreate_u8, vdup_n_u8, vdupq_n_u8, veor_u8, veorq_u8,
    vext_u8, vextq_u8, vget_high_u8, vget_low_u8, vgetq_lane_u64, vld1q_u8, vmovn_u16, vmull_p8,
    vreinterpret_p8_u8, vreinterpret_u8_u64, vreinterpret_u64_u8, vreinterpretq_u8_p16,
    vreinterpretq_u16_p16, vreinterpretq_u64_u8, vrev64q_u8, vshl_n_u64, vshr_n_u64, vshrn_n_u16,
};

use super::NeonKey as Key;
use crate::cipher::Block;

/// The 8x8-bit carry-less multiplies of the lanes of `a` and `b`.
#[inline(always)]
fn pmull8(a: uint8x8_t, b: uint8x8_t) -> uint8x16_t {
    // SAFETY: NEON is in the target's base features.
    unsafe { vreinterpretq_u8_p16(vmull_p8(vreinterpret_p8_u8(a), vreinterpret_p8_u8(b))) }
}

/// `a * b`, carry-less, 64 x 64 -> 128 bits (the module's method).
#[inline(always)]
fn clmul64(a: uint8x8_t, b: uint8x8_t) -> uint8x16_t {
    // SAFETY: NEON is in the target's base features.
    unsafe {
        let z = vdup_n_u8(0);
        let zq = vdupq_n_u8(0);
        let mut r = pmull8(a, b);
        // the terms a_i b_(i+k) + a_(i+k) b_i, moved up by k bytes
        macro_rules! term {
            ($k:literal, $up:literal) => {
                let t = veorq_u8(
                    pmull8(vext_u8::<$k>(a, z), b),
                    pmull8(a, vext_u8::<$k>(b, z)),
                );
                r = veorq_u8(r, vextq_u8::<$up>(zq, t));
            };
        }
        term!(1, 15);
        term!(2, 14);
        term!(3, 13);
        term!(4, 12);
        term!(5, 11);
        term!(6, 10);
        term!(7, 9);
        r
    }
}

/// `a * C`, carry-less, `C = 0xc2 x^56`, with `c` holding `0xc2` in every
/// lane: the lanes `a_i 0xc2` of one multiply sum to the 72-bit
/// `a * 0xc2` (their low bytes, plus their high bytes one byte up); times
/// `x^56` that is `lo << 56` low and `(lo >> 8) ^ hi` high.
#[inline(always)]
fn clmul_c(a: uint8x8_t, c: uint8x8_t) -> uint8x16_t {
    // SAFETY: NEON is in the target's base features.
    unsafe {
        let t = vreinterpretq_u16_p16(vmull_p8(vreinterpret_p8_u8(a), vreinterpret_p8_u8(c)));
        let lo = vreinterpret_u64_u8(vmovn_u16(t));
        let hi = vshrn_n_u16::<8>(t);
        vcombine_u8(
            vreinterpret_u8_u64(vshl_n_u64::<56>(lo)),
            veor_u8(vreinterpret_u8_u64(vshr_n_u64::<8>(lo)), hi),
        )
    }
}

/// A block as the 128-bit integer GHASH works on (`u128::from_be_bytes`),
/// low doubleword first.
#[inline(always)]
fn load(b: &[u8]) -> uint8x16_t {
    // SAFETY: NEON; `b` holds 16 bytes (the callers' chunks).
    unsafe {
        let m = vrev64q_u8(vld1q_u8(b[..16].as_ptr()));
        vextq_u8::<8>(m, m)
    }
}

/// `acc = (acc ^ m) * H` for each whole block `m` of `data`.
pub(crate) fn update_blocks(k: &Key, acc: &mut Block, data: &[u8]) {
    debug_assert!(data.len().is_multiple_of(16));
    const _: () = assert!(super::C == 0xc2 << 56);
    // SAFETY: NEON is in the target's base features.
    unsafe {
        let (h_lo, h_hi, h_mid) = (vcreate_u8(k.h[0]), vcreate_u8(k.h[1]), vcreate_u8(k.h[2]));
        let c = vdup_n_u8(0xc2);
        let mut x = load(acc);
        for m in data.chunks_exact(16) {
            let x0 = veorq_u8(load(m), x);
            let (lo, hi) = (vget_low_u8(x0), vget_high_u8(x0));
            // Karatsuba: low, high, middle
            let p_lo = clmul64(lo, h_lo);
            let p_hi = clmul64(hi, h_hi);
            let p_mid = clmul64(veor_u8(lo, hi), h_mid);
            // recombination and Montgomery reduction (as `arm_neon.rs`)
            let mid = veorq_u8(veorq_u8(p_mid, p_lo), p_hi);
            let r = clmul_c(vget_low_u8(p_lo), c);
            let mid = veorq_u8(
                vcombine_u8(
                    veor_u8(vget_low_u8(mid), vget_high_u8(p_lo)),
                    veor_u8(vget_high_u8(mid), vget_low_u8(p_lo)),
                ),
                r,
            );
            let r = clmul_c(vget_low_u8(mid), c);
            x = veorq_u8(
                vcombine_u8(
                    veor_u8(vget_low_u8(p_hi), vget_high_u8(mid)),
                    veor_u8(vget_high_u8(p_hi), vget_low_u8(mid)),
                ),
                r,
            );
        }
        let v = vreinterpretq_u64_u8(x);
        let out = u128::from(vgetq_lane_u64::<0>(v)) | (u128::from(vgetq_lane_u64::<1>(v)) << 64);
        *acc = out.to_be_bytes();
    }
}
