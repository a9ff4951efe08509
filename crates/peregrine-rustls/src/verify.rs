//! Signature verification for certificates (through webpki) and for the
//! handshake: RSA PKCS#1 v1.5 and PSS with 2048- to 8192-bit keys, ECDSA
//! P-256/P-384 with SHA-256/384, Ed25519.

use peregrine::ec::curve25519::ed25519;
use peregrine::ec::nist::{p256, p384};
use peregrine::hash::sha256::Sha256;
use peregrine::hash::sha512::{Sha384, Sha512};
use peregrine::rsa::RsaPublicKey;
use peregrine::rsa::pss::SaltLen;
use rustls::SignatureScheme;
use rustls::crypto::WebPkiSupportedAlgorithms;
use rustls::pki_types::{
    AlgorithmIdentifier, InvalidSignature, SignatureVerificationAlgorithm, alg_id,
};

#[derive(Clone, Copy, Debug)]
enum HashId {
    Sha256,
    Sha384,
    Sha512,
}

#[derive(Clone, Copy, Debug)]
enum Scheme {
    RsaPkcs1(HashId),
    RsaPss(HashId),
    EcdsaP256(HashId),
    EcdsaP384(HashId),
    Ed25519,
}

/// One verification algorithm: a scheme and the two identifiers webpki
/// matches it by.
#[derive(Debug)]
struct Alg {
    scheme: Scheme,
    public_key_alg_id: AlgorithmIdentifier,
    signature_alg_id: AlgorithmIdentifier,
}

/// RSA moduli rustls's own providers accept (and the issue asks for).
const RSA_BITS: core::ops::RangeInclusive<usize> = 2048..=8192;

fn rsa_key(der: &[u8]) -> Result<RsaPublicKey, InvalidSignature> {
    let k = RsaPublicKey::from_pkcs1_der(der).map_err(|_| InvalidSignature)?;
    if RSA_BITS.contains(&k.bits()) {
        Ok(k)
    } else {
        Err(InvalidSignature)
    }
}

impl SignatureVerificationAlgorithm for Alg {
    fn verify_signature(
        &self,
        public_key: &[u8],
        message: &[u8],
        signature: &[u8],
    ) -> Result<(), InvalidSignature> {
        let ok = match self.scheme {
            Scheme::RsaPkcs1(h) => {
                let k = rsa_key(public_key)?;
                match h {
                    HashId::Sha256 => k.verify_pkcs1v15::<Sha256>(message, signature),
                    HashId::Sha384 => k.verify_pkcs1v15::<Sha384>(message, signature),
                    HashId::Sha512 => k.verify_pkcs1v15::<Sha512>(message, signature),
                }
                .is_ok()
            }
            Scheme::RsaPss(h) => {
                let k = rsa_key(public_key)?;
                // TLS and webpki fix the salt to the digest length.
                let s = SaltLen::Digest;
                match h {
                    HashId::Sha256 => k.verify_pss::<Sha256>(message, signature, s),
                    HashId::Sha384 => k.verify_pss::<Sha384>(message, signature, s),
                    HashId::Sha512 => k.verify_pss::<Sha512>(message, signature, s),
                }
                .is_ok()
            }
            Scheme::EcdsaP256(h) => {
                let k = p256::PublicKey::from_sec1(public_key).map_err(|_| InvalidSignature)?;
                let sig = p256::Signature::from_der(signature).map_err(|_| InvalidSignature)?;
                match h {
                    HashId::Sha384 => k.verify_with::<Sha384>(message, &sig),
                    _ => k.verify_with::<Sha256>(message, &sig),
                }
                .is_ok()
            }
            Scheme::EcdsaP384(h) => {
                let k = p384::PublicKey::from_sec1(public_key).map_err(|_| InvalidSignature)?;
                let sig = p384::Signature::from_der(signature).map_err(|_| InvalidSignature)?;
                match h {
                    HashId::Sha256 => k.verify_with::<Sha256>(message, &sig),
                    _ => k.verify_with::<Sha384>(message, &sig),
                }
                .is_ok()
            }
            Scheme::Ed25519 => {
                let pk: &[u8; 32] = public_key.try_into().map_err(|_| InvalidSignature)?;
                let k = ed25519::VerifyingKey::from_bytes(pk).map_err(|_| InvalidSignature)?;
                k.verify(message, signature).is_ok()
            }
        };
        if ok { Ok(()) } else { Err(InvalidSignature) }
    }

    fn public_key_alg_id(&self) -> AlgorithmIdentifier {
        self.public_key_alg_id
    }

    fn signature_alg_id(&self) -> AlgorithmIdentifier {
        self.signature_alg_id
    }
}

