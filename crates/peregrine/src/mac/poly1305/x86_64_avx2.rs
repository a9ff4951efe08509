//! Poly1305 with AVX2, four blocks at a time.
//!
//! The technique of Goll and Gueron, "Vectorization of Poly1305 Message
//! Authentication Code" (ITNG 2015), which OpenSSL's `poly1305-x86_64.pl`
//! AVX2 path also uses: numbers in radix 2^26 (five limbs, one limb of four
//! independent accumulators per 256-bit register, one 64-bit lane each),
//! products with `vpmuludq` (32×32→64 bits), and the powers r^1..r^4
//! precomputed once per key.
//!
//! Lane j holds blocks 4i + j' for a fixed permutation j → j' (the loads
//! below give lanes the blocks 0, 2, 1, 3 of each 64-byte group). With n
//! groups, each step is `A_j ← A_j·r^4 + m` and the scalar accumulator h is
//! added into lane 0 (block 0) at the start, so after the last group
//!
//! ```text
//! h' = A_0·r^4 + A_1·r^2 + A_2·r^3 + A_3·r
//!    = (h + m_0)·r^(4n) + m_1·r^(4n-1) + ... + m_(4n-1)·r,
//! ```
//!
//! the serial Horner result. The four lanes are multiplied by their own
//! power and summed, then handed back to the scalar radix-2^64 form.
//!
//! Carry bounds (every lazy reduction, argued where it happens):
//! - limbs entering [`mul`] are < 2^28 and the multiplier limbs r_i < 2^26
//!   (powers are fully reduced), 5·r_i < 2^29: all fit `vpmuludq`'s 32-bit
//!   inputs, and each of the five output sums is at most
//!   2^28·2^26 + 4·2^28·5·2^26 = 21·2^54 < 2^59;
//! - [`carry`] maps limbs < 2^59 to h0, h2, h3 < 2^26, h1 < 2^26 + 2^10,
//!   h4 < 2^26 + 2^9;
//! - adding a message block (limbs < 2^26, the top one < 2^25 with its
//!   2^128 bit) gives limbs < 2^27 + 2^10 < 2^28 again; the first group's
//!   lane 0 also gets h (top limb < 5·2^24 for `h2 <= 4`): < 2^28.
//!
//! So the bounds hold for any number of groups; the final four-lane sum is
//! < 4·2^59 = 2^61, within what `soft::pack26` takes (< 2^62).

use core::arch::x86_64::*;

use super::Powers;
use super::soft;

/// Five limb vectors (limb i of the four lanes).
type V5 = [__m256i; 5];

/// 64-byte group → five limb vectors, lanes = blocks 0, 2, 1, 3, with the
/// 2^128 bit (bit 24 of limb 4) set.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn load(p: &[u8]) -> V5 {
    debug_assert_eq!(p.len(), 64);
    // SAFETY: `p` has 64 bytes: two unaligned 32-byte loads.
    let (a, b) = unsafe {
        (
            _mm256_loadu_si256(p.as_ptr().cast()),
            _mm256_loadu_si256(p.as_ptr().add(32).cast()),
        )
    };
    // a = [b0.lo, b0.hi, b1.lo, b1.hi], b = [b2.lo, b2.hi, b3.lo, b3.hi]
    // (64-bit words); unpack works within 128-bit halves:
    let lo = _mm256_unpacklo_epi64(a, b); // [b0.lo, b2.lo, b1.lo, b3.lo]
    let hi = _mm256_unpackhi_epi64(a, b); // [b0.hi, b2.hi, b1.hi, b3.hi]
    let m = _mm256_set1_epi64x(soft::M26 as i64);
    [
        _mm256_and_si256(lo, m),
        _mm256_and_si256(_mm256_srli_epi64::<26>(lo), m),
        _mm256_and_si256(
            _mm256_or_si256(_mm256_srli_epi64::<52>(lo), _mm256_slli_epi64::<12>(hi)),
            m,
        ),
        _mm256_and_si256(_mm256_srli_epi64::<14>(hi), m),
        _mm256_or_si256(_mm256_srli_epi64::<40>(hi), _mm256_set1_epi64x(1 << 24)),
    ]
}

