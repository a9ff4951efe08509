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
//! carry out tells the last correction (the `fold` macro). The square
//! ([`sqr`]) keeps its upper half in registers the same way; the sum and
//! the difference are one carry chain each, the formulas' small
//! combinations (`12 a - 9 b`, `4 a - b`, `3 a - 8 b`, `a - b - c`) two
//! (ADCX, ADOX), each followed by the same kind of correction.
//!
//! Constant time: straight-line code, no branch or index depends on the
//! operands.

#[cfg(doc)]
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

/// The carry flag subtracted through nine limbs (`SBB` of 0, low limb
/// first) and the top one masked to its 9 bits: the last step of every
/// reduction below (`CF` set by the step before, usually the complement
/// of the carry that says the sum reached `p`).
#[rustfmt::skip]
macro_rules! borrow9 {
    ($r0:literal, $r1:literal, $r2:literal, $r3:literal, $r4:literal,
     $r5:literal, $r6:literal, $r7:literal, $r8:literal) => {
        concat!(
            "sbb ", $r0, ", 0\n", "sbb ", $r1, ", 0\n", "sbb ", $r2, ", 0\n",
            "sbb ", $r3, ", 0\n", "sbb ", $r4, ", 0\n", "sbb ", $r5, ", 0\n",
            "sbb ", $r6, ", 0\n", "sbb ", $r7, ", 0\n", "sbb ", $r8, ", 0\n",
            "and ", $r8, ", 0x1ff\n",
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
            borrow9!("rax", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"),
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

/// One cross product `rdx · [rsi + $off]` added into the register pair
/// `$hi:$lo` on the two carry chains (low half on CF, high half on OF).
macro_rules! mac {
    ($lo:literal, $hi:literal, $off:literal) => {
        concat!(
            "mulx rcx, rax, qword ptr [rsi + ",
            $off,
            "]\nadcx ",
            $lo,
            ", rax\nadox ",
            $hi,
            ", rcx\n"
        )
    };
}

/// The last cross product of a row, `rdx · a_7`, whose high half starts
/// the new top limb `$top`; both chains' carries end there (no overflow:
/// rows `0..=i` sum below `2^(64 (i + 9))`).
macro_rules! mac_top {
    ($lo:literal, $top:literal) => {
        concat!(
            "mulx ",
            $top,
            ", rax, qword ptr [rsi + 56]\nadcx ",
            $lo,
            ", rax\nmov ecx, 0\nadox ",
            $top,
            ", rcx\nadcx ",
            $top,
            ", rcx\n"
        )
    };
}

/// The square `a_k^2` (`a_k` at `[rsi + $off]`) added on OF into limbs
/// `2k, 2k + 1` of the cross products, which are doubled on CF as they
/// pass: in memory at `[rdi + $lo]`, `[rdi + $hi]` (through `r15`).
macro_rules! sq_mem {
    ($off:literal, $lo:literal, $hi:literal) => {
        concat!(
            "mov rdx, qword ptr [rsi + ",
            $off,
            "]\nmulx rcx, rax, rdx\n",
            "mov r15, qword ptr [rdi + ",
            $lo,
            "]\nadcx r15, r15\nadox r15, rax\nmov qword ptr [rdi + ",
            $lo,
            "], r15\n",
            "mov r15, qword ptr [rdi + ",
            $hi,
            "]\nadcx r15, r15\nadox r15, rcx\nmov qword ptr [rdi + ",
            $hi,
            "], r15\n",
        )
    };
}

/// As [`sq_mem`], limbs `2k, 2k + 1` in the registers `$lo`, `$hi`.
macro_rules! sq_reg {
    ($off:literal, $lo:literal, $hi:literal) => {
        concat!(
            "mov rdx, qword ptr [rsi + ",
            $off,
            "]\nmulx rcx, rax, rdx\nadcx ",
            $lo,
            ", ",
            $lo,
            "\nadox ",
            $lo,
            ", rax\nadcx ",
            $hi,
            ", ",
            $hi,
            "\nadox ",
            $hi,
            ", rcx\n"
        )
    };
}

/// The square `a^2 mod p` of a P-521 element below `p` (plain form, as
/// [`field521::sqr`]), 45 products instead of 81, with the upper half in
/// registers (the technique of s2n-bignum's `bignum_sqr_p521`). Write
/// `a = 2^512 c + x` (`c`, the top limb, below `2^9`):
/// - `x^2` by the 28 cross products `x_i x_j` (`i < j < 8`), row by row
///   (row `i` adds `x_i x_j` into limbs `2i + 1 ..= i + 8`), then doubled
///   (a chain on CF) with the squares `x_i^2` added (a chain on OF). Limb
///   `k` lives in `r(8 + k mod 8)`; limbs 1..=7 leave for the buffer at
///   `rdi` as they become final, limbs 8..=15 stay in `r8..r15`;
/// - `H = (x^2 >> 512) + 2c x + 2^512 c^2` (below `2^530`): the row of
///   `2c x` (`2c < 2^10`, 8 products) and `c^2` (`IMUL`) added into those
///   registers and `rbx` (limb 16; saved on the stack), so that
///   `a^2 = L + 2^512 H` with `L` the 8 limbs in memory;
/// - as `2^521 = 1 mod p`, `a^2 = l + h mod p` with `l = L + 2^512
///   (H mod 2^9)` and `h = H >> 9` (`SHRD`), both below `2^521`; their
///   sum is brought below `p` as in `mul`'s fold.
///
/// # Safety
/// As [`mul`].
#[inline(always)]
pub(crate) unsafe fn sqr(a: &[u64; 9]) -> [u64; 9] {
    let mut t = [0u64; 8];
    let (s0, s1, s2, s3, s4, s5, s6, s7, s8): (u64, u64, u64, u64, u64, u64, u64, u64, u64);
    // SAFETY: reads nine limbs through `a` (a reference to `[u64; 9]`),
    // reads and writes the 8 limbs of the local `t` through `rdi`; `rbx` is
    // pushed and popped (hence no `nostack`); every other register written
    // is an output or a clobber. The caller guarantees BMI2 and ADX.
    unsafe {
        core::arch::asm!(
            "push rbx",
            // row 0: x_0 x_j into limbs 1..=8 (one plain carry chain)
            "mov rdx, qword ptr [rsi]",
            "mulx r10, r9, qword ptr [rsi + 8]",
            "mulx r11, rax, qword ptr [rsi + 16]",
            "add r10, rax",
            "mulx r12, rax, qword ptr [rsi + 24]",
            "adc r11, rax",
            "mulx r13, rax, qword ptr [rsi + 32]",
            "adc r12, rax",
            "mulx r14, rax, qword ptr [rsi + 40]",
            "adc r13, rax",
            "mulx r15, rax, qword ptr [rsi + 48]",
            "adc r14, rax",
            "mulx r8, rax, qword ptr [rsi + 56]",
            "adc r15, rax",
            "adc r8, 0",
            "mov qword ptr [rdi + 8], r9",
            "mov qword ptr [rdi + 16], r10",
            // row 1: x_1 x_j (j > 1) into limbs 3..=9
            "mov rdx, qword ptr [rsi + 8]",
            "xor eax, eax",
            mac!("r11", "r12", "16"),
            mac!("r12", "r13", "24"),
            mac!("r13", "r14", "32"),
            mac!("r14", "r15", "40"),
            mac!("r15", "r8", "48"),
            mac_top!("r8", "r9"),
            "mov qword ptr [rdi + 24], r11",
            "mov qword ptr [rdi + 32], r12",
            // row 2: x_2 x_j (j > 2) into limbs 5..=10
            "mov rdx, qword ptr [rsi + 16]",
            "xor eax, eax",
            mac!("r13", "r14", "24"),
            mac!("r14", "r15", "32"),
            mac!("r15", "r8", "40"),
            mac!("r8", "r9", "48"),
            mac_top!("r9", "r10"),
            "mov qword ptr [rdi + 40], r13",
            "mov qword ptr [rdi + 48], r14",
            // row 3: x_3 x_j (j > 3) into limbs 7..=11
            "mov rdx, qword ptr [rsi + 24]",
            "xor eax, eax",
            mac!("r15", "r8", "32"),
            mac!("r8", "r9", "40"),
            mac!("r9", "r10", "48"),
            mac_top!("r10", "r11"),
            "mov qword ptr [rdi + 56], r15",
            // row 4: x_4 x_j (j > 4) into limbs 9..=12
            "mov rdx, qword ptr [rsi + 32]",
            "xor eax, eax",
            mac!("r9", "r10", "40"),
            mac!("r10", "r11", "48"),
            mac_top!("r11", "r12"),
            // row 5: x_5 x_j (j > 5) into limbs 11..=13
            "mov rdx, qword ptr [rsi + 40]",
            "xor eax, eax",
            mac!("r11", "r12", "48"),
            mac_top!("r12", "r13"),
            // row 6: x_6 x_7 into limbs 13..=14
            "mov rdx, qword ptr [rsi + 48]",
            "mulx r14, rax, qword ptr [rsi + 56]",
            "add r13, rax",
            "adc r14, 0",
            // doubled, plus the squares: limb 0 is the low half of x_0^2
            "xor eax, eax",
            "mov rdx, qword ptr [rsi]",
            "mulx rcx, rax, rdx",
            "mov qword ptr [rdi], rax",
            "mov r15, qword ptr [rdi + 8]",
            "adcx r15, r15",
            "adox r15, rcx",
            "mov qword ptr [rdi + 8], r15",
            sq_mem!("8", "16", "24"),
            sq_mem!("16", "32", "40"),
            sq_mem!("24", "48", "56"),
            sq_reg!("32", "r8", "r9"),
            sq_reg!("40", "r10", "r11"),
            sq_reg!("48", "r12", "r13"),
            // limb 15: the high half of x_7^2 and both carries
            "mov rdx, qword ptr [rsi + 56]",
            "mulx r15, rax, rdx",
            "adcx r14, r14",
            "adox r14, rax",
            "mov ecx, 0",
            "adcx r15, rcx",
            "adox r15, rcx",
            // H: c^2 at limb 16, then 2c x from limb 8 up (ADD clears CF
            // and OF: 2c < 2^10)
            "mov rdx, qword ptr [rsi + 64]",
            "mov rbx, rdx",
            "imul rbx, rdx",
            "add rdx, rdx",
            mac!("r8", "r9", "0"),
            mac!("r9", "r10", "8"),
            mac!("r10", "r11", "16"),
            mac!("r11", "r12", "24"),
            mac!("r12", "r13", "32"),
            mac!("r13", "r14", "40"),
            mac!("r14", "r15", "48"),
            "mulx rcx, rax, qword ptr [rsi + 56]",
            "adcx r15, rax",
            "adox rbx, rcx",
            "adc rbx, 0",
            // l's top limb (H mod 2^9), h = H >> 9 in r8..r15, rbx
            "mov rax, r8",
            "and eax, 0x1ff",
            "shrd r8, r9, 9",
            "shrd r9, r10, 9",
            "shrd r10, r11, 9",
            "shrd r11, r12, 9",
            "shrd r12, r13, 9",
            "shrd r13, r14, 9",
            "shrd r14, r15, 9",
            "shrd r15, rbx, 9",
            "shr rbx, 9",
            "add rbx, rax",
            // h + l + 1, with 2^64 - 2^9 added to the top limb (below
            // 2^10: as setting its 55 bits above 521), so that the carry
            // out is h + l >= p; subtract its complement (as `fold`)
            "stc",
            "adc r8, qword ptr [rdi]",
            "adc r9, qword ptr [rdi + 8]",
            "adc r10, qword ptr [rdi + 16]",
            "adc r11, qword ptr [rdi + 24]",
            "adc r12, qword ptr [rdi + 32]",
            "adc r13, qword ptr [rdi + 40]",
            "adc r14, qword ptr [rdi + 48]",
            "adc r15, qword ptr [rdi + 56]",
            "adc rbx, -0x200",
            "cmc",
            borrow9!("r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "rbx"),
            "mov rax, rbx",
            "pop rbx",
            in("rsi") a.as_ptr(),
            in("rdi") t.as_mut_ptr(),
            out("r8") s0,
            out("r9") s1,
            out("r10") s2,
            out("r11") s3,
            out("r12") s4,
            out("r13") s5,
            out("r14") s6,
            out("r15") s7,
            out("rax") s8,
            out("rcx") _,
            out("rdx") _,
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
                borrow9!("{t0}", "{t1}", "{t2}", "{t3}", "{t4}", "{t5}", "{t6}", "{t7}", "{t8}"),
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

/// The end of `lin!`'s and [`sub2`]'s blocks: `t` (nine limbs `{t0}..{t8}`,
/// below `2^526`) brought below `p`. With `l` its low 521 bits and `h = t
/// >> 521` (in `{h}`, at most 20), `l + h + 1` by one chain whose top limb
/// has the 55 bits above 521 set, so that its carry out is `l + h >= p`;
/// then the complement of that carry subtracted and the top limb masked,
/// as in `fold`.
macro_rules! settle_small {
    () => {
        concat!(
            "mov {h}, {t8}\n",
            "shr {h}, 9\n",
            "or {t8}, -0x200\n",
            "stc\n",
            "adc {t0}, {h}\n",
            "adc {t1}, 0\n",
            "adc {t2}, 0\n",
            "adc {t3}, 0\n",
            "adc {t4}, 0\n",
            "adc {t5}, 0\n",
            "adc {t6}, 0\n",
            "adc {t7}, 0\n",
            "adc {t8}, 0\n",
            "cmc\n",
            borrow9!(
                "{t0}", "{t1}", "{t2}", "{t3}", "{t4}", "{t5}", "{t6}", "{t7}", "{t8}"
            ),
        )
    };
}

/// One limb of `kb (p - b)` in `lin!`: `kb` (in RDX) times the
/// complement of `b`'s limb at `[{b} + $off]`, its low half added into
/// `$lo` on CF and its high half into `$hi` on OF (`NOT` and `MOV` leave
/// the flags); `{h}` and `{a}` are its temporaries.
macro_rules! nmac {
    ($off:literal, $lo:literal, $hi:literal) => {
        concat!(
            "mov {h}, qword ptr [{b} + ",
            $off,
            "]\n",
            "not {h}\n",
            "mulx {a}, {h}, {h}\n",
            "adcx ",
            $lo,
            ", {h}\n",
            "adox ",
            $hi,
            ", {a}\n",
        )
    };
}

/// One limb of `(p - b) + (p - c)` in [`sub2`]: the complements of the
/// limbs of `b` and `c` at offset `$off` added into `$t`, `b`'s on CF and
/// `c`'s on OF; `{h}` and `{y}` are its temporaries.
macro_rules! nsum2 {
    ($off:literal, $t:literal) => {
        concat!(
            "mov {h}, qword ptr [{b} + ",
            $off,
            "]\n",
            "not {h}\n",
            "adcx ",
            $t,
            ", {h}\n",
            "mov {y}, qword ptr [{c} + ",
            $off,
            "]\n",
            "not {y}\n",
            "adox ",
            $t,
            ", {y}\n",
        )
    };
}

/// `ka a - kb b mod p` for the doubling's small constants (`ka + kb <=
/// 21`, as `field521::lin`): `ka a + kb (p - b)` (`p - b` is `b` with its
/// 521 bits flipped), below `21 * 2^521`, then `settle_small!`.
/// - `ka a` by MULX with `ka` in RDX and one carry chain adding each high
///   half a limb up; `ka a_8 < 2^13` has no high half (its MULX writes the
///   high half into RDX, done with `ka`), and `{t8}` serves as the
///   alternate high-half register until then;
/// - `kb (p - b)`: the top limb's product (`IMUL`) added first, while the
///   flags are free; then `kb` in RDX and the eight complemented limbs'
///   products on two chains (low halves on CF, high halves on OF), the
///   last carry taken into `{t8}` (no overflow: the sum is below `2^526`).
macro_rules! lin {
    ($a:expr, $b:expr, $ka:literal, $kb:literal) => {{
        let (t0, t1, t2, t3, t4, t5, t6, t7, t8): (u64, u64, u64, u64, u64, u64, u64, u64, u64);
        // SAFETY: reads nine limbs through `a` and through `b` (references
        // to `[u64; 9]`); writes only its register operands and RDX. The
        // caller guarantees BMI2 (MULX) and ADX (ADCX/ADOX).
        unsafe {
            core::arch::asm!(
                concat!("mov edx, ", $ka),
                "mulx {t8}, {t0}, qword ptr [{a}]",
                "mulx {h}, {t1}, qword ptr [{a} + 8]",
                "add {t1}, {t8}",
                "mulx {t8}, {t2}, qword ptr [{a} + 16]",
                "adc {t2}, {h}",
                "mulx {h}, {t3}, qword ptr [{a} + 24]",
                "adc {t3}, {t8}",
                "mulx {t8}, {t4}, qword ptr [{a} + 32]",
                "adc {t4}, {h}",
                "mulx {h}, {t5}, qword ptr [{a} + 40]",
                "adc {t5}, {t8}",
                "mulx {t8}, {t6}, qword ptr [{a} + 48]",
                "adc {t6}, {h}",
                "mulx {h}, {t7}, qword ptr [{a} + 56]",
                "adc {t7}, {t8}",
                "mulx rdx, {t8}, qword ptr [{a} + 64]",
                "adc {t8}, {h}",
                "mov {h}, qword ptr [{b} + 64]",
                "xor {h}, 0x1ff",
                concat!("imul {h}, {h}, ", $kb),
                "add {t8}, {h}",
                concat!("mov edx, ", $kb),
                // clears CF and OF
                "xor {h:e}, {h:e}",
                nmac!("0", "{t0}", "{t1}"),
                nmac!("8", "{t1}", "{t2}"),
                nmac!("16", "{t2}", "{t3}"),
                nmac!("24", "{t3}", "{t4}"),
                nmac!("32", "{t4}", "{t5}"),
                nmac!("40", "{t5}", "{t6}"),
                nmac!("48", "{t6}", "{t7}"),
                nmac!("56", "{t7}", "{t8}"),
                "adc {t8}, 0",
                settle_small!(),
                a = inout(reg) $a.as_ptr() => _,
                b = in(reg) $b.as_ptr(),
                h = out(reg) _,
                t0 = out(reg) t0,
                t1 = out(reg) t1,
                t2 = out(reg) t2,
                t3 = out(reg) t3,
                t4 = out(reg) t4,
                t5 = out(reg) t5,
                t6 = out(reg) t6,
                t7 = out(reg) t7,
                t8 = out(reg) t8,
                out("rdx") _,
                options(pure, readonly, nostack),
            );
        }
        [t0, t1, t2, t3, t4, t5, t6, t7, t8]
    }};
}

/// `12 a - 9 b mod p` (`lin!`; as [`field521::lin_12_9`]).
///
/// # Safety
/// The CPU must have BMI2 (MULX) and ADX (ADCX/ADOX).
#[inline(always)]
pub(crate) unsafe fn lin_12_9(a: &[u64; 9], b: &[u64; 9]) -> [u64; 9] {
    lin!(a, b, 12, 9)
}

/// `4 a - b mod p` (`lin!`; as [`field521::lin_4_1`]).
///
/// # Safety
/// As [`lin_12_9`].
#[inline(always)]
pub(crate) unsafe fn lin_4_1(a: &[u64; 9], b: &[u64; 9]) -> [u64; 9] {
    lin!(a, b, 4, 1)
}

/// `3 a - 8 b mod p` (`lin!`; as [`field521::lin_3_8`]).
///
/// # Safety
/// As [`lin_12_9`].
#[inline(always)]
pub(crate) unsafe fn lin_3_8(a: &[u64; 9], b: &[u64; 9]) -> [u64; 9] {
    lin!(a, b, 3, 8)
}

/// `a - b - c mod p` (as [`field521::sub2`]): `a + (p - b) + (p - c)`,
/// below `3 * 2^521`, then `settle_small!`. `a` is loaded into the nine
/// limbs (its pointer's register then serves as a temporary); the top
/// limbs' complements (`XOR` of the 9 bits) are added while the flags are
/// free; then the other limbs' complements (`NOT`, which leaves the flags)
/// on two chains, `p - b` on CF and `p - c` on OF, both ending in the top
/// limb.
///
/// # Safety
/// The CPU must have ADX (ADCX/ADOX).
#[inline(always)]
pub(crate) unsafe fn sub2(a: &[u64; 9], b: &[u64; 9], c: &[u64; 9]) -> [u64; 9] {
    let (t0, t1, t2, t3, t4, t5, t6, t7, t8): (u64, u64, u64, u64, u64, u64, u64, u64, u64);
    // SAFETY: reads nine limbs through each of `a`, `b` and `c`
    // (references to `[u64; 9]`); writes only its register operands. The
    // caller guarantees ADX (ADCX/ADOX).
    unsafe {
        core::arch::asm!(
            "mov {t0}, qword ptr [{h}]",
            "mov {t1}, qword ptr [{h} + 8]",
            "mov {t2}, qword ptr [{h} + 16]",
            "mov {t3}, qword ptr [{h} + 24]",
            "mov {t4}, qword ptr [{h} + 32]",
            "mov {t5}, qword ptr [{h} + 40]",
            "mov {t6}, qword ptr [{h} + 48]",
            "mov {t7}, qword ptr [{h} + 56]",
            "mov {t8}, qword ptr [{h} + 64]",
            "mov {h}, qword ptr [{b} + 64]",
            "xor {h}, 0x1ff",
            "add {t8}, {h}",
            "mov {h}, qword ptr [{c} + 64]",
            "xor {h}, 0x1ff",
            "add {t8}, {h}",
            // clears CF and OF
            "xor {h:e}, {h:e}",
            nsum2!("0", "{t0}"),
            nsum2!("8", "{t1}"),
            nsum2!("16", "{t2}"),
            nsum2!("24", "{t3}"),
            nsum2!("32", "{t4}"),
            nsum2!("40", "{t5}"),
            nsum2!("48", "{t6}"),
            nsum2!("56", "{t7}"),
            // both chains' last carries into the top limb (MOV leaves the
            // flags; no overflow: the sum is below 2^523)
            "mov {h:e}, 0",
            "adcx {t8}, {h}",
            "adox {t8}, {h}",
            settle_small!(),
            h = inout(reg) a.as_ptr() => _,
            b = in(reg) b.as_ptr(),
            c = in(reg) c.as_ptr(),
            y = out(reg) _,
            t0 = out(reg) t0,
            t1 = out(reg) t1,
            t2 = out(reg) t2,
            t3 = out(reg) t3,
            t4 = out(reg) t4,
            t5 = out(reg) t5,
            t6 = out(reg) t6,
            t7 = out(reg) t7,
            t8 = out(reg) t8,
            options(pure, readonly, nostack),
        );
    }
    [t0, t1, t2, t3, t4, t5, t6, t7, t8]
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
