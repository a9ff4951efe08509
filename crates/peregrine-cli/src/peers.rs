//! Peer libraries measured in the same process (`speed --peers`), built
//! only with a peers cargo feature so the default build needs nothing but
//! rustc:
//! - `peers`: crates.io only -- ring and aws-lc-rs (both also build C, so a
//!   C compiler too), graviola (only where its CPU check passes) and
//!   RustCrypto (`ring.rs`, `graviola.rs`, `rustcrypto.rs`);
//! - `peers-openssl`: the system libcrypto through the `openssl` crate
//!   (`openssl.rs`; needs libssl-dev and pkg-config).
//!
//! Each peer runs the same workload as Peregrine's row, on the same key,
//! IV, nonce and AAD (the constants below are the registry's; the tests
//! run every peer's closure next to Peregrine's on the same buffers and
//! compare what they leave there and return):
//! - a one-shot hash of the buffer (an XOF squeezes the default length);
//! - a MAC keyed outside the timed loop (HMAC: the keyed state is cloned
//!   per message, as Peregrine's row does);
//! - a cipher mode over the buffer in place, its state (CBC chaining, CTR
//!   counter) running on from one message to the next as Peregrine's
//!   streaming objects do; XTS re-starts on the same tweak per message;
//! - an AEAD seal in place with a detached tag, a fixed nonce and the same
//!   AAD as Peregrine's row (none, or 13 bytes with `--aead`); with
//!   `--decrypt`, an open of a message sealed beforehand, after copying it
//!   into the buffer (as Peregrine's `open_into` copies it into its
//!   output);
//! - RSA on Peregrine's bench key: PKCS#1 v1.5 SHA-256 signatures over a
//!   32-byte digest, their verification, OAEP-SHA-256 (MGF1-SHA-256)
//!   encryption of those 32 bytes and its decryption;
//! - X25519 and Ed25519 on the registry's bench keys: one shared secret of
//!   the fixed private key and peer public key (`ecdhx25519`), an Ed25519
//!   signature of openssl speed's 20-byte message or its verification
//!   (`ed25519`), a public key from the fixed private key or seed
//!   (`x25519-keygen`, `ed25519-keygen`). Keys are parsed outside the timed
//!   calls where the peer's API allows it.
//!
//! [`notes`] says where a peer could not do exactly that.

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

#[cfg(feature = "peers")]
mod graviola;
#[cfg(feature = "peers-openssl")]
mod openssl;
#[cfg(feature = "peers")]
mod ring;
#[cfg(feature = "peers")]
mod rustcrypto;
#[cfg(feature = "peers")]
pub mod rustls;

/// The TLS providers `speed tls --peers` runs next to Peregrine's: rustls's
/// aws-lc-rs and ring providers (none without the `peers` feature).
pub fn tls_providers() -> Vec<(&'static str, ::rustls::crypto::CryptoProvider)> {
    #[cfg(feature = "peers")]
    return rustls::providers();
    #[cfg(not(feature = "peers"))]
    Vec::new()
}

/// The peers compiled into this build (none without a peers feature).
pub fn all() -> Vec<Peer> {
    #[allow(unused_mut)]
    let mut v = Vec::new();
    #[cfg(feature = "peers")]
    {
        v.extend(ring::all());
        v.extend(graviola::all());
        v.extend(rustcrypto::all());
    }
    #[cfg(feature = "peers-openssl")]
    v.extend(openssl::all());
    v
}

/// One line per choice a reader of the peer rows should know about: what
/// a peer could not match, which backend it picked, what it refused.
/// Empty without a peers feature.
pub fn notes() -> Vec<String> {
    #[allow(unused_mut)]
    let mut v = Vec::new();
    #[cfg(feature = "peers")]
    {
        v.extend(ring::notes());
        v.extend(graviola::notes());
        v.extend(rustcrypto::notes());
    }
    #[cfg(feature = "peers-openssl")]
    v.extend(openssl::notes());
    v
}

/// Whether this build has peers at all.
pub const ENABLED: bool = cfg!(any(feature = "peers", feature = "peers-openssl"));

/// What the peers share: the registry's bench inputs and the closure
/// shapes.
#[cfg(any(feature = "peers", feature = "peers-openssl"))]
#[allow(dead_code)] // not every feature combination uses every constant
mod common {
    use super::{BenchFn, BenchOptions};