/// `acc + a·b` on the low 32 bits of each 64-bit lane.
#[inline]
#[target_feature(enable = "avx2")]
fn mac(acc: __m256i, a: __m256i, b: __m256i) -> __m256i {
    _mm256_add_epi64(acc, _mm256_mul_epu32(a, b))
}

/// `h·r` modulo 2^130 - 5, unreduced, per lane: `s = 5·r` (2^130 ≡ 5), so
/// a product of limbs i + j >= 5 folds down to limb i + j - 5 times 5.
/// Bounds: see the module header (inputs < 2^28, outputs < 2^59).
#[inline]
#[target_feature(enable = "avx2")]
fn mul(h: &V5, r: &V5, s: &V5) -> V5 {
    let [h0, h1, h2, h3, h4] = *h;
    let m = _mm256_mul_epu32;
    [
        mac(
            mac(mac(mac(m(h0, r[0]), h1, s[4]), h2, s[3]), h3, s[2]),
            h4,
            s[1],
        ),
        mac(
            mac(mac(mac(m(h0, r[1]), h1, r[0]), h2, s[4]), h3, s[3]),
            h4,
            s[2],
        ),
        mac(
            mac(mac(mac(m(h0, r[2]), h1, r[1]), h2, r[0]), h3, s[4]),
            h4,
            s[3],
        ),
        mac(
            mac(mac(mac(m(h0, r[3]), h1, r[2]), h2, r[1]), h3, r[0]),
            h4,
            s[4],
        ),
        mac(
            mac(mac(mac(m(h0, r[4]), h1, r[3]), h2, r[2]), h3, r[1]),
            h4,
            r[0],
        ),
    ]
}

/// One lazy carry pass, two chains interleaved (0→1→2→3→4 and 3→4→0→1),
/// as in OpenSSL. For inputs d_i < 2^59, step by step:
///
/// ```text
/// 1. d0→d1, d3→d4: carries < 2^33      d0, d3 < 2^26; d1, d4 < 2^59 + 2^33
/// 2. d1→d2, d4→d0 (×5): < 2^33 + 2^7   d1, d4 < 2^26; d2 < 2^59 + 2^34;
///                                      d0 < 2^26 + 5·(2^33 + 2^7) < 2^36
/// 3. d2→d3: < 2^33 + 2^8, d0→d1: < 2^10  d2, d0 < 2^26; d3 < 2^26 + 2^34;
///                                      d1 < 2^26 + 2^10
/// 4. d3→d4: < 2^8 + 1                  d3 < 2^26; d4 < 2^26 + 2^9
/// ```
///
/// The 64-bit lanes never come near overflow, and the value is unchanged
/// modulo p (the carry out of limb 4 re-enters limb 0 times 5).
#[inline]
#[target_feature(enable = "avx2")]
fn carry(d: V5) -> V5 {
    let [mut d0, mut d1, mut d2, mut d3, mut d4] = d;
    let m = _mm256_set1_epi64x(soft::M26 as i64);
    let c = _mm256_srli_epi64::<26>(d0);
    let c3 = _mm256_srli_epi64::<26>(d3);
    d0 = _mm256_and_si256(d0, m);
    d3 = _mm256_and_si256(d3, m);
    d1 = _mm256_add_epi64(d1, c);
    d4 = _mm256_add_epi64(d4, c3);

    let c = _mm256_srli_epi64::<26>(d1);
    let c4 = _mm256_srli_epi64::<26>(d4);
    d1 = _mm256_and_si256(d1, m);
    d4 = _mm256_and_si256(d4, m);
    d2 = _mm256_add_epi64(d2, c);
    d0 = _mm256_add_epi64(d0, _mm256_add_epi64(c4, _mm256_slli_epi64::<2>(c4)));

    let c = _mm256_srli_epi64::<26>(d2);
    let c0 = _mm256_srli_epi64::<26>(d0);
    d2 = _mm256_and_si256(d2, m);
    d0 = _mm256_and_si256(d0, m);
    d3 = _mm256_add_epi64(d3, c);
    d1 = _mm256_add_epi64(d1, c0);

    let c = _mm256_srli_epi64::<26>(d3);
    d3 = _mm256_and_si256(d3, m);
    d4 = _mm256_add_epi64(d4, c);
    [d0, d1, d2, d3, d4]
}

