//! X25519 and Ed25519 key files (RFC 8410): PKCS#8 and SubjectPublicKeyInfo,
//! DER and PEM, and raw keys.
//!
//! - Files written by OpenSSL 3.0 (`vectors/curve25519/`, see the README
//!   there): each loads, the DER and PEM agree, and writing them again
//!   gives OpenSSL's bytes exactly; OpenSSL's signature and shared secret
//!   come out the same here.
//! - RFC 8410 section 10: the example public key, the example private key
//!   and the version 2 example (an attribute and the public key).
//! - Round trips of random keys (v1 and v2).
//! - Malformed input: every truncation, trailing bytes, wrong OIDs,
//!   parameters present, wrong lengths, a v2 public key that does not
//!   match, keys of other algorithms (RSA, EC, Ed448, X448, X25519 for
//!   Ed25519 and back), PKCS#1 and encrypted PEM: an `Error::InvalidKey`
//!   (or `InvalidLength` for raw keys) saying what was found, never a
//!   panic.
//! - Every bit of every good encoding flipped, and random bytes: no panic,
//!   and whatever loads writes back to the same bytes.

mod common;

use common::{Rng, hex};
use peregrine::Error;
use peregrine::ec::curve25519::ed25519::{SigningKey, VerifyingKey};
use peregrine::ec::curve25519::keys::{Algorithm, private_key_algorithm, public_key_algorithm};
use peregrine::ec::curve25519::x25519;

macro_rules! vector {
    ($name:literal) => {
        include_bytes!(concat!("vectors/curve25519/", $name)).as_slice()
    };
}
macro_rules! vector_str {
    ($name:literal) => {
        include_str!(concat!("vectors/curve25519/", $name))
    };
}

const ED_PEM: &str = vector_str!("ed25519.pem");
const ED_PUB_PEM: &str = vector_str!("ed25519-pub.pem");
const X_PEM: &str = vector_str!("x25519.pem");
const X_PUB_PEM: &str = vector_str!("x25519-pub.pem");

fn is_invalid_key<T: core::fmt::Debug>(r: Result<T, Error>, case: &str) -> &'static str {
    match r {
        Err(Error::InvalidKey { what }) => what,
        other => panic!("{case}: want InvalidKey, got {other:?}"),
    }
}

#[test]
fn openssl_ed25519_files() {
    let key = SigningKey::from_pkcs8_pem(ED_PEM).unwrap();
    let der = SigningKey::from_pkcs8_der(vector!("ed25519.der")).unwrap();
    assert_eq!(key.seed(), der.seed());
    // `openssl pkey -text`'s priv and pub.
    assert_eq!(
        key.seed()[..],
        hex("1544987385ffc5c0acdaf232a0b554c6437a8961d5945dbddb84b860f83eed84")
    );
    assert_eq!(
        key.verifying_key().as_bytes()[..],
        hex("bd2a13b6fd0d476203cd454465ba27b02f7f6e84e0b4e2c78dc3992edd301e31")
    );
    let vk = VerifyingKey::from_public_key_pem(ED_PUB_PEM).unwrap();
    assert_eq!(&vk, key.verifying_key());
    let vk_der = VerifyingKey::from_public_key_der(vector!("ed25519-pub.der")).unwrap();
    assert_eq!(vk, vk_der);
    // Written again: OpenSSL's bytes.
    assert_eq!(key.to_pkcs8_pem().unwrap().as_str(), ED_PEM);
    assert_eq!(&key.to_pkcs8_der().unwrap()[..], vector!("ed25519.der"));
    assert_eq!(vk.to_public_key_pem().unwrap(), ED_PUB_PEM);
    assert_eq!(vk.to_public_key_der().unwrap(), vector!("ed25519-pub.der"));
    // `openssl pkeyutl -sign -rawin`'s signature: Ed25519 is deterministic.
    let msg = vector!("ed25519-msg.txt");
    let sig = vector!("ed25519-msg.sig");
    assert_eq!(key.sign(msg)[..], sig[..]);
    vk.verify(msg, sig).unwrap();
    assert_eq!(
        vk.verify(b"another message", sig),
        Err(Error::VerificationFailed)
    );
}

