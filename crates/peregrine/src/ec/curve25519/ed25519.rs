//! Ed25519 signatures (RFC 8032): pure Ed25519, Ed25519ctx and Ed25519ph.
//!
//! Signing is deterministic (RFC 8032 section 5.1.6) and constant time:
//! the nonce point `[r]B` and the public key come from the fixed-base comb
//! (a full masked scan of each table row), and `S = r + k s mod ℓ` is
//! computed with Montgomery arithmetic and masked subtractions.
//!
//! # Verification rules
//!
//! Verification sees only public data and is variable time. It accepts a
//! signature `(R, S)` on message `M` under key `A` exactly when:
//!
//! - the signature is 64 bytes;
//! - `S < ℓ` (a non-canonical S is rejected: RFC 8032 section 5.1.7, and
//!   what stops signature malleability);
//! - `A` decodes: its y is canonical (`< p`), it is on the curve, and it is
//!   not the "negative zero" encoding (x = 0 with the sign bit set); the
//!   key is checked once, by [`VerifyingKey::from_bytes`];
//! - the **cofactorless** equation `[S]B = R + [k]A` holds in the sense
//!   `encode([S]B - [k]A) == R` byte for byte, with `k = SHA-512(dom ||
//!   R || A || M) mod ℓ`: an R that is not a canonical encoding of a curve
//!   point (y >= p, no x, or x = 0 with the sign bit set) is rejected, as
//!   no encoding computed can equal it.
//!
//! The equation is computed as in Pornin's "Optimized lattice basis
//! reduction in dimension 2, and fast Schnorr and EdDSA signature
//! verification" (ePrint 2020/454), with exactly the verdicts of the
//! encoding comparison: R is decoded, a lattice reduction finds `u ≡ v k
//! (mod 8ℓ)` with `v` odd, `|v| < ℓ` and both about 2^128, and `[v]R -
//! [v S mod ℓ]B + [u]A` is checked to be the neutral element (it is
//! `[v](R - ([S]B - [k]A))`, and `v` is invertible modulo the group order
//! 8ℓ, small-order components of A and R included). One four-scalar
//! multiplication of about 128 doublings instead of a two-scalar one of
//! 253, and no inversion.
//!
//! Keys and R of small order are not rejected: the equation decides. This
//! is the rule set of Go's `crypto/ed25519` and of OpenSSL 3, except that
//! Peregrine also refuses a non-canonical A (y >= p), which both of them
//! accept (checked against OpenSSL 3.0.19: it verifies all 36 CCTV cases
//! whose only rejecting flag is `NonCanonicalA`). In the terms of the CCTV
//! test vectors (`ed25519vectors.json`, "Taming the many EdDSAs"), flags
//! `LowOrderA`, `LowOrderR`, `LowOrderComponentA`, `LowOrderComponentR`
//! are accepted when the cofactorless equation holds; `LowOrderResidue`
//! (which only the cofactored equation accepts), `NonCanonicalA`,
//! `NonCanonicalR` and `ReencodedK` never verify. Of the 914 CCTV cases,
//! 172 verify (`tests/curve25519_kat.rs` checks every verdict).
//!
//! [`verify_batch`] uses the cofactored equation instead (see there).
//!
//! ```
//! use peregrine::ec::curve25519::ed25519::SigningKey;
//! let key = SigningKey::from_seed(&[7; 32]);
//! let sig = key.sign(b"message");
//! assert!(key.verifying_key().verify(b"message", &sig).is_ok());
//! assert!(key.verifying_key().verify(b"massage", &sig).is_err());
//! ```

use super::edwards::{self, P3};
use super::field::Field;
use super::lattice;
use super::scalar;
use super::{Checked, Impl, with_field};
use crate::Error;
use crate::hash::sha512::Sha512;

/// The length of a secret key (the seed), a public key, and half a
/// signature.
pub const KEY_LEN: usize = 32;
/// The length of a signature (R || S).
pub const SIGNATURE_LEN: usize = 64;
/// The longest context string of Ed25519ctx and Ed25519ph.
pub const MAX_CONTEXT_LEN: usize = 255;

