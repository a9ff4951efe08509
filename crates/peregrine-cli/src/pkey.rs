//! RSA keys and signatures from the command line, in openssl's spelling:
//!
//! ```text
//! peregrine genrsa [-out FILE] [BITS]        a new key (2048, 3072, 4096), PKCS#8 PEM
//! peregrine pkey -in KEY [-pubout] [-out F]  a key again, or its public half (SPKI PEM)
//! peregrine pkeyutl -sign -inkey KEY [-in F] [-out SIG] [-digest sha256] [-pss]
//! peregrine pkeyutl -verify (-inkey KEY | -pubin -inkey PUB) -sigfile SIG [-in F]
//!                   [-digest sha256] [-pss]
//! ```
//!
//! `pkeyutl` hashes its input with `-digest` (SHA-256 by default; sha384,
//! sha512; sha1 for `-verify` only) and signs or verifies the digest: the
//! same as `openssl pkeyutl -rawin -digest sha256` and `openssl dgst -sha256
//! -sign/-verify`, PKCS#1 v1.5 by default, PSS with `-pss` (salt as long as
//! the digest when signing; any salt length accepted when verifying, as
//! openssl's `auto`). Keys are PEM: PKCS#8 or PKCS#1 private keys, SPKI or
//! PKCS#1 public keys. Files are written through a temporary name and
//! renamed, so a failure never leaves half a file; private keys are
//! created readable by their owner only.

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use peregrine::hash::sha1::Sha1;
use peregrine::hash::sha256::Sha256;
use peregrine::hash::sha512::{Sha384, Sha512};
use peregrine::rsa::pss::SaltLen;
use peregrine::rsa::{RsaPrivateKey, RsaPublicKey};

use crate::{Fail, Usage};

/// Largest input `pkeyutl` reads into memory.
const MAX_INPUT: u64 = 1 << 30;

fn arg(a: &OsString) -> Result<&str, Usage> {
    a.to_str().ok_or_else(|| {
        Usage(format!(
            "argument '{}' is not valid UTF-8",
            a.to_string_lossy()
        ))
    })
}

fn fail(cmd: &str, msg: impl std::fmt::Display) -> ExitCode {
    crate::progress(format_args!("peregrine: {cmd}: {msg}\n"));
    ExitCode::FAILURE
}

/// Reads a file (or stdin for `None` / `-`) whole, refusing directories and
/// inputs over [`MAX_INPUT`].
fn read_input(path: Option<&Path>) -> Result<Vec<u8>, String> {
    let mut v = Vec::new();
    match path {
        None => io::stdin().lock().take(MAX_INPUT + 1).read_to_end(&mut v),
        Some(p) if p.as_os_str() == "-" => {
            io::stdin().lock().take(MAX_INPUT + 1).read_to_end(&mut v)
        }
        Some(p) => {
            let f = File::open(p).map_err(|e| format!("{}: {e}", p.display()))?;
            if f.metadata().is_ok_and(|m| m.is_dir()) {
                return Err(format!("{}: is a directory", p.display()));
            }
            f.take(MAX_INPUT + 1).read_to_end(&mut v)
        }
    }
    .map_err(|e| {
        format!(
            "{}: {e}",
            path.map_or("stdin".into(), |p| p.display().to_string())
        )
    })?;
    if v.len() as u64 > MAX_INPUT {
        return Err("input over 1 GiB".into());
    }
    Ok(v)
}

fn read_text(path: &Path) -> Result<String, String> {
    let v = read_input(Some(path))?;
    String::from_utf8(v).map_err(|_| format!("{}: not a PEM file (not UTF-8)", path.display()))
}

