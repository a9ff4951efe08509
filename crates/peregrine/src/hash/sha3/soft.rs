//! Portable Keccak-f\[1600\].
//!
//! The lane-complementing form of the Keccak team's "Keccak implementation
//! overview" (section 2.2), which OpenSSL/CRYPTOGAMS `keccak1600-x86_64`
//! also uses: inside the permutation the lanes 1, 2, 8, 12, 17 and 20
//! (index x + 5y) are kept complemented. θ, ρ, π and ι are affine, so the
//! pattern goes through them predictably, and each χ lane `b0 ^ (!b1 & b2)`
//! is written as `b0 ^ (b1 & b2)`, `b0 ^ (b1 | b2)` or a form with one
//! operand complemented, chosen (per lane, by hand-checked derivation) so
//! that the output carries the same pattern again. That leaves one NOT per
//! plane, 5 per round instead of 25.
//!
//! ρ's rotation offsets and π's lane permutation are folded into the code
//! of [`round`]: plane by plane, B[x][y] comes from A[x + 3y][x]. Rounds go
//! two per loop step, from the state into a scratch state and back
//! (renaming instead of copying). The only table is the round constants,
//! indexed by the round number. Only XOR, AND, OR, NOT and constant
//! rotations: constant time by construction.
//!
//! Register allocation. On x86_64 (15 usable general registers for 25
//! lanes) lanes must live in memory part of the time; the question is
//! which part. Left alone, LLVM keeps whichever values it last touched in
//! registers and spills the rest to ad-hoc stack slots: about 90 moves per
//! round against OpenSSL's 63 (66 with the schedule below). The code instead follows the schedule of
//! OpenSSL's scalar code: the state and a scratch state are arrays on the
//! stack; a round reads the column parities with memory-operand XORs, then
//! computes each output plane from five fresh loads (5 D + 5 B +
//! temporaries fit in the registers) and stores it. Two `black_box`
//! barriers ([`barrier`]) enforce that schedule; they emit at most a store
//! of a pointer. One sits after θ, so the lanes are reloaded for ρ-π
//! rather than held in registers since the parity XORs; one before plane
//! 3, so only planes 3 and 4 are forwarded in registers into the next
//! round's parities. They constrain scheduling only, never the result.
//! On other targets (aarch64 has 31 registers) the barriers are no-ops and
//! the compiler keeps both states in registers.
//!
//! Measured against OpenSSL 3.0's `keccak1600-x86_64` (linked into one
//! process, minimum over many runs) the permutation is within ±2% of it,
//! and 208 instructions a round against its 197; x86_64 CPUs with BMI1 and
//! BMI2 use `x86_64_bmi2.rs` instead.

use core::ops::{BitAnd, BitOr, BitXor, Not};

#[cfg(any(test, not(target_pointer_width = "32")))]
use super::RC;

/// A 64-bit Keccak lane as the round sees it: a `u64` here, or the
/// bit-interleaved pair of 32-bit words of `soft32.rs` on 32-bit targets.
pub(super) trait Lane:
    Copy + BitXor<Output = Self> + BitAnd<Output = Self> + BitOr<Output = Self> + Not<Output = Self>
{
    /// The all-zero lane.
    const ZERO: Self;
    /// Rotation left by `N` (0 < `N` < 64) of the 64-bit lane.
    fn rol<const N: u32>(self) -> Self;
}

impl Lane for u64 {
    const ZERO: u64 = 0;
    #[inline(always)]
    fn rol<const N: u32>(self) -> u64 {
        self.rotate_left(N)
    }
}

/// Complements the lanes of the lane-complementing pattern (an involution:
/// it enters and leaves the transformed representation).
#[inline(always)]
pub(super) fn complement<T: Lane>(a: &mut [T; 25]) {
    a[1] = !a[1];
    a[2] = !a[2];
    a[8] = !a[8];
    a[12] = !a[12];
    a[17] = !a[17];
    a[20] = !a[20];
}

