//! RustCrypto: `sha1`, `sha2`, `sha3`, `shake`, `md-5`, `hmac`,
//! `poly1305`, `aes` (ECB through the block API) with `cbc` and `ctr`,
//! `aes-gcm`, `chacha20poly1305`, `rsa`, and the dalek crates
//! `x25519-dalek` and `ed25519-dalek` (on `curve25519-dalek`). Each crate
//! picks its own
//! backend at run time (`RUSTFLAGS='--cfg aes_backend="soft"'`,
//! `--cfg sha2_backend="soft"` ... force the portable code, the
//! counterpart of Peregrine's `soft`).

use super::common::{
    AEAD_NONCE, CIPHER_IV, CIPHER_KEY, ED25519_BENCH_MESSAGE, ED25519_BENCH_SEED, EcFn, HMAC_KEY,
    RSA_DIGEST, RSA_ROWS, Sealer, X25519_BENCH_PEER, X25519_BENCH_PRIVATE, XNONCE, aad, first, put,
    sealer, verdict,
};
use super::{BenchFn, BenchOptions, Peer};
use aes::cipher::{
    Array, BlockCipherDecrypt, BlockCipherEncrypt, BlockModeDecrypt, BlockModeEncrypt,
    BlockSizeUser, KeyInit, KeyIvInit, StreamCipher, consts::U16,
};
use hmac::Mac;
use sha2::Digest;

pub(super) fn all() -> Vec<Peer> {
    let mut v = oneshots();
    v.extend(ciphers());
    v.extend(aeads());
    v.extend(rsa());
    v.extend(ecs());
    v
}

pub(super) fn notes() -> Vec<String> {
    let mut v = Vec::new();
    #[cfg(target_arch = "x86_64")]
    {
        let aesni = std::arch::is_x86_feature_detected!("aes");
        let shani = std::arch::is_x86_feature_detected!("sha");
        v.push(format!(
            "rustcrypto aes, aes-gcm: their own runtime detection ({} on this CPU); \
             sha1, sha2: likewise ({} on this CPU); RUSTFLAGS='--cfg aes_backend=\"soft\"' \
             (sha2_backend, ...) would force their portable code",
            if aesni { "AES-NI" } else { "portable" },
            if shani { "SHA-NI" } else { "no SHA-NI" },
        ));
    }
    v.push(
        "rustcrypto poly1305: whole blocks through update, the tail through compute_unpadded"
            .into(),
    );
    v.push("rustcrypto rsa: blinded sign and decrypt (OS randomness per operation)".into());
    v.push(
        "rustcrypto ecdhx25519, x25519-keygen, ed25519, ed25519-keygen: x25519-dalek \
         (StaticSecret), ed25519-dalek (Signer/Verifier: cofactorless verify); curve25519-dalek \
         picks its own backend at run time (AVX2 where the CPU has it)"
            .into(),
    );
    v.push(
        "rustcrypto ecdsap256/384/521, ecdhp256/384/521: the p256, p384, p521 crates \
         (deterministic RFC 6979 signing through PrehashSigner; the digest zero-padded to \
         their minimum prehash length, the same integer)"
            .into(),
    );
    v.extend(super::common::refused_keys("rustcrypto", |_, der| {
        use rsa::pkcs8::DecodePrivateKey;
        rsa::PrivateKey::from_pkcs8_der(der).is_ok()
    }));
    v
}

