//! Integers modulo the group order ℓ = 2^252 + 27742317777372353535851937790883648493,
//! in constant time: four 64-bit limbs, Montgomery multiplication (CIOS on
//! `u128` products) with R = 2^256, final subtractions by mask.
//!
//! Only what Ed25519 needs: reducing a 64-byte hash, `k a + r`, and a
//! (public, variable-time) canonicity check of S.

/// ℓ, little-endian limbs.
pub(crate) const L: [u64; 4] = [
    0x5812_631a_5cf5_d3ed,
    0x14de_f9de_a2f7_9cd6,
    0,
    0x1000_0000_0000_0000,
];

/// -ℓ^(-1) mod 2^64.
const L0: u64 = {
    let mut x = L[0];
    let mut i = 0;
    while i < 5 {
        x = x.wrapping_mul(2u64.wrapping_sub(L[0].wrapping_mul(x)));
        i += 1;
    }
    x.wrapping_neg()
};

/// 2^(64 k) mod ℓ, by doubling (compile time).
const fn pow2_mod_l(k: u32) -> [u64; 4] {
    let mut r = [1u64, 0, 0, 0];
    let mut i = 0;
    while i < k {
        // r = 2 r mod ℓ (r < ℓ < 2^253, so 2r fits).
        let mut t = [0u64; 4];
        let mut carry = 0;
        let mut j = 0;
        while j < 4 {
            t[j] = (r[j] << 1) | carry;
            carry = r[j] >> 63;
            j += 1;
        }
        r = if ge(&t, &L) { sub_raw(&t, &L).0 } else { t };
        i += 1;
    }
    r
}

const fn ge(a: &[u64; 4], b: &[u64; 4]) -> bool {
    let mut i = 4;
    while i > 0 {
        i -= 1;
        if a[i] != b[i] {
            return a[i] > b[i];
        }
    }
    true
}

/// `a - b` and the borrow (0 or 1).
#[inline(always)]
const fn sub_raw(a: &[u64; 4], b: &[u64; 4]) -> ([u64; 4], u64) {
    let mut r = [0u64; 4];
    let mut borrow = 0u64;
    let mut i = 0;
    while i < 4 {
        let (d, b1) = a[i].overflowing_sub(b[i]);
        let (d, b2) = d.overflowing_sub(borrow);
        r[i] = d;
        borrow = (b1 | b2) as u64;
        i += 1;
    }
    (r, borrow)
}

/// R^2 mod ℓ and R^3 mod ℓ.
const R2: [u64; 4] = pow2_mod_l(512);
const R3: [u64; 4] = pow2_mod_l(768);

/// `t - ℓ` when `t + top 2^256 >= ℓ`, else `t` (for `t + top 2^256 < 2ℓ`),
/// by mask.
#[inline(always)]
fn reduce_once(t: [u64; 4], top: u64) -> [u64; 4] {
    let (d, borrow) = sub_raw(&t, &L);
    // Keep d when top is set or there was no borrow.
    let keep_d = core::hint::black_box((top | (borrow ^ 1)) & 1).wrapping_neg();
    let mut r = t;
    for i in 0..4 {
        r[i] ^= (r[i] ^ d[i]) & keep_d;
    }
    r
}

/// `a b R^(-1) mod ℓ`, for `a b < ℓ R` (either factor below ℓ, the other
/// below 2^256); the result is below ℓ.
#[inline]
fn mont_mul(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    let mut t = [0u64; 6];
    for &ai in a.iter() {
        // t += ai b
        let mut c = 0u128;
        for j in 0..4 {
            let s = (t[j] as u128) + (ai as u128) * (b[j] as u128) + c;
            t[j] = s as u64;
            c = s >> 64;
        }
        let s = (t[4] as u128) + c;
        t[4] = s as u64;
        t[5] = (s >> 64) as u64;
        // t = (t + m ℓ) / 2^64
        let m = t[0].wrapping_mul(L0);
        let s = (t[0] as u128) + (m as u128) * (L[0] as u128);
        let mut c = s >> 64;
        for j in 1..4 {
            let s = (t[j] as u128) + (m as u128) * (L[j] as u128) + c;
            t[j - 1] = s as u64;
            c = s >> 64;
        }
        let s = (t[4] as u128) + c;
        t[3] = s as u64;
        let s = (t[5] as u128) + (s >> 64);
        t[4] = s as u64;
        t[5] = 0;
    }
    reduce_once([t[0], t[1], t[2], t[3]], t[4])
}

