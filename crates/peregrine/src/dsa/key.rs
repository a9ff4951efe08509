//! DSA keys: loading (PKCS#8, SubjectPublicKeyInfo, OpenSSL's traditional
//! `DSA PRIVATE KEY`; DER and PEM) with validation, export, generation.

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use der::asn1::{AnyRef, BitStringRef, UintRef};
use der::pem::LineEnding;
use der::{Decode, Encode};
use zeroize::Zeroizing;

use super::params::DsaParams;
use super::{DSA_OID, bad_key, der_uint_seq, parse_uint_seq, strip};
use crate::Error;
use crate::bignum::mont::Checked;
use crate::bignum::{CombTable, Nat};

/// A DSA public key: domain parameters and `y = g^x mod p`.
#[derive(Clone)]
pub struct DsaPublicKey {
    pub(crate) params: DsaParams,
    /// `y`'s comb table for `N`-bit exponents (verification).
    pub(crate) y_table: CombTable,
    y_bytes: Vec<u8>,
}

impl fmt::Debug for DsaPublicKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DsaPublicKey")
            .field("params", &self.params)
            .finish_non_exhaustive()
    }
}

impl PartialEq for DsaPublicKey {
    fn eq(&self, o: &Self) -> bool {
        self.params == o.params && self.y_bytes == o.y_bytes
    }
}
impl Eq for DsaPublicKey {}

/// A DSA private key: the public key and `x`, `0 < x < q`. `x` is zeroized
/// on drop; `Debug` shows the sizes only.
#[derive(Clone)]
pub struct DsaPrivateKey {
    pub(crate) public: DsaPublicKey,
    /// `x`, at `q`'s width.
    pub(crate) x: Nat,
    /// `x`, big-endian, exactly `N / 8` bytes (RFC 6979's `int2octets`).
    pub(crate) x_bytes: Zeroizing<Vec<u8>>,
}

impl fmt::Debug for DsaPrivateKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DsaPrivateKey")
            .field("params", &self.public.params)
            .finish_non_exhaustive()
    }
}

fn der_err(what: &'static str) -> impl FnOnce(der::Error) -> Error {
    move |_| bad_key(what)
}

/// The parameters in an `AlgorithmIdentifier`: `id-dsa` with `Dss-Parms`.
fn params_of(alg: &spki::AlgorithmIdentifierRef<'_>) -> Result<DsaParams, Error> {
    if alg.oid != DSA_OID {
        return Err(bad_key("not a DSA key (algorithm is not id-dsa)"));
    }
    let any = alg
        .parameters
        .ok_or(bad_key("DSA key without domain parameters"))?;
    let der = any.to_der().map_err(der_err("DSA parameters"))?;
    DsaParams::from_der(&der)
}

impl DsaPublicKey {
    /// The key `y` (big-endian) for `params`, checked: `1 < y < p`,
    /// `y^q = 1 mod p`.
    pub fn from_components(params: &DsaParams, y: &[u8]) -> Result<Self, Error> {
        let p = &params.p;
        let y = strip(y);
        let yn =
            Nat::from_be_bytes_width(y, p.limbs()).map_err(|_| bad_key("DSA y not below p"))?;
        if !bool::from(yn.ct_lt(p.n())) || yn.bit_len_vartime() < 2 {
            return Err(bad_key("DSA y must satisfy 1 < y < p"));
        }
        let yq = p.pow_vartime(&yn, params.q())?;
        if !bool::from(yq.ct_eq(&Nat::from_u64(1))) {
            return Err(bad_key("DSA y is not in the order-q subgroup"));
        }
        Self::assemble(params, yn, y.to_vec())
    }

    fn assemble(params: &DsaParams, y: Nat, y_bytes: Vec<u8>) -> Result<Self, Error> {
        let y_table = params.p.comb_table(&y, params.sizes().1)?;
        Ok(DsaPublicKey {
            params: params.clone(),
            y_table,
            y_bytes,
        })
    }

    /// The same key on another Montgomery kernel (tests and benchmarks).
    pub fn with_backend(&self, imp: Checked) -> Result<Self, Error> {
        Ok(DsaPublicKey {
            params: self.params.with_backend(imp)?,
            ..self.clone()
        })
    }

