//! CMAC-AES (SP 800-38B, RFC 4493): a MAC from CBC-MAC with two subkeys
//! derived from the key, one for a final whole block and one for a padded
//! one.
//!
//! ```
//! use peregrine::mac::cmac::Cmac;
//! // RFC 4493 example 1: the empty message.
//! let key = [0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
//!            0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c];
//! let tag = Cmac::new(&key).unwrap().finalize();
//! assert_eq!(tag[..4], [0xbb, 0x1d, 0x69, 0x29]);
//! ```

use crate::Error;
use crate::cipher::Block;
use crate::cipher::aes::{Aes, Checked};
use crate::ct::ct_eq;

/// The tag length.
pub const TAG_LEN: usize = 16;

/// The shortest tag [`Cmac::verify_truncated`] accepts: 64 bits, the
/// minimum SP 800-38B appendix A recommends without a careful analysis.
pub const MIN_TAG_LEN: usize = 8;

/// Doubling in GF(2^128) as SP 800-38B section 6.1 defines it (big-endian,
/// reduction 0x87), in constant time.
fn dbl(b: &Block) -> Block {
    let v = u128::from_be_bytes(*b);
    let carry = (v >> 127) as u8;
    ((v << 1) ^ u128::from(0x87 & carry.wrapping_neg())).to_be_bytes()
}

/// CMAC-AES, streaming.
#[derive(Clone)]
pub struct Cmac {
    aes: Aes,
    k1: Block,
    k2: Block,
    state: Block,
    /// The last 1..=16 bytes seen (the final block is treated differently,
    /// so it is held back until more data or `finalize` arrives).
    buf: Block,
    buf_len: usize,
}

impl core::fmt::Debug for Cmac {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Cmac")
            .field("key", &self.aes)
            .finish_non_exhaustive()
    }
}

impl Drop for Cmac {
    fn drop(&mut self) {
        crate::ct::wipe(&mut self.k1);
        crate::ct::wipe(&mut self.k2);
        crate::ct::wipe(&mut self.state);
        crate::ct::wipe(&mut self.buf);
    }
}

impl Cmac {
    /// CMAC with an AES key of 16, 24 or 32 bytes, on the best backend.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for another key length.
    pub fn new(key: &[u8]) -> Result<Cmac, Error> {
        Ok(Cmac::from_cipher(Aes::new(key)?))
    }

    /// Like [`Cmac::new`], on the backend `imp`.
    ///
    /// # Errors
    /// As [`Cmac::new`].
    pub fn with_impl(key: &[u8], imp: Checked) -> Result<Cmac, Error> {
        Ok(Cmac::from_cipher(Aes::with_impl(key, imp)?))
    }

    fn from_cipher(aes: Aes) -> Cmac {
        let mut l = [0u8; 16];
        aes.encrypt_block(&mut l);
        let k1 = dbl(&l);
        let k2 = dbl(&k1);
        crate::ct::wipe(&mut l);
        Cmac {
            aes,
            k1,
            k2,
            state: [0; 16],
            buf: [0; 16],
            buf_len: 0,
        }
    }

    /// The AES backend in use.
    pub fn backend(&self) -> &'static str {
        self.aes.backend().name()
    }

    /// Absorbs `data`.
    pub fn update(&mut self, mut data: &[u8]) {
        if data.is_empty() {
            return;
        }
        if self.buf_len < 16 {
            let take = (16 - self.buf_len).min(data.len());
            self.buf[self.buf_len..self.buf_len + take].copy_from_slice(&data[..take]);
            self.buf_len += take;
            data = &data[take..];
            if data.is_empty() {
                return;
            }
        }
        // The buffer is full and more follows: it is not the last block.
        self.aes.cbc_mac(&mut self.state, &self.buf);
        let keep = match data.len() % 16 {
            0 => 16,
            r => r,
        };
        let (body, last) = data.split_at(data.len() - keep);
        self.aes.cbc_mac(&mut self.state, body);
        self.buf[..keep].copy_from_slice(last);
        self.buf_len = keep;
    }

    /// Finishes and returns the 16-byte tag.
    pub fn finalize(mut self) -> [u8; TAG_LEN] {
        self.finalize_reset()
    }

    /// Returns the tag of everything absorbed so far and starts over with
    /// the same key (no new key setup).
    pub fn finalize_reset(&mut self) -> [u8; TAG_LEN] {
        let mut last = self.buf;
        let sub = if self.buf_len == 16 {
            self.k1
        } else {
            last[self.buf_len] = 0x80;
            last[self.buf_len + 1..].fill(0);
            self.k2
        };
        for i in 0..16 {
            last[i] ^= sub[i];
        }
        let mut tag = self.state;
        self.aes.cbc_mac(&mut tag, &last);
        crate::ct::wipe(&mut last);
        crate::ct::wipe(&mut self.buf);
        self.state = [0; 16];
        self.buf_len = 0;
        tag
    }

    /// Checks a full 16-byte tag in constant time.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for a tag that is not 16 bytes,
    /// [`Error::VerificationFailed`] when it does not match.
    pub fn verify(self, tag: &[u8]) -> Result<(), Error> {
        if tag.len() != TAG_LEN {
            return Err(Error::InvalidLength {
                what: "CMAC tag (must be 16 bytes)",
                got: tag.len(),
            });
        }
        self.verify_truncated(tag)
    }

    /// Checks a tag truncated to its first `tag.len()` bytes
    /// ([`MIN_TAG_LEN`]..=16), in constant time.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for a tag outside that range,
    /// [`Error::VerificationFailed`] when it does not match.
    pub fn verify_truncated(self, tag: &[u8]) -> Result<(), Error> {
        if !(MIN_TAG_LEN..=TAG_LEN).contains(&tag.len()) {
            return Err(Error::InvalidLength {
                what: "CMAC tag (must be 8 to 16 bytes)",
                got: tag.len(),
            });
        }
        let mut full = self.finalize();
        // The verdict is public: the caller sees it as Ok or Err.
        let ok = crate::ct::declassify(ct_eq(&full[..tag.len()], tag));
        crate::ct::wipe(&mut full);
        if ok {
            Ok(())
        } else {
            Err(Error::VerificationFailed)
        }
    }
}

/// One-shot CMAC-AES of `data` under `key`.
///
/// # Errors
/// [`Error::InvalidLength`] for a key that is not 16, 24 or 32 bytes.
pub fn cmac(key: &[u8], data: &[u8]) -> Result<[u8; TAG_LEN], Error> {
    let mut m = Cmac::new(key)?;
    m.update(data);
    Ok(m.finalize())
}
