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
//! OpenSSL's `__bn_sqr8x_mont` does, then the triangle doubled plus the
//! diagonal squares, then word-by-word Montgomery reduction over `n`, then
//! the final masked subtraction. Where `k` is a multiple of 4 (every RSA
//! and DH size), both the cross products and the reduction run two rows
//! one limb apart a pass (`mac2`: eight products per step of four limbs,
//! against `mac_row`'s four, and half the passes over `t`): the cross
//! products in blocks of four limbs of `a` (a pair of a block's limbs over
//! every limb above the block; the six products inside a block apart), the
//! reduction with both rows' multipliers from one product modulo 2^128.
//! Other widths take one row a pass (`mac_row`, `t[..len] += s v[..len]`).
//! The final subtraction is two `sbcs` chains four limbs a step
//! (`final_sub4`). On Cortex-A72, by `scripts/mca.sh`, this took the
//! squaring from 3.26 to 2.38 cycles a limb product in its loop, and the
//! final subtraction from 177 to 60 cycles at 16 limbs.
//!
//! Widths below four limbs use the portable kernel. Constant time: no
//! branch or address depends on limb values (`mul`, `umulh` and the add
//! family are data-independent on the cores we know of, as the Arm DIT
//! list states for them); loop counts depend on `k` only.

use core::arch::asm;

use super::{double_add_diagonal, row_tail, soft, with_scratch};

/// `x0..x3 += $m ($v0..$v3) + $c` inside an `asm!` block, four limbs: the
/// four products' low halves on one `adds`/`adcs` chain, closed into
/// `h3` (`hi + 1` cannot overflow), then the high halves shifted up one
/// limb with the incoming carry word `$c` on a second chain, closed into
/// `$c`. Names the operands `l0..l3`, `h0..h3`, `x0..x3` and its
/// arguments.
macro_rules! mac4 {
    ($m:literal, $c:literal, $v0:literal, $v1:literal, $v2:literal, $v3:literal) => {
        concat!(
            "mul {l0}, {",
            $v0,
            "}, {",
            $m,
            "}\n",
            "mul {l1}, {",
            $v1,
            "}, {",
            $m,
            "}\n",
            "mul {l2}, {",
            $v2,
            "}, {",
            $m,
            "}\n",
            "mul {l3}, {",
            $v3,
            "}, {",
            $m,
            "}\n",
            "umulh {h0}, {",
            $v0,
            "}, {",
            $m,
            "}\n",
            "umulh {h1}, {",
            $v1,
            "}, {",
            $m,
            "}\n",
            "umulh {h2}, {",
            $v2,
            "}, {",
            $m,
            "}\n",
            "umulh {h3}, {",
            $v3,
            "}, {",
            $m,
            "}\n",
            "adds {x0}, {x0}, {l0}\n",
            "adcs {x1}, {x1}, {l1}\n",
            "adcs {x2}, {x2}, {l2}\n",
            "adcs {x3}, {x3}, {l3}\n",
            "adc {h3}, {h3}, xzr\n",
            "adds {x0}, {x0}, {",
            $c,
            "}\n",
            "adcs {x1}, {x1}, {h0}\n",
            "adcs {x2}, {x2}, {h1}\n",
            "adcs {x3}, {x3}, {h2}\n",
            "adc {",
            $c,
            "}, {h3}, xzr\n",
        )
    };
}

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
                mac4!("b", "ca", "v0", "v1", "v2", "v3"),
                "ldp {v0}, {v1}, [{pn}]",
                "ldp {v2}, {v3}, [{pn}, #16]",
                mac4!("m", "cn", "v0", "v1", "v2", "v3"),
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
    final_sub4(r, top, n);
}

