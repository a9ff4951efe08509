//! CBC (SP 800-38A section 6.2), with PKCS#7 padding (RFC 5652 section
//! 6.3) for messages that are not a whole number of blocks.
//!
//! Encryption is serial (each block needs the previous ciphertext) and runs
//! at the latency of one AES; decryption is parallel. Both stream: calls
//! over consecutive pieces (each a whole number of blocks) give the same
//! result as one call, because the chaining value carries over.
//!
//! Unpadding checks the padding in constant time and reports every kind of
//! bad padding as the one error [`Error::InvalidPadding`]. CBC is not
//! authenticated: a padding error tells an attacker something, so check a
//! MAC over the ciphertext before decrypting.

use alloc::vec::Vec;

use crate::Error;
use crate::cipher::aes::Aes;
use crate::cipher::{Block, InOut};

/// Appends PKCS#7 padding to `data`: 1 to 16 bytes, each the pad length.
pub fn pkcs7_pad(data: &mut Vec<u8>) {
    let pad = 16 - data.len() % 16;
    data.resize(data.len() + pad, pad as u8);
}

/// The length of `data` without its PKCS#7 padding, checked in constant
/// time (the time depends only on `data.len()`).
///
/// # Errors
/// [`Error::InvalidPadding`] if `data` is empty, not a multiple of 16, or
/// does not end in valid padding.
pub fn pkcs7_unpad(data: &[u8]) -> Result<usize, Error> {
    pkcs7_unpad_block(data, 16)
}

/// [`pkcs7_unpad`] for blocks of `bs` bytes (8 for the 64-bit-block
/// ciphers in [`super::block64`]).
pub(crate) fn pkcs7_unpad_block(data: &[u8], bs: usize) -> Result<usize, Error> {
    if data.is_empty() || !data.len().is_multiple_of(bs) {
        return Err(Error::InvalidPadding);
    }
    let n = data.len();
    let p = u32::from(data[n - 1]);
    // bad != 0 when p is 0 or above bs, or a pad byte differs from p.
    let mut bad = (p.wrapping_sub(1) >> 31) | ((bs as u32).wrapping_sub(p) >> 31);
    for i in 0..bs as u32 {
        let b = u32::from(data[n - 1 - i as usize]);
        let in_pad = (i.wrapping_sub(p) >> 31).wrapping_neg();
        bad |= in_pad & (b ^ p);
    }
    // The verdict is the one thing that may branch (public: Ok or Err);
    // once the padding is valid its length is public too (the caller sees
    // the unpadded length).
    if crate::ct::declassify(core::hint::black_box(bad)) == 0 {
        Ok(n - crate::ct::declassify(p) as usize)
    } else {
        Err(Error::InvalidPadding)
    }
}

/// CBC encryption, streaming.
pub struct CbcEncryptor {
    aes: Aes,
    iv: Block,
}

super::keyed_constructors!(CbcEncryptor {});

impl CbcEncryptor {
    /// Encrypts `buf` in place, continuing from the previous call.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] unless the length is a multiple of 16
    /// (use [`CbcEncryptor::encrypt_padded`] for other lengths).
    pub fn encrypt(&mut self, buf: &mut [u8]) -> Result<(), Error> {
        super::whole_blocks(buf.len())?;
        self.aes.cbc_encrypt(&mut self.iv, InOut::in_place(buf));
        Ok(())
    }

    /// Encrypts `src` into `dst` (the same length), continuing from the
    /// previous call.
    ///
    /// # Errors
    /// As [`CbcEncryptor::encrypt`], and for a `dst` of another length.
    pub fn encrypt_to(&mut self, src: &[u8], dst: &mut [u8]) -> Result<(), Error> {
        super::whole_blocks(src.len())?;
        self.aes.cbc_encrypt(&mut self.iv, InOut::new(src, dst)?);
        Ok(())
    }

    /// Pads `data` (PKCS#7) and encrypts it, finishing the stream.
    pub fn encrypt_padded(mut self, data: &[u8]) -> Vec<u8> {
        let mut out = data.to_vec();
        pkcs7_pad(&mut out);
        self.aes
            .cbc_encrypt(&mut self.iv, InOut::in_place(&mut out));
        out
    }

