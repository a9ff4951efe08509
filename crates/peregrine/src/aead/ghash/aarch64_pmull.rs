//! GHASH with the ARMv8 Cryptography Extensions' PMULL/PMULL2 (64x64
//! carry-less multiplies).
//!
//! Technique: that of OpenSSL's (CRYPTOGAMS) `ghashv8-armx.pl`: the
//! "twisted" H, Karatsuba products with the powers' `lo ^ hi` halves
//! precomputed, and an aggregated reduction: eight blocks are multiplied by
//! H^8..H^1 and summed unreduced, then reduced once by two PMULLs by
//! `0xc2 << 56` (the Montgomery form of `mod.rs`). A tail of n < 8 blocks
//! uses H^n..H^1 and one reduction. aarch64's 32 vector registers hold the
//! eight powers, their halves, the blocks and the sums at once.

use core::arch::aarch64::*;

use super::C;
use crate::cipher::Block;

/// A PMULL key. Layout (what a fused AES-GCM kernel loads):
///
/// - `pow[i]`, `i` in 0..8: twisted H^(8 - i) in register order (the
///   byte-reversed GCM block as a 128-bit integer) as `[low, high]`
///   doublewords, so a 16-byte `vld1q_u64` gives lanes 0 and 1. `pow[7]`
///   is H^1; a run of n blocks uses `pow[8 - n..]`.
/// - `kx[i]`: the Karatsuba half of `pow[i]`, `lo ^ hi`, in both lanes.
/// - `swp[i]`: `pow[i]` with its halves swapped, `[high, low]`: the
///   partner of a block through `rev64` alone (its halves swapped against
///   register order), so that a fused kernel saves the `ext` of
///   [`bswap`] (see [`mul_acc_swapped`]).
///
/// `repr(C, align(16))`: each power is 16-byte aligned (for the vector
/// load of `mul_acc_swapped`).
#[derive(Clone)]
#[repr(C, align(16))]
pub(crate) struct Key {
    pub(crate) pow: [[u64; 2]; 8],
    pub(crate) kx: [[u64; 2]; 8],
    pub(crate) swp: [[u64; 2]; 8],
}

impl Drop for Key {
    fn drop(&mut self) {
        crate::ct::wipe(&mut self.pow);
        crate::ct::wipe(&mut self.kx);
        crate::ct::wipe(&mut self.swp);
    }
}

/// Unreduced sums of 256-bit products: `lo`, `hi`, and the raw Karatsuba
/// middle `mi` before `lo ^ hi` is taken out ([`reduce`] does that).
#[derive(Clone, Copy)]
pub(crate) struct Sums {
    pub(crate) lo: uint64x2_t,
    pub(crate) mi: uint64x2_t,
    pub(crate) hi: uint64x2_t,
}

impl Sums {
    #[inline]
    #[target_feature(enable = "neon")]
    pub(crate) fn zero() -> Sums {
        let z = vdupq_n_u64(0);
        Sums {
            lo: z,
            mi: z,
            hi: z,
        }
    }
}

/// Reverses the 16 bytes: a GCM block to register order and back.
#[inline]
#[target_feature(enable = "neon")]
pub(crate) fn bswap(v: uint8x16_t) -> uint64x2_t {
    let r = vreinterpretq_u64_u8(vrev64q_u8(v));
    vextq_u64::<1>(r, r)
}

#[inline]
#[target_feature(enable = "neon")]
fn ld(p: &[u64; 2]) -> uint64x2_t {
    // SAFETY: `p` is 16 readable bytes.
    unsafe { vld1q_u64(p.as_ptr()) }
}

/// Loads block `i` of `data` into register order.
///
/// # Safety
/// `16 * (i + 1) <= data.len()`.
#[inline]
#[target_feature(enable = "neon")]
unsafe fn ld_block(data: &[u8], i: usize) -> uint64x2_t {
    debug_assert!(16 * (i + 1) <= data.len());
    // SAFETY: the caller keeps the 16 bytes in bounds.
    bswap(unsafe { vld1q_u8(data.as_ptr().add(16 * i)) })
}

