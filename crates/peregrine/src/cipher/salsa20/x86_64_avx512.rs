//! Salsa20 with AVX-512: sixteen blocks in parallel in zmm registers
//! (backend `avx512`), or eight in ymm registers with the EVEX encoding
//! (backend `avx512vl`, for CPUs where 512-bit vectors lower the clock).
//!
//! Technique: the vertical layout of the SSE2 and AVX2 backends with what
//! AVX-512 adds, as this crate's AVX-512 ChaCha20, whose width primitives
//! (`splat`, `add`, `xor`, `rol`, ...), feed-forward and transposition
//! (`finish`) and byte-masked output (`xor_out`) it reuses:
//!
//! - `vprold` rotates a lane in one instruction (Salsa20's 7, 9, 13 and 18
//!   move no whole bytes, so before AVX-512 each was two shifts and an or),
//!   and the 32 vector registers hold the state of 16 (or 8) blocks.
//! - Register `j` holds word `j` of `W / 4` consecutive blocks, one block
//!   per 32-bit lane. Words 8 and 9 hold the 64-bit counters `ctr + 0, 1,
//!   ...` (mod 2^64), as in the AVX2 backend: the low words are added lane
//!   by lane, a lane whose low word wrapped (`vpcmpud`, unsigned less
//!   than the start) gets one added to its high word under that mask.
//! - Tails: the zmm backend runs 16 blocks per step while more than 512
//!   bytes are left, then one 8-block ymm step for the rest (a ymm step
//!   costs about two thirds of a zmm one on CPUs that run 512-bit
//!   operations on two ports instead of three); the stores are
//!   byte-masked, and the keystream of a partial last block is stored whole
//!   in `tail`.
//!
//! Every function enables AVX-512 F, VL and BW, as ChaCha20's, so LLVM
//! inlines everything into `xor_keystream`, which ends with `vzeroupper`
//! and holds no legacy-SSE instruction. Constant time: no branch or index
//! depends on the key, nonce, counter or data; only on the length.

use core::arch::x86_64::*;

use crate::cipher::InOut;

/// Four quarter rounds, on the columns (or rows) given as `a b c d`
/// (`b ^= (a + d) <<< 7`, `c ^= (b + a) <<< 9`, `d ^= (c + b) <<< 13`,
/// `a ^= (d + c) <<< 18`), step by step side by side.
macro_rules! qr4 {
    ($x:ident, $( $a:literal $b:literal $c:literal $d:literal ),+) => {
        $( $x[$b] = xor($x[$b], rol::<7>(add($x[$a], $x[$d]))); )+
        $( $x[$c] = xor($x[$c], rol::<9>(add($x[$b], $x[$a]))); )+
        $( $x[$d] = xor($x[$d], rol::<13>(add($x[$c], $x[$b]))); )+
        $( $x[$a] = xor($x[$a], rol::<18>(add($x[$d], $x[$c]))); )+
    };
}

/// The kernels over one vector width. The expanding module brings ChaCha20's
/// `V`, `W`, `splat`, `add`, `xor`, `rol`, `finish` and `xor_out` into
/// scope and defines `ctr_words`.
macro_rules! kernels {
    () => {
        /// Blocks per vertical step: one per 32-bit lane.
        const LANES: usize = W / 4;

        /// The keystream of blocks `ctr..ctr + LANES` (mod 2^64) in output
        /// order: element `i` is bytes `W i..W (i + 1)` of it.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
        fn vertical(state: &[u32; 16], ctr: u64) -> [V; 16] {
            let mut x = [splat(0); 16];
            for j in 0..16 {
                x[j] = splat(state[j]);
            }
            (x[8], x[9]) = ctr_words(ctr);
            let input = x;
            for _ in 0..10 {
                // Column round, then row round.
                qr4!(x, 0 4 8 12, 5 9 13 1, 10 14 2 6, 15 3 7 11);
                qr4!(x, 0 1 2 3, 5 6 7 4, 10 11 8 9, 15 12 13 14);
            }
            finish(x, &input)
        }

        /// One step of `LANES` blocks from counter `ctr` into `io` from
        /// byte `at` (as far as the data goes); returns the bytes done.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
        pub(super) fn step(
            state: &[u32; 16],
            ctr: u64,
            io: &mut InOut<'_>,
            at: usize,
            tail: &mut [u8; 64],
        ) -> usize {
            xor_out(io, at, &vertical(state, ctr), tail)
        }
    };
}

/// The 512-bit instantiation: 16 blocks per step.
pub(crate) mod zmm {
    use super::*;
    use crate::cipher::chacha20::x86_64_avx512::zmm::{
        V, W, add, finish, iota, rol, splat, xor, xor_out,
    };

    /// Words 8 and 9 of blocks `ctr + 0..16`: the low and high halves of
    /// the 64-bit counters, the carry included.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    fn ctr_words(ctr: u64) -> (V, V) {
        let lo = splat(ctr as u32);
        let hi = splat((ctr >> 32) as u32);
        let low = add(lo, iota());
        let wrapped = _mm512_cmplt_epu32_mask(low, lo);
        (low, _mm512_mask_add_epi32(hi, wrapped, hi, splat(1)))
    }

    kernels!();

    /// XORs the keystream of blocks `ctr`, `ctr + 1`, ... (the state's
    /// 64-bit counter) into `io`; the last block may be partial, and then
    /// its whole keystream is left in `tail`.
    ///
    /// # Safety
    /// The CPU must have AVX-512 F, VL and BW (and the OS the zmm and
    /// opmask state).
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    pub(crate) unsafe fn xor_keystream(state: &[u32; 16], mut io: InOut<'_>, tail: &mut [u8; 64]) {
        let len = io.len();
        let mut at = 0;
        let mut ctr = super::super::counter(state);
        while len - at > 8 * W {
            at += step(state, ctr, &mut io, at, tail);
            ctr = ctr.wrapping_add(LANES as u64);
        }
        if at < len {
            super::ymm::step(state, ctr, &mut io, at, tail);
        }
    }
}

/// The 256-bit instantiation: 8 blocks per step.
pub(crate) mod ymm {
    use super::*;
    use crate::cipher::chacha20::x86_64_avx512::ymm::{
        V, W, add, finish, iota, rol, splat, xor, xor_out,
    };

    /// Words 8 and 9 of blocks `ctr + 0..8`: the low and high halves of
    /// the 64-bit counters, the carry included.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    fn ctr_words(ctr: u64) -> (V, V) {
        let lo = splat(ctr as u32);
        let hi = splat((ctr >> 32) as u32);
        let low = add(lo, iota());
        let wrapped = _mm256_cmplt_epu32_mask(low, lo);
        (low, _mm256_mask_add_epi32(hi, wrapped, hi, splat(1)))
    }

    kernels!();

    /// XORs the keystream of blocks `ctr`, `ctr + 1`, ... (the state's
    /// 64-bit counter) into `io`, 8 blocks per step; the last block may be
    /// partial, and then its whole keystream is left in `tail`.
    ///
    /// # Safety
    /// The CPU must have AVX-512 F, VL and BW (and the OS the opmask and
    /// upper ymm state).
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    pub(crate) unsafe fn xor_keystream(state: &[u32; 16], mut io: InOut<'_>, tail: &mut [u8; 64]) {
        let len = io.len();
        let mut at = 0;
        let mut ctr = super::super::counter(state);
        while at < len {
            at += step(state, ctr, &mut io, at, tail);
            ctr = ctr.wrapping_add(LANES as u64);
        }
    }
}
