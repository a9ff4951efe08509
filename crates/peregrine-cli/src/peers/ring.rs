//! ring and aws-lc-rs: one API for digests, HMAC, AEADs, RSA signatures,
//! X25519 agreement and Ed25519 (aws-lc-rs adds SHA-224, SHA3,
//! HMAC-SHA-224, OAEP, and X25519 with a fixed private key).

use super::common::{
    AEAD_NONCE, CIPHER_KEY, ED25519_BENCH_MESSAGE, ED25519_BENCH_SEED, EcFn, HMAC_KEY, RSA_DIGEST,
    RSA_ROWS, Sealer, X25519_BENCH_PEER, X25519_BENCH_PRIVATE, aad, put, sealer, verdict,
};
use super::{BenchFn, BenchOptions, Peer};

pub(super) fn all() -> Vec<Peer> {
    let mut v = oneshots();
    v.extend(aeads());
    v.extend(rsa());
    v.extend(ecs());
    v
}

pub(super) fn notes() -> Vec<String> {
    let mut v: Vec<String> = vec![
        "ring, aws-lc-rs rsa: sign and verify hash the 32-byte message with SHA-256 first \
         (Peregrine signs the 32-byte digest itself)"
            .into(),
        "ring rsa: no OAEP (encrypt, decrypt n/a)".into(),
        "aws-lc-rs rsa oaep: its API makes an EVP_PKEY_CTX per operation".into(),
        "ring ecdhx25519, x25519-keygen: ring takes no fixed X25519 private key, so each call \
         makes an EphemeralPrivateKey (32 bytes from the OS RNG) and agrees (or computes its \
         public key) with it: the RNG call is in the timing, and the tests check ring by the \
         Diffie-Hellman relation, not by bytes"
            .into(),
        "aws-lc-rs ecdhx25519: agree() makes an EVP_PKEY_CTX per call (its API); the peer \
         key is parsed once and cloned (a reference count and 32 bytes) per call"
            .into(),
        "aws-lc-rs x25519-keygen: PrivateKey::from_private_key per call (it computes the public \
         key; compute_public_key only copies it)"
            .into(),
        "ring ed25519 verify: UnparsedPublicKey decodes the public key on every verify (its \
         API); aws-lc-rs verifies with a ParsedPublicKey"
            .into(),
        "ring, aws-lc-rs ed25519-keygen: Ed25519KeyPair::from_seed_unchecked per call".into(),
        "ring, aws-lc-rs ecdsap*: sign hashes the 20-byte message first (their API takes a \
         message; Peregrine and OpenSSL sign it as a digest); both draw a random nonce"
            .into(),
        "ring ecdhp256, ecdhp384: a fresh ephemeral key per call (ring has no other)".into(),
    ];
    v.extend(super::common::refused_keys("ring", |_, der| {
        ring::signature::RsaKeyPair::from_pkcs8(der).is_ok()
    }));
    v.extend(super::common::refused_keys("aws-lc-rs", |_, der| {
        aws_lc_rs::signature::RsaKeyPair::from_pkcs8(der).is_ok()
    }));
    v
}

