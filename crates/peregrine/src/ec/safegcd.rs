//! Constant-time modular inversion by Bernstein–Yang division steps
//! ("Fast constant-time gcd computation and modular inversion", TCHES
//! 2019), in the half-delta form and the signed-62-bit-limb layout that
//! Pieter Wuille analysed for libsecp256k1 (its `safegcd_implementation.md`
//! gives the derivation; the iteration bounds are from his
//! `safegcd-bounds` analysis).
//!
//! The state is `(zeta, f, g, d, e)` with `f = M`, `g = x`, `d = 0`,
//! `e = 1`, and the invariants `d x = f`, `e x = g (mod M)`. Each batch of
//! 60 division steps works on the low 62 bits of `f` and `g` only (three
//! rounds of 20 steps, each on one word per row that packs the row's low
//! bits with its two matrix entries) and returns a 2x2 matrix scaled by
//! 2^62; the matrix is then applied to the
//! full `f, g` (which become exactly divisible by 2^62) and to `d, e`
//! (made divisible by adding a multiple of `M`). After enough steps for
//! the modulus size, `g = 0`, `f = +-gcd = +-1` and `d = +-x^-1`.
//!
//! Step counts: half-delta division steps bring `g` to 0 for all
//! `0 <= g <= f`, `f` odd, of `b` bits within
//! `floor((150964 b + 99243) / 2^16)` steps (the linear bound of Wuille's
//! `safegcd-bounds` analysis, which BouncyCastle's half-delta inversion
//! uses too): 591 for 256 bits (Wuille's computed figure for
//! libsecp256k1 is 590), 886 for 384, 1201 for 521. Rounded up to whole
//! batches: 10, 15 and 21 batches of 60 (steps after `g` reaches 0 change
//! nothing). The tests run with `debug_assert`s that `g` reached 0.
//!
//! Constant time: the number of steps is fixed; every step does the same
//! operations, its two conditions turned into masks behind an
//! optimisation barrier (portable code) or into CMOVs in straight-line
//! `asm!` (x86-64); the products are full-width integer multiplies.
//! No branch or index depends on `x`. An input of 0 gives 0, as Fermat's
//! `x^(M-2)` does.
//!
//! On GF(2^255 - 19) this replaces 254 squarings and 11 products (the
//! Fermat chain) with ten batches of 60 steps of about a dozen to sixteen
//! scalar operations each and ten small matrix products.

use super::curve25519::field::opaque;

/// The most signed-62 limbs a value takes: nine cover 558 bits (moduli up
/// to 521 bits, with room for the sign and the `(-2M, M)` range).
const MAX: usize = 9;

const M62: u64 = u64::MAX >> 2;

/// A modulus in signed-62 form and its inverse mod 2^62.
pub(crate) struct Modulus {
    /// The odd modulus, as `sum v[i] 2^(62 i)` (limbs may be negative:
    /// sparse forms like `-19 + 128 * 2^248` keep the products few);
    /// unused limbs are zero.
    v: [i64; MAX],
    /// `M^-1 mod 2^62`; 0 marks a placeholder (no usable modulus).
    inv62: u64,
}

/// `a^-1 mod 2^64` for an odd `a`, by Newton's iteration (each step doubles
/// the correct low bits; `a` itself is right to 3 bits).
const fn inv64(a: u64) -> u64 {
    let mut x = a;
    let mut i = 0;
    while i < 5 {
        x = x.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(x)));
        i += 1;
    }
    x
}

/// The signed-62 limbs of a value of `N` 64-bit limbs, and the batches of
/// 60 steps, for the sizes this module serves: 4 limbs (moduli up to 256
/// bits), 6 (384) and 9 (521).
const fn shape(n: usize) -> Option<(usize, usize, usize)> {
    match n {
        4 => Some((5, 10, 256)),
        6 => Some((7, 15, 384)),
        9 => Some((9, 21, 521)),
        _ => None,
    }
}

