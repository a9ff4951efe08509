//! SM4 with AES-NI: 4 blocks per xmm register (register `j` holds word
//! `j` of each block, 32-bit lanes), four such groups interleaved (16
//! blocks per call). The S-box is `post(inv(pre(x)))`
//! ([`crate::cipher::gf256`]): a `pshufb` nibble-table affine filter,
//! `aesenclast` with a zero key after an inverse-ShiftRows shuffle (so
//! AES's ShiftRows leaves every byte in place), and a second filter that
//! undoes AES's affine map and applies `post` (the technique of Linux's
//! `sm4-aesni-avx-asm_64.S`; the tables are derived at compile time).
//! Constant time: the tables are indexed only by `pshufb`.

use core::arch::x86_64::*;

use super::{POST, PRE};
use crate::cipher::Block;

const ISR: [u8; 16] = {
    let mut t = [0u8; 16];
    let mut i = 0;
    while i < 16 {
        let (r, c) = (i % 4, i / 4);
        t[i] = (r + 4 * ((c + 4 - r) % 4)) as u8;
        i += 1;
    }
    t
};

const PRE_T: ([u8; 16], [u8; 16]) = PRE.nibble_tables();
const POST_T: ([u8; 16], [u8; 16]) = POST.after_aesenclast().nibble_tables();

/// Byte shuffles: each 32-bit lane byte-swapped, rotated left by 8, 16.
const BSWAP: [u8; 16] = [3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12];
const ROL8: [u8; 16] = [3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14];
const ROL16: [u8; 16] = [2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13];
const ROL24: [u8; 16] = [1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12];

#[inline]
#[target_feature(enable = "sse2,ssse3,aes")]
fn ld(t: &[u8; 16]) -> __m128i {
    // SAFETY: `t` is 16 bytes; unaligned load.
    unsafe { _mm_loadu_si128(t.as_ptr().cast()) }
}

struct Consts {
    pre: (__m128i, __m128i),
    post: (__m128i, __m128i),
    isr: __m128i,
    low: __m128i,
    rol8: __m128i,
    rol16: __m128i,
    rol24: __m128i,
}

#[inline]
#[target_feature(enable = "sse2,ssse3,aes")]
fn consts() -> Consts {
    Consts {
        pre: (ld(&PRE_T.0), ld(&PRE_T.1)),
        post: (ld(&POST_T.0), ld(&POST_T.1)),
        isr: ld(&ISR),
        low: _mm_set1_epi8(15),
        rol8: ld(&ROL8),
        rol16: ld(&ROL16),
        rol24: ld(&ROL24),
    }
}

#[inline]
#[target_feature(enable = "sse2,ssse3,aes")]
fn filter(x: __m128i, f: (__m128i, __m128i), low: __m128i) -> __m128i {
    let lo = _mm_shuffle_epi8(f.0, _mm_and_si128(x, low));
    let hi = _mm_shuffle_epi8(f.1, _mm_and_si128(_mm_srli_epi16(x, 4), low));
    _mm_xor_si128(lo, hi)
}

/// T = L ∘ τ on four words.
#[inline]
#[target_feature(enable = "sse2,ssse3,aes")]
fn t(x: __m128i, c: &Consts) -> __m128i {
    let u = _mm_shuffle_epi8(filter(x, c.pre, c.low), c.isr);
    let b = filter(_mm_aesenclast_si128(u, _mm_setzero_si128()), c.post, c.low);
    // L(b) = b ^ rotl24(b) ^ rotl2(b ^ rotl8(b) ^ rotl16(b)).
    let a = _mm_xor_si128(
        _mm_xor_si128(b, _mm_shuffle_epi8(b, c.rol8)),
        _mm_shuffle_epi8(b, c.rol16),
    );
    let a2 = _mm_or_si128(_mm_slli_epi32(a, 2), _mm_srli_epi32(a, 30));
    _mm_xor_si128(_mm_xor_si128(b, _mm_shuffle_epi8(b, c.rol24)), a2)
}

