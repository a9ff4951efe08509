//! Keccak-f\[1600\] with the ARMv8.2 SHA-3 instructions.
//!
//! Each of the 25 lanes lives in lane 0 of its own vector register, as in
//! the Linux kernel's `arch/arm64/crypto/sha3-ce-core.S` (lane 1 carries a
//! copy that nobody reads: every instruction used is lane-wise). A round
//! is 66 instructions, against about 140 for the scalar form:
//!
//! - θ: column parities with `eor3` (three-way XOR), `D[x] = C[x-1] ^
//!   rol(C[x+1], 1)` with one `rax1`;
//! - θ's XOR, ρ and π together: one `xar` (XOR and rotate right) per lane,
//!   the rotation and the lane's destination written into the code;
//! - χ: one `bcax` (`b0 ^ (b2 & !b1)`) per lane;
//! - ι: one `eor` with the round constant.
//!
//! The round works in place in the order of the kernel's code, so that
//! the 25 lanes and the temporaries fit in the 32 vector registers. One
//! round per loop step: with two, LLVM interleaved them and spilled about
//! nine vectors per round (checked in the generated code; the speed itself
//! could only be run under qemu here).

use core::arch::aarch64::*;

use super::RC;

/// One round on `$a` (an array of 25 vectors, index x + 5y), in place, in
/// the order of `sha3-ce-core.S` so that at most 7 values beyond the 25
/// lanes are live (32 vector registers):
///
/// - θ: the parities C, then D[x] = C[x-1] ^ rol(C[x+1], 1), each C freed
///   after its last use;
/// - ρ and π: lane 0 stays; the other 24 move along π's single cycle
///   (B[x][y] = A[x + 3y][x]), so one temporary holds the lane the cycle
///   starts from. `xar` XORs D in and rotates right, so it takes 64 - r;
/// - χ: plane by plane, keeping copies of the plane's first two lanes;
/// - ι: one `eor` with the round constant.
macro_rules! round {
    ($a:ident, $rc:expr) => {{
        let c0 = veor3q_u64(veor3q_u64($a[0], $a[5], $a[10]), $a[15], $a[20]);
        let c1 = veor3q_u64(veor3q_u64($a[1], $a[6], $a[11]), $a[16], $a[21]);
        let c2 = veor3q_u64(veor3q_u64($a[2], $a[7], $a[12]), $a[17], $a[22]);
        let c3 = veor3q_u64(veor3q_u64($a[3], $a[8], $a[13]), $a[18], $a[23]);
        let c4 = veor3q_u64(veor3q_u64($a[4], $a[9], $a[14]), $a[19], $a[24]);
        let d1 = vrax1q_u64(c0, c2);
        let d3 = vrax1q_u64(c2, c4);
        let d2 = vrax1q_u64(c1, c3);
        let d4 = vrax1q_u64(c3, c0);
        let d0 = vrax1q_u64(c4, c1);

        let t = $a[1];
        $a[1] = vxarq_u64::<20>($a[6], d1); // rol 44
        $a[6] = vxarq_u64::<44>($a[9], d4); // rol 20
        $a[9] = vxarq_u64::<3>($a[22], d2); // rol 61
        $a[22] = vxarq_u64::<25>($a[14], d4); // rol 39
        $a[14] = vxarq_u64::<46>($a[20], d0); // rol 18
        $a[20] = vxarq_u64::<2>($a[2], d2); // rol 62
        $a[2] = vxarq_u64::<21>($a[12], d2); // rol 43
        $a[12] = vxarq_u64::<39>($a[13], d3); // rol 25
        $a[13] = vxarq_u64::<56>($a[19], d4); // rol 8
        $a[19] = vxarq_u64::<8>($a[23], d3); // rol 56
        $a[23] = vxarq_u64::<23>($a[15], d0); // rol 41
        $a[15] = vxarq_u64::<37>($a[4], d4); // rol 27
        $a[4] = vxarq_u64::<50>($a[24], d4); // rol 14
        $a[24] = vxarq_u64::<62>($a[21], d1); // rol 2
        $a[21] = vxarq_u64::<9>($a[8], d3); // rol 55
        $a[8] = vxarq_u64::<19>($a[16], d1); // rol 45
        $a[16] = vxarq_u64::<28>($a[5], d0); // rol 36
        $a[5] = vxarq_u64::<36>($a[3], d3); // rol 28
        $a[3] = vxarq_u64::<43>($a[18], d3); // rol 21
        $a[18] = vxarq_u64::<49>($a[17], d2); // rol 15
        $a[17] = vxarq_u64::<54>($a[11], d1); // rol 10
        $a[11] = vxarq_u64::<58>($a[7], d2); // rol 6
        $a[7] = vxarq_u64::<61>($a[10], d0); // rol 3
        $a[10] = vxarq_u64::<63>(t, d1); // rol 1
        $a[0] = veorq_u64($a[0], d0);

        let (l0, l1) = ($a[0], $a[1]);
        $a[0] = vbcaxq_u64(l0, $a[2], l1);
        $a[1] = vbcaxq_u64(l1, $a[3], $a[2]);
        $a[2] = vbcaxq_u64($a[2], $a[4], $a[3]);
        $a[3] = vbcaxq_u64($a[3], l0, $a[4]);
        $a[4] = vbcaxq_u64($a[4], l1, l0);
        let (l0, l1) = ($a[5], $a[6]);
        $a[5] = vbcaxq_u64(l0, $a[7], l1);
        $a[6] = vbcaxq_u64(l1, $a[8], $a[7]);
        $a[7] = vbcaxq_u64($a[7], $a[9], $a[8]);
        $a[8] = vbcaxq_u64($a[8], l0, $a[9]);
        $a[9] = vbcaxq_u64($a[9], l1, l0);
        let (l0, l1) = ($a[10], $a[11]);
        $a[10] = vbcaxq_u64(l0, $a[12], l1);
        $a[11] = vbcaxq_u64(l1, $a[13], $a[12]);
        $a[12] = vbcaxq_u64($a[12], $a[14], $a[13]);
        $a[13] = vbcaxq_u64($a[13], l0, $a[14]);
        $a[14] = vbcaxq_u64($a[14], l1, l0);
        let (l0, l1) = ($a[15], $a[16]);
        $a[15] = vbcaxq_u64(l0, $a[17], l1);
        $a[16] = vbcaxq_u64(l1, $a[18], $a[17]);
        $a[17] = vbcaxq_u64($a[17], $a[19], $a[18]);
        $a[18] = vbcaxq_u64($a[18], l0, $a[19]);
        $a[19] = vbcaxq_u64($a[19], l1, l0);
        let (l0, l1) = ($a[20], $a[21]);
        $a[20] = vbcaxq_u64(l0, $a[22], l1);
        $a[21] = vbcaxq_u64(l1, $a[23], $a[22]);
        $a[22] = vbcaxq_u64($a[22], $a[24], $a[23]);
        $a[23] = vbcaxq_u64($a[23], l0, $a[24]);
        $a[24] = vbcaxq_u64($a[24], l1, l0);

        $a[0] = veorq_u64($a[0], vdupq_n_u64($rc));
    }};
}

