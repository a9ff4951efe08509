//! P-521's field on x86-64 with BMI2 and ADX, inline `asm!`: the 1042-bit
//! product by MULX with two carry chains (ADCX, ADOX), folded modulo
//! `p = 2^521 - 1` and brought below `p` in the same block. P-521's elements
//! are in plain form (`field521.rs`): no Montgomery factor to remove.
//!
//! The product is operand scanning over nine rows, `a_i b` added into a
//! window of nine accumulator registers that slides by one limb a row: the
//! row's lowest limb is final and leaves for memory, its register takes
//! the row's new top limb. With `rdx` (the multiplier), two product
//! registers and the two pointers that makes fourteen, so `rbx` (which
//! Rust reserves) is saved on the stack and used too. The macros below
//! write the nine rows with the accumulator names rotated; after the last
//! row the high limbs `2^576 ..` are still in registers, where `SHRD` takes
//! the bits from 521 up and they are added to the low 521 bits and 1 (a
//! sum below `2^522` congruent to the product plus one), by a chain whose
//! carry out tells the last correction (the `fold` macro).
//!
//! Constant time: straight-line code, no branch or index depends on the
//! operands.

use super::field521;

/// Row `i` of the product (`i` in 1..=8): `a_i b` added into the nine
/// accumulators `$u0..$u8` (limbs `i..=i+8`), `$u0` (final) stored over
/// `a_i`, the new top limb `i+9` left in `$u0`'s register.
macro_rules! row {
    ($off:literal, $u0:literal, $u1:literal, $u2:literal, $u3:literal, $u4:literal,
     $u5:literal, $u6:literal, $u7:literal, $u8:literal) => {
        concat!(
            "mov rdx, qword ptr [rsi + ",
            $off,
            "]\n",
            // clears CF and OF
            "xor eax, eax\n",
            "mulx rcx, rax, qword ptr [rdi]\n",
            "adcx ",
            $u0,
            ", rax\n",
            "adox ",
            $u1,
            ", rcx\n",
            "mov qword ptr [rsi + ",
            $off,
            "], ",
            $u0,
            "\n",
            "mulx rcx, rax, qword ptr [rdi + 8]\n",
            "adcx ",
            $u1,
            ", rax\n",
            "adox ",
            $u2,
            ", rcx\n",
            "mulx rcx, rax, qword ptr [rdi + 16]\n",
            "adcx ",
            $u2,
            ", rax\n",
            "adox ",
            $u3,
            ", rcx\n",
            "mulx rcx, rax, qword ptr [rdi + 24]\n",
            "adcx ",
            $u3,
            ", rax\n",
            "adox ",
            $u4,
            ", rcx\n",
            "mulx rcx, rax, qword ptr [rdi + 32]\n",
            "adcx ",
            $u4,
            ", rax\n",
            "adox ",
            $u5,
            ", rcx\n",
            "mulx rcx, rax, qword ptr [rdi + 40]\n",
            "adcx ",
            $u5,
            ", rax\n",
            "adox ",
            $u6,
            ", rcx\n",
            "mulx rcx, rax, qword ptr [rdi + 48]\n",
            "adcx ",
            $u6,
            ", rax\n",
            "adox ",
            $u7,
            ", rcx\n",
            "mulx rcx, rax, qword ptr [rdi + 56]\n",
            "adcx ",
            $u7,
            ", rax\n",
            "adox ",
            $u8,
            ", rcx\n",
            // the top limb: the high half of a_i b_8 and both carries (no
            // overflow: the sum so far is below 2^(64 (i + 10)))
            "mulx ",
            $u0,
            ", rax, qword ptr [rdi + 64]\n",
            "adcx ",
            $u8,
            ", rax\n",
            "mov eax, 0\n",
            "adox ",
            $u0,
            ", rax\n",
            "adcx ",
            $u0,
            ", rax\n",
        )
    };
}

