//! SHA-3 and SHAKE: known answers on every backend, every accelerated
//! backend against `soft`, and `soft` against a textbook Keccak written
//! here from FIPS 202 (so the portable code is checked by something other
//! than itself, on every machine).
//!
//! Vectors: NIST CAVP SHA3VS byte-oriented files (ShortMsg, LongMsg, Monte
//! for SHA3-224/256/384/512; ShortMsg, LongMsg, VariableOut, Monte for
//! SHAKE128/256) copied from the PyPI package `cryptography-vectors` (see
//! `tests/vectors/README.md`).

mod common;

use common::{Rng, accelerated, feed_split, for_each_impl, get, hex, parse_blocks, to_hex};
use peregrine::cpu::Backend;
use peregrine::hash::sha3::{
    self, Impl, Sha3_224, Sha3_256, Sha3_384, Sha3_512, Shake128, Shake256,
};
use peregrine::hash::{Hash, Xof, XofReader};

type Checked = <Impl as Backend>::Checked;

fn digest<H: Hash<Impl = Impl>>(c: Checked, msg: &[u8]) -> Vec<u8> {
    let mut h = H::with_impl(c);
    h.update(msg);
    h.finalize().as_ref().to_vec()
}

fn xof<X: Xof<Impl = Impl>>(c: Checked, msg: &[u8], n: usize) -> Vec<u8> {
    let mut x = X::with_impl(c);
    x.update(msg);
    let mut out = vec![0u8; n];
    x.finalize_xof().squeeze(&mut out);
    out
}

/// The message of a ShortMsg/LongMsg block: `Len` is in bits (byte-oriented
/// files, so a multiple of 8) and `Msg = 00` stands for the empty message.
fn message(file: &str, b: &[(String, String)]) -> Option<Vec<u8>> {
    let bits: usize = get(b, "Len")?.parse().unwrap();
    assert_eq!(bits % 8, 0, "{file}: bit-oriented vector");
    let mut m = hex(get(b, "Msg")?);
    m.truncate(bits / 8);
    Some(m)
}

/// SHA-3 ShortMsg and LongMsg files.
fn cavp_sha3_msg<H: Hash<Impl = Impl>>(file: &str, c: Checked, want: usize) {
    let mut n = 0;
    for b in parse_blocks(file) {
        let (Some(msg), Some(md)) = (message(file, &b), get(&b, "MD")) else {
            continue;
        };
        assert_eq!(
            to_hex(&digest::<H>(c, &msg)),
            md.to_lowercase(),
            "{file} Len={} on {c:?}",
            msg.len() * 8
        );
        n += 1;
    }
    assert_eq!(n, want, "{file}: vectors parsed");
}

/// The SHA3VS Monte Carlo test (SHA3VS section 6.2.3). Unlike SHA-2's
/// (three chained digests per step), SHA-3's chains one digest:
/// MD_0 = Seed; MD_i = SHA3(MD_{i-1}) for i = 1..=1000; checkpoint j
/// prints MD_1000, which seeds checkpoint j + 1.
fn cavp_sha3_monte<H: Hash<Impl = Impl>>(file: &str, c: Checked) {
    let blocks = parse_blocks(file);
    let seed = blocks.iter().find_map(|b| get(b, "Seed")).expect("seed");
    let mut md = hex(seed);
    let mut checked = 0;
    for b in &blocks {
        let (Some(count), Some(want)) = (get(b, "COUNT"), get(b, "MD")) else {
            continue;
        };
        assert_eq!(count.parse::<usize>().unwrap(), checked, "{file}: order");
        for _ in 0..1000 {
            md = digest::<H>(c, &md);
        }
        assert_eq!(
            to_hex(&md),
            want.to_lowercase(),
            "{file} COUNT={count} on {c:?}"
        );
        checked += 1;
    }
    assert_eq!(checked, 100, "{file}");
}

/// SHAKE ShortMsg and LongMsg files: the output length is the file's
/// `[Outputlen = N]` (128 or 256 bits), which is also each `Output`'s length.
fn cavp_shake_msg<X: Xof<Impl = Impl>>(file: &str, c: Checked, out_bits: usize, want: usize) {
    let text = std::fs::read_to_string(common::vector_path(file)).unwrap();
    assert!(
        text.contains(&format!("[Outputlen = {out_bits}]")),
        "{file}"
    );
    let mut n = 0;
    for b in parse_blocks(file) {
        let (Some(msg), Some(out)) = (message(file, &b), get(&b, "Output")) else {
            continue;
        };
        assert_eq!(out.len() * 4, out_bits, "{file}");
        assert_eq!(
            to_hex(&xof::<X>(c, &msg, out_bits / 8)),
            out.to_lowercase(),
            "{file} Len={} on {c:?}",
            msg.len() * 8
        );
        n += 1;
    }
    assert_eq!(n, want, "{file}: vectors parsed");
}