/// `super::final_sub` (`r + top 2^(64k)` is below `2n`; subtract `n` when
/// it is at least `n`, by a mask) as two `sbcs` chains over four limbs a
/// step when `k` is a multiple of 4: the borrow of `r - n` (results
/// discarded), then `r -= n & mask`. The loops count with `sub` and
/// `cbnz`, which leave the carry flag alone, so each chain runs through
/// the whole number; the portable version keeps its borrow in a register
/// (about 11 cycles a limb for the two passes on Cortex-A72 by llvm-mca,
/// against about 3.75 here). Other widths (and `k = 0`) take the portable
/// one. Out of line, as `scripts/mca.py` expects to find it.
#[inline(never)]
fn final_sub4(r: &mut [u64], top: u64, n: &[u64]) {
    let k = n.len();
    if k == 0 || k % 4 != 0 || r.len() != k {
        return super::final_sub(r, top, n);
    }
    let borrow: u64;
    // SAFETY: `r` and `n` have `k` limbs, `k / 4 >= 1` steps of four; the
    // block only reads them. No stack use.
    unsafe {
        asm!(
            "cmp xzr, xzr", // C = 1: no borrow in
            "2:",
            "ldp {x0}, {x1}, [{pr}]",
            "ldp {x2}, {x3}, [{pr}, #16]",
            "ldp {y0}, {y1}, [{pn}]",
            "ldp {y2}, {y3}, [{pn}, #16]",
            "sbcs xzr, {x0}, {y0}",
            "sbcs xzr, {x1}, {y1}",
            "sbcs xzr, {x2}, {y2}",
            "sbcs xzr, {x3}, {y3}",
            "add {pr}, {pr}, #32",
            "add {pn}, {pn}, #32",
            "sub {cnt}, {cnt}, #1",
            "cbnz {cnt}, 2b",
            "cset {b}, cc",
            pr = inout(reg) r.as_ptr() => _,
            pn = inout(reg) n.as_ptr() => _,
            cnt = inout(reg) k / 4 => _,
            b = out(reg) borrow,
            x0 = out(reg) _,
            x1 = out(reg) _,
            x2 = out(reg) _,
            x3 = out(reg) _,
            y0 = out(reg) _,
            y1 = out(reg) _,
            y2 = out(reg) _,
            y3 = out(reg) _,
            options(nostack, readonly),
        );
    }
    // subtract when top == 1 or r - n did not borrow
    let take = top | (borrow ^ 1);
    let mask = core::hint::black_box(take & 1).wrapping_neg();
    // SAFETY: as above; the block reads `n` and reads and writes `r`.
    unsafe {
        asm!(
            "cmp xzr, xzr",
            "2:",
            "ldp {x0}, {x1}, [{pr}]",
            "ldp {x2}, {x3}, [{pr}, #16]",
            "ldp {y0}, {y1}, [{pn}]",
            "ldp {y2}, {y3}, [{pn}, #16]",
            "and {y0}, {y0}, {m}",
            "and {y1}, {y1}, {m}",
            "and {y2}, {y2}, {m}",
            "and {y3}, {y3}, {m}",
            "sbcs {x0}, {x0}, {y0}",
            "sbcs {x1}, {x1}, {y1}",
            "sbcs {x2}, {x2}, {y2}",
            "sbcs {x3}, {x3}, {y3}",
            "stp {x0}, {x1}, [{pr}]",
            "stp {x2}, {x3}, [{pr}, #16]",
            "add {pr}, {pr}, #32",
            "add {pn}, {pn}, #32",
            "sub {cnt}, {cnt}, #1",
            "cbnz {cnt}, 2b",
            pr = inout(reg) r.as_mut_ptr() => _,
            pn = inout(reg) n.as_ptr() => _,
            cnt = inout(reg) k / 4 => _,
            m = in(reg) mask,
            x0 = out(reg) _,
            x1 = out(reg) _,
            x2 = out(reg) _,
            x3 = out(reg) _,
            y0 = out(reg) _,
            y1 = out(reg) _,
            y2 = out(reg) _,
            y3 = out(reg) _,
            options(nostack),
        );
    }
}