/// The body of [`mul`]: `a` (nine limbs at `rsi`, overwritten by the low
/// nine limbs of the product) times `b` (at `rdi`); leaves `a b mod p`,
/// below `p`, in `rax, r8..r15`.
macro_rules! product_fold {
    () => {
        concat!(
            "push rbx\n",
            // row 0: a_0 b into r8..r15, rbx, r8 (limbs 0..=9)
            "mov rdx, qword ptr [rsi]\n",
            "mulx r9, r8, qword ptr [rdi]\n",
            "mov qword ptr [rsi], r8\n",
            "mulx r10, rax, qword ptr [rdi + 8]\n",
            "add r9, rax\n",
            "mulx r11, rax, qword ptr [rdi + 16]\n",
            "adc r10, rax\n",
            "mulx r12, rax, qword ptr [rdi + 24]\n",
            "adc r11, rax\n",
            "mulx r13, rax, qword ptr [rdi + 32]\n",
            "adc r12, rax\n",
            "mulx r14, rax, qword ptr [rdi + 40]\n",
            "adc r13, rax\n",
            "mulx r15, rax, qword ptr [rdi + 48]\n",
            "adc r14, rax\n",
            "mulx rbx, rax, qword ptr [rdi + 56]\n",
            "adc r15, rax\n",
            "mulx r8, rax, qword ptr [rdi + 64]\n",
            "adc rbx, rax\n",
            "adc r8, 0\n",
            // limb k lives in register k mod 9 of (r8..r15, rbx)
            row!(
                "8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "rbx", "r8"
            ),
            row!(
                "16", "r10", "r11", "r12", "r13", "r14", "r15", "rbx", "r8", "r9"
            ),
            row!(
                "24", "r11", "r12", "r13", "r14", "r15", "rbx", "r8", "r9", "r10"
            ),
            row!(
                "32", "r12", "r13", "r14", "r15", "rbx", "r8", "r9", "r10", "r11"
            ),
            row!(
                "40", "r13", "r14", "r15", "rbx", "r8", "r9", "r10", "r11", "r12"
            ),
            row!(
                "48", "r14", "r15", "rbx", "r8", "r9", "r10", "r11", "r12", "r13"
            ),
            row!(
                "56", "r15", "rbx", "r8", "r9", "r10", "r11", "r12", "r13", "r14"
            ),
            row!(
                "64", "rbx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"
            ),
            // limbs 0..=8 at [rsi], 9..=16 in r8..r15 (limb 17, in rbx, is
            // zero: the product is below 2^1042)
            "pop rbx\n",
            fold!("rsi"),
        )
    };
}

/// The fold of the product modulo `p`: limbs 0..=8 at `[$base]`, limbs
/// 9..=16 in `r8..r15`; leaves `product mod p`, below `p`, in `rax,
/// r8..r15`. The high part's limb `k` is limbs `8 + k` and `9 + k` shifted
/// right by 9 (`SHRD`, in place, upwards); `h + l + 1` (`h` the high part,
/// `l` the low 521 bits, the `+ 1` the set carry that starts the chain) is
/// below `2^522` (for operands below `p`, `h < 2^521 - 3`). Its top limb
/// gets the 55 bits above 521 set as well (`OR` of `!0x1ff`), so that the
/// chain's carry out is bit 521 of the sum, that is `h + l >= p` (the
/// technique of s2n-bignum's `bignum_mul_p521`): then the answer is the
/// sum's low 521 bits, otherwise the sum minus 1, so the complement of
/// that carry (`CMC`) is subtracted through the limbs and the top limb
/// masked to its 9 bits. No branch, and none of [`field521::settle`]'s
/// extraction of the bit.
#[rustfmt::skip]
macro_rules! fold {
    ($base:literal) => {
        concat!(
            "mov rax, qword ptr [", $base, " + 64]\n",
            "mov rdx, rax\n",
            "or rdx, -0x200\n",
            "shrd rax, r8, 9\n",
            "shrd r8, r9, 9\n",
            "shrd r9, r10, 9\n",
            "shrd r10, r11, 9\n",
            "shrd r11, r12, 9\n",
            "shrd r12, r13, 9\n",
            "shrd r13, r14, 9\n",
            "shrd r14, r15, 9\n",
            "shr r15, 9\n",
            "stc\n",
            "adc rax, qword ptr [", $base, "]\n",
            "adc r8, qword ptr [", $base, " + 8]\n",
            "adc r9, qword ptr [", $base, " + 16]\n",
            "adc r10, qword ptr [", $base, " + 24]\n",
            "adc r11, qword ptr [", $base, " + 32]\n",
            "adc r12, qword ptr [", $base, " + 40]\n",
            "adc r13, qword ptr [", $base, " + 48]\n",
            "adc r14, qword ptr [", $base, " + 56]\n",
            "adc r15, rdx\n",
            // CF: h + l >= p; subtract its complement
            "cmc\n",
            "sbb rax, 0\n",
            "sbb r8, 0\n",
            "sbb r9, 0\n",
            "sbb r10, 0\n",
            "sbb r11, 0\n",
            "sbb r12, 0\n",
            "sbb r13, 0\n",
            "sbb r14, 0\n",
            "sbb r15, 0\n",
            "and r15, 0x1ff\n",
        )
    };
}

