//! GHASH on every backend.
//!
//! - Known answers: the GHASH(H, A, C) values of test cases 1-6 of McGrew
//!   and Viega, "The Galois/Counter Mode of Operation (GCM)" (the revised
//!   spec submitted to NIST), with H = AES_K(0^128) derived here with
//!   `peregrine::cipher::aes::Aes` and checked against the spec's H; the
//!   hashed J0 of cases 5 and 6 (GHASH(H, {}, IV)); and the tags
//!   E_K(Y0) ^ GHASH. Every vector on every backend, whole and in random
//!   pieces.
//! - An independent bit-serial model (SP 800-38D algorithm 1, written here)
//!   against `soft` on random keys and data.
//! - Every accelerated backend against `soft`: random H and H with the top
//!   or bottom bits set, H = 0, H = all-ones; data of every length
//!   0..=16*40+1 (past the 16-block VPCLMULQDQ loop twice, every tail of
//!   every backend), one shot, random streaming splits, `update_padded`
//!   pieces, clones mid-stream, odd offsets.
//! - Which backends ran: `GHASH_EXPECT=pclmul,soft` makes a run assert its
//!   tier exactly (for `qemu-x86_64 -cpu Westmere-v1` and the like).

mod common;

use common::{Rng, accelerated, feed_split, for_each_impl, hex, to_hex};
use peregrine::aead::ghash::{Checked, Ghash, Impl};
use peregrine::cipher::aes::Aes;

type Block = [u8; 16];

/// The longest message of the every-length tests.
const MAX_LEN: usize = 16 * 40 + 1;

struct Case {
    key: &'static str,
    h: &'static str,
    iv: &'static str,
    aad: &'static str,
    ct: &'static str,
    y0: &'static str,
    ghash: &'static str,
    tag: &'static str,
}

const K1: &str = "feffe9928665731c6d6a8f9467308308";
const H1: &str = "b83b533708bf535d0aa6e52980d53b78";
const AAD: &str = "feedfacedeadbeeffeedfacedeadbeefabaddad2";

/// McGrew–Viega GCM spec, test cases 1-6 (AES-128).
const CASES: [Case; 6] = [
    Case {
        key: "00000000000000000000000000000000",
        h: "66e94bd4ef8a2c3b884cfa59ca342b2e",
        iv: "000000000000000000000000",
        aad: "",
        ct: "",
        y0: "00000000000000000000000000000001",
        ghash: "00000000000000000000000000000000",
        tag: "58e2fccefa7e3061367f1d57a4e7455a",
    },
    Case {
        key: "00000000000000000000000000000000",
        h: "66e94bd4ef8a2c3b884cfa59ca342b2e",
        iv: "000000000000000000000000",
        aad: "",
        ct: "0388dace60b6a392f328c2b971b2fe78",
        y0: "00000000000000000000000000000001",
        ghash: "f38cbb1ad69223dcc3457ae5b6b0f885",
        tag: "ab6e47d42cec13bdf53a67b21257bddf",
    },
    Case {
        key: K1,
        h: H1,
        iv: "cafebabefacedbaddecaf888",
        aad: "",
        ct: "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e\
             21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985",
        y0: "cafebabefacedbaddecaf88800000001",
        ghash: "7f1b32b81b820d02614f8895ac1d4eac",
        tag: "4d5c2af327cd64a62cf35abd2ba6fab4",
    },
    Case {
        key: K1,
        h: H1,
        iv: "cafebabefacedbaddecaf888",
        aad: AAD,
        ct: "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e\
             21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091",
        y0: "cafebabefacedbaddecaf88800000001",
        ghash: "698e57f70e6ecc7fd9463b7260a9ae5f",
        tag: "5bc94fbc3221a5db94fae95ae7121a47",
    },
    Case {
        key: K1,
        h: H1,
        iv: "cafebabefacedbad",
        aad: AAD,
        ct: "61353b4c2806934a777ff51fa22a4755699b2a714fcdc6f83766e5f97b6c7423\
             73806900e49f24b22b097544d4896b424989b5e1ebac0f07c23f4598",
        y0: "c43a83c4c4badec4354ca984db252f7d",
        ghash: "df586bb4c249b92cb6922877e444d37b",
        tag: "3612d2e79e3b0785561be14aaca2fccb",
    },
    Case {
        key: K1,
        h: H1,
        iv: "9313225df88406e555909c5aff5269aa6a7a9538534f7da1e4c303d2a318a728\
             c3c0c95156809539fcf0e2429a6b525416aedbf5a0de6a57a637b39b",
        aad: AAD,
        ct: "8ce24998625615b603a033aca13fb894be9112a5c3a211a8ba262a3cca7e2ca7\
             01e4a9a4fba43c90ccdcb281d48c7c6fd62875d2aca417034c34aee5",
        y0: "3bab75780a31c059f83d2a44752f9864",
        ghash: "1c5afe9760d3932f3c9a878aac3dc3de",
        tag: "619cc5aefffe0bfa462af43c1699d050",
    },
];

