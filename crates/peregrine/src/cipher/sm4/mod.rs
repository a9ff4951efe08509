//! SM4 (GB/T 32907-2016, RFC 8998), the 128-bit block cipher; the modes
//! are in [`crate::mode::block128`] and SM4-GCM in
//! [`crate::aead::sm4_gcm`].
//!
//! Every backend is constant time, the key schedule included. SM4's S-box
//! is an affine map around inversion in GF(2^8) (modulo
//! x^8+x^7+x^6+x^5+x^4+x^2+1); the table is computed here from that
//! definition, and `cipher::gf256` rewrites it around AES's
//! inversion at compile time. The portable backend inverts the four bytes
//! of a word in a `u64`; the AES-NI one runs the S-box through
//! `aesenclast` between `pshufb` affine filters, 4 blocks per register
//! (one 32-bit word of each), 16 blocks per call. The GFNI ones
//! (`gfni512`: zmm, 64 blocks per step; `gfni`: ymm, 32) compute the S-box
//! with `gf2p8affineqb` and `gf2p8affineinvqb` (matrices derived at
//! compile time), and their one-block CBC encryption keeps the state
//! through the S-box's input map so a round is one XOR, three
//! `gf2p8affineinvqb` and rotations.
//!
//! ```
//! use peregrine::cipher::sm4::Sm4;
//! use peregrine::mode::block128::BlockCipher128;
//! let key = [0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0xfe, 0xdc, 0xba, 0x98, 0x76, 0x54, 0x32, 0x10];
//! let c = Sm4::new(&key).unwrap().encrypt_block(key);
//! assert_eq!(c[..4], [0x68, 0x1e, 0xdf, 0x34]);
//! ```

use crate::Error;
use crate::cipher::Block;
use crate::cipher::gf256::{Affine, decompose};
use crate::mode::block128::BlockCipher128;

pub(crate) mod soft;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86_64_aesni;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86_64_gfni;

crate::cpu::backends! {
    primitive: "sm4", doc: "An SM4 backend.";
    /// 64 blocks per step in zmm registers (16 per register), the S-box
    /// by `gf2p8affineqb` + `gf2p8affineinvqb`, L by `vprold`.
    Gfni512 = "gfni512", "x86_64", [Sse2, Ssse3, Avx, Avx2, Gfni, Avx512f, Avx512bw, Avx512vl, Zmm];
    /// 32 blocks per step in ymm registers (AVX2, VEX-encoded GFNI), the
    /// S-box by `gf2p8affineqb` + `gf2p8affineinvqb`.
    Gfni = "gfni", "x86_64", [Sse2, Ssse3, Avx, Avx2, Gfni];
    /// 16 blocks in xmm registers (4 per register), the S-box through
    /// `aesenclast` with affine `pshufb` filters.
    Aesni = "aesni", "x86_64", [Sse2, Ssse3, Aes];
    /// Portable Rust: the S-box as GF(2^8) inversion on the bytes of a
    /// `u64` between affine maps. Constant time, no tables indexed by data.
    Soft = "soft", any, [];
}

/// Multiplication modulo SM4's polynomial x^8+x^7+x^6+x^5+x^4+x^2+1.
const fn gmul_sm4(mut a: u8, mut b: u8) -> u8 {
    let mut r = 0u8;
    while b != 0 {
        if b & 1 != 0 {
            r ^= a;
        }
        a = (a << 1) ^ (if a & 0x80 != 0 { 0xf5 } else { 0 });
        b >>= 1;
    }
    r
}

/// SM4's affine map: output bit i is the parity of `x & rotl(0xa7, i)`,
/// then XOR 0xd3.
const fn sm4_affine(x: u8) -> u8 {
    let mut out = 0u8;
    let mut i = 0;
    while i < 8 {
        out |= (((x & 0xa7u8.rotate_left(i)).count_ones() & 1) as u8) << i;
        i += 1;
    }
    out ^ 0xd3
}

/// The S-box, from its algebraic definition: affine ∘ inverse ∘ affine.
pub(crate) const SBOX: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut x = 0;
    while x < 256 {
        let u = sm4_affine(x as u8);
        let mut inv = 1u8;
        let mut i = 0;
        while i < 254 {
            inv = gmul_sm4(inv, u);
            i += 1;
        }
        t[x] = sm4_affine(inv);
        x += 1;
    }
    t
};

const DECOMP: (Affine, Affine) = decompose(&SBOX, 0xd3);
pub(crate) const PRE: Affine = DECOMP.0;
pub(crate) const POST: Affine = DECOMP.1;

const FK: [u32; 4] = [0xa3b1_bac6, 0x56aa_3350, 0x677d_9197, 0xb270_22dc];

/// The 32 round keys (constant time: the S-box is the soft one).
fn round_keys(key: &[u8; 16]) -> [u32; 32] {
    let mut k = [0u32; 4];
    for (i, w) in k.iter_mut().enumerate() {
        let c = &key[4 * i..4 * i + 4];
        *w = u32::from_be_bytes([c[0], c[1], c[2], c[3]]) ^ FK[i];
    }
    let mut rk = [0u32; 32];
    for (i, r) in rk.iter_mut().enumerate() {
        // CK_i: bytes (4i + j) * 7 mod 256.
        let mut ck = 0u32;
        for j in 0..4 {
            ck = (ck << 8) | u32::from(((4 * i + j) * 7) as u8);
        }
        let b = soft::tau(k[(i + 1) % 4] ^ k[(i + 2) % 4] ^ k[(i + 3) % 4] ^ ck);
        k[i % 4] ^= b ^ b.rotate_left(13) ^ b.rotate_left(23);
        *r = k[i % 4];
    }
    crate::ct::wipe(&mut k);
    rk
}

