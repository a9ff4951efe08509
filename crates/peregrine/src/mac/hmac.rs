//! HMAC (RFC 2104, FIPS 198-1), generic over any [`Hash`].
//!
//! ```
//! use peregrine::hash::sha256::Sha256;
//! use peregrine::mac::hmac::Hmac;
//!
//! let mut mac = Hmac::<Sha256>::new(b"key");
//! mac.update(b"The quick brown fox jumps over the lazy dog");
//! let tag = mac.clone().finalize();
//! assert!(mac.verify(&tag).is_ok());
//! ```

use zeroize::Zeroize;

use crate::Error;
use crate::ct::ct_eq;
use crate::hash::Hash;

/// The largest block length any supported hash has (SHA3-224: 144).
const MAX_BLOCK: usize = 256;

/// A keyed HMAC computation. `Clone` copies it mid-stream.
#[derive(Clone)]
pub struct Hmac<H: Hash> {
    inner: H,
    outer: H,
}

impl<H: Hash> Hmac<H> {
    /// Keys an HMAC with the hash's best backend. Any key length is
    /// accepted; keys longer than the block are hashed first (RFC 2104).
    pub fn new(key: &[u8]) -> Self {
        Self::with_hasher(H::new(), key)
    }

    /// Keys an HMAC whose hashes use the backend of `prototype` (any
    /// state in `prototype` is discarded).
    pub fn with_hasher(prototype: H, key: &[u8]) -> Self {
        const { assert!(H::BLOCK_LEN <= MAX_BLOCK && H::OUTPUT_LEN <= H::BLOCK_LEN) };
        let mut block = [0u8; MAX_BLOCK];
        let block = &mut block[..H::BLOCK_LEN];
        if key.len() > H::BLOCK_LEN {
            let mut h = prototype.fresh();
            h.update(key);
            let mut d = h.finalize();
            block[..H::OUTPUT_LEN].copy_from_slice(d.as_ref());
            d.as_mut().zeroize();
        } else {
            block[..key.len()].copy_from_slice(key);
        }

        for b in block.iter_mut() {
            *b ^= 0x36;
        }
        let mut inner = prototype.fresh();
        inner.update(block);
        for b in block.iter_mut() {
            *b ^= 0x36 ^ 0x5c;
        }
        let mut outer = prototype.fresh();
        outer.update(block);
        block.zeroize();
        Hmac { inner, outer }
    }

    /// Absorbs `data`.
    pub fn update(&mut self, data: &[u8]) {
        self.inner.update(data);
    }

    /// Returns the full-length tag.
    pub fn finalize(self) -> H::Output {
        H::hmac_finish(self.inner, self.outer)
    }

    /// Checks a full-length tag in constant time.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] when `tag` is not [`Hash::OUTPUT_LEN`] bytes,
    /// [`Error::VerificationFailed`] when it does not match.
    pub fn verify(self, tag: &[u8]) -> Result<(), Error> {
        if tag.len() != H::OUTPUT_LEN {
            return Err(Error::InvalidLength {
                what: "tag",
                got: tag.len(),
            });
        }
        self.verify_truncated(tag)
    }

    /// Checks a tag truncated to its leading `tag.len()` bytes, in constant
    /// time. RFC 2104 section 5 asks for at least half the output and at
    /// least 80 bits; shorter tags are refused.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for a tag shorter than
    /// `max(OUTPUT_LEN / 2, 10)` or longer than the output,
    /// [`Error::VerificationFailed`] when it does not match.
    pub fn verify_truncated(self, tag: &[u8]) -> Result<(), Error> {
        let min = (H::OUTPUT_LEN / 2).max(10);
        if tag.len() < min || tag.len() > H::OUTPUT_LEN {
            return Err(Error::InvalidLength {
                what: "tag",
                got: tag.len(),
            });
        }
        let mut full = self.finalize();
        // The verdict is public: the caller sees it as Ok or Err.
        let ok = crate::ct::declassify(ct_eq(&full.as_ref()[..tag.len()], tag));
        full.as_mut().zeroize();
        if ok {
            Ok(())
        } else {
            Err(Error::VerificationFailed)
        }
    }

    /// The backend of the underlying hash.
    pub fn backend(&self) -> &'static str {
        self.inner.backend()
    }
}

impl<H: Hash> core::fmt::Debug for Hmac<H> {
    /// Shows the hash and backend, never the keyed state.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Hmac")
            .field("hash", &H::NAME)
            .field("backend", &self.inner.backend())
            .finish_non_exhaustive()
    }
}

/// One-shot HMAC with the hash's best backend.
pub fn hmac<H: Hash>(key: &[u8], data: &[u8]) -> H::Output {
    let mut m = Hmac::<H>::new(key);
    m.update(data);
    m.finalize()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hash::sha256::Sha256;

    #[test]
    fn verify_rejects_bad_tags_and_lengths() {
        let tag = hmac::<Sha256>(b"k", b"m");
        assert_eq!(Hmac::<Sha256>::new(b"k").tap(b"m").verify(&tag), Ok(()));
        let mut bad = tag;
        bad[31] ^= 1;
        assert_eq!(
            Hmac::<Sha256>::new(b"k").tap(b"m").verify(&bad),
            Err(Error::VerificationFailed)
        );
        assert_eq!(
            Hmac::<Sha256>::new(b"k").tap(b"m").verify(&tag[..16]),
            Err(Error::InvalidLength {
                what: "tag",
                got: 16
            })
        );
        assert_eq!(
            Hmac::<Sha256>::new(b"k")
                .tap(b"m")
                .verify_truncated(&tag[..16]),
            Ok(())
        );
        assert!(
            Hmac::<Sha256>::new(b"k")
                .tap(b"m")
                .verify_truncated(&tag[..15])
                .is_err()
        );
        assert!(
            Hmac::<Sha256>::new(b"k")
                .tap(b"m")
                .verify_truncated(&[])
                .is_err()
        );
    }

    trait Tap {
        fn tap(self, d: &[u8]) -> Self;
    }
    impl Tap for Hmac<Sha256> {
        fn tap(mut self, d: &[u8]) -> Self {
            self.update(d);
            self
        }
    }
}
