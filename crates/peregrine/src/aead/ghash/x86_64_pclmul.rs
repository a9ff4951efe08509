//! GHASH with PCLMULQDQ on xmm registers.
//!
//! Technique: Gueron–Kounavis, "Intel Carry-Less Multiplication
//! Instruction and its Usage for Computing the GCM Mode" (aggregated
//! reduction), as in OpenSSL's `ghash-x86_64.pl`: eight blocks are
//! multiplied by H^8..H^1 and their unreduced 256-bit products summed, then
//! reduced once. Each product is Karatsuba (three `pclmulqdq`: low halves,
//! high halves, and the XORed halves against the power's precomputed
//! `lo ^ hi`). The reduction is the Montgomery form of `mod.rs`: two folds
//! by `0xc2 << 56`, one `pclmulqdq` each, no bit shifts (the one-bit shift
//! of the reflected product is folded into the twisted key). A tail of
//! n < 8 blocks uses H^n..H^1 and one reduction.

use core::arch::x86_64::*;

use super::C;
use crate::cipher::Block;

/// A PCLMULQDQ key. Layout (what a fused AES-GCM kernel loads):
///
/// - `pow[i]`, `i` in 0..8: twisted H^(8 - i) in register order (the
///   128-bit integer whose bit 127 is the coefficient of x^0, i.e. the
///   byte-reversed GCM block), as `[low qword, high qword]`, so a 16-byte
///   load gives the xmm value. `pow[7]` is H^1; a run of n blocks uses
///   `pow[8 - n..]`, block j of the run with `pow[8 - n + j]`.
/// - `kx[i]`: the Karatsuba half of `pow[i]`, `lo ^ hi`, in both qwords.
#[derive(Clone)]
pub(crate) struct Key {
    pub(crate) pow: [[u64; 2]; 8],
    pub(crate) kx: [[u64; 2]; 8],
}

impl Drop for Key {
    fn drop(&mut self) {
        crate::ct::wipe(&mut self.pow);
        crate::ct::wipe(&mut self.kx);
    }
}

/// Unreduced sums of 256-bit products: `lo` (low halves times low halves),
/// `hi` (high times high) and `mi`, the raw Karatsuba middle
/// `(a0 ^ a1) * (k0 ^ k1)` *before* `lo ^ hi` is taken out ([`reduce`] does
/// that). Each is a 128-bit carry-less product; all add by XOR.
#[derive(Clone, Copy)]
pub(crate) struct Sums {
    pub(crate) lo: __m128i,
    pub(crate) mi: __m128i,
    pub(crate) hi: __m128i,
}

impl Sums {
    #[inline]
    #[target_feature(enable = "sse2")]
    pub(crate) fn zero() -> Sums {
        let z = _mm_setzero_si128();
        Sums {
            lo: z,
            mi: z,
            hi: z,
        }
    }
}

/// Reverses the 16 bytes: a GCM block to register order and back.
#[inline]
#[target_feature(enable = "sse2,ssse3")]
pub(crate) fn bswap(v: __m128i) -> __m128i {
    let m = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    _mm_shuffle_epi8(v, m)
}

#[inline]
#[target_feature(enable = "sse2")]
fn ld(p: &[u64; 2]) -> __m128i {
    // SAFETY: `p` is 16 readable bytes; the load is unaligned.
    unsafe { _mm_loadu_si128(p.as_ptr().cast()) }
}

/// Loads block `i` of `data` (GCM byte order, not swapped).
///
/// # Safety
/// `16 * (i + 1) <= data.len()`.
#[inline]
#[target_feature(enable = "sse2")]
unsafe fn ld_block(data: &[u8], i: usize) -> __m128i {
    debug_assert!(16 * (i + 1) <= data.len());
    // SAFETY: the caller keeps the 16 bytes in bounds.
    unsafe { _mm_loadu_si128(data.as_ptr().add(16 * i).cast()) }
}

/// `s += x * k` unreduced (Karatsuba); `x` in register order, `k` a power
/// and `kx` its Karatsuba half.
#[inline]
#[target_feature(enable = "sse2,pclmulqdq")]
pub(crate) fn mul_acc(s: &mut Sums, x: __m128i, k: __m128i, kx: __m128i) {
    let xk = _mm_xor_si128(x, _mm_shuffle_epi32::<0x4e>(x));
    s.lo = _mm_xor_si128(s.lo, _mm_clmulepi64_si128::<0x00>(x, k));
    s.hi = _mm_xor_si128(s.hi, _mm_clmulepi64_si128::<0x11>(x, k));
    s.mi = _mm_xor_si128(s.mi, _mm_clmulepi64_si128::<0x00>(xk, kx));
}

/// `s += x * pow[i]` with the key's power `i` (H^(8 - i)).
#[inline]
#[target_feature(enable = "sse2,pclmulqdq")]
pub(crate) fn mul_acc_pow(s: &mut Sums, k: &Key, i: usize, x: __m128i) {
    mul_acc(s, x, ld(&k.pow[i]), ld(&k.kx[i]))
}

