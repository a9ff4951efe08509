//! ECDSA and ECDH on P-256, P-384 and P-521 against OpenSSL (the
//! `openssl` crate) and RustCrypto (`p256`, `p384`, `p521` on `ecdsa`).
//!
//! - Keys: the fuzzer's scalar is refused exactly when it is 0 or >= n
//!   (OpenSSL's range check), and RustCrypto's `SecretKey::from_slice`
//!   refuses exactly the same scalars; our public key equals OpenSSL's
//!   `d G` and RustCrypto's `public_key()` (uncompressed and compressed
//!   SEC1).
//! - Signing, of the fuzzer's digest (0..80 bytes): our deterministic and
//!   hedged signatures verify under OpenSSL, and OpenSSL's under ours. Our
//!   RFC 6979 signature with the curve's own hash (SHA-256, SHA-384,
//!   SHA-512) equals RustCrypto's `SigningKey::sign_prehash` bit for bit
//!   (the digest left-padded with zeros to half the field, the shortest
//!   prehash it takes: the same integer), and RustCrypto's
//!   `verify_prehash` accepts our hedged signature. Exception: P-521 with
//!   a digest of 66 bytes or more, where RustCrypto keeps the low 521
//!   bits of the digest's first 66 bytes instead of the leftmost 521
//!   (FIPS 186-5, SEC1): only r, which its RFC 6979 nonce gets right, is
//!   compared there.
//! - Verification of arbitrary DER (a real signature with up to three
//!   byte flips, or raw fuzzer bytes): our verdict equals OpenSSL's
//!   `ECDSA_do_verify` on the decoded (r, s) when OpenSSL's DER decoding
//!   accepts the bytes (OpenSSL re-encodes and compares, so both are
//!   strict DER), and we refuse whatever OpenSSL cannot decode. RustCrypto's
//!   `Signature::from_der` decodes exactly what we decode, to the same
//!   (r, s), and its `verify_prehash` gives our verdict.
//! - Point decoding: the fuzzer's SEC1 bytes (00 alone, 02/03/04, and the
//!   invalid prefixes 00 + junk, 01, 05, 06; any coordinates): we accept
//!   exactly what OpenSSL's `EC_POINT_oct2point` accepts (on the curve, not
//!   infinity) and what RustCrypto's `PublicKey::from_sec1_bytes` accepts,
//!   with the same uncompressed encoding; except 05 || x, RustCrypto's
//!   "compact" form, which SEC1 does not have: we (and OpenSSL) refuse it,
//!   RustCrypto is not asked.
//! - ECDH: our shared secret equals OpenSSL's derivation and RustCrypto's
//!   `ecdh::diffie_hellman` raw secret.
//! - Kernels: the default (best) kernel and `soft` give the same public
//!   key, deterministic signature, verdict and shared secret.

#![no_main]

use ::p256::elliptic_curve::sec1::ToSec1Point;
use ecdsa::signature::hazmat::{PrehashSigner, PrehashVerifier};
use libfuzzer_sys::fuzz_target;
use openssl::bn::{BigNum, BigNumContext};
use openssl::derive::Deriver;
use openssl::ec::{EcGroup, EcKey, EcPoint, PointConversionForm};
use openssl::ecdsa::EcdsaSig;
use openssl::nid::Nid;
use openssl::pkey::PKey;
use peregrine::ec::nist::{p256, p384, p521};
use peregrine::hash::sha256::Sha256;
use peregrine::hash::sha512::{Sha384, Sha512};
use peregrine_fuzz::{Input, hex};

/// RustCrypto's prehash of `digest`: left-padded with zeros to half the
/// field size, as the CLI's RustCrypto peer does. Older `ecdsa` releases
/// refused shorter prehashes; 0.17 checks no length, but its `rfc6979`
/// nonce generator debug-asserts a non-empty digest (and fuzz builds have
/// debug assertions). A digest shorter than the order is the same integer
/// either way, so the signature and the verdict are those of `digest`.
fn prehash(digest: &[u8], field_bytes: usize) -> Vec<u8> {
    let mut p = vec![0u8; digest.len().max(field_bytes.div_ceil(2))];
    let off = p.len() - digest.len();
    p[off..].copy_from_slice(digest);
    p
}

