//! graviola: its hashes, HMAC, AEADs, RSA signatures, X25519, Ed25519,
//! ECDSA and ECDH on P-256 and P-384,
//! only where
//! `graviola::util::is_cpu_supported()` says the CPU has what its code
//! assumes (x86_64 with AES-NI, PCLMULQDQ, BMI1, ADX, AVX2; aarch64 with
//! its crypto extensions).

use super::common::{
    AEAD_NONCE, CIPHER_KEY, ED25519_BENCH_MESSAGE, ED25519_BENCH_SEED, EcFn, HMAC_KEY, RSA_DIGEST,
    RSA_ROWS, Sealer, X25519_BENCH_PEER, X25519_BENCH_PRIVATE, aad, put, sealer, verdict,
};
use super::{BenchFn, BenchOptions, Peer};
use graviola::hashing::{Hash, hmac::Hmac};

fn supported() -> bool {
    graviola::util::is_cpu_supported()
}

pub(super) fn all() -> Vec<Peer> {
    if !supported() {
        return Vec::new();
    }
    let mut v = oneshots();
    v.extend(aeads());
    v.extend(rsa());
    v.extend(ecs());
    v
}

pub(super) fn notes() -> Vec<String> {
    if !supported() {
        return vec!["graviola: not run, is_cpu_supported() = false".into()];
    }
    let mut v: Vec<String> = vec![
        "graviola rsa: sign and verify hash the 32-byte message with SHA-256 first; \
         no OAEP (encrypt, decrypt n/a)"
            .into(),
        "graviola shake: its one-shot Shake128/256::new(&[msg]) then read".into(),
        "graviola ed25519-keygen: Ed25519SigningKey::from_bytes(seed) per call".into(),
        "graviola ecdsap256/384: sign and verify hash the 20-byte bench digest as their \
         message (graviola has no prehashed API): one extra SHA-256/384 block per call"
            .into(),
    ];
    v.extend(super::common::refused_keys("graviola", |_, der| {
        graviola::signing::rsa::SigningKey::from_pkcs8_der(der).is_ok()
    }));
    v
}

super::common::oneshot_peers! {
    "sha256", "graviola", () => |s, d| graviola::hashing::Sha256::hash(d);
    "sha384", "graviola", () => |s, d| graviola::hashing::Sha384::hash(d);
    "sha512", "graviola", () => |s, d| graviola::hashing::Sha512::hash(d);
    "sha3-256", "graviola", () => |s, d| {
        let mut h = graviola::hashing::sha3::Sha3_256Context::new();
        h.update(d);
        h.finish()
    };
    "sha3-512", "graviola", () => |s, d| {
        let mut h = graviola::hashing::sha3::Sha3_512Context::new();
        h.update(d);
        h.finish()
    };
    "shake128", "graviola", [0u8; 16] => |out, d| {
        graviola::hashing::sha3::Shake128::new(&[d]).read(&mut out);
        out
    };
    "shake256", "graviola", [0u8; 32] => |out, d| {
        graviola::hashing::sha3::Shake256::new(&[d]).read(&mut out);
        out
    };
    "hmac", "graviola", Hmac::<graviola::hashing::Sha256>::new(HMAC_KEY) => |k, d| {
        let mut m = k.clone();
        m.update(d);
        m.finish()
    };
}

fn gcm<const K: usize>(o: &BenchOptions) -> Option<Sealer> {
    use graviola::aead::AesGcm;
    let (key, key2) = (AesGcm::new(&CIPHER_KEY[..K]), AesGcm::new(&CIPHER_KEY[..K]));
    let a = aad(o);
    Some(sealer(
        move |d| {
            let mut tag = [0; 16];
            key.encrypt(&AEAD_NONCE, a, d, &mut tag);
            tag
        },
        move |d, tag| key2.decrypt(&AEAD_NONCE, a, d, tag).is_ok(),
    ))
}

fn chacha(o: &BenchOptions) -> Option<Sealer> {
    use graviola::aead::ChaCha20Poly1305;
    let k: [u8; 32] = CIPHER_KEY[..32].try_into().ok()?;
    let (key, key2) = (ChaCha20Poly1305::new(k), ChaCha20Poly1305::new(k));
    let a = aad(o);
    Some(sealer(
        move |d| {
            let mut tag = [0; 16];
            key.encrypt(&AEAD_NONCE, a, d, &mut tag);
            tag
        },
        move |d, tag| key2.decrypt(&AEAD_NONCE, a, d, tag).is_ok(),
    ))
}

