//! ChaCha20 (RFC 8439), HChaCha20 and XChaCha20 (draft-irtf-cfrg-xchacha-03)
//! on every backend.
//!
//! - Known answers, every vector on every backend the CPU can run: RFC 8439
//!   sections 2.3.2 and 2.4.2 and appendix A.1 (`vectors/chacha20/
//!   rfc8439.txt`), appendix A.2 (`rfc7539.txt`, the same vectors in RFC
//!   7539), and the draft's HChaCha20 (section 2.2.1) and XChaCha20
//!   keystream vectors (appendix A.3.2, counters 0 and 1). Each one in
//!   place, out of place and byte by byte. The quarter-round vectors of
//!   sections 2.1.1 and 2.2.1 are unit tests in `soft.rs` (the quarter round
//!   is not public).
//! - Every accelerated backend against `soft`: every length 0..=641 (ten
//!   blocks and a byte: past the 8-block AVX2 step, the 4-block steps and
//!   every tail), in place and out of place at odd offsets with guard bytes
//!   around the output, for random counters and for every counter 0..=20
//!   blocks below 2^32 (so the 8- and 4-lane counters wrap at every lane).
//!   Where the data would need counter 2^32 the call must fail and leave
//!   the data alone, and exactly there.
//! - The AVX-512 strides at both widths (`avx512`, `avx512vl`): every
//!   length 0..=1100 and some multi-KiB ones against `soft`, at counters
//!   where every lane width wraps.
//! - Streaming: random splits and clones mid-stream equal one call.
//! - `CHACHA20_EXPECT=ssse3,soft` (say) makes a run assert exactly which
//!   backends ran, for the qemu tiers.

mod common;

use common::{Rng, accelerated, feed_split, for_each_impl, get, hex, parse_blocks};
use peregrine::Error;
use peregrine::cipher::chacha20::{ChaCha20, Checked, Impl, XChaCha20, hchacha20};

const MAX_LEN: usize = 64 * 10 + 1;
const GUARD: u8 = 0xa5;

fn arr<const N: usize>(s: &str) -> [u8; N] {
    hex(s).try_into().expect("length")
}

fn name(c: Checked) -> &'static str {
    c.get().name()
}

/// Asserts the set of backends that ran, when `CHACHA20_EXPECT` is set.
fn expect_ran(ran: &[&str]) {
    if let Ok(want) = std::env::var("CHACHA20_EXPECT") {
        let want: Vec<&str> = want.split(',').map(str::trim).collect();
        assert_eq!(ran, &want[..], "CHACHA20_EXPECT");
    }
}

/// Runs `pt` through `apply_to`, `apply` in place and byte-by-byte `apply`,
/// asserting each gives `want`.
fn check_all_ways(
    mut mk: impl FnMut() -> Box<dyn FnMut(&mut [u8]) -> Result<(), Error>>,
    pt: &[u8],
    want: &[u8],
    what: &str,
) {
    let mut buf = pt.to_vec();
    mk()(&mut buf).unwrap();
    assert_eq!(buf, want, "{what}: in place");
    let mut f = mk();
    let mut buf = pt.to_vec();
    for b in buf.chunks_mut(1) {
        f(b).unwrap();
    }
    assert_eq!(buf, want, "{what}: byte by byte");
}

fn chacha_file(file: &str, at_least: usize) {
    let ran = for_each_impl::<Impl>(file, |c| {
        let mut n = 0;
        for b in parse_blocks(file) {
            let (Some(count), Some(key), Some(nonce), Some(ctr), Some(pt), Some(ct)) = (
                get(&b, "COUNT"),
                get(&b, "KEY"),
                get(&b, "NONCE"),
                get(&b, "INITIAL_BLOCK_COUNTER"),
                get(&b, "PLAINTEXT"),
                get(&b, "CIPHERTEXT"),
            ) else {
                continue;
            };
            let key: [u8; 32] = arr(key);
            let nonce: [u8; 12] = arr(nonce);
            let ctr: u32 = ctr.parse().unwrap();
            let (pt, ct) = (hex(pt), hex(ct));
            let what = format!("{file} COUNT={count} on {}", name(c));
            let mut out = vec![0u8; pt.len()];
            ChaCha20::with_impl(&key, &nonce, ctr, c)
                .apply_to(&pt, &mut out)
                .unwrap();
            assert_eq!(out, ct, "{what}: out of place");
            check_all_ways(
                || {
                    let mut s = ChaCha20::with_impl(&key, &nonce, ctr, c);
                    Box::new(move |b: &mut [u8]| s.apply(b))
                },
                &pt,
                &ct,
                &what,
            );
            // Decryption is the same operation.
            let mut back = ct.clone();
            ChaCha20::with_impl(&key, &nonce, ctr, c)
                .apply(&mut back)
                .unwrap();
            assert_eq!(back, pt, "{what}: decrypt");
            n += 1;
        }
        assert!(n >= at_least, "{file}: only {n} vectors");
    });
    expect_ran(&ran);
}

