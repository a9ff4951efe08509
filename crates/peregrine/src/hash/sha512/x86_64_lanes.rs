//! SHA-512 on eight independent messages at once, one message per 64-bit
//! lane of zmm registers (the technique of `sha256/x86_64_lanes.rs`, at
//! 64 bits): the working variables are held vertically, each lane's
//! 128-byte block is loaded as two rows of eight words and the rows are
//! transposed in registers (unpack by 64 bits, then two rounds of 128-bit
//! shuffles), `vprorq` rotates and `vpternlogq` computes Σ's three-way XOR,
//! Ch and Maj. About 17 vector operations per round and 11 per scheduled
//! word, for eight blocks at once.
//!
//! Every lane does the same work whatever its data: no branch or index on
//! message or state bytes. A lane with no message (`step == 0`) hashes a
//! block of zeros into a state nobody reads.

use core::arch::x86_64::*;

use super::K;
use crate::hash::lanes::sha2_lanes_block;

/// Messages per call.
pub(crate) const LANES: usize = 8;

#[inline]
#[target_feature(enable = "avx512f")]
fn add(a: __m512i, b: __m512i) -> __m512i {
    _mm512_add_epi64(a, b)
}
#[inline]
#[target_feature(enable = "avx512f")]
fn set1(k: u64) -> __m512i {
    _mm512_set1_epi64(k as i64)
}
#[inline]
#[target_feature(enable = "avx512f")]
fn xor3(a: __m512i, b: __m512i, c: __m512i) -> __m512i {
    _mm512_ternarylogic_epi64::<0x96>(a, b, c)
}
#[inline]
#[target_feature(enable = "avx512f")]
fn big_s0(x: __m512i) -> __m512i {
    xor3(
        _mm512_ror_epi64::<28>(x),
        _mm512_ror_epi64::<34>(x),
        _mm512_ror_epi64::<39>(x),
    )
}
#[inline]
#[target_feature(enable = "avx512f")]
fn big_s1(x: __m512i) -> __m512i {
    xor3(
        _mm512_ror_epi64::<14>(x),
        _mm512_ror_epi64::<18>(x),
        _mm512_ror_epi64::<41>(x),
    )
}
#[inline]
#[target_feature(enable = "avx512f")]
fn small_s0(x: __m512i) -> __m512i {
    xor3(
        _mm512_ror_epi64::<1>(x),
        _mm512_ror_epi64::<8>(x),
        _mm512_srli_epi64::<7>(x),
    )
}
#[inline]
#[target_feature(enable = "avx512f")]
fn small_s1(x: __m512i) -> __m512i {
    xor3(
        _mm512_ror_epi64::<19>(x),
        _mm512_ror_epi64::<61>(x),
        _mm512_srli_epi64::<6>(x),
    )
}
/// `e ? f : g` bit by bit.
#[inline]
#[target_feature(enable = "avx512f")]
fn ch(e: __m512i, f: __m512i, g: __m512i) -> __m512i {
    _mm512_ternarylogic_epi64::<0xca>(e, f, g)
}
/// The bitwise majority.
#[inline]
#[target_feature(enable = "avx512f")]
fn maj(a: __m512i, b: __m512i, c: __m512i) -> __m512i {
    _mm512_ternarylogic_epi64::<0xe8>(a, b, c)
}

/// Transposes an 8x8 matrix of 64-bit words held as eight row vectors:
/// out\[j\] word l = r\[l\] word j.
#[inline]
#[target_feature(enable = "avx512f")]
fn transpose8(r: [__m512i; 8]) -> [__m512i; 8] {
    // t[2k], t[2k+1]: rows 2k, 2k+1 interleaved by word pairs, so 128-bit
    // lane q of t[2k] holds (r[2k][2q], r[2k+1][2q]) and of t[2k+1]
    // (r[2k][2q+1], r[2k+1][2q+1]).
    let t: [__m512i; 8] = core::array::from_fn(|p| {
        let (x, y) = (r[p & !1], r[p | 1]);
        if p & 1 == 0 {
            _mm512_unpacklo_epi64(x, y)
        } else {
            _mm512_unpackhi_epi64(x, y)
        }
    });
    // u[m][h]: for word parity m, the 128-bit lanes of row pairs {0,1} and
    // {2,3} (h = 0) or {4,5} and {6,7} (h = 1), lanes 0, 1 first then 2, 3:
    // blocks (pair A lane q, pair B lane q, ...) regrouped by 128-bit shuffles.
    let mut out = [_mm512_setzero_si512(); 8];
    for m in 0..2 {
        // a = pairs {0,1},{2,3}: blocks (t0.q0, t0.q1, t2.q0, t2.q1) etc.
        let (p0, p1, p2, p3) = (t[m], t[2 + m], t[4 + m], t[6 + m]);
        let a01 = _mm512_shuffle_i64x2::<0x44>(p0, p1); // p0.q0 p0.q1 p1.q0 p1.q1
        let a23 = _mm512_shuffle_i64x2::<0xee>(p0, p1); // p0.q2 p0.q3 p1.q2 p1.q3
        let b01 = _mm512_shuffle_i64x2::<0x44>(p2, p3);
        let b23 = _mm512_shuffle_i64x2::<0xee>(p2, p3);
        // Word 2q+m of rows 0..8 = (p0.q, p1.q, p2.q, p3.q).
        out[m] = _mm512_shuffle_i64x2::<0x88>(a01, b01); // q = 0
        out[2 + m] = _mm512_shuffle_i64x2::<0xdd>(a01, b01); // q = 1
        out[4 + m] = _mm512_shuffle_i64x2::<0x88>(a23, b23); // q = 2
        out[6 + m] = _mm512_shuffle_i64x2::<0xdd>(a23, b23); // q = 3
    }
    out
}

/// Runs `n` blocks on every lane: lane `l` reads block `i` at
/// `ptrs[l] + i * steps[l]`.
///
/// # Safety
/// The CPU has AVX-512F and AVX-512BW; for every lane, the bytes
/// `ptrs[l] .. ptrs[l] + (n - 1) * steps[l] + 128` are readable.
#[target_feature(enable = "avx512f,avx512bw")]
pub(crate) unsafe fn compress(
    state: &mut [[u64; LANES]; 8],
    ptrs: &[*const u8; LANES],
    steps: &[usize; LANES],
    n: usize,
) {
    // SAFETY: `state` rows are 64 bytes each.
    let mut v: [__m512i; 8] =
        core::array::from_fn(|i| unsafe { _mm512_loadu_si512(state[i].as_ptr().cast()) });
    let bswap = _mm512_broadcast_i32x4(_mm_set_epi8(
        8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7,
    ));
    for blk in 0..n {
        let mut w = [_mm512_setzero_si512(); 16];
        for half in 0..2 {
            // SAFETY: the caller vouches for 128 readable bytes at each
            // lane's block `blk`.
            let rows: [__m512i; LANES] = core::array::from_fn(|l| unsafe {
                _mm512_loadu_si512(ptrs[l].add(blk * steps[l] + 64 * half).cast())
            });
            for (j, x) in transpose8(rows).into_iter().enumerate() {
                w[8 * half + j] = _mm512_shuffle_epi8(x, bswap);
            }
        }
        v = sha2_lanes_block!(v, w; 16, 24, 32, 40, 48, 56, 64, 72);
    }
    for (i, x) in v.iter().enumerate() {
        // SAFETY: as for the loads.
        unsafe { _mm512_storeu_si512(state[i].as_mut_ptr().cast(), *x) };
    }
}
