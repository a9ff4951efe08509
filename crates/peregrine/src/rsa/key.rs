//! RSA keys: loading (PKCS#1, PKCS#8, SubjectPublicKeyInfo; DER and PEM)
//! with validation, export, and the two primitives (RSAEP/RSAVP1 with the
//! public exponent, RSADP/RSASP1 with CRT, blinding and a result check).

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use der::asn1::{AnyRef, BitStringRef, UintRef};
use der::pem::LineEnding;
use der::{Decode, Encode};
use subtle::ConstantTimeEq;
use zeroize::{Zeroize, Zeroizing};

use super::bad_key;
use crate::Error;
use crate::bignum::mont::Checked;
use crate::bignum::{Modulus, Nat};

/// The smallest modulus accepted, in bits. Below 2048 is weak (NIST SP
/// 800-131A disallows it for signing); 512 to 2047 still load, so old
/// signatures and test vectors verify.
pub const MIN_BITS: usize = 512;
/// The largest modulus accepted, in bits (the bignum kernels' limit).
pub const MAX_BITS: usize = 16384;

/// `rsaEncryption` (RFC 8017 appendix C).
const RSA_ENCRYPTION: der::asn1::ObjectIdentifier = pkcs1::ALGORITHM_OID;
/// `id-RSASSA-PSS` (RFC 4055): accepted on load, the parameters not
/// enforced (the caller picks the scheme and hash when it verifies).
const RSASSA_PSS: der::asn1::ObjectIdentifier =
    der::asn1::ObjectIdentifier::new_unwrap("1.2.840.113549.1.1.10");

/// An RSA public key: the modulus `n` and the public exponent `e`.
#[derive(Clone)]
pub struct RsaPublicKey {
    n: Modulus,
    /// `n`, big-endian, no leading zero: `k` bytes.
    n_bytes: Vec<u8>,
    /// `e`, big-endian, no leading zero.
    e: Vec<u8>,
    bits: usize,
}

impl fmt::Debug for RsaPublicKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RsaPublicKey")
            .field("bits", &self.bits)
            .field("backend", &self.n.backend().name())
            .finish_non_exhaustive()
    }
}

impl PartialEq for RsaPublicKey {
    fn eq(&self, other: &Self) -> bool {
        self.n_bytes == other.n_bytes && self.e == other.e
    }
}
impl Eq for RsaPublicKey {}

/// An RSA private key in CRT form: `n = p*q`, `e`, `d`, `dP = d mod (p-1)`,
/// `dQ = d mod (q-1)` and `qInv = q^(-1) mod p`. Two primes only.
///
/// Every secret value is zeroized on drop. `Debug` shows the size only.
#[derive(Clone)]
pub struct RsaPrivateKey {
    public: RsaPublicKey,
    d: Nat,
    p: Modulus,
    q: Modulus,
    /// `dP`, big-endian, as long as `p` in bytes (the length is public).
    dp: Zeroizing<Vec<u8>>,
    /// `dQ`, big-endian, as long as `q` in bytes.
    dq: Zeroizing<Vec<u8>>,
    /// `qInv`, at `p`'s width.
    qinv: Nat,
    /// `qInv * R mod p` (Montgomery form): Garner's product is then one
    /// Montgomery multiplication.
    qinv_mont: Nat,
    /// Blinding pairs for the next private-key operations (see
    /// [`Blinding`]).
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    blinding: BlindingCache,
}

impl fmt::Debug for RsaPrivateKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RsaPrivateKey")
            .field("bits", &self.public.bits)
            .finish_non_exhaustive()
    }
}

/// Strips leading zero bytes (of public values only: the loop's length
/// depends on the value).
fn strip(b: &[u8]) -> &[u8] {
    let i = b.iter().position(|&x| x != 0).unwrap_or(b.len());
    &b[i..]
}

fn der_err(what: &'static str) -> impl FnOnce(der::Error) -> Error {
    move |_| bad_key(what)
}

fn one(limbs: usize) -> Nat {
    let mut x = Nat::zero(limbs);
    x.as_limbs_mut()[0] = 1;
    x
}

/// How many private-key operations one fresh blinding pair serves (the
/// pair is squared between them), as OpenSSL's `BN_BLINDING` does.
#[cfg_attr(not(feature = "std"), allow(dead_code))]
const BLINDING_USES: u32 = 32;

/// A blinding pair `(r^e, r^(-1))` modulo `n`, both in Montgomery form
/// (`x R mod n`), and how many operations the chain it belongs to has
/// served.
///
/// Why a cache: a fresh pair costs an inverse modulo `n` and `r^e`, while
/// squaring a pair gives another valid one, `(r^(2e), r^(-2))`, for two
/// Montgomery squarings, so a fresh pair is made only every
/// [`BLINDING_USES`] operations. Each pair is used for one operation
/// only (it is taken out of the cache and replaced by its square under the
/// lock), the values never leave the key, and the exponentiations still
/// see a blinded base they cannot relate to the input without `r`. The
/// cache was preferred to a fresh pair per operation because it also
/// removes the per-operation `r^e`; the fresh pairs themselves use
/// the blinded variable-time inverse (see
/// [`RsaPrivateKey::blinding_pair`]), which is also what runs per
/// operation without `std`.
#[derive(Clone)]
#[cfg_attr(not(feature = "std"), allow(dead_code))]
struct Blinding {
    re: Nat,
    r_inv: Nat,
    uses: u32,
}

