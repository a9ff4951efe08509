//! Arithmetic modulo the primes of the NIST curves (their fields and their
//! group orders), in Montgomery form over `N` 64-bit limbs.
//!
//! One generic implementation serves P-256 (4 limbs), P-384 (6) and P-521
//! (9): coarsely integrated operand scanning (CIOS) Montgomery
//! multiplication with `u128` products, every result fully reduced (below
//! the modulus) by a masked final subtraction. On 32-bit targets the
//! product and square run over the limbs' 32-bit halves with `u64`
//! products instead (the same `R = 2^(64 N)`, so the same Montgomery
//! form). The Montgomery constants (`-p^-1 mod 2^64`, `R mod p`, `R^2 mod
//! p`) are computed at compile time from the modulus by `const fn`s, so a
//! modulus is one hex string. A modulus may instead keep its elements in
//! plain form (`R = 1`, [`Modulus::PLAIN`]: P-521's field), with a plain
//! product of its own; the rest of this file is the same for both.
//!
//! Constant time: no operation branches on or indexes by an element's
//! value. Exponentiation ([`Mont::pow_public`]) takes a public exponent
//! (p - 2 for inversion, (p + 1) / 4 for square roots): its branches
//! depend on the exponent's bits only, never on the base.

// Limb loops index several arrays in step; the index form is the clearer.
#![allow(clippy::needless_range_loop)]

use core::marker::PhantomData;

use crate::ec::curve25519::field::{Mask, mask_of};

/// A modulus: an odd number of at most `64 * N - 1` bits.
pub(crate) trait Modulus<const N: usize>: Copy + 'static {
    /// The modulus, little-endian limbs.
    const P: [u64; N];
    /// `-P^-1 mod 2^64`.
    const N0: u64 = n0(Self::P[0]);
    /// Whether elements are in plain form, `R = 1`: then [`Self::mont_mul`]
    /// and [`Self::mont_sqr`] must be overridden by the plain product and
    /// square mod `P` (P-521, whose Mersenne reduction gives them
    /// directly; `field521.rs`); the default ones are Montgomery's.
    /// Otherwise `R = 2^(64 N)`, the Montgomery form.
    const PLAIN: bool = false;
    /// `R mod P`, with `R = 2^(64 N)` (1 when [`Self::PLAIN`]): one in
    /// the elements' form.
    const R1: [u64; N] = if Self::PLAIN {
        one()
    } else {
        mont_const(&one(), &Self::P)
    };
    /// `R^2 mod P`.
    const R2: [u64; N] = if Self::PLAIN {
        one()
    } else {
        mont_const(&Self::R1, &Self::P)
    };
    /// `R^3 mod P`: the product by it turns `(a R)^-1` into `a^-1 R`
    /// (after the divstep inversion, 64-bit targets only).
    #[cfg(target_pointer_width = "64")]
    const R3: [u64; N] = if Self::PLAIN {
        one()
    } else {
        mont_const(&Self::R2, &Self::P)
    };
    /// The modulus for the divstep inversion (four-limb moduli only; a
    /// placeholder otherwise).
    #[cfg(target_pointer_width = "64")]
    const SAFEGCD: crate::ec::safegcd::Modulus = crate::ec::safegcd::Modulus::from_limbs(&Self::P);

    /// The Montgomery product of reduced limbs, reduced: the portable
    /// CIOS unless a modulus brings a kernel of its own.
    #[inline(always)]
    fn mont_mul(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        Mont::<Self, N>::from_limbs(*a)
            .mul_portable(&Mont::from_limbs(*b))
            .l
    }

    /// The Montgomery square of reduced limbs, reduced.
    #[inline(always)]
    fn mont_sqr(a: &[u64; N]) -> [u64; N] {
        Mont::<Self, N>::from_limbs(*a).sqr_portable().l
    }

    /// `a + b mod P` of reduced limbs, reduced.
    #[inline(always)]
    fn mont_add(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        Mont::<Self, N>::from_limbs(*a)
            .add_portable(&Mont::from_limbs(*b))
            .l
    }

    /// `a - b mod P` of reduced limbs, reduced.
    #[inline(always)]
    fn mont_sub(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        Mont::<Self, N>::from_limbs(*a)
            .sub_portable(&Mont::from_limbs(*b))
            .l
    }

    /// Whether [`Self::mont_sub2`] is a one-pass kernel of its own: the
    /// Jacobian doubling (its [`Self::FUSED_LIN`] form) then forms `Z3` as
    /// `(Y + Z)^2 - Y^2 - Z^2` (an addition, a square and the fused double
    /// subtraction) instead of `2 Y Z` (a product and a doubling),
    /// which pays where a square is much cheaper than a product (P-521:
    /// 45 limb products against 81).
    const FUSED_SUB2: bool = false;

    /// `a - b - c mod P` of reduced limbs, reduced (by default, two
    /// subtractions; one pass where the field has a kernel for it).
    #[inline(always)]
    fn mont_sub2(a: &[u64; N], b: &[u64; N], c: &[u64; N]) -> [u64; N] {
        Self::mont_sub(&Self::mont_sub(a, b), c)
    }

    /// Whether the three small linear combinations below are fused
    /// kernels of their own rather than the defaults' chains of additions:
    /// the Jacobian doubling then takes the formula built on them
    /// (`point::Jacobian::double`).
    const FUSED_LIN: bool = false;

    /// `12 a - 9 b mod P` of reduced limbs, reduced (by default, eight
    /// additions and a subtraction).
    #[inline(always)]
    fn mont_lin_12_9(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        let a2 = Self::mont_add(a, a);
        let a4 = Self::mont_add(&a2, &a2);
        let a12 = Self::mont_add(&a4, &Self::mont_add(&a4, &a4));
        let b2 = Self::mont_add(b, b);
        let b4 = Self::mont_add(&b2, &b2);
        let b9 = Self::mont_add(&Self::mont_add(&b4, &b4), b);
        Self::mont_sub(&a12, &b9)
    }

    /// `4 a - b mod P`, as [`Self::mont_lin_12_9`].
    #[inline(always)]
    fn mont_lin_4_1(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        let a2 = Self::mont_add(a, a);
        Self::mont_sub(&Self::mont_add(&a2, &a2), b)
    }

    /// `3 a - 8 b mod P`, as [`Self::mont_lin_12_9`].
    #[inline(always)]
    fn mont_lin_3_8(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        let a3 = Self::mont_add(&Self::mont_add(a, a), a);
        let b2 = Self::mont_add(b, b);
        let b4 = Self::mont_add(&b2, &b2);
        Self::mont_sub(&a3, &Self::mont_add(&b4, &b4))
    }
}

