//! Key files of the NIST curves: SEC1 `ECPrivateKey` (RFC 5915, PEM label
//! `EC PRIVATE KEY`), PKCS#8 (`PRIVATE KEY`, RFC 5958 with id-ecPublicKey
//! and a named curve, RFC 5480) and SubjectPublicKeyInfo (`PUBLIC KEY`), in
//! DER and PEM, as OpenSSL reads and writes them.
//!
//! Named curves only: explicit curve parameters are refused (RFC 5480
//! forbids them in certificates; OpenSSL writes named curves by default).
//! A private key file that carries a public key must carry the right one.
//! [`AnyPrivateKey`] and [`AnyPublicKey`] read a file of any of the three
//! curves, for tools that take whatever key they are given.

use alloc::string::String;
use alloc::vec::Vec;

use der::asn1::{BitStringRef, ObjectIdentifier};
use der::{Decode, Encode};
use zeroize::Zeroizing;

use super::ecdsa::EC_PUBLIC_KEY_OID;
use super::{p256, p384, p521};
use crate::Error;
use crate::ec::curve25519::keys::{is_pem, pem_decode, pem_encode};

fn bad(what: &'static str) -> Error {
    Error::InvalidKey { what }
}

/// The curve of a named-curve OID.
fn curve_of(oid: ObjectIdentifier) -> Result<Curve, Error> {
    if oid == p256::CURVE_OID {
        Ok(Curve::P256)
    } else if oid == p384::CURVE_OID {
        Ok(Curve::P384)
    } else if oid == p521::CURVE_OID {
        Ok(Curve::P521)
    } else {
        Err(bad("an EC key on a curve Peregrine does not implement"))
    }
}

/// The NIST curves, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Curve {
    /// P-256 (`prime256v1`, `secp256r1`).
    P256,
    /// P-384 (`secp384r1`).
    P384,
    /// P-521 (`secp521r1`).
    P521,
}

impl Curve {
    /// The curve of a name as OpenSSL and the standards spell it
    /// (`P-256`, `prime256v1`, `secp256r1`, ...; case-insensitive).
    pub fn from_name(name: &str) -> Option<Curve> {
        match name.to_ascii_lowercase().as_str() {
            "p-256" | "p256" | "prime256v1" | "secp256r1" => Some(Curve::P256),
            "p-384" | "p384" | "secp384r1" => Some(Curve::P384),
            "p-521" | "p521" | "secp521r1" => Some(Curve::P521),
            _ => None,
        }
    }

    /// "P-256".
    pub fn name(self) -> &'static str {
        match self {
            Curve::P256 => "P-256",
            Curve::P384 => "P-384",
            Curve::P521 => "P-521",
        }
    }

    /// The named-curve OID.
    pub fn oid(self) -> ObjectIdentifier {
        match self {
            Curve::P256 => p256::CURVE_OID,
            Curve::P384 => p384::CURVE_OID,
            Curve::P521 => p521::CURVE_OID,
        }
    }

    /// OpenSSL's name of the curve (`prime256v1`, `secp384r1`,
    /// `secp521r1`).
    pub fn openssl_name(self) -> &'static str {
        match self {
            Curve::P256 => "prime256v1",
            Curve::P384 => "secp384r1",
            Curve::P521 => "secp521r1",
        }
    }

    /// The `ECParameters` of the curve (RFC 5480: the named-curve OID),
    /// DER: what `openssl ecparam -outform DER` writes.
    pub fn parameters_der(self) -> Vec<u8> {
        // an OID always encodes
        self.oid().to_der().unwrap_or_default()
    }

    /// [`Curve::parameters_der`] as PEM (`EC PARAMETERS`).
    pub fn parameters_pem(self) -> Result<String, Error> {
        pem_encode("EC PARAMETERS", &self.parameters_der())
    }
}

/// A decoded private key file: the curve, the scalar (big-endian) and the
/// public point if the file holds one.
struct Decoded {
    curve: Curve,
    d: Zeroizing<Vec<u8>>,
    public: Option<Vec<u8>>,
}

/// An `ECPrivateKey` (RFC 5915); `outer` is the curve a PKCS#8 wrapper
/// named (the inner parameters, if present, must agree).
fn sec1_decode(der_bytes: &[u8], outer: Option<Curve>) -> Result<Decoded, Error> {
    let k = sec1::EcPrivateKey::from_der(der_bytes)
        .map_err(|_| bad("malformed EC private key (SEC1) DER"))?;
    let inner = match k.parameters {
        Some(sec1::EcParameters::NamedCurve(oid)) => Some(curve_of(oid)?),
        None => None,
    };
    let curve = match (outer, inner) {
        (Some(a), Some(b)) if a != b => return Err(bad("EC key names two different curves")),
        (Some(c), _) | (None, Some(c)) => c,
        (None, None) => return Err(bad("EC private key without a curve")),
    };
    Ok(Decoded {
        curve,
        d: Zeroizing::new(k.private_key.to_vec()),
        public: k.public_key.map(|p| p.to_vec()),
    })
}