#[cfg_attr(not(feature = "std"), allow(dead_code))]
impl Blinding {
    /// The next pair of the chain: both values squared.
    fn square(&self, n: &Modulus) -> Result<Blinding, Error> {
        Ok(Blinding {
            re: n.sqr(&self.re)?,
            r_inv: n.sqr(&self.r_inv)?,
            uses: self.uses + 1,
        })
    }
}

/// The key's blinding cache: behind a `std::sync::Mutex` (the key is used
/// through `&self`, possibly from several threads), held only to take a
/// pair and store its square. A clone of the key starts empty, so two
/// keys never share a chain. Without `std` there is no cache.
#[derive(Default)]
struct BlindingCache(#[cfg(feature = "std")] std::sync::Mutex<Option<Blinding>>);

impl Clone for BlindingCache {
    fn clone(&self) -> Self {
        BlindingCache::default()
    }
}

impl RsaPublicKey {
    /// The key with modulus `n` and exponent `e` (big-endian, leading
    /// zeros allowed), checked: `n` odd, 512 to 16384 bits; `e` odd,
    /// `1 < e < n`.
    pub fn from_components(n: &[u8], e: &[u8]) -> Result<Self, Error> {
        Self::build(n, e, None)
    }

    fn build(n: &[u8], e: &[u8], imp: Option<Checked>) -> Result<Self, Error> {
        let n = strip(n);
        let e = strip(e);
        let bits = match n.first() {
            Some(&top) => 8 * n.len() - top.leading_zeros() as usize,
            None => 0,
        };
        if !(MIN_BITS..=MAX_BITS).contains(&bits) {
            return Err(bad_key("RSA modulus size (512 to 16384 bits)"));
        }
        if n[n.len() - 1] & 1 == 0 {
            return Err(bad_key("RSA modulus is even"));
        }
        // e odd and > 1 (so at least 3), e < n.
        if e.is_empty() || e[e.len() - 1] & 1 == 0 || e == [1] {
            return Err(bad_key(
                "RSA public exponent must be odd and greater than 1",
            ));
        }
        if e.len() > n.len() || (e.len() == n.len() && e >= n) {
            return Err(bad_key("RSA public exponent not below the modulus"));
        }
        let nat = Nat::from_be_bytes(n);
        let modulus = match imp {
            Some(imp) => Modulus::with_impl(&nat, imp),
            None => Modulus::new(&nat),
        }
        .map_err(|_| bad_key("RSA modulus"))?;
        Ok(RsaPublicKey {
            n: modulus,
            n_bytes: n.to_vec(),
            e: e.to_vec(),
            bits,
        })
    }

    /// The same key on another Montgomery kernel (tests and benchmarks run
    /// every kernel through this).
    pub fn with_backend(&self, imp: Checked) -> Result<Self, Error> {
        Self::build(&self.n_bytes, &self.e, Some(imp))
    }

    /// The modulus length in bytes, `k`: every signature and ciphertext is
    /// this long.
    pub fn size(&self) -> usize {
        self.n_bytes.len()
    }

    /// The modulus length in bits.
    pub fn bits(&self) -> usize {
        self.bits
    }

    /// The modulus, big-endian, without leading zeros.
    pub fn n(&self) -> &[u8] {
        &self.n_bytes
    }

    /// The public exponent, big-endian, without leading zeros.
    pub fn e(&self) -> &[u8] {
        &self.e
    }

    /// The Montgomery kernel this key uses.
    pub fn backend(&self) -> crate::bignum::mont::Impl {
        self.n.backend()
    }

    /// RSAEP / RSAVP1: `x^e mod n` for `x` of exactly `k` bytes, `x < n`,
    /// as `k` bytes. Variable time in `e` (public), constant time in `x`.
    pub(crate) fn public_op(&self, x: &[u8]) -> Result<Vec<u8>, Error> {
        let x = self.input(x)?;
        let y = self.n.pow_vartime(&x, &self.e)?;
        let mut out = vec![0u8; self.size()];
        y.write_be_bytes(&mut out)?;
        Ok(out)
    }

    /// `x` (exactly `k` bytes) as a residue below `n`, or an error.
    fn input(&self, x: &[u8]) -> Result<Nat, Error> {
        if x.len() != self.size() {
            return Err(Error::InvalidLength {
                what: "RSA input (must be the modulus length)",
                got: x.len(),
            });
        }
        let v = Nat::from_be_bytes_width(x, self.n.limbs())?;
        // The range verdict is public: an input not below n is an error
        // (an encoded message or a padded plaintext always passes).
        if !crate::ct::declassify(bool::from(v.ct_lt(self.n.n()))) {
            return Err(Error::InvalidParameter {
                what: "RSA input not below the modulus",
            });
        }
        Ok(v)
    }

    /// Loads a PKCS#1 `RSAPublicKey` (DER).
    pub fn from_pkcs1_der(der: &[u8]) -> Result<Self, Error> {
        let k = pkcs1::RsaPublicKey::from_der(der).map_err(der_err("PKCS#1 RSAPublicKey DER"))?;
        Self::from_components(k.modulus.as_bytes(), k.public_exponent.as_bytes())
    }

    /// Loads a SubjectPublicKeyInfo (DER) whose algorithm is
    /// `rsaEncryption` (parameters `NULL`) or `id-RSASSA-PSS`.
    pub fn from_spki_der(der: &[u8]) -> Result<Self, Error> {
        let spki = spki::SubjectPublicKeyInfoRef::from_der(der)
            .map_err(der_err("SubjectPublicKeyInfo DER"))?;
        match spki.algorithm.oid {
            RSA_ENCRYPTION => {
                if spki.algorithm.parameters != Some(AnyRef::NULL) {
                    return Err(bad_key("rsaEncryption parameters must be NULL"));
                }
            }
            RSASSA_PSS => {}
            _ => return Err(bad_key("SubjectPublicKeyInfo is not an RSA key")),
        }
        let bits = spki
            .subject_public_key
            .as_bytes()
            .ok_or(bad_key("SubjectPublicKeyInfo bit string"))?;
        Self::from_pkcs1_der(bits)
    }

    /// Loads a DER public key: SubjectPublicKeyInfo, else PKCS#1.
    pub fn from_der(der: &[u8]) -> Result<Self, Error> {
        Self::from_spki_der(der).or_else(|_| Self::from_pkcs1_der(der))
    }

    /// Loads a PEM public key: `PUBLIC KEY` (SubjectPublicKeyInfo) or
    /// `RSA PUBLIC KEY` (PKCS#1).
    pub fn from_pem(pem: &str) -> Result<Self, Error> {
        let (label, der) = der::pem::decode_vec(pem.as_bytes()).map_err(|_| bad_key("PEM"))?;
        match label {
            "PUBLIC KEY" => Self::from_spki_der(&der),
            "RSA PUBLIC KEY" => Self::from_pkcs1_der(&der),
            _ => Err(bad_key("PEM label (want PUBLIC KEY or RSA PUBLIC KEY)")),
        }
    }

    /// The PKCS#1 `RSAPublicKey` DER.
    pub fn to_pkcs1_der(&self) -> Result<Vec<u8>, Error> {
        let k = pkcs1::RsaPublicKey {
            modulus: UintRef::new(&self.n_bytes).map_err(der_err("encode n"))?,
            public_exponent: UintRef::new(&self.e).map_err(der_err("encode e"))?,
        };
        k.to_der().map_err(der_err("encode RSAPublicKey"))
    }

    /// The SubjectPublicKeyInfo DER (`rsaEncryption`, `NULL` parameters).
    pub fn to_spki_der(&self) -> Result<Vec<u8>, Error> {
        let inner = self.to_pkcs1_der()?;
        let spki = spki::SubjectPublicKeyInfoRef {
            algorithm: pkcs1::ALGORITHM_ID,
            subject_public_key: BitStringRef::from_bytes(&inner)
                .map_err(der_err("encode bit string"))?,
        };
        spki.to_der()
            .map_err(der_err("encode SubjectPublicKeyInfo"))
    }

    /// The SubjectPublicKeyInfo PEM (`-----BEGIN PUBLIC KEY-----`), what
    /// `openssl pkey -pubout` writes.
    pub fn to_spki_pem(&self) -> Result<String, Error> {
        let der = self.to_spki_der()?;
        der::pem::encode_string("PUBLIC KEY", LineEnding::LF, &der)
            .map_err(|_| bad_key("encode PEM"))
    }

    /// The PKCS#1 PEM (`-----BEGIN RSA PUBLIC KEY-----`).
    pub fn to_pkcs1_pem(&self) -> Result<String, Error> {
        let der = self.to_pkcs1_der()?;
        der::pem::encode_string("RSA PUBLIC KEY", LineEnding::LF, &der)
            .map_err(|_| bad_key("encode PEM"))
    }
}

/// The CRT components of a private key, big-endian (leading zeros
/// allowed).
#[derive(Clone, Copy, Debug)]
pub struct CrtComponents<'a> {
    /// The modulus.
    pub n: &'a [u8],
    /// The public exponent.
    pub e: &'a [u8],
    /// The private exponent.
    pub d: &'a [u8],
    /// The first prime.
    pub p: &'a [u8],
    /// The second prime.
    pub q: &'a [u8],
    /// `d mod (p-1)`.
    pub dp: &'a [u8],
    /// `d mod (q-1)`.
    pub dq: &'a [u8],
    /// `q^(-1) mod p`.
    pub qinv: &'a [u8],
}

