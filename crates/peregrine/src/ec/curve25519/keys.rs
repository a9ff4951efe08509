//! Key files for X25519 and Ed25519 (RFC 8410): PKCS#8 private keys and
//! SubjectPublicKeyInfo public keys, DER and PEM, and raw 32-byte keys.
//!
//! - Algorithm identifiers: `id-X25519` (1.3.101.110) and `id-Ed25519`
//!   (1.3.101.112), parameters absent (RFC 8410 section 3: a key whose
//!   identifier carries parameters, even `NULL`, is refused, as OpenSSL
//!   refuses it).
//! - A private key is the 32-byte secret (the Ed25519 seed, the X25519
//!   scalar as stored, unclamped) as an OCTET STRING (`CurvePrivateKey`)
//!   inside the PKCS#8 `privateKey` OCTET STRING. Version 1
//!   (`PrivateKeyInfo`, what OpenSSL writes) and version 2
//!   (`OneAsymmetricKey`, RFC 5958) load; attributes are skipped, and a
//!   public key in a version 2 key must be the one the secret gives, or
//!   the key is refused.
//! - A public key is the 32-byte encoding as the BIT STRING of the
//!   SubjectPublicKeyInfo. Ed25519 keys are checked as
//!   [`VerifyingKey::from_bytes`] checks them; any 32 bytes are an X25519
//!   public key (RFC 7748 masks the top bit and reduces).
//! - Writing gives what `openssl genpkey` and `openssl pkey -pubout`
//!   write: version 1 PKCS#8 under `-----BEGIN PRIVATE KEY-----`, SPKI
//!   under `-----BEGIN PUBLIC KEY-----`, LF line endings.
//!
//! Secrets pass only through buffers wiped when dropped ([`Zeroizing`],
//! [`crate::ct::wipe`]). A key of another algorithm (an RSA key, an
//! X25519 key given to Ed25519, an Ed448 key) is an
//! [`Error::InvalidKey`] naming what was found.
//!
//! ```
//! use peregrine::ec::curve25519::ed25519::{SigningKey, VerifyingKey};
//! let key = SigningKey::from_seed(&[7; 32]);
//! let pem = key.to_pkcs8_pem().unwrap();
//! assert!(pem.starts_with("-----BEGIN PRIVATE KEY-----\n"));
//! let again = SigningKey::from_pkcs8_pem(&pem).unwrap();
//! assert_eq!(again.seed(), key.seed());
//! let public = key.verifying_key().to_public_key_pem().unwrap();
//! let vk = VerifyingKey::from_public_key_pem(&public).unwrap();
//! assert_eq!(&vk, key.verifying_key());
//! ```

use alloc::string::String;
use alloc::vec::Vec;

use der::asn1::{BitStringRef, ObjectIdentifier, OctetStringRef};
use der::pem::LineEnding;
use der::{Decode, Encode};
use zeroize::Zeroizing;

use super::ed25519::{SigningKey, VerifyingKey};
use super::x25519;
use crate::Error;

/// `id-X25519` (RFC 8410 section 3).
const X25519_OID: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.3.101.110");
/// `id-X448`.
const X448_OID: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.3.101.111");
/// `id-Ed25519` (RFC 8410 section 3).
const ED25519_OID: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.3.101.112");
/// `id-Ed448`.
const ED448_OID: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.3.101.113");
/// `rsaEncryption`.
const RSA_OID: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.2.840.113549.1.1.1");
/// `id-RSASSA-PSS`.
const RSA_PSS_OID: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.2.840.113549.1.1.10");
/// `id-ecPublicKey` (the NIST curves and others).
const EC_OID: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.2.840.10045.2.1");

/// The PEM label of PKCS#8 private keys.
const PRIVATE_LABEL: &str = "PRIVATE KEY";
/// The PEM label of SubjectPublicKeyInfo.
const PUBLIC_LABEL: &str = "PUBLIC KEY";

/// The algorithm a key file is for, as its algorithm identifier says
/// (see [`private_key_algorithm`], [`public_key_algorithm`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Algorithm {
    /// RSA (`rsaEncryption` or `id-RSASSA-PSS`; a PKCS#1 PEM label too):
    /// load it with [`crate::rsa`].
    Rsa,
    /// Ed25519 (1.3.101.112).
    Ed25519,
    /// An elliptic-curve key (`id-ecPublicKey`, 1.2.840.10045.2.1; a SEC1
    /// `EC PRIVATE KEY` PEM label too): load it with
    /// [`crate::ec::nist::keys`], which reads the curve.
    Ec,
    /// X25519 (1.3.101.110).
    X25519,
    /// Another algorithm (Ed448, X448, EC, ...): Peregrine has no loader.
    Unsupported(&'static str),
}

