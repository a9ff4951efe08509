//! The field and scalar kernels of P-256 and P-384 on aarch64: inline
//! `asm!` with `mul`/`umulh` and `adds`/`adcs` carry chains (base ARMv8-A).
//!
//! Technique (that of OpenSSL's `ecp_nistz256-armv8.pl` for P-256's field,
//! written here anew): Montgomery multiplication with `R = 2^(64N)`,
//! operand scanning with the reduction interleaved row by row (CIOS). The
//! accumulator is a window of `N + 2` registers that rotates by one
//! register per row, so the division by 2^64 costs no move. A row issues
//! its `mul`s (the low halves of `a b[i]`) and adds them on one
//! `adds`/`adcs` chain, then its `umulh`s (the high halves) on a second
//! chain one limb up; the reductions are laid out the same way.
//!
//! - P-256's prime `p = 2^256 - 2^224 + 2^192 + 2^96 - 1` has
//!   `-p^-1 = 1 mod 2^64`: the multiplier `m` is the low limb itself, and
//!   `(t + m p) / 2^64` adds `m 2^32` (two shifts) and `m p[3] 2^128` to
//!   the limbs above the low one ([`red_p256!`]). With
//!   `p[3] = 2^64 - 2^32 + 1`, `m p[3]` is a subtraction with borrow of
//!   shifted copies of `m` ([`m_p3!`]), so the reduction multiplies
//!   nothing (a `mul`/`umulh` pair by `p[3]` costs more on cores whose
//!   multiplier is the bottleneck). P-256's squaring computes the six
//!   cross products once, doubles them and adds the four squares (20
//!   multiplications instead of 32), reduces the low half in four steps
//!   and adds the high half.
//! - The group orders and P-384's prime go through a generic CIOS
//!   reduction (`m = t[0] n0`, then `m p` by `mul`/`umulh` per limb); the
//!   low limb's sum `t[0] + lo(m p[0])` is 0 or 2^64, so only its carry
//!   (`t[0] != 0`) is computed. Both six-limb moduli have their three top
//!   limbs all ones: one register and one product serve those three limbs
//!   (asserted at compile time).
//! - The other squarings are the product with itself.
//! - Every result is below the modulus: the final subtraction of the
//!   modulus is kept or dropped by `csel` on its borrow; `add` and `sub`
//!   correct the same way.
//!
//! Constant time: straight-line code; no branch or address depends on the
//! operands (`mul`, `umulh`, the add and subtract family and `csel` are
//! data-independent on the cores we know of, as Arm's DIT list states for
//! them).
//!
//! The functions are `unsafe` like the other kernels of this directory
//! (the dispatcher treats every kernel alike), though they need nothing
//! beyond aarch64.

use core::arch::asm;

use super::field::Modulus;

/// `p[1]` of P-256, `2^32 - 1`.
const P256_P1: u64 = 0x0000_0000_ffff_ffff;
/// `p[3]` of P-256, `2^64 - 2^32 + 1`.
const P256_P3: u64 = 0xffff_ffff_0000_0001;
/// P-256's prime.
const P256: [u64; 4] = <super::c256::moduli::P as Modulus<4>>::P;
/// The group order of P-256.
const N256: [u64; 4] = <super::c256::moduli::N as Modulus<4>>::P;
/// `-n^-1 mod 2^64` of P-256's order.
const N256_N0: u64 = <super::c256::moduli::N as Modulus<4>>::N0;
/// P-384's prime.
const P384: [u64; 6] = <super::c384::moduli::P as Modulus<6>>::P;
/// `-p^-1 mod 2^64` of P-384's prime.
const P384_N0: u64 = <super::c384::moduli::P as Modulus<6>>::N0;
/// The group order of P-384.
const N384: [u64; 6] = <super::c384::moduli::N as Modulus<6>>::P;
/// `-n^-1 mod 2^64` of P-384's order.
const N384_N0: u64 = <super::c384::moduli::N as Modulus<6>>::N0;

// The special form `red_p256!` relies on, and the shared top limbs of the
// six-limb moduli.
const _: () = assert!(
    P256[0] == u64::MAX
        && P256[1] == P256_P1
        && P256[2] == 0
        && P256[3] == P256_P3
        && <super::c256::moduli::P as Modulus<4>>::N0 == 1
);
const _: () = assert!(P384[3] == P384[4] && P384[4] == P384[5]);
const _: () = assert!(N384[3] == N384[4] && N384[4] == N384[5]);

/// The first row of a four-limb product: `r0..r4 = a b[i]` (`{bi}`),
/// `r5 = 0`. Temporaries `u1..u3`.
macro_rules! row0_4 {
    ($bi:literal, $r0:literal, $r1:literal, $r2:literal, $r3:literal, $r4:literal, $r5:literal) => {
        concat!(
            "mul {",
            $r0,
            "}, {a0}, {",
            $bi,
            "}\n",
            "mul {u1}, {a1}, {",
            $bi,
            "}\n",
            "mul {u2}, {a2}, {",
            $bi,
            "}\n",
            "mul {u3}, {a3}, {",
            $bi,
            "}\n",
            "umulh {",
            $r1,
            "}, {a0}, {",
            $bi,
            "}\n",
            "umulh {",
            $r2,
            "}, {a1}, {",
            $bi,
            "}\n",
            "umulh {",
            $r3,
            "}, {a2}, {",
            $bi,
            "}\n",
            "umulh {",
            $r4,
            "}, {a3}, {",
            $bi,
            "}\n",
            "adds {",
            $r1,
            "}, {",
            $r1,
            "}, {u1}\n",
            "adcs {",
            $r2,
            "}, {",
            $r2,
            "}, {u2}\n",
            "adcs {",
            $r3,
            "}, {",
            $r3,
            "}, {u3}\n",
            "adc {",
            $r4,
            "}, {",
            $r4,
            "}, xzr\n",
            "mov {",
            $r5,
            "}, xzr\n",
        )
    };
}

