//! DSA (FIPS 186-4), a **legacy** algorithm: FIPS 186-5 (2023) no longer
//! approves DSA for generating signatures, only for verifying old ones.
//! It is here to read, verify and (where a peer still demands it) produce
//! DSA signatures and keys interchangeable with OpenSSL's; new designs
//! should use Ed25519 or ECDSA.
//!
//! - Domain parameters ([`DsaParams`]) and keys ([`DsaPrivateKey`],
//!   [`DsaPublicKey`]) load from PKCS#8 and SubjectPublicKeyInfo (the
//!   `AlgorithmIdentifier` carries the `Dss-Parms`), from OpenSSL's
//!   traditional `DSA PRIVATE KEY` (the six-integer sequence) and
//!   `DSA PARAMETERS` PEM, DER or PEM. Everything loaded is checked: the
//!   sizes `L/N` are 1024/160, 2048/224, 2048/256 or 3072/256, `p` and `q`
//!   odd, `q` dividing `p - 1`, `1 < g < p` with `g^q = 1 mod p`,
//!   `1 < y < p` with `y^q = 1 mod p`, and for a private key `0 < x < q`
//!   with `y = g^x mod p`. The primality of `p` and `q` is not tested on
//!   load (OpenSSL does not either; [`DsaParams::check_primes`] does it).
//! - Signing ([`DsaPrivateKey::sign`]) draws `k` by RFC 6979 (HMAC-DRBG
//!   over the key and the message hash) **hedged** with 32 fresh random
//!   bytes as the section 3.6 extra data, so a weak random generator cannot
//!   leak the key and a fault cannot be replayed on an identical nonce;
//!   [`DsaPrivateKey::sign_digest_deterministic`] is pure RFC 6979 (tests).
//!   `g^k mod p` uses a fixed-base comb over a table of 32 powers of `g`
//!   built once per parameter set ([`crate::bignum::Modulus::pow_comb`]:
//!   `N / 5` squarings and products, every entry read by a masked scan), `k^(-1) mod q` is Fermat's
//!   `k^(q-2)` (exponent public, base secret: constant time in `k`), and
//!   `s = k^(-1) (z + x r) mod q` uses Montgomery products. `r = 0` or
//!   `s = 0` draws a new `k`. Signatures are DER `Dss-Sig-Value`, as
//!   OpenSSL writes them.
//! - Verification ([`DsaPublicKey::verify`]) is variable time (public data
//!   only): a strict DER parser (no BER, no non-minimal integers, no
//!   trailing data), `r, s` in `[1, q - 1]`, and `g^u1 y^u2` by one
//!   shared chain of `N / 5` squarings over the comb tables of `g` and of
//!   `y` (built when the key is loaded;
//!   [`crate::bignum::Modulus::pow2_comb_vartime`]).
//! - Hashes: SHA-1 (signing and verifying, as OpenSSL; SHA-1 is collision
//!   broken, so sign with it only for legacy peers), SHA-224, SHA-256,
//!   SHA-384, SHA-512. A digest longer than `N` bits is truncated to its
//!   leftmost `N` bits (FIPS 186-4 section 4.6).
//! - Generation: domain parameters by FIPS 186-4 A.1.1.2 (probable primes
//!   from a seed, SHA-256) and A.2.1 (unverifiable `g`), with the seed and
//!   counter kept for A.1.1.3 validation ([`DsaParams::generate`],
//!   [`validate_pq`]); keys by B.1.2 (rejection sampling).
//!   3072-bit parameters take seconds.
//!
//! ```
//! # fn main() -> Result<(), peregrine::Error> {
//! use peregrine::dsa::{DsaParams, DsaPrivateKey};
//! use peregrine::hash::sha256::Sha256;
//! let params = DsaParams::from_pem(include_str!("../../tests/vectors/dsa/params-1024.pem"))?;
//! let key = DsaPrivateKey::generate(&params)?;
//! let sig = key.sign::<Sha256>(b"hello")?;
//! key.public_key().verify::<Sha256>(b"hello", &sig)?;
//! # Ok(()) }
//! ```
//!
//! Constant time: everything that touches `x` or `k` runs in time that
//! depends on the public sizes only (the rejection of a `k >= q` candidate
//! and of `r = 0` or `s = 0` reveals only that a discarded value was
//! discarded). Secrets are zeroized on drop.