macro_rules! curve_case {
    ($m:ident, $rc:ident, $h:ty, $nid:expr, $inp:expr) => {{
        let inp: &mut Input = $inp;
        let group = EcGroup::from_curve_name($nid).unwrap();
        let mut ctx = BigNumContext::new().unwrap();
        let order = {
            let mut n = BigNum::new().unwrap();
            group.order(&mut n, &mut ctx).unwrap();
            n
        };
        match inp.below(3) {
            0 => {
                // keys, signing, verification both ways
                let mut d = inp.array($m::FIELD_BYTES);
                if inp.bool() {
                    // mostly valid scalars
                    d[0] &= 0x01;
                }
                let bn = BigNum::from_slice(&d).unwrap();
                let in_range = bn.num_bits() > 0 && bn < order;
                let ours = $m::PrivateKey::from_bytes(&d);
                assert_eq!(ours.is_ok(), in_range, "d {}", hex(&d));
                let rc = ::$rc::SecretKey::from_slice(&d);
                assert_eq!(rc.is_ok(), in_range, "rustcrypto: d {}", hex(&d));
                let (Ok(key), Ok(rc)) = (ours, rc) else {
                    return;
                };
                let ok = ossl_key(&group, &d).unwrap();
                let q = ok
                    .public_key()
                    .to_bytes(&group, PointConversionForm::UNCOMPRESSED, &mut ctx)
                    .unwrap();
                assert_eq!(
                    key.public_key().to_uncompressed(),
                    q,
                    "public key of {}",
                    hex(&d)
                );
                let rpk = rc.public_key();
                assert_eq!(
                    rpk.to_sec1_point(false).as_bytes(),
                    &key.public_key().to_uncompressed()[..],
                    "rustcrypto: public key of {}",
                    hex(&d)
                );
                assert_eq!(
                    rpk.to_sec1_point(true).as_bytes(),
                    &key.public_key().to_compressed()[..],
                    "rustcrypto: compressed public key of {}",
                    hex(&d)
                );
                let n = inp.below(81);
                let digest = inp.array(n);
                let sig = key.sign_prehashed_deterministic::<Sha256>(&digest);
                let der = sig.to_der();
                let soft = peregrine::ec::nist::Impl::Soft.check().unwrap();
                let ks = $m::PrivateKey::from_bytes_with_impl(&d, soft).unwrap();
                assert_eq!(
                    ks.public_key().to_uncompressed(),
                    key.public_key().to_uncompressed(),
                    "soft kernel: public key"
                );
                assert_eq!(
                    ks.sign_prehashed_deterministic::<Sha256>(&digest).to_der(),
                    der,
                    "soft kernel: signature"
                );
                let os = EcdsaSig::from_der(&der).unwrap();
                assert!(os.verify(&digest, &ok).unwrap(), "openssl verifies ours");
                let hedged = key.sign_prehashed::<Sha256>(&digest).unwrap();
                assert!(
                    EcdsaSig::from_der(&hedged.to_der())
                        .unwrap()
                        .verify(&digest, &ok)
                        .unwrap()
                );
                let theirs = EcdsaSig::sign(&digest, &ok).unwrap();
                let s = $m::Signature::from_der(&theirs.to_der().unwrap()).unwrap();
                key.public_key().verify_prehashed(&digest, &s).unwrap();
                // RustCrypto: RFC 6979 with the curve's own hash (SHA-256,
                // -384, -512), as its `SigningKey` has it.
                let pre = prehash(&digest, $m::FIELD_BYTES);
                let rsk = ::$rc::ecdsa::SigningKey::from(&rc);
                let rvk = ::$rc::ecdsa::VerifyingKey::from(&rsk);
                let rsig: ::$rc::ecdsa::Signature = rsk.sign_prehash(&pre).unwrap();
                let det = key.sign_prehashed_deterministic::<$h>(&digest).to_bytes();
                // RustCrypto reduces a digest longer than the order to the
                // order's low bits, not its leftmost ones, when the order's
                // bit length is not a whole number of bytes (P-521 and a
                // digest of 66 bytes or more); its RFC 6979 nonce is still
                // right, so only r is compared there (fuzz/README.md).
                let rc_z_differs =
                    8 * digest.len() > order.num_bits() as usize && order.num_bits() % 8 != 0;
                if rc_z_differs {
                    assert_eq!(
                        &rsig.to_bytes()[..$m::FIELD_BYTES],
                        &det[..$m::FIELD_BYTES],
                        "rustcrypto: r of the deterministic signature, d {} digest {}",
                        hex(&d),
                        hex(&digest)
                    );
                } else {
                    assert_eq!(
                        &rsig.to_bytes()[..],
                        &det[..],
                        "rustcrypto: deterministic signature, d {} digest {}",
                        hex(&d),
                        hex(&digest)
                    );
                    let h = ::$rc::ecdsa::Signature::from_slice(&hedged.to_bytes()).unwrap();
                    assert!(
                        rvk.verify_prehash(&pre, &h).is_ok(),
                        "rustcrypto verifies our hedged signature"
                    );
                }
                // ECDH with a second key
                let mut e = inp.array($m::FIELD_BYTES);
                e[0] &= 0x01;
                e[$m::FIELD_BYTES - 1] |= 1;
                if let Ok(peer) = $m::PrivateKey::from_bytes(&e) {
                    let ss = key.diffie_hellman(peer.public_key()).unwrap();
                    assert_eq!(
                        ks.diffie_hellman(peer.public_key()).unwrap(),
                        ss,
                        "soft kernel: ECDH"
                    );
                    let pk = PKey::from_ec_key(ok).unwrap();
                    let pe = PKey::from_ec_key(ossl_key(&group, &e).unwrap()).unwrap();
                    let mut der = Deriver::new(&pk).unwrap();
                    der.set_peer(&pe).unwrap();
                    assert_eq!(&ss[..], &der.derive_to_vec().unwrap()[..], "ECDH");
                    let rpeer =
                        ::$rc::PublicKey::from_sec1_bytes(&peer.public_key().to_uncompressed())
                            .unwrap();
                    let rss =
                        ::$rc::ecdh::diffie_hellman(rc.to_nonzero_scalar(), rpeer.as_affine());
                    assert_eq!(&ss[..], &rss.raw_secret_bytes()[..], "rustcrypto: ECDH");
                }
            }
            1 => {
                // verification of arbitrary or damaged signatures
                let key = $m::PrivateKey::from_bytes(&{
                    let mut d = vec![0u8; $m::FIELD_BYTES];
                    d[$m::FIELD_BYTES - 1] = 7;
                    d
                })
                .unwrap();
                let ok = ossl_key(&group, &{
                    let mut d = vec![0u8; $m::FIELD_BYTES];
                    d[$m::FIELD_BYTES - 1] = 7;
                    d
                })
                .unwrap();
                let digest = inp.array(32);
                let mut der = if inp.bool() {
                    key.sign_prehashed_deterministic::<Sha256>(&digest).to_der()
                } else {
                    let n = inp.below(150);
                    inp.array(n)
                };
                for _ in 0..inp.below(4) {
                    if der.is_empty() {
                        break;
                    }
                    let i = inp.below(der.len());
                    der[i] ^= inp.u8() | 1;
                }
                let ours = $m::Signature::from_der(&der)
                    .map(|s| key.public_key().verify_prehashed(&digest, &s).is_ok())
                    .unwrap_or(false);
                let theirs = match EcdsaSig::from_der(&der) {
                    // OpenSSL's ECDSA_verify accepts only the DER it
                    // re-encodes to
                    Ok(s) if s.to_der().unwrap() == der => s.verify(&digest, &ok).unwrap_or(false),
                    _ => false,
                };
                assert_eq!(ours, theirs, "verdict on {}", hex(&der));
                let ours_dec = $m::Signature::from_der(&der).ok();
                let rc_dec = ::$rc::ecdsa::Signature::from_der(&der).ok();
                assert_eq!(
                    ours_dec.map(|s| s.to_bytes()),
                    rc_dec.map(|s| s.to_bytes().to_vec()),
                    "rustcrypto: DER decoding of {}",
                    hex(&der)
                );
                let rvk = ::$rc::ecdsa::VerifyingKey::from_sec1_bytes(
                    &key.public_key().to_uncompressed(),
                )
                .unwrap();
                let rc_verdict = rc_dec
                    .map(|s| {
                        rvk.verify_prehash(&prehash(&digest, $m::FIELD_BYTES), &s)
                            .is_ok()
                    })
                    .unwrap_or(false);
                assert_eq!(ours, rc_verdict, "rustcrypto: verdict on {}", hex(&der));
                let soft = peregrine::ec::nist::Impl::Soft.check().unwrap();
                let soft_verdict = $m::Signature::from_der(&der)
                    .map(|s| {
                        key.public_key()
                            .with_impl(soft)
                            .verify_prehashed(&digest, &s)
                            .is_ok()
                    })
                    .unwrap_or(false);
                assert_eq!(soft_verdict, ours, "soft kernel: verdict on {}", hex(&der));
            }
            _ => {
                // point decoding
                let prefix = inp.pick(&[2u8, 3, 4, 4, 0, 1, 6, 5]);
                let len = match prefix {
                    4 | 6 => 2 * $m::FIELD_BYTES,
                    // the identity, 00 alone, or 00 and junk
                    0 => inp.below(2) * $m::FIELD_BYTES,
                    _ => $m::FIELD_BYTES,
                };
                let mut b = vec![prefix];
                b.extend_from_slice(&inp.array(len));
                if inp.bool() && prefix == 4 {
                    // a real point, possibly damaged
                    let mut d = inp.array($m::FIELD_BYTES);
                    d[0] &= 1;
                    d[$m::FIELD_BYTES - 1] |= 1;
                    if let Ok(k) = $m::PrivateKey::from_bytes(&d) {
                        b = k.public_key().to_uncompressed();
                        if inp.bool() {
                            let i = inp.below(b.len());
                            b[i] ^= 1;
                        }
                    }
                }
                let ours = $m::PublicKey::from_sec1(&b);
                let theirs = EcPoint::from_bytes(&group, &b, &mut ctx).ok().filter(|p| {
                    !p.is_infinity(&group) && p.is_on_curve(&group, &mut ctx).unwrap_or(false)
                });
                assert_eq!(ours.is_ok(), theirs.is_some(), "point {}", hex(&b));
                let rc = ::$rc::PublicKey::from_sec1_bytes(&b);
                if prefix == 5 {
                    // RustCrypto decodes 05 || x, the "compact" form of
                    // draft-jivsov-ecc-compact (x alone, y the smaller
                    // root); SEC1 has no such tag, and we and OpenSSL
                    // refuse it (fuzz/README.md).
                    assert!(ours.is_err(), "compact point {}", hex(&b));
                } else {
                    assert_eq!(ours.is_ok(), rc.is_ok(), "rustcrypto: point {}", hex(&b));
                    if let (Ok(p), Ok(r)) = (ours, &rc) {
                        assert_eq!(
                            r.to_sec1_point(false).as_bytes(),
                            &p.to_uncompressed()[..],
                            "rustcrypto: point {}",
                            hex(&b)
                        );
                    }
                }
                if let (Ok(p), Some(t)) = (ours, theirs) {
                    assert_eq!(
                        p.to_uncompressed(),
                        t.to_bytes(&group, PointConversionForm::UNCOMPRESSED, &mut ctx)
                            .unwrap()
                    );
                }
            }
        }
    }};
}

fuzz_target!(|data: &[u8]| run(data));

fn run(data: &[u8]) {
    let mut inp = Input::new(data);
    match inp.below(3) {
        0 => curve_case!(p256, p256, Sha256, Nid::X9_62_PRIME256V1, &mut inp),
        1 => curve_case!(p384, p384, Sha384, Nid::SECP384R1, &mut inp),
        _ => curve_case!(p521, p521, Sha512, Nid::SECP521R1, &mut inp),
    }
}

fn ossl_key(group: &EcGroup, d: &[u8]) -> Option<EcKey<openssl::pkey::Private>> {
    let mut ctx = BigNumContext::new().unwrap();
    let bn = BigNum::from_slice(d).unwrap();
    let mut q = EcPoint::new(group).unwrap();
    q.mul_generator2(group, &bn, &mut ctx).unwrap();
    EcKey::from_private_components(group, &bn, &q).ok()
}
