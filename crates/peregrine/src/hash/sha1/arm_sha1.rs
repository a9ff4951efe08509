//! SHA-1 with the ARMv8 SHA-1 instructions in 32-bit (AArch32) code, for
//! ARMv8 CPUs running 32-bit firmware. The same algorithm as
//! `aarch64_sha1.rs` (ABCD in one vector, E in lane 0 of another,
//! `sha1c`/`sha1p`/`sha1m` per four rounds with `sha1h` giving the next E,
//! the schedule by `sha1su0`/`sha1su1`), in one `asm!` block (the 32-bit
//! ARM intrinsics are not stable Rust), run only when the kernel's
//! `HWCAP2_SHA1` says the CPU has the instructions (`cpu/arm.rs`).
//!
//! The six SHA-1 instructions are `.inst` words (their A32 encodings, each
//! with its mnemonic, produced by GNU as), so the assembler needs no ARMv8
//! mode (see `hash/sha256/arm_sha2.rs`).
//!
//! Registers: q0 ABCD, q1/q2 E and the next E (alternating by group), q3
//! the words plus constant, q4-q5 the block's input state, q8-q11 the
//! message schedule, q12-q15 the four constants. d0-d11 are declared
//! clobbered; d16-d31 (which the target does not assume exist) are saved
//! and restored by the kernel.

use core::arch::asm;

use super::K;