impl Algorithm {
    fn of(oid: ObjectIdentifier) -> Algorithm {
        match oid {
            RSA_OID | RSA_PSS_OID => Algorithm::Rsa,
            ED25519_OID => Algorithm::Ed25519,
            X25519_OID => Algorithm::X25519,
            ED448_OID => Algorithm::Unsupported("Ed448"),
            X448_OID => Algorithm::Unsupported("X448"),
            EC_OID => Algorithm::Ec,
            _ => Algorithm::Unsupported("an unknown algorithm"),
        }
    }

    /// The name, as OpenSSL spells it (`RSA`, `ED25519`, `X25519`).
    pub fn name(&self) -> &'static str {
        match self {
            Algorithm::Rsa => "RSA",
            Algorithm::Ed25519 => "ED25519",
            Algorithm::X25519 => "X25519",
            Algorithm::Ec => "EC",
            Algorithm::Unsupported(n) => n,
        }
    }
}

fn bad(what: &'static str) -> Error {
    Error::InvalidKey { what }
}

/// Whether `data` looks like PEM (text starting, after white space, with
/// `-----BEGIN `).
pub(crate) fn is_pem(data: &[u8]) -> bool {
    let start = data
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(data.len());
    data[start..].starts_with(b"-----BEGIN ")
}

/// The label and DER of a PEM document (wiped on drop: it may hold a
/// secret).
pub(crate) fn pem_decode(pem: &[u8]) -> Result<(String, Zeroizing<Vec<u8>>), Error> {
    let (label, der) = der::pem::decode_vec(pem).map_err(|_| bad("malformed PEM"))?;
    Ok((String::from(label), Zeroizing::new(der)))
}

/// The DER inside a PEM document labelled `want`; another label is an
/// error saying what it is (`ed`: the caller loads Ed25519, else X25519).
fn pem_expect(pem: &str, want: &str, ed: bool) -> Result<Zeroizing<Vec<u8>>, Error> {
    let (label, der) = pem_decode(pem.as_bytes())?;
    if label == want {
        return Ok(der);
    }
    let private = want == PRIVATE_LABEL;
    Err(bad(match (label.as_str(), ed) {
        ("RSA PRIVATE KEY" | "RSA PUBLIC KEY", true) => {
            "an RSA (PKCS#1) key where an Ed25519 key is needed"
        }
        ("RSA PRIVATE KEY" | "RSA PUBLIC KEY", false) => {
            "an RSA (PKCS#1) key where an X25519 key is needed"
        }
        ("ENCRYPTED PRIVATE KEY", _) => "encrypted PKCS#8 private keys are not supported",
        (PUBLIC_LABEL, _) if private => "a public key where a private key is needed",
        (PRIVATE_LABEL, _) if !private => "a private key where a public key is needed",
        _ if private => "PEM label is not PRIVATE KEY",
        _ => "PEM label is not PUBLIC KEY",
    }))
}

pub(crate) fn pem_encode(label: &str, der: &[u8]) -> Result<String, Error> {
    der::pem::encode_string(label, LineEnding::LF, der).map_err(|_| bad("PEM encoding failed"))
}

/// The algorithm of a private key file: PKCS#8 in DER, or PEM labelled
/// `PRIVATE KEY` (or `RSA PRIVATE KEY`, which is RSA). Only the structure
/// and the algorithm identifier are read.
///
/// # Errors
/// [`Error::InvalidKey`] when `data` is neither (a DER PKCS#1 RSA key is
/// one: try [`crate::rsa::RsaPrivateKey::from_der`] then), or is
/// encrypted.
pub fn private_key_algorithm(data: &[u8]) -> Result<Algorithm, Error> {
    let der = if is_pem(data) {
        let (label, der) = pem_decode(data)?;
        match label.as_str() {
            PRIVATE_LABEL => der,
            "RSA PRIVATE KEY" => return Ok(Algorithm::Rsa),
            "EC PRIVATE KEY" => return Ok(Algorithm::Ec),
            "ENCRYPTED PRIVATE KEY" => {
                return Err(bad("encrypted PKCS#8 private keys are not supported"));
            }
            "PUBLIC KEY" | "RSA PUBLIC KEY" => {
                return Err(bad("a public key where a private key is needed"));
            }
            _ => return Err(bad("PEM label is not PRIVATE KEY")),
        }
    } else {
        Zeroizing::new(data.to_vec())
    };
    let info =
        pkcs8::PrivateKeyInfo::from_der(&der).map_err(|_| bad("not a PKCS#8 private key"))?;
    Ok(Algorithm::of(info.algorithm.oid))
}

