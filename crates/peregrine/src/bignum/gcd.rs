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
//! `bn_gcd_consttime`, written independently. The variable-time inverse
//! is Bernstein and Yang's division steps, batched 62 at a time (see
//! [`mod_inverse_vartime`]).

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

/// The number of division steps batched into one matrix: the matrix
/// entries stay below `2^62` in magnitude, so a limb product plus the
/// other fits in an `i128`.
const BATCH: u32 = 62;

/// `BATCH` division steps of Bernstein and Yang on the low words `f0`
/// (odd) and `g0` of `f` and `g`, from `delta`: returns the transition
/// matrix `[u, v, q, r]`, with `2^62 f' = u f + v g` and
/// `2^62 g' = q f + r g` for the values `f'`, `g'` after the steps, and
/// updates `delta`. Runs of even `g` are skipped at once (trailing
/// zeros). Variable time.
fn divsteps_vartime(delta: &mut i64, f0: u64, g0: u64) -> [i64; 4] {
    let (mut u, mut v, mut q, mut r) = (1i64, 0i64, 0i64, 1i64);
    let (mut f, mut g) = (f0, g0);
    let mut left = BATCH;
    while left > 0 {
        if g & 1 == 0 {
            // Steps that only halve g (the zeros counted up to `left`).
            let z = (g | (1u64 << left)).trailing_zeros();
            g >>= z;
            u <<= z;
            v <<= z;
            *delta += i64::from(z);
            left -= z;
            continue;
        }
        if *delta > 0 {
            // Swap and subtract: (f, g) = (g, (g - f) / 2).
            (f, g) = (g, g.wrapping_sub(f) >> 1);
            (u, v, q, r) = (q << 1, r << 1, q - u, r - v);
            *delta = 1 - *delta;
        } else {
            g = g.wrapping_add(f) >> 1;
            (u, v, q, r) = (u << 1, v << 1, q + u, r + v);
            *delta += 1;
        }
        left -= 1;
    }
    [u, v, q, r]
}

/// `out = a x + b y + c m` (two's complement, `out.len() == x.len() + 1`)
/// for signed two's complement `x` and `y` of the same length, `m`
/// unsigned (`m.len() <= x.len()`), and `|a| + |b| <= 2^62`,
/// `|c| <= 2^61`: every limb's sum fits in an `i128`.
fn lin_comb(out: &mut [u64], a: i64, x: &[u64], b: i64, y: &[u64], c: i64, m: &[u64]) {
    let n = x.len();
    let mut carry: i128 = 0;
    for j in 0..n {
        // The top limb is signed, the others are not.
        let (xj, yj) = if j + 1 == n {
            (i128::from(x[j] as i64), i128::from(y[j] as i64))
        } else {
            (i128::from(x[j]), i128::from(y[j]))
        };
        let mj = i128::from(m.get(j).copied().unwrap_or(0));
        let acc = carry + i128::from(a) * xj + i128::from(b) * yj + i128::from(c) * mj;
        out[j] = acc as u64;
        carry = acc >> 64;
    }
    out[n] = carry as u64;
}

/// `x = t >> 62` (arithmetic) for `t` one limb longer than `x`, whose
/// value fits `x`.
fn shr_batch(x: &mut [u64], t: &[u64]) {
    for j in 0..x.len() {
        x[j] = (t[j] >> BATCH) | (t[j + 1] << (64 - BATCH));
    }
}

/// Whether the two's complement `x` is negative.
fn negative(x: &[u64]) -> bool {
    (x[x.len() - 1] as i64) < 0
}

