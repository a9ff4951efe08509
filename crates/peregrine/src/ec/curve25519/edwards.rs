//! The twisted Edwards curve -x^2 + y^2 = 1 + d x^2 y^2 (edwards25519),
//! generic over the field kernel.
//!
//! Coordinates and formulas are those of Hisil, Wong, Carter and Dawson,
//! "Twisted Edwards curves revisited" (2008), in the arrangement of ref10
//! (SUPERCOP) that most implementations share: extended `P3` (X:Y:Z:T),
//! projective `P2`, the completed `P1P1` that an addition or doubling
//! produces, `Cached` (Y+X, Y-X, Z, 2dT) for the second operand of an
//! addition, and affine `Niels` (y+x, y-x, 2dxy) for precomputed points.
//! The addition formulas are complete on this curve (a = -1 is a square,
//! d is not), so no input needs a special case.
//!
//! Constant time except in the functions named `_vartime`, which only see
//! public data (signature verification).

#![allow(clippy::wrong_self_convention)] // points are `Copy` but large: by reference

use super::field::{Field, Mask, mask_of};
use super::table::{self, NielsLimbs};

/// Extended coordinates: x = X/Z, y = Y/Z, xy = T/Z.
pub(crate) struct P3<F: Field> {
    pub x: F::Fe,
    pub y: F::Fe,
    pub z: F::Fe,
    pub t: F::Fe,
}

/// Projective coordinates (no T).
pub(crate) struct P2<F: Field> {
    pub x: F::Fe,
    pub y: F::Fe,
    pub z: F::Fe,
}

/// The completed point ((X:Z), (Y:T)) of an addition or a doubling.
pub(crate) struct P1P1<F: Field> {
    x: F::Fe,
    y: F::Fe,
    z: F::Fe,
    t: F::Fe,
}

/// (Y+X, Y-X, Z, 2dT): the second operand of an addition.
pub(crate) struct Cached<F: Field> {
    ypx: F::Fe,
    ymx: F::Fe,
    z: F::Fe,
    t2d: F::Fe,
}

/// Affine (y+x, y-x, 2dxy) with Z = 1: a precomputed point.
pub(crate) struct Niels<F: Field> {
    ypx: F::Fe,
    ymx: F::Fe,
    xy2d: F::Fe,
}

macro_rules! copy_impl {
    ($($t:ident),*) => {$(
        impl<F: Field> Clone for $t<F> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<F: Field> Copy for $t<F> {}
    )*};
}
copy_impl!(P3, P2, P1P1, Cached, Niels);

/// The curve's constants in one kernel's representation.
#[derive(Clone, Copy)]
pub(crate) struct Consts<F: Field> {
    pub d: F::Fe,
    pub d2: F::Fe,
    pub sqrt_m1: F::Fe,
}

#[inline(always)]
pub(crate) fn consts<F: Field>(f: F) -> Consts<F> {
    Consts {
        d: f.from_limbs(&table::D),
        d2: f.from_limbs(&table::D2),
        sqrt_m1: f.from_limbs(&table::SQRT_M1),
    }
}

impl<F: Field> P3<F> {
    /// The neutral element (0, 1).
    #[inline(always)]
    pub fn identity(f: F) -> Self {
        P3 {
            x: f.zero(),
            y: f.one(),
            z: f.one(),
            t: f.zero(),
        }
    }

    #[inline(always)]
    pub fn to_p2(&self) -> P2<F> {
        P2 {
            x: self.x,
            y: self.y,
            z: self.z,
        }
    }

    #[inline(always)]
    pub fn to_cached(&self, f: F, c: &Consts<F>) -> Cached<F> {
        Cached {
            ypx: f.add(&self.y, &self.x),
            ymx: f.sub(&self.y, &self.x),
            z: self.z,
            t2d: f.mul(&self.t, &c.d2),
        }
    }

    #[inline(always)]
    pub fn neg(&self, f: F) -> Self {
        P3 {
            x: f.neg(&self.x),
            y: self.y,
            z: self.z,
            t: f.neg(&self.t),
        }
    }