/// A scheduling barrier on x86_64 (see the module header): the compiler
/// must assume `a` was read and changed here, so values loaded from it
/// before are not reused after. No effect on the result. Elsewhere (aarch64
/// and other targets with 30 or so registers) a no-op: the whole state and
/// the scratch state stay in registers.
#[inline(always)]
fn barrier<T>(a: &mut [T; 25]) {
    #[cfg(target_arch = "x86_64")]
    core::hint::black_box(a);
    #[cfg(not(target_arch = "x86_64"))]
    let _ = a;
}

/// One round θ ρ π χ ι from `a` into `e`, both in complemented
/// representation, indexed x + 5y.
///
/// Plane y of the output reads the five lanes B[x][y] = rol(A[x + 3y][x] ^
/// D[x + 3y], r[x + 3y][x]); `nK` is the one complemented B lane that
/// plane's χ needs.
#[inline(always)]
fn round<T: Lane>(a: &mut [T; 25], e: &mut [T; 25], rc: T) {
    let c0 = a[0] ^ a[5] ^ a[10] ^ a[15] ^ a[20];
    let c1 = a[1] ^ a[6] ^ a[11] ^ a[16] ^ a[21];
    let c2 = a[2] ^ a[7] ^ a[12] ^ a[17] ^ a[22];
    let c3 = a[3] ^ a[8] ^ a[13] ^ a[18] ^ a[23];
    let c4 = a[4] ^ a[9] ^ a[14] ^ a[19] ^ a[24];
    let d0 = c4 ^ c1.rol::<1>();
    let d1 = c0 ^ c2.rol::<1>();
    let d2 = c1 ^ c3.rol::<1>();
    let d3 = c2 ^ c4.rol::<1>();
    let d4 = c3 ^ c0.rol::<1>();
    // Reload the lanes for ρ-π rather than keeping 25 values live.
    barrier(a);

    // Plane y = 0.
    let b0 = a[0] ^ d0;
    let b1 = (a[6] ^ d1).rol::<44>();
    let b2 = (a[12] ^ d2).rol::<43>();
    let b3 = (a[18] ^ d3).rol::<21>();
    let b4 = (a[24] ^ d4).rol::<14>();
    let n2 = !b2;
    e[0] = b0 ^ (b1 | b2) ^ rc;
    e[1] = b1 ^ (n2 | b3);
    e[2] = b2 ^ (b3 & b4);
    e[3] = b3 ^ (b4 | b0);
    e[4] = b4 ^ (b0 & b1);

    // Plane y = 1.
    let b0 = (a[3] ^ d3).rol::<28>();
    let b1 = (a[9] ^ d4).rol::<20>();
    let b2 = (a[10] ^ d0).rol::<3>();
    let b3 = (a[16] ^ d1).rol::<45>();
    let b4 = (a[22] ^ d2).rol::<61>();
    let n4 = !b4;
    e[5] = b0 ^ (b1 | b2);
    e[6] = b1 ^ (b2 & b3);
    e[7] = b2 ^ (b3 | n4);
    e[8] = b3 ^ (b4 | b0);
    e[9] = b4 ^ (b0 & b1);

    // Plane y = 2.
    let b0 = (a[1] ^ d1).rol::<1>();
    let b1 = (a[7] ^ d2).rol::<6>();
    let b2 = (a[13] ^ d3).rol::<25>();
    let b3 = (a[19] ^ d4).rol::<8>();
    let b4 = (a[20] ^ d0).rol::<18>();
    let n3 = !b3;
    e[10] = b0 ^ (b1 | b2);
    e[11] = b1 ^ (b2 & b3);
    e[12] = b2 ^ (n3 & b4);
    e[13] = n3 ^ (b4 | b0);
    e[14] = b4 ^ (b0 & b1);

    // Planes 0 to 2 go to memory now; planes 3 and 4 stay in registers to
    // seed the next round's column parities.
    barrier(e);

    // Plane y = 3.
    let b0 = (a[4] ^ d4).rol::<27>();
    let b1 = (a[5] ^ d0).rol::<36>();
    let b2 = (a[11] ^ d1).rol::<10>();
    let b3 = (a[17] ^ d2).rol::<15>();
    let b4 = (a[23] ^ d3).rol::<56>();
    let n3 = !b3;
    e[15] = b0 ^ (b1 & b2);
    e[16] = b1 ^ (b2 | b3);
    e[17] = b2 ^ (n3 | b4);
    e[18] = n3 ^ (b4 & b0);
    e[19] = b4 ^ (b0 | b1);

    // Plane y = 4.
    let b0 = (a[2] ^ d2).rol::<62>();
    let b1 = (a[8] ^ d3).rol::<55>();
    let b2 = (a[14] ^ d4).rol::<39>();
    let b3 = (a[15] ^ d0).rol::<41>();
    let b4 = (a[21] ^ d1).rol::<2>();
    let n1 = !b1;
    e[20] = b0 ^ (n1 & b2);
    e[21] = n1 ^ (b2 | b3);
    e[22] = b2 ^ (b3 & b4);
    e[23] = b3 ^ (b4 | b0);
    e[24] = b4 ^ (b0 & b1);
}

