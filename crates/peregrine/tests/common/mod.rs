//! Shared test harness: run a test on every backend the machine can run,
//! vector-file parsing, hex, and a seeded RNG.
#![allow(dead_code)]

#[cfg(feature = "hash")]
pub mod kat;
pub mod runner;

use peregrine::cpu::{self, Backend, Feature};
use std::path::PathBuf;
use std::process::Command;

/// A command that runs this test binary again (for tests that need a fresh
/// process), through cargo's target runner (qemu in the cross tests) when
/// one is set for this binary's target ([`runner::target_runner`]).
pub fn self_command() -> Command {
    runner::run_command(std::env::current_exe().unwrap())
}

/// Whether the standard library's own detection (independent of
/// Peregrine's cpuid code) says the CPU has `f`.
pub fn std_has(f: Feature) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as d;
        match f {
            Feature::Sse2 => d!("sse2"),
            Feature::Ssse3 => d!("ssse3"),
            Feature::Sse41 => d!("sse4.1"),
            Feature::Avx => d!("avx"),
            Feature::Avx2 => d!("avx2"),
            Feature::Bmi1 => d!("bmi1"),
            // `scripts/ctgrind.sh`'s adx pass: the ctgrind build claims
            // BMI2 and ADX, which valgrind executes but hides.
            Feature::Bmi2 => d!("bmi2") || ctgrind_adx(),
            Feature::Adx => d!("adx") || ctgrind_adx(),
            Feature::Aes => d!("aes"),
            Feature::Pclmulqdq => d!("pclmulqdq"),
            Feature::Shani => d!("sha"),
            Feature::Vaes => d!("vaes"),
            Feature::Vpclmulqdq => d!("vpclmulqdq"),
            Feature::Avx512f => d!("avx512f"),
            Feature::Avx512bw => d!("avx512bw"),
            Feature::Avx512dq => d!("avx512dq"),
            Feature::Avx512vl => d!("avx512vl"),
            Feature::Avx512ifma => d!("avx512ifma"),
            Feature::Avx512vbmi => d!("avx512vbmi"),
            Feature::Avx512vbmi2 => d!("avx512vbmi2"),
            Feature::Gfni => d!("gfni"),
            // Not an instruction set: Peregrine's model list decides it.
            Feature::Zmm => d!("avx512f") && cpu::detected().has(Feature::Zmm),
            _ => false,
        }
    }
    #[cfg(target_arch = "aarch64")]
    {
        use std::arch::is_aarch64_feature_detected as d;
        match f {
            Feature::Neon => d!("neon"),
            Feature::Aes => d!("aes"),
            Feature::Pmull => d!("pmull"),
            Feature::Sha1 | Feature::Sha2 => d!("sha2"),
            Feature::Sha512 | Feature::Sha3 => d!("sha3"),
            _ => false,
        }
    }
    #[cfg(all(target_arch = "arm", target_os = "linux"))]
    {
        // std has no stable `is_arm_feature_detected!`: read the auxiliary
        // vector from /proc/self/auxv (pairs of native words, type then
        // value, ending with type 0), not through `getauxval` as the
        // library does. AT_HWCAP = 16, HWCAP_NEON = 1 << 12.
        let auxv = std::fs::read("/proc/self/auxv").expect("/proc/self/auxv");
        let words: Vec<u32> = auxv
            .chunks_exact(4)
            .map(|c| u32::from_ne_bytes(c.try_into().unwrap()))
            .collect();
        let aux = |t: u32| {
            words
                .chunks_exact(2)
                .take_while(|p| p[0] != 0)
                .find(|p| p[0] == t)
                .map_or(0, |p| p[1])
        };
        // AT_HWCAP2 = 26, HWCAP2_AES = 1 << 0, HWCAP2_PMULL = 1 << 1,
        // HWCAP2_SHA1 = 1 << 2, HWCAP2_SHA2 = 1 << 3.
        let neon = aux(16) & (1 << 12) != 0;
        match f {
            Feature::Neon => neon,
            Feature::Aes => neon && aux(26) & 1 != 0,
            Feature::Pmull => neon && aux(26) & (1 << 1) != 0,
            Feature::Sha1 => neon && aux(26) & (1 << 2) != 0,
            Feature::Sha2 => neon && aux(26) & (1 << 3) != 0,
            // a property of the build's target, not detected (`build.rs`'s
            // `peregrine_umaal`: ARM state from ARMv6, Thumb-2 with DSP)
            Feature::Umaal => cfg!(peregrine_umaal),
            _ => false,
        }
    }
    #[cfg(not(any(
        target_arch = "x86_64",
        target_arch = "aarch64",
        all(target_arch = "arm", target_os = "linux")
    )))]
    {
        // `umaal` on a non-Linux ARM target: the build's property
        f == Feature::Umaal && cfg!(peregrine_umaal)
    }
}

/// Whether this is the ctgrind build's adx pass (`PEREGRINE_CTGRIND_ADX`,
/// see `cpu::detect_uncached`).
#[cfg(target_arch = "x86_64")]
fn ctgrind_adx() -> bool {
    cfg!(peregrine_ctgrind) && std::env::var_os("PEREGRINE_CTGRIND_ADX").is_some()
}

