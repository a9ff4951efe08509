//! RSA key generation (FIPS 186-5 appendix A.1.3, probable primes), with
//! `e = 65537` and the operating system's random number generator.
//!
//! Each prime candidate is `nlen/2` random bits with the top two bits set
//! (so `p >= 1.5 * 2^(nlen/2 - 1) > sqrt(2) * 2^(nlen/2 - 1)` and `n` has
//! exactly `nlen` bits) and the bottom bit set. A candidate is discarded
//! when it has an odd factor below 2^11 or when `e` divides `p - 1`, checked by
//! constant-time Barrett reductions (no division instruction sees the
//! candidate), then tested with Miller-Rabin
//! ([`crate::bignum::is_probable_prime_with`], FIPS 186-5 table B.1
//! rounds). `|p - q|` must exceed `2^(nlen/2 - 100)`. Then
//! `d = e^(-1) mod lcm(p-1, q-1)` (it must exceed `2^(nlen/2)`), and the
//! CRT values; the key is validated like a loaded one before it is
//! returned.
//!
//! Timing: discarded candidates reveal nothing about the primes kept (they
//! are independent draws); the work on the kept primes is constant time in
//! their values. How many candidates were drawn is visible.

use alloc::vec;
use alloc::vec::Vec;
use zeroize::Zeroizing;

use super::key::CrtComponents;
use super::{RsaPrivateKey, random};
use crate::Error;
use crate::bignum::{self, Nat};

/// The public exponent of generated keys.
pub const E: u32 = 65537;

/// The odd primes below 2^11 (308 of them), by a sieve: trial division
/// by these discards about 85% of odd candidates for far less than one
/// Miller-Rabin round costs.
fn small_primes() -> Vec<u32> {
    const LIMIT: usize = 1 << 11;
    let mut composite = vec![false; LIMIT];
    let mut out = Vec::new();
    for i in 3..LIMIT {
        if i % 2 == 0 || composite[i] {
            continue;
        }
        out.push(i as u32);
        let mut j = i * i;
        while j < LIMIT {
            composite[j] = true;
            j += i;
        }
    }
    out
}

/// `t mod m` for a secret `t < 2^64` and a public `0 < m < 2^32`, in
/// constant time: a Barrett estimate (`floor(2^64 / m)`, one 128-bit
/// product), which is the quotient or one less, and one masked correction.
fn mod_word(t: u64, m: u32) -> u32 {
    let m = m as u64;
    let inv = (((1u128 << 64) - 1) / m as u128) as u64; // public
    let q = ((t as u128 * inv as u128) >> 64) as u64;
    let mut r = t - q * m; // < 2m < 2^33
    let ge = ((r.wrapping_sub(m)) >> 63) ^ 1;
    r -= m & ge.wrapping_neg();
    r as u32
}

/// `x mod m` for a secret `x` and a public `0 < m < 2^32`: 32 bits at a
/// time through [`mod_word`].
fn mod_u32(x: &Nat, m: u32) -> u32 {
    let mut r = 0u32;
    for &l in x.as_limbs().iter().rev() {
        for half in [l >> 32, l & 0xffff_ffff] {
            r = mod_word((u64::from(r) << 32) | half, m);
        }
    }
    r
}

/// The small primes in groups whose products are below 2^32: one
/// multi-precision reduction by the product ([`mod_u32`]) gives the
/// residues mod each prime of the group by one word reduction each
/// (308 primes: 105 groups, against 308 full reductions before; RSA-2048
/// key generation spent about 40% of its time in trial division).
fn prime_groups(primes: &[u32]) -> Vec<(u32, Vec<u32>)> {
    let mut out: Vec<(u32, Vec<u32>)> = Vec::new();
    for &p in primes {
        match out.last_mut() {
            Some((m, g)) if u64::from(*m) * u64::from(p) < 1 << 32 => {
                *m *= p;
                g.push(p);
            }
            _ => out.push((p, vec![p])),
        }
    }
    out
}

