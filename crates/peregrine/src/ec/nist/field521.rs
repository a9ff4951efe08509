//! P-521's field, `p = 2^521 - 1`, in plain form: an element is its
//! canonical value, and the product is `a b mod p`, reduced through the
//! Mersenne shape instead of a Montgomery reduction.
//!
//! The other NIST fields keep their elements in Montgomery form (`a R`,
//! `R = 2^(64 N)`); for P-521 that `R` would be `2^576 = 2^55 (mod p)`, and
//! every product would pay a rotation of its 521 bits to multiply by
//! `2^-55`. The curve code is generic over the representation: it takes
//! `R = 1` here ([`super::field::Modulus::PLAIN`]), so one is 1 and
//! entering or leaving the form is the identity.
//!
//! The product is taken in radix `2^58` (nine limbs, `2^522 = 2 mod p`),
//! where the reduction modulo `p` happens in the columns themselves: the
//! high columns wrap onto the low ones doubled, so 81 (45 for a square)
//! independent multiply-adds and one carry pass give a value below
//! `2^522`, which [`fold`] brings below `p`. The operands and the result
//! stay in the saturated 64-bit limbs of the other fields; the conversions
//! are shifts. It serves 32-bit targets too: there its `u128` columns
//! still beat the generic product over 32-bit limbs (armv7, qemu
//! instruction counts of the Montgomery version: about 1,760 against
//! 2,660 a product, 1,100 against 2,660 a square).
//!
//! Constant time: straight-line limb arithmetic; the final correction is
//! a subtraction of a masked bit, not a branch.

/// Bits of the top limb (`521 = 8 * 64 + 9`).
const TOP: u64 = (1 << 9) - 1;

/// A radix-`2^58` limb.
const M58: u64 = (1 << 58) - 1;

/// The full product of two limbs.
#[inline(always)]
fn m(a: u64, b: u64) -> u128 {
    a as u128 * b as u128
}

/// The 58-bit limbs of a value below `2^521` (`521 = 8 * 58 + 57`).
#[inline(always)]
fn unpack(a: &[u64; 9]) -> [u64; 9] {
    [
        a[0] & M58,
        ((a[0] >> 58) | (a[1] << 6)) & M58,
        ((a[1] >> 52) | (a[2] << 12)) & M58,
        ((a[2] >> 46) | (a[3] << 18)) & M58,
        ((a[3] >> 40) | (a[4] << 24)) & M58,
        ((a[4] >> 34) | (a[5] << 30)) & M58,
        ((a[5] >> 28) | (a[6] << 36)) & M58,
        ((a[6] >> 22) | (a[7] << 42)) & M58,
        (a[7] >> 16) | (a[8] << 48),
    ]
}

/// The product given as nine limbs below `2^58` in radix `2^58` and a
/// carry `c` of weight `2^522` (`2^522 = 2 mod p`), reduced below `p`: the
/// limbs packed into 64-bit words (below `2^522`), `2 c` added in
/// [`fold`].
#[inline(always)]
fn finish(l: &[u64; 9], c: u64) -> [u64; 9] {
    let s = [
        l[0] | (l[1] << 58),
        (l[1] >> 6) | (l[2] << 52),
        (l[2] >> 12) | (l[3] << 46),
        (l[3] >> 18) | (l[4] << 40),
        (l[4] >> 24) | (l[5] << 34),
        (l[5] >> 30) | (l[6] << 28),
        (l[6] >> 36) | (l[7] << 22),
        (l[7] >> 42) | (l[8] << 16),
        l[8] >> 48,
    ];
    fold(s, c << 1)
}

