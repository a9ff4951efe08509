//! RSA against the installed `openssl` binary: keys generated here pass
//! `openssl pkey -check`; signatures made here verify with `openssl dgst
//! -verify` and the reverse (PKCS#1 v1.5 and PSS); OAEP ciphertexts cross
//! both ways. Skipped (and says so) when there is no `openssl` binary or
//! the tests run under an emulator.

use std::path::{Path, PathBuf};
use std::process::Command;

use peregrine::hash::sha256::Sha256;
use peregrine::hash::sha512::{Sha384, Sha512};
use peregrine::rsa::pss::SaltLen;
use peregrine::rsa::{RsaPrivateKey, RsaPublicKey};

fn openssl_available(test: &str) -> bool {
    if std::env::vars().any(|(k, _)| k.starts_with("CARGO_TARGET_") && k.ends_with("_RUNNER")) {
        eprintln!("{test}: skipped: under an emulator");
        return false;
    }
    match Command::new("openssl").arg("version").output() {
        Ok(v) => {
            eprintln!(
                "{test}: comparing with {}",
                String::from_utf8_lossy(&v.stdout).trim()
            );
            true
        }
        Err(_) => {
            // In CI a missing openssl is a failure, not a pass by skipping.
            let ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0");
            assert!(!ci, "{test}: no openssl binary, and CI is set");
            eprintln!("{test}: skipped: no openssl binary");
            false
        }
    }
}

