//! Portable GHASH: the bit-serial multiplication of SP 800-38D
//! algorithm 1 with every conditional XOR done by a mask, so the time does
//! not depend on H or the data. Slow (a reference, not a fast path).

use crate::cipher::Block;

/// The hash subkey as a big-endian integer (bit 0 of the field element is
/// the integer's top bit).
#[derive(Clone)]
pub(crate) struct Key {
    h: u128,
}

impl Drop for Key {
    fn drop(&mut self) {
        // SAFETY-free wipe: overwrite, then keep the store observable.
        self.h = 0;
        core::hint::black_box(&mut self.h);
    }
}

impl Key {
    pub(crate) fn new(h: &Block) -> Key {
        Key {
            h: u128::from_be_bytes(*h),
        }
    }
}

/// `x * y` in GCM's GF(2^128) (SP 800-38D algorithm 1).
#[inline]
fn mul(x: u128, y: u128) -> u128 {
    const R: u128 = 0xe1 << 120;
    let mut z = 0u128;
    let mut v = y;
    for i in 0..128 {
        let bit = (x >> (127 - i)) & 1;
        z ^= v & bit.wrapping_neg();
        let lsb = v & 1;
        v = (v >> 1) ^ (R & lsb.wrapping_neg());
    }
    z
}

/// `acc = (acc ^ m) * H` for each whole block `m` of `data`.
pub(crate) fn update_blocks(k: &Key, acc: &mut Block, data: &[u8]) {
    let mut a = u128::from_be_bytes(*acc);
    for m in data.chunks_exact(16) {
        let mut b = [0u8; 16];
        b.copy_from_slice(m);
        a = mul(a ^ u128::from_be_bytes(b), k.h);
    }
    *acc = a.to_be_bytes();
}
