//! The one-shot `Hash::digest_with` (whole blocks straight from the input,
//! the padded tail built apart, in registers on SHA-NI: issue 16's
//! short-message path)
//! against streaming `soft` fed in random pieces, for every SHA-2 variant,
//! on every backend, at every length up to three blocks and some long
//! ones (so every padding case: one or two final blocks, the length field
//! at every offset), and the plain one-shot functions against it.

mod common;

use common::{Rng, feed_split, for_each_impl};
use peregrine::cpu::Backend;
use peregrine::hash::Hash;
use peregrine::hash::sha256::{self, Sha224, Sha256};
use peregrine::hash::sha512::{self, Sha384, Sha512, Sha512_224, Sha512_256};

fn check<H: Hash>(what: &str) {
    let soft = <H::Impl as Backend>::ALL
        .iter()
        .find(|b| b.name() == "soft")
        .and_then(|b| b.check())
        .expect("soft always runs");
    let mut rng = Rng(0x6f6e_6573);
    let mut lens: Vec<usize> = (0..=3 * H::BLOCK_LEN + 1).collect();
    lens.extend([1000, 4095, 4096, 4097, 16384]);
    let msgs: Vec<Vec<u8>> = lens.iter().map(|&l| rng.bytes(l)).collect();
    let want: Vec<H::Output> = msgs
        .iter()
        .map(|m| {
            let mut h = H::with_impl(soft);
            let cuts = rng.splits(m.len());
            feed_split(m, &cuts, |p| h.update(p));
            h.finalize()
        })
        .collect();
    for_each_impl::<H::Impl>(what, |c| {
        for (m, w) in msgs.iter().zip(&want) {
            assert_eq!(H::digest_with(c, m), *w, "{what} len {}", m.len());
        }
    });
}

#[test]
fn sha2_oneshot_matches_streaming() {
    check::<Sha224>("sha224");
    check::<Sha256>("sha256");
    check::<Sha384>("sha384");
    check::<Sha512>("sha512");
    check::<Sha512_224>("sha512-224");
    check::<Sha512_256>("sha512-256");
}

#[test]
fn plain_functions_use_it() {
    for len in [0, 1, 55, 56, 63, 64, 111, 112, 127, 128, 129, 1000] {
        let m = vec![0x5a; len];
        let mut h = Sha256::new();
        h.update(&m);
        assert_eq!(sha256::sha256(&m), h.finalize());
        let mut h = Sha512::new();
        h.update(&m);
        assert_eq!(sha512::sha512(&m), h.finalize());
        let mut h = Sha512_224::new();
        h.update(&m);
        assert_eq!(sha512::sha512_224(&m), h.finalize());
    }
}