/// The variant of RFC 8032 section 5.1: which domain separation goes in
/// front of the hashes, and whether the message is hashed first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Variant<'a> {
    /// Pure Ed25519: no prefix.
    Pure,
    /// Ed25519ctx: dom2(0, ctx), ctx not empty.
    Ctx(&'a [u8]),
    /// Ed25519ph: dom2(1, ctx), the message is SHA-512(M).
    Ph(&'a [u8]),
}

impl Variant<'_> {
    fn check(self) -> Result<(), Error> {
        match self {
            Variant::Pure => Ok(()),
            Variant::Ctx(&[]) => Err(Error::InvalidParameter {
                what: "Ed25519ctx context must not be empty (RFC 8032 section 8.3); use pure Ed25519",
            }),
            Variant::Ctx(c) | Variant::Ph(c) if c.len() > MAX_CONTEXT_LEN => {
                Err(Error::InvalidLength {
                    what: "Ed25519 context (at most 255 bytes)",
                    got: c.len(),
                })
            }
            _ => Ok(()),
        }
    }

    fn hasher(self) -> Sha512 {
        let mut h = Sha512::new();
        let (flag, ctx) = match self {
            Variant::Pure => return h,
            Variant::Ctx(c) => (0u8, c),
            Variant::Ph(c) => (1u8, c),
        };
        h.update(b"SigEd25519 no Ed25519 collisions");
        h.update(&[flag, ctx.len() as u8]);
        h.update(ctx);
        h
    }
}

/// An Ed25519 secret key: the 32-byte seed and what RFC 8032 section
/// 5.1.5 derives from it (the clamped scalar, the nonce prefix, the
/// public key). Wiped on drop.
#[derive(Clone)]
pub struct SigningKey {
    seed: [u8; 32],
    scalar: [u8; 32],
    prefix: [u8; 32],
    public: VerifyingKey,
}

impl core::fmt::Debug for SigningKey {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ed25519::SigningKey")
            .field("public", &self.public)
            .finish_non_exhaustive()
    }
}

impl Drop for SigningKey {
    fn drop(&mut self) {
        crate::ct::wipe(&mut self.seed);
        crate::ct::wipe(&mut self.scalar);
        crate::ct::wipe(&mut self.prefix);
    }
}

/// `[a]B`, encoded.
fn base_mul_bytes(imp: Checked, a: &[u8; 32]) -> [u8; 32] {
    with_field!(imp, |f| edwards::mul_base_on(imp, f, a).to_bytes(f))
}

/// `[a]B` as a public key: its encoding and canonical affine x and y, from
/// one inversion (no decompression of the encoding, which would cost a
/// square root). The key is public: all three are declassified.
fn base_mul_public(imp: Checked, a: &[u8; 32]) -> ([u8; 32], [u8; 32], [u8; 32]) {
    let (mut enc, mut x, mut y) = with_field!(imp, |f| {
        let p = edwards::mul_base_on(imp, f, a);
        let zi = f.invert(&p.z);
        let x = f.to_bytes(&f.mul(&p.x, &zi));
        let y = f.to_bytes(&f.mul(&p.y, &zi));
        let mut enc = y;
        enc[31] ^= (x[0] & 1) << 7;
        (enc, x, y)
    });
    crate::ct::declassify_slice(&mut enc);
    crate::ct::declassify_slice(&mut x);
    crate::ct::declassify_slice(&mut y);
    (enc, x, y)
}

impl SigningKey {
    /// The key of a 32-byte seed (RFC 8032's secret key), on the best
    /// field kernel.
    pub fn from_seed(seed: &[u8; 32]) -> SigningKey {
        SigningKey::from_seed_with_impl(seed, Impl::best())
    }