/// A PKCS#8 `PrivateKeyInfo` holding an EC key.
fn pkcs8_decode(der_bytes: &[u8]) -> Result<Decoded, Error> {
    let info =
        pkcs8::PrivateKeyInfo::from_der(der_bytes).map_err(|_| bad("not a PKCS#8 private key"))?;
    if info.algorithm.oid != EC_PUBLIC_KEY_OID {
        return Err(bad("not an EC private key (id-ecPublicKey)"));
    }
    let params = info
        .algorithm
        .parameters
        .ok_or(bad("EC key without curve parameters"))?;
    let oid: ObjectIdentifier = params
        .decode_as()
        .map_err(|_| bad("EC parameters are not a named curve"))?;
    sec1_decode(info.private_key, Some(curve_of(oid)?))
}

/// Any private key file of the three curves: PKCS#8 or SEC1, DER or PEM.
fn decode_private(data: &[u8]) -> Result<Decoded, Error> {
    if is_pem(data) {
        let (label, der_bytes) = pem_decode(data)?;
        return match label.as_str() {
            "EC PRIVATE KEY" => sec1_decode(&der_bytes, None),
            "PRIVATE KEY" => pkcs8_decode(&der_bytes),
            "ENCRYPTED PRIVATE KEY" => Err(bad("encrypted PKCS#8 private keys are not supported")),
            "PUBLIC KEY" => Err(bad("a public key where a private key is needed")),
            _ => Err(bad("PEM label is neither EC PRIVATE KEY nor PRIVATE KEY")),
        };
    }
    pkcs8_decode(data).or_else(|_| sec1_decode(data, None))
}

/// The curve OID and SEC1 point of a SubjectPublicKeyInfo (DER).
fn spki_decode(der_bytes: &[u8]) -> Result<(Curve, Vec<u8>), Error> {
    let spki = spki::SubjectPublicKeyInfoRef::from_der(der_bytes)
        .map_err(|_| bad("malformed SubjectPublicKeyInfo DER"))?;
    if spki.algorithm.oid != EC_PUBLIC_KEY_OID {
        return Err(bad("not an EC public key (id-ecPublicKey)"));
    }
    let params = spki
        .algorithm
        .parameters
        .ok_or(bad("EC key without curve parameters"))?;
    let oid: ObjectIdentifier = params
        .decode_as()
        .map_err(|_| bad("EC parameters are not a named curve"))?;
    let point = spki
        .subject_public_key
        .as_bytes()
        .ok_or(bad("public key bit string with unused bits"))?;
    Ok((curve_of(oid)?, point.to_vec()))
}

fn decode_public(data: &[u8]) -> Result<(Curve, Vec<u8>), Error> {
    if is_pem(data) {
        let (label, der_bytes) = pem_decode(data)?;
        return match label.as_str() {
            "PUBLIC KEY" => spki_decode(&der_bytes),
            "PRIVATE KEY" | "EC PRIVATE KEY" | "ENCRYPTED PRIVATE KEY" => {
                Err(bad("a private key where a public key is needed"))
            }
            _ => Err(bad("PEM label is not PUBLIC KEY")),
        };
    }
    spki_decode(data)
}

fn enc_err(_: der::Error) -> Error {
    bad("EC key encoding failed")
}

/// `ECPrivateKey` DER: the scalar, the curve (unless `params` is false:
/// inside PKCS#8, as OpenSSL writes it) and the public point.
pub(crate) fn sec1_encode(
    curve: Curve,
    d: &[u8],
    public: &[u8],
    params: bool,
) -> Result<Zeroizing<Vec<u8>>, Error> {
    let k = sec1::EcPrivateKey {
        private_key: d,
        parameters: params.then_some(sec1::EcParameters::NamedCurve(curve.oid())),
        public_key: Some(public),
    };
    let mut out = Zeroizing::new(Vec::new());
    k.encode_to_vec(&mut out).map_err(enc_err)?;
    Ok(out)
}

