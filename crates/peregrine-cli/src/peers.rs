//! Peer libraries measured in the same process (`speed --peers`), built
//! only with the `peers` cargo feature so the default build needs nothing
//! but rustc (ring and aws-lc-rs also build C, so a C compiler too).
//! Each peer runs the same workload as Peregrine's row:
//! - a one-shot hash of the same buffer;
//! - AES-ECB over it in place (the `aes` crate:
//!   `RUSTFLAGS='--cfg aes_force_soft'` forces its portable fixsliced code,
//!   the counterpart of Peregrine's `soft`);
//! - an AEAD seal in place with a detached tag, a fixed 12-byte nonce and
//!   the same AAD as Peregrine's row (none, or 13 bytes with `--aead`),
//!   key set up outside the timed loop; with `--decrypt`, an open of a
//!   message sealed beforehand, after copying it into the buffer (as
//!   Peregrine's `open_into` copies it into its output).

use peregrine::registry::{BenchFn, BenchOptions};

/// A peer implementation of one algorithm.
pub struct Peer {
    /// The Peregrine algorithm name it matches ("sha256").
    pub alg: &'static str,
    /// The row label ("rustcrypto").
    pub label: &'static str,
    /// Builds the benchmark closure (setup outside the timed loop) for the
    /// same options as Peregrine's row (direction, AAD, public-key
    /// operation); `None` when the peer lacks that operation (shown as
    /// `n/a`).
    pub bench: fn(&BenchOptions) -> Option<BenchFn>,
}

/// The peers compiled into this build.
#[cfg(feature = "peers")]
pub fn all() -> Vec<Peer> {
    use aes::cipher::consts::U16;
    use aes::cipher::{
        BlockDecrypt, BlockEncrypt, BlockSizeUser, KeyInit, generic_array::GenericArray,
    };
    use sha2::Digest;
    /// AES-ECB in place over the whole blocks of the buffer, through the
    /// crate's `encrypt_blocks` (its parallel path).
    fn ecb<C>(o: &BenchOptions) -> BenchFn
    where
        C: BlockEncrypt + BlockDecrypt + KeyInit + BlockSizeUser<BlockSize = U16> + Send + 'static,
    {
        let key = GenericArray::clone_from_slice(&[0x5b; 32][..C::key_size()]);
        let c = C::new(&key);
        let decrypt = o.decrypt;
        Box::new(move |d: &mut [u8]| {
            let (blocks, _) = d.as_chunks_mut::<16>();
            // SAFETY: `GenericArray<u8, U16>` is `repr(transparent)` over
            // `[u8; 16]`, so the slice of arrays is a slice of blocks of the
            // same length, layout and lifetime.
            let blocks: &mut [GenericArray<u8, U16>] = unsafe {
                core::slice::from_raw_parts_mut(blocks.as_mut_ptr().cast(), blocks.len())
            };
            if decrypt {
                c.decrypt_blocks(blocks);
            } else {
                c.encrypt_blocks(blocks);
            }
            d.first().copied().unwrap_or(0)
        })
    }
    let mut v = vec![
        Peer {
            alg: "sha256",
            label: "rustcrypto",
            bench: |_| Some(Box::new(|d: &mut [u8]| sha2::Sha256::digest(d)[0])),
        },
        Peer {
            alg: "sha224",
            label: "rustcrypto",
            bench: |_| Some(Box::new(|d: &mut [u8]| sha2::Sha224::digest(d)[0])),
        },
        Peer {
            alg: "aes-128-ecb",
            label: "rustcrypto",
            bench: |o| Some(ecb::<aes::Aes128>(o)),
        },
        Peer {
            alg: "aes-256-ecb",
            label: "rustcrypto",
            bench: |o| Some(ecb::<aes::Aes256>(o)),
        },
    ];
    v.extend(aead::all());
    v.extend(rsa::all());
    v
}

/// AEAD peers: ring, aws-lc-rs and RustCrypto.
#[cfg(feature = "peers")]
mod aead {
    use super::{BenchFn, BenchOptions, Peer};

    const KEY: [u8; 32] = [0x5b; 32];
    const NONCE: [u8; 12] = *b"peregrine-iv";
    /// The same 13 bytes as Peregrine's `--aead` rows.
    const TLS_AAD: [u8; 13] = [0, 0, 0, 0, 0, 0, 0, 1, 0x17, 0x03, 0x03, 0x40, 0x00];

