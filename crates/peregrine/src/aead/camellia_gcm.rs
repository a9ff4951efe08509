//! Camellia-GCM (RFC 6367's TLS suites, draft-kato-ipsec-camellia-gcm; GCM
//! as in NIST SP 800-38D with Camellia as the block cipher): keys of 16,
//! 24 or 32 bytes, 16-byte tags, nonces of 12 bytes or any other non-zero
//! length. The GCM code is shared with SM4-GCM (the crate's `aead::gcm128`):
//! Camellia-CTR with GCM's 32-bit counter on the Camellia backend of the
//! key (the GFNI kernels where the CPU has them), the hash the shared
//! GHASH on its best backend; plaintext up to 2^36 - 32 bytes per nonce.
//!
//! ```
//! use peregrine::aead::Aead;
//! use peregrine::aead::camellia_gcm::CamelliaGcm;
//! let a = CamelliaGcm::new(&[7u8; 32]).unwrap();
//! let mut buf = *b"attack at dawn";
//! let tag = a.seal_in_place_detached(&[1u8; 12], b"hdr", &mut buf).unwrap();
//! a.open_in_place_detached(&[1u8; 12], b"hdr", &mut buf, tag.as_ref()).unwrap();
//! assert_eq!(&buf, b"attack at dawn");
//! ```

use super::gcm128::{Gcm, GcmCipher};
use super::{Aead, Tag};
use crate::Error;
use crate::cipher::camellia::{self, Camellia};

impl GcmCipher for Camellia {
    const NONCE_WHAT: &'static str = "Camellia-GCM nonce (at least 1 byte; 12 recommended)";
    const TAG_WHAT: &'static str = "Camellia-GCM tag (must be 16 bytes)";
}

/// A Camellia-GCM key (128, 192 or 256 bits).
#[derive(Clone, Debug)]
pub struct CamelliaGcm(Gcm<Camellia>);

impl CamelliaGcm {
    /// Sets up a 16-, 24- or 32-byte key on the best Camellia backend.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for another key length.
    pub fn new(key: &[u8]) -> Result<CamelliaGcm, Error> {
        CamelliaGcm::with_impl(key, camellia::Impl::best())
    }

    /// Like [`CamelliaGcm::new`], on the Camellia backend `imp`.
    ///
    /// # Errors
    /// As [`CamelliaGcm::new`].
    pub fn with_impl(key: &[u8], imp: camellia::Checked) -> Result<CamelliaGcm, Error> {
        Ok(CamelliaGcm(Gcm::new(Camellia::with_impl(key, imp)?)))
    }

    /// The Camellia backend.
    pub fn backend(&self) -> camellia::Impl {
        self.0.cipher.backend()
    }
}

impl Aead for CamelliaGcm {
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
