//! ChaCha20 with NEON on 32-bit ARM (ARMv7-A with Advanced SIMD, and ARMv8
//! CPUs running 32-bit code): three blocks in parallel, in inline `asm!`.
//!
//! NEON intrinsics for 32-bit ARM are not stable Rust, and the
//! `armv7-unknown-linux-gnueabihf` target does not enable NEON (its
//! baseline is VFPv3-D16), so the kernel is one `asm!` block that switches
//! the assembler to NEON (`.fpu neon`) and runs only after the kernel's
//! auxiliary vector said the CPU has it (`HWCAP_NEON`, `cpu/arm.rs`).
//!
//! Technique: the row layout of D. J. Bernstein and P. Schwabe's "NEON
//! crypto" (CHES 2012) and of the NEON path of OpenSSL's `chacha-armv4.pl`:
//!
//! - Each block's state is four q registers, one row each (block 0 in
//!   q0-q3, block 1 in q4-q7, block 2 in q8-q11, temporaries q12-q14);
//!   the three blocks' instructions are interleaved step by step, which
//!   hides the latency of the in-order cores routers use (Cortex-A7, A9,
//!   A53). Row 3 of block `j` holds counter `ctr + j` (a 32-bit add, so the
//!   counter wraps and never carries into the nonce).
//! - Rotations: by 16 with `vrev32.16`; by 12, 8 and 7 with a shift left
//!   and a shift-right-and-insert (`vshl` + `vsri`) through a temporary.
//! - The diagonal round: rows 1-3 rotated by 1, 2, 3 lanes (`vext.32`),
//!   and back.
//! - After the rounds each block adds the input rows (from memory: the
//!   registers are all in use), loads 64 bytes of data, xors and stores.
//!   The data are loaded before they are stored, so in place is fine.
//! - Registers: q0-q7 (d0-d15) are declared clobbered (the compiler
//!   saves d8-d15, callee-saved in the AAPCS); q8-q15 (d16-d31) exist
//!   only with NEON or VFPv3-D32, which the target does not assume, so
//!   the kernel saves and restores them itself (`vpush`/`vpop`).
//!
//! The tail (fewer than three whole blocks left) runs the same kernel on
//! zeros into a stack buffer and xors from there (`xor_from`).
//!
//! Constant time: no branch, index or address depends on the key, the
//! nonce, the counter or the data.

use core::arch::asm;

use super::xor_from;
use crate::cipher::InOut;

/// Bytes per kernel step: three 64-byte blocks.
const GROUP: usize = 192;