#[inline]
#[target_feature(enable = "neon,aes")]
fn pmull(a: uint64x2_t, b: uint64x2_t) -> uint64x2_t {
    vreinterpretq_u64_p128(vmull_p64(vgetq_lane_u64::<0>(a), vgetq_lane_u64::<0>(b)))
}

#[inline]
#[target_feature(enable = "neon,aes")]
fn pmull2(a: uint64x2_t, b: uint64x2_t) -> uint64x2_t {
    vreinterpretq_u64_p128(vmull_high_p64(
        vreinterpretq_p64_u64(a),
        vreinterpretq_p64_u64(b),
    ))
}

/// `s += x * k` unreduced (Karatsuba); `x` in register order, `k` a power
/// and `kx` its Karatsuba half.
#[inline]
#[target_feature(enable = "neon,aes")]
pub(crate) fn mul_acc(s: &mut Sums, x: uint64x2_t, k: uint64x2_t, kx: uint64x2_t) {
    let xk = veorq_u64(x, vextq_u64::<1>(x, x));
    s.lo = veorq_u64(s.lo, pmull(x, k));
    s.hi = veorq_u64(s.hi, pmull2(x, k));
    s.mi = veorq_u64(s.mi, pmull(xk, kx));
}

/// `s += v * pow[i]` for a block `v` through `vrev64q_u8` only (a GCM
/// block with each half byte-reversed: register order with its halves
/// swapped), against `swp[i]`: the same three products as [`mul_acc`]
/// with no `ext` to put the block in register order.
#[inline]
#[target_feature(enable = "neon,aes")]
pub(crate) fn mul_acc_swapped(s: &mut Sums, k: &Key, i: usize, v: uint64x2_t) {
    // A volatile load: LLVM splits a plain 16-byte load whose two lanes
    // only feed PMULL and PMULL2 into two 8-byte loads, the lane-1 one an
    // `ld1r` with an address add of its own (three instructions for one).
    // SAFETY: `swp[i]` is 16 readable bytes, 16-byte aligned (`Key` is
    // `repr(C, align(16))` and `swp` starts at byte 256), as
    // `uint64x2_t` needs.
    let ks = unsafe { core::ptr::read_volatile(k.swp[i].as_ptr().cast::<uint64x2_t>()) };
    let kx = ld(&k.kx[i]);
    let xk = veorq_u64(v, vextq_u64::<1>(v, v));
    // Lane 1 of `v` is the block's low half, lane 0 its high half.
    s.lo = veorq_u64(s.lo, pmull2(v, ks));
    s.hi = veorq_u64(s.hi, pmull(v, ks));
    s.mi = veorq_u64(s.mi, pmull(xk, kx));
}

/// `s += x * pow[i]` with the key's power `i` (H^(8 - i)).
#[inline]
#[target_feature(enable = "neon,aes")]
pub(crate) fn mul_acc_pow(s: &mut Sums, k: &Key, i: usize, x: uint64x2_t) {
    mul_acc(s, x, ld(&k.pow[i]), ld(&k.kx[i]))
}

/// Multiplies eight blocks (register order; the running hash already XORed
/// into `b[0]`) by H^8..H^1 and adds the unreduced products to `s`.
#[inline]
#[target_feature(enable = "neon,aes")]
pub(crate) fn mul_acc8(s: &mut Sums, k: &Key, b: &[uint64x2_t; 8]) {
    for (i, &x) in b.iter().enumerate().rev() {
        mul_acc_pow(s, k, i, x);
    }
}