#[test]
fn openssl_x25519_files() {
    let key = x25519::PrivateKey::from_pkcs8_pem(X_PEM).unwrap();
    let der = x25519::PrivateKey::from_pkcs8_der(vector!("x25519.der")).unwrap();
    assert_eq!(key.to_bytes(), der.to_bytes());
    assert_eq!(
        key.to_bytes()[..],
        hex("e8c40fcebcc684a23ea62d093c66a26bda735e32d3b2f759bf486deafae7c95c")
    );
    let public = x25519::PublicKey::from_public_key_pem(X_PUB_PEM).unwrap();
    assert_eq!(public, key.public_key());
    assert_eq!(
        public,
        x25519::PublicKey::from_public_key_der(vector!("x25519-pub.der")).unwrap()
    );
    assert_eq!(key.to_pkcs8_pem().unwrap().as_str(), X_PEM);
    assert_eq!(&key.to_pkcs8_der().unwrap()[..], vector!("x25519.der"));
    assert_eq!(public.to_public_key_pem().unwrap(), X_PUB_PEM);
    assert_eq!(
        public.to_public_key_der().unwrap(),
        vector!("x25519-pub.der")
    );
    // `openssl pkeyutl -derive`'s secret, from both sides.
    let peer = x25519::PrivateKey::from_pkcs8_pem(vector_str!("x25519-peer.pem")).unwrap();
    let peer_pub =
        x25519::PublicKey::from_public_key_pem(vector_str!("x25519-peer-pub.pem")).unwrap();
    assert_eq!(peer.public_key(), peer_pub);
    let shared = vector!("x25519-shared.bin");
    assert_eq!(key.diffie_hellman(&peer_pub).unwrap().as_bytes(), shared);
    assert_eq!(peer.diffie_hellman(&public).unwrap().as_bytes(), shared);
}

#[test]
fn rfc8410_examples() {
    // Section 10.1: the public key; 10.3: the private key, then the same
    // key as version 2 with an attribute and the public key.
    let vk = VerifyingKey::from_public_key_pem(vector_str!("rfc8410-ed25519-pub.pem")).unwrap();
    assert_eq!(
        vk.as_bytes()[..],
        hex("19bf44096984cdfe8541bac167dc3b96c85086aa30b6b6cb0c5c38ad703166e1")
    );
    let k1 = SigningKey::from_pkcs8_pem(vector_str!("rfc8410-ed25519.pem")).unwrap();
    assert_eq!(
        k1.seed()[..],
        hex("d4ee72dbf913584ad5b6d8f1f769f8ad3afe7c28cbf1d4fbe097a88f44755842")
    );
    assert_eq!(k1.verifying_key(), &vk);
    let k2 = SigningKey::from_pkcs8_pem(vector_str!("rfc8410-ed25519-v2.pem")).unwrap();
    assert_eq!(k2.seed(), k1.seed());
    // The v1 example is exactly what we write.
    assert_eq!(
        k1.to_pkcs8_pem().unwrap().as_str(),
        vector_str!("rfc8410-ed25519.pem")
    );
    assert_eq!(
        vk.to_public_key_pem().unwrap(),
        vector_str!("rfc8410-ed25519-pub.pem")
    );
    // The same bytes under the X25519 identifier are an X25519 key, not
    // an Ed25519 one.
    let mut der = k1.to_pkcs8_der().unwrap().to_vec();
    der[11] = 110;
    let what = is_invalid_key(SigningKey::from_pkcs8_der(&der), "X25519 OID");
    assert!(what.contains("X25519"), "{what}");
    let x = x25519::PrivateKey::from_pkcs8_der(&der).unwrap();
    assert_eq!(x.to_bytes(), *k1.seed());
}