/// Multiplies eight blocks (register order; the running hash already XORed
/// into `b[0]`) by H^8..H^1 and adds the unreduced products to `s`.
#[inline]
#[target_feature(enable = "sse2,pclmulqdq")]
pub(crate) fn mul_acc8(s: &mut Sums, k: &Key, b: &[__m128i; 8]) {
    for (i, &x) in b.iter().enumerate().rev() {
        mul_acc_pow(s, k, i, x);
    }
}

/// Karatsuba recombination and the Montgomery reduction of `s`: the new
/// running hash, in register order.
#[inline]
#[target_feature(enable = "sse2,pclmulqdq")]
pub(crate) fn reduce(s: Sums) -> __m128i {
    let poly = _mm_set1_epi64x(C as i64);
    let mi = _mm_xor_si128(s.mi, _mm_xor_si128(s.lo, s.hi));
    let t = _mm_clmulepi64_si128::<0x00>(s.lo, poly);
    let mi = _mm_xor_si128(mi, _mm_xor_si128(_mm_shuffle_epi32::<0x4e>(s.lo), t));
    let t = _mm_clmulepi64_si128::<0x00>(mi, poly);
    _mm_xor_si128(s.hi, _mm_xor_si128(_mm_shuffle_epi32::<0x4e>(mi), t))
}

/// The Montgomery product `x * k * y^-128`: with twisted powers, the GHASH
/// product.
#[inline]
#[target_feature(enable = "sse2,pclmulqdq")]
pub(crate) fn mul(x: __m128i, k: __m128i) -> __m128i {
    let kx = _mm_xor_si128(k, _mm_shuffle_epi32::<0x4e>(k));
    let mut s = Sums::zero();
    mul_acc(&mut s, x, k, kx);
    reduce(s)
}

/// `[H^1, ..., H^N]` from `k1` = H (twisted), each power as
/// H^m * H^(n - m) for the largest power of two m < n: a dependency chain
/// of log2(N) multiplies rather than N - 1, so key setup stays cheap for
/// short messages.
#[inline]
#[target_feature(enable = "sse2,pclmulqdq")]
pub(crate) fn powers<const N: usize>(k1: __m128i) -> [__m128i; N] {
    let mut p = [k1; N];
    for n in 2..=N {
        let m = 1 << (usize::BITS - 1 - (n - 1).leading_zeros());
        p[n - 1] = mul(p[m - 1], p[n - m - 1]);
    }
    p
}

fn to_u64s(v: __m128i) -> [u64; 2] {
    let mut out = [0u64; 2];
    // SAFETY: `out` is 16 writable bytes; the store is unaligned. SSE2 is
    // part of x86_64.
    unsafe { _mm_storeu_si128(out.as_mut_ptr().cast(), v) };
    out
}

impl Key {
    /// Sets up the powers of `h` (a GCM byte string).
    ///
    /// # Safety
    /// The CPU must have SSE2, SSSE3, SSE4.1 and PCLMULQDQ.
    #[target_feature(enable = "sse2,ssse3,sse4.1,pclmulqdq")]
    pub(crate) unsafe fn new(h: &Block) -> Key {
        let k1 = super::twist(u128::from_be_bytes(*h));
        let k1 = ld(&[k1 as u64, (k1 >> 64) as u64]);
        let mut key = Key {
            pow: [[0; 2]; 8],
            kx: [[0; 2]; 8],
        };
        let p = powers::<8>(k1);
        for (i, &v) in p.iter().rev().enumerate() {
            let w = to_u64s(v);
            key.pow[i] = w;
            key.kx[i] = [w[0] ^ w[1]; 2];
        }
        key
    }
}

/// `acc = (acc ^ m) * H` for each whole block `m` of `data`.
///
/// # Safety
/// The CPU must have SSE2, SSSE3, SSE4.1 and PCLMULQDQ.
#[target_feature(enable = "sse2,ssse3,sse4.1,pclmulqdq")]
pub(crate) unsafe fn update_blocks(k: &Key, acc: &mut Block, data: &[u8]) {
    // SAFETY: `acc` is 16 readable bytes.
    let mut x = bswap(unsafe { _mm_loadu_si128(acc.as_ptr().cast()) });
    let mut chunks = data.chunks_exact(128);
    for c in &mut chunks {
        let mut b = [_mm_setzero_si128(); 8];
        for (i, v) in b.iter_mut().enumerate() {
            // SAFETY: `c` is 128 bytes: blocks 0..8.
            *v = bswap(unsafe { ld_block(c, i) });
        }
        b[0] = _mm_xor_si128(b[0], x);
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
            let mut b = bswap(unsafe { ld_block(rest, j) });
            if j == 0 {
                b = _mm_xor_si128(b, x);
            }
            mul_acc_pow(&mut s, k, 8 - n + j, b);
        }
        x = reduce(s);
    }
    // SAFETY: `acc` is 16 writable bytes.
    unsafe { _mm_storeu_si128(acc.as_mut_ptr().cast(), bswap(x)) };
}