/// SHAKE VariableOut files: one message per block, `Outputlen` bits.
fn cavp_shake_varout<X: Xof<Impl = Impl>>(file: &str, c: Checked, want: usize) {
    let mut n = 0;
    for b in parse_blocks(file) {
        let (Some(bits), Some(msg), Some(out)) =
            (get(&b, "Outputlen"), get(&b, "Msg"), get(&b, "Output"))
        else {
            continue;
        };
        let bits: usize = bits.parse().unwrap();
        assert_eq!(bits % 8, 0, "{file}: bit-oriented output");
        assert_eq!(out.len() * 4, bits, "{file}");
        assert_eq!(
            to_hex(&xof::<X>(c, &hex(msg), bits / 8)),
            out.to_lowercase(),
            "{file} COUNT={} on {c:?}",
            get(&b, "COUNT").unwrap()
        );
        n += 1;
    }
    assert_eq!(n, want, "{file}: vectors parsed");
}

/// A `[Name (bits) = N]` header value of a CAVP file, in bytes.
fn header_bytes(text: &str, name: &str) -> usize {
    let key = format!("[{name} (bits) = ");
    let at = text.find(&key).unwrap_or_else(|| panic!("no {name}")) + key.len();
    let bits: usize = text[at..]
        .split(']')
        .next()
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert_eq!(bits % 8, 0);
    bits / 8
}

/// The SHAKE Monte Carlo test of SHA3VS section 6.3.3, byte-oriented:
///
/// ```text
/// Output_0 = Msg; Outputlen = maxoutbytes; Range = maxoutbytes - minoutbytes + 1
/// for j in 0..100:
///     for i in 1..=1000:
///         Msg_i = leftmost 16 bytes of Output_{i-1}, zero-padded on the right
///         Output_i = SHAKE(Msg_i, Outputlen bytes)
///         Outputlen = minoutbytes + (rightmost 16 bits of Output_i, big-endian) mod Range
///     checkpoint j: Outputlen (bits) of Output_1000 and Output_1000; Output_0 = Output_1000
/// ```
///
/// The `Outputlen` printed at a checkpoint is the length of the `Output`
/// printed with it (the update inside the loop already ran for the next).
fn cavp_shake_monte<X: Xof<Impl = Impl>>(file: &str, c: Checked) {
    let text = std::fs::read_to_string(common::vector_path(file)).unwrap();
    let min = header_bytes(&text, "Minimum Output Length");
    let max = header_bytes(&text, "Maximum Output Length");
    let range = max - min + 1;
    let blocks = parse_blocks(file);
    let msg = blocks.iter().find_map(|b| get(b, "Msg")).expect("Msg");
    let mut output = hex(msg);
    assert_eq!(output.len(), 16, "{file}: 128-bit seed");
    let mut outlen = max;
    let mut checked = 0;
    for b in &blocks {
        let (Some(count), Some(bits), Some(want)) =
            (get(b, "COUNT"), get(b, "Outputlen"), get(b, "Output"))
        else {
            continue;
        };
        assert_eq!(count.parse::<usize>().unwrap(), checked, "{file}: order");
        let mut this_len = 0;
        for _ in 0..1000 {
            let mut m = [0u8; 16];
            let n = output.len().min(16);
            m[..n].copy_from_slice(&output[..n]);
            this_len = outlen;
            output = xof::<X>(c, &m, outlen);
            let tail = u16::from_be_bytes([output[outlen - 2], output[outlen - 1]]);
            outlen = min + usize::from(tail) % range;
        }
        assert_eq!(
            bits.parse::<usize>().unwrap(),
            this_len * 8,
            "{file} COUNT={count}"
        );
        assert_eq!(
            to_hex(&output),
            want.to_lowercase(),
            "{file} COUNT={count} on {c:?}"
        );
        checked += 1;
    }
    assert_eq!(checked, 100, "{file}");
}