    /// The addition formula every operand form shares: `self + q` for
    /// `q = (y+x, y-x, 2dxy)` given as `(ypx, ymx, c = 2d q.T self.T, d =
    /// 2 self.Z q.Z)`; `self - q` is the same with `ypx`/`ymx` swapped
    /// and the sign of `c` flipped (`neg`, a public choice).
    #[inline(always)]
    fn add_formula(
        &self,
        f: F,
        ypx: &F::Fe,
        ymx: &F::Fe,
        c: &F::Fe,
        d: &F::Fe,
        neg: bool,
    ) -> P1P1<F> {
        let (p, m) = if neg { (ymx, ypx) } else { (ypx, ymx) };
        let a = f.mul(&f.add(&self.y, &self.x), p);
        let b = f.mul(&f.sub(&self.y, &self.x), m);
        let (dc_plus, dc_minus) = (f.add(d, c), f.sub(d, c));
        let (z, t) = if neg {
            (dc_minus, dc_plus)
        } else {
            (dc_plus, dc_minus)
        };
        P1P1 {
            x: f.sub(&a, &b),
            y: f.add(&a, &b),
            z,
            t,
        }
    }

    /// `self ± q` for a `Cached` `q`.
    #[inline(always)]
    fn add_cached(&self, f: F, q: &Cached<F>, neg: bool) -> P1P1<F> {
        let c = f.mul(&q.t2d, &self.t);
        let zz = f.mul(&self.z, &q.z);
        self.add_formula(f, &q.ypx, &q.ymx, &c, &f.add(&zz, &zz), neg)
    }

    /// `self ± q` for an affine precomputed `q` (Z = 1: no product for D).
    #[inline(always)]
    fn add_niels(&self, f: F, q: &Niels<F>, neg: bool) -> P1P1<F> {
        let c = f.mul(&q.xy2d, &self.t);
        self.add_formula(f, &q.ypx, &q.ymx, &c, &f.add(&self.z, &self.z), neg)
    }

    /// `self + q`.
    #[inline(always)]
    pub fn add(&self, f: F, q: &Cached<F>) -> P1P1<F> {
        self.add_cached(f, q, false)
    }

    /// `self - q`.
    #[inline(always)]
    pub fn sub(&self, f: F, q: &Cached<F>) -> P1P1<F> {
        self.add_cached(f, q, true)
    }

    /// `self + q` for an affine precomputed `q`.
    #[inline(always)]
    pub fn madd(&self, f: F, q: &Niels<F>) -> P1P1<F> {
        self.add_niels(f, q, false)
    }

    /// `self - q` for an affine precomputed `q`.
    #[inline(always)]
    pub fn msub(&self, f: F, q: &Niels<F>) -> P1P1<F> {
        self.add_niels(f, q, true)
    }

    /// `2 self`.
    #[inline(always)]
    pub fn dbl(&self, f: F) -> P1P1<F> {
        self.to_p2().dbl(f)
    }

    /// The 32-byte encoding (RFC 8032 section 5.1.2).
    #[inline(always)]
    pub fn to_bytes(&self, f: F) -> [u8; 32] {
        self.to_p2().to_bytes(f)
    }

    /// The point of a 32-byte encoding (RFC 8032 section 5.1.3), or `None`
    /// for a y that is not canonical (`>= p`), a y with no x on the curve,
    /// or x = 0 with the sign bit set. Variable time: for public keys.
    pub fn from_bytes_vartime(f: F, c: &Consts<F>, b: &[u8; 32]) -> Option<Self> {
        if !y_is_canonical(b) {
            return None;
        }
        let y = f.from_bytes(b);
        let sign = u64::from(b[31] >> 7);
        let yy = f.sqr(&y);
        let u = f.sub(&yy, &f.one()); // y^2 - 1
        let v = f.add(&f.mul(&yy, &c.d), &f.one()); // d y^2 + 1
        // x = u v^3 (u v^7)^((p-5)/8).
        let v3 = f.mul(&f.sqr(&v), &v);
        let v7 = f.mul(&f.sqr(&v3), &v);
        let mut x = f.mul(&f.mul(&u, &v3), &f.pow_p58(&f.mul(&u, &v7)));
        let vxx = f.mul(&v, &f.sqr(&x));
        if f.ct_eq(&vxx, &u) == 0 {
            if f.ct_eq(&vxx, &f.neg(&u)) == 0 {
                return None;
            }
            x = f.mul(&x, &c.sqrt_m1);
        }
        let x_zero = f.is_zero(&x) != 0;
        if x_zero && sign == 1 {
            return None;
        }
        if f.is_negative(&x) != sign {
            x = f.neg(&x);
        }
        Some(P3 {
            x,
            y,
            z: f.one(),
            t: f.mul(&x, &y),
        })
    }
}