    /// [`SigningKey::from_seed`] on the field kernel `imp`.
    pub fn from_seed_with_impl(seed: &[u8; 32], imp: Checked) -> SigningKey {
        let mut h = Sha512::new();
        h.update(seed);
        let mut d = h.finalize();
        let mut scalar: [u8; 32] = d[..32].try_into().unwrap();
        scalar[0] &= 248;
        scalar[31] &= 127;
        scalar[31] |= 64;
        let prefix: [u8; 32] = d[32..].try_into().unwrap();
        crate::ct::wipe(&mut d);
        let (bytes, x, y) = base_mul_public(imp, &scalar);
        let public = VerifyingKey {
            bytes,
            x: limbs_of(&x),
            y: limbs_of(&y),
            imp,
        };
        SigningKey {
            seed: *seed,
            scalar,
            prefix,
            public,
        }
    }

    /// A fresh key from the operating system's random number generator.
    ///
    /// # Errors
    /// [`Error::RandomnessUnavailable`] when the generator fails.
    #[cfg(feature = "getrandom")]
    pub fn generate() -> Result<SigningKey, Error> {
        let mut seed = [0u8; 32];
        getrandom::fill(&mut seed).map_err(|_| Error::RandomnessUnavailable)?;
        crate::ct::classify_slice(&mut seed);
        let k = SigningKey::from_seed(&seed);
        crate::ct::wipe(&mut seed);
        Ok(k)
    }

    /// The same key on the field kernel `imp`.
    pub fn with_impl(mut self, imp: Checked) -> SigningKey {
        self.public.imp = imp;
        self
    }

    /// The kernel in use.
    pub fn backend(&self) -> &'static str {
        self.public.imp.get().name()
    }

    /// The 32-byte seed (the secret key as RFC 8032 and PKCS#8 store it).
    pub fn seed(&self) -> &[u8; 32] {
        &self.seed
    }

    /// The public key.
    pub fn verifying_key(&self) -> &VerifyingKey {
        &self.public
    }

    fn sign_variant(&self, v: Variant<'_>, msg: &[&[u8]]) -> [u8; 64] {
        let imp = self.public.imp;
        // r = SHA-512(dom || prefix || M) mod ℓ.
        let mut h = v.hasher();
        h.update(&self.prefix);
        for m in msg {
            h.update(m);
        }
        let mut rh = h.finalize();
        let mut r = scalar::reduce_wide(&rh);
        crate::ct::wipe(&mut rh);
        let mut big_r = base_mul_bytes(imp, &r);
        // R is part of the signature.
        crate::ct::declassify_slice(&mut big_r);
        // k = SHA-512(dom || R || A || M) mod ℓ (public inputs).
        let mut h = v.hasher();
        h.update(&big_r);
        h.update(&self.public.bytes);
        for m in msg {
            h.update(m);
        }
        let k = scalar::reduce_wide(&h.finalize());
        let mut s = scalar::mul_add(&k, &self.scalar, &r);
        crate::ct::wipe(&mut r);
        crate::ct::declassify_slice(&mut s);
        let mut sig = [0u8; 64];
        sig[..32].copy_from_slice(&big_r);
        sig[32..].copy_from_slice(&s);
        sig
    }

    /// The pure Ed25519 signature of `msg`.
    pub fn sign(&self, msg: &[u8]) -> [u8; 64] {
        self.sign_variant(Variant::Pure, &[msg])
    }

    /// The Ed25519ctx signature of `msg` under the context string `ctx`
    /// (1 to 255 bytes).
    ///
    /// # Errors
    /// An empty or over-long `ctx`.
    pub fn sign_ctx(&self, ctx: &[u8], msg: &[u8]) -> Result<[u8; 64], Error> {
        Variant::Ctx(ctx).check()?;
        Ok(self.sign_variant(Variant::Ctx(ctx), &[msg]))
    }

    /// The Ed25519ph signature of `msg` (hashed here with SHA-512) under
    /// the context string `ctx` (0 to 255 bytes).
    ///
    /// # Errors
    /// An over-long `ctx`.
    pub fn sign_ph(&self, ctx: &[u8], msg: &[u8]) -> Result<[u8; 64], Error> {
        self.sign_prehashed(ctx, &crate::hash::sha512::sha512(msg))
    }

    /// The Ed25519ph signature of a message whose SHA-512 digest is
    /// `digest`.
    ///
    /// # Errors
    /// An over-long `ctx`.
    pub fn sign_prehashed(&self, ctx: &[u8], digest: &[u8; 64]) -> Result<[u8; 64], Error> {
        Variant::Ph(ctx).check()?;
        Ok(self.sign_variant(Variant::Ph(ctx), &[digest]))
    }
}

