//! GF(2^255 - 19), one kernel per CPU tier behind the [`Field`] trait.
//!
//! Every kernel has its own element representation (five 51-bit limbs in
//! `soft`, four 64-bit limbs in the asm kernels), so the curve code is
//! generic over [`Field`] and is instantiated once per kernel; the choice is
//! made once per operation (an X25519, a signature), not per field
//! multiplication.
//!
//! A kernel is a zero-sized token: the asm kernels can only be made by
//! `curve25519::with_field!` after `Impl::check`, so holding one is the
//! proof that the CPU has the instructions.
//!
//! Constant time: no operation branches on or indexes by an element's
//! value; [`Field::select`] and [`Field::cswap`] use masks.

#[cfg(target_arch = "aarch64")]
pub(crate) mod aarch64;
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
pub(crate) mod radix64;
// Each radix is compiled for tests on every target, so the two are checked
// against each other (and the tables against `soft`) on 32-bit CPUs too.
#[cfg(any(test, target_pointer_width = "64"))]
pub(crate) mod soft;
#[cfg(any(test, not(target_pointer_width = "64")))]
pub(crate) mod soft32;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86_64_adx;

/// The portable kernel of this target: radix 2^51 on 64-bit CPUs, radix
/// 2^25.5 on 32-bit ones (chosen at compile time).
#[cfg(target_pointer_width = "64")]
pub(crate) use soft::Soft as Portable;
#[cfg(not(target_pointer_width = "64"))]
pub(crate) use soft32::Soft32 as Portable;

/// A mask: all ones (true) or all zeros (false). Never branched on.
pub(crate) type Mask = u64;

/// `0 -> 0`, `1 -> all ones`, through an optimisation barrier so the
/// compiler cannot see that the value is a single bit and turn a mask
/// select back into a branch. On x86_64 and aarch64 the barrier is an empty
/// `asm!` on a register (free); elsewhere `black_box` (through memory).
#[inline(always)]
pub(crate) fn mask_of(bit: u64) -> Mask {
    opaque(bit & 1).wrapping_neg()
}

/// `x`, hidden from the optimiser.
#[inline(always)]
pub(crate) fn opaque(x: u64) -> u64 {
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    {
        let mut x = x;
        // SAFETY: an empty asm that only claims to modify a register.
        unsafe {
            core::arch::asm!("/* {0} */", inout(reg) x, options(pure, nomem, nostack, preserves_flags))
        };
        x
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        core::hint::black_box(x)
    }
}

/// The operations the curve code needs of a field kernel.
///
/// Inputs may be any element the kernel produced (its representations are
/// not unique: `soft` keeps limbs slightly above 51 bits, the asm kernels
/// keep values below 2^256, not below p); [`Field::to_bytes`] returns the
/// unique canonical encoding.
#[allow(clippy::wrong_self_convention)] // the kernel token is `self`
pub(crate) trait Field: Copy {
    /// An element.
    type Fe: Copy;

    /// 0.
    fn zero(self) -> Self::Fe;
    /// 1.
    fn one(self) -> Self::Fe;
    /// The element of 32 little-endian bytes, bit 255 ignored (RFC 7748
    /// decoding; a non-canonical value `>= p` is reduced).
    fn from_bytes(self, b: &[u8; 32]) -> Self::Fe;
    /// The canonical little-endian encoding (`< p`, bit 255 clear).
    fn to_bytes(self, a: &Self::Fe) -> [u8; 32];
    /// `a + b`.
    fn add(self, a: &Self::Fe, b: &Self::Fe) -> Self::Fe;
    /// `a - b`.
    fn sub(self, a: &Self::Fe, b: &Self::Fe) -> Self::Fe;
    /// `-a`.
    fn neg(self, a: &Self::Fe) -> Self::Fe;
    /// `a * b`.
    fn mul(self, a: &Self::Fe, b: &Self::Fe) -> Self::Fe;
    /// `a^2`.
    fn sqr(self, a: &Self::Fe) -> Self::Fe;
    /// `a * 121666` (X25519's `(A + 2) / 4`).
    fn mul_121666(self, a: &Self::Fe) -> Self::Fe;
    /// `b` where `mask` is all ones, else `a`.
    fn select(self, a: &Self::Fe, b: &Self::Fe, mask: Mask) -> Self::Fe;
    /// Swaps `a` and `b` where `mask` is all ones.
    fn cswap(self, a: &mut Self::Fe, b: &mut Self::Fe, mask: Mask);

    /// `a^(2^n)`, `n >= 1`.
    #[inline(always)]
    fn sqr_n(self, a: &Self::Fe, n: u32) -> Self::Fe {
        let mut t = self.sqr(a);
        for _ in 1..n {
            t = self.sqr(&t);
        }
        t
    }

