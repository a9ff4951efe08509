//! SHA-512 with the ARMv8.2 SHA-512 instructions.
//!
//! The state lives in four vectors AB, CD, EF, GH (lane 0 = the first
//! letter). Each pair of rounds adds K to two message words and runs
//! `sha512h` (the two T1 values, from H + K + W, the F/G pair and the D/E
//! pair) and `sha512h2` (the two new A values, from C and AB); the new EF
//! is CD plus the T1 pair. The schedule for the pair eight ahead is
//! `sha512su0` then `sha512su1`. This follows the instructions' pseudocode
//! in the Arm Architecture Reference Manual, the same technique as
//! CRYPTOGAMS `sha512-armv8` and the Linux kernel's `sha512-ce` module.

use core::arch::aarch64::*;

use super::K;

/// Compresses each 128-byte block of `blocks` into `state`.
///
/// # Safety
/// The CPU must support NEON and the SHA-512 instructions.
// The last pairs update schedule words nobody reads; the compiler drops them.
#[allow(unused_assignments)]
#[target_feature(enable = "neon,sha3")]
pub(super) unsafe fn compress(state: &mut [u64; 8], blocks: &[u8]) {
    let s = state.as_ptr();
    // SAFETY: `state` is 8 u64s: four 2-lane loads.
    let (mut ab, mut cd, mut ef, mut gh) = unsafe {
        (
            vld1q_u64(s),
            vld1q_u64(s.add(2)),
            vld1q_u64(s.add(4)),
            vld1q_u64(s.add(6)),
        )
    };

    for block in blocks.chunks_exact(128) {
        let (ab_in, cd_in, ef_in, gh_in) = (ab, cd, ef, gh);
        let p = block.as_ptr();
        // Big-endian words: reverse the bytes of each 64-bit lane.
        // SAFETY: `block` is 128 bytes: eight 16-byte loads.
        let load = |i: usize| unsafe { vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(p.add(16 * i)))) };
        let mut m = [
            load(0),
            load(1),
            load(2),
            load(3),
            load(4),
            load(5),
            load(6),
            load(7),
        ];

        // Rounds 2j, 2j + 1 on m[j % 8]; for j < 32, m[j % 8] then becomes
        // the message words of pair j + 8.
        macro_rules! pair {
            ($j:literal) => {{
                // SAFETY: `$j < 40`, so the 2-lane load stays inside K.
                let kw = vaddq_u64(m[$j % 8], unsafe { vld1q_u64(K.as_ptr().add(2 * $j)) });
                // H + K + W of the first round in lane 1, G + K + W of the
                // second in lane 0.
                let hg = vaddq_u64(gh, vextq_u64::<1>(kw, kw));
                let fg = vextq_u64::<1>(ef, gh);
                let de = vextq_u64::<1>(cd, ef);
                // Lane 1: T1 of the first round; lane 0: of the second.
                let t1 = vsha512hq_u64(hg, fg, de);
                let ef_new = vaddq_u64(cd, t1);
                let ab_new = vsha512h2q_u64(t1, cd, ab);
                gh = ef;
                ef = ef_new;
                cd = ab;
                ab = ab_new;
                if $j < 32 {
                    let w9 = vextq_u64::<1>(m[($j + 4) % 8], m[($j + 5) % 8]);
                    let t = vsha512su0q_u64(m[$j % 8], m[($j + 1) % 8]);
                    m[$j % 8] = vsha512su1q_u64(t, m[($j + 7) % 8], w9);
                }
            }};
        }
        pair!(0);
        pair!(1);
        pair!(2);
        pair!(3);
        pair!(4);
        pair!(5);
        pair!(6);
        pair!(7);
        pair!(8);
        pair!(9);
        pair!(10);
        pair!(11);
        pair!(12);
        pair!(13);
        pair!(14);
        pair!(15);
        pair!(16);
        pair!(17);
        pair!(18);
        pair!(19);
        pair!(20);
        pair!(21);
        pair!(22);
        pair!(23);
        pair!(24);
        pair!(25);
        pair!(26);
        pair!(27);
        pair!(28);
        pair!(29);
        pair!(30);
        pair!(31);
        pair!(32);
        pair!(33);
        pair!(34);
        pair!(35);
        pair!(36);
        pair!(37);
        pair!(38);
        pair!(39);

        ab = vaddq_u64(ab, ab_in);
        cd = vaddq_u64(cd, cd_in);
        ef = vaddq_u64(ef, ef_in);
        gh = vaddq_u64(gh, gh_in);
    }

    let s = state.as_mut_ptr();
    // SAFETY: four 2-lane stores into the 8-word `state`.
    unsafe {
        vst1q_u64(s, ab);
        vst1q_u64(s.add(2), cd);
        vst1q_u64(s.add(4), ef);
        vst1q_u64(s.add(6), gh);
    }
}