/// `super::double_add_diagonal` (`t = 2 t + sum a[i]^2 2^(128 i)`) for
/// `2 steps` limbs of `a` and `4 steps` of `t`, two limbs of `a` a step:
/// the doubling by `extr` (each limb shifted up one bit with the top bit
/// of the limb below), the squares added on one `adcs` chain through the
/// whole number (the loop counts with `sub` and `cbnz`, which leave the
/// carry alone). The carry out and the top bit are zero: `2 t + sum` is a
/// square below `2^(128 k)`.
///
/// # Safety
/// `t` holds `4 steps` limbs and `a` `2 steps`, `steps >= 1`.
unsafe fn double_add_diagonal2(t: *mut u64, a: *const u64, steps: usize) {
    // SAFETY: the caller guarantees the limbs; the block reads
    // `a[..2 steps]` and reads and writes `t[..4 steps]`, the pointers
    // advancing a step at a time. No stack use.
    unsafe {
        asm!(
            "adds xzr, xzr, xzr", // C = 0
            "mov {prev}, xzr",
            "2:",
            "ldp {a0}, {a1}, [{pa}]",
            "ldp {t0}, {t1}, [{pt}]",
            "ldp {t2}, {t3}, [{pt}, #16]",
            "mul {l0}, {a0}, {a0}",
            "umulh {h0}, {a0}, {a0}",
            "mul {l1}, {a1}, {a1}",
            "umulh {h1}, {a1}, {a1}",
            "extr {d0}, {t0}, {prev}, #63",
            "extr {d1}, {t1}, {t0}, #63",
            "extr {d2}, {t2}, {t1}, #63",
            "extr {d3}, {t3}, {t2}, #63",
            "mov {prev}, {t3}",
            "adcs {d0}, {d0}, {l0}",
            "adcs {d1}, {d1}, {h0}",
            "adcs {d2}, {d2}, {l1}",
            "adcs {d3}, {d3}, {h1}",
            "stp {d0}, {d1}, [{pt}]",
            "stp {d2}, {d3}, [{pt}, #16]",
            "add {pa}, {pa}, #16",
            "add {pt}, {pt}, #32",
            "sub {cnt}, {cnt}, #1",
            "cbnz {cnt}, 2b",
            pt = inout(reg) t => _,
            pa = inout(reg) a => _,
            cnt = inout(reg) steps => _,
            prev = out(reg) _,
            a0 = out(reg) _,
            a1 = out(reg) _,
            t0 = out(reg) _,
            t1 = out(reg) _,
            t2 = out(reg) _,
            t3 = out(reg) _,
            l0 = out(reg) _,
            l1 = out(reg) _,
            h0 = out(reg) _,
            h1 = out(reg) _,
            d0 = out(reg) _,
            d1 = out(reg) _,
            d2 = out(reg) _,
            d3 = out(reg) _,
            options(nostack),
        );
    }
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
            mac4!("s", "c", "v0", "v1", "v2", "v3"),
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
        if k % 4 == 0 {
            cross_products4(t, a);
        } else {
            for i in 0..k - 1 {
                // SAFETY: t has 2k limbs, so t[2i+1 .. i+k] is inside it; a
                // has k limbs, a[i+1..k] is inside.
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
        }
        if k % 4 == 0 {
            // SAFETY: t has 2k limbs, a has k, k / 2 >= 2 steps.
            unsafe { double_add_diagonal2(t.as_mut_ptr(), a.as_ptr(), k / 2) };
        } else {
            double_add_diagonal(t, a);
        }
        let mut top = 0u64;
        if k % 4 == 0 {
            // Two reduction rows a pass ([`mac2`]): rows i and i + 1,
            // their multipliers m0 + m1 2^64 = (t[i] + t[i+1] 2^64) y mod
            // 2^128 with y = -n^-1 mod 2^128 (the digits word-by-word
            // reduction would find one after the other: the only solution
            // below 2^128 of t + m n = 0 mod 2^128), so neither waits for
            // the other.
            let u = n0.wrapping_neg() as u128; // n^-1 mod 2^64
            let n128 = (n[0] as u128) | (n[1] as u128) << 64;
            let y_hi = ((u.wrapping_mul(2u128.wrapping_sub(n128.wrapping_mul(u)))).wrapping_neg()
                >> 64) as u64;
            for i in (0..k).step_by(2) {
                let (t0, t1) = (t[i], t[i + 1]);
                let m0 = t0.wrapping_mul(n0);
                let m1 = (((t0 as u128) * (n0 as u128)) >> 64) as u64;
                let m1 = m1
                    .wrapping_add(t0.wrapping_mul(y_hi))
                    .wrapping_add(t1.wrapping_mul(n0));
                // SAFETY: t[i..i+k] is inside the 2k limbs, n has k limbs,
                // k / 4 >= 1 chunks.
                let (ca, cb) = unsafe { mac2(t.as_mut_ptr().add(i), n.as_ptr(), k / 4, m0, m1) };
                // row i + 1's last product m1 n[k-1], at limbs i + k and
                // i + k + 1, and the carry words into limb i + k
                let p = (m1 as u128) * (n[k - 1] as u128);
                let s = (t[i + k] as u128)
                    + (ca as u128)
                    + (cb as u128)
                    + (p as u64 as u128)
                    + (top as u128);
                t[i + k] = s as u64;
                let s = (t[i + k + 1] as u128) + (p >> 64) + (s >> 64);
                t[i + k + 1] = s as u64;
                top = (s >> 64) as u64;
            }
        } else {
            for i in 0..k {
                let m = t[i].wrapping_mul(n0);
                // SAFETY: t[i..i+k] is inside the 2k limbs; n has k limbs.
                let c = unsafe { mac_row(t.as_mut_ptr().add(i), n.as_ptr(), k, m, 0) };
                let s = (t[i + k] as u128) + (c as u128) + (top as u128);
                t[i + k] = s as u64;
                top = (s >> 64) as u64;
            }
        }
        r[..k].copy_from_slice(&t[k..]);
        final_sub4(&mut r[..k], top, n);
    });
}

