//! Bignum: BoringSSL's vector files (`tests/vectors/bignum/`) on every
//! Montgomery kernel the machine can run, every kernel against `soft` on
//! seeded random and edge-case operands at widths of k x 64 and k x 64 +- 1
//! bits, and exponentiation against `num-bigint`.

mod common;

use common::{Rng, accelerated, for_each_impl, get, parse_blocks};
use num_bigint::{BigInt, BigUint, Sign};
use peregrine::bignum::mont::{self, Checked, Impl};
use peregrine::bignum::{Modulus, Nat};

// ---------------------------------------------------------------- helpers

fn big(s: &str) -> BigInt {
    BigInt::parse_bytes(s.trim().as_bytes(), 16).unwrap_or_else(|| panic!("bad hex {s}"))
}

fn nat(v: &BigUint) -> Nat {
    Nat::from_be_bytes(&v.to_bytes_be())
}

fn nat_w(v: &BigUint, limbs: usize) -> Nat {
    Nat::from_be_bytes_width(&v.to_bytes_be(), limbs).expect("fits")
}

fn ubig(n: &Nat) -> BigUint {
    BigUint::from_bytes_be(&n.to_be_bytes())
}

fn limbs_of(v: &BigUint) -> usize {
    (v.bits() as usize).div_ceil(64).max(1)
}

fn file(name: &str) -> Vec<Vec<(String, String)>> {
    parse_blocks(&format!("bignum/{name}"))
}

/// `a mod m` for a signed `a`, through the library: `reduce(|a|)`, negated
/// modulo `m` when `a < 0`.
fn residue(m: &Modulus, a: &BigInt) -> Nat {
    let r = m.reduce(&nat(a.magnitude()));
    if a.sign() == Sign::Minus {
        m.neg(&r).unwrap()
    } else {
        r
    }
}

fn exp_bytes(e: &BigInt) -> Vec<u8> {
    assert!(e.sign() != Sign::Minus);
    let b = e.magnitude().to_bytes_be();
    if b == [0] { Vec::new() } else { b }
}

// ---------------------------------------------------------------- vectors

#[test]
fn boringssl_mod_mul_and_mod_square() {
    let blocks = file("mod_mul_tests.txt");
    for_each_impl::<Impl>("mod_mul", |c| {
        let (mut muls, mut sqrs, mut even) = (0, 0, 0);
        for b in &blocks {
            let m = big(get(b, "M").unwrap());
            if !m.magnitude().bit(0) {
                // Even moduli: no Montgomery form; the plain product and
                // the constant-time division instead.
                let (x, y) = (big(get(b, "A").unwrap()), big(get(b, "B").unwrap()));
                let p = nat(x.magnitude()).mul(&nat(y.magnitude()));
                let r = BigInt::from(ubig(&p.rem(&nat(m.magnitude())).unwrap()));
                let r = if x.sign() != y.sign() && r != BigInt::from(0) {
                    &m - r
                } else {
                    r
                };
                assert_eq!(r, big(get(b, "ModMul").unwrap()), "even M: {b:?}");
                even += 1;
                continue;
            }
            let md = Modulus::with_impl(&nat(m.magnitude()), c).unwrap();
            let a = residue(&md, &big(get(b, "A").unwrap()));
            let am = md.to_mont(&a).unwrap();
            if let Some(want) = get(b, "ModMul") {
                let want = big(want);
                let bb = residue(&md, &big(get(b, "B").unwrap()));
                let got = md.mul_mod(&a, &bb).unwrap();
                assert_eq!(BigInt::from(ubig(&got)), want, "ModMul on {c:?}: {b:?}");
                let bm = md.to_mont(&bb).unwrap();
                let got = md.from_mont(&md.mul(&am, &bm).unwrap()).unwrap();
                assert_eq!(BigInt::from(ubig(&got)), want, "ModMul (mont) on {c:?}");
                muls += 1;
            } else {
                let want = big(get(b, "ModSquare").unwrap());
                let got = md.from_mont(&md.sqr(&am).unwrap()).unwrap();
                assert_eq!(BigInt::from(ubig(&got)), want, "ModSquare on {c:?}: {b:?}");
                let got = md.from_mont(&md.mul(&am, &am).unwrap()).unwrap();
                assert_eq!(BigInt::from(ubig(&got)), want, "ModSquare as a*a on {c:?}");
                sqrs += 1;
            }
        }
        assert_eq!(
            (muls + even, sqrs),
            (434, 3),
            "{muls} + {even} ModMul, {sqrs} ModSquare"
        );
        eprintln!(
            "mod_mul on {c:?}: {muls} ModMul, {sqrs} ModSquare, {even} even moduli (plain product)"
        );
    });
}