macro_rules! alg {
    ($(#[$doc:meta])* $name:ident, $scheme:expr, $pk:ident, $sig:ident) => {
        $(#[$doc])*
        pub static $name: &dyn SignatureVerificationAlgorithm = &Alg {
            scheme: $scheme,
            public_key_alg_id: alg_id::$pk,
            signature_alg_id: alg_id::$sig,
        };
    };
}

alg!(/// ECDSA P-256, SHA-256.
    ECDSA_P256_SHA256, Scheme::EcdsaP256(HashId::Sha256), ECDSA_P256, ECDSA_SHA256);
alg!(/// ECDSA P-256, SHA-384.
    ECDSA_P256_SHA384, Scheme::EcdsaP256(HashId::Sha384), ECDSA_P256, ECDSA_SHA384);
alg!(/// ECDSA P-384, SHA-256.
    ECDSA_P384_SHA256, Scheme::EcdsaP384(HashId::Sha256), ECDSA_P384, ECDSA_SHA256);
alg!(/// ECDSA P-384, SHA-384.
    ECDSA_P384_SHA384, Scheme::EcdsaP384(HashId::Sha384), ECDSA_P384, ECDSA_SHA384);
alg!(/// Ed25519.
    ED25519, Scheme::Ed25519, ED25519, ED25519);
alg!(/// RSA PKCS#1 v1.5, SHA-256, 2048 to 8192 bits.
    RSA_PKCS1_2048_8192_SHA256, Scheme::RsaPkcs1(HashId::Sha256), RSA_ENCRYPTION, RSA_PKCS1_SHA256);
alg!(/// RSA PKCS#1 v1.5, SHA-384, 2048 to 8192 bits.
    RSA_PKCS1_2048_8192_SHA384, Scheme::RsaPkcs1(HashId::Sha384), RSA_ENCRYPTION, RSA_PKCS1_SHA384);
alg!(/// RSA PKCS#1 v1.5, SHA-512, 2048 to 8192 bits.
    RSA_PKCS1_2048_8192_SHA512, Scheme::RsaPkcs1(HashId::Sha512), RSA_ENCRYPTION, RSA_PKCS1_SHA512);
alg!(/// RSA-PSS, SHA-256, salt of 32 bytes, an `rsaEncryption` key, 2048 to 8192 bits.
    RSA_PSS_2048_8192_SHA256_LEGACY_KEY, Scheme::RsaPss(HashId::Sha256), RSA_ENCRYPTION, RSA_PSS_SHA256);
alg!(/// RSA-PSS, SHA-384, salt of 48 bytes, an `rsaEncryption` key, 2048 to 8192 bits.
    RSA_PSS_2048_8192_SHA384_LEGACY_KEY, Scheme::RsaPss(HashId::Sha384), RSA_ENCRYPTION, RSA_PSS_SHA384);
alg!(/// RSA-PSS, SHA-512, salt of 64 bytes, an `rsaEncryption` key, 2048 to 8192 bits.
    RSA_PSS_2048_8192_SHA512_LEGACY_KEY, Scheme::RsaPss(HashId::Sha512), RSA_ENCRYPTION, RSA_PSS_SHA512);

/// Every verification algorithm, and which serve each TLS signature
/// scheme (the same table as rustls's ring provider).
pub static SUPPORTED_SIG_ALGS: WebPkiSupportedAlgorithms = WebPkiSupportedAlgorithms {
    all: &[
        ECDSA_P256_SHA256,
        ECDSA_P256_SHA384,
        ECDSA_P384_SHA256,
        ECDSA_P384_SHA384,
        ED25519,
        RSA_PSS_2048_8192_SHA256_LEGACY_KEY,
        RSA_PSS_2048_8192_SHA384_LEGACY_KEY,
        RSA_PSS_2048_8192_SHA512_LEGACY_KEY,
        RSA_PKCS1_2048_8192_SHA256,
        RSA_PKCS1_2048_8192_SHA384,
        RSA_PKCS1_2048_8192_SHA512,
    ],
    mapping: &[
        (
            SignatureScheme::ECDSA_NISTP384_SHA384,
            &[ECDSA_P384_SHA384, ECDSA_P256_SHA384],
        ),
        (
            SignatureScheme::ECDSA_NISTP256_SHA256,
            &[ECDSA_P256_SHA256, ECDSA_P384_SHA256],
        ),
        (SignatureScheme::ED25519, &[ED25519]),
        (
            SignatureScheme::RSA_PSS_SHA512,
            &[RSA_PSS_2048_8192_SHA512_LEGACY_KEY],
        ),
        (
            SignatureScheme::RSA_PSS_SHA384,
            &[RSA_PSS_2048_8192_SHA384_LEGACY_KEY],
        ),
        (
            SignatureScheme::RSA_PSS_SHA256,
            &[RSA_PSS_2048_8192_SHA256_LEGACY_KEY],
        ),
        (
            SignatureScheme::RSA_PKCS1_SHA512,
            &[RSA_PKCS1_2048_8192_SHA512],
        ),
        (
            SignatureScheme::RSA_PKCS1_SHA384,
            &[RSA_PKCS1_2048_8192_SHA384],
        ),
        (
            SignatureScheme::RSA_PKCS1_SHA256,
            &[RSA_PKCS1_2048_8192_SHA256],
        ),
    ],
};
