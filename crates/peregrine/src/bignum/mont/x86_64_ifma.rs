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
//! - A value of `L = LANES N` limbs of 52 bits (`N` vectors of `LANES`
//!   limbs: ymm, four limbs, `N` from 3 to 10; zmm, eight, `N` from 2 to
//!   5; `N` a const generic) with `2^(52 L) >= 4 n`, so that the AMM of two
//!   values `< 2 n` is again `< 2 n`: no final subtraction inside the
//!   exponentiation, one at the end (`Montgomery(x, 1) <= n`, then a masked
//!   subtraction in radix 2^64).
//! - `amm`: word-by-word Montgomery over the limbs `b[i]` of one operand.
//!   One set of `N` accumulators takes both the `a * b[i]` and the
//!   `m * y` products, as OpenSSL's `amm52x20_x1`: the low halves, one
//!   shift down by one limb (`valignq`, the division by 2^52), the high
//!   halves. One shift a row instead of two (a set for each product, as
//!   this kernel had before) halves the `valignq` traffic on port 5,
//!   which bounded the loop on Sapphire Rapids: RSA-2048 signing about
//!   1.4x faster, -3072 and -4096 5 to 9%. Limb 0 (which decides the next
//!   `y = t k0 mod 2^52`) is tracked in a general-purpose register: the
//!   exact `(t + m0 y) >> 52` in 128 bits, plus the shifted lane 0 (one
//!   `vmovq`); the vector lane 0
//!   is overwritten with it at the end. The accumulator limbs stay below
//!   `4 L 2^52 < 2^60` (no overflow); the result is normalized to 52-bit
//!   limbs by one shift-and-add pass and a carry-lookahead over the lane
//!   masks (generate: limb `> 2^52 - 1`, propagate: limb `= 2^52 - 1`,
//!   carries `((g << 1) + p) ^ p`), all masks, no branch.
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

/// One problem's table of 32 powers (each entry 40 limbs, the first
/// `4 N` used), wiped on drop.
struct Table([[u64; 40]; ENTRIES]);

impl Drop for Table {
    fn drop(&mut self) {
        for e in self.0.iter_mut() {
            zeroize::Zeroize::zeroize(e);
        }
    }
}

/// Wipes `K` values of 40 limbs on drop.
struct Wiped<const K: usize>([[u64; 40]; K]);

