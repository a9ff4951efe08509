//! `peregrine s_client` and `peregrine s_server`: TLS over TCP with rustls
//! on Peregrine's provider (`peregrine-rustls`), with openssl's options.
//!
//! Every failure (a file that does not load, a refused connection, a
//! handshake or certificate error) is one line on stderr and exit 1.

use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream, ToSocketAddrs};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::mpsc;
use std::time::Duration;

use rustls::crypto::{CryptoProvider, SupportedKxGroup};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, ServerName};
use rustls::{
    ClientConfig, ClientConnection, Connection, RootCertStore, ServerConfig, ServerConnection,
    SupportedCipherSuite, SupportedProtocolVersion,
};

use crate::{Fail, Usage};

/// The options both commands share.
#[derive(Default)]
struct Common {
    versions: Vec<&'static SupportedProtocolVersion>,
    suites: Option<Vec<SupportedCipherSuite>>,
    groups: Option<Vec<&'static dyn SupportedKxGroup>>,
}

/// A suite by its IANA name or OpenSSL's (case-insensitive).
fn suite_by_name(name: &str) -> Option<SupportedCipherSuite> {
    const OPENSSL: &[(&str, &str)] = &[
        (
            "ECDHE-ECDSA-AES128-GCM-SHA256",
            "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
        ),
        (
            "ECDHE-ECDSA-AES256-GCM-SHA384",
            "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
        ),
        (
            "ECDHE-ECDSA-CHACHA20-POLY1305",
            "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256",
        ),
        (
            "ECDHE-RSA-AES128-GCM-SHA256",
            "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
        ),
        (
            "ECDHE-RSA-AES256-GCM-SHA384",
            "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
        ),
        (
            "ECDHE-RSA-CHACHA20-POLY1305",
            "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256",
        ),
    ];
    let iana = OPENSSL
        .iter()
        .find(|(o, _)| o.eq_ignore_ascii_case(name))
        .map_or(name, |(_, i)| i);
    peregrine_rustls::ALL_CIPHER_SUITES
        .iter()
        .find(|s| suite_name(**s).eq_ignore_ascii_case(iana))
        .copied()
}

/// The IANA name of a suite ("TLS_AES_128_GCM_SHA256"; rustls's names
/// carry a "TLS13_" prefix for the TLS 1.3 ones).
pub fn suite_name(s: SupportedCipherSuite) -> String {
    let n = s.suite().as_str().unwrap_or("unknown").to_string();
    n.strip_prefix("TLS13_")
        .map_or(n.clone(), |r| format!("TLS_{r}"))
}

/// A group by any of its usual names.
fn group_by_name(name: &str) -> Option<&'static dyn SupportedKxGroup> {
    use peregrine_rustls::kx_group;
    match name.to_ascii_lowercase().as_str() {
        "x25519" => Some(kx_group::X25519),
        "p-256" | "p256" | "prime256v1" | "secp256r1" => Some(kx_group::SECP256R1),
        "p-384" | "p384" | "secp384r1" => Some(kx_group::SECP384R1),
        _ => None,
    }
}

/// The group's name as openssl prints it.
pub fn group_name(g: rustls::NamedGroup) -> &'static str {
    match g {
        rustls::NamedGroup::X25519 => "X25519",
        rustls::NamedGroup::secp256r1 => "P-256",
        rustls::NamedGroup::secp384r1 => "P-384",
        _ => "unknown",
    }
}

fn list<T>(v: &str, what: &str, f: impl Fn(&str) -> Option<T>) -> Result<Vec<T>, Usage> {
    v.split([':', ','])
        .filter(|s| !s.is_empty())
        .map(|s| f(s).ok_or_else(|| Usage(format!("unknown {what} '{s}'"))))
        .collect()
}

