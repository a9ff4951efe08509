//! ECDSA and ECDH on P-256, P-384 and P-521 against OpenSSL.
//!
//! - Keys and signing: the fuzzer's scalar (refused exactly when it is 0
//!   or >= n, as OpenSSL's range check says) and digest (0..80 bytes); our
//!   public key equals OpenSSL's `d G`; our deterministic and hedged
//!   signatures verify under OpenSSL, and OpenSSL's under ours.
//! - Verification of arbitrary DER (a real signature with up to three
//!   byte flips, or raw fuzzer bytes): our verdict equals OpenSSL's
//!   `ECDSA_do_verify` on the decoded (r, s) when OpenSSL's DER decoding
//!   accepts the bytes (OpenSSL re-encodes and compares, so both are
//!   strict DER), and we refuse whatever OpenSSL cannot decode.
//! - Point decoding: the fuzzer's SEC1 bytes (02/03/04 prefixes, any
//!   coordinates): we accept exactly what OpenSSL's `EC_POINT_oct2point`
//!   accepts (on the curve, not infinity), with the same uncompressed
//!   encoding.
//! - ECDH: our shared secret equals OpenSSL's derivation.
//! - Kernels: the default (best) kernel and `soft` give the same public
//!   key, deterministic signature, verdict and shared secret.

#![no_main]

use libfuzzer_sys::fuzz_target;
use openssl::bn::{BigNum, BigNumContext};
use openssl::derive::Deriver;
use openssl::ec::{EcGroup, EcKey, EcPoint, PointConversionForm};
use openssl::ecdsa::EcdsaSig;
use openssl::nid::Nid;
use openssl::pkey::PKey;
use peregrine::ec::nist::{p256, p384, p521};
use peregrine::hash::sha256::Sha256;
use peregrine_fuzz::{Input, hex};

macro_rules! curve_case {
    ($m:ident, $nid:expr, $inp:expr) => {{
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
                let Ok(key) = ours else { return };
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
                let prefix = inp.pick(&[2u8, 3, 4, 4, 0, 1, 6]);
                let len = match prefix {
                    4 | 6 => 2 * $m::FIELD_BYTES,
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
        0 => curve_case!(p256, Nid::X9_62_PRIME256V1, &mut inp),
        1 => curve_case!(p384, Nid::SECP384R1, &mut inp),
        _ => curve_case!(p521, Nid::SECP521R1, &mut inp),
    }
}

fn ossl_key(group: &EcGroup, d: &[u8]) -> Option<EcKey<openssl::pkey::Private>> {
    let mut ctx = BigNumContext::new().unwrap();
    let bn = BigNum::from_slice(d).unwrap();
    let mut q = EcPoint::new(group).unwrap();
    q.mul_generator2(group, &bn, &mut ctx).unwrap();
    EcKey::from_private_components(group, &bn, &q).ok()
}
