//! Montgomery multiplication and squaring kernels, one per CPU tier.
//!
//! Every backend exports the same two functions over little-endian `u64`
//! limbs, all slices `k` limbs long (`1 <= k <= MAX_LIMBS`):
//!
//! - `mul(r, a, b, n, n0)`: `r = a * b * R^(-1) mod n`, `R = 2^(64k)`;
//! - `sqr(r, a, n, n0)`: `r = a^2 * R^(-1) mod n`, with a dedicated squaring
//!   (each cross product `a[i] * a[j]` computed once).
//!
//! `n` is odd, `n0 = -n^(-1) mod 2^64`, and the inputs are `< n`; the output
//! is fully reduced (`< n`) by a final masked subtraction, never a branch.
//! With inputs `>= n` the output is wrong but the kernels stay memory safe.
//!
//! | [`Impl`] | file | needs |
//! |---|---|---|
//! | `Ifma512` | `x86_64_ifma.rs` (`z`, + `x86_64_adx.rs`) | as `Ifma`, on zmm (eight limbs a vector), where 512-bit vectors run at full clock (`Zmm`) |
//! | `Ifma` | `x86_64_ifma.rs` (`y`, + `x86_64_adx.rs`) | AVX-512 F/VL/IFMA for [`Modulus::pow`](crate::bignum::Modulus::pow) at 8 to 32 limbs; `mul`/`sqr` and every other width are the ADX kernel's, so it also needs BMI2 + ADX |
//! | `Adx` | `x86_64_adx.rs` | BMI2 + ADX: `mulx` and the two carry chains of `adcx`/`adox` |
//! | `Bmi2` | `x86_64_bmi2.rs` | BMI2: `mulx` with one `adc` chain |
//! | `Aarch64` | `aarch64.rs` | the base ISA (`mul`/`umulh`); listed as needing NEON so `PEREGRINE_CPU=-neon` or `none` turns it off |
//! | `Arm` | `arm.rs` | `umaal`: 32-bit little-endian ARM state from ARMv6, Thumb-2 with DSP (a property of the target) |
//! | `Soft` | `soft.rs` | nothing (`u128` products) |
//!
//! Constant time: the kernels' running time and memory accesses depend on
//! `k` only (the width is public; the limb values are not).

use crate::Error;

#[cfg(target_arch = "aarch64")]
mod aarch64;
// Little-endian 32-bit ARM with `umaal` (`build.rs`; the cfg of
// `cpu::backends!`'s "arm+umaal").
#[cfg(peregrine_umaal)]
mod arm;
mod soft;
#[cfg(target_arch = "x86_64")]
mod x86_64_adx;
#[cfg(target_arch = "x86_64")]
mod x86_64_bmi2;
#[cfg(target_arch = "x86_64")]
mod x86_64_ifma;

pub(crate) use soft::square as soft_square;

