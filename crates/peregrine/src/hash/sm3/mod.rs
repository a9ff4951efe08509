//! SM3 (GB/T 32905-2016; ISO/IEC 10118-3:2018), the Chinese national
//! standard hash: a 256-bit Merkle–Damgård hash on 512-bit blocks, of the
//! SHA-2 design family.
//!
//! There is one backend, `Soft` (portable, constant time). (The Armv8.2
//! SM3 instructions exist but are rare; no x86 CPU has them.) [`Impl`]
//! still implements [`cpu::Backend`] so SM3 fits the same registry,
//! `--impl` and test harness as every other hash.
//!
//! ```
//! use peregrine::hash::sm3::{Impl, Sm3};
//! use peregrine::hash::Hash;
//!
//! let mut h = Sm3::with_impl(Impl::Soft.check().unwrap());
//! h.update(b"ab");
//! h.update(b"c");
//! assert_eq!(h.finalize(), peregrine::hash::sm3::sm3(b"abc"));
//! ```

use crate::cpu;

use crate::hash::block::BlockBuffer;

mod soft;

crate::cpu::backends! {
    primitive: "sm3", doc: "An SM3 compression backend.";
    /// Portable Rust, constant time (no data-dependent branches or indices).
    Soft = "soft", any, [];
}

/// Runs the compression function over whole 64-byte blocks.
#[inline]
fn compress(imp: Checked, state: &mut [u32; 8], blocks: &[u8]) {
    debug_assert!(blocks.len().is_multiple_of(64));
    match imp.0 {
        Impl::Soft => soft::compress(state, blocks),
    }
}

/// The initial value (GB/T 32905-2016 section 4.1).
const IV: [u32; 8] = [
    0x7380166f, 0x4914b2b9, 0x172442d7, 0xda8a0600, 0xa96f30bc, 0x163138aa, 0xe38dee4d, 0xb0fb0e4e,
];

/// SM3, streaming.
#[derive(Clone)]
pub struct Sm3 {
    state: [u32; 8],
    buf: BlockBuffer<64>,
    /// Bytes absorbed so far (the length field is this times 8, mod 2^64).
    total: u64,
    imp: Checked,
}

impl Sm3 {
    /// A new hasher with the best backend for this CPU. The choice is
    /// logged once when `PEREGRINE_CPU_VERBOSE=1`.
    pub fn new() -> Self {
        let imp = Impl::best();
        cpu::log_choice("sm3", imp.0.name());
        Self::with_impl(imp)
    }

    /// A new hasher with the given backend.
    pub fn with_impl(imp: Checked) -> Self {
        Sm3 {
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
    pub fn finalize(mut self) -> [u8; 32] {
        // Big-endian, as SHA-2: the length and the digest words.
        let bits = self.total.wrapping_mul(8).to_be_bytes();
        self.buf
            .finish(&bits, |block| compress(self.imp, &mut self.state, block));
        let mut out = [0u8; 32];
        for (o, w) in out.chunks_exact_mut(4).zip(self.state) {
            o.copy_from_slice(&w.to_be_bytes());
        }
        out
    }

    /// The backend in use.
    pub fn imp(&self) -> Impl {
        self.imp.0
    }
}

impl Drop for Sm3 {
    fn drop(&mut self) {
        // The state may derive from a secret (an HMAC key, a secret message).
        crate::ct::wipe(&mut self.state);
    }
}

crate::hash::hash_glue!(Sm3, "SM3", 64, 32);

/// One-shot SM3.
pub fn sm3(data: &[u8]) -> [u8; 32] {
    let mut h = Sm3::new();
    h.update(data);
    h.finalize()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gbt_32905_example_1_abc() {
        let want = [
            0x66, 0xc7, 0xf0, 0xf4, 0x62, 0xee, 0xed, 0xd9, 0xd1, 0xf2, 0xd4, 0x6b, 0xdc, 0x10,
            0xe4, 0xe2, 0x41, 0x67, 0xc4, 0x87, 0x5c, 0xf2, 0xf7, 0xa2, 0x29, 0x7d, 0xa0, 0x2b,
            0x8f, 0x4b, 0xa8, 0xe0,
        ];
        assert_eq!(sm3(b"abc"), want);
    }
}
