//! Montgomery multiplication on 32-bit ARM (ARMv6 and later, or Thumb-2
//! with the DSP extension): finely integrated operand scanning over
//! 32-bit words, each multiply-accumulate one `umaal`, in inline `asm!`.
//!
//! The library's `u64` limbs are read as 32-bit words (little-endian:
//! limb `i` is words `2i`, low, and `2i + 1`), so with `K = 2k` words
//! `R = 2^(64k) = 2^(32K)` and `n0' = n0 mod 2^32 = -n^(-1) mod 2^32`: the
//! same Montgomery form as every other kernel.
//!
//! Technique (FIOS, Koç, Acar and Kaliski, "Analyzing and comparing
//! Montgomery multiplication algorithms", IEEE Micro 1996): for each word
//! `b_i`, `m = (t_0 + a_0 b_i) n0' mod 2^32`, then one pass over `j`
//! computes `t = (t + a b_i + m n) / 2^32`, storing word `j` one word down.
//! `UMAAL RdLo, RdHi, Rn, Rm` sets `RdHi:RdLo = Rn Rm + RdHi + RdLo`, which
//! cannot overflow 64 bits, so each product takes its carry word and the
//! running word in one instruction: a word of the pass is two loads
//! (`a_j`, `n_j`), the load of `t_j`, two `umaal` (one carry word for
//! `a b_i`, one for `m n`) and the store: six instructions. LLVM does not
//! form `umaal` from Rust (the same loop in Rust took 15 instructions a
//! word), and the `u128` code of `soft.rs` does worse on a 32-bit CPU:
//! counted under qemu (`scripts/insn-count.sh --target armv7`), one
//! RSA-2048 signature takes 25.1 M instructions with this kernel and
//! 43.1 M with `soft`. The pass runs two words an iteration.
//!
//! `sqr` is `mul(a, a)`. A dedicated squaring (each cross product once,
//! then doubled) would save about a quarter of the `umaal` work of a
//! squaring; it is not written yet.
//!
//! Constant time: loop counts depend on the width only; no branch or
//! address depends on a limb. `umaal` takes a fixed number of cycles
//! (no early termination) on the Cortex-A cores (A7/A8/A9/A15, and
//! A53/A72 in AArch32) and Cortex-M4/M7, as their reference manuals give
//! their multiply timings (not measured; ARM11, Cortex-R and ARMv8-M cores
//! with DSP also get this kernel and were not looked at: SECURITY.md).
//! The ARMv7-M cores whose long multiplies finish early on small operands
//! (Cortex-M3) have no `umaal` and do not get this kernel (it is compiled
//! for little-endian ARM with `umaal`: ARM state from ARMv6, Thumb state
//! with Thumb-2 and DSP, as on ARMv7E-M and ARMv7-A).

use core::arch::asm;

use super::final_sub;

/// The words of `x` (little-endian: the low word of each limb first).
#[inline(always)]
fn words(x: &[u64]) -> &[u32] {
    // SAFETY: a `[u64]` of length `l` is `8 l` initialized bytes, aligned
    // for `u32`; on a little-endian target word `2i` is limb `i`'s low
    // half. The borrow keeps `x` alive and unchanged.
    unsafe { core::slice::from_raw_parts(x.as_ptr().cast::<u32>(), 2 * x.len()) }
}

/// [`words`] for writing.
#[inline(always)]
fn words_mut(x: &mut [u64]) -> &mut [u32] {
    // SAFETY: as in `words`, with the exclusive borrow of `x`.
    unsafe { core::slice::from_raw_parts_mut(x.as_mut_ptr().cast::<u32>(), 2 * x.len()) }
}

