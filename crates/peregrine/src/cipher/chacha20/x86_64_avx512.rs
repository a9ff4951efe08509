//! ChaCha20 with AVX-512: sixteen blocks in parallel in zmm registers
//! (backend `avx512`), or eight in ymm registers with the EVEX encoding
//! (backend `avx512vl`, for CPUs where 512-bit vectors lower the clock).
//!
//! Technique: the vertical vectorisation of the SSSE3 and AVX2 backends
//! (D. J. Bernstein's SIMD ChaCha; M. Goll and S. Gueron, "Vectorization on
//! ChaCha Stream Cipher", ITNG 2014), with what AVX-512 adds, as in the
//! AVX-512 paths of OpenSSL's `chacha-x86_64.pl` and Linux's
//! `chacha-avx512vl-x86_64.S`:
//!
//! - `vprold` rotates a lane in one instruction, so every rotation (16, 12,
//!   8, 7) is one uop and needs no shuffle mask or temporary, and the 32
//!   vector registers hold the whole state of 16 (or 8) blocks with room to
//!   spare: no spills in the rounds.
//! - Register `j` holds word `j` of `W / 4` consecutive blocks (`W` the
//!   vector width in bytes), one block per 32-bit lane; word 12 holds
//!   `ctr + 0, 1, ...` added lane by lane with `vpaddd`, so a counter wraps
//!   modulo 2^32 and never carries into the nonce, exactly as in the other
//!   backends (the caller's `Cursor` refuses keystream past 2^32 - 1, so a
//!   wrapped lane is only ever computed, never used).
//! - Back to block order: a 4x4 transpose of 32-bit lanes within each
//!   128-bit lane (`vpunpck{l,h}{dq,qdq}`), then a 4x4 (zmm) or 2x2 (ymm)
//!   transpose of 128-bit lanes with `vshufi32x4` ([`zmm::lanes_to_blocks`],
//!   [`ymm::lanes_to_blocks`]).
//! - Short inputs run in the row layout (`rows`): each register holds one
//!   row of the 4x4 state of `W / 16` blocks, one per 128-bit lane (4 in a
//!   zmm, 2 in a ymm), so those blocks cost the latency of one; `P` groups
//!   run side by side. Their output goes through the same lane transpose.
//! - Tails use AVX-512BW byte masks (`vmovdqu8` with a mask): no copy
//!   through a stack buffer and no per-length code path; the keystream of
//!   a partial last block is stored whole in `tail`.
//!
//! The kernels are written once (`kernels!`) over the width and expanded in
//! [`zmm`] and [`ymm`], each of which first defines the few width-specific
//! primitives (`V`, `W`, `splat`, `rol`, the transposes, the masked loads).
//! Every function enables the same features (AVX-512 F, VL, BW), so LLVM
//! inlines everything into `xor_keystream`, which ends with `vzeroupper`
//! and holds no legacy-SSE instruction.
//! Constant time: no branch or index depends on the key, nonce, counter or
//! data; only on the length.

use core::arch::x86_64::*;

use crate::cipher::InOut;

/// Four quarter rounds, on the columns (or diagonals) given, step
/// by step side by side, with the expanding module's `add`, `xor` and
/// `rol`. A macro, so the rounds are always inlined.
macro_rules! qr4 {
    ($x:ident, $( $a:literal $b:literal $c:literal $d:literal ),+) => {
        $( $x[$a] = add($x[$a], $x[$b]); )+
        $( $x[$d] = rol::<16>(xor($x[$d], $x[$a])); )+
        $( $x[$c] = add($x[$c], $x[$d]); )+
        $( $x[$b] = rol::<12>(xor($x[$b], $x[$c])); )+
        $( $x[$a] = add($x[$a], $x[$b]); )+
        $( $x[$d] = rol::<8>(xor($x[$d], $x[$a])); )+
        $( $x[$c] = add($x[$c], $x[$d]); )+
        $( $x[$b] = rol::<7>(xor($x[$b], $x[$c])); )+
    };
}
#[cfg_attr(not(feature = "aead"), allow(unused_imports))]
pub(crate) use qr4;

