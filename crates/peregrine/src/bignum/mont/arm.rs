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
//! RSA-2048 signature takes 24.0 M instructions with this kernel (25.1 M
//! before the squaring below) and 43.1 M with `soft`.
//!
//! Every pass is software-pipelined: a step does the second product of
//! word `j`, then the first product of word `j + 1`, then stores word
//! `j - 1` ([`pipelined`]), so its two `umaal` are on different carry chains
//! and no instruction waits on the one before it. In llvm-mca's Cortex-A9
//! model a `umaal` occupies the multiplier for three cycles and gives its
//! result after five; in the order "both products of a word, then its
//! store" an in-order core waits out that latency twice a word. llvm-mca's
//! Cortex-A9 model gives the pipelined pass 8 cycles a word against 14,
//! and one RSA-2048 signature 23.0 M cycles against 34.7 M
//! (`INSN_MCA=1 scripts/insn-count.sh --target armv7`, an estimate; the
//! portable `u128` code 26.2 M), for 7% more instructions (the squaring's
//! steps load a word twice).
//!
//! `sqr` is a dedicated squaring: each cross product `a_i a_j` (`i < j`)
//! once, into a `2K`-word product, doubled with the diagonal squares
//! added, then reduced word by word (`t += m_i n 2^(32 i)`). Both the cross
//! products and the reduction run two rows a pass, one word apart (rows
//! `i` and `i + 1` of `a`; multipliers `m_i`, `m_{i+1}`), so a word of the
//! pass is the two rows' operands (the second row's two words behind the
//! first's), the load of `t_p`, two `umaal` and the store: six
//! instructions for two products, as in the product, with no separate
//! multiplier word per row. The two multipliers of a reduction pass come from one 64-bit
//! product, `m_i + m_{i+1} 2^32 = (t_i + t_{i+1} 2^32) n0 mod 2^64`, with
//! the library's 64-bit `n0 = -n^(-1) mod 2^64` (the only solution below
//! 2^64 of `t + m n = 0 mod 2^64`). A squaring of `K` words takes
//! `K (K - 1) / 2` cross products and `K^2` reduction products, all
//! `umaal` but the last cross product, plus the `K` diagonal squares (that
//! one and these are Rust `u64` multiplies), against `2 K^2` for [`mul`].
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

use super::{final_sub, with_scratch};

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

/// `r = a^2 * 2^(-64k) mod n`, `a < n`.
///
/// # Safety
/// As [`mul`].
pub unsafe fn sqr(r: &mut [u64], a: &[u64], n: &[u64], n0: u64) {
    let k = n.len();
    assert!(k >= 1 && r.len() == k && a.len() == k);
    let top = with_scratch(2 * k, |t| {
        let t = words_mut(t);
        let (aw, nw) = (words(a), words(n));
        cross_products(t, aw);
        double_add_diagonal(t, aw);
        let top = reduce(t, nw, n0);
        words_mut(r).copy_from_slice(&t[2 * k..]);
        top
    });
    final_sub(r, top as u64, n);
}

/// `t = sum over i < j of a_i a_j 2^(32 (i + j))`, `t` zero on entry
/// with `2 a.len()` words: pairs of rows by [`cross_pair`], the last row
/// (one product) here.
fn cross_products(t: &mut [u32], a: &[u32]) {
    let kk = a.len();
    debug_assert!(kk >= 2 && kk % 2 == 0 && t.len() == 2 * kk);
    let mut i = 0;
    while i + 4 <= kk {
        // SAFETY: i + 4 <= kk: `a[i..kk]` has kk - i >= 4 words (an even
        // number), and the pass writes t[2i+1 ..= i+kk+1], inside the
        // 2 kk words.
        unsafe { cross_pair(t.as_mut_ptr().add(2 * i + 1), a.as_ptr().add(i), kk - i) };
        i += 2;
    }
    // Row kk - 2: a_{kk-2} a_{kk-1} at word 2 kk - 3, whose carry word
    // 2 kk - 2 no pass has written.
    let p = 2 * kk - 3;
    let s = a[kk - 2] as u64 * a[kk - 1] as u64 + t[p] as u64;
    t[p] = s as u32;
    t[p + 1] = (s >> 32) as u32;
}