fn lens(a: usize, c: usize) -> Block {
    let mut l = [0u8; 16];
    l[..8].copy_from_slice(&((a as u64) * 8).to_be_bytes());
    l[8..].copy_from_slice(&((c as u64) * 8).to_be_bytes());
    l
}

/// GHASH(H, A, C) as GCM computes it: A and C each zero-padded, then the
/// lengths block.
fn gcm_ghash(imp: Checked, h: &Block, a: &[u8], c: &[u8]) -> Block {
    let mut g = Ghash::with_impl(h, imp);
    g.update_padded(a);
    g.update_padded(c);
    g.update(&lens(a.len(), c.len()));
    g.finalize()
}

/// The same through `update` only: the padded concatenation, fed in the
/// pieces `cuts`.
fn gcm_ghash_split(imp: Checked, h: &Block, a: &[u8], c: &[u8], cuts: &[usize]) -> Block {
    let pad = |v: &[u8]| {
        let mut v = v.to_vec();
        v.resize(v.len().div_ceil(16) * 16, 0);
        v
    };
    let mut all = pad(a);
    all.extend(pad(c));
    all.extend(lens(a.len(), c.len()));
    let mut g = Ghash::with_impl(h, imp);
    let cuts: Vec<usize> = cuts.iter().map(|&x| x % (all.len() + 1)).collect();
    let mut cuts = cuts;
    cuts.sort_unstable();
    feed_split(&all, &cuts, |p| g.update(p));
    g.finalize()
}

#[test]
fn gcm_spec_cases_1_to_6() {
    let mut rng = Rng(0x6763_6d5f_6b61_7473);
    for (n, case) in CASES.iter().enumerate() {
        let aes = Aes::new(&hex(case.key)).unwrap();
        let mut h = [0u8; 16];
        aes.encrypt_block(&mut h);
        assert_eq!(to_hex(&h), case.h, "case {}: H = AES_K(0)", n + 1);
        let (iv, a, c) = (hex(case.iv), hex(case.aad), hex(case.ct));
        for_each_impl::<Impl>(&format!("gcm spec case {}", n + 1), |imp| {
            let name = imp.get().name();
            let s = gcm_ghash(imp, &h, &a, &c);
            assert_eq!(to_hex(&s), case.ghash, "case {} on {name}", n + 1);
            for _ in 0..20 {
                let cuts = rng.splits(200);
                let s2 = gcm_ghash_split(imp, &h, &a, &c, &cuts);
                assert_eq!(
                    to_hex(&s2),
                    case.ghash,
                    "case {} on {name}, {cuts:?}",
                    n + 1
                );
            }
            let y0 = if iv.len() == 12 {
                let mut y = [0u8; 16];
                y[..12].copy_from_slice(&iv);
                y[15] = 1;
                y
            } else {
                gcm_ghash(imp, &h, &[], &iv)
            };
            assert_eq!(to_hex(&y0), case.y0, "case {} Y0 on {name}", n + 1);
            let mut t = y0;
            aes.encrypt_block(&mut t);
            for (t, s) in t.iter_mut().zip(s) {
                *t ^= s;
            }
            assert_eq!(to_hex(&t), case.tag, "case {} tag on {name}", n + 1);
        });
    }
}

/// SP 800-38D algorithm 1, bit by bit.
fn model_mul(x: u128, y: u128) -> u128 {
    let mut z = 0u128;
    let mut v = y;
    for i in 0..128 {
        if (x >> (127 - i)) & 1 == 1 {
            z ^= v;
        }
        v = if v & 1 == 1 {
            (v >> 1) ^ (0xe1 << 120)
        } else {
            v >> 1
        };
    }
    z
}

/// GHASH of `data` zero-padded to whole blocks.
fn model_ghash(h: &Block, data: &[u8]) -> Block {
    let h = u128::from_be_bytes(*h);
    let mut y = 0u128;
    for m in data.chunks(16) {
        let mut b = [0u8; 16];
        b[..m.len()].copy_from_slice(m);
        y = model_mul(y ^ u128::from_be_bytes(b), h);
    }
    y.to_be_bytes()
}

fn one_shot(imp: Checked, h: &Block, data: &[u8]) -> Block {
    let mut g = Ghash::with_impl(h, imp);
    g.update(data);
    g.finalize()
}

/// The keys of the cross tests: edge cases, then random ones.
fn keys(rng: &mut Rng, random: usize) -> Vec<Block> {
    let mut top = [0u8; 16];
    top[0] = 0x80;
    let mut bottom = [0u8; 16];
    bottom[15] = 1;
    let mut both = top;
    both[15] = 1;
    let mut ks = vec![[0u8; 16], [0xff; 16], top, bottom, both, {
        // The top and bottom bits of each half set (carries of the twist
        // and of the Karatsuba halves).
        let mut k = [0u8; 16];
        k[0] = 0x80;
        k[7] = 0x01;
        k[8] = 0x80;
        k[15] = 0x01;
        k
    }];
    for _ in 0..random {
        let mut k: Block = rng.bytes(16).try_into().unwrap();
        k[0] |= 0x80;
        ks.push(k);
    }
    for _ in 0..random {
        ks.push(rng.bytes(16).try_into().unwrap());
    }
    ks
}

