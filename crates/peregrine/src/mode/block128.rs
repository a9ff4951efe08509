//! Modes of operation for the 16-byte-block ciphers other than AES
//! ([`Camellia`](crate::cipher::camellia::Camellia),
//! [`Sm4`](crate::cipher::sm4::Sm4)): ECB, CBC (with PKCS#7 padding) and
//! CTR (a 128-bit big-endian counter, as `openssl enc` counts), generic
//! over [`BlockCipher128`]. The parallel work runs through the same
//! kernels as AES's modes (`kernels.rs`, here in batches of 64 blocks, the
//! GFNI backends' zmm step); the AES
//! types next door keep their fused per-backend kernels.
//!
//! ```
//! use peregrine::cipher::camellia::Camellia;
//! use peregrine::mode::block128::Ctr128;
//! let mut ctr = Ctr128::new(Camellia::new(&[7u8; 16]).unwrap(), &[0u8; 16]).unwrap();
//! let mut msg = *b"attack at dawn";
//! ctr.apply(&mut msg);
//! let mut back = Ctr128::new(Camellia::new(&[7u8; 16]).unwrap(), &[0u8; 16]).unwrap();
//! back.apply(&mut msg);
//! assert_eq!(&msg, b"attack at dawn");
//! ```

use alloc::vec::Vec;

use crate::Error;
use crate::cipher::aes::{CtrWidth, Dir};
use crate::cipher::{Block, InOut};

use super::cbc::pkcs7_pad;
use super::kernels;

/// Blocks per call of the wide block functions in the parallel modes:
/// the widest backend's step (64 blocks in zmm registers for the GFNI
/// kernels of Camellia and SM4).
const BATCH: usize = 64;

/// A block cipher with 16-byte blocks and wide block functions.
pub trait BlockCipher128 {
    /// Encrypts every block in place (any count; a backend runs as many in
    /// parallel as it can).
    fn encrypt_blocks(&self, blocks: &mut [Block]);
    /// Decrypts every block in place.
    fn decrypt_blocks(&self, blocks: &mut [Block]);
    /// CBC encryption of `blocks` in place, chaining from `iv` (left as the
    /// last ciphertext block). Serial; a cipher may override it with a
    /// one-block form faster than [`encrypt_blocks`](BlockCipher128::encrypt_blocks)
    /// on one block.
    fn cbc_encrypt_blocks(&self, iv: &mut Block, blocks: &mut [Block]) {
        for b in blocks.iter_mut() {
            for (x, y) in b.iter_mut().zip(iv.iter()) {
                *x ^= y;
            }
            self.encrypt_blocks(core::slice::from_mut(b));
            *iv = *b;
        }
    }
    /// Encrypts one block.
    fn encrypt_block(&self, block: Block) -> Block {
        let mut b = [block];
        self.encrypt_blocks(&mut b);
        b[0]
    }
    /// Decrypts one block.
    fn decrypt_block(&self, block: Block) -> Block {
        let mut b = [block];
        self.decrypt_blocks(&mut b);
        b[0]
    }
}

/// Adapts a [`BlockCipher128`] to the shared kernels.
struct Wide<'a, C>(&'a C);

impl<C: BlockCipher128> kernels::BlockCipher for Wide<'_, C> {
    #[inline(always)]
    fn encrypt_blocks(&self, blocks: &mut [Block]) {
        self.0.encrypt_blocks(blocks)
    }
    #[inline(always)]
    fn decrypt_blocks(&self, blocks: &mut [Block]) {
        self.0.decrypt_blocks(blocks)
    }
}

/// CBC encryption over batches of blocks copied out of `io`.
fn cbc_encrypt_io<C: BlockCipher128>(c: &C, iv: &mut Block, mut io: InOut<'_>) {
    let mut buf = [[0u8; 16]; kernels::BATCH];
    let total = io.blocks();
    let mut done = 0;
    while done < total {
        let n = (total - done).min(kernels::BATCH);
        for (i, b) in buf[..n].iter_mut().enumerate() {
            *b = io.read((done + i) * 16);
        }
        c.cbc_encrypt_blocks(iv, &mut buf[..n]);
        for (i, b) in buf[..n].iter().enumerate() {
            io.write((done + i) * 16, b);
        }
        done += n;
    }
    crate::ct::wipe(&mut buf);
}

/// ECB: each block on its own. It leaks equal plaintext blocks.
#[derive(Clone, Debug)]
pub struct Ecb128<C> {
    c: C,
}

