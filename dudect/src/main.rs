//! dudect (Reparaz, Balasch, Verbauwhede, "Dude, is my code constant
//! time?", DATE 2017) for the checks whose timing would leak a secret:
//! Welch's t-test between the running times of two classes of inputs. A
//! leak shows as |t| growing with the number of samples; constant-time
//! code stays below the threshold (|t| < 10 at 10^6 samples per class is
//! the bar we use; `scripts/dudect.sh` documents it and how to run it).
//!
//! | bench | Left class | Right class |
//! |---|---|---|
//! | `tag_compare` | equal 16-byte tags | tags differing in the first byte |
//! | `aead_open` | AES-128-GCM open, the tag's first byte wrong | its last byte wrong (both rejected: the verdict is public; the comparison must not exit early) |
//! | `chacha_open` | ChaCha20-Poly1305 open (1 KiB), the tag's first byte wrong | its last byte wrong |
//! | `poly1305_tag` | Poly1305 of 1 KiB of zeros | of 1 KiB of random bytes (same key) |
//! | `cbc_unpad` | a valid PKCS#7 padding | an invalid one (last byte 0x10..0xff... varied) |
//! | `oaep_decrypt` | RSA-2048 OAEP-SHA256 of a valid message | a random value below n (malformed) |
//! | `rsa_private` | RSA-2048 signature with key A | the same message with key B (another private exponent) |
//! | `x25519` | X25519 with one fixed secret scalar | with a fresh random scalar each time (same peer point); the best kernel: `ifma512` or `ifma` (the four-way AVX-512 IFMA ladder, the same in both) where the CPU has it |
//! | `x25519_many` | `x25519_many` of 8 pairs (the zmm lanes of `ifma512`, or `ifma`'s two ymm calls), a fixed set of eight scalars | eight fresh random scalars (same peer points) |
//! | `ed25519_sign` | Ed25519 signature of one fixed message (one nonce) | of a random message each time (a fresh secret nonce, table scans and scalar arithmetic on it); the best kernel: `ifma512` (the comb's halves side by side in zmm) where zmm is in force |
//! | `ecdsa_p256_sign` | ECDSA P-256 (RFC 6979, SHA-256) of one fixed message | of a random message each time (a fresh secret nonce) |
//! | `ecdh_p256` | P-256 ECDH with one fixed private key | with a fresh random private key each time (same peer point; the keys are made before the measurements) |
//! | `ecdh_p521` | P-521 ECDH with one fixed private key | with a fresh random private key each time (the low 32 bytes random, the rest fixed; same peer point) |

use dudect_bencher::rand::Rng;
use dudect_bencher::{BenchRng, Class, CtRunner, ctbench_main};
use peregrine::aead::Aead;
use peregrine::aead::aes_gcm::AesGcm;
use peregrine::aead::chacha20_poly1305::ChaCha20Poly1305;
use peregrine::ec::curve25519::{ed25519, x25519};
use peregrine::ec::nist::{p256, p521};
use peregrine::hash::sha256::Sha256;
use peregrine::rsa::RsaPrivateKey;

/// Samples per class in one pass (dudect-bencher repeats passes with
/// `--continuous`).
const N: usize = 100_000;
/// RSA operations cost about a millisecond each.
const N_RSA: usize = 2_000;

fn classes(rng: &mut BenchRng, n: usize) -> Vec<Class> {
    (0..n)
        .map(|_| {
            if rng.next_u32() & 1 == 0 {
                Class::Left
            } else {
                Class::Right
            }
        })
        .collect()
}

fn tag_compare(runner: &mut CtRunner, rng: &mut BenchRng) {
    let mut a = [0u8; 16];
    rng.fill_bytes(&mut a);
    let mut bad = a;
    bad[0] ^= 1;
    for c in classes(rng, N) {
        let b = if matches!(c, Class::Left) { a } else { bad };
        runner.run_one(c, || peregrine::ct::ct_eq(&a, &b));
    }
}

/// The longest sealed message `forged_open` handles.
const MAX_SEALED: usize = 1024 + 16;

#[repr(align(64))]
struct Aligned([u8; MAX_SEALED]);

/// Opens two forgeries of one sealed `MSG`-byte message: both classes take
/// the rejection path (whose verdict is public anyway), the tag wrong in
/// its first byte against wrong in its last. An early-exit comparison
/// would tell them apart.
fn forged_open<const MSG: usize>(runner: &mut CtRunner, rng: &mut BenchRng, g: &dyn Aead) {
    let nonce = [9u8; 12];
    let msg = [0x42u8; MSG];
    let good = g.seal(&nonce, b"", &msg).expect("seal");
    let n = good.len();
    // Both forgeries at the same alignment (64): two separate heap
    // buffers differed in their offsets within a cache line, which showed
    // as |t| up to 40 whose sign changed from run to run.
    let mut first = Box::new(Aligned([0; MAX_SEALED]));
    first.0[..n].copy_from_slice(&good);
    first.0[MSG] ^= 1;
    let mut last = Box::new(Aligned([0; MAX_SEALED]));
    last.0[..n].copy_from_slice(&good);
    last.0[n - 1] ^= 1;
    for c in classes(rng, N) {
        let s = if matches!(c, Class::Left) {
            &first.0[..n]
        } else {
            &last.0[..n]
        };
        runner.run_one(c, || {
            let mut out = [0u8; MSG];
            g.open_into(&nonce, b"", s, &mut out).is_ok()
        });
    }
}

