//! DSA known-answer tests on every Montgomery kernel: RFC 6979 A.2.1 and
//! A.2.2 (deterministic nonces, 1024 and 2048 bits, SHA-1 to SHA-512),
//! NIST CAVP FIPS 186-3 `SigGen` (signed with the file's `k`, checked
//! against its `(r, s)`, then verified), `SigVer`, `KeyPair` and `PQGVer`
//! (A.1.1.3 seed validation and A.2.2 generator checks). The CAVP files
//! under `tests/vectors/dsa/` are trimmed subsets (see the README rows);
//! every case read is counted and asserted.

mod common;

use common::{for_each_impl, hex, vector_path};
use peregrine::bignum::mont::{Checked, Impl};
use peregrine::dsa::{DsaParams, DsaPrivateKey, DsaPublicKey, decode_signature, validate_pq};
use peregrine::hash::Hash;
use peregrine::hash::sha1::Sha1;
use peregrine::hash::sha256::{Sha224, Sha256};
use peregrine::hash::sha512::{Sha384, Sha512};

fn digest(alg: &str, m: &[u8]) -> Vec<u8> {
    fn d<H: Hash>(m: &[u8]) -> Vec<u8> {
        let mut h = H::new();
        h.update(m);
        h.finalize().as_ref().to_vec()
    }
    match alg {
        "SHA-1" => d::<Sha1>(m),
        "SHA-224" => d::<Sha224>(m),
        "SHA-256" => d::<Sha256>(m),
        "SHA-384" => d::<Sha384>(m),
        "SHA-512" => d::<Sha512>(m),
        a => panic!("unknown hash {a}"),
    }
}

fn sign_det(key: &DsaPrivateKey, alg: &str, dg: &[u8]) -> (Vec<u8>, Vec<u8>) {
    match alg {
        "SHA-1" => key.sign_rs::<Sha1>(dg, None),
        "SHA-224" => key.sign_rs::<Sha224>(dg, None),
        "SHA-256" => key.sign_rs::<Sha256>(dg, None),
        "SHA-384" => key.sign_rs::<Sha384>(dg, None),
        "SHA-512" => key.sign_rs::<Sha512>(dg, None),
        a => panic!("unknown hash {a}"),
    }
    .unwrap()
}

/// Records of a CAVP-style file: `(group header line, key = value pairs)`,
/// a record starting at `start` and running to the next one.
fn records(name: &str, start: &str) -> Vec<(String, Vec<(String, String)>)> {
    let text = std::fs::read_to_string(vector_path(name)).unwrap();
    let (mut group, mut header) = (String::new(), Vec::new());
    let mut out: Vec<(String, Vec<(String, String)>)> = Vec::new();
    let mut in_rec = false;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            group = line.to_string();
            header.clear();
            in_rec = false;
            continue;
        }
        let Some((k, v)) = line.split_once(" = ") else {
            continue;
        };
        let kv = (k.trim().to_string(), v.trim().to_string());
        if kv.0 == start {
            let mut rec = header.clone();
            rec.push(kv);
            out.push((group.clone(), rec));
            in_rec = true;
        } else if in_rec {
            out.last_mut().unwrap().1.push(kv);
        } else {
            header.push(kv);
        }
    }
    out
}

fn get<'a>(r: &'a [(String, String)], k: &str) -> &'a str {
    r.iter()
        .rev()
        .find(|(kk, _)| kk == k)
        .map(|(_, v)| v.as_str())
        .unwrap_or_else(|| panic!("missing {k}"))
}

/// The hash named in a `[mod = L=.., N=.., SHA-x]` line.
fn group_hash(g: &str) -> &str {
    g.rsplit(", ").next().unwrap().trim_end_matches(']')
}

fn params(r: &[(String, String)], imp: Checked) -> DsaParams {
    DsaParams::from_components(&hex(get(r, "P")), &hex(get(r, "Q")), &hex(get(r, "G")))
        .unwrap()
        .with_backend(imp)
        .unwrap()
}