#[test]
fn cavp_sha3_short_long() {
    for_each_impl::<Impl>("cavp_sha3_short_long", |c| {
        cavp_sha3_msg::<Sha3_224>("SHA3_224ShortMsg.rsp", c, 145);
        cavp_sha3_msg::<Sha3_256>("SHA3_256ShortMsg.rsp", c, 137);
        cavp_sha3_msg::<Sha3_384>("SHA3_384ShortMsg.rsp", c, 105);
        cavp_sha3_msg::<Sha3_512>("SHA3_512ShortMsg.rsp", c, 73);
        cavp_sha3_msg::<Sha3_224>("SHA3_224LongMsg.rsp", c, 100);
        cavp_sha3_msg::<Sha3_256>("SHA3_256LongMsg.rsp", c, 100);
        cavp_sha3_msg::<Sha3_384>("SHA3_384LongMsg.rsp", c, 100);
        cavp_sha3_msg::<Sha3_512>("SHA3_512LongMsg.rsp", c, 100);
    });
}

#[test]
fn cavp_sha3_monte_all() {
    for_each_impl::<Impl>("cavp_sha3_monte", |c| {
        cavp_sha3_monte::<Sha3_224>("SHA3_224Monte.rsp", c);
        cavp_sha3_monte::<Sha3_256>("SHA3_256Monte.rsp", c);
        cavp_sha3_monte::<Sha3_384>("SHA3_384Monte.rsp", c);
        cavp_sha3_monte::<Sha3_512>("SHA3_512Monte.rsp", c);
    });
}

#[test]
fn cavp_shake_short_long() {
    for_each_impl::<Impl>("cavp_shake_short_long", |c| {
        cavp_shake_msg::<Shake128>("SHAKE128ShortMsg.rsp", c, 128, 337);
        cavp_shake_msg::<Shake256>("SHAKE256ShortMsg.rsp", c, 256, 273);
        cavp_shake_msg::<Shake128>("SHAKE128LongMsg.rsp", c, 128, 100);
        cavp_shake_msg::<Shake256>("SHAKE256LongMsg.rsp", c, 256, 100);
    });
}

#[test]
fn cavp_shake_variable_out() {
    for_each_impl::<Impl>("cavp_shake_variable_out", |c| {
        cavp_shake_varout::<Shake128>("SHAKE128VariableOut.rsp", c, 1126);
        cavp_shake_varout::<Shake256>("SHAKE256VariableOut.rsp", c, 1246);
    });
}

#[test]
fn cavp_shake_monte_all() {
    for_each_impl::<Impl>("cavp_shake_monte", |c| {
        cavp_shake_monte::<Shake128>("SHAKE128Monte.rsp", c);
        cavp_shake_monte::<Shake256>("SHAKE256Monte.rsp", c);
    });
}

// ---------------------------------------------------------------------------
// A textbook Keccak, straight from FIPS 202 section 3 (loops, the ρ offsets
// computed by the spec's walk, no lane complementing): an independent
// reference for `soft` on any machine.

fn reference_permutation(a: &mut [u64; 25]) {
    let mut rho = [0u32; 25];
    let (mut x, mut y) = (1, 0);
    for t in 0..24 {
        rho[x + 5 * y] = ((t + 1) * (t + 2) / 2 % 64) as u32;
        (x, y) = (y, (2 * x + 3 * y) % 5);
    }
    // ι constants from the LFSR of section 3.2.5.
    let rc_bit = |t: usize| -> u64 {
        let mut r: u16 = 1;
        for _ in 0..t % 255 {
            r <<= 1;
            if r & 0x100 != 0 {
                r ^= 0x171;
            }
        }
        u64::from(r & 1)
    };
    for round in 0..24 {
        let mut c = [0u64; 5];
        for x in 0..5 {
            c[x] = (0..5).fold(0, |acc, y| acc ^ a[x + 5 * y]);
        }
        for x in 0..5 {
            let d = c[(x + 4) % 5] ^ c[(x + 1) % 5].rotate_left(1);
            for y in 0..5 {
                a[x + 5 * y] ^= d;
            }
        }
        let mut b = [0u64; 25];
        for x in 0..5 {
            for y in 0..5 {
                b[y + 5 * ((2 * x + 3 * y) % 5)] = a[x + 5 * y].rotate_left(rho[x + 5 * y]);
            }
        }
        for x in 0..5 {
            for y in 0..5 {
                a[x + 5 * y] = b[x + 5 * y] ^ (!b[(x + 1) % 5 + 5 * y] & b[(x + 2) % 5 + 5 * y]);
            }
        }
        for j in 0..7 {
            a[0] ^= rc_bit(j + 7 * round) << ((1 << j) - 1);
        }
    }
}