impl Common {
    /// Consumes one shared option; false when `a` is not one.
    fn take(&mut self, a: &str, it: &mut std::slice::Iter<'_, String>) -> Result<bool, Usage> {
        match a {
            "-tls1_2" => self.versions.push(&rustls::version::TLS12),
            "-tls1_3" => self.versions.push(&rustls::version::TLS13),
            "-ciphersuites" | "-cipher" => {
                let v = value(a, it)?;
                let mut l = list(v, "cipher suite", suite_by_name)?;
                self.suites.get_or_insert_with(Vec::new).append(&mut l);
            }
            "-groups" | "-curves" => {
                let v = value(a, it)?;
                self.groups = Some(list(v, "group", group_by_name)?);
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    fn provider(&self) -> Arc<CryptoProvider> {
        let mut p = peregrine_rustls::provider();
        if let Some(s) = &self.suites {
            p.cipher_suites = s.clone();
        }
        if let Some(g) = &self.groups {
            p.kx_groups = g.clone();
        }
        Arc::new(p)
    }

    fn versions(&self) -> &[&'static SupportedProtocolVersion] {
        if self.versions.is_empty() {
            rustls::ALL_VERSIONS
        } else {
            &self.versions
        }
    }
}

fn value<'a>(opt: &str, it: &mut std::slice::Iter<'a, String>) -> Result<&'a str, Usage> {
    it.next()
        .map(String::as_str)
        .ok_or_else(|| Usage(format!("{opt} needs a value")))
}

fn fail(cmd: &str, msg: impl std::fmt::Display) -> ExitCode {
    crate::progress(format_args!("peregrine {cmd}: {msg}\n"));
    ExitCode::FAILURE
}

fn load_certs(path: &str) -> Result<Vec<CertificateDer<'static>>, String> {
    let certs: Vec<_> = CertificateDer::pem_file_iter(path)
        .map_err(|e| format!("cannot read certificates from {path}: {e}"))?
        .collect::<Result<_, _>>()
        .map_err(|e| format!("bad certificate PEM in {path}: {e}"))?;
    if certs.is_empty() {
        return Err(format!("no certificate in {path}"));
    }
    Ok(certs)
}

/// Describes the negotiated parameters, one `key: value` per line.
fn describe(c: &Connection) -> String {
    let version = match c.protocol_version() {
        Some(rustls::ProtocolVersion::TLSv1_3) => "TLSv1.3",
        Some(rustls::ProtocolVersion::TLSv1_2) => "TLSv1.2",
        _ => "unknown",
    };
    let suite = c
        .negotiated_cipher_suite()
        .map_or("unknown".into(), suite_name);
    let group = c
        .negotiated_key_exchange_group()
        .map_or("unknown", |g| group_name(g.name()));
    let resumed = matches!(c.handshake_kind(), Some(rustls::HandshakeKind::Resumed));
    format!(
        "Protocol: {version}\nCipher: {suite}\nGroup: {group}\nResumed: {}\n",
        if resumed { "yes" } else { "no" }
    )
}

/// The peer certificate's subject, as text ("CN=localhost, O=...").
fn peer_subject(c: &Connection) -> String {
    c.peer_certificates()
        .and_then(|certs| certs.first())
        .and_then(|cert| subject_of(cert.as_ref()))
        .unwrap_or_else(|| "(none)".into())
}

/// Reads the subject Name of a DER certificate and renders the attributes
/// it knows (CN, O, OU, C, ST, L) as `TYPE=value`, comma-separated.
fn subject_of(der: &[u8]) -> Option<String> {
    // Certificate ::= SEQUENCE { tbsCertificate SEQUENCE { [0] version?,
    // serial, signature, issuer, validity, subject, ... } ... }
    fn tlv(b: &[u8]) -> Option<(u8, &[u8], &[u8])> {
        let (&tag, rest) = b.split_first()?;
        let (&l0, rest) = rest.split_first()?;
        let (len, rest) = if l0 < 0x80 {
            (l0 as usize, rest)
        } else {
            let n = (l0 & 0x7f) as usize;
            if n == 0 || n > 3 || rest.len() < n {
                return None;
            }
            let len = rest[..n].iter().fold(0usize, |a, &b| a << 8 | b as usize);
            (len, &rest[n..])
        };
        (rest.len() >= len).then(|| (tag, &rest[..len], &rest[len..]))
    }
    let (_, cert, _) = tlv(der)?;
    let (_, mut tbs, _) = tlv(cert)?;
    let mut fields = Vec::new();
    while !tbs.is_empty() {
        let (tag, body, rest) = tlv(tbs)?;
        if tag != 0xa0 {
            fields.push(body);
        }
        tbs = rest;
    }
    // serial, signature, issuer, validity, subject
    let mut name = *fields.get(4)?;
    let mut parts = Vec::new();
    while !name.is_empty() {
        let (_, set, rest) = tlv(name)?;
        let (_, atv, _) = tlv(set)?;
        let (_, oid, after) = tlv(atv)?;
        let (_, val, _) = tlv(after)?;
        let label = match oid {
            [0x55, 0x04, 0x03] => "CN",
            [0x55, 0x04, 0x0a] => "O",
            [0x55, 0x04, 0x0b] => "OU",
            [0x55, 0x04, 0x06] => "C",
            [0x55, 0x04, 0x08] => "ST",
            [0x55, 0x04, 0x07] => "L",
            _ => "?",
        };
        parts.push(format!("{label}={}", String::from_utf8_lossy(val)));
        name = rest;
    }
    Some(parts.join(", "))
}

