//! AEADs: AES-GCM (any nonce length, every tag length), AES-CCM,
//! ChaCha20-Poly1305 and XChaCha20-Poly1305.
//!
//! The fuzzer picks the algorithm, key, nonce (and its length), tag
//! length, AAD, message and up to three byte flips of the sealed text.
//! Seal: every backend pairing (`with_impl`: AES x GHASH, AES for CCM,
//! ChaCha20 x Poly1305) in place (`seal_in_place_detached`) and into a
//! buffer (`seal_into`), all equal to the soft pairing, which equals
//! OpenSSL (GCM any nonce, CCM, ChaCha20-Poly1305) and RustCrypto
//! (`aes-gcm` for 12-byte nonces and full tags, `chacha20poly1305` for
//! XChaCha). Open: the flipped sealed text through every pairing
//! (`open_in_place_detached`, `open_into`) and every peer; the verdict is
//! the same everywhere (accept exactly when nothing was flipped), an
//! accepted plaintext is the message, and a rejected output is zeroed.

#![no_main]

use aes_gcm::aead::{AeadInPlace, KeyInit};
use libfuzzer_sys::fuzz_target;
use openssl::cipher::{Cipher, CipherRef};
use openssl::cipher_ctx::CipherCtx;
use openssl::error::ErrorStack;
use peregrine::aead::aes_ccm::AesCcm;
use peregrine::aead::aes_gcm::AesGcm;
use peregrine::aead::chacha20_poly1305::{ChaCha20Poly1305, XChaCha20Poly1305};
use peregrine::aead::{Aead, ghash};
use peregrine::cipher::{aes, chacha20};
use peregrine::mac::poly1305;
use peregrine_fuzz::{Input, hex, name, soft, soft_first};

fuzz_target!(|data: &[u8]| run(data));

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Alg {
    Gcm,
    Ccm,
    ChaCha,
    XChaCha,
}

/// Every backend pairing of `alg`, the soft one first.
fn pairings(
    alg: Alg,
    key: &[u8],
    nonce_len: usize,
    tag_len: usize,
) -> Vec<(String, Box<dyn Aead>)> {
    let mut v: Vec<(String, Box<dyn Aead>)> = Vec::new();
    match alg {
        Alg::Gcm => {
            assert_eq!(name::<aes::Impl>(soft::<aes::Impl>()), "soft");
            for a in soft_first::<aes::Impl>() {
                for g in soft_first::<ghash::Impl>() {
                    let n = format!("gcm {}+{}", name::<aes::Impl>(a), name::<ghash::Impl>(g));
                    v.push((n, Box::new(AesGcm::with_impl(key, tag_len, a, g).unwrap())));
                }
            }
        }
        Alg::Ccm => {
            for a in soft_first::<aes::Impl>() {
                let n = format!("ccm {}", name::<aes::Impl>(a));
                v.push((
                    n,
                    Box::new(AesCcm::with_impl(key, nonce_len, tag_len, a).unwrap()),
                ));
            }
        }
        Alg::ChaCha | Alg::XChaCha => {
            for c in soft_first::<chacha20::Impl>() {
                for p in soft_first::<poly1305::Impl>() {
                    let n = format!(
                        "{alg:?} {}+{}",
                        name::<chacha20::Impl>(c),
                        name::<poly1305::Impl>(p)
                    );
                    let b: Box<dyn Aead> = if alg == Alg::ChaCha {
                        Box::new(ChaCha20Poly1305::with_impl(key, c, p).unwrap())
                    } else {
                        Box::new(XChaCha20Poly1305::with_impl(key, c, p).unwrap())
                    };
                    v.push((n, b));
                }
            }
        }
    }
    v
}

fn ossl_cipher(alg: Alg, key_len: usize) -> Option<&'static CipherRef> {
    Some(match (alg, key_len) {
        (Alg::Gcm, 16) => Cipher::aes_128_gcm(),
        (Alg::Gcm, 24) => Cipher::aes_192_gcm(),
        (Alg::Gcm, 32) => Cipher::aes_256_gcm(),
        (Alg::Ccm, 16) => Cipher::aes_128_ccm(),
        (Alg::Ccm, 24) => Cipher::aes_192_ccm(),
        (Alg::Ccm, 32) => Cipher::aes_256_ccm(),
        (Alg::ChaCha, _) => Cipher::chacha20_poly1305(),
        _ => return None,
    })
}

