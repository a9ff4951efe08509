//! ChaCha20 with AVX2: eight blocks in parallel in 256-bit registers.
//!
//! Technique: the 8x AVX2 path of OpenSSL's `chacha-x86_64.pl` and the
//! vectorised ChaCha of M. Goll and S. Gueron ("Vectorization on ChaCha
//! Stream Cipher", ITNG 2014), the same "vertical" layout as the SSSE3
//! backend on registers twice as wide:
//!
//! - Register `j` holds word `j` of eight consecutive blocks, one block per
//!   32-bit lane; word 12 holds `ctr + 0..7` added lane by lane with
//!   `vpaddd`, so a counter wraps modulo 2^32 and never carries into the
//!   nonce. Quarter rounds run in pairs, step by step side by side: the
//!   eight words of a pair stay in registers while the other eight can
//!   wait in memory (`qr2!`; sixteen ymm registers hold the state but no
//!   temporaries).
//! - Rotations by 16 and 8 are one `vpshufb` each (the byte permutation
//!   repeated in both 128-bit halves, kept opaque to LLVM; see `Masks`);
//!   by 12 and 7, two shifts and an or.
//! - The transpose at the end: a 4x4 transpose of 32-bit lanes within each
//!   128-bit half (`vpunpck{l,h}dq`, `vpunpck{l,h}qdq`) leaves block `b` and
//!   block `b + 4` in the two halves of one register for each group of four
//!   words; `vperm2i128` then joins the halves of two groups into 32
//!   contiguous bytes of one block, which are xored straight into the data.
//! - Tails: with more than four blocks left the 8-block step runs (its cost
//!   hardly depends on how many of its blocks are used); with three or
//!   four, two pairs of blocks in the row layout (`rows`: one row of two
//!   blocks per ymm, so a pair costs the latency of one block, and the two
//!   pairs overlap); with two, one pair; with one, the SSSE3 backend's
//!   row-layout single block. A short message never pays for eight blocks,
//!   nor for the 4-block vertical step's instruction count.

use core::arch::x86_64::*;

use super::x86_64_ssse3::{block1, xor_out};
use super::xor_from;
use crate::cipher::InOut;

/// The `vpshufb` byte permutations of the rotations by 16 and by 8.
///
/// They reach the rounds through `black_box`, so LLVM sees opaque values
/// and keeps one `vpshufb` per rotation: with constants it rewrites
/// `rot8(rot16(d ^ a) ...)` chains into `vpshuflw` + `vpshufhw` pairs and
/// shuffles pushed through the xors, half again as many shuffle uops.
#[derive(Clone, Copy)]
struct Masks {
    r16: __m256i,
    r8: __m256i,
}

#[inline]
#[target_feature(enable = "avx2")]
fn masks() -> Masks {
    core::hint::black_box(Masks {
        r16: _mm256_setr_epi8(
            2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11,
            8, 9, 14, 15, 12, 13,
        ),
        r8: _mm256_setr_epi8(
            3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14, 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9,
            10, 15, 12, 13, 14,
        ),
    })
}

#[inline]
#[target_feature(enable = "avx2")]
fn rot12(x: __m256i) -> __m256i {
    _mm256_or_si256(_mm256_slli_epi32::<12>(x), _mm256_srli_epi32::<20>(x))
}

