//! X25519 and Ed25519 public keys against a slow, independent reference:
//! the curve arithmetic written again here on `num-bigint` integers modulo
//! p = 2^255 - 19, straight from the papers, sharing nothing with the
//! library (no field kernel, no table, no comb).
//!
//! - X25519: RFC 7748 section 5's ladder in x-only projective coordinates
//!   (the pseudo-code, with a conditional swap by branching: the reference
//!   need not be constant time), against `x25519_raw` on every field kernel
//!   for random scalars and u-coordinates (u below p and u with bit 255 set
//!   or at least p, which RFC 7748 reduces), and `public_key` (the library's
//!   Edwards comb) against the reference ladder at u = 9.
//! - Ed25519: the public key of a seed (RFC 8032 section 5.1.5: SHA-512
//!   of the seed, clamped, times the base point B) by double-and-add in
//!   extended twisted Edwards coordinates (Hisil, Wong, Carter, Dawson
//!   2008, the unified addition), encoded per section 5.1.2, against
//!   `SigningKey::from_seed_with_impl` on every kernel.

mod common;

use common::{Rng, for_each_impl};
use num_bigint::BigUint;
use peregrine::ec::curve25519::ed25519::SigningKey;
use peregrine::ec::curve25519::{Impl, x25519};
use peregrine::hash::sha512::Sha512;

fn p() -> BigUint {
    (BigUint::from(1u8) << 255u32) - 19u32
}

fn le(b: &[u8]) -> BigUint {
    BigUint::from_bytes_le(b)
}

fn to32(x: &BigUint) -> [u8; 32] {
    let mut out = [0u8; 32];
    let v = x.to_bytes_le();
    out[..v.len()].copy_from_slice(&v);
    out
}

/// Field arithmetic modulo p on reduced values.
struct F {
    p: BigUint,
}

impl F {
    fn add(&self, a: &BigUint, b: &BigUint) -> BigUint {
        (a + b) % &self.p
    }
    fn sub(&self, a: &BigUint, b: &BigUint) -> BigUint {
        (a + &self.p - b) % &self.p
    }
    fn mul(&self, a: &BigUint, b: &BigUint) -> BigUint {
        (a * b) % &self.p
    }
    fn inv(&self, a: &BigUint) -> BigUint {
        a.modpow(&(&self.p - 2u32), &self.p)
    }
}

/// RFC 7748 section 5: decodeScalar25519, decodeUCoordinate (bit 255
/// masked, then reduced modulo p), the ladder, x_2 * z_2^(p-2).
fn x25519_ref(k: &[u8; 32], u: &[u8; 32]) -> [u8; 32] {
    let f = F { p: p() };
    let mut k = *k;
    k[0] &= 248;
    k[31] &= 127;
    k[31] |= 64;
    let k = le(&k);
    let mut u = *u;
    u[31] &= 127;
    let x1 = le(&u) % &f.p;
    let a24 = BigUint::from(121_665u32);
    let (mut x2, mut z2) = (BigUint::from(1u8), BigUint::from(0u8));
    let (mut x3, mut z3) = (x1.clone(), BigUint::from(1u8));
    let mut swap = false;
    for t in (0..255).rev() {
        let kt = k.bit(t);
        if swap != kt {
            core::mem::swap(&mut x2, &mut x3);
            core::mem::swap(&mut z2, &mut z3);
        }
        swap = kt;
        let a = f.add(&x2, &z2);
        let aa = f.mul(&a, &a);
        let b = f.sub(&x2, &z2);
        let bb = f.mul(&b, &b);
        let e = f.sub(&aa, &bb);
        let c = f.add(&x3, &z3);
        let d = f.sub(&x3, &z3);
        let da = f.mul(&d, &a);
        let cb = f.mul(&c, &b);
        let s = f.add(&da, &cb);
        x3 = f.mul(&s, &s);
        let dd = f.sub(&da, &cb);
        z3 = f.mul(&x1, &f.mul(&dd, &dd));
        x2 = f.mul(&aa, &bb);
        z2 = f.mul(&e, &f.add(&aa, &f.mul(&a24, &e)));
    }
    if swap {
        core::mem::swap(&mut x2, &mut x3);
        core::mem::swap(&mut z2, &mut z3);
    }
    to32(&f.mul(&x2, &f.inv(&z2)))
}

/// A point (X : Y : Z : T) of -x^2 + y^2 = 1 + d x^2 y^2, x = X/Z,
/// y = Y/Z, x y = T/Z.
#[derive(Clone)]
struct Ext {
    x: BigUint,
    y: BigUint,
    z: BigUint,
    t: BigUint,
}

/// The unified addition of Hisil et al. ("add-2008-hwcd-3"), with
/// k = 2d; it doubles too.
fn ed_add(f: &F, d2: &BigUint, p: &Ext, q: &Ext) -> Ext {
    let a = f.mul(&f.sub(&p.y, &p.x), &f.sub(&q.y, &q.x));
    let b = f.mul(&f.add(&p.y, &p.x), &f.add(&q.y, &q.x));
    let c = f.mul(&f.mul(&p.t, d2), &q.t);
    let d = f.mul(&f.add(&p.z, &p.z), &q.z);
    let e = f.sub(&b, &a);
    let ff = f.sub(&d, &c);
    let g = f.add(&d, &c);
    let h = f.add(&b, &a);
    Ext {
        x: f.mul(&e, &ff),
        y: f.mul(&g, &h),
        z: f.mul(&ff, &g),
        t: f.mul(&e, &h),
    }
}