/// The algorithm of a public key file: SubjectPublicKeyInfo in DER, or
/// PEM labelled `PUBLIC KEY` (or `RSA PUBLIC KEY`, which is RSA).
///
/// # Errors
/// [`Error::InvalidKey`] when `data` is neither.
pub fn public_key_algorithm(data: &[u8]) -> Result<Algorithm, Error> {
    let der = if is_pem(data) {
        let (label, der) = pem_decode(data)?;
        match label.as_str() {
            PUBLIC_LABEL => der,
            "RSA PUBLIC KEY" => return Ok(Algorithm::Rsa),
            "PRIVATE KEY" | "RSA PRIVATE KEY" | "ENCRYPTED PRIVATE KEY" => {
                return Err(bad("a private key where a public key is needed"));
            }
            _ => return Err(bad("PEM label is not PUBLIC KEY")),
        }
    } else {
        Zeroizing::new(data.to_vec())
    };
    let spki = spki::SubjectPublicKeyInfoRef::from_der(&der)
        .map_err(|_| bad("not a SubjectPublicKeyInfo public key"))?;
    Ok(Algorithm::of(spki.algorithm.oid))
}

/// The error for a key of algorithm `found` where `want` was expected.
fn wrong_algorithm(want: ObjectIdentifier, found: ObjectIdentifier) -> Error {
    let ed = want == ED25519_OID;
    bad(match (Algorithm::of(found), ed) {
        (Algorithm::X25519, true) => "an X25519 key where an Ed25519 key is needed",
        (Algorithm::Ed25519, false) => "an Ed25519 key where an X25519 key is needed",
        (Algorithm::Rsa, true) => "an RSA key where an Ed25519 key is needed",
        (Algorithm::Rsa, false) => "an RSA key where an X25519 key is needed",
        (Algorithm::Unsupported("Ed448"), true) => "an Ed448 key where an Ed25519 key is needed",
        (Algorithm::Unsupported("X448"), false) => "an X448 key where an X25519 key is needed",
        (_, true) => "not an Ed25519 key (algorithm identifier is not 1.3.101.112)",
        (_, false) => "not an X25519 key (algorithm identifier is not 1.3.101.110)",
    })
}

fn check_algorithm(
    alg: &spki::AlgorithmIdentifierRef<'_>,
    want: ObjectIdentifier,
) -> Result<(), Error> {
    if alg.oid != want {
        return Err(wrong_algorithm(want, alg.oid));
    }
    if alg.parameters.is_some() {
        return Err(bad(
            "RFC 8410 algorithm identifier with parameters (they must be absent)",
        ));
    }
    Ok(())
}

/// A 32-byte secret (wiped on drop) and the public key a version 2
/// PKCS#8 key carries, if any.
type SecretAndPublic = (Zeroizing<[u8; 32]>, Option<[u8; 32]>);

/// The 32-byte secret of a PKCS#8 key for `want`, and the public key of a
/// version 2 key when it has one.
fn pkcs8_decode(der: &[u8], want: ObjectIdentifier) -> Result<SecretAndPublic, Error> {
    let info = pkcs8::PrivateKeyInfo::from_der(der)
        .map_err(|_| bad("malformed PKCS#8 private key DER"))?;
    check_algorithm(&info.algorithm, want)?;
    let inner = OctetStringRef::from_der(info.private_key)
        .map_err(|_| bad("RFC 8410 private key is not an OCTET STRING (CurvePrivateKey)"))?;
    let mut secret = Zeroizing::new([0u8; 32]);
    if inner.as_bytes().len() != 32 {
        return Err(bad("RFC 8410 private key is not 32 bytes"));
    }
    secret.copy_from_slice(inner.as_bytes());
    let public = match info.public_key {
        None => None,
        Some(p) => {
            Some(<[u8; 32]>::try_from(p).map_err(|_| bad("PKCS#8 v2 public key is not 32 bytes"))?)
        }
    };
    Ok((secret, public))
}

