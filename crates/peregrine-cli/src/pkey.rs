//! Keys, signatures and key agreement from the command line, in openssl's
//! spelling:
//!
//! ```text
//! peregrine genpkey -algorithm X25519|ED25519|RSA [-out FILE]   a new key, PKCS#8 PEM
//! peregrine genrsa [-out FILE] [BITS]        a new RSA key (2048, 3072, 4096), PKCS#8 PEM
//! peregrine pkey -in KEY [-pubin] [-pubout] [-out F] [-outform PEM|DER]
//!                                            a key again, or its public half (SPKI)
//! peregrine pkeyutl -sign -inkey KEY [-rawin] [-in F] [-out SIG] [-digest sha256] [-pss]
//! peregrine pkeyutl -verify (-inkey KEY | -pubin -inkey PUB) [-rawin] -sigfile SIG [-in F]
//!                   [-digest sha256] [-pss]
//! peregrine pkeyutl -derive -inkey KEY -peerkey PEER [-out F]
//! ```
//!
//! Key files are PEM or DER, recognised by their content: PKCS#8 private
//! keys (RSA, Ed25519, X25519; PKCS#1 for RSA too) and SubjectPublicKeyInfo
//! public keys (PKCS#1 for RSA too). Keys are written as PKCS#8 and SPKI
//! PEM, byte for byte what openssl 3 writes (`-outform DER` for DER).
//!
//! With an RSA key, `pkeyutl` hashes its input with `-digest` (SHA-256 by
//! default; sha384, sha512; sha1 for `-verify` only) and signs or verifies
//! the digest: the same as `openssl pkeyutl -rawin -digest sha256` and
//! `openssl dgst -sha256 -sign/-verify`, PKCS#1 v1.5 by default, PSS with
//! `-pss` (salt as long as the digest when signing; any salt length
//! accepted when verifying, as openssl's `auto`). With an Ed25519 key it
//! signs the input itself (pure Ed25519, 64-byte signatures) and, as
//! openssl 3, needs `-rawin` and takes no `-digest`. `-derive` is X25519:
//! the 32-byte shared secret, raw; a peer key of small order (an all-zero
//! secret) is an error. Verification prints openssl's "Signature Verified
//! Successfully" (exit 0) or "Signature Verification Failure" (exit 1).
//! Files are written through a temporary name and renamed, so a failure
//! never leaves half a file; private keys and shared secrets are created
//! readable by their owner only.

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use peregrine::dsa::{self, DsaParams, DsaPrivateKey, DsaPublicKey};
use peregrine::ec::curve25519::ed25519::{self, SigningKey, VerifyingKey};
use peregrine::ec::curve25519::keys::{Algorithm, private_key_algorithm, public_key_algorithm};
use peregrine::ec::curve25519::x25519;
use peregrine::ec::nist::keys::{AnyPrivateKey, AnyPublicKey, Curve};
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
            let meta = f.metadata();
            if meta.as_ref().is_ok_and(|m| m.is_dir()) {
                return Err(format!("{}: is a directory", p.display()));
            }
            // One allocation for a regular file (no reallocation leaving
            // copies of a key file behind).
            if let Ok(m) = meta {
                v.reserve_exact(m.len().min(MAX_INPUT) as usize + 1);
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

/// Bytes that may hold a secret (a private key file), zeroed when dropped.
struct Wiped(Vec<u8>);

impl Drop for Wiped {
    fn drop(&mut self) {
        self.0.fill(0);
        std::hint::black_box(&mut self.0);
    }
}

/// A private key of any algorithm the commands know.
enum PrivKey {
    Rsa(Box<RsaPrivateKey>),
    Ed25519(Box<SigningKey>),
    X25519(Box<x25519::PrivateKey>),
    Dsa(Box<DsaPrivateKey>),
    Ec(Box<AnyPrivateKey>),
}

/// A public key of any algorithm the commands know.
enum PubKey {
    Rsa(Box<RsaPublicKey>),
    Ed25519(VerifyingKey),
    X25519(x25519::PublicKey),
    Dsa(Box<DsaPublicKey>),
    Ec(AnyPublicKey),
}

impl PrivKey {
    fn name(&self) -> &'static str {
        match self {
            PrivKey::Rsa(_) => "RSA",
            PrivKey::Ed25519(_) => "ED25519",
            PrivKey::X25519(_) => "X25519",
            PrivKey::Dsa(_) => "DSA",
            PrivKey::Ec(_) => "EC",
        }
    }

    fn public(&self) -> PubKey {
        match self {
            PrivKey::Rsa(k) => PubKey::Rsa(Box::new(k.public_key().clone())),
            PrivKey::Ed25519(k) => PubKey::Ed25519(*k.verifying_key()),
            PrivKey::X25519(k) => PubKey::X25519(k.public_key()),
            PrivKey::Dsa(k) => PubKey::Dsa(Box::new(k.public_key().clone())),
            PrivKey::Ec(k) => PubKey::Ec(k.public_key()),
        }
    }

    /// PKCS#8, PEM or DER (wiped on drop); DSA's DER is the traditional
    /// form, as openssl writes it.
    fn to_pkcs8(&self, form: Form) -> Result<Wiped, String> {
        let e = |e: peregrine::Error| e.to_string();
        Ok(Wiped(match form {
            Form::Pem => match self {
                PrivKey::Rsa(k) => k.to_pkcs8_pem().map_err(e)?.as_bytes().to_vec(),
                PrivKey::Ed25519(k) => k.to_pkcs8_pem().map_err(e)?.as_bytes().to_vec(),
                PrivKey::X25519(k) => k.to_pkcs8_pem().map_err(e)?.as_bytes().to_vec(),
                PrivKey::Dsa(k) => k.to_pkcs8_pem().map_err(e)?.as_bytes().to_vec(),
                PrivKey::Ec(k) => k.to_pkcs8_pem().map_err(e)?.as_bytes().to_vec(),
            },
            Form::Der => match self {
                PrivKey::Rsa(k) => k.to_pkcs8_der().map_err(e)?.to_vec(),
                PrivKey::Ed25519(k) => k.to_pkcs8_der().map_err(e)?.to_vec(),
                PrivKey::X25519(k) => k.to_pkcs8_der().map_err(e)?.to_vec(),
                // openssl 3 writes DSA keys in DER as the traditional
                // six-integer sequence (PEM as PKCS#8): the same here.
                PrivKey::Dsa(k) => k.to_traditional_der().to_vec(),
                // openssl pkey -outform DER writes EC keys as SEC1 too
                PrivKey::Ec(k) => k.to_sec1_der().map_err(e)?.to_vec(),
            },
        }))
    }
}

