//! Portable GHASH, constant time, no tables.
//!
//! Technique: BearSSL's `ghash_ctmul64` (Pornin). A 64x64 carry-less
//! product is built from ordinary integer multiplies of masked operands:
//! each operand is split into 4 classes of bits (positions 0, 1, 2, 3 mod
//! 4), so in every partial product the bits that matter sit 4 apart and a
//! column sums at most 16 terms; the only column that reaches 16 carries
//! out of the 64-bit word, so the integer carries never reach a bit that is
//! kept. That gives the low 64 bits of the product; the high 64 are the low
//! 64 of the product of the bit-reversed operands, reversed. 128x128 is
//! Karatsuba over the 64-bit halves (3 such products).
//!
//! Beyond BearSSL: the field arithmetic is the Montgomery form every
//! backend here shares (see `mod.rs`), so the key is the "twisted" H and
//! the reduction is two folds by the constant `0xc2 << 56`, written as
//! shifts; four blocks are multiplied by H^4..H^1 and summed before one
//! reduction (and one reversal of the high halves), and the key keeps each
//! power's Karatsuba halves and their bit reversals precomputed.

use super::{C, twist};
use crate::cipher::Block;

/// The words one multiply by a power needs: `[k0, k1, k0 ^ k1, rev(k0),
/// rev(k1), rev(k0 ^ k1)]`, with `k0`/`k1` the low/high 64 bits of the
/// twisted power (register order, see `mod.rs`) and `rev` the 64-bit bit
/// reversal.
pub(crate) type Pow = [[u64; 4]; 6];

/// The soft key. Layout: `pow[i]` holds twisted H^(4 - i) as a [`Pow`]
/// (so `pow[3]` is H^1), a run of n <= 4 blocks uses `pow[4 - n..]`.
#[derive(Clone)]
pub(crate) struct Key {
    pub(crate) pow: [Pow; 4],
}

impl Drop for Key {
    fn drop(&mut self) {
        crate::ct::wipe(&mut self.pow);
    }
}

const M0: u64 = 0x1111_1111_1111_1111;
const M1: u64 = 0x2222_2222_2222_2222;
const M2: u64 = 0x4444_4444_4444_4444;
const M3: u64 = 0x8888_8888_8888_8888;

/// `y` split into its four bit classes.
#[inline(always)]
fn split(y: u64) -> [u64; 4] {
    [y & M0, y & M1, y & M2, y & M3]
}

/// The low 64 bits of the carry-less product `x * y`, `y` [`split`].
#[inline(always)]
fn bmul64(x: u64, y: &[u64; 4]) -> u64 {
    let (x0, x1, x2, x3) = (x & M0, x & M1, x & M2, x & M3);
    let [y0, y1, y2, y3] = *y;
    let m = u64::wrapping_mul;
    let z0 = m(x0, y0) ^ m(x1, y3) ^ m(x2, y2) ^ m(x3, y1);
    let z1 = m(x0, y1) ^ m(x1, y0) ^ m(x2, y3) ^ m(x3, y2);
    let z2 = m(x0, y2) ^ m(x1, y1) ^ m(x2, y0) ^ m(x3, y3);
    let z3 = m(x0, y3) ^ m(x1, y2) ^ m(x2, y1) ^ m(x3, y0);
    (z0 & M0) | (z1 & M1) | (z2 & M2) | (z3 & M3)
}

/// Unreduced sums of products: the low halves (`l`) and the bit-reversed
/// high halves (`h`) of the three Karatsuba products `a0*k0`, `a1*k1`,
/// `(a0^a1)*(k0^k1)`. All linear, so they add across blocks.
#[derive(Default)]
struct Sums {
    l: [u64; 3],
    h: [u64; 3],
}

impl Sums {
    #[inline(always)]
    fn mul_acc(&mut self, x: u128, k: &Pow) {
        let a0 = x as u64;
        let a1 = (x >> 64) as u64;
        let a2 = a0 ^ a1;
        let (r0, r1) = (a0.reverse_bits(), a1.reverse_bits());
        let r2 = r0 ^ r1;
        self.l[0] ^= bmul64(a0, &k[0]);
        self.l[1] ^= bmul64(a1, &k[1]);
        self.l[2] ^= bmul64(a2, &k[2]);
        self.h[0] ^= bmul64(r0, &k[3]);
        self.h[1] ^= bmul64(r1, &k[4]);
        self.h[2] ^= bmul64(r2, &k[5]);
    }

    /// Karatsuba recombination, then the Montgomery reduction: the sum
    /// times y^-128 modulo the reflected polynomial.
    #[inline(always)]
    fn reduce(&self) -> u128 {
        let hi = |r: u64| r.reverse_bits() >> 1;
        let (z0l, z1l, z2l) = (self.l[0], self.l[1], self.l[2]);
        let (z0h, z1h, z2h) = (hi(self.h[0]), hi(self.h[1]), hi(self.h[2]));
        let ml = z2l ^ z0l ^ z1l;
        let mh = z2h ^ z0h ^ z1h;
        let p = [z0l, z0h ^ ml, z1l ^ mh, z1h];
        reduce(p)
    }
}

