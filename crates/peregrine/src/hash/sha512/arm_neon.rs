//! SHA-512 with NEON on 32-bit ARM (ARMv7-A with Advanced SIMD, and ARMv8
//! CPUs running 32-bit code), in inline `asm!`.
//!
//! 32-bit ARM has no 64-bit general registers, so the portable code spends
//! about four instructions per 64-bit addition, shift or rotation; NEON's
//! D registers hold one 64-bit word each and do all of these in one. The
//! technique is the NEON path of OpenSSL's `sha512-armv4.pl` (written here
//! anew from that description):
//!
//! - the working variables a..h in d16-d23, renamed instead of moved (the
//!   round macros rotate their names, so eight rounds bring them back);
//! - the 16 message words of the window in d0-d15 (q0-q7), loaded with
//!   `vld1.64` and byte-swapped by `vrev64.8`; each later pair of words
//!   is scheduled in one q register: σ0 and σ1 by `vshr.u64` and
//!   `vsli.64` (a rotation is a shift right plus a shift-left-and-insert)
//!   and two `vext.8` for the pairs that straddle q registers;
//! - Ch(e, f, g) = `vbsl` on a copy of e; Maj(a, b, c) = `vbsl` of c and
//!   b under a ^ b; K read with a post-incremented `vld1.64`.
//!
//! About 28 instructions a round and 19 per scheduled pair (OpenSSL's
//! figure is similar), against about 120 a round for the portable code on
//! 32-bit ARM (22.72 against 74.44 instructions per byte under qemu).
//!
//! Registers: d0-d15 are declared clobbered (the compiler saves d8-d15,
//! callee-saved in the AAPCS); d16-d31 exist only with NEON or VFPv3-D32,
//! which the target does not assume, so the kernel saves and restores them
//! itself (`vpush`/`vpop`). The kernel runs only after `cpu/arm.rs` saw
//! `HWCAP_NEON`.
//!
//! Constant time: additions, shifts and bitwise operations on fixed
//! registers; the only branches count blocks and rounds.

use core::arch::asm;

use super::K;

/// One round on the working variables named `$a`..`$h` (D registers) with
/// message word `$w`: `$d` += T1, `$h` = T1 + T2 (the next round's a).
/// Temporaries d24-d31. Σ1(e) and Σ0(a) are interleaved, each shift
/// between independent ones: the Cortex-A9 issues in order, and in this
/// order llvm-mca's model of it runs a round with the schedule in 7% fewer
/// cycles than Σ1, Ch, T1, then Σ0 and Maj.
macro_rules! round {
    ($a:literal, $b:literal, $c:literal, $d:literal, $e:literal, $f:literal, $g:literal, $h:literal, $w:literal) => {
        concat!(
            // Sigma1(e) = ror 14 ^ ror 18 ^ ror 41 in d24-d26, Sigma0(a) =
            // ror 28 ^ ror 34 ^ ror 39 in d30, d31, d25 (after Sigma1's)
            "vld1.64 {{d28}}, [{kp}]!\n",
            "vshr.u64 d24, ",
            $e,
            ", #14\n",
            "vshr.u64 d30, ",
            $a,
            ", #28\n",
            "vshr.u64 d25, ",
            $e,
            ", #18\n",
            "vshr.u64 d31, ",
            $a,
            ", #34\n",
            "vsli.64 d24, ",
            $e,
            ", #50\n",
            "vsli.64 d30, ",
            $a,
            ", #36\n",
            "vshr.u64 d26, ",
            $e,
            ", #41\n",
            "vsli.64 d25, ",
            $e,
            ", #46\n",
            // K + W
            "vadd.i64 d28, d28, ",
            $w,
            "\n",
            "vsli.64 d31, ",
            $a,
            ", #30\n",
            "vsli.64 d26, ",
            $e,
            ", #23\n",
            "veor d24, d24, d25\n",
            // Ch(e, f, g): f where e, else g
            "vmov d29, ",
            $e,
            "\n",
            "vshr.u64 d25, ",
            $a,
            ", #39\n",
            "vbsl d29, ",
            $f,
            ", ",
            $g,
            "\n",
            "veor d24, d24, d26\n",
            "vsli.64 d25, ",
            $a,
            ", #25\n",
            // T1 = h + Sigma1 + Ch + K + W, in d27
            "vadd.i64 d27, ",
            $h,
            ", d28\n",
            "veor d30, d30, d31\n",
            "vadd.i64 d29, d29, d24\n",
            // Maj(a, b, c): c where a ^ b, else b
            "veor d26, ",
            $a,
            ", ",
            $b,
            "\n",
            "veor d30, d30, d25\n",
            "vadd.i64 d27, d27, d29\n",
            "vbsl d26, ",
            $c,
            ", ",
            $b,
            "\n",
            "vadd.i64 ",
            $d,
            ", ",
            $d,
            ", d27\n",
            "vadd.i64 d30, d30, d26\n",
            "vadd.i64 ",
            $h,
            ", d27, d30\n",
        )
    };
}

