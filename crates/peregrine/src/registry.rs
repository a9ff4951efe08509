//! One table of every algorithm Peregrine has, for the `peregrine` command
//! (`speed`, `info`, `dgst`) and for anything else that works by name.
//!
//! Each entry names the algorithm (openssl's name where one exists), lists
//! its backends with their availability on this CPU, and builds streaming
//! objects and benchmark closures for a backend chosen by name. A new
//! primitive joins by adding one line to [`ALGORITHMS`] (macros `hash!`,
//! `xof!`, `hmac!`).

use alloc::boxed::Box;
use alloc::vec;
use alloc::vec::Vec;

use crate::aead::Aead;
use crate::aead::aes_ccm::AesCcm;
use crate::aead::aes_gcm::{AesGcm, Gmac};
use crate::aead::camellia_gcm::CamelliaGcm;
use crate::aead::chacha20_poly1305::{ChaCha20Poly1305, XChaCha20Poly1305};
use crate::aead::ghash::{self, Ghash};
use crate::aead::sm4_gcm::Sm4Gcm;
use crate::bignum::mont;
use crate::cipher::aes;
use crate::cipher::blowfish::{self, BlowfishVartime};
use crate::cipher::camellia::{self, Camellia};
use crate::cipher::chacha20::{self, ChaCha20};
use crate::cipher::des::{self, Des, TripleDes};
use crate::cipher::salsa20::{self, Salsa20};
use crate::cipher::sm4::{self, Sm4};
use crate::cpu::{Backend, Caps};
use crate::ec::curve25519::{self, ed25519, x25519};
use crate::ec::nist;
use crate::hash::md5::Md5;
use crate::hash::ripemd160::Ripemd160;
use crate::hash::sha1::Sha1;
use crate::hash::sha3::{self, Sha3_224, Sha3_256, Sha3_384, Sha3_512, Shake128, Shake256};
use crate::hash::sha256::{self, Sha224, Sha256};
use crate::hash::sha512::{self, Sha384, Sha512, Sha512_224, Sha512_256};
use crate::hash::sm3::Sm3;
use crate::hash::{Hash, Xof, XofReader};
use crate::mac::cmac::Cmac;
use crate::mac::hmac::Hmac;
use crate::mac::poly1305::{self, Poly1305};
use crate::mode::block64::{BlockCipher64, Cbc64Decryptor, Cbc64Encryptor, Ctr64, Ecb64};
use crate::mode::block128::{BlockCipher128, Cbc128Decryptor, Cbc128Encryptor, Ctr128, Ecb128};
use crate::mode::cbc::{CbcDecryptor, CbcEncryptor};
use crate::mode::cfb::Cfb;
use crate::mode::ctr::Ctr;
use crate::mode::ecb::Ecb;
use crate::mode::ofb::Ofb;
use crate::mode::xts::{Tweak, Xts};
#[cfg(feature = "getrandom")]
use crate::rsa::RsaPrivateKey;

/// What kind of algorithm an entry is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An unkeyed hash.
    Hash,
    /// An extendable-output function (SHAKE): any output length.
    Xof,
    /// A keyed MAC.
    Mac,
    /// Several independent messages per call (`sha256-many`): a
    /// throughput row, not something `dgst` computes.
    Many,
    /// A cipher mode (`aes-128-cbc`): encrypts (or with
    /// [`BenchOptions::decrypt`], decrypts) the buffer in place.
    Cipher,
    /// An AEAD (`aes-128-gcm`): seals the buffer in place with a tag (or
    /// with [`BenchOptions::decrypt`], opens a sealed copy of it).
    Aead,
    /// Public-key operations (`rsa2048`), timed per operation rather than
    /// per byte: the operations' names, in the order [`BenchOptions::op`]
    /// indexes them ("sign", "verify", "encrypt", "decrypt" for RSA;
    /// "derive" for ECDH; "sign", "verify" for EdDSA; "keygen").
    /// The benchmark closure ignores its buffer.
    PublicKey(&'static [&'static str]),
}

impl Kind {
    /// Whether the kind has a decrypt direction ([`Kind::Cipher`],
    /// [`Kind::Aead`]).
    pub fn has_decrypt(self) -> bool {
        matches!(self, Kind::Cipher | Kind::Aead)
    }
}

/// One backend of an algorithm, as seen on this machine now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImplStatus {
    /// The backend's name ("shani").
    pub name: &'static str,
    /// The CPU features it needs.
    pub needs: Caps,
    /// Whether this build has it (the right architecture).
    pub compiled: bool,
    /// Whether it can run now (compiled, and the effective CPU features
    /// cover [`ImplStatus::needs`]).
    pub available: bool,
}

/// A streaming hash, XOF or MAC behind a trait object (for `dgst`).
pub trait Streaming: Send {
    /// Absorbs `data`.
    fn update(&mut self, data: &[u8]);
    /// Finishes and returns the digest or tag.
    fn finish(self: Box<Self>) -> Vec<u8>;
    /// The backend in use.
    fn backend(&self) -> &'static str;
}

impl<H: Hash> Streaming for H {
    fn update(&mut self, data: &[u8]) {
        Hash::update(self, data)
    }
    fn finish(self: Box<Self>) -> Vec<u8> {
        Hash::finalize(*self).as_ref().to_vec()
    }
    fn backend(&self) -> &'static str {
        Hash::backend(self)
    }
}

struct HmacStream<H: Hash>(Hmac<H>);

impl<H: Hash> Streaming for HmacStream<H> {
    fn update(&mut self, data: &[u8]) {
        self.0.update(data)
    }
    fn finish(self: Box<Self>) -> Vec<u8> {
        self.0.finalize().as_ref().to_vec()
    }
    fn backend(&self) -> &'static str {
        self.0.backend()
    }
}

struct XofStream<X: Xof> {
    xof: X,
    len: usize,
}

impl<X: Xof> Streaming for XofStream<X> {
    fn update(&mut self, data: &[u8]) {
        self.xof.update(data)
    }
    fn finish(self: Box<Self>) -> Vec<u8> {
        let mut out = vec![0u8; self.len];
        self.xof.finalize_xof().squeeze(&mut out);
        out
    }
    fn backend(&self) -> &'static str {
        self.xof.backend()
    }
}

/// What [`Algorithm::stream`] should build.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StreamOptions<'a> {
    /// An HMAC key: build HMAC over this hash instead of the hash.
    pub hmac_key: Option<&'a [u8]>,
    /// The output length of an XOF (default: [`Algorithm::output_len`]).
    pub xof_len: Option<usize>,
}

/// Why [`Algorithm::stream`] could not build a streaming object.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StreamError {
    /// No backend of that name, or it cannot run on this CPU.
    Unavailable,
    /// An output length was given for a fixed-length hash.
    NotXof,
    /// An XOF length of 0.
    ZeroLength,
    /// HMAC was asked of an algorithm it is not defined over (an XOF, a
    /// MAC, a batch row).
    NoHmac,
    /// The algorithm has no streaming form (MACs by name, batch rows).
    NotStreamable,
}

impl core::fmt::Display for StreamError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            StreamError::Unavailable => "that backend cannot run here",
            StreamError::NotXof => {
                "an output length can only be given for an XOF (shake128, shake256)"
            }
            StreamError::ZeroLength => "the output length must be at least 1",
            StreamError::NoHmac => "HMAC is not defined over this algorithm",
            StreamError::NotStreamable => "this algorithm cannot be used as a digest",
        })
    }
}

/// A benchmark closure: processes one message per call, returning a byte
/// of the result so the work cannot be optimised away. Hashes and MACs
/// read the buffer; ciphers encrypt or decrypt it in place (the benchmark
/// does not care what the bytes are).
pub type BenchFn = Box<dyn FnMut(&mut [u8]) -> u8 + Send>;

/// How [`Algorithm::bench`] should set up the work.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BenchOptions {
    /// Time decryption instead of encryption ([`Kind::Cipher`] and
    /// [`Kind::Aead`]; CBC decryption is parallel where encryption is
    /// serial).
    pub decrypt: bool,
    /// Give each AEAD message 13 bytes of AAD, like a TLS record header
    /// (`openssl speed -aead`).
    pub tls_aad: bool,
    /// For [`Kind::PublicKey`]: which of its operations to time.
    pub op: usize,
}

type StreamFn = fn(&str, &StreamOptions<'_>) -> Result<Box<dyn Streaming>, StreamError>;

/// One algorithm of the registry.
#[derive(Clone, Copy)]
pub struct Algorithm {
    /// The primary name, as `peregrine speed` takes it ("sha256").
    pub name: &'static str,
    /// Other accepted names ("sha2-256").
    pub aliases: &'static [&'static str],
    /// The label `peregrine dgst` prints ("SHA2-256").
    pub label: &'static str,
    /// Hash, XOF, MAC or batch row.
    pub kind: Kind,
    /// Output length in bytes (an XOF's default, as `openssl dgst` uses).
    pub output_len: usize,
    /// Messages of the benchmarked size that one benchmark call processes
    /// (1, or the batch size of a [`Kind::Many`] row): the bytes a call
    /// counts for are the size times this.
    pub messages_per_call: usize,
    /// The primitive whose backends this algorithm uses ("sha256").
    pub primitive: &'static str,
    impls: fn() -> Vec<ImplStatus>,
    best: fn() -> &'static str,
    stream: StreamFn,
    /// Message sizes must be a multiple of this (16 for ECB and CBC without
    /// padding), or 1.
    pub size_multiple: usize,
    /// The smallest message size (16 for XTS), or 0.
    pub min_size: usize,
    bench: fn(&str, &BenchOptions) -> Option<BenchFn>,
}

impl core::fmt::Debug for Algorithm {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Algorithm")
            .field("name", &self.name)
            .field("kind", &self.kind)
            .finish()
    }
}

impl Algorithm {
    /// Every backend, best first, with its status on this machine.
    pub fn impls(&self) -> Vec<ImplStatus> {
        (self.impls)()
    }

    /// The backend `best()` picks now.
    pub fn best(&self) -> &'static str {
        (self.best)()
    }

    /// A streaming object on backend `imp`: the hash itself, HMAC over it
    /// (with [`StreamOptions::hmac_key`]), or an XOF of a chosen length.
    ///
    /// # Errors
    /// A [`StreamError`] saying why the combination is not possible.
    pub fn stream(
        &self,
        imp: &str,
        opts: &StreamOptions<'_>,
    ) -> Result<Box<dyn Streaming>, StreamError> {
        let s = (self.stream)(imp, opts)?;
        crate::cpu::log_choice(self.name, s.backend());
        Ok(s)
    }

    /// A benchmark closure on backend `imp`, keyed with a fixed key for
    /// MACs and ciphers; key setup happens here, outside the timed calls.
    /// `None` if the backend cannot run here.
    pub fn bench(&self, imp: &str, opts: &BenchOptions) -> Option<BenchFn> {
        let b = (self.bench)(imp, opts)?;
        crate::cpu::log_choice(self.name, imp);
        Some(b)
    }

    /// Whether a message of `size` bytes is one this algorithm takes.
    pub fn accepts_size(&self, size: usize) -> bool {
        size.is_multiple_of(self.size_multiple) && size >= self.min_size
    }

    /// Whether `name` is this algorithm's name or one of its aliases
    /// (case-insensitive).
    pub fn is_called(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name)
            || self.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
    }
}

