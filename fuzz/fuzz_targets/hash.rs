//! Hashes, XOFs, HMAC, HKDF and the SHA-256 batch functions.
//!
//! The fuzzer picks an entry of `peregrine::registry::ALGORITHMS` (every
//! hash, XOF and batch row), the message, the HMAC/HKDF key, salt and info,
//! the output length and the streaming split points. For every backend the
//! registry lists as runnable (`Algorithm::impls()` / `Algorithm::stream`):
//! one-shot against streaming over the fuzzer's splits, every backend
//! against `soft`, and `soft` against OpenSSL (EVP digests, HMAC through
//! `PKey::hmac` + `Signer`, HKDF through `PkeyCtx`). Any difference panics.

#![no_main]

use libfuzzer_sys::fuzz_target;
use openssl::hash::{Hasher, MessageDigest};
use openssl::pkey::{Id, PKey};
use openssl::pkey_ctx::PkeyCtx;
use openssl::sign::Signer;
use peregrine::cpu::Backend;
use peregrine::hash::md5::Md5;
use peregrine::hash::ripemd160::Ripemd160;
use peregrine::hash::sha1::Sha1;
use peregrine::hash::sha3::{self, Sha3_224, Sha3_256, Sha3_384, Sha3_512, Shake128, Shake256};
use peregrine::hash::sha256::{self, Sha224, Sha256};
use peregrine::hash::sha512::{self, Sha384, Sha512, Sha512_224, Sha512_256};
use peregrine::hash::sm3::Sm3;
use peregrine::hash::{Hash, Xof, XofReader};
use peregrine::kdf::hkdf::Hkdf;
use peregrine::registry::{ALGORITHMS, Algorithm, Kind, StreamOptions};
use peregrine_fuzz::{Input, hex, name, pieces, runnable, soft};

fuzz_target!(|data: &[u8]| run(data));

/// The OpenSSL digest of a registry entry (its name is OpenSSL's, in
/// upper case: "SHA512-224", "SHA3-256", "SHAKE128").
fn openssl_md(a: &Algorithm) -> MessageDigest {
    MessageDigest::from_name(&a.name.to_ascii_uppercase())
        .unwrap_or_else(|| panic!("openssl has no digest {}", a.name))
}

/// Calls `$f::<H>($args)` for the hash type whose registry name is `$name`.
macro_rules! by_hash {
    ($name:expr, $f:ident($($arg:expr),*)) => {
        match $name {
            "md5" => $f::<Md5>($($arg),*),
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
            "ripemd160" => $f::<Ripemd160>($($arg),*),
            "sm3" => $f::<Sm3>($($arg),*),
            n => panic!("hash target: no type for registry entry {n}; add it to by_hash!"),
        }
    };
}

fn run(data: &[u8]) {
    let mut inp = Input::new(data);
    let algs: Vec<&Algorithm> = ALGORITHMS
        .iter()
        .filter(|a| matches!(a.kind, Kind::Hash | Kind::Xof | Kind::Many))
        .collect();
    let a = inp.pick(&algs);
    let what = inp.u8();
    match a.kind {
        Kind::Hash => match what % 3 {
            0 => digest(a, &mut inp, None),
            1 => {
                let key = inp.buf(300).to_vec();
                digest(a, &mut inp, Some(&key))
            }
            _ => by_hash!(a.name, hkdf(a, &mut inp)),
        },
        Kind::Xof => xof(a, &mut inp),
        Kind::Many if a.name.starts_with("sha3") || a.name.starts_with("shake") => {
            keccak_many(&mut inp)
        }
        Kind::Many if a.name.starts_with("sha512") => sha512_many(&mut inp),
        Kind::Many => many(a, &mut inp),
        _ => unreachable!(),
    }
}

/// The registry's streaming object on backend `imp`, fed `parts`.
fn stream(a: &Algorithm, imp: &str, opts: &StreamOptions<'_>, parts: &[&[u8]]) -> Vec<u8> {
    let mut s = a.stream(imp, opts).unwrap_or_else(|e| {
        panic!(
            "{} {imp}: listed as available but stream() says {e}",
            a.name
        )
    });
    assert_eq!(s.backend(), imp, "{}: asked for {imp}", a.name);
    for p in parts {
        s.update(p);
    }
    s.finish()
}