/// Little-endian limbs of a big-endian hex string (at most `16 N` digits).
pub(crate) const fn hex<const N: usize>(s: &str) -> [u64; N] {
    let b = s.as_bytes();
    let mut out = [0u64; N];
    let mut i = 0;
    while i < b.len() {
        let c = b[b.len() - 1 - i];
        let d = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            b'A'..=b'F' => c - b'A' + 10,
            _ => panic!("not a hex digit"),
        } as u64;
        out[i / 16] |= d << (4 * (i % 16));
        i += 1;
    }
    out
}

const fn one<const N: usize>() -> [u64; N] {
    let mut o = [0u64; N];
    o[0] = 1;
    o
}

/// `-p0^-1 mod 2^64` by Newton's iteration: 1 is `p0^-1` mod 2 for odd
/// `p0`, and each step doubles the number of correct low bits (6 steps).
const fn n0(p0: u64) -> u64 {
    let mut inv: u64 = 1;
    let mut i = 0;
    while i < 6 {
        inv = inv.wrapping_mul(2u64.wrapping_sub(p0.wrapping_mul(inv)));
        i += 1;
    }
    inv.wrapping_neg()
}

/// `x * R mod p` for `x < p`, by `64 N` modular doublings (compile time).
pub(crate) const fn mont_const<const N: usize>(x: &[u64; N], p: &[u64; N]) -> [u64; N] {
    let mut x = *x;
    let mut k = 0;
    while k < 64 * N {
        // x = 2x mod p
        let mut carry = 0u64;
        let mut i = 0;
        while i < N {
            let nc = x[i] >> 63;
            x[i] = (x[i] << 1) | carry;
            carry = nc;
            i += 1;
        }
        // subtract p when 2x >= p
        let mut ge = carry == 1;
        if !ge {
            ge = true;
            let mut j = N;
            while j > 0 {
                j -= 1;
                if x[j] != p[j] {
                    ge = x[j] > p[j];
                    break;
                }
            }
        }
        if ge {
            let mut borrow = 0u64;
            let mut i = 0;
            while i < N {
                let (d1, b1) = x[i].overflowing_sub(p[i]);
                let (d2, b2) = d1.overflowing_sub(borrow);
                x[i] = d2;
                borrow = (b1 | b2) as u64;
                i += 1;
            }
        }
        k += 1;
    }
    x
}

#[inline(always)]
fn adc(a: u64, b: u64, c: u64) -> (u64, u64) {
    let t = a as u128 + b as u128 + c as u128;
    (t as u64, (t >> 64) as u64)
}

#[inline(always)]
fn sbb(a: u64, b: u64, borrow: u64) -> (u64, u64) {
    let t = (a as u128).wrapping_sub(b as u128 + borrow as u128);
    (t as u64, ((t >> 64) as u64) & 1)
}

#[cfg(any(test, target_pointer_width = "64"))]
#[inline(always)]
fn mac(acc: u64, a: u64, b: u64, c: u64) -> (u64, u64) {
    let t = acc as u128 + (a as u128) * (b as u128) + c as u128;
    (t as u64, (t >> 64) as u64)
}

/// `acc + a b + c` as its low and high 32-bit halves (ARM's `UMAAL`); it
/// fits a `u64`: `(2^32 - 1)^2 + 2 (2^32 - 1) = 2^64 - 1`.
#[cfg(any(test, not(target_pointer_width = "64")))]
#[inline(always)]
fn mac32(acc: u32, a: u32, b: u32, c: u32) -> (u32, u32) {
    let t = acc as u64 + (a as u64) * (b as u64) + c as u64;
    (t as u32, (t >> 32) as u32)
}

/// `a + b + c` as its low half and carry.
#[cfg(any(test, not(target_pointer_width = "64")))]
#[inline(always)]
fn adc32(a: u32, b: u32, c: u32) -> (u32, u32) {
    let t = a as u64 + b as u64 + c as u64;
    (t as u32, (t >> 32) as u32)
}

/// `a - b - borrow` as its low half and borrow (0 or 1).
#[cfg(any(test, not(target_pointer_width = "64")))]
#[inline(always)]
fn sbb32(a: u32, b: u32, borrow: u32) -> (u32, u32) {
    let t = (a as u64).wrapping_sub(b as u64 + borrow as u64);
    (t as u32, ((t >> 32) as u32) & 1)
}