    /// The domain parameters.
    pub fn params(&self) -> &DsaParams {
        &self.params
    }

    /// `y`, big-endian, no leading zero.
    pub fn y(&self) -> &[u8] {
        &self.y_bytes
    }

    /// Loads a SubjectPublicKeyInfo (DER) with algorithm `id-dsa` and
    /// `Dss-Parms`.
    pub fn from_spki_der(der: &[u8]) -> Result<Self, Error> {
        let spki = spki::SubjectPublicKeyInfoRef::from_der(der)
            .map_err(der_err("SubjectPublicKeyInfo DER"))?;
        let params = params_of(&spki.algorithm)?;
        let bits = spki
            .subject_public_key
            .as_bytes()
            .ok_or(bad_key("SubjectPublicKeyInfo bit string"))?;
        let y = UintRef::from_der(bits).map_err(der_err("DSA public key INTEGER"))?;
        Self::from_components(&params, y.as_bytes())
    }

    /// Loads `-----BEGIN PUBLIC KEY-----` (SubjectPublicKeyInfo).
    pub fn from_pem(pem: &str) -> Result<Self, Error> {
        let (label, der) = der::pem::decode_vec(pem.as_bytes()).map_err(|_| bad_key("PEM"))?;
        if label != "PUBLIC KEY" {
            return Err(bad_key("PEM label (want PUBLIC KEY)"));
        }
        Self::from_spki_der(&der)
    }

    /// The SubjectPublicKeyInfo DER, as OpenSSL writes it (parameters
    /// included).
    pub fn to_spki_der(&self) -> Result<Vec<u8>, Error> {
        let params = self.params.to_der();
        let mut y = Vec::new();
        super::der_uint(&mut y, &self.y_bytes);
        let spki = spki::SubjectPublicKeyInfoRef {
            algorithm: spki::AlgorithmIdentifierRef {
                oid: DSA_OID,
                parameters: Some(AnyRef::from_der(&params).map_err(der_err("encode"))?),
            },
            subject_public_key: BitStringRef::from_bytes(&y).map_err(der_err("encode"))?,
        };
        spki.to_der()
            .map_err(der_err("encode SubjectPublicKeyInfo"))
    }

    /// The SubjectPublicKeyInfo PEM (`-----BEGIN PUBLIC KEY-----`).
    pub fn to_spki_pem(&self) -> Result<String, Error> {
        der::pem::encode_string("PUBLIC KEY", LineEnding::LF, &self.to_spki_der()?)
            .map_err(|_| bad_key("encode PEM"))
    }
}

impl DsaPrivateKey {
    /// The key `x` (big-endian) for `params`, checked (`0 < x < q`), with
    /// `y = g^x mod p` computed; when `y` is given it must match.
    pub fn from_components(params: &DsaParams, x: &[u8], y: Option<&[u8]>) -> Result<Self, Error> {
        let q = &params.q;
        let qlen = params.sizes().1 / 8;
        // x is secret: no strip (its loop would reveal the leading zero
        // bytes); bytes beyond N / 8 must be zero, checked by an OR whose
        // verdict only is public.
        let mut x_bytes = Zeroizing::new(vec![0u8; qlen]);
        let cut = x.len().saturating_sub(qlen);
        let spill = x[..cut].iter().fold(0u8, |a, b| a | b);
        if crate::ct::declassify(spill) != 0 {
            return Err(bad_key("DSA x not below q"));
        }
        x_bytes[qlen - (x.len() - cut)..].copy_from_slice(&x[cut..]);
        let xn = Nat::from_be_bytes_width(&x_bytes, q.limbs())?;
        // The range verdict is public: an invalid key is an error.
        let ok = bool::from(xn.ct_lt(q.n())) & !bool::from(xn.is_zero());
        if !crate::ct::declassify(ok) {
            return Err(bad_key("DSA x must satisfy 0 < x < q"));
        }
        let p = &params.p;
        let mut yn = p.pow_comb(&params.g_table, &x_bytes)?;
        crate::ct::declassify_slice(yn.as_limbs_mut());
        let y_bytes = yn.to_be_bytes();
        if let Some(y) = y
            && strip(y) != strip(&y_bytes)
        {
            return Err(bad_key("DSA y is not g^x mod p"));
        }
        let public = DsaPublicKey::assemble(params, yn, strip(&y_bytes).to_vec())?;
        Ok(DsaPrivateKey {
            public,
            x: xn,
            x_bytes,
        })
    }

