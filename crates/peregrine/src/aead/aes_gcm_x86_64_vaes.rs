//! The fused AES-GCM kernel for VAES + VPCLMULQDQ: AES-CTR with GCM's
//! 32-bit counter and GHASH in one pass over the data, 16 blocks (eight
//! ymm registers) per step.
//!
//! Technique: the stitching of Gueron's and Drucker's AES-GCM papers and
//! of BoringSSL's `aes-gcm-avx2-x86_64.pl`: while the AES rounds of one
//! step run, the carry-less multiplies of sixteen ciphertext blocks run
//! between them (the two units are different, so they overlap), with one
//! reduction per step (`x86_64_vpclmul`'s aggregated Karatsuba). When
//! sealing, the blocks hashed are the previous step's ciphertext (this
//! step's is not ready); when opening, they are this step's, which is
//! already there.
//!
//! Only whole steps of 16 blocks go through here; `AesGcm` runs the rest
//! (and everything on other backend pairs) through the composed path.

use core::arch::x86_64::*;

use crate::aead::ghash::x86_64_pclmul as gni;
use crate::aead::ghash::x86_64_vpclmul::{self as gv, Sums};
use crate::cipher::aes::x86_64_aesni::RoundKeys;
use crate::cipher::aes::x86_64_vaes::{self as av, rk};
use crate::cipher::{Block, InOut};

/// The 16 counter blocks from `le` (the counter byte-reversed, so its
/// last four bytes are the low dword) as eight big-endian pairs; `le`
/// advances by 16, wrapping only the low 32 bits.
#[inline]
#[target_feature(enable = "avx2,aes,vaes,vpclmulqdq")]
fn counters(le: &mut __m128i) -> [__m256i; 8] {
    let bswap = _mm256_broadcastsi128_si256(_mm_set_epi8(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
    ));
    let pair = _mm256_broadcastsi128_si256(*le);
    let out = core::array::from_fn(|j| {
        let j = 2 * j as i64;
        _mm256_shuffle_epi8(
            _mm256_add_epi32(pair, _mm256_set_epi64x(0, j + 1, 0, j)),
            bswap,
        )
    });
    *le = _mm_add_epi32(*le, _mm_cvtsi32_si128(16));
    out
}

/// The AES rounds over eight registers with `hash` interleaved: `hash(r)`
/// is called after round `r` for r in 1..NR.
#[inline]
#[target_feature(enable = "avx2,aes,vaes,vpclmulqdq")]
fn rounds_with<const NR: usize>(k: &RoundKeys, b: &mut [__m256i; 8], mut hash: impl FnMut(usize)) {
    let k0 = rk(k, 0);
    for x in b.iter_mut() {
        *x = _mm256_xor_si256(*x, k0);
    }
    for r in 1..NR {
        let kr = rk(k, r);
        for x in b.iter_mut() {
            *x = _mm256_aesenc_epi128(*x, kr);
        }
        hash(r);
    }
    let kl = rk(k, NR);
    for x in b.iter_mut() {
        *x = _mm256_aesenclast_epi128(*x, kl);
    }
}

/// Hashes register `j` of `blocks` (register order) into `s` during round
/// `r`: the eight registers are spread over rounds 1..=8 (AES-128 has 9
/// middle rounds, so every key size has room).
#[inline]
#[target_feature(enable = "avx2,aes,vaes,vpclmulqdq")]
fn hash_in_round(s: &mut Sums, gk: &gv::Key, blocks: &[__m256i; 8], r: usize) {
    if (1..=8).contains(&r) {
        gv::mul_acc_pow(s, gk, r - 1, blocks[r - 1]);
    }
}

/// Seals the whole 16-block steps of `io` in place or into its output:
/// returns the bytes done. `ctr` is the next counter block and `acc` the
/// running GHASH (GCM byte order); both advance.
///
/// # Safety
/// The CPU must have VAES, VPCLMULQDQ, AVX2, AES-NI and PCLMULQDQ (the
/// features of the `vaes` AES backend and the `vpclmul` GHASH backend).
#[target_feature(enable = "sse2,ssse3,sse4.1,avx,avx2,aes,pclmulqdq,vaes,vpclmulqdq")]
pub(crate) unsafe fn seal(
    ak: &av::Key,
    gk: &gv::Key,
    ctr: &mut Block,
    acc: &mut Block,
    io: InOut<'_>,
) -> usize {
    crate::cipher::aes::by_rounds!(ak.aesni().rounds, seal_nr(ak, gk, ctr, acc, io))
}

#[inline]
#[target_feature(enable = "avx2")]
fn load(b: &Block) -> __m128i {
    // SAFETY: a 16-byte array is valid for a 16-byte load.
    unsafe { _mm_loadu_si128(b.as_ptr().cast()) }
}

#[inline]
#[target_feature(enable = "avx2")]
fn store(b: &mut Block, v: __m128i) {
    // SAFETY: a 16-byte array is valid for a 16-byte store.
    unsafe { _mm_storeu_si128(b.as_mut_ptr().cast(), v) }
}

