//! SHA-256 with the x86 SHA extensions.
//!
//! The technique of Intel's "New Instructions Supporting the Secure Hash
//! Algorithm on Intel Architecture Processors" (2013): the state is kept as
//! the two vectors ABEF and CDGH that `sha256rnds2` works on; each group of
//! four rounds adds K to four message words, runs `sha256rnds2` twice (the
//! second time on the high half), and the schedule for the group four ahead
//! is computed in between with `sha256msg1`, `palignr` and `sha256msg2`.
//!
//! One stream is latency-bound: a block is a chain of 32 dependent
//! `sha256rnds2`. [`compress_multi`] runs up to four independent streams
//! with their instructions interleaved, so the other streams' rounds fill
//! one stream's latency (the multi-buffer idea of Intel's "Processing
//! Multiple Buffers in Parallel to Increase Performance" paper). Both entry
//! points share one lane-generic kernel.

use core::arch::x86_64::*;

use super::K;

#[inline(always)]
unsafe fn k4(g: usize) -> __m128i {
    // SAFETY: `g < 16`, so the 16-byte load stays inside K.
    unsafe { _mm_loadu_si128(K.as_ptr().add(4 * g).cast()) }
}

/// A..H words to the ABEF/CDGH form.
#[inline(always)]
unsafe fn load_state(state: &[u32; 8]) -> (__m128i, __m128i) {
    // SAFETY: `state` is 8 u32s = two 16-byte loads; the caller's target
    // features cover SSE4.1.
    unsafe {
        let dcba = _mm_loadu_si128(state.as_ptr().cast::<__m128i>());
        let hgfe = _mm_loadu_si128(state.as_ptr().add(4).cast::<__m128i>());
        let cdab = _mm_shuffle_epi32(dcba, 0xb1);
        let efgh = _mm_shuffle_epi32(hgfe, 0x1b);
        (
            _mm_alignr_epi8(cdab, efgh, 8),
            _mm_blend_epi16(efgh, cdab, 0xf0),
        )
    }
}

/// ABEF/CDGH back to A..H words.
#[inline(always)]
unsafe fn store_state(state: &mut [u32; 8], abef: __m128i, cdgh: __m128i) {
    // SAFETY: two 16-byte stores into the 32-byte `state`; SSE4.1 as above.
    unsafe {
        let feba = _mm_shuffle_epi32(abef, 0x1b);
        let dchg = _mm_shuffle_epi32(cdgh, 0xb1);
        _mm_storeu_si128(
            state.as_mut_ptr().cast::<__m128i>(),
            _mm_blend_epi16(feba, dchg, 0xf0),
        );
        _mm_storeu_si128(
            state.as_mut_ptr().add(4).cast::<__m128i>(),
            _mm_alignr_epi8(dchg, feba, 8),
        );
    }
}

/// `L` independent streams, each over the same number of whole blocks.
#[inline(always)]
unsafe fn compress_lanes<const L: usize>(states: &mut [[u32; 8]; L], blocks: [&[u8]; L]) {
    // SAFETY: the caller's target features cover SHA, SSSE3 and SSE4.1.
    unsafe {
        let mut abef = [_mm_setzero_si128(); L];
        let mut cdgh = [_mm_setzero_si128(); L];
        for l in 0..L {
            (abef[l], cdgh[l]) = load_state(&states[l]);
        }
        blocks_lanes::<L>(&mut abef, &mut cdgh, blocks);
        for (l, s) in states.iter_mut().enumerate() {
            store_state(s, abef[l], cdgh[l]);
        }
    }
}

