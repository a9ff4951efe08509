//! Portable ChaCha20: the quarter round of RFC 8439 section 2.1 on `u32`s.
//!
//! Only 32-bit additions, xors and fixed rotations, so constant time by
//! construction (no branch or index depends on the key or data).
//!
//! Several blocks at once: while more than one block is left, four blocks
//! run side by side as `[[u32; 4]; 16]` (word `j` of the four blocks in
//! `x[j]`, the "vertical" layout of the SIMD backends), with every step a
//! loop over the four lanes. That is still plain scalar Rust, but the four
//! chains are independent, so the CPU overlaps them and the compiler is free
//! to use the baseline vector unit (SSE2 on x86_64, Advanced SIMD on
//! aarch64) for them. The last block alone runs one lane.

use super::xor_from;
use crate::cipher::InOut;

/// One quarter round on `x[a], x[b], x[c], x[d]` (RFC 8439 section 2.1).
#[inline(always)]
fn quarter_round(x: &mut [u32; 16], a: usize, b: usize, c: usize, d: usize) {
    x[a] = x[a].wrapping_add(x[b]);
    x[d] = (x[d] ^ x[a]).rotate_left(16);
    x[c] = x[c].wrapping_add(x[d]);
    x[b] = (x[b] ^ x[c]).rotate_left(12);
    x[a] = x[a].wrapping_add(x[b]);
    x[d] = (x[d] ^ x[a]).rotate_left(8);
    x[c] = x[c].wrapping_add(x[d]);
    x[b] = (x[b] ^ x[c]).rotate_left(7);
}

/// The 20 rounds (10 column rounds alternating with 10 diagonal rounds),
/// without the final addition of the input: HChaCha20's core.
pub(crate) fn rounds(x: &mut [u32; 16]) {
    for _ in 0..10 {
        quarter_round(x, 0, 4, 8, 12);
        quarter_round(x, 1, 5, 9, 13);
        quarter_round(x, 2, 6, 10, 14);
        quarter_round(x, 3, 7, 11, 15);
        quarter_round(x, 0, 5, 10, 15);
        quarter_round(x, 1, 6, 11, 12);
        quarter_round(x, 2, 7, 8, 13);
        quarter_round(x, 3, 4, 9, 14);
    }
}

/// `L` blocks side by side: `x[j][l]` is word `j` of block `l`.
type Lanes<const L: usize> = [[u32; L]; 16];

/// The quarter round on lanes: each step for all `L` blocks at once.
// The lane loops index four different rows of `x` at once.
#[allow(clippy::needless_range_loop)]
#[inline(always)]
fn quarter_round_lanes<const L: usize>(x: &mut Lanes<L>, a: usize, b: usize, c: usize, d: usize) {
    for l in 0..L {
        x[a][l] = x[a][l].wrapping_add(x[b][l]);
        x[d][l] = (x[d][l] ^ x[a][l]).rotate_left(16);
    }
    for l in 0..L {
        x[c][l] = x[c][l].wrapping_add(x[d][l]);
        x[b][l] = (x[b][l] ^ x[c][l]).rotate_left(12);
    }
    for l in 0..L {
        x[a][l] = x[a][l].wrapping_add(x[b][l]);
        x[d][l] = (x[d][l] ^ x[a][l]).rotate_left(8);
    }
    for l in 0..L {
        x[c][l] = x[c][l].wrapping_add(x[d][l]);
        x[b][l] = (x[b][l] ^ x[c][l]).rotate_left(7);
    }
}

/// The keystream of blocks `ctr`, `ctr + 1`, ..., `ctr + L - 1` (mod
/// 2^32), serialized into `ks[..64 * L]`.
// Serializing reads `x` column by column.
#[allow(clippy::needless_range_loop)]
#[inline(always)]
fn blocks<const L: usize>(state: &[u32; 16], ctr: u32, ks: &mut [u8]) {
    let mut x: Lanes<L> = [[0; L]; 16];
    for (j, w) in x.iter_mut().enumerate() {
        *w = [state[j]; L];
    }
    for l in 0..L {
        x[12][l] = ctr.wrapping_add(l as u32);
    }
    let input = x;
    for _ in 0..10 {
        quarter_round_lanes(&mut x, 0, 4, 8, 12);
        quarter_round_lanes(&mut x, 1, 5, 9, 13);
        quarter_round_lanes(&mut x, 2, 6, 10, 14);
        quarter_round_lanes(&mut x, 3, 7, 11, 15);
        quarter_round_lanes(&mut x, 0, 5, 10, 15);
        quarter_round_lanes(&mut x, 1, 6, 11, 12);
        quarter_round_lanes(&mut x, 2, 7, 8, 13);
        quarter_round_lanes(&mut x, 3, 4, 9, 14);
    }
    for l in 0..L {
        for j in 0..16 {
            let w = x[j][l].wrapping_add(input[j][l]);
            ks[64 * l + 4 * j..64 * l + 4 * j + 4].copy_from_slice(&w.to_le_bytes());
        }
    }
    x = [[0; L]; 16];
    core::hint::black_box(&mut x);
}

