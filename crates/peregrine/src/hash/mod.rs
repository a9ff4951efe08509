//! Hash functions.
//!
//! Each hash implements [`Hash`], so [`crate::mac::hmac::Hmac`] and the
//! `peregrine` command can work with any of them.

pub mod sha256;

/// A streaming hash function.
///
/// `Clone` copies the state mid-stream (for a common prefix, or HMAC's
/// precomputed pads).
pub trait Hash: Clone + Send + Sync + 'static {
    /// The backend enum of the hash's compression function.
    type Impl: crate::cpu::Backend;
    /// The algorithm's name, as `peregrine` prints it ("SHA2-256").
    const NAME: &'static str;
    /// The block length in bytes (HMAC pads keys to this).
    const BLOCK_LEN: usize;
    /// The digest length in bytes.
    const OUTPUT_LEN: usize;
    /// The digest, a fixed-size array.
    type Output: Copy + AsRef<[u8]> + AsMut<[u8]> + core::fmt::Debug + PartialEq + Eq;

    /// A new hasher with the best backend for this CPU.
    fn new() -> Self;
    /// A new hasher with the given backend.
    fn with_impl(imp: <Self::Impl as crate::cpu::Backend>::Checked) -> Self;
    /// A new, empty hasher that uses the same backend as `self`.
    fn fresh(&self) -> Self;
    /// Absorbs `data`.
    fn update(&mut self, data: &[u8]);
    /// Pads and returns the digest.
    fn finalize(self) -> Self::Output;
    /// The name of the backend in use ("shani", "soft", ...).
    fn backend(&self) -> &'static str;
}
