//! Modes of operation for the 64-bit-block ciphers ([`Des`](crate::cipher::des::Des),
//! [`TripleDes`](crate::cipher::des::TripleDes),
//! [`BlowfishVartime`](crate::cipher::blowfish::BlowfishVartime)): ECB, CBC
//! (with PKCS#7 padding), CTR (a 64-bit big-endian counter), CFB64 and OFB,
//! written once over [`BlockCipher64`]. The AES modes next door are built
//! for 16-byte blocks; these are their 8-byte counterparts, with the same
//! methods and errors.
//!
//! Blocks are big-endian `u64`s: the bytes of a block in the order they
//! appear in the data. Every mode works in place and out of place (`*_to`),
//! and the streaming ones give the same result over several calls as over
//! one.
//!
//! ```
//! use peregrine::cipher::des::TripleDes;
//! use peregrine::mode::block64::Ctr64;
//! let key = [7u8; 24];
//! let mut ctr = Ctr64::new(TripleDes::new(&key).unwrap(), &[0u8; 8]).unwrap();
//! let mut msg = *b"attack at dawn";
//! ctr.apply(&mut msg);
//! let mut back = Ctr64::new(TripleDes::new(&key).unwrap(), &[0u8; 8]).unwrap();
//! back.apply(&mut msg);
//! assert_eq!(&msg, b"attack at dawn");
//! ```

use alloc::vec::Vec;

use crate::Error;

/// A block cipher with 8-byte blocks and wide block functions.
pub trait BlockCipher64 {
    /// Encrypts every block (a big-endian `u64`) in place.
    fn encrypt_blocks(&self, blocks: &mut [u64]);
    /// Decrypts every block in place.
    fn decrypt_blocks(&self, blocks: &mut [u64]);
    /// CBC encryption of `blocks` in place, chaining from `iv` (left as the
    /// last ciphertext block). Serial; a cipher may override this with a
    /// one-block-at-a-time form faster than calling
    /// [`encrypt_blocks`](BlockCipher64::encrypt_blocks) on one block.
    fn cbc_encrypt(&self, iv: &mut u64, blocks: &mut [u64]) {
        for b in blocks.iter_mut() {
            let mut x = [*b ^ *iv];
            self.encrypt_blocks(&mut x);
            *iv = x[0];
            *b = x[0];
        }
    }
    /// Encrypts one block.
    fn encrypt_block(&self, block: [u8; 8]) -> [u8; 8] {
        let mut x = [u64::from_be_bytes(block)];
        self.encrypt_blocks(&mut x);
        x[0].to_be_bytes()
    }
    /// Decrypts one block.
    fn decrypt_block(&self, block: [u8; 8]) -> [u8; 8] {
        let mut x = [u64::from_be_bytes(block)];
        self.decrypt_blocks(&mut x);
        x[0].to_be_bytes()
    }
}

/// Blocks per batch in the stack buffer.
const BATCH: usize = 256;

fn iv8(iv: &[u8]) -> Result<u64, Error> {
    let b: [u8; 8] = iv.try_into().map_err(|_| Error::InvalidLength {
        what: "IV (must be 8 bytes)",
        got: iv.len(),
    })?;
    Ok(u64::from_be_bytes(b))
}

fn whole_blocks(len: usize) -> Result<(), Error> {
    if len.is_multiple_of(8) {
        Ok(())
    } else {
        Err(Error::InvalidLength {
            what: "input (must be a multiple of 8 bytes without padding)",
            got: len,
        })
    }
}

fn copy_to(src: &[u8], dst: &mut [u8]) -> Result<(), Error> {
    if src.len() != dst.len() {
        return Err(Error::InvalidLength {
            what: "output (must equal the input)",
            got: dst.len(),
        });
    }
    dst.copy_from_slice(src);
    Ok(())
}

/// Runs `f` over the whole blocks of `buf` in batches: the blocks are
/// loaded as big-endian words, `f(words, previous_input_block)` transforms
/// them, and they are stored back. `f` sees the input block before the
/// batch (for CBC decryption) through its second argument.
fn batches(buf: &mut [u8], mut f: impl FnMut(&mut [u64], &[u64])) {
    let mut w = [0u64; BATCH];
    let mut input = [0u64; BATCH];
    for chunk in buf.chunks_mut(8 * BATCH) {
        let n = chunk.len() / 8;
        for (x, b) in w.iter_mut().zip(chunk.chunks_exact(8)) {
            *x = u64::from_be_bytes(b.try_into().unwrap_or_default());
        }
        input[..n].copy_from_slice(&w[..n]);
        f(&mut w[..n], &input[..n]);
        for (x, b) in w.iter().zip(chunk.chunks_exact_mut(8)) {
            b.copy_from_slice(&x.to_be_bytes());
        }
    }
    crate::ct::wipe(&mut w);
    crate::ct::wipe(&mut input);
}

