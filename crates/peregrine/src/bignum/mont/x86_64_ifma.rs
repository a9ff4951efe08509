//! Constant-time modular exponentiation in radix 2^52 on AVX-512 IFMA
//! (`vpmadd52luq`/`vpmadd52huq`), the operands in ymm registers (module
//! `y`, the `ifma` backend) or zmm registers (module `z`, `ifma512`), one
//! body written once over the width (the `kernels!` macro).
//!
//! Technique: Gueron and Krasnov's almost Montgomery multiplication (AMM)
//! in radix 2^52 ("Accelerating Big Integer Arithmetic Using Intel IFMA
//! Extensions", ARITH 2016), as OpenSSL's `rsaz-avx512.pl` and aws-lc's
//! `rsaz_exp_x2` use it for RSA; the code here is written from the
//! description, with `core::arch` intrinsics.
//!
//! - A value of `L` limbs of 52 bits, the least with `2^(52 L) >= 4 n`, so
//!   that the AMM of two values `< 2 n` is again `< 2 n`: no final
//!   subtraction inside the exponentiation, one at the end
//!   (`Montgomery(x, 1) <= n`, then a masked subtraction in radix 2^64).
//!   It sits in `N = ceil(L / LANES)` vectors (ymm, four limbs, `N` from 3
//!   to 10; zmm, eight, `N` from 2 to 5; `N` a const generic), the lanes
//!   above `L` zero; the AMM runs `L` rows, not `LANES N`: RSA-2048's
//!   halves take 20 rows in three zmm (24 rows before, when `L` was
//!   rounded up to the vector: about 1.2x on signing).
//! - A public exponent (`pow_vartime`: RSA's `e`, the signature check after
//!   signing) runs square and multiply on the same AMM, one problem: RSA-2048
//!   verification about 2x over the `adx` kernel's 64-bit products.
//! - `Modulus` keeps the kernel's `R^2 mod n` (no recomputation per
//!   exponentiation).
//! - `amm`: word-by-word Montgomery over the limbs `b[i]` of one operand.
//!   One set of `N` accumulators takes both the `a * b[i]` and the
//!   `m * y` products, as OpenSSL's `amm52x20_x1`: the low halves, one
//!   shift down by one limb (`valignq`, the division by 2^52), the high
//!   halves. One shift a row instead of two (a set for each product, as
//!   this kernel had before) halves the `valignq` traffic on port 5,
//!   which bounded the loop on Sapphire Rapids: RSA-2048 signing about
//!   1.4x faster, -3072 and -4096 5 to 9%. Limb 0 (which decides the next
//!   `y = t k0 mod 2^52`) is tracked in a general-purpose register; the
//!   vector lane 0 is overwritten with it at the end. The accumulator
//!   limbs stay below `4 L 2^52 < 2^60` (no overflow); the result is
//!   normalized to 52-bit limbs by one shift-and-add pass and a
//!   carry-lookahead over the lane masks (generate: limb `> 2^52 - 1`,
//!   propagate: limb `= 2^52 - 1`, carries `((g << 1) + p) ^ p`), all
//!   masks, no branch.
//! - Two arrangements of a row, measured (`tsc` per 1024-bit product on
//!   Sapphire Rapids, `Modulus::bench_product_chain`, alternating builds):
//!   - Two problems interleaved (`pow_pair`): the loop is bound by the
//!     vector ports (24 `vpmadd52`, 6 `valignq`, 4 broadcasts a pair of
//!     rows), so the plain order wins: low halves, shift, then the next
//!     limb 0 from lane 0 (`vmovq`), high halves.
//!   - One problem (`pow`, `pow_vartime`, the table): the plain order is
//!     bound by two chains a row, the accumulator's (two `vpmadd52`, the
//!     shift, two more: 19 cycles) and limb 0's (through the vector
//!     lane). Here the products that do not need this row's `y` (the
//!     previous row's high halves, the low half of `a b[i]`) build in a
//!     separate register and join the accumulator by one addition (the
//!     chain: addition, one `vpmadd52`, the shift); the next limb 0 is
//!     lane 1 read before the products by `y`, plus `m[1] y` (low half) in
//!     scalar, and the carry out of limb 0 is the high word of
//!     `(m[0] 2^12) y` plus the rest of `t`, not a 128-bit sum. About
//!     1.3x faster alone (330 against 440); paired it measured 10% slower.
//!   - In the short-chain row an empty `asm!` keeps limb 0 in a
//!     general-purpose register ([`gpr`]): tried on two interleaved
//!     problems without it, LLVM packed their limb-0 arithmetic into one
//!     xmm register and the loop ran 1.6x slower.
//! - Squaring is the same AMM with `a = b`.
//! - `pow`: a fixed 5-bit window (as [`crate::bignum::Modulus::pow`]), a
//!   table of 32 powers read by a masked scan of every entry
//!   (`vpcmpeqq` into a mask register, then a blend): no branch or address
//!   depends on the exponent or on the limb values; the running time
//!   depends on the widths and the exponent's length only.
//! - Radix conversion (`to_radix52`, `from_radix52`) by public bit offsets.