/// The 32-bit halves of `N` 64-bit limbs, little-endian (`as_flattened`
/// gives the `2N` limbs: a generic array of exactly `2N` entries).
#[cfg(any(test, not(target_pointer_width = "64")))]
#[inline(always)]
const fn split32<const N: usize>(x: &[u64; N]) -> [[u32; 2]; N] {
    let mut o = [[0u32; 2]; N];
    let mut i = 0;
    while i < N {
        o[i] = [x[i] as u32, (x[i] >> 32) as u32];
        i += 1;
    }
    o
}

/// The operations the curve code needs of a field (or scalar) element.
/// Every element is fully reduced; results are too.
pub(crate) trait Elem: Copy {
    /// Little-endian canonical limbs.
    type Limbs: Copy + AsRef<[u64]> + AsMut<[u64]>;
    /// 0.
    const ZERO: Self;
    /// 1.
    const ONE: Self;
    /// The modulus.
    fn modulus() -> Self::Limbs;
    /// The element of a canonical value `x < p`.
    fn from_canonical(x: &Self::Limbs) -> Self;
    /// The canonical value.
    fn to_canonical(&self) -> Self::Limbs;
    /// A small constant.
    #[cfg_attr(not(test), allow(dead_code))]
    fn from_u64(x: u64) -> Self;
    /// `self + other`.
    fn add(&self, other: &Self) -> Self;
    /// `2 self`.
    fn dbl(&self) -> Self;
    /// `self - other`.
    fn sub(&self, other: &Self) -> Self;
    /// `-self`.
    fn neg(&self) -> Self;
    /// `self * other`.
    fn mul(&self, other: &Self) -> Self;
    /// `self^2`.
    fn sqr(&self) -> Self;
    /// `self^(2^k)`.
    fn sqr_n(&self, k: usize) -> Self;
    /// Whether `sub2` is fused (see [`Modulus::FUSED_SUB2`]).
    const FUSED_SUB2: bool;
    /// `self - b - c`.
    fn sub2(&self, b: &Self, c: &Self) -> Self;
    /// Whether the `lin_*` combinations are fused kernels (see
    /// [`Modulus::FUSED_LIN`]).
    const FUSED_LIN: bool;
    /// `12 self - 9 other`.
    fn lin_12_9(&self, other: &Self) -> Self;
    /// `4 self - other`.
    fn lin_4_1(&self, other: &Self) -> Self;
    /// `3 self - 8 other`.
    fn lin_3_8(&self, other: &Self) -> Self;
    /// `self^e` for a public exponent.
    fn pow_public(&self, e: &Self::Limbs) -> Self;
    /// `self^-1` (0 for 0); the modulus is prime.
    fn invert(&self) -> Self;
    /// All ones when zero.
    fn is_zero(&self) -> Mask;
    /// All ones when equal.
    fn ct_eq(&self, other: &Self) -> Mask;
    /// `a` when `m` is all ones, else `b`.
    fn select(m: Mask, a: &Self, b: &Self) -> Self;
    /// `self = other` when `m` is all ones.
    fn cmov(&mut self, m: Mask, other: &Self);
    /// The element of a big-endian encoding (at most the limbs' width),
    /// `None` unless below the modulus.
    fn from_be_bytes(bytes: &[u8]) -> Option<Self>;
    /// The canonical value, big-endian, into all of `out`.
    fn write_be_bytes(&self, out: &mut [u8]);
    /// The element of `x < 2p` (one masked subtraction).
    fn from_canonical_below_2p(x: &Self::Limbs) -> Self;
    /// The element of canonical limbs `x`, `None` unless `x < p`.
    fn from_canonical_checked(x: &Self::Limbs) -> Option<Self>;
    /// Zero limbs.
    fn zero_limbs() -> Self::Limbs {
        let mut m = Self::modulus();
        m.as_mut().fill(0);
        m
    }
    /// Limbs from a slice of at most as many limbs (zero-extended).
    fn limbs_from(s: &[u64]) -> Self::Limbs {
        let mut m = Self::zero_limbs();
        m.as_mut()[..s.len()].copy_from_slice(s);
        m
    }
    /// Overwrites the value with zero (volatile writes).
    fn wipe(&mut self);
    /// The internal representation (Montgomery form, or plain for
    /// P-521's field), for moving an
    /// element between kernels of the same modulus.
    fn to_raw(&self) -> Self::Limbs;
    /// The element of an internal representation from [`Elem::to_raw`].
    fn from_raw(l: Self::Limbs) -> Self;
    /// A square root for a modulus `= 3 mod 4` (`self^((p+1)/4)`), and all
    /// ones when it is one (`self` is a square).
    fn sqrt(&self) -> (Self, Mask) {
        let mut e = Self::modulus();
        // (p + 1) / 4 = (p >> 2) + 1 for p = 3 mod 4
        let l = e.as_mut();
        for i in 0..l.len() {
            let hi = if i + 1 < l.len() { l[i + 1] << 62 } else { 0 };
            l[i] = (l[i] >> 2) | hi;
        }
        let mut c = 1u64;
        for x in l.iter_mut() {
            let (v, o) = x.overflowing_add(c);
            *x = v;
            c = o as u64;
        }
        let r = self.pow_public(&e);
        let ok = r.sqr().ct_eq(self);
        (r, ok)
    }
}

/// The same value under another kernel of the same modulus (the
/// representation is shared).
#[inline(always)]
pub(crate) fn cast<A: Elem, B: Elem<Limbs = A::Limbs>>(a: &A) -> B {
    B::from_raw(a.to_raw())
}

