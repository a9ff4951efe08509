//! P-256 field multiplication on x86-64 with BMI2 and ADX, inline `asm!`.
//!
//! Technique (as in Gueron and Krasnov's nistz256, written here anew):
//! Montgomery multiplication with `R = 2^256`, operand scanning with the
//! reduction interleaved row by row. Each row multiplies one limb of `a`
//! by `b` with MULX and accumulates through two independent carry chains
//! (ADOX for the low halves, ADCX for the high halves). The reduction
//! uses the form of `p = 2^256 - 2^224 + 2^192 + 2^96 - 1`: `-p^-1 = 1 mod
//! 2^64`, so the multiplier `m` is the low limb itself, and `m p` adds
//! `m 2^96` (two shifts) and `m (2^64 - 2^32 + 1) 2^192` (one MULX), the
//! `-m` cancelling the low limb. A final masked subtraction (CMOV on the
//! borrow) leaves the result below `p`.
//!
//! Constant time: straight-line code, no branch or index depends on the
//! operands.

/// `p[1]` of P-256.
static P1: u64 = 0x0000_0000_ffff_ffff;
/// `p[3]` of P-256, `2^64 - 2^32 + 1`.
static P3: u64 = 0xffff_ffff_0000_0001;

/// The Montgomery product `a b / 2^256 mod p` of P-256 elements below
/// `p`; the result is below `p`.
///
/// # Safety
/// The CPU must have BMI2 (MULX) and ADX (ADCX/ADOX).
#[inline(always)]
pub(crate) unsafe fn mul(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    let (o0, o1, o2, o3): (u64, u64, u64, u64);
    // SAFETY: reads 4 limbs through each of `a` and `b` (references to
    // `[u64; 4]`); writes only its register operands; the caller
    // guarantees BMI2 and ADX.
    unsafe {
        core::arch::asm!(
            // a[0] * b, accumulated into r0..r5
            "mov rdx, qword ptr [{a} + 0]",
            "xor {z:e}, {z:e}",
            "mov {r5}, 0",
            "mulx {h}, {l}, qword ptr [{b} + 0]",
            "adox {r0}, {l}",
            "adcx {r1}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 8]",
            "adox {r1}, {l}",
            "adcx {r2}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 16]",
            "adox {r2}, {l}",
            "adcx {r3}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 24]",
            "adox {r3}, {l}",
            "adcx {r4}, {h}",
            "adox {r4}, {z}",
            "adcx {r5}, {z}",
            "adox {r5}, {z}",
            // reduction by m = r0 (-p^-1 = 1 mod 2^64): + m p, shifted one limb
            "mov rdx, {r0}",
            "mulx {h}, {l}, qword ptr [rip + {p3}]",
            "mov {z}, {r0}",
            "shl {z}, 32",
            "shr {r0}, 32",
            "add {r1}, {z}",
            "adc {r2}, {r0}",
            "adc {r3}, {l}",
            "adc {r4}, {h}",
            "adc {r5}, 0",
            // a[1] * b, accumulated into r1..r0
            "mov rdx, qword ptr [{a} + 8]",
            "xor {z:e}, {z:e}",
            "mov {r0}, 0",
            "mulx {h}, {l}, qword ptr [{b} + 0]",
            "adox {r1}, {l}",
            "adcx {r2}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 8]",
            "adox {r2}, {l}",
            "adcx {r3}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 16]",
            "adox {r3}, {l}",
            "adcx {r4}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 24]",
            "adox {r4}, {l}",
            "adcx {r5}, {h}",
            "adox {r5}, {z}",
            "adcx {r0}, {z}",
            "adox {r0}, {z}",
            // reduction by m = r1 (-p^-1 = 1 mod 2^64): + m p, shifted one limb
            "mov rdx, {r1}",
            "mulx {h}, {l}, qword ptr [rip + {p3}]",
            "mov {z}, {r1}",
            "shl {z}, 32",
            "shr {r1}, 32",
            "add {r2}, {z}",
            "adc {r3}, {r1}",
            "adc {r4}, {l}",
            "adc {r5}, {h}",
            "adc {r0}, 0",
            // a[2] * b, accumulated into r2..r1
            "mov rdx, qword ptr [{a} + 16]",
            "xor {z:e}, {z:e}",
            "mov {r1}, 0",
            "mulx {h}, {l}, qword ptr [{b} + 0]",
            "adox {r2}, {l}",
            "adcx {r3}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 8]",
            "adox {r3}, {l}",
            "adcx {r4}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 16]",
            "adox {r4}, {l}",
            "adcx {r5}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 24]",
            "adox {r5}, {l}",
            "adcx {r0}, {h}",
            "adox {r0}, {z}",
            "adcx {r1}, {z}",
            "adox {r1}, {z}",
            // reduction by m = r2 (-p^-1 = 1 mod 2^64): + m p, shifted one limb
            "mov rdx, {r2}",
            "mulx {h}, {l}, qword ptr [rip + {p3}]",
            "mov {z}, {r2}",
            "shl {z}, 32",
            "shr {r2}, 32",
            "add {r3}, {z}",
            "adc {r4}, {r2}",
            "adc {r5}, {l}",
            "adc {r0}, {h}",
            "adc {r1}, 0",
            // a[3] * b, accumulated into r3..r2
            "mov rdx, qword ptr [{a} + 24]",
            "xor {z:e}, {z:e}",
            "mov {r2}, 0",
            "mulx {h}, {l}, qword ptr [{b} + 0]",
            "adox {r3}, {l}",
            "adcx {r4}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 8]",
            "adox {r4}, {l}",
            "adcx {r5}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 16]",
            "adox {r5}, {l}",
            "adcx {r0}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 24]",
            "adox {r0}, {l}",
            "adcx {r1}, {h}",
            "adox {r1}, {z}",
            "adcx {r2}, {z}",
            "adox {r2}, {z}",
            // reduction by m = r3 (-p^-1 = 1 mod 2^64): + m p, shifted one limb
            "mov rdx, {r3}",
            "mulx {h}, {l}, qword ptr [rip + {p3}]",
            "mov {z}, {r3}",
            "shl {z}, 32",
            "shr {r3}, 32",
            "add {r4}, {z}",
            "adc {r5}, {r3}",
            "adc {r0}, {l}",
            "adc {r1}, {h}",
            "adc {r2}, 0",
            // the result is below 2p: subtract p unless that borrows
            "mov {h}, {r4}",
            "sub {h}, -1",
            "mov {l}, {r5}",
            "sbb {l}, qword ptr [rip + {p1}]",
            "mov {z}, {r0}",
            "sbb {z}, 0",
            "mov {r3}, {r1}",
            "sbb {r3}, qword ptr [rip + {p3}]",
            "sbb {r2}, 0",
            "cmovc {h}, {r4}",
            "cmovc {l}, {r5}",
            "cmovc {z}, {r0}",
            "cmovc {r3}, {r1}",
            a = in(reg) a.as_ptr(),
            b = in(reg) b.as_ptr(),
            p1 = sym P1,
            p3 = sym P3,
            r0 = inout(reg) 0u64 => _,
            r1 = inout(reg) 0u64 => _,
            r2 = inout(reg) 0u64 => _,
            r3 = inout(reg) 0u64 => o3,
            r4 = inout(reg) 0u64 => _,
            r5 = out(reg) _,
            h = out(reg) o0,
            l = out(reg) o1,
            z = out(reg) o2,
            out("rdx") _,
            options(pure, readonly, nostack),
        );
    }
    [o0, o1, o2, o3]
}