    /// A new key for `params` (FIPS 186-4 B.1.2: `c` random of `N` bits
    /// until `c <= q - 2`, `x = c + 1`).
    pub fn generate(params: &DsaParams) -> Result<Self, Error> {
        let qlen = params.sizes().1 / 8;
        let mut c = Zeroizing::new(vec![0u8; qlen]);
        for _ in 0..128 {
            super::random(&mut c)?;
            let (x, carry) = Nat::from_be_bytes(&c).add(&Nat::from_u64(1));
            // The rejection verdict is public: a rejected candidate is
            // discarded.
            let ok = bool::from(x.ct_lt(params.q.n())) & (carry == 0);
            if crate::ct::declassify(ok) {
                let mut xb = Zeroizing::new(vec![0u8; 8 * x.limbs()]);
                x.write_be_bytes(&mut xb)?;
                return Self::from_components(params, &xb, None);
            }
        }
        Err(Error::RandomnessUnavailable)
    }

    /// The same key on another Montgomery kernel.
    pub fn with_backend(&self, imp: Checked) -> Result<Self, Error> {
        Ok(DsaPrivateKey {
            public: self.public.with_backend(imp)?,
            x: self.x.clone(),
            x_bytes: self.x_bytes.clone(),
        })
    }

    /// Marks `x` secret for the constant-time checker.
    #[cfg(peregrine_ctgrind)]
    #[doc(hidden)]
    pub fn ctgrind_secret(&mut self) {
        crate::ct::secret(self.x.as_limbs_mut());
        crate::ct::secret(&mut self.x_bytes[..]);
    }

    /// The public key.
    pub fn public_key(&self) -> &DsaPublicKey {
        &self.public
    }

    /// The domain parameters.
    pub fn params(&self) -> &DsaParams {
        &self.public.params
    }

    /// Loads a PKCS#8 `PrivateKeyInfo` (DER, unencrypted): `id-dsa` with
    /// `Dss-Parms`, the private key an `INTEGER` x.
    pub fn from_pkcs8_der(der: &[u8]) -> Result<Self, Error> {
        let info =
            pkcs8::PrivateKeyInfo::from_der(der).map_err(der_err("PKCS#8 PrivateKeyInfo DER"))?;
        let params = params_of(&info.algorithm)?;
        let x = UintRef::from_der(info.private_key).map_err(der_err("DSA private key INTEGER"))?;
        Self::from_components(&params, x.as_bytes(), None)
    }

    /// Loads OpenSSL's traditional DER, `SEQUENCE { version 0, p, q, g, y,
    /// x }` (`-----BEGIN DSA PRIVATE KEY-----`).
    pub fn from_traditional_der(der: &[u8]) -> Result<Self, Error> {
        let [v, p, q, g, y, x] =
            parse_uint_seq::<6>(der).map_err(|_| bad_key("DSA private key DER"))?;
        if !strip(v).is_empty() {
            return Err(bad_key("DSA private key version must be 0"));
        }
        let params = DsaParams::from_components(p, q, g)?;
        Self::from_components(&params, x, Some(y))
    }

    /// Loads a DER private key: PKCS#8, else the traditional form.
    pub fn from_der(der: &[u8]) -> Result<Self, Error> {
        match pkcs8::PrivateKeyInfo::from_der(der) {
            Ok(_) => Self::from_pkcs8_der(der),
            Err(_) => Self::from_traditional_der(der),
        }
    }

    /// Loads `PRIVATE KEY` (PKCS#8) or `DSA PRIVATE KEY` (traditional)
    /// PEM. Encrypted PEM is not supported.
    pub fn from_pem(pem: &str) -> Result<Self, Error> {
        let (label, der) = der::pem::decode_vec(pem.as_bytes()).map_err(|_| bad_key("PEM"))?;
        let der = Zeroizing::new(der);
        match label {
            "PRIVATE KEY" => Self::from_pkcs8_der(&der),
            "DSA PRIVATE KEY" => Self::from_traditional_der(&der),
            _ => Err(bad_key("PEM label (want PRIVATE KEY or DSA PRIVATE KEY)")),
        }
    }

