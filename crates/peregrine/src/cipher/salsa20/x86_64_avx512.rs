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
//! - Short inputs run in the diagonal layout of the SSE2 backend's last
//!   block (`diagonal`), one block per 128-bit lane (4 in a zmm, 2 in a
//!   ymm), so those blocks cost the latency of one: registers `a = (x0,
//!   x5, x10, x15)`, `b = (x4, x9, x14, x3)`, `c = (x8, x13, x2, x7)`, `d =
//!   (x12, x1, x6, x11)` make the column round four lane-wise quarter
//!   rounds, and rotating lanes (`vpshufd`) lines up the row round. At the
//!   end, masked blends (`vpblendmd`) turn diagonals back into rows, and
//!   ChaCha20's lane transpose rows into blocks.
//! - Tails: the zmm backend runs 16 blocks per step while more than 512
//!   bytes are left, then one 8-block ymm step (a ymm step costs about two
//!   thirds of a zmm one on CPUs that run 512-bit operations on two ports
//!   instead of three) for 257 to 512 bytes, the diagonal layout in zmm
//!   for 129 to 256 and in ymm up to 128; the stores are byte-masked, and
//!   the keystream of a partial last block is stored whole in `tail`.
//!
//! Every function enables AVX-512 F, VL and BW, as ChaCha20's, so LLVM
//! may inline any into any; each that stays out of line (the ymm step,
//! ChaCha20's `xor_out`) ends with `vzeroupper` as `xor_keystream` does,
//! and none holds a legacy-SSE instruction (`tests/evex_hygiene.rs`).
//! Constant time: no branch or index depends on the key, nonce, counter
//! or data; only on the length.

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

/// The kernels over one vector width `$w` (`zmm` or `ymm`): ChaCha20's
/// primitives of that width, and the few of Salsa20's own from the width's
/// intrinsics (`$load` an unaligned load, `$blend` a masked blend of 32-bit
/// lanes with `$m` the mask of lane 1 of every 128-bit lane, `$cmplt` an
/// unsigned compare into a mask, `$mask_add` a masked add).
macro_rules! kernels {
    ($w:ident, $load:ident, $blend:ident, $m:literal, $cmplt:ident, $mask_add:ident) => {
        use crate::cipher::chacha20::x86_64_avx512::$w::{
            V, W, add, finish, iota, lanes_to_blocks, rol, shuf, splat, xor, xor_out,
        };

        /// The `LANES` words `w` in lane order.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
        fn words(w: &[u32; LANES]) -> V {
            // SAFETY: `w` is `W` bytes: valid for an unaligned load.
            unsafe { $load(w.as_ptr().cast()) }
        }

        /// In every 128-bit lane: 32-bit lane 0 of `p`, 1 of `q`, 2 of
        /// `r`, 3 of `s`.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
        fn blend4(p: V, q: V, r: V, s: V) -> V {
            let pq = $blend($m, p, q);
            let pqr = $blend($m << 1, pq, r);
            $blend($m << 2, pqr, s)
        }

        /// Words 8 and 9 of blocks `ctr + 0..LANES`: the low and high
        /// halves of the 64-bit counters, the carry included.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
        fn ctr_words(ctr: u64) -> (V, V) {
            let lo = splat(ctr as u32);
            let hi = splat((ctr >> 32) as u32);
            let low = add(lo, iota());
            let wrapped = $cmplt(low, lo);
            (low, $mask_add(hi, wrapped, hi, splat(1)))
        }

        /// Blocks per vertical step: one per 32-bit lane.
        const LANES: usize = W / 4;
        /// Blocks per diagonal-layout group: one per 128-bit lane.
        const ROWS: usize = W / 16;

        /// Words `idx` of blocks `ctr..ctr + ROWS`, block `r` in 128-bit
        /// lane `r`.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
        fn gather(state: &[u32; 16], ctr: u64, idx: [usize; 4]) -> V {
            let mut w = [0u32; LANES];
            for r in 0..ROWS {
                let mut s = *state;
                super::super::set_counter(&mut s, ctr.wrapping_add(r as u64));
                for (i, &j) in idx.iter().enumerate() {
                    w[4 * r + i] = s[j];
                }
            }
            words(&w)
        }

        /// The keystream of blocks `ctr..ctr + ROWS` (mod 2^64) in the
        /// diagonal layout, in output order (4 vectors).
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
        fn diagonal(state: &[u32; 16], ctr: u64) -> [V; 4] {
            let a0 = gather(state, ctr, [0, 5, 10, 15]);
            let b0 = gather(state, ctr, [4, 9, 14, 3]);
            let c0 = gather(state, ctr, [8, 13, 2, 7]);
            let d0 = gather(state, ctr, [12, 1, 6, 11]);
            let (mut a, mut b, mut c, mut d) = (a0, b0, c0, d0);
            for _ in 0..10 {
                // Column round: lane i is the quarter round of column i.
                b = xor(b, rol::<7>(add(a, d)));
                c = xor(c, rol::<9>(add(b, a)));
                d = xor(d, rol::<13>(add(c, b)));
                a = xor(a, rol::<18>(add(d, c)));
                // Row round: y1, y2, y3 are d, c, b with lanes rotated by
                // 1, 2, 3.
                let mut y1 = shuf::<0x39>(d);
                let mut y2 = shuf::<0x4e>(c);
                let mut y3 = shuf::<0x93>(b);
                y1 = xor(y1, rol::<7>(add(a, y3)));
                y2 = xor(y2, rol::<9>(add(y1, a)));
                y3 = xor(y3, rol::<13>(add(y2, y1)));
                a = xor(a, rol::<18>(add(y3, y2)));
                d = shuf::<0x93>(y1);
                c = shuf::<0x4e>(y2);
                b = shuf::<0x39>(y3);
            }
            let (a, b, c, d) = (add(a, a0), add(b, b0), add(c, c0), add(d, d0));
            // Row k of the state is lane 0 of its first register, lane 1 of
            // the next, ...: (x0, x1, x2, x3) = (a0, d1, c2, b3).
            lanes_to_blocks([
                blend4(a, d, c, b),
                blend4(b, a, d, c),
                blend4(c, b, a, d),
                blend4(d, c, b, a),
            ])
        }

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

        /// One vertical step of `LANES` blocks (`wide`) or one
        /// diagonal-layout group of `ROWS` from counter `ctr` into `io`
        /// from byte `at`, as far as the data goes; returns the bytes done.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
        pub(super) fn step(
            state: &[u32; 16],
            ctr: u64,
            io: &mut InOut<'_>,
            at: usize,
            tail: &mut [u8; 64],
            wide: bool,
        ) -> usize {
            if wide {
                xor_out(io, at, &vertical(state, ctr), tail)
            } else {
                xor_out(io, at, &diagonal(state, ctr), tail)
            }
        }

        /// Vertical steps from the state's counter while more than `keep`
        /// bytes of `io` are left; returns the bytes done and the counter
        /// of the next block.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
        fn bulk(
            state: &[u32; 16],
            io: &mut InOut<'_>,
            keep: usize,
            tail: &mut [u8; 64],
        ) -> (usize, u64) {
            let (len, mut at, mut ctr) = (io.len(), 0, super::super::counter(state));
            while len - at > keep {
                // Not through `step`: with both layouts in one function,
                // LLVM keeps `xor_out` out of line (0.60 -> 0.67 c/B).
                at += xor_out(io, at, &vertical(state, ctr), tail);
                ctr = ctr.wrapping_add(LANES as u64);
            }
            (at, ctr)
        }
    };
}

