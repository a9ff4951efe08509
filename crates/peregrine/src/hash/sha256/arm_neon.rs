//! SHA-256 on 32-bit ARM with NEON (ARMv7-A with Advanced SIMD, and ARMv8
//! CPUs running 32-bit code without the SHA-256 instructions), in inline
//! `asm!`.
//!
//! The technique is that of OpenSSL's `sha256-armv4.pl` (written here
//! anew from its description), in two phases a block:
//!
//! - the message schedule in NEON, four words a step: `W[t..t+4] =
//!   W[t-16..] + σ0(W[t-15..]) + W[t-7..] + σ1(W[t-2..])`, the words at
//!   `t-15` and `t-7` taken across two q registers by `vext.8`, each
//!   rotation a `vshr.u32` and a `vsli.32`, and σ1 in two halves (the
//!   upper two words need the lower two of the same step); each step's
//!   words plus their round constants are stored to a 256-byte buffer
//!   (followed by a copy of the constants, read at a fixed distance);
//! - the 64 rounds in the general registers (a..h in r4-r11, renamed
//!   instead of moved: eight rounds bring the names back), one load a
//!   round for `W + K`, and ARM's rotated operands: `Σ1(e) = (e ^ (e ror
//!   5) ^ (e ror 19)) ror 6`, so two `eor` with rotated operands and the
//!   last rotation folded into the `add` that consumes it (likewise Σ0);
//!   `Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c))` with `b ^ c` the previous
//!   round's `a ^ b`.
//!
//! About 17 instructions a round and 30 NEON instructions per four
//! scheduled words, against about 34 a round for the portable code on
//! 32-bit ARM (see the README's router table for the figures).
//!
//! Registers: the kernel saves r4-r11 and lr itself (r6, r7 and r11 are
//! not operands `asm!` may name) and restores them before it ends; d0-d15
//! are declared clobbered (the compiler saves d8-d15, callee-saved in the
//! AAPCS). The kernel runs only after `cpu/arm.rs` saw `HWCAP_NEON`.
//!
//! Constant time: additions, shifts, rotations and bitwise operations on
//! fixed registers; the only branches count steps and rounds.

use core::arch::asm;

use super::K;

/// One round on the working variables named `$a`..`$h` (general
/// registers): `W + K` loaded from the buffer at r3 plus `$off`,
/// `$d` += T1, `$h` = T1 + T2 (the next round's a). `$bc` holds `b ^ c`
/// and becomes Maj; `$ab` receives `a ^ b`, the next round's `b ^ c`.
/// Temporaries r1 and r2. The nine `$n` (instruction text or "") are
/// spread between the round's instructions: the schedule's NEON code runs
/// beside the rounds, which an in-order core issues only where its
/// instructions are interleaved with independent ones.
macro_rules! round {
    (
        $off:literal, $a:literal, $b:literal, $c:literal, $d:literal, $e:literal, $f:literal, $g:literal, $h:literal, $ab:literal, $bc:literal;
        $n1:expr, $n2:expr, $n3:expr, $n4:expr, $n5:expr, $n6:expr, $n7:expr, $n8:expr, $n9:expr
    ) => {
        concat!(
            "ldr r1, [r3, #", $off, "]\n",
            $n1,
            "add ", $h, ", ", $h, ", r1\n",
            // Sigma1(e) = (e ^ e ror 5 ^ e ror 19) ror 6
            "eor r1, ", $e, ", ", $e, ", ror #5\n",
            $n2,
            "eor r2, ", $f, ", ", $g, "\n",
            "eor r1, r1, ", $e, ", ror #19\n",
            $n3,
            // Ch(e, f, g) = g ^ (e & (f ^ g))
            "and r2, r2, ", $e, "\n",
            "add ", $h, ", ", $h, ", r1, ror #6\n",
            $n4,
            "eor r2, r2, ", $g, "\n",
            // Sigma0(a) = (a ^ a ror 11 ^ a ror 20) ror 2
            "eor r1, ", $a, ", ", $a, ", ror #11\n",
            $n5,
            "add ", $h, ", ", $h, ", r2\n",
            "eor r1, r1, ", $a, ", ror #20\n",
            $n6,
            "add ", $d, ", ", $d, ", ", $h, "\n",
            "eor ", $ab, ", ", $a, ", ", $b, "\n",
            $n7,
            "add ", $h, ", ", $h, ", r1, ror #2\n",
            // Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c))
            "and ", $bc, ", ", $bc, ", ", $ab, "\n",
            $n8,
            "eor ", $bc, ", ", $bc, ", ", $b, "\n",
            "add ", $h, ", ", $h, ", ", $bc, "\n",
            $n9,
        )
    };
    ($($r:literal),*) => {
        round!($($r),*; "", "", "", "", "", "", "", "", "")
    };
}

