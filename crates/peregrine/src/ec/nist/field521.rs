//! P-521's field, `p = 2^521 - 1`, in the Montgomery form the other NIST
//! fields use (`R = 2^576`), multiplied through its Mersenne shape instead
//! of a generic Montgomery reduction.
//!
//! Since `2^521 = 1 (mod p)`, `R = 2^576 = 2^55`, so the Montgomery product
//! `a b / R` is `a b 2^-55 = a b 2^466 (mod p)`. The 1042-bit product is
//! folded to 521 bits (`lo + hi`, twice for the carries), and the
//! multiplication by `2^466` of a 521-bit value modulo `2^521 - 1` is a
//! rotation of its bits (right by 55). That replaces the 81 reduction
//! products of the generic CIOS with shifts and additions.
//!
//! Constant time: straight-line limb arithmetic; the last step maps the
//! one non-canonical value, `p` itself, to 0 by a mask.

use crate::ec::curve25519::field::mask_of;

/// Bits of the top limb (`521 = 8 * 64 + 9`).
const TOP: u64 = (1 << 9) - 1;

#[inline(always)]
fn mac(acc: u64, a: u64, b: u64, c: u64) -> (u64, u64) {
    let t = acc as u128 + (a as u128) * (b as u128) + c as u128;
    (t as u64, (t >> 64) as u64)
}

/// The reduced Montgomery form of the 1042-bit product `t`: `t 2^466 mod p`,
/// below `p`.
#[inline(always)]
fn reduce(t: &[u64; 18]) -> [u64; 9] {
    // lo = t mod 2^521, hi = t >> 521: t = lo + hi (mod p)
    let mut s = [0u64; 9];
    let mut c = 0u64;
    for k in 0..9 {
        let lo = if k == 8 { t[8] & TOP } else { t[k] };
        let hi = (t[8 + k] >> 9) | (t[9 + k] << 55);
        let v = lo as u128 + hi as u128 + c as u128;
        s[k] = v as u64;
        c = (v >> 64) as u64;
    }
    // s < 2^522: fold bit 521 up twice (the first fold can reach 2^521)
    for _ in 0..2 {
        let mut c = s[8] >> 9;
        s[8] &= TOP;
        for x in s.iter_mut() {
            let v = *x as u128 + c as u128;
            *x = v as u64;
            c = (v >> 64) as u64;
        }
    }
    // s <= 2^521 - 1; times 2^466: rotate the 521 bits right by 55
    let low55 = s[0] & ((1 << 55) - 1);
    let mut r = [0u64; 9];
    for k in 0..8 {
        r[k] = (s[k] >> 55) | (s[k + 1] << 9);
    }
    r[7] |= low55 << 18;
    r[8] = low55 >> 46;
    // r = p (all 521 bits set) is 0
    let mut all = r[8] ^ TOP;
    for &x in &r[..8] {
        all |= !x;
    }
    let is_p = mask_of(((all | all.wrapping_neg()) >> 63) ^ 1);
    for x in r.iter_mut() {
        *x &= !is_p;
    }
    r
}

/// The Montgomery product `a b / 2^576 mod p` of values below `p`.
#[inline(always)]
pub(crate) fn mont_mul(a: &[u64; 9], b: &[u64; 9]) -> [u64; 9] {
    let mut t = [0u64; 18];
    for i in 0..9 {
        let mut c = 0;
        for j in 0..9 {
            (t[i + j], c) = mac(t[i + j], a[i], b[j], c);
        }
        t[i + 9] = c;
    }
    reduce(&t)
}

/// The Montgomery square `a^2 / 2^576 mod p` of a value below `p`: each
/// cross product once, doubled, plus the squares.
#[inline(always)]
pub(crate) fn mont_sqr(a: &[u64; 9]) -> [u64; 9] {
    let mut t = [0u64; 18];
    for i in 0..9 {
        let mut c = 0;
        for j in i + 1..9 {
            (t[i + j], c) = mac(t[i + j], a[i], a[j], c);
        }
        t[i + 9] = c;
    }
    let mut hi = 0;
    for x in t.iter_mut() {
        let nx = (*x << 1) | hi;
        hi = *x >> 63;
        *x = nx;
    }
    let mut c = 0u64;
    for i in 0..9 {
        let sq = (a[i] as u128) * (a[i] as u128);
        let v = t[2 * i] as u128 + (sq as u64) as u128 + c as u128;
        t[2 * i] = v as u64;
        let v = t[2 * i + 1] as u128 + (sq >> 64) + (v >> 64);
        t[2 * i + 1] = v as u64;
        c = (v >> 64) as u64;
    }
    reduce(&t)
}
