//! Constant-time GCD and modular inverse (binary algorithms with a fixed
//! number of iterations and masked updates), for RSA key generation, and a
//! variable-time inverse modulo a public odd modulus
//! ([`mod_inverse_vartime`]) for RSA blinding, where it only ever sees a
//! blinded value.
//!
//! Technique: Stein's binary GCD and the binary extended Euclidean
//! algorithm (Menezes et al., Handbook of Applied Cryptography, 14.54 and
//! 14.61), arranged so that each iteration either halves one value or
//! replaces the larger of two odd values by half their difference; that
//! removes at least one bit from `bits(u) + bits(v)`, so
//! `64 * (width_a + width_b)` iterations always finish, whatever the values.
//! Every iteration computes every case and keeps one by masks. The same
//! arrangement as BoringSSL's `bn_mod_inverse_consttime` and
//! `bn_gcd_consttime`, written independently.

use super::nat::{
    Nat, add_into, add_masked, is_zero_mask, lt, mask_bit, select_into, shr1, sub_into, sub_masked,
};
use crate::Error;

/// `x = x / 2 mod m` for odd `m` and `x < m`: `(x + m) / 2` when `x` is
/// odd (the carry of `x + m` shifted back in), `x / 2` otherwise.
fn half_mod(x: &mut [u64], m: &[u64]) {
    let odd = mask_bit(x[0] & 1);
    let c = add_masked(x, m, odd);
    shr1(x, c);
}

/// `x = x - y mod m` for `x, y < m`.
fn sub_mod(x: &mut [u64], y: &[u64], m: &[u64], tmp: &mut [u64]) {
    let b = sub_into(tmp, x, y);
    add_masked(tmp, m, mask_bit(b));
    x.copy_from_slice(tmp);
}

/// `(x, g)` with `x * a = g (mod m)` and `g = gcd(a, m)`, for odd `m` and
/// `a < m`, both of `m`'s width. Constant time.
fn inv_odd(a: &[u64], m: &[u64]) -> (Nat, Nat) {
    let w = m.len();
    let mut u = Nat::from_limbs(a);
    let mut v = Nat::from_limbs(m);
    let mut x1 = Nat::zero(w);
    x1.limbs[0] = 1;
    // 1 mod m: 0 when m = 1.
    let ge = lt(&x1.limbs, m) ^ 1;
    sub_masked(&mut x1.limbs, m, mask_bit(ge));
    let mut x2 = Nat::zero(w);
    let mut d = Nat::zero(w);
    let mut t1 = Nat::zero(w);
    let mut t2 = Nat::zero(w);
    let mut tmp = Nat::zero(w);
    // Invariants: x1 a = u, x2 a = v (mod m); gcd(u, v) = gcd(a, m) is
    // odd, so u and v are never both even.
    for _ in 0..128 * w {
        let u_odd = u.limbs[0] & 1;
        let v_odd = v.limbs[0] & 1;
        let both = u_odd & v_odd;
        let borrow = sub_into(&mut d.limbs, &u.limbs, &v.limbs); // d = u - v
        let c = mask_bit(both & (borrow ^ 1)); // u >= v: u = u - v
        let dd = mask_bit(both & borrow); // u < v: v = v - u = -d
        select_into(&mut u.limbs, &d.limbs, c);
        // v - u = -(u - v): two's complement of d.
        for x in d.limbs.iter_mut() {
            *x = !*x;
        }
        add_into(&mut tmp.limbs, &d.limbs, &[1]);
        select_into(&mut v.limbs, &tmp.limbs, dd);
        // x1 - x2 and x2 - x1, kept by the same masks.
        t1.limbs.copy_from_slice(&x1.limbs);
        sub_mod(&mut t1.limbs, &x2.limbs, m, &mut tmp.limbs);
        t2.limbs.copy_from_slice(&x2.limbs);
        sub_mod(&mut t2.limbs, &x1.limbs, m, &mut tmp.limbs);
        select_into(&mut x1.limbs, &t1.limbs, c);
        select_into(&mut x2.limbs, &t2.limbs, dd);
        // Halve u (it was even, or is the even difference) or v.
        let hu = mask_bit((u_odd ^ 1) | (c & 1));
        let hv = mask_bit((u_odd & (v_odd ^ 1)) | (dd & 1));
        t1.limbs.copy_from_slice(&u.limbs);
        shr1(&mut t1.limbs, 0);
        select_into(&mut u.limbs, &t1.limbs, hu);
        t1.limbs.copy_from_slice(&x1.limbs);
        half_mod(&mut t1.limbs, m);
        select_into(&mut x1.limbs, &t1.limbs, hu);
        t2.limbs.copy_from_slice(&v.limbs);
        shr1(&mut t2.limbs, 0);
        select_into(&mut v.limbs, &t2.limbs, hv);
        t2.limbs.copy_from_slice(&x2.limbs);
        half_mod(&mut t2.limbs, m);
        select_into(&mut x2.limbs, &t2.limbs, hv);
    }
    (x2, v)
}

