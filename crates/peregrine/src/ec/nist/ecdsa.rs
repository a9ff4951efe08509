//! ECDSA (FIPS 186-5 §6, SEC 1 §4.1) and ECDH (SEC 1 §3.3.1) over the
//! generic curve code, and `curve_api!`, which makes each curve's public
//! module (`p256`, `p384`, `p521`).

use alloc::vec::Vec;

use super::field::Elem;
use super::point::{self, Affine};
use super::{Curve, Fe, Scalar};
use crate::Error;
use crate::hash::Hash;
use crate::mac::hmac::Hmac;

/// `bits2int(h) mod n` (RFC 6979 §2.3.2, FIPS 186-5 §6.4.1 step 4): the
/// leftmost `ORDER_BITS` bits of `h`, reduced (the value is below `2n`).
pub(crate) fn digest_scalar<C: Curve>(h: &[u8]) -> Scalar<C> {
    Scalar::<C>::from_canonical_below_2p(&bits2int::<C>(h))
}

/// The leftmost `ORDER_BITS` bits of `h` as an integer (not reduced).
fn bits2int<C: Curve>(h: &[u8]) -> <Scalar<C> as Elem>::Limbs {
    let nbytes = C::ORDER_BITS.div_ceil(8);
    let take = h.len().min(nbytes);
    let mut x = Scalar::<C>::zero_limbs();
    {
        let l = x.as_mut();
        for (i, &b) in h[..take].iter().rev().enumerate() {
            l[i / 8] |= (b as u64) << (8 * (i % 8));
        }
    }
    let excess = 8 * take as isize - C::ORDER_BITS as isize;
    if excess > 0 {
        // a right shift by `excess` (< 8) bits
        let s = excess as u32;
        let l = x.as_mut();
        for i in 0..l.len() {
            let hi = if i + 1 < l.len() {
                l[i + 1] << (64 - s)
            } else {
                0
            };
            l[i] = (l[i] >> s) | hi;
        }
    }
    x
}

/// Whether canonical limbs are in `[1, n - 1]` (constant time; a mask).
fn in_range<C: Curve>(x: &<Scalar<C> as Elem>::Limbs) -> u64 {
    let n = Scalar::<C>::modulus();
    let mut borrow = 0u64;
    let mut nonzero = 0u64;
    for (a, b) in x.as_ref().iter().zip(n.as_ref()) {
        let t = (*a as u128).wrapping_sub(*b as u128 + borrow as u128);
        borrow = ((t >> 64) as u64) & 1;
        nonzero |= a;
    }
    let nz = (nonzero | nonzero.wrapping_neg()) >> 63;
    crate::ec::curve25519::field::mask_of(borrow & nz)
}

/// A scalar in `[1, n - 1]` from exactly `FIELD_BYTES` big-endian bytes.
pub(crate) fn scalar_from_bytes<C: Curve>(b: &[u8]) -> Option<Scalar<C>> {
    if b.len() != C::FIELD_BYTES {
        return None;
    }
    let mut x = Scalar::<C>::zero_limbs();
    for (i, &v) in b.iter().rev().enumerate() {
        if i / 8 >= x.as_ref().len() {
            return None;
        }
        x.as_mut()[i / 8] |= (v as u64) << (8 * (i % 8));
    }
    let ok = crate::ct::declassify(in_range::<C>(&x));
    if ok == 0 {
        None
    } else {
        Some(Scalar::<C>::from_canonical(&x))
    }
}

/// RFC 6979 §3.2's HMAC-DRBG, seeded with the key, the digest and
/// optional additional data (§3.6).
struct Drbg<H: Hash> {
    k: H::Output,
    v: H::Output,
}

impl<H: Hash> Drbg<H> {
    fn new(x: &[u8], h1: &[u8], extra: &[u8]) -> Self {
        let mut k = H::new().finalize();
        let mut v = k;
        k.as_mut().fill(0);
        v.as_mut().fill(1);
        for tag in [0u8, 1] {
            let mut m = Hmac::<H>::new(k.as_ref());
            m.update(v.as_ref());
            m.update(&[tag]);
            m.update(x);
            m.update(h1);
            m.update(extra);
            k = m.finalize();
            v = crate::mac::hmac::hmac::<H>(k.as_ref(), v.as_ref());
        }
        Drbg { k, v }
    }