crate::cpu::backends! {
    primitive: "montgomery", doc: "A Montgomery multiplication backend.";
    /// AVX-512 IFMA on zmm: [`Ifma`](Self::Ifma)'s radix-2^52
    /// exponentiation with eight limbs a vector. On Sapphire Rapids the
    /// zmm `vpmadd52` runs two a cycle (ports 0 and 5), twice the ymm
    /// kernel's multiply lanes; where 512-bit vectors lower the clock (the
    /// `zmm` list) it is not chosen.
    Ifma512 = "ifma512", "x86_64", [Bmi2, Adx, Avx512f, Avx512vl, Avx512ifma, Zmm];
    /// AVX-512 IFMA (`vpmadd52luq`/`vpmadd52huq`, ymm): the secret-exponent
    /// exponentiation ([`Modulus::pow`](crate::bignum::Modulus::pow): RSA's
    /// CRT halves, Miller-Rabin) and the public-exponent one up to 64-bit
    /// exponents ([`Modulus::pow_vartime`](crate::bignum::Modulus::pow_vartime):
    /// RSA's `e`) run in radix 2^52 for moduli of 8 to 32 limbs (512 to
    /// 2048 bits); single products and squarings, and the exponentiations
    /// at every other width, are the `adx` kernel's. Hence
    /// it needs BMI2 and ADX too (every CPU with IFMA has them).
    Ifma = "ifma", "x86_64", [Bmi2, Adx, Avx512f, Avx512vl, Avx512ifma];
    /// x86_64 `mulx` with the two independent carry chains of `adcx`
    /// (CF) and `adox` (OF), inline `asm!`, four limbs per inner step.
    Adx = "adx", "x86_64", [Bmi2, Adx];
    /// x86_64 `mulx` without ADX: one `adc` chain, inline `asm!`, four limbs
    /// per inner step.
    Bmi2 = "bmi2", "x86_64", [Bmi2];
    /// aarch64 `mul`/`umulh` with `adds`/`adcs`, inline `asm!`, four limbs
    /// per inner step. Uses only the base ISA; listed as needing NEON (every
    /// aarch64 Linux CPU has it) so that `PEREGRINE_CPU=-neon` or `none`
    /// selects the portable kernel.
    Aarch64 = "aarch64", "aarch64", [Neon];
    /// 32-bit ARM `umaal` (RdHi:RdLo = Rn Rm + RdHi + RdLo), inline
    /// `asm!`: FIOS over 32-bit words, six instructions a word. Compiled
    /// for little-endian ARM state from ARMv6 and Thumb-2 with DSP (not
    /// ARMv7-M, ARMv6-M or big-endian ARM), where the target guarantees
    /// the `umaal` feature (`PEREGRINE_CPU=-umaal` turns it off).
    Arm = "arm", "arm+umaal", [Umaal];
    /// Portable Rust on `u128` products, constant time.
    Soft = "soft", any, [];
}

/// The widest modulus the kernels take: 256 limbs (16384 bits).
pub const MAX_LIMBS: usize = 256;

fn check_len(k: usize, lens: &[usize]) -> Result<(), Error> {
    if k == 0 || k > MAX_LIMBS {
        return Err(Error::InvalidLength {
            what: "montgomery modulus (limbs)",
            got: k,
        });
    }
    for &l in lens {
        if l != k {
            return Err(Error::InvalidLength {
                what: "montgomery operand (limbs)",
                got: l,
            });
        }
    }
    Ok(())
}

/// `r = a * b * R^(-1) mod n` on backend `imp` (see the module docs for the
/// conditions). Errors only on lengths: every slice must have `n.len()`
/// limbs, `1 <= n.len() <= MAX_LIMBS`.
pub fn mul(
    imp: Checked,
    r: &mut [u64],
    a: &[u64],
    b: &[u64],
    n: &[u64],
    n0: u64,
) -> Result<(), Error> {
    check_len(n.len(), &[r.len(), a.len(), b.len()])?;
    mul_unchecked(imp, r, a, b, n, n0);
    Ok(())
}

/// `r = a^2 * R^(-1) mod n` on backend `imp`; lengths as for [`mul`].
pub fn sqr(imp: Checked, r: &mut [u64], a: &[u64], n: &[u64], n0: u64) -> Result<(), Error> {
    check_len(n.len(), &[r.len(), a.len()])?;
    sqr_unchecked(imp, r, a, n, n0);
    Ok(())
}

