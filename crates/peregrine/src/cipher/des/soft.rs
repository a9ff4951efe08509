//! Portable DES, constant time: no table lookup or branch on secret data.
//!
//! Two forms of the same cipher:
//!
//! - Bitsliced across blocks ([`crypt_bitsliced`]): 64 blocks are
//!   transposed so that word `j` holds bit `j` of every block; the initial
//!   and final permutations, the expansion and P become free renamings, and
//!   each S-box is a boolean circuit. The circuit is written once, generic
//!   over a [`Lane`] (a `u64` here, a 256-bit register in the AVX2
//!   backend). Each S-box output bit is the sum over the 8 minterms of the
//!   low three input bits of (minterm AND a sum of minterms of the high
//!   three), read from the public S-box table at compile time.
//! - One block at a time ([`crypt_block`], for CBC encryption and short
//!   inputs): each S-box output bit is bit `index` of a 64-bit truth table,
//!   extracted with a variable shift (constant time on x86-64 and AArch64,
//!   which shift by any count in the same time; no memory is indexed).

use super::tables::{E, IP, P, SBOX};
use super::{Stages, lanes_mask};

/// A word of bitsliced lanes: `u64` (64 blocks) or a SIMD register.
pub(crate) trait Lane: Copy {
    /// Every lane equal to the mask `m` (0 or all ones) in every 64-bit part.
    fn splat(m: u64) -> Self;
    fn xor(self, o: Self) -> Self;
    fn and(self, o: Self) -> Self;
    fn not(self) -> Self;
}

impl Lane for u64 {
    #[inline(always)]
    fn splat(m: u64) -> Self {
        m
    }
    #[inline(always)]
    fn xor(self, o: Self) -> Self {
        self ^ o
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        self & o
    }
    #[inline(always)]
    fn not(self) -> Self {
        !self
    }
}

/// The S-box `s` value at 6-bit input `x` (bit 5 first, as in FIPS 46-3).
const fn sbox_at(s: usize, x: usize) -> u8 {
    let row = ((x >> 4) & 2) | (x & 1);
    let col = (x >> 1) & 15;
    SBOX[s][row * 16 + col]
}

/// For S-box `s`, output bit `b` (0 = most significant) and low minterm
/// `j`: the set of high minterms `i` where `S(8i + j)` has the bit.
const fn high_set(s: usize, b: usize, j: usize) -> u8 {
    let mut set = 0u8;
    let mut i = 0;
    while i < 8 {
        if (sbox_at(s, i * 8 + j) >> (3 - b)) & 1 == 1 {
            set |= 1 << i;
        }
        i += 1;
    }
    set
}

const fn high_sets() -> [[[u8; 8]; 4]; 8] {
    let mut t = [[[0u8; 8]; 4]; 8];
    let mut s = 0;
    while s < 8 {
        let mut b = 0;
        while b < 4 {
            let mut j = 0;
            while j < 8 {
                t[s][b][j] = high_set(s, b, j);
                j += 1;
            }
            b += 1;
        }
        s += 1;
    }
    t
}

/// [`high_set`] for every S-box, output bit and low minterm.
const HIGH: [[[u8; 8]; 4]; 8] = high_sets();

/// The 8 minterms of three variables (`x[0]` most significant).
#[inline(always)]
fn minterms<T: Lane>(x0: T, x1: T, x2: T) -> [T; 8] {
    let (n0, n1, n2) = (x0.not(), x1.not(), x2.not());
    let q = [n0.and(n1), n0.and(x1), x0.and(n1), x0.and(x1)];
    [
        q[0].and(n2),
        q[0].and(x2),
        q[1].and(n2),
        q[1].and(x2),
        q[2].and(n2),
        q[2].and(x2),
        q[3].and(n2),
        q[3].and(x2),
    ]
}

/// The sum (XOR, the minterms being disjoint) of the minterms in `set`,
/// through the complement when that is shorter (all eight sum to one).
/// `set` is a constant at every (inlined) call site, so every `if` here
/// folds away at compile time; none depends on data.
#[inline(always)]
fn sum<T: Lane>(a: &[T; 8], set: u8) -> T {
    let invert = set.count_ones() > 4;
    let set = if invert { !set } else { set };
    let mut v: Option<T> = None;
    macro_rules! add {
        ($($i:literal)*) => {$(
            if (set >> $i) & 1 == 1 {
                v = Some(match v {
                    None => a[$i],
                    Some(x) => x.xor(a[$i]),
                });
            }
        )*};
    }
    add!(0 1 2 3 4 5 6 7);
    let v = v.unwrap_or(T::splat(0));
    if invert { v.not() } else { v }
}