/// Eight rounds, the names rotating back to where they started, and the
/// buffer pointer moved past their eight words.
macro_rules! eight_rounds {
    () => {
        concat!(
            round!(
                "0", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "lr"
            ),
            round!(
                "4", "r11", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "lr", "r12"
            ),
            round!(
                "8", "r10", "r11", "r4", "r5", "r6", "r7", "r8", "r9", "r12", "lr"
            ),
            round!(
                "12", "r9", "r10", "r11", "r4", "r5", "r6", "r7", "r8", "lr", "r12"
            ),
            round!(
                "16", "r8", "r9", "r10", "r11", "r4", "r5", "r6", "r7", "r12", "lr"
            ),
            round!(
                "20", "r7", "r8", "r9", "r10", "r11", "r4", "r5", "r6", "lr", "r12"
            ),
            round!(
                "24", "r6", "r7", "r8", "r9", "r10", "r11", "r4", "r5", "r12", "lr"
            ),
            round!(
                "28", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r4", "lr", "r12"
            ),
            "add r3, r3, #32\n",
        )
    };
}

/// One schedule step interleaved with four rounds: the ring q registers
/// `$w0..$w3` hold `W[t-16..t]` (oldest first; `$w0l`/`$w0h` are `$w0`'s
/// halves and `$w3h` `$w3`'s upper half, `W[t-2]` and `W[t-1]`);
/// `W[t..t+4]` replaces `$w0` (`+ W[t-7..]` and `+ σ0(W[t-15..])`, the
/// words taken across two registers by `vext.8`, each rotation a
/// `vshr.u32` and a `vsli.32`; then `σ1` in two halves, the upper two
/// words needing the lower two), and `W + K` goes to the buffer 16 words
/// ahead of the step's first round's word (r3, moved past the step's four
/// words at its end), its `K` read 64 words further on (the copy of `K`
/// after the buffer). `$rN` are the four rounds' names.
/// Temporaries q4-q7, and r1 and r2 between rounds 2 and 3.
macro_rules! step {
    (
        [$($r0:literal),*], [$($r1:literal),*], [$($r2:literal),*], [$($r3:literal),*],
        $w0:literal, $w1:literal, $w2:literal, $w3:literal, $w0l:literal, $w0h:literal, $w3h:literal
    ) => {
        concat!(
            round!("0", $($r0),*;
                concat!("vext.8 q4, ", $w0, ", ", $w1, ", #4\n"),
                concat!("vext.8 q7, ", $w2, ", ", $w3, ", #4\n"),
                "vshr.u32 q5, q4, #7\n",
                concat!("vadd.i32 ", $w0, ", ", $w0, ", q7\n"),
                "vshr.u32 q6, q4, #3\n",
                "vsli.32 q5, q4, #25\n",
                "vshr.u32 q7, q4, #18\n",
                "veor q6, q6, q5\n",
                "vsli.32 q7, q4, #14\n"
            ),
            round!("4", $($r1),*;
                concat!("vshr.u32 d10, ", $w3h, ", #17\n"),
                // sigma0 = ror 7 ^ ror 18 ^ shr 3
                "veor q6, q6, q7\n",
                concat!("vsli.32 d10, ", $w3h, ", #15\n"),
                concat!("vshr.u32 d11, ", $w3h, ", #10\n"),
                concat!("vadd.i32 ", $w0, ", ", $w0, ", q6\n"),
                "veor d11, d11, d10\n",
                concat!("vshr.u32 d10, ", $w3h, ", #19\n"),
                concat!("vsli.32 d10, ", $w3h, ", #13\n"),
                // sigma1 = ror 17 ^ ror 19 ^ shr 10 of W[t-2], W[t-1]
                "veor d11, d11, d10\n"
            ),
            round!("8", $($r2),*;
                concat!("vadd.i32 ", $w0l, ", ", $w0l, ", d11\n"),
                concat!("vshr.u32 d10, ", $w0l, ", #17\n"),
                concat!("vsli.32 d10, ", $w0l, ", #15\n"),
                concat!("vshr.u32 d11, ", $w0l, ", #10\n"),
                "veor d11, d11, d10\n",
                concat!("vshr.u32 d10, ", $w0l, ", #19\n"),
                concat!("vsli.32 d10, ", $w0l, ", #13\n"),
                // sigma1 of the new W[t], W[t+1]
                "veor d11, d11, d10\n",
                concat!("vadd.i32 ", $w0h, ", ", $w0h, ", d11\n")
            ),
            // r3 points at this step's first round's word
            "add r1, r3, #64\n",
            "add r2, r3, #320\n",
            "vld1.32 {{d12, d13}}, [r2]\n",
            "vadd.i32 q6, q6, ", $w0, "\n",
            "vst1.32 {{d12, d13}}, [r1]\n",
            round!("12", $($r3),*),
            "add r3, r3, #16\n",
        )
    };
}

