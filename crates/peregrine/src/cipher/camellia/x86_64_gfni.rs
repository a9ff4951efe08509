//! Camellia with GFNI, byte-sliced, written once over the vector width and
//! instantiated three times: [`z`] (512-bit registers, AVX-512 F/BW/VL:
//! 64 blocks per step; the `gfni512` backend), [`y`] (256-bit, AVX2 and
//! VEX-encoded GFNI: 32 blocks; the `gfni` backend) and [`x`] (128-bit,
//! 16 blocks, the short tails of both).
//!
//! Layout as in `x86_64_aesni`: sixteen registers, register `j` holding
//! byte `j` of every block (a 16x16 byte transpose inside every 128-bit
//! lane by four rounds of byte unpacking), so every byte of a register
//! goes through the same S-box and the P-function is register XORs. An
//! S-box is two instructions: `gf2p8affineqb` applies the input affine map
//! `pre` (s4's input rotation folded in), `gf2p8affineinvqb` inverts in
//! AES's field and applies the output map `post` (s2's and s3's output
//! rotations folded in); the matrices come from
//! [`crate::cipher::gf256::decompose`] at compile time (the technique of
//! Jussi Kivilinna's `camellia-gfni-avx512-amd64.S` in libgcrypt).
//!
//! Whole steps run at the full width; what is left (fewer blocks than a
//! step) is copied into a zeroed buffer and runs at the narrowest width
//! that holds it. Constant time by construction: no table, no branch on
//! data.

use core::arch::x86_64::*;

use super::{POST, PRE, Sched};
use crate::cipher::Block;
use crate::cipher::gf256::Affine;

const fn m(a: Affine) -> i64 {
    a.gfni_matrix() as i64
}

/// s1..s3's input map, and s4's (input rotated left by one first).
const PRE1: Affine = PRE;
const PRE4: Affine = PRE.after_rotl(1);
/// s1's (and s4's) output map, s2's (rotated left by one) and s3's
/// (rotated right by one).
const POST1: Affine = POST;
const POST2: Affine = POST.then_rotl(1);
const POST3: Affine = POST.then_rotl(7);

const PRE1_M: i64 = m(PRE1);
const PRE4_M: i64 = m(PRE4);
const POST1_M: i64 = m(POST1);
const POST2_M: i64 = m(POST2);
const POST3_M: i64 = m(POST3);

/// Which S-box each byte of the F input goes through (1 to 4).
const WHICH: [u8; 8] = [1, 2, 3, 4, 2, 3, 4, 1];

/// Bit-reverses a 4-bit index.
#[inline(always)]
fn rev4(i: usize) -> usize {
    ((i & 1) << 3) | ((i & 2) << 1) | ((i & 4) >> 1) | ((i & 8) >> 3)
}

/// Byte `j` (0 = most significant) of a big-endian subkey.
#[inline(always)]
fn kb(k: u64, j: usize) -> u8 {
    (k >> (56 - 8 * j)) as u8
}

/// One round, `x[dst..dst+8] ^= F(x[src..src+8], k)`, written out where
/// it is used (inside `camellia_gfni!`'s instances, whose primitives it
/// calls) with constant register indices.
macro_rules! camellia_round {
    ($x:ident, $src:literal, $dst:literal, $k:expr) => {{
        let k: u64 = $k;
        // x[dst..dst+8] ^= F(x[src..src+8], k).
        let mut z = [zero(); 8];
        for (j, zj) in z.iter_mut().enumerate() {
            let v = xor($x[$src + j], splat(kb(k, j)));
            *zj = match WHICH[j] {
                1 => sbox::<{ PRE1.c as i32 }, { POST1.c as i32 }>(v, PRE1_M, POST1_M),
                2 => sbox::<{ PRE1.c as i32 }, { POST2.c as i32 }>(v, PRE1_M, POST2_M),
                3 => sbox::<{ PRE1.c as i32 }, { POST3.c as i32 }>(v, PRE1_M, POST3_M),
                _ => sbox::<{ PRE4.c as i32 }, { POST1.c as i32 }>(v, PRE4_M, POST1_M),
            };
        }
        // P as register XORs.
        let mut l1 = [zero(); 4];
        let mut r1 = [zero(); 4];
        let mut l2 = [zero(); 4];
        for j in 0..4 {
            l1[j] = xor(z[j], z[4 + (j + 1) % 4]);
        }
        for j in 0..4 {
            r1[j] = xor(z[4 + j], l1[(j + 2) % 4]);
        }
        for j in 0..4 {
            l2[j] = xor(l1[j], r1[(j + 3) % 4]);
        }
        for j in 0..4 {
            let r2 = xor(r1[j], l2[(j + 3) % 4]);
            $x[$dst + j] = xor($x[$dst + j], r2);
            $x[$dst + 4 + j] = xor($x[$dst + 4 + j], l2[j]);
        }
    }};
}

