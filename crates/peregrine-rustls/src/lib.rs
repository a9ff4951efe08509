//! A [rustls] [`CryptoProvider`] on Peregrine's primitives.
//!
//! ```no_run
//! use std::sync::Arc;
//! let root_store = rustls::RootCertStore::empty();
//! let config = rustls::ClientConfig::builder_with_provider(Arc::new(peregrine_rustls::provider()))
//!     .with_safe_default_protocol_versions()
//!     .unwrap()
//!     .with_root_certificates(root_store)
//!     .with_no_client_auth();
//! # let _ = config;
//! ```
//!
//! What it provides:
//!
//! - TLS 1.3 suites AES-128-GCM, AES-256-GCM and CHACHA20-POLY1305, and
//!   TLS 1.2 ECDHE-ECDSA and ECDHE-RSA with the same AEADs (`aead.rs`:
//!   records are sealed and opened in place, in rustls's record buffer).
//! - Key exchange X25519, P-256 and P-384 ([`kx_group`]).
//! - Signature verification RSA PKCS#1 v1.5 and PSS (2048 to 8192 bits),
//!   ECDSA P-256/P-384 with SHA-256/384, Ed25519 ([`verify`]), for
//!   certificates (through webpki) and handshake signatures.
//! - A key provider loading RSA (PKCS#8, PKCS#1), ECDSA P-256/P-384
//!   (PKCS#8, SEC1) and Ed25519 (PKCS#8) private keys ([`sign`]).
//! - HKDF (TLS 1.3) and the TLS 1.2 PRF over Peregrine's HMAC; the
//!   transcript hash on Peregrine's SHA-256/384; randomness from the
//!   operating system (`getrandom`).
//!
//! The crate links neither ring nor aws-lc-rs: rustls is used with its
//! default features off (`std`, `tls12` only), so there is no process-wide
//! default provider unless you install this one
//! ([`CryptoProvider::install_default`]).

#![deny(unsafe_code)]
#![warn(missing_docs)]

use std::sync::Arc;

use rustls::crypto::tls12::PrfUsingHmac;
use rustls::crypto::tls13::HkdfUsingHmac;
use rustls::crypto::{
    CipherSuiteCommon, CryptoProvider, GetRandomFailed, KeyExchangeAlgorithm, KeyProvider,
    SecureRandom, SupportedKxGroup,
};
use rustls::pki_types::PrivateKeyDer;
use rustls::sign::SigningKey;
use rustls::{
    CipherSuite, Error, SignatureScheme, SupportedCipherSuite, Tls12CipherSuite, Tls13CipherSuite,
};

mod aead;
mod hash;
pub mod kx;
pub mod sign;
pub mod verify;

use aead::{Alg, Tls12Aead, Tls13Aead};

/// The provider: every suite and group below, the verification
/// algorithms of [`verify`], randomness from the OS and the key loader of
/// [`sign`].
pub fn provider() -> CryptoProvider {
    CryptoProvider {
        cipher_suites: ALL_CIPHER_SUITES.to_vec(),
        kx_groups: ALL_KX_GROUPS.to_vec(),
        signature_verification_algorithms: verify::SUPPORTED_SIG_ALGS,
        secure_random: &Peregrine,
        key_provider: &Peregrine,
    }
}

/// Randomness (`getrandom`, the OS generator) and key loading.
#[derive(Debug)]
struct Peregrine;

impl SecureRandom for Peregrine {
    fn fill(&self, buf: &mut [u8]) -> Result<(), GetRandomFailed> {
        getrandom::fill(buf).map_err(|_| GetRandomFailed)
    }
}

impl KeyProvider for Peregrine {
    fn load_private_key(
        &self,
        key_der: PrivateKeyDer<'static>,
    ) -> Result<Arc<dyn SigningKey>, Error> {
        let key_der = zeroize::Zeroizing::new(key_der);
        sign::any_supported_type(&key_der)
    }
}

/// Every cipher suite, in rustls's default order of preference.
pub static ALL_CIPHER_SUITES: &[SupportedCipherSuite] = &[
    cipher_suite::TLS13_AES_256_GCM_SHA384,
    cipher_suite::TLS13_AES_128_GCM_SHA256,
    cipher_suite::TLS13_CHACHA20_POLY1305_SHA256,
    cipher_suite::TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384,
    cipher_suite::TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256,
    cipher_suite::TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256,
    cipher_suite::TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384,
    cipher_suite::TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256,
    cipher_suite::TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256,
];

/// Every key exchange group: X25519, then P-256, then P-384.
pub static ALL_KX_GROUPS: &[&dyn SupportedKxGroup] =
    &[kx_group::X25519, kx_group::SECP256R1, kx_group::SECP384R1];