    /// The registry's cipher key (`CIPHER_KEY`): byte `i` is
    /// `i * 0x1d + 0x5b`; a row takes the first 16, 24, 32 (or for XTS 32
    /// or 64) bytes.
    pub(super) const CIPHER_KEY: [u8; 64] = {
        let mut k = [0u8; 64];
        let mut i = 0;
        while i < 64 {
            k[i] = (i as u8).wrapping_mul(0x1d).wrapping_add(0x5b);
            i += 1;
        }
        k
    };
    /// The registry's cipher IV (and XTS tweak).
    pub(super) const CIPHER_IV: [u8; 16] = *b"Peregrine IV 16.";
    /// The registry's AEAD nonce (and ChaCha20's).
    pub(super) const AEAD_NONCE: [u8; 12] = *b"peregrine-iv";
    /// The registry's XChaCha20-Poly1305 nonce.
    pub(super) const XNONCE: [u8; 24] = *b"peregrine-iv-24-bytes-xx";
    /// The same 13 bytes as Peregrine's `--aead` rows.
    pub(super) const TLS_AAD: [u8; 13] = [0, 0, 0, 0, 0, 0, 0, 1, 0x17, 0x03, 0x03, 0x40, 0x00];
    /// The registry's HMAC key (openssl speed's length).
    pub(super) const HMAC_KEY: &[u8; 16] = b"This is a key...";
    /// The 32-byte digest the RSA rows sign and the message they encrypt.
    pub(super) const RSA_DIGEST: [u8; 32] = [0x5a; 32];
    /// The bench keys' sizes and their row names.
    pub(super) const RSA_ROWS: [(&str, usize); 6] = [
        ("rsa1024", 1024),
        ("rsa2048", 2048),
        ("rsa3072", 3072),
        ("rsa4096", 4096),
        ("rsa7680", 7680),
        ("rsa15360", 15360),
    ];

    /// A note naming the bench keys `accepts` turns down ("ring rsa:
    /// refuses the 1024- and 7680-bit bench keys (n/a)"), if any.
    pub(super) fn refused_keys(label: &str, accepts: impl Fn(usize, &[u8]) -> bool) -> Vec<String> {
        let refused: Vec<String> = RSA_ROWS
            .iter()
            .filter(|&&(_, bits)| {
                peregrine::registry::rsa_bench_key(bits).is_some_and(|der| !accepts(bits, der))
            })
            .map(|&(_, bits)| bits.to_string())
            .collect();
        if refused.is_empty() {
            return Vec::new();
        }
        vec![format!(
            "{label} rsa: refuses the {}-bit bench keys (n/a)",
            refused.join(", ")
        )]
    }

    pub(super) use peregrine::registry::{
        ED25519_BENCH_MESSAGE, ED25519_BENCH_SEED, X25519_BENCH_PEER, X25519_BENCH_PRIVATE,
    };

    /// One curve25519 operation, set up: writes its whole result to the
    /// buffer (a shared secret or public key: 32 bytes; a signature: 64; a
    /// verification: one byte, 1 when it verified) and returns its length.
    pub(super) type EcFn = Box<dyn FnMut(&mut [u8; 64]) -> usize + Send>;

    /// Copies `b` to the front of `out`, returning its length.
    pub(super) fn put(out: &mut [u8; 64], b: &[u8]) -> usize {
        // (P-521 secrets and signatures are longer: the first 64 bytes)
        let n = b.len().min(64);
        out[..n].copy_from_slice(&b[..n]);
        n
    }

    /// The NIST bench key of curve index `i` (0: P-256, 1: P-384, 2:
    /// P-521) as a big-endian scalar, and its uncompressed public point.
    pub(super) fn nist_key(i: usize) -> (Vec<u8>, Vec<u8>) {
        use peregrine::ec::nist::{p256, p384, p521};
        let hex = peregrine::registry::NIST_BENCH_KEYS[i];
        let d: Vec<u8> = (0..hex.len())
            .step_by(2)
            .map(|j| u8::from_str_radix(&hex[j..j + 2], 16).unwrap_or(0))
            .collect();
        let q = match i {
            0 => p256::PrivateKey::from_bytes(&d).map(|k| k.public_key().to_uncompressed()),
            1 => p384::PrivateKey::from_bytes(&d).map(|k| k.public_key().to_uncompressed()),
            _ => p521::PrivateKey::from_bytes(&d).map(|k| k.public_key().to_uncompressed()),
        };
        (d, q.unwrap_or_default())
    }

    /// A verification's verdict as [`EcFn`] writes it.
    pub(super) fn verdict(out: &mut [u8; 64], ok: bool) -> usize {
        out[0] = u8::from(ok);
        1
    }

    /// The benchmark closure of an [`EcFn`]: the first byte of the result,
    /// as Peregrine's public-key rows return it.
    pub(super) fn ec_bench(mut f: EcFn) -> BenchFn {
        let mut out = [0u8; 64];
        Box::new(move |_: &mut [u8]| {
            f(&mut out);
            out[0]
        })
    }

    /// curve25519 peers: for each `alg, label, make;` (with `make:
    /// fn(usize) -> Option<EcFn>`, the argument indexing the row's
    /// operations) a [`super::Peer`] in `ecs()`, and for the tests the
    /// makers in `ec_makers()`.
    macro_rules! ec_peers {
        ($($alg:literal, $label:expr, $make:expr;)*) => {
            pub(super) fn ecs() -> Vec<super::Peer> {
                vec![$(super::Peer {
                    alg: $alg,
                    label: $label,
                    bench: |o| Some(super::common::ec_bench(($make)(o.op)?)),
                },)*]
            }

            #[cfg(test)]
            #[allow(clippy::type_complexity)]
            pub(super) fn ec_makers() -> Vec<(
                &'static str,
                &'static str,
                fn(usize) -> Option<super::common::EcFn>,
            )> {
                vec![$(($alg, $label, $make),)*]
            }
        };
    }
    pub(super) use ec_peers;