/// Byte-at-a-time sponge with pad10*1 and the given domain byte.
fn reference_sponge(rate: usize, domain: u8, msg: &[u8], out_len: usize) -> Vec<u8> {
    let mut padded = msg.to_vec();
    padded.push(domain);
    while !padded.len().is_multiple_of(rate) {
        padded.push(0);
    }
    *padded.last_mut().unwrap() |= 0x80;
    let mut a = [0u64; 25];
    for block in padded.chunks(rate) {
        for (i, &byte) in block.iter().enumerate() {
            a[i / 8] ^= u64::from(byte) << (8 * (i % 8));
        }
        reference_permutation(&mut a);
    }
    let mut out = Vec::new();
    loop {
        for i in 0..rate {
            if out.len() == out_len {
                return out;
            }
            out.push((a[i / 8] >> (8 * (i % 8))) as u8);
        }
        reference_permutation(&mut a);
    }
}

#[test]
fn reference_matches_cavp() {
    // The reference itself must be right before it judges anything.
    for b in parse_blocks("SHA3_256ShortMsg.rsp").iter().take(40) {
        let msg = message("ref", b).unwrap();
        assert_eq!(
            to_hex(&reference_sponge(136, 0x06, &msg, 32)),
            get(b, "MD").unwrap().to_lowercase()
        );
    }
    for b in parse_blocks("SHAKE128ShortMsg.rsp").iter().take(40) {
        let msg = message("ref", b).unwrap();
        assert_eq!(
            to_hex(&reference_sponge(168, 0x1f, &msg, 16)),
            get(b, "Output").unwrap().to_lowercase()
        );
    }
}

/// `soft` (and every other backend) against the textbook Keccak on every
/// length 0..=1100 (more than 2 x 168 + 1: every tail length of every rate,
/// several blocks), all six functions, output past one rate for SHAKE.
#[test]
fn every_impl_against_reference_every_length() {
    let mut rng = Rng(0x5eed_3a3a);
    let data = rng.bytes(1100 + 8);
    for_each_impl::<Impl>("every_impl_against_reference", |c| {
        for len in 0..=1100 {
            let msg = &data[len % 7..len % 7 + len];
            assert_eq!(
                digest::<Sha3_224>(c, msg),
                reference_sponge(144, 6, msg, 28),
                "{len}"
            );
            assert_eq!(
                digest::<Sha3_256>(c, msg),
                reference_sponge(136, 6, msg, 32),
                "{len}"
            );
            assert_eq!(
                digest::<Sha3_384>(c, msg),
                reference_sponge(104, 6, msg, 48),
                "{len}"
            );
            assert_eq!(
                digest::<Sha3_512>(c, msg),
                reference_sponge(72, 6, msg, 64),
                "{len}"
            );
            let n = len % 400;
            assert_eq!(
                xof::<Shake128>(c, msg, n),
                reference_sponge(168, 0x1f, msg, n),
                "{len}"
            );
            assert_eq!(
                xof::<Shake256>(c, msg, n),
                reference_sponge(136, 0x1f, msg, n),
                "{len}"
            );
        }
    });
}

// ---------------------------------------------------------------------------
// Accelerated backends against `soft`.

fn hash_every_length<H: Hash<Impl = Impl>>(seed: u64) {
    let (soft, others) = accelerated::<Impl>();
    if others.is_empty() {
        eprintln!("no accelerated sha3 backend here; soft against itself only");
    }
    let mut rng = Rng(seed);
    let data = rng.bytes(1100 + 64);
    for len in 0..=1100 {
        // Odd offsets too: the backends must not assume alignment.
        let off = len % 7;
        let msg = &data[off..off + len];
        let want = digest::<H>(soft, msg);
        for &c in others.iter().chain([&soft]) {
            assert_eq!(digest::<H>(c, msg), want, "len {len} on {c:?}");

            let cuts = rng.splits(len);
            let mut h = H::with_impl(c);
            feed_split(msg, &cuts, |p| h.update(p));
            assert_eq!(
                h.finalize().as_ref(),
                want,
                "len {len} cuts {cuts:?} on {c:?}"
            );

            // A clone mid-stream finishes independently of the original.
            let mid = rng.below(len + 1);
            let mut h = H::with_impl(c);
            h.update(&msg[..mid]);
            let mut twin = h.clone();
            h.update(&msg[mid..]);
            twin.update(&msg[mid..]);
            assert_eq!(twin.finalize().as_ref(), want);
            assert_eq!(h.finalize().as_ref(), want);
        }
    }
}