#[test]
fn round_trips() {
    let mut rng = Rng(0x8410);
    for _ in 0..20 {
        let seed: [u8; 32] = rng.bytes(32).try_into().unwrap();
        let k = SigningKey::from_seed(&seed);
        let again = SigningKey::from_pkcs8_pem(&k.to_pkcs8_pem().unwrap()).unwrap();
        assert_eq!(again.seed(), &seed);
        let v2 = k.to_pkcs8_v2_der().unwrap();
        assert_eq!(SigningKey::from_pkcs8_der(&v2).unwrap().seed(), &seed);
        assert_eq!(v2[4], 1, "version 2");
        let vk = k.verifying_key();
        let vk2 = VerifyingKey::from_public_key_pem(&vk.to_public_key_pem().unwrap()).unwrap();
        assert_eq!(&vk2, vk);
        assert_eq!(&VerifyingKey::from_raw(vk.as_bytes()).unwrap(), vk);
        assert_eq!(SigningKey::from_raw(&seed).unwrap().seed(), &seed);

        let x = x25519::PrivateKey::from_bytes(seed);
        let again = x25519::PrivateKey::from_pkcs8_pem(&x.to_pkcs8_pem().unwrap()).unwrap();
        assert_eq!(again.to_bytes(), seed);
        let v2 = x.to_pkcs8_v2_der().unwrap();
        assert_eq!(
            x25519::PrivateKey::from_pkcs8_der(&v2).unwrap().to_bytes(),
            seed
        );
        let p = x.public_key();
        let p2 = x25519::PublicKey::from_public_key_pem(&p.to_public_key_pem().unwrap()).unwrap();
        assert_eq!(p2, p);
        assert_eq!(x25519::PublicKey::from_raw(&p.0).unwrap(), p);
        assert_eq!(
            x25519::PrivateKey::from_raw(&seed).unwrap().to_bytes(),
            seed
        );
    }
}

#[test]
fn raw_keys_of_the_wrong_length() {
    for n in [0, 31, 33, 64] {
        let b = vec![1u8; n];
        assert!(matches!(
            SigningKey::from_raw(&b),
            Err(Error::InvalidLength { got, .. }) if got == n
        ));
        assert!(matches!(
            VerifyingKey::from_raw(&b),
            Err(Error::InvalidLength { .. })
        ));
        assert!(matches!(
            x25519::PrivateKey::from_raw(&b),
            Err(Error::InvalidLength { .. })
        ));
        assert!(matches!(
            x25519::PublicKey::from_raw(&b),
            Err(Error::InvalidLength { .. })
        ));
    }
}

/// Every loader on `der`: none may panic; returns which accepted it.
fn load_all(der: &[u8]) -> [bool; 4] {
    let pem_priv = format!(
        "-----BEGIN PRIVATE KEY-----\n{}\n-----END PRIVATE KEY-----\n",
        b64(der)
    );
    let pem_pub = pem_priv.replace("PRIVATE", "PUBLIC");
    let r = [
        SigningKey::from_pkcs8_der(der).is_ok(),
        x25519::PrivateKey::from_pkcs8_der(der).is_ok(),
        VerifyingKey::from_public_key_der(der).is_ok(),
        x25519::PublicKey::from_public_key_der(der).is_ok(),
    ];
    assert_eq!(SigningKey::from_pkcs8_pem(&pem_priv).is_ok(), r[0]);
    assert_eq!(x25519::PrivateKey::from_pkcs8_pem(&pem_priv).is_ok(), r[1]);
    assert_eq!(VerifyingKey::from_public_key_pem(&pem_pub).is_ok(), r[2]);
    assert_eq!(
        x25519::PublicKey::from_public_key_pem(&pem_pub).is_ok(),
        r[3]
    );
    let _ = private_key_algorithm(der);
    let _ = public_key_algorithm(der);
    r
}