/// `s + extra mod p`, below `p`, for any nine limbs `s` (`s < 2^576`)
/// and `extra < 2^63`.
///
/// `u = (s mod 2^521) + (s >> 521) + extra` is at most `p + 2^55 + 2^63 <
/// 2p`, so `t = u + 1` is below `2^522`, and [`settle`] takes it below
/// `p`.
#[inline(always)]
pub(crate) fn fold(mut s: [u64; 9], extra: u64) -> [u64; 9] {
    let mut c = (s[8] >> 9) + extra + 1;
    s[8] &= TOP;
    for x in s.iter_mut() {
        let v = *x as u128 + c as u128;
        *x = v as u64;
        c = (v >> 64) as u64;
    }
    settle(s)
}

/// `t - 1 mod p`, below `p`, for `t = u + 1` with `u < 2p` (then
/// `t < 2^522`; [`fold`]'s `u` is at most `p + 2^55 - 1 + extra`). With bit 521
/// of `t` set, `u >= p` and the answer is `u - p = t - 2^521` (the bit
/// cleared); otherwise `u < p` is `t - 1`. The choice is a subtraction of
/// the bit's complement, no branch.
#[inline(always)]
pub(crate) fn settle(mut t: [u64; 9]) -> [u64; 9] {
    let mut b = (t[8] >> 9) ^ 1;
    t[8] &= TOP;
    for x in t.iter_mut() {
        let (v, o) = x.overflowing_sub(b);
        *x = v;
        b = o as u64;
    }
    t
}

/// `a + b mod p` of values below `p`: `a + b + 1` by one carry chain (the
/// `+ 1` as its first carry), then [`settle`] (`a + b < 2p`). Two passes
/// instead of the generic three (sum, trial subtraction, select).
#[inline(always)]
pub(crate) fn add(a: &[u64; 9], b: &[u64; 9]) -> [u64; 9] {
    let mut t = [0u64; 9];
    let mut c = 1u64;
    for i in 0..9 {
        let v = a[i] as u128 + b[i] as u128 + c as u128;
        t[i] = v as u64;
        c = (v >> 64) as u64;
    }
    settle(t)
}

/// `a - b mod p` of values below `p`: `p - b` is `b` with its 521 bits
/// flipped (`p` is all ones there), so this is [`add`] of `a` and `p - b`
/// (`a + p - b < 2p`).
#[inline(always)]
pub(crate) fn sub(a: &[u64; 9], b: &[u64; 9]) -> [u64; 9] {
    let mut nb = [u64::MAX; 9];
    nb[8] = TOP;
    for i in 0..9 {
        nb[i] ^= b[i];
    }
    add(a, &nb)
}

/// `ka a - kb b mod p` of values below `p`, for the small constants of
/// the doubling (`ka + kb <= 21`): `ka a + kb (p - b)` by one carry chain
/// (`p - b` is `b` with its 521 bits flipped), below `21 * 2^521 <
/// 2^526`, then [`fold`] (its `u`, the low 521 bits plus the high five,
/// stays below `2p`). One pass instead of the chain of additions it
/// replaces ([`super::field::Modulus::mont_lin_12_9`]).
#[inline(always)]
fn lin<const KA: u64, const KB: u64>(a: &[u64; 9], b: &[u64; 9]) -> [u64; 9] {
    const { assert!(KA + KB <= 21) };
    let mut t = [0u64; 9];
    let mut c = 0u128;
    for i in 0..9 {
        let nb = if i == 8 { b[8] ^ TOP } else { !b[i] };
        c += KA as u128 * a[i] as u128 + KB as u128 * nb as u128;
        t[i] = c as u64;
        c >>= 64;
    }
    fold(t, 0)
}

/// `a - b - c mod p` of values below `p`: `a + (p - b) + (p - c)` by one
/// carry chain (below `3 * 2^521`), then [`fold`], as [`lin`].
#[inline(always)]
pub(crate) fn sub2(a: &[u64; 9], b: &[u64; 9], c: &[u64; 9]) -> [u64; 9] {
    let mut t = [0u64; 9];
    let mut k = 0u128;
    for i in 0..9 {
        let m = if i == 8 { TOP } else { u64::MAX };
        k += a[i] as u128 + (b[i] ^ m) as u128 + (c[i] ^ m) as u128;
        t[i] = k as u64;
        k >>= 64;
    }
    fold(t, 0)
}

