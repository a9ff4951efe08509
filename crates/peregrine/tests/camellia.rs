//! Camellia: RFC 3713 appendix A, the NTT/NESSIE-style ECB sets and
//! OpenSSL's CBC vectors (from `cryptography-vectors`) on every backend;
//! then every accelerated backend against `soft` (ECB, CBC, CTR over every
//! block count through two 64-block steps, every CTR tail length, in place
//! and out of place, streaming splits, counter wrap).

mod common;

use common::{Rng, accelerated, for_each_impl, get, hex, parse_blocks, vector_path};
use peregrine::cipher::camellia::{self, Camellia};
use peregrine::mode::block128::{BlockCipher128, Cbc128Decryptor, Cbc128Encryptor, Ctr128, Ecb128};

/// The NTT files: `K No.n : ..`, then `P No.m : ..` / `C No.m : ..` pairs.
fn ntt(file: &str) -> Vec<(Vec<u8>, Vec<u8>, Vec<u8>)> {
    let text = std::fs::read_to_string(vector_path(file)).unwrap();
    let mut out = Vec::new();
    let (mut key, mut p) = (Vec::new(), Vec::new());
    for line in text.lines() {
        if line.starts_with('#') {
            continue;
        }
        let Some((tag, v)) = line.split_once(':') else {
            continue;
        };
        let v = hex(&v.replace(' ', ""));
        match tag.chars().next() {
            Some('K') => key = v,
            Some('P') => p = v,
            Some('C') => out.push((key.clone(), p.clone(), v)),
            _ => {}
        }
    }
    out
}

#[test]
fn ntt_ecb_sets() {
    for_each_impl::<camellia::Impl>("camellia ecb", |imp| {
        let mut n = 0;
        for bits in [128, 192, 256] {
            let v = ntt(&format!("camellia/camellia-{bits}-ecb.txt"));
            assert!(v.len() >= 1000, "{bits}: {} vectors", v.len());
            // All plaintexts under one key in one call (the wide path),
            // then decrypted back.
            for group in v.chunk_by(|a, b| a.0 == b.0) {
                let c = Camellia::with_impl(&group[0].0, imp).unwrap();
                let mut buf: Vec<u8> = group.iter().flat_map(|r| r.1.clone()).collect();
                let want: Vec<u8> = group.iter().flat_map(|r| r.2.clone()).collect();
                let e = Ecb128::new(c);
                e.encrypt(&mut buf).unwrap();
                assert_eq!(buf, want, "{bits}-bit key {:02x?}", group[0].0);
                e.decrypt(&mut buf).unwrap();
                let p: Vec<u8> = group.iter().flat_map(|r| r.1.clone()).collect();
                assert_eq!(buf, p);
                n += group.len();
            }
        }
        assert!(n > 3000);
    });
}

#[test]
fn rfc3713_and_cbc() {
    for_each_impl::<camellia::Impl>("camellia rfc/cbc", |imp| {
        for b in parse_blocks("camellia/rfc3713.txt") {
            let c = Camellia::with_impl(&hex(get(&b, "KEY").unwrap()), imp).unwrap();
            let p: [u8; 16] = hex(get(&b, "PLAINTEXT").unwrap()).try_into().unwrap();
            let want = hex(get(&b, "CIPHERTEXT").unwrap());
            assert_eq!(c.encrypt_block(p).to_vec(), want);
            assert_eq!(c.decrypt_block(want.try_into().unwrap()), p);
        }
        let blocks = parse_blocks("camellia/camellia-cbc.txt");
        assert_eq!(blocks.len(), 12);
        for b in blocks {
            let key = hex(get(&b, "KEY").unwrap());
            let iv = hex(get(&b, "IV").unwrap());
            let p = hex(get(&b, "PLAINTEXT").unwrap());
            let want = hex(get(&b, "CIPHERTEXT").unwrap());
            let mut buf = p.clone();
            Cbc128Encryptor::new(Camellia::with_impl(&key, imp).unwrap(), &iv)
                .unwrap()
                .encrypt(&mut buf)
                .unwrap();
            assert_eq!(buf, want);
            Cbc128Decryptor::new(Camellia::with_impl(&key, imp).unwrap(), &iv)
                .unwrap()
                .decrypt(&mut buf)
                .unwrap();
            assert_eq!(buf, p);
        }
    });
}

