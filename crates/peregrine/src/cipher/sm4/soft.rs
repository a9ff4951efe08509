//! Portable SM4, constant time: the four S-box lookups of a round are one
//! [`gf256::inv_swar`](crate::cipher::gf256::inv_swar) between two affine
//! maps (SM4's S is an affine map around inversion in GF(2^8)). No table
//! is indexed by data.

use super::{POST, PRE};
use crate::cipher::Block;
use crate::cipher::gf256::{affine_swar, inv_swar};

/// τ: the S-box on each byte of a word.
#[inline(always)]
pub(crate) fn tau(x: u32) -> u32 {
    affine_swar(inv_swar(affine_swar(u64::from(x), &PRE)), &POST) as u32
}

/// The round function T = L ∘ τ.
#[inline(always)]
fn t(x: u32) -> u32 {
    let b = tau(x);
    b ^ b.rotate_left(2) ^ b.rotate_left(10) ^ b.rotate_left(18) ^ b.rotate_left(24)
}

/// One block through the 32 round keys `rk` (reversed for decryption).
#[inline]
pub(crate) fn crypt_block(rk: &[u32; 32], b: &mut Block) {
    let mut x = [0u32; 4];
    for (w, c) in x.iter_mut().zip(b.chunks_exact(4)) {
        *w = u32::from_be_bytes([c[0], c[1], c[2], c[3]]);
    }
    for r in rk.chunks_exact(4) {
        x[0] ^= t(x[1] ^ x[2] ^ x[3] ^ r[0]);
        x[1] ^= t(x[2] ^ x[3] ^ x[0] ^ r[1]);
        x[2] ^= t(x[3] ^ x[0] ^ x[1] ^ r[2]);
        x[3] ^= t(x[0] ^ x[1] ^ x[2] ^ r[3]);
    }
    for (c, w) in b.chunks_exact_mut(4).zip(x.iter().rev()) {
        c.copy_from_slice(&w.to_be_bytes());
    }
}

/// Every block, one at a time.
pub(crate) fn crypt_blocks(rk: &[u32; 32], blocks: &mut [Block]) {
    for b in blocks {
        crypt_block(rk, b);
    }
}