/// The blocks of `L` streams into their states, held as ABEF/CDGH.
#[inline(always)]
unsafe fn blocks_lanes<const L: usize>(
    abef_io: &mut [__m128i; L],
    cdgh_io: &mut [__m128i; L],
    blocks: [&[u8]; L],
) {
    let (mut abef, mut cdgh) = (*abef_io, *cdgh_io);
    let n = blocks[0].len() / 64;
    debug_assert!(blocks.iter().all(|b| b.len() == n * 64));
    // SAFETY: the caller's target features cover SHA,
    // SSSE3 and SSE4.1; every load reads 16 bytes of a 64-byte block that
    // lies inside its slice (`i < n`, `n * 64 <= len`).
    unsafe {
        // Big-endian word loads: reverse the bytes of each 32-bit lane.
        let bswap = _mm_set_epi64x(0x0c0d0e0f_08090a0b, 0x04050607_00010203);
        for i in 0..n {
            let mut m = [[_mm_setzero_si128(); 4]; L];
            for l in 0..L {
                let p = blocks[l].as_ptr().add(64 * i);
                for (j, w) in m[l].iter_mut().enumerate() {
                    *w = _mm_shuffle_epi8(_mm_loadu_si128(p.add(16 * j).cast()), bswap);
                }
            }
            block_words::<L>(&mut abef, &mut cdgh, m);
        }
    }
    (*abef_io, *cdgh_io) = (abef, cdgh);
}

/// One block of each of `L` streams, given as message words (`m[l][j]`
/// holds words 4j..4j+3, word 4j in the low lane), into ABEF/CDGH.
// The last groups update schedule words nobody reads; the compiler drops them.
#[allow(unused_assignments)]
#[inline(always)]
unsafe fn block_words<const L: usize>(
    abef: &mut [__m128i; L],
    cdgh: &mut [__m128i; L],
    mut m: [[__m128i; 4]; L],
) {
    // SAFETY: the caller's target features cover SHA, SSSE3 and SSE4.1.
    unsafe {
        let abef_in = *abef;
        let cdgh_in = *cdgh;

        // Rounds 4g..4g+3 on message words m[g % 4]. While they run,
        // the schedule computes words 4(g+1).. (for 3 <= g <= 14) and
        // starts msg1 for a later group (for 1 <= g <= 12). The lane
        // loops interleave the streams instruction by instruction.
        macro_rules! group {
            ($($g:literal)*) => {$({
                let k = k4($g);
                let mut wk = [_mm_setzero_si128(); L];
                for l in 0..L {
                    wk[l] = _mm_add_epi32(m[l][$g % 4], k);
                    cdgh[l] = _mm_sha256rnds2_epu32(cdgh[l], abef[l], wk[l]);
                }
                if $g >= 3 && $g <= 14 {
                    for l in 0..L {
                        let w7 = _mm_alignr_epi8(m[l][$g % 4], m[l][($g + 3) % 4], 4);
                        let t = _mm_add_epi32(m[l][($g + 1) % 4], w7);
                        m[l][($g + 1) % 4] = _mm_sha256msg2_epu32(t, m[l][$g % 4]);
                    }
                }
                for l in 0..L {
                    abef[l] =
                        _mm_sha256rnds2_epu32(abef[l], cdgh[l], _mm_shuffle_epi32(wk[l], 0x0e));
                }
                if $g >= 1 && $g <= 12 {
                    for l in 0..L {
                        m[l][($g + 3) % 4] = _mm_sha256msg1_epu32(m[l][($g + 3) % 4], m[l][$g % 4]);
                    }
                }
            })*};
        }
        group!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15);

        for l in 0..L {
            abef[l] = _mm_add_epi32(abef[l], abef_in[l]);
            cdgh[l] = _mm_add_epi32(cdgh[l], cdgh_in[l]);
        }
    }
}

/// Compresses each 64-byte block of `blocks` into `state`.
///
/// # Safety
/// The CPU must support SHA, SSE2, SSSE3 and SSE4.1.
#[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
pub(super) unsafe fn compress(state: &mut [u32; 8], blocks: &[u8]) {
    // SAFETY: the target features above are the kernel's requirements.
    unsafe { compress_lanes::<1>(core::array::from_mut(state), [blocks]) }
}

/// `L` independent streams, each over the same number of whole blocks
/// (every `blocks[i].len()` equal, a multiple of 64), interleaved.
///
/// # Safety
/// The CPU must support SHA, SSE2, SSSE3 and SSE4.1.
#[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
pub(super) unsafe fn compress_multi<const L: usize>(
    states: &mut [[u32; 8]; L],
    blocks: [&[u8]; L],
) {
    // SAFETY: as for `compress`.
    unsafe { compress_lanes::<L>(states, blocks) }
}

