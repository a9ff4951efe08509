//! One table of every algorithm Peregrine has, for the `peregrine` command
//! (`speed`, `info`, `dgst`) and for anything else that works by name.
//!
//! Each entry names the algorithm (openssl's name where one exists), lists
//! its backends with their availability on this CPU, and builds streaming
//! objects and benchmark closures for a backend chosen by name. A new
//! primitive joins by adding one entry to [`ALGORITHMS`].

use alloc::boxed::Box;
use alloc::vec::Vec;

use crate::cpu::{Backend, Caps};
use crate::hash::Hash;
use crate::hash::sha256::{self, Sha224, Sha256};
use crate::mac::hmac::Hmac;

/// What kind of algorithm an entry is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An unkeyed hash.
    Hash,
    /// A keyed MAC.
    Mac,
    /// Several independent messages per call (`sha256-many`): a
    /// throughput row, not something `dgst` computes.
    Many,
}

/// One backend of an algorithm, as seen on this machine now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImplStatus {
    /// The backend's name ("shani").
    pub name: &'static str,
    /// The CPU features it needs.
    pub needs: Caps,
    /// Whether this build has it (the right architecture).
    pub compiled: bool,
    /// Whether it can run now (compiled, and the effective CPU features
    /// cover [`ImplStatus::needs`]).
    pub available: bool,
}

/// A streaming hash or MAC behind a trait object (for `peregrine dgst`).
pub trait Streaming: Send {
    /// Absorbs `data`.
    fn update(&mut self, data: &[u8]);
    /// Finishes and returns the digest or tag.
    fn finish(self: Box<Self>) -> Vec<u8>;
    /// The backend in use.
    fn backend(&self) -> &'static str;
}

impl<H: Hash> Streaming for H {
    fn update(&mut self, data: &[u8]) {
        Hash::update(self, data)
    }
    fn finish(self: Box<Self>) -> Vec<u8> {
        Hash::finalize(*self).as_ref().to_vec()
    }
    fn backend(&self) -> &'static str {
        Hash::backend(self)
    }
}

/// A benchmark closure: processes one message per call, returning a byte
/// of the result so the work cannot be optimised away.
pub type BenchFn = Box<dyn FnMut(&[u8]) -> u8 + Send>;

/// One algorithm of the registry.
#[derive(Clone, Copy)]
pub struct Algorithm {
    /// The primary name, as `peregrine speed` takes it ("sha256").
    pub name: &'static str,
    /// Other accepted names ("sha2-256").
    pub aliases: &'static [&'static str],
    /// The label `peregrine dgst` prints ("SHA2-256").
    pub label: &'static str,
    /// Hash or MAC.
    pub kind: Kind,
    /// Output length in bytes.
    pub output_len: usize,
    /// Messages of the benchmarked size that one benchmark call processes
    /// (1, or the batch size of a [`Kind::Many`] row): the bytes a call
    /// counts for are the size times this.
    pub messages_per_call: usize,
    /// The primitive whose backends this algorithm uses ("sha256").
    pub primitive: &'static str,
    impls: fn() -> Vec<ImplStatus>,
    best: fn() -> &'static str,
    stream: fn(&str) -> Option<Box<dyn Streaming>>,
    bench: fn(&str) -> Option<BenchFn>,
}

impl core::fmt::Debug for Algorithm {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Algorithm")
            .field("name", &self.name)
            .field("kind", &self.kind)
            .finish()
    }
}

impl Algorithm {
    /// Every backend, best first, with its status on this machine.
    pub fn impls(&self) -> Vec<ImplStatus> {
        (self.impls)()
    }

    /// The backend `best()` picks now.
    pub fn best(&self) -> &'static str {
        (self.best)()
    }

    /// A streaming hasher on backend `imp` (`None`: no such backend, or it
    /// cannot run here). Only for [`Kind::Hash`].
    pub fn stream(&self, imp: &str) -> Option<Box<dyn Streaming>> {
        (self.stream)(imp)
    }

    /// A benchmark closure on backend `imp`, keyed with a fixed key for
    /// MACs; key setup happens here, outside the timed calls.
    pub fn bench(&self, imp: &str) -> Option<BenchFn> {
        (self.bench)(imp)
    }

    /// Whether `name` is this algorithm's name or one of its aliases
    /// (case-insensitive).
    pub fn is_called(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name)
            || self.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
    }
}

fn impls<B: Backend>() -> Vec<ImplStatus> {
    B::ALL
        .iter()
        .map(|&b| ImplStatus {
            name: b.name(),
            needs: b.needs(),
            compiled: b.compiled(),
            available: b.check().is_some(),
        })
        .collect()
}

fn best<B: Backend>() -> &'static str {
    B::of(B::best()).name()
}

fn checked<H: Hash>(imp: &str) -> Option<<H::Impl as Backend>::Checked> {
    H::Impl::from_name(imp)?.check()
}

fn stream_hash<H: Hash>(imp: &str) -> Option<Box<dyn Streaming>> {
    Some(Box::new(H::with_impl(checked::<H>(imp)?)))
}

fn no_stream(_: &str) -> Option<Box<dyn Streaming>> {
    None
}

