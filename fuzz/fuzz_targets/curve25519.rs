//! X25519 and Ed25519 on every field kernel (`curve25519::Impl`), against
//! RustCrypto (`x25519-dalek`, `ed25519-dalek`, `curve25519-dalek`) and
//! OpenSSL.
//!
//! - X25519: the fuzzer's scalar and u-coordinate (raw, a small-order u,
//!   or another key's public key; bit 255 optionally set). `x25519_raw`
//!   and `public_key` on every kernel equal `soft`; the comb's public key
//!   equals the ladder's `X25519(k, 9)`; `x25519` errors exactly when the
//!   raw result is all zero. Soft equals `x25519_dalek::x25519` (both
//!   directions), and OpenSSL's derivation (which refuses exactly the
//!   all-zero results) and its public key. Then a batch of 1 to 20
//!   pairs (this one and variations of it: scalars with a byte changed,
//!   the u-coordinate or the key's own public key; 16 a ladder batch, so
//!   the batch boundary is crossed): `x25519_many` on every kernel equals
//!   the single results and errors exactly when one of them is all zero.
//! - Ed25519 signing: the fuzzer's seed and message; the public key and
//!   the pure, Ed25519ctx and Ed25519ph signatures on every kernel equal
//!   `soft`, each verifies under its own variant; pure signatures equal
//!   ed25519-dalek's and OpenSSL's byte for byte, Ed25519ph (with the
//!   context) ed25519-dalek's. Then up to three fuzzer byte flips of the
//!   signature (and optionally of the message): every kernel, dalek and
//!   OpenSSL give the same verdict, accept only if nothing changed; and
//!   `verify_batch` on every kernel of the real signature beside the
//!   flipped one (and, when the fuzzer asks, a second real one) accepts
//!   exactly when that verdict is true (batch verification is cofactored:
//!   it can accept what the cofactorless check refuses only for R or A
//!   with a small-order component chosen on purpose, which a byte flip of
//!   an honest signature does not give).
//! - Ed25519 verification of arbitrary inputs: A and R raw or one of the
//!   14 encodings of low-order points (canonical and not), S raw, S + l,
//!   or a real signature's; the key is refused exactly when it does not
//!   decode or is not the canonical encoding of its point (decoded and
//!   re-encoded by curve25519-dalek); for a key we accept, the verdict of
//!   every kernel equals ed25519-dalek's `verify` and OpenSSL's.
//!
//! Where the oracles differ from our written policy (fuzz/README.md):
//! ed25519-dalek and OpenSSL accept non-canonical encodings of A (y >= p,
//! or x = 0 with the sign bit set); we refuse them when the key is made,
//! so such keys are checked for non-canonicality instead of compared.

#![no_main]

use curve25519_dalek::edwards::CompressedEdwardsY;
use ed25519_dalek::{Digest, Sha512, Signer as _, Verifier as _};
use libfuzzer_sys::fuzz_target;
use openssl::derive::Deriver;
use openssl::pkey::{Id, PKey};
use openssl::sign::{Signer, Verifier};
use peregrine::ec::curve25519::ed25519::{SigningKey, VerifyingKey, verify_batch_with_impl};
use peregrine::ec::curve25519::{self, x25519};
use peregrine_fuzz::{Input, hex, name, soft_first};

fuzz_target!(|data: &[u8]| run(data));

fn run(data: &[u8]) {
    let mut inp = Input::new(data);
    match inp.below(3) {
        0 => x25519_case(&mut inp),
        1 => sign_case(&mut inp),
        _ => verify_case(&mut inp),
    }
}

fn a32(v: &[u8]) -> [u8; 32] {
    v.try_into().unwrap()
}

fn h32(s: &str) -> [u8; 32] {
    let v: Vec<u8> = (0..32)
        .map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
        .collect();
    a32(&v)
}

/// u-coordinates of small order (RFC 7748 section 7's list and the
/// non-canonical p - 1, p, p + 1).
const SMALL_ORDER_U: [&str; 7] = [
    "0000000000000000000000000000000000000000000000000000000000000000",
    "0100000000000000000000000000000000000000000000000000000000000000",
    "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
    "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
];

