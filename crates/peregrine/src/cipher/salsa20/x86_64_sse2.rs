//! Salsa20 with SSE2: four blocks in parallel in 128-bit registers.
//!
//! Technique: the "vertical" vectorisation of D. J. Bernstein's SIMD
//! Salsa20 implementations (and of this crate's ChaCha20 SSSE3 backend):
//!
//! - Register `j` holds word `j` of four consecutive blocks, one block per
//!   32-bit lane; words 8 and 9 hold the low and high halves of the 64-bit
//!   counters `ctr + 0..3`, computed per lane with the carry. A quarter
//!   round is then lane-wise adds, xors and rotations with no shuffling
//!   between rounds; quarter rounds run in pairs, step by step side by
//!   side (`qr2!`).
//! - Every rotation (7, 9, 13, 18) is two shifts and an or: none moves
//!   whole bytes, so `pshufb` (SSSE3) would not help and SSE2 is enough.
//! - After the rounds and the addition of the input, a 4x4 transpose of
//!   each group of four words turns lanes back into blocks.
//! - The last block alone (at most 64 bytes left) runs in the diagonal
//!   layout of Bernstein's and Crypto++'s SSE2 Salsa20: registers
//!   `a = (x0, x5, x10, x15)`, `b = (x4, x9, x14, x3)`,
//!   `c = (x8, x13, x2, x7)`, `d = (x12, x1, x6, x11)` make the column
//!   round four lane-wise quarter rounds; rotating the lanes of `b`, `c`,
//!   `d` by 3, 2, 1 (`pshufd`) lines up the row round the same way.
//!
//! The 4-block and 1-block functions are also the AVX2 backend's tails.

use core::arch::x86_64::*;

use crate::cipher::InOut;
use crate::cipher::chacha20::xor_from;

/// `x <<< N` (with `M = 32 - N`) on every lane.
macro_rules! rotl {
    ($x:expr, $n:literal, $m:literal) => {{
        let x = $x;
        _mm_or_si128(_mm_slli_epi32::<$n>(x), _mm_srli_epi32::<$m>(x))
    }};
}

#[inline]
#[target_feature(enable = "sse2")]
fn add(a: __m128i, b: __m128i) -> __m128i {
    _mm_add_epi32(a, b)
}