/// Whether the low 255 bits of `b` are below p = 2^255 - 19.
pub(crate) fn y_is_canonical(b: &[u8; 32]) -> bool {
    // >= p exactly when bits 255.. of (y + 19) are set, with y < 2^255.
    let mut carry = 19u16;
    for (i, &x) in b.iter().enumerate() {
        let v = if i == 31 { x & 0x7f } else { x };
        carry += u16::from(v);
        if i == 31 {
            return carry < 0x80;
        }
        carry >>= 8;
    }
    unreachable!()
}

impl<F: Field> P2<F> {
    /// `2 self`.
    #[inline(always)]
    pub fn dbl(&self, f: F) -> P1P1<F> {
        let xx = f.sqr(&self.x);
        let yy = f.sqr(&self.y);
        let zz = f.sqr(&self.z);
        let zz2 = f.add(&zz, &zz);
        let xy2 = f.sqr(&f.add(&self.x, &self.y));
        let y = f.add(&yy, &xx);
        let z = f.sub(&yy, &xx);
        P1P1 {
            x: f.sub(&xy2, &y),
            y,
            z,
            t: f.sub(&zz2, &z),
        }
    }

    pub fn to_bytes(&self, f: F) -> [u8; 32] {
        let zi = f.invert(&self.z);
        let x = f.mul(&self.x, &zi);
        let y = f.mul(&self.y, &zi);
        let mut s = f.to_bytes(&y);
        s[31] ^= (f.is_negative(&x) as u8) << 7;
        s
    }
}

impl<F: Field> P1P1<F> {
    #[inline(always)]
    pub fn to_p3(&self, f: F) -> P3<F> {
        P3 {
            x: f.mul(&self.x, &self.t),
            y: f.mul(&self.y, &self.z),
            z: f.mul(&self.z, &self.t),
            t: f.mul(&self.x, &self.y),
        }
    }

    #[inline(always)]
    pub fn to_p2(&self, f: F) -> P2<F> {
        P2 {
            x: f.mul(&self.x, &self.t),
            y: f.mul(&self.y, &self.z),
            z: f.mul(&self.z, &self.t),
        }
    }
}

impl<F: Field> Niels<F> {
    #[inline(always)]
    pub fn from_limbs(f: F, l: &NielsLimbs) -> Self {
        Niels {
            ypx: f.from_limbs(&l[0]),
            ymx: f.from_limbs(&l[1]),
            xy2d: f.from_limbs(&l[2]),
        }
    }
}

/// Entry `|digit| - 1` of `row` (the identity for 0), negated when
/// `digit < 0`: every entry is read, the one wanted kept by masks.
#[inline(always)]
fn select_niels<F: Field>(f: F, row: &[NielsLimbs; 8], digit: i8) -> Niels<F> {
    let (mut t, neg) = scan_niels(row, digit);
    let n = Niels::from_limbs(f, &t);
    crate::ct::wipe(&mut t);
    // -(y+x, y-x, 2dxy) = (y-x, y+x, -2dxy).
    let m = mask_of(neg);
    let mut ypx = n.ypx;
    let mut ymx = n.ymx;
    f.cswap(&mut ypx, &mut ymx, m);
    let xy2d = f.select(&n.xy2d, &f.neg(&n.xy2d), m);
    Niels { ypx, ymx, xy2d }
}

/// The entry `|digit|` of a comb row (the neutral `(1, 1, 0)` for 0), by a
/// masked scan of all eight, and the digit's sign bit: no branch or index
/// on the digit. The caller negates (and wipes the copy).
#[inline(always)]
pub(crate) fn scan_niels(row: &[NielsLimbs; 8], digit: i8) -> (NielsLimbs, u64) {
    let neg = ((digit as u8) >> 7) as u64;
    let abs = (digit as i64 + (digit as i64 >> 7)) ^ (digit as i64 >> 7);
    let mut t: NielsLimbs = [[1, 0, 0, 0], [1, 0, 0, 0], [0; 4]];
    for (j, e) in row.iter().enumerate() {
        let m: Mask = eq_mask(abs as u64, j as u64 + 1);
        for k in 0..3 {
            for l in 0..4 {
                t[k][l] ^= (t[k][l] ^ e[k][l]) & m;
            }
        }
    }
    (t, neg)
}