/// Verifies many pure Ed25519 signatures at once: `items[i]` is (key,
/// message, signature). About three times faster per signature than
/// [`VerifyingKey::verify`] for batches of dozens (one multi-scalar
/// multiplication with a shared chain of doublings).
///
/// Each signature gets a fresh random 128-bit weight `z_i` (from the
/// operating system), and the batch is accepted when
/// `[8](sum z_i R_i + sum [z_i k_i] A_i - [sum z_i S_i] B)` is the neutral
/// element, after the per-signature checks of [`VerifyingKey::verify`]
/// (length, canonical S) and a decoding of each R (canonical y, on the
/// curve).
///
/// The batch equation is **cofactored**: a batch of signatures that each
/// pass the single (cofactorless) check is always accepted, but a
/// signature crafted with a small-order component in R or A that the
/// single check rejects may pass the batch (as in ZIP 215 and
/// ed25519-dalek). Honest signers never produce such signatures; use
/// single verification where every verifier must agree bit for bit on
/// adversarial input (consensus).
///
/// # Errors
/// [`Error::VerificationFailed`] if any signature fails (which one is not
/// said: verify them one by one to find it), [`Error::InvalidLength`] for
/// a signature that is not 64 bytes, [`Error::RandomnessUnavailable`] if
/// the weights cannot be drawn.
#[cfg(feature = "getrandom")]
pub fn verify_batch(items: &[(&VerifyingKey, &[u8], &[u8])]) -> Result<(), Error> {
    verify_batch_with_impl(Impl::best(), items)
}

/// [`verify_batch`] on the field kernel `imp`.
///
/// # Errors
/// As [`verify_batch`].
#[cfg(feature = "getrandom")]
pub fn verify_batch_with_impl(
    imp: Checked,
    items: &[(&VerifyingKey, &[u8], &[u8])],
) -> Result<(), Error> {
    use alloc::vec::Vec;
    if items.is_empty() {
        return Ok(());
    }
    let mut zs = alloc::vec![0u8; 16 * items.len()];
    getrandom::fill(&mut zs).map_err(|_| Error::RandomnessUnavailable)?;
    let mut scalars: Vec<[u8; 32]> = Vec::with_capacity(2 * items.len());
    let mut sum_zs = [0u8; 32];
    let mut rs: Vec<[u8; 32]> = Vec::with_capacity(items.len());
    for (i, (key, msg, sig)) in items.iter().enumerate() {
        let sig: &[u8; 64] = (*sig).try_into().map_err(|_| Error::InvalidLength {
            what: "Ed25519 signature (64 bytes)",
            got: sig.len(),
        })?;
        let r: [u8; 32] = sig[..32].try_into().unwrap();
        let s: [u8; 32] = sig[32..].try_into().unwrap();
        if !scalar::is_canonical_vartime(&s) {
            return Err(Error::VerificationFailed);
        }
        let mut z = [0u8; 32];
        z[..16].copy_from_slice(&zs[16 * i..16 * i + 16]);
        let mut h = Sha512::new();
        h.update(&r);
        h.update(&key.bytes);
        h.update(msg);
        let k = scalar::reduce_wide(&h.finalize());
        sum_zs = scalar::mul_add(&z, &s, &sum_zs);
        scalars.push(z);
        scalars.push(scalar::mul_add(&z, &k, &[0; 32]));
        rs.push(r);
    }
    let b = scalar::neg(&sum_zs);
    let ok = with_field!(imp, |f| {
        let c = edwards::consts(f);
        let mut points = Vec::with_capacity(2 * items.len());
        for ((key, _, _), r) in items.iter().zip(&rs) {
            let Some(pr) = P3::from_bytes_vartime(f, &c, r) else {
                return Err(Error::VerificationFailed);
            };
            points.push(pr);
            let x = f.from_limbs(&key.x);
            let y = f.from_limbs(&key.y);
            points.push(P3 {
                x,
                y,
                z: f.one(),
                t: f.mul(&x, &y),
            });
        }
        Ok(edwards::multi_mul_base_vartime(f, &c, &scalars, &points, &b).is_small_order_vartime(f))
    })?;
    if ok {
        Ok(())
    } else {
        Err(Error::VerificationFailed)
    }
}