/// Four schedule steps and sixteen rounds: the ring and the names come
/// back where they started.
macro_rules! sixteen_scheduled {
    () => {
        concat!(
            step!(
                [
                    "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "lr"
                ],
                [
                    "r11", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "lr", "r12"
                ],
                [
                    "r10", "r11", "r4", "r5", "r6", "r7", "r8", "r9", "r12", "lr"
                ],
                [
                    "r9", "r10", "r11", "r4", "r5", "r6", "r7", "r8", "lr", "r12"
                ],
                "q0",
                "q1",
                "q2",
                "q3",
                "d0",
                "d1",
                "d7"
            ),
            step!(
                [
                    "r8", "r9", "r10", "r11", "r4", "r5", "r6", "r7", "r12", "lr"
                ],
                [
                    "r7", "r8", "r9", "r10", "r11", "r4", "r5", "r6", "lr", "r12"
                ],
                [
                    "r6", "r7", "r8", "r9", "r10", "r11", "r4", "r5", "r12", "lr"
                ],
                [
                    "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r4", "lr", "r12"
                ],
                "q1",
                "q2",
                "q3",
                "q0",
                "d2",
                "d3",
                "d1"
            ),
            step!(
                [
                    "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "lr"
                ],
                [
                    "r11", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "lr", "r12"
                ],
                [
                    "r10", "r11", "r4", "r5", "r6", "r7", "r8", "r9", "r12", "lr"
                ],
                [
                    "r9", "r10", "r11", "r4", "r5", "r6", "r7", "r8", "lr", "r12"
                ],
                "q2",
                "q3",
                "q0",
                "q1",
                "d4",
                "d5",
                "d3"
            ),
            step!(
                [
                    "r8", "r9", "r10", "r11", "r4", "r5", "r6", "r7", "r12", "lr"
                ],
                [
                    "r7", "r8", "r9", "r10", "r11", "r4", "r5", "r6", "lr", "r12"
                ],
                [
                    "r6", "r7", "r8", "r9", "r10", "r11", "r4", "r5", "r12", "lr"
                ],
                [
                    "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r4", "lr", "r12"
                ],
                "q3",
                "q0",
                "q1",
                "q2",
                "d6",
                "d7",
                "d5"
            ),
        )
    };
}