/// The product `a b mod p` of P-521 elements below `p` (as
/// [`field521::mul`]; P-521's elements are in plain form); the result is
/// below `p`.
///
/// # Safety
/// The CPU must have BMI2 (MULX) and ADX (ADCX/ADOX).
#[inline(always)]
pub(crate) unsafe fn mul(a: &[u64; 9], b: &[u64; 9]) -> [u64; 9] {
    let mut t = *a;
    let (s0, s1, s2, s3, s4, s5, s6, s7, s8): (u64, u64, u64, u64, u64, u64, u64, u64, u64);
    // SAFETY: reads and writes the nine limbs of the local `t` through
    // `rsi`, reads nine limbs through `b` (a reference to `[u64; 9]`);
    // `rbx` is pushed and popped (hence no `nostack`); every other register
    // written is an output or a clobber. The caller guarantees BMI2 and ADX.
    unsafe {
        core::arch::asm!(
            product_fold!(),
            in("rsi") t.as_mut_ptr(),
            in("rdi") b.as_ptr(),
            out("rax") s0,
            out("r8") s1,
            out("r9") s2,
            out("r10") s3,
            out("r11") s4,
            out("r12") s5,
            out("r13") s6,
            out("r14") s7,
            out("r15") s8,
            out("rcx") _,
            out("rdx") _,
        );
    }
    [s0, s1, s2, s3, s4, s5, s6, s7, s8]
}

