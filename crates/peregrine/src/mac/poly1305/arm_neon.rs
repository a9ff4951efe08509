//! Poly1305 with NEON on 32-bit ARM (ARMv7-A with Advanced SIMD, and ARMv8
//! CPUs running 32-bit code): two blocks at a time, in inline `asm!`.
//!
//! NEON intrinsics for 32-bit ARM are not stable Rust, so the loop is one
//! `asm!` block (`.fpu neon`, as in `chacha20/arm_neon.rs`), run only when
//! `HWCAP_NEON` said the CPU has NEON.
//!
//! Technique: radix 2^26 (poly1305-donna-32's five limbs) with two
//! independent accumulators, one per 32-bit lane of a d register (the
//! two-lane form of the NEON code in OpenSSL's `poly1305-armv4.pl` and of
//! Goll–Gueron's vectorisation). Lane 0 takes the even blocks, lane 1 the
//! odd ones, and each step is `A ← A·r^2 + (m_even, m_odd)`, so after n
//! steps over blocks m_0..m_(2n-1), with the incoming accumulator h added
//! to m_0:
//!
//! ```text
//! A_0 = (h + m_0)·r^(2n-2) + m_2·r^(2n-4) + ... + m_(2n-2)
//! A_1 =      m_1·r^(2n-2) + m_3·r^(2n-4) + ... + m_(2n-1)
//! h'  = A_0·r^2 + A_1·r = (A_0·r + A_1)·r
//! ```
//!
//! and the last line runs in the scalar code (`finish` below). The
//! products are `vmull.u32`/`vmlal.u32` by scalar (the limbs of r^2 and
//! 5·r^2 sit in d0-d4, the only registers a 32-bit scalar operand may come
//! from): 25 per step for both lanes.
//!
//! Bounds, per step: the accumulator limbs after the carry chain are
//! < 2^26 except limb 1 (< 2^26 + 2^12); adding a message limb (< 2^26,
//! limb 4 < 2^25; in the first step the incoming h, whose top limb is
//! < 5·2^24) keeps them < 2^27 + 2^12. r^2 is fully reduced, so its limbs
//! are < 2^26 and 5·r_i < 2^29: a column is five products below
//! 2^27.01·2^29, < 2^59 in all, in 64-bit lanes. The carry chain
//! 0→1→2→3→4→0(×5)→1 leaves every limb < 2^26 but limb 1, and the carry
//! out of limb 4 (< 2^34) times 5 plus limb 0 is < 2^37. The narrowing
//! (`vmovn.i64`) is lossless: every limb is < 2^32 then.
//!
//! Registers: d0-d4 r^2 and 5·r^2, d5 the 32-bit limb mask, d6-d10 the
//! accumulator limbs, d11-d15 message limbs, q8-q12 the 64-bit columns,
//! q13-q14 the loaded blocks and a carry, q15 the 64-bit limb mask. d0-d15
//! are declared clobbered (the compiler saves d8-d15, callee-saved in the
//! AAPCS); d16-d31, which the target does not assume exist, are saved and
//! restored by the kernel (`vpush`/`vpop`).
//!
//! Constant time: the same instructions for every key and message; the
//! loop count depends only on the length.

use core::arch::asm;

use super::Powers;
use super::soft;