#[test]
fn boringssl_mod_exp() {
    let blocks = file("mod_exp_tests.txt");
    for_each_impl::<Impl>("mod_exp", |c| {
        let (mut n, mut even) = (0, 0);
        for b in &blocks {
            let m = big(get(b, "M").unwrap());
            if !m.magnitude().bit(0) {
                even += 1;
                continue;
            }
            let md = Modulus::with_impl(&nat(m.magnitude()), c).unwrap();
            let a = residue(&md, &big(get(b, "A").unwrap()));
            let e = exp_bytes(&big(get(b, "E").unwrap()));
            let want = big(get(b, "ModExp").unwrap());
            let got = md.pow(&a, &e).unwrap();
            assert_eq!(BigInt::from(ubig(&got)), want, "ModExp on {c:?}: {b:?}");
            let got = md.pow_vartime(&a, &e).unwrap();
            assert_eq!(BigInt::from(ubig(&got)), want, "ModExp vartime on {c:?}");
            // A longer exponent encoding (leading zero bytes) changes nothing.
            let mut e2 = vec![0u8; 3];
            e2.extend_from_slice(&e);
            assert_eq!(ubig(&md.pow(&a, &e2).unwrap()), *want.magnitude());
            n += 1;
        }
        assert!(n >= 120, "{n} ModExp vectors");
        eprintln!("mod_exp on {c:?}: {n} vectors, {even} even moduli skipped");
    });
}

#[test]
fn boringssl_product_and_square() {
    let (mut p, mut s) = (0, 0);
    for b in &file("product_tests.txt") {
        let a = big(get(b, "A").unwrap());
        if let Some(want) = get(b, "Product") {
            let bb = big(get(b, "B").unwrap());
            let got = nat(a.magnitude()).mul(&nat(bb.magnitude()));
            assert_eq!(ubig(&got), *big(want).magnitude(), "Product {b:?}");
            p += 1;
        } else {
            let want = big(get(b, "Square").unwrap());
            let na = nat(a.magnitude());
            assert_eq!(ubig(&na.square()), *want.magnitude(), "Square {b:?}");
            assert_eq!(ubig(&na.mul(&na)), *want.magnitude(), "Square as a*a");
            s += 1;
        }
    }
    assert_eq!((p, s), (170, 107));
}

#[test]
fn boringssl_sum() {
    let mut n = 0;
    for b in &file("sum_tests.txt") {
        let (s, a, bb) = (
            big(get(b, "Sum").unwrap()),
            big(get(b, "A").unwrap()),
            big(get(b, "B").unwrap()),
        );
        // s - a - b = 0: the terms of one sign add up to the others'.
        let terms = [s, -a, -bb];
        let pos: Vec<BigUint> = terms
            .iter()
            .filter(|t| t.sign() == Sign::Plus)
            .map(|t| t.magnitude().clone())
            .collect();
        let neg: Vec<BigUint> = terms
            .iter()
            .filter(|t| t.sign() == Sign::Minus)
            .map(|t| t.magnitude().clone())
            .collect();
        let (two, one) = if pos.len() == 2 {
            (pos, neg)
        } else {
            (neg, pos)
        };
        if two.len() != 2 || one.len() != 1 {
            continue; // zeros: nothing to add
        }
        let (x, y, z) = (nat(&two[0]), nat(&two[1]), &one[0]);
        let w = limbs_of(z).max(x.limbs()).max(y.limbs());
        let (sum, carry) = x.resize(w).unwrap().add(&y);
        assert_eq!((ubig(&sum), carry), (z.clone(), 0), "Sum {b:?}");
        let (diff, borrow) = nat_w(z, w).sub(&x);
        assert_eq!(
            (ubig(&diff), borrow),
            (two[1].clone(), 0),
            "difference {b:?}"
        );
        let (_, borrow) = x.sub(&nat_w(z, w));
        assert_eq!(borrow, u64::from(two[0] != *z), "borrow {b:?}");
        n += 1;
    }
    assert!(n > 500, "{n}");
}

#[test]
fn boringssl_quotient() {
    let mut n = 0;
    for b in &file("quotient_tests.txt") {
        let a = big(get(b, "A").unwrap());
        let d = big(get(b, "B").unwrap());
        let (q, r) = nat(a.magnitude()).div_rem(&nat(d.magnitude())).unwrap();
        assert_eq!(
            ubig(&q),
            *big(get(b, "Quotient").unwrap()).magnitude(),
            "{b:?}"
        );
        assert_eq!(
            ubig(&r),
            *big(get(b, "Remainder").unwrap()).magnitude(),
            "{b:?}"
        );
        n += 1;
    }
    assert_eq!(n, 367);
    assert!(Nat::from_u64(5).div_rem(&Nat::zero(3)).is_err());
}

#[test]
fn boringssl_exp() {
    let mut n = 0;
    for b in &file("exp_tests.txt") {
        let a = nat(big(get(b, "A").unwrap()).magnitude());
        let e = big(get(b, "E").unwrap());
        let e: u32 = e.try_into().unwrap();
        let trim = |x: Nat| x.resize(x.bit_len_vartime().div_ceil(64)).unwrap();
        let mut acc = Nat::from_u64(1);
        for i in (0..32).rev() {
            acc = trim(acc.square());
            if (e >> i) & 1 == 1 {
                acc = trim(acc.mul(&a));
            }
        }
        assert_eq!(
            ubig(&acc),
            *big(get(b, "Exp").unwrap()).magnitude(),
            "{b:?}"
        );
        n += 1;
    }
    assert_eq!(n, 5);
}

