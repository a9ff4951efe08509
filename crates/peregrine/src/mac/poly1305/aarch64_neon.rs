//! Poly1305 with NEON, four blocks at a time.
//!
//! The radix-2^26 vectorisation of OpenSSL's `poly1305-armv8.pl` NEON path
//! (Goll–Gueron's technique, as in `x86_64_avx2.rs`): five 26-bit limbs,
//! four independent accumulators, products with `umull`/`umlal`
//! (32×32→64 bits), r^1..r^4 precomputed once per key. Each limb of the four
//! accumulators lives in two `uint64x2_t`: `lo` holds blocks 0 and 1 of a
//! 64-byte group, `hi` blocks 2 and 3. Each step is `A_j ← A_j·r^4 + m`; the
//! scalar accumulator enters lane 0 of `lo` (block 0) at the start, and at
//! the end the lanes are multiplied by r^4, r^3 (`lo`) and r^2, r^1 (`hi`)
//! and summed:
//!
//! ```text
//! h' = (h + m_0)·r^(4n) + m_1·r^(4n-1) + ... + m_(4n-1)·r.
//! ```
//!
//! Carry bounds (the same as the AVX2 backend's, argued there in full):
//! - limbs entering [`mul`] are < 2^28, multiplier limbs < 2^26 (the powers
//!   are fully reduced), 5·r_i < 2^29; each product sum is
//!   < 2^28·2^26 + 4·2^28·5·2^26 = 21·2^54 < 2^59;
//! - [`carry`] (two interleaved chains, see its comment) maps limbs < 2^59
//!   to h0, h2, h3 < 2^26, h1 < 2^26 + 2^10, h4 < 2^26 + 2^9;
//! - plus a message block (limbs < 2^26, top < 2^25) or, in the first
//!   group, h (top limb < 5·2^24): < 2^28 again, for any number of groups;
//! - the final four-lane sum is < 2^61, as `soft::pack26` takes (< 2^62).
//!
//! `umull` takes 32-bit inputs, so the 64-bit limbs are narrowed first,
//! with the saturating `uqxtn` (`vqmovn_u64`): lossless, as they are all
//! < 2^28. Not the plain `xtn` (`vmovn_u64`): LLVM folds that truncation
//! and `umull`'s zero extension into a mask, drops the mask where it can
//! prove it redundant, and then no longer sees 32-bit inputs, so half of
//! the products became pairs of scalar 64-bit `mul`s (seen in the
//! assembly); the saturating narrow is opaque to that folding. For the
//! same reason the `×5` of the carry out of limb 4 shifts with `ushl` by a
//! vector count (`vshlq_u64`): `c + (c << 2)` with an immediate shift is
//! rewritten as a 64-bit vector multiply, which NEON lacks. With both, the
//! loop is 50 `umull`/`umlal` per 64-byte group and no scalar multiply.

use core::arch::aarch64::*;

use super::Powers;
use super::soft;

/// Limb i of two lanes.
type V5 = [uint64x2_t; 5];

/// Limb i of a multiplier, two 32-bit lanes (the same or one per lane).
type R5 = [uint32x2_t; 5];

/// 32 bytes (two blocks) → five limb vectors with the 2^128 bit set.
#[inline]
#[target_feature(enable = "neon")]
unsafe fn load2(p: &[u8]) -> V5 {
    debug_assert_eq!(p.len(), 32);
    // SAFETY: `p` has 32 bytes: two 16-byte loads (no alignment needed).
    let (a, b) = unsafe { (vld1q_u8(p.as_ptr()), vld1q_u8(p.as_ptr().add(16))) };
    // Little-endian lanes: the module is only built for little-endian
    // aarch64 (`mod.rs`).
    let (a, b) = (vreinterpretq_u64_u8(a), vreinterpretq_u64_u8(b));
    let lo = vzip1q_u64(a, b); // [b0.lo, b1.lo]
    let hi = vzip2q_u64(a, b); // [b0.hi, b1.hi]
    let m = vdupq_n_u64(soft::M26);
    [
        vandq_u64(lo, m),
        vandq_u64(vshrq_n_u64::<26>(lo), m),
        vandq_u64(vorrq_u64(vshrq_n_u64::<52>(lo), vshlq_n_u64::<12>(hi)), m),
        vandq_u64(vshrq_n_u64::<14>(hi), m),
        vorrq_u64(vshrq_n_u64::<40>(hi), vdupq_n_u64(1 << 24)),
    ]
}

