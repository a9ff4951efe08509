//! Portable Poly1305, constant time.
//!
//! Radix 2^64, the layout of poly1305-donna-64 and of OpenSSL's scalar
//! x86_64 code: the accumulator is `h0 + h1·2^64 + h2·2^128` (three `u64`,
//! `h2` small) and the clamped `r` is `r0 + r1·2^64`. A block costs four
//! 64×64→128-bit products and two small ones. Radix 2^26 (poly1305-donna-32,
//! the layout of the RustCrypto `poly1305` crate's soft backend) needs
//! 25 32×32→64-bit products per block instead; x86_64 (`mul`/`mulx`) and
//! aarch64 (`mul` + `umulh`) both have the full 64×64→128 multiply, which
//! makes the 2^64 layout the faster one there.
//!
//! 32-bit CPUs (ARMv7, MIPS32: `target_pointer_width = "32"`) have only the
//! 32×32→64 multiply (`umull`, `multu`), on which a 64×64→128 product is
//! four of them plus carries, so there [`blocks`] runs the radix-2^26 code
//! ([`blocks26`]): the accumulator stays in radix 2^64 between calls (the
//! state every backend shares) and is converted on entry and exit.
//! Measured on the development
//! machine (an x86_64 Xeon), in one process, alternating, medians: this
//! code is 1.8x to 2.7x (two sessions) the `poly1305` 0.8 crate built with
//! `--cfg poly1305_force_soft` on 16 KiB messages, 1.8x on 64 bytes.
//!
//! Constant time: no branch or index depends on the key, the message or the
//! accumulator. Carries are plain `u128` additions (add/adc), the 130-bit
//! reduction is a shift and a multiply by 5, and the final reduction modulo
//! p = 2^130 - 5 is a masked select (`subtle`).
//!
//! This file also holds the conversions to and from the radix-2^26 limbs the
//! SIMD backends work in, and the precomputation of r^1..r^4 they need.

use subtle::{Choice, ConditionallySelectable};

/// 26 low bits.
pub(super) const M26: u64 = (1 << 26) - 1;

/// The clamped `r` and `s` of a 32-byte key (RFC 8439 section 2.5: `r` with
/// bits 28-31 of bytes 3, 7, 11, 15 and bits 0-1 of bytes 4, 8, 12 clear).
pub(super) fn load_key(key: &[u8; 32]) -> ([u64; 2], [u64; 2]) {
    let w = |i: usize| u64::from_le_bytes(key[8 * i..8 * i + 8].try_into().unwrap());
    (
        [w(0) & 0x0fff_fffc_0fff_ffff, w(1) & 0x0fff_fffc_0fff_fffc],
        [w(2), w(3)],
    )
}

/// `h · r mod p`, partially reduced.
///
/// Requires `h2 <= 7` and a clamped `r` (`r0, r1 < 2^60`, `r1 ≡ 0 mod 4`).
/// Returns `h2 <= 4`.
///
/// With `s1 = r1 + r1/4 = 5·r1/4` (exact: clamping clears r1's low two
/// bits) and 2^130 ≡ 5 (mod p):
///
/// ```text
/// h·r = h0r0 + (h0r1 + h1r0)·2^64 + (h1r1 + h2r0)·2^128 + h2r1·2^192
/// h1r1·2^128 = h1·(r1/4)·2^130 ≡ h1·s1,   h2r1·2^192 ≡ h2·s1·2^64
/// d0 = h0r0 + h1s1                 < 2^124 + 2^64·1.25·2^60 < 2^126
/// d1 = h0r1 + h1r0 + h2s1          < 2^124 + 2^124 + 7·2^61  < 2^126
/// d2 = h2r0                        < 7·2^60
/// ```
///
/// Carries: `d1 += d0 >> 64` stays below 2^126 + 2^62; then
/// `d2 += d1 >> 64` (< 2^62 + 1) gives d2 < 7·2^60 + 2^62 + 1 < 2.75·2^62.
/// Bits 130 and up of the result are `d2 >> 2`, worth 5·(d2 >> 2) at bit 0:
/// that is `(d2 & !3) + (d2 >> 2)` < 1.25·2.75·2^62 < 2^64, so it fits a
/// u64, and adding it to `h0` (carrying into `h1`, `h2`) leaves
/// `h2 = (d2 & 3) + carry <= 4`.
#[inline(always)]
pub(super) fn mul(h: [u64; 3], r: &[u64; 2]) -> [u64; 3] {
    let (r0, r1) = (r[0], r[1]);
    let s1 = r1 + (r1 >> 2);
    let [h0, h1, h2] = h;
    let d0 = u128::from(h0) * u128::from(r0) + u128::from(h1) * u128::from(s1);
    let d1 = u128::from(h0) * u128::from(r1)
        + u128::from(h1) * u128::from(r0)
        + u128::from(h2) * u128::from(s1);
    let d2 = h2 * r0;

    let d1 = d1 + (d0 >> 64);
    let d2 = d2 + (d1 >> 64) as u64;
    let c = (d2 & !3) + (d2 >> 2);
    let t = u128::from(d0 as u64) + u128::from(c);
    let h0 = t as u64;
    let t = u128::from(d1 as u64) + (t >> 64);
    [h0, t as u64, (d2 & 3) + (t >> 64) as u64]
}