/// Absorbs `data` (whole 16-byte blocks, an even and non-zero number of
/// them) into `h`: `h ← (…((h + m_0)·r + m_1)·r … + m_(k-1))·r`.
///
/// # Safety
/// The CPU must have NEON.
pub(super) unsafe fn blocks(h: &mut [u64; 3], r: &[u64; 2], pw: &Powers, data: &[u8]) {
    debug_assert!(!data.is_empty() && data.len().is_multiple_of(32));
    let r2 = pw[1];
    // r^2's limbs, then 5 times limbs 1-4 (and a zero pad to 10 words).
    let mut rs = [
        r2[0],
        r2[1],
        r2[2],
        r2[3],
        r2[4],
        5 * r2[1],
        5 * r2[2],
        5 * r2[3],
        5 * r2[4],
        0,
    ];
    // Limb i of lane 0 at 2i, of lane 1 at 2i + 1: lane 0 starts at h.
    let hl = soft::to_limbs26(h);
    let mut acc = [0u32; 10];
    for (i, l) in hl.iter().enumerate() {
        acc[2 * i] = *l as u32;
    }
    let steps = data.len() / 32;
    // SAFETY: NEON by the caller's contract. The asm reads `rs` (40 bytes)
    // and `steps * 32` bytes of `data`, reads and writes `acc` (40 bytes),
    // uses the stack for d16-d31 (restored before it ends) and clobbers
    // only the registers declared.
    unsafe {
        asm!(
            ".fpu neon",
            "vpush {{d16-d31}}",
            "vld1.32 {{d0-d3}}, [{rs}]!",
            "vld1.32 {{d4}}, [{rs}]",
            "vld1.32 {{d6-d9}}, [{acc}]!",
            "vld1.32 {{d10}}, [{acc}]",
            "sub {acc}, {acc}, #32",
            // d5: 2^26 - 1 in each 32-bit lane; q15: in each 64-bit lane.
            "vmvn.i32 d5, #0xfc000000",
            "vmvn.i32 q15, #0xfc000000",
            "vshr.u64 q15, q15, #32",
            "b 2f",
            // One step: A·r^2 into the columns q8-q12.
            "1:",
            "vmull.u32 q8, d6, d0[0]",
            "vmull.u32 q9, d6, d0[1]",
            "vmull.u32 q10, d6, d1[0]",
            "vmull.u32 q11, d6, d1[1]",
            "vmull.u32 q12, d6, d2[0]",
            "vmlal.u32 q8, d7, d4[0]",
            "vmlal.u32 q9, d7, d0[0]",
            "vmlal.u32 q10, d7, d0[1]",
            "vmlal.u32 q11, d7, d1[0]",
            "vmlal.u32 q12, d7, d1[1]",
            "vmlal.u32 q8, d8, d3[1]",
            "vmlal.u32 q9, d8, d4[0]",
            "vmlal.u32 q10, d8, d0[0]",
            "vmlal.u32 q11, d8, d0[1]",
            "vmlal.u32 q12, d8, d1[0]",
            "vmlal.u32 q8, d9, d3[0]",
            "vmlal.u32 q9, d9, d3[1]",
            "vmlal.u32 q10, d9, d4[0]",
            "vmlal.u32 q11, d9, d0[0]",
            "vmlal.u32 q12, d9, d0[1]",
            "vmlal.u32 q8, d10, d2[1]",
            "vmlal.u32 q9, d10, d3[0]",
            "vmlal.u32 q10, d10, d3[1]",
            "vmlal.u32 q11, d10, d4[0]",
            "vmlal.u32 q12, d10, d0[0]",
            // Carries 0→1→2→3→4, 4→0 (times 5), 0→1.
            "vshr.u64 q13, q8, #26",
            "vand q8, q8, q15",
            "vadd.i64 q9, q9, q13",
            "vshr.u64 q13, q9, #26",
            "vand q9, q9, q15",
            "vadd.i64 q10, q10, q13",
            "vshr.u64 q13, q10, #26",
            "vand q10, q10, q15",
            "vadd.i64 q11, q11, q13",
            "vshr.u64 q13, q11, #26",
            "vand q11, q11, q15",
            "vadd.i64 q12, q12, q13",
            "vshr.u64 q13, q12, #26",
            "vand q12, q12, q15",
            "vadd.i64 q8, q8, q13",
            "vshl.i64 q13, q13, #2",
            "vadd.i64 q8, q8, q13",
            "vshr.u64 q13, q8, #26",
            "vand q8, q8, q15",
            "vadd.i64 q9, q9, q13",
            "vmovn.i64 d6, q8",
            "vmovn.i64 d7, q9",
            "vmovn.i64 d8, q10",
            "vmovn.i64 d9, q11",
            "vmovn.i64 d10, q12",
            // Two blocks: lane 0 the first, lane 1 the second.
            "2:",
            "vld1.8 {{d26-d29}}, [{data}]!",
            // d26 = words 0, d28 = words 1, d27 = words 2, d29 = words 3,
            // each (first block, second block).
            "vtrn.32 q13, q14",
            "vand d11, d26, d5",
            "vshr.u32 d12, d26, #26",
            "vsli.32 d12, d28, #6",
            "vand d12, d12, d5",
            "vshr.u32 d13, d28, #20",
            "vsli.32 d13, d27, #12",
            "vand d13, d13, d5",
            "vshr.u32 d14, d27, #14",
            "vsli.32 d14, d29, #18",
            "vand d14, d14, d5",
            "vshr.u32 d15, d29, #8",
            "vorr.i32 d15, #0x01000000",
            "vadd.i32 d6, d6, d11",
            "vadd.i32 d7, d7, d12",
            "vadd.i32 d8, d8, d13",
            "vadd.i32 d9, d9, d14",
            "vadd.i32 d10, d10, d15",
            "subs {steps}, {steps}, #1",
            "bne 1b",
            "vst1.32 {{d6-d9}}, [{acc}]!",
            "vst1.32 {{d10}}, [{acc}]",
            "vpop {{d16-d31}}",
            rs = inout(reg) rs.as_ptr() => _,
            acc = inout(reg) acc.as_mut_ptr() => _,
            data = inout(reg) data.as_ptr() => _,
            steps = inout(reg) steps => _,
            out("d0") _, out("d1") _, out("d2") _, out("d3") _,
            out("d4") _, out("d5") _, out("d6") _, out("d7") _,
            out("d8") _, out("d9") _, out("d10") _, out("d11") _,
            out("d12") _, out("d13") _, out("d14") _, out("d15") _,
        );
    }
    // h' = (A_0·r + A_1)·r, with A_0 and A_1 back in radix 2^64.
    let lane = |k: usize| soft::pack26(core::array::from_fn(|i| u64::from(acc[2 * i + k])));
    let a0 = soft::mul(lane(0), r);
    let a1 = lane(1);
    // Both have h2 <= 4: the sum's h2 is <= 9, folded (bits 130 and up,
    // times 5, into bit 0) back to <= 4 before the last product.
    let t = u128::from(a0[0]) + u128::from(a1[0]);
    let s0 = t as u64;
    let t = u128::from(a0[1]) + u128::from(a1[1]) + (t >> 64);
    let s1 = t as u64;
    let s2 = a0[2] + a1[2] + (t >> 64) as u64;
    let t = u128::from(s0) + u128::from(5 * (s2 >> 2));
    let f0 = t as u64;
    let t = u128::from(s1) + (t >> 64);
    *h = soft::mul([f0, t as u64, (s2 & 3) + (t >> 64) as u64], r);
    crate::ct::wipe(&mut rs);
    crate::ct::wipe(&mut acc);
}