/// The Montgomery product (CIOS) and square (separated operand scanning)
/// over 64-bit limbs with `u128` products, as methods of [`Mont`] named
/// `$mul` and `$sqr`: `mul_portable` and `sqr_portable` on 64-bit targets,
/// the tests' reference (`mul_limbs64`, `sqr_limbs64`) on 32-bit ones.
#[cfg(any(test, target_pointer_width = "64"))]
macro_rules! limbs64 {
    ($(#[$mdoc:meta])* mul: $mul:ident, $(#[$sdoc:meta])* sqr: $sqr:ident) => {
        $(#[$mdoc])*
        #[inline(always)]
        pub(crate) fn $mul(&self, other: &Self) -> Self {
            let a = &self.l;
            let b = &other.l;
            let p = &M::P;
            let mut t = [0u64; N];
            let mut t_n = 0u64;
            for &ai in a.iter() {
                let mut c = 0;
                for j in 0..N {
                    (t[j], c) = mac(t[j], ai, b[j], c);
                }
                let (s, t_n1) = adc(t_n, c, 0);
                let m = t[0].wrapping_mul(M::N0);
                let (_, mut c) = mac(t[0], m, p[0], 0);
                for j in 1..N {
                    (t[j - 1], c) = mac(t[j], m, p[j], c);
                }
                let (s2, c2) = adc(s, c, 0);
                t[N - 1] = s2;
                t_n = t_n1 + c2;
            }
            Self::reduce_once(t_n, &t)
        }

        $(#[$sdoc])*
        #[inline(always)]
        pub(crate) fn $sqr(&self) -> Self {
            // Separated operand scanning: the 2N-limb square (each cross
            // product once, then doubled), then N Montgomery reduction steps.
            const MAX: usize = 9;
            const { assert!(N <= MAX) };
            let a = &self.l;
            let p = &M::P;
            let mut t = [0u64; 2 * MAX];
            for i in 0..N {
                let mut c = 0;
                for j in i + 1..N {
                    (t[i + j], c) = mac(t[i + j], a[i], a[j], c);
                }
                t[i + N] = c;
            }
            let mut hi = 0;
            for x in t[..2 * N].iter_mut() {
                let nx = (*x << 1) | hi;
                hi = *x >> 63;
                *x = nx;
            }
            let mut c = 0;
            for i in 0..N {
                let (lo, h) = mac(0, a[i], a[i], 0);
                (t[2 * i], c) = adc(t[2 * i], lo, c);
                (t[2 * i + 1], c) = adc(t[2 * i + 1], h, c);
            }
            let mut top = 0;
            for i in 0..N {
                let m = t[i].wrapping_mul(M::N0);
                let mut c = 0;
                for j in 0..N {
                    (t[i + j], c) = mac(t[i + j], m, p[j], c);
                }
                (t[i + N], top) = adc(t[i + N], c, top);
            }
            let mut r = [0u64; N];
            r.copy_from_slice(&t[N..2 * N]);
            Self::reduce_once(top, &r)
        }
    };
}

/// An element modulo `M::P` in Montgomery form (`x R mod p`; `R = 1`
/// for a [`Modulus::PLAIN`] modulus), fully reduced.
pub(crate) struct Mont<M: Modulus<N>, const N: usize> {
    pub(crate) l: [u64; N],
    _m: PhantomData<M>,
}

impl<M: Modulus<N>, const N: usize> Clone for Mont<M, N> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}
impl<M: Modulus<N>, const N: usize> Copy for Mont<M, N> {}

impl<M: Modulus<N>, const N: usize> core::fmt::Debug for Mont<M, N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Mont(..)")
    }
}

impl<M: Modulus<N>, const N: usize> Mont<M, N> {
    /// `self^-1` (`0` for `0`) by Fermat's little theorem, `self^(p-2)`:
    /// the modulus must be prime. Constant time (the exponent is public).
    pub(crate) fn invert_fermat(&self) -> Self {
        let mut e = M::P;
        // p - 2 (p is odd and > 2: no borrow past limb 0)
        e[0] -= 2;
        self.pow_public(&e)
    }

    /// Limbs that are already in Montgomery form and reduced.
    #[inline(always)]
    pub(crate) const fn from_limbs(l: [u64; N]) -> Self {
        Mont { l, _m: PhantomData }
    }

    /// The element of the canonical value `x < p` (compile time).
    pub(crate) const fn from_canonical_const(x: [u64; N]) -> Self {
        if M::PLAIN {
            Self::from_limbs(x)
        } else {
            Self::from_limbs(mont_const(&x, &M::P))
        }
    }

    /// `(v, borrow)` where `v = x - p` over N limbs.
    #[inline(always)]
    fn sub_p(x: &[u64; N]) -> ([u64; N], u64) {
        let mut d = [0u64; N];
        let mut b = 0;
        for i in 0..N {
            (d[i], b) = sbb(x[i], M::P[i], b);
        }
        (d, b)
    }

    /// Keeps `x` when `keep` is all ones, else `y`.
    #[inline(always)]
    fn pick(keep: Mask, x: &[u64; N], y: &[u64; N]) -> [u64; N] {
        let mut o = [0u64; N];
        for i in 0..N {
            o[i] = (x[i] & keep) | (y[i] & !keep);
        }
        o
    }

    // 64-bit targets: the 64-bit-limb product and square are `mul_portable`
    // and `sqr_portable` themselves (the code of before the 32-bit limbs,
    // token for token, so their code generation is unchanged).
    #[cfg(target_pointer_width = "64")]
    limbs64! {
        /// Montgomery product `self * other / R mod p`, portable: CIOS over
        /// 64-bit limbs with `u128` products (`mul_limbs32` on
        /// 32-bit targets; the same `R`, so the same result).
        mul: mul_portable,
        /// `self^2`, portable: separated operand scanning over 64-bit limbs
        /// with `u128` products.
        sqr: sqr_portable
    }