/// Absorbs whole 16-byte blocks: `h = (h + m + hibit·2^128) · r` for each.
/// `hibit` is 1 for message blocks and for AEAD zero padding, 0 for the
/// final partial block (which carries its own 0x01 byte).
///
/// Requires `h2 <= 4` (as [`mul`] returns): adding a block makes it at most
/// 4 + 1 + 1 (carry) = 6 <= 7, as `mul` needs.
#[inline]
pub(super) fn blocks(h: &mut [u64; 3], r: &[u64; 2], data: &[u8], hibit: u64) {
    #[cfg(target_pointer_width = "32")]
    blocks26(h, r, data, hibit);
    #[cfg(not(target_pointer_width = "32"))]
    blocks64(h, r, data, hibit);
}

/// [`blocks`] in radix 2^64 (64-bit CPUs).
#[cfg(any(not(target_pointer_width = "32"), test))]
fn blocks64(h: &mut [u64; 3], r: &[u64; 2], data: &[u8], hibit: u64) {
    debug_assert!(data.len().is_multiple_of(16) && hibit <= 1 && h[2] <= 4);
    let mut acc = *h;
    for b in data.chunks_exact(16) {
        let m0 = u64::from_le_bytes(b[..8].try_into().unwrap());
        let m1 = u64::from_le_bytes(b[8..].try_into().unwrap());
        let t = u128::from(acc[0]) + u128::from(m0);
        let h0 = t as u64;
        let t = u128::from(acc[1]) + u128::from(m1) + (t >> 64);
        let h2 = acc[2] + hibit + (t >> 64) as u64;
        acc = mul([h0, t as u64, h2], r);
    }
    *h = acc;
}

/// [`blocks`] in radix 2^26 (poly1305-donna-32's layout) for 32-bit CPUs,
/// whose widest product is 32×32→64 bits.
///
/// `r` becomes five 26-bit limbs `r0..r4` (clamping keeps `r < 2^124`, so
/// `r4 < 2^20`), and `s_i = 5·r_i < 2^29` folds the product's limbs 5..8
/// (2^130 ≡ 5). The accumulator enters through [`to_limbs26`] (`h2 <= 4`:
/// top limb < 5·2^24) and is carried back to radix 2^64 by [`pack26`].
///
/// Bounds per block: after the carry chain every limb is < 2^26 except
/// limb 1, which may hold one carry more (< 2^26 + 2^11), and limb 4 on
/// entry (< 5·2^24); adding a message limb (< 2^26, limb 4 < 2^25) keeps
/// each below 2^27 + 2^11. A column is five products of such a limb with an
/// `r_i < 2^26` or an `s_i < 2^29`: below 5·2^27.01·2^29 < 2^59, so the
/// `u64` sums cannot overflow, and the carries (< 2^33) added to the next
/// column keep it below 2^60. The carry out of limb 4 (< 2^34) times 5 added
/// to limb 0 is < 2^37; one more carry into limb 1 leaves limb 0 < 2^26 and
/// limb 1 < 2^26 + 2^11.
///
/// Constant time: the same shifts, masks and products for every input.
#[cfg(any(target_pointer_width = "32", test))]
fn blocks26(h: &mut [u64; 3], r: &[u64; 2], data: &[u8], hibit: u64) {
    debug_assert!(data.len().is_multiple_of(16) && hibit <= 1 && h[2] <= 4);
    if data.is_empty() {
        return;
    }
    let m26 = M26 as u32;
    let rl = to_limbs26(&[r[0], r[1], 0]);
    let r26: [u32; 5] = core::array::from_fn(|i| rl[i] as u32);
    let [r0, r1, r2, r3, r4] = r26;
    let (s1, s2, s3, s4) = (r1 * 5, r2 * 5, r3 * 5, r4 * 5);
    let hl = to_limbs26(h);
    let [mut h0, mut h1, mut h2, mut h3, mut h4]: [u32; 5] = core::array::from_fn(|i| hl[i] as u32);
    let hibit = (hibit as u32) << 24;
    let m = |x: u32, y: u32| u64::from(x) * u64::from(y);
    for b in data.chunks_exact(16) {
        let w = |i: usize| u32::from_le_bytes(b[i..i + 4].try_into().unwrap());
        h0 += w(0) & m26;
        h1 += (w(3) >> 2) & m26;
        h2 += (w(6) >> 4) & m26;
        h3 += (w(9) >> 6) & m26;
        h4 += (w(12) >> 8) | hibit;

        let d0 = m(h0, r0) + m(h1, s4) + m(h2, s3) + m(h3, s2) + m(h4, s1);
        let mut d1 = m(h0, r1) + m(h1, r0) + m(h2, s4) + m(h3, s3) + m(h4, s2);
        let mut d2 = m(h0, r2) + m(h1, r1) + m(h2, r0) + m(h3, s4) + m(h4, s3);
        let mut d3 = m(h0, r3) + m(h1, r2) + m(h2, r1) + m(h3, r0) + m(h4, s4);
        let mut d4 = m(h0, r4) + m(h1, r3) + m(h2, r2) + m(h3, r1) + m(h4, r0);

        d1 += d0 >> 26;
        h0 = d0 as u32 & m26;
        d2 += d1 >> 26;
        h1 = d1 as u32 & m26;
        d3 += d2 >> 26;
        h2 = d2 as u32 & m26;
        d4 += d3 >> 26;
        h3 = d3 as u32 & m26;
        let c = (d4 >> 26) * 5 + u64::from(h0);
        h4 = d4 as u32 & m26;
        h0 = c as u32 & m26;
        h1 += (c >> 26) as u32;
    }
    *h = pack26([h0, h1, h2, h3, h4].map(u64::from));
}

