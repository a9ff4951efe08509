//! Points of the NIST curves `y^2 = x^3 - 3x + b`, in projective
//! coordinates `(X : Y : Z)` (`x = X/Z`, `y = Y/Z`, the identity
//! `(0 : 1 : 0)`), with the complete formulas of Renes, Costello and Batina
//! ("Complete addition formulas for prime order elliptic curves",
//! EUROCRYPT 2016, algorithms 4, 5 and 6 for `a = -3`): one formula for
//! every pair of inputs, the identity and doublings included, so the
//! scalar multiplications need no exceptional-case branches.
//!
//! Scalar multiplication:
//! - [`mul_base`]: fixed base, constant time. A table of `j 16^i G` (`j` in
//!   1..=15, one row per 4-bit window of the scalar) built once per process
//!   (see [`Curve::base_table`]); one mixed addition per window, each
//!   entry read by a masked scan of its whole row, no doubling.
//! - [`mul`]: variable base, constant time. 4-bit fixed windows over a
//!   table of `0..=15` multiples read by masked scans.
//! - [`mul2_base_vartime`]: `u1 G + u2 Q` for verification only (public
//!   scalars and points): the windows index the tables directly and zero
//!   windows are skipped.

use alloc::boxed::Box;
use alloc::vec::Vec;

use super::field::Elem;
use super::{Curve, Fe, Scalar};
use crate::ec::curve25519::field::{Mask, mask_of};

/// A projective point.
pub(crate) struct Point<C: Curve> {
    pub(crate) x: Fe<C>,
    pub(crate) y: Fe<C>,
    pub(crate) z: Fe<C>,
}

impl<C: Curve> Clone for Point<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C: Curve> Copy for Point<C> {}

/// An affine point (never the identity).
pub(crate) struct Affine<C: Curve> {
    pub(crate) x: Fe<C>,
    pub(crate) y: Fe<C>,
}

impl<C: Curve> Clone for Affine<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C: Curve> Copy for Affine<C> {}

/// `3 t` for the formulas.
#[inline(always)]
fn triple<C: Curve>(t: &Fe<C>) -> Fe<C> {
    t.dbl().add(t)
}

impl<C: Curve> Point<C> {
    /// The identity `(0 : 1 : 0)`.
    pub(crate) fn identity() -> Self {
        Point {
            x: Fe::<C>::ZERO,
            y: Fe::<C>::ONE,
            z: Fe::<C>::ZERO,
        }
    }

    /// The generator.
    pub(crate) fn generator() -> Self {
        Self::from_affine(&Affine { x: C::GX, y: C::GY })
    }

    pub(crate) fn from_affine(a: &Affine<C>) -> Self {
        Point {
            x: a.x,
            y: a.y,
            z: Fe::<C>::ONE,
        }
    }

    /// All ones for the identity.
    pub(crate) fn is_identity(&self) -> Mask {
        self.z.is_zero()
    }

    /// `self + q`, complete (RCB16 algorithm 4).
    pub(crate) fn add(&self, q: &Self) -> Self {
        let b = &C::B;
        let xx = self.x.mul(&q.x);
        let yy = self.y.mul(&q.y);
        let zz = self.z.mul(&q.z);
        // (X1 + Y1)(X2 + Y2) - XX - YY = X1 Y2 + X2 Y1, likewise for the
        // other pairs
        let xy = self.x.add(&self.y).mul(&q.x.add(&q.y)).sub(&xx.add(&yy));
        let yz = self.y.add(&self.z).mul(&q.y.add(&q.z)).sub(&yy.add(&zz));
        let xz = self.x.add(&self.z).mul(&q.x.add(&q.z)).sub(&xx.add(&zz));
        Self::finish(&xx, &yy, &zz, &xy, &yz, &xz, b)
    }

