//! X25519 key agreement (RFC 7748).
//!
//! The shared secret is the Montgomery ladder of RFC 7748 section 5 over
//! the peer's u-coordinate: 255 steps, each a constant-time conditional
//! swap and the same field operations whatever the scalar bit. A public
//! key (the scalar times the base point u = 9) is computed on the
//! birationally equivalent Edwards curve with the fixed-base comb table
//! (about 5x fewer field multiplications than a ladder) and mapped back by
//! u = (1 + y) / (1 - y).
//!
//! Scalars are clamped as RFC 7748 says (the three low bits cleared, bit
//! 255 cleared, bit 254 set); u-coordinates have bit 255 masked and
//! non-canonical values (`>= p`) are reduced, as the RFC requires. An
//! all-zero shared secret, which a peer key of small order forces, is
//! reported as an error (RFC 7748 section 6.1, RFC 8446 section 7.4.2).
//!
//! ```
//! use peregrine::ec::curve25519::x25519::PrivateKey;
//! let alice = PrivateKey::from_bytes([0x11; 32]);
//! let bob = PrivateKey::from_bytes([0x22; 32]);
//! let k1 = alice.diffie_hellman(&bob.public_key()).unwrap();
//! let k2 = bob.diffie_hellman(&alice.public_key()).unwrap();
//! assert_eq!(k1.as_bytes(), k2.as_bytes());
//! ```

use super::edwards;
use super::field::{Field, mask_of};
use super::{Checked, Impl, with_field};
use crate::Error;

/// The length of scalars, u-coordinates and shared secrets.
pub const KEY_LEN: usize = 32;

/// The base point's u-coordinate, 9.
pub const BASEPOINT: [u8; 32] = {
    let mut b = [0u8; 32];
    b[0] = 9;
    b
};

/// The scalar as RFC 7748 section 5 decodes it.
#[inline]
pub fn clamp(k: &[u8; 32]) -> [u8; 32] {
    let mut e = *k;
    e[0] &= 248;
    e[31] &= 127;
    e[31] |= 64;
    e
}

/// The ladder: x-coordinate of `[e] (u, .)` for a clamped `e`.
#[inline(always)]
fn ladder<F: Field>(f: F, e: &[u8; 32], u: &[u8; 32]) -> [u8; 32] {
    let (x, z) = ladder_xz(f, e, u);
    f.to_bytes(&f.mul(&x, &f.invert(&z)))
}

/// The ladder's projective result `(X : Z)` (Z = 0 for a result of small
/// order, which encodes as 0).
#[inline(always)]
fn ladder_xz<F: Field>(f: F, e: &[u8; 32], u: &[u8; 32]) -> (F::Fe, F::Fe) {
    let [r] = ladder_lanes::<F, 1>(f, [e], [u]);
    r
}

/// `N` independent ladders in one loop, each field operation issued for
/// every lane before the next: the lanes' multiplications are independent,
/// so an out-of-order core overlaps their carry chains (a single ladder is
/// bound by the latency of its dependent products).
#[inline(always)]
fn ladder_lanes<F: Field, const N: usize>(
    f: F,
    e: [&[u8; 32]; N],
    u: [&[u8; 32]; N],
) -> [(F::Fe, F::Fe); N] {
    let x1: [F::Fe; N] = core::array::from_fn(|l| f.from_bytes(u[l]));
    let mut x2 = [f.one(); N];
    let mut z2 = [f.zero(); N];
    let mut x3 = x1;
    let mut z3 = [f.one(); N];
    let mut swap = [0u64; N];
    for t in (0..255).rev() {
        for l in 0..N {
            let bit = u64::from((e[l][t >> 3] >> (t & 7)) & 1);
            let m = mask_of(swap[l] ^ bit);
            f.cswap(&mut x2[l], &mut x3[l], m);
            f.cswap(&mut z2[l], &mut z3[l], m);
            swap[l] = bit;
        }
        let a: [F::Fe; N] = core::array::from_fn(|l| f.add(&x2[l], &z2[l]));
        let b: [F::Fe; N] = core::array::from_fn(|l| f.sub(&x2[l], &z2[l]));
        let c: [F::Fe; N] = core::array::from_fn(|l| f.add(&x3[l], &z3[l]));
        let d: [F::Fe; N] = core::array::from_fn(|l| f.sub(&x3[l], &z3[l]));
        let aa: [F::Fe; N] = core::array::from_fn(|l| f.sqr(&a[l]));
        let bb: [F::Fe; N] = core::array::from_fn(|l| f.sqr(&b[l]));
        let da: [F::Fe; N] = core::array::from_fn(|l| f.mul(&d[l], &a[l]));
        let cb: [F::Fe; N] = core::array::from_fn(|l| f.mul(&c[l], &b[l]));
        let ee: [F::Fe; N] = core::array::from_fn(|l| f.sub(&aa[l], &bb[l]));
        for l in 0..N {
            x3[l] = f.sqr(&f.add(&da[l], &cb[l]));
        }
        let s: [F::Fe; N] = core::array::from_fn(|l| f.sqr(&f.sub(&da[l], &cb[l])));
        for l in 0..N {
            x2[l] = f.mul(&aa[l], &bb[l]);
        }
        let g: [F::Fe; N] = core::array::from_fn(|l| f.add(&bb[l], &f.mul_121666(&ee[l])));
        for l in 0..N {
            z3[l] = f.mul(&x1[l], &s[l]);
            z2[l] = f.mul(&ee[l], &g[l]);
        }
    }
    core::array::from_fn(|l| {
        let m = mask_of(swap[l]);
        f.cswap(&mut x2[l], &mut x3[l], m);
        f.cswap(&mut z2[l], &mut z3[l], m);
        (x2[l], z2[l])
    })
}