super::common::oneshot_peers! {
    "sha1", "ring", () => |s, d| ring::digest::digest(&ring::digest::SHA1_FOR_LEGACY_USE_ONLY, d);
    "sha256", "ring", () => |s, d| ring::digest::digest(&ring::digest::SHA256, d);
    "sha384", "ring", () => |s, d| ring::digest::digest(&ring::digest::SHA384, d);
    "sha512", "ring", () => |s, d| ring::digest::digest(&ring::digest::SHA512, d);
    "sha512-256", "ring", () => |s, d| ring::digest::digest(&ring::digest::SHA512_256, d);
    "hmac-sha1", "ring",
        ring::hmac::Key::new(ring::hmac::HMAC_SHA1_FOR_LEGACY_USE_ONLY, HMAC_KEY)
        => |k, d| ring::hmac::sign(&k, d);
    "hmac", "ring", ring::hmac::Key::new(ring::hmac::HMAC_SHA256, HMAC_KEY)
        => |k, d| ring::hmac::sign(&k, d);
    "sha1", "aws-lc-rs", () =>
        |s, d| aws_lc_rs::digest::digest(&aws_lc_rs::digest::SHA1_FOR_LEGACY_USE_ONLY, d);
    "sha224", "aws-lc-rs", () => |s, d| aws_lc_rs::digest::digest(&aws_lc_rs::digest::SHA224, d);
    "sha256", "aws-lc-rs", () => |s, d| aws_lc_rs::digest::digest(&aws_lc_rs::digest::SHA256, d);
    "sha384", "aws-lc-rs", () => |s, d| aws_lc_rs::digest::digest(&aws_lc_rs::digest::SHA384, d);
    "sha512", "aws-lc-rs", () => |s, d| aws_lc_rs::digest::digest(&aws_lc_rs::digest::SHA512, d);
    "sha512-256", "aws-lc-rs", () =>
        |s, d| aws_lc_rs::digest::digest(&aws_lc_rs::digest::SHA512_256, d);
    "sha3-256", "aws-lc-rs", () =>
        |s, d| aws_lc_rs::digest::digest(&aws_lc_rs::digest::SHA3_256, d);
    "sha3-384", "aws-lc-rs", () =>
        |s, d| aws_lc_rs::digest::digest(&aws_lc_rs::digest::SHA3_384, d);
    "sha3-512", "aws-lc-rs", () =>
        |s, d| aws_lc_rs::digest::digest(&aws_lc_rs::digest::SHA3_512, d);
    "hmac-sha1", "aws-lc-rs",
        aws_lc_rs::hmac::Key::new(aws_lc_rs::hmac::HMAC_SHA1_FOR_LEGACY_USE_ONLY, HMAC_KEY)
        => |k, d| aws_lc_rs::hmac::sign(&k, d);
    "hmac-sha224", "aws-lc-rs", aws_lc_rs::hmac::Key::new(aws_lc_rs::hmac::HMAC_SHA224, HMAC_KEY)
        => |k, d| aws_lc_rs::hmac::sign(&k, d);
    "hmac", "aws-lc-rs", aws_lc_rs::hmac::Key::new(aws_lc_rs::hmac::HMAC_SHA256, HMAC_KEY)
        => |k, d| aws_lc_rs::hmac::sign(&k, d);
}

/// ring and aws-lc-rs share one AEAD API (`LessSafeKey`) except for the
/// detached-tag open, passed as `$open(key, nonce, aad, buf, tag)`.
macro_rules! ring_like_aead {
    ($krate:ident, $alg:ident, $klen:literal, $open:expr) => {
        |o: &BenchOptions| -> Option<Sealer> {
            use $krate::aead::{Aad, LessSafeKey, Nonce, UnboundKey};
            let mk = || {
                let k = UnboundKey::new(&$krate::aead::$alg, &CIPHER_KEY[..$klen]).ok()?;
                Some(LessSafeKey::new(k))
            };
            let (key, key2) = (mk()?, mk()?);
            let a = aad(o);
            Some(sealer(
                move |d| {
                    let n = Nonce::assume_unique_for_key(AEAD_NONCE);
                    let t = key.seal_in_place_separate_tag(n, Aad::from(a), d);
                    t.map_or([0; 16], |t| t.as_ref().try_into().unwrap_or([0; 16]))
                },
                move |d, tag| {
                    let n = Nonce::assume_unique_for_key(AEAD_NONCE);
                    $open(&key2, n, Aad::from(a), d, tag)
                },
            ))
        }
    };
}

fn ring_open(
    k: &ring::aead::LessSafeKey,
    n: ring::aead::Nonce,
    a: ring::aead::Aad<&[u8]>,
    d: &mut [u8],
    tag: &[u8; 16],
) -> bool {
    let t = ring::aead::Tag::from(*tag);
    k.open_in_place_separate_tag(n, a, t, d, 0..).is_ok()
}

fn aws_open(
    k: &aws_lc_rs::aead::LessSafeKey,
    n: aws_lc_rs::aead::Nonce,
    a: aws_lc_rs::aead::Aad<&[u8]>,
    d: &mut [u8],
    tag: &[u8; 16],
) -> bool {
    k.open_in_place_separate_tag(n, a, tag, d).is_ok()
}

