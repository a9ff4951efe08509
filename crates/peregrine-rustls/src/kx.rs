//! Key exchange: X25519 (RFC 7748), P-256 and P-384 ECDHE with
//! uncompressed points (RFC 8446 section 4.2.8.2), on Peregrine's
//! `ec::curve25519::x25519` and `ec::nist`.

use peregrine::ec::curve25519::x25519;
use peregrine::ec::nist::{p256, p384};
use rustls::crypto::{ActiveKeyExchange, SharedSecret, SupportedKxGroup};
use rustls::{Error, NamedGroup, PeerMisbehaved};

fn rng_failed() -> Error {
    Error::FailedToGetRandomBytes
}

fn bad_share() -> Error {
    PeerMisbehaved::InvalidKeyShare.into()
}

/// X25519.
#[derive(Debug)]
pub struct X25519;

/// secp256r1 (P-256).
#[derive(Debug)]
pub struct Secp256r1;

/// secp384r1 (P-384).
#[derive(Debug)]
pub struct Secp384r1;

impl SupportedKxGroup for X25519 {
    fn start(&self) -> Result<Box<dyn ActiveKeyExchange>, Error> {
        let key = x25519::PrivateKey::generate().map_err(|_| rng_failed())?;
        let public = key.public_key().0;
        Ok(Box::new(X25519Active { key, public }))
    }

    fn name(&self) -> NamedGroup {
        NamedGroup::X25519
    }
}

struct X25519Active {
    key: x25519::PrivateKey,
    public: [u8; 32],
}

impl ActiveKeyExchange for X25519Active {
    fn complete(self: Box<Self>, peer: &[u8]) -> Result<SharedSecret, Error> {
        let peer: [u8; 32] = peer.try_into().map_err(|_| bad_share())?;
        // A small-order peer key (an all-zero result) is an error.
        let s = self
            .key
            .diffie_hellman(&x25519::PublicKey(peer))
            .map_err(|_| bad_share())?;
        Ok(SharedSecret::from(&s.as_bytes()[..]))
    }

    fn pub_key(&self) -> &[u8] {
        &self.public
    }

    fn group(&self) -> NamedGroup {
        NamedGroup::X25519
    }
}

macro_rules! nist_group {
    ($group:ident, $active:ident, $curve:ident, $name:expr) => {
        impl SupportedKxGroup for $group {
            fn start(&self) -> Result<Box<dyn ActiveKeyExchange>, Error> {
                let key = $curve::PrivateKey::generate().map_err(|_| rng_failed())?;
                let public = key.public_key().to_uncompressed();
                Ok(Box::new($active { key, public }))
            }

            fn name(&self) -> NamedGroup {
                $name
            }
        }

        struct $active {
            key: $curve::PrivateKey,
            public: Vec<u8>,
        }

        impl ActiveKeyExchange for $active {
            fn complete(self: Box<Self>, peer: &[u8]) -> Result<SharedSecret, Error> {
                // TLS takes the uncompressed form only; `from_sec1`
                // checks the point is on the curve and not the identity.
                if peer.first() != Some(&0x04) {
                    return Err(bad_share());
                }
                let peer = $curve::PublicKey::from_sec1(peer).map_err(|_| bad_share())?;
                let s = self.key.diffie_hellman(&peer).map_err(|_| bad_share())?;
                Ok(SharedSecret::from(&s[..]))
            }

            fn pub_key(&self) -> &[u8] {
                &self.public
            }

            fn group(&self) -> NamedGroup {
                $name
            }
        }
    };
}

nist_group!(Secp256r1, Secp256r1Active, p256, NamedGroup::secp256r1);
nist_group!(Secp384r1, Secp384r1Active, p384, NamedGroup::secp384r1);