/// S-box `S` on bitsliced inputs (`x[0]` is the first bit); returns the
/// four output bits, first bit first. Every branch here is on the public
/// S-box table (constant indices into a constant) and folds away at
/// compile time; the macros unroll every loop so that it can.
///
/// (`sbox_bit!` is one output bit: the sum over the low minterms `j`.)
macro_rules! sbox_bit {
    ($s:ident, $hi:ident, $lo:ident, $b:literal; $($j:literal)*) => {{
        let mut acc = None;
        $(
            let set = HIGH[$s][$b][$j];
            if set != 0 {
                let t = if set == 0xff { $lo[$j] } else { sum(&$hi, set).and($lo[$j]) };
                acc = Some(match acc {
                    None => t,
                    Some(v) => Lane::xor(v, t),
                });
            }
        )*
        acc.unwrap_or(Lane::splat(0))
    }};
}

#[inline(always)]
fn sbox<T: Lane, const S: usize>(x: [T; 6]) -> [T; 4] {
    let hi = minterms(x[0], x[1], x[2]);
    let lo = minterms(x[3], x[4], x[5]);
    [
        sbox_bit!(S, hi, lo, 0; 0 1 2 3 4 5 6 7),
        sbox_bit!(S, hi, lo, 1; 0 1 2 3 4 5 6 7),
        sbox_bit!(S, hi, lo, 2; 0 1 2 3 4 5 6 7),
        sbox_bit!(S, hi, lo, 3; 0 1 2 3 4 5 6 7),
    ]
}

/// `l ^= f(r, k)` on bitsliced halves (`l[i]` is bit `i + 1` of the half).
#[inline(always)]
fn half_round<T: Lane>(l: &mut [T; 32], r: &[T; 32], k: u64) {
    macro_rules! one {
        ($s:literal) => {{
            let mut x = [T::splat(0); 6];
            for (j, xj) in x.iter_mut().enumerate() {
                let n = 6 * $s + j;
                let kb = lanes_mask(k >> (47 - n));
                *xj = r[E[n] as usize - 1].xor(T::splat(kb));
            }
            let y = sbox::<T, $s>(x);
            for (j, yj) in y.iter().enumerate() {
                // S-box output bit 4s + j + 1 goes to f position PINV[4s + j].
                l[PINV[4 * $s + j] as usize] = l[PINV[4 * $s + j] as usize].xor(*yj);
            }
        }};
    }
    one!(0);
    one!(1);
    one!(2);
    one!(3);
    one!(4);
    one!(5);
    one!(6);
    one!(7);
}

const fn p_inverse() -> [u8; 32] {
    let mut inv = [0u8; 32];
    let mut i = 0;
    while i < 32 {
        inv[P[i] as usize - 1] = i as u8;
        i += 1;
    }
    inv
}

/// For each S-box output bit (0-based), its 0-based position in f's output.
pub(crate) const PINV: [u8; 32] = p_inverse();

/// Every stage (one for DES, three for 3DES) on bitsliced state: `w[j]` is
/// bit `j` (least significant first) of each block as a big-endian `u64`.
#[inline(always)]
pub(crate) fn crypt_bitsliced<T: Lane>(w: &mut [T; 64], stages: &Stages) {
    let mut l = [T::splat(0); 32];
    let mut r = [T::splat(0); 32];
    for i in 0..32 {
        l[i] = w[64 - IP[i] as usize];
        r[i] = w[64 - IP[32 + i] as usize];
    }
    let mut swapped = false;
    for st in stages.iter() {
        let (a, b) = if swapped {
            (&mut r, &mut l)
        } else {
            (&mut l, &mut r)
        };
        for pair in st.chunks_exact(2) {
            half_round(a, b, pair[0]);
            half_round(b, a, pair[1]);
        }
        swapped = !swapped;
    }
    // The pre-output is R16 || L16 of the last stage: after an odd number
    // of stages the roles are swapped, so it is (l, r) then.
    let (first, second) = if swapped { (&r, &l) } else { (&l, &r) };
    for i in 0..32 {
        w[64 - IP[i] as usize] = first[i];
        w[64 - IP[32 + i] as usize] = second[i];
    }
}

