//! ECB: each block on its own. It leaks equal plaintext blocks, so it is
//! here for tests, benchmarks and as a building block, not for data.

use crate::Error;
use crate::cipher::InOut;
use crate::cipher::aes::{Aes, Checked, Dir, Impl};

/// AES in ECB mode.
#[derive(Clone, Debug)]
pub struct Ecb {
    aes: Aes,
}

impl Ecb {
    /// Sets up the key (16, 24 or 32 bytes) on the best backend.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for another key length.
    pub fn new(key: &[u8]) -> Result<Ecb, Error> {
        Ok(Ecb {
            aes: Aes::new(key)?,
        })
    }

    /// Like [`Ecb::new`], on the backend `imp`.
    ///
    /// # Errors
    /// As [`Ecb::new`].
    pub fn with_impl(key: &[u8], imp: Checked) -> Result<Ecb, Error> {
        Ok(Ecb {
            aes: Aes::with_impl(key, imp)?,
        })
    }

    /// The backend the key was set up for.
    pub fn backend(&self) -> Impl {
        self.aes.backend()
    }

    fn run(&self, dir: Dir, io: InOut<'_>) -> Result<(), Error> {
        super::whole_blocks(io.len())?;
        self.aes.ecb(dir, io);
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
    /// As [`Ecb::encrypt`].
    pub fn decrypt(&self, buf: &mut [u8]) -> Result<(), Error> {
        self.run(Dir::Decrypt, InOut::in_place(buf))
    }

    /// Encrypts `src` into `dst` (the same length).
    ///
    /// # Errors
    /// As [`Ecb::encrypt`], and for a `dst` of another length.
    pub fn encrypt_to(&self, src: &[u8], dst: &mut [u8]) -> Result<(), Error> {
        self.run(Dir::Encrypt, InOut::new(src, dst)?)
    }

    /// Decrypts `src` into `dst` (the same length).
    ///
    /// # Errors
    /// As [`Ecb::encrypt_to`].
    pub fn decrypt_to(&self, src: &[u8], dst: &mut [u8]) -> Result<(), Error> {
        self.run(Dir::Decrypt, InOut::new(src, dst)?)
    }
}
