//! The P-256 and P-384 field kernels and both group orders' products on
//! x86-64 with BMI2 and ADX, inline `asm!`.
//!
//! Technique (the reduction as in Gueron and Krasnov's nistz256, written
//! here anew): Montgomery multiplication with `R = 2^256`. P-256's
//! product and square first form the whole 512-bit product (each row of
//! the product multiplies one limb of `a` by `b` with MULX; row 0 goes
//! into fresh registers by one ADD/ADC chain, later rows accumulate
//! through two independent carry chains, ADOX for the low halves, ADCX
//! for the high halves; the square adds its cross products, doubled, to
//! the squares of the limbs), then reduce its low half in four steps and
//! add the high half ([`p256_reduce`]). The reduction uses the form of
//! `p = 2^256 - 2^224 + 2^192 + 2^96 - 1`: `-p^-1 = 1 mod 2^64`, so the
//! multiplier `m` is the low limb itself, and `m p` adds `m 2^96` (two
//! shifts) and `m (2^64 - 2^32 + 1) 2^192` (one MULX), the `-m`
//! cancelling the low limb. A final masked subtraction (CMOV on the
//! borrow) leaves the result below `p`. Reducing after the product rather
//! than row by row (as the generic [`mont4`] does) takes the reduction off
//! the rows' dependency chain: each step waits only for one shift and add
//! of the step before (P-256 ECDH about 3% faster on a Zen 4, 1.5% fewer
//! instructions).
//!
//! The group orders have no form to exploit: [`mont4`] and [`mont6`]
//! write a generic CIOS for them (row 0 by one chain as above, the later
//! rows and each `m p`, the multiplier `m = t0 n0` by IMUL, through
//! ADOX/ADCX chains), with the modulus and `n0` read from statics. P-384's prime is a `mont6` with a reduction step
//! of its own form ([`mul_p384`]), and its square is a separate kernel
//! ([`sqr_p384`]: the whole square, then the reduction of its low half).
//!
//! P-256's `add` and `sub` take both operands in registers: their
//! operands are mostly results of the operation just before, and a pointer
//! operand makes the compiler store them and load them back, a
//! store-forwarding delay on the point doubling's critical path (in
//! registers: ECDH 6% faster, verification 9%, on a Zen 4). The
//! multiplications take their operands through pointers: with their
//! accumulators the 13 registers `asm!` may name are taken (one operand
//! in registers measured no faster), and P-384's square needs a
//! fourteenth, RBX, which it saves on the stack with its operand's limbs
//! and its high half (left there below RSP afterwards, as the compiler's
//! own spills are).
//!
//! P-384 also has the point doubling's three small linear combinations
//! (`12 a - 9 b`, `4 a - b`, `3 a - 8 b`, `lin_p384!`) as kernels of
//! their own: one pass of MULX by the small constants, then one reduction
//! of the seventh limb through the prime's form, instead of chains of
//! modular additions (1.6% fewer instructions per ECDH under qemu).
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
    // SAFETY: reads the two statics; writes only its register operands.
    // (`b` is passed in registers: a result of the previous operation
    // reaches this one without a store and a reload.)
    unsafe {
        core::arch::asm!(
            "xor {c:e}, {c:e}",
            "add {r0}, {b0}",
            "adc {r1}, {b1}",
            "adc {r2}, {b2}",
            "adc {r3}, {b3}",
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
            b0 = in(reg) b[0],
            b1 = in(reg) b[1],
            b2 = in(reg) b[2],
            b3 = in(reg) b[3],
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
    // SAFETY: reads the static; writes only its register operands (`b`
    // in registers, as in `add`).
    unsafe {
        core::arch::asm!(
            "sub {r0}, {b0}",
            "sbb {r1}, {b1}",
            "sbb {r2}, {b2}",
            "sbb {r3}, {b3}",
            // m = all ones where it borrowed; + (p & m)
            "sbb {m}, {m}",
            "mov {t1:e}, {m:e}",
            "mov {t3}, {m}",
            "and {t3}, qword ptr [rip + {p3}]",
            "add {r0}, {m}",
            "adc {r1}, {t1}",
            "adc {r2}, 0",
            "adc {r3}, {t3}",
            b0 = in(reg) b[0],
            b1 = in(reg) b[1],
            b2 = in(reg) b[2],
            b3 = in(reg) b[3],
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

/// The end of P-256's [`mul`] and [`sqr`], on the 512-bit product in
/// `t0..t7`: four reduction steps on the low half (`m = t_i`, as
/// `-p^-1 = 1 mod 2^64`; `+ m 2^96 + m (2^64 - 2^32 + 1) 2^192`, the new
/// top limb of each step landing in `t_i`'s register), the reduced low half
/// added to the high half, and `p` subtracted unless that borrows. The
/// result is in `l, t0, t1, t2`. It names the operands `t0..t7`, `h`, `l`,
/// `p1`, `p3` and writes RDX.
macro_rules! p256_reduce {
    () => {
        concat!(
            // four reduction steps on the low half: m = t_i (-p^-1 = 1 mod 2^64),
            // + m 2^96 + m (2^64 - 2^32 + 1) 2^192; the new top limb (position
            // i + 4) lands in t_i's register
            "mov rdx, {t0}\n",
            "mulx {h}, {l}, qword ptr [rip + {p3}]\n",
            "shl rdx, 32\n",
            "shr {t0}, 32\n",
            "add {t1}, rdx\n",
            "adc {t2}, {t0}\n",
            "adc {t3}, {l}\n",
            "adc {h}, 0\n",
            "mov {t0}, {h}\n",
            "mov rdx, {t1}\n",
            "mulx {h}, {l}, qword ptr [rip + {p3}]\n",
            "shl rdx, 32\n",
            "shr {t1}, 32\n",
            "add {t2}, rdx\n",
            "adc {t3}, {t1}\n",
            "adc {t0}, {l}\n",
            "adc {h}, 0\n",
            "mov {t1}, {h}\n",
            "mov rdx, {t2}\n",
            "mulx {h}, {l}, qword ptr [rip + {p3}]\n",
            "shl rdx, 32\n",
            "shr {t2}, 32\n",
            "add {t3}, rdx\n",
            "adc {t0}, {t2}\n",
            "adc {t1}, {l}\n",
            "adc {h}, 0\n",
            "mov {t2}, {h}\n",
            "mov rdx, {t3}\n",
            "mulx {h}, {l}, qword ptr [rip + {p3}]\n",
            "shl rdx, 32\n",
            "shr {t3}, 32\n",
            "add {t0}, rdx\n",
            "adc {t1}, {t3}\n",
            "adc {t2}, {l}\n",
            "adc {h}, 0\n",
            "mov {t3}, {h}\n",
            // add the reduced low half to the high half; the sum is below 2p
            "xor {h:e}, {h:e}\n",
            "add {t4}, {t0}\n",
            "adc {t5}, {t1}\n",
            "adc {t6}, {t2}\n",
            "adc {t7}, {t3}\n",
            "adc {h}, 0\n",
            // subtract p unless that borrows
            "mov {l}, {t4}\n",
            "sub {l}, -1\n",
            "mov {t0}, {t5}\n",
            "sbb {t0}, qword ptr [rip + {p1}]\n",
            "mov {t1}, {t6}\n",
            "sbb {t1}, 0\n",
            "mov {t2}, {t7}\n",
            "sbb {t2}, qword ptr [rip + {p3}]\n",
            "sbb {h}, 0\n",
            "cmovc {l}, {t4}\n",
            "cmovc {t0}, {t5}\n",
            "cmovc {t1}, {t6}\n",
            "cmovc {t2}, {t7}\n",
        )
    };
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
            // row 0: a[0] b into t0..t4 (one carry chain)
            "mov rdx, qword ptr [{a}]",
            "mulx {t1}, {t0}, qword ptr [{b} + 0]",
            "mulx {t2}, {l}, qword ptr [{b} + 8]",
            "add {t1}, {l}",
            "mulx {t3}, {l}, qword ptr [{b} + 16]",
            "adc {t2}, {l}",
            "mulx {t4}, {l}, qword ptr [{b} + 24]",
            "adc {t3}, {l}",
            "adc {t4}, 0",
            // row 1: + a[1] b into t1..t5 (ADOX for the low halves,
            // ADCX for the high ones)
            "mov rdx, qword ptr [{a} + 8]",
            "xor {t5:e}, {t5:e}",
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
            "mov {l:e}, 0",
            "adox {t5}, {l}",
            // row 2: + a[2] b into t2..t6 (ADOX for the low halves,
            // ADCX for the high ones)
            "mov rdx, qword ptr [{a} + 16]",
            "xor {t6:e}, {t6:e}",
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
            "mov {l:e}, 0",
            "adox {t6}, {l}",
            // row 3: + a[3] b into t3..t7 (ADOX for the low halves,
            // ADCX for the high ones)
            "mov rdx, qword ptr [{a} + 24]",
            "xor {t7:e}, {t7:e}",
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
            "mov {l:e}, 0",
            "adox {t7}, {l}",
            p256_reduce!(),
            a = in(reg) a.as_ptr(),
            b = in(reg) b.as_ptr(),
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
            p256_reduce!(),
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
                    // row 0: t = a[0] b (one carry chain, no zeroed registers)
                    "mov rdx, qword ptr [{a} + 0]",
                    "mulx {t1}, {t0}, qword ptr [{b} + 0]",
                    "mulx {t2}, {l}, qword ptr [{b} + 8]",
                    "add {t1}, {l}",
                    "mulx {t3}, {l}, qword ptr [{b} + 16]",
                    "adc {t2}, {l}",
                    "mulx {t4}, {l}, qword ptr [{b} + 24]",
                    "adc {t3}, {l}",
                    "adc {t4}, 0",
                    "xor {t5:e}, {t5:e}",
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
                    t0 = out(reg) _,
                    t1 = out(reg) _,
                    t2 = out(reg) _,
                    t3 = out(reg) o0,
                    t4 = out(reg) _,
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

/// One row after the first ([`mont6_row0`]) of the six-limb Montgomery
/// products (`mont6!`, [`mul_p384`]):
/// `t += a[i] b` into the window `r0..r7` (the accumulator rotates by one
/// limb per row; `r7` is the new top limb), two carry chains (ADOX for
/// the low halves, ADCX for the high halves).
macro_rules! mont6_row {
    ($off:literal, $r0:literal, $r1:literal, $r2:literal, $r3:literal, $r4:literal, $r5:literal, $r6:literal, $r7:literal) => {
        concat!(
            "mov rdx, qword ptr [{a} + ",
            $off,
            "]\n",
            "xor {h:e}, {h:e}\n",
            "mov {",
            $r7,
            "}, 0\n",
            "mulx {h}, {l}, qword ptr [{b} + 0]\n",
            "adox {",
            $r0,
            "}, {l}\n",
            "adcx {",
            $r1,
            "}, {h}\n",
            "mulx {h}, {l}, qword ptr [{b} + 8]\n",
            "adox {",
            $r1,
            "}, {l}\n",
            "adcx {",
            $r2,
            "}, {h}\n",
            "mulx {h}, {l}, qword ptr [{b} + 16]\n",
            "adox {",
            $r2,
            "}, {l}\n",
            "adcx {",
            $r3,
            "}, {h}\n",
            "mulx {h}, {l}, qword ptr [{b} + 24]\n",
            "adox {",
            $r3,
            "}, {l}\n",
            "adcx {",
            $r4,
            "}, {h}\n",
            "mulx {h}, {l}, qword ptr [{b} + 32]\n",
            "adox {",
            $r4,
            "}, {l}\n",
            "adcx {",
            $r5,
            "}, {h}\n",
            "mulx {h}, {l}, qword ptr [{b} + 40]\n",
            "adox {",
            $r5,
            "}, {l}\n",
            "adcx {",
            $r6,
            "}, {h}\n",
            "mov {l}, 0\n",
            "adox {",
            $r6,
            "}, {l}\n",
            "adcx {",
            $r7,
            "}, {l}\n",
            "adox {",
            $r7,
            "}, {l}\n",
        )
    };
}

/// Row 0 of the six-limb Montgomery products: `t = a[0] b` into
/// `t0..t6` by one carry chain (nothing to accumulate into, so no
/// registers zeroed first), and `t7 = 0`.
macro_rules! mont6_row0 {
    () => {
        concat!(
            "mov rdx, qword ptr [{a}]\n",
            "mulx {t1}, {t0}, qword ptr [{b} + 0]\n",
            "mulx {t2}, {l}, qword ptr [{b} + 8]\n",
            "add {t1}, {l}\n",
            "mulx {t3}, {l}, qword ptr [{b} + 16]\n",
            "adc {t2}, {l}\n",
            "mulx {t4}, {l}, qword ptr [{b} + 24]\n",
            "adc {t3}, {l}\n",
            "mulx {t5}, {l}, qword ptr [{b} + 32]\n",
            "adc {t4}, {l}\n",
            "mulx {t6}, {l}, qword ptr [{b} + 40]\n",
            "adc {t5}, {l}\n",
            "adc {t6}, 0\n",
            "xor {t7:e}, {t7:e}\n",
        )
    };
}

/// The generic reduction step of `mont6!`: `t += m p` with
/// `m = r0 n0 mod 2^64` (`r0` becomes 0), `p` and `n0` from the statics
/// named by the `p` and `n0` operands.
macro_rules! mont6_red_generic {
    ($r0:literal, $r1:literal, $r2:literal, $r3:literal, $r4:literal, $r5:literal, $r6:literal, $r7:literal) => {
        concat!(
            "mov rdx, {",
            $r0,
            "}\n",
            "imul rdx, qword ptr [rip + {n0}]\n",
            "xor {h:e}, {h:e}\n",
            "mulx {h}, {l}, qword ptr [rip + {p} + 0]\n",
            "adox {",
            $r0,
            "}, {l}\n",
            "adcx {",
            $r1,
            "}, {h}\n",
            "mulx {h}, {l}, qword ptr [rip + {p} + 8]\n",
            "adox {",
            $r1,
            "}, {l}\n",
            "adcx {",
            $r2,
            "}, {h}\n",
            "mulx {h}, {l}, qword ptr [rip + {p} + 16]\n",
            "adox {",
            $r2,
            "}, {l}\n",
            "adcx {",
            $r3,
            "}, {h}\n",
            "mulx {h}, {l}, qword ptr [rip + {p} + 24]\n",
            "adox {",
            $r3,
            "}, {l}\n",
            "adcx {",
            $r4,
            "}, {h}\n",
            "mulx {h}, {l}, qword ptr [rip + {p} + 32]\n",
            "adox {",
            $r4,
            "}, {l}\n",
            "adcx {",
            $r5,
            "}, {h}\n",
            "mulx {h}, {l}, qword ptr [rip + {p} + 40]\n",
            "adox {",
            $r5,
            "}, {l}\n",
            "adcx {",
            $r6,
            "}, {h}\n",
            "mov {l}, 0\n",
            "adox {",
            $r6,
            "}, {l}\n",
            "adcx {",
            $r7,
            "}, {l}\n",
            "adox {",
            $r7,
            "}, {l}\n",
        )
    };
}

/// The reduction step of [`mul_p384`]: `t += m p` with
/// `m = r0 (2^32 + 1) mod 2^64` (`-p^-1 mod 2^64` for P-384's prime; `r0`
/// becomes 0) by a shift and an add; `p = 2^384 - c` with
/// `c = 2^128 + 2^96 - 2^32 + 1`, so `+ m 2^384` and `- m c`, where
/// `m c = m c0 + m c1 2^64 + m 2^128` takes two MULX (`c0`, `c1` operands).
/// `r0` serves as a temporary and ends holding `m c`'s top limb.
macro_rules! mont6_red_p384 {
    ($r0:literal, $r1:literal, $r2:literal, $r3:literal, $r4:literal, $r5:literal, $r6:literal, $r7:literal) => {
        concat!(
            "mov rdx, {",
            $r0,
            "}\n",
            "shl {",
            $r0,
            "}, 32\n",
            "add rdx, {",
            $r0,
            "}\n",
            "mulx {h}, {",
            $r0,
            "}, qword ptr [rip + {c0}]\n",
            "mulx {l}, {",
            $r0,
            "}, qword ptr [rip + {c1}]\n",
            "add {h}, {",
            $r0,
            "}\n",
            "adc {l}, rdx\n",
            "mov {",
            $r0,
            ":e}, 0\n",
            "adc {",
            $r0,
            "}, 0\n",
            "add {",
            $r6,
            "}, rdx\n",
            "adc {",
            $r7,
            "}, 0\n",
            "sub {",
            $r1,
            "}, {h}\n",
            "sbb {",
            $r2,
            "}, {l}\n",
            "sbb {",
            $r3,
            "}, {",
            $r0,
            "}\n",
            "sbb {",
            $r4,
            "}, 0\n",
            "sbb {",
            $r5,
            "}, 0\n",
            "sbb {",
            $r6,
            "}, 0\n",
            "sbb {",
            $r7,
            "}, 0\n",
        )
    };
}

/// A six-limb Montgomery product (CIOS, the reduction interleaved row by
/// row) with the reduction step `$red` (a macro of the eight window
/// registers) and the extra operands it names (`$($ops)*`); the modulus is
/// the static `$p` (its final subtraction, and the generic reduction).
macro_rules! mont6 {
    ($(#[$doc:meta])* $name:ident, $p:path, $red:ident, $($ops:tt)*) => {
        $(#[$doc])*
        ///
        /// # Safety
        /// The CPU must have BMI2 and ADX; `a` and `b` below the modulus.
        #[inline(always)]
        pub(crate) unsafe fn $name(a: &[u64; 6], b: &[u64; 6]) -> [u64; 6] {
            let (o0, o1, o2, o3, o4, o5): (u64, u64, u64, u64, u64, u64);
            // SAFETY: reads 6 limbs through each of `a` and `b`
            // (references to `[u64; 6]`) and the statics; writes only its
            // register operands; the caller guarantees BMI2 and ADX.
            unsafe {
                core::arch::asm!(
                    mont6_row0!(),
                    $red!("t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7"),
                    mont6_row!("8", "t1", "t2", "t3", "t4", "t5", "t6", "t7", "t0"),
                    $red!("t1", "t2", "t3", "t4", "t5", "t6", "t7", "t0"),
                    mont6_row!("16", "t2", "t3", "t4", "t5", "t6", "t7", "t0", "t1"),
                    $red!("t2", "t3", "t4", "t5", "t6", "t7", "t0", "t1"),
                    mont6_row!("24", "t3", "t4", "t5", "t6", "t7", "t0", "t1", "t2"),
                    $red!("t3", "t4", "t5", "t6", "t7", "t0", "t1", "t2"),
                    mont6_row!("32", "t4", "t5", "t6", "t7", "t0", "t1", "t2", "t3"),
                    $red!("t4", "t5", "t6", "t7", "t0", "t1", "t2", "t3"),
                    mont6_row!("40", "t5", "t6", "t7", "t0", "t1", "t2", "t3", "t4"),
                    $red!("t5", "t6", "t7", "t0", "t1", "t2", "t3", "t4"),
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
                    t0 = out(reg) _,
                    t1 = out(reg) _,
                    t2 = out(reg) _,
                    t3 = out(reg) _,
                    t4 = out(reg) _,
                    t5 = out(reg) o0,
                    t6 = out(reg) _,
                    t7 = out(reg) _,
                    h = out(reg) o1,
                    l = out(reg) o2,
                    out("rdx") o3,
                    $($ops)*
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
    mul_n384, N384, mont6_red_generic, n0 = sym N384_N0,
);

mont6!(
    /// The Montgomery product `a b / 2^384 mod p` modulo P-384's prime:
    /// the reduction through the form of
    /// `p = 2^384 - 2^128 - 2^96 + 2^32 - 1` (`mont6_red_p384!`): the
    /// multiplier is a shift and an add, and `m p = m 2^384 - m c` for the
    /// 129-bit `c` takes two MULX instead of six.
    mul_p384, P384, mont6_red_p384, c0 = sym C384_0, c1 = sym C384_1,
);

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

/// `a^2 / 2^384` modulo P-384's prime, for `a` below `p`; the result is
/// below `p`.
///
/// The 768-bit square first (fifteen cross products through two carry
/// chains, doubled, plus the six squares: 21 MULX instead of the
/// product's 36), then six reduction steps on its low half as in
/// [`mul_p384`] (`m p = m 2^384 - m c`), each step's new top limb landing
/// in the register of the limb it cleared, and the high half added. Each
/// step subtracts its `m c` from three limbs only and leaves the borrow
/// out of them (0 or 1) for the next step to subtract with its own `m c`
/// at that step's third limb, the limb above this step's three (the last
/// one goes in before the high half): three fewer SBB a
/// step than running each borrow to the top, and a shorter chain (P-384
/// ECDH about 1% faster on a Zen 3).
///
/// Registers: the twelve limbs of the square, RDX and two temporaries
/// would be fifteen, so `a`'s limbs are read from a copy pushed on the
/// stack (no register for its pointer), the high half is pushed as its
/// limbs become final (position 11 reuses position 6's register), and
/// RBX, which `asm!` cannot name, is saved and serves as one temporary:
/// every other operand is an explicit register, so the compiler cannot
/// give RBX to one of them.
///
/// # Safety
/// As [`mul_p384`].
#[inline(always)]
pub(crate) unsafe fn sqr_p384(a: &[u64; 6]) -> [u64; 6] {
    let (o0, o1, o2, o3, o4, o5): (u64, u64, u64, u64, u64, u64);
    // SAFETY: reads 6 limbs through `a` (a reference to `[u64; 6]`) and
    // the statics; writes only its register operands and the stack below
    // RSP (no `nostack`: it pushes), which it restores with RBX; the
    // caller guarantees BMI2 and ADX.
    unsafe {
        core::arch::asm!(
            "push rbx",
            "push qword ptr [rsi + 40]",
            "push qword ptr [rsi + 32]",
            "push qword ptr [rsi + 24]",
            "push qword ptr [rsi + 16]",
            "push qword ptr [rsi + 8]",
            "push qword ptr [rsi]",
            // a_i at [rsp + 8 i]. Cross products a_i a_j (i < j) into
            // t1..t10: row a_0 by one carry chain
            "mov rdx, qword ptr [rsp]",
            "mulx r8, rdi, qword ptr [rsp + 8]",
            "mulx r9, rcx, qword ptr [rsp + 16]",
            "add r8, rcx",
            "mulx r10, rcx, qword ptr [rsp + 24]",
            "adc r9, rcx",
            "mulx r11, rcx, qword ptr [rsp + 32]",
            "adc r10, rcx",
            "mulx r12, rcx, qword ptr [rsp + 40]",
            "adc r11, rcx",
            "adc r12, 0",
            // t7..t10 zero (t10 serves as the zero until row a_4)
            "xor r13d, r13d",
            "xor r14d, r14d",
            "xor r15d, r15d",
            "xor eax, eax",
            // row a_1: positions 3..7
            "mov rdx, qword ptr [rsp + 8]",
            "mulx rbx, rcx, qword ptr [rsp + 16]",
            "adox r9, rcx",
            "adcx r10, rbx",
            "mulx rbx, rcx, qword ptr [rsp + 24]",
            "adox r10, rcx",
            "adcx r11, rbx",
            "mulx rbx, rcx, qword ptr [rsp + 32]",
            "adox r11, rcx",
            "adcx r12, rbx",
            "mulx rbx, rcx, qword ptr [rsp + 40]",
            "adox r12, rcx",
            "adcx r13, rbx",
            "adox r13, rax",
            // row a_2: positions 5..8
            "xor ecx, ecx",
            "mov rdx, qword ptr [rsp + 16]",
            "mulx rbx, rcx, qword ptr [rsp + 24]",
            "adox r11, rcx",
            "adcx r12, rbx",
            "mulx rbx, rcx, qword ptr [rsp + 32]",
            "adox r12, rcx",
            "adcx r13, rbx",
            "mulx rbx, rcx, qword ptr [rsp + 40]",
            "adox r13, rcx",
            "adcx r14, rbx",
            "adox r14, rax",
            // row a_3: positions 7..9
            "xor ecx, ecx",
            "mov rdx, qword ptr [rsp + 24]",
            "mulx rbx, rcx, qword ptr [rsp + 32]",
            "adox r13, rcx",
            "adcx r14, rbx",
            "mulx rbx, rcx, qword ptr [rsp + 40]",
            "adox r14, rcx",
            "adcx r15, rbx",
            "adox r15, rax",
            // row a_4: positions 9..10
            "mov rdx, qword ptr [rsp + 32]",
            "mulx rax, rcx, qword ptr [rsp + 40]",
            "add r15, rcx",
            "adc rax, 0",
            // double the cross products (ADCX) and add the squares a_i^2
            // (ADOX); the high half's limbs are pushed as they are final
            "mov rdx, qword ptr [rsp]",
            "mulx rbx, rsi, rdx",
            "xor ecx, ecx",
            "adcx rdi, rdi",
            "adox rdi, rbx",
            "mov rdx, qword ptr [rsp + 8]",
            "mulx rbx, rcx, rdx",
            "adcx r8, r8",
            "adox r8, rcx",
            "adcx r9, r9",
            "adox r9, rbx",
            "mov rdx, qword ptr [rsp + 16]",
            "mulx rbx, rcx, rdx",
            "adcx r10, r10",
            "adox r10, rcx",
            "adcx r11, r11",
            "adox r11, rbx",
            "mov rdx, qword ptr [rsp + 24]",
            "mulx rbx, rcx, rdx",
            "adcx r12, r12",
            "adox r12, rcx",
            "push r12",
            // a_i now at [rsp + 8 + 8 i]
            "adcx r13, r13",
            "adox r13, rbx",
            "mov rdx, qword ptr [rsp + 40]",
            "mulx rbx, rcx, rdx",
            "adcx r14, r14",
            "adox r14, rcx",
            "adcx r15, r15",
            "adox r15, rbx",
            "mov rdx, qword ptr [rsp + 48]",
            "mulx rbx, rcx, rdx",
            "adcx rax, rax",
            "adox rax, rcx",
            // position 11 in t6's register: the two carries and a_5^2's top
            "mov r12d, 0",
            "adcx r12, r12",
            "adox r12, rbx",
            "push r13",
            "push r14",
            "push r15",
            "push rax",
            "push r12",
            // high limb k (position 6 + k) at [rsp + 40 - 8 k]; reduce the
            // low half t0..t5. Each step's borrow out of position k + 3
            // waits in r12 (0 or 1) for the next step, which subtracts it
            // at that step's third limb with its own m c (so no step runs
            // its borrow through the limbs above); the last one is
            // subtracted before the high half is added.
            "xor r12d, r12d",
            // reduction step 0: m = position 0 (2^32 + 1), + m 2^384 - m c;
            // position 6 (m) lands in t0, the borrow at 4 in r12
            "mov rdx, rsi",
            "shl rsi, 32",
            "add rdx, rsi",
            "mulx rbx, rsi, qword ptr [rip + {c0}]",
            "mulx rcx, rsi, qword ptr [rip + {c1}]",
            "add rbx, rsi",
            "adc rcx, rdx",
            "adc r12, 0",
            "sub rdi, rbx",
            "sbb r8, rcx",
            "sbb r9, r12",
            "mov r12d, 0",
            "adc r12, 0",
            "mov rsi, rdx",
            // reduction step 1: m = position 1 (2^32 + 1), + m 2^384 - m c;
            // position 7 (m) lands in t1, the borrow at 5 in r12
            "mov rdx, rdi",
            "shl rdi, 32",
            "add rdx, rdi",
            "mulx rbx, rdi, qword ptr [rip + {c0}]",
            "mulx rcx, rdi, qword ptr [rip + {c1}]",
            "add rbx, rdi",
            "adc rcx, rdx",
            "adc r12, 0",
            "sub r8, rbx",
            "sbb r9, rcx",
            "sbb r10, r12",
            "mov r12d, 0",
            "adc r12, 0",
            "mov rdi, rdx",
            // reduction step 2: m = position 2 (2^32 + 1), + m 2^384 - m c;
            // position 8 (m) lands in t2, the borrow at 6 in r12
            "mov rdx, r8",
            "shl r8, 32",
            "add rdx, r8",
            "mulx rbx, r8, qword ptr [rip + {c0}]",
            "mulx rcx, r8, qword ptr [rip + {c1}]",
            "add rbx, r8",
            "adc rcx, rdx",
            "adc r12, 0",
            "sub r9, rbx",
            "sbb r10, rcx",
            "sbb r11, r12",
            "mov r12d, 0",
            "adc r12, 0",
            "mov r8, rdx",
            // reduction step 3: m = position 3 (2^32 + 1), + m 2^384 - m c;
            // position 9 (m) lands in t3, the borrow at 7 in r12
            "mov rdx, r9",
            "shl r9, 32",
            "add rdx, r9",
            "mulx rbx, r9, qword ptr [rip + {c0}]",
            "mulx rcx, r9, qword ptr [rip + {c1}]",
            "add rbx, r9",
            "adc rcx, rdx",
            "adc r12, 0",
            "sub r10, rbx",
            "sbb r11, rcx",
            "sbb rsi, r12",
            "mov r12d, 0",
            "adc r12, 0",
            "mov r9, rdx",
            // reduction step 4: m = position 4 (2^32 + 1), + m 2^384 - m c;
            // position 10 (m) lands in t4, the borrow at 8 in r12
            "mov rdx, r10",
            "shl r10, 32",
            "add rdx, r10",
            "mulx rbx, r10, qword ptr [rip + {c0}]",
            "mulx rcx, r10, qword ptr [rip + {c1}]",
            "add rbx, r10",
            "adc rcx, rdx",
            "adc r12, 0",
            "sub r11, rbx",
            "sbb rsi, rcx",
            "sbb rdi, r12",
            "mov r12d, 0",
            "adc r12, 0",
            "mov r10, rdx",
            // reduction step 5: m = position 5 (2^32 + 1), + m 2^384 - m c;
            // position 11 (m) lands in t5, the borrow at 9 in r12
            "mov rdx, r11",
            "shl r11, 32",
            "add rdx, r11",
            "mulx rbx, r11, qword ptr [rip + {c0}]",
            "mulx rcx, r11, qword ptr [rip + {c1}]",
            "add rbx, r11",
            "adc rcx, rdx",
            "adc r12, 0",
            "sub rsi, rbx",
            "sbb rdi, rcx",
            "sbb r8, r12",
            "mov r12d, 0",
            "adc r12, 0",
            "mov r11, rdx",
            // the last borrow (position 9), then add the high half (the
            // sum is below 2p), t6 the top limb (the borrow out, 0 or -1,
            // plus the carry)
            "sub r9, r12",
            "sbb r10, 0",
            "sbb r11, 0",
            "sbb r12, r12",
            "add rsi, qword ptr [rsp + 40]",
            "adc rdi, qword ptr [rsp + 32]",
            "adc r8, qword ptr [rsp + 24]",
            "adc r9, qword ptr [rsp + 16]",
            "adc r10, qword ptr [rsp + 8]",
            "adc r11, qword ptr [rsp]",
            "adc r12, 0",
            // subtract p unless that borrows
            "mov r13, rsi",
            "sub r13, qword ptr [rip + {p} + 0]",
            "mov r14, rdi",
            "sbb r14, qword ptr [rip + {p} + 8]",
            "mov r15, r8",
            "sbb r15, qword ptr [rip + {p} + 16]",
            "mov rax, r9",
            "sbb rax, qword ptr [rip + {p} + 24]",
            "mov rcx, r10",
            "sbb rcx, qword ptr [rip + {p} + 32]",
            "mov rdx, r11",
            "sbb rdx, qword ptr [rip + {p} + 40]",
            "sbb r12, 0",
            "cmovc r13, rsi",
            "cmovc r14, rdi",
            "cmovc r15, r8",
            "cmovc rax, r9",
            "cmovc rcx, r10",
            "cmovc rdx, r11",
            "add rsp, 96",
            "pop rbx",
            p = sym P384,
            c0 = sym C384_0,
            c1 = sym C384_1,
            inout("rsi") a.as_ptr() => _,
            out("rdi") _,
            out("r8") _,
            out("r9") _,
            out("r10") _,
            out("r11") _,
            out("r12") _,
            out("r13") o0,
            out("r14") o1,
            out("r15") o2,
            out("rax") o3,
            out("rcx") o4,
            out("rdx") o5,
            options(pure, readonly),
        );
    }
    [o0, o1, o2, o3, o4, o5]
}

/// `kb (p - b)` of P-384 into `t0..t6` (`b` in `t0..t5`, below `p`):
/// `p - b` limb by limb through `l`, then, for `kb > 1`, the product by
/// MULX with one ADD/ADC chain.
macro_rules! p384_neg_times {
    (@neg) => {
        concat!(
            "mov {l:e}, 0xffffffff\n",
            "sub {l}, {t0}\n",
            "mov {t0}, {l}\n",
            "mov {l}, 0xffffffff00000000\n",
            "sbb {l}, {t1}\n",
            "mov {t1}, {l}\n",
            "mov {l}, -2\n",
            "sbb {l}, {t2}\n",
            "mov {t2}, {l}\n",
            "mov {l}, -1\n",
            "sbb {l}, {t3}\n",
            "mov {t3}, {l}\n",
            "mov {l}, -1\n",
            "sbb {l}, {t4}\n",
            "mov {t4}, {l}\n",
            "mov {l}, -1\n",
            "sbb {l}, {t5}\n",
            "mov {t5}, {l}\n",
        )
    };
    (1) => {
        concat!(p384_neg_times!(@neg), "xor {t6:e}, {t6:e}\n")
    };
    ($kb:literal) => {
        concat!(
            p384_neg_times!(@neg),
            "mov edx, ",
            $kb,
            "\n",
            "mulx {h}, {t0}, {t0}\n",
            "mulx {l}, {t1}, {t1}\n",
            "add {t1}, {h}\n",
            "mulx {h}, {t2}, {t2}\n",
            "adc {t2}, {l}\n",
            "mulx {l}, {t3}, {t3}\n",
            "adc {t3}, {h}\n",
            "mulx {h}, {t4}, {t4}\n",
            "adc {t4}, {l}\n",
            "mulx {t6}, {t5}, {t5}\n",
            "adc {t5}, {h}\n",
            "adc {t6}, 0\n",
        )
    };
}

/// Defines `unsafe fn $name(a, b) -> [u64; 6]`, `ka a - kb b mod p` for
/// P-384 and small constants (`ka + kb <= 21`): the point doubling's
/// combinations ([`super::field::Modulus::mont_lin_12_9`] and its
/// siblings) in one pass instead of chains of modular additions.
///
/// `v = ka a + kb (p - b)` (seven limbs, `0 <= v < (ka + kb) p`), then
/// with `h` its top limb and `q = h + 1`, `v - q p = lo + q c - 2^384`
/// (`c = 2^384 - p`, 129 bits), which lies in `[-p, p)` because
/// `lo + h c < 2^384 + 21 c < 2p`: adding `q c` (one MULX, one IMUL) to
/// the low six limbs carries out of them exactly when that is
/// non-negative; otherwise `p` is added, that is `c` subtracted, under the
/// mask of the missing carry.
macro_rules! lin_p384 {
    ($(#[$doc:meta])* $name:ident, $ka:tt, $kb:tt) => {
        $(#[$doc])*
        ///
        /// # Safety
        /// The CPU must have BMI2 and ADX; `a` and `b` below `p`.
        #[inline(always)]
        pub(crate) unsafe fn $name(a: &[u64; 6], b: &[u64; 6]) -> [u64; 6] {
            let [mut t0, mut t1, mut t2, mut t3, mut t4, mut t5] = *b;
            // SAFETY: reads 6 limbs through `a` (a reference to
            // `[u64; 6]`); writes only its register operands; the caller
            // guarantees BMI2 and ADX.
            unsafe {
                core::arch::asm!(
                    p384_neg_times!($kb),
                    // + ka a, two carry chains
                    concat!("mov edx, ", $ka),
                    "xor {l:e}, {l:e}",
                    "mulx {h}, {l}, qword ptr [{a}]",
                    "adcx {t0}, {l}",
                    "adox {t1}, {h}",
                    "mulx {h}, {l}, qword ptr [{a} + 8]",
                    "adcx {t1}, {l}",
                    "adox {t2}, {h}",
                    "mulx {h}, {l}, qword ptr [{a} + 16]",
                    "adcx {t2}, {l}",
                    "adox {t3}, {h}",
                    "mulx {h}, {l}, qword ptr [{a} + 24]",
                    "adcx {t3}, {l}",
                    "adox {t4}, {h}",
                    "mulx {h}, {l}, qword ptr [{a} + 32]",
                    "adcx {t4}, {l}",
                    "adox {t5}, {h}",
                    "mulx {h}, {l}, qword ptr [{a} + 40]",
                    "adcx {t5}, {l}",
                    "adox {t6}, {h}",
                    "mov {l:e}, 0",
                    "adcx {t6}, {l}",
                    // + q c, q = t6 + 1
                    "lea rdx, [{t6} + 1]",
                    "mov {l}, 0xffffffff00000001",
                    "mulx {h}, {l}, {l}",
                    "mov {t6:e}, 0xffffffff",
                    "imul {t6}, rdx",
                    "add {h}, {t6}",
                    "add {t0}, {l}",
                    "adc {t1}, {h}",
                    "adc {t2}, rdx",
                    "adc {t3}, 0",
                    "adc {t4}, 0",
                    "adc {t5}, 0",
                    // no carry: - c (that is, + p - 2^384)
                    "sbb {t6}, {t6}",
                    "not {t6}",
                    "mov {l}, 0xffffffff00000001",
                    "and {l}, {t6}",
                    "mov {h:e}, 0xffffffff",
                    "and {h}, {t6}",
                    "and {t6}, 1",
                    "sub {t0}, {l}",
                    "sbb {t1}, {h}",
                    "sbb {t2}, {t6}",
                    "sbb {t3}, 0",
                    "sbb {t4}, 0",
                    "sbb {t5}, 0",
                    a = in(reg) a,
                    t0 = inout(reg) t0,
                    t1 = inout(reg) t1,
                    t2 = inout(reg) t2,
                    t3 = inout(reg) t3,
                    t4 = inout(reg) t4,
                    t5 = inout(reg) t5,
                    t6 = out(reg) _,
                    l = out(reg) _,
                    h = out(reg) _,
                    out("rdx") _,
                    options(pure, readonly, nostack),
                );
            }
            [t0, t1, t2, t3, t4, t5]
        }
    };
}

lin_p384!(
    /// `12 a - 9 b mod p` of P-384.
    lin_12_9_p384, 12, 9
);
lin_p384!(
    /// `4 a - b mod p` of P-384.
    lin_4_1_p384, 4, 1
);
lin_p384!(
    /// `3 a - 8 b mod p` of P-384.
    lin_3_8_p384, 3, 8
);
