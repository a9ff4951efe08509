//! DSA signing (RFC 6979 nonces, hedged by default) and verification, and
//! the DER `Dss-Sig-Value` encoding of signatures.

use alloc::vec;
use alloc::vec::Vec;

use zeroize::Zeroizing;

use super::key::{DsaPrivateKey, DsaPublicKey};
use super::params::DsaParams;
use super::{der_uint_seq, parse_uint_seq, strip};
use crate::Error;
use crate::bignum::Nat;
use crate::hash::Hash;
use crate::mac::hmac::Hmac;

/// The DER `Dss-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER }` of `r`
/// and `s` (big-endian, leading zeros allowed).
pub fn encode_signature(r: &[u8], s: &[u8]) -> Vec<u8> {
    der_uint_seq(&[r, s]).to_vec()
}

/// `(r, s)` from a DER `Dss-Sig-Value`, strictly: minimal lengths and
/// integers, no negative values, nothing after the sequence. The values
/// come back without leading zeros.
pub fn decode_signature(sig: &[u8]) -> Result<(&[u8], &[u8]), Error> {
    let [r, s] = parse_uint_seq::<2>(sig).map_err(|_| Error::VerificationFailed)?;
    Ok((r, s))
}

/// `(r, s)`, each `N / 8` bytes, big-endian.
type Rs = (Vec<u8>, Vec<u8>);

/// A hash usable with DSA: any of Peregrine's (SHA-1 and SHA-2 are what
/// FIPS 186-4 and OpenSSL use).
pub trait DsaHash: Hash {}
impl<H: Hash> DsaHash for H {}

impl DsaParams {
    /// `bits2int(h) mod q` (FIPS 186-4 section 4.6, RFC 6979 2.3.2 and
    /// 2.3.4): the leftmost `N` bits of `h` as an integer, reduced by one
    /// masked subtraction (it is below `2^N < 2q`). At `q`'s width.
    fn z_of(&self, h: &[u8]) -> Result<Nat, Error> {
        let qlen = self.sizes().1 / 8;
        let take = &h[..h.len().min(qlen)];
        let v = Nat::from_be_bytes_width(take, self.q.limbs())?;
        let (d, borrow) = v.sub(self.q.n());
        Ok(Nat::select(&d, &v, subtle::Choice::from(borrow as u8)))
    }
}

impl DsaPrivateKey {
    /// Signs `msg` hashed with `H` (hedged RFC 6979 nonce; see the module
    /// docs). Returns the DER signature.
    pub fn sign<H: DsaHash>(&self, msg: &[u8]) -> Result<Vec<u8>, Error> {
        let mut h = H::new();
        h.update(msg);
        self.sign_digest::<H>(h.finalize().as_ref())
    }

    /// Signs a precomputed digest (what `openssl pkeyutl -sign` does with a
    /// DSA key): hedged RFC 6979 with `H` as the HMAC-DRBG's hash and 32
    /// fresh random bytes as extra data. Any digest length is accepted
    /// (more than `N` bits are truncated, as FIPS 186-4 says).
    pub fn sign_digest<H: DsaHash>(&self, digest: &[u8]) -> Result<Vec<u8>, Error> {
        let mut extra = Zeroizing::new([0u8; 32]);
        super::random(&mut extra[..])?;
        let (r, s) = self.sign_rs::<H>(digest, Some(&extra[..]))?;
        Ok(encode_signature(&r, &s))
    }

    /// Signs a precomputed digest with the deterministic RFC 6979 nonce
    /// (no randomness): the same key and digest always give the same
    /// signature. For tests and for callers that want RFC 6979 exactly.
    pub fn sign_digest_deterministic<H: DsaHash>(&self, digest: &[u8]) -> Result<Vec<u8>, Error> {
        let (r, s) = self.sign_rs::<H>(digest, None)?;
        Ok(encode_signature(&r, &s))
    }