/// The kernels over one vector width. The expanding module defines `V` (the
/// vector type), `M` (its byte mask), `W` (its width in bytes) and the
/// primitives `splat`, `iota`, `bcast_row`, `row_ctr`, `add`, `xor`,
/// `rol`, `shuf`, `unpack{lo,hi}{32,64}`, `lanes_to_blocks`, `loadu`,
/// `storeu`, `mask`, `loadz` and `store_masked`.
macro_rules! kernels {
    () => {
        /// Blocks per vertical step: one per 32-bit lane.
        const LANES: usize = W / 4;
        /// Blocks per row-layout group: one per 128-bit lane.
        const ROWS: usize = W / 16;
        /// Vectors per 64-byte block in output order.
        const VPB: usize = 64 / W;

        /// Transposes four vectors as independent 4x4 matrices of 32-bit
        /// lanes, one per 128-bit lane.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
        fn transpose(a: V, b: V, c: V, d: V) -> [V; 4] {
            let t0 = unpacklo32(a, b);
            let t1 = unpacklo32(c, d);
            let t2 = unpackhi32(a, b);
            let t3 = unpackhi32(c, d);
            [
                unpacklo64(t0, t1),
                unpackhi64(t0, t1),
                unpacklo64(t2, t3),
                unpackhi64(t2, t3),
            ]
        }

        /// The keystream of blocks `ctr..ctr + LANES` (mod 2^32) in output
        /// order: element `i` is bytes `W i..W (i + 1)` of it.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
        pub(crate) fn vertical(state: &[u32; 16], ctr: u32) -> [V; 16] {
            let mut x = [splat(0); 16];
            for j in 0..16 {
                x[j] = splat(state[j]);
            }
            x[12] = add(splat(ctr), iota());
            let input = x;
            for _ in 0..10 {
                qr4!(x, 0 4 8 12, 1 5 9 13, 2 6 10 14, 3 7 11 15);
                qr4!(x, 0 5 10 15, 1 6 11 12, 2 7 8 13, 3 4 9 14);
            }
            finish(x, &input)
        }

        /// The feed-forward and the transposition of a vertical step
        /// (shared with Salsa20's): `x` holds word `j` of `LANES` blocks
        /// in vector `j` after the rounds, `input` before; returns the
        /// keystream in output order (element `i` is bytes `W i..W (i +
        /// 1)` of it).
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
        // `VPB` is 1 at 512 bits: the index arithmetic is for both widths.
        #[allow(clippy::modulo_one)]
        pub(crate) fn finish(mut x: [V; 16], input: &[V; 16]) -> [V; 16] {
            for j in 0..16 {
                x[j] = add(x[j], input[j]);
            }
            // g[k][i]: words 4k..4k+4 of blocks i, i + 4, ... (one per
            // 128-bit lane).
            let mut g = [[splat(0); 4]; 4];
            for k in 0..4 {
                g[k] = transpose(x[4 * k], x[4 * k + 1], x[4 * k + 2], x[4 * k + 3]);
            }
            let mut out = [splat(0); 16];
            for i in 0..4 {
                let o = lanes_to_blocks([g[0][i], g[1][i], g[2][i], g[3][i]]);
                for (m, v) in o.into_iter().enumerate() {
                    out[(i + 4 * (m / VPB)) * VPB + m % VPB] = v;
                }
            }
            out
        }

        /// The keystream of blocks `ctr..ctr + ROWS * P` (mod 2^32) in the
        /// row layout, in output order (`N = 4P` vectors): each vector is
        /// one row of `ROWS` blocks, and the `P` groups run side by side.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
        pub(super) fn rows<const P: usize, const N: usize>(
            state: &[u32; 16],
            ctr: u32,
        ) -> [V; N] {
            let r0 = bcast_row(state[0], state[1], state[2], state[3]);
            let r1 = bcast_row(state[4], state[5], state[6], state[7]);
            let r2 = bcast_row(state[8], state[9], state[10], state[11]);
            let r3 = bcast_row(ctr, state[13], state[14], state[15]);
            let mut d0 = [r3; P];
            for p in 0..P {
                d0[p] = add(r3, row_ctr((ROWS * p) as u32));
            }
            let (mut a, mut b, mut c, mut d) = ([r0; P], [r1; P], [r2; P], d0);
            for _ in 0..10 {
                for half in 0..2 {
                    for p in 0..P {
                        a[p] = add(a[p], b[p]);
                        d[p] = rol::<16>(xor(d[p], a[p]));
                    }
                    for p in 0..P {
                        c[p] = add(c[p], d[p]);
                        b[p] = rol::<12>(xor(b[p], c[p]));
                    }
                    for p in 0..P {
                        a[p] = add(a[p], b[p]);
                        d[p] = rol::<8>(xor(d[p], a[p]));
                    }
                    for p in 0..P {
                        c[p] = add(c[p], d[p]);
                        b[p] = rol::<7>(xor(b[p], c[p]));
                    }
                    // Diagonals into columns after the first half, and
                    // back after the second: rows a, c, d rotated by -1, 1
                    // and 2 lanes (b stays), so lane j holds the diagonal
                    // (a[j-1], b[j], c[j+1], d[j+2]). Not b, the usual
                    // choice: b is the last row a half round writes and
                    // the first the next one reads (a += b), so its
                    // shuffle would sit on the dependency chain; a, c and
                    // d are ready earlier and their shuffles overlap.
                    for p in 0..P {
                        if half == 0 {
                            a[p] = shuf::<0x93>(a[p]);
                            c[p] = shuf::<0x39>(c[p]);
                            d[p] = shuf::<0x4e>(d[p]);
                        } else {
                            a[p] = shuf::<0x39>(a[p]);
                            c[p] = shuf::<0x93>(c[p]);
                            d[p] = shuf::<0x4e>(d[p]);
                        }
                    }
                }
            }
            let mut out = [splat(0); N];
            for p in 0..P {
                let o = lanes_to_blocks([
                    add(a[p], r0),
                    add(b[p], r1),
                    add(c[p], r2),
                    add(d[p], d0[p]),
                ]);
                out[4 * p..4 * p + 4].copy_from_slice(&o);
            }
            out
        }

        /// XORs the `N` keystream vectors `ks` (whole blocks, in output
        /// order) into `io` from byte `at`, as far as the data goes, and
        /// returns the number of bytes done. When the data ends inside a
        /// block, that block's whole keystream goes to `tail`.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
        pub(crate) fn xor_out<const N: usize>(
            io: &mut InOut<'_>,
            at: usize,
            ks: &[V; N],
            tail: &mut [u8; 64],
        ) -> usize {
            let rem = io.len() - at;
            if rem >= N * W {
                for (i, k) in ks.iter().enumerate() {
                    // SAFETY: `at + N W <= io.len()`, so these `W` bytes
                    // are in bounds of the input and of the output; the
                    // load of a block comes before its store.
                    unsafe {
                        let v = loadu(io.src_ptr().add(at + W * i));
                        storeu(io.dst_ptr().add(at + W * i), xor(v, *k));
                    }
                }
                return N * W;
            }
            for (i, k) in ks.iter().enumerate() {
                let off = W * i;
                if off >= rem {
                    break;
                }
                let m = mask(rem - off);
                // SAFETY: the mask selects the bytes `off..min(rem, off +
                // W)` from `at`, which are in bounds of the input and the
                // output (`at + rem == io.len()`); masked-off bytes are
                // neither read (faults suppressed) nor written.
                unsafe {
                    let v = loadz(m, io.src_ptr().add(at + off));
                    store_masked(io.dst_ptr().add(at + off), m, xor(v, *k));
                }
            }
            if rem % 64 != 0 {
                let b = rem / 64;
                for h in 0..VPB {
                    // SAFETY: `tail` is 64 bytes long, and `W h + W <= 64`.
                    unsafe { storeu(tail.as_mut_ptr().add(W * h), ks[b * VPB + h]) };
                }
            }
            rem
        }
    };
}

