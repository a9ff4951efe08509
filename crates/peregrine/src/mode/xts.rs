//! XTS-AES (IEEE 1619-2018, SP 800-38E): the mode for disk sectors, with
//! ciphertext stealing for data units that are not a whole number of
//! blocks.
//!
//! The key is two AES keys of the same size back to back (32 bytes for
//! XTS-AES-128, 64 for XTS-AES-256): the first encrypts the data, the second
//! the tweak. SP 800-38E and IEEE 1619 section 5.1 require them to differ;
//! [`Xts::new`] refuses identical halves (compared in constant time).
//!
//! The tweak of a data unit is given either as its sequence number
//! ([`Tweak::Sector`], encoded little-endian as IEEE 1619 says) or as the
//! raw 16 bytes ([`Tweak::Raw`], as `openssl enc -aes-128-xts -iv` takes
//! it). A data unit is 16 bytes to 2^20 blocks (16 MiB), the IEEE 1619 limit
//! that OpenSSL also enforces.

use crate::Error;
use crate::cipher::aes::{Aes, Checked, Dir, Impl};
use crate::cipher::{Block, InOut};

/// The most blocks one data unit may have (IEEE 1619 section 5.1).
pub const MAX_BLOCKS: usize = 1 << 20;

/// The tweak of one data unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tweak {
    /// The data unit's sequence number (sector number).
    Sector(u128),
    /// The 16-byte tweak value itself.
    Raw([u8; 16]),
}

impl Tweak {
    fn block(self) -> Block {
        match self {
            Tweak::Sector(n) => n.to_le_bytes(),
            Tweak::Raw(b) => b,
        }
    }
}

/// An XTS-AES key pair.
#[derive(Clone)]
pub struct Xts {
    data: Aes,
    tweak: Aes,
}

impl core::fmt::Debug for Xts {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Xts")
            .field("key", &self.data)
            .finish_non_exhaustive()
    }
}

impl Xts {
    /// Sets up a 32- or 64-byte XTS key (two AES-128 or AES-256 keys) on
    /// the best backend.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for another key length,
    /// [`Error::InvalidParameter`] if the two halves are equal.
    pub fn new(key: &[u8]) -> Result<Xts, Error> {
        Xts::with_impl(key, crate::cipher::aes::Impl::best())
    }

    /// Like [`Xts::new`], on the backend `imp`.
    ///
    /// # Errors
    /// As [`Xts::new`].
    pub fn with_impl(key: &[u8], imp: Checked) -> Result<Xts, Error> {
        if key.len() != 32 && key.len() != 64 {
            return Err(Error::InvalidLength {
                what: "XTS key (must be 32 or 64 bytes: two AES-128 or AES-256 keys)",
                got: key.len(),
            });
        }
        let (k1, k2) = key.split_at(key.len() / 2);
        // The verdict is public: equal halves are refused with an error.
        if crate::ct::declassify(crate::ct::ct_eq(k1, k2)) {
            return Err(Error::InvalidParameter {
                what: "XTS key halves must differ (IEEE 1619 section 5.1)",
            });
        }
        Ok(Xts {
            data: Aes::with_impl(k1, imp)?,
            tweak: Aes::with_impl(k2, imp)?,
        })
    }

    /// The backend the keys were set up for.
    pub fn backend(&self) -> Impl {
        self.data.backend()
    }

    /// Encrypts one data unit in place.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for fewer than 16 bytes or more than
    /// [`MAX_BLOCKS`] blocks.
    pub fn encrypt(&self, tweak: Tweak, buf: &mut [u8]) -> Result<(), Error> {
        self.run(Dir::Encrypt, tweak, InOut::in_place(buf))
    }

    /// Decrypts one data unit in place.
    ///
    /// # Errors
    /// As [`Xts::encrypt`].
    pub fn decrypt(&self, tweak: Tweak, buf: &mut [u8]) -> Result<(), Error> {
        self.run(Dir::Decrypt, tweak, InOut::in_place(buf))
    }

    /// Encrypts one data unit from `src` into `dst` (the same length).
    ///
    /// # Errors
    /// As [`Xts::encrypt`], and for a `dst` of another length.
    pub fn encrypt_to(&self, tweak: Tweak, src: &[u8], dst: &mut [u8]) -> Result<(), Error> {
        self.run(Dir::Encrypt, tweak, InOut::new(src, dst)?)
    }

    /// Decrypts one data unit from `src` into `dst` (the same length).
    ///
    /// # Errors
    /// As [`Xts::encrypt_to`].
    pub fn decrypt_to(&self, tweak: Tweak, src: &[u8], dst: &mut [u8]) -> Result<(), Error> {
        self.run(Dir::Decrypt, tweak, InOut::new(src, dst)?)
    }

    fn run(&self, dir: Dir, tweak: Tweak, io: InOut<'_>) -> Result<(), Error> {
        let len = io.len();
        if !(16..=MAX_BLOCKS * 16).contains(&len) {
            return Err(Error::InvalidLength {
                what: "XTS data unit (must be 16 bytes to 2^20 blocks)",
                got: len,
            });
        }
        let mut t = tweak.block();
        self.tweak.encrypt_block(&mut t);
        let r = len % 16;
        // With stealing, the last whole block is handled with the tail.
        let whole = if r == 0 { len } else { len - r - 16 };
        let (body, tail) = io.split_at(whole);
        self.data.xts(dir, &mut t, body);
        if r != 0 {
            self.data.xts_steal(dir, &t, tail);
        }
        crate::ct::wipe(&mut t);
        Ok(())
    }
}