/// All ones when `a == b` (both below 2^63), else 0, without a branch.
#[inline(always)]
fn eq_mask(a: u64, b: u64) -> Mask {
    let d = a ^ b;
    // d == 0 -> (0 - 1) >> 63 = 1.
    mask_of(d.wrapping_sub(1) >> 63)
}

/// The 64 signed radix-16 digits (each in -8..=8) of a 256-bit scalar
/// whose top bit is clear, little-endian, without a branch.
#[inline(always)]
pub(crate) fn radix16(a: &[u8; 32]) -> [i8; 64] {
    let mut e = [0i8; 64];
    for i in 0..32 {
        e[2 * i] = (a[i] & 15) as i8;
        e[2 * i + 1] = (a[i] >> 4) as i8;
    }
    let mut carry = 0i8;
    for x in e.iter_mut().take(63) {
        *x += carry;
        carry = (*x + 8) >> 4;
        *x -= carry << 4;
    }
    e[63] += carry;
    e
}

/// [`mul_base`] on the kernel `imp`: where it is `Ifma`, the comb's point
/// additions and doublings run four-way parallel on AVX-512 IFMA
/// (`many/x86_64_ifma.rs`, `mul_base4`); where it is `Ifma512`, the
/// comb's two halves run side by side in zmm (`mul_base8`); the result
/// comes back to the field `f` (the `adx` one).
#[inline(always)]
pub(crate) fn mul_base_on<F: Field>(imp: super::Checked, f: F, a: &[u8; 32]) -> P3<F> {
    #[cfg(target_arch = "x86_64")]
    {
        use super::many::x86_64_ifma::{to_field, y, z};
        let c = match imp.get() {
            // SAFETY: a `Checked` for `Ifma512` exists only when the CPU
            // has AVX-512 F, VL and IFMA and zmm is in force.
            super::Impl::Ifma512 => Some(unsafe { z::mul_base8(a) }),
            // SAFETY: a `Checked` for `Ifma` exists only when the CPU has
            // AVX-512 F, VL and IFMA.
            super::Impl::Ifma => Some(unsafe { y::mul_base4(a) }),
            _ => None,
        };
        if let Some(c) = c {
            let dec = |v: &[u64; 5]| to_field(f, v);
            return P3 {
                x: dec(&c[0]),
                y: dec(&c[1]),
                z: dec(&c[2]),
                t: dec(&c[3]),
            };
        }
    }
    let _ = imp;
    mul_base(f, a)
}

/// `[a]B` for the base point B and a 256-bit scalar `a` with `a[31] <=
/// 127`, by the fixed-base comb of ref10: 64 signed radix-16 digits, the
/// odd ones added first, four doublings, then the even ones; each table
/// entry chosen by a full masked scan of its row. Constant time.
pub(crate) fn mul_base<F: Field>(f: F, a: &[u8; 32]) -> P3<F> {
    let mut e = radix16(a);
    let mut h = P3::identity(f);
    for i in (1..64).step_by(2) {
        let t = select_niels(f, &table::BASE_COMB[i / 2], e[i]);
        h = h.madd(f, &t).to_p3(f);
    }
    let r = h.dbl(f).to_p2(f);
    let r = r.dbl(f).to_p2(f);
    let r = r.dbl(f).to_p2(f);
    h = r.dbl(f).to_p3(f);
    for i in (0..64).step_by(2) {
        let t = select_niels(f, &table::BASE_COMB[i / 2], e[i]);
        h = h.madd(f, &t).to_p3(f);
    }
    crate::ct::wipe(&mut e);
    h
}