super::common::oneshot_peers! {
    "md5", "rustcrypto", () => |s, d| md5::Md5::digest(d);
    "sha1", "rustcrypto", () => |s, d| sha1::Sha1::digest(d);
    "sha224", "rustcrypto", () => |s, d| sha2::Sha224::digest(d);
    "sha256", "rustcrypto", () => |s, d| sha2::Sha256::digest(d);
    "sha384", "rustcrypto", () => |s, d| sha2::Sha384::digest(d);
    "sha512", "rustcrypto", () => |s, d| sha2::Sha512::digest(d);
    "sha512-224", "rustcrypto", () => |s, d| sha2::Sha512_224::digest(d);
    "sha512-256", "rustcrypto", () => |s, d| sha2::Sha512_256::digest(d);
    "sha3-224", "rustcrypto", () => |s, d| sha3::Sha3_224::digest(d);
    "sha3-256", "rustcrypto", () => |s, d| sha3::Sha3_256::digest(d);
    "sha3-384", "rustcrypto", () => |s, d| sha3::Sha3_384::digest(d);
    "sha3-512", "rustcrypto", () => |s, d| sha3::Sha3_512::digest(d);
    "shake128", "rustcrypto", [0u8; 16] => |out, d| {
        use sha3::digest::{ExtendableOutput, Update};
        let mut x = shake::Shake128::default();
        x.update(d);
        x.finalize_xof_into(&mut out);
        out
    };
    "shake256", "rustcrypto", [0u8; 32] => |out, d| {
        use sha3::digest::{ExtendableOutput, Update};
        let mut x = shake::Shake256::default();
        x.update(d);
        x.finalize_xof_into(&mut out);
        out
    };
    "hmac-md5", "rustcrypto", hmac_key::<md5::Md5>() => |k, d| hmac_tag(&k, d);
    "hmac-sha1", "rustcrypto", hmac_key::<sha1::Sha1>() => |k, d| hmac_tag(&k, d);
    "hmac-sha224", "rustcrypto", hmac_key::<sha2::Sha224>() => |k, d| hmac_tag(&k, d);
    "hmac", "rustcrypto", hmac_key::<sha2::Sha256>() => |k, d| hmac_tag(&k, d);
    "poly1305", "rustcrypto",
        <poly1305::Poly1305 as KeyInit>::new_from_slice(&CIPHER_KEY[..32]).expect("32-byte key")
        => |k, d| {
            use poly1305::universal_hash::UniversalHash;
            let (blocks, tail) = d.as_chunks::<16>();
            let mut m = k.clone();
            m.update(Array::cast_slice_from_core(blocks));
            m.compute_unpadded(tail)
        };
}

/// HMAC keyed with the bench key (outside the timed loop).
fn hmac_key<H: hmac::digest::block_api::EagerHash>() -> hmac::Hmac<H> {
    <hmac::Hmac<H> as KeyInit>::new_from_slice(HMAC_KEY).expect("HMAC takes any key length")
}

/// One message: a clone of the keyed state, as Peregrine's row does.
fn hmac_tag<H: hmac::digest::block_api::EagerHash>(
    k: &hmac::Hmac<H>,
    d: &[u8],
) -> impl AsRef<[u8]> + use<H> {
    let mut m = k.clone();
    m.update(d);
    m.finalize().into_bytes()
}

/// The whole blocks of `d` as the cipher crates' block type.
fn blocks(d: &mut [u8]) -> &mut [Array<u8, U16>] {
    Array::cast_slice_from_core_mut(d.as_chunks_mut::<16>().0)
}

/// AES-ECB in place over the whole blocks of the buffer, through the
/// crate's `encrypt_blocks` (its parallel path).
fn ecb<C>(o: &BenchOptions) -> Option<BenchFn>
where
    C: BlockCipherEncrypt
        + BlockCipherDecrypt
        + KeyInit
        + BlockSizeUser<BlockSize = U16>
        + Send
        + 'static,
{
    let c = C::new_from_slice(&CIPHER_KEY[..C::key_size()]).ok()?;
    Some(if o.decrypt {
        Box::new(move |d: &mut [u8]| {
            c.decrypt_blocks(blocks(d));
            first(d)
        })
    } else {
        Box::new(move |d: &mut [u8]| {
            c.encrypt_blocks(blocks(d));
            first(d)
        })
    })
}