/// How many ladders share one inversion in [`x25519_many`].
pub(super) const BATCH: usize = 16;

/// Up to [`BATCH`] ladders, two at a time (one for an odd last one), then
/// [`finish_batch`].
#[inline(always)]
pub(super) fn ladder_batch<F: Field>(f: F, k: &[[u8; 32]], u: &[[u8; 32]], out: &mut [[u8; 32]]) {
    let n = k.len();
    debug_assert!(n <= BATCH && u.len() == n && out.len() == n);
    let mut xs = [f.zero(); BATCH];
    let mut zs = [f.one(); BATCH];
    let mut i = 0;
    while i < n {
        let mut e0 = clamp(&k[i]);
        let res = if i + 1 < n {
            let mut e1 = clamp(&k[i + 1]);
            let r = ladder_lanes::<F, 2>(f, [&e0, &e1], [&u[i], &u[i + 1]]);
            crate::ct::wipe(&mut e1);
            [Some(r[0]), Some(r[1])]
        } else {
            [Some(ladder_xz(f, &e0, &u[i])), None]
        };
        crate::ct::wipe(&mut e0);
        for (j, r) in res.into_iter().enumerate() {
            if let Some((x, z)) = r {
                xs[i + j] = x;
                zs[i + j] = z;
            }
        }
        i += 2;
    }
    finish_batch(f, &xs[..n], &zs[..n], out);
}

/// `out[i] = x[i] / z[i]` encoded, for up to [`BATCH`] projective results,
/// with one field inversion for all of them by Montgomery's trick (3
/// multiplications per element instead of an inversion each). A Z of 0 is
/// replaced by 1 for the product and its result forced to 0 afterwards, by
/// masks.
#[inline(always)]
pub(super) fn finish_batch<F: Field>(f: F, xs: &[F::Fe], zs: &[F::Fe], out: &mut [[u8; 32]]) {
    let n = out.len();
    debug_assert!(n <= BATCH && xs.len() == n && zs.len() == n);
    let mut zero = [0u64; BATCH];
    let mut z = [f.one(); BATCH];
    for i in 0..n {
        zero[i] = f.is_zero(&zs[i]);
        z[i] = f.select(&zs[i], &f.one(), zero[i]);
    }
    // prefix[i] = z_0 ... z_i
    let mut prefix = [f.one(); BATCH];
    let mut acc = f.one();
    for i in 0..n {
        acc = f.mul(&acc, &z[i]);
        prefix[i] = acc;
    }
    let mut inv = f.invert(&acc);
    for i in (0..n).rev() {
        // inv = (z_0 ... z_i)^-1: z_i^-1 = inv * prefix[i - 1].
        let zi = if i == 0 {
            inv
        } else {
            f.mul(&inv, &prefix[i - 1])
        };
        inv = f.mul(&inv, &z[i]);
        let r = f.select(&f.mul(&xs[i], &zi), &f.zero(), zero[i]);
        out[i] = f.to_bytes(&r);
    }
}