/// The sum of the four 64-bit lanes.
#[inline]
#[target_feature(enable = "avx2")]
fn hsum(v: __m256i) -> u64 {
    let x = _mm_add_epi64(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
    let x = _mm_add_epi64(x, _mm_unpackhi_epi64(x, x));
    _mm_cvtsi128_si64(x) as u64
}

/// Five broadcast or per-lane limb vectors of `r` and of `5·r`.
#[inline]
#[target_feature(enable = "avx2")]
fn times5(r: &V5) -> V5 {
    let mut s = *r;
    for x in &mut s {
        *x = _mm256_add_epi64(*x, _mm256_slli_epi64::<2>(*x));
    }
    s
}

/// Absorbs `data` (a non-empty multiple of 64 bytes, every block with its
/// 2^128 bit) into the radix-2^64 accumulator `h` (`h[2] <= 4` in and out).
///
/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn blocks(h: &mut [u64; 3], pw: &Powers, data: &[u8]) {
    debug_assert!(!data.is_empty() && data.len().is_multiple_of(64));
    let mut r4: V5 = [_mm256_setzero_si256(); 5];
    // Lanes hold blocks 0, 2, 1, 3 of a group: the final multipliers are
    // r^4, r^2, r^3, r^1 (`set_epi64x` lists lane 3 first).
    let mut rl: V5 = [_mm256_setzero_si256(); 5];
    for i in 0..5 {
        r4[i] = _mm256_set1_epi64x(i64::from(pw[3][i]));
        rl[i] = _mm256_set_epi64x(
            i64::from(pw[0][i]),
            i64::from(pw[2][i]),
            i64::from(pw[1][i]),
            i64::from(pw[3][i]),
        );
    }
    let s4 = times5(&r4);
    let sl = times5(&rl);

    let n = data.len() / 64;
    let group = |i: usize| &data[64 * i..64 * i + 64];
    // SAFETY: a group is 64 bytes and AVX2 is enabled (the same for every
    // `load` below).
    let mut acc = unsafe { load(group(0)) };
    let h26 = soft::to_limbs26(h);
    for i in 0..5 {
        acc[i] = _mm256_add_epi64(acc[i], _mm256_set_epi64x(0, 0, 0, h26[i] as i64));
    }
    if n > 1 {
        // acc ← carry(acc·r^4) + m for groups 1..n. Two details keep
        // LLVM's code at 25 `vpmuludq` per group. `_mm256_mul_epu32` is a
        // 64-bit multiply of masked inputs in LLVM IR, and a mask the IR
        // can prove redundant is dropped; instruction selection then only
        // emits `vpmuludq` when it sees both inputs' high halves are zero
        // within the loop body, and a loop-carried or loop-invariant
        // operand hides that, so each product became a 64-bit multiply
        // (three `vpmuludq`, 0.6x the speed). Hence the loop carries the
        // product, not acc (acc is then computed in the body), and r^4 is
        // re-read through `black_box` each time (loads in the body, which
        // become `vpmuludq` memory operands, as in OpenSSL's code).
        let rs = [r4, s4];
        let mut d = mul(&acc, &r4, &s4);
        for i in 1..n - 1 {
            let [r4, s4] = core::hint::black_box(&rs);
            // SAFETY: see above.
            let m = unsafe { load(group(i)) };
            let c = carry(d);
            for j in 0..5 {
                acc[j] = _mm256_add_epi64(c[j], m[j]);
            }
            d = mul(&acc, r4, s4);
        }
        // SAFETY: see above.
        let m = unsafe { load(group(n - 1)) };
        let c = carry(d);
        for j in 0..5 {
            acc[j] = _mm256_add_epi64(c[j], m[j]);
        }
    }
    let d = mul(&acc, &rl, &sl);
    *h = soft::pack26([hsum(d[0]), hsum(d[1]), hsum(d[2]), hsum(d[3]), hsum(d[4])]);
}
