//! Constant-time helpers.
//!
//! Thin wrappers over the `subtle` crate so every module compares secrets
//! the same way, and the hooks of the constant-time checker: built with
//! `RUSTFLAGS="--cfg peregrine_ctgrind"` and run under valgrind's memcheck
//! (`scripts/ctgrind.sh`), secret inputs are marked undefined and memcheck
//! reports every branch and address that depends on them (see `grind`).
//! `declassify` and `declassify_slice` mark values the library
//! releases as public (a verdict, a length, a ciphertext); each call says
//! why its value is public. Without the cfg they compile to nothing.

use subtle::ConstantTimeEq;

#[cfg(peregrine_ctgrind)]
mod grind;
#[cfg(peregrine_ctgrind)]
#[doc(hidden)]
pub use grind::{error_count, public, running_on_valgrind, secret};

/// `value`, marked public for the constant-time checker: the one place a
/// value computed from secrets may be branched on or used as an index.
/// Only for values that are public by design (a verification verdict that
/// the caller sees as `Ok` or `Err`, a length that the output reveals, a
/// blinded value independent of the secret); the call site says which.
/// Without `cfg(peregrine_ctgrind)` it is the identity.
#[inline(always)]
#[must_use]
pub(crate) fn declassify<T: Copy>(value: T) -> T {
    #[cfg(peregrine_ctgrind)]
    {
        // Through memory and `&mut`: the request's `asm!` may (for the
        // compiler) have written `v`, so it is reloaded, defined, from
        // there, not taken from a register that still holds the
        // undefined copy.
        let mut v = value;
        grind::public(&mut v);
        v
    }
    #[cfg(not(peregrine_ctgrind))]
    value
}

/// Marks the elements of `s` public for the constant-time checker (a
/// ciphertext or a signature the library returns, a blinded value); see
/// [`declassify`]. Nothing without `cfg(peregrine_ctgrind)`.
#[inline(always)]
#[cfg_attr(
    not(any(
        feature = "aead",
        feature = "ec",
        all(feature = "rsa", feature = "getrandom")
    )),
    allow(dead_code)
)]
pub(crate) fn declassify_slice<T: Copy>(s: &mut [T]) {
    #[cfg(peregrine_ctgrind)]
    grind::public(s);
    #[cfg(not(peregrine_ctgrind))]
    let _ = s;
}

/// Marks the elements of `s` secret for the constant-time checker (random
/// bytes the library draws for keys, blinding, seeds). Nothing without
/// `cfg(peregrine_ctgrind)`.
#[inline(always)]
#[allow(dead_code)] // no_std builds without `getrandom` have no caller
pub(crate) fn classify_slice<T: Copy>(s: &mut [T]) {
    #[cfg(peregrine_ctgrind)]
    grind::secret(s);
    #[cfg(not(peregrine_ctgrind))]
    let _ = s;
}

/// Whether `a == b`, in time that depends only on the lengths (which are
/// public). Returns `false` for different lengths.
#[must_use]
pub fn ct_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    // The bytes' differences ORed together (a loop the compiler turns into
    // vector ORs, with no early exit), then one `subtle` comparison of
    // the result behind an optimisation barrier: `subtle`'s slice
    // comparison puts every byte through its own barrier, which cost a
    // tenth of a 16-byte AEAD open.
    let mut d = 0u8;
    for (x, y) in a.iter().zip(b) {
        d |= x ^ y;
    }
    bool::from(core::hint::black_box(d).ct_eq(&0))
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
    use alloc::vec::Vec;

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
        // A difference in any byte and any bit, at tag and longer lengths.
        for n in [1usize, 16, 32, 33, 100] {
            let a: Vec<u8> = (0..n).map(|i| i as u8 ^ 0x5c).collect();
            assert!(ct_eq(&a, &a.clone()));
            for i in 0..n {
                for bit in 0..8 {
                    let mut b = a.clone();
                    b[i] ^= 1 << bit;
                    assert!(!ct_eq(&a, &b), "n {n} byte {i} bit {bit}");
                }
            }
        }
    }
}
