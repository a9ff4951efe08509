//! Portable Keccak-f\[1600\] for 32-bit CPUs (ARMv7, MIPS32): the
//! bit-interleaved representation of the Keccak team's "Keccak
//! implementation overview" (section 2.1), which OpenSSL's
//! `keccak1600-armv4` also uses.
//!
//! Each 64-bit lane is held as two 32-bit words, its even-numbered bits
//! and its odd-numbered bits. XOR, AND, OR and NOT act on the two words
//! alike, and a 64-bit rotation by `r` becomes two 32-bit rotations (by
//! `r/2` each for even `r`; for odd `r` the words also swap), where a
//! plain 32-bit lane split would need shifts and ORs across the halves.
//! On ARM a 32-bit rotation is free in the second operand of EOR, BIC and
//! ORR. The round itself is `soft.rs`'s (lane complementing, planes, two
//! rounds per step) over this lane type; the state is interleaved once per
//! call and each absorbed block lane as it comes in.
//!
//! Only XOR, AND, OR, NOT, constant shifts and rotations: constant time.

use core::ops::{BitAnd, BitOr, BitXor, Not};

use super::RC;
use super::soft::{Lane, complement, rounds_with};

/// A lane as (even bits, odd bits).
#[derive(Clone, Copy)]
pub(super) struct I(u32, u32);

impl BitXor for I {
    type Output = I;
    #[inline(always)]
    fn bitxor(self, o: I) -> I {
        I(self.0 ^ o.0, self.1 ^ o.1)
    }
}

impl BitAnd for I {
    type Output = I;
    #[inline(always)]
    fn bitand(self, o: I) -> I {
        I(self.0 & o.0, self.1 & o.1)
    }
}

impl BitOr for I {
    type Output = I;
    #[inline(always)]
    fn bitor(self, o: I) -> I {
        I(self.0 | o.0, self.1 | o.1)
    }
}

impl Not for I {
    type Output = I;
    #[inline(always)]
    fn not(self) -> I {
        I(!self.0, !self.1)
    }
}

impl Lane for I {
    const ZERO: I = I(0, 0);

    /// Bit `i` moves to `i + N`: for even `N` each word rotates by `N/2`;
    /// for odd `N` the odd bits become the even ones (rotated by
    /// `(N + 1)/2`) and the even bits the odd ones (by `(N - 1)/2`).
    #[inline(always)]
    fn rol<const N: u32>(self) -> I {
        if N.is_multiple_of(2) {
            I(self.0.rotate_left(N / 2), self.1.rotate_left(N / 2))
        } else {
            I(self.1.rotate_left(N.div_ceil(2)), self.0.rotate_left(N / 2))
        }
    }
}

/// The stages of the unshuffle: each swaps the bit groups of width `s`
/// selected by the mask with their neighbours `s` bits up.
const STAGES: [(u32, u64); 5] = [
    (1, 0x2222_2222_2222_2222),
    (2, 0x0c0c_0c0c_0c0c_0c0c),
    (4, 0x00f0_00f0_00f0_00f0),
    (8, 0x0000_ff00_0000_ff00),
    (16, 0x0000_0000_ffff_0000),
];

#[inline(always)]
const fn swap(x: u64, (s, m): (u32, u64)) -> u64 {
    let t = (x ^ (x >> s)) & m;
    x ^ t ^ (t << s)
}

/// The even bits of `x` into the low half, the odd ones into the high
/// half (an unshuffle).
#[inline(always)]
const fn unshuffle(mut x: u64) -> u64 {
    let mut i = 0;
    while i < STAGES.len() {
        x = swap(x, STAGES[i]);
        i += 1;
    }
    x
}

/// The inverse of [`unshuffle`]: the same swaps (each its own inverse) in
/// reverse order.
#[inline(always)]
const fn shuffle(mut x: u64) -> u64 {
    let mut i = STAGES.len();
    while i > 0 {
        i -= 1;
        x = swap(x, STAGES[i]);
    }
    x
}

#[inline(always)]
const fn to_i(x: u64) -> I {
    let u = unshuffle(x);
    I(u as u32, (u >> 32) as u32)
}

#[inline(always)]
fn from_i(l: I) -> u64 {
    shuffle(u64::from(l.0) | u64::from(l.1) << 32)
}

/// The round constants, interleaved.
static RC_I: [I; 24] = {
    let mut t = [I(0, 0); 24];
    let mut i = 0;
    while i < 24 {
        t[i] = to_i(RC[i]);
        i += 1;
    }
    t
};

/// Keccak-f\[1600\] on `state`.
pub(super) fn keccak_f1600(state: &mut [u64; 25]) {
    let mut a = state.map(to_i);
    complement(&mut a);
    rounds_with(&mut a, &RC_I);
    complement(&mut a);
    *state = a.map(from_i);
}

/// For each `RATE`-byte block of `blocks`: XOR it into the state, then
/// permute. The state is interleaved (and complemented) once per call.
pub(super) fn absorb<const RATE: usize>(state: &mut [u64; 25], blocks: &[u8]) {
    debug_assert!(blocks.len().is_multiple_of(RATE));
    let mut a = state.map(to_i);
    complement(&mut a);
    for block in blocks.chunks_exact(RATE) {
        // XOR commutes with complementing and interleaving.
        for (l, w) in a.iter_mut().zip(block.chunks_exact(8)) {
            let mut b = [0u8; 8];
            b.copy_from_slice(w);
            *l = *l ^ to_i(u64::from_le_bytes(b));
        }
        rounds_with(&mut a, &RC_I);
    }
    complement(&mut a);
    *state = a.map(from_i);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interleave_round_trips_and_rotates() {
        let mut x = 0x0123_4567_89ab_cdefu64;
        for _ in 0..200 {
            x = x.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(17) ^ 0x5555;
            let i = to_i(x);
            for b in 0..64 {
                let bit = if b % 2 == 0 {
                    i.0 >> (b / 2)
                } else {
                    i.1 >> (b / 2)
                };
                assert_eq!(bit & 1, ((x >> b) & 1) as u32, "bit {b} of {x:#x}");
            }
            assert_eq!(from_i(i), x);
            assert_eq!(from_i(i.rol::<1>()), x.rotate_left(1));
            assert_eq!(from_i(i.rol::<44>()), x.rotate_left(44));
            assert_eq!(from_i(i.rol::<61>()), x.rotate_left(61));
        }
    }

    #[test]
    fn permutation_matches_soft() {
        let mut s = [0u64; 25];
        let mut x = 1u64;
        for _ in 0..8 {
            for l in s.iter_mut() {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                *l ^= x;
            }
            let mut want = s;
            super::super::soft::keccak_f1600(&mut want);
            keccak_f1600(&mut s);
            assert_eq!(s, want);
        }
        let block: [u8; 272] = core::array::from_fn(|i| (i * 7 + 3) as u8);
        let mut want = s;
        super::super::soft::absorb::<136>(&mut want, &block);
        absorb::<136>(&mut s, &block);
        assert_eq!(s, want);
    }
}