/// XORs the keystream of `groups` groups of three blocks into `groups *
/// 192` bytes from `src` to `dst`, starting at block `ctr`; `rows` is the
/// state (word 12, the counter, is replaced by `ctr + j` for block `j`).
///
/// # Safety
/// The CPU must have NEON; `src` must be valid for `groups * 192` bytes of
/// reads, `dst` for as many writes (the same pointer is allowed, and so is
/// no overlap at all; a partial overlap is not); `groups >= 1`.
#[inline(never)]
unsafe fn xor_groups(rows: &[u32; 16], src: *const u8, dst: *mut u8, groups: usize, ctr: u32) {
    debug_assert!(groups >= 1);
    // SAFETY: the caller's contract (NEON; `src`/`dst` valid for `groups`
    // groups). The asm reads `rows` (64 bytes) and the data, writes the
    // data, uses the stack for d16-d31 (restored before it ends) and
    // clobbers only the registers declared.
    unsafe {
        asm!(
            ".fpu neon",
            "vpush {{d16-d31}}",
            "1:",
            // Three copies of the input state; counters ctr, ctr+1, ctr+2.
            "vld1.32 {{d0-d3}}, [{rows}]!",
            "vld1.32 {{d4-d7}}, [{rows}]",
            "sub {rows}, {rows}, #32",
            "vmov q4, q0",
            "vmov q5, q1",
            "vmov q6, q2",
            "vmov q7, q3",
            "vmov q8, q0",
            "vmov q9, q1",
            "vmov q10, q2",
            "vmov q11, q3",
            "vmov.32 d6[0], {ctr}",
            "add {t}, {ctr}, #1",
            "vmov.32 d14[0], {t}",
            "add {t}, {ctr}, #2",
            "vmov.32 d22[0], {t}",
            "mov {t}, #10",
            // Ten double rounds.
            "2:",
            "vadd.i32 q0, q0, q1\nvadd.i32 q4, q4, q5\nvadd.i32 q8, q8, q9", // columns: a += b
            "veor q3, q3, q0\nveor q7, q7, q4\nveor q11, q11, q8", // d ^= a
            "vrev32.16 q3, q3\nvrev32.16 q7, q7\nvrev32.16 q11, q11", // d <<<= 16
            "vadd.i32 q2, q2, q3\nvadd.i32 q6, q6, q7\nvadd.i32 q10, q10, q11", // c += d
            "veor q12, q1, q2\nveor q13, q5, q6\nveor q14, q9, q10", // b ^= c
            "vshl.i32 q1, q12, #12\nvshl.i32 q5, q13, #12\nvshl.i32 q9, q14, #12", // b <<<= 12
            "vsri.32 q1, q12, #20\nvsri.32 q5, q13, #20\nvsri.32 q9, q14, #20",
            "vadd.i32 q0, q0, q1\nvadd.i32 q4, q4, q5\nvadd.i32 q8, q8, q9", // a += b
            "veor q12, q3, q0\nveor q13, q7, q4\nveor q14, q11, q8", // d ^= a
            "vshl.i32 q3, q12, #8\nvshl.i32 q7, q13, #8\nvshl.i32 q11, q14, #8", // d <<<= 8
            "vsri.32 q3, q12, #24\nvsri.32 q7, q13, #24\nvsri.32 q11, q14, #24",
            "vadd.i32 q2, q2, q3\nvadd.i32 q6, q6, q7\nvadd.i32 q10, q10, q11", // c += d
            "veor q12, q1, q2\nveor q13, q5, q6\nveor q14, q9, q10", // b ^= c
            "vshl.i32 q1, q12, #7\nvshl.i32 q5, q13, #7\nvshl.i32 q9, q14, #7", // b <<<= 7
            "vsri.32 q1, q12, #25\nvsri.32 q5, q13, #25\nvsri.32 q9, q14, #25",
            "vext.32 q1, q1, q1, #1\nvext.32 q5, q5, q5, #1\nvext.32 q9, q9, q9, #1", // diagonals into columns
            "vext.32 q2, q2, q2, #2\nvext.32 q6, q6, q6, #2\nvext.32 q10, q10, q10, #2",
            "vext.32 q3, q3, q3, #3\nvext.32 q7, q7, q7, #3\nvext.32 q11, q11, q11, #3",
            "vadd.i32 q0, q0, q1\nvadd.i32 q4, q4, q5\nvadd.i32 q8, q8, q9", // diagonals: a += b
            "veor q3, q3, q0\nveor q7, q7, q4\nveor q11, q11, q8", // d ^= a
            "vrev32.16 q3, q3\nvrev32.16 q7, q7\nvrev32.16 q11, q11", // d <<<= 16
            "vadd.i32 q2, q2, q3\nvadd.i32 q6, q6, q7\nvadd.i32 q10, q10, q11", // c += d
            "veor q12, q1, q2\nveor q13, q5, q6\nveor q14, q9, q10", // b ^= c
            "vshl.i32 q1, q12, #12\nvshl.i32 q5, q13, #12\nvshl.i32 q9, q14, #12", // b <<<= 12
            "vsri.32 q1, q12, #20\nvsri.32 q5, q13, #20\nvsri.32 q9, q14, #20",
            "vadd.i32 q0, q0, q1\nvadd.i32 q4, q4, q5\nvadd.i32 q8, q8, q9", // a += b
            "veor q12, q3, q0\nveor q13, q7, q4\nveor q14, q11, q8", // d ^= a
            "vshl.i32 q3, q12, #8\nvshl.i32 q7, q13, #8\nvshl.i32 q11, q14, #8", // d <<<= 8
            "vsri.32 q3, q12, #24\nvsri.32 q7, q13, #24\nvsri.32 q11, q14, #24",
            "vadd.i32 q2, q2, q3\nvadd.i32 q6, q6, q7\nvadd.i32 q10, q10, q11", // c += d
            "veor q12, q1, q2\nveor q13, q5, q6\nveor q14, q9, q10", // b ^= c
            "vshl.i32 q1, q12, #7\nvshl.i32 q5, q13, #7\nvshl.i32 q9, q14, #7", // b <<<= 7
            "vsri.32 q1, q12, #25\nvsri.32 q5, q13, #25\nvsri.32 q9, q14, #25",
            "vext.32 q1, q1, q1, #3\nvext.32 q5, q5, q5, #3\nvext.32 q9, q9, q9, #3", // and back
            "vext.32 q2, q2, q2, #2\nvext.32 q6, q6, q6, #2\nvext.32 q10, q10, q10, #2",
            "vext.32 q3, q3, q3, #1\nvext.32 q7, q7, q7, #1\nvext.32 q11, q11, q11, #1",
            "subs {t}, {t}, #1",
            "bne 2b",
            // Block 0: add the input rows (row 3 with counter + 0), xor 64 bytes.
            "vld1.32 {{d24-d27}}, [{rows}]!",
            "vadd.i32 q0, q0, q12",
            "vadd.i32 q1, q1, q13",
            "vld1.32 {{d24-d27}}, [{rows}]",
            "sub {rows}, {rows}, #32",
            "add {t}, {ctr}, #0",
            "vmov.32 d26[0], {t}",
            "vadd.i32 q2, q2, q12",
            "vadd.i32 q3, q3, q13",
            "vld1.8 {{d24-d27}}, [{src}]!",
            "vld1.8 {{d28-d31}}, [{src}]!",
            "veor q0, q0, q12",
            "veor q1, q1, q13",
            "veor q2, q2, q14",
            "veor q3, q3, q15",
            "vst1.8 {{d0-d3}}, [{dst}]!",
            "vst1.8 {{d4-d7}}, [{dst}]!",
            // Block 1: add the input rows (row 3 with counter + 1), xor 64 bytes.
            "vld1.32 {{d24-d27}}, [{rows}]!",
            "vadd.i32 q4, q4, q12",
            "vadd.i32 q5, q5, q13",
            "vld1.32 {{d24-d27}}, [{rows}]",
            "sub {rows}, {rows}, #32",
            "add {t}, {ctr}, #1",
            "vmov.32 d26[0], {t}",
            "vadd.i32 q6, q6, q12",
            "vadd.i32 q7, q7, q13",
            "vld1.8 {{d24-d27}}, [{src}]!",
            "vld1.8 {{d28-d31}}, [{src}]!",
            "veor q4, q4, q12",
            "veor q5, q5, q13",
            "veor q6, q6, q14",
            "veor q7, q7, q15",
            "vst1.8 {{d8-d11}}, [{dst}]!",
            "vst1.8 {{d12-d15}}, [{dst}]!",
            // Block 2: add the input rows (row 3 with counter + 2), xor 64 bytes.
            "vld1.32 {{d24-d27}}, [{rows}]!",
            "vadd.i32 q8, q8, q12",
            "vadd.i32 q9, q9, q13",
            "vld1.32 {{d24-d27}}, [{rows}]",
            "sub {rows}, {rows}, #32",
            "add {t}, {ctr}, #2",
            "vmov.32 d26[0], {t}",
            "vadd.i32 q10, q10, q12",
            "vadd.i32 q11, q11, q13",
            "vld1.8 {{d24-d27}}, [{src}]!",
            "vld1.8 {{d28-d31}}, [{src}]!",
            "veor q8, q8, q12",
            "veor q9, q9, q13",
            "veor q10, q10, q14",
            "veor q11, q11, q15",
            "vst1.8 {{d16-d19}}, [{dst}]!",
            "vst1.8 {{d20-d23}}, [{dst}]!",
            "add {ctr}, {ctr}, #3",
            "subs {groups}, {groups}, #1",
            "bne 1b",
            "vpop {{d16-d31}}",
            rows = inout(reg) rows.as_ptr() => _,
            src = inout(reg) src => _,
            dst = inout(reg) dst => _,
            groups = inout(reg) groups => _,
            ctr = inout(reg) ctr => _,
            t = out(reg) _,
            out("d0") _, out("d1") _, out("d2") _, out("d3") _,
            out("d4") _, out("d5") _, out("d6") _, out("d7") _,
            out("d8") _, out("d9") _, out("d10") _, out("d11") _,
            out("d12") _, out("d13") _, out("d14") _, out("d15") _,
        );
    }
}

