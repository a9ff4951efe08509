//! Points of the NIST curves `y^2 = x^3 - 3x + b`, in projective
//! coordinates `(X : Y : Z)` (`x = X/Z`, `y = Y/Z`, the identity
//! `(0 : 1 : 0)`), with the complete formulas of Renes, Costello and Batina
//! ("Complete addition formulas for prime order elliptic curves",
//! EUROCRYPT 2016, algorithms 4, 5 and 6 for `a = -3`), and in Jacobian
//! coordinates (`x = X/Z^2`, `y = Y/Z^3`) with the cheaper incomplete
//! formulas of the Explicit-Formulas Database.
//!
//! Scalar multiplication:
//! - [`mul_base`]: fixed base, constant time. A table of `j 2^(6i) G`
//!   (`j` in 1..=32, one row per signed 6-bit window of the scalar, Booth
//!   recoding) built once per process (see [`Curve::base_table`]); one
//!   mixed Jacobian addition per window, each entry read by a masked scan
//!   of its whole row and negated by a masked select, no doubling.
//! - [`mul`]: variable base, constant time. Signed 5-bit windows over a
//!   table of the multiples `1..=16`, made affine by one shared inversion
//!   and read by masked scans; one mixed addition per window.
//! - [`mul2_base_vartime`]: `u1 G + u2 Q` for verification only (public
//!   scalars and point), in Jacobian coordinates with branches for the
//!   exceptional cases: width-5 wNAF for `u2 Q`, the signed digits of the
//!   fixed-base table for `u1 G`.
//!
//! The constant-time multiplications handle the exceptional cases of the
//! incomplete formulas without a branch: each function's documentation
//! shows that `P + P` can only arise at its last addition, which is
//! therefore paired with a doubling and a masked select. The complete
//! formulas build the fixed-base table, and in the tests they are the
//! reference ([`mul_complete`], [`mul_base_complete`]).

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
    #[cfg(test)]
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
    #[cfg(test)]
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
    /// The same point for another kernel of the same curve (the field
    /// elements keep their representation).
    #[inline]
    pub(crate) fn cast<D: Curve>(&self) -> Affine<D>
    where
        D::Fe: Elem<Limbs = <C::Fe as Elem>::Limbs>,
    {
        Affine {
            x: D::Fe::from_raw(self.x.to_raw()),
            y: D::Fe::from_raw(self.y.to_raw()),
        }
    }

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
#[cfg(test)]
fn windows<C: Curve>() -> usize {
    C::ORDER_BITS.div_ceil(4)
}

/// Window `i` (4 bits, little-endian order) of canonical limbs.
#[cfg(test)]
fn window(k: &[u64], i: usize) -> u64 {
    (k[i / 16] >> (4 * (i % 16))) & 15
}

/// All ones when `a == b` (small values).
#[inline(always)]
fn eq_mask(a: u64, b: u64) -> Mask {
    let d = a ^ b;
    mask_of(((d | d.wrapping_neg()) >> 63) ^ 1)
}

/// `acc |= src & m`, limb by limb (fixed lengths: the compiler vectorizes
/// it with the baseline SIMD of the target).
#[inline(always)]
fn or_masked(acc: &mut [u64], src: &[u64], m: Mask) {
    for (a, b) in acc.iter_mut().zip(src) {
        *a |= b & m;
    }
}

/// Entry `mag` (1-based) of `row`, or zero coordinates for `mag = 0`, by a
/// masked scan of the whole row: every entry is read and OR-ed in under
/// an all-ones or all-zero mask, no branch or index on `mag`.
#[inline(always)]
fn scan_affine<C: Curve>(row: &[Affine<C>], mag: u64) -> Affine<C> {
    let mut x = <C::Fe as Elem>::zero_limbs();
    let mut y = <C::Fe as Elem>::zero_limbs();
    for (j, e) in row.iter().enumerate() {
        let m = eq_mask(mag, j as u64 + 1);
        or_masked(x.as_mut(), e.x.to_raw().as_ref(), m);
        or_masked(y.as_mut(), e.y.to_raw().as_ref(), m);
    }
    Affine {
        x: Fe::<C>::from_raw(x),
        y: Fe::<C>::from_raw(y),
    }
}

/// Width of the signed windows of the fixed-base table.
pub(crate) const BASE_W: usize = 6;
/// Entries per row of the fixed-base table: `j 2^(6i) G` for `j` in
/// `1..=32`.
pub(crate) const BASE_ROW: usize = 1 << (BASE_W - 1);