super::common::aead_peers! {
    "aes-128-gcm", "ring", ring_like_aead!(ring, AES_128_GCM, 16, ring_open);
    "aes-256-gcm", "ring", ring_like_aead!(ring, AES_256_GCM, 32, ring_open);
    "chacha20-poly1305", "ring", ring_like_aead!(ring, CHACHA20_POLY1305, 32, ring_open);
    "aes-128-gcm", "aws-lc-rs", ring_like_aead!(aws_lc_rs, AES_128_GCM, 16, aws_open);
    "aes-192-gcm", "aws-lc-rs", ring_like_aead!(aws_lc_rs, AES_192_GCM, 24, aws_open);
    "aes-256-gcm", "aws-lc-rs", ring_like_aead!(aws_lc_rs, AES_256_GCM, 32, aws_open);
    "chacha20-poly1305", "aws-lc-rs",
        ring_like_aead!(aws_lc_rs, CHACHA20_POLY1305, 32, aws_open);
}

/// RSA sign (PKCS#1 v1.5, SHA-256 over the 32-byte message) and verify
/// on Peregrine's bench key, `$oaep` the encrypt and decrypt operations
/// (`None` where the crate has none).
macro_rules! ring_like_rsa {
    ($krate:ident, $oaep:expr) => {
        |bits: usize, o: &BenchOptions| -> Option<BenchFn> {
            use $krate::signature::{self, KeyPair, RsaKeyPair};
            let der = peregrine::registry::rsa_bench_key(bits)?;
            let key = RsaKeyPair::from_pkcs8(der).ok()?;
            let rng = $krate::rand::SystemRandom::new();
            let mut sig = vec![0u8; bits / 8];
            // One signature now: a size the signer refuses is n/a, not a
            // fast failure, and verify needs it.
            key.sign(&signature::RSA_PKCS1_SHA256, &rng, &RSA_DIGEST, &mut sig)
                .ok()?;
            match o.op {
                0 => Some(Box::new(move |_: &mut [u8]| {
                    key.sign(&signature::RSA_PKCS1_SHA256, &rng, &RSA_DIGEST, &mut sig)
                        .map_or(0, |()| sig[0])
                })),
                1 => {
                    let public = signature::UnparsedPublicKey::new(
                        &signature::RSA_PKCS1_2048_8192_SHA256,
                        key.public_key().as_ref().to_vec(),
                    );
                    // A size the verifier refuses is n/a, not a fast failure.
                    public.verify(&RSA_DIGEST, &sig).ok()?;
                    Some(Box::new(move |_: &mut [u8]| {
                        u8::from(public.verify(&RSA_DIGEST, &sig).is_ok())
                    }))
                }
                op => $oaep(der, op),
            }
        }
    };
}

/// aws-lc-rs OAEP-SHA-256 (MGF1-SHA-256, no label) of the 32 bytes.
fn aws_oaep(der: &[u8], op: usize) -> Option<BenchFn> {
    use aws_lc_rs::rsa::{
        OAEP_SHA256_MGF1SHA256, OaepPrivateDecryptingKey, OaepPublicEncryptingKey,
        PrivateDecryptingKey,
    };
    let private = PrivateDecryptingKey::from_pkcs8(der).ok()?;
    let public = OaepPublicEncryptingKey::new(private.public_key()).ok()?;
    let mut ct = vec![0u8; public.ciphertext_size()];
    match op {
        2 => Some(Box::new(move |_: &mut [u8]| {
            public
                .encrypt(&OAEP_SHA256_MGF1SHA256, &RSA_DIGEST, &mut ct, None)
                .map_or(0, |c| c[0])
        })),
        3 => {
            let n = public
                .encrypt(&OAEP_SHA256_MGF1SHA256, &RSA_DIGEST, &mut ct, None)
                .ok()?
                .len();
            ct.truncate(n);
            let private = OaepPrivateDecryptingKey::new(private).ok()?;
            let mut pt = vec![0u8; private.min_output_size()];
            Some(Box::new(move |_: &mut [u8]| {
                private
                    .decrypt(&OAEP_SHA256_MGF1SHA256, &ct, &mut pt, None)
                    .map_or(0, |m| super::common::first(m))
            }))
        }
        _ => None,
    }
}