    // 32-bit targets: the 64-bit-limb code is the tests' reference.
    #[cfg(all(test, not(target_pointer_width = "64")))]
    limbs64! {
        /// Montgomery product over 64-bit limbs with `u128` products (CIOS):
        /// on 32-bit targets the tests' reference for `mul_limbs32`.
        mul: mul_limbs64,
        /// `self^2` over 64-bit limbs with `u128` products (SOS), the tests'
        /// reference on 32-bit targets.
        sqr: sqr_limbs64
    }

    /// The 64-bit-limb product under the name the tests use on every
    /// target ([`Mont::mul_portable`] on 64-bit targets).
    #[cfg(all(test, target_pointer_width = "64"))]
    pub(crate) fn mul_limbs64(&self, other: &Self) -> Self {
        self.mul_portable(other)
    }

    /// The 64-bit-limb square under the name the tests use on every
    /// target ([`Mont::sqr_portable`] on 64-bit targets).
    #[cfg(all(test, target_pointer_width = "64"))]
    pub(crate) fn sqr_limbs64(&self) -> Self {
        self.sqr_portable()
    }

    /// Montgomery product `self * other / R mod p`, portable: CIOS over the
    /// limbs' 32-bit halves with `u64` products (`mul_limbs32`; on
    /// 64-bit targets the 64-bit limbs with `u128` products). The same
    /// `R`, so the same result.
    #[cfg(not(target_pointer_width = "64"))]
    #[inline(always)]
    pub(crate) fn mul_portable(&self, other: &Self) -> Self {
        self.mul_limbs32(other)
    }

    /// `self^2`, portable, on 32-bit targets: `sqr_limbs32` for
    /// four limbs and the product `mul_limbs32` of the element with
    /// itself for six and nine, whichever measured fewer instructions on
    /// armv7 (P-256: 640 against 680; P-384's n: 1,630 against 2,000;
    /// P-521's n: 3,270 against 3,980). `N` is a constant: the choice costs
    /// nothing at run time. The one square the 32-bit limbs do not speed up
    /// is P-256's field (640 against 590 for the `u128` square, which the
    /// compiler specialises to that prime's sparse limbs).
    #[cfg(not(target_pointer_width = "64"))]
    #[inline(always)]
    pub(crate) fn sqr_portable(&self) -> Self {
        if N <= 4 {
            self.sqr_limbs32()
        } else {
            self.mul_limbs32(self)
        }
    }

    /// Montgomery product `self * other / R mod p` over the operands'
    /// 32-bit halves with `u64` products: CIOS on `2N` limbs of 32 bits.
    /// `R = 2^(64 N) = 2^(32 (2N))` as for the 64-bit limbs, so the
    /// Montgomery form and every constant are shared; `-p^-1 mod 2^32` is
    /// the low half of [`Modulus::N0`]. The portable product of 32-bit
    /// targets, where a `u128` product costs several 32-bit multiplies and
    /// carry glue while a 32-bit step maps onto ARM's `UMAAL` (armv7, qemu
    /// instruction counts: 680 against 730 for P-256's field, 1,580
    /// against 2,060 for P-384's, 3,270 against 5,370 for P-521's order);
    /// compiled on 64-bit targets for the tests only. Straight-line: the
    /// loops run over the public limb count.
    #[cfg(any(test, not(target_pointer_width = "64")))]
    #[inline(always)]
    pub(crate) fn mul_limbs32(&self, other: &Self) -> Self {
        let n = 2 * N;
        let a = split32(&self.l);
        let a = a.as_flattened();
        let b = split32(&other.l);
        let b = b.as_flattened();
        let p = const { &split32(&M::P) }.as_flattened();
        let n0 = M::N0 as u32;
        let mut tt = [[0u32; 2]; N];
        let t = tt.as_flattened_mut();
        let mut t_n = 0u32;
        for i in 0..n {
            let ai = a[i];
            let mut c = 0;
            for j in 0..n {
                (t[j], c) = mac32(t[j], ai, b[j], c);
            }
            let (s, t_n1) = adc32(t_n, c, 0);
            let m = t[0].wrapping_mul(n0);
            let (_, mut c) = mac32(t[0], m, p[0], 0);
            for j in 1..n {
                (t[j - 1], c) = mac32(t[j], m, p[j], c);
            }
            let (s2, c2) = adc32(s, c, 0);
            t[n - 1] = s2;
            t_n = t_n1 + c2;
        }
        Self::reduce_once32(t_n, &tt)
    }

