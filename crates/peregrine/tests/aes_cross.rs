//! AES and its modes: every accelerated backend against `soft`, and against
//! models written here from IEEE 1619 / SP 800-38A on top of soft's
//! single-block `Aes::encrypt_block`.
//!
//! - ECB, CBC, CTR (both counter widths), CFB and OFB at every length
//!   0..=321 and every block count to 72 (ECB and CBC: whole blocks), XTS
//!   at every length 16..=321, every block count to 72, and 1 KiB + 0..=15, all three key sizes (XTS: both), in place and out of
//!   place, at odd offsets, with guard bytes around every output.
//! - The streaming modes over random splits, and CMAC, against one shot.
//! - CTR counters just below the 32-, 64-, 96- and 128-bit boundaries, so
//!   the 32-block zmm and 16-block ymm VAES and 8-block AES-NI steps cross every carry at every
//!   position, against a counter model (`Ctr::new`: +i mod 2^128;
//!   `new_inc32`: the last four bytes +i mod 2^32, the rest fixed).
//! - XTS at 16..=64 bytes with 1000 random keys of each size and tweaks
//!   that carry, against an XTS model with ciphertext stealing, and
//!   decrypt(encrypt(x)) == x.
//! - The system `openssl` binary, when present (`enc` for CTR, CFB, OFB,
//!   CBC with and without padding, ECB; `mac` for CMAC), and for XTS, which
//!   `openssl enc` refuses, Python's `cryptography` (its own OpenSSL).
//! - Which backends ran: under `qemu-x86_64 -cpu Westmere-v1` aesni must
//!   run and vaes must not (`AES_CROSS_EXPECT=aesni,soft` makes a run
//!   assert its tier exactly).
//!
//! The soft reference is computed once per key on the longest message and
//! each shorter length compared with its prefix (ECB, CBC, CTR, CFB, OFB
//! have that property), so the slow portable backend does little work.

mod common;

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::{Command, Stdio};

use common::{Rng, accelerated, feed_split, for_each_impl, hex, to_hex};
use peregrine::cipher::aes::{Aes, Checked, Impl};
use peregrine::mac::cmac::Cmac;
use peregrine::mode::cbc::{CbcDecryptor, CbcEncryptor};
use peregrine::mode::cfb::Cfb;
use peregrine::mode::ctr::Ctr;
use peregrine::mode::ecb::Ecb;
use peregrine::mode::ofb::Ofb;
use peregrine::mode::xts::{Tweak, Xts};

type Block = [u8; 16];

const KEY_LENS: [usize; 3] = [16, 24, 32];
/// The longest message of the length tests: 72 blocks and a byte, past
/// two 32-block steps of the zmm VAES main loop and every tail.
const MAX_LEN: usize = 16 * 72 + 1;
/// Every length up to here is tested (20 blocks and a byte: past the
/// 16-block ymm VAES and 8-block AES-NI main loops and every tail); above
/// it, every block count with tails of 0, 1, 7 and 15 bytes.
const EVERY_LEN: usize = 16 * 20 + 1;

/// The lengths `from..=MAX_LEN` the length tests run.
fn lengths(from: usize) -> impl Iterator<Item = usize> {
    (from..=MAX_LEN).filter(|&l| l <= EVERY_LEN || matches!(l % 16, 0 | 1 | 7 | 15))
}
/// The longest whole-block message.
const MAX_WHOLE: usize = MAX_LEN / 16 * 16;
/// Keys of each size in the every-length tests.
const KEYS_PER_SIZE: usize = 2;

fn backends(test: &str) -> (Checked, Vec<Checked>) {
    let (soft, others) = accelerated::<Impl>();
    let names: Vec<_> = others.iter().map(|c| c.get().name()).collect();
    eprintln!("{test}: soft against {names:?}");
    (soft, others)
}

fn name(c: Checked) -> &'static str {
    c.get().name()
}

// ---------------------------------------------------------------------------
// Running a call in place and out of place, at odd offsets, with guards.

/// One cipher call's buffers.
enum Io<'a> {
    InPlace(&'a mut [u8]),
    To(&'a [u8], &'a mut [u8]),
}

/// The in-place methods return `()` or `Result<(), Error>`.
trait Done {
    fn done(self);
}
impl Done for () {
    fn done(self) {}
}
impl Done for Result<(), peregrine::Error> {
    fn done(self) {
        self.unwrap()
    }
}

/// Runs `$m.$in_place(args.., buf)` or `$m.$to(args.., src, dst)` on `$io`.
macro_rules! run {
    ($io:expr, $m:expr, $in_place:ident / $to:ident $(, $arg:expr)*) => {
        match $io {
            Io::InPlace(b) => Done::done($m.$in_place($($arg,)* b)),
            Io::To(s, d) => $m.$to($($arg,)* s, d).unwrap(),
        }
    };
}

const GUARD: u8 = 0xa5;

/// `data` at byte `off` of a Vec with guard bytes before and after.
fn placed(data: &[u8], off: usize) -> Vec<u8> {
    let mut v = vec![GUARD; off + data.len() + 17];
    v[off..off + data.len()].copy_from_slice(data);
    v
}

fn check_out(ctx: &str, how: &str, v: &[u8], off: usize, want: &[u8]) {
    let len = want.len();
    if v[off..off + len] != *want {
        let first = (0..len).find(|&i| v[off + i] != want[i]).unwrap();
        panic!(
            "{ctx}: {how}: wrong output from byte {first} (block {})\n got  {}\n want {}",
            first / 16,
            to_hex(&v[off..off + len]),
            to_hex(want)
        );
    }
    assert!(
        v[..off].iter().chain(&v[off + len..]).all(|&x| x == GUARD),
        "{ctx}: {how}: wrote outside its output"
    );
}