#[test]
fn rfc6979_deterministic() {
    let text = std::fs::read_to_string(vector_path("dsa/rfc6979.txt")).unwrap();
    let mut n = 0;
    for_each_impl::<Impl>("rfc6979_deterministic", |imp| {
        n = 0;
        let (mut p, mut q, mut g, mut key) = (vec![], vec![], vec![], None);
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let w: Vec<&str> = line.split_whitespace().collect();
            match w[..] {
                ["P", "=", v] => p = hex(v),
                ["Q", "=", v] => q = hex(v),
                ["G", "=", v] => g = hex(v),
                ["X", "=", v] => {
                    let pr = DsaParams::from_components(&p, &q, &g)
                        .unwrap()
                        .with_backend(imp)
                        .unwrap();
                    key = Some(DsaPrivateKey::from_components(&pr, &hex(v), None).unwrap());
                }
                ["Y", "=", v] => {
                    let k = key.as_ref().unwrap();
                    assert_eq!(k.public_key().y(), hex(v));
                }
                [msg, alg, r, s] => {
                    let k = key.as_ref().unwrap();
                    let dg = digest(alg, msg.as_bytes());
                    let (gr, gs) = sign_det(k, alg, &dg);
                    assert_eq!((gr, gs), (hex(r), hex(s)), "{msg} {alg}");
                    let der = peregrine::dsa::encode_signature(&hex(r), &hex(s));
                    k.public_key().verify_digest(&dg, &der).unwrap();
                    n += 1;
                }
                _ => {}
            }
        }
    });
    assert_eq!(n, 20);
}

#[test]
fn cavp_siggen() {
    let recs = records("dsa/SigGen.txt", "Msg");
    assert_eq!(recs.len(), 60);
    for_each_impl::<Impl>("cavp_siggen", |imp| {
        let mut cur: Option<(String, DsaParams)> = None;
        for (g, r) in &recs {
            if cur.as_ref().is_none_or(|c| &c.0 != g) {
                cur = Some((g.clone(), params(r, imp)));
            }
            let pr = &cur.as_ref().unwrap().1;
            let key =
                DsaPrivateKey::from_components(pr, &hex(get(r, "X")), Some(&hex(get(r, "Y"))))
                    .unwrap();
            let dg = digest(group_hash(g), &hex(get(r, "Msg")));
            let (rr, ss) = key.sign_digest_with_k(&dg, &hex(get(r, "K"))).unwrap();
            assert_eq!(rr, hex(get(r, "R")), "{g}");
            assert_eq!(ss, hex(get(r, "S")), "{g}");
            let der = peregrine::dsa::encode_signature(&rr, &ss);
            key.public_key().verify_digest(&dg, &der).unwrap();
        }
    });
}

#[test]
fn cavp_sigver() {
    let recs = records("dsa/SigVer.rsp", "Msg");
    assert_eq!(recs.len(), 100);
    let pass = recs
        .iter()
        .filter(|(_, r)| get(r, "Result").starts_with('P'))
        .count();
    assert!(pass > 10 && pass < 90, "{pass}");
    for_each_impl::<Impl>("cavp_sigver", |imp| {
        let mut cur: Option<(String, DsaParams)> = None;
        for (i, (g, r)) in recs.iter().enumerate() {
            if cur.as_ref().is_none_or(|c| &c.0 != g) {
                cur = Some((g.clone(), params(r, imp)));
            }
            let pr = &cur.as_ref().unwrap().1;
            let want = get(r, "Result").starts_with('P');
            let dg = digest(group_hash(g), &hex(get(r, "Msg")));
            let ok = match DsaPublicKey::from_components(pr, &hex(get(r, "Y"))) {
                Ok(k) => k
                    .verify_digest_rs_vartime(&dg, &hex(get(r, "R")), &hex(get(r, "S")))
                    .is_ok(),
                Err(_) => false,
            };
            assert_eq!(ok, want, "case {i} {g} {}", get(r, "Result"));
        }
    });
}

#[test]
fn cavp_keypair() {
    let recs = records("dsa/KeyPair.rsp", "X");
    assert_eq!(recs.len(), 8);
    for_each_impl::<Impl>("cavp_keypair", |imp| {
        for (g, r) in &recs {
            let pr = params(r, imp);
            let key =
                DsaPrivateKey::from_components(&pr, &hex(get(r, "X")), Some(&hex(get(r, "Y"))))
                    .unwrap_or_else(|e| panic!("{g}: {e}"));
            assert_eq!(key.public_key().y(), hex(get(r, "Y")).as_slice());
            // A wrong y is refused.
            let mut y = hex(get(r, "Y"));
            *y.last_mut().unwrap() ^= 1;
            assert!(DsaPrivateKey::from_components(&pr, &hex(get(r, "X")), Some(&y)).is_err());
        }
    });
}