/// Every available backend of `a`, one shot and over `cuts`; all equal to
/// soft's one-shot result, which is returned.
fn every_backend(a: &Algorithm, opts: &StreamOptions<'_>, msg: &[u8], cuts: &[usize]) -> Vec<u8> {
    let split = pieces(msg, cuts);
    let want = stream(a, "soft", opts, &[msg]);
    let impls = a.impls();
    assert!(impls.iter().any(|s| s.name == "soft" && s.available));
    for s in impls.iter().filter(|s| s.available) {
        let one = stream(a, s.name, opts, &[msg]);
        assert_eq!(
            hex(&one),
            hex(&want),
            "{} {}: one-shot differs from soft (len {}, hmac {:?})",
            a.name,
            s.name,
            msg.len(),
            opts.hmac_key.map(hex)
        );
        let st = stream(a, s.name, opts, &split);
        assert_eq!(
            hex(&st),
            hex(&want),
            "{} {}: streaming over {cuts:?} differs from one-shot",
            a.name,
            s.name
        );
    }
    want
}

fn digest(a: &Algorithm, inp: &mut Input<'_>, key: Option<&[u8]>) {
    let cuts = Cuts::read(inp);
    let msg = inp.rest();
    let cuts = cuts.over(msg.len());
    let opts = StreamOptions {
        hmac_key: key,
        xof_len: None,
    };
    let got = every_backend(a, &opts, msg, &cuts);
    assert_eq!(got.len(), a.output_len);
    let md = openssl_md(a);
    let want = match key {
        None => openssl::hash::hash(md, msg).unwrap().to_vec(),
        Some(k) => openssl_hmac(md, k, msg),
    };
    assert_eq!(
        hex(&got),
        hex(&want),
        "{}: Peregrine differs from OpenSSL (len {}, hmac key {:?})",
        a.name,
        msg.len(),
        key.map(hex)
    );
}

/// Streaming split points: the first few piece lengths chosen by the
/// fuzzer directly (0..=255, zero-length updates included), the rest of
/// the message cut into pieces of 1..=200 bytes by a 16-bit seed.
struct Cuts {
    first: [usize; 3],
    seed: u16,
}

impl Cuts {
    fn read(inp: &mut Input<'_>) -> Cuts {
        Cuts {
            first: [inp.u8().into(), inp.u8().into(), inp.u8().into()],
            seed: inp.u16(),
        }
    }

    fn over(&self, len: usize) -> Vec<usize> {
        let mut cuts = Vec::new();
        let mut used = 0;
        for &c in &self.first {
            let c = c.min(len - used);
            cuts.push(c);
            used += c;
        }
        let mut x = u32::from(self.seed) | 1;
        while len > used {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            let c = (1 + (x as usize) % 200).min(len - used);
            cuts.push(c);
            used += c;
        }
        cuts.push(0);
        cuts
    }
}

/// HMAC through OpenSSL. An empty key is the same HMAC as the key `00`
/// (both are zero-padded to the block length), which `PKey::hmac` takes
/// on every OpenSSL version.
fn openssl_hmac(md: MessageDigest, key: &[u8], msg: &[u8]) -> Vec<u8> {
    let key = if key.is_empty() { &[0u8][..] } else { key };
    let pkey = PKey::hmac(key).unwrap();
    let mut s = Signer::new(md, &pkey).unwrap();
    s.update(msg).unwrap();
    s.sign_to_vec().unwrap()
}

