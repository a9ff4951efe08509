//! SHA-256 with the ARMv8 SHA-256 instructions in 32-bit (AArch32) code:
//! ARMv8 CPUs (Cortex-A53, A72, ...) running 32-bit firmware, as many
//! routers do. The same algorithm as `aarch64_sha2.rs` (ABCD and EFGH in
//! two vectors, `sha256h`/`sha256h2` per four rounds, the schedule four
//! groups ahead with `sha256su0`/`sha256su1`), in one `asm!` block (the
//! 32-bit ARM intrinsics are not stable Rust), run only when the kernel's
//! `HWCAP2_SHA2` says the CPU has the instructions (`cpu/arm.rs`).
//!
//! The four SHA-256 instructions are written as `.inst` words (their A32
//! encodings, each with the mnemonic beside it, checked against GNU as),
//! so the assembler needs no ARMv8 mode: an `.arch armv8-a` inside an
//! `asm!` block stays in force for the rest of the compilation unit's
//! inline assembly. Only `.fpu neon` is set, for the NEON moves and loads
//! (as the ChaCha20 and Poly1305 kernels do).
//!
//! Registers: q0-q2 the state and the previous ABCD, q8-q11 the message
//! schedule, q12 the words plus constants, q14-q15 the block's input
//! state. d0-d5 are declared clobbered; d16-d31 (which the target does not
//! assume exist) are saved and restored by the kernel.

use core::arch::asm;

use super::K;