/// [`mul`] for callers that have checked the lengths.
#[inline]
pub(crate) fn mul_unchecked(imp: Checked, r: &mut [u64], a: &[u64], b: &[u64], n: &[u64], n0: u64) {
    debug_assert!(check_len(n.len(), &[r.len(), a.len(), b.len()]).is_ok());
    match imp.0 {
        // SAFETY: a `Checked` exists only when `Impl::check` saw the CPU
        // features the backend's `#[target_feature]` list needs (see
        // `Impl::needs`), on the architecture it is compiled for; every
        // slice has `n.len()` limbs, `1 <= n.len() <= MAX_LIMBS` (checked by
        // the callers: `mul` above and `Modulus`, which fixes the width).
        #[cfg(target_arch = "x86_64")]
        Impl::Adx | Impl::Ifma | Impl::Ifma512 => unsafe { x86_64_adx::mul(r, a, b, n, n0) },
        // SAFETY: as above.
        #[cfg(target_arch = "x86_64")]
        Impl::Bmi2 => unsafe { x86_64_bmi2::mul(r, a, b, n, n0) },
        // SAFETY: as above (no features needed beyond the base ISA).
        #[cfg(target_arch = "aarch64")]
        Impl::Aarch64 => unsafe { aarch64::mul(r, a, b, n, n0) },
        // SAFETY: as above (the module's cfg guarantees `umaal`).
        #[cfg(peregrine_umaal)]
        Impl::Arm => unsafe { arm::mul(r, a, b, n, n0) },
        _ => soft::mul(r, a, b, n, n0),
    }
}

/// [`sqr`] for callers that have checked the lengths.
#[inline]
pub(crate) fn sqr_unchecked(imp: Checked, r: &mut [u64], a: &[u64], n: &[u64], n0: u64) {
    debug_assert!(check_len(n.len(), &[r.len(), a.len()]).is_ok());
    match imp.0 {
        // SAFETY: as in `mul_unchecked`.
        #[cfg(target_arch = "x86_64")]
        Impl::Adx | Impl::Ifma | Impl::Ifma512 => unsafe { x86_64_adx::sqr(r, a, n, n0) },
        // SAFETY: as in `mul_unchecked`.
        #[cfg(target_arch = "x86_64")]
        Impl::Bmi2 => unsafe { x86_64_bmi2::sqr(r, a, n, n0) },
        // SAFETY: as in `mul_unchecked`.
        #[cfg(target_arch = "aarch64")]
        Impl::Aarch64 => unsafe { aarch64::sqr(r, a, n, n0) },
        // SAFETY: as in `mul_unchecked`.
        #[cfg(peregrine_umaal)]
        Impl::Arm => unsafe { arm::sqr(r, a, n, n0) },
        _ => soft::sqr(r, a, n, n0),
    }
}

/// The number of 52-bit limbs of the radix-2^52 exponentiation [`pow52`]
/// for a `k`-limb modulus on `imp`, or `None` when `imp` does not have one
/// for that width (then [`Modulus::pow`](crate::bignum::Modulus::pow)
/// uses `mul`/`sqr`).
#[inline]
#[cfg_attr(
    not(target_arch = "x86_64"),
    allow(unused_variables, unused_mut, unreachable_code)
)] // IFMA only
pub(crate) fn pow52_limbs(imp: Checked, k: usize) -> Option<usize> {
    match imp.0 {
        #[cfg(target_arch = "x86_64")]
        Impl::Ifma => x86_64_ifma::y::limbs52(k),
        #[cfg(target_arch = "x86_64")]
        Impl::Ifma512 => x86_64_ifma::z::limbs52(k),
        _ => None,
    }
}

