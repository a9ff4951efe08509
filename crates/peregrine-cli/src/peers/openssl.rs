//! The system libcrypto through the `openssl` crate: hashes through one
//! reused `Hasher`, HMAC through `HMAC_CTX` (openssl-sys; the crate has no
//! reusable HMAC), ciphers and AEADs through one `CipherCtx` per direction
//! (AEADs and XTS re-initialised with the nonce or tweak per message, which
//! allocates nothing), RSA through `PkeyCtx` initialised once per
//! operation, X25519 through one `PkeyCtx` with its peer set (one
//! `EVP_PKEY_derive` per call, as `openssl speed ecdhx25519` times it) and
//! Ed25519 through one `MdCtx` per direction (`EVP_DigestSign` /
//! `EVP_DigestVerify` per call, as `openssl speed ed25519`).

use super::common::{
    AEAD_NONCE, CIPHER_IV, CIPHER_KEY, ED25519_BENCH_MESSAGE, ED25519_BENCH_SEED, EcFn, HMAC_KEY,
    RSA_DIGEST, RSA_ROWS, Sealer, X25519_BENCH_PEER, X25519_BENCH_PRIVATE, aad, first, put, sealer,
    verdict,
};
use super::{BenchFn, BenchOptions, Peer};
use foreign_types::ForeignTypeRef;
use openssl::cipher::{Cipher, CipherRef};
use openssl::cipher_ctx::CipherCtx;
use openssl::hash::{Hasher, MessageDigest};

pub(super) fn all() -> Vec<Peer> {
    let mut v = oneshots();
    v.extend(ciphers());
    v.extend(aeads());
    v.extend(rsa());
    v.extend(ecs());
    v
}

pub(super) fn notes() -> Vec<String> {
    let mut v = vec![
        format!(
            "openssl: {} (libcrypto via the openssl crate; one Hasher reused per row, \
             CipherCtx re-initialised with the nonce per AEAD message)",
            openssl::version::version()
        ),
        "openssl hmac: HMAC_CTX through openssl-sys, HMAC_Init_ex with a NULL key per message \
         (re-uses the keyed state)"
            .into(),
        "openssl ccm: the message length set per message, as CCM requires; \
         the open checks the tag in its update"
            .into(),
    ];
    v.push(
        "openssl x25519-keygen, ed25519-keygen: EVP_PKEY_new_raw_private_key per call (it \
         computes the public key; an EVP_PKEY allocated and freed per call), then \
         EVP_PKEY_get_raw_public_key"
            .into(),
    );
    v.extend(super::common::refused_keys("openssl", |_, der| {
        openssl::pkey::PKey::private_key_from_pkcs8(der).is_ok()
    }));
    v
}

fn md(name: &str) -> Option<MessageDigest> {
    MessageDigest::from_name(name)
}

/// A hash: update and finish on one reused `Hasher` (finish re-arms it).
fn digest(h: &mut Hasher, d: &[u8]) -> openssl::hash::DigestBytes {
    h.update(d).expect("openssl digest update");
    h.finish().expect("openssl digest finish")
}

