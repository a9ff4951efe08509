//! Poly1305 (RFC 8439 section 2.5) on every backend the machine can run.
//!
//! - Known answers: RFC 8439 section 2.5.2 and all 11 vectors of appendix
//!   A.3 (the carry edge cases), BoringSSL's `poly1305_tests.txt` (copied
//!   into `tests/vectors/poly1305/`; every SIMD tail length 2048..2063, OpenSSL carry
//!   regressions), each fed in one piece, in random splits and byte by byte.
//! - An independent schoolbook big-integer reference (`reference` below)
//!   checks `soft` where the accumulator is extreme: all-0xff messages and
//!   keys at every length up to 4096, sums that land exactly around p.
//! - Every accelerated backend against `soft`: random keys at every length
//!   0..=1100, the all-0xff cases, A.3 patterns repeated, random streaming
//!   splits with clones, and `update_padded` as the AEAD uses it.
//! - Multi-KiB lengths under edge keys, and two-piece splits at every
//!   offset around the SIMD and IFMA thresholds (each piece its own run,
//!   so every zero-padded first group of the IFMA kernel is reached).

mod common;

use common::{Rng, accelerated, feed_split, for_each_impl, get, hex, parse_blocks, to_hex};
use peregrine::Error;
use peregrine::mac::poly1305::{self, Checked, IFMA_MIN, Impl, Poly1305, SIMD_MIN};
use std::path::PathBuf;

/// A slow, obviously correct Poly1305 from the RFC's definition on
/// schoolbook big integers (little-endian base-2^32 digits in `u64`s).
/// Shares nothing with the library's code.
mod reference {
    pub type N = Vec<u64>;

    fn norm(mut a: N) -> N {
        let mut c = 0u64;
        for d in a.iter_mut() {
            let t = *d + c;
            *d = t & 0xffff_ffff;
            c = t >> 32;
        }
        while c > 0 {
            a.push(c & 0xffff_ffff);
            c >>= 32;
        }
        while a.last() == Some(&0) {
            a.pop();
        }
        a
    }

    pub fn from_le(b: &[u8]) -> N {
        norm(
            b.chunks(4)
                .map(|c| {
                    let mut w = [0u8; 4];
                    w[..c.len()].copy_from_slice(c);
                    u64::from(u32::from_le_bytes(w))
                })
                .collect(),
        )
    }

    fn add(a: &N, b: &N) -> N {
        let n = a.len().max(b.len());
        norm(
            (0..n)
                .map(|i| a.get(i).copied().unwrap_or(0) + b.get(i).copied().unwrap_or(0))
                .collect(),
        )
    }

    fn mul(a: &N, b: &N) -> N {
        let mut acc = vec![0u128; a.len() + b.len() + 1];
        for (i, &x) in a.iter().enumerate() {
            for (j, &y) in b.iter().enumerate() {
                acc[i + j] += u128::from(x) * u128::from(y);
            }
        }
        let mut out = Vec::with_capacity(acc.len());
        let mut c = 0u128;
        for t in acc {
            let t = t + c;
            out.push((t & 0xffff_ffff) as u64);
            c = t >> 32;
        }
        assert_eq!(c, 0);
        norm(out)
    }

    /// 2^k.
    fn pow2(k: usize) -> N {
        let mut v = vec![0; k / 32 + 1];
        v[k / 32] = 1 << (k % 32);
        v
    }

    fn ge(a: &N, b: &N) -> bool {
        if a.len() != b.len() {
            return a.len() > b.len();
        }
        for i in (0..a.len()).rev() {
            if a[i] != b[i] {
                return a[i] > b[i];
            }
        }
        true
    }

    fn sub(a: &N, b: &N) -> N {
        let mut out = Vec::with_capacity(a.len());
        let mut borrow = 0i64;
        for (i, &x) in a.iter().enumerate() {
            let t = x as i64 - b.get(i).copied().unwrap_or(0) as i64 - borrow;
            borrow = i64::from(t < 0);
            out.push((t + (borrow << 32)) as u64);
        }
        assert_eq!(borrow, 0);
        norm(out)
    }