/// `h·r` modulo 2^130 - 5, unreduced, per lane (`s = 5·r`; a product of
/// limbs i + j >= 5 folds to limb i + j - 5 times 5). Inputs < 2^28,
/// outputs < 2^59 (module header).
#[inline]
#[target_feature(enable = "neon")]
fn mul(h: &V5, r: &R5, s: &R5) -> V5 {
    // Saturating narrow, lossless here (module header: why not `xtn`).
    let n = [
        vqmovn_u64(h[0]),
        vqmovn_u64(h[1]),
        vqmovn_u64(h[2]),
        vqmovn_u64(h[3]),
        vqmovn_u64(h[4]),
    ];
    let [h0, h1, h2, h3, h4] = n;
    [
        vmlal_u32(
            vmlal_u32(
                vmlal_u32(vmlal_u32(vmull_u32(h0, r[0]), h1, s[4]), h2, s[3]),
                h3,
                s[2],
            ),
            h4,
            s[1],
        ),
        vmlal_u32(
            vmlal_u32(
                vmlal_u32(vmlal_u32(vmull_u32(h0, r[1]), h1, r[0]), h2, s[4]),
                h3,
                s[3],
            ),
            h4,
            s[2],
        ),
        vmlal_u32(
            vmlal_u32(
                vmlal_u32(vmlal_u32(vmull_u32(h0, r[2]), h1, r[1]), h2, r[0]),
                h3,
                s[4],
            ),
            h4,
            s[3],
        ),
        vmlal_u32(
            vmlal_u32(
                vmlal_u32(vmlal_u32(vmull_u32(h0, r[3]), h1, r[2]), h2, r[1]),
                h3,
                r[0],
            ),
            h4,
            s[4],
        ),
        vmlal_u32(
            vmlal_u32(
                vmlal_u32(vmlal_u32(vmull_u32(h0, r[4]), h1, r[3]), h2, r[2]),
                h3,
                r[1],
            ),
            h4,
            r[0],
        ),
    ]
}

/// One lazy carry pass, chains 0→1→2→3→4 and 3→4→0→1 interleaved. For
/// inputs < 2^59:
///
/// ```text
/// 1. d0→d1, d3→d4: carries < 2^33      d0, d3 < 2^26; d1, d4 < 2^59 + 2^33
/// 2. d1→d2, d4→d0 (×5): < 2^33 + 2^7   d1, d4 < 2^26; d2 < 2^59 + 2^34;
///                                      d0 < 2^26 + 5·(2^33 + 2^7) < 2^36
/// 3. d2→d3: < 2^33 + 2^8, d0→d1: < 2^10  d2, d0 < 2^26; d3 < 2^26 + 2^34;
///                                      d1 < 2^26 + 2^10
/// 4. d3→d4: < 2^8 + 1                  d3 < 2^26; d4 < 2^26 + 2^9
/// ```
#[inline]
#[target_feature(enable = "neon")]
fn carry(d: V5) -> V5 {
    let [mut d0, mut d1, mut d2, mut d3, mut d4] = d;
    let m = vdupq_n_u64(soft::M26);
    let c = vshrq_n_u64::<26>(d0);
    let c3 = vshrq_n_u64::<26>(d3);
    d0 = vandq_u64(d0, m);
    d3 = vandq_u64(d3, m);
    d1 = vaddq_u64(d1, c);
    d4 = vaddq_u64(d4, c3);

    let c = vshrq_n_u64::<26>(d1);
    let c4 = vshrq_n_u64::<26>(d4);
    d1 = vandq_u64(d1, m);
    d4 = vandq_u64(d4, m);
    d2 = vaddq_u64(d2, c);
    // 5·c4 as c4 + (c4 << 2), the shift by a vector count (module header).
    d0 = vaddq_u64(d0, vaddq_u64(c4, vshlq_u64(c4, vdupq_n_s64(2))));

    let c = vshrq_n_u64::<26>(d2);
    let c0 = vshrq_n_u64::<26>(d0);
    d2 = vandq_u64(d2, m);
    d0 = vandq_u64(d0, m);
    d3 = vaddq_u64(d3, c);
    d1 = vaddq_u64(d1, c0);

    let c = vshrq_n_u64::<26>(d3);
    d3 = vandq_u64(d3, m);
    d4 = vaddq_u64(d4, c);
    [d0, d1, d2, d3, d4]
}