super::common::oneshot_peers! {
    "md5", "openssl", Hasher::new(md("MD5")?).ok()? => |h, d| digest(&mut h, d);
    "sha1", "openssl", Hasher::new(md("SHA1")?).ok()? => |h, d| digest(&mut h, d);
    "sha224", "openssl", Hasher::new(md("SHA224")?).ok()? => |h, d| digest(&mut h, d);
    "sha256", "openssl", Hasher::new(md("SHA256")?).ok()? => |h, d| digest(&mut h, d);
    "sha384", "openssl", Hasher::new(md("SHA384")?).ok()? => |h, d| digest(&mut h, d);
    "sha512", "openssl", Hasher::new(md("SHA512")?).ok()? => |h, d| digest(&mut h, d);
    "sha512-224", "openssl", Hasher::new(md("SHA512-224")?).ok()? => |h, d| digest(&mut h, d);
    "sha512-256", "openssl", Hasher::new(md("SHA512-256")?).ok()? => |h, d| digest(&mut h, d);
    "sha3-224", "openssl", Hasher::new(md("SHA3-224")?).ok()? => |h, d| digest(&mut h, d);
    "sha3-256", "openssl", Hasher::new(md("SHA3-256")?).ok()? => |h, d| digest(&mut h, d);
    "sha3-384", "openssl", Hasher::new(md("SHA3-384")?).ok()? => |h, d| digest(&mut h, d);
    "sha3-512", "openssl", Hasher::new(md("SHA3-512")?).ok()? => |h, d| digest(&mut h, d);
    "shake128", "openssl", (Hasher::new(md("SHAKE128")?).ok()?, [0u8; 16]) => |s, d| {
        s.0.update(d).expect("openssl xof update");
        s.0.finish_xof(&mut s.1).expect("openssl xof finish");
        s.1
    };
    "shake256", "openssl", (Hasher::new(md("SHAKE256")?).ok()?, [0u8; 32]) => |s, d| {
        s.0.update(d).expect("openssl xof update");
        s.0.finish_xof(&mut s.1).expect("openssl xof finish");
        s.1
    };
    "hmac-md5", "openssl", Hmac::new(md("MD5")?)? => |h, d| h.mac(d);
    "hmac-sha1", "openssl", Hmac::new(md("SHA1")?)? => |h, d| h.mac(d);
    "hmac-sha224", "openssl", Hmac::new(md("SHA224")?)? => |h, d| h.mac(d);
    "hmac", "openssl", Hmac::new(md("SHA256")?)? => |h, d| h.mac(d);
    "poly1305", "openssl", Poly1305::new()? => |m, d| m.tag(d);
}

/// Poly1305 through `EVP_MAC` (OpenSSL 3): one `EVP_MAC_CTX` keyed per
/// message with `EVP_MAC_init`, as a one-time key must be (Peregrine's own
/// row starts a fresh keyed state per message too). OpenSSL picks its
/// fastest Poly1305 code inside (IFMA where the CPU has it).
struct Poly1305 {
    #[cfg(peregrine_ossl3)]
    mac: *mut openssl_sys::EVP_MAC,
    #[cfg(peregrine_ossl3)]
    ctx: *mut openssl_sys::EVP_MAC_CTX,
    out: [u8; 16],
}

// SAFETY: the MAC and its context are owned by this value alone (never
// shared or aliased), and OpenSSL contexts may move between threads.
unsafe impl Send for Poly1305 {}

impl Poly1305 {
    /// `None` where the library has no `EVP_MAC` (before OpenSSL 3).
    #[cfg(not(peregrine_ossl3))]
    fn new() -> Option<Poly1305> {
        None
    }

    #[cfg(peregrine_ossl3)]
    fn new() -> Option<Poly1305> {
        // SAFETY: a null library context means the default one; the name
        // is a NUL-terminated string; null results are handled.
        let mac = unsafe {
            openssl_sys::EVP_MAC_fetch(
                core::ptr::null_mut(),
                c"POLY1305".as_ptr(),
                core::ptr::null(),
            )
        };
        if mac.is_null() {
            return None;
        }
        // SAFETY: `mac` is a live EVP_MAC.
        let ctx = unsafe { openssl_sys::EVP_MAC_CTX_new(mac) };
        let m = Poly1305 {
            mac,
            ctx,
            out: [0; 16],
        };
        (!ctx.is_null()).then_some(m)
    }

    #[cfg(not(peregrine_ossl3))]
    fn tag(&mut self, _: &[u8]) -> &[u8] {
        &self.out[..0]
    }

