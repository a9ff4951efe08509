//! Block ciphers: [`aes`]; the legacy 64-bit-block ones [`des`] and
//! [`blowfish`] (their modes are in [`crate::mode::block64`]); [`camellia`]
//! and [`sm4`] (modes in [`crate::mode::block128`]).
//!
//! The modes of operation that use them (CBC, CTR, XTS, ...) are in
//! [`crate::mode`]; CMAC is in [`crate::mac::cmac`].

use core::marker::PhantomData;

#[cfg(feature = "aes")]
pub mod aes;
#[cfg(feature = "legacy")]
pub mod blowfish;
#[cfg(feature = "legacy")]
pub mod camellia;
#[cfg(feature = "chacha")]
pub mod chacha20;
#[cfg(feature = "legacy")]
pub mod des;
#[cfg(feature = "legacy")]
pub(crate) mod gf256;
#[cfg(feature = "chacha")]
pub(crate) mod keystream;
#[cfg(feature = "chacha")]
pub mod salsa20;
#[cfg(feature = "legacy")]
pub mod sm4;

/// One 16-byte cipher block.
pub type Block = [u8; 16];

/// The input and output of a cipher call: `len` bytes read from `src` and
/// written to `dst`, which are either the same buffer (in place) or two
/// buffers that do not overlap (out of place; the borrow checker sees to
/// that).
///
/// Kernels read a block before writing the block at the same offset, so
/// the in-place case needs no copy. Only this module's constructors make
/// one, and they tie it to the borrows of the slices it came from.
pub(crate) struct InOut<'a> {
    src: *const u8,
    dst: *mut u8,
    len: usize,
    _borrow: PhantomData<&'a mut [u8]>,
}

impl<'a> InOut<'a> {
    /// In place over `buf`.
    pub(crate) fn in_place(buf: &'a mut [u8]) -> Self {
        let len = buf.len();
        let p = buf.as_mut_ptr();
        InOut {
            src: p,
            dst: p,
            len,
            _borrow: PhantomData,
        }
    }

    /// From `src` into `dst`, which must have the same length.
    pub(crate) fn new(src: &'a [u8], dst: &'a mut [u8]) -> Result<Self, crate::Error> {
        if src.len() != dst.len() {
            return Err(crate::Error::InvalidLength {
                what: "output (must equal the input)",
                got: dst.len(),
            });
        }
        Ok(InOut {
            src: src.as_ptr(),
            dst: dst.as_mut_ptr(),
            len: src.len(),
            _borrow: PhantomData,
        })
    }

    /// The number of bytes.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The number of whole 16-byte blocks.
    #[cfg_attr(not(feature = "aead"), allow(dead_code))]
    pub(crate) fn blocks(&self) -> usize {
        self.len / 16
    }

    /// Splits at byte `mid` (clamped to the length).
    pub(crate) fn split_at(self, mid: usize) -> (InOut<'a>, InOut<'a>) {
        let mid = mid.min(self.len);
        // SAFETY: `mid <= len`, so both pointers stay inside (or one past the
        // end of) the buffers this `InOut` was made from.
        let (src2, dst2) = unsafe { (self.src.add(mid), self.dst.add(mid)) };
        (
            InOut {
                src: self.src,
                dst: self.dst,
                len: mid,
                _borrow: PhantomData,
            },
            InOut {
                src: src2,
                dst: dst2,
                len: self.len - mid,
                _borrow: PhantomData,
            },
        )
    }

    /// The input pointer (valid for `len` bytes of reading).
    pub(crate) fn src_ptr(&self) -> *const u8 {
        self.src
    }

    /// The output pointer (valid for `len` bytes of writing; equal to
    /// [`InOut::src_ptr`] or not overlapping it). Only the SIMD backends
    /// store through it, so it exists where they do.
    #[cfg(any(
        target_arch = "x86_64",
        target_arch = "aarch64",
        all(target_arch = "arm", target_endian = "little")
    ))]
    pub(crate) fn dst_ptr(&mut self) -> *mut u8 {
        self.dst
    }

    /// Reads input bytes `at..at + N`.
    ///
    /// # Panics
    /// If the range is out of bounds (a bug in the caller).
    #[inline(always)]
    pub(crate) fn read<const N: usize>(&self, at: usize) -> [u8; N] {
        assert!(at <= self.len && N <= self.len - at);
        let mut out = [0u8; N];
        // SAFETY: in bounds (checked above); `src` is valid for reads of
        // `len` bytes.
        unsafe { core::ptr::copy_nonoverlapping(self.src.add(at), out.as_mut_ptr(), N) };
        out
    }

    /// Writes `bytes` at output offset `at`.
    ///
    /// # Panics
    /// If the range is out of bounds (a bug in the caller).
    #[inline(always)]
    pub(crate) fn write(&mut self, at: usize, bytes: &[u8]) {
        assert!(at <= self.len && bytes.len() <= self.len - at);
        // SAFETY: in bounds (checked above); `dst` is valid for writes of
        // `len` bytes, and `bytes` is a local value, not part of `dst`.
        unsafe { core::ptr::copy_nonoverlapping(bytes.as_ptr(), self.dst.add(at), bytes.len()) };
    }
}