/// AES-CBC in place, the chaining value carried from one message to the
/// next (Peregrine's `CbcEncryptor`/`CbcDecryptor` are streaming too).
fn cbc<C>(o: &BenchOptions) -> Option<BenchFn>
where
    C: BlockCipherEncrypt
        + BlockCipherDecrypt
        + KeyInit
        + BlockSizeUser<BlockSize = U16>
        + Send
        + 'static,
{
    let k = &CIPHER_KEY[..C::key_size()];
    Some(if o.decrypt {
        let mut c = cbc::Decryptor::<C>::new_from_slices(k, &CIPHER_IV).ok()?;
        Box::new(move |d: &mut [u8]| {
            c.decrypt_blocks(blocks(d));
            first(d)
        })
    } else {
        let mut c = cbc::Encryptor::<C>::new_from_slices(k, &CIPHER_IV).ok()?;
        Box::new(move |d: &mut [u8]| {
            c.encrypt_blocks(blocks(d));
            first(d)
        })
    })
}

/// AES-CTR (128-bit big-endian counter from the IV) in place, the
/// keystream running on across messages.
fn ctr<C>(_: &BenchOptions) -> Option<BenchFn>
where
    C: BlockCipherEncrypt + KeyInit + BlockSizeUser<BlockSize = U16> + Send + 'static,
{
    let k = &CIPHER_KEY[..C::key_size()];
    let mut c = ctr::Ctr128BE::<C>::new_from_slices(k, &CIPHER_IV).ok()?;
    Some(Box::new(move |d: &mut [u8]| {
        c.apply_keystream(d);
        first(d)
    }))
}

fn ciphers() -> Vec<Peer> {
    macro_rules! rows {
        ($($alg:literal $f:ident $c:ty),*) => {
            vec![$(Peer { alg: $alg, label: "rustcrypto", bench: $f::<$c> },)*]
        };
    }
    rows!(
        "aes-128-ecb" ecb aes::Aes128, "aes-192-ecb" ecb aes::Aes192, "aes-256-ecb" ecb aes::Aes256,
        "aes-128-cbc" cbc aes::Aes128, "aes-192-cbc" cbc aes::Aes192, "aes-256-cbc" cbc aes::Aes256,
        "aes-128-ctr" ctr aes::Aes128, "aes-192-ctr" ctr aes::Aes192, "aes-256-ctr" ctr aes::Aes256
    )
}

/// RustCrypto's `AeadInOut` crates, in place with a detached tag.
macro_rules! rustcrypto_aead {
    ($ty:ty, $klen:expr, $nonce:expr) => {
        |o: &BenchOptions| -> Option<Sealer> {
            use aes_gcm::aead::AeadInOut;
            let c = <$ty as KeyInit>::new_from_slice(&CIPHER_KEY[..$klen]).ok()?;
            let c2 = c.clone();
            let a = aad(o);
            let n = $nonce;
            Some(sealer(
                move |d| {
                    let t = c.encrypt_inout_detached(&n.into(), a, d.into());
                    t.map_or([0; 16], Into::into)
                },
                move |d, tag| {
                    c2.decrypt_inout_detached(&n.into(), a, d.into(), tag.into())
                        .is_ok()
                },
            ))
        }
    };
}

super::common::aead_peers! {
    "aes-128-gcm", "rustcrypto", rustcrypto_aead!(aes_gcm::Aes128Gcm, 16, AEAD_NONCE);
    "aes-192-gcm", "rustcrypto",
        rustcrypto_aead!(aes_gcm::AesGcm<aes::Aes192, aes_gcm::aead::consts::U12>, 24, AEAD_NONCE);
    "aes-256-gcm", "rustcrypto", rustcrypto_aead!(aes_gcm::Aes256Gcm, 32, AEAD_NONCE);
    "chacha20-poly1305", "rustcrypto",
        rustcrypto_aead!(chacha20poly1305::ChaCha20Poly1305, 32, AEAD_NONCE);
    "xchacha20-poly1305", "rustcrypto",
        rustcrypto_aead!(chacha20poly1305::XChaCha20Poly1305, 32, XNONCE);
}