impl Modulus {
    /// An odd modulus given as little-endian 64-bit limbs: four limbs up to
    /// 256 bits, six up to 384, nine up to 521 (a slice, so that code
    /// generic over the limb count can name it). Anything else gives a
    /// placeholder, which [`invert_limbs`] refuses.
    pub(crate) const fn from_limbs(l: &[u64]) -> Modulus {
        const PLACEHOLDER: Modulus = Modulus {
            v: [0; MAX],
            inv62: 0,
        };
        let Some((_, _, bits)) = shape(l.len()) else {
            return PLACEHOLDER;
        };
        if l[0] & 1 == 0 {
            return PLACEHOLDER;
        }
        // the bit length
        let mut top = l.len() * 64;
        while top > 0 && (l[(top - 1) / 64] >> ((top - 1) % 64)) & 1 == 0 {
            top -= 1;
        }
        if top > bits {
            return PLACEHOLDER;
        }
        Modulus::new(balanced(to_signed62(l)))
    }

    /// The modulus whose signed-62 limbs are `v`.
    const fn new(v: [i64; MAX]) -> Modulus {
        // The low 62 bits of M are those of v[0] (the other limbs are
        // multiples of 2^62).
        let inv62 = inv64(v[0] as u64) & M62;
        Modulus { v, inv62 }
    }
}

/// p = 2^255 - 19 = -19 + 2^7 * 2^248.
pub(crate) const P25519: Modulus = Modulus::new([-19, 0, 0, 0, 128, 0, 0, 0, 0]);

/// Signed-62 limbs moved into `(-2^61, 2^61]`, the carry going up: the
/// primes of special form become sparse (P-256: `-1 + 2^34 2^62 + (2^6 -
/// 2^38) 2^186 + 2^8 2^248`, one zero limb of five; P-384: three of
/// seven; P-521: `-1 + 2^25 2^496`, seven of nine), and every zero limb
/// is a pair of products fewer in each batch's update of `d` and `e`.
const fn balanced(mut v: [i64; MAX]) -> [i64; MAX] {
    let mut i = 0;
    while i + 1 < MAX {
        if v[i] > 1 << 61 {
            v[i] -= 1 << 62;
            v[i + 1] += 1;
        }
        i += 1;
    }
    v
}

/// Little-endian 64-bit limbs (a value below 2^(62 MAX - 1)) as
/// non-negative 62-bit ones.
const fn to_signed62(x: &[u64]) -> [i64; MAX] {
    let mut out = [0i64; MAX];
    let mut i = 0;
    while i < MAX {
        let bit = 62 * i;
        let (w, o) = (bit / 64, bit % 64);
        let mut v = 0u64;
        if w < x.len() {
            v = x[w] >> o;
            if o > 2 && w + 1 < x.len() {
                v |= x[w + 1] << (64 - o);
            }
        }
        out[i] = (v & M62) as i64;
        i += 1;
    }
    out
}

/// The first `L` limbs of a signed-62 array.
#[inline(always)]
fn take<const L: usize>(x: &[i64; MAX]) -> [i64; L] {
    let mut out = [0i64; L];
    out.copy_from_slice(&x[..L]);
    out
}

/// Non-negative 62-bit limbs (a value below 2^(64 N)) as `N` little-endian
/// 64-bit limbs.
#[inline(always)]
fn from_signed62<const N: usize, const L: usize>(d: &[i64; L]) -> [u64; N] {
    let mut out = [0u64; N];
    for (i, &l) in d.iter().enumerate() {
        let l = l as u64;
        let bit = 62 * i;
        let (w, o) = (bit / 64, bit % 64);
        if w < N {
            out[w] |= l << o;
        }
        if o > 2 && w + 1 < N {
            out[w + 1] |= l >> (64 - o);
        }
    }
    out
}

/// The matrix of a batch, scaled by 2^62.
struct Trans {
    u: i64,
    v: i64,
    q: i64,
    r: i64,
}

/// Division steps in one round of [`divsteps_60`], at most this many: the
/// packed words below have room for 20.
const ROUND: usize = 20;

