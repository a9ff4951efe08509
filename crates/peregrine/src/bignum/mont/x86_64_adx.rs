//! Montgomery multiplication and squaring with BMI2 `mulx` and the two
//! independent carry chains of ADX (`adcx` on CF, `adox` on OF), in inline
//! `asm!`, four limbs per inner step.
//!
//! Technique: Gueron and Krasnov's use of MULX/ADCX/ADOX for multi-word
//! multiplication (Intel white paper "New Instructions Supporting Large
//! Integer Arithmetic on Intel Architecture Processors", 2012), in the
//! CIOS order of Koç, Acar and Kaliski; OpenSSL's `mulx4x_mont` interleaves
//! the `a * b[i]` row and the `m * n` row of one step in the same way.
//!
//! - `mul`: one `asm!` block per limb `b[i]` runs the fused row
//!   `t = (t + a * b[i] + m * n) / 2^64` over four limbs at a time: the
//!   low halves of the products meet `t` on the CF chain (`t` as a memory
//!   operand of `adcx` in the `a * b[i]` half), the high halves come in on
//!   the OF chain, so the two additions of each limb do not wait
//!   on each other. Each four-limb step closes both chains into its carry
//!   word (`hi + CF + OF` never overflows: four limbs plus a 64 x 256-bit
//!   product plus a carry word fit in five limbs), so the loop counter's
//!   `dec` may clobber OF. The `m * n` row stores one limb lower (the
//!   division by 2^64). Limbs past the last multiple of four (`k % 4`) go
//!   through the portable code within the same row.
//! - `sqr`: each cross product `a[i] * a[j]` (`i < j`) once, by rows of
//!   `mac_row` (`t[..len] += s * v[..len]`, same two chains, eight limbs
//!   per step), then the triangle doubled plus the diagonal in one pass
//!   (`adcx x, x` shifts each limb left through CF, `adox` adds the halves
//!   of `a[i]^2` on OF, the loop on `lea`/`jrcxz` leaves both flags alone),
//!   then word-by-word Montgomery reduction with `mac_row` over `n` (HAC
//!   14.32), then the final masked subtraction.
//!
//! Widths below four limbs (under 256 bits) use the portable kernel.
//!
//! Constant time: no branch or address depends on the limb values; the
//! loop counts depend on `k` only.

use core::arch::asm;

use super::{final_sub, row_tail, soft, with_scratch};

