//! Portable RIPEMD-160 compression.
//!
//! The two parallel lines of H. Dobbertin, A. Bosselaers and B. Preneel,
//! "RIPEMD-160: A Strengthened Version of RIPEMD" (FSE 1996), fully
//! unrolled and interleaved step by step (left step `j`, right step `j`),
//! so the two independent chains overlap. The five state words of each
//! line rotate by renaming, as in the reference code: a step is
//! `a = rotl(a + f(b, c, d) + X[r] + K, s) + e; c = rotl(c, 10)`, and the
//! next step takes `(e, a, b, c, d)`.
//!
//! The message word order `r`, rotations `s` and constants `K` are the
//! paper's; every index and rotation is a constant of the unrolled code.
//! Only additions, rotations and bitwise operations on the data: constant
//! time by construction.

#[inline(always)]
fn f1(x: u32, y: u32, z: u32) -> u32 {
    x ^ y ^ z
}

#[inline(always)]
fn f2(x: u32, y: u32, z: u32) -> u32 {
    // (x & y) | (!x & z), as a select.
    z ^ (x & (y ^ z))
}

#[inline(always)]
fn f3(x: u32, y: u32, z: u32) -> u32 {
    (x | !y) ^ z
}

#[inline(always)]
fn f4(x: u32, y: u32, z: u32) -> u32 {
    // (x & z) | (y & !z), as a select.
    y ^ (z & (x ^ y))
}

#[inline(always)]
fn f5(x: u32, y: u32, z: u32) -> u32 {
    x ^ (y | !z)
}