/// Message words i and i + 1 (`i` even; none for `[]`) into `$q` = q(i/2 mod 8), which
/// holds W[i - 16], W[i - 15]: `$lo1` = q(i/2 + 1) (W[i - 14]), `$t0`,
/// `$t1` = q(i/2 + 4), q(i/2 + 5) (W[i - 8]..W[i - 5]), `$p` = q(i/2 + 7)
/// (W[i - 2], W[i - 1]). Temporaries q12-q15.
macro_rules! sched {
    ([]) => {
        ""
    };
    ([$q:literal, $lo1:literal, $t0:literal, $t1:literal, $p:literal]) => {
        concat!(
            // sigma0(W[i - 15], W[i - 14]) = ror 1 ^ ror 8 ^ shr 7
            "vext.8 q12, ",
            $q,
            ", ",
            $lo1,
            ", #8\n",
            "vshr.u64 q13, q12, #1\n",
            "vshr.u64 q14, q12, #8\n",
            "vshr.u64 q15, q12, #7\n",
            "vsli.64 q13, q12, #63\n",
            "vsli.64 q14, q12, #56\n",
            "veor q15, q15, q13\n",
            "veor q15, q15, q14\n",
            "vadd.i64 ",
            $q,
            ", ",
            $q,
            ", q15\n",
            // + W[i - 7], W[i - 6]
            "vext.8 q12, ",
            $t0,
            ", ",
            $t1,
            ", #8\n",
            "vadd.i64 ",
            $q,
            ", ",
            $q,
            ", q12\n",
            // sigma1(W[i - 2], W[i - 1]) = ror 19 ^ ror 61 ^ shr 6
            "vshr.u64 q13, ",
            $p,
            ", #19\n",
            "vshr.u64 q14, ",
            $p,
            ", #61\n",
            "vshr.u64 q15, ",
            $p,
            ", #6\n",
            "vsli.64 q13, ",
            $p,
            ", #45\n",
            "vsli.64 q14, ",
            $p,
            ", #3\n",
            "veor q15, q15, q13\n",
            "veor q15, q15, q14\n",
            "vadd.i64 ",
            $q,
            ", ",
            $q,
            ", q15\n",
        )
    };
}

/// Eight rounds on message words `$w0`..`$w7` (eight consecutive D
/// registers, given by name), the working variables starting as a = d16;
/// before each pair of rounds, `sched!` on the matching bracket (empty:
/// no scheduling, for the first 16 rounds).
macro_rules! eight {
    ($w0:literal, $w1:literal, $w2:literal, $w3:literal, $w4:literal, $w5:literal, $w6:literal, $w7:literal,
     $s0:tt, $s1:tt, $s2:tt, $s3:tt) => {
        concat!(
            sched!($s0),
            round!("d16", "d17", "d18", "d19", "d20", "d21", "d22", "d23", $w0),
            round!("d23", "d16", "d17", "d18", "d19", "d20", "d21", "d22", $w1),
            sched!($s1),
            round!("d22", "d23", "d16", "d17", "d18", "d19", "d20", "d21", $w2),
            round!("d21", "d22", "d23", "d16", "d17", "d18", "d19", "d20", $w3),
            sched!($s2),
            round!("d20", "d21", "d22", "d23", "d16", "d17", "d18", "d19", $w4),
            round!("d19", "d20", "d21", "d22", "d23", "d16", "d17", "d18", $w5),
            sched!($s3),
            round!("d18", "d19", "d20", "d21", "d22", "d23", "d16", "d17", $w6),
            round!("d17", "d18", "d19", "d20", "d21", "d22", "d23", "d16", $w7),
        )
    };
}