impl PubKey {
    fn name(&self) -> &'static str {
        match self {
            PubKey::Rsa(_) => "RSA",
            PubKey::Ed25519(_) => "ED25519",
            PubKey::X25519(_) => "X25519",
            PubKey::Dsa(_) => "DSA",
            PubKey::Ec(_) => "EC",
        }
    }

    /// SubjectPublicKeyInfo, PEM or DER.
    fn to_spki(&self, form: Form) -> Result<Vec<u8>, String> {
        let r = match (form, self) {
            (Form::Pem, PubKey::Rsa(k)) => k.to_spki_pem().map(String::into_bytes),
            (Form::Pem, PubKey::Ed25519(k)) => k.to_public_key_pem().map(String::into_bytes),
            (Form::Pem, PubKey::X25519(k)) => k.to_public_key_pem().map(String::into_bytes),
            (Form::Der, PubKey::Rsa(k)) => k.to_spki_der(),
            (Form::Der, PubKey::Ed25519(k)) => k.to_public_key_der(),
            (Form::Der, PubKey::X25519(k)) => k.to_public_key_der(),
            (Form::Pem, PubKey::Dsa(k)) => k.to_spki_pem().map(String::into_bytes),
            (Form::Der, PubKey::Dsa(k)) => k.to_spki_der(),
            (Form::Pem, PubKey::Ec(k)) => k.to_public_key_pem().map(String::into_bytes),
            (Form::Der, PubKey::Ec(k)) => k.to_public_key_der(),
        };
        r.map_err(|e| e.to_string())
    }
}

/// PEM or DER, for `-outform` (inputs are recognised either way).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    Pem,
    Der,
}

fn form(cmd: &str, flag: &str, v: Option<&OsString>) -> Result<Form, Usage> {
    let v = v.ok_or_else(|| Usage(format!("{cmd}: {flag} needs PEM or DER")))?;
    match arg(v)?.to_ascii_uppercase().as_str() {
        "PEM" => Ok(Form::Pem),
        "DER" => Ok(Form::Der),
        f => Err(Usage(format!(
            "{cmd}: {flag} must be PEM or DER, not '{f}'"
        ))),
    }
}

/// The text of `data` when it is PEM (it starts, after white space, with
/// `-----BEGIN `), or `None` for DER.
fn pem_text<'a>(data: &'a [u8], path: &Path) -> Result<Option<&'a str>, String> {
    let t = data.trim_ascii_start();
    if !t.starts_with(b"-----BEGIN ") {
        return Ok(None);
    }
    std::str::from_utf8(data)
        .map(Some)
        .map_err(|_| format!("{}: PEM file is not UTF-8", path.display()))
}

const KNOWN: &str = "RSA, DSA, EC (P-256, P-384, P-521), ED25519 and X25519";

/// A private key file: PKCS#8 (RSA, Ed25519, X25519) or PKCS#1 (RSA), PEM
/// or DER, recognised by its content.
fn load_private(path: &Path) -> Result<PrivKey, String> {
    let data = Wiped(read_input(Some(path))?);
    let at = |e: peregrine::Error| format!("{}: {e}", path.display());
    let pem = pem_text(&data.0, path)?;
    if dsa::is_private_key(&data.0) {
        return match pem {
            Some(t) => DsaPrivateKey::from_pem(t),
            None => DsaPrivateKey::from_der(&data.0),
        }
        .map(|k| PrivKey::Dsa(Box::new(k)))
        .map_err(at);
    }
    match private_key_algorithm(&data.0) {
        Ok(Algorithm::Ed25519) => match pem {
            Some(t) => SigningKey::from_pkcs8_pem(t),
            None => SigningKey::from_pkcs8_der(&data.0),
        }
        .map(|k| PrivKey::Ed25519(Box::new(k)))
        .map_err(at),
        Ok(Algorithm::X25519) => match pem {
            Some(t) => x25519::PrivateKey::from_pkcs8_pem(t),
            None => x25519::PrivateKey::from_pkcs8_der(&data.0),
        }
        .map(|k| PrivKey::X25519(Box::new(k)))
        .map_err(at),
        Ok(Algorithm::Rsa) => match pem {
            Some(t) => RsaPrivateKey::from_pem(t),
            None => RsaPrivateKey::from_der(&data.0),
        }
        .map(|k| PrivKey::Rsa(Box::new(k)))
        .map_err(at),
        Ok(Algorithm::Ec) => AnyPrivateKey::from_file_bytes(&data.0)
            .map(|k| PrivKey::Ec(Box::new(k)))
            .map_err(at),
        Ok(other) => Err(format!(
            "{}: {} keys are not supported (only {KNOWN})",
            path.display(),
            other.name()
        )),
        // Not PKCS#8: a DER PKCS#1 RSA key is the one other form.
        Err(e) => match pem {
            Some(_) => Err(at(e)),
            None => RsaPrivateKey::from_der(&data.0)
                .map(|k| PrivKey::Rsa(Box::new(k)))
                // a DER SEC1 EC key is the other traditional form
                .or_else(|_| {
                    AnyPrivateKey::from_file_bytes(&data.0).map(|k| PrivKey::Ec(Box::new(k)))
                })
                .map_err(|_| {
                    format!(
                        "{}: not a private key (PKCS#8, PKCS#1 or SEC1, PEM or DER)",
                        path.display()
                    )
                }),
        },
    }
}

