//! SHA-1 with the x86 SHA extensions.
//!
//! The technique of Intel's "New Instructions Supporting the Secure Hash
//! Algorithm on Intel Architecture Processors" (2013): the state is the
//! vector ABCD (A in the top lane) plus E in the top lane of a second
//! vector. Each group of four rounds is one `sha1rnds4`; the E input of a
//! group is `sha1nexte` of the ABCD value from before the previous group
//! (E four rounds on is A rotated by 30) added to the group's message
//! words. The schedule for later groups runs in between, spread over three
//! groups per four new words: `sha1msg1` (W[t-16] ^ W[t-14]) three groups
//! ahead, the `pxor` of W[t-8] two groups ahead, `sha1msg2` (W[t-3] and the
//! rotation) one group ahead.
//!
//! A block is a chain of 20 dependent `sha1rnds4`, so SHA-NI SHA-1 is
//! latency-bound; `sha1nexte` and the schedule are off that chain (each
//! depends on values a group old) and run in its shadow, and the loads and
//! byte swaps of the next block have no dependence on the state, so the
//! out-of-order core starts them while the current block's rounds run.

use core::arch::x86_64::*;

/// Compresses each 64-byte block of `blocks` into `state`.
///
/// # Safety
/// The CPU must support SHA, SSE2, SSSE3 and SSE4.1.
// The last groups update schedule words nobody reads; the compiler drops them.
#[allow(unused_assignments)]
#[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
pub(super) unsafe fn compress(state: &mut [u32; 5], blocks: &[u8]) {
    // Big-endian words with W0 in the top lane: reverse all 16 bytes.
    let bswap = _mm_set_epi64x(0x00010203_04050607, 0x08090a0b_0c0d0e0f);

    // SAFETY: `state` is 5 u32s: the first four are one 16-byte load.
    let dcba = unsafe { _mm_loadu_si128(state.as_ptr().cast::<__m128i>()) };
    let mut abcd = _mm_shuffle_epi32(dcba, 0x1b);
    let mut e0 = _mm_set_epi32(state[4] as i32, 0, 0, 0);

    for block in blocks.chunks_exact(64) {
        let abcd_in = abcd;
        let e_in = e0;
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
        // ABCD from before the previous group: the source of the next E.
        let mut prev = abcd;

        // Rounds 4g..4g+3 on m[g % 4] with round function `$f` (g / 5).
        // m[(g + 1) % 4] gets its last step (msg2) for group g + 1, m[(g +
        // 2) % 4] its middle step for group g + 2, m[(g + 3) % 4] its first
        // step (msg1) for group g + 3.
        macro_rules! group {
            ($g:literal, $f:literal) => {{
                let e = if $g == 0 {
                    _mm_add_epi32(e0, m[0])
                } else {
                    _mm_sha1nexte_epu32(prev, m[$g % 4])
                };
                prev = abcd;
                if $g >= 3 && $g <= 18 {
                    m[($g + 1) % 4] = _mm_sha1msg2_epu32(m[($g + 1) % 4], m[$g % 4]);
                }
                abcd = _mm_sha1rnds4_epu32::<$f>(abcd, e);
                if $g >= 1 && $g <= 16 {
                    m[($g + 3) % 4] = _mm_sha1msg1_epu32(m[($g + 3) % 4], m[$g % 4]);
                }
                if $g >= 2 && $g <= 17 {
                    m[($g + 2) % 4] = _mm_xor_si128(m[($g + 2) % 4], m[$g % 4]);
                }
            }};
        }
        group!(0, 0);
        group!(1, 0);
        group!(2, 0);
        group!(3, 0);
        group!(4, 0);
        group!(5, 1);
        group!(6, 1);
        group!(7, 1);
        group!(8, 1);
        group!(9, 1);
        group!(10, 2);
        group!(11, 2);
        group!(12, 2);
        group!(13, 2);
        group!(14, 2);
        group!(15, 3);
        group!(16, 3);
        group!(17, 3);
        group!(18, 3);
        group!(19, 3);

        // E after round 79 is A from before the last group, rotated.
        e0 = _mm_sha1nexte_epu32(prev, e_in);
        abcd = _mm_add_epi32(abcd, abcd_in);
    }

    let dcba = _mm_shuffle_epi32(abcd, 0x1b);
    // SAFETY: one 16-byte store into the first four words of `state`.
    unsafe { _mm_storeu_si128(state.as_mut_ptr().cast::<__m128i>(), dcba) };
    state[4] = _mm_extract_epi32::<3>(e0) as u32;
}