    /// `self + q` for an affine `q` (RCB16 algorithm 5; `q` is never the
    /// identity, `self` may be).
    pub(crate) fn add_affine(&self, q: &Affine<C>) -> Self {
        let b = &C::B;
        let xx = self.x.mul(&q.x);
        let yy = self.y.mul(&q.y);
        let zz = self.z;
        let xy = self.x.add(&self.y).mul(&q.x.add(&q.y)).sub(&xx.add(&yy));
        let yz = q.y.mul(&self.z).add(&self.y);
        let xz = q.x.mul(&self.z).add(&self.x);
        Self::finish(&xx, &yy, &zz, &xy, &yz, &xz, b)
    }

    /// The common tail of algorithms 4 and 5: from the products `XX`,
    /// `YY`, `ZZ` and the cross terms `XY`, `YZ`, `XZ`.
    #[inline(always)]
    fn finish(
        xx: &Fe<C>,
        yy: &Fe<C>,
        zz: &Fe<C>,
        xy: &Fe<C>,
        yz: &Fe<C>,
        xz: &Fe<C>,
        b: &Fe<C>,
    ) -> Self {
        let t = triple::<C>(&xz.sub(&b.mul(zz))); // 3 (XZ - b ZZ)
        let y_minus = yy.sub(&t);
        let y_plus = yy.add(&t);
        let zz3 = triple::<C>(zz);
        let u = triple::<C>(&b.mul(xz).sub(&zz3.add(xx))); // 3 (b XZ - 3 ZZ - XX)
        let v = triple::<C>(xx).sub(&zz3); // 3 XX - 3 ZZ
        Point {
            x: y_plus.mul(xy).sub(&yz.mul(&u)),
            y: y_plus.mul(&y_minus).add(&v.mul(&u)),
            z: y_minus.mul(yz).add(&xy.mul(&v)),
        }
    }

    /// `2 self`, complete (RCB16 algorithm 6).
    pub(crate) fn double(&self) -> Self {
        let b = &C::B;
        let xx = self.x.sqr();
        let yy = self.y.sqr();
        let zz = self.z.sqr();
        let xy2 = self.x.mul(&self.y).dbl();
        let xz2 = self.x.mul(&self.z).dbl();
        let t = triple::<C>(&b.mul(&zz).sub(&xz2));
        let y_minus = yy.sub(&t);
        let y_plus = yy.add(&t);
        let zz3 = triple::<C>(&zz);
        let u = triple::<C>(&b.mul(&xz2).sub(&zz3.add(&xx)));
        let v = triple::<C>(&xx).sub(&zz3);
        let yz2 = self.y.mul(&self.z).dbl();
        Point {
            x: y_minus.mul(&xy2).sub(&u.mul(&yz2)),
            y: y_plus.mul(&y_minus).add(&v.mul(&u)),
            z: yz2.mul(&yy).dbl().dbl(),
        }
    }

    /// `-self`.
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) fn neg(&self) -> Self {
        Point {
            x: self.x,
            y: self.y.neg(),
            z: self.z,
        }
    }

    /// `a` when `m` is all ones, else `b`.
    pub(crate) fn select(m: Mask, a: &Self, b: &Self) -> Self {
        Point {
            x: Fe::<C>::select(m, &a.x, &b.x),
            y: Fe::<C>::select(m, &a.y, &b.y),
            z: Fe::<C>::select(m, &a.z, &b.z),
        }
    }

    /// The affine coordinates, or `None` for the identity. Constant time
    /// up to that outcome.
    pub(crate) fn to_affine(self) -> Option<Affine<C>> {
        let zi = self.z.invert();
        let a = Affine {
            x: self.x.mul(&zi),
            y: self.y.mul(&zi),
        };
        // Whether a computed point is the identity is public: it happens
        // only for inputs the callers refuse, or by a fault.
        if crate::ct::declassify(self.is_identity()) == 0 {
            Some(a)
        } else {
            None
        }
    }

    /// Whether two points are equal (cross-multiplied; variable time).
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) fn eq_vartime(&self, q: &Self) -> bool {
        let a = self.is_identity() != 0;
        let b = q.is_identity() != 0;
        if a || b {
            return a == b;
        }
        self.x.mul(&q.z).ct_eq(&q.x.mul(&self.z)) != 0
            && self.y.mul(&q.z).ct_eq(&q.y.mul(&self.z)) != 0
    }
}

