//! In-process handshakes between a rustls client and a rustls server, both
//! on Peregrine's provider: every suite with every group, every
//! certificate kind and key format, resumption, data both ways across
//! many records, and the failures a client must see (unknown CA, expired
//! certificate, wrong name, a tampered record).

use std::io::{Read, Write};
use std::sync::Arc;

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, ServerName};
use rustls::{
    CertificateError, ClientConfig, ClientConnection, Connection, Error, HandshakeKind,
    RootCertStore, ServerConfig, ServerConnection, SupportedCipherSuite,
};

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn certs(name: &str) -> Vec<CertificateDer<'static>> {
    CertificateDer::pem_file_iter(data(name))
        .unwrap()
        .map(|c| c.unwrap())
        .collect()
}

fn key(name: &str) -> PrivateKeyDer<'static> {
    PrivateKeyDer::from_pem_file(data(name)).unwrap()
}

fn roots(ca: &str) -> RootCertStore {
    let mut r = RootCertStore::empty();
    for c in certs(ca) {
        r.add(c).unwrap();
    }
    r
}

fn provider_with(
    suites: &[SupportedCipherSuite],
    groups: &[&'static dyn rustls::crypto::SupportedKxGroup],
) -> Arc<rustls::crypto::CryptoProvider> {
    let mut p = peregrine_rustls::provider();
    if !suites.is_empty() {
        p.cipher_suites = suites.to_vec();
    }
    if !groups.is_empty() {
        p.kx_groups = groups.to_vec();
    }
    Arc::new(p)
}

fn server_config(leaf: &str, key_file: &str) -> ServerConfig {
    ServerConfig::builder_with_provider(provider_with(&[], &[]))
        .with_protocol_versions(rustls::ALL_VERSIONS)
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(certs(leaf), key(key_file))
        .unwrap()
}

fn client_config(
    suites: &[SupportedCipherSuite],
    groups: &[&'static dyn rustls::crypto::SupportedKxGroup],
    ca: &str,
) -> ClientConfig {
    ClientConfig::builder_with_provider(provider_with(suites, groups))
        .with_protocol_versions(rustls::ALL_VERSIONS)
        .unwrap()
        .with_root_certificates(roots(ca))
        .with_no_client_auth()
}

/// Moves every pending byte from `from` to `to`; true if any moved.
fn transfer(from: &mut dyn DynConn, to: &mut dyn DynConn) -> Result<bool, Error> {
    let mut buf = Vec::new();
    while from.conn().wants_write() {
        from.conn().write_tls(&mut buf).unwrap();
    }
    if buf.is_empty() {
        return Ok(false);
    }
    let mut rd = &buf[..];
    while !rd.is_empty() {
        to.conn().read_tls(&mut rd).unwrap();
        to.conn().process_new_packets()?;
    }
    Ok(true)
}

trait DynConn {
    fn conn(&mut self) -> &mut Connection;
}
impl DynConn for Connection {
    fn conn(&mut self) -> &mut Connection {
        self
    }
}

/// Runs the handshake to completion; the first error either side reports.
fn handshake(client: &mut Connection, server: &mut Connection) -> Result<(), Error> {
    for _ in 0..20 {
        let a = transfer(client, server)?;
        let b = transfer(server, client)?;
        if !a && !b && !client.is_handshaking() && !server.is_handshaking() {
            return Ok(());
        }
    }
    panic!("handshake did not finish");
}

fn connect(cc: &Arc<ClientConfig>, sc: &Arc<ServerConfig>) -> (Connection, Connection) {
    let c = ClientConnection::new(cc.clone(), ServerName::try_from("localhost").unwrap()).unwrap();
    let s = ServerConnection::new(sc.clone()).unwrap();
    (c.into(), s.into())
}

/// Sends `msg` from `a` to `b` and checks it arrives whole (in pieces
/// of at most 16 KiB, rustls's received-plaintext limit).
fn send(a: &mut Connection, b: &mut Connection, msg: &[u8]) {
    for piece in msg.chunks(16384) {
        a.writer().write_all(piece).unwrap();
        transfer(a, b).unwrap();
        let mut got = vec![0u8; piece.len()];
        b.reader().read_exact(&mut got).unwrap();
        assert!(got == piece, "data corrupted in transit");
    }
}

fn exchange(client: &mut Connection, server: &mut Connection) {
    let big: Vec<u8> = (0..40_000u32).map(|i| (i * 7 + 3) as u8).collect();
    send(client, server, b"GET / HTTP/1.0\r\n\r\n");
    send(server, client, &big);
    send(client, server, &big[..16384]);
    send(server, client, b"");
}

#[test]
fn every_suite_with_every_group() {
    let ecdsa = Arc::new(server_config("p256.pem", "p256.key"));
    let rsa = Arc::new(server_config("rsa2048.pem", "rsa2048.key"));
    for &suite in peregrine_rustls::ALL_CIPHER_SUITES {
        for &group in peregrine_rustls::ALL_KX_GROUPS {
            let name = format!("{:?}", suite.suite());
            let sc = if name.contains("_RSA_") { &rsa } else { &ecdsa };
            let cc = Arc::new(client_config(&[suite], &[group], "ca.pem"));
            let (mut c, mut s) = connect(&cc, sc);
            handshake(&mut c, &mut s).unwrap_or_else(|e| panic!("{name} {group:?}: {e}"));
            assert_eq!(c.negotiated_cipher_suite().unwrap().suite(), suite.suite());
            assert_eq!(
                s.negotiated_key_exchange_group().unwrap().name(),
                group.name(),
                "{name}"
            );
            exchange(&mut c, &mut s);
        }
    }
}

#[test]
fn every_certificate_and_key_format() {
    let t13 = peregrine_rustls::cipher_suite::TLS13_AES_128_GCM_SHA256;
    let t12e = peregrine_rustls::cipher_suite::TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256;
    let t12r = peregrine_rustls::cipher_suite::TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256;
    let cases = [
        ("rsa2048.pem", "rsa2048.key", t12r),
        ("rsa2048.pem", "rsa2048.pkcs1.key", t12r),
        ("p256.pem", "p256.key", t12e),
        ("p256.pem", "p256.sec1.key", t12e),
        ("p384.pem", "p384.key", t12e),
        ("ed25519.pem", "ed25519.key", t12e),
    ];
    for (leaf, k, t12) in cases {
        let sc = Arc::new(server_config(leaf, k));
        for suite in [t13, t12] {
            let cc = Arc::new(client_config(&[suite], &[], "ca.pem"));
            let (mut c, mut s) = connect(&cc, &sc);
            handshake(&mut c, &mut s).unwrap_or_else(|e| panic!("{k} {suite:?}: {e}"));
            exchange(&mut c, &mut s);
        }
    }
}

#[test]
fn rsa_pkcs1_signatures_when_pss_is_not_offered() {
    // A TLS 1.2 client that verifies only PKCS#1 v1.5 handshake signatures.
    let mut p = peregrine_rustls::provider();
    p.cipher_suites = vec![peregrine_rustls::cipher_suite::TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384];
    static PKCS1_ONLY: &[(
        rustls::SignatureScheme,
        &[&dyn rustls::pki_types::SignatureVerificationAlgorithm],
    )] = &[
        (
            rustls::SignatureScheme::RSA_PKCS1_SHA384,
            &[peregrine_rustls::verify::RSA_PKCS1_2048_8192_SHA384],
        ),
        (
            rustls::SignatureScheme::ECDSA_NISTP256_SHA256,
            &[peregrine_rustls::verify::ECDSA_P256_SHA256],
        ),
    ];
    p.signature_verification_algorithms.mapping = PKCS1_ONLY;
    let cc = Arc::new(
        ClientConfig::builder_with_provider(Arc::new(p))
            .with_protocol_versions(&[&rustls::version::TLS12])
            .unwrap()
            .with_root_certificates(roots("ca.pem"))
            .with_no_client_auth(),
    );
    let sc = Arc::new(server_config("rsa2048.pem", "rsa2048.key"));
    let (mut c, mut s) = connect(&cc, &sc);
    handshake(&mut c, &mut s).unwrap();
    exchange(&mut c, &mut s);
}

#[test]
fn resumption() {
    let sc = Arc::new(server_config("p256.pem", "p256.key"));
    for suite in [
        peregrine_rustls::cipher_suite::TLS13_CHACHA20_POLY1305_SHA256,
        peregrine_rustls::cipher_suite::TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384,
    ] {
        let cc = Arc::new(client_config(&[suite], &[], "ca.pem"));
        let (mut c, mut s) = connect(&cc, &sc);
        handshake(&mut c, &mut s).unwrap();
        exchange(&mut c, &mut s);
        assert_eq!(c.handshake_kind(), Some(HandshakeKind::Full));
        let (mut c, mut s) = connect(&cc, &sc);
        handshake(&mut c, &mut s).unwrap();
        assert_eq!(
            c.handshake_kind(),
            Some(HandshakeKind::Resumed),
            "{suite:?}"
        );
        exchange(&mut c, &mut s);
    }
}

fn client_error(leaf: &str, k: &str, ca: &str, name: &str) -> Error {
    let sc = Arc::new(server_config(leaf, k));
    let cc = Arc::new(client_config(&[], &[], ca));
    let c = ClientConnection::new(cc, ServerName::try_from(name.to_string()).unwrap()).unwrap();
    let s = ServerConnection::new(sc).unwrap();
    let (mut c, mut s): (Connection, Connection) = (c.into(), s.into());
    transfer(&mut c, &mut s).unwrap();
    transfer(&mut s, &mut c).expect_err("the client accepted the certificate")
}

#[test]
fn bad_certificates_are_refused() {
    assert!(matches!(
        client_error("p256.pem", "p256.key", "other-ca.pem", "localhost"),
        Error::InvalidCertificate(CertificateError::UnknownIssuer)
    ));
    assert!(matches!(
        client_error("expired.pem", "expired.key", "ca.pem", "localhost"),
        Error::InvalidCertificate(
            CertificateError::Expired | CertificateError::ExpiredContext { .. }
        )
    ));
    assert!(matches!(
        client_error("p256.pem", "p256.key", "ca.pem", "example.com"),
        Error::InvalidCertificate(
            CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. }
        )
    ));
}

#[test]
fn tampered_records_are_refused() {
    for &suite in peregrine_rustls::ALL_CIPHER_SUITES {
        let name = format!("{:?}", suite.suite());
        let sc = if name.contains("_RSA_") {
            Arc::new(server_config("rsa2048.pem", "rsa2048.key"))
        } else {
            Arc::new(server_config("ed25519.pem", "ed25519.key"))
        };
        let cc = Arc::new(client_config(&[suite], &[], "ca.pem"));
        let (mut c, mut s) = connect(&cc, &sc);
        handshake(&mut c, &mut s).unwrap();
        c.writer().write_all(b"attack at dawn").unwrap();
        let mut buf = Vec::new();
        c.write_tls(&mut buf).unwrap();
        let n = buf.len();
        buf[n - 20] ^= 1;
        s.read_tls(&mut &buf[..]).unwrap();
        assert!(
            matches!(s.process_new_packets(), Err(Error::DecryptError)),
            "{name}"
        );
    }
}

#[test]
fn unusable_keys_are_errors() {
    let p = peregrine_rustls::provider();
    let garbage = PrivateKeyDer::Pkcs8(vec![0x30, 0x03, 0x02, 0x01, 0x00].into());
    assert!(p.key_provider.load_private_key(garbage).is_err());
    // A certificate is not a key.
    let cert = certs("p256.pem").remove(0);
    let not_key = PrivateKeyDer::Pkcs8(cert.as_ref().to_vec().into());
    assert!(p.key_provider.load_private_key(not_key).is_err());
}