/// `12 a - 9 b mod p` ([`lin`]).
#[inline(always)]
pub(crate) fn lin_12_9(a: &[u64; 9], b: &[u64; 9]) -> [u64; 9] {
    lin::<12, 9>(a, b)
}

/// `4 a - b mod p` ([`lin`]).
#[inline(always)]
pub(crate) fn lin_4_1(a: &[u64; 9], b: &[u64; 9]) -> [u64; 9] {
    lin::<4, 1>(a, b)
}

/// `3 a - 8 b mod p` ([`lin`]).
#[inline(always)]
pub(crate) fn lin_3_8(a: &[u64; 9], b: &[u64; 9]) -> [u64; 9] {
    lin::<3, 8>(a, b)
}

/// The product `a b mod p` of values below `p`.
///
/// In radix `2^58`, column `k` gathers `a_i b_j` for `i + j = k` and `2
/// a_i b_j` for `i + j = k + 9`; each column's nine products are summed
/// on their own and the previous column's carry joins last, so the
/// columns' products overlap and only the carry is serial. Limbs are
/// below `2^58` (the top ones below `2^57`), doubled ones below `2^59`:
/// a column has nine terms below `2^117`, so with its carry it stays
/// below `2^121`; column 8 (no wrapped term) stays below `2^120`, which
/// bounds the final carry below `2^62`.
#[inline(always)]
pub(crate) fn mul(a: &[u64; 9], b: &[u64; 9]) -> [u64; 9] {
    let x = unpack(a);
    let y = unpack(b);
    let y2 = y.map(|v| v << 1);
    let mut l = [0u64; 9];
    let mut c = 0u128;
    c += m(x[0], y[0])
        + m(x[1], y2[8])
        + m(x[2], y2[7])
        + m(x[3], y2[6])
        + m(x[4], y2[5])
        + m(x[5], y2[4])
        + m(x[6], y2[3])
        + m(x[7], y2[2])
        + m(x[8], y2[1]);
    (l[0], c) = (c as u64 & M58, c >> 58);
    c += m(x[0], y[1])
        + m(x[1], y[0])
        + m(x[2], y2[8])
        + m(x[3], y2[7])
        + m(x[4], y2[6])
        + m(x[5], y2[5])
        + m(x[6], y2[4])
        + m(x[7], y2[3])
        + m(x[8], y2[2]);
    (l[1], c) = (c as u64 & M58, c >> 58);
    c += m(x[0], y[2])
        + m(x[1], y[1])
        + m(x[2], y[0])
        + m(x[3], y2[8])
        + m(x[4], y2[7])
        + m(x[5], y2[6])
        + m(x[6], y2[5])
        + m(x[7], y2[4])
        + m(x[8], y2[3]);
    (l[2], c) = (c as u64 & M58, c >> 58);
    c += m(x[0], y[3])
        + m(x[1], y[2])
        + m(x[2], y[1])
        + m(x[3], y[0])
        + m(x[4], y2[8])
        + m(x[5], y2[7])
        + m(x[6], y2[6])
        + m(x[7], y2[5])
        + m(x[8], y2[4]);
    (l[3], c) = (c as u64 & M58, c >> 58);
    c += m(x[0], y[4])
        + m(x[1], y[3])
        + m(x[2], y[2])
        + m(x[3], y[1])
        + m(x[4], y[0])
        + m(x[5], y2[8])
        + m(x[6], y2[7])
        + m(x[7], y2[6])
        + m(x[8], y2[5]);
    (l[4], c) = (c as u64 & M58, c >> 58);
    c += m(x[0], y[5])
        + m(x[1], y[4])
        + m(x[2], y[3])
        + m(x[3], y[2])
        + m(x[4], y[1])
        + m(x[5], y[0])
        + m(x[6], y2[8])
        + m(x[7], y2[7])
        + m(x[8], y2[6]);
    (l[5], c) = (c as u64 & M58, c >> 58);
    c += m(x[0], y[6])
        + m(x[1], y[5])
        + m(x[2], y[4])
        + m(x[3], y[3])
        + m(x[4], y[2])
        + m(x[5], y[1])
        + m(x[6], y[0])
        + m(x[7], y2[8])
        + m(x[8], y2[7]);
    (l[6], c) = (c as u64 & M58, c >> 58);
    c += m(x[0], y[7])
        + m(x[1], y[6])
        + m(x[2], y[5])
        + m(x[3], y[4])
        + m(x[4], y[3])
        + m(x[5], y[2])
        + m(x[6], y[1])
        + m(x[7], y[0])
        + m(x[8], y2[8]);
    (l[7], c) = (c as u64 & M58, c >> 58);
    c += m(x[0], y[8])
        + m(x[1], y[7])
        + m(x[2], y[6])
        + m(x[3], y[5])
        + m(x[4], y[4])
        + m(x[5], y[3])
        + m(x[6], y[2])
        + m(x[7], y[1])
        + m(x[8], y[0]);
    (l[8], c) = (c as u64 & M58, c >> 58);
    finish(&l, c as u64)
}