    pub fn p() -> N {
        sub(&pow2(130), &vec![5])
    }

    /// a mod (2^130 - 5), by long division's definition: subtract p while
    /// a >= p, after folding the bits above 130 down (x·2^130 ≡ 5x).
    fn modp(mut a: N) -> N {
        let p = p();
        loop {
            let mut lo = a.clone();
            lo.truncate(5);
            if lo.len() == 5 {
                lo[4] &= 3;
            }
            let lo = norm(lo);
            let hi = sub(&a, &lo);
            if hi.is_empty() {
                break;
            }
            // hi = (a >> 130) << 130; (a >> 130) = hi / 2^130.
            let mut q = Vec::new();
            for i in 4..hi.len() {
                let d = (hi[i] >> 2) | (hi.get(i + 1).copied().unwrap_or(0) << 30);
                q.push(d & 0xffff_ffff);
            }
            a = add(&lo, &mul(&norm(q), &vec![5]));
        }
        while ge(&a, &p) {
            a = sub(&a, &p);
        }
        a
    }

    /// (r, s) of a key, `r` clamped as RFC 8439 section 2.5 words it.
    pub fn key(key: &[u8; 32]) -> (N, N) {
        let mut r: [u8; 16] = key[..16].try_into().unwrap();
        for i in [3, 7, 11, 15] {
            r[i] &= 15;
        }
        for i in [4, 8, 12] {
            r[i] &= 252;
        }
        (from_le(&r), from_le(&key[16..]))
    }

    /// Accumulator after one block (1..=16 bytes): (h + block + 2^(8·len))·r mod p.
    pub fn absorb(h: &N, r: &N, block: &[u8]) -> N {
        let n = add(&from_le(block), &pow2(8 * block.len()));
        modp(mul(&add(h, &n), r))
    }

    /// (h + s) mod 2^128, little-endian.
    pub fn tag(h: &N, s: &N) -> [u8; 16] {
        let t = add(h, s);
        let mut out = [0u8; 16];
        for (i, d) in t.iter().take(4).enumerate() {
            out[4 * i..4 * i + 4].copy_from_slice(&(*d as u32).to_le_bytes());
        }
        out
    }

    pub fn poly1305(k: &[u8; 32], msg: &[u8]) -> [u8; 16] {
        let (r, s) = key(k);
        let mut h = N::new();
        for b in msg.chunks(16) {
            h = absorb(&h, &r, b);
        }
        tag(&h, &s)
    }
}

fn key32(b: &[u8]) -> [u8; 32] {
    b.try_into().expect("32-byte key")
}

fn tag16(b: &[u8]) -> [u8; 16] {
    b.try_into().expect("16-byte tag")
}

fn mac(c: Checked, key: &[u8; 32], msg: &[u8]) -> [u8; 16] {
    let mut m = Poly1305::with_impl(key, c);
    m.update(msg);
    m.finalize()
}

/// One known answer on backend `c`: in one piece, through `verify` (and a
/// one-bit change rejected), in random splits, byte by byte, and with a
/// clone taken mid-stream.
fn check_case(c: Checked, key: &[u8; 32], msg: &[u8], want: &[u8; 16], what: &str, rng: &mut Rng) {
    assert_eq!(to_hex(&mac(c, key, msg)), to_hex(want), "{what} on {c:?}");
    let mut m = Poly1305::with_impl(key, c);
    m.update(msg);
    assert_eq!(m.clone().verify(want), Ok(()), "{what} verify on {c:?}");
    let mut bad = *want;
    bad[rng.below(16)] ^= 1 << rng.below(8);
    assert_eq!(m.verify(&bad), Err(Error::VerificationFailed), "{what}");
    for _ in 0..4 {
        let cuts = rng.splits(msg.len());
        let mut m = Poly1305::with_impl(key, c);
        feed_split(msg, &cuts, |p| m.update(p));
        assert_eq!(m.finalize(), *want, "{what} cuts {cuts:?} on {c:?}");
    }
    let mut m = Poly1305::with_impl(key, c);
    for b in msg.chunks(1) {
        m.update(b);
    }
    assert_eq!(m.finalize(), *want, "{what} byte by byte on {c:?}");
    let mid = rng.below(msg.len() + 1);
    let mut m = Poly1305::with_impl(key, c);
    m.update(&msg[..mid]);
    let mut twin = m.clone();
    m.update(&msg[mid..]);
    twin.update(&msg[mid..]);
    assert_eq!(twin.finalize(), *want, "{what} clone at {mid} on {c:?}");
    assert_eq!(m.finalize(), *want, "{what} after clone on {c:?}");
}

