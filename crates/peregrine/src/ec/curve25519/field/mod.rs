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
pub(crate) mod soft;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86_64_adx;

/// A mask: all ones (true) or all zeros (false). Never branched on.
pub(crate) type Mask = u64;

/// `0 -> 0`, `1 -> all ones`, through a black box so the compiler does
/// not turn a mask select back into a branch.
#[inline(always)]
pub(crate) fn mask_of(bit: u64) -> Mask {
    core::hint::black_box(bit & 1).wrapping_neg()
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

    /// `a^(p - 2) = a^(-1)` (0 for 0), by Fermat: 254 squarings and 11
    /// multiplications, the same sequence for every input.
    #[inline(always)]
    fn invert(self, a: &Self::Fe) -> Self::Fe {
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