/// A public key file: SubjectPublicKeyInfo (RSA, Ed25519, X25519) or
/// PKCS#1 (RSA), PEM or DER.
fn load_public(path: &Path) -> Result<PubKey, String> {
    let data = read_input(Some(path))?;
    let at = |e: peregrine::Error| format!("{}: {e}", path.display());
    let pem = pem_text(&data, path)?;
    if dsa::is_public_key(&data) {
        return match pem {
            Some(t) => DsaPublicKey::from_pem(t),
            None => DsaPublicKey::from_spki_der(&data),
        }
        .map(|k| PubKey::Dsa(Box::new(k)))
        .map_err(at);
    }
    match public_key_algorithm(&data) {
        Ok(Algorithm::Ed25519) => match pem {
            Some(t) => VerifyingKey::from_public_key_pem(t),
            None => VerifyingKey::from_public_key_der(&data),
        }
        .map(PubKey::Ed25519)
        .map_err(at),
        Ok(Algorithm::X25519) => match pem {
            Some(t) => x25519::PublicKey::from_public_key_pem(t),
            None => x25519::PublicKey::from_public_key_der(&data),
        }
        .map(PubKey::X25519)
        .map_err(at),
        Ok(Algorithm::Rsa) => match pem {
            Some(t) => RsaPublicKey::from_pem(t),
            None => RsaPublicKey::from_der(&data),
        }
        .map(|k| PubKey::Rsa(Box::new(k)))
        .map_err(at),
        Ok(Algorithm::Ec) => AnyPublicKey::from_file_bytes(&data)
            .map(PubKey::Ec)
            .map_err(at),
        Ok(other) => Err(format!(
            "{}: {} keys are not supported (only {KNOWN})",
            path.display(),
            other.name()
        )),
        Err(e) => match pem {
            Some(_) => Err(at(e)),
            None => RsaPublicKey::from_der(&data)
                .map(|k| PubKey::Rsa(Box::new(k)))
                .map_err(|_| {
                    format!(
                        "{}: not a public key (SubjectPublicKeyInfo or PKCS#1, PEM or DER)",
                        path.display()
                    )
                }),
        },
    }
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

/// `ecparam -name CURVE [-genkey] [-noout] [-out FILE] [-outform PEM|DER]`
/// or `ecparam -list_curves`: the curve's named-curve parameters and, with
/// `-genkey`, a fresh SEC1 `EC PRIVATE KEY`, as `openssl ecparam` writes
/// them.
pub fn ecparam(args: &[OsString], out: &mut dyn Write) -> Result<ExitCode, Fail> {
    use peregrine::ec::nist::keys::{AnyPrivateKey, Curve};
    let (mut curve, mut genkey, mut noout, mut output, mut outform) =
        (None, false, false, None, Form::Pem);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match arg(a)? {
            "-name" => {
                let v = it
                    .next()
                    .ok_or_else(|| Usage("ecparam: -name needs a curve".into()))?;
                let n = arg(v)?;
                curve = Some(Curve::from_name(n).ok_or_else(|| {
                    Usage(format!(
                        "ecparam: unknown curve '{n}' (prime256v1, secp384r1, secp521r1; -list_curves)"
                    ))
                })?);
            }
            "-genkey" => genkey = true,
            "-noout" => noout = true,
            "-param_enc" => match it.next().map(arg).transpose()? {
                Some("named_curve") => {}
                Some(v) => {
                    return Err(Usage(format!(
                        "ecparam: -param_enc {v}: only named_curve (explicit parameters are refused everywhere)"
                    ))
                    .into());
                }
                None => return Err(Usage("ecparam: -param_enc needs named_curve".into()).into()),
            },
            "-out" => {
                let v = it
                    .next()
                    .ok_or_else(|| Usage("ecparam: -out needs a file".into()))?;
                output = Some(PathBuf::from(v));
            }
            "-outform" => outform = form("ecparam", "-outform", it.next())?,
            "-list_curves" => {
                for c in [Curve::P256, Curve::P384, Curve::P521] {
                    writeln!(out, "  {:<10}: NIST curve {}", c.openssl_name(), c.name())?;
                }
                return Ok(ExitCode::SUCCESS);
            }
            "-h" | "-help" | "--help" => {
                writeln!(
                    out,
                    "usage: peregrine ecparam -name prime256v1|secp384r1|secp521r1 [-genkey] [-noout] \
                     [-param_enc named_curve] [-out FILE] [-outform PEM|DER]\n       peregrine ecparam -list_curves"
                )?;
                return Ok(ExitCode::SUCCESS);
            }
            f => {
                return Err(Usage(format!(
                    "ecparam: unknown option '{f}' (options: -name, -genkey, -noout, -param_enc, -out, -outform, -list_curves)"
                ))
                .into());
            }
        }
    }
    let Some(curve) = curve else {
        return Err(Usage("ecparam: -name CURVE is required (or -list_curves)".into()).into());
    };
    let r = (|| -> Result<(), String> {
        let mut data = Wiped(Vec::new());
        if !noout {
            match outform {
                Form::Pem => data.0.extend_from_slice(
                    curve
                        .parameters_pem()
                        .map_err(|e| e.to_string())?
                        .as_bytes(),
                ),
                Form::Der => data.0.extend_from_slice(&curve.parameters_der()),
            }
        }
        if genkey {
            let key = AnyPrivateKey::generate(curve).map_err(|e| e.to_string())?;
            match outform {
                Form::Pem => data
                    .0
                    .extend_from_slice(key.to_sec1_pem().map_err(|e| e.to_string())?.as_bytes()),
                Form::Der => data
                    .0
                    .extend_from_slice(&key.to_sec1_der().map_err(|e| e.to_string())?),
            }
        }
        write_output(output.as_deref(), &data.0, genkey, out)
    })();
    Ok(r.map_or_else(|e| fail("ecparam", e), |()| ExitCode::SUCCESS))
}