/// The byte-sliced cipher over one width. `$prims` defines the vector
/// type `V`, `PER` (blocks per register) and the operations: `ld`/`st`
/// (unaligned), `zero`, `splat`, `xor`, `and`, `or`, `shl1` (each byte
/// shifted left by one), `top` (each byte's top bit as 0 or 1),
/// `unpacklo8`/`unpackhi8` (per 128-bit lane) and `sbox::<PC, QC>(v, pm,
/// qm)` (`gf2p8affineinvqb(gf2p8affineqb(v, pm, PC), qm, QC)`).
macro_rules! camellia_gfni {
    ($feat:literal, { $($prims:item)* }) => {
        use super::*;

        $($prims)*

        /// Blocks per step (sixteen registers).
        pub(crate) const STEP: usize = 16 * PER;

        /// Four rounds of byte interleaving: element (register r, byte c)
        /// of each 128-bit lane moves to (register rev4(c), byte rev4(r));
        /// with the registers in bit-reversed order, a 16x16 byte
        /// transpose per lane, its own inverse.
        #[inline]
        #[target_feature(enable = $feat)]
        fn interleave(r: &mut [V; 16]) {
            for _ in 0..4 {
                let mut o = [zero(); 16];
                for i in 0..8 {
                    o[i] = unpacklo8(r[2 * i], r[2 * i + 1]);
                    o[i + 8] = unpackhi8(r[2 * i], r[2 * i + 1]);
                }
                *r = o;
            }
        }

        /// The 32-bit left rotation by one of the big-endian word in `a`.
        #[inline]
        #[target_feature(enable = $feat)]
        fn rotl1(a: [V; 4]) -> [V; 4] {
            let mut o = [zero(); 4];
            for j in 0..4 {
                o[j] = or(shl1(a[j]), top(a[(j + 1) % 4]));
            }
            o
        }

        /// Exactly [`STEP`] blocks.
        #[inline]
        #[target_feature(enable = $feat)]
        pub(crate) fn crypt_step(s: &Sched, blocks: &mut [Block]) {
            assert_eq!(blocks.len(), STEP);
            let p = blocks.as_mut_ptr().cast::<u8>();
            let mut r = [zero(); 16];
            for (i, ri) in r.iter_mut().enumerate() {
                // SAFETY: register `i` is the `PER` blocks from block
                // `PER * rev4(i)`, inside `blocks` (`16 * PER` blocks).
                *ri = unsafe { ld(p.add(16 * PER * rev4(i))) };
            }
            interleave(&mut r);
            let mut x = [zero(); 16];
            for c in 0..16 {
                x[c] = r[rev4(c)];
            }
            for j in 0..8 {
                x[j] = xor(x[j], splat(kb(s.kw[0], j)));
                x[8 + j] = xor(x[8 + j], splat(kb(s.kw[1], j)));
            }
            // FL and FL⁻¹ are written out here and the round function is a
            // macro, not calls: LLVM does not inline them into this loop
            // otherwise.
            // Two rounds per pass (18 or 24 rounds; FL comes every six), so
            // every register index is a constant.
            let mut rd = 0;
            while rd < s.rounds {
                if rd > 0 && rd % 6 == 0 {
                    let i = 2 * (rd / 6 - 1);
                    // FL on D1 (x[0..8]).
                    let (k, mut a) = (s.ke[i], [zero(); 4]);
                    for j in 0..4 {
                        a[j] = and(x[j], splat(kb(k, j)));
                    }
                    let n = rotl1(a);
                    for j in 0..4 {
                        x[4 + j] = xor(x[4 + j], n[j]);
                        x[j] = xor(x[j], or(x[4 + j], splat(kb(k, 4 + j))));
                    }
                    // FL⁻¹ on D2 (x[8..16]).
                    let k = s.ke[i + 1];
                    for j in 0..4 {
                        x[8 + j] = xor(x[8 + j], or(x[12 + j], splat(kb(k, 4 + j))));
                    }
                    for j in 0..4 {
                        a[j] = and(x[8 + j], splat(kb(k, j)));
                    }
                    let n = rotl1(a);
                    for j in 0..4 {
                        x[12 + j] = xor(x[12 + j], n[j]);
                    }
                }
                camellia_round!(x, 0, 8, s.k[rd]);
                camellia_round!(x, 8, 0, s.k[rd + 1]);
                rd += 2;
            }
            for c in 0..8 {
                r[rev4(c)] = xor(x[8 + c], splat(kb(s.kw[2], c)));
                r[rev4(8 + c)] = xor(x[c], splat(kb(s.kw[3], c)));
            }
            interleave(&mut r);
            for (i, ri) in r.iter().enumerate() {
                // SAFETY: as for the loads.
                unsafe { st(p.add(16 * PER * rev4(i)), *ri) };
            }
        }
    };
}

