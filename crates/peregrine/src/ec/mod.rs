//! Elliptic curves.
//!
//! - [`curve25519`]: X25519 key agreement (RFC 7748) and Ed25519 signatures
//!   (RFC 8032), over GF(2^255 - 19), with per-CPU field kernels.
//! - [`nist`]: ECDSA and ECDH on P-256, P-384 and P-521.

pub mod curve25519;
pub mod nist;
#[cfg(target_pointer_width = "64")]
pub(crate) mod safegcd;
