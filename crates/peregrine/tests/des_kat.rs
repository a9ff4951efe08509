//! Known-answer tests for DES, 3DES and Blowfish and their 64-bit-block
//! modes, every vector on every backend the CPU can run: NIST CAVP TDES
//! (SP 800-20 KATs: inverse permutation, permutation operation,
//! substitution table, variable key, variable text; MMT for one-, two- and
//! three-key TDES) in ECB, CBC, CFB64 and OFB; single DES through the
//! KAT records whose three keys are equal; Eric Young's Blowfish vectors
//! (ECB, key lengths 1 to 24, CBC, CFB64, OFB64).

mod common;

use common::{for_each_impl, get, hex, parse_blocks, vector_path};
use peregrine::cipher::blowfish::BlowfishVartime;
use peregrine::cipher::des::{self, Des, TripleDes};
use peregrine::mode::block64::{
    BlockCipher64, Cbc64Decryptor, Cbc64Encryptor, Cfb64, Ecb64, Ofb64,
};

/// KEY (24 bytes), IV, PLAINTEXT, CIPHERTEXT.
type Record = (Vec<u8>, Vec<u8>, Vec<u8>, Vec<u8>);

fn records(file: &str) -> Vec<Record> {
    let recs: Vec<_> = parse_blocks(file)
        .into_iter()
        .filter(|b| get(b, "PLAINTEXT").is_some())
        .map(|b| {
            let f = |k: &str| hex(get(&b, k).unwrap_or(""));
            let key = match get(&b, "KEYs") {
                Some(k) => hex(&k.repeat(3)),
                None => [f("KEY1"), f("KEY2"), f("KEY3")].concat(),
            };
            assert_eq!(key.len(), 24, "{file}");
            (key, f("IV"), f("PLAINTEXT"), f("CIPHERTEXT"))
        })
        .collect();
    assert!(!recs.is_empty(), "{file}: no records");
    recs
}

const KATS: [&str; 5] = ["invperm", "permop", "subtab", "varkey", "vartext"];

fn files(prefix: &str, kats: bool) -> Vec<String> {
    let mut v: Vec<String> = (1..=3).map(|i| format!("des/{prefix}MMT{i}.rsp")).collect();
    if kats {
        v.extend(KATS.iter().map(|k| format!("des/{prefix}{k}.rsp")));
    }
    v
}

/// Runs a cipher on (IV, input, decrypt?) and returns the output.
type Runner<'a> = &'a dyn Fn(&dyn Cipher, &[u8], &[u8], bool) -> Vec<u8>;

/// Checks one record in both directions with the key set up as 3DES
/// (three keys), as two-key 3DES when k3 = k1, and as single DES when all
/// three are equal.
fn check(file: &str, rec: &Record, imp: des::Checked, run: Runner<'_>) {
    let (key, iv, pt, ct) = rec;
    let mut ciphers: Vec<Box<dyn Cipher>> = vec![Box::new(TripleDes::with_impl(key, imp).unwrap())];
    if key[..8] == key[16..] {
        ciphers.push(Box::new(TripleDes::with_impl(&key[..16], imp).unwrap()));
    }
    if key[..8] == key[8..16] && key[..8] == key[16..] {
        ciphers.push(Box::new(Des::with_impl(&key[..8], imp).unwrap()));
    }
    for c in &ciphers {
        assert_eq!(
            &run(c.as_ref(), iv, pt, false),
            ct,
            "{file} encrypt {imp:?}"
        );
        assert_eq!(&run(c.as_ref(), iv, ct, true), pt, "{file} decrypt {imp:?}");
    }
}

/// An object-safe view of the ciphers, so one runner covers all of them.
trait Cipher {
    fn ecb(&self, data: &mut [u8], decrypt: bool);
    fn cbc(&self, iv: &[u8], data: &mut [u8], decrypt: bool);
    fn cfb(&self, iv: &[u8], data: &mut [u8], decrypt: bool);
    fn ofb(&self, iv: &[u8], data: &mut [u8]);
}

impl<C: BlockCipher64 + Clone> Cipher for C {
    fn ecb(&self, data: &mut [u8], decrypt: bool) {
        let e = Ecb64::new(self.clone());
        if decrypt {
            e.decrypt(data)
        } else {
            e.encrypt(data)
        }
        .unwrap();
    }
    fn cbc(&self, iv: &[u8], data: &mut [u8], decrypt: bool) {
        if decrypt {
            Cbc64Decryptor::new(self.clone(), iv)
                .unwrap()
                .decrypt(data)
                .unwrap();
        } else {
            Cbc64Encryptor::new(self.clone(), iv)
                .unwrap()
                .encrypt(data)
                .unwrap();
        }
    }
    fn cfb(&self, iv: &[u8], data: &mut [u8], decrypt: bool) {
        let mut c = Cfb64::new(self.clone(), iv).unwrap();
        if decrypt {
            c.decrypt(data)
        } else {
            c.encrypt(data)
        }
    }
    fn ofb(&self, iv: &[u8], data: &mut [u8]) {
        Ofb64::new(self.clone(), iv).unwrap().apply(data);
    }
}

