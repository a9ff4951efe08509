//! Miller-Rabin probabilistic primality testing (FIPS 186-5 appendix B.3.1)
//! with the round counts of FIPS 186-5 table B.1.

use alloc::vec;

use super::modulus::Modulus;
use super::nat::{Nat, lt, mask_bit};
use crate::Error;

/// Minimum Miller-Rabin rounds for a prime candidate of `bits` bits, from
/// FIPS 186-5 table B.1 (RSA primes `p`, `q`, the column whose error
/// probability matches the key's security strength): 1024-bit primes
/// (2048-bit `n`, 2^-112) 5 rounds; 1536-bit (3072-bit `n`, 2^-128) 4;
/// 2048-bit (4096-bit `n`, 2^-144) 4, which larger primes also use.
/// Below the table: 7 rounds from 512 bits (FIPS 186-4 table C.2, for
/// 1024-bit `n`) and 44 below that (table B.1's count for the auxiliary
/// primes of 4096-bit keys, the largest it gives).
pub fn fips186_5_rounds(bits: usize) -> usize {
    match bits {
        1536.. => 4,
        1024.. => 5,
        512.. => 7,
        _ => 44,
    }
}

/// Whether `b` is a Miller-Rabin witness that `w` is composite (FIPS
/// 186-5 B.3.1 steps 4.3 to 4.7): `b^m != 1` and `b^(m 2^j) != -1` for every
/// `0 <= j < a`, where `w - 1 = m 2^a` with `m` odd.
///
/// `w` must be odd and at least 3, `1 <= b <= w - 1` (at `w`'s width);
/// errors otherwise. Constant time in `w` and `b`: `a` is found without a
/// branch, `m = (w - 1) >> a` by a barrel shifter, `b^m` by the
/// constant-time [`Modulus::pow`], and the squarings run for every
/// `j < bits(w)` with the `j < a` test as a mask. Only the verdict is
/// revealed.
pub fn miller_rabin_witness(w: &Modulus, b: &Nat) -> Result<bool, Error> {
    let k = w.limbs();
    let n = w.n();
    let one = Nat::from_u64(1);
    if bool::from(b.is_zero()) || b.limbs() != k {
        return Err(Error::InvalidParameter {
            what: "Miller-Rabin base must be in [1, w - 1] at w's width",
        });
    }
    if lt(&n.limbs, &[3]) == 1 {
        return Err(Error::InvalidParameter {
            what: "Miller-Rabin candidate must be at least 3",
        });
    }
    let (w1, _) = n.sub(&one);
    let a = w1.trailing_zeros();
    let m = w1.shr_secret(a);
    // z = b^m, then its squarings, in the Montgomery domain; 1 and -1 too.
    let mut z = w.to_mont(&w.pow(b, &m.to_be_bytes())?)?;
    let one_m = w.to_mont(&one.resize(k)?)?;
    let minus_one_m = w.neg(&one_m)?;
    let mut not_witness = z.ct_eq(&one_m) | z.ct_eq(&minus_one_m);
    for j in 1..n.bits() {
        z = w.sqr(&z)?;
        // j < a, without a branch on a.
        let below = mask_bit(((j as u64).wrapping_sub(a as u64)) >> 63);
        let hit = z.ct_eq(&minus_one_m);
        not_witness |= hit & subtle::Choice::from((below & 1) as u8);
    }
    Ok(!bool::from(not_witness))
}

/// Whether `w` is probably prime, by [`fips186_5_rounds`] rounds of
/// Miller-Rabin with random bases from `fill` (a source of uniformly random
/// bytes; an error from it is passed on).
///
/// Even `w` and `w < 5` are decided directly. The rounds are constant time
/// in `w` (see [`miller_rabin_witness`]); the base is drawn by rejection
/// sampling in `[2, w - 2]`, whose number of draws depends on the top
/// bits of `w`, and the test stops at the first witness (a composite, which
/// a key generator discards).
pub fn is_probable_prime_with(
    w: &Nat,
    rounds: usize,
    mut fill: impl FnMut(&mut [u8]) -> Result<(), Error>,
) -> Result<bool, Error> {
    if w.limbs() > super::mont::MAX_LIMBS {
        return Err(Error::InvalidLength {
            what: "prime candidate (limbs, at most 256)",
            got: w.limbs(),
        });
    }
    if !bool::from(w.is_odd()) {
        return Ok(w.ct_eq(&Nat::from_u64(2)).into());
    }
    if lt(&w.limbs, &[5]) == 1 {
        return Ok(!bool::from(w.ct_eq(&Nat::from_u64(1))));
    }
    let md = Modulus::new(w)?;
    let k = w.limbs();
    let bits = w.bit_len_vartime();
    let (w3, _) = w.sub(&Nat::from_u64(3)); // b - 2 in [0, w - 4]
    let mut buf = zeroize::Zeroizing::new(vec![0u8; 8 * k]);
    for _ in 0..rounds {
        let b = loop {
            fill(&mut buf)?;
            let mut c = Nat::from_be_bytes(&buf);
            // Keep the low `bits` bits: a draw below 2^bits, accepted with
            // probability > 1/2.
            for (i, l) in c.limbs.iter_mut().enumerate() {
                let lo = 64 * i;
                if lo >= bits {
                    *l = 0;
                } else if bits - lo < 64 {
                    *l &= (1u64 << (bits - lo)) - 1;
                }
            }
            if bool::from(c.ct_lt(&w3)) || bool::from(c.ct_eq(&w3)) {
                let (b, _) = c.add(&Nat::from_u64(2));
                break b.resize(k)?;
            }
        };
        if miller_rabin_witness(&md, &b)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// [`is_probable_prime_with`] with [`fips186_5_rounds`] and the operating
/// system's random number generator (the `getrandom` crate).
#[cfg(feature = "getrandom")]
pub fn is_probable_prime(w: &Nat) -> Result<bool, Error> {
    let rounds = fips186_5_rounds(w.bit_len_vartime());
    is_probable_prime_with(w, rounds, |buf| {
        getrandom::fill(buf).map_err(|_| Error::InvalidParameter {
            what: "operating system random number generator failed",
        })
    })
}