    fn fill(&mut self, out: &mut [u8]) {
        for chunk in out.chunks_mut(H::OUTPUT_LEN) {
            self.v = crate::mac::hmac::hmac::<H>(self.k.as_ref(), self.v.as_ref());
            chunk.copy_from_slice(&self.v.as_ref()[..chunk.len()]);
        }
    }

    fn reseed(&mut self) {
        let mut m = Hmac::<H>::new(self.k.as_ref());
        m.update(self.v.as_ref());
        m.update(&[0]);
        self.k = m.finalize();
        self.v = crate::mac::hmac::hmac::<H>(self.k.as_ref(), self.v.as_ref());
    }
}

impl<H: Hash> Drop for Drbg<H> {
    fn drop(&mut self) {
        zeroize::Zeroize::zeroize(self.k.as_mut());
        zeroize::Zeroize::zeroize(self.v.as_mut());
    }
}

/// The canonical big-endian bytes of a scalar (`FIELD_BYTES` of them).
pub(crate) fn scalar_bytes<C: Curve>(s: &Scalar<C>) -> Vec<u8> {
    let mut out = alloc::vec![0u8; C::FIELD_BYTES];
    s.write_be_bytes(&mut out);
    out
}

/// An ECDSA signature `(r, s)` with the digest `h` (any length) under the
/// private scalar `d`; the nonce is RFC 6979's for the hash `H`, with
/// `extra` as additional data (empty: deterministic).
pub(crate) fn sign<C: Curve, H: Hash>(
    d: &Scalar<C>,
    h: &[u8],
    extra: &[u8],
) -> (Scalar<C>, Scalar<C>) {
    let mut x = zeroize::Zeroizing::new(scalar_bytes::<C>(d));
    let e = digest_scalar::<C>(h);
    let h1 = scalar_bytes::<C>(&e);
    let mut drbg = Drbg::<H>::new(&x, &h1, extra);
    zeroize::Zeroize::zeroize(&mut *x);
    let nbytes = C::ORDER_BITS.div_ceil(8);
    let mut t = zeroize::Zeroizing::new(alloc::vec![0u8; nbytes]);
    loop {
        drbg.fill(&mut t);
        let cand = bits2int::<C>(&t);
        // Whether the candidate is in range is a public fact (a retry is
        // visible in the time taken and reveals nothing of the nonce
        // that is used).
        if crate::ct::declassify(in_range::<C>(&cand)) == 0 {
            drbg.reseed();
            continue;
        }
        let k = Scalar::<C>::from_canonical(&cand);
        match sign_with_nonce::<C>(d, &e, &k) {
            Some(rs) => return rs,
            None => drbg.reseed(),
        }
    }
}

/// The signature `(r, s)` of the digest scalar `e` under `d` with the
/// nonce `k` in `[1, n - 1]`, or `None` when `r` or `s` is zero (the
/// caller draws another nonce). `r` and `s` are declassified: they are
/// the public signature.
pub(crate) fn sign_with_nonce<C: Curve>(
    d: &Scalar<C>,
    e: &Scalar<C>,
    k: &Scalar<C>,
) -> Option<(Scalar<C>, Scalar<C>)> {
    let ra = point::mul_base::<C>(k).to_affine()?;
    let mut xr = ra.x.to_canonical();
    crate::ct::declassify_slice(xr.as_mut());
    let r = Scalar::<C>::from_canonical_below_2p(&Scalar::<C>::limbs_from(xr.as_ref()));
    if r.is_zero() != 0 {
        return None;
    }
    let s = k.invert().mul(&e.add(&r.mul(d)));
    let mut sc = s.to_canonical();
    crate::ct::declassify_slice(sc.as_mut());
    let s = Scalar::<C>::from_canonical(&sc);
    if s.is_zero() != 0 {
        return None;
    }
    Some((r, s))
}

