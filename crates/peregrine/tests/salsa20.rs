//! Salsa20/20, HSalsa20 and XSalsa20 on every backend.
//!
//! - Known answers, every vector on every backend the CPU can run: eSTREAM
//!   Salsa20/20 keystream vectors (`vectors/salsa20/estream.txt`: 256-bit
//!   Set 1 #0, #9, #18, #27, #36, Set 3 #72, #243, Set 5 #0, Set 6 #0, and
//!   three 128-bit ones), their 512-byte windows and XOR digests, through
//!   one call, byte by byte, and by seeking with the block counter; NaCl's
//!   HSalsa20 and XSalsa20 example (`vectors/salsa20/xsalsa20-nacl.txt`).
//!   The quarter-round examples of the specification are a unit test in
//!   `soft.rs`.
//! - Every accelerated backend against `soft`: every length 0..=2561 (two
//!   16-block AVX-512 zmm strides, then every tail up to a third stride
//!   and a byte: the zmm steps' and the 8-block steps' tails alike), in
//!   place and out of place at odd offsets, for counters below and across
//!   the 32-bit carry into word 9 (in lanes of the first and the second
//!   zmm step) and at the very end of the 64-bit counter (where the call
//!   must fail, write nothing, and exactly there).
//! - Streaming: random splits and clones mid-stream equal one call.

mod common;

use common::{Rng, accelerated, feed_split, for_each_impl, get, hex, parse_blocks};
use peregrine::Error;
use peregrine::cipher::salsa20::{Checked, Impl, Salsa20, XSalsa20, hsalsa20};

const MAX_LEN: usize = 2 * 1024 + 512 + 1;
const GUARD: u8 = 0xa5;

fn name(c: Checked) -> &'static str {
    c.get().name()
}

fn keystream(key: &[u8], iv: &[u8], ctr: u64, len: usize, c: Checked) -> Vec<u8> {
    let mut out = vec![0u8; len];
    Salsa20::from_slices(key, iv, ctr, c)
        .unwrap()
        .apply(&mut out)
        .unwrap();
    out
}

#[test]
fn estream_vectors() {
    let file = "salsa20/estream.txt";
    for_each_impl::<Impl>(file, |c| {
        let mut n = 0;
        let mut digests = 0;
        for b in parse_blocks(file) {
            let (Some(count), Some(key), Some(iv)) =
                (get(&b, "COUNT"), get(&b, "KEY"), get(&b, "IV"))
            else {
                continue;
            };
            let (key, iv) = (hex(key), hex(iv));
            let what = format!("{file} COUNT={count} on {}", name(c));
            let full = keystream(&key, &iv, 0, 512, c);
            // Byte by byte gives the same stream.
            let mut s = Salsa20::from_slices(&key, &iv, 0, c).unwrap();
            let mut bytewise = vec![0u8; 512];
            for x in bytewise.chunks_mut(1) {
                s.apply(x).unwrap();
            }
            assert_eq!(bytewise, full, "{what}: byte by byte");
            let mut ranges = 0;
            for (k, v) in &b {
                let Some(r) = k.strip_prefix("STREAM_") else {
                    continue;
                };
                let (a, z) = r.split_once('_').unwrap();
                let (a, z): (usize, usize) = (a.parse().unwrap(), z.parse().unwrap());
                let want = hex(v);
                assert_eq!(want.len(), z + 1 - a, "{what}: {k}");
                assert_eq!(&full[a..=z], &want[..], "{what}: {k}");
                // Seeking with the block counter gives the same bytes.
                if a % 64 == 0 {
                    let seek = keystream(&key, &iv, (a / 64) as u64, want.len(), c);
                    assert_eq!(seek, want, "{what}: {k} by counter");
                }
                ranges += 1;
            }
            assert!(ranges > 0, "{what}");
            if let Some(d) = get(&b, "XOR_DIGEST") {
                let mut x = [0u8; 64];
                for blk in full.chunks(64) {
                    for (x, b) in x.iter_mut().zip(blk) {
                        *x ^= b;
                    }
                }
                assert_eq!(x.to_vec(), hex(d), "{what}: xor digest");
                digests += 1;
            }
            // Decryption is the same operation, out of place.
            let pt: Vec<u8> = (0..300u32).map(|i| (i * 7) as u8).collect();
            let mut ct = vec![0u8; pt.len()];
            Salsa20::from_slices(&key, &iv, 0, c)
                .unwrap()
                .apply_to(&pt, &mut ct)
                .unwrap();
            let want: Vec<u8> = pt.iter().zip(&full).map(|(p, k)| p ^ k).collect();
            assert_eq!(ct, want, "{what}: out of place");
            n += 1;
        }
        assert_eq!(n, 12, "{file}");
        assert_eq!(digests, 3, "{file}");
    });
}

