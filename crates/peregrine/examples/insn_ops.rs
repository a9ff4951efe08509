//! Runs one algorithm of the registry a fixed number of times, for
//! `scripts/insn-count.sh`: under qemu with an instruction-counting plugin,
//! the difference between two runs of different lengths is the number of
//! instructions one call executes, without the set-up (key schedules,
//! tables, the program's start), and it is the same on every run.
//!
//! ```text
//! insn_ops ALG IMPL OP SIZE CALLS   run ALG on backend IMPL ("best": the
//!                                   run-time choice) CALLS times; OP is the
//!                                   operation's index for public-key rows
//!                                   (0 for the others), SIZE the message
//!                                   size in bytes (ignored for public-key
//!                                   rows)
//! insn_ops --impls ALG              the backends of ALG that can run here,
//!                                   best first, one per line
//! ```
//!
//! ```text
//! cargo run --release -p peregrine --example insn_ops -- chacha20 soft 0 16384 10
//! ```

use std::process::ExitCode;

use peregrine::registry::{self, BenchOptions};

fn usage(why: &str) -> ExitCode {
    eprintln!("insn_ops: {why}");
    eprintln!("usage: insn_ops ALG IMPL OP SIZE CALLS | insn_ops --impls ALG");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() == 2 && args[0] == "--impls" {
        let Some(alg) = registry::find(&args[1]) else {
            return usage(&format!("no algorithm called {:?}", args[1]));
        };
        for s in alg.impls().iter().filter(|s| s.available) {
            println!("{}", s.name);
        }
        return ExitCode::SUCCESS;
    }
    if args.len() != 5 {
        return usage("expected five arguments");
    }
    let Some(alg) = registry::find(&args[0]) else {
        return usage(&format!("no algorithm called {:?}", args[0]));
    };
    let imp = if args[1] == "best" {
        alg.best()
    } else {
        args[1].as_str()
    };
    let (Ok(op), Ok(size), Ok(calls)) = (
        args[2].parse::<usize>(),
        args[3].parse::<usize>(),
        args[4].parse::<u64>(),
    ) else {
        return usage("OP, SIZE and CALLS must be numbers");
    };
    if let registry::Kind::PublicKey(ops) = alg.kind {
        if op >= ops.len() {
            return usage(&format!(
                "{} has operations 0..{} ({ops:?})",
                alg.name,
                ops.len()
            ));
        }
    } else if op != 0 || !alg.accepts_size(size) {
        return usage(&format!(
            "{} does not take OP {op} and SIZE {size}",
            alg.name
        ));
    }
    let opts = BenchOptions {
        op,
        ..BenchOptions::default()
    };
    let Some(mut f) = alg.bench(imp, &opts) else {
        return usage(&format!(
            "{} has no backend {imp:?} that runs here",
            alg.name
        ));
    };
    let mut buf = vec![0x5au8; size];
    let mut acc = 0u8;
    for _ in 0..calls {
        acc ^= f(&mut buf);
    }
    println!("{} {imp} {acc:02x}", alg.name);
    ExitCode::SUCCESS
}
