//! GHASH with 32-bit ARM NEON and no `vmull.p64` (Cortex-A7, A8, A9, A15
//! and the ARMv8 cores without the crypto extension, in 32-bit firmware):
//! each 64x64-bit carry-less product is built from `vmull.p8`, NEON's
//! eight 8x8-bit carry-less multiplies, in one `asm!` block run only when
//! the kernel's `HWCAP_NEON` says the CPU has NEON (`cpu/arm.rs`).
//!
//! The arithmetic is `arm_pmull.rs`'s (the twisted H of `mod.rs`, three
//! Karatsuba products a block, the Montgomery reduction by two products
//! by `C = 0xc2 << 56`), one block a reduction; only the 64x64 product
//! differs. With `a = sum a_i x^(8i)` and `b = sum b_j x^(8j)` (bytes,
//! as D registers hold them), `a b = sum over k of x^(8k) sum over i of
//! (a_i b_(i+k) + a_(i+k) b_i) x^(16 i)`, the diagonal `k = 0` counted
//! once. `vmull.p8 q, da, db` gives the eight 16-bit lanes `a_i b_i`, each
//! at bit `16 i`: the `k = 0` term as it stands. For `k = 1..7`, `vext.8`
//! with a zero register shifts `a` and `b` down by `k` bytes (lane `i`
//! holds `a_(i+k)`, zero when `i + k > 7`), two `vmull.p8` give the two
//! halves of the term, and `vext.8` with a zero Q register moves their sum
//! up by `k` bytes (nothing falls off: lane `7 - k`, the last nonzero one,
//! ends at byte `15 - k`). Fifteen `vmull.p8` and 50 instructions a
//! product. `C`'s products, whose only nonzero byte is the top one, take
//! one `vmull.p8` and five more instructions ([`clmul_c`]).
//!
//! Registers: q0 the block, q4 the running hash, q5-q7 the Karatsuba
//! products (low, middle, high), q8 a reduction product, d18 the block's
//! `lo ^ hi`, d19 the constant's top byte in every lane, d20-d22 H (low, high, `lo ^ hi`), q12
//! zero, d26-d27 and q14-q15 the product's temporaries. d0-d15 are
//! declared clobbered; d16-d31 (which the target does not assume exist)
//! are saved and restored by the kernel.
//!
//! Constant time: no table, no branch on data (the loop counts blocks);
//! `vmull.p8` is a fixed-latency NEON instruction.

use core::arch::asm;

use crate::cipher::Block;

/// The NEON key (`super::NeonKey`, shared with `aarch64_neon.rs`): twisted
/// H as `[low, high, low ^ high]` doublewords, loaded into d20-d22 as they
/// lie.
pub(crate) use super::NeonKey as Key;

/// `q$q = d$a * d$b`, carry-less, 64 x 64 -> 128 bits, by `vmull.p8`
/// (the module's method). `q$q` must not be `d$a`, `d$b` or a temporary
/// (d24-d31); q12 must be zero.
macro_rules! clmul64 {
    ($q:literal, $a:literal, $b:literal) => {
        concat!(
            "vmull.p8 q", $q, ", d", $a, ", d", $b, "\n",
            clmul64!(@k $q, $a, $b, "1", "15"),
            clmul64!(@k $q, $a, $b, "2", "14"),
            clmul64!(@k $q, $a, $b, "3", "13"),
            clmul64!(@k $q, $a, $b, "4", "12"),
            clmul64!(@k $q, $a, $b, "5", "11"),
            clmul64!(@k $q, $a, $b, "6", "10"),
            clmul64!(@k $q, $a, $b, "7", "9"),
        )
    };
    // the terms a_i b_(i+k) + a_(i+k) b_i, moved up by k bytes
    // (`vext.8 q, zero, t, #(16 - k)`)
    (@k $q:literal, $a:literal, $b:literal, $k:literal, $up:literal) => {
        concat!(
            "vext.8 d26, d", $a, ", d24, #", $k, "\n",
            "vext.8 d27, d", $b, ", d24, #", $k, "\n",
            "vmull.p8 q14, d26, d", $b, "\n",
            "vmull.p8 q15, d", $a, ", d27\n",
            "veor q14, q14, q15\n",
            "vext.8 q14, q12, q14, #", $up, "\n",
            "veor q", $q, ", q", $q, ", q14\n",
        )
    };
}