    pub(super) use peregrine::registry::ECDSA_BENCH_DIGEST;

    pub(super) fn aad(o: &BenchOptions) -> &'static [u8] {
        if o.tls_aad { &TLS_AAD } else { &[] }
    }

    pub(super) fn first(d: &[u8]) -> u8 {
        d.first().copied().unwrap_or(0)
    }

    /// The first byte of a digest or tag of any type.
    pub(super) fn first_of<T: AsRef<[u8]> + ?Sized>(t: &T) -> u8 {
        first(t.as_ref())
    }

    /// A whole digest or tag of any type (for the tests).
    #[cfg(test)]
    pub(super) fn to_vec<T: AsRef<[u8]> + ?Sized>(t: &T) -> Vec<u8> {
        t.as_ref().to_vec()
    }

    /// The seal (`buf -> tag`) and open (`buf, tag -> ok`) of one AEAD
    /// peer, both in place, keyed and set up already.
    pub(super) struct Sealer {
        pub(super) seal: SealFn,
        pub(super) open: OpenFn,
    }

    /// Seals a buffer in place, returning the tag.
    pub(super) type SealFn = Box<dyn FnMut(&mut [u8]) -> [u8; 16] + Send>;
    /// Opens a buffer in place under a tag: whether it authenticated.
    pub(super) type OpenFn = Box<dyn FnMut(&mut [u8], &[u8; 16]) -> bool + Send>;

    /// Builds a [`Sealer`] from two closures.
    pub(super) fn sealer(
        seal: impl FnMut(&mut [u8]) -> [u8; 16] + Send + 'static,
        open: impl FnMut(&mut [u8], &[u8; 16]) -> bool + Send + 'static,
    ) -> Sealer {
        Sealer {
            seal: Box::new(seal),
            open: Box::new(open),
        }
    }

    /// One closure shape for every AEAD peer: a seal per call, or with
    /// `decrypt` an open of a message sealed beforehand for that length,
    /// copied into the buffer first. (Peregrine's row also calls its AEAD
    /// through a trait object.)
    pub(super) fn aead_bench(o: &BenchOptions, s: Sealer) -> BenchFn {
        let Sealer { mut seal, mut open } = s;
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
            u8::from(open(d, tag)) ^ first(d)
        })
    }

    /// Hash, XOF and MAC peers: for each
    /// `alg, label, setup => |state, data| digest;` a [`super::Peer`]
    /// whose closure makes `state` once (`setup` may use `?`: `None` is
    /// `n/a`) and computes `digest` (anything `AsRef<[u8]>`) per message,
    /// in `oneshots()`, and for the tests the same code returning the whole
    /// digest, in `oneshot_outputs()`.
    macro_rules! oneshot_peers {
        ($($alg:literal, $label:expr, $setup:expr => |$st:ident, $d:ident| $body:expr;)*) => {
            pub(super) fn oneshots() -> Vec<super::Peer> {
                vec![$(super::Peer {
                    alg: $alg,
                    label: $label,
                    bench: |_| {
                        #[allow(unused_mut, unused_variables)]
                        let mut $st = $setup;
                        Some(Box::new(move |$d: &mut [u8]| {
                            let $d: &[u8] = $d;
                            let out = $body;
                            super::common::first_of(&out)
                        }))
                    },
                },)*]
            }

            #[cfg(test)]
            #[allow(clippy::type_complexity)]
            pub(super) fn oneshot_outputs()
                -> Vec<(&'static str, &'static str, fn(&[u8]) -> Option<Vec<u8>>)> {
                vec![$(($alg, $label, |$d: &[u8]| {
                    #[allow(unused_mut, unused_variables)]
                    let mut $st = $setup;
                    let out = $body;
                    Some(super::common::to_vec(&out))
                }),)*]
            }
        };
    }
    pub(super) use oneshot_peers;

    /// AEAD peers: for each `alg, label, make;` (with `make:
    /// fn(&BenchOptions) -> Option<Sealer>`) a [`super::Peer`] in
    /// `aeads()`, and for the tests the sealers in `sealers()`.
    macro_rules! aead_peers {
        ($($alg:literal, $label:expr, $make:expr;)*) => {
            pub(super) fn aeads() -> Vec<super::Peer> {
                vec![$(super::Peer {
                    alg: $alg,
                    label: $label,
                    bench: |o| Some(super::common::aead_bench(o, ($make)(o)?)),
                },)*]
            }

            #[cfg(test)]
            #[allow(clippy::type_complexity)]
            pub(super) fn sealers() -> Vec<(
                &'static str,
                &'static str,
                fn(&super::BenchOptions) -> Option<super::common::Sealer>,
            )> {
                vec![$(($alg, $label, $make),)*]
            }
        };
    }
    pub(super) use aead_peers;
}

#[cfg(all(test, any(feature = "peers", feature = "peers-openssl")))]
mod tests;
