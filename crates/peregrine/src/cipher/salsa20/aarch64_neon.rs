//! Salsa20 with Advanced SIMD (NEON): four blocks in parallel.
//!
//! Technique: the vertical layout of the x86_64 SSE2 backend (and of this
//! crate's ChaCha20 NEON backend, after the NEON paths of OpenSSL's
//! `chacha-armv8.pl`):
//!
//! - Register `j` holds word `j` of four consecutive blocks, one block per
//!   32-bit lane; words 8 and 9 hold the low and high halves of the 64-bit
//!   counters `ctr + 0..3`, carry included. All sixteen state registers
//!   and their inputs fit in aarch64's 32 vector registers, so the four
//!   quarter rounds of a round run step by step side by side (`round!`).
//! - Every rotation (7, 9, 13, 18) is a shift right and a
//!   shift-left-and-insert (`ushr` + `sli`).
//! - After the rounds and the addition of the input, a 4x4 transpose per
//!   group of four words (`trn1`/`trn2` on 32-bit, then 64-bit elements)
//!   turns lanes back into blocks.
//! - The last block alone runs in the diagonal layout of the SSE2 backend
//!   (`a = (x0, x5, x10, x15)`, `b = (x4, x9, x14, x3)`,
//!   `c = (x8, x13, x2, x7)`, `d = (x12, x1, x6, x11)`), the row round
//!   reached by rotating lanes with `ext`.

use core::arch::aarch64::*;

use crate::cipher::InOut;
use crate::cipher::chacha20::xor_from;

/// `x <<< N` (with `M = 32 - N`) on every lane.
macro_rules! rotl {
    ($x:expr, $n:literal, $m:literal) => {{
        let x = $x;
        vsliq_n_u32::<$n>(vshrq_n_u32::<$m>(x), x)
    }};
}

/// The four quarter rounds of a round, on `(y0, y1, y2, y3)` =
/// `(a_i, b_i, c_i, d_i)` of `x`, step by step across the four.
macro_rules! round {
    ($x:ident, $($a:literal $b:literal $c:literal $d:literal),+) => {
        $( $x[$b] = veorq_u32($x[$b], rotl!(vaddq_u32($x[$a], $x[$d]), 7, 25)); )+
        $( $x[$c] = veorq_u32($x[$c], rotl!(vaddq_u32($x[$b], $x[$a]), 9, 23)); )+
        $( $x[$d] = veorq_u32($x[$d], rotl!(vaddq_u32($x[$c], $x[$b]), 13, 19)); )+
        $( $x[$a] = veorq_u32($x[$a], rotl!(vaddq_u32($x[$d], $x[$c]), 18, 14)); )+
    };
}

/// Transposes four registers of four 32-bit lanes.
#[inline]
#[target_feature(enable = "neon")]
fn transpose(a: uint32x4_t, b: uint32x4_t, c: uint32x4_t, d: uint32x4_t) -> [uint32x4_t; 4] {
    let t0 = vreinterpretq_u64_u32(vtrn1q_u32(a, b));
    let t1 = vreinterpretq_u64_u32(vtrn2q_u32(a, b));
    let t2 = vreinterpretq_u64_u32(vtrn1q_u32(c, d));
    let t3 = vreinterpretq_u64_u32(vtrn2q_u32(c, d));
    [
        vreinterpretq_u32_u64(vtrn1q_u64(t0, t2)),
        vreinterpretq_u32_u64(vtrn1q_u64(t1, t3)),
        vreinterpretq_u32_u64(vtrn2q_u64(t0, t2)),
        vreinterpretq_u32_u64(vtrn2q_u64(t1, t3)),
    ]
}

/// Four `u32`s into a register.
#[inline]
#[target_feature(enable = "neon")]
fn set(w: [u32; 4]) -> uint32x4_t {
    // SAFETY: `w` is four `u32`s: valid for a 16-byte load.
    unsafe { vld1q_u32(w.as_ptr()) }
}

/// The keystream of blocks `ctr..ctr + 4` (mod 2^64), in output order:
/// element `4 * b + k` is bytes `16 k..16 k + 16` of block `b`.
#[inline]
#[target_feature(enable = "neon")]
fn blocks4(state: &[u32; 16], ctr: u64) -> [uint32x4_t; 16] {
    let mut x = [vdupq_n_u32(0); 16];
    for j in 0..16 {
        x[j] = vdupq_n_u32(state[j]);
    }
    let c: [u64; 4] = core::array::from_fn(|i| ctr.wrapping_add(i as u64));
    x[8] = set([c[0] as u32, c[1] as u32, c[2] as u32, c[3] as u32]);
    x[9] = set([
        (c[0] >> 32) as u32,
        (c[1] >> 32) as u32,
        (c[2] >> 32) as u32,
        (c[3] >> 32) as u32,
    ]);
    let input = x;
    for _ in 0..10 {
        round!(x, 0 4 8 12, 5 9 13 1, 10 14 2 6, 15 3 7 11);
        round!(x, 0 1 2 3, 5 6 7 4, 10 11 8 9, 15 12 13 14);
    }
    let mut out = [vdupq_n_u32(0); 16];
    for g in 0..4 {
        let r = transpose(
            vaddq_u32(x[4 * g], input[4 * g]),
            vaddq_u32(x[4 * g + 1], input[4 * g + 1]),
            vaddq_u32(x[4 * g + 2], input[4 * g + 2]),
            vaddq_u32(x[4 * g + 3], input[4 * g + 3]),
        );
        for b in 0..4 {
            out[4 * b + g] = r[b];
        }
    }
    out
}

