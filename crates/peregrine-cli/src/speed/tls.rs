//! `peregrine speed tls`: TLS handshakes per second (full and resumed) and
//! record throughput over an in-memory transport, rustls on Peregrine's
//! provider, and with `--peers` the same rustls on its aws-lc-rs and ring
//! providers in the same process (like `gnutls-cli --benchmark-tls-kx`
//! and `--benchmark-tls-ciphers`).
//!
//! Both ends run in this thread: a handshake row times the client and the
//! server together (each builds its connection, both key exchanges, the
//! server's signature, the client's certificate-chain and signature
//! verification); a bulk row times one application-data record of the
//! given size sealed by the client and opened by the server. The
//! transport is a `Vec` per flight. Each figure is the median of `--reps`
//! slices of `--seconds / --reps`, the contenders interleaved.

use std::io::{Read, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rustls::client::Resumption;
use rustls::crypto::CryptoProvider;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, ServerName};
use rustls::{
    CipherSuite, ClientConfig, ClientConnection, Connection, HandshakeKind, NamedGroup,
    RootCertStore, ServerConfig, ServerConnection,
};

use crate::{Fail, Usage};

const CA: &[u8] = include_bytes!("../../../peregrine-rustls/tests/data/ca.pem");
const P256_CERT: &[u8] = include_bytes!("../../../peregrine-rustls/tests/data/p256.pem");
const P256_KEY: &[u8] = include_bytes!("../../../peregrine-rustls/tests/data/p256.key");
const RSA_CERT: &[u8] = include_bytes!("../../../peregrine-rustls/tests/data/rsa2048.pem");
const RSA_KEY: &[u8] = include_bytes!("../../../peregrine-rustls/tests/data/rsa2048.key");

/// The certificate a scenario's server presents.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cert {
    EcdsaP256,
    Rsa2048,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Full,
    Resumed,
    /// One record of this many plaintext bytes per call.
    Bulk(usize),
}

/// One row.
#[derive(Clone, Copy, Debug)]
pub struct Scenario {
    pub kind: Kind,
    pub tls13: bool,
    pub suite: CipherSuite,
    pub group: NamedGroup,
    pub cert: Cert,
}

impl Scenario {
    pub fn name(&self) -> String {
        let v = if self.tls13 { "TLS1.3" } else { "TLS1.2" };
        let g = crate::tls::group_name(self.group);
        let c = match self.cert {
            Cert::EcdsaP256 => "ECDSA-P256",
            Cert::Rsa2048 => "RSA-2048",
        };
        let aead = aead_name(self.suite);
        match self.kind {
            Kind::Full => format!("handshake full    {v} {g} {c} {aead}"),
            Kind::Resumed => format!("handshake resumed {v} {g} {c} {aead}"),
            Kind::Bulk(n) => format!("record {n:>5} B    {v} {aead}"),
        }
    }
}

fn aead_name(s: CipherSuite) -> &'static str {
    let n = s.as_str().unwrap_or("");
    if n.contains("AES_128_GCM") {
        "AES-128-GCM"
    } else if n.contains("AES_256_GCM") {
        "AES-256-GCM"
    } else {
        "CHACHA20-POLY1305"
    }
}

/// The rows `speed tls` runs.
pub fn scenarios() -> Vec<Scenario> {
    use CipherSuite as S;
    let hs = |kind, tls13, suite, group, cert| Scenario {
        kind,
        tls13,
        suite,
        group,
        cert,
    };
    let aes128 = S::TLS13_AES_128_GCM_SHA256;
    let mut v = vec![
        hs(
            Kind::Full,
            true,
            aes128,
            NamedGroup::X25519,
            Cert::EcdsaP256,
        ),
        hs(
            Kind::Full,
            true,
            aes128,
            NamedGroup::secp256r1,
            Cert::EcdsaP256,
        ),
        hs(
            Kind::Full,
            true,
            aes128,
            NamedGroup::secp384r1,
            Cert::EcdsaP256,
        ),
        hs(Kind::Full, true, aes128, NamedGroup::X25519, Cert::Rsa2048),
        hs(
            Kind::Full,
            false,
            S::TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256,
            NamedGroup::X25519,
            Cert::EcdsaP256,
        ),
        hs(
            Kind::Resumed,
            true,
            aes128,
            NamedGroup::X25519,
            Cert::EcdsaP256,
        ),
    ];
    for suite in [
        aes128,
        S::TLS13_AES_256_GCM_SHA384,
        S::TLS13_CHACHA20_POLY1305_SHA256,
    ] {
        for n in [1400, 16384] {
            v.push(hs(
                Kind::Bulk(n),
                true,
                suite,
                NamedGroup::X25519,
                Cert::EcdsaP256,
            ));
        }
    }
    v
}