// ------------------------------------------------- random and edge cases

/// Bit lengths k x 64 and k x 64 +- 1 for the differential tests.
fn widths(max_bits: usize) -> Vec<usize> {
    let mut w = vec![2, 3, 63];
    for k in [
        1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 15, 16, 17, 24, 31, 32, 33, 48, 64, 128, 256,
    ] {
        for d in [-1i64, 0, 1] {
            let b = (64 * k as i64 + d) as usize;
            if b <= max_bits {
                w.push(b);
            }
        }
    }
    w.sort_unstable();
    w.dedup();
    w
}

fn random_below(rng: &mut Rng, n: &BigUint) -> BigUint {
    let bytes = rng.bytes((n.bits() as usize).div_ceil(8) + 8);
    BigUint::from_bytes_be(&bytes) % n
}

/// Moduli of exactly `bits` bits: random odd, all ones, 2^(bits-1) + 1,
/// and one with a sparse top.
fn moduli(rng: &mut Rng, bits: usize) -> Vec<BigUint> {
    let one = BigUint::from(1u8);
    let top = &one << (bits - 1);
    let mut r = BigUint::from_bytes_be(&rng.bytes(bits.div_ceil(8))) % &top;
    r |= &top;
    r |= &one;
    let all = (&one << bits) - &one;
    let mut v = vec![r, all, &top + &one];
    if bits > 66 {
        v.push(&top + (&one << (bits / 2)) + &one);
    }
    v
}

/// Operands below `n`: 0, 1, 2, n - 1, n - 2, all ones below n,
/// 2^j +- 1 and random values.
fn operands(rng: &mut Rng, n: &BigUint) -> Vec<BigUint> {
    let one = BigUint::from(1u8);
    let bits = n.bits() as usize;
    let mut v = vec![BigUint::from(0u8), one.clone(), n - &one];
    if *n > BigUint::from(2u8) {
        v.push(BigUint::from(2u8));
        v.push(n - 2u8);
    }
    let ones = ((&one << (bits - 1)) - &one) % n;
    v.push(ones);
    for j in [1, 63, 64, bits / 2, bits.saturating_sub(2)] {
        if j > 0 {
            let p = &one << j;
            v.push((&p + &one) % n);
            v.push((&p - &one) % n);
        }
    }
    for _ in 0..4 {
        v.push(random_below(rng, n));
    }
    v
}

fn mont_ref(a: &BigUint, b: &BigUint, n: &BigUint, k: usize) -> BigUint {
    // r with r * R = a * b (mod n): r = a * b * R^-1; check via the inverse
    // computed by Fermat-free means: solve with num-bigint's modpow on R^-1
    // = (R mod n)^(phi...) is unknown, so use the extended Euclid below.
    let r = BigUint::from(1u8) << (64 * k);
    let rinv = modinv(&(r % n), n);
    (a * b % n) * rinv % n
}

fn modinv(a: &BigUint, n: &BigUint) -> BigUint {
    let (mut t, mut newt) = (BigInt::from(0), BigInt::from(1));
    let (mut r, mut newr) = (BigInt::from(n.clone()), BigInt::from(a.clone()));
    while newr != BigInt::from(0) {
        let q = &r / &newr;
        (t, newt) = (newt.clone(), t - &q * newt);
        (r, newr) = (newr.clone(), r - &q * newr);
    }
    let n = BigInt::from(n.clone());
    (((t % &n) + &n) % &n).to_biguint().unwrap()
}

/// Every kernel against `soft` (and `soft` against num-bigint) for `mul`
/// and `sqr`, including aliased operands, at every width up to 16384 bits.
#[test]
fn kernels_match_soft_and_num_bigint() {
    let (soft, others) = accelerated::<Impl>();
    let mut rng = Rng(0x6d6f6e74);
    let mut cases = 0;
    for bits in widths(16384) {
        for n in moduli(&mut rng, bits) {
            let k = limbs_of(&n);
            let nn = nat_w(&n, k);
            let n0 = mont::n0_of(nn.as_limbs()[0]);
            assert_eq!(
                (BigUint::from(n0) * &n + 1u8) % (BigUint::from(1u8) << 64),
                BigUint::from(0u8)
            );
            let ops = operands(&mut rng, &n);
            let pick = if k > 64 { 3 } else { ops.len() };
            for (i, a) in ops.iter().enumerate().take(pick) {
                let b = &ops[(i * 7 + 3) % ops.len()];
                let (na, nb) = (nat_w(a, k), nat_w(b, k));
                let mut want = vec![0u64; k];
                mont::mul(
                    soft,
                    &mut want,
                    na.as_limbs(),
                    nb.as_limbs(),
                    nn.as_limbs(),
                    n0,
                )
                .unwrap();
                if k <= 64 {
                    let r = mont_ref(a, b, &n, k);
                    assert_eq!(ubig(&Nat::from_limbs(&want)), r, "soft mul {bits} bits");
                }
                let mut want_sq = vec![0u64; k];
                mont::sqr(soft, &mut want_sq, na.as_limbs(), nn.as_limbs(), n0).unwrap();
                let mut aa = vec![0u64; k];
                mont::mul(
                    soft,
                    &mut aa,
                    na.as_limbs(),
                    na.as_limbs(),
                    nn.as_limbs(),
                    n0,
                )
                .unwrap();
                assert_eq!(want_sq, aa, "soft sqr vs a*a, {bits} bits");
                for &c in &others {
                    let mut got = vec![0u64; k];
                    mont::mul(c, &mut got, na.as_limbs(), nb.as_limbs(), nn.as_limbs(), n0)
                        .unwrap();
                    assert_eq!(got, want, "{c:?} mul, {bits} bits, operand {i}");
                    mont::mul(c, &mut got, na.as_limbs(), na.as_limbs(), nn.as_limbs(), n0)
                        .unwrap();
                    assert_eq!(got, want_sq, "{c:?} mul aliased, {bits} bits, operand {i}");
                    mont::sqr(c, &mut got, na.as_limbs(), nn.as_limbs(), n0).unwrap();
                    assert_eq!(got, want_sq, "{c:?} sqr, {bits} bits, operand {i}");
                }
                cases += 1;
            }
        }
    }
    eprintln!(
        "montgomery kernels: {cases} cases, soft vs {:?}",
        others.iter().map(|c| c.get().name()).collect::<Vec<_>>()
    );
}