    fn aad(o: &BenchOptions) -> &'static [u8] {
        if o.tls_aad { &TLS_AAD } else { &[] }
    }

    /// One closure shape for every AEAD peer: `seal(buf) -> tag` and
    /// `open(buf, tag) -> ok`, both in place.
    fn bench<S, O>(o: &BenchOptions, mut seal: S, mut open: O) -> BenchFn
    where
        S: FnMut(&mut [u8]) -> [u8; 16] + Send + 'static,
        O: FnMut(&mut [u8], &[u8; 16]) -> bool + Send + 'static,
    {
        if !o.decrypt {
            return Box::new(move |d: &mut [u8]| seal(d)[0]);
        }
        let mut sealed: std::collections::BTreeMap<usize, (Vec<u8>, [u8; 16])> = Default::default();
        Box::new(move |d: &mut [u8]| {
            let (ct, tag) = sealed.entry(d.len()).or_insert_with(|| {
                let mut c = d.to_vec();
                let t = seal(&mut c);
                (c, t)
            });
            d.copy_from_slice(ct);
            u8::from(open(d, tag)) ^ d.first().copied().unwrap_or(0)
        })
    }

    /// ring and aws-lc-rs share one API (`LessSafeKey`) except for the
    /// detached-tag open, passed as `$open(key, nonce, aad, buf, tag)`.
    macro_rules! ring_like {
        ($krate:ident, $alg:ident, $klen:literal, $open:expr) => {
            |o: &BenchOptions| -> BenchFn {
                use $krate::aead::{Aad, LessSafeKey, Nonce, UnboundKey};
                let mk = || {
                    let k = UnboundKey::new(&$krate::aead::$alg, &KEY[..$klen]);
                    LessSafeKey::new(k.expect("fixed key length"))
                };
                let (key, key2) = (mk(), mk());
                let a = aad(o);
                bench(
                    o,
                    move |d| {
                        let n = Nonce::assume_unique_for_key(NONCE);
                        let t = key.seal_in_place_separate_tag(n, Aad::from(a), d);
                        t.map_or([0; 16], |t| t.as_ref().try_into().unwrap_or([0; 16]))
                    },
                    move |d, tag| {
                        let n = Nonce::assume_unique_for_key(NONCE);
                        $open(&key2, n, Aad::from(a), d, tag)
                    },
                )
            }
        };
    }

    fn ring_open(
        k: &ring::aead::LessSafeKey,
        n: ring::aead::Nonce,
        a: ring::aead::Aad<&[u8]>,
        d: &mut [u8],
        tag: &[u8; 16],
    ) -> bool {
        let t = ring::aead::Tag::from(*tag);
        k.open_in_place_separate_tag(n, a, t, d, 0..).is_ok()
    }

    fn aws_open(
        k: &aws_lc_rs::aead::LessSafeKey,
        n: aws_lc_rs::aead::Nonce,
        a: aws_lc_rs::aead::Aad<&[u8]>,
        d: &mut [u8],
        tag: &[u8; 16],
    ) -> bool {
        k.open_in_place_separate_tag(n, a, tag, d).is_ok()
    }

    /// RustCrypto's `AeadInPlace` crates.
    macro_rules! rustcrypto {
        ($ty:ty, $klen:literal) => {
            |o: &BenchOptions| -> BenchFn {
                use aes_gcm::aead::{AeadInPlace, KeyInit};
                let c = <$ty>::new_from_slice(&KEY[..$klen]).expect("fixed key length");
                let c2 = c.clone();
                let a = aad(o);
                bench(
                    o,
                    move |d| {
                        let t = c.encrypt_in_place_detached(&NONCE.into(), a, d);
                        t.map_or([0; 16], Into::into)
                    },
                    move |d, tag| {
                        c2.decrypt_in_place_detached(&NONCE.into(), a, d, tag.into())
                            .is_ok()
                    },
                )
            }
        };
    }

    pub(super) fn all() -> Vec<Peer> {
        vec![
            Peer {
                alg: "aes-128-gcm",
                label: "ring",
                bench: |o| Some(ring_like!(ring, AES_128_GCM, 16, ring_open)(o)),
            },
            Peer {
                alg: "aes-256-gcm",
                label: "ring",
                bench: |o| Some(ring_like!(ring, AES_256_GCM, 32, ring_open)(o)),
            },
            Peer {
                alg: "chacha20-poly1305",
                label: "ring",
                bench: |o| Some(ring_like!(ring, CHACHA20_POLY1305, 32, ring_open)(o)),
            },
            Peer {
                alg: "aes-128-gcm",
                label: "aws-lc-rs",
                bench: |o| Some(ring_like!(aws_lc_rs, AES_128_GCM, 16, aws_open)(o)),
            },
            Peer {
                alg: "aes-256-gcm",
                label: "aws-lc-rs",
                bench: |o| Some(ring_like!(aws_lc_rs, AES_256_GCM, 32, aws_open)(o)),
            },
            Peer {
                alg: "chacha20-poly1305",
                label: "aws-lc-rs",
                bench: |o| Some(ring_like!(aws_lc_rs, CHACHA20_POLY1305, 32, aws_open)(o)),
            },
            Peer {
                alg: "aes-128-gcm",
                label: "rustcrypto",
                bench: |o| Some(rustcrypto!(aes_gcm::Aes128Gcm, 16)(o)),
            },
            Peer {
                alg: "aes-256-gcm",
                label: "rustcrypto",
                bench: |o| Some(rustcrypto!(aes_gcm::Aes256Gcm, 32)(o)),
            },
            Peer {
                alg: "chacha20-poly1305",
                label: "rustcrypto",
                bench: |o| Some(rustcrypto!(chacha20poly1305::ChaCha20Poly1305, 32)(o)),
            },
            Peer {
                alg: "xchacha20-poly1305",
                label: "rustcrypto",
                bench: |o: &BenchOptions| -> Option<BenchFn> {
                    use chacha20poly1305::aead::{AeadInPlace, KeyInit};
                    let c = chacha20poly1305::XChaCha20Poly1305::new(&KEY.into());
                    let c2 = c.clone();
                    let a = aad(o);
                    let n = [0x24u8; 24];
                    Some(bench(
                        o,
                        move |d| {
                            let t = c.encrypt_in_place_detached(&n.into(), a, d);
                            t.map_or([0; 16], Into::into)
                        },
                        move |d, tag| {
                            c2.decrypt_in_place_detached(&n.into(), a, d, tag.into())
                                .is_ok()
                        },
                    ))
                },
            },
        ]
    }
}

