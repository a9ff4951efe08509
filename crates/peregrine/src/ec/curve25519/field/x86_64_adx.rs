//! GF(2^255 - 19) on x86_64 with BMI2 and ADX: four 64-bit limbs, products
//! by `mulx` with the two carry chains of `adcx` (CF) and `adox` (OF), in
//! inline `asm!`.
//!
//! Technique: the radix-2^64 representation of Oliveira, López, Hışıl,
//! Faz-Hernández and Rodríguez-Henríquez, "How to (pre-)compute a ladder"
//! (SAC 2017), as OpenSSL's `x25519-x86_64.pl` (`x25519_fe64_*`) also
//! uses: a 4x4 schoolbook product (the squaring computes each cross
//! product once and doubles), then the high half folded into the low half
//! by `2^256 = 38 (mod p)`. Values are kept below 2^256 (not below p)
//! between operations; only [`Field::to_bytes`] reduces fully.

use super::Field;
use super::radix64::{self, Fe};
use core::arch::asm;

/// The BMI2 + ADX kernel. Made only by [`Adx::new`], whose caller has
/// checked the CPU.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Adx(());

impl Adx {
    /// # Safety
    /// The CPU must have BMI2 and ADX (a `curve25519::Checked` for
    /// `Impl::Adx` proves it).
    #[inline(always)]
    pub(crate) unsafe fn new() -> Adx {
        Adx(())
    }
}

/// The reduction both products end with: `r8..r11 += 38 * r12..r15`
/// (the high half folded by 2^256 = 38 mod p), then the carry word (at
/// most 39) folded as `38 * r12`, then a last carry as 38. Clobbers rax,
/// rcx, rdx, rsi (zeroed and used as a zero register).
macro_rules! reduce_asm {
    () => {
        concat!(
            "mov edx, 38\n",
            "xor esi, esi\n",
            "mulx rcx, rax, r12\n",
            "adcx r8, rax\n",
            "adox r9, rcx\n",
            "mulx rcx, rax, r13\n",
            "adcx r9, rax\n",
            "adox r10, rcx\n",
            "mulx rcx, rax, r14\n",
            "adcx r10, rax\n",
            "adox r11, rcx\n",
            "mulx r12, rax, r15\n",
            "adcx r11, rax\n",
            "adox r12, rsi\n",
            "adcx r12, rsi\n",
            "imul r12, r12, 38\n",
            "add r8, r12\n",
            "adc r9, rsi\n",
            "adc r10, rsi\n",
            "adc r11, rsi\n",
            "sbb rax, rax\n",
            "and rax, 38\n",
            "add r8, rax\n",
        )
    };
}

impl Field for Adx {
    radix64::radix64_common!();

