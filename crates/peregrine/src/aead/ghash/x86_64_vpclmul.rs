//! GHASH with VPCLMULQDQ on ymm registers (two blocks per register) and
//! AVX2.
//!
//! Technique: that of the Linux kernel's `aes-gcm-avx10-x86_64.S` and
//! BoringSSL's `aes-gcm-avx2-x86_64.pl`, on 256-bit vectors: the main loop
//! takes 16 blocks (8 ymm), multiplies them by H^16..H^1 (the powers laid
//! out two per register in the key) and sums the unreduced products; one
//! reduction per 16 blocks. Each product is Karatsuba: three `vpclmulqdq`
//! per register (low halves, high halves, and the XORed halves against the
//! power's precomputed `lo ^ hi`). The reduction is the Montgomery form of
//! `mod.rs`, done on both lanes at once (two `vpclmulqdq`), then the lanes
//! are added. A tail of n < 16 blocks uses H^n..H^1 and one reduction: the
//! blocks are loaded from the end in pairs, an odd first block in the high
//! lane with zero beside it.
//!
//! The `vpclmul512` backend runs the same steps on zmm (four blocks a
//! register, the key's registers 2i and 2i + 1 loaded as one), adding the
//! four lanes' unreduced sums before the one reduction.
//!
//! Sixteen rather than eight blocks per reduction: the reduction and the
//! XOR of the running hash into the first block form the loop-carried
//! chain, and at eight blocks that chain is longer than the multiplies.

use core::arch::x86_64::*;

use super::C;
use super::x86_64_pclmul as ni;
use crate::cipher::Block;

/// A VPCLMULQDQ key. Layout (what a fused AES-GCM kernel loads):
///
/// - `pow[i]`, `i` in 0..8, one ymm: low lane twisted H^(16 - 2i), high
///   lane H^(15 - 2i), each in register order (the byte-reversed GCM block
///   as a 128-bit integer) as `[low qword, high qword]`. So a register of
///   blocks `[m_j, m_j+1]` at `pow[i]` gets the powers of blocks 2i, 2i + 1
///   of a 16-block run; `pow[4..8]` are H^8..H^1 for an 8-block run,
///   `pow[7]` is `[H^2, H^1]`.
/// - `kx[i]`: the Karatsuba halves of `pow[i]`: in each lane, that lane's
///   `lo ^ hi` in both qwords.
#[derive(Clone)]
pub(crate) struct Key {
    pub(crate) pow: [[u64; 4]; 8],
    pub(crate) kx: [[u64; 4]; 8],
}

impl Drop for Key {
    fn drop(&mut self) {
        crate::ct::wipe(&mut self.pow);
        crate::ct::wipe(&mut self.kx);
    }
}

/// Unreduced sums of 256-bit products, two lanes (each lane as in
/// [`ni::Sums`]: `lo`, `hi`, and the raw Karatsuba middle `mi` before
/// `lo ^ hi` is taken out). [`reduce`] adds the lanes.
#[derive(Clone, Copy)]
pub(crate) struct Sums {
    pub(crate) lo: __m256i,
    pub(crate) mi: __m256i,
    pub(crate) hi: __m256i,
}

impl Sums {
    #[inline]
    #[target_feature(enable = "avx")]
    pub(crate) fn zero() -> Sums {
        let z = _mm256_setzero_si256();
        Sums {
            lo: z,
            mi: z,
            hi: z,
        }
    }
}

/// Reverses the bytes of each 16-byte lane: two GCM blocks to register
/// order and back.
#[inline]
#[target_feature(enable = "avx2")]
pub(crate) fn bswap(v: __m256i) -> __m256i {
    let m = _mm256_broadcastsi128_si256(_mm_set_epi8(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
    ));
    _mm256_shuffle_epi8(v, m)
}

#[inline]
#[target_feature(enable = "avx")]
fn ld(p: &[u64; 4]) -> __m256i {
    // SAFETY: `p` is 32 readable bytes; the load is unaligned.
    unsafe { _mm256_loadu_si256(p.as_ptr().cast()) }
}

/// Loads blocks `i`, `i + 1` of `data` (GCM byte order, not swapped).
///
/// # Safety
/// `16 * (i + 2) <= data.len()`.
#[inline]
#[target_feature(enable = "avx")]
unsafe fn ld2(data: &[u8], i: usize) -> __m256i {
    debug_assert!(16 * (i + 2) <= data.len());
    // SAFETY: the caller keeps the 32 bytes in bounds.
    unsafe { _mm256_loadu_si256(data.as_ptr().add(16 * i).cast()) }
}