/// AES-GCM open on the best pairing: 1 KiB, so that on an AVX-512 host
/// the zmm fused kernel (`vaes512+vpclmul512`, which valgrind cannot run)
/// runs its 16-block steps, then the ymm tail.
fn aead_open(runner: &mut CtRunner, rng: &mut BenchRng) {
    let g = AesGcm::new(&[7u8; 16]).expect("key");
    forged_open::<1024>(runner, rng, &g);
}

/// ChaCha20-Poly1305 open on the best pairing (on an AVX-512 host the
/// EVEX ChaCha20 and, where present, the IFMA Poly1305, which valgrind
/// cannot run).
fn chacha_open(runner: &mut CtRunner, rng: &mut BenchRng) {
    let g = ChaCha20Poly1305::new(&[7u8; 32]).expect("key");
    forged_open::<1024>(runner, rng, &g);
}

/// Poly1305 on the best backend: two messages of equal length and
/// different content (all zero against random) under one key.
fn poly1305_tag(runner: &mut CtRunner, rng: &mut BenchRng) {
    let mut key = [0u8; 32];
    rng.fill_bytes(&mut key);
    let zero = [0u8; 1024];
    let mut random = [0u8; 1024];
    rng.fill_bytes(&mut random);
    for c in classes(rng, N) {
        let m = if matches!(c, Class::Left) {
            &zero
        } else {
            &random
        };
        runner.run_one(c, || peregrine::mac::poly1305::poly1305(&key, m));
    }
}

fn cbc_unpad(runner: &mut CtRunner, rng: &mut BenchRng) {
    let inputs: Vec<(Class, [u8; 32])> = classes(rng, N)
        .into_iter()
        .map(|c| {
            let mut b = [0u8; 32];
            rng.fill_bytes(&mut b);
            let pad = 1 + (rng.next_u32() % 16) as u8;
            if matches!(c, Class::Left) {
                for x in &mut b[32 - pad as usize..] {
                    *x = pad;
                }
            } else {
                // The last byte says `pad` but one padding byte is wrong.
                for x in &mut b[32 - pad as usize..] {
                    *x = pad;
                }
                let i = 32 - 1 - (rng.next_u32() % u32::from(pad)) as usize;
                b[i] ^= 0x80;
            }
            (c, b)
        })
        .collect();
    for (c, b) in inputs {
        runner.run_one(c, || peregrine::mode::cbc::pkcs7_unpad(&b).is_ok());
    }
}

fn key(bits: usize) -> RsaPrivateKey {
    let der = peregrine::registry::rsa_bench_key(bits).expect("bench key");
    RsaPrivateKey::from_pkcs8_der(der).expect("bench key parses")
}

fn oaep_decrypt(runner: &mut CtRunner, rng: &mut BenchRng) {
    let k = key(2048);
    let public = k.public_key().clone();
    let inputs: Vec<(Class, Vec<u8>)> = classes(rng, N_RSA)
        .into_iter()
        .map(|c| {
            if matches!(c, Class::Left) {
                let mut m = [0u8; 32];
                rng.fill_bytes(&mut m);
                (c, public.encrypt_oaep::<Sha256>(&m, b"").expect("encrypt"))
            } else {
                let mut v = vec![0u8; 256];
                rng.fill_bytes(&mut v);
                v[0] = 0; // below n
                (c, v)
            }
        })
        .collect();
    for (c, ct) in inputs {
        runner.run_one(c, || k.decrypt_oaep::<Sha256>(&ct, b"").is_ok());
    }
}

fn rsa_private(runner: &mut CtRunner, rng: &mut BenchRng) {
    let a = key(2048);
    let b = RsaPrivateKey::generate(2048).expect("keygen");
    let msg = [0x5au8; 32];
    for c in classes(rng, N_RSA) {
        let k = if matches!(c, Class::Left) { &a } else { &b };
        runner.run_one(c, || k.sign_pkcs1v15::<Sha256>(&msg).map(|s| s[0]));
    }
}

/// Curve operations cost tens of microseconds.
const N_EC: usize = 20_000;

fn random32(rng: &mut BenchRng) -> [u8; 32] {
    let mut b = [0u8; 32];
    rng.fill_bytes(&mut b);
    b
}