impl<C: BlockCipher128> Ecb128<C> {
    /// ECB over the cipher `c`.
    pub fn new(c: C) -> Self {
        Ecb128 { c }
    }

    fn run(&self, dir: Dir, io: InOut<'_>) -> Result<(), Error> {
        super::whole_blocks(io.len())?;
        kernels::ecb_n::<_, BATCH>(&Wide(&self.c), dir, io);
        Ok(())
    }

    /// Encrypts `buf` in place.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] unless the length is a multiple of 16.
    pub fn encrypt(&self, buf: &mut [u8]) -> Result<(), Error> {
        self.run(Dir::Encrypt, InOut::in_place(buf))
    }

    /// Decrypts `buf` in place.
    ///
    /// # Errors
    /// As [`Ecb128::encrypt`].
    pub fn decrypt(&self, buf: &mut [u8]) -> Result<(), Error> {
        self.run(Dir::Decrypt, InOut::in_place(buf))
    }

    /// Encrypts `src` into `dst` (the same length).
    ///
    /// # Errors
    /// As [`Ecb128::encrypt`], and for a `dst` of another length.
    pub fn encrypt_to(&self, src: &[u8], dst: &mut [u8]) -> Result<(), Error> {
        self.run(Dir::Encrypt, InOut::new(src, dst)?)
    }

    /// Decrypts `src` into `dst` (the same length).
    ///
    /// # Errors
    /// As [`Ecb128::encrypt_to`].
    pub fn decrypt_to(&self, src: &[u8], dst: &mut [u8]) -> Result<(), Error> {
        self.run(Dir::Decrypt, InOut::new(src, dst)?)
    }
}

/// CBC encryption, streaming.
#[derive(Debug)]
pub struct Cbc128Encryptor<C> {
    c: C,
    iv: Block,
}

impl<C> Drop for Cbc128Encryptor<C> {
    fn drop(&mut self) {
        crate::ct::wipe(&mut self.iv);
    }
}

impl<C: BlockCipher128> Cbc128Encryptor<C> {
    /// CBC encryption over `c` from the 16-byte `iv`.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for an IV of another length.
    pub fn new(c: C, iv: &[u8]) -> Result<Self, Error> {
        Ok(Cbc128Encryptor {
            c,
            iv: super::iv16(iv)?,
        })
    }

    /// Encrypts `buf` in place, continuing from the previous call.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] unless the length is a multiple of 16.
    pub fn encrypt(&mut self, buf: &mut [u8]) -> Result<(), Error> {
        super::whole_blocks(buf.len())?;
        cbc_encrypt_io(&self.c, &mut self.iv, InOut::in_place(buf));
        Ok(())
    }

    /// Encrypts `src` into `dst` (the same length), continuing from the
    /// previous call.
    ///
    /// # Errors
    /// As [`Cbc128Encryptor::encrypt`], and for a `dst` of another length.
    pub fn encrypt_to(&mut self, src: &[u8], dst: &mut [u8]) -> Result<(), Error> {
        super::whole_blocks(src.len())?;
        cbc_encrypt_io(&self.c, &mut self.iv, InOut::new(src, dst)?);
        Ok(())
    }

    /// Pads `data` (PKCS#7) and encrypts it, finishing the stream.
    pub fn encrypt_padded(mut self, data: &[u8]) -> Vec<u8> {
        let mut out = data.to_vec();
        pkcs7_pad(&mut out);
        cbc_encrypt_io(&self.c, &mut self.iv, InOut::in_place(&mut out));
        out
    }

    /// The chaining value: the last ciphertext block (the IV before any
    /// data).
    pub fn iv(&self) -> Block {
        self.iv
    }
}

/// CBC decryption, streaming.
#[derive(Debug)]
pub struct Cbc128Decryptor<C> {
    c: C,
    iv: Block,
}

impl<C> Drop for Cbc128Decryptor<C> {
    fn drop(&mut self) {
        crate::ct::wipe(&mut self.iv);
    }
}

impl<C: BlockCipher128> Cbc128Decryptor<C> {
    /// CBC decryption over `c` from the 16-byte `iv`.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for an IV of another length.
    pub fn new(c: C, iv: &[u8]) -> Result<Self, Error> {
        Ok(Cbc128Decryptor {
            c,
            iv: super::iv16(iv)?,
        })
    }