#[test]
fn sha3_224_every_length_against_soft() {
    hash_every_length::<Sha3_224>(0x5eed_0224);
}

#[test]
fn sha3_256_every_length_against_soft() {
    hash_every_length::<Sha3_256>(0x5eed_0256);
}

#[test]
fn sha3_384_every_length_against_soft() {
    hash_every_length::<Sha3_384>(0x5eed_0384);
}

#[test]
fn sha3_512_every_length_against_soft() {
    hash_every_length::<Sha3_512>(0x5eed_0512);
}

/// Squeezes `total` bytes in random pieces (some empty).
fn squeeze_split(r: &mut impl XofReader, total: usize, rng: &mut Rng) -> Vec<u8> {
    let mut out = vec![0u8; total];
    let cuts = rng.splits(total);
    let mut at = 0;
    for c in cuts.into_iter().chain([total]) {
        r.squeeze(&mut out[at..c]);
        at = c;
    }
    out
}

fn xof_every_length<X: Xof<Impl = Impl>>(seed: u64)
where
    X::Reader: Clone,
{
    let (soft, others) = accelerated::<Impl>();
    let mut rng = Rng(seed);
    let data = rng.bytes(1100 + 64);
    for len in 0..=1100 {
        let off = len % 7;
        let msg = &data[off..off + len];
        // Output lengths from 0 to past three rates (several squeezes).
        let n = rng.below(3 * X::BLOCK_LEN + 20);
        let want = xof::<X>(soft, msg, n);
        for &c in others.iter().chain([&soft]) {
            assert_eq!(xof::<X>(c, msg, n), want, "len {len} out {n} on {c:?}");

            // Random absorb splits and random squeeze splits.
            let cuts = rng.splits(len);
            let mut x = X::with_impl(c);
            feed_split(msg, &cuts, |p| x.update(p));
            let mut r = x.finalize_xof();
            assert_eq!(
                squeeze_split(&mut r, n, &mut rng),
                want,
                "len {len} out {n} cuts {cuts:?} on {c:?}"
            );

            // A clone mid-stream, and a clone of the reader mid-squeeze.
            let mid = rng.below(len + 1);
            let mut x = X::with_impl(c);
            x.update(&msg[..mid]);
            let mut twin = x.clone();
            x.update(&msg[mid..]);
            twin.update(&msg[mid..]);
            let mut r = twin.finalize_xof();
            let k = rng.below(n + 1);
            let mut head = vec![0u8; k];
            r.squeeze(&mut head);
            let mut r2 = r.clone();
            let mut tail = vec![0u8; n - k];
            r.squeeze(&mut tail);
            let mut tail2 = vec![0u8; n - k];
            r2.squeeze(&mut tail2);
            head.extend_from_slice(&tail);
            assert_eq!(head, want, "reader clone on {c:?}");
            assert_eq!(&tail2[..], &want[k..]);
            assert_eq!(xof::<X>(c, msg, n), want);
            drop(x);
        }
    }
}

#[test]
fn shake128_every_length_against_soft() {
    xof_every_length::<Shake128>(0x5eed_0128);
}

#[test]
fn shake256_every_length_against_soft() {
    xof_every_length::<Shake256>(0x5eed_1256);
}

#[test]
fn long_squeeze_in_odd_pieces() {
    // 100 KiB of SHAKE output in pieces of 0..=300 bytes: many permutations
    // between and inside pieces, every position in the rate.
    let (soft, others) = accelerated::<Impl>();
    let want128 = xof::<Shake128>(soft, b"peregrine", 100 << 10);
    let want256 = xof::<Shake256>(soft, b"peregrine", 100 << 10);
    let mut rng = Rng(11);
    for c in others.into_iter().chain([soft]) {
        for (mut r, want) in [
            (
                Box::new({
                    let mut x = Shake128::with_impl(c);
                    x.update(b"peregrine");
                    x.finalize_xof()
                }) as Box<dyn XofReader>,
                &want128,
            ),
            (
                Box::new({
                    let mut x = Shake256::with_impl(c);
                    x.update(b"peregrine");
                    x.finalize_xof()
                }),
                &want256,
            ),
        ] {
            let mut got = vec![0u8; want.len()];
            let mut at = 0;
            while at < got.len() {
                let n = rng.below(301).min(got.len() - at);
                r.squeeze(&mut got[at..at + n]);
                at += n;
            }
            assert!(got == *want, "{c:?}");
        }
    }
}