    /// `(r, s)`, each `N / 8` bytes, with the RFC 6979 nonce (`extra` is
    /// section 3.6's additional data; `None` for the deterministic form).
    pub fn sign_rs<H: DsaHash>(
        &self,
        digest: &[u8],
        extra: Option<&[u8]>,
    ) -> Result<(Vec<u8>, Vec<u8>), Error> {
        let pr = self.params();
        let z = pr.z_of(digest)?;
        let qlen = pr.sizes().1 / 8;
        let mut zb = Zeroizing::new(vec![0u8; qlen]);
        z.write_be_bytes(&mut zb)?;
        let mut drbg = Rfc6979::<H>::new(&self.x_bytes, &zb, extra.unwrap_or(&[]));
        for _ in 0..64 {
            let k = drbg.next_k(pr)?;
            if let Some(rs) = self.sign_with_k_nat(&z, &k)? {
                return Ok(rs);
            }
        }
        Err(Error::RandomnessUnavailable)
    }

    /// `(r, s)` with a caller-chosen nonce `k` (big-endian, `0 < k < q`),
    /// for known-answer tests (CAVP `SigGen`) only: a `k` that is not
    /// secret, uniform and never reused gives the private key away.
    #[doc(hidden)]
    pub fn sign_digest_with_k(&self, digest: &[u8], k: &[u8]) -> Result<(Vec<u8>, Vec<u8>), Error> {
        let pr = self.params();
        let k = Nat::from_be_bytes_width(strip(k), pr.q.limbs())?;
        if !bool::from(k.ct_lt(pr.q.n())) || bool::from(k.is_zero()) {
            return Err(Error::InvalidParameter {
                what: "DSA k must satisfy 0 < k < q",
            });
        }
        let z = pr.z_of(digest)?;
        self.sign_with_k_nat(&z, &k)?
            .ok_or(Error::InvalidParameter {
                what: "DSA k gives r = 0 or s = 0",
            })
    }

    /// `r = (g^k mod p) mod q`, `s = k^(-1) (z + x r) mod q`; `None` when
    /// `r` or `s` is zero. Constant time in `k` and `x`.
    fn sign_with_k_nat(&self, z: &Nat, k: &Nat) -> Result<Option<Rs>, Error> {
        let pr = self.params();
        let (p, q) = (&pr.p, &pr.q);
        let qlen = pr.sizes().1 / 8;
        let mut kb = Zeroizing::new(vec![0u8; qlen]);
        k.write_be_bytes(&mut kb)?;
        let gk = p.pow_comb(&pr.g_table, &kb)?;
        let r = q.reduce(&gk);
        // k^(-1) = k^(q-2) mod q (q prime): the exponent is public, and
        // pow_vartime is constant time in the base.
        let (q2, _) = q.n().sub(&Nat::from_u64(2));
        let kinv = q.pow_vartime(k, &q2.to_be_bytes())?;
        let xr = q.mul_mod(&self.x, &r)?;
        let sum = q.add(z, &xr)?;
        let s = q.mul_mod(&kinv, &sum)?;
        let (mut rb, mut sb) = (vec![0u8; qlen], vec![0u8; qlen]);
        r.write_be_bytes(&mut rb)?;
        s.write_be_bytes(&mut sb)?;
        // The signature is public.
        crate::ct::declassify_slice(&mut rb);
        crate::ct::declassify_slice(&mut sb);
        if strip(&rb).is_empty() || strip(&sb).is_empty() {
            return Ok(None);
        }
        Ok(Some((rb, sb)))
    }
}

/// RFC 6979 section 3.2's HMAC-DRBG, steps b to h, with section 3.6's
/// additional data. `K` and `V` are wiped on drop.
struct Rfc6979<H: Hash> {
    k: Zeroizing<Vec<u8>>,
    v: Zeroizing<Vec<u8>>,
    _h: core::marker::PhantomData<H>,
}

impl<H: Hash> Rfc6979<H> {
    fn hmac(key: &[u8], parts: &[&[u8]]) -> Zeroizing<Vec<u8>> {
        let mut m = Hmac::<H>::new(key);
        for p in parts {
            m.update(p);
        }
        let mut t = m.finalize();
        let out = Zeroizing::new(t.as_ref().to_vec());
        zeroize::Zeroize::zeroize(t.as_mut());
        out
    }