/// Loads blocks `i`, `i + 1` of the input.
///
/// # Safety
/// `i + 2 <= io.blocks()`.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn ld2(io: &InOut<'_>, i: usize) -> __m256i {
    // SAFETY: the caller keeps the 32 bytes in bounds.
    unsafe { _mm256_loadu_si256(io.src_ptr().add(16 * i).cast()) }
}

/// Stores blocks `i`, `i + 1` of the output.
///
/// # Safety
/// `i + 2 <= io.blocks()`.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn st2(io: &mut InOut<'_>, i: usize, v: __m256i) {
    // SAFETY: the caller keeps the 32 bytes in bounds.
    unsafe { _mm256_storeu_si256(io.dst_ptr().add(16 * i).cast(), v) }
}

#[target_feature(enable = "sse2,ssse3,sse4.1,avx,avx2,aes,pclmulqdq,vaes,vpclmulqdq")]
fn seal_nr<const NR: usize>(
    ak: &av::Key,
    gk: &gv::Key,
    ctr: &mut Block,
    acc: &mut Block,
    mut io: InOut<'_>,
) -> usize {
    let steps = io.blocks() / 16;
    if steps == 0 {
        return 0;
    }
    let k = &ak.aesni().enc;
    let mut le = gni::bswap(load(ctr));
    let mut x = gni::bswap(load(acc));
    // The previous step's ciphertext, byte-swapped for hashing.
    let mut pending = [_mm256_setzero_si256(); 8];
    for step in 0..steps {
        let at = 16 * step;
        let mut b = counters(&mut le);
        let mut s = Sums::zero();
        if step == 0 {
            rounds_with::<NR>(k, &mut b, |_| {});
        } else {
            pending[0] = _mm256_xor_si256(pending[0], _mm256_zextsi128_si256(x));
            rounds_with::<NR>(k, &mut b, |r| hash_in_round(&mut s, gk, &pending, r));
            x = gv::reduce(s);
        }
        for (j, v) in b.into_iter().enumerate() {
            // SAFETY: `at + 16 <= blocks`; the input pair is read before
            // the output pair at the same place is written.
            let c = unsafe { _mm256_xor_si256(v, ld2(&io, at + 2 * j)) };
            // SAFETY: as above.
            unsafe { st2(&mut io, at + 2 * j, c) };
            pending[j] = gv::bswap(c);
        }
    }
    pending[0] = _mm256_xor_si256(pending[0], _mm256_zextsi128_si256(x));
    let mut s = Sums::zero();
    gv::mul_acc16(&mut s, gk, &pending);
    x = gv::reduce(s);
    store(acc, gni::bswap(x));
    store(ctr, gni::bswap(le));
    16 * 16 * steps
}

/// Opens (decrypts and hashes) the whole 16-block steps of `io`; as
/// [`seal`], except that the hash is over the input.
///
/// # Safety
/// As [`seal`].
#[target_feature(enable = "sse2,ssse3,sse4.1,avx,avx2,aes,pclmulqdq,vaes,vpclmulqdq")]
pub(crate) unsafe fn open(
    ak: &av::Key,
    gk: &gv::Key,
    ctr: &mut Block,
    acc: &mut Block,
    io: InOut<'_>,
) -> usize {
    crate::cipher::aes::by_rounds!(ak.aesni().rounds, open_nr(ak, gk, ctr, acc, io))
}

#[target_feature(enable = "sse2,ssse3,sse4.1,avx,avx2,aes,pclmulqdq,vaes,vpclmulqdq")]
fn open_nr<const NR: usize>(
    ak: &av::Key,
    gk: &gv::Key,
    ctr: &mut Block,
    acc: &mut Block,
    mut io: InOut<'_>,
) -> usize {
    let steps = io.blocks() / 16;
    if steps == 0 {
        return 0;
    }
    let k = &ak.aesni().enc;
    let mut le = gni::bswap(load(ctr));
    let mut x = gni::bswap(load(acc));
    for step in 0..steps {
        let at = 16 * step;
        // SAFETY: `at + 16 <= blocks`: every pair of this step is in bounds.
        let c: [__m256i; 8] = core::array::from_fn(|j| unsafe { ld2(&io, at + 2 * j) });
        let mut h: [__m256i; 8] = core::array::from_fn(|j| gv::bswap(c[j]));
        h[0] = _mm256_xor_si256(h[0], _mm256_zextsi128_si256(x));
        let mut b = counters(&mut le);
        let mut s = Sums::zero();
        rounds_with::<NR>(k, &mut b, |r| hash_in_round(&mut s, gk, &h, r));
        x = gv::reduce(s);
        for j in 0..8 {
            // SAFETY: as above; the inputs were all loaded before.
            unsafe { st2(&mut io, at + 2 * j, _mm256_xor_si256(b[j], c[j])) };
        }
    }
    store(acc, gni::bswap(x));
    store(ctr, gni::bswap(le));
    16 * 16 * steps
}