#[inline]
#[target_feature(enable = "sse2")]
fn xor(a: __m128i, b: __m128i) -> __m128i {
    _mm_xor_si128(a, b)
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

/// Transposes four registers of four 32-bit lanes.
#[inline]
#[target_feature(enable = "sse2")]
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

/// The keystream of blocks `ctr..ctr + 4` (mod 2^64), in output order:
/// element `4 * b + k` is bytes `16 k..16 k + 16` of block `b`.
#[inline]
#[target_feature(enable = "sse2")]
pub(super) fn blocks4(state: &[u32; 16], ctr: u64) -> [__m128i; 16] {
    let mut x = [_mm_setzero_si128(); 16];
    for j in 0..16 {
        x[j] = _mm_set1_epi32(state[j] as i32);
    }
    let c: [u64; 4] = core::array::from_fn(|i| ctr.wrapping_add(i as u64));
    x[8] = _mm_setr_epi32(c[0] as i32, c[1] as i32, c[2] as i32, c[3] as i32);
    x[9] = _mm_setr_epi32(
        (c[0] >> 32) as i32,
        (c[1] >> 32) as i32,
        (c[2] >> 32) as i32,
        (c[3] >> 32) as i32,
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
    let mut out = [_mm_setzero_si128(); 16];
    for g in 0..4 {
        let r = transpose(
            add(x[4 * g], input[4 * g]),
            add(x[4 * g + 1], input[4 * g + 1]),
            add(x[4 * g + 2], input[4 * g + 2]),
            add(x[4 * g + 3], input[4 * g + 3]),
        );
        for b in 0..4 {
            out[4 * b + g] = r[b];
        }
    }
    out
}

#[inline]
#[target_feature(enable = "sse2")]
fn set(a: u32, b: u32, c: u32, d: u32) -> __m128i {
    _mm_setr_epi32(a as i32, b as i32, c as i32, d as i32)
}

/// The keystream of block `ctr`, as four 16-byte rows in output order.
#[inline]
#[target_feature(enable = "sse2")]
pub(super) fn block1(state: &[u32; 16], ctr: u64) -> [__m128i; 4] {
    let mut s = *state;
    super::set_counter(&mut s, ctr);
    // The diagonal layout (see the module documentation).
    let a0 = set(s[0], s[5], s[10], s[15]);
    let b0 = set(s[4], s[9], s[14], s[3]);
    let c0 = set(s[8], s[13], s[2], s[7]);
    let d0 = set(s[12], s[1], s[6], s[11]);
    let (mut a, mut b, mut c, mut d) = (a0, b0, c0, d0);
    for _ in 0..10 {
        // Column round: lane i is the quarter round of column i.
        b = xor(b, rotl!(add(a, d), 7, 25));
        c = xor(c, rotl!(add(b, a), 9, 23));
        d = xor(d, rotl!(add(c, b), 13, 19));
        a = xor(a, rotl!(add(d, c), 18, 14));
        // Row round: y1, y2, y3 are d, c, b with lanes rotated by 1, 2, 3.
        let mut y1 = _mm_shuffle_epi32::<0x39>(d);
        let mut y2 = _mm_shuffle_epi32::<0x4e>(c);
        let mut y3 = _mm_shuffle_epi32::<0x93>(b);
        y1 = xor(y1, rotl!(add(a, y3), 7, 25));
        y2 = xor(y2, rotl!(add(y1, a), 9, 23));
        y3 = xor(y3, rotl!(add(y2, y1), 13, 19));
        a = xor(a, rotl!(add(y3, y2), 18, 14));
        d = _mm_shuffle_epi32::<0x93>(y1);
        c = _mm_shuffle_epi32::<0x4e>(y2);
        b = _mm_shuffle_epi32::<0x39>(y3);
    }
    let mut w = [[0u32; 4]; 4];
    for (o, v) in w
        .iter_mut()
        .zip([add(a, a0), add(b, b0), add(c, c0), add(d, d0)])
    {
        // SAFETY: `o` is a 16-byte array: valid for an unaligned store.
        unsafe { _mm_storeu_si128(o.as_mut_ptr().cast(), v) };
    }
    let [a, b, c, d] = w;
    let rows = [
        set(a[0], d[1], c[2], b[3]),
        set(b[0], a[1], d[2], c[3]),
        set(c[0], b[1], a[2], d[3]),
        set(d[0], c[1], b[2], a[3]),
    ];
    crate::ct::wipe(&mut w);
    rows
}

/// XORs `N` 16-byte keystream registers into `io` from byte `at` (as far
/// as the data goes; a partial last block's keystream goes to `tail`) and
/// returns the number of bytes done.
#[inline]
#[target_feature(enable = "sse2")]
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

/// XORs the keystream of blocks `ctr`, `ctr + 1`, ... (the state's 64-bit
/// counter) into `io`; the last block may be partial, and then its whole
/// keystream is left in `tail`.
///
/// # Safety
/// The CPU must have SSE2.
#[target_feature(enable = "sse2")]
pub(crate) unsafe fn xor_keystream(state: &[u32; 16], mut io: InOut<'_>, tail: &mut [u8; 64]) {
    let len = io.len();
    let mut at = 0;
    let mut ctr = super::counter(state);
    while len - at > 64 {
        at += xor_out(&mut io, at, &blocks4(state, ctr), tail);
        ctr = ctr.wrapping_add(4);
    }
    if at < len {
        xor_out(&mut io, at, &block1(state, ctr), tail);
    }
}