/// Where the packed words keep the matrix: `P = f + 2^41 u + 2^62 v`.
const PACK_U: u32 = 41;
const PACK_V: u32 = 62;
// The bounds of `divsteps_round`'s doc hold for these values only (the
// value before the last halving comes within 2^43 of 2^63).
const _: () = assert!(ROUND == 20 && PACK_U == 41 && PACK_V == 62);

/// `ROUND` division steps on the low `ROUND` bits of `f` and `g` (any
/// higher bits of `f0`, `g0` are ignored), on packed words; returns the new
/// `zeta` and the matrix `[[u, v], [q, r]]` times `2^ROUND` (integers in
/// `(-2^20, 2^20]`).
///
/// Each row of the matrix travels in one word with its value: `P_f = f +
/// 2^41 u + 2^62 v`, `P_g = g + 2^41 q + 2^62 r` (the technique of
/// s2n-bignum's `word_divstep59`, derived here for the half-delta form).
/// A step is then linear in the two words (`P_g += +-P_f`, `P_f = P_g`
/// where they swap) and one exact halving (`P_g >>= 1`), so it costs
/// what one row used to. The fields stay apart: `|f|, |g| < 2^20` (a step
/// never increases `max(|f|, |g|)`), the true entries are in `[-1, 1]`
/// with denominators at most `2^20`, so `2^41 u` is a multiple of `2^21`
/// and `2^62 v` one of `2^42`, and every value before a halving is below
/// `2^63` in magnitude (the first row's entries reach 1 only unswapped,
/// the second's stay strictly inside).
#[inline(always)]
fn divsteps_round(zeta: i64, f0: u64, g0: u64) -> (i64, [i64; 4]) {
    #[cfg(target_arch = "x86_64")]
    return divsteps_round_x86(zeta, f0, g0);
    #[cfg(not(target_arch = "x86_64"))]
    return divsteps_round_masks(zeta, f0, g0);
}

/// The packed words of [`divsteps_round`]'s start.
#[inline(always)]
fn pack(f0: u64, g0: u64) -> (u64, u64) {
    const LOW: u64 = (1 << ROUND) - 1;
    (
        (f0 & LOW).wrapping_add(1 << PACK_U),
        (g0 & LOW).wrapping_add(1 << PACK_V),
    )
}

/// [`divsteps_round`] in portable code: the two conditions as masks.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
#[inline(always)]
fn divsteps_round_masks(mut zeta: i64, f0: u64, g0: u64) -> (i64, [i64; 4]) {
    let (mut pf, mut pg) = pack(f0, g0);
    for _ in 0..ROUND {
        // c1: zeta < 0; c2: g odd. Both through a barrier, so the
        // compiler cannot see single bits and branch on them.
        let c1 = opaque((zeta >> 63) as u64);
        let c2 = opaque(pg & 1).wrapping_neg();
        // The f row, negated where zeta < 0, added to the g row where g
        // is odd.
        let x = (pf ^ c1).wrapping_sub(c1);
        pg = pg.wrapping_add(x & c2);
        // Where zeta < 0 and g odd: swap roles (zeta -> -zeta - 2, and
        // the f row += the new g row, which makes it the old g row).
        let c = c1 & c2;
        zeta = (zeta ^ c as i64).wrapping_sub(1);
        pf = pf.wrapping_add(pg & c);
        // Exact: g is even now, and the entries' denominators stay within
        // 2^20.
        pg = ((pg as i64) >> 1) as u64;
    }
    (zeta, [unpack(pf), unpack_hi(pf), unpack(pg), unpack_hi(pg)])
}