/// `r = base^exp mod n` (fully reduced) for a secret exponent (big-endian,
/// its length public) by the radix-2^52 kernel of `imp`; `rr52 = 2^(104 L)
/// mod n` with `L = pow52_limbs(imp, k)` (the AMM's row count). With
/// `public_exp`, for a *public* exponent (an RSA `e`: square and multiply,
/// variable time in `exp` only), at the widths of [`pow52_vartime_limbs`]. `base < n`; `r`, `base`, `rr52`
/// have `k = n.len()` limbs. Panics when `pow52_limbs(imp, k)` is `None`.
#[allow(clippy::too_many_arguments)] // the kernel's own arguments, plus the choice
#[cfg_attr(
    not(target_arch = "x86_64"),
    allow(unused_variables, unused_mut, unreachable_code)
)] // IFMA only
pub(crate) fn pow52(
    imp: Checked,
    r: &mut [u64],
    base: &[u64],
    exp: &[u8],
    n: &[u64],
    n0: u64,
    rr52: &[u64],
    public_exp: bool,
) {
    let k = n.len();
    let limbs = if public_exp {
        pow52_vartime_limbs(imp, k)
    } else {
        pow52_limbs(imp, k)
    };
    assert!(limbs.is_some() && r.len() == k && base.len() == k && rr52.len() == k);
    #[cfg(target_arch = "x86_64")]
    use x86_64_ifma::{y, z};
    match (imp.0, public_exp) {
        // SAFETY: a `Checked` for `Ifma` exists only when the
        // CPU has AVX-512 F, VL and IFMA (`Impl::needs`), and `Ifma512`
        // needs all `Ifma` needs; the width is one the kernel takes and the
        // slices have `k` limbs (asserted above).
        #[cfg(target_arch = "x86_64")]
        (Impl::Ifma, false) => unsafe { y::pow(r, base, exp, n, n0, rr52) },
        // SAFETY: see above.
        #[cfg(target_arch = "x86_64")]
        (Impl::Ifma512, false) => unsafe { z::pow(r, base, exp, n, n0, rr52) },
        // SAFETY: see above.
        #[cfg(target_arch = "x86_64")]
        (Impl::Ifma, true) => unsafe { y::pow_vartime(r, base, exp, n, n0, rr52) },
        // SAFETY: see above.
        #[cfg(target_arch = "x86_64")]
        (Impl::Ifma512, true) => unsafe { z::pow_vartime(r, base, exp, n, n0, rr52) },
        _ => unreachable!(),
    }
    final_sub(r, 0, n);
}

/// [`pow52_limbs`] for [`pow52`] with a public exponent, which the zmm
/// kernel runs up to 64 limbs (4096 bits: RSA-3072 and -4096 public
/// operations).
#[inline]
#[cfg_attr(
    not(target_arch = "x86_64"),
    allow(unused_variables, unused_mut, unreachable_code)
)] // IFMA only
pub(crate) fn pow52_vartime_limbs(imp: Checked, k: usize) -> Option<usize> {
    match imp.0 {
        #[cfg(target_arch = "x86_64")]
        Impl::Ifma => x86_64_ifma::y::limbs52_vartime(k),
        #[cfg(target_arch = "x86_64")]
        Impl::Ifma512 => x86_64_ifma::z::limbs52_vartime(k),
        _ => None,
    }
}

/// `speed`'s `mont1024` row: `count` dependent radix-2^52 products
/// `x = x (R mod n) / R` on `K` copies of `x` (two: interleaved as
/// [`pow52_pair`] runs them); `x < n` and `x + n < 2^(64 k)` come back
/// unchanged. Panics unless `pow52_limbs(imp, k)` is `Some` (and, for two,
/// `pow52_pair_wins`).
#[cfg_attr(
    not(target_arch = "x86_64"),
    allow(unused_variables, unused_mut, unreachable_code)
)] // IFMA only
pub(crate) fn pow52_product_chain<const K: usize>(
    imp: Checked,
    x: [&mut [u64]; K],
    (n, n0, rr52, count): (&[u64], u64, &[u64], usize),
) {
    let k = n.len();
    assert!(pow52_limbs(imp, k).is_some() && (K == 1 || (K == 2 && pow52_pair_wins(imp, k))));
    assert!(rr52.len() == k && x.iter().all(|x| x.len() == k));
    let mut x = x;
    match imp.0 {
        // SAFETY: as in `pow52`; K is 1 or 2 (asserted above).
        #[cfg(target_arch = "x86_64")]
        Impl::Ifma => unsafe {
            x86_64_ifma::y::product_chain(x.each_mut().map(|x| &mut **x), n, n0, rr52, count)
        },
        // SAFETY: as above.
        #[cfg(target_arch = "x86_64")]
        Impl::Ifma512 => unsafe {
            x86_64_ifma::z::product_chain(x.each_mut().map(|x| &mut **x), n, n0, rr52, count)
        },
        _ => unreachable!(),
    }
    for x in x {
        final_sub(x, 0, n);
    }
}