#[test]
fn cavp_pqgver() {
    let recs = records("dsa/PQGVer.rsp", "P");
    assert_eq!(recs.len(), 25);
    let (mut seeds, mut gens) = (0, 0);
    for (g, r) in &recs {
        let want = get(r, "Result").starts_with('P');
        if g.starts_with("[A.2.2") || r.iter().any(|(k, _)| k == "G") {
            // A.2.2: g checked on load (1 < g < p, g^q = 1).
            gens += 1;
            let ok =
                DsaParams::from_components(&hex(get(r, "P")), &hex(get(r, "Q")), &hex(get(r, "G")))
                    .is_ok();
            assert_eq!(ok, want, "{g} {}", get(r, "Result"));
            continue;
        }
        seeds += 1;
        let (p, q, seed) = (hex(get(r, "P")), hex(get(r, "Q")), hex(get(r, "Seed")));
        let c: u32 = get(r, "c").parse().unwrap();
        let ok = match group_hash(g) {
            "SHA-1" => validate_pq::<Sha1>(&p, &q, &seed, c),
            "SHA-224" => validate_pq::<Sha224>(&p, &q, &seed, c),
            "SHA-256" => validate_pq::<Sha256>(&p, &q, &seed, c),
            h => panic!("{h}"),
        }
        .unwrap();
        assert_eq!(ok, want, "{g} {}", get(r, "Result"));
    }
    assert_eq!((seeds, gens), (5, 20));
}

#[test]
fn signature_der_is_strict() {
    // Minimal DER passes; a leading zero, a long-form length, a negative
    // integer and trailing data do not.
    let ok = [0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02];
    assert!(decode_signature(&ok).is_ok());
    for bad in [
        &[0x30, 0x07, 0x02, 0x02, 0x00, 0x01, 0x02, 0x01, 0x02][..],
        &[0x30, 0x81, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02],
        &[0x30, 0x06, 0x02, 0x01, 0x81, 0x02, 0x01, 0x02],
        &[0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02, 0x00],
        &[0x30, 0x07, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02, 0x00],
    ] {
        assert!(decode_signature(bad).is_err(), "{bad:02x?}");
    }
}

/// FIPS 186-4 A.1.1.2 generation at 1024/160 (about a second natively;
/// skipped under an emulator, where it takes far longer): the result
/// passes A.1.1.3 validation of its own seed and counter, the primality
/// tests, and signs and verifies. The larger sizes are not generated in
/// tests (seconds each); they share this code.
#[test]
fn generate_1024_params() {
    if std::env::vars().any(|(k, _)| k.starts_with("CARGO_TARGET_") && k.ends_with("_RUNNER")) {
        eprintln!("generate_1024_params: skipped: under an emulator");
        return;
    }
    let (pr, seed, counter) = DsaParams::generate(1024, 160).unwrap();
    assert_eq!(pr.sizes(), (1024, 160));
    assert!(validate_pq::<Sha256>(pr.p(), pr.q(), &seed, counter).unwrap());
    assert!(!validate_pq::<Sha256>(pr.p(), pr.q(), &seed, counter + 1).unwrap());
    pr.check_primes().unwrap();
    let again = DsaParams::from_pem(&pr.to_pem().unwrap()).unwrap();
    assert_eq!(again, pr);
    let key = DsaPrivateKey::generate(&pr).unwrap();
    let sig = key.sign::<Sha256>(b"generated").unwrap();
    key.public_key()
        .verify::<Sha256>(b"generated", &sig)
        .unwrap();
    assert!(
        key.public_key()
            .verify::<Sha256>(b"generatee", &sig)
            .is_err()
    );
    assert!(DsaParams::generate(1024, 256).is_err());
}