impl RsaPrivateKey {
    /// The key from its CRT components, after checking them all (see
    /// [`RsaPrivateKey::validate`]).
    pub fn from_crt_components(c: &CrtComponents<'_>) -> Result<Self, Error> {
        Self::build(c, None)
    }

    fn build(c: &CrtComponents<'_>, imp: Option<Checked>) -> Result<Self, Error> {
        let public = RsaPublicKey::build(c.n, c.e, imp)?;
        let (p_b, q_b) = (strip(c.p), strip(c.q));
        if p_b.is_empty() || q_b.is_empty() {
            return Err(bad_key("RSA prime is zero"));
        }
        let (pn, qn) = (Nat::from_be_bytes(p_b), Nat::from_be_bytes(q_b));
        let new_mod = |x: &Nat| match imp {
            Some(imp) => Modulus::with_impl(x, imp),
            None => Modulus::new(x),
        };
        let p = new_mod(&pn).map_err(|_| bad_key("RSA prime p is even"))?;
        let q = new_mod(&qn).map_err(|_| bad_key("RSA prime q is even"))?;
        // dP and dQ at the primes' byte lengths; qInv at p's width.
        let fit = |x: &[u8], len: usize| -> Result<Zeroizing<Vec<u8>>, Error> {
            let x = strip(x);
            if x.len() > len {
                return Err(bad_key("RSA CRT exponent longer than its prime"));
            }
            let mut out = Zeroizing::new(vec![0u8; len]);
            out[len - x.len()..].copy_from_slice(x);
            Ok(out)
        };
        let dp = fit(c.dp, p_b.len())?;
        let dq = fit(c.dq, q_b.len())?;
        let qinv = Nat::from_be_bytes_width(strip(c.qinv), p.limbs())
            .map_err(|_| bad_key("RSA CRT coefficient wider than p"))?;
        if !bool::from(qinv.ct_lt(p.n())) {
            return Err(bad_key("qInv not below p"));
        }
        let qinv_mont = p.to_mont(&qinv)?;
        let key = RsaPrivateKey {
            qinv_mont,
            blinding: BlindingCache::default(),
            d: Nat::from_be_bytes(strip(c.d)),
            public,
            p,
            q,
            dp,
            dq,
            qinv,
        };
        key.validate()?;
        Ok(key)
    }