/// A later row of a four-limb product: `r0..r5 += a b[i]` with `r0..r4`
/// the accumulator and `r5` its new top limb (set here). Temporaries
/// `u0..u3`.
macro_rules! row_4 {
    ($bi:literal, $r0:literal, $r1:literal, $r2:literal, $r3:literal, $r4:literal, $r5:literal) => {
        concat!(
            "mul {u0}, {a0}, {",
            $bi,
            "}\n",
            "mul {u1}, {a1}, {",
            $bi,
            "}\n",
            "mul {u2}, {a2}, {",
            $bi,
            "}\n",
            "mul {u3}, {a3}, {",
            $bi,
            "}\n",
            "adds {",
            $r0,
            "}, {",
            $r0,
            "}, {u0}\n",
            "adcs {",
            $r1,
            "}, {",
            $r1,
            "}, {u1}\n",
            "adcs {",
            $r2,
            "}, {",
            $r2,
            "}, {u2}\n",
            "adcs {",
            $r3,
            "}, {",
            $r3,
            "}, {u3}\n",
            "adcs {",
            $r4,
            "}, {",
            $r4,
            "}, xzr\n",
            "adc {",
            $r5,
            "}, xzr, xzr\n",
            "umulh {u0}, {a0}, {",
            $bi,
            "}\n",
            "umulh {u1}, {a1}, {",
            $bi,
            "}\n",
            "umulh {u2}, {a2}, {",
            $bi,
            "}\n",
            "umulh {u3}, {a3}, {",
            $bi,
            "}\n",
            "adds {",
            $r1,
            "}, {",
            $r1,
            "}, {u0}\n",
            "adcs {",
            $r2,
            "}, {",
            $r2,
            "}, {u1}\n",
            "adcs {",
            $r3,
            "}, {",
            $r3,
            "}, {u2}\n",
            "adcs {",
            $r4,
            "}, {",
            $r4,
            "}, {u3}\n",
            "adc {",
            $r5,
            "}, {",
            $r5,
            "}, xzr\n",
        )
    };
}

/// `m p[3]` of P-256 into `{u2}` (low) and `{u3}` (high) without a
/// multiplication, for `m` in `$m`: `p[3] = 2^64 - 2^32 + 1`, so
/// `m p[3] = (m - (m << 32) mod 2^64) + 2^64 (m - (m >> 32) - borrow)`
/// (no borrow out: the product is not negative). Needs `{u1} = m >> 32`;
/// sets the flags (the caller's carry chain starts after it).
macro_rules! m_p3 {
    ($m:literal) => {
        concat!(
            "subs {u2}, {",
            $m,
            "}, {",
            $m,
            "}, lsl #32\n",
            "sbc {u3}, {",
            $m,
            "}, {u1}\n",
        )
    };
}

/// P-256's reduction step: `(r0..r5 + m p) / 2^64` into `r1..r5` with
/// `m = r0`: `t - m` leaves `r1..r5` (the low limb cancels, no borrow),
/// to which `m 2^32` and `m p[3] 2^128` are added, both by shifts and
/// subtractions ([`m_p3!`]). `r0` is left as is (the next row sets it as
/// its top limb). Temporaries `u1..u3`.
macro_rules! red_p256 {
    ($r0:literal, $r1:literal, $r2:literal, $r3:literal, $r4:literal, $r5:literal) => {
        concat!(
            "lsr {u1}, {",
            $r0,
            "}, #32\n",
            m_p3!($r0),
            "adds {",
            $r1,
            "}, {",
            $r1,
            "}, {",
            $r0,
            "}, lsl #32\n",
            "adcs {",
            $r2,
            "}, {",
            $r2,
            "}, {u1}\n",
            "adcs {",
            $r3,
            "}, {",
            $r3,
            "}, {u2}\n",
            "adcs {",
            $r4,
            "}, {",
            $r4,
            "}, {u3}\n",
            "adc {",
            $r5,
            "}, {",
            $r5,
            "}, xzr\n",
        )
    };
}

/// P-256's reduction step on a four-register window (the squaring's low
/// half): `(r0..r3 + m p) / 2^64` into `r1, r2, r3, r0` with `m = r0`, as
/// [`red_p256!`]; the sum fits four limbs (`m p[3] < 2^128 - 2^96 + 2^32`).
macro_rules! red_p256_4 {
    ($r0:literal, $r1:literal, $r2:literal, $r3:literal) => {
        concat!(
            "lsr {u1}, {",
            $r0,
            "}, #32\n",
            m_p3!($r0),
            "adds {",
            $r1,
            "}, {",
            $r1,
            "}, {",
            $r0,
            "}, lsl #32\n",
            "adcs {",
            $r2,
            "}, {",
            $r2,
            "}, {u1}\n",
            "adcs {",
            $r3,
            "}, {",
            $r3,
            "}, {u2}\n",
            "adc {",
            $r0,
            "}, {u3}, xzr\n",
        )
    };
}