/// `a^(-1) mod m` for an odd `m >= 1`, at `m`'s width, by Bernstein and
/// Yang's division steps ("Fast constant-time gcd computation and modular
/// inversion", 2019) in the variable-time arrangement of libsecp256k1's
/// `modinv64_var`: 62 steps at a time on the low words, the resulting
/// 2x2 matrix applied to the full `f`, `g` (`m` and `a` at the start) and
/// to their coefficients `d`, `e` (which get a multiple of `m` that makes
/// them divisible by `2^62`), until `g = 0`; then `f = ±gcd(a, m)` and
/// `d a = f (mod m)`. It replaced a binary extended Euclid that did some
/// 2,900 full-width subtractions and shifts for a 2048-bit value: RSA-2048
/// signing (a fresh blinding pair every 32 operations) spent 4.9% of its
/// time in that inverse, 0.7% in this one (`perf`, Sapphire Rapids).
///
/// **Variable time**: the running time depends on the values of `a` and
/// `m` (the number of batches, the branches of each step). Use it only
/// where both are public or where `a` is uniformly random and unrelated to
/// any secret, as in RSA blinding: with `u` random,
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
    let a = if a.limbs() <= k && lt(&a.limbs, mm) == 1 {
        a.resize(k)?
    } else {
        a.rem(m)?
    };
    // f, g, d, e in two's complement on k + 1 limbs (|f|, |g| <= m; d, e
    // kept in [0, m)); t one limb wider for the products.
    let w = k + 1;
    let mut f = alloc::vec![0u64; w];
    let mut g = alloc::vec![0u64; w];
    f[..k].copy_from_slice(mm);
    g[..k].copy_from_slice(&a.limbs);
    let mut d = alloc::vec![0u64; w];
    let mut e = alloc::vec![0u64; w];
    e[0] = 1;
    let mut t = alloc::vec![0u64; w + 1];
    let mut tmp = alloc::vec![0u64; w];
    let n0 = super::mont::n0_of(mm[0]);
    let mut delta = 1i64;
    // Bernstein and Yang's bound on the steps to reach g = 0, in batches;
    // a safety net only.
    let bits = 64 * k as u64;
    let max_batches = (49 * bits + 57).div_ceil(17).div_ceil(u64::from(BATCH)) + 1;
    let mut batches = 0;
    while g.iter().any(|&l| l != 0) {
        batches += 1;
        if batches > max_batches {
            return Err(Error::InvalidParameter {
                what: "modular inverse did not converge",
            });
        }
        let [u, v, q, r] = divsteps_vartime(&mut delta, f[0], g[0]);
        // f, g: exact divisions by 2^62.
        lin_comb(&mut t, u, &f, v, &g, 0, &[]);
        let mut f2 = alloc::vec![0u64; w];
        shr_batch(&mut f2, &t);
        lin_comb(&mut t, q, &f, r, &g, 0, &[]);
        shr_batch(&mut g, &t);
        f = f2;
        // d, e: plus c m, with c = (u d + v e) (-m^(-1)) mod 2^62 taken
        // in (-2^61, 2^61], so the sum is divisible by 2^62; then back
        // into [0, m).
        let mut next = [alloc::vec![0u64; w], alloc::vec![0u64; w]];
        for (out, (x, y)) in next.iter_mut().zip([(u, v), (q, r)]) {
            let low = (x as u64)
                .wrapping_mul(d[0])
                .wrapping_add((y as u64).wrapping_mul(e[0]));
            let mut c = (low.wrapping_mul(n0) & ((1u64 << BATCH) - 1)) as i64;
            if c > 1 << (BATCH - 1) {
                c -= 1 << BATCH;
            }
            lin_comb(&mut t, x, &d, y, &e, c, mm);
            shr_batch(out, &t);
            // |out| < 3m: at most three corrections.
            while negative(out) {
                tmp.copy_from_slice(out);
                add_into(out, &tmp, mm);
            }
            while out[k] != 0 || lt(&out[..k], mm) == 0 {
                tmp.copy_from_slice(out);
                sub_into(out, &tmp, mm);
            }
        }
        let [nd, ne] = next;
        d = nd;
        e = ne;
    }
    // f = ±gcd(a, m); d a = f (mod m).
    let f_neg = negative(&f);
    if f_neg {
        tmp.copy_from_slice(&f);
        sub_into(&mut f, &[], &tmp);
    }
    if f[0] != 1 || f[1..].iter().any(|&l| l != 0) {
        return Err(Error::InvalidParameter {
            what: "value not invertible modulo m",
        });
    }
    let mut x = Nat::zero(k);
    x.limbs.copy_from_slice(&d[..k]);
    if f_neg && x.limbs.iter().any(|&l| l != 0) {
        // -d mod m, for d in (0, m).
        let mut y = Nat::zero(k);
        sub_into(&mut y.limbs, mm, &x.limbs);
        x = y;
    }
    if k == 1 && mm[0] == 1 {
        x.limbs[0] = 0;
    }
    Ok(x)
}