/// `r = a * b * 2^(-64k) mod n`. See `super::mul`.
///
/// # Safety
/// `r`, `a`, `b` and `n` have the same length `k >= 1`. (The instructions
/// are base ARMv6 / Thumb-2 DSP ones, which the module's cfg ensures;
/// the function is `unsafe` like the other backends.)
pub unsafe fn mul(r: &mut [u64], a: &[u64], b: &[u64], n: &[u64], n0: u64) {
    let k = n.len();
    assert!(k >= 1 && r.len() == k && a.len() == k && b.len() == k);
    r.fill(0);
    let top = {
        let (t, a, b, nw) = (words_mut(r), words(a), words(b), words(n));
        let kk = 2 * k;
        let n0 = n0 as u32;
        let mut top = 0u32;
        for &bi in b {
            // word 0: fixes m and drops out (t_0 + a_0 b_i + m n_0 = 0
            // mod 2^32)
            let s = a[0] as u64 * bi as u64 + t[0] as u64;
            let lo = s as u32;
            let m = lo.wrapping_mul(n0);
            let c2 = ((m as u64 * nw[0] as u64 + lo as u64) >> 32) as u32;
            // SAFETY: `a` and `nw` have `kk` words, `t` has `kk`: the pass
            // reads `a[1..kk]`, `nw[1..kk]`, `t[1..kk]` and writes
            // `t[0..kk - 1]`.
            let (c1, c2) = unsafe {
                pass(
                    a.as_ptr().add(1),
                    nw.as_ptr().add(1),
                    t.as_mut_ptr(),
                    bi,
                    m,
                    (s >> 32) as u32,
                    c2,
                    kk - 1,
                )
            };
            // t < 2n: the new top word is t_K + c1 + c2, its carry 0 or 1
            let s = top as u64 + c1 as u64 + c2 as u64;
            t[kk - 1] = s as u32;
            top = (s >> 32) as u32;
        }
        top
    };
    final_sub(r, top as u64, n);
}

/// `r = a^2 * 2^(-64k) mod n`: [`mul`] of `a` by itself.
///
/// # Safety
/// As [`mul`].
pub unsafe fn sqr(r: &mut [u64], a: &[u64], n: &[u64], n0: u64) {
    // SAFETY: the caller's conditions are `mul`'s.
    unsafe { mul(r, a, a, n, n0) }
}

/// One word of a pass: `(x, c1) = a_j b_i + t_j + c1`,
/// `(t_{j-1}, c2) = n_j m + x + c2`, the three pointers advanced.
macro_rules! word {
    () => {
        concat!(
            "ldr {aj}, [{pa}], #4\n",
            "ldr {nj}, [{pn}], #4\n",
            "ldr {tj}, [{pt}, #4]\n",
            "umaal {tj}, {c1}, {aj}, {bi}\n",
            "umaal {tj}, {c2}, {nj}, {m}\n",
            "str {tj}, [{pt}], #4\n",
        )
    };
}

/// Words `1..=w` of one FIOS pass (`w` odd): for each `j`,
/// `(x, c1) = a_j b_i + t_j + c1`, `(t_{j-1}, c2) = n_j m + x + c2`, with
/// `pa`, `pn` at `a_1`, `n_1` and `pt` at `t_0`. Returns the two carry
/// words.
///
/// # Safety
/// `pa` and `pn` are valid for reading `w` words, `pt` for reading and
/// writing `w + 1`.
#[allow(clippy::too_many_arguments)] // the pass's registers
#[inline(always)]
unsafe fn pass(
    pa: *const u32,
    pn: *const u32,
    pt: *mut u32,
    bi: u32,
    m: u32,
    c1: u32,
    c2: u32,
    w: usize,
) -> (u32, u32) {
    debug_assert!(w % 2 == 1);
    let (mut c1, mut c2) = (c1, c2);
    // SAFETY: the loads and stores stay within the ranges of the
    // function's contract: one word, then `(w - 1) / 2` pairs.
    unsafe {
        asm!(
            // one word, then pairs
            word!(),
            "cmp {cnt}, #0",
            "beq 3f",
            "2:",
            word!(),
            word!(),
            "subs {cnt}, {cnt}, #1",
            "bne 2b",
            "3:",
            pa = inout(reg) pa => _,
            pn = inout(reg) pn => _,
            pt = inout(reg) pt => _,
            bi = in(reg) bi,
            m = in(reg) m,
            c1 = inout(reg) c1,
            c2 = inout(reg) c2,
            cnt = inout(reg) (w - 1) / 2 => _,
            aj = out(reg) _,
            nj = out(reg) _,
            tj = out(reg) _,
            options(nostack),
        );
    }
    (c1, c2)
}
