//! Montgomery multiplication and squaring for aarch64 with `mul`/`umulh`
//! and `adds`/`adcs`, in inline `asm!`, four limbs per inner step.
//!
//! Technique: the structure of OpenSSL's `armv8-mont.pl`, written
//! independently. `mul` runs, per limb `b[i]`, the fused CIOS row
//! `t = (t + a * b[i] + m * n) / 2^64` four limbs at a time: the four low
//! halves go into `t` on one `adds`/`adcs` chain and the four high halves
//! (shifted up one limb, with the incoming carry word) on a second chain
//! that follows it, each closed into the outgoing carry word with `adc`
//! (`hi + 1` cannot overflow). With 31 registers, all eight products of a
//! step are in flight before the additions start. The `m * n` half of the
//! row stores one limb lower (the division by 2^64).
//!
//! `sqr` computes each cross product `a[i] * a[j]` (`i < j`) once, as
//! OpenSSL's `__bn_sqr8x_mont` does: rows of `mac_row`
//! (`t[..len] += s * v[..len]`), then the triangle doubled plus the
//! diagonal squares, then word-by-word Montgomery reduction with `mac_row`
//! over `n`, then the final masked subtraction.
//!
//! Widths below four limbs use the portable kernel. Constant time: no
//! branch or address depends on limb values (`mul`, `umulh` and the add
//! family are data-independent on the cores we know of, as the Arm DIT
//! list states for them); loop counts depend on `k` only.

use core::arch::asm;

use super::{double_add_diagonal, final_sub, row_tail, soft, with_scratch};

