//! Bignum: `peregrine::bignum` against `num-bigint`, on every Montgomery
//! kernel (`mont::Impl`) against `soft`.
//!
//! The fuzzer picks the width (1..=32 limbs), an odd modulus of that width
//! (its top limbs may be zero), operands (reduced below the modulus; an
//! unreduced one must be refused), an exponent of up to 48 bytes, a wide
//! value to reduce and a second modulus (odd or even) for the inverses (flag bits of the
//! second byte turn on `pow` and the inverses, the slow parts).
//! Per kernel: Montgomery `mul`/`sqr`, `to_mont`/`from_mont`, `mul_mod`,
//! `add`/`sub`/`neg`, `reduce`, and (when the fuzzer asks) `pow` and
//! `pow_vartime`: each equal to `soft` and `soft` equal to `num-bigint`.
//! Once per input: `Nat` `div_rem`/`mul`/`square`/`add`/`sub`,
//! `mod_inverse`, `mod_inverse_vartime` and `gcd` against `num-bigint` /
//! `num-integer`.

#![no_main]

use libfuzzer_sys::fuzz_target;
use num_bigint::BigUint;
use num_integer::Integer;
use peregrine::bignum::mont::{self, Checked};
use peregrine::bignum::{Modulus, Nat, gcd, mod_inverse, mod_inverse_vartime};
use peregrine_fuzz::{Input, name, soft_first};

fuzz_target!(|data: &[u8]| run(data));

fn big(n: &Nat) -> BigUint {
    BigUint::from_bytes_be(&n.to_be_bytes())
}

fn nat_w(v: &BigUint, limbs: usize) -> Nat {
    Nat::from_be_bytes_width(&v.to_bytes_be(), limbs).expect("fits")
}

/// The results of every operation on one kernel, as numbers.
#[derive(Debug, PartialEq, Eq)]
struct Results {
    mul: BigUint,
    sqr: BigUint,
    to_mont: BigUint,
    from_mont: BigUint,
    mul_mod: BigUint,
    add: BigUint,
    sub: BigUint,
    neg: BigUint,
    reduce: Option<BigUint>,
    pow: Option<BigUint>,
    pow_vartime: Option<BigUint>,
}

fn on_kernel(
    c: Checked,
    n: &Nat,
    a: &Nat,
    b: &Nat,
    unreduced: &Nat,
    x: Option<&Nat>,
    exp: Option<&[u8]>,
) -> Results {
    let k = n.limbs();
    let m = Modulus::with_impl(n, c).unwrap();
    assert_eq!(m.backend().name(), name::<mont::Impl>(c));
    assert_eq!(m.limbs(), k);
    // Operands of another width or not below n are refused.
    if big(unreduced) >= big(n) {
        assert!(m.mul(unreduced, b).is_err(), "mul took an operand >= n");
        assert!(m.sqr(unreduced).is_err(), "sqr took an operand >= n");
        assert!(m.pow(unreduced, &[3]).is_err(), "pow took a base >= n");
    }
    assert!(
        m.mul(&a.resize(k + 1).unwrap(), b).is_err(),
        "mul took a wider operand"
    );
    Results {
        mul: big(&m.mul(a, b).unwrap()),
        sqr: big(&m.sqr(a).unwrap()),
        to_mont: big(&m.to_mont(a).unwrap()),
        from_mont: big(&m.from_mont(a).unwrap()),
        mul_mod: big(&m.mul_mod(a, b).unwrap()),
        add: big(&m.add(a, b).unwrap()),
        sub: big(&m.sub(a, b).unwrap()),
        neg: big(&m.neg(a).unwrap()),
        reduce: x.map(|x| big(&m.reduce(x))),
        pow: exp.map(|e| big(&m.pow(a, e).unwrap())),
        pow_vartime: exp.map(|e| big(&m.pow_vartime(a, e).unwrap())),
    }
}