/// [`divsteps_round`] on x86-64, by CMOV (baseline x86-64): both
/// candidates `g + f` and `g - f` are formed at once and picked by the
/// sign of `zeta`, then by `g`'s low bit; the swap condition is the sign
/// of `zeta & (g << 63)`. A step's loop-carried path is an add, two CMOVs
/// and the shift (the masks' form was about twice as long).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn divsteps_round_x86(mut zeta: i64, f0: u64, g0: u64) -> (i64, [i64; 4]) {
    let (mut pf, mut pg) = pack(f0, g0);
    // SAFETY: register operations only; a fixed count of ROUND steps.
    unsafe {
        core::arch::asm!(
            ".rept {steps}",
            // s = zeta < 0 ? g - f : g + f
            "lea {s}, [{g} + {f}]",
            "mov {d}, {g}",
            "sub {d}, {f}",
            "test {z}, {z}",
            "cmovs {s}, {d}",
            // swap where zeta < 0 and g odd: f = g, zeta = ~zeta
            "mov {t}, {g}",
            "shl {t}, 63",
            "mov {d}, {z}",
            "not {d}",
            "and {t}, {z}",
            "cmovs {f}, {g}",
            "cmovs {z}, {d}",
            // g = (g odd ? s : g) / 2 (exact), zeta -= 1
            "test {g:l}, 1",
            "cmovnz {g}, {s}",
            "sar {g}, 1",
            "dec {z}",
            ".endr",
            f = inout(reg) pf,
            g = inout(reg) pg,
            z = inout(reg) zeta,
            steps = const ROUND,
            s = out(reg) _,
            d = out(reg) _,
            t = out(reg) _,
            options(pure, nomem, nostack),
        );
    }
    (zeta, [unpack(pf), unpack_hi(pf), unpack(pg), unpack_hi(pg)])
}

/// `P = f + 2^21 U + 2^42 V` with `f` in `(-2^20, 2^20)` and `U`, `V` in
/// `(-2^20, 2^20]` (the packed word after `ROUND` steps, its entries times
/// `2^20`): `(f + 2^20) + 2^21 (U + 2^20 - 1)` is in `[0, 2^42)`.
#[inline(always)]
fn unpack_hi(p: u64) -> i64 {
    (p.wrapping_add((1 << 41) - (1 << 20)) as i64) >> 42
}

/// The `U` of [`unpack_hi`]'s word.
#[inline(always)]
fn unpack(p: u64) -> i64 {
    ((p.wrapping_add(1 << 20) as i64) >> 21).wrapping_sub(unpack_hi(p) << 21)
}

/// `(m f + n g) / 2^ROUND` on the low bits (valid to `ROUND` fewer bits
/// than `f` and `g` were).
#[inline(always)]
fn advance(m: i64, n: i64, f: u64, g: u64) -> u64 {
    (m as u64)
        .wrapping_mul(f)
        .wrapping_add((n as u64).wrapping_mul(g))
        >> ROUND
}

/// The product `b a` of two step matrices (`a` first).
#[inline(always)]
fn compose(b: &[i64; 4], a: &[i64; 4]) -> [i64; 4] {
    let m = |x: i64, y: i64| x.wrapping_mul(y);
    [
        m(b[0], a[0]).wrapping_add(m(b[1], a[2])),
        m(b[0], a[1]).wrapping_add(m(b[1], a[3])),
        m(b[2], a[0]).wrapping_add(m(b[3], a[2])),
        m(b[2], a[1]).wrapping_add(m(b[3], a[3])),
    ]
}

/// 60 division steps on the low bits `f0`, `g0` (mod `2^62`) of `f`, `g`;
/// returns the new `zeta` and the transition matrix (times 2^62). Three
/// rounds of [`divsteps_round`]: after each, the low bits of `f` and `g`
/// move on by the round's matrix (62 valid bits become 42, then 22), and
/// the matrices are multiplied together (exact: the entries of every
/// product of steps are at most 1 in magnitude, times the scale).
#[inline(always)]
fn divsteps_60(zeta: i64, f0: u64, g0: u64) -> (i64, Trans) {
    let (zeta, m1) = divsteps_round(zeta, f0, g0);
    let (f1, g1) = (advance(m1[0], m1[1], f0, g0), advance(m1[2], m1[3], f0, g0));
    let (zeta, m2) = divsteps_round(zeta, f1, g1);
    let (f2, g2) = (advance(m2[0], m2[1], f1, g1), advance(m2[2], m2[3], f1, g1));
    let (zeta, m3) = divsteps_round(zeta, f2, g2);
    // times 2^60, made 2^62
    let t = compose(&m3, &compose(&m2, &m1));
    (
        zeta,
        Trans {
            u: t[0] << 2,
            v: t[1] << 2,
            q: t[2] << 2,
            r: t[3] << 2,
        },
    )
}

