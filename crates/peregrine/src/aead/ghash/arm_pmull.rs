//! GHASH with the ARMv8 `vmull.p64` (64x64 carry-less multiply) in 32-bit
//! (AArch32) code, for ARMv8 CPUs running 32-bit firmware. The 32-bit ARM
//! intrinsics are not stable Rust, so the kernel is one `asm!` block, run
//! only when the kernel's `HWCAP2_PMULL` says the CPU has the instruction
//! (`cpu/arm.rs`).
//!
//! The arithmetic is `aarch64_pmull.rs`'s (the twisted H of `mod.rs`,
//! Karatsuba products, the Montgomery reduction by two multiplies by
//! `0xc2 << 56`), aggregated over four blocks: four blocks are multiplied
//! by H^4..H^1, summed unreduced and reduced once. Fewer than four blocks
//! at the end go one at a time by H. AArch32's D registers name the
//! halves of a Q register, so the Karatsuba halves and the reduction's
//! half swaps are plain `veor`s on D registers, with no `vext`.
//!
//! Registers: q0-q3 the blocks, q4 the running hash, q5-q7 the sums (low,
//! middle, high), q8 a product, d18 a block's `lo ^ hi`, d19 the constant,
//! d20-d27 the powers H^4..H^1 (low, high), d28-d31 their `lo ^ hi`. d0-d15
//! are declared clobbered; d16-d31 (which the target does not assume
//! exist) are saved and restored by the kernel.
//!
//! `vmull.p64` is written as `.inst` words from [`vmull_p64`], so the
//! assembler needs no ARMv8 mode (see `hash/sha256/arm_sha2.rs`); a test
//! checks the encoder against GNU as's encodings.
//!
//! Constant time: no table, no branch on data (the loops count blocks).

use core::arch::asm;

use super::soft::mont_mul;
use crate::cipher::Block;

/// A PMULL key for AArch32: twisted H^4, H^3, H^2, H^1 in register order
/// as `[low, high]` doublewords, then each power's `low ^ high`; the
/// kernel loads the 96 bytes into d20-d31 as they lie.
#[derive(Clone)]
#[repr(C)]
pub(crate) struct Key {
    pow: [[u64; 2]; 4],
    kx: [u64; 4],
}

impl Drop for Key {
    fn drop(&mut self) {
        crate::ct::wipe(&mut self.pow);
        crate::ct::wipe(&mut self.kx);
    }
}

impl Key {
    /// Sets up the powers of `h` (a GCM byte string), by the portable
    /// Montgomery product (constant time).
    pub(crate) fn new(h: &Block) -> Key {
        let k1 = super::twist(u128::from_be_bytes(*h));
        let k2 = mont_mul(k1, k1);
        let k3 = mont_mul(k2, k1);
        let k4 = mont_mul(k2, k2);
        let pow = [k4, k3, k2, k1].map(|k| [k as u64, (k >> 64) as u64]);
        Key {
            kx: pow.map(|[lo, hi]| lo ^ hi),
            pow,
        }
    }
}

/// The A32 encoding of `vmull.p64 q<q>, d<n>, d<m>` (A1: `1111 0010 1D10
/// nnnn dddd 1110 N0M0 mmmm`, Vd the Q register's first D register).
pub(crate) const fn vmull_p64(q: u32, n: u32, m: u32) -> u32 {
    let d = 2 * q;
    0xf2a0_0e00
        | (d >> 4) << 22
        | (n & 15) << 16
        | (d & 15) << 12
        | (n >> 4) << 7
        | (m >> 4) << 5
        | (m & 15)
}

/// The Karatsuba products of block `q$x` (d$xl, d$xh) and the power in
/// (d$kl, d$kh, d$kx), added into q5-q7 (`first`: written, not added).
macro_rules! mul_acc {
    (first, $x:literal, $xl:literal, $xh:literal) => {
        concat!(
            ".inst {lo",
            $x,
            "}\n",
            ".inst {hi",
            $x,
            "}\n",
            "veor d18, d",
            $xl,
            ", d",
            $xh,
            "\n",
            ".inst {mi",
            $x,
            "}\n",
        )
    };
    (add, $x:literal, $xl:literal, $xh:literal) => {
        concat!(
            ".inst {lo",
            $x,
            "}\n",
            "veor q5, q5, q8\n",
            ".inst {hi",
            $x,
            "}\n",
            "veor q7, q7, q8\n",
            "veor d18, d",
            $xl,
            ", d",
            $xh,
            "\n",
            ".inst {mi",
            $x,
            "}\n",
            "veor q6, q6, q8\n",
        )
    };
}

/// Karatsuba recombination and Montgomery reduction of q5-q7 into q4.
macro_rules! reduce {
    () => {
        concat!(
            "veor q6, q6, q5\n",
            "veor q6, q6, q7\n",
            ".inst {red_lo}\n", // vmull.p64 q8, d10, d19
            "veor d12, d12, d11\n",
            "veor d13, d13, d10\n",
            "veor q6, q6, q8\n",
            ".inst {red_mi}\n", // vmull.p64 q8, d12, d19
            "veor d14, d14, d13\n",
            "veor d15, d15, d12\n",
            "veor q4, q7, q8\n",
        )
    };
}