pub(crate) fn pkcs8_encode(
    curve: Curve,
    d: &[u8],
    public: &[u8],
) -> Result<Zeroizing<Vec<u8>>, Error> {
    let inner = sec1_encode(curve, d, public, false)?;
    let oid = curve.oid();
    let params = der::asn1::AnyRef::from(&oid);
    let info = pkcs8::PrivateKeyInfo::new(
        spki::AlgorithmIdentifierRef {
            oid: EC_PUBLIC_KEY_OID,
            parameters: Some(params),
        },
        &inner,
    );
    let mut out = Zeroizing::new(Vec::new());
    info.encode_to_vec(&mut out).map_err(enc_err)?;
    Ok(out)
}

pub(crate) fn spki_encode(curve: Curve, public: &[u8]) -> Result<Vec<u8>, Error> {
    let oid = curve.oid();
    let spki = spki::SubjectPublicKeyInfoRef {
        algorithm: spki::AlgorithmIdentifierRef {
            oid: EC_PUBLIC_KEY_OID,
            parameters: Some(der::asn1::AnyRef::from(&oid)),
        },
        subject_public_key: BitStringRef::from_bytes(public).map_err(enc_err)?,
    };
    spki.to_der().map_err(enc_err)
}

/// A private key of any of the three curves.
#[derive(Debug)]
pub enum AnyPrivateKey {
    /// P-256.
    P256(p256::PrivateKey),
    /// P-384.
    P384(p384::PrivateKey),
    /// P-521.
    P521(p521::PrivateKey),
}

/// A public key of any of the three curves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnyPublicKey {
    /// P-256.
    P256(p256::PublicKey),
    /// P-384.
    P384(p384::PublicKey),
    /// P-521.
    P521(p521::PublicKey),
}

/// Left-pads a scalar to the field length (some encoders drop leading
/// zero bytes), refusing longer ones.
fn pad(d: &[u8], len: usize) -> Result<Zeroizing<Vec<u8>>, Error> {
    if d.len() > len {
        return Err(bad("EC private scalar longer than the curve's order"));
    }
    let mut out = Zeroizing::new(alloc::vec![0u8; len]);
    out[len - d.len()..].copy_from_slice(d);
    Ok(out)
}

macro_rules! any_dispatch {
    ($self:expr, |$k:ident| $body:expr) => {
        match $self {
            Self::P256($k) => $body,
            Self::P384($k) => $body,
            Self::P521($k) => $body,
        }
    };
}

impl AnyPrivateKey {
    /// A private key from a file: PKCS#8 or SEC1, DER or PEM; the curve is
    /// the file's. A public key in the file must match the scalar's.
    pub fn from_file_bytes(data: &[u8]) -> Result<AnyPrivateKey, Error> {
        let dec = decode_private(data)?;
        let key = match dec.curve {
            Curve::P256 => AnyPrivateKey::P256(p256::PrivateKey::from_bytes(&pad(
                &dec.d,
                p256::FIELD_BYTES,
            )?)?),
            Curve::P384 => AnyPrivateKey::P384(p384::PrivateKey::from_bytes(&pad(
                &dec.d,
                p384::FIELD_BYTES,
            )?)?),
            Curve::P521 => AnyPrivateKey::P521(p521::PrivateKey::from_bytes(&pad(
                &dec.d,
                p521::FIELD_BYTES,
            )?)?),
        };
        if let Some(p) = dec.public {
            let given = key.curve_public_from_sec1(&p)?;
            if given != key.public_key() {
                return Err(bad(
                    "the public key in the file does not match the private key",
                ));
            }
        }
        Ok(key)
    }

    fn curve_public_from_sec1(&self, p: &[u8]) -> Result<AnyPublicKey, Error> {
        AnyPublicKey::from_sec1(self.curve(), p)
    }

    /// A fresh key on `curve`.
    #[cfg(feature = "getrandom")]
    pub fn generate(curve: Curve) -> Result<AnyPrivateKey, Error> {
        Ok(match curve {
            Curve::P256 => AnyPrivateKey::P256(p256::PrivateKey::generate()?),
            Curve::P384 => AnyPrivateKey::P384(p384::PrivateKey::generate()?),
            Curve::P521 => AnyPrivateKey::P521(p521::PrivateKey::generate()?),
        })
    }

    /// The curve.
    pub fn curve(&self) -> Curve {
        match self {
            Self::P256(_) => Curve::P256,
            Self::P384(_) => Curve::P384,
            Self::P521(_) => Curve::P521,
        }
    }

    /// The public key.
    pub fn public_key(&self) -> AnyPublicKey {
        match self {
            Self::P256(k) => AnyPublicKey::P256(*k.public_key()),
            Self::P384(k) => AnyPublicKey::P384(*k.public_key()),
            Self::P521(k) => AnyPublicKey::P521(*k.public_key()),
        }
    }