/// `p * y^-128 mod G'` for a 256-bit `p` (words little-endian): two folds
/// of 64 bits, each adding `p0 * (C + y^64)`; the carry-less product by
/// `C = y^63 + y^62 + y^57` is three shifts each way.
#[inline(always)]
pub(crate) fn reduce(p: [u64; 4]) -> u128 {
    let fold = |v: u64| (v << 63 ^ v << 62 ^ v << 57, v >> 1 ^ v >> 2 ^ v >> 7);
    const _: () = assert!(C == 1 << 63 | 1 << 62 | 1 << 57);
    let (t0, t1) = fold(p[0]);
    let (q0, q1, q2) = (p[1] ^ t0, p[0] ^ p[2] ^ t1, p[3]);
    let (u0, u1) = fold(q0);
    let r0 = q1 ^ u0;
    let r1 = q2 ^ q0 ^ u1;
    (r1 as u128) << 64 | r0 as u128
}

fn pow_of(k: u128) -> Pow {
    let (k0, k1) = (k as u64, (k >> 64) as u64);
    let k2 = k0 ^ k1;
    [
        k0,
        k1,
        k2,
        k0.reverse_bits(),
        k1.reverse_bits(),
        k2.reverse_bits(),
    ]
    .map(split)
}

/// The Montgomery product of two field elements in register order.
pub(super) fn mont_mul(x: u128, k: u128) -> u128 {
    let mut s = Sums::default();
    s.mul_acc(x, &pow_of(k));
    s.reduce()
}

impl Key {
    pub(crate) fn new(h: &Block) -> Key {
        let k1 = twist(u128::from_be_bytes(*h));
        let k2 = mont_mul(k1, k1);
        let k3 = mont_mul(k2, k1);
        let k4 = mont_mul(k2, k2);
        Key {
            pow: [pow_of(k4), pow_of(k3), pow_of(k2), pow_of(k1)],
        }
    }
}

#[inline(always)]
fn be(m: &[u8]) -> u128 {
    let mut b = [0u8; 16];
    b.copy_from_slice(m);
    u128::from_be_bytes(b)
}

/// `acc = (acc ^ m) * H` for each whole block `m` of `data`, four blocks
/// per reduction; a tail of n < 4 blocks uses H^n..H^1 and one reduction.
pub(crate) fn update_blocks(k: &Key, acc: &mut Block, data: &[u8]) {
    let mut a = u128::from_be_bytes(*acc);
    let mut chunks = data.chunks_exact(64);
    for c in &mut chunks {
        let mut s = Sums::default();
        for (i, m) in c.chunks_exact(16).enumerate() {
            let x = if i == 0 { a ^ be(m) } else { be(m) };
            s.mul_acc(x, &k.pow[i]);
        }
        a = s.reduce();
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let n = rest.len() / 16;
        let mut s = Sums::default();
        for (i, m) in rest.chunks_exact(16).enumerate() {
            let x = if i == 0 { a ^ be(m) } else { be(m) };
            s.mul_acc(x, &k.pow[4 - n + i]);
        }
        a = s.reduce();
    }
    *acc = a.to_be_bytes();
}

#[cfg(test)]
pub(crate) mod reference {
    //! The bit-serial multiplication of SP 800-38D algorithm 1, every
    //! conditional XOR by a mask: slow, obviously right, tests only.

    /// `x * y` in GCM's GF(2^128), both as big-endian integers of the
    /// GCM byte strings (bit 0 of the field element is the top bit).
    pub(crate) fn mul(x: u128, y: u128) -> u128 {
        const R: u128 = 0xe1 << 120;
        let mut z = 0u128;
        let mut v = y;
        for i in 0..128 {
            let bit = (x >> (127 - i)) & 1;
            z ^= v & bit.wrapping_neg();
            let lsb = v & 1;
            v = (v >> 1) ^ (R & lsb.wrapping_neg());
        }
        z
    }

    /// `acc = (acc ^ m) * H` for each whole block.
    pub(crate) fn update_blocks(h: &[u8; 16], acc: &mut [u8; 16], data: &[u8]) {
        let h = u128::from_be_bytes(*h);
        let mut a = u128::from_be_bytes(*acc);
        for m in data.chunks_exact(16) {
            a = mul(a ^ super::be(m), h);
        }
        *acc = a.to_be_bytes();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rng(seed: &mut u64) -> u64 {
        *seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = *seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    #[test]
    fn bmul64_matches_shift_and_xor() {
        let mut seed = 1;
        for i in 0..2000 {
            let (mut x, mut y) = (rng(&mut seed), rng(&mut seed));
            if i < 4 {
                x = [0, !0, 1 << 63, !0][i];
                y = [!0, !0, 1 << 63, 1][i];
            }
            let mut want = 0u64;
            for b in 0..64 {
                want ^= (x << b) & ((y >> b) & 1).wrapping_neg();
            }
            assert_eq!(bmul64(x, &split(y)), want, "{x:x} {y:x}");
        }
    }

    #[test]
    fn matches_bit_serial_reference() {
        let mut seed = 7;
        for len in 0..=16 * 9 {
            let hv = match len % 5 {
                0 => 0,
                1 => u128::MAX,
                2 => 1 | 1 << 127,
                _ => (rng(&mut seed) as u128) << 64 | rng(&mut seed) as u128,
            };
            let h = hv.to_be_bytes();
            let mut buf = [0u8; 16 * 9];
            buf.iter_mut().for_each(|b| *b = rng(&mut seed) as u8);
            let data = &buf[..len / 16 * 16];
            let mut acc: [u8; 16] = core::array::from_fn(|_| rng(&mut seed) as u8);
            let mut want = acc;
            update_blocks(&Key::new(&h), &mut acc, data);
            reference::update_blocks(&h, &mut want, data);
            assert_eq!(acc, want, "len {len} h {hv:032x}");
        }
    }
}