/// `N_EC` inputs: `fixed` for the left class, fresh random bytes for the
/// right.
fn fixed_or_random(rng: &mut BenchRng, fixed: [u8; 32]) -> Vec<(Class, [u8; 32])> {
    classes(rng, N_EC)
        .into_iter()
        .map(|c| match c {
            Class::Left => (c, fixed),
            Class::Right => (c, random32(rng)),
        })
        .collect()
}

fn x25519(runner: &mut CtRunner, rng: &mut BenchRng) {
    let fixed = random32(rng);
    let peer = x25519::public_key(&random32(rng));
    let inputs = fixed_or_random(rng, fixed);
    for (c, k) in inputs {
        runner.run_one(c, || x25519::x25519(&k, &peer).map(|s| s[0]));
    }
}

fn x25519_many(runner: &mut CtRunner, rng: &mut BenchRng) {
    // A fixed set of eight different scalars (not one scalar in every
    // lane: identical lanes would differ from random ones in more than the
    // secret's value).
    let fixed: Vec<[u8; 32]> = (0..8).map(|_| random32(rng)).collect();
    let peers: Vec<[u8; 32]> = (0..8).map(|_| x25519::public_key(&random32(rng))).collect();
    // Every input made before the first measurement (as `fixed_or_random`
    // does): generating the random ones between measurements disturbs the
    // caches and predictors for one class only.
    let inputs: Vec<(Class, Vec<[u8; 32]>)> = classes(rng, N_EC / 8)
        .into_iter()
        .map(|c| match c {
            Class::Left => (c, fixed.clone()),
            Class::Right => (c, (0..8).map(|_| random32(rng)).collect()),
        })
        .collect();
    for (c, k) in inputs {
        runner.run_one(c, || {
            let mut out = [[0u8; 32]; 8];
            x25519::x25519_many(&k, &peers, &mut out).map(|()| out[7][0])
        });
    }
}

fn ed25519_sign(runner: &mut CtRunner, rng: &mut BenchRng) {
    let key = ed25519::SigningKey::from_seed(&random32(rng));
    let fixed = random32(rng);
    let inputs = fixed_or_random(rng, fixed);
    for (c, m) in inputs {
        runner.run_one(c, || key.sign(&m)[0]);
    }
}

fn ecdsa_p256_sign(runner: &mut CtRunner, rng: &mut BenchRng) {
    let mut d = random32(rng);
    d[0] &= 0x7f; // below n
    let key = p256::PrivateKey::from_bytes(&d).expect("a scalar below n");
    let fixed = random32(rng);
    let inputs = fixed_or_random(rng, fixed);
    for (c, m) in inputs {
        runner.run_one(c, || key.sign_deterministic::<Sha256>(&m).to_bytes()[0]);
    }
}

fn ecdh_p256(runner: &mut CtRunner, rng: &mut BenchRng) {
    let below_n = |mut d: [u8; 32]| {
        d[0] &= 0x7f;
        d[31] |= 1; // not zero
        p256::PrivateKey::from_bytes(&d).expect("a scalar in 1..n")
    };
    let peer = below_n(random32(rng)).public_key().to_uncompressed();
    let peer = p256::PublicKey::from_sec1(&peer).expect("a point on the curve");
    let fixed = random32(rng);
    let keys: Vec<(Class, p256::PrivateKey)> = fixed_or_random(rng, fixed)
        .into_iter()
        .map(|(c, d)| (c, below_n(d)))
        .collect();
    for (c, k) in &keys {
        runner.run_one(*c, || k.diffie_hellman(&peer).map(|s| s[0]));
    }
}

/// P-521 ECDH: the class's 32 random bytes fill the scalar's low half
/// (the top bytes fixed, so every scalar is in 1..n); the radix-2^58
/// field product and its folds run on every operation.
fn ecdh_p521(runner: &mut CtRunner, rng: &mut BenchRng) {
    let below_n = |d32: [u8; 32]| {
        let mut d = [0x5au8; 66];
        d[0] = 0x01;
        d[1] = 0x23;
        d[34..].copy_from_slice(&d32);
        p521::PrivateKey::from_bytes(&d).expect("a scalar in 1..n")
    };
    let peer = below_n(random32(rng)).public_key().to_uncompressed();
    let peer = p521::PublicKey::from_sec1(&peer).expect("a point on the curve");
    let fixed = random32(rng);
    let keys: Vec<(Class, p521::PrivateKey)> = fixed_or_random(rng, fixed)
        .into_iter()
        .map(|(c, d)| (c, below_n(d)))
        .collect();
    for (c, k) in &keys {
        runner.run_one(*c, || k.diffie_hellman(&peer).map(|s| s[0]));
    }
}

ctbench_main!(
    tag_compare,
    aead_open,
    chacha_open,
    poly1305_tag,
    cbc_unpad,
    oaep_decrypt,
    rsa_private,
    x25519,
    x25519_many,
    ed25519_sign,
    ecdsa_p256_sign,
    ecdh_p256,
    ecdh_p521
);
