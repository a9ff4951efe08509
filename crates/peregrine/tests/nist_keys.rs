//! EC key files: OpenSSL's PKCS#8, SEC1 and SubjectPublicKeyInfo files for
//! P-256, P-384 and P-521 (`vectors/nist/keys/`) are read and written back
//! byte for byte; the public key in each private file matches the SPKI
//! file; OpenSSL's signatures verify; malformed and mismatched files are
//! errors, never panics.

use peregrine::ec::nist::keys::{AnyPrivateKey, AnyPublicKey, Curve};
use peregrine::hash::Hash;
use peregrine::hash::sha256::Sha256;
use peregrine::hash::sha512::{Sha384, Sha512};

fn digest<H: Hash>(m: &[u8]) -> Vec<u8> {
    let mut h = H::new();
    h.update(m);
    h.finalize().as_ref().to_vec()
}

#[test]
#[allow(clippy::type_complexity)]
fn openssl_files_round_trip() {
    let msg = include_bytes!("vectors/nist/keys/msg.txt");
    let sets: [(&str, &str, &str, &[u8], Curve, Vec<u8>); 3] = [
        (
            include_str!("vectors/nist/keys/p256-pkcs8.pem"),
            include_str!("vectors/nist/keys/p256-sec1.pem"),
            include_str!("vectors/nist/keys/p256-spki.pem"),
            include_bytes!("vectors/nist/keys/p256-sha256.sig"),
            Curve::P256,
            digest::<Sha256>(msg),
        ),
        (
            include_str!("vectors/nist/keys/p384-pkcs8.pem"),
            include_str!("vectors/nist/keys/p384-sec1.pem"),
            include_str!("vectors/nist/keys/p384-spki.pem"),
            include_bytes!("vectors/nist/keys/p384-sha384.sig"),
            Curve::P384,
            digest::<Sha384>(msg),
        ),
        (
            include_str!("vectors/nist/keys/p521-pkcs8.pem"),
            include_str!("vectors/nist/keys/p521-sec1.pem"),
            include_str!("vectors/nist/keys/p521-spki.pem"),
            include_bytes!("vectors/nist/keys/p521-sha512.sig"),
            Curve::P521,
            digest::<Sha512>(msg),
        ),
    ];
    for (pkcs8, sec1, spki, sig, curve, dg) in sets {
        let a = AnyPrivateKey::from_file_bytes(pkcs8.as_bytes()).unwrap();
        let b = AnyPrivateKey::from_file_bytes(sec1.as_bytes()).unwrap();
        let p = AnyPublicKey::from_file_bytes(spki.as_bytes()).unwrap();
        assert_eq!(a.curve(), curve);
        assert_eq!(b.curve(), curve);
        assert_eq!(a.public_key(), p, "{curve:?}");
        assert_eq!(b.public_key(), p, "{curve:?}");
        assert_eq!(&*a.to_pkcs8_pem().unwrap(), pkcs8, "{curve:?} PKCS#8");
        assert_eq!(&*a.to_sec1_pem().unwrap(), sec1, "{curve:?} SEC1");
        assert_eq!(p.to_public_key_pem().unwrap(), spki, "{curve:?} SPKI");
        // DER forms read too
        let der = a.to_pkcs8_der().unwrap();
        assert_eq!(
            AnyPrivateKey::from_file_bytes(&der).unwrap().public_key(),
            p
        );
        let der = a.to_sec1_der().unwrap();
        assert_eq!(
            AnyPrivateKey::from_file_bytes(&der).unwrap().public_key(),
            p
        );
        let der = p.to_public_key_der().unwrap();
        assert_eq!(AnyPublicKey::from_file_bytes(&der).unwrap(), p);
        // OpenSSL's signature verifies; ours verifies; a changed digest fails
        p.verify_prehashed_der(&dg, sig).unwrap();
        let ours = match curve {
            Curve::P256 => a.sign_prehashed_der::<Sha256>(&dg),
            Curve::P384 => a.sign_prehashed_der::<Sha384>(&dg),
            Curve::P521 => a.sign_prehashed_der::<Sha512>(&dg),
        }
        .unwrap();
        p.verify_prehashed_der(&dg, &ours).unwrap();
        let mut bad = dg.clone();
        bad[0] ^= 1;
        assert!(p.verify_prehashed_der(&bad, sig).is_err());
        // ECDH of a key with itself equals the other path
        assert_eq!(
            a.diffie_hellman(&p).unwrap(),
            b.diffie_hellman(&b.public_key()).unwrap()
        );
        // wrong kinds and corruptions are errors
        assert!(AnyPublicKey::from_file_bytes(pkcs8.as_bytes()).is_err());
        assert!(AnyPrivateKey::from_file_bytes(spki.as_bytes()).is_err());
        let der = a.to_pkcs8_der().unwrap();
        for cut in [0, 1, 10, der.len() / 2, der.len() - 1] {
            assert!(
                AnyPrivateKey::from_file_bytes(&der[..cut]).is_err(),
                "{curve:?} cut {cut}"
            );
        }
        let mut flipped = der.to_vec();
        let last = flipped.len() - 1;
        flipped[last] ^= 1; // the public point no longer matches
        assert!(AnyPrivateKey::from_file_bytes(&flipped).is_err());
    }
    // keys of different curves do not agree
    let a = AnyPrivateKey::from_file_bytes(sets_first_p256().as_bytes()).unwrap();
    let p =
        AnyPublicKey::from_file_bytes(include_bytes!("vectors/nist/keys/p384-spki.pem")).unwrap();
    assert!(a.diffie_hellman(&p).is_err());
    assert_eq!(Curve::from_name("prime256v1"), Some(Curve::P256));
    assert_eq!(Curve::from_name("secp521r1"), Some(Curve::P521));
    assert_eq!(Curve::from_name("secp256k1"), None);
}

fn sets_first_p256() -> &'static str {
    include_str!("vectors/nist/keys/p256-pkcs8.pem")
}
