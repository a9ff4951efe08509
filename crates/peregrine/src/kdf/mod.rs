//! Key derivation: HKDF (RFC 5869) and PBKDF2 (RFC 8018), over any
//! [`crate::hash::Hash`] through HMAC.

pub mod hkdf;
pub mod pbkdf2;