/// Moves every pending byte from `from` to `to` through `buf`; true if any
/// moved.
fn transfer(from: &mut Connection, to: &mut Connection, buf: &mut Vec<u8>) -> Result<bool, String> {
    buf.clear();
    while from.wants_write() {
        from.write_tls(buf).map_err(|e| e.to_string())?;
    }
    if buf.is_empty() {
        return Ok(false);
    }
    let mut rd = &buf[..];
    while !rd.is_empty() {
        to.read_tls(&mut rd).map_err(|e| e.to_string())?;
        to.process_new_packets().map_err(|e| e.to_string())?;
    }
    Ok(true)
}

/// Runs a handshake (and the session tickets after it) to the end.
fn handshake(c: &mut Connection, s: &mut Connection, buf: &mut Vec<u8>) -> Result<(), String> {
    for _ in 0..16 {
        let a = transfer(c, s, buf)?;
        let b = transfer(s, c, buf)?;
        if !a && !b {
            return if c.is_handshaking() || s.is_handshaking() {
                Err("handshake stalled".into())
            } else {
                Ok(())
            };
        }
    }
    Err("handshake did not finish".into())
}

/// `p` restricted to the scenario's suite and group.
fn restrict(p: &CryptoProvider, sc: &Scenario) -> Result<Arc<CryptoProvider>, String> {
    let mut p = p.clone();
    p.cipher_suites.retain(|s| s.suite() == sc.suite);
    p.kx_groups.retain(|g| g.name() == sc.group);
    if p.cipher_suites.is_empty() || p.kx_groups.is_empty() {
        return Err("the provider lacks the suite or group".into());
    }
    Ok(Arc::new(p))
}

/// The client and server configurations of a scenario, both on `client`
/// and `server` providers.
pub fn configs(
    client: &CryptoProvider,
    server: &CryptoProvider,
    sc: &Scenario,
) -> Result<(Arc<ClientConfig>, Arc<ServerConfig>), String> {
    let versions: &[&'static rustls::SupportedProtocolVersion] = if sc.tls13 {
        &[&rustls::version::TLS13]
    } else {
        &[&rustls::version::TLS12]
    };
    let (cert, key) = match sc.cert {
        Cert::EcdsaP256 => (P256_CERT, P256_KEY),
        Cert::Rsa2048 => (RSA_CERT, RSA_KEY),
    };
    let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_slice_iter(cert)
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    let key = PrivateKeyDer::from_pem_slice(key).map_err(|e| e.to_string())?;
    let mut roots = RootCertStore::empty();
    for c in CertificateDer::pem_slice_iter(CA) {
        roots
            .add(c.map_err(|e| e.to_string())?)
            .map_err(|e| e.to_string())?;
    }
    let mut cc = ClientConfig::builder_with_provider(restrict(client, sc)?)
        .with_protocol_versions(versions)
        .map_err(|e| e.to_string())?
        .with_root_certificates(roots)
        .with_no_client_auth();
    if sc.kind != Kind::Resumed {
        cc.resumption = Resumption::disabled();
    }
    let sc_ = ServerConfig::builder_with_provider(restrict(server, sc)?)
        .with_protocol_versions(versions)
        .map_err(|e| e.to_string())?
        .with_no_client_auth()
        .with_single_cert(chain, key)
        .map_err(|e| e.to_string())?;
    Ok((Arc::new(cc), Arc::new(sc_)))
}

fn connect(
    cc: &Arc<ClientConfig>,
    sc: &Arc<ServerConfig>,
) -> Result<(Connection, Connection), String> {
    let name = ServerName::try_from("localhost").map_err(|e| e.to_string())?;
    let c = ClientConnection::new(cc.clone(), name).map_err(|e| e.to_string())?;
    let s = ServerConnection::new(sc.clone()).map_err(|e| e.to_string())?;
    Ok((c.into(), s.into()))
}

/// A benchmark step: one handshake or one record; returns the bytes moved
/// (0 for a handshake).
pub type Step = Box<dyn FnMut() -> Result<u64, String>>;