/// Blocks of a NIST-layout file (`COUNT`, `KEY`, `MSG`, `TAG`).
fn nist_file(test: &str, file: &str, expect: usize) {
    let blocks = parse_blocks(file);
    let cases: Vec<_> = blocks
        .iter()
        .filter_map(|b| {
            Some((
                get(b, "COUNT")?,
                get(b, "KEY")?,
                get(b, "MSG")?,
                get(b, "TAG")?,
            ))
        })
        .map(|(n, k, m, t)| (n.to_string(), key32(&hex(k)), hex(m), tag16(&hex(t))))
        .collect();
    assert_eq!(cases.len(), expect, "{file}: vectors parsed");
    for (n, k, m, t) in &cases {
        assert_eq!(reference::poly1305(k, m), *t, "{file} COUNT={n}: reference");
    }
    let mut rng = Rng(0x5eed_1305);
    for_each_impl::<Impl>(test, |c| {
        for (n, k, m, t) in &cases {
            check_case(c, k, m, t, &format!("{file} COUNT={n}"), &mut rng);
        }
    });
}

#[test]
fn rfc8439_section_2_5_2() {
    nist_file("rfc8439_section_2_5_2", "poly1305/rfc8439-2.5.2.txt", 1);
}

#[test]
fn rfc8439_appendix_a3_all_eleven() {
    nist_file("rfc8439_appendix_a3_all_eleven", "poly1305/rfc7539.txt", 11);
}

/// `Key`/`Input`/`MAC` blocks; `Input` is hex or a "quoted string".
fn boringssl_cases(text: &str) -> Vec<([u8; 32], Vec<u8>, [u8; 16])> {
    let mut out = Vec::new();
    for block in text.split("\n\n") {
        let mut kv = std::collections::HashMap::new();
        for line in block.lines() {
            let line = line.trim();
            if line.starts_with('#') {
                continue;
            }
            if let Some((k, v)) = line.split_once(" = ") {
                kv.insert(k.trim(), v.trim());
            }
        }
        let (Some(k), Some(i), Some(m)) = (kv.get("Key"), kv.get("Input"), kv.get("MAC")) else {
            assert!(kv.is_empty(), "incomplete block: {block}");
            continue;
        };
        let input = match i.strip_prefix('"').and_then(|s| s.strip_suffix('"')) {
            Some(s) => s.as_bytes().to_vec(),
            None => hex(i),
        };
        out.push((key32(&hex(k)), input, tag16(&hex(m))));
    }
    out
}

#[test]
fn boringssl_poly1305_tests() {
    let test = "boringssl_poly1305_tests";
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/vectors/poly1305/poly1305_tests.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let cases = boringssl_cases(&text.replace("\r\n", "\n"));
    assert!(cases.len() >= 33, "only {} cases", cases.len());
    assert!(
        cases.iter().any(|c| c.1.len() == 2063),
        "the SIMD tail cases"
    );
    for (i, (k, m, t)) in cases.iter().enumerate() {
        assert_eq!(reference::poly1305(k, m), *t, "case {i}: reference");
    }
    let mut rng = Rng(0x5eed_b551);
    for_each_impl::<Impl>(test, |c| {
        for (i, (k, m, t)) in cases.iter().enumerate() {
            check_case(
                c,
                k,
                m,
                t,
                &format!("boringssl case {i} (len {})", m.len()),
                &mut rng,
            );
        }
    });
}