/// The SHA-256 (`OUT = 32`) or SHA-224 (`OUT = 28`) digest of a whole
/// message in one call: the state stays in ABEF/CDGH from the IV (a
/// constant in that form) to the digest, with no conversion of the state
/// between the message's whole blocks and its padded tail, and the digest
/// bytes come straight from those registers. The short-message path of
/// `digest_with`.
///
/// # Safety
/// The CPU must support SHA, SSE2, SSSE3 and SSE4.1.
#[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
pub(super) unsafe fn digest<const OUT: usize>(data: &[u8]) -> [u8; OUT] {
    const { assert!(OUT == 32 || OUT == 28) };
    let iv = if OUT == 32 {
        &super::IV256
    } else {
        &super::IV224
    };
    let abcdefgh = |i: usize| iv[i] as i32;
    // SAFETY: the target features above are the kernel's requirements;
    // the stores write 32 bytes of the local `words`.
    unsafe {
        let mut abef = [_mm_set_epi32(
            abcdefgh(0),
            abcdefgh(1),
            abcdefgh(4),
            abcdefgh(5),
        )];
        let mut cdgh = [_mm_set_epi32(
            abcdefgh(2),
            abcdefgh(3),
            abcdefgh(6),
            abcdefgh(7),
        )];
        let whole = data.len() - data.len() % 64;
        blocks_lanes::<1>(&mut abef, &mut cdgh, [&data[..whole]]);
        // The padded tail, built in registers: the bytes stored into a
        // buffer and loaded back as 16-byte words would fail store
        // forwarding (a load spanning several stores), which cost a third
        // of a 16-byte message's time.
        let rest = &data[whole..];
        let bits = (data.len() as u64).wrapping_mul(8);
        let bswap = _mm_set_epi64x(0x0c0d0e0f_08090a0b, 0x04050607_00010203);
        let fits = rest.len() < 56;
        let m = padded(rest, fits.then_some(bits));
        block_words::<1>(
            &mut abef,
            &mut cdgh,
            [m.map(|w| _mm_shuffle_epi8(w, bswap))],
        );
        if !fits {
            let m = [0, 0, 0, bits.swap_bytes()].map(|b| _mm_set_epi64x(b as i64, 0));
            block_words::<1>(
                &mut abef,
                &mut cdgh,
                [m.map(|w| _mm_shuffle_epi8(w, bswap))],
            );
        }
        // ABEF holds (from the top dword down) A, B, E, F and CDGH C, D,
        // G, H: the high halves are A..D, the low ones E..H, each half
        // byte-reversed as a whole into big-endian words.
        let rev = _mm_set_epi64x(0x00010203_04050607, 0x08090a0b_0c0d0e0f);
        let mut words = [0u8; 32];
        let p = words.as_mut_ptr().cast::<__m128i>();
        _mm_storeu_si128(
            p,
            _mm_shuffle_epi8(_mm_unpackhi_epi64(cdgh[0], abef[0]), rev),
        );
        _mm_storeu_si128(
            p.add(1),
            _mm_shuffle_epi8(_mm_unpacklo_epi64(cdgh[0], abef[0]), rev),
        );
        let mut out = [0u8; OUT];
        out.copy_from_slice(&words[..OUT]);
        crate::ct::wipe(&mut words);
        out
    }
}

/// `PAD_SHIFT[32 - r..48 - r]` as a `pshufb` pattern moves bytes
/// `16 - r..16` of a word to `0..r` and zeroes the rest (indices with the
/// top bit set give zero).
static PAD_SHIFT: [u8; 48] = {
    let mut t = [0x80u8; 48];
    let mut i = 0;
    while i < 16 {
        t[16 + i] = i as u8;
        i += 1;
    }
    t
};

/// The bytes of `w` (`w.len() < 16`) as the low and high halves of a
/// 16-byte word, zeros after them, read without reading past `w` or
/// going through memory: two overlapping loads of 8 or 4 bytes, or three
/// of 1 byte, as `copy_small` does.
#[inline(always)]
fn partial_word(w: &[u8]) -> (u64, u64) {
    let r = w.len();
    let le8 = |b: &[u8]| u64::from_le_bytes(b[..8].try_into().unwrap());
    let le4 = |b: &[u8]| u64::from(u32::from_le_bytes(b[..4].try_into().unwrap()));
    if r >= 8 {
        // the second load's bytes past the first 8 land at 8..r of the word
        let hi = if r == 8 {
            0
        } else {
            le8(&w[r - 8..]) >> (8 * (16 - r))
        };
        (le8(w), hi)
    } else if r >= 4 {
        (le4(w) | le4(&w[r - 4..]) << (8 * (r - 4)), 0)
    } else if r > 0 {
        let b = |i: usize| u64::from(w[i]) << (8 * i);
        (b(0) | b(r / 2) | b(r - 1), 0)
    } else {
        (0, 0)
    }
}

