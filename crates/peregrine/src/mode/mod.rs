//! Modes of operation over AES: [`ecb`], [`cbc`] (with PKCS#7 padding),
//! [`ctr`] (128-bit and GCM's 32-bit counter), [`xts`] (IEEE 1619 with
//! ciphertext stealing), [`cfb`] (CFB128) and [`ofb`].
//!
//! Each mode owns an [`Aes`](crate::cipher::aes::Aes) key, set up on the
//! best backend by `new` or on a chosen one by `with_impl`. The mode code is
//! written once (`kernels.rs` and the files here); a backend with fused
//! kernels (AES-NI, VAES, ARMv8) runs its own for the parallel modes. Every
//! mode works in place (`&mut [u8]`) and out of place (`*_to`), and the
//! streaming ones (CBC, CTR, CFB, OFB) give the same result over several
//! calls as over one.
//!
//! ```
//! use peregrine::mode::ctr::Ctr;
//! let mut ctr = Ctr::new(&[0u8; 16], &[0u8; 16]).unwrap();
//! let mut msg = *b"attack at dawn";
//! ctr.apply(&mut msg).unwrap();
//! let mut back = Ctr::new(&[0u8; 16], &[0u8; 16]).unwrap();
//! back.apply(&mut msg).unwrap();
//! assert_eq!(&msg, b"attack at dawn");
//! ```

#[cfg(feature = "legacy")]
pub mod block128;
#[cfg(feature = "legacy")]
pub mod block64;
pub mod cbc;
pub mod cfb;
pub mod ctr;
pub mod ecb;
pub(crate) mod kernels;
pub mod ofb;
pub mod xts;

use crate::Error;
use crate::cipher::Block;

/// Checks an IV or initial counter block of 16 bytes.
pub(crate) fn iv16(iv: &[u8]) -> Result<Block, Error> {
    iv.try_into().map_err(|_| Error::InvalidLength {
        what: "IV (must be 16 bytes)",
        got: iv.len(),
    })
}

/// Checks that a length is a whole number of blocks.
pub(crate) fn whole_blocks(len: usize) -> Result<(), Error> {
    if len.is_multiple_of(16) {
        Ok(())
    } else {
        Err(Error::InvalidLength {
            what: "input (must be a multiple of 16 bytes without padding)",
            got: len,
        })
    }
}

/// Implements the constructors every mode shares: `new`, `with_impl`,
/// `backend`.
macro_rules! keyed_constructors {
    ($ty:ident { $($field:ident: $init:expr),* }) => {
        impl $ty {
            /// Sets up the key (16, 24 or 32 bytes) on the best backend, with
            /// the 16-byte IV.
            ///
            /// # Errors
            /// [`Error::InvalidLength`](crate::Error::InvalidLength) for a
            /// key or IV of the wrong length.
            pub fn new(key: &[u8], iv: &[u8]) -> Result<Self, crate::Error> {
                let iv = crate::mode::iv16(iv)?;
                let aes = crate::cipher::aes::Aes::new(key)?;
                Ok(Self::from_parts(aes, iv))
            }

            /// Like `new`, on the backend `imp`.
            ///
            /// # Errors
            /// As `new`.
            pub fn with_impl(
                key: &[u8],
                iv: &[u8],
                imp: crate::cipher::aes::Checked,
            ) -> Result<Self, crate::Error> {
                let iv = crate::mode::iv16(iv)?;
                let aes = crate::cipher::aes::Aes::with_impl(key, imp)?;
                Ok(Self::from_parts(aes, iv))
            }

            /// The backend the key was set up for.
            pub fn backend(&self) -> crate::cipher::aes::Impl {
                self.aes.backend()
            }

            fn from_parts(aes: crate::cipher::aes::Aes, iv: crate::cipher::Block) -> Self {
                $ty { aes, iv, $($field: $init),* }
            }
        }

        impl core::fmt::Debug for $ty {
            /// Shows the key size and backend, never the key or the state.
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.debug_struct(stringify!($ty))
                    .field("key", &self.aes)
                    .finish_non_exhaustive()
            }
        }

        impl Drop for $ty {
            fn drop(&mut self) {
                crate::ct::wipe(&mut self.iv);
            }
        }
    };
}
pub(crate) use keyed_constructors;
