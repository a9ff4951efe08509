//! SM4-GCM (RFC 8998 section 2.4; GCM as in NIST SP 800-38D with SM4 as
//! the block cipher): 16-byte tags; nonces of 12 bytes (RFC 8998's, and
//! the recommended length) or of any other non-zero length. The GCM code
//! is shared with Camellia-GCM (the crate's `aead::gcm128`): SM4-CTR with GCM's
//! 32-bit counter on the SM4 backend of the key, the hash the shared
//! GHASH on its best backend; plaintext up to 2^36 - 32 bytes per nonce.
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

use super::gcm128::{Gcm, GcmCipher};
use super::{Aead, Tag};
use crate::Error;
use crate::cipher::sm4::{self, Sm4};

impl GcmCipher for Sm4 {
    const NONCE_WHAT: &'static str = "SM4-GCM nonce (at least 1 byte; 12 recommended)";
    const TAG_WHAT: &'static str = "SM4-GCM tag (must be 16 bytes)";
}

/// An SM4-GCM key.
#[derive(Clone, Debug)]
pub struct Sm4Gcm(Gcm<Sm4>);

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
        Ok(Sm4Gcm(Gcm::new(Sm4::with_impl(key, imp)?)))
    }

    /// The SM4 backend.
    pub fn backend(&self) -> sm4::Impl {
        self.0.cipher.backend()
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
        self.0.seal(nonce, aad, buf)
    }

    fn open_in_place_detached(
        &self,
        nonce: &[u8],
        aad: &[u8],
        buf: &mut [u8],
        tag: &[u8],
    ) -> Result<(), Error> {
        self.0.open(nonce, aad, buf, tag)
    }
}