use core::arch::x86_64::*;

const MASK52: u64 = (1 << 52) - 1;
const WINDOW: usize = 5;
const ENTRIES: usize = 1 << WINDOW;

/// `x`, kept in a general-purpose register: an empty `asm!` the
/// optimizer cannot see through, so it cannot move limb 0's scalar
/// arithmetic into vector registers. Used in the single-problem row; when
/// that row was tried for two interleaved problems without it, LLVM
/// packed the two problems' limb-0 arithmetic into one xmm register and
/// the paired loop ran 1.6x slower (the paired row now keeps the plain
/// order and does not need it).
#[inline(always)]
fn gpr(mut x: u64) -> u64 {
    // SAFETY: an empty template; the register is only named.
    unsafe {
        core::arch::asm!("/* {0} */", inout(reg) x, options(pure, nomem, nostack, preserves_flags));
    }
    x
}

/// The storage of one value in the secret-exponent exponentiation: 40
/// limbs of 52 bits (2048 bits; the first `LANES N` used).
const W: usize = 40;
/// The same for the public-exponent one, which goes to 4096 bits.
const VW: usize = 80;

/// The narrowest modulus (in 64-bit limbs) the exponentiation takes.
pub const MIN_LIMBS: usize = 8;
/// The widest: 32 limbs (2048 bits, 40 limbs of 52 bits: ten ymm or five
/// zmm vectors).
pub const MAX_LIMBS: usize = 32;

/// `out` (all its limbs) = `x` in radix 2^52; the bits of `x` beyond
/// `52 * out.len()` are dropped. Offsets are public.
pub fn to_radix52(out: &mut [u64], x: &[u64]) {
    for (j, o) in out.iter_mut().enumerate() {
        let pos = 52 * j;
        let (w, off) = (pos / 64, pos % 64);
        let lo = x.get(w).copied().unwrap_or(0) >> off;
        let hi = if off > 12 {
            x.get(w + 1).copied().unwrap_or(0) << (64 - off)
        } else {
            0
        };
        *o = (lo | hi) & MASK52;
    }
}

/// `out` (all its limbs) = `x` (52-bit limbs) in radix 2^64; the bits
/// beyond `64 * out.len()` are dropped.
pub fn from_radix52(out: &mut [u64], x: &[u64]) {
    out.fill(0);
    for (j, &v) in x.iter().enumerate() {
        let pos = 52 * j;
        let (w, off) = (pos / 64, pos % 64);
        if let Some(o) = out.get_mut(w) {
            *o |= v << off;
        }
        if off > 12
            && let Some(o) = out.get_mut(w + 1)
        {
            *o |= v >> (64 - off);
        }
    }
}

