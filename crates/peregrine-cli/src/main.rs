//! `peregrine`: benchmark, inspect and use the Peregrine library.
//!
//! ```text
//! peregrine speed [ALG...] [--seconds S] [--reps N] [--bytes N,N...] [--impl best|all|NAME] [--json|--csv|--mr] ...
//! peregrine speed compare BEFORE.json AFTER.json
//! peregrine info
//! peregrine dgst [-sha256|-sha224|-ALG] [FILE...]
//! peregrine enc -aes-128-cbc -K HEX -iv HEX [-d] [-nopad] [-in FILE] [-out FILE]
//! peregrine ecparam -name prime256v1 [-genkey] [-noout] [-out FILE]
//! peregrine genpkey -algorithm X25519|ED25519|RSA [-out FILE]
//! peregrine genrsa [-out FILE] [BITS]
//! peregrine pkey -in KEY [-pubin] [-pubout] [-out FILE] [-outform PEM|DER]
//! peregrine pkeyutl -sign|-verify -inkey KEY [-pubin] [-rawin] [-sigfile SIG] [-in FILE] [-digest sha256] [-pss]
//! peregrine pkeyutl -derive -inkey KEY -peerkey PEER [-out FILE]
//! peregrine s_client -connect HOST:PORT [-servername NAME] [-CAfile PEM] [-tls1_2|-tls1_3] [-ciphersuites LIST] [-groups LIST] [-quiet]
//! peregrine s_server -accept [HOST:]PORT -cert PEM -key PEM [-www] [-tls1_2|-tls1_3] [-ciphersuites LIST] [-groups LIST] [-naccept N]
//! ```

mod dgst;
mod enc;
mod info;
mod peers;
mod pkey;
mod speed;
mod tls;

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

/// A usage error: printed with a hint, exit code 2.
#[derive(Debug)]
pub struct Usage(pub String);

/// Why a command stopped early.
#[derive(Debug)]
pub enum Fail {
    /// Bad arguments (exit 2).
    Usage(String),
    /// Writing the results failed (a closed pipe ends quietly).
    Io(io::Error),
}

impl From<Usage> for Fail {
    fn from(u: Usage) -> Self {
        Fail::Usage(u.0)
    }
}

impl From<io::Error> for Fail {
    fn from(e: io::Error) -> Self {
        Fail::Io(e)
    }
}

/// Arguments as UTF-8, or a usage error naming the one that is not.
pub fn utf8_args(args: &[OsString]) -> Result<Vec<String>, Usage> {
    args.iter()
        .map(|a| {
            a.to_str().map(String::from).ok_or_else(|| {
                Usage(format!(
                    "argument '{}' is not valid UTF-8",
                    a.to_string_lossy()
                ))
            })
        })
        .collect()
}

/// A progress line on stderr; a closed stderr is not worth dying for.
pub fn progress(args: std::fmt::Arguments<'_>) {
    let mut e = io::stderr().lock();
    let _ = e.write_fmt(args);
    let _ = e.flush();
}

pub const USAGE: &str = "\
usage: peregrine <command> [options]

