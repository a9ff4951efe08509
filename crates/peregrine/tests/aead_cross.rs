//! Every AES x GHASH pairing of AES-GCM, every AES backend of AES-CCM, and
//! every ChaCha20 x Poly1305 pairing of (X)ChaCha20-Poly1305,
//! against the portable backends: every plaintext length 0..=16*41+1 with
//! AAD lengths 0..=80, 96-bit and other nonces, in place and into a
//! buffer, round trips, and a flipped bit anywhere rejected with the
//! buffer zeroed.

mod common;

use common::{Rng, accelerated};
use peregrine::aead::aes_ccm::AesCcm;
use peregrine::aead::aes_gcm::AesGcm;
use peregrine::aead::{Aead, ghash};
use peregrine::cipher::aes;

/// Every length up to three 8-block steps plus 17 blocks and a byte: every
/// tail after 0..=4 whole steps of the 8-block fused kernels (AES-NI and
/// ARMv8) and after 0..=2 steps of the 16-block VAES kernel.
const MAX_LEN: usize = 16 * (3 * 8 + 17) + 1;
const LONG: usize = 1 << 14;

fn check(name: &str, want: &dyn Aead, got: &dyn Aead, rng: &mut Rng, nonce_len: usize) {
    let msg = rng.bytes(LONG + 300);
    let aad = rng.bytes(80);
    let nonce = rng.bytes(nonce_len);
    // Every length to MAX_LEN, then lengths around several 16-block steps
    // (the fused kernels' units are 8 and 16 blocks) and a long message.
    let mut lens: Vec<usize> = (0..=MAX_LEN).collect();
    for k in [2usize, 3, 5, 17] {
        for d in [0usize, 1, 15, 16, 17, 255] {
            lens.push(256 * k + d);
        }
    }
    lens.push(LONG + 3);
    for len in lens {
        // Every AAD length for a spread of message lengths, a few for the rest.
        let aads: Vec<usize> = if len % 37 == 0 || len < 34 {
            (0..=80).collect()
        } else {
            vec![0, 1, 13, 16, 17, 80, rng.below(81)]
        };
        for al in aads {
            let (m, a) = (&msg[..len], &aad[..al]);
            let w = want.seal(&nonce, a, m).unwrap();
            let mut buf = m.to_vec();
            let tag = got.seal_in_place_detached(&nonce, a, &mut buf).unwrap();
            assert_eq!(buf[..], w[..len], "{name} len {len} aad {al}: ciphertext");
            assert_eq!(tag.as_ref(), &w[len..], "{name} len {len} aad {al}: tag");
            let mut out = vec![0u8; len];
            got.open_into(&nonce, a, &w, &mut out).unwrap();
            assert_eq!(out, m, "{name} len {len} aad {al}: open");
            if al == 13 || (len < 40 && al < 3) {
                let mut bad = w.clone();
                let i = rng.below(bad.len());
                bad[i] ^= 1 << rng.below(8);
                let mut out = vec![0xaau8; len];
                assert!(
                    got.open_into(&nonce, a, &bad, &mut out).is_err(),
                    "{name} len {len}: forgery"
                );
                assert!(out.iter().all(|&b| b == 0), "{name} len {len}: not zeroed");
            }
        }
    }
}

#[test]
fn gcm_every_pairing_matches_soft() {
    let (sa, others_a) = accelerated::<aes::Impl>();
    let (sg, others_g) = accelerated::<ghash::Impl>();
    let mut rng = Rng(0x6a09e667f3bcc908);
    let a_all: Vec<_> = std::iter::once(sa).chain(others_a).collect();
    let g_all: Vec<_> = std::iter::once(sg).chain(others_g).collect();
    let mut ran = 0;
    for &a in &a_all {
        for &g in &g_all {
            if a == sa && g == sg {
                continue;
            }
            for (kl, nl) in [(16, 12), (32, 12), (24, 1), (16, 60)] {
                let key = rng.bytes(kl);
                let want = AesGcm::with_impl(&key, 16, sa, sg).unwrap();
                let got = AesGcm::with_impl(&key, 16, a, g).unwrap();
                let name = format!(
                    "gcm {}+{} key {kl} nonce {nl}",
                    a.get().name(),
                    g.get().name()
                );
                check(&name, &want, &got, &mut rng, nl);
            }
            ran += 1;
        }
    }
    eprintln!("gcm: {ran} pairings checked against soft+soft");
}

#[test]
fn ccm_every_backend_matches_soft() {
    let (sa, others) = accelerated::<aes::Impl>();
    let mut rng = Rng(0xbb67ae8584caa73b);
    for a in others {
        for (kl, nl, tl) in [(16, 13, 16), (32, 7, 4), (24, 12, 10)] {
            let key = rng.bytes(kl);
            let want = AesCcm::with_impl(&key, nl, tl, sa).unwrap();
            let got = AesCcm::with_impl(&key, nl, tl, a).unwrap();
            check(
                &format!("ccm {} key {kl}", a.get().name()),
                &want,
                &got,
                &mut rng,
                nl,
            );
        }
    }
}

#[test]
fn chacha20_poly1305_every_pairing_matches_soft() {
    use peregrine::aead::chacha20_poly1305::{ChaCha20Poly1305, XChaCha20Poly1305};
    use peregrine::cipher::chacha20;
    use peregrine::mac::poly1305;
    let (sc, others_c) = accelerated::<chacha20::Impl>();
    let (sp, others_p) = accelerated::<poly1305::Impl>();
    let c_all: Vec<_> = std::iter::once(sc).chain(others_c).collect();
    let p_all: Vec<_> = std::iter::once(sp).chain(others_p).collect();
    let mut rng = Rng(0x3c6ef372fe94f82b);
    for &c in &c_all {
        for &p in &p_all {
            if c == sc && p == sp {
                continue;
            }
            let key = rng.bytes(32);
            let name = format!("chacha20-poly1305 {}+{}", c.get().name(), p.get().name());
            let want = ChaCha20Poly1305::with_impl(&key, sc, sp).unwrap();
            let got = ChaCha20Poly1305::with_impl(&key, c, p).unwrap();
            check(&name, &want, &got, &mut rng, 12);
            let want = XChaCha20Poly1305::with_impl(&key, sc, sp).unwrap();
            let got = XChaCha20Poly1305::with_impl(&key, c, p).unwrap();
            check(&format!("x{name}"), &want, &got, &mut rng, 24);
        }
    }
}