/// XORs the keystream of blocks `state[12]`, `state[12] + 1`, ... into
/// `io`; the last block may be partial, and then its whole keystream is
/// left in `tail`.
///
/// # Safety
/// The CPU must have NEON (`HWCAP_NEON`).
pub(crate) unsafe fn xor_keystream(state: &[u32; 16], mut io: InOut<'_>, tail: &mut [u8; 64]) {
    let len = io.len();
    let ctr = state[12];
    let groups = len / GROUP;
    if groups > 0 {
        let src = io.src_ptr();
        let dst = io.dst_ptr();
        // SAFETY: NEON by the caller's contract; `InOut` gives `len` bytes
        // at `src` and `dst`, the same buffer or two disjoint ones, and
        // `groups * 192 <= len`.
        unsafe { xor_groups(state, src, dst, groups, ctr) };
    }
    let at = groups * GROUP;
    if at < len {
        let zeros = [0u8; GROUP];
        let mut ks = [0u8; GROUP];
        // SAFETY: NEON as above; both buffers are 192 bytes.
        unsafe {
            xor_groups(
                state,
                zeros.as_ptr(),
                ks.as_mut_ptr(),
                1,
                ctr.wrapping_add((groups * 3) as u32),
            )
        };
        let blocks = (len - at).div_ceil(64);
        xor_from(&mut io, at, &ks[..64 * blocks], tail);
        crate::ct::wipe(&mut ks);
    }
}