#[test]
fn long_stream_in_odd_pieces() {
    // 1 MiB + 13 bytes in pieces of 1..=300 bytes: every buffer position.
    let (soft, others) = accelerated::<Impl>();
    let mut rng = Rng(7);
    let data = rng.bytes((1 << 20) + 13);
    let want = digest::<Sha3_256>(soft, &data);
    let want_x = xof::<Shake128>(soft, &data, 64);
    for c in others.into_iter().chain([soft]) {
        let mut h = Sha3_256::with_impl(c);
        let mut x = Shake128::with_impl(c);
        let mut at = 0;
        while at < data.len() {
            let n = (1 + rng.below(300)).min(data.len() - at);
            h.update(&data[at..at + n]);
            x.update(&data[at..at + n]);
            at += n;
        }
        assert_eq!(h.finalize().to_vec(), want, "{c:?}");
        let mut out = [0u8; 64];
        x.finalize_xof().squeeze(&mut out);
        assert_eq!(out.to_vec(), want_x, "{c:?}");
    }
}

#[test]
fn one_shots_and_constants() {
    let soft = Impl::Soft.check().unwrap();
    assert_eq!(
        sha3::sha3_224(b"abc").to_vec(),
        digest::<Sha3_224>(soft, b"abc")
    );
    assert_eq!(
        sha3::sha3_256(b"abc").to_vec(),
        digest::<Sha3_256>(soft, b"abc")
    );
    assert_eq!(
        sha3::sha3_384(b"abc").to_vec(),
        digest::<Sha3_384>(soft, b"abc")
    );
    assert_eq!(
        sha3::sha3_512(b"abc").to_vec(),
        digest::<Sha3_512>(soft, b"abc")
    );
    let mut out = [0u8; 200];
    sha3::shake128(b"abc", &mut out);
    assert_eq!(out.to_vec(), xof::<Shake128>(soft, b"abc", 200));
    sha3::shake256(b"abc", &mut out);
    assert_eq!(out.to_vec(), xof::<Shake256>(soft, b"abc", 200));

    assert_eq!(
        (Sha3_224::NAME, Sha3_224::BLOCK_LEN, Sha3_224::OUTPUT_LEN),
        ("SHA3-224", 144, 28)
    );
    assert_eq!(
        (Sha3_256::NAME, Sha3_256::BLOCK_LEN, Sha3_256::OUTPUT_LEN),
        ("SHA3-256", 136, 32)
    );
    assert_eq!(
        (Sha3_384::NAME, Sha3_384::BLOCK_LEN, Sha3_384::OUTPUT_LEN),
        ("SHA3-384", 104, 48)
    );
    assert_eq!(
        (Sha3_512::NAME, Sha3_512::BLOCK_LEN, Sha3_512::OUTPUT_LEN),
        ("SHA3-512", 72, 64)
    );
    assert_eq!(
        (Shake128::NAME, Shake128::BLOCK_LEN, Shake128::DEFAULT_LEN),
        ("SHAKE-128", 168, 16)
    );
    assert_eq!(
        (Shake256::NAME, Shake256::BLOCK_LEN, Shake256::DEFAULT_LEN),
        ("SHAKE-256", 136, 32)
    );
    // `fresh` keeps the backend and starts empty.
    let mut h = Sha3_256::with_impl(soft);
    h.update(b"junk");
    let mut f = h.fresh();
    f.update(b"abc");
    assert_eq!(f.finalize(), sha3::sha3_256(b"abc"));
    assert_eq!(h.backend(), "soft");
}

#[test]
fn best_is_the_first_runnable_backend() {
    // Armv8 where the CPU has SHA-3, Bmi2 on x86_64 with BMI1+BMI2, else
    // Soft; judged by std's detection, not by Peregrine's own.
    let want = *Impl::ALL
        .iter()
        .find(|&&b| common::expected_runnable(b))
        .unwrap();
    let best = Impl::best().get();
    assert_eq!(best, want);
    assert_eq!(Sha3_256::new().imp(), best);
    assert_eq!(Shake128::new().backend(), best.name());
    eprintln!("best sha3 backend here: {}", best.name());
}