/// The loop of every pass, software-pipelined: `{cnt}` pairs of steps,
/// the two registers `x0` and `x1` taking turns. A step does the second
/// product of word `j` (the operand loaded from `$ld2`, times `{$k2}`,
/// on carry chain `c2`), then the first product of word `j + 1` (the
/// operand at `{$p1}`, post-incremented, times `{$k1}`, on `c1`, added to
/// word `j + 1` loaded from `[{pt}, #$toff]`), then stores word `j - 1`.
/// The two `umaal` of a step are on different carry chains, and a store
/// comes a product after the `umaal` that made its word, so an in-order
/// core (Cortex-A7; the Cortex-A9 as llvm-mca models it) does not wait out
/// the multiplier's latency (in llvm-mca's Cortex-A9 model a `umaal`
/// occupies the multiplier three cycles and gives its result after five;
/// that model gives the product's pass 8 cycles a word against 14 for the
/// order "both products of a word, then its store").
macro_rules! pipelined {
    ($ld2:literal, $k2:literal, $p1:literal, $k1:literal, $toff:literal) => {
        concat!(
            "cmp {cnt}, #0\n",
            "beq 3f\n",
            "2:\n",
            pipelined!(@step "x0", "x1", $ld2, $k2, $p1, $k1, $toff),
            pipelined!(@step "x1", "x0", $ld2, $k2, $p1, $k1, $toff),
            "subs {cnt}, {cnt}, #1\n",
            "bne 2b\n",
            "3:\n",
        )
    };
    (@step $x0:literal, $x1:literal, $ld2:literal, $k2:literal, $p1:literal, $k1:literal,
     $toff:literal) => {
        concat!(
            "ldr {v}, ", $ld2, "\n",
            "umaal {", $x0, "}, {c2}, {v}, {", $k2, "}\n",
            "ldr {v}, [{", $p1, "}], #4\n",
            "ldr {", $x1, "}, [{pt}, #", $toff, "]\n",
            "umaal {", $x1, "}, {c1}, {v}, {", $k1, "}\n",
            "str {", $x0, "}, [{pt}], #4\n",
        )
    };
}

/// Rows `i` and `i + 1` of the cross products: `t_p += a_i a_{p-i}`
/// (`p - i` in `i+1..K`) and `t_p += a_{i+1} a_{p-i-1}` (`p - i - 1` in
/// `i+2..K`), for `p` from `2i + 1` to `i + K`, and the carry word at
/// `i + K + 1`. `pt` points at `t_{2i+1}`, `pa` at `a_i`, `len = K - i`.
/// The words from `i + K` up are zero on entry (the previous pass ended
/// at `i + K - 1`).
///
/// # Safety
/// `len >= 4` and even; `pa` valid for reading `len` words, `pt` for
/// reading and writing `len + 1` words.
#[inline(always)]
unsafe fn cross_pair(pt: *mut u32, pa: *const u32, len: usize) {
    debug_assert!(len >= 4 && len % 2 == 0);
    // SAFETY: the caller's contract: the head reads a_i .. a_{i+2}, the
    // middle a_{i+3} .. a_{K-1} (`len - 3` words: one, then pairs), and
    // `pt` walks words 2i+1 .. i+K+1 (`len + 1`).
    unsafe {
        let (ai, ai1) = (*pa, *pa.add(1));
        asm!(
            // p = 2i + 1 and 2i + 2: row i alone (a_i a_{i+1}, a_i a_{i+2})
            "ldr {x0}, [{pt}]",
            "umaal {x0}, {c1}, {ai}, {ai1}",
            "str {x0}, [{pt}], #4",
            "ldr {v}, [{pa}], #4",
            "ldr {x0}, [{pt}]",
            "umaal {x0}, {c1}, {ai}, {v}",
            "str {x0}, [{pt}], #4",
            // p = 2i + 3: row i's product (a_i a_{i+3}); then steps, each
            // row i + 1's product of word p - 1 (a_{i+1} a_{p-i-2}, its
            // operand two words back), row i's of word p (a_i a_{p-i})
            // and the store of word p - 1 (`pipelined!`)
            "ldr {v}, [{pa}], #4",
            "ldr {x0}, [{pt}]",
            "umaal {x0}, {c1}, {ai}, {v}",
            pipelined!("[{pa}, #-8]", "ai1", "pa", "ai", "4"),
            // row i + 1's product of word i + K - 1 (a_{i+1} a_{K-2})
            "ldr {v}, [{pa}, #-8]",
            "umaal {x0}, {c2}, {v}, {ai1}",
            "str {x0}, [{pt}], #4",
            // p = i + K (zero on entry): row i's carry, row i + 1's last
            // product a_{i+1} a_{K-1} and its carry; then the carry word
            // at i + K + 1
            "ldr {v}, [{pa}, #-4]",
            "umaal {c1}, {c2}, {ai1}, {v}",
            "str {c1}, [{pt}], #4",
            "str {c2}, [{pt}]",
            pt = inout(reg) pt => _,
            // from a_{i+2}
            pa = inout(reg) pa.add(2) => _,
            ai = in(reg) ai,
            ai1 = in(reg) ai1,
            cnt = inout(reg) (len - 4) / 2 => _,
            c1 = inout(reg) 0u32 => _,
            c2 = inout(reg) 0u32 => _,
            v = out(reg) _,
            x0 = out(reg) _,
            x1 = out(reg) _,
            options(nostack),
        );
    }
}