/// `genpkey -algorithm X25519|ED25519|RSA [-pkeyopt rsa_keygen_bits:N]
/// [-out FILE] [-outform PEM|DER]`.
pub fn genpkey(args: &[OsString], out: &mut dyn Write) -> Result<ExitCode, Fail> {
    let (mut alg, mut output, mut outform, mut bits) = (None, None, Form::Pem, None);
    let mut dsa_opts = DsaGen::default();
    let mut curve = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match arg(a)? {
            "-algorithm" => {
                let v = it
                    .next()
                    .ok_or_else(|| Usage("genpkey: -algorithm needs a name".into()))?;
                alg = Some(arg(v)?.to_ascii_uppercase());
            }
            "-out" => {
                let v = it
                    .next()
                    .ok_or_else(|| Usage("genpkey: -out needs a file".into()))?;
                output = Some(PathBuf::from(v));
            }
            "-outform" => outform = form("genpkey", "-outform", it.next())?,
            "-pkeyopt" => {
                let v = it
                    .next()
                    .ok_or_else(|| Usage("genpkey: -pkeyopt needs OPT:VALUE".into()))?;
                let v = arg(v)?;
                if dsa_opts.pkeyopt(v)? {
                    continue;
                }
                if let Some(c) = v.strip_prefix("ec_paramgen_curve:") {
                    curve = Some(Curve::from_name(c).ok_or_else(|| {
                        Usage(format!("genpkey: unknown curve '{c}' (P-256, P-384, P-521; prime256v1, secp384r1, secp521r1)"))
                    })?);
                    continue;
                }
                if v == "ec_param_enc:named_curve" {
                    continue; // the only encoding written
                }
                let n = v
                    .strip_prefix("rsa_keygen_bits:")
                    .and_then(|n| n.parse::<usize>().ok())
                    .filter(|b| matches!(b, 2048 | 3072 | 4096))
                    .ok_or_else(|| {
                        Usage(format!(
                            "genpkey: -pkeyopt '{v}' not supported (rsa_keygen_bits:2048|3072|4096)"
                        ))
                    })?;
                bits = Some(n);
            }
            "-genparam" => dsa_opts.genparam = true,
            "-paramfile" => {
                let v = it
                    .next()
                    .ok_or_else(|| Usage("genpkey: -paramfile needs a file".into()))?;
                dsa_opts.paramfile = Some(PathBuf::from(v));
            }
            "-h" | "-help" | "--help" => {
                writeln!(
                    out,
                    "usage: peregrine genpkey -algorithm X25519|ED25519|RSA|DSA|EC [-pkeyopt rsa_keygen_bits:N] [-pkeyopt ec_paramgen_curve:P-256|P-384|P-521] [-out FILE] [-outform PEM|DER]\n       peregrine genpkey -genparam -algorithm DSA [-pkeyopt dsa_paramgen_bits:N] [-pkeyopt dsa_paramgen_q_bits:N] [-out FILE]\n       peregrine genpkey -paramfile PARAMS [-out FILE]          a DSA key for the parameters"
                )?;
                return Ok(ExitCode::SUCCESS);
            }
            f => {
                return Err(Usage(format!(
                    "genpkey: unknown option '{f}' (options: -algorithm, -pkeyopt, -out, -outform, -genparam, -paramfile)"
                ))
                .into());
            }
        }
    }
    if dsa_opts.wanted(alg.as_deref()) {
        if bits.is_some() {
            return Err(
                Usage("genpkey: -pkeyopt rsa_keygen_bits is for RSA, not DSA".into()).into(),
            );
        }
        let r = dsa_opts
            .run(outform)
            .and_then(|(b, secret)| write_output(output.as_deref(), &b.0, secret, out));
        return Ok(r.map_or_else(|e| fail("genpkey", e), |()| ExitCode::SUCCESS));
    }
    let alg =
        alg.ok_or_else(|| Usage("genpkey: -algorithm X25519|ED25519|RSA is required".into()))?;
    if bits.is_some() && alg != "RSA" {
        return Err(Usage(format!(
            "genpkey: -pkeyopt rsa_keygen_bits is for RSA, not {alg}"
        ))
        .into());
    }
    if curve.is_some() && alg != "EC" {
        return Err(Usage(format!(
            "genpkey: -pkeyopt ec_paramgen_curve is for EC, not {alg}"
        ))
        .into());
    }
    let key = match alg.as_str() {
        "ED25519" => SigningKey::generate().map(|k| PrivKey::Ed25519(Box::new(k))),
        "X25519" => x25519::PrivateKey::generate().map(|k| {
            // Stored clamped, as OpenSSL generates them (the same key
            // either way: X25519 clamps when it uses the scalar).
            let mut b = k.to_bytes();
            b[0] &= 248;
            b[31] &= 127;
            b[31] |= 64;
            let k = x25519::PrivateKey::from_bytes(b);
            b.fill(0);
            std::hint::black_box(&mut b);
            PrivKey::X25519(Box::new(k))
        }),
        "RSA" => RsaPrivateKey::generate(bits.unwrap_or(2048)).map(|k| PrivKey::Rsa(Box::new(k))),
        "EC" => {
            let c = curve.ok_or_else(|| {
                Usage("genpkey: EC needs -pkeyopt ec_paramgen_curve:P-256|P-384|P-521".into())
            })?;
            AnyPrivateKey::generate(c).map(|k| PrivKey::Ec(Box::new(k)))
        }
        a => {
            return Err(Usage(format!(
                "genpkey: unknown algorithm '{a}' (X25519, ED25519, RSA, EC, DSA)"
            ))
            .into());
        }
    };
    let r = key
        .map_err(|e| e.to_string())
        .and_then(|k| k.to_pkcs8(outform))
        .and_then(|b| write_output(output.as_deref(), &b.0, true, out));
    Ok(r.map_or_else(|e| fail("genpkey", e), |()| ExitCode::SUCCESS))
}

