//! SHA-256 with the ARMv8 cryptographic extension.
//!
//! The state lives in two vectors, ABCD and EFGH. Each group of four rounds
//! adds K to four message words and runs `sha256h` / `sha256h2` (which need
//! the ABCD value from before the group); the schedule for the group four
//! ahead is `sha256su0` then `sha256su1`, as in the ARM ARM's description
//! of the instructions and the CRYPTOGAMS `sha256-armv8` module.

use core::arch::aarch64::*;

use super::K;

/// Compresses each 64-byte block of `blocks` into `state`.
///
/// # Safety
/// The CPU must support NEON and the SHA-256 instructions.
// The last groups update schedule words nobody reads; the compiler drops them.
#[allow(unused_assignments)]
#[target_feature(enable = "neon,sha2")]
pub(super) unsafe fn compress(state: &mut [u32; 8], blocks: &[u8]) {
    // SAFETY: `state` is 8 u32s: two 4-lane loads.
    let (mut abcd, mut efgh) =
        unsafe { (vld1q_u32(state.as_ptr()), vld1q_u32(state.as_ptr().add(4))) };

    for block in blocks.chunks_exact(64) {
        let abcd_in = abcd;
        let efgh_in = efgh;
        let p = block.as_ptr();
        // SAFETY: `block` is 64 bytes: four 16-byte loads.
        let mut m = unsafe {
            [
                vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p))),
                vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p.add(16)))),
                vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p.add(32)))),
                vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p.add(48)))),
            ]
        };

        // Rounds 4g..4g+3 on m[g % 4]; for g < 12, m[g % 4] then becomes the
        // message words of group g + 4.
        macro_rules! group {
            ($g:literal) => {{
                // SAFETY: `$g < 16`, so the 4-lane load stays inside K.
                let wk = vaddq_u32(m[$g % 4], unsafe { vld1q_u32(K.as_ptr().add(4 * $g)) });
                let abcd_prev = abcd;
                abcd = vsha256hq_u32(abcd, efgh, wk);
                efgh = vsha256h2q_u32(efgh, abcd_prev, wk);
                if $g < 12 {
                    let t = vsha256su0q_u32(m[$g % 4], m[($g + 1) % 4]);
                    m[$g % 4] = vsha256su1q_u32(t, m[($g + 2) % 4], m[($g + 3) % 4]);
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

        abcd = vaddq_u32(abcd, abcd_in);
        efgh = vaddq_u32(efgh, efgh_in);
    }

    // SAFETY: two 4-lane stores into the 8-word `state`.
    unsafe {
        vst1q_u32(state.as_mut_ptr(), abcd);
        vst1q_u32(state.as_mut_ptr().add(4), efgh);
    }
}