/// Whether `(r, s)` is a valid signature of the digest `h` under `q`
/// (variable time: public inputs).
pub(crate) fn verify_vartime<C: Curve>(
    q: &Affine<C>,
    h: &[u8],
    r: &Scalar<C>,
    s: &Scalar<C>,
) -> bool {
    if r.is_zero() != 0 || s.is_zero() != 0 {
        return false;
    }
    let e = digest_scalar::<C>(h);
    let w = s.invert();
    let u1 = e.mul(&w);
    let u2 = r.mul(&w);
    let big_r = point::mul2_base_vartime::<C>(&u1, &u2, q);
    if big_r.is_identity_vartime() {
        return false;
    }
    // x(R) mod n == r, without an inversion (Jacobian: x = X / Z^2):
    // X == r Z^2, or X == (r + n) Z^2 when r + n < p (x(R) in [n, p)).
    // r < n < p for the three curves, so r is a field element too.
    let zz = big_r.z.sqr();
    let rl = r.to_canonical();
    let matches = |l: &<Scalar<C> as Elem>::Limbs| {
        Fe::<C>::from_canonical_checked(&Fe::<C>::limbs_from(l.as_ref()))
            .is_some_and(|rf| rf.mul(&zz).ct_eq(&big_r.x) != 0)
    };
    if matches(&rl) {
        return true;
    }
    let mut rn = rl;
    let mut c = 0u64;
    for (a, b) in rn.as_mut().iter_mut().zip(Scalar::<C>::modulus().as_ref()) {
        let t = *a as u128 + *b as u128 + c as u128;
        *a = t as u64;
        c = (t >> 64) as u64;
    }
    c == 0 && matches(&rn)
}

/// The ECDH shared secret: the x-coordinate of `d Q`, `FIELD_BYTES` long.
pub(crate) fn agree<C: Curve>(d: &Scalar<C>, q: &Affine<C>) -> Result<Vec<u8>, Error> {
    let p = point::mul(q, d);
    // `d` in [1, n-1] and `Q` on a curve of prime order: never the
    // identity; checked anyway (a fault would show here).
    let Some(a) = p.to_affine() else {
        return Err(Error::FaultDetected);
    };
    let mut out = alloc::vec![0u8; C::FIELD_BYTES];
    a.x.write_be_bytes(&mut out);
    // The shared secret is the caller's from here (as X25519's is).
    crate::ct::declassify_slice(&mut out);
    Ok(out)
}

/// The id-ecPublicKey algorithm (RFC 5480).
pub(crate) const EC_PUBLIC_KEY_OID: der::asn1::ObjectIdentifier =
    der::asn1::ObjectIdentifier::new_unwrap("1.2.840.10045.2.1");

/// The point of a SubjectPublicKeyInfo (RFC 5480: id-ecPublicKey with the
/// named curve `curve`; explicit parameters are refused).
pub(crate) fn spki_point<C: Curve>(
    der_bytes: &[u8],
    curve: der::asn1::ObjectIdentifier,
) -> Result<Affine<C>, Error> {
    use der::Decode;
    let bad = |what| Error::InvalidKey { what };
    let spki = spki::SubjectPublicKeyInfoRef::from_der(der_bytes)
        .map_err(|_| bad("malformed SubjectPublicKeyInfo DER"))?;
    if spki.algorithm.oid != EC_PUBLIC_KEY_OID {
        return Err(bad("not an EC public key (id-ecPublicKey)"));
    }
    let params = spki
        .algorithm
        .parameters
        .ok_or(bad("EC key without curve parameters"))?;
    let oid: der::asn1::ObjectIdentifier = params
        .decode_as()
        .map_err(|_| bad("EC parameters are not a named curve"))?;
    if oid != curve {
        return Err(bad("EC key of another curve"));
    }
    let bits = spki
        .subject_public_key
        .as_bytes()
        .ok_or(bad("public key bit string with unused bits"))?;
    Affine::<C>::from_sec1(bits).ok_or(bad("not a SEC1 point of the curve"))
}