/// The square `a^2 mod p` of a P-521 element below `p` (plain form, as
/// [`field521::sqr`]): 36 cross products `a_i a_j` (`i < j`) and 9 squares instead of 81
/// products. Three passes over a 17-limb buffer: the cross products row by
/// row (row `i` adds `a_i a_j`, `j > i`, into limbs `2i + 1 ..= i + 9`, a
/// window of registers that shrinks by one a row as its two lowest limbs
/// become final and are stored); then, in place, the doubling (a carry
/// chain on CF) and the squares (a chain on OF); then the fold of `mul`.
/// The rows' register assignment was written by a short script; each row
/// follows the pattern its comment states.
///
/// # Safety
/// As [`mul`].
#[inline(always)]
pub(crate) unsafe fn sqr(a: &[u64; 9]) -> [u64; 9] {
    let mut t = [0u64; 17];
    let (s0, s1, s2, s3, s4, s5, s6, s7, s8): (u64, u64, u64, u64, u64, u64, u64, u64, u64);
    // SAFETY: reads nine limbs through `a` (a reference to `[u64; 9]`),
    // reads and writes the 17 limbs of the local `t` through `rdi`; every
    // register written is an output or a clobber. The caller guarantees
    // BMI2 and ADX.
    unsafe {
        core::arch::asm!(
            "mov qword ptr [rdi], 0",
            // row 0: a_0 a_j into limbs 1..=9 (a plain carry chain)
            "mov rdx, qword ptr [rsi]",
            "mulx r8, rcx, qword ptr [rsi + 8]",
            "mulx r9, rax, qword ptr [rsi + 16]",
            "add r8, rax",
            "mulx r10, rax, qword ptr [rsi + 24]",
            "adc r9, rax",
            "mulx r11, rax, qword ptr [rsi + 32]",
            "adc r10, rax",
            "mulx r12, rax, qword ptr [rsi + 40]",
            "adc r11, rax",
            "mulx r13, rax, qword ptr [rsi + 48]",
            "adc r12, rax",
            "mulx r14, rax, qword ptr [rsi + 56]",
            "adc r13, rax",
            "mulx r15, rax, qword ptr [rsi + 64]",
            "adc r14, rax",
            "adc r15, 0",
            "mov qword ptr [rdi + 8], rcx",
            "mov qword ptr [rdi + 16], r8",
            // row 1: a_1 a_j (j > 1) into limbs 3..=10
            "mov rdx, qword ptr [rsi + 8]",
            "xor eax, eax",
            "mulx rcx, rax, qword ptr [rsi + 16]",
            "adcx r9, rax",
            "adox r10, rcx",
            "mulx rcx, rax, qword ptr [rsi + 24]",
            "adcx r10, rax",
            "adox r11, rcx",
            "mulx rcx, rax, qword ptr [rsi + 32]",
            "adcx r11, rax",
            "adox r12, rcx",
            "mulx rcx, rax, qword ptr [rsi + 40]",
            "adcx r12, rax",
            "adox r13, rcx",
            "mulx rcx, rax, qword ptr [rsi + 48]",
            "adcx r13, rax",
            "adox r14, rcx",
            "mulx rcx, rax, qword ptr [rsi + 56]",
            "adcx r14, rax",
            "adox r15, rcx",
            "mulx r8, rax, qword ptr [rsi + 64]",
            "adcx r15, rax",
            "mov rcx, 0",
            "adox r8, rcx",
            "adcx r8, rcx",
            "mov qword ptr [rdi + 24], r9",
            "mov qword ptr [rdi + 32], r10",
            // row 2: a_2 a_j (j > 2) into limbs 5..=11
            "mov rdx, qword ptr [rsi + 16]",
            "xor eax, eax",
            "mulx rcx, rax, qword ptr [rsi + 24]",
            "adcx r11, rax",
            "adox r12, rcx",
            "mulx rcx, rax, qword ptr [rsi + 32]",
            "adcx r12, rax",
            "adox r13, rcx",
            "mulx rcx, rax, qword ptr [rsi + 40]",
            "adcx r13, rax",
            "adox r14, rcx",
            "mulx rcx, rax, qword ptr [rsi + 48]",
            "adcx r14, rax",
            "adox r15, rcx",
            "mulx rcx, rax, qword ptr [rsi + 56]",
            "adcx r15, rax",
            "adox r8, rcx",
            "mulx r9, rax, qword ptr [rsi + 64]",
            "adcx r8, rax",
            "mov rcx, 0",
            "adox r9, rcx",
            "adcx r9, rcx",
            "mov qword ptr [rdi + 40], r11",
            "mov qword ptr [rdi + 48], r12",
            // row 3: a_3 a_j (j > 3) into limbs 7..=12
            "mov rdx, qword ptr [rsi + 24]",
            "xor eax, eax",
            "mulx rcx, rax, qword ptr [rsi + 32]",
            "adcx r13, rax",
            "adox r14, rcx",
            "mulx rcx, rax, qword ptr [rsi + 40]",
            "adcx r14, rax",
            "adox r15, rcx",
            "mulx rcx, rax, qword ptr [rsi + 48]",
            "adcx r15, rax",
            "adox r8, rcx",
            "mulx rcx, rax, qword ptr [rsi + 56]",
            "adcx r8, rax",
            "adox r9, rcx",
            "mulx r10, rax, qword ptr [rsi + 64]",
            "adcx r9, rax",
            "mov rcx, 0",
            "adox r10, rcx",
            "adcx r10, rcx",
            "mov qword ptr [rdi + 56], r13",
            "mov qword ptr [rdi + 64], r14",
            // row 4: a_4 a_j (j > 4) into limbs 9..=13
            "mov rdx, qword ptr [rsi + 32]",
            "xor eax, eax",
            "mulx rcx, rax, qword ptr [rsi + 40]",
            "adcx r15, rax",
            "adox r8, rcx",
            "mulx rcx, rax, qword ptr [rsi + 48]",
            "adcx r8, rax",
            "adox r9, rcx",
            "mulx rcx, rax, qword ptr [rsi + 56]",
            "adcx r9, rax",
            "adox r10, rcx",
            "mulx r11, rax, qword ptr [rsi + 64]",
            "adcx r10, rax",
            "mov rcx, 0",
            "adox r11, rcx",
            "adcx r11, rcx",
            "mov qword ptr [rdi + 72], r15",
            "mov qword ptr [rdi + 80], r8",
            // row 5: a_5 a_j (j > 5) into limbs 11..=14
            "mov rdx, qword ptr [rsi + 40]",
            "xor eax, eax",
            "mulx rcx, rax, qword ptr [rsi + 48]",
            "adcx r9, rax",
            "adox r10, rcx",
            "mulx rcx, rax, qword ptr [rsi + 56]",
            "adcx r10, rax",
            "adox r11, rcx",
            "mulx r12, rax, qword ptr [rsi + 64]",
            "adcx r11, rax",
            "mov rcx, 0",
            "adox r12, rcx",
            "adcx r12, rcx",
            "mov qword ptr [rdi + 88], r9",
            "mov qword ptr [rdi + 96], r10",
            // row 6: a_6 a_j (j > 6) into limbs 13..=15
            "mov rdx, qword ptr [rsi + 48]",
            "xor eax, eax",
            "mulx rcx, rax, qword ptr [rsi + 56]",
            "adcx r11, rax",
            "adox r12, rcx",
            "mulx r13, rax, qword ptr [rsi + 64]",
            "adcx r12, rax",
            "mov rcx, 0",
            "adox r13, rcx",
            "adcx r13, rcx",
            "mov qword ptr [rdi + 104], r11",
            "mov qword ptr [rdi + 112], r12",
            // row 7: a_7 a_j (j > 7) into limbs 15..=16
            "mov rdx, qword ptr [rsi + 56]",
            "xor eax, eax",
            "mulx r14, rax, qword ptr [rsi + 64]",
            "adcx r13, rax",
            "mov rcx, 0",
            "adox r14, rcx",
            "adcx r14, rcx",
            "mov qword ptr [rdi + 120], r13",
            "mov qword ptr [rdi + 128], r14",
            // the cross products doubled (a carry chain on CF) plus the squares
            // a_i^2 at limbs 2i, 2i + 1 (a chain on OF), in place
            "xor eax, eax",
            "mov rdx, qword ptr [rsi + 0]",
            "mulx rcx, rax, rdx",
            "mov r8, qword ptr [rdi + 0]",
            "mov r9, qword ptr [rdi + 8]",
            "adcx r8, r8",
            "adcx r9, r9",
            "adox r8, rax",
            "adox r9, rcx",
            "mov qword ptr [rdi + 0], r8",
            "mov qword ptr [rdi + 8], r9",
            "mov rdx, qword ptr [rsi + 8]",
            "mulx rcx, rax, rdx",
            "mov r8, qword ptr [rdi + 16]",
            "mov r9, qword ptr [rdi + 24]",
            "adcx r8, r8",
            "adcx r9, r9",
            "adox r8, rax",
            "adox r9, rcx",
            "mov qword ptr [rdi + 16], r8",
            "mov qword ptr [rdi + 24], r9",
            "mov rdx, qword ptr [rsi + 16]",
            "mulx rcx, rax, rdx",
            "mov r8, qword ptr [rdi + 32]",
            "mov r9, qword ptr [rdi + 40]",
            "adcx r8, r8",
            "adcx r9, r9",
            "adox r8, rax",
            "adox r9, rcx",
            "mov qword ptr [rdi + 32], r8",
            "mov qword ptr [rdi + 40], r9",
            "mov rdx, qword ptr [rsi + 24]",
            "mulx rcx, rax, rdx",
            "mov r8, qword ptr [rdi + 48]",
            "mov r9, qword ptr [rdi + 56]",
            "adcx r8, r8",
            "adcx r9, r9",
            "adox r8, rax",
            "adox r9, rcx",
            "mov qword ptr [rdi + 48], r8",
            "mov qword ptr [rdi + 56], r9",
            "mov rdx, qword ptr [rsi + 32]",
            "mulx rcx, rax, rdx",
            "mov r8, qword ptr [rdi + 64]",
            "mov r9, qword ptr [rdi + 72]",
            "adcx r8, r8",
            "adcx r9, r9",
            "adox r8, rax",
            "adox r9, rcx",
            "mov qword ptr [rdi + 64], r8",
            "mov qword ptr [rdi + 72], r9",
            "mov rdx, qword ptr [rsi + 40]",
            "mulx rcx, rax, rdx",
            "mov r8, qword ptr [rdi + 80]",
            "mov r9, qword ptr [rdi + 88]",
            "adcx r8, r8",
            "adcx r9, r9",
            "adox r8, rax",
            "adox r9, rcx",
            "mov qword ptr [rdi + 80], r8",
            "mov qword ptr [rdi + 88], r9",
            "mov rdx, qword ptr [rsi + 48]",
            "mulx rcx, rax, rdx",
            "mov r8, qword ptr [rdi + 96]",
            "mov r9, qword ptr [rdi + 104]",
            "adcx r8, r8",
            "adcx r9, r9",
            "adox r8, rax",
            "adox r9, rcx",
            "mov qword ptr [rdi + 96], r8",
            "mov qword ptr [rdi + 104], r9",
            "mov rdx, qword ptr [rsi + 56]",
            "mulx rcx, rax, rdx",
            "mov r8, qword ptr [rdi + 112]",
            "mov r9, qword ptr [rdi + 120]",
            "adcx r8, r8",
            "adcx r9, r9",
            "adox r8, rax",
            "adox r9, rcx",
            "mov qword ptr [rdi + 112], r8",
            "mov qword ptr [rdi + 120], r9",
            "mov rdx, qword ptr [rsi + 64]",
            "mulx rcx, rax, rdx",
            "mov r8, qword ptr [rdi + 128]",
            "adcx r8, r8",
            "adox r8, rax",
            "mov qword ptr [rdi + 128], r8",
            // the fold, as in `mul`, limbs 9..=16 loaded first
            "mov r8, qword ptr [rdi + 72]",
            "mov r9, qword ptr [rdi + 80]",
            "mov r10, qword ptr [rdi + 88]",
            "mov r11, qword ptr [rdi + 96]",
            "mov r12, qword ptr [rdi + 104]",
            "mov r13, qword ptr [rdi + 112]",
            "mov r14, qword ptr [rdi + 120]",
            "mov r15, qword ptr [rdi + 128]",
            fold!("rdi"),
            in("rsi") a.as_ptr(),
            in("rdi") t.as_mut_ptr(),
            out("rax") s0,
            out("r8") s1,
            out("r9") s2,
            out("r10") s3,
            out("r11") s4,
            out("r12") s5,
            out("r13") s6,
            out("r14") s7,
            out("r15") s8,
            out("rcx") _,
            out("rdx") _,
            options(nostack),
        );
    }
    [s0, s1, s2, s3, s4, s5, s6, s7, s8]
}

