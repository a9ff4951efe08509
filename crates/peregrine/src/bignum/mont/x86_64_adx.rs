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
//! Widths that are a multiple of eight limbs (512, 1024, 2048, ... bits:
//! the RSA CRT primes) take the eight-row register windows described at
//! `mac8` below: `sqr` (8 to 32 limbs) as in-register eight-limb triangles
//! (`tri8`), the off-diagonal blocks and a reduction by eight rows at a
//! time with the eight `m` values on the stack (OpenSSL's `sqrx8x` and
//! `__bn_sqrx8x_reduction` structure); `mul` (from 16 limbs) as the product
//! by eight-row blocks and the same reduction. Other widths keep the rows
//! above (for squarings of 48 and 64 limbs the long `mac_row` rows were as
//! fast or faster in interleaved A/B runs). Widths below four limbs (under 256 bits) use the portable kernel.
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
    if k.is_multiple_of(8) && k >= 16 {
        // SAFETY: BMI2/ADX by the caller; every slice has k limbs.
        unsafe { mul8(r, a, b, n, n0) }
    } else {
        // SAFETY: as above, k >= 4.
        unsafe { mul_cios(r, a, b, n, n0) }
    }
}

/// `mul` by fused CIOS rows, four limbs per step (any `k >= 4`).
///
/// # Safety
/// As for [`mul`], with `k >= 4`.
#[target_feature(enable = "bmi2,adx")]
unsafe fn mul_cios(r: &mut [u64], a: &[u64], b: &[u64], n: &[u64], n0: u64) {
    let k = n.len();
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
    if k.is_multiple_of(8) && k <= 32 {
        // SAFETY: BMI2/ADX by the caller; every slice has k limbs.
        unsafe { sqr8(&mut r[..k], &a[..k], n, n0) }
    } else {
        // SAFETY: as above, k >= 4.
        unsafe { sqr_rows(r, a, n, n0) }
    }
}

