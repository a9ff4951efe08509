//! ChaCha20 with SSSE3: four blocks in parallel in 128-bit registers.
//!
//! Technique: the "vertical" vectorisation of ChaCha (D. J. Bernstein's
//! SIMD implementations; M. Goll and S. Gueron, "Vectorization on ChaCha
//! Stream Cipher", ITNG 2014), as in the 4x path of OpenSSL's
//! `chacha-x86_64.pl`:
//!
//! - Register `j` holds word `j` of four consecutive blocks, one block per
//!   32-bit lane; word 12 holds the counters `ctr + 0..3` (32-bit lane
//!   adds, so a counter wraps modulo 2^32 and never carries into the
//!   nonce). A quarter round is then lane-wise adds and xors with no
//!   shuffling between rounds; quarter rounds run in pairs, step by step
//!   side by side, so two chains overlap while the other eight words can
//!   wait in memory (`qr2!`).
//! - Rotations by 16 and 8 move whole bytes: one `pshufb` each (the masks
//!   kept opaque to LLVM; see `Masks`). Rotations by 12 and 7 are two
//!   shifts and an or.
//! - After the rounds and the addition of the input, a 4x4 transpose
//!   (`punpck{l,h}dq`, `punpck{l,h}qdq`) of each group of four words turns
//!   lanes back into blocks, and the keystream is xored straight into the
//!   data.
//! - The last block alone (at most 64 bytes left) runs in the row layout:
//!   each register one row of the 4x4 state, the diagonal round reached by
//!   rotating rows 1-3 with `pshufd`, as in OpenSSL's one-block SSSE3 path.
//!
//! The 4-block and 1-block functions are also the AVX2 backend's tails.

use core::arch::x86_64::*;

use super::xor_from;
use crate::cipher::InOut;

/// The `pshufb` byte permutations of the rotations by 16 and by 8.
///
/// They reach the rounds through `black_box`, so LLVM sees opaque values
/// and keeps one `pshufb` per rotation: with constants it turns rotations
/// by 16 into `pshuflw` + `pshufhw` pairs and pushes shuffles through the
/// xors, half again as many shuffle uops.
#[derive(Clone, Copy)]
struct Masks {
    r16: __m128i,
    r8: __m128i,
}

#[inline]
#[target_feature(enable = "sse2,ssse3")]
fn masks() -> Masks {
    core::hint::black_box(Masks {
        r16: _mm_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13),
        r8: _mm_setr_epi8(3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14),
    })
}

#[inline]
#[target_feature(enable = "sse2,ssse3")]
fn rot16(x: __m128i, m: Masks) -> __m128i {
    _mm_shuffle_epi8(x, m.r16)
}

#[inline]
#[target_feature(enable = "sse2,ssse3")]
fn rot8(x: __m128i, m: Masks) -> __m128i {
    _mm_shuffle_epi8(x, m.r8)
}

#[inline]
#[target_feature(enable = "sse2,ssse3")]
fn rot12(x: __m128i) -> __m128i {
    _mm_or_si128(_mm_slli_epi32::<12>(x), _mm_srli_epi32::<20>(x))
}

#[inline]
#[target_feature(enable = "sse2,ssse3")]
fn rot7(x: __m128i) -> __m128i {
    _mm_or_si128(_mm_slli_epi32::<7>(x), _mm_srli_epi32::<25>(x))
}

#[inline]
#[target_feature(enable = "sse2,ssse3")]
fn add(a: __m128i, b: __m128i) -> __m128i {
    _mm_add_epi32(a, b)
}

#[inline]
#[target_feature(enable = "sse2,ssse3")]
fn xor(a: __m128i, b: __m128i) -> __m128i {
    _mm_xor_si128(a, b)
}

