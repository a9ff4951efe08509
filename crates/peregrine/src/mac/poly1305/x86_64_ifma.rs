//! Poly1305 with AVX-512 IFMA, eight (zmm) or four (ymm) blocks at a time.
//!
//! The technique of OpenSSL's `poly1305-x86_64.pl` `vpmadd52` paths
//! (Andy Polyakov) and of Gueron and Krasnov's IFMA work: numbers in radix
//! 2^44 (three limbs of 44, 44 and 42 bits, one limb of W independent
//! accumulators per vector, one 64-bit lane each), products with
//! `vpmadd52luq`/`vpmadd52huq` (52×52→104 bits, the low or the high 52 bits
//! added to a 64-bit accumulator). The powers of r are computed on each
//! call, in the vector registers (no per-key cache): r^2, r^4, ... r^(KW)
//! by squaring, and the per-lane powers r^1..r^W with masked blends
//! ([`power_mask`]), two or three multiplications deep.
//!
//! The body is written once, in `kernel!`, and instantiated for zmm
//! (W = 8, module [`zmm`]) and ymm (W = 4, module [`ymm`], the 256-bit
//! policy): the width-specific part is a handful of one-line wrappers
//! around the intrinsics.
//!
//! # Lanes and the order of blocks
//!
//! A group is W consecutive blocks (16·W bytes), loaded as two vectors of
//! W/2 blocks; `vpunpck{l,h}qdq` gather the low and the high 64-bit halves,
//! so lane 2j holds block j of the group and lane 2j + 1 block W/2 + j
//! ([`lane_block`]). Each step is `A_l ← A_l·r^W + m_l`; after the last
//! group lane l is multiplied by r^(W - b) for its block b and the lanes
//! are summed, which gives the serial Horner result. From 2K + 1 groups on,
//! K accumulators (K = 2 for zmm, 4 for ymm) take the groups in turn, each
//! stepping by r^(KW) (independent dependency chains: one alone leaves the
//! multipliers idle while the carries run), and merge by Horner's rule in
//! r^W.
//!
//! A run of n blocks with n mod W = t ≠ 0 is handled by a virtual first
//! group of W - t zero blocks (no 2^128 bit either: they add nothing)
//! followed by the run's first t blocks; the accumulator h is added to the
//! lane of the first real block. So every run of whole blocks goes through
//! the same loop, with no scalar tail; the lane masks depend on the public
//! length only.
//!
//! # Carry bounds
//!
//! 2^130 ≡ 5 (mod p), so a product at bit 132 (h1·r2, h2·r1) is 20 times
//! as much at bit 0 and h2·r2 (bit 176) 20 times at bit 44: s_i = 20·r_i.
//! - Multiplier limbs: r itself has limbs < 2^44, < 2^44, < 2^36; the
//!   powers and blends are outputs of `carry` (below) or 1: limbs
//!   < 2^44, < 2^44 + 2^15, < 2^42. So s1 < 2^49, s2 < 2^47.
//! - Accumulator limbs entering `mul`: < 2^46 (see below). Each product
//!   is < 2^95: its low part < 2^52, its high part < 2^43. So each
//!   limb's three low parts sum to < 3·2^52 and the high parts to < 2^45.
//! - `carry` (bit 52 of limb i is bit 8 of limb i + 1; bit 52 of limb 2
//!   is bit 10 above 2^130): d0 = lo0 mod 2^44, c0 = (lo0 >> 44) plus
//!   (hi0 << 8) < 2^54; lo1 + c0 < 2^55, c1 < 2^54; lo2 + c1 < 2^55,
//!   c2 = ((lo2 + c1) >> 42) plus (hi2 << 10) < 2^56; d0 + 5·c2 < 2^59,
//!   whose carry into limb 1 is < 2^15. Out: h0 < 2^44, h1 < 2^44 + 2^15,
//!   h2 < 2^42. The 64-bit lanes never overflow.
//! - Adding a block (limbs < 2^44, < 2^44, < 2^41 with the 2^128 bit) gives
//!   < 2^45 + 2^15, < 2^43; the first group's lane also gets h (converted
//!   from radix 2^64 with h2 <= 4: limbs < 2^44, < 2^44, < 2^43), and the
//!   merge of two chains adds a carried product to such a sum: < 2^46.
//! - After the last multiplication the W lanes (each carried) sum to
//!   < 8·(2^44 + 2^15) per limb, which [`finish`] folds back to radix 2^64
//!   with h2 <= 4.
//!
//! Constant time: every step is the same sequence of vector instructions
//! whatever the data; branches and indices depend on the length only.