/// The generic four-limb reduction step: `(r0..r5 + m p) / 2^64` into
/// `r1..r5` with `m = r0 n0 mod 2^64` (`{m}`), the modulus in `{p0}..{p3}`.
/// `r0 + lo(m p0)` is 0 or 2^64: its carry is `r0 != 0` (`cmp r0, #1`),
/// and `r0` is left as is (the next row sets it as its top limb).
macro_rules! red_4 {
    ($r0:literal, $r1:literal, $r2:literal, $r3:literal, $r4:literal, $r5:literal) => {
        concat!(
            "mul {m}, {",
            $r0,
            "}, {n0}\n",
            "mul {u1}, {m}, {p1}\n",
            "mul {u2}, {m}, {p2}\n",
            "mul {u3}, {m}, {p3}\n",
            "cmp {",
            $r0,
            "}, #1\n",
            "adcs {",
            $r1,
            "}, {",
            $r1,
            "}, {u1}\n",
            "adcs {",
            $r2,
            "}, {",
            $r2,
            "}, {u2}\n",
            "adcs {",
            $r3,
            "}, {",
            $r3,
            "}, {u3}\n",
            "adcs {",
            $r4,
            "}, {",
            $r4,
            "}, xzr\n",
            "adc {",
            $r5,
            "}, {",
            $r5,
            "}, xzr\n",
            "umulh {u0}, {m}, {p0}\n",
            "umulh {u1}, {m}, {p1}\n",
            "umulh {u2}, {m}, {p2}\n",
            "umulh {u3}, {m}, {p3}\n",
            "adds {",
            $r1,
            "}, {",
            $r1,
            "}, {u0}\n",
            "adcs {",
            $r2,
            "}, {",
            $r2,
            "}, {u1}\n",
            "adcs {",
            $r3,
            "}, {",
            $r3,
            "}, {u2}\n",
            "adcs {",
            $r4,
            "}, {",
            $r4,
            "}, {u3}\n",
            "adc {",
            $r5,
            "}, {",
            $r5,
            "}, xzr\n",
        )
    };
}

/// The Montgomery product `a b / 2^256 mod p` of P-256 elements below
/// `p`; the result is below `p`.
///
/// # Safety
/// None beyond aarch64 (base ISA); `unsafe` as the other kernels.
#[inline(always)]
pub(crate) unsafe fn mul(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    let (o0, o1, o2, o3): (u64, u64, u64, u64);
    // SAFETY: register operands only (no memory access, no stack); every
    // register written is an output operand.
    unsafe {
        asm!(
            row0_4!("b0", "t0", "t1", "t2", "t3", "t4", "t5"),
            red_p256!("t0", "t1", "t2", "t3", "t4", "t5"),
            row_4!("b1", "t1", "t2", "t3", "t4", "t5", "t0"),
            red_p256!("t1", "t2", "t3", "t4", "t5", "t0"),
            row_4!("b2", "t2", "t3", "t4", "t5", "t0", "t1"),
            red_p256!("t2", "t3", "t4", "t5", "t0", "t1"),
            row_4!("b3", "t3", "t4", "t5", "t0", "t1", "t2"),
            red_p256!("t3", "t4", "t5", "t0", "t1", "t2"),
            // t4, t5, t0, t1 (top t2) is below 2p: subtract p (p[0] =
            // 2^64 - 1: adding 1 gives the same difference and carry;
            // p[2] = 0) and keep the difference unless it borrowed
            "adds {u0}, {t4}, #1",
            "sbcs {u1}, {t5}, {p1}",
            "sbcs {u2}, {t0}, xzr",
            "sbcs {u3}, {t1}, {p3}",
            "sbcs xzr, {t2}, xzr",
            "csel {u0}, {u0}, {t4}, hs",
            "csel {u1}, {u1}, {t5}, hs",
            "csel {u2}, {u2}, {t0}, hs",
            "csel {u3}, {u3}, {t1}, hs",
            a0 = in(reg) a[0],
            a1 = in(reg) a[1],
            a2 = in(reg) a[2],
            a3 = in(reg) a[3],
            b0 = in(reg) b[0],
            b1 = in(reg) b[1],
            b2 = in(reg) b[2],
            b3 = in(reg) b[3],
            p1 = in(reg) P256_P1,
            p3 = in(reg) P256_P3,
            t0 = out(reg) _,
            t1 = out(reg) _,
            t2 = out(reg) _,
            t3 = out(reg) _,
            t4 = out(reg) _,
            t5 = out(reg) _,
            u0 = out(reg) o0,
            u1 = out(reg) o1,
            u2 = out(reg) o2,
            u3 = out(reg) o3,
            options(pure, nomem, nostack),
        );
    }
    [o0, o1, o2, o3]
}