    /// The same key on another Montgomery kernel.
    pub fn with_backend(&self, imp: Checked) -> Result<Self, Error> {
        let (n, e, d, p, q, dp, dq, qinv) = self.component_bytes();
        Self::build(
            &CrtComponents {
                n: &n,
                e: &e,
                d: &d,
                p: &p,
                q: &q,
                dp: &dp,
                dq: &dq,
                qinv: &qinv,
            },
            Some(imp),
        )
    }

    #[allow(clippy::type_complexity)]
    fn component_bytes(
        &self,
    ) -> (
        Vec<u8>,
        Vec<u8>,
        Zeroizing<Vec<u8>>,
        Zeroizing<Vec<u8>>,
        Zeroizing<Vec<u8>>,
        Zeroizing<Vec<u8>>,
        Zeroizing<Vec<u8>>,
        Zeroizing<Vec<u8>>,
    ) {
        let z = |n: &Nat| Zeroizing::new(n.to_be_bytes());
        (
            self.public.n_bytes.clone(),
            self.public.e.clone(),
            z(&self.d),
            z(self.p.n()),
            z(self.q.n()),
            self.dp.clone(),
            self.dq.clone(),
            z(&self.qinv),
        )
    }

    /// Checks the key's consistency, in constant time (only which check
    /// failed is revealed): `n = p*q`, `p != q`, `dP = d mod (p-1)`,
    /// `dQ = d mod (q-1)`, `e*dP = 1 mod (p-1)`, `e*dQ = 1 mod (q-1)`,
    /// `qInv < p` and `qInv*q = 1 mod p`. (The public part was checked when
    /// it was built: `n` odd, 512 to 16384 bits, `e` odd, `1 < e < n`.) The
    /// primes are not tested for primality here; a key with a composite
    /// "prime" that passes these checks still computes correct results for
    /// the `n` it has, and [`RsaPrivateKey::generate`] makes only tested
    /// primes.
    pub fn validate(&self) -> Result<(), Error> {
        let (p, q) = (self.p.n(), self.q.n());
        let n = self.public.n.n();
        if !bool::from(p.mul(q).ct_eq(n)) {
            return Err(bad_key("n != p*q"));
        }
        if bool::from(p.ct_eq(q)) {
            return Err(bad_key("p == q"));
        }
        let e = Nat::from_be_bytes(&self.public.e);
        for (prime, dx, what, what_e) in [
            (p, &self.dp, "dP != d mod (p-1)", "e*dP != 1 mod (p-1)"),
            (q, &self.dq, "dQ != d mod (q-1)", "e*dQ != 1 mod (q-1)"),
        ] {
            // prime is odd and > 1 (n = p*q with n >= 2^511 and both odd),
            // so prime - 1 is not zero... unless prime = 1: then n = q and
            // the other prime is n itself; reject that as a bad factor.
            let pm1 = prime.sub(&one(prime.limbs())).0;
            if bool::from(pm1.is_zero()) {
                return Err(bad_key("RSA prime is 1"));
            }
            let dx = Nat::from_be_bytes(dx);
            let want = self.d.rem(&pm1)?;
            if !bool::from(want.ct_eq(&dx)) {
                return Err(bad_key(what));
            }
            let ed = e.mul(&dx).rem(&pm1)?;
            if !bool::from(ed.ct_eq(&one(1))) {
                return Err(bad_key(what_e));
            }
        }
        if !bool::from(self.qinv.ct_lt(p)) {
            return Err(bad_key("qInv not below p"));
        }
        let qmodp = self.p.reduce(q);
        let t = self.p.mul_mod(&self.qinv, &qmodp)?;
        if !bool::from(t.ct_eq(&one(1))) {
            return Err(bad_key("qInv*q != 1 mod p"));
        }
        Ok(())
    }