/// `acc = (acc ^ m) * H` for each whole block `m` of `data`.
///
/// # Safety
/// The CPU must have NEON and `vmull.p64` (HWCAP2_PMULL).
pub(crate) unsafe fn update_blocks(k: &Key, acc: &mut Block, data: &[u8]) {
    debug_assert!(data.len().is_multiple_of(16));
    let blocks = data.len() / 16;
    let (quads, singles) = (blocks / 4, blocks % 4);
    let c_hi: u32 = 0xc200_0000;
    // SAFETY: the caller's contract (NEON, PMULL). The asm reads and writes
    // the 16 bytes of `acc`, reads the 96 bytes of `k` and `16 * blocks`
    // bytes of `data`, uses the stack for d16-d31 (restored before it
    // ends) and clobbers only the registers declared.
    unsafe {
        asm!(
            ".fpu neon",
            "vpush {{d16-d31}}",
            "vld1.8 {{d8-d9}}, [{acc}]",
            "vrev64.8 q4, q4",
            "vswp d8, d9",
            "vld1.64 {{d20-d23}}, [{key}]!",
            "vld1.64 {{d24-d27}}, [{key}]!",
            "vld1.64 {{d28-d31}}, [{key}]",
            "vmov d19, {zero}, {c_hi}",
            "cmp {quads}, #0",
            "beq 2f",
            "1:",
            "vld1.8 {{d0-d3}}, [{data}]!",
            "vld1.8 {{d4-d7}}, [{data}]!",
            "vrev64.8 q0, q0",
            "vrev64.8 q1, q1",
            "vrev64.8 q2, q2",
            "vrev64.8 q3, q3",
            "vswp d0, d1",
            "vswp d2, d3",
            "vswp d4, d5",
            "vswp d6, d7",
            "veor q0, q0, q4",
            mul_acc!(first, "0", "0", "1"),
            mul_acc!(add, "1", "2", "3"),
            mul_acc!(add, "2", "4", "5"),
            mul_acc!(add, "3", "6", "7"),
            reduce!(),
            "subs {quads}, {quads}, #1",
            "bne 1b",
            "2:",
            "cmp {singles}, #0",
            "beq 4f",
            "3:",
            "vld1.8 {{d0-d1}}, [{data}]!",
            "vrev64.8 q0, q0",
            "vswp d0, d1",
            "veor q0, q0, q4",
            mul_acc!(first, "h", "0", "1"),
            reduce!(),
            "subs {singles}, {singles}, #1",
            "bne 3b",
            "4:",
            "vswp d8, d9",
            "vrev64.8 q4, q4",
            "vst1.8 {{d8-d9}}, [{acc}]",
            "vpop {{d16-d31}}",
            // block i by H^(4 - i): d(20 + 2i), d(21 + 2i), d(28 + i)
            lo0 = const vmull_p64(5, 0, 20),
            hi0 = const vmull_p64(7, 1, 21),
            mi0 = const vmull_p64(6, 18, 28),
            lo1 = const vmull_p64(8, 2, 22),
            hi1 = const vmull_p64(8, 3, 23),
            mi1 = const vmull_p64(8, 18, 29),
            lo2 = const vmull_p64(8, 4, 24),
            hi2 = const vmull_p64(8, 5, 25),
            mi2 = const vmull_p64(8, 18, 30),
            lo3 = const vmull_p64(8, 6, 26),
            hi3 = const vmull_p64(8, 7, 27),
            mi3 = const vmull_p64(8, 18, 31),
            // one block by H
            loh = const vmull_p64(5, 0, 26),
            hih = const vmull_p64(7, 1, 27),
            mih = const vmull_p64(6, 18, 31),
            red_lo = const vmull_p64(8, 10, 19),
            red_mi = const vmull_p64(8, 12, 19),
            acc = in(reg) acc.as_mut_ptr(),
            key = inout(reg) (k as *const Key).cast::<u64>() => _,
            data = inout(reg) data.as_ptr() => _,
            quads = inout(reg) quads => _,
            singles = inout(reg) singles => _,
            zero = in(reg) 0u32,
            c_hi = in(reg) c_hi,
            out("d0") _, out("d1") _, out("d2") _, out("d3") _,
            out("d4") _, out("d5") _, out("d6") _, out("d7") _,
            out("d8") _, out("d9") _, out("d10") _, out("d11") _,
            out("d12") _, out("d13") _, out("d14") _, out("d15") _,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::vmull_p64;

    /// Encodings from GNU as (`arm-linux-gnueabihf-as`, `.fpu
    /// crypto-neon-fp-armv8`).
    #[test]
    fn vmull_p64_encodings() {
        assert_eq!(vmull_p64(0, 2, 3), 0xf2a2_0e03); // q0, d2, d3
        assert_eq!(vmull_p64(8, 18, 31), 0xf2e2_0eaf); // q8, d18, d31
        assert_eq!(vmull_p64(5, 0, 20), 0xf2a0_ae24); // q5, d0, d20
        assert_eq!(vmull_p64(8, 12, 19), 0xf2ec_0e23); // q8, d12, d19
        assert_eq!(vmull_p64(7, 1, 27), 0xf2a1_ee2b); // q7, d1, d27
    }
}