/// An Ed25519 public key, checked when made (see the module docs for the
/// rules); the decoded point is kept so verification does not decode it
/// again.
#[derive(Clone, Copy)]
pub struct VerifyingKey {
    bytes: [u8; 32],
    /// The affine x and y, canonical 64-bit limbs.
    x: [u64; 4],
    y: [u64; 4],
    imp: Checked,
}

impl core::fmt::Debug for VerifyingKey {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "ed25519::VerifyingKey(")?;
        for b in &self.bytes {
            write!(f, "{b:02x}")?;
        }
        write!(f, ")")
    }
}

impl PartialEq for VerifyingKey {
    fn eq(&self, other: &Self) -> bool {
        self.bytes == other.bytes
    }
}

impl Eq for VerifyingKey {}

fn limbs_of(b: &[u8; 32]) -> [u64; 4] {
    core::array::from_fn(|i| u64::from_le_bytes(b[8 * i..8 * i + 8].try_into().unwrap()))
}

impl VerifyingKey {
    /// The key of a 32-byte encoding, on the best field kernel.
    ///
    /// # Errors
    /// [`Error::InvalidKey`] when the encoding is not a canonical encoding
    /// of a curve point.
    pub fn from_bytes(b: &[u8; 32]) -> Result<VerifyingKey, Error> {
        VerifyingKey::from_bytes_with_impl(b, Impl::best())
    }

    /// [`VerifyingKey::from_bytes`] on the field kernel `imp`.
    ///
    /// # Errors
    /// As [`VerifyingKey::from_bytes`].
    pub fn from_bytes_with_impl(b: &[u8; 32], imp: Checked) -> Result<VerifyingKey, Error> {
        let xy = with_field!(imp, |f| {
            let c = edwards::consts(f);
            P3::from_bytes_vartime(f, &c, b).map(|p| (f.to_bytes(&p.x), f.to_bytes(&p.y)))
        });
        let (x, y) = xy.ok_or(Error::InvalidKey {
            what: "Ed25519 public key is not the canonical encoding of a curve point",
        })?;
        Ok(VerifyingKey {
            bytes: *b,
            x: limbs_of(&x),
            y: limbs_of(&y),
            imp,
        })
    }

    /// The same key on the field kernel `imp`.
    pub fn with_impl(mut self, imp: Checked) -> VerifyingKey {
        self.imp = imp;
        self
    }