#[test]
fn rfc8439_block_and_encryption_vectors() {
    // 2.3.2, 2.4.2 and A.1 #1-#5.
    chacha_file("chacha20/rfc8439.txt", 7);
}

#[test]
fn rfc8439_appendix_a2_vectors() {
    chacha_file("chacha20/rfc7539.txt", 3);
}

#[test]
fn rfc8439_vectors_through_new_and_with_counter() {
    // The best-backend constructors give the same answers.
    let key: [u8; 32] = core::array::from_fn(|i| i as u8);
    let nonce = arr::<12>("000000000000004a00000000");
    let pt = b"Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.";
    let want = hex(
        "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0bf91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d807ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab77937365af90bbf74a35be6b40b8eedf2785e42874d",
    );
    let mut buf = pt.to_vec();
    ChaCha20::with_counter(&key, &nonce, 1)
        .apply(&mut buf)
        .unwrap();
    assert_eq!(buf, want);
    // Counter 0 then skipping the first block.
    let mut s = ChaCha20::new(&key, &nonce);
    s.apply(&mut [0u8; 64]).unwrap();
    let mut buf = pt.to_vec();
    s.apply(&mut buf).unwrap();
    assert_eq!(buf, want);
    assert_eq!(s.backend(), Impl::best().get());
}

#[test]
fn hchacha20_draft_2_2_1() {
    let file = "chacha20/xchacha-draft-03.txt";
    let mut n = 0;
    for b in parse_blocks(file) {
        let (Some(key), Some(nonce), Some(sub)) =
            (get(&b, "KEY"), get(&b, "NONCE"), get(&b, "SUBKEY"))
        else {
            continue;
        };
        assert_eq!(hchacha20(&arr(key), &arr(nonce)).to_vec(), hex(sub));
        n += 1;
    }
    assert_eq!(n, 1);
}

#[test]
fn xchacha20_draft_a_3_2() {
    let file = "chacha20/xchacha-draft-03.txt";
    let ran = for_each_impl::<Impl>(file, |c| {
        let mut n = 0;
        for b in parse_blocks(file) {
            let (Some(count), Some(key), Some(nonce), Some(ctr), Some(pt), Some(ks), Some(ct)) = (
                get(&b, "COUNT"),
                get(&b, "KEY"),
                get(&b, "NONCE"),
                get(&b, "INITIAL_BLOCK_COUNTER"),
                get(&b, "PLAINTEXT"),
                get(&b, "KEYSTREAM"),
                get(&b, "CIPHERTEXT"),
            ) else {
                continue;
            };
            let key: [u8; 32] = arr(key);
            let nonce: [u8; 24] = arr(nonce);
            let ctr: u32 = ctr.parse().unwrap();
            let (pt, ks, ct) = (hex(pt), hex(ks), hex(ct));
            let what = format!("{file} COUNT={count} on {}", name(c));
            let mut out = vec![0u8; pt.len()];
            let mut x = XChaCha20::with_impl(&key, &nonce, ctr, c);
            assert_eq!(x.backend(), c.get());
            x.apply_to(&pt, &mut out).unwrap();
            assert_eq!(out, ct, "{what}: out of place");
            let mut zeros = vec![0u8; ks.len()];
            XChaCha20::with_impl(&key, &nonce, ctr, c)
                .apply(&mut zeros)
                .unwrap();
            assert_eq!(zeros, ks, "{what}: keystream");
            check_all_ways(
                || {
                    let mut s = XChaCha20::with_impl(&key, &nonce, ctr, c);
                    Box::new(move |b: &mut [u8]| s.apply(b))
                },
                &pt,
                &ct,
                &what,
            );
            // The same as ChaCha20 with the subkey and 0000 || nonce[16..].
            let mut n16 = [0u8; 16];
            n16.copy_from_slice(&nonce[..16]);
            let mut n12 = [0u8; 12];
            n12[4..].copy_from_slice(&nonce[16..]);
            let mut via = pt.clone();
            ChaCha20::with_impl(&hchacha20(&key, &n16), &n12, ctr, c)
                .apply(&mut via)
                .unwrap();
            assert_eq!(via, ct, "{what}: via hchacha20");
            // The best-backend constructors.
            let mut buf = pt.clone();
            if ctr == 0 {
                XChaCha20::new(&key, &nonce).apply(&mut buf).unwrap();
            } else {
                XChaCha20::with_counter(&key, &nonce, ctr)
                    .apply(&mut buf)
                    .unwrap();
            }
            assert_eq!(buf, ct, "{what}: best backend");
            n += 1;
        }
        assert_eq!(n, 2, "{file}");
    });
    expect_ran(&ran);
}