impl<C: Curve> Affine<C> {
    /// Whether `(x, y)` satisfies the curve equation.
    pub(crate) fn is_on_curve(&self) -> Mask {
        let y2 = self.y.sqr();
        let x3 = self.x.sqr().mul(&self.x);
        let rhs = x3.sub(&triple::<C>(&self.x)).add(&C::B);
        y2.ct_eq(&rhs)
    }

    /// The SEC1 uncompressed encoding `04 || x || y`.
    pub(crate) fn to_uncompressed(self) -> Vec<u8> {
        let n = C::FIELD_BYTES;
        let mut out = alloc::vec![0u8; 1 + 2 * n];
        out[0] = 4;
        self.x.write_be_bytes(&mut out[1..1 + n]);
        self.y.write_be_bytes(&mut out[1 + n..]);
        out
    }

    /// The SEC1 compressed encoding `02|03 || x`.
    pub(crate) fn to_compressed(self) -> Vec<u8> {
        let n = C::FIELD_BYTES;
        let mut out = alloc::vec![0u8; 1 + n];
        self.x.write_be_bytes(&mut out[1..]);
        let y = self.y.to_canonical();
        out[0] = 2 | (y.as_ref()[0] & 1) as u8;
        out
    }

    /// A point from its SEC1 encoding (uncompressed `04`, compressed `02`
    /// or `03`): coordinates below p and on the curve; the identity (`00`)
    /// and every other form are refused. Public data: variable time.
    pub(crate) fn from_sec1(b: &[u8]) -> Option<Self> {
        let n = C::FIELD_BYTES;
        match (b.first()?, b.len()) {
            (4, l) if l == 1 + 2 * n => {
                let x = Fe::<C>::from_be_bytes(&b[1..1 + n])?;
                let y = Fe::<C>::from_be_bytes(&b[1 + n..])?;
                let p = Affine { x, y };
                if p.is_on_curve() != 0 { Some(p) } else { None }
            }
            (2 | 3, l) if l == 1 + n => {
                let x = Fe::<C>::from_be_bytes(&b[1..])?;
                let rhs = x.sqr().mul(&x).sub(&triple::<C>(&x)).add(&C::B);
                let (y, ok) = rhs.sqrt();
                if ok == 0 {
                    return None;
                }
                let odd = (y.to_canonical().as_ref()[0] & 1) as u8;
                let y = if odd == (b[0] & 1) { y } else { y.neg() };
                Some(Affine { x, y })
            }
            _ => None,
        }
    }
}

/// The number of 4-bit windows of a scalar.
fn windows<C: Curve>() -> usize {
    C::ORDER_BITS.div_ceil(4)
}

/// Window `i` (4 bits, little-endian order) of canonical limbs.
#[inline(always)]
fn window(k: &[u64], i: usize) -> u64 {
    (k[i / 16] >> (4 * (i % 16))) & 15
}

/// All ones when `a == b` (small values).
#[inline(always)]
fn eq_mask(a: u64, b: u64) -> Mask {
    let d = a ^ b;
    mask_of(((d | d.wrapping_neg()) >> 63) ^ 1)
}

/// Builds the fixed-base table: row `i` holds `j 16^i G` for `j` in
/// 1..=15, affine (one inversion per row, Montgomery's trick). Public
/// data, computed once per process.
pub(crate) fn build_base_table<C: Curve>() -> Box<[Affine<C>]> {
    let w = windows::<C>();
    let mut out = Vec::with_capacity(15 * w);
    let mut base = Point::<C>::generator();
    let mut proj = [Point::<C>::identity(); 15];
    for _ in 0..w {
        proj[0] = base;
        for j in 1..15 {
            proj[j] = if j % 2 == 1 {
                proj[j / 2].double()
            } else {
                proj[j - 1].add(&base)
            };
        }
        normalize_into(&proj, &mut out);
        base = proj[7].double(); // 16 * base
    }
    out.into_boxed_slice()
}