fn impls<B: Backend>() -> Vec<ImplStatus> {
    B::ALL
        .iter()
        .map(|&b| ImplStatus {
            name: b.name(),
            needs: b.needs(),
            compiled: b.compiled(),
            available: b.check().is_some(),
        })
        .collect()
}

fn best<B: Backend>() -> &'static str {
    B::of(B::best()).name()
}

fn checked<B: Backend>(imp: &str) -> Option<B::Checked> {
    B::from_name(imp)?.check()
}

fn stream_hash<H: Hash>(
    imp: &str,
    opts: &StreamOptions<'_>,
) -> Result<Box<dyn Streaming>, StreamError> {
    if opts.xof_len.is_some() {
        return Err(StreamError::NotXof);
    }
    let h = H::with_impl(checked::<H::Impl>(imp).ok_or(StreamError::Unavailable)?);
    Ok(match opts.hmac_key {
        Some(key) => Box::new(HmacStream(Hmac::with_hasher(h, key))),
        None => Box::new(h),
    })
}

fn stream_xof<X: Xof>(
    imp: &str,
    opts: &StreamOptions<'_>,
) -> Result<Box<dyn Streaming>, StreamError> {
    if opts.hmac_key.is_some() {
        return Err(StreamError::NoHmac);
    }
    let len = opts.xof_len.unwrap_or(X::DEFAULT_LEN);
    if len == 0 {
        return Err(StreamError::ZeroLength);
    }
    let xof = X::with_impl(checked::<X::Impl>(imp).ok_or(StreamError::Unavailable)?);
    Ok(Box::new(XofStream { xof, len }))
}

fn no_stream(_: &str, opts: &StreamOptions<'_>) -> Result<Box<dyn Streaming>, StreamError> {
    Err(if opts.hmac_key.is_some() {
        StreamError::NoHmac
    } else {
        StreamError::NotStreamable
    })
}

fn bench_hash<H: Hash>(imp: &str, _: &BenchOptions) -> Option<BenchFn> {
    let c = checked::<H::Impl>(imp)?;
    // One-shot, as the peers' rows (`digest(&SHA256, data)`) are.
    Some(Box::new(move |data: &mut [u8]| {
        H::digest_with(c, data).as_ref()[0]
    }))
}

fn bench_xof<X: Xof>(imp: &str, _: &BenchOptions) -> Option<BenchFn> {
    let c = checked::<X::Impl>(imp)?;
    // `openssl speed -evp shake128` squeezes the default length too.
    let mut out = vec![0u8; X::DEFAULT_LEN];
    Some(Box::new(move |data: &mut [u8]| {
        let mut x = X::with_impl(c);
        x.update(data);
        x.finalize_xof().squeeze(&mut out);
        out[0]
    }))
}

/// The key `speed` uses for MACs (openssl speed's HMAC key length).
const BENCH_KEY: &[u8; 16] = b"This is a key...";

fn bench_hmac<H: Hash>(imp: &str, _: &BenchOptions) -> Option<BenchFn> {
    let keyed = Hmac::<H>::with_hasher(H::with_impl(checked::<H::Impl>(imp)?), BENCH_KEY);
    Some(Box::new(move |data: &mut [u8]| {
        let mut m = keyed.clone();
        m.update(data);
        m.finalize().as_ref()[0]
    }))
}

/// The batch rows' messages per call: `sha256-many` and `hmac-many` fill
/// the 16 lanes of the zmm kernel; `sha256-many8` and `hmac-many8` half of
/// them (the ymm kernels' full width).
const MANY: usize = 16;
const MANY8: usize = 8;

fn bench_sha256_many<const N: usize>(imp: &str, _: &BenchOptions) -> Option<BenchFn> {
    let c = checked::<sha256::many::Impl>(imp)?;
    let mut out = [[0u8; 32]; N];
    Some(Box::new(move |data: &mut [u8]| {
        let data: &[u8] = data;
        let msgs = [data; N];
        // Lengths match by construction, so this cannot fail.
        let _ = sha256::hash_many_with(c, &msgs, &mut out);
        out[N - 1][0]
    }))
}

/// `sha512-many`: eight messages per call (the zmm kernel's lanes).
fn bench_sha512_many(imp: &str, _: &BenchOptions) -> Option<BenchFn> {
    let c = checked::<sha512::many::Impl>(imp)?;
    let mut out = [[0u8; 64]; MANY8];
    Some(Box::new(move |data: &mut [u8]| {
        let data: &[u8] = data;
        let msgs = [data; MANY8];
        let _ = sha512::hash_many_with(c, &msgs, &mut out);
        out[MANY8 - 1][0]
    }))
}

fn bench_hmac_many<const N: usize>(imp: &str, _: &BenchOptions) -> Option<BenchFn> {
    let c = checked::<sha256::many::Impl>(imp)?;
    let mut out = [[0u8; 32]; N];
    Some(Box::new(move |data: &mut [u8]| {
        let data: &[u8] = data;
        let msgs = [data; N];
        let _ = sha256::hmac_many_with(c, BENCH_KEY, &msgs, &mut out);
        out[N - 1][0]
    }))
}

/// `shake128-many`: [`MANY`] messages per call through
/// `sha3::shake128_many_with`, each squeezed to SHAKE128's default 16
/// bytes (as the `shake128` row does).
fn bench_shake128_many(imp: &str, _: &BenchOptions) -> Option<BenchFn> {
    let c = checked::<sha3::many::Impl>(imp)?;
    let mut out = [[0u8; 16]; MANY];
    Some(Box::new(move |data: &mut [u8]| {
        let data: &[u8] = data;
        let msgs = [data; MANY];
        let mut outs = out.each_mut().map(|o| &mut o[..]);
        // Counts match by construction, so this cannot fail.
        let _ = sha3::shake128_many_with(c, &msgs, &mut outs);
        out[MANY - 1][0]
    }))
}

/// `sha3-256-many`: [`MANY`] messages per call through
/// `sha3::sha3_256_many_with`.
fn bench_sha3_256_many(imp: &str, _: &BenchOptions) -> Option<BenchFn> {
    let c = checked::<sha3::many::Impl>(imp)?;
    let mut out = [[0u8; 32]; MANY];
    Some(Box::new(move |data: &mut [u8]| {
        let data: &[u8] = data;
        let msgs = [data; MANY];
        let _ = sha3::sha3_256_many_with(c, &msgs, &mut out);
        out[MANY - 1][0]
    }))
}

/// The key and IV `speed` uses for ciphers: fixed, and for XTS two
/// different halves.
const CIPHER_KEY: [u8; 64] = {
    let mut k = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        k[i] = (i as u8).wrapping_mul(0x1d).wrapping_add(0x5b);
        i += 1;
    }
    k
};
const CIPHER_IV: [u8; 16] = *b"Peregrine IV 16.";

fn first(d: &[u8]) -> u8 {
    d.first().copied().unwrap_or(0)
}

/// A benchmark closure for cipher mode `$mode` with a `$k`-byte key:
/// `$setup` builds the keyed state (outside the timing) from the key, the
/// IV and the `Checked` backend, `$enc` and `$dec` run one message in place.
macro_rules! cipher_bench {
    ($fn:ident, |$key:ident, $iv:ident, $c:ident| $setup:expr, |$st:ident, $d:ident| $enc:expr, $dec:expr) => {
        fn $fn<const K: usize>(imp: &str, o: &BenchOptions) -> Option<BenchFn> {
            let $c = checked::<aes::Impl>(imp)?;
            let ($key, $iv) = (&CIPHER_KEY[..K], &CIPHER_IV[..]);
            #[allow(unused_mut)]
            let mut $st = $setup.ok()?;
            let _ = $iv;
            Some(if o.decrypt {
                Box::new(move |$d: &mut [u8]| {
                    let _ = $dec;
                    first($d)
                })
            } else {
                Box::new(move |$d: &mut [u8]| {
                    let _ = $enc;
                    first($d)
                })
            })
        }
    };
}

cipher_bench!(
    bench_ecb,
    |k, iv, c| Ecb::with_impl(k, c),
    |s, d| s.encrypt(d),
    s.decrypt(d)
);
cipher_bench!(
    bench_cbc,
    |k, iv, c| CbcEncryptor::with_impl(k, iv, c)
        .and_then(|e| Ok((e, CbcDecryptor::with_impl(k, iv, c)?))),
    |s, d| s.0.encrypt(d),
    s.1.decrypt(d)
);
cipher_bench!(
    bench_ctr,
    |k, iv, c| Ctr::with_impl(k, iv, c),
    |s, d| s.apply(d),
    s.apply(d)
);
cipher_bench!(
    bench_cfb,
    |k, iv, c| Cfb::with_impl(k, iv, c),
    |s, d| s.encrypt(d),
    s.decrypt(d)
);
cipher_bench!(
    bench_ofb,
    |k, iv, c| Ofb::with_impl(k, iv, c),
    |s, d| s.apply(d),
    s.apply(d)
);
cipher_bench!(
    bench_xts,
    |k, iv, c| Xts::with_impl(k, c),
    |s, d| s.encrypt(Tweak::Raw(CIPHER_IV), d),
    s.decrypt(Tweak::Raw(CIPHER_IV), d)
);

/// The 64-bit-block modes' benchmark rows (DES, 3DES, Blowfish).
const M64_ECB: u8 = 0;
const M64_CBC: u8 = 1;
const M64_CTR: u8 = 2;

fn bench64<C: BlockCipher64 + Send + 'static>(c: C, mode: u8, o: &BenchOptions) -> Option<BenchFn> {
    let iv = &CIPHER_IV[..8];
    Some(match (mode, o.decrypt) {
        (M64_CBC, false) => {
            let mut e = Cbc64Encryptor::new(c, iv).ok()?;
            Box::new(move |d: &mut [u8]| {
                let _ = e.encrypt(d);
                first(d)
            })
        }
        (M64_CBC, true) => {
            let mut e = Cbc64Decryptor::new(c, iv).ok()?;
            Box::new(move |d: &mut [u8]| {
                let _ = e.decrypt(d);
                first(d)
            })
        }
        (M64_CTR, _) => {
            let mut e = Ctr64::new(c, iv).ok()?;
            Box::new(move |d: &mut [u8]| {
                e.apply(d);
                first(d)
            })
        }
        (_, dec) => {
            let e = Ecb64::new(c);
            Box::new(move |d: &mut [u8]| {
                let _ = if dec { e.decrypt(d) } else { e.encrypt(d) };
                first(d)
            })
        }
    })
}