// ---------------------------------------------------------------------------
// Accelerated backends against soft.

/// Blocks of keystream needed for `len` bytes from a fresh object.
fn blocks_for(len: usize) -> u64 {
    len.div_ceil(64) as u64
}

/// Whether `len` bytes fit below counter 2^32 from counter `ctr`.
fn fits(ctr: u32, len: usize) -> bool {
    blocks_for(len) <= (1u64 << 32) - u64::from(ctr)
}

/// Runs one call of `s` over `src` (in place or out of place at offsets
/// `so`/`do_`), checking guards, and returns the output or the error.
fn one_call(
    mut s: ChaCha20,
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
        assert_eq!(&inb[so..], src, "input changed");
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
    let mut rng = Rng(0xc4ac4a20);
    let mut counters: Vec<u32> = (0..=20u32).map(|k| u32::MAX - k).collect();
    counters.extend([0, 1, 7, 8, 0x7fff_fffe]);
    for _ in 0..4 {
        counters.push(rng.next_u64() as u32);
    }
    let mut errors = 0;
    for &ctr in &counters {
        let key: [u8; 32] = rng.bytes(32).try_into().unwrap();
        let nonce: [u8; 12] = rng.bytes(12).try_into().unwrap();
        let msg = rng.bytes(MAX_LEN);
        // Soft's answer on the longest message that fits; every shorter
        // length is a prefix of it.
        let longest = (0..=MAX_LEN).rev().find(|&l| fits(ctr, l)).unwrap();
        let mut reference = msg[..longest].to_vec();
        ChaCha20::with_impl(&key, &nonce, ctr, soft)
            .apply(&mut reference)
            .unwrap();
        for len in 0..=MAX_LEN {
            let src = &msg[..len];
            for &c in others.iter().chain([&soft]) {
                for in_place in [false, true] {
                    let so = rng.below(16);
                    let do_ = 1 + 2 * rng.below(8);
                    let s = ChaCha20::with_impl(&key, &nonce, ctr, c);
                    let got = one_call(s, src, in_place, so, do_);
                    if fits(ctr, len) {
                        let got = got
                            .unwrap_or_else(|e| panic!("{} ctr={ctr:#x} len={len}: {e}", name(c)));
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
    }
    assert!(errors > 0);
}

/// The AVX-512 backends' strides (16 blocks in zmm, 8 in ymm, the 4- and
/// 2-block row groups) and masked tails, at both vector widths (the
/// `avx512` and `avx512vl` rows; any other accelerated backend runs too):
/// every length 0..=1100 (past a 16-block step plus every tail) and a few
/// multi-KiB lengths, against `soft`, out of place at odd offsets and in
/// place, at counters where the 16-, 8-, 4- and 2-lane counters wrap past
/// 2^32 (the calls that would use counter 2^32 must fail) and at random
/// ones.
#[test]
fn avx512_strides_lengths_and_counter_wraps_against_soft() {
    const LONG: usize = 1100;
    let multi = [
        2048 + 5,
        4096,
        4096 + 63,
        5 * 1024 + 600,
        8192 + 1,
        16384 + 100,
    ];
    let (soft, others) = accelerated::<Impl>();
    let names: Vec<_> = others.iter().map(|c| name(*c)).collect();
    eprintln!("soft against {names:?}");
    // On a CPU with AVX-512 (and nothing removed) both widths must run.
    if std::env::var("PEREGRINE_CPU").is_err()
        && common::std_has(peregrine::cpu::Feature::Avx512bw)
        && common::std_has(peregrine::cpu::Feature::Avx512vl)
    {
        assert!(names.contains(&"avx512vl"), "{names:?}");
        assert_eq!(
            names.contains(&"avx512"),
            common::std_has(peregrine::cpu::Feature::Zmm),
            "{names:?}"
        );
    }
    let mut rng = Rng(0xa512_c4a4);
    let mut counters: Vec<u32> = [
        0u32, 1, 2, 3, 4, 5, 7, 8, 9, 12, 15, 16, 17, 18, 20, 24, 31, 32, 33, 260, 300,
    ]
    .iter()
    .map(|k| u32::MAX - k)
    .collect();
    counters.extend([0, 1, 0xffff_fff0 - 5]);
    for _ in 0..3 {
        counters.push(rng.next_u64() as u32);
    }
    for &ctr in &counters {
        let key: [u8; 32] = rng.bytes(32).try_into().unwrap();
        let nonce: [u8; 12] = rng.bytes(12).try_into().unwrap();
        let max = *multi.last().unwrap();
        let msg = rng.bytes(max);
        let longest = (0..=max).rev().find(|&l| fits(ctr, l)).unwrap();
        let mut reference = msg[..longest].to_vec();
        ChaCha20::with_impl(&key, &nonce, ctr, soft)
            .apply(&mut reference)
            .unwrap();
        for len in (0..=LONG).chain(multi) {
            let src = &msg[..len];
            for &c in &others {
                let in_place = len % 2 == 0;
                let so = rng.below(16);
                let do_ = 1 + 2 * rng.below(8);
                let s = ChaCha20::with_impl(&key, &nonce, ctr, c);
                let got = one_call(s, src, in_place, so, do_);
                let what = format!("{} ctr={ctr:#x} len={len} in_place={in_place}", name(c));
                if fits(ctr, len) {
                    let got = got.unwrap_or_else(|e| panic!("{what}: {e}"));
                    assert!(got == reference[..len], "{what}");
                } else {
                    assert!(
                        matches!(got, Err(Error::LimitExceeded { .. })),
                        "{what}: must refuse"
                    );
                }
            }
        }
    }
}

#[test]
fn counter_runs_up_to_2_pow_32_minus_1() {
    for_each_impl::<Impl>("counter range", |c| {
        let key = [9u8; 32];
        let nonce = [3u8; 12];
        // The very last block, counter 2^32 - 1, is allowed...
        let mut s = ChaCha20::with_impl(&key, &nonce, u32::MAX, c);
        let mut last = [0u8; 64];
        s.apply(&mut last).unwrap();
        // ...and matches the last block of a run that started lower (the
        // lanes' counters wrap, never carry into the nonce).
        let mut run = vec![0u8; 64 * 20];
        ChaCha20::with_impl(&key, &nonce, u32::MAX - 19, c)
            .apply(&mut run)
            .unwrap();
        assert_eq!(&run[64 * 19..], &last[..], "{}", name(c));
        // Soft as the reference for the whole run.
        let (soft, _) = accelerated::<Impl>();
        let mut want = vec![0u8; 64 * 20];
        ChaCha20::with_impl(&key, &nonce, u32::MAX - 19, soft)
            .apply(&mut want)
            .unwrap();
        assert_eq!(run, want, "{}", name(c));
        // Not one byte more.
        let mut one = [0x11u8; 1];
        assert!(matches!(
            s.apply(&mut one),
            Err(Error::LimitExceeded { .. })
        ));
        assert_eq!(one, [0x11]);
        // A partial last block leaves the rest of it usable, nothing more.
        let mut s = ChaCha20::with_impl(&key, &nonce, u32::MAX, c);
        let mut a = [0u8; 10];
        s.apply(&mut a).unwrap();
        let mut b = [0u8; 54];
        s.apply(&mut b).unwrap();
        assert_eq!([&a[..], &b[..]].concat(), last.to_vec());
        assert!(s.apply(&mut [0u8; 1]).is_err());
        assert!(s.apply(&mut []).is_ok());
    });
}

#[test]
fn streaming_splits_and_clones_equal_one_call() {
    let (soft, _) = accelerated::<Impl>();
    let mut rng = Rng(0x5eed_c4a4);
    for_each_impl::<Impl>("streaming", |c| {
        for round in 0..300 {
            let len = rng.below(3 * 512 + 2);
            let key: [u8; 32] = rng.bytes(32).try_into().unwrap();
            let nonce: [u8; 12] = rng.bytes(12).try_into().unwrap();
            let ctr = if round % 3 == 0 {
                u32::MAX - rng.below(40) as u32
            } else {
                rng.next_u64() as u32
            };
            if !fits(ctr, len) {
                continue;
            }
            let msg = rng.bytes(len);
            let mut want = msg.clone();
            ChaCha20::with_impl(&key, &nonce, ctr, soft)
                .apply(&mut want)
                .unwrap();
            let cuts = rng.splits(len);
            let mut s = ChaCha20::with_impl(&key, &nonce, ctr, c);
            let mut got = Vec::new();
            feed_split(&msg, &cuts, |piece| {
                let mut p = piece.to_vec();
                s.apply(&mut p).unwrap();
                got.extend_from_slice(&p);
            });
            assert_eq!(got, want, "{} len={len} cuts={cuts:?}", name(c));
            // A clone after the first piece continues identically.
            let cut = cuts.first().copied().unwrap_or(len / 2);
            let mut s = ChaCha20::with_impl(&key, &nonce, ctr, c);
            let mut head = msg[..cut].to_vec();
            s.apply(&mut head).unwrap();
            let mut t = s.clone();
            let (mut r1, mut r2) = (msg[cut..].to_vec(), vec![0u8; len - cut]);
            s.apply(&mut r1).unwrap();
            t.apply_to(&msg[cut..], &mut r2).unwrap();
            assert_eq!(r1, r2, "{} clone", name(c));
            assert_eq!([head, r1].concat(), want, "{} clone", name(c));
            // XChaCha20 streams the same way.
            let xn: [u8; 24] = rng.bytes(24).try_into().unwrap();
            let mut xw = msg.clone();
            XChaCha20::with_impl(&key, &xn, ctr, soft)
                .apply(&mut xw)
                .unwrap();
            let mut x = XChaCha20::with_impl(&key, &xn, ctr, c);
            let mut xg = Vec::new();
            feed_split(&msg, &cuts, |piece| {
                let mut p = piece.to_vec();
                x.apply(&mut p).unwrap();
                xg.extend_from_slice(&p);
            });
            assert_eq!(xg, xw, "{} xchacha len={len}", name(c));
        }
    });
}

#[test]
fn bad_inputs_are_errors() {
    for_each_impl::<Impl>("bad inputs", |c| {
        let mut s = ChaCha20::with_impl(&[0; 32], &[0; 12], 5, c);
        let src = [1u8; 10];
        let mut dst = [GUARD; 11];
        assert!(matches!(
            s.apply_to(&src, &mut dst),
            Err(Error::InvalidLength { got: 11, .. })
        ));
        assert_eq!(dst, [GUARD; 11]);
        // The failed call consumed nothing: the stream still starts at
        // block 5.
        let mut a = [0u8; 64];
        s.apply(&mut a).unwrap();
        let mut b = [0u8; 64];
        ChaCha20::with_impl(&[0; 32], &[0; 12], 5, c)
            .apply(&mut b)
            .unwrap();
        assert_eq!(a, b);
        // Over the limit, out of place: dst untouched, state unchanged.
        let mut s = ChaCha20::with_impl(&[0; 32], &[0; 12], u32::MAX - 1, c);
        let src = [2u8; 129];
        let mut dst = [GUARD; 129];
        assert!(matches!(
            s.apply_to(&src, &mut dst),
            Err(Error::LimitExceeded { .. })
        ));
        assert_eq!(dst, [GUARD; 129]);
        s.apply_to(&src[..128], &mut dst[..128]).unwrap();
        let mut x = XChaCha20::with_impl(&[0; 32], &[0; 24], u32::MAX, c);
        let mut buf = [7u8; 65];
        assert!(x.apply(&mut buf).is_err());
        assert_eq!(buf, [7u8; 65]);
        let mut d = [0u8; 3];
        assert!(x.apply_to(&buf[..2], &mut d).is_err());
        // Debug shows no secrets.
        let dbg = format!("{s:?} {x:?}");
        assert!(dbg.contains(name(c)) && !dbg.contains("state"), "{dbg}");
    });
}