/// Two quarter rounds on words `(a0, b0, c0, d0)` and `(a1, b1, c1, d1)`
/// of `x`, step by step side by side. Pairs rather than all four columns
/// at once: the eight words of a pair and a temporary fit the sixteen
/// registers, and the other eight wait in memory, as in OpenSSL's 4x code.
/// A macro, so the rounds are always inlined.
macro_rules! qr2 {
    ($x:ident, $m:ident, $a0:literal $b0:literal $c0:literal $d0:literal,
     $a1:literal $b1:literal $c1:literal $d1:literal) => {
        $x[$a0] = add($x[$a0], $x[$b0]);
        $x[$a1] = add($x[$a1], $x[$b1]);
        $x[$d0] = rot16(xor($x[$d0], $x[$a0]), $m);
        $x[$d1] = rot16(xor($x[$d1], $x[$a1]), $m);
        $x[$c0] = add($x[$c0], $x[$d0]);
        $x[$c1] = add($x[$c1], $x[$d1]);
        $x[$b0] = rot12(xor($x[$b0], $x[$c0]));
        $x[$b1] = rot12(xor($x[$b1], $x[$c1]));
        $x[$a0] = add($x[$a0], $x[$b0]);
        $x[$a1] = add($x[$a1], $x[$b1]);
        $x[$d0] = rot8(xor($x[$d0], $x[$a0]), $m);
        $x[$d1] = rot8(xor($x[$d1], $x[$a1]), $m);
        $x[$c0] = add($x[$c0], $x[$d0]);
        $x[$c1] = add($x[$c1], $x[$d1]);
        $x[$b0] = rot7(xor($x[$b0], $x[$c0]));
        $x[$b1] = rot7(xor($x[$b1], $x[$c1]));
    };
}

/// Transposes four registers of four 32-bit lanes.
#[inline]
#[target_feature(enable = "sse2,ssse3")]
fn transpose(a: __m128i, b: __m128i, c: __m128i, d: __m128i) -> [__m128i; 4] {
    let t0 = _mm_unpacklo_epi32(a, b);
    let t1 = _mm_unpacklo_epi32(c, d);
    let t2 = _mm_unpackhi_epi32(a, b);
    let t3 = _mm_unpackhi_epi32(c, d);
    [
        _mm_unpacklo_epi64(t0, t1),
        _mm_unpackhi_epi64(t0, t1),
        _mm_unpacklo_epi64(t2, t3),
        _mm_unpackhi_epi64(t2, t3),
    ]
}

/// The keystream of blocks `ctr..ctr + 4` (mod 2^32), in output order:
/// element `4 * b + k` is bytes `16 k..16 k + 16` of block `b`.
#[inline]
#[target_feature(enable = "sse2,ssse3")]
pub(super) fn blocks4(state: &[u32; 16], ctr: u32) -> [__m128i; 16] {
    let mut x = [_mm_setzero_si128(); 16];
    for j in 0..16 {
        x[j] = _mm_set1_epi32(state[j] as i32);
    }
    x[12] = _mm_add_epi32(_mm_set1_epi32(ctr as i32), _mm_setr_epi32(0, 1, 2, 3));
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
    let mut out = [_mm_setzero_si128(); 16];
    for g in 0..4 {
        let r = transpose(
            _mm_add_epi32(x[4 * g], input[4 * g]),
            _mm_add_epi32(x[4 * g + 1], input[4 * g + 1]),
            _mm_add_epi32(x[4 * g + 2], input[4 * g + 2]),
            _mm_add_epi32(x[4 * g + 3], input[4 * g + 3]),
        );
        for b in 0..4 {
            out[4 * b + g] = r[b];
        }
    }
    out
}

#[inline]
#[target_feature(enable = "sse2,ssse3")]
fn load(s: &[u32]) -> __m128i {
    _mm_setr_epi32(s[0] as i32, s[1] as i32, s[2] as i32, s[3] as i32)
}