/// DES (`K` = 8) or 3DES (`K` = 24) in mode `M`.
fn bench_des<const K: usize, const M: u8>(imp: &str, o: &BenchOptions) -> Option<BenchFn> {
    let c = checked::<des::Impl>(imp)?;
    let key = &CIPHER_KEY[..K];
    if K == 8 {
        bench64(Des::with_impl(key, c).ok()?, M, o)
    } else {
        bench64(TripleDes::with_impl(key, c).ok()?, M, o)
    }
}

fn bench_bf<const M: u8>(imp: &str, o: &BenchOptions) -> Option<BenchFn> {
    checked::<blowfish::Impl>(imp)?;
    bench64(BlowfishVartime::new(&CIPHER_KEY[..16]).ok()?, M, o)
}

/// The 16-byte-block ciphers other than AES (Camellia, SM4) in mode `mode`
/// (the `M64_*` codes).
fn bench128<C: BlockCipher128 + Send + 'static>(
    c: C,
    mode: u8,
    o: &BenchOptions,
) -> Option<BenchFn> {
    let iv = &CIPHER_IV[..];
    Some(match (mode, o.decrypt) {
        (M64_CBC, false) => {
            let mut e = Cbc128Encryptor::new(c, iv).ok()?;
            Box::new(move |d: &mut [u8]| {
                let _ = e.encrypt(d);
                first(d)
            })
        }
        (M64_CBC, true) => {
            let mut e = Cbc128Decryptor::new(c, iv).ok()?;
            Box::new(move |d: &mut [u8]| {
                let _ = e.decrypt(d);
                first(d)
            })
        }
        (M64_CTR, _) => {
            let mut e = Ctr128::new(c, iv).ok()?;
            Box::new(move |d: &mut [u8]| {
                e.apply(d);
                first(d)
            })
        }
        (_, dec) => {
            let e = Ecb128::new(c);
            Box::new(move |d: &mut [u8]| {
                let _ = if dec { e.decrypt(d) } else { e.encrypt(d) };
                first(d)
            })
        }
    })
}

/// Camellia with a `K`-byte key in mode `M`.
fn bench_camellia<const K: usize, const M: u8>(imp: &str, o: &BenchOptions) -> Option<BenchFn> {
    let c = checked::<camellia::Impl>(imp)?;
    bench128(Camellia::with_impl(&CIPHER_KEY[..K], c).ok()?, M, o)
}

/// SM4 in mode `M`.
fn bench_sm4<const M: u8>(imp: &str, o: &BenchOptions) -> Option<BenchFn> {
    let c = checked::<sm4::Impl>(imp)?;
    bench128(Sm4::with_impl(&CIPHER_KEY[..16], c).ok()?, M, o)
}

/// SM4-GCM (GHASH on its best backend).
fn bench_sm4_gcm(imp: &str, o: &BenchOptions) -> Option<BenchFn> {
    let a = Sm4Gcm::with_impl(&CIPHER_KEY[..16], checked::<sm4::Impl>(imp)?).ok()?;
    Some(bench_aead(Box::new(a), o))
}

/// Camellia-GCM with a `K`-byte key (GHASH on its best backend).
fn bench_camellia_gcm<const K: usize>(imp: &str, o: &BenchOptions) -> Option<BenchFn> {
    let a = CamelliaGcm::with_impl(&CIPHER_KEY[..K], checked::<camellia::Impl>(imp)?).ok()?;
    Some(bench_aead(Box::new(a), o))
}

fn bench_chacha20(imp: &str, _: &BenchOptions) -> Option<BenchFn> {
    let c = checked::<chacha20::Impl>(imp)?;
    let key: [u8; 32] = CIPHER_KEY[..32].try_into().ok()?;
    let mut s = ChaCha20::with_impl(&key, &AEAD_NONCE, 0, c);
    Some(Box::new(move |d: &mut [u8]| {
        if s.apply(d).is_err() {
            // 256 GiB of keystream used: start the counter again.
            s = ChaCha20::with_impl(&key, &AEAD_NONCE, 0, c);
        }
        first(d)
    }))
}

/// Salsa20/20 with a 256-bit key; the 64-bit counter never runs out.
fn bench_salsa20(imp: &str, _: &BenchOptions) -> Option<BenchFn> {
    let c = checked::<salsa20::Impl>(imp)?;
    let key: [u8; 32] = CIPHER_KEY[..32].try_into().ok()?;
    let nonce: [u8; 8] = AEAD_NONCE[..8].try_into().ok()?;
    let mut s = Salsa20::with_impl(&key, &nonce, 0, c);
    Some(Box::new(move |d: &mut [u8]| {
        if s.apply(d).is_err() {
            s = Salsa20::with_impl(&key, &nonce, 0, c);
        }
        first(d)
    }))
}

fn bench_chacha20_poly1305(imp: &str, o: &BenchOptions) -> Option<BenchFn> {
    let (c, p) = pair_checked::<chacha20::Impl, poly1305::Impl>(imp)?;
    let a = ChaCha20Poly1305::with_impl(&CIPHER_KEY[..32], c, p).ok()?;
    Some(bench_aead(Box::new(a), o))
}

/// XChaCha20-Poly1305 takes 24-byte nonces; the row seals under this one.
fn bench_xchacha20_poly1305(imp: &str, o: &BenchOptions) -> Option<BenchFn> {
    let (c, p) = pair_checked::<chacha20::Impl, poly1305::Impl>(imp)?;
    let a = XChaCha20Poly1305::with_impl(&CIPHER_KEY[..32], c, p).ok()?;
    Some(bench_aead(Box::new(XNonce(a)), o))
}

/// Adapts the 12-byte bench nonce to XChaCha's 24 bytes.
struct XNonce(XChaCha20Poly1305);

const XNONCE: &[u8; 24] = b"peregrine-iv-24-bytes-xx";

impl Aead for XNonce {
    fn tag_len(&self) -> usize {
        16
    }
    fn seal_in_place_detached(
        &self,
        _: &[u8],
        aad: &[u8],
        buf: &mut [u8],
    ) -> Result<crate::aead::Tag, crate::Error> {
        self.0.seal_in_place_detached(XNONCE, aad, buf)
    }
    fn open_in_place_detached(
        &self,
        _: &[u8],
        aad: &[u8],
        buf: &mut [u8],
        tag: &[u8],
    ) -> Result<(), crate::Error> {
        self.0.open_in_place_detached(XNONCE, aad, buf, tag)
    }
}

fn bench_poly1305(imp: &str, _: &BenchOptions) -> Option<BenchFn> {
    let c = checked::<poly1305::Impl>(imp)?;
    let key: [u8; 32] = CIPHER_KEY[..32].try_into().ok()?;
    Some(Box::new(move |d: &mut [u8]| {
        let mut m = Poly1305::with_impl(&key, c);
        m.update(d);
        m.finalize()[0]
    }))
}

fn bench_cmac<const K: usize>(imp: &str, _: &BenchOptions) -> Option<BenchFn> {
    let mut m = Cmac::with_impl(&CIPHER_KEY[..K], checked::<aes::Impl>(imp)?).ok()?;
    Some(Box::new(move |d: &mut [u8]| {
        m.update(d);
        m.finalize_reset()[0]
    }))
}

/// The AEADs' backends are pairings of two primitives' backends, named
/// `a+b` ("vaes+vpclmul"): every pairing of the two lists.
macro_rules! pairs {
    ($($a:literal),*; $g:tt) => { &[$(pairs!(@one $a; $g)),*] };
    (@one $a:literal; [$($g:literal),*]) => { &[$(concat!($a, "+", $g)),*] };
}
/// AES-GCM's pairings of an AES and a GHASH backend. (`vaes512+vpclmul512`
/// runs the zmm fused kernel; a VAES and a VPCLMULQDQ backend of
/// different widths run the ymm one.)
static GCM_PAIRS: &[&[&str]] = pairs!("vaes512", "vaes", "aesni", "armv8", "neon", "soft";
    ["vpclmul512", "vpclmul", "pclmul", "pmull", "neon", "soft"]);
/// ChaCha20-Poly1305's pairings of a ChaCha20 and a Poly1305 backend.
static CP_PAIRS: &[&[&str]] = pairs!("avx512", "avx512vl", "avx2", "ssse3", "neon", "soft"; ["ifma", "ifma-ymm", "avx512", "avx2", "neon", "soft"]);

/// The name of the pairing of backends `a` and `b` ("vaes+vpclmul"), from
/// the tables above.
fn pair_name(a: &str, b: &str) -> &'static str {
    GCM_PAIRS
        .iter()
        .chain(CP_PAIRS)
        .flat_map(|row| row.iter())
        .find(|n| n.split_once('+') == Some((a, b)))
        .copied()
        .unwrap_or("unknown")
}

/// Both proofs of a pairing named `a+b`, if both backends can run.
fn pair_checked<A: Backend, B: Backend>(imp: &str) -> Option<(A::Checked, B::Checked)> {
    let (a, b) = imp.split_once('+')?;
    Some((checked::<A>(a)?, checked::<B>(b)?))
}

/// Every pairing of an `A` and a `B` backend, best first (`A`'s order,
/// then `B`'s).
fn pair_impls<A: Backend, B: Backend>() -> Vec<ImplStatus> {
    let mut v = Vec::new();
    for &a in A::ALL {
        for &b in B::ALL {
            v.push(ImplStatus {
                name: pair_name(a.name(), b.name()),
                needs: a.needs().with_all(b.needs()),
                compiled: a.compiled() && b.compiled(),
                available: a.check().is_some() && b.check().is_some(),
            });
        }
    }
    v
}

fn pair_best<A: Backend, B: Backend>() -> &'static str {
    pair_name(A::of(A::best()).name(), B::of(B::best()).name())
}

/// A registry entry whose backends are pairings of an `$a` and a `$b`
/// backend (AES x GHASH, ChaCha20 x Poly1305).
macro_rules! pair_entry {
    ($name:literal, $label:literal, $kind:expr, $a:ty, $b:ty, $prim:literal, $bench:expr) => {
        Algorithm {
            name: $name,
            aliases: &[],
            label: $label,
            kind: $kind,
            output_len: 16,
            messages_per_call: 1,
            primitive: $prim,
            impls: pair_impls::<$a, $b>,
            best: pair_best::<$a, $b>,
            stream: no_stream,
            size_multiple: 1,
            min_size: 0,
            bench: $bench,
        }
    };
}

