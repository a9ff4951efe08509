//! AES modes: ECB, CBC, CTR (128-bit and GCM's 32-bit counter), CFB128,
//! OFB, XTS, and CBC with PKCS#7 padding.
//!
//! The fuzzer picks the mode, direction, key size, key, IV/tweak, message,
//! streaming split points and buffer offsets. For every AES backend that
//! runs here (`with_impl` constructors): in place and out of place
//! (`*_to`, at fuzzer-chosen offsets with guard bytes around the output)
//! over the fuzzer's splits (whole blocks for ECB/CBC; one data unit for
//! XTS), all equal to `soft`; `soft` equal to OpenSSL's `symm::Crypter`
//! (CTR with a 32-bit counter against a counter model on OpenSSL's ECB);
//! and the PKCS#7 unpad verdict and plaintext equal to OpenSSL's.

#![no_main]

use libfuzzer_sys::fuzz_target;
use openssl::symm::{Cipher, Crypter, Mode};
use peregrine::Error;
use peregrine::cipher::aes::{Checked, Impl};
use peregrine::mode::cbc::{CbcDecryptor, CbcEncryptor, pkcs7_unpad};
use peregrine::mode::cfb::Cfb;
use peregrine::mode::ctr::Ctr;
use peregrine::mode::ecb::Ecb;
use peregrine::mode::ofb::Ofb;
use peregrine::mode::xts::{Tweak, Xts};
use peregrine_fuzz::{Input, hex, name, pieces, runnable, soft};

fuzz_target!(|data: &[u8]| run(data));

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum M {
    Ecb,
    Cbc,
    Ctr,
    Ctr32,
    Cfb,
    Ofb,
    Xts,
}

const MODES: [M; 7] = [M::Ecb, M::Cbc, M::Ctr, M::Ctr32, M::Cfb, M::Ofb, M::Xts];

impl M {
    fn whole_blocks(self) -> bool {
        matches!(self, M::Ecb | M::Cbc)
    }
}

struct Case {
    m: M,
    dec: bool,
    key: Vec<u8>,
    iv: [u8; 16],
    /// XTS: give the tweak as a sector number instead of raw bytes (the
    /// same tweak: the number is the raw bytes little-endian).
    sector: bool,
}

enum State {
    Ecb(Ecb),
    CbcE(CbcEncryptor),
    CbcD(CbcDecryptor),
    Ctr(Ctr),
    Cfb(Cfb),
    Ofb(Ofb),
    Xts(Xts),
}

fn state(k: &Case, c: Checked) -> Result<State, Error> {
    Ok(match k.m {
        M::Ecb => State::Ecb(Ecb::with_impl(&k.key, c)?),
        M::Cbc if k.dec => State::CbcD(CbcDecryptor::with_impl(&k.key, &k.iv, c)?),
        M::Cbc => State::CbcE(CbcEncryptor::with_impl(&k.key, &k.iv, c)?),
        M::Ctr => State::Ctr(Ctr::with_impl(&k.key, &k.iv, c)?),
        M::Ctr32 => State::Ctr(Ctr::with_impl_inc32(&k.key, &k.iv, c)?),
        M::Cfb => State::Cfb(Cfb::with_impl(&k.key, &k.iv, c)?),
        M::Ofb => State::Ofb(Ofb::with_impl(&k.key, &k.iv, c)?),
        M::Xts => State::Xts(Xts::with_impl(&k.key, c)?),
    })
}

fn tweak(k: &Case) -> Tweak {
    if k.sector {
        Tweak::Sector(u128::from_le_bytes(k.iv))
    } else {
        Tweak::Raw(k.iv)
    }
}