/// A random probable prime of exactly `bits` bits (a multiple of 64) with
/// its top two bits set and `gcd(e, p - 1) = 1`.
fn gen_prime(bits: usize, primes: &[u32]) -> Result<Nat, Error> {
    let groups = prime_groups(primes);
    let bytes = bits / 8;
    let rounds = bignum::fips186_5_rounds(bits);
    let mut buf = Zeroizing::new(vec![0u8; bytes]);
    // FIPS 186-5 A.1.3 step 4.7 allows 5 * nlen/2 tries; keep going a
    // little longer than that before reporting failure.
    for _ in 0..20 * bits {
        random(&mut buf)?;
        buf[0] |= 0xc0;
        buf[bytes - 1] |= 1;
        let p = Nat::from_be_bytes(&buf);
        // Fold every check into one flag, then decide (the flag of a
        // candidate that is kept is always the same: nothing leaks).
        let mut bad = 0u32;
        for (m, group) in &groups {
            let r = u64::from(mod_u32(&p, *m));
            for &sp in group {
                bad |= (mod_word(r, sp) == 0) as u32;
            }
        }
        bad |= (mod_u32(&p, E) == 1) as u32;
        if bad != 0 {
            continue;
        }
        if bignum::is_probable_prime_with(&p, rounds, random)? {
            return Ok(p);
        }
    }
    Err(Error::LimitExceeded {
        what: "RSA prime generation: no prime found",
    })
}

