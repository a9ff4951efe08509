//! Portable SHA-256 compression.
//!
//! Straight FIPS 180-4 with every round unrolled: the eight working
//! variables rotate by renaming in the macro calls instead of by moves, and
//! the message schedule lives in a 16-word ring computed just in time, so
//! the whole block stays in registers on 64-bit targets. Only additions,
//! rotations and bitwise operations: constant time by construction.

use super::K;

#[inline(always)]
fn big_sigma0(x: u32) -> u32 {
    x.rotate_right(2) ^ x.rotate_right(13) ^ x.rotate_right(22)
}
#[inline(always)]
fn big_sigma1(x: u32) -> u32 {
    x.rotate_right(6) ^ x.rotate_right(11) ^ x.rotate_right(25)
}
#[inline(always)]
fn small_sigma0(x: u32) -> u32 {
    x.rotate_right(7) ^ x.rotate_right(18) ^ (x >> 3)
}
#[inline(always)]
fn small_sigma1(x: u32) -> u32 {
    x.rotate_right(17) ^ x.rotate_right(19) ^ (x >> 10)
}
#[inline(always)]
fn ch(e: u32, f: u32, g: u32) -> u32 {
    g ^ (e & (f ^ g))
}

/// Compresses each 64-byte block of `blocks` into `state`.
// The last rounds store schedule words nobody reads; the compiler drops them.
#[allow(unused_assignments)]
pub(super) fn compress(state: &mut [u32; 8], blocks: &[u8]) {
    for block in blocks.chunks_exact(64) {
        let mut w = [0u32; 16];
        for (wi, c) in w.iter_mut().zip(block.chunks_exact(4)) {
            *wi = u32::from_be_bytes([c[0], c[1], c[2], c[3]]);
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
        macro_rules! eight {
            ($i:expr) => {
                round!(a, b, c, d, e, f, g, h, $i);
                round!(h, a, b, c, d, e, f, g, $i + 1);
                round!(g, h, a, b, c, d, e, f, $i + 2);
                round!(f, g, h, a, b, c, d, e, $i + 3);
                round!(e, f, g, h, a, b, c, d, $i + 4);
                round!(d, e, f, g, h, a, b, c, $i + 5);
                round!(c, d, e, f, g, h, a, b, $i + 6);
                round!(b, c, d, e, f, g, h, a, $i + 7);
            };
        }
        eight!(0);
        eight!(8);
        eight!(16);
        eight!(24);
        eight!(32);
        eight!(40);
        eight!(48);
        eight!(56);

        for (s, v) in state.iter_mut().zip([a, b, c, d, e, f, g, h]) {
            *s = s.wrapping_add(v);
        }
    }
}
