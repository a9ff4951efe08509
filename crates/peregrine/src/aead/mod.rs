//! Authenticated encryption with associated data: [`aes_gcm`] (and GMAC),
//! [`aes_ccm`], [`chacha20_poly1305`] (and XChaCha20-Poly1305), and GCM's
//! universal hash [`ghash`].
//!
//! Every AEAD implements [`Aead`]: in-place sealing with a detached tag,
//! opening that checks the tag in constant time before it returns any
//! plaintext (and zeroes the buffer when the tag is wrong), and combined
//! forms that append the tag (`ciphertext || tag`, as TLS and openssl's
//! conventions do) into a caller's buffer or a new `Vec`.
//!
//! ```
//! use peregrine::aead::{Aead, aes_gcm::AesGcm};
//! let gcm = AesGcm::new(&[7u8; 16]).unwrap();
//! let nonce = [1u8; 12];
//! let sealed = gcm.seal(&nonce, b"header", b"attack at dawn").unwrap();
//! assert_eq!(sealed.len(), 14 + 16);
//! let opened = gcm.open(&nonce, b"header", &sealed).unwrap();
//! assert_eq!(opened, b"attack at dawn");
//! assert!(gcm.open(&nonce, b"other header", &sealed).is_err());
//! ```

use alloc::vec;
use alloc::vec::Vec;

use crate::Error;

pub mod aes_ccm;
pub mod aes_gcm;
#[cfg(target_arch = "aarch64")]
mod aes_gcm_aarch64;
#[cfg(target_arch = "x86_64")]
mod aes_gcm_x86_64_aesni;
#[cfg(target_arch = "x86_64")]
mod aes_gcm_x86_64_vaes;
#[cfg(feature = "legacy")]
pub mod camellia_gcm;
pub mod chacha20_poly1305;
#[cfg(target_arch = "x86_64")]
mod chacha20_poly1305_x86_64;
#[cfg(feature = "legacy")]
mod gcm128;
pub mod ghash;
#[cfg(feature = "legacy")]
pub mod sm4_gcm;

/// An authentication tag: up to 16 bytes, of the length the AEAD was set
/// up for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Tag {
    bytes: [u8; 16],
    len: usize,
}

impl Tag {
    pub(crate) fn new(full: &[u8; 16], len: usize) -> Tag {
        let mut bytes = [0u8; 16];
        bytes[..len].copy_from_slice(&full[..len]);
        // Public: a `Tag` is only made for the output of a seal or GMAC.
        crate::ct::declassify_slice(&mut bytes);
        Tag { bytes, len }
    }
}

impl AsRef<[u8]> for Tag {
    fn as_ref(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

impl core::fmt::Debug for Tag {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Tag(")?;
        for b in self.as_ref() {
            write!(f, "{b:02x}")?;
        }
        write!(f, ")")
    }
}

/// Compares a computed tag with a received one in constant time.
pub(crate) fn check_tag(computed: &[u8], received: &[u8]) -> Result<(), Error> {
    if computed.len() != received.len() {
        return Err(Error::InvalidLength {
            what: "tag",
            got: received.len(),
        });
    }
    // The verdict is public: the caller sees it as Ok or Err.
    if crate::ct::declassify(crate::ct::ct_eq(computed, received)) {
        Ok(())
    } else {
        Err(Error::VerificationFailed)
    }
}

/// An AEAD with a fixed key and tag length.
pub trait Aead {
    /// The tag length in bytes this instance produces and expects.
    fn tag_len(&self) -> usize;

    /// Encrypts `buf` in place and returns the tag over `aad` and the
    /// ciphertext.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for a nonce the AEAD does not take,
    /// [`Error::LimitExceeded`] for a message or AAD over its limit.
    fn seal_in_place_detached(
        &self,
        nonce: &[u8],
        aad: &[u8],
        buf: &mut [u8],
    ) -> Result<Tag, Error>;

    /// Checks `tag` over `aad` and the ciphertext in `buf` and decrypts it
    /// in place. When the tag is wrong the buffer is zeroed and
    /// [`Error::VerificationFailed`] returned: no unauthenticated
    /// plaintext is ever left in it.
    ///
    /// # Errors
    /// As [`Aead::seal_in_place_detached`], [`Error::InvalidLength`] for a
    /// tag of the wrong length, [`Error::VerificationFailed`].
    fn open_in_place_detached(
        &self,
        nonce: &[u8],
        aad: &[u8],
        buf: &mut [u8],
        tag: &[u8],
    ) -> Result<(), Error>;

    /// Encrypts `plaintext` into `out`, which must be exactly
    /// `plaintext.len() + tag_len()` bytes: ciphertext, then tag.
    ///
    /// # Errors
    /// As [`Aead::seal_in_place_detached`], and for an `out` of another
    /// length.
    fn seal_into(
        &self,
        nonce: &[u8],
        aad: &[u8],
        plaintext: &[u8],
        out: &mut [u8],
    ) -> Result<(), Error> {
        let n = plaintext.len();
        if out.len() != n.saturating_add(self.tag_len()) {
            return Err(Error::InvalidLength {
                what: "output (must be the plaintext length plus the tag length)",
                got: out.len(),
            });
        }
        let (ct, tag_out) = out.split_at_mut(n);
        ct.copy_from_slice(plaintext);
        let tag = self.seal_in_place_detached(nonce, aad, ct)?;
        tag_out.copy_from_slice(tag.as_ref());
        Ok(())
    }

    /// Checks and decrypts `sealed` (ciphertext, then tag) into `out`,
    /// which must be exactly `sealed.len() - tag_len()` bytes; zeroed on
    /// failure.
    ///
    /// # Errors
    /// As [`Aead::open_in_place_detached`], and for lengths that do not
    /// fit.
    fn open_into(
        &self,
        nonce: &[u8],
        aad: &[u8],
        sealed: &[u8],
        out: &mut [u8],
    ) -> Result<(), Error> {
        let t = self.tag_len();
        if sealed.len() < t {
            return Err(Error::InvalidLength {
                what: "sealed input (shorter than the tag)",
                got: sealed.len(),
            });
        }
        let (ct, tag) = sealed.split_at(sealed.len() - t);
        if out.len() != ct.len() {
            return Err(Error::InvalidLength {
                what: "output (must be the sealed length minus the tag length)",
                got: out.len(),
            });
        }
        out.copy_from_slice(ct);
        self.open_in_place_detached(nonce, aad, out, tag)
    }

    /// Encrypts `plaintext` into a new `Vec`: ciphertext, then tag.
    ///
    /// # Errors
    /// As [`Aead::seal_in_place_detached`].
    fn seal(&self, nonce: &[u8], aad: &[u8], plaintext: &[u8]) -> Result<Vec<u8>, Error> {
        let mut out = vec![0u8; plaintext.len() + self.tag_len()];
        self.seal_into(nonce, aad, plaintext, &mut out)?;
        Ok(out)
    }

    /// Checks and decrypts `sealed` (ciphertext, then tag) into a new
    /// `Vec`.
    ///
    /// # Errors
    /// As [`Aead::open_in_place_detached`].
    fn open(&self, nonce: &[u8], aad: &[u8], sealed: &[u8]) -> Result<Vec<u8>, Error> {
        let n = sealed
            .len()
            .checked_sub(self.tag_len())
            .ok_or(Error::InvalidLength {
                what: "sealed input (shorter than the tag)",
                got: sealed.len(),
            })?;
        let mut out = vec![0u8; n];
        self.open_into(nonce, aad, sealed, &mut out)?;
        Ok(out)
    }
}
