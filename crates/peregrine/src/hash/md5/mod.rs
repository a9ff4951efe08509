//! MD5 (RFC 1321).
//!
//! **MD5 is broken for security.** Collisions take seconds on a laptop and
//! chosen-prefix collisions have been used against real certificate
//! authorities (the Flame malware, 2012). Never use it for signatures,
//! certificates, password hashing, integrity against an adversary or as a
//! MAC in new designs. It is here only for compatibility (old file formats
//! and protocols, checksums that name it) and so `peregrine speed` can
//! compare it with other implementations.
//!
//! There is one backend, `Soft` (portable, constant time): MD5 has no
//! instruction-set support, and a single MD5 stream is a chain of 64
//! dependent steps that vector units cannot shorten. [`Impl`] still
//! implements [`cpu::Backend`] so MD5 fits the same registry, `--impl` and
//! test harness as every other hash.
//!
//! ```
//! use peregrine::hash::md5::{Impl, Md5};
//! use peregrine::hash::Hash;
//!
//! let mut h = Md5::with_impl(Impl::Soft.check().unwrap());
//! h.update(b"ab");
//! h.update(b"c");
//! assert_eq!(h.finalize(), peregrine::hash::md5::md5(b"abc"));
//! ```

use crate::cpu;

use crate::hash::block::BlockBuffer;

mod soft;

crate::cpu::backends! {
    primitive: "md5", doc: "An MD5 compression backend.";
    /// Portable Rust, constant time (no data-dependent branches or indices).
    Soft = "soft", any, [];
}

/// Runs the compression function over whole 64-byte blocks.
#[inline]
fn compress(imp: Checked, state: &mut [u32; 4], blocks: &[u8]) {
    debug_assert!(blocks.len().is_multiple_of(64));
    match imp.0 {
        Impl::Soft => soft::compress(state, blocks),
    }
}

const IV: [u32; 4] = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];

/// MD5, streaming. See the [module documentation](self): MD5 is broken and
/// only for compatibility.
#[derive(Clone)]
pub struct Md5 {
    state: [u32; 4],
    buf: BlockBuffer<64>,
    /// Bytes absorbed so far (the length field is this times 8, mod 2^64).
    total: u64,
    imp: Checked,
}

impl Md5 {
    /// A new hasher with the best backend for this CPU. The choice is
    /// logged once when `PEREGRINE_CPU_VERBOSE=1`.
    pub fn new() -> Self {
        let imp = Impl::best();
        cpu::log_choice("md5", imp.0.name());
        Self::with_impl(imp)
    }

    /// A new hasher with the given backend.
    pub fn with_impl(imp: Checked) -> Self {
        Md5 {
            state: IV,
            buf: BlockBuffer::new(),
            total: 0,
            imp,
        }
    }

    /// Absorbs `data`.
    pub fn update(&mut self, data: &[u8]) {
        self.total = self.total.wrapping_add(data.len() as u64);
        self.buf
            .update(data, |blocks| compress(self.imp, &mut self.state, blocks));
    }

    /// Pads and returns the digest.
    pub fn finalize(mut self) -> [u8; 16] {
        // MD5 is little-endian throughout: the length and the digest words.
        let bits = self.total.wrapping_mul(8).to_le_bytes();
        self.buf
            .finish(&bits, |block| compress(self.imp, &mut self.state, block));
        let mut out = [0u8; 16];
        for (o, w) in out.chunks_exact_mut(4).zip(self.state) {
            o.copy_from_slice(&w.to_le_bytes());
        }
        out
    }

    /// The backend in use.
    pub fn imp(&self) -> Impl {
        self.imp.0
    }
}

impl Drop for Md5 {
    fn drop(&mut self) {
        // The state may derive from a secret (an HMAC key, a secret message).
        crate::ct::wipe(&mut self.state);
    }
}

crate::hash::hash_glue!(Md5, "MD5", 64, 16);

/// One-shot MD5. Broken for security: see the [module documentation](self).
pub fn md5(data: &[u8]) -> [u8; 16] {
    let mut h = Md5::new();
    h.update(data);
    h.finalize()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc_1321_abc() {
        let imp = Impl::Soft.check().unwrap();
        let mut h = Md5::with_impl(imp);
        h.update(b"abc");
        let want = [
            0x90, 0x01, 0x50, 0x98, 0x3c, 0xd2, 0x4f, 0xb0, 0xd6, 0x96, 0x3f, 0x7d, 0x28, 0xe1,
            0x7f, 0x72,
        ];
        assert_eq!(h.finalize(), want);
        assert_eq!(md5(b"abc"), want);
    }
}