fn b64(b: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut s = String::new();
    for c in b.chunks(3) {
        let n = (u32::from(c[0]) << 16)
            | (u32::from(*c.get(1).unwrap_or(&0)) << 8)
            | u32::from(*c.get(2).unwrap_or(&0));
        for i in 0..4 {
            if i <= c.len() {
                s.push(A[(n >> (18 - 6 * i)) as usize & 63] as char);
            } else {
                s.push('=');
            }
        }
    }
    // PEM lines are at most 64 characters.
    let lines: Vec<&str> = s
        .as_bytes()
        .chunks(64)
        .map(|l| core::str::from_utf8(l).unwrap())
        .collect();
    lines.join("\n")
}

#[test]
fn malformed_private_keys() {
    let good = vector!("ed25519.der").to_vec();
    assert_eq!(load_all(&good), [true, false, false, false]);
    // Every truncation, and a byte too many.
    for n in 0..good.len() {
        assert_eq!(load_all(&good[..n]), [false; 4], "truncated to {n}");
    }
    let mut long = good.clone();
    long.push(0);
    assert_eq!(load_all(&long), [false; 4]);
    let seed = &good[16..];
    let build = |version: u8, alg: &[u8], inner: &[u8], extra: &[u8]| -> Vec<u8> {
        let mut body = vec![2, 1, version];
        body.extend_from_slice(alg);
        body.push(4);
        body.push(inner.len() as u8);
        body.extend_from_slice(inner);
        body.extend_from_slice(extra);
        let mut v = vec![0x30, body.len() as u8];
        v.extend(body);
        v
    };
    let ed_alg = [0x30, 5, 6, 3, 0x2b, 0x65, 0x70];
    let octets = |b: &[u8]| {
        let mut v = vec![4, b.len() as u8];
        v.extend_from_slice(b);
        v
    };
    assert_eq!(build(0, &ed_alg, &octets(seed), &[]), good);
    let cases: Vec<(&str, Vec<u8>)> = vec![
        (
            "version 2 without a public key",
            build(1, &ed_alg, &octets(seed), &[]),
        ),
        ("version 3", build(2, &ed_alg, &octets(seed), &[])),
        (
            "NULL parameters",
            build(
                0,
                &[0x30, 7, 6, 3, 0x2b, 0x65, 0x70, 5, 0],
                &octets(seed),
                &[],
            ),
        ),
        (
            "Ed448 OID",
            build(0, &[0x30, 5, 6, 3, 0x2b, 0x65, 0x71], &octets(seed), &[]),
        ),
        (
            "seed not wrapped in an OCTET STRING",
            build(0, &ed_alg, seed, &[]),
        ),
        ("31-byte seed", build(0, &ed_alg, &octets(&seed[..31]), &[])),
        (
            "33-byte seed",
            build(0, &ed_alg, &octets(&[seed, &[0]].concat()), &[]),
        ),
        (
            "64-byte seed || public",
            build(0, &ed_alg, &octets(&[seed, seed].concat()), &[]),
        ),
        ("inner BIT STRING", {
            let mut inner = octets(seed);
            inner[0] = 3;
            build(0, &ed_alg, &inner, &[])
        }),
        (
            "inner OCTET STRING with trailing data",
            build(0, &ed_alg, &[&octets(seed)[..], &[0]].concat(), &[]),
        ),
        ("v2 public key of 31 bytes", {
            let mut pk = vec![0x81, 32, 0];
            pk.extend_from_slice(&[9; 31]);
            build(1, &ed_alg, &octets(seed), &pk)
        }),
        ("v2 public key with unused bits", {
            let mut pk = vec![0x81, 33, 1];
            pk.extend_from_slice(&[9; 32]);
            build(1, &ed_alg, &octets(seed), &pk)
        }),
    ];
    for (name, der) in &cases {
        assert_eq!(load_all(der), [false; 4], "{name}");
        is_invalid_key(SigningKey::from_pkcs8_der(der), name);
    }
    // Version 2 with the right public key loads; with another, it does not.
    let key = SigningKey::from_pkcs8_der(&good).unwrap();
    let mut pk = vec![0x81, 33, 0];
    pk.extend_from_slice(key.verifying_key().as_bytes());
    let v2 = build(1, &ed_alg, &octets(seed), &pk);
    assert_eq!(&v2[..], &key.to_pkcs8_v2_der().unwrap()[..]);
    assert_eq!(load_all(&v2), [true, false, false, false]);
    let mut wrong = v2.clone();
    *wrong.last_mut().unwrap() ^= 1;
    let what = is_invalid_key(SigningKey::from_pkcs8_der(&wrong), "v2 mismatch");
    assert!(what.contains("does not match"), "{what}");
    // The same for X25519.
    let x = x25519::PrivateKey::from_pkcs8_der(vector!("x25519.der")).unwrap();
    let mut xv2 = x.to_pkcs8_v2_der().unwrap().to_vec();
    assert_eq!(load_all(&xv2), [false, true, false, false]);
    *xv2.last_mut().unwrap() ^= 1;
    let what = is_invalid_key(x25519::PrivateKey::from_pkcs8_der(&xv2), "x v2 mismatch");
    assert!(what.contains("does not match"), "{what}");
}