/// Writes `data` to `path` (or `out` when `None`) through a temporary file.
fn write_output(
    path: Option<&Path>,
    data: &[u8],
    private: bool,
    out: &mut dyn Write,
) -> Result<(), String> {
    let Some(p) = path.filter(|p| p.as_os_str() != "-") else {
        return out.write_all(data).map_err(|e| e.to_string());
    };
    let mut name = p.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(format!(".peregrine-{}.tmp", std::process::id()));
    let tmp: PathBuf = p.with_file_name(name);
    let mut opts = std::fs::OpenOptions::new();
    opts.write(true).create_new(true);
    #[cfg(unix)]
    if private {
        use std::os::unix::fs::OpenOptionsExt;
        opts.mode(0o600);
    }
    #[cfg(not(unix))]
    let _ = private;
    let r = opts
        .open(&tmp)
        .and_then(|mut f| f.write_all(data).and_then(|()| f.sync_all()))
        .and_then(|()| std::fs::rename(&tmp, p));
    r.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("{}: {e} (not written)", p.display())
    })
}

fn load_private(path: &Path) -> Result<RsaPrivateKey, String> {
    let pem = read_text(path)?;
    RsaPrivateKey::from_pem(&pem).map_err(|e| format!("{}: {e}", path.display()))
}

fn load_public(path: &Path) -> Result<RsaPublicKey, String> {
    let pem = read_text(path)?;
    RsaPublicKey::from_pem(&pem).map_err(|e| format!("{}: {e}", path.display()))
}

/// `genrsa [-out FILE] [BITS]`.
pub fn genrsa(args: &[OsString], out: &mut dyn Write) -> Result<ExitCode, Fail> {
    let mut bits = 2048usize;
    let mut output: Option<PathBuf> = None;
    let mut it = args.iter();
    let mut bits_given = false;
    while let Some(a) = it.next() {
        match arg(a)? {
            "-out" => {
                let v = it
                    .next()
                    .ok_or_else(|| Usage("genrsa: -out needs a file".into()))?;
                output = Some(PathBuf::from(v));
            }
            "-h" | "-help" | "--help" => {
                writeln!(out, "usage: peregrine genrsa [-out FILE] [2048|3072|4096]")?;
                return Ok(ExitCode::SUCCESS);
            }
            f if f.starts_with('-') => {
                return Err(Usage(format!(
                    "genrsa: unknown option '{f}' (options: -out FILE, BITS)"
                ))
                .into());
            }
            n if !bits_given => {
                bits = n
                    .parse()
                    .ok()
                    .filter(|b| matches!(b, 2048 | 3072 | 4096))
                    .ok_or_else(|| {
                        Usage(format!(
                            "genrsa: key size must be 2048, 3072 or 4096 bits, not '{n}'"
                        ))
                    })?;
                bits_given = true;
            }
            n => return Err(Usage(format!("genrsa: one key size only (got '{n}' too)")).into()),
        }
    }
    let key = match RsaPrivateKey::generate(bits) {
        Ok(k) => k,
        Err(e) => return Ok(fail("genrsa", e)),
    };
    let pem = match key.to_pkcs8_pem() {
        Ok(p) => p,
        Err(e) => return Ok(fail("genrsa", e)),
    };
    match write_output(output.as_deref(), pem.as_bytes(), true, out) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) => Ok(fail("genrsa", e)),
    }
}