/// `s += x * k` per lane, unreduced (Karatsuba).
#[inline]
#[target_feature(enable = "avx2,vpclmulqdq")]
pub(crate) fn mul_acc(s: &mut Sums, x: __m256i, k: __m256i, kx: __m256i) {
    let xk = _mm256_xor_si256(x, _mm256_shuffle_epi32::<0x4e>(x));
    s.lo = _mm256_xor_si256(s.lo, _mm256_clmulepi64_epi128::<0x00>(x, k));
    s.hi = _mm256_xor_si256(s.hi, _mm256_clmulepi64_epi128::<0x11>(x, k));
    s.mi = _mm256_xor_si256(s.mi, _mm256_clmulepi64_epi128::<0x00>(xk, kx));
}

/// `s += x * pow[i]` with the key's register `i`.
#[inline]
#[target_feature(enable = "avx2,vpclmulqdq")]
pub(crate) fn mul_acc_pow(s: &mut Sums, k: &Key, i: usize, x: __m256i) {
    mul_acc(s, x, ld(&k.pow[i]), ld(&k.kx[i]))
}

/// Multiplies eight blocks as four ymm (register order, byte-swapped; the
/// running hash already XORed into the low lane of `b[0]`) by H^8..H^1
/// and adds the unreduced products to `s`. For a fused AES-GCM kernel.
#[allow(dead_code)] // the fused AES-GCM kernels' entry point
#[inline]
#[target_feature(enable = "avx2,vpclmulqdq")]
pub(crate) fn mul_acc8(s: &mut Sums, k: &Key, b: &[__m256i; 4]) {
    for (j, &x) in b.iter().enumerate().rev() {
        mul_acc_pow(s, k, 4 + j, x);
    }
}

/// As [`mul_acc8`] for sixteen blocks (eight ymm) by H^16..H^1.
#[inline]
#[target_feature(enable = "avx2,vpclmulqdq")]
pub(crate) fn mul_acc16(s: &mut Sums, k: &Key, b: &[__m256i; 8]) {
    for (j, &x) in b.iter().enumerate().rev() {
        mul_acc_pow(s, k, j, x);
    }
}

/// Karatsuba recombination and the Montgomery reduction of both lanes of
/// `s`, then their sum: the new running hash, register order, as xmm.
#[inline]
#[target_feature(enable = "avx2,vpclmulqdq")]
pub(crate) fn reduce(s: Sums) -> __m128i {
    let poly = _mm256_set1_epi64x(C as i64);
    let mi = _mm256_xor_si256(s.mi, _mm256_xor_si256(s.lo, s.hi));
    let t = _mm256_clmulepi64_epi128::<0x00>(s.lo, poly);
    let mi = _mm256_xor_si256(mi, _mm256_xor_si256(_mm256_shuffle_epi32::<0x4e>(s.lo), t));
    let t = _mm256_clmulepi64_epi128::<0x00>(mi, poly);
    let r = _mm256_xor_si256(s.hi, _mm256_xor_si256(_mm256_shuffle_epi32::<0x4e>(mi), t));
    _mm_xor_si128(_mm256_castsi256_si128(r), _mm256_extracti128_si256::<1>(r))
}

impl Key {
    /// Sets up the powers H^1..H^16 of `h` (a GCM byte string).
    ///
    /// # Safety
    /// The CPU must have the features of `Impl::Vpclmul`.
    #[target_feature(enable = "sse2,ssse3,sse4.1,pclmulqdq,avx,avx2,vpclmulqdq")]
    pub(crate) unsafe fn new(h: &Block) -> Key {
        let k1 = super::twist(u128::from_be_bytes(*h));
        let k1 = _mm_set_epi64x((k1 >> 64) as i64, k1 as i64);
        // w[n - 1] = H^n.
        let p = ni::powers::<16>(k1);
        let mut w = [[0u64; 2]; 16];
        for (v, &x) in w.iter_mut().zip(&p) {
            // SAFETY: `v` is 16 writable bytes; the store is unaligned.
            unsafe { _mm_storeu_si128(v.as_mut_ptr().cast(), x) };
        }
        let mut key = Key {
            pow: [[0; 4]; 8],
            kx: [[0; 4]; 8],
        };
        for i in 0..8 {
            let (a, b) = (w[15 - 2 * i], w[14 - 2 * i]);
            key.pow[i] = [a[0], a[1], b[0], b[1]];
            let (xa, xb) = (a[0] ^ a[1], b[0] ^ b[1]);
            key.kx[i] = [xa, xa, xb, xb];
        }
        crate::ct::wipe(&mut w);
        key
    }
}