#[test]
fn best_backend_constructors() {
    let key = hex("8000000000000000000000000000000000000000000000000000000000000000");
    let key: [u8; 32] = key.try_into().unwrap();
    let mut buf = [0u8; 64];
    let mut s = Salsa20::new(&key, &[0; 8]);
    s.apply(&mut buf).unwrap();
    assert_eq!(buf[..8], hex("e3be8fdd8beca2e3")[..]);
    assert_eq!(s.backend(), Impl::best().get());
    let mut buf = [0u8; 64];
    Salsa20::with_counter(&key, &[0; 8], 3)
        .apply(&mut buf)
        .unwrap();
    assert_eq!(buf[..8], hex("57be81f47b17d9ae")[..]);
}

#[test]
fn nacl_hsalsa20_and_xsalsa20() {
    let file = "salsa20/xsalsa20-nacl.txt";
    let mut h = 0;
    for b in parse_blocks(file) {
        if let (Some(key), Some(input), Some(out)) =
            (get(&b, "KEY"), get(&b, "INPUT"), get(&b, "OUTPUT"))
        {
            let key: [u8; 32] = hex(key).try_into().unwrap();
            let input: [u8; 16] = hex(input).try_into().unwrap();
            assert_eq!(hsalsa20(&key, &input).to_vec(), hex(out));
            h += 1;
        }
    }
    assert_eq!(h, 1);
    for_each_impl::<Impl>(file, |c| {
        let mut n = 0;
        for b in parse_blocks(file) {
            let (Some(key), Some(nonce), Some(pt), Some(ct)) = (
                get(&b, "KEY"),
                get(&b, "NONCE"),
                get(&b, "PLAINTEXT"),
                get(&b, "CIPHERTEXT"),
            ) else {
                continue;
            };
            let key: [u8; 32] = hex(key).try_into().unwrap();
            let nonce: [u8; 24] = hex(nonce).try_into().unwrap();
            let (pt, ct) = (hex(pt), hex(ct));
            let what = format!("{file} on {}", name(c));
            let mut out = vec![0u8; pt.len()];
            let mut x = XSalsa20::with_impl(&key, &nonce, 0, c);
            assert_eq!(x.backend(), c.get());
            x.apply_to(&pt, &mut out).unwrap();
            assert_eq!(out, ct, "{what}: out of place");
            let mut buf = pt.clone();
            let mut x = XSalsa20::from_slices(&key, &nonce, 0, c).unwrap();
            for piece in buf.chunks_mut(7) {
                x.apply(piece).unwrap();
            }
            assert_eq!(buf, ct, "{what}: in pieces");
            // The same as Salsa20 with the HSalsa20 subkey.
            let sub = hsalsa20(&key, nonce[..16].try_into().unwrap());
            let mut via = pt.clone();
            Salsa20::with_impl(&sub, nonce[16..].try_into().unwrap(), 0, c)
                .apply(&mut via)
                .unwrap();
            assert_eq!(via, ct, "{what}: via hsalsa20");
            let mut best = pt.clone();
            XSalsa20::new(&key, &nonce).apply(&mut best).unwrap();
            assert_eq!(best, ct, "{what}: best backend");
            n += 1;
        }
        assert_eq!(n, 1);
    });
}

/// Whether `len` bytes fit below counter 2^64 from counter `ctr`.
fn fits(ctr: u64, len: usize) -> bool {
    len.div_ceil(64) as u128 <= (1u128 << 64) - u128::from(ctr)
}

/// Runs one call over `src` (in place or out of place at offsets
/// `so`/`do_`), checking guards, and returns the output or the error.
fn one_call(
    mut s: Salsa20,
    src: &[u8],
    in_place: bool,
    so: usize,
    do_: usize,
) -> Result<Vec<u8>, Error> {
    let len = src.len();
    if in_place {
        let mut buf = vec![GUARD; so + len + 16];
        buf[so..so + len].copy_from_slice(src);
        let r = s.apply(&mut buf[so..so + len]);
        assert!(
            buf[..so]
                .iter()
                .chain(&buf[so + len..])
                .all(|&b| b == GUARD),
            "guard"
        );
        match r {
            Ok(()) => Ok(buf[so..so + len].to_vec()),
            Err(e) => {
                assert_eq!(&buf[so..so + len], src, "error must leave data untouched");
                Err(e)
            }
        }
    } else {
        let mut inb = vec![0u8; so + len];
        inb[so..].copy_from_slice(src);
        let mut out = vec![GUARD; do_ + len + 16];
        let r = s.apply_to(&inb[so..], &mut out[do_..do_ + len]);
        assert!(
            out[..do_]
                .iter()
                .chain(&out[do_ + len..])
                .all(|&b| b == GUARD),
            "guard"
        );
        match r {
            Ok(()) => Ok(out[do_..do_ + len].to_vec()),
            Err(e) => {
                assert!(out.iter().all(|&b| b == GUARD), "error must write nothing");
                Err(e)
            }
        }
    }
}