    /// Marks every secret component secret for the constant-time checker
    /// (`d`, the primes with their Montgomery constants, `dP`, `dQ`,
    /// `qInv`); `n`, `e` and every length stay public.
    #[cfg(peregrine_ctgrind)]
    #[doc(hidden)]
    pub fn ctgrind_secret(&mut self) {
        self.p.ctgrind_secret();
        self.q.ctgrind_secret();
        for x in [&mut self.d, &mut self.qinv, &mut self.qinv_mont] {
            crate::ct::secret(&mut x.limbs[..]);
        }
        crate::ct::secret(&mut self.dp[..]);
        crate::ct::secret(&mut self.dq[..]);
    }

    /// The public half.
    pub fn public_key(&self) -> &RsaPublicKey {
        &self.public
    }

    /// RSADP / RSASP1 on `x` (exactly `k` bytes, `x < n`): `x^d mod n` as
    /// `k` bytes.
    ///
    /// - Blinding: a fresh random `r` in `[1, n)` per call; the CRT
    ///   exponentiations see `x * r^e mod n` only, and the result is
    ///   multiplied by `r^(-1)`.
    /// - CRT (Garner): `m1 = x^dP mod p`, `m2 = x^dQ mod q`,
    ///   `h = qInv*(m1 - m2) mod p`, `m = m2 + h*q`, each exponentiation
    ///   [`Modulus::pow`] (constant time, fixed window, masked table scan).
    /// - Check: `m^e mod n` must equal `x` (constant-time comparison), or
    ///   the result is withheld and the error is
    ///   [`Error::FaultDetected`].
    ///
    /// The caller zeroizes the result when it is secret (decryption).
    pub(crate) fn private_op(&self, x: &[u8]) -> Result<Vec<u8>, Error> {
        let pubk = &self.public;
        let n = &pubk.n;
        let c = pubk.input(x)?;

        // Blinded input c * r^e (one Montgomery product: the pair is kept
        // in Montgomery form).
        let blind = self.blinding()?;
        let cb = n.mul(&c, &blind.re)?;

        // The two halves in one pass where the kernel interleaves them.
        let (m1, m2) = self.p.pow_pair(
            &self.p.reduce(&cb),
            &self.dp,
            &self.q,
            &self.q.reduce(&cb),
            &self.dq,
        )?;
        let diff = self.p.sub(&m1, &self.p.reduce(&m2))?;
        let h = self.p.mul(&diff, &self.qinv_mont)?;
        let (mb, _carry) = self.q.n().mul(&h).add(&m2);
        let mb = mb.resize(n.limbs()).map_err(|_| Error::FaultDetected)?;
        // Unblind: m = mb * r^(-1), again one Montgomery product.
        let m = n.mul(&mb, &blind.r_inv).map_err(|_| Error::FaultDetected)?;
        drop(blind);

        // Fault check before release.
        let back = n.pow_vartime(&m, &pubk.e)?;
        // The fault-check verdict is public: a correct computation always
        // passes, and a failure is reported as an error.
        if !crate::ct::declassify(bool::from(back.ct_eq(&c))) {
            return Err(Error::FaultDetected);
        }
        let mut out = vec![0u8; pubk.size()];
        m.write_be_bytes(&mut out)?;
        Ok(out)
    }

    /// The blinding pair for one private-key operation. With the `std`
    /// feature, from the key's cache: the cached pair is handed out and
    /// replaced by its square, and every [`BLINDING_USES`] operations (or
    /// when the cache is empty, poisoned or raced) a fresh pair is made by
    /// [`RsaPrivateKey::fresh_blinding`] outside the lock. Without `std`,
    /// a fresh pair every time.
    fn blinding(&self) -> Result<Blinding, Error> {
        #[cfg(feature = "std")]
        {
            let n = &self.public.n;
            if let Ok(mut slot) = self.blinding.0.lock()
                && let Some(b) = slot.as_mut()
                && b.uses < BLINDING_USES
            {
                let next = b.square(n)?;
                return Ok(core::mem::replace(b, next));
            }
            let fresh = self.fresh_blinding()?;
            let next = fresh.square(n)?;
            if let Ok(mut slot) = self.blinding.0.lock() {
                *slot = Some(next);
            }
            Ok(fresh)
        }
        #[cfg(not(feature = "std"))]
        self.fresh_blinding()
    }