use core::arch::x86_64::*;

/// 44 low bits.
const M44: u64 = (1 << 44) - 1;
/// 42 low bits.
const M42: u64 = (1 << 42) - 1;

/// Radix 2^64 (`h2 <= 4`) to radix 2^44: limbs < 2^44, < 2^44, < 2^43.
#[inline(always)]
fn to_limbs44(h: &[u64; 3]) -> [u64; 3] {
    let [h0, h1, h2] = *h;
    [
        h0 & M44,
        ((h0 >> 44) | (h1 << 20)) & M44,
        (h1 >> 24) | (h2 << 40),
    ]
}

/// Three limb sums (each < 2^48) to radix 2^64 with `h2 <= 4`: fold the
/// bits from 2^130 up (×5), carry 0→1→2, pack. After the fold h0 < 2^48 +
/// 40, so h1 < 2^48 + 2^5 and h2 < 2^42 + 2^5 after the carries: bits 128
/// and up are at most 4.
#[inline(always)]
fn finish(d: [u64; 3]) -> [u64; 3] {
    let [mut h0, mut h1, mut h2] = d;
    let c = h2 >> 42;
    h2 &= M42;
    h0 += c * 5;
    h1 += h0 >> 44;
    h0 &= M44;
    h2 += h1 >> 44;
    h1 &= M44;
    [h0 | (h1 << 44), (h1 >> 20) | (h2 << 24), h2 >> 40]
}

/// The block of the group lane `l` holds (see the module header).
const fn lane_block(l: usize, w: usize) -> usize {
    l / 2 + (l % 2) * (w / 2)
}

/// The lanes (a mask, bit l for lane l) whose power r^e (e = W - the
/// lane's block) has bit `bit` set in e - 1: r^e = r·r^(e-1) is built from
/// r, r^2, r^4 by these masks (see `lane_powers` in `kernel!`).
const fn power_mask(bit: usize, w: usize) -> u8 {
    let mut m = 0u8;
    let mut l = 0;
    while l < w {
        let e = w - lane_block(l, w);
        if ((e - 1) >> bit) & 1 == 1 {
            m |= 1 << l;
        }
        l += 1;
    }
    m
}