/// `r = a * b * 2^(-64k) mod n`. See `super::mul`.
///
/// # Safety
/// The CPU must have BMI2 and ADX; `r`, `a`, `b` and `n` have the same
/// length `k >= 1`.
#[target_feature(enable = "bmi2,adx")]
pub unsafe fn mul(r: &mut [u64], a: &[u64], b: &[u64], n: &[u64], n0: u64) {
    let k = n.len();
    debug_assert!(r.len() == k && a.len() == k && b.len() == k);
    if k < 4 {
        return soft::mul(r, a, b, n, n0);
    }
    let (r, a, b) = (&mut r[..k], &a[..k], &b[..k]);
    r.fill(0);
    let chunks = k / 4;
    let tail = 4 * chunks;
    let mut top = 0u64;
    for &bi in b {
        let m = r[0].wrapping_add(a[0].wrapping_mul(bi)).wrapping_mul(n0);
        let (mut ca, mut cn): (u64, u64);
        // SAFETY: `r`, `a`, `n` have `k >= 4` limbs and the block reads
        // `a[..4 * chunks]`, `n[..4 * chunks]`, reads `r[..4 * chunks]` and
        // writes `r[..4 * chunks - 1]` (one limb lower), through pointers
        // that advance by four limbs per step for `chunks` steps. `mulx`,
        // `adcx`, `adox` need BMI2 and ADX, which the caller guarantees.
        // No stack use; flags are clobbered (the default).
        unsafe {
            asm!(
                // First four limbs: t[0] + a[0] b + m n[0] == 0 mod 2^64 by
                // the choice of m, so that limb is not stored.
                // x = a[0..4] b + t[0..4]: the low halves of the products
                // land in x, t comes in on CF (a memory operand of adcx),
                // the high halves on OF.
                "movq rdx, {xb}",
                "xor {ca:e}, {ca:e}", // ca = 0, CF = OF = 0
                "xor {cn:e}, {cn:e}",
                "mulx {h}, {x0}, qword ptr [{pa}]",
                "adcx {x0}, qword ptr [{pt}]",
                "mulx {ca}, {x1}, qword ptr [{pa} + 8]",
                "adcx {x1}, qword ptr [{pt} + 8]",
                "adox {x1}, {h}",
                "mulx {h}, {x2}, qword ptr [{pa} + 16]",
                "adcx {x2}, qword ptr [{pt} + 16]",
                "adox {x2}, {ca}",
                "mulx {ca}, {x3}, qword ptr [{pa} + 24]",
                "adcx {x3}, qword ptr [{pt} + 24]",
                "adox {x3}, {h}",
                "mov {lo:e}, 0",
                "adcx {ca}, {lo}",
                "adox {ca}, {lo}", // CF = OF = 0 again
                "movq rdx, {xm}",
                "mulx {h}, {lo}, qword ptr [{pn}]",
                "adcx {x0}, {lo}",
                "mulx {cn}, {lo}, qword ptr [{pn} + 8]",
                "adcx {x1}, {lo}",
                "adox {x1}, {h}",
                "mulx {h}, {lo}, qword ptr [{pn} + 16]",
                "adcx {x2}, {lo}",
                "adox {x2}, {cn}",
                "mulx {cn}, {lo}, qword ptr [{pn} + 24]",
                "adcx {x3}, {lo}",
                "adox {x3}, {h}",
                "mov {lo:e}, 0",
                "adcx {cn}, {lo}",
                "adox {cn}, {lo}",
                "mov qword ptr [{pt}], {x1}",
                "mov qword ptr [{pt} + 8], {x2}",
                "mov qword ptr [{pt} + 16], {x3}",
                "lea {pa}, [{pa} + 32]",
                "lea {pn}, [{pn} + 32]",
                "lea {pt}, [{pt} + 32]",
                "test {cnt}, {cnt}",
                "jz 3f",
                // Four limbs per step: x = t[j..j+4] + a[j..j+4] b + ca,
                // then x += n[j..j+4] m + cn, stored at t[j-1..j+3].
                "2:",
                "movq rdx, {xb}",
                "xor {lo:e}, {lo:e}", // CF = OF = 0
                "mulx {h}, {x0}, qword ptr [{pa}]",
                "adcx {x0}, qword ptr [{pt}]",
                "adox {x0}, {ca}",
                "mulx {ca}, {x1}, qword ptr [{pa} + 8]",
                "adcx {x1}, qword ptr [{pt} + 8]",
                "adox {x1}, {h}",
                "mulx {h}, {x2}, qword ptr [{pa} + 16]",
                "adcx {x2}, qword ptr [{pt} + 16]",
                "adox {x2}, {ca}",
                "mulx {ca}, {x3}, qword ptr [{pa} + 24]",
                "adcx {x3}, qword ptr [{pt} + 24]",
                "adox {x3}, {h}",
                "mov {lo:e}, 0",
                "adcx {ca}, {lo}",
                "adox {ca}, {lo}",
                "movq rdx, {xm}",
                "mulx {h}, {lo}, qword ptr [{pn}]",
                "adcx {x0}, {lo}",
                "adox {x0}, {cn}",
                "mulx {cn}, {lo}, qword ptr [{pn} + 8]",
                "adcx {x1}, {lo}",
                "adox {x1}, {h}",
                "mulx {h}, {lo}, qword ptr [{pn} + 16]",
                "adcx {x2}, {lo}",
                "adox {x2}, {cn}",
                "mulx {cn}, {lo}, qword ptr [{pn} + 24]",
                "adcx {x3}, {lo}",
                "adox {x3}, {h}",
                "mov {lo:e}, 0",
                "adcx {cn}, {lo}",
                "adox {cn}, {lo}",
                "mov qword ptr [{pt} - 8], {x0}",
                "mov qword ptr [{pt}], {x1}",
                "mov qword ptr [{pt} + 8], {x2}",
                "mov qword ptr [{pt} + 16], {x3}",
                "lea {pa}, [{pa} + 32]",
                "lea {pn}, [{pn} + 32]",
                "lea {pt}, [{pt} + 32]",
                "dec {cnt}",
                "jnz 2b",
                "3:",
                pa = inout(reg) a.as_ptr() => _,
                pn = inout(reg) n.as_ptr() => _,
                pt = inout(reg) r.as_mut_ptr() => _,
                cnt = inout(reg) chunks - 1 => _,
                xb = in(xmm_reg) bi,
                xm = in(xmm_reg) m,
                ca = out(reg) ca,
                cn = out(reg) cn,
                x0 = out(reg) _,
                x1 = out(reg) _,
                x2 = out(reg) _,
                x3 = out(reg) _,
                lo = out(reg) _,
                h = out(reg) _,
                out("rdx") _,
                options(nostack),
            );
        }
        // The limbs past the last multiple of four, portably.
        top = row_tail(r, a, n, (bi, m), (ca, cn), tail, top);
    }
    final_sub(r, top, n);
}

