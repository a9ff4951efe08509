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
//! The group orders, and P-384's prime, have no form to exploit so
//! cheaply: [`mont4`] and [`mont6`] write a generic CIOS for them (the
//! multiplier `m = t0 n0` by IMUL, `m p` through the same two carry
//! chains), with the modulus and `n0` read from statics.
//!
//! Constant time: straight-line code, no branch or index depends on the
//! operands.

/// `p[1]` of P-256.
static P1: u64 = 0x0000_0000_ffff_ffff;
/// `p[3]` of P-256, `2^64 - 2^32 + 1`.
static P3: u64 = 0xffff_ffff_0000_0001;

/// `a + b mod p` of P-256 elements below `p`: the sum with its carry,
/// `p` subtracted, and the sum kept by CMOV where that borrowed.
///
/// # Safety
/// None beyond x86-64 (no BMI2 or ADX instruction); `unsafe` as the other
/// kernels of this file.
#[inline(always)]
pub(crate) unsafe fn add(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    let (t0, t1, t2, t3): (u64, u64, u64, u64);
    // SAFETY: reads 4 limbs through `b` (a reference to `[u64; 4]`) and
    // the two statics; writes only its register operands.
    unsafe {
        core::arch::asm!(
            "xor {c:e}, {c:e}",
            "add {r0}, qword ptr [{b}]",
            "adc {r1}, qword ptr [{b} + 8]",
            "adc {r2}, qword ptr [{b} + 16]",
            "adc {r3}, qword ptr [{b} + 24]",
            "adc {c}, 0",
            "mov {t0}, {r0}",
            "mov {t1}, {r1}",
            "mov {t2}, {r2}",
            "mov {t3}, {r3}",
            // - p: p[0] = 2^64 - 1, p[2] = 0
            "sub {t0}, -1",
            "sbb {t1}, qword ptr [rip + {p1}]",
            "sbb {t2}, 0",
            "sbb {t3}, qword ptr [rip + {p3}]",
            "sbb {c}, 0",
            // borrowed: the sum was below p
            "cmovc {t0}, {r0}",
            "cmovc {t1}, {r1}",
            "cmovc {t2}, {r2}",
            "cmovc {t3}, {r3}",
            b = in(reg) b,
            p1 = sym P1,
            p3 = sym P3,
            r0 = inout(reg) a[0] => _,
            r1 = inout(reg) a[1] => _,
            r2 = inout(reg) a[2] => _,
            r3 = inout(reg) a[3] => _,
            t0 = out(reg) t0,
            t1 = out(reg) t1,
            t2 = out(reg) t2,
            t3 = out(reg) t3,
            c = out(reg) _,
            options(pure, readonly, nostack),
        );
    }
    [t0, t1, t2, t3]
}

/// `a - b mod p` of P-256 elements below `p`: the difference, and `p`
/// added back under the mask of its borrow.
///
/// # Safety
/// As [`add`].
#[inline(always)]
pub(crate) unsafe fn sub(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    let [mut r0, mut r1, mut r2, mut r3] = *a;
    // SAFETY: reads 4 limbs through `b` (a reference to `[u64; 4]`) and
    // the static; writes only its register operands.
    unsafe {
        core::arch::asm!(
            "sub {r0}, qword ptr [{b}]",
            "sbb {r1}, qword ptr [{b} + 8]",
            "sbb {r2}, qword ptr [{b} + 16]",
            "sbb {r3}, qword ptr [{b} + 24]",
            // m = all ones where it borrowed; + (p & m)
            "sbb {m}, {m}",
            "mov {t1:e}, {m:e}",
            "mov {t3}, {m}",
            "and {t3}, qword ptr [rip + {p3}]",
            "add {r0}, {m}",
            "adc {r1}, {t1}",
            "adc {r2}, 0",
            "adc {r3}, {t3}",
            b = in(reg) b,
            p3 = sym P3,
            r0 = inout(reg) r0,
            r1 = inout(reg) r1,
            r2 = inout(reg) r2,
            r3 = inout(reg) r3,
            m = out(reg) _,
            t1 = out(reg) _,
            t3 = out(reg) _,
            options(pure, readonly, nostack),
        );
    }
    [r0, r1, r2, r3]
}

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