/// `r = a * b * 2^(-64k) mod n`. See `super::mul`.
///
/// # Safety
/// `r`, `a`, `b` and `n` have the same length `k >= 1`. (The instructions
/// are all base ARMv8-A; the function is `unsafe` like the other backends
/// so the dispatcher treats every kernel alike.)
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
        // SAFETY: `r`, `a`, `n` have `k >= 4` limbs; the block reads
        // `a[..4 * chunks]`, `n[..4 * chunks]` and `r[..4 * chunks]` and
        // writes `r[..4 * chunks - 1]` (one limb lower), through pointers
        // that advance four limbs per step for `chunks` steps. No stack
        // use; the flags are clobbered (the default).
        unsafe {
            asm!(
                // First four limbs, ca = cn = 0; limb 0 of the result is 0
                // mod 2^64 by the choice of m and is not stored.
                "mov {ca}, xzr",
                "mov {cn}, xzr",
                "ldp {x0}, {x1}, [{pt}]",
                "ldp {x2}, {x3}, [{pt}, #16]",
                "ldp {v0}, {v1}, [{pa}]",
                "ldp {v2}, {v3}, [{pa}, #16]",
                "mul {l0}, {v0}, {b}",
                "mul {l1}, {v1}, {b}",
                "mul {l2}, {v2}, {b}",
                "mul {l3}, {v3}, {b}",
                "umulh {h0}, {v0}, {b}",
                "umulh {h1}, {v1}, {b}",
                "umulh {h2}, {v2}, {b}",
                "umulh {h3}, {v3}, {b}",
                "adds {x0}, {x0}, {l0}",
                "adcs {x1}, {x1}, {l1}",
                "adcs {x2}, {x2}, {l2}",
                "adcs {x3}, {x3}, {l3}",
                "adc {h3}, {h3}, xzr",
                "adds {x1}, {x1}, {h0}",
                "adcs {x2}, {x2}, {h1}",
                "adcs {x3}, {x3}, {h2}",
                "adc {ca}, {h3}, xzr",
                "ldp {v0}, {v1}, [{pn}]",
                "ldp {v2}, {v3}, [{pn}, #16]",
                "mul {l0}, {v0}, {m}",
                "mul {l1}, {v1}, {m}",
                "mul {l2}, {v2}, {m}",
                "mul {l3}, {v3}, {m}",
                "umulh {h0}, {v0}, {m}",
                "umulh {h1}, {v1}, {m}",
                "umulh {h2}, {v2}, {m}",
                "umulh {h3}, {v3}, {m}",
                "adds {x0}, {x0}, {l0}",
                "adcs {x1}, {x1}, {l1}",
                "adcs {x2}, {x2}, {l2}",
                "adcs {x3}, {x3}, {l3}",
                "adc {h3}, {h3}, xzr",
                "adds {x1}, {x1}, {h0}",
                "adcs {x2}, {x2}, {h1}",
                "adcs {x3}, {x3}, {h2}",
                "adc {cn}, {h3}, xzr",
                "str {x1}, [{pt}]",
                "stp {x2}, {x3}, [{pt}, #8]",
                "add {pa}, {pa}, #32",
                "add {pn}, {pn}, #32",
                "add {pt}, {pt}, #32",
                "cbz {cnt}, 3f",
                // Four limbs per step: x = t[j..j+4] + a[j..j+4] b + ca,
                // then x += n[j..j+4] m + cn, stored at t[j-1..j+3].
                "2:",
                "ldp {x0}, {x1}, [{pt}]",
                "ldp {x2}, {x3}, [{pt}, #16]",
                "ldp {v0}, {v1}, [{pa}]",
                "ldp {v2}, {v3}, [{pa}, #16]",
                "mul {l0}, {v0}, {b}",
                "mul {l1}, {v1}, {b}",
                "mul {l2}, {v2}, {b}",
                "mul {l3}, {v3}, {b}",
                "umulh {h0}, {v0}, {b}",
                "umulh {h1}, {v1}, {b}",
                "umulh {h2}, {v2}, {b}",
                "umulh {h3}, {v3}, {b}",
                "adds {x0}, {x0}, {l0}",
                "adcs {x1}, {x1}, {l1}",
                "adcs {x2}, {x2}, {l2}",
                "adcs {x3}, {x3}, {l3}",
                "adc {h3}, {h3}, xzr",
                "adds {x0}, {x0}, {ca}",
                "adcs {x1}, {x1}, {h0}",
                "adcs {x2}, {x2}, {h1}",
                "adcs {x3}, {x3}, {h2}",
                "adc {ca}, {h3}, xzr",
                "ldp {v0}, {v1}, [{pn}]",
                "ldp {v2}, {v3}, [{pn}, #16]",
                "mul {l0}, {v0}, {m}",
                "mul {l1}, {v1}, {m}",
                "mul {l2}, {v2}, {m}",
                "mul {l3}, {v3}, {m}",
                "umulh {h0}, {v0}, {m}",
                "umulh {h1}, {v1}, {m}",
                "umulh {h2}, {v2}, {m}",
                "umulh {h3}, {v3}, {m}",
                "adds {x0}, {x0}, {l0}",
                "adcs {x1}, {x1}, {l1}",
                "adcs {x2}, {x2}, {l2}",
                "adcs {x3}, {x3}, {l3}",
                "adc {h3}, {h3}, xzr",
                "adds {x0}, {x0}, {cn}",
                "adcs {x1}, {x1}, {h0}",
                "adcs {x2}, {x2}, {h1}",
                "adcs {x3}, {x3}, {h2}",
                "adc {cn}, {h3}, xzr",
                "stp {x0}, {x1}, [{pt}, #-8]",
                "stp {x2}, {x3}, [{pt}, #8]",
                "add {pa}, {pa}, #32",
                "add {pn}, {pn}, #32",
                "add {pt}, {pt}, #32",
                "subs {cnt}, {cnt}, #1",
                "b.ne 2b",
                "3:",
                pa = inout(reg) a.as_ptr() => _,
                pn = inout(reg) n.as_ptr() => _,
                pt = inout(reg) r.as_mut_ptr() => _,
                cnt = inout(reg) chunks - 1 => _,
                b = in(reg) bi,
                m = in(reg) m,
                ca = out(reg) ca,
                cn = out(reg) cn,
                x0 = out(reg) _,
                x1 = out(reg) _,
                x2 = out(reg) _,
                x3 = out(reg) _,
                v0 = out(reg) _,
                v1 = out(reg) _,
                v2 = out(reg) _,
                v3 = out(reg) _,
                l0 = out(reg) _,
                l1 = out(reg) _,
                l2 = out(reg) _,
                l3 = out(reg) _,
                h0 = out(reg) _,
                h1 = out(reg) _,
                h2 = out(reg) _,
                h3 = out(reg) _,
                options(nostack),
            );
        }
        top = row_tail(r, a, n, (bi, m), (ca, cn), tail, top);
    }
    final_sub(r, top, n);
}

