//! SHA-256 with the ARMv8 cryptographic extension.
//!
//! The state lives in two vectors, ABCD and EFGH. Each group of four rounds
//! adds K to four message words and runs `sha256h` / `sha256h2` (which need
//! the ABCD value from before the group); the schedule for the group four
//! ahead is `sha256su0` then `sha256su1`, as in the ARM ARM's description
//! of the instructions and the CRYPTOGAMS `sha256-armv8` module.
//!
//! [`compress_multi`] interleaves up to four independent streams so the
//! others' rounds fill one stream's latency; both entry points share one
//! lane-generic kernel (aarch64's 32 vector registers hold four streams).

use core::arch::aarch64::*;

use super::K;

/// `L` independent streams, each over the same number of whole blocks.
// The last groups update schedule words nobody reads; the compiler drops them.
#[allow(unused_assignments)]
#[inline]
#[target_feature(enable = "neon,sha2")]
unsafe fn compress_lanes<const L: usize>(states: &mut [[u32; 8]; L], blocks: [&[u8]; L]) {
    let n = blocks[0].len() / 64;
    debug_assert!(blocks.iter().all(|b| b.len() == n * 64));
    // SAFETY: the caller's target features cover NEON and
    // SHA2; `state` loads/stores are 8 words; every block load reads 16
    // bytes of a 64-byte block inside its slice (`i < n`, `n * 64 <= len`).
    unsafe {
        let mut abcd = [vdupq_n_u32(0); L];
        let mut efgh = [vdupq_n_u32(0); L];
        for l in 0..L {
            abcd[l] = vld1q_u32(states[l].as_ptr());
            efgh[l] = vld1q_u32(states[l].as_ptr().add(4));
        }
        for i in 0..n {
            let abcd_in = abcd;
            let efgh_in = efgh;
            let mut m = [[vdupq_n_u32(0); 4]; L];
            for l in 0..L {
                let p = blocks[l].as_ptr().add(64 * i);
                for (j, w) in m[l].iter_mut().enumerate() {
                    *w = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p.add(16 * j))));
                }
            }

            // Rounds 4g..4g+3 on m[g % 4]; for g < 12, m[g % 4] then becomes
            // the message words of group g + 4.
            macro_rules! group {
                ($g:literal) => {{
                    let k = vld1q_u32(K.as_ptr().add(4 * $g));
                    for l in 0..L {
                        let wk = vaddq_u32(m[l][$g % 4], k);
                        let abcd_prev = abcd[l];
                        abcd[l] = vsha256hq_u32(abcd[l], efgh[l], wk);
                        efgh[l] = vsha256h2q_u32(efgh[l], abcd_prev, wk);
                    }
                    if $g < 12 {
                        for l in 0..L {
                            let t = vsha256su0q_u32(m[l][$g % 4], m[l][($g + 1) % 4]);
                            m[l][$g % 4] =
                                vsha256su1q_u32(t, m[l][($g + 2) % 4], m[l][($g + 3) % 4]);
                        }
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

            for l in 0..L {
                abcd[l] = vaddq_u32(abcd[l], abcd_in[l]);
                efgh[l] = vaddq_u32(efgh[l], efgh_in[l]);
            }
        }
        for (l, s) in states.iter_mut().enumerate() {
            vst1q_u32(s.as_mut_ptr(), abcd[l]);
            vst1q_u32(s.as_mut_ptr().add(4), efgh[l]);
        }
    }
}

/// Compresses each 64-byte block of `blocks` into `state`.
///
/// # Safety
/// The CPU must support NEON and the SHA-256 instructions.
#[target_feature(enable = "neon,sha2")]
pub(super) unsafe fn compress(state: &mut [u32; 8], blocks: &[u8]) {
    // SAFETY: the target features above are the kernel's requirements.
    unsafe { compress_lanes::<1>(core::array::from_mut(state), [blocks]) }
}

/// `L` independent streams, each over the same number of whole blocks
/// (every `blocks[i].len()` equal, a multiple of 64), interleaved.
///
/// # Safety
/// The CPU must support NEON and the SHA-256 instructions.
#[target_feature(enable = "neon,sha2")]
pub(super) unsafe fn compress_multi<const L: usize>(
    states: &mut [[u32; 8]; L],
    blocks: [&[u8]; L],
) {
    // SAFETY: as for `compress`.
    unsafe { compress_lanes::<L>(states, blocks) }
}