/// The width-`w` NAF of a scalar below 2^253: signed digits, each zero
/// or odd with absolute value below 2^(w-1) (15 for w = 5, 127 for w =
/// 8), any nonzero digit followed by at least w - 1 zeros, so that `a =
/// sum d_i 2^i`. Skips runs of zeros a word at a time. Variable time:
/// public scalars only.
pub(crate) fn wnaf_vartime(a: &[u8; 32], w: u32) -> [i8; 256] {
    debug_assert!((2..=8).contains(&w) && a[31] < 0x20);
    let mut x = [0u64; 5];
    for (i, c) in a.chunks_exact(8).enumerate() {
        x[i] = u64::from_le_bytes(c.try_into().unwrap_or_default());
    }
    // The 64 bits of x from bit i (i < 256).
    let bits = |x: &[u64; 5], i: usize| {
        let (q, r) = (i / 64, i % 64);
        if r == 0 {
            x[q]
        } else {
            (x[q] >> r) | (x[q + 1] << (64 - r))
        }
    };
    let mut r = [0i8; 256];
    let mut i = 0usize;
    while i < 256 {
        let word = bits(&x, i);
        if word == 0 {
            i += 64;
            continue;
        }
        i += word.trailing_zeros() as usize;
        if i >= 256 {
            break;
        }
        let win = (bits(&x, i) & ((1 << w) - 1)) as i32;
        let d = if win >= 1 << (w - 1) {
            win - (1 << w)
        } else {
            win
        };
        r[i] = d as i8;
        // x -= d 2^i: clear the window's bits, and carry 2^(i + w) for a
        // negative digit (x - win 2^i + 2^w 2^i).
        let (q, s) = (i / 64, i % 64);
        let clear = (1u128 << w) - 1;
        let m = clear << s;
        x[q] &= !(m as u64);
        if q + 1 < 5 {
            x[q + 1] &= !((m >> 64) as u64);
        }
        if d < 0 {
            let j = i + w as usize;
            let mut k = j / 64;
            let mut add = 1u64 << (j % 64);
            while k < 5 && add != 0 {
                let (v, c) = x[k].overflowing_add(add);
                x[k] = v;
                add = c as u64;
                k += 1;
            }
        }
        i += w as usize;
    }
    r
}

/// `[a]A + [b]B` for public `a`, `A` and `b` (B the base point); see
/// [`multi_mul_base_vartime`]. Variable time.
pub(crate) fn double_mul_base_vartime<F: Field>(
    f: F,
    c: &Consts<F>,
    a: &[u8; 32],
    pa: &P3<F>,
    b: &[u8; 32],
) -> P2<F> {
    multi_mul_base_vartime(f, c, core::slice::from_ref(a), core::slice::from_ref(pa), b)
}

/// `sum [a_i]A_i + [b]B` for public scalars and points (B the base point),
/// by interleaved width-w NAFs (Straus): odd multiples up to 15 A_i
/// computed here, of B up to 127 B from the static table; one shared
/// chain of doublings. Variable time.
pub(crate) fn multi_mul_base_vartime<F: Field>(
    f: F,
    c: &Consts<F>,
    a: &[[u8; 32]],
    pa: &[P3<F>],
    b: &[u8; 32],
) -> P2<F> {
    debug_assert_eq!(a.len(), pa.len());
    let an: alloc::vec::Vec<[i8; 256]> = a.iter().map(|s| wnaf_vartime(s, 5)).collect();
    let tables: alloc::vec::Vec<[Cached<F>; 8]> =
        pa.iter().map(|p| odd_multiples(f, c, p)).collect();
    straus_vartime(f, &an, &tables, &[(wnaf_vartime(b, 8), &table::BASE_ODD)])
}

/// `[a]P + [b]Q + [lo]B + [hi](2^128 B)` for public scalars below 2^253
/// (`lo`, `hi` below 2^128 for the length to be that of `a` and `b`):
/// single verification's check after the lattice reduction (see
/// `ed25519`). Interleaved width-w NAFs as in
/// [`multi_mul_base_vartime`], with the static tables `BASE_ODD` and
/// `BASE_ODD_128` for the two halves of B's scalar; the doublings run
/// from the highest nonzero digit of the four, about 128 of them.
/// Variable time.
#[allow(clippy::too_many_arguments)]
pub(crate) fn quad_mul_vartime<F: Field>(
    f: F,
    c: &Consts<F>,
    a: &[u8; 32],
    p: &P3<F>,
    b: &[u8; 32],
    q: &P3<F>,
    lo: &[u8; 32],
    hi: &[u8; 32],
) -> P2<F> {
    let digits = [wnaf_vartime(a, 5), wnaf_vartime(b, 5)];
    let tables = [odd_multiples(f, c, p), odd_multiples(f, c, q)];
    straus_vartime(
        f,
        &digits,
        &tables,
        &[
            (wnaf_vartime(lo, 8), &table::BASE_ODD),
            (wnaf_vartime(hi, 8), &table::BASE_ODD_128),
        ],
    )
}