fn run(data: &[u8]) {
    let mut inp = Input::new(data);
    let k = 1 + inp.below(32);
    let flags = inp.u8();
    let mut nb = inp.array(8 * k);
    *nb.last_mut().unwrap() |= 1;
    let n = Nat::from_be_bytes_width(&nb, k).unwrap();
    let nn = big(&n);
    let raw_a = BigUint::from_bytes_be(&inp.array(8 * k));
    let raw_b = BigUint::from_bytes_be(&inp.array(8 * k));
    let a = nat_w(&(&raw_a % &nn), k);
    let b = nat_w(&(&raw_b % &nn), k);
    let unreduced = nat_w(&raw_a, k);
    let exp = (flags & 1 == 1).then(|| inp.buf(48).to_vec());
    let xb = inp.buf(8 * 3 * k);
    let x = (!xb.is_empty()).then(|| Nat::from_be_bytes(xb));
    let mb = inp.buf(8 * k);
    let m2 = BigUint::from_bytes_be(mb);

    // num-bigint's view. R = 2^(64k); a Montgomery result r is the unique
    // r < n with r R = (the product) mod n (R is invertible: n is odd).
    let r = BigUint::from(1u8) << (64 * k);
    let (av, bv) = (big(&a), big(&b));
    let mont_ok = |got: &BigUint, prod: &BigUint| *got < nn && (got * &r) % &nn == prod % &nn;
    let mut want: Option<Results> = None;
    for c in soft_first::<mont::Impl>() {
        let got = on_kernel(c, &n, &a, &b, &unreduced, x.as_ref(), exp.as_deref());
        let kn = name::<mont::Impl>(c);
        match &want {
            None => {
                let ctx = format!("k={k} n={nn:x} a={av:x} b={bv:x}");
                assert!(mont_ok(&got.mul, &(&av * &bv)), "soft mul wrong: {ctx}");
                assert!(mont_ok(&got.sqr, &(&av * &av)), "soft sqr wrong: {ctx}");
                assert_eq!(got.to_mont, (&av * &r) % &nn, "soft to_mont wrong: {ctx}");
                assert!(mont_ok(&got.from_mont, &av), "soft from_mont wrong: {ctx}");
                assert_eq!(got.mul_mod, (&av * &bv) % &nn, "mul_mod wrong: {ctx}");
                assert_eq!(got.add, (&av + &bv) % &nn, "add wrong: {ctx}");
                assert_eq!(got.sub, (&av + &nn - &bv) % &nn, "sub wrong: {ctx}");
                assert_eq!(got.neg, (&nn - &av) % &nn, "neg wrong: {ctx}");
                if let Some(x) = &x {
                    assert_eq!(
                        got.reduce.as_ref().unwrap(),
                        &(big(x) % &nn),
                        "reduce wrong: {ctx} x={:x}",
                        big(x)
                    );
                }
                if let Some(e) = &exp {
                    let w = av.modpow(&BigUint::from_bytes_be(e), &nn);
                    assert_eq!(
                        got.pow.as_ref().unwrap(),
                        &w,
                        "pow wrong: {ctx} e={}",
                        peregrine_fuzz::hex(e)
                    );
                    assert_eq!(
                        got.pow_vartime.as_ref().unwrap(),
                        &w,
                        "pow_vartime wrong: {ctx}"
                    );
                }
                want = Some(got);
            }
            Some(w) => assert_eq!(
                &got, w,
                "kernel {kn} differs from soft: k={k} n={nn:x} a={av:x} b={bv:x}"
            ),
        }
    }

    // Nat arithmetic, once.
    let (av_raw, nv) = (big(&unreduced), &nn);
    let (q, rem) = unreduced.div_rem(&n).unwrap();
    assert_eq!(
        (big(&q), big(&rem)),
        av_raw.div_rem(nv),
        "div_rem wrong: {av_raw:x} / {nv:x}"
    );
    if let Some(x) = &x {
        let (q, rem) = x
            .div_rem(&b)
            .map_or((None, None), |(q, r)| (Some(big(&q)), Some(big(&r))));
        if bv == BigUint::from(0u8) {
            assert!(q.is_none(), "div_rem by zero accepted");
        } else {
            let (wq, wr) = big(x).div_rem(&bv);
            assert_eq!((q.unwrap(), rem.unwrap()), (wq, wr), "div_rem wrong");
        }
    }
    assert_eq!(big(&unreduced.mul(&n)), &av_raw * nv, "Nat::mul wrong");
    assert_eq!(
        big(&unreduced.square()),
        &av_raw * &av_raw,
        "Nat::square wrong"
    );
    let (s, carry) = unreduced.add(&n);
    assert_eq!(
        big(&s) + (BigUint::from(carry) << (64 * k)),
        &av_raw + nv,
        "Nat::add wrong"
    );
    let (d, borrow) = unreduced.sub(&n);
    assert_eq!(borrow == 1, av_raw < *nv, "Nat::sub borrow wrong");
    assert_eq!(big(&d), (&av_raw + &r - nv) % &r, "Nat::sub wrong");

    // Inverses and gcd (when the fuzzer asks: the constant-time loops are
    // slow under comparison tracing): modulo n (odd) and m2 (any).
    if flags & 2 == 0 {
        return;
    }
    let a_raw_nat = Nat::from_be_bytes(&raw_a.to_bytes_be());
    for (mv, label) in [(nn.clone(), "n"), (m2.clone(), "m2")] {
        if mv == BigUint::from(0u8) {
            let mz = Nat::zero(1);
            assert!(
                mod_inverse(&a_raw_nat, &mz).is_err(),
                "mod_inverse modulo 0 accepted"
            );
            continue;
        }
        let mn = Nat::from_be_bytes(&mv.to_bytes_be());
        let want = (&raw_a % &mv).modinv(&mv);
        let got = mod_inverse(&a_raw_nat, &mn).ok().map(|x| big(&x));
        assert_eq!(got, want, "mod_inverse({raw_a:x}, {label} = {mv:x})");
        if mv.is_odd() {
            let ar = nat_w(&(&raw_a % &mv), mn.limbs());
            let got = mod_inverse_vartime(&ar, &mn).ok().map(|x| big(&x));
            assert_eq!(
                got, want,
                "mod_inverse_vartime({raw_a:x}, {label} = {mv:x})"
            );
        }
        let g = gcd(&a_raw_nat, &mn);
        assert_eq!(big(&g), raw_a.gcd(&mv), "gcd({raw_a:x}, {mv:x})");
    }
}
