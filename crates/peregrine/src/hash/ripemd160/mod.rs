//! RIPEMD-160 (H. Dobbertin, A. Bosselaers, B. Preneel, FSE 1996; ISO/IEC
//! 10118-3).
//!
//! A 160-bit hash of the MD4 family with two parallel lines. It is not
//! broken (no collision or preimage attack on the full 80 steps is known),
//! but it is old and slow beside SHA-2 and SHA-3, and 160 bits give only
//! 80-bit collision resistance. It is here for compatibility: Bitcoin
//! addresses (`RIPEMD160(SHA256(x))`), OpenPGP, old certificates, and so
//! `peregrine speed` can answer the rows of other benchmarks.
//!
//! There is one backend, `Soft` (portable, constant time): no instruction
//! set has RIPEMD-160 support, and one stream is two chains of 80
//! dependent steps. [`Impl`] still implements [`cpu::Backend`] so it fits
//! the same registry, `--impl` and test harness as every other hash.
//!
//! ```
//! use peregrine::hash::ripemd160::{Impl, Ripemd160};
//! use peregrine::hash::Hash;
//!
//! let mut h = Ripemd160::with_impl(Impl::Soft.check().unwrap());
//! h.update(b"ab");
//! h.update(b"c");
//! assert_eq!(h.finalize(), peregrine::hash::ripemd160::ripemd160(b"abc"));
//! ```

use crate::cpu;

use crate::hash::block::BlockBuffer;

mod soft;

crate::cpu::backends! {
    primitive: "ripemd160", doc: "A RIPEMD-160 compression backend.";
    /// Portable Rust, constant time (no data-dependent branches or indices).
    Soft = "soft", any, [];
}

/// Runs the compression function over whole 64-byte blocks.
#[inline]
fn compress(imp: Checked, state: &mut [u32; 5], blocks: &[u8]) {
    debug_assert!(blocks.len().is_multiple_of(64));
    match imp.0 {
        Impl::Soft => soft::compress(state, blocks),
    }
}

const IV: [u32; 5] = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];

/// RIPEMD-160, streaming. See the [module documentation](self).
#[derive(Clone)]
pub struct Ripemd160 {
    state: [u32; 5],
    buf: BlockBuffer<64>,
    /// Bytes absorbed so far (the length field is this times 8, mod 2^64).
    total: u64,
    imp: Checked,
}

impl Ripemd160 {
    /// A new hasher with the best backend for this CPU. The choice is
    /// logged once when `PEREGRINE_CPU_VERBOSE=1`.
    pub fn new() -> Self {
        let imp = Impl::best();
        cpu::log_choice("ripemd160", imp.0.name());
        Self::with_impl(imp)
    }

    /// A new hasher with the given backend.
    pub fn with_impl(imp: Checked) -> Self {
        Ripemd160 {
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
    pub fn finalize(mut self) -> [u8; 20] {
        // Little-endian throughout, as MD4 and MD5: the length and the
        // digest words.
        let bits = self.total.wrapping_mul(8).to_le_bytes();
        self.buf
            .finish(&bits, |block| compress(self.imp, &mut self.state, block));
        let mut out = [0u8; 20];
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

impl Drop for Ripemd160 {
    fn drop(&mut self) {
        // The state may derive from a secret (an HMAC key, a secret message).
        crate::ct::wipe(&mut self.state);
    }
}

crate::hash::hash_glue!(Ripemd160, "RIPEMD-160", 64, 20);

/// One-shot RIPEMD-160.
pub fn ripemd160(data: &[u8]) -> [u8; 20] {
    let mut h = Ripemd160::new();
    h.update(data);
    h.finalize()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn abc() {
        let want = [
            0x8e, 0xb2, 0x08, 0xf7, 0xe0, 0x5d, 0x98, 0x7a, 0x9b, 0x04, 0x4a, 0x8e, 0x98, 0xc6,
            0xb0, 0x87, 0xf1, 0x5a, 0x0b, 0xfc,
        ];
        assert_eq!(ripemd160(b"abc"), want);
    }
}