fn no_oaep(_: &[u8], _: usize) -> Option<BenchFn> {
    None
}

fn rsa() -> Vec<Peer> {
    let mut v = Vec::new();
    macro_rules! rows {
        ($($name:literal $bits:literal),*) => {$(
            v.push(Peer {
                alg: $name,
                label: "ring",
                bench: |o| ring_like_rsa!(ring, no_oaep)($bits, o),
            });
            v.push(Peer {
                alg: $name,
                label: "aws-lc-rs",
                bench: |o| ring_like_rsa!(aws_lc_rs, aws_oaep)($bits, o),
            });
        )*};
    }
    rows!("rsa1024" 1024, "rsa2048" 2048, "rsa3072" 3072, "rsa4096" 4096, "rsa7680" 7680,
        "rsa15360" 15360);
    debug_assert_eq!(v.len(), 2 * RSA_ROWS.len());
    v
}

/// ring X25519: an agreement with a fresh ephemeral key per call (ring has
/// no other); `public` also writes that key's public key after the secret
/// (for the tests, which check the Diffie-Hellman relation).
pub(super) fn ring_x25519_agree(out: &mut [u8; 64], public: bool) -> usize {
    use ring::agreement::{EphemeralPrivateKey, UnparsedPublicKey, X25519, agree_ephemeral};
    let rng = ring::rand::SystemRandom::new();
    let Ok(key) = EphemeralPrivateKey::generate(&X25519, &rng) else {
        return 0;
    };
    if public {
        let Ok(p) = key.compute_public_key() else {
            return 0;
        };
        out[32..].copy_from_slice(p.as_ref());
    }
    let peer = UnparsedPublicKey::new(&X25519, X25519_BENCH_PEER);
    agree_ephemeral(key, &peer, |s| put(out, s)).unwrap_or(0)
}

fn ring_ecdh(op: usize) -> Option<EcFn> {
    (op == 0).then(|| -> EcFn { Box::new(|out| ring_x25519_agree(out, false)) })
}

fn ring_x25519_keygen(op: usize) -> Option<EcFn> {
    use ring::agreement::{EphemeralPrivateKey, X25519};
    let rng = ring::rand::SystemRandom::new();
    (op == 0).then(|| -> EcFn {
        Box::new(move |out| {
            EphemeralPrivateKey::generate(&X25519, &rng)
                .and_then(|k| k.compute_public_key())
                .map_or(0, |p| put(out, p.as_ref()))
        })
    })
}

/// ring and aws-lc-rs share `Ed25519KeyPair` (sign, keygen from the seed);
/// `$verify(public key bytes)` makes the verifier of each.
macro_rules! ring_like_ed25519 {
    ($krate:ident, $verify:expr) => {
        |op: usize| -> Option<EcFn> {
            use $krate::signature::{Ed25519KeyPair, KeyPair};
            let key = Ed25519KeyPair::from_seed_unchecked(&ED25519_BENCH_SEED).ok()?;
            let msg = ED25519_BENCH_MESSAGE;
            match op {
                0 => Some(Box::new(move |out| put(out, key.sign(&msg).as_ref()))),
                1 => {
                    let sig = key.sign(&msg);
                    let sig: [u8; 64] = sig.as_ref().try_into().ok()?;
                    let mut verify = $verify(key.public_key().as_ref())?;
                    Some(Box::new(move |out| verdict(out, verify(&msg, &sig))))
                }
                _ => None,
            }
        }
    };
}

macro_rules! ring_like_ed25519_keygen {
    ($krate:ident) => {
        |op: usize| -> Option<EcFn> {
            use $krate::signature::{Ed25519KeyPair, KeyPair};
            (op == 0).then(|| -> EcFn {
                Box::new(|out| {
                    Ed25519KeyPair::from_seed_unchecked(&ED25519_BENCH_SEED)
                        .map_or(0, |k| put(out, k.public_key().as_ref()))
                })
            })
        }
    };
}