impl RsaPrivateKey {
    /// A new key of `bits` bits (2048, 3072 or 4096) with `e = 65537`.
    ///
    /// Takes a while: on the order of a hundred milliseconds for 2048 bits
    /// and seconds for 4096 in a release build (the prime search is a
    /// random walk, so the time varies from key to key).
    pub fn generate(bits: usize) -> Result<Self, Error> {
        if !matches!(bits, 2048 | 3072 | 4096) {
            return Err(Error::InvalidParameter {
                what: "RSA key size (2048, 3072 or 4096 bits)",
            });
        }
        let half = bits / 2;
        let primes = small_primes();
        for _ in 0..16 {
            let p = gen_prime(half, &primes)?;
            let q = gen_prime(half, &primes)?;
            // |p - q| > 2^(half - 100): the difference's top 100 bits are
            // not all zero.
            let (diff, borrow) = p.sub(&q);
            let diff = if borrow == 1 { q.sub(&p).0 } else { diff };
            if diff.bit_len_vartime() <= half - 100 {
                continue;
            }
            // p > q is conventional (qInv = q^(-1) mod p either way).
            let (p, q) = if borrow == 1 { (q, p) } else { (p, q) };
            let one = Nat::from_u64(1);
            let pm1 = p.sub(&one).0;
            let qm1 = q.sub(&one).0;
            let g = bignum::gcd(&pm1, &qm1);
            let (lambda, _) = pm1.mul(&qm1).div_rem(&g)?;
            let d = bignum::mod_inverse(&Nat::from_u64(E as u64), &lambda)?;
            // d > 2^(nlen/2) (FIPS 186-5 A.1.1 step 3).
            if d.bit_len_vartime() <= half {
                continue;
            }
            let dp = d.rem(&pm1)?;
            let dq = d.rem(&qm1)?;
            let qinv = bignum::mod_inverse(&q, &p)?;
            let n = p.mul(&q);
            let z = |x: &Nat| Zeroizing::new(x.to_be_bytes());
            let (nb, db, pb, qb, dpb, dqb, qib) =
                (z(&n), z(&d), z(&p), z(&q), z(&dp), z(&dq), z(&qinv));
            return RsaPrivateKey::from_crt_components(&CrtComponents {
                n: &nb,
                e: &E.to_be_bytes(),
                d: &db,
                p: &pb,
                q: &qb,
                dp: &dpb,
                dq: &dqb,
                qinv: &qib,
            });
        }
        Err(Error::LimitExceeded {
            what: "RSA key generation: no suitable prime pair",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference for [`mod_u32`] (the trial division before the grouping):
    /// `x mod m` for a secret `x` and a public `m < 2^17`, in constant time:
    /// 16 bits at a time, each step a Barrett estimate (multiply by
    /// `floor(2^48 / m)` and shift) and one masked correction.
    fn mod_small(x: &Nat, m: u32) -> u32 {
        let m = m as u64;
        let inv = ((1u128 << 48) / m as u128) as u64; // public
        let mut r = 0u64;
        for &l in x.as_limbs().iter().rev() {
            for s in (0..4).rev() {
                let t = (r << 16) | ((l >> (16 * s)) & 0xffff); // < 2^33
                let q = ((t as u128 * inv as u128) >> 48) as u64; // q or q - 1
                let mut rr = t - q * m;
                // rr < 2m: subtract m once when rr >= m, by mask.
                let ge = ((rr.wrapping_sub(m)) >> 63) ^ 1;
                rr -= m & ge.wrapping_neg();
                r = rr;
            }
        }
        r as u32
    }

    #[test]
    fn mod_small_matches_division() {
        let x = Nat::from_be_bytes(&[
            0xff, 0xee, 0xdd, 0xcc, 0xbb, 0xaa, 0x99, 0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22,
            0x11, 0x00, 0x12, 0x34,
        ]);
        let v = u128::from_be_bytes(x.to_be_bytes()[8..].try_into().unwrap());
        let hi = x.as_limbs()[2] as u128;
        for m in [3u32, 5, 7, 65521, 65537, 2, 97] {
            // x = hi * 2^128 + v
            let two128 = ((u128::MAX % m as u128) + 1) % m as u128;
            let want = ((hi % m as u128) * two128 + v % m as u128) % m as u128;
            assert_eq!(mod_small(&x, m) as u128, want, "m = {m}");
        }
        assert_eq!(mod_small(&Nat::zero(3), 7), 0);
    }

    /// The grouped trial division against the per-prime reduction: every
    /// small prime, E, and the extremes of the word reduction.
    #[test]
    fn grouped_residues_match_mod_small() {
        let primes = small_primes();
        let groups = prime_groups(&primes);
        assert_eq!(
            groups
                .iter()
                .flat_map(|(_, g)| g.iter().copied())
                .collect::<Vec<_>>(),
            primes
        );
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for t in 0..40 {
            let mut limbs = [0u64; 16];
            for l in limbs.iter_mut() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                *l = match t {
                    0 => u64::MAX,
                    1 => 0,
                    _ => seed,
                };
            }
            let x = Nat::from_limbs(&limbs);
            for (m, g) in &groups {
                assert!(u64::from(*m) < 1 << 32);
                let r = u64::from(mod_u32(&x, *m));
                for &sp in g {
                    assert_eq!(mod_word(r, sp), mod_small(&x, sp), "{sp}");
                }
            }
            assert_eq!(mod_u32(&x, E), mod_small(&x, E));
        }
        for m in [1u32, 2, 3, 65537, u32::MAX, u32::MAX - 4] {
            for t in [0u64, 1, u64::from(m), u64::MAX, u64::MAX - 1, 1 << 63] {
                assert_eq!(u64::from(mod_word(t, m)), t % u64::from(m), "{t} mod {m}");
            }
        }
    }

    #[test]
    fn generate_2048() {
        let key = RsaPrivateKey::generate(2048).unwrap();
        key.validate().unwrap();
        assert_eq!(key.public_key().bits(), 2048);
        let sig = key
            .sign_pkcs1v15::<crate::hash::sha256::Sha256>(b"m")
            .unwrap();
        key.public_key()
            .verify_pkcs1v15::<crate::hash::sha256::Sha256>(b"m", &sig)
            .unwrap();
        assert!(RsaPrivateKey::generate(1024).is_err());
        assert!(RsaPrivateKey::generate(2047).is_err());
    }

    #[test]
    fn small_primes_table() {
        let p = small_primes();
        assert_eq!(p[..5], [3, 5, 7, 11, 13]);
        assert_eq!(*p.last().unwrap(), 2039);
        assert_eq!(p.len(), 308);
    }
}