/// A PKCS#8 key for `oid` holding `secret` (and `public`, making it
/// version 2), DER.
fn pkcs8_encode(
    oid: ObjectIdentifier,
    secret: &[u8; 32],
    public: Option<&[u8; 32]>,
) -> Result<Zeroizing<Vec<u8>>, Error> {
    let enc = |_| bad("PKCS#8 encoding failed");
    let mut inner = Zeroizing::new(Vec::new());
    OctetStringRef::new(secret)
        .map_err(enc)?
        .encode_to_vec(&mut inner)
        .map_err(enc)?;
    let mut info = pkcs8::PrivateKeyInfo::new(
        spki::AlgorithmIdentifierRef {
            oid,
            parameters: None,
        },
        &inner,
    );
    info.public_key = public.map(|p| &p[..]);
    let mut out = Zeroizing::new(Vec::new());
    info.encode_to_vec(&mut out).map_err(enc)?;
    Ok(out)
}

/// The 32-byte key of a SubjectPublicKeyInfo for `want`.
fn spki_decode(der: &[u8], want: ObjectIdentifier) -> Result<[u8; 32], Error> {
    let spki = spki::SubjectPublicKeyInfoRef::from_der(der)
        .map_err(|_| bad("malformed SubjectPublicKeyInfo DER"))?;
    check_algorithm(&spki.algorithm, want)?;
    let bits = spki
        .subject_public_key
        .as_bytes()
        .ok_or(bad("public key BIT STRING has unused bits"))?;
    <[u8; 32]>::try_from(bits).map_err(|_| bad("RFC 8410 public key is not 32 bytes"))
}

fn spki_encode(oid: ObjectIdentifier, public: &[u8; 32]) -> Result<Vec<u8>, Error> {
    let enc = |_| bad("SubjectPublicKeyInfo encoding failed");
    spki::SubjectPublicKeyInfoRef {
        algorithm: spki::AlgorithmIdentifierRef {
            oid,
            parameters: None,
        },
        subject_public_key: BitStringRef::from_bytes(public).map_err(enc)?,
    }
    .to_der()
    .map_err(enc)
}

fn raw32<'a>(b: &'a [u8], what: &'static str) -> Result<&'a [u8; 32], Error> {
    b.try_into()
        .map_err(|_| Error::InvalidLength { what, got: b.len() })
}

impl SigningKey {
    /// The key of a raw 32-byte seed given as a slice ([`SigningKey::from_seed`]
    /// with a length check).
    ///
    /// # Errors
    /// [`Error::InvalidLength`] when `seed` is not 32 bytes.
    pub fn from_raw(seed: &[u8]) -> Result<SigningKey, Error> {
        Ok(SigningKey::from_seed(raw32(
            seed,
            "Ed25519 seed (32 bytes)",
        )?))
    }

    /// Loads a PKCS#8 Ed25519 private key (DER, version 1 or 2).
    ///
    /// # Errors
    /// [`Error::InvalidKey`]: malformed DER, another algorithm, parameters
    /// present, a secret that is not a 32-byte OCTET STRING, or a version 2
    /// public key that is not this key's.
    pub fn from_pkcs8_der(der: &[u8]) -> Result<SigningKey, Error> {
        let (seed, public) = pkcs8_decode(der, ED25519_OID)?;
        let key = SigningKey::from_seed(&seed);
        if let Some(p) = public
            && p != *key.verifying_key().as_bytes()
        {
            return Err(bad(
                "PKCS#8 v2 public key does not match the Ed25519 private key",
            ));
        }
        Ok(key)
    }

    /// Loads a PKCS#8 Ed25519 private key from PEM (`PRIVATE KEY`).
    ///
    /// # Errors
    /// As [`SigningKey::from_pkcs8_der`], and malformed PEM or another
    /// label.
    pub fn from_pkcs8_pem(pem: &str) -> Result<SigningKey, Error> {
        let der = pem_expect(pem, PRIVATE_LABEL, true)?;
        SigningKey::from_pkcs8_der(&der)
    }