/// The nonce and AAD the AEAD rows use (openssl speed's plain AEAD rows
/// use a fixed IV and no AAD; `speed --aead` adds 13 bytes of AAD).
const AEAD_NONCE: [u8; 12] = *b"peregrine-iv";

/// A benchmark closure for an AEAD: one seal in place per call (tag
/// computed), or with `decrypt`, one `open_into` of a message sealed
/// beforehand for that length (the tag is checked and succeeds; the timed
/// work includes `open_into`'s copy of the ciphertext into the output).
fn bench_aead(a: Box<dyn Aead + Send>, o: &BenchOptions) -> BenchFn {
    let aad: &'static [u8] = if o.tls_aad { &TLS_AAD } else { &[] };
    if !o.decrypt {
        return Box::new(move |d: &mut [u8]| {
            let t = a.seal_in_place_detached(&AEAD_NONCE, aad, d);
            t.map_or(0, |t| t.as_ref()[0])
        });
    }
    let mut sealed: alloc::collections::BTreeMap<usize, Vec<u8>> = Default::default();
    Box::new(move |d: &mut [u8]| {
        let s = sealed
            .entry(d.len())
            .or_insert_with(|| a.seal(&AEAD_NONCE, aad, d).unwrap_or_default());
        let _ = a.open_into(&AEAD_NONCE, aad, s, d);
        first(d)
    })
}

/// A TLS 1.2 record header's worth of AAD (sequence number, type,
/// version, length), as `openssl speed -aead` uses.
const TLS_AAD: [u8; 13] = [0, 0, 0, 0, 0, 0, 0, 1, 0x17, 0x03, 0x03, 0x40, 0x00];

fn bench_gcm<const K: usize>(imp: &str, o: &BenchOptions) -> Option<BenchFn> {
    let (a, g) = pair_checked::<aes::Impl, ghash::Impl>(imp)?;
    let gcm = AesGcm::with_impl(&CIPHER_KEY[..K], 16, a, g).ok()?;
    Some(bench_aead(Box::new(gcm), o))
}

fn bench_ccm<const K: usize>(imp: &str, o: &BenchOptions) -> Option<BenchFn> {
    let ccm = AesCcm::with_impl(&CIPHER_KEY[..K], 12, 16, checked::<aes::Impl>(imp)?).ok()?;
    Some(bench_aead(Box::new(ccm), o))
}

fn bench_gmac(imp: &str, _: &BenchOptions) -> Option<BenchFn> {
    let (a, g) = pair_checked::<aes::Impl, ghash::Impl>(imp)?;
    let m = Gmac::with_impl(&CIPHER_KEY[..16], 16, a, g).ok()?;
    Some(Box::new(move |d: &mut [u8]| {
        m.compute(&AEAD_NONCE, d).map_or(0, |t| t.as_ref()[0])
    }))
}

fn bench_ghash(imp: &str, _: &BenchOptions) -> Option<BenchFn> {
    let c = checked::<ghash::Impl>(imp)?;
    let h: [u8; 16] = CIPHER_KEY[..16].try_into().ok()?;
    Some(Box::new(move |d: &mut [u8]| {
        let mut g = Ghash::with_impl(&h, c);
        g.update(d);
        g.finalize()[0]
    }))
}

/// The operations of an RSA row, as `openssl speed rsa2048` (3.x) shows
/// them: PKCS#1 v1.5 signatures over a SHA-256 digest, and OAEP-SHA-256
/// encryption of 32 bytes.
const RSA_OPS: &[&str] = &["sign", "verify", "encrypt", "decrypt"];
/// The operation of a key-generation row.
const KEYGEN_OPS: &[&str] = &["keygen"];

/// Fixed RSA keys for the benchmark rows (PKCS#8 DER, made with `openssl
/// genpkey`), for 1024, 2048, 3072, 4096, 7680 and 15360 bits; public so
/// peer libraries in `speed --peers` run on the same key. Public test
/// keys: never use them for anything else.
pub fn rsa_bench_key(bits: usize) -> Option<&'static [u8]> {
    Some(match bits {
        1024 => include_bytes!("benchkeys/rsa1024.der"),
        2048 => include_bytes!("benchkeys/rsa2048.der"),
        3072 => include_bytes!("benchkeys/rsa3072.der"),
        4096 => include_bytes!("benchkeys/rsa4096.der"),
        7680 => include_bytes!("benchkeys/rsa7680.der"),
        15360 => include_bytes!("benchkeys/rsa15360.der"),
        _ => return None,
    })
}

/// One RSA operation per call on the `BITS`-bit bench key and the kernel
/// `imp`: [`RSA_OPS`]`[o.op]`. Inputs (a signature to verify, a ciphertext
/// to decrypt) are made here, outside the timed calls.
#[cfg(feature = "getrandom")]
fn bench_rsa<const BITS: usize>(imp: &str, o: &BenchOptions) -> Option<BenchFn> {
    use crate::hash::sha256::Sha256;
    let c = checked::<mont::Impl>(imp)?;
    let key = RsaPrivateKey::from_der(rsa_bench_key(BITS)?)
        .ok()?
        .with_backend(c)
        .ok()?;
    let public = key.public_key().clone();
    let digest = [0x5au8; 32];
    Some(match o.op {
        0 => Box::new(move |_: &mut [u8]| {
            key.sign_pkcs1v15_digest::<Sha256>(&digest)
                .map_or(0, |s| s[0])
        }),
        1 => {
            let sig = key.sign_pkcs1v15_digest::<Sha256>(&digest).ok()?;
            Box::new(move |_: &mut [u8]| {
                u8::from(
                    public
                        .verify_pkcs1v15_digest::<Sha256>(&digest, &sig)
                        .is_ok(),
                )
            })
        }
        2 => Box::new(move |_: &mut [u8]| {
            public
                .encrypt_oaep::<Sha256>(&digest, &[])
                .map_or(0, |c| c[0])
        }),
        3 => {
            let ct = public.encrypt_oaep::<Sha256>(&digest, &[]).ok()?;
            Box::new(move |_: &mut [u8]| {
                key.decrypt_oaep::<Sha256>(&ct, &[])
                    .map_or(0, |m| m.first().copied().unwrap_or(0))
            })
        }
        _ => return None,
    })
}

/// The operations of the `mont1024` row: one Montgomery product, alone
/// or two interleaved (as RSA-2048's CRT halves run).
const MONT_OPS: &[&str] = &["product", "pair"];

/// Products per `mont1024` call.
const MONT_CHAIN: usize = 64;

/// `MONT_CHAIN` dependent 1024-bit Montgomery products per call on the
/// kernel `imp` ([`Modulus::bench_product_chain`]): op 0 one chain, op 1
/// two interleaved (each of the two products counts; `None` where the
/// kernel has no paired product). The value comes back unchanged (the
/// factor is `R mod n`), and its first byte is returned.
fn bench_mont1024(imp: &str, o: &BenchOptions) -> Option<BenchFn> {
    use crate::bignum::{Modulus, Nat};
    let c = checked::<mont::Impl>(imp)?;
    // A fixed odd 1024-bit modulus with its top bit set, and x < 2^1024 - n.
    let (mut n, mut x) = ([0u64; 16], [0u64; 16]);
    let mut h = 0x9e37_79b9_7f4a_7c15u64;
    for i in 0..16 {
        h ^= h << 13;
        h ^= h >> 7;
        h ^= h << 17;
        n[i] = h;
        x[i] = h.rotate_left(17);
    }
    n[0] |= 1;
    n[15] |= 1 << 63;
    x[15] >>= 4;
    let (n, x) = (Nat::from_limbs(&n), Nat::from_limbs(&x));
    let md = Modulus::with_impl(&n, c).ok()?;
    let pair = o.op == 1;
    md.bench_product_chain(&x, 1, pair)?;
    Some(Box::new(move |_: &mut [u8]| {
        md.bench_product_chain(&x, MONT_CHAIN / (1 + usize::from(pair)), pair)
            .map_or(0, |[a, _]| a.as_limbs()[0] as u8)
    }))
}

/// Key generation runs on the kernel the prime search picks (the best), so
/// that is its one backend.
fn keygen_impls() -> Vec<ImplStatus> {
    let b = best::<mont::Impl>();
    impls::<mont::Impl>()
        .into_iter()
        .filter(|s| s.name == b)
        .collect()
}

/// One `BITS`-bit key generation (e = 65537) per call, on the best kernel
/// (the prime search picks its own).
#[cfg(feature = "getrandom")]
fn bench_keygen<const BITS: usize>(imp: &str, o: &BenchOptions) -> Option<BenchFn> {
    checked::<mont::Impl>(imp)?;
    if o.op != 0 || imp != best::<mont::Impl>() {
        return None;
    }
    Some(Box::new(|_: &mut [u8]| {
        RsaPrivateKey::generate(BITS).map_or(0, |k| k.public_key().n()[0])
    }))
}

/// Without the `getrandom` feature there is no RSA module (blinding and
/// key generation need randomness), so its rows have nothing to run.
#[cfg(not(feature = "getrandom"))]
fn bench_rsa<const BITS: usize>(_: &str, _: &BenchOptions) -> Option<BenchFn> {
    None
}

#[cfg(not(feature = "getrandom"))]
fn bench_keygen<const BITS: usize>(_: &str, _: &BenchOptions) -> Option<BenchFn> {
    None
}

/// The operations of a DSA row, as `openssl speed dsa2048` shows them:
/// a signature of a 20-byte digest (hedged RFC 6979 nonce, SHA-256 as
/// its HMAC) and its verification.
const DSA_OPS: &[&str] = &["sign", "verify"];

/// Fixed DSA keys for the benchmark rows (traditional DER, made with `openssl
/// genpkey`; `benchkeys/README.md` has the commands): 1024/160, 2048/224
/// and 3072/256 bits. Public test keys: never use them for anything else.
pub fn dsa_bench_key(bits: usize) -> Option<&'static [u8]> {
    Some(match bits {
        1024 => include_bytes!("benchkeys/dsa1024.der"),
        2048 => include_bytes!("benchkeys/dsa2048.der"),
        3072 => include_bytes!("benchkeys/dsa3072.der"),
        _ => return None,
    })
}