/// OpenSSL seal: (ciphertext, tag).
fn ossl_seal(
    c: &CipherRef,
    ccm: bool,
    key: &[u8],
    nonce: &[u8],
    aad: &[u8],
    msg: &[u8],
    tag_len: usize,
) -> Result<(Vec<u8>, Vec<u8>), ErrorStack> {
    let mut ctx = CipherCtx::new()?;
    ctx.encrypt_init(Some(c), None, None)?;
    ctx.set_iv_length(nonce.len())?;
    if ccm {
        ctx.set_tag_length(tag_len)?;
    }
    ctx.encrypt_init(None, Some(key), Some(nonce))?;
    if ccm {
        ctx.set_data_len(msg.len())?;
    }
    if !aad.is_empty() {
        ctx.cipher_update(aad, None)?;
    }
    let mut out = vec![0u8; msg.len() + 32];
    let mut n = ctx.cipher_update(msg, Some(&mut out))?;
    n += ctx.cipher_final(&mut out[n..])?;
    out.truncate(n);
    let mut tag = vec![0u8; tag_len];
    ctx.tag(&mut tag)?;
    Ok((out, tag))
}

/// OpenSSL open: the plaintext, or `None` when it rejects.
fn ossl_open(
    c: &CipherRef,
    ccm: bool,
    key: &[u8],
    nonce: &[u8],
    aad: &[u8],
    ct: &[u8],
    tag: &[u8],
) -> Option<Vec<u8>> {
    let run = || -> Result<Vec<u8>, ErrorStack> {
        let mut ctx = CipherCtx::new()?;
        ctx.decrypt_init(Some(c), None, None)?;
        ctx.set_iv_length(nonce.len())?;
        if ccm {
            ctx.set_tag(tag)?;
        }
        ctx.decrypt_init(None, Some(key), Some(nonce))?;
        if ccm {
            ctx.set_data_len(ct.len())?;
        }
        if !aad.is_empty() {
            ctx.cipher_update(aad, None)?;
        }
        let mut out = vec![0u8; ct.len() + 32];
        let mut n = ctx.cipher_update(ct, Some(&mut out))?;
        if !ccm {
            ctx.set_tag(tag)?;
        }
        n += ctx.cipher_final(&mut out[n..])?;
        out.truncate(n);
        Ok(out)
    };
    run().ok()
}

/// RustCrypto, where it has the configuration: seal (ct, tag) and open.
fn rc_seal(
    alg: Alg,
    key: &[u8],
    nonce: &[u8],
    aad: &[u8],
    msg: &[u8],
    tag_len: usize,
) -> Option<(Vec<u8>, Vec<u8>)> {
    let mut buf = msg.to_vec();
    let tag = match alg {
        Alg::Gcm if nonce.len() == 12 && tag_len == 16 && key.len() != 24 => {
            if key.len() == 16 {
                aes_gcm::Aes128Gcm::new_from_slice(key)
                    .ok()?
                    .encrypt_in_place_detached(nonce.into(), aad, &mut buf)
                    .ok()?
                    .to_vec()
            } else {
                aes_gcm::Aes256Gcm::new_from_slice(key)
                    .ok()?
                    .encrypt_in_place_detached(nonce.into(), aad, &mut buf)
                    .ok()?
                    .to_vec()
            }
        }
        Alg::XChaCha => chacha20poly1305::XChaCha20Poly1305::new_from_slice(key)
            .ok()?
            .encrypt_in_place_detached(nonce.into(), aad, &mut buf)
            .ok()?
            .to_vec(),
        _ => return None,
    };
    Some((buf, tag))
}

