//! AES with the ARMv8 Cryptography Extensions (`aese`/`aesmc`/`aesd`/
//! `aesimc`).
//!
//! Technique: as in ARM's and OpenSSL's `aesv8-armx.pl`, AESE+AESMC pairs
//! (which cores fuse) with 8 independent blocks in flight to cover the
//! instruction latency; decryption by the equivalent inverse cipher with
//! round keys through `aesimc`. The key expansion is FIPS 197's
//! (`expand_words`) with `SubWord` by AESE on a zero key (the word copied
//! into all four columns, so ShiftRows is the identity): constant time, no
//! tables. The modes run the shared kernels (`mode::kernels`) over this
//! wide block function, inlined into `#[target_feature]` wrappers.

use core::arch::aarch64::*;

use super::{CtrWidth, Dir};
use crate::cipher::{Block, InOut};
use crate::mode::kernels::{self, BlockCipher};

/// An ARMv8 AES key schedule.
#[derive(Clone)]
pub(crate) struct Key {
    enc: [[u8; 16]; 15],
    dec: [[u8; 16]; 15],
    rounds: usize,
}

impl Drop for Key {
    fn drop(&mut self) {
        crate::ct::wipe(&mut self.enc);
        crate::ct::wipe(&mut self.dec);
    }
}

#[target_feature(enable = "neon,aes")]
fn sub_word(w: u32) -> u32 {
    let v = vreinterpretq_u8_u32(vdupq_n_u32(w));
    vgetq_lane_u32::<0>(vreinterpretq_u32_u8(vaeseq_u8(v, vdupq_n_u8(0))))
}

#[inline(always)]
fn ld(b: &Block) -> uint8x16_t {
    // SAFETY: a 16-byte array is valid for a 16-byte load; NEON is part of
    // the aarch64 baseline.
    unsafe { vld1q_u8(b.as_ptr()) }
}

#[inline(always)]
fn st(b: &mut Block, v: uint8x16_t) {
    // SAFETY: a 16-byte array is valid for a 16-byte store.
    unsafe { vst1q_u8(b.as_mut_ptr(), v) }
}

impl Key {
    /// Expands `key` (16, 24 or 32 bytes; checked by the caller).
    ///
    /// # Safety
    /// The CPU must have the ARMv8 AES instructions.
    #[target_feature(enable = "neon,aes")]
    pub(crate) unsafe fn new(key: &[u8]) -> Key {
        let (mut w, rounds) = super::expand_words(key, |x| sub_word(x));
        let mut enc = [[0u8; 16]; 15];
        for (r, rk) in enc.iter_mut().enumerate().take(rounds + 1) {
            for j in 0..4 {
                rk[4 * j..4 * j + 4].copy_from_slice(&w[4 * r + j].to_le_bytes());
            }
        }
        crate::ct::wipe(&mut w);
        let mut dec = [[0u8; 16]; 15];
        dec[0] = enc[rounds];
        dec[rounds] = enc[0];
        for i in 1..rounds {
            st(&mut dec[i], vaesimcq_u8(ld(&enc[rounds - i])));
        }
        Key { enc, dec, rounds }
    }
}

/// Encrypts `W` blocks in parallel.
#[inline]
#[target_feature(enable = "neon,aes")]
fn enc<const W: usize>(k: &Key, b: &mut [uint8x16_t; W]) {
    let nr = k.rounds;
    for r in 0..nr - 1 {
        let kr = ld(&k.enc[r]);
        for x in b.iter_mut() {
            *x = vaesmcq_u8(vaeseq_u8(*x, kr));
        }
    }
    let (ka, kb) = (ld(&k.enc[nr - 1]), ld(&k.enc[nr]));
    for x in b.iter_mut() {
        *x = veorq_u8(vaeseq_u8(*x, ka), kb);
    }
}

