//! ChaCha20-Poly1305 (RFC 8439 section 2.8) and XChaCha20-Poly1305
//! (draft-irtf-cfrg-xchacha-03): the same [`Aead`] shape as AES-GCM.
//!
//! The one-time Poly1305 key is the first 32 bytes of ChaCha20 block 0;
//! the message is encrypted from block 1; the tag covers the AAD and the
//! ciphertext, each zero-padded to 16 bytes, then both lengths as 64-bit
//! little-endian integers. Plaintexts are limited by the 32-bit block
//! counter to 2^32 - 1 blocks of 64 bytes (about 256 GiB); longer is
//! [`Error::LimitExceeded`]. XChaCha20-Poly1305 derives a subkey with
//! HChaCha20 from the first 16 bytes of its 24-byte nonce and runs
//! ChaCha20-Poly1305 with the nonce `0000 || nonce[16..24]`, so random
//! nonces are safe.

use crate::Error;
use crate::aead::{Aead, Tag, check_tag};
use crate::cipher::chacha20::{self, ChaCha20, hchacha20};
use crate::mac::poly1305::{self, Poly1305};

/// Work is done in pieces of this size: the MAC reads what the cipher
/// just wrote while it is in L1.
const PIECE: usize = 4096;

/// The longest plaintext: 2^32 - 1 blocks of 64 bytes after block 0.
pub const MAX_PLAINTEXT: u64 = ((1u64 << 32) - 1) * 64;

/// ChaCha20-Poly1305 with a 32-byte key and 12-byte nonces.
#[derive(Clone)]
pub struct ChaCha20Poly1305 {
    key: [u8; 32],
    chacha: chacha20::Checked,
    poly: poly1305::Checked,
}

impl core::fmt::Debug for ChaCha20Poly1305 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ChaCha20Poly1305")
            .field("chacha20", &self.chacha.get().name())
            .field("poly1305", &self.poly.get().name())
            .finish_non_exhaustive()
    }
}

impl Drop for ChaCha20Poly1305 {
    fn drop(&mut self) {
        crate::ct::wipe(&mut self.key);
    }
}

fn key32(key: &[u8]) -> Result<[u8; 32], Error> {
    key.try_into().map_err(|_| Error::InvalidLength {
        what: "ChaCha20-Poly1305 key (must be 32 bytes)",
        got: key.len(),
    })
}

impl ChaCha20Poly1305 {
    /// ChaCha20-Poly1305 on the best backends.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for a key that is not 32 bytes.
    pub fn new(key: &[u8]) -> Result<ChaCha20Poly1305, Error> {
        ChaCha20Poly1305::with_impl(key, chacha20::Impl::best(), poly1305::Impl::best())
    }

    /// ChaCha20-Poly1305 on chosen backends.
    ///
    /// # Errors
    /// As [`ChaCha20Poly1305::new`].
    pub fn with_impl(
        key: &[u8],
        chacha: chacha20::Checked,
        poly: poly1305::Checked,
    ) -> Result<ChaCha20Poly1305, Error> {
        Ok(ChaCha20Poly1305 {
            key: key32(key)?,
            chacha,
            poly,
        })
    }

    /// The ChaCha20 and Poly1305 backends in use.
    pub fn backends(&self) -> (chacha20::Impl, poly1305::Impl) {
        (self.chacha.get(), self.poly.get())
    }

    fn nonce12(nonce: &[u8]) -> Result<[u8; 12], Error> {
        nonce.try_into().map_err(|_| Error::InvalidLength {
            what: "ChaCha20-Poly1305 nonce (must be 12 bytes)",
            got: nonce.len(),
        })
    }

    /// Runs the AEAD: `seal` encrypts then MACs, else MACs then decrypts.
    fn run(
        &self,
        key: &[u8; 32],
        nonce: &[u8; 12],
        aad: &[u8],
        buf: &mut [u8],
        seal: bool,
    ) -> Result<[u8; 16], Error> {
        if buf.len() as u64 > MAX_PLAINTEXT {
            return Err(Error::LimitExceeded {
                what: "ChaCha20-Poly1305 plaintext (at most 2^32 - 1 blocks of 64 bytes)",
            });
        }
        // Blocks 0..8 in one call (the backends compute several blocks side
        // by side for about the latency of one): block 0 gives the Poly1305
        // key, blocks 1..8 the first 448 bytes of the message, so a short
        // message costs one ChaCha20 call, not two in a row.
        let n = buf.len();
        let mut ks = [0u8; 512];
        // Only the blocks needed: two for a message of up to 64 bytes, four
        // to 192 (the row-layout kernels), eight to 448.
        let first = 64 + n.min(448).next_multiple_of(64);
        let mut c = ChaCha20::with_impl(key, nonce, 0, self.chacha);
        c.apply(&mut ks[..first])?;
        let mut pk = [0u8; 32];
        pk.copy_from_slice(&ks[..32]);
        let mut mac = Poly1305::with_impl(&pk, self.poly);
        crate::ct::wipe(&mut pk);
        mac.update_padded(aad);
        let (head, rest) = buf.split_at_mut(n.min(448));
        if !seal {
            mac.update(head);
        }
        for (b, k) in head.iter_mut().zip(&ks[64..]) {
            *b ^= k;
        }
        crate::ct::wipe(&mut ks);
        if seal {
            mac.update(head);
        }
        // `c` now stands at block 8 (or, when there is no more message,
        // short of it: it is not used again).
        for p in rest.chunks_mut(PIECE) {
            if seal {
                c.apply(p)?;
            }
            mac.update(p);
            if !seal {
                c.apply(p)?;
            }
        }
        // pad16 of the ciphertext.
        mac.update(&[0u8; 16][..n.wrapping_neg() % 16]);
        let mut lens = [0u8; 16];
        lens[..8].copy_from_slice(&(aad.len() as u64).to_le_bytes());
        lens[8..].copy_from_slice(&(n as u64).to_le_bytes());
        mac.update(&lens);
        Ok(mac.finalize())
    }

