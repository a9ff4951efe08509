//! Signing keys for server (and client) authentication: RSA (PKCS#1 v1.5
//! and PSS, SHA-256/384/512), ECDSA P-256/SHA-256 and P-384/SHA-384, and
//! Ed25519, loaded from PKCS#8, SEC1 or PKCS#1 DER.

use std::sync::Arc;

use peregrine::ec::curve25519::ed25519;
use peregrine::ec::nist::keys::{AnyPrivateKey, Curve};
use peregrine::hash::sha256::Sha256;
use peregrine::hash::sha512::{Sha384, Sha512};
use peregrine::rsa::RsaPrivateKey;
use peregrine::rsa::pss::SaltLen;
use rustls::pki_types::{PrivateKeyDer, SubjectPublicKeyInfoDer};
use rustls::sign::{Signer, SigningKey};
use rustls::{Error, SignatureAlgorithm, SignatureScheme};

/// The schemes an RSA key signs with, best first (as rustls's own
/// providers order them).
const RSA_SCHEMES: &[SignatureScheme] = &[
    SignatureScheme::RSA_PSS_SHA512,
    SignatureScheme::RSA_PSS_SHA384,
    SignatureScheme::RSA_PSS_SHA256,
    SignatureScheme::RSA_PKCS1_SHA512,
    SignatureScheme::RSA_PKCS1_SHA384,
    SignatureScheme::RSA_PKCS1_SHA256,
];

fn key_error(what: &str) -> Error {
    Error::General(format!("peregrine-rustls: {what}"))
}

/// Loads a private key: RSA (PKCS#8 or PKCS#1), ECDSA P-256 or P-384
/// (PKCS#8 or SEC1), Ed25519 (PKCS#8).
///
/// # Errors
/// [`Error::General`] for a key that does not parse or of another kind.
pub fn any_supported_type(der: &PrivateKeyDer<'_>) -> Result<Arc<dyn SigningKey>, Error> {
    match der {
        PrivateKeyDer::Pkcs1(k) => RsaPrivateKey::from_pkcs1_der(k.secret_pkcs1_der())
            .map(rsa)
            .map_err(|e| key_error(&format!("PKCS#1 RSA key: {e}"))),
        PrivateKeyDer::Sec1(k) => AnyPrivateKey::from_file_bytes(k.secret_sec1_der())
            .map_err(|e| key_error(&format!("SEC1 EC key: {e}")))
            .and_then(ecdsa),
        PrivateKeyDer::Pkcs8(k) => {
            let der = k.secret_pkcs8_der();
            if let Ok(k) = RsaPrivateKey::from_pkcs8_der(der) {
                return Ok(rsa(k));
            }
            if let Ok(k) = AnyPrivateKey::from_file_bytes(der) {
                return ecdsa(k);
            }
            ed25519::SigningKey::from_pkcs8_der(der)
                .map(|k| Arc::new(Ed25519Key(Arc::new(k))) as Arc<dyn SigningKey>)
                .map_err(|_| key_error("PKCS#8 key is not RSA, ECDSA P-256/P-384 or Ed25519"))
        }
        _ => Err(key_error("unsupported private key format")),
    }
}

fn rsa(k: RsaPrivateKey) -> Arc<dyn SigningKey> {
    Arc::new(RsaKey(Arc::new(k)))
}

fn ecdsa(k: AnyPrivateKey) -> Result<Arc<dyn SigningKey>, Error> {
    let scheme = match k.curve() {
        Curve::P256 => SignatureScheme::ECDSA_NISTP256_SHA256,
        Curve::P384 => SignatureScheme::ECDSA_NISTP384_SHA384,
        _ => return Err(key_error("ECDSA keys on P-256 and P-384 only")),
    };
    Ok(Arc::new(EcdsaKey {
        key: Arc::new(k),
        scheme,
    }))
}

/// An RSA private key.
#[derive(Debug)]
struct RsaKey(Arc<RsaPrivateKey>);

impl SigningKey for RsaKey {
    fn choose_scheme(&self, offered: &[SignatureScheme]) -> Option<Box<dyn Signer>> {
        RSA_SCHEMES
            .iter()
            .find(|s| offered.contains(s))
            .map(|&scheme| {
                Box::new(RsaSigner {
                    key: self.0.clone(),
                    scheme,
                }) as Box<dyn Signer>
            })
    }

