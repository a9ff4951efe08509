//! DES on AVX2: the portable bitsliced circuits (`soft.rs`) instantiated on
//! 256-bit registers, 256 blocks at a time (four 64-block groups, one per
//! 64-bit part of each register); the one-block form compiled with BMI2
//! (`shrx`/`shlx`). Constant time like `soft`.

use core::arch::x86_64::*;

use super::Stages;
use super::soft::{self, Lane};

#[derive(Clone, Copy)]
struct Y(__m256i);

impl Lane for Y {
    #[inline(always)]
    fn splat(m: u64) -> Self {
        // SAFETY: AVX is enabled in every caller (`crypt_blocks`).
        Y(unsafe { _mm256_set1_epi64x(m as i64) })
    }
    #[inline(always)]
    fn xor(self, o: Self) -> Self {
        // SAFETY: as in `splat`.
        Y(unsafe { _mm256_xor_si256(self.0, o.0) })
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        // SAFETY: as in `splat`.
        Y(unsafe { _mm256_and_si256(self.0, o.0) })
    }
    #[inline(always)]
    fn not(self) -> Self {
        // SAFETY: as in `splat`.
        Y(unsafe { _mm256_xor_si256(self.0, _mm256_set1_epi64x(-1)) })
    }
}

/// 256 blocks (any fewer are padded), bitsliced on ymm registers.
#[inline]
#[target_feature(enable = "avx,avx2,bmi2")]
fn crypt256(stages: &Stages, blocks: &mut [u64]) {
    let mut g = [[0u64; 64]; 4];
    for (gi, c) in g.iter_mut().zip(blocks.chunks(64)) {
        gi[..c.len()].copy_from_slice(c);
        soft::transpose64(gi);
    }
    let mut w = [Y(_mm256_setzero_si256()); 64];
    for (j, wj) in w.iter_mut().enumerate() {
        *wj = Y(_mm256_set_epi64x(
            g[3][j] as i64,
            g[2][j] as i64,
            g[1][j] as i64,
            g[0][j] as i64,
        ));
    }
    soft::crypt_bitsliced::<Y>(&mut w, stages);
    for (j, wj) in w.iter_mut().enumerate() {
        let mut t = [0u64; 4];
        // SAFETY: `t` is 32 bytes; unaligned store.
        unsafe { _mm256_storeu_si256(t.as_mut_ptr().cast(), wj.0) };
        for (gi, tv) in g.iter_mut().zip(t) {
            gi[j] = tv;
        }
        *wj = Y(_mm256_setzero_si256());
    }
    for (gi, c) in g.iter_mut().zip(blocks.chunks_mut(64)) {
        soft::transpose64(gi);
        c.copy_from_slice(&gi[..c.len()]);
    }
    for gi in g.iter_mut() {
        crate::ct::wipe(gi);
    }
}

/// Any number of blocks: batches of 256, then 64-block `u64` batches and
/// single blocks for what is left.
///
/// # Safety
/// The CPU must have AVX, AVX2 and BMI2.
#[target_feature(enable = "avx,avx2,bmi2")]
pub(crate) unsafe fn crypt_blocks(stages: &Stages, blocks: &mut [u64]) {
    let mut chunks = blocks.chunks_mut(256);
    for c in &mut chunks {
        if c.len() > 128 {
            crypt256(stages, c);
        } else {
            soft::crypt_blocks(stages, c);
        }
    }
}

/// CBC encryption, one block at a time.
///
/// # Safety
/// As [`crypt_blocks`].
#[target_feature(enable = "avx,avx2,bmi2")]
pub(crate) unsafe fn cbc_encrypt(stages: &Stages, iv: &mut u64, blocks: &mut [u64]) {
    soft::cbc_encrypt(stages, iv, blocks)
}
