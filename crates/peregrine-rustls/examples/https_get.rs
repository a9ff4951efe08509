//! An HTTPS GET with rustls on Peregrine's provider.
//!
//! ```text
//! cargo run -p peregrine-rustls --example https_get -- HOST [PORT] [CA.pem]
//! ```
//!
//! Trust anchors come from `CA.pem`, by default the system bundle
//! (`/etc/ssl/certs/ca-certificates.crt`). Prints the negotiated version,
//! suite and group on stderr and the response on stdout.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::Arc;

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let host = args.next().ok_or("usage: https_get HOST [PORT] [CA.pem]")?;
    let port = args.next().unwrap_or_else(|| "443".into());
    let ca = args
        .next()
        .unwrap_or_else(|| "/etc/ssl/certs/ca-certificates.crt".into());

    let mut roots = rustls::RootCertStore::empty();
    for cert in CertificateDer::pem_file_iter(&ca)? {
        // A bundle may hold certificates webpki cannot use as anchors.
        let _ = roots.add(cert?);
    }
    // The one line that differs from a ring or aws-lc-rs setup: the provider.
    let config =
        rustls::ClientConfig::builder_with_provider(Arc::new(peregrine_rustls::provider()))
            .with_safe_default_protocol_versions()?
            .with_root_certificates(roots)
            .with_no_client_auth();

    let name = ServerName::try_from(host.clone())?;
    let mut conn = rustls::ClientConnection::new(Arc::new(config), name)?;
    let mut sock = TcpStream::connect(format!("{host}:{port}"))?;
    let mut tls = rustls::Stream::new(&mut conn, &mut sock);
    write!(
        tls,
        "GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nAccept-Encoding: identity\r\n\r\n"
    )?;
    let mut body = Vec::new();
    // A server that closes without close_notify ends the read with an error
    // after the data; keep what arrived.
    let r = tls.read_to_end(&mut body);
    eprintln!(
        "{:?} {:?} {:?}",
        conn.protocol_version(),
        conn.negotiated_cipher_suite().map(|s| s.suite()),
        conn.negotiated_key_exchange_group().map(|g| g.name())
    );
    std::io::stdout().write_all(&body)?;
    r.map(|_| ()).or_else(|e| {
        if e.kind() == std::io::ErrorKind::UnexpectedEof {
            Ok(())
        } else {
            Err(e.into())
        }
    })
}