/// XORs the keystream of blocks `state[12]`, `state[12] + 1`, ... into
/// `io`; the last block may be partial, and then its whole keystream is
/// left in `tail`.
pub(crate) fn xor_keystream(state: &[u32; 16], mut io: InOut<'_>, tail: &mut [u8; 64]) {
    let len = io.len();
    let mut at = 0;
    let mut ctr = state[12];
    let mut ks = [0u8; 256];
    while len - at > 64 {
        blocks::<4>(state, ctr, &mut ks);
        at += xor_from(&mut io, at, &ks, tail);
        ctr = ctr.wrapping_add(4);
    }
    if at < len {
        blocks::<1>(state, ctr, &mut ks[..64]);
        xor_from(&mut io, at, &ks[..64], tail);
    }
    crate::ct::wipe(&mut ks);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quarter_round_rfc8439_2_1_1() {
        let mut x = [0u32; 16];
        x[..4].copy_from_slice(&[0x11111111, 0x01020304, 0x9b8d6f43, 0x01234567]);
        quarter_round(&mut x, 0, 1, 2, 3);
        assert_eq!(x[..4], [0xea2a92f4, 0xcb1cf8ce, 0x4581472e, 0x5881c4bb]);
    }

    #[test]
    fn quarter_round_on_state_rfc8439_2_2_1() {
        let mut x = [
            0x879531e0, 0xc5ecf37d, 0x516461b1, 0xc9a62f8a, 0x44c20ef3, 0x3390af7f, 0xd9fc690b,
            0x2a5f714c, 0x53372767, 0xb00a5631, 0x974c541a, 0x359e9963, 0x5c971061, 0x3d631689,
            0x2098d9d6, 0x91dbd320,
        ];
        quarter_round(&mut x, 2, 7, 8, 13);
        let want = [
            0x879531e0, 0xc5ecf37d, 0xbdb886dc, 0xc9a62f8a, 0x44c20ef3, 0x3390af7f, 0xd9fc690b,
            0xcfacafd2, 0xe46bea80, 0xb00a5631, 0x974c541a, 0x359e9963, 0x5c971061, 0xccc07c79,
            0x2098d9d6, 0x91dbd320,
        ];
        assert_eq!(x, want);
    }

    #[test]
    fn rounds_rfc8439_2_3_2() {
        // The state after the 20 rounds, before the addition of the input.
        let mut x = [
            0x61707865, 0x3320646e, 0x79622d32, 0x6b206574, 0x03020100, 0x07060504, 0x0b0a0908,
            0x0f0e0d0c, 0x13121110, 0x17161514, 0x1b1a1918, 0x1f1e1d1c, 0x00000001, 0x09000000,
            0x4a000000, 0x00000000,
        ];
        rounds(&mut x);
        let want = [
            0x837778ab, 0xe238d763, 0xa67ae21e, 0x5950bb2f, 0xc4f2d0c7, 0xfc62bb2f, 0x8fa018fc,
            0x3f5ec7b7, 0x335271c2, 0xf29489f3, 0xeabda8fc, 0x82e46ebd, 0xd19c12b4, 0xb04e16de,
            0x9e83d0cb, 0x4e3c50a2,
        ];
        assert_eq!(x, want);
    }

    #[test]
    fn lanes_agree_with_one_block() {
        let mut state = [0u32; 16];
        for (i, w) in state.iter_mut().enumerate() {
            *w = (i as u32).wrapping_mul(0x9e3779b9);
        }
        let ctr = u32::MAX - 1;
        let mut four = [0u8; 256];
        blocks::<4>(&state, ctr, &mut four);
        for l in 0..4u32 {
            let mut one = [0u8; 64];
            blocks::<1>(&state, ctr.wrapping_add(l), &mut one);
            assert_eq!(one[..], four[64 * l as usize..][..64]);
        }
    }
}