/// One call: in place on `buf`, or from `src` into `buf`.
fn step(st: &mut State, k: &Case, src: Option<&[u8]>, buf: &mut [u8]) -> Result<(), Error> {
    let d = k.dec;
    match (st, src) {
        (State::Ecb(e), None) if d => e.decrypt(buf),
        (State::Ecb(e), None) => e.encrypt(buf),
        (State::Ecb(e), Some(s)) if d => e.decrypt_to(s, buf),
        (State::Ecb(e), Some(s)) => e.encrypt_to(s, buf),
        (State::CbcE(e), None) => e.encrypt(buf),
        (State::CbcE(e), Some(s)) => e.encrypt_to(s, buf),
        (State::CbcD(e), None) => e.decrypt(buf),
        (State::CbcD(e), Some(s)) => e.decrypt_to(s, buf),
        (State::Ctr(e), None) => e.apply(buf),
        (State::Ctr(e), Some(s)) => e.apply_to(s, buf),
        (State::Cfb(e), None) if d => {
            e.decrypt(buf);
            Ok(())
        }
        (State::Cfb(e), None) => {
            e.encrypt(buf);
            Ok(())
        }
        (State::Cfb(e), Some(s)) if d => e.decrypt_to(s, buf),
        (State::Cfb(e), Some(s)) => e.encrypt_to(s, buf),
        (State::Ofb(e), None) => {
            e.apply(buf);
            Ok(())
        }
        (State::Ofb(e), Some(s)) => e.apply_to(s, buf),
        (State::Xts(e), None) if d => e.decrypt(tweak(k), buf),
        (State::Xts(e), None) => e.encrypt(tweak(k), buf),
        (State::Xts(e), Some(s)) if d => e.decrypt_to(tweak(k), s, buf),
        (State::Xts(e), Some(s)) => e.encrypt_to(tweak(k), s, buf),
    }
}

const GUARD: u8 = 0xa5;

/// Runs `msg` through backend `c` over the pieces `cuts`, in place (at
/// byte `off` of a guarded buffer) or out of place (source at `soff`,
/// destination at `off`); checks the guards and returns the output.
fn run_backend(
    k: &Case,
    c: Checked,
    msg: &[u8],
    cuts: &[usize],
    to: bool,
    off: usize,
    soff: usize,
) -> Result<Vec<u8>, Error> {
    let mut st = state(k, c)?;
    let len = msg.len();
    let mut v = vec![GUARD; off + len + 17];
    let mut src = vec![GUARD; soff + len + 3];
    src[soff..soff + len].copy_from_slice(msg);
    if to {
        v[off..off + len].fill(0x3c);
    } else {
        v[off..off + len].copy_from_slice(msg);
    }
    let mut at = 0;
    for p in pieces(msg, cuts) {
        let n = p.len();
        let dst = &mut v[off + at..off + at + n];
        if to {
            step(&mut st, k, Some(&src[soff + at..soff + at + n]), dst)?;
        } else {
            step(&mut st, k, None, dst)?;
        }
        at += n;
    }
    assert!(
        v[..off].iter().chain(&v[off + len..]).all(|&b| b == GUARD),
        "{:?} {}: wrote outside its output (to {to}, offset {off})",
        k.m,
        name::<Impl>(c)
    );
    assert_eq!(&src[soff..soff + len], msg, "{:?}: the source changed", k.m);
    Ok(v[off..off + len].to_vec())
}

fn ossl_cipher(m: M, key_len: usize) -> Cipher {
    match (m, key_len) {
        (M::Ecb, 16) => Cipher::aes_128_ecb(),
        (M::Ecb, 24) => Cipher::aes_192_ecb(),
        (M::Ecb, 32) => Cipher::aes_256_ecb(),
        (M::Cbc, 16) => Cipher::aes_128_cbc(),
        (M::Cbc, 24) => Cipher::aes_192_cbc(),
        (M::Cbc, 32) => Cipher::aes_256_cbc(),
        (M::Ctr, 16) => Cipher::aes_128_ctr(),
        (M::Ctr, 24) => Cipher::aes_192_ctr(),
        (M::Ctr, 32) => Cipher::aes_256_ctr(),
        (M::Cfb, 16) => Cipher::aes_128_cfb128(),
        (M::Cfb, 24) => Cipher::aes_192_cfb128(),
        (M::Cfb, 32) => Cipher::aes_256_cfb128(),
        (M::Ofb, 16) => Cipher::aes_128_ofb(),
        (M::Ofb, 24) => Cipher::aes_192_ofb(),
        (M::Ofb, 32) => Cipher::aes_256_ofb(),
        (M::Xts, 32) => Cipher::aes_128_xts(),
        (M::Xts, 64) => Cipher::aes_256_xts(),
        _ => unreachable!("{m:?} {key_len}"),
    }
}

/// OpenSSL, one update and a final; `Err` when it refuses.
fn ossl(
    cipher: Cipher,
    dec: bool,
    key: &[u8],
    iv: Option<&[u8]>,
    pad: bool,
    data: &[u8],
) -> Result<Vec<u8>, openssl::error::ErrorStack> {
    let mode = if dec { Mode::Decrypt } else { Mode::Encrypt };
    let mut c = Crypter::new(cipher, mode, key, iv)?;
    c.pad(pad);
    let mut out = vec![0u8; data.len() + 32];
    let mut n = c.update(data, &mut out)?;
    n += c.finalize(&mut out[n..])?;
    out.truncate(n);
    Ok(out)
}