#[inline(always)]
fn limbs(b: &[u8]) -> [u64; 4] {
    core::array::from_fn(|i| u64::from_le_bytes(b[8 * i..8 * i + 8].try_into().unwrap()))
}

#[inline(always)]
fn bytes(l: &[u64; 4]) -> [u8; 32] {
    let mut out = [0u8; 32];
    for i in 0..4 {
        out[8 * i..8 * i + 8].copy_from_slice(&l[i].to_le_bytes());
    }
    out
}

/// `a + b mod ℓ` for `a, b < ℓ`.
#[inline(always)]
fn add_mod(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    let mut t = [0u64; 4];
    let mut carry = 0u64;
    for i in 0..4 {
        let s = (a[i] as u128) + (b[i] as u128) + (carry as u128);
        t[i] = s as u64;
        carry = (s >> 64) as u64;
    }
    reduce_once(t, carry)
}

/// A 64-byte little-endian integer (a SHA-512 output) mod ℓ, as 32 bytes.
pub(crate) fn reduce_wide(x: &[u8; 64]) -> [u8; 32] {
    let lo = limbs(&x[..32]);
    let hi = limbs(&x[32..]);
    // (lo + hi R) R, then one more Montgomery step to drop the R.
    let s = add_mod(&mont_mul(&lo, &R2), &mont_mul(&hi, &R3));
    bytes(&mont_mul(&s, &[1, 0, 0, 0]))
}

/// `k a + r mod ℓ` for any 256-bit `a` (a clamped secret scalar) and `k, r
/// < ℓ`.
pub(crate) fn mul_add(k: &[u8; 32], a: &[u8; 32], r: &[u8; 32]) -> [u8; 32] {
    let a_r = mont_mul(&limbs(a), &R2); // a R mod ℓ
    let ka = mont_mul(&limbs(k), &a_r); // k a mod ℓ
    bytes(&add_mod(&ka, &limbs(r)))
}

/// `ℓ - a mod ℓ` for `a < ℓ`.
pub(crate) fn neg(a: &[u8; 32]) -> [u8; 32] {
    let (d, _) = sub_raw(&L, &limbs(a));
    // ℓ - 0 = ℓ reduces to 0.
    bytes(&reduce_once(d, 0))
}

/// Whether `s < ℓ` (a canonical S). Variable time: S is public.
pub(crate) fn is_canonical_vartime(s: &[u8; 32]) -> bool {
    !ge(&limbs(s), &L)
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigUint;

    fn big(b: &[u8]) -> BigUint {
        BigUint::from_bytes_le(b)
    }

    fn ell() -> BigUint {
        big(&bytes(&L))
    }

    #[test]
    fn constants() {
        let l = ell();
        assert_eq!(
            l,
            (BigUint::from(1u8) << 252u32)
                + "27742317777372353535851937790883648493"
                    .parse::<BigUint>()
                    .unwrap()
        );
        assert_eq!(L[0].wrapping_mul(L0), u64::MAX);
        assert_eq!(big(&bytes(&R2)), (BigUint::from(1u8) << 512u32) % &l);
        assert_eq!(big(&bytes(&R3)), (BigUint::from(1u8) << 768u32) % &l);
    }

    #[test]
    fn reduce_and_mul_add_match_bigint() {
        let l = ell();
        let mut seed = 0x1234_5678_9abc_def0u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let edge: [[u8; 64]; 3] = [[0; 64], [0xff; 64], {
            let mut e = [0u8; 64];
            e[..32].copy_from_slice(&bytes(&L));
            e
        }];
        for i in 0..2000 {
            let mut x = [0u8; 64];
            if i < edge.len() {
                x = edge[i];
            } else {
                for c in x.chunks_mut(8) {
                    c.copy_from_slice(&next().to_le_bytes());
                }
            }
            let r = reduce_wide(&x);
            assert_eq!(big(&r), big(&x) % &l, "reduce {i}");
            let k = reduce_wide(&{
                let mut y = x;
                y.reverse();
                y
            });
            let a: [u8; 32] = x[16..48].try_into().unwrap();
            let s = mul_add(&k, &a, &r);
            assert_eq!(big(&s), (big(&k) * big(&a) + big(&r)) % &l, "mul_add {i}");
            assert!(is_canonical_vartime(&s));
            let n = neg(&s);
            assert_eq!((big(&n) + big(&s)) % &l, BigUint::from(0u8), "neg {i}");
            assert!(is_canonical_vartime(&n));
        }
        assert!(!is_canonical_vartime(&bytes(&L)));
        let mut lm1 = L;
        lm1[0] -= 1;
        assert!(is_canonical_vartime(&bytes(&lm1)));
    }
}
