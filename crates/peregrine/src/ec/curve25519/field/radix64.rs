//! The operations of the radix-2^64 kernels (`x86_64_adx`, `aarch64`)
//! that need no multiplier: four 64-bit limbs holding a value below 2^256
//! (not necessarily below p), carries and borrows folded back by
//! `2^256 = 38 (mod p)`, masks instead of branches. Portable Rust: the
//! carry chains compile to `adc`/`sbb` (x86_64) and `adcs`/`sbcs`
//! (aarch64).

use super::{Mask, mask_of};

/// An element below 2^256, little-endian limbs.
pub(crate) type Fe = [u64; 4];

/// `a + b + c` (c = 0 or 1) and the carry out: one `adc` on x86_64.
#[inline(always)]
fn adc(a: u64, b: u64, c: u64) -> (u64, u64) {
    #[cfg(target_arch = "x86_64")]
    {
        let mut r = 0;
        let c = core::arch::x86_64::_addcarry_u64(c as u8, a, b, &mut r);
        (r, u64::from(c))
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let s = (a as u128) + (b as u128) + (c as u128);
        (s as u64, (s >> 64) as u64)
    }
}

/// `a - b - borrow` (borrow = 0 or 1) and the borrow out: one `sbb` on
/// x86_64, `subs`/`sbcs` on aarch64.
#[inline(always)]
fn sbb(a: u64, b: u64, borrow: u64) -> (u64, u64) {
    #[cfg(target_arch = "x86_64")]
    {
        let mut r = 0;
        let c = core::arch::x86_64::_subborrow_u64(borrow as u8, a, b, &mut r);
        (r, u64::from(c))
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let (d, b1) = a.overflowing_sub(b);
        let (d, b2) = d.overflowing_sub(borrow);
        (d, u64::from(b1 | b2))
    }
}

/// `a + v` for a small `v`, and the carry out.
#[inline(always)]
fn add_small(a: &Fe, v: u64) -> (Fe, u64) {
    let (r0, c) = adc(a[0], v, 0);
    let (r1, c) = adc(a[1], 0, c);
    let (r2, c) = adc(a[2], 0, c);
    let (r3, c) = adc(a[3], 0, c);
    ([r0, r1, r2, r3], c)
}

/// `r + c 2^256` (c = 0 or 1) below 2^256: the carry folds in as 38, and a
/// second carry (the sum then being below 38) as 38 more, which cannot
/// carry again.
#[inline(always)]
pub(crate) fn fold_carry(r: &Fe, c: u64) -> Fe {
    let (mut r, c) = add_small(r, 38 & mask_of(c));
    r[0] = r[0].wrapping_add(38 & mask_of(c));
    r
}

#[inline(always)]
pub(crate) fn from_bytes(b: &[u8; 32]) -> Fe {
    let w = |i: usize| u64::from_le_bytes(b[8 * i..8 * i + 8].try_into().unwrap());
    [w(0), w(1), w(2), w(3) & (u64::MAX >> 1)]
}

#[inline(always)]
pub(crate) fn to_bytes(a: &Fe) -> [u8; 32] {
    // Fold bit 255 (2^255 = 19): t < 2^255 + 19.
    let top = a[3] >> 63;
    let (t, _) = add_small(&[a[0], a[1], a[2], a[3] & (u64::MAX >> 1)], top * 19);
    // t >= p exactly when t + 19 reaches 2^255; then the result is
    // t + 19 - 2^255.
    let (mut u, _) = add_small(&t, 19);
    let mask = mask_of(u[3] >> 63);
    u[3] &= u64::MAX >> 1;
    let r = select(&t, &u, mask);
    let mut out = [0u8; 32];
    for i in 0..4 {
        out[8 * i..8 * i + 8].copy_from_slice(&r[i].to_le_bytes());
    }
    out
}

#[inline(always)]
pub(crate) fn add(a: &Fe, b: &Fe) -> Fe {
    let (r0, c) = adc(a[0], b[0], 0);
    let (r1, c) = adc(a[1], b[1], c);
    let (r2, c) = adc(a[2], b[2], c);
    let (r3, c) = adc(a[3], b[3], c);
    fold_carry(&[r0, r1, r2, r3], c)
}