    /// A fresh blinding pair: a random `r` in `[1, n)` (by rejection: a
    /// rejected candidate is discarded, so the retries reveal nothing about
    /// the `r` that is used), `r^e` and `r^(-1)`, both in Montgomery form.
    fn fresh_blinding(&self) -> Result<Blinding, Error> {
        let n = &self.public.n;
        let (r, r_inv) = self.blinding_pair()?;
        let re = n.pow_vartime(&r, &self.public.e)?;
        Ok(Blinding {
            re: n.to_mont(&re)?,
            r_inv: n.to_mont(&r_inv)?,
            uses: 0,
        })
    }

    /// A random `r` in `[1, n)` and `r^(-1) mod n`, by the blinded
    /// variable-time inverse: with `u` also random in `[1, n)`,
    /// `r^(-1) = u * (r u)^(-1)`, and
    /// [`crate::bignum::mod_inverse_vartime`] sees `n` (public) and `r u`
    /// only, which is uniformly random and independent of `r`. About a
    /// tenth of the cost of the constant-time inverse modulo each prime.
    fn blinding_pair(&self) -> Result<(Nat, Nat), Error> {
        let n = &self.public.n;
        for _ in 0..64 {
            let r = self.random_residue()?;
            let u = self.random_residue()?;
            let mut ru = n.mul_mod(&r, &u)?;
            // Public: r u mod n with u uniform in [1, n) is uniform and
            // independent of r, so the variable-time inverse below may
            // leak it (the base blinding that makes that inverse safe).
            crate::ct::declassify_slice(&mut ru.limbs);
            // Not invertible only when r or u shares a factor with n.
            if let Ok(inv) = crate::bignum::mod_inverse_vartime(&ru, n.n()) {
                let r_inv = n.mul_mod(&inv, &u)?;
                return Ok((r, r_inv));
            }
        }
        Err(Error::RandomnessUnavailable)
    }

    /// A uniformly random value in `[1, n)`, by rejection (a rejected
    /// candidate is discarded, so the retries reveal nothing about the
    /// value returned).
    fn random_residue(&self) -> Result<Nat, Error> {
        let n = &self.public.n;
        let k = self.public.size();
        let top_bits = self.public.bits % 8;
        let mut buf = Zeroizing::new(vec![0u8; k]);
        for _ in 0..64 {
            super::random(&mut buf)?;
            if top_bits != 0 {
                buf[0] &= (1u8 << top_bits) - 1;
            }
            let r = Nat::from_be_bytes(&buf);
            // The rejection verdict is public: a rejected candidate is
            // discarded, so it says nothing about the value returned.
            let ok = bool::from(r.ct_lt(n.n())) & !bool::from(r.is_zero());
            if crate::ct::declassify(ok) {
                return Ok(r);
            }
        }
        Err(Error::RandomnessUnavailable)
    }

    /// Loads a PKCS#1 `RSAPrivateKey` (DER), two primes only, validated.
    pub fn from_pkcs1_der(der: &[u8]) -> Result<Self, Error> {
        let k = pkcs1::RsaPrivateKey::from_der(der).map_err(der_err("PKCS#1 RSAPrivateKey DER"))?;
        if k.other_prime_infos.is_some() {
            return Err(bad_key("multi-prime RSA keys are not supported"));
        }
        Self::from_crt_components(&CrtComponents {
            n: k.modulus.as_bytes(),
            e: k.public_exponent.as_bytes(),
            d: k.private_exponent.as_bytes(),
            p: k.prime1.as_bytes(),
            q: k.prime2.as_bytes(),
            dp: k.exponent1.as_bytes(),
            dq: k.exponent2.as_bytes(),
            qinv: k.coefficient.as_bytes(),
        })
    }

    /// Loads a PKCS#8 `PrivateKeyInfo` (DER, unencrypted) holding an RSA
    /// key (`rsaEncryption` with `NULL` parameters, or `id-RSASSA-PSS`).
    pub fn from_pkcs8_der(der: &[u8]) -> Result<Self, Error> {
        let info =
            pkcs8::PrivateKeyInfo::from_der(der).map_err(der_err("PKCS#8 PrivateKeyInfo DER"))?;
        match info.algorithm.oid {
            RSA_ENCRYPTION => {
                if info.algorithm.parameters != Some(AnyRef::NULL) {
                    return Err(bad_key("rsaEncryption parameters must be NULL"));
                }
            }
            RSASSA_PSS => {}
            _ => return Err(bad_key("PKCS#8 key is not an RSA key")),
        }
        Self::from_pkcs1_der(info.private_key)
    }