#[inline(always)]
fn mul(a: i64, b: i64) -> i128 {
    i128::from(a) * i128::from(b)
}

/// `[f, g] = t [f, g] / 2^62` (exact).
#[inline(always)]
fn update_fg<const L: usize>(f: &mut [i64; L], g: &mut [i64; L], t: &Trans) {
    let (u, v, q, r) = (t.u, t.v, t.q, t.r);
    let mut cf = mul(u, f[0]) + mul(v, g[0]);
    let mut cg = mul(q, f[0]) + mul(r, g[0]);
    cf >>= 62;
    cg >>= 62;
    for i in 1..L {
        cf += mul(u, f[i]) + mul(v, g[i]);
        cg += mul(q, f[i]) + mul(r, g[i]);
        f[i - 1] = (cf as u64 & M62) as i64;
        g[i - 1] = (cg as u64 & M62) as i64;
        cf >>= 62;
        cg >>= 62;
    }
    f[L - 1] = cf as i64;
    g[L - 1] = cg as i64;
}

/// `[d, e] = t [d, e] / 2^62 (mod M)`, with `d, e` kept in `(-2M, M)`:
/// the multiple of M added makes the low 62 bits zero and (by starting
/// from `u` or `v` where `d` or `e` is negative) keeps the range.
#[inline(always)]
fn update_de<const L: usize>(d: &mut [i64; L], e: &mut [i64; L], t: &Trans, m: &Modulus) {
    let (u, v, q, r) = (t.u, t.v, t.q, t.r);
    let sd = d[L - 1] >> 63;
    let se = e[L - 1] >> 63;
    let mut md = (u & sd).wrapping_add(v & se);
    let mut me = (q & sd).wrapping_add(r & se);
    let mut cd = mul(u, d[0]) + mul(v, e[0]);
    let mut ce = mul(q, d[0]) + mul(r, e[0]);
    md = md.wrapping_sub((m.inv62.wrapping_mul(cd as u64).wrapping_add(md as u64) & M62) as i64);
    me = me.wrapping_sub((m.inv62.wrapping_mul(ce as u64).wrapping_add(me as u64) & M62) as i64);
    cd += mul(m.v[0], md);
    ce += mul(m.v[0], me);
    debug_assert_eq!(cd as u64 & M62, 0);
    debug_assert_eq!(ce as u64 & M62, 0);
    cd >>= 62;
    ce >>= 62;
    for i in 1..L {
        cd += mul(u, d[i]) + mul(v, e[i]);
        ce += mul(q, d[i]) + mul(r, e[i]);
        // A public property of the modulus: zero limbs cost nothing.
        if m.v[i] != 0 {
            cd += mul(m.v[i], md);
            ce += mul(m.v[i], me);
        }
        d[i - 1] = (cd as u64 & M62) as i64;
        e[i - 1] = (ce as u64 & M62) as i64;
        cd >>= 62;
        ce >>= 62;
    }
    d[L - 1] = cd as i64;
    e[L - 1] = ce as i64;
}

/// Carries every limb but the last into 62 bits, the rest into the last.
#[inline(always)]
fn carry<const L: usize>(r: &mut [i64; L]) {
    for i in 0..L - 1 {
        r[i + 1] += r[i] >> 62;
        r[i] &= M62 as i64;
    }
}

/// `r` (in `(-2M, M)`), negated where `sign < 0`, brought into `[0, M)`.
#[inline(always)]
fn normalize<const L: usize>(r: &mut [i64; L], sign: i64, m: &Modulus) {
    let add = opaque((r[L - 1] >> 63) as u64) as i64;
    for (x, v) in r.iter_mut().zip(m.v) {
        *x += v & add;
    }
    let neg = opaque((sign >> 63) as u64) as i64;
    for x in r.iter_mut() {
        *x = (*x ^ neg) - neg;
    }
    carry(r);
    let add = opaque((r[L - 1] >> 63) as u64) as i64;
    for (x, v) in r.iter_mut().zip(m.v) {
        *x += v & add;
    }
    carry(r);
}