type PowArgs<'a, const K: usize> = (
    [&'a mut [u64]; K],
    [&'a [u64]; K],
    [&'a [u8]; K],
    [&'a [u64]; K],
    [u64; K],
    [&'a [u64]; K],
);

/// The tables of 32 powers of `K` problems, entry-major (entry `e` of
/// every problem side by side, the shape the AMM takes, so entries are
/// built in place), each entry 40 limbs (the first `LANES N` used); wiped
/// on drop.
struct Table<const K: usize>([[[u64; W]; K]; ENTRIES]);

impl<const K: usize> Drop for Table<K> {
    fn drop(&mut self) {
        for e in self.0.iter_mut() {
            zeroize::Zeroize::zeroize(e);
        }
    }
}

/// Wipes `K` values of `S` limbs on drop.
struct Wiped<const K: usize, const S: usize = W>([[u64; S]; K]);

impl<const K: usize, const S: usize> Drop for Wiped<K, S> {
    fn drop(&mut self) {
        for e in self.0.iter_mut() {
            zeroize::Zeroize::zeroize(e);
        }
    }
}

/// The width-generic half of the kernel: `limbs52`, the AMM, the
/// normalization, the table scan and the exponentiations, over a vector
/// type `V` of `LANES` limbs and its primitives, which the module that
/// invokes it defines (`y`: ymm, four limbs; `z`: zmm, eight).
/// `n`: the vector counts `pow` instantiates; `np`: those of `pow_pair`.
macro_rules! kernels {
    (
        pair_max: $pair_max:expr, n: [$($n:literal),*], np: [$($np:literal),*],
        vartime_max: $vt_max:expr, nv: [$($nv:literal),*]
    ) => {
        /// The number of 52-bit limbs `L` for a `k`-limb modulus (the least
        /// with `52 L >= 64 k + 2`), when the kernel takes that width: the
        /// AMM's row count and `R = 2^(52 L)`. The vectors hold
        /// `L.div_ceil(LANES)` of `LANES` limbs; the lanes above `L` stay
        /// zero, so a row count that is not a multiple of the width costs
        /// no row (RSA-2048's halves: 20 rows in three zmm, not 24).
        pub fn limbs52(k: usize) -> Option<usize> {
            (MIN_LIMBS..=MAX_LIMBS)
                .contains(&k)
                .then(|| (64 * k + 2).div_ceil(52))
        }

        /// The widest modulus (64-bit limbs) [`pow_vartime`] takes.
        pub const VARTIME_MAX_LIMBS: usize = $vt_max;

        /// [`limbs52`] for [`pow_vartime`], which goes up to
        /// [`VARTIME_MAX_LIMBS`].
        pub fn limbs52_vartime(k: usize) -> Option<usize> {
            (MIN_LIMBS..=VARTIME_MAX_LIMBS)
                .contains(&k)
                .then(|| (64 * k + 2).div_ceil(52))
        }

        /// `r[s] = a[s] b[s] 2^(-52 l) mod m[s]` for `K` independent problems in
        /// one loop of `l` rows; almost: `r < 2 m` when `a, b < 2 m`
        /// and `4 m <= 2^(52 l)`. Every operand has `LANES N >= l` normalized
        /// limbs, those from `l` up zero; `k0 = -m^(-1) mod 2^52`.
        /// `r` may be `a` or `b` (raw pointers: every limb of `a` and `m` is
        /// loaded before the loop, `b` is read in it, `r` written after it).
        ///
        /// `K = 2` ([`pow_pair`], OpenSSL's and aws-lc's dual exponentiation of
        /// the two CRT halves) runs up to [`PAIR_MAX_LIMBS52`]: each problem's
        /// chain (broadcast, two `vpmadd52`, `valignq`, `vmovq`, `imul`) leaves
        /// the multipliers idle that the other problem fills; on Zen 4, whose
        /// 256-bit IFMA is throughput-bound here, the pair measured 10 to 45%
        /// slower (RSA-2048 to -4096 sign, with the two-set kernel).
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        unsafe fn amm_k<const N: usize, const K: usize, const S: usize>(
            l: usize,
            r: *mut [[u64; S]; K],
            a: *const [[u64; S]; K],
            b: *const [[u64; S]; K],
            m: &[[u64; S]; K],
            k0: [u64; K],
        ) {
            debug_assert!(l <= LANES * N);
            let zero = zero();
            // SAFETY: the caller passes valid arrays; `a` is read here, `b`
            // in the loop, and `r` (which may be either) written only after
            // the last use of these references.
            let (a, b) = unsafe { (&*a, &*b) };
            let av: [[V; N]; K] =
                core::array::from_fn(|s| core::array::from_fn(|v| load(&a[s][LANES * v..])));
            let a0: [u64; K] = core::array::from_fn(|s| a[s][0]);
            let mv: [[V; N]; K] =
                core::array::from_fn(|s| core::array::from_fn(|v| load(&m[s][LANES * v..])));
            let mut acc = [[zero; N]; K];
            let m0: [u64; K] = core::array::from_fn(|s| m[s][0]);
            let m1: [u64; K] = core::array::from_fn(|s| m[s][1]);
            // m[0] 2^12: the high word of its product by y is m[0] y >> 52.
            let m0s: [u64; K] = core::array::from_fn(|s| m0[s] << 12);
            let mut acc0 = [0u64; K];
            if K == 1 {
                // One problem: the loop is bound by its dependency chains,
                // which this arrangement shortens (see the module notes).
                // The previous row's multipliers (none before row 0).
                let mut bprev = [zero; K];
                let mut yprev = [zero; K];
                for i in 0..l {
                    for s in 0..K {
                        let bi = b[s][i];
                        let bv = set1(bi as i64);
                        // Limb 0 exactly, t = acc0 + a[0] b[i], kept as its
                        // low 52 bits and the rest: the carry out of
                        // t + m[0] y (whose low 52 bits are zero) is the rest,
                        // the high part of m[0] y, and one unless both low
                        // parts are zero (y = 0 exactly when t's are). A
                        // short chain from acc0 to the next one.
                        let p = (a0[s] as u128) * (bi as u128);
                        let t = gpr(acc0[s] + (p as u64 & MASK52));
                        let y = gpr(t.wrapping_mul(k0[s]) & MASK52);
                        let tl = t & MASK52;
                        let carry = (t >> 52)
                            + (p >> 52) as u64
                            + ((m0s[s] as u128 * y as u128) >> 64) as u64
                            + u64::from(tl != 0);
                        let acc = &mut acc[s];
                        // The products that do not wait for this row's `y`
                        // (the high halves of the previous row, the low half
                        // of `a b[i]`), in their own chain, then one addition.
                        for v in 0..N {
                            let x = madd_hi(zero, av[s][v], bprev[s]);
                            let x = madd_lo(x, av[s][v], bv);
                            let x = madd_hi(x, mv[s][v], yprev[s]);
                            acc[v] = add(acc[v], x);
                        }
                        // Lane 1 now lacks only `m[1] y` (low half): the next
                        // limb 0, computed without waiting for the products
                        // by `y` below.
                        let l1 = lane1(acc[0]) as u64;
                        let yv = set1(y as i64);
                        for v in 0..N {
                            acc[v] = madd_lo(acc[v], mv[s][v], yv);
                        }
                        // Divide by 2^52: the accumulators one limb down.
                        for v in 0..N {
                            let next = if v + 1 < N { acc[v + 1] } else { zero };
                            acc[v] = down1(next, acc[v]);
                        }
                        acc0[s] = gpr(carry + l1 + (m1[s].wrapping_mul(y) & MASK52));
                        bprev[s] = bv;
                        yprev[s] = yv;
                    }
                }
                // The last row's high halves.
                for s in 0..K {
                    for v in 0..N {
                        acc[s][v] = madd_hi(acc[s][v], av[s][v], bprev[s]);
                        acc[s][v] = madd_hi(acc[s][v], mv[s][v], yprev[s]);
                    }
                }
            } else {
                // Two problems: the loop is bound by the vector ports, and
                // this arrangement (fewer vector instructions) is faster.
                for i in 0..l {
                    for s in 0..K {
                        let bi = b[s][i];
                        let bv = set1(bi as i64);
                        let p = (a0[s] as u128) * (bi as u128);
                        let t = acc0[s] as u128 + p;
                        let y = (t as u64).wrapping_mul(k0[s]) & MASK52;
                        let yv = set1(y as i64);
                        // Limb 0 exactly, its low 52 bits now zero: the carry out.
                        let carry = ((t + (m0[s] as u128) * (y as u128)) >> 52) as u64;
                        let acc = &mut acc[s];
                        for v in 0..N {
                            acc[v] = madd_lo(acc[v], av[s][v], bv);
                        }
                        for v in 0..N {
                            acc[v] = madd_lo(acc[v], mv[s][v], yv);
                        }
                        // Divide by 2^52: the accumulators one limb down.
                        for v in 0..N {
                            let next = if v + 1 < N { acc[v + 1] } else { zero };
                            acc[v] = down1(next, acc[v]);
                        }
                        acc0[s] = carry + lane0(acc[0]) as u64;
                        for v in 0..N {
                            acc[v] = madd_hi(acc[v], av[s][v], bv);
                        }
                        for v in 0..N {
                            acc[v] = madd_hi(acc[v], mv[s][v], yv);
                        }
                    }
                }
            }
            for s in 0..K {
                let mut x: [V; N] = acc[s];
                x[0] = mask_set1(x[0], 1, acc0[s] as i64);
                normalize(&mut x);
                // SAFETY: see above; the reads of `a` and `b` are done.
                let r = unsafe { &mut (*r)[s] };
                for (v, x) in x.iter().enumerate() {
                    store(&mut r[LANES * v..], *x);
                }
            }
        }

        /// `r = a b 2^(-52 l) mod m` ([`amm_k`]) into a third array.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn amm_to<const N: usize, const K: usize, const S: usize>(
            l: usize,
            r: &mut [[u64; S]; K],
            a: &[[u64; S]; K],
            b: &[[u64; S]; K],
            m: &[[u64; S]; K],
            k0: [u64; K],
        ) {
            // SAFETY: three valid arrays (`a` and `b` may be the same).
            unsafe { amm_k::<N, K, S>(l, r, a, b, m, k0) }
        }

        /// `x = x b 2^(-52 l) mod m` ([`amm_k`]) in place; `b` may be `x`
        /// itself (`None`: a squaring).
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn amm_in<const N: usize, const K: usize, const S: usize>(
            l: usize,
            x: &mut [[u64; S]; K],
            b: Option<&[[u64; S]; K]>,
            m: &[[u64; S]; K],
            k0: [u64; K],
        ) {
            let x: *mut [[u64; S]; K] = x;
            let b = b.map_or(x.cast_const(), |b| b as *const _);
            // SAFETY: `x` and `b` are valid; `amm_k` allows `r` to alias
            // its operands.
            unsafe { amm_k::<N, K, S>(l, x, x, b, m, k0) }
        }

        /// Limbs below 2^63 to normalized 52-bit limbs (the value must fit in
        /// `52 L` bits): one shift-and-add pass leaves limbs below `2^53`, whose
        /// carries (at most one each) are resolved on the lane masks.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl")]
        fn normalize<const N: usize>(s: &mut [V; N]) {
            let mask = set1(MASK52 as i64);
            let zero = zero();
            let hi: [V; N] = core::array::from_fn(|v| srl52(s[v]));
            // One bit a lane: up to 80 lanes (ten zmm), so 128-bit masks.
            let mut g = 0u128;
            let mut p = 0u128;
            for v in 0..N {
                let prev = if v > 0 { hi[v - 1] } else { zero };
                s[v] = add(
                    and(s[v], mask),
                    up_top(hi[v], prev),
                );
                g |= u128::from(gt_mask(s[v], mask)) << (LANES * v);
                p |= u128::from(eq_mask(s[v], mask)) << (LANES * v);
            }
            let carries = ((g << 1).wrapping_add(p)) ^ p;
            let one = set1(1);
            for (v, x) in s.iter_mut().enumerate() {
                let k = ((carries >> (LANES * v)) & ((1 << LANES) - 1)) as __mmask8;
                *x = and(mask_add(*x, k, *x, one), mask);
            }
        }

        /// `out = base^exp mod n` (fully reduced after the caller's final
        /// subtraction: here `<= n`; `k` limbs of 64 bits) for a secret exponent
        /// (big-endian bytes; its length is public), `base < n`,
        /// `n0 = -n^(-1) mod 2^64`, `rr52 = 2^(104 L) mod n` (`k` limbs), where
        /// `L = limbs52(k)`.
        ///
        /// # Safety
        ///
        /// The CPU must have AVX-512 F, VL and IFMA; `limbs52(n.len())` must be
        /// `Some`, and `out`, `base`, `rr52` must have `n.len()` limbs.
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        pub unsafe fn pow(out: &mut [u64], base: &[u64], exp: &[u8], n: &[u64], n0: u64, rr52: &[u64]) {
            let args = ([out], [base], [exp], [n], [n0], [rr52]);
            match limbs52(n.len()).map(|l| l.div_ceil(LANES)) {
                $(Some($n) => pow_k::<$n, 1>(args),)*
                _ => unreachable!("limbs52 covers 8 to 32 limbs"),
            }
        }

        /// The widest value (in 52-bit limbs) at which [`pow_pair`] beats two
        /// [`pow`] calls. Measured on a Sapphire Rapids Xeon (`speed rsa2048
        /// rsa3072 rsa4096 --cpu-time`, alternating builds). On ymm: 20 limbs
        /// (RSA-2048's halves) about 8% faster interleaved with the two-set
        /// kernel; at 32 and 40 limbs (RSA-3072, -4096) the pair was 12 to
        /// 20% slower then, and with the one-set kernel on a par or up to 5%
        /// slower (ten ymm accumulators a problem: the loop is
        /// throughput-bound already). On zmm (four or five accumulators a
        /// problem) the pair wins at every width: RSA-3072 about 1.2x,
        /// -4096 about 1.1x over one at a time.
        pub const PAIR_MAX_LIMBS52: usize = $pair_max;

        /// Two exponentiations in one pass of the vector unit (the CRT halves of
        /// an RSA private operation, as OpenSSL's and aws-lc's dual
        /// exponentiation): `out[s] = base[s]^exp[s] mod n[s]` for `s` in 0..2,
        /// each as [`pow`]; the two moduli have the same number of limbs and the
        /// two exponents the same (public) length. The two problems' `vpmadd52`
        /// chains interleave, so each fills the other's latency.
        ///
        /// # Safety
        ///
        /// As [`pow`], for both problems; `n[0].len() == n[1].len()` and
        /// `exp[0].len() == exp[1].len()`.
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        pub unsafe fn pow_pair(
            out: [&mut [u64]; 2],
            base: [&[u64]; 2],
            exp: [&[u8]; 2],
            n: [&[u64]; 2],
            n0: [u64; 2],
            rr52: [&[u64]; 2],
        ) {
            assert!(n[0].len() == n[1].len() && exp[0].len() == exp[1].len());
            let args = (out, base, exp, n, n0, rr52);
            match limbs52(n[0].len()).map(|l| l.div_ceil(LANES)) {
                $(Some($np) => pow_k::<$np, 2>(args),)*
                _ => unreachable!("pow_pair runs up to PAIR_MAX_LIMBS52"),
            }
        }

        /// `out = table entry idx` by a scan of all 32 entries (the first `4 N`
        /// limbs of each), kept by a mask compare, never a secret address.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl")]
        fn select<const N: usize, const K: usize>(
            table: &Table<K>,
            s: usize,
            idx: u64,
            out: &mut [u64; W],
        ) {
            let want = set1(idx as i64);
            let mut acc = [zero(); N];
            for (e, entry) in table.0.iter().enumerate() {
                let k = eq_mask(want, set1(e as i64));
                for (v, a) in acc.iter_mut().enumerate() {
                    *a = blend(k, *a, load(&entry[s][LANES * v..]));
                }
            }
            for (v, a) in acc.iter().enumerate() {
                store(&mut out[LANES * v..], *a);
            }
        }

        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn pow_k<const N: usize, const K: usize>(args: PowArgs<'_, K>) {
            let (out, base, exp, n, n0, rr52) = args;
            let l = limbs52(n[0].len()).expect("a width the kernel takes");
            let k0: [u64; K] = core::array::from_fn(|s| n0[s] & MASK52);
            let mut m = Wiped([[0u64; W]; K]);
            let mut rr = Wiped([[0u64; W]; K]);
            let mut x = Wiped([[0u64; W]; K]);
            let mut entry = Wiped([[0u64; W]; K]);
            let mut one = [[0u64; W]; K];
            for s in 0..K {
                to_radix52(&mut m.0[s][..l], n[s]);
                to_radix52(&mut rr.0[s][..l], rr52[s]);
                to_radix52(&mut x.0[s][..l], base[s]);
                one[s][0] = 1;
            }
            let mut tables: alloc::boxed::Box<Table<K>> =
                alloc::boxed::Box::new(Table([[[0u64; W]; K]; ENTRIES]));
            let m = &m.0;
            // Powers 0..31 of the base, in the Montgomery domain of R = 2^(52 L):
            // R mod n, base R mod n, then squarings and products by the base,
            // each written in place.
            let t = &mut tables.0;
            amm_to::<N, K, W>(l, &mut t[0], &rr.0, &one, m, k0);
            amm_in::<N, K, W>(l, &mut x.0, Some(&rr.0), m, k0);
            t[1] = x.0;
            for i in 2..ENTRIES {
                let (p, q) = if i % 2 == 0 {
                    (i / 2, i / 2)
                } else {
                    (i - 1, 1)
                };
                let (done, rest) = t.split_at_mut(i);
                amm_to::<N, K, W>(l, &mut rest[0], &done[p], &done[q], m, k0);
            }
            // The exponents have the same (public) length.
            let nbits = 8 * exp[0].len();
            let mut pos = nbits;
            let mut width = match nbits % WINDOW {
                0 => WINDOW,
                r => r,
            }
            .min(nbits);
            let mut first_window = true;
            // The running power: `x`, squared and multiplied in place.
            let acc = &mut x.0;
            *acc = tables.0[0];
            while pos > 0 {
                pos -= width;
                for s in 0..K {
                    let w = crate::bignum::modulus::window(exp[s], pos, width);
                    select::<N, K>(&tables, s, w, &mut entry.0[s]);
                }
                if first_window {
                    *acc = entry.0;
                    first_window = false;
                } else {
                    for _ in 0..width {
                        amm_in::<N, K, W>(l, acc, None, m, k0);
                    }
                    amm_in::<N, K, W>(l, acc, Some(&entry.0), m, k0);
                }
                width = WINDOW;
            }
            // Out of the Montgomery domain: <= n; the caller's final subtraction
            // (in radix 2^64) makes it < n.
            amm_in::<N, K, W>(l, acc, Some(&one), m, k0);
            for (s, o) in out.into_iter().enumerate() {
                from_radix52(o, &acc[s][..l]);
            }
        }

        /// `count` dependent AMMs `x = x (R mod n) / R` on each of `K`
        /// copies of `x` (one problem, or two interleaved as in
        /// [`pow_pair`]): the kernel's cost per product, for `speed`'s
        /// `mont1024` row. `x` (`< n`, radix 2^64) comes back unchanged
        /// after the caller's final subtraction, which checks the chain.
        ///
        /// # Safety
        ///
        /// As [`pow`] (`rr52` and `x` have `n.len()` limbs); `K` is 1 or 2.
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        pub unsafe fn product_chain<const K: usize>(
            x: [&mut [u64]; K],
            n: &[u64],
            n0: u64,
            rr52: &[u64],
            count: usize,
        ) {
            match limbs52(n.len()).map(|l| l.div_ceil(LANES)) {
                $(Some($n) => product_chain_k::<$n, K>(x, n, n0, rr52, count),)*
                _ => unreachable!("limbs52 covers 8 to 32 limbs"),
            }
        }

        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn product_chain_k<const N: usize, const K: usize>(
            x: [&mut [u64]; K],
            n: &[u64],
            n0: u64,
            rr52: &[u64],
            count: usize,
        ) {
            let l = limbs52(n.len()).expect("a width the kernel takes");
            let k0 = [n0 & MASK52; K];
            let mut m = [[0u64; W]; K];
            let mut rm = [[0u64; W]; K];
            let mut one = [[0u64; W]; K];
            let mut v = [[0u64; W]; K];
            for s in 0..K {
                to_radix52(&mut m[s][..l], n);
                to_radix52(&mut rm[s][..l], rr52);
                to_radix52(&mut v[s][..l], x[s]);
                one[s][0] = 1;
            }
            // R mod n (almost), the factor that leaves x unchanged.
            amm_in::<N, K, W>(l, &mut rm, Some(&one), &m, k0);
            for _ in 0..count {
                amm_in::<N, K, W>(l, &mut v, Some(&rm), &m, k0);
            }
            // A last product by one would divide by R: the value is x or
            // x + n already; the caller subtracts.
            for (s, o) in x.into_iter().enumerate() {
                from_radix52(o, &v[s][..l]);
            }
        }

        /// `out = base^exp mod n` (`<= n`, as [`pow`]) for a *public*
        /// exponent (an RSA `e`): square and multiply from the top bit,
        /// variable time in `exp` only (its bits decide the products),
        /// constant time in `base` and `n`.
        ///
        /// # Safety
        ///
        /// As [`pow`].
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        pub unsafe fn pow_vartime(
            out: &mut [u64],
            base: &[u64],
            exp: &[u8],
            n: &[u64],
            n0: u64,
            rr52: &[u64],
        ) {
            let args = ([out], [base], [exp], [n], [n0], [rr52]);
            match limbs52_vartime(n.len()).map(|l| l.div_ceil(LANES)) {
                $(Some($nv) => pow_vartime_k::<$nv>(args),)*
                _ => unreachable!("limbs52_vartime covers 8 to VARTIME_MAX_LIMBS"),
            }
        }

        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn pow_vartime_k<const N: usize>(args: PowArgs<'_, 1>) {
            let ([out], [base], [exp], [n], [n0], [rr52]) = args;
            let l = limbs52_vartime(n.len()).expect("a width the kernel takes");
            let k0 = [n0 & MASK52];
            let mut m = [[0u64; VW]; 1];
            let mut x = Wiped::<1, VW>([[0u64; VW]; 1]);
            let mut b = Wiped::<1, VW>([[0u64; VW]; 1]);
            let mut one = [[0u64; VW]; 1];
            to_radix52(&mut m[0][..l], n);
            to_radix52(&mut x.0[0][..l], rr52);
            to_radix52(&mut b.0[0][..l], base);
            one[0][0] = 1;
            // base R mod n (almost).
            amm_in::<N, 1, VW>(l, &mut b.0, Some(&x.0), &m, k0);
            // The bits of exp from the top one down (none: the result is 1).
            let bit = |i: usize| (exp[exp.len() - 1 - i / 8] >> (i % 8)) & 1 == 1;
            let nbits = (0..8 * exp.len()).rev().find(|&i| bit(i)).map_or(0, |t| t + 1);
            if nbits == 0 {
                // base^0 = 1 (the caller's final subtraction makes it 0 mod 1).
                out.fill(0);
                out[0] = 1;
                return;
            }
            x.0 = b.0;
            for i in (0..nbits - 1).rev() {
                amm_in::<N, 1, VW>(l, &mut x.0, None, &m, k0);
                if bit(i) {
                    amm_in::<N, 1, VW>(l, &mut x.0, Some(&b.0), &m, k0);
                }
            }
            amm_in::<N, 1, VW>(l, &mut x.0, Some(&one), &m, k0);
            from_radix52(out, &x.0[0][..l]);
        }
    };
}

/// The kernel on ymm: four 52-bit limbs a vector, `vpmadd52` on ports 0
/// and 1 of Intel cores (the `ifma` backend, and the width OpenSSL's and
/// aws-lc's RSA code uses).
pub mod y {
    use super::*;

    type V = __m256i;
    const LANES: usize = 4;

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn load(s: &[u64]) -> V {
        let s = &s[..LANES];
        // SAFETY: `s` has four limbs (32 bytes); the load is unaligned.
        unsafe { _mm256_loadu_si256(s.as_ptr().cast()) }
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn store(d: &mut [u64], v: V) {
        let d = &mut d[..LANES];
        // SAFETY: `d` has four limbs (32 bytes); the store is unaligned.
        unsafe { _mm256_storeu_si256(d.as_mut_ptr().cast(), v) }
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn zero() -> V {
        _mm256_setzero_si256()
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn set1(x: i64) -> V {
        _mm256_set1_epi64x(x)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn madd_lo(acc: V, a: V, b: V) -> V {
        _mm256_madd52lo_epu64(acc, a, b)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn madd_hi(acc: V, a: V, b: V) -> V {
        _mm256_madd52hi_epu64(acc, a, b)
    }

    /// `lo` one limb down, the lowest limb of `hi` on top.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn down1(hi: V, lo: V) -> V {
        _mm256_alignr_epi64::<1>(hi, lo)
    }

    /// The top limb of `lo`, then the low limbs of `hi` (`hi` one limb up).
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn up_top(hi: V, lo: V) -> V {
        _mm256_alignr_epi64::<3>(hi, lo)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn lane0(v: V) -> i64 {
        _mm_cvtsi128_si64(_mm256_castsi256_si128(v))
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn lane1(v: V) -> i64 {
        _mm_extract_epi64::<1>(_mm256_castsi256_si128(v))
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn mask_set1(v: V, k: __mmask8, x: i64) -> V {
        _mm256_mask_set1_epi64(v, k, x)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn add(a: V, b: V) -> V {
        _mm256_add_epi64(a, b)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn and(a: V, b: V) -> V {
        _mm256_and_si256(a, b)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn srl52(a: V) -> V {
        _mm256_srli_epi64::<52>(a)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn gt_mask(a: V, b: V) -> __mmask8 {
        _mm256_cmpgt_epu64_mask(a, b)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn eq_mask(a: V, b: V) -> __mmask8 {
        _mm256_cmpeq_epu64_mask(a, b)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn mask_add(src: V, k: __mmask8, a: V, b: V) -> V {
        _mm256_mask_add_epi64(src, k, a, b)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn blend(k: __mmask8, a: V, b: V) -> V {
        _mm256_mask_blend_epi64(k, a, b)
    }

    kernels!(
        pair_max: 20, n: [3, 4, 5, 6, 7, 8, 9, 10], np: [3, 4, 5],
        vartime_max: 32, nv: [3, 4, 5, 6, 7, 8, 9, 10]
    );
}

/// The kernel on zmm: eight 52-bit limbs a vector (the `ifma512`
/// backend). On Sapphire Rapids the zmm `vpmadd52` issues on ports 0 and
/// 5, two a cycle of eight lanes, against two a cycle of four lanes for
/// ymm on ports 0 and 1 (measured here: about 0.5 and 0.6 cycles an
/// instruction, throughput): twice the multiply lanes a cycle.
pub mod z {
    use super::*;

    type V = __m512i;
    const LANES: usize = 8;

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn load(s: &[u64]) -> V {
        let s = &s[..LANES];
        // SAFETY: `s` has eight limbs (64 bytes); the load is unaligned.
        unsafe { _mm512_loadu_si512(s.as_ptr().cast()) }
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn store(d: &mut [u64], v: V) {
        let d = &mut d[..LANES];
        // SAFETY: `d` has eight limbs (64 bytes); the store is unaligned.
        unsafe { _mm512_storeu_si512(d.as_mut_ptr().cast(), v) }
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn zero() -> V {
        _mm512_setzero_si512()
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn set1(x: i64) -> V {
        _mm512_set1_epi64(x)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn madd_lo(acc: V, a: V, b: V) -> V {
        _mm512_madd52lo_epu64(acc, a, b)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn madd_hi(acc: V, a: V, b: V) -> V {
        _mm512_madd52hi_epu64(acc, a, b)
    }

    /// `lo` one limb down, the lowest limb of `hi` on top.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn down1(hi: V, lo: V) -> V {
        _mm512_alignr_epi64::<1>(hi, lo)
    }

    /// The top limb of `lo`, then the low limbs of `hi` (`hi` one limb up).
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn up_top(hi: V, lo: V) -> V {
        _mm512_alignr_epi64::<7>(hi, lo)
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn lane0(v: V) -> i64 {
        _mm_cvtsi128_si64(_mm512_castsi512_si128(v))
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn lane1(v: V) -> i64 {
        _mm_extract_epi64::<1>(_mm512_castsi512_si128(v))
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn mask_set1(v: V, k: __mmask8, x: i64) -> V {
        _mm512_mask_set1_epi64(v, k, x)
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn add(a: V, b: V) -> V {
        _mm512_add_epi64(a, b)
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn and(a: V, b: V) -> V {
        _mm512_and_si512(a, b)
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn srl52(a: V) -> V {
        _mm512_srli_epi64::<52>(a)
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn gt_mask(a: V, b: V) -> __mmask8 {
        _mm512_cmpgt_epu64_mask(a, b)
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn eq_mask(a: V, b: V) -> __mmask8 {
        _mm512_cmpeq_epu64_mask(a, b)
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn mask_add(src: V, k: __mmask8, a: V, b: V) -> V {
        _mm512_mask_add_epi64(src, k, a, b)
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn blend(k: __mmask8, a: V, b: V) -> V {
        _mm512_mask_blend_epi64(k, a, b)
    }

    kernels!(
        pair_max: 40, n: [2, 3, 4, 5], np: [2, 3, 4, 5],
        vartime_max: 64, nv: [2, 3, 4, 5, 6, 7, 8, 9, 10]
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rng(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    /// The round trip at every limb boundary: widths of k 52 and k 64
    /// bits, plus and minus one, with random, all-ones and single-bit
    /// values.
    #[test]
    fn radix52_round_trip() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut bit_lens: alloc::vec::Vec<usize> = alloc::vec::Vec::new();
        for k in 1..=45 {
            for b in [52 * k, 64 * k] {
                bit_lens.extend([b - 1, b, b + 1]);
            }
        }
        for bits in bit_lens {
            let k64 = bits.div_ceil(64);
            let l = bits.div_ceil(52);
            for kind in 0..3 {
                let mut x = alloc::vec![0u64; k64];
                for (i, w) in x.iter_mut().enumerate() {
                    *w = match kind {
                        0 => rng(&mut seed),
                        1 => u64::MAX,
                        _ => u64::from(i == k64 - 1),
                    };
                }
                let top = bits - 64 * (k64 - 1);
                if top < 64 {
                    x[k64 - 1] &= (1u64 << top) - 1;
                }
                if kind == 2 {
                    x[k64 - 1] = 1u64 << (top - 1);
                }
                let mut y = alloc::vec![0u64; l];
                to_radix52(&mut y, &x);
                assert!(y.iter().all(|&v| v <= MASK52), "bits {bits}");
                // The digits, one by one, against the bits of x.
                for i in 0..bits {
                    let b64 = (x[i / 64] >> (i % 64)) & 1;
                    let b52 = (y[i / 52] >> (i % 52)) & 1;
                    assert_eq!(b64, b52, "bits {bits} bit {i}");
                }
                let mut z = alloc::vec![0u64; k64];
                from_radix52(&mut z, &y);
                assert_eq!(x, z, "bits {bits} kind {kind}");
            }
        }
    }

    #[test]
    fn limb_counts() {
        assert_eq!(y::limbs52(16), Some(20));
        assert_eq!(y::limbs52(24), Some(30));
        assert_eq!(y::limbs52(32), Some(40));
        assert_eq!(y::limbs52(8), Some(10));
        assert_eq!(z::limbs52(16), Some(20));
        assert_eq!(z::limbs52(24), Some(30));
        assert_eq!(z::limbs52(32), Some(40));
        for f in [y::limbs52, z::limbs52] {
            assert_eq!(f(7), None);
            assert_eq!(f(33), None);
        }
        for k in MIN_LIMBS..=MAX_LIMBS {
            for l in [y::limbs52(k).unwrap(), z::limbs52(k).unwrap()] {
                assert!(52 * l >= 64 * k + 2 && 52 * (l - 1) < 64 * k + 2 && l <= 40);
            }
        }
    }
}