    /// The 32-byte encoding.
    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.bytes
    }

    fn verify_variant(&self, v: Variant<'_>, msg: &[&[u8]], sig: &[u8]) -> Result<(), Error> {
        v.check()?;
        let sig: &[u8; 64] = sig.try_into().map_err(|_| Error::InvalidLength {
            what: "Ed25519 signature (64 bytes)",
            got: sig.len(),
        })?;
        let r: &[u8; 32] = sig[..32].try_into().unwrap();
        let s: &[u8; 32] = sig[32..].try_into().unwrap();
        if !scalar::is_canonical_vartime(s) {
            return Err(Error::VerificationFailed);
        }
        let mut h = v.hasher();
        h.update(r);
        h.update(&self.bytes);
        for m in msg {
            h.update(m);
        }
        let k = scalar::reduce_wide(&h.finalize());
        let ok = with_field!(self.imp, |f| {
            let c = edwards::consts(f);
            let x = f.from_limbs(&self.x);
            let y = f.from_limbs(&self.y);
            let a = P3 {
                x,
                y,
                z: f.one(),
                t: f.mul(&x, &y),
            };
            cofactorless_vartime(f, &c, &a, r, s, &k)
        });
        if ok {
            Ok(())
        } else {
            Err(Error::VerificationFailed)
        }
    }

    /// Verifies a pure Ed25519 signature of `msg`.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for a signature that is not 64 bytes,
    /// [`Error::VerificationFailed`] for one that does not verify.
    pub fn verify(&self, msg: &[u8], sig: &[u8]) -> Result<(), Error> {
        self.verify_variant(Variant::Pure, &[msg], sig)
    }

    /// Verifies an Ed25519ctx signature of `msg` under the context `ctx`.
    ///
    /// # Errors
    /// As [`VerifyingKey::verify`], and an empty or over-long `ctx`.
    pub fn verify_ctx(&self, ctx: &[u8], msg: &[u8], sig: &[u8]) -> Result<(), Error> {
        self.verify_variant(Variant::Ctx(ctx), &[msg], sig)
    }

    /// Verifies an Ed25519ph signature of `msg` (hashed here with SHA-512)
    /// under the context `ctx`.
    ///
    /// # Errors
    /// As [`VerifyingKey::verify`], and an over-long `ctx`.
    pub fn verify_ph(&self, ctx: &[u8], msg: &[u8], sig: &[u8]) -> Result<(), Error> {
        self.verify_prehashed(ctx, &crate::hash::sha512::sha512(msg), sig)
    }

    /// Verifies an Ed25519ph signature given the message's SHA-512 digest.
    ///
    /// # Errors
    /// As [`VerifyingKey::verify_ph`].
    pub fn verify_prehashed(&self, ctx: &[u8], digest: &[u8; 64], sig: &[u8]) -> Result<(), Error> {
        self.verify_variant(Variant::Ph(ctx), &[digest], sig)
    }
}

/// The cofactorless check `encode([s]B - [k]A) == r` for a canonical `s`
/// and `k < ℓ`, computed without the encoding (Pornin, ePrint 2020/454):
///
/// 1. `r` must decode to a point R (an encoding that does not decode, or
///    is not canonical, is never the output of `encode`; decoding is
///    injective on the encodings it accepts), and then the check is `R =
///    R'` for `R' = [s]B - [k]A`.
/// 2. [`lattice::reduce_vartime`] gives `u ≡ v k (mod 8ℓ)` with `v` odd,
///    `|v| < ℓ` (so `v` is invertible modulo the group order 8ℓ), both
///    about 2^128.
/// 3. As `[v]R' = [v s]B - [v k]A = [v s mod ℓ]B - [u]A` (B has order ℓ,
///    A order dividing 8ℓ, torsion included), `R = R'` exactly when `[v](R
///    - R') = [v]R - [v s mod ℓ]B + [u]A` is the neutral element.
/// 4. That sum is one four-scalar multiplication of about 128 doublings
///    ([`edwards::quad_mul_vartime`], B's scalar split at 2^128), and the
///    neutral element is recognised in projective coordinates (X = 0, Y =
///    Z), with no inversion.
///
/// Variable time: every input is public.
fn cofactorless_vartime<F: Field>(
    f: F,
    c: &edwards::Consts<F>,
    a: &P3<F>,
    r: &[u8; 32],
    s: &[u8; 32],
    k: &[u8; 32],
) -> bool {
    let Some(pr) = P3::from_bytes_vartime(f, c, r) else {
        return false;
    };
    let Some(red) = lattice::reduce_vartime(k) else {
        // Not reached for k < ℓ (see `reduce_vartime`); kept as the
        // plain equation rather than a panic.
        return cofactorless_reference_vartime(f, c, a, r, s, k);
    };
    // With v = ±|v|: [|v|](±R) + [u]A + [∓(|v| s) mod ℓ]B.
    let v = le_bytes(&red.v_abs);
    let vs = scalar::mul_add(s, &v, &[0; 32]);
    let (pr, b) = if red.v_neg {
        (pr.neg(f), vs)
    } else {
        (pr, scalar::neg(&vs))
    };
    let mut lo = [0u8; 32];
    let mut hi = [0u8; 32];
    lo[..16].copy_from_slice(&b[..16]);
    hi[..16].copy_from_slice(&b[16..]);
    edwards::quad_mul_vartime(f, c, &v, &pr, &le_bytes(&red.u), a, &lo, &hi).is_identity_vartime(f)
}

