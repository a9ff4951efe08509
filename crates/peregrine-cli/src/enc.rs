//! `peregrine enc`: encrypt or decrypt a file or stdin with AES in any mode
//! Peregrine has, with the key and IV in hex, like `openssl enc -K -iv`.
//!
//! The output is byte for byte what `openssl enc` writes for the same
//! cipher, key, IV and padding option (tested against the installed
//! binary). Two deliberate differences: a key or IV of the wrong length is
//! an error here (openssl pads a short one with zeros and drops the excess
//! of a long one, with a warning), and XTS, which `openssl enc` refuses,
//! works here with the whole input as one data unit and `-iv` as its raw
//! 16-byte tweak. The AEADs (AES-GCM, AES-CCM, ChaCha20-Poly1305,
//! SM4-GCM; `openssl enc` refuses them too)
//! take a 12-byte nonce as `-iv` and optional `-aad HEX`, and write the
//! ciphertext followed by the 16-byte tag (the layout of TLS records and of
//! `Aead::seal`); decryption checks the tag before writing anything.
//!
//! Input is streamed in 64 KiB pieces (XTS reads its one data unit whole,
//! at most 16 MiB). With `-out FILE` the output goes to a temporary file
//! next to it, renamed over FILE only when everything succeeded, so a
//! failed run (a bad decrypt, a read error) leaves an existing FILE as it
//! was.

use peregrine::aead::Aead;
use peregrine::aead::aes_ccm::AesCcm;
use peregrine::aead::aes_gcm::AesGcm;
use peregrine::aead::camellia_gcm::CamelliaGcm;
use peregrine::aead::chacha20_poly1305::ChaCha20Poly1305;
use peregrine::aead::sm4_gcm::Sm4Gcm;
use peregrine::cipher::aes::{self, Checked};
use peregrine::cipher::blowfish::BlowfishVartime;
use peregrine::cipher::camellia::{self, Camellia};
use peregrine::cipher::des::{self, Des, TripleDes};
use peregrine::cipher::sm4::{self, Sm4};
use peregrine::cpu::Backend;
use peregrine::mode::block64::{
    BlockCipher64, Cbc64Decryptor, Cbc64Encryptor, Cfb64, Ecb64, Ofb64, pkcs7_pad8, pkcs7_unpad8,
};
use peregrine::mode::block128::{BlockCipher128, Cbc128Decryptor, Cbc128Encryptor, Ctr128, Ecb128};
use peregrine::mode::cbc::{CbcDecryptor, CbcEncryptor, pkcs7_pad, pkcs7_unpad};
use peregrine::mode::cfb::Cfb;
use peregrine::mode::ctr::Ctr;
use peregrine::mode::ecb::Ecb;
use peregrine::mode::ofb::Ofb;
use peregrine::mode::xts::{self, Tweak, Xts};
use std::ffi::OsString;
use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::{Fail, Usage};

const CHUNK: usize = 64 * 1024;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Ecb,
    Cbc,
    Ctr,
    Cfb,
    Ofb,
    Xts,
    Gcm,
    Ccm,
    ChaChaPoly,
    /// SM4-GCM (RFC 8998), on the SM4 backend `-impl` names.
    Sm4Gcm,
    /// Camellia-GCM (RFC 6367), on the Camellia backend `-impl` names.
    CamelliaGcm,
    /// A 64-bit-block cipher (DES, 3DES, Blowfish) in one of its modes.
    B64(C64, M64),
    /// Camellia or SM4 in one of its modes.
    B128(C128, M128),
}

/// The 16-byte-block ciphers other than AES.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum C128 {
    Camellia,
    Sm4,
}

/// Their modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum M128 {
    Ecb,
    Cbc,
    Ctr,
}

/// The 64-bit-block ciphers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum C64 {
    Des,
    Tdes,
    Bf,
}

/// Their modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum M64 {
    Ecb,
    Cbc,
    Cfb,
    Ofb,
}