#[test]
fn verify_rejects_wrong_lengths_and_every_bit() {
    let mut rng = Rng(0x5eed_7e51);
    let key = key32(&rng.bytes(32));
    let msg = rng.bytes(300);
    for_each_impl::<Impl>("verify_rejects_wrong_lengths_and_every_bit", |c| {
        let good = mac(c, &key, &msg);
        let m = Poly1305::with_impl(&key, c);
        for len in [0, 1, 15, 17, 32] {
            let mut m = m.clone();
            m.update(&msg);
            assert!(
                matches!(m.verify(&vec![0; len]), Err(Error::InvalidLength { got, .. }) if got == len),
                "len {len}"
            );
        }
        let mut m = m.clone();
        m.update(&msg);
        assert_eq!(
            m.verify(&good[..15]).unwrap_err(),
            Error::InvalidLength {
                what: "Poly1305 tag (must be 16 bytes)",
                got: 15
            }
        );
        for bit in 0..128 {
            let mut bad = good;
            bad[bit / 8] ^= 1 << (bit % 8);
            let mut m = Poly1305::with_impl(&key, c);
            m.update(&msg);
            assert_eq!(m.verify(&bad), Err(Error::VerificationFailed), "bit {bit}");
        }
    });
}

#[test]
fn api_constants_one_shot_debug() {
    assert_eq!((poly1305::KEY_LEN, poly1305::TAG_LEN), (32, 16));
    let key = [0xa5; 32];
    let m = Poly1305::new(&key);
    assert_eq!(m.backend(), Impl::best().get());
    let shown = format!("{m:?}");
    assert!(shown.contains(m.backend().name()), "{shown}");
    assert!(!shown.contains("165") && !shown.contains("a5"), "{shown}");
    let msg = b"one shot";
    assert_eq!(
        poly1305::poly1305(&key, msg),
        reference::poly1305(&key, msg)
    );
    assert_eq!(Impl::ALL.last(), Some(&Impl::Soft));
}

#[test]
fn every_length_random_keys_against_soft() {
    let (soft, others) = accelerated::<Impl>();
    if others.is_empty() {
        eprintln!("every_length_random_keys_against_soft: no accelerated poly1305 backend here");
    }
    let mut rng = Rng(0x5eed_0130);
    let data = rng.bytes(1100 + 8);
    for len in 0..=1100 {
        let key = key32(&rng.bytes(32));
        let off = len % 7;
        let msg = &data[off..off + len];
        let want = mac(soft, &key, msg);
        if len % 50 == 0 {
            assert_eq!(want, reference::poly1305(&key, msg), "soft len {len}");
        }
        for &c in &others {
            assert_eq!(mac(c, &key, msg), want, "len {len} on {c:?}");
            let cuts = rng.splits(len);
            let mut m = Poly1305::with_impl(&key, c);
            feed_split(msg, &cuts, |p| m.update(p));
            assert_eq!(m.finalize(), want, "len {len} cuts {cuts:?} on {c:?}");
        }
    }
}