/// The four RSA operations on the bench key: PKCS#1 v1.5 signatures over
/// the SHA-256 digest (`sign_with_rng` blinds), verify, OAEP-SHA-256
/// encrypt and (blinded) decrypt.
fn rsa_bench<const BITS: usize>(o: &BenchOptions) -> Option<BenchFn> {
    use rsa::pkcs8::DecodePrivateKey;
    use rsa::{Oaep, Pkcs1v15Sign, PrivateKey};
    let key = PrivateKey::from_pkcs8_der(peregrine::registry::rsa_bench_key(BITS)?).ok()?;
    let public = key.to_public_key();
    let pkcs1 = || Pkcs1v15Sign::new::<sha2::Sha256>();
    let oaep = || Oaep::<sha2::Sha256>::new();
    let mut rng = getrandom::SysRng;
    Some(match o.op {
        0 => {
            key.sign_with_rng(&mut rng, pkcs1(), &RSA_DIGEST).ok()?;
            Box::new(move |_: &mut [u8]| {
                key.sign_with_rng(&mut rng, pkcs1(), &RSA_DIGEST)
                    .map_or(0, |s| s[0])
            })
        }
        1 => {
            let sig = key.sign_with_rng(&mut rng, pkcs1(), &RSA_DIGEST).ok()?;
            public.verify(pkcs1(), &RSA_DIGEST, &sig).ok()?;
            Box::new(move |_: &mut [u8]| {
                u8::from(public.verify(pkcs1(), &RSA_DIGEST, &sig).is_ok())
            })
        }
        2 => {
            public.encrypt(&mut rng, oaep(), &RSA_DIGEST).ok()?;
            Box::new(move |_: &mut [u8]| {
                public
                    .encrypt(&mut rng, oaep(), &RSA_DIGEST)
                    .map_or(0, |c| c[0])
            })
        }
        3 => {
            let ct = public.encrypt(&mut rng, oaep(), &RSA_DIGEST).ok()?;
            key.decrypt_blinded(&mut rng, oaep(), &ct).ok()?;
            Box::new(move |_: &mut [u8]| {
                key.decrypt_blinded(&mut rng, oaep(), &ct)
                    .map_or(0, |m| first(&m))
            })
        }
        _ => return None,
    })
}

fn rsa() -> Vec<Peer> {
    let v = vec![
        Peer {
            alg: "rsa1024",
            label: "rustcrypto",
            bench: rsa_bench::<1024>,
        },
        Peer {
            alg: "rsa2048",
            label: "rustcrypto",
            bench: rsa_bench::<2048>,
        },
        Peer {
            alg: "rsa3072",
            label: "rustcrypto",
            bench: rsa_bench::<3072>,
        },
        Peer {
            alg: "rsa4096",
            label: "rustcrypto",
            bench: rsa_bench::<4096>,
        },
        Peer {
            alg: "rsa7680",
            label: "rustcrypto",
            bench: rsa_bench::<7680>,
        },
        Peer {
            alg: "rsa15360",
            label: "rustcrypto",
            bench: rsa_bench::<15360>,
        },
    ];
    debug_assert_eq!(v.len(), RSA_ROWS.len());
    v
}

fn ecdh(op: usize) -> Option<EcFn> {
    use x25519_dalek::{PublicKey, StaticSecret};
    if op != 0 {
        return None;
    }
    let key = StaticSecret::from(X25519_BENCH_PRIVATE);
    let peer = PublicKey::from(X25519_BENCH_PEER);
    Some(Box::new(move |out| {
        put(out, key.diffie_hellman(&peer).as_bytes())
    }))
}

fn x25519_keygen(op: usize) -> Option<EcFn> {
    use x25519_dalek::{PublicKey, StaticSecret};
    if op != 0 {
        return None;
    }
    let key = StaticSecret::from(X25519_BENCH_PRIVATE);
    Some(Box::new(move |out| {
        put(out, PublicKey::from(&key).as_bytes())
    }))
}

fn ed25519(op: usize) -> Option<EcFn> {
    use ed25519_dalek::{Signer, SigningKey, Verifier};
    let key = SigningKey::from_bytes(&ED25519_BENCH_SEED);
    let msg = ED25519_BENCH_MESSAGE;
    match op {
        0 => Some(Box::new(move |out| put(out, &key.sign(&msg).to_bytes()))),
        1 => {
            let sig = key.sign(&msg);
            let public = key.verifying_key();
            Some(Box::new(move |out| {
                verdict(out, public.verify(&msg, &sig).is_ok())
            }))
        }
        _ => None,
    }
}

