//! RSA known-answer tests on every Montgomery kernel: NIST CAVP FIPS 186-3
//! `SigGen15`, `SigVer15`, `SigGenPSS` and `SigVerPSS` (the `SigGen` files
//! carry no private key, so their signatures are verified), and the RSA
//! Laboratories PKCS#1 v2.1 vectors (`pss-vect.txt` signed and verified
//! with their salts, `oaep-vect.txt` encrypted with their seeds and
//! decrypted). Files under `tests/vectors/rsa/` (see its README rows).

mod common;

use common::{for_each_impl, hex, vector_path};
use peregrine::bignum::mont::{Checked, Impl};
use peregrine::hash::Hash;
use peregrine::hash::sha1::Sha1;
use peregrine::hash::sha256::{Sha224, Sha256};
use peregrine::hash::sha512::{Sha384, Sha512};
use peregrine::rsa::pss::SaltLen;
use peregrine::rsa::{CrtComponents, RsaPrivateKey, RsaPublicKey};

/// One CAVP signature case.
struct Case {
    n: Vec<u8>,
    e: Vec<u8>,
    alg: String,
    msg: Vec<u8>,
    sig: Vec<u8>,
    salt_len: usize,
    pass: bool,
}

/// Reads a CAVP `SigGen*`/`SigVer*` file: `n`, `e` (per group or per case),
/// `SHAAlg`, `Msg`, `S`, then `SaltVal` and `Result` for the `SigVer`
/// files. A case ends at `S` (`SigGen`) or `Result` (`SigVer`).
fn cavp(name: &str, ver: bool) -> Vec<Case> {
    let text = std::fs::read_to_string(vector_path(name)).unwrap();
    let (mut n, mut e, mut alg, mut msg) = (Vec::new(), Vec::new(), String::new(), Vec::new());
    let (mut sig, mut salt_len) = (Vec::new(), 0);
    let mut out = Vec::new();
    for line in text.lines() {
        let Some((k, v)) = line.trim().split_once(" = ") else {
            continue;
        };
        let v = v.trim();
        match k {
            "n" => n = hex(v),
            "e" => e = hex(v),
            "SHAAlg" => alg = v.to_string(),
            "Msg" => msg = hex(v),
            "SaltVal" => salt_len = if v == "00" { 0 } else { v.len() / 2 },
            "S" => {
                sig = hex(v);
                if !ver {
                    out.push(Case {
                        n: n.clone(),
                        e: e.clone(),
                        alg: alg.clone(),
                        msg: msg.clone(),
                        sig: sig.clone(),
                        salt_len: 0,
                        pass: true,
                    });
                }
            }
            "Result" => out.push(Case {
                n: n.clone(),
                e: e.clone(),
                alg: alg.clone(),
                msg: msg.clone(),
                sig: sig.clone(),
                salt_len,
                pass: v.starts_with('P'),
            }),
            _ => {}
        }
    }
    out
}

fn digest<H: Hash>(m: &[u8]) -> Vec<u8> {
    let mut h = H::new();
    h.update(m);
    h.finalize().as_ref().to_vec()
}

fn verify(c: &Case, key: &RsaPublicKey, pss: bool) -> bool {
    macro_rules! go {
        ($h:ty) => {
            if pss {
                key.verify_pss_digest::<$h, $h>(
                    &digest::<$h>(&c.msg),
                    &c.sig,
                    SaltLen::Exact(c.salt_len),
                )
                .is_ok()
            } else {
                key.verify_pkcs1v15::<$h>(&c.msg, &c.sig).is_ok()
            }
        };
    }
    match c.alg.as_str() {
        "SHA1" => go!(Sha1),
        "SHA224" => go!(Sha224),
        "SHA256" => go!(Sha256),
        "SHA384" => go!(Sha384),
        "SHA512" => go!(Sha512),
        a => panic!("unknown SHAAlg {a}"),
    }
}

fn run_cavp(test: &str, file: &str, ver: bool, pss: bool, want: usize) {
    let cases = cavp(file, ver);
    assert_eq!(cases.len(), want, "{file}");
    assert!(cases.iter().any(|c| c.pass));
    for_each_impl::<Impl>(test, |imp| {
        for (i, c) in cases.iter().enumerate() {
            let key = match RsaPublicKey::from_components(&c.n, &c.e) {
                Ok(k) => k.with_backend(imp).unwrap(),
                // SigVer cases with a changed e may have an even e: a key
                // that does not load cannot verify.
                Err(_) => {
                    assert!(!c.pass, "{file} case {i}: key rejected");
                    continue;
                }
            };
            assert_eq!(verify(c, &key, pss), c.pass, "{file} case {i} ({})", c.alg);
        }
    });
}

#[test]
fn cavp_siggen15_186_3() {
    run_cavp(
        "cavp_siggen15_186_3",
        "rsa/SigGen15_186-3.rsp",
        false,
        false,
        250,
    );
}

#[test]
fn cavp_sigver15_186_3() {
    run_cavp(
        "cavp_sigver15_186_3",
        "rsa/SigVer15_186-3.rsp",
        true,
        false,
        450,
    );
}

#[test]
fn cavp_siggenpss_186_3() {
    run_cavp(
        "cavp_siggenpss_186_3",
        "rsa/SigGenPSS_186-3.rsp",
        false,
        true,
        250,
    );
}

