//! Salsa20 with AVX2: eight blocks in parallel in 256-bit registers.
//!
//! Technique: the vertical layout of the SSE2 backend on registers twice
//! as wide, as the 8x AVX2 path of this crate's ChaCha20 (and OpenSSL's
//! `chacha-x86_64.pl`):
//!
//! - Register `j` holds word `j` of eight consecutive blocks, one block per
//!   32-bit lane; words 8 and 9 hold the 64-bit counters `ctr + 0..7`,
//!   carry included. Quarter rounds run in pairs, step by step side by
//!   side (`qr2!`). Every rotation is two shifts and an or.
//! - The transpose at the end: a 4x4 transpose of 32-bit lanes within each
//!   128-bit half leaves block `b` and block `b + 4` in the two halves of
//!   one register for each group of four words; `vperm2i128` then joins
//!   the halves of two groups into 32 contiguous bytes of one block.
//! - Tails: with more than four blocks left the 8-block step runs; then
//!   the SSE2 backend's 4-block vertical step for two to four blocks, and
//!   its one-block diagonal-layout path for the last one.

use core::arch::x86_64::*;

use super::x86_64_sse2::{block1, blocks4, xor_out};
use crate::cipher::InOut;
use crate::cipher::chacha20::xor_from;

/// `x <<< N` (with `M = 32 - N`) on every lane.
macro_rules! rotl {
    ($x:expr, $n:literal, $m:literal) => {{
        let x = $x;
        _mm256_or_si256(_mm256_slli_epi32::<$n>(x), _mm256_srli_epi32::<$m>(x))
    }};
}

#[inline]
#[target_feature(enable = "avx2")]
fn add(a: __m256i, b: __m256i) -> __m256i {
    _mm256_add_epi32(a, b)
}

#[inline]
#[target_feature(enable = "avx2")]
fn xor(a: __m256i, b: __m256i) -> __m256i {
    _mm256_xor_si256(a, b)
}

/// Two quarter rounds on words `(y0, y1, y2, y3)` = `(a0, b0, c0, d0)` and
/// `(a1, b1, c1, d1)` of `x`, step by step side by side.
macro_rules! qr2 {
    ($x:ident, $a0:literal $b0:literal $c0:literal $d0:literal,
     $a1:literal $b1:literal $c1:literal $d1:literal) => {
        $x[$b0] = xor($x[$b0], rotl!(add($x[$a0], $x[$d0]), 7, 25));
        $x[$b1] = xor($x[$b1], rotl!(add($x[$a1], $x[$d1]), 7, 25));
        $x[$c0] = xor($x[$c0], rotl!(add($x[$b0], $x[$a0]), 9, 23));
        $x[$c1] = xor($x[$c1], rotl!(add($x[$b1], $x[$a1]), 9, 23));
        $x[$d0] = xor($x[$d0], rotl!(add($x[$c0], $x[$b0]), 13, 19));
        $x[$d1] = xor($x[$d1], rotl!(add($x[$c1], $x[$b1]), 13, 19));
        $x[$a0] = xor($x[$a0], rotl!(add($x[$d0], $x[$c0]), 18, 14));
        $x[$a1] = xor($x[$a1], rotl!(add($x[$d1], $x[$c1]), 18, 14));
    };
}

/// Transposes four registers as two independent 4x4 matrices of 32-bit
/// lanes, one per 128-bit half.
#[inline]
#[target_feature(enable = "avx2")]
fn transpose(a: __m256i, b: __m256i, c: __m256i, d: __m256i) -> [__m256i; 4] {
    let t0 = _mm256_unpacklo_epi32(a, b);
    let t1 = _mm256_unpacklo_epi32(c, d);
    let t2 = _mm256_unpackhi_epi32(a, b);
    let t3 = _mm256_unpackhi_epi32(c, d);
    [
        _mm256_unpacklo_epi64(t0, t1),
        _mm256_unpackhi_epi64(t0, t1),
        _mm256_unpacklo_epi64(t2, t3),
        _mm256_unpackhi_epi64(t2, t3),
    ]
}