    /// `self^2` over 32-bit halves with `u64` products: separated operand
    /// scanning (the `2N`-limb square, each cross product once and then
    /// doubled, then `2N` Montgomery reduction steps), as
    /// `sqr_limbs64` does on 64-bit limbs. The portable square of
    /// 32-bit targets; tests only on 64-bit ones.
    #[cfg(any(test, not(target_pointer_width = "64")))]
    #[inline(always)]
    pub(crate) fn sqr_limbs32(&self) -> Self {
        let n = 2 * N;
        let a = split32(&self.l);
        let a = a.as_flattened();
        let p = const { &split32(&M::P) }.as_flattened();
        let n0 = M::N0 as u32;
        // the 4N-limb square
        let mut t = [[0u32; 4]; N];
        let t = t.as_flattened_mut();
        for i in 0..n {
            let mut c = 0;
            for j in i + 1..n {
                (t[i + j], c) = mac32(t[i + j], a[i], a[j], c);
            }
            t[i + n] = c;
        }
        let mut hi = 0;
        for x in t.iter_mut() {
            let nx = (*x << 1) | hi;
            hi = *x >> 31;
            *x = nx;
        }
        let mut c = 0;
        for i in 0..n {
            let (lo, h) = mac32(0, a[i], a[i], 0);
            (t[2 * i], c) = adc32(t[2 * i], lo, c);
            (t[2 * i + 1], c) = adc32(t[2 * i + 1], h, c);
        }
        let mut top = 0;
        for i in 0..n {
            let m = t[i].wrapping_mul(n0);
            let mut c = 0;
            for j in 0..n {
                (t[i + j], c) = mac32(t[i + j], m, p[j], c);
            }
            (t[i + n], top) = adc32(t[i + n], c, top);
        }
        let mut r = [[0u32; 2]; N];
        r.as_flattened_mut().copy_from_slice(&t[n..]);
        Self::reduce_once32(top, &r)
    }

    /// Reduces `hi * 2^(64N) + x < 2p` (`x`: `2N` 32-bit limbs) to below
    /// p by a masked subtraction, packed into 64-bit limbs.
    #[cfg(any(test, not(target_pointer_width = "64")))]
    #[inline(always)]
    fn reduce_once32(hi: u32, x: &[[u32; 2]; N]) -> Self {
        let x = x.as_flattened();
        let p = const { &split32(&M::P) }.as_flattened();
        let mut d = [[0u32; 2]; N];
        let d = d.as_flattened_mut();
        let mut b = 0;
        for i in 0..2 * N {
            (d[i], b) = sbb32(x[i], p[i], b);
        }
        // x - p is the answer unless it borrowed with no high word.
        let keep_x = mask_of((b & !hi) as u64);
        let mut o = [0u64; N];
        for i in 0..N {
            let xi = x[2 * i] as u64 | (x[2 * i + 1] as u64) << 32;
            let di = d[2 * i] as u64 | (d[2 * i + 1] as u64) << 32;
            o[i] = (xi & keep_x) | (di & !keep_x);
        }
        Self::from_limbs(o)
    }

    /// `self + other`, portable.
    #[inline(always)]
    pub(crate) fn add_portable(&self, other: &Self) -> Self {
        let mut s = [0u64; N];
        let mut c = 0;
        for i in 0..N {
            (s[i], c) = adc(self.l[i], other.l[i], c);
        }
        Self::reduce_once(c, &s)
    }

    /// `self - other`, portable.
    #[inline(always)]
    pub(crate) fn sub_portable(&self, other: &Self) -> Self {
        let mut d = [0u64; N];
        let mut b = 0;
        for i in 0..N {
            (d[i], b) = sbb(self.l[i], other.l[i], b);
        }
        let m = mask_of(b);
        let mut c = 0;
        for i in 0..N {
            (d[i], c) = adc(d[i], M::P[i] & m, c);
        }
        Self::from_limbs(d)
    }

    /// Reduces `hi * 2^(64N) + x < 2p` to below p.
    #[inline(always)]
    fn reduce_once(hi: u64, x: &[u64; N]) -> Self {
        let (d, b) = Self::sub_p(x);
        // x - p is the answer unless it borrowed with no high word.
        let keep_x = mask_of(b & !hi);
        Self::from_limbs(Self::pick(keep_x, x, &d))
    }
}

impl<M: Modulus<N>, const N: usize> Elem for Mont<M, N> {
    type Limbs = [u64; N];
    const ZERO: Self = Self::from_limbs([0; N]);
    const ONE: Self = Self::from_limbs(M::R1);

    fn modulus() -> [u64; N] {
        M::P
    }

    fn wipe(&mut self) {
        zeroize::Zeroize::zeroize(&mut self.l);
    }

    #[inline(always)]
    fn to_raw(&self) -> [u64; N] {
        self.l
    }

    #[inline(always)]
    fn from_raw(l: [u64; N]) -> Self {
        Self::from_limbs(l)
    }

    /// `x mod p` of a canonical value `x < p` (run time).
    #[inline]
    fn from_canonical(x: &[u64; N]) -> Self {
        if M::PLAIN {
            return Self::from_limbs(*x);
        }
        Self::from_limbs(*x).mul(&Self::from_limbs(M::R2))
    }

    /// The canonical value (out of Montgomery form).
    #[inline]
    fn to_canonical(&self) -> [u64; N] {
        if M::PLAIN {
            return self.l;
        }
        self.mul(&Self::from_limbs(one())).l
    }

    /// A small constant.
    fn from_u64(x: u64) -> Self {
        let mut l = [0u64; N];
        l[0] = x;
        Self::from_canonical(&l)
    }

    /// `self + other`.
    #[inline]
    fn add(&self, other: &Self) -> Self {
        Self::from_limbs(M::mont_add(&self.l, &other.l))
    }

    /// `2 self`.
    #[inline]
    fn dbl(&self) -> Self {
        self.add(self)
    }

    /// `self - other`.
    #[inline]
    fn sub(&self, other: &Self) -> Self {
        Self::from_limbs(M::mont_sub(&self.l, &other.l))
    }

    /// `-self`.
    #[inline]
    fn neg(&self) -> Self {
        Self::ZERO.sub(self)
    }

    /// Montgomery product `self * other / R mod p`.
    #[inline]
    fn mul(&self, other: &Self) -> Self {
        Self::from_limbs(M::mont_mul(&self.l, &other.l))
    }

