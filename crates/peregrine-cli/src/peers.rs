//! Peer libraries measured in the same process (`speed --peers`), built
//! only with the `peers` cargo feature so the default build needs nothing
//! but rustc. Each peer runs the same workload as Peregrine's row: a
//! one-shot hash of the same buffer.

use peregrine::registry::BenchFn;

/// A peer implementation of one algorithm.
pub struct Peer {
    /// The Peregrine algorithm name it matches ("sha256").
    pub alg: &'static str,
    /// The row label ("rustcrypto").
    pub label: &'static str,
    /// Builds the benchmark closure (setup outside the timed loop).
    pub bench: fn() -> BenchFn,
}

/// The peers compiled into this build.
#[cfg(feature = "peers")]
pub fn all() -> Vec<Peer> {
    use sha2::Digest;
    vec![
        Peer {
            alg: "sha256",
            label: "rustcrypto",
            bench: || Box::new(|d: &mut [u8]| sha2::Sha256::digest(d)[0]),
        },
        Peer {
            alg: "sha224",
            label: "rustcrypto",
            bench: || Box::new(|d: &mut [u8]| sha2::Sha224::digest(d)[0]),
        },
    ]
}

/// The peers compiled into this build (none without the `peers` feature).
#[cfg(not(feature = "peers"))]
pub fn all() -> Vec<Peer> {
    Vec::new()
}

/// Whether this build has peers at all.
pub const ENABLED: bool = cfg!(feature = "peers");