/// Appends PKCS#7 padding for 8-byte blocks: 1 to 8 bytes, each the pad
/// length.
pub fn pkcs7_pad8(data: &mut Vec<u8>) {
    let pad = 8 - data.len() % 8;
    data.resize(data.len() + pad, pad as u8);
}

/// The length of `data` without its PKCS#7 padding for 8-byte blocks,
/// checked in constant time (like [`super::cbc::pkcs7_unpad`]).
///
/// # Errors
/// [`Error::InvalidPadding`] if `data` is empty, not a multiple of 8, or
/// does not end in valid padding.
pub fn pkcs7_unpad8(data: &[u8]) -> Result<usize, Error> {
    super::cbc::pkcs7_unpad_block(data, 8)
}

/// ECB: each block on its own. It leaks equal plaintext blocks.
#[derive(Clone, Debug)]
pub struct Ecb64<C> {
    c: C,
}

impl<C: BlockCipher64> Ecb64<C> {
    /// ECB over the cipher `c`.
    pub fn new(c: C) -> Self {
        Ecb64 { c }
    }

    /// Encrypts `buf` in place.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] unless the length is a multiple of 8.
    pub fn encrypt(&self, buf: &mut [u8]) -> Result<(), Error> {
        whole_blocks(buf.len())?;
        batches(buf, |w, _| self.c.encrypt_blocks(w));
        Ok(())
    }

    /// Decrypts `buf` in place.
    ///
    /// # Errors
    /// As [`Ecb64::encrypt`].
    pub fn decrypt(&self, buf: &mut [u8]) -> Result<(), Error> {
        whole_blocks(buf.len())?;
        batches(buf, |w, _| self.c.decrypt_blocks(w));
        Ok(())
    }

    /// Encrypts `src` into `dst` (the same length).
    ///
    /// # Errors
    /// As [`Ecb64::encrypt`], and for a `dst` of another length.
    pub fn encrypt_to(&self, src: &[u8], dst: &mut [u8]) -> Result<(), Error> {
        whole_blocks(src.len())?;
        copy_to(src, dst)?;
        self.encrypt(dst)
    }

    /// Decrypts `src` into `dst` (the same length).
    ///
    /// # Errors
    /// As [`Ecb64::encrypt_to`].
    pub fn decrypt_to(&self, src: &[u8], dst: &mut [u8]) -> Result<(), Error> {
        whole_blocks(src.len())?;
        copy_to(src, dst)?;
        self.decrypt(dst)
    }
}

/// CBC encryption, streaming.
#[derive(Clone, Debug)]
pub struct Cbc64Encryptor<C> {
    c: C,
    iv: u64,
}

impl<C: BlockCipher64> Cbc64Encryptor<C> {
    /// CBC encryption over `c` from the 8-byte `iv`.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for an IV of another length.
    pub fn new(c: C, iv: &[u8]) -> Result<Self, Error> {
        Ok(Cbc64Encryptor { c, iv: iv8(iv)? })
    }

    /// Encrypts `buf` in place, continuing from the previous call.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] unless the length is a multiple of 8.
    pub fn encrypt(&mut self, buf: &mut [u8]) -> Result<(), Error> {
        whole_blocks(buf.len())?;
        let (c, iv) = (&self.c, &mut self.iv);
        batches(buf, |w, _| c.cbc_encrypt(iv, w));
        Ok(())
    }

    /// Encrypts `src` into `dst` (the same length).
    ///
    /// # Errors
    /// As [`Cbc64Encryptor::encrypt`], and for a `dst` of another length.
    pub fn encrypt_to(&mut self, src: &[u8], dst: &mut [u8]) -> Result<(), Error> {
        whole_blocks(src.len())?;
        copy_to(src, dst)?;
        self.encrypt(dst)
    }

    /// Pads `data` (PKCS#7, 8-byte blocks) and encrypts it, finishing the
    /// stream.
    pub fn encrypt_padded(mut self, data: &[u8]) -> Vec<u8> {
        let mut out = data.to_vec();
        pkcs7_pad8(&mut out);
        let (c, iv) = (&self.c, &mut self.iv);
        batches(&mut out, |w, _| c.cbc_encrypt(iv, w));
        out
    }