/// Compresses each 128-byte block of `blocks` into `state`.
///
/// # Safety
/// The CPU must have NEON.
// One copy under `small` (update and finish would each inline it).
#[cfg_attr(feature = "small", inline(never))]
pub(super) unsafe fn compress(state: &mut [u64; 8], blocks: &[u8]) {
    debug_assert!(blocks.len().is_multiple_of(128));
    let n = blocks.len() / 128;
    if n == 0 {
        return;
    }
    // SAFETY: the caller guarantees NEON. The asm reads and writes the 64
    // bytes of `state`, reads `n` 128-byte blocks from `blocks` and the
    // 640 bytes of `K` (the pointer advances through them and is moved
    // back by 640 after each block), uses the stack for d16-d31 (restored
    // before it ends) and clobbers only the registers declared.
    unsafe {
        asm!(
            ".fpu neon",
            "vpush {{d16-d31}}",
            "vld1.64 {{d16-d19}}, [{st}]!",
            "vld1.64 {{d20-d23}}, [{st}]",
            "sub {st}, {st}, #32",
            "2:",
            "vld1.64 {{d0-d3}}, [{inp}]!",
            "vld1.64 {{d4-d7}}, [{inp}]!",
            "vld1.64 {{d8-d11}}, [{inp}]!",
            "vld1.64 {{d12-d15}}, [{inp}]!",
            "vrev64.8 q0, q0",
            "vrev64.8 q1, q1",
            "vrev64.8 q2, q2",
            "vrev64.8 q3, q3",
            "vrev64.8 q4, q4",
            "vrev64.8 q5, q5",
            "vrev64.8 q6, q6",
            "vrev64.8 q7, q7",
            eight!("d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7", [], [], [], []),
            eight!("d8", "d9", "d10", "d11", "d12", "d13", "d14", "d15", [], [], [], []),
            "mov {cnt}, #4",
            "3:",
            eight!(
                "d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7",
                ["q0", "q1", "q4", "q5", "q7"],
                ["q1", "q2", "q5", "q6", "q0"],
                ["q2", "q3", "q6", "q7", "q1"],
                ["q3", "q4", "q7", "q0", "q2"]
            ),
            eight!(
                "d8", "d9", "d10", "d11", "d12", "d13", "d14", "d15",
                ["q4", "q5", "q0", "q1", "q3"],
                ["q5", "q6", "q1", "q2", "q4"],
                ["q6", "q7", "q2", "q3", "q5"],
                ["q7", "q0", "q3", "q4", "q6"]
            ),
            "subs {cnt}, {cnt}, #1",
            "bne 3b",
            "sub {kp}, {kp}, #640",
            // add the block's input state
            "vld1.64 {{d24-d27}}, [{st}]!",
            "vld1.64 {{d28-d31}}, [{st}]",
            "sub {st}, {st}, #32",
            "vadd.i64 q8, q8, q12",
            "vadd.i64 q9, q9, q13",
            "vadd.i64 q10, q10, q14",
            "vadd.i64 q11, q11, q15",
            "vst1.64 {{d16-d19}}, [{st}]!",
            "vst1.64 {{d20-d23}}, [{st}]",
            "sub {st}, {st}, #32",
            "subs {n}, {n}, #1",
            "bne 2b",
            "vpop {{d16-d31}}",
            st = in(reg) state.as_mut_ptr(),
            inp = inout(reg) blocks.as_ptr() => _,
            n = inout(reg) n => _,
            kp = inout(reg) K.as_ptr() => _,
            cnt = out(reg) _,
            out("d0") _, out("d1") _, out("d2") _, out("d3") _,
            out("d4") _, out("d5") _, out("d6") _, out("d7") _,
            out("d8") _, out("d9") _, out("d10") _, out("d11") _,
            out("d12") _, out("d13") _, out("d14") _, out("d15") _,
        );
    }
}
