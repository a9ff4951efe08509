//! Keccak-f\[1600\] for x86_64 with BMI1 and BMI2.
//!
//! The schedule of `soft.rs` on x86_64 (state and scratch state in memory,
//! column parities by memory-operand XORs, each plane from five fresh
//! loads, the same two `black_box` barriers), with two instructions that
//! change the count: `andn` computes χ's `!b1 & b2` in one non-destructive
//! instruction, so χ needs neither lane complementing nor copies, and
//! `rorx` rotates without destroying its source (and without the two-µop
//! `rol r, 1` of rotations by one). About 188 instructions a round against
//! 208 for the portable code and 197 for OpenSSL's `keccak1600-x86_64`
//! (which uses neither extension); the compiler picks both instructions
//! from plain Rust once the features are enabled. Constant time: only XOR,
//! ANDN and constant rotations.

use super::RC;

/// One round θ ρ π χ ι from `a` into `e` (index x + 5y). Plane y of the
/// output reads B[x][y] = rol(A[x + 3y][x] ^ D[x + 3y], r[x + 3y][x]).
#[inline(always)]
fn round(a: &mut [u64; 25], e: &mut [u64; 25], rc: u64) {
    let c0 = a[0] ^ a[5] ^ a[10] ^ a[15] ^ a[20];
    let c1 = a[1] ^ a[6] ^ a[11] ^ a[16] ^ a[21];
    let c2 = a[2] ^ a[7] ^ a[12] ^ a[17] ^ a[22];
    let c3 = a[3] ^ a[8] ^ a[13] ^ a[18] ^ a[23];
    let c4 = a[4] ^ a[9] ^ a[14] ^ a[19] ^ a[24];
    let d0 = c4 ^ c1.rotate_left(1);
    let d1 = c0 ^ c2.rotate_left(1);
    let d2 = c1 ^ c3.rotate_left(1);
    let d3 = c2 ^ c4.rotate_left(1);
    let d4 = c3 ^ c0.rotate_left(1);
    // Reload the lanes for ρ-π rather than keeping 25 values live (a
    // scheduling barrier only, as in `soft.rs`).
    core::hint::black_box(&mut *a);

    // Plane y = 0.
    let b0 = a[0] ^ d0;
    let b1 = (a[6] ^ d1).rotate_left(44);
    let b2 = (a[12] ^ d2).rotate_left(43);
    let b3 = (a[18] ^ d3).rotate_left(21);
    let b4 = (a[24] ^ d4).rotate_left(14);
    e[0] = b0 ^ (!b1 & b2) ^ rc;
    e[1] = b1 ^ (!b2 & b3);
    e[2] = b2 ^ (!b3 & b4);
    e[3] = b3 ^ (!b4 & b0);
    e[4] = b4 ^ (!b0 & b1);

    // Plane y = 1.
    let b0 = (a[3] ^ d3).rotate_left(28);
    let b1 = (a[9] ^ d4).rotate_left(20);
    let b2 = (a[10] ^ d0).rotate_left(3);
    let b3 = (a[16] ^ d1).rotate_left(45);
    let b4 = (a[22] ^ d2).rotate_left(61);
    e[5] = b0 ^ (!b1 & b2);
    e[6] = b1 ^ (!b2 & b3);
    e[7] = b2 ^ (!b3 & b4);
    e[8] = b3 ^ (!b4 & b0);
    e[9] = b4 ^ (!b0 & b1);

    // Plane y = 2.
    let b0 = (a[1] ^ d1).rotate_left(1);
    let b1 = (a[7] ^ d2).rotate_left(6);
    let b2 = (a[13] ^ d3).rotate_left(25);
    let b3 = (a[19] ^ d4).rotate_left(8);
    let b4 = (a[20] ^ d0).rotate_left(18);
    e[10] = b0 ^ (!b1 & b2);
    e[11] = b1 ^ (!b2 & b3);
    e[12] = b2 ^ (!b3 & b4);
    e[13] = b3 ^ (!b4 & b0);
    e[14] = b4 ^ (!b0 & b1);

    // Planes 0 to 2 go to memory now; planes 3 and 4 stay in registers to
    // seed the next round's column parities.
    core::hint::black_box(&mut *e);

    // Plane y = 3.
    let b0 = (a[4] ^ d4).rotate_left(27);
    let b1 = (a[5] ^ d0).rotate_left(36);
    let b2 = (a[11] ^ d1).rotate_left(10);
    let b3 = (a[17] ^ d2).rotate_left(15);
    let b4 = (a[23] ^ d3).rotate_left(56);
    e[15] = b0 ^ (!b1 & b2);
    e[16] = b1 ^ (!b2 & b3);
    e[17] = b2 ^ (!b3 & b4);
    e[18] = b3 ^ (!b4 & b0);
    e[19] = b4 ^ (!b0 & b1);

    // Plane y = 4.
    let b0 = (a[2] ^ d2).rotate_left(62);
    let b1 = (a[8] ^ d3).rotate_left(55);
    let b2 = (a[14] ^ d4).rotate_left(39);
    let b3 = (a[15] ^ d0).rotate_left(41);
    let b4 = (a[21] ^ d1).rotate_left(2);
    e[20] = b0 ^ (!b1 & b2);
    e[21] = b1 ^ (!b2 & b3);
    e[22] = b2 ^ (!b3 & b4);
    e[23] = b3 ^ (!b4 & b0);
    e[24] = b4 ^ (!b0 & b1);
}

/// The 24 rounds, from `a` into a scratch state and back.
#[inline(always)]
fn rounds(a: &mut [u64; 25]) {
    let mut t = [0u64; 25];
    for rc in RC.chunks_exact(2) {
        round(a, &mut t, rc[0]);
        round(&mut t, a, rc[1]);
    }
}

/// XORs one `RATE`-byte block (little-endian lanes) into the state.
#[inline(always)]
fn xor_block<const RATE: usize>(a: &mut [u64; 25], block: &[u8]) {
    debug_assert_eq!(block.len(), RATE);
    macro_rules! lanes {
        ($($i:literal)*) => {$(
            if $i < RATE / 8 {
                let mut w = [0u8; 8];
                w.copy_from_slice(&block[8 * $i..8 * $i + 8]);
                a[$i] ^= u64::from_le_bytes(w);
            }
        )*};
    }
    lanes!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20);
}

/// Keccak-f\[1600\] on `state`, in place.
///
/// # Safety
/// The CPU must support BMI1 and BMI2.
#[target_feature(enable = "bmi1,bmi2")]
pub(super) unsafe fn keccak_f1600(state: &mut [u64; 25]) {
    rounds(state);
}

/// For each `RATE`-byte block of `blocks`: XOR it into the state, then
/// permute.
///
/// # Safety
/// The CPU must support BMI1 and BMI2.
#[target_feature(enable = "bmi1,bmi2")]
pub(super) unsafe fn absorb<const RATE: usize>(state: &mut [u64; 25], blocks: &[u8]) {
    debug_assert!(blocks.len().is_multiple_of(RATE));
    // A local copy (a stack temporary, not wiped), as in `soft.rs`.
    let mut a = *state;
    for block in blocks.chunks_exact(RATE) {
        xor_block::<RATE>(&mut a, block);
        rounds(&mut a);
    }
    *state = a;
}