/// The encodings of the edwards25519 points of small order, canonical and
/// not (CCTV's ed25519 README lists them).
const LOW_ORDER_ED: [&str; 14] = [
    "0000000000000000000000000000000000000000000000000000000000000000",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "0000000000000000000000000000000000000000000000000000000000000080",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    "0100000000000000000000000000000000000000000000000000000000000000",
    "0100000000000000000000000000000000000000000000000000000000000080",
    "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
];

fn x25519_case(inp: &mut Input<'_>) {
    let k = a32(&inp.array(32));
    let mut u = match inp.below(3) {
        0 => a32(&inp.array(32)),
        1 => h32(SMALL_ORDER_U[inp.below(SMALL_ORDER_U.len())]),
        _ => {
            let other = a32(&inp.array(32));
            x25519::public_key_with_impl(curve25519::Impl::Soft.check().unwrap(), &other)
        }
    };
    if inp.bool() {
        u[31] |= 0x80;
    }
    let kernels = soft_first::<curve25519::Impl>();
    let soft = kernels[0];
    let raw = x25519::x25519_raw(soft, &k, &u);
    let pk = x25519::public_key_with_impl(soft, &k);
    assert_eq!(
        pk,
        x25519::x25519_raw(soft, &k, &x25519::BASEPOINT),
        "comb vs ladder, k {}",
        hex(&k)
    );
    for &c in &kernels {
        let n = name::<curve25519::Impl>(c);
        assert_eq!(
            x25519::x25519_raw(c, &k, &u),
            raw,
            "{n}: k {} u {}",
            hex(&k),
            hex(&u)
        );
        assert_eq!(
            x25519::public_key_with_impl(c, &k),
            pk,
            "{n}: pk of {}",
            hex(&k)
        );
        match x25519::x25519_with_impl(c, &k, &u) {
            Ok(s) => assert!(s == raw && raw != [0; 32], "{n}: x25519 Ok"),
            Err(_) => assert_eq!(raw, [0; 32], "{n}: x25519 refused a non-zero secret"),
        }
    }
    // RustCrypto.
    assert_eq!(
        x25519_dalek::x25519(k, u),
        raw,
        "x25519-dalek: k {} u {}",
        hex(&k),
        hex(&u)
    );
    assert_eq!(
        x25519_dalek::x25519(k, x25519_dalek::X25519_BASEPOINT_BYTES),
        pk
    );
    // OpenSSL: refuses to derive an all-zero secret.
    let sk = PKey::private_key_from_raw_bytes(&k, Id::X25519).unwrap();
    assert_eq!(sk.raw_public_key().unwrap(), pk, "openssl public key");
    let peer = PKey::public_key_from_raw_bytes(&u, Id::X25519).unwrap();
    let mut d = Deriver::new(&sk).unwrap();
    d.set_peer(&peer).unwrap();
    match d.derive_to_vec() {
        Ok(s) => assert!(
            s == raw && raw != [0; 32],
            "openssl: k {} u {}",
            hex(&k),
            hex(&u)
        ),
        Err(e) => assert_eq!(raw, [0; 32], "openssl refused: {e}"),
    }
    // A batch around this pair.
    let n = 1 + inp.below(40);
    let mut ks = vec![k];
    let mut us = vec![u];
    for j in 1..n {
        let mut kj = k;
        kj[j % 32] ^= inp.u8() | 1;
        ks.push(kj);
        us.push(match inp.below(3) {
            0 => u,
            1 => pk,
            _ => h32(SMALL_ORDER_U[inp.below(SMALL_ORDER_U.len())]),
        });
    }
    let want: Vec<[u8; 32]> = ks
        .iter()
        .zip(&us)
        .map(|(kj, uj)| x25519::x25519_raw(soft, kj, uj))
        .collect();
    let any_zero = want.iter().any(|w| *w == [0; 32]);
    for c in soft_first::<curve25519::many::Impl>() {
        let nm = name::<curve25519::many::Impl>(c);
        let mut out = vec![[0u8; 32]; n];
        let r = x25519::x25519_many_with_impl(c, &ks, &us, &mut out);
        assert_eq!(out, want, "{nm}: x25519_many of {n}, k {}", hex(&k));
        assert_eq!(r.is_err(), any_zero, "{nm}: x25519_many verdict");
    }
}