/// The body of [`add`] and [`sub`]: `a` into nine registers, the
/// instructions `$pre`, a chain `$first`, `$rest` x 8 over `b`'s limbs in
/// memory, the instructions `$mid`, then the carry flag subtracted through
/// the limbs and the top limb masked to its 9 bits; the nine limbs are the
/// value of the block.
macro_rules! chain9 {
    ($a:expr, $b:expr, [$($pre:literal),*], $first:literal, $rest:literal, [$($mid:literal),*]) => {{
        let [mut t0, mut t1, mut t2, mut t3, mut t4, mut t5, mut t6, mut t7, mut t8] = *$a;
        // SAFETY: reads nine limbs through `b` (a reference to
        // `[u64; 9]`); writes only its register operands.
        unsafe {
            core::arch::asm!(
                $($pre,)*
                concat!($first, " {t0}, qword ptr [{b}]"),
                concat!($rest, " {t1}, qword ptr [{b} + 8]"),
                concat!($rest, " {t2}, qword ptr [{b} + 16]"),
                concat!($rest, " {t3}, qword ptr [{b} + 24]"),
                concat!($rest, " {t4}, qword ptr [{b} + 32]"),
                concat!($rest, " {t5}, qword ptr [{b} + 40]"),
                concat!($rest, " {t6}, qword ptr [{b} + 48]"),
                concat!($rest, " {t7}, qword ptr [{b} + 56]"),
                concat!($rest, " {t8}, qword ptr [{b} + 64]"),
                $($mid,)*
                "sbb {t0}, 0",
                "sbb {t1}, 0",
                "sbb {t2}, 0",
                "sbb {t3}, 0",
                "sbb {t4}, 0",
                "sbb {t5}, 0",
                "sbb {t6}, 0",
                "sbb {t7}, 0",
                "sbb {t8}, 0",
                "and {t8}, 0x1ff",
                b = in(reg) $b,
                t0 = inout(reg) t0,
                t1 = inout(reg) t1,
                t2 = inout(reg) t2,
                t3 = inout(reg) t3,
                t4 = inout(reg) t4,
                t5 = inout(reg) t5,
                t6 = inout(reg) t6,
                t7 = inout(reg) t7,
                t8 = inout(reg) t8,
                options(pure, readonly, nostack),
            );
        }
        [t0, t1, t2, t3, t4, t5, t6, t7, t8]
    }};
}

