//! X25519 (RFC 7748) and Ed25519 (RFC 8032) on every field kernel the
//! machine can run.
//!
//! - RFC 7748 section 5.2 (the two vectors, 1 and 1,000 iterations; the
//!   1,000,000-iteration vector is `#[ignore]`d: `scripts/x25519-million.sh`),
//!   section 6.1 (Alice and Bob).
//! - RFC 8032 section 7.1 (Ed25519 tests 1, 2, 3; the rest of section 7,
//!   Wycheproof, CCTV and djb's `sign.input` are in `curve25519_kat.rs`).
//! - Every kernel against `soft` on random inputs, the ladder against the
//!   comb for public keys, and the all-zero shared secret; `x25519_many`
//!   and `ed25519::verify_batch` against one at a time.

mod common;

use common::{Rng, accelerated, for_each_impl, hex};
use peregrine::Error;
use peregrine::ec::curve25519::ed25519::{SigningKey, VerifyingKey};
use peregrine::ec::curve25519::x25519::{self, BASEPOINT};
use peregrine::ec::curve25519::{Checked, Impl, many};

fn h32(s: &str) -> [u8; 32] {
    hex(s).try_into().unwrap()
}

#[test]
fn rfc7748_vectors() {
    for_each_impl::<Impl>("rfc7748", |c| {
        let cases = [
            (
                "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
                "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
                "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552",
            ),
            (
                "4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
                "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
                "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957",
            ),
        ];
        for (k, u, out) in cases {
            assert_eq!(
                x25519::x25519_with_impl(c, &h32(k), &h32(u)).unwrap(),
                h32(out)
            );
        }
    });
}

fn iterate(c: Checked, n: usize) -> [u8; 32] {
    let mut k = BASEPOINT;
    let mut u = BASEPOINT;
    for _ in 0..n {
        let r = x25519::x25519_raw(c, &k, &u);
        u = k;
        k = r;
    }
    k
}

#[test]
fn rfc7748_iterations() {
    for_each_impl::<Impl>("rfc7748 iterations", |c| {
        assert_eq!(
            iterate(c, 1),
            h32("422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079")
        );
        assert_eq!(
            iterate(c, 1000),
            h32("684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51")
        );
    });
}

#[test]
#[ignore = "about a minute per kernel; scripts/x25519-million.sh runs it"]
fn rfc7748_million_iterations() {
    for_each_impl::<Impl>("rfc7748 1e6 iterations", |c| {
        assert_eq!(
            iterate(c, 1_000_000),
            h32("7c3911e0ab2586fd864497297e575e6f3bc601c0883c30df5f4dd2d24f665424")
        );
    });
}

