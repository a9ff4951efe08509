//! Elliptic curves.
//!
//! - [`curve25519`]: X25519 key agreement (RFC 7748) and Ed25519 signatures
//!   (RFC 8032), over GF(2^255 - 19), with per-CPU field kernels.

pub mod curve25519;