#[inline]
#[target_feature(enable = "avx2")]
fn rot7(x: __m256i) -> __m256i {
    _mm256_or_si256(_mm256_slli_epi32::<7>(x), _mm256_srli_epi32::<25>(x))
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

/// Two quarter rounds on words `(a0, b0, c0, d0)` and `(a1, b1, c1, d1)`
/// of `x`, step by step side by side. Pairs rather than all four columns
/// at once: the eight words of a pair and a temporary fit the sixteen
/// registers, and the other eight wait in memory, as in OpenSSL's 8x code.
/// A macro, so the rounds are always inlined.
macro_rules! qr2 {
    ($x:ident, $m:ident, $a0:literal $b0:literal $c0:literal $d0:literal,
     $a1:literal $b1:literal $c1:literal $d1:literal) => {
        $x[$a0] = add($x[$a0], $x[$b0]);
        $x[$a1] = add($x[$a1], $x[$b1]);
        $x[$d0] = _mm256_shuffle_epi8(xor($x[$d0], $x[$a0]), $m.r16);
        $x[$d1] = _mm256_shuffle_epi8(xor($x[$d1], $x[$a1]), $m.r16);
        $x[$c0] = add($x[$c0], $x[$d0]);
        $x[$c1] = add($x[$c1], $x[$d1]);
        $x[$b0] = rot12(xor($x[$b0], $x[$c0]));
        $x[$b1] = rot12(xor($x[$b1], $x[$c1]));
        $x[$a0] = add($x[$a0], $x[$b0]);
        $x[$a1] = add($x[$a1], $x[$b1]);
        $x[$d0] = _mm256_shuffle_epi8(xor($x[$d0], $x[$a0]), $m.r8);
        $x[$d1] = _mm256_shuffle_epi8(xor($x[$d1], $x[$a1]), $m.r8);
        $x[$c0] = add($x[$c0], $x[$d0]);
        $x[$c1] = add($x[$c1], $x[$d1]);
        $x[$b0] = rot7(xor($x[$b0], $x[$c0]));
        $x[$b1] = rot7(xor($x[$b1], $x[$c1]));
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

/// The keystream of blocks `ctr..ctr + 8` (mod 2^32), in output order:
/// element `2 * b + h` is bytes `32 h..32 h + 32` of block `b`.
#[inline]
#[target_feature(enable = "avx2")]
fn blocks8(state: &[u32; 16], ctr: u32) -> [__m256i; 16] {
    let mut x = [_mm256_setzero_si256(); 16];
    for j in 0..16 {
        x[j] = _mm256_set1_epi32(state[j] as i32);
    }
    x[12] = _mm256_add_epi32(
        _mm256_set1_epi32(ctr as i32),
        _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
    );
    let input = x;
    let m = masks();
    // Two double rounds per iteration: LLVM schedules the longer body
    // better.
    for _ in 0..5 {
        qr2!(x, m, 0 4 8 12, 1 5 9 13);
        qr2!(x, m, 2 6 10 14, 3 7 11 15);
        qr2!(x, m, 0 5 10 15, 1 6 11 12);
        qr2!(x, m, 2 7 8 13, 3 4 9 14);
        qr2!(x, m, 0 4 8 12, 1 5 9 13);
        qr2!(x, m, 2 6 10 14, 3 7 11 15);
        qr2!(x, m, 0 5 10 15, 1 6 11 12);
        qr2!(x, m, 2 7 8 13, 3 4 9 14);
    }
    for j in 0..16 {
        x[j] = _mm256_add_epi32(x[j], input[j]);
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

/// The keystream of blocks `ctr..ctr + 2P` (mod 2^32) in the row layout,
/// for short messages: each ymm holds one row of two blocks (one per
/// 128-bit half), so two blocks cost the latency of one, and `P` pairs run
/// side by side. Output in block order as xmm rows (`N = 8P`), as the
/// SSSE3 kernels give it to `xor_out`.
#[inline]
#[target_feature(enable = "avx2")]
fn rows<const P: usize, const N: usize>(state: &[u32; 16], ctr: u32) -> [__m128i; N] {
    let row = |i: usize| {
        let w = &state[4 * i..4 * i + 4];
        _mm256_setr_epi32(
            w[0] as i32,
            w[1] as i32,
            w[2] as i32,
            w[3] as i32,
            w[0] as i32,
            w[1] as i32,
            w[2] as i32,
            w[3] as i32,
        )
    };
    let (r0, r1, r2) = (row(0), row(1), row(2));
    let r3: [__m256i; P] = core::array::from_fn(|p| {
        let c = ctr.wrapping_add(2 * p as u32);
        let (s13, s14, s15) = (state[13] as i32, state[14] as i32, state[15] as i32);
        _mm256_setr_epi32(
            c as i32,
            s13,
            s14,
            s15,
            c.wrapping_add(1) as i32,
            s13,
            s14,
            s15,
        )
    });
    let m = masks();
    let (mut a, mut b, mut c, mut d) = ([r0; P], [r1; P], [r2; P], r3);
    // Each step runs over the P pairs before the next, for ILP.
    let quarter =
        |a: &mut [__m256i; P], b: &mut [__m256i; P], c: &mut [__m256i; P], d: &mut [__m256i; P]| {
            for p in 0..P {
                a[p] = add(a[p], b[p]);
                d[p] = _mm256_shuffle_epi8(xor(d[p], a[p]), m.r16);
            }
            for p in 0..P {
                c[p] = add(c[p], d[p]);
                b[p] = rot12(xor(b[p], c[p]));
            }
            for p in 0..P {
                a[p] = add(a[p], b[p]);
                d[p] = _mm256_shuffle_epi8(xor(d[p], a[p]), m.r8);
            }
            for p in 0..P {
                c[p] = add(c[p], d[p]);
                b[p] = rot7(xor(b[p], c[p]));
            }
        };
    for _ in 0..10 {
        quarter(&mut a, &mut b, &mut c, &mut d);
        // Diagonals into columns: row i rotated left by i lanes.
        for p in 0..P {
            b[p] = _mm256_shuffle_epi32::<0x39>(b[p]);
            c[p] = _mm256_shuffle_epi32::<0x4e>(c[p]);
            d[p] = _mm256_shuffle_epi32::<0x93>(d[p]);
        }
        quarter(&mut a, &mut b, &mut c, &mut d);
        for p in 0..P {
            b[p] = _mm256_shuffle_epi32::<0x93>(b[p]);
            c[p] = _mm256_shuffle_epi32::<0x4e>(c[p]);
            d[p] = _mm256_shuffle_epi32::<0x39>(d[p]);
        }
    }
    let mut out = [_mm_setzero_si128(); N];
    for p in 0..P {
        let v = [
            add(a[p], r0),
            add(b[p], r1),
            add(c[p], r2),
            add(d[p], r3[p]),
        ];
        for (i, x) in v.into_iter().enumerate() {
            out[8 * p + i] = _mm256_castsi256_si128(x);
            out[8 * p + 4 + i] = _mm256_extracti128_si256::<1>(x);
        }
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

/// XORs the keystream of blocks `state[12]`, `state[12] + 1`, ... into
/// `io`; the last block may be partial, and then its whole keystream is
/// left in `tail`.
///
/// # Safety
/// The CPU must have AVX2 (and the OS the ymm state).
#[target_feature(enable = "avx2")]
pub(crate) unsafe fn xor_keystream(state: &[u32; 16], mut io: InOut<'_>, tail: &mut [u8; 64]) {
    let len = io.len();
    let mut at = 0;
    let mut ctr = state[12];
    while len - at > 256 {
        at += xor_out8(&mut io, at, &blocks8(state, ctr), tail);
        ctr = ctr.wrapping_add(8);
    }
    if len - at > 128 {
        at += xor_out(&mut io, at, &rows::<2, 16>(state, ctr), tail);
        ctr = ctr.wrapping_add(4);
    } else if len - at > 64 {
        at += xor_out(&mut io, at, &rows::<1, 8>(state, ctr), tail);
        ctr = ctr.wrapping_add(2);
    }
    if at < len {
        xor_out(&mut io, at, &block1(state, ctr), tail);
    }
}