/// `acc = (acc ^ m) * H` for each whole block `m` of `data`.
///
/// # Safety
/// The CPU must have the features of `Impl::Vpclmul`.
#[target_feature(enable = "sse2,ssse3,sse4.1,pclmulqdq,avx,avx2,vpclmulqdq")]
pub(crate) unsafe fn update_blocks(k: &Key, acc: &mut Block, data: &[u8]) {
    // SAFETY: `acc` is 16 readable bytes.
    let x = ni::bswap(unsafe { _mm_loadu_si128(acc.as_ptr().cast()) });
    let x = absorb(k, x, data);
    // SAFETY: `acc` is 16 writable bytes.
    unsafe { _mm_storeu_si128(acc.as_mut_ptr().cast(), ni::bswap(x)) };
}

/// The running hash `x` (register order) after the whole blocks of
/// `data`: 16 blocks per reduction, then a tail of n < 16 blocks with
/// H^n..H^1 and one reduction.
#[inline]
#[target_feature(enable = "sse2,ssse3,sse4.1,pclmulqdq,avx,avx2,vpclmulqdq")]
pub(crate) fn absorb(k: &Key, mut x: __m128i, data: &[u8]) -> __m128i {
    let mut chunks = data.chunks_exact(256);
    for c in &mut chunks {
        let mut b = [_mm256_setzero_si256(); 8];
        for (j, v) in b.iter_mut().enumerate() {
            // SAFETY: `c` is 256 bytes: blocks 0..16.
            *v = bswap(unsafe { ld2(c, 2 * j) });
        }
        b[0] = _mm256_xor_si256(b[0], _mm256_zextsi128_si256(x));
        let mut s = Sums::zero();
        mul_acc16(&mut s, k, &b);
        x = reduce(s);
    }
    let rest = chunks.remainder();
    let n = rest.len() / 16;
    if n > 0 {
        // Registers from the end: w of them, the first holding block 0 in
        // its high lane when n is odd.
        let w = n.div_ceil(2);
        let odd = n % 2;
        let mut s = Sums::zero();
        let first = if odd == 1 {
            // SAFETY: `n >= 1`: block 0 is inside `rest`.
            let b0 = unsafe { _mm_loadu_si128(rest.as_ptr().cast()) };
            let b0 = _mm_xor_si128(ni::bswap(b0), x);
            _mm256_inserti128_si256::<1>(_mm256_setzero_si256(), b0)
        } else {
            // SAFETY: `n >= 2`: blocks 0, 1 are inside `rest`.
            let b = bswap(unsafe { ld2(rest, 0) });
            _mm256_xor_si256(b, _mm256_zextsi128_si256(x))
        };
        mul_acc_pow(&mut s, k, 8 - w, first);
        for j in 1..w {
            // SAFETY: register j covers blocks 2j - odd and 2j - odd + 1,
            // the last of which is at most n - 1.
            let b = bswap(unsafe { ld2(rest, 2 * j - odd) });
            mul_acc_pow(&mut s, k, 8 - w + j, b);
        }
        x = reduce(s);
    }
    x
}

/// The running hash `x` after the blocks `b` (register order, already
/// byte-swapped; 1..=16 of them) with H^n..H^1 and one reduction.
#[inline]
#[target_feature(enable = "sse2,ssse3,sse4.1,pclmulqdq,avx,avx2,vpclmulqdq")]
pub(crate) fn absorb_regs(k: &Key, x: __m128i, b: &[__m128i]) -> __m128i {
    let n = b.len();
    debug_assert!((1..=16).contains(&n));
    let w = n.div_ceil(2);
    let odd = n % 2;
    let mut s = Sums::zero();
    let first = if odd == 1 {
        _mm256_set_m128i(_mm_xor_si128(b[0], x), _mm_setzero_si128())
    } else {
        _mm256_set_m128i(b[1], _mm_xor_si128(b[0], x))
    };
    mul_acc_pow(&mut s, k, 8 - w, first);
    for j in 1..w {
        let i = 2 * j - odd;
        mul_acc_pow(&mut s, k, 8 - w + j, _mm256_set_m128i(b[i + 1], b[i]));
    }
    reduce(s)
}