fn run_mode(prefix: &str, kats: bool, f: fn(&dyn Cipher, &[u8], &mut [u8], bool)) {
    for_each_impl::<des::Impl>(prefix, |imp| {
        let mut n = 0;
        for file in files(prefix, kats) {
            for rec in records(&file) {
                check(&file, &rec, imp, &|c, iv, data, dec| {
                    let mut d = data.to_vec();
                    f(c, iv, &mut d, dec);
                    d
                });
                n += 1;
            }
        }
        assert!(n > 100, "{prefix}: only {n} records");
    });
}

#[test]
fn tdes_ecb() {
    run_mode("TECB", true, |c, _, d, dec| c.ecb(d, dec));
}

#[test]
fn tdes_cbc() {
    run_mode("TCBC", true, |c, iv, d, dec| c.cbc(iv, d, dec));
}

#[test]
fn tdes_cfb64_ofb() {
    for_each_impl::<des::Impl>("TCFB64/TOFB", |imp| {
        for file in files("TCFB64", false) {
            for rec in records(&file) {
                check(&file, &rec, imp, &|c, iv, data, dec| {
                    let mut d = data.to_vec();
                    c.cfb(iv, &mut d, dec);
                    d
                });
            }
        }
        for file in files("TOFB", false) {
            for rec in records(&file) {
                check(&file, &rec, imp, &|c, iv, data, _| {
                    let mut d = data.to_vec();
                    c.ofb(iv, &mut d);
                    d
                });
            }
        }
    });
}

#[test]
fn classic_des_vector() {
    // FIPS 46 worked example (key 133457799BBCDFF1).
    for_each_impl::<des::Impl>("des", |imp| {
        let d = Des::with_impl(&hex("133457799bbcdff1"), imp).unwrap();
        let ct = d.encrypt_block(hex("0123456789abcdef").try_into().unwrap());
        assert_eq!(ct.to_vec(), hex("85e813540f0ab405"));
        assert_eq!(d.decrypt_block(ct).to_vec(), hex("0123456789abcdef"));
    });
}

#[test]
fn bad_lengths_are_errors() {
    for n in [0, 7, 9, 16, 24] {
        assert!(Des::new(&vec![1; n]).is_err() == (n != 8), "DES key {n}");
    }
    for n in [0, 8, 15, 17, 23, 25, 32] {
        assert!(TripleDes::new(&vec![1; n]).is_err(), "3DES key {n}");
    }
    assert!(BlowfishVartime::new(&[]).is_err());
    assert!(BlowfishVartime::new(&[0; 73]).is_err());
    assert!(BlowfishVartime::new(&[0; 72]).is_ok());
    let k = TripleDes::new(&[1; 24]).unwrap();
    assert!(Cbc64Encryptor::new(k.clone(), &[0; 16]).is_err());
    assert!(
        Cbc64Encryptor::new(k.clone(), &[0; 8])
            .unwrap()
            .encrypt(&mut [0; 12])
            .is_err()
    );
    assert!(Ecb64::new(k.clone()).encrypt(&mut [0; 7]).is_err());
    let mut out = [0u8; 9];
    assert!(Ecb64::new(k.clone()).encrypt_to(&[0; 8], &mut out).is_err());
    assert_eq!(
        Cbc64Decryptor::new(k, &[0; 8])
            .unwrap()
            .decrypt_padded(&mut [0; 8]),
        Err(peregrine::Error::InvalidPadding)
    );
}

#[test]
fn weak_keys_are_reported() {
    let weak = [
        "0101010101010101",
        "fefefefefefefefe",
        "e0e0e0e0f1f1f1f1",
        "1f1f1f1f0e0e0e0e",
        "011f011f010e010e",
        "1f011f010e010e01",
        "01e001e001f101f1",
        "e001e001f101f101",
        "01fe01fe01fe01fe",
        "fe01fe01fe01fe01",
        "1fe01fe00ef10ef1",
        "e01fe01ff10ef10e",
        "1ffe1ffe0efe0efe",
        "fe1ffe1ffe0efe0e",
        "e0fee0fef1fef1fe",
        "fee0fee0fef1fef1",
    ];
    for w in weak {
        let k: [u8; 8] = hex(w).try_into().unwrap();
        assert!(des::is_weak_key(&k), "{w}");
        // Parity bits are ignored.
        let flipped = k.map(|b| b ^ 1);
        assert!(des::is_weak_key(&flipped), "{w} with other parity");
    }
    // Weak keys: encrypting twice is the identity.
    let d = Des::new(&hex("0101010101010101")).unwrap();
    let x = *b"12345678";
    assert_eq!(d.encrypt_block(d.encrypt_block(x)), x);
    for k in [
        "0123456789abcdef",
        "133457799bbcdff1",
        "0101010101010103",
        "0000000000000200",
    ] {
        let k: [u8; 8] = hex(k).try_into().unwrap();
        assert!(!des::is_weak_key(&k));
    }
}