/// Whether [`pow52_pair`] runs two `k`-limb exponentiations on `imp`
/// faster than two [`pow52`] calls.
#[inline]
#[cfg_attr(
    not(target_arch = "x86_64"),
    allow(unused_variables, unused_mut, unreachable_code)
)] // IFMA only
pub(crate) fn pow52_pair_wins(imp: Checked, k: usize) -> bool {
    match imp.0 {
        #[cfg(target_arch = "x86_64")]
        Impl::Ifma => {
            x86_64_ifma::y::limbs52(k).is_some_and(|l| l <= x86_64_ifma::y::PAIR_MAX_LIMBS52)
        }
        #[cfg(target_arch = "x86_64")]
        Impl::Ifma512 => {
            x86_64_ifma::z::limbs52(k).is_some_and(|l| l <= x86_64_ifma::z::PAIR_MAX_LIMBS52)
        }
        _ => false,
    }
}

/// Two radix-2^52 exponentiations in one pass ([`pow52`] for each
/// problem), for two moduli of the same width `k` on the same `imp`,
/// exponents of the same length. Panics unless `pow52_pair_wins(imp, k)`
/// and the shapes agree.
#[cfg_attr(
    not(target_arch = "x86_64"),
    allow(unused_variables, unused_mut, unreachable_code)
)] // IFMA only
pub(crate) fn pow52_pair(
    imp: Checked,
    r: [&mut [u64]; 2],
    base: [&[u64]; 2],
    exp: [&[u8]; 2],
    n: [&[u64]; 2],
    n0: [u64; 2],
    rr52: [&[u64]; 2],
) {
    let k = n[0].len();
    assert!(pow52_pair_wins(imp, k) && n[1].len() == k && exp[0].len() == exp[1].len());
    for s in 0..2 {
        assert!(r[s].len() == k && base[s].len() == k && rr52[s].len() == k);
    }
    let [r0, r1] = r;
    match imp.0 {
        // SAFETY: as in `pow52`, for both problems; the widths and the
        // exponent lengths agree (asserted above).
        #[cfg(target_arch = "x86_64")]
        Impl::Ifma => unsafe {
            x86_64_ifma::y::pow_pair([&mut *r0, &mut *r1], base, exp, n, n0, rr52)
        },
        // SAFETY: as above.
        #[cfg(target_arch = "x86_64")]
        Impl::Ifma512 => unsafe {
            x86_64_ifma::z::pow_pair([&mut *r0, &mut *r1], base, exp, n, n0, rr52)
        },
        _ => unreachable!(),
    }
    final_sub(r0, 0, n[0]);
    final_sub(r1, 0, n[1]);
}

/// `n0 = -n^(-1) mod 2^64` for odd `n0_limb` (Newton's iteration
/// `x = x * (2 - n * x)` doubles the correct low bits: 3, 6, ..., 96).
pub fn n0_of(n_low: u64) -> u64 {
    let mut x = n_low;
    for _ in 0..5 {
        x = x.wrapping_mul(2u64.wrapping_sub(n_low.wrapping_mul(x)));
    }
    x.wrapping_neg()
}

/// The end of one CIOS row of the asm kernels, portably: the limbs
/// `tail..k` past the last multiple of four (`r[j - 1] = r[j] + a[j] b +
/// n[j] m` with the two carry words `(ca, cn)`), then the top limb; returns
/// the new top word. `(b, m)` are the row's multipliers.
#[allow(dead_code)] // used by the asm kernels of each architecture
pub(crate) fn row_tail(
    r: &mut [u64],
    a: &[u64],
    n: &[u64],
    (b, m): (u64, u64),
    (mut ca, mut cn): (u64, u64),
    tail: usize,
    top: u64,
) -> u64 {
    let k = n.len();
    for j in tail..k {
        let t = (r[j] as u128) + (a[j] as u128) * (b as u128) + (ca as u128);
        ca = (t >> 64) as u64;
        let t = (t as u64 as u128) + (n[j] as u128) * (m as u128) + (cn as u128);
        cn = (t >> 64) as u64;
        r[j - 1] = t as u64;
    }
    let s = (top as u128) + (ca as u128) + (cn as u128);
    r[k - 1] = s as u64;
    (s >> 64) as u64
}