/// Unreduced sums of 512-bit products: four lanes, each as in [`Sums`].
/// [`reduce512`] adds the lanes.
#[derive(Clone, Copy)]
pub(crate) struct Sums512 {
    pub(crate) lo: __m512i,
    pub(crate) mi: __m512i,
    pub(crate) hi: __m512i,
}

impl Sums512 {
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(crate) fn zero() -> Sums512 {
        let z = _mm512_setzero_si512();
        Sums512 {
            lo: z,
            mi: z,
            hi: z,
        }
    }
}

/// [`bswap`] on four blocks.
#[inline]
#[target_feature(enable = "avx512f,avx512bw")]
pub(crate) fn bswap512(v: __m512i) -> __m512i {
    let m = _mm512_broadcast_i32x4(_mm_set_epi8(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
    ));
    _mm512_shuffle_epi8(v, m)
}

/// `s += x * pow` per lane for four lanes: registers `2i`, `2i + 1` of the
/// key as one zmm (their memory is contiguous: H^(16-4i)..H^(13-4i)).
#[inline]
#[target_feature(enable = "avx512f,avx512bw,vpclmulqdq")]
pub(crate) fn mul_acc_pow512(s: &mut Sums512, k: &Key, i: usize, x: __m512i) {
    let (pow, kx) = (&k.pow[2 * i..2 * i + 2], &k.kx[2 * i..2 * i + 2]);
    // SAFETY: each slice is two `[u64; 4]`, 64 contiguous readable bytes;
    // the loads are unaligned.
    let (p, q) = unsafe {
        (
            _mm512_loadu_si512(pow.as_ptr().cast()),
            _mm512_loadu_si512(kx.as_ptr().cast()),
        )
    };
    let xk = _mm512_xor_si512(x, _mm512_shuffle_epi32::<0x4e>(x));
    s.lo = _mm512_xor_si512(s.lo, _mm512_clmulepi64_epi128::<0x00>(x, p));
    s.hi = _mm512_xor_si512(s.hi, _mm512_clmulepi64_epi128::<0x11>(x, p));
    s.mi = _mm512_xor_si512(s.mi, _mm512_clmulepi64_epi128::<0x00>(xk, q));
}

/// [`reduce`] for four lanes: the lanes' unreduced sums are added first
/// (the reduction is linear), then one two-lane reduction.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,vpclmulqdq,avx2")]
pub(crate) fn reduce512(s: Sums512) -> __m128i {
    let fold =
        |v: __m512i| _mm256_xor_si256(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64::<1>(v));
    reduce(Sums {
        lo: fold(s.lo),
        mi: fold(s.mi),
        hi: fold(s.hi),
    })
}

/// [`absorb`] with the 16-block steps on zmm (four blocks a register);
/// the last < 16 blocks run through [`absorb`]'s tail.
#[inline]
#[target_feature(enable = "sse2,ssse3,sse4.1,pclmulqdq,avx,avx2,vpclmulqdq,avx512f,avx512bw")]
pub(crate) fn absorb512(k: &Key, mut x: __m128i, data: &[u8]) -> __m128i {
    let mut chunks = data.chunks_exact(256);
    for c in &mut chunks {
        let mut b: [__m512i; 4] = core::array::from_fn(|j| {
            // SAFETY: `c` is 256 bytes: four 64-byte loads at 0, 64, 128, 192.
            bswap512(unsafe { _mm512_loadu_si512(c.as_ptr().add(64 * j).cast()) })
        });
        b[0] = _mm512_xor_si512(b[0], _mm512_zextsi128_si512(x));
        let mut s = Sums512::zero();
        for (j, &v) in b.iter().enumerate().rev() {
            mul_acc_pow512(&mut s, k, j, v);
        }
        x = reduce512(s);
    }
    absorb(k, x, chunks.remainder())
}

/// [`update_blocks`] on zmm.
///
/// # Safety
/// The CPU must have the features of `Impl::Vpclmul512`.
#[target_feature(
    enable = "sse2,ssse3,sse4.1,pclmulqdq,avx,avx2,vpclmulqdq,avx512f,avx512bw,avx512vl"
)]
pub(crate) unsafe fn update_blocks512(k: &Key, acc: &mut Block, data: &[u8]) {
    // SAFETY: `acc` is 16 readable bytes.
    let x = ni::bswap(unsafe { _mm_loadu_si128(acc.as_ptr().cast()) });
    let x = absorb512(k, x, data);
    // SAFETY: `acc` is 16 writable bytes.
    unsafe { _mm_storeu_si128(acc.as_mut_ptr().cast(), ni::bswap(x)) };
}
