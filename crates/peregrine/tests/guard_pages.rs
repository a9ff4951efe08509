//! Inputs and outputs against `PROT_NONE` guard pages, on every backend and
//! every tail length: an over-read or over-write of even one byte past the
//! end (or before the start) of a buffer faults, and the bytes of the same
//! page outside the buffer are checked to be untouched.
//!
//! - Every algorithm of the registry on every backend the CPU can run, in
//!   both directions where there are two, through its in-place benchmark
//!   entry point (the same closures `peregrine speed` times): lengths
//!   0..=300 (every SIMD tail after several whole steps) and a few long
//!   ones, with the buffer's end on a guard page and, separately, its
//!   start just after one.
//! - The out-of-place entry points: AES-ECB/CBC/CTR/CFB/OFB `*_to` with source and
//!   destination both guarded, and every AEAD pairing's `seal_into` and
//!   `open_into` with the plaintext, AAD, sealed text and output guarded.
#![cfg(unix)]

mod common;

use common::{Rng, accelerated};
use peregrine::aead::Aead;
use peregrine::registry::{ALGORITHMS, BenchOptions, Kind};

/// Memory with a `PROT_NONE` page on each side of `pages` usable pages.
struct Guarded {
    base: *mut u8,
    page: usize,
    pages: usize,
}

const CANARY: u8 = 0xa5;

impl Guarded {
    fn new(max_len: usize) -> Guarded {
        // SAFETY: sysconf has no memory preconditions.
        let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) } as usize;
        let pages = max_len.div_ceil(page) + 1;
        let total = (pages + 2) * page;
        // SAFETY: an anonymous private mapping of `total` bytes, checked
        // below; the guard pages are then made inaccessible.
        let base = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                total,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        assert_ne!(base, libc::MAP_FAILED, "mmap");
        let base = base.cast::<u8>();
        // SAFETY: both ranges are whole pages inside the mapping.
        unsafe {
            assert_eq!(libc::mprotect(base.cast(), page, libc::PROT_NONE), 0);
            assert_eq!(
                libc::mprotect(base.add((pages + 1) * page).cast(), page, libc::PROT_NONE),
                0
            );
        }
        Guarded { base, page, pages }
    }

    /// The usable pages, filled with the canary.
    fn usable(&mut self) -> &mut [u8] {
        // SAFETY: the pages between the guards are mapped read-write, owned
        // by `self`, and borrowed mutably through `&mut self` only.
        unsafe { std::slice::from_raw_parts_mut(self.base.add(self.page), self.pages * self.page) }
    }

    /// A `len`-byte buffer filled from `data`, ending at the upper guard
    /// page (`at_end`) or starting right after the lower one, with the
    /// rest of the usable pages set to the canary. Returns the offset.
    fn place(&mut self, data: &[u8], at_end: bool) -> usize {
        let u = self.usable();
        u.fill(CANARY);
        let off = if at_end { u.len() - data.len() } else { 0 };
        u[off..off + data.len()].copy_from_slice(data);
        off
    }

    fn slice(&mut self, off: usize, len: usize) -> &mut [u8] {
        &mut self.usable()[off..off + len]
    }

    /// Every byte outside `off..off + len` still holds the canary.
    fn untouched(&mut self, off: usize, len: usize) -> bool {
        let u = self.usable();
        u[..off].iter().chain(&u[off + len..]).all(|&b| b == CANARY)
    }
}

impl Drop for Guarded {
    fn drop(&mut self) {
        // SAFETY: unmaps exactly the mapping made in `new`.
        unsafe { libc::munmap(self.base.cast(), (self.pages + 2) * self.page) };
    }
}

fn lengths() -> Vec<usize> {
    let mut v: Vec<usize> = (0..=300).collect();
    v.extend([511, 512, 513, 1023, 1024, 1025, 4096 + 17, 16384 + 5]);
    v
}

/// Every registry algorithm, backend and direction, in place, against the
/// guards on both sides.
#[test]
fn every_backend_in_place_against_guard_pages() {
    let lens = lengths();
    let max = *lens.iter().max().unwrap();
    let mut g = Guarded::new(max);
    let mut rng = Rng(0x6775617264);
    let data = rng.bytes(max);
    let mut runs = 0usize;
    for alg in ALGORITHMS
        .iter()
        .filter(|a| !matches!(a.kind, Kind::PublicKey(_)))
    {
        let dirs: &[bool] = if alg.kind.has_decrypt() {
            &[false, true]
        } else {
            &[false]
        };
        for imp in alg.impls().iter().filter(|s| s.available) {
            for &decrypt in dirs {
                for tls_aad in [false, true] {
                    if tls_aad && alg.kind != Kind::Aead {
                        continue;
                    }
                    let opts = BenchOptions {
                        decrypt,
                        tls_aad,
                        op: 0,
                    };
                    let Some(mut f) = alg.bench(imp.name, &opts) else {
                        panic!("{} [{}]: no benchmark closure", alg.name, imp.name);
                    };
                    for &len in lens.iter().filter(|&&n| alg.accepts_size(n)) {
                        for at_end in [true, false] {
                            let off = g.place(&data[..len], at_end);
                            std::hint::black_box(f(g.slice(off, len)));
                            assert!(
                                g.untouched(off, len),
                                "{} [{}] decrypt={decrypt} len {len}: wrote outside its buffer",
                                alg.name,
                                imp.name
                            );
                            runs += 1;
                        }
                    }
                }
            }
        }
    }
    eprintln!("{runs} guarded in-place calls");
}