/// One DSA operation per call on the `BITS`-bit bench key and the kernel
/// `imp`: [`DSA_OPS`]`[o.op]` over a fixed 20-byte digest (what `openssl
/// speed dsa` signs). The signature to verify is made outside the timed
/// calls.
#[cfg(feature = "getrandom")]
fn bench_dsa<const BITS: usize>(imp: &str, o: &BenchOptions) -> Option<BenchFn> {
    use crate::dsa::DsaPrivateKey;
    let c = checked::<mont::Impl>(imp)?;
    let key = DsaPrivateKey::from_der(dsa_bench_key(BITS)?)
        .ok()?
        .with_backend(c)
        .ok()?;
    let digest = [0x5au8; 20];
    Some(match o.op {
        0 => Box::new(move |_: &mut [u8]| {
            // Hedged signatures differ every time: the verdict, not a byte.
            u8::from(key.sign_digest::<Sha256>(&digest).is_ok())
        }),
        1 => {
            let sig = key.sign_digest::<Sha256>(&digest).ok()?;
            let public = key.public_key().clone();
            Box::new(move |_: &mut [u8]| u8::from(public.verify_digest(&digest, &sig).is_ok()))
        }
        _ => return None,
    })
}

#[cfg(not(feature = "getrandom"))]
fn bench_dsa<const BITS: usize>(_: &str, _: &BenchOptions) -> Option<BenchFn> {
    None
}

macro_rules! dsa {
    ($name:literal, $label:literal, $bits:literal) => {
        entry!(
            $name,
            [],
            $label,
            Kind::PublicKey(DSA_OPS),
            0,
            1,
            mont::Impl,
            no_stream,
            bench_dsa::<$bits>
        )
    };
}

/// The operation of an ECDH row (`openssl speed ecdhx25519`'s "op"): one
/// shared-secret computation.
const ECDH_OPS: &[&str] = &["derive"];
/// The operations of an EdDSA row, as `openssl speed ed25519` shows them.
const EDDSA_OPS: &[&str] = &["sign", "verify"];

/// The `ecdhx25519` row's private key: RFC 7748 section 6.1's (Alice's).
/// Public test data, like every bench key here.
pub const X25519_BENCH_PRIVATE: [u8; 32] = [
    0x77, 0x07, 0x6d, 0x0a, 0x73, 0x18, 0xa5, 0x7d, 0x3c, 0x16, 0xc1, 0x72, 0x51, 0xb2, 0x66, 0x45,
    0xdf, 0x4c, 0x2f, 0x87, 0xeb, 0xc0, 0x99, 0x2a, 0xb1, 0x77, 0xfb, 0xa5, 0x1d, 0xb9, 0x2c, 0x2a,
];
/// The `ecdhx25519` row's peer public key: RFC 7748 section 6.1's (Bob's).
pub const X25519_BENCH_PEER: [u8; 32] = [
    0xde, 0x9e, 0xdb, 0x7d, 0x7b, 0x7d, 0xc1, 0xb4, 0xd3, 0x5b, 0x61, 0xc2, 0xec, 0xe4, 0x35, 0x37,
    0x3f, 0x83, 0x43, 0xc8, 0x5b, 0x78, 0x67, 0x4d, 0xad, 0xfc, 0x7e, 0x14, 0x6f, 0x88, 0x2b, 0x4f,
];
/// The private key of [`X25519_BENCH_PEER`] (RFC 7748 section 6.1, Bob's),
/// so a peer library that only agrees with fresh private keys of its own
/// can be checked by the Diffie-Hellman relation.
pub const X25519_BENCH_PEER_PRIVATE: [u8; 32] = [
    0x5d, 0xab, 0x08, 0x7e, 0x62, 0x4a, 0x8a, 0x4b, 0x79, 0xe1, 0x7f, 0x8b, 0x83, 0x80, 0x0e, 0xe6,
    0x6f, 0x3b, 0xb1, 0x29, 0x26, 0x18, 0xb6, 0xfd, 0x1c, 0x2f, 0x8b, 0x27, 0xff, 0x88, 0xe0, 0xeb,
];
/// The `ed25519` rows' seed (secret key): RFC 8032 section 7.1, TEST 1.
pub const ED25519_BENCH_SEED: [u8; 32] = [
    0x9d, 0x61, 0xb1, 0x9d, 0xef, 0xfd, 0x5a, 0x60, 0xba, 0x84, 0x4a, 0xf4, 0x92, 0xec, 0x2c, 0xc4,
    0x44, 0x49, 0xc5, 0x69, 0x7b, 0x32, 0x69, 0x19, 0x70, 0x3b, 0xac, 0x03, 0x1c, 0xae, 0x7f, 0x60,
];
/// The message the `ed25519` row signs and verifies: what `openssl speed
/// ed25519` signs, the first 20 bytes of its zeroed input buffer.
pub const ED25519_BENCH_MESSAGE: [u8; 20] = [0; 20];

/// One X25519 shared secret per call ([`ECDH_OPS`]): the fixed private key
/// with the fixed peer public key on the kernel `imp` (the all-zero check
/// included, as `diffie_hellman` does it).
fn bench_x25519(imp: &str, o: &BenchOptions) -> Option<BenchFn> {
    let c = checked::<curve25519::Impl>(imp)?;
    if o.op != 0 {
        return None;
    }
    let key = x25519::PrivateKey::from_bytes(X25519_BENCH_PRIVATE).with_impl(c);
    let peer = x25519::PublicKey(X25519_BENCH_PEER);
    Some(Box::new(move |_: &mut [u8]| {
        key.diffie_hellman(&peer).map_or(0, |s| s.as_bytes()[0])
    }))
}

/// One X25519 public key per call: X25519(k, 9) of the fixed private key
/// (the Edwards comb, as `PrivateKey::public_key` computes it).
fn bench_x25519_keygen(imp: &str, o: &BenchOptions) -> Option<BenchFn> {
    let c = checked::<curve25519::Impl>(imp)?;
    if o.op != 0 {
        return None;
    }
    let key = x25519::PrivateKey::from_bytes(X25519_BENCH_PRIVATE).with_impl(c);
    Some(Box::new(move |_: &mut [u8]| key.public_key().0[0]))
}

/// Ed25519 ([`EDDSA_OPS`]): a signature of [`ED25519_BENCH_MESSAGE`] per
/// call, or the verification of one made beforehand (the key decoded
/// once, when the `VerifyingKey` is made).
fn bench_ed25519(imp: &str, o: &BenchOptions) -> Option<BenchFn> {
    let c = checked::<curve25519::Impl>(imp)?;
    let key = ed25519::SigningKey::from_seed_with_impl(&ED25519_BENCH_SEED, c);
    let msg = ED25519_BENCH_MESSAGE;
    Some(match o.op {
        0 => Box::new(move |_: &mut [u8]| key.sign(&msg)[0]),
        1 => {
            let sig = key.sign(&msg);
            let public = *key.verifying_key();
            Box::new(move |_: &mut [u8]| u8::from(public.verify(&msg, &sig).is_ok()))
        }
        _ => return None,
    })
}

/// The NIST-curve rows' private keys: RFC 6979 appendix A.2.5-A.2.7's
/// (public test data). ECDH agrees with the key's own public point.
pub const NIST_BENCH_KEYS: [&str; 3] = [
    "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721",
    "6b9d3dad2e1b8c1c05b19875b6659f4de23c3b667bf297ba9aa47740787137d896d5724e4c70a825f872c9ea60d2edf5",
    "00fad06daa62ba3b25d2fb40133da757205de67f5bb0018fee8c86e1b68c7e75caa896eb32f1f47c70855836a6d16fcc1466f6d8fbec67db89ec0c08b0e996b83538",
];

/// The digest the ECDSA rows sign and verify: `openssl speed ecdsapN`'s,
/// 20 zero bytes, given to the signer as a precomputed digest.
pub const ECDSA_BENCH_DIGEST: [u8; 20] = [0; 20];

/// Big-endian hex to bytes (the bench keys).
fn unhex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap_or(0))
        .collect()
}

/// The NIST-curve kernel of a `--impl` name for P-256 and P-384 (every
/// kernel).
fn nist_kernel(imp: &str) -> Option<nist::Checked> {
    checked::<nist::Impl>(imp)
}

/// The kernel of a `--impl` name for P-521 (ADX or the portable one):
/// the kernel of the same name in [`nist::Impl`].
fn nist_portable(imp: &str) -> Option<nist::Checked> {
    checked::<nist::portable::Impl>(imp)?;
    checked::<nist::Impl>(imp)
}

macro_rules! nist_bench {
    ($curve:ident, $kernel:ident, $key:expr, $hash:ty, $ecdsa:ident, $ecdh:ident, $keygen:ident) => {
        /// ECDSA sign (hedged, as `sign_prehashed` does by default) or
        /// verify of [`ECDSA_BENCH_DIGEST`].
        #[cfg(feature = "getrandom")]
        fn $ecdsa(imp: &str, o: &BenchOptions) -> Option<BenchFn> {
            let c = $kernel(imp)?;
            let key =
                nist::$curve::PrivateKey::from_bytes_with_impl(&unhex(NIST_BENCH_KEYS[$key]), c)
                    .ok()?;
            let d = ECDSA_BENCH_DIGEST;
            Some(match o.op {
                // hedged signatures differ every time (and by kernel):
                // the closure returns their length, the same on every
                // kernel
                0 => Box::new(move |_: &mut [u8]| {
                    key.sign_prehashed::<$hash>(&d)
                        .map_or(0, |s| s.to_bytes().len() as u8)
                }),
                1 => {
                    let sig = key.sign_prehashed::<$hash>(&d).ok()?;
                    let public = *key.public_key();
                    Box::new(move |_: &mut [u8]| {
                        u8::from(public.verify_prehashed(&d, &sig).is_ok())
                    })
                }
                _ => return None,
            })
        }

        #[cfg(not(feature = "getrandom"))]
        fn $ecdsa(_: &str, _: &BenchOptions) -> Option<BenchFn> {
            None
        }

        /// One ECDH shared secret (the peer point decoded beforehand).
        fn $ecdh(imp: &str, o: &BenchOptions) -> Option<BenchFn> {
            let c = $kernel(imp)?;
            if o.op != 0 {
                return None;
            }
            let key =
                nist::$curve::PrivateKey::from_bytes_with_impl(&unhex(NIST_BENCH_KEYS[$key]), c)
                    .ok()?;
            let peer = *key.public_key();
            Some(Box::new(move |_: &mut [u8]| {
                key.diffie_hellman(&peer).map_or(0, |s| s[0])
            }))
        }

        /// One key pair from a private scalar (the public point by the
        /// fixed-base table).
        fn $keygen(imp: &str, o: &BenchOptions) -> Option<BenchFn> {
            let c = $kernel(imp)?;
            if o.op != 0 {
                return None;
            }
            let d = unhex(NIST_BENCH_KEYS[$key]);
            Some(Box::new(move |_: &mut [u8]| {
                nist::$curve::PrivateKey::from_bytes_with_impl(&d, c)
                    .map_or(0, |k| k.public_key().to_compressed()[1])
            }))
        }
    };
}