/// Minimal DER `SEQUENCE { INTEGER r, INTEGER s }`.
pub(crate) fn der_encode(r: &[u8], s: &[u8]) -> Vec<u8> {
    fn int(v: &[u8], out: &mut Vec<u8>) {
        let first = v.iter().position(|&b| b != 0).unwrap_or(v.len() - 1);
        let v = &v[first..];
        let pad = v[0] & 0x80 != 0;
        out.push(0x02);
        push_len(v.len() + pad as usize, out);
        if pad {
            out.push(0);
        }
        out.extend_from_slice(v);
    }
    fn push_len(n: usize, out: &mut Vec<u8>) {
        if n < 0x80 {
            out.push(n as u8);
        } else {
            out.push(0x81);
            out.push(n as u8);
        }
    }
    let mut body = Vec::new();
    int(r, &mut body);
    int(s, &mut body);
    let mut out = Vec::with_capacity(body.len() + 3);
    out.push(0x30);
    push_len(body.len(), &mut out);
    out.extend_from_slice(&body);
    out
}

/// The two integers of a DER signature as big-endian magnitudes of at most
/// `width` bytes (left-padded), or `None` for anything but the unique
/// minimal DER encoding.
pub(crate) fn der_decode(der: &[u8], width: usize) -> Option<(Vec<u8>, Vec<u8>)> {
    fn len(b: &[u8]) -> Option<(usize, &[u8])> {
        match *b.first()? {
            n @ 0..=0x7f => Some((n as usize, &b[1..])),
            0x81 => {
                let n = *b.get(1)? as usize;
                if n < 0x80 {
                    return None; // not minimal
                }
                Some((n, &b[2..]))
            }
            _ => None, // longer forms never fit a signature
        }
    }
    fn int(b: &[u8], width: usize) -> Option<(Vec<u8>, &[u8])> {
        if *b.first()? != 0x02 {
            return None;
        }
        let (n, rest) = len(&b[1..])?;
        if n == 0 || rest.len() < n {
            return None;
        }
        let (v, rest) = rest.split_at(n);
        if v[0] & 0x80 != 0 {
            return None; // negative
        }
        if v.len() > 1 && v[0] == 0 && v[1] & 0x80 == 0 {
            return None; // padded
        }
        let v = if v[0] == 0 && v.len() > 1 { &v[1..] } else { v };
        if v.len() > width {
            return None;
        }
        let mut out = alloc::vec![0u8; width];
        out[width - v.len()..].copy_from_slice(v);
        Some((out, rest))
    }
    if *der.first()? != 0x30 {
        return None;
    }
    let (n, body) = len(&der[1..])?;
    if body.len() != n {
        return None;
    }
    let (r, rest) = int(body, width)?;
    let (s, rest) = int(rest, width)?;
    if !rest.is_empty() {
        return None;
    }
    Some((r, s))
}