/// The DSA side of `genpkey`: `-genparam` (new parameters, `DSA
/// PARAMETERS` PEM), `-paramfile` (a key for existing parameters, as
/// openssl), and `-algorithm DSA` with `-pkeyopt dsa_paramgen_bits:N`
/// (new parameters, then a key: an extension, openssl 3 refuses it).
#[derive(Default)]
struct DsaGen {
    genparam: bool,
    paramfile: Option<PathBuf>,
    bits: Option<usize>,
    q_bits: Option<usize>,
}

impl DsaGen {
    /// Takes a `dsa_paramgen_*` option; `false` for any other.
    fn pkeyopt(&mut self, v: &str) -> Result<bool, Usage> {
        let (slot, what) = if let Some(n) = v.strip_prefix("dsa_paramgen_bits:") {
            (&mut self.bits, n)
        } else if let Some(n) = v.strip_prefix("dsa_paramgen_q_bits:") {
            (&mut self.q_bits, n)
        } else {
            return Ok(false);
        };
        *slot = Some(
            what.parse::<usize>()
                .map_err(|_| Usage(format!("genpkey: -pkeyopt '{v}': not a number")))?,
        );
        Ok(true)
    }

    /// Whether the command is about DSA.
    fn wanted(&self, alg: Option<&str>) -> bool {
        alg == Some("DSA")
            || self.genparam
            || self.paramfile.is_some()
            || self.bits.is_some()
            || self.q_bits.is_some()
    }

    fn params(&self) -> Result<DsaParams, String> {
        let l = self.bits.unwrap_or(2048);
        let n = self.q_bits.unwrap_or(match l {
            1024 => 160,
            3072 => 256,
            _ => 224,
        });
        if !dsa::SIZES.contains(&(l, n)) {
            return Err(format!(
                "DSA sizes {l}/{n} not supported (dsa_paramgen_bits:dsa_paramgen_q_bits 1024:160, 2048:224, 2048:256, 3072:256)"
            ));
        }
        DsaParams::generate(l, n)
            .map(|(p, _, _)| p)
            .map_err(|e| e.to_string())
    }

    /// The output and whether it is secret.
    fn run(&self, outform: Form) -> Result<(Wiped, bool), String> {
        if self.genparam {
            if self.paramfile.is_some() {
                return Err("-genparam makes parameters; it takes no -paramfile".into());
            }
            let p = self.params()?;
            let b = match outform {
                Form::Pem => p.to_pem().map_err(|e| e.to_string())?.into_bytes(),
                Form::Der => p.to_der(),
            };
            return Ok((Wiped(b), false));
        }
        let params = match &self.paramfile {
            Some(path) => {
                if self.bits.is_some() || self.q_bits.is_some() {
                    return Err("-paramfile already fixes the sizes (no dsa_paramgen_*)".into());
                }
                let data = read_input(Some(path))?;
                let at = |e: peregrine::Error| format!("{}: {e}", path.display());
                match pem_text(&data, path)? {
                    Some(t) => DsaParams::from_pem(t).map_err(at)?,
                    None => DsaParams::from_der(&data).map_err(at)?,
                }
            }
            None => self.params()?,
        };
        let key = DsaPrivateKey::generate(&params).map_err(|e| e.to_string())?;
        Ok((PrivKey::Dsa(Box::new(key)).to_pkcs8(outform)?, true))
    }
}