/// `q8 = d$a * C`, carry-less, where d19 holds `C`'s only nonzero byte,
/// `0xc2`, in every lane: `vmull.p8` gives the lanes `a_i 0xc2` at bit
/// `16 i`, whose sum at bits `8 i` is the 72-bit `a * 0xc2` (the lanes'
/// low bytes, `vmovn`, plus their high bytes one byte up, `vshrn`); times
/// `x^56` that is `lo << 56` in the low doubleword and `(lo >> 8) ^ hi`
/// in the high one.
macro_rules! clmul_c {
    ($a:literal) => {
        concat!(
            "vmull.p8 q14, d",
            $a,
            ", d19\n",
            "vmovn.i16 d26, q14\n",
            "vshrn.i16 d27, q14, #8\n",
            "vshl.i64 d16, d26, #56\n",
            "vshr.u64 d17, d26, #8\n",
            "veor d17, d17, d27\n",
        )
    };
}

/// `acc = (acc ^ m) * H` for each whole block `m` of `data`.
///
/// # Safety
/// The CPU must have NEON.
pub(crate) unsafe fn update_blocks(k: &Key, acc: &mut Block, data: &[u8]) {
    debug_assert!(data.len().is_multiple_of(16));
    let blocks = data.len() / 16;
    const _: () = assert!(super::C == 0xc2 << 56);
    // SAFETY: the caller's contract (NEON). The asm reads and writes the
    // 16 bytes of `acc`, reads the 24 bytes of `k` and `16 * blocks` bytes
    // of `data`, uses the stack for d16-d31 (restored before it ends) and
    // clobbers only the registers declared.
    unsafe {
        asm!(
            ".fpu neon",
            "vpush {{d16-d31}}",
            "vld1.8 {{d8-d9}}, [{acc}]",
            "vrev64.8 q4, q4",
            "vswp d8, d9",
            "vld1.64 {{d20-d22}}, [{key}]",
            "vmov.i8 d19, #0xc2",
            "vmov.i8 q12, #0",
            "cmp {blocks}, #0",
            "beq 2f",
            "1:",
            "vld1.8 {{d0-d1}}, [{data}]!",
            "vrev64.8 q0, q0",
            "vswp d0, d1",
            "veor q0, q0, q4",
            // Karatsuba: low, high, middle
            clmul64!("5", "0", "20"),
            clmul64!("7", "1", "21"),
            "veor d18, d0, d1",
            clmul64!("6", "18", "22"),
            // recombination and Montgomery reduction into q4 (as
            // `arm_pmull.rs`'s `reduce!`)
            "veor q6, q6, q5",
            "veor q6, q6, q7",
            clmul_c!("10"),
            "veor d12, d12, d11",
            "veor d13, d13, d10",
            "veor q6, q6, q8",
            clmul_c!("12"),
            "veor d14, d14, d13",
            "veor d15, d15, d12",
            "veor q4, q7, q8",
            "subs {blocks}, {blocks}, #1",
            "bne 1b",
            "2:",
            "vswp d8, d9",
            "vrev64.8 q4, q4",
            "vst1.8 {{d8-d9}}, [{acc}]",
            "vpop {{d16-d31}}",
            acc = in(reg) acc.as_mut_ptr(),
            key = in(reg) k.h.as_ptr(),
            data = inout(reg) data.as_ptr() => _,
            blocks = inout(reg) blocks => _,
            out("d0") _, out("d1") _, out("d2") _, out("d3") _,
            out("d4") _, out("d5") _, out("d6") _, out("d7") _,
            out("d8") _, out("d9") _, out("d10") _, out("d11") _,
            out("d12") _, out("d13") _, out("d14") _, out("d15") _,
        );
    }
}