/// The 24 rounds on a state in complemented representation, from `a`
/// into a scratch state and back, two rounds per step, with the round
/// constants `rcs` in the lane type's form.
#[inline(always)]
pub(super) fn rounds_with<T: Lane>(a: &mut [T; 25], rcs: &[T; 24]) {
    let mut t = [T::ZERO; 25];
    for rc in rcs.chunks_exact(2) {
        round(a, &mut t, rc[0]);
        round(&mut t, a, rc[1]);
    }
}

#[cfg(any(test, not(target_pointer_width = "32")))]
#[inline(always)]
fn rounds(a: &mut [u64; 25]) {
    rounds_with(a, &RC);
}

/// XORs one `RATE`-byte block (little-endian lanes) into the state.
#[cfg(any(test, not(target_pointer_width = "32")))]
#[inline(always)]
fn xor_block<const RATE: usize>(a: &mut [u64; 25], block: &[u8]) {
    debug_assert_eq!(block.len(), RATE);
    // `RATE / 8` is at most 21; constant indices, no loop.
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

/// Keccak-f\[1600\] on `state` (on 32-bit targets `soft32.rs` serves
/// instead).
#[cfg(any(test, not(target_pointer_width = "32")))]
pub(super) fn keccak_f1600(state: &mut [u64; 25]) {
    // On x86_64 the rounds work on the state in memory anyway (see
    // `barrier`), so in place: a local copy would only add 100 moves.
    #[cfg(target_arch = "x86_64")]
    {
        complement(state);
        rounds(state);
        complement(state);
    }
    // Elsewhere a local copy lets the compiler keep it in registers. Like
    // the scratch state in `rounds`, it is a stack temporary (as the spill
    // slots of any implementation) and is not wiped; the caller's is.
    #[cfg(not(target_arch = "x86_64"))]
    {
        let mut a = *state;
        complement(&mut a);
        rounds(&mut a);
        complement(&mut a);
        *state = a;
    }
}

/// For each `RATE`-byte block of `blocks`: XOR it into the state, then
/// permute. The complemented representation is entered once per call.
#[cfg(any(test, not(target_pointer_width = "32")))]
pub(super) fn absorb<const RATE: usize>(state: &mut [u64; 25], blocks: &[u8]) {
    debug_assert!(blocks.len().is_multiple_of(RATE));
    // A local copy (a stack temporary, not wiped): over many blocks it
    // measured 2-4% faster on x86_64 than working through `state`.
    let mut a = *state;
    complement(&mut a);
    for block in blocks.chunks_exact(RATE) {
        // XOR commutes with complementing, so the block goes in as is.
        xor_block::<RATE>(&mut a, block);
        rounds(&mut a);
    }
    complement(&mut a);
    *state = a;
}