/// The 24 rounds on the vector state.
#[inline]
#[target_feature(enable = "neon,sha3")]
fn rounds(a: &mut [uint64x2_t; 25]) {
    let mut s = *a;
    for rc in RC {
        round!(s, rc);
    }
    *a = s;
}

#[inline]
#[target_feature(enable = "neon")]
fn load(state: &[u64; 25]) -> [uint64x2_t; 25] {
    let mut a = [vdupq_n_u64(0); 25];
    for (v, w) in a.iter_mut().zip(state) {
        *v = vdupq_n_u64(*w);
    }
    a
}

#[inline]
#[target_feature(enable = "neon")]
fn store(state: &mut [u64; 25], a: &[uint64x2_t; 25]) {
    for (s, v) in state.iter_mut().zip(a) {
        *s = vgetq_lane_u64::<0>(*v);
    }
}

/// Keccak-f\[1600\] on `state`.
///
/// # Safety
/// The CPU must support NEON and the SHA-3 instructions.
#[target_feature(enable = "neon,sha3")]
pub(super) unsafe fn keccak_f1600(state: &mut [u64; 25]) {
    let mut a = load(state);
    rounds(&mut a);
    store(state, &a);
}

/// Keccak-f\[1600\] on two states at once, state `j` in lane `j` of each
/// vector (row `i` of `s`: lane `i` of both states): the same round, since
/// every instruction in it is lane-wise, so the second state costs nothing
/// more than the first (`sha3::many`'s `armv8` backend).
///
/// # Safety
/// The CPU must support NEON and the SHA-3 instructions.
#[target_feature(enable = "neon,sha3")]
pub(super) unsafe fn keccak_x2(s: &mut [[u64; 2]; 25]) {
    // SAFETY: each row is two u64s, one 16-byte load.
    let mut a: [uint64x2_t; 25] = core::array::from_fn(|i| unsafe { vld1q_u64(s[i].as_ptr()) });
    rounds(&mut a);
    for (row, v) in s.iter_mut().zip(a) {
        // SAFETY: as for the loads.
        unsafe { vst1q_u64(row.as_mut_ptr(), v) };
    }
}

/// For each `RATE`-byte block of `blocks`: XOR it into the state, then
/// permute.
///
/// # Safety
/// The CPU must support NEON and the SHA-3 instructions.
#[target_feature(enable = "neon,sha3")]
pub(super) unsafe fn absorb<const RATE: usize>(state: &mut [u64; 25], blocks: &[u8]) {
    debug_assert!(blocks.len().is_multiple_of(RATE));
    let mut a = load(state);
    for block in blocks.chunks_exact(RATE) {
        // `RATE / 8` is at most 21; constant indices keep `a` in registers.
        macro_rules! lanes {
            ($($i:literal)*) => {$(
                if $i < RATE / 8 {
                    let mut w = [0u8; 8];
                    w.copy_from_slice(&block[8 * $i..8 * $i + 8]);
                    a[$i] = veorq_u64(a[$i], vdupq_n_u64(u64::from_le_bytes(w)));
                }
            )*};
        }
        lanes!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20);
        rounds(&mut a);
    }
    store(state, &a);
}