/// `a^2 / 2^256 mod p` for `a` below `p`; the result is below `p`.
///
/// The 512-bit square first (six cross products, doubled, plus the four
/// squares: ten MULX instead of sixteen), then four reduction steps on its
/// low half, added to the high half.
///
/// # Safety
/// As [`mul`].
#[inline(always)]
pub(crate) unsafe fn sqr(a: &[u64; 4]) -> [u64; 4] {
    let (o0, o1, o2, o3): (u64, u64, u64, u64);
    // SAFETY: reads 4 limbs through `a`; writes only its register
    // operands; the caller guarantees BMI2 and ADX.
    unsafe {
        core::arch::asm!(
            // cross products a_i a_j (i < j) into t1..t6
            "mov rdx, qword ptr [{a}]",
            "mulx {t2}, {t1}, qword ptr [{a} + 8]",
            "mulx {t3}, {l}, qword ptr [{a} + 16]",
            "add {t2}, {l}",
            "mulx {t4}, {l}, qword ptr [{a} + 24]",
            "adc {t3}, {l}",
            "adc {t4}, 0",
            "mov rdx, qword ptr [{a} + 8]",
            "xor {h:e}, {h:e}",
            "mov {t7}, 0",
            "mulx {h}, {l}, qword ptr [{a} + 16]",
            "adox {t3}, {l}",
            "adcx {t4}, {h}",
            "mulx {t5}, {l}, qword ptr [{a} + 24]",
            "adox {t4}, {l}",
            "adcx {t5}, {t7}",
            "adox {t5}, {t7}",
            "mov rdx, qword ptr [{a} + 16]",
            "mulx {t6}, {l}, qword ptr [{a} + 24]",
            "add {t5}, {l}",
            "adc {t6}, 0",
            // double them (t7 takes the carry), then add the squares a_i^2
            "add {t1}, {t1}",
            "adc {t2}, {t2}",
            "adc {t3}, {t3}",
            "adc {t4}, {t4}",
            "adc {t5}, {t5}",
            "adc {t6}, {t6}",
            "adc {t7}, 0",
            "mov rdx, qword ptr [{a}]",
            "mulx {h}, {t0}, rdx",
            "add {t1}, {h}",
            "mov rdx, qword ptr [{a} + 8]",
            "mulx {h}, {l}, rdx",
            "adc {t2}, {l}",
            "adc {t3}, {h}",
            "mov rdx, qword ptr [{a} + 16]",
            "mulx {h}, {l}, rdx",
            "adc {t4}, {l}",
            "adc {t5}, {h}",
            "mov rdx, qword ptr [{a} + 24]",
            "mulx {h}, {l}, rdx",
            "adc {t6}, {l}",
            "adc {t7}, {h}",
            // four reduction steps on the low half: m = t_i (-p^-1 = 1 mod 2^64),
            // + m 2^96 + m (2^64 - 2^32 + 1) 2^192; the new top limb (position
            // i + 4) lands in t_i's register
            "mov rdx, {t0}",
            "mulx {h}, {l}, qword ptr [rip + {p3}]",
            "shl rdx, 32",
            "shr {t0}, 32",
            "add {t1}, rdx",
            "adc {t2}, {t0}",
            "adc {t3}, {l}",
            "adc {h}, 0",
            "mov {t0}, {h}",
            "mov rdx, {t1}",
            "mulx {h}, {l}, qword ptr [rip + {p3}]",
            "shl rdx, 32",
            "shr {t1}, 32",
            "add {t2}, rdx",
            "adc {t3}, {t1}",
            "adc {t0}, {l}",
            "adc {h}, 0",
            "mov {t1}, {h}",
            "mov rdx, {t2}",
            "mulx {h}, {l}, qword ptr [rip + {p3}]",
            "shl rdx, 32",
            "shr {t2}, 32",
            "add {t3}, rdx",
            "adc {t0}, {t2}",
            "adc {t1}, {l}",
            "adc {h}, 0",
            "mov {t2}, {h}",
            "mov rdx, {t3}",
            "mulx {h}, {l}, qword ptr [rip + {p3}]",
            "shl rdx, 32",
            "shr {t3}, 32",
            "add {t0}, rdx",
            "adc {t1}, {t3}",
            "adc {t2}, {l}",
            "adc {h}, 0",
            "mov {t3}, {h}",
            // add the reduced low half to the high half; the sum is below 2p
            "xor {h:e}, {h:e}",
            "add {t4}, {t0}",
            "adc {t5}, {t1}",
            "adc {t6}, {t2}",
            "adc {t7}, {t3}",
            "adc {h}, 0",
            // subtract p unless that borrows
            "mov {l}, {t4}",
            "sub {l}, -1",
            "mov {t0}, {t5}",
            "sbb {t0}, qword ptr [rip + {p1}]",
            "mov {t1}, {t6}",
            "sbb {t1}, 0",
            "mov {t2}, {t7}",
            "sbb {t2}, qword ptr [rip + {p3}]",
            "sbb {h}, 0",
            "cmovc {l}, {t4}",
            "cmovc {t0}, {t5}",
            "cmovc {t1}, {t6}",
            "cmovc {t2}, {t7}",
            a = in(reg) a.as_ptr(),
            p1 = sym P1,
            p3 = sym P3,
            t0 = out(reg) o1,
            t1 = out(reg) o2,
            t2 = out(reg) o3,
            t3 = out(reg) _,
            t4 = out(reg) _,
            t5 = out(reg) _,
            t6 = out(reg) _,
            t7 = out(reg) _,
            h = out(reg) _,
            l = out(reg) o0,
            out("rdx") _,
            options(pure, readonly, nostack),
        );
    }
    [o0, o1, o2, o3]
}