/// The cross products `sum a[i] a[j] 2^(64 (i + j))`, `i < j`, into `t`
/// (`2k` limbs, zero on entry), for `k` a positive multiple of 4. With
/// `a` in blocks of four limbs, the six products inside block `p` go to its
/// own window `t[8p..8p + 8]` (disjoint windows, zero on entry: no carry
/// leaves a window); then a limb of block `p` times every limb above the block
/// is a row of length `k - 4 (p + 1)`, a multiple of 4, and the block's two
/// pairs of limbs take their rows two a pass ([`mac2`]: rows `i` and
/// `i + 1` are one limb apart and share their operand `a[4 (p + 1)..]`).
/// A pass ends below limb `i + k`; the caller-side end of the pass adds
/// the carry words and the second row's last product into limbs `i + k`
/// and `i + k + 1` and keeps the carry out of them for the next pass,
/// whose end starts at that limb; the last one ripples to the top.
fn cross_products4(t: &mut [u64], a: &[u64]) {
    let k = a.len();
    // the asm below relies on these (its callers' guarantee, checked)
    assert!(k >= 4 && k.is_multiple_of(4) && t.len() >= 2 * k);
    for p in 0..k / 4 {
        // inside the block: a[4p + x] a[4p + y], x < y, at 8p + x + y
        let b = &a[4 * p..4 * p + 4];
        let w = &mut t[8 * p..8 * p + 8];
        for x in 0..4 {
            for y in x + 1..4 {
                let mut c = (b[x] as u128) * (b[y] as u128);
                for z in &mut w[x + y..] {
                    let s = (*z as u128) + (c as u64 as u128);
                    *z = s as u64;
                    c = (c >> 64) + (s >> 64);
                }
            }
        }
    }
    let mut top = 0u64;
    for p in 0..k / 4 - 1 {
        let rest = k - 4 * (p + 1);
        for i in (4 * p..4 * p + 4).step_by(2) {
            // SAFETY: t[i + 4(p+1)..i + k] is inside the 2k limbs;
            // a[4(p+1)..k] has `rest` limbs, a multiple of 4.
            let (ca, cb) = unsafe {
                mac2(
                    t.as_mut_ptr().add(i + 4 * (p + 1)),
                    a.as_ptr().add(4 * (p + 1)),
                    rest / 4,
                    a[i],
                    a[i + 1],
                )
            };
            let q = (a[i + 1] as u128) * (a[k - 1] as u128);
            let s = (t[i + k] as u128)
                + (ca as u128)
                + (cb as u128)
                + (q as u64 as u128)
                + (top as u128);
            t[i + k] = s as u64;
            let s = (t[i + k + 1] as u128) + (q >> 64) + (s >> 64);
            t[i + k + 1] = s as u64;
            top = (s >> 64) as u64;
        }
    }
    // the last pass (i = k - 6) left its carry for limb 2k - 4
    if k >= 8 {
        for z in &mut t[2 * k - 4..] {
            let s = (*z as u128) + (top as u128);
            *z = s as u64;
            top = (s >> 64) as u64;
        }
    }
}