/// Drives a handshake on a blocking socket to completion.
fn handshake(conn: &mut Connection, sock: &mut TcpStream) -> Result<(), String> {
    while conn.is_handshaking() {
        conn.complete_io(sock).map_err(|e| tls_error(&e))?;
    }
    // Flush the last flight (TLS 1.3 client Finished, session tickets).
    while conn.wants_write() {
        conn.write_tls(sock).map_err(|e| tls_error(&e))?;
    }
    Ok(())
}

/// An I/O error from rustls, shortened to what went wrong.
fn tls_error(e: &io::Error) -> String {
    match e.get_ref().and_then(|i| i.downcast_ref::<rustls::Error>()) {
        Some(t) => format!("handshake failed: {t}"),
        None => format!("connection error: {e}"),
    }
}

/// Copies stdin to the connection and the connection to stdout until the
/// peer closes (and, unless `ign_eof`, until stdin ends).
fn relay(conn: &mut Connection, sock: &mut TcpStream, ign_eof: bool) -> Result<(), String> {
    let (tx, rx) = mpsc::channel::<Option<Vec<u8>>>();
    std::thread::spawn(move || {
        let mut stdin = io::stdin().lock();
        let mut buf = vec![0u8; 16384];
        loop {
            match stdin.read(&mut buf) {
                Ok(0) | Err(_) => {
                    let _ = tx.send(None);
                    return;
                }
                Ok(n) => {
                    if tx.send(Some(buf[..n].to_vec())).is_err() {
                        return;
                    }
                }
            }
        }
    });
    sock.set_read_timeout(Some(Duration::from_millis(20)))
        .map_err(|e| format!("socket: {e}"))?;
    let mut stdout = io::stdout().lock();
    let mut stdin_open = true;
    let mut plain = vec![0u8; 16384];
    loop {
        while stdin_open {
            match rx.try_recv() {
                Ok(Some(data)) => conn
                    .writer()
                    .write_all(&data)
                    .map_err(|e| format!("write: {e}"))?,
                Ok(None) | Err(mpsc::TryRecvError::Disconnected) => {
                    stdin_open = false;
                    if !ign_eof {
                        conn.send_close_notify();
                    }
                }
                Err(mpsc::TryRecvError::Empty) => break,
            }
        }
        while conn.wants_write() {
            conn.write_tls(sock)
                .map_err(|e| format!("connection error: {e}"))?;
        }
        if !stdin_open && !ign_eof {
            let _ = sock.shutdown(Shutdown::Write);
            return Ok(());
        }
        match conn.read_tls(sock) {
            Ok(0) => return Ok(()),
            Ok(_) => {
                let state = conn
                    .process_new_packets()
                    .map_err(|e| format!("TLS error: {e}"))?;
                let mut n = state.plaintext_bytes_to_read();
                while n > 0 {
                    let k = conn
                        .reader()
                        .read(&mut plain[..n.min(16384)])
                        .map_err(|e| format!("read: {e}"))?;
                    stdout
                        .write_all(&plain[..k])
                        .and_then(|_| stdout.flush())
                        .map_err(|e| format!("stdout: {e}"))?;
                    n -= k;
                }
                if state.peer_has_closed() {
                    return Ok(());
                }
            }
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) => {}
            Err(e) => return Err(format!("connection error: {e}")),
        }
    }
}