/// GCM's counter mode: block i uses `iv[..12] || (iv[12..] + i mod 2^32)`,
/// modelled on OpenSSL's AES-ECB.
fn ctr32_model(key: &[u8], iv: &[u8; 16], msg: &[u8]) -> Vec<u8> {
    let c0 = u32::from_be_bytes(iv[12..].try_into().unwrap());
    let mut blocks = Vec::with_capacity(msg.len().div_ceil(16) * 16);
    for i in 0..msg.len().div_ceil(16) {
        blocks.extend_from_slice(&iv[..12]);
        blocks.extend_from_slice(&c0.wrapping_add(i as u32).to_be_bytes());
    }
    let ks = ossl(
        ossl_cipher(M::Ecb, key.len()),
        false,
        key,
        None,
        false,
        &blocks,
    )
    .unwrap();
    msg.iter().zip(&ks).map(|(m, k)| m ^ k).collect()
}

fn run(data: &[u8]) {
    let mut inp = Input::new(data);
    let sel = inp.u8();
    if sel >= 0xf0 {
        return padded(&mut inp, sel & 1 == 1);
    }
    let m = MODES[usize::from(sel) % MODES.len()];
    let dec = inp.bool();
    let key_len = if m == M::Xts {
        inp.pick(&[32, 64])
    } else {
        inp.pick(&[16, 24, 32])
    };
    let key = inp.array(key_len);
    let iv: [u8; 16] = inp.array(16).try_into().unwrap();
    let flags = inp.u8();
    let (off, soff) = (usize::from(flags & 15), usize::from(inp.u8() & 15));
    let first: Vec<usize> = (0..4).map(|_| usize::from(inp.u8())).collect();
    let mut msg = inp.rest().to_vec();
    if m.whole_blocks() && flags & 0x80 == 0 {
        msg.truncate(msg.len() / 16 * 16);
    }
    let k = Case {
        m,
        dec,
        key,
        iv,
        sector: flags & 0x40 != 0,
    };
    let len = msg.len();
    // Split points: the fuzzer's first four piece lengths (whole blocks for
    // ECB/CBC), then the rest in one piece; XTS takes a data unit per call.
    let mut cuts = Vec::new();
    if m != M::Xts {
        let mut used = 0;
        for &c in &first {
            let c = c.min(len - used);
            let c = if m.whole_blocks() { c / 16 * 16 } else { c };
            cuts.push(c);
            used += c;
        }
        cuts.push(len - used);
    } else {
        cuts.push(len);
    }
    let s = soft::<Impl>();
    let want = run_backend(&k, s, &msg, &[len], false, 0, 0);
    // The expected refusals: a length that is not whole blocks, XTS under 16
    // bytes or with equal key halves.
    let xts_equal = m == M::Xts && k.key[..key_len / 2] == k.key[key_len / 2..];
    let must_fail = (m.whole_blocks() && len % 16 != 0) || (m == M::Xts && (len < 16 || xts_equal));
    if must_fail {
        assert!(
            want.is_err(),
            "{m:?}: accepted length {len} (xts equal halves {xts_equal})"
        );
    }
    for c in runnable::<Impl>() {
        for to in [false, true] {
            let one = run_backend(&k, c, &msg, &[len], to, off, soff);
            let split = run_backend(&k, c, &msg, &cuts, to, off, soff);
            match (&want, one, split) {
                (Ok(w), Ok(o), Ok(sp)) => {
                    assert_eq!(
                        hex(&o),
                        hex(w),
                        "{m:?} dec {dec} {} to {to}: one call differs from soft (len {len})",
                        name::<Impl>(c)
                    );
                    assert_eq!(
                        hex(&sp),
                        hex(w),
                        "{m:?} dec {dec} {} to {to}: pieces {cuts:?} differ from one call",
                        name::<Impl>(c)
                    );
                }
                (Err(_), Err(_), Err(_)) => {}
                (w, o, sp) => panic!(
                    "{m:?} {}: verdicts differ: soft {:?} one {:?} split {:?}",
                    name::<Impl>(c),
                    w.is_ok(),
                    o.is_ok(),
                    sp.is_ok()
                ),
            }
        }
    }
    let Ok(want) = want else { return };
    // OpenSSL.
    let got = match m {
        M::Ctr32 => Ok(ctr32_model(&k.key, &k.iv, &msg)),
        M::Ecb => ossl(ossl_cipher(m, key_len), dec, &k.key, None, false, &msg),
        // CTR and OFB are their own inverse; OpenSSL's decrypt is the same.
        _ => ossl(
            ossl_cipher(m, key_len),
            dec,
            &k.key,
            Some(&k.iv),
            false,
            &msg,
        ),
    };
    match got {
        Ok(o) => assert_eq!(
            hex(&want),
            hex(&o),
            "{m:?} dec {dec} key {key_len}: differs from OpenSSL (len {len})"
        ),
        Err(e) => panic!("{m:?}: OpenSSL refused what Peregrine took (len {len}): {e}"),
    }
}