/// The kernel, once for both widths. Expects in scope: `V` (the vector
/// type), `W` (lanes), and the `#[target_feature]` wrappers `splat`, `add`,
/// `and`, `or`, `srl`, `sll`, `madlo`, `madhi`, `unpacklo`, `unpackhi`,
/// `blend`, `maskz`, and the unsafe `loadu`/`storeu`.
macro_rules! kernel {
    () => {
        /// Three limb vectors (limb i of the W lanes).
        type V3 = [V; 3];

        /// One group of W blocks at `p` → three limb vectors; `hibit` is
        /// the 2^128 bit (1 << 40 in limb 2) per lane.
        ///
        /// # Safety
        /// `p` must be valid for reading 16·W bytes.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        unsafe fn load(p: *const u8, hibit: V) -> V3 {
            // SAFETY: the caller's 16·W bytes, as two halves.
            let (a, b) = unsafe { (loadu(p), loadu(p.add(8 * W))) };
            let lo = unpacklo(a, b);
            let hi = unpackhi(a, b);
            let m = splat(M44);
            [
                and(lo, m),
                and(or(srl::<44>(lo), sll::<20>(hi)), m),
                or(srl::<24>(hi), hibit),
            ]
        }

        /// `h·r` modulo p, carried (bounds: module header).
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn mul(h: &V3, r: &V3) -> V3 {
            mul_s(h, r, &twenty(r))
        }

        /// 20·r1, 20·r2 (20x = 16x + 4x): the multipliers of the limbs
        /// that wrap around 2^130 (module header).
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn twenty(r: &V3) -> [V; 2] {
            [
                add(sll::<4>(r[1]), sll::<2>(r[1])),
                add(sll::<4>(r[2]), sll::<2>(r[2])),
            ]
        }

        /// [`mul`] with `s` = [`twenty`]`(r)` given (a multiplier used
        /// many times).
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn mul_s(h: &V3, r: &V3, s: &[V; 2]) -> V3 {
            let [h0, h1, h2] = *h;
            let [s1, s2] = *s;
            let z = splat(0);
            let d0l = madlo(madlo(madlo(z, h0, r[0]), h1, s2), h2, s1);
            let d0h = madhi(madhi(madhi(z, h0, r[0]), h1, s2), h2, s1);
            let d1l = madlo(madlo(madlo(z, h0, r[1]), h1, r[0]), h2, s2);
            let d1h = madhi(madhi(madhi(z, h0, r[1]), h1, r[0]), h2, s2);
            let d2l = madlo(madlo(madlo(z, h0, r[2]), h1, r[1]), h2, r[0]);
            let d2h = madhi(madhi(madhi(z, h0, r[2]), h1, r[1]), h2, r[0]);
            carry(d0l, d0h, d1l, d1h, d2l, d2h)
        }

        /// Limb i is `li + hi·2^52`: carry into radix 2^44 (module header).
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn carry(d0l: V, d0h: V, d1l: V, d1h: V, d2l: V, d2h: V) -> V3 {
            let m44 = splat(M44);
            let c0 = add(srl::<44>(d0l), sll::<8>(d0h));
            let d1 = add(d1l, c0);
            let c1 = add(srl::<44>(d1), sll::<8>(d1h));
            let d2 = add(d2l, c1);
            let c2 = add(srl::<42>(d2), sll::<10>(d2h));
            let d0 = add(and(d0l, m44), add(c2, sll::<2>(c2)));
            [
                and(d0, m44),
                add(and(d1, m44), srl::<44>(d0)),
                and(d2, splat(M42)),
            ]
        }

        /// `a + b`, limb by limb.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn add3(a: &V3, b: &V3) -> V3 {
            [add(a[0], b[0]), add(a[1], b[1]), add(a[2], b[2])]
        }

        /// Lane l from `b` where bit l of `k` is set, else from `a`.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn blend3(k: u8, a: &V3, b: &V3) -> V3 {
            [
                blend(k, a[0], b[0]),
                blend(k, a[1], b[1]),
                blend(k, a[2], b[2]),
            ]
        }

        /// The sum of the W lanes.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn hsum(v: V) -> u64 {
            let mut x = [0u64; W];
            // SAFETY: `x` has room for one vector.
            unsafe { storeu(x.as_mut_ptr().cast(), v) };
            let sum = x.iter().fold(0u64, |a, &b| a.wrapping_add(b));
            crate::ct::wipe(&mut x);
            sum
        }

        /// From the clamped `r`: (the lane powers r^(W - b) for the block
        /// b of each lane, r^W in every lane). r^e = r·r^(e-1), r^(e-1) a
        /// product of r, r^2, r^4 chosen per lane by [`power_mask`]: three
        /// multiplications deep for W = 8, two for W = 4.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn lane_powers(r: &[u64; 2]) -> (V3, V3) {
            let r44 = to_limbs44(&[r[0], r[1], 0]);
            let x1 = [splat(r44[0]), splat(r44[1]), splat(r44[2])];
            let one = [splat(1), splat(0), splat(0)];
            let x2 = mul(&x1, &x1);
            let x4 = mul(&x2, &x2);
            let y = blend3(power_mask(0, W), &x1, &x2);
            let y = mul(&y, &blend3(power_mask(1, W), &one, &x2));
            if W == 8 {
                let y = mul(&y, &blend3(power_mask(2, W), &one, &x4));
                (y, mul(&x4, &x4))
            } else {
                (y, x4)
            }
        }

        /// Poly1305 over groups of W blocks given one at a time, for a caller
        /// that interleaves it with other work (the one-pass
        /// ChaCha20-Poly1305): one dependency chain `A ← A·r^W + m`, from
        /// `A = 0`. The accumulator `h` rides in with the first group: it
        /// is added to the lane of that group's first block, through
        /// `extra` (added to every loaded group; after the first it holds
        /// only the 2^128 bits), so every step is the same.
        #[cfg(feature = "aead")]
        pub(crate) struct Stream {
            a: V3,
            xw: V3,
            s: [V; 2],
            extra: V3,
            rl: V3,
        }

        #[cfg(feature = "aead")]
        impl Stream {
            /// Starts from the radix-2^64 accumulator `h` (`h[2] <= 4`)
            /// and the clamped `r`.
            #[inline]
            #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
            pub(crate) fn new(h: &[u64; 3], r: &[u64; 2]) -> Stream {
                let (rl, xw) = lane_powers(r);
                let h44 = to_limbs44(h);
                // Lane 0 holds block 0 of a group (`lane_block(0, W)`).
                let extra = [
                    maskz(1, splat(h44[0])),
                    maskz(1, splat(h44[1])),
                    add(maskz(1, splat(h44[2])), splat(1 << 40)),
                ];
                let z = splat(0);
                Stream {
                    a: [z, z, z],
                    s: twenty(&xw),
                    xw,
                    extra,
                    rl,
                }
            }

            /// Absorbs the W blocks at `p` (each with its 2^128 bit).
            ///
            /// # Safety
            /// `p` must be valid for reading 16·W bytes.
            #[inline]
            #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
            pub(crate) unsafe fn step(&mut self, p: *const u8) {
                // SAFETY: the caller's 16·W bytes, as two halves.
                let (a, b) = unsafe { (loadu(p), loadu(p.add(8 * W))) };
                let lo = unpacklo(a, b);
                let hi = unpackhi(a, b);
                let m44 = splat(M44);
                // As `load`, plus `extra` (the 2^128 bit, and h in the
                // first group): limbs < 2^45, < 2^45, < 2^44, within the
                // bounds of the module header.
                let m = [
                    add(and(lo, m44), self.extra[0]),
                    add(and(or(srl::<44>(lo), sll::<20>(hi)), m44), self.extra[1]),
                    add(srl::<24>(hi), self.extra[2]),
                ];
                self.a = add3(&mul_s(&self.a, &self.xw, &self.s), &m);
                let z = splat(0);
                self.extra = [z, z, splat(1 << 40)];
            }

            /// The radix-2^64 accumulator (`h[2] <= 4`) after the groups
            /// absorbed, in order (at least one).
            #[inline]
            #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
            pub(crate) fn finish(self) -> [u64; 3] {
                let d = mul(&self.a, &self.rl);
                finish([hsum(d[0]), hsum(d[1]), hsum(d[2])])
            }
        }

        /// Absorbs `data` (a non-empty multiple of 16 bytes, every block
        /// with its 2^128 bit) into the radix-2^64 accumulator `h`
        /// (`h[2] <= 4` in and out), with the clamped `r`.
        ///
        /// # Safety
        /// The CPU must support AVX-512 F, VL and IFMA.
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        pub(in super::super) unsafe fn blocks(h: &mut [u64; 3], r: &[u64; 2], data: &[u8]) {
            debug_assert!(!data.is_empty() && data.len().is_multiple_of(16));
            let n = data.len() / 16;
            // Zero blocks in front of the first group (module header).
            let lead = (W - n % W) % W;
            let (rl, xw) = lane_powers(r);

            // The first group's real blocks, and the lane of its first.
            let mut real = 0u8;
            let mut first = 0u8;
            for l in 0..W {
                let b = lane_block(l, W);
                real |= u8::from(b >= lead) << l;
                first |= u8::from(b == lead) << l;
            }
            let (head, rest) = data.split_at(16 * (W - lead));
            let mut a = if lead == 0 {
                // SAFETY: `head` has 16·W bytes.
                unsafe { load(head.as_ptr(), splat(1 << 40)) }
            } else {
                let mut buf = [0u8; 16 * W];
                buf[16 * lead..].copy_from_slice(head);
                // SAFETY: `buf` has 16·W bytes.
                let m = unsafe { load(buf.as_ptr(), maskz(real, splat(1 << 40))) };
                crate::ct::wipe(&mut buf);
                m
            };
            let h44 = to_limbs44(h);
            for i in 0..3 {
                a[i] = add(a[i], maskz(first, splat(h44[i])));
            }

            let hibit = splat(1 << 40);
            let mut groups = rest.chunks_exact(16 * W);
            if groups.len() >= 2 * K {
                // K interleaved accumulators, chain j taking the groups
                // j mod K, each stepping by r^(KW) (independent dependency
                // chains: one alone leaves the multipliers idle while the
                // carries run), merged by Horner's rule in r^W.
                let mut xkw = xw;
                let mut k = 1;
                while k < K {
                    xkw = mul(&xkw, &xkw);
                    k *= 2;
                }
                let mut acc = [a; K];
                for c in acc.iter_mut().skip(1) {
                    // SAFETY: every chunk has 16·W bytes (the same below).
                    *c = unsafe { load(groups.next().unwrap().as_ptr(), hibit) };
                }
                while groups.len() >= K {
                    for c in acc.iter_mut() {
                        // SAFETY: as above.
                        let m = unsafe { load(groups.next().unwrap().as_ptr(), hibit) };
                        *c = add3(&mul(c, &xkw), &m);
                    }
                }
                a = acc[0];
                for c in &acc[1..] {
                    a = add3(&mul(&a, &xw), c);
                }
            }
            for g in groups {
                // SAFETY: as above.
                let m = unsafe { load(g.as_ptr(), hibit) };
                a = add3(&mul(&a, &xw), &m);
            }
            let d = mul(&a, &rl);
            *h = finish([hsum(d[0]), hsum(d[1]), hsum(d[2])]);
        }
    };
}