/// The key exchange groups, by name.
pub mod kx_group {
    use rustls::crypto::SupportedKxGroup;

    /// X25519 (RFC 7748).
    pub static X25519: &dyn SupportedKxGroup = &crate::kx::X25519;
    /// secp256r1 (P-256).
    pub static SECP256R1: &dyn SupportedKxGroup = &crate::kx::Secp256r1;
    /// secp384r1 (P-384).
    pub static SECP384R1: &dyn SupportedKxGroup = &crate::kx::Secp384r1;
}

static TLS12_ECDSA_SCHEMES: &[SignatureScheme] = &[
    SignatureScheme::ED25519,
    SignatureScheme::ECDSA_NISTP384_SHA384,
    SignatureScheme::ECDSA_NISTP256_SHA256,
];

static TLS12_RSA_SCHEMES: &[SignatureScheme] = &[
    SignatureScheme::RSA_PSS_SHA512,
    SignatureScheme::RSA_PSS_SHA384,
    SignatureScheme::RSA_PSS_SHA256,
    SignatureScheme::RSA_PKCS1_SHA512,
    SignatureScheme::RSA_PKCS1_SHA384,
    SignatureScheme::RSA_PKCS1_SHA256,
];

/// Confidentiality limits (records per key): AES-GCM 2^24.5 rounded down as
/// rustls's own providers do; ChaCha20-Poly1305 has none in practice.
const GCM_LIMIT: u64 = 1 << 24;

/// The cipher suites, by their IANA names.
pub mod cipher_suite {
    use super::*;

    macro_rules! tls13 {
        ($(#[$doc:meta])* $name:ident, $hash:ident, $hmac:ident, $alg:ident, $limit:expr) => {
            $(#[$doc])*
            pub static $name: SupportedCipherSuite = SupportedCipherSuite::Tls13(&Tls13CipherSuite {
                common: CipherSuiteCommon {
                    suite: CipherSuite::$name,
                    hash_provider: &crate::hash::$hash,
                    confidentiality_limit: $limit,
                },
                hkdf_provider: &HkdfUsingHmac(&crate::hash::$hmac),
                aead_alg: &Tls13Aead(Alg::$alg),
                quic: None,
            });
        };
    }

    macro_rules! tls12 {
        ($(#[$doc:meta])* $name:ident, $sign:ident, $hash:ident, $hmac:ident, $alg:ident, $limit:expr) => {
            $(#[$doc])*
            pub static $name: SupportedCipherSuite = SupportedCipherSuite::Tls12(&Tls12CipherSuite {
                common: CipherSuiteCommon {
                    suite: CipherSuite::$name,
                    hash_provider: &crate::hash::$hash,
                    confidentiality_limit: $limit,
                },
                kx: KeyExchangeAlgorithm::ECDHE,
                sign: $sign,
                aead_alg: &Tls12Aead(Alg::$alg),
                prf_provider: &PrfUsingHmac(&crate::hash::$hmac),
            });
        };
    }

    tls13!(/// TLS_AES_128_GCM_SHA256.
        TLS13_AES_128_GCM_SHA256, SHA256, HMAC_SHA256, Aes128Gcm, GCM_LIMIT);
    tls13!(/// TLS_AES_256_GCM_SHA384.
        TLS13_AES_256_GCM_SHA384, SHA384, HMAC_SHA384, Aes256Gcm, GCM_LIMIT);
    tls13!(/// TLS_CHACHA20_POLY1305_SHA256.
        TLS13_CHACHA20_POLY1305_SHA256, SHA256, HMAC_SHA256, ChaCha20Poly1305, u64::MAX);
    tls12!(/// TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256.
        TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, TLS12_ECDSA_SCHEMES, SHA256, HMAC_SHA256, Aes128Gcm, GCM_LIMIT);
    tls12!(/// TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384.
        TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384, TLS12_ECDSA_SCHEMES, SHA384, HMAC_SHA384, Aes256Gcm, GCM_LIMIT);
    tls12!(/// TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256.
        TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256, TLS12_ECDSA_SCHEMES, SHA256, HMAC_SHA256, ChaCha20Poly1305, u64::MAX);
    tls12!(/// TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256.
        TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256, TLS12_RSA_SCHEMES, SHA256, HMAC_SHA256, Aes128Gcm, GCM_LIMIT);
    tls12!(/// TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384.
        TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384, TLS12_RSA_SCHEMES, SHA384, HMAC_SHA384, Aes256Gcm, GCM_LIMIT);
    tls12!(/// TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256.
        TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256, TLS12_RSA_SCHEMES, SHA256, HMAC_SHA256, ChaCha20Poly1305, u64::MAX);
}