/// The keystream of blocks `ctr..ctr + 8` (mod 2^64), in output order:
/// element `2 * b + h` is bytes `32 h..32 h + 32` of block `b`.
#[inline]
#[target_feature(enable = "avx2")]
fn blocks8(state: &[u32; 16], ctr: u64) -> [__m256i; 16] {
    let mut x = [_mm256_setzero_si256(); 16];
    for j in 0..16 {
        x[j] = _mm256_set1_epi32(state[j] as i32);
    }
    let c: [u64; 8] = core::array::from_fn(|i| ctr.wrapping_add(i as u64));
    x[8] = _mm256_setr_epi32(
        c[0] as i32,
        c[1] as i32,
        c[2] as i32,
        c[3] as i32,
        c[4] as i32,
        c[5] as i32,
        c[6] as i32,
        c[7] as i32,
    );
    x[9] = _mm256_setr_epi32(
        (c[0] >> 32) as i32,
        (c[1] >> 32) as i32,
        (c[2] >> 32) as i32,
        (c[3] >> 32) as i32,
        (c[4] >> 32) as i32,
        (c[5] >> 32) as i32,
        (c[6] >> 32) as i32,
        (c[7] >> 32) as i32,
    );
    let input = x;
    for _ in 0..10 {
        // Column round.
        qr2!(x, 0 4 8 12, 5 9 13 1);
        qr2!(x, 10 14 2 6, 15 3 7 11);
        // Row round.
        qr2!(x, 0 1 2 3, 5 6 7 4);
        qr2!(x, 10 11 8 9, 15 12 13 14);
    }
    for j in 0..16 {
        x[j] = add(x[j], input[j]);
    }
    // g[k][i]: words 4k..4k+4 of blocks i (low half) and i + 4 (high half).
    let mut g = [[_mm256_setzero_si256(); 4]; 4];
    for k in 0..4 {
        g[k] = transpose(x[4 * k], x[4 * k + 1], x[4 * k + 2], x[4 * k + 3]);
    }
    let mut out = [_mm256_setzero_si256(); 16];
    for i in 0..4 {
        out[2 * i] = _mm256_permute2x128_si256::<0x20>(g[0][i], g[1][i]);
        out[2 * i + 1] = _mm256_permute2x128_si256::<0x20>(g[2][i], g[3][i]);
        out[2 * (i + 4)] = _mm256_permute2x128_si256::<0x31>(g[0][i], g[1][i]);
        out[2 * (i + 4) + 1] = _mm256_permute2x128_si256::<0x31>(g[2][i], g[3][i]);
    }
    out
}

/// XORs the eight blocks of keystream `ks` into `io` from byte `at` (as far
/// as the data goes; a partial last block's keystream goes to `tail`) and
/// returns the number of bytes done.
#[inline]
#[target_feature(enable = "avx2")]
fn xor_out8(io: &mut InOut<'_>, at: usize, ks: &[__m256i; 16], tail: &mut [u8; 64]) -> usize {
    if io.len() - at >= 512 {
        for (i, k) in ks.iter().enumerate() {
            // SAFETY: `at + 512 <= io.len()`, so these 32 bytes are in
            // bounds of the input and of the output; unaligned loads and
            // stores; the load of a block comes before its store.
            unsafe {
                let v = _mm256_loadu_si256(io.src_ptr().add(at + 32 * i).cast());
                _mm256_storeu_si256(
                    io.dst_ptr().add(at + 32 * i).cast(),
                    _mm256_xor_si256(v, *k),
                );
            }
        }
        512
    } else {
        let mut buf = [[0u8; 32]; 16];
        for (b, k) in buf.iter_mut().zip(ks) {
            // SAFETY: `b` is a 32-byte array: valid for an unaligned store.
            unsafe { _mm256_storeu_si256(b.as_mut_ptr().cast(), *k) };
        }
        let n = xor_from(io, at, buf.as_flattened(), tail);
        crate::ct::wipe(&mut buf);
        n
    }
}

/// XORs the keystream of blocks `ctr`, `ctr + 1`, ... (the state's 64-bit
/// counter) into `io`; the last block may be partial, and then its whole
/// keystream is left in `tail`.
///
/// # Safety
/// The CPU must have AVX2 (and the OS the ymm state).
#[target_feature(enable = "avx2")]
pub(crate) unsafe fn xor_keystream(state: &[u32; 16], mut io: InOut<'_>, tail: &mut [u8; 64]) {
    let len = io.len();
    let mut at = 0;
    let mut ctr = super::counter(state);
    while len - at > 256 {
        at += xor_out8(&mut io, at, &blocks8(state, ctr), tail);
        ctr = ctr.wrapping_add(8);
    }
    while len - at > 64 {
        at += xor_out(&mut io, at, &blocks4(state, ctr), tail);
        ctr = ctr.wrapping_add(4);
    }
    if at < len {
        xor_out(&mut io, at, &block1(state, ctr), tail);
    }
}