/// Decrypts `W` blocks in parallel (equivalent inverse cipher).
#[inline]
#[target_feature(enable = "neon,aes")]
fn dec<const W: usize>(k: &Key, b: &mut [uint8x16_t; W]) {
    let nr = k.rounds;
    for r in 0..nr - 1 {
        let kr = ld(&k.dec[r]);
        for x in b.iter_mut() {
            *x = vaesimcq_u8(vaesdq_u8(*x, kr));
        }
    }
    let (ka, kb) = (ld(&k.dec[nr - 1]), ld(&k.dec[nr]));
    for x in b.iter_mut() {
        *x = veorq_u8(vaesdq_u8(*x, ka), kb);
    }
}

/// The wide block function: 8 blocks at a time, then one by one.
#[inline]
#[target_feature(enable = "neon,aes")]
fn blocks(k: &Key, dir: Dir, blocks: &mut [Block]) {
    let mut chunks = blocks.chunks_exact_mut(8);
    for c in &mut chunks {
        let mut v: [uint8x16_t; 8] = core::array::from_fn(|j| ld(&c[j]));
        match dir {
            Dir::Encrypt => enc::<8>(k, &mut v),
            Dir::Decrypt => dec::<8>(k, &mut v),
        }
        for (b, x) in c.iter_mut().zip(v) {
            st(b, x);
        }
    }
    for b in chunks.into_remainder() {
        let mut v = [ld(b)];
        match dir {
            Dir::Encrypt => enc::<1>(k, &mut v),
            Dir::Decrypt => dec::<1>(k, &mut v),
        }
        st(b, v[0]);
    }
}

/// The schedule as a [`BlockCipher`] for the shared kernels; only made
/// inside the `#[target_feature]` wrappers below.
struct Wide<'a>(&'a Key);

impl BlockCipher for Wide<'_> {
    #[inline(always)]
    fn encrypt_blocks(&self, b: &mut [Block]) {
        // SAFETY: a `Wide` exists only inside the wrappers below, which
        // run with the AES feature their callers proved.
        unsafe { blocks_unchecked(self.0, Dir::Encrypt, b) }
    }
    #[inline(always)]
    fn decrypt_blocks(&self, b: &mut [Block]) {
        // SAFETY: as above.
        unsafe { blocks_unchecked(self.0, Dir::Decrypt, b) }
    }
}

/// # Safety
/// The CPU must have the ARMv8 AES instructions.
#[inline]
#[target_feature(enable = "neon,aes")]
unsafe fn blocks_unchecked(k: &Key, dir: Dir, b: &mut [Block]) {
    blocks(k, dir, b)
}

/// ECB over whole blocks.
///
/// # Safety
/// The CPU must have the ARMv8 AES instructions (all wrappers below).
#[target_feature(enable = "neon,aes")]
pub(crate) unsafe fn ecb(k: &Key, dir: Dir, io: InOut<'_>) {
    kernels::ecb(&Wide(k), dir, io)
}

/// CBC encryption.
#[target_feature(enable = "neon,aes")]
pub(crate) unsafe fn cbc_encrypt(k: &Key, iv: &mut Block, io: InOut<'_>) {
    kernels::cbc_encrypt(&Wide(k), iv, io)
}

/// CBC decryption.
#[target_feature(enable = "neon,aes")]
pub(crate) unsafe fn cbc_decrypt(k: &Key, iv: &mut Block, io: InOut<'_>) {
    kernels::cbc_decrypt(&Wide(k), iv, io)
}

/// CBC-MAC.
#[target_feature(enable = "neon,aes")]
pub(crate) unsafe fn cbc_mac(k: &Key, state: &mut Block, data: &[u8]) {
    kernels::cbc_mac(&Wide(k), state, data)
}

/// CTR.
#[target_feature(enable = "neon,aes")]
pub(crate) unsafe fn ctr(k: &Key, ctr: &mut Block, width: CtrWidth, io: InOut<'_>) {
    kernels::ctr(&Wide(k), ctr, width, io)
}

/// XTS.
#[target_feature(enable = "neon,aes")]
pub(crate) unsafe fn xts(k: &Key, dir: Dir, tweak: &mut Block, io: InOut<'_>) {
    kernels::xts(&Wide(k), dir, tweak, io)
}
