//! ChaCha20 with Advanced SIMD (NEON): four blocks in parallel.
//!
//! Technique: the "vertical" vectorisation of ChaCha (D. J. Bernstein's
//! NEON implementation; M. Goll and S. Gueron, "Vectorization on ChaCha
//! Stream Cipher", ITNG 2014), as in the NEON paths of OpenSSL's
//! `chacha-armv8.pl`:
//!
//! - Register `j` holds word `j` of four consecutive blocks, one block per
//!   32-bit lane; word 12 holds `ctr + 0..3` (lane adds, so a counter
//!   wraps modulo 2^32 and never carries into the nonce). All sixteen
//!   state registers and their inputs fit in aarch64's 32 vector
//!   registers. The four quarter rounds of a round run step by step side
//!   by side (`round!`).
//! - Rotations: by 16 with `rev32` on 16-bit elements (`vrev32q_u16`); by
//!   8 with one `tbl` byte permutation; by 12 and 7 with a shift right and
//!   a shift-left-and-insert (`ushr` + `sli`).
//! - After the rounds and the addition of the input, a 4x4 transpose per
//!   group of four words (`trn1`/`trn2` on 32-bit, then on 64-bit
//!   elements) turns lanes back into blocks, xored straight into the data.
//! - The last block alone (at most 64 bytes left) runs in the row layout,
//!   the diagonal round reached by rotating rows 1-3 with `ext`.

use core::arch::aarch64::*;

use super::xor_from;
use crate::cipher::InOut;

#[inline]
#[target_feature(enable = "neon")]
fn rot16(x: uint32x4_t) -> uint32x4_t {
    vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(x)))
}

/// The `tbl` indices of a rotation left by 8 in each 32-bit lane.
const ROT8: [u8; 16] = [3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14];

#[inline]
#[target_feature(enable = "neon")]
fn rot8(x: uint32x4_t, idx: uint8x16_t) -> uint32x4_t {
    vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(x), idx))
}

#[inline]
#[target_feature(enable = "neon")]
fn rot12(x: uint32x4_t) -> uint32x4_t {
    vsliq_n_u32::<12>(vshrq_n_u32::<20>(x), x)
}

#[inline]
#[target_feature(enable = "neon")]
fn rot7(x: uint32x4_t) -> uint32x4_t {
    vsliq_n_u32::<7>(vshrq_n_u32::<25>(x), x)
}

#[inline]
#[target_feature(enable = "neon")]
fn rot8_idx() -> uint8x16_t {
    // SAFETY: `ROT8` is 16 bytes: valid for a 16-byte load.
    unsafe { vld1q_u8(ROT8.as_ptr()) }
}

/// The four quarter rounds of a round, on columns `(a_i, b_i, c_i, d_i)`
/// of `x`, step by step across the four (aarch64's 32 vector registers
/// hold the whole state, its input and temporaries). A macro, so the
/// rounds are always inlined.
macro_rules! round {
    ($x:ident, $idx:ident, $($a:literal $b:literal $c:literal $d:literal),+) => {
        $( $x[$a] = vaddq_u32($x[$a], $x[$b]); )+
        $( $x[$d] = rot16(veorq_u32($x[$d], $x[$a])); )+
        $( $x[$c] = vaddq_u32($x[$c], $x[$d]); )+
        $( $x[$b] = rot12(veorq_u32($x[$b], $x[$c])); )+
        $( $x[$a] = vaddq_u32($x[$a], $x[$b]); )+
        $( $x[$d] = rot8(veorq_u32($x[$d], $x[$a]), $idx); )+
        $( $x[$c] = vaddq_u32($x[$c], $x[$d]); )+
        $( $x[$b] = rot7(veorq_u32($x[$b], $x[$c])); )+
    };
}

