//! Portable MD5 compression.
//!
//! RFC 1321 with all 64 steps unrolled and the four state words rotating by
//! renaming, so they stay in registers. Each step is
//! `a = b + rotl(a + M[g] + K[i] + f(b, c, d), s)`, written so that every
//! term except the one that needs `b` (the previous step's result) is
//! summed first, off the critical path:
//!
//! - F = `d ^ (b & (c ^ d))`: `c ^ d` is ready early; two operations on `b`.
//! - G = `(b & d) | (c & !d)`, and the two terms never share a bit, so it
//!   is `(c & !d) + (b & d)`: `c & !d` joins the early sum and only one
//!   `and` and one `add` wait for `b`. This is the "G trick" of the
//!   OpenSSL and Linux assembly.
//! - H = `b ^ (c ^ d)`: one operation on `b`.
//! - I = `c ^ (b | !d)`: `!d` is ready early.
//!
//! Only additions, rotations and bitwise operations: constant time by
//! construction.

/// K[i] = floor(2^32 * |sin(i + 1)|), RFC 1321 section 3.4.
const K: [u32; 64] = [
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
];

/// Compresses each 64-byte block of `blocks` into `state`.
pub(super) fn compress(state: &mut [u32; 4], blocks: &[u8]) {
    for block in blocks.chunks_exact(64) {
        // The constants are read through an opaque pointer. Were they
        // visible, LLVM would move every `+ K[i]` to the end of its sum
        // (constants go last when it reassociates), after `f`: one more
        // addition on the critical path of every step, about 20% slower.
        // Loaded, they join the early sum of `a + M[g] + K[i]`.
        let k: &[u32; 64] = core::hint::black_box(&K);
        let mut x = [0u32; 16];
        for (xi, c) in x.iter_mut().zip(block.chunks_exact(4)) {
            *xi = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        }
        let [mut a, mut b, mut c, mut d] = *state;

        // One step: `$a` becomes the new value; `$m` indexes the message
        // word, `$i` the constant, `$s` is the rotation.
        macro_rules! ff {
            ($a:ident, $b:ident, $c:ident, $d:ident, $m:expr, $i:expr, $s:expr) => {
                $a = $a
                    .wrapping_add(x[$m])
                    .wrapping_add(k[$i])
                    .wrapping_add($d ^ ($b & ($c ^ $d)))
                    .rotate_left($s)
                    .wrapping_add($b);
            };
        }
        macro_rules! gg {
            ($a:ident, $b:ident, $c:ident, $d:ident, $m:expr, $i:expr, $s:expr) => {
                $a = $a
                    .wrapping_add(x[$m])
                    .wrapping_add(k[$i])
                    .wrapping_add($c & !$d)
                    .wrapping_add($b & $d)
                    .rotate_left($s)
                    .wrapping_add($b);
            };
        }
        macro_rules! hh {
            ($a:ident, $b:ident, $c:ident, $d:ident, $m:expr, $i:expr, $s:expr) => {
                $a = $a
                    .wrapping_add(x[$m])
                    .wrapping_add(k[$i])
                    .wrapping_add($b ^ ($c ^ $d))
                    .rotate_left($s)
                    .wrapping_add($b);
            };
        }
        macro_rules! ii {
            ($a:ident, $b:ident, $c:ident, $d:ident, $m:expr, $i:expr, $s:expr) => {
                $a = $a
                    .wrapping_add(x[$m])
                    .wrapping_add(k[$i])
                    .wrapping_add($c ^ ($b | !$d))
                    .rotate_left($s)
                    .wrapping_add($b);
            };
        }

        // Round 1: M[i], shifts 7 12 17 22.
        ff!(a, b, c, d, 0, 0, 7);
        ff!(d, a, b, c, 1, 1, 12);
        ff!(c, d, a, b, 2, 2, 17);
        ff!(b, c, d, a, 3, 3, 22);
        ff!(a, b, c, d, 4, 4, 7);
        ff!(d, a, b, c, 5, 5, 12);
        ff!(c, d, a, b, 6, 6, 17);
        ff!(b, c, d, a, 7, 7, 22);
        ff!(a, b, c, d, 8, 8, 7);
        ff!(d, a, b, c, 9, 9, 12);
        ff!(c, d, a, b, 10, 10, 17);
        ff!(b, c, d, a, 11, 11, 22);
        ff!(a, b, c, d, 12, 12, 7);
        ff!(d, a, b, c, 13, 13, 12);
        ff!(c, d, a, b, 14, 14, 17);
        ff!(b, c, d, a, 15, 15, 22);

        // Round 2: M[(1 + 5i) % 16], shifts 5 9 14 20.
        gg!(a, b, c, d, 1, 16, 5);
        gg!(d, a, b, c, 6, 17, 9);
        gg!(c, d, a, b, 11, 18, 14);
        gg!(b, c, d, a, 0, 19, 20);
        gg!(a, b, c, d, 5, 20, 5);
        gg!(d, a, b, c, 10, 21, 9);
        gg!(c, d, a, b, 15, 22, 14);
        gg!(b, c, d, a, 4, 23, 20);
        gg!(a, b, c, d, 9, 24, 5);
        gg!(d, a, b, c, 14, 25, 9);
        gg!(c, d, a, b, 3, 26, 14);
        gg!(b, c, d, a, 8, 27, 20);
        gg!(a, b, c, d, 13, 28, 5);
        gg!(d, a, b, c, 2, 29, 9);
        gg!(c, d, a, b, 7, 30, 14);
        gg!(b, c, d, a, 12, 31, 20);

        // Round 3: M[(5 + 3i) % 16], shifts 4 11 16 23.
        hh!(a, b, c, d, 5, 32, 4);
        hh!(d, a, b, c, 8, 33, 11);
        hh!(c, d, a, b, 11, 34, 16);
        hh!(b, c, d, a, 14, 35, 23);
        hh!(a, b, c, d, 1, 36, 4);
        hh!(d, a, b, c, 4, 37, 11);
        hh!(c, d, a, b, 7, 38, 16);
        hh!(b, c, d, a, 10, 39, 23);
        hh!(a, b, c, d, 13, 40, 4);
        hh!(d, a, b, c, 0, 41, 11);
        hh!(c, d, a, b, 3, 42, 16);
        hh!(b, c, d, a, 6, 43, 23);
        hh!(a, b, c, d, 9, 44, 4);
        hh!(d, a, b, c, 12, 45, 11);
        hh!(c, d, a, b, 15, 46, 16);
        hh!(b, c, d, a, 2, 47, 23);

        // Round 4: M[7i % 16], shifts 6 10 15 21.
        ii!(a, b, c, d, 0, 48, 6);
        ii!(d, a, b, c, 7, 49, 10);
        ii!(c, d, a, b, 14, 50, 15);
        ii!(b, c, d, a, 5, 51, 21);
        ii!(a, b, c, d, 12, 52, 6);
        ii!(d, a, b, c, 3, 53, 10);
        ii!(c, d, a, b, 10, 54, 15);
        ii!(b, c, d, a, 1, 55, 21);
        ii!(a, b, c, d, 8, 56, 6);
        ii!(d, a, b, c, 15, 57, 10);
        ii!(c, d, a, b, 6, 58, 15);
        ii!(b, c, d, a, 13, 59, 21);
        ii!(a, b, c, d, 4, 60, 6);
        ii!(d, a, b, c, 11, 61, 10);
        ii!(c, d, a, b, 2, 62, 15);
        ii!(b, c, d, a, 9, 63, 21);

        for (s, v) in state.iter_mut().zip([a, b, c, d]) {
            *s = s.wrapping_add(v);
        }
    }
}