#[test]
fn bad_key_lengths() {
    for n in [0, 8, 15, 17, 31, 33] {
        assert!(Camellia::new(&vec![0; n]).is_err());
    }
}

/// ECB, CBC (both directions) and CTR of `data`; every output.
fn all_modes(c: &Camellia, iv: &[u8], data: &[u8], out_of_place: bool) -> Vec<Vec<u8>> {
    let whole = &data[..data.len() / 16 * 16];
    let mut outs = Vec::new();
    let e = Ecb128::new(c.clone());
    let mut buf = whole.to_vec();
    if out_of_place {
        e.encrypt_to(whole, &mut buf).unwrap();
    } else {
        e.encrypt(&mut buf).unwrap();
    }
    outs.push(buf.clone());
    e.decrypt(&mut buf).unwrap();
    assert_eq!(buf, whole);
    let mut enc = Cbc128Encryptor::new(c.clone(), iv).unwrap();
    let mut buf = whole.to_vec();
    if out_of_place {
        enc.encrypt_to(whole, &mut buf).unwrap();
    } else {
        enc.encrypt(&mut buf).unwrap();
    }
    outs.push(buf.clone());
    let mut dec = Cbc128Decryptor::new(c.clone(), iv).unwrap();
    let mut back = buf.clone();
    if out_of_place {
        dec.decrypt_to(&buf, &mut back).unwrap();
    } else {
        dec.decrypt(&mut back).unwrap();
    }
    assert_eq!(back, whole);
    let mut buf = data.to_vec();
    let mut ctr = Ctr128::new(c.clone(), iv).unwrap();
    if out_of_place {
        ctr.apply_to(data, &mut buf).unwrap();
    } else {
        ctr.apply(&mut buf);
    }
    outs.push(buf);
    outs
}

#[test]
fn accelerated_match_soft() {
    let (soft, others) = accelerated::<camellia::Impl>();
    let mut rng = Rng(0xca3e11a);
    for klen in [16, 24, 32] {
        let key = rng.bytes(klen);
        let s = Camellia::with_impl(&key, soft).unwrap();
        let hw: Vec<Camellia> = others
            .iter()
            .map(|&o| Camellia::with_impl(&key, o).unwrap())
            .collect();
        // Every byte length to 18 blocks, then every block count to two
        // zmm steps and past (64 blocks per step: every tail, each width
        // a tail steps down to), with odd byte tails.
        let lens = (0..=16 * 18)
            .chain((19..=132).map(|b| 16 * b + b % 16))
            .chain([16 * 64 * 2 + 1, 16 * 64 * 2 + 16 * 17 + 3, 16 * 64 * 3]);
        for len in lens {
            if klen != 16 && len % 7 != 0 {
                continue;
            }
            let data = rng.bytes(len);
            let iv = rng.bytes(16);
            let want = all_modes(&s, &iv, &data, false);
            for h in &hw {
                for oop in [false, true] {
                    assert_eq!(
                        all_modes(h, &iv, &data, oop),
                        want,
                        "{:?} len={len}",
                        h.backend()
                    );
                }
            }
        }
        // Counter wrap at 2^128 and streaming splits.
        let data = rng.bytes(16 * 40 + 9);
        let iv = [0xffu8; 16];
        let mut want = data.clone();
        Ctr128::new(s.clone(), &iv).unwrap().apply(&mut want);
        for h in &hw {
            let mut ctr = Ctr128::new(h.clone(), &iv).unwrap();
            let mut got = data.clone();
            let cuts = rng.splits(got.len());
            let mut at = 0;
            for c in cuts {
                ctr.apply(&mut got[at..c]);
                at = c;
            }
            ctr.apply(&mut got[at..]);
            assert_eq!(got, want);
        }
    }
}