    /// `(a^(2^250 - 1), a^11)`: the common head of the two exponentiation
    /// chains (inversion and square root), as in ref10.
    #[inline(always)]
    fn pow_2_250_1(self, a: &Self::Fe) -> (Self::Fe, Self::Fe) {
        let t0 = self.sqr(a); // 2
        let t1 = self.sqr_n(&t0, 2); // 8
        let t1 = self.mul(a, &t1); // 9
        let a11 = self.mul(&t0, &t1); // 11
        let t2 = self.sqr(&a11); // 22
        let t1 = self.mul(&t1, &t2); // 31 = 2^5 - 1
        let t2 = self.sqr_n(&t1, 5);
        let t1 = self.mul(&t2, &t1); // 2^10 - 1
        let t2 = self.sqr_n(&t1, 10);
        let t2 = self.mul(&t2, &t1); // 2^20 - 1
        let t3 = self.sqr_n(&t2, 20);
        let t2 = self.mul(&t3, &t2); // 2^40 - 1
        let t2 = self.sqr_n(&t2, 10);
        let t1 = self.mul(&t2, &t1); // 2^50 - 1
        let t2 = self.sqr_n(&t1, 50);
        let t2 = self.mul(&t2, &t1); // 2^100 - 1
        let t3 = self.sqr_n(&t2, 100);
        let t2 = self.mul(&t3, &t2); // 2^200 - 1
        let t2 = self.sqr_n(&t2, 50);
        let t1 = self.mul(&t2, &t1); // 2^250 - 1
        (t1, a11)
    }

    /// `a^(-1)` (0 for 0), in constant time. On 64-bit targets by
    /// Bernstein–Yang division steps on the canonical value
    /// ([`crate::ec::safegcd`], about 2.5x faster than the Fermat chain on
    /// the `adx` kernel); on 32-bit ones by [`Field::invert_fermat`].
    #[inline(always)]
    fn invert(self, a: &Self::Fe) -> Self::Fe {
        #[cfg(target_pointer_width = "64")]
        {
            let b = self.to_bytes(a);
            let l: [u64; 4] = core::array::from_fn(|i| {
                u64::from_le_bytes(b[8 * i..8 * i + 8].try_into().unwrap())
            });
            self.from_limbs(&crate::ec::safegcd::invert_p25519(&l))
        }
        #[cfg(not(target_pointer_width = "64"))]
        {
            self.invert_fermat(a)
        }
    }

    /// `a^(p - 2) = a^(-1)` (0 for 0), by Fermat: 254 squarings and 11
    /// multiplications, the same sequence for every input (the inversion of
    /// 32-bit targets; on 64-bit ones the tests' cross-check).
    #[cfg(any(test, not(target_pointer_width = "64")))]
    #[inline(always)]
    fn invert_fermat(self, a: &Self::Fe) -> Self::Fe {
        let (t, a11) = self.pow_2_250_1(a);
        let t = self.sqr_n(&t, 5); // 2^255 - 2^5
        self.mul(&t, &a11) // 2^255 - 21 = p - 2
    }

    /// `a^((p - 5) / 8) = a^(2^252 - 3)`, for square roots.
    #[inline(always)]
    fn pow_p58(self, a: &Self::Fe) -> Self::Fe {
        let (t, _) = self.pow_2_250_1(a);
        let t = self.sqr_n(&t, 2); // 2^252 - 4
        self.mul(&t, a) // 2^252 - 3
    }

    /// Whether `a == b` as field elements (a mask), in constant time.
    #[inline(always)]
    fn ct_eq(self, a: &Self::Fe, b: &Self::Fe) -> Mask {
        let x = self.to_bytes(a);
        let y = self.to_bytes(b);
        let mut d = 0u64;
        for i in 0..32 {
            d |= u64::from(x[i] ^ y[i]);
        }
        // d == 0 -> all ones.
        mask_of((d | d.wrapping_neg()) >> 63 ^ 1)
    }

    /// Whether `a` is zero (a mask).
    #[inline(always)]
    fn is_zero(self, a: &Self::Fe) -> Mask {
        self.ct_eq(a, &self.zero())
    }

    /// The low bit of the canonical value ("negative" in RFC 8032).
    #[inline(always)]
    fn is_negative(self, a: &Self::Fe) -> u64 {
        u64::from(self.to_bytes(a)[0] & 1)
    }