/// `t = 2 t + sum a_i^2 2^(64 i)` over words (`t` has `2 a.len()`).
fn double_add_diagonal(t: &mut [u32], a: &[u32]) {
    let mut shift_in = 0u32;
    let mut carry = 0u64;
    for (i, &ai) in a.iter().enumerate() {
        let sq = ai as u64 * ai as u64;
        let (t0, t1) = (t[2 * i], t[2 * i + 1]);
        let d0 = (t0 << 1) | shift_in;
        let d1 = (t1 << 1) | (t0 >> 31);
        shift_in = t1 >> 31;
        let s0 = d0 as u64 + (sq as u32) as u64 + carry;
        let s1 = d1 as u64 + (sq >> 32) + (s0 >> 32);
        t[2 * i] = s0 as u32;
        t[2 * i + 1] = s1 as u32;
        carry = s1 >> 32;
    }
    // a^2 < 2^(64 a.len()): nothing is left over.
    debug_assert!(shift_in == 0 && carry == 0);
}

/// Montgomery reduction of the `2K`-word `t` by the `K`-word `n`: after
/// it, `t[K..2K] + top 2^(32K)` (the return value is `top`) is
/// `t 2^(-32K) mod n`, below `2n` when `t < n^2`. Two rows a pass
/// ([`reduce_pair`]).
fn reduce(t: &mut [u32], n: &[u32], n0: u64) -> u32 {
    let kk = n.len();
    debug_assert!(kk >= 2 && kk % 2 == 0 && t.len() == 2 * kk);
    let mut top = 0u32;
    for i in (0..kk).step_by(2) {
        let m = (t[i] as u64 | (t[i + 1] as u64) << 32).wrapping_mul(n0);
        // SAFETY: i + kk + 2 <= 2 kk: the pass reads and writes t[i ..
        // i + kk + 2] and reads the kk words of n.
        top = unsafe {
            reduce_pair(
                t.as_mut_ptr().add(i),
                n.as_ptr(),
                kk,
                m as u32,
                (m >> 32) as u32,
                top,
            )
        };
    }
    top
}