/// Camellia-GCM: the 18 encryption cases of draft-kato-ipsec-camellia-gcm
/// (128/192/256-bit keys; 12-, 8- and 60-byte nonces) on every backend,
/// sealed and opened back; a flipped tag bit refuses and zeroes the buffer.
#[test]
fn gcm_draft_kato() {
    use peregrine::aead::Aead;
    use peregrine::aead::camellia_gcm::CamelliaGcm;
    let cases = parse_blocks("camellia/gcm-draft-kato.txt");
    assert_eq!(cases.len(), 18);
    for_each_impl::<camellia::Impl>("camellia-gcm", |imp| {
        for b in &cases {
            let what = format!("{} case {}", imp.get().name(), get(b, "COUNT").unwrap());
            let a = CamelliaGcm::with_impl(&hex(get(b, "KEY").unwrap()), imp).unwrap();
            let (iv, aad) = (hex(get(b, "IV").unwrap()), hex(get(b, "AAD").unwrap()));
            let p = hex(get(b, "PLAINTEXT").unwrap());
            let mut buf = p.clone();
            let tag = a.seal_in_place_detached(&iv, &aad, &mut buf).unwrap();
            assert_eq!(buf, hex(get(b, "CIPHERTEXT").unwrap()), "{what}");
            assert_eq!(tag.as_ref(), hex(get(b, "TAG").unwrap()), "{what}");
            let mut bad = tag.as_ref().to_vec();
            bad[15] ^= 0x80;
            let mut c2 = buf.clone();
            assert!(a.open_in_place_detached(&iv, &aad, &mut c2, &bad).is_err());
            assert!(c2.iter().all(|&x| x == 0), "{what}");
            a.open_in_place_detached(&iv, &aad, &mut buf, tag.as_ref())
                .unwrap();
            assert_eq!(buf, p, "{what}");
        }
    });
    assert!(CamelliaGcm::new(&[0; 20]).is_err());
    let a = CamelliaGcm::new(&[0; 16]).unwrap();
    assert!(a.seal_in_place_detached(&[], b"", &mut []).is_err());
    assert!(
        a.open_in_place_detached(&[0; 12], b"", &mut [], &[0; 15])
            .is_err()
    );
}

/// Camellia-GCM on every accelerated backend against `soft`: every byte
/// length to 18 blocks and longer ones past two zmm steps, with AAD and
/// nonces of several lengths.
#[test]
fn gcm_accelerated_match_soft() {
    use peregrine::aead::Aead;
    use peregrine::aead::camellia_gcm::CamelliaGcm;
    let (soft, others) = accelerated::<camellia::Impl>();
    let mut rng = Rng(0x6c3a);
    for klen in [16, 24, 32] {
        let key = rng.bytes(klen);
        let s = CamelliaGcm::with_impl(&key, soft).unwrap();
        let lens = (0..=16 * 18).chain([16 * 64 * 2 + 1, 16 * 64 * 3 + 15]);
        for len in lens {
            let data = rng.bytes(len);
            let nonce = rng.bytes([12, 8, 16, 60][len % 4]);
            let aad = rng.bytes(len % 37);
            let mut want = data.clone();
            let wt = s.seal_in_place_detached(&nonce, &aad, &mut want).unwrap();
            for &o in &others {
                let h = CamelliaGcm::with_impl(&key, o).unwrap();
                let mut got = data.clone();
                let gt = h.seal_in_place_detached(&nonce, &aad, &mut got).unwrap();
                assert_eq!(
                    (&got, gt.as_ref()),
                    (&want, wt.as_ref()),
                    "{:?} len {len}",
                    o
                );
                h.open_in_place_detached(&nonce, &aad, &mut got, gt.as_ref())
                    .unwrap();
                assert_eq!(got, data);
            }
        }
    }
}