/// Keys and parameters in every encoding round-trip; truncated or
/// corrupted encodings are errors, never panics.
#[test]
fn encodings_round_trip_and_reject_garbage() {
    let pem = std::fs::read_to_string(vector_path("dsa/params-1024.pem")).unwrap();
    let pr = DsaParams::from_pem(&pem).unwrap();
    assert_eq!(pr.to_pem().unwrap(), pem);
    let key = DsaPrivateKey::generate(&pr).unwrap();
    let pk8 = key.to_pkcs8_der().unwrap();
    let trad = key.to_traditional_der();
    for der in [&pk8[..], &trad[..]] {
        let k = DsaPrivateKey::from_der(der).unwrap();
        assert_eq!(k.public_key(), key.public_key());
        for len in 0..der.len() {
            assert!(DsaPrivateKey::from_der(&der[..len]).is_err());
        }
    }
    let k = DsaPrivateKey::from_pem(&key.to_traditional_pem().unwrap()).unwrap();
    assert_eq!(k.to_pkcs8_pem().unwrap(), key.to_pkcs8_pem().unwrap());
    assert!(peregrine::dsa::is_private_key(&pk8) && peregrine::dsa::is_private_key(&trad));
    let spki = key.public_key().to_spki_der().unwrap();
    assert!(peregrine::dsa::is_public_key(&spki) && !peregrine::dsa::is_public_key(&pk8));
    assert_eq!(
        &DsaPublicKey::from_spki_der(&spki).unwrap(),
        key.public_key()
    );
    for len in 0..spki.len() {
        assert!(DsaPublicKey::from_spki_der(&spki[..len]).is_err());
    }
    // A y outside the subgroup, g = 1, q not dividing p - 1, x = 0 or q.
    assert!(DsaPublicKey::from_components(&pr, &[2]).is_err());
    assert!(DsaPublicKey::from_components(&pr, pr.p()).is_err());
    assert!(DsaParams::from_components(pr.p(), pr.q(), &[1]).is_err());
    let mut q2 = pr.q().to_vec();
    *q2.last_mut().unwrap() ^= 2;
    assert!(DsaParams::from_components(pr.p(), &q2, pr.g()).is_err());
    assert!(DsaPrivateKey::from_components(&pr, &[0], None).is_err());
    assert!(DsaPrivateKey::from_components(&pr, pr.q(), None).is_err());
    // Signatures out of range do not verify.
    let pk = key.public_key();
    let dg = [1u8; 32];
    let sig = key.sign_digest::<Sha256>(&dg).unwrap();
    let (r, s) = decode_signature(&sig).unwrap();
    pk.verify_digest_rs_vartime(&dg, r, s).unwrap();
    assert!(pk.verify_digest_rs_vartime(&dg, &[], s).is_err());
    assert!(pk.verify_digest_rs_vartime(&dg, r, pr.q()).is_err());
    // Hedged signatures differ; deterministic ones do not.
    assert_ne!(sig, key.sign_digest::<Sha256>(&dg).unwrap());
    assert_eq!(
        key.sign_digest_deterministic::<Sha256>(&dg).unwrap(),
        key.sign_digest_deterministic::<Sha256>(&dg).unwrap()
    );
}

/// The exponentiations DSA uses agree with `Modulus::pow` on every kernel:
/// the comb (constant time and the two-base variable-time form) and the
/// simultaneous `pow2_vartime`, on exponents of every length up to the
/// table's, including zero and all ones.
#[test]
fn comb_and_pow2_match_pow() {
    use peregrine::bignum::{Modulus, Nat};
    let pem = std::fs::read_to_string(vector_path("dsa/params-1024.pem")).unwrap();
    let pr = DsaParams::from_pem(&pem).unwrap();
    for_each_impl::<Impl>("comb_and_pow2_match_pow", |imp| {
        let m = Modulus::with_impl(&Nat::from_be_bytes(pr.p()), imp).unwrap();
        let a = Nat::from_be_bytes_width(pr.g(), m.limbs()).unwrap();
        let b = m.mul_mod(&a, &a).unwrap();
        let (ta, tb) = (
            m.comb_table(&a, 160).unwrap(),
            m.comb_table(&b, 160).unwrap(),
        );
        for len in [0usize, 1, 7, 19, 20] {
            for fill in [0u8, 0x5a, 0xff] {
                let e: Vec<u8> = (0..len)
                    .map(|i| fill ^ (i as u8).wrapping_mul(37))
                    .collect();
                let f: Vec<u8> = e.iter().rev().map(|x| x ^ 0xc3).collect();
                let want_a = m.pow(&a, &e).unwrap();
                assert!(
                    bool::from(m.pow_comb(&ta, &e).unwrap().ct_eq(&want_a)),
                    "{len}"
                );
                let want = m.mul_mod(&want_a, &m.pow(&b, &f).unwrap()).unwrap();
                let got = m.pow2_comb_vartime(&ta, &e, &tb, &f).unwrap();
                assert!(bool::from(got.ct_eq(&want)), "{len} {fill}");
                let got = m.pow2_vartime(&a, &e, &b, &f).unwrap();
                assert!(bool::from(got.ct_eq(&want)), "{len} {fill}");
            }
        }
        // Longer than the table: an error, not a wrong answer.
        assert!(m.pow_comb(&ta, &[1u8; 21]).is_err());
    });
}
