//! SM4-GCM (RFC 8998 section 2.4; GCM as in NIST SP 800-38D with SM4 as
//! the block cipher): 16-byte tags; nonces of 12 bytes (RFC 8998's, and
//! the recommended length) or of any other non-zero length. The GCM code
//! is shared with Camellia-GCM (the crate's `aead::gcm128`): SM4-CTR with GCM's
//! 32-bit counter on the SM4 backend of the key, the hash the shared
//! GHASH on its best backend; plaintext up to 2^36 - 32 bytes per nonce.
//!
//! ```
//! use peregrine::aead::Aead;
//! use peregrine::aead::sm4_gcm::Sm4Gcm;
//! let a = Sm4Gcm::new(&[7u8; 16]).unwrap();
//! let mut buf = *b"attack at dawn";
//! let tag = a.seal_in_place_detached(&[1u8; 12], b"hdr", &mut buf).unwrap();
//! a.open_in_place_detached(&[1u8; 12], b"hdr", &mut buf, tag.as_ref()).unwrap();
//! assert_eq!(&buf, b"attack at dawn");
//! ```

use super::gcm128::{GcmCipher, gcm_type};
use crate::Error;
use crate::cipher::sm4::{self, Sm4};

impl GcmCipher for Sm4 {
    const NONCE_WHAT: &'static str = "SM4-GCM nonce (at least 1 byte; 12 recommended)";
    const TAG_WHAT: &'static str = "SM4-GCM tag (must be 16 bytes)";
}

gcm_type!(
    /// An SM4-GCM key.
    Sm4Gcm,
    Sm4,
    sm4,
    "16-byte"
);