#[test]
fn malformed_public_keys() {
    let good = vector!("ed25519-pub.der").to_vec();
    assert_eq!(load_all(&good), [false, false, true, false]);
    for n in 0..good.len() {
        assert_eq!(load_all(&good[..n]), [false; 4], "truncated to {n}");
    }
    let mut long = good.clone();
    long.push(0);
    assert_eq!(load_all(&long), [false; 4]);
    let build = |alg: &[u8], bits: &[u8]| {
        let mut body = alg.to_vec();
        body.push(3);
        body.push(bits.len() as u8);
        body.extend_from_slice(bits);
        let mut v = vec![0x30, body.len() as u8];
        v.extend(body);
        v
    };
    let ed_alg = [0x30, 5, 6, 3, 0x2b, 0x65, 0x70];
    let x_alg = [0x30, 5, 6, 3, 0x2b, 0x65, 0x6e];
    let key = &good[12..];
    assert_eq!(build(&ed_alg, &[&[0][..], key].concat()), good);
    // y = p (not canonical), and y = 2 (not on the curve).
    let mut y_p = [0xffu8; 32];
    y_p[0] = 0xed;
    y_p[31] = 0x7f;
    let mut y_2 = [0u8; 32];
    y_2[0] = 2;
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("31 bytes", build(&ed_alg, &[&[0][..], &key[..31]].concat())),
        ("33 bytes", build(&ed_alg, &[&[0][..], key, &[0]].concat())),
        ("unused bits", build(&ed_alg, &[&[1][..], key].concat())),
        (
            "NULL parameters",
            build(
                &[0x30, 7, 6, 3, 0x2b, 0x65, 0x70, 5, 0],
                &[&[0][..], key].concat(),
            ),
        ),
        (
            "Ed448 OID",
            build(
                &[0x30, 5, 6, 3, 0x2b, 0x65, 0x71],
                &[&[0][..], key].concat(),
            ),
        ),
        (
            "non-canonical y",
            build(&ed_alg, &[&[0][..], &y_p].concat()),
        ),
        (
            "not on the curve",
            build(&ed_alg, &[&[0][..], &y_2].concat()),
        ),
    ];
    for (name, der) in &cases {
        assert_eq!(load_all(der), [false; 4], "{name}");
        is_invalid_key(VerifyingKey::from_public_key_der(der), name);
    }
    // Under the X25519 identifier the same 32 bytes are an X25519 key (any
    // 32 bytes are), and not an Ed25519 one.
    let as_x = build(&x_alg, &[&[0][..], key].concat());
    assert_eq!(load_all(&as_x), [false, false, false, true]);
    let what = is_invalid_key(VerifyingKey::from_public_key_der(&as_x), "x for ed");
    assert!(what.contains("X25519"), "{what}");
    let what = is_invalid_key(x25519::PublicKey::from_public_key_der(&good), "ed for x");
    assert!(what.contains("Ed25519"), "{what}");
}

