//! Every DES backend against `soft`: ECB, CBC and CTR over every length
//! from 0 to a few batches past the widest stride (256 blocks for AVX2),
//! in place and out of place, one-key, two-key and three-key, and
//! streaming splits; CTR counter wrap at 2^64.

mod common;

use common::{Rng, accelerated};
use peregrine::cipher::des::{self, Des, TripleDes};
use peregrine::mode::block64::{BlockCipher64, Cbc64Decryptor, Cbc64Encryptor, Ctr64, Ecb64};

/// Block counts: every count up to 70, then around the 128/256 strides.
fn counts() -> Vec<usize> {
    let mut v: Vec<usize> = (0..=70).collect();
    v.extend([127, 128, 129, 191, 255, 256, 257, 320, 511, 512, 513, 600]);
    v
}

fn same<C: BlockCipher64 + Clone>(soft: &C, other: &C, what: &str, rng: &mut Rng) {
    for n in counts() {
        let data = rng.bytes(8 * n);
        let iv = rng.bytes(8);
        let run = |c: &C, out_of_place: bool| {
            let mut outs = Vec::new();
            let mut buf = data.clone();
            let mut out = vec![0u8; data.len()];
            let e = Ecb64::new(c.clone());
            if out_of_place {
                e.encrypt_to(&data, &mut out).unwrap();
            } else {
                e.encrypt(&mut buf).unwrap();
                out = buf.clone();
            }
            outs.push(out.clone());
            e.decrypt(&mut out).unwrap();
            assert_eq!(out, data, "{what} ECB round trip n={n}");
            let mut buf = data.clone();
            let mut enc = Cbc64Encryptor::new(c.clone(), &iv).unwrap();
            if out_of_place {
                let mut o = vec![0u8; data.len()];
                enc.encrypt_to(&data, &mut o).unwrap();
                buf = o;
            } else {
                enc.encrypt(&mut buf).unwrap();
            }
            outs.push(buf.clone());
            Cbc64Decryptor::new(c.clone(), &iv)
                .unwrap()
                .decrypt(&mut buf)
                .unwrap();
            assert_eq!(buf, data, "{what} CBC round trip n={n}");
            // CTR on every byte length, not only whole blocks.
            let cut = data.len().saturating_sub(3);
            let mut buf = data[..cut].to_vec();
            Ctr64::new(c.clone(), &iv).unwrap().apply(&mut buf);
            outs.push(buf);
            outs
        };
        for oop in [false, true] {
            assert_eq!(
                run(soft, oop),
                run(other, oop),
                "{what} n={n} out_of_place={oop}"
            );
        }
    }
}

#[test]
fn every_backend_matches_soft() {
    let (soft, others) = accelerated::<des::Impl>();
    let mut rng = Rng(0xde5);
    for imp in others {
        for klen in [16, 24] {
            let key = rng.bytes(klen);
            same(
                &TripleDes::with_impl(&key, soft).unwrap(),
                &TripleDes::with_impl(&key, imp).unwrap(),
                &format!("3DES-{klen} {imp:?}"),
                &mut rng,
            );
        }
        let key = rng.bytes(8);
        same(
            &Des::with_impl(&key, soft).unwrap(),
            &Des::with_impl(&key, imp).unwrap(),
            &format!("DES {imp:?}"),
            &mut rng,
        );
    }
}

#[test]
fn streaming_and_counter_wrap() {
    let mut rng = Rng(7);
    common::for_each_impl::<des::Impl>("des streaming", |imp| {
        let key = rng.bytes(24);
        let c = TripleDes::with_impl(&key, imp).unwrap();
        let data = rng.bytes(8 * 300 + 5);
        let iv = [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe];
        let mut whole = data.clone();
        Ctr64::new(c.clone(), &iv).unwrap().apply(&mut whole);
        // The counter wraps to zero after two blocks.
        let ks2 = c.encrypt_block([0; 8]);
        for (i, k) in ks2.iter().enumerate() {
            assert_eq!(whole[16 + i] ^ data[16 + i], *k, "wrap");
        }
        for cuts in [vec![1, 9, 100], vec![8, 8, 2000], vec![3]] {
            let mut s = data.clone();
            let mut ctr = Ctr64::new(c.clone(), &iv).unwrap();
            let mut at = 0;
            for cut in cuts {
                let end = (at + cut).min(s.len());
                ctr.apply(&mut s[at..end]);
                at = end;
            }
            ctr.apply(&mut s[at..]);
            assert_eq!(s, whole);
        }
        let body = &data[..8 * 300];
        let mut whole = body.to_vec();
        Cbc64Encryptor::new(c.clone(), &iv)
            .unwrap()
            .encrypt(&mut whole)
            .unwrap();
        let mut s = body.to_vec();
        let mut e = Cbc64Encryptor::new(c.clone(), &iv).unwrap();
        let (a, b) = s.split_at_mut(8 * 77);
        e.encrypt(a).unwrap();
        e.encrypt(b).unwrap();
        assert_eq!(s, whole);
        let mut d = Cbc64Decryptor::new(c.clone(), &iv).unwrap();
        let (a, b) = s.split_at_mut(8 * 200);
        d.decrypt(a).unwrap();
        d.decrypt(b).unwrap();
        assert_eq!(s, body);
        // Padding round trip on every length of the first few blocks.
        for n in 0..20 {
            let ct = Cbc64Encryptor::new(c.clone(), &iv)
                .unwrap()
                .encrypt_padded(&data[..n]);
            assert_eq!(ct.len(), (n / 8 + 1) * 8);
            let mut ct = ct;
            let m = Cbc64Decryptor::new(c.clone(), &iv)
                .unwrap()
                .decrypt_padded(&mut ct)
                .unwrap();
            assert_eq!(&ct[..m], &data[..n]);
        }
    });
}