/// Makes a curve's public module: `PrivateKey`, `PublicKey`, `Signature`.
macro_rules! curve_api {
    ($(#[$doc:meta])* $module:ident, $curve:ident, $default_hash:ty, $oid:literal) => {
        $(#[$doc])*
        pub mod $module {
            use alloc::vec::Vec;

            use super::$curve as C;
            use super::ecdsa;
            use super::field::{Elem, cast};
            use super::point::{self, Affine};
            use super::{Checked, Curve, Impl, Scalar};
            use crate::Error;
            use crate::hash::Hash;

            /// The curve's object identifier (RFC 5480 namedCurve).
            pub const CURVE_OID: der::asn1::ObjectIdentifier = der::asn1::ObjectIdentifier::new_unwrap($oid);

            /// The default digest of this curve's ECDSA.
            pub type DefaultHash = $default_hash;

            /// Bytes of a field element, of a private key and of each half
            /// of a fixed-width signature.
            pub const FIELD_BYTES: usize = <C as Curve>::FIELD_BYTES;

            fn bad(what: &'static str) -> Error {
                Error::InvalidKey { what }
            }

            /// A private key: a scalar `d` in `[1, n - 1]`, wiped on drop.
            pub struct PrivateKey {
                d: Scalar<C>,
                public: PublicKey,
            }

            impl Drop for PrivateKey {
                fn drop(&mut self) {
                    self.d.wipe();
                }
            }

            impl core::fmt::Debug for PrivateKey {
                fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                    f.debug_struct("PrivateKey").field("public", &self.public).finish_non_exhaustive()
                }
            }

            impl PrivateKey {
                /// The key of a big-endian scalar of exactly
                /// [`FIELD_BYTES`] bytes in `[1, n - 1]`.
                pub fn from_bytes(bytes: &[u8]) -> Result<PrivateKey, Error> {
                    if bytes.len() != FIELD_BYTES {
                        return Err(Error::InvalidLength { what: "private key", got: bytes.len() });
                    }
                    let d = ecdsa::scalar_from_bytes::<C>(bytes).ok_or(bad("private scalar not in [1, n-1]"))?;
                    Self::from_scalar(d, Impl::best())
                }

                /// As [`PrivateKey::from_bytes`], computing with the
                /// field kernel `imp` (the public key, and every later
                /// operation of the key).
                pub fn from_bytes_with_impl(bytes: &[u8], imp: Checked) -> Result<PrivateKey, Error> {
                    if bytes.len() != FIELD_BYTES {
                        return Err(Error::InvalidLength { what: "private key", got: bytes.len() });
                    }
                    let d = ecdsa::scalar_from_bytes::<C>(bytes).ok_or(bad("private scalar not in [1, n-1]"))?;
                    Self::from_scalar(d, imp)
                }

                /// The same key computing with the field kernel `imp`
                /// (its public key too).
                pub fn with_impl(mut self, imp: Checked) -> PrivateKey {
                    self.public.imp = imp;
                    self
                }

                fn from_scalar(d: Scalar<C>, imp: Checked) -> Result<PrivateKey, Error> {
                    // d in [1, n-1]: d G is never the identity
                    let a = with_curve!($curve, imp, |K| {
                        point::mul_base::<K>(&cast(&d)).to_affine().map(|a| a.cast::<C>())
                    })
                    .ok_or(Error::FaultDetected)?;
                    let mut x = a.x.to_canonical();
                    let mut y = a.y.to_canonical();
                    // the public key is public
                    crate::ct::declassify_slice(x.as_mut());
                    crate::ct::declassify_slice(y.as_mut());
                    let a = Affine { x: Elem::from_canonical(&x), y: Elem::from_canonical(&y) };
                    Ok(PrivateKey { d, public: PublicKey { q: a, imp } })
                }

                /// A fresh key from the operating system's random number
                /// generator (rejection sampling of `FIELD_BYTES` bytes
                /// masked to the order's bit length).
                #[cfg(feature = "getrandom")]
                pub fn generate() -> Result<PrivateKey, Error> {
                    let mut b = zeroize::Zeroizing::new([0u8; FIELD_BYTES]);
                    loop {
                        getrandom::fill(&mut *b).map_err(|_| Error::RandomnessUnavailable)?;
                        crate::ct::classify_slice(&mut *b);
                        let excess = 8 * FIELD_BYTES - <C as Curve>::ORDER_BITS;
                        b[0] &= 0xffu8 >> excess;
                        if let Some(d) = ecdsa::scalar_from_bytes::<C>(&*b) {
                            return Self::from_scalar(d, Impl::best());
                        }
                    }
                }

                /// The scalar, big-endian, [`FIELD_BYTES`] bytes.
                pub fn to_bytes(&self) -> zeroize::Zeroizing<Vec<u8>> {
                    zeroize::Zeroizing::new(ecdsa::scalar_bytes::<C>(&self.d))
                }

                /// The public key.
                pub fn public_key(&self) -> &PublicKey {
                    &self.public
                }

                /// Signs `msg` with the default digest ([`DefaultHash`]),
                /// hedged (RFC 6979 nonce with fresh random data).
                #[cfg(feature = "getrandom")]
                pub fn sign(&self, msg: &[u8]) -> Result<Signature, Error> {
                    self.sign_with::<DefaultHash>(msg)
                }

                /// Signs `msg` hashed with `H`, hedged.
                #[cfg(feature = "getrandom")]
                pub fn sign_with<H: Hash>(&self, msg: &[u8]) -> Result<Signature, Error> {
                    let mut h = H::new();
                    h.update(msg);
                    self.sign_prehashed::<H>(h.finalize().as_ref())
                }

                /// Signs a digest computed with `H` (which also drives the
                /// nonce generator), hedged.
                #[cfg(feature = "getrandom")]
                pub fn sign_prehashed<H: Hash>(&self, digest: &[u8]) -> Result<Signature, Error> {
                    let mut extra = zeroize::Zeroizing::new([0u8; 32]);
                    getrandom::fill(&mut *extra).map_err(|_| Error::RandomnessUnavailable)?;
                    crate::ct::classify_slice(&mut *extra);
                    let (r, s) = with_curve!($curve, self.public.imp, |K| {
                        let (r, s) = ecdsa::sign::<K, H>(&cast(&self.d), digest, &*extra);
                        (cast::<_, Scalar<C>>(&r), cast::<_, Scalar<C>>(&s))
                    });
                    Ok(Signature { r, s })
                }

                /// Signs `msg` hashed with `H` with the pure RFC 6979 nonce
                /// (the same signature every time).
                pub fn sign_deterministic<H: Hash>(&self, msg: &[u8]) -> Signature {
                    let mut h = H::new();
                    h.update(msg);
                    self.sign_prehashed_deterministic::<H>(h.finalize().as_ref())
                }

                /// Signs a digest computed with `H`, pure RFC 6979 nonce.
                pub fn sign_prehashed_deterministic<H: Hash>(&self, digest: &[u8]) -> Signature {
                    let (r, s) = with_curve!($curve, self.public.imp, |K| {
                        let (r, s) = ecdsa::sign::<K, H>(&cast(&self.d), digest, &[]);
                        (cast::<_, Scalar<C>>(&r), cast::<_, Scalar<C>>(&s))
                    });
                    Signature { r, s }
                }

                /// ECDH: the x-coordinate of `d Q` ([`FIELD_BYTES`] bytes).
                pub fn diffie_hellman(&self, peer: &PublicKey) -> Result<zeroize::Zeroizing<Vec<u8>>, Error> {
                    with_curve!($curve, self.public.imp, |K| ecdsa::agree::<K>(&cast(&self.d), &peer.q.cast::<K>()))
                        .map(zeroize::Zeroizing::new)
                }
            }

            /// A public key: a point of the curve other than the identity.
            #[derive(Clone, Copy)]
            pub struct PublicKey {
                q: Affine<C>,
                imp: Checked,
            }

            impl core::fmt::Debug for PublicKey {
                fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                    write!(f, "PublicKey({})", <C as Curve>::NAME)
                }
            }

            impl PartialEq for PublicKey {
                fn eq(&self, o: &Self) -> bool {
                    self.to_uncompressed() == o.to_uncompressed()
                }
            }
            impl Eq for PublicKey {}

            impl PublicKey {
                /// A point from its SEC1 encoding: uncompressed (`04 || x
                /// || y`) or compressed (`02`/`03 || x`); coordinates below
                /// p, on the curve; the identity is refused.
                pub fn from_sec1(bytes: &[u8]) -> Result<PublicKey, Error> {
                    Affine::<C>::from_sec1(bytes)
                        .map(|q| PublicKey { q, imp: Impl::best() })
                        .ok_or(bad("not a SEC1 point of the curve"))
                }

                /// A point from a DER SubjectPublicKeyInfo (RFC 5480:
                /// id-ecPublicKey, this curve's named-curve OID, a SEC1
                /// point).
                pub fn from_public_key_der(der: &[u8]) -> Result<PublicKey, Error> {
                    ecdsa::spki_point::<C>(der, CURVE_OID).map(|q| PublicKey { q, imp: Impl::best() })
                }

                /// The same key verifying with the field kernel `imp`.
                pub fn with_impl(mut self, imp: Checked) -> PublicKey {
                    self.imp = imp;
                    self
                }

                /// `04 || x || y`.
                pub fn to_uncompressed(&self) -> Vec<u8> {
                    self.q.to_uncompressed()
                }

                /// `02|03 || x`.
                pub fn to_compressed(&self) -> Vec<u8> {
                    self.q.to_compressed()
                }

                /// Verifies `sig` on `msg` with the default digest.
                pub fn verify(&self, msg: &[u8], sig: &Signature) -> Result<(), Error> {
                    self.verify_with::<DefaultHash>(msg, sig)
                }

                /// Verifies `sig` on `msg` hashed with `H`.
                pub fn verify_with<H: Hash>(&self, msg: &[u8], sig: &Signature) -> Result<(), Error> {
                    let mut h = H::new();
                    h.update(msg);
                    self.verify_prehashed(h.finalize().as_ref(), sig)
                }

                /// Verifies `sig` on a digest (any length; truncated to
                /// the order's bit length).
                pub fn verify_prehashed(&self, digest: &[u8], sig: &Signature) -> Result<(), Error> {
                    let q = &self.q;
                    if with_curve!($curve, self.imp, |K| ecdsa::verify_vartime::<K>(&q.cast::<K>(), digest, &cast(&sig.r), &cast(&sig.s))) {
                        Ok(())
                    } else {
                        Err(Error::VerificationFailed)
                    }
                }
            }

            /// An ECDSA signature `(r, s)`, both in `[1, n - 1]`.
            #[derive(Clone, Copy)]
            pub struct Signature {
                r: Scalar<C>,
                s: Scalar<C>,
            }

            impl core::fmt::Debug for Signature {
                fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                    write!(f, "Signature({:02x?})", self.to_bytes())
                }
            }

            impl PartialEq for Signature {
                fn eq(&self, o: &Self) -> bool {
                    self.to_bytes() == o.to_bytes()
                }
            }
            impl Eq for Signature {}

            impl Signature {
                /// From `r || s`, each [`FIELD_BYTES`] big-endian bytes
                /// (IEEE P1363, JWS, TLS 1.3's raw form); both must be in
                /// `[1, n - 1]`.
                pub fn from_bytes(b: &[u8]) -> Result<Signature, Error> {
                    if b.len() != 2 * FIELD_BYTES {
                        return Err(Error::InvalidLength { what: "signature", got: b.len() });
                    }
                    let r = ecdsa::scalar_from_bytes::<C>(&b[..FIELD_BYTES]);
                    let s = ecdsa::scalar_from_bytes::<C>(&b[FIELD_BYTES..]);
                    match (r, s) {
                        (Some(r), Some(s)) => Ok(Signature { r, s }),
                        _ => Err(Error::InvalidParameter { what: "signature r and s must be in [1, n-1]" }),
                    }
                }

                /// `r || s`.
                pub fn to_bytes(&self) -> Vec<u8> {
                    let mut out = ecdsa::scalar_bytes::<C>(&self.r);
                    out.extend_from_slice(&ecdsa::scalar_bytes::<C>(&self.s));
                    out
                }

                /// From DER `SEQUENCE { INTEGER r, INTEGER s }` (the unique
                /// minimal encoding only).
                pub fn from_der(der: &[u8]) -> Result<Signature, Error> {
                    let (r, s) = ecdsa::der_decode(der, FIELD_BYTES)
                        .ok_or(Error::InvalidParameter { what: "signature is not minimal DER" })?;
                    let mut b = r;
                    b.extend_from_slice(&s);
                    Self::from_bytes(&b)
                }

                /// DER, as OpenSSL writes it.
                pub fn to_der(&self) -> Vec<u8> {
                    ecdsa::der_encode(&ecdsa::scalar_bytes::<C>(&self.r), &ecdsa::scalar_bytes::<C>(&self.s))
                }
            }
        }
    };
}
pub(crate) use curve_api;