/// `sqr` by `mac_row` rows (any `k >= 4`).
///
/// # Safety
/// As for [`sqr`], with `k >= 4`.
#[target_feature(enable = "bmi2,adx")]
unsafe fn sqr_rows(r: &mut [u64], a: &[u64], n: &[u64], n0: u64) {
    let k = n.len();
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

// ------------------------------------------------------------------------
// Widths that are a multiple of eight limbs: eight-row register windows.
//
// Technique: the eight-row blocks of OpenSSL's `__bn_sqrx8x_reduction` and
// `mulx4x` (x86_64-mont5.pl), written independently. An eight-limb window
// `W` lives in r8..r15; a row `W += x * y[j..j+8]` is eight `mulx` whose
// low halves enter on the CF chain (`adcx`) and high halves on the OF chain
// (`adox`), the limb that falls out of the bottom (position `j`) is stored
// and the window moves up one limb by register naming (r8 takes `hi0 +
// W1`, ..., r15 the new top), so the eight rows of one block touch memory
// only to load `y` and store their output limbs. At the start of each
// eight-limb chunk the `t` limbs of the chunk are added to the window in
// one `adc` chain whose carry is kept as a mask on the stack and replayed
// (`neg`) at the next chunk. A product of `k` limbs is `k / 8` such blocks
// (multipliers `b[8i..8i+8]`), the squaring's triangle is `k / 8` in-block
// triangles plus `k / 8 - 1` off-diagonal blocks, and the reduction is
// `k / 8` blocks whose first chunk computes the eight `m = t[i] n0` values
// on the fly (and drops the zero limbs), the rest of `n` then using them
// from the stack. Each block returns its carry word, which the next block
// adds at the bottom of its last window (the same position).
// ------------------------------------------------------------------------

/// One row: `W += rdx * [rsi .. rsi + 64]`; the bottom limb falls out in
/// rax, r8..r15 become the window one limb higher. CF = OF = 0 on entry
/// and on exit (the new top `hi7 + CF + OF` cannot overflow: eight limbs
/// plus a 64 x 512-bit product fit in nine).
macro_rules! win_row {
    () => {
        concat!(
            "xor ecx, ecx\n",
            "mov rax, r8\n",
            "mulx r8, rcx, qword ptr [rsi]\n",
            "adcx rax, rcx\n",
            "adox r8, r9\n",
            "mulx r9, rcx, qword ptr [rsi + 8]\n",
            "adcx r8, rcx\n",
            "adox r9, r10\n",
            "mulx r10, rcx, qword ptr [rsi + 16]\n",
            "adcx r9, rcx\n",
            "adox r10, r11\n",
            "mulx r11, rcx, qword ptr [rsi + 24]\n",
            "adcx r10, rcx\n",
            "adox r11, r12\n",
            "mulx r12, rcx, qword ptr [rsi + 32]\n",
            "adcx r11, rcx\n",
            "adox r12, r13\n",
            "mulx r13, rcx, qword ptr [rsi + 40]\n",
            "adcx r12, rcx\n",
            "adox r13, r14\n",
            "mulx r14, rcx, qword ptr [rsi + 48]\n",
            "adcx r13, rcx\n",
            "adox r14, r15\n",
            "mulx r15, rcx, qword ptr [rsi + 56]\n",
            "adcx r14, rcx\n",
            "mov ecx, 0\n",
            "adox r15, rcx\n",
            "adcx r15, rcx\n",
        )
    };
}

/// A row with the multiplier from stack slot `$o` (bytes) and the output
/// limb stored at `[rdi + $o]`.
macro_rules! mac_win_row {
    ($o:literal) => {
        concat!(
            "mov rdx, qword ptr [rsp + ",
            $o,
            "]\n",
            win_row!(),
            "mov qword ptr [rdi + ",
            $o,
            "], rax\n",
        )
    };
}

/// A reduction row: `m = W0 * n0` (n0 at `[rsp + 88]`; by `mulx`, which
/// leaves the flags alone, unlike `imul`), kept in stack slot `$o`; the
/// output limb is zero by the choice of `m` and dropped.
macro_rules! redc_win_row {
    ($o:literal) => {
        concat!(
            "mov rdx, r8\n",
            "mulx rcx, rdx, qword ptr [rsp + 88]\n",
            "mov qword ptr [rsp + ",
            $o,
            "], rdx\n",
            win_row!(),
        )
    };
}

/// The chunk loop and the end of a block. On entry: the window in
/// r8..r15 holds positions `[rdi, rdi + 64)` except for the `t` limbs
/// there, `rsi` points at the next chunk of `y` (the loop runs while
/// `rsi != [rsp + 80]`), the multipliers are in `[rsp .. rsp + 64]`, the
/// chunk carry mask in `[rsp + 64]` (zero) and the carry word to add at
/// the last window's bottom in `[rsp + 72]`. On exit the last window plus
/// the `t` limbs there is stored at `[rdi, rdi + 64)` and rcx is the carry
/// word out.
macro_rules! win_chunks_and_end {
    () => {
        concat!(
            "cmp rsi, qword ptr [rsp + 80]\n",
            "je 3f\n",
            "2:\n",
            // W += t[rdi .. rdi + 64] + the previous chunk's carry.
            "mov rcx, qword ptr [rsp + 64]\n",
            "neg rcx\n",
            "adc r8, qword ptr [rdi]\n",
            "adc r9, qword ptr [rdi + 8]\n",
            "adc r10, qword ptr [rdi + 16]\n",
            "adc r11, qword ptr [rdi + 24]\n",
            "adc r12, qword ptr [rdi + 32]\n",
            "adc r13, qword ptr [rdi + 40]\n",
            "adc r14, qword ptr [rdi + 48]\n",
            "adc r15, qword ptr [rdi + 56]\n",
            "sbb rcx, rcx\n",
            "mov qword ptr [rsp + 64], rcx\n",
            "xor eax, eax\n", // CF = OF = 0
            mac_win_row!("0"),
            mac_win_row!("8"),
            mac_win_row!("16"),
            mac_win_row!("24"),
            mac_win_row!("32"),
            mac_win_row!("40"),
            mac_win_row!("48"),
            mac_win_row!("56"),
            "lea rsi, [rsi + 64]\n",
            "lea rdi, [rdi + 64]\n",
            "cmp rsi, qword ptr [rsp + 80]\n",
            "jne 2b\n",
            "3:\n",
            // The end: W + carry word in + t[rdi .. rdi + 64] + chunk carry.
            "mov rax, qword ptr [rsp + 72]\n",
            "add r8, rax\n",
            "adc r9, 0\n",
            "adc r10, 0\n",
            "adc r11, 0\n",
            "adc r12, 0\n",
            "adc r13, 0\n",
            "adc r14, 0\n",
            "adc r15, 0\n",
            "sbb rax, rax\n",
            "mov rcx, qword ptr [rsp + 64]\n",
            "neg rcx\n",
            "adc r8, qword ptr [rdi]\n",
            "adc r9, qword ptr [rdi + 8]\n",
            "adc r10, qword ptr [rdi + 16]\n",
            "adc r11, qword ptr [rdi + 24]\n",
            "adc r12, qword ptr [rdi + 32]\n",
            "adc r13, qword ptr [rdi + 40]\n",
            "adc r14, qword ptr [rdi + 48]\n",
            "adc r15, qword ptr [rdi + 56]\n",
            "mov qword ptr [rdi], r8\n",
            "mov qword ptr [rdi + 8], r9\n",
            "mov qword ptr [rdi + 16], r10\n",
            "mov qword ptr [rdi + 24], r11\n",
            "mov qword ptr [rdi + 32], r12\n",
            "mov qword ptr [rdi + 40], r13\n",
            "mov qword ptr [rdi + 48], r14\n",
            "mov qword ptr [rdi + 56], r15\n",
            "mov ecx, 0\n",
            "adc rcx, 0\n",
            "sub rcx, rax\n",
        )
    };
}

/// `t[..8 chunks + 8] += sum_r x[r] * y[..8 chunks] * 2^(64 r) + cin *
/// 2^(64 * 8 chunks)`; returns the carry word out (weight `2^(64 * (8
/// chunks + 8))`).
///
/// # Safety
/// BMI2 and ADX; `x` holds 8 limbs, `y` holds `8 * chunks`, `t` holds `8 *
/// chunks + 8`.
#[target_feature(enable = "bmi2,adx")]
unsafe fn mac8(t: *mut u64, y: *const u64, chunks: usize, x: *const u64, cin: u64) -> u64 {
    let c: u64;
    // SAFETY: the block reads x[..8], y[..8 chunks] and reads and writes
    // t[..8 chunks + 8] (rdi advances by 8 limbs per chunk, then the end
    // window), as the caller guarantees. It uses 128 bytes of stack below
    // rsp (no `nostack`), restored before the end. BMI2/ADX by the caller.
    unsafe {
        asm!(
            "sub rsp, 128",
            "mov qword ptr [rsp + 72], rax",
            "mov qword ptr [rsp + 80], rcx",
            "mov rax, qword ptr [rdx]",
            "mov qword ptr [rsp], rax",
            "mov rax, qword ptr [rdx + 8]",
            "mov qword ptr [rsp + 8], rax",
            "mov rax, qword ptr [rdx + 16]",
            "mov qword ptr [rsp + 16], rax",
            "mov rax, qword ptr [rdx + 24]",
            "mov qword ptr [rsp + 24], rax",
            "mov rax, qword ptr [rdx + 32]",
            "mov qword ptr [rsp + 32], rax",
            "mov rax, qword ptr [rdx + 40]",
            "mov qword ptr [rsp + 40], rax",
            "mov rax, qword ptr [rdx + 48]",
            "mov qword ptr [rsp + 48], rax",
            "mov rax, qword ptr [rdx + 56]",
            "mov qword ptr [rsp + 56], rax",
            "mov qword ptr [rsp + 64], 0",
            "xor r8d, r8d",
            "xor r9d, r9d",
            "xor r10d, r10d",
            "xor r11d, r11d",
            "xor r12d, r12d",
            "xor r13d, r13d",
            "xor r14d, r14d",
            "xor r15d, r15d",
            win_chunks_and_end!(),
            "add rsp, 128",
            inout("rdi") t => _,
            inout("rsi") y => _,
            inout("rdx") x => _,
            inout("rax") cin => _,
            inout("rcx") y.wrapping_add(8 * chunks) => c,
            out("r8") _,
            out("r9") _,
            out("r10") _,
            out("r11") _,
            out("r12") _,
            out("r13") _,
            out("r14") _,
            out("r15") _,
        );
    }
    c
}

/// One eight-row block of the Montgomery reduction of `t` (at least `k +
/// 8` limbs from `t`) by `n` (`k` limbs, `k % 8 == 0`): `t += (sum_r m_r
/// 2^(64 r)) * n + cin * 2^(64 k)` with `m_r` chosen so that `t[..8]`
/// becomes zero; returns the carry word out (weight `2^(64 (k + 8))`).
///
/// # Safety
/// BMI2 and ADX; `t` holds `k + 8` limbs, `n` holds `k >= 8`, `k % 8 == 0`.
#[target_feature(enable = "bmi2,adx")]
unsafe fn redc8_block(t: *mut u64, n: *const u64, k: usize, n0: u64, cin: u64) -> u64 {
    let c: u64;
    // SAFETY: the block reads n[..k] and reads and writes t[..k + 8] (the
    // first window is t[..8], then k / 8 - 1 chunks and the end window
    // from t + 8), as the caller guarantees. 128 bytes of stack below rsp,
    // restored. BMI2/ADX by the caller.
    unsafe {
        asm!(
            "sub rsp, 128",
            "mov qword ptr [rsp + 72], rax",
            "mov qword ptr [rsp + 80], rcx",
            "mov qword ptr [rsp + 88], rdx",
            "mov r8, qword ptr [rdi]",
            "mov r9, qword ptr [rdi + 8]",
            "mov r10, qword ptr [rdi + 16]",
            "mov r11, qword ptr [rdi + 24]",
            "mov r12, qword ptr [rdi + 32]",
            "mov r13, qword ptr [rdi + 40]",
            "mov r14, qword ptr [rdi + 48]",
            "mov r15, qword ptr [rdi + 56]",
            "xor eax, eax", // CF = OF = 0
            redc_win_row!("0"),
            redc_win_row!("8"),
            redc_win_row!("16"),
            redc_win_row!("24"),
            redc_win_row!("32"),
            redc_win_row!("40"),
            redc_win_row!("48"),
            redc_win_row!("56"),
            "lea rsi, [rsi + 64]",
            "lea rdi, [rdi + 64]",
            "mov qword ptr [rsp + 64], 0",
            win_chunks_and_end!(),
            "add rsp, 128",
            inout("rdi") t => _,
            inout("rsi") n => _,
            inout("rdx") n0 => _,
            inout("rax") cin => _,
            inout("rcx") n.wrapping_add(k) => c,
            out("r8") _,
            out("r9") _,
            out("r10") _,
            out("r11") _,
            out("r12") _,
            out("r13") _,
            out("r14") _,
            out("r15") _,
        );
    }
    c
}

/// `t[..16] = sum_(i < j < 8) a[i] a[j] 2^(64 (i + j))`, the triangle of
/// one eight-limb block, entirely in registers: position `p` of the
/// result lives in register `r(8 + p % 8)` (row `i` touches positions `2i +
/// 1 ..= i + 8`, at most eight at once), and positions `2i + 1` and `2i +
/// 2` are final after row `i` and stored. Writes `t[1..15]`; `t[0]` and
/// `t[15]` are left alone (they are zero in the triangle).
///
/// # Safety
/// BMI2 and ADX; `t` holds 16 limbs, `a` holds 8.
#[target_feature(enable = "bmi2,adx")]
unsafe fn tri8(t: *mut u64, a: *const u64) {
    // SAFETY: reads a[..8], writes t[1..15], as the caller guarantees; no
    // stack. BMI2/ADX by the caller.
    unsafe {
        asm!(
            "xor r9d, r9d",
            "xor r10d, r10d",
            "xor r11d, r11d",
            "xor r12d, r12d",
            "xor r13d, r13d",
            "xor r14d, r14d",
            "xor r15d, r15d",
            // Row 0: a[0] * a[1..8] at positions 1..8.
            "xor ecx, ecx", // CF = OF = 0
            "mov rdx, qword ptr [rsi + 0]",
            "mulx rax, rcx, qword ptr [rsi + 8]",
            "adcx r9, rcx",
            "adox r10, rax",
            "mulx rax, rcx, qword ptr [rsi + 16]",
            "adcx r10, rcx",
            "adox r11, rax",
            "mulx rax, rcx, qword ptr [rsi + 24]",
            "adcx r11, rcx",
            "adox r12, rax",
            "mulx rax, rcx, qword ptr [rsi + 32]",
            "adcx r12, rcx",
            "adox r13, rax",
            "mulx rax, rcx, qword ptr [rsi + 40]",
            "adcx r13, rcx",
            "adox r14, rax",
            "mulx rax, rcx, qword ptr [rsi + 48]",
            "adcx r14, rcx",
            "adox r15, rax",
            "mulx r8, rcx, qword ptr [rsi + 56]",
            "adcx r15, rcx",
            "mov ecx, 0",
            "adox r8, rcx",
            "adcx r8, rcx",
            "mov qword ptr [rdi + 8], r9",
            "mov qword ptr [rdi + 16], r10",
            // Row 1: a[1] * a[2..8] at positions 3..9.
            "xor ecx, ecx", // CF = OF = 0
            "mov rdx, qword ptr [rsi + 8]",
            "mulx rax, rcx, qword ptr [rsi + 16]",
            "adcx r11, rcx",
            "adox r12, rax",
            "mulx rax, rcx, qword ptr [rsi + 24]",
            "adcx r12, rcx",
            "adox r13, rax",
            "mulx rax, rcx, qword ptr [rsi + 32]",
            "adcx r13, rcx",
            "adox r14, rax",
            "mulx rax, rcx, qword ptr [rsi + 40]",
            "adcx r14, rcx",
            "adox r15, rax",
            "mulx rax, rcx, qword ptr [rsi + 48]",
            "adcx r15, rcx",
            "adox r8, rax",
            "mulx r9, rcx, qword ptr [rsi + 56]",
            "adcx r8, rcx",
            "mov ecx, 0",
            "adox r9, rcx",
            "adcx r9, rcx",
            "mov qword ptr [rdi + 24], r11",
            "mov qword ptr [rdi + 32], r12",
            // Row 2: a[2] * a[3..8] at positions 5..10.
            "xor ecx, ecx", // CF = OF = 0
            "mov rdx, qword ptr [rsi + 16]",
            "mulx rax, rcx, qword ptr [rsi + 24]",
            "adcx r13, rcx",
            "adox r14, rax",
            "mulx rax, rcx, qword ptr [rsi + 32]",
            "adcx r14, rcx",
            "adox r15, rax",
            "mulx rax, rcx, qword ptr [rsi + 40]",
            "adcx r15, rcx",
            "adox r8, rax",
            "mulx rax, rcx, qword ptr [rsi + 48]",
            "adcx r8, rcx",
            "adox r9, rax",
            "mulx r10, rcx, qword ptr [rsi + 56]",
            "adcx r9, rcx",
            "mov ecx, 0",
            "adox r10, rcx",
            "adcx r10, rcx",
            "mov qword ptr [rdi + 40], r13",
            "mov qword ptr [rdi + 48], r14",
            // Row 3: a[3] * a[4..8] at positions 7..11.
            "xor ecx, ecx", // CF = OF = 0
            "mov rdx, qword ptr [rsi + 24]",
            "mulx rax, rcx, qword ptr [rsi + 32]",
            "adcx r15, rcx",
            "adox r8, rax",
            "mulx rax, rcx, qword ptr [rsi + 40]",
            "adcx r8, rcx",
            "adox r9, rax",
            "mulx rax, rcx, qword ptr [rsi + 48]",
            "adcx r9, rcx",
            "adox r10, rax",
            "mulx r11, rcx, qword ptr [rsi + 56]",
            "adcx r10, rcx",
            "mov ecx, 0",
            "adox r11, rcx",
            "adcx r11, rcx",
            "mov qword ptr [rdi + 56], r15",
            "mov qword ptr [rdi + 64], r8",
            // Row 4: a[4] * a[5..8] at positions 9..12.
            "xor ecx, ecx", // CF = OF = 0
            "mov rdx, qword ptr [rsi + 32]",
            "mulx rax, rcx, qword ptr [rsi + 40]",
            "adcx r9, rcx",
            "adox r10, rax",
            "mulx rax, rcx, qword ptr [rsi + 48]",
            "adcx r10, rcx",
            "adox r11, rax",
            "mulx r12, rcx, qword ptr [rsi + 56]",
            "adcx r11, rcx",
            "mov ecx, 0",
            "adox r12, rcx",
            "adcx r12, rcx",
            "mov qword ptr [rdi + 72], r9",
            "mov qword ptr [rdi + 80], r10",
            // Row 5: a[5] * a[6..8] at positions 11..13.
            "xor ecx, ecx", // CF = OF = 0
            "mov rdx, qword ptr [rsi + 40]",
            "mulx rax, rcx, qword ptr [rsi + 48]",
            "adcx r11, rcx",
            "adox r12, rax",
            "mulx r13, rcx, qword ptr [rsi + 56]",
            "adcx r12, rcx",
            "mov ecx, 0",
            "adox r13, rcx",
            "adcx r13, rcx",
            "mov qword ptr [rdi + 88], r11",
            "mov qword ptr [rdi + 96], r12",
            // Row 6: a[6] * a[7..8] at positions 13..14.
            "xor ecx, ecx", // CF = OF = 0
            "mov rdx, qword ptr [rsi + 48]",
            "mulx r14, rcx, qword ptr [rsi + 56]",
            "adcx r13, rcx",
            "mov ecx, 0",
            "adox r14, rcx",
            "adcx r14, rcx",
            "mov qword ptr [rdi + 104], r13",
            "mov qword ptr [rdi + 112], r14",
            in("rdi") t,
            in("rsi") a,
            out("rax") _,
            out("rcx") _,
            out("rdx") _,
            out("r8") _,
            out("r9") _,
            out("r10") _,
            out("r11") _,
            out("r12") _,
            out("r13") _,
            out("r14") _,
            out("r15") _,
            options(nostack),
        );
    }
}

/// `r = (t + top * 2^(64k)) mod n` for `t + top * 2^(64k) < 2n` (`top` is 0
/// or 1), `k % 4 == 0`: the last step of the kernels, from the scratch
/// into `r`, replacing copy plus [`final_sub`] (whose borrow LLVM keeps in
/// a byte register, `setb` and `add 0xff` per limb). Pass 1 stores the
/// difference `d = t - n` in `r` with one `sbb` chain (the loop's
/// `dec`/`jnz` leave CF alone); the borrow and `top` make a mask that is
/// all ones when `t` itself is the answer (borrow and no top); pass 2 sets
/// `r = d ^ ((t ^ d) & mask)` limb by limb, without a carry chain. No
/// branch on the values.
///
/// # Safety
/// `r`, `t` and `n` hold `k` limbs, `k >= 4`, `k % 4 == 0`.
#[inline]
unsafe fn final_sub_from(r: *mut u64, t: *const u64, n: *const u64, k: usize, top: u64) {
    // SAFETY: both loops run k / 4 times over four limbs, reading t[..k],
    // n[..k] and writing r[..k] (pass 2 reads r back), as the caller
    // guarantees. No stack.
    unsafe {
        asm!(
            "mov {c}, {q}",
            "xor {x:e}, {x:e}", // CF = 0
            "2:",
            "mov {x}, qword ptr [{pt}]",
            "sbb {x}, qword ptr [{pn}]",
            "mov qword ptr [{pr}], {x}",
            "mov {x}, qword ptr [{pt} + 8]",
            "sbb {x}, qword ptr [{pn} + 8]",
            "mov qword ptr [{pr} + 8], {x}",
            "mov {x}, qword ptr [{pt} + 16]",
            "sbb {x}, qword ptr [{pn} + 16]",
            "mov qword ptr [{pr} + 16], {x}",
            "mov {x}, qword ptr [{pt} + 24]",
            "sbb {x}, qword ptr [{pn} + 24]",
            "mov qword ptr [{pr} + 24], {x}",
            "lea {pt}, [{pt} + 32]",
            "lea {pn}, [{pn} + 32]",
            "lea {pr}, [{pr} + 32]",
            "dec {c}",
            "jnz 2b",
            // mask = -borrow & (top - 1): keep t when it was below n and
            // there is no top bit.
            "sbb {x}, {x}",
            "sub {top}, 1",
            "and {top}, {x}",
            "mov {c}, {q}",
            "shl {q}, 5",
            "sub {pt}, {q}",
            "sub {pr}, {q}",
            "3:",
            "mov {x}, qword ptr [{pt}]",
            "mov {y}, qword ptr [{pt} + 8]",
            "xor {x}, qword ptr [{pr}]",
            "xor {y}, qword ptr [{pr} + 8]",
            "and {x}, {top}",
            "and {y}, {top}",
            "xor qword ptr [{pr}], {x}",
            "xor qword ptr [{pr} + 8], {y}",
            "mov {x}, qword ptr [{pt} + 16]",
            "mov {y}, qword ptr [{pt} + 24]",
            "xor {x}, qword ptr [{pr} + 16]",
            "xor {y}, qword ptr [{pr} + 24]",
            "and {x}, {top}",
            "and {y}, {top}",
            "xor qword ptr [{pr} + 16], {x}",
            "xor qword ptr [{pr} + 24], {y}",
            "lea {pt}, [{pt} + 32]",
            "lea {pr}, [{pr} + 32]",
            "dec {c}",
            "jnz 3b",
            pt = inout(reg) t => _,
            pn = inout(reg) n => _,
            pr = inout(reg) r => _,
            q = inout(reg) k / 4 => _,
            top = inout(reg) top => _,
            c = out(reg) _,
            x = out(reg) _,
            y = out(reg) _,
            options(nostack),
        );
    }
}

/// Montgomery reduction of the `2k`-limb `t` by blocks of eight rows; the
/// result is in `t[k..]` plus the returned top word.
///
/// # Safety
/// BMI2 and ADX; `t.len() == 2 * n.len()`, `n.len() % 8 == 0`, `n.len() >= 8`.
#[target_feature(enable = "bmi2,adx")]
#[inline]
unsafe fn redc8(t: &mut [u64], n: &[u64], n0: u64) -> u64 {
    let k = n.len();
    debug_assert!(t.len() == 2 * k && k.is_multiple_of(8) && k >= 8);
    let mut top = 0u64;
    for b in 0..k / 8 {
        // SAFETY: t[8b .. 8b + k + 8] is inside the 2k limbs (8b + 8 <= k).
        top = unsafe { redc8_block(t.as_mut_ptr().add(8 * b), n.as_ptr(), k, n0, top) };
    }
    top
}

/// `mul` for `k % 8 == 0`: the product by `k / 8` eight-row blocks, then
/// [`redc8`].
///
/// # Safety
/// BMI2 and ADX; all slices `k` limbs, `k % 8 == 0`, `k >= 8`.
#[target_feature(enable = "bmi2,adx")]
unsafe fn mul8(r: &mut [u64], a: &[u64], b: &[u64], n: &[u64], n0: u64) {
    let k = n.len();
    with_scratch(2 * k, |t| {
        let mut c = 0u64;
        for i in 0..k / 8 {
            // SAFETY: t[8i .. 8i + k + 8] is inside the 2k limbs; a has k
            // limbs (k / 8 chunks), b[8i .. 8i + 8] is inside b.
            c = unsafe {
                mac8(
                    t.as_mut_ptr().add(8 * i),
                    a.as_ptr(),
                    k / 8,
                    b.as_ptr().add(8 * i),
                    c,
                )
            };
        }
        debug_assert_eq!(c, 0);
        // SAFETY: BMI2/ADX by the caller; t has 2k limbs, k % 8 == 0.
        let top = unsafe { redc8(t, n, n0) };
        // SAFETY: r, t[k..] and n hold k limbs, k % 8 == 0.
        unsafe { final_sub_from(r.as_mut_ptr(), t.as_ptr().add(k), n.as_ptr(), k, top) };
    });
}

/// `sqr` for `k % 8 == 0`: the triangle as `k / 8` in-block triangles (by
/// `mac_row`, each into its own 16 limbs) plus `k / 8 - 1` off-diagonal
/// eight-row blocks, doubled with the diagonal added, then [`redc8`].
///
/// # Safety
/// BMI2 and ADX; all slices `k` limbs, `k % 8 == 0`, `k >= 8`.
#[target_feature(enable = "bmi2,adx")]
unsafe fn sqr8(r: &mut [u64], a: &[u64], n: &[u64], n0: u64) {
    let k = n.len();
    let blocks = k / 8;
    with_scratch(2 * k, |t| {
        for b in 0..blocks {
            // SAFETY: t[16b .. 16b + 16] is inside the 2k limbs, a[8b ..
            // 8b + 8] inside a.
            unsafe { tri8(t.as_mut_ptr().add(16 * b), a.as_ptr().add(8 * b)) };
        }
        let mut c = 0u64;
        for b in 0..blocks - 1 {
            // SAFETY: t[16b + 8 .. 8b + k + 8] is inside the 2k limbs;
            // a[8b + 8 .. k] is k - 8b - 8 = 8 (blocks - 1 - b) limbs.
            c = unsafe {
                mac8(
                    t.as_mut_ptr().add(16 * b + 8),
                    a.as_ptr().add(8 * b + 8),
                    blocks - 1 - b,
                    a.as_ptr().add(8 * b),
                    c,
                )
            };
        }
        // The last off-diagonal block's carry sits at t[2k - 8].
        for x in &mut t[2 * k - 8..] {
            let (s, o) = x.overflowing_add(c);
            *x = s;
            c = o as u64;
        }
        // SAFETY: BMI2/ADX by the caller; t has 2k limbs, a has k.
        unsafe { double_add_diagonal(t, a) };
        // SAFETY: as above.
        let top = unsafe { redc8(t, n, n0) };
        // SAFETY: r, t[k..] and n hold k limbs, k % 8 == 0.
        unsafe { final_sub_from(r.as_mut_ptr(), t.as_ptr().add(k), n.as_ptr(), k, top) };
    });
}