/// AES-ECB, CBC, CTR, CFB and OFB out of place: source and destination each against
/// a guard page, on every AES backend.
#[test]
fn aes_modes_out_of_place_against_guard_pages() {
    use peregrine::cipher::aes;
    use peregrine::mode::{cbc, cfb::Cfb, ctr::Ctr, ecb::Ecb, ofb::Ofb};
    let (soft, others) = accelerated::<aes::Impl>();
    let lens = lengths();
    let max = *lens.iter().max().unwrap();
    let (mut src, mut dst) = (Guarded::new(max), Guarded::new(max));
    let mut rng = Rng(0x6f6f70);
    let data = rng.bytes(max);
    let key = rng.bytes(32);
    let iv = rng.bytes(16);
    for imp in std::iter::once(soft).chain(others) {
        for &len in &lens {
            for (src_end, dst_end) in [(true, true), (false, false), (true, false)] {
                let so = src.place(&data[..len], src_end);
                let d = dst.place(&vec![0u8; len], dst_end);
                let s = src.slice(so, len).to_vec();
                let name = imp.get().name();
                let mut ctr = Ctr::with_impl(&key, &iv, imp).unwrap();
                ctr.apply_to(src.slice(so, len), dst.slice(d, len)).unwrap();
                let mut want = s.clone();
                Ctr::with_impl(&key, &iv, soft)
                    .unwrap()
                    .apply(&mut want)
                    .unwrap();
                assert_eq!(dst.slice(d, len), &want[..], "ctr {name} len {len}");
                assert!(
                    src.untouched(so, len) && dst.untouched(d, len),
                    "ctr {name} len {len}"
                );
                let mut cfb = Cfb::with_impl(&key, &iv, imp).unwrap();
                cfb.encrypt_to(src.slice(so, len), dst.slice(d, len))
                    .unwrap();
                let mut cfb = Cfb::with_impl(&key, &iv, imp).unwrap();
                cfb.decrypt_to(src.slice(so, len), dst.slice(d, len))
                    .unwrap();
                let mut ofb = Ofb::with_impl(&key, &iv, imp).unwrap();
                ofb.apply_to(src.slice(so, len), dst.slice(d, len)).unwrap();
                assert!(
                    src.untouched(so, len) && dst.untouched(d, len),
                    "cfb/ofb {name} len {len}"
                );
                if len % 16 == 0 {
                    let ecb = Ecb::with_impl(&key, imp).unwrap();
                    ecb.encrypt_to(src.slice(so, len), dst.slice(d, len))
                        .unwrap();
                    ecb.decrypt_to(src.slice(so, len), dst.slice(d, len))
                        .unwrap();
                    let mut enc = cbc::CbcEncryptor::with_impl(&key, &iv, imp).unwrap();
                    enc.encrypt_to(src.slice(so, len), dst.slice(d, len))
                        .unwrap();
                    let mut dec = cbc::CbcDecryptor::with_impl(&key, &iv, imp).unwrap();
                    dec.decrypt_to(src.slice(so, len), dst.slice(d, len))
                        .unwrap();
                    assert!(
                        src.untouched(so, len) && dst.untouched(d, len),
                        "ecb/cbc {name} len {len}"
                    );
                }
            }
        }
    }
}

