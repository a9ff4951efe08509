//! Portable GF(2^255 - 19): five 51-bit limbs, `u128` products (the
//! representation of ref10's 64-bit successors, curve25519-donna-64 and
//! curve25519-dalek's `u64` backend).
//!
//! Every operation returns limbs below `2^51 + 2^13`; multiplications take
//! limbs below `2^54`, so sums of two outputs go straight into a product.

use super::{Field, Mask};

const MASK51: u64 = (1 << 51) - 1;

/// The portable kernel.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Soft;

/// An element: `sum l[i] 2^(51 i)`.
pub(crate) type Fe = [u64; 5];

#[inline(always)]
fn m(a: u64, b: u64) -> u128 {
    (a as u128) * (b as u128)
}

/// Carries a wide product (or sum) down to 51-bit limbs, the top carry
/// folded by 19.
#[inline(always)]
fn carry_wide(c: [u128; 5]) -> Fe {
    let mut r = [0u64; 5];
    let mut c = c;
    c[1] += c[0] >> 51;
    r[0] = (c[0] as u64) & MASK51;
    c[2] += c[1] >> 51;
    r[1] = (c[1] as u64) & MASK51;
    c[3] += c[2] >> 51;
    r[2] = (c[2] as u64) & MASK51;
    c[4] += c[3] >> 51;
    r[3] = (c[3] as u64) & MASK51;
    let carry = (c[4] >> 51) as u64;
    r[4] = (c[4] as u64) & MASK51;
    r[0] += carry * 19;
    r[1] += r[0] >> 51;
    r[0] &= MASK51;
    r
}

/// One carry pass over 64-bit limbs (after additions).
#[inline(always)]
fn weak_reduce(a: Fe) -> Fe {
    let c0 = a[0] >> 51;
    let c1 = a[1] >> 51;
    let c2 = a[2] >> 51;
    let c3 = a[3] >> 51;
    let c4 = a[4] >> 51;
    [
        (a[0] & MASK51) + c4 * 19,
        (a[1] & MASK51) + c0,
        (a[2] & MASK51) + c1,
        (a[3] & MASK51) + c2,
        (a[4] & MASK51) + c3,
    ]
}

/// 16 p in the limb representation, added before a subtraction so no limb
/// goes negative (inputs' limbs are below 2^54).
const P16: Fe = [
    16 * ((1 << 51) - 19),
    16 * MASK51,
    16 * MASK51,
    16 * MASK51,
    16 * MASK51,
];

impl Field for Soft {
    type Fe = Fe;

    #[inline(always)]
    fn zero(self) -> Fe {
        [0; 5]
    }

    #[inline(always)]
    fn one(self) -> Fe {
        [1, 0, 0, 0, 0]
    }

    #[inline(always)]
    fn from_bytes(self, b: &[u8; 32]) -> Fe {
        let w = |i: usize| u64::from_le_bytes(b[i..i + 8].try_into().unwrap());
        [
            w(0) & MASK51,
            (w(6) >> 3) & MASK51,
            (w(12) >> 6) & MASK51,
            (w(19) >> 1) & MASK51,
            (w(24) >> 12) & MASK51,
        ]
    }

    #[inline(always)]
    fn to_bytes(self, a: &Fe) -> [u8; 32] {
        // Fully carry, then subtract p when the value is >= p: q = 1 when
        // value + 19 reaches 2^255.
        let l = weak_reduce(weak_reduce(*a));
        let mut q = (l[0] + 19) >> 51;
        q = (l[1] + q) >> 51;
        q = (l[2] + q) >> 51;
        q = (l[3] + q) >> 51;
        q = (l[4] + q) >> 51;
        let mut l = l;
        l[0] += 19 * q;
        l[1] += l[0] >> 51;
        l[0] &= MASK51;
        l[2] += l[1] >> 51;
        l[1] &= MASK51;
        l[3] += l[2] >> 51;
        l[2] &= MASK51;
        l[4] += l[3] >> 51;
        l[3] &= MASK51;
        l[4] &= MASK51;
        let w0 = l[0] | (l[1] << 51);
        let w1 = (l[1] >> 13) | (l[2] << 38);
        let w2 = (l[2] >> 26) | (l[3] << 25);
        let w3 = (l[3] >> 39) | (l[4] << 12);
        let mut out = [0u8; 32];
        out[0..8].copy_from_slice(&w0.to_le_bytes());
        out[8..16].copy_from_slice(&w1.to_le_bytes());
        out[16..24].copy_from_slice(&w2.to_le_bytes());
        out[24..32].copy_from_slice(&w3.to_le_bytes());
        out
    }