/// Runs the compression function over whole 64-byte blocks.
///
/// # Safety
/// The CPU must have NEON and the ARMv8 SHA-256 instructions.
pub(super) unsafe fn compress(state: &mut [u32; 8], blocks: &[u8]) {
    debug_assert!(blocks.len().is_multiple_of(64));
    let n = blocks.len() / 64;
    if n == 0 {
        return;
    }
    // SAFETY: the caller's contract (NEON, SHA2). The asm reads and writes
    // the 32-byte `state`, reads `n * 64` bytes of `blocks` and the
    // 256-byte `K`, uses the stack for d16-d31 (restored before it ends)
    // and clobbers only the registers declared.
    unsafe {
        asm!(
            ".fpu neon",
            "vpush {{d16-d31}}",
            "vld1.32 {{d0-d3}}, [{st}]",
            "1:",
            "vld1.8 {{d16-d19}}, [{data}]!",
            "vld1.8 {{d20-d23}}, [{data}]!",
            "vrev32.8 q8, q8",
            "vrev32.8 q9, q9",
            "vrev32.8 q10, q10",
            "vrev32.8 q11, q11",
            "vmov q14, q0",
            "vmov q15, q1",
            "mov {k}, {kbase}",
            // Rounds 0..3.
            "vld1.32 {{d24-d25}}, [{k}]!",
            "vadd.i32 q12, q12, q8",
            "vmov q2, q0",
            ".inst 0xf3020c68", // sha256h.32 q0, q1, q12
            ".inst 0xf3142c68", // sha256h2.32 q1, q2, q12
            ".inst 0xf3fa03e2", // sha256su0.32 q8, q9
            ".inst 0xf3640ce6", // sha256su1.32 q8, q10, q11
            // Rounds 4..7.
            "vld1.32 {{d24-d25}}, [{k}]!",
            "vadd.i32 q12, q12, q9",
            "vmov q2, q0",
            ".inst 0xf3020c68", // sha256h.32 q0, q1, q12
            ".inst 0xf3142c68", // sha256h2.32 q1, q2, q12
            ".inst 0xf3fa23e4", // sha256su0.32 q9, q10
            ".inst 0xf3662ce0", // sha256su1.32 q9, q11, q8
            // Rounds 8..11.
            "vld1.32 {{d24-d25}}, [{k}]!",
            "vadd.i32 q12, q12, q10",
            "vmov q2, q0",
            ".inst 0xf3020c68", // sha256h.32 q0, q1, q12
            ".inst 0xf3142c68", // sha256h2.32 q1, q2, q12
            ".inst 0xf3fa43e6", // sha256su0.32 q10, q11
            ".inst 0xf3604ce2", // sha256su1.32 q10, q8, q9
            // Rounds 12..15.
            "vld1.32 {{d24-d25}}, [{k}]!",
            "vadd.i32 q12, q12, q11",
            "vmov q2, q0",
            ".inst 0xf3020c68", // sha256h.32 q0, q1, q12
            ".inst 0xf3142c68", // sha256h2.32 q1, q2, q12
            ".inst 0xf3fa63e0", // sha256su0.32 q11, q8
            ".inst 0xf3626ce4", // sha256su1.32 q11, q9, q10
            // Rounds 16..19.
            "vld1.32 {{d24-d25}}, [{k}]!",
            "vadd.i32 q12, q12, q8",
            "vmov q2, q0",
            ".inst 0xf3020c68", // sha256h.32 q0, q1, q12
            ".inst 0xf3142c68", // sha256h2.32 q1, q2, q12
            ".inst 0xf3fa03e2", // sha256su0.32 q8, q9
            ".inst 0xf3640ce6", // sha256su1.32 q8, q10, q11
            // Rounds 20..23.
            "vld1.32 {{d24-d25}}, [{k}]!",
            "vadd.i32 q12, q12, q9",
            "vmov q2, q0",
            ".inst 0xf3020c68", // sha256h.32 q0, q1, q12
            ".inst 0xf3142c68", // sha256h2.32 q1, q2, q12
            ".inst 0xf3fa23e4", // sha256su0.32 q9, q10
            ".inst 0xf3662ce0", // sha256su1.32 q9, q11, q8
            // Rounds 24..27.
            "vld1.32 {{d24-d25}}, [{k}]!",
            "vadd.i32 q12, q12, q10",
            "vmov q2, q0",
            ".inst 0xf3020c68", // sha256h.32 q0, q1, q12
            ".inst 0xf3142c68", // sha256h2.32 q1, q2, q12
            ".inst 0xf3fa43e6", // sha256su0.32 q10, q11
            ".inst 0xf3604ce2", // sha256su1.32 q10, q8, q9
            // Rounds 28..31.
            "vld1.32 {{d24-d25}}, [{k}]!",
            "vadd.i32 q12, q12, q11",
            "vmov q2, q0",
            ".inst 0xf3020c68", // sha256h.32 q0, q1, q12
            ".inst 0xf3142c68", // sha256h2.32 q1, q2, q12
            ".inst 0xf3fa63e0", // sha256su0.32 q11, q8
            ".inst 0xf3626ce4", // sha256su1.32 q11, q9, q10
            // Rounds 32..35.
            "vld1.32 {{d24-d25}}, [{k}]!",
            "vadd.i32 q12, q12, q8",
            "vmov q2, q0",
            ".inst 0xf3020c68", // sha256h.32 q0, q1, q12
            ".inst 0xf3142c68", // sha256h2.32 q1, q2, q12
            ".inst 0xf3fa03e2", // sha256su0.32 q8, q9
            ".inst 0xf3640ce6", // sha256su1.32 q8, q10, q11
            // Rounds 36..39.
            "vld1.32 {{d24-d25}}, [{k}]!",
            "vadd.i32 q12, q12, q9",
            "vmov q2, q0",
            ".inst 0xf3020c68", // sha256h.32 q0, q1, q12
            ".inst 0xf3142c68", // sha256h2.32 q1, q2, q12
            ".inst 0xf3fa23e4", // sha256su0.32 q9, q10
            ".inst 0xf3662ce0", // sha256su1.32 q9, q11, q8
            // Rounds 40..43.
            "vld1.32 {{d24-d25}}, [{k}]!",
            "vadd.i32 q12, q12, q10",
            "vmov q2, q0",
            ".inst 0xf3020c68", // sha256h.32 q0, q1, q12
            ".inst 0xf3142c68", // sha256h2.32 q1, q2, q12
            ".inst 0xf3fa43e6", // sha256su0.32 q10, q11
            ".inst 0xf3604ce2", // sha256su1.32 q10, q8, q9
            // Rounds 44..47.
            "vld1.32 {{d24-d25}}, [{k}]!",
            "vadd.i32 q12, q12, q11",
            "vmov q2, q0",
            ".inst 0xf3020c68", // sha256h.32 q0, q1, q12
            ".inst 0xf3142c68", // sha256h2.32 q1, q2, q12
            ".inst 0xf3fa63e0", // sha256su0.32 q11, q8
            ".inst 0xf3626ce4", // sha256su1.32 q11, q9, q10
            // Rounds 48..51.
            "vld1.32 {{d24-d25}}, [{k}]!",
            "vadd.i32 q12, q12, q8",
            "vmov q2, q0",
            ".inst 0xf3020c68", // sha256h.32 q0, q1, q12
            ".inst 0xf3142c68", // sha256h2.32 q1, q2, q12
            // Rounds 52..55.
            "vld1.32 {{d24-d25}}, [{k}]!",
            "vadd.i32 q12, q12, q9",
            "vmov q2, q0",
            ".inst 0xf3020c68", // sha256h.32 q0, q1, q12
            ".inst 0xf3142c68", // sha256h2.32 q1, q2, q12
            // Rounds 56..59.
            "vld1.32 {{d24-d25}}, [{k}]!",
            "vadd.i32 q12, q12, q10",
            "vmov q2, q0",
            ".inst 0xf3020c68", // sha256h.32 q0, q1, q12
            ".inst 0xf3142c68", // sha256h2.32 q1, q2, q12
            // Rounds 60..63.
            "vld1.32 {{d24-d25}}, [{k}]!",
            "vadd.i32 q12, q12, q11",
            "vmov q2, q0",
            ".inst 0xf3020c68", // sha256h.32 q0, q1, q12
            ".inst 0xf3142c68", // sha256h2.32 q1, q2, q12
            "vadd.i32 q0, q0, q14",
            "vadd.i32 q1, q1, q15",
            "subs {n}, {n}, #1",
            "bne 1b",
            "vst1.32 {{d0-d3}}, [{st}]",
            "vpop {{d16-d31}}",
            st = in(reg) state.as_mut_ptr(),
            data = inout(reg) blocks.as_ptr() => _,
            n = inout(reg) n => _,
            kbase = in(reg) K.as_ptr(),
            k = out(reg) _,
            out("d0") _, out("d1") _, out("d2") _, out("d3") _,
            out("d4") _, out("d5") _,
        );
    }
}