    /// One message: key the context, absorb, finish.
    #[cfg(peregrine_ossl3)]
    fn tag(&mut self, d: &[u8]) -> &[u8] {
        let mut len = 0;
        // SAFETY: `ctx` is a live EVP_MAC_CTX (`new`); the key is 32
        // readable bytes, `d` is valid for its length, `out` has room for
        // the 16-byte tag and `len` receives the length written.
        let ok = unsafe {
            openssl_sys::EVP_MAC_init(self.ctx, CIPHER_KEY.as_ptr(), 32, core::ptr::null()) == 1
                && openssl_sys::EVP_MAC_update(self.ctx, d.as_ptr(), d.len()) == 1
                && openssl_sys::EVP_MAC_final(self.ctx, self.out.as_mut_ptr(), &mut len, 16) == 1
        };
        if !ok {
            return &[];
        }
        &self.out[..len.min(16)]
    }
}

#[cfg(peregrine_ossl3)]
impl Drop for Poly1305 {
    fn drop(&mut self) {
        // SAFETY: both came from their `_new`/`_fetch` in `new` and are
        // freed once, here (a null context is allowed).
        unsafe {
            openssl_sys::EVP_MAC_CTX_free(self.ctx);
            openssl_sys::EVP_MAC_free(self.mac);
        }
    }
}

/// An `HMAC_CTX` keyed with the bench key.
struct Hmac {
    ctx: *mut openssl_sys::HMAC_CTX,
    out: [u8; 64],
}

// SAFETY: the context is owned by this value alone (never shared or
// aliased), and OpenSSL contexts may move between threads.
unsafe impl Send for Hmac {}

impl Hmac {
    fn new(md: MessageDigest) -> Option<Hmac> {
        // SAFETY: HMAC_CTX_new has no preconditions; a null result is
        // handled.
        let ctx = unsafe { openssl_sys::HMAC_CTX_new() };
        if ctx.is_null() {
            return None;
        }
        let h = Hmac { ctx, out: [0; 64] };
        // SAFETY: `ctx` is a live HMAC_CTX, the key pointer and length
        // describe `HMAC_KEY`, `md` is a valid static EVP_MD.
        let ok = unsafe {
            openssl_sys::HMAC_Init_ex(
                h.ctx,
                HMAC_KEY.as_ptr().cast(),
                HMAC_KEY.len() as _,
                md.as_ptr(),
                core::ptr::null_mut(),
            )
        };
        (ok == 1).then_some(h)
    }

    /// One message: re-start from the keyed state, absorb, finish.
    fn mac(&mut self, d: &[u8]) -> &[u8] {
        let mut len: core::ffi::c_uint = 0;
        // SAFETY: `ctx` is a live, keyed HMAC_CTX (`new`); a null key with
        // a null digest re-uses the key and digest it was keyed with;
        // `d` is valid for its length; `out` holds the largest digest (64
        // bytes) and `len` receives the length written.
        let ok = unsafe {
            openssl_sys::HMAC_Init_ex(
                self.ctx,
                core::ptr::null(),
                0,
                core::ptr::null(),
                core::ptr::null_mut(),
            ) == 1
                && openssl_sys::HMAC_Update(self.ctx, d.as_ptr(), d.len()) == 1
                && openssl_sys::HMAC_Final(self.ctx, self.out.as_mut_ptr(), &mut len) == 1
        };
        if !ok {
            return &[];
        }
        &self.out[..(len as usize).min(64)]
    }
}

impl Drop for Hmac {
    fn drop(&mut self) {
        // SAFETY: `ctx` came from HMAC_CTX_new and is freed once, here.
        unsafe { openssl_sys::HMAC_CTX_free(self.ctx) }
    }
}