    /// Loads a DER private key: PKCS#8, else PKCS#1.
    pub fn from_der(der: &[u8]) -> Result<Self, Error> {
        Self::from_pkcs8_der(der).or_else(|_| Self::from_pkcs1_der(der))
    }

    /// Loads a PEM private key: `PRIVATE KEY` (PKCS#8) or `RSA PRIVATE KEY`
    /// (PKCS#1). Encrypted PEM is not supported.
    pub fn from_pem(pem: &str) -> Result<Self, Error> {
        let (label, der) = der::pem::decode_vec(pem.as_bytes()).map_err(|_| bad_key("PEM"))?;
        let der = Zeroizing::new(der);
        match label {
            "PRIVATE KEY" => Self::from_pkcs8_der(&der),
            "RSA PRIVATE KEY" => Self::from_pkcs1_der(&der),
            _ => Err(bad_key("PEM label (want PRIVATE KEY or RSA PRIVATE KEY)")),
        }
    }

    /// Loads a PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`).
    pub fn from_pkcs8_pem(pem: &str) -> Result<Self, Error> {
        let (label, der) = der::pem::decode_vec(pem.as_bytes()).map_err(|_| bad_key("PEM"))?;
        let der = Zeroizing::new(der);
        if label != "PRIVATE KEY" {
            return Err(bad_key("PEM label (want PRIVATE KEY)"));
        }
        Self::from_pkcs8_der(&der)
    }

    /// Loads a PKCS#1 PEM (`-----BEGIN RSA PRIVATE KEY-----`).
    pub fn from_pkcs1_pem(pem: &str) -> Result<Self, Error> {
        let (label, der) = der::pem::decode_vec(pem.as_bytes()).map_err(|_| bad_key("PEM"))?;
        let der = Zeroizing::new(der);
        if label != "RSA PRIVATE KEY" {
            return Err(bad_key("PEM label (want RSA PRIVATE KEY)"));
        }
        Self::from_pkcs1_der(&der)
    }

    /// The PKCS#1 `RSAPrivateKey` DER (zeroized on drop).
    pub fn to_pkcs1_der(&self) -> Result<Zeroizing<Vec<u8>>, Error> {
        let (n, e, d, p, q, dp, dq, qinv) = self.component_bytes();
        // UintRef strips leading zeros (a loop whose length depends on the
        // number of leading zero bytes of a secret value: a few bits,
        // revealed only when exporting).
        fn u(b: &[u8]) -> Result<UintRef<'_>, Error> {
            UintRef::new(b).map_err(der_err("encode integer"))
        }
        let k = pkcs1::RsaPrivateKey {
            modulus: u(&n)?,
            public_exponent: u(&e)?,
            private_exponent: u(&d)?,
            prime1: u(&p)?,
            prime2: u(&q)?,
            exponent1: u(&dp)?,
            exponent2: u(&dq)?,
            coefficient: u(&qinv)?,
            other_prime_infos: None,
        };
        let mut out = Zeroizing::new(Vec::new());
        k.encode_to_vec(&mut out)
            .map_err(der_err("encode RSAPrivateKey"))?;
        Ok(out)
    }

    /// The PKCS#8 `PrivateKeyInfo` DER (`rsaEncryption`, zeroized on drop).
    pub fn to_pkcs8_der(&self) -> Result<Zeroizing<Vec<u8>>, Error> {
        let inner = self.to_pkcs1_der()?;
        let info = pkcs8::PrivateKeyInfo::new(pkcs1::ALGORITHM_ID, &inner);
        let mut out = Zeroizing::new(Vec::new());
        info.encode_to_vec(&mut out)
            .map_err(der_err("encode PrivateKeyInfo"))?;
        Ok(out)
    }

    /// The PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`), what `openssl
    /// genpkey` writes.
    pub fn to_pkcs8_pem(&self) -> Result<Zeroizing<String>, Error> {
        let der = self.to_pkcs8_der()?;
        der::pem::encode_string("PRIVATE KEY", LineEnding::LF, &der)
            .map(Zeroizing::new)
            .map_err(|_| bad_key("encode PEM"))
    }

    /// The PKCS#1 PEM (`-----BEGIN RSA PRIVATE KEY-----`).
    pub fn to_pkcs1_pem(&self) -> Result<Zeroizing<String>, Error> {
        let der = self.to_pkcs1_der()?;
        der::pem::encode_string("RSA PRIVATE KEY", LineEnding::LF, &der)
            .map(Zeroizing::new)
            .map_err(|_| bad_key("encode PEM"))
    }
}

impl Drop for RsaPrivateKey {
    fn drop(&mut self) {
        // d, qinv and the primes are Nats (wiped by their own Drop); dp and
        // dq are Zeroizing. Nothing else holds a secret.
        self.dp.zeroize();
        self.dq.zeroize();
    }
}