commands:
  speed [ALG...] [options]   openssl-speed style throughput table; every
                             figure is the median of --reps timed slices
      --seconds S            time per backend and size (default 1), split
                             into the repetitions; --reps N (default 5)
      --quick                the whole default set in under 30 s
                             (0.03 s and 3 repetitions per figure)
      --bytes N[,N...]       block sizes (default 16,64,256,1024,8192,16384)
      --impl best|all|NAME   backend: the best one (default), every one the
                             CPU can run (with a ratio against soft), or one
      --decrypt              time decryption (ciphers; CBC decrypt is parallel)
      --aead                 AEADs as TLS records: 13 bytes of AAD per record,
                             sizes 2,31,136,1024,8192,16384 (openssl -aead)
      --multi N              N threads running the same test; per-thread
                             rows and their sum
      --misalign K           input K bytes past a 64-byte boundary (0..63)
      --cold                 input walks a 64 MiB buffer (not in cache)
      --cpu-time             rates from CPU time instead of wall time
      --stats                also print min, max, CV and times per figure
      --json | --csv | --mr  machine-readable output on stdout (JSON schema
                             'peregrine-speed' v1; --mr: openssl's +F lines)
      --plot FILE.svg        throughput against size, a line per backend/peer
                             (public-key rows: a bar chart per operation)
      --plot-log, --plot-linear
                             the rate axis of the plot (default: log when a
                             panel's rates span more than two decades)
      --peers                also run peer libraries on the same workload,
                             with a ratio against Peregrine (build with
                             --features peers, and/or peers-openssl)
      --seed N               the random order of the contenders
      --quiet                no progress on stderr
  speed tls [--seconds S] [--reps N] [--peers] [WORD...]
                             TLS handshakes/s (full, resumed) and record
                             throughput (1400, 16384 B) over an in-memory
                             transport; --peers: rustls's aws-lc-rs and
                             ring providers too; WORDs keep the rows whose
                             name has each (e.g. 'handshake rsa')
  speed compare BEFORE.json AFTER.json [--plot FILE.svg]
                             ratios per algorithm and size of two --json
                             runs (two builds, two machines), with spreads;
                             --plot draws them as bars on a log axis
  info [--build]             CPU features and every backend per algorithm;
                             --build: profile, target, compile-time CPU
                             features, RUSTFLAGS, cargo features and the
                             backends compiled in
  dgst [-ALG] [FILE...]      hash files (stdin when none), openssl-dgst style;
                             -sha256 is the default
  enc -CIPHER -K HEX [-iv HEX] [-aad HEX] [-d] [-nopad] [-in F] [-out F]
                             encrypt/decrypt, openssl-enc compatible where
                             openssl has the cipher (aes-{128,192,256}-{ecb,
                             cbc,ctr,cfb,ofb}); also aes-{128,256}-xts and the
                             AEADs aes-*-gcm, aes-*-ccm, chacha20-poly1305
                             (ciphertext || tag); 'peregrine enc -help'
  ecparam -name CURVE [-genkey] [-noout] [-out F] [-outform PEM|DER]
                             EC parameters (named curve) and, with -genkey,
                             a new SEC1 EC PRIVATE KEY, as openssl ecparam
                             writes them; -list_curves
  genpkey -algorithm X25519|ED25519|RSA [-out F]
                             a new key, PKCS#8 PEM as openssl genpkey writes
                             (RSA: -pkeyopt rsa_keygen_bits:2048|3072|4096)
  genrsa [-out F] [BITS]     a new RSA key (2048, 3072, 4096), PKCS#8 PEM
  pkey -in KEY [-pubin] [-pubout] [-out F] [-outform PEM|DER]
                             a key again, or its public half (SPKI); RSA,
                             ED25519, X25519; PEM or DER in, PEM out
  pkeyutl -sign -inkey KEY [-rawin] [-in F] [-out SIG] [-digest sha256] [-pss]
  pkeyutl -verify [-pubin] -inkey KEY [-rawin] -sigfile SIG [-in F] [-digest ..] [-pss]
                             RSA: signatures over the input's digest (PKCS#1
                             v1.5, or PSS), as openssl pkeyutl -rawin -digest;
                             ED25519: over the input itself, -rawin required
  pkeyutl -derive -inkey KEY -peerkey PEER [-out F]
                             X25519 shared secret (32 bytes, raw)
  s_client -connect HOST:PORT [-servername NAME] [-CAfile PEM]
           [-tls1_2|-tls1_3] [-ciphersuites LIST] [-groups LIST] [-quiet]
                             TLS client (rustls on Peregrine): stdin to the
                             connection, the connection to stdout; version,
                             suite, group and peer subject on stderr
  s_server -accept [HOST:]PORT -cert PEM -key PEM [-www] [-naccept N]
           [-tls1_2|-tls1_3] [-ciphersuites LIST] [-groups LIST]
                             TLS server; -www answers a GET with a page
                             naming the negotiated parameters
                             (LIST: IANA or OpenSSL suite names; X25519,
                             P-256, P-384; ':' or ',' between names)
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
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let Some((cmd, rest)) = args.split_first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let mut out = io::stdout().lock();
    let result = match cmd.to_str().unwrap_or("") {
        "speed" => utf8_args(rest)
            .map_err(Fail::from)
            .and_then(|a| speed::run(&a, &mut out)),
        "info" => utf8_args(rest)
            .map_err(Fail::from)
            .and_then(|a| info::run(&a, &mut out)),
        "dgst" => dgst::run(rest, &mut out),
        "enc" => enc::run(rest, &mut out),
        "ecparam" => pkey::ecparam(rest, &mut out),
        "genpkey" => pkey::genpkey(rest, &mut out),
        "genrsa" => pkey::genrsa(rest, &mut out),
        "pkey" => pkey::pkey(rest, &mut out),
        "pkeyutl" => pkey::pkeyutl(rest, &mut out),
        "s_client" => utf8_args(rest)
            .map_err(Fail::from)
            .and_then(|a| tls::s_client(&a)),
        "s_server" => utf8_args(rest)
            .map_err(Fail::from)
            .and_then(|a| tls::s_server(&a)),
        "help" | "-h" | "--help" => writeln!(out, "{USAGE}")
            .map(|_| ExitCode::SUCCESS)
            .map_err(Fail::from),
        "version" | "-V" | "--version" => writeln!(out, "{}", build_line())
            .map(|_| ExitCode::SUCCESS)
            .map_err(Fail::from),
        _ => Err(Fail::Usage(format!(
            "unknown command '{}' (commands: speed, info, dgst, enc, ecparam, genpkey, genrsa, pkey, pkeyutl, s_client, s_server, help, version)",
            cmd.to_string_lossy()
        ))),
    };
    let result = result.and_then(|code| out.flush().map(|_| code).map_err(Fail::from));
    match result {
        Ok(code) => code,
        Err(Fail::Usage(msg)) => {
            eprintln!("peregrine: {msg}");
            eprintln!("run 'peregrine help' for usage");
            ExitCode::from(2)
        }
        // The reader went away (`peregrine dgst big | head -1`): stop quietly.
        Err(Fail::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Fail::Io(e)) => {
            let _ = writeln!(io::stderr(), "peregrine: cannot write output: {e}");
            ExitCode::FAILURE
        }
    }
}