/// Appends the affine forms of points that are not the identity, with a
/// single inversion.
fn normalize_into<C: Curve>(pts: &[Point<C>], out: &mut Vec<Affine<C>>) {
    let mut prefix = Vec::with_capacity(pts.len());
    let mut acc = Fe::<C>::ONE;
    for p in pts {
        prefix.push(acc);
        acc = acc.mul(&p.z);
    }
    let mut inv = acc.invert();
    let start = out.len();
    out.resize(
        start + pts.len(),
        Affine {
            x: Fe::<C>::ZERO,
            y: Fe::<C>::ZERO,
        },
    );
    for (i, p) in pts.iter().enumerate().rev() {
        let zi = inv.mul(&prefix[i]);
        inv = inv.mul(&p.z);
        out[start + i] = Affine {
            x: p.x.mul(&zi),
            y: p.y.mul(&zi),
        };
    }
}

/// `k G` in constant time, for canonical scalar limbs `k < n`.
pub(crate) fn mul_base<C: Curve>(k: &Scalar<C>) -> Point<C> {
    let k = k.to_canonical();
    let table = C::base_table();
    let mut acc = Point::<C>::identity();
    for (i, row) in table.chunks_exact(15).enumerate() {
        let d = window(k.as_ref(), i);
        let mut sel = row[0];
        for (j, e) in row.iter().enumerate().skip(1) {
            let m = eq_mask(d, j as u64 + 1);
            sel.x.cmov(m, &e.x);
            sel.y.cmov(m, &e.y);
        }
        let sum = acc.add_affine(&sel);
        acc = Point::select(eq_mask(d, 0), &acc, &sum);
    }
    acc
}

/// `k P` in constant time, for canonical scalar limbs `k < n` and any
/// point `P`.
pub(crate) fn mul<C: Curve>(p: &Point<C>, k: &Scalar<C>) -> Point<C> {
    let k = k.to_canonical();
    let mut table = [Point::<C>::identity(); 16];
    table[1] = *p;
    for j in 2..16 {
        table[j] = if j % 2 == 0 {
            table[j / 2].double()
        } else {
            table[j - 1].add(p)
        };
    }
    let mut acc = Point::<C>::identity();
    for i in (0..windows::<C>()).rev() {
        for _ in 0..4 {
            acc = acc.double();
        }
        let d = window(k.as_ref(), i);
        let mut sel = table[0];
        for (j, e) in table.iter().enumerate().skip(1) {
            sel = Point::select(eq_mask(d, j as u64), e, &sel);
        }
        acc = acc.add(&sel);
    }
    acc
}

/// `u1 G + u2 Q` in variable time: public scalars and point only.
pub(crate) fn mul2_base_vartime<C: Curve>(
    u1: &Scalar<C>,
    u2: &Scalar<C>,
    q: &Point<C>,
) -> Point<C> {
    let u1 = u1.to_canonical();
    let u2 = u2.to_canonical();
    let mut table = [Point::<C>::identity(); 16];
    table[1] = *q;
    for j in 2..16 {
        table[j] = if j % 2 == 0 {
            table[j / 2].double()
        } else {
            table[j - 1].add(q)
        };
    }
    let mut acc = Point::<C>::identity();
    let mut started = false;
    for i in (0..windows::<C>()).rev() {
        if started {
            for _ in 0..4 {
                acc = acc.double();
            }
        }
        let d = window(u2.as_ref(), i) as usize;
        if d != 0 {
            acc = if started {
                acc.add(&table[d])
            } else {
                table[d]
            };
            started = true;
        }
    }
    let base = C::base_table();
    for (i, row) in base.chunks_exact(15).enumerate() {
        let d = window(u1.as_ref(), i) as usize;
        if d != 0 {
            acc = acc.add_affine(&row[d - 1]);
        }
    }
    acc
}