#[inline(always)]
pub(crate) fn sub(a: &Fe, b: &Fe) -> Fe {
    let (r0, c) = sbb(a[0], b[0], 0);
    let (r1, c) = sbb(a[1], b[1], c);
    let (r2, c) = sbb(a[2], b[2], c);
    let (r3, c) = sbb(a[3], b[3], c);
    // A borrow added 2^256 = 38 + p: take the 38 back off. A second borrow
    // leaves a value near 2^256, from which 38 more cannot borrow again.
    let (r0, c) = sbb(r0, 38 & mask_of(c), 0);
    let (r1, c) = sbb(r1, 0, c);
    let (r2, c) = sbb(r2, 0, c);
    let (r3, c) = sbb(r3, 0, c);
    [r0.wrapping_sub(38 & mask_of(c)), r1, r2, r3]
}

#[inline(always)]
pub(crate) fn select(a: &Fe, b: &Fe, mask: Mask) -> Fe {
    let mut r = *a;
    for i in 0..4 {
        r[i] ^= (a[i] ^ b[i]) & mask;
    }
    r
}

#[inline(always)]
pub(crate) fn cswap(a: &mut Fe, b: &mut Fe, mask: Mask) {
    for i in 0..4 {
        let t = (a[i] ^ b[i]) & mask;
        a[i] ^= t;
        b[i] ^= t;
    }
}

/// `a * 121666`: a 5-limb product, the top limb folded by 38.
#[inline(always)]
pub(crate) fn mul_121666(a: &Fe) -> Fe {
    let m = |x: u64| (x as u128) * 121666;
    let p0 = m(a[0]);
    let p1 = m(a[1]) + (p0 >> 64);
    let p2 = m(a[2]) + (p1 >> 64);
    let p3 = m(a[3]) + (p2 >> 64);
    let top = (p3 >> 64) as u64;
    let (r, c) = add_small(&[p0 as u64, p1 as u64, p2 as u64, p3 as u64], top * 38);
    fold_carry(&r, c)
}

/// The [`super::Field`] methods every radix-2^64 kernel shares, delegated to
/// the functions above; the kernel supplies `mul` and `sqr`.
macro_rules! radix64_common {
    () => {
        type Fe = $crate::ec::curve25519::field::radix64::Fe;

        #[inline(always)]
        fn zero(self) -> Self::Fe {
            [0; 4]
        }

        #[inline(always)]
        fn one(self) -> Self::Fe {
            [1, 0, 0, 0]
        }

        #[inline(always)]
        fn from_bytes(self, b: &[u8; 32]) -> Self::Fe {
            $crate::ec::curve25519::field::radix64::from_bytes(b)
        }

        #[inline(always)]
        fn from_limbs(self, l: &[u64; 4]) -> Self::Fe {
            *l
        }

        #[inline(always)]
        fn to_bytes(self, a: &Self::Fe) -> [u8; 32] {
            $crate::ec::curve25519::field::radix64::to_bytes(a)
        }

        #[inline(always)]
        fn add(self, a: &Self::Fe, b: &Self::Fe) -> Self::Fe {
            $crate::ec::curve25519::field::radix64::add(a, b)
        }

        #[inline(always)]
        fn sub(self, a: &Self::Fe, b: &Self::Fe) -> Self::Fe {
            $crate::ec::curve25519::field::radix64::sub(a, b)
        }

        #[inline(always)]
        fn neg(self, a: &Self::Fe) -> Self::Fe {
            $crate::ec::curve25519::field::radix64::sub(&[0; 4], a)
        }

        #[inline(always)]
        fn mul_121666(self, a: &Self::Fe) -> Self::Fe {
            $crate::ec::curve25519::field::radix64::mul_121666(a)
        }

        #[inline(always)]
        fn select(
            self,
            a: &Self::Fe,
            b: &Self::Fe,
            mask: $crate::ec::curve25519::field::Mask,
        ) -> Self::Fe {
            $crate::ec::curve25519::field::radix64::select(a, b, mask)
        }

        #[inline(always)]
        fn cswap(
            self,
            a: &mut Self::Fe,
            b: &mut Self::Fe,
            mask: $crate::ec::curve25519::field::Mask,
        ) {
            $crate::ec::curve25519::field::radix64::cswap(a, b, mask)
        }
    };
}
pub(crate) use radix64_common;