/// `EVP_CipherUpdate` in place over `d` (for a cipher with blocks, over
/// its whole blocks: with padding off that writes exactly the bytes it
/// reads). The openssl crate's in-place update asks for a block of slack
/// past the data, which a benchmark buffer does not have.
fn update_in_place(ctx: &mut CipherCtx, d: &mut [u8]) -> bool {
    let bs = ctx.block_size().max(1);
    let n = d.len() - d.len() % bs;
    let Ok(inl) = core::ffi::c_int::try_from(n) else {
        return false;
    };
    let mut outl = 0;
    let p = d.as_mut_ptr();
    // SAFETY: `ctx` is an initialised cipher context. EVP_CipherUpdate
    // supports in == out; with padding disabled and `n` a whole number of
    // blocks (or a stream mode), nothing is buffered and it writes exactly
    // `n` bytes, all inside `d`.
    let ok = unsafe { openssl_sys::EVP_CipherUpdate(ctx.as_ptr(), p, &mut outl, p, inl) };
    ok == 1
}

/// A context for `cipher` keyed with the bench key, IV `iv`, padding off.
fn ctx(cipher: &CipherRef, decrypt: bool, iv: Option<&[u8]>) -> Option<CipherCtx> {
    let mut c = CipherCtx::new().ok()?;
    let key = &CIPHER_KEY[..cipher.key_length()];
    if decrypt {
        c.decrypt_init(Some(cipher), Some(key), iv).ok()?;
    } else {
        c.encrypt_init(Some(cipher), Some(key), iv).ok()?;
    }
    c.set_padding(false);
    Some(c)
}

/// A cipher mode in place, its state running on across messages.
fn stream(cipher: &'static CipherRef, o: &BenchOptions, iv: &[u8]) -> Option<BenchFn> {
    let iv = (cipher.iv_length() > 0).then_some(iv);
    let mut c = ctx(cipher, o.decrypt, iv)?;
    Some(Box::new(move |d: &mut [u8]| {
        u8::from(!update_in_place(&mut c, d)) ^ first(d)
    }))
}

/// XTS: each message is one data unit under the bench tweak (OpenSSL takes
/// a whole XTS message per update), so the tweak is set again per message.
fn xts(cipher: &'static CipherRef, o: &BenchOptions) -> Option<BenchFn> {
    let mut c = ctx(cipher, o.decrypt, Some(&CIPHER_IV))?;
    let decrypt = o.decrypt;
    Some(Box::new(move |d: &mut [u8]| {
        let ok = if decrypt {
            c.decrypt_init(None, None, Some(&CIPHER_IV)).is_ok()
        } else {
            c.encrypt_init(None, None, Some(&CIPHER_IV)).is_ok()
        } && update_in_place(&mut c, d);
        u8::from(!ok) ^ first(d)
    }))
}

fn ciphers() -> Vec<Peer> {
    macro_rules! rows {
        ($($alg:literal $cipher:ident),*) => {
            vec![$(Peer {
                alg: $alg,
                label: "openssl",
                bench: |o| stream(Cipher::$cipher(), o, &CIPHER_IV),
            },)*]
        };
    }
    let mut v = rows!(
        "aes-128-ecb" aes_128_ecb, "aes-192-ecb" aes_192_ecb, "aes-256-ecb" aes_256_ecb,
        "aes-128-cbc" aes_128_cbc, "aes-192-cbc" aes_192_cbc, "aes-256-cbc" aes_256_cbc,
        "aes-128-ctr" aes_128_ctr, "aes-192-ctr" aes_192_ctr, "aes-256-ctr" aes_256_ctr,
        "aes-128-cfb" aes_128_cfb128, "aes-192-cfb" aes_192_cfb128, "aes-256-cfb" aes_256_cfb128,
        "aes-128-ofb" aes_128_ofb, "aes-192-ofb" aes_192_ofb, "aes-256-ofb" aes_256_ofb
    );
    v.push(Peer {
        alg: "aes-128-xts",
        label: "openssl",
        bench: |o| xts(Cipher::aes_128_xts(), o),
    });
    v.push(Peer {
        alg: "aes-256-xts",
        label: "openssl",
        bench: |o| xts(Cipher::aes_256_xts(), o),
    });
    // ChaCha20's 16-byte IV is the 32-bit little-endian block counter (0)
    // then the 12-byte nonce, as Peregrine's row starts it.
    v.push(Peer {
        alg: "chacha20",
        label: "openssl",
        bench: |o| {
            let mut iv = [0u8; 16];
            iv[4..].copy_from_slice(&AEAD_NONCE);
            stream(Cipher::chacha20(), o, &iv)
        },
    });
    v
}