/// Compresses each 64-byte block of `blocks` into `state`.
///
/// # Safety
/// The CPU must have NEON.
// One copy under `small` (update and finish would each inline it).
#[cfg_attr(feature = "small", inline(never))]
pub(super) unsafe fn compress(state: &mut [u32; 8], blocks: &[u8]) {
    debug_assert!(blocks.len().is_multiple_of(64));
    // W + K of one block, then a copy of K (the schedule reads it at a
    // fixed distance from where it writes)
    let mut wk = [0u32; 128];
    wk[64..].copy_from_slice(&K);
    for block in blocks.chunks_exact(64) {
        // SAFETY: the caller guarantees NEON. The asm reads the 64 bytes
        // of `block` and the first 64 of `K`, writes the first 256 bytes
        // of `wk` and reads its 512, reads and writes the 32 of `state`,
        // pushes r4-r11, lr and the state pointer on the stack and pops
        // them before it ends, and clobbers only the registers declared.
        unsafe {
            asm!(
                ".fpu neon",
                "push {{r4-r11, lr}}",
                "push {{r0}}",
                "mov r12, r3",
                // W[0..16] byte-swapped into q0-q3, plus K, to the buffer
                "vld1.8 {{d0-d3}}, [r1]!",
                "vld1.8 {{d4-d7}}, [r1]",
                "vrev32.8 q0, q0",
                "vrev32.8 q1, q1",
                "vrev32.8 q2, q2",
                "vrev32.8 q3, q3",
                "vld1.32 {{d8-d11}}, [r2]!",
                "vadd.i32 q4, q4, q0",
                "vadd.i32 q5, q5, q1",
                "vst1.32 {{d8-d11}}, [r12]!",
                "vld1.32 {{d8-d11}}, [r2]!",
                "vadd.i32 q4, q4, q2",
                "vadd.i32 q5, q5, q3",
                "vst1.32 {{d8-d11}}, [r12]!",
                // the state, and b ^ c for the first round
                "ldr r0, [sp]",
                "ldrd r4, r5, [r0]",
                "ldrd r6, r7, [r0, #8]",
                "ldrd r8, r9, [r0, #16]",
                "ldrd r10, r11, [r0, #24]",
                "eor lr, r5, r6",
                // rounds 0..48 with W[16..64] scheduled beside them, four
                // words a step
                "mov r0, #3",
                "2:",
                sixteen_scheduled!(),
                "subs r0, r0, #1",
                "bne 2b",
                // rounds 48..64
                "mov r0, #2",
                "3:",
                eight_rounds!(),
                "subs r0, r0, #1",
                "bne 3b",
                // add the block's input state
                "ldr r0, [sp]",
                "ldrd r2, r3, [r0]",
                "add r4, r4, r2",
                "add r5, r5, r3",
                "ldrd r2, r3, [r0, #8]",
                "add r6, r6, r2",
                "add r7, r7, r3",
                "ldrd r2, r3, [r0, #16]",
                "add r8, r8, r2",
                "add r9, r9, r3",
                "ldrd r2, r3, [r0, #24]",
                "add r10, r10, r2",
                "add r11, r11, r3",
                "strd r4, r5, [r0]",
                "strd r6, r7, [r0, #8]",
                "strd r8, r9, [r0, #16]",
                "strd r10, r11, [r0, #24]",
                "pop {{r0}}",
                "pop {{r4-r11, lr}}",
                inout("r0") state.as_mut_ptr() => _,
                inout("r1") block.as_ptr() => _,
                inout("r2") K.as_ptr() => _,
                inout("r3") wk.as_mut_ptr() => _,
                out("r12") _,
                out("d0") _, out("d1") _, out("d2") _, out("d3") _,
                out("d4") _, out("d5") _, out("d6") _, out("d7") _,
                out("d8") _, out("d9") _, out("d10") _, out("d11") _,
                out("d12") _, out("d13") _, out("d14") _, out("d15") _,
            );
        }
    }
    // the buffer held the message's schedule
    zeroize::Zeroize::zeroize(&mut wk[..64]);
}