/// The number of signed `BASE_W`-bit windows of a scalar (one more bit than
/// the order: the top digit absorbs the last borrow of the recoding).
pub(crate) fn base_windows<C: Curve>() -> usize {
    (C::ORDER_BITS + 1).div_ceil(BASE_W)
}

/// Bits `pos .. pos + 7` of `k` (zero past its end; `pos` may be -1, the
/// bit below bit 0, which is zero). Public positions only.
#[inline(always)]
fn bits7(k: &[u64], pos: isize) -> u64 {
    let get = |limb: isize| -> u64 {
        if limb < 0 || limb as usize >= k.len() {
            0
        } else {
            k[limb as usize]
        }
    };
    if pos < 0 {
        return (get(0) << 1) & 0x7f;
    }
    let (l, o) = (pos / 64, (pos % 64) as u32);
    let lo = get(l) >> o;
    let hi = if o > 57 { get(l + 1) << (64 - o) } else { 0 };
    (lo | hi) & 0x7f
}

/// Booth recoding of window `i`: `(|d|, negative)` with `d` in
/// `[-32, 32]` and `k = sum d_i 2^(6i)`; branch-free in the digit.
#[inline(always)]
fn booth_digit(k: &[u64], i: usize) -> (u64, u64) {
    let w = bits7(k, (BASE_W * i) as isize - 1);
    let neg = w >> 6;
    let v = (w & 1) + ((w >> 1) & 31);
    // negative: 32 - v, else v
    let m = neg.wrapping_neg();
    let mag = (v & !m) | ((32 - v) & m);
    (mag, neg)
}

/// Builds the fixed-base table: row `i` holds `j 2^(6i) G` for `j` in
/// 1..=32, affine (one inversion per row, Montgomery's trick). Public
/// data, computed once per process.
pub(crate) fn build_base_table<C: Curve>() -> Box<[Affine<C>]> {
    let w = base_windows::<C>();
    let mut out = Vec::with_capacity(BASE_ROW * w);
    let mut base = Point::<C>::generator();
    let mut proj = [Point::<C>::identity(); BASE_ROW];
    for _ in 0..w {
        proj[0] = base;
        for j in 1..BASE_ROW {
            // proj[j] = (j + 1) base
            proj[j] = if j % 2 == 1 {
                proj[j / 2].double()
            } else {
                proj[j - 1].add(&base)
            };
        }
        normalize_into(&proj, &mut out);
        base = proj[BASE_ROW - 1].double(); // 64 base
    }
    out.into_boxed_slice()
}

/// Writes the affine forms of `pts` (none the identity) to `out`.
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

/// `k G` in constant time, for a scalar `k < n`: one mixed addition per
/// signed 6-bit window (Booth recoding), the entry `|d| 2^(6i) G` read by a
/// masked scan of its whole row and negated by a masked select; a zero
/// digit keeps the accumulator (masked select). No doubling.
///
/// The accumulator is Jacobian and the additions are the cheaper
/// incomplete ones ([`Jacobian::add_affine_ct`]), the windows taken from
/// the top. Their exceptional cases are handled without a branch: an
/// identity on either side by masked selects, `P + (-P)` by the formula
/// itself (`Z3 = 0`). The remaining one, `P + P`, can happen only at the
/// last window: before window `j` the accumulator is `a 2^(6(j+1)) G`
/// with `0 <= a 2^(6(j+1)) <= k + 2^(6(j+1))`, and
/// `a 2^(6(j+1)) = d 2^(6j) (mod n)` with `|d| <= 32` needs either both
/// zero (the identity cases) or `n = -d 2^(6j) (mod 2^(6(j+1)))`, which
/// for an odd `n` needs `j = 0`. At `j = 0` it does happen (P-256 with
/// `k = n - 34`), so the last window also doubles the accumulator and
/// selects that sum under the mask the addition reports.
pub(crate) fn mul_base<C: Curve>(k: &Scalar<C>) -> Point<C> {
    let k = k.to_canonical();
    let table = C::base_table();
    let mut acc = Jacobian::<C>::identity();
    for (i, row) in table.chunks_exact(BASE_ROW).enumerate().rev() {
        let (mag, neg) = booth_digit(k.as_ref(), i);
        let mut sel = scan_affine(row, mag);
        let ny = sel.y.neg();
        sel.y.cmov(mask_of(neg), &ny);
        let (sum, doubling) = acc.add_affine_ct(&sel, eq_mask(mag, 0));
        acc = if i == 0 {
            Jacobian::select(doubling, &acc.double(), &sum)
        } else {
            sum
        };
    }
    acc.to_point()
}

