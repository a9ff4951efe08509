//! Every accelerated backend against `soft`: seeded random messages of
//! every length 0..=1100 (past many blocks and every tail length), random
//! streaming splits, clones taken mid-stream, and HMAC with random keys.

mod common;

use common::{Rng, accelerated, feed_split};
use peregrine::cpu::Backend;
use peregrine::hash::Hash;
use peregrine::hash::sha256::{self, Sha224, Sha256};
use peregrine::mac::hmac::Hmac;

fn one_shot<H: Hash>(c: <H::Impl as Backend>::Checked, data: &[u8]) -> H::Output {
    let mut h = H::with_impl(c);
    h.update(data);
    h.finalize()
}

fn every_length<H: Hash<Impl = sha256::Impl>>(seed: u64) {
    let (soft, others) = accelerated::<sha256::Impl>();
    if others.is_empty() {
        eprintln!("no accelerated sha256 backend here; soft only");
    }
    let mut rng = Rng(seed);
    let data = rng.bytes(1100 + 64);
    for len in 0..=1100 {
        // Odd offsets too: the backends must not assume alignment.
        let off = len % 7;
        let msg = &data[off..off + len];
        let want = one_shot::<H>(soft, msg);
        assert_eq!(
            H::digest_with(soft, msg),
            want,
            "len {len} digest_with soft"
        );
        for &c in &others {
            assert_eq!(one_shot::<H>(c, msg), want, "len {len} on {c:?}");
            assert_eq!(H::digest_with(c, msg), want, "len {len} digest_with {c:?}");

            let cuts = rng.splits(len);
            let mut h = H::with_impl(c);
            feed_split(msg, &cuts, |p| h.update(p));
            assert_eq!(h.finalize(), want, "len {len} cuts {cuts:?} on {c:?}");

            // A clone mid-stream finishes independently of the original.
            let mid = rng.below(len + 1);
            let mut h = H::with_impl(c);
            h.update(&msg[..mid]);
            let mut twin = h.clone();
            h.update(&msg[mid..]);
            twin.update(&msg[mid..]);
            assert_eq!(twin.finalize(), want);
            assert_eq!(h.finalize(), want);
        }
    }
}

#[test]
fn sha256_every_length_against_soft() {
    every_length::<Sha256>(0x5eed_0256);
}

#[test]
fn sha224_every_length_against_soft() {
    every_length::<Sha224>(0x5eed_0224);
}

/// HMAC-SHA256 and HMAC-SHA224 at every message length to 200 (both
/// sides of the inner hash's one- or two-block padding, the fused SHA-NI
/// finish) against `soft`, every backend.
#[test]
fn hmac_sha224_sha256_every_length_against_soft() {
    fn run<H: Hash<Impl = sha256::Impl>>(seed: u64) {
        let (soft, others) = accelerated::<sha256::Impl>();
        let mut rng = Rng(seed);
        let key = rng.bytes(32);
        let data = rng.bytes(200);
        for len in 0..=200 {
            let msg = &data[..len];
            let mut m = Hmac::<H>::with_hasher(H::with_impl(soft), &key);
            m.update(msg);
            let want = m.finalize();
            for &c in &others {
                let mut m = Hmac::<H>::with_hasher(H::with_impl(c), &key);
                m.update(msg);
                assert_eq!(m.finalize(), want, "len {len} on {c:?}");
            }
        }
    }
    run::<Sha256>(0x4d4c_0256);
    run::<Sha224>(0x4d4c_0224);
}

#[test]
fn hmac_sha256_random_keys_against_soft() {
    let (soft, others) = accelerated::<sha256::Impl>();
    let mut rng = Rng(0x5eed_4d4c);
    for _ in 0..400 {
        let klen = rng.below(200);
        let key = rng.bytes(klen);
        let mlen = rng.below(600);
        let msg = rng.bytes(mlen);
        let mut m = Hmac::<Sha256>::with_hasher(Sha256::with_impl(soft), &key);
        m.update(&msg);
        let want = m.finalize();
        for &c in &others {
            let mut m = Hmac::<Sha256>::with_hasher(Sha256::with_impl(c), &key);
            feed_split(&msg, &rng.splits(msg.len()), |p| m.update(p));
            assert_eq!(
                m.finalize(),
                want,
                "key {} msg {} on {c:?}",
                key.len(),
                msg.len()
            );
        }
    }
}

#[test]
fn long_stream_in_odd_pieces() {
    // 1 MiB + 13 bytes in pieces of 1..=97 bytes: many buffer refills.
    let (soft, others) = accelerated::<sha256::Impl>();
    let mut rng = Rng(7);
    let data = rng.bytes((1 << 20) + 13);
    let want = one_shot::<Sha256>(soft, &data);
    for c in others.into_iter().chain([soft]) {
        let mut h = Sha256::with_impl(c);
        let mut at = 0;
        while at < data.len() {
            let n = (1 + rng.below(97)).min(data.len() - at);
            h.update(&data[at..at + n]);
            at += n;
        }
        assert_eq!(h.finalize(), want, "{c:?}");
    }
}
