//! Portable Camellia, constant time: the F-function's eight S-box lookups
//! are one [`gf256::inv_swar`](crate::cipher::gf256::inv_swar) on the
//! eight bytes of a `u64` between two affine maps (s1 is affine-equivalent
//! to inversion in GF(2^8)); s2, s3 and s4 are s1 with its output or input
//! rotated, done with masked byte rotations. No table is indexed by data.

use super::{POST, PRE, Sched};
use crate::cipher::Block;
use crate::cipher::gf256::{affine_swar, inv_swar, rotl1_swar, rotr1_swar};

/// Bytes t4 and t7 of the F input (s4: input rotated left by one).
pub(crate) const M4: u64 = 0x0000_00ff_0000_ff00;
/// Bytes t2 and t5 (s2: output rotated left by one).
pub(crate) const M2: u64 = 0x00ff_0000_ff00_0000;
/// Bytes t3 and t6 (s3: output rotated right by one).
pub(crate) const M3: u64 = 0x0000_ff00_00ff_0000;

/// The P-function (RFC 3713 section 2.4.1) on the S-box outputs
/// `z1..z8` (big-endian), as four word operations.
#[inline(always)]
pub(crate) fn p(z: u64) -> u64 {
    let mut l = (z >> 32) as u32;
    let mut r = z as u32;
    l ^= r.rotate_left(8);
    r ^= l.rotate_left(16);
    l ^= r.rotate_right(8);
    r ^= l.rotate_right(8);
    (u64::from(r) << 32) | u64::from(l)
}

/// The F-function.
#[inline(always)]
pub(crate) fn f(x: u64, k: u64) -> u64 {
    let x = x ^ k;
    let x = (x & !M4) | (rotl1_swar(x) & M4);
    let z = affine_swar(inv_swar(affine_swar(x, &PRE)), &POST);
    let z = (z & !(M2 | M3)) | (rotl1_swar(z) & M2) | (rotr1_swar(z) & M3);
    p(z)
}

/// FL.
#[inline(always)]
pub(crate) fn fl(x: u64, k: u64) -> u64 {
    let (mut x1, mut x2) = ((x >> 32) as u32, x as u32);
    let (k1, k2) = ((k >> 32) as u32, k as u32);
    x2 ^= (x1 & k1).rotate_left(1);
    x1 ^= x2 | k2;
    (u64::from(x1) << 32) | u64::from(x2)
}

/// FL⁻¹.
#[inline(always)]
pub(crate) fn flinv(y: u64, k: u64) -> u64 {
    let (mut y1, mut y2) = ((y >> 32) as u32, y as u32);
    let (k1, k2) = ((k >> 32) as u32, k as u32);
    y1 ^= y2 | k2;
    y2 ^= (y1 & k1).rotate_left(1);
    (u64::from(y1) << 32) | u64::from(y2)
}

/// One block through the schedule `s` (an encryption or a decryption
/// schedule: the algorithm is the same).
#[inline]
pub(crate) fn crypt_block(s: &Sched, b: &mut Block) {
    let mut h = [0u8; 8];
    h.copy_from_slice(&b[..8]);
    let mut d1 = u64::from_be_bytes(h) ^ s.kw[0];
    h.copy_from_slice(&b[8..]);
    let mut d2 = u64::from_be_bytes(h) ^ s.kw[1];
    for r in 0..s.rounds {
        if r > 0 && r % 6 == 0 {
            let i = 2 * (r / 6 - 1);
            d1 = fl(d1, s.ke[i]);
            d2 = flinv(d2, s.ke[i + 1]);
        }
        if r % 2 == 0 {
            d2 ^= f(d1, s.k[r]);
        } else {
            d1 ^= f(d2, s.k[r]);
        }
    }
    d2 ^= s.kw[2];
    d1 ^= s.kw[3];
    b[..8].copy_from_slice(&d2.to_be_bytes());
    b[8..].copy_from_slice(&d1.to_be_bytes());
}

/// Every block, one at a time.
pub(crate) fn crypt_blocks(s: &Sched, blocks: &mut [Block]) {
    for b in blocks {
        crypt_block(s, b);
    }
}