mod key;
mod params;
mod sign;

pub use key::{DsaPrivateKey, DsaPublicKey, is_params, is_private_key, is_public_key};
pub use params::{DsaParams, SIZES, validate_pq};
pub use sign::{DsaHash, decode_signature, encode_signature};

use alloc::vec::Vec;

use crate::Error;

/// The DSA object identifier, 1.2.840.10040.4.1 (RFC 3279).
pub const DSA_OID: der::asn1::ObjectIdentifier =
    der::asn1::ObjectIdentifier::new_unwrap("1.2.840.10040.4.1");

pub(crate) fn bad_key(what: &'static str) -> Error {
    Error::InvalidKey { what }
}

/// Strips leading zero bytes (public values only).
pub(crate) fn strip(b: &[u8]) -> &[u8] {
    let i = b.iter().position(|&x| x != 0).unwrap_or(b.len());
    &b[i..]
}

/// Bit length of a stripped big-endian value (public).
pub(crate) fn bit_len(b: &[u8]) -> usize {
    match b.first() {
        Some(&top) => 8 * b.len() - top.leading_zeros() as usize,
        None => 0,
    }
}

/// DER length octets.
fn der_len(out: &mut Vec<u8>, len: usize) {
    if len < 0x80 {
        out.push(len as u8);
    } else {
        let bytes = len.to_be_bytes();
        let skip = bytes
            .iter()
            .position(|&b| b != 0)
            .unwrap_or(bytes.len() - 1);
        out.push(0x80 | (bytes.len() - skip) as u8);
        out.extend_from_slice(&bytes[skip..]);
    }
}

/// A DER `INTEGER` holding the unsigned big-endian value `b` (minimal:
/// leading zeros stripped, a zero byte added before a set top bit).
pub(crate) fn der_uint(out: &mut Vec<u8>, b: &[u8]) {
    let b = strip(b);
    let pad = b.first().is_none_or(|&t| t & 0x80 != 0);
    out.push(0x02);
    der_len(out, b.len() + usize::from(pad));
    if pad {
        out.push(0);
    }
    out.extend_from_slice(b);
}

/// A DER `SEQUENCE` of the unsigned integers `ints`.
pub(crate) fn der_uint_seq(ints: &[&[u8]]) -> zeroize::Zeroizing<Vec<u8>> {
    let mut body = zeroize::Zeroizing::new(Vec::new());
    for i in ints {
        der_uint(&mut body, i);
    }
    let mut out = zeroize::Zeroizing::new(Vec::with_capacity(body.len() + 4));
    out.push(0x30);
    der_len(&mut out, body.len());
    out.extend_from_slice(&body);
    out
}

/// The `K` unsigned integers of a DER `SEQUENCE` (strict DER through the
/// `der` crate: minimal lengths and integers, no negative values, nothing
/// after the sequence), as big-endian slices without leading zeros.
pub(crate) fn parse_uint_seq<const K: usize>(der_bytes: &[u8]) -> Result<[&[u8]; K], der::Error> {
    use der::{Decode, Reader};
    let mut reader = der::SliceReader::new(der_bytes)?;
    let out = reader.sequence(|r| {
        let mut out = [&[][..]; K];
        for o in out.iter_mut() {
            *o = der::asn1::UintRef::decode(r)?.as_bytes();
        }
        Ok(out)
    })?;
    reader.finish(out)
}

/// Fills `out` from the operating system's generator (secret for the
/// constant-time checker).
pub(crate) fn random(out: &mut [u8]) -> Result<(), Error> {
    crate::rsa::random(out)
}