/// Offsets 1..=15 in turn, so that over the lengths every misalignment of
/// source and destination is hit.
fn offsets(len: usize) -> [usize; 3] {
    [1 + len % 15, 1 + (len + 5) % 15, 1 + (len * 7 + 11) % 15]
}

/// Checks that `f` turns `input` into `want`: in place at offset 0 and at
/// an odd offset, and out of place from and to odd offsets, writing nothing
/// outside its output and leaving an out-of-place input alone.
fn check_placed(ctx: &str, input: &[u8], want: &[u8], mut f: impl FnMut(Io<'_>)) {
    let len = input.len();
    assert_eq!(len, want.len());
    let [a, b, d] = offsets(len);
    for off in [0, a] {
        let mut v = placed(input, off);
        f(Io::InPlace(&mut v[off..off + len]));
        check_out(ctx, &format!("in place at offset {off}"), &v, off, want);
    }
    let src = placed(input, b);
    let mut dst = placed(&vec![0x3c; len], d);
    f(Io::To(&src[b..b + len], &mut dst[d..d + len]));
    check_out(
        ctx,
        &format!("out of place, offsets {b} -> {d}"),
        &dst,
        d,
        want,
    );
    assert_eq!(
        src,
        placed(input, b),
        "{ctx}: out of place changed its input"
    );
}

/// Runs a streaming cipher over `input` in the pieces cut at `cuts`,
/// alternately in place and out of place (at an odd offset).
fn stream(input: &[u8], cuts: &[usize], mut f: impl FnMut(Io<'_>)) -> Vec<u8> {
    let mut out = vec![0u8; input.len()];
    let mut at = 0;
    let mut k = 0;
    feed_split(input, cuts, |p| {
        let o = &mut out[at..at + p.len()];
        if k % 2 == 0 {
            o.copy_from_slice(p);
            f(Io::InPlace(o));
        } else {
            let src = placed(p, 1 + k % 15);
            f(Io::To(&src[1 + k % 15..][..p.len()], o));
        }
        at += p.len();
        k += 1;
    });
    out
}

/// Random cuts rounded down to whole blocks (for CBC).
fn block_cuts(rng: &mut Rng, len: usize) -> Vec<usize> {
    rng.splits(len).into_iter().map(|c| c / 16 * 16).collect()
}

fn block_at(v: &[u8], i: usize) -> Block {
    v[16 * i..16 * i + 16].try_into().unwrap()
}

fn iv16(v: &[u8]) -> Block {
    v.try_into().unwrap()
}

// ---------------------------------------------------------------------------
// ECB, CBC, CTR, CFB, OFB at every length.

#[test]
fn ecb_and_cbc_every_length_against_soft() {
    let (soft, others) = backends("ecb/cbc");
    let mut rng = Rng(0x5eed_ae5e);
    for klen in KEY_LENS {
        for _ in 0..KEYS_PER_SIZE {
            let key = rng.bytes(klen);
            let iv = iv16(&rng.bytes(16));
            // Plaintext for the encryptions, ciphertext for the decryptions.
            let x = rng.bytes(MAX_WHOLE);
            let se = Ecb::with_impl(&key, soft).unwrap();
            let mut ecb_enc = x.clone();
            se.encrypt(&mut ecb_enc).unwrap();
            let mut ecb_dec = x.clone();
            se.decrypt(&mut ecb_dec).unwrap();
            let mut cbc_enc = x.clone();
            CbcEncryptor::with_impl(&key, &iv, soft)
                .unwrap()
                .encrypt(&mut cbc_enc)
                .unwrap();
            let mut cbc_dec = x.clone();
            CbcDecryptor::with_impl(&key, &iv, soft)
                .unwrap()
                .decrypt(&mut cbc_dec)
                .unwrap();
            // Soft streaming against soft one shot.
            for _ in 0..3 {
                let cuts = block_cuts(&mut rng, MAX_WHOLE);
                let mut e = CbcEncryptor::with_impl(&key, &iv, soft).unwrap();
                assert_eq!(
                    stream(&x, &cuts, |io| run!(io, e, encrypt / encrypt_to)),
                    cbc_enc
                );
                let mut d = CbcDecryptor::with_impl(&key, &iv, soft).unwrap();
                assert_eq!(
                    stream(&x, &cuts, |io| run!(io, d, decrypt / decrypt_to)),
                    cbc_dec
                );
            }
            for &c in &others {
                let ecb = Ecb::with_impl(&key, c).unwrap();
                for len in (0..=MAX_WHOLE).step_by(16) {
                    let ctx = format!("{} aes-{} len {len}", name(c), klen * 8);
                    let input = &x[..len];
                    check_placed(
                        &format!("{ctx} ecb encrypt"),
                        input,
                        &ecb_enc[..len],
                        |io| run!(io, ecb, encrypt / encrypt_to),
                    );
                    check_placed(
                        &format!("{ctx} ecb decrypt"),
                        input,
                        &ecb_dec[..len],
                        |io| run!(io, ecb, decrypt / decrypt_to),
                    );
                    // The chaining value left behind: the last ciphertext
                    // block, or the IV.
                    let chain = |ct: &[u8]| {
                        if len == 0 {
                            iv
                        } else {
                            block_at(ct, len / 16 - 1)
                        }
                    };
                    check_placed(
                        &format!("{ctx} cbc encrypt"),
                        input,
                        &cbc_enc[..len],
                        |io| {
                            let mut e = CbcEncryptor::with_impl(&key, &iv, c).unwrap();
                            run!(io, e, encrypt / encrypt_to);
                            assert_eq!(e.iv(), chain(&cbc_enc), "{ctx} cbc encrypt iv()");
                        },
                    );
                    check_placed(
                        &format!("{ctx} cbc decrypt"),
                        input,
                        &cbc_dec[..len],
                        |io| {
                            let mut d = CbcDecryptor::with_impl(&key, &iv, c).unwrap();
                            run!(io, d, decrypt / decrypt_to);
                            assert_eq!(d.iv(), chain(&x), "{ctx} cbc decrypt iv()");
                        },
                    );
                    for _ in 0..2 {
                        let cuts = block_cuts(&mut rng, len);
                        let mut e = CbcEncryptor::with_impl(&key, &iv, c).unwrap();
                        let got = stream(input, &cuts, |io| run!(io, e, encrypt / encrypt_to));
                        assert_eq!(got, cbc_enc[..len], "{ctx} cbc encrypt cuts {cuts:?}");
                        let mut d = CbcDecryptor::with_impl(&key, &iv, c).unwrap();
                        let got = stream(input, &cuts, |io| run!(io, d, decrypt / decrypt_to));
                        assert_eq!(got, cbc_dec[..len], "{ctx} cbc decrypt cuts {cuts:?}");
                    }
                }
            }
        }
    }
}

#[test]
fn cbc_pkcs7_every_length_against_soft() {
    let (soft, others) = backends("cbc pkcs7");
    let mut rng = Rng(0x5eed_9ad7);
    for klen in KEY_LENS {
        let key = rng.bytes(klen);
        let iv = iv16(&rng.bytes(16));
        let x = rng.bytes(MAX_LEN);
        let mut body = x[..MAX_WHOLE].to_vec();
        CbcEncryptor::with_impl(&key, &iv, soft)
            .unwrap()
            .encrypt(&mut body)
            .unwrap();
        for len in lengths(0) {
            // The whole blocks are a prefix of `body`; the padded last
            // block continues the chain from there (one soft block).
            let m = len / 16;
            let chain = if m == 0 { iv } else { block_at(&body, m - 1) };
            let mut want = body[..16 * m].to_vec();
            want.extend(
                CbcEncryptor::with_impl(&key, &chain, soft)
                    .unwrap()
                    .encrypt_padded(&x[16 * m..len]),
            );
            assert_eq!(want.len(), 16 * m + 16);
            for &c in &others {
                let ctx = format!("{} aes-{} len {len}", name(c), klen * 8);
                let e = CbcEncryptor::with_impl(&key, &iv, c).unwrap();
                assert_eq!(e.encrypt_padded(&x[..len]), want, "{ctx} encrypt_padded");
                let off = offsets(len)[0];
                let mut v = placed(&x[..len], off);
                v.extend([GUARD; 16]);
                let room = &mut v[off..off + want.len()];
                let e = CbcEncryptor::with_impl(&key, &iv, c).unwrap();
                assert_eq!(e.encrypt_padded_in_place(room, len), Ok(want.len()));
                check_out(&ctx, "encrypt_padded_in_place", &v, off, &want);
                let mut v = placed(&want, off);
                let d = CbcDecryptor::with_impl(&key, &iv, c).unwrap();
                let got = d.decrypt_padded(&mut v[off..off + want.len()]);
                assert_eq!(got, Ok(len), "{ctx} decrypt_padded");
                assert_eq!(v[off..off + len], x[..len], "{ctx} decrypt_padded");
            }
        }
    }
}

/// The soft one-shot outputs of the byte-streaming modes over `x`.
struct StreamRefs {
    ctr: Vec<u8>,
    ctr32: Vec<u8>,
    cfb_enc: Vec<u8>,
    cfb_dec: Vec<u8>,
    ofb: Vec<u8>,
}

fn stream_refs(key: &[u8], iv: &Block, x: &[u8], soft: Checked) -> StreamRefs {
    let go = |f: &mut dyn FnMut(&mut [u8])| {
        let mut v = x.to_vec();
        f(&mut v);
        v
    };
    StreamRefs {
        ctr: go(&mut |b| Ctr::with_impl(key, iv, soft).unwrap().apply(b).unwrap()),
        ctr32: go(&mut |b| {
            Ctr::with_impl_inc32(key, iv, soft)
                .unwrap()
                .apply(b)
                .unwrap()
        }),
        cfb_enc: go(&mut |b| Cfb::with_impl(key, iv, soft).unwrap().encrypt(b)),
        cfb_dec: go(&mut |b| Cfb::with_impl(key, iv, soft).unwrap().decrypt(b)),
        ofb: go(&mut |b| Ofb::with_impl(key, iv, soft).unwrap().apply(b)),
    }
}

/// Checks every byte-streaming mode on `c` over `x[..len]`, one shot in
/// every placement and over two random splits, against `refs`.
fn check_stream_modes(
    ctx: &str,
    c: Checked,
    key: &[u8],
    iv: &Block,
    x: &[u8],
    refs: &StreamRefs,
    rng: &mut Rng,
) {
    let len = x.len();
    let blocks_used = len.div_ceil(16) as u128;
    let ctr_next = (u128::from_be_bytes(*iv).wrapping_add(blocks_used)).to_be_bytes();
    check_placed(&format!("{ctx} ctr"), x, &refs.ctr[..len], |io| {
        let mut m = Ctr::with_impl(key, iv, c).unwrap();
        run!(io, m, apply / apply_to);
        assert_eq!(m.counter(), ctr_next, "{ctx} ctr counter()");
    });
    check_placed(&format!("{ctx} ctr inc32"), x, &refs.ctr32[..len], |io| {
        run!(
            io,
            Ctr::with_impl_inc32(key, iv, c).unwrap(),
            apply / apply_to
        )
    });
    check_placed(
        &format!("{ctx} cfb encrypt"),
        x,
        &refs.cfb_enc[..len],
        |io| {
            run!(
                io,
                Cfb::with_impl(key, iv, c).unwrap(),
                encrypt / encrypt_to
            )
        },
    );
    check_placed(
        &format!("{ctx} cfb decrypt"),
        x,
        &refs.cfb_dec[..len],
        |io| {
            run!(
                io,
                Cfb::with_impl(key, iv, c).unwrap(),
                decrypt / decrypt_to
            )
        },
    );
    check_placed(&format!("{ctx} ofb"), x, &refs.ofb[..len], |io| {
        run!(io, Ofb::with_impl(key, iv, c).unwrap(), apply / apply_to)
    });
    for _ in 0..2 {
        let cuts = rng.splits(len);
        let ctx = format!("{ctx} cuts {cuts:?}");
        let mut m = Ctr::with_impl(key, iv, c).unwrap();
        let got = stream(x, &cuts, |io| run!(io, m, apply / apply_to));
        assert_eq!(got, refs.ctr[..len], "{ctx} ctr");
        assert_eq!(m.counter(), ctr_next, "{ctx} ctr counter()");
        let mut m = Ctr::with_impl_inc32(key, iv, c).unwrap();
        let got = stream(x, &cuts, |io| run!(io, m, apply / apply_to));
        assert_eq!(got, refs.ctr32[..len], "{ctx} ctr inc32");
        let mut m = Cfb::with_impl(key, iv, c).unwrap();
        let got = stream(x, &cuts, |io| run!(io, m, encrypt / encrypt_to));
        assert_eq!(got, refs.cfb_enc[..len], "{ctx} cfb encrypt");
        let mut m = Cfb::with_impl(key, iv, c).unwrap();
        let got = stream(x, &cuts, |io| run!(io, m, decrypt / decrypt_to));
        assert_eq!(got, refs.cfb_dec[..len], "{ctx} cfb decrypt");
        let mut m = Ofb::with_impl(key, iv, c).unwrap();
        let got = stream(x, &cuts, |io| run!(io, m, apply / apply_to));
        assert_eq!(got, refs.ofb[..len], "{ctx} ofb");
    }
}

#[test]
fn ctr_cfb_ofb_every_length_against_soft() {
    let (soft, others) = backends("ctr/cfb/ofb");
    let mut rng = Rng(0x5eed_c7f0);
    for klen in KEY_LENS {
        for _ in 0..KEYS_PER_SIZE {
            let key = rng.bytes(klen);
            let iv = iv16(&rng.bytes(16));
            let x = rng.bytes(MAX_LEN);
            let refs = stream_refs(&key, &iv, &x, soft);
            // Soft's own streaming against its one shot, on the full length.
            let mut r2 = Rng(rng.next_u64());
            check_stream_modes(
                &format!("soft aes-{} len {MAX_LEN}", klen * 8),
                soft,
                &key,
                &iv,
                &x,
                &refs,
                &mut r2,
            );
            for &c in &others {
                for len in lengths(0) {
                    let ctx = format!("{} aes-{} len {len}", name(c), klen * 8);
                    check_stream_modes(&ctx, c, &key, &iv, &x[..len], &refs, &mut rng);
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// CTR counter carries, against a model.

/// Counter block `i` after `iv`: +i mod 2^128 (`full`), or +i mod 2^32 in
/// the last four bytes only.
fn model_counter(iv: &Block, full: bool, i: u64) -> Block {
    if full {
        u128::from_be_bytes(*iv)
            .wrapping_add(u128::from(i))
            .to_be_bytes()
    } else {
        let mut b = *iv;
        let low = u32::from_be_bytes([b[12], b[13], b[14], b[15]]).wrapping_add(i as u32);
        b[12..].copy_from_slice(&low.to_be_bytes());
        b
    }
}

#[test]
fn ctr_counter_carries_against_model() {
    // Past two 32-block zmm steps; the carry lands at every position of
    // the first step (k up to 32) and at some of the second, whose counters
    // the zmm and ymm loops make while the first step runs.
    const BLOCKS: usize = 72;
    let (soft, others) = backends("ctr carries");
    let mut rng = Rng(0x5eed_ca55);
    let mut n = 0;
    // The low `bits` bits of the counter are 2^bits - 1 - k, the rest random.
    for bits in [32u32, 64, 96, 128] {
        for k in (0..=32u128).chain([33, 40, 47, 48, 63, 64, 70]) {
            let klen = KEY_LENS[n % 3];
            n += 1;
            let key = rng.bytes(klen);
            let high = u128::from_be_bytes(iv16(&rng.bytes(16)));
            let mask = if bits == 128 {
                u128::MAX
            } else {
                (1u128 << bits) - 1
            };
            let iv = ((high & !mask) | (mask - k)).to_be_bytes();
            let x = rng.bytes(16 * BLOCKS + 15);
            let aes = Aes::with_impl(&key, soft).unwrap();
            for full in [true, false] {
                // The model's output over all of `x`.
                let mut want = x.clone();
                for (i, chunk) in want.chunks_mut(16).enumerate() {
                    let mut ks = model_counter(&iv, full, i as u64);
                    aes.encrypt_block(&mut ks);
                    chunk.iter_mut().zip(ks).for_each(|(a, b)| *a ^= b);
                }
                let mk = |c: Checked| {
                    if full {
                        Ctr::with_impl(&key, &iv, c).unwrap()
                    } else {
                        Ctr::with_impl_inc32(&key, &iv, c).unwrap()
                    }
                };
                let width = if full { "128-bit" } else { "inc32" };
                // Soft itself against the model, once per counter.
                let mut got = x.clone();
                mk(soft).apply(&mut got).unwrap();
                assert_eq!(got, want, "soft ctr {width} iv {}", to_hex(&iv));
                for &c in &others {
                    let ctx = format!(
                        "{} aes-{} ctr {width} iv {}",
                        name(c),
                        klen * 8,
                        to_hex(&iv)
                    );
                    for nb in 0..=BLOCKS {
                        for len in [16 * nb, 16 * nb + 1 + nb % 15] {
                            let next = model_counter(&iv, full, len.div_ceil(16) as u64);
                            check_placed(
                                &format!("{ctx} len {len}"),
                                &x[..len],
                                &want[..len],
                                |io| {
                                    let mut m = mk(c);
                                    run!(io, m, apply / apply_to);
                                    assert_eq!(m.counter(), next, "{ctx} len {len}: counter()");
                                },
                            );
                        }
                    }
                    for _ in 0..4 {
                        let cuts = rng.splits(x.len());
                        let mut m = mk(c);
                        let got = stream(&x, &cuts, |io| run!(io, m, apply / apply_to));
                        assert_eq!(got, want, "{ctx} cuts {cuts:?}");
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// XTS.

/// IEEE 1619's tweak encoding: a sector number is little-endian.
fn tweak_bytes(t: Tweak) -> Block {
    match t {
        Tweak::Sector(n) => n.to_le_bytes(),
        Tweak::Raw(b) => b,
    }
}

/// Multiplication by x in GF(2^128), IEEE 1619 (little-endian bytes).
fn xts_mul_x(t: &Block) -> Block {
    let v = u128::from_le_bytes(*t);
    ((v << 1) ^ if v >> 127 == 1 { 0x87 } else { 0 }).to_le_bytes()
}

fn xor16(a: &Block, b: &Block) -> Block {
    core::array::from_fn(|i| a[i] ^ b[i])
}

/// XTS-AES encryption from IEEE 1619 section 5.3 (with ciphertext
/// stealing), on single soft blocks, of every data unit `p[..len]` for
/// `len` in 16..=p.len() at once: they share the tweaks and all but the
/// last two blocks. Returns the ciphertexts (index `len - 16`) and, per
/// length, whether the tweak doubling into the stolen block carried.
struct XtsModel {
    cts: Vec<Vec<u8>>,
    steal_carry: Vec<Option<bool>>,
}

fn xts_model(key: &[u8], soft: Checked, tweak: Tweak, p: &[u8]) -> XtsModel {
    let (k1, k2) = key.split_at(key.len() / 2);
    let (k1, k2) = (
        Aes::with_impl(k1, soft).unwrap(),
        Aes::with_impl(k2, soft).unwrap(),
    );
    let m = p.len() / 16;
    let mut t = vec![tweak_bytes(tweak)];
    k2.encrypt_block(&mut t[0]);
    for j in 0..m {
        let next = xts_mul_x(&t[j]);
        t.push(next);
    }
    // Each whole block under its own tweak.
    let full: Vec<Block> = (0..m)
        .map(|j| {
            let mut b = xor16(&block_at(p, j), &t[j]);
            k1.encrypt_block(&mut b);
            xor16(&b, &t[j])
        })
        .collect();
    let mut cts = Vec::new();
    let mut steal_carry = Vec::new();
    for len in 16..=p.len() {
        let (m, r) = (len / 16, len % 16);
        let mut c: Vec<u8> = full[..m].concat();
        if r == 0 {
            steal_carry.push(None);
        } else {
            // C_{m-1} = E_{T_m}(P_m || CC[r..]), C_m = CC[..r] with CC the
            // encryption of block m-1 under T_{m-1}.
            let cc = full[m - 1];
            let mut pp = cc;
            pp[..r].copy_from_slice(&p[16 * m..len]);
            let mut b = xor16(&pp, &t[m]);
            k1.encrypt_block(&mut b);
            c[16 * (m - 1)..].copy_from_slice(&xor16(&b, &t[m]));
            c.extend_from_slice(&cc[..r]);
            steal_carry.push(Some(t[m - 1][15] >> 7 == 1));
        }
        cts.push(c);
    }
    XtsModel { cts, steal_carry }
}

/// Tweaks of several kinds: random raw values, random sectors, and sectors
/// next to 2^64, 2^127 and 2^128 (encoding carries).
fn some_tweak(rng: &mut Rng, i: usize) -> Tweak {
    let wide = u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64());
    let near = rng.below(16) as u128;
    match i % 6 {
        0 => Tweak::Raw(wide.to_le_bytes()),
        1 => Tweak::Sector(wide),
        2 => Tweak::Sector((1u128 << 64) - 8 + near),
        3 => Tweak::Sector((1u128 << 127) - 8 + near),
        4 => Tweak::Sector(u128::MAX - near),
        _ => Tweak::Sector(near),
    }
}

/// A random XTS key of `len` bytes whose halves differ.
fn xts_key(rng: &mut Rng, len: usize) -> Vec<u8> {
    loop {
        let k = rng.bytes(len);
        if k[..len / 2] != k[len / 2..] {
            return k;
        }
    }
}

fn check_xts_len(ctx: &str, c: Checked, key: &[u8], tweak: Tweak, pt: &[u8], ct: &[u8]) {
    let xts = Xts::with_impl(key, c).unwrap();
    check_placed(&format!("{ctx} encrypt"), pt, ct, |io| {
        run!(io, xts, encrypt / encrypt_to, tweak)
    });
    check_placed(&format!("{ctx} decrypt"), ct, pt, |io| {
        run!(io, xts, decrypt / decrypt_to, tweak)
    });
}

#[test]
fn xts_every_length_against_soft() {
    let (soft, others) = backends("xts every length");
    let mut rng = Rng(0x5eed_0075);
    for klen in [32, 64] {
        for i in 0..KEYS_PER_SIZE {
            let key = xts_key(&mut rng, klen);
            let tweak = some_tweak(&mut rng, i);
            let x = rng.bytes(MAX_LEN);
            let model = xts_model(&key, soft, tweak, &x);
            let sx = Xts::with_impl(&key, soft).unwrap();
            for len in lengths(16) {
                let ctx = format!("aes-{}-xts {tweak:?} len {len}", klen * 4);
                let mut want = x[..len].to_vec();
                sx.encrypt(tweak, &mut want).unwrap();
                assert_eq!(want, model.cts[len - 16], "soft {ctx} against the model");
                for &c in &others {
                    check_xts_len(
                        &format!("{} {ctx}", name(c)),
                        c,
                        &key,
                        tweak,
                        &x[..len],
                        &want,
                    );
                }
            }
        }
        // The wide paths: 1 KiB and every tail after it.
        let key = xts_key(&mut rng, klen);
        let x = rng.bytes(1024 + 15);
        let tweak = some_tweak(&mut rng, 0);
        let model = xts_model(&key, soft, tweak, &x);
        let sx = Xts::with_impl(&key, soft).unwrap();
        for len in 1024..=1024 + 15 {
            let ctx = format!("aes-{}-xts {tweak:?} len {len}", klen * 4);
            let mut want = x[..len].to_vec();
            sx.encrypt(tweak, &mut want).unwrap();
            assert_eq!(want, model.cts[len - 16], "soft {ctx} against the model");
            for &c in &others {
                check_xts_len(
                    &format!("{} {ctx}", name(c)),
                    c,
                    &key,
                    tweak,
                    &x[..len],
                    &want,
                );
            }
        }
    }
}

/// 1000 random keys of `klen` bytes, each over every length 16..=64, on
/// every backend against the model (and, for the first keys, soft's own
/// `Xts` against the model).
fn xts_many_keys(klen: usize, seed: u64) {
    const KEYS: usize = 1000;
    const SOFT_KEYS: usize = 40;
    let (soft, others) = backends(&format!("xts {} keys", klen * 4));
    let mut rng = Rng(seed);
    let (mut carried, mut not) = (0usize, 0usize);
    for i in 0..KEYS {
        let key = xts_key(&mut rng, klen);
        let tweak = some_tweak(&mut rng, i);
        let x = rng.bytes(64);
        let model = xts_model(&key, soft, tweak, &x);
        for sc in model.steal_carry.iter().flatten() {
            if *sc {
                carried += 1;
            } else {
                not += 1;
            }
        }
        let mut run_on = others.clone();
        if i < SOFT_KEYS {
            run_on.push(soft);
        }
        for &c in &run_on {
            let xts = Xts::with_impl(&key, c).unwrap();
            for len in 16..=64 {
                let ctx = format!(
                    "{} aes-{}-xts key #{i} {tweak:?} len {len}",
                    name(c),
                    klen * 4
                );
                let want = &model.cts[len - 16];
                // In place or out of place, at an odd offset, by turns.
                let off = 1 + (i + len) % 15;
                let mut v = placed(&x[..len], off);
                if (i + len) % 2 == 0 {
                    xts.encrypt(tweak, &mut v[off..off + len]).unwrap();
                } else {
                    let mut d = placed(&vec![0; len], off);
                    xts.encrypt_to(tweak, &x[..len], &mut d[off..off + len])
                        .unwrap();
                    v = d;
                }
                check_out(&ctx, "encrypt", &v, off, want);
                xts.decrypt(tweak, &mut v[off..off + len]).unwrap();
                check_out(&ctx, "decrypt(encrypt(x))", &v, off, &x[..len]);
            }
        }
    }
    eprintln!(
        "xts {} keys: stolen-block tweak carried {carried} times, not {not}",
        klen * 4
    );
    // Both cases of the carry into the stolen block's tweak were hit often.
    assert!(carried > KEYS * 10 && not > KEYS * 10, "{carried} / {not}");
}

#[test]
fn xts_128_short_lengths_1000_keys() {
    xts_many_keys(32, 0x5eed_1000_0128);
}

#[test]
fn xts_256_short_lengths_1000_keys() {
    xts_many_keys(64, 0x5eed_1000_0256);
}

// ---------------------------------------------------------------------------
// CMAC.

#[test]
fn cmac_every_length_against_soft() {
    let (soft, others) = backends("cmac");
    let mut rng = Rng(0x5eed_c3ac);
    let data = rng.bytes(MAX_LEN + 16);
    for len in lengths(0) {
        let klen = KEY_LENS[len % 3];
        let key = rng.bytes(klen);
        // Odd starting points too.
        let msg = &data[len % 16..len % 16 + len];
        let mut m = Cmac::with_impl(&key, soft).unwrap();
        m.update(msg);
        let want = m.finalize();
        if len % 8 == 0 {
            let mut m = Cmac::with_impl(&key, soft).unwrap();
            feed_split(msg, &rng.splits(len), |p| m.update(p));
            assert_eq!(
                m.finalize(),
                want,
                "soft cmac aes-{} len {len} split",
                klen * 8
            );
        }
        for &c in &others {
            let ctx = format!("{} cmac aes-{} len {len}", name(c), klen * 8);
            let mut m = Cmac::with_impl(&key, c).unwrap();
            m.update(msg);
            assert_eq!(m.finalize(), want, "{ctx}");
            for _ in 0..3 {
                let cuts = rng.splits(len);
                let mut m = Cmac::with_impl(&key, c).unwrap();
                feed_split(msg, &cuts, |p| m.update(p));
                let twin = m.clone();
                assert_eq!(m.finalize(), want, "{ctx} cuts {cuts:?}");
                assert_eq!(twin.verify(&want), Ok(()), "{ctx} verify");
            }
            let mut bad = want;
            bad[len % 16] ^= 1 << (len % 8);
            let mut m = Cmac::with_impl(&key, c).unwrap();
            m.update(msg);
            assert!(
                m.clone().verify(&bad).is_err(),
                "{ctx} verify of a wrong tag"
            );
            assert_eq!(
                m.verify_truncated(&want[..8]),
                Ok(()),
                "{ctx} verify_truncated"
            );
        }
    }
}

// ---------------------------------------------------------------------------
// Which backends run.

#[test]
fn backends_that_run_here() {
    // FIPS 197 appendix C.1, C.2, C.3.
    let pt = hex("00112233445566778899aabbccddeeff");
    let cases = [
        (
            "000102030405060708090a0b0c0d0e0f",
            "69c4e0d86a7b0430d8cdb78070b4c55a",
        ),
        (
            "000102030405060708090a0b0c0d0e0f1011121314151617",
            "dda97ca4864cdfe06eaf70a0ec0d7191",
        ),
        (
            "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
            "8ea2b7ca516745bfeafc49904b496089",
        ),
    ];
    let ran = for_each_impl::<Impl>("aes backends", |c| {
        for (k, ct) in cases {
            let aes = Aes::with_impl(&hex(k), c).unwrap();
            assert_eq!(aes.backend(), c.get());
            let mut b = iv16(&pt);
            aes.encrypt_block(&mut b);
            assert_eq!(to_hex(&b), ct, "{} FIPS 197 C", name(c));
        }
    });
    let (_, others) = accelerated::<Impl>();
    let mut names: Vec<_> = others.iter().map(|c| name(*c)).collect();
    names.push("soft");
    assert_eq!(ran, names, "accelerated() and for_each_impl disagree");
    #[cfg(target_arch = "x86_64")]
    if std::env::var_os("PEREGRINE_CPU").is_none() {
        use common::std_has;
        use peregrine::cpu::Feature as F;
        let aesni = [F::Sse2, F::Ssse3, F::Sse41, F::Aes]
            .into_iter()
            .all(std_has);
        let vaes = aesni && [F::Avx, F::Avx2, F::Vaes].into_iter().all(std_has);
        eprintln!("aes backends: std sees aes-ni {aesni}, vaes+avx2 {vaes}");
        assert_eq!(
            ran.contains(&"aesni"),
            aesni,
            "aesni must run exactly when the CPU has it"
        );
        assert_eq!(
            ran.contains(&"vaes"),
            vaes,
            "vaes must run exactly when the CPU has it"
        );
    }
    // The tier a run is meant for, e.g. AES_CROSS_EXPECT=aesni,soft under
    // `qemu-x86_64 -cpu Westmere-v1`.
    if let Ok(want) = std::env::var("AES_CROSS_EXPECT") {
        assert_eq!(ran.join(","), want, "AES_CROSS_EXPECT");
    }
}

// ---------------------------------------------------------------------------
// Against the system `openssl enc`.

/// `program args..` over `input` on stdin; its stdout, or `None` when the
/// program (or, for python3, the module `needs`) is not installed.
fn tool(program: &str, args: &[&str], input: &[u8], needs: &str) -> Option<Vec<u8>> {
    let child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
        Err(e) => panic!("{program}: {e}"),
    };
    let mut stdin = child.stdin.take().unwrap();
    let data = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&data));
    let out = child.wait_with_output().unwrap();
    let wrote = writer.join().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    if !needs.is_empty() && err.contains("ModuleNotFoundError") && err.contains(needs) {
        return None;
    }
    assert!(out.status.success(), "{program} {}: {err}", args.join(" "));
    wrote.unwrap();
    Some(out.stdout)
}

/// XTS through Python's `cryptography` (its own OpenSSL build): `openssl
/// enc` refuses XTS ("enc XTS ciphers not supported").
const PY_XTS: &str = "import sys\n\
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes\n\
k, t = bytes.fromhex(sys.argv[1]), bytes.fromhex(sys.argv[2])\n\
e = Cipher(algorithms.AES(k), modes.XTS(t)).encryptor()\n\
sys.stdout.buffer.write(e.update(sys.stdin.buffer.read()) + e.finalize())\n";

#[test]
fn against_openssl() {
    let (soft, others) = accelerated::<Impl>();
    let mut all = vec![soft];
    all.extend(others);
    let mut rng = Rng(0x5eed_055e);
    let (mut log, mut xts_skipped) = (String::new(), false);
    let lens = [1usize, 15, 16, 17, 47, 100, 273, 1029];
    for (i, &len) in lens.iter().enumerate() {
        let klen = KEY_LENS[i % 3];
        let bits = klen * 8;
        let key = rng.bytes(klen);
        // A random counter, or one two blocks below the 2^128 wrap.
        let iv: Block = if i % 2 == 0 {
            iv16(&rng.bytes(16))
        } else {
            (u128::MAX - 1).to_be_bytes()
        };
        let x = rng.bytes(len);
        let (kh, ivh) = (to_hex(&key), to_hex(&iv));
        let enc = |mode: &str, pad: bool, input: &[u8]| {
            let cipher = format!("-aes-{bits}-{mode}");
            let mut args = vec!["enc", cipher.as_str(), "-e", "-K", kh.as_str()];
            if mode != "ecb" {
                args.extend(["-iv", ivh.as_str()]);
            }
            if !pad {
                args.push("-nopad");
            }
            tool("openssl", &args, input, "")
        };
        let Some(want_ctr) = enc("ctr", false, &x) else {
            eprintln!("openssl: no `openssl` binary on PATH; skipped");
            return;
        };
        let want_cfb = enc("cfb", false, &x).unwrap();
        let want_ofb = enc("ofb", false, &x).unwrap();
        let want_cbc_pad = enc("cbc", true, &x).unwrap();
        let whole = &x[..len / 16 * 16];
        let want_cbc = enc("cbc", false, whole).unwrap();
        let want_ecb = enc("ecb", false, whole).unwrap();
        let cipher = format!("AES-{bits}-CBC");
        let macopt = format!("hexkey:{kh}");
        let mac_args = ["mac", "-cipher", &cipher, "-macopt", &macopt, "CMAC"];
        let want_cmac = tool("openssl", &mac_args, &x, "").unwrap();
        let want_cmac = String::from_utf8(want_cmac).unwrap().trim().to_lowercase();
        for &c in &all {
            let ctx = format!("{} aes-{bits} len {len} iv {ivh}", name(c));
            let go = |f: &mut dyn FnMut(&mut [u8]), input: &[u8]| {
                let mut v = input.to_vec();
                f(&mut v);
                v
            };
            let got = go(
                &mut |b| Ctr::with_impl(&key, &iv, c).unwrap().apply(b).unwrap(),
                &x,
            );
            assert_eq!(got, want_ctr, "{ctx} ctr");
            let got = go(
                &mut |b| Cfb::with_impl(&key, &iv, c).unwrap().encrypt(b),
                &x,
            );
            assert_eq!(got, want_cfb, "{ctx} cfb");
            let got = go(&mut |b| Ofb::with_impl(&key, &iv, c).unwrap().apply(b), &x);
            assert_eq!(got, want_ofb, "{ctx} ofb");
            let e = CbcEncryptor::with_impl(&key, &iv, c).unwrap();
            assert_eq!(e.encrypt_padded(&x), want_cbc_pad, "{ctx} cbc pkcs7");
            let got = go(
                &mut |b| {
                    CbcEncryptor::with_impl(&key, &iv, c)
                        .unwrap()
                        .encrypt(b)
                        .unwrap()
                },
                whole,
            );
            assert_eq!(got, want_cbc, "{ctx} cbc");
            let got = go(
                &mut |b| Ecb::with_impl(&key, c).unwrap().encrypt(b).unwrap(),
                whole,
            );
            assert_eq!(got, want_ecb, "{ctx} ecb");
            let mut m = Cmac::with_impl(&key, c).unwrap();
            m.update(&x);
            assert_eq!(to_hex(&m.finalize()), want_cmac, "{ctx} cmac");
        }
        // XTS, 128 and 256 by turns, the raw tweak as the IV.
        if len >= 16 && !xts_skipped {
            let xlen = if i % 2 == 0 { 32 } else { 64 };
            let xkey = xts_key(&mut rng, xlen);
            let xk = to_hex(&xkey);
            let args = ["-c", PY_XTS, xk.as_str(), ivh.as_str()];
            match tool("python3", &args, &x, "cryptography") {
                None => {
                    eprintln!("openssl: no python3 with `cryptography` for XTS; XTS skipped");
                    xts_skipped = true;
                }
                Some(want) => {
                    for &c in &all {
                        let mut got = x.clone();
                        Xts::with_impl(&xkey, c)
                            .unwrap()
                            .encrypt(Tweak::Raw(iv), &mut got)
                            .unwrap();
                        assert_eq!(got, want, "{} aes-{}-xts len {len}", name(c), xlen * 4);
                    }
                    write!(log, " xts{}", xlen * 4).unwrap();
                }
            }
        }
        write!(log, " {len}").unwrap();
    }
    let names: Vec<_> = all.iter().map(|c| name(*c)).collect();
    eprintln!("openssl: agreed on lengths{log} on {names:?}");
}