/// GCM and ChaCha20-Poly1305: one context per direction, re-initialised
/// with the nonce per message; AAD through an update without output.
fn aead(cipher: &'static CipherRef, o: &BenchOptions) -> Option<Sealer> {
    let mut e = ctx(cipher, false, Some(&AEAD_NONCE))?;
    let mut d = ctx(cipher, true, Some(&AEAD_NONCE))?;
    let a = aad(o);
    Some(sealer(
        move |buf| {
            let mut tag = [0u8; 16];
            let ok = e.encrypt_init(None, None, Some(&AEAD_NONCE)).is_ok()
                && (a.is_empty() || e.cipher_update(a, None).is_ok())
                && update_in_place(&mut e, buf)
                && e.cipher_final(&mut []).is_ok()
                && e.tag(&mut tag).is_ok();
            if !ok {
                tag = [0; 16];
            }
            tag
        },
        move |buf, tag| {
            d.decrypt_init(None, None, Some(&AEAD_NONCE)).is_ok()
                && (a.is_empty() || d.cipher_update(a, None).is_ok())
                && update_in_place(&mut d, buf)
                && d.set_tag(tag).is_ok()
                && d.cipher_final(&mut []).is_ok()
        },
    ))
}

/// CCM (12-byte nonce, 16-byte tag): its length goes in before the AAD,
/// and the open checks the tag inside its single update.
fn ccm(cipher: &'static CipherRef, o: &BenchOptions) -> Option<Sealer> {
    let mk = |decrypt: bool| -> Option<CipherCtx> {
        let mut c = CipherCtx::new().ok()?;
        if decrypt {
            c.decrypt_init(Some(cipher), None, None).ok()?;
        } else {
            c.encrypt_init(Some(cipher), None, None).ok()?;
        }
        c.set_iv_length(12).ok()?;
        c.set_tag_length(16).ok()?;
        let key = &CIPHER_KEY[..cipher.key_length()];
        if decrypt {
            c.decrypt_init(None, Some(key), Some(&AEAD_NONCE)).ok()?;
        } else {
            c.encrypt_init(None, Some(key), Some(&AEAD_NONCE)).ok()?;
        }
        Some(c)
    };
    let (mut e, mut d) = (mk(false)?, mk(true)?);
    let a = aad(o);
    Some(sealer(
        move |buf| {
            let mut tag = [0u8; 16];
            let ok = e.encrypt_init(None, None, Some(&AEAD_NONCE)).is_ok()
                && e.set_data_len(buf.len()).is_ok()
                && (a.is_empty() || e.cipher_update(a, None).is_ok())
                && update_in_place(&mut e, buf)
                && e.cipher_final(&mut []).is_ok()
                && e.tag(&mut tag).is_ok();
            if !ok {
                tag = [0; 16];
            }
            tag
        },
        move |buf, tag| {
            d.set_tag(tag).is_ok()
                && d.decrypt_init(None, None, Some(&AEAD_NONCE)).is_ok()
                && d.set_data_len(buf.len()).is_ok()
                && (a.is_empty() || d.cipher_update(a, None).is_ok())
                && update_in_place(&mut d, buf)
        },
    ))
}

