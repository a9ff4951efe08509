//! rustls's own crypto providers, aws-lc-rs and ring, for `speed tls
//! --peers` and the in-process interop tests (rustls's `aws_lc_rs` and
//! `ring` features are on only with the `peers` feature).

use rustls::crypto::CryptoProvider;

/// (label, provider) for every rustls provider built in.
pub fn providers() -> Vec<(&'static str, CryptoProvider)> {
    vec![
        (
            "rustls-aws-lc-rs",
            rustls::crypto::aws_lc_rs::default_provider(),
        ),
        ("rustls-ring", rustls::crypto::ring::default_provider()),
    ]
}