impl ConstantTimeEq for RsaPrivateKey {
    fn ct_eq(&self, other: &Self) -> subtle::Choice {
        let same_pub = subtle::Choice::from((self.public == other.public) as u8);
        same_pub & self.d.ct_eq(&other.d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PEM: &str = include_str!("../../tests/vectors/rsa/doc-2048.pem");

    #[test]
    fn private_roundtrip_and_export() {
        let key = RsaPrivateKey::from_pem(PEM).unwrap();
        let pubk = key.public_key();
        assert_eq!(pubk.bits(), 2048);
        let mut x = vec![0x42u8; pubk.size()];
        x[0] = 0x17;
        let y = pubk.public_op(&x).unwrap();
        assert_eq!(key.private_op(&y).unwrap(), x);
        // Export and reload, both formats.
        let again = RsaPrivateKey::from_pkcs8_pem(&key.to_pkcs8_pem().unwrap()).unwrap();
        assert!(bool::from(again.ct_eq(&key)));
        let again = RsaPrivateKey::from_pkcs1_der(&key.to_pkcs1_der().unwrap()).unwrap();
        assert!(bool::from(again.ct_eq(&key)));
        assert_eq!(PEM.trim(), key.to_pkcs8_pem().unwrap().trim());
        let p2 = RsaPublicKey::from_pem(&pubk.to_spki_pem().unwrap()).unwrap();
        assert_eq!(&p2, pubk);
        let p3 = RsaPublicKey::from_pem(&pubk.to_pkcs1_pem().unwrap()).unwrap();
        assert_eq!(&p3, pubk);
    }

    #[test]
    fn blinding_cache_rolls_over() {
        let key = RsaPrivateKey::from_pem(PEM).unwrap();
        let pubk = key.public_key();
        let mut x = vec![0x42u8; pubk.size()];
        x[0] = 0x17;
        let y = pubk.public_op(&x).unwrap();
        // Past several refreshes of the cached pair, and on a clone (which
        // starts with an empty cache).
        for _ in 0..2 * BLINDING_USES + 3 {
            assert_eq!(key.private_op(&y).unwrap(), x);
        }
        assert_eq!(key.clone().private_op(&y).unwrap(), x);
        let n = &pubk.n;
        let b = key.fresh_blinding().unwrap();
        // r^e * r^(-1)^e = 1, before and after squaring.
        for b in [b.square(n).unwrap(), b] {
            let re = n.from_mont(&b.re).unwrap();
            let ri = n.from_mont(&b.r_inv).unwrap();
            let rie = n.pow_vartime(&ri, pubk.e()).unwrap();
            assert!(bool::from(n.mul_mod(&re, &rie).unwrap().ct_eq(&one(1))));
        }
    }

    #[test]
    fn blinding_cache_shared_by_threads() {
        let key = RsaPrivateKey::from_pem(PEM).unwrap();
        let pubk = key.public_key();
        std::thread::scope(|s| {
            for t in 0..4u8 {
                let key = &key;
                s.spawn(move || {
                    for i in 0..20u8 {
                        let mut x = vec![t ^ i; pubk.size()];
                        x[0] = 0x17;
                        let y = pubk.public_op(&x).unwrap();
                        assert_eq!(key.private_op(&y).unwrap(), x);
                    }
                });
            }
        });
    }

    #[test]
    fn inputs_checked() {
        let key = RsaPrivateKey::from_pem(PEM).unwrap();
        let pubk = key.public_key();
        assert!(pubk.public_op(&[1; 255]).is_err());
        assert!(pubk.public_op(pubk.n()).is_err());
        assert!(key.private_op(&[0xff; 256]).is_err());
    }

    #[test]
    fn inconsistent_keys_rejected() {
        let key = RsaPrivateKey::from_pem(PEM).unwrap();
        let (n, e, d, p, q, dp, dq, qinv) = key.component_bytes();
        let good = CrtComponents {
            n: &n,
            e: &e,
            d: &d,
            p: &p,
            q: &q,
            dp: &dp,
            dq: &dq,
            qinv: &qinv,
        };
        RsaPrivateKey::from_crt_components(&good).unwrap();
        let bump = |x: &[u8]| {
            let mut v = x.to_vec();
            let last = v.len() - 1;
            v[last] ^= 2;
            v
        };
        let (bn, bd, bp, bdp, bdq, bqi) = (
            bump(&n),
            bump(&d),
            bump(&p),
            bump(&dp),
            bump(&dq),
            bump(&qinv),
        );
        for c in [
            CrtComponents { n: &bn, ..good },
            CrtComponents { d: &bd, ..good },
            CrtComponents { p: &bp, ..good },
            CrtComponents { dp: &bdp, ..good },
            CrtComponents { dq: &bdq, ..good },
            CrtComponents { qinv: &bqi, ..good },
            CrtComponents { e: &[1], ..good },
            CrtComponents {
                e: &[1, 0, 0],
                ..good
            },
            CrtComponents { q: &p, ..good },
        ] {
            assert!(RsaPrivateKey::from_crt_components(&c).is_err());
        }
        // Truncated DER never panics.
        let der = key.to_pkcs8_der().unwrap();
        for len in 0..der.len() {
            assert!(RsaPrivateKey::from_der(&der[..len]).is_err());
        }
    }
}
