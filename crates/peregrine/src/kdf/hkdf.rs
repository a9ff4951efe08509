//! HKDF (RFC 5869): extract-then-expand key derivation over HMAC.
//!
//! ```
//! use peregrine::hash::sha256::Sha256;
//! use peregrine::kdf::hkdf::Hkdf;
//!
//! let hk = Hkdf::<Sha256>::extract(Some(b"salt"), b"input key material");
//! let mut okm = [0u8; 42];
//! hk.expand(b"context", &mut okm).unwrap();
//! ```

use zeroize::Zeroize;

use crate::Error;
use crate::hash::Hash;
use crate::mac::hmac::Hmac;

/// A pseudorandom key from [`Hkdf::extract`] (or given directly with
/// [`Hkdf::from_prk`]), ready to expand. The HMAC keyed with the PRK is
/// kept, so each expansion skips the key setup.
#[derive(Clone)]
pub struct Hkdf<H: Hash> {
    prk_mac: Hmac<H>,
}

impl<H: Hash> Hkdf<H> {
    /// HKDF-Extract with the hash's best backend. `None` salt means a
    /// string of `OUTPUT_LEN` zeros, as RFC 5869 section 2.2 says (which
    /// HMAC treats the same as an empty salt).
    pub fn extract(salt: Option<&[u8]>, ikm: &[u8]) -> Self {
        Self::extract_with(H::new(), salt, ikm)
    }

    /// HKDF-Extract whose HMACs use the backend of `prototype`.
    pub fn extract_with(prototype: H, salt: Option<&[u8]>, ikm: &[u8]) -> Self {
        let mut prk = Self::extract_prk_with(prototype.fresh(), salt, ikm);
        let hk = Hkdf {
            prk_mac: Hmac::with_hasher(prototype, prk.as_ref()),
        };
        prk.as_mut().zeroize();
        hk
    }

    /// HKDF-Extract returning the PRK itself.
    pub fn extract_prk_with(prototype: H, salt: Option<&[u8]>, ikm: &[u8]) -> H::Output {
        let mut m = Hmac::with_hasher(prototype, salt.unwrap_or(&[]));
        m.update(ikm);
        m.finalize()
    }

    /// Starts from an existing PRK (HKDF-Expand only).
    ///
    /// # Errors
    /// [`Error::InvalidLength`] when `prk` is shorter than the hash output
    /// (RFC 5869 section 2.3 requires at least `HashLen` bytes).
    pub fn from_prk(prototype: H, prk: &[u8]) -> Result<Self, Error> {
        if prk.len() < H::OUTPUT_LEN {
            return Err(Error::InvalidLength {
                what: "HKDF PRK",
                got: prk.len(),
            });
        }
        Ok(Hkdf {
            prk_mac: Hmac::with_hasher(prototype, prk),
        })
    }

    /// The largest output HKDF-Expand can make: 255 hash outputs.
    pub const MAX_OUTPUT: usize = 255 * H::OUTPUT_LEN;

    /// HKDF-Expand: fills `okm` from the PRK and `info`.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] when `okm` is longer than
    /// [`Hkdf::MAX_OUTPUT`] (255 x HashLen); `okm` is left untouched then.
    pub fn expand(&self, info: &[u8], okm: &mut [u8]) -> Result<(), Error> {
        if okm.len() > Self::MAX_OUTPUT {
            return Err(Error::InvalidLength {
                what: "HKDF output (at most 255 x HashLen)",
                got: okm.len(),
            });
        }
        let mut prev: Option<H::Output> = None;
        for (i, chunk) in okm.chunks_mut(H::OUTPUT_LEN).enumerate() {
            let mut m = self.prk_mac.clone();
            if let Some(p) = &prev {
                m.update(p.as_ref());
            }
            m.update(info);
            // `i < 255` by the length check, so the counter fits a byte.
            m.update(&[i as u8 + 1]);
            let t = m.finalize();
            chunk.copy_from_slice(&t.as_ref()[..chunk.len()]);
            if let Some(p) = prev.as_mut() {
                p.as_mut().zeroize();
            }
            prev = Some(t);
        }
        if let Some(p) = prev.as_mut() {
            p.as_mut().zeroize();
        }
        Ok(())
    }
}

impl<H: Hash> core::fmt::Debug for Hkdf<H> {
    /// Never shows the key.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Hkdf")
            .field("hash", &H::NAME)
            .finish_non_exhaustive()
    }
}

/// One-shot HKDF (extract then expand) with the hash's best backend.
///
/// # Errors
/// As [`Hkdf::expand`].
pub fn hkdf<H: Hash>(
    salt: Option<&[u8]>,
    ikm: &[u8],
    info: &[u8],
    okm: &mut [u8],
) -> Result<(), Error> {
    Hkdf::<H>::extract(salt, ikm).expand(info, okm)
}