impl<const K: usize> Drop for Wiped<K> {
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
    (pair_max: $pair_max:expr, n: [$($n:literal),*], np: [$($np:literal),*]) => {
        /// The number of 52-bit limbs for a `k`-limb modulus (a multiple of four,
        /// `52 L >= 64 k + 2`), when the kernel takes that width.
        pub fn limbs52(k: usize) -> Option<usize> {
            (MIN_LIMBS..=MAX_LIMBS)
                .contains(&k)
                .then(|| LANES * (64 * k + 2).div_ceil(52).div_ceil(LANES))
        }

        /// `r[s] = a[s] b[s] 2^(-52 L) mod m[s]` for `K` independent problems in
        /// one loop; almost: `r < 2 m` when `a, b < 2 m`
        /// and `4 m <= 2^(52 L)`. Every operand has `L = 4 N` normalized limbs
        /// (the first of at least `L`), `k0 = -m^(-1) mod 2^52`.
        ///
        /// `K = 2` ([`pow_pair`], OpenSSL's and aws-lc's dual exponentiation of
        /// the two CRT halves) runs up to [`PAIR_MAX_LIMBS52`]: each problem's
        /// chain (broadcast, two `vpmadd52`, `valignq`, `vmovq`, `imul`) leaves
        /// the multipliers idle that the other problem fills; on Zen 4, whose
        /// 256-bit IFMA is throughput-bound here, the pair measured 10 to 45%
        /// slower (RSA-2048 to -4096 sign, with the two-set kernel).
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn amm_k<const N: usize, const K: usize>(
            r: &mut [[u64; 40]; K],
            a: [&[u64]; K],
            b: [&[u64]; K],
            m: [&[u64]; K],
            k0: [u64; K],
        ) {
            let l = LANES * N;
            let zero = zero();
            let av: [[V; N]; K] =
                core::array::from_fn(|s| core::array::from_fn(|v| load(&a[s][LANES * v..])));
            let mv: [[V; N]; K] =
                core::array::from_fn(|s| core::array::from_fn(|v| load(&m[s][LANES * v..])));
            let mut acc = [[zero; N]; K];
            let a0: [u64; K] = core::array::from_fn(|s| a[s][0]);
            let m0: [u64; K] = core::array::from_fn(|s| m[s][0]);
            let mut acc0 = [0u64; K];
            #[allow(clippy::needless_range_loop)] // `i` indexes every problem's `b`
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
            for (s, r) in r.iter_mut().enumerate() {
                let mut x: [V; N] = acc[s];
                x[0] = mask_set1(x[0], 1, acc0[s] as i64);
                normalize(&mut x);
                for (v, x) in x.iter().enumerate() {
                    store(&mut r[LANES * v..], *x);
                }
            }
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
            let mut g = 0u64;
            let mut p = 0u64;
            for v in 0..N {
                let prev = if v > 0 { hi[v - 1] } else { zero };
                s[v] = add(
                    and(s[v], mask),
                    up_top(hi[v], prev),
                );
                g |= u64::from(gt_mask(s[v], mask)) << (LANES * v);
                p |= u64::from(eq_mask(s[v], mask)) << (LANES * v);
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
            match limbs52(n.len()).map(|l| l / LANES) {
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
            match limbs52(n[0].len()).map(|l| l / LANES) {
                $(Some($np) => pow_k::<$np, 2>(args),)*
                _ => unreachable!("pow_pair runs up to PAIR_MAX_LIMBS52"),
            }
        }

        /// `out = table entry idx` by a scan of all 32 entries (the first `4 N`
        /// limbs of each), kept by a mask compare, never a secret address.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl")]
        fn select<const N: usize>(table: &[[u64; 40]; ENTRIES], idx: u64, out: &mut [u64; 40]) {
            let want = set1(idx as i64);
            let mut acc = [zero(); N];
            for (e, entry) in table.iter().enumerate() {
                let k = eq_mask(want, set1(e as i64));
                for (v, a) in acc.iter_mut().enumerate() {
                    *a = blend(k, *a, load(&entry[LANES * v..]));
                }
            }
            for (v, a) in acc.iter().enumerate() {
                store(&mut out[LANES * v..], *a);
            }
        }

        #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
        fn pow_k<const N: usize, const K: usize>(args: PowArgs<'_, K>) {
            let (out, base, exp, n, n0, rr52) = args;
            let l = LANES * N;
            let k0: [u64; K] = core::array::from_fn(|s| n0[s] & MASK52);
            let mut m = Wiped([[0u64; 40]; K]);
            let mut rr = Wiped([[0u64; 40]; K]);
            let mut acc = Wiped([[0u64; 40]; K]);
            let mut entry = Wiped([[0u64; 40]; K]);
            let mut r = Wiped([[0u64; 40]; K]);
            let mut one = [[0u64; 40]; K];
            for s in 0..K {
                to_radix52(&mut m.0[s][..l], n[s]);
                to_radix52(&mut rr.0[s][..l], rr52[s]);
                to_radix52(&mut acc.0[s][..l], base[s]);
                one[s][0] = 1;
            }
            let mut tables: alloc::boxed::Box<[Table; K]> =
                alloc::boxed::Box::new(core::array::from_fn(|_| Table([[0u64; 40]; ENTRIES])));
            let ms: [&[u64]; K] = core::array::from_fn(|s| &m.0[s][..]);
            // Powers 0..31 of the base, in the Montgomery domain of R = 2^(52 L):
            // R mod n, base R mod n, then squarings and products by the base.
            amm_k::<N, K>(
                &mut r.0,
                core::array::from_fn(|s| &rr.0[s][..]),
                core::array::from_fn(|s| &one[s][..]),
                ms,
                k0,
            );
            for s in 0..K {
                tables[s].0[0] = r.0[s];
            }
            amm_k::<N, K>(
                &mut r.0,
                core::array::from_fn(|s| &acc.0[s][..]),
                core::array::from_fn(|s| &rr.0[s][..]),
                ms,
                k0,
            );
            for s in 0..K {
                tables[s].0[1] = r.0[s];
            }
            for i in 2..ENTRIES {
                let (x, y) = if i % 2 == 0 {
                    (i / 2, i / 2)
                } else {
                    (i - 1, 1)
                };
                amm_k::<N, K>(
                    &mut r.0,
                    core::array::from_fn(|s| &tables[s].0[x][..]),
                    core::array::from_fn(|s| &tables[s].0[y][..]),
                    ms,
                    k0,
                );
                for s in 0..K {
                    tables[s].0[i] = r.0[s];
                }
            }
            acc.0 = core::array::from_fn(|s| tables[s].0[0]);
            // The exponents have the same (public) length.
            let nbits = 8 * exp[0].len();
            let mut pos = nbits;
            let mut width = match nbits % WINDOW {
                0 => WINDOW,
                r => r,
            }
            .min(nbits);
            let mut first_window = true;
            while pos > 0 {
                pos -= width;
                for s in 0..K {
                    let w = crate::bignum::modulus::window(exp[s], pos, width);
                    select::<N>(&tables[s].0, w, &mut entry.0[s]);
                }
                if first_window {
                    acc.0 = entry.0;
                    first_window = false;
                } else {
                    for _ in 0..width {
                        amm_k::<N, K>(
                            &mut r.0,
                            core::array::from_fn(|s| &acc.0[s][..]),
                            core::array::from_fn(|s| &acc.0[s][..]),
                            ms,
                            k0,
                        );
                        acc.0 = r.0;
                    }
                    amm_k::<N, K>(
                        &mut r.0,
                        core::array::from_fn(|s| &acc.0[s][..]),
                        core::array::from_fn(|s| &entry.0[s][..]),
                        ms,
                        k0,
                    );
                    acc.0 = r.0;
                }
                width = WINDOW;
            }
            // Out of the Montgomery domain: <= n; the caller's final subtraction
            // (in radix 2^64) makes it < n.
            amm_k::<N, K>(
                &mut r.0,
                core::array::from_fn(|s| &acc.0[s][..]),
                core::array::from_fn(|s| &one[s][..]),
                ms,
                k0,
            );
            for (s, o) in out.into_iter().enumerate() {
                from_radix52(o, &r.0[s][..l]);
            }
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

    kernels!(pair_max: 20, n: [3, 4, 5, 6, 7, 8, 9, 10], np: [3, 4, 5]);
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

    kernels!(pair_max: 40, n: [2, 3, 4, 5], np: [2, 3, 4, 5]);
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
        assert_eq!(y::limbs52(24), Some(32));
        assert_eq!(y::limbs52(32), Some(40));
        assert_eq!(z::limbs52(16), Some(24));
        assert_eq!(z::limbs52(24), Some(32));
        assert_eq!(z::limbs52(32), Some(40));
        for f in [y::limbs52, z::limbs52] {
            assert_eq!(f(7), None);
            assert_eq!(f(33), None);
        }
        for k in MIN_LIMBS..=MAX_LIMBS {
            for (l, lanes) in [(y::limbs52(k).unwrap(), 4), (z::limbs52(k).unwrap(), 8)] {
                assert!(52 * l >= 64 * k + 2 && l.is_multiple_of(lanes) && l <= 40);
            }
        }
    }
}
