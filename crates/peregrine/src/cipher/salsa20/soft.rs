//! Portable Salsa20: the quarter round of D. J. Bernstein's "Salsa20
//! specification" (2005) on `u32`s, one block at a time.
//!
//! Only 32-bit additions, xors and fixed rotations, so constant time by
//! construction (no branch or index depends on the key or data). One block
//! at a time, as the ChaCha20 `soft` backend and for the same reason: the
//! four independent quarter rounds of a round already fill the integer
//! ports.

use crate::cipher::InOut;
use crate::cipher::chacha20::xor_from;

/// `N` quarter rounds on the words `q[i] = [y0, y1, y2, y3]` of `x`, step
/// by step side by side:
/// `y1 ^= (y0 + y3) <<< 7; y2 ^= (y1 + y0) <<< 9; y3 ^= (y2 + y1) <<< 13;
/// y0 ^= (y3 + y2) <<< 18`.
#[inline(always)]
fn quarter_rounds<const N: usize>(x: &mut [u32; 16], q: [[usize; 4]; N]) {
    for [a, b, _, d] in q {
        x[b] ^= x[a].wrapping_add(x[d]).rotate_left(7);
    }
    for [a, b, c, _] in q {
        x[c] ^= x[b].wrapping_add(x[a]).rotate_left(9);
    }
    for [_, b, c, d] in q {
        x[d] ^= x[c].wrapping_add(x[b]).rotate_left(13);
    }
    for [a, _, c, d] in q {
        x[a] ^= x[d].wrapping_add(x[c]).rotate_left(18);
    }
}

/// The 20 rounds (10 column rounds alternating with 10 row rounds),
/// without the final addition of the input: HSalsa20's core.
#[inline(always)]
pub(crate) fn rounds(x: &mut [u32; 16]) {
    for _ in 0..10 {
        // Column round.
        quarter_rounds(x, [[0, 4, 8, 12], [5, 9, 13, 1]]);
        quarter_rounds(x, [[10, 14, 2, 6], [15, 3, 7, 11]]);
        // Row round.
        quarter_rounds(x, [[0, 1, 2, 3], [5, 6, 7, 4]]);
        quarter_rounds(x, [[10, 11, 8, 9], [15, 12, 13, 14]]);
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

/// XORs the keystream of blocks `ctr`, `ctr + 1`, ... (the 64-bit block
/// counter, words 8 and 9) into `io`; the last block may be partial, and
/// then its whole keystream is left in `tail`.
pub(crate) fn xor_keystream(state: &[u32; 16], mut io: InOut<'_>, tail: &mut [u8; 64]) {
    let len = io.len();
    let mut at = 0;
    let mut x = *state;
    let mut ctr = super::counter(state);
    let mut ks = [0u8; 64];
    while at < len {
        super::set_counter(&mut x, ctr);
        block(&x, &mut ks);
        at += xor_from(&mut io, at, &ks, tail);
        ctr = ctr.wrapping_add(1);
    }
    crate::ct::wipe(&mut ks);
    crate::ct::wipe(&mut x);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quarter_round_spec_examples() {
        // Salsa20 specification, section 3 ("quarterround" examples).
        let cases: [([u32; 4], [u32; 4]); 3] = [
            ([0, 0, 0, 0], [0, 0, 0, 0]),
            (
                [0x00000001, 0, 0, 0],
                [0x08008145, 0x00000080, 0x00010200, 0x20500000],
            ),
            (
                [0xe7e8c006, 0xc4f9417d, 0x6479b4b2, 0x68c67137],
                [0xe876d72b, 0x9361dfd5, 0xf1460244, 0x948541a3],
            ),
        ];
        for (inp, want) in cases {
            let mut x = [0u32; 16];
            x[..4].copy_from_slice(&inp);
            quarter_rounds(&mut x, [[0, 1, 2, 3]]);
            assert_eq!(x[..4], want);
        }
    }
}