/// Two multiply-accumulate rows one limb apart in one pass:
/// `t[..4 chunks] += m0 v + m1 v 2^64` over the `4 chunks` limbs of `v`,
/// four limbs a step (limb `j` takes `m0 v[j]` and `m1 v[j - 1]`), each
/// row's low halves and high halves on two `adds`/`adcs` chains closed
/// into its carry word, as `mul`'s rows. The second row reuses the `v`
/// limbs already loaded (the previous step's `v[j + 3]` and this step's
/// first three), so a step loads `t` and `v` once for eight products,
/// where one row a pass ([`mac_row`]) loads them for four. Returns the two
/// carry words into limb `4 chunks`; the second row's product with the
/// last limb of `v` (limbs `4 chunks` and `4 chunks + 1`) is the
/// caller's. The squaring's reduction (rows `i`, `i + 1` over `n`) and
/// its cross products (two limbs of a block of `a` over the limbs above
/// the block) both run on it.
///
/// # Safety
/// `t` and `v` hold at least `4 chunks` limbs, `chunks >= 1`.
#[inline]
unsafe fn mac2(t: *mut u64, v: *const u64, chunks: usize, m0: u64, m1: u64) -> (u64, u64) {
    let (ca, cb): (u64, u64);
    // SAFETY: the caller guarantees `4 chunks` limbs behind both pointers;
    // the block reads `v[..4 chunks]` and reads and writes
    // `t[..4 chunks]`, the pointers advancing four limbs a step. No stack
    // use.
    unsafe {
        asm!(
            "mov {ca}, xzr",
            "mov {cb}, xzr",
            "mov {np}, xzr",
            "2:",
            "ldp {x0}, {x1}, [{pt}]",
            "ldp {x2}, {x3}, [{pt}, #16]",
            "ldp {v0}, {v1}, [{pn}]",
            "ldp {v2}, {v3}, [{pn}, #16]",
            // first row: m0 v[j..j+4] into limbs j..j+4
            mac4!("m0", "ca", "v0", "v1", "v2", "v3"),
            // second row: m1 v[j-1..j+3] into the same limbs
            mac4!("m1", "cb", "np", "v0", "v1", "v2"),
            "mov {np}, {v3}",
            "stp {x0}, {x1}, [{pt}]",
            "stp {x2}, {x3}, [{pt}, #16]",
            "add {pt}, {pt}, #32",
            "add {pn}, {pn}, #32",
            "subs {cnt}, {cnt}, #1",
            "b.ne 2b",
            pt = inout(reg) t => _,
            pn = inout(reg) v => _,
            cnt = inout(reg) chunks => _,
            m0 = in(reg) m0,
            m1 = in(reg) m1,
            ca = out(reg) ca,
            cb = out(reg) cb,
            np = out(reg) _,
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
    (ca, cb)
}