fn ed25519_keygen(op: usize) -> Option<EcFn> {
    use ed25519_dalek::SigningKey;
    (op == 0).then(|| -> EcFn {
        Box::new(|out| {
            put(
                out,
                SigningKey::from_bytes(&ED25519_BENCH_SEED)
                    .verifying_key()
                    .as_bytes(),
            )
        })
    })
}

/// RustCrypto ECDSA (`p256`/`p384`/`p521` on `ecdsa`) on the bench key
/// `$i`: deterministic RFC 6979 signing of the bench digest through the
/// prehash traits, left-padded with zeros to the crates' minimum prehash
/// length (half the field; the integer, so the signature, is unchanged).
macro_rules! rustcrypto_ecdsa {
    ($krate:ident, $i:expr, $name:ident) => {
        fn $name(op: usize) -> Option<EcFn> {
            use $krate::ecdsa::signature::hazmat::{PrehashSigner, PrehashVerifier};
            use $krate::ecdsa::{Signature, SigningKey, VerifyingKey};
            let (d, q) = super::common::nist_key($i);
            let key = SigningKey::from_slice(&d).ok()?;
            let bench = super::common::ECDSA_BENCH_DIGEST;
            let mut msg = vec![0u8; bench.len().max(d.len().div_ceil(2))];
            let off = msg.len() - bench.len();
            msg[off..].copy_from_slice(&bench);
            match op {
                0 => Some(Box::new(move |out| {
                    let s: Result<Signature, _> = key.sign_prehash(&msg);
                    s.map_or(0, |s| put(out, s.to_der().as_bytes()))
                })),
                1 => {
                    let sig: Signature = key.sign_prehash(&msg).ok()?;
                    let public = VerifyingKey::from_sec1_bytes(&q).ok()?;
                    Some(Box::new(move |out| {
                        verdict(out, public.verify_prehash(&msg, &sig).is_ok())
                    }))
                }
                _ => None,
            }
        }
    };
}

rustcrypto_ecdsa!(p256, 0, ecdsa_p256);
rustcrypto_ecdsa!(p384, 1, ecdsa_p384);
rustcrypto_ecdsa!(p521, 2, ecdsa_p521);

/// RustCrypto ECDH: the bench scalar and the bench public point.
macro_rules! rustcrypto_ecdh {
    ($krate:ident, $i:expr, $name:ident) => {
        fn $name(op: usize) -> Option<EcFn> {
            if op != 0 {
                return None;
            }
            let (d, q) = super::common::nist_key($i);
            let key = $krate::SecretKey::from_slice(&d).ok()?;
            let peer = $krate::PublicKey::from_sec1_bytes(&q).ok()?;
            Some(Box::new(move |out| {
                let s = $krate::ecdh::diffie_hellman(key.to_nonzero_scalar(), peer.as_affine());
                put(out, s.raw_secret_bytes())
            }))
        }
    };
}

rustcrypto_ecdh!(p256, 0, ecdh_p256);
rustcrypto_ecdh!(p384, 1, ecdh_p384);
rustcrypto_ecdh!(p521, 2, ecdh_p521);

super::common::ec_peers! {
    "ecdsap256", "rustcrypto", ecdsa_p256;
    "ecdsap384", "rustcrypto", ecdsa_p384;
    "ecdsap521", "rustcrypto", ecdsa_p521;
    "ecdhp256", "rustcrypto", ecdh_p256;
    "ecdhp384", "rustcrypto", ecdh_p384;
    "ecdhp521", "rustcrypto", ecdh_p521;
    "ecdhx25519", "rustcrypto", ecdh;
    "x25519-keygen", "rustcrypto", x25519_keygen;
    "ed25519", "rustcrypto", ed25519;
    "ed25519-keygen", "rustcrypto", ed25519_keygen;
}