/// `pkey -in KEY [-pubin] [-pubout] [-out FILE] [-inform F] [-outform F]`.
pub fn pkey(args: &[OsString], out: &mut dyn Write) -> Result<ExitCode, Fail> {
    let (mut input, mut output, mut pubin, mut pubout) = (None, None, false, false);
    let mut outform = Form::Pem;
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
            // Input is recognised (PEM or DER) whatever -inform says.
            "-inform" => {
                form("pkey", "-inform", it.next())?;
            }
            "-outform" => outform = form("pkey", "-outform", it.next())?,
            "-h" | "-help" | "--help" => {
                writeln!(
                    out,
                    "usage: peregrine pkey -in KEY [-pubin] [-pubout] [-out FILE] [-inform PEM|DER] [-outform PEM|DER]"
                )?;
                return Ok(ExitCode::SUCCESS);
            }
            f => {
                return Err(Usage(format!(
                    "pkey: unknown option '{f}' (options: -in, -out, -pubin, -pubout, -inform, -outform)"
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
                load_private(&input)?.public()
            };
            write_output(output.as_deref(), &public.to_spki(outform)?, false, out)
        } else {
            let b = load_private(&input)?.to_pkcs8(outform)?;
            write_output(output.as_deref(), &b.0, true, out)
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

#[derive(Clone, Copy, PartialEq, Eq)]
enum Op {
    Sign,
    Verify,
    Derive,
}

/// `pkeyutl -sign|-verify|-derive ...`.
pub fn pkeyutl(args: &[OsString], out: &mut dyn Write) -> Result<ExitCode, Fail> {
    let (mut ops, mut pubin, mut pss, mut rawin) = (Vec::new(), false, false, false);
    let (mut inkey, mut peerkey, mut input, mut output, mut sigfile) =
        (None, None, None, None, None);
    let mut digest = None;
    let mut it = args.iter();
    let path = |it: &mut std::slice::Iter<'_, OsString>, flag: &str| {
        it.next()
            .map(PathBuf::from)
            .ok_or_else(|| Usage(format!("pkeyutl: {flag} needs a file")))
    };
    while let Some(a) = it.next() {
        match arg(a)? {
            "-sign" => ops.push(Op::Sign),
            "-verify" => ops.push(Op::Verify),
            "-derive" => ops.push(Op::Derive),
            "-pubin" => pubin = true,
            "-pss" => pss = true,
            // RSA: the input is always the message, hashed here; Ed25519
            // needs it said, as openssl does.
            "-rawin" => rawin = true,
            "-inkey" => inkey = Some(path(&mut it, "-inkey")?),
            "-peerkey" => peerkey = Some(path(&mut it, "-peerkey")?),
            "-in" => input = Some(path(&mut it, "-in")?),
            "-out" => output = Some(path(&mut it, "-out")?),
            "-sigfile" => sigfile = Some(path(&mut it, "-sigfile")?),
            // Key files are recognised (PEM or DER) whatever these say.
            "-keyform" | "-peerform" => {
                form("pkeyutl", arg(a)?, it.next())?;
            }
            "-digest" => {
                let v = it.next().ok_or_else(|| Usage("pkeyutl: -digest needs a name".into()))?;
                digest = Some(match arg(v)?.to_ascii_lowercase().as_str() {
                    "sha1" | "sha-1" => Digest::Sha1,
                    "sha256" | "sha2-256" => Digest::Sha256,
                    "sha384" | "sha2-384" => Digest::Sha384,
                    "sha512" | "sha2-512" => Digest::Sha512,
                    d => return Err(Usage(format!("pkeyutl: unknown digest '{d}' (sha256, sha384, sha512; sha1 to verify)")).into()),
                });
            }
            "-h" | "-help" | "--help" => {
                writeln!(out, "{PKEYUTL_USAGE}")?;
                return Ok(ExitCode::SUCCESS);
            }
            f => return Err(Usage(format!("pkeyutl: unknown option '{f}' (options: -sign, -verify, -derive, -inkey, -pubin, -peerkey, -in, -out, -sigfile, -rawin, -digest, -pss)")).into()),
        }
    }
    let op = match ops[..] {
        [op] => op,
        _ => {
            return Err(
                Usage("pkeyutl: give exactly one of -sign, -verify and -derive".into()).into(),
            );
        }
    };
    let inkey = inkey.ok_or_else(|| Usage("pkeyutl: -inkey KEY is required".into()))?;
    if op != Op::Verify && pubin {
        return Err(
            Usage("pkeyutl: -sign and -derive need a private key (not -pubin)".into()).into(),
        );
    }
    if op == Op::Sign && digest == Some(Digest::Sha1) {
        return Err(
            Usage("pkeyutl: SHA-1 signatures are for verifying old ones only".into()).into(),
        );
    }
    if op == Op::Verify && sigfile.is_none() {
        return Err(Usage("pkeyutl: -verify needs -sigfile SIG".into()).into());
    }
    if op == Op::Derive {
        if peerkey.is_none() {
            return Err(Usage("pkeyutl: -derive needs -peerkey PEER".into()).into());
        }
        if rawin || pss || digest.is_some() || sigfile.is_some() || input.is_some() {
            return Err(Usage(
                "pkeyutl: -derive takes no -in, -sigfile, -rawin, -digest or -pss".into(),
            )
            .into());
        }
    } else if peerkey.is_some() {
        return Err(Usage("pkeyutl: -peerkey is for -derive".into()).into());
    }
    // Keys first, so a bad key is reported before stdin is read.
    let r = match op {
        Op::Derive => derive(&inkey, peerkey.as_deref(), output.as_deref(), out),
        Op::Sign => {
            let o = SignOpts { digest, pss, rawin };
            sign(&inkey, o, input.as_deref(), output.as_deref(), out)
        }
        Op::Verify => {
            let o = SignOpts { digest, pss, rawin };
            let sigfile = sigfile.as_deref().unwrap_or(Path::new("-"));
            return verify(&inkey, pubin, o, input.as_deref(), sigfile, out);
        }
    };
    Ok(r.map_or_else(|e| fail("pkeyutl", e), |()| ExitCode::SUCCESS))
}

const PKEYUTL_USAGE: &str = "\
usage: peregrine pkeyutl -sign -inkey KEY [-rawin] [-in F] [-out SIG] [-digest sha256|sha384|sha512] [-pss]
       peregrine pkeyutl -verify [-pubin] -inkey KEY [-rawin] -sigfile SIG [-in F] [-digest ...] [-pss]
       peregrine pkeyutl -derive -inkey KEY -peerkey PEER [-out F]
RSA signs the input's digest (-rawin optional); Ed25519 signs the input itself and needs -rawin
(no -digest, no -pss); DSA and EC sign the input as a digest (or, with -rawin, its -digest hash);
-derive is X25519 or EC (the shared secret, raw).";

/// The signing options: `-digest` (when given), `-pss`, `-rawin`.
#[derive(Clone, Copy)]
struct SignOpts {
    digest: Option<Digest>,
    pss: bool,
    rawin: bool,
}

impl SignOpts {
    /// The Ed25519 rules: `-rawin` required, no `-digest`, no `-pss`.
    fn ed25519(self) -> Result<(), String> {
        if self.digest.is_some() || self.pss {
            return Err(
                "ED25519 takes no -digest or -pss (it hashes the message with SHA-512 itself)"
                    .into(),
            );
        }
        if !self.rawin {
            return Err(
                "ED25519 signs the message itself: add -rawin (openssl 3 requires it too)".into(),
            );
        }
        Ok(())
    }
}

impl SignOpts {
    /// The DSA rules, openssl 3's: no `-pss`; `-digest` only with
    /// `-rawin`.
    fn dsa(self) -> Result<(), String> {
        if self.pss {
            return Err("DSA takes no -pss".into());
        }
        if self.digest.is_some() && !self.rawin {
            return Err("-digest can only be used with -rawin (as openssl 3)".into());
        }
        Ok(())
    }

    /// What DSA signs: the input itself (a precomputed digest, openssl's
    /// default), or with `-rawin` its hash (`-digest`, SHA-256 by default).
    fn dsa_digest(self, msg: &[u8]) -> Vec<u8> {
        fn h<H: peregrine::hash::Hash>(m: &[u8]) -> Vec<u8> {
            let mut h = H::new();
            h.update(m);
            h.finalize().as_ref().to_vec()
        }
        if !self.rawin {
            return msg.to_vec();
        }
        match self.digest.unwrap_or(Digest::Sha256) {
            Digest::Sha1 => h::<Sha1>(msg),
            Digest::Sha256 => h::<Sha256>(msg),
            Digest::Sha384 => h::<Sha384>(msg),
            Digest::Sha512 => h::<Sha512>(msg),
        }
    }
}

/// A DSA signature of a digest (hedged RFC 6979; its HMAC uses the hash
/// whose output is as long as the digest, SHA-256 for other lengths).
fn dsa_sign(key: &DsaPrivateKey, digest: &[u8]) -> Result<Vec<u8>, String> {
    use peregrine::hash::sha256::Sha224;
    match digest.len() {
        20 => key.sign_digest::<Sha1>(digest),
        28 => key.sign_digest::<Sha224>(digest),
        48 => key.sign_digest::<Sha384>(digest),
        64 => key.sign_digest::<Sha512>(digest),
        _ => key.sign_digest::<Sha256>(digest),
    }
    .map_err(|e| e.to_string())
}

/// An ECDSA signature (DER) of a digest, hedged RFC 6979 whose HMAC uses
/// the hash as long as the digest (SHA-256 for other lengths), as for DSA.
fn ec_sign(key: &AnyPrivateKey, digest: &[u8]) -> Result<Vec<u8>, String> {
    use peregrine::hash::sha256::Sha224;
    match digest.len() {
        20 => key.sign_prehashed_der::<Sha1>(digest),
        28 => key.sign_prehashed_der::<Sha224>(digest),
        48 => key.sign_prehashed_der::<Sha384>(digest),
        64 => key.sign_prehashed_der::<Sha512>(digest),
        _ => key.sign_prehashed_der::<Sha256>(digest),
    }
    .map_err(|e| e.to_string())
}

fn derive(
    inkey: &Path,
    peerkey: Option<&Path>,
    output: Option<&Path>,
    out: &mut dyn Write,
) -> Result<(), String> {
    let key = match load_private(inkey)? {
        PrivKey::X25519(k) => k,
        PrivKey::Ec(k) => return derive_ec(&k, peerkey, output, out),
        k => {
            return Err(format!(
                "{}: -derive needs an X25519 or EC key, not {}",
                inkey.display(),
                k.name()
            ));
        }
    };
    let peerkey = peerkey.unwrap_or(Path::new("-"));
    // The peer's public key; a private key file gives its public half.
    let peer = match load_public(peerkey) {
        Ok(p) => p,
        Err(e) => match load_private(peerkey) {
            Ok(k) => k.public(),
            Err(_) => return Err(e),
        },
    };
    let peer = match peer {
        PubKey::X25519(p) => p,
        p => {
            return Err(format!(
                "{}: peer key is {}, not X25519",
                peerkey.display(),
                p.name()
            ));
        }
    };
    let secret = key
        .diffie_hellman(&peer)
        .map_err(|e| format!("{}: {e}", peerkey.display()))?;
    write_output(output, secret.as_bytes(), true, out)
}

/// ECDH: the x-coordinate, raw, as `openssl pkeyutl -derive` writes it.
fn derive_ec(
    key: &AnyPrivateKey,
    peerkey: Option<&Path>,
    output: Option<&Path>,
    out: &mut dyn Write,
) -> Result<(), String> {
    let peerkey = peerkey.unwrap_or(Path::new("-"));
    let peer = match load_public(peerkey) {
        Ok(p) => p,
        Err(e) => match load_private(peerkey) {
            Ok(k) => k.public(),
            Err(_) => return Err(e),
        },
    };
    let PubKey::Ec(peer) = peer else {
        return Err(format!(
            "{}: peer key is {}, not EC",
            peerkey.display(),
            peer.name()
        ));
    };
    let secret = key
        .diffie_hellman(&peer)
        .map_err(|e| format!("{}: {e}", peerkey.display()))?;
    write_output(output, &secret, true, out)
}

fn sign(
    inkey: &Path,
    o: SignOpts,
    input: Option<&Path>,
    output: Option<&Path>,
    out: &mut dyn Write,
) -> Result<(), String> {
    let key = load_private(inkey)?;
    if let PrivKey::Ed25519(_) = key {
        o.ed25519()?;
    }
    if let PrivKey::X25519(_) = key {
        return Err(format!(
            "{}: X25519 keys cannot sign (they are for -derive)",
            inkey.display()
        ));
    }
    if let PrivKey::Dsa(_) | PrivKey::Ec(_) = key {
        o.dsa()?;
    }
    let msg = read_input(input)?;
    let sig = match key {
        PrivKey::Ed25519(k) => k.sign(&msg).to_vec(),
        PrivKey::Rsa(key) => match (o.digest.unwrap_or(Digest::Sha256), o.pss) {
            (Digest::Sha256, false) => key.sign_pkcs1v15::<Sha256>(&msg),
            (Digest::Sha384, false) => key.sign_pkcs1v15::<Sha384>(&msg),
            (Digest::Sha512, false) => key.sign_pkcs1v15::<Sha512>(&msg),
            (Digest::Sha256, true) => key.sign_pss::<Sha256>(&msg, SaltLen::Digest),
            (Digest::Sha384, true) => key.sign_pss::<Sha384>(&msg, SaltLen::Digest),
            (Digest::Sha512, true) => key.sign_pss::<Sha512>(&msg, SaltLen::Digest),
            (Digest::Sha1, _) => unreachable_sha1(),
        }
        .map_err(|e| e.to_string())?,
        PrivKey::Dsa(key) => dsa_sign(&key, &o.dsa_digest(&msg))?,
        PrivKey::Ec(key) => ec_sign(&key, &o.dsa_digest(&msg))?,
        // Refused above, before reading the input.
        PrivKey::X25519(_) => return Err("X25519 keys cannot sign".into()),
    };
    write_output(output, &sig, false, out)
}

fn verify(
    inkey: &Path,
    pubin: bool,
    o: SignOpts,
    input: Option<&Path>,
    sigfile: &Path,
    out: &mut dyn Write,
) -> Result<ExitCode, Fail> {
    let public = if pubin {
        load_public(inkey)
    } else {
        load_private(inkey).map(|k| k.public())
    };
    let public = match public {
        Ok(PubKey::X25519(_)) => {
            return Ok(fail(
                "pkeyutl",
                format!(
                    "{}: X25519 keys cannot verify (they are for -derive)",
                    inkey.display()
                ),
            ));
        }
        Ok(p) => p,
        Err(e) => return Ok(fail("pkeyutl", e)),
    };
    if let PubKey::Ed25519(_) = public
        && let Err(e) = o.ed25519()
    {
        return Ok(fail("pkeyutl", e));
    }
    if let PubKey::Dsa(_) | PubKey::Ec(_) = public
        && let Err(e) = o.dsa()
    {
        return Ok(fail("pkeyutl", e));
    }
    let sig = match read_input(Some(sigfile)) {
        Ok(s) => s,
        Err(e) => return Ok(fail("pkeyutl", e)),
    };
    let msg = match read_input(input) {
        Ok(m) => m,
        Err(e) => return Ok(fail("pkeyutl", e)),
    };
    let r = match &public {
        PubKey::Ed25519(k) => {
            if sig.len() != ed25519::SIGNATURE_LEN {
                // openssl's verdict, and why on stderr.
                writeln!(out, "Signature Verification Failure")?;
                return Ok(fail(
                    "pkeyutl",
                    format!(
                        "{}: an Ed25519 signature is 64 bytes, this one {}",
                        sigfile.display(),
                        sig.len()
                    ),
                ));
            }
            k.verify(&msg, &sig)
        }
        PubKey::Rsa(public) => match (o.digest.unwrap_or(Digest::Sha256), o.pss) {
            (Digest::Sha1, false) => public.verify_pkcs1v15::<Sha1>(&msg, &sig),
            (Digest::Sha256, false) => public.verify_pkcs1v15::<Sha256>(&msg, &sig),
            (Digest::Sha384, false) => public.verify_pkcs1v15::<Sha384>(&msg, &sig),
            (Digest::Sha512, false) => public.verify_pkcs1v15::<Sha512>(&msg, &sig),
            (Digest::Sha1, true) => public.verify_pss::<Sha1>(&msg, &sig, SaltLen::Auto),
            (Digest::Sha256, true) => public.verify_pss::<Sha256>(&msg, &sig, SaltLen::Auto),
            (Digest::Sha384, true) => public.verify_pss::<Sha384>(&msg, &sig, SaltLen::Auto),
            (Digest::Sha512, true) => public.verify_pss::<Sha512>(&msg, &sig, SaltLen::Auto),
        },
        PubKey::Dsa(k) => k.verify_digest(&o.dsa_digest(&msg), &sig),
        PubKey::Ec(k) => k.verify_prehashed_der(&o.dsa_digest(&msg), &sig),
        // Refused above, before reading the input.
        PubKey::X25519(_) => Err(peregrine::Error::VerificationFailed),
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