    /// The PKCS#8 version 1 DER (what OpenSSL writes), wiped on drop.
    ///
    /// # Errors
    /// Only if encoding fails, which it does not for 32 bytes.
    pub fn to_pkcs8_der(&self) -> Result<Zeroizing<Vec<u8>>, Error> {
        pkcs8_encode(ED25519_OID, self.seed(), None)
    }

    /// The PKCS#8 version 2 DER (`OneAsymmetricKey` with the public key),
    /// wiped on drop.
    ///
    /// # Errors
    /// As [`SigningKey::to_pkcs8_der`].
    pub fn to_pkcs8_v2_der(&self) -> Result<Zeroizing<Vec<u8>>, Error> {
        pkcs8_encode(
            ED25519_OID,
            self.seed(),
            Some(self.verifying_key().as_bytes()),
        )
    }

    /// The PKCS#8 version 1 PEM (`-----BEGIN PRIVATE KEY-----`, what
    /// `openssl genpkey -algorithm ED25519` writes), wiped on drop.
    ///
    /// # Errors
    /// As [`SigningKey::to_pkcs8_der`].
    pub fn to_pkcs8_pem(&self) -> Result<Zeroizing<String>, Error> {
        let der = self.to_pkcs8_der()?;
        pem_encode(PRIVATE_LABEL, &der).map(Zeroizing::new)
    }
}

impl VerifyingKey {
    /// The key of a raw 32-byte encoding given as a slice
    /// ([`VerifyingKey::from_bytes`] with a length check).
    ///
    /// # Errors
    /// [`Error::InvalidLength`] when `b` is not 32 bytes, and as
    /// [`VerifyingKey::from_bytes`].
    pub fn from_raw(b: &[u8]) -> Result<VerifyingKey, Error> {
        VerifyingKey::from_bytes(raw32(b, "Ed25519 public key (32 bytes)")?)
    }

    /// Loads an Ed25519 SubjectPublicKeyInfo (DER).
    ///
    /// # Errors
    /// [`Error::InvalidKey`]: malformed DER, another algorithm, parameters
    /// present, a key that is not 32 bytes or not a valid encoding.
    pub fn from_public_key_der(der: &[u8]) -> Result<VerifyingKey, Error> {
        VerifyingKey::from_bytes(&spki_decode(der, ED25519_OID)?)
    }

    /// Loads an Ed25519 SubjectPublicKeyInfo from PEM (`PUBLIC KEY`).
    ///
    /// # Errors
    /// As [`VerifyingKey::from_public_key_der`], and malformed PEM or
    /// another label.
    pub fn from_public_key_pem(pem: &str) -> Result<VerifyingKey, Error> {
        let der = pem_expect(pem, PUBLIC_LABEL, true)?;
        VerifyingKey::from_public_key_der(&der)
    }

    /// The SubjectPublicKeyInfo DER.
    ///
    /// # Errors
    /// Only if encoding fails, which it does not for 32 bytes.
    pub fn to_public_key_der(&self) -> Result<Vec<u8>, Error> {
        spki_encode(ED25519_OID, self.as_bytes())
    }

    /// The SubjectPublicKeyInfo PEM (`-----BEGIN PUBLIC KEY-----`, what
    /// `openssl pkey -pubout` writes).
    ///
    /// # Errors
    /// As [`VerifyingKey::to_public_key_der`].
    pub fn to_public_key_pem(&self) -> Result<String, Error> {
        pem_encode(PUBLIC_LABEL, &self.to_public_key_der()?)
    }
}

impl x25519::PrivateKey {
    /// The key of 32 raw bytes given as a slice
    /// ([`x25519::PrivateKey::from_bytes`] with a length check).
    ///
    /// # Errors
    /// [`Error::InvalidLength`] when `k` is not 32 bytes.
    pub fn from_raw(k: &[u8]) -> Result<x25519::PrivateKey, Error> {
        Ok(x25519::PrivateKey::from_bytes(*raw32(
            k,
            "X25519 private key (32 bytes)",
        )?))
    }