/// An SM4 key set up for one backend; the round keys are wiped on drop.
#[derive(Clone)]
pub struct Sm4 {
    imp: Impl,
    enc: [u32; 32],
    dec: [u32; 32],
}

impl Drop for Sm4 {
    fn drop(&mut self) {
        crate::ct::wipe(&mut self.enc);
        crate::ct::wipe(&mut self.dec);
    }
}

impl core::fmt::Debug for Sm4 {
    /// Shows the backend, never the round keys.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Sm4")
            .field("backend", &self.imp)
            .finish_non_exhaustive()
    }
}

impl Sm4 {
    /// Sets up a 16-byte key on the best backend.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for another key length.
    pub fn new(key: &[u8]) -> Result<Sm4, Error> {
        Sm4::with_impl(key, Impl::best())
    }

    /// Like [`Sm4::new`], on the backend `imp`.
    ///
    /// # Errors
    /// As [`Sm4::new`].
    pub fn with_impl(key: &[u8], imp: Checked) -> Result<Sm4, Error> {
        let key: &[u8; 16] = key.try_into().map_err(|_| Error::InvalidLength {
            what: "SM4 key (must be 16 bytes)",
            got: key.len(),
        })?;
        let enc = round_keys(key);
        let mut dec = enc;
        dec.reverse();
        Ok(Sm4 {
            imp: imp.get(),
            enc,
            dec,
        })
    }

    /// The backend the key was set up for.
    pub fn backend(&self) -> Impl {
        self.imp
    }

    fn run(&self, rk: &[u32; 32], blocks: &mut [Block]) {
        match self.imp {
            // SAFETY: `self.imp` came from a `Checked`, the proof that the
            // CPU has what the backend needs (SSE2, SSSE3, AES-NI).
            #[cfg(target_arch = "x86_64")]
            Impl::Aesni => unsafe { x86_64_aesni::crypt_blocks(rk, blocks) },
            // One or two blocks through the one-block code, each on its
            // own, as Camellia does. The choice depends on the length only.
            // SAFETY: as above (AVX2, GFNI).
            #[cfg(target_arch = "x86_64")]
            Impl::Gfni if blocks.len() <= ONE_BLOCK_MAX => unsafe {
                x86_64_gfni::y::crypt_each(rk, blocks)
            },
            // SAFETY: as above (AVX-512 F/BW/VL, GFNI).
            #[cfg(target_arch = "x86_64")]
            Impl::Gfni512 if blocks.len() <= ONE_BLOCK_MAX => unsafe {
                x86_64_gfni::z::crypt_each(rk, blocks)
            },
            // SAFETY: as above (AVX2, GFNI).
            #[cfg(target_arch = "x86_64")]
            Impl::Gfni => unsafe { x86_64_gfni::y::crypt_blocks(rk, blocks) },
            // SAFETY: as above (AVX-512 F/BW/VL, GFNI).
            #[cfg(target_arch = "x86_64")]
            Impl::Gfni512 => unsafe { x86_64_gfni::z::crypt_blocks(rk, blocks) },
            _ => soft::crypt_blocks(rk, blocks),
        }
    }
}

/// Up to this many blocks, the GFNI backends run the one-block code.
#[cfg(target_arch = "x86_64")]
const ONE_BLOCK_MAX: usize = 2;

impl BlockCipher128 for Sm4 {
    fn encrypt_blocks(&self, blocks: &mut [Block]) {
        self.run(&self.enc, blocks)
    }
    fn decrypt_blocks(&self, blocks: &mut [Block]) {
        self.run(&self.dec, blocks)
    }
    fn cbc_encrypt_blocks(&self, iv: &mut Block, blocks: &mut [Block]) {
        match self.imp {
            // SAFETY: as in `run`.
            #[cfg(target_arch = "x86_64")]
            Impl::Aesni => unsafe { x86_64_aesni::cbc_encrypt(&self.enc, iv, blocks) },
            // SAFETY: as in `run`.
            #[cfg(target_arch = "x86_64")]
            Impl::Gfni => unsafe { x86_64_gfni::y::cbc_encrypt(&self.enc, iv, blocks) },
            // SAFETY: as in `run`.
            #[cfg(target_arch = "x86_64")]
            Impl::Gfni512 => unsafe { x86_64_gfni::z::cbc_encrypt(&self.enc, iv, blocks) },
            _ => {
                for b in blocks.iter_mut() {
                    for (x, y) in b.iter_mut().zip(iv.iter()) {
                        *x ^= y;
                    }
                    soft::crypt_block(&self.enc, b);
                    *iv = *b;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn sbox_from_its_definition() {
        assert_eq!(
            super::SBOX[..16],
            [
                0xd6, 0x90, 0xe9, 0xfe, 0xcc, 0xe1, 0x3d, 0xb7, 0x16, 0xb6, 0x14, 0xc2, 0x28, 0xfb,
                0x2c, 0x05
            ]
        );
        assert_eq!(super::SBOX[255], 0x48);
    }
}
