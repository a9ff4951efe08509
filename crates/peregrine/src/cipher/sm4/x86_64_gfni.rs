//! SM4 with GFNI, written once over the vector width and instantiated
//! twice: [`y`], 256-bit registers with AVX2 and VEX-encoded GFNI (the
//! `gfni` backend: 32 blocks per step), and [`z`], 512-bit registers with
//! AVX-512 (the `gfni512` backend: 64 blocks per step, rotations by
//! `vprold`, three-way XORs by `vpternlogd`).
//!
//! Layout as in `x86_64_aesni`: a group of four registers holds one
//! 32-bit word of each of its blocks per register (a 4x4 transpose of
//! words inside every 128-bit lane, after a byte swap), so T = L ∘ τ is
//! the same on every lane. τ is two instructions on every byte: the input
//! affine map `pre` by `gf2p8affineqb`, then inversion in AES's field and
//! the output affine map `post` by `gf2p8affineinvqb`, the matrices
//! derived at compile time from [`crate::cipher::gf256::decompose`] (the
//! technique of Jussi Kivilinna's `sm4-gfni-avx512-amd64.S` in
//! libgcrypt). Four groups are interleaved per step. A tail shorter than
//! a step is copied into a zeroed step buffer and runs through as few
//! groups as cover it.
//!
//! CBC encryption (serial) keeps the four words in the low lanes of four
//! xmm registers: per round, one XOR, the two GFNI instructions and L.
//! Constant time by construction: no table, no branch on data.

use core::arch::x86_64::*;

use super::{POST, PRE};
use crate::cipher::Block;

/// `pre` as a GFNI matrix and immediate.
const PRE_M: i64 = PRE.gfni_matrix() as i64;
const PRE_C: i32 = PRE.c as i32;
/// `post` as a GFNI matrix and immediate (after the inversion).
const POST_M: i64 = POST.gfni_matrix() as i64;
const POST_C: i32 = POST.c as i32;

/// Byte swap of every 32-bit word, and rotations of every word left by
/// 8, 16 and 24 (for the AVX2 form of L), per 128-bit lane.
const BSWAP: [u8; 16] = [3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12];
const ROL8: [u8; 16] = [3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14];
const ROL16: [u8; 16] = [2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13];
const ROL24: [u8; 16] = [1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12];

/// The wide kernel over one width. `$prims` defines the vector type `V`,
/// `LANES` (32-bit words per register) and the operations the kernel
/// uses: `ld`/`st` (unaligned), `zero`, `xor`, `splat`, `bswap`,
/// `unpack{lo,hi}{32,64}` (per 128-bit lane), `tau` (the S-box on every
/// byte) and `ell` (SM4's L on every word).
macro_rules! sm4_gfni_wide {
    ($feat:literal, { $($prims:item)* }) => {
        use super::*;

        $($prims)*

        /// Blocks per group (four registers).
        const N: usize = LANES;
        /// Blocks per step (four groups).
        pub(crate) const STEP: usize = 4 * N;

        /// 4x4 transpose of 32-bit words in every 128-bit lane (its own
        /// inverse).
        #[inline]
        #[target_feature(enable = $feat)]
        fn transpose(r: [V; 4]) -> [V; 4] {
            let t0 = unpacklo32(r[0], r[1]);
            let t1 = unpacklo32(r[2], r[3]);
            let t2 = unpackhi32(r[0], r[1]);
            let t3 = unpackhi32(r[2], r[3]);
            [unpacklo64(t0, t1), unpackhi64(t0, t1), unpacklo64(t2, t3), unpackhi64(t2, t3)]
        }

        /// `G` groups: exactly `G * N` blocks.
        #[inline]
        #[target_feature(enable = $feat)]
        fn crypt<const G: usize>(rk: &[u32; 32], blocks: &mut [Block]) {
            assert_eq!(blocks.len(), G * N);
            let p = blocks.as_mut_ptr().cast::<u8>();
            let mut x = [[zero(); 4]; G];
            for (g, xg) in x.iter_mut().enumerate() {
                let mut r = [zero(); 4];
                for (i, ri) in r.iter_mut().enumerate() {
                    // SAFETY: register `i` of group `g` is the `N / 4`
                    // blocks from block `g * N + i * N / 4`, inside
                    // `blocks` (`G * N` blocks, asserted above).
                    *ri = bswap(unsafe { ld(p.add(16 * (g * N + i * N / 4))) });
                }
                *xg = transpose(r);
            }
            for q in rk.chunks_exact(4) {
                for (j, &k) in q.iter().enumerate() {
                    let kv = splat(k);
                    for xg in x.iter_mut() {
                        let s = xor(xor(xg[(j + 1) % 4], xg[(j + 2) % 4]), xor(xg[(j + 3) % 4], kv));
                        xg[j] = xor(xg[j], ell(tau(s)));
                    }
                }
            }
            for (g, xg) in x.iter().enumerate() {
                let r = transpose([xg[3], xg[2], xg[1], xg[0]]);
                for (i, ri) in r.iter().enumerate() {
                    // SAFETY: as for the loads.
                    unsafe { st(p.add(16 * (g * N + i * N / 4)), bswap(*ri)) };
                }
            }
        }

        /// Any number of blocks: whole steps, then the rest through a
        /// zeroed step buffer and as few groups as cover it.
        ///
        /// # Safety
        /// The CPU must have the instance's features.
        #[target_feature(enable = $feat)]
        pub(crate) unsafe fn crypt_blocks(rk: &[u32; 32], blocks: &mut [Block]) {
            let mut chunks = blocks.chunks_exact_mut(STEP);
            for ch in &mut chunks {
                crypt::<4>(rk, ch);
            }
            let rest = chunks.into_remainder();
            if rest.is_empty() {
                return;
            }
            let mut buf = [[0u8; 16]; STEP];
            let n = rest.len();
            buf[..n].copy_from_slice(rest);
            match n.div_ceil(N) {
                1 => crypt::<1>(rk, &mut buf[..N]),
                2 => crypt::<2>(rk, &mut buf[..2 * N]),
                3 => crypt::<3>(rk, &mut buf[..3 * N]),
                _ => crypt::<4>(rk, &mut buf),
            }
            rest.copy_from_slice(&buf[..n]);
            crate::ct::wipe(&mut buf);
        }
    };
}

