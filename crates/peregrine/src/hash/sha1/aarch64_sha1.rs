//! SHA-1 with the ARMv8 cryptographic extension.
//!
//! The state is the vector ABCD plus E as a scalar. Each group of four
//! rounds adds the round constant to four message words and runs one of
//! `sha1c` (rounds 0-19, Ch), `sha1p` (20-39 and 60-79, parity) or `sha1m`
//! (40-59, Maj); the next group's E is `sha1h` (A rotated by 30) of the
//! ABCD value from before the group. The schedule for the group four ahead
//! is `sha1su0` then `sha1su1`, as in the ARM ARM's description of the
//! instructions and the CRYPTOGAMS `sha1-armv8` module.

use core::arch::aarch64::*;

use super::K;

/// Compresses each 64-byte block of `blocks` into `state`.
///
/// # Safety
/// The CPU must support NEON and the SHA-1 instructions (Rust's `sha2`
/// target feature covers both SHA-1 and SHA-256).
// The last groups update schedule words nobody reads; the compiler drops them.
#[allow(unused_assignments)]
#[target_feature(enable = "neon,sha2")]
pub(super) unsafe fn compress(state: &mut [u32; 5], blocks: &[u8]) {
    // SAFETY: `state` is 5 u32s: the first four are one 4-lane load.
    let mut abcd = unsafe { vld1q_u32(state.as_ptr()) };
    let mut e = state[4];
    let k = [
        vdupq_n_u32(K[0]),
        vdupq_n_u32(K[1]),
        vdupq_n_u32(K[2]),
        vdupq_n_u32(K[3]),
    ];

    for block in blocks.chunks_exact(64) {
        let abcd_in = abcd;
        let e_in = e;
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

        // Rounds 4g..4g+3 on m[g % 4] with `$op`; for g < 16, m[g % 4] then
        // becomes the message words of group g + 4.
        macro_rules! group {
            ($g:literal, $op:ident) => {{
                let wk = vaddq_u32(m[$g % 4], k[$g / 5]);
                let e_next = vsha1h_u32(vgetq_lane_u32::<0>(abcd));
                abcd = $op(abcd, e, wk);
                e = e_next;
                if $g < 16 {
                    let t = vsha1su0q_u32(m[$g % 4], m[($g + 1) % 4], m[($g + 2) % 4]);
                    m[$g % 4] = vsha1su1q_u32(t, m[($g + 3) % 4]);
                }
            }};
        }
        group!(0, vsha1cq_u32);
        group!(1, vsha1cq_u32);
        group!(2, vsha1cq_u32);
        group!(3, vsha1cq_u32);
        group!(4, vsha1cq_u32);
        group!(5, vsha1pq_u32);
        group!(6, vsha1pq_u32);
        group!(7, vsha1pq_u32);
        group!(8, vsha1pq_u32);
        group!(9, vsha1pq_u32);
        group!(10, vsha1mq_u32);
        group!(11, vsha1mq_u32);
        group!(12, vsha1mq_u32);
        group!(13, vsha1mq_u32);
        group!(14, vsha1mq_u32);
        group!(15, vsha1pq_u32);
        group!(16, vsha1pq_u32);
        group!(17, vsha1pq_u32);
        group!(18, vsha1pq_u32);
        group!(19, vsha1pq_u32);

        abcd = vaddq_u32(abcd, abcd_in);
        e = e.wrapping_add(e_in);
    }

    // SAFETY: one 4-lane store into the first four words of `state`.
    unsafe { vst1q_u32(state.as_mut_ptr(), abcd) };
    state[4] = e;
}