/// `t[..len] += s * v[..len] + c`, returning the carry word out.
///
/// # Safety
/// `t` and `v` hold at least `len` limbs.
#[inline]
unsafe fn mac_row(t: *mut u64, v: *const u64, len: usize, s: u64, c: u64) -> u64 {
    let c_out: u64;
    // SAFETY: the caller guarantees `len` limbs behind both pointers; the
    // block reads `v[..len]` and reads and writes `t[..len]`, one limb at a
    // time for `len % 4` limbs, then four at a time, the pointers advancing
    // with the limbs done. No stack use.
    unsafe {
        asm!(
            "cbz {c1}, 3f",
            "2:",
            "ldr {v0}, [{pv}], #8",
            "ldr {x0}, [{pt}]",
            "mul {l0}, {v0}, {s}",
            "umulh {h0}, {v0}, {s}",
            "adds {x0}, {x0}, {l0}",
            "adc {h0}, {h0}, xzr",
            "adds {x0}, {x0}, {c}",
            "adc {c}, {h0}, xzr",
            "str {x0}, [{pt}], #8",
            "subs {c1}, {c1}, #1",
            "b.ne 2b",
            "3:",
            "cbz {c4}, 5f",
            "4:",
            "ldp {x0}, {x1}, [{pt}]",
            "ldp {x2}, {x3}, [{pt}, #16]",
            "ldp {v0}, {v1}, [{pv}]",
            "ldp {v2}, {v3}, [{pv}, #16]",
            "mul {l0}, {v0}, {s}",
            "mul {l1}, {v1}, {s}",
            "mul {l2}, {v2}, {s}",
            "mul {l3}, {v3}, {s}",
            "umulh {h0}, {v0}, {s}",
            "umulh {h1}, {v1}, {s}",
            "umulh {h2}, {v2}, {s}",
            "umulh {h3}, {v3}, {s}",
            "adds {x0}, {x0}, {l0}",
            "adcs {x1}, {x1}, {l1}",
            "adcs {x2}, {x2}, {l2}",
            "adcs {x3}, {x3}, {l3}",
            "adc {h3}, {h3}, xzr",
            "adds {x0}, {x0}, {c}",
            "adcs {x1}, {x1}, {h0}",
            "adcs {x2}, {x2}, {h1}",
            "adcs {x3}, {x3}, {h2}",
            "adc {c}, {h3}, xzr",
            "stp {x0}, {x1}, [{pt}]",
            "stp {x2}, {x3}, [{pt}, #16]",
            "add {pv}, {pv}, #32",
            "add {pt}, {pt}, #32",
            "subs {c4}, {c4}, #1",
            "b.ne 4b",
            "5:",
            pt = inout(reg) t => _,
            pv = inout(reg) v => _,
            c1 = inout(reg) len % 4 => _,
            c4 = inout(reg) len / 4 => _,
            c = inout(reg) c => c_out,
            s = in(reg) s,
            x0 = out(reg) _,
            x1 = out(reg) _,
            x2 = out(reg) _,
            x3 = out(reg) _,
            v0 = out(reg) _,
            v1 = out(reg) _,
            v2 = out(reg) _,
            v3 = out(reg) _,
            l0 = out(reg) _,
            l1 = out(reg) _,
            l2 = out(reg) _,
            l3 = out(reg) _,
            h0 = out(reg) _,
            h1 = out(reg) _,
            h2 = out(reg) _,
            h3 = out(reg) _,
            options(nostack),
        );
    }
    c_out
}

/// `r = a^2 * 2^(-64k) mod n`. See `super::sqr`.
///
/// # Safety
/// As for [`mul`].
pub unsafe fn sqr(r: &mut [u64], a: &[u64], n: &[u64], n0: u64) {
    let k = n.len();
    debug_assert!(r.len() == k && a.len() == k);
    if k < 4 {
        return soft::sqr(r, a, n, n0);
    }
    with_scratch(2 * k, |t| {
        for i in 0..k - 1 {
            // SAFETY: t has 2k limbs, so t[2i+1 .. i+k] is inside it; a has
            // k limbs, a[i+1..k] is inside.
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
