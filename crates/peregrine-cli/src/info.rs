//! `peregrine info`: what the CPU has, what the user removed, and every
//! backend of every algorithm with whether it can run and which one wins.

use peregrine::cpu;
use peregrine::registry::ALGORITHMS;
use std::fmt::Write;
use std::process::ExitCode;

use crate::{Fail, Usage};

pub fn run(args: &[String], out: &mut dyn std::io::Write) -> Result<ExitCode, Fail> {
    match args {
        [] => out.write_all(report().as_bytes())?,
        [a] if a == "--build" => out.write_all(build_report().as_bytes())?,
        [a, ..] => {
            return Err(Usage(format!("info takes no arguments but --build (got '{a}')")).into());
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The peer libraries `speed --peers` can run in this build.
fn peers_built() -> Vec<&'static str> {
    let mut v = Vec::new();
    if cfg!(feature = "peers") {
        v.extend(["ring", "aws-lc-rs", "graviola", "rustcrypto"]);
    }
    if cfg!(feature = "peers-openssl") {
        v.push("openssl");
    }
    v
}

/// `info --build`: how this binary was built (profile, panic strategy,
/// target, the CPU features the compiler may assume, RUSTFLAGS, cargo
/// features, peers) and the backends compiled into it, per algorithm.
fn build_report() -> String {
    let mut s = String::new();
    let on = |b: bool| if b { "on" } else { "off" };
    writeln!(s, "{}", crate::build_line()).unwrap();
    writeln!(
        s,
        "profile:              {} (opt-level {}, debug-assertions {}, panic {})",
        env!("PEREGRINE_PROFILE"),
        env!("PEREGRINE_OPT_LEVEL"),
        on(cfg!(debug_assertions)),
        env!("PEREGRINE_PANIC"),
    )
    .unwrap();
    writeln!(
        s,
        "target:               {} ({}-bit pointers, {}-endian)",
        env!("PEREGRINE_TARGET"),
        usize::BITS,
        if cfg!(target_endian = "little") {
            "little"
        } else {
            "big"
        },
    )
    .unwrap();
    let stat = peregrine::build::static_cpu_features();
    writeln!(
        s,
        "compile-time CPU:     {} (assumed by all code; the rest is detected at run time)",
        if stat.is_empty() {
            "(none)".to_string()
        } else {
            stat.join(" ")
        }
    )
    .unwrap();
    let flags = env!("PEREGRINE_RUSTFLAGS");
    writeln!(
        s,
        "RUSTFLAGS:            {}",
        if flags.is_empty() { "(none)" } else { flags }
    )
    .unwrap();
    let feats: Vec<String> = peregrine::build::FEATURES
        .iter()
        .map(|(f, b)| format!("{f}={}", on(*b)))
        .collect();
    writeln!(s, "library features:     {}", feats.join(" ")).unwrap();
    let peers = peers_built();
    writeln!(
        s,
        "speed --peers:        {}",
        if peers.is_empty() {
            "none (build with --features peers and/or peers-openssl)".to_string()
        } else {
            peers.join(" ")
        }
    )
    .unwrap();
    writeln!(s).unwrap();
    writeln!(
        s,
        "backends compiled in, per algorithm (run time picks among them; `info` shows the pick):"
    )
    .unwrap();
    let mut total = 0;
    for a in ALGORITHMS {
        let built: Vec<&str> = a
            .impls()
            .iter()
            .filter(|st| st.compiled)
            .map(|st| st.name)
            .collect();
        total += built.len();
        writeln!(s, "  {:<18} {}", a.name, built.join(" ")).unwrap();
    }
    writeln!(
        s,
        "{} algorithms, {total} backends compiled in",
        ALGORITHMS.len()
    )
    .unwrap();
    s
}

/// The lines `info` prints and `speed` repeats in its header.
pub fn cpu_lines() -> String {
    let mut s = String::new();
    let env = cpu::override_value();
    writeln!(s, "CPU features detected:  {}", cpu::detected()).unwrap();
    writeln!(s, "CPU features effective: {}", cpu::effective()).unwrap();
    #[cfg(target_arch = "x86_64")]
    {
        let w = cpu::vector_width();
        let eff = cpu::effective();
        let zmm = |f| {
            if eff.has(f) && w.bits == 512 {
                "ymm, zmm"
            } else if eff.has(f) {
                "ymm"
            } else {
                "no"
            }
        };
        let width = match w.bits {
            0 => "no EVEX backends".to_string(),
            b => format!("{b}-bit"),
        };
        writeln!(s, "Vector width (EVEX):    {width}: {}", w.reason).unwrap();
        writeln!(
            s,
            "VAES on: {}; VPCLMULQDQ on: {}",
            zmm(cpu::Feature::Vaes),
            zmm(cpu::Feature::Vpclmulqdq)
        )
        .unwrap();
    }
    writeln!(
        s,
        "PEREGRINE_CPU: {}",
        env.as_deref()
            .map_or("(unset)".to_string(), |v| format!("'{v}'"))
    )
    .unwrap();
    s
}

fn report() -> String {
    let mut s = String::new();
    writeln!(s, "{}", crate::build_line()).unwrap();
    s.push_str(&cpu_lines());
    writeln!(s).unwrap();
    writeln!(
        s,
        "{:<14} {:<8} {:<12} needs",
        "algorithm", "backend", "status"
    )
    .unwrap();
    for a in ALGORITHMS {
        let best = a.best();
        for (i, st) in a.impls().iter().enumerate() {
            let status = if st.available {
                if st.name == best { "best" } else { "available" }
            } else if !st.compiled {
                "not built"
            } else if cpu::detected().contains(st.needs) {
                "removed"
            } else {
                "no CPU"
            };
            let name = if i == 0 { a.name } else { "" };
            let needs = if st.needs.is_empty() {
                "-".to_string()
            } else {
                st.needs.to_string()
            };
            writeln!(s, "{name:<14} {:<8} {status:<12} {needs}", st.name).unwrap();
        }
    }
    writeln!(s).unwrap();
    writeln!(
        s,
        "status: best = what runs by default; removed = the CPU has it but PEREGRINE_CPU took it away;\n        no CPU = this CPU lacks a needed feature; not built = another architecture's backend"
    )
    .unwrap();
    s
}