#[test]
fn cavp_sigverpss_186_3() {
    run_cavp(
        "cavp_sigverpss_186_3",
        "rsa/SigVerPSS_186-3.rsp",
        true,
        true,
        450,
    );
}

/// An example of the RSA Labs files: the key's components and its cases
/// (label -> value).
struct Example {
    key: Vec<(String, Vec<u8>)>,
    cases: Vec<Vec<(String, Vec<u8>)>>,
}

/// Reads `pss-vect.txt` / `oaep-vect.txt`: `# Label:` lines followed by
/// hex lines; `# Example N` starts a key, `# PSS Example` / `# OAEP
/// Example` a case. In the private-key section `Exponent` is `d`.
fn rsa_labs(name: &str) -> Vec<Example> {
    let text = std::fs::read_to_string(vector_path(name)).unwrap();
    let mut out: Vec<Example> = Vec::new();
    let mut private = false;
    let mut in_case = false;
    let mut label: Option<String> = None;
    for line in text.lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("# ") {
            if rest.starts_with("Example") {
                out.push(Example {
                    key: Vec::new(),
                    cases: Vec::new(),
                });
                private = false;
                in_case = false;
                label = None;
            } else if rest.starts_with("PSS Example") || rest.starts_with("OAEP Example") {
                out.last_mut().unwrap().cases.push(Vec::new());
                in_case = true;
                label = None;
            } else if rest.starts_with("Private key") {
                private = true;
            } else if let Some(l) = rest.strip_suffix(':') {
                let l = match (l, private) {
                    ("Exponent", true) => "d",
                    ("Exponent", false) => "e",
                    ("Public exponent", _) => "e",
                    (l, _) => l,
                };
                let ex = out.last_mut().unwrap();
                let list = if in_case {
                    ex.cases.last_mut().unwrap()
                } else {
                    &mut ex.key
                };
                list.push((l.to_string(), Vec::new()));
                label = Some(l.to_string());
            }
            continue;
        }
        if line.is_empty() || line.starts_with('#') || line.starts_with('=') {
            if line.is_empty() {
                label = None;
            }
            continue;
        }
        if label.is_some() {
            let ex = out.last_mut().unwrap();
            let list = if in_case {
                ex.cases.last_mut().unwrap()
            } else {
                &mut ex.key
            };
            list.last_mut()
                .unwrap()
                .1
                .extend(hex(&line.replace(' ', "")));
        }
    }
    out.retain(|e| !e.cases.is_empty());
    out
}

fn field<'a>(list: &'a [(String, Vec<u8>)], name: &str) -> &'a [u8] {
    &list
        .iter()
        .rev()
        .find(|(l, _)| l == name)
        .unwrap_or_else(|| panic!("no {name}"))
        .1
}

fn labs_key(ex: &Example, imp: Checked) -> RsaPrivateKey {
    let k = &ex.key;
    RsaPrivateKey::from_crt_components(&CrtComponents {
        n: field(k, "Modulus"),
        e: field(k, "e"),
        d: field(k, "d"),
        p: field(k, "Prime 1"),
        q: field(k, "Prime 2"),
        dp: field(k, "Prime exponent 1"),
        dq: field(k, "Prime exponent 2"),
        qinv: field(k, "Coefficient"),
    })
    .unwrap()
    .with_backend(imp)
    .unwrap()
}

#[test]
fn rsa_labs_pss_vect() {
    let examples = rsa_labs("rsa/pss-vect.txt");
    assert_eq!(examples.len(), 10);
    for_each_impl::<Impl>("rsa_labs_pss_vect", |imp| {
        let mut n = 0;
        for ex in &examples {
            let key = labs_key(ex, imp);
            for c in &ex.cases {
                let (msg, salt, sig) = (
                    field(c, "Message to be signed"),
                    field(c, "Salt"),
                    field(c, "Signature"),
                );
                let mh = digest::<Sha1>(msg);
                let made = key
                    .sign_pss_digest_with_salt::<Sha1, Sha1>(&mh, salt)
                    .unwrap();
                assert_eq!(made, sig, "example {n}");
                let pubk = key.public_key();
                pubk.verify_pss::<Sha1>(msg, sig, SaltLen::Exact(salt.len()))
                    .unwrap();
                pubk.verify_pss::<Sha1>(msg, sig, SaltLen::Auto).unwrap();
                assert!(
                    pubk.verify_pss::<Sha1>(msg, sig, SaltLen::Exact(salt.len() + 1))
                        .is_err()
                );
                n += 1;
            }
        }
        assert_eq!(n, 60);
    });
}

#[test]
fn rsa_labs_oaep_vect() {
    let examples = rsa_labs("rsa/oaep-vect.txt");
    assert_eq!(examples.len(), 10);
    for_each_impl::<Impl>("rsa_labs_oaep_vect", |imp| {
        let mut n = 0;
        for ex in &examples {
            let key = labs_key(ex, imp);
            for c in &ex.cases {
                let (msg, seed, ct) = (
                    field(c, "Message"),
                    field(c, "Seed"),
                    field(c, "Encryption"),
                );
                let made = key
                    .public_key()
                    .encrypt_oaep_with_seed::<Sha1, Sha1>(msg, b"", seed)
                    .unwrap();
                assert_eq!(made, ct, "example {n}");
                assert_eq!(key.decrypt_oaep::<Sha1>(ct, b"").unwrap().as_slice(), msg);
                n += 1;
            }
        }
        assert_eq!(n, 60);
    });
}