// --- Blowfish: Eric Young's vectors (Schneier's vectors.txt) ---

fn bf_text() -> String {
    std::fs::read_to_string(vector_path("blowfish/vectors.txt")).unwrap()
}

fn after<'a>(text: &'a str, label: &str) -> &'a str {
    &text[text.find(label).unwrap_or_else(|| panic!("no '{label}'")) + label.len()..]
}

fn hex_token(s: &str) -> Vec<u8> {
    hex(s.split_whitespace().next().unwrap())
}

#[test]
fn blowfish_ecb_and_set_key() {
    let text = bf_text();
    let mut n = 0;
    for line in text.lines() {
        let t: Vec<&str> = line.split_whitespace().collect();
        if t.len() >= 3 && t[0].len() == 16 && t[1].len() == 16 && t[2].len() == 16 {
            let (k, p, c) = (hex(t[0]), hex(t[1]), hex(t[2]));
            let bf = BlowfishVartime::new(&k).unwrap();
            let mut d = p.clone();
            Ecb64::new(bf.clone()).encrypt(&mut d).unwrap();
            assert_eq!(d, c, "{line}");
            Ecb64::new(bf).decrypt(&mut d).unwrap();
            assert_eq!(d, p, "{line}");
            n += 1;
        }
    }
    assert_eq!(n, 34);
    let data = hex_token(after(&text, "data[8]="));
    let mut m = 0;
    for line in after(&text, "set_key test data").lines() {
        if let (Some(c), Some(k)) = (line.strip_prefix("c="), line.find("]=")) {
            let key = hex_token(&line[k + 2..]);
            let bf = BlowfishVartime::new(&key).unwrap();
            let ct = bf.encrypt_block(data.clone().try_into().unwrap());
            assert_eq!(ct.to_vec(), hex_token(c), "{line}");
            m += 1;
        }
    }
    assert_eq!(m, 24);
}

#[test]
fn blowfish_chaining_modes() {
    let text = bf_text();
    let key = hex_token(after(&text, "key[16]   ="));
    let iv = hex_token(after(&text, "iv[8]     ="));
    let rest = after(&text, "data[29]  = \"");
    let data = hex_token(after(rest, "data[29]  ="));
    let cbc = hex_token(after(&text, "cipher[32]="));
    let cfb = hex_token(after(after(&text, "cfb64 cipher text"), "cipher[29]="));
    let ofb = hex_token(after(after(&text, "ofb64 cipher text"), "cipher[29]="));
    let bf = BlowfishVartime::new(&key).unwrap();
    // CBC: the 29 bytes zero-padded to 32.
    let mut d = data.clone();
    d.resize(32, 0);
    Cbc64Encryptor::new(bf.clone(), &iv)
        .unwrap()
        .encrypt(&mut d)
        .unwrap();
    assert_eq!(d, cbc);
    Cbc64Decryptor::new(bf.clone(), &iv)
        .unwrap()
        .decrypt(&mut d)
        .unwrap();
    assert_eq!(&d[..29], &data[..]);
    // CFB64 and OFB64, byte-granular streams: whole and split.
    for split in [0, 1, 7, 8, 13, 29] {
        let mut d = data.clone();
        let mut c = Cfb64::new(bf.clone(), &iv).unwrap();
        let (a, b) = d.split_at_mut(split);
        c.encrypt(a);
        c.encrypt(b);
        assert_eq!(d, cfb, "cfb split {split}");
        let mut c = Cfb64::new(bf.clone(), &iv).unwrap();
        let (a, b) = d.split_at_mut(split);
        c.decrypt(a);
        c.decrypt(b);
        assert_eq!(d, data, "cfb decrypt split {split}");
        let mut o = Ofb64::new(bf.clone(), &iv).unwrap();
        let (a, b) = d.split_at_mut(split);
        o.apply(a);
        o.apply(b);
        assert_eq!(d, ofb, "ofb split {split}");
    }
}