/// The verdicts of every kernel (the key made on each), ed25519-dalek's
/// `verify` and OpenSSL's, for a key we accept; checks they agree and
/// returns it.
fn verdict(pk: &[u8; 32], msg: &[u8], sig: &[u8]) -> bool {
    let mut ours = None;
    for c in soft_first::<curve25519::Impl>() {
        let n = name::<curve25519::Impl>(c);
        let vk = VerifyingKey::from_bytes_with_impl(pk, c).expect("a key we accept");
        let v = vk.verify(msg, sig).is_ok();
        assert_eq!(
            *ours.get_or_insert(v),
            v,
            "{n}: pk {} sig {}",
            hex(pk),
            hex(sig)
        );
    }
    let ours = ours.unwrap();
    let dalek = match (
        ed25519_dalek::VerifyingKey::from_bytes(pk),
        ed25519_dalek::Signature::from_slice(sig),
    ) {
        (Ok(vk), Ok(s)) => vk.verify(msg, &s).is_ok(),
        _ => false,
    };
    assert_eq!(
        dalek,
        ours,
        "ed25519-dalek: pk {} msg {} sig {}",
        hex(pk),
        hex(msg),
        hex(sig)
    );
    let ossl = PKey::public_key_from_raw_bytes(pk, Id::ED25519)
        .and_then(|k| Verifier::new_without_digest(&k)?.verify_oneshot(sig, msg))
        .unwrap_or(false);
    assert_eq!(
        ossl,
        ours,
        "openssl: pk {} msg {} sig {}",
        hex(pk),
        hex(msg),
        hex(sig)
    );
    ours
}

fn sign_case(inp: &mut Input<'_>) {
    let seed = a32(&inp.array(32));
    let msg = inp.buf(600).to_vec();
    let ctx = inp.buf(255).to_vec();
    let kernels = soft_first::<curve25519::Impl>();
    let key = SigningKey::from_seed_with_impl(&seed, kernels[0]);
    let pk = *key.verifying_key().as_bytes();
    let sig = key.sign(&msg);
    let sig_ctx = (!ctx.is_empty()).then(|| key.sign_ctx(&ctx, &msg).unwrap());
    let sig_ph = key.sign_ph(&ctx, &msg).unwrap();
    for &c in &kernels {
        let n = name::<curve25519::Impl>(c);
        let kc = SigningKey::from_seed_with_impl(&seed, c);
        assert_eq!(
            kc.verifying_key().as_bytes(),
            &pk,
            "{n}: seed {}",
            hex(&seed)
        );
        assert_eq!(
            kc.sign(&msg),
            sig,
            "{n}: seed {} msg {}",
            hex(&seed),
            hex(&msg)
        );
        let vk = kc.verifying_key();
        vk.verify(&msg, &sig).unwrap();
        if let Some(s) = sig_ctx {
            assert_eq!(kc.sign_ctx(&ctx, &msg).unwrap(), s, "{n}: ctx");
            vk.verify_ctx(&ctx, &msg, &s).unwrap();
            assert!(vk.verify(&msg, &s).is_err(), "{n}: ctx sig as pure");
        } else {
            assert!(kc.sign_ctx(&ctx, &msg).is_err(), "{n}: empty ctx");
        }
        assert_eq!(kc.sign_ph(&ctx, &msg).unwrap(), sig_ph, "{n}: ph");
        vk.verify_ph(&ctx, &msg, &sig_ph).unwrap();
        assert!(vk.verify(&msg, &sig_ph).is_err(), "{n}: ph sig as pure");
    }
    // RustCrypto: pure and Ed25519ph (with the context) byte for byte.
    let dk = ed25519_dalek::SigningKey::from_bytes(&seed);
    assert_eq!(dk.verifying_key().to_bytes(), pk, "ed25519-dalek pk");
    assert_eq!(dk.sign(&msg).to_bytes(), sig, "ed25519-dalek sig");
    let d_ph = dk
        .sign_prehashed(Sha512::new().chain_update(&msg), Some(&ctx))
        .unwrap();
    assert_eq!(
        d_ph.to_bytes(),
        sig_ph,
        "ed25519-dalek ph, ctx {}",
        hex(&ctx)
    );
    // OpenSSL: pure Ed25519.
    let ok = PKey::private_key_from_raw_bytes(&seed, Id::ED25519).unwrap();
    assert_eq!(ok.raw_public_key().unwrap(), pk, "openssl pk");
    let osig = Signer::new_without_digest(&ok)
        .unwrap()
        .sign_oneshot_to_vec(&msg)
        .unwrap();
    assert_eq!(osig, sig, "openssl sig");
    // Flips of the signature (and perhaps the message): one verdict.
    let mut s2 = sig;
    for _ in 0..inp.below(4) {
        let at = inp.below(64);
        s2[at] ^= inp.u8();
    }
    let mut m2 = msg.clone();
    if inp.bool() {
        match m2.is_empty() {
            true => m2.push(inp.u8()),
            false => {
                let at = inp.below(m2.len());
                m2[at] ^= inp.u8().max(1);
            }
        }
    }
    let v = verdict(&pk, &m2, &s2);
    assert_eq!(v, s2 == sig && m2 == msg, "a changed signature verified");
    // Batch verification: the real signature, the changed one, and
    // perhaps another real one (a second key).
    let other = inp.bool().then(|| {
        let k2 = SigningKey::from_seed_with_impl(&a32(&inp.array(32)), kernels[0]);
        let m3 = inp.buf(100).to_vec();
        let s3 = k2.sign(&m3);
        (k2, m3, s3)
    });
    for &c in &kernels {
        let n = name::<curve25519::Impl>(c);
        let vk = VerifyingKey::from_bytes_with_impl(&pk, c).unwrap();
        let mut items: Vec<(&VerifyingKey, &[u8], &[u8])> =
            vec![(&vk, &msg, &sig), (&vk, &m2, &s2)];
        let vk2 = other.as_ref().map(|(k2, _, _)| {
            VerifyingKey::from_bytes_with_impl(k2.verifying_key().as_bytes(), c).unwrap()
        });
        if let (Some((_, m3, s3)), Some(vk2)) = (&other, &vk2) {
            items.push((vk2, m3, s3));
        }
        assert_eq!(
            verify_batch_with_impl(c, &items).is_ok(),
            v,
            "{n}: verify_batch, sig {} msg {}",
            hex(&s2),
            hex(&m2)
        );
    }
}