fn bench_hash<H: Hash>(imp: &str) -> Option<BenchFn> {
    let c = checked::<H>(imp)?;
    Some(Box::new(move |data: &[u8]| {
        let mut h = H::with_impl(c);
        h.update(data);
        h.finalize().as_ref()[0]
    }))
}

/// The key `speed` uses for MACs (openssl speed's HMAC key length).
const BENCH_KEY: &[u8; 16] = b"This is a key...";

fn bench_hmac<H: Hash>(imp: &str) -> Option<BenchFn> {
    let keyed = Hmac::<H>::with_hasher(H::with_impl(checked::<H>(imp)?), BENCH_KEY);
    Some(Box::new(move |data: &[u8]| {
        let mut m = keyed.clone();
        m.update(data);
        m.finalize().as_ref()[0]
    }))
}

macro_rules! hash {
    ($name:literal, [$($alias:literal),*], $ty:ty) => {
        Algorithm {
            name: $name,
            aliases: &[$($alias),*],
            label: <$ty as Hash>::NAME,
            kind: Kind::Hash,
            output_len: <$ty as Hash>::OUTPUT_LEN,
            messages_per_call: 1,
            primitive: <<$ty as Hash>::Impl as Backend>::PRIMITIVE,
            impls: impls::<<$ty as Hash>::Impl>,
            best: best::<<$ty as Hash>::Impl>,
            stream: stream_hash::<$ty>,
            bench: bench_hash::<$ty>,
        }
    };
}

macro_rules! hmac {
    ($name:literal, [$($alias:literal),*], $label:literal, $ty:ty) => {
        Algorithm {
            name: $name,
            aliases: &[$($alias),*],
            label: $label,
            kind: Kind::Mac,
            output_len: <$ty as Hash>::OUTPUT_LEN,
            messages_per_call: 1,
            primitive: <<$ty as Hash>::Impl as Backend>::PRIMITIVE,
            impls: impls::<<$ty as Hash>::Impl>,
            best: best::<<$ty as Hash>::Impl>,
            stream: no_stream,
            bench: bench_hmac::<$ty>,
        }
    };
}

/// The batch `sha256-many` and `hmac-many` time: eight messages per call,
/// hashed as four interleaved pairs.
const MANY: usize = 8;

fn bench_sha256_many(imp: &str) -> Option<BenchFn> {
    let c = sha256::Impl::from_name(imp)?.check()?;
    let mut out = [[0u8; 32]; MANY];
    Some(Box::new(move |data: &[u8]| {
        let msgs = [data; MANY];
        // Lengths match by construction, so this cannot fail.
        let _ = sha256::hash_many_with(c, &msgs, &mut out);
        out[MANY - 1][0]
    }))
}

fn bench_hmac_many(imp: &str) -> Option<BenchFn> {
    let c = sha256::Impl::from_name(imp)?.check()?;
    let mut out = [[0u8; 32]; MANY];
    Some(Box::new(move |data: &[u8]| {
        let msgs = [data; MANY];
        let _ = sha256::hmac_many_with(c, BENCH_KEY, &msgs, &mut out);
        out[MANY - 1][0]
    }))
}

macro_rules! many {
    ($name:literal, $label:literal, $bench:expr) => {
        Algorithm {
            name: $name,
            aliases: &[],
            label: $label,
            kind: Kind::Many,
            output_len: 32,
            messages_per_call: MANY,
            primitive: "sha256",
            impls: impls::<sha256::Impl>,
            best: best::<sha256::Impl>,
            stream: no_stream,
            bench: $bench,
        }
    };
}

/// Every algorithm, in the order `peregrine speed` runs them.
pub static ALGORITHMS: &[Algorithm] = &[
    hash!("sha256", ["sha2-256", "sha-256"], Sha256),
    hash!("sha224", ["sha2-224", "sha-224"], Sha224),
    hmac!("hmac", ["hmac-sha256"], "HMAC-SHA2-256", Sha256),
    hmac!("hmac-sha224", [], "HMAC-SHA2-224", Sha224),
    many!("sha256-many", "SHA2-256 x8", bench_sha256_many),
    many!("hmac-many", "HMAC-SHA2-256 x8", bench_hmac_many),
];

/// The algorithm called `name` (or with that alias), case-insensitive.
pub fn find(name: &str) -> Option<&'static Algorithm> {
    ALGORITHMS.iter().find(|a| a.is_called(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique() {
        let mut seen = Vec::new();
        for a in ALGORITHMS {
            for n in core::iter::once(&a.name).chain(a.aliases) {
                assert!(!seen.contains(n), "{n} twice");
                seen.push(n);
            }
        }
    }

    #[test]
    fn every_available_impl_streams_and_benches_alike() {
        for a in ALGORITHMS {
            let mut want = None;
            for s in a.impls() {
                let b = a.bench(s.name);
                assert_eq!(b.is_some(), s.available, "{} {}", a.name, s.name);
                if let Some(mut f) = b {
                    let r = f(b"registry");
                    assert_eq!(*want.get_or_insert(r), r, "{} {}", a.name, s.name);
                }
                if a.kind == Kind::Hash {
                    assert_eq!(a.stream(s.name).is_some(), s.available);
                }
            }
            assert!(a.impls().iter().any(|s| s.name == a.best() && s.available));
        }
        assert!(find("SHA2-256").is_some());
        assert!(find("nope").is_none());
    }
}