    #[inline(always)]
    fn add(self, a: &Fe, b: &Fe) -> Fe {
        weak_reduce([
            a[0] + b[0],
            a[1] + b[1],
            a[2] + b[2],
            a[3] + b[3],
            a[4] + b[4],
        ])
    }

    #[inline(always)]
    fn sub(self, a: &Fe, b: &Fe) -> Fe {
        weak_reduce([
            (a[0] + P16[0]) - b[0],
            (a[1] + P16[1]) - b[1],
            (a[2] + P16[2]) - b[2],
            (a[3] + P16[3]) - b[3],
            (a[4] + P16[4]) - b[4],
        ])
    }

    #[inline(always)]
    fn neg(self, a: &Fe) -> Fe {
        self.sub(&[0; 5], a)
    }

    #[inline(always)]
    fn mul(self, a: &Fe, b: &Fe) -> Fe {
        let b1 = b[1] * 19;
        let b2 = b[2] * 19;
        let b3 = b[3] * 19;
        let b4 = b[4] * 19;
        carry_wide([
            m(a[0], b[0]) + m(a[4], b1) + m(a[3], b2) + m(a[2], b3) + m(a[1], b4),
            m(a[1], b[0]) + m(a[0], b[1]) + m(a[4], b2) + m(a[3], b3) + m(a[2], b4),
            m(a[2], b[0]) + m(a[1], b[1]) + m(a[0], b[2]) + m(a[4], b3) + m(a[3], b4),
            m(a[3], b[0]) + m(a[2], b[1]) + m(a[1], b[2]) + m(a[0], b[3]) + m(a[4], b4),
            m(a[4], b[0]) + m(a[3], b[1]) + m(a[2], b[2]) + m(a[1], b[3]) + m(a[0], b[4]),
        ])
    }

    #[inline(always)]
    fn sqr(self, a: &Fe) -> Fe {
        let d0 = a[0] * 2;
        let d1 = a[1] * 2;
        let d2 = a[2] * 2;
        let a3_19 = a[3] * 19;
        let a4_19 = a[4] * 19;
        carry_wide([
            m(a[0], a[0]) + m(d1, a4_19) + m(d2, a3_19),
            m(d0, a[1]) + m(d2, a4_19) + m(a[3], a3_19),
            m(d0, a[2]) + m(a[1], a[1]) + m(2 * a[3], a4_19),
            m(d0, a[3]) + m(d1, a[2]) + m(a[4], a4_19),
            m(d0, a[4]) + m(d1, a[3]) + m(a[2], a[2]),
        ])
    }

    #[inline(always)]
    fn mul_121666(self, a: &Fe) -> Fe {
        carry_wide([
            m(a[0], 121666),
            m(a[1], 121666),
            m(a[2], 121666),
            m(a[3], 121666),
            m(a[4], 121666),
        ])
    }

    #[inline(always)]
    fn select(self, a: &Fe, b: &Fe, mask: Mask) -> Fe {
        let mut r = *a;
        for i in 0..5 {
            r[i] ^= (a[i] ^ b[i]) & mask;
        }
        r
    }

    #[inline(always)]
    fn cswap(self, a: &mut Fe, b: &mut Fe, mask: Mask) {
        for i in 0..5 {
            let t = (a[i] ^ b[i]) & mask;
            a[i] ^= t;
            b[i] ^= t;
        }
    }
}