/// The modulus constants (R^2 mod n, and through `pow` by 0 and 1 the
/// Montgomery one) against num-bigint, at the minimal width (the top limb
/// filled: the short start at 2^(64(k-1))) and with one and two zero limbs
/// on top (the long start at 1), every kernel.
#[test]
fn modulus_constants_match_num_bigint() {
    let mut rng = Rng(0x7272);
    for_each_impl::<Impl>("modulus constants", |c| {
        let mut ns = vec![BigUint::from(1u8), BigUint::from(3u8)];
        for bits in widths(1100) {
            ns.extend(moduli(&mut rng, bits));
        }
        for n in &ns {
            for pad in 0..3 {
                let k = limbs_of(n) + pad;
                let md = Modulus::with_impl(&nat_w(n, k), c).unwrap();
                let r = BigUint::from(1u8) << (64 * k);
                assert_eq!(
                    ubig(md.rr()),
                    (&r * &r) % n,
                    "{c:?} R^2, n {n:x}, {k} limbs"
                );
                let a = random_below(&mut rng, n);
                let na = nat_w(&a, k);
                assert_eq!(ubig(&md.pow(&na, &[1]).unwrap()), &a % n, "{c:?} a^1");
                assert_eq!(
                    ubig(&md.pow(&na, &[0]).unwrap()),
                    BigUint::from(1u8) % n,
                    "{c:?} a^0"
                );
                // Into the Montgomery domain by R^2 and out by 1.
                let am = md.mul(&na, md.rr()).unwrap();
                assert_eq!(ubig(&am), (&a * &r) % n, "{c:?} a R");
                let one = nat_w(&(BigUint::from(1u8) % n), k);
                assert_eq!(ubig(&md.mul(&am, &one).unwrap()), &a % n, "{c:?} a");
            }
        }
    });
}

/// Modular exponentiation on every kernel against num-bigint's `modpow`.
#[test]
fn pow_matches_num_bigint() {
    let mut rng = Rng(0x706f77);
    for_each_impl::<Impl>("pow vs num-bigint", |c| {
        for bits in widths(2049) {
            for n in moduli(&mut rng, bits) {
                let md = Modulus::with_impl(&nat(&n), c).unwrap();
                let ops = operands(&mut rng, &n);
                let exps: Vec<BigUint> = vec![
                    BigUint::from(0u8),
                    BigUint::from(1u8),
                    BigUint::from(65537u32),
                    &n - 1u8,
                    random_below(&mut rng, &n),
                    (BigUint::from(1u8) << (bits.min(200))) - 1u8,
                ];
                let take = if bits > 600 { 2 } else { ops.len() };
                for (i, a) in ops.iter().enumerate().take(take) {
                    // Rotate by the width so the wide moduli (two operands each)
                    // still meet every exponent kind across widths.
                    let e = &exps[(i + bits) % exps.len()];
                    let want = a.modpow(e, &n);
                    let na = nat_w(a, md.limbs());
                    let eb = e.to_bytes_be();
                    assert_eq!(ubig(&md.pow(&na, &eb).unwrap()), want, "{c:?} pow {bits}");
                    assert_eq!(
                        ubig(&md.pow_vartime(&na, &eb).unwrap()),
                        want,
                        "{c:?} pow_vartime {bits}"
                    );
                }
            }
        }
    });
}

