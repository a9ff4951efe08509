//! Lattice basis reduction in dimension 2 for Ed25519 verification, after
//! T. Pornin, "Optimized lattice basis reduction in dimension 2, and fast
//! Schnorr and EdDSA signature verification" (IACR ePrint 2020/454).
//!
//! Given the challenge `k`, [`reduce_vartime`] finds integers `u`, `v`,
//! both about 2^128 in size, with `u ≡ v k (mod 8ℓ)` and `v` odd and not a
//! multiple of ℓ (so `v` is invertible modulo the group order 8ℓ).
//! Verification then checks `[v]R - [v S mod ℓ]B + [u]A = 0`, a
//! multi-scalar multiplication half as long as `[S]B - [k]A`.
//!
//! The reduction is the extended Euclidean algorithm on `(8ℓ, k)`,
//! carrying the cofactor `t` of `k` in every remainder (`r ≡ t k mod
//! 8ℓ`), stopped at the first remainder below 2^128; the vector returned
//! is the shortest one with an odd `t` among that remainder's neighbours
//! in the sequence. While the remainders are long, runs of quotients come
//! from Lehmer's method on their leading 63 bits; the rest are estimated
//! from the divisor's leading 32 bits. Variable time: `k` is public (a
//! hash of the signature, the key and the message).

use super::scalar::L;

/// Unsigned 256-bit integers, four 64-bit little-endian limbs.
type U256 = [u64; 4];

/// 8ℓ, the order of the curve group (< 2^256).
pub(crate) const N: U256 = [
    L[0] << 3,
    (L[1] << 3) | (L[0] >> 61),
    (L[2] << 3) | (L[1] >> 61),
    (L[3] << 3) | (L[2] >> 61),
];

/// The result of [`reduce_vartime`]: `u ≡ v k (mod 8ℓ)` with
/// `v = ±v_abs` (negative when `v_neg`), `u >= 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Reduced {
    /// `u`, below 2^253.
    pub u: U256,
    /// `|v|`: odd and below 2^252 (so below ℓ and coprime to 8ℓ).
    pub v_abs: U256,
    /// The sign of `v`.
    pub v_neg: bool,
}

/// The number of significant bits of `a` (0 for 0).
#[inline]
pub(crate) fn bitlen(a: &U256) -> u32 {
    for i in (0..4).rev() {
        if a[i] != 0 {
            return 64 * i as u32 + 64 - a[i].leading_zeros();
        }
    }
    0
}

#[inline]
fn lt(a: &U256, b: &U256) -> bool {
    for i in (0..4).rev() {
        if a[i] != b[i] {
            return a[i] < b[i];
        }
    }
    false
}

/// `a - b mod 2^256` (the callers have `a >= b`).
#[inline]
fn sub(a: &U256, b: &U256) -> U256 {
    let mut r = [0u64; 4];
    let mut borrow = false;
    for i in 0..4 {
        let (d, b1) = a[i].overflowing_sub(b[i]);
        let (d, b2) = d.overflowing_sub(borrow as u64);
        r[i] = d;
        borrow = b1 | b2;
    }
    r
}

/// `a + b mod 2^256` (the callers' sums stay below 2^256).
#[inline]
fn add(a: &U256, b: &U256) -> U256 {
    let mut r = [0u64; 4];
    let mut carry = false;
    for i in 0..4 {
        let (s, c1) = a[i].overflowing_add(b[i]);
        let (s, c2) = s.overflowing_add(carry as u64);
        r[i] = s;
        carry = c1 | c2;
    }
    r
}

/// `a q mod 2^256` (the callers' products stay below 2^256).
#[inline]
fn mul_u64(a: &U256, q: u64) -> U256 {
    let mut r = [0u64; 4];
    let mut carry = 0u128;
    for i in 0..4 {
        let p = (a[i] as u128) * (q as u128) + carry;
        r[i] = p as u64;
        carry = p >> 64;
    }
    r
}

/// `a 2^n mod 2^256`, for `n < 256`.
#[inline]
fn shl(a: &U256, n: u32) -> U256 {
    let (w, b) = ((n / 64) as usize, n % 64);
    let mut r = [0u64; 4];
    for i in w..4 {
        r[i] = a[i - w] << b;
        if b > 0 && i > w {
            r[i] |= a[i - w - 1] >> (64 - b);
        }
    }
    r
}

