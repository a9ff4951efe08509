//! Every peer computes what Peregrine computes: its benchmark closure next
//! to Peregrine's on the same buffers (same bytes left there, same byte
//! returned), whole digests and tags against Peregrine's API, AEAD seals
//! byte for byte, and RSA signatures on the same key.

use super::common::{AEAD_NONCE, CIPHER_KEY, HMAC_KEY, Sealer, XNONCE};
use super::{BenchOptions, Peer};
use peregrine::registry::{self, Kind, StreamOptions};

type Oneshot = (&'static str, &'static str, fn(&[u8]) -> Option<Vec<u8>>);
type Sealers = (
    &'static str,
    &'static str,
    fn(&BenchOptions) -> Option<Sealer>,
);

#[cfg(feature = "peers")]
fn graviola_runs() -> bool {
    let ok = graviola::util::is_cpu_supported();
    if !ok {
        eprintln!("skipped: graviola (is_cpu_supported() = false)");
    }
    ok
}

fn oneshots() -> Vec<Oneshot> {
    #[allow(unused_mut)]
    let mut v = Vec::new();
    #[cfg(feature = "peers")]
    {
        v.extend(super::ring::oneshot_outputs());
        if graviola_runs() {
            v.extend(super::graviola::oneshot_outputs());
        }
        v.extend(super::rustcrypto::oneshot_outputs());
    }
    #[cfg(feature = "peers-openssl")]
    v.extend(super::openssl::oneshot_outputs());
    v
}

fn sealers() -> Vec<Sealers> {
    #[allow(unused_mut)]
    let mut v = Vec::new();
    #[cfg(feature = "peers")]
    {
        v.extend(super::ring::sealers());
        if graviola_runs() {
            v.extend(super::graviola::sealers());
        }
        v.extend(super::rustcrypto::sealers());
    }
    #[cfg(feature = "peers-openssl")]
    v.extend(super::openssl::sealers());
    v
}