/// RSA peers: ring and aws-lc-rs sign (PKCS#1 v1.5, SHA-256 over a
/// 32-byte message: Peregrine's row signs a 32-byte digest) and verify with
/// Peregrine's own bench key; they have no OAEP through this API, so the
/// encrypt and decrypt columns are `n/a`. ring refuses keys under 2048
/// bits.
#[cfg(feature = "peers")]
mod rsa {
    use super::{BenchFn, BenchOptions, Peer};

    macro_rules! ring_rsa {
        ($krate:ident, $bits:literal) => {
            |o: &BenchOptions| -> Option<BenchFn> {
                use $krate::signature::{self, KeyPair, RsaKeyPair};
                let key =
                    RsaKeyPair::from_pkcs8(peregrine::registry::rsa_bench_key($bits)?).ok()?;
                let rng = $krate::rand::SystemRandom::new();
                let msg = [0x5au8; 32];
                let mut sig = vec![0u8; $bits / 8];
                match o.op {
                    0 => Some(Box::new(move |_: &mut [u8]| {
                        key.sign(&signature::RSA_PKCS1_SHA256, &rng, &msg, &mut sig)
                            .map_or(0, |()| sig[0])
                    })),
                    1 => {
                        key.sign(&signature::RSA_PKCS1_SHA256, &rng, &msg, &mut sig)
                            .ok()?;
                        let public = signature::UnparsedPublicKey::new(
                            &signature::RSA_PKCS1_2048_8192_SHA256,
                            key.public_key().as_ref().to_vec(),
                        );
                        Some(Box::new(move |_: &mut [u8]| {
                            u8::from(public.verify(&msg, &sig).is_ok())
                        }))
                    }
                    _ => None,
                }
            }
        };
    }

    pub(super) fn all() -> Vec<Peer> {
        let mut v = Vec::new();
        macro_rules! both {
            ($($name:literal $bits:literal),*) => {$(
                v.push(Peer { alg: $name, label: "ring", bench: ring_rsa!(ring, $bits) });
                v.push(Peer { alg: $name, label: "aws-lc-rs", bench: ring_rsa!(aws_lc_rs, $bits) });
            )*};
        }
        both!("rsa2048" 2048, "rsa3072" 3072, "rsa4096" 4096, "rsa7680" 7680);
        v
    }
}

/// The peers compiled into this build (none without the `peers` feature).
#[cfg(not(feature = "peers"))]
pub fn all() -> Vec<Peer> {
    Vec::new()
}

/// Whether this build has peers at all.
pub const ENABLED: bool = cfg!(feature = "peers");

/// One line per choice a reader of the peer rows should know.
pub fn notes() -> Vec<String> {
    Vec::new()
}
