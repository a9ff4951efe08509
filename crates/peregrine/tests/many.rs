//! `sha256::hash_many` and `hmac_many` against one-at-a-time `soft`, on
//! every backend of `sha256::many` (16 zmm lanes, 8 ymm lanes, interleaved
//! SHA-NI/ARMv8, soft): random batch sizes (0..=40, so every lane count and
//! lanes refilled from the queue) with mixed lengths, including equal
//! lengths, empty messages, tails that need one or two padding blocks and
//! long messages, so lanes end at different times and the last few are
//! handed to the one-stream backend.

mod common;

use common::{Rng, for_each_impl};
use peregrine::Error;
use peregrine::hash::sha256::many::Impl;
use peregrine::hash::sha256::{self, Sha256};
use peregrine::mac::hmac::Hmac;

fn soft_one(msg: &[u8]) -> [u8; 32] {
    let mut h = Sha256::with_impl(sha256::Impl::Soft.check().unwrap());
    h.update(msg);
    h.finalize()
}

fn soft_hmac(key: &[u8], msg: &[u8]) -> [u8; 32] {
    let mut m =
        Hmac::<Sha256>::with_hasher(Sha256::with_impl(sha256::Impl::Soft.check().unwrap()), key);
    m.update(msg);
    m.finalize()
}

fn random_batch(rng: &mut Rng) -> Vec<Vec<u8>> {
    let n = rng.below(41);
    let shared = rng.below(300);
    let equal = rng.below(4) == 0;
    (0..n)
        .map(|_| {
            // Sometimes all of one length (every lane ends together),
            // sometimes a mix.
            let len = match if equal { 0 } else { rng.below(6) } {
                0 => shared,
                1 => rng.below(64),
                2 => 55 + rng.below(10),
                3 => rng.below(300),
                4 => 105 + rng.below(30),
                _ => rng.below(3000),
            };
            rng.bytes(len)
        })
        .collect()
}

#[test]
fn hash_many_matches_one_at_a_time() {
    for_each_impl::<Impl>("hash_many", |c| {
        let mut rng = Rng(0x6d61_6e79);
        for _ in 0..120 {
            let batch = random_batch(&mut rng);
            let refs: Vec<&[u8]> = batch.iter().map(|m| &m[..]).collect();
            let mut out = vec![[0u8; 32]; refs.len()];
            sha256::hash_many_with(c, &refs, &mut out).unwrap();
            for (m, d) in refs.iter().zip(&out) {
                assert_eq!(
                    *d,
                    soft_one(m),
                    "len {} in batch {:?} on {c:?}",
                    m.len(),
                    refs.iter().map(|m| m.len()).collect::<Vec<_>>()
                );
            }
        }
    });
}

#[test]
fn hmac_many_matches_one_at_a_time() {
    for_each_impl::<Impl>("hmac_many", |c| {
        let mut rng = Rng(0x686d_6163);
        for _ in 0..60 {
            let klen = [0, 1, 32, 63, 64, 65, 100, 200][rng.below(8)];
            let key = rng.bytes(klen);
            let batch = random_batch(&mut rng);
            let refs: Vec<&[u8]> = batch.iter().map(|m| &m[..]).collect();
            let mut out = vec![[0u8; 32]; refs.len()];
            sha256::hmac_many_with(c, &key, &refs, &mut out).unwrap();
            for (m, d) in refs.iter().zip(&out) {
                assert_eq!(
                    *d,
                    soft_hmac(&key, m),
                    "key {klen} len {} on {c:?}",
                    m.len()
                );
            }
        }
    });
}

#[test]
fn sha512_hash_many_matches_one_at_a_time() {
    use peregrine::hash::sha512::{self, Sha512};
    for_each_impl::<sha512::many::Impl>("sha512::hash_many", |c| {
        let mut rng = Rng(0x7368_6135);
        for _ in 0..60 {
            let batch = random_batch(&mut rng);
            let refs: Vec<&[u8]> = batch.iter().map(|m| &m[..]).collect();
            let mut out = vec![[0u8; 64]; refs.len()];
            sha512::hash_many_with(c, &refs, &mut out).unwrap();
            for (m, d) in refs.iter().zip(&out) {
                let mut h = Sha512::with_impl(sha512::Impl::Soft.check().unwrap());
                h.update(m);
                assert_eq!(
                    *d,
                    h.finalize(),
                    "len {} in batch {:?} on {c:?}",
                    m.len(),
                    refs.iter().map(|m| m.len()).collect::<Vec<_>>()
                );
            }
        }
    });
    let mut short = [[0u8; 64]; 1];
    assert!(sha512::hash_many(&[b"a", b"b"], &mut short).is_err());
    assert_eq!(sha512::hash_many(&[], &mut []), Ok(()));
}

#[test]
fn many_rejects_mismatched_outputs() {
    let msgs: [&[u8]; 2] = [b"a", b"b"];
    let mut out = [[0u8; 32]; 3];
    assert!(matches!(
        sha256::hash_many(&msgs, &mut out),
        Err(Error::InvalidLength { got: 3, .. })
    ));
    assert!(sha256::hmac_many(b"k", &msgs, &mut out[..1]).is_err());
    assert_eq!(sha256::hash_many(&[], &mut []), Ok(()));
    let mut one = [[0u8; 32]; 2];
    sha256::hash_many(&msgs, &mut one).unwrap();
    assert_eq!(one[0], sha256::sha256(b"a"));
    assert_eq!(one[1], sha256::sha256(b"b"));
}
