//! `sha3::shake128_many`, `shake256_many` and `sha3_256_many` against
//! one-at-a-time `soft`, on every multi-state backend the CPU has (issue
//! 16): random batches of 0..40 messages of mixed lengths (0..300 bytes,
//! some of several thousand, lengths at a rate minus one, the rate and
//! one more, equal lengths), with mixed output lengths (0, 1, the rate and
//! either side of it, several blocks). `PEREGRINE_CPU=-avx512f` runs the
//! AVX2 backend here, `-zmm` the ymm EVEX one.

mod common;

use common::{Rng, for_each_impl};
use peregrine::Error;
use peregrine::hash::sha3::{self, Impl, Sha3_256, Shake128, Shake256, many};

fn soft() -> <Impl as peregrine::cpu::Backend>::Checked {
    Impl::Soft.check().unwrap()
}

fn soft_shake128(msg: &[u8], n: usize) -> Vec<u8> {
    let mut x = Shake128::with_impl(soft());
    x.update(msg);
    let mut out = vec![0u8; n];
    x.finalize_xof().squeeze(&mut out);
    out
}

fn soft_shake256(msg: &[u8], n: usize) -> Vec<u8> {
    let mut x = Shake256::with_impl(soft());
    x.update(msg);
    let mut out = vec![0u8; n];
    x.finalize_xof().squeeze(&mut out);
    out
}

fn soft_sha3_256(msg: &[u8]) -> [u8; 32] {
    let mut h = Sha3_256::with_impl(soft());
    h.update(msg);
    h.finalize()
}

/// A message length: mostly short, sometimes at a block boundary of
/// `rate`, sometimes long (many blocks).
fn msg_len(rng: &mut Rng, rate: usize, shared: usize) -> usize {
    match rng.below(8) {
        0 => shared,
        1 => rate - 1 + rng.below(3),
        2 => 2 * rate - 1 + rng.below(3),
        3 => 1000 + rng.below(6000),
        4 => rng.below(8),
        _ => rng.below(300),
    }
}

fn out_len(rng: &mut Rng) -> usize {
    [0, 1, 16, 32, 167, 168, 169, 135, 136, 137, 500, 1000][rng.below(12)]
}

fn batch(rng: &mut Rng, rate: usize) -> Vec<Vec<u8>> {
    let n = rng.below(41);
    let shared = rng.below(400);
    (0..n)
        .map(|_| {
            let l = msg_len(rng, rate, shared);
            rng.bytes(l)
        })
        .collect()
}

/// A `*_many_with` function of an XOF.
type XofMany = fn(many::Checked, &[&[u8]], &mut [&mut [u8]]) -> Result<(), Error>;

fn check_xof(name: &str, rate: usize, seed: u64, f: XofMany, want: fn(&[u8], usize) -> Vec<u8>) {
    for_each_impl::<many::Impl>(name, |c| {
        let mut rng = Rng(seed);
        for round in 0..60 {
            let msgs = batch(&mut rng, rate);
            let refs: Vec<&[u8]> = msgs.iter().map(|m| &m[..]).collect();
            // One output length for the batch, or one per message.
            let same = out_len(&mut rng);
            let lens: Vec<usize> = (0..refs.len())
                .map(|_| {
                    if round % 2 == 0 {
                        same
                    } else {
                        out_len(&mut rng)
                    }
                })
                .collect();
            let mut bufs: Vec<Vec<u8>> = lens.iter().map(|&n| vec![0xa5; n]).collect();
            let mut outs: Vec<&mut [u8]> = bufs.iter_mut().map(|b| &mut b[..]).collect();
            f(c, &refs, &mut outs).unwrap();
            for (i, (m, o)) in refs.iter().zip(&bufs).enumerate() {
                assert!(
                    *o == want(m, o.len()),
                    "{name} on {c:?}: message {i} (len {}, out {}) of batch {:?}",
                    m.len(),
                    o.len(),
                    refs.iter().map(|m| m.len()).collect::<Vec<_>>()
                );
            }
        }
    });
}

#[test]
fn shake128_many_matches_one_at_a_time() {
    check_xof(
        "shake128_many",
        168,
        0x5348_414b,
        sha3::shake128_many_with,
        soft_shake128,
    );
}

#[test]
fn shake256_many_matches_one_at_a_time() {
    check_xof(
        "shake256_many",
        136,
        0x3235_3621,
        sha3::shake256_many_with,
        soft_shake256,
    );
}

#[test]
fn sha3_256_many_matches_one_at_a_time() {
    for_each_impl::<many::Impl>("sha3_256_many", |c| {
        let mut rng = Rng(0x7368_6133);
        for _ in 0..60 {
            let msgs = batch(&mut rng, 136);
            let refs: Vec<&[u8]> = msgs.iter().map(|m| &m[..]).collect();
            let mut out = vec![[0u8; 32]; refs.len()];
            sha3::sha3_256_many_with(c, &refs, &mut out).unwrap();
            for (m, d) in refs.iter().zip(&out) {
                assert_eq!(*d, soft_sha3_256(m), "len {} on {c:?}", m.len());
            }
        }
    });
}

#[test]
fn every_lane_count_with_equal_lengths() {
    // 1..=17 messages of one length: every number of full and idle lanes.
    for_each_impl::<many::Impl>("lane_counts", |c| {
        let mut rng = Rng(0x6c61_6e65);
        for n in 0..=17 {
            for len in [0, 167, 168, 169, 1000] {
                let msgs: Vec<Vec<u8>> = (0..n).map(|_| rng.bytes(len)).collect();
                let refs: Vec<&[u8]> = msgs.iter().map(|m| &m[..]).collect();
                let mut bufs = vec![vec![0u8; 200]; n];
                let mut outs: Vec<&mut [u8]> = bufs.iter_mut().map(|b| &mut b[..]).collect();
                sha3::shake128_many_with(c, &refs, &mut outs).unwrap();
                for (m, o) in refs.iter().zip(&bufs) {
                    assert_eq!(*o, soft_shake128(m, 200), "{n} x {len} on {c:?}");
                }
            }
        }
    });
}

#[test]
fn default_functions_and_errors() {
    let msgs: [&[u8]; 3] = [b"", b"abc", &[7u8; 500]];
    let mut d = [[0u8; 32]; 3];
    sha3::sha3_256_many(&msgs, &mut d).unwrap();
    for (m, d) in msgs.iter().zip(&d) {
        assert_eq!(*d, sha3::sha3_256(m));
    }
    let (mut a, mut b, mut e) = ([0u8; 33], [0u8; 300], [0u8; 0]);
    {
        let mut outs: [&mut [u8]; 3] = [&mut a, &mut b, &mut e];
        sha3::shake256_many(&msgs, &mut outs).unwrap();
    }
    let mut w = [0u8; 300];
    sha3::shake256(b"abc", &mut w);
    assert_eq!(b, w);
    sha3::shake256(b"", &mut w[..33]);
    assert_eq!(a[..], w[..33]);

    // Counts that differ: an error, nothing written.
    let mut one = [0u8; 16];
    let mut outs: [&mut [u8]; 1] = [&mut one];
    assert!(matches!(
        sha3::shake128_many(&msgs, &mut outs),
        Err(Error::InvalidLength { got: 1, .. })
    ));
    assert_eq!(one, [0; 16]);
    assert!(sha3::sha3_256_many(&msgs[..2], &mut d).is_err());
    assert_eq!(sha3::shake128_many(&[], &mut []), Ok(()));
    assert_eq!(sha3::sha3_256_many(&[], &mut []), Ok(()));
}