fn input(len: usize) -> Vec<u8> {
    (0..len as u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect()
}

#[test]
fn every_peer_is_a_registry_row() {
    let peers = super::all();
    assert!(!peers.is_empty());
    for p in &peers {
        let a = registry::find(p.alg).unwrap_or_else(|| panic!("{}: no such row", p.alg));
        assert_eq!(
            a.name, p.alg,
            "{} [{}]: speed matches on the name",
            p.alg, p.label
        );
    }
    let mut seen: Vec<_> = peers.iter().map(|p| (p.alg, p.label)).collect();
    seen.sort();
    let n = seen.len();
    seen.dedup();
    assert_eq!(seen.len(), n, "one peer per (row, label)");
    let notes = super::notes();
    assert!(!notes.is_empty());
    for n in notes {
        eprintln!("note: {n}");
    }
}

/// Each peer's benchmark closure against Peregrine's (best backend) on
/// identical buffers of several lengths, in both directions and with and
/// without AAD: the same bytes left in the buffer (ciphertext, plaintext)
/// and the same byte returned (first byte of digest, tag, output). The
/// closures keep their state across calls (CBC, CTR), so the lengths run
/// in the same order on both.
#[test]
fn bench_closures_match_peregrine() {
    let mut checked = 0;
    for p in super::all() {
        let alg = registry::find(p.alg).expect("registry row");
        if matches!(alg.kind, Kind::PublicKey(_)) {
            continue;
        }
        for decrypt in [false, true] {
            if decrypt && !alg.kind.has_decrypt() {
                continue;
            }
            for tls_aad in [false, true] {
                if tls_aad && alg.kind != Kind::Aead {
                    continue;
                }
                let o = BenchOptions {
                    decrypt,
                    tls_aad,
                    op: 0,
                };
                let mut ours = alg.bench(alg.best(), &o).expect("Peregrine's row");
                let mut theirs = (p.bench)(&o)
                    .unwrap_or_else(|| panic!("{} [{}] has no closure", p.alg, p.label));
                for len in [0, 1, 15, 16, 17, 63, 64, 100, 256, 1000, 4096] {
                    if !alg.accepts_size(len) {
                        continue;
                    }
                    let mut a = input(len);
                    let mut b = a.clone();
                    let (x, y) = (ours(&mut a), theirs(&mut b));
                    let what = format!("{} [{}] {o:?} len {len}", p.alg, p.label);
                    assert_eq!(a, b, "{what}: buffers differ");
                    if decrypt && alg.kind == Kind::Aead {
                        // The peer returns `opened ^ first byte`.
                        assert_eq!(x ^ 1, y, "{what}: open failed");
                    } else {
                        assert_eq!(x, y, "{what}: results differ");
                    }
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 0);
}

/// What Peregrine computes for `alg` on `msg`: the hash, the XOF's default
/// length, HMAC over the hash with the bench key, or Poly1305.
fn peregrine_output(alg: &str, msg: &[u8]) -> Vec<u8> {
    if alg == "poly1305" {
        let key: [u8; 32] = CIPHER_KEY[..32].try_into().expect("32 bytes");
        let mut m = peregrine::mac::poly1305::Poly1305::new(&key);
        m.update(msg);
        return m.finalize().to_vec();
    }
    let (hash, hmac_key) = match alg {
        "hmac" => ("sha256", Some(&HMAC_KEY[..])),
        a => match a.strip_prefix("hmac-") {
            Some(h) => (h, Some(&HMAC_KEY[..])),
            None => (a, None),
        },
    };
    let a = registry::find(hash).expect("registry row");
    let opts = StreamOptions {
        hmac_key,
        xof_len: None,
    };
    let mut s = a.stream(a.best(), &opts).expect("streamable");
    s.update(msg);
    s.finish()
}

#[test]
fn digests_and_tags_match_peregrine() {
    let list = oneshots();
    assert!(!list.is_empty());
    for (alg, label, f) in list {
        for len in [0, 3, 64, 129, 1000] {
            let msg = input(len);
            let Some(theirs) = f(&msg) else {
                // Before OpenSSL 3 libcrypto has no EVP_MAC for Poly1305.
                let pre_ossl3 = cfg!(not(peregrine_ossl3)) && label == "openssl";
                assert!(
                    pre_ossl3 && alg == "poly1305",
                    "{alg} [{label}] did not set up"
                );
                continue;
            };
            assert_eq!(
                theirs,
                peregrine_output(alg, &msg),
                "{alg} [{label}] len {len}"
            );
        }
    }
}

/// Peregrine's AEAD for a row name, on the bench key, and its nonce.
fn peregrine_aead(alg: &str) -> (Box<dyn peregrine::aead::Aead>, &'static [u8]) {
    use peregrine::aead::aes_ccm::AesCcm;
    use peregrine::aead::aes_gcm::AesGcm;
    use peregrine::aead::chacha20_poly1305::{ChaCha20Poly1305, XChaCha20Poly1305};
    let k = match alg.get(..7) {
        Some("aes-128") => 16,
        Some("aes-192") => 24,
        _ => 32,
    };
    let key = &CIPHER_KEY[..k];
    match alg {
        "chacha20-poly1305" => (
            Box::new(ChaCha20Poly1305::new(key).expect("key")),
            &AEAD_NONCE,
        ),
        "xchacha20-poly1305" => (Box::new(XChaCha20Poly1305::new(key).expect("key")), &XNONCE),
        a if a.ends_with("-gcm") => (Box::new(AesGcm::new(key).expect("key")), &AEAD_NONCE),
        a if a.ends_with("-ccm") => (
            Box::new(AesCcm::new(key, 12, 16).expect("key")),
            &AEAD_NONCE,
        ),
        a => panic!("no AEAD {a}"),
    }
}

/// Each AEAD peer's seal of a fixed message is Peregrine's ciphertext and
/// tag, byte for byte (no AAD, and the 13-byte AAD); its open takes them
/// back and refuses a changed tag.
#[test]
fn aead_seals_match_peregrine() {
    let list = sealers();
    assert!(!list.is_empty());
    for (alg, label, make) in list {
        for tls_aad in [false, true] {
            let o = BenchOptions {
                tls_aad,
                ..BenchOptions::default()
            };
            let mut s = make(&o).unwrap_or_else(|| panic!("{alg} [{label}] did not set up"));
            let (ours, nonce) = peregrine_aead(alg);
            let aad = super::common::aad(&o);
            for len in [0, 1, 100, 1000] {
                let msg = input(len);
                let mut a = msg.clone();
                let tag = ours
                    .seal_in_place_detached(nonce, aad, &mut a)
                    .expect("seal");
                let mut b = msg.clone();
                let t = (s.seal)(&mut b);
                let what = format!("{alg} [{label}] aad {tls_aad} len {len}");
                assert_eq!(b, a, "{what}: ciphertext");
                assert_eq!(&t[..], tag.as_ref(), "{what}: tag");
                assert!((s.open)(&mut b, &t), "{what}: open");
                assert_eq!(b, msg, "{what}: opened plaintext");
                let mut bad = t;
                bad[0] ^= 1;
                let mut c = a.clone();
                assert!(!(s.open)(&mut c, &bad), "{what}: open of a changed tag");
            }
        }
    }
}

/// RSA peers on the 2048-bit bench key: the same PKCS#1 v1.5 signature
/// (deterministic, so its first byte must match), a verify that passes,
/// a decrypt that gives back the 32 bytes, and an encrypt that runs.
#[test]
fn rsa_peers_match_peregrine() {
    let alg = registry::find("rsa2048").expect("row");
    let peers: Vec<Peer> = super::all()
        .into_iter()
        .filter(|p| p.alg == "rsa2048")
        .collect();
    assert!(!peers.is_empty());
    // ring, aws-lc-rs and graviola take the message and hash it (SHA-256
    // of the 32 bytes) before signing: their signature is Peregrine's over
    // that hash.
    let message_signers = ["ring", "aws-lc-rs", "graviola"];
    let key =
        peregrine::rsa::RsaPrivateKey::from_der(registry::rsa_bench_key(2048).expect("bench key"))
            .expect("key");
    let hash = peregrine_output("sha256", &super::common::RSA_DIGEST);
    let sig_of_hash = key
        .sign_pkcs1v15_digest::<peregrine::hash::sha256::Sha256>(&hash)
        .expect("sign");
    for p in peers {
        for (op, want) in [(0usize, None), (1, Some(1u8)), (2, None), (3, Some(0x5a))] {
            let o = BenchOptions {
                op,
                ..BenchOptions::default()
            };
            let Some(mut theirs) = (p.bench)(&o) else {
                eprintln!("rsa2048 [{}] op {op}: n/a", p.label);
                continue;
            };
            let y = theirs(&mut []);
            let mut ours = alg.bench(alg.best(), &o).expect("Peregrine's row");
            let x = ours(&mut []);
            match (op, want) {
                (0, _) if message_signers.contains(&p.label) => {
                    assert_eq!(y, sig_of_hash[0], "rsa2048 [{}]: signature", p.label)
                }
                (0, _) => assert_eq!(x, y, "rsa2048 [{}]: signature", p.label),
                (_, Some(w)) => assert_eq!(y, w, "rsa2048 [{}] op {op}", p.label),
                _ => {}
            }
        }
    }
}

type EcMaker = (
    &'static str,
    &'static str,
    fn(usize) -> Option<super::common::EcFn>,
);

fn ec_makers() -> Vec<EcMaker> {
    #[allow(unused_mut)]
    let mut v = Vec::new();
    #[cfg(feature = "peers")]
    {
        v.extend(super::ring::ec_makers());
        if graviola_runs() {
            v.extend(super::graviola::ec_makers());
        }
        v.extend(super::rustcrypto::ec_makers());
    }
    #[cfg(feature = "peers-openssl")]
    v.extend(super::openssl::ec_makers());
    v
}

/// What Peregrine computes for a curve25519 row's operation, whole: the
/// shared secret, the public key, the signature, the verdict (1).
fn peregrine_ec(alg: &str, op: usize) -> Vec<u8> {
    use peregrine::ec::curve25519::{ed25519, x25519};
    use registry::{ED25519_BENCH_MESSAGE, ED25519_BENCH_SEED};
    let x = x25519::PrivateKey::from_bytes(registry::X25519_BENCH_PRIVATE);
    let ed = ed25519::SigningKey::from_seed(&ED25519_BENCH_SEED);
    match (alg, op) {
        ("ecdhx25519", 0) => x
            .diffie_hellman(&x25519::PublicKey(registry::X25519_BENCH_PEER))
            .expect("shared secret")
            .as_bytes()
            .to_vec(),
        ("x25519-keygen", 0) => x.public_key().0.to_vec(),
        ("ed25519", 0) => ed.sign(&ED25519_BENCH_MESSAGE).to_vec(),
        ("ed25519", 1) => vec![1],
        ("ed25519-keygen", 0) => ed.verifying_key().as_bytes().to_vec(),
        ("ecdsap256" | "ecdsap384" | "ecdsap521", 1) => vec![1],
        ("ecdhp256", 0) => nist_secret(0),
        ("ecdhp384", 0) => nist_secret(1),
        ("ecdhp521", 0) => nist_secret(2)[..64].to_vec(),
        _ => panic!("no curve25519 operation {alg} {op}"),
    }
}

/// The NIST bench key's ECDH secret with its own public point.
fn nist_secret(i: usize) -> Vec<u8> {
    use peregrine::ec::nist::{p256, p384, p521};
    let (d, _) = super::common::nist_key(i);
    match i {
        0 => {
            let k = p256::PrivateKey::from_bytes(&d).expect("key");
            k.diffie_hellman(k.public_key()).expect("secret").to_vec()
        }
        1 => {
            let k = p384::PrivateKey::from_bytes(&d).expect("key");
            k.diffie_hellman(k.public_key()).expect("secret").to_vec()
        }
        _ => {
            let k = p521::PrivateKey::from_bytes(&d).expect("key");
            k.diffie_hellman(k.public_key()).expect("secret").to_vec()
        }
    }
}

/// ring takes no fixed X25519 private key: its rows agree with (or make
/// the public key of) a fresh ephemeral key per call, so they are checked
/// by the Diffie-Hellman relation instead of by bytes. ECDSA signatures
/// carry a random nonce (every library here but RustCrypto, whose
/// deterministic signatures are checked to repeat): only their
/// verification (op 1) is compared.
fn ring_random(alg: &str, label: &str, op: usize) -> bool {
    (label == "ring"
        && matches!(
            alg,
            "ecdhx25519" | "x25519-keygen" | "ecdhp256" | "ecdhp384"
        ))
        || (alg.starts_with("ecdsap") && op == 0)
}

/// Every curve25519 peer gives Peregrine's whole result on the bench keys
/// (shared secret, public key, signature, verdict), twice in a row (the
/// set-up state is reused), and its benchmark closure returns the byte
/// Peregrine's row returns.
#[test]
fn curve25519_peers_match_peregrine() {
    let list = ec_makers();
    assert!(!list.is_empty());
    let mut checked = 0;
    for (alg, label, make) in list {
        let row = registry::find(alg).expect("registry row");
        let Kind::PublicKey(ops) = row.kind else {
            panic!("{alg} is not a public-key row");
        };
        for (op, name) in ops.iter().enumerate() {
            let what = format!("{alg} [{label}] {name}");
            let mut f = make(op).unwrap_or_else(|| panic!("{what}: did not set up"));
            let mut out = [0u8; 64];
            let n = f(&mut out);
            let first = out[..n].to_vec();
            let n2 = f(&mut out);
            if label == "rustcrypto" && alg.starts_with("ecdsap") && op == 0 {
                // RustCrypto signs with the pure RFC 6979 nonce
                assert!(n >= 64, "{what}");
                assert_eq!(first, out[..n2].to_vec(), "{what}: deterministic");
                continue;
            }
            if ring_random(alg, label, op) {
                assert!(n >= 32, "{what}");
                assert_ne!(first, out[..n2].to_vec(), "{what}: fresh keys");
                continue;
            }
            assert_eq!(first, peregrine_ec(alg, op), "{what}");
            assert_eq!(first, out[..n2].to_vec(), "{what}: second call");
            let o = BenchOptions {
                op,
                ..BenchOptions::default()
            };
            let mut ours = row.bench(row.best(), &o).expect("Peregrine's row");
            let mut theirs = super::common::ec_bench(make(op).expect("set up"));
            assert_eq!(theirs(&mut []), ours(&mut []), "{what}: bench closures");
            checked += 1;
        }
        assert!(make(ops.len()).is_none(), "{alg} [{label}]: no such op");
    }
    assert!(checked > 0);
}

/// ring's X25519 agreement (a fresh key per call, as its row times it)
/// gives the shared secret Peregrine computes from the other side: the
/// bench peer's private key with ring's ephemeral public key.
#[cfg(feature = "peers")]
#[test]
fn ring_x25519_by_the_dh_relation() {
    use peregrine::ec::curve25519::x25519;
    for _ in 0..3 {
        let mut out = [0u8; 64];
        assert_eq!(super::ring::ring_x25519_agree(&mut out, true), 32);
        let public: [u8; 32] = out[32..].try_into().expect("32 bytes");
        let ours = x25519::x25519(&registry::X25519_BENCH_PEER_PRIVATE, &public).expect("secret");
        assert_eq!(&out[..32], &ours[..]);
    }
}

/// The peer rows of `speed --peers` for the curve25519 rows exist for every
/// library of this build (none missing by mistake).
#[test]
fn curve25519_rows_have_every_peer() {
    let peers = super::all();
    for alg in ["ecdhx25519", "ed25519", "x25519-keygen", "ed25519-keygen"] {
        let labels: Vec<&str> = peers
            .iter()
            .filter(|p| p.alg == alg)
            .map(|p| p.label)
            .collect();
        #[allow(unused_mut)]
        let mut want: Vec<&str> = Vec::new();
        #[cfg(feature = "peers")]
        {
            want.extend(["ring", "aws-lc-rs", "rustcrypto"]);
            if graviola::util::is_cpu_supported() {
                want.push("graviola");
            }
        }
        #[cfg(feature = "peers-openssl")]
        want.push("openssl");
        for w in want {
            assert!(labels.contains(&w), "{alg}: no {w} peer in {labels:?}");
        }
    }
}