super::common::aead_peers! {
    "aes-128-gcm", "openssl", |o: &BenchOptions| aead(Cipher::aes_128_gcm(), o);
    "aes-192-gcm", "openssl", |o: &BenchOptions| aead(Cipher::aes_192_gcm(), o);
    "aes-256-gcm", "openssl", |o: &BenchOptions| aead(Cipher::aes_256_gcm(), o);
    "aes-128-ccm", "openssl", |o: &BenchOptions| ccm(Cipher::aes_128_ccm(), o);
    "aes-192-ccm", "openssl", |o: &BenchOptions| ccm(Cipher::aes_192_ccm(), o);
    "aes-256-ccm", "openssl", |o: &BenchOptions| ccm(Cipher::aes_256_ccm(), o);
    "chacha20-poly1305", "openssl", |o: &BenchOptions| aead(Cipher::chacha20_poly1305(), o);
}

/// The four RSA operations on the bench key: PKCS#1 v1.5 signatures of
/// the SHA-256 digest (the digest itself is signed, as Peregrine's row
/// does), verify with the public key alone, OAEP-SHA-256 (MGF1-SHA-256)
/// encrypt and decrypt; each `PkeyCtx` is set up once.
/// OAEP with SHA-256 and MGF1-SHA-256 on an initialised context.
fn oaep<T>(c: &mut openssl::pkey_ctx::PkeyCtx<T>) -> Option<()> {
    use openssl::md::Md;
    c.set_rsa_padding(openssl::rsa::Padding::PKCS1_OAEP).ok()?;
    c.set_rsa_oaep_md(Md::sha256()).ok()?;
    c.set_rsa_mgf1_md(Md::sha256()).ok()
}

fn rsa_bench<const BITS: usize>(o: &BenchOptions) -> Option<BenchFn> {
    use openssl::md::Md;
    use openssl::pkey::PKey;
    use openssl::pkey_ctx::PkeyCtx;
    use openssl::rsa::Padding;
    let key = PKey::private_key_from_pkcs8(peregrine::registry::rsa_bench_key(BITS)?).ok()?;
    let public = PKey::public_key_from_der(&key.public_key_to_der().ok()?).ok()?;
    let mut sig = vec![0u8; BITS / 8];
    let mut signer = PkeyCtx::new(&key).ok()?;
    signer.sign_init().ok()?;
    signer.set_rsa_padding(Padding::PKCS1).ok()?;
    signer.set_signature_md(Md::sha256()).ok()?;
    signer.sign(&RSA_DIGEST, Some(&mut sig)).ok()?;
    let mut encryptor = PkeyCtx::new(&public).ok()?;
    encryptor.encrypt_init().ok()?;
    oaep(&mut encryptor)?;
    let mut ct = vec![0u8; BITS / 8];
    let n = encryptor.encrypt(&RSA_DIGEST, Some(&mut ct)).ok()?;
    ct.truncate(n);
    Some(match o.op {
        0 => Box::new(move |_: &mut [u8]| {
            signer
                .sign(&RSA_DIGEST, Some(&mut sig))
                .map_or(0, |_| sig[0])
        }),
        1 => {
            let mut v = PkeyCtx::new(&public).ok()?;
            v.verify_init().ok()?;
            v.set_rsa_padding(Padding::PKCS1).ok()?;
            v.set_signature_md(Md::sha256()).ok()?;
            v.verify(&RSA_DIGEST, &sig).ok()?.then_some(())?;
            Box::new(move |_: &mut [u8]| u8::from(v.verify(&RSA_DIGEST, &sig).unwrap_or(false)))
        }
        2 => {
            let mut out = vec![0u8; BITS / 8];
            Box::new(move |_: &mut [u8]| {
                encryptor
                    .encrypt(&RSA_DIGEST, Some(&mut out))
                    .map_or(0, |_| out[0])
            })
        }
        3 => {
            let mut dec = PkeyCtx::new(&key).ok()?;
            dec.decrypt_init().ok()?;
            oaep(&mut dec)?;
            let mut pt = vec![0u8; BITS / 8];
            dec.decrypt(&ct, Some(&mut pt)).ok()?;
            Box::new(move |_: &mut [u8]| {
                dec.decrypt(&ct, Some(&mut pt))
                    .map_or(0, |n| first(&pt[..n]))
            })
        }
        _ => return None,
    })
}