/// Absorbs the partial block `rest` (0 to 15 bytes) zero-padded to 16
/// bytes, with the 2^128 bit: the AEAD's `pad16`. Nothing when empty.
#[inline]
pub(super) fn padded_tail(h: &mut [u64; 3], r: &[u64; 2], rest: &[u8]) {
    debug_assert!(rest.len() < 16);
    if !rest.is_empty() {
        let mut last = [0u8; 16];
        last[..rest.len()].copy_from_slice(rest);
        blocks(h, r, &last, 1);
        crate::ct::wipe(&mut last);
    }
}

/// `h mod p`, fully reduced, for `h < 2p` (`h2 <= 4` means h < 5·2^128 =
/// 1.25·2^130 < 2p, so one conditional subtraction is enough).
///
/// `h >= p` exactly when `g = h + 5 >= 2^130`, i.e. `g2 >= 4` (g2 <= 5, so
/// `g2 >> 2` is 0 or 1); then `h - p = g - 2^130`, which is `g` with the
/// bits above 129 dropped. Selected with a mask, no branch.
pub(super) fn reduce(h: &[u64; 3]) -> [u64; 3] {
    debug_assert!(h[2] <= 4);
    let t = u128::from(h[0]) + 5;
    let g0 = t as u64;
    let t = u128::from(h[1]) + (t >> 64);
    let g1 = t as u64;
    let g2 = h[2] + (t >> 64) as u64;
    let ge = Choice::from((g2 >> 2) as u8);
    [
        u64::conditional_select(&h[0], &g0, ge),
        u64::conditional_select(&h[1], &g1, ge),
        u64::conditional_select(&h[2], &(g2 & 3), ge),
    ]
}

/// The tag: `(h mod p + s) mod 2^128`, little-endian.
pub(super) fn finish(h: &[u64; 3], s: &[u64; 2]) -> [u8; 16] {
    let g = reduce(h);
    let t = u128::from(g[0]) + u128::from(g[1]) * (1 << 64);
    let s = u128::from(s[0]) + u128::from(s[1]) * (1 << 64);
    t.wrapping_add(s).to_le_bytes()
}

/// Radix 2^64 to five 26-bit limbs (bits 0, 26, 52, 78, 104). The top limb
/// takes everything from bit 104 up: `h2 <= 4` makes it < 2^24 + 4·2^24 =
/// 5·2^24; for a fully reduced value (< 2^130) it is < 2^26.
pub(super) fn to_limbs26(h: &[u64; 3]) -> [u64; 5] {
    let [h0, h1, h2] = *h;
    [
        h0 & M26,
        (h0 >> 26) & M26,
        ((h0 >> 52) | (h1 << 12)) & M26,
        (h1 >> 14) & M26,
        (h1 >> 40) | (h2 << 24),
    ]
}