/// 4x4 transpose of 32-bit words (its own inverse).
#[inline]
#[target_feature(enable = "sse2,ssse3,aes")]
fn transpose(r: [__m128i; 4]) -> [__m128i; 4] {
    let t0 = _mm_unpacklo_epi32(r[0], r[1]);
    let t1 = _mm_unpacklo_epi32(r[2], r[3]);
    let t2 = _mm_unpackhi_epi32(r[0], r[1]);
    let t3 = _mm_unpackhi_epi32(r[2], r[3]);
    [
        _mm_unpacklo_epi64(t0, t1),
        _mm_unpackhi_epi64(t0, t1),
        _mm_unpacklo_epi64(t2, t3),
        _mm_unpackhi_epi64(t2, t3),
    ]
}

/// `G` groups of up to 4 blocks (missing blocks are zeros), interleaved.
#[inline]
#[target_feature(enable = "sse2,ssse3,aes")]
fn crypt<const G: usize>(rk: &[u32; 32], blocks: &mut [Block]) {
    let c = consts();
    let bswap = ld(&BSWAP);
    let mut x = [[_mm_setzero_si128(); 4]; G];
    for (g, xg) in x.iter_mut().enumerate() {
        let mut r = [_mm_setzero_si128(); 4];
        for (i, ri) in r.iter_mut().enumerate() {
            if let Some(b) = blocks.get(4 * g + i) {
                *ri = _mm_shuffle_epi8(ld(b), bswap);
            }
        }
        *xg = transpose(r);
    }
    for q in rk.chunks_exact(4) {
        for (j, &k) in q.iter().enumerate() {
            let kv = _mm_set1_epi32(k as i32);
            for xg in x.iter_mut() {
                let s = _mm_xor_si128(
                    _mm_xor_si128(xg[(j + 1) % 4], xg[(j + 2) % 4]),
                    _mm_xor_si128(xg[(j + 3) % 4], kv),
                );
                xg[j] = _mm_xor_si128(xg[j], t(s, &c));
            }
        }
    }
    for (g, xg) in x.iter().enumerate() {
        let r = transpose([xg[3], xg[2], xg[1], xg[0]]);
        for (i, ri) in r.iter().enumerate() {
            if let Some(b) = blocks.get_mut(4 * g + i) {
                // SAFETY: `b` is 16 bytes; unaligned store.
                unsafe { _mm_storeu_si128(b.as_mut_ptr().cast(), _mm_shuffle_epi8(*ri, bswap)) };
            }
        }
    }
}

/// Any number of blocks, 16 at a time (then 8, then 4).
///
/// # Safety
/// The CPU must have SSE2, SSSE3 and AES-NI.
#[target_feature(enable = "sse2,ssse3,aes")]
pub(crate) unsafe fn crypt_blocks(rk: &[u32; 32], blocks: &mut [Block]) {
    let mut chunks = blocks.chunks_exact_mut(16);
    for ch in &mut chunks {
        crypt::<4>(rk, ch);
    }
    let rest = chunks.into_remainder();
    match rest.len() {
        0 => {}
        1..=4 => crypt::<1>(rk, rest),
        5..=8 => crypt::<2>(rk, rest),
        _ => crypt::<4>(rk, rest),
    }
}

/// CBC encryption, one block at a time (serial) in one lane.
///
/// # Safety
/// As [`crypt_blocks`].
#[target_feature(enable = "sse2,ssse3,aes")]
pub(crate) unsafe fn cbc_encrypt(rk: &[u32; 32], iv: &mut Block, blocks: &mut [Block]) {
    for b in blocks.iter_mut() {
        for (x, y) in b.iter_mut().zip(iv.iter()) {
            *x ^= y;
        }
        crypt::<1>(rk, core::slice::from_mut(b));
        *iv = *b;
    }
}