type Verify = Box<dyn FnMut(&[u8], &[u8; 64]) -> bool + Send>;

fn ring_verifier(public: &[u8]) -> Option<Verify> {
    use ring::signature::{ED25519, UnparsedPublicKey};
    let public: [u8; 32] = public.try_into().ok()?;
    Some(Box::new(move |m, s| {
        UnparsedPublicKey::new(&ED25519, &public)
            .verify(m, s)
            .is_ok()
    }))
}

fn aws_verifier(public: &[u8]) -> Option<Verify> {
    use aws_lc_rs::signature::{ED25519, ParsedPublicKey};
    let key = ParsedPublicKey::new(&ED25519, public).ok()?;
    Some(Box::new(move |m, s| key.verify_sig(m, s).is_ok()))
}

fn aws_ecdh(op: usize) -> Option<EcFn> {
    use aws_lc_rs::agreement::{ParsedPublicKey, PrivateKey, UnparsedPublicKey, X25519, agree};
    if op != 0 {
        return None;
    }
    let key = PrivateKey::from_private_key(&X25519, &X25519_BENCH_PRIVATE).ok()?;
    let peer =
        ParsedPublicKey::try_from(&UnparsedPublicKey::new(&X25519, X25519_BENCH_PEER)).ok()?;
    Some(Box::new(move |out| {
        agree(&key, peer.clone(), 0, |s| Ok(put(out, s))).unwrap_or(0)
    }))
}

fn aws_x25519_keygen(op: usize) -> Option<EcFn> {
    use aws_lc_rs::agreement::{PrivateKey, X25519};
    (op == 0).then(|| -> EcFn {
        Box::new(|out| {
            PrivateKey::from_private_key(&X25519, &X25519_BENCH_PRIVATE)
                .ok()
                .and_then(|k| k.compute_public_key().ok())
                .map_or(0, |p| put(out, p.as_ref()))
        })
    })
}

/// ring and aws-lc-rs ECDSA: `EcdsaKeyPair` from the bench scalar and its
/// public point; sign hashes the 20-byte bench message (their API takes a
/// message, not a digest); verify checks a signature made beforehand.
macro_rules! ring_like_ecdsa {
    ($krate:ident, $sign_alg:ident, $verify_alg:ident, $i:expr, $mk:expr) => {
        |op: usize| -> Option<EcFn> {
            use $krate::signature::{EcdsaKeyPair, KeyPair, UnparsedPublicKey};
            let (d, q) = super::common::nist_key($i);
            let key: EcdsaKeyPair = $mk(&$krate::signature::$sign_alg, &d, &q)?;
            let rng = $krate::rand::SystemRandom::new();
            let msg = super::common::ECDSA_BENCH_DIGEST;
            match op {
                0 => Some(Box::new(move |out| {
                    key.sign(&rng, &msg).map_or(0, |s| put(out, s.as_ref()))
                })),
                1 => {
                    let sig = key.sign(&rng, &msg).ok()?.as_ref().to_vec();
                    let public = key.public_key().as_ref().to_vec();
                    Some(Box::new(move |out| {
                        let k = UnparsedPublicKey::new(&$krate::signature::$verify_alg, &public);
                        verdict(out, k.verify(&msg, &sig).is_ok())
                    }))
                }
                _ => None,
            }
        }
    };
}

fn ring_ecdsa_key(
    alg: &'static ring::signature::EcdsaSigningAlgorithm,
    d: &[u8],
    q: &[u8],
) -> Option<ring::signature::EcdsaKeyPair> {
    let rng = ring::rand::SystemRandom::new();
    ring::signature::EcdsaKeyPair::from_private_key_and_public_key(alg, d, q, &rng).ok()
}

fn aws_ecdsa_key(
    alg: &'static aws_lc_rs::signature::EcdsaSigningAlgorithm,
    d: &[u8],
    q: &[u8],
) -> Option<aws_lc_rs::signature::EcdsaKeyPair> {
    aws_lc_rs::signature::EcdsaKeyPair::from_private_key_and_public_key(alg, d, q).ok()
}