#[test]
fn keys_of_other_algorithms() {
    let rsa = include_str!("vectors/rsa/doc-2048.pem");
    let ed448 = vector_str!("ed448.pem");
    let p256 = vector_str!("p256.pem");
    let x448_pub = vector_str!("x448-pub.pem");
    for (name, pem, want) in [
        ("RSA", rsa, "RSA"),
        ("Ed448", ed448, "Ed448"),
        ("P-256", p256, "not an"),
        ("X25519", X_PEM, "X25519"),
    ] {
        let what = is_invalid_key(SigningKey::from_pkcs8_pem(pem), name);
        assert!(what.contains(want), "{name}: {what}");
    }
    for (name, pem, want) in [
        ("RSA", rsa, "RSA"),
        ("Ed25519", ED_PEM, "Ed25519"),
        ("P-256", p256, "not an"),
    ] {
        let what = is_invalid_key(x25519::PrivateKey::from_pkcs8_pem(pem), name);
        assert!(what.contains(want), "{name}: {what}");
    }
    let what = is_invalid_key(VerifyingKey::from_public_key_pem(x448_pub), "X448");
    assert!(what.contains("not an Ed25519"), "{what}");
    let what = is_invalid_key(x25519::PublicKey::from_public_key_pem(x448_pub), "X448");
    assert!(what.contains("X448"), "{what}");
    let what = is_invalid_key(VerifyingKey::from_public_key_pem(X_PUB_PEM), "x pub");
    assert!(what.contains("X25519"), "{what}");
    // A private key where a public key is wanted, and the reverse: the
    // PEM label says so.
    is_invalid_key(
        VerifyingKey::from_public_key_pem(ED_PEM),
        "private as public",
    );
    is_invalid_key(SigningKey::from_pkcs8_pem(ED_PUB_PEM), "public as private");
    is_invalid_key(SigningKey::from_pkcs8_pem("not PEM at all"), "not PEM");
    is_invalid_key(
        SigningKey::from_pkcs8_pem(
            "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n",
        ),
        "garbage",
    );
    // What the CLI uses to pick a loader.
    let rsa_der_pub = peregrine::rsa::RsaPrivateKey::from_pem(rsa)
        .unwrap()
        .public_key()
        .to_spki_der()
        .unwrap();
    for (data, want) in [
        (ED_PEM.as_bytes(), Algorithm::Ed25519),
        (vector!("ed25519.der"), Algorithm::Ed25519),
        (X_PEM.as_bytes(), Algorithm::X25519),
        (vector!("x25519.der"), Algorithm::X25519),
        (rsa.as_bytes(), Algorithm::Rsa),
        (ed448.as_bytes(), Algorithm::Unsupported("Ed448")),
    ] {
        assert_eq!(private_key_algorithm(data).unwrap(), want);
    }
    for (data, want) in [
        (ED_PUB_PEM.as_bytes(), Algorithm::Ed25519),
        (vector!("ed25519-pub.der"), Algorithm::Ed25519),
        (X_PUB_PEM.as_bytes(), Algorithm::X25519),
        (vector!("x25519-pub.der"), Algorithm::X25519),
        (&rsa_der_pub[..], Algorithm::Rsa),
        (x448_pub.as_bytes(), Algorithm::Unsupported("X448")),
    ] {
        assert_eq!(public_key_algorithm(data).unwrap(), want);
    }
    is_invalid_key(private_key_algorithm(ED_PUB_PEM.as_bytes()), "pub as priv");
    is_invalid_key(public_key_algorithm(ED_PEM.as_bytes()), "priv as pub");
    is_invalid_key(private_key_algorithm(b"\x30\x03\x02\x01"), "junk");
}