/// Transposes a 64 x 64 bit matrix: afterwards bit `c` of `x[r]` is what
/// bit `r` of `x[c]` was.
#[inline(always)]
pub(crate) fn transpose64(x: &mut [u64; 64]) {
    let mut j = 32;
    let mut m: u64 = 0x0000_0000_ffff_ffff;
    while j != 0 {
        let mut k = 0;
        while k < 64 {
            let t = ((x[k] >> j) ^ x[k + j]) & m;
            x[k] ^= t << j;
            x[k + j] ^= t;
            k = (k + j + 1) & !j;
        }
        j >>= 1;
        m ^= m << j;
    }
}

/// Encrypts or decrypts (as `stages` says) up to 64 blocks, bitsliced.
#[inline(always)]
pub(crate) fn crypt64(stages: &Stages, blocks: &mut [u64]) {
    let mut w = [0u64; 64];
    w[..blocks.len()].copy_from_slice(blocks);
    transpose64(&mut w);
    crypt_bitsliced::<u64>(&mut w, stages);
    transpose64(&mut w);
    blocks.copy_from_slice(&w[..blocks.len()]);
    crate::ct::wipe(&mut w);
}

/// Below this many blocks the one-block form is faster than a bitsliced
/// batch of 64.
pub(crate) const SERIAL_BELOW: usize = 6;

/// Any number of blocks: bitsliced batches of 64, the one-block form for
/// a short tail.
#[inline(always)]
pub(crate) fn crypt_blocks(stages: &Stages, blocks: &mut [u64]) {
    let mut chunks = blocks.chunks_mut(64);
    for c in &mut chunks {
        if c.len() < SERIAL_BELOW {
            for b in c.iter_mut() {
                *b = crypt_block(stages, *b);
            }
        } else {
            crypt64(stages, c);
        }
    }
}

const fn truth_tables() -> [[u64; 4]; 8] {
    let mut t = [[0u64; 4]; 8];
    let mut s = 0;
    while s < 8 {
        let mut b = 0;
        while b < 4 {
            let mut x = 0;
            while x < 64 {
                if (sbox_at(s, x) >> (3 - b)) & 1 == 1 {
                    t[s][b] |= 1 << x;
                }
                x += 1;
            }
            b += 1;
        }
        s += 1;
    }
    t
}

/// Bit `x` of `TRUTH[s][b]` is output bit `b` (first bit first) of S-box
/// `s` at input `x`.
pub(crate) const TRUTH: [[u64; 4]; 8] = truth_tables();

/// The f function on one block: `r` and the 48-bit subkey `k`, bit 1 most
/// significant.
#[inline(always)]
fn f(r: u32, k: u64) -> u32 {
    let mut out = 0u32;
    for s in 0..8 {
        // E's window for S-box s is bits 4s .. 4s+5 of R (1-based, cyclic).
        let idx = (u64::from(r.rotate_right((59 - 4 * s as u32) % 32)) ^ (k >> (42 - 6 * s))) & 63;
        for b in 0..4 {
            let bit = ((TRUTH[s][b] >> idx) & 1) as u32;
            out |= bit << (31 - PINV[4 * s + b] as u32);
        }
    }
    out
}

/// The initial permutation by five delta swaps on the halves (the
/// classic decomposition of IP into transposes; `tests` checks it against
/// the table): fixed shifts and masks only.
#[inline(always)]
pub(crate) fn ip(x: u64) -> u64 {
    let (mut l, mut r) = ((x >> 32) as u32, x as u32);
    let mut w = ((l >> 4) ^ r) & 0x0f0f_0f0f;
    r ^= w;
    l ^= w << 4;
    w = ((l >> 16) ^ r) & 0x0000_ffff;
    r ^= w;
    l ^= w << 16;
    w = ((r >> 2) ^ l) & 0x3333_3333;
    l ^= w;
    r ^= w << 2;
    w = ((r >> 8) ^ l) & 0x00ff_00ff;
    l ^= w;
    r ^= w << 8;
    r = r.rotate_left(1);
    w = (l ^ r) & 0xaaaa_aaaa;
    l ^= w;
    r ^= w;
    (u64::from(l) << 32) | u64::from(r.rotate_right(1))
}