/// `t[..len] += s * v[..len] + c`, returning the carry word out: `len % 4`
/// single limbs, then one four-limb step when `len / 4` is odd, then
/// eight-limb steps. Each step keeps the running sum in one register: `lo`
/// gets `t[j]` on the CF chain (`adcx` with a memory operand) and the
/// previous high half on the OF chain, and is stored back.
///
/// # Safety
/// BMI2 and ADX; `t` and `v` hold at least `len` limbs.
#[target_feature(enable = "bmi2,adx")]
#[inline]
unsafe fn mac_row(t: *mut u64, v: *const u64, len: usize, s: u64, c: u64) -> u64 {
    let c_out: u64;
    // SAFETY: the caller guarantees `len` limbs behind both pointers; the
    // block reads `v[..len]` and reads and writes `t[..len]`, the pointers
    // advancing with the limbs done (len % 4, then 4 * ((len / 4) % 2), then
    // 8 * (len / 8)). BMI2/ADX by the caller. No stack use.
    unsafe {
        asm!(
            "test {c1}, {c1}",
            "jz 7f",
            // One limb: t[0] += lo(s v[0]) + c; c = hi + carries.
            "6:",
            "mulx {h}, {lo}, qword ptr [{pv}]",
            "add {lo}, {c}",
            "adc {h}, 0",
            "add {lo}, qword ptr [{pt}]",
            "adc {h}, 0",
            "mov qword ptr [{pt}], {lo}",
            "mov {c}, {h}",
            "lea {pv}, [{pv} + 8]",
            "lea {pt}, [{pt} + 8]",
            "dec {c1}",
            "jnz 6b",
            "7:",
            "test {c4}, {c4}",
            "jz 8f",
            // Four limbs: the low halves and t on CF, the high halves on OF, the
            // sum kept in `lo` and stored (t is a memory operand of adcx).
            "xor {lo:e}, {lo:e}",
            "mulx {h}, {lo}, qword ptr [{pv}]",
            "adcx {lo}, qword ptr [{pt}]",
            "adox {lo}, {c}",
            "mov qword ptr [{pt}], {lo}",
            "mulx {c}, {lo}, qword ptr [{pv} + 8]",
            "adcx {lo}, qword ptr [{pt} + 8]",
            "adox {lo}, {h}",
            "mov qword ptr [{pt} + 8], {lo}",
            "mulx {h}, {lo}, qword ptr [{pv} + 16]",
            "adcx {lo}, qword ptr [{pt} + 16]",
            "adox {lo}, {c}",
            "mov qword ptr [{pt} + 16], {lo}",
            "mulx {c}, {lo}, qword ptr [{pv} + 24]",
            "adcx {lo}, qword ptr [{pt} + 24]",
            "adox {lo}, {h}",
            "mov qword ptr [{pt} + 24], {lo}",
            "mov {lo:e}, 0",
            "adcx {c}, {lo}",
            "adox {c}, {lo}",
            "lea {pv}, [{pv} + 32]",
            "lea {pt}, [{pt} + 32]",
            "8:",
            "test {c8}, {c8}",
            "jz 5f",
            // Eight limbs per step, the same two chains.
            "9:",
            "xor {lo:e}, {lo:e}",
            "mulx {h}, {lo}, qword ptr [{pv}]",
            "adcx {lo}, qword ptr [{pt}]",
            "adox {lo}, {c}",
            "mov qword ptr [{pt}], {lo}",
            "mulx {c}, {lo}, qword ptr [{pv} + 8]",
            "adcx {lo}, qword ptr [{pt} + 8]",
            "adox {lo}, {h}",
            "mov qword ptr [{pt} + 8], {lo}",
            "mulx {h}, {lo}, qword ptr [{pv} + 16]",
            "adcx {lo}, qword ptr [{pt} + 16]",
            "adox {lo}, {c}",
            "mov qword ptr [{pt} + 16], {lo}",
            "mulx {c}, {lo}, qword ptr [{pv} + 24]",
            "adcx {lo}, qword ptr [{pt} + 24]",
            "adox {lo}, {h}",
            "mov qword ptr [{pt} + 24], {lo}",
            "mulx {h}, {lo}, qword ptr [{pv} + 32]",
            "adcx {lo}, qword ptr [{pt} + 32]",
            "adox {lo}, {c}",
            "mov qword ptr [{pt} + 32], {lo}",
            "mulx {c}, {lo}, qword ptr [{pv} + 40]",
            "adcx {lo}, qword ptr [{pt} + 40]",
            "adox {lo}, {h}",
            "mov qword ptr [{pt} + 40], {lo}",
            "mulx {h}, {lo}, qword ptr [{pv} + 48]",
            "adcx {lo}, qword ptr [{pt} + 48]",
            "adox {lo}, {c}",
            "mov qword ptr [{pt} + 48], {lo}",
            "mulx {c}, {lo}, qword ptr [{pv} + 56]",
            "adcx {lo}, qword ptr [{pt} + 56]",
            "adox {lo}, {h}",
            "mov qword ptr [{pt} + 56], {lo}",
            "mov {lo:e}, 0",
            "adcx {c}, {lo}",
            "adox {c}, {lo}",
            "lea {pv}, [{pv} + 64]",
            "lea {pt}, [{pt} + 64]",
            "dec {c8}",
            "jnz 9b",
            "5:",
            pt = inout(reg) t => _,
            pv = inout(reg) v => _,
            c1 = inout(reg) len % 4 => _,
            c4 = in(reg) (len / 4) % 2,
            c8 = inout(reg) len / 8 => _,
            c = inout(reg) c => c_out,
            lo = out(reg) _,
            h = out(reg) _,
            in("rdx") s,
            options(nostack),
        );
    }
    c_out
}

