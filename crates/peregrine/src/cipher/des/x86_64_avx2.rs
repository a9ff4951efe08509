//! DES on AVX2: the portable bitsliced circuits (`soft.rs`) instantiated on
//! 256-bit registers, 256 blocks at a time (four 64-block groups, one per
//! 64-bit part of each register); and for one block at a time (CBC
//! encryption) the truth-table form of `soft.rs` with four S-boxes per
//! instruction: each 64-bit lane holds one S-box output bit's 64-entry
//! truth table, shifted by that S-box's 6-bit input with `vpsrlvq`
//! (variable per-lane shifts take the same time for every count; no memory
//! is indexed). Constant time like `soft`.

use core::arch::x86_64::*;

use super::Stages;
use super::soft::{self, Lane};
use super::soft::{PINV, TRUTH, fp, ip};

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

/// Where S-box `g`'s 6-bit input starts in `R || R` (a 64-bit word with R
/// twice, so every window is contiguous): bits 4g .. 4g+5 of R, 1-based
/// and cyclic.
const fn window(g: usize) -> u32 {
    ((59 - 4 * g) % 32) as u32
}

/// The constants of the one-block f: for the even S-boxes (lanes 0..3 =
/// S-boxes 0, 2, 4, 6) and the odd ones (1, 3, 5, 7), the window shifts,
/// each output bit's truth tables, and where that bit goes in f (a mask
/// with the bit in both halves, as f is kept doubled like `R || R`).
struct Consts {
    n: [__m256i; 2],
    t: [[__m256i; 4]; 2],
    pos: [[__m256i; 4]; 2],
}

#[inline]
#[target_feature(enable = "avx,avx2")]
fn lanes(f: impl Fn(usize) -> u64) -> __m256i {
    _mm256_set_epi64x(f(3) as i64, f(2) as i64, f(1) as i64, f(0) as i64)
}

#[inline]
#[target_feature(enable = "avx,avx2")]
fn consts() -> Consts {
    let g = |p: usize, l: usize| 2 * l + p;
    Consts {
        n: [0, 1].map(|p| lanes(|l| u64::from(window(g(p, l))))),
        t: [0, 1].map(|p| [0, 1, 2, 3].map(|b| lanes(|l| TRUTH[g(p, l)][b]))),
        pos: [0, 1].map(|p| {
            [0, 1, 2, 3].map(|b| {
                lanes(|l| {
                    let q = 31 - u32::from(PINV[4 * g(p, l) + b]);
                    (1u64 << q) | (1u64 << (q + 32))
                })
            })
        }),
    }
}

/// A round's subkey as two words to XOR into `R || R`: the even S-boxes'
/// key bits at their windows, and the odd ones' (each set's windows are
/// disjoint).
fn round_keys(k: u64) -> [u64; 2] {
    let mut out = [0u64; 2];
    for g in 0..8 {
        out[g % 2] |= ((k >> (42 - 6 * g)) & 63) << window(g);
    }
    out
}

/// f on `R || R` in every lane; returns f(R) likewise doubled in every lane.
///
/// Each truth table is shifted left by `63 - index`, which brings the
/// wanted bit to the sign position; a signed compare turns it into a mask
/// that selects the bit's place in f. (One variable shift per output bit.)
#[inline]
#[target_feature(enable = "avx,avx2")]
fn f(rr: __m256i, k: &[u64; 2], c: &Consts) -> __m256i {
    let m63 = _mm256_set1_epi64x(63);
    let zero = _mm256_setzero_si256();
    let mut parts = [zero; 8];
    for p in 0..2 {
        let kp = _mm256_set1_epi64x(k[p] as i64);
        let sh = _mm256_srlv_epi64(_mm256_xor_si256(rr, kp), c.n[p]);
        // 63 - index = the complement of the index's low six bits.
        let cnt = _mm256_andnot_si256(sh, m63);
        for b in 0..4 {
            let top = _mm256_sllv_epi64(c.t[p][b], cnt);
            parts[4 * p + b] = _mm256_and_si256(_mm256_cmpgt_epi64(zero, top), c.pos[p][b]);
        }
    }
    let o = |a: __m256i, b: __m256i| _mm256_or_si256(a, b);
    let acc = o(
        o(o(parts[0], parts[1]), o(parts[2], parts[3])),
        o(o(parts[4], parts[5]), o(parts[6], parts[7])),
    );
    let s = o(acc, _mm256_permute2x128_si256(acc, acc, 0x01));
    o(s, _mm256_shuffle_epi32(s, 0x4e))
}

#[inline]
#[target_feature(enable = "avx,avx2")]
fn doubled(x: u32) -> __m256i {
    _mm256_set1_epi64x(((u64::from(x) << 32) | u64::from(x)) as i64)
}

/// CBC encryption, one block at a time, four S-boxes per instruction.
///
/// # Safety
/// As [`crypt_blocks`].
#[target_feature(enable = "avx,avx2,bmi2")]
pub(crate) unsafe fn cbc_encrypt(stages: &Stages, iv: &mut u64, blocks: &mut [u64]) {
    let c = consts();
    let mut kw = [[0u64; 2]; 48];
    for (kv, k) in kw.iter_mut().zip(stages.iter().flatten()) {
        *kv = round_keys(*k);
    }
    let ks = &kw[..16 * stages.len()];
    for b in blocks.iter_mut() {
        let y = ip(*b ^ *iv);
        let (mut l, mut r) = (doubled((y >> 32) as u32), doubled(y as u32));
        for st in ks.chunks_exact(16) {
            for pair in st.chunks_exact(2) {
                l = _mm256_xor_si256(l, f(r, &pair[0], &c));
                r = _mm256_xor_si256(r, f(l, &pair[1], &c));
            }
            core::mem::swap(&mut l, &mut r);
        }
        let lo = |v: __m256i| _mm256_cvtsi256_si32(v) as u32;
        *iv = fp((u64::from(lo(l)) << 32) | u64::from(lo(r)));
        *b = *iv;
    }
    crate::ct::wipe(&mut kw);
}
