//! `peregrine dgst`: openssl-dgst style file hashing, streaming (constant
//! memory whatever the file size).

use peregrine::registry::{self, Algorithm, Kind};
use std::ffi::{OsStr, OsString};
use std::fmt::Write as _;
use std::io::{self, Read, Write};
use std::path::Path;
use std::process::ExitCode;

use crate::{Fail, Usage};

const CHUNK: usize = 64 * 1024;

/// Options are UTF-8 (`-sha256`); file names are taken as the OS gave them.
pub fn run(args: &[OsString], out: &mut dyn Write) -> Result<ExitCode, Fail> {
    let mut alg: Option<&'static Algorithm> = None;
    let mut files: Vec<&OsStr> = Vec::new();
    let mut options_done = false;
    for a in args {
        let is_option = !options_done && a.as_encoded_bytes().first() == Some(&b'-') && a != "-";
        if !is_option {
            files.push(a);
            continue;
        }
        if a == "--" {
            options_done = true;
            continue;
        }
        let Some(opt) = a.to_str() else {
            return Err(Usage(format!(
                "dgst: option '{}' is not valid UTF-8",
                a.to_string_lossy()
            ))
            .into());
        };
        if opt == "-h" || opt == "--help" {
            writeln!(
                out,
                "usage: peregrine dgst [-ALG] [--] [FILE...]   (ALG: {}; default sha256; '-' or no FILE: stdin)",
                crate::known_names(Some(Kind::Hash))
            )?;
            return Ok(ExitCode::SUCCESS);
        }
        match registry::find(opt.trim_start_matches('-')) {
            Some(found) if found.kind == Kind::Hash => {
                if let Some(prev) = alg.filter(|p| p.name != found.name) {
                    return Err(Usage(format!(
                        "dgst: two digests given (-{} and {opt})",
                        prev.name
                    ))
                    .into());
                }
                alg = Some(found);
            }
            _ => {
                return Err(Usage(format!(
                    "dgst: unknown option or digest '{opt}' (digests: {})",
                    crate::known_names(Some(Kind::Hash))
                ))
                .into());
            }
        }
    }
    let Some(alg) = alg.or_else(|| registry::find("sha256")) else {
        return Err(Usage("dgst: no digest available".into()).into());
    };

    let stdin = OsStr::new("-");
    if files.is_empty() {
        files.push(stdin);
    }
    let mut failed = false;
    for f in files {
        let shown = if f == stdin {
            "stdin".into()
        } else {
            Path::new(f).display().to_string()
        };
        match digest(alg, f) {
            Ok(d) => writeln!(out, "{}({shown})= {d}", alg.label)?,
            Err(e) => {
                // Results so far first, so the two streams interleave sensibly.
                out.flush()?;
                crate::progress(format_args!("peregrine: dgst: {shown}: {e}\n"));
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

fn digest(alg: &Algorithm, path: &OsStr) -> io::Result<String> {
    let mut h = alg
        .stream(alg.best())
        .ok_or_else(|| io::Error::other("no backend can stream this digest"))?;
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
        let _ = write!(s, "{b:02x}");
    }
    Ok(s)
}