/// 512-bit vectors, eight blocks per step (the `Ifma` backend).
pub(crate) mod zmm {
    use super::*;

    type V = __m512i;
    pub(crate) const W: usize = 8;
    /// Interleaved accumulators (a power of two). On a Zen 4, 4 measured no
    /// faster than 2 at 16 KiB (the multipliers are busy), and costs one
    /// more squaring per call.
    const K: usize = 2;

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn splat(x: u64) -> V {
        _mm512_set1_epi64(x as i64)
    }
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn add(a: V, b: V) -> V {
        _mm512_add_epi64(a, b)
    }
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn and(a: V, b: V) -> V {
        _mm512_and_si512(a, b)
    }
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn or(a: V, b: V) -> V {
        _mm512_or_si512(a, b)
    }
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn srl<const N: u32>(a: V) -> V {
        _mm512_srli_epi64::<N>(a)
    }
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn sll<const N: u32>(a: V) -> V {
        _mm512_slli_epi64::<N>(a)
    }
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn madlo(acc: V, a: V, b: V) -> V {
        _mm512_madd52lo_epu64(acc, a, b)
    }
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn madhi(acc: V, a: V, b: V) -> V {
        _mm512_madd52hi_epu64(acc, a, b)
    }
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn blend(k: u8, a: V, b: V) -> V {
        _mm512_mask_blend_epi64(k, a, b)
    }
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn maskz(k: u8, a: V) -> V {
        _mm512_maskz_mov_epi64(k, a)
    }
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn unpacklo(a: V, b: V) -> V {
        _mm512_unpacklo_epi64(a, b)
    }
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn unpackhi(a: V, b: V) -> V {
        _mm512_unpackhi_epi64(a, b)
    }
    /// # Safety
    /// `p` must be valid for reading 64 bytes.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    unsafe fn loadu(p: *const u8) -> V {
        // SAFETY: the caller's 64 bytes.
        unsafe { _mm512_loadu_si512(p.cast()) }
    }
    /// # Safety
    /// `p` must be valid for writing 64 bytes.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    unsafe fn storeu(p: *mut u8, v: V) {
        // SAFETY: the caller's 64 bytes.
        unsafe { _mm512_storeu_si512(p.cast(), v) }
    }

    kernel!();
}