    /// Decrypts `buf` in place, continuing from the previous call.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] unless the length is a multiple of 16.
    pub fn decrypt(&mut self, buf: &mut [u8]) -> Result<(), Error> {
        super::whole_blocks(buf.len())?;
        kernels::cbc_decrypt_n::<_, BATCH>(&Wide(&self.c), &mut self.iv, InOut::in_place(buf));
        Ok(())
    }

    /// Decrypts `src` into `dst` (the same length), continuing from the
    /// previous call.
    ///
    /// # Errors
    /// As [`Cbc128Decryptor::decrypt`], and for a `dst` of another length.
    pub fn decrypt_to(&mut self, src: &[u8], dst: &mut [u8]) -> Result<(), Error> {
        super::whole_blocks(src.len())?;
        kernels::cbc_decrypt_n::<_, BATCH>(&Wide(&self.c), &mut self.iv, InOut::new(src, dst)?);
        Ok(())
    }

    /// Decrypts `buf` in place and checks its PKCS#7 padding, finishing
    /// the stream; returns the plaintext length. On a padding error the
    /// whole buffer is zeroed.
    ///
    /// # Errors
    /// [`Error::InvalidPadding`] for an empty input, a length that is not a
    /// multiple of 16, or bad padding.
    pub fn decrypt_padded(mut self, buf: &mut [u8]) -> Result<usize, Error> {
        if buf.is_empty() || !buf.len().is_multiple_of(16) {
            return Err(Error::InvalidPadding);
        }
        kernels::cbc_decrypt_n::<_, BATCH>(&Wide(&self.c), &mut self.iv, InOut::in_place(buf));
        let r = super::cbc::pkcs7_unpad(buf);
        if r.is_err() {
            zeroize::Zeroize::zeroize(buf);
        }
        r
    }
}

/// CTR with a 128-bit big-endian counter (wrapping), streaming: calls over
/// pieces of any lengths give the same result as one call.
#[derive(Debug)]
pub struct Ctr128<C> {
    c: C,
    ctr: Block,
    ks: Block,
    used: usize,
}

impl<C> Drop for Ctr128<C> {
    fn drop(&mut self) {
        crate::ct::wipe(&mut self.ctr);
        crate::ct::wipe(&mut self.ks);
    }
}

impl<C: BlockCipher128> Ctr128<C> {
    /// CTR over `c` from the 16-byte initial counter block `iv`.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for an IV of another length.
    pub fn new(c: C, iv: &[u8]) -> Result<Self, Error> {
        Ok(Ctr128 {
            c,
            ctr: super::iv16(iv)?,
            ks: [0; 16],
            used: 16,
        })
    }

    /// The next counter block.
    pub fn counter(&self) -> Block {
        self.ctr
    }

    /// Encrypts or decrypts `buf` in place.
    pub fn apply(&mut self, buf: &mut [u8]) {
        self.run(InOut::in_place(buf))
    }

    /// Encrypts or decrypts `src` into `dst` (the same length).
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for a `dst` of another length.
    pub fn apply_to(&mut self, src: &[u8], dst: &mut [u8]) -> Result<(), Error> {
        self.run(InOut::new(src, dst)?);
        Ok(())
    }

    pub(crate) fn run_width(&mut self, width: CtrWidth, mut io: InOut<'_>) {
        let len = io.len();
        let head = (16 - self.used).min(len);
        for i in 0..head {
            let [b] = io.read::<1>(i);
            io.write(i, &[b ^ self.ks[self.used + i]]);
        }
        self.used += head;
        let (_, rest) = io.split_at(head);
        let whole = rest.len() / 16 * 16;
        let (body, mut tail) = rest.split_at(whole);
        if whole > 0 {
            kernels::ctr_n::<_, BATCH>(&Wide(&self.c), &mut self.ctr, width, body);
        }
        if tail.len() > 0 {
            let mut ks = [0u8; 16];
            kernels::ctr_n::<_, BATCH>(
                &Wide(&self.c),
                &mut self.ctr,
                width,
                InOut::in_place(&mut ks),
            );
            self.ks = ks;
            crate::ct::wipe(&mut ks);
            for i in 0..tail.len() {
                let [b] = tail.read::<1>(i);
                tail.write(i, &[b ^ self.ks[i]]);
            }
            self.used = tail.len();
        }
    }

    fn run(&mut self, io: InOut<'_>) {
        self.run_width(CtrWidth::Full, io)
    }
}
