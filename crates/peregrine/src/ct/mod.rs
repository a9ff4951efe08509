//! Constant-time helpers.
//!
//! Thin wrappers over the `subtle` crate so every module compares secrets
//! the same way.

use subtle::ConstantTimeEq;

/// Whether `a == b`, in time that depends only on the lengths (which are
/// public). Returns `false` for different lengths.
#[must_use]
pub fn ct_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && bool::from(a.ct_eq(b))
}

/// Overwrites a fixed-size array with zeros in a way the compiler may not
/// remove: a plain `memset` (inlined as a few vector stores), then the
/// array handed to `black_box`, which the optimiser must assume reads it,
/// then a fence. Cheaper than `zeroize`'s element-by-element volatile
/// writes and than one volatile store of the whole array (which LLVM turns
/// into a zeroed temporary plus `memcpy`), for the per-operation states of
/// hashes and MACs that are wiped on every drop.
#[inline]
pub fn wipe<T: Copy + Default, const N: usize>(a: &mut [T; N]) {
    a.fill(T::default());
    core::hint::black_box(&mut *a);
    core::sync::atomic::compiler_fence(core::sync::atomic::Ordering::SeqCst);
}

#[cfg(test)]
mod tests {
    use super::{ct_eq, wipe};

    #[test]
    fn wipe_zeroes() {
        let mut a = [0xa5u8; 64];
        wipe(&mut a);
        assert_eq!(a, [0; 64]);
        let mut w = [7u32; 8];
        wipe(&mut w);
        assert_eq!(w, [0; 8]);
    }

    #[test]
    fn eq_and_ne() {
        assert!(ct_eq(b"", b""));
        assert!(ct_eq(b"abc", b"abc"));
        assert!(!ct_eq(b"abc", b"abd"));
        assert!(!ct_eq(b"abc", b"ab"));
    }
}