/// All-0xff messages under keys with `r` all ones (clamped) and `s` all
/// ones, zero or random, and with r = 1, at every length 0..=4096: the largest blocks, the
/// largest clamped `r`, the accumulator at its largest. `soft` against the
/// reference (incrementally: one prefix, every final partial block), every
/// other backend against `soft`, in one piece and split in two.
#[test]
fn all_ff_every_length_to_4096() {
    let (soft, others) = accelerated::<Impl>();
    let mut rng = Rng(0x5eed_00ff);
    let msg = vec![0xffu8; 4096];
    let mut keys = vec![[0xffu8; 32]];
    let mut k = [0xffu8; 32];
    k[16..].fill(0);
    keys.push(k);
    k[16..].copy_from_slice(&rng.bytes(16));
    keys.push(k);
    // r = 1: the accumulator is the plain sum, its top word reaches 6 and
    // the rare carries (low words all ones) happen on every few blocks.
    let mut k = [0u8; 32];
    k[0] = 1;
    k[16..].fill(0xff);
    keys.push(k);
    for key in &keys {
        let (r, s) = reference::key(key);
        let mut h = reference::N::new();
        for q in 0..=256 {
            for t in 0..16 {
                let len = 16 * q + t;
                if len > 4096 {
                    break;
                }
                let want = if t == 0 {
                    reference::tag(&h, &s)
                } else {
                    reference::tag(&reference::absorb(&h, &r, &msg[..t]), &s)
                };
                let got = mac(soft, key, &msg[..len]);
                assert_eq!(got, want, "soft len {len} key {}", to_hex(key));
                for &c in &others {
                    assert_eq!(mac(c, key, &msg[..len]), want, "len {len} on {c:?}");
                    let cut = rng.below(len + 1);
                    let mut m = Poly1305::with_impl(key, c);
                    m.update(&msg[..cut]);
                    m.update(&msg[cut..len]);
                    assert_eq!(m.finalize(), want, "len {len} cut {cut} on {c:?}");
                }
            }
            if q < 256 {
                h = reference::absorb(&h, &r, &msg[16 * q..16 * q + 16]);
            }
        }
    }
}

/// With r = 1 the accumulator is the plain sum of the blocks (each plus
/// 2^128). `4k - 1` blocks, all zero but one equal to 2^128 - 5k + d, sum
/// to exactly k·p + d, for d in -3..=3: the value before the final
/// reduction sits right around a multiple of p. Every backend, the special
/// block at every position, lengths across the SIMD threshold.
#[test]
fn sums_landing_on_multiples_of_p() {
    let mut rng = Rng(0x5eed_0005);
    for_each_impl::<Impl>("sums_landing_on_multiples_of_p", |c| {
        for k in [1usize, 2, 3, 4, 5, 16, 17, 20, 33, 64, 65] {
            let blocks = 4 * k - 1;
            for d in -3i64..=3 {
                let mut key = [0u8; 32];
                key[0] = 1;
                key[16..].copy_from_slice(&rng.bytes(16));
                let s = u128::from_le_bytes(key[16..].try_into().unwrap());
                let special = (1u128 << 127)
                    .wrapping_mul(2)
                    .wrapping_sub(5 * k as u128)
                    .wrapping_add(d as u128);
                // h mod p = d mod p; tag = (h mod p + s) mod 2^128, where
                // p ≡ -5 (mod 2^128).
                let h = if d >= 0 {
                    d as u128
                } else {
                    (d as u128).wrapping_sub(5)
                };
                let want = h.wrapping_add(s).to_le_bytes();
                let positions: Vec<usize> = if blocks <= 20 {
                    (0..blocks).collect()
                } else {
                    vec![
                        0,
                        1,
                        2,
                        3,
                        4,
                        blocks - 4,
                        blocks - 3,
                        blocks - 2,
                        blocks - 1,
                        rng.below(blocks),
                    ]
                };
                for pos in positions {
                    let mut msg = vec![0u8; 16 * blocks];
                    msg[16 * pos..16 * pos + 16].copy_from_slice(&special.to_le_bytes());
                    if k <= 5 && pos == 0 {
                        assert_eq!(
                            reference::poly1305(&key, &msg),
                            want,
                            "reference k {k} d {d}"
                        );
                    }
                    assert_eq!(mac(c, &key, &msg), want, "k {k} d {d} pos {pos} on {c:?}");
                }
            }
        }
    });
}

