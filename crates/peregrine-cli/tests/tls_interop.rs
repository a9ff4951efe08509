//! `peregrine s_client` and `s_server` against real peers on loopback:
//! our client against `openssl s_server`, `openssl s_client` and `curl`
//! against our server, for every suite and group, TLS 1.2 and 1.3, with
//! RSA-2048, ECDSA P-256 and Ed25519 certificates (committed fixtures in
//! `crates/peregrine-rustls/tests/data`, made by its `gen.sh`), and the
//! failures: unknown CA, expired certificate, wrong name, refused port.
//!
//! Needs `openssl` and `curl` binaries: without one a test is skipped by
//! name, except when `CI` is set, where it fails.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Output, Stdio};

const PEREGRINE: &str = env!("CARGO_BIN_EXE_peregrine");

fn data(name: &str) -> String {
    format!(
        "{}/../peregrine-rustls/tests/data/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn emulated() -> bool {
    std::env::vars().any(|(k, _)| k.starts_with("CARGO_TARGET_") && k.ends_with("_RUNNER"))
}

/// Whether `tool` runs; a missing one skips `test` by name, or fails it
/// when `CI` is set.
fn have(test: &str, tool: &str) -> bool {
    if emulated() {
        eprintln!("{test}: skipped: under an emulator");
        return false;
    }
    let arg = if tool == "openssl" {
        "version"
    } else {
        "--version"
    };
    if Command::new(tool)
        .arg(arg)
        .output()
        .is_ok_and(|o| o.status.success())
    {
        return true;
    }
    let ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0");
    assert!(!ci, "{test}: no working {tool} binary, and CI is set");
    eprintln!("{test}: skipped: no {tool} binary");
    false
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A server process, killed on drop (it may still wait for connections
/// when a test fails).
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts the server `make(port)` builds on a free port and waits for the
/// "ACCEPT" line both servers print once they listen; the rest of its
/// output is discarded. A port found free can be taken again before the
/// server binds it (tests run in parallel, and every client connection
/// takes an ephemeral port), so a server that exits before it listens is
/// retried on another port; after five failures its stderr is the panic.
fn serve(make: impl Fn(&str) -> Command) -> (Server, String) {
    let mut errors = String::new();
    for _ in 0..5 {
        let port = free_port().to_string();
        let mut child = make(&port)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut err = child.stderr.take().unwrap();
        let mut line = String::new();
        let listening = loop {
            line.clear();
            if out.read_line(&mut line).unwrap() == 0 {
                break false;
            }
            if line.trim() == "ACCEPT" {
                break true;
            }
        };
        if listening {
            std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));
            std::thread::spawn(move || std::io::copy(&mut err, &mut std::io::sink()));
            return (Server(child), port);
        }
        let _ = child.wait();
        let mut msg = String::new();
        let _ = std::io::Read::read_to_string(&mut err, &mut msg);
        errors.push_str(&format!("port {port}: {msg}\n"));
    }
    panic!("the server exited before it listened, five times:\n{errors}");
}

fn run(cmd: &mut Command, stdin: &[u8]) -> Output {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

const GET: &[u8] = b"GET / HTTP/1.0\r\n\r\n";

/// (version flag, suite, group) cases: every suite of each version the
/// certificate's key can sign for, with every group.
fn cases(kind: &str) -> Vec<(&'static str, &'static str, &'static str)> {
    const GROUPS: [&str; 3] = ["X25519", "P-256", "P-384"];
    const T13: [&str; 3] = [
        "TLS_AES_128_GCM_SHA256",
        "TLS_AES_256_GCM_SHA384",
        "TLS_CHACHA20_POLY1305_SHA256",
    ];
    // Ed25519 certificates sign TLS 1.2 handshakes in the ECDSA suites
    // (RFC 8422 section 5.1.3).
    const ECDSA: [&str; 3] = [
        "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
        "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
        "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256",
    ];
    const RSA: [&str; 3] = [
        "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
        "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
        "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256",
    ];
    let t12 = if kind == "rsa2048" { RSA } else { ECDSA };
    let mut v = Vec::new();
    for group in GROUPS {
        v.extend(T13.iter().map(|s| ("-tls1_3", *s, group)));
        v.extend(t12.iter().map(|s| ("-tls1_2", *s, group)));
    }
    v
}

/// The group list a client offers: in TLS 1.2 an ECDSA certificate's own
/// curve must be among the client's groups (RFC 8422 section 5.1), so a
/// P-256 server needs P-256 offered too (after the group under test, which
/// both servers then pick).
fn offered(kind: &str, version: &str, group: &str) -> String {
    if kind == "p256" && version == "-tls1_2" && group != "P-256" {
        format!("{group}:P-256")
    } else {
        group.to_string()
    }
}

/// OpenSSL's name of a TLS 1.2 suite.
fn openssl_suite(iana: &str) -> String {
    iana.strip_prefix("TLS_ECDHE_")
        .map(|r| {
            let r = r
                .replace("_WITH_AES_128_GCM_SHA256", "-AES128-GCM-SHA256")
                .replace("_WITH_AES_256_GCM_SHA384", "-AES256-GCM-SHA384")
                .replace("_WITH_CHACHA20_POLY1305_SHA256", "-CHACHA20-POLY1305");
            format!("ECDHE-{r}")
        })
        .unwrap_or_else(|| iana.to_string())
}

fn openssl_group(g: &str) -> &str {
    match g {
        "P-256" => "prime256v1",
        "P-384" => "secp384r1",
        g => g,
    }
}

#[test]
fn s_client_against_openssl_s_server() {
    if !have("s_client_against_openssl_s_server", "openssl") {
        return;
    }
    for kind in ["p256", "rsa2048", "ed25519"] {
        let cases = cases(kind);
        let (_server, port) = serve(|port| {
            let mut cmd = Command::new("openssl");
            cmd.args([
                "s_server",
                "-accept",
                port,
                "-cert",
                &data(&format!("{kind}.pem")),
                "-key",
                &data(&format!("{kind}.key")),
                "-www",
                "-naccept",
                &cases.len().to_string(),
            ]);
            cmd
        });
        for (version, suite, group) in cases {
            let o = run(
                Command::new(PEREGRINE).args([
                    "s_client",
                    "-connect",
                    &format!("localhost:{port}"),
                    "-CAfile",
                    &data("ca.pem"),
                    version,
                    "-ciphersuites",
                    suite,
                    "-groups",
                    &offered(kind, version, group),
                    "-ign_eof",
                ]),
                GET,
            );
            let (out, err) = (text(&o.stdout), text(&o.stderr));
            let what = format!("{kind} {suite} {group}: {err}");
            assert!(o.status.success(), "{what}");
            assert!(err.contains(&format!("Cipher: {suite}\n")), "{what}");
            assert!(err.contains(&format!("Group: {group}\n")), "{what}");
            assert!(
                err.contains(&format!(
                    "Peer certificate subject: CN=localhost, O=Peregrine {kind}"
                )),
                "{what}"
            );
            // openssl's page names what it negotiated.
            let v = if version == "-tls1_3" {
                "TLSv1.3"
            } else {
                "TLSv1.2"
            };
            let expect = format!("{v}, Cipher is {}", openssl_suite(suite));
            assert!(out.contains(&expect), "{what}: openssl says {out}");
        }
    }
}

#[test]
fn openssl_s_client_and_curl_against_s_server() {
    let test = "openssl_s_client_and_curl_against_s_server";
    if !have(test, "openssl") || !have(test, "curl") {
        return;
    }
    for kind in ["p256", "rsa2048", "ed25519"] {
        let cases = cases(kind);
        let (_server, port) = serve(|port| {
            let mut cmd = Command::new(PEREGRINE);
            cmd.args([
                "s_server",
                "-accept",
                &format!("127.0.0.1:{port}"),
                "-cert",
                &data(&format!("{kind}.pem")),
                "-key",
                &data(&format!("{kind}.key")),
                "-www",
                "-naccept",
                // openssl s_client, then curl, on every case; curl once
                // more with its defaults.
                &(2 * cases.len() + 1).to_string(),
            ]);
            cmd
        });
        for (version, suite, group) in cases.iter().copied() {
            let mut cmd = Command::new("openssl");
            cmd.args([
                "s_client",
                "-connect",
                &format!("127.0.0.1:{port}"),
                "-servername",
                "localhost",
                "-CAfile",
                &data("ca.pem"),
                "-verify_return_error",
                "-ign_eof",
                version,
                "-groups",
                &offered(kind, version, group)
                    .split(':')
                    .map(openssl_group)
                    .collect::<Vec<_>>()
                    .join(":"),
            ]);
            if version == "-tls1_3" {
                cmd.args(["-ciphersuites", suite]);
            } else {
                cmd.args(["-cipher", &openssl_suite(suite)]);
            }
            let o = run(&mut cmd, GET);
            let out = text(&o.stdout);
            let what = format!("{kind} {suite} {group}: {out}{}", text(&o.stderr));
            assert!(o.status.success(), "{what}");
            assert!(out.contains("Verify return code: 0 (ok)"), "{what}");
            assert!(out.contains(&format!("Cipher: {suite}\n")), "{what}");
            assert!(out.contains(&format!("Group: {group}\n")), "{what}");
        }
        for case in cases.iter().map(Some).chain([None]) {
            let mut cmd = Command::new("curl");
            cmd.args(["-sS", "--cacert", &data("ca.pem")]);
            if let Some(&(version, suite, group)) = case {
                let curves = offered(kind, version, group);
                if version == "-tls1_3" {
                    cmd.args(["--tlsv1.3", "--tls13-ciphers", suite]);
                } else {
                    let s = openssl_suite(suite);
                    cmd.args(["--tlsv1.2", "--tls-max", "1.2", "--ciphers", &s]);
                }
                cmd.args(["--curves", &curves]);
            }
            let o = run(cmd.arg(format!("https://localhost:{port}/")), b"");
            let out = text(&o.stdout);
            let what = format!("curl {case:?}: {out}{}", text(&o.stderr));
            assert!(o.status.success(), "{what}");
            assert!(out.contains("peregrine s_server"), "{what}");
            if let Some(&(version, suite, group)) = case {
                let v = if version == "-tls1_3" { "1.3" } else { "1.2" };
                assert!(out.contains(&format!("Protocol: TLSv{v}\n")), "{what}");
                assert!(out.contains(&format!("Cipher: {suite}\n")), "{what}");
                assert!(out.contains(&format!("Group: {group}\n")), "{what}");
            }
        }
    }
}

/// One line on stderr, exit 1.
fn fails_with(o: &Output, needle: &str) {
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(needle), "expected '{needle}' in: {err}");
}

#[test]
fn bad_certificates_names_and_refusals() {
    if !have("bad_certificates_names_and_refusals", "openssl") {
        return;
    }
    let (_expired, port) = serve(|port| {
        let mut cmd = Command::new("openssl");
        cmd.args([
            "s_server",
            "-accept",
            port,
            "-cert",
            &data("expired.pem"),
            "-key",
            &data("expired.key"),
            "-naccept",
            "1",
        ]);
        cmd
    });
    let client = |port: &str, ca: &str, extra: &[&str]| {
        run(
            Command::new(PEREGRINE)
                .args([
                    "s_client",
                    "-connect",
                    &format!("localhost:{port}"),
                    "-CAfile",
                ])
                .arg(data(ca))
                .args(extra),
            b"",
        )
    };
    fails_with(&client(&port, "ca.pem", &[]), "expired");

    let (_good, port2) = serve(|port2| {
        let mut cmd = Command::new(PEREGRINE);
        cmd.args([
            "s_server",
            "-accept",
            &format!("127.0.0.1:{port2}"),
            "-cert",
            &data("p256.pem"),
            "-key",
            &data("p256.key"),
            "-www",
            "-naccept",
            "2",
        ]);
        cmd
    });
    fails_with(&client(&port2, "other-ca.pem", &[]), "UnknownIssuer");
    fails_with(
        &client(&port2, "ca.pem", &["-servername", "example.com"]),
        "not valid for name",
    );
    // A port nobody listens on (bound and released just now).
    fails_with(
        &client(&free_port().to_string(), "ca.pem", &[]),
        "cannot connect",
    );
    // Files that do not load, and a key that does not match.
    fails_with(
        &client(&port2, "missing.pem", &[]),
        "cannot read certificates",
    );
    let o = run(
        Command::new(PEREGRINE).args([
            "s_server",
            "-accept",
            "127.0.0.1:0",
            "-cert",
            &data("p256.pem"),
            "-key",
            &data("ca.pem"),
        ]),
        b"",
    );
    fails_with(&o, "private key");
    let o = run(
        Command::new(PEREGRINE).args(["s_client", "-connect", "localhost:1", "-groups", "X448"]),
        b"",
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
}
