//! Hash functions.
//!
//! Each hash implements [`Hash`], so [`crate::mac::hmac::Hmac`] and the
//! `peregrine` command can work with any of them.

mod block;
mod lanes;
pub mod md5;
pub mod ripemd160;
pub mod sha1;
pub mod sha256;
pub mod sha3;
pub mod sha512;
pub mod sm3;

/// The trait glue every hash type shares: `Default`, a `Debug` that shows
/// the backend only (never the state), and `impl Hash` delegating to the
/// type's inherent `new`, `with_impl`, `update`, `finalize` and `imp`.
/// Expanded inside the hash's module, where `Impl` and `Checked` (and its
/// private constructor) are in scope.
macro_rules! hash_glue {
    ($ty:ident, $name:expr, $block:expr, $out:expr) => {
        crate::hash::hash_glue!(@common $ty, $name, $block, $out,);
    };
    (@common $ty:ident, $name:expr, $block:expr, $out:expr, $($extra:item)*) => {
        impl Default for $ty {
            fn default() -> Self {
                Self::new()
            }
        }

        impl core::fmt::Debug for $ty {
            /// Shows the backend only, never the state.
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.debug_struct(stringify!($ty))
                    .field("impl", &self.imp())
                    .finish_non_exhaustive()
            }
        }

        impl $crate::hash::Hash for $ty {
            type Impl = Impl;
            const NAME: &'static str = $name;
            const BLOCK_LEN: usize = $block;
            const OUTPUT_LEN: usize = $out;
            type Output = [u8; $out];

            fn new() -> Self {
                $ty::new()
            }
            fn with_impl(imp: Checked) -> Self {
                $ty::with_impl(imp)
            }
            fn fresh(&self) -> Self {
                // The object was made from a `Checked` for this backend.
                $ty::with_impl(Checked(self.imp()))
            }
            fn update(&mut self, data: &[u8]) {
                $ty::update(self, data)
            }
            fn finalize(self) -> [u8; $out] {
                $ty::finalize(self)
            }
            fn backend(&self) -> &'static str {
                self.imp().name()
            }
            $($extra)*
        }
    };
    ($ty:ident, $name:expr, $block:expr, $out:expr, oneshot) => {
        crate::hash::hash_glue!(@common $ty, $name, $block, $out,
            fn digest_with(imp: Checked, data: &[u8]) -> [u8; $out] {
                $ty::digest_with(imp, data)
            }
            fn hmac_finish(inner: Self, outer: Self) -> [u8; $out] {
                $ty::hmac_finish(inner, outer)
            }
        );
    };
}
pub(crate) use hash_glue;

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
    /// The digest of `data` on the given backend, in one call. The SHA-2
    /// hashes skip the streaming buffer here (whole blocks straight from
    /// `data`, the padded tail built apart: on the stack, or in registers
    /// on SHA-NI), which is what short messages gain from.
    fn digest_with(imp: <Self::Impl as crate::cpu::Backend>::Checked, data: &[u8]) -> Self::Output {
        let mut h = Self::with_impl(imp);
        h.update(data);
        h.finalize()
    }
    /// HMAC's last step: `outer` (which has absorbed the outer key block)
    /// over the digest of `inner`. The SHA-2 hashes build the outer final
    /// block directly rather than buffering the inner digest.
    #[doc(hidden)]
    fn hmac_finish(inner: Self, mut outer: Self) -> Self::Output {
        let mut ih = inner.finalize();
        outer.update(ih.as_ref());
        zeroize::Zeroize::zeroize(ih.as_mut());
        outer.finalize()
    }
}

/// An extendable-output function (SHAKE128, SHAKE256): absorb, then
/// squeeze any number of bytes, incrementally.
pub trait Xof: Clone + Send + Sync + 'static {
    /// The backend enum of the permutation.
    type Impl: crate::cpu::Backend;
    /// The reader that squeezes output.
    type Reader: XofReader;
    /// The algorithm's name, as `peregrine` prints it ("SHAKE-128").
    const NAME: &'static str;
    /// The rate (block length) in bytes.
    const BLOCK_LEN: usize;
    /// The output length `openssl dgst` uses when none is given (bytes).
    const DEFAULT_LEN: usize;

    /// A new instance with the best backend for this CPU.
    fn new() -> Self;
    /// A new instance with the given backend.
    fn with_impl(imp: <Self::Impl as crate::cpu::Backend>::Checked) -> Self;
    /// Absorbs `data`.
    fn update(&mut self, data: &[u8]);
    /// Pads and switches to squeezing.
    fn finalize_xof(self) -> Self::Reader;
    /// The name of the backend in use.
    fn backend(&self) -> &'static str;
}

/// The squeezing side of an [`Xof`]. Squeezing `a` then `b` bytes gives
/// the same stream as squeezing `a + b` at once.
pub trait XofReader: Send {
    /// Writes the next `out.len()` bytes of output.
    fn squeeze(&mut self, out: &mut [u8]);
}
