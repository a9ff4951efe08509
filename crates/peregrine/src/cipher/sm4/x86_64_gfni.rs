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

/// The serial CBC loop around a one-word T (`$t` sees and returns the
/// word in lane 0 of an xmm register), expanded in each caller.
macro_rules! one_block_cbc {
    ($rk:expr, $iv:expr, $blocks:expr, $t:ident) => {{
        let (rk, iv, blocks): (&[u32; 32], &mut Block, &mut [Block]) = ($rk, $iv, $blocks);
        let w = |b: &Block, i: usize| {
            _mm_cvtsi32_si128(u32::from_be_bytes([
                b[4 * i],
                b[4 * i + 1],
                b[4 * i + 2],
                b[4 * i + 3],
            ]) as i32)
        };
        let mut c = [w(iv, 0), w(iv, 1), w(iv, 2), w(iv, 3)];
        for b in blocks.iter_mut() {
            let mut x = [
                _mm_xor_si128(c[0], w(b, 0)),
                _mm_xor_si128(c[1], w(b, 1)),
                _mm_xor_si128(c[2], w(b, 2)),
                _mm_xor_si128(c[3], w(b, 3)),
            ];
            for q in rk.chunks_exact(4) {
                for (j, &k) in q.iter().enumerate() {
                    let s = _mm_xor_si128(
                        _mm_xor_si128(x[(j + 1) % 4], _mm_cvtsi32_si128(k as i32)),
                        _mm_xor_si128(x[(j + 2) % 4], x[(j + 3) % 4]),
                    );
                    x[j] = _mm_xor_si128(x[j], $t(s));
                }
            }
            c = [x[3], x[2], x[1], x[0]];
            for (i, ci) in c.iter().enumerate() {
                b[4 * i..4 * i + 4].copy_from_slice(&(_mm_cvtsi128_si32(*ci) as u32).to_be_bytes());
            }
        }
        *iv = blocks.last().copied().unwrap_or(*iv);
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
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        fn t(s: __m128i) -> __m128i {
            let u = _mm_gf2p8affine_epi64_epi8::<PRE_C>(s, _mm_set1_epi64x(PRE_M));
            let b = _mm_gf2p8affineinv_epi64_epi8::<POST_C>(u, _mm_set1_epi64x(POST_M));
            // SAFETY: the tables are 16 bytes; unaligned loads.
            let tb = |t: &[u8; 16]| unsafe { _mm_loadu_si128(t.as_ptr().cast()) };
            let a = _mm_xor_si128(
                _mm_xor_si128(b, _mm_shuffle_epi8(b, tb(&ROL8))),
                _mm_shuffle_epi8(b, tb(&ROL16)),
            );
            let a2 = _mm_or_si128(_mm_slli_epi32(a, 2), _mm_srli_epi32(a, 30));
            _mm_xor_si128(_mm_xor_si128(b, _mm_shuffle_epi8(b, tb(&ROL24))), a2)
        }
        one_block_cbc!(rk, iv, blocks, t);
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
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni,avx512f,avx512bw,avx512vl")]
        fn t(s: __m128i) -> __m128i {
            let u = _mm_gf2p8affine_epi64_epi8::<PRE_C>(s, _mm_set1_epi64x(PRE_M));
            let b = _mm_gf2p8affineinv_epi64_epi8::<POST_C>(u, _mm_set1_epi64x(POST_M));
            let a =
                _mm_ternarylogic_epi32::<0x96>(b, _mm_rol_epi32::<2>(b), _mm_rol_epi32::<10>(b));
            _mm_ternarylogic_epi32::<0x96>(a, _mm_rol_epi32::<18>(b), _mm_rol_epi32::<24>(b))
        }
        one_block_cbc!(rk, iv, blocks, t);
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