/// The A.3 carry vectors' messages repeated (to 64..2100 bytes, across the
/// SIMD threshold) under their own keys and random ones: every backend
/// against `soft`, `soft` against the reference.
#[test]
fn a3_patterns_repeated_against_soft() {
    let (soft, others) = accelerated::<Impl>();
    let mut rng = Rng(0x5eed_00a3);
    let blocks = parse_blocks("poly1305/rfc7539.txt");
    for b in &blocks {
        let (Some(k), Some(m)) = (get(b, "KEY"), get(b, "MSG")) else {
            continue;
        };
        let pattern = hex(m);
        let own = key32(&hex(k));
        for reps in [1usize, 4, 5, 16, 17, 33, 64, 131] {
            let msg: Vec<u8> = pattern
                .iter()
                .copied()
                .cycle()
                .take(pattern.len() * reps)
                .collect();
            let msg = &msg[..msg.len().min(2100)];
            for key in [own, key32(&rng.bytes(32)), [0xff; 32]] {
                let want = mac(soft, &key, msg);
                if reps <= 17 {
                    assert_eq!(want, reference::poly1305(&key, msg), "soft reps {reps}");
                }
                for &c in &others {
                    assert_eq!(
                        mac(c, &key, msg),
                        want,
                        "reps {reps} len {} on {c:?}",
                        msg.len()
                    );
                }
            }
        }
    }
}

/// Random lengths to 5000 in random pieces (some long enough for the SIMD
/// path, some not), with clones taken before and after the SIMD powers
/// exist, against `soft` in one piece.
#[test]
fn streaming_splits_and_clones_against_soft() {
    let (soft, others) = accelerated::<Impl>();
    let mut rng = Rng(0x5eed_5717);
    for _ in 0..300 {
        let len = rng.below(5000);
        let msg = rng.bytes(len);
        let key = key32(&rng.bytes(32));
        let want = mac(soft, &key, &msg);
        for &c in [soft].iter().chain(&others) {
            let cuts = rng.splits(len);
            let mut m = Poly1305::with_impl(&key, c);
            let mut clones = vec![m.clone()];
            let mut at = 0;
            for &cut in cuts.iter().chain([&len]) {
                for cl in &mut clones {
                    cl.update(&msg[at..cut]);
                }
                m.update(&msg[at..cut]);
                clones.push(m.clone());
                // Each clone has seen msg[..cut]; give it the rest later.
                at = cut;
            }
            assert_eq!(m.finalize(), want, "len {len} cuts {cuts:?} on {c:?}");
            for cl in clones {
                assert_eq!(
                    cl.finalize(),
                    want,
                    "clone, len {len} cuts {cuts:?} on {c:?}"
                );
            }
        }
    }
}

/// `update_padded` as ChaCha20-Poly1305 uses it (RFC 8439 section 2.8):
/// AAD, pad16, ciphertext, pad16, the two lengths as u64 little-endian,
/// against the same bytes laid out by hand; every backend against `soft`.
#[test]
fn update_padded_as_the_aead_uses_it() {
    let (soft, others) = accelerated::<Impl>();
    let mut rng = Rng(0x5eed_0aad);
    let mut lens: Vec<(usize, usize)> = vec![(0, 0), (0, 1), (1, 0), (12, 114), (16, 16)];
    for _ in 0..300 {
        let a = rng.below(3) * rng.below(40);
        let ct = match rng.below(3) {
            0 => rng.below(64),
            1 => SIMD_MIN - 20 + rng.below(40),
            _ => rng.below(3000),
        };
        lens.push((a, ct));
    }
    for (alen, clen) in lens {
        let aad = rng.bytes(alen);
        let ct = rng.bytes(clen);
        let key = key32(&rng.bytes(32));
        let mut laid = aad.clone();
        laid.resize(alen.next_multiple_of(16), 0);
        laid.extend_from_slice(&ct);
        laid.resize(laid.len().next_multiple_of(16), 0);
        laid.extend_from_slice(&(alen as u64).to_le_bytes());
        laid.extend_from_slice(&(clen as u64).to_le_bytes());
        let want = mac(soft, &key, &laid);
        for &c in [soft].iter().chain(&others) {
            let mut m = Poly1305::with_impl(&key, c);
            m.update_padded(&aad);
            m.update_padded(&ct);
            let mut lens = [0u8; 16];
            lens[..8].copy_from_slice(&(alen as u64).to_le_bytes());
            lens[8..].copy_from_slice(&(clen as u64).to_le_bytes());
            m.update(&lens);
            assert_eq!(m.finalize(), want, "aad {alen} ct {clen} on {c:?}");
        }
    }
}