/// `[2k + 1] P` for k = 0..8, ready to add.
#[inline(always)]
fn odd_multiples<F: Field>(f: F, c: &Consts<F>, p: &P3<F>) -> [Cached<F>; 8] {
    let p2 = p.dbl(f).to_p3(f);
    let mut t = [p.to_cached(f, c); 8];
    for k in 1..8 {
        t[k] = p2.add(f, &t[k - 1]).to_p3(f).to_cached(f, c);
    }
    t
}

/// The shared Straus loop: `sum [d_j]P_j + sum [e_j]T_j` for NAF
/// digits `d_j` (odd, at most 15 in absolute value) of points whose odd
/// multiples are in `tables[j]`, and digits `e_j` (at most 127) of fixed
/// points whose odd multiples are the static table `T_j`. Starts at the
/// highest nonzero digit. Variable time.
#[inline(always)]
fn straus_vartime<F: Field>(
    f: F,
    an: &[[i8; 256]],
    tables: &[[Cached<F>; 8]],
    fixed: &[([i8; 256], &[NielsLimbs; 64])],
) -> P2<F> {
    let mut i = 255usize;
    while i > 0 && an.iter().all(|d| d[i] == 0) && fixed.iter().all(|(d, _)| d[i] == 0) {
        i -= 1;
    }
    let mut r = P3::identity(f).to_p2();
    loop {
        let mut t = r.dbl(f);
        for (d, tab) in an.iter().zip(tables) {
            if d[i] > 0 {
                t = t.to_p3(f).add(f, &tab[(d[i] / 2) as usize]);
            } else if d[i] < 0 {
                t = t.to_p3(f).sub(f, &tab[(-d[i] / 2) as usize]);
            }
        }
        for (d, tab) in fixed {
            if d[i] > 0 {
                let q = Niels::from_limbs(f, &tab[(d[i] / 2) as usize]);
                t = t.to_p3(f).madd(f, &q);
            } else if d[i] < 0 {
                let q = Niels::from_limbs(f, &tab[(-d[i] / 2) as usize]);
                t = t.to_p3(f).msub(f, &q);
            }
        }
        r = t.to_p2(f);
        if i == 0 {
            break;
        }
        i -= 1;
    }
    r
}

impl<F: Field> P2<F> {
    /// Whether `self` is the neutral element (0 : Z : Z). Variable time.
    pub fn is_identity_vartime(&self, f: F) -> bool {
        f.is_zero(&self.x) != 0 && f.ct_eq(&self.y, &self.z) != 0
    }

    /// Whether `[8] self` is the neutral element (0 : Z : Z): the
    /// cofactored check of batch verification. Variable time.
    #[cfg_attr(not(feature = "getrandom"), allow(dead_code))] // batch verification only
    pub fn is_small_order_vartime(&self, f: F) -> bool {
        let p = self.dbl(f).to_p2(f).dbl(f).to_p2(f).dbl(f).to_p2(f);
        p.is_identity_vartime(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigInt;

    #[test]
    fn wnaf_digits_sum_to_the_scalar() {
        let mut seed = 0x5851_f42d_4c95_7f2du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for it in 0..3000usize {
            let mut a = [0u8; 32];
            for c in a.chunks_exact_mut(8) {
                c.copy_from_slice(&next().to_le_bytes());
            }
            // Every length up to 253 bits, and runs of ones (carries).
            let len = it % 254;
            for (j, b) in a.iter_mut().enumerate() {
                if it % 3 == 0 {
                    *b = 0xff;
                }
                let keep = len.saturating_sub(8 * j).min(8);
                *b &= ((1u16 << keep) - 1) as u8;
            }
            for (w, bound) in [(5, 15), (8, 127), (4, 7)] {
                let d = wnaf_vartime(&a, w);
                let mut sum = BigInt::from(0);
                let mut last: Option<usize> = None;
                for (i, &x) in d.iter().enumerate() {
                    if x != 0 {
                        assert!(x % 2 != 0 && i32::from(x).abs() <= bound, "digit {x}");
                        if let Some(l) = last {
                            assert!(i - l >= w as usize, "gap");
                        }
                        last = Some(i);
                        sum += BigInt::from(x) << i;
                    }
                }
                assert_eq!(
                    sum,
                    BigInt::from_bytes_le(num_bigint::Sign::Plus, &a),
                    "w {w} it {it}"
                );
            }
        }
    }
}
