//! CTR (SP 800-38A section 6.5): the keystream is AES of successive counter
//! blocks, XORed into the data; encryption and decryption are the same
//! operation.
//!
//! [`Ctr::new`] increments the whole 16-byte block as a 128-bit big-endian
//! integer (wrapping modulo 2^128, SP 800-38A appendix B.1 with m = 128), as
//! `openssl enc -aes-128-ctr` does. [`Ctr::new_inc32`] increments only the
//! last four bytes modulo 2^32 (GCM's `inc32`, SP 800-38D section 6.2):
//! the first twelve bytes never change, and since the counter would repeat
//! after 2^32 blocks, asking for more keystream than that is an error.
//!
//! Calls over consecutive pieces of any lengths give the same result as one
//! call: an unused part of a keystream block is kept for the next call.

use crate::Error;
use crate::cipher::aes::{Aes, Checked, CtrWidth, Impl};
use crate::cipher::{Block, InOut};

/// AES-CTR, streaming.
pub struct Ctr {
    aes: Aes,
    /// The next counter block.
    iv: Block,
    width: CtrWidth,
    /// Keystream left over from the last partial block (`ks[used..]`).
    ks: Block,
    used: usize,
    /// Keystream bytes still allowed ([`Ctr::new_inc32`] only).
    left: u64,
}

impl core::fmt::Debug for Ctr {
    /// Shows the key size, backend and counter width, never key or state.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Ctr")
            .field("key", &self.aes)
            .field("width", &self.width)
            .finish_non_exhaustive()
    }
}

impl Drop for Ctr {
    fn drop(&mut self) {
        crate::ct::wipe(&mut self.iv);
        crate::ct::wipe(&mut self.ks);
    }
}

impl Ctr {
    /// AES-CTR with a 128-bit counter starting at the 16-byte `iv`, on the
    /// best backend.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for a key that is not 16, 24 or 32 bytes or
    /// an IV that is not 16.
    pub fn new(key: &[u8], iv: &[u8]) -> Result<Ctr, Error> {
        Ok(Ctr::from_parts(
            Aes::new(key)?,
            super::iv16(iv)?,
            CtrWidth::Full,
        ))
    }

    /// Like [`Ctr::new`], on the backend `imp`.
    ///
    /// # Errors
    /// As [`Ctr::new`].
    pub fn with_impl(key: &[u8], iv: &[u8], imp: Checked) -> Result<Ctr, Error> {
        let iv = super::iv16(iv)?;
        Ok(Ctr::from_parts(
            Aes::with_impl(key, imp)?,
            iv,
            CtrWidth::Full,
        ))
    }

    /// AES-CTR with GCM's 32-bit counter (`inc32`) in the last four bytes
    /// of `iv`; at most 2^32 blocks of keystream.
    ///
    /// # Errors
    /// As [`Ctr::new`].
    pub fn new_inc32(key: &[u8], iv: &[u8]) -> Result<Ctr, Error> {
        Ok(Ctr::from_parts(
            Aes::new(key)?,
            super::iv16(iv)?,
            CtrWidth::Low32,
        ))
    }

    /// Like [`Ctr::new_inc32`], on the backend `imp`.
    ///
    /// # Errors
    /// As [`Ctr::new`].
    pub fn with_impl_inc32(key: &[u8], iv: &[u8], imp: Checked) -> Result<Ctr, Error> {
        let iv = super::iv16(iv)?;
        Ok(Ctr::from_parts(
            Aes::with_impl(key, imp)?,
            iv,
            CtrWidth::Low32,
        ))
    }

    pub(crate) fn from_parts(aes: Aes, iv: Block, width: CtrWidth) -> Ctr {
        Ctr {
            aes,
            iv,
            width,
            ks: [0; 16],
            used: 16,
            left: match width {
                CtrWidth::Full => u64::MAX,
                CtrWidth::Low32 => 16 << 32,
            },
        }
    }

    /// The backend the key was set up for.
    pub fn backend(&self) -> Impl {
        self.aes.backend()
    }

    /// The next counter block (the block the next whole keystream block
    /// will come from).
    pub fn counter(&self) -> Block {
        self.iv
    }

    /// Encrypts or decrypts `buf` in place.
    ///
    /// # Errors
    /// [`Error::LimitExceeded`] if a 32-bit counter would repeat; nothing
    /// is written then.
    pub fn apply(&mut self, buf: &mut [u8]) -> Result<(), Error> {
        self.run(InOut::in_place(buf))
    }

    /// Encrypts or decrypts `src` into `dst` (the same length).
    ///
    /// # Errors
    /// As [`Ctr::apply`], and for a `dst` of another length.
    pub fn apply_to(&mut self, src: &[u8], dst: &mut [u8]) -> Result<(), Error> {
        self.run(InOut::new(src, dst)?)
    }

    fn run(&mut self, mut io: InOut<'_>) -> Result<(), Error> {
        let len = io.len();
        let buffered = 16 - self.used;
        let fresh = len.saturating_sub(buffered) as u64;
        // Keystream still to be generated (whole blocks, rounded up).
        if fresh.div_ceil(16).saturating_mul(16) > self.left {
            return Err(Error::LimitExceeded {
                what: "CTR with a 32-bit counter: at most 2^32 blocks per IV",
            });
        }
        // Leftover keystream first.
        let head = buffered.min(len);
        for i in 0..head {
            let [b] = io.read::<1>(i);
            io.write(i, &[b ^ self.ks[self.used + i]]);
        }
        self.used += head;
        let (_, rest) = io.split_at(head);
        let whole = rest.len() / 16 * 16;
        let (body, mut tail) = rest.split_at(whole);
        if whole > 0 {
            self.aes.ctr(&mut self.iv, self.width, body);
            self.left -= whole as u64;
        }
        if tail.len() > 0 {
            let mut ks = [0u8; 16];
            self.aes
                .ctr(&mut self.iv, self.width, InOut::in_place(&mut ks));
            self.left -= 16;
            self.ks = ks;
            crate::ct::wipe(&mut ks);
            for i in 0..tail.len() {
                let [b] = tail.read::<1>(i);
                tail.write(i, &[b ^ self.ks[i]]);
            }
            self.used = tail.len();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inc32_limit_refuses_without_writing() {
        let mut c = Ctr::new_inc32(&[0; 16], &[0xff; 16]).unwrap();
        // Pretend all but two blocks of the 2^32 are used.
        c.left = 32;
        let mut buf = [0x5au8; 33];
        assert!(matches!(
            c.apply(&mut buf),
            Err(Error::LimitExceeded { .. })
        ));
        assert_eq!(buf, [0x5a; 33]);
        c.apply(&mut buf[..20]).unwrap();
        // 12 bytes of the second block are left over and may be used...
        c.apply(&mut buf[..12]).unwrap();
        // ...but not one more.
        assert!(c.apply(&mut buf[..1]).is_err());
        // The full-width counter has no such limit in reach.
        let mut f = Ctr::new(&[0; 16], &[0xff; 16]).unwrap();
        f.apply(&mut buf).unwrap();
    }
}