/// 256-bit vectors, four blocks per step (the `IfmaYmm` backend: the
/// 256-bit policy, where zmm would lower the clock).
pub(crate) mod ymm {
    use super::*;

    type V = __m256i;
    pub(crate) const W: usize = 4;
    /// Interleaved accumulators (a power of two). On a Zen 4, 4 measured
    /// about 5% faster than 2 at 16 KiB.
    const K: usize = 4;

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn splat(x: u64) -> V {
        _mm256_set1_epi64x(x as i64)
    }
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn add(a: V, b: V) -> V {
        _mm256_add_epi64(a, b)
    }
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn and(a: V, b: V) -> V {
        _mm256_and_si256(a, b)
    }
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn or(a: V, b: V) -> V {
        _mm256_or_si256(a, b)
    }
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn srl<const N: i32>(a: V) -> V {
        _mm256_srli_epi64::<N>(a)
    }
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn sll<const N: i32>(a: V) -> V {
        _mm256_slli_epi64::<N>(a)
    }
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn madlo(acc: V, a: V, b: V) -> V {
        _mm256_madd52lo_epu64(acc, a, b)
    }
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn madhi(acc: V, a: V, b: V) -> V {
        _mm256_madd52hi_epu64(acc, a, b)
    }
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn blend(k: u8, a: V, b: V) -> V {
        _mm256_mask_blend_epi64(k, a, b)
    }
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn maskz(k: u8, a: V) -> V {
        _mm256_maskz_mov_epi64(k, a)
    }
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn unpacklo(a: V, b: V) -> V {
        _mm256_unpacklo_epi64(a, b)
    }
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn unpackhi(a: V, b: V) -> V {
        _mm256_unpackhi_epi64(a, b)
    }
    /// # Safety
    /// `p` must be valid for reading 32 bytes.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    unsafe fn loadu(p: *const u8) -> V {
        // SAFETY: the caller's 32 bytes.
        unsafe { _mm256_loadu_si256(p.cast()) }
    }
    /// # Safety
    /// `p` must be valid for writing 32 bytes.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    unsafe fn storeu(p: *mut u8, v: V) {
        // SAFETY: the caller's 32 bytes.
        unsafe { _mm256_storeu_si256(p.cast(), v) }
    }

    kernel!();
}