/// Karatsuba recombination and the Montgomery reduction of `s`: the new
/// running hash, in register order.
#[inline]
#[target_feature(enable = "neon,aes")]
pub(crate) fn reduce(s: Sums) -> uint64x2_t {
    let poly = vdupq_n_u64(C);
    let mi = veorq_u64(s.mi, veorq_u64(s.lo, s.hi));
    let t = pmull(s.lo, poly);
    let mi = veorq_u64(mi, veorq_u64(vextq_u64::<1>(s.lo, s.lo), t));
    let t = pmull(mi, poly);
    veorq_u64(s.hi, veorq_u64(vextq_u64::<1>(mi, mi), t))
}

/// The Montgomery product `x * k * y^-128`: with twisted powers, the GHASH
/// product.
#[inline]
#[target_feature(enable = "neon,aes")]
pub(crate) fn mul(x: uint64x2_t, k: uint64x2_t) -> uint64x2_t {
    let kx = veorq_u64(k, vextq_u64::<1>(k, k));
    let mut s = Sums::zero();
    mul_acc(&mut s, x, k, kx);
    reduce(s)
}

impl Key {
    /// Sets up the powers of `h` (a GCM byte string).
    ///
    /// # Safety
    /// The CPU must have NEON and PMULL.
    #[target_feature(enable = "neon,aes")]
    pub(crate) unsafe fn new(h: &Block) -> Key {
        let k1 = super::twist(u128::from_be_bytes(*h));
        let k1 = ld(&[k1 as u64, (k1 >> 64) as u64]);
        let mut key = Key {
            pow: [[0; 2]; 8],
            kx: [[0; 2]; 8],
            swp: [[0; 2]; 8],
        };
        // p[n - 1] = H^n, each as H^m * H^(n - m) for the largest power
        // of two m < n (a chain of 3 multiplies, not 7).
        let mut p = [k1; 8];
        for n in 2..=8usize {
            let m = 1 << (usize::BITS - 1 - (n - 1).leading_zeros());
            p[n - 1] = mul(p[m - 1], p[n - m - 1]);
        }
        for (i, &v) in p.iter().rev().enumerate() {
            let w = [vgetq_lane_u64::<0>(v), vgetq_lane_u64::<1>(v)];
            key.pow[i] = w;
            key.kx[i] = [w[0] ^ w[1]; 2];
            key.swp[i] = [w[1], w[0]];
        }
        key
    }
}

/// `acc = (acc ^ m) * H` for each whole block `m` of `data`.
///
/// # Safety
/// The CPU must have NEON and PMULL.
#[target_feature(enable = "neon,aes")]
pub(crate) unsafe fn update_blocks(k: &Key, acc: &mut Block, data: &[u8]) {
    // SAFETY: `acc` is 16 readable bytes.
    let mut x = unsafe { ld_block(acc, 0) };
    let mut chunks = data.chunks_exact(128);
    for c in &mut chunks {
        let mut b = [vdupq_n_u64(0); 8];
        for (i, v) in b.iter_mut().enumerate() {
            // SAFETY: `c` is 128 bytes: blocks 0..8.
            *v = unsafe { ld_block(c, i) };
        }
        b[0] = veorq_u64(b[0], x);
        let mut s = Sums::zero();
        mul_acc8(&mut s, k, &b);
        x = reduce(s);
    }
    let rest = chunks.remainder();
    let n = rest.len() / 16;
    if n > 0 {
        let mut s = Sums::zero();
        for j in 0..n {
            // SAFETY: `j < n`, so the block is inside `rest`.
            let mut b = unsafe { ld_block(rest, j) };
            if j == 0 {
                b = veorq_u64(b, x);
            }
            mul_acc_pow(&mut s, k, 8 - n + j, b);
        }
        x = reduce(s);
    }
    let out = bswap(vreinterpretq_u8_u64(x));
    // SAFETY: `acc` is 16 writable bytes.
    unsafe { vst1q_u8(acc.as_mut_ptr(), vreinterpretq_u8_u64(out)) };
}