    /// The element given as four canonical 64-bit little-endian limbs (the
    /// precomputed tables).
    #[inline(always)]
    fn from_limbs(self, l: &[u64; 4]) -> Self::Fe {
        let mut b = [0u8; 32];
        for i in 0..4 {
            b[8 * i..8 * i + 8].copy_from_slice(&l[i].to_le_bytes());
        }
        self.from_bytes(&b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every operation of every kernel this build has against each other
    /// on random and edge inputs, by canonical encodings (the
    /// representations differ).
    fn agree<A: Field, B: Field>(a: A, b: B) {
        let mut seed = 0x0005_eed2_5519_u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut inputs: alloc::vec::Vec<[u8; 32]> = alloc::vec::Vec::new();
        let p_minus = |k: u8| {
            let mut x = [0xffu8; 32];
            x[0] = 0xed - k;
            x[31] = 0x7f;
            x
        };
        inputs.push([0; 32]);
        inputs.push({
            let mut x = [0; 32];
            x[0] = 1;
            x
        });
        inputs.push(p_minus(1)); // p - 1
        inputs.push(p_minus(0)); // p
        inputs.push([0xff; 32]); // 2^255 - 1 after masking
        inputs.push(p_minus(2));
        for _ in 0..300 {
            let mut x = [0u8; 32];
            for c in x.chunks_mut(8) {
                c.copy_from_slice(&next().to_le_bytes());
            }
            inputs.push(x);
        }
        for w in inputs.windows(2) {
            let (x, y) = (&w[0], &w[1]);
            let (xa, ya) = (a.from_bytes(x), a.from_bytes(y));
            let (xb, yb) = (b.from_bytes(x), b.from_bytes(y));
            assert_eq!(a.to_bytes(&xa), b.to_bytes(&xb));
            assert_eq!(a.to_bytes(&a.mul(&xa, &ya)), b.to_bytes(&b.mul(&xb, &yb)));
            assert_eq!(a.to_bytes(&a.sqr(&xa)), b.to_bytes(&b.sqr(&xb)));
            assert_eq!(a.to_bytes(&a.add(&xa, &ya)), b.to_bytes(&b.add(&xb, &yb)));
            assert_eq!(a.to_bytes(&a.sub(&xa, &ya)), b.to_bytes(&b.sub(&xb, &yb)));
            assert_eq!(a.to_bytes(&a.neg(&xa)), b.to_bytes(&b.neg(&xb)));
            assert_eq!(
                a.to_bytes(&a.mul_121666(&xa)),
                b.to_bytes(&b.mul_121666(&xb))
            );
            assert_eq!(a.to_bytes(&a.invert(&xa)), b.to_bytes(&b.invert(&xb)));
            assert_eq!(
                a.to_bytes(&a.invert(&xa)),
                a.to_bytes(&a.invert_fermat(&xa))
            );
            // Chains of unreduced sums into products.
            let sa = a.add(&a.add(&xa, &ya), &a.sub(&xa, &ya));
            let sb = b.add(&b.add(&xb, &yb), &b.sub(&xb, &yb));
            assert_eq!(a.to_bytes(&a.mul(&sa, &sa)), b.to_bytes(&b.mul(&sb, &sb)));
            assert_eq!(a.to_bytes(&a.sqr(&sa)), b.to_bytes(&b.sqr(&sb)));
            let m = mask_of(x[0] as u64);
            assert_eq!(
                a.to_bytes(&a.select(&xa, &ya, m)),
                b.to_bytes(&b.select(&xb, &yb, m))
            );
            // x * x^-1 = 1 unless x = 0.
            let inv = a.mul(&xa, &a.invert(&xa));
            assert!(a.is_zero(&xa) != 0 || a.ct_eq(&inv, &a.one()) != 0);
        }
    }

    #[test]
    fn soft32_agrees_with_soft() {
        agree(soft::Soft, soft32::Soft32);
    }

    /// `Soft32::sqr` scales one limb of each product by up to 76 in a
    /// `u32`: at the largest limbs any operation leaves (2^26 + 2^13 - 1
    /// even, 2^25 + 2^13 - 1 odd), and at mixes of those and zero, it
    /// must equal `mul(x, x)` (which takes limbs up to 2^27).
    #[test]
    fn soft32_sqr_at_the_limb_bounds() {
        let f = soft32::Soft32;
        let top = |i: usize| (1u32 << (26 - (i as u32 & 1))) + (1 << 13) - 1;
        for pattern in [0x3ffu32, 0x155, 0x2aa, 0x201, 0x3f0, 0x00f] {
            let x: soft32::Fe =
                core::array::from_fn(|i| if pattern >> i & 1 == 1 { top(i) } else { 0 });
            assert_eq!(
                f.to_bytes(&f.sqr(&x)),
                f.to_bytes(&f.mul(&x, &x)),
                "{pattern:#x}"
            );
        }
    }

    #[test]
    fn asm_kernels_agree_with_portable() {
        #[cfg(target_arch = "x86_64")]
        if let Some(c) = crate::ec::curve25519::Impl::Adx.check() {
            let _ = c;
            // SAFETY: `check` saw BMI2 and ADX.
            agree(unsafe { x86_64_adx::Adx::new() }, Portable);
        }
        #[cfg(target_arch = "aarch64")]
        if crate::ec::curve25519::Impl::Aarch64.check().is_some() {
            // SAFETY: base ISA.
            agree(unsafe { aarch64::Arm::new() }, Portable);
        }
        agree(Portable, Portable);
    }
}