/// The 512-bit instantiation: 16 blocks per vertical step, 4 per row group.
pub(crate) mod zmm {
    use super::*;

    pub(crate) type V = __m512i;
    type M = __mmask64;
    pub(crate) const W: usize = 64;

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    pub(crate) fn splat(x: u32) -> V {
        _mm512_set1_epi32(x as i32)
    }

    /// Lane `i` holds `i`.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    pub(crate) fn iota() -> V {
        _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
    }

    /// The row `(w0, w1, w2, w3)` in every 128-bit lane.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    fn bcast_row(w0: u32, w1: u32, w2: u32, w3: u32) -> V {
        _mm512_broadcast_i32x4(_mm_setr_epi32(w0 as i32, w1 as i32, w2 as i32, w3 as i32))
    }

    /// `k + l` in word 0 of 128-bit lane `l`, zero elsewhere.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    fn row_ctr(k: u32) -> V {
        let k = k as i32;
        _mm512_setr_epi32(k, 0, 0, 0, k + 1, 0, 0, 0, k + 2, 0, 0, 0, k + 3, 0, 0, 0)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    pub(crate) fn add(a: V, b: V) -> V {
        _mm512_add_epi32(a, b)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    pub(crate) fn xor(a: V, b: V) -> V {
        _mm512_xor_si512(a, b)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    pub(crate) fn rol<const N: i32>(a: V) -> V {
        _mm512_rol_epi32::<N>(a)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    pub(crate) fn shuf<const I: i32>(a: V) -> V {
        _mm512_shuffle_epi32::<I>(a)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    fn unpacklo32(a: V, b: V) -> V {
        _mm512_unpacklo_epi32(a, b)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    fn unpackhi32(a: V, b: V) -> V {
        _mm512_unpackhi_epi32(a, b)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    fn unpacklo64(a: V, b: V) -> V {
        _mm512_unpacklo_epi64(a, b)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    fn unpackhi64(a: V, b: V) -> V {
        _mm512_unpackhi_epi64(a, b)
    }

    /// `g[k]` holds row `k` (words `4k..4k+4`) of four blocks, block `l` in
    /// 128-bit lane `l`; returns the four blocks in byte order, one per
    /// vector (a 4x4 transpose of 128-bit lanes, two `vshufi32x4` stages).
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    pub(crate) fn lanes_to_blocks(g: [V; 4]) -> [V; 4] {
        let t0 = _mm512_shuffle_i32x4::<0x44>(g[0], g[1]);
        let t1 = _mm512_shuffle_i32x4::<0x44>(g[2], g[3]);
        let t2 = _mm512_shuffle_i32x4::<0xee>(g[0], g[1]);
        let t3 = _mm512_shuffle_i32x4::<0xee>(g[2], g[3]);
        [
            _mm512_shuffle_i32x4::<0x88>(t0, t1),
            _mm512_shuffle_i32x4::<0xdd>(t0, t1),
            _mm512_shuffle_i32x4::<0x88>(t2, t3),
            _mm512_shuffle_i32x4::<0xdd>(t2, t3),
        ]
    }

    /// # Safety
    /// `p` must be valid for reading `W` bytes.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    pub(crate) unsafe fn loadu(p: *const u8) -> V {
        // SAFETY: the caller's promise; unaligned load.
        unsafe { _mm512_loadu_si512(p.cast()) }
    }

    /// # Safety
    /// `p` must be valid for writing `W` bytes.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    pub(crate) unsafe fn storeu(p: *mut u8, v: V) {
        // SAFETY: the caller's promise; unaligned store.
        unsafe { _mm512_storeu_si512(p.cast(), v) }
    }

    /// The mask of the first `min(r, W)` bytes.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    fn mask(r: usize) -> M {
        if r >= W { !0 } else { (1u64 << r) - 1 }
    }

    /// # Safety
    /// `p` must be valid for reading the bytes `m` selects.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    unsafe fn loadz(m: M, p: *const u8) -> V {
        // SAFETY: the caller's promise; masked-off bytes are not accessed.
        unsafe { _mm512_maskz_loadu_epi8(m, p.cast()) }
    }

    /// # Safety
    /// `p` must be valid for writing the bytes `m` selects.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    unsafe fn store_masked(p: *mut u8, m: M, v: V) {
        // SAFETY: the caller's promise; masked-off bytes are not accessed.
        unsafe { _mm512_mask_storeu_epi8(p.cast(), m, v) }
    }

    kernels!();

    /// XORs the keystream of blocks `state[12]`, `state[12] + 1`, ... into
    /// `io`; the last block may be partial, and then its whole keystream
    /// is left in `tail`.
    ///
    /// Over 512 bytes: 16 blocks per step in zmm; 257 to 512 bytes: the
    /// 8-block ymm step; 129 to 256: one zmm group of four blocks in the
    /// row layout (the latency of one block); up to 128, one ymm group of
    /// two (on Zen 4 the zmm group measured slower there: 2 blocks are
    /// latency-bound, and its lane transpose takes two `vshufi32x4` steps).
    ///
    /// # Safety
    /// The CPU must have AVX-512 F, VL and BW (and the OS the zmm and
    /// opmask state).
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    pub(crate) unsafe fn xor_keystream(state: &[u32; 16], mut io: InOut<'_>, tail: &mut [u8; 64]) {
        let len = io.len();
        let mut at = 0;
        let mut ctr = state[12];
        while len - at > 8 * W {
            at += xor_out(&mut io, at, &vertical(state, ctr), tail);
            ctr = ctr.wrapping_add(LANES as u32);
        }
        if len - at > 4 * W {
            super::ymm::xor_out(&mut io, at, &super::ymm::vertical(state, ctr), tail);
        } else if len - at > 2 * W {
            xor_out(&mut io, at, &rows::<1, 4>(state, ctr), tail);
        } else if at < len {
            super::ymm::xor_out(&mut io, at, &super::ymm::rows::<1, 4>(state, ctr), tail);
        }
    }
}

/// The 256-bit instantiation: 8 blocks per vertical step, 2 per row group.
pub(crate) mod ymm {
    use super::*;

    pub(crate) type V = __m256i;
    type M = __mmask32;
    pub(crate) const W: usize = 32;

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    pub(crate) fn splat(x: u32) -> V {
        _mm256_set1_epi32(x as i32)
    }

    /// Lane `i` holds `i`.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    pub(crate) fn iota() -> V {
        _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)
    }

    /// The row `(w0, w1, w2, w3)` in both 128-bit lanes.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    fn bcast_row(w0: u32, w1: u32, w2: u32, w3: u32) -> V {
        _mm256_broadcastsi128_si256(_mm_setr_epi32(w0 as i32, w1 as i32, w2 as i32, w3 as i32))
    }

    /// `k + l` in word 0 of 128-bit lane `l`, zero elsewhere.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    fn row_ctr(k: u32) -> V {
        let k = k as i32;
        _mm256_setr_epi32(k, 0, 0, 0, k + 1, 0, 0, 0)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    pub(crate) fn add(a: V, b: V) -> V {
        _mm256_add_epi32(a, b)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    pub(crate) fn xor(a: V, b: V) -> V {
        _mm256_xor_si256(a, b)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    pub(crate) fn rol<const N: i32>(a: V) -> V {
        _mm256_rol_epi32::<N>(a)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    pub(crate) fn shuf<const I: i32>(a: V) -> V {
        _mm256_shuffle_epi32::<I>(a)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    fn unpacklo32(a: V, b: V) -> V {
        _mm256_unpacklo_epi32(a, b)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    fn unpackhi32(a: V, b: V) -> V {
        _mm256_unpackhi_epi32(a, b)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    fn unpacklo64(a: V, b: V) -> V {
        _mm256_unpacklo_epi64(a, b)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    fn unpackhi64(a: V, b: V) -> V {
        _mm256_unpackhi_epi64(a, b)
    }

    /// `g[k]` holds row `k` (words `4k..4k+4`) of two blocks, block `l` in
    /// 128-bit lane `l`; returns the two blocks in byte order, two vectors
    /// each (a 2x2 transpose of 128-bit lanes).
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    pub(crate) fn lanes_to_blocks(g: [V; 4]) -> [V; 4] {
        [
            _mm256_shuffle_i32x4::<0b00>(g[0], g[1]),
            _mm256_shuffle_i32x4::<0b00>(g[2], g[3]),
            _mm256_shuffle_i32x4::<0b11>(g[0], g[1]),
            _mm256_shuffle_i32x4::<0b11>(g[2], g[3]),
        ]
    }

    /// # Safety
    /// `p` must be valid for reading `W` bytes.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    pub(crate) unsafe fn loadu(p: *const u8) -> V {
        // SAFETY: the caller's promise; unaligned load.
        unsafe { _mm256_loadu_si256(p.cast()) }
    }

    /// # Safety
    /// `p` must be valid for writing `W` bytes.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    pub(crate) unsafe fn storeu(p: *mut u8, v: V) {
        // SAFETY: the caller's promise; unaligned store.
        unsafe { _mm256_storeu_si256(p.cast(), v) }
    }

    /// The mask of the first `min(r, W)` bytes.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    fn mask(r: usize) -> M {
        if r >= W { !0 } else { (1u32 << r) - 1 }
    }

    /// # Safety
    /// `p` must be valid for reading the bytes `m` selects.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    unsafe fn loadz(m: M, p: *const u8) -> V {
        // SAFETY: the caller's promise; masked-off bytes are not accessed.
        unsafe { _mm256_maskz_loadu_epi8(m, p.cast()) }
    }

    /// # Safety
    /// `p` must be valid for writing the bytes `m` selects.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    unsafe fn store_masked(p: *mut u8, m: M, v: V) {
        // SAFETY: the caller's promise; masked-off bytes are not accessed.
        unsafe { _mm256_mask_storeu_epi8(p.cast(), m, v) }
    }

    kernels!();

    /// XORs the keystream of blocks `state[12]`, `state[12] + 1`, ... into
    /// `io`; the last block may be partial, and then its whole keystream
    /// is left in `tail`.
    ///
    /// Over 256 bytes: 8 blocks per step; 129 to 256 bytes: two groups of
    /// two blocks in the row layout side by side; up to 128: one group.
    ///
    /// # Safety
    /// The CPU must have AVX-512 F, VL and BW (and the OS the opmask and
    /// upper ymm state).
    #[target_feature(enable = "avx512f,avx512vl,avx512bw")]
    pub(crate) unsafe fn xor_keystream(state: &[u32; 16], mut io: InOut<'_>, tail: &mut [u8; 64]) {
        let len = io.len();
        let mut at = 0;
        let mut ctr = state[12];
        while len - at > 8 * W {
            at += xor_out(&mut io, at, &vertical(state, ctr), tail);
            ctr = ctr.wrapping_add(LANES as u32);
        }
        if len - at > 4 * W {
            xor_out(&mut io, at, &rows::<2, 8>(state, ctr), tail);
        } else if at < len {
            xor_out(&mut io, at, &rows::<1, 4>(state, ctr), tail);
        }
    }
}