/// The final permutation, [`ip`]'s steps undone in reverse order.
#[inline(always)]
pub(crate) fn fp(x: u64) -> u64 {
    let (mut l, mut r) = ((x >> 32) as u32, (x as u32).rotate_left(1));
    let mut w = (l ^ r) & 0xaaaa_aaaa;
    l ^= w;
    r ^= w;
    r = r.rotate_right(1);
    w = ((r >> 8) ^ l) & 0x00ff_00ff;
    l ^= w;
    r ^= w << 8;
    w = ((r >> 2) ^ l) & 0x3333_3333;
    l ^= w;
    r ^= w << 2;
    w = ((l >> 16) ^ r) & 0x0000_ffff;
    r ^= w;
    l ^= w << 16;
    w = ((l >> 4) ^ r) & 0x0f0f_0f0f;
    r ^= w;
    l ^= w << 4;
    (u64::from(l) << 32) | u64::from(r)
}

/// A fixed bit permutation of a block (bit 1 most significant):
/// output bit `k` is input bit `table[k - 1]` (the reference for [`ip`]).
#[cfg(test)]
fn permute64(x: u64, table: &[u8; 64]) -> u64 {
    let mut out = 0u64;
    for (k, &src) in table.iter().enumerate() {
        out |= ((x >> (64 - src as u32)) & 1) << (63 - k);
    }
    out
}

#[cfg(test)]
const fn ip_inverse() -> [u8; 64] {
    let mut inv = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        inv[IP[i] as usize - 1] = i as u8 + 1;
        i += 1;
    }
    inv
}

/// The final permutation, IP's inverse.
#[cfg(test)]
const FP: [u8; 64] = ip_inverse();

/// One block through every stage (`stages` in application order).
#[inline(always)]
pub(crate) fn crypt_block(stages: &Stages, x: u64) -> u64 {
    let y = ip(x);
    let (mut l, mut r) = ((y >> 32) as u32, y as u32);
    for st in stages.iter() {
        for pair in st.chunks_exact(2) {
            l ^= f(r, pair[0]);
            r ^= f(l, pair[1]);
        }
        core::mem::swap(&mut l, &mut r);
    }
    fp((u64::from(l) << 32) | u64::from(r))
}

/// CBC encryption, one block at a time.
#[inline(always)]
pub(crate) fn cbc_encrypt(stages: &Stages, iv: &mut u64, blocks: &mut [u64]) {
    for b in blocks.iter_mut() {
        *iv = crypt_block(stages, *b ^ *iv);
        *b = *iv;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transpose_is_a_transpose() {
        let mut x = [0u64; 64];
        let mut s = 0x1234_5678_9abc_def1u64;
        for v in x.iter_mut() {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            *v = s;
        }
        let orig = x;
        transpose64(&mut x);
        for (r, row) in x.iter().enumerate() {
            for (c, col) in orig.iter().enumerate() {
                assert_eq!((row >> c) & 1, (col >> r) & 1);
            }
        }
    }

    #[test]
    fn ip_and_fp_match_the_tables() {
        let mut s = 0x0123_4567_89ab_cdefu64;
        for _ in 0..1000 {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            assert_eq!(ip(s), permute64(s, &IP));
            assert_eq!(fp(s), permute64(s, &FP));
            assert_eq!(fp(ip(s)), s);
        }
    }

    #[test]
    fn sbox_rows_are_permutations() {
        for s in SBOX.iter() {
            for row in s.chunks_exact(16) {
                let mut seen = 0u32;
                for &v in row {
                    seen |= 1 << v;
                }
                assert_eq!(seen, 0xffff);
            }
        }
    }

    #[test]
    fn circuit_matches_table() {
        for s in 0..8 {
            for x in 0..64usize {
                let bits: [u64; 6] =
                    core::array::from_fn(|j| 0u64.wrapping_sub(((x >> (5 - j)) & 1) as u64));
                let y = match s {
                    0 => sbox::<u64, 0>(bits),
                    1 => sbox::<u64, 1>(bits),
                    2 => sbox::<u64, 2>(bits),
                    3 => sbox::<u64, 3>(bits),
                    4 => sbox::<u64, 4>(bits),
                    5 => sbox::<u64, 5>(bits),
                    6 => sbox::<u64, 6>(bits),
                    _ => sbox::<u64, 7>(bits),
                };
                let v = y.iter().fold(0u8, |a, &b| (a << 1) | (b & 1) as u8);
                assert_eq!(v, sbox_at(s, x), "s={s} x={x}");
            }
        }
    }
}