/// Five radix-2^26 limbs, each `< 2^62`, to radix 2^64 with `h2 <= 4`.
///
/// First one carry pass 0→1→2→3→4→0 (×5): carries out of limbs 0..3 are
/// < 2^62/2^26 + 1 < 2^37, so no limb passes 2^62 + 2^37 < 2^63; the carry
/// out of limb 4 (< 2^37) times 5 added to limb 0 (now < 2^26) leaves limb
/// 0 < 2^40 and limbs 1..4 < 2^26. The value is then < 2^130 + 2^40, so
/// bits 128 and up are at most 4. The packing adds the limbs at their bit
/// positions (limb 0 may overlap limb 1), so no second pass is needed.
/// The vector backends' final step and [`blocks26`]'s, so it exists where
/// they do.
#[cfg(any(
    target_arch = "x86_64",
    target_arch = "aarch64",
    target_pointer_width = "32",
    test
))]
pub(super) fn pack26(d: [u64; 5]) -> [u64; 3] {
    debug_assert!(d.iter().all(|&x| x < 1 << 62));
    let [mut d0, mut d1, mut d2, mut d3, mut d4] = d;
    d1 += d0 >> 26;
    d0 &= M26;
    d2 += d1 >> 26;
    d1 &= M26;
    d3 += d2 >> 26;
    d2 &= M26;
    d4 += d3 >> 26;
    d3 &= M26;
    d0 += (d4 >> 26) * 5;
    d4 &= M26;
    // bits 0..63: d0 + d1 << 26 + d2 << 52 (d0 may be 40 bits: add, not or).
    let a = u128::from(d0) + (u128::from(d1) << 26) + (u128::from(d2) << 52);
    // bits 64 and up: d3 at 78 = 64 + 14, d4 at 104 = 64 + 40.
    let b = (a >> 64) + (u128::from(d3) << 14) + (u128::from(d4) << 40);
    [a as u64, b as u64, (b >> 64) as u64]
}

/// r^1..r^N, each fully reduced mod p and split into 26-bit limbs (so
/// every limb is < 2^26).
pub(super) fn powers<const N: usize>(r: &[u64; 2]) -> [[u32; 5]; N] {
    let mut out = [[0; 5]; N];
    let mut p = [r[0], r[1], 0];
    for (k, o) in out.iter_mut().enumerate() {
        if k > 0 {
            p = mul(p, r);
        }
        let mut g = reduce(&p);
        let mut l = to_limbs26(&g);
        for (o, l) in o.iter_mut().zip(l) {
            *o = l as u32;
        }
        crate::ct::wipe(&mut g);
        crate::ct::wipe(&mut l);
    }
    crate::ct::wipe(&mut p);
    out
}

#[cfg(test)]
mod tests {
    use super::super::test_rng as rng;
    use super::{blocks26, blocks64, load_key, reduce};

    /// The 32-bit CPUs' radix-2^26 block function against the radix-2^64
    /// one, on every host (the 32-bit targets run it in `blocks`): block
    /// counts 0..=40, both `hibit`s, random, zero and extreme accumulators
    /// (`h2 = 4`, low words all ones), random keys and the largest clamped
    /// `r`, random and all-0xff blocks. Both results must be partially
    /// reduced (`h2 <= 4`) and equal modulo p.
    #[test]
    fn radix26_matches_radix64() {
        let mut st = 0x26_2664_u64;
        let mut keys = [[0xffu8; 32]; 9];
        for k in &mut keys[1..] {
            for b in k.iter_mut() {
                *b = rng(&mut st) as u8;
            }
        }
        let mut buf = [0u8; 16 * 40];
        for key in &keys {
            let (r, _) = load_key(key);
            for n in 0..=40usize {
                for kind in 0..3 {
                    let data = &mut buf[..16 * n];
                    for b in data.iter_mut() {
                        *b = if kind == 1 { 0xff } else { rng(&mut st) as u8 };
                    }
                    let data = &*data;
                    let h0 = match kind {
                        0 => [rng(&mut st), rng(&mut st), rng(&mut st) % 5],
                        1 => [u64::MAX, u64::MAX, 4],
                        _ => [0, 0, 0],
                    };
                    for hibit in [0, 1] {
                        let mut want = h0;
                        blocks64(&mut want, &r, data, hibit);
                        let mut got = h0;
                        blocks26(&mut got, &r, data, hibit);
                        assert!(got[2] <= 4, "n {n}: h2 = {}", got[2]);
                        assert_eq!(
                            reduce(&got),
                            reduce(&want),
                            "n {n} kind {kind} hibit {hibit}"
                        );
                    }
                }
            }
        }
    }
}