/// Builds the step of `sc` with both ends on `provider` (or the client on
/// `client` and the server on `server`, for interop).
pub fn step(
    client: &CryptoProvider,
    server: &CryptoProvider,
    sc: &Scenario,
) -> Result<Step, String> {
    let (cc, scfg) = configs(client, server, sc)?;
    let mut buf = Vec::with_capacity(32 * 1024);
    match sc.kind {
        Kind::Full | Kind::Resumed => {
            let resumed = sc.kind == Kind::Resumed;
            if resumed {
                // The first, full handshake leaves the client its tickets.
                let (mut c, mut s) = connect(&cc, &scfg)?;
                handshake(&mut c, &mut s, &mut buf)?;
            }
            Ok(Box::new(move || {
                let (mut c, mut s) = connect(&cc, &scfg)?;
                handshake(&mut c, &mut s, &mut buf)?;
                let want = if resumed {
                    HandshakeKind::Resumed
                } else {
                    HandshakeKind::Full
                };
                if c.handshake_kind() != Some(want) {
                    return Err(format!("expected a {want:?} handshake"));
                }
                Ok(0)
            }))
        }
        Kind::Bulk(n) => {
            let (mut c, mut s) = connect(&cc, &scfg)?;
            handshake(&mut c, &mut s, &mut buf)?;
            let data: Vec<u8> = (0..n).map(|i| (i * 31 + 7) as u8).collect();
            let mut got = vec![0u8; n];
            Ok(Box::new(move || {
                c.writer().write_all(&data).map_err(|e| e.to_string())?;
                transfer(&mut c, &mut s, &mut buf)?;
                s.reader()
                    .read_exact(&mut got)
                    .map_err(|e| format!("record not received: {e}"))?;
                Ok(n as u64)
            }))
        }
    }
}