    /// `self^2`.
    #[inline]
    fn sqr(&self) -> Self {
        Self::from_limbs(M::mont_sqr(&self.l))
    }

    const FUSED_SUB2: bool = M::FUSED_SUB2;

    #[inline]
    fn sub2(&self, b: &Self, c: &Self) -> Self {
        Self::from_limbs(M::mont_sub2(&self.l, &b.l, &c.l))
    }

    const FUSED_LIN: bool = M::FUSED_LIN;

    #[inline]
    fn lin_12_9(&self, other: &Self) -> Self {
        Self::from_limbs(M::mont_lin_12_9(&self.l, &other.l))
    }

    #[inline]
    fn lin_4_1(&self, other: &Self) -> Self {
        Self::from_limbs(M::mont_lin_4_1(&self.l, &other.l))
    }

    #[inline]
    fn lin_3_8(&self, other: &Self) -> Self {
        Self::from_limbs(M::mont_lin_3_8(&self.l, &other.l))
    }

    /// `self^(2^k)`.
    fn sqr_n(&self, k: usize) -> Self {
        let mut x = *self;
        for _ in 0..k {
            x = x.sqr();
        }
        x
    }

    /// `self^e` for a public exponent `e` (4-bit fixed windows; the
    /// window values index a table, and they are the exponent's, not the
    /// base's).
    fn pow_public(&self, e: &[u64; N]) -> Self {
        let mut table = [Self::ONE; 16];
        for i in 1..16 {
            table[i] = table[i - 1].mul(self);
        }
        let mut acc = Self::ONE;
        for i in (0..N * 16).rev() {
            acc = acc.sqr_n(4);
            let w = ((e[i / 16] >> (4 * (i % 16))) & 15) as usize;
            // the exponent is public: a zero window costs nothing
            if w != 0 {
                acc = acc.mul(&table[w]);
            }
        }
        acc
    }

    /// `self^-1` (`0` for `0`): on 64-bit targets by constant-time
    /// division steps (`ec::safegcd`, for the 4-, 6- and 9-limb moduli of
    /// P-256, P-384 and P-521) on the Montgomery form `a R`, then a
    /// Montgomery product by `R^3` (`(a R)^-1 R^3 / R = a^-1 R`; nothing
    /// more in plain form); otherwise by Fermat's little theorem
    /// ([`Mont::invert_fermat`]).
    fn invert(&self) -> Self {
        #[cfg(target_pointer_width = "64")]
        if let Some(y) = crate::ec::safegcd::invert_limbs(&self.l, &M::SAFEGCD) {
            if M::PLAIN {
                return Self::from_limbs(y);
            }
            return Self::from_limbs(M::mont_mul(&y, &M::R3));
        }
        self.invert_fermat()
    }

    /// All ones when `self == 0`.
    #[inline]
    fn is_zero(&self) -> Mask {
        let mut acc = 0u64;
        for x in self.l.iter() {
            acc |= x;
        }
        // acc == 0 -> 1
        mask_of(((acc | acc.wrapping_neg()) >> 63) ^ 1)
    }

    /// All ones when `self == other`.
    #[inline]
    fn ct_eq(&self, other: &Self) -> Mask {
        self.sub(other).is_zero()
    }

    /// `a` when `m` is all ones, else `b`.
    #[inline(always)]
    fn select(m: Mask, a: &Self, b: &Self) -> Self {
        Self::from_limbs(Self::pick(m, &a.l, &b.l))
    }

    /// Replaces `self` with `other` when `m` is all ones.
    #[inline(always)]
    fn cmov(&mut self, m: Mask, other: &Self) {
        *self = Self::select(m, other, self);
    }

    /// The element of a big-endian encoding of exactly `len` bytes, or
    /// `None` when the value is not below p (or the length is wrong).
    /// Variable time only in the length and the accept/reject outcome.
    fn from_be_bytes(bytes: &[u8]) -> Option<Self> {
        Self::from_canonical_checked(&limbs_from_be::<N>(bytes)?)
    }

    fn from_canonical_checked(x: &[u64; N]) -> Option<Self> {
        let (_, b) = Self::sub_p(x);
        (b == 1).then(|| Self::from_canonical(x))
    }

    /// The big-endian encoding of the canonical value into `out` (its
    /// length is the curve's byte length).
    fn write_be_bytes(&self, out: &mut [u8]) {
        limbs_to_be(&self.to_canonical(), out);
    }

    /// A value `x < 2^(64N)` with `x < 2p` reduced into range (one masked
    /// subtraction), as canonical limbs in Montgomery form.
    fn from_canonical_below_2p(x: &[u64; N]) -> Self {
        let r = Self::reduce_once(0, x);
        Self::from_canonical(&r.l)
    }
}

/// Little-endian limbs of a big-endian byte string (at most `8 N` bytes).
pub(crate) fn limbs_from_be<const N: usize>(bytes: &[u8]) -> Option<[u64; N]> {
    if bytes.len() > 8 * N {
        return None;
    }
    let mut out = [0u64; N];
    for (i, &b) in bytes.iter().rev().enumerate() {
        out[i / 8] |= (b as u64) << (8 * (i % 8));
    }
    Some(out)
}