/// The keys with the extreme `r` and `s`: `r` clamped to its maximum with
/// `s` all ones and zero, r = 1 with `s` all ones, and two random keys.
fn edge_keys(rng: &mut Rng) -> Vec<[u8; 32]> {
    let mut keys = vec![[0xffu8; 32]];
    let mut k = [0xffu8; 32];
    k[16..].fill(0);
    keys.push(k);
    let mut k = [0u8; 32];
    k[0] = 1;
    k[16..].fill(0xff);
    keys.push(k);
    keys.push(key32(&rng.bytes(32)));
    keys.push(key32(&rng.bytes(32)));
    keys
}

/// Lengths past 1100 (every length 2000..=2200 and the multi-KiB ones
/// around powers of two, up to 64 KiB + 13), random and all-0xff messages,
/// the edge keys: every accelerated backend against `soft`, in one piece
/// and cut at a random offset.
#[test]
fn long_lengths_and_edge_keys_against_soft() {
    let (soft, others) = accelerated::<Impl>();
    let mut rng = Rng(0x5eed_1f3a);
    let keys = edge_keys(&mut rng);
    let mut lens: Vec<usize> = (2000..=2200).collect();
    for base in [4096usize, 8192, 16384, 65536] {
        lens.extend([
            base - 17,
            base - 16,
            base - 1,
            base,
            base + 1,
            base + 16,
            base + 13,
        ]);
    }
    let random = rng.bytes(65536 + 64);
    let ff = vec![0xffu8; 65536 + 64];
    for &len in &lens {
        for data in [&random, &ff] {
            let msg = &data[..len];
            for key in &keys {
                let want = mac(soft, key, msg);
                for &c in &others {
                    assert_eq!(mac(c, key, msg), want, "len {len} on {c:?}");
                    let cut = rng.below(len + 1);
                    let mut m = Poly1305::with_impl(key, c);
                    m.update(&msg[..cut]);
                    m.update(&msg[cut..]);
                    assert_eq!(m.finalize(), want, "len {len} cut {cut} on {c:?}");
                }
            }
        }
    }
}

/// A few lengths around the thresholds, each split in two at every offset
/// (and in three: at every offset, then 16·k + 1 bytes later), random and
/// all-0xff messages under the edge keys, against `soft` in one piece.
#[test]
fn streaming_split_at_every_offset_against_soft() {
    let (soft, others) = accelerated::<Impl>();
    let mut rng = Rng(0x5eed_0ff5);
    let keys = edge_keys(&mut rng);
    let lens = [
        IFMA_MIN - 1,
        IFMA_MIN,
        IFMA_MIN + 17,
        SIMD_MIN,
        SIMD_MIN + 100,
        1100,
        2063,
    ];
    for len in lens {
        for ff in [false, true] {
            let msg = if ff { vec![0xff; len] } else { rng.bytes(len) };
            for key in &keys {
                let want = mac(soft, key, &msg);
                for &c in &others {
                    for cut in 0..=len {
                        let mut m = Poly1305::with_impl(key, c);
                        m.update(&msg[..cut]);
                        let mut three = m.clone();
                        m.update(&msg[cut..]);
                        assert_eq!(m.finalize(), want, "len {len} cut {cut} on {c:?}");
                        let cut2 = (cut + 16 * rng.below(20) + 1).min(len);
                        three.update(&msg[cut..cut2]);
                        three.update(&msg[cut2..]);
                        assert_eq!(
                            three.finalize(),
                            want,
                            "len {len} cuts {cut}, {cut2} on {c:?}"
                        );
                    }
                }
            }
        }
    }
}