#[test]
fn rfc7748_diffie_hellman() {
    for_each_impl::<Impl>("rfc7748 dh", |c| {
        let a = h32("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
        let b = h32("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb");
        let pa = h32("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a");
        let pb = h32("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");
        let k = h32("4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742");
        assert_eq!(x25519::public_key_with_impl(c, &a), pa);
        assert_eq!(x25519::public_key_with_impl(c, &b), pb);
        assert_eq!(x25519::x25519_raw(c, &a, &BASEPOINT), pa);
        assert_eq!(x25519::x25519_with_impl(c, &a, &pb).unwrap(), k);
        assert_eq!(x25519::x25519_with_impl(c, &b, &pa).unwrap(), k);
        let alice = x25519::PrivateKey::from_bytes(a).with_impl(c);
        assert_eq!(alice.public_key().0, pa);
        assert_eq!(
            alice
                .diffie_hellman(&x25519::PublicKey(pb))
                .unwrap()
                .as_bytes(),
            &k
        );
    });
}

#[test]
fn x25519_small_order_is_an_error() {
    for_each_impl::<Impl>("x25519 small order", |c| {
        // u = 0 and u = 1 have small order; so has p - 1 and the points of
        // order 8 (RFC 7748 section 7 lists them).
        let bad = [
            "0000000000000000000000000000000000000000000000000000000000000000",
            "0100000000000000000000000000000000000000000000000000000000000000",
            "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
            "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
            "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
            "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        ];
        for u in bad {
            let r = x25519::x25519_with_impl(c, &[0x42; 32], &h32(u));
            assert!(matches!(r, Err(Error::InvalidKey { .. })), "{u}: {r:?}");
        }
    });
}

#[test]
fn x25519_kernels_agree_with_soft() {
    let (soft, others) = accelerated::<Impl>();
    let mut rng = Rng(0x2551_9000);
    let mut edge = vec![
        [0u8; 32],
        [0xff; 32],
        h32("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),
        h32("edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),
        h32("eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),
        h32("ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),
        h32("0100000000000000000000000000000000000000000000000000000000000080"),
    ];
    for _ in 0..200 {
        edge.push(rng.bytes(32).try_into().unwrap());
    }
    for (i, u) in edge.iter().enumerate() {
        let k: [u8; 32] = rng.bytes(32).try_into().unwrap();
        let want = x25519::x25519_raw(soft, &k, u);
        let pk = x25519::public_key_with_impl(soft, &k);
        assert_eq!(
            pk,
            x25519::x25519_raw(soft, &k, &BASEPOINT),
            "comb vs ladder {i}"
        );
        for &c in &others {
            assert_eq!(x25519::x25519_raw(c, &k, u), want, "{c:?} case {i}");
            assert_eq!(x25519::public_key_with_impl(c, &k), pk, "{c:?} pk {i}");
        }
    }
}

struct Ed {
    sk: &'static str,
    pk: &'static str,
    msg: &'static str,
    sig: &'static str,
}

const RFC8032_ED25519: &[Ed] = &[
    Ed {
        sk: "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
        pk: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
        msg: "",
        sig: "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b",
    },
    Ed {
        sk: "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
        pk: "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
        msg: "72",
        sig: "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00",
    },
    Ed {
        sk: "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
        pk: "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
        msg: "af82",
        sig: "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a",
    },
];

#[test]
fn rfc8032_ed25519() {
    for_each_impl::<Impl>("rfc8032", |c| {
        for (i, v) in RFC8032_ED25519.iter().enumerate() {
            let key = SigningKey::from_seed_with_impl(&h32(v.sk), c);
            assert_eq!(key.verifying_key().as_bytes(), &h32(v.pk), "pk {i}");
            let msg = hex(v.msg);
            let sig = key.sign(&msg);
            assert_eq!(sig.to_vec(), hex(v.sig), "sig {i}");
            let vk = VerifyingKey::from_bytes_with_impl(&h32(v.pk), c).unwrap();
            vk.verify(&msg, &sig).unwrap();
            let mut bad = sig;
            bad[5] ^= 1;
            assert_eq!(vk.verify(&msg, &bad), Err(Error::VerificationFailed));
            let mut bad = sig;
            bad[40] ^= 1;
            assert_eq!(vk.verify(&msg, &bad), Err(Error::VerificationFailed));
            assert!(matches!(
                vk.verify(&msg, &sig[..63]),
                Err(Error::InvalidLength { .. })
            ));
        }
    });
}

#[test]
fn ed25519_kernels_agree_with_soft() {
    let (soft, others) = accelerated::<Impl>();
    let mut rng = Rng(0xed25_5190);
    for i in 0..100 {
        let seed: [u8; 32] = rng.bytes(32).try_into().unwrap();
        let n = rng.below(300);
        let msg = rng.bytes(n);
        let k = SigningKey::from_seed_with_impl(&seed, soft);
        let sig = k.sign(&msg);
        for &c in &others {
            let kc = SigningKey::from_seed_with_impl(&seed, c);
            assert_eq!(kc.verifying_key(), k.verifying_key(), "{c:?} {i}");
            assert_eq!(kc.sign(&msg), sig, "{c:?} {i}");
            kc.verifying_key().verify(&msg, &sig).unwrap();
        }
        k.verifying_key().verify(&msg, &sig).unwrap();
    }
}

#[test]
fn x25519_many_matches_one_at_a_time() {
    let mut rng = Rng(0x3a11);
    let soft = Impl::Soft.check().unwrap();
    for_each_impl::<many::Impl>("x25519_many", |c| {
        // Every lane count of the 8- and 4-lane kernels, and the batch of
        // 16 sharing an inversion crossed.
        for n in [0usize, 1, 2, 3, 4, 5, 7, 8, 9, 12, 15, 16, 17, 24, 33] {
            let k: Vec<[u8; 32]> = (0..n).map(|_| rng.bytes(32).try_into().unwrap()).collect();
            let mut u: Vec<[u8; 32]> = (0..n).map(|_| rng.bytes(32).try_into().unwrap()).collect();
            let mut out = vec![[0xaau8; 32]; n];
            x25519::x25519_many_with_impl(c, &k, &u, &mut out).unwrap();
            for i in 0..n {
                assert_eq!(
                    out[i],
                    x25519::x25519_raw(soft, &k[i], &u[i]),
                    "n={n} i={i}"
                );
            }
            if n > 2 {
                // A small-order peer in the middle: its output is zero,
                // the others are still right, and the call reports it.
                u[1] = [0; 32];
                let r = x25519::x25519_many_with_impl(c, &k, &u, &mut out);
                assert!(matches!(r, Err(Error::InvalidKey { .. })));
                assert_eq!(out[1], [0; 32]);
                assert!(x25519::is_all_zero(&out[1]));
                for i in (0..n).filter(|&i| i != 1) {
                    assert_eq!(
                        out[i],
                        x25519::x25519_raw(soft, &k[i], &u[i]),
                        "n={n} i={i}"
                    );
                }
            }
        }
        // Edge u-coordinates (0, 1, p - 1, p, p + 1, 2^255 - 1, bit 255
        // set) and scalars in every lane.
        let p_plus = |d: i32| {
            let mut x = [0xffu8; 32];
            x[31] = 0x7f;
            x[0] = (0xed_i32 + d) as u8;
            x
        };
        let edges = [
            [0u8; 32],
            {
                let mut x = [0u8; 32];
                x[0] = 1;
                x
            },
            p_plus(-1),
            p_plus(0),
            p_plus(1),
            [0xff; 32],
            {
                let mut x = [0u8; 32];
                x[31] = 0x80;
                x[0] = 9;
                x
            },
            x25519::BASEPOINT,
            [0x11; 32],
        ];
        let k: Vec<[u8; 32]> = (0..edges.len())
            .map(|_| rng.bytes(32).try_into().unwrap())
            .collect();
        let mut out = vec![[0u8; 32]; edges.len()];
        let _ = x25519::x25519_many_with_impl(c, &k, &edges, &mut out);
        for i in 0..edges.len() {
            assert_eq!(
                out[i],
                x25519::x25519_raw(soft, &k[i], &edges[i]),
                "edge {i}"
            );
        }
        let mut out = vec![[0u8; 32]; 2];
        assert!(matches!(
            x25519::x25519_many_with_impl(c, &[[1; 32]; 3], &[[9; 32]; 3], &mut out),
            Err(Error::InvalidLength { .. })
        ));
    });
}

#[test]
fn ed25519_batch_verification() {
    use peregrine::ec::curve25519::ed25519::verify_batch_with_impl;
    let mut rng = Rng(0xba7c4);
    for_each_impl::<Impl>("ed25519 batch", |c| {
        let keys: Vec<SigningKey> = (0..5)
            .map(|_| SigningKey::from_seed_with_impl(&rng.bytes(32).try_into().unwrap(), c))
            .collect();
        for n in [0usize, 1, 2, 7, 40] {
            let msgs: Vec<Vec<u8>> = (0..n).map(|i| rng.bytes(i * 7 % 90)).collect();
            let sigs: Vec<[u8; 64]> = (0..n).map(|i| keys[i % 5].sign(&msgs[i])).collect();
            fn items<'a>(
                keys: &'a [SigningKey],
                msgs: &'a [Vec<u8>],
                sigs: &'a [[u8; 64]],
            ) -> Vec<(&'a VerifyingKey, &'a [u8], &'a [u8])> {
                (0..sigs.len())
                    .map(|i| (keys[i % 5].verifying_key(), &msgs[i][..], &sigs[i][..]))
                    .collect()
            }
            verify_batch_with_impl(c, &items(&keys, &msgs, &sigs)).unwrap();
            for j in 0..n {
                // A flipped bit in R, in S, a signature moved to another
                // message: the batch fails.
                for at in [3usize, 40] {
                    let mut bad = sigs.clone();
                    bad[j][at] ^= 0x10;
                    assert!(
                        verify_batch_with_impl(c, &items(&keys, &msgs, &bad)).is_err(),
                        "n={n} j={j} at={at}"
                    );
                }
            }
            if n >= 2 {
                let mut swapped = sigs.clone();
                swapped.swap(0, 1);
                assert!(verify_batch_with_impl(c, &items(&keys, &msgs, &swapped)).is_err());
            }
        }
        let short = [0u8; 63];
        let it = [(keys[0].verifying_key(), &b""[..], &short[..])];
        assert!(matches!(
            verify_batch_with_impl(c, &it),
            Err(Error::InvalidLength { .. })
        ));
    });
}