/// The one-block path's maps. It keeps the state as `y = pre_lin(x)`
/// (the linear part of `pre` on every byte), so a round's S-box input is
/// `y1 ^ y2 ^ y3 ^ pre(rk)`, with no affine step before the inversion;
/// `pre_lin ∘ L ∘ post` is then, per output byte rotation, a linear map of
/// the inverted bytes: with `q = post_lin(w)`, `d = q << 2` and `e = q >> 6`
/// (within the byte), L(b) gathers `q ^ d` at rotation 0, `d ^ e` at 8 and
/// 16, `q ^ e` at 24. So a round is one XOR, three `gf2p8affineinvqb`
/// (one per map, side by side) and byte rotations: the state update
/// `y0 ^= F0 ^ rotl8(F1) ^ rotl16(F1) ^ rotl24(F3)`. `post`'s constant,
/// through L and `pre_lin`, is the same in every byte: the immediate of F0.
mod dom {
    use super::{POST, PRE};
    use crate::cipher::gf256::Affine;

    const fn pre_lin(v: u8) -> u8 {
        PRE.apply(v) ^ PRE.c
    }

    /// The linear map `w -> pre_lin(g(post_lin(w)))` for `g` selected by `which`.
    const fn map(which: u8) -> Affine {
        let mut cols = [0u8; 8];
        let mut k = 0;
        while k < 8 {
            let q = POST.cols[k];
            let d = q << 2;
            let e = q >> 6;
            let g = match which {
                0 => q ^ d,
                1 => d ^ e,
                _ => q ^ e,
            };
            cols[k] = pre_lin(g);
            k += 1;
        }
        Affine { cols, c: 0 }
    }

    /// `pre_lin(L(post.c in every byte))`, which must be one byte repeated.
    const KC: u8 = {
        let b = (POST.c as u32) * 0x0101_0101;
        let l = b ^ b.rotate_left(2) ^ b.rotate_left(10) ^ b.rotate_left(18) ^ b.rotate_left(24);
        let mut out = [0u8; 4];
        let mut i = 0;
        while i < 4 {
            out[i] = pre_lin((l >> (8 * i)) as u8);
            i += 1;
        }
        assert!(out[0] == out[1] && out[1] == out[2] && out[2] == out[3]);
        out[0]
    };

    pub(super) const F0_M: i64 = map(0).gfni_matrix() as i64;
    pub(super) const F0_C: i32 = KC as i32;
    pub(super) const F1_M: i64 = map(1).gfni_matrix() as i64;
    pub(super) const F3_M: i64 = map(2).gfni_matrix() as i64;
    /// `pre_lin` and its inverse.
    pub(super) const PL_M: i64 = Affine {
        cols: PRE.cols,
        c: 0,
    }
    .gfni_matrix() as i64;
    pub(super) const PLI_M: i64 = {
        let mut cols = [0u8; 8];
        let mut v = 0;
        while v < 256 {
            let y = pre_lin(v as u8);
            if y.is_power_of_two() {
                cols[y.trailing_zeros() as usize] = v as u8;
            }
            v += 1;
        }
        Affine { cols, c: 0 }.gfni_matrix() as i64
    };
}