/// Width of the signed windows of [`mul`].
const VAR_W: usize = 5;
/// Entries of [`mul`]'s table: the multiples `1..=2^(VAR_W - 1)`.
const VAR_TABLE: usize = 1 << (VAR_W - 1);

/// Booth recoding of window `i` of width `w` (at most 6): `(|d|,
/// negative)` with `d` in `[-2^(w-1), 2^(w-1)]` and `k = sum d_i 2^(w i)`;
/// branch-free in the digit.
#[inline(always)]
fn booth_w(k: &[u64], i: usize, w: usize) -> (u64, u64) {
    let bits = bits7(k, (w * i) as isize - 1) & ((2 << w) - 1);
    let neg = bits >> w;
    let half = 1u64 << (w - 1);
    let v = (bits & 1) + ((bits >> 1) & (half - 1));
    let m = neg.wrapping_neg();
    let mag = (v & !m) | ((half - v) & m);
    (mag, neg)
}

/// `k P` in constant time, for canonical scalar limbs `k < n` and any
/// affine point `P`: signed 5-bit windows (Booth recoding) over a table of
/// the multiples `1..=16` of `P` in affine coordinates, read by masked
/// scans ([`scan_affine`]), five Jacobian doublings and one mixed addition
/// per window.
///
/// The table is built in Jacobian coordinates (even multiples by doubling,
/// 4M + 4S; odd ones by a mixed addition of `P`, 7M + 4S), then made
/// affine by one shared inversion ([`normalize_jacobian`]: about 3M a
/// point and one inversion), so that each window's addition is a mixed one
/// (7M + 4S) instead of a Jacobian one (11M + 5S): 52 windows on P-256,
/// 77 on P-384, 105 on P-521.
///
/// The additions are the incomplete mixed ones
/// ([`Jacobian::add_affine_ct`]); the identity on either side is handled
/// by masked selects (a zero digit selects the accumulator) and `P + (-P)`
/// by the formula itself (`Z3 = 0`). `P + P` cannot happen before the last
/// window: at window `j` the accumulator is `32 a P` with
/// `0 <= a <= k / 2^(5(j+1)) + 1`, so `0 <= 32 a <= n / 32 + 32 < n - 16`
/// for `j >= 1`, and `32 a = d (mod n)` with `|d| <= 16` leaves only
/// `a = d = 0`. At the last window
/// it can (`k = n - 2|d|` with `n - |d|` a multiple of 32, as for P-521),
/// so that window also doubles the accumulator and selects it under the
/// mask the addition reports. The table's own additions `(j - 1) P + P`
/// for odd `j` in 3..=15 are never doublings: `P` has prime order
/// `n > 32`; its even entries are doublings (complete here: these curves
/// have no point of order 2). No entry is the identity, so every `Z` the
/// normalization inverts is nonzero.
pub(crate) fn mul<C: Curve>(p: &Affine<C>, k: &Scalar<C>) -> Point<C> {
    let k = k.to_canonical();
    // jac[j - 1] = j P
    let mut jac = [Jacobian::<C>::identity(); VAR_TABLE];
    jac[0] = Jacobian::from_affine(p);
    for j in 2..=VAR_TABLE {
        jac[j - 1] = if j % 2 == 0 {
            jac[j / 2 - 1].double()
        } else {
            jac[j - 2].add_affine_ct_inline(p, 0).0
        };
    }
    let table = normalize_jacobian(&jac);
    let scan = scan_fn::<C>();
    let windows = (C::ORDER_BITS + 1).div_ceil(VAR_W);
    let mut acc = Jacobian::<C>::identity();
    for i in (0..windows).rev() {
        if i + 1 != windows {
            acc.double_assign_n(VAR_W);
        }
        let (mag, neg) = booth_w(k.as_ref(), i, VAR_W);
        let mut sel = scan(&table, mag);
        let ny = sel.y.neg();
        sel.y.cmov(mask_of(neg), &ny);
        let (sum, doubling) = acc.add_affine_ct_inline(&sel, eq_mask(mag, 0));
        acc = if i == 0 {
            Jacobian::select(doubling, &acc.double(), &sum)
        } else {
            sum
        };
    }
    acc.to_point()
}