fn rsa() -> Vec<Peer> {
    let v = vec![
        Peer {
            alg: "rsa1024",
            label: "openssl",
            bench: rsa_bench::<1024>,
        },
        Peer {
            alg: "rsa2048",
            label: "openssl",
            bench: rsa_bench::<2048>,
        },
        Peer {
            alg: "rsa3072",
            label: "openssl",
            bench: rsa_bench::<3072>,
        },
        Peer {
            alg: "rsa4096",
            label: "openssl",
            bench: rsa_bench::<4096>,
        },
        Peer {
            alg: "rsa7680",
            label: "openssl",
            bench: rsa_bench::<7680>,
        },
        Peer {
            alg: "rsa15360",
            label: "openssl",
            bench: rsa_bench::<15360>,
        },
    ];
    debug_assert_eq!(v.len(), RSA_ROWS.len());
    v
}

fn ecdh(op: usize) -> Option<EcFn> {
    use openssl::pkey::{Id, PKey};
    use openssl::pkey_ctx::PkeyCtx;
    if op != 0 {
        return None;
    }
    let key = PKey::private_key_from_raw_bytes(&X25519_BENCH_PRIVATE, Id::X25519).ok()?;
    let peer = PKey::public_key_from_raw_bytes(&X25519_BENCH_PEER, Id::X25519).ok()?;
    let mut ctx = PkeyCtx::new(&key).ok()?;
    ctx.derive_init().ok()?;
    ctx.derive_set_peer(&peer).ok()?;
    Some(Box::new(move |out| {
        ctx.derive(Some(&mut out[..32])).unwrap_or(0)
    }))
}

/// A raw key of type `id` from 32 bytes, and its raw public key.
fn raw_public(id: openssl::pkey::Id, private: &[u8; 32], out: &mut [u8; 64]) -> usize {
    openssl::pkey::PKey::private_key_from_raw_bytes(private, id)
        .and_then(|k| k.raw_public_key())
        .map_or(0, |p| put(out, &p))
}

fn x25519_keygen(op: usize) -> Option<EcFn> {
    (op == 0).then(|| -> EcFn {
        Box::new(|out| raw_public(openssl::pkey::Id::X25519, &X25519_BENCH_PRIVATE, out))
    })
}

fn ed25519_keygen(op: usize) -> Option<EcFn> {
    (op == 0).then(|| -> EcFn {
        Box::new(|out| raw_public(openssl::pkey::Id::ED25519, &ED25519_BENCH_SEED, out))
    })
}

fn ed25519(op: usize) -> Option<EcFn> {
    use openssl::md_ctx::MdCtx;
    use openssl::pkey::{Id, PKey};
    let key = PKey::private_key_from_raw_bytes(&ED25519_BENCH_SEED, Id::ED25519).ok()?;
    let msg = ED25519_BENCH_MESSAGE;
    let mut signer = MdCtx::new().ok()?;
    signer.digest_sign_init(None, &key).ok()?;
    let mut sig = [0u8; 64];
    signer.digest_sign(&msg, Some(&mut sig)).ok()?;
    match op {
        0 => Some(Box::new(move |out| {
            signer.digest_sign(&msg, Some(&mut out[..])).unwrap_or(0)
        })),
        1 => {
            let public =
                PKey::public_key_from_raw_bytes(&key.raw_public_key().ok()?, Id::ED25519).ok()?;
            let mut verifier = MdCtx::new().ok()?;
            verifier.digest_verify_init(None, &public).ok()?;
            Some(Box::new(move |out| {
                verdict(out, verifier.digest_verify(&msg, &sig).unwrap_or(false))
            }))
        }
        _ => None,
    }
}