/// Calls `f` for at least `budget`; (calls, bytes, seconds).
fn time(f: &mut Step, budget: Duration) -> Result<(u64, u64, f64), String> {
    let start = Instant::now();
    let (mut calls, mut bytes) = (0u64, 0u64);
    loop {
        for _ in 0..8 {
            bytes += f()?;
            calls += 1;
        }
        let t = start.elapsed();
        if t >= budget {
            return Ok((calls, bytes, t.as_secs_f64()));
        }
    }
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

fn rate_text(kind: Kind, r: f64) -> String {
    match kind {
        Kind::Bulk(_) => format!("{:.1} MB/s", r / 1e6),
        _ => format!("{r:.1} /s"),
    }
}

/// `peregrine speed tls [--seconds S] [--reps N] [--peers] [--quiet]
/// [WORD...]`: with words, only the rows whose name contains each of them
/// (ignoring case).
pub fn run(args: &[String], out: &mut dyn Write) -> Result<ExitCode, Fail> {
    let (mut seconds, mut reps, mut peers, mut quiet) = (1.0f64, 3usize, false, false);
    let mut words: Vec<String> = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--seconds" => {
                let v = it
                    .next()
                    .ok_or_else(|| Usage("--seconds needs a value".into()))?;
                seconds = v
                    .parse()
                    .ok()
                    .filter(|s: &f64| *s > 0.0 && *s <= 3600.0)
                    .ok_or_else(|| {
                        Usage(format!("speed tls: --seconds '{v}' is not in (0, 3600]"))
                    })?;
            }
            "--reps" => {
                let v = it
                    .next()
                    .ok_or_else(|| Usage("--reps needs a value".into()))?;
                reps = v
                    .parse()
                    .ok()
                    .filter(|r| (1..=100).contains(r))
                    .ok_or_else(|| Usage(format!("speed tls: --reps '{v}' is not in 1..100")))?;
            }
            "--peers" => peers = true,
            "--quiet" => quiet = true,
            w if !w.starts_with('-') => words.push(w.to_ascii_lowercase()),
            _ => {
                return Err(Usage(format!(
                    "speed tls: unknown option '{a}' (options: --seconds S, --reps N, --peers, \
                 --quiet, and words that select rows)"
                ))
                .into());
            }
        }
    }
    let chosen: Vec<Scenario> = scenarios()
        .into_iter()
        .filter(|sc| {
            let name = sc.name().to_ascii_lowercase();
            words.iter().all(|w| name.contains(w.as_str()))
        })
        .collect();
    if chosen.is_empty() {
        let names: Vec<String> = scenarios().iter().map(Scenario::name).collect();
        return Err(Usage(format!(
            "speed tls: no row contains every word of {words:?}; the rows are:\n  {}",
            names.join("\n  ")
        ))
        .into());
    }
    let mut contenders: Vec<(&'static str, CryptoProvider)> =
        vec![("peregrine", peregrine_rustls::provider())];
    if peers {
        let p = crate::peers::tls_providers();
        if p.is_empty() {
            return Err(
                Usage("speed tls: --peers needs a build with --features peers".into()).into(),
            );
        }
        contenders.extend(p);
    }
    let slice = Duration::from_secs_f64(seconds / reps as f64);
    writeln!(out, "{}", crate::build_line())?;
    writeln!(
        out,
        "speed tls: rustls 0.23 over an in-memory transport, client and server in one thread; \
         median of {reps} x {:.3} s; ratio = peregrine / peer (above 1: Peregrine faster)",
        slice.as_secs_f64()
    )?;
    let width = 58;
    write!(out, "{:width$}", "test")?;
    for (label, _) in &contenders {
        write!(out, " {label:>28}")?;
    }
    writeln!(out)?;
    out.flush()?;
    let mut failed = false;
    for sc in chosen {
        let mut steps: Vec<Result<Step, String>> = contenders
            .iter()
            .map(|(_, p)| step(p, p, &sc).and_then(|mut s| s().map(|_| s)))
            .collect();
        let mut rates: Vec<Vec<f64>> = vec![Vec::new(); contenders.len()];
        let mut errors: Vec<Option<String>> = vec![None; contenders.len()];
        for rep in 0..reps {
            for k in 0..contenders.len() {
                let i = (k + rep) % contenders.len();
                let Ok(f) = &mut steps[i] else { continue };
                if errors[i].is_some() {
                    continue;
                }
                match time(f, slice) {
                    Ok((calls, bytes, t)) => rates[i].push(match sc.kind {
                        Kind::Bulk(_) => bytes as f64 / t,
                        _ => calls as f64 / t,
                    }),
                    Err(e) => errors[i] = Some(e),
                }
            }
        }
        let meds: Vec<Option<f64>> = rates
            .iter_mut()
            .zip(&steps)
            .zip(&errors)
            .map(|((r, s), e)| (s.is_ok() && e.is_none() && !r.is_empty()).then(|| median(r)))
            .collect();
        write!(out, "{:width$}", sc.name())?;
        for (i, m) in meds.iter().enumerate() {
            let cell = match (m, &steps[i], &errors[i]) {
                (Some(r), _, _) if i == 0 => rate_text(sc.kind, *r),
                (Some(r), _, _) => match meds[0] {
                    Some(ours) => format!("{} ({:.2})", rate_text(sc.kind, *r), ours / r),
                    None => rate_text(sc.kind, *r),
                },
                (None, Err(e), _) | (None, Ok(_), Some(e)) => {
                    failed = true;
                    if !quiet {
                        crate::progress(format_args!(
                            "speed tls: {} [{}]: {e}\n",
                            sc.name(),
                            contenders[i].0
                        ));
                    }
                    "failed".into()
                }
                _ => "n/a".into(),
            };
            write!(out, " {cell:>28}")?;
        }
        writeln!(out)?;
        out.flush()?;
    }
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every row runs (one step each) on Peregrine's provider.
    #[test]
    fn every_scenario_runs() {
        let p = peregrine_rustls::provider();
        for sc in scenarios() {
            let mut f = step(&p, &p, &sc).unwrap_or_else(|e| panic!("{}: {e}", sc.name()));
            f().unwrap_or_else(|e| panic!("{}: {e}", sc.name()));
            f().unwrap_or_else(|e| panic!("{}: {e}", sc.name()));
        }
    }

    /// Peregrine's provider against rustls's aws-lc-rs and ring providers,
    /// each side as client and as server: every suite with every group,
    /// ECDSA P-256 and RSA-2048 certificates, data through, resumption.
    #[cfg(feature = "peers")]
    #[test]
    fn interop_with_rustls_aws_lc_rs_and_ring() {
        let ours = peregrine_rustls::provider();
        for (label, peer) in crate::peers::tls_providers() {
            for &suite in peregrine_rustls::ALL_CIPHER_SUITES {
                let name = suite.suite().as_str().unwrap_or("?");
                let tls13 = name.starts_with("TLS13_");
                let cert = if name.contains("_RSA_") {
                    Cert::Rsa2048
                } else {
                    Cert::EcdsaP256
                };
                for &group in peregrine_rustls::ALL_KX_GROUPS {
                    for kind in [Kind::Full, Kind::Bulk(16384), Kind::Resumed] {
                        let sc = Scenario {
                            kind,
                            tls13,
                            suite: suite.suite(),
                            group: group.name(),
                            cert,
                        };
                        for (client, server, dir) in
                            [(&ours, &peer, "client"), (&peer, &ours, "server")]
                        {
                            let what = format!("peregrine {dir} vs {label}: {}", sc.name());
                            let mut f =
                                step(client, server, &sc).unwrap_or_else(|e| panic!("{what}: {e}"));
                            f().unwrap_or_else(|e| panic!("{what}: {e}"));
                        }
                    }
                }
            }
        }
    }
}
