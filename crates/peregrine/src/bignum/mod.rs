//! Fixed-width, constant-time natural numbers and modular arithmetic for
//! public-key cryptography (RSA).
//!
//! - [`Nat`]: a natural number of a fixed number of 64-bit limbs. The width
//!   is public; the value is secret. Addition, subtraction, comparison,
//!   selection, products, division and shifts by public amounts run in time
//!   that depends on the widths only. Conversions to and from big-endian
//!   bytes.
//! - [`Modulus`]: an odd modulus of 1 to 256 limbs (up to 16384 bits; RSA
//!   uses 512 to 16384) with its Montgomery constants and a kernel chosen
//!   for the CPU at run time ([`mont::Impl`]): Montgomery products and
//!   squares, modular addition, reduction of any width, and exponentiation
//!   ([`Modulus::pow`], constant time with a 5-bit fixed window and a
//!   masked table scan; [`Modulus::pow_vartime`] for public exponents).
//! - [`mod_inverse_vartime`]: the binary inverse modulo a public odd
//!   modulus, variable time (RSA blinding feeds it a blinded value only).
//! - Key generation helpers: [`mod_inverse`], [`gcd`] (constant time) and
//!   Miller-Rabin ([`is_probable_prime_with`] and, with the `std` or
//!   `getrandom` feature, `is_probable_prime` on the OS generator; the
//!   round counts of FIPS 186-5 table B.1).
//!
//! Only functions whose names end in `_vartime` may take time that depends
//! on a value, and each says what it reveals. Errors (an even modulus, a
//! residue not below the modulus, division by zero, a value that does not
//! fit) reveal only that the condition held.
//!
//! ```
//! use peregrine::bignum::{Modulus, Nat};
//! let m = Modulus::from_be_bytes(&[0x30, 0xd2, 0x6e, 0xcb]).unwrap();
//! let a = Nat::from_be_bytes(&[0, 0x08, 0x6b, 0x49]);
//! let r = m.pow(&a, &[2]).unwrap();
//! assert_eq!(r.to_be_bytes(), [0, 0, 0, 0, 0x20, 0x8f, 0x8a, 0xa0]);
//! ```

mod gcd;
mod modulus;
pub mod mont;
mod nat;
mod prime;

pub use gcd::{gcd, mod_inverse, mod_inverse_vartime};
pub use modulus::{CombTable, Modulus, POW_WINDOW};
pub use nat::Nat;
#[cfg(feature = "getrandom")]
pub use prime::is_probable_prime;
pub use prime::{fips186_5_rounds, is_probable_prime_with, miller_rabin_witness};
