//! `peregrine info`: what the CPU has, what the user removed, and every
//! backend of every algorithm with whether it can run and which one wins.

use peregrine::cpu;
use peregrine::registry::ALGORITHMS;
use std::fmt::Write;
use std::process::ExitCode;

use crate::{Fail, Usage};

pub fn run(args: &[String], out: &mut dyn std::io::Write) -> Result<ExitCode, Fail> {
    if let Some(a) = args.first() {
        return Err(Usage(format!("info takes no arguments (got '{a}')")).into());
    }
    out.write_all(report().as_bytes())?;
    Ok(ExitCode::SUCCESS)
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