fn hkdf<H: Hash>(a: &Algorithm, inp: &mut Input<'_>) {
    let ikm = inp.buf(200).to_vec();
    let salt = if inp.bool() {
        Some(inp.buf(200).to_vec())
    } else {
        None
    };
    let info = inp.buf(200).to_vec();
    let max = Hkdf::<H>::MAX_OUTPUT;
    // Mostly short outputs; rarely (the full 255 blocks are slow under
    // ASan) up to and just past the maximum.
    let len = match inp.u8() {
        0xff => max - inp.below(3),
        0xfe => max + 1 + inp.below(3),
        _ => 1 + inp.below(3 * H::OUTPUT_LEN + 1),
    };
    let mut want: Option<Vec<u8>> = None;
    let s = soft::<H::Impl>();
    let mut impls = runnable::<H::Impl>();
    let last = impls.len() - 1;
    impls.rotate_left(last); // soft first
    assert_eq!(name::<H::Impl>(impls[0]), name::<H::Impl>(s));
    for c in impls {
        let hk = Hkdf::<H>::extract_with(H::with_impl(c), salt.as_deref(), &ikm);
        let mut okm = vec![0x5au8; len];
        let r = hk.expand(&info, &mut okm);
        if len > max {
            assert!(
                r.is_err(),
                "{} HKDF: {len} > 255 x HashLen accepted",
                a.name
            );
            assert!(
                okm.iter().all(|&b| b == 0x5a),
                "{} HKDF: okm written on error",
                a.name
            );
            return;
        }
        r.unwrap();
        // Extract to a PRK, then expand from it: the same.
        let prk = Hkdf::<H>::extract_prk_with(H::with_impl(c), salt.as_deref(), &ikm);
        let mut okm2 = vec![0u8; len];
        Hkdf::<H>::from_prk(H::with_impl(c), prk.as_ref())
            .unwrap()
            .expand(&info, &mut okm2)
            .unwrap();
        let b = name::<H::Impl>(c);
        assert_eq!(
            hex(&okm2),
            hex(&okm),
            "{} HKDF {b}: from_prk differs",
            a.name
        );
        match &want {
            None => want = Some(okm),
            Some(w) => assert_eq!(hex(&okm), hex(w), "{} HKDF {b}: differs from soft", a.name),
        }
    }
    let want = want.unwrap();
    // OpenSSL's HKDF.
    let md = openssl_md(a);
    let mut ctx = PkeyCtx::new_id(Id::HKDF).unwrap();
    ctx.derive_init().unwrap();
    ctx.set_hkdf_md(openssl::md::Md::from_nid(md.type_()).unwrap())
        .unwrap();
    ctx.set_hkdf_key(&ikm).unwrap();
    if let Some(s) = &salt {
        ctx.set_hkdf_salt(s).unwrap();
    }
    ctx.add_hkdf_info(&info).unwrap();
    let mut okm = vec![0u8; len];
    match ctx.derive(Some(&mut okm)) {
        Ok(n) => {
            assert_eq!(n, len);
            assert_eq!(
                hex(&want),
                hex(&okm),
                "{} HKDF: differs from OpenSSL",
                a.name
            );
        }
        // Oracle exception (fuzz/README.md): OpenSSL refuses an empty IKM
        // ("missing key"); RFC 5869 allows it and Peregrine derives.
        Err(_) if ikm.is_empty() => {}
        Err(e) => panic!(
            "{} HKDF: OpenSSL failed where Peregrine derived: {e}",
            a.name
        ),
    }
}

/// Squeezes a typed XOF in the given pieces on backend `c`.
fn squeeze<X: Xof>(c: <X::Impl as Backend>::Checked, parts: &[&[u8]], out: &[usize]) -> Vec<u8> {
    let mut x = X::with_impl(c);
    for p in parts {
        x.update(p);
    }
    let mut r = x.finalize_xof();
    let mut v = Vec::new();
    for &n in out {
        let mut b = vec![0u8; n];
        r.squeeze(&mut b);
        v.extend_from_slice(&b);
    }
    v
}

fn xof_squeeze_splits<X: Xof>(
    a: &Algorithm,
    msg: &[u8],
    cuts: &[usize],
    out_cuts: &[usize],
    want: &[u8],
) {
    let split = pieces(msg, cuts);
    for c in runnable::<X::Impl>() {
        let got = squeeze::<X>(c, &split, out_cuts);
        assert_eq!(
            hex(&got),
            hex(want),
            "{} {}: absorbing over {cuts:?} and squeezing in {out_cuts:?} differs",
            a.name,
            name::<X::Impl>(c)
        );
    }
}

