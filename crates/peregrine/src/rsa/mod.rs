//! RSA (RFC 8017): keys, signatures (PKCS#1 v1.5 and PSS), encryption
//! (OAEP, and PKCS#1 v1.5 with implicit rejection) and key generation, on
//! [`crate::bignum`].
//!
//! - Keys ([`RsaPrivateKey`], [`RsaPublicKey`]) load from PKCS#1 and
//!   PKCS#8 (private) or PKCS#1 and SubjectPublicKeyInfo (public), DER or
//!   PEM, through the RustCrypto `pkcs1`/`pkcs8`/`spki` crates, and are
//!   checked on load: `n = p*q`, `e` odd and `> 1`, `d*e = 1` modulo
//!   `p-1` and `q-1`, and the CRT values consistent. A key that fails any
//!   check is an error, never a panic. Private keys export to PKCS#8 and
//!   PKCS#1, public keys to SubjectPublicKeyInfo and PKCS#1.
//! - Private-key operations use the CRT with constant-time Montgomery
//!   exponentiation ([`crate::bignum::Modulus::pow`]), base blinding (the
//!   exponentiations see `c * r^e` for a random `r`, never `c`; a fresh
//!   `r` every 32 operations, squared in between, from a per-key cache
//!   behind a mutex with `std`, fresh every time without), and verify the result with the public exponent before
//!   releasing it, so a fault in one CRT half (the Boneh-DeMillo-Lipton /
//!   Lenstra attack) gives an error ([`crate::Error::FaultDetected`])
//!   instead of a signature that factors `n`.
//! - Public-key operations (verification, encryption) use
//!   [`crate::bignum::Modulus::pow_vartime`]: the exponent is public and
//!   the time depends on it only.
//! - Signatures: [`pkcs1v15`] (SHA-2 and SHA-3 for signing; SHA-1 for
//!   verification only) and [`pss`] (salt length as in RFC 8017: the
//!   digest length by default, any explicit length, the maximum, or
//!   recovered from the signature when verifying). Verification is strict:
//!   the signature must be exactly `k` bytes and below `n`, and a PKCS#1
//!   v1.5 encoding must be byte for byte the one signing would produce (no
//!   BER, no missing `NULL`, no trailing data), as Wycheproof expects.
//! - Encryption: [`oaep`], whose padding check runs in constant time.
//!   PKCS#1 v1.5 encryption is deliberately absent: its decryption is a
//!   padding oracle that the Marvin attack (2023) showed leaks even from
//!   code written to be constant time; [`pkcs1v15`] says why implicit
//!   rejection was not shipped instead.
//! - Key generation ([`RsaPrivateKey::generate`]): 2048, 3072 or 4096 bits,
//!   `e = 65537`, primes from the `getrandom` crate's generator tested with
//!   Miller-Rabin ([`crate::bignum::is_probable_prime_with`], FIPS 186-5
//!   table B.1 rounds); keys export to PKCS#8 PEM
//!   ([`RsaPrivateKey::to_pkcs8_pem`]) and SubjectPublicKeyInfo PEM
//!   ([`RsaPublicKey::to_spki_pem`]).
//!
//! The hashes are Peregrine's own ([`crate::hash`]), and MGF1 runs over the
//! same types ([`mgf1`]).
//!
//! ```
//! # fn main() -> Result<(), peregrine::Error> {
//! use peregrine::hash::sha256::Sha256;
//! use peregrine::rsa::{RsaPrivateKey, RsaPublicKey};
//! let key = RsaPrivateKey::generate(2048)?;
//! let pem = key.to_pkcs8_pem()?; // -----BEGIN PRIVATE KEY-----
//! let public = RsaPublicKey::from_pem(&key.public_key().to_spki_pem()?)?;
//! let sig = RsaPrivateKey::from_pem(&pem)?.sign_pkcs1v15::<Sha256>(b"hello")?;
//! public.verify_pkcs1v15::<Sha256>(b"hello", &sig)?;
//! # Ok(()) }
//! ```
//!
//! Constant time: everything that touches a private value (the primes,
//! exponents, CRT coefficient, the blinded base, the decrypted encoding
//! before its padding is judged) runs in time that depends on the public
//! sizes only. Secrets are zeroized on drop. What is public: the key size,
//! the public key, ciphertexts and signatures, whether a ciphertext is
//! below `n`, and, once OAEP padding has been found valid, the message
//! length.
//!
//! Randomness comes from the operating system through the `getrandom`
//! crate, so this module needs the `getrandom` feature (on by default through `std`).

mod hashes;
mod key;
mod keygen;
pub mod oaep;
pub mod pkcs1v15;
pub mod pss;

pub use hashes::{DigestInfo, SigningHash, mgf1};
pub use key::{CrtComponents, MAX_BITS, MIN_BITS, RsaPrivateKey, RsaPublicKey};
pub use keygen::E as GENERATED_E;

use crate::Error;

/// Fills `out` from the operating system's random number generator.
pub(crate) fn random(out: &mut [u8]) -> Result<(), Error> {
    getrandom::fill(out).map_err(|_| Error::RandomnessUnavailable)?;
    // Random bytes become keys, blinding factors and seeds: secret for
    // the constant-time checker.
    crate::ct::classify_slice(out);
    Ok(())
}

/// An error for malformed or inconsistent key material (which check
/// failed, never the values).
pub(crate) fn bad_key(what: &'static str) -> Error {
    Error::InvalidKey { what }
}
