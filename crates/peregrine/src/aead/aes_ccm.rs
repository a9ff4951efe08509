//! AES-CCM (SP 800-38C, RFC 3610): CBC-MAC over the formatted nonce,
//! AAD and payload, then CTR for the payload and the tag.
//!
//! Nonces of 7 to 13 bytes (the length field takes the other 15 - n
//! bytes, so it bounds the payload: under 2^(8 (15 - n)) bytes); tags of
//! 4, 6, ..., 16 bytes. CCM needs the whole message up front (the length
//! is in the first block), so it has no streaming form.

use crate::Error;
use crate::aead::{Aead, Tag, check_tag};
use crate::cipher::aes::{self, Aes, CtrWidth};
use crate::cipher::{Block, InOut};

/// AES-CCM with a fixed key, nonce length and tag length.
#[derive(Clone)]
pub struct AesCcm {
    aes: Aes,
    nonce_len: usize,
    tag_len: usize,
}

impl core::fmt::Debug for AesCcm {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("AesCcm")
            .field("key", &self.aes)
            .field("nonce_len", &self.nonce_len)
            .field("tag_len", &self.tag_len)
            .finish_non_exhaustive()
    }
}

impl AesCcm {
    /// AES-CCM with a 16-, 24- or 32-byte key, nonces of `nonce_len` bytes
    /// (7..=13) and tags of `tag_len` bytes (4..=16, even), on the best
    /// AES backend.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for a key, nonce or tag length CCM does
    /// not have.
    pub fn new(key: &[u8], nonce_len: usize, tag_len: usize) -> Result<AesCcm, Error> {
        AesCcm::with_impl(key, nonce_len, tag_len, aes::Impl::best())
    }

    /// Like [`AesCcm::new`], on the AES backend `imp`.
    ///
    /// # Errors
    /// As [`AesCcm::new`].
    pub fn with_impl(
        key: &[u8],
        nonce_len: usize,
        tag_len: usize,
        imp: aes::Checked,
    ) -> Result<AesCcm, Error> {
        if !(7..=13).contains(&nonce_len) {
            return Err(Error::InvalidLength {
                what: "CCM nonce (must be 7 to 13 bytes)",
                got: nonce_len,
            });
        }
        if !(4..=16).contains(&tag_len) || !tag_len.is_multiple_of(2) {
            return Err(Error::InvalidLength {
                what: "CCM tag (must be 4, 6, ..., 16 bytes)",
                got: tag_len,
            });
        }
        Ok(AesCcm {
            aes: Aes::with_impl(key, imp)?,
            nonce_len,
            tag_len,
        })
    }

    /// The AES backend in use.
    pub fn backend(&self) -> aes::Impl {
        self.aes.backend()
    }

    /// The longest payload: under 2^(8L) bytes for L = 15 - nonce length.
    fn check(&self, nonce: &[u8], len: usize) -> Result<(), Error> {
        if nonce.len() != self.nonce_len {
            return Err(Error::InvalidLength {
                what: "CCM nonce (not the length this key was set up for)",
                got: nonce.len(),
            });
        }
        let l = 15 - self.nonce_len;
        if l < 8 && (len as u64) >> (8 * l) != 0 {
            return Err(Error::LimitExceeded {
                what: "CCM payload (too long for the length field this nonce length leaves)",
            });
        }
        Ok(())
    }

    /// The counter block A_i with i = 0 (SP 800-38C A.3).
    fn a0(&self, nonce: &[u8]) -> Block {
        let mut a = [0u8; 16];
        a[0] = (14 - self.nonce_len) as u8;
        a[1..1 + self.nonce_len].copy_from_slice(nonce);
        a
    }