    /// The chaining value (the last ciphertext block, or the IV).
    pub fn iv(&self) -> [u8; 8] {
        self.iv.to_be_bytes()
    }
}

/// CBC decryption, streaming.
#[derive(Clone, Debug)]
pub struct Cbc64Decryptor<C> {
    c: C,
    iv: u64,
}

impl<C: BlockCipher64> Cbc64Decryptor<C> {
    /// CBC decryption over `c` from the 8-byte `iv`.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for an IV of another length.
    pub fn new(c: C, iv: &[u8]) -> Result<Self, Error> {
        Ok(Cbc64Decryptor { c, iv: iv8(iv)? })
    }

    /// Decrypts `buf` in place, continuing from the previous call.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] unless the length is a multiple of 8.
    pub fn decrypt(&mut self, buf: &mut [u8]) -> Result<(), Error> {
        whole_blocks(buf.len())?;
        let (c, iv) = (&self.c, &mut self.iv);
        batches(buf, |w, input| {
            c.decrypt_blocks(w);
            let mut prev = *iv;
            for (x, &y) in w.iter_mut().zip(input) {
                *x ^= prev;
                prev = y;
            }
            *iv = prev;
        });
        Ok(())
    }

    /// Decrypts `src` into `dst` (the same length).
    ///
    /// # Errors
    /// As [`Cbc64Decryptor::decrypt`], and for a `dst` of another length.
    pub fn decrypt_to(&mut self, src: &[u8], dst: &mut [u8]) -> Result<(), Error> {
        whole_blocks(src.len())?;
        copy_to(src, dst)?;
        self.decrypt(dst)
    }

    /// Decrypts `buf` in place and checks its PKCS#7 padding (8-byte
    /// blocks, in constant time), finishing the stream; returns the
    /// plaintext length. On a padding error the buffer is zeroed.
    ///
    /// # Errors
    /// [`Error::InvalidPadding`] for an empty input, a length that is not a
    /// multiple of 8, or bad padding.
    pub fn decrypt_padded(mut self, buf: &mut [u8]) -> Result<usize, Error> {
        if buf.is_empty() || !buf.len().is_multiple_of(8) {
            return Err(Error::InvalidPadding);
        }
        self.decrypt(buf)?;
        let r = pkcs7_unpad8(buf);
        if r.is_err() {
            zeroize::Zeroize::zeroize(buf);
        }
        r
    }

    /// The chaining value (the last ciphertext block, or the IV).
    pub fn iv(&self) -> [u8; 8] {
        self.iv.to_be_bytes()
    }
}

/// A keystream mode's buffered state: the unused bytes of the last block.
#[derive(Clone, Debug, Default)]
struct Leftover {
    ks: [u8; 8],
    used: usize,
}

impl Leftover {
    /// XORs buffered keystream into the front of `buf`; returns how many
    /// bytes it covered.
    fn drain(&mut self, buf: &mut [u8], mut feed: impl FnMut(u8, u8) -> u8) -> usize {
        let mut n = 0;
        while self.used < 8 && self.used != 0 && n < buf.len() {
            let k = self.ks[self.used];
            let c = buf[n];
            buf[n] ^= k;
            self.ks[self.used] = feed(c, buf[n]);
            self.used += 1;
            n += 1;
        }
        if self.used == 8 {
            self.used = 0;
        }
        n
    }
}

/// CTR with a 64-bit big-endian counter block (wrapping modulo 2^64),
/// streaming: encryption and decryption are the same [`Ctr64::apply`].
#[derive(Clone, Debug)]
pub struct Ctr64<C> {
    c: C,
    ctr: u64,
    left: Leftover,
}

impl<C: BlockCipher64> Ctr64<C> {
    /// CTR over `c` from the 8-byte initial counter block.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for a counter block of another length.
    pub fn new(c: C, iv: &[u8]) -> Result<Self, Error> {
        Ok(Ctr64 {
            c,
            ctr: iv8(iv)?,
            left: Leftover::default(),
        })
    }