/// 128-bit registers, 16 blocks: the short tails.
pub(crate) mod x {
    camellia_gfni!("avx,avx2,gfni", {
        type V = __m128i;
        const PER: usize = 1;

        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        unsafe fn ld(p: *const u8) -> V {
            // SAFETY: the caller passes 16 readable bytes.
            unsafe { _mm_loadu_si128(p.cast()) }
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        unsafe fn st(p: *mut u8, v: V) {
            // SAFETY: the caller passes 16 writable bytes.
            unsafe { _mm_storeu_si128(p.cast(), v) }
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        fn zero() -> V {
            _mm_setzero_si128()
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        fn splat(b: u8) -> V {
            _mm_set1_epi8(b as i8)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        fn xor(a: V, b: V) -> V {
            _mm_xor_si128(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        fn and(a: V, b: V) -> V {
            _mm_and_si128(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        fn or(a: V, b: V) -> V {
            _mm_or_si128(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        fn shl1(a: V) -> V {
            _mm_add_epi8(a, a)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        fn top(a: V) -> V {
            _mm_and_si128(_mm_srli_epi16(a, 7), _mm_set1_epi8(1))
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        fn unpacklo8(a: V, b: V) -> V {
            _mm_unpacklo_epi8(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        fn unpackhi8(a: V, b: V) -> V {
            _mm_unpackhi_epi8(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        fn sbox<const PC: i32, const QC: i32>(v: V, pm: i64, qm: i64) -> V {
            let u = _mm_gf2p8affine_epi64_epi8::<PC>(v, _mm_set1_epi64x(pm));
            _mm_gf2p8affineinv_epi64_epi8::<QC>(u, _mm_set1_epi64x(qm))
        }
    });
}

/// 256-bit registers, 32 blocks per step: AVX2 and VEX-encoded GFNI.
pub(crate) mod y {
    camellia_gfni!("avx,avx2,gfni", {
        type V = __m256i;
        const PER: usize = 2;

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
        fn splat(b: u8) -> V {
            _mm256_set1_epi8(b as i8)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        fn xor(a: V, b: V) -> V {
            _mm256_xor_si256(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        fn and(a: V, b: V) -> V {
            _mm256_and_si256(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        fn or(a: V, b: V) -> V {
            _mm256_or_si256(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        fn shl1(a: V) -> V {
            _mm256_add_epi8(a, a)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        fn top(a: V) -> V {
            _mm256_and_si256(_mm256_srli_epi16(a, 7), _mm256_set1_epi8(1))
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        fn unpacklo8(a: V, b: V) -> V {
            _mm256_unpacklo_epi8(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        fn unpackhi8(a: V, b: V) -> V {
            _mm256_unpackhi_epi8(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni")]
        fn sbox<const PC: i32, const QC: i32>(v: V, pm: i64, qm: i64) -> V {
            let u = _mm256_gf2p8affine_epi64_epi8::<PC>(v, _mm256_set1_epi64x(pm));
            _mm256_gf2p8affineinv_epi64_epi8::<QC>(u, _mm256_set1_epi64x(qm))
        }
    });

    /// Any number of blocks: steps of 32, the rest at 256 or 128 bits.
    ///
    /// # Safety
    /// The CPU must have AVX2 and GFNI.
    #[target_feature(enable = "avx,avx2,gfni")]
    pub(crate) unsafe fn crypt_blocks(s: &Sched, blocks: &mut [Block]) {
        let mut chunks = blocks.chunks_exact_mut(STEP);
        for ch in &mut chunks {
            crypt_step(s, ch);
        }
        let rest = chunks.into_remainder();
        if rest.is_empty() {
            return;
        }
        let mut buf = [[0u8; 16]; STEP];
        let n = rest.len();
        buf[..n].copy_from_slice(rest);
        if n > super::x::STEP {
            crypt_step(s, &mut buf);
        } else {
            super::x::crypt_step(s, &mut buf[..super::x::STEP]);
        }
        rest.copy_from_slice(&buf[..n]);
        crate::ct::wipe(&mut buf);
    }
}

/// 512-bit registers, 64 blocks per step: AVX-512 F/BW/VL and GFNI.
pub(crate) mod z {
    camellia_gfni!("avx,avx2,gfni,avx512f,avx512bw,avx512vl", {
        type V = __m512i;
        const PER: usize = 4;

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
        fn splat(b: u8) -> V {
            _mm512_set1_epi8(b as i8)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni,avx512f,avx512bw,avx512vl")]
        fn xor(a: V, b: V) -> V {
            _mm512_xor_si512(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni,avx512f,avx512bw,avx512vl")]
        fn and(a: V, b: V) -> V {
            _mm512_and_si512(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni,avx512f,avx512bw,avx512vl")]
        fn or(a: V, b: V) -> V {
            _mm512_or_si512(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni,avx512f,avx512bw,avx512vl")]
        fn shl1(a: V) -> V {
            _mm512_add_epi8(a, a)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni,avx512f,avx512bw,avx512vl")]
        fn top(a: V) -> V {
            _mm512_and_si512(_mm512_srli_epi16::<7>(a), _mm512_set1_epi8(1))
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni,avx512f,avx512bw,avx512vl")]
        fn unpacklo8(a: V, b: V) -> V {
            _mm512_unpacklo_epi8(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni,avx512f,avx512bw,avx512vl")]
        fn unpackhi8(a: V, b: V) -> V {
            _mm512_unpackhi_epi8(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx,avx2,gfni,avx512f,avx512bw,avx512vl")]
        fn sbox<const PC: i32, const QC: i32>(v: V, pm: i64, qm: i64) -> V {
            let u = _mm512_gf2p8affine_epi64_epi8::<PC>(v, _mm512_set1_epi64(pm));
            _mm512_gf2p8affineinv_epi64_epi8::<QC>(u, _mm512_set1_epi64(qm))
        }
    });

    /// Any number of blocks: steps of 64, the rest at 512, 256 or 128
    /// bits.
    ///
    /// # Safety
    /// The CPU must have AVX-512 F/BW/VL and GFNI.
    #[target_feature(enable = "avx,avx2,gfni,avx512f,avx512bw,avx512vl")]
    pub(crate) unsafe fn crypt_blocks(s: &Sched, blocks: &mut [Block]) {
        let mut chunks = blocks.chunks_exact_mut(STEP);
        for ch in &mut chunks {
            crypt_step(s, ch);
        }
        let rest = chunks.into_remainder();
        if rest.is_empty() {
            return;
        }
        let mut buf = [[0u8; 16]; STEP];
        let n = rest.len();
        buf[..n].copy_from_slice(rest);
        if n > super::y::STEP {
            crypt_step(s, &mut buf);
        } else if n > super::x::STEP {
            super::y::crypt_step(s, &mut buf[..super::y::STEP]);
        } else {
            super::x::crypt_step(s, &mut buf[..super::x::STEP]);
        }
        rest.copy_from_slice(&buf[..n]);
        crate::ct::wipe(&mut buf);
    }
}

/// The one-block F-function's byte tables, on the F input as a `u64`
/// (big-endian bytes: `z1` is byte 7 of the register, `zj` byte `8 - j`).
mod one {
    use super::WHICH;

    /// The P-function's output bytes (0-based `z` indices, RFC 3713
    /// section 2.4.1): output `i` is the XOR of the `z_j`, `j` in `SET[i]`.
    const SET: [[bool; 8]; 8] = {
        let rows: [&[usize]; 8] = [
            &[0, 2, 3, 5, 6, 7],
            &[0, 1, 3, 4, 6, 7],
            &[0, 1, 2, 4, 5, 7],
            &[1, 2, 3, 4, 5, 6],
            &[0, 1, 5, 6, 7],
            &[1, 2, 4, 6, 7],
            &[2, 3, 4, 5, 7],
            &[0, 3, 4, 5, 6],
        ];
        let mut t = [[false; 8]; 8];
        let mut i = 0;
        while i < 8 {
            let mut k = 0;
            while k < rows[i].len() {
                t[i][rows[i][k]] = true;
                k += 1;
            }
            i += 1;
        }
        t
    };

    /// The pre-shuffle form: four registers, each two layers (qwords) of
    /// one output class (s1/s4, s1/s4, s2|s3, s2|s3), each layer holding,
    /// at every output byte, one input byte of that class from
    /// `[pre1(v), pre4(v)]` (0x80: none, which inverts to zero). After
    /// `gf2p8affineinvqb` the XOR of the four registers is P(z) split
    /// over the two qwords.
    pub(super) const PRE_LAYERS: [[u8; 16]; 4] = {
        let mut t = [[0x80u8; 16]; 4];
        let mut p = 0;
        while p < 8 {
            let i = 7 - p;
            // Slots per class: (register, qword).
            let mut n = [0usize; 3];
            let mut j = 0;
            while j < 8 {
                if SET[i][j] {
                    let b = if WHICH[j] == 4 { 8 + (7 - j) } else { 7 - j } as u8;
                    let (cls, slots): (usize, [(usize, usize); 4]) = match WHICH[j] {
                        2 => (1, [(2, 0), (3, 0), (9, 9), (9, 9)]),
                        3 => (2, [(2, 1), (3, 1), (9, 9), (9, 9)]),
                        _ => (0, [(0, 0), (0, 1), (1, 0), (1, 1)]),
                    };
                    let (r, q) = slots[n[cls]];
                    n[cls] += 1;
                    t[r][8 * q + p] = b;
                }
                j += 1;
            }
            p += 1;
        }
        t
    };

    /// The S-box output constants as an F output, before P.
    pub(super) const CZ: u64 = {
        use super::{POST1, POST2, POST3};
        let mut v = 0u64;
        let mut j = 0;
        while j < 8 {
            let c = match WHICH[j] {
                2 => POST2.c,
                3 => POST3.c,
                _ => POST1.c,
            };
            v |= (c as u64) << (8 * (7 - j));
            j += 1;
        }
        v
    };
}

/// CBC encryption, one block at a time (serial). Each half of the state
/// sits in both qwords of an xmm register. F: XOR the round key; one
/// `gf2p8affineqb` applies s1's input map in qword 0 and s4's in qword 1;
/// P's byte moves come before the S-boxes (a byte permutation commutes
/// with a byte-wise map): four `pshufb` gather, per output byte, the
/// input bytes of one S-box class into eight qword layers, four
/// `gf2p8affineinvqb` invert and apply each layer's output map (bytes
/// left empty invert to zero), and the XOR of the four registers and of
/// their swapped qwords is P(z) (the S-box output constants, through P,
/// are one constant word). FL and FL⁻¹ run on the general-purpose side.
///
/// # Safety
/// The CPU must have AVX2 and GFNI.
#[target_feature(enable = "avx,avx2,gfni")]
pub(crate) unsafe fn cbc_encrypt(s: &Sched, iv: &mut Block, blocks: &mut [Block]) {
    serial::<true>(s, iv, blocks)
}

/// Each block on its own by the one-block code of [`cbc_encrypt`] (a few
/// blocks: the wide kernels cost a whole batch).
///
/// # Safety
/// The CPU must have AVX2 and GFNI.
#[target_feature(enable = "avx,avx2,gfni")]
pub(crate) unsafe fn crypt_each(s: &Sched, blocks: &mut [Block]) {
    serial::<false>(s, &mut [0; 16], blocks)
}

/// [`cbc_encrypt`] (`CBC`) or [`crypt_each`].
#[inline]
#[target_feature(enable = "avx,avx2,gfni")]
fn serial<const CBC: bool>(s: &Sched, iv: &mut Block, blocks: &mut [Block]) {
    use super::soft::{fl, flinv, p};
    // SAFETY: the tables are 16 bytes; unaligned loads.
    let ld = |t: &[u8; 16]| unsafe { _mm_loadu_si128(t.as_ptr().cast()) };
    let ls: [__m128i; 4] = core::array::from_fn(|i| ld(&one::PRE_LAYERS[i]));
    let pre = _mm_set_epi64x(PRE4_M, PRE1_M);
    let post11 = _mm_set1_epi64x(POST1_M);
    let post23 = _mm_set_epi64x(POST3_M, POST2_M);
    let pc = _mm_set1_epi64x(p(one::CZ) as i64);
    // P(S(v)) without the constant word: `v` is the keyed F input.
    let f = |v: __m128i| -> __m128i {
        let u2 = _mm_gf2p8affine_epi64_epi8::<{ PRE1.c as i32 }>(v, pre);
        let r0 = _mm_gf2p8affineinv_epi64_epi8::<0>(_mm_shuffle_epi8(u2, ls[0]), post11);
        let r1 = _mm_gf2p8affineinv_epi64_epi8::<0>(_mm_shuffle_epi8(u2, ls[1]), post11);
        let r2 = _mm_gf2p8affineinv_epi64_epi8::<0>(_mm_shuffle_epi8(u2, ls[2]), post23);
        let r3 = _mm_gf2p8affineinv_epi64_epi8::<0>(_mm_shuffle_epi8(u2, ls[3]), post23);
        let x = _mm_xor_si128(_mm_xor_si128(r0, r1), _mm_xor_si128(r2, r3));
        _mm_xor_si128(x, _mm_shuffle_epi32::<0x4e>(x))
    };
    let q = |v: u64| _mm_set1_epi64x(v as i64);
    let g = |v: __m128i| _mm_cvtsi128_si64(v) as u64;
    let mut h = [0u8; 8];
    h.copy_from_slice(&iv[..8]);
    let mut c1 = u64::from_be_bytes(h);
    h.copy_from_slice(&iv[8..]);
    let mut c2 = u64::from_be_bytes(h);
    for b in blocks.iter_mut() {
        h.copy_from_slice(&b[..8]);
        let mut d1 = q(u64::from_be_bytes(h) ^ c1 ^ s.kw[0]);
        h.copy_from_slice(&b[8..]);
        let mut d2 = q(u64::from_be_bytes(h) ^ c2 ^ s.kw[1]);
        // `v` is the next round's keyed F input, computed from F's output
        // with one XOR (the other operand is ready before it).
        let mut v = _mm_xor_si128(d1, q(s.k[0]));
        for r in 0..s.rounds {
            if r > 0 && r % 6 == 0 {
                let i = 2 * (r / 6 - 1);
                d1 = q(fl(g(d1), s.ke[i]));
                d2 = q(flinv(g(d2), s.ke[i + 1]));
                v = _mm_xor_si128(if r % 2 == 0 { d1 } else { d2 }, q(s.k[r]));
            }
            let x = f(v);
            let dst = if r % 2 == 0 { &mut d2 } else { &mut d1 };
            let base = _mm_xor_si128(*dst, pc);
            *dst = _mm_xor_si128(base, x);
            if r + 1 < s.rounds {
                v = _mm_xor_si128(x, _mm_xor_si128(base, q(s.k[r + 1])));
            }
        }
        let (o1, o2) = (g(d2) ^ s.kw[2], g(d1) ^ s.kw[3]);
        b[..8].copy_from_slice(&o1.to_be_bytes());
        b[8..].copy_from_slice(&o2.to_be_bytes());
        if CBC {
            (c1, c2) = (o1, o2);
        }
    }
    if CBC {
        *iv = blocks.last().copied().unwrap_or(*iv);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cipher::gf256::ginv;
    use crate::cipher::gf256::tests::gfni_affine;

    /// The GFNI matrices compose to s1..s4 on all 256 inputs.
    #[test]
    fn gfni_matrices_give_the_sboxes() {
        let sb = |x: u8, p: Affine, q: Affine| {
            gfni_affine(ginv(gfni_affine(x, m(p) as u64, p.c)), m(q) as u64, q.c)
        };
        for x in 0..=255u8 {
            let s1 = super::super::SBOX1[usize::from(x)];
            assert_eq!(sb(x, PRE1, POST1), s1);
            assert_eq!(sb(x, PRE1, POST2), s1.rotate_left(1));
            assert_eq!(sb(x, PRE1, POST3), s1.rotate_right(1));
            assert_eq!(
                sb(x, PRE4, POST1),
                super::super::SBOX1[usize::from(x.rotate_left(1))]
            );
        }
    }
}