/// The affine forms of Jacobian points, none the identity (`Z != 0`), by
/// Montgomery's trick: the prefix products of the `Z`s, one inversion,
/// then each `Z^-1` and `x = X Z^-2`, `y = Y Z^-3` (constant time: the
/// inversion is, and the rest is a fixed sequence of products).
fn normalize_jacobian<C: Curve, const M: usize>(pts: &[Jacobian<C>; M]) -> [Affine<C>; M] {
    let mut prefix = [Fe::<C>::ONE; M];
    let mut acc = Fe::<C>::ONE;
    for (pre, p) in prefix.iter_mut().zip(pts) {
        *pre = acc;
        acc = acc.mul(&p.z);
    }
    let mut inv = acc.invert();
    let mut out = [Affine {
        x: Fe::<C>::ZERO,
        y: Fe::<C>::ZERO,
    }; M];
    for i in (0..M).rev() {
        let zi = inv.mul(&prefix[i]);
        inv = inv.mul(&pts[i].z);
        let zi2 = zi.sqr();
        out[i] = Affine {
            x: pts[i].x.mul(&zi2),
            y: pts[i].y.mul(&zi2.mul(&zi)),
        };
    }
    out
}

/// A table scan of [`mul`]: entry `mag` (1-based; zero coordinates for 0)
/// of its table.
type ScanFn<C> = fn(&[Affine<C>; VAR_TABLE], u64) -> Affine<C>;

/// The scan [`mul`] uses on this CPU: on x86-64 with AVX2 (as
/// `PEREGRINE_CPU` leaves it) the same code compiled for 256-bit vectors
/// (a Jacobian table's scan was about 6% of a P-256 ECDH in 64-bit
/// registers, about 1% in ymm on a Zen 4), else the portable one.
fn scan_fn<C: Curve>() -> ScanFn<C> {
    #[cfg(target_arch = "x86_64")]
    if crate::cpu::effective().has(crate::cpu::Feature::Avx2) {
        return |t, mag| {
            // SAFETY: AVX2 is present (checked above, as the effective
            // CPU features say).
            unsafe { scan_table_avx2(t, mag) }
        };
    }
    |t, mag| scan_affine(t, mag)
}

/// [`scan_affine`] over [`mul`]'s table, compiled with AVX2 enabled.
///
/// # Safety
/// The CPU must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn scan_table_avx2<C: Curve>(table: &[Affine<C>; VAR_TABLE], mag: u64) -> Affine<C> {
    scan_affine(table, mag)
}