/// `a + b mod p` of P-521 elements below `p`: `a + b + 1` by one carry
/// chain whose top limb has the 55 bits above 521 set, so that its carry
/// out is `a + b >= p` (as in the product's fold); then the sum less the
/// complement of that carry (`CMC`), the top limb masked to its 9 bits
/// (the sum's low 521 bits when `a + b >= p`, else `a + b`).
///
/// # Safety
/// None (baseline x86-64 instructions).
#[inline(always)]
pub(crate) unsafe fn add(a: &[u64; 9], b: &[u64; 9]) -> [u64; 9] {
    chain9!(a, b, ["or {t8}, -0x200", "stc"], "adc", "adc", ["cmc"])
}

/// `a - b mod p` of P-521 elements below `p`: `a - b` by one borrow chain;
/// on a borrow the 576-bit wrap-around, less 1 and cut to 521 bits, is
/// `a - b + p` (below `p` as `a < b`), so the borrow is subtracted through
/// the limbs and the top limb masked to its 9 bits (without a borrow both
/// steps leave `a - b`).
///
/// # Safety
/// None (baseline x86-64 instructions).
#[inline(always)]
pub(crate) unsafe fn sub(a: &[u64; 9], b: &[u64; 9]) -> [u64; 9] {
    chain9!(a, b, [], "sub", "sbb", [])
}

