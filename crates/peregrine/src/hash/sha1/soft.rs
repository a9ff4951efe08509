//! Portable SHA-1 compression.
//!
//! Straight FIPS 180-4 with all 80 rounds unrolled: the five working
//! variables rotate by renaming in the macro calls instead of by moves, and
//! the message schedule lives in a 16-word ring computed just in time, so
//! the block stays in registers on 64-bit targets. Maj is written as the sum
//! of two disjoint terms, `(b & c) + (d & (b ^ c))`, so the compiler may
//! fold it into the chain of additions. Only additions, rotations and
//! bitwise operations: constant time by construction.

use super::K;

#[inline(always)]
fn ch(b: u32, c: u32, d: u32) -> u32 {
    d ^ (b & (c ^ d))
}
#[inline(always)]
fn parity(b: u32, c: u32, d: u32) -> u32 {
    b ^ c ^ d
}
#[inline(always)]
fn maj(b: u32, c: u32, d: u32) -> u32 {
    // b & c and d & (b ^ c) never share a set bit, so + is |.
    (b & c).wrapping_add(d & (b ^ c))
}

/// Compresses each 64-byte block of `blocks` into `state`.
// The last rounds store schedule words nobody reads; the compiler drops them.
#[allow(unused_assignments)]
pub(super) fn compress(state: &mut [u32; 5], blocks: &[u8]) {
    // The constants go through an opaque copy. Were they visible, LLVM
    // would add them last (constants go last when it reassociates), after
    // `rotl(a, 5)`: one more addition on the critical path of every round,
    // about 6% slower. Opaque, they join the early sum `e + W[t] + K`.
    let k = core::hint::black_box(K);
    for block in blocks.chunks_exact(64) {
        let mut w = [0u32; 16];
        for (wi, c) in w.iter_mut().zip(block.chunks_exact(4)) {
            *wi = u32::from_be_bytes([c[0], c[1], c[2], c[3]]);
        }
        let [mut a, mut b, mut c, mut d, mut e] = *state;

        // One round; `$i` is the round number, the variables are passed in
        // their rotated roles (`$e` becomes the new `a`).
        macro_rules! round {
            ($a:ident, $b:ident, $c:ident, $d:ident, $e:ident, $f:ident, $i:expr) => {
                let wi = if $i < 16 {
                    w[$i & 15]
                } else {
                    let v = (w[($i - 3) & 15] ^ w[($i - 8) & 15] ^ w[($i - 14) & 15] ^ w[$i & 15])
                        .rotate_left(1);
                    w[$i & 15] = v;
                    v
                };
                $e = $e
                    .wrapping_add(wi)
                    .wrapping_add(k[$i / 20])
                    .wrapping_add($f($b, $c, $d))
                    .wrapping_add($a.rotate_left(5));
                $b = $b.rotate_left(30);
            };
        }
        macro_rules! five {
            ($f:ident, $i:expr) => {
                round!(a, b, c, d, e, $f, $i);
                round!(e, a, b, c, d, $f, $i + 1);
                round!(d, e, a, b, c, $f, $i + 2);
                round!(c, d, e, a, b, $f, $i + 3);
                round!(b, c, d, e, a, $f, $i + 4);
            };
        }
        five!(ch, 0);
        five!(ch, 5);
        five!(ch, 10);
        five!(ch, 15);
        five!(parity, 20);
        five!(parity, 25);
        five!(parity, 30);
        five!(parity, 35);
        five!(maj, 40);
        five!(maj, 45);
        five!(maj, 50);
        five!(maj, 55);
        five!(parity, 60);
        five!(parity, 65);
        five!(parity, 70);
        five!(parity, 75);

        for (s, v) in state.iter_mut().zip([a, b, c, d, e]) {
            *s = s.wrapping_add(v);
        }
    }
}
