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

#[cfg(test)]
mod tests {
    use super::ct_eq;

    #[test]
    fn eq_and_ne() {
        assert!(ct_eq(b"", b""));
        assert!(ct_eq(b"abc", b"abc"));
        assert!(!ct_eq(b"abc", b"abd"));
        assert!(!ct_eq(b"abc", b"ab"));
    }
}
