//! GF(2^255 - 19) on aarch64: four 64-bit limbs, products by `mul` and
//! `umulh` with `adds`/`adcs` carry chains, in inline `asm!`.
//!
//! The same radix-2^64 arrangement as `x86_64_adx.rs` (a 4x4 schoolbook
//! product, the high half folded into the low half by 2^256 = 38 mod p;
//! values below 2^256 between operations). Each row of the product issues
//! its four `mul`s and four `umulh`s together and adds the low and the
//! high halves in two carry chains, so the multiplier pipelines stay full
//! on in-order cores (Cortex-A53) as on wide ones; the squaring computes
//! the six cross products once, doubles them, and adds the four squares.

use super::Field;
use super::radix64::{self, Fe};
use core::arch::asm;

/// The aarch64 kernel. Made only by [`Arm::new`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Arm(());

impl Arm {
    /// # Safety
    /// None beyond running on aarch64 (the kernel needs the base ISA); a
    /// `curve25519::Checked` for `Impl::Aarch64` is the caller's token.
    #[inline(always)]
    pub(crate) unsafe fn new() -> Arm {
        Arm(())
    }
}

/// `(r0..r3) = (lo + 38 hi) mod 2^256`-ish reduction of an eight-limb
/// value, appended to both products below.
macro_rules! reduce_asm {
    () => {
        concat!(
            "mov {b0}, #38\n",
            "umulh {a0}, {r4}, {b0}\n",
            "umulh {a1}, {r5}, {b0}\n",
            "umulh {a2}, {r6}, {b0}\n",
            "umulh {a3}, {r7}, {b0}\n",
            "mul {t0}, {r4}, {b0}\n",
            "mul {t1}, {r5}, {b0}\n",
            "mul {t2}, {r6}, {b0}\n",
            "mul {t3}, {r7}, {b0}\n",
            "adds {r0}, {r0}, {t0}\n",
            "adcs {r1}, {r1}, {t1}\n",
            "adcs {r2}, {r2}, {t2}\n",
            "adcs {r3}, {r3}, {t3}\n",
            "adc {r4}, xzr, xzr\n",
            "adds {r1}, {r1}, {a0}\n",
            "adcs {r2}, {r2}, {a1}\n",
            "adcs {r3}, {r3}, {a2}\n",
            "adc {r4}, {r4}, {a3}\n",
            // r4 <= 39: fold 38 * r4, then a last carry as 38.
            "mul {r4}, {r4}, {b0}\n",
            "adds {r0}, {r0}, {r4}\n",
            "adcs {r1}, {r1}, xzr\n",
            "adcs {r2}, {r2}, xzr\n",
            "adcs {r3}, {r3}, xzr\n",
            "csel {r4}, {b0}, xzr, cs\n",
            "add {r0}, {r0}, {r4}\n",
        )
    };
}

impl Field for Arm {
    radix64::radix64_common!();

    #[inline(always)]
    fn mul(self, a: &Fe, b: &Fe) -> Fe {
        let (r0, r1, r2, r3): (u64, u64, u64, u64);
        // SAFETY: reads the four limbs behind each pointer, writes only
        // the named registers and the flags; base aarch64 instructions.
        unsafe {
            asm!(
                "ldp {a0}, {a1}, [{pa}]",
                "ldp {a2}, {a3}, [{pa}, #16]",
                "ldp {b0}, {b1}, [{pb}]",
                "ldp {b2}, {b3}, [{pb}, #16]",
                // Row 0: r0..r4 = a * b0.
                "mul {r0}, {a0}, {b0}",
                "umulh {r1}, {a0}, {b0}",
                "mul {t0}, {a1}, {b0}",
                "umulh {r2}, {a1}, {b0}",
                "mul {t1}, {a2}, {b0}",
                "umulh {r3}, {a2}, {b0}",
                "mul {t2}, {a3}, {b0}",
                "umulh {r4}, {a3}, {b0}",
                "adds {r1}, {r1}, {t0}",
                "adcs {r2}, {r2}, {t1}",
                "adcs {r3}, {r3}, {t2}",
                "adc {r4}, {r4}, xzr",
                // Row 1: r1..r5 += a * b1.
                "mul {t0}, {a0}, {b1}",
                "mul {t1}, {a1}, {b1}",
                "mul {t2}, {a2}, {b1}",
                "mul {t3}, {a3}, {b1}",
                "adds {r1}, {r1}, {t0}",
                "adcs {r2}, {r2}, {t1}",
                "adcs {r3}, {r3}, {t2}",
                "adcs {r4}, {r4}, {t3}",
                "adc {r5}, xzr, xzr",
                "umulh {t0}, {a0}, {b1}",
                "umulh {t1}, {a1}, {b1}",
                "umulh {t2}, {a2}, {b1}",
                "umulh {t3}, {a3}, {b1}",
                "adds {r2}, {r2}, {t0}",
                "adcs {r3}, {r3}, {t1}",
                "adcs {r4}, {r4}, {t2}",
                "adc {r5}, {r5}, {t3}",
                // Row 2: r2..r6 += a * b2.
                "mul {t0}, {a0}, {b2}",
                "mul {t1}, {a1}, {b2}",
                "mul {t2}, {a2}, {b2}",
                "mul {t3}, {a3}, {b2}",
                "adds {r2}, {r2}, {t0}",
                "adcs {r3}, {r3}, {t1}",
                "adcs {r4}, {r4}, {t2}",
                "adcs {r5}, {r5}, {t3}",
                "adc {r6}, xzr, xzr",
                "umulh {t0}, {a0}, {b2}",
                "umulh {t1}, {a1}, {b2}",
                "umulh {t2}, {a2}, {b2}",
                "umulh {t3}, {a3}, {b2}",
                "adds {r3}, {r3}, {t0}",
                "adcs {r4}, {r4}, {t1}",
                "adcs {r5}, {r5}, {t2}",
                "adc {r6}, {r6}, {t3}",
                // Row 3: r3..r7 += a * b3.
                "mul {t0}, {a0}, {b3}",
                "mul {t1}, {a1}, {b3}",
                "mul {t2}, {a2}, {b3}",
                "mul {t3}, {a3}, {b3}",
                "adds {r3}, {r3}, {t0}",
                "adcs {r4}, {r4}, {t1}",
                "adcs {r5}, {r5}, {t2}",
                "adcs {r6}, {r6}, {t3}",
                "adc {r7}, xzr, xzr",
                "umulh {t0}, {a0}, {b3}",
                "umulh {t1}, {a1}, {b3}",
                "umulh {t2}, {a2}, {b3}",
                "umulh {t3}, {a3}, {b3}",
                "adds {r4}, {r4}, {t0}",
                "adcs {r5}, {r5}, {t1}",
                "adcs {r6}, {r6}, {t2}",
                "adc {r7}, {r7}, {t3}",
                reduce_asm!(),
                pa = in(reg) a.as_ptr(),
                pb = in(reg) b.as_ptr(),
                a0 = out(reg) _, a1 = out(reg) _, a2 = out(reg) _, a3 = out(reg) _,
                b0 = out(reg) _, b1 = out(reg) _, b2 = out(reg) _, b3 = out(reg) _,
                t0 = out(reg) _, t1 = out(reg) _, t2 = out(reg) _, t3 = out(reg) _,
                r0 = out(reg) r0, r1 = out(reg) r1, r2 = out(reg) r2, r3 = out(reg) r3,
                r4 = out(reg) _, r5 = out(reg) _, r6 = out(reg) _, r7 = out(reg) _,
                options(pure, readonly, nostack),
            );
        }
        [r0, r1, r2, r3]
    }