    fn public_key(&self) -> Option<SubjectPublicKeyInfoDer<'_>> {
        self.0
            .public_key()
            .to_spki_der()
            .ok()
            .map(SubjectPublicKeyInfoDer::from)
    }

    fn algorithm(&self) -> SignatureAlgorithm {
        SignatureAlgorithm::RSA
    }
}

#[derive(Debug)]
struct RsaSigner {
    key: Arc<RsaPrivateKey>,
    scheme: SignatureScheme,
}

impl Signer for RsaSigner {
    fn sign(&self, message: &[u8]) -> Result<Vec<u8>, Error> {
        let k = &self.key;
        // PSS with a salt as long as the digest (RFC 8446 section 4.2.3).
        let salt = SaltLen::Digest;
        match self.scheme {
            SignatureScheme::RSA_PSS_SHA512 => k.sign_pss::<Sha512>(message, salt),
            SignatureScheme::RSA_PSS_SHA384 => k.sign_pss::<Sha384>(message, salt),
            SignatureScheme::RSA_PSS_SHA256 => k.sign_pss::<Sha256>(message, salt),
            SignatureScheme::RSA_PKCS1_SHA512 => k.sign_pkcs1v15::<Sha512>(message),
            SignatureScheme::RSA_PKCS1_SHA384 => k.sign_pkcs1v15::<Sha384>(message),
            _ => k.sign_pkcs1v15::<Sha256>(message),
        }
        .map_err(|e| key_error(&format!("RSA signing failed: {e}")))
    }

    fn scheme(&self) -> SignatureScheme {
        self.scheme
    }
}

/// An ECDSA private key (P-256 or P-384), signing with the curve's own
/// hash as TLS 1.3 requires.
#[derive(Debug)]
struct EcdsaKey {
    key: Arc<AnyPrivateKey>,
    scheme: SignatureScheme,
}

impl SigningKey for EcdsaKey {
    fn choose_scheme(&self, offered: &[SignatureScheme]) -> Option<Box<dyn Signer>> {
        offered.contains(&self.scheme).then(|| {
            Box::new(EcdsaSigner {
                key: self.key.clone(),
                scheme: self.scheme,
            }) as Box<dyn Signer>
        })
    }

    fn public_key(&self) -> Option<SubjectPublicKeyInfoDer<'_>> {
        self.key
            .public_key()
            .to_public_key_der()
            .ok()
            .map(SubjectPublicKeyInfoDer::from)
    }

    fn algorithm(&self) -> SignatureAlgorithm {
        SignatureAlgorithm::ECDSA
    }
}

#[derive(Debug)]
struct EcdsaSigner {
    key: Arc<AnyPrivateKey>,
    scheme: SignatureScheme,
}

impl Signer for EcdsaSigner {
    fn sign(&self, message: &[u8]) -> Result<Vec<u8>, Error> {
        // Hedged RFC 6979 nonces; DER signatures, as TLS carries them.
        let r = if self.scheme == SignatureScheme::ECDSA_NISTP384_SHA384 {
            let mut h = Sha384::new();
            h.update(message);
            self.key.sign_prehashed_der::<Sha384>(h.finalize().as_ref())
        } else {
            let mut h = Sha256::new();
            h.update(message);
            self.key.sign_prehashed_der::<Sha256>(h.finalize().as_ref())
        };
        r.map_err(|e| key_error(&format!("ECDSA signing failed: {e}")))
    }

    fn scheme(&self) -> SignatureScheme {
        self.scheme
    }
}

/// An Ed25519 private key.
#[derive(Debug)]
struct Ed25519Key(Arc<ed25519::SigningKey>);

impl SigningKey for Ed25519Key {
    fn choose_scheme(&self, offered: &[SignatureScheme]) -> Option<Box<dyn Signer>> {
        offered
            .contains(&SignatureScheme::ED25519)
            .then(|| Box::new(Ed25519Signer(self.0.clone())) as Box<dyn Signer>)
    }

    fn public_key(&self) -> Option<SubjectPublicKeyInfoDer<'_>> {
        self.0
            .verifying_key()
            .to_public_key_der()
            .ok()
            .map(SubjectPublicKeyInfoDer::from)
    }

    fn algorithm(&self) -> SignatureAlgorithm {
        SignatureAlgorithm::ED25519
    }
}

#[derive(Debug)]
struct Ed25519Signer(Arc<ed25519::SigningKey>);

impl Signer for Ed25519Signer {
    fn sign(&self, message: &[u8]) -> Result<Vec<u8>, Error> {
        Ok(self.0.sign(message).to_vec())
    }

    fn scheme(&self) -> SignatureScheme {
        SignatureScheme::ED25519
    }
}