/// `a^(-1) mod m`, at `m`'s width, for any `a` and any `m >= 1` (odd or
/// even; with `m` even, `a` must be odd to be invertible).
///
/// Constant time in the values of `a` and `m`: the work depends on their
/// widths and on the parity of `m` only (odd and even moduli take
/// different algorithms). Errors when `m` is zero or `gcd(a, m) != 1`,
/// revealing only that. For `m = 1` the inverse is 0.
pub fn mod_inverse(a: &Nat, m: &Nat) -> Result<Nat, Error> {
    let no_inverse = Error::InvalidParameter {
        what: "value not invertible modulo m",
    };
    // Verdicts of this function are public: each is an error the caller
    // sees (only that the condition held is revealed, as documented).
    if crate::ct::declassify(bool::from(m.is_zero())) {
        return Err(Error::InvalidParameter {
            what: "modulus must not be zero",
        });
    }
    let a = a.rem(m)?;
    // The parity of m picks the algorithm, so it is public (documented
    // above); every caller knows it anyway (RSA: p is odd, lambda even).
    if crate::ct::declassify(bool::from(m.is_odd())) {
        let (x, g) = inv_odd(&a.limbs, &m.limbs);
        let one = Nat::from_u64(1);
        let m_is_one = m.ct_eq(&one);
        if !crate::ct::declassify(bool::from(g.ct_eq(&one) | m_is_one)) {
            return Err(no_inverse);
        }
        return Ok(x);
    }
    // m even: a (mod m) must be odd. With y = m^(-1) mod a in [1, a],
    // m y = 1 + a t, and x = m - t satisfies a x = 1 (mod m).
    if !crate::ct::declassify(bool::from(a.is_odd())) {
        return Err(no_inverse);
    }
    let mr = m.rem(&a)?;
    let (mut y, g) = inv_odd(&mr.limbs, &a.limbs);
    if !crate::ct::declassify(bool::from(g.ct_eq(&Nat::from_u64(1)))) {
        return Err(no_inverse);
    }
    let y_zero = is_zero_mask(&y.limbs);
    select_into(&mut y.limbs, &a.limbs, y_zero); // y = 0 (a = 1) -> y = a
    let (my1, _) = m.mul(&y).sub(&Nat::from_u64(1));
    let (t, _) = my1.div_rem(&a)?;
    let t = t.resize(m.limbs())?; // t < m
    let (x, _) = m.sub(&t);
    // x is in (0, m]; x = m cannot happen for even m > 1, but keep x < m.
    let mut x = x;
    let ge = lt(&x.limbs, &m.limbs) ^ 1;
    sub_masked(&mut x.limbs, &m.limbs, mask_bit(ge));
    Ok(x)
}

/// `gcd(a, b)` at the wider width (`gcd(0, 0) = 0`), in constant time: the
/// work depends on the widths only.
pub fn gcd(a: &Nat, b: &Nat) -> Nat {
    let w = a.limbs().max(b.limbs());
    let mut u = a.resize(w).unwrap_or_else(|_| Nat::zero(w));
    let mut v = b.resize(w).unwrap_or_else(|_| Nat::zero(w));
    // v = 0: swap, so u = 0 and the answer is in v.
    let vz = v.is_zero();
    Nat::conditional_swap(&mut u, &mut v, vz);
    let mut shift = 0u64;
    let mut d = Nat::zero(w);
    let mut t = Nat::zero(w);
    for _ in 0..128 * w {
        let u_odd = u.limbs[0] & 1;
        let v_odd = v.limbs[0] & 1;
        let u_nz = (!is_zero_mask(&u.limbs)) & 1;
        let both_even = (u_odd ^ 1) & (v_odd ^ 1) & u_nz;
        shift += both_even;
        let both = u_odd & v_odd;
        let borrow = sub_into(&mut d.limbs, &u.limbs, &v.limbs);
        let c = mask_bit(both & (borrow ^ 1));
        let dd = mask_bit(both & borrow);
        select_into(&mut u.limbs, &d.limbs, c);
        for x in d.limbs.iter_mut() {
            *x = !*x;
        }
        add_into(&mut t.limbs, &d.limbs, &[1]);
        select_into(&mut v.limbs, &t.limbs, dd);
        let hu = mask_bit((u_odd ^ 1) | (c & 1));
        let hv = mask_bit(both_even | (u_odd & (v_odd ^ 1)) | (dd & 1));
        t.limbs.copy_from_slice(&u.limbs);
        shr1(&mut t.limbs, 0);
        select_into(&mut u.limbs, &t.limbs, hu);
        t.limbs.copy_from_slice(&v.limbs);
        shr1(&mut t.limbs, 0);
        select_into(&mut v.limbs, &t.limbs, hv);
    }
    v.shl_secret(shift as usize)
}

