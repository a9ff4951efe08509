//! `peregrine dgst`: openssl-dgst style file hashing, streaming.

use peregrine::registry::{self, Algorithm, Kind};
use std::fmt::Write as _;
use std::io::{self, Read};
use std::process::ExitCode;

use crate::Usage;

const CHUNK: usize = 64 * 1024;

pub fn run(args: &[String]) -> Result<ExitCode, Usage> {
    let mut alg: Option<&'static Algorithm> = None;
    let mut files: Vec<&str> = Vec::new();
    let mut options_done = false;
    for a in args {
        if options_done || a == "-" || !a.starts_with('-') {
            files.push(a);
            continue;
        }
        if a == "--" {
            options_done = true;
            continue;
        }
        let name = a.trim_start_matches('-');
        match registry::find(name) {
            Some(found) if found.kind == Kind::Hash => {
                if let Some(prev) = alg.filter(|p| p.name != found.name) {
                    return Err(Usage(format!(
                        "dgst: two digests given (-{} and {a})",
                        prev.name
                    )));
                }
                alg = Some(found);
            }
            _ => {
                return Err(Usage(format!(
                    "dgst: unknown option or digest '{a}' (digests: {})",
                    crate::known_names(Some(Kind::Hash))
                )));
            }
        }
    }
    let alg = alg.unwrap_or_else(|| registry::find("sha256").expect("sha256 is registered"));

    let mut failed = false;
    if files.is_empty() {
        files.push("-");
    }
    for f in files {
        match digest(alg, f) {
            Ok(d) => {
                let shown = if f == "-" { "stdin" } else { f };
                println!("{}({shown})= {d}", alg.label);
            }
            Err(e) => {
                eprintln!("peregrine: dgst: {f}: {e}");
                failed = true;
            }
        }
    }
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

fn digest(alg: &Algorithm, path: &str) -> io::Result<String> {
    let mut h = alg
        .stream(alg.best())
        .expect("the best backend can always stream");
    let mut buf = vec![0u8; CHUNK];
    let mut reader: Box<dyn Read> = if path == "-" {
        Box::new(io::stdin().lock())
    } else {
        let file = std::fs::File::open(path)?;
        if file.metadata()?.is_dir() {
            return Err(io::Error::other("is a directory"));
        }
        Box::new(file)
    };
    loop {
        match reader.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => h.update(&buf[..n]),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
    }
    let mut s = String::with_capacity(alg.output_len * 2);
    for b in h.finish() {
        write!(s, "{b:02x}").unwrap();
    }
    Ok(s)
}
