//! RSA with the fixed benchmark keys (`registry::rsa_bench_key`, 1024 and
//! 2048 bits), on every Montgomery kernel, against OpenSSL on the same key.
//!
//! - PKCS#1 v1.5 and PSS verification of fuzzer-chosen signatures and
//!   messages: Peregrine's verdict equals OpenSSL's. The signature is the
//!   fuzzer's bytes, a valid signature with fuzzer flips, or (to reach the
//!   padding checks) a fuzzer-flipped *encoding* signed raw by OpenSSL.
//!   PSS salt length: auto, digest, max or exact.
//! - OAEP decryption (SHA-1/256/384/512, fuzzer label) of the fuzzer's
//!   ciphertext, a flipped valid one, or a flipped encoding encrypted raw:
//!   same verdict and plaintext as OpenSSL.
//! - PKCS#1 v1.5 signing of fuzzer messages: byte for byte OpenSSL's.

#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use openssl::encrypt::Decrypter;
use openssl::hash::MessageDigest;
use openssl::pkey::{PKey, Private};
use openssl::rsa::Padding;
use openssl::sign::{RsaPssSaltlen, Signer, Verifier};
use peregrine::bignum::mont;
use peregrine::hash::Hash;
use peregrine::hash::sha1::Sha1;
use peregrine::hash::sha3::{Sha3_224, Sha3_256, Sha3_384, Sha3_512};
use peregrine::hash::sha256::{Sha224, Sha256};
use peregrine::hash::sha512::{Sha384, Sha512, Sha512_224, Sha512_256};
use peregrine::registry::rsa_bench_key;
use peregrine::rsa::pss::SaltLen;
use peregrine::rsa::{DigestInfo, RsaPrivateKey, oaep, pkcs1v15, pss};
use peregrine_fuzz::{Input, hex, name, soft_first};

fuzz_target!(|data: &[u8]| run(data));

struct Key {
    /// The key on every kernel, soft first.
    on: Vec<(&'static str, RsaPrivateKey)>,
    ossl: PKey<Private>,
    k: usize,
    bits: usize,
}

fn keys() -> &'static [Key; 2] {
    static K: OnceLock<[Key; 2]> = OnceLock::new();
    K.get_or_init(|| {
        [1024, 2048].map(|bits| {
            let der = rsa_bench_key(bits).unwrap();
            let base = RsaPrivateKey::from_der(der).unwrap();
            let on = soft_first::<mont::Impl>()
                .into_iter()
                .map(|c| (name::<mont::Impl>(c), base.with_backend(c).unwrap()))
                .collect();
            let ossl = PKey::private_key_from_der(der).unwrap();
            let k = base.public_key().size();
            Key {
                on,
                ossl,
                k,
                bits: base.public_key().bits(),
            }
        })
    })
}

/// The hashes: (name, OpenSSL digest, can sign with PKCS#1 v1.5).
const HASHES: [&str; 11] = [
    "sha1",
    "sha224",
    "sha256",
    "sha384",
    "sha512",
    "sha512-224",
    "sha512-256",
    "sha3-224",
    "sha3-256",
    "sha3-384",
    "sha3-512",
];

macro_rules! by_hash {
    ($name:expr, $f:ident($($arg:expr),*)) => {
        match $name {
            "sha1" => $f::<Sha1>($($arg),*),
            "sha224" => $f::<Sha224>($($arg),*),
            "sha256" => $f::<Sha256>($($arg),*),
            "sha384" => $f::<Sha384>($($arg),*),
            "sha512" => $f::<Sha512>($($arg),*),
            "sha512-224" => $f::<Sha512_224>($($arg),*),
            "sha512-256" => $f::<Sha512_256>($($arg),*),
            "sha3-224" => $f::<Sha3_224>($($arg),*),
            "sha3-256" => $f::<Sha3_256>($($arg),*),
            "sha3-384" => $f::<Sha3_384>($($arg),*),
            "sha3-512" => $f::<Sha3_512>($($arg),*),
            _ => unreachable!(),
        }
    };
}

macro_rules! by_signing_hash {
    ($name:expr, $f:ident($($arg:expr),*)) => {
        match $name {
            "sha224" => $f::<Sha224>($($arg),*),
            "sha256" => $f::<Sha256>($($arg),*),
            "sha384" => $f::<Sha384>($($arg),*),
            "sha512" => $f::<Sha512>($($arg),*),
            "sha512-224" => $f::<Sha512_224>($($arg),*),
            "sha512-256" => $f::<Sha512_256>($($arg),*),
            "sha3-224" => $f::<Sha3_224>($($arg),*),
            "sha3-256" => $f::<Sha3_256>($($arg),*),
            "sha3-384" => $f::<Sha3_384>($($arg),*),
            "sha3-512" => $f::<Sha3_512>($($arg),*),
            _ => unreachable!(),
        }
    };
}

fn md(h: &str) -> MessageDigest {
    MessageDigest::from_name(&h.to_ascii_uppercase()).unwrap()
}