/// The Montgomery square `a^2 / 2^256 mod p` of a P-256 element below
/// `p`; the result is below `p`. The six cross products once, doubled,
/// plus the four squares (20 multiplications instead of 32), then the
/// low half reduced by four [`red_p256_4!`] steps and the high half added.
///
/// # Safety
/// As [`mul`].
#[inline(always)]
pub(crate) unsafe fn sqr(a: &[u64; 4]) -> [u64; 4] {
    let (o0, o1, o2, o3): (u64, u64, u64, u64);
    // SAFETY: register operands only (no memory access, no stack); every
    // register written is an output operand.
    unsafe {
        asm!(
            // the cross products a[i] a[j] (i < j) at limbs 1..6 of s
            // (their sum is below 2^448)
            "mul {s1}, {a0}, {a1}",
            "mul {s2}, {a0}, {a2}",
            "mul {s3}, {a0}, {a3}",
            "umulh {u0}, {a0}, {a1}",
            "umulh {u1}, {a0}, {a2}",
            "umulh {s4}, {a0}, {a3}",
            "adds {s2}, {s2}, {u0}",
            "adcs {s3}, {s3}, {u1}",
            "adc {s4}, {s4}, xzr",
            "mul {u0}, {a1}, {a2}",
            "mul {u1}, {a1}, {a3}",
            "mul {u2}, {a2}, {a3}",
            "umulh {u3}, {a1}, {a2}",
            "umulh {s5}, {a1}, {a3}",
            "umulh {s6}, {a2}, {a3}",
            "adds {s5}, {s5}, {u2}",
            "adc {s6}, {s6}, xzr",
            "adds {s3}, {s3}, {u0}",
            "adcs {s4}, {s4}, {u1}",
            "adcs {s5}, {s5}, xzr",
            "adc {s6}, {s6}, xzr",
            "adds {s4}, {s4}, {u3}",
            "adcs {s5}, {s5}, xzr",
            "adc {s6}, {s6}, xzr",
            // doubled, into s1..s7
            "adds {s1}, {s1}, {s1}",
            "adcs {s2}, {s2}, {s2}",
            "adcs {s3}, {s3}, {s3}",
            "adcs {s4}, {s4}, {s4}",
            "adcs {s5}, {s5}, {s5}",
            "adcs {s6}, {s6}, {s6}",
            "adc {s7}, xzr, xzr",
            // plus the squares a[i]^2 at limbs 2i, 2i + 1
            "mul {s0}, {a0}, {a0}",
            "umulh {u0}, {a0}, {a0}",
            "mul {u1}, {a1}, {a1}",
            "umulh {u2}, {a1}, {a1}",
            "adds {s1}, {s1}, {u0}",
            "adcs {s2}, {s2}, {u1}",
            "adcs {s3}, {s3}, {u2}",
            "mul {u0}, {a2}, {a2}",
            "umulh {u1}, {a2}, {a2}",
            "mul {u2}, {a3}, {a3}",
            "umulh {u3}, {a3}, {a3}",
            "adcs {s4}, {s4}, {u0}",
            "adcs {s5}, {s5}, {u1}",
            "adcs {s6}, {s6}, {u2}",
            "adc {s7}, {s7}, {u3}",
            // the low half divided by 2^256 (mod p), back in s0..s3
            red_p256_4!("s0", "s1", "s2", "s3"),
            red_p256_4!("s1", "s2", "s3", "s0"),
            red_p256_4!("s2", "s3", "s0", "s1"),
            red_p256_4!("s3", "s0", "s1", "s2"),
            // plus the high half: below 2p, the carry in u3
            "adds {s0}, {s0}, {s4}",
            "adcs {s1}, {s1}, {s5}",
            "adcs {s2}, {s2}, {s6}",
            "adcs {s3}, {s3}, {s7}",
            "adc {u3}, xzr, xzr",
            // subtract p (as in `mul`) unless that borrows
            "adds {s4}, {s0}, #1",
            "sbcs {s5}, {s1}, {p1}",
            "sbcs {s6}, {s2}, xzr",
            "sbcs {s7}, {s3}, {p3}",
            "sbcs xzr, {u3}, xzr",
            "csel {u0}, {s4}, {s0}, hs",
            "csel {u1}, {s5}, {s1}, hs",
            "csel {u2}, {s6}, {s2}, hs",
            "csel {u3}, {s7}, {s3}, hs",
            a0 = in(reg) a[0],
            a1 = in(reg) a[1],
            a2 = in(reg) a[2],
            a3 = in(reg) a[3],
            p1 = in(reg) P256_P1,
            p3 = in(reg) P256_P3,
            s0 = out(reg) _,
            s1 = out(reg) _,
            s2 = out(reg) _,
            s3 = out(reg) _,
            s4 = out(reg) _,
            s5 = out(reg) _,
            s6 = out(reg) _,
            s7 = out(reg) _,
            u0 = out(reg) o0,
            u1 = out(reg) o1,
            u2 = out(reg) o2,
            u3 = out(reg) o3,
            options(pure, nomem, nostack),
        );
    }
    [o0, o1, o2, o3]
}