/// `Some(Some(plaintext))` accepted, `Some(None)` rejected, `None`: no peer.
fn rc_open(
    alg: Alg,
    key: &[u8],
    nonce: &[u8],
    aad: &[u8],
    ct: &[u8],
    tag: &[u8],
    tag_len: usize,
) -> Option<Option<Vec<u8>>> {
    let mut buf = ct.to_vec();
    let ok = match alg {
        Alg::Gcm if nonce.len() == 12 && tag_len == 16 && key.len() != 24 => {
            if key.len() == 16 {
                aes_gcm::Aes128Gcm::new_from_slice(key)
                    .ok()?
                    .decrypt_in_place_detached(nonce.into(), aad, &mut buf, tag.into())
                    .is_ok()
            } else {
                aes_gcm::Aes256Gcm::new_from_slice(key)
                    .ok()?
                    .decrypt_in_place_detached(nonce.into(), aad, &mut buf, tag.into())
                    .is_ok()
            }
        }
        Alg::XChaCha => chacha20poly1305::XChaCha20Poly1305::new_from_slice(key)
            .ok()?
            .decrypt_in_place_detached(nonce.into(), aad, &mut buf, tag.into())
            .is_ok(),
        _ => return None,
    };
    Some(ok.then_some(buf))
}

fn run(data: &[u8]) {
    let mut inp = Input::new(data);
    let alg = inp.pick(&[Alg::Gcm, Alg::Gcm, Alg::Ccm, Alg::ChaCha, Alg::XChaCha]);
    let (key_len, nonce_len, tag_len) = match alg {
        Alg::Gcm => {
            let kl = inp.pick(&[16, 24, 32]);
            let f = inp.u8();
            // Mostly the 12-byte fast path; otherwise 0..=64 bytes (0 is refused).
            let nl = if f < 160 {
                12
            } else {
                usize::from(f - 160) % 65
            };
            (kl, nl, inp.pick(&[16, 16, 16, 4, 8, 12, 13, 14, 15]))
        }
        Alg::Ccm => (
            inp.pick(&[16, 24, 32]),
            7 + inp.below(7),
            inp.pick(&[4, 6, 8, 10, 12, 14, 16]),
        ),
        Alg::ChaCha => (32, 12, 16),
        Alg::XChaCha => (32, 24, 16),
    };
    let key = inp.array(key_len);
    let nonce = inp.array(nonce_len);
    let flips: Vec<(u16, u8)> = (0..inp.below(4)).map(|_| (inp.u16(), inp.u8())).collect();
    let aad = inp.buf(100).to_vec();
    let msg = inp.rest().to_vec();
    let all = pairings(alg, &key, nonce_len, tag_len);
    let len = msg.len();

    if alg == Alg::Gcm && nonce_len == 0 {
        // Oracle exception (fuzz/README.md): an empty GCM nonce is refused
        // by Peregrine (SP 800-38D requires at least one bit); not compared.
        for (n, a) in &all {
            let mut buf = msg.clone();
            assert!(
                a.seal_in_place_detached(&nonce, &aad, &mut buf).is_err(),
                "{n}: sealed with an empty nonce"
            );
            assert!(
                a.open_in_place_detached(&nonce, &aad, &mut buf, &[0u8; 16][..tag_len])
                    .is_err(),
                "{n}: opened with an empty nonce"
            );
        }
        return;
    }

    // Seal.
    let mut want: Option<(Vec<u8>, Vec<u8>)> = None;
    for (n, a) in &all {
        assert_eq!(a.tag_len(), tag_len);
        let mut ct = msg.clone();
        let tag = a
            .seal_in_place_detached(&nonce, &aad, &mut ct)
            .unwrap_or_else(|e| panic!("{n}: seal failed: {e}"));
        let mut out = vec![0x77u8; len + tag_len];
        a.seal_into(&nonce, &aad, &msg, &mut out).unwrap();
        assert_eq!(
            hex(&out[..len]),
            hex(&ct),
            "{n}: seal_into ciphertext differs from in place"
        );
        assert_eq!(
            hex(&out[len..]),
            hex(tag.as_ref()),
            "{n}: seal_into tag differs from in place"
        );
        match &want {
            None => want = Some((ct, tag.as_ref().to_vec())),
            Some((wc, wt)) => {
                assert_eq!(
                    hex(&ct),
                    hex(wc),
                    "{n}: ciphertext differs from soft (len {len}, aad {})",
                    aad.len()
                );
                assert_eq!(
                    hex(tag.as_ref()),
                    hex(wt),
                    "{n}: tag differs from soft (len {len}, aad {})",
                    aad.len()
                );
            }
        }
    }
    let (ct, tag) = want.unwrap();
    let ossl = ossl_cipher(alg, key_len);
    if let Some(c) = ossl {
        let (oc, ot) = ossl_seal(c, alg == Alg::Ccm, &key, &nonce, &aad, &msg, tag_len)
            .unwrap_or_else(|e| {
                panic!("{alg:?}: OpenSSL refused to seal (nonce {nonce_len}, tag {tag_len}): {e}")
            });
        assert_eq!(
            hex(&oc),
            hex(&ct),
            "{alg:?}: ciphertext differs from OpenSSL (nonce {nonce_len})"
        );
        assert_eq!(
            hex(&ot),
            hex(&tag),
            "{alg:?}: tag differs from OpenSSL (nonce {nonce_len}, tag {tag_len})"
        );
    }
    if let Some((rc, rt)) = rc_seal(alg, &key, &nonce, &aad, &msg, tag_len) {
        assert_eq!(
            hex(&rc),
            hex(&ct),
            "{alg:?}: ciphertext differs from RustCrypto"
        );
        assert_eq!(hex(&rt), hex(&tag), "{alg:?}: tag differs from RustCrypto");
    }

    // Open the (possibly) flipped sealed text.
    let mut sealed = ct.clone();
    sealed.extend_from_slice(&tag);
    let orig = sealed.clone();
    for &(at, x) in &flips {
        let i = usize::from(at) % sealed.len();
        sealed[i] ^= x;
    }
    let intact = sealed == orig;
    let (bct, btag) = sealed.split_at(len);
    for (n, a) in &all {
        let mut buf = bct.to_vec();
        let r1 = a.open_in_place_detached(&nonce, &aad, &mut buf, btag);
        let mut out = vec![0xaau8; len];
        let r2 = a.open_into(&nonce, &aad, &sealed, &mut out);
        assert_eq!(
            r1.is_ok(),
            intact,
            "{n}: in-place open verdict {:?} on a text {} flipped",
            r1.is_ok(),
            if intact { "not" } else { "" }
        );
        assert_eq!(
            r2.is_ok(),
            intact,
            "{n}: open_into verdict {:?}",
            r2.is_ok()
        );
        if intact {
            assert_eq!(hex(&buf), hex(&msg), "{n}: opened plaintext differs");
            assert_eq!(hex(&out), hex(&msg), "{n}: open_into plaintext differs");
        } else {
            assert!(
                buf.iter().all(|&b| b == 0),
                "{n}: rejected in-place buffer not zeroed"
            );
            assert!(
                out.iter().all(|&b| b == 0),
                "{n}: rejected open_into output not zeroed"
            );
        }
    }
    if let Some(c) = ossl {
        let o = ossl_open(c, alg == Alg::Ccm, &key, &nonce, &aad, bct, btag);
        assert_eq!(
            o.is_some(),
            intact,
            "{alg:?}: OpenSSL's open verdict differs (nonce {nonce_len}, tag {tag_len})"
        );
        if let Some(p) = o {
            assert_eq!(hex(&p), hex(&msg), "{alg:?}: OpenSSL's plaintext differs");
        }
    }
    if let Some(o) = rc_open(alg, &key, &nonce, &aad, bct, btag, tag_len) {
        assert_eq!(
            o.is_some(),
            intact,
            "{alg:?}: RustCrypto's open verdict differs"
        );
        if let Some(p) = o {
            assert_eq!(
                hex(&p),
                hex(&msg),
                "{alg:?}: RustCrypto's plaintext differs"
            );
        }
    }
}