/// Runs the compression function over whole 64-byte blocks.
///
/// # Safety
/// The CPU must have NEON and the ARMv8 SHA-1 instructions.
pub(super) unsafe fn compress(state: &mut [u32; 5], blocks: &[u8]) {
    debug_assert!(blocks.len().is_multiple_of(64));
    let n = blocks.len() / 64;
    if n == 0 {
        return;
    }
    // SAFETY: the caller's contract (NEON, SHA1). The asm reads and writes
    // the 20-byte `state`, reads `n * 64` bytes of `blocks` and the
    // 16-byte `K`, uses the stack for d16-d31 (restored before it ends)
    // and clobbers only the registers declared.
    unsafe {
        asm!(
            ".fpu neon",
            "vpush {{d16-d31}}",
            "vld1.32 {{d0-d1}}, [{st}]",
            "ldr {t}, [{st}, #16]",
            "vmov.i32 q1, #0",
            "vmov.32 d2[0], {t}",
            "vld1.32 {{d6-d7}}, [{k}]",
            "vdup.32 q12, d6[0]",
            "vdup.32 q13, d6[1]",
            "vdup.32 q14, d7[0]",
            "vdup.32 q15, d7[1]",
            "1:",
            "vld1.8 {{d16-d19}}, [{data}]!",
            "vld1.8 {{d20-d23}}, [{data}]!",
            "vrev32.8 q8, q8",
            "vrev32.8 q9, q9",
            "vrev32.8 q10, q10",
            "vrev32.8 q11, q11",
            "vmov q4, q0",
            "vmov q5, q1",
            // Rounds 0..3.
            "vadd.i32 q3, q8, q12",
            ".inst 0xf3b942c0", // sha1h.32 q2, q0
            ".inst 0xf2020c46", // sha1c.32 q0, q1, q3
            ".inst 0xf2720ce4", // sha1su0.32 q8, q9, q10
            ".inst 0xf3fa03a6", // sha1su1.32 q8, q11
            // Rounds 4..7.
            "vadd.i32 q3, q9, q12",
            ".inst 0xf3b922c0", // sha1h.32 q1, q0
            ".inst 0xf2040c46", // sha1c.32 q0, q2, q3
            ".inst 0xf2742ce6", // sha1su0.32 q9, q10, q11
            ".inst 0xf3fa23a0", // sha1su1.32 q9, q8
            // Rounds 8..11.
            "vadd.i32 q3, q10, q12",
            ".inst 0xf3b942c0", // sha1h.32 q2, q0
            ".inst 0xf2020c46", // sha1c.32 q0, q1, q3
            ".inst 0xf2764ce0", // sha1su0.32 q10, q11, q8
            ".inst 0xf3fa43a2", // sha1su1.32 q10, q9
            // Rounds 12..15.
            "vadd.i32 q3, q11, q12",
            ".inst 0xf3b922c0", // sha1h.32 q1, q0
            ".inst 0xf2040c46", // sha1c.32 q0, q2, q3
            ".inst 0xf2706ce2", // sha1su0.32 q11, q8, q9
            ".inst 0xf3fa63a4", // sha1su1.32 q11, q10
            // Rounds 16..19.
            "vadd.i32 q3, q8, q12",
            ".inst 0xf3b942c0", // sha1h.32 q2, q0
            ".inst 0xf2020c46", // sha1c.32 q0, q1, q3
            ".inst 0xf2720ce4", // sha1su0.32 q8, q9, q10
            ".inst 0xf3fa03a6", // sha1su1.32 q8, q11
            // Rounds 20..23.
            "vadd.i32 q3, q9, q13",
            ".inst 0xf3b922c0", // sha1h.32 q1, q0
            ".inst 0xf2140c46", // sha1p.32 q0, q2, q3
            ".inst 0xf2742ce6", // sha1su0.32 q9, q10, q11
            ".inst 0xf3fa23a0", // sha1su1.32 q9, q8
            // Rounds 24..27.
            "vadd.i32 q3, q10, q13",
            ".inst 0xf3b942c0", // sha1h.32 q2, q0
            ".inst 0xf2120c46", // sha1p.32 q0, q1, q3
            ".inst 0xf2764ce0", // sha1su0.32 q10, q11, q8
            ".inst 0xf3fa43a2", // sha1su1.32 q10, q9
            // Rounds 28..31.
            "vadd.i32 q3, q11, q13",
            ".inst 0xf3b922c0", // sha1h.32 q1, q0
            ".inst 0xf2140c46", // sha1p.32 q0, q2, q3
            ".inst 0xf2706ce2", // sha1su0.32 q11, q8, q9
            ".inst 0xf3fa63a4", // sha1su1.32 q11, q10
            // Rounds 32..35.
            "vadd.i32 q3, q8, q13",
            ".inst 0xf3b942c0", // sha1h.32 q2, q0
            ".inst 0xf2120c46", // sha1p.32 q0, q1, q3
            ".inst 0xf2720ce4", // sha1su0.32 q8, q9, q10
            ".inst 0xf3fa03a6", // sha1su1.32 q8, q11
            // Rounds 36..39.
            "vadd.i32 q3, q9, q13",
            ".inst 0xf3b922c0", // sha1h.32 q1, q0
            ".inst 0xf2140c46", // sha1p.32 q0, q2, q3
            ".inst 0xf2742ce6", // sha1su0.32 q9, q10, q11
            ".inst 0xf3fa23a0", // sha1su1.32 q9, q8
            // Rounds 40..43.
            "vadd.i32 q3, q10, q14",
            ".inst 0xf3b942c0", // sha1h.32 q2, q0
            ".inst 0xf2220c46", // sha1m.32 q0, q1, q3
            ".inst 0xf2764ce0", // sha1su0.32 q10, q11, q8
            ".inst 0xf3fa43a2", // sha1su1.32 q10, q9
            // Rounds 44..47.
            "vadd.i32 q3, q11, q14",
            ".inst 0xf3b922c0", // sha1h.32 q1, q0
            ".inst 0xf2240c46", // sha1m.32 q0, q2, q3
            ".inst 0xf2706ce2", // sha1su0.32 q11, q8, q9
            ".inst 0xf3fa63a4", // sha1su1.32 q11, q10
            // Rounds 48..51.
            "vadd.i32 q3, q8, q14",
            ".inst 0xf3b942c0", // sha1h.32 q2, q0
            ".inst 0xf2220c46", // sha1m.32 q0, q1, q3
            ".inst 0xf2720ce4", // sha1su0.32 q8, q9, q10
            ".inst 0xf3fa03a6", // sha1su1.32 q8, q11
            // Rounds 52..55.
            "vadd.i32 q3, q9, q14",
            ".inst 0xf3b922c0", // sha1h.32 q1, q0
            ".inst 0xf2240c46", // sha1m.32 q0, q2, q3
            ".inst 0xf2742ce6", // sha1su0.32 q9, q10, q11
            ".inst 0xf3fa23a0", // sha1su1.32 q9, q8
            // Rounds 56..59.
            "vadd.i32 q3, q10, q14",
            ".inst 0xf3b942c0", // sha1h.32 q2, q0
            ".inst 0xf2220c46", // sha1m.32 q0, q1, q3
            ".inst 0xf2764ce0", // sha1su0.32 q10, q11, q8
            ".inst 0xf3fa43a2", // sha1su1.32 q10, q9
            // Rounds 60..63.
            "vadd.i32 q3, q11, q15",
            ".inst 0xf3b922c0", // sha1h.32 q1, q0
            ".inst 0xf2140c46", // sha1p.32 q0, q2, q3
            ".inst 0xf2706ce2", // sha1su0.32 q11, q8, q9
            ".inst 0xf3fa63a4", // sha1su1.32 q11, q10
            // Rounds 64..67.
            "vadd.i32 q3, q8, q15",
            ".inst 0xf3b942c0", // sha1h.32 q2, q0
            ".inst 0xf2120c46", // sha1p.32 q0, q1, q3
            // Rounds 68..71.
            "vadd.i32 q3, q9, q15",
            ".inst 0xf3b922c0", // sha1h.32 q1, q0
            ".inst 0xf2140c46", // sha1p.32 q0, q2, q3
            // Rounds 72..75.
            "vadd.i32 q3, q10, q15",
            ".inst 0xf3b942c0", // sha1h.32 q2, q0
            ".inst 0xf2120c46", // sha1p.32 q0, q1, q3
            // Rounds 76..79.
            "vadd.i32 q3, q11, q15",
            ".inst 0xf3b922c0", // sha1h.32 q1, q0
            ".inst 0xf2140c46", // sha1p.32 q0, q2, q3

            "vadd.i32 q0, q0, q4",
            "vadd.i32 q1, q1, q5",
            "subs {n}, {n}, #1",
            "bne 1b",
            "vst1.32 {{d0-d1}}, [{st}]",
            "vmov.32 {t}, d2[0]",
            "str {t}, [{st}, #16]",
            "vpop {{d16-d31}}",
            st = in(reg) state.as_mut_ptr(),
            k = in(reg) K.as_ptr(),
            data = inout(reg) blocks.as_ptr() => _,
            n = inout(reg) n => _,
            t = out(reg) _,
            out("d0") _, out("d1") _, out("d2") _, out("d3") _,
            out("d4") _, out("d5") _, out("d6") _, out("d7") _,
            out("d8") _, out("d9") _, out("d10") _, out("d11") _,
        );
    }
}