/// Montgomery multiplication modulo any odd 4-limb modulus (the group
/// order of P-256): CIOS, each row's product and reduction through
/// ADCX/ADOX chains, `m = t0 n0 mod 2^64` by IMUL; the modulus and `n0`
/// come from statics. Defines `unsafe fn $name(a, b) -> [u64; 4]`.
macro_rules! mont4 {
    ($(#[$doc:meta])* $name:ident, $p:path, $n0:path) => {
        $(#[$doc])*
        ///
        /// # Safety
        /// The CPU must have BMI2 and ADX; `a` and `b` below the modulus.
        #[inline(always)]
        pub(crate) unsafe fn $name(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
            let (o0, o1, o2, o3): (u64, u64, u64, u64);
            // SAFETY: reads 4 limbs through each of `a` and `b` and the
            // statics; writes only its register operands; the caller
            // guarantees BMI2 and ADX.
            unsafe {
                core::arch::asm!(
                    // row 0: t += a[0] b
                    "mov rdx, qword ptr [{a} + 0]",
                    "xor {h:e}, {h:e}",
                    "mov {t5}, 0",
                    "mulx {h}, {l}, qword ptr [{b} + 0]",
                    "adox {t0}, {l}",
                    "adcx {t1}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 8]",
                    "adox {t1}, {l}",
                    "adcx {t2}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 16]",
                    "adox {t2}, {l}",
                    "adcx {t3}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 24]",
                    "adox {t3}, {l}",
                    "adcx {t4}, {h}",
                    "mov {l}, 0",
                    "adox {t4}, {l}",
                    "adcx {t5}, {l}",
                    "adox {t5}, {l}",
                    // t += m p with m = t0 n0 mod 2^64 (t0 becomes 0), shifted one limb
                    "mov rdx, {t0}",
                    "imul rdx, qword ptr [rip + {n0}]",
                    "xor {h:e}, {h:e}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 0]",
                    "adox {t0}, {l}",
                    "adcx {t1}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 8]",
                    "adox {t1}, {l}",
                    "adcx {t2}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 16]",
                    "adox {t2}, {l}",
                    "adcx {t3}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 24]",
                    "adox {t3}, {l}",
                    "adcx {t4}, {h}",
                    "mov {l}, 0",
                    "adox {t4}, {l}",
                    "adcx {t5}, {l}",
                    "adox {t5}, {l}",
                    // row 1: t += a[1] b
                    "mov rdx, qword ptr [{a} + 8]",
                    "xor {h:e}, {h:e}",
                    "mov {t0}, 0",
                    "mulx {h}, {l}, qword ptr [{b} + 0]",
                    "adox {t1}, {l}",
                    "adcx {t2}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 8]",
                    "adox {t2}, {l}",
                    "adcx {t3}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 16]",
                    "adox {t3}, {l}",
                    "adcx {t4}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 24]",
                    "adox {t4}, {l}",
                    "adcx {t5}, {h}",
                    "mov {l}, 0",
                    "adox {t5}, {l}",
                    "adcx {t0}, {l}",
                    "adox {t0}, {l}",
                    // t += m p with m = t0 n0 mod 2^64 (t0 becomes 0), shifted one limb
                    "mov rdx, {t1}",
                    "imul rdx, qword ptr [rip + {n0}]",
                    "xor {h:e}, {h:e}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 0]",
                    "adox {t1}, {l}",
                    "adcx {t2}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 8]",
                    "adox {t2}, {l}",
                    "adcx {t3}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 16]",
                    "adox {t3}, {l}",
                    "adcx {t4}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 24]",
                    "adox {t4}, {l}",
                    "adcx {t5}, {h}",
                    "mov {l}, 0",
                    "adox {t5}, {l}",
                    "adcx {t0}, {l}",
                    "adox {t0}, {l}",
                    // row 2: t += a[2] b
                    "mov rdx, qword ptr [{a} + 16]",
                    "xor {h:e}, {h:e}",
                    "mov {t1}, 0",
                    "mulx {h}, {l}, qword ptr [{b} + 0]",
                    "adox {t2}, {l}",
                    "adcx {t3}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 8]",
                    "adox {t3}, {l}",
                    "adcx {t4}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 16]",
                    "adox {t4}, {l}",
                    "adcx {t5}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 24]",
                    "adox {t5}, {l}",
                    "adcx {t0}, {h}",
                    "mov {l}, 0",
                    "adox {t0}, {l}",
                    "adcx {t1}, {l}",
                    "adox {t1}, {l}",
                    // t += m p with m = t0 n0 mod 2^64 (t0 becomes 0), shifted one limb
                    "mov rdx, {t2}",
                    "imul rdx, qword ptr [rip + {n0}]",
                    "xor {h:e}, {h:e}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 0]",
                    "adox {t2}, {l}",
                    "adcx {t3}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 8]",
                    "adox {t3}, {l}",
                    "adcx {t4}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 16]",
                    "adox {t4}, {l}",
                    "adcx {t5}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 24]",
                    "adox {t5}, {l}",
                    "adcx {t0}, {h}",
                    "mov {l}, 0",
                    "adox {t0}, {l}",
                    "adcx {t1}, {l}",
                    "adox {t1}, {l}",
                    // row 3: t += a[3] b
                    "mov rdx, qword ptr [{a} + 24]",
                    "xor {h:e}, {h:e}",
                    "mov {t2}, 0",
                    "mulx {h}, {l}, qword ptr [{b} + 0]",
                    "adox {t3}, {l}",
                    "adcx {t4}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 8]",
                    "adox {t4}, {l}",
                    "adcx {t5}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 16]",
                    "adox {t5}, {l}",
                    "adcx {t0}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 24]",
                    "adox {t0}, {l}",
                    "adcx {t1}, {h}",
                    "mov {l}, 0",
                    "adox {t1}, {l}",
                    "adcx {t2}, {l}",
                    "adox {t2}, {l}",
                    // t += m p with m = t0 n0 mod 2^64 (t0 becomes 0), shifted one limb
                    "mov rdx, {t3}",
                    "imul rdx, qword ptr [rip + {n0}]",
                    "xor {h:e}, {h:e}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 0]",
                    "adox {t3}, {l}",
                    "adcx {t4}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 8]",
                    "adox {t4}, {l}",
                    "adcx {t5}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 16]",
                    "adox {t5}, {l}",
                    "adcx {t0}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 24]",
                    "adox {t0}, {l}",
                    "adcx {t1}, {h}",
                    "mov {l}, 0",
                    "adox {t1}, {l}",
                    "adcx {t2}, {l}",
                    "adox {t2}, {l}",
                    // the result is below 2p: subtract p unless that borrows
                    "mov {t3}, {t4}",
                    "sub {t3}, qword ptr [rip + {p} + 0]",
                    "mov {h}, {t5}",
                    "sbb {h}, qword ptr [rip + {p} + 8]",
                    "mov {l}, {t0}",
                    "sbb {l}, qword ptr [rip + {p} + 16]",
                    "mov rdx, {t1}",
                    "sbb rdx, qword ptr [rip + {p} + 24]",
                    "sbb {t2}, 0",
                    "cmovc {t3}, {t4}",
                    "cmovc {h}, {t5}",
                    "cmovc {l}, {t0}",
                    "cmovc rdx, {t1}",
                    a = in(reg) a.as_ptr(),
                    b = in(reg) b.as_ptr(),
                    p = sym $p,
                    n0 = sym $n0,
                    t0 = inout(reg) 0u64 => _,
                    t1 = inout(reg) 0u64 => _,
                    t2 = inout(reg) 0u64 => _,
                    t3 = inout(reg) 0u64 => o0,
                    t4 = inout(reg) 0u64 => _,
                    t5 = out(reg) _,
                    h = out(reg) o1,
                    l = out(reg) o2,
                    out("rdx") o3,
                    options(pure, readonly, nostack),
                );
            }
            [o0, o1, o2, o3]
        }
    };
}

/// As [`mont4`], for 6-limb moduli (P-384's field and group order).
macro_rules! mont6 {
    ($(#[$doc:meta])* $name:ident, $p:path, $n0:path) => {
        $(#[$doc])*
        ///
        /// # Safety
        /// The CPU must have BMI2 and ADX; `a` and `b` below the modulus.
        #[inline(always)]
        pub(crate) unsafe fn $name(a: &[u64; 6], b: &[u64; 6]) -> [u64; 6] {
            let (o0, o1, o2, o3, o4, o5): (u64, u64, u64, u64, u64, u64);
            // SAFETY: as in `mont4`.
            unsafe {
                core::arch::asm!(
                    // row 0: t += a[0] b
                    "mov rdx, qword ptr [{a} + 0]",
                    "xor {h:e}, {h:e}",
                    "mov {t7}, 0",
                    "mulx {h}, {l}, qword ptr [{b} + 0]",
                    "adox {t0}, {l}",
                    "adcx {t1}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 8]",
                    "adox {t1}, {l}",
                    "adcx {t2}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 16]",
                    "adox {t2}, {l}",
                    "adcx {t3}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 24]",
                    "adox {t3}, {l}",
                    "adcx {t4}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 32]",
                    "adox {t4}, {l}",
                    "adcx {t5}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 40]",
                    "adox {t5}, {l}",
                    "adcx {t6}, {h}",
                    "mov {l}, 0",
                    "adox {t6}, {l}",
                    "adcx {t7}, {l}",
                    "adox {t7}, {l}",
                    // t += m p with m = t0 n0 mod 2^64 (t0 becomes 0), shifted one limb
                    "mov rdx, {t0}",
                    "imul rdx, qword ptr [rip + {n0}]",
                    "xor {h:e}, {h:e}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 0]",
                    "adox {t0}, {l}",
                    "adcx {t1}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 8]",
                    "adox {t1}, {l}",
                    "adcx {t2}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 16]",
                    "adox {t2}, {l}",
                    "adcx {t3}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 24]",
                    "adox {t3}, {l}",
                    "adcx {t4}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 32]",
                    "adox {t4}, {l}",
                    "adcx {t5}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 40]",
                    "adox {t5}, {l}",
                    "adcx {t6}, {h}",
                    "mov {l}, 0",
                    "adox {t6}, {l}",
                    "adcx {t7}, {l}",
                    "adox {t7}, {l}",
                    // row 1: t += a[1] b
                    "mov rdx, qword ptr [{a} + 8]",
                    "xor {h:e}, {h:e}",
                    "mov {t0}, 0",
                    "mulx {h}, {l}, qword ptr [{b} + 0]",
                    "adox {t1}, {l}",
                    "adcx {t2}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 8]",
                    "adox {t2}, {l}",
                    "adcx {t3}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 16]",
                    "adox {t3}, {l}",
                    "adcx {t4}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 24]",
                    "adox {t4}, {l}",
                    "adcx {t5}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 32]",
                    "adox {t5}, {l}",
                    "adcx {t6}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 40]",
                    "adox {t6}, {l}",
                    "adcx {t7}, {h}",
                    "mov {l}, 0",
                    "adox {t7}, {l}",
                    "adcx {t0}, {l}",
                    "adox {t0}, {l}",
                    // t += m p with m = t0 n0 mod 2^64 (t0 becomes 0), shifted one limb
                    "mov rdx, {t1}",
                    "imul rdx, qword ptr [rip + {n0}]",
                    "xor {h:e}, {h:e}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 0]",
                    "adox {t1}, {l}",
                    "adcx {t2}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 8]",
                    "adox {t2}, {l}",
                    "adcx {t3}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 16]",
                    "adox {t3}, {l}",
                    "adcx {t4}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 24]",
                    "adox {t4}, {l}",
                    "adcx {t5}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 32]",
                    "adox {t5}, {l}",
                    "adcx {t6}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 40]",
                    "adox {t6}, {l}",
                    "adcx {t7}, {h}",
                    "mov {l}, 0",
                    "adox {t7}, {l}",
                    "adcx {t0}, {l}",
                    "adox {t0}, {l}",
                    // row 2: t += a[2] b
                    "mov rdx, qword ptr [{a} + 16]",
                    "xor {h:e}, {h:e}",
                    "mov {t1}, 0",
                    "mulx {h}, {l}, qword ptr [{b} + 0]",
                    "adox {t2}, {l}",
                    "adcx {t3}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 8]",
                    "adox {t3}, {l}",
                    "adcx {t4}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 16]",
                    "adox {t4}, {l}",
                    "adcx {t5}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 24]",
                    "adox {t5}, {l}",
                    "adcx {t6}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 32]",
                    "adox {t6}, {l}",
                    "adcx {t7}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 40]",
                    "adox {t7}, {l}",
                    "adcx {t0}, {h}",
                    "mov {l}, 0",
                    "adox {t0}, {l}",
                    "adcx {t1}, {l}",
                    "adox {t1}, {l}",
                    // t += m p with m = t0 n0 mod 2^64 (t0 becomes 0), shifted one limb
                    "mov rdx, {t2}",
                    "imul rdx, qword ptr [rip + {n0}]",
                    "xor {h:e}, {h:e}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 0]",
                    "adox {t2}, {l}",
                    "adcx {t3}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 8]",
                    "adox {t3}, {l}",
                    "adcx {t4}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 16]",
                    "adox {t4}, {l}",
                    "adcx {t5}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 24]",
                    "adox {t5}, {l}",
                    "adcx {t6}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 32]",
                    "adox {t6}, {l}",
                    "adcx {t7}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 40]",
                    "adox {t7}, {l}",
                    "adcx {t0}, {h}",
                    "mov {l}, 0",
                    "adox {t0}, {l}",
                    "adcx {t1}, {l}",
                    "adox {t1}, {l}",
                    // row 3: t += a[3] b
                    "mov rdx, qword ptr [{a} + 24]",
                    "xor {h:e}, {h:e}",
                    "mov {t2}, 0",
                    "mulx {h}, {l}, qword ptr [{b} + 0]",
                    "adox {t3}, {l}",
                    "adcx {t4}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 8]",
                    "adox {t4}, {l}",
                    "adcx {t5}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 16]",
                    "adox {t5}, {l}",
                    "adcx {t6}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 24]",
                    "adox {t6}, {l}",
                    "adcx {t7}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 32]",
                    "adox {t7}, {l}",
                    "adcx {t0}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 40]",
                    "adox {t0}, {l}",
                    "adcx {t1}, {h}",
                    "mov {l}, 0",
                    "adox {t1}, {l}",
                    "adcx {t2}, {l}",
                    "adox {t2}, {l}",
                    // t += m p with m = t0 n0 mod 2^64 (t0 becomes 0), shifted one limb
                    "mov rdx, {t3}",
                    "imul rdx, qword ptr [rip + {n0}]",
                    "xor {h:e}, {h:e}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 0]",
                    "adox {t3}, {l}",
                    "adcx {t4}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 8]",
                    "adox {t4}, {l}",
                    "adcx {t5}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 16]",
                    "adox {t5}, {l}",
                    "adcx {t6}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 24]",
                    "adox {t6}, {l}",
                    "adcx {t7}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 32]",
                    "adox {t7}, {l}",
                    "adcx {t0}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 40]",
                    "adox {t0}, {l}",
                    "adcx {t1}, {h}",
                    "mov {l}, 0",
                    "adox {t1}, {l}",
                    "adcx {t2}, {l}",
                    "adox {t2}, {l}",
                    // row 4: t += a[4] b
                    "mov rdx, qword ptr [{a} + 32]",
                    "xor {h:e}, {h:e}",
                    "mov {t3}, 0",
                    "mulx {h}, {l}, qword ptr [{b} + 0]",
                    "adox {t4}, {l}",
                    "adcx {t5}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 8]",
                    "adox {t5}, {l}",
                    "adcx {t6}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 16]",
                    "adox {t6}, {l}",
                    "adcx {t7}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 24]",
                    "adox {t7}, {l}",
                    "adcx {t0}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 32]",
                    "adox {t0}, {l}",
                    "adcx {t1}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 40]",
                    "adox {t1}, {l}",
                    "adcx {t2}, {h}",
                    "mov {l}, 0",
                    "adox {t2}, {l}",
                    "adcx {t3}, {l}",
                    "adox {t3}, {l}",
                    // t += m p with m = t0 n0 mod 2^64 (t0 becomes 0), shifted one limb
                    "mov rdx, {t4}",
                    "imul rdx, qword ptr [rip + {n0}]",
                    "xor {h:e}, {h:e}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 0]",
                    "adox {t4}, {l}",
                    "adcx {t5}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 8]",
                    "adox {t5}, {l}",
                    "adcx {t6}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 16]",
                    "adox {t6}, {l}",
                    "adcx {t7}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 24]",
                    "adox {t7}, {l}",
                    "adcx {t0}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 32]",
                    "adox {t0}, {l}",
                    "adcx {t1}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 40]",
                    "adox {t1}, {l}",
                    "adcx {t2}, {h}",
                    "mov {l}, 0",
                    "adox {t2}, {l}",
                    "adcx {t3}, {l}",
                    "adox {t3}, {l}",
                    // row 5: t += a[5] b
                    "mov rdx, qword ptr [{a} + 40]",
                    "xor {h:e}, {h:e}",
                    "mov {t4}, 0",
                    "mulx {h}, {l}, qword ptr [{b} + 0]",
                    "adox {t5}, {l}",
                    "adcx {t6}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 8]",
                    "adox {t6}, {l}",
                    "adcx {t7}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 16]",
                    "adox {t7}, {l}",
                    "adcx {t0}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 24]",
                    "adox {t0}, {l}",
                    "adcx {t1}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 32]",
                    "adox {t1}, {l}",
                    "adcx {t2}, {h}",
                    "mulx {h}, {l}, qword ptr [{b} + 40]",
                    "adox {t2}, {l}",
                    "adcx {t3}, {h}",
                    "mov {l}, 0",
                    "adox {t3}, {l}",
                    "adcx {t4}, {l}",
                    "adox {t4}, {l}",
                    // t += m p with m = t0 n0 mod 2^64 (t0 becomes 0), shifted one limb
                    "mov rdx, {t5}",
                    "imul rdx, qword ptr [rip + {n0}]",
                    "xor {h:e}, {h:e}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 0]",
                    "adox {t5}, {l}",
                    "adcx {t6}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 8]",
                    "adox {t6}, {l}",
                    "adcx {t7}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 16]",
                    "adox {t7}, {l}",
                    "adcx {t0}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 24]",
                    "adox {t0}, {l}",
                    "adcx {t1}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 32]",
                    "adox {t1}, {l}",
                    "adcx {t2}, {h}",
                    "mulx {h}, {l}, qword ptr [rip + {p} + 40]",
                    "adox {t2}, {l}",
                    "adcx {t3}, {h}",
                    "mov {l}, 0",
                    "adox {t3}, {l}",
                    "adcx {t4}, {l}",
                    "adox {t4}, {l}",
                    // the result is below 2p: subtract p unless that borrows
                    "mov {t5}, {t6}",
                    "sub {t5}, qword ptr [rip + {p} + 0]",
                    "mov {h}, {t7}",
                    "sbb {h}, qword ptr [rip + {p} + 8]",
                    "mov {l}, {t0}",
                    "sbb {l}, qword ptr [rip + {p} + 16]",
                    "mov rdx, {t1}",
                    "sbb rdx, qword ptr [rip + {p} + 24]",
                    "mov {a}, {t2}",
                    "sbb {a}, qword ptr [rip + {p} + 32]",
                    "mov {b}, {t3}",
                    "sbb {b}, qword ptr [rip + {p} + 40]",
                    "sbb {t4}, 0",
                    "cmovc {t5}, {t6}",
                    "cmovc {h}, {t7}",
                    "cmovc {l}, {t0}",
                    "cmovc rdx, {t1}",
                    "cmovc {a}, {t2}",
                    "cmovc {b}, {t3}",
                    a = inout(reg) a.as_ptr() => o4,
                    b = inout(reg) b.as_ptr() => o5,
                    p = sym $p,
                    n0 = sym $n0,
                    t0 = inout(reg) 0u64 => _,
                    t1 = inout(reg) 0u64 => _,
                    t2 = inout(reg) 0u64 => _,
                    t3 = inout(reg) 0u64 => _,
                    t4 = inout(reg) 0u64 => _,
                    t5 = inout(reg) 0u64 => o0,
                    t6 = inout(reg) 0u64 => _,
                    t7 = out(reg) _,
                    h = out(reg) o1,
                    l = out(reg) o2,
                    out("rdx") o3,
                    options(pure, readonly, nostack),
                );
            }
            [o0, o1, o2, o3, o4, o5]
        }
    };
}

use super::field::Modulus;

/// The group order of P-256, for [`mul_n256`].
static N256: [u64; 4] = <super::c256::moduli::N as Modulus<4>>::P;
/// `-n^-1 mod 2^64` of P-256's order.
static N256_N0: u64 = <super::c256::moduli::N as Modulus<4>>::N0;
/// P-384's prime.
static P384: [u64; 6] = <super::c384::moduli::P as Modulus<6>>::P;
/// The group order of P-384.
static N384: [u64; 6] = <super::c384::moduli::N as Modulus<6>>::P;
/// `-n^-1 mod 2^64` of P-384's order.
static N384_N0: u64 = <super::c384::moduli::N as Modulus<6>>::N0;

mont4!(
    /// Montgomery product modulo P-256's group order.
    mul_n256, N256, N256_N0
);
mont6!(
    /// Montgomery product modulo P-384's group order.
    mul_n384, N384, N384_N0
);

/// The Montgomery product `a b / 2^384 mod p` modulo P-384's prime:
/// the rows of `mont6`, with the reduction through the form of
/// `p = 2^384 - 2^128 - 2^96 + 2^32 - 1`: `-p^-1 = 2^32 + 1 mod 2^64`, so
/// the multiplier is a shift and an add, and `m p = m 2^384 - m c` for
/// the 129-bit `c` takes two MULX instead of six.
///
/// # Safety
/// The CPU must have BMI2 and ADX; `a` and `b` below the modulus.
#[inline(always)]
pub(crate) unsafe fn mul_p384(a: &[u64; 6], b: &[u64; 6]) -> [u64; 6] {
    let (o0, o1, o2, o3, o4, o5): (u64, u64, u64, u64, u64, u64);
    // SAFETY: reads 6 limbs through each of `a` and `b` (references to
    // `[u64; 6]`) and the statics; writes only its register operands; the
    // caller guarantees BMI2 and ADX.
    unsafe {
        core::arch::asm!(
            // row 0: t += a[0] b
            "mov rdx, qword ptr [{a} + 0]",
            "xor {h:e}, {h:e}",
            "mov {t7}, 0",
            "mulx {h}, {l}, qword ptr [{b} + 0]",
            "adox {t0}, {l}",
            "adcx {t1}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 8]",
            "adox {t1}, {l}",
            "adcx {t2}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 16]",
            "adox {t2}, {l}",
            "adcx {t3}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 24]",
            "adox {t3}, {l}",
            "adcx {t4}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 32]",
            "adox {t4}, {l}",
            "adcx {t5}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 40]",
            "adox {t5}, {l}",
            "adcx {t6}, {h}",
            "mov {l}, 0",
            "adox {t6}, {l}",
            "adcx {t7}, {l}",
            "adox {t7}, {l}",
            // t += m p, m = t0 (2^32 + 1) mod 2^64 (t0 becomes 0), shifted one
            // limb: p = 2^384 - c, c = 2^128 + 2^96 - 2^32 + 1, so + m 2^384 and
            // - m c, m c = m c0 + m c1 2^64 + m 2^128 by two MULX
            "mov rdx, {t0}",
            "shl {t0}, 32",
            "add rdx, {t0}",
            "mulx {h}, {t0}, qword ptr [rip + {c0}]",
            "mulx {l}, {t0}, qword ptr [rip + {c1}]",
            "add {h}, {t0}",
            "adc {l}, rdx",
            "mov {t0:e}, 0",
            "adc {t0}, 0",
            "add {t6}, rdx",
            "adc {t7}, 0",
            "sub {t1}, {h}",
            "sbb {t2}, {l}",
            "sbb {t3}, {t0}",
            "sbb {t4}, 0",
            "sbb {t5}, 0",
            "sbb {t6}, 0",
            "sbb {t7}, 0",
            // row 1: t += a[1] b
            "mov rdx, qword ptr [{a} + 8]",
            "xor {h:e}, {h:e}",
            "mov {t0}, 0",
            "mulx {h}, {l}, qword ptr [{b} + 0]",
            "adox {t1}, {l}",
            "adcx {t2}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 8]",
            "adox {t2}, {l}",
            "adcx {t3}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 16]",
            "adox {t3}, {l}",
            "adcx {t4}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 24]",
            "adox {t4}, {l}",
            "adcx {t5}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 32]",
            "adox {t5}, {l}",
            "adcx {t6}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 40]",
            "adox {t6}, {l}",
            "adcx {t7}, {h}",
            "mov {l}, 0",
            "adox {t7}, {l}",
            "adcx {t0}, {l}",
            "adox {t0}, {l}",
            // t += m p, m = t0 (2^32 + 1) mod 2^64 (t0 becomes 0), shifted one
            // limb: p = 2^384 - c, c = 2^128 + 2^96 - 2^32 + 1, so + m 2^384 and
            // - m c, m c = m c0 + m c1 2^64 + m 2^128 by two MULX
            "mov rdx, {t1}",
            "shl {t1}, 32",
            "add rdx, {t1}",
            "mulx {h}, {t1}, qword ptr [rip + {c0}]",
            "mulx {l}, {t1}, qword ptr [rip + {c1}]",
            "add {h}, {t1}",
            "adc {l}, rdx",
            "mov {t1:e}, 0",
            "adc {t1}, 0",
            "add {t7}, rdx",
            "adc {t0}, 0",
            "sub {t2}, {h}",
            "sbb {t3}, {l}",
            "sbb {t4}, {t1}",
            "sbb {t5}, 0",
            "sbb {t6}, 0",
            "sbb {t7}, 0",
            "sbb {t0}, 0",
            // row 2: t += a[2] b
            "mov rdx, qword ptr [{a} + 16]",
            "xor {h:e}, {h:e}",
            "mov {t1}, 0",
            "mulx {h}, {l}, qword ptr [{b} + 0]",
            "adox {t2}, {l}",
            "adcx {t3}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 8]",
            "adox {t3}, {l}",
            "adcx {t4}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 16]",
            "adox {t4}, {l}",
            "adcx {t5}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 24]",
            "adox {t5}, {l}",
            "adcx {t6}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 32]",
            "adox {t6}, {l}",
            "adcx {t7}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 40]",
            "adox {t7}, {l}",
            "adcx {t0}, {h}",
            "mov {l}, 0",
            "adox {t0}, {l}",
            "adcx {t1}, {l}",
            "adox {t1}, {l}",
            // t += m p, m = t0 (2^32 + 1) mod 2^64 (t0 becomes 0), shifted one
            // limb: p = 2^384 - c, c = 2^128 + 2^96 - 2^32 + 1, so + m 2^384 and
            // - m c, m c = m c0 + m c1 2^64 + m 2^128 by two MULX
            "mov rdx, {t2}",
            "shl {t2}, 32",
            "add rdx, {t2}",
            "mulx {h}, {t2}, qword ptr [rip + {c0}]",
            "mulx {l}, {t2}, qword ptr [rip + {c1}]",
            "add {h}, {t2}",
            "adc {l}, rdx",
            "mov {t2:e}, 0",
            "adc {t2}, 0",
            "add {t0}, rdx",
            "adc {t1}, 0",
            "sub {t3}, {h}",
            "sbb {t4}, {l}",
            "sbb {t5}, {t2}",
            "sbb {t6}, 0",
            "sbb {t7}, 0",
            "sbb {t0}, 0",
            "sbb {t1}, 0",
            // row 3: t += a[3] b
            "mov rdx, qword ptr [{a} + 24]",
            "xor {h:e}, {h:e}",
            "mov {t2}, 0",
            "mulx {h}, {l}, qword ptr [{b} + 0]",
            "adox {t3}, {l}",
            "adcx {t4}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 8]",
            "adox {t4}, {l}",
            "adcx {t5}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 16]",
            "adox {t5}, {l}",
            "adcx {t6}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 24]",
            "adox {t6}, {l}",
            "adcx {t7}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 32]",
            "adox {t7}, {l}",
            "adcx {t0}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 40]",
            "adox {t0}, {l}",
            "adcx {t1}, {h}",
            "mov {l}, 0",
            "adox {t1}, {l}",
            "adcx {t2}, {l}",
            "adox {t2}, {l}",
            // t += m p, m = t0 (2^32 + 1) mod 2^64 (t0 becomes 0), shifted one
            // limb: p = 2^384 - c, c = 2^128 + 2^96 - 2^32 + 1, so + m 2^384 and
            // - m c, m c = m c0 + m c1 2^64 + m 2^128 by two MULX
            "mov rdx, {t3}",
            "shl {t3}, 32",
            "add rdx, {t3}",
            "mulx {h}, {t3}, qword ptr [rip + {c0}]",
            "mulx {l}, {t3}, qword ptr [rip + {c1}]",
            "add {h}, {t3}",
            "adc {l}, rdx",
            "mov {t3:e}, 0",
            "adc {t3}, 0",
            "add {t1}, rdx",
            "adc {t2}, 0",
            "sub {t4}, {h}",
            "sbb {t5}, {l}",
            "sbb {t6}, {t3}",
            "sbb {t7}, 0",
            "sbb {t0}, 0",
            "sbb {t1}, 0",
            "sbb {t2}, 0",
            // row 4: t += a[4] b
            "mov rdx, qword ptr [{a} + 32]",
            "xor {h:e}, {h:e}",
            "mov {t3}, 0",
            "mulx {h}, {l}, qword ptr [{b} + 0]",
            "adox {t4}, {l}",
            "adcx {t5}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 8]",
            "adox {t5}, {l}",
            "adcx {t6}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 16]",
            "adox {t6}, {l}",
            "adcx {t7}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 24]",
            "adox {t7}, {l}",
            "adcx {t0}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 32]",
            "adox {t0}, {l}",
            "adcx {t1}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 40]",
            "adox {t1}, {l}",
            "adcx {t2}, {h}",
            "mov {l}, 0",
            "adox {t2}, {l}",
            "adcx {t3}, {l}",
            "adox {t3}, {l}",
            // t += m p, m = t0 (2^32 + 1) mod 2^64 (t0 becomes 0), shifted one
            // limb: p = 2^384 - c, c = 2^128 + 2^96 - 2^32 + 1, so + m 2^384 and
            // - m c, m c = m c0 + m c1 2^64 + m 2^128 by two MULX
            "mov rdx, {t4}",
            "shl {t4}, 32",
            "add rdx, {t4}",
            "mulx {h}, {t4}, qword ptr [rip + {c0}]",
            "mulx {l}, {t4}, qword ptr [rip + {c1}]",
            "add {h}, {t4}",
            "adc {l}, rdx",
            "mov {t4:e}, 0",
            "adc {t4}, 0",
            "add {t2}, rdx",
            "adc {t3}, 0",
            "sub {t5}, {h}",
            "sbb {t6}, {l}",
            "sbb {t7}, {t4}",
            "sbb {t0}, 0",
            "sbb {t1}, 0",
            "sbb {t2}, 0",
            "sbb {t3}, 0",
            // row 5: t += a[5] b
            "mov rdx, qword ptr [{a} + 40]",
            "xor {h:e}, {h:e}",
            "mov {t4}, 0",
            "mulx {h}, {l}, qword ptr [{b} + 0]",
            "adox {t5}, {l}",
            "adcx {t6}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 8]",
            "adox {t6}, {l}",
            "adcx {t7}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 16]",
            "adox {t7}, {l}",
            "adcx {t0}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 24]",
            "adox {t0}, {l}",
            "adcx {t1}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 32]",
            "adox {t1}, {l}",
            "adcx {t2}, {h}",
            "mulx {h}, {l}, qword ptr [{b} + 40]",
            "adox {t2}, {l}",
            "adcx {t3}, {h}",
            "mov {l}, 0",
            "adox {t3}, {l}",
            "adcx {t4}, {l}",
            "adox {t4}, {l}",
            // t += m p, m = t0 (2^32 + 1) mod 2^64 (t0 becomes 0), shifted one
            // limb: p = 2^384 - c, c = 2^128 + 2^96 - 2^32 + 1, so + m 2^384 and
            // - m c, m c = m c0 + m c1 2^64 + m 2^128 by two MULX
            "mov rdx, {t5}",
            "shl {t5}, 32",
            "add rdx, {t5}",
            "mulx {h}, {t5}, qword ptr [rip + {c0}]",
            "mulx {l}, {t5}, qword ptr [rip + {c1}]",
            "add {h}, {t5}",
            "adc {l}, rdx",
            "mov {t5:e}, 0",
            "adc {t5}, 0",
            "add {t3}, rdx",
            "adc {t4}, 0",
            "sub {t6}, {h}",
            "sbb {t7}, {l}",
            "sbb {t0}, {t5}",
            "sbb {t1}, 0",
            "sbb {t2}, 0",
            "sbb {t3}, 0",
            "sbb {t4}, 0",
            // the result is below 2p: subtract p unless that borrows
            "mov {t5}, {t6}",
            "sub {t5}, qword ptr [rip + {p} + 0]",
            "mov {h}, {t7}",
            "sbb {h}, qword ptr [rip + {p} + 8]",
            "mov {l}, {t0}",
            "sbb {l}, qword ptr [rip + {p} + 16]",
            "mov rdx, {t1}",
            "sbb rdx, qword ptr [rip + {p} + 24]",
            "mov {a}, {t2}",
            "sbb {a}, qword ptr [rip + {p} + 32]",
            "mov {b}, {t3}",
            "sbb {b}, qword ptr [rip + {p} + 40]",
            "sbb {t4}, 0",
            "cmovc {t5}, {t6}",
            "cmovc {h}, {t7}",
            "cmovc {l}, {t0}",
            "cmovc rdx, {t1}",
            "cmovc {a}, {t2}",
            "cmovc {b}, {t3}",
            a = inout(reg) a.as_ptr() => o4,
            b = inout(reg) b.as_ptr() => o5,
            p = sym P384,
            c0 = sym C384_0,
            c1 = sym C384_1,
            t0 = inout(reg) 0u64 => _,
            t1 = inout(reg) 0u64 => _,
            t2 = inout(reg) 0u64 => _,
            t3 = inout(reg) 0u64 => _,
            t4 = inout(reg) 0u64 => _,
            t5 = inout(reg) 0u64 => o0,
            t6 = inout(reg) 0u64 => _,
            t7 = out(reg) _,
            h = out(reg) o1,
            l = out(reg) o2,
            out("rdx") o3,
            options(pure, readonly, nostack),
        );
    }
    [o0, o1, o2, o3, o4, o5]
}

/// `c = 2^384 - p` of P-384, limb 0 (`2^64 - 2^32 + 1`).
static C384_0: u64 = 0xffff_ffff_0000_0001;
/// Limb 1 of `c` (`2^32 - 1`); limb 2 is 1.
static C384_1: u64 = 0x0000_0000_ffff_ffff;

/// `p & m` added to `r0..r5` for P-384's prime and a mask `m` (all ones or
/// zero): `p = [2^32 - 1, 2^64 - 2^32, 2^64 - 2, 2^64 - 1, 2^64 - 1,
/// 2^64 - 1]`, the masked limbs made first (a shift would clobber the
/// carry).
macro_rules! add_p384_masked {
    () => {
        concat!(
            "mov {u0:e}, {m:e}\n",
            "mov {u1}, {m}\n",
            "shl {u1}, 32\n",
            "mov {u2}, {m}\n",
            "and {u2}, -2\n",
            "add {r0}, {u0}\n",
            "adc {r1}, {u1}\n",
            "adc {r2}, {u2}\n",
            "adc {r3}, {m}\n",
            "adc {r4}, {m}\n",
            "adc {r5}, {m}\n",
        )
    };
}

/// `a + b mod p` of P-384 elements below `p`: the sum minus `p` with the
/// sum's carry word, and `p` added back under the mask of the borrow.
///
/// # Safety
/// None beyond x86-64; `unsafe` as the other kernels of this file.
#[inline(always)]
pub(crate) unsafe fn add_p384(a: &[u64; 6], b: &[u64; 6]) -> [u64; 6] {
    let [mut r0, mut r1, mut r2, mut r3, mut r4, mut r5] = *a;
    // SAFETY: reads 6 limbs through `b` (a reference to `[u64; 6]`);
    // writes only its register operands.
    unsafe {
        core::arch::asm!(
            "xor {m:e}, {m:e}",
            "add {r0}, qword ptr [{b}]",
            "adc {r1}, qword ptr [{b} + 8]",
            "adc {r2}, qword ptr [{b} + 16]",
            "adc {r3}, qword ptr [{b} + 24]",
            "adc {r4}, qword ptr [{b} + 32]",
            "adc {r5}, qword ptr [{b} + 40]",
            "adc {m}, 0",
            // - p
            "mov {u0:e}, 0xffffffff",
            "sub {r0}, {u0}",
            "mov {u1}, 0xffffffff00000000",
            "sbb {r1}, {u1}",
            "sbb {r2}, -2",
            "sbb {r3}, -1",
            "sbb {r4}, -1",
            "sbb {r5}, -1",
            // m = all ones where (sum + carry word) - p borrowed
            "sbb {m}, 0",
            add_p384_masked!(),
            b = in(reg) b,
            r0 = inout(reg) r0,
            r1 = inout(reg) r1,
            r2 = inout(reg) r2,
            r3 = inout(reg) r3,
            r4 = inout(reg) r4,
            r5 = inout(reg) r5,
            m = out(reg) _,
            u0 = out(reg) _,
            u1 = out(reg) _,
            u2 = out(reg) _,
            options(pure, readonly, nostack),
        );
    }
    [r0, r1, r2, r3, r4, r5]
}

/// `a - b mod p` of P-384 elements below `p`: the difference, and `p`
/// added back under the mask of its borrow.
///
/// # Safety
/// As [`add_p384`].
#[inline(always)]
pub(crate) unsafe fn sub_p384(a: &[u64; 6], b: &[u64; 6]) -> [u64; 6] {
    let [mut r0, mut r1, mut r2, mut r3, mut r4, mut r5] = *a;
    // SAFETY: as in `add_p384`.
    unsafe {
        core::arch::asm!(
            "sub {r0}, qword ptr [{b}]",
            "sbb {r1}, qword ptr [{b} + 8]",
            "sbb {r2}, qword ptr [{b} + 16]",
            "sbb {r3}, qword ptr [{b} + 24]",
            "sbb {r4}, qword ptr [{b} + 32]",
            "sbb {r5}, qword ptr [{b} + 40]",
            "sbb {m}, {m}",
            add_p384_masked!(),
            b = in(reg) b,
            r0 = inout(reg) r0,
            r1 = inout(reg) r1,
            r2 = inout(reg) r2,
            r3 = inout(reg) r3,
            r4 = inout(reg) r4,
            r5 = inout(reg) r5,
            m = out(reg) _,
            u0 = out(reg) _,
            u1 = out(reg) _,
            u2 = out(reg) _,
            options(pure, readonly, nostack),
        );
    }
    [r0, r1, r2, r3, r4, r5]
}

/// `a^2` modulo P-384's prime.
///
/// # Safety
/// As [`mul_p384`].
#[inline(always)]
pub(crate) unsafe fn sqr_p384(a: &[u64; 6]) -> [u64; 6] {
    // SAFETY: the caller's guarantee, passed on.
    unsafe { mul_p384(a, a) }
}
