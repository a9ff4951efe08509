//! Peregrine: constant-time cryptography that runs the fastest code the CPU
//! allows, chosen at run time.
//!
//! Every primitive has a portable constant-time backend (`soft`) and, where
//! the CPU has the instructions, accelerated ones. The choice is made once
//! per object from the detected CPU features (see [`cpu`]); the user can
//! remove features with `PEREGRINE_CPU` or [`cpu::restrict`], and tests and
//! benchmarks can pick a backend explicitly with the `with_impl`
//! constructors.
//!
//! ```
//! use peregrine::hash::sha256;
//! let digest = sha256::sha256(b"abc");
//! assert_eq!(digest[..4], [0xba, 0x78, 0x16, 0xbf]);
//! ```
#![no_std]
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod aead;
pub mod bignum;
pub mod build;
pub mod cipher;
pub mod cpu;
pub mod ct;
#[cfg(feature = "getrandom")]
pub mod dsa;
pub mod ec;
mod error;
pub mod hash;
pub mod kdf;
pub mod mac;
pub mod mode;
pub mod registry;
#[cfg(feature = "getrandom")]
pub mod rsa;

pub use error::Error;