/// A four-limb Montgomery product by the generic CIOS reduction
/// ([`red_4!`]) modulo `$p` (limbs below 2^64 each, odd) with
/// `$n0 = -$p^-1 mod 2^64`.
macro_rules! mont4 {
    ($(#[$doc:meta])* $name:ident, $p:expr, $n0:expr) => {
        $(#[$doc])*
        ///
        /// # Safety
        /// None beyond aarch64 (base ISA); `unsafe` as the other kernels.
        /// `a` and `b` must be below the modulus for the result to be.
        #[inline(always)]
        pub(crate) unsafe fn $name(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
            let (o0, o1, o2, o3): (u64, u64, u64, u64);
            // SAFETY: register operands only (no memory access, no
            // stack); every register written is an output operand.
            unsafe {
                asm!(
                    row0_4!("b0", "t0", "t1", "t2", "t3", "t4", "t5"),
                    red_4!("t0", "t1", "t2", "t3", "t4", "t5"),
                    row_4!("b1", "t1", "t2", "t3", "t4", "t5", "t0"),
                    red_4!("t1", "t2", "t3", "t4", "t5", "t0"),
                    row_4!("b2", "t2", "t3", "t4", "t5", "t0", "t1"),
                    red_4!("t2", "t3", "t4", "t5", "t0", "t1"),
                    row_4!("b3", "t3", "t4", "t5", "t0", "t1", "t2"),
                    red_4!("t3", "t4", "t5", "t0", "t1", "t2"),
                    // t4, t5, t0, t1 (top t2) is below 2p: subtract p and
                    // keep the difference unless it borrowed
                    "subs {u0}, {t4}, {p0}",
                    "sbcs {u1}, {t5}, {p1}",
                    "sbcs {u2}, {t0}, {p2}",
                    "sbcs {u3}, {t1}, {p3}",
                    "sbcs xzr, {t2}, xzr",
                    "csel {u0}, {u0}, {t4}, hs",
                    "csel {u1}, {u1}, {t5}, hs",
                    "csel {u2}, {u2}, {t0}, hs",
                    "csel {u3}, {u3}, {t1}, hs",
                    a0 = in(reg) a[0],
                    a1 = in(reg) a[1],
                    a2 = in(reg) a[2],
                    a3 = in(reg) a[3],
                    b0 = in(reg) b[0],
                    b1 = in(reg) b[1],
                    b2 = in(reg) b[2],
                    b3 = in(reg) b[3],
                    p0 = in(reg) $p[0],
                    p1 = in(reg) $p[1],
                    p2 = in(reg) $p[2],
                    p3 = in(reg) $p[3],
                    n0 = in(reg) $n0,
                    m = out(reg) _,
                    t0 = out(reg) _,
                    t1 = out(reg) _,
                    t2 = out(reg) _,
                    t3 = out(reg) _,
                    t4 = out(reg) _,
                    t5 = out(reg) _,
                    u0 = out(reg) o0,
                    u1 = out(reg) o1,
                    u2 = out(reg) o2,
                    u3 = out(reg) o3,
                    options(pure, nomem, nostack),
                );
            }
            [o0, o1, o2, o3]
        }
    };
}

mont4!(
    /// The Montgomery product `a b / 2^256 mod n` modulo P-256's group
    /// order.
    mul_n256, N256, N256_N0
);

/// The first row of a six-limb product: `r0..r6 = a b[i]` with `b[i]`
/// loaded from `{pb} + $off`, `r7 = 0`. Temporaries `u0..u3`, `{bi}`.
macro_rules! row0_6 {
    ($off:literal, $r0:literal, $r1:literal, $r2:literal, $r3:literal, $r4:literal, $r5:literal, $r6:literal, $r7:literal) => {
        concat!(
            "ldr {bi}, [{pb}, #",
            $off,
            "]\n",
            "mul {",
            $r0,
            "}, {a0}, {bi}\n",
            "mul {",
            $r1,
            "}, {a1}, {bi}\n",
            "mul {",
            $r2,
            "}, {a2}, {bi}\n",
            "mul {",
            $r3,
            "}, {a3}, {bi}\n",
            "mul {",
            $r4,
            "}, {a4}, {bi}\n",
            "mul {",
            $r5,
            "}, {a5}, {bi}\n",
            "umulh {u0}, {a0}, {bi}\n",
            "umulh {u1}, {a1}, {bi}\n",
            "umulh {u2}, {a2}, {bi}\n",
            "umulh {u3}, {a3}, {bi}\n",
            "adds {",
            $r1,
            "}, {",
            $r1,
            "}, {u0}\n",
            "adcs {",
            $r2,
            "}, {",
            $r2,
            "}, {u1}\n",
            "umulh {u0}, {a4}, {bi}\n",
            "umulh {",
            $r6,
            "}, {a5}, {bi}\n",
            "adcs {",
            $r3,
            "}, {",
            $r3,
            "}, {u2}\n",
            "adcs {",
            $r4,
            "}, {",
            $r4,
            "}, {u3}\n",
            "adcs {",
            $r5,
            "}, {",
            $r5,
            "}, {u0}\n",
            "adc {",
            $r6,
            "}, {",
            $r6,
            "}, xzr\n",
            "mov {",
            $r7,
            "}, xzr\n",
        )
    };
}

/// A later row of a six-limb product: `r0..r7 += a b[i]` with `b[i]`
/// loaded from `{pb} + $off`, `r0..r6` the accumulator and `r7` its new
/// top limb (set here). Temporaries `u0..u3` (reused within each chain:
/// `mul` and `umulh` leave the flags alone), `{bi}`.
macro_rules! row_6 {
    ($off:literal, $r0:literal, $r1:literal, $r2:literal, $r3:literal, $r4:literal, $r5:literal, $r6:literal, $r7:literal) => {
        concat!(
            "ldr {bi}, [{pb}, #",
            $off,
            "]\n",
            "mul {u0}, {a0}, {bi}\n",
            "mul {u1}, {a1}, {bi}\n",
            "mul {u2}, {a2}, {bi}\n",
            "mul {u3}, {a3}, {bi}\n",
            "adds {",
            $r0,
            "}, {",
            $r0,
            "}, {u0}\n",
            "adcs {",
            $r1,
            "}, {",
            $r1,
            "}, {u1}\n",
            "mul {u0}, {a4}, {bi}\n",
            "mul {u1}, {a5}, {bi}\n",
            "adcs {",
            $r2,
            "}, {",
            $r2,
            "}, {u2}\n",
            "adcs {",
            $r3,
            "}, {",
            $r3,
            "}, {u3}\n",
            "adcs {",
            $r4,
            "}, {",
            $r4,
            "}, {u0}\n",
            "adcs {",
            $r5,
            "}, {",
            $r5,
            "}, {u1}\n",
            "adcs {",
            $r6,
            "}, {",
            $r6,
            "}, xzr\n",
            "adc {",
            $r7,
            "}, xzr, xzr\n",
            "umulh {u0}, {a0}, {bi}\n",
            "umulh {u1}, {a1}, {bi}\n",
            "umulh {u2}, {a2}, {bi}\n",
            "umulh {u3}, {a3}, {bi}\n",
            "adds {",
            $r1,
            "}, {",
            $r1,
            "}, {u0}\n",
            "adcs {",
            $r2,
            "}, {",
            $r2,
            "}, {u1}\n",
            "umulh {u0}, {a4}, {bi}\n",
            "umulh {u1}, {a5}, {bi}\n",
            "adcs {",
            $r3,
            "}, {",
            $r3,
            "}, {u2}\n",
            "adcs {",
            $r4,
            "}, {",
            $r4,
            "}, {u3}\n",
            "adcs {",
            $r5,
            "}, {",
            $r5,
            "}, {u0}\n",
            "adcs {",
            $r6,
            "}, {",
            $r6,
            "}, {u1}\n",
            "adc {",
            $r7,
            "}, {",
            $r7,
            "}, xzr\n",
        )
    };
}

/// The generic six-limb reduction step: `(r0..r7 + m p) / 2^64` into
/// `r1..r7` with `m = r0 n0 mod 2^64` (in `{bi}`, free after the row), the
/// modulus in `{p0}`, `{p1}`, `{p2}` and `{pf}` (its three equal top
/// limbs: one product serves them). The low limb's carry is `r0 != 0`, as
/// in [`red_4!`]; `r0` is left as is.
macro_rules! red_6 {
    ($r0:literal, $r1:literal, $r2:literal, $r3:literal, $r4:literal, $r5:literal, $r6:literal, $r7:literal) => {
        concat!(
            "mul {bi}, {",
            $r0,
            "}, {n0}\n",
            "mul {u1}, {bi}, {p1}\n",
            "mul {u2}, {bi}, {p2}\n",
            "mul {u3}, {bi}, {pf}\n",
            "cmp {",
            $r0,
            "}, #1\n",
            "adcs {",
            $r1,
            "}, {",
            $r1,
            "}, {u1}\n",
            "adcs {",
            $r2,
            "}, {",
            $r2,
            "}, {u2}\n",
            "adcs {",
            $r3,
            "}, {",
            $r3,
            "}, {u3}\n",
            "adcs {",
            $r4,
            "}, {",
            $r4,
            "}, {u3}\n",
            "adcs {",
            $r5,
            "}, {",
            $r5,
            "}, {u3}\n",
            "adcs {",
            $r6,
            "}, {",
            $r6,
            "}, xzr\n",
            "adc {",
            $r7,
            "}, {",
            $r7,
            "}, xzr\n",
            "umulh {u0}, {bi}, {p0}\n",
            "umulh {u1}, {bi}, {p1}\n",
            "umulh {u2}, {bi}, {p2}\n",
            "umulh {u3}, {bi}, {pf}\n",
            "adds {",
            $r1,
            "}, {",
            $r1,
            "}, {u0}\n",
            "adcs {",
            $r2,
            "}, {",
            $r2,
            "}, {u1}\n",
            "adcs {",
            $r3,
            "}, {",
            $r3,
            "}, {u2}\n",
            "adcs {",
            $r4,
            "}, {",
            $r4,
            "}, {u3}\n",
            "adcs {",
            $r5,
            "}, {",
            $r5,
            "}, {u3}\n",
            "adcs {",
            $r6,
            "}, {",
            $r6,
            "}, {u3}\n",
            "adc {",
            $r7,
            "}, {",
            $r7,
            "}, xzr\n",
        )
    };
}

/// A six-limb Montgomery product by the generic CIOS reduction
/// ([`red_6!`]) modulo `$p`, whose limbs 3, 4 and 5 are equal, with
/// `$n0 = -$p^-1 mod 2^64`.
macro_rules! mont6 {
    ($(#[$doc:meta])* $name:ident, $p:expr, $n0:expr) => {
        $(#[$doc])*
        ///
        /// # Safety
        /// None beyond aarch64 (base ISA); `unsafe` as the other kernels.
        /// `a` and `b` must be below the modulus for the result to be.
        #[inline(always)]
        pub(crate) unsafe fn $name(a: &[u64; 6], b: &[u64; 6]) -> [u64; 6] {
            let (o0, o1, o2, o3, o4, o5): (u64, u64, u64, u64, u64, u64);
            // SAFETY: reads 6 limbs through `b` (a reference to
            // `[u64; 6]`); no stack; every register written is an output
            // operand.
            unsafe {
                asm!(
                    row0_6!("0", "t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7"),
                    red_6!("t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7"),
                    row_6!("8", "t1", "t2", "t3", "t4", "t5", "t6", "t7", "t0"),
                    red_6!("t1", "t2", "t3", "t4", "t5", "t6", "t7", "t0"),
                    row_6!("16", "t2", "t3", "t4", "t5", "t6", "t7", "t0", "t1"),
                    red_6!("t2", "t3", "t4", "t5", "t6", "t7", "t0", "t1"),
                    row_6!("24", "t3", "t4", "t5", "t6", "t7", "t0", "t1", "t2"),
                    red_6!("t3", "t4", "t5", "t6", "t7", "t0", "t1", "t2"),
                    row_6!("32", "t4", "t5", "t6", "t7", "t0", "t1", "t2", "t3"),
                    red_6!("t4", "t5", "t6", "t7", "t0", "t1", "t2", "t3"),
                    row_6!("40", "t5", "t6", "t7", "t0", "t1", "t2", "t3", "t4"),
                    red_6!("t5", "t6", "t7", "t0", "t1", "t2", "t3", "t4"),
                    // t6, t7, t0..t3 (top t4) is below 2p: subtract p and
                    // keep the difference unless it borrowed
                    "subs {u0}, {t6}, {p0}",
                    "sbcs {u1}, {t7}, {p1}",
                    "sbcs {u2}, {t0}, {p2}",
                    "sbcs {u3}, {t1}, {pf}",
                    "sbcs {t5}, {t2}, {pf}",
                    "sbcs {bi}, {t3}, {pf}",
                    "sbcs xzr, {t4}, xzr",
                    "csel {u0}, {u0}, {t6}, hs",
                    "csel {u1}, {u1}, {t7}, hs",
                    "csel {u2}, {u2}, {t0}, hs",
                    "csel {u3}, {u3}, {t1}, hs",
                    "csel {t5}, {t5}, {t2}, hs",
                    "csel {bi}, {bi}, {t3}, hs",
                    a0 = in(reg) a[0],
                    a1 = in(reg) a[1],
                    a2 = in(reg) a[2],
                    a3 = in(reg) a[3],
                    a4 = in(reg) a[4],
                    a5 = in(reg) a[5],
                    pb = in(reg) b.as_ptr(),
                    p0 = in(reg) $p[0],
                    p1 = in(reg) $p[1],
                    p2 = in(reg) $p[2],
                    pf = in(reg) $p[3],
                    n0 = in(reg) $n0,
                    bi = out(reg) o5,
                    t0 = out(reg) _,
                    t1 = out(reg) _,
                    t2 = out(reg) _,
                    t3 = out(reg) _,
                    t4 = out(reg) _,
                    t5 = out(reg) o4,
                    t6 = out(reg) _,
                    t7 = out(reg) _,
                    u0 = out(reg) o0,
                    u1 = out(reg) o1,
                    u2 = out(reg) o2,
                    u3 = out(reg) o3,
                    options(pure, readonly, nostack),
                );
            }
            [o0, o1, o2, o3, o4, o5]
        }
    };
}

mont6!(
    /// The Montgomery product `a b / 2^384 mod p` modulo P-384's prime.
    mul_p384, P384, P384_N0
);
mont6!(
    /// The Montgomery product `a b / 2^384 mod n` modulo P-384's group
    /// order.
    mul_n384, N384, N384_N0
);

/// The Montgomery square modulo P-384's prime (the product with itself).
///
/// # Safety
/// As [`mul_p384`].
#[inline(always)]
pub(crate) unsafe fn sqr_p384(a: &[u64; 6]) -> [u64; 6] {
    // SAFETY: as `mul_p384`.
    unsafe { mul_p384(a, a) }
}

/// `a + b mod p` and `a - b mod p` of four-limb elements below `p`
/// (`$p`): the sum minus `p`, kept unless that borrows (with the sum's
/// carry); the difference, plus `p` selected by `csel` on its borrow.
macro_rules! add_sub4 {
    ($(#[$adoc:meta])* $add:ident, $(#[$sdoc:meta])* $sub:ident, $p:expr) => {
        $(#[$adoc])*
        ///
        /// # Safety
        /// None beyond aarch64; `unsafe` as the other kernels.
        #[inline(always)]
        pub(crate) unsafe fn $add(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
            let [mut r0, mut r1, mut r2, mut r3] = *a;
            // SAFETY: register operands only (no memory access, no
            // stack); every register written is an output operand.
            unsafe {
                asm!(
                    "adds {r0}, {r0}, {b0}",
                    "adcs {r1}, {r1}, {b1}",
                    "adcs {r2}, {r2}, {b2}",
                    "adcs {r3}, {r3}, {b3}",
                    "adc {c}, xzr, xzr",
                    "subs {b0}, {r0}, {p0}",
                    "sbcs {b1}, {r1}, {p1}",
                    "sbcs {b2}, {r2}, {p2}",
                    "sbcs {b3}, {r3}, {p3}",
                    "sbcs xzr, {c}, xzr",
                    "csel {r0}, {b0}, {r0}, hs",
                    "csel {r1}, {b1}, {r1}, hs",
                    "csel {r2}, {b2}, {r2}, hs",
                    "csel {r3}, {b3}, {r3}, hs",
                    r0 = inout(reg) r0,
                    r1 = inout(reg) r1,
                    r2 = inout(reg) r2,
                    r3 = inout(reg) r3,
                    b0 = inout(reg) b[0] => _,
                    b1 = inout(reg) b[1] => _,
                    b2 = inout(reg) b[2] => _,
                    b3 = inout(reg) b[3] => _,
                    p0 = in(reg) $p[0],
                    p1 = in(reg) $p[1],
                    p2 = in(reg) $p[2],
                    p3 = in(reg) $p[3],
                    c = out(reg) _,
                    options(pure, nomem, nostack),
                );
            }
            [r0, r1, r2, r3]
        }

        $(#[$sdoc])*
        ///
        /// # Safety
        /// None beyond aarch64; `unsafe` as the other kernels.
        #[inline(always)]
        pub(crate) unsafe fn $sub(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
            let [mut r0, mut r1, mut r2, mut r3] = *a;
            // SAFETY: register operands only (no memory access, no
            // stack); every register written is an output operand.
            unsafe {
                asm!(
                    "subs {r0}, {r0}, {b0}",
                    "sbcs {r1}, {r1}, {b1}",
                    "sbcs {r2}, {r2}, {b2}",
                    "sbcs {r3}, {r3}, {b3}",
                    // borrowed (lo): add p back
                    "csel {b0}, {p0}, xzr, lo",
                    "csel {b1}, {p1}, xzr, lo",
                    "csel {b2}, {p2}, xzr, lo",
                    "csel {b3}, {p3}, xzr, lo",
                    "adds {r0}, {r0}, {b0}",
                    "adcs {r1}, {r1}, {b1}",
                    "adcs {r2}, {r2}, {b2}",
                    "adc {r3}, {r3}, {b3}",
                    r0 = inout(reg) r0,
                    r1 = inout(reg) r1,
                    r2 = inout(reg) r2,
                    r3 = inout(reg) r3,
                    b0 = inout(reg) b[0] => _,
                    b1 = inout(reg) b[1] => _,
                    b2 = inout(reg) b[2] => _,
                    b3 = inout(reg) b[3] => _,
                    p0 = in(reg) $p[0],
                    p1 = in(reg) $p[1],
                    p2 = in(reg) $p[2],
                    p3 = in(reg) $p[3],
                    options(pure, nomem, nostack),
                );
            }
            [r0, r1, r2, r3]
        }
    };
}

/// As [`add_sub4!`] for six limbs, the modulus's equal top limbs in one
/// register (`{pf}`).
macro_rules! add_sub6 {
    ($(#[$adoc:meta])* $add:ident, $(#[$sdoc:meta])* $sub:ident, $p:expr) => {
        $(#[$adoc])*
        ///
        /// # Safety
        /// None beyond aarch64; `unsafe` as the other kernels.
        #[inline(always)]
        pub(crate) unsafe fn $add(a: &[u64; 6], b: &[u64; 6]) -> [u64; 6] {
            let [mut r0, mut r1, mut r2, mut r3, mut r4, mut r5] = *a;
            // SAFETY: register operands only (no memory access, no
            // stack); every register written is an output operand.
            unsafe {
                asm!(
                    "adds {r0}, {r0}, {b0}",
                    "adcs {r1}, {r1}, {b1}",
                    "adcs {r2}, {r2}, {b2}",
                    "adcs {r3}, {r3}, {b3}",
                    "adcs {r4}, {r4}, {b4}",
                    "adcs {r5}, {r5}, {b5}",
                    "adc {c}, xzr, xzr",
                    "subs {b0}, {r0}, {p0}",
                    "sbcs {b1}, {r1}, {p1}",
                    "sbcs {b2}, {r2}, {p2}",
                    "sbcs {b3}, {r3}, {pf}",
                    "sbcs {b4}, {r4}, {pf}",
                    "sbcs {b5}, {r5}, {pf}",
                    "sbcs xzr, {c}, xzr",
                    "csel {r0}, {b0}, {r0}, hs",
                    "csel {r1}, {b1}, {r1}, hs",
                    "csel {r2}, {b2}, {r2}, hs",
                    "csel {r3}, {b3}, {r3}, hs",
                    "csel {r4}, {b4}, {r4}, hs",
                    "csel {r5}, {b5}, {r5}, hs",
                    r0 = inout(reg) r0,
                    r1 = inout(reg) r1,
                    r2 = inout(reg) r2,
                    r3 = inout(reg) r3,
                    r4 = inout(reg) r4,
                    r5 = inout(reg) r5,
                    b0 = inout(reg) b[0] => _,
                    b1 = inout(reg) b[1] => _,
                    b2 = inout(reg) b[2] => _,
                    b3 = inout(reg) b[3] => _,
                    b4 = inout(reg) b[4] => _,
                    b5 = inout(reg) b[5] => _,
                    p0 = in(reg) $p[0],
                    p1 = in(reg) $p[1],
                    p2 = in(reg) $p[2],
                    pf = in(reg) $p[3],
                    c = out(reg) _,
                    options(pure, nomem, nostack),
                );
            }
            [r0, r1, r2, r3, r4, r5]
        }

        $(#[$sdoc])*
        ///
        /// # Safety
        /// None beyond aarch64; `unsafe` as the other kernels.
        #[inline(always)]
        pub(crate) unsafe fn $sub(a: &[u64; 6], b: &[u64; 6]) -> [u64; 6] {
            let [mut r0, mut r1, mut r2, mut r3, mut r4, mut r5] = *a;
            // SAFETY: register operands only (no memory access, no
            // stack); every register written is an output operand.
            unsafe {
                asm!(
                    "subs {r0}, {r0}, {b0}",
                    "sbcs {r1}, {r1}, {b1}",
                    "sbcs {r2}, {r2}, {b2}",
                    "sbcs {r3}, {r3}, {b3}",
                    "sbcs {r4}, {r4}, {b4}",
                    "sbcs {r5}, {r5}, {b5}",
                    // borrowed (lo): add p back
                    "csel {b0}, {p0}, xzr, lo",
                    "csel {b1}, {p1}, xzr, lo",
                    "csel {b2}, {p2}, xzr, lo",
                    "csel {b3}, {pf}, xzr, lo",
                    "adds {r0}, {r0}, {b0}",
                    "adcs {r1}, {r1}, {b1}",
                    "adcs {r2}, {r2}, {b2}",
                    "adcs {r3}, {r3}, {b3}",
                    "adcs {r4}, {r4}, {b3}",
                    "adc {r5}, {r5}, {b3}",
                    r0 = inout(reg) r0,
                    r1 = inout(reg) r1,
                    r2 = inout(reg) r2,
                    r3 = inout(reg) r3,
                    r4 = inout(reg) r4,
                    r5 = inout(reg) r5,
                    b0 = inout(reg) b[0] => _,
                    b1 = inout(reg) b[1] => _,
                    b2 = inout(reg) b[2] => _,
                    b3 = inout(reg) b[3] => _,
                    b4 = in(reg) b[4],
                    b5 = in(reg) b[5],
                    p0 = in(reg) $p[0],
                    p1 = in(reg) $p[1],
                    p2 = in(reg) $p[2],
                    pf = in(reg) $p[3],
                    options(pure, nomem, nostack),
                );
            }
            [r0, r1, r2, r3, r4, r5]
        }
    };
}

add_sub4!(
    /// `a + b mod p` of P-256 elements below `p`.
    add,
    /// `a - b mod p` of P-256 elements below `p`.
    sub,
    P256
);
add_sub6!(
    /// `a + b mod p` of P-384 elements below `p`.
    add_p384,
    /// `a - b mod p` of P-384 elements below `p`.
    sub_p384,
    P384
);