/// `peregrine s_client`.
pub fn s_client(args: &[String]) -> Result<ExitCode, Fail> {
    let mut common = Common::default();
    let (mut connect, mut servername, mut cafile, mut quiet, mut ign_eof) =
        (None, None, None, false, false);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if common.take(a, &mut it)? {
            continue;
        }
        match a.as_str() {
            "-connect" => connect = Some(value(a, &mut it)?),
            "-servername" => servername = Some(value(a, &mut it)?),
            "-CAfile" => cafile = Some(value(a, &mut it)?),
            "-quiet" => quiet = true,
            "-ign_eof" => ign_eof = true,
            _ => return Err(Usage(format!("s_client: unknown option '{a}'")).into()),
        }
    }
    let connect =
        connect.ok_or_else(|| Usage("s_client: -connect HOST:PORT is required".into()))?;
    // openssl: -quiet implies -ign_eof.
    let ign_eof = ign_eof || quiet;
    let host = connect
        .rsplit_once(':')
        .map(|(h, _)| h.trim_start_matches('[').trim_end_matches(']'))
        .ok_or_else(|| Usage(format!("s_client: -connect '{connect}' is not HOST:PORT")))?;
    let name = servername.unwrap_or(host);
    let server_name = match ServerName::try_from(name.to_string()) {
        Ok(n) => n,
        Err(_) => {
            return Ok(fail(
                "s_client",
                format!("'{name}' is not a valid server name"),
            ));
        }
    };
    let cafile = cafile.unwrap_or("/etc/ssl/certs/ca-certificates.crt");
    let mut roots = RootCertStore::empty();
    match load_certs(cafile) {
        Ok(certs) => {
            for c in certs {
                // Certificates that do not parse as trust anchors are skipped,
                // as openssl does for a bundle.
                let _ = roots.add(c);
            }
        }
        Err(e) => return Ok(fail("s_client", e)),
    }
    let config = match ClientConfig::builder_with_provider(common.provider())
        .with_protocol_versions(common.versions())
    {
        Ok(b) => b.with_root_certificates(roots).with_no_client_auth(),
        Err(e) => return Ok(fail("s_client", e)),
    };
    let addrs: Vec<_> = match connect.to_socket_addrs() {
        Ok(a) => a.collect(),
        Err(e) => return Ok(fail("s_client", format!("cannot resolve {connect}: {e}"))),
    };
    let mut sock = match TcpStream::connect(&addrs[..]) {
        Ok(s) => s,
        Err(e) => {
            return Ok(fail(
                "s_client",
                format!("cannot connect to {connect}: {e}"),
            ));
        }
    };
    let _ = sock.set_nodelay(true);
    let mut conn: Connection = match ClientConnection::new(Arc::new(config), server_name) {
        Ok(c) => c.into(),
        Err(e) => return Ok(fail("s_client", e)),
    };
    if let Err(e) = handshake(&mut conn, &mut sock) {
        return Ok(fail("s_client", format!("{connect}: {e}")));
    }
    if !quiet {
        crate::progress(format_args!(
            "{}Peer certificate subject: {}\n---\n",
            describe(&conn),
            peer_subject(&conn)
        ));
    }
    match relay(&mut conn, &mut sock, ign_eof) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) => Ok(fail("s_client", e)),
    }
}

