//! A router-style program for `scripts/size-report.sh`: it links only what
//! a small TLS/VPN/SSH stack on a router needs (AES-128/256-GCM,
//! ChaCha20-Poly1305, SHA-256, SHA-512, HMAC-SHA256, X25519, Ed25519 sign
//! and verify, RSA signature verification with PKCS#1 v1.5 and PSS), so
//! that the `.text` of its static binary says what those primitives cost
//! in code size.
//!
//! Every primitive works on the input (the arguments joined by spaces, or
//! standard input when there are none) and its result is printed, so the
//! compiler cannot drop any of them:
//!
//! ```text
//! cargo run --release -p peregrine --example router_size -- hello
//! echo -n 'peregrine router_size' | cargo run -p peregrine --example router_size
//! ```
//!
//! The RSA signatures are fixed (an RSA-2048 key made with `openssl
//! genpkey`, signing `peregrine router_size` with SHA-256); they verify
//! only when the input is that message, and the verification runs (and
//! prints `ok` or `fail`) whatever the input.
//!
//! `router_size_baseline` is the same program without the cryptography
//! (the same input and output): the difference of the two is what the
//! primitives add.

use std::io::Read;

use peregrine::aead::Aead;
use peregrine::aead::aes_gcm::AesGcm;
use peregrine::aead::chacha20_poly1305::ChaCha20Poly1305;
use peregrine::ec::curve25519::{ed25519, x25519};
use peregrine::hash::sha256::{Sha256, sha256};
use peregrine::hash::sha512::sha512;
use peregrine::mac::hmac::hmac;
use peregrine::rsa::RsaPublicKey;
use peregrine::rsa::pss::SaltLen;

const RSA_N: &str = concat!(
    "c9eabf3de2a7ad5dcf10f64f4c00bb81310698e937e42a2225a8723cc147a34d",
    "4481bb351f60b092c5d3fb29f766db085bce7dea247e57ee39ddcc313c113da3",
    "ffe34e7059fc0a4a9e7a38977f889474e3b1c4d30b6a539d212e882cab33ee40",
    "a7f5a9ffb2e5da56c5fc1bccf0a91bc45e1c93181f73eb811d492fa338fb0710",
    "3eb33ca69ae9f7c0c2bc5c8c86a81eb9c895d289e14d46223916350168a31414",
    "3eb01aba679efc3670a64841455c3b929ed66564c626da5f12fc4cb3d401e5b1",
    "28ff30f0ed23a1f40bdf3f557f44e3354e65ecd7d9c51216aead9a37a127ba05",
    "c1e74332599a243d4843f2f632d71aba7da1ebcebf453deb81b609c9d972908f",
);
const RSA_PKCS1_SIG: &str = concat!(
    "4e8cb89f74594370994491856bfefb6cc31d1bec9277c8c9855e3bd522f5dab2",
    "5eb07f30eaf1df86e6ea7afb34b8e5b183f6b178ce88b5e981529fad00cbc15c",
    "fdfbd3a7dc1d0160b00503ad16c5d016f80306daf4aa0b0176b972fe8888e696",
    "4c8be85f87f14465fae3d2969b4e586f7624acc659d69f2fe3a1495e1f47359f",
    "f1f6ca3f9854d918f5b244d42aa1753810009469ca06652a05cbd314b29bd15c",
    "e12f372cd36452195b39dcd2d9ca8d24f2cfab209242807dcd52c89f5effc530",
    "9badff4e3d9d05057b6f5f9124d81197d560b31c25b810124c57271ffd2df47a",
    "a33a228ff960216b3bf35e900d2ee03aea7df429d2267aa2655bcdc9d36ebaf2",
);
const RSA_PSS_SIG: &str = concat!(
    "96b5c10d78446edc532f32fa58a94c80db24ef1cd37b88898cd558851cbc4a4b",
    "679d81b590923aa498fa931db7ff831117957f3aa111066f91a36a1aa8d95a44",
    "850b2b3569f69fbd7efe2f81962ab8e6bf3212a6272f4ff8a915b4893c4a6e71",
    "bd21b5a2f2fc4ccf86c65750aa8cfc5ec797177485ea71e2413faa5bb90216f3",
    "b60793c63500b898a501a78ffb998303a6fb34331e42af9abeeef911a8e87b01",
    "b81e545e9e89704e3b2de6b125df289bc7e626fb54e2c772f2d93eab5eadd965",
    "fbdb2c2de53bacc3ad4f333e9986c29076e8b33923238c7c0add3c998ea9cd20",
    "686a9d2134099cc4fcc1971acd203181f0d22897b3e584282b28a7d5ad5ec11f",
);