nist_bench!(
    p256,
    nist_kernel,
    0,
    crate::hash::sha256::Sha256,
    bench_ecdsa_p256,
    bench_ecdh_p256,
    bench_keygen_p256
);
nist_bench!(
    p384,
    nist_kernel,
    1,
    crate::hash::sha512::Sha384,
    bench_ecdsa_p384,
    bench_ecdh_p384,
    bench_keygen_p384
);
nist_bench!(
    p521,
    nist_portable,
    2,
    crate::hash::sha512::Sha512,
    bench_ecdsa_p521,
    bench_ecdh_p521,
    bench_keygen_p521
);

/// How many X25519 operations one `x25519-many` call runs.
pub const X25519_MANY: usize = 16;
/// How many signatures one `ed25519-batch` call verifies.
pub const ED25519_BATCH: usize = 64;
/// The operation of the batch verification row.
const VERIFY_OPS: &[&str] = &["verify"];

/// [`X25519_MANY`] shared secrets per call by `x25519_many` (the ladders
/// share one inversion): the bench private key with the bench peer key,
/// the rate counted per operation.
fn bench_x25519_many(imp: &str, o: &BenchOptions) -> Option<BenchFn> {
    let c = checked::<curve25519::many::Impl>(imp)?;
    if o.op != 0 {
        return None;
    }
    let k = [X25519_BENCH_PRIVATE; X25519_MANY];
    let u = [X25519_BENCH_PEER; X25519_MANY];
    let mut out = [[0u8; 32]; X25519_MANY];
    Some(Box::new(move |_: &mut [u8]| {
        x25519::x25519_many_with_impl(c, &k, &u, &mut out).map_or(0, |()| out[X25519_MANY - 1][0])
    }))
}

/// [`ED25519_BATCH`] signatures (of [`ED25519_BENCH_MESSAGE`] and 63
/// variants of it, under one key) verified per call by
/// `ed25519::verify_batch`, the rate counted per signature.
#[cfg(feature = "getrandom")]
fn bench_ed25519_batch(imp: &str, o: &BenchOptions) -> Option<BenchFn> {
    let c = checked::<curve25519::Impl>(imp)?;
    if o.op != 0 {
        return None;
    }
    let key = ed25519::SigningKey::from_seed_with_impl(&ED25519_BENCH_SEED, c);
    let msgs: Vec<[u8; 20]> = (0..ED25519_BATCH)
        .map(|i| {
            let mut m = ED25519_BENCH_MESSAGE;
            m[0] = i as u8;
            m
        })
        .collect();
    let sigs: Vec<[u8; 64]> = msgs.iter().map(|m| key.sign(m)).collect();
    let public = *key.verifying_key();
    Some(Box::new(move |_: &mut [u8]| {
        let items: Vec<(&ed25519::VerifyingKey, &[u8], &[u8])> = msgs
            .iter()
            .zip(&sigs)
            .map(|(m, s)| (&public, &m[..], &s[..]))
            .collect();
        u8::from(ed25519::verify_batch_with_impl(c, &items).is_ok())
    }))
}

#[cfg(not(feature = "getrandom"))]
fn bench_ed25519_batch(_: &str, _: &BenchOptions) -> Option<BenchFn> {
    None
}

/// One Ed25519 key from the fixed seed per call (`SigningKey::from_seed`:
/// SHA-512 of the seed, then the public key by the comb).
fn bench_ed25519_keygen(imp: &str, o: &BenchOptions) -> Option<BenchFn> {
    let c = checked::<curve25519::Impl>(imp)?;
    if o.op != 0 {
        return None;
    }
    Some(Box::new(move |_: &mut [u8]| {
        ed25519::SigningKey::from_seed_with_impl(&ED25519_BENCH_SEED, c)
            .verifying_key()
            .as_bytes()[0]
    }))
}

macro_rules! rsa {
    ($name:literal, $label:literal, $bits:literal) => {
        entry!(
            $name,
            [],
            $label,
            Kind::PublicKey(RSA_OPS),
            0,
            1,
            mont::Impl,
            no_stream,
            bench_rsa::<$bits>
        )
    };
}

macro_rules! cipher {
    ($name:literal, [$($alias:literal),*], $label:literal, $bench:ident, $k:literal, $mult:literal, $min:literal) => {
        entry!($name, [$($alias),*], $label, Kind::Cipher, 0, 1, aes::Impl, no_stream, $bench::<$k>, $mult, $min)
    };
}

macro_rules! cipher64 {
    ($name:literal, [$($alias:literal),*], $label:literal, $imp:ty, $bench:expr, $mult:literal) => {
        entry!($name, [$($alias),*], $label, Kind::Cipher, 0, 1, $imp, no_stream, $bench, $mult, 0)
    };
}

macro_rules! entry {
    ($name:literal, [$($alias:literal),*], $label:expr, $kind:expr, $len:expr, $per:expr, $imp:ty, $stream:expr, $bench:expr) => {
        entry!($name, [$($alias),*], $label, $kind, $len, $per, $imp, $stream, $bench, 1, 0)
    };
    ($name:literal, [$($alias:literal),*], $label:expr, $kind:expr, $len:expr, $per:expr, $imp:ty, $stream:expr, $bench:expr, $mult:expr, $min:expr) => {
        Algorithm {
            name: $name,
            aliases: &[$($alias),*],
            label: $label,
            kind: $kind,
            output_len: $len,
            messages_per_call: $per,
            primitive: <$imp as Backend>::PRIMITIVE,
            impls: impls::<$imp>,
            best: best::<$imp>,
            stream: $stream,
            size_multiple: $mult,
            min_size: $min,
            bench: $bench,
        }
    };
}

macro_rules! hash {
    ($name:literal, [$($alias:literal),*], $ty:ty) => {
        entry!($name, [$($alias),*], <$ty as Hash>::NAME, Kind::Hash, <$ty as Hash>::OUTPUT_LEN, 1,
            <$ty as Hash>::Impl, stream_hash::<$ty>, bench_hash::<$ty>)
    };
}

macro_rules! xof {
    ($name:literal, [$($alias:literal),*], $ty:ty) => {
        entry!($name, [$($alias),*], <$ty as Xof>::NAME, Kind::Xof, <$ty as Xof>::DEFAULT_LEN, 1,
            <$ty as Xof>::Impl, stream_xof::<$ty>, bench_xof::<$ty>)
    };
}

macro_rules! hmac {
    ($name:literal, [$($alias:literal),*], $label:literal, $ty:ty) => {
        entry!($name, [$($alias),*], $label, Kind::Mac, <$ty as Hash>::OUTPUT_LEN, 1,
            <$ty as Hash>::Impl, no_stream, bench_hmac::<$ty>)
    };
}