/// RFC 8032 section 5.1.5: the public key of a 32-byte seed.
fn ed25519_public_ref(seed: &[u8; 32]) -> [u8; 32] {
    let f = F { p: p() };
    // d = -121665 / 121666.
    let d = f.mul(
        &f.sub(&BigUint::from(0u8), &BigUint::from(121_665u32)),
        &f.inv(&BigUint::from(121_666u32)),
    );
    let d2 = f.add(&d, &d);
    // B: y = 4/5, x the even root (RFC 8032 section 5.1).
    let by = f.mul(&BigUint::from(4u8), &f.inv(&BigUint::from(5u8)));
    let bx = le(&hex32(
        "1ad5258f602d56c9b2a7259560c72c695cdcd6fd31e2a4c0fe536ecdd3366921",
    ));
    // Check B is on the curve: -x^2 + y^2 = 1 + d x^2 y^2.
    let (x2, y2) = (f.mul(&bx, &bx), f.mul(&by, &by));
    assert_eq!(
        f.sub(&y2, &x2),
        f.add(&BigUint::from(1u8), &f.mul(&d, &f.mul(&x2, &y2))),
        "the reference base point"
    );
    let base = Ext {
        t: f.mul(&bx, &by),
        x: bx,
        y: by,
        z: BigUint::from(1u8),
    };
    let mut hs = Sha512::new();
    hs.update(seed);
    let h = hs.finalize();
    let mut s: [u8; 32] = h[..32].try_into().unwrap();
    s[0] &= 248;
    s[31] &= 127;
    s[31] |= 64;
    let s = le(&s);
    let mut acc = Ext {
        x: BigUint::from(0u8),
        y: BigUint::from(1u8),
        z: BigUint::from(1u8),
        t: BigUint::from(0u8),
    };
    for i in (0..255).rev() {
        acc = ed_add(&f, &d2, &acc, &acc);
        if s.bit(i) {
            acc = ed_add(&f, &d2, &acc, &base);
        }
    }
    let zi = f.inv(&acc.z);
    let (x, y) = (f.mul(&acc.x, &zi), f.mul(&acc.y, &zi));
    let mut out = to32(&y);
    out[31] |= (x.bit(0) as u8) << 7;
    out
}

fn hex32(s: &str) -> [u8; 32] {
    let v: Vec<u8> = (0..32)
        .map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
        .collect();
    v.try_into().unwrap()
}

/// The reference itself on RFC 7748 section 5.2's first vector and RFC
/// 8032 section 7.1's first key, so a wrong reference cannot agree with
/// a wrong library.
#[test]
fn reference_matches_the_rfcs() {
    assert_eq!(
        x25519_ref(
            &hex32("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4"),
            &hex32("e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c"),
        ),
        hex32("c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552")
    );
    assert_eq!(
        ed25519_public_ref(&hex32(
            "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"
        )),
        hex32("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")
    );
}

#[test]
fn x25519_against_the_reference() {
    let mut rng = Rng(0x7832_3535_3139);
    let mut cases: Vec<([u8; 32], [u8; 32])> = Vec::new();
    for i in 0..12 {
        let k: [u8; 32] = rng.bytes(32).try_into().unwrap();
        let mut u: [u8; 32] = rng.bytes(32).try_into().unwrap();
        match i % 4 {
            0 => u[31] &= 0x7f,
            1 => u[31] |= 0x80,
            // p + small: non-canonical, reduced by the decoding.
            2 => {
                u = to32(&(p() + BigUint::from(u[0] % 19)));
            }
            _ => {}
        }
        cases.push((k, u));
    }
    let want: Vec<[u8; 32]> = cases.iter().map(|(k, u)| x25519_ref(k, u)).collect();
    let pks: Vec<[u8; 32]> = cases
        .iter()
        .map(|(k, _)| x25519_ref(k, &x25519::BASEPOINT))
        .collect();
    for_each_impl::<Impl>("x25519 vs reference", |c| {
        for (i, (k, u)) in cases.iter().enumerate() {
            assert_eq!(x25519::x25519_raw(c, k, u), want[i], "case {i}");
            assert_eq!(x25519::public_key_with_impl(c, k), pks[i], "pk {i}");
        }
    });
}

#[test]
fn ed25519_public_keys_against_the_reference() {
    let mut rng = Rng(0x0065_6432_3535_3139);
    let seeds: Vec<[u8; 32]> = (0..6).map(|_| rng.bytes(32).try_into().unwrap()).collect();
    let want: Vec<[u8; 32]> = seeds.iter().map(ed25519_public_ref).collect();
    for_each_impl::<Impl>("ed25519 vs reference", |c| {
        for (i, seed) in seeds.iter().enumerate() {
            let key = SigningKey::from_seed_with_impl(seed, c);
            assert_eq!(key.verifying_key().as_bytes(), &want[i], "seed {i}");
        }
    });
}
