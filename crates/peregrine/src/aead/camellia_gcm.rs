//! Camellia-GCM (RFC 6367's TLS suites, draft-kato-ipsec-camellia-gcm; GCM
//! as in NIST SP 800-38D with Camellia as the block cipher): keys of 16,
//! 24 or 32 bytes, 16-byte tags, nonces of 12 bytes or any other non-zero
//! length. The GCM code is shared with SM4-GCM (the crate's `aead::gcm128`):
//! Camellia-CTR with GCM's 32-bit counter on the Camellia backend of the
//! key (the GFNI kernels where the CPU has them), the hash the shared
//! GHASH on its best backend; plaintext up to 2^36 - 32 bytes per nonce.
//!
//! ```
//! use peregrine::aead::Aead;
//! use peregrine::aead::camellia_gcm::CamelliaGcm;
//! let a = CamelliaGcm::new(&[7u8; 32]).unwrap();
//! let mut buf = *b"attack at dawn";
//! let tag = a.seal_in_place_detached(&[1u8; 12], b"hdr", &mut buf).unwrap();
//! a.open_in_place_detached(&[1u8; 12], b"hdr", &mut buf, tag.as_ref()).unwrap();
//! assert_eq!(&buf, b"attack at dawn");
//! ```

use super::gcm128::{GcmCipher, gcm_type};
use crate::Error;
use crate::cipher::camellia::{self, Camellia};

impl GcmCipher for Camellia {
    const NONCE_WHAT: &'static str = "Camellia-GCM nonce (at least 1 byte; 12 recommended)";
    const TAG_WHAT: &'static str = "Camellia-GCM tag (must be 16 bytes)";
}

gcm_type!(
    /// A Camellia-GCM key (128, 192 or 256 bits).
    CamelliaGcm,
    Camellia,
    camellia,
    "16-, 24- or 32-byte"
);