    /// Pads the first `msg_len` bytes of `buf` in place and encrypts them,
    /// finishing the stream; returns the ciphertext length
    /// (`msg_len` rounded up to the next multiple of 16, plus 16 if it was
    /// one already).
    ///
    /// # Errors
    /// [`Error::InvalidLength`] if `buf` has no room for the padding.
    pub fn encrypt_padded_in_place(
        mut self,
        buf: &mut [u8],
        msg_len: usize,
    ) -> Result<usize, Error> {
        let total = (msg_len / 16 + 1) * 16;
        if msg_len > buf.len() || total > buf.len() {
            return Err(Error::InvalidLength {
                what: "buffer (no room for the padding)",
                got: buf.len(),
            });
        }
        let pad = (total - msg_len) as u8;
        buf[msg_len..total].fill(pad);
        self.aes
            .cbc_encrypt(&mut self.iv, InOut::in_place(&mut buf[..total]));
        Ok(total)
    }

    /// The chaining value: the last ciphertext block (the IV before any
    /// data).
    pub fn iv(&self) -> Block {
        self.iv
    }
}

/// CBC decryption, streaming.
pub struct CbcDecryptor {
    aes: Aes,
    iv: Block,
}

super::keyed_constructors!(CbcDecryptor {});

impl CbcDecryptor {
    /// Decrypts `buf` in place, continuing from the previous call.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] unless the length is a multiple of 16.
    pub fn decrypt(&mut self, buf: &mut [u8]) -> Result<(), Error> {
        super::whole_blocks(buf.len())?;
        self.aes.cbc_decrypt(&mut self.iv, InOut::in_place(buf));
        Ok(())
    }

    /// Decrypts `src` into `dst` (the same length), continuing from the
    /// previous call.
    ///
    /// # Errors
    /// As [`CbcDecryptor::decrypt`], and for a `dst` of another length.
    pub fn decrypt_to(&mut self, src: &[u8], dst: &mut [u8]) -> Result<(), Error> {
        super::whole_blocks(src.len())?;
        self.aes.cbc_decrypt(&mut self.iv, InOut::new(src, dst)?);
        Ok(())
    }

    /// Decrypts `buf` in place and checks its PKCS#7 padding, finishing
    /// the stream; returns the plaintext length. On a padding error the
    /// whole buffer is zeroed, so no unchecked plaintext is left behind.
    ///
    /// # Errors
    /// [`Error::InvalidPadding`] for an empty input, a length that is not a
    /// multiple of 16, or bad padding.
    pub fn decrypt_padded(mut self, buf: &mut [u8]) -> Result<usize, Error> {
        if buf.is_empty() || !buf.len().is_multiple_of(16) {
            return Err(Error::InvalidPadding);
        }
        self.aes.cbc_decrypt(&mut self.iv, InOut::in_place(buf));
        let r = pkcs7_unpad(buf);
        if r.is_err() {
            zeroize::Zeroize::zeroize(buf);
        }
        r
    }

    /// The chaining value: the last ciphertext block (the IV before any
    /// data).
    pub fn iv(&self) -> Block {
        self.iv
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    #[test]
    fn unpad_accepts_only_valid_padding() {
        for p in 1..=16u8 {
            let mut d = vec![0xaa; 32];
            let n = d.len();
            d[n - p as usize..].fill(p);
            assert_eq!(pkcs7_unpad(&d), Ok(32 - p as usize));
            // One wrong pad byte anywhere in the padding.
            for i in 0..p as usize {
                let mut e = d.clone();
                e[n - 1 - i] ^= if i == 0 { 0x20 } else { 1 };
                assert_eq!(pkcs7_unpad(&e), Err(Error::InvalidPadding), "p={p} i={i}");
            }
        }
        for last in [0u8, 17, 0x80, 0xff] {
            let mut d = vec![last; 16];
            d[15] = last;
            assert_eq!(pkcs7_unpad(&d), Err(Error::InvalidPadding));
        }
        assert_eq!(pkcs7_unpad(&[]), Err(Error::InvalidPadding));
        assert_eq!(pkcs7_unpad(&[1u8; 15]), Err(Error::InvalidPadding));
        assert_eq!(pkcs7_unpad(&[16u8; 16]), Ok(0));
    }

    #[test]
    fn pad_lengths() {
        for n in 0..40 {
            let mut v = vec![7u8; n];
            pkcs7_pad(&mut v);
            assert_eq!(v.len() % 16, 0);
            assert!(v.len() > n && v.len() <= n + 16);
            assert_eq!(pkcs7_unpad(&v), Ok(n));
        }
    }
}