    /// Loads a PKCS#8 X25519 private key (DER, version 1 or 2). The 32
    /// bytes are kept as stored (clamped when used).
    ///
    /// # Errors
    /// [`Error::InvalidKey`]: malformed DER, another algorithm, parameters
    /// present, a secret that is not a 32-byte OCTET STRING, or a version 2
    /// public key that is not this key's.
    pub fn from_pkcs8_der(der: &[u8]) -> Result<x25519::PrivateKey, Error> {
        let (k, public) = pkcs8_decode(der, X25519_OID)?;
        let key = x25519::PrivateKey::from_bytes(*k);
        if let Some(p) = public
            && p != key.public_key().0
        {
            return Err(bad(
                "PKCS#8 v2 public key does not match the X25519 private key",
            ));
        }
        Ok(key)
    }

    /// Loads a PKCS#8 X25519 private key from PEM (`PRIVATE KEY`).
    ///
    /// # Errors
    /// As [`x25519::PrivateKey::from_pkcs8_der`], and malformed PEM or
    /// another label.
    pub fn from_pkcs8_pem(pem: &str) -> Result<x25519::PrivateKey, Error> {
        let der = pem_expect(pem, PRIVATE_LABEL, false)?;
        x25519::PrivateKey::from_pkcs8_der(&der)
    }

    /// The PKCS#8 version 1 DER (what OpenSSL writes), wiped on drop.
    ///
    /// # Errors
    /// Only if encoding fails, which it does not for 32 bytes.
    pub fn to_pkcs8_der(&self) -> Result<Zeroizing<Vec<u8>>, Error> {
        let k = Zeroizing::new(self.to_bytes());
        pkcs8_encode(X25519_OID, &k, None)
    }

    /// The PKCS#8 version 2 DER (with the public key), wiped on drop.
    ///
    /// # Errors
    /// As [`x25519::PrivateKey::to_pkcs8_der`].
    pub fn to_pkcs8_v2_der(&self) -> Result<Zeroizing<Vec<u8>>, Error> {
        let k = Zeroizing::new(self.to_bytes());
        pkcs8_encode(X25519_OID, &k, Some(&self.public_key().0))
    }

    /// The PKCS#8 version 1 PEM (`-----BEGIN PRIVATE KEY-----`, what
    /// `openssl genpkey -algorithm X25519` writes), wiped on drop.
    ///
    /// # Errors
    /// As [`x25519::PrivateKey::to_pkcs8_der`].
    pub fn to_pkcs8_pem(&self) -> Result<Zeroizing<String>, Error> {
        let der = self.to_pkcs8_der()?;
        pem_encode(PRIVATE_LABEL, &der).map(Zeroizing::new)
    }
}

impl x25519::PublicKey {
    /// The key of 32 raw bytes given as a slice.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] when `b` is not 32 bytes.
    pub fn from_raw(b: &[u8]) -> Result<x25519::PublicKey, Error> {
        Ok(x25519::PublicKey(*raw32(
            b,
            "X25519 public key (32 bytes)",
        )?))
    }

    /// Loads an X25519 SubjectPublicKeyInfo (DER). Any 32 bytes are a
    /// key; one of small order is refused later, by
    /// [`x25519::PrivateKey::diffie_hellman`].
    ///
    /// # Errors
    /// [`Error::InvalidKey`]: malformed DER, another algorithm, parameters
    /// present, a key that is not 32 bytes.
    pub fn from_public_key_der(der: &[u8]) -> Result<x25519::PublicKey, Error> {
        spki_decode(der, X25519_OID).map(x25519::PublicKey)
    }

    /// Loads an X25519 SubjectPublicKeyInfo from PEM (`PUBLIC KEY`).
    ///
    /// # Errors
    /// As [`x25519::PublicKey::from_public_key_der`], and malformed PEM or
    /// another label.
    pub fn from_public_key_pem(pem: &str) -> Result<x25519::PublicKey, Error> {
        let der = pem_expect(pem, PUBLIC_LABEL, false)?;
        x25519::PublicKey::from_public_key_der(&der)
    }

    /// The SubjectPublicKeyInfo DER.
    ///
    /// # Errors
    /// Only if encoding fails, which it does not for 32 bytes.
    pub fn to_public_key_der(&self) -> Result<Vec<u8>, Error> {
        spki_encode(X25519_OID, &self.0)
    }

    /// The SubjectPublicKeyInfo PEM (`-----BEGIN PUBLIC KEY-----`).
    ///
    /// # Errors
    /// As [`x25519::PublicKey::to_public_key_der`].
    pub fn to_public_key_pem(&self) -> Result<String, Error> {
        pem_encode(PUBLIC_LABEL, &self.to_public_key_der()?)
    }
}
