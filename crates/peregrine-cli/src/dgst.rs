//! `peregrine dgst`: openssl-dgst style file hashing, streaming (constant
//! memory whatever the file size). Output is byte for byte what
//! `openssl dgst` (3.x) prints for the same arguments, quirks included:
//! with no digest option the label is `SHA256`, and on stdin an HMAC is
//! labelled with the bare digest name.

use peregrine::registry::{self, Algorithm, Kind, StreamOptions};
use std::ffi::{OsStr, OsString};
use std::fmt::Write as _;
use std::io::{self, Read, Write};
use std::path::Path;
use std::process::ExitCode;

use crate::{Fail, Usage};

const CHUNK: usize = 64 * 1024;

fn digests() -> String {
    registry::ALGORITHMS
        .iter()
        .filter(|a| matches!(a.kind, Kind::Hash | Kind::Xof))
        .map(|a| format!("-{}", a.name))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Options are UTF-8 (`-sha256`); file names are taken as the OS gave them.
pub fn run(args: &[OsString], out: &mut dyn Write) -> Result<ExitCode, Fail> {
    let mut alg: Option<&'static Algorithm> = None;
    let mut hmac_key: Option<Vec<u8>> = None;
    let mut xof_len: Option<usize> = None;
    let mut files: Vec<&OsStr> = Vec::new();
    let mut options_done = false;
    let mut it = args.iter();
    while let Some(a) = it.next() {
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
        match opt {
            "-h" | "-help" | "--help" => {
                writeln!(
                    out,
                    "usage: peregrine dgst [-DIGEST] [-hmac KEY] [-xoflen N] [--] [FILE...]\n\
                     digests: {} (default sha256); '-' or no FILE: stdin",
                    digests()
                )?;
                return Ok(ExitCode::SUCCESS);
            }
            "-hmac" => {
                // The key is taken as raw bytes, as openssl does.
                let key = it
                    .next()
                    .ok_or_else(|| Usage("dgst: -hmac needs a key".into()))?;
                hmac_key = Some(key.as_encoded_bytes().to_vec());
                continue;
            }
            "-xoflen" => {
                let v = it
                    .next()
                    .ok_or_else(|| Usage("dgst: -xoflen needs a length".into()))?;
                let n = v
                    .to_str()
                    .and_then(|s| s.parse::<usize>().ok())
                    .filter(|&n| n > 0)
                    .ok_or_else(|| {
                        Usage(format!(
                            "dgst: -xoflen wants a positive number of bytes, not '{}'",
                            v.to_string_lossy()
                        ))
                    })?;
                xof_len = Some(n);
                continue;
            }
            _ => {}
        }
        match registry::find(opt.trim_start_matches('-')) {
            Some(found) if matches!(found.kind, Kind::Hash | Kind::Xof) => {
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
                    "dgst: unknown option or digest '{opt}' (digests: {}; options: -hmac KEY, -xoflen N)",
                    digests()
                ))
                .into());
            }
        }
    }
    let explicit = alg.is_some();
    let Some(alg) = alg.or_else(|| registry::find("sha256")) else {
        return Err(Usage("dgst: no digest available".into()).into());
    };
    let opts = StreamOptions {
        hmac_key: hmac_key.as_deref(),
        xof_len,
    };
    // Check the combination once, before reading anything.
    if let Err(e) = alg.stream(alg.best(), &opts) {
        return Err(Usage(format!("dgst: -{}: {e}", alg.name)).into());
    }
    // openssl's labels: "SHA256" when no digest was named, "HMAC-" in
    // front for a MAC of a file but not of stdin.
    let label = if explicit { alg.label } else { "SHA256" };

    let stdin = OsStr::new("-");
    if files.is_empty() {
        files.push(stdin);
    }
    let mut failed = false;
    for f in files {
        let is_stdin = f == stdin;
        let shown = if is_stdin {
            "stdin".into()
        } else {
            Path::new(f).display().to_string()
        };
        let prefix = if opts.hmac_key.is_some() && !is_stdin {
            "HMAC-"
        } else {
            ""
        };
        match digest(alg, &opts, f) {
            Ok(d) => writeln!(out, "{prefix}{label}({shown})= {d}")?,
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

fn digest(alg: &Algorithm, opts: &StreamOptions<'_>, path: &OsStr) -> io::Result<String> {
    let mut h = alg
        .stream(alg.best(), opts)
        .map_err(|e| io::Error::other(e.to_string()))?;
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
    let mut s = String::new();
    for b in h.finish() {
        let _ = write!(s, "{b:02x}");
    }
    Ok(s)
}