/// The arguments joined by spaces, or standard input when there are none.
fn input() -> Vec<u8> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        let mut buf = Vec::new();
        if let Err(e) = std::io::stdin().read_to_end(&mut buf) {
            eprintln!("router_size: reading standard input: {e}");
            std::process::exit(1);
        }
        buf
    } else {
        args.join(" ").into_bytes()
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex constant"))
        .collect()
}

fn verdict<E>(r: Result<(), E>) -> &'static str {
    if r.is_ok() { "ok" } else { "fail" }
}

fn main() -> Result<(), peregrine::Error> {
    let msg = input();

    // Hashes and MAC; the keys below are derived from the input.
    let d256 = sha256(&msg);
    let d512 = sha512(&msg);
    let mac = hmac::<Sha256>(&d256, &msg);
    println!("sha256       {}", hex(&d256));
    println!("sha512       {}", hex(&d512));
    println!("hmac-sha256  {}", hex(&mac));

    // AEADs: seal the input, then open it again.
    let nonce = &mac[..12];
    let aeads: [(&str, Box<dyn Aead>); 3] = [
        ("aes-128-gcm", Box::new(AesGcm::new(&d512[..16])?)),
        ("aes-256-gcm", Box::new(AesGcm::new(&d512[32..])?)),
        ("chacha20-p1305", Box::new(ChaCha20Poly1305::new(&d256)?)),
    ];
    for (name, aead) in &aeads {
        let mut buf = msg.clone();
        let tag = aead.seal_in_place_detached(nonce, b"router", &mut buf)?;
        let ct = sha256(&buf);
        aead.open_in_place_detached(nonce, b"router", &mut buf, tag.as_ref())?;
        let round_trip = if buf == msg { "ok" } else { "fail" };
        println!(
            "{name:<14} tag {} ct-sha256 {} open {round_trip}",
            hex(tag.as_ref()),
            hex(&ct[..8])
        );
    }

    // X25519: two keys from the input, both sides of the exchange.
    let mut ka = [0u8; 32];
    let mut kb = [0u8; 32];
    ka.copy_from_slice(&d512[..32]);
    kb.copy_from_slice(&d512[32..]);
    let a = x25519::PrivateKey::from_bytes(ka);
    let b = x25519::PrivateKey::from_bytes(kb);
    let ab = a.diffie_hellman(&b.public_key())?;
    let ba = b.diffie_hellman(&a.public_key())?;
    let agree = if ab.as_bytes() == ba.as_bytes() {
        "ok"
    } else {
        "fail"
    };
    println!("x25519       {} agree {agree}", hex(ab.as_bytes()));

    // Ed25519: sign the input with a key from its digest, verify it.
    let sk = ed25519::SigningKey::from_seed(&d256);
    let sig = sk.sign(&msg);
    let ok = verdict(sk.verifying_key().verify(&msg, &sig));
    println!("ed25519      {} verify {ok}", hex(&sig[..32]));

    // RSA-2048 verification of the fixed signatures over the input.
    let key = RsaPublicKey::from_components(&unhex(RSA_N), &[1, 0, 1])?;
    let pkcs1 = verdict(key.verify_pkcs1v15::<Sha256>(&msg, &unhex(RSA_PKCS1_SIG)));
    let pss = verdict(key.verify_pss::<Sha256>(&msg, &unhex(RSA_PSS_SIG), SaltLen::Auto));
    println!("rsa-2048     pkcs1v15 {pkcs1} pss {pss}");
    Ok(())
}