/// `x = x * 2^(-s) mod m` for odd `m`, `x < m` and `1 <= s <= 63`, with
/// `n0 = -m^(-1) mod 2^64`: `q = x n0 mod 2^s` makes `x + q m` divisible
/// by `2^s`, and `(x + q m) / 2^s < m`. `t` has `m.len() + 1` limbs.
fn div_pow2_mod(x: &mut [u64], s: u32, m: &[u64], n0: u64, t: &mut [u64]) {
    let k = m.len();
    let q = x[0].wrapping_mul(n0) & ((1u64 << s) - 1);
    let mut carry = 0u64;
    for j in 0..k {
        let v = (q as u128) * (m[j] as u128) + (x[j] as u128) + (carry as u128);
        t[j] = v as u64;
        carry = (v >> 64) as u64;
    }
    t[k] = carry;
    for j in 0..k {
        x[j] = (t[j] >> s) | (t[j + 1] << (64 - s));
    }
}

/// `a >>= s` for `1 <= s <= 63`.
fn shr_small(a: &mut [u64], s: u32) {
    for j in 0..a.len() {
        let hi = if j + 1 < a.len() { a[j + 1] } else { 0 };
        a[j] = (a[j] >> s) | (hi << (64 - s));
    }
}

/// Removes the factors of two from the (non-zero) `u`, dividing `x` by
/// the same power of two modulo `m`. Variable time.
fn strip_twos(u: &mut [u64], x: &mut [u64], m: &[u64], n0: u64, t: &mut [u64]) {
    loop {
        let tz = match u.iter().position(|&l| l != 0) {
            Some(0) => u[0].trailing_zeros(),
            Some(_) => 63,
            None => return,
        };
        if tz == 0 {
            return;
        }
        let s = tz.min(63);
        shr_small(u, s);
        div_pow2_mod(x, s, m, n0, t);
    }
}

/// `a^(-1) mod m` for an odd `m >= 1`, at `m`'s width, by the binary
/// extended Euclidean algorithm (Handbook of Applied Cryptography 14.61,
/// with the halvings of the coefficients done up to 63 at a time by a
/// Montgomery-style division by `2^s`).
///
/// **Variable time**: the running time depends on the values of `a` and
/// `m` (the number of iterations, the shifts, which branch each comparison
/// takes). Use it only where both are public or where `a` is uniformly
/// random and unrelated to any secret, as in RSA blinding: with `u` random,
/// `r^(-1) = u * (r u)^(-1)`, and `r u` reveals nothing about `r`. Errors
/// when `m` is even or zero, or `gcd(a, m) != 1` (the inverse of anything
/// modulo 1 is 0).
pub fn mod_inverse_vartime(a: &Nat, m: &Nat) -> Result<Nat, Error> {
    if !bool::from(m.is_odd()) {
        return Err(Error::InvalidParameter {
            what: "modulus must be odd",
        });
    }
    let k = m.limbs();
    let mm = &m.limbs;
    let mut u = if a.limbs() <= k && lt(&a.limbs, mm) == 1 {
        a.resize(k)?
    } else {
        a.rem(m)?
    };
    let mut v = m.clone();
    let mut x1 = Nat::zero(k);
    x1.limbs[0] = 1;
    if k == 1 && mm[0] == 1 {
        x1.limbs[0] = 0;
    }
    let mut x2 = Nat::zero(k);
    let mut t = Nat::zero(k + 1);
    let mut d = Nat::zero(k);
    let n0 = super::mont::n0_of(mm[0]);
    // Invariants: x1 a = u, x2 a = v (mod m); v is odd.
    while !bool::from(u.is_zero()) {
        strip_twos(&mut u.limbs, &mut x1.limbs, mm, n0, &mut t.limbs);
        // Both odd: replace the larger by the (even) difference.
        if lt(&u.limbs, &v.limbs) == 0 {
            sub_into(&mut d.limbs, &u.limbs, &v.limbs);
            core::mem::swap(&mut u, &mut d);
            sub_mod(&mut x1.limbs, &x2.limbs, mm, &mut d.limbs);
        } else {
            sub_into(&mut d.limbs, &v.limbs, &u.limbs);
            core::mem::swap(&mut v, &mut d);
            sub_mod(&mut x2.limbs, &x1.limbs, mm, &mut d.limbs);
            strip_twos(&mut v.limbs, &mut x2.limbs, mm, n0, &mut t.limbs);
        }
    }
    let mut one = Nat::zero(k);
    one.limbs[0] = 1;
    if !bool::from(v.ct_eq(&one)) {
        return Err(Error::InvalidParameter {
            what: "value not invertible modulo m",
        });
    }
    Ok(x2)
}
