//! SHA-1 (FIPS 180-4).
//!
//! **SHA-1 is broken for collision resistance**: chosen-prefix collisions
//! are practical (SHAttered, 2017; "SHA-1 is a Shambles", 2020). Do not use
//! it for new signatures, certificates, content addressing or anything else
//! that needs collision resistance. It is here for legacy protocols, for
//! HMAC-SHA-1 (whose security rests on other properties and is still
//! considered sound), and for verifying old signatures and checksums.
//!
//! Backends, best first:
//!
//! | [`Impl`] | file | needs |
//! |---|---|---|
//! | `Shani` | `x86_64_shani.rs` | SHA-NI, SSSE3, SSE4.1 |
//! | `Armv8` | `aarch64_sha1.rs` | ARMv8 SHA-1 instructions |
//! | `Soft` | `soft.rs` | nothing (portable) |
//!
//! ```
//! use peregrine::hash::sha1::{Impl, Sha1};
//! use peregrine::hash::Hash;
//!
//! let mut h = Sha1::with_impl(Impl::Soft.check().unwrap());
//! h.update(b"ab");
//! h.update(b"c");
//! assert_eq!(h.finalize(), peregrine::hash::sha1::sha1(b"abc"));
//! ```

use crate::cpu;

use crate::hash::block::BlockBuffer;

#[cfg(target_arch = "aarch64")]
mod aarch64_sha1;
#[cfg(all(target_arch = "arm", target_endian = "little"))]
mod arm_sha1;
mod soft;
#[cfg(target_arch = "x86_64")]
mod x86_64_shani;

crate::cpu::backends! {
    primitive: "sha1", doc: "A SHA-1 compression backend.";
    /// x86_64 SHA extensions (`sha1rnds4`, `sha1nexte`, `sha1msg1/2`).
    Shani = "shani", "x86_64", [Sse2, Ssse3, Sse41, Shani];
    /// ARMv8 SHA-1 instructions (`sha1c/p/m`, `sha1h`, `sha1su0/1`), on
    /// aarch64 and in 32-bit ARM code (`arm_sha1.rs`).
    Armv8 = "armv8", ("aarch64", "arm-le"), [Neon, Sha1];
    /// Portable Rust, constant time (no data-dependent branches or indices).
    Soft = "soft", any, [];
}

/// Runs the compression function over whole 64-byte blocks.
#[inline]
fn compress(imp: Checked, state: &mut [u32; 5], blocks: &[u8]) {
    debug_assert!(blocks.len().is_multiple_of(64));
    match imp.0 {
        // SAFETY: a `Checked` exists only when `Impl::check` saw the CPU
        // features the backend's `#[target_feature]` list needs (see
        // `Impl::needs`), on the architecture it is compiled for.
        #[cfg(target_arch = "x86_64")]
        Impl::Shani => unsafe { x86_64_shani::compress(state, blocks) },
        // SAFETY: as above.
        #[cfg(target_arch = "aarch64")]
        Impl::Armv8 => unsafe { aarch64_sha1::compress(state, blocks) },
        // SAFETY: as above.
        #[cfg(all(target_arch = "arm", target_endian = "little"))]
        Impl::Armv8 => unsafe { arm_sha1::compress(state, blocks) },
        _ => soft::compress(state, blocks),
    }
}

/// The round constants of FIPS 180-4 section 4.2.1, one per 20 rounds,
/// shared by every backend.
pub(crate) const K: [u32; 4] = [0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6];

const IV: [u32; 5] = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];

/// SHA-1, streaming. See the [module documentation](self): SHA-1 is not
/// collision resistant.
#[derive(Clone)]
pub struct Sha1 {
    state: [u32; 5],
    buf: BlockBuffer<64>,
    /// Bytes absorbed so far (the length field is this times 8, mod 2^64).
    total: u64,
    imp: Checked,
}

impl Sha1 {
    /// A new hasher with the best backend for this CPU. The choice is
    /// logged once when `PEREGRINE_CPU_VERBOSE=1`.
    pub fn new() -> Self {
        let imp = Impl::best();
        cpu::log_choice("sha1", imp.0.name());
        Self::with_impl(imp)
    }

    /// A new hasher with the given backend.
    pub fn with_impl(imp: Checked) -> Self {
        Sha1 {
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
        let bits = self.total.wrapping_mul(8).to_be_bytes();
        self.buf
            .finish(&bits, |block| compress(self.imp, &mut self.state, block));
        let mut out = [0u8; 20];
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

impl Drop for Sha1 {
    fn drop(&mut self) {
        // The state may derive from a secret (an HMAC key, a secret message).
        crate::ct::wipe(&mut self.state);
    }
}

crate::hash::hash_glue!(Sha1, "SHA1", 64, 20);

/// One-shot SHA-1 with the best backend. Not collision resistant: see the
/// [module documentation](self).
pub fn sha1(data: &[u8]) -> [u8; 20] {
    let mut h = Sha1::new();
    h.update(data);
    h.finalize()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fips_180_examples_every_impl() {
        // FIPS 180-4 / FIPS 180-2 appendix A examples.
        let abc = "a9993e364706816aba3e25717850c26c9cd0d89d";
        let two = "84983e441c3bd26ebaae4aa1f95129e5e54670f1";
        let msg2 = b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
        let mut ran = 0;
        for &i in Impl::ALL {
            let Some(imp) = i.check() else {
                std::eprintln!("skipped sha1 [{}]: not available here", i.name());
                continue;
            };
            ran += 1;
            let mut h = Sha1::with_impl(imp);
            h.update(b"abc");
            assert_eq!(hex(&h.finalize()), abc, "{:?}", imp);
            let mut h = Sha1::with_impl(imp);
            h.update(msg2);
            assert_eq!(hex(&h.finalize()), two, "{:?}", imp);
        }
        assert!(ran >= 1 && Impl::Soft.check().is_some());
    }

    fn hex(b: &[u8]) -> alloc::string::String {
        use core::fmt::Write;
        let mut s = alloc::string::String::new();
        for x in b {
            write!(s, "{x:02x}").unwrap();
        }
        s
    }
}