/// `pkey -in KEY [-pubin] [-pubout] [-out FILE]`.
pub fn pkey(args: &[OsString], out: &mut dyn Write) -> Result<ExitCode, Fail> {
    let (mut input, mut output, mut pubin, mut pubout) = (None, None, false, false);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match arg(a)? {
            "-in" => {
                input = Some(PathBuf::from(
                    it.next()
                        .ok_or_else(|| Usage("pkey: -in needs a file".into()))?,
                ))
            }
            "-out" => {
                output = Some(PathBuf::from(
                    it.next()
                        .ok_or_else(|| Usage("pkey: -out needs a file".into()))?,
                ))
            }
            "-pubin" => pubin = true,
            "-pubout" => pubout = true,
            "-h" | "-help" | "--help" => {
                writeln!(
                    out,
                    "usage: peregrine pkey -in KEY.pem [-pubin] [-pubout] [-out FILE]"
                )?;
                return Ok(ExitCode::SUCCESS);
            }
            f => {
                return Err(Usage(format!(
                    "pkey: unknown option '{f}' (options: -in, -out, -pubin, -pubout)"
                ))
                .into());
            }
        }
    }
    let input = input.ok_or_else(|| Usage("pkey: -in KEY is required".into()))?;
    let r = (|| {
        if pubin || pubout {
            let public = if pubin {
                load_public(&input)?
            } else {
                load_private(&input)?.public_key().clone()
            };
            let pem = public.to_spki_pem().map_err(|e| e.to_string())?;
            write_output(output.as_deref(), pem.as_bytes(), false, out)
        } else {
            let key = load_private(&input)?;
            let pem = key.to_pkcs8_pem().map_err(|e| e.to_string())?;
            write_output(output.as_deref(), pem.as_bytes(), true, out)
        }
    })();
    Ok(r.map_or_else(|e| fail("pkey", e), |()| ExitCode::SUCCESS))
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Digest {
    Sha1,
    Sha256,
    Sha384,
    Sha512,
}