/// Bits `n .. n + 128` of `a`, for `n < 256`.
#[cfg(test)]
fn bits128(a: &U256, n: u32) -> u128 {
    let (w, b) = ((n / 64) as usize, n % 64);
    let limb = |i: usize| if i < 4 { a[i] } else { 0 };
    let lo = (limb(w) as u128) | ((limb(w + 1) as u128) << 64);
    if b == 0 {
        lo
    } else {
        (lo >> b) | ((limb(w + 2) as u128) << (128 - b))
    }
}

/// The 64 bits of `a` from bit `n` (`n < 256`).
#[inline]
fn bits64(a: &U256, n: u32) -> u64 {
    let (w, b) = ((n / 64) as usize, n % 64);
    if b == 0 || w == 3 {
        a[w] >> b
    } else {
        (a[w] >> b) | (a[w + 1] << (64 - b))
    }
}

/// One Euclidean division with the cofactors: `(a mod b, ta + (a div b)
/// tb)` for `b > 0`, the callers guaranteeing that the cofactor fits in
/// 256 bits (it is at most 8ℓ in the Euclidean sequence of `(8ℓ, k)`).
/// The quotient is found in parts below 2^32, each estimated (by a 64-bit
/// division) from the leading 32 bits of the divisor and never too large.
fn div_step_vartime(mut a: U256, mut ta: U256, b: &U256, tb: &U256) -> (U256, U256) {
    let lb = bitlen(b);
    debug_assert!(lb > 0);
    // b >> sh has at most 32 bits, and b < (bt + 1) 2^sh (or b = bt when
    // sh = 0): bt bounds b / 2^sh from above.
    let sh = lb.saturating_sub(32);
    let bt = bits64(b, sh) + u64::from(sh > 0);
    while !lt(&a, b) {
        let la = bitlen(&a);
        if la <= lb + 1 {
            // The quotient is 1, 2 or 3: subtract once and look again.
            a = sub(&a, b);
            ta = add(&ta, tb);
            continue;
        }
        // A part q 2^e of the quotient: a >> (sh + e) has at most 63 bits,
        // and at / bt <= a / (b 2^e).
        let e = (la - lb).saturating_sub(31);
        let at = bits64(&a, sh + e);
        let q = (at / bt).max(1);
        if e == 0 {
            a = sub(&a, &mul_u64(b, q));
            ta = add(&ta, &mul_u64(tb, q));
        } else {
            a = sub(&a, &mul_u64(&shl(b, e), q));
            ta = add(&ta, &mul_u64(&shl(tb, e), q));
        }
    }
    (a, ta)
}

/// Lehmer's step (Knuth, TAOCP vol. 2, 4.5.2, Algorithm L) on the leading
/// 63 bits of `a >= b`, for `a` of 192 bits or more: the matrix `(A, B; C,
/// D)` taking `(a, b)` to the pair of remainders `s` steps further in the
/// Euclidean sequence, and `s >= 1`; each quotient is taken only when both
/// ends of the interval the leading bits allow agree on it, and only while
/// the new remainder is certainly at least 2^(bitlen(a) - 63) >= 2^129.
/// `None` when no step is certain. Variable time.
fn lehmer_vartime(a: &U256, b: &U256) -> Option<([i64; 4], u32)> {
    let h = bitlen(a) - 63;
    // a = 2^h (ah + x), b = 2^h (bh + y), 0 <= x, y < 1; after the steps,
    // the pair is (A a + B b, C a + D b) = 2^h (ah' + A x + B y, ...), and
    // A x + B y lies strictly between A and B (one is >= 0, the other <=).
    let (mut ah, mut bh) = (i128::from(bits64(a, h)), i128::from(bits64(b, h)));
    let (mut ma, mut mb, mut mc, mut md) = (1i128, 0i128, 0i128, 1i128);
    let mut steps = 0;
    // The four bounds are below 2^64 (the pair only shrinks): u64 division.
    // A step is kept only if the new b is still certainly >= 2^h, i.e. bh
    // + min(C, D) >= 1 after it.
    let u = |x: i128| u64::try_from(x).ok();
    while let (Some(n1), Some(d1), Some(n2), Some(d2)) =
        (u(ah + ma), u(bh + mc), u(ah + mb), u(bh + md))
    {
        if d1 == 0 || d2 == 0 {
            break;
        }
        let q = n1 / d1;
        if q != n2 / d2 {
            break;
        }
        let q = i128::from(q);
        let (nc, nd, nb) = (ma - q * mc, mb - q * md, ah - q * bh);
        if nb + nc.min(nd) < 1 {
            break;
        }
        (ma, mb, mc, md) = (mc, md, nc, nd);
        (ah, bh) = (bh, nb);
        steps += 1;
    }
    if steps == 0 {
        return None;
    }
    // |A|, |B|, |C|, |D| < 2^63 (they are bounded by ah); checked all the
    // same, the round given up rather than a product truncated.
    let m = [ma, mb, mc, md];
    if m.iter().any(|x| x.unsigned_abs() >= 1 << 63) {
        return None;
    }
    Some((m.map(|x| x as i64), steps))
}