    /// CBC-MAC of B0, the encoded AAD and the payload (SP 800-38C A.2).
    fn mac(&self, nonce: &[u8], aad: &[u8], payload: &[u8]) -> Block {
        let l = 15 - self.nonce_len;
        let mut b0 = [0u8; 16];
        b0[0] = (u8::from(!aad.is_empty()) << 6)
            | ((((self.tag_len - 2) / 2) as u8) << 3)
            | (l - 1) as u8;
        b0[1..1 + self.nonce_len].copy_from_slice(nonce);
        let len = (payload.len() as u64).to_be_bytes();
        b0[16 - l..].copy_from_slice(&len[8 - l..]);
        let mut x = [0u8; 16];
        self.aes.cbc_mac(&mut x, &b0);
        if !aad.is_empty() {
            let a = aad.len() as u64;
            let mut head = [0u8; 10];
            let hl = if a < 0xff00 {
                head[..2].copy_from_slice(&(a as u16).to_be_bytes());
                2
            } else if a <= u64::from(u32::MAX) {
                head[..2].copy_from_slice(&[0xff, 0xfe]);
                head[2..6].copy_from_slice(&(a as u32).to_be_bytes());
                6
            } else {
                head[..2].copy_from_slice(&[0xff, 0xff]);
                head[2..10].copy_from_slice(&a.to_be_bytes());
                10
            };
            self.mac_padded(&mut x, &head[..hl], aad);
        }
        self.mac_padded(&mut x, &[], payload);
        x
    }

    /// CBC-MAC over `head || data`, zero-padded to a block boundary.
    fn mac_padded(&self, x: &mut Block, head: &[u8], data: &[u8]) {
        let mut blk = [0u8; 16];
        blk[..head.len()].copy_from_slice(head);
        let take = (16 - head.len()).min(data.len());
        blk[head.len()..head.len() + take].copy_from_slice(&data[..take]);
        if !head.is_empty() || take > 0 {
            self.aes.cbc_mac(x, &blk);
        }
        let rest = &data[take..];
        let whole = rest.len() / 16 * 16;
        self.aes.cbc_mac(x, &rest[..whole]);
        if whole < rest.len() {
            let mut last = [0u8; 16];
            last[..rest.len() - whole].copy_from_slice(&rest[whole..]);
            self.aes.cbc_mac(x, &last);
        }
    }

    /// CTR from A_1 over `buf`; returns E(A_0) for the tag.
    fn ctr(&self, nonce: &[u8], buf: &mut [u8]) -> Block {
        let a0 = self.a0(nonce);
        let mut s0 = a0;
        self.aes.encrypt_block(&mut s0);
        let mut ctr = crate::mode::kernels::ctr_add(&a0, CtrWidth::Full, 1);
        let whole = buf.len() / 16 * 16;
        let (body, tail) = buf.split_at_mut(whole);
        // The length limit keeps the counter inside its L bytes, so a
        // full-width increment never carries into the nonce.
        self.aes
            .ctr(&mut ctr, CtrWidth::Full, InOut::in_place(body));
        if !tail.is_empty() {
            let mut ks = [0u8; 16];
            self.aes
                .ctr(&mut ctr, CtrWidth::Full, InOut::in_place(&mut ks));
            for (x, k) in tail.iter_mut().zip(ks) {
                *x ^= k;
            }
        }
        s0
    }
}

impl Aead for AesCcm {
    fn tag_len(&self) -> usize {
        self.tag_len
    }

    fn seal_in_place_detached(
        &self,
        nonce: &[u8],
        aad: &[u8],
        buf: &mut [u8],
    ) -> Result<Tag, Error> {
        self.check(nonce, buf.len())?;
        let mut t = self.mac(nonce, aad, buf);
        let s0 = self.ctr(nonce, buf);
        for i in 0..16 {
            t[i] ^= s0[i];
        }
        // Public: the ciphertext is the seal's output.
        crate::ct::declassify_slice(buf);
        Ok(Tag::new(&t, self.tag_len))
    }

    fn open_in_place_detached(
        &self,
        nonce: &[u8],
        aad: &[u8],
        buf: &mut [u8],
        tag: &[u8],
    ) -> Result<(), Error> {
        if tag.len() != self.tag_len {
            return Err(Error::InvalidLength {
                what: "CCM tag (not the length this key was set up for)",
                got: tag.len(),
            });
        }
        self.check(nonce, buf.len())?;
        let s0 = self.ctr(nonce, buf);
        let mut t = self.mac(nonce, aad, buf);
        for i in 0..16 {
            t[i] ^= s0[i];
        }
        let r = check_tag(&t[..self.tag_len], tag);
        if r.is_err() {
            zeroize::Zeroize::zeroize(buf);
        }
        r
    }
}