/// The serial CBC loop in the `pre_lin` domain ([`dom`]), expanded in
/// each caller; `$rot::<N>(v)` rotates every 32-bit lane left by `N`.
macro_rules! one_block_cbc {
    ($rk:expr, $iv:expr, $blocks:expr, $rot:ident, $chain:expr) => {{
        let (rk, iv, blocks): (&[u32; 32], &mut Block, &mut [Block]) = ($rk, $iv, $blocks);
        use dom::*;
        let pl = _mm_set1_epi64x(PL_M);
        let pli = _mm_set1_epi64x(PLI_M);
        let (f0, f1, f3) = (
            _mm_set1_epi64x(F0_M),
            _mm_set1_epi64x(F1_M),
            _mm_set1_epi64x(F3_M),
        );
        // The round keys through `pre` (the S-box input's affine part).
        let mut kk = [0u32; 32];
        for (d, c) in kk.chunks_exact_mut(4).zip(rk.chunks_exact(4)) {
            // SAFETY: 16 bytes each way; unaligned.
            unsafe {
                let v = _mm_loadu_si128(c.as_ptr().cast());
                let v = _mm_gf2p8affine_epi64_epi8::<PRE_C>(v, _mm_set1_epi64x(PRE_M));
                _mm_storeu_si128(d.as_mut_ptr().cast(), v);
            }
        }
        let w = |b: &Block, i: usize| {
            _mm_cvtsi32_si128(u32::from_be_bytes([
                b[4 * i],
                b[4 * i + 1],
                b[4 * i + 2],
                b[4 * i + 3],
            ]) as i32)
        };
        let dm = |v: __m128i| _mm_gf2p8affine_epi64_epi8::<0>(v, pl);
        // The chaining value, in the domain.
        let mut c = [dm(w(iv, 0)), dm(w(iv, 1)), dm(w(iv, 2)), dm(w(iv, 3))];
        for b in blocks.iter_mut() {
            let mut y = [
                _mm_xor_si128(c[0], dm(w(b, 0))),
                _mm_xor_si128(c[1], dm(w(b, 1))),
                _mm_xor_si128(c[2], dm(w(b, 2))),
                _mm_xor_si128(c[3], dm(w(b, 3))),
            ];
            for q in kk.chunks_exact(4) {
                for (j, &k) in q.iter().enumerate() {
                    let s = _mm_xor_si128(
                        _mm_xor_si128(
                            _mm_xor_si128(y[(j + 1) % 4], _mm_cvtsi32_si128(k as i32)),
                            y[(j + 2) % 4],
                        ),
                        y[(j + 3) % 4],
                    );
                    let a = _mm_gf2p8affineinv_epi64_epi8::<F0_C>(s, f0);
                    let e = _mm_gf2p8affineinv_epi64_epi8::<0>(s, f1);
                    let g = _mm_gf2p8affineinv_epi64_epi8::<0>(s, f3);
                    let t = _mm_xor_si128(_mm_xor_si128(y[j], a), $rot::<8>(e));
                    y[j] = _mm_xor_si128(t, _mm_xor_si128($rot::<16>(e), $rot::<24>(g)));
                }
            }
            c = [y[3], y[2], y[1], y[0]];
            for (i, ci) in c.iter().enumerate() {
                let x = _mm_gf2p8affine_epi64_epi8::<0>(*ci, pli);
                b[4 * i..4 * i + 4].copy_from_slice(&(_mm_cvtsi128_si32(x) as u32).to_be_bytes());
            }
            if !$chain {
                // Each block alone (ECB): zero is zero in the domain.
                c = [_mm_setzero_si128(); 4];
            }
        }
        if $chain {
            *iv = blocks.last().copied().unwrap_or(*iv);
        }
    }};
}