/// `x^-1 mod M` (0 for 0) in `[0, M)`, for `x` given as `N` little-endian
/// limbs, below `M` (a nonzero multiple of `M` would end with `g = +-M`,
/// not 0): callers pass canonical values; `L` signed-62 limbs and
/// `batches` of 60 steps as [`shape`] gives for `N`.
#[inline(always)]
fn invert<const N: usize, const L: usize>(x: &[u64; N], m: &Modulus, batches: usize) -> [u64; N] {
    let mut g: [i64; L] = take(&to_signed62(x));
    let mut f: [i64; L] = take(&m.v);
    let mut d = [0i64; L];
    let mut e = [0i64; L];
    e[0] = 1;
    // zeta = -(delta + 1/2), delta = 1/2.
    let mut zeta = -1i64;
    for _ in 0..batches {
        let (z, t) = divsteps_60(zeta, f[0] as u64, g[0] as u64);
        zeta = z;
        update_de(&mut d, &mut e, &t, m);
        update_fg(&mut f, &mut g, &t);
    }
    debug_assert!(
        g == [0; L],
        "x was a nonzero multiple of M, or the bound failed"
    );
    normalize(&mut d, f[L - 1], m);
    from_signed62(&d)
}

/// `x^-1 mod 2^255 - 19` (0 for 0), for a canonical `x` (below p; any
/// value below 2^256 other than p and 2p works) as four little-endian
/// limbs; the result is canonical.
pub(crate) fn invert_p25519(x: &[u64; 4]) -> [u64; 4] {
    invert::<4, 5>(x, &P25519, 10)
}