/// The square `a^2 mod p` of a value below `p`: 45 products, the cross
/// ones taken once with a doubled limb (and doubled again where they
/// wrap); the bounds of [`mul`] hold (a wrapped
/// cross term is below `2^118`, and a column has at most five terms).
#[inline(always)]
pub(crate) fn sqr(a: &[u64; 9]) -> [u64; 9] {
    let x = unpack(a);
    let x2 = x.map(|v| v << 1);
    let mut l = [0u64; 9];
    let mut c = 0u128;
    c += m(x[0], x[0]) + m(x2[1], x2[8]) + m(x2[2], x2[7]) + m(x2[3], x2[6]) + m(x2[4], x2[5]);
    (l[0], c) = (c as u64 & M58, c >> 58);
    c += m(x2[0], x[1]) + m(x2[2], x2[8]) + m(x2[3], x2[7]) + m(x2[4], x2[6]) + m(x[5], x2[5]);
    (l[1], c) = (c as u64 & M58, c >> 58);
    c += m(x2[0], x[2]) + m(x[1], x[1]) + m(x2[3], x2[8]) + m(x2[4], x2[7]) + m(x2[5], x2[6]);
    (l[2], c) = (c as u64 & M58, c >> 58);
    c += m(x2[0], x[3]) + m(x2[1], x[2]) + m(x2[4], x2[8]) + m(x2[5], x2[7]) + m(x[6], x2[6]);
    (l[3], c) = (c as u64 & M58, c >> 58);
    c += m(x2[0], x[4]) + m(x2[1], x[3]) + m(x[2], x[2]) + m(x2[5], x2[8]) + m(x2[6], x2[7]);
    (l[4], c) = (c as u64 & M58, c >> 58);
    c += m(x2[0], x[5]) + m(x2[1], x[4]) + m(x2[2], x[3]) + m(x2[6], x2[8]) + m(x[7], x2[7]);
    (l[5], c) = (c as u64 & M58, c >> 58);
    c += m(x2[0], x[6]) + m(x2[1], x[5]) + m(x2[2], x[4]) + m(x[3], x[3]) + m(x2[7], x2[8]);
    (l[6], c) = (c as u64 & M58, c >> 58);
    c += m(x2[0], x[7]) + m(x2[1], x[6]) + m(x2[2], x[5]) + m(x2[3], x[4]) + m(x[8], x2[8]);
    (l[7], c) = (c as u64 & M58, c >> 58);
    c += m(x2[0], x[8]) + m(x2[1], x[7]) + m(x2[2], x[6]) + m(x2[3], x[5]) + m(x[4], x[4]);
    (l[8], c) = (c as u64 & M58, c >> 58);
    finish(&l, c as u64)
}