/// Every AEAD pairing's `seal_into` / `open_into` with every buffer
/// guarded: plaintext, AAD and output at the end of their pages, then at
/// the start.
#[test]
fn aead_into_against_guard_pages() {
    use peregrine::aead::aes_ccm::AesCcm;
    use peregrine::aead::aes_gcm::AesGcm;
    use peregrine::aead::chacha20_poly1305::{ChaCha20Poly1305, XChaCha20Poly1305};
    use peregrine::aead::ghash;
    use peregrine::cipher::{aes, chacha20};
    use peregrine::mac::poly1305;
    let mut rng = Rng(0x61656164);
    let key = rng.bytes(32);
    let mut aeads: Vec<(String, Box<dyn Aead>, usize)> = Vec::new();
    let (sa, oa) = accelerated::<aes::Impl>();
    let (sg, og) = accelerated::<ghash::Impl>();
    let a_all: Vec<_> = std::iter::once(sa).chain(oa).collect();
    let g_all: Vec<_> = std::iter::once(sg).chain(og).collect();
    for &a in &a_all {
        for &g in &g_all {
            let name = format!("gcm {}+{}", a.get().name(), g.get().name());
            aeads.push((
                name,
                Box::new(AesGcm::with_impl(&key[..16], 16, a, g).unwrap()),
                12,
            ));
        }
        let name = format!("ccm {}", a.get().name());
        aeads.push((
            name,
            Box::new(AesCcm::with_impl(&key[..16], 13, 16, a).unwrap()),
            13,
        ));
    }
    let (sc, oc) = accelerated::<chacha20::Impl>();
    let (sp, op) = accelerated::<poly1305::Impl>();
    let c_all: Vec<_> = std::iter::once(sc).chain(oc).collect();
    let p_all: Vec<_> = std::iter::once(sp).chain(op).collect();
    for &c in &c_all {
        for &p in &p_all {
            let name = format!("chacha20-poly1305 {}+{}", c.get().name(), p.get().name());
            aeads.push((
                name.clone(),
                Box::new(ChaCha20Poly1305::with_impl(&key, c, p).unwrap()),
                12,
            ));
            aeads.push((
                format!("x{name}"),
                Box::new(XChaCha20Poly1305::with_impl(&key, c, p).unwrap()),
                24,
            ));
        }
    }
    let lens: Vec<usize> = (0..=300).chain([1024 + 7, 4096 + 1]).collect();
    let max = *lens.iter().max().unwrap() + 16;
    let (mut pt, mut ad, mut out) = (Guarded::new(max), Guarded::new(max), Guarded::new(max));
    let msg = rng.bytes(max);
    let aad = rng.bytes(64);
    for (name, aead, nl) in &aeads {
        let nonce = rng.bytes(*nl);
        let t = aead.tag_len();
        for &len in &lens {
            let al = len % 41;
            for at_end in [true, false] {
                let p = pt.place(&msg[..len], at_end);
                let a = ad.place(&aad[..al], at_end);
                let o = out.place(&vec![0u8; len + t], at_end);
                let want = aead.seal(&nonce, &aad[..al], &msg[..len]).unwrap();
                aead.seal_into(
                    &nonce,
                    ad.slice(a, al),
                    pt.slice(p, len),
                    out.slice(o, len + t),
                )
                .unwrap();
                assert_eq!(
                    out.slice(o, len + t),
                    &want[..],
                    "{name} len {len}: seal_into"
                );
                assert!(
                    pt.untouched(p, len) && ad.untouched(a, al),
                    "{name} len {len}: inputs"
                );
                assert!(
                    out.untouched(o, len + t),
                    "{name} len {len}: seal_into wrote outside"
                );
                // Open: the sealed text guarded, the output guarded.
                let s = pt.place(&want, at_end);
                let o = out.place(&vec![0u8; len], at_end);
                aead.open_into(
                    &nonce,
                    ad.slice(a, al),
                    pt.slice(s, len + t),
                    out.slice(o, len),
                )
                .unwrap();
                assert_eq!(
                    out.slice(o, len),
                    &msg[..len],
                    "{name} len {len}: open_into"
                );
                assert!(
                    out.untouched(o, len),
                    "{name} len {len}: open_into wrote outside"
                );
            }
        }
    }
    eprintln!("{} AEAD pairings guarded", aeads.len());
}

/// Run only as the child of `guard_pages_fault`: reads one byte past a
/// guarded buffer, which must kill the process.
#[test]
fn overread_child() {
    if std::env::var_os("PEREGRINE_GUARD_CHILD").is_none() {
        return;
    }
    let mut g = Guarded::new(64);
    let off = g.place(&[1u8; 64], true);
    let p = g.slice(off, 64).as_ptr();
    // SAFETY: deliberately not safe: this reads the guard page, and the
    // SIGSEGV that follows is what the parent test expects.
    let b = unsafe { std::ptr::read_volatile(p.add(64)) };
    eprintln!("read {b} past the end: the guard page did not fault");
}

/// The negative control: the guards really fault. A child process reads
/// one byte past a guarded buffer and must die by a signal.
#[test]
fn guard_pages_fault() {
    // Under qemu-user (cross-test.sh) the child runs through the same runner.
    let out = common::self_command()
        .args([
            "--exact",
            "overread_child",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("PEREGRINE_GUARD_CHILD", "1")
        .output()
        .unwrap();
    use std::os::unix::process::ExitStatusExt;
    assert!(
        out.status.signal().is_some() || !out.status.success(),
        "the over-read did not fault: {:?} {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!String::from_utf8_lossy(&out.stderr).contains("did not fault"));
}