/// `12 a - 9 b mod p`: [`field521::lin_12_9`] (one carry chain).
///
/// # Safety
/// None.
#[inline(always)]
pub(crate) unsafe fn lin_12_9(a: &[u64; 9], b: &[u64; 9]) -> [u64; 9] {
    field521::lin_12_9(a, b)
}

/// `4 a - b mod p`: [`field521::lin_4_1`].
///
/// # Safety
/// None.
#[inline(always)]
pub(crate) unsafe fn lin_4_1(a: &[u64; 9], b: &[u64; 9]) -> [u64; 9] {
    field521::lin_4_1(a, b)
}

/// `3 a - 8 b mod p`: [`field521::lin_3_8`].
///
/// # Safety
/// None.
#[inline(always)]
pub(crate) unsafe fn lin_3_8(a: &[u64; 9], b: &[u64; 9]) -> [u64; 9] {
    field521::lin_3_8(a, b)
}

/// `a - b - c mod p`: [`field521::sub2`].
///
/// # Safety
/// None.
#[inline(always)]
pub(crate) unsafe fn sub2(a: &[u64; 9], b: &[u64; 9], c: &[u64; 9]) -> [u64; 9] {
    field521::sub2(a, b, c)
}

/// The Montgomery product modulo P-521's group order: the portable CIOS
/// (scalars are a small part of every operation).
///
/// # Safety
/// None; `unsafe` as the kernels the curve macro takes.
#[inline(always)]
pub(crate) unsafe fn mul_n521(a: &[u64; 9], b: &[u64; 9]) -> [u64; 9] {
    use super::field::Modulus;
    <super::c521::moduli::N as Modulus<9>>::mont_mul(a, b)
}