/// Every algorithm, in the order `peregrine speed` runs them.
pub static ALGORITHMS: &[Algorithm] = &[
    hash!("md5", [], Md5),
    hash!("sha1", ["sha-1"], Sha1),
    hash!("sha224", ["sha2-224", "sha-224"], Sha224),
    hash!("sha256", ["sha2-256", "sha-256"], Sha256),
    entry!(
        "sha256-many",
        ["sha256-x16"],
        "SHA2-256 x16",
        Kind::Many,
        32,
        MANY,
        sha256::many::Impl,
        no_stream,
        bench_sha256_many::<MANY>
    ),
    entry!(
        "sha256-many8",
        ["sha256-x8"],
        "SHA2-256 x8",
        Kind::Many,
        32,
        MANY8,
        sha256::many::Impl,
        no_stream,
        bench_sha256_many::<MANY8>
    ),
    hash!("sha384", ["sha2-384", "sha-384"], Sha384),
    hash!("sha512", ["sha2-512", "sha-512"], Sha512),
    entry!(
        "sha512-many",
        ["sha512-x8"],
        "SHA2-512 x8",
        Kind::Many,
        64,
        MANY8,
        sha512::many::Impl,
        no_stream,
        bench_sha512_many
    ),
    hash!("sha512-224", ["sha2-512/224", "sha512/224"], Sha512_224),
    hash!("sha512-256", ["sha2-512/256", "sha512/256"], Sha512_256),
    hash!("sha3-224", [], Sha3_224),
    hash!("sha3-256", [], Sha3_256),
    entry!(
        "sha3-256-many",
        ["sha3-256-x8"],
        "SHA3-256 x8",
        Kind::Many,
        32,
        MANY,
        sha3::many::Impl,
        no_stream,
        bench_sha3_256_many
    ),
    hash!("sha3-384", [], Sha3_384),
    hash!("sha3-512", [], Sha3_512),
    xof!("shake128", [], Shake128),
    entry!(
        "shake128-many",
        ["shake128-x8"],
        "SHAKE-128 x8",
        Kind::Many,
        16,
        MANY,
        sha3::many::Impl,
        no_stream,
        bench_shake128_many
    ),
    xof!("shake256", [], Shake256),
    hmac!("hmac-md5", [], "HMAC-MD5", Md5),
    hmac!("hmac-sha1", [], "HMAC-SHA1", Sha1),
    hmac!("hmac-sha224", [], "HMAC-SHA2-224", Sha224),
    hmac!("hmac", ["hmac-sha256"], "HMAC-SHA2-256", Sha256),
    hash!("ripemd160", ["rmd160", "ripemd-160", "ripemd"], Ripemd160),
    hash!("sm3", [], Sm3),
    hmac!("hmac-ripemd160", [], "HMAC-RIPEMD160", Ripemd160),
    hmac!("hmac-sm3", [], "HMAC-SM3", Sm3),
    cipher!("aes-128-ecb", [], "AES-128-ECB", bench_ecb, 16, 16, 0),
    cipher!("aes-192-ecb", [], "AES-192-ECB", bench_ecb, 24, 16, 0),
    cipher!("aes-256-ecb", [], "AES-256-ECB", bench_ecb, 32, 16, 0),
    cipher!("aes-128-cbc", [], "AES-128-CBC", bench_cbc, 16, 16, 0),
    cipher!("aes-192-cbc", [], "AES-192-CBC", bench_cbc, 24, 16, 0),
    cipher!("aes-256-cbc", [], "AES-256-CBC", bench_cbc, 32, 16, 0),
    cipher!("aes-128-ctr", [], "AES-128-CTR", bench_ctr, 16, 1, 0),
    cipher!("aes-192-ctr", [], "AES-192-CTR", bench_ctr, 24, 1, 0),
    cipher!("aes-256-ctr", [], "AES-256-CTR", bench_ctr, 32, 1, 0),
    cipher!("aes-128-xts", [], "AES-128-XTS", bench_xts, 32, 1, 16),
    cipher!("aes-256-xts", [], "AES-256-XTS", bench_xts, 64, 1, 16),
    cipher!(
        "aes-128-cfb",
        ["aes-128-cfb128"],
        "AES-128-CFB",
        bench_cfb,
        16,
        1,
        0
    ),
    cipher!(
        "aes-192-cfb",
        ["aes-192-cfb128"],
        "AES-192-CFB",
        bench_cfb,
        24,
        1,
        0
    ),
    cipher!(
        "aes-256-cfb",
        ["aes-256-cfb128"],
        "AES-256-CFB",
        bench_cfb,
        32,
        1,
        0
    ),
    cipher!("aes-128-ofb", [], "AES-128-OFB", bench_ofb, 16, 1, 0),
    cipher!("aes-192-ofb", [], "AES-192-OFB", bench_ofb, 24, 1, 0),
    cipher!("aes-256-ofb", [], "AES-256-OFB", bench_ofb, 32, 1, 0),
    cipher64!(
        "des-ecb",
        [],
        "DES-ECB",
        des::Impl,
        bench_des::<8, M64_ECB>,
        8
    ),
    cipher64!(
        "des-cbc",
        [],
        "DES-CBC",
        des::Impl,
        bench_des::<8, M64_CBC>,
        8
    ),
    cipher64!(
        "des-ede3-ecb",
        [],
        "DES-EDE3-ECB",
        des::Impl,
        bench_des::<24, M64_ECB>,
        8
    ),
    cipher64!(
        "des-ede3-cbc",
        ["des-ede3", "3des"],
        "DES-EDE3-CBC",
        des::Impl,
        bench_des::<24, M64_CBC>,
        8
    ),
    cipher64!(
        "des-ede3-ctr",
        [],
        "DES-EDE3-CTR",
        des::Impl,
        bench_des::<24, M64_CTR>,
        1
    ),
    cipher64!(
        "bf-ecb",
        [],
        "BF-ECB (vartime)",
        blowfish::Impl,
        bench_bf::<M64_ECB>,
        8
    ),
    cipher64!(
        "bf-cbc",
        ["blowfish"],
        "BF-CBC (vartime)",
        blowfish::Impl,
        bench_bf::<M64_CBC>,
        8
    ),
    cipher64!(
        "camellia-128-ecb",
        [],
        "CAMELLIA-128-ECB",
        camellia::Impl,
        bench_camellia::<16, M64_ECB>,
        16
    ),
    cipher64!(
        "camellia-192-ecb",
        [],
        "CAMELLIA-192-ECB",
        camellia::Impl,
        bench_camellia::<24, M64_ECB>,
        16
    ),
    cipher64!(
        "camellia-256-ecb",
        [],
        "CAMELLIA-256-ECB",
        camellia::Impl,
        bench_camellia::<32, M64_ECB>,
        16
    ),
    cipher64!(
        "camellia-128-cbc",
        [],
        "CAMELLIA-128-CBC",
        camellia::Impl,
        bench_camellia::<16, M64_CBC>,
        16
    ),
    cipher64!(
        "camellia-192-cbc",
        [],
        "CAMELLIA-192-CBC",
        camellia::Impl,
        bench_camellia::<24, M64_CBC>,
        16
    ),
    cipher64!(
        "camellia-256-cbc",
        [],
        "CAMELLIA-256-CBC",
        camellia::Impl,
        bench_camellia::<32, M64_CBC>,
        16
    ),
    cipher64!(
        "camellia-128-ctr",
        [],
        "CAMELLIA-128-CTR",
        camellia::Impl,
        bench_camellia::<16, M64_CTR>,
        1
    ),
    cipher64!(
        "camellia-192-ctr",
        [],
        "CAMELLIA-192-CTR",
        camellia::Impl,
        bench_camellia::<24, M64_CTR>,
        1
    ),
    cipher64!(
        "camellia-256-ctr",
        [],
        "CAMELLIA-256-CTR",
        camellia::Impl,
        bench_camellia::<32, M64_CTR>,
        1
    ),
    cipher64!(
        "sm4-ecb",
        [],
        "SM4-ECB",
        sm4::Impl,
        bench_sm4::<M64_ECB>,
        16
    ),
    cipher64!(
        "sm4-cbc",
        ["sm4"],
        "SM4-CBC",
        sm4::Impl,
        bench_sm4::<M64_CBC>,
        16
    ),
    cipher64!("sm4-ctr", [], "SM4-CTR", sm4::Impl, bench_sm4::<M64_CTR>, 1),
    entry!(
        "camellia-128-gcm",
        [],
        "CAMELLIA-128-GCM",
        Kind::Aead,
        16,
        1,
        camellia::Impl,
        no_stream,
        bench_camellia_gcm::<16>
    ),
    entry!(
        "camellia-256-gcm",
        [],
        "CAMELLIA-256-GCM",
        Kind::Aead,
        16,
        1,
        camellia::Impl,
        no_stream,
        bench_camellia_gcm::<32>
    ),
    entry!(
        "sm4-gcm",
        [],
        "SM4-GCM",
        Kind::Aead,
        16,
        1,
        sm4::Impl,
        no_stream,
        bench_sm4_gcm
    ),
    pair_entry!(
        "aes-128-gcm",
        "AES-128-GCM",
        Kind::Aead,
        aes::Impl,
        ghash::Impl,
        "aes+ghash",
        bench_gcm::<16>
    ),
    pair_entry!(
        "aes-192-gcm",
        "AES-192-GCM",
        Kind::Aead,
        aes::Impl,
        ghash::Impl,
        "aes+ghash",
        bench_gcm::<24>
    ),
    pair_entry!(
        "aes-256-gcm",
        "AES-256-GCM",
        Kind::Aead,
        aes::Impl,
        ghash::Impl,
        "aes+ghash",
        bench_gcm::<32>
    ),
    entry!(
        "aes-128-ccm",
        [],
        "AES-128-CCM",
        Kind::Aead,
        16,
        1,
        aes::Impl,
        no_stream,
        bench_ccm::<16>
    ),
    entry!(
        "aes-192-ccm",
        [],
        "AES-192-CCM",
        Kind::Aead,
        16,
        1,
        aes::Impl,
        no_stream,
        bench_ccm::<24>
    ),
    entry!(
        "aes-256-ccm",
        [],
        "AES-256-CCM",
        Kind::Aead,
        16,
        1,
        aes::Impl,
        no_stream,
        bench_ccm::<32>
    ),
    pair_entry!(
        "gmac",
        "GMAC-AES-128",
        Kind::Mac,
        aes::Impl,
        ghash::Impl,
        "aes+ghash",
        bench_gmac
    ),
    entry!(
        "ghash",
        [],
        "GHASH",
        Kind::Mac,
        16,
        1,
        ghash::Impl,
        no_stream,
        bench_ghash
    ),
    entry!(
        "chacha20",
        [],
        "ChaCha20",
        Kind::Cipher,
        0,
        1,
        chacha20::Impl,
        no_stream,
        bench_chacha20
    ),
    entry!(
        "salsa20",
        [],
        "Salsa20",
        Kind::Cipher,
        0,
        1,
        salsa20::Impl,
        no_stream,
        bench_salsa20
    ),
    entry!(
        "poly1305",
        [],
        "Poly1305",
        Kind::Mac,
        16,
        1,
        poly1305::Impl,
        no_stream,
        bench_poly1305
    ),
    pair_entry!(
        "chacha20-poly1305",
        "ChaCha20-Poly1305",
        Kind::Aead,
        chacha20::Impl,
        poly1305::Impl,
        "chacha20+poly1305",
        bench_chacha20_poly1305
    ),
    pair_entry!(
        "xchacha20-poly1305",
        "XChaCha20-Poly1305",
        Kind::Aead,
        chacha20::Impl,
        poly1305::Impl,
        "chacha20+poly1305",
        bench_xchacha20_poly1305
    ),
    entry!(
        "cmac",
        ["cmac-aes-128", "aes-128-cmac"],
        "CMAC-AES-128",
        Kind::Mac,
        16,
        1,
        aes::Impl,
        no_stream,
        bench_cmac::<16>
    ),
    entry!(
        "cmac-aes-192",
        ["aes-192-cmac"],
        "CMAC-AES-192",
        Kind::Mac,
        16,
        1,
        aes::Impl,
        no_stream,
        bench_cmac::<24>
    ),
    entry!(
        "cmac-aes-256",
        ["aes-256-cmac"],
        "CMAC-AES-256",
        Kind::Mac,
        16,
        1,
        aes::Impl,
        no_stream,
        bench_cmac::<32>
    ),
    entry!(
        "hmac-many",
        ["hmac-sha256-many", "hmac-sha256-x16"],
        "HMAC-SHA2-256 x16",
        Kind::Many,
        32,
        MANY,
        sha256::many::Impl,
        no_stream,
        bench_hmac_many::<MANY>
    ),
    entry!(
        "hmac-many8",
        ["hmac-sha256-x8"],
        "HMAC-SHA2-256 x8",
        Kind::Many,
        32,
        MANY8,
        sha256::many::Impl,
        no_stream,
        bench_hmac_many::<MANY8>
    ),
    entry!(
        "mont1024",
        [],
        "1024-bit Montgomery product (64 a call)",
        Kind::PublicKey(MONT_OPS),
        0,
        MONT_CHAIN,
        mont::Impl,
        no_stream,
        bench_mont1024
    ),
    rsa!("rsa1024", "RSA-1024", 1024),
    rsa!("rsa2048", "RSA-2048", 2048),
    rsa!("rsa3072", "RSA-3072", 3072),
    rsa!("rsa4096", "RSA-4096", 4096),
    rsa!("rsa7680", "RSA-7680", 7680),
    rsa!("rsa15360", "RSA-15360", 15360),
    dsa!("dsa1024", "DSA-1024", 1024),
    dsa!("dsa2048", "DSA-2048", 2048),
    dsa!("dsa3072", "DSA-3072", 3072),
    Algorithm {
        name: "rsa2048-keygen",
        aliases: &[],
        label: "RSA-2048 key generation",
        kind: Kind::PublicKey(KEYGEN_OPS),
        output_len: 0,
        messages_per_call: 1,
        primitive: <mont::Impl as Backend>::PRIMITIVE,
        impls: keygen_impls,
        best: best::<mont::Impl>,
        stream: no_stream,
        size_multiple: 1,
        min_size: 0,
        bench: bench_keygen::<2048>,
    },
    entry!(
        "ecdhx25519",
        ["x25519"],
        "X25519",
        Kind::PublicKey(ECDH_OPS),
        0,
        1,
        curve25519::Impl,
        no_stream,
        bench_x25519
    ),
    entry!(
        "ed25519",
        [],
        "Ed25519",
        Kind::PublicKey(EDDSA_OPS),
        0,
        1,
        curve25519::Impl,
        no_stream,
        bench_ed25519
    ),
    entry!(
        "x25519-many",
        [],
        "X25519, 16 per call (x25519_many)",
        Kind::PublicKey(ECDH_OPS),
        0,
        X25519_MANY,
        curve25519::many::Impl,
        no_stream,
        bench_x25519_many
    ),
    entry!(
        "ed25519-batch",
        [],
        "Ed25519 batch verification, 64 per call",
        Kind::PublicKey(VERIFY_OPS),
        0,
        ED25519_BATCH,
        curve25519::Impl,
        no_stream,
        bench_ed25519_batch
    ),
    entry!(
        "x25519-keygen",
        [],
        "X25519 key generation",
        Kind::PublicKey(KEYGEN_OPS),
        0,
        1,
        curve25519::Impl,
        no_stream,
        bench_x25519_keygen
    ),
    entry!(
        "ed25519-keygen",
        [],
        "Ed25519 key generation",
        Kind::PublicKey(KEYGEN_OPS),
        0,
        1,
        curve25519::Impl,
        no_stream,
        bench_ed25519_keygen
    ),
    entry!(
        "ecdsap256",
        ["ecdsa-p256"],
        "ECDSA P-256",
        Kind::PublicKey(EDDSA_OPS),
        0,
        1,
        nist::Impl,
        no_stream,
        bench_ecdsa_p256
    ),
    entry!(
        "ecdhp256",
        ["ecdh-p256"],
        "ECDH P-256",
        Kind::PublicKey(ECDH_OPS),
        0,
        1,
        nist::Impl,
        no_stream,
        bench_ecdh_p256
    ),
    entry!(
        "ecdsap256-keygen",
        ["p256-keygen"],
        "P-256 key generation",
        Kind::PublicKey(KEYGEN_OPS),
        0,
        1,
        nist::Impl,
        no_stream,
        bench_keygen_p256
    ),
    entry!(
        "ecdsap384",
        ["ecdsa-p384"],
        "ECDSA P-384",
        Kind::PublicKey(EDDSA_OPS),
        0,
        1,
        nist::Impl,
        no_stream,
        bench_ecdsa_p384
    ),
    entry!(
        "ecdhp384",
        ["ecdh-p384"],
        "ECDH P-384",
        Kind::PublicKey(ECDH_OPS),
        0,
        1,
        nist::Impl,
        no_stream,
        bench_ecdh_p384
    ),
    entry!(
        "ecdsap384-keygen",
        ["p384-keygen"],
        "P-384 key generation",
        Kind::PublicKey(KEYGEN_OPS),
        0,
        1,
        nist::Impl,
        no_stream,
        bench_keygen_p384
    ),
    entry!(
        "ecdsap521",
        ["ecdsa-p521"],
        "ECDSA P-521",
        Kind::PublicKey(EDDSA_OPS),
        0,
        1,
        nist::portable::Impl,
        no_stream,
        bench_ecdsa_p521
    ),
    entry!(
        "ecdhp521",
        ["ecdh-p521"],
        "ECDH P-521",
        Kind::PublicKey(ECDH_OPS),
        0,
        1,
        nist::portable::Impl,
        no_stream,
        bench_ecdh_p521
    ),
    entry!(
        "ecdsap521-keygen",
        ["p521-keygen"],
        "P-521 key generation",
        Kind::PublicKey(KEYGEN_OPS),
        0,
        1,
        nist::portable::Impl,
        no_stream,
        bench_keygen_p521
    ),
];