/// A vector `(r, ±t)` of the lattice `{(x, y) : x ≡ y k mod 8ℓ}`.
#[derive(Clone, Copy)]
struct Vector {
    r: U256,
    t: U256,
    neg: bool,
}

/// `u`, `v` with `u ≡ v k (mod 8ℓ)`, `v` odd, `|v| < 2^252` and `0 <= u <
/// 2^253`, both near 2^128 for all but rare `k`: see the module docs. For
/// `k < ℓ` (a reduced challenge) the answer is always `Some`: at the
/// stopping point either `t_i` is odd (and `(r_i, t_i)` is below 2^128) or
/// `t_{i-1}` is (consecutive cofactors are coprime), with `|t_{i-1}| <
/// 2^128` and `r_{i-1} <= k < 2^253`. Variable time: `k` is public.
pub(crate) fn reduce_vartime(k: &[u8; 32]) -> Option<Reduced> {
    let k: U256 =
        core::array::from_fn(|i| u64::from_le_bytes(core::array::from_fn(|j| k[8 * i + j])));
    // r_0 = 8ℓ = 0 k, r_1 = k = 1 k; t_{i+1} = t_{i-1} - q t_i alternates
    // in sign, so |t_{i+1}| = |t_{i-1}| + q |t_i| and its sign is that of
    // t_{i-1} (negative for t_2: t_0 = 0 counts as negative).
    let mut prev = Vector {
        r: N,
        t: [0; 4],
        neg: true,
    };
    let mut cur = Vector {
        r: k,
        t: [1, 0, 0, 0],
        neg: false,
    };
    if !lt(&k, &N) {
        return None;
    }
    while bitlen(&cur.r) > 128 {
        if bitlen(&prev.r) >= 192
            && let Some((m, steps)) = lehmer_vartime(&prev.r, &cur.r)
        {
            // Both new remainders are at least 2^129: no stopping point was
            // skipped. |t'| = |A| |t| + |B| |t_cur| (the products have
            // one sign: A, B alternate in sign as the t's do).
            let row = |x: i64, y: i64| {
                let (xa, ya) = (x.unsigned_abs(), y.unsigned_abs());
                let (px, py) = (mul_u64(&prev.r, xa), mul_u64(&cur.r, ya));
                // x >= 0 >= y or x <= 0 <= y: which, by y's sign (y is
                // never 0 after a step).
                let r = if y <= 0 { sub(&px, &py) } else { sub(&py, &px) };
                let t = add(&mul_u64(&prev.t, xa), &mul_u64(&cur.t, ya));
                (r, t)
            };
            let (ra, ta) = row(m[0], m[1]);
            let (rb, tb) = row(m[2], m[3]);
            let neg = if steps % 2 == 0 { prev.neg } else { cur.neg };
            prev = Vector { r: ra, t: ta, neg };
            cur = Vector {
                r: rb,
                t: tb,
                neg: !neg,
            };
            continue;
        }
        let (r, t) = div_step_vartime(prev.r, prev.t, &cur.r, &cur.t);
        let next = Vector {
            r,
            t,
            neg: prev.neg,
        };
        prev = cur;
        cur = next;
    }
    // Candidates: v_i, v_{i-1}, v_{i+1} = v_{i-1} - q v_i, and the two
    // next to them on that segment, v_{i-1} - v_i and v_{i+1} + v_i. (A
    // wider set, v_{i+2} and the sums and differences of all consecutive
    // pairs, found no shorter odd vector on 5000 random challenges: when
    // t_i is even, the shortest odd vector is the second vector of a
    // reduced basis, a few bits above 2^128 when v_i is short.)
    let mut cands = [None; 5];
    cands[0] = Some(cur);
    cands[1] = Some(prev);
    if cur.r != [0; 4] {
        let (r, t) = div_step_vartime(prev.r, prev.t, &cur.r, &cur.t);
        cands[2] = Some(Vector {
            r,
            t,
            neg: prev.neg,
        });
        cands[3] = Some(Vector {
            r: sub(&prev.r, &cur.r),
            t: add(&prev.t, &cur.t),
            neg: prev.neg,
        });
        // t_{i+1} >= t_i since the quotient is at least 1.
        cands[4] = Some(Vector {
            r: add(&r, &cur.r),
            t: sub(&t, &cur.t),
            neg: prev.neg,
        });
    }
    let mut best: Option<(u32, Vector)> = None;
    for c in cands.into_iter().flatten() {
        let (lr, lt_) = (bitlen(&c.r), bitlen(&c.t));
        if c.t[0] & 1 == 0 || lt_ > 252 || lr > 253 {
            continue;
        }
        let size = lr.max(lt_);
        if best.is_none_or(|(s, _)| size < s) {
            best = Some((size, c));
        }
    }
    best.map(|(_, c)| Reduced {
        u: c.r,
        v_abs: c.t,
        v_neg: c.neg,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::{BigInt, BigUint};

    fn big(a: &U256) -> BigUint {
        let mut b = [0u8; 32];
        for i in 0..4 {
            b[8 * i..8 * i + 8].copy_from_slice(&a[i].to_le_bytes());
        }
        BigUint::from_bytes_le(&b)
    }

    fn bytes(a: &U256) -> [u8; 32] {
        let mut b = [0u8; 32];
        for i in 0..4 {
            b[8 * i..8 * i + 8].copy_from_slice(&a[i].to_le_bytes());
        }
        b
    }

    fn of_big(x: &BigUint) -> U256 {
        let mut b = x.to_bytes_le();
        b.resize(32, 0);
        core::array::from_fn(|i| u64::from_le_bytes(b[8 * i..8 * i + 8].try_into().unwrap()))
    }

    /// Checks the contract of `reduce_vartime` for `k` with big integers;
    /// returns max(bitlen u, bitlen v).
    fn check(k: &BigUint) -> u32 {
        let n = big(&N);
        let kb = bytes(&of_big(k));
        let red = reduce_vartime(&kb).unwrap_or_else(|| panic!("no vector for k = {k}"));
        let u = BigInt::from(big(&red.u));
        let mut v = BigInt::from(big(&red.v_abs));
        if red.v_neg {
            v = -v;
        }
        let n_i = BigInt::from(n.clone());
        let d = ((&u - &v * BigInt::from(k.clone())) % &n_i + &n_i) % &n_i;
        assert_eq!(d, BigInt::from(0u8), "u != v k mod 8l for k = {k}");
        assert!(red.v_abs[0] & 1 == 1, "v even for k = {k}");
        assert!(bitlen(&red.v_abs) <= 252 && bitlen(&red.u) <= 253);
        bitlen(&red.u).max(bitlen(&red.v_abs))
    }

    #[test]
    fn n_is_eight_ell() {
        assert_eq!(big(&N), big(&L) * BigUint::from(8u8));
        assert_eq!(bitlen(&N), 256);
    }

    #[test]
    fn helpers_match_bigint() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let two256 = BigUint::from(1u8) << 256u32;
        for _ in 0..2000 {
            let a: U256 = core::array::from_fn(|_| next());
            let n = (next() % 256) as u32;
            let mask = |x: BigUint| x % &two256;
            assert_eq!(big(&shl(&a, n)), mask(big(&a) << n));
            assert_eq!(
                bits128(&a, n),
                u128::try_from((big(&a) >> n) % (BigUint::from(1u8) << 128u32)).unwrap()
            );
            let q = next();
            assert_eq!(big(&mul_u64(&a, q)), mask(big(&a) * q));
            assert_eq!(bitlen(&a), big(&a).bits() as u32);
            assert_eq!(bits64(&a, n), bits128(&a, n) as u64);
        }
    }

    #[test]
    fn reduces_random_and_edge_challenges() {
        let l = big(&L);
        let n = big(&N);
        let one = BigUint::from(1u8);
        let mut edge: alloc::vec::Vec<BigUint> = alloc::vec::Vec::new();
        for x in 0u32..64 {
            edge.push(BigUint::from(x));
        }
        for e in 0..253u32 {
            edge.push(&one << e);
            edge.push((&one << e) + 1u8);
            edge.push((&one << e) - 1u8);
        }
        for x in [
            l.clone() - 1u8,
            l.clone() - 2u8,
            (l.clone() + 1u8) / 2u8,
            (l.clone() - 1u8) / 2u8,
            (l.clone() + 1u8) / 8u8 + 1u8,
            l.clone() / 3u8,
            l.clone() / 7u8,
            (&one << 128u32) + 1u8,
            (&one << 127u32) * 3u8,
            // Beyond a reduced challenge, when reachable.
            l.clone(),
            n.clone() - 1u8,
            n.clone() / 2u8,
        ] {
            edge.push(x);
        }
        let mut worst = 0;
        for k in &edge {
            if k < &l {
                worst = worst.max(check(k));
            } else if reduce_vartime(&bytes(&of_big(k))).is_some() {
                check(k);
            }
        }
        let mut seed = 0x0123_4567_89ab_cdefu64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut hist = [0u32; 257];
        for _ in 0..5000 {
            let a: U256 = core::array::from_fn(|_| next());
            let k = big(&a) % &l;
            hist[check(&k) as usize] += 1;
        }
        // Random challenges give vectors of about 2^128.
        let max = hist.iter().rposition(|&c| c > 0).unwrap();
        #[cfg(feature = "std")]
        std::eprintln!(
            "max(bits u, bits v) over 5000 random k: {:?}; worst over the edge k: {worst}",
            hist.iter()
                .enumerate()
                .filter(|(_, c)| **c > 0)
                .collect::<alloc::vec::Vec<_>>()
        );
        assert!(max <= 136, "random k gave {max} bits: {hist:?}");
        let mean = hist
            .iter()
            .enumerate()
            .map(|(b, &c)| b as u32 * c)
            .sum::<u32>()
            / 5000;
        assert!((127..=129).contains(&mean), "mean {mean}");
    }

    /// Each Lehmer round lands on the pair of remainders `steps` further in
    /// the plain Euclidean sequence, at least 2^(bitlen(a) - 63).
    #[test]
    fn lehmer_rounds_follow_euclid() {
        let mut seed = 0xd1b5_4a32_d192_ed03u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut rounds = 0;
        for it in 0..3000 {
            let mut a: U256 = core::array::from_fn(|_| next());
            a[3] >>= it % 64;
            let mut b: U256 = core::array::from_fn(|_| next());
            b[3] >>= (it % 64 + (it / 64) % 8).min(63);
            if it % 5 == 0 {
                // Close to a: a quotient of 1, then a large one.
                b = sub(&a, &[next() >> 8, next(), 0, 0]);
            }
            if lt(&a, &b) {
                core::mem::swap(&mut a, &mut b);
            }
            if bitlen(&a) < 192 || b == [0; 4] {
                continue;
            }
            let Some((m, steps)) = lehmer_vartime(&a, &b) else {
                continue;
            };
            rounds += 1;
            let (mut x, mut y) = (BigInt::from(big(&a)), BigInt::from(big(&b)));
            for _ in 0..steps {
                let q = &x / &y;
                let r = &x - q * &y;
                x = y;
                y = r;
            }
            let (ab, bb) = (BigInt::from(big(&a)), BigInt::from(big(&b)));
            let m: [BigInt; 4] = m.map(BigInt::from);
            assert_eq!(&m[0] * &ab + &m[1] * &bb, x, "it {it}");
            assert_eq!(&m[2] * &ab + &m[3] * &bb, y, "it {it}");
            assert!(y >= BigInt::from(1u8) << (bitlen(&a) - 63), "it {it}");
        }
        assert!(rounds > 1000, "{rounds}");
    }
}