/// The keystream of block `ctr`, row by row.
#[inline]
#[target_feature(enable = "sse2,ssse3")]
pub(super) fn block1(state: &[u32; 16], ctr: u32) -> [__m128i; 4] {
    let r0 = load(&state[0..4]);
    let r1 = load(&state[4..8]);
    let r2 = load(&state[8..12]);
    let r3 = _mm_setr_epi32(
        ctr as i32,
        state[13] as i32,
        state[14] as i32,
        state[15] as i32,
    );
    let m = masks();
    let (mut a, mut b, mut c, mut d) = (r0, r1, r2, r3);
    for _ in 0..10 {
        a = _mm_add_epi32(a, b);
        d = rot16(_mm_xor_si128(d, a), m);
        c = _mm_add_epi32(c, d);
        b = rot12(_mm_xor_si128(b, c));
        a = _mm_add_epi32(a, b);
        d = rot8(_mm_xor_si128(d, a), m);
        c = _mm_add_epi32(c, d);
        b = rot7(_mm_xor_si128(b, c));
        // Diagonals into columns: row i rotated left by i lanes.
        b = _mm_shuffle_epi32::<0x39>(b);
        c = _mm_shuffle_epi32::<0x4e>(c);
        d = _mm_shuffle_epi32::<0x93>(d);
        a = _mm_add_epi32(a, b);
        d = rot16(_mm_xor_si128(d, a), m);
        c = _mm_add_epi32(c, d);
        b = rot12(_mm_xor_si128(b, c));
        a = _mm_add_epi32(a, b);
        d = rot8(_mm_xor_si128(d, a), m);
        c = _mm_add_epi32(c, d);
        b = rot7(_mm_xor_si128(b, c));
        b = _mm_shuffle_epi32::<0x93>(b);
        c = _mm_shuffle_epi32::<0x4e>(c);
        d = _mm_shuffle_epi32::<0x39>(d);
    }
    [
        _mm_add_epi32(a, r0),
        _mm_add_epi32(b, r1),
        _mm_add_epi32(c, r2),
        _mm_add_epi32(d, r3),
    ]
}

/// XORs `N` 16-byte keystream registers into `io` from byte `at` (as far
/// as the data goes; a partial last block's keystream goes to `tail`) and
/// returns the number of bytes done.
#[inline]
#[target_feature(enable = "sse2,ssse3")]
pub(super) fn xor_out<const N: usize>(
    io: &mut InOut<'_>,
    at: usize,
    ks: &[__m128i; N],
    tail: &mut [u8; 64],
) -> usize {
    if io.len() - at >= 16 * N {
        for (i, k) in ks.iter().enumerate() {
            // SAFETY: `at + 16 * N <= io.len()`, so these 16 bytes are in
            // bounds of the input and of the output; unaligned loads and
            // stores; the load of a block comes before its store.
            unsafe {
                let v = _mm_loadu_si128(io.src_ptr().add(at + 16 * i).cast());
                _mm_storeu_si128(io.dst_ptr().add(at + 16 * i).cast(), _mm_xor_si128(v, *k));
            }
        }
        16 * N
    } else {
        let mut buf = [[0u8; 16]; N];
        for (b, k) in buf.iter_mut().zip(ks) {
            // SAFETY: `b` is a 16-byte array: valid for an unaligned store.
            unsafe { _mm_storeu_si128(b.as_mut_ptr().cast(), *k) };
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
/// The CPU must have SSSE3 (and SSE2).
#[target_feature(enable = "sse2,ssse3")]
pub(crate) unsafe fn xor_keystream(state: &[u32; 16], mut io: InOut<'_>, tail: &mut [u8; 64]) {
    let len = io.len();
    let mut at = 0;
    let mut ctr = state[12];
    while len - at > 64 {
        at += xor_out(&mut io, at, &blocks4(state, ctr), tail);
        ctr = ctr.wrapping_add(4);
    }
    if at < len {
        xor_out(&mut io, at, &block1(state, ctr), tail);
    }
}