fn tmpdir(test: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("peregrine-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn openssl(args: &[&str]) -> std::process::Output {
    Command::new("openssl").args(args).output().unwrap()
}

fn ok(args: &[&str]) -> Vec<u8> {
    let out = openssl(args);
    assert!(
        out.status.success(),
        "openssl {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

const PEM: &str = include_str!("vectors/rsa/doc-2048.pem");

/// Signing here and verifying with `openssl dgst`, and the reverse, for
/// PKCS#1 v1.5 and PSS (salt = digest length), SHA-256/384/512.
fn cross_signatures(test: &str, key: &RsaPrivateKey, dir: &Path) {
    let key_pem = dir.join("key.pem");
    let pub_pem = dir.join("pub.pem");
    let msg = dir.join("msg.bin");
    let sig = dir.join("sig.bin");
    std::fs::write(&key_pem, key.to_pkcs8_pem().unwrap().as_bytes()).unwrap();
    std::fs::write(&pub_pem, key.public_key().to_spki_pem().unwrap()).unwrap();
    let data: Vec<u8> = (0..1000u32).map(|i| (i * 7 + 3) as u8).collect();
    std::fs::write(&msg, &data).unwrap();
    let pubk = key.public_key();
    macro_rules! both {
        ($h:ty, $md:literal) => {
            // PKCS#1 v1.5 here -> openssl.
            std::fs::write(&sig, key.sign_pkcs1v15::<$h>(&data).unwrap()).unwrap();
            ok(&[
                "dgst",
                $md,
                "-verify",
                p(&pub_pem),
                "-signature",
                p(&sig),
                p(&msg),
            ]);
            // openssl -> here.
            let s = ok(&["dgst", $md, "-sign", p(&key_pem), p(&msg)]);
            pubk.verify_pkcs1v15::<$h>(&data, &s).unwrap();
            // PSS here -> openssl.
            std::fs::write(&sig, key.sign_pss::<$h>(&data, SaltLen::Digest).unwrap()).unwrap();
            let pss = [
                "-sigopt",
                "rsa_padding_mode:pss",
                "-sigopt",
                "rsa_pss_saltlen:digest",
            ];
            let mut args = vec!["dgst", $md, "-verify", p(&pub_pem), "-signature", p(&sig)];
            args.extend(pss);
            args.push(p(&msg));
            ok(&args);
            // PSS, openssl (maximum salt) -> here, with Auto and Max.
            let s = ok(&[
                "dgst",
                $md,
                "-sign",
                p(&key_pem),
                "-sigopt",
                "rsa_padding_mode:pss",
                "-sigopt",
                "rsa_pss_saltlen:max",
                p(&msg),
            ]);
            pubk.verify_pss::<$h>(&data, &s, SaltLen::Auto).unwrap();
            pubk.verify_pss::<$h>(&data, &s, SaltLen::Max).unwrap();
            assert!(pubk.verify_pss::<$h>(&data, &s, SaltLen::Digest).is_err());
            // A signature openssl rejects when one byte changes.
            let mut bad = key.sign_pkcs1v15::<$h>(&data).unwrap();
            bad[10] ^= 1;
            std::fs::write(&sig, &bad).unwrap();
            let out = openssl(&[
                "dgst",
                $md,
                "-verify",
                p(&pub_pem),
                "-signature",
                p(&sig),
                p(&msg),
            ]);
            assert!(
                !out.status.success(),
                "{test}: openssl accepted a bad signature"
            );
        };
    }
    both!(Sha256, "-sha256");
    both!(Sha384, "-sha384");
    both!(Sha512, "-sha512");
}

/// OAEP (SHA-256 with MGF1-SHA-256, and openssl's default SHA-1) both ways.
fn cross_oaep(key: &RsaPrivateKey, dir: &Path) {
    let key_pem = dir.join("key.pem");
    let pub_pem = dir.join("pub.pem");
    let pt = dir.join("pt.bin");
    let ct = dir.join("ct.bin");
    std::fs::write(&key_pem, key.to_pkcs8_pem().unwrap().as_bytes()).unwrap();
    std::fs::write(&pub_pem, key.public_key().to_spki_pem().unwrap()).unwrap();
    let msg = b"the quick brown fox jumps over the lazy dog";
    std::fs::write(&pt, msg).unwrap();
    let sha256 = [
        "-pkeyopt",
        "rsa_padding_mode:oaep",
        "-pkeyopt",
        "rsa_oaep_md:sha256",
        "-pkeyopt",
        "rsa_mgf1_md:sha256",
    ];
    // Here -> openssl.
    std::fs::write(
        &ct,
        key.public_key().encrypt_oaep::<Sha256>(msg, b"").unwrap(),
    )
    .unwrap();
    let mut args = vec!["pkeyutl", "-decrypt", "-inkey", p(&key_pem), "-in", p(&ct)];
    args.extend(sha256);
    assert_eq!(ok(&args), msg);
    // openssl -> here.
    let mut args = vec![
        "pkeyutl",
        "-encrypt",
        "-pubin",
        "-inkey",
        p(&pub_pem),
        "-in",
        p(&pt),
    ];
    args.extend(sha256);
    let c = ok(&args);
    assert_eq!(key.decrypt_oaep::<Sha256>(&c, b"").unwrap().as_slice(), msg);
    let c = ok(&[
        "pkeyutl",
        "-encrypt",
        "-pubin",
        "-inkey",
        p(&pub_pem),
        "-in",
        p(&pt),
        "-pkeyopt",
        "rsa_padding_mode:oaep",
    ]);
    let got = key
        .decrypt_oaep::<peregrine::hash::sha1::Sha1>(&c, b"")
        .unwrap();
    assert_eq!(got.as_slice(), msg);
}

#[test]
fn rsa_openssl_signatures_and_oaep() {
    let test = "rsa_openssl_signatures_and_oaep";
    if !openssl_available(test) {
        return;
    }
    let dir = tmpdir(test);
    let key = RsaPrivateKey::from_pem(PEM).unwrap();
    cross_signatures(test, &key, &dir);
    cross_oaep(&key, &dir);
    // A key openssl writes in PKCS#1 form loads, and openssl reads ours.
    let pkcs1 = ok(&["pkey", "-in", p(&dir.join("key.pem")), "-traditional"]);
    let k1 = RsaPrivateKey::from_pem(std::str::from_utf8(&pkcs1).unwrap()).unwrap();
    assert_eq!(k1.public_key(), key.public_key());
    let pubout = ok(&["pkey", "-in", p(&dir.join("key.pem")), "-pubout"]);
    let pk = RsaPublicKey::from_pem(std::str::from_utf8(&pubout).unwrap()).unwrap();
    assert_eq!(&pk, key.public_key());
    std::fs::remove_dir_all(&dir).ok();
}

/// Keys generated here (2048, 3072, 4096 bits) pass `openssl pkey -check`
/// (which tests the primes and every CRT value), have e = 65537 and the
/// requested size according to openssl, and sign and decrypt with it.
#[test]
fn rsa_openssl_generated_keys_check() {
    let test = "rsa_openssl_generated_keys_check";
    if !openssl_available(test) {
        return;
    }
    let dir = tmpdir(test);
    for bits in [2048, 3072, 4096] {
        let key = RsaPrivateKey::generate(bits).unwrap();
        assert_eq!(key.public_key().bits(), bits);
        assert_eq!(key.public_key().e(), [1, 0, 1]);
        let key_pem = dir.join("gen.pem");
        std::fs::write(&key_pem, key.to_pkcs8_pem().unwrap().as_bytes()).unwrap();
        let out = ok(&["pkey", "-in", p(&key_pem), "-check", "-noout"]);
        assert!(
            String::from_utf8_lossy(&out).contains("Key is valid"),
            "{bits}: {out:?}"
        );
        let text = String::from_utf8(ok(&["pkey", "-in", p(&key_pem), "-text", "-noout"])).unwrap();
        assert!(
            text.contains(&format!("Private-Key: ({bits} bit, 2 primes)")),
            "{text}"
        );
        assert!(text.contains("publicExponent: 65537"), "{text}");
        // The SPKI PEM is what `openssl pkey -pubout` writes.
        let pubout = ok(&["pkey", "-in", p(&key_pem), "-pubout"]);
        assert_eq!(
            String::from_utf8(pubout).unwrap(),
            key.public_key().to_spki_pem().unwrap()
        );
        if bits == 2048 {
            cross_signatures(test, &key, &dir);
            cross_oaep(&key, &dir);
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}