/// `[e] B` on Edwards, mapped to the Montgomery u-coordinate (1 + y) / (1 -
/// y) = (Z + Y) / (Z - Y).
#[inline(always)]
fn base_u<F: Field>(imp: Checked, f: F, e: &[u8; 32]) -> [u8; 32] {
    let p = edwards::mul_base_on(imp, f, e);
    let num = f.add(&p.z, &p.y);
    let den = f.sub(&p.z, &p.y);
    f.to_bytes(&f.mul(&num, &f.invert(&den)))
}

/// Whether 32 bytes are all zero, in constant time; the verdict is public
/// (the caller returns it as `Ok` or `Err`).
fn all_zero(b: &[u8; 32]) -> bool {
    let mut d = 0u8;
    for &x in b {
        d |= x;
    }
    crate::ct::declassify(mask_of(u64::from(d).wrapping_sub(1) >> 63) != 0)
}

/// X25519(k, u) on the best kernel for this CPU: the shared secret of the
/// scalar `k` and the peer's u-coordinate `u`.
///
/// # Errors
/// [`Error::InvalidKey`] when the result is all zero (the peer's key has
/// small order: a contributory protocol must abort).
pub fn x25519(k: &[u8; 32], u: &[u8; 32]) -> Result<[u8; 32], Error> {
    x25519_with_impl(Impl::best(), k, u)
}

/// [`x25519`] on the field kernel `imp`.
///
/// # Errors
/// As [`x25519`].
pub fn x25519_with_impl(imp: Checked, k: &[u8; 32], u: &[u8; 32]) -> Result<[u8; 32], Error> {
    let mut out = x25519_raw(imp, k, u);
    if all_zero(&out) {
        return Err(Error::InvalidKey {
            what: "X25519 peer key of small order (all-zero shared secret)",
        });
    }
    crate::ct::declassify_slice(&mut out);
    Ok(out)
}

/// X25519 without the all-zero check (RFC 7748's function exactly, as its
/// test vectors and iterations use it).
pub fn x25519_raw(imp: Checked, k: &[u8; 32], u: &[u8; 32]) -> [u8; 32] {
    let mut e = clamp(k);
    let out = match imp.get() {
        #[cfg(target_arch = "x86_64")]
        Impl::Ifma | Impl::Ifma512 => {
            // SAFETY: a `Checked` for `Ifma` or `Ifma512` exists only when
            // the CPU has AVX-512 F, VL and IFMA (and BMI2 + ADX for the
            // field below). The ladder's dependent chain fills four lanes;
            // zmm would not shorten it.
            let (x, z) = unsafe { super::many::x86_64_ifma::y::ladder4(&e, u) };
            with_field!(imp, |f| {
                let dec = |v: &[u64; 5]| super::many::x86_64_ifma::to_field(f, v);
                f.to_bytes(&f.mul(&dec(&x), &f.invert(&dec(&z))))
            })
        }
        _ => with_field!(imp, |f| ladder(f, &e, u)),
    };
    crate::ct::wipe(&mut e);
    out
}

/// X25519 of many independent pairs, `out[i] = X25519(k[i], u[i])`, on
/// the best [`many`](super::many) backend: with AVX-512 IFMA eight ladders
/// run in the lanes of zmm registers (four in ymm where zmm is not in
/// force); elsewhere two scalar ladders interleave. Every 16 results share
/// one field inversion (Montgomery's trick). Constant time in the secrets,
/// like [`x25519`].
///
/// # Errors
/// [`Error::InvalidLength`] unless the three slices have the same length
/// (nothing is written then); [`Error::InvalidKey`] when some output is
/// all zero (a peer key of small order). Every output is written either
/// way, so a caller that wants the others can use them (see
/// [`is_all_zero`]).
pub fn x25519_many(k: &[[u8; 32]], u: &[[u8; 32]], out: &mut [[u8; 32]]) -> Result<(), Error> {
    x25519_many_with_impl(super::many::Impl::best(), k, u, out)
}

/// [`x25519_many`] on the backend `imp`.
///
/// # Errors
/// As [`x25519_many`].
pub fn x25519_many_with_impl(
    imp: super::many::Checked,
    k: &[[u8; 32]],
    u: &[[u8; 32]],
    out: &mut [[u8; 32]],
) -> Result<(), Error> {
    if u.len() != k.len() || out.len() != k.len() {
        return Err(Error::InvalidLength {
            what: "x25519_many: scalars, u-coordinates and outputs must have the same count",
            got: if u.len() != k.len() {
                u.len()
            } else {
                out.len()
            },
        });
    }
    super::many::run(imp, k, u, out);
    let mut bad = false;
    for o in out.iter_mut() {
        bad |= all_zero(o);
        crate::ct::declassify_slice(o);
    }
    if bad {
        return Err(Error::InvalidKey {
            what: "X25519 peer key of small order (all-zero shared secret)",
        });
    }
    Ok(())
}