/// 256-bit registers: AVX2 and VEX-encoded GFNI (the `gfni` backend).
pub(crate) mod y {
    sm4_gfni_wide!("avx,avx2,gfni", {
        type V = __m256i;
        const LANES: usize = 8;

        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        unsafe fn ld(p: *const u8) -> V {
            // SAFETY: the caller passes 32 readable bytes.
            unsafe { _mm256_loadu_si256(p.cast()) }
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        unsafe fn st(p: *mut u8, v: V) {
            // SAFETY: the caller passes 32 writable bytes.
            unsafe { _mm256_storeu_si256(p.cast(), v) }
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        fn zero() -> V {
            _mm256_setzero_si256()
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        fn xor(a: V, b: V) -> V {
            _mm256_xor_si256(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        fn splat(k: u32) -> V {
            _mm256_set1_epi32(k as i32)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        fn table(t: &[u8; 16]) -> V {
            // SAFETY: `t` is 16 bytes; unaligned load.
            _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(t.as_ptr().cast()) })
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        fn bswap(v: V) -> V {
            _mm256_shuffle_epi8(v, table(&BSWAP))
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        fn unpacklo32(a: V, b: V) -> V {
            _mm256_unpacklo_epi32(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        fn unpackhi32(a: V, b: V) -> V {
            _mm256_unpackhi_epi32(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        fn unpacklo64(a: V, b: V) -> V {
            _mm256_unpacklo_epi64(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        fn unpackhi64(a: V, b: V) -> V {
            _mm256_unpackhi_epi64(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        fn tau(x: V) -> V {
            let u = _mm256_gf2p8affine_epi64_epi8::<PRE_C>(x, _mm256_set1_epi64x(PRE_M));
            _mm256_gf2p8affineinv_epi64_epi8::<POST_C>(u, _mm256_set1_epi64x(POST_M))
        }
        /// L(b) = b ^ rotl24(b) ^ rotl2(b ^ rotl8(b) ^ rotl16(b)).
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        fn ell(b: V) -> V {
            let a = xor(
                xor(b, _mm256_shuffle_epi8(b, table(&ROL8))),
                _mm256_shuffle_epi8(b, table(&ROL16)),
            );
            let a2 = _mm256_or_si256(_mm256_slli_epi32(a, 2), _mm256_srli_epi32(a, 30));
            xor(xor(b, _mm256_shuffle_epi8(b, table(&ROL24))), a2)
        }
    });

    /// CBC encryption, one block at a time (serial): the four words in
    /// the low lanes of four xmm registers.
    ///
    /// # Safety
    /// The CPU must have AVX2 and GFNI.
    #[target_feature(enable = "avx,avx2,gfni")]
    pub(crate) unsafe fn cbc_encrypt(rk: &[u32; 32], iv: &mut Block, blocks: &mut [Block]) {
        serial::<true>(rk, iv, blocks)
    }

    /// Each block on its own by the one-block code (a few blocks: the
    /// wide kernels cost a whole batch).
    ///
    /// # Safety
    /// The CPU must have AVX2 and GFNI.
    #[target_feature(enable = "avx,avx2,gfni")]
    pub(crate) unsafe fn crypt_each(rk: &[u32; 32], blocks: &mut [Block]) {
        serial::<false>(rk, &mut [0; 16], blocks)
    }

    /// [`cbc_encrypt`] (`CBC`) or [`crypt_each`].
    #[inline]
    #[target_feature(enable = "avx,avx2,gfni")]
    fn serial<const CBC: bool>(rk: &[u32; 32], iv: &mut Block, blocks: &mut [Block]) {
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        fn rot<const N: i32>(v: __m128i) -> __m128i {
            let t: &[u8; 16] = match N {
                8 => &ROL8,
                16 => &ROL16,
                _ => &ROL24,
            };
            // SAFETY: `t` is 16 bytes; unaligned load.
            _mm_shuffle_epi8(v, unsafe { _mm_loadu_si128(t.as_ptr().cast()) })
        }
        one_block_cbc!(rk, iv, blocks, rot, CBC);
    }
}

/// 512-bit registers: AVX-512 F/BW/VL and GFNI (the `gfni512` backend).
pub(crate) mod z {
    sm4_gfni_wide!("avx,avx2,gfni,avx512f,avx512bw,avx512vl", {
        type V = __m512i;
        const LANES: usize = 16;

        #[inline]
        #[target_feature(enable = "avx,avx2,gfni,avx512f,avx512bw,avx512vl")]
        unsafe fn ld(p: *const u8) -> V {
            // SAFETY: the caller passes 64 readable bytes.
            unsafe { _mm512_loadu_si512(p.cast()) }
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni,avx512f,avx512bw,avx512vl")]
        unsafe fn st(p: *mut u8, v: V) {
            // SAFETY: the caller passes 64 writable bytes.
            unsafe { _mm512_storeu_si512(p.cast(), v) }
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni,avx512f,avx512bw,avx512vl")]
        fn zero() -> V {
            _mm512_setzero_si512()
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni,avx512f,avx512bw,avx512vl")]
        fn xor(a: V, b: V) -> V {
            _mm512_xor_si512(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni,avx512f,avx512bw,avx512vl")]
        fn splat(k: u32) -> V {
            _mm512_set1_epi32(k as i32)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni,avx512f,avx512bw,avx512vl")]
        fn bswap(v: V) -> V {
            // SAFETY: `BSWAP` is 16 bytes; unaligned load.
            let t = _mm512_broadcast_i32x4(unsafe { _mm_loadu_si128(BSWAP.as_ptr().cast()) });
            _mm512_shuffle_epi8(v, t)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni,avx512f,avx512bw,avx512vl")]
        fn unpacklo32(a: V, b: V) -> V {
            _mm512_unpacklo_epi32(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni,avx512f,avx512bw,avx512vl")]
        fn unpackhi32(a: V, b: V) -> V {
            _mm512_unpackhi_epi32(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni,avx512f,avx512bw,avx512vl")]
        fn unpacklo64(a: V, b: V) -> V {
            _mm512_unpacklo_epi64(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni,avx512f,avx512bw,avx512vl")]
        fn unpackhi64(a: V, b: V) -> V {
            _mm512_unpackhi_epi64(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni,avx512f,avx512bw,avx512vl")]
        fn tau(x: V) -> V {
            let u = _mm512_gf2p8affine_epi64_epi8::<PRE_C>(x, _mm512_set1_epi64(PRE_M));
            _mm512_gf2p8affineinv_epi64_epi8::<POST_C>(u, _mm512_set1_epi64(POST_M))
        }
        /// L by four `vprold` and two `vpternlogd`.
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni,avx512f,avx512bw,avx512vl")]
        fn ell(b: V) -> V {
            let a = _mm512_ternarylogic_epi32::<0x96>(
                b,
                _mm512_rol_epi32::<2>(b),
                _mm512_rol_epi32::<10>(b),
            );
            _mm512_ternarylogic_epi32::<0x96>(
                a,
                _mm512_rol_epi32::<18>(b),
                _mm512_rol_epi32::<24>(b),
            )
        }
    });

    /// CBC encryption, one block at a time (serial): the four words in
    /// the low lanes of four xmm registers, L by `vprold`/`vpternlogd`.
    ///
    /// # Safety
    /// The CPU must have AVX-512 F/BW/VL and GFNI.
    #[target_feature(enable = "avx,avx2,gfni,avx512f,avx512bw,avx512vl")]
    pub(crate) unsafe fn cbc_encrypt(rk: &[u32; 32], iv: &mut Block, blocks: &mut [Block]) {
        serial::<true>(rk, iv, blocks)
    }

    /// Each block on its own by the one-block code.
    ///
    /// # Safety
    /// The CPU must have AVX-512 F/BW/VL and GFNI.
    #[target_feature(enable = "avx,avx2,gfni,avx512f,avx512bw,avx512vl")]
    pub(crate) unsafe fn crypt_each(rk: &[u32; 32], blocks: &mut [Block]) {
        serial::<false>(rk, &mut [0; 16], blocks)
    }

    /// [`cbc_encrypt`] (`CBC`) or [`crypt_each`].
    #[inline]
    #[target_feature(enable = "avx,avx2,gfni,avx512f,avx512bw,avx512vl")]
    fn serial<const CBC: bool>(rk: &[u32; 32], iv: &mut Block, blocks: &mut [Block]) {
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni,avx512f,avx512bw,avx512vl")]
        fn rot<const N: i32>(v: __m128i) -> __m128i {
            _mm_rol_epi32::<N>(v)
        }
        one_block_cbc!(rk, iv, blocks, rot, CBC);
    }
}

#[cfg(test)]
mod tests {
    use crate::cipher::gf256::tests::gfni_affine;

    /// The GFNI matrices compose to the S-box on all 256 inputs (the
    /// inversion as `gf2p8affineinvqb` defines it: AES's field, 0 to 0).
    #[test]
    fn gfni_matrices_give_the_sbox() {
        use super::*;
        use crate::cipher::gf256::ginv;
        for x in 0..=255u8 {
            let u = gfni_affine(x, PRE_M as u64, PRE_C as u8);
            let s = gfni_affine(ginv(u), POST_M as u64, POST_C as u8);
            assert_eq!(s, super::super::SBOX[usize::from(x)]);
        }
    }
}
