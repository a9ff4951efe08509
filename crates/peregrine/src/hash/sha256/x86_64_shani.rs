//! SHA-256 with the x86 SHA extensions.
//!
//! The technique of Intel's "New Instructions Supporting the Secure Hash
//! Algorithm on Intel Architecture Processors" (2013): the state is kept as
//! the two vectors ABEF and CDGH that `sha256rnds2` works on; each group of
//! four rounds adds K to four message words, runs `sha256rnds2` twice (the
//! second time on the high half), and the schedule for the group four ahead
//! is computed in between with `sha256msg1`, `palignr` and `sha256msg2`.
//! SHA-NI is latency-bound (one block is a chain of 32 `sha256rnds2`), so
//! the schedule work hides in the shadow of the rounds.

use core::arch::x86_64::*;

use super::K;

#[inline(always)]
unsafe fn k4(g: usize) -> __m128i {
    // SAFETY: `g < 16`, so the 16-byte load stays inside K.
    unsafe { _mm_loadu_si128(K.as_ptr().add(4 * g).cast()) }
}

/// Compresses each 64-byte block of `blocks` into `state`.
///
/// # Safety
/// The CPU must support SHA, SSE2, SSSE3 and SSE4.1.
// The last groups update schedule words nobody reads; the compiler drops them.
#[allow(unused_assignments)]
#[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
pub(super) unsafe fn compress(state: &mut [u32; 8], blocks: &[u8]) {
    // Big-endian word loads: reverse the bytes of each 32-bit lane.
    let bswap = _mm_set_epi64x(0x0c0d0e0f_08090a0b, 0x04050607_00010203);

    // SAFETY: `state` is 8 u32s = two 16-byte loads.
    let (dcba, hgfe) = unsafe {
        (
            _mm_loadu_si128(state.as_ptr().cast::<__m128i>()),
            _mm_loadu_si128(state.as_ptr().add(4).cast::<__m128i>()),
        )
    };
    let cdab = _mm_shuffle_epi32(dcba, 0xb1);
    let efgh = _mm_shuffle_epi32(hgfe, 0x1b);
    let mut abef = _mm_alignr_epi8(cdab, efgh, 8);
    let mut cdgh = _mm_blend_epi16(efgh, cdab, 0xf0);

    for block in blocks.chunks_exact(64) {
        let abef_in = abef;
        let cdgh_in = cdgh;
        let p = block.as_ptr();
        // SAFETY: `block` is 64 bytes: four 16-byte loads.
        let mut m = unsafe {
            [
                _mm_shuffle_epi8(_mm_loadu_si128(p.cast()), bswap),
                _mm_shuffle_epi8(_mm_loadu_si128(p.add(16).cast()), bswap),
                _mm_shuffle_epi8(_mm_loadu_si128(p.add(32).cast()), bswap),
                _mm_shuffle_epi8(_mm_loadu_si128(p.add(48).cast()), bswap),
            ]
        };

        // Rounds 4g..4g+3 on message words m[g % 4]. While they run, the
        // schedule computes words 4(g+1).. (for 3 <= g <= 14) and starts
        // msg1 for a later group (for 1 <= g <= 12).
        macro_rules! group {
            ($g:literal) => {{
                // SAFETY: `$g < 16`.
                let wk = _mm_add_epi32(m[$g % 4], unsafe { k4($g) });
                cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk);
                if $g >= 3 && $g <= 14 {
                    let w7 = _mm_alignr_epi8(m[$g % 4], m[($g + 3) % 4], 4);
                    let t = _mm_add_epi32(m[($g + 1) % 4], w7);
                    m[($g + 1) % 4] = _mm_sha256msg2_epu32(t, m[$g % 4]);
                }
                abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(wk, 0x0e));
                if $g >= 1 && $g <= 12 {
                    m[($g + 3) % 4] = _mm_sha256msg1_epu32(m[($g + 3) % 4], m[$g % 4]);
                }
            }};
        }
        group!(0);
        group!(1);
        group!(2);
        group!(3);
        group!(4);
        group!(5);
        group!(6);
        group!(7);
        group!(8);
        group!(9);
        group!(10);
        group!(11);
        group!(12);
        group!(13);
        group!(14);
        group!(15);

        abef = _mm_add_epi32(abef, abef_in);
        cdgh = _mm_add_epi32(cdgh, cdgh_in);
    }

    // Back from ABEF/CDGH to A..H order.
    let feba = _mm_shuffle_epi32(abef, 0x1b);
    let dchg = _mm_shuffle_epi32(cdgh, 0xb1);
    let dcba = _mm_blend_epi16(feba, dchg, 0xf0);
    let hgfe = _mm_alignr_epi8(dchg, feba, 8);
    // SAFETY: two 16-byte stores into the 32-byte `state`.
    unsafe {
        _mm_storeu_si128(state.as_mut_ptr().cast::<__m128i>(), dcba);
        _mm_storeu_si128(state.as_mut_ptr().add(4).cast::<__m128i>(), hgfe);
    }
}