/// `pkeyutl -sign|-verify ...`.
pub fn pkeyutl(args: &[OsString], out: &mut dyn Write) -> Result<ExitCode, Fail> {
    let (mut sign, mut verify, mut pubin, mut pss) = (false, false, false, false);
    let (mut inkey, mut input, mut output, mut sigfile) = (None, None, None, None);
    let mut digest = Digest::Sha256;
    let mut it = args.iter();
    let path = |it: &mut std::slice::Iter<'_, OsString>, flag: &str| {
        it.next()
            .map(PathBuf::from)
            .ok_or_else(|| Usage(format!("pkeyutl: {flag} needs a file")))
    };
    while let Some(a) = it.next() {
        match arg(a)? {
            "-sign" => sign = true,
            "-verify" => verify = true,
            "-pubin" => pubin = true,
            "-pss" => pss = true,
            "-rawin" => {} // always: the input is the message, hashed here
            "-inkey" => inkey = Some(path(&mut it, "-inkey")?),
            "-in" => input = Some(path(&mut it, "-in")?),
            "-out" => output = Some(path(&mut it, "-out")?),
            "-sigfile" => sigfile = Some(path(&mut it, "-sigfile")?),
            "-digest" => {
                let v = it.next().ok_or_else(|| Usage("pkeyutl: -digest needs a name".into()))?;
                digest = match arg(v)?.to_ascii_lowercase().as_str() {
                    "sha1" | "sha-1" => Digest::Sha1,
                    "sha256" | "sha2-256" => Digest::Sha256,
                    "sha384" | "sha2-384" => Digest::Sha384,
                    "sha512" | "sha2-512" => Digest::Sha512,
                    d => return Err(Usage(format!("pkeyutl: unknown digest '{d}' (sha256, sha384, sha512; sha1 to verify)")).into()),
                };
            }
            "-h" | "-help" | "--help" => {
                writeln!(out, "usage: peregrine pkeyutl -sign -inkey KEY [-in F] [-out SIG] [-digest sha256|sha384|sha512] [-pss]\n       peregrine pkeyutl -verify [-pubin] -inkey KEY -sigfile SIG [-in F] [-digest ...] [-pss]")?;
                return Ok(ExitCode::SUCCESS);
            }
            f => return Err(Usage(format!("pkeyutl: unknown option '{f}' (options: -sign, -verify, -inkey, -pubin, -in, -out, -sigfile, -digest, -pss)")).into()),
        }
    }
    if sign == verify {
        return Err(Usage("pkeyutl: give exactly one of -sign and -verify".into()).into());
    }
    let inkey = inkey.ok_or_else(|| Usage("pkeyutl: -inkey KEY is required".into()))?;
    if sign && pubin {
        return Err(Usage("pkeyutl: -sign needs a private key (not -pubin)".into()).into());
    }
    if sign && digest == Digest::Sha1 {
        return Err(
            Usage("pkeyutl: SHA-1 signatures are for verifying old ones only".into()).into(),
        );
    }
    if verify && sigfile.is_none() {
        return Err(Usage("pkeyutl: -verify needs -sigfile SIG".into()).into());
    }
    // Keys first, so a bad key is reported before stdin is read.
    if sign {
        let key = match load_private(&inkey) {
            Ok(k) => k,
            Err(e) => return Ok(fail("pkeyutl", e)),
        };
        let msg = match read_input(input.as_deref()) {
            Ok(m) => m,
            Err(e) => return Ok(fail("pkeyutl", e)),
        };
        let sig = match (digest, pss) {
            (Digest::Sha256, false) => key.sign_pkcs1v15::<Sha256>(&msg),
            (Digest::Sha384, false) => key.sign_pkcs1v15::<Sha384>(&msg),
            (Digest::Sha512, false) => key.sign_pkcs1v15::<Sha512>(&msg),
            (Digest::Sha256, true) => key.sign_pss::<Sha256>(&msg, SaltLen::Digest),
            (Digest::Sha384, true) => key.sign_pss::<Sha384>(&msg, SaltLen::Digest),
            (Digest::Sha512, true) => key.sign_pss::<Sha512>(&msg, SaltLen::Digest),
            (Digest::Sha1, _) => unreachable_sha1(),
        };
        return Ok(match sig {
            Ok(s) => match write_output(output.as_deref(), &s, false, out) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => fail("pkeyutl", e),
            },
            Err(e) => fail("pkeyutl", e),
        });
    }
    let public = if pubin {
        load_public(&inkey)
    } else {
        load_private(&inkey).map(|k| k.public_key().clone())
    };
    let public = match public {
        Ok(p) => p,
        Err(e) => return Ok(fail("pkeyutl", e)),
    };
    let sig = match read_input(sigfile.as_deref()) {
        Ok(s) => s,
        Err(e) => return Ok(fail("pkeyutl", e)),
    };
    let msg = match read_input(input.as_deref()) {
        Ok(m) => m,
        Err(e) => return Ok(fail("pkeyutl", e)),
    };
    let r = match (digest, pss) {
        (Digest::Sha1, false) => public.verify_pkcs1v15::<Sha1>(&msg, &sig),
        (Digest::Sha256, false) => public.verify_pkcs1v15::<Sha256>(&msg, &sig),
        (Digest::Sha384, false) => public.verify_pkcs1v15::<Sha384>(&msg, &sig),
        (Digest::Sha512, false) => public.verify_pkcs1v15::<Sha512>(&msg, &sig),
        (Digest::Sha1, true) => public.verify_pss::<Sha1>(&msg, &sig, SaltLen::Auto),
        (Digest::Sha256, true) => public.verify_pss::<Sha256>(&msg, &sig, SaltLen::Auto),
        (Digest::Sha384, true) => public.verify_pss::<Sha384>(&msg, &sig, SaltLen::Auto),
        (Digest::Sha512, true) => public.verify_pss::<Sha512>(&msg, &sig, SaltLen::Auto),
    };
    // openssl's words, so scripts that grep for them keep working.
    match r {
        Ok(()) => {
            writeln!(out, "Signature Verified Successfully")?;
            Ok(ExitCode::SUCCESS)
        }
        Err(_) => {
            writeln!(out, "Signature Verification Failure")?;
            Ok(ExitCode::FAILURE)
        }
    }
}

/// SHA-1 signing is refused before any work; this arm cannot be reached.
fn unreachable_sha1() -> Result<Vec<u8>, peregrine::Error> {
    Err(peregrine::Error::InvalidParameter {
        what: "SHA-1 signatures (verify only)",
    })
}