fn xof(a: &Algorithm, inp: &mut Input<'_>) {
    let len = 1 + inp.below(600);
    let out_cuts = inp.splits(len, 4);
    let cuts = Cuts::read(inp);
    let msg = inp.rest();
    let cuts = cuts.over(msg.len());
    let opts = StreamOptions {
        hmac_key: None,
        xof_len: Some(len),
    };
    let got = every_backend(a, &opts, msg, &cuts);
    assert_eq!(got.len(), len);
    match a.name {
        "shake128" => xof_squeeze_splits::<Shake128>(a, msg, &cuts, &out_cuts, &got),
        "shake256" => xof_squeeze_splits::<Shake256>(a, msg, &cuts, &out_cuts, &got),
        n => panic!("hash target: no XOF type for {n}"),
    }
    let mut h = Hasher::new(openssl_md(a)).unwrap();
    h.update(msg).unwrap();
    let mut want = vec![0u8; len];
    h.finish_xof(&mut want).unwrap();
    assert_eq!(
        hex(&got),
        hex(&want),
        "{} ({len} bytes): differs from OpenSSL",
        a.name
    );
}

/// `sha256-many` and `hmac-many`: up to 40 messages of fuzzer-chosen
/// lengths at once (so the 16 zmm lanes refill and hand their last jobs to
/// the 8 ymm lanes and SHA-NI), on every `sha256::many` backend, against
/// OpenSSL one at a time.
fn many(a: &Algorithm, inp: &mut Input<'_>) {
    let hmac = a.name.starts_with("hmac");
    let key = if hmac {
        inp.buf(200).to_vec()
    } else {
        Vec::new()
    };
    let (lens, msgs) = many_messages(inp);
    let n = lens.len();
    let refs: Vec<&[u8]> = msgs.iter().map(|m| &m[..]).collect();
    let want: Vec<Vec<u8>> = refs
        .iter()
        .map(|m| {
            if hmac {
                openssl_hmac(MessageDigest::sha256(), &key, m)
            } else {
                openssl::hash::hash(MessageDigest::sha256(), m)
                    .unwrap()
                    .to_vec()
            }
        })
        .collect();
    for c in runnable::<sha256::many::Impl>() {
        let mut out = vec![[0u8; 32]; n];
        if hmac {
            sha256::hmac_many_with(c, &key, &refs, &mut out).unwrap();
        } else {
            sha256::hash_many_with(c, &refs, &mut out).unwrap();
        }
        for i in 0..n {
            assert_eq!(
                hex(&out[i]),
                hex(&want[i]),
                "{} {}: message {i} of {n} (lengths {lens:?}) differs from OpenSSL",
                a.name,
                name::<sha256::many::Impl>(c)
            );
        }
        // A count mismatch is an error, not a panic or a partial write.
        if n > 0 {
            let mut short = vec![[0u8; 32]; n - 1];
            let r = if hmac {
                sha256::hmac_many_with(c, &key, &refs, &mut short)
            } else {
                sha256::hash_many_with(c, &refs, &mut short)
            };
            assert!(
                r.is_err(),
                "{}: {n} messages into {} outputs accepted",
                a.name,
                n - 1
            );
        }
    }
}