fn xchacha(o: &BenchOptions) -> Option<Sealer> {
    use graviola::aead::XChaCha20Poly1305;
    let k: [u8; 32] = CIPHER_KEY[..32].try_into().ok()?;
    let (key, key2) = (XChaCha20Poly1305::new(k), XChaCha20Poly1305::new(k));
    let a = aad(o);
    let n = super::common::XNONCE;
    Some(sealer(
        move |d| {
            let mut tag = [0; 16];
            key.encrypt(&n, a, d, &mut tag);
            tag
        },
        move |d, tag| key2.decrypt(&n, a, d, tag).is_ok(),
    ))
}

super::common::aead_peers! {
    "aes-128-gcm", "graviola", gcm::<16>;
    "aes-256-gcm", "graviola", gcm::<32>;
    "chacha20-poly1305", "graviola", chacha;
    "xchacha20-poly1305", "graviola", xchacha;
}

/// PKCS#1 v1.5 SHA-256 sign and verify on the bench key.
fn rsa_bench<const BITS: usize>(o: &BenchOptions) -> Option<BenchFn> {
    use graviola::signing::rsa::SigningKey;
    let key = SigningKey::from_pkcs8_der(peregrine::registry::rsa_bench_key(BITS)?).ok()?;
    let mut sig = vec![0u8; key.modulus_len_bytes()];
    key.sign_pkcs1_sha256(&mut sig, &RSA_DIGEST).ok()?;
    match o.op {
        0 => Some(Box::new(move |_: &mut [u8]| {
            key.sign_pkcs1_sha256(&mut sig, &RSA_DIGEST)
                .map_or(0, |s| s[0])
        })),
        1 => {
            let public = key.public_key();
            public.verify_pkcs1_sha256(&sig, &RSA_DIGEST).ok()?;
            Some(Box::new(move |_: &mut [u8]| {
                u8::from(public.verify_pkcs1_sha256(&sig, &RSA_DIGEST).is_ok())
            }))
        }
        _ => None,
    }
}

fn rsa() -> Vec<Peer> {
    let v = vec![
        Peer {
            alg: "rsa1024",
            label: "graviola",
            bench: rsa_bench::<1024>,
        },
        Peer {
            alg: "rsa2048",
            label: "graviola",
            bench: rsa_bench::<2048>,
        },
        Peer {
            alg: "rsa3072",
            label: "graviola",
            bench: rsa_bench::<3072>,
        },
        Peer {
            alg: "rsa4096",
            label: "graviola",
            bench: rsa_bench::<4096>,
        },
        Peer {
            alg: "rsa7680",
            label: "graviola",
            bench: rsa_bench::<7680>,
        },
        Peer {
            alg: "rsa15360",
            label: "graviola",
            bench: rsa_bench::<15360>,
        },
    ];
    debug_assert_eq!(v.len(), RSA_ROWS.len());
    v
}

fn ecdh(op: usize) -> Option<EcFn> {
    use graviola::key_agreement::x25519::{PublicKey, StaticPrivateKey};
    if op != 0 {
        return None;
    }
    let key = StaticPrivateKey::from_array(&X25519_BENCH_PRIVATE);
    let peer = PublicKey::from_array(&X25519_BENCH_PEER);
    Some(Box::new(move |out| {
        key.diffie_hellman(&peer).map_or(0, |s| put(out, &s.0))
    }))
}

fn x25519_keygen(op: usize) -> Option<EcFn> {
    use graviola::key_agreement::x25519::StaticPrivateKey;
    if op != 0 {
        return None;
    }
    let key = StaticPrivateKey::from_array(&X25519_BENCH_PRIVATE);
    Some(Box::new(move |out| put(out, &key.public_key().as_bytes())))
}