    /// The PKCS#8 DER, as `openssl genpkey` writes it (zeroized on drop).
    pub fn to_pkcs8_der(&self) -> Result<Zeroizing<Vec<u8>>, Error> {
        let params = self.params().to_der();
        let mut x = Zeroizing::new(Vec::new());
        super::der_uint(&mut x, &self.x_bytes);
        let info = pkcs8::PrivateKeyInfo::new(
            spki::AlgorithmIdentifierRef {
                oid: DSA_OID,
                parameters: Some(AnyRef::from_der(&params).map_err(der_err("encode"))?),
            },
            &x,
        );
        let mut out = Zeroizing::new(Vec::new());
        info.encode_to_vec(&mut out)
            .map_err(der_err("encode PrivateKeyInfo"))?;
        Ok(out)
    }

    /// The PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`).
    pub fn to_pkcs8_pem(&self) -> Result<Zeroizing<String>, Error> {
        der::pem::encode_string("PRIVATE KEY", LineEnding::LF, &self.to_pkcs8_der()?)
            .map(Zeroizing::new)
            .map_err(|_| bad_key("encode PEM"))
    }

    /// The traditional DER (`SEQUENCE { 0, p, q, g, y, x }`).
    pub fn to_traditional_der(&self) -> Zeroizing<Vec<u8>> {
        let pr = self.params();
        der_uint_seq(&[&[], pr.p(), pr.q(), pr.g(), self.public.y(), &self.x_bytes])
    }

    /// The traditional PEM (`-----BEGIN DSA PRIVATE KEY-----`).
    pub fn to_traditional_pem(&self) -> Result<Zeroizing<String>, Error> {
        der::pem::encode_string(
            "DSA PRIVATE KEY",
            LineEnding::LF,
            &self.to_traditional_der(),
        )
        .map(Zeroizing::new)
        .map_err(|_| bad_key("encode PEM"))
    }
}

/// The DER inside `data` when it is PEM (with its label), else `data`.
fn der_of(data: &[u8]) -> Option<(Option<String>, Zeroizing<Vec<u8>>)> {
    let t = data.trim_ascii_start();
    if t.starts_with(b"-----BEGIN ") {
        let (label, der) = der::pem::decode_vec(t).ok()?;
        Some((Some(label.into()), Zeroizing::new(der)))
    } else {
        Some((None, Zeroizing::new(data.to_vec())))
    }
}

/// Whether `data` (PEM or DER) looks like a DSA private key: PKCS#8 with
/// the `id-dsa` algorithm, or OpenSSL's traditional form (PEM label
/// `DSA PRIVATE KEY`, or a DER sequence of six integers). Loading it
/// checks the rest.
pub fn is_private_key(data: &[u8]) -> bool {
    let Some((label, der)) = der_of(data) else {
        return false;
    };
    match label.as_deref() {
        Some("DSA PRIVATE KEY") => return true,
        Some("PRIVATE KEY") | None => {}
        Some(_) => return false,
    }
    match pkcs8::PrivateKeyInfo::from_der(&der) {
        Ok(info) => info.algorithm.oid == DSA_OID,
        Err(_) => label.is_none() && parse_uint_seq::<6>(&der).is_ok(),
    }
}

/// Whether `data` (PEM `PUBLIC KEY` or DER) is a SubjectPublicKeyInfo
/// with the `id-dsa` algorithm.
pub fn is_public_key(data: &[u8]) -> bool {
    let Some((label, der)) = der_of(data) else {
        return false;
    };
    if label.is_some_and(|l| l != "PUBLIC KEY") {
        return false;
    }
    spki::SubjectPublicKeyInfoRef::from_der(&der).is_ok_and(|s| s.algorithm.oid == DSA_OID)
}

/// Whether `data` is `-----BEGIN DSA PARAMETERS-----` PEM.
pub fn is_params(data: &[u8]) -> bool {
    matches!(der_of(data), Some((Some(l), _)) if l == "DSA PARAMETERS")
}
