//! Portable SHA-512 compression.
//!
//! Straight FIPS 180-4 with every round unrolled (eight a loop iteration
//! under the `small` feature): the eight working
//! variables rotate by renaming in the macro calls instead of by moves, and
//! the message schedule lives in a 16-word ring computed just in time, so
//! the whole block stays in registers on 64-bit targets. Maj carries the
//! previous round's a ^ b. Only additions, rotations and bitwise
//! operations: constant time by construction.

use super::K;

#[inline(always)]
fn big_sigma0(x: u64) -> u64 {
    x.rotate_right(28) ^ x.rotate_right(34) ^ x.rotate_right(39)
}
#[inline(always)]
fn big_sigma1(x: u64) -> u64 {
    x.rotate_right(14) ^ x.rotate_right(18) ^ x.rotate_right(41)
}
#[inline(always)]
fn small_sigma0(x: u64) -> u64 {
    x.rotate_right(1) ^ x.rotate_right(8) ^ (x >> 7)
}
#[inline(always)]
fn small_sigma1(x: u64) -> u64 {
    x.rotate_right(19) ^ x.rotate_right(61) ^ (x >> 6)
}
#[inline(always)]
fn ch(e: u64, f: u64, g: u64) -> u64 {
    g ^ (e & (f ^ g))
}

/// Compresses each 128-byte block of `blocks` into `state`.
// The last rounds store schedule words nobody reads; the compiler drops them.
#[allow(unused_assignments)]
pub(super) fn compress(state: &mut [u64; 8], blocks: &[u8]) {
    for block in blocks.chunks_exact(128) {
        let mut w = [0u64; 16];
        for (wi, c) in w.iter_mut().zip(block.chunks_exact(8)) {
            *wi = u64::from_be_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
        }
        let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut h] = *state;
        // Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c)), and this round's b ^ c is
        // the previous round's a ^ b: one operation saved per round.
        let mut bc = b ^ c;

        // One round; `$i` is the round number, the variables are passed in
        // their rotated roles.
        macro_rules! round {
            ($a:ident, $b:ident, $c:ident, $d:ident, $e:ident, $f:ident, $g:ident, $h:ident, $i:expr) => {
                let wi = if $i < 16 {
                    w[$i & 15]
                } else {
                    let v = small_sigma1(w[($i - 2) & 15])
                        .wrapping_add(w[($i - 7) & 15])
                        .wrapping_add(small_sigma0(w[($i - 15) & 15]))
                        .wrapping_add(w[$i & 15]);
                    w[$i & 15] = v;
                    v
                };
                let t1 = $h
                    .wrapping_add(big_sigma1($e))
                    .wrapping_add(ch($e, $f, $g))
                    .wrapping_add(K[$i])
                    .wrapping_add(wi);
                let ab = $a ^ $b;
                let t2 = big_sigma0($a).wrapping_add($b ^ (ab & bc));
                bc = ab;
                $d = $d.wrapping_add(t1);
                $h = t1.wrapping_add(t2);
            };
        }
        // Eight rounds from each index given.
        macro_rules! eight {
            ($($i:expr),+) => {$(
                round!(a, b, c, d, e, f, g, h, $i);
                round!(h, a, b, c, d, e, f, g, $i + 1);
                round!(g, h, a, b, c, d, e, f, $i + 2);
                round!(f, g, h, a, b, c, d, e, $i + 3);
                round!(e, f, g, h, a, b, c, d, $i + 4);
                round!(d, e, f, g, h, a, b, c, $i + 5);
                round!(c, d, e, f, g, h, a, b, $i + 6);
                round!(b, c, d, e, f, g, h, a, $i + 7);
            )+};
        }
        // Unrolled, or under the `small` feature eight rounds a loop
        // iteration (the round index is public).
        #[cfg(not(feature = "small"))]
        eight!(0, 8, 16, 24, 32, 40, 48, 56, 64, 72);
        #[cfg(feature = "small")]
        for i in (0..80).step_by(8) {
            eight!(i);
        }

        for (s, v) in state.iter_mut().zip([a, b, c, d, e, f, g, h]) {
            *s = s.wrapping_add(v);
        }
    }
}