/// `peregrine s_server`.
pub fn s_server(args: &[String]) -> Result<ExitCode, Fail> {
    let mut common = Common::default();
    let (mut accept, mut cert, mut key, mut www, mut naccept) = (None, None, None, false, None);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if common.take(a, &mut it)? {
            continue;
        }
        match a.as_str() {
            "-accept" | "-port" => accept = Some(value(a, &mut it)?),
            "-cert" => cert = Some(value(a, &mut it)?),
            "-key" => key = Some(value(a, &mut it)?),
            "-www" => www = true,
            "-naccept" => {
                let v = value(a, &mut it)?;
                naccept = Some(
                    v.parse::<u64>()
                        .map_err(|_| Usage(format!("s_server: -naccept '{v}' is not a count")))?,
                );
            }
            _ => return Err(Usage(format!("s_server: unknown option '{a}'")).into()),
        }
    }
    let accept = accept.unwrap_or("4433");
    let cert = cert.ok_or_else(|| Usage("s_server: -cert PEM is required".into()))?;
    let key_path = key.unwrap_or(cert);
    let chain = match load_certs(cert) {
        Ok(c) => c,
        Err(e) => return Ok(fail("s_server", e)),
    };
    let key = match PrivateKeyDer::from_pem_file(key_path) {
        Ok(k) => k,
        Err(e) => {
            return Ok(fail(
                "s_server",
                format!("cannot read a private key from {key_path}: {e}"),
            ));
        }
    };
    let config = match ServerConfig::builder_with_provider(common.provider())
        .with_protocol_versions(common.versions())
    {
        Ok(b) => match b.with_no_client_auth().with_single_cert(chain, key) {
            Ok(c) => c,
            Err(e) => return Ok(fail("s_server", format!("{cert}, {key_path}: {e}"))),
        },
        Err(e) => return Ok(fail("s_server", e)),
    };
    let config = Arc::new(config);
    let addr = if accept.contains(':') {
        accept.to_string()
    } else {
        format!("0.0.0.0:{accept}")
    };
    let listener = match TcpListener::bind(&addr) {
        Ok(l) => l,
        Err(e) => return Ok(fail("s_server", format!("cannot listen on {addr}: {e}"))),
    };
    // openssl s_server prints this once it listens; scripts wait for it.
    println!("ACCEPT");
    let _ = io::stdout().flush();
    let mut failed = false;
    let mut served = 0u64;
    while naccept.is_none_or(|n| served < n) {
        let mut sock = match listener.accept() {
            Ok((s, _)) => s,
            Err(e) => return Ok(fail("s_server", format!("accept: {e}"))),
        };
        served += 1;
        let _ = sock.set_nodelay(true);
        let mut conn: Connection = match ServerConnection::new(config.clone()) {
            Ok(c) => c.into(),
            Err(e) => return Ok(fail("s_server", e)),
        };
        let r = handshake(&mut conn, &mut sock).and_then(|()| {
            if www {
                serve_www(&mut conn, &mut sock)
            } else {
                crate::progress(format_args!("{}---\n", describe(&conn)));
                relay(&mut conn, &mut sock, true)
            }
        });
        if let Err(e) = r {
            crate::progress(format_args!("peregrine s_server: {e}\n"));
            failed = true;
        }
    }
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// Reads an HTTP request head and answers with a page naming the
/// negotiated parameters, then closes (`openssl s_server -www`).
fn serve_www(conn: &mut Connection, sock: &mut TcpStream) -> Result<(), String> {
    sock.set_read_timeout(Some(Duration::from_secs(10)))
        .map_err(|e| format!("socket: {e}"))?;
    let mut req = Vec::new();
    let mut buf = [0u8; 4096];
    while !req.windows(4).any(|w| w == b"\r\n\r\n") && !req.windows(2).any(|w| w == b"\n\n") {
        if req.len() > 64 * 1024 {
            return Err("request head over 64 KiB".into());
        }
        match conn.reader().read(&mut buf) {
            Ok(0) => return Err("the client closed before a request".into()),
            Ok(n) => {
                req.extend_from_slice(&buf[..n]);
                continue;
            }
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
            Err(e) => return Err(format!("read: {e}")),
        }
        match conn.read_tls(sock) {
            Ok(0) => return Err("the client closed before a request".into()),
            Ok(_) => {
                conn.process_new_packets()
                    .map_err(|e| format!("TLS error: {e}"))?;
            }
            Err(e) => return Err(format!("connection error: {e}")),
        }
    }
    let body = format!(
        "<html><body><pre>\nperegrine s_server\n{}</pre></body></html>\n",
        describe(conn)
    );
    let resp = format!(
        "HTTP/1.0 200 ok\r\nContent-Type: text/html\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    conn.writer()
        .write_all(resp.as_bytes())
        .map_err(|e| format!("write: {e}"))?;
    conn.send_close_notify();
    while conn.wants_write() {
        conn.write_tls(sock)
            .map_err(|e| format!("connection error: {e}"))?;
    }
    let _ = sock.shutdown(Shutdown::Write);
    Ok(())
}