/// aws-lc-rs ECDH with the bench scalar and its own public point.
macro_rules! aws_nist_ecdh {
    ($alg:ident, $i:expr) => {
        |op: usize| -> Option<EcFn> {
            use aws_lc_rs::agreement::{
                ParsedPublicKey, PrivateKey, UnparsedPublicKey, agree, $alg,
            };
            if op != 0 {
                return None;
            }
            let (d, q) = super::common::nist_key($i);
            let key = PrivateKey::from_private_key(&$alg, &d).ok()?;
            let peer = ParsedPublicKey::try_from(&UnparsedPublicKey::new(&$alg, q)).ok()?;
            Some(Box::new(move |out| {
                agree(&key, peer.clone(), 0, |s| Ok(put(out, s))).unwrap_or(0)
            }))
        }
    };
}

/// ring ECDH: a fresh ephemeral key per call (ring has no other) with the
/// bench public point.
macro_rules! ring_nist_ecdh {
    ($alg:ident, $i:expr) => {
        |op: usize| -> Option<EcFn> {
            use ring::agreement::{EphemeralPrivateKey, UnparsedPublicKey, agree_ephemeral, $alg};
            if op != 0 {
                return None;
            }
            let (_, q) = super::common::nist_key($i);
            let rng = ring::rand::SystemRandom::new();
            Some(Box::new(move |out| {
                let Ok(key) = EphemeralPrivateKey::generate(&$alg, &rng) else {
                    return 0;
                };
                agree_ephemeral(key, &UnparsedPublicKey::new(&$alg, &q), |s| put(out, s))
                    .unwrap_or(0)
            }))
        }
    };
}

super::common::ec_peers! {
    "ecdsap256", "ring", ring_like_ecdsa!(ring, ECDSA_P256_SHA256_ASN1_SIGNING, ECDSA_P256_SHA256_ASN1, 0, ring_ecdsa_key);
    "ecdsap384", "ring", ring_like_ecdsa!(ring, ECDSA_P384_SHA384_ASN1_SIGNING, ECDSA_P384_SHA384_ASN1, 1, ring_ecdsa_key);
    "ecdhp256", "ring", ring_nist_ecdh!(ECDH_P256, 0);
    "ecdhp384", "ring", ring_nist_ecdh!(ECDH_P384, 1);
    "ecdsap256", "aws-lc-rs", ring_like_ecdsa!(aws_lc_rs, ECDSA_P256_SHA256_ASN1_SIGNING, ECDSA_P256_SHA256_ASN1, 0, aws_ecdsa_key);
    "ecdsap384", "aws-lc-rs", ring_like_ecdsa!(aws_lc_rs, ECDSA_P384_SHA384_ASN1_SIGNING, ECDSA_P384_SHA384_ASN1, 1, aws_ecdsa_key);
    "ecdsap521", "aws-lc-rs", ring_like_ecdsa!(aws_lc_rs, ECDSA_P521_SHA512_ASN1_SIGNING, ECDSA_P521_SHA512_ASN1, 2, aws_ecdsa_key);
    "ecdhp256", "aws-lc-rs", aws_nist_ecdh!(ECDH_P256, 0);
    "ecdhp384", "aws-lc-rs", aws_nist_ecdh!(ECDH_P384, 1);
    "ecdhp521", "aws-lc-rs", aws_nist_ecdh!(ECDH_P521, 2);
    "ecdhx25519", "ring", ring_ecdh;
    "x25519-keygen", "ring", ring_x25519_keygen;
    "ed25519", "ring", ring_like_ed25519!(ring, ring_verifier);
    "ed25519-keygen", "ring", ring_like_ed25519_keygen!(ring);
    "ecdhx25519", "aws-lc-rs", aws_ecdh;
    "x25519-keygen", "aws-lc-rs", aws_x25519_keygen;
    "ed25519", "aws-lc-rs", ring_like_ed25519!(aws_lc_rs, aws_verifier);
    "ed25519-keygen", "aws-lc-rs", ring_like_ed25519_keygen!(aws_lc_rs);
}