/// The 512-bit instantiation: 16 blocks per step.
pub(crate) mod zmm {
    use super::*;
    kernels!(
        zmm,
        _mm512_loadu_si512,
        _mm512_mask_blend_epi32,
        0x2222,
        _mm512_cmplt_epu32_mask,
        _mm512_mask_add_epi32
    );

    /// XORs the keystream of blocks `ctr`, `ctr + 1`, ... (the state's
    /// 64-bit counter) into `io`; the last block may be partial, and then
    /// its whole keystream is left in `tail`.
    ///
    /// # Safety
    /// The CPU must have AVX-512 F, VL and BW (and the OS the zmm and
    /// opmask state).
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    pub(crate) unsafe fn xor_keystream(state: &[u32; 16], mut io: InOut<'_>, tail: &mut [u8; 64]) {
        let (at, ctr) = bulk(state, &mut io, 8 * W, tail);
        let len = io.len();
        if len - at > 4 * W {
            super::ymm::step(state, ctr, &mut io, at, tail, true);
        } else if len - at > 2 * W {
            step(state, ctr, &mut io, at, tail, false);
        } else if at < len {
            super::ymm::step(state, ctr, &mut io, at, tail, false);
        }
    }
}

/// The 256-bit instantiation: 8 blocks per step.
pub(crate) mod ymm {
    use super::*;
    kernels!(
        ymm,
        _mm256_loadu_si256,
        _mm256_mask_blend_epi32,
        0x22,
        _mm256_cmplt_epu32_mask,
        _mm256_mask_add_epi32
    );

    /// XORs the keystream of blocks `ctr`, `ctr + 1`, ... (the state's
    /// 64-bit counter) into `io`, 8 blocks per step while more than 128
    /// bytes are left, then one diagonal-layout group of two; the last
    /// block may be partial, and then its whole keystream is left in
    /// `tail`.
    ///
    /// # Safety
    /// The CPU must have AVX-512 F, VL and BW (and the OS the opmask and
    /// upper ymm state).
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    pub(crate) unsafe fn xor_keystream(state: &[u32; 16], mut io: InOut<'_>, tail: &mut [u8; 64]) {
        let (at, ctr) = bulk(state, &mut io, 4 * W, tail);
        if at < io.len() {
            step(state, ctr, &mut io, at, tail, false);
        }
    }
}