fn digest<H: Hash>(msg: &[u8]) -> Vec<u8> {
    let mut h = H::new();
    h.update(msg);
    h.finalize().as_ref().to_vec()
}

fn flip(v: &mut [u8], flips: &[(u16, u8)]) {
    if v.is_empty() {
        return;
    }
    for &(at, x) in flips {
        let i = usize::from(at) % v.len();
        v[i] ^= x;
    }
}

/// `em` raised to the private exponent by OpenSSL (no padding), when it
/// is a `k`-byte value below `n`.
fn raw_sign(key: &Key, em: &[u8]) -> Option<Vec<u8>> {
    let mut padded = vec![0u8; key.k - em.len().min(key.k)];
    padded.extend_from_slice(em);
    let mut out = vec![0u8; key.k];
    key.ossl
        .rsa()
        .unwrap()
        .private_encrypt(&padded, &mut out, Padding::NONE)
        .ok()?;
    Some(out)
}

fn raw_encrypt(key: &Key, em: &[u8]) -> Option<Vec<u8>> {
    let mut out = vec![0u8; key.k];
    key.ossl
        .rsa()
        .unwrap()
        .public_encrypt(em, &mut out, Padding::NONE)
        .ok()?;
    Some(out)
}

/// The fuzzer's signature bytes: its own (length k, or another length when
/// it asks), a flipped valid one, or a flipped encoding signed raw.
struct SigSource<'a> {
    how: u8,
    raw: &'a [u8],
    flips: Vec<(u16, u8)>,
}

impl<'a> SigSource<'a> {
    fn read(inp: &mut Input<'a>, k: usize) -> Self {
        let how = inp.u8();
        let flips = (0..inp.below(3)).map(|_| (inp.u16(), inp.u8())).collect();
        let raw = if how & 0x80 != 0 {
            inp.buf(k + 2)
        } else {
            inp.bytes(k)
        };
        SigSource { how, raw, flips }
    }

    fn make(
        &self,
        key: &Key,
        valid: impl FnOnce() -> Vec<u8>,
        em: impl FnOnce() -> Vec<u8>,
    ) -> Option<Vec<u8>> {
        match self.how % 3 {
            0 => {
                let mut s = self.raw.to_vec();
                if self.how & 0x80 == 0 {
                    s.resize(key.k, 0);
                }
                Some(s)
            }
            1 => {
                let mut s = valid();
                flip(&mut s, &self.flips);
                Some(s)
            }
            _ => {
                let mut e = em();
                flip(&mut e, &self.flips);
                raw_sign(key, &e)
            }
        }
    }
}

fn pkcs1_verify<H: DigestInfo>(key: &Key, hname: &str, inp: &mut Input<'_>) {
    let src = SigSource::read(inp, key.k);
    let msg = inp.rest();
    let d = digest::<H>(msg);
    let valid = || {
        let mut s = Signer::new(md(hname), &key.ossl).unwrap();
        s.set_rsa_padding(Padding::PKCS1).unwrap();
        s.update(msg).unwrap();
        s.sign_to_vec().unwrap()
    };
    let Some(sig) = src.make(key, valid, || pkcs1v15::encode::<H>(&d, key.k).unwrap()) else {
        return;
    };
    let mut v = Verifier::new(md(hname), &key.ossl).unwrap();
    v.set_rsa_padding(Padding::PKCS1).unwrap();
    v.update(msg).unwrap();
    let want = v.verify(&sig).unwrap_or(false);
    for (kn, pk) in &key.on {
        let got = pk.public_key().verify_pkcs1v15::<H>(msg, &sig).is_ok();
        assert_eq!(
            got,
            want,
            "RSA-{} PKCS#1 v1.5 {hname} {kn}: Peregrine {got}, OpenSSL {want}; sig {}",
            key.bits,
            hex(&sig)
        );
    }
}

fn pss_verify<H: Hash>(key: &Key, hname: &str, inp: &mut Input<'_>) {
    let h_len = H::OUTPUT_LEN;
    let em_bits = key.bits - 1;
    let em_len = em_bits.div_ceil(8);
    let max = em_len.saturating_sub(h_len + 2);
    let salt_mode = inp.u8();
    let (salt, ossl_salt) = match salt_mode % 4 {
        0 => (SaltLen::Auto, RsaPssSaltlen::custom(-2)),
        1 => (SaltLen::Digest, RsaPssSaltlen::DIGEST_LENGTH),
        2 => (SaltLen::Max, RsaPssSaltlen::custom(-3)),
        _ => {
            let s = inp.below(max + 3);
            (SaltLen::Exact(s), RsaPssSaltlen::custom(s as i32))
        }
    };
    let salt_len = inp.below(max + 1).min(max);
    let salt_bytes = inp.array(salt_len);
    let src = SigSource::read(inp, key.k);
    let msg = inp.rest();
    let d = digest::<H>(msg);
    let signer = &key.on[0].1;
    let valid = || {
        signer
            .sign_pss_digest_with_salt::<H, H>(&d, &salt_bytes)
            .unwrap()
    };
    let em = || pss::encode::<H, H>(&d, &salt_bytes, em_bits).unwrap();
    let Some(sig) = src.make(key, valid, em) else {
        return;
    };
    let mut v = Verifier::new(md(hname), &key.ossl).unwrap();
    v.set_rsa_padding(Padding::PKCS1_PSS).unwrap();
    v.set_rsa_mgf1_md(md(hname)).unwrap();
    v.set_rsa_pss_saltlen(ossl_salt).unwrap();
    v.update(msg).unwrap();
    let want = v.verify(&sig).unwrap_or(false);
    for (kn, pk) in &key.on {
        let got = pk.public_key().verify_pss::<H>(msg, &sig, salt).is_ok();
        assert_eq!(
            got,
            want,
            "RSA-{} PSS {hname} {salt:?} {kn}: Peregrine {got}, OpenSSL {want}; salt {} bytes, sig {}",
            key.bits,
            salt_bytes.len(),
            hex(&sig)
        );
    }
}