#[test]
fn pkcs1_and_encrypted_pem_labels_are_named() {
    let rsa =
        peregrine::rsa::RsaPrivateKey::from_pem(include_str!("vectors/rsa/doc-2048.pem")).unwrap();
    let pkcs1 = rsa.to_pkcs1_pem().unwrap();
    let what = is_invalid_key(SigningKey::from_pkcs8_pem(&pkcs1), "PKCS#1 for Ed25519");
    assert!(
        what.contains("RSA (PKCS#1)") && what.contains("Ed25519"),
        "{what}"
    );
    let what = is_invalid_key(
        x25519::PrivateKey::from_pkcs8_pem(&pkcs1),
        "PKCS#1 for X25519",
    );
    assert!(
        what.contains("RSA (PKCS#1)") && what.contains("X25519"),
        "{what}"
    );
    let pkcs1_pub = rsa.public_key().to_pkcs1_pem().unwrap();
    let what = is_invalid_key(VerifyingKey::from_public_key_pem(&pkcs1_pub), "PKCS#1 pub");
    assert!(what.contains("RSA (PKCS#1)"), "{what}");
    assert_eq!(
        private_key_algorithm(pkcs1.as_bytes()).unwrap(),
        Algorithm::Rsa
    );
    let enc = ED_PEM.replace("PRIVATE KEY", "ENCRYPTED PRIVATE KEY");
    let what = is_invalid_key(SigningKey::from_pkcs8_pem(&enc), "encrypted");
    assert!(what.contains("encrypted"), "{what}");
    is_invalid_key(private_key_algorithm(enc.as_bytes()), "encrypted");
}

/// Every byte of every good encoding changed (eight ways each), and
/// random bytes: each loader answers without panicking, and what loads
/// writes back to the bytes it came from (DER is canonical; a v2 key's
/// public key is checked against its secret).
#[test]
fn mutations_never_panic() {
    let ed = SigningKey::from_pkcs8_der(vector!("ed25519.der")).unwrap();
    let x = x25519::PrivateKey::from_pkcs8_der(vector!("x25519.der")).unwrap();
    let goods: Vec<Vec<u8>> = vec![
        vector!("ed25519.der").to_vec(),
        vector!("x25519.der").to_vec(),
        vector!("ed25519-pub.der").to_vec(),
        vector!("x25519-pub.der").to_vec(),
        ed.to_pkcs8_v2_der().unwrap().to_vec(),
        x.to_pkcs8_v2_der().unwrap().to_vec(),
    ];
    let mut loaded = 0;
    for good in &goods {
        for i in 0..good.len() {
            for flip in [0x01u8, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80] {
                let mut m = good.clone();
                m[i] ^= flip;
                // What loads is the seed of a v1 key changed, or an X25519
                // v2 key's secret changed in a bit that clamping clears
                // (the same public key): it writes back as it was read.
                let v2 = m.len() > 4 && m[4] == 1;
                if let Ok(k) = SigningKey::from_pkcs8_der(&m) {
                    loaded += 1;
                    assert!(!v2, "byte {i}: a changed v2 Ed25519 key loaded");
                    assert_eq!(&k.to_pkcs8_der().unwrap()[..], &m[..], "byte {i}");
                }
                if let Ok(k) = x25519::PrivateKey::from_pkcs8_der(&m) {
                    loaded += 1;
                    let again = if v2 {
                        k.to_pkcs8_v2_der()
                    } else {
                        k.to_pkcs8_der()
                    };
                    assert_eq!(&again.unwrap()[..], &m[..], "byte {i}");
                }
                if let Ok(k) = VerifyingKey::from_public_key_der(&m) {
                    loaded += 1;
                    assert_eq!(k.to_public_key_der().unwrap(), m, "byte {i}");
                }
                if let Ok(k) = x25519::PublicKey::from_public_key_der(&m) {
                    loaded += 1;
                    assert_eq!(k.to_public_key_der().unwrap(), m, "byte {i}");
                }
                let _ = private_key_algorithm(&m);
                let _ = public_key_algorithm(&m);
            }
        }
    }
    assert!(loaded > 0);
    let mut rng = Rng(25519);
    for _ in 0..2000 {
        let n = rng.below(100);
        let mut m = rng.bytes(n);
        if n > 2 && rng.below(2) == 0 {
            // A plausible start: SEQUENCE of the right length.
            m[0] = 0x30;
            m[1] = (n - 2) as u8;
        }
        let _ = load_all(&m);
    }
}