    fn parts(&self) -> (Zeroizing<Vec<u8>>, Vec<u8>) {
        any_dispatch!(self, |k| (k.to_bytes(), k.public_key().to_uncompressed()))
    }

    /// PKCS#8 DER (what `openssl genpkey` writes).
    pub fn to_pkcs8_der(&self) -> Result<Zeroizing<Vec<u8>>, Error> {
        let (d, q) = self.parts();
        pkcs8_encode(self.curve(), &d, &q)
    }

    /// PKCS#8 PEM (`PRIVATE KEY`).
    pub fn to_pkcs8_pem(&self) -> Result<Zeroizing<String>, Error> {
        Ok(Zeroizing::new(pem_encode(
            "PRIVATE KEY",
            &self.to_pkcs8_der()?,
        )?))
    }

    /// SEC1 DER with the curve and the public key (what `openssl ecparam
    /// -genkey` and `openssl ec` write).
    pub fn to_sec1_der(&self) -> Result<Zeroizing<Vec<u8>>, Error> {
        let (d, q) = self.parts();
        sec1_encode(self.curve(), &d, &q, true)
    }

    /// SEC1 PEM (`EC PRIVATE KEY`).
    pub fn to_sec1_pem(&self) -> Result<Zeroizing<String>, Error> {
        Ok(Zeroizing::new(pem_encode(
            "EC PRIVATE KEY",
            &self.to_sec1_der()?,
        )?))
    }

    /// An ECDSA signature (DER, as OpenSSL writes it) of a digest made
    /// with `H` (hedged RFC 6979 nonce).
    #[cfg(feature = "getrandom")]
    pub fn sign_prehashed_der<H: crate::hash::Hash>(
        &self,
        digest: &[u8],
    ) -> Result<Vec<u8>, Error> {
        any_dispatch!(self, |k| k.sign_prehashed::<H>(digest).map(|s| s.to_der()))
    }

    /// ECDH with a public key of the same curve.
    pub fn diffie_hellman(&self, peer: &AnyPublicKey) -> Result<Zeroizing<Vec<u8>>, Error> {
        match (self, peer) {
            (Self::P256(k), AnyPublicKey::P256(p)) => k.diffie_hellman(p),
            (Self::P384(k), AnyPublicKey::P384(p)) => k.diffie_hellman(p),
            (Self::P521(k), AnyPublicKey::P521(p)) => k.diffie_hellman(p),
            _ => Err(bad("the peer key is on another curve")),
        }
    }
}

impl AnyPublicKey {
    /// A public key from a file: SubjectPublicKeyInfo, DER or PEM.
    pub fn from_file_bytes(data: &[u8]) -> Result<AnyPublicKey, Error> {
        let (curve, point) = decode_public(data)?;
        Self::from_sec1(curve, &point)
    }

    /// A SEC1 point on `curve`.
    pub fn from_sec1(curve: Curve, point: &[u8]) -> Result<AnyPublicKey, Error> {
        Ok(match curve {
            Curve::P256 => AnyPublicKey::P256(p256::PublicKey::from_sec1(point)?),
            Curve::P384 => AnyPublicKey::P384(p384::PublicKey::from_sec1(point)?),
            Curve::P521 => AnyPublicKey::P521(p521::PublicKey::from_sec1(point)?),
        })
    }

    /// The curve.
    pub fn curve(&self) -> Curve {
        match self {
            Self::P256(_) => Curve::P256,
            Self::P384(_) => Curve::P384,
            Self::P521(_) => Curve::P521,
        }
    }

    /// The uncompressed SEC1 point.
    pub fn to_uncompressed(&self) -> Vec<u8> {
        any_dispatch!(self, |k| k.to_uncompressed())
    }

    /// SubjectPublicKeyInfo DER.
    pub fn to_public_key_der(&self) -> Result<Vec<u8>, Error> {
        spki_encode(self.curve(), &self.to_uncompressed())
    }

    /// SubjectPublicKeyInfo PEM (`PUBLIC KEY`).
    pub fn to_public_key_pem(&self) -> Result<String, Error> {
        pem_encode("PUBLIC KEY", &self.to_public_key_der()?)
    }

    /// Verifies a DER signature of a digest (strict DER).
    pub fn verify_prehashed_der(&self, digest: &[u8], sig: &[u8]) -> Result<(), Error> {
        match self {
            Self::P256(k) => k.verify_prehashed(digest, &p256::Signature::from_der(sig)?),
            Self::P384(k) => k.verify_prehashed(digest, &p384::Signature::from_der(sig)?),
            Self::P521(k) => k.verify_prehashed(digest, &p521::Signature::from_der(sig)?),
        }
    }
}