/// CBC with PKCS#7 padding. Encrypt: `encrypt_padded` and
/// `encrypt_padded_in_place` against OpenSSL with padding on. Decrypt: the
/// fuzzer's bytes are the *plaintext* before unpadding (encrypted here
/// without padding, so the fuzzer steers the pad bytes directly), then
/// `decrypt_padded` on every backend and OpenSSL must agree on the verdict
/// and the plaintext; a rejected buffer is zeroed.
fn padded(inp: &mut Input<'_>, dec: bool) {
    let key_len = inp.pick(&[16, 24, 32]);
    let key = inp.array(key_len);
    let iv = inp.array(16);
    let cipher = ossl_cipher(M::Cbc, key_len);
    let s = soft::<Impl>();
    if !dec {
        let msg = inp.rest();
        let want = ossl(cipher, false, &key, Some(&iv), true, msg).unwrap();
        for c in runnable::<Impl>() {
            let got = CbcEncryptor::with_impl(&key, &iv, c)
                .unwrap()
                .encrypt_padded(msg);
            assert_eq!(
                hex(&got),
                hex(&want),
                "CBC-PKCS7 {}: encrypt_padded differs from OpenSSL",
                name::<Impl>(c)
            );
            let mut buf = msg.to_vec();
            buf.resize(msg.len() + 16 + 5, 0xee);
            let n = CbcEncryptor::with_impl(&key, &iv, c)
                .unwrap()
                .encrypt_padded_in_place(&mut buf, msg.len())
                .unwrap();
            assert_eq!(
                hex(&buf[..n]),
                hex(&want),
                "CBC-PKCS7 {}: encrypt_padded_in_place differs",
                name::<Impl>(c)
            );
            assert!(
                buf[n..].iter().all(|&b| b == 0xee),
                "encrypt_padded_in_place wrote past the ciphertext"
            );
            // No room for the padding: an error.
            let mut tight = msg.to_vec();
            assert!(
                CbcEncryptor::with_impl(&key, &iv, c)
                    .unwrap()
                    .encrypt_padded_in_place(&mut tight, msg.len())
                    .is_err()
            );
        }
        return;
    }
    let plain = inp.rest();
    let ct = if plain.is_empty() || plain.len() % 16 != 0 {
        plain.to_vec() // an invalid length: both must refuse
    } else {
        let mut ct = plain.to_vec();
        CbcEncryptor::with_impl(&key, &iv, s)
            .unwrap()
            .encrypt(&mut ct)
            .unwrap();
        ct
    };
    let oss = ossl(cipher, true, &key, Some(&iv), true, &ct);
    let unpad = if plain.len() % 16 == 0 {
        pkcs7_unpad(plain).ok()
    } else {
        None
    };
    for c in runnable::<Impl>() {
        let mut buf = ct.clone();
        let r = CbcDecryptor::with_impl(&key, &iv, c)
            .unwrap()
            .decrypt_padded(&mut buf);
        match (&r, &oss) {
            (Ok(n), Ok(o)) => {
                assert_eq!(
                    hex(&buf[..*n]),
                    hex(o),
                    "CBC-PKCS7 {}: plaintext differs from OpenSSL",
                    name::<Impl>(c)
                );
                assert_eq!(Some(*n), unpad, "decrypt_padded and pkcs7_unpad disagree");
            }
            (Err(_), Err(_)) => {
                assert_eq!(
                    unpad, None,
                    "pkcs7_unpad accepted what decrypt_padded refused"
                );
                if !ct.is_empty() && ct.len() % 16 == 0 {
                    assert!(
                        buf.iter().all(|&b| b == 0),
                        "CBC-PKCS7 {}: rejected buffer not zeroed",
                        name::<Impl>(c)
                    );
                }
            }
            _ => panic!(
                "CBC-PKCS7 {}: padding verdict differs: Peregrine {:?}, OpenSSL {:?}, last block {}",
                name::<Impl>(c),
                r.is_ok(),
                oss.is_ok(),
                hex(&plain[plain.len().saturating_sub(16)..])
            ),
        }
    }
}
