//! Portable Montgomery multiplication and squaring on `u128` products.
//!
//! `mul` is the coarsely integrated operand scanning (CIOS) method of Koç,
//! Acar and Kaliski, "Analyzing and comparing Montgomery multiplication
//! algorithms" (IEEE Micro, 1996): for each limb `b[i]`, `t += a * b[i]`,
//! then `t = (t + m * n) / 2^64` with `m = t[0] * n0`. The accumulator
//! lives in `r` itself plus one top word, so no scratch memory is needed.
//!
//! `sqr` computes each cross product `a[i] * a[j]` (`i < j`) once, doubles
//! the triangle and adds the squares `a[i]^2` on the diagonal (Menezes et
//! al., Handbook of Applied Cryptography, algorithm 14.16), then reduces
//! the double-width square by word-by-word Montgomery reduction (HAC 14.32).
//!
//! Constant time: every loop bound depends on the width only, the only
//! data-dependent operations are multiplications, additions and masks, and
//! the final subtraction is a masked one ([`super::final_sub`]).

use super::{final_sub, with_scratch};

#[inline(always)]
fn mac(a: u64, b: u64, c: u64, carry: u64) -> (u64, u64) {
    let t = (a as u128) * (b as u128) + (c as u128) + (carry as u128);
    (t as u64, (t >> 64) as u64)
}

/// `r = a * b * 2^(-64k) mod n`, fully reduced; `a, b < n`, `n` odd,
/// `n0 = -n^(-1) mod 2^64`, every slice `k` limbs.
pub fn mul(r: &mut [u64], a: &[u64], b: &[u64], n: &[u64], n0: u64) {
    let k = n.len();
    let (r, a, b) = (&mut r[..k], &a[..k], &b[..k]);
    r.fill(0);
    // t = r + top * 2^(64k); t < 2n after every round.
    let mut top = 0u64;
    for &bi in b {
        let mut c = 0;
        for j in 0..k {
            (r[j], c) = mac(a[j], bi, r[j], c);
        }
        let (tk, o) = top.overflowing_add(c);
        let tk1 = o as u64;
        let m = r[0].wrapping_mul(n0);
        let (_, mut c) = mac(m, n[0], r[0], 0);
        for j in 1..k {
            (r[j - 1], c) = mac(m, n[j], r[j], c);
        }
        let (s, o) = tk.overflowing_add(c);
        r[k - 1] = s;
        top = tk1 + o as u64;
    }
    final_sub(r, top, n);
}

/// `r = a^2 * 2^(-64k) mod n`, with the same conditions as [`mul`].
pub fn sqr(r: &mut [u64], a: &[u64], n: &[u64], n0: u64) {
    let k = n.len();
    with_scratch(2 * k, |t| {
        square(t, &a[..k]);
        let top = redc(t, n, n0);
        r[..k].copy_from_slice(&t[k..]);
        final_sub(&mut r[..k], top, n);
    });
}

/// `t = a^2` (`t` has `2 * a.len()` limbs): the triangle of cross
/// products once, doubled, plus the diagonal.
pub(crate) fn square(t: &mut [u64], a: &[u64]) {
    let k = a.len();
    t.fill(0);
    for i in 0..k {
        let mut c = 0;
        for j in i + 1..k {
            (t[i + j], c) = mac(a[i], a[j], t[i + j], c);
        }
        t[i + k] = c;
    }
    // t = 2 * t + sum a[i]^2 * 2^(128 i).
    let mut shift_in = 0u64;
    let mut carry = 0u64;
    for i in 0..k {
        let (lo, hi) = mac(a[i], a[i], 0, 0);
        let d0 = (t[2 * i] << 1) | shift_in;
        let d1 = (t[2 * i + 1] << 1) | (t[2 * i] >> 63);
        shift_in = t[2 * i + 1] >> 63;
        let s = (d0 as u128) + (lo as u128) + (carry as u128);
        t[2 * i] = s as u64;
        let s = (d1 as u128) + (hi as u128) + (s >> 64);
        t[2 * i + 1] = s as u64;
        carry = (s >> 64) as u64;
    }
}

/// Montgomery reduction of the `2k`-limb `t` in place: afterwards
/// `t[k..] + top * 2^(64k) = t * 2^(-64k) mod n` (plus possibly `n`).
/// Returns `top` (0 or 1).
pub(crate) fn redc(t: &mut [u64], n: &[u64], n0: u64) -> u64 {
    let k = n.len();
    let mut top = 0u64;
    for i in 0..k {
        let m = t[i].wrapping_mul(n0);
        let mut c = 0;
        for j in 0..k {
            (t[i + j], c) = mac(m, n[j], t[i + j], c);
        }
        let s = (t[i + k] as u128) + (c as u128) + (top as u128);
        t[i + k] = s as u64;
        top = (s >> 64) as u64;
    }
    top
}