/// The algorithm called `name` (or with that alias), case-insensitive.
pub fn find(name: &str) -> Option<&'static Algorithm> {
    ALGORITHMS.iter().find(|a| a.is_called(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pairing of two backends has its name in the tables (a new
    /// backend missing from them showed as "unknown").
    #[test]
    fn pair_tables_name_every_pairing() {
        for a in aes::Impl::ALL {
            for g in ghash::Impl::ALL {
                assert_ne!(pair_name(a.name(), g.name()), "unknown", "{a:?}+{g:?}");
            }
        }
        for c in chacha20::Impl::ALL {
            for p in poly1305::Impl::ALL {
                assert_ne!(pair_name(c.name(), p.name()), "unknown", "{c:?}+{p:?}");
            }
        }
    }

    #[test]
    fn names_are_unique() {
        let mut seen = Vec::new();
        for a in ALGORITHMS {
            for n in core::iter::once(&a.name).chain(a.aliases) {
                assert!(!seen.contains(n), "{n} twice");
                seen.push(n);
            }
        }
    }

    #[test]
    fn every_available_impl_streams_and_benches_alike() {
        for a in ALGORITHMS {
            let mut want = None;
            let mut want_stream = None;
            for s in a.impls() {
                let b = a.bench(s.name, &BenchOptions::default());
                assert_eq!(b.is_some(), s.available, "{} {}", a.name, s.name);
                if let Some(mut f) = b {
                    let mut msg = *b"registry, 32 bytes long message.";
                    let r = f(&mut msg);
                    assert_eq!(*want.get_or_insert(r), r, "{} {}", a.name, s.name);
                }
                if matches!(a.kind, Kind::Hash | Kind::Xof) {
                    let st = a.stream(s.name, &StreamOptions::default());
                    assert_eq!(st.is_ok(), s.available, "{} {}", a.name, s.name);
                    if let Ok(mut st) = st {
                        st.update(b"registry");
                        let d = st.finish();
                        assert_eq!(d.len(), a.output_len);
                        assert_eq!(want_stream.get_or_insert(d.clone()), &d);
                    }
                }
            }
            assert!(a.impls().iter().any(|s| s.name == a.best() && s.available));
        }
        assert!(find("SHA2-256").is_some());
        assert!(find("nope").is_none());
    }

    /// The `mont1024` row's chains give back their input on every kernel,
    /// alone and (on IFMA) paired; the pair is `None` elsewhere.
    #[test]
    fn mont_row_checks_its_chain() {
        let a = find("mont1024").unwrap();
        for s in a.impls().iter().filter(|s| s.available) {
            let o = |op| BenchOptions {
                op,
                ..BenchOptions::default()
            };
            let one = a.bench(s.name, &o(0)).unwrap()(&mut []);
            match a.bench(s.name, &o(1)) {
                Some(mut f) => {
                    assert!(s.name.starts_with("ifma"), "{}", s.name);
                    assert_eq!(f(&mut []), one, "{}", s.name);
                }
                None => assert!(!s.name.starts_with("ifma"), "{}", s.name),
            }
            // x + n past k limbs, and x >= n: refused, not a wrong value.
            let c = checked::<mont::Impl>(s.name).unwrap();
            let n = crate::bignum::Nat::from_limbs(&[u64::MAX - 2; 16]);
            let md = crate::bignum::Modulus::with_impl(&n, c).unwrap();
            let big = crate::bignum::Nat::from_limbs(&[u64::MAX - 4; 16]);
            assert!(
                md.bench_product_chain(&big, 1, false).is_none(),
                "{}",
                s.name
            );
            assert!(md.bench_product_chain(&n, 1, false).is_none(), "{}", s.name);
        }
    }

    /// The NIST-curve rows run on every kernel: signatures verify, ECDH
    /// and key generation give the same value twice.
    #[test]
    fn nist_rows_on_every_kernel() {
        use alloc::format;
        for bits in ["256", "384", "521"] {
            for (name, op) in [
                (format!("ecdsap{bits}"), 0),
                (format!("ecdsap{bits}"), 1),
                (format!("ecdhp{bits}"), 0),
                (format!("ecdsap{bits}-keygen"), 0),
            ] {
                let a = find(&name).unwrap();
                for s in a.impls().iter().filter(|s| s.available) {
                    let o = BenchOptions {
                        op,
                        ..BenchOptions::default()
                    };
                    let mut f = a.bench(s.name, &o).unwrap();
                    let r = f(&mut []);
                    if op == 1 {
                        assert_eq!(r, 1, "{name} verify on {}", s.name);
                    } else if !name.starts_with("ecdsa") || name.ends_with("keygen") {
                        assert_eq!(r, f(&mut []), "{name} {}: twice", s.name);
                    }
                }
            }
        }
    }

    /// The curve25519 rows compute RFC 7748's and RFC 8032's values on
    /// every kernel and operation: the shared secret (0x4a...), Alice's
    /// public key (0x85...), TEST 1's public key (0xd7...), and a
    /// signature that verifies.
    #[test]
    fn curve25519_rows_on_every_kernel() {
        for (name, op, want) in [
            ("ecdhx25519", 0, Some(0x4a)),
            ("x25519-keygen", 0, Some(0x85)),
            ("ed25519-keygen", 0, Some(0xd7)),
            ("ed25519", 0, None),
            ("ed25519", 1, Some(1)),
            ("x25519-many", 0, Some(0x4a)),
            ("ed25519-batch", 0, Some(1)),
        ] {
            let a = find(name).unwrap();
            let mut first = None;
            for s in a.impls().iter().filter(|s| s.available) {
                let o = BenchOptions {
                    op,
                    ..BenchOptions::default()
                };
                let mut f = a.bench(s.name, &o).unwrap();
                let r = f(&mut []);
                assert_eq!(r, f(&mut []), "{name} {}: twice", s.name);
                if let Some(w) = want {
                    assert_eq!(r, w, "{name} op {op} {}", s.name);
                }
                assert_eq!(*first.get_or_insert(r), r, "{name} op {op} {}", s.name);
            }
            assert!(first.is_some(), "{name}: no kernel ran");
            let ops = match a.kind {
                Kind::PublicKey(ops) => ops.len(),
                _ => panic!("{name} is not a public-key row"),
            };
            assert!(
                a.bench(
                    a.best(),
                    &BenchOptions {
                        op: ops,
                        ..BenchOptions::default()
                    }
                )
                .is_none()
            );
        }
    }

    #[test]
    fn stream_options_are_checked() {
        let sha = find("sha256").unwrap();
        let best = sha.best();
        let mac = sha
            .stream(
                best,
                &StreamOptions {
                    hmac_key: Some(b"key"),
                    xof_len: None,
                },
            )
            .unwrap();
        assert_eq!(
            mac.finish(),
            crate::mac::hmac::hmac::<Sha256>(b"key", b"").to_vec()
        );
        assert_eq!(
            sha.stream(
                best,
                &StreamOptions {
                    hmac_key: None,
                    xof_len: Some(5)
                }
            )
            .err(),
            Some(StreamError::NotXof)
        );
        assert_eq!(
            sha.stream("nonesuch", &StreamOptions::default()).err(),
            Some(StreamError::Unavailable)
        );
        let many = find("sha256-many").unwrap();
        assert_eq!(
            many.stream(best, &StreamOptions::default()).err(),
            Some(StreamError::NotStreamable)
        );
    }
}