/// Multiplier limbs: lane 0 from `a`, lane 1 from `b`, and their times 5.
#[inline]
#[target_feature(enable = "neon")]
fn pair(a: &[u32; 5], b: &[u32; 5]) -> (R5, R5) {
    let mut r = [vdup_n_u32(0); 5];
    let mut s = [vdup_n_u32(0); 5];
    for i in 0..5 {
        r[i] = vcreate_u32(u64::from(a[i]) | u64::from(b[i]) << 32);
        s[i] = vcreate_u32(u64::from(5 * a[i]) | u64::from(5 * b[i]) << 32);
    }
    (r, s)
}

#[inline]
#[target_feature(enable = "neon")]
fn add(a: &V5, b: &V5) -> V5 {
    [
        vaddq_u64(a[0], b[0]),
        vaddq_u64(a[1], b[1]),
        vaddq_u64(a[2], b[2]),
        vaddq_u64(a[3], b[3]),
        vaddq_u64(a[4], b[4]),
    ]
}

/// Absorbs `data` (a non-empty multiple of 64 bytes, every block with its
/// 2^128 bit) into the radix-2^64 accumulator `h` (`h[2] <= 4` in and out).
///
/// # Safety
/// The CPU must support NEON.
#[target_feature(enable = "neon")]
pub(super) unsafe fn blocks(h: &mut [u64; 3], pw: &Powers, data: &[u8]) {
    debug_assert!(!data.is_empty() && data.len().is_multiple_of(64));
    let (r4, s4) = pair(&pw[3], &pw[3]);

    let n = data.len() / 64;
    let group = |i: usize| &data[64 * i..64 * i + 64];
    // SAFETY: each half of a 64-byte group is 32 bytes and NEON is enabled
    // (the same for every `load2` below).
    let (mut lo, mut hi) = unsafe { (load2(&group(0)[..32]), load2(&group(0)[32..])) };
    let h26 = soft::to_limbs26(h);
    for i in 0..5 {
        lo[i] = vaddq_u64(lo[i], vcombine_u64(vcreate_u64(h26[i]), vcreate_u64(0)));
    }
    for i in 1..n {
        let (dl, dh) = (carry(mul(&lo, &r4, &s4)), carry(mul(&hi, &r4, &s4)));
        // SAFETY: see above.
        let (ml, mh) = unsafe { (load2(&group(i)[..32]), load2(&group(i)[32..])) };
        lo = add(&dl, &ml);
        hi = add(&dh, &mh);
    }
    let (rlo, slo) = pair(&pw[3], &pw[2]);
    let (rhi, shi) = pair(&pw[1], &pw[0]);
    let s = add(&mul(&lo, &rlo, &slo), &mul(&hi, &rhi, &shi));
    *h = soft::pack26([
        vaddvq_u64(s[0]),
        vaddvq_u64(s[1]),
        vaddvq_u64(s[2]),
        vaddvq_u64(s[3]),
        vaddvq_u64(s[4]),
    ]);
}