/// The last block of a message as four little-endian-loaded 16-byte
/// words (before the big-endian swap): the message's last `rest.len() <
/// 64` bytes, `0x80`, zeros, and with `bits` the bit length in the last
/// eight bytes (then `rest.len() < 56`). Lengths are public: the branches
/// and the table index depend on them only.
#[inline(always)]
unsafe fn padded(rest: &[u8], bits: Option<u64>) -> [__m128i; 4] {
    let len = rest.len();
    debug_assert!(len < 64 && (bits.is_none() || len < 56));
    let (j, r) = (len / 16, len % 16);
    // SAFETY: each load reads 16 bytes inside `rest` (`16 i + 16 <= len`
    // for the whole words; `len >= 16` for the shifted one) or 16 bytes of
    // `PAD_SHIFT` (`32 - r + 16 <= 48`); the caller's target features
    // cover SSSE3.
    unsafe {
        let mut m = [_mm_setzero_si128(); 4];
        for (i, w) in m.iter_mut().enumerate().take(j) {
            *w = _mm_loadu_si128(rest.as_ptr().add(16 * i).cast());
        }
        let (lo, hi) = if len >= 16 {
            // the last 16 bytes, moved down to 0..r
            let v = _mm_loadu_si128(rest.as_ptr().add(len - 16).cast());
            let sh = _mm_loadu_si128(PAD_SHIFT.as_ptr().add(32 - r).cast());
            let v = _mm_shuffle_epi8(v, sh);
            (
                _mm_cvtsi128_si64(v) as u64,
                _mm_cvtsi128_si64(_mm_unpackhi_epi64(v, v)) as u64,
            )
        } else {
            partial_word(rest)
        };
        let (lo, hi) = if r < 8 {
            (lo | 0x80 << (8 * r), hi)
        } else {
            (lo, hi | 0x80 << (8 * (r - 8)))
        };
        m[j] = _mm_set_epi64x(hi as i64, lo as i64);
        if let Some(bits) = bits {
            // big-endian, in bytes 56..64
            m[3] = _mm_or_si128(m[3], _mm_set_epi64x(bits.swap_bytes() as i64, 0));
        }
        m
    }
}

/// HMAC's outer block for SHA-256 (`OUT = 32`) or SHA-224 (`OUT = 28`):
/// the inner digest's first `OUT` bytes, `0x80`, zeros and the bit length
/// `bits`, compressed into `state`. The message words are built in
/// registers from the inner hash's state words (the digest's big-endian
/// words are those words), not stored as bytes and loaded back.
///
/// # Safety
/// The CPU must support SHA, SSE2, SSSE3 and SSE4.1.
#[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
pub(super) unsafe fn outer_block<const OUT: usize>(
    state: &mut [u32; 8],
    inner: &[u32; 8],
    bits: u64,
) {
    const { assert!(OUT == 32 || OUT == 28) };
    // SAFETY: the target features above are the kernel's requirements;
    // the loads read the 32 bytes of `inner`.
    unsafe {
        let (a, c) = load_state(state);
        let (mut abef, mut cdgh) = ([a], [c]);
        let pad = 0x8000_0000u32 as i32;
        let w0 = _mm_loadu_si128(inner.as_ptr().cast());
        let mut w1 = _mm_loadu_si128(inner.as_ptr().add(4).cast());
        let mut w2 = _mm_set_epi32(0, 0, 0, pad);
        if OUT == 28 {
            w1 = _mm_insert_epi32::<3>(w1, pad);
            w2 = _mm_setzero_si128();
        }
        let w3 = _mm_set_epi32(bits as u32 as i32, (bits >> 32) as u32 as i32, 0, 0);
        block_words::<1>(&mut abef, &mut cdgh, [[w0, w1, w2, w3]]);
        store_state(state, abef[0], cdgh[0]);
    }
}