/// The final step every kernel shares: `r + top * 2^(64k)` is `< 2n`;
/// subtract `n` when it is `>= n`, by a mask (two passes, no branch). On
/// x86_64 the borrow chains are `_subborrow_u64` (one `sbb` per limb, the
/// borrow kept in CF); elsewhere `overflowing_sub` pairs.
#[inline]
pub(crate) fn final_sub(r: &mut [u64], top: u64, n: &[u64]) {
    // Pass 1: the borrow of r - n.
    let mut borrow = 0u8;
    for (x, y) in r.iter().zip(n) {
        let mut d = 0u64;
        borrow = sbb(borrow, *x, *y, &mut d);
    }
    // Subtract when top == 1 or there was no borrow.
    let take = top | (borrow as u64 ^ 1);
    let mask = core::hint::black_box(take & 1).wrapping_neg();
    let mut borrow = 0u8;
    for (x, y) in r.iter_mut().zip(n) {
        let mut d = 0u64;
        borrow = sbb(borrow, *x, *y & mask, &mut d);
        *x = d;
    }
}

/// `*out = a - b - borrow`, returning the borrow out (0 or 1).
#[inline(always)]
fn sbb(borrow: u8, a: u64, b: u64, out: &mut u64) -> u8 {
    #[cfg(target_arch = "x86_64")]
    {
        core::arch::x86_64::_subborrow_u64(borrow, a, b, out)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let (d, b1) = a.overflowing_sub(b);
        let (d, b2) = d.overflowing_sub(borrow as u64);
        *out = d;
        (b1 | b2) as u8
    }
}

/// Runs `f` on `len` zeroed limbs of scratch (on the stack up to 200 limbs,
/// so a squaring of up to 64 limbs needs no allocation; on the heap
/// beyond), wiped afterwards.
#[inline]
pub(crate) fn with_scratch<R>(len: usize, f: impl FnOnce(&mut [u64]) -> R) -> R {
    const STACK: usize = 64;
    const STACK_WIDE: usize = 200;
    if len <= STACK {
        let mut buf = [0u64; STACK];
        let out = f(&mut buf[..len]);
        crate::ct::wipe(&mut buf);
        out
    } else if len <= STACK_WIDE {
        let mut buf = [0u64; STACK_WIDE];
        let out = f(&mut buf[..len]);
        crate::ct::wipe(&mut buf);
        out
    } else {
        let mut v = zeroize::Zeroizing::new(alloc::vec![0u64; len]);
        f(&mut v)
    }
}

/// `t = 2 t + sum a[i]^2 2^(128 i)` (`t` has `2 * a.len()` limbs).
#[inline]
#[cfg_attr(
    not(any(target_arch = "x86_64", target_arch = "aarch64")),
    allow(dead_code)
)]
pub(crate) fn double_add_diagonal(t: &mut [u64], a: &[u64]) {
    let mut shift_in = 0u64;
    let mut carry = 0u64;
    for (i, &ai) in a.iter().enumerate() {
        let sq = (ai as u128) * (ai as u128);
        let d0 = (t[2 * i] << 1) | shift_in;
        let d1 = (t[2 * i + 1] << 1) | (t[2 * i] >> 63);
        shift_in = t[2 * i + 1] >> 63;
        let s = (d0 as u128) + (sq as u64 as u128) + (carry as u128);
        t[2 * i] = s as u64;
        let s = (d1 as u128) + (sq >> 64) + (s >> 64);
        t[2 * i + 1] = s as u64;
        carry = (s >> 64) as u64;
    }
}