/// `t = 2 t + sum a[i]^2 2^(128 i)` (`t` has `2 * a.len()` limbs) in one
/// pass: `adcx x, x` doubles each limb of `t` with the bit shifted out of
/// the limb below on CF, `adox` adds the halves of `a[i]^2` on OF. The loop
/// (`lea`, `jrcxz`) leaves both flags alone, so the chains run through.
///
/// # Safety
/// BMI2 and ADX; `t.len() == 2 * a.len()`, `a.len() >= 1`.
#[target_feature(enable = "bmi2,adx")]
unsafe fn double_add_diagonal(t: &mut [u64], a: &[u64]) {
    debug_assert!(t.len() == 2 * a.len() && !a.is_empty());
    // SAFETY: iteration i reads a[i] and reads and writes t[2i], t[2i+1],
    // for i < a.len() (rcx counts down from a.len() >= 1). No stack.
    unsafe {
        asm!(
            "xor {x0:e}, {x0:e}", // CF = OF = 0
            "2:",
            "mov rdx, qword ptr [{pa}]",
            "mulx {h}, {lo}, rdx",
            "mov {x0}, qword ptr [{pt}]",
            "mov {x1}, qword ptr [{pt} + 8]",
            "adcx {x0}, {x0}",
            "adox {x0}, {lo}",
            "adcx {x1}, {x1}",
            "adox {x1}, {h}",
            "mov qword ptr [{pt}], {x0}",
            "mov qword ptr [{pt} + 8], {x1}",
            "lea {pa}, [{pa} + 8]",
            "lea {pt}, [{pt} + 16]",
            "lea rcx, [rcx - 1]",
            "jrcxz 3f",
            "jmp 2b",
            "3:",
            pa = inout(reg) a.as_ptr() => _,
            pt = inout(reg) t.as_mut_ptr() => _,
            x0 = out(reg) _,
            x1 = out(reg) _,
            lo = out(reg) _,
            h = out(reg) _,
            inout("rcx") a.len() => _,
            out("rdx") _,
            options(nostack),
        );
    }
}

/// `r = a^2 * 2^(-64k) mod n`. See `super::sqr`.
///
/// # Safety
/// As for [`mul`].
#[target_feature(enable = "bmi2,adx")]
pub unsafe fn sqr(r: &mut [u64], a: &[u64], n: &[u64], n0: u64) {
    let k = n.len();
    debug_assert!(r.len() == k && a.len() == k);
    if k < 4 {
        return soft::sqr(r, a, n, n0);
    }
    with_scratch(2 * k, |t| {
        // The triangle: row i adds a[i] * a[i+1..k] at t[2i+1..], its
        // carry word lands in the still-zero t[i+k].
        for i in 0..k - 1 {
            // SAFETY: t has 2k limbs, so t[2i+1 .. 2i+1 + (k-1-i)] and
            // t[i+k] are inside it; a has k limbs, a[i+1..k] is inside.
            let c = unsafe {
                mac_row(
                    t.as_mut_ptr().add(2 * i + 1),
                    a.as_ptr().add(i + 1),
                    k - 1 - i,
                    a[i],
                    0,
                )
            };
            t[i + k] = c;
        }
        // SAFETY: BMI2/ADX by the caller; t has 2k limbs, a has k.
        unsafe { double_add_diagonal(t, a) };
        // Montgomery reduction, one limb of t per row.
        let mut top = 0u64;
        for i in 0..k {
            let m = t[i].wrapping_mul(n0);
            // SAFETY: t[i..i+k] is inside the 2k limbs; n has k limbs.
            let c = unsafe { mac_row(t.as_mut_ptr().add(i), n.as_ptr(), k, m, 0) };
            let s = (t[i + k] as u128) + (c as u128) + (top as u128);
            t[i + k] = s as u64;
            top = (s >> 64) as u64;
        }
        r[..k].copy_from_slice(&t[k..]);
        final_sub(&mut r[..k], top, n);
    });
}