/// The cofactorless check as written, `encode([s]B - [k]A) == r`: 253
/// doublings and an inversion. Variable time.
fn cofactorless_reference_vartime<F: Field>(
    f: F,
    c: &edwards::Consts<F>,
    a: &P3<F>,
    r: &[u8; 32],
    s: &[u8; 32],
    k: &[u8; 32],
) -> bool {
    edwards::double_mul_base_vartime(f, c, k, &a.neg(f), s).to_bytes(f) == *r
}

fn le_bytes(l: &[u64; 4]) -> [u8; 32] {
    let mut b = [0u8; 32];
    for (c, x) in b.chunks_exact_mut(8).zip(l) {
        c.copy_from_slice(&x.to_le_bytes());
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Key generation takes the affine point from the comb's result; it
    /// must be the point that decoding the public key gives, on every
    /// kernel.
    #[test]
    fn keygen_point_matches_decoding() {
        let mut seed = [7u8; 32];
        for imp in Impl::ALL.iter().filter_map(|i| i.check()) {
            for i in 0..40u8 {
                seed[0] = i;
                seed[31] = i.wrapping_mul(37);
                let k = SigningKey::from_seed_with_impl(&seed, imp);
                let d = VerifyingKey::from_bytes_with_impl(&k.public.bytes, imp).unwrap();
                assert_eq!((k.public.x, k.public.y), (d.x, d.y), "{imp:?} seed {i}");
            }
        }
    }

    /// The fixed-base comb of every kernel (the four-way and side-by-side
    /// IFMA ones included) against the portable one, on scalars whose
    /// digits reach the ends of the table (8, -8, the carries between
    /// them) and on pseudo-random ones.
    #[test]
    fn comb_kernels_agree_with_portable() {
        let mut scalars: alloc::vec::Vec<[u8; 32]> = alloc::vec![
            [0; 32],
            [0x88; 32],
            [0x77; 32],
            [0xff; 32],
            [0x08; 32],
            [0x80; 32],
            [0xf8; 32],
            scalar::neg(&[1; 32]),
        ];
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..64 {
            let mut a = [0u8; 32];
            for b in a.iter_mut() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                *b = x as u8;
            }
            scalars.push(a);
        }
        for a in scalars.iter_mut() {
            a[31] &= 127;
        }
        let f = super::super::field::Portable;
        for a in &scalars {
            let want = edwards::mul_base(f, a).to_bytes(f);
            for imp in Impl::ALL.iter().filter_map(|i| i.check()) {
                assert_eq!(base_mul_bytes(imp, a), want, "{imp:?} {a:02x?}");
            }
        }
    }

    fn hex32(h: &str) -> [u8; 32] {
        core::array::from_fn(|i| u8::from_str_radix(&h[2 * i..2 * i + 2], 16).unwrap())
    }

    /// The lattice check agrees with `encode([s]B - [k]A) == r` on valid
    /// signatures, mutated ones, and ones whose A and R carry small-order
    /// components, for random and edge challenges, on every kernel.
    #[test]
    fn lattice_check_matches_reference() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        fn rand64(next: &mut dyn FnMut() -> u64) -> [u8; 64] {
            let mut b = [0u8; 64];
            for c in b.chunks_exact_mut(8) {
                c.copy_from_slice(&next().to_le_bytes());
            }
            b
        }
        let ell = le_bytes(&scalar::L);
        let mut ell_m1 = ell;
        ell_m1[0] -= 1;
        // (ℓ + 1) / 2: 16 k ≡ 8 (mod 8ℓ), a lattice with a very short even
        // vector, so the odd one is long (about 2^251).
        let l = scalar::L;
        let mut hl: [u64; 4] =
            core::array::from_fn(|i| (l[i] >> 1) | if i < 3 { l[i + 1] << 63 } else { 0 });
        hl[0] += 1;
        let half = le_bytes(&hl);
        let mut edge_k = alloc::vec![[0u8; 32], ell_m1, half];
        for v in [1u64, 2, 3, 8, 16, 255, u64::MAX] {
            let mut k = [0u8; 32];
            k[..8].copy_from_slice(&v.to_le_bytes());
            edge_k.push(k);
        }
        let t8_bytes = hex32("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a");
        let (mut accept, mut reject, mut torsion_accept, mut torsion_reject) = (0, 0, 0, 0);
        for imp in Impl::ALL.iter().filter_map(|i| i.check()) {
            with_field!(imp, |f| {
                let c = edwards::consts(f);
                let t8 = P3::from_bytes_vartime(f, &c, &t8_bytes).unwrap();
                // Multiples j T8, j = 0..8.
                let mut tors = [P3::identity(f); 8];
                for j in 1..8 {
                    tors[j] = tors[j - 1].add(f, &t8.to_cached(f, &c)).to_p3(f);
                }
                assert!(
                    tors[7]
                        .add(f, &t8.to_cached(f, &c))
                        .to_p3(f)
                        .to_p2()
                        .is_identity_vartime(f)
                );
                assert!(!tors[4].to_p2().is_identity_vartime(f));
                for it in 0..400 {
                    let x = scalar::reduce_wide(&rand64(&mut next));
                    let rn = scalar::reduce_wide(&rand64(&mut next));
                    let k = if it < edge_k.len() {
                        edge_k[it]
                    } else {
                        scalar::reduce_wide(&rand64(&mut next))
                    };
                    let (ja, jr) = if it % 2 == 0 {
                        (0, 0)
                    } else {
                        ((next() % 8) as usize, (next() % 8) as usize)
                    };
                    let a = edwards::mul_base(f, &x)
                        .add(f, &tors[ja].to_cached(f, &c))
                        .to_p3(f);
                    // A small-order A now and then.
                    let a = if it % 7 == 3 { tors[ja] } else { a };
                    let a = P3::from_bytes_vartime(f, &c, &a.to_bytes(f)).unwrap();
                    let rp = edwards::mul_base(f, &rn)
                        .add(f, &tors[jr].to_cached(f, &c))
                        .to_p3(f);
                    let s = scalar::mul_add(&k, &x, &rn);
                    let mut r = rp.to_bytes(f);
                    let mut s_m = s;
                    match it % 5 {
                        2 => r[(next() % 32) as usize] ^= 1 << (next() % 8),
                        3 => s_m[0] ^= 1,
                        4 => r = le_bytes(&[next(), next(), next(), next()]),
                        _ => {}
                    }
                    if !scalar::is_canonical_vartime(&s_m) {
                        continue;
                    }
                    let want = cofactorless_reference_vartime(f, &c, &a, &r, &s_m, &k);
                    let got = cofactorless_vartime(f, &c, &a, &r, &s_m, &k);
                    assert_eq!(got, want, "{imp:?} iteration {it}");
                    let tors_case = ja != 0 || jr != 0 || it % 7 == 3;
                    match (want, tors_case) {
                        (true, false) => accept += 1,
                        (false, false) => reject += 1,
                        (true, true) => torsion_accept += 1,
                        (false, true) => torsion_reject += 1,
                    }
                }
            });
        }
        assert!(accept > 0 && reject > 0 && torsion_accept > 0 && torsion_reject > 0);
        #[cfg(feature = "std")]
        std::eprintln!(
            "accept {accept} reject {reject} torsion accept {torsion_accept} torsion reject {torsion_reject}"
        );
    }
}