/// `x^-1 mod M` (0 for 0) for a modulus from [`Modulus::from_limbs`] and a
/// canonical `x < M`, both as `N` limbs (4, 6 or 9); `None` for a
/// placeholder modulus or another limb count. The NIST curves' fields and
/// group orders use it.
pub(crate) fn invert_limbs<const N: usize>(x: &[u64; N], m: &Modulus) -> Option<[u64; N]> {
    if m.inv62 == 0 {
        return None;
    }
    match shape(N) {
        Some((5, b, _)) => Some(invert::<N, 5>(x, m, b)),
        Some((7, b, _)) => Some(invert::<N, 7>(x, m, b)),
        Some((9, b, _)) => Some(invert::<N, 9>(x, m, b)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigUint;

    fn big(x: &[u64; 4]) -> BigUint {
        let mut b = [0u8; 32];
        for i in 0..4 {
            b[8 * i..8 * i + 8].copy_from_slice(&x[i].to_le_bytes());
        }
        BigUint::from_bytes_le(&b)
    }

    /// A xorshift64 generator from `seed` (nonzero): the tests' inputs.
    fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    /// The division steps on exact integers, one at a time, with the
    /// matrix times `2^n` (the first row doubled each step instead of the
    /// second halved).
    fn divsteps_reference(mut zeta: i64, f0: u64, g0: u64, n: usize) -> (i64, [i128; 4]) {
        let (mut f, mut g) = (i128::from(f0), i128::from(g0));
        let (mut u, mut v, mut q, mut r) = (1i128, 0i128, 0i128, 1i128);
        for _ in 0..n {
            if g & 1 == 1 {
                if zeta < 0 {
                    (f, g) = (g, g - f);
                    (u, v, q, r) = (q, r, q - u, r - v);
                    zeta = -zeta - 2;
                } else {
                    g += f;
                    q += u;
                    r += v;
                    zeta -= 1;
                }
            } else {
                zeta -= 1;
            }
            g >>= 1;
            u <<= 1;
            v <<= 1;
        }
        (zeta, [u, v, q, r])
    }

    #[test]
    fn packed_steps_match_reference() {
        let mut next = xorshift(0x2bad_cafe_u64);
        let m62 = (1u64 << 62) - 1;
        let mut cases = alloc::vec![];
        for f in [
            1u64,
            3,
            m62,
            m62 - 2,
            1 << 61 | 1,
            (1 << 20) - 1,
            (1 << 20) + 1,
            // the first batch's f0 is the modulus's limb 0 as stored: -1
            // or -19 for the sparse moduli, bits 62 and 63 set
            u64::MAX,
            (-19i64) as u64,
            u64::MAX - 2,
        ] {
            for g in [0u64, 1, 2, m62, m62 - 1, 1 << 61, (1 << 20) - 1, 1 << 20, f] {
                for zeta in [-1i64, 0, -2, 5, -7, 59, -61, 200, -200] {
                    cases.push((zeta, f, g));
                }
            }
        }
        for i in 0..200_000 {
            let (f, g) = (next() & m62 | 1, next() & m62);
            // small f and g, sparse ones, and long runs of equal steps
            let (f, g) = match i % 4 {
                0 => (f, g),
                1 => (f >> (next() % 62) | 1, g >> (next() % 63)),
                2 => (f & next() & next() | 1, g & next() & next()),
                _ => (1 + (f >> 40 << 1), g >> 40),
            };
            let zeta = (next() % 129) as i64 - 64;
            cases.push((zeta, f, g));
        }
        for (zeta, f, g) in cases {
            let (z, t) = divsteps_60(zeta, f, g);
            let (zr, tr) = divsteps_reference(zeta, f, g, 60);
            let got = [t.u, t.v, t.q, t.r].map(i128::from);
            assert_eq!(
                (z, got),
                (zr, tr.map(|x| x << 2)),
                "zeta {zeta}, f {f:x}, g {g:x}"
            );
        }
    }

    /// The x86-64 round against the portable one.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn x86_round_matches_masks() {
        let mut next = xorshift(0x0dd_5eed_u64);
        for i in 0..300_000u64 {
            let (f, g) = match i % 3 {
                0 => (next() | 1, next()),
                1 => (next() >> (next() % 64) | 1, next() >> (next() % 64)),
                _ => (next() & next() | 1, next() & next() & next()),
            };
            let zeta = (next() % 201) as i64 - 100;
            assert_eq!(
                divsteps_round_x86(zeta, f, g),
                divsteps_round_masks(zeta, f, g),
                "zeta {zeta}, f {f:x}, g {g:x}"
            );
        }
    }

    #[test]
    fn p25519_inverses() {
        let p = (BigUint::from(1u8) << 255u32) - BigUint::from(19u8);
        let mut next = xorshift(0x5afe_9cd0_u64);
        let pl = [u64::MAX - 18, u64::MAX, u64::MAX, u64::MAX >> 1];
        let mut inputs = alloc::vec![
            [1, 0, 0, 0],
            [2, 0, 0, 0],
            [19, 0, 0, 0],
            [pl[0] - 1, pl[1], pl[2], pl[3]], // p - 1
            [pl[0] + 1, pl[1], pl[2], pl[3]], // p + 1
            [u64::MAX; 4],                    // 2^256 - 1
            [0, 0, 0, 1 << 63],               // 2^255
            [0; 4],
        ];
        for _ in 0..2000 {
            inputs.push([next(), next(), next(), next()]);
        }
        for _ in 0..200 {
            // Sparse and near-power-of-two inputs stress the step bound.
            let k = next() % 256;
            let mut x = [0u64; 4];
            x[(k / 64) as usize] = 1 << (k % 64);
            inputs.push(x);
        }
        for x in inputs {
            let r = invert_p25519(&x);
            let (xb, rb) = (big(&x) % &p, big(&r));
            assert!(rb < p, "not canonical for {x:x?}");
            if xb == BigUint::from(0u8) {
                assert_eq!(rb, BigUint::from(0u8));
            } else {
                assert_eq!((xb * rb) % &p, BigUint::from(1u8), "input {x:x?}");
            }
        }
    }
}