#[cfg(test)]
mod tests {
    use super::super::test_rng as rng;
    use super::super::{Impl, soft};

    /// Both kernels against `soft::blocks` at every block count 1..=160
    /// (also the runs shorter than a group, which `mod.rs` never passes),
    /// from random, zero and extreme (`h2 = 4`, low words all ones)
    /// accumulators, under random keys and the largest clamped `r`, with
    /// random and all-0xff blocks.
    #[test]
    fn kernels_match_soft_at_every_block_count() {
        let mut st = 0x1f3a_5eed_0044_u64;
        let mut keys = [[0xffu8; 32]; 7];
        for k in &mut keys[1..] {
            for b in k.iter_mut() {
                *b = rng(&mut st) as u8;
            }
        }
        let mut buf = [0u8; 16 * 160];
        for (which, imp) in [("zmm", Impl::Ifma), ("ymm", Impl::IfmaYmm)] {
            if imp.check().is_none() {
                continue;
            }
            for key in &keys {
                let (r, _) = soft::load_key(key);
                for n in 1..=160usize {
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
                        let mut want = h0;
                        soft::blocks(&mut want, &r, data, 1);
                        let mut got = h0;
                        // SAFETY: `check` saw AVX-512 F, VL and IFMA.
                        unsafe {
                            match imp {
                                Impl::Ifma => super::zmm::blocks(&mut got, &r, data),
                                _ => super::ymm::blocks(&mut got, &r, data),
                            }
                        }
                        assert!(got[2] <= 4, "{which} n {n}: h2 = {}", got[2]);
                        assert_eq!(
                            soft::reduce(&got),
                            soft::reduce(&want),
                            "{which} n {n} kind {kind}"
                        );
                    }
                }
            }
        }
    }
}
