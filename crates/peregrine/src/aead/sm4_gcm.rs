//! SM4-GCM (RFC 8998 section 2.4; GCM as in NIST SP 800-38D with SM4 as
//! the block cipher): 16-byte tags; nonces of 12 bytes (RFC 8998's, and
//! the recommended length) or of any other non-zero length, which GCM
//! hashes into the first counter block (`J0 = GHASH_H(nonce || 0 ||
//! len(nonce))`, SP 800-38D section 7.1; then the counter is key-dependent
//! and secret, and only ever incremented without a branch, as the
//! AES-GCM counters are). The encryption is
//! SM4-CTR with GCM's 32-bit counter on the SM4 backend of the key
//! ([`crate::mode::block128`]), the hash the shared [`Ghash`] on its best
//! backend; plaintext up to 2^36 - 32 bytes per nonce.
//!
//! ```
//! use peregrine::aead::Aead;
//! use peregrine::aead::sm4_gcm::Sm4Gcm;
//! let a = Sm4Gcm::new(&[7u8; 16]).unwrap();
//! let mut buf = *b"attack at dawn";
//! let tag = a.seal_in_place_detached(&[1u8; 12], b"hdr", &mut buf).unwrap();
//! a.open_in_place_detached(&[1u8; 12], b"hdr", &mut buf, tag.as_ref()).unwrap();
//! assert_eq!(&buf, b"attack at dawn");
//! ```

use super::ghash::Ghash;
use super::{Aead, Tag, check_tag};
use crate::Error;
use crate::cipher::Block;
use crate::cipher::InOut;
use crate::cipher::aes::CtrWidth;
use crate::cipher::sm4::{self, Sm4};
use crate::mode::block128::{BlockCipher128, Ctr128};

const MAX_PLAINTEXT: u64 = (1 << 36) - 32;
const MAX_AAD: u64 = (1 << 61) - 1;

/// An SM4-GCM key.
#[derive(Clone, Debug)]
pub struct Sm4Gcm {
    sm4: Sm4,
    h: Block,
}

impl Drop for Sm4Gcm {
    fn drop(&mut self) {
        crate::ct::wipe(&mut self.h);
    }
}

impl Sm4Gcm {
    /// Sets up a 16-byte key on the best SM4 backend.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for another key length.
    pub fn new(key: &[u8]) -> Result<Sm4Gcm, Error> {
        Sm4Gcm::with_impl(key, sm4::Impl::best())
    }

    /// Like [`Sm4Gcm::new`], on the SM4 backend `imp`.
    ///
    /// # Errors
    /// As [`Sm4Gcm::new`].
    pub fn with_impl(key: &[u8], imp: sm4::Checked) -> Result<Sm4Gcm, Error> {
        let sm4 = Sm4::with_impl(key, imp)?;
        let h = sm4.encrypt_block([0; 16]);
        Ok(Sm4Gcm { sm4, h })
    }

    /// The SM4 backend.
    pub fn backend(&self) -> sm4::Impl {
        self.sm4.backend()
    }

    fn j0(&self, nonce: &[u8], aad: &[u8], len: usize) -> Result<Block, Error> {
        if nonce.is_empty() || nonce.len() as u64 > u64::MAX / 8 {
            return Err(Error::InvalidLength {
                what: "SM4-GCM nonce (at least 1 byte; 12 recommended)",
                got: nonce.len(),
            });
        }
        if len as u64 > MAX_PLAINTEXT {
            return Err(Error::LimitExceeded {
                what: "GCM plaintext (at most 2^36 - 32 bytes per nonce)",
            });
        }
        if aad.len() as u64 > MAX_AAD {
            return Err(Error::LimitExceeded {
                what: "GCM AAD (at most 2^61 - 1 bytes)",
            });
        }
        if nonce.len() == 12 {
            let mut j0 = [0u8; 16];
            j0[..12].copy_from_slice(nonce);
            j0[15] = 1;
            return Ok(j0);
        }
        let mut g = Ghash::new(&self.h);
        g.update_padded(nonce);
        let mut lens = [0u8; 16];
        lens[8..].copy_from_slice(&(nonce.len() as u64 * 8).to_be_bytes());
        g.update(&lens);
        Ok(g.finalize())
    }

    /// CTR from inc32(J0) over `buf`.
    fn ctr(&self, j0: &Block, buf: &mut [u8]) {
        // inc32: the low 32 bits plus one, wrapping (J0's low word is 1
        // for a 12-byte nonce, anything for the others).
        let c = crate::mode::kernels::ctr_add(j0, CtrWidth::Low32, 1);
        // `MAX_PLAINTEXT` keeps the block count below 2^32 - 1, so no
        // counter value repeats (the low word wraps mod 2^32, as GCM's).
        let mut ctr = Ctr128::new(&self.sm4, &c).unwrap_or_else(|_| unreachable!());
        ctr.run_width(CtrWidth::Low32, InOut::in_place(buf));
    }

    fn tag(&self, j0: &Block, aad: &[u8], ct: &[u8]) -> Block {
        let mut g = Ghash::new(&self.h);
        g.update_padded(aad);
        g.update_padded(ct);
        let mut lens = [0u8; 16];
        lens[..8].copy_from_slice(&(aad.len() as u64 * 8).to_be_bytes());
        lens[8..].copy_from_slice(&(ct.len() as u64 * 8).to_be_bytes());
        g.update(&lens);
        let mut s = g.finalize();
        let e = self.sm4.encrypt_block(*j0);
        for (x, y) in s.iter_mut().zip(e) {
            *x ^= y;
        }
        s
    }
}

impl BlockCipher128 for &Sm4 {
    fn encrypt_blocks(&self, blocks: &mut [Block]) {
        (*self).encrypt_blocks(blocks)
    }
    fn decrypt_blocks(&self, blocks: &mut [Block]) {
        (*self).decrypt_blocks(blocks)
    }
}

impl Aead for Sm4Gcm {
    fn tag_len(&self) -> usize {
        16
    }

    fn seal_in_place_detached(
        &self,
        nonce: &[u8],
        aad: &[u8],
        buf: &mut [u8],
    ) -> Result<Tag, Error> {
        let j0 = self.j0(nonce, aad, buf.len())?;
        self.ctr(&j0, buf);
        let mut t = self.tag(&j0, aad, buf);
        let tag = Tag::new(&t, 16);
        crate::ct::wipe(&mut t);
        // Public: the ciphertext is the seal's output.
        crate::ct::declassify_slice(buf);
        Ok(tag)
    }

    fn open_in_place_detached(
        &self,
        nonce: &[u8],
        aad: &[u8],
        buf: &mut [u8],
        tag: &[u8],
    ) -> Result<(), Error> {
        let j0 = self.j0(nonce, aad, buf.len())?;
        if tag.len() != 16 {
            return Err(Error::InvalidLength {
                what: "SM4-GCM tag (must be 16 bytes)",
                got: tag.len(),
            });
        }
        let t = self.tag(&j0, aad, buf);
        if let Err(e) = check_tag(&t, tag) {
            zeroize::Zeroize::zeroize(buf);
            return Err(e);
        }
        self.ctr(&j0, buf);
        Ok(())
    }
}