#[test]
fn soft_against_bit_serial_model() {
    let (soft, _) = accelerated::<Impl>();
    let mut rng = Rng(1);
    for h in keys(&mut rng, 3) {
        let data = rng.bytes(16 * 9 + 1);
        for len in 0..=data.len() {
            assert_eq!(
                one_shot(soft, &h, &data[..len]),
                model_ghash(&h, &data[..len]),
                "soft, h {}, len {len}",
                to_hex(&h)
            );
        }
    }
    let h = rng.bytes(16).try_into().unwrap();
    let data = rng.bytes(4000);
    assert_eq!(one_shot(soft, &h, &data), model_ghash(&h, &data));
}

#[test]
fn every_length_against_soft() {
    let (soft, others) = accelerated::<Impl>();
    let names: Vec<_> = others.iter().map(|c| c.get().name()).collect();
    eprintln!("every_length_against_soft: soft against {names:?}");
    let mut rng = Rng(2);
    for h in keys(&mut rng, 3) {
        // One byte of slack for the odd-offset run.
        let buf = rng.bytes(MAX_LEN + 1);
        for len in 0..=MAX_LEN {
            let data = &buf[..len];
            let want = one_shot(soft, &h, data);
            for &imp in &others {
                let name = imp.get().name();
                let ctx = || format!("{name}, h {}, len {len}", to_hex(&h));
                assert_eq!(one_shot(imp, &h, data), want, "one shot: {}", ctx());
                assert_eq!(
                    one_shot(imp, &h, &buf[1..len + 1]),
                    one_shot(soft, &h, &buf[1..len + 1]),
                    "odd offset: {}",
                    ctx()
                );
                let cuts = rng.splits(len);
                let mut g = Ghash::with_impl(&h, imp);
                feed_split(data, &cuts, |p| g.update(p));
                assert_eq!(g.finalize(), want, "split {cuts:?}: {}", ctx());
            }
        }
    }
}

#[test]
fn padded_pieces_and_clones_against_soft() {
    let (soft, others) = accelerated::<Impl>();
    let mut rng = Rng(3);
    for h in keys(&mut rng, 2) {
        for _ in 0..300 {
            let n = 1 + rng.below(4);
            let pieces: Vec<Vec<u8>> = (0..n)
                .map(|_| {
                    let l = rng.below(MAX_LEN);
                    rng.bytes(l)
                })
                .collect();
            let run = |imp: Checked| {
                let mut g = Ghash::with_impl(&h, imp);
                let mut mids = Vec::new();
                for p in &pieces {
                    g.update_padded(p);
                    // A clone mid-stream, fed a partial block, must not
                    // disturb the original.
                    let mut c = g.clone();
                    c.update(&p[..p.len().min(7)]);
                    mids.push(c.finalize());
                }
                (g.finalize(), mids)
            };
            let want = run(soft);
            let mut cat = Vec::new();
            for p in &pieces {
                cat.extend_from_slice(p);
                cat.resize(cat.len().div_ceil(16) * 16, 0);
            }
            assert_eq!(
                want.0,
                model_ghash(&h, &cat),
                "soft padded, h {}",
                to_hex(&h)
            );
            for &imp in &others {
                assert_eq!(
                    run(imp),
                    want,
                    "{} padded, h {}",
                    imp.get().name(),
                    to_hex(&h)
                );
            }
        }
    }
}

#[test]
fn long_messages_against_soft() {
    // Several 16 KiB runs (the benchmark size) and odd lengths around it.
    let (soft, others) = accelerated::<Impl>();
    let mut rng = Rng(4);
    for len in [16384, 16384 + 15 * 16, 16384 + 7 * 16 + 5, 65536 + 16] {
        let h: Block = rng.bytes(16).try_into().unwrap();
        let data = rng.bytes(len);
        let want = one_shot(soft, &h, &data);
        for &imp in &others {
            assert_eq!(
                one_shot(imp, &h, &data),
                want,
                "{} len {len}",
                imp.get().name()
            );
        }
    }
}

#[test]
fn expected_tier() {
    let ran = for_each_impl::<Impl>("ghash tier", |imp| {
        let h = [0x42; 16];
        let _ = one_shot(imp, &h, &[1; 48]);
    });
    if let Ok(want) = std::env::var("GHASH_EXPECT") {
        let want: Vec<&str> = want.split(',').map(str::trim).collect();
        assert_eq!(ran, want, "GHASH_EXPECT");
    }
    // The best backend is the first that ran.
    assert_eq!(Impl::best().get().name(), ran[0]);
}