fn oaep_decrypt<H: Hash>(key: &Key, hname: &str, inp: &mut Input<'_>) {
    let label = inp.buf(40).to_vec();
    let seed = inp.array(H::OUTPUT_LEN);
    let src = SigSource::read(inp, key.k);
    let msg = inp.rest();
    let fits = key.k >= 2 * H::OUTPUT_LEN + 2 && msg.len() <= key.k - 2 * H::OUTPUT_LEN - 2;
    let ct = match src.how % 3 {
        0 => src.make(key, Vec::new, Vec::new),
        _ if !fits => return,
        1 => {
            let mut em = oaep::encode::<H, H>(msg, &label, &seed, key.k).unwrap();
            flip(&mut em, &src.flips[..src.flips.len().min(1)]);
            raw_encrypt(key, &em).map(|mut c| {
                flip(&mut c, &src.flips[src.flips.len().min(1)..]);
                c
            })
        }
        _ => {
            let mut em = oaep::encode::<H, H>(msg, &label, &seed, key.k).unwrap();
            flip(&mut em, &src.flips);
            raw_encrypt(key, &em)
        }
    };
    let Some(ct) = ct else { return };
    let want = {
        let mut d = Decrypter::new(&key.ossl).unwrap();
        d.set_rsa_padding(Padding::PKCS1_OAEP).unwrap();
        d.set_rsa_oaep_md(md(hname)).unwrap();
        d.set_rsa_mgf1_md(md(hname)).unwrap();
        if !label.is_empty() {
            d.set_rsa_oaep_label(&label).unwrap();
        }
        let mut out = vec![0u8; key.k];
        d.decrypt(&ct, &mut out).ok().map(|n| out[..n].to_vec())
    };
    // Oracle exception (fuzz/README.md): OpenSSL takes ciphertexts shorter
    // than k bytes (as if left-padded with zeros); RFC 8017 7.1.2 step 1b
    // and Peregrine refuse any length but k.
    let want = if ct.len() != key.k { None } else { want };
    for (kn, pk) in &key.on {
        let got = pk.decrypt_oaep::<H>(&ct, &label).ok().map(|p| p.to_vec());
        assert_eq!(
            got.as_ref().map(|p| hex(p)),
            want.as_ref().map(|p| hex(p)),
            "RSA-{} OAEP {hname} {kn}: Peregrine and OpenSSL differ on ct {}",
            key.bits,
            hex(&ct)
        );
    }
}

fn pkcs1_sign<H: peregrine::rsa::SigningHash>(key: &Key, hname: &str, inp: &mut Input<'_>) {
    let msg = inp.rest();
    let mut s = Signer::new(md(hname), &key.ossl).unwrap();
    s.set_rsa_padding(Padding::PKCS1).unwrap();
    s.update(msg).unwrap();
    let want = s.sign_to_vec().unwrap();
    for (kn, pk) in &key.on {
        let got = pk.sign_pkcs1v15::<H>(msg).unwrap();
        assert_eq!(
            hex(&got),
            hex(&want),
            "RSA-{} PKCS#1 v1.5 sign {hname} {kn}: differs from OpenSSL",
            key.bits
        );
    }
}

fn run(data: &[u8]) {
    let mut inp = Input::new(data);
    let sel = inp.u8();
    let key = &keys()[usize::from(sel & 1)];
    let op = (sel >> 1) % 4;
    let h = inp.pick(&HASHES);
    match op {
        0 => by_hash!(h, pkcs1_verify(key, h, &mut inp)),
        1 => by_hash!(h, pss_verify(key, h, &mut inp)),
        2 => {
            let h = ["sha1", "sha256", "sha384", "sha512"]
                [HASHES.iter().position(|x| *x == h).unwrap() % 4];
            by_hash!(h, oaep_decrypt(key, h, &mut inp))
        }
        _ => {
            let h = if h == "sha1" { "sha256" } else { h };
            by_signing_hash!(h, pkcs1_sign(key, h, &mut inp))
        }
    }
}