/// Whether backend `b` should be runnable in this process: compiled for
/// this architecture, every feature it needs present according to std, and
/// none of them removed by `PEREGRINE_CPU`.
pub fn expected_runnable<B: Backend>(b: B) -> bool {
    let removed = std::env::var("PEREGRINE_CPU")
        .map(|v| {
            let o = cpu::parse_override(&v);
            (o.none, o.removed)
        })
        .unwrap_or((false, cpu::Caps::EMPTY));
    let needs = b.needs();
    let none_removes = removed.0 && !needs.is_empty();
    b.compiled() && needs.iter().all(std_has) && !none_removes && needs.without(removed.1) == needs
}

/// Runs `f` once per backend of `B` that can run here. A backend that std's
/// detection says should run but `check()` refuses (or the reverse) fails
/// the test; one the CPU lacks is reported as skipped by name. Returns the
/// names that ran.
pub fn for_each_impl<B: Backend>(test: &str, mut f: impl FnMut(B::Checked)) -> Vec<&'static str> {
    let mut ran = Vec::new();
    for &b in B::ALL {
        let want = expected_runnable(b);
        let got = b.check();
        assert_eq!(
            got.is_some(),
            want,
            "{test}: {}::{} check() = {:?} but std detection expects runnable = {want}",
            B::PRIMITIVE,
            b.name(),
            got
        );
        match got {
            Some(c) => {
                f(c);
                ran.push(b.name());
            }
            None => {
                let why = if !b.compiled() {
                    "not built for this architecture"
                } else if b.needs().iter().all(std_has) {
                    "removed by PEREGRINE_CPU"
                } else {
                    "the CPU lacks it"
                };
                eprintln!(
                    "{test}: skipped {} [{}]: needs {}: {why}",
                    B::PRIMITIVE,
                    b.name(),
                    b.needs()
                );
            }
        }
    }
    assert!(
        ran.contains(&"soft"),
        "{test}: the portable backend did not run"
    );
    eprintln!("{test}: ran {} on {:?}", B::PRIMITIVE, ran);
    ran
}

/// The backends other than `soft` that can run here, with `soft` itself.
pub fn accelerated<B: Backend>() -> (B::Checked, Vec<B::Checked>) {
    let soft = B::from_name("soft")
        .and_then(|b| b.check())
        .expect("soft always runs");
    let others = B::ALL
        .iter()
        .filter(|b| b.name() != "soft")
        .filter_map(|b| {
            let c = b.check();
            assert_eq!(
                c.is_some(),
                expected_runnable(*b),
                "{}::{}",
                B::PRIMITIVE,
                b.name()
            );
            c
        })
        .collect();
    (soft, others)
}

pub fn hex(s: &str) -> Vec<u8> {
    let s = s.trim();
    assert!(s.len().is_multiple_of(2), "odd hex length: {s}");
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap_or_else(|_| panic!("bad hex: {s}")))
        .collect()
}

pub fn to_hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

pub fn vector_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/vectors")
        .join(name)
}

/// Parses a CAVP-style file into blocks of `Key = Value` pairs (sections
/// like `[L = 32]` and comments are dropped; CRLF is accepted).
pub fn parse_blocks(name: &str) -> Vec<Vec<(String, String)>> {
    let text = std::fs::read_to_string(vector_path(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut blocks = Vec::new();
    let mut cur = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() {
            if !cur.is_empty() {
                blocks.push(std::mem::take(&mut cur));
            }
            continue;
        }
        if line.starts_with('#') || line.starts_with('[') {
            continue;
        }
        if let Some((k, v)) = line.split_once('=') {
            cur.push((k.trim().to_string(), v.trim().to_string()));
        }
    }
    if !cur.is_empty() {
        blocks.push(cur);
    }
    blocks
}

/// Like [`parse_blocks`], but a record starts at each `start` key
/// (`COUNT`), whatever blank lines fall inside it.
pub fn parse_records(name: &str, start: &str) -> Vec<Vec<(String, String)>> {
    let mut out: Vec<Vec<(String, String)>> = Vec::new();
    for block in parse_blocks(name) {
        for kv in block {
            if kv.0 == start || out.is_empty() {
                out.push(Vec::new());
            }
            out.last_mut().unwrap().push(kv);
        }
    }
    out
}

pub fn get<'a>(block: &'a [(String, String)], key: &str) -> Option<&'a str> {
    block
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

/// SplitMix64: small, seeded, reproducible.
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e3779b97f4a7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d049bb133111eb);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
    pub fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next_u64() as u8).collect()
    }
    /// Random cut points splitting `len` into pieces (some empty).
    pub fn splits(&mut self, len: usize) -> Vec<usize> {
        let mut cuts: Vec<usize> = (0..self.below(6)).map(|_| self.below(len + 1)).collect();
        cuts.sort_unstable();
        cuts
    }
}

/// Feeds `data` to `update` in the pieces given by cut points `cuts`.
pub fn feed_split(data: &[u8], cuts: &[usize], mut update: impl FnMut(&[u8])) {
    let mut at = 0;
    for &c in cuts {
        update(&data[at..c]);
        at = c;
    }
    update(&data[at..]);
}