/// Compresses each 64-byte block of `blocks` into `state`.
pub(super) fn compress(state: &mut [u32; 5], blocks: &[u8]) {
    for block in blocks.chunks_exact(64) {
        let mut x = [0u32; 16];
        for (xi, c) in x.iter_mut().zip(block.chunks_exact(4)) {
            *xi = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        }
        let [mut a, mut b, mut c, mut d, mut e] = *state;
        let [mut ar, mut br, mut cr, mut dr, mut er] = *state;

        macro_rules! step {
            ($f:ident, $a:ident, $b:ident, $c:ident, $d:ident, $e:ident, $x:expr, $k:expr, $s:expr) => {
                $a = $a
                    .wrapping_add($f($b, $c, $d))
                    .wrapping_add($x)
                    .wrapping_add($k)
                    .rotate_left($s)
                    .wrapping_add($e);
                $c = $c.rotate_left(10);
            };
        }

        // Round 1: left f1, right f5.
        step!(f1, a, b, c, d, e, x[0], 0x0000_0000, 11);
        step!(f5, ar, br, cr, dr, er, x[5], 0x50a2_8be6, 8);
        step!(f1, e, a, b, c, d, x[1], 0x0000_0000, 14);
        step!(f5, er, ar, br, cr, dr, x[14], 0x50a2_8be6, 9);
        step!(f1, d, e, a, b, c, x[2], 0x0000_0000, 15);
        step!(f5, dr, er, ar, br, cr, x[7], 0x50a2_8be6, 9);
        step!(f1, c, d, e, a, b, x[3], 0x0000_0000, 12);
        step!(f5, cr, dr, er, ar, br, x[0], 0x50a2_8be6, 11);
        step!(f1, b, c, d, e, a, x[4], 0x0000_0000, 5);
        step!(f5, br, cr, dr, er, ar, x[9], 0x50a2_8be6, 13);
        step!(f1, a, b, c, d, e, x[5], 0x0000_0000, 8);
        step!(f5, ar, br, cr, dr, er, x[2], 0x50a2_8be6, 15);
        step!(f1, e, a, b, c, d, x[6], 0x0000_0000, 7);
        step!(f5, er, ar, br, cr, dr, x[11], 0x50a2_8be6, 15);
        step!(f1, d, e, a, b, c, x[7], 0x0000_0000, 9);
        step!(f5, dr, er, ar, br, cr, x[4], 0x50a2_8be6, 5);
        step!(f1, c, d, e, a, b, x[8], 0x0000_0000, 11);
        step!(f5, cr, dr, er, ar, br, x[13], 0x50a2_8be6, 7);
        step!(f1, b, c, d, e, a, x[9], 0x0000_0000, 13);
        step!(f5, br, cr, dr, er, ar, x[6], 0x50a2_8be6, 7);
        step!(f1, a, b, c, d, e, x[10], 0x0000_0000, 14);
        step!(f5, ar, br, cr, dr, er, x[15], 0x50a2_8be6, 8);
        step!(f1, e, a, b, c, d, x[11], 0x0000_0000, 15);
        step!(f5, er, ar, br, cr, dr, x[8], 0x50a2_8be6, 11);
        step!(f1, d, e, a, b, c, x[12], 0x0000_0000, 6);
        step!(f5, dr, er, ar, br, cr, x[1], 0x50a2_8be6, 14);
        step!(f1, c, d, e, a, b, x[13], 0x0000_0000, 7);
        step!(f5, cr, dr, er, ar, br, x[10], 0x50a2_8be6, 14);
        step!(f1, b, c, d, e, a, x[14], 0x0000_0000, 9);
        step!(f5, br, cr, dr, er, ar, x[3], 0x50a2_8be6, 12);
        step!(f1, a, b, c, d, e, x[15], 0x0000_0000, 8);
        step!(f5, ar, br, cr, dr, er, x[12], 0x50a2_8be6, 6);
        // Round 2: left f2, right f4.
        step!(f2, e, a, b, c, d, x[7], 0x5a82_7999, 7);
        step!(f4, er, ar, br, cr, dr, x[6], 0x5c4d_d124, 9);
        step!(f2, d, e, a, b, c, x[4], 0x5a82_7999, 6);
        step!(f4, dr, er, ar, br, cr, x[11], 0x5c4d_d124, 13);
        step!(f2, c, d, e, a, b, x[13], 0x5a82_7999, 8);
        step!(f4, cr, dr, er, ar, br, x[3], 0x5c4d_d124, 15);
        step!(f2, b, c, d, e, a, x[1], 0x5a82_7999, 13);
        step!(f4, br, cr, dr, er, ar, x[7], 0x5c4d_d124, 7);
        step!(f2, a, b, c, d, e, x[10], 0x5a82_7999, 11);
        step!(f4, ar, br, cr, dr, er, x[0], 0x5c4d_d124, 12);
        step!(f2, e, a, b, c, d, x[6], 0x5a82_7999, 9);
        step!(f4, er, ar, br, cr, dr, x[13], 0x5c4d_d124, 8);
        step!(f2, d, e, a, b, c, x[15], 0x5a82_7999, 7);
        step!(f4, dr, er, ar, br, cr, x[5], 0x5c4d_d124, 9);
        step!(f2, c, d, e, a, b, x[3], 0x5a82_7999, 15);
        step!(f4, cr, dr, er, ar, br, x[10], 0x5c4d_d124, 11);
        step!(f2, b, c, d, e, a, x[12], 0x5a82_7999, 7);
        step!(f4, br, cr, dr, er, ar, x[14], 0x5c4d_d124, 7);
        step!(f2, a, b, c, d, e, x[0], 0x5a82_7999, 12);
        step!(f4, ar, br, cr, dr, er, x[15], 0x5c4d_d124, 7);
        step!(f2, e, a, b, c, d, x[9], 0x5a82_7999, 15);
        step!(f4, er, ar, br, cr, dr, x[8], 0x5c4d_d124, 12);
        step!(f2, d, e, a, b, c, x[5], 0x5a82_7999, 9);
        step!(f4, dr, er, ar, br, cr, x[12], 0x5c4d_d124, 7);
        step!(f2, c, d, e, a, b, x[2], 0x5a82_7999, 11);
        step!(f4, cr, dr, er, ar, br, x[4], 0x5c4d_d124, 6);
        step!(f2, b, c, d, e, a, x[14], 0x5a82_7999, 7);
        step!(f4, br, cr, dr, er, ar, x[9], 0x5c4d_d124, 15);
        step!(f2, a, b, c, d, e, x[11], 0x5a82_7999, 13);
        step!(f4, ar, br, cr, dr, er, x[1], 0x5c4d_d124, 13);
        step!(f2, e, a, b, c, d, x[8], 0x5a82_7999, 12);
        step!(f4, er, ar, br, cr, dr, x[2], 0x5c4d_d124, 11);
        // Round 3: left f3, right f3.
        step!(f3, d, e, a, b, c, x[3], 0x6ed9_eba1, 11);
        step!(f3, dr, er, ar, br, cr, x[15], 0x6d70_3ef3, 9);
        step!(f3, c, d, e, a, b, x[10], 0x6ed9_eba1, 13);
        step!(f3, cr, dr, er, ar, br, x[5], 0x6d70_3ef3, 7);
        step!(f3, b, c, d, e, a, x[14], 0x6ed9_eba1, 6);
        step!(f3, br, cr, dr, er, ar, x[1], 0x6d70_3ef3, 15);
        step!(f3, a, b, c, d, e, x[4], 0x6ed9_eba1, 7);
        step!(f3, ar, br, cr, dr, er, x[3], 0x6d70_3ef3, 11);
        step!(f3, e, a, b, c, d, x[9], 0x6ed9_eba1, 14);
        step!(f3, er, ar, br, cr, dr, x[7], 0x6d70_3ef3, 8);
        step!(f3, d, e, a, b, c, x[15], 0x6ed9_eba1, 9);
        step!(f3, dr, er, ar, br, cr, x[14], 0x6d70_3ef3, 6);
        step!(f3, c, d, e, a, b, x[8], 0x6ed9_eba1, 13);
        step!(f3, cr, dr, er, ar, br, x[6], 0x6d70_3ef3, 6);
        step!(f3, b, c, d, e, a, x[1], 0x6ed9_eba1, 15);
        step!(f3, br, cr, dr, er, ar, x[9], 0x6d70_3ef3, 14);
        step!(f3, a, b, c, d, e, x[2], 0x6ed9_eba1, 14);
        step!(f3, ar, br, cr, dr, er, x[11], 0x6d70_3ef3, 12);
        step!(f3, e, a, b, c, d, x[7], 0x6ed9_eba1, 8);
        step!(f3, er, ar, br, cr, dr, x[8], 0x6d70_3ef3, 13);
        step!(f3, d, e, a, b, c, x[0], 0x6ed9_eba1, 13);
        step!(f3, dr, er, ar, br, cr, x[12], 0x6d70_3ef3, 5);
        step!(f3, c, d, e, a, b, x[6], 0x6ed9_eba1, 6);
        step!(f3, cr, dr, er, ar, br, x[2], 0x6d70_3ef3, 14);
        step!(f3, b, c, d, e, a, x[13], 0x6ed9_eba1, 5);
        step!(f3, br, cr, dr, er, ar, x[10], 0x6d70_3ef3, 13);
        step!(f3, a, b, c, d, e, x[11], 0x6ed9_eba1, 12);
        step!(f3, ar, br, cr, dr, er, x[0], 0x6d70_3ef3, 13);
        step!(f3, e, a, b, c, d, x[5], 0x6ed9_eba1, 7);
        step!(f3, er, ar, br, cr, dr, x[4], 0x6d70_3ef3, 7);
        step!(f3, d, e, a, b, c, x[12], 0x6ed9_eba1, 5);
        step!(f3, dr, er, ar, br, cr, x[13], 0x6d70_3ef3, 5);
        // Round 4: left f4, right f2.
        step!(f4, c, d, e, a, b, x[1], 0x8f1b_bcdc, 11);
        step!(f2, cr, dr, er, ar, br, x[8], 0x7a6d_76e9, 15);
        step!(f4, b, c, d, e, a, x[9], 0x8f1b_bcdc, 12);
        step!(f2, br, cr, dr, er, ar, x[6], 0x7a6d_76e9, 5);
        step!(f4, a, b, c, d, e, x[11], 0x8f1b_bcdc, 14);
        step!(f2, ar, br, cr, dr, er, x[4], 0x7a6d_76e9, 8);
        step!(f4, e, a, b, c, d, x[10], 0x8f1b_bcdc, 15);
        step!(f2, er, ar, br, cr, dr, x[1], 0x7a6d_76e9, 11);
        step!(f4, d, e, a, b, c, x[0], 0x8f1b_bcdc, 14);
        step!(f2, dr, er, ar, br, cr, x[3], 0x7a6d_76e9, 14);
        step!(f4, c, d, e, a, b, x[8], 0x8f1b_bcdc, 15);
        step!(f2, cr, dr, er, ar, br, x[11], 0x7a6d_76e9, 14);
        step!(f4, b, c, d, e, a, x[12], 0x8f1b_bcdc, 9);
        step!(f2, br, cr, dr, er, ar, x[15], 0x7a6d_76e9, 6);
        step!(f4, a, b, c, d, e, x[4], 0x8f1b_bcdc, 8);
        step!(f2, ar, br, cr, dr, er, x[0], 0x7a6d_76e9, 14);
        step!(f4, e, a, b, c, d, x[13], 0x8f1b_bcdc, 9);
        step!(f2, er, ar, br, cr, dr, x[5], 0x7a6d_76e9, 6);
        step!(f4, d, e, a, b, c, x[3], 0x8f1b_bcdc, 14);
        step!(f2, dr, er, ar, br, cr, x[12], 0x7a6d_76e9, 9);
        step!(f4, c, d, e, a, b, x[7], 0x8f1b_bcdc, 5);
        step!(f2, cr, dr, er, ar, br, x[2], 0x7a6d_76e9, 12);
        step!(f4, b, c, d, e, a, x[15], 0x8f1b_bcdc, 6);
        step!(f2, br, cr, dr, er, ar, x[13], 0x7a6d_76e9, 9);
        step!(f4, a, b, c, d, e, x[14], 0x8f1b_bcdc, 8);
        step!(f2, ar, br, cr, dr, er, x[9], 0x7a6d_76e9, 12);
        step!(f4, e, a, b, c, d, x[5], 0x8f1b_bcdc, 6);
        step!(f2, er, ar, br, cr, dr, x[7], 0x7a6d_76e9, 5);
        step!(f4, d, e, a, b, c, x[6], 0x8f1b_bcdc, 5);
        step!(f2, dr, er, ar, br, cr, x[10], 0x7a6d_76e9, 15);
        step!(f4, c, d, e, a, b, x[2], 0x8f1b_bcdc, 12);
        step!(f2, cr, dr, er, ar, br, x[14], 0x7a6d_76e9, 8);
        // Round 5: left f5, right f1.
        step!(f5, b, c, d, e, a, x[4], 0xa953_fd4e, 9);
        step!(f1, br, cr, dr, er, ar, x[12], 0x0000_0000, 8);
        step!(f5, a, b, c, d, e, x[0], 0xa953_fd4e, 15);
        step!(f1, ar, br, cr, dr, er, x[15], 0x0000_0000, 5);
        step!(f5, e, a, b, c, d, x[5], 0xa953_fd4e, 5);
        step!(f1, er, ar, br, cr, dr, x[10], 0x0000_0000, 12);
        step!(f5, d, e, a, b, c, x[9], 0xa953_fd4e, 11);
        step!(f1, dr, er, ar, br, cr, x[4], 0x0000_0000, 9);
        step!(f5, c, d, e, a, b, x[7], 0xa953_fd4e, 6);
        step!(f1, cr, dr, er, ar, br, x[1], 0x0000_0000, 12);
        step!(f5, b, c, d, e, a, x[12], 0xa953_fd4e, 8);
        step!(f1, br, cr, dr, er, ar, x[5], 0x0000_0000, 5);
        step!(f5, a, b, c, d, e, x[2], 0xa953_fd4e, 13);
        step!(f1, ar, br, cr, dr, er, x[8], 0x0000_0000, 14);
        step!(f5, e, a, b, c, d, x[10], 0xa953_fd4e, 12);
        step!(f1, er, ar, br, cr, dr, x[7], 0x0000_0000, 6);
        step!(f5, d, e, a, b, c, x[14], 0xa953_fd4e, 5);
        step!(f1, dr, er, ar, br, cr, x[6], 0x0000_0000, 8);
        step!(f5, c, d, e, a, b, x[1], 0xa953_fd4e, 12);
        step!(f1, cr, dr, er, ar, br, x[2], 0x0000_0000, 13);
        step!(f5, b, c, d, e, a, x[3], 0xa953_fd4e, 13);
        step!(f1, br, cr, dr, er, ar, x[13], 0x0000_0000, 6);
        step!(f5, a, b, c, d, e, x[8], 0xa953_fd4e, 14);
        step!(f1, ar, br, cr, dr, er, x[14], 0x0000_0000, 5);
        step!(f5, e, a, b, c, d, x[11], 0xa953_fd4e, 11);
        step!(f1, er, ar, br, cr, dr, x[0], 0x0000_0000, 15);
        step!(f5, d, e, a, b, c, x[6], 0xa953_fd4e, 8);
        step!(f1, dr, er, ar, br, cr, x[3], 0x0000_0000, 13);
        step!(f5, c, d, e, a, b, x[15], 0xa953_fd4e, 5);
        step!(f1, cr, dr, er, ar, br, x[9], 0x0000_0000, 11);
        step!(f5, b, c, d, e, a, x[13], 0xa953_fd4e, 6);
        step!(f1, br, cr, dr, er, ar, x[11], 0x0000_0000, 11);

        let t = state[1].wrapping_add(c).wrapping_add(dr);
        state[1] = state[2].wrapping_add(d).wrapping_add(er);
        state[2] = state[3].wrapping_add(e).wrapping_add(ar);
        state[3] = state[4].wrapping_add(a).wrapping_add(br);
        state[4] = state[0].wrapping_add(b).wrapping_add(cr);
        state[0] = t;
    }
}