/// [`mul`] by the complete projective formulas and unsigned 4-bit windows:
/// the reference the Jacobian code is tested against.
#[cfg(test)]
pub(crate) fn mul_complete<C: Curve>(p: &Affine<C>, k: &Scalar<C>) -> Point<C> {
    let k = k.to_canonical();
    let p = &Point::from_affine(p);
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

/// [`mul_base`] by the complete mixed formula, windows from the bottom:
/// the reference the Jacobian code is tested against.
#[cfg(test)]
pub(crate) fn mul_base_complete<C: Curve>(k: &Scalar<C>) -> Point<C> {
    let k = k.to_canonical();
    let table = C::base_table();
    let mut acc = Point::<C>::identity();
    for (i, row) in table.chunks_exact(BASE_ROW).enumerate() {
        let (mag, neg) = booth_digit(k.as_ref(), i);
        let mut sel = row[0];
        for (j, e) in row.iter().enumerate().skip(1) {
            let m = eq_mask(mag, j as u64 + 1);
            sel.x.cmov(m, &e.x);
            sel.y.cmov(m, &e.y);
        }
        let ny = sel.y.neg();
        sel.y.cmov(mask_of(neg), &ny);
        let sum = acc.add_affine(&sel);
        acc = Point::select(eq_mask(mag, 0), &acc, &sum);
    }
    acc
}

/// A point in Jacobian coordinates `(X : Y : Z)`, `x = X/Z^2`,
/// `y = Y/Z^3`, the identity when `Z = 0`. Its formulas are not complete:
/// the `_vartime` additions (verification, public values) branch on the
/// exceptional cases; the `_ct` ones resolve the identity by masks and
/// report `P + P` by a mask for the caller (see [`mul`], [`mul_base`]).
pub(crate) struct Jacobian<C: Curve> {
    pub(crate) x: Fe<C>,
    pub(crate) y: Fe<C>,
    pub(crate) z: Fe<C>,
}

impl<C: Curve> Clone for Jacobian<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C: Curve> Copy for Jacobian<C> {}

impl<C: Curve> Jacobian<C> {
    fn identity() -> Self {
        Jacobian {
            x: Fe::<C>::ONE,
            y: Fe::<C>::ONE,
            z: Fe::<C>::ZERO,
        }
    }

    fn from_affine(a: &Affine<C>) -> Self {
        Jacobian {
            x: a.x,
            y: a.y,
            z: Fe::<C>::ONE,
        }
    }

    /// Whether this is the identity (variable time).
    pub(crate) fn is_identity_vartime(&self) -> bool {
        self.z.is_zero() != 0
    }

    /// All ones for the identity (`Z = 0`).
    fn is_identity(&self) -> Mask {
        self.z.is_zero()
    }

    /// `a` when `m` is all ones, else `b`.
    fn select(m: Mask, a: &Self, b: &Self) -> Self {
        Jacobian {
            x: Fe::<C>::select(m, &a.x, &b.x),
            y: Fe::<C>::select(m, &a.y, &b.y),
            z: Fe::<C>::select(m, &a.z, &b.z),
        }
    }

    /// The same point in projective coordinates: `(X Z, Y, Z^3)`, the
    /// identity as `(0 : 1 : 0)`. Constant time.
    pub(crate) fn to_point(self) -> Point<C> {
        let id = self.is_identity();
        let z3 = self.z.sqr().mul(&self.z);
        Point {
            x: self.x.mul(&self.z),
            y: Fe::<C>::select(id, &Fe::<C>::ONE, &self.y),
            z: z3,
        }
    }

    /// `P + (x2, y2)` (madd-2007-bl, 7M + 4S) in constant time, the affine
    /// point taken as the identity where `q_identity` is all ones, except
    /// that `P = Q` (neither the identity) gives a wrong sum: that case is
    /// reported by the mask, all ones, for the caller to resolve without a
    /// branch. The identity on either side is handled by masked selects;
    /// `P = -Q` gives `Z3 = 0`, the identity.
    #[inline(never)]
    fn add_affine_ct(&self, q: &Affine<C>, q_identity: Mask) -> (Self, Mask) {
        self.add_affine_ct_inline(q, q_identity)
    }

    /// [`Self::add_affine_ct`], inlined (outside `small`) into [`mul`]
    /// (its window loop and its table): as a call its operands and result
    /// went through memory, and the loop could not overlap it with the
    /// doublings around it (ECDH about 1.5% faster on P-256, P-384 and
    /// P-521 on a Zen 4). [`mul_base`] keeps the call (`inline(never)`):
    /// inlined there, P-521 signing was about 8% slower.
    #[cfg_attr(not(feature = "small"), inline(always))]
    fn add_affine_ct_inline(&self, q: &Affine<C>, q_identity: Mask) -> (Self, Mask) {
        let z1z1 = self.z.sqr();
        let u2 = q.x.mul(&z1z1);
        let s2 = q.y.mul(&self.z).mul(&z1z1);
        let h = u2.sub(&self.x);
        let r = s2.sub(&self.y).dbl();
        let hh = h.sqr();
        let i = hh.dbl().dbl();
        let j = h.mul(&i);
        let v = self.x.mul(&i);
        let x3 = r.sqr().sub2(&j, &v.dbl());
        let y3 = r.mul(&v.sub(&x3)).sub(&self.y.mul(&j).dbl());
        let z3 = self.z.add(&h).sqr().sub2(&z1z1, &hh);
        let sum = Jacobian {
            x: x3,
            y: y3,
            z: z3,
        };
        let id1 = self.is_identity();
        let sum = Self::select(id1, &Self::from_affine(q), &sum);
        let sum = Self::select(q_identity, self, &sum);
        (sum, h.is_zero() & r.is_zero() & !id1 & !q_identity)
    }

    fn neg(&self) -> Self {
        Jacobian {
            x: self.x,
            y: self.y.neg(),
            z: self.z,
        }
    }

    /// `2 P` (dbl-2001-b for `a = -3`, with `Z3 = 2 Y Z` and `2 Y^2`
    /// shared by `4 X Y^2` and `8 Y^4`: 4M + 4S and twelve additions, or
    /// with the fused combinations of [`Self::double_inline`]); the
    /// identity doubles to itself (`Z3 = 0`), and these curves have no
    /// point of order 2.
    fn double(&self) -> Self {
        self.double_inline()
    }

    /// `P = 2^n P` in place: the scalar multiplications' runs of
    /// doublings. (`acc = acc.double()` in a loop returns each point
    /// through a temporary that is then copied into `acc`, a call to
    /// `memmove` on P-384: about 3.5% of a P-256 ECDH, 4.5% of a P-384 one,
    /// on a Zen 4.)
    fn double_assign_n(&mut self, n: usize) {
        for _ in 0..n {
            *self = self.double_inline();
        }
    }

    /// The body of [`double`](Self::double). Where the field has fused
    /// small linear combinations ([`Elem::FUSED_LIN`]), the same 4M + 4S
    /// with the twelve additions folded into one addition, one
    /// subtraction, one doubling and three combinations: with
    /// `m = (X - Z^2)(X + Z^2)` (so `alpha = 3 m`) and `b = X Y^2`,
    /// `d = 12 b - 9 m^2` is `4 b - X3`, so `X3 = 4 b - d`,
    /// `Y3 = 3 m d - 8 Y^4` (the order of s2n-bignum's `p384_montjdouble`).
    /// Where `a - b - c` is fused too ([`Elem::FUSED_SUB2`], P-521),
    /// `Z3 = (Y + Z)^2 - Y^2 - Z^2` (dbl-2001-b's form) trades the
    /// product `Y Z` for a square: 3M + 5S.
    #[inline(always)]
    fn double_inline(&self) -> Self {
        if Fe::<C>::FUSED_LIN {
            let z2 = self.z.sqr();
            let y2 = self.y.sqr();
            let m = self.x.add(&z2).mul(&self.x.sub(&z2));
            let b = self.x.mul(&y2);
            let d = b.lin_12_9(&m.sqr());
            let x3 = b.lin_4_1(&d);
            let z3 = if Fe::<C>::FUSED_SUB2 {
                self.y.add(&self.z).sqr().sub2(&y2, &z2)
            } else {
                self.y.mul(&self.z).dbl()
            };
            let y3 = d.mul(&m).lin_3_8(&y2.sqr());
            return Jacobian {
                x: x3,
                y: y3,
                z: z3,
            };
        }
        let delta = self.z.sqr();
        let gamma2 = self.y.sqr().dbl(); // 2 Y^2
        let t = self.x.sub(&delta).mul(&self.x.add(&delta));
        let alpha = t.dbl().add(&t); // 3 (X - Z^2)(X + Z^2)
        let beta4 = self.x.mul(&gamma2).dbl(); // 4 X Y^2
        let x3 = alpha.sqr().sub(&beta4.dbl());
        let z3 = self.y.mul(&self.z).dbl();
        let y3 = alpha.mul(&beta4.sub(&x3)).sub(&gamma2.sqr().dbl()); // - 8 Y^4
        Jacobian {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// `P + Q` (add-2007-bl), with the identity, `P = Q` and `P = -Q`
    /// handled by branches (variable time).
    fn add_vartime(&self, q: &Self) -> Self {
        if self.is_identity_vartime() {
            return *q;
        }
        if q.is_identity_vartime() {
            return *self;
        }
        let z1z1 = self.z.sqr();
        let z2z2 = q.z.sqr();
        let u1 = self.x.mul(&z2z2);
        let u2 = q.x.mul(&z1z1);
        let s1 = self.y.mul(&q.z).mul(&z2z2);
        let s2 = q.y.mul(&self.z).mul(&z1z1);
        let h = u2.sub(&u1);
        let r = s2.sub(&s1).dbl();
        if h.is_zero() != 0 {
            return if r.is_zero() != 0 {
                self.double()
            } else {
                Self::identity()
            };
        }
        let i = h.dbl().sqr();
        let j = h.mul(&i);
        let v = u1.mul(&i);
        let x3 = r.sqr().sub2(&j, &v.dbl());
        let y3 = r.mul(&v.sub(&x3)).sub(&s1.mul(&j).dbl());
        let z3 = self.z.add(&q.z).sqr().sub2(&z1z1, &z2z2).mul(&h);
        Jacobian {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// `P + (x2, y2)` (madd-2007-bl), special cases by branches (variable
    /// time).
    fn add_affine_vartime(&self, q: &Affine<C>, negate: bool) -> Self {
        let y2 = if negate { q.y.neg() } else { q.y };
        if self.is_identity_vartime() {
            return Jacobian {
                x: q.x,
                y: y2,
                z: Fe::<C>::ONE,
            };
        }
        let z1z1 = self.z.sqr();
        let u2 = q.x.mul(&z1z1);
        let s2 = y2.mul(&self.z).mul(&z1z1);
        let h = u2.sub(&self.x);
        let r = s2.sub(&self.y).dbl();
        if h.is_zero() != 0 {
            return if r.is_zero() != 0 {
                self.double()
            } else {
                Self::identity()
            };
        }
        let hh = h.sqr();
        let i = hh.dbl().dbl();
        let j = h.mul(&i);
        let v = self.x.mul(&i);
        let x3 = r.sqr().sub2(&j, &v.dbl());
        let y3 = r.mul(&v.sub(&x3)).sub(&self.y.mul(&j).dbl());
        let z3 = self.z.add(&h).sqr().sub2(&z1z1, &hh);
        Jacobian {
            x: x3,
            y: y3,
            z: z3,
        }
    }
}

/// The width-5 non-adjacent form of public canonical limbs: digits odd in
/// `[-15, 15]` or zero, least significant first (variable time).
fn wnaf5(k: &[u64]) -> Vec<i8> {
    let mut k: Vec<u64> = k.to_vec();
    k.push(0);
    let mut out = Vec::with_capacity(64 * k.len());
    let is_zero = |k: &[u64]| k.iter().all(|&l| l == 0);
    while !is_zero(&k) {
        let mut d = 0i64;
        if k[0] & 1 == 1 {
            d = (k[0] & 31) as i64;
            if d > 16 {
                d -= 32;
            }
            // k -= d
            if d > 0 {
                let mut b = d as u64;
                for l in k.iter_mut() {
                    let (v, o) = l.overflowing_sub(b);
                    *l = v;
                    b = o as u64;
                    if b == 0 {
                        break;
                    }
                }
            } else {
                let mut c = (-d) as u64;
                for l in k.iter_mut() {
                    let (v, o) = l.overflowing_add(c);
                    *l = v;
                    c = o as u64;
                    if c == 0 {
                        break;
                    }
                }
            }
        }
        out.push(d as i8);
        // k >>= 1
        for i in 0..k.len() {
            let hi = if i + 1 < k.len() { k[i + 1] << 63 } else { 0 };
            k[i] = (k[i] >> 1) | hi;
        }
    }
    out
}

/// `u1 G + u2 Q` in variable time, for verification only (public scalars
/// and point): Jacobian coordinates; `u2 Q` by width-5 wNAF over the odd
/// multiples `Q, 3Q, ..., 15Q`; `u1 G` by the signed 6-bit digits of the
/// fixed-base table, one mixed addition per non-zero digit, no doubling.
pub(crate) fn mul2_base_vartime<C: Curve>(
    u1: &Scalar<C>,
    u2: &Scalar<C>,
    q: &Affine<C>,
) -> Jacobian<C> {
    let u1 = u1.to_canonical();
    let u2 = u2.to_canonical();
    let q = Jacobian::from_affine(q);
    let q2 = q.double();
    let mut odd = [q; 8];
    for j in 1..8 {
        odd[j] = odd[j - 1].add_vartime(&q2);
    }
    let naf = wnaf5(u2.as_ref());
    let mut acc = Jacobian::<C>::identity();
    for &d in naf.iter().rev() {
        acc.double_assign_n(1);
        if d > 0 {
            acc = acc.add_vartime(&odd[(d as usize) / 2]);
        } else if d < 0 {
            acc = acc.add_vartime(&odd[((-d) as usize) / 2].neg());
        }
    }
    let base = C::base_table();
    for (i, row) in base.chunks_exact(BASE_ROW).enumerate() {
        let (mag, neg) = booth_digit(u1.as_ref(), i);
        if mag != 0 {
            acc = acc.add_affine_vartime(&row[mag as usize - 1], neg != 0);
        }
    }
    acc
}

/// BoringSSL's `p256-nistz_tests.txt` (`tests/vectors/nist/`): negation,
/// Montgomery multiplication modulo p and n, and Jacobian point addition
/// (infinity in both of its representations, `P + -P`, doublings, affine
/// inputs), on every kernel this CPU runs. The additions go through the
/// verification's Jacobian formulas and, converted to projective
/// coordinates, through the complete formulas of the constant-time code.
#[cfg(test)]
mod nistz_tests {
    // `Modulus` names the trait of the x86-only ADX kernels' methods.
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_imports))]
    use super::super::field::{Elem, Modulus, Mont};
    use super::super::{Curve, P256};
    use super::{Jacobian, Point};
    use alloc::vec::Vec;
    use std::collections::HashMap;

    fn limbs(h: &str) -> [u64; 4] {
        let mut l = [0u64; 4];
        for (i, x) in l.iter_mut().enumerate() {
            let s = h.len() - 16 * (i + 1);
            *x = u64::from_str_radix(&h[s..s + 16], 16).unwrap();
        }
        l
    }

    fn cases() -> Vec<HashMap<&'static str, &'static str>> {
        let text = include_str!("../../../tests/vectors/nist/p256-nistz_tests.txt");
        let mut out = Vec::new();
        let mut cur = HashMap::new();
        for line in text.lines().map(str::trim).chain(core::iter::once("")) {
            if line.starts_with('#') {
                continue;
            }
            if line.is_empty() {
                if !cur.is_empty() {
                    out.push(core::mem::take(&mut cur));
                }
                continue;
            }
            let (k, v) = line.split_once(" = ").unwrap();
            cur.insert(k, v);
        }
        out
    }

    fn run<C: Curve>(
        mul_p: fn(&[u64; 4], &[u64; 4]) -> [u64; 4],
        mul_n: fn(&[u64; 4], &[u64; 4]) -> [u64; 4],
    ) -> [usize; 4]
    where
        C::Fe: Elem<Limbs = [u64; 4]>,
    {
        let mut counts = [0; 4];
        let fe = |h: &str| C::Fe::from_raw(limbs(h));
        for c in cases() {
            match c["Test"] {
                "Negate" => {
                    assert_eq!(fe(c["A"]).neg().to_raw(), limbs(c["B"]), "-A");
                    assert_eq!(fe(c["B"]).neg().to_raw(), limbs(c["A"]), "-B");
                    counts[0] += 1;
                }
                "MulMont" => {
                    let (a, b) = (limbs(c["A"]), limbs(c["B"]));
                    assert_eq!(mul_p(&a, &b), limbs(c["Result"]), "MulMont");
                    assert_eq!(fe(c["A"]).mul(&fe(c["B"])).to_raw(), limbs(c["Result"]));
                    if a == b {
                        assert_eq!(fe(c["A"]).sqr().to_raw(), limbs(c["Result"]), "square");
                    }
                    counts[1] += 1;
                }
                "OrdMulMont" => {
                    let (a, b) = (limbs(c["A"]), limbs(c["B"]));
                    assert_eq!(mul_n(&a, &b), limbs(c["Result"]), "OrdMulMont");
                    counts[2] += 1;
                }
                "PointAdd" => {
                    let j = |p: &str| Jacobian::<C> {
                        x: fe(c[alloc::format!("{p}.X").as_str()]),
                        y: fe(c[alloc::format!("{p}.Y").as_str()]),
                        z: fe(c[alloc::format!("{p}.Z").as_str()]),
                    };
                    let (a, b) = (j("A"), j("B"));
                    let want = (limbs(c["Result.X"]), limbs(c["Result.Y"]));
                    let infinity = want == ([0; 4], [0; 4]);
                    // Jacobian (vartime) sum
                    let s = a.add_vartime(&b);
                    if infinity {
                        assert!(s.is_identity_vartime(), "PointAdd: infinity");
                    } else {
                        let zi = s.z.invert();
                        let zi2 = zi.sqr();
                        assert_eq!(s.x.mul(&zi2).to_raw(), want.0, "PointAdd X");
                        assert_eq!(s.y.mul(&zi2.mul(&zi)).to_raw(), want.1, "PointAdd Y");
                    }
                    // the complete projective formulas: (X Z, Y, Z^3)
                    let proj = |p: &Jacobian<C>| {
                        if p.is_identity_vartime() {
                            Point::<C>::identity()
                        } else {
                            Point {
                                x: p.x.mul(&p.z),
                                y: p.y,
                                z: p.z.sqr().mul(&p.z),
                            }
                        }
                    };
                    let t = proj(&a).add(&proj(&b));
                    match t.to_affine() {
                        None => assert!(infinity, "complete formulas: unexpected infinity"),
                        Some(q) => {
                            assert!(!infinity, "complete formulas: missed infinity");
                            assert_eq!((q.x.to_raw(), q.y.to_raw()), want, "complete formulas");
                        }
                    }
                    counts[3] += 1;
                }
                t => panic!("unknown test {t}"),
            }
        }
        counts
    }

    #[test]
    fn boringssl_p256_nistz() {
        use super::super::c256::moduli::{N, P};
        fn port_p(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
            Mont::<P, 4>::from_limbs(*a)
                .mul_portable(&Mont::from_limbs(*b))
                .l
        }
        fn port_n(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
            Mont::<N, 4>::from_limbs(*a)
                .mul_portable(&Mont::from_limbs(*b))
                .l
        }
        assert_eq!(run::<P256>(port_p, port_n), [256, 31, 26, 21]);
        #[cfg(target_arch = "x86_64")]
        if super::super::Impl::Adx.check().is_some() {
            use super::super::c256::adx::{NAdx, PAdx};
            assert_eq!(
                run::<super::super::P256Adx>(PAdx::mont_mul, NAdx::mont_mul),
                [256, 31, 26, 21]
            );
        } else {
            std::eprintln!("boringssl_p256_nistz: adx kernel skipped, the CPU lacks BMI2/ADX");
        }
    }
}