/// An OpenSSL EC key of curve `nid` from the bench scalar of curve `i`.
fn nist_pkey(
    nid: openssl::nid::Nid,
    i: usize,
) -> Option<openssl::pkey::PKey<openssl::pkey::Private>> {
    use openssl::bn::{BigNum, BigNumContext};
    use openssl::ec::{EcGroup, EcKey, EcPoint};
    let (d, q) = super::common::nist_key(i);
    let group = EcGroup::from_curve_name(nid).ok()?;
    let mut ctx = BigNumContext::new().ok()?;
    let point = EcPoint::from_bytes(&group, &q, &mut ctx).ok()?;
    let bn = BigNum::from_slice(&d).ok()?;
    let key = EcKey::from_private_components(&group, &bn, &point).ok()?;
    openssl::pkey::PKey::from_ec_key(key).ok()
}

/// ECDSA as `openssl speed ecdsapN` times it: `EVP_PKEY_sign` of the
/// 20-byte digest (a fresh random nonce each), `EVP_PKEY_verify`.
fn nist_ecdsa(nid: openssl::nid::Nid, i: usize, op: usize) -> Option<EcFn> {
    use openssl::pkey_ctx::PkeyCtx;
    let key = nist_pkey(nid, i)?;
    let d = super::common::ECDSA_BENCH_DIGEST;
    let mut ctx = PkeyCtx::new(&key).ok()?;
    ctx.sign_init().ok()?;
    let mut sig = Vec::new();
    ctx.sign_to_vec(&d, &mut sig).ok()?;
    match op {
        0 => Some(Box::new(move |out| {
            let mut s = [0u8; 160];
            let n = ctx.sign(&d, Some(&mut s)).unwrap_or(0);
            put(out, &s[..n])
        })),
        1 => {
            let mut v = PkeyCtx::new(&key).ok()?;
            v.verify_init().ok()?;
            Some(Box::new(move |out| {
                verdict(out, v.verify(&d, &sig).unwrap_or(false))
            }))
        }
        _ => None,
    }
}

/// ECDH as `openssl speed ecdhpN`: `EVP_PKEY_derive` with the bench key
/// and its own public point.
fn nist_ecdh(nid: openssl::nid::Nid, i: usize, op: usize) -> Option<EcFn> {
    use openssl::pkey_ctx::PkeyCtx;
    if op != 0 {
        return None;
    }
    let key = nist_pkey(nid, i)?;
    let mut ctx = PkeyCtx::new(&key).ok()?;
    ctx.derive_init().ok()?;
    ctx.derive_set_peer(&key).ok()?;
    Some(Box::new(move |out| {
        let mut s = [0u8; 66];
        let n = ctx.derive(Some(&mut s)).unwrap_or(0);
        put(out, &s[..n])
    }))
}

super::common::ec_peers! {
    "ecdsap256", "openssl", |op| nist_ecdsa(openssl::nid::Nid::X9_62_PRIME256V1, 0, op);
    "ecdsap384", "openssl", |op| nist_ecdsa(openssl::nid::Nid::SECP384R1, 1, op);
    "ecdsap521", "openssl", |op| nist_ecdsa(openssl::nid::Nid::SECP521R1, 2, op);
    "ecdhp256", "openssl", |op| nist_ecdh(openssl::nid::Nid::X9_62_PRIME256V1, 0, op);
    "ecdhp384", "openssl", |op| nist_ecdh(openssl::nid::Nid::SECP384R1, 1, op);
    "ecdhp521", "openssl", |op| nist_ecdh(openssl::nid::Nid::SECP521R1, 2, op);
    "ecdhx25519", "openssl", ecdh;
    "x25519-keygen", "openssl", x25519_keygen;
    "ed25519", "openssl", ed25519;
    "ed25519-keygen", "openssl", ed25519_keygen;
}