/// Whether a shared secret is all zero (the result of a peer key of small
/// order), in constant time.
pub fn is_all_zero(b: &[u8; 32]) -> bool {
    all_zero(b)
}

/// The public key (X25519(k, 9)) of the scalar `k`, on the best kernel.
pub fn public_key(k: &[u8; 32]) -> [u8; 32] {
    public_key_with_impl(Impl::best(), k)
}

/// [`public_key`] on the field kernel `imp` (the Edwards comb table, not
/// the ladder: the same result, faster).
pub fn public_key_with_impl(imp: Checked, k: &[u8; 32]) -> [u8; 32] {
    let mut e = clamp(k);
    let mut out = with_field!(imp, |f| base_u(imp, f, &e));
    crate::ct::wipe(&mut e);
    // A public key is public.
    crate::ct::declassify_slice(&mut out);
    out
}

/// An X25519 private key (a 32-byte scalar, clamped when used), wiped on
/// drop.
#[derive(Clone)]
pub struct PrivateKey {
    k: [u8; 32],
    imp: Checked,
}

impl core::fmt::Debug for PrivateKey {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("x25519::PrivateKey")
            .field("backend", &self.imp.get().name())
            .finish_non_exhaustive()
    }
}

impl Drop for PrivateKey {
    fn drop(&mut self) {
        crate::ct::wipe(&mut self.k);
    }
}

impl PrivateKey {
    /// The key of 32 bytes (stored as given; clamped when used), on the
    /// best kernel.
    pub fn from_bytes(k: [u8; 32]) -> PrivateKey {
        PrivateKey {
            k,
            imp: Impl::best(),
        }
    }

    /// A fresh key from the operating system's random number generator.
    ///
    /// # Errors
    /// [`Error::RandomnessUnavailable`] when the generator fails.
    #[cfg(feature = "getrandom")]
    pub fn generate() -> Result<PrivateKey, Error> {
        let mut k = [0u8; 32];
        getrandom::fill(&mut k).map_err(|_| Error::RandomnessUnavailable)?;
        crate::ct::classify_slice(&mut k);
        Ok(PrivateKey::from_bytes(k))
    }

    /// The same key on the field kernel `imp`.
    pub fn with_impl(mut self, imp: Checked) -> PrivateKey {
        self.imp = imp;
        self
    }

    /// The 32 bytes of the key, as given.
    pub fn to_bytes(&self) -> [u8; 32] {
        self.k
    }

    /// The kernel in use.
    pub fn backend(&self) -> &'static str {
        self.imp.get().name()
    }

    /// The public key.
    pub fn public_key(&self) -> PublicKey {
        PublicKey(public_key_with_impl(self.imp, &self.k))
    }

    /// The shared secret with `peer`.
    ///
    /// # Errors
    /// As [`x25519`]: a peer key of small order.
    pub fn diffie_hellman(&self, peer: &PublicKey) -> Result<SharedSecret, Error> {
        x25519_with_impl(self.imp, &self.k, &peer.0).map(SharedSecret)
    }
}

/// An X25519 public key: a u-coordinate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PublicKey(pub [u8; 32]);

impl PublicKey {
    /// The 32 bytes.
    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }
}

/// A shared secret, wiped on drop.
pub struct SharedSecret([u8; 32]);

impl core::fmt::Debug for SharedSecret {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("SharedSecret(..)")
    }
}

impl Drop for SharedSecret {
    fn drop(&mut self) {
        crate::ct::wipe(&mut self.0);
    }
}

impl SharedSecret {
    /// The 32 bytes.
    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The generic ladder and comb on the 32-bit kernel (built for tests on
    /// every target): RFC 7748 section 5.2 and 6.1.
    #[test]
    fn soft32_ladder_and_comb() {
        let f = super::super::field::soft32::Soft32;
        let h = |s: &str| -> [u8; 32] {
            core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
        };
        let k = h("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4");
        let u = h("e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c");
        let out = h("c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552");
        assert_eq!(ladder(f, &clamp(&k), &u), out);
        let a = h("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
        let pa = h("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a");
        assert_eq!(base_u(Impl::Soft.check().unwrap(), f, &clamp(&a)), pa);
        assert_eq!(ladder(f, &clamp(&a), &BASEPOINT), pa);
    }
}