/// Transposes four registers of four 32-bit lanes.
#[inline]
#[target_feature(enable = "neon")]
fn transpose(a: uint32x4_t, b: uint32x4_t, c: uint32x4_t, d: uint32x4_t) -> [uint32x4_t; 4] {
    let t0 = vtrn1q_u32(a, b);
    let t1 = vtrn2q_u32(a, b);
    let t2 = vtrn1q_u32(c, d);
    let t3 = vtrn2q_u32(c, d);
    let (t0, t1, t2, t3) = (
        vreinterpretq_u64_u32(t0),
        vreinterpretq_u64_u32(t1),
        vreinterpretq_u64_u32(t2),
        vreinterpretq_u64_u32(t3),
    );
    [
        vreinterpretq_u32_u64(vtrn1q_u64(t0, t2)),
        vreinterpretq_u32_u64(vtrn1q_u64(t1, t3)),
        vreinterpretq_u32_u64(vtrn2q_u64(t0, t2)),
        vreinterpretq_u32_u64(vtrn2q_u64(t1, t3)),
    ]
}

/// The keystream of blocks `ctr..ctr + 4` (mod 2^32), in output order:
/// element `4 * b + k` is bytes `16 k..16 k + 16` of block `b`.
#[inline]
#[target_feature(enable = "neon")]
fn blocks4(state: &[u32; 16], ctr: u32) -> [uint32x4_t; 16] {
    let idx = rot8_idx();
    let mut x = [vdupq_n_u32(0); 16];
    for j in 0..16 {
        x[j] = vdupq_n_u32(state[j]);
    }
    const LANES: [u32; 4] = [0, 1, 2, 3];
    // SAFETY: `LANES` is 16 bytes: valid for a 16-byte load.
    x[12] = vaddq_u32(vdupq_n_u32(ctr), unsafe { vld1q_u32(LANES.as_ptr()) });
    let input = x;
    for _ in 0..10 {
        round!(x, idx, 0 4 8 12, 1 5 9 13, 2 6 10 14, 3 7 11 15);
        round!(x, idx, 0 5 10 15, 1 6 11 12, 2 7 8 13, 3 4 9 14);
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

/// The keystream of block `ctr`, row by row.
#[inline]
#[target_feature(enable = "neon")]
fn block1(state: &[u32; 16], ctr: u32) -> [uint32x4_t; 4] {
    let idx = rot8_idx();
    let mut row3 = [ctr, state[13], state[14], state[15]];
    // SAFETY: each slice is four `u32`s: valid for a 16-byte load.
    let (r0, r1, r2, r3) = unsafe {
        (
            vld1q_u32(state[0..4].as_ptr()),
            vld1q_u32(state[4..8].as_ptr()),
            vld1q_u32(state[8..12].as_ptr()),
            vld1q_u32(row3.as_ptr()),
        )
    };
    crate::ct::wipe(&mut row3);
    let (mut a, mut b, mut c, mut d) = (r0, r1, r2, r3);
    for _ in 0..10 {
        a = vaddq_u32(a, b);
        d = rot16(veorq_u32(d, a));
        c = vaddq_u32(c, d);
        b = rot12(veorq_u32(b, c));
        a = vaddq_u32(a, b);
        d = rot8(veorq_u32(d, a), idx);
        c = vaddq_u32(c, d);
        b = rot7(veorq_u32(b, c));
        // Diagonals into columns: row i rotated left by i lanes.
        b = vextq_u32::<1>(b, b);
        c = vextq_u32::<2>(c, c);
        d = vextq_u32::<3>(d, d);
        a = vaddq_u32(a, b);
        d = rot16(veorq_u32(d, a));
        c = vaddq_u32(c, d);
        b = rot12(veorq_u32(b, c));
        a = vaddq_u32(a, b);
        d = rot8(veorq_u32(d, a), idx);
        c = vaddq_u32(c, d);
        b = rot7(veorq_u32(b, c));
        b = vextq_u32::<3>(b, b);
        c = vextq_u32::<2>(c, c);
        d = vextq_u32::<1>(d, d);
    }
    [
        vaddq_u32(a, r0),
        vaddq_u32(b, r1),
        vaddq_u32(c, r2),
        vaddq_u32(d, r3),
    ]
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

/// XORs the keystream of blocks `state[12]`, `state[12] + 1`, ... into
/// `io`; the last block may be partial, and then its whole keystream is
/// left in `tail`.
///
/// # Safety
/// The CPU must have Advanced SIMD (every aarch64 Linux CPU does).
#[target_feature(enable = "neon")]
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
