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
//! # #[cfg(feature = "hash")] {
//! use peregrine::hash::sha256;
//! let digest = sha256::sha256(b"abc");
//! assert_eq!(digest[..4], [0xba, 0x78, 0x16, 0xbf]);
//! # }
//! ```
#![no_std]
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]
// With no algorithm family (`default-features = false` and no family
// named) only the CPU detection and the constant-time helpers remain, and
// the dispatch helpers no family calls are unused.
#![cfg_attr(
    not(any(
        feature = "hash",
        feature = "aes",
        feature = "chacha",
        feature = "bignum"
    )),
    allow(dead_code, unused_imports, unused_macros)
)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "aead")]
pub mod aead;
#[cfg(feature = "bignum")]
pub mod bignum;
pub mod build;
#[cfg(any(feature = "aes", feature = "chacha"))]
pub mod cipher;
pub mod cpu;
pub mod ct;
#[cfg(all(feature = "dsa", feature = "getrandom"))]
pub mod dsa;
#[cfg(feature = "ec")]
pub mod ec;
mod error;
#[cfg(feature = "hash")]
pub mod hash;
#[cfg(feature = "hash")]
pub mod kdf;
#[cfg(any(feature = "hash", feature = "aes", feature = "chacha"))]
pub mod mac;
#[cfg(feature = "aes")]
pub mod mode;
#[cfg(feature = "all")]
pub mod registry;
#[cfg(all(feature = "rsa", feature = "getrandom"))]
pub mod rsa;

pub use error::Error;