/// `shake128-many` and `sha3-256-many` (issue 16): up to 40 messages of
/// fuzzer-chosen lengths (some past several rate blocks) and SHAKE output
/// lengths, through `shake128_many`, `shake256_many` and `sha3_256_many` on
/// every multi-state backend, against one-at-a-time soft SHAKE/SHA3-256.
fn keccak_many(inp: &mut Input<'_>) {
    let n = inp.below(41);
    let lens: Vec<usize> = (0..n)
        .map(|_| match inp.u8() {
            0xff => 168 * 8 + inp.below(400),
            _ => inp.below(340),
        })
        .collect();
    let out_lens: Vec<usize> = (0..n).map(|_| inp.below(600)).collect();
    let msgs: Vec<Vec<u8>> = lens.iter().map(|&l| inp.array(l)).collect();
    let refs: Vec<&[u8]> = msgs.iter().map(|m| &m[..]).collect();
    let s = soft::<sha3::Impl>();
    let one_xof = |x: u8, m: &[u8], len: usize| -> Vec<u8> {
        let mut out = vec![0u8; len];
        if x == 0 {
            let mut h = Shake128::with_impl(s);
            h.update(m);
            h.finalize_xof().squeeze(&mut out);
        } else {
            let mut h = Shake256::with_impl(s);
            h.update(m);
            h.finalize_xof().squeeze(&mut out);
        }
        out
    };
    for c in runnable::<sha3::many::Impl>() {
        let b = name::<sha3::many::Impl>(c);
        for x in 0..2u8 {
            let mut bufs: Vec<Vec<u8>> = out_lens.iter().map(|&l| vec![0u8; l]).collect();
            let mut outs: Vec<&mut [u8]> = bufs.iter_mut().map(|o| &mut o[..]).collect();
            if x == 0 {
                sha3::shake128_many_with(c, &refs, &mut outs).unwrap();
            } else {
                sha3::shake256_many_with(c, &refs, &mut outs).unwrap();
            }
            for i in 0..n {
                assert_eq!(
                    hex(&bufs[i]),
                    hex(&one_xof(x, refs[i], out_lens[i])),
                    "shake{}_many {b}: message {i} of {n} (lengths {lens:?}, outputs {out_lens:?})",
                    if x == 0 { 128 } else { 256 }
                );
            }
        }
        let mut d = vec![[0u8; 32]; n];
        sha3::sha3_256_many_with(c, &refs, &mut d).unwrap();
        for i in 0..n {
            let mut h = Sha3_256::with_impl(s);
            h.update(refs[i]);
            assert_eq!(
                hex(&d[i]),
                hex(&h.finalize()),
                "sha3_256_many {b}: message {i} of {n} (lengths {lens:?})"
            );
        }
        if n > 0 {
            let mut short = vec![[0u8; 32]; n - 1];
            assert!(sha3::sha3_256_many_with(c, &refs, &mut short).is_err());
        }
    }
}

/// Up to 40 messages for the `*-many` rows, mostly under 300 bytes, one in
/// eight up to 3000 (so lanes end at different times): their lengths and
/// bytes.
fn many_messages(inp: &mut Input<'_>) -> (Vec<usize>, Vec<Vec<u8>>) {
    let n = inp.below(41);
    let lens: Vec<usize> = (0..n)
        .map(|_| {
            if inp.below(8) == 0 {
                inp.below(3000)
            } else {
                inp.below(300)
            }
        })
        .collect();
    let msgs = lens.iter().map(|&l| inp.array(l)).collect();
    (lens, msgs)
}

/// `sha512-many` (issue 16): up to 40 messages of fuzzer-chosen lengths
/// through `sha512::hash_many` on every backend (the eight zmm lanes refill
/// and hand their last message to the single backend), against OpenSSL one
/// at a time.
fn sha512_many(inp: &mut Input<'_>) {
    let (lens, msgs) = many_messages(inp);
    let n = lens.len();
    let refs: Vec<&[u8]> = msgs.iter().map(|m| &m[..]).collect();
    let want: Vec<Vec<u8>> = refs
        .iter()
        .map(|m| {
            openssl::hash::hash(MessageDigest::sha512(), m)
                .unwrap()
                .to_vec()
        })
        .collect();
    for c in runnable::<sha512::many::Impl>() {
        let mut out = vec![[0u8; 64]; n];
        sha512::hash_many_with(c, &refs, &mut out).unwrap();
        for i in 0..n {
            assert_eq!(
                hex(&out[i]),
                hex(&want[i]),
                "sha512-many {}: message {i} of {n} (lengths {lens:?}) differs from OpenSSL",
                name::<sha512::many::Impl>(c)
            );
        }
        if n > 0 {
            let mut short = vec![[0u8; 64]; n - 1];
            assert!(sha512::hash_many_with(c, &refs, &mut short).is_err());
        }
    }
}
