//! Montgomery multiplication and squaring with BMI2 `mulx` but without
//! ADX, in inline `asm!`, four limbs per inner step: the tier for CPUs
//! such as Haswell (BMI2 since 2013, ADX only from Broadwell).
//!
//! Same structure as `x86_64_adx.rs` (CIOS with the `a * b[i]` and `m * n`
//! rows fused, four limbs per step; the squaring computes each cross
//! product once, doubles, adds the diagonal and reduces), but with one
//! carry flag: each limb adds `lo` and the incoming carry word with
//! `add`/`adc` and folds both carries into `hi` at once (`hi + 2` never
//! overflows, since `x + hi:lo + c < 2^128`), so the chain closes at every
//! limb. `mulx` still helps: it leaves the flags alone and takes its
//! multiplier from `rdx`, so the products need no `rax`/`rdx` shuffling.
//! Technique as in OpenSSL's `bn_mul_mont` (the non-ADX path of
//! `x86_64-mont.pl`), written independently.
//!
//! Widths below four limbs (under 256 bits) use the portable kernel.
//!
//! Constant time: no branch or address depends on the limb values; the
//! loop counts depend on `k` only.

use core::arch::asm;

use super::{double_add_diagonal, final_sub, row_tail, soft, with_scratch};

/// `r = a * b * 2^(-64k) mod n`. See `super::mul`.
///
/// # Safety
/// The CPU must have BMI2; `r`, `a`, `b` and `n` have the same
/// length `k >= 1`.
#[target_feature(enable = "bmi2")]
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
        // that advance by four limbs per step for `chunks` steps. `mulx`
        // needs BMI2, which the caller guarantees.
        // No stack use; flags are clobbered (the default).
        unsafe {
            asm!(
                // First four limbs (ca = cn = 0): t[0] + a[0] b + m n[0] == 0 mod
                // 2^64 by the choice of m, so that limb is not stored.
                "xor {ca:e}, {ca:e}",
                "xor {cn:e}, {cn:e}",
                "mov {x0}, qword ptr [{pt}]",
                "mov {x1}, qword ptr [{pt} + 8]",
                "mov {x2}, qword ptr [{pt} + 16]",
                "mov {x3}, qword ptr [{pt} + 24]",
                "movq rdx, {xb}",
                "mulx {h}, {lo}, qword ptr [{pa}]",
                "add {x0}, {lo}",
                "adc {h}, 0",
                "add {x0}, {ca}",
                "adc {h}, 0",
                "mulx {ca}, {lo}, qword ptr [{pa} + 8]",
                "add {x1}, {lo}",
                "adc {ca}, 0",
                "add {x1}, {h}",
                "adc {ca}, 0",
                "mulx {h}, {lo}, qword ptr [{pa} + 16]",
                "add {x2}, {lo}",
                "adc {h}, 0",
                "add {x2}, {ca}",
                "adc {h}, 0",
                "mulx {ca}, {lo}, qword ptr [{pa} + 24]",
                "add {x3}, {lo}",
                "adc {ca}, 0",
                "add {x3}, {h}",
                "adc {ca}, 0",
                "movq rdx, {xm}",
                "mulx {h}, {lo}, qword ptr [{pn}]",
                "add {x0}, {lo}",
                "adc {h}, 0",
                "add {x0}, {cn}",
                "adc {h}, 0",
                "mulx {cn}, {lo}, qword ptr [{pn} + 8]",
                "add {x1}, {lo}",
                "adc {cn}, 0",
                "add {x1}, {h}",
                "adc {cn}, 0",
                "mulx {h}, {lo}, qword ptr [{pn} + 16]",
                "add {x2}, {lo}",
                "adc {h}, 0",
                "add {x2}, {cn}",
                "adc {h}, 0",
                "mulx {cn}, {lo}, qword ptr [{pn} + 24]",
                "add {x3}, {lo}",
                "adc {cn}, 0",
                "add {x3}, {h}",
                "adc {cn}, 0",
                "mov qword ptr [{pt}], {x1}",
                "mov qword ptr [{pt} + 8], {x2}",
                "mov qword ptr [{pt} + 16], {x3}",
                "lea {pa}, [{pa} + 32]",
                "lea {pn}, [{pn} + 32]",
                "lea {pt}, [{pt} + 32]",
                "test {cnt}, {cnt}",
                "jz 3f",
                // Four limbs per step: x = t[j..j+4] + a[j..j+4] b + ca, then
                // x += n[j..j+4] m + cn, stored at t[j-1..j+3].
                "2:",
                "mov {x0}, qword ptr [{pt}]",
                "mov {x1}, qword ptr [{pt} + 8]",
                "mov {x2}, qword ptr [{pt} + 16]",
                "mov {x3}, qword ptr [{pt} + 24]",
                "movq rdx, {xb}",
                "mulx {h}, {lo}, qword ptr [{pa}]",
                "add {x0}, {lo}",
                "adc {h}, 0",
                "add {x0}, {ca}",
                "adc {h}, 0",
                "mulx {ca}, {lo}, qword ptr [{pa} + 8]",
                "add {x1}, {lo}",
                "adc {ca}, 0",
                "add {x1}, {h}",
                "adc {ca}, 0",
                "mulx {h}, {lo}, qword ptr [{pa} + 16]",
                "add {x2}, {lo}",
                "adc {h}, 0",
                "add {x2}, {ca}",
                "adc {h}, 0",
                "mulx {ca}, {lo}, qword ptr [{pa} + 24]",
                "add {x3}, {lo}",
                "adc {ca}, 0",
                "add {x3}, {h}",
                "adc {ca}, 0",
                "movq rdx, {xm}",
                "mulx {h}, {lo}, qword ptr [{pn}]",
                "add {x0}, {lo}",
                "adc {h}, 0",
                "add {x0}, {cn}",
                "adc {h}, 0",
                "mulx {cn}, {lo}, qword ptr [{pn} + 8]",
                "add {x1}, {lo}",
                "adc {cn}, 0",
                "add {x1}, {h}",
                "adc {cn}, 0",
                "mulx {h}, {lo}, qword ptr [{pn} + 16]",
                "add {x2}, {lo}",
                "adc {h}, 0",
                "add {x2}, {cn}",
                "adc {h}, 0",
                "mulx {cn}, {lo}, qword ptr [{pn} + 24]",
                "add {x3}, {lo}",
                "adc {cn}, 0",
                "add {x3}, {h}",
                "adc {cn}, 0",
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

/// `t[..len] += s * v[..len] + c`, returning the carry word out.
///
/// # Safety
/// BMI2; `t` and `v` hold at least `len` limbs.
#[target_feature(enable = "bmi2")]
#[inline]
unsafe fn mac_row(t: *mut u64, v: *const u64, len: usize, s: u64, c: u64) -> u64 {
    let c_out: u64;
    // SAFETY: the caller guarantees `len` limbs behind both pointers; the
    // block reads `v[..len]`, reads and writes `t[..len]`, first one limb
    // at a time for `len % 4` limbs, then four at a time, both pointers
    // advancing with the limbs done. BMI2 by the caller. No stack use.
    unsafe {
        asm!(
            "test {c1}, {c1}",
            "jz 7f",
            // One limb: t[0] += lo(s v[0]) + c; c = hi + carries.
            "6:",
            "mulx {h}, {lo}, qword ptr [{pv}]",
            "add {lo}, {c}",
            "adc {h}, 0",
            "add qword ptr [{pt}], {lo}",
            "adc {h}, 0",
            "mov {c}, {h}",
            "lea {pv}, [{pv} + 8]",
            "lea {pt}, [{pt} + 8]",
            "dec {c1}",
            "jnz 6b",
            "7:",
            "test {c4}, {c4}",
            "jz 9f",
            "8:",
            "mov {x0}, qword ptr [{pt}]",
            "mov {x1}, qword ptr [{pt} + 8]",
            "mov {x2}, qword ptr [{pt} + 16]",
            "mov {x3}, qword ptr [{pt} + 24]",
            "mulx {h}, {lo}, qword ptr [{pv}]",
            "add {x0}, {lo}",
            "adc {h}, 0",
            "add {x0}, {c}",
            "adc {h}, 0",
            "mulx {c}, {lo}, qword ptr [{pv} + 8]",
            "add {x1}, {lo}",
            "adc {c}, 0",
            "add {x1}, {h}",
            "adc {c}, 0",
            "mulx {h}, {lo}, qword ptr [{pv} + 16]",
            "add {x2}, {lo}",
            "adc {h}, 0",
            "add {x2}, {c}",
            "adc {h}, 0",
            "mulx {c}, {lo}, qword ptr [{pv} + 24]",
            "add {x3}, {lo}",
            "adc {c}, 0",
            "add {x3}, {h}",
            "adc {c}, 0",
            "mov qword ptr [{pt}], {x0}",
            "mov qword ptr [{pt} + 8], {x1}",
            "mov qword ptr [{pt} + 16], {x2}",
            "mov qword ptr [{pt} + 24], {x3}",
            "lea {pv}, [{pv} + 32]",
            "lea {pt}, [{pt} + 32]",
            "dec {c4}",
            "jnz 8b",
            "9:",
            pt = inout(reg) t => _,
            pv = inout(reg) v => _,
            c1 = inout(reg) len % 4 => _,
            c4 = inout(reg) len / 4 => _,
            c = inout(reg) c => c_out,
            x0 = out(reg) _,
            x1 = out(reg) _,
            x2 = out(reg) _,
            x3 = out(reg) _,
            lo = out(reg) _,
            h = out(reg) _,
            in("rdx") s,
            options(nostack),
        );
    }
    c_out
}

/// `r = a^2 * 2^(-64k) mod n`. See `super::sqr`.
///
/// # Safety
/// As for [`mul`].
#[target_feature(enable = "bmi2")]
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
        double_add_diagonal(t, a);
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
