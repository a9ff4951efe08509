//! `peregrine`: benchmark, inspect and use the Peregrine library.
//!
//! ```text
//! peregrine speed [ALG...] [--seconds S] [--bytes N,N...] [--impl best|all|NAME] [--json]
//! peregrine info
//! peregrine dgst [-sha256|-sha224|-ALG] [FILE...]
//! ```

mod dgst;
mod info;
mod peers;
mod speed;

use std::process::ExitCode;

/// A usage error: printed with a hint, exit code 2.
#[derive(Debug)]
pub struct Usage(pub String);

pub const USAGE: &str = "\
usage: peregrine <command> [options]

commands:
  speed [ALG...] [options]   openssl-speed style throughput table
      --seconds S            time per size (default 1; fractions allowed)
      --bytes N[,N...]       block sizes (default 16,64,256,1024,8192,16384)
      --impl best|all|NAME   backend: the best one (default), every one the
                             CPU can run, or the one named
      --json                 machine-readable output on stdout
      --peers                also run peer libraries on the same workload
                             (build with: cargo run --release --features peers)
  info                       CPU features and every backend per algorithm
  dgst [-ALG] [FILE...]      hash files (stdin when none), openssl-dgst style;
                             -sha256 is the default
  help                       this text

environment:
  PEREGRINE_CPU=-avx2,-shani  remove CPU features (or 'none': portable only)
  PEREGRINE_CPU_VERBOSE=1     print each backend choice on stderr";

/// The build, as the header lines show it.
pub fn build_line() -> String {
    format!(
        "peregrine {} ({}; {}; profile {}, opt-level {})",
        env!("CARGO_PKG_VERSION"),
        env!("PEREGRINE_TARGET"),
        env!("PEREGRINE_RUSTC"),
        env!("PEREGRINE_PROFILE"),
        env!("PEREGRINE_OPT_LEVEL"),
    )
}

/// "name1, name2, ..." of every registered algorithm of `kind` (all when
/// `None`).
pub fn known_names(kind: Option<peregrine::registry::Kind>) -> String {
    peregrine::registry::ALGORITHMS
        .iter()
        .filter(|a| kind.is_none_or(|k| a.kind == k))
        .map(|a| a.name)
        .collect::<Vec<_>>()
        .join(", ")
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (cmd, rest) = match args.split_first() {
        Some((c, r)) => (c.as_str(), r),
        None => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let result = match cmd {
        "speed" => speed::run(rest),
        "info" => info::run(rest),
        "dgst" => dgst::run(rest),
        "help" | "-h" | "--help" => {
            println!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        "version" | "-V" | "--version" => {
            println!("{}", build_line());
            Ok(ExitCode::SUCCESS)
        }
        other => Err(Usage(format!(
            "unknown command '{other}' (commands: speed, info, dgst, help)"
        ))),
    };
    match result {
        Ok(code) => code,
        Err(Usage(msg)) => {
            eprintln!("peregrine: {msg}");
            eprintln!("run 'peregrine help' for usage");
            ExitCode::from(2)
        }
    }
}