/// `(name, key bytes, mode)`; openssl's names and aliases.
const CIPHERS: &[(&str, usize, Mode)] = &[
    ("aes-128-ecb", 16, Mode::Ecb),
    ("aes-192-ecb", 24, Mode::Ecb),
    ("aes-256-ecb", 32, Mode::Ecb),
    ("aes-128-cbc", 16, Mode::Cbc),
    ("aes-192-cbc", 24, Mode::Cbc),
    ("aes-256-cbc", 32, Mode::Cbc),
    ("aes128", 16, Mode::Cbc),
    ("aes192", 24, Mode::Cbc),
    ("aes256", 32, Mode::Cbc),
    ("aes-128-ctr", 16, Mode::Ctr),
    ("aes-192-ctr", 24, Mode::Ctr),
    ("aes-256-ctr", 32, Mode::Ctr),
    ("aes-128-cfb", 16, Mode::Cfb),
    ("aes-192-cfb", 24, Mode::Cfb),
    ("aes-256-cfb", 32, Mode::Cfb),
    ("aes-128-ofb", 16, Mode::Ofb),
    ("aes-192-ofb", 24, Mode::Ofb),
    ("aes-256-ofb", 32, Mode::Ofb),
    ("aes-128-xts", 32, Mode::Xts),
    ("aes-256-xts", 64, Mode::Xts),
    ("aes-128-gcm", 16, Mode::Gcm),
    ("aes-192-gcm", 24, Mode::Gcm),
    ("aes-256-gcm", 32, Mode::Gcm),
    ("aes-128-ccm", 16, Mode::Ccm),
    ("aes-192-ccm", 24, Mode::Ccm),
    ("aes-256-ccm", 32, Mode::Ccm),
    ("chacha20-poly1305", 32, Mode::ChaChaPoly),
    ("des-ecb", 8, Mode::B64(C64::Des, M64::Ecb)),
    ("des-cbc", 8, Mode::B64(C64::Des, M64::Cbc)),
    ("des", 8, Mode::B64(C64::Des, M64::Cbc)),
    ("des-cfb", 8, Mode::B64(C64::Des, M64::Cfb)),
    ("des-ofb", 8, Mode::B64(C64::Des, M64::Ofb)),
    ("des-ede", 16, Mode::B64(C64::Tdes, M64::Ecb)),
    ("des-ede-ecb", 16, Mode::B64(C64::Tdes, M64::Ecb)),
    ("des-ede-cbc", 16, Mode::B64(C64::Tdes, M64::Cbc)),
    ("des-ede-cfb", 16, Mode::B64(C64::Tdes, M64::Cfb)),
    ("des-ede-ofb", 16, Mode::B64(C64::Tdes, M64::Ofb)),
    ("des-ede3", 24, Mode::B64(C64::Tdes, M64::Ecb)),
    ("des-ede3-ecb", 24, Mode::B64(C64::Tdes, M64::Ecb)),
    ("des-ede3-cbc", 24, Mode::B64(C64::Tdes, M64::Cbc)),
    ("des3", 24, Mode::B64(C64::Tdes, M64::Cbc)),
    ("des-ede3-cfb", 24, Mode::B64(C64::Tdes, M64::Cfb)),
    ("des-ede3-ofb", 24, Mode::B64(C64::Tdes, M64::Ofb)),
    ("bf-ecb", 16, Mode::B64(C64::Bf, M64::Ecb)),
    ("bf-cbc", 16, Mode::B64(C64::Bf, M64::Cbc)),
    ("bf", 16, Mode::B64(C64::Bf, M64::Cbc)),
    ("blowfish", 16, Mode::B64(C64::Bf, M64::Cbc)),
    ("bf-cfb", 16, Mode::B64(C64::Bf, M64::Cfb)),
    ("bf-ofb", 16, Mode::B64(C64::Bf, M64::Ofb)),
    (
        "camellia-128-ecb",
        16,
        Mode::B128(C128::Camellia, M128::Ecb),
    ),
    (
        "camellia-192-ecb",
        24,
        Mode::B128(C128::Camellia, M128::Ecb),
    ),
    (
        "camellia-256-ecb",
        32,
        Mode::B128(C128::Camellia, M128::Ecb),
    ),
    (
        "camellia-128-cbc",
        16,
        Mode::B128(C128::Camellia, M128::Cbc),
    ),
    (
        "camellia-192-cbc",
        24,
        Mode::B128(C128::Camellia, M128::Cbc),
    ),
    (
        "camellia-256-cbc",
        32,
        Mode::B128(C128::Camellia, M128::Cbc),
    ),
    ("camellia128", 16, Mode::B128(C128::Camellia, M128::Cbc)),
    ("camellia192", 24, Mode::B128(C128::Camellia, M128::Cbc)),
    ("camellia256", 32, Mode::B128(C128::Camellia, M128::Cbc)),
    (
        "camellia-128-ctr",
        16,
        Mode::B128(C128::Camellia, M128::Ctr),
    ),
    (
        "camellia-192-ctr",
        24,
        Mode::B128(C128::Camellia, M128::Ctr),
    ),
    (
        "camellia-256-ctr",
        32,
        Mode::B128(C128::Camellia, M128::Ctr),
    ),
    ("camellia-128-gcm", 16, Mode::CamelliaGcm),
    ("camellia-192-gcm", 24, Mode::CamelliaGcm),
    ("camellia-256-gcm", 32, Mode::CamelliaGcm),
    ("sm4-ecb", 16, Mode::B128(C128::Sm4, M128::Ecb)),
    ("sm4-cbc", 16, Mode::B128(C128::Sm4, M128::Cbc)),
    ("sm4", 16, Mode::B128(C128::Sm4, M128::Cbc)),
    ("sm4-ctr", 16, Mode::B128(C128::Sm4, M128::Ctr)),
    ("sm4-gcm", 16, Mode::Sm4Gcm),
];