/// The low `out.len()` bytes of `x`, big-endian.
pub(crate) fn limbs_to_be(x: &[u64], out: &mut [u8]) {
    let n = out.len();
    for (i, o) in out.iter_mut().enumerate() {
        let k = n - 1 - i; // byte index from the little end
        *o = if k < 8 * x.len() {
            (x[k / 8] >> (8 * (k % 8))) as u8
        } else {
            0
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy)]
    struct P256;
    impl Modulus<4> for P256 {
        const P: [u64; 4] = hex("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff");
    }

    #[test]
    fn constants() {
        assert_eq!(P256::N0, 1);
        assert_eq!(P256::P[0].wrapping_mul(P256::N0.wrapping_neg()), 1);
        // R mod p for P-256 = 2^256 - p
        let r1 = P256::R1;
        let mut s = [0u64; 4];
        let mut c = 0;
        for i in 0..4 {
            (s[i], c) = adc(r1[i], P256::P[i], c);
        }
        assert_eq!((s, c), ([0; 4], 1));
    }

    #[test]
    fn arithmetic() {
        type F = Mont<P256, 4>;
        let two = F::from_u64(2);
        let three = F::from_u64(3);
        assert_eq!(two.mul(&three).to_canonical(), [6, 0, 0, 0]);
        assert_eq!(two.sub(&three).add(&F::ONE).is_zero(), !0);
        let x = F::from_u64(123456789);
        assert_eq!(x.mul(&x.invert()).to_canonical(), [1, 0, 0, 0]);
        let m1 = F::ONE.neg();
        assert_eq!(m1.sqr().to_canonical(), [1, 0, 0, 0]);
        assert_eq!(F::ZERO.invert().is_zero(), !0);
    }

    /// The final subtraction over 32-bit limbs against the 64-bit one on
    /// values in `[0, 2p)`: below p (kept), from p up (subtracted), and
    /// above `2^(64N)` (the high word set: P-256's and P-384's 2p exceed R).
    #[test]
    fn reduce_once32_matches() {
        fn check<M: Modulus<N>, const N: usize>() {
            type E<M, const N: usize> = Mont<M, N>;
            // p + s and 2p - 1 - s as (high word, N limbs), for small s
            let add = |x: &[u64; N], y: &[u64; N]| {
                let mut o = [0u64; N];
                let mut c = 0;
                for i in 0..N {
                    (o[i], c) = adc(x[i], y[i], c);
                }
                (c, o)
            };
            let small = |v: u64| {
                let mut l = [0u64; N];
                l[0] = v;
                l
            };
            let mut pm1 = M::P;
            pm1[0] -= 1;
            let mut vals = alloc::vec![(0, small(0)), (0, small(1)), (0, pm1)];
            for s in 0..8u64 {
                vals.push(add(&M::P, &small(s)));
                let (c, l) = add(&M::P, &pm1);
                let mut l2 = l;
                l2[0] -= s; // p - 1 is even for odd p, no borrow for s < 8
                vals.push((c, l2));
            }
            for (hi, x) in vals {
                let want = E::<M, N>::reduce_once(hi, &x).l;
                let got = E::<M, N>::reduce_once32(hi as u32, &split32(&x)).l;
                assert_eq!(got, want, "{hi} {x:x?}");
                // the answer is below p
                assert_eq!(E::<M, N>::sub_p(&got).1, 1);
            }
        }
        check::<crate::ec::nist::c256::moduli::P, 4>();
        check::<crate::ec::nist::c256::moduli::N, 4>();
        check::<crate::ec::nist::c384::moduli::P, 6>();
        check::<crate::ec::nist::c384::moduli::N, 6>();
        check::<crate::ec::nist::c521::moduli::P, 9>();
        check::<crate::ec::nist::c521::moduli::N, 9>();
    }

    /// The squaring kernel equals the product of an element with itself on
    /// edge and pseudo-random values, for every modulus of the curves (and
    /// so do the squares over 64-bit and 32-bit limbs).
    #[test]
    fn sqr_is_mul() {
        fn check<M: Modulus<N>, const N: usize>() {
            type E<M, const N: usize> = Mont<M, N>;
            let mut x = 0x9e3779b97f4a7c15u64;
            let mut vals = alloc::vec![E::<M, N>::ZERO, E::<M, N>::ONE, E::<M, N>::ONE.neg()];
            let mut pm1 = M::P;
            pm1[0] -= 1;
            vals.push(E::<M, N>::from_limbs(pm1)); // p - 1 as Montgomery limbs
            for _ in 0..200 {
                let mut l = [0u64; N];
                for v in l.iter_mut() {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    *v = x;
                }
                // below p: clear the modulus's top bit and every bit above
                let top = 64 - M::P[N - 1].leading_zeros();
                l[N - 1] &= if top == 0 { 0 } else { (1u64 << (top - 1)) - 1 };
                vals.push(E::<M, N>::from_limbs(l));
            }
            for v in &vals {
                assert_eq!(v.sqr().l, v.mul(v).l);
                // both limb widths, whichever the target uses
                assert_eq!(v.sqr_limbs64().l, v.mul_limbs64(v).l);
                assert_eq!(v.sqr_limbs32().l, v.mul_limbs32(v).l);
                assert_eq!(v.sqr_limbs32().l, v.sqr_limbs64().l);
                assert_eq!(
                    v.sqr_n(3).l,
                    v.mul(v).mul(&v.mul(v)).mul(&v.mul(v).mul(&v.mul(v))).l
                );
            }
        }
        check::<crate::ec::nist::c256::moduli::P, 4>();
        check::<crate::ec::nist::c256::moduli::N, 4>();
        check::<crate::ec::nist::c384::moduli::P, 6>();
        check::<crate::ec::nist::c384::moduli::N, 6>();
        check::<crate::ec::nist::c521::moduli::P, 9>();
        check::<crate::ec::nist::c521::moduli::N, 9>();
    }
}
