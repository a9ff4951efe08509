//! Portable ChaCha20: the quarter round of RFC 8439 section 2.1 on `u32`s,
//! one block at a time.
//!
//! Only 32-bit additions, xors and fixed rotations, so constant time by
//! construction (no branch or index depends on the key or data).
//!
//! One block at a time: in scalar code the independent quarter rounds of a
//! round already fill the integer ports (a rotation is one instruction),
//! so more blocks per step would not help. Four blocks side by side in
//! `[[u32; 4]; 16]`, left to the compiler's auto-vectoriser, measured
//! slower on x86_64 (SSE2 has no byte shuffle, so every rotation is two
//! shifts and an or), so this file stays scalar.

use super::xor_from;
use crate::cipher::InOut;

/// Two quarter rounds (RFC 8439 section 2.1) on the words `[a, b, c, d]`
/// of `x`, step by step side by side. Written out by a macro rather than
/// as loops over the index arrays: under `opt-level = "s"` (the `small`
/// profile) LLVM does not unroll such loops, and the state then stays in
/// memory with run-time indices (5.6x the instructions on armv7).
macro_rules! quarter_rounds {
    ($x:ident, [$a0:literal, $b0:literal, $c0:literal, $d0:literal],
     [$a1:literal, $b1:literal, $c1:literal, $d1:literal]) => {
        quarter_rounds!(@step $x, $a0, $b0, $d0, $a1, $b1, $d1, 16);
        quarter_rounds!(@step $x, $c0, $d0, $b0, $c1, $d1, $b1, 12);
        quarter_rounds!(@step $x, $a0, $b0, $d0, $a1, $b1, $d1, 8);
        quarter_rounds!(@step $x, $c0, $d0, $b0, $c1, $d1, $b1, 7);
    };
    // p += q; r = (r ^ p) <<< n, for both quarter rounds
    (@step $x:ident, $p0:literal, $q0:literal, $r0:literal,
     $p1:literal, $q1:literal, $r1:literal, $n:literal) => {
        $x[$p0] = $x[$p0].wrapping_add($x[$q0]);
        $x[$r0] = ($x[$r0] ^ $x[$p0]).rotate_left($n);
        $x[$p1] = $x[$p1].wrapping_add($x[$q1]);
        $x[$r1] = ($x[$r1] ^ $x[$p1]).rotate_left($n);
    };
}

/// The 20 rounds (10 column rounds alternating with 10 diagonal rounds),
/// without the final addition of the input: HChaCha20's core.
///
/// Quarter rounds go in pairs, as in OpenSSL's scalar x86_64 code: the
/// words of two columns and the other eight fit the integer registers
/// with few spills (LLVM spilled four times as often with all four
/// columns interleaved), and two independent chains keep the ports busy.
#[inline(always)]
pub(crate) fn rounds(x: &mut [u32; 16]) {
    for _ in 0..10 {
        quarter_rounds!(x, [0, 4, 8, 12], [1, 5, 9, 13]);
        quarter_rounds!(x, [2, 6, 10, 14], [3, 7, 11, 15]);
        quarter_rounds!(x, [0, 5, 10, 15], [1, 6, 11, 12]);
        quarter_rounds!(x, [2, 7, 8, 13], [3, 4, 9, 14]);
    }
}

/// The keystream block for the input state `input` (counter included).
#[inline]
fn block(input: &[u32; 16], out: &mut [u8; 64]) {
    let mut x = *input;
    rounds(&mut x);
    for (j, o) in out.chunks_exact_mut(4).enumerate() {
        o.copy_from_slice(&x[j].wrapping_add(input[j]).to_le_bytes());
    }
    crate::ct::wipe(&mut x);
}

/// XORs the keystream of blocks `state[12]`, `state[12] + 1`, ... into
/// `io`; the last block may be partial, and then its whole keystream is
/// left in `tail`.
pub(crate) fn xor_keystream(state: &[u32; 16], mut io: InOut<'_>, tail: &mut [u8; 64]) {
    let len = io.len();
    let mut at = 0;
    let mut x = *state;
    let mut ks = [0u8; 64];
    while at < len {
        block(&x, &mut ks);
        at += xor_from(&mut io, at, &ks, tail);
        x[12] = x[12].wrapping_add(1);
    }
    crate::ct::wipe(&mut ks);
    crate::ct::wipe(&mut x);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quarter_round_rfc8439_2_1_1() {
        let mut x = [0u32; 16];
        x[..4].copy_from_slice(&[0x11111111, 0x01020304, 0x9b8d6f43, 0x01234567]);
        x[4..8].copy_from_slice(&[0x11111111, 0x01020304, 0x9b8d6f43, 0x01234567]);
        // the macro runs two quarter rounds side by side: both get the vector
        quarter_rounds!(x, [0, 1, 2, 3], [4, 5, 6, 7]);
        let want: [u32; 4] = [0xea2a92f4, 0xcb1cf8ce, 0x4581472e, 0x5881c4bb];
        assert_eq!((&x[..4], &x[4..8]), (&want[..], &want[..]));
    }

    #[test]
    fn quarter_round_on_state_rfc8439_2_2_1() {
        let mut x: [u32; 16] = [
            0x879531e0, 0xc5ecf37d, 0x516461b1, 0xc9a62f8a, 0x44c20ef3, 0x3390af7f, 0xd9fc690b,
            0x2a5f714c, 0x53372767, 0xb00a5631, 0x974c541a, 0x359e9963, 0x5c971061, 0x3d631689,
            0x2098d9d6, 0x91dbd320,
        ];
        // with a second quarter round on words that are then restored
        let keep = [x[0], x[1], x[3], x[4]];
        quarter_rounds!(x, [2, 7, 8, 13], [0, 1, 3, 4]);
        [x[0], x[1], x[3], x[4]] = keep;
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
}