fn ed25519(op: usize) -> Option<EcFn> {
    use graviola::signing::eddsa::{Ed25519SigningKey, Ed25519VerifyingKey};
    let key = Ed25519SigningKey::from_bytes(&ED25519_BENCH_SEED).ok()?;
    let msg = ED25519_BENCH_MESSAGE;
    match op {
        0 => Some(Box::new(move |out| put(out, &key.sign(&msg)))),
        1 => {
            let sig = key.sign(&msg);
            let public = Ed25519VerifyingKey::from_bytes(&key.public_key().as_bytes()).ok()?;
            Some(Box::new(move |out| {
                verdict(out, public.verify(&sig, &msg).is_ok())
            }))
        }
        _ => None,
    }
}

fn ed25519_keygen(op: usize) -> Option<EcFn> {
    use graviola::signing::eddsa::Ed25519SigningKey;
    (op == 0).then(|| -> EcFn {
        Box::new(|out| {
            Ed25519SigningKey::from_bytes(&ED25519_BENCH_SEED)
                .map_or(0, |k| put(out, &k.public_key().as_bytes()))
        })
    })
}

/// ECDSA on the bench key `$i` (SEC1 DER from Peregrine's encoder).
macro_rules! graviola_ecdsa {
    ($curve:ident, $hash:ident, $i:expr, $name:ident) => {
        fn $name(op: usize) -> Option<EcFn> {
            use graviola::signing::ecdsa::{SigningKey, VerifyingKey, $curve};
            let (d, q) = super::common::nist_key($i);
            use peregrine::ec::nist::keys::AnyPrivateKey;
            use peregrine::ec::nist::{p256, p384};
            let ours = match $i {
                0 => AnyPrivateKey::P256(p256::PrivateKey::from_bytes(&d).ok()?),
                _ => AnyPrivateKey::P384(p384::PrivateKey::from_bytes(&d).ok()?),
            };
            let der = ours.to_sec1_der().ok()?;
            let key = SigningKey::<$curve>::from_sec1_der(&der).ok()?;
            let msg = super::common::ECDSA_BENCH_DIGEST;
            match op {
                0 => Some(Box::new(move |out| {
                    let mut sig = [0u8; 128];
                    key.sign_asn1::<graviola::hashing::$hash>(&[&msg], &mut sig)
                        .map_or(0, |s| put(out, s))
                })),
                1 => {
                    let mut buf = [0u8; 128];
                    let sig = key
                        .sign_asn1::<graviola::hashing::$hash>(&[&msg], &mut buf)
                        .ok()?
                        .to_vec();
                    let public = VerifyingKey::<$curve>::from_x962_uncompressed(&q).ok()?;
                    Some(Box::new(move |out| {
                        verdict(
                            out,
                            public
                                .verify_asn1::<graviola::hashing::$hash>(&[&msg], &sig)
                                .is_ok(),
                        )
                    }))
                }
                _ => None,
            }
        }
    };
}

graviola_ecdsa!(P256, Sha256, 0, ecdsa_p256);
graviola_ecdsa!(P384, Sha384, 1, ecdsa_p384);

/// ECDH with a static private key and the bench public point.
macro_rules! graviola_ecdh {
    ($module:ident, $i:expr, $name:ident) => {
        fn $name(op: usize) -> Option<EcFn> {
            use graviola::key_agreement::$module::{PublicKey, StaticPrivateKey};
            if op != 0 {
                return None;
            }
            let (d, q) = super::common::nist_key($i);
            let key = StaticPrivateKey::from_bytes(&d).ok()?;
            let peer = PublicKey::from_x962_uncompressed(&q).ok()?;
            Some(Box::new(move |out| {
                key.diffie_hellman(&peer).map_or(0, |s| put(out, &s.0))
            }))
        }
    };
}

graviola_ecdh!(p256, 0, ecdh_p256);
graviola_ecdh!(p384, 1, ecdh_p384);

super::common::ec_peers! {
    "ecdsap256", "graviola", ecdsa_p256;
    "ecdsap384", "graviola", ecdsa_p384;
    "ecdhp256", "graviola", ecdh_p256;
    "ecdhp384", "graviola", ecdh_p384;
    "ecdhx25519", "graviola", ecdh;
    "x25519-keygen", "graviola", x25519_keygen;
    "ed25519", "graviola", ed25519;
    "ed25519-keygen", "graviola", ed25519_keygen;
}