    #[inline(always)]
    fn sqr(self, a: &Fe) -> Fe {
        let (r0, r1, r2, r3): (u64, u64, u64, u64);
        // SAFETY: as in `mul`.
        unsafe {
            asm!(
                "ldp {a0}, {a1}, [{pa}]",
                "ldp {a2}, {a3}, [{pa}, #16]",
                // Cross products a_i a_j (i < j) into r1..r6.
                "mul {r1}, {a0}, {a1}",
                "umulh {r2}, {a0}, {a1}",
                "mul {t0}, {a0}, {a2}",
                "umulh {r3}, {a0}, {a2}",
                "mul {t1}, {a0}, {a3}",
                "umulh {r4}, {a0}, {a3}",
                "adds {r2}, {r2}, {t0}",
                "adcs {r3}, {r3}, {t1}",
                "adc {r4}, {r4}, xzr",
                "mul {t0}, {a1}, {a2}",
                "mul {t1}, {a1}, {a3}",
                "mul {t2}, {a2}, {a3}",
                "umulh {t3}, {a1}, {a2}",
                "umulh {b1}, {a1}, {a3}",
                "umulh {r6}, {a2}, {a3}",
                "adds {r3}, {r3}, {t0}",
                "adcs {r4}, {r4}, {t1}",
                "adc {r5}, xzr, xzr",
                "adds {r4}, {r4}, {t3}",
                "adcs {r5}, {r5}, {b1}",
                "adc {r6}, {r6}, xzr",
                "adds {r5}, {r5}, {t2}",
                "adc {r6}, {r6}, xzr",
                // Double them into r1..r7.
                "adds {r1}, {r1}, {r1}",
                "adcs {r2}, {r2}, {r2}",
                "adcs {r3}, {r3}, {r3}",
                "adcs {r4}, {r4}, {r4}",
                "adcs {r5}, {r5}, {r5}",
                "adcs {r6}, {r6}, {r6}",
                "adc {r7}, xzr, xzr",
                // Add the squares a_i^2 at 2i.
                "mul {r0}, {a0}, {a0}",
                "umulh {t0}, {a0}, {a0}",
                "mul {t1}, {a1}, {a1}",
                "umulh {t2}, {a1}, {a1}",
                "mul {t3}, {a2}, {a2}",
                "umulh {b1}, {a2}, {a2}",
                "mul {b2}, {a3}, {a3}",
                "umulh {b3}, {a3}, {a3}",
                "adds {r1}, {r1}, {t0}",
                "adcs {r2}, {r2}, {t1}",
                "adcs {r3}, {r3}, {t2}",
                "adcs {r4}, {r4}, {t3}",
                "adcs {r5}, {r5}, {b1}",
                "adcs {r6}, {r6}, {b2}",
                "adc {r7}, {r7}, {b3}",
                reduce_asm!(),
                pa = in(reg) a.as_ptr(),
                a0 = out(reg) _, a1 = out(reg) _, a2 = out(reg) _, a3 = out(reg) _,
                b0 = out(reg) _, b1 = out(reg) _, b2 = out(reg) _, b3 = out(reg) _,
                t0 = out(reg) _, t1 = out(reg) _, t2 = out(reg) _, t3 = out(reg) _,
                r0 = out(reg) r0, r1 = out(reg) r1, r2 = out(reg) r2, r3 = out(reg) r3,
                r4 = out(reg) _, r5 = out(reg) _, r6 = out(reg) _, r7 = out(reg) _,
                options(pure, readonly, nostack),
            );
        }
        [r0, r1, r2, r3]
    }
}