    /// Encrypts or decrypts `buf` in place, continuing the keystream.
    pub fn apply(&mut self, buf: &mut [u8]) {
        let n = self.left.drain(buf, |_, _| 0);
        let buf = &mut buf[n..];
        let whole = buf.len() / 8 * 8;
        let (body, tail) = buf.split_at_mut(whole);
        let (c, ctr) = (&self.c, &mut self.ctr);
        batches(body, |w, _| {
            let mut ks = [0u64; BATCH];
            let ks = &mut ks[..w.len()];
            for k in ks.iter_mut() {
                *k = *ctr;
                *ctr = ctr.wrapping_add(1);
            }
            c.encrypt_blocks(ks);
            for (x, k) in w.iter_mut().zip(ks.iter()) {
                *x ^= k;
            }
            ks.fill(0);
        });
        if !tail.is_empty() {
            let mut k = [*ctr];
            c.encrypt_blocks(&mut k);
            *ctr = ctr.wrapping_add(1);
            self.left.ks = k[0].to_be_bytes();
            for (i, b) in tail.iter_mut().enumerate() {
                *b ^= self.left.ks[i];
            }
            self.left.used = tail.len();
        }
    }

    /// Like [`Ctr64::apply`], from `src` into `dst` (the same length).
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for a `dst` of another length.
    pub fn apply_to(&mut self, src: &[u8], dst: &mut [u8]) -> Result<(), Error> {
        copy_to(src, dst)?;
        self.apply(dst);
        Ok(())
    }
}

/// CFB64 (full-block feedback), streaming.
#[derive(Clone, Debug)]
pub struct Cfb64<C> {
    c: C,
    iv: u64,
    left: Leftover,
}

/// OFB, streaming: encryption and decryption are the same [`Ofb64::apply`].
#[derive(Clone, Debug)]
pub struct Ofb64<C> {
    c: C,
    iv: u64,
    left: Leftover,
}

impl<C: BlockCipher64> Cfb64<C> {
    /// CFB64 over `c` from the 8-byte `iv`.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for an IV of another length.
    pub fn new(c: C, iv: &[u8]) -> Result<Self, Error> {
        Ok(Cfb64 {
            c,
            iv: iv8(iv)?,
            left: Leftover::default(),
        })
    }

    fn run(&mut self, buf: &mut [u8], decrypt: bool) {
        // The feedback is the ciphertext byte: the input when decrypting,
        // the output when encrypting.
        let n = self.left.drain(buf, |i, o| if decrypt { i } else { o });
        if self.left.used == 0 && n > 0 {
            self.iv = u64::from_be_bytes(self.left.ks);
        }
        let mut at = n;
        while at < buf.len() {
            let mut k = [self.iv];
            self.c.encrypt_blocks(&mut k);
            let ks = k[0].to_be_bytes();
            let m = (buf.len() - at).min(8);
            let mut fb = ks;
            for i in 0..m {
                let c = buf[at + i];
                buf[at + i] ^= ks[i];
                fb[i] = if decrypt { c } else { buf[at + i] };
            }
            if m == 8 {
                self.iv = u64::from_be_bytes(fb);
            } else {
                self.left = Leftover { ks: fb, used: m };
                // Positions m.. still hold keystream; the drain above XORs
                // them and replaces each with the ciphertext byte.
            }
            at += m;
        }
    }

    /// Encrypts `buf` in place, continuing from the previous call.
    pub fn encrypt(&mut self, buf: &mut [u8]) {
        self.run(buf, false)
    }

    /// Decrypts `buf` in place, continuing from the previous call.
    pub fn decrypt(&mut self, buf: &mut [u8]) {
        self.run(buf, true)
    }
}

impl<C: BlockCipher64> Ofb64<C> {
    /// OFB over `c` from the 8-byte `iv`.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for an IV of another length.
    pub fn new(c: C, iv: &[u8]) -> Result<Self, Error> {
        Ok(Ofb64 {
            c,
            iv: iv8(iv)?,
            left: Leftover::default(),
        })
    }

    /// Encrypts or decrypts `buf` in place, continuing the keystream.
    pub fn apply(&mut self, buf: &mut [u8]) {
        let n = self.left.drain(buf, |_, _| 0);
        let mut at = n;
        while at < buf.len() {
            let mut k = [self.iv];
            self.c.encrypt_blocks(&mut k);
            self.iv = k[0];
            let ks = k[0].to_be_bytes();
            let m = (buf.len() - at).min(8);
            for i in 0..m {
                buf[at + i] ^= ks[i];
            }
            if m < 8 {
                self.left = Leftover { ks, used: m };
            }
            at += m;
        }
    }
}
