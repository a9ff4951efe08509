//! SHA-256/384 for the transcript hash and HMAC-SHA-256/384 for HKDF
//! (TLS 1.3) and the PRF (TLS 1.2), on Peregrine's `hash` and `mac::hmac`.

use peregrine::hash::sha256::Sha256;
use peregrine::hash::sha512::Sha384;
use peregrine::mac::hmac::Hmac as PHmac;
use rustls::crypto::hash::{self, HashAlgorithm};
use rustls::crypto::hmac;

/// A Peregrine hash as a rustls transcript hash.
#[derive(Debug)]
pub(crate) struct Hash<H>(core::marker::PhantomData<H>, HashAlgorithm);

pub(crate) static SHA256: Hash<Sha256> = Hash(core::marker::PhantomData, HashAlgorithm::SHA256);
pub(crate) static SHA384: Hash<Sha384> = Hash(core::marker::PhantomData, HashAlgorithm::SHA384);

impl<H: peregrine::hash::Hash> hash::Hash for Hash<H> {
    fn start(&self) -> Box<dyn hash::Context> {
        Box::new(Context(H::new()))
    }

    fn hash(&self, bytes: &[u8]) -> hash::Output {
        let mut h = H::new();
        h.update(bytes);
        hash::Output::new(h.finalize().as_ref())
    }

    fn output_len(&self) -> usize {
        H::OUTPUT_LEN
    }

    fn algorithm(&self) -> HashAlgorithm {
        self.1
    }
}

struct Context<H>(H);

impl<H: peregrine::hash::Hash> hash::Context for Context<H> {
    fn fork_finish(&self) -> hash::Output {
        hash::Output::new(self.0.clone().finalize().as_ref())
    }

    fn fork(&self) -> Box<dyn hash::Context> {
        Box::new(Context(self.0.clone()))
    }

    fn finish(self: Box<Self>) -> hash::Output {
        hash::Output::new(self.0.finalize().as_ref())
    }

    fn update(&mut self, data: &[u8]) {
        self.0.update(data);
    }
}

/// HMAC over a Peregrine hash.
#[derive(Debug)]
pub(crate) struct Hmac<H>(core::marker::PhantomData<H>);

pub(crate) static HMAC_SHA256: Hmac<Sha256> = Hmac(core::marker::PhantomData);
pub(crate) static HMAC_SHA384: Hmac<Sha384> = Hmac(core::marker::PhantomData);

impl<H: peregrine::hash::Hash> hmac::Hmac for Hmac<H> {
    fn with_key(&self, key: &[u8]) -> Box<dyn hmac::Key> {
        Box::new(Key(PHmac::<H>::new(key)))
    }

    fn hash_output_len(&self) -> usize {
        H::OUTPUT_LEN
    }
}

/// A keyed HMAC: the inner and outer states after the pads, cloned per
/// message.
struct Key<H: peregrine::hash::Hash>(PHmac<H>);

impl<H: peregrine::hash::Hash> hmac::Key for Key<H> {
    fn sign_concat(&self, first: &[u8], middle: &[&[u8]], last: &[u8]) -> hmac::Tag {
        let mut m = self.0.clone();
        m.update(first);
        for d in middle {
            m.update(d);
        }
        m.update(last);
        hmac::Tag::new(m.finalize().as_ref())
    }

    fn tag_len(&self) -> usize {
        H::OUTPUT_LEN
    }
}