/// The keystream of block `ctr`, as four 16-byte rows in output order.
#[inline]
#[target_feature(enable = "neon")]
fn block1(state: &[u32; 16], ctr: u64) -> [uint32x4_t; 4] {
    let mut s = *state;
    super::set_counter(&mut s, ctr);
    let a0 = set([s[0], s[5], s[10], s[15]]);
    let b0 = set([s[4], s[9], s[14], s[3]]);
    let c0 = set([s[8], s[13], s[2], s[7]]);
    let d0 = set([s[12], s[1], s[6], s[11]]);
    crate::ct::wipe(&mut s);
    let (mut a, mut b, mut c, mut d) = (a0, b0, c0, d0);
    for _ in 0..10 {
        // Column round: lane i is the quarter round of column i.
        b = veorq_u32(b, rotl!(vaddq_u32(a, d), 7, 25));
        c = veorq_u32(c, rotl!(vaddq_u32(b, a), 9, 23));
        d = veorq_u32(d, rotl!(vaddq_u32(c, b), 13, 19));
        a = veorq_u32(a, rotl!(vaddq_u32(d, c), 18, 14));
        // Row round: y1, y2, y3 are d, c, b with lanes rotated by 1, 2, 3.
        let mut y1 = vextq_u32::<1>(d, d);
        let mut y2 = vextq_u32::<2>(c, c);
        let mut y3 = vextq_u32::<3>(b, b);
        y1 = veorq_u32(y1, rotl!(vaddq_u32(a, y3), 7, 25));
        y2 = veorq_u32(y2, rotl!(vaddq_u32(y1, a), 9, 23));
        y3 = veorq_u32(y3, rotl!(vaddq_u32(y2, y1), 13, 19));
        a = veorq_u32(a, rotl!(vaddq_u32(y3, y2), 18, 14));
        d = vextq_u32::<3>(y1, y1);
        c = vextq_u32::<2>(y2, y2);
        b = vextq_u32::<1>(y3, y3);
    }
    let mut w = [[0u32; 4]; 4];
    for (o, v) in w.iter_mut().zip([
        vaddq_u32(a, a0),
        vaddq_u32(b, b0),
        vaddq_u32(c, c0),
        vaddq_u32(d, d0),
    ]) {
        // SAFETY: `o` is four `u32`s: valid for a 16-byte store.
        unsafe { vst1q_u32(o.as_mut_ptr(), v) };
    }
    let [a, b, c, d] = w;
    let rows = [
        set([a[0], d[1], c[2], b[3]]),
        set([b[0], a[1], d[2], c[3]]),
        set([c[0], b[1], a[2], d[3]]),
        set([d[0], c[1], b[2], a[3]]),
    ];
    crate::ct::wipe(&mut w);
    rows
}

/// XORs `N` 16-byte keystream registers into `io` from byte `at` (as far
/// as the data goes; a partial last block's keystream goes to `tail`) and
/// returns the number of bytes done.
#[inline]
#[target_feature(enable = "neon")]
fn xor_out<const N: usize>(
    io: &mut InOut<'_>,
    at: usize,
    ks: &[uint32x4_t; N],
    tail: &mut [u8; 64],
) -> usize {
    if io.len() - at >= 16 * N {
        for (i, k) in ks.iter().enumerate() {
            // SAFETY: `at + 16 * N <= io.len()`, so these 16 bytes are in
            // bounds of the input and of the output; NEON loads and stores
            // of bytes need no alignment; the load comes before the store.
            unsafe {
                let v = vld1q_u8(io.src_ptr().add(at + 16 * i));
                vst1q_u8(
                    io.dst_ptr().add(at + 16 * i),
                    veorq_u8(v, vreinterpretq_u8_u32(*k)),
                );
            }
        }
        16 * N
    } else {
        let mut buf = [[0u8; 16]; N];
        for (b, k) in buf.iter_mut().zip(ks) {
            // SAFETY: `b` is a 16-byte array: valid for a 16-byte store.
            unsafe { vst1q_u8(b.as_mut_ptr(), vreinterpretq_u8_u32(*k)) };
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
/// The CPU must have Advanced SIMD (every aarch64 Linux CPU does).
#[target_feature(enable = "neon")]
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
