//! Portable SM3 compression (GB/T 32905-2016, section 5.3).
//!
//! The message expansion builds the 68 words `W` once per block; `W'[j]` is
//! `W[j] ^ W[j + 4]`, computed where it is used. The 64 steps run four at a
//! time with the state words rotating by renaming (as in OpenSSL's
//! `sm3_local.h`): a step writes only `D` (the new `A`), `H` (the new `E`)
//! and rotates `B` and `F` in place, and the next step takes
//! `(D, A, B, C, H, E, F, G)`.
//!
//! The constants `rotl(T_j, j mod 32)` are a table indexed by the step
//! number, never by data. Only additions, rotations and bitwise operations
//! on the data: constant time by construction.

/// `rotl(T_j, j mod 32)`, with `T_j` = 0x79cc4519 for `j < 16` and
/// 0x7a879d8a after (section 4.2).
const TJ: [u32; 64] = {
    let mut t = [0u32; 64];
    let mut j = 0;
    while j < 64 {
        let base: u32 = if j < 16 { 0x79cc_4519 } else { 0x7a87_9d8a };
        t[j] = base.rotate_left((j % 32) as u32);
        j += 1;
    }
    t
};

#[inline(always)]
fn p0(x: u32) -> u32 {
    x ^ x.rotate_left(9) ^ x.rotate_left(17)
}

#[inline(always)]
fn p1(x: u32) -> u32 {
    x ^ x.rotate_left(15) ^ x.rotate_left(23)
}

/// FF and GG for steps 0..16: `x ^ y ^ z`.
#[inline(always)]
fn ff0(x: u32, y: u32, z: u32) -> u32 {
    x ^ y ^ z
}

/// FF for steps 16..64: the majority function.
#[inline(always)]
fn ff1(x: u32, y: u32, z: u32) -> u32 {
    (x & y) | (z & (x | y))
}

/// GG for steps 16..64: `(x & y) | (!x & z)`, as a select.
#[inline(always)]
fn gg1(x: u32, y: u32, z: u32) -> u32 {
    z ^ (x & (y ^ z))
}

/// Compresses each 64-byte block of `blocks` into `state`.
pub(super) fn compress(state: &mut [u32; 8], blocks: &[u8]) {
    for block in blocks.chunks_exact(64) {
        let mut w = [0u32; 68];
        for (wi, c) in w.iter_mut().zip(block.chunks_exact(4)) {
            *wi = u32::from_be_bytes([c[0], c[1], c[2], c[3]]);
        }
        for j in 16..68 {
            w[j] = p1(w[j - 16] ^ w[j - 9] ^ w[j - 3].rotate_left(15))
                ^ w[j - 13].rotate_left(7)
                ^ w[j - 6];
        }
        let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut h] = *state;

        macro_rules! step {
            ($ff:ident, $gg:ident, $j:expr,
             $a:ident, $b:ident, $c:ident, $d:ident, $e:ident, $f:ident, $g:ident, $h:ident) => {
                let j = $j;
                let a12 = $a.rotate_left(12);
                let ss1 = a12.wrapping_add($e).wrapping_add(TJ[j]).rotate_left(7);
                let ss2 = ss1 ^ a12;
                let tt1 = $ff($a, $b, $c)
                    .wrapping_add($d)
                    .wrapping_add(ss2)
                    .wrapping_add(w[j] ^ w[j + 4]);
                let tt2 = $gg($e, $f, $g)
                    .wrapping_add($h)
                    .wrapping_add(ss1)
                    .wrapping_add(w[j]);
                $b = $b.rotate_left(9);
                $d = tt1;
                $f = $f.rotate_left(19);
                $h = p0(tt2);
            };
        }
        macro_rules! four {
            ($ff:ident, $gg:ident, $j:expr) => {
                step!($ff, $gg, $j, a, b, c, d, e, f, g, h);
                step!($ff, $gg, $j + 1, d, a, b, c, h, e, f, g);
                step!($ff, $gg, $j + 2, c, d, a, b, g, h, e, f);
                step!($ff, $gg, $j + 3, b, c, d, a, f, g, h, e);
            };
        }

        for j in (0..16).step_by(4) {
            four!(ff0, ff0, j);
        }
        for j in (16..64).step_by(4) {
            four!(ff1, gg1, j);
        }

        for (s, v) in state.iter_mut().zip([a, b, c, d, e, f, g, h]) {
            *s ^= v;
        }
    }
}