/// `s + l` (little-endian), a non-canonical S for the same scalar.
fn plus_l(s: &[u8; 32]) -> [u8; 32] {
    let l = h32("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010");
    let mut out = [0u8; 32];
    let mut carry = 0u16;
    for i in 0..32 {
        let t = u16::from(s[i]) + u16::from(l[i]) + carry;
        out[i] = t as u8;
        carry = t >> 8;
    }
    out
}

/// A point encoding: `real`, one of the low-order encodings, or raw.
fn point(inp: &mut Input<'_>, real: &[u8]) -> [u8; 32] {
    match inp.below(3) {
        0 => a32(real),
        1 => h32(LOW_ORDER_ED[inp.below(LOW_ORDER_ED.len())]),
        _ => a32(&inp.array(32)),
    }
}

fn verify_case(inp: &mut Input<'_>) {
    let seed = a32(&inp.array(32));
    let msg = inp.buf(200).to_vec();
    let key = SigningKey::from_seed_with_impl(&seed, soft_first::<curve25519::Impl>()[0]);
    let real = key.sign(&msg);
    let pk = point(inp, key.verifying_key().as_bytes());
    let r = point(inp, &real[..32]);
    let real_s = a32(&real[32..]);
    let s = match inp.below(3) {
        0 => real_s,
        1 => plus_l(&real_s),
        _ => a32(&inp.array(32)),
    };
    let mut sig = [0u8; 64];
    sig[..32].copy_from_slice(&r);
    sig[32..].copy_from_slice(&s);
    // The key: refused exactly when it is not the canonical encoding of
    // a point (curve25519-dalek decodes, re-encodes and compares).
    let canonical = CompressedEdwardsY(pk)
        .decompress()
        .is_some_and(|p| p.compress().to_bytes() == pk);
    for c in soft_first::<curve25519::Impl>() {
        let n = name::<curve25519::Impl>(c);
        assert_eq!(
            VerifyingKey::from_bytes_with_impl(&pk, c).is_ok(),
            canonical,
            "{n}: key {}",
            hex(&pk)
        );
    }
    if !canonical {
        return;
    }
    let v = verdict(&pk, &msg, &sig);
    if s == plus_l(&real_s) {
        assert!(!v, "S + l verified");
    }
    if sig == real && pk == *key.verifying_key().as_bytes() {
        assert!(v, "the real signature failed");
    }
}