#[test]
fn bytes_round_trip_and_errors() {
    let n = Nat::from_be_bytes(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
    assert_eq!(n.limbs(), 2);
    assert_eq!(&n.to_be_bytes()[7..], &[1, 2, 3, 4, 5, 6, 7, 8, 9]);
    let mut out = [0xffu8; 12];
    n.write_be_bytes(&mut out).unwrap();
    assert_eq!(out, [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    let mut short = [0u8; 8];
    assert!(n.write_be_bytes(&mut short).is_err());
    assert!(Nat::from_be_bytes_width(&[1; 9], 1).is_err());
    assert_eq!(
        Nat::from_be_bytes_width(&[0, 0, 0, 0, 0, 0, 0, 0, 7], 1)
            .unwrap()
            .as_limbs(),
        [7]
    );
    assert_eq!(Nat::from_be_bytes(&[]).limbs(), 1);
    // Modulus errors: even, too wide; residue errors: too wide, too big.
    assert!(Modulus::new(&Nat::from_u64(10)).is_err());
    assert!(Modulus::new(&Nat::zero(257)).is_err());
    let m = Modulus::new(&Nat::from_u64(101)).unwrap();
    assert!(m.pow(&Nat::from_u64(101), &[1]).is_err());
    assert!(m.pow(&Nat::zero(2), &[1]).is_err());
    assert!(m.mul(&Nat::from_u64(5), &Nat::from_u64(200)).is_err());
    let c: Checked = Impl::Soft.check().unwrap();
    let mut r = [0u64; 2];
    assert!(mont::mul(c, &mut r, &[1, 0], &[1], &[101, 0], 1).is_err());
    assert!(mont::sqr(c, &mut [], &[], &[], 1).is_err());
}

#[test]
fn ct_helpers() {
    let a = Nat::from_limbs(&[5, 0]);
    let b = Nat::from_u64(7);
    assert!(bool::from(a.ct_lt(&b)) && !bool::from(b.ct_lt(&a)));
    assert_eq!(a.ct_cmp(&b), -1);
    assert_eq!(b.ct_cmp(&a), 1);
    assert_eq!(a.ct_cmp(&Nat::from_u64(5)), 0);
    assert!(bool::from(a.ct_eq(&Nat::from_u64(5))));
    let s = Nat::select(&a, &b, subtle::Choice::from(1));
    assert_eq!(s.as_limbs(), [7, 0]);
    let s = Nat::select(&a, &b, subtle::Choice::from(0));
    assert_eq!(s.as_limbs(), [5, 0]);
    let x = Nat::from_limbs(&[0, 0b1000]);
    assert_eq!(x.trailing_zeros(), 67);
    assert_eq!(x.shr_secret(67).as_limbs(), [1, 0]);
    assert_eq!(x.shr_secret(128).as_limbs(), [0, 0]);
    assert_eq!(x.shr_secret(3).as_limbs(), [0, 1]);
    assert_eq!(Nat::zero(2).trailing_zeros(), 128);
    let m = Modulus::new(&Nat::from_u64(101)).unwrap();
    let r = m.add(&Nat::from_u64(100), &Nat::from_u64(5)).unwrap();
    assert_eq!(r.as_limbs(), [4]);
    let r = m.sub(&Nat::from_u64(3), &Nat::from_u64(5)).unwrap();
    assert_eq!(r.as_limbs(), [99]);
    assert_eq!(
        m.reduce(&Nat::from_limbs(&[0, 1])).as_limbs(),
        [((1u128 << 64) % 101) as u64]
    );
}

/// `Modulus::reduce` (chunked Montgomery reduction) against num-bigint on
/// every kernel: moduli of k x 64 and k x 64 +- 1 bits, inputs of 1 to
/// 3k + 1 limbs (all ones, n R - 1, random), so moduli that do not fill
/// their top limb see chunks far above n.
#[test]
fn reduce_matches_num_bigint() {
    let mut rng = Rng(0x726564);
    for_each_impl::<Impl>("reduce", |c| {
        for bits in widths(2100) {
            for n in moduli(&mut rng, bits) {
                let k = limbs_of(&n);
                let m = Modulus::with_impl(&nat_w(&n, k), c).unwrap();
                let one = BigUint::from(1u8);
                for w in [1, k.saturating_sub(1).max(1), k, k + 1, 2 * k, 3 * k + 1] {
                    let top = (&one << (64 * w)) - &one;
                    let mut xs = vec![top.clone(), BigUint::from(0u8), n.clone()];
                    if w >= 2 * k {
                        xs.push((&n << (64 * k)) - &one);
                    }
                    for _ in 0..2 {
                        xs.push(BigUint::from_bytes_be(&rng.bytes(8 * w)));
                    }
                    for x in xs {
                        if x > top {
                            continue;
                        }
                        let got = m.reduce(&nat_w(&x, w));
                        assert_eq!(got.limbs(), k);
                        assert_eq!(ubig(&got), &x % &n, "bits {bits} w {w}");
                    }
                }
            }
        }
    });
}

// ------------------------------------------- inverse, GCD, Miller-Rabin

#[test]
fn boringssl_mod_inv() {
    let mut n = 0;
    for b in &file("mod_inv_tests.txt") {
        let a = big(get(b, "A").unwrap());
        let m = big(get(b, "M").unwrap());
        let want = big(get(b, "ModInv").unwrap());
        let got = peregrine::bignum::mod_inverse(&nat(a.magnitude()), &nat(m.magnitude()))
            .unwrap_or_else(|e| panic!("{e}: {b:?}"));
        assert_eq!(ubig(&got), *want.magnitude(), "{b:?}");
        assert_eq!(got.limbs(), nat(m.magnitude()).limbs());
        n += 1;
    }
    assert_eq!(n, 28);
    use peregrine::bignum::mod_inverse;
    assert!(mod_inverse(&Nat::from_u64(6), &Nat::from_u64(9)).is_err());
    assert!(mod_inverse(&Nat::from_u64(4), &Nat::from_u64(10)).is_err());
    assert!(mod_inverse(&Nat::from_u64(3), &Nat::zero(1)).is_err());
    assert!(mod_inverse(&Nat::zero(2), &Nat::from_u64(7)).is_err());
}

#[test]
fn mod_inverse_random() {
    let mut rng = Rng(0x696e76);
    for bits in [64, 127, 128, 129, 512, 1024, 1025] {
        for even in [false, true] {
            let mut m =
                BigUint::from_bytes_be(&rng.bytes(bits / 8 + 1)) % (BigUint::from(1u8) << bits);
            m.set_bit(bits as u64 - 1, true);
            m.set_bit(0, !even);
            let mut a = random_below(&mut rng, &m);
            if even {
                a.set_bit(0, true);
            }
            let x = peregrine::bignum::mod_inverse(&nat(&a), &nat(&m));
            let g = num_gcd(&a, &m);
            if g == BigUint::from(1u8) {
                let x = ubig(&x.unwrap());
                assert_eq!(&a * &x % &m, BigUint::from(1u8), "{bits} even={even}");
            } else {
                assert!(x.is_err());
            }
        }
    }
}

/// The variable-time inverse on BoringSSL's vectors (odd moduli; even
/// ones are refused) and against num-bigint on random and edge operands.
#[test]
fn mod_inverse_vartime_vectors_and_random() {
    use peregrine::bignum::mod_inverse_vartime as inv;
    let (mut odd, mut even) = (0, 0);
    for b in &file("mod_inv_tests.txt") {
        let a = big(get(b, "A").unwrap());
        let m = big(get(b, "M").unwrap());
        let want = big(get(b, "ModInv").unwrap());
        let got = inv(&nat(a.magnitude()), &nat(m.magnitude()));
        if m.magnitude().bit(0) {
            let got = got.unwrap_or_else(|e| panic!("{e}: {b:?}"));
            assert_eq!(ubig(&got), *want.magnitude(), "{b:?}");
            assert_eq!(got.limbs(), nat(m.magnitude()).limbs());
            odd += 1;
        } else {
            assert!(got.is_err());
            even += 1;
        }
    }
    assert!(odd > 10, "{odd} odd, {even} even");
    assert!(inv(&Nat::from_u64(6), &Nat::from_u64(9)).is_err());
    assert!(inv(&Nat::from_u64(3), &Nat::zero(1)).is_err());
    assert!(inv(&Nat::zero(2), &Nat::from_u64(7)).is_err());
    assert_eq!(
        ubig(&inv(&Nat::from_u64(5), &Nat::from_u64(1)).unwrap()),
        BigUint::from(0u8)
    );
    let mut rng = Rng(0x766172);
    let one = BigUint::from(1u8);
    for bits in widths(4100) {
        for m in moduli(&mut rng, bits) {
            let k = limbs_of(&m);
            let mut xs = operands(&mut rng, &m);
            // Wider than m, and a multiple of m plus one.
            xs.push(BigUint::from_bytes_be(&rng.bytes(8 * k + 9)));
            xs.push(&m * 3u8 + &one);
            for a in xs {
                let got = inv(&nat(&a), &nat_w(&m, k));
                if num_gcd(&a, &m) == one {
                    let x = got.unwrap_or_else(|e| panic!("{e}: bits {bits}"));
                    assert_eq!(x.limbs(), k);
                    let x = ubig(&x);
                    assert!(x < m);
                    assert_eq!(&a * &x % &m, &one % &m, "bits {bits}");
                } else {
                    assert!(got.is_err(), "bits {bits}");
                }
            }
        }
    }
}

fn num_gcd(a: &BigUint, b: &BigUint) -> BigUint {
    let (mut a, mut b) = (a.clone(), b.clone());
    while b != BigUint::from(0u8) {
        let r = &a % &b;
        a = b;
        b = r;
    }
    a
}

#[test]
fn boringssl_gcd_and_lcm() {
    let mut n = 0;
    for b in &file("gcd_tests.txt") {
        let a = nat(big(get(b, "A").unwrap()).magnitude());
        let bb = nat(big(get(b, "B").unwrap()).magnitude());
        let want = big(get(b, "GCD").unwrap());
        let g = peregrine::bignum::gcd(&a, &bb);
        assert_eq!(ubig(&g), *want.magnitude(), "{b:?}");
        assert_eq!(ubig(&peregrine::bignum::gcd(&bb, &a)), *want.magnitude());
        let lcm = big(get(b, "LCM").unwrap());
        if !bool::from(g.is_zero()) {
            let (l, r) = a.mul(&bb).div_rem(&g).unwrap();
            assert!(bool::from(r.is_zero()));
            assert_eq!(ubig(&l), *lcm.magnitude(), "LCM {b:?}");
        }
        n += 1;
    }
    assert_eq!(n, 55);
    let g = peregrine::bignum::gcd(&Nat::from_u64(0), &Nat::from_limbs(&[0, 6]));
    assert_eq!(g.as_limbs(), [0, 6]);
    let g = peregrine::bignum::gcd(&Nat::from_limbs(&[12, 0]), &Nat::from_u64(0));
    assert_eq!(g.as_limbs(), [12, 0]);
}

#[test]
fn boringssl_miller_rabin() {
    let (mut comp, mut prime) = (0, 0);
    for_each_impl::<Impl>("miller_rabin", |c| {
        for b in &file("miller_rabin_tests.txt") {
            let w = nat(big(get(b, "W").unwrap()).magnitude());
            let base = nat_w(big(get(b, "B").unwrap()).magnitude(), w.limbs());
            let md = Modulus::with_impl(&w, c).unwrap();
            let witness = peregrine::bignum::miller_rabin_witness(&md, &base).unwrap();
            match get(b, "Result").unwrap() {
                "Composite" => {
                    assert!(witness, "{b:?}");
                    comp += 1;
                }
                "PossiblyPrime" => {
                    assert!(!witness, "{b:?}");
                    prime += 1;
                }
                r => panic!("{r}"),
            }
        }
    });
    assert!(comp >= 29 && prime >= 43, "{comp} {prime}");
}

#[test]
fn probable_primes() {
    use peregrine::bignum::{fips186_5_rounds, is_probable_prime};
    assert_eq!(fips186_5_rounds(1024), 5);
    assert_eq!(fips186_5_rounds(1536), 4);
    assert_eq!(fips186_5_rounds(2048), 4);
    assert_eq!(fips186_5_rounds(512), 7);
    let one = BigUint::from(1u8);
    // Mersenne primes 2^127 - 1 and 2^521 - 1, and a 1024-bit prime
    // (2^1024 - 105, from the table of primes just below powers of two).
    for p in [
        (&one << 127) - 1u8,
        (&one << 521) - 1u8,
        (&one << 1024) - 105u8,
    ] {
        assert!(is_probable_prime(&nat(&p)).unwrap(), "{p}");
    }
    // Carmichael numbers, a product of two primes, a prime square, small cases.
    let m127 = (&one << 127) - 1u8;
    for c in [
        BigUint::from(561u32),
        BigUint::from(41041u32),
        BigUint::from(3215031751u64),
        &m127 * ((&one << 89) - 1u8),
        &m127 * &m127,
        (&one << 1024) - 1u8,
        BigUint::from(1u8),
        BigUint::from(9u8),
        BigUint::from(100u8),
    ] {
        assert!(!is_probable_prime(&nat(&c)).unwrap(), "{c}");
    }
    for p in [2u64, 3, 5, 7, 13, 65537] {
        assert!(is_probable_prime(&Nat::from_u64(p)).unwrap(), "{p}");
    }
    assert!(!is_probable_prime(&Nat::from_u64(0)).unwrap());
    assert!(!is_probable_prime(&Nat::from_u64(4)).unwrap());
}

/// `pow_vartime`'s short-exponent paths (square and multiply, ending in a
/// product by the plain base when the exponent is odd; on IFMA the
/// radix-2^52 one up to 64 bits) on every kernel: every exponent 0..=70,
/// and 2^k and 2^k +- 1 up to 32 and 64 bits, the paths' limits, and just
/// over them.
#[test]
fn pow_vartime_short_exponents() {
    let mut rng = Rng(0x736872);
    for_each_impl::<Impl>("pow_vartime short exponents", |c| {
        // 2049 to 4096: the zmm IFMA kernel's public-exponent widths past
        // its secret-exponent ones (six to ten zmm); 4097: past them.
        for bits in [61, 64, 65, 1024, 2048, 2049, 3072, 4096, 4097] {
            let n = moduli(&mut rng, bits).remove(0);
            let md = Modulus::with_impl(&nat(&n), c).unwrap();
            let a = random_below(&mut rng, &n);
            let na = nat_w(&a, md.limbs());
            let mut exps: Vec<u128> = (0..=70).collect();
            for k in [16u32, 17, 31, 32, 33, 63, 64, 65] {
                exps.extend([(1u128 << k) - 1, 1 << k, (1 << k) + 1]);
            }
            for e in exps {
                let want = a.modpow(&BigUint::from(e), &n);
                let eb = BigUint::from(e).to_bytes_be();
                let got = md.pow_vartime(&na, &eb).unwrap();
                assert_eq!(ubig(&got), want, "{c:?} {bits} bits, e = {e}");
            }
        }
    });
}

/// The secret-exponent exponentiation of every accelerated kernel against
/// `soft` (and num-bigint) at the RSA CRT widths and around them, where
/// the IFMA kernel's radix-2^52 path runs (8 to 32 limbs): moduli of
/// 1023, 1024, 1536, 2047 and 2048 bits (random, all ones, sparse top);
/// operands 0, 1, n - 1, all ones below n and random; exponents empty,
/// 0, 1, all ones (3 and 128 bytes), random 128 bytes and a leading-zero
/// encoding.
#[test]
fn pow_kernels_match_soft_at_crt_widths() {
    let mut rng = Rng(0x1f3a);
    let (soft, others) = accelerated::<Impl>();
    let mut cases = 0;
    for bits in [511, 512, 1023, 1024, 1536, 2047, 2048] {
        for n in moduli(&mut rng, bits) {
            let ms = Modulus::with_impl(&nat(&n), soft).unwrap();
            let one = BigUint::from(1u8);
            let mut ops = vec![
                BigUint::from(0u8),
                one.clone(),
                &n - &one,
                ((&one << (bits - 1)) - &one) % &n,
            ];
            ops.push(random_below(&mut rng, &n));
            let mut exps: Vec<Vec<u8>> = vec![
                vec![],
                vec![0],
                vec![1],
                vec![0xff; 3],
                vec![0xff; 128],
                rng.bytes(128),
            ];
            let mut lead = vec![0u8; 2];
            lead.extend(rng.bytes(64));
            exps.push(lead);
            for (i, a) in ops.iter().enumerate() {
                let na = nat_w(a, ms.limbs());
                for (j, e) in exps.iter().enumerate() {
                    let want = ms.pow(&na, e).unwrap();
                    if (i + j) % 5 == 0 {
                        let eb = BigUint::from_bytes_be(e);
                        assert_eq!(ubig(&want), a.modpow(&eb, &n), "soft pow {bits}");
                    }
                    for c in &others {
                        let md = Modulus::with_impl(&nat(&n), *c).unwrap();
                        let got = md.pow(&na, e).unwrap();
                        assert_eq!(
                            got.as_limbs(),
                            want.as_limbs(),
                            "{c:?} pow {bits} bits, operand {i}, exponent {j}"
                        );
                        cases += 1;
                    }
                }
            }
        }
    }
    eprintln!(
        "pow at CRT widths: {cases} cases, soft vs {:?}",
        others.iter().map(|c| c.get().name()).collect::<Vec<_>>()
    );
}

/// `Modulus::pow_pair` (the two CRT halves in one pass on the IFMA
/// kernel, one after the other elsewhere) against two `soft`
/// exponentiations, on every kernel: pairs of moduli with the same limb
/// count and unequal top limbs (and one pair of different widths, which
/// takes the separate path), operands 0, 1, n - 1 and random, exponents
/// of unequal lengths (empty, one byte, 100 and 128 bytes).
#[test]
fn pow_pair_matches_two_pows() {
    let mut rng = Rng(0x9a1e);
    let (soft, others) = accelerated::<Impl>();
    let mut cases = 0;
    for (bits_a, bits_b) in [
        (511, 449),
        (1024, 985),
        (1023, 1024),
        (1536, 1500),
        (2048, 1990),
        (2048, 2047),
        (1024, 960),
    ] {
        // Random moduli (the first of `moduli`'s list): the special ones
        // share their low limb, and so their `n0`.
        let na = moduli(&mut rng, bits_a).swap_remove(0);
        let nb = moduli(&mut rng, bits_b).swap_remove(0);
        let one = BigUint::from(1u8);
        let ops = |rng: &mut Rng, n: &BigUint| {
            vec![
                BigUint::from(0u8),
                one.clone(),
                n - &one,
                random_below(rng, n),
            ]
        };
        let (oa, ob) = (ops(&mut rng, &na), ops(&mut rng, &nb));
        let exps: Vec<(Vec<u8>, Vec<u8>)> = vec![
            (rng.bytes(128), rng.bytes(128)),
            (rng.bytes(128), rng.bytes(100)),
            (vec![], rng.bytes(64)),
            (vec![0xff], vec![0xff; 128]),
        ];
        let (sa, sb) = (
            Modulus::with_impl(&nat(&na), soft).unwrap(),
            Modulus::with_impl(&nat(&nb), soft).unwrap(),
        );
        for (i, (a, b)) in oa.iter().zip(&ob).enumerate() {
            let (xa, xb) = (nat_w(a, sa.limbs()), nat_w(b, sb.limbs()));
            for (j, (e, f)) in exps.iter().enumerate() {
                let want = (sa.pow(&xa, e).unwrap(), sb.pow(&xb, f).unwrap());
                if j == 1 {
                    let (ea, eb) = (BigUint::from_bytes_be(e), BigUint::from_bytes_be(f));
                    assert_eq!(ubig(&want.0), a.modpow(&ea, &na));
                    assert_eq!(ubig(&want.1), b.modpow(&eb, &nb));
                }
                for c in std::iter::once(&soft).chain(&others) {
                    let ma = Modulus::with_impl(&nat(&na), *c).unwrap();
                    let mb = Modulus::with_impl(&nat(&nb), *c).unwrap();
                    let (ga, gb) = ma.pow_pair(&xa, e, &mb, &xb, f).unwrap();
                    let ctx = format!("{c:?} pow_pair {bits_a}/{bits_b} bits, op {i}, exp {j}");
                    assert_eq!(ga.as_limbs(), want.0.as_limbs(), "{ctx} (first)");
                    assert_eq!(gb.as_limbs(), want.1.as_limbs(), "{ctx} (second)");
                    cases += 1;
                }
            }
        }
    }
    eprintln!("pow_pair: {cases} cases");
}