#[test]
fn every_length_and_counter_against_soft() {
    let (soft, others) = accelerated::<Impl>();
    eprintln!(
        "soft against {:?}",
        others.iter().map(|c| name(*c)).collect::<Vec<_>>()
    );
    let mut rng = Rng(0x05a1_5a20);
    // Across the carry from word 8 into word 9 at every lane, and the end
    // of the 64-bit counter.
    let mut counters: Vec<u64> = vec![
        0,
        (1 << 32) - 1,
        (1 << 32) - 3,
        (1 << 32) - 7,
        (1 << 32) - 13,
        (2 << 32) - 21,
        u64::MAX,
        u64::MAX - 9,
    ];
    counters.push(rng.next_u64());
    let mut errors = 0;
    for &ctr in &counters {
        let key: [u8; 32] = rng.bytes(32).try_into().unwrap();
        let nonce: [u8; 8] = rng.bytes(8).try_into().unwrap();
        let msg = rng.bytes(MAX_LEN);
        let longest = (0..=MAX_LEN).rev().find(|&l| fits(ctr, l)).unwrap();
        let mut reference = msg[..longest].to_vec();
        Salsa20::with_impl(&key, &nonce, ctr, soft)
            .apply(&mut reference)
            .unwrap();
        for len in 0..=MAX_LEN {
            let src = &msg[..len];
            for &c in others.iter().chain([&soft]) {
                let in_place = rng.below(2) == 0;
                let so = rng.below(16);
                let do_ = 1 + 2 * rng.below(8);
                let s = Salsa20::with_impl(&key, &nonce, ctr, c);
                let got = one_call(s, src, in_place, so, do_);
                if fits(ctr, len) {
                    let got =
                        got.unwrap_or_else(|e| panic!("{} ctr={ctr:#x} len={len}: {e}", name(c)));
                    assert_eq!(
                        got,
                        reference[..len],
                        "{} ctr={ctr:#x} len={len} in_place={in_place} so={so} do={do_}",
                        name(c)
                    );
                } else {
                    assert!(
                        matches!(got, Err(Error::LimitExceeded { .. })),
                        "{} ctr={ctr:#x} len={len}: must refuse",
                        name(c)
                    );
                    errors += 1;
                }
            }
        }
    }
    assert!(errors > 0);
}

#[test]
fn counter_carries_into_the_high_word() {
    // The block at counter 2^32 is word 8 = 0, word 9 = 1: the same whether
    // reached by seeking or by running across the carry, on every backend.
    for_each_impl::<Impl>("counter carry", |c| {
        let key = [9u8; 32];
        let nonce = [3u8; 8];
        let mut at = [0u8; 64];
        Salsa20::with_impl(&key, &nonce, 1 << 32, c)
            .apply(&mut at)
            .unwrap();
        let mut run = vec![0u8; 64 * 20];
        Salsa20::with_impl(&key, &nonce, (1 << 32) - 9, c)
            .apply(&mut run)
            .unwrap();
        assert_eq!(&run[64 * 9..64 * 10], &at[..], "{}", name(c));
        // And it is not the block at counter 0 (no 32-bit wrap).
        let mut zero = [0u8; 64];
        Salsa20::with_impl(&key, &nonce, 0, c)
            .apply(&mut zero)
            .unwrap();
        assert_ne!(zero, at);
    });
}

#[test]
fn streaming_splits_and_clones_equal_one_call() {
    let (soft, _) = accelerated::<Impl>();
    let mut rng = Rng(0x5eed_5a15);
    for_each_impl::<Impl>("streaming", |c| {
        for _ in 0..200 {
            let len = rng.below(MAX_LEN + 1);
            let key: [u8; 32] = rng.bytes(32).try_into().unwrap();
            let nonce: [u8; 8] = rng.bytes(8).try_into().unwrap();
            let msg = rng.bytes(len);
            let mut want = msg.clone();
            Salsa20::with_impl(&key, &nonce, 0, soft)
                .apply(&mut want)
                .unwrap();
            let cuts = rng.splits(len);
            let mut s = Salsa20::with_impl(&key, &nonce, 0, c);
            let mut got = Vec::with_capacity(len);
            let mut clone_at = None;
            feed_split(&msg, &cuts, |p| {
                let mut b = p.to_vec();
                s.apply(&mut b).unwrap();
                got.extend_from_slice(&b);
                if clone_at.is_none() {
                    clone_at = Some((got.len(), s.clone()));
                }
            });
            assert_eq!(got, want, "{} len={len} cuts={cuts:?}", name(c));
            let (at, mut cl) = clone_at.unwrap();
            let mut rest = msg[at..].to_vec();
            cl.apply(&mut rest).unwrap();
            assert_eq!(rest, want[at..], "{} clone at {at}", name(c));
        }
    });
}

#[test]
fn names_and_debug() {
    let names: Vec<_> = Impl::ALL.iter().map(|i| i.name()).collect();
    assert_eq!(
        names,
        ["avx512", "avx512vl", "avx2", "sse2", "neon", "soft"]
    );
    let s = Salsa20::new(&[1; 32], &[2; 8]);
    let d = format!("{s:?}");
    assert!(d.contains("backend") && !d.contains("state"), "{d}");
}