    #[inline(always)]
    fn mul(self, a: &Fe, b: &Fe) -> Fe {
        let (r0, r1, r2, r3): (u64, u64, u64, u64);
        // SAFETY: `Adx` exists only on CPUs with BMI2 (`mulx`) and ADX
        // (`adcx`/`adox`); the asm reads the 4 limbs behind each pointer
        // and writes only the named registers; flags are clobbered (the
        // default without `preserves_flags`).
        unsafe {
            asm!(
                // Row 0: r8..r12 = a * b0.
                "mov rdx, [rdi]",
                "mulx r9, r8, [rsi]",
                "mulx r10, rax, [rsi + 8]",
                "add r9, rax",
                "mulx r11, rax, [rsi + 16]",
                "adc r10, rax",
                "mulx r12, rax, [rsi + 24]",
                "adc r11, rax",
                "adc r12, 0",
                // Row 1: r9..r13 += a * b1 (CF: low halves, OF: high).
                "mov rdx, [rdi + 8]",
                "xor r13d, r13d",
                "mulx rcx, rax, [rsi]",
                "adcx r9, rax",
                "adox r10, rcx",
                "mulx rcx, rax, [rsi + 8]",
                "adcx r10, rax",
                "adox r11, rcx",
                "mulx rcx, rax, [rsi + 16]",
                "adcx r11, rax",
                "adox r12, rcx",
                "mulx rcx, rax, [rsi + 24]",
                "adcx r12, rax",
                "adox r13, rcx",
                "adc r13, 0",
                // Row 2: r10..r14 += a * b2.
                "mov rdx, [rdi + 16]",
                "xor r14d, r14d",
                "mulx rcx, rax, [rsi]",
                "adcx r10, rax",
                "adox r11, rcx",
                "mulx rcx, rax, [rsi + 8]",
                "adcx r11, rax",
                "adox r12, rcx",
                "mulx rcx, rax, [rsi + 16]",
                "adcx r12, rax",
                "adox r13, rcx",
                "mulx rcx, rax, [rsi + 24]",
                "adcx r13, rax",
                "adox r14, rcx",
                "adc r14, 0",
                // Row 3: r11..r15 += a * b3.
                "mov rdx, [rdi + 24]",
                "xor r15d, r15d",
                "mulx rcx, rax, [rsi]",
                "adcx r11, rax",
                "adox r12, rcx",
                "mulx rcx, rax, [rsi + 8]",
                "adcx r12, rax",
                "adox r13, rcx",
                "mulx rcx, rax, [rsi + 16]",
                "adcx r13, rax",
                "adox r14, rcx",
                "mulx rcx, rax, [rsi + 24]",
                "adcx r14, rax",
                "adox r15, rcx",
                "adc r15, 0",
                reduce_asm!(),
                inout("rsi") a.as_ptr() => _,
                inout("rdi") b.as_ptr() => _,
                out("rax") _, out("rcx") _, out("rdx") _,
                out("r8") r0, out("r9") r1, out("r10") r2, out("r11") r3,
                out("r12") _, out("r13") _, out("r14") _, out("r15") _,
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
                // Cross products a_i a_j (i < j) into r9..r14.
                "mov rdx, [rsi]",
                "mulx r10, r9, [rsi + 8]",
                "mulx r11, rax, [rsi + 16]",
                "add r10, rax",
                "mulx r12, rax, [rsi + 24]",
                "adc r11, rax",
                "adc r12, 0",
                "mov rdx, [rsi + 8]",
                "xor r13d, r13d",
                "mulx rcx, rax, [rsi + 16]",
                "adcx r11, rax",
                "adox r12, rcx",
                "mulx rcx, rax, [rsi + 24]",
                "adcx r12, rax",
                "adox r13, rcx",
                "adc r13, 0",
                "mov rdx, [rsi + 16]",
                "mulx r14, rax, [rsi + 24]",
                "add r13, rax",
                "adc r14, 0",
                // Double them into r9..r15.
                "xor r15d, r15d",
                "add r9, r9",
                "adc r10, r10",
                "adc r11, r11",
                "adc r12, r12",
                "adc r13, r13",
                "adc r14, r14",
                "adc r15, r15",
                // Add the squares a_i^2 at 2i.
                "mov rdx, [rsi]",
                "mulx rcx, r8, rdx",
                "add r9, rcx",
                "mov rdx, [rsi + 8]",
                "mulx rcx, rax, rdx",
                "adc r10, rax",
                "adc r11, rcx",
                "mov rdx, [rsi + 16]",
                "mulx rcx, rax, rdx",
                "adc r12, rax",
                "adc r13, rcx",
                "mov rdx, [rsi + 24]",
                "mulx rcx, rax, rdx",
                "adc r14, rax",
                "adc r15, rcx",
                reduce_asm!(),
                inout("rsi") a.as_ptr() => _,
                out("rax") _, out("rcx") _, out("rdx") _,
                out("r8") r0, out("r9") r1, out("r10") r2, out("r11") r3,
                out("r12") _, out("r13") _, out("r14") _, out("r15") _,
                options(pure, readonly, nostack),
            );
        }
        [r0, r1, r2, r3]
    }
}