    fn open_with(
        &self,
        key: &[u8; 32],
        nonce: &[u8; 12],
        aad: &[u8],
        buf: &mut [u8],
        tag: &[u8],
    ) -> Result<(), Error> {
        if tag.len() != 16 {
            return Err(Error::InvalidLength {
                what: "ChaCha20-Poly1305 tag (must be 16 bytes)",
                got: tag.len(),
            });
        }
        let mut t = self.run(key, nonce, aad, buf, false)?;
        let r = check_tag(&t, tag);
        crate::ct::wipe(&mut t);
        if r.is_err() {
            zeroize::Zeroize::zeroize(buf);
        }
        r
    }
}

impl Aead for ChaCha20Poly1305 {
    fn tag_len(&self) -> usize {
        16
    }

    fn seal_in_place_detached(
        &self,
        nonce: &[u8],
        aad: &[u8],
        buf: &mut [u8],
    ) -> Result<Tag, Error> {
        let n = ChaCha20Poly1305::nonce12(nonce)?;
        let t = self.run(&self.key, &n, aad, buf, true)?;
        // Public: the ciphertext is the seal's output.
        crate::ct::declassify_slice(buf);
        Ok(Tag::new(&t, 16))
    }

    fn open_in_place_detached(
        &self,
        nonce: &[u8],
        aad: &[u8],
        buf: &mut [u8],
        tag: &[u8],
    ) -> Result<(), Error> {
        let n = ChaCha20Poly1305::nonce12(nonce)?;
        self.open_with(&self.key, &n, aad, buf, tag)
    }
}

/// XChaCha20-Poly1305 with a 32-byte key and 24-byte nonces.
#[derive(Clone, Debug)]
pub struct XChaCha20Poly1305 {
    inner: ChaCha20Poly1305,
}

impl XChaCha20Poly1305 {
    /// XChaCha20-Poly1305 on the best backends.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for a key that is not 32 bytes.
    pub fn new(key: &[u8]) -> Result<XChaCha20Poly1305, Error> {
        Ok(XChaCha20Poly1305 {
            inner: ChaCha20Poly1305::new(key)?,
        })
    }

    /// XChaCha20-Poly1305 on chosen backends.
    ///
    /// # Errors
    /// As [`XChaCha20Poly1305::new`].
    pub fn with_impl(
        key: &[u8],
        chacha: chacha20::Checked,
        poly: poly1305::Checked,
    ) -> Result<XChaCha20Poly1305, Error> {
        Ok(XChaCha20Poly1305 {
            inner: ChaCha20Poly1305::with_impl(key, chacha, poly)?,
        })
    }

    /// The subkey and 12-byte nonce of draft-irtf-cfrg-xchacha section 2.3.
    fn derive(&self, nonce: &[u8]) -> Result<([u8; 32], [u8; 12]), Error> {
        let n: &[u8; 24] = nonce.try_into().map_err(|_| Error::InvalidLength {
            what: "XChaCha20-Poly1305 nonce (must be 24 bytes)",
            got: nonce.len(),
        })?;
        let mut h = [0u8; 16];
        h.copy_from_slice(&n[..16]);
        let sub = hchacha20(&self.inner.key, &h);
        let mut n12 = [0u8; 12];
        n12[4..].copy_from_slice(&n[16..]);
        Ok((sub, n12))
    }
}

impl Aead for XChaCha20Poly1305 {
    fn tag_len(&self) -> usize {
        16
    }

    fn seal_in_place_detached(
        &self,
        nonce: &[u8],
        aad: &[u8],
        buf: &mut [u8],
    ) -> Result<Tag, Error> {
        let (mut sub, n) = self.derive(nonce)?;
        let r = self.inner.run(&sub, &n, aad, buf, true);
        crate::ct::wipe(&mut sub);
        // Public: the ciphertext is the seal's output.
        crate::ct::declassify_slice(buf);
        Ok(Tag::new(&r?, 16))
    }

    fn open_in_place_detached(
        &self,
        nonce: &[u8],
        aad: &[u8],
        buf: &mut [u8],
        tag: &[u8],
    ) -> Result<(), Error> {
        let (mut sub, n) = self.derive(nonce)?;
        let r = self.inner.open_with(&sub, &n, aad, buf, tag);
        crate::ct::wipe(&mut sub);
        r
    }
}