fn cipher_names() -> String {
    CIPHERS
        .iter()
        .map(|c| format!("-{}", c.0))
        .collect::<Vec<_>>()
        .join(", ")
}

const HELP: &str = "\
usage: peregrine enc -CIPHER -K HEX [-iv HEX] [-e|-d] [-nopad] [-in FILE] [-out FILE] [-impl NAME]
  -CIPHER     one of the ciphers below (also -cipher NAME)
  -K HEX      the key, exactly the cipher's key length (XTS: both keys)
  -iv HEX     16 bytes: the IV, initial counter block, or XTS tweak (not for ECB);
              12 bytes: the nonce of an AEAD (GCM, CCM, ChaCha20-Poly1305, SM4-GCM);
              8 bytes: the IV of DES, 3DES and Blowfish (bf-*: variable time)
  -aad HEX    associated data of an AEAD (default none)
  -e, -d      encrypt (default) or decrypt
  -nopad      no PKCS#7 padding for ECB and CBC (input must be whole blocks)
  -in, -out   files (default stdin, stdout)
  -impl NAME  AES (or for DES/3DES, DES; for Camellia and SM4, theirs) backend
              (default: the best this CPU has)";

struct Options {
    cipher: (&'static str, usize, Mode),
    key: Vec<u8>,
    iv: Option<Vec<u8>>,
    aad: Vec<u8>,
    decrypt: bool,
    pad: bool,
    input: Option<PathBuf>,
    output: Option<PathBuf>,
    imp: Checked,
    /// The DES backend, for the DES and 3DES ciphers.
    des_imp: des::Checked,
    /// The Camellia backend.
    cam_imp: camellia::Checked,
    /// The SM4 backend.
    sm4_imp: sm4::Checked,
}

fn parse_hex(what: &str, s: &str, want: usize) -> Result<Vec<u8>, Usage> {
    let bad = || Usage(format!("enc: {what} must be hex digits, not '{s}'"));
    if !s.len().is_multiple_of(2) {
        return Err(Usage(format!(
            "enc: {what} has an odd number of hex digits ({}); {want} bytes are {} digits",
            s.len(),
            2 * want
        )));
    }
    let bytes = (0..s.len())
        .step_by(2)
        .map(|i| s.get(i..i + 2).and_then(|h| u8::from_str_radix(h, 16).ok()))
        .collect::<Option<Vec<u8>>>()
        .ok_or_else(bad)?;
    if bytes.len() != want {
        return Err(Usage(format!(
            "enc: {what} is {} bytes; this cipher takes exactly {want} ({} hex digits)",
            bytes.len(),
            2 * want
        )));
    }
    Ok(bytes)
}

fn parse(args: &[OsString]) -> Result<Option<Options>, Usage> {
    let mut cipher = None;
    let mut key = None;
    let mut iv = None;
    let mut aad = None;
    let mut decrypt = None;
    let mut pad = true;
    let mut input = None;
    let mut output = None;
    let mut imp_name: Option<String> = None;
    let mut it = args.iter();
    let text = |a: &OsString| {
        a.to_str().map(String::from).ok_or_else(|| {
            Usage(format!(
                "enc: argument '{}' is not valid UTF-8",
                a.to_string_lossy()
            ))
        })
    };
    let once = |name: &str, set: bool| {
        if set {
            Err(Usage(format!("enc: {name} given twice")))
        } else {
            Ok(())
        }
    };
    while let Some(a) = it.next() {
        let a_str = text(a)?;
        let mut value = |name: &str| {
            it.next()
                .ok_or_else(|| Usage(format!("enc: {name} needs a value")))
        };
        match a_str.as_str() {
            "-h" | "-help" | "--help" => return Ok(None),
            "-e" | "-d" => {
                once("-e/-d", decrypt.is_some())?;
                decrypt = Some(a_str == "-d");
            }
            "-nopad" => pad = false,
            "-K" => {
                once("-K", key.is_some())?;
                key = Some(text(value("-K")?)?);
            }
            "-iv" => {
                once("-iv", iv.is_some())?;
                iv = Some(text(value("-iv")?)?);
            }
            "-aad" => {
                once("-aad", aad.is_some())?;
                aad = Some(text(value("-aad")?)?);
            }
            "-in" => {
                once("-in", input.is_some())?;
                input = Some(PathBuf::from(value("-in")?));
            }
            "-out" => {
                once("-out", output.is_some())?;
                output = Some(PathBuf::from(value("-out")?));
            }
            "-impl" | "--impl" => {
                once("-impl", imp_name.is_some())?;
                imp_name = Some(text(value("-impl")?)?);
            }
            "-cipher" => {
                let v = text(value("-cipher")?)?;
                once("a cipher", cipher.is_some())?;
                cipher = Some(find_cipher(&v)?);
            }
            "-k" | "-pass" | "-kfile" | "-S" | "-salt" | "-pbkdf2" | "-md" | "-iter" => {
                return Err(Usage(format!(
                    "enc: {a_str}: password-based keys are not supported; give the key with -K and the IV with -iv"
                )));
            }
            s if s.starts_with('-') && s.len() > 1 => {
                once("a cipher", cipher.is_some())?;
                cipher = Some(find_cipher(&s[1..])?);
            }
            s => {
                return Err(Usage(format!(
                    "enc: unexpected argument '{s}' (use -in FILE for input)"
                )));
            }
        }
    }
    let cipher = cipher.ok_or_else(|| Usage(format!("enc: which cipher? ({})", cipher_names())))?;
    let key = parse_hex(
        "the key (-K)",
        &key.ok_or_else(|| Usage("enc: -K HEX (the key) is required".into()))?,
        cipher.1,
    )?;
    let iv = match (cipher.2, iv) {
        (Mode::Ecb, Some(_)) => {
            return Err(Usage("enc: ECB takes no IV; leave out -iv".into()));
        }
        (Mode::Ecb, None) => None,
        (Mode::B64(_, M64::Ecb), Some(_)) => {
            return Err(Usage("enc: ECB takes no IV; leave out -iv".into()));
        }
        (Mode::B64(_, M64::Ecb), None) => None,
        (Mode::B128(_, M128::Ecb), Some(_)) => {
            return Err(Usage("enc: ECB takes no IV; leave out -iv".into()));
        }
        (Mode::B128(_, M128::Ecb), None) => None,
        (Mode::B64(..), Some(v)) => Some(parse_hex("the IV (-iv)", &v, 8)?),
        (Mode::B64(..), None) => {
            return Err(Usage(format!("enc: {} needs -iv HEX (8 bytes)", cipher.0)));
        }
        (Mode::Gcm | Mode::Ccm | Mode::ChaChaPoly | Mode::Sm4Gcm | Mode::CamelliaGcm, Some(v)) => {
            Some(parse_hex("the nonce (-iv)", &v, 12)?)
        }
        (Mode::Gcm | Mode::Ccm | Mode::ChaChaPoly | Mode::Sm4Gcm | Mode::CamelliaGcm, None) => {
            return Err(Usage(format!(
                "enc: {} needs -iv HEX (a 12-byte nonce)",
                cipher.0
            )));
        }
        (_, Some(v)) => Some(parse_hex("the IV (-iv)", &v, 16)?),
        (_, None) => {
            return Err(Usage(format!("enc: {} needs -iv HEX (16 bytes)", cipher.0)));
        }
    };
    let aad = match aad {
        None => Vec::new(),
        Some(_)
            if !matches!(
                cipher.2,
                Mode::Gcm | Mode::Ccm | Mode::ChaChaPoly | Mode::Sm4Gcm | Mode::CamelliaGcm
            ) =>
        {
            return Err(Usage(format!(
                "enc: -aad is for AEADs; {} has no associated data",
                cipher.0
            )));
        }
        Some(h) => {
            let n = h.len() / 2;
            parse_hex("the AAD (-aad)", &h, n)?
        }
    };
    // -nopad with a stream mode is accepted and means nothing, as in openssl.
    if matches!(cipher.2, Mode::Xts) && key[..cipher.1 / 2] == key[cipher.1 / 2..] {
        return Err(Usage(
            "enc: the two halves of an XTS key must differ (IEEE 1619)".into(),
        ));
    }
    let mut des_imp = des::Impl::best();
    if let (Mode::B64(C64::Des | C64::Tdes, _), Some(n)) = (cipher.2, &imp_name) {
        let i =
            des::Impl::from_name(n).ok_or_else(|| Usage(format!("enc: no DES backend '{n}'")))?;
        des_imp = i.check().ok_or_else(|| {
            Usage(format!(
                "enc: the {} backend cannot run here (it needs {})",
                i.name(),
                i.needs()
            ))
        })?;
        imp_name = None;
    }
    let mut cam_imp = camellia::Impl::best();
    if let (Mode::B128(C128::Camellia, _) | Mode::CamelliaGcm, Some(n)) = (cipher.2, &imp_name) {
        cam_imp = pick::<camellia::Impl>(n)?;
        imp_name = None;
    }
    let mut sm4_imp = sm4::Impl::best();
    if let (Mode::B128(C128::Sm4, _) | Mode::Sm4Gcm, Some(n)) = (cipher.2, &imp_name) {
        sm4_imp = pick::<sm4::Impl>(n)?;
        imp_name = None;
    }
    let imp = match imp_name {
        None => aes::Impl::best(),
        Some(n) => {
            let i = aes::Impl::from_name(&n).ok_or_else(|| {
                Usage(format!(
                    "enc: no AES backend '{n}' (backends: {})",
                    aes::Impl::ALL
                        .iter()
                        .map(|i| i.name())
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
            })?;
            i.check().ok_or_else(|| {
                Usage(format!(
                    "enc: the {} backend cannot run here (it needs {})",
                    i.name(),
                    i.needs()
                ))
            })?
        }
    };
    Ok(Some(Options {
        cipher,
        key,
        iv,
        aad,
        decrypt: decrypt.unwrap_or(false),
        pad,
        input,
        output,
        imp,
        des_imp,
        cam_imp,
        sm4_imp,
    }))
}

/// The backend of `B` called `n`, if it can run here.
fn pick<B: Backend>(n: &str) -> Result<B::Checked, Usage> {
    let i = B::from_name(n).ok_or_else(|| {
        Usage(format!(
            "enc: no {} backend '{n}' (backends: {})",
            B::PRIMITIVE,
            B::ALL
                .iter()
                .map(|i| i.name())
                .collect::<Vec<_>>()
                .join(", ")
        ))
    })?;
    i.check().ok_or_else(|| {
        Usage(format!(
            "enc: the {} backend cannot run here (it needs {})",
            i.name(),
            i.needs()
        ))
    })
}

fn find_cipher(name: &str) -> Result<(&'static str, usize, Mode), Usage> {
    let lower = name.to_ascii_lowercase();
    CIPHERS
        .iter()
        .find(|c| {
            c.0 == lower || (lower.ends_with("-cfb128") && c.0 == lower.trim_end_matches("128"))
        })
        .copied()
        .ok_or_else(|| {
            Usage(format!(
                "enc: unknown option or cipher '-{name}' (ciphers: {})",
                cipher_names()
            ))
        })
}

/// A failure after the arguments were accepted (exit 1).
enum RunError {
    Io(io::Error),
    Msg(String),
}

#[allow(non_snake_case)]
fn RunError(m: String) -> RunError {
    RunError::Msg(m)
}

impl From<io::Error> for RunError {
    fn from(e: io::Error) -> Self {
        RunError::Io(e)
    }
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::Io(e) => write!(f, "{e}"),
            RunError::Msg(m) => f.write_str(m),
        }
    }
}

/// The cipher state, streaming (one per run, so the size spread of the
/// variants does not matter).
#[allow(clippy::large_enum_variant)]
enum State {
    Ecb(Ecb),
    CbcE(CbcEncryptor),
    CbcD(CbcDecryptor),
    Ctr(Ctr),
    Cfb(Cfb),
    Ofb(Ofb),
    Xts(Xts),
}

fn lib_err(e: peregrine::Error) -> RunError {
    RunError(e.to_string())
}

/// Reads until `buf` is full or the input ends; returns the bytes read.
fn fill(r: &mut dyn Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match r.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

fn transform(o: &Options, r: &mut dyn Read, w: &mut dyn Write) -> Result<(), RunError> {
    let (k, iv) = (&o.key[..], o.iv.as_deref().unwrap_or(&[]));
    let c = o.imp;
    if matches!(
        o.cipher.2,
        Mode::Gcm | Mode::Ccm | Mode::ChaChaPoly | Mode::Sm4Gcm | Mode::CamelliaGcm
    ) {
        return aead(o, r, w);
    }
    if let Mode::B64(c, m) = o.cipher.2 {
        let imp = o.des_imp;
        return match c {
            C64::Des => run64(Des::with_impl(k, imp).map_err(lib_err)?, m, o, r, w),
            C64::Tdes => run64(TripleDes::with_impl(k, imp).map_err(lib_err)?, m, o, r, w),
            C64::Bf => run64(BlowfishVartime::new(k).map_err(lib_err)?, m, o, r, w),
        };
    }
    if let Mode::B128(c, m) = o.cipher.2 {
        return match c {
            C128::Camellia => run128(
                Camellia::with_impl(k, o.cam_imp).map_err(lib_err)?,
                m,
                o,
                r,
                w,
            ),
            C128::Sm4 => run128(Sm4::with_impl(k, o.sm4_imp).map_err(lib_err)?, m, o, r, w),
        };
    }
    let mut st = match (o.cipher.2, o.decrypt) {
        (Mode::Ecb, _) => State::Ecb(Ecb::with_impl(k, c).map_err(lib_err)?),
        (Mode::Cbc, false) => State::CbcE(CbcEncryptor::with_impl(k, iv, c).map_err(lib_err)?),
        (Mode::Cbc, true) => State::CbcD(CbcDecryptor::with_impl(k, iv, c).map_err(lib_err)?),
        (Mode::Ctr, _) => State::Ctr(Ctr::with_impl(k, iv, c).map_err(lib_err)?),
        (Mode::Cfb, _) => State::Cfb(Cfb::with_impl(k, iv, c).map_err(lib_err)?),
        (Mode::Ofb, _) => State::Ofb(Ofb::with_impl(k, iv, c).map_err(lib_err)?),
        (Mode::Xts, _) => State::Xts(Xts::with_impl(k, c).map_err(lib_err)?),
        (
            Mode::Gcm
            | Mode::Ccm
            | Mode::ChaChaPoly
            | Mode::Sm4Gcm
            | Mode::CamelliaGcm
            | Mode::B64(..)
            | Mode::B128(..),
            _,
        ) => {
            unreachable!("AEADs and 64-bit-block ciphers are handled above")
        }
    };
    if let State::Xts(x) = &st {
        // One data unit: read it whole (one byte past the limit tells).
        let mut data = Vec::new();
        r.take((xts::MAX_BLOCKS * 16 + 1) as u64)
            .read_to_end(&mut data)?;
        if data.len() > xts::MAX_BLOCKS * 16 || data.len() < 16 {
            return Err(RunError(format!(
                "XTS encrypts one data unit of 16 bytes to 16 MiB; the input is {}",
                if data.len() < 16 {
                    format!("{} bytes", data.len())
                } else {
                    "larger".into()
                }
            )));
        }
        let tweak = Tweak::Raw(iv.try_into().map_err(|_| RunError("bad IV".into()))?);
        if o.decrypt {
            x.decrypt(tweak, &mut data).map_err(lib_err)?;
        } else {
            x.encrypt(tweak, &mut data).map_err(lib_err)?;
        }
        w.write_all(&data)?;
        return Ok(());
    }
    let block_mode = matches!(st, State::Ecb(_) | State::CbcE(_) | State::CbcD(_));
    // Block modes keep a partial block (and when unpadding, the last
    // whole block) between reads.
    let mut buf = vec![0u8; CHUNK + 16];
    let mut have = 0;
    loop {
        let n = fill(r, &mut buf[have..have + CHUNK])?;
        have += n;
        let eof = n == 0;
        if !block_mode {
            match &mut st {
                State::Ctr(s) => s.apply(&mut buf[..have]).map_err(lib_err)?,
                State::Cfb(s) if o.decrypt => s.decrypt(&mut buf[..have]),
                State::Cfb(s) => s.encrypt(&mut buf[..have]),
                State::Ofb(s) => s.apply(&mut buf[..have]),
                _ => unreachable!("stream modes only"),
            }
            w.write_all(&buf[..have])?;
            have = 0;
            if eof {
                return Ok(());
            }
            continue;
        }
        let unpad = o.decrypt && o.pad;
        // Whole blocks that can go now: when unpadding, the last block waits
        // for the end of the input.
        let mut ready = have / 16 * 16;
        if unpad && !eof && ready == have {
            ready = ready.saturating_sub(16);
        }
        if eof {
            return finish(o, &mut st, &mut buf[..have], w);
        }
        run_blocks(&mut st, &mut buf[..ready], o.decrypt)?;
        w.write_all(&buf[..ready])?;
        buf.copy_within(ready..have, 0);
        have -= ready;
    }
}

/// A 64-bit-block cipher (DES, 3DES, Blowfish): the whole input at once
/// (legacy data, small), padded like `openssl enc` (PKCS#7 over 8 bytes).
fn run64<C: BlockCipher64>(
    c: C,
    m: M64,
    o: &Options,
    r: &mut dyn Read,
    w: &mut dyn Write,
) -> Result<(), RunError> {
    let iv = o.iv.as_deref().unwrap_or(&[]);
    let mut data = Vec::new();
    r.read_to_end(&mut data)?;
    match m {
        M64::Cfb => {
            let mut s = Cfb64::new(c, iv).map_err(lib_err)?;
            if o.decrypt {
                s.decrypt(&mut data)
            } else {
                s.encrypt(&mut data)
            }
        }
        M64::Ofb => Ofb64::new(c, iv).map_err(lib_err)?.apply(&mut data),
        M64::Ecb | M64::Cbc => {
            if !o.decrypt && o.pad {
                pkcs7_pad8(&mut data);
            }
            if !data.len().is_multiple_of(8) || (o.decrypt && o.pad && data.is_empty()) {
                return Err(RunError(if o.decrypt {
                    "bad decrypt: the input is not a whole number of blocks".into()
                } else {
                    format!(
                        "with -nopad the input must be a whole number of 8-byte blocks ({} bytes are left over)",
                        data.len() % 8
                    )
                }));
            }
            match (m, o.decrypt) {
                (M64::Ecb, false) => Ecb64::new(c).encrypt(&mut data),
                (M64::Ecb, true) => Ecb64::new(c).decrypt(&mut data),
                (_, false) => Cbc64Encryptor::new(c, iv)
                    .map_err(lib_err)?
                    .encrypt(&mut data),
                (_, true) => Cbc64Decryptor::new(c, iv)
                    .map_err(lib_err)?
                    .decrypt(&mut data),
            }
            .map_err(lib_err)?;
            if o.decrypt && o.pad {
                let n = pkcs7_unpad8(&data)
                    .map_err(|_| RunError("bad decrypt: wrong key, IV or padding".into()))?;
                data.truncate(n);
            }
        }
    }
    w.write_all(&data)?;
    Ok(())
}

/// Camellia or SM4: the whole input at once, padded like `openssl enc`.
fn run128<C: BlockCipher128>(
    c: C,
    m: M128,
    o: &Options,
    r: &mut dyn Read,
    w: &mut dyn Write,
) -> Result<(), RunError> {
    let iv = o.iv.as_deref().unwrap_or(&[]);
    let mut data = Vec::new();
    r.read_to_end(&mut data)?;
    if m == M128::Ctr {
        Ctr128::new(c, iv).map_err(lib_err)?.apply(&mut data);
        w.write_all(&data)?;
        return Ok(());
    }
    if !o.decrypt && o.pad {
        pkcs7_pad(&mut data);
    }
    if !data.len().is_multiple_of(16) || (o.decrypt && o.pad && data.is_empty()) {
        return Err(RunError(if o.decrypt {
            "bad decrypt: the input is not a whole number of blocks".into()
        } else {
            format!(
                "with -nopad the input must be a whole number of 16-byte blocks ({} bytes are left over)",
                data.len() % 16
            )
        }));
    }
    match (m, o.decrypt) {
        (M128::Ecb, false) => Ecb128::new(c).encrypt(&mut data),
        (M128::Ecb, true) => Ecb128::new(c).decrypt(&mut data),
        (_, false) => Cbc128Encryptor::new(c, iv)
            .map_err(lib_err)?
            .encrypt(&mut data),
        (_, true) => Cbc128Decryptor::new(c, iv)
            .map_err(lib_err)?
            .decrypt(&mut data),
    }
    .map_err(lib_err)?;
    if o.decrypt && o.pad {
        let n = pkcs7_unpad(&data)
            .map_err(|_| RunError("bad decrypt: wrong key, IV or padding".into()))?;
        data.truncate(n);
    }
    w.write_all(&data)?;
    Ok(())
}

/// An AEAD: the whole input at once (decryption releases nothing before
/// the tag is checked). Output: ciphertext then the 16-byte tag.
fn aead(o: &Options, r: &mut dyn Read, w: &mut dyn Write) -> Result<(), RunError> {
    let (k, nonce) = (&o.key[..], o.iv.as_deref().unwrap_or(&[]));
    let a: Box<dyn Aead> = match o.cipher.2 {
        Mode::Gcm => Box::new(
            AesGcm::with_impl(k, 16, o.imp, peregrine::aead::ghash::Impl::best())
                .map_err(lib_err)?,
        ),
        Mode::ChaChaPoly => Box::new(ChaCha20Poly1305::new(k).map_err(lib_err)?),
        Mode::Sm4Gcm => Box::new(Sm4Gcm::with_impl(k, o.sm4_imp).map_err(lib_err)?),
        Mode::CamelliaGcm => Box::new(CamelliaGcm::with_impl(k, o.cam_imp).map_err(lib_err)?),
        _ => Box::new(AesCcm::with_impl(k, 12, 16, o.imp).map_err(lib_err)?),
    };
    let mut data = Vec::new();
    r.read_to_end(&mut data)?;
    let out = if o.decrypt {
        if data.len() < 16 {
            return Err(RunError(format!(
                "bad decrypt: the input ({} bytes) is shorter than the 16-byte tag",
                data.len()
            )));
        }
        a.open(nonce, &o.aad, &data).map_err(|e| match e {
            peregrine::Error::VerificationFailed => RunError(
                "bad decrypt: authentication failed (wrong key, nonce, AAD or data)".into(),
            ),
            e => lib_err(e),
        })?
    } else {
        a.seal(nonce, &o.aad, &data).map_err(lib_err)?
    };
    w.write_all(&out)?;
    Ok(())
}

fn run_blocks(st: &mut State, b: &mut [u8], decrypt: bool) -> Result<(), RunError> {
    match st {
        State::Ecb(e) if decrypt => e.decrypt(b),
        State::Ecb(e) => e.encrypt(b),
        State::CbcE(e) => e.encrypt(b),
        State::CbcD(d) => d.decrypt(b),
        _ => unreachable!("block modes only"),
    }
    .map_err(lib_err)
}

/// The end of a block-mode stream: `rest` is what is left (less than two
/// blocks).
fn finish(o: &Options, st: &mut State, rest: &mut [u8], w: &mut dyn Write) -> Result<(), RunError> {
    if !o.pad {
        if !rest.len().is_multiple_of(16) {
            return Err(RunError(format!(
                "with -nopad the input must be a whole number of 16-byte blocks ({} bytes are left over)",
                rest.len() % 16
            )));
        }
        run_blocks(st, rest, o.decrypt)?;
        w.write_all(rest)?;
        return Ok(());
    }
    if !o.decrypt {
        let mut last = rest.to_vec();
        peregrine::mode::cbc::pkcs7_pad(&mut last);
        run_blocks(st, &mut last, false)?;
        w.write_all(&last)?;
        return Ok(());
    }
    if rest.is_empty() || !rest.len().is_multiple_of(16) {
        return Err(RunError(
            "bad decrypt: the input is not a whole number of blocks".into(),
        ));
    }
    run_blocks(st, rest, true)?;
    let n =
        pkcs7_unpad(rest).map_err(|_| RunError("bad decrypt: wrong key, IV or padding".into()))?;
    w.write_all(&rest[..n])?;
    Ok(())
}

pub fn run(args: &[OsString], out: &mut dyn Write) -> Result<ExitCode, Fail> {
    let Some(o) = parse(args)? else {
        writeln!(out, "{HELP}\nciphers: {}", cipher_names())?;
        return Ok(ExitCode::SUCCESS);
    };
    let mut input: Box<dyn Read> = match &o.input {
        None => Box::new(io::stdin().lock()),
        Some(p) if p.as_os_str() == "-" => Box::new(io::stdin().lock()),
        Some(p) => match File::open(p) {
            Ok(f) if f.metadata().is_ok_and(|m| m.is_dir()) => {
                return Ok(fail(format!("{}: is a directory", p.display())));
            }
            Ok(f) => Box::new(f),
            Err(e) => return Ok(fail(format!("{}: {e}", p.display()))),
        },
    };
    match &o.output {
        None => match transform(&o, &mut input, out) {
            Ok(()) => Ok(ExitCode::SUCCESS),
            // A closed pipe ends quietly, as in every command.
            Err(RunError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => Err(Fail::Io(e)),
            Err(e) => Ok(fail(e.to_string())),
        },
        Some(p) => {
            let tmp = temp_path(p);
            let file = match File::create(&tmp) {
                Ok(f) => f,
                Err(e) => return Ok(fail(format!("{}: {e}", tmp.display()))),
            };
            let mut w = io::BufWriter::new(file);
            let r = transform(&o, &mut input, &mut w)
                .and_then(|()| w.flush().map_err(RunError::from))
                .and_then(|()| std::fs::rename(&tmp, p).map_err(RunError::from));
            match r {
                Ok(()) => Ok(ExitCode::SUCCESS),
                Err(e) => {
                    let _ = std::fs::remove_file(&tmp);
                    Ok(fail(format!("{e} ({} not written)", p.display())))
                }
            }
        }
    }
}

fn temp_path(p: &Path) -> PathBuf {
    let mut name = p.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(format!(".peregrine-{}.tmp", std::process::id()));
    p.with_file_name(name)
}

fn fail(msg: String) -> ExitCode {
    crate::progress(format_args!("peregrine: enc: {msg}\n"));
    ExitCode::FAILURE
}