/// Rows `i` and `i + 1` of the reduction: `t += (m0 + m1 2^32) n 2^(32 i)`
/// with `pt` at `t_i`, where `m0 + m1 2^32` zeroes `t_i` and `t_{i+1}`;
/// `top` (the previous pass's carry, at word `i + K`) is added, and the
/// carry out of word `i + K + 1` returned.
///
/// # Safety
/// `kk >= 2` and even; `pn` valid for reading `kk` words, `pt` for
/// reading and writing `kk + 2`.
#[inline(always)]
unsafe fn reduce_pair(pt: *mut u32, pn: *const u32, kk: usize, m0: u32, m1: u32, top: u32) -> u32 {
    debug_assert!(kk >= 2 && kk % 2 == 0);
    let mut top = top;
    // SAFETY: the caller's contract: `pn` walks n_0 .. n_{K-1}, `pt`
    // t_i .. t_{i+K+1}.
    unsafe {
        asm!(
            // word i: row i's product, only its carry kept (the sum is
            // zero mod 2^32 by the choice of m0); word i + 1: row i's
            // product (row i + 1's comes in the first step)
            "ldr {x0}, [{pt}]",
            "ldr {v}, [{pn}], #4",
            "umaal {x0}, {c1}, {m0}, {v}",
            "ldr {v}, [{pn}], #4",
            "ldr {x0}, [{pt}, #4]!",
            "umaal {x0}, {c1}, {m0}, {v}",
            // steps for words i + 2 .. i + K - 1: row i + 1's product of
            // word p - 1 (m1 n_{p-i-2}), row i's of word p (m0 n_{p-i}),
            // the store of word p - 1 (word i + 1's is zero)
            pipelined!("[{pn}, #-8]", "m1", "pn", "m0", "4"),
            // row i + 1's product of word i + K - 1 (m1 n_{K-2})
            "ldr {v}, [{pn}, #-8]",
            "umaal {x0}, {c2}, {m1}, {v}",
            "str {x0}, [{pt}], #4",
            // word i + K: row i + 1's last product (m1 n_{K-1}), both
            // rows' carries and the previous pass's `top`; word i + K + 1
            // takes the carries out of it; the carry out of that is the
            // new `top`
            "ldr {v}, [{pn}, #-4]",
            "ldr {x0}, [{pt}]",
            "umaal {x0}, {c2}, {m1}, {v}",
            "ldr {x1}, [{pt}, #4]",
            "adds {x0}, {x0}, {c1}",
            "adcs {x1}, {x1}, {c2}",
            "mov {c1}, #0",
            "adc {c1}, {c1}, #0",
            "adds {x0}, {x0}, {top}",
            "adcs {x1}, {x1}, #0",
            "adc {top}, {c1}, #0",
            "str {x0}, [{pt}]",
            "str {x1}, [{pt}, #4]",
            pt = inout(reg) pt => _,
            pn = inout(reg) pn => _,
            m0 = in(reg) m0,
            m1 = in(reg) m1,
            top = inout(reg) top,
            cnt = inout(reg) (kk - 2) / 2 => _,
            c1 = inout(reg) 0u32 => _,
            c2 = inout(reg) 0u32 => _,
            v = out(reg) _,
            x0 = out(reg) _,
            x1 = out(reg) _,
            options(nostack),
        );
    }
    top
}

/// Words `1..=w` of one FIOS pass (`w` odd): for each `j`,
/// `(x, c1) = a_j b_i + t_j + c1`, `(t_{j-1}, c2) = n_j m + x + c2`, with
/// `pa`, `pn` at `a_1`, `n_1` and `pt` at `t_0`. Returns the two carry
/// words. Software-pipelined ([`pipelined`]): word 1's first product, `w - 1`
/// steps, word `w`'s second product.
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
    // function's contract: a_1..a_w and n_1..n_w are each read once,
    // t_1..t_w read once and t_0..t_{w-1} written once.
    unsafe {
        asm!(
            // word 1's first product
            "ldr {v}, [{pa}], #4",
            "ldr {x0}, [{pt}, #4]",
            "umaal {x0}, {c1}, {v}, {bi}",
            // (w - 1) / 2 pairs of steps
            pipelined!("[{pn}], #4", "m", "pa", "bi", "8"),
            // word w's second product
            "ldr {v}, [{pn}], #4",
            "umaal {x0}, {c2}, {v}, {m}",
            "str {x0}, [{pt}]",
            pa = inout(reg) pa => _,
            pn = inout(reg) pn => _,
            pt = inout(reg) pt => _,
            bi = in(reg) bi,
            m = in(reg) m,
            c1 = inout(reg) c1,
            c2 = inout(reg) c2,
            cnt = inout(reg) (w - 1) / 2 => _,
            v = out(reg) _,
            x0 = out(reg) _,
            x1 = out(reg) _,
            options(nostack),
        );
    }
    (c1, c2)
}