    /// Steps b to g: `x` is `int2octets(x)`, `h` is `bits2octets(h1)`.
    fn new(x: &[u8], h: &[u8], extra: &[u8]) -> Self {
        let v = Zeroizing::new(vec![1u8; H::OUTPUT_LEN]);
        let k = Zeroizing::new(vec![0u8; H::OUTPUT_LEN]);
        let k = Self::hmac(&k, &[&v, &[0], x, h, extra]);
        let v = Self::hmac(&k, &[&v]);
        let k = Self::hmac(&k, &[&v, &[1], x, h, extra]);
        let v = Self::hmac(&k, &[&v]);
        Rfc6979 {
            k,
            v,
            _h: core::marker::PhantomData,
        }
    }

    /// Step h: the next candidate in `[1, q - 1]` (rejected candidates
    /// are discarded and the state stepped, so a retry reveals nothing
    /// about the `k` returned).
    fn next_k(&mut self, pr: &DsaParams) -> Result<Nat, Error> {
        let qlen = pr.sizes().1 / 8;
        loop {
            let mut t = Zeroizing::new(Vec::with_capacity(qlen + H::OUTPUT_LEN));
            while t.len() < qlen {
                self.v = Self::hmac(&self.k, &[&self.v]);
                t.extend_from_slice(&self.v);
            }
            let k = Nat::from_be_bytes_width(&t[..qlen], pr.q.limbs())?;
            let ok = bool::from(k.ct_lt(pr.q.n())) & !bool::from(k.is_zero());
            if crate::ct::declassify(ok) {
                return Ok(k);
            }
            self.k = Self::hmac(&self.k, &[&self.v, &[0]]);
            self.v = Self::hmac(&self.k, &[&self.v]);
        }
    }
}

impl DsaPublicKey {
    /// Verifies the DER signature `sig` of `msg` hashed with `H`.
    pub fn verify<H: DsaHash>(&self, msg: &[u8], sig: &[u8]) -> Result<(), Error> {
        let mut h = H::new();
        h.update(msg);
        self.verify_digest(h.finalize().as_ref(), sig)
    }

    /// Verifies the DER signature `sig` of a precomputed digest (what
    /// `openssl pkeyutl -verify` does with a DSA key).
    pub fn verify_digest(&self, digest: &[u8], sig: &[u8]) -> Result<(), Error> {
        let (r, s) = decode_signature(sig)?;
        self.verify_digest_rs_vartime(digest, r, s)
    }

    /// Verifies `(r, s)` (big-endian, leading zeros allowed) on a digest.
    /// Variable time (public data only): `r` and `s` must be in
    /// `[1, q - 1]`, and `((g^u1 y^u2) mod p) mod q = r` with
    /// `w = s^(-1)`, `u1 = z w`, `u2 = r w` (mod q).
    pub fn verify_digest_rs_vartime(&self, digest: &[u8], r: &[u8], s: &[u8]) -> Result<(), Error> {
        let pr = &self.params;
        let (p, q) = (&pr.p, &pr.q);
        let fail = Error::VerificationFailed;
        let in_range = |v: &[u8]| -> Result<Nat, Error> {
            let v = strip(v);
            let n = Nat::from_be_bytes_width(v, q.limbs()).map_err(|_| fail)?;
            if v.is_empty() || !bool::from(n.ct_lt(q.n())) {
                return Err(fail);
            }
            Ok(n)
        };
        let (rn, sn) = (in_range(r)?, in_range(s)?);
        let (q2, _) = q.n().sub(&Nat::from_u64(2));
        let w = q.pow_vartime(&sn, &q2.to_be_bytes())?;
        let z = pr.z_of(digest)?;
        let u1 = q.mul_mod(&z, &w)?;
        let u2 = q.mul_mod(&rn, &w)?;
        let qlen = pr.sizes().1 / 8;
        let (mut e1, mut e2) = (vec![0u8; qlen], vec![0u8; qlen]);
        u1.write_be_bytes(&mut e1)?;
        u2.write_be_bytes(&mut e2)?;
        let v = p.pow2_comb_vartime(&pr.g_table, &e1, &self.y_table, &e2)?;
        let v = q.reduce(&v);
        if bool::from(v.ct_eq(&rn)) {
            Ok(())
        } else {
            Err(fail)
        }
    }
}
