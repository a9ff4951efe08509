//! SHA-224 and SHA-256 (FIPS 180-4).
//!
//! Backends, best first:
//!
//! | [`Impl`] | file | needs |
//! |---|---|---|
//! | `Shani` | `x86_64_shani.rs` | SHA-NI, SSSE3, SSE4.1 |
//! | `Armv8` | `aarch64_sha2.rs` | ARMv8 SHA-256 instructions |
//! | `Neon` | `arm_neon.rs` | 32-bit ARM with NEON |
//! | `Soft` | `soft.rs` | nothing (portable) |
//!
//! [`hash_many`] and [`hmac_many`] have their own backends ([`many::Impl`]):
//! 16 messages in zmm lanes, 8 in ymm lanes (`x86_64_lanes.rs`), or
//! interleaved SHA-NI and ARMv8 streams.
//!
//! ```
//! use peregrine::hash::sha256::{Impl, Sha256};
//! use peregrine::hash::Hash;
//!
//! let mut h = Sha256::with_impl(Impl::Soft.check().unwrap());
//! h.update(b"ab");
//! h.update(b"c");
//! assert_eq!(h.finalize(), peregrine::hash::sha256::sha256(b"abc"));
//! ```

use crate::cpu;

use crate::hash::block::BlockBuffer;

pub use many::{hash_many, hash_many_with, hmac_many, hmac_many_with};

#[cfg(target_arch = "aarch64")]
mod aarch64_sha2;
#[cfg(all(target_arch = "arm", target_endian = "little"))]
mod arm_neon;
#[cfg(all(target_arch = "arm", target_endian = "little"))]
mod arm_sha2;
pub mod many;
mod soft;
#[cfg(target_arch = "x86_64")]
mod x86_64_lanes;
#[cfg(target_arch = "x86_64")]
mod x86_64_shani;

crate::cpu::backends! {
    primitive: "sha256", doc: "A SHA-256 compression backend.";
    /// x86_64 SHA extensions (`sha256rnds2`, `sha256msg1/2`).
    Shani = "shani", "x86_64", [Sse2, Ssse3, Sse41, Shani];
    /// ARMv8 SHA-256 instructions (`sha256h`, `sha256h2`, `sha256su0/1`),
    /// on aarch64 and in 32-bit ARM code (an `asm!` kernel).
    Armv8 = "armv8", ("aarch64", "arm-le"), [Neon, Sha2];
    /// 32-bit ARM with NEON: the message schedule in NEON, the rounds in
    /// the general registers (an `asm!` kernel).
    Neon = "neon", "arm-le", [Neon];
    /// Portable Rust, constant time (no data-dependent branches or indices).
    Soft = "soft", any, [];
}

/// Runs the compression function over whole 64-byte blocks.
#[inline]
fn compress(imp: Checked, state: &mut [u32; 8], blocks: &[u8]) {
    debug_assert!(blocks.len().is_multiple_of(64));
    match imp.0 {
        // SAFETY: a `Checked` exists only when `Impl::check` saw the CPU
        // features the backend's `#[target_feature]` list needs (see
        // `Impl::needs`), on the architecture it is compiled for.
        #[cfg(target_arch = "x86_64")]
        Impl::Shani => unsafe { x86_64_shani::compress(state, blocks) },
        // SAFETY: as above.
        #[cfg(target_arch = "aarch64")]
        Impl::Armv8 => unsafe { aarch64_sha2::compress(state, blocks) },
        // SAFETY: as above.
        #[cfg(all(target_arch = "arm", target_endian = "little"))]
        Impl::Armv8 => unsafe { arm_sha2::compress(state, blocks) },
        // SAFETY: as above.
        #[cfg(all(target_arch = "arm", target_endian = "little"))]
        Impl::Neon => unsafe { arm_neon::compress(state, blocks) },
        _ => soft::compress(state, blocks),
    }
}

/// How many streams `many` interleaves (the kernels take up to four).
/// Measured on the development machine's SHA-NI (an Intel Xeon): two
/// streams give 1.27x one stream's throughput at 16 KiB, three 1.25x,
/// four 0.95x (register spills): `sha256rnds2`'s throughput, not its
/// latency, is the limit there beyond two.
pub(crate) const MAX_LANES: usize = 2;

/// Up to [`MAX_LANES`] independent streams over the same number of whole
/// blocks (`states.len() == blocks.len()`, every block slice the same
/// length, a multiple of 64). The accelerated backends interleave them;
/// `soft` runs them one after the other.
fn compress_multi(imp: Checked, states: &mut [[u32; 8]], blocks: &[&[u8]]) {
    debug_assert!(states.len() == blocks.len() && states.len() <= 4);
    debug_assert!(
        blocks
            .iter()
            .all(|b| b.len() == blocks[0].len() && b.len().is_multiple_of(64))
    );
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    macro_rules! lanes {
        ($m:ident) => {
            match (states, blocks) {
                // SAFETY: as in `compress`: the `Checked` proves the
                // features the kernel's `#[target_feature]` list needs.
                (s @ &mut [_], &[a]) => unsafe {
                    $m::compress_multi::<1>(s.try_into().unwrap(), [a])
                },
                // SAFETY: as above.
                (s @ &mut [_, _], &[a, b]) => unsafe {
                    $m::compress_multi::<2>(s.try_into().unwrap(), [a, b])
                },
                // SAFETY: as above.
                (s @ &mut [_, _, _], &[a, b, c]) => unsafe {
                    $m::compress_multi::<3>(s.try_into().unwrap(), [a, b, c])
                },
                // SAFETY: as above.
                (s @ &mut [_, _, _, _], &[a, b, c, d]) => unsafe {
                    $m::compress_multi::<4>(s.try_into().unwrap(), [a, b, c, d])
                },
                (s, b) => {
                    for (st, bl) in s.iter_mut().zip(b) {
                        compress(imp, st, bl);
                    }
                }
            }
        };
    }
    match imp.0 {
        #[cfg(target_arch = "x86_64")]
        Impl::Shani => lanes!(x86_64_shani),
        #[cfg(target_arch = "aarch64")]
        Impl::Armv8 => lanes!(aarch64_sha2),
        // `soft`, and 32-bit ARM's one-stream kernel: one after the other.
        _ => {
            for (st, bl) in states.iter_mut().zip(blocks) {
                compress(imp, st, bl);
            }
        }
    }
}

/// The round constants of FIPS 180-4 section 4.2.2, shared by every backend.
pub(crate) const K: [u32; 64] = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

const IV256: [u32; 8] = [
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];
const IV224: [u32; 8] = [
    0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4,
];

/// The streaming engine behind both SHA-224 and SHA-256.
#[derive(Clone)]
struct Engine {
    state: [u32; 8],
    buf: BlockBuffer<64>,
    /// Bytes absorbed so far (the length field is this times 8, mod 2^64).
    total: u64,
    imp: Checked,
}

impl Engine {
    fn new(imp: Checked, iv: [u32; 8]) -> Self {
        Engine {
            state: iv,
            buf: BlockBuffer::new(),
            total: 0,
            imp,
        }
    }

    fn update(&mut self, data: &[u8]) {
        self.total = self.total.wrapping_add(data.len() as u64);
        self.buf
            .update(data, |blocks| compress(self.imp, &mut self.state, blocks));
    }

    /// HMAC's outer step: absorbs the `OUT`-byte big-endian prefix of
    /// `words` (the inner digest) and pads, in one compression when the
    /// buffer is empty (always, after HMAC's one key block); else by the
    /// streaming path.
    #[inline]
    fn finish_outer<const OUT: usize>(&mut self, words: &[u32; 8]) -> [u32; 8] {
        #[cfg(target_arch = "x86_64")]
        if self.imp.0 == Impl::Shani && self.buf.is_empty() && (OUT == 32 || OUT == 28) {
            let bits = self.total.wrapping_add(OUT as u64).wrapping_mul(8);
            // SAFETY: a `Checked` holding `Shani` exists only when
            // `Impl::check` saw the features the kernel needs.
            unsafe { x86_64_shani::outer_block::<OUT>(&mut self.state, words, bits) };
            return self.state;
        }
        if self.buf.is_empty() && OUT + 9 <= 64 {
            let mut block = [0u8; 64];
            for (o, w) in block[..OUT].chunks_exact_mut(4).zip(words) {
                o.copy_from_slice(&w.to_be_bytes());
            }
            block[OUT] = 0x80;
            let bits = self.total.wrapping_add(OUT as u64).wrapping_mul(8);
            block[56..].copy_from_slice(&bits.to_be_bytes());
            compress(self.imp, &mut self.state, &block);
            crate::ct::wipe(&mut block);
            self.state
        } else {
            let mut bytes = [0u8; 32];
            for (o, w) in bytes.chunks_exact_mut(4).zip(words) {
                o.copy_from_slice(&w.to_be_bytes());
            }
            self.update(&bytes[..OUT]);
            crate::ct::wipe(&mut bytes);
            self.finish()
        }
    }

    /// Pads, runs the last block(s) and returns the state words.
    fn finish(&mut self) -> [u32; 8] {
        let bits = self.total.wrapping_mul(8).to_be_bytes();
        self.buf
            .finish(&bits, |block| compress(self.imp, &mut self.state, block));
        self.state
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        // The state may derive from a secret (an HMAC key, a secret message).
        crate::ct::wipe(&mut self.state);
    }
}

macro_rules! sha2_32 {
    ($(#[$doc:meta])* $ty:ident, $fn:ident, $name:literal, $iv:expr, $out:literal) => {
        $(#[$doc])*
        #[derive(Clone)]
        pub struct $ty(Engine);

        impl $ty {
            /// A new hasher with the best backend for this CPU. The choice
            /// is logged once when `PEREGRINE_CPU_VERBOSE=1`.
            pub fn new() -> Self {
                let imp = Impl::best();
                cpu::log_choice(stringify!($fn), imp.0.name());
                Self::with_impl(imp)
            }

            /// A new hasher with the given backend.
            pub fn with_impl(imp: Checked) -> Self {
                $ty(Engine::new(imp, $iv))
            }

            /// Absorbs `data`.
            pub fn update(&mut self, data: &[u8]) {
                self.0.update(data);
            }

            /// Pads and returns the digest.
            pub fn finalize(mut self) -> [u8; $out] {
                let words = self.0.finish();
                let mut out = [0u8; $out];
                for (o, w) in out.chunks_exact_mut(4).zip(words) {
                    o.copy_from_slice(&w.to_be_bytes());
                }
                out
            }

            /// The backend in use.
            pub fn imp(&self) -> Impl {
                self.0.imp.0
            }
        }

        impl $ty {
            #[inline]
            fn hmac_finish(mut inner: Self, mut outer: Self) -> [u8; $out] {
                let mut iw = inner.0.finish();
                let words = outer.0.finish_outer::<$out>(&iw);
                crate::ct::wipe(&mut iw);
                let mut out = [0u8; $out];
                for (o, w) in out.chunks_exact_mut(4).zip(words) {
                    o.copy_from_slice(&w.to_be_bytes());
                }
                out
            }

            /// The digest of `data` in one call on the given backend,
            /// without the streaming buffer.
            #[inline]
            pub fn digest_with(imp: Checked, data: &[u8]) -> [u8; $out] {
                #[cfg(target_arch = "x86_64")]
                if imp.0 == Impl::Shani {
                    // SAFETY: a `Checked` holding `Shani` exists only when
                    // `Impl::check` saw the features the kernel needs.
                    return unsafe { x86_64_shani::digest::<$out>(data) };
                }
                let mut state = $iv;
                let bits = (data.len() as u64).wrapping_mul(8).to_be_bytes();
                crate::hash::block::oneshot::<64, 128>(data, &bits, |b| compress(imp, &mut state, b));
                let mut out = [0u8; $out];
                for (o, w) in out.chunks_exact_mut(4).zip(state) {
                    o.copy_from_slice(&w.to_be_bytes());
                }
                crate::ct::wipe(&mut state);
                out
            }
        }

        crate::hash::hash_glue!($ty, $name, 64, $out, oneshot);

        /// One-shot hash with the best backend.
        pub fn $fn(data: &[u8]) -> [u8; $out] {
            $ty::digest_with(Impl::best(), data)
        }
    };
}

sha2_32!(
    /// SHA-256, streaming.
    Sha256, sha256, "SHA2-256", IV256, 32
);
sha2_32!(
    /// SHA-224 (SHA-256 with another IV, truncated to 28 bytes), streaming.
    Sha224, sha224, "SHA2-224", IV224, 28
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fips_180_examples_every_impl() {
        // FIPS 180-4 appendix examples ("abc" and the 448-bit message).
        let abc256 = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
        let abc224 = "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7";
        let mut ran = 0;
        for &i in Impl::ALL {
            let Some(imp) = i.check() else {
                std::eprintln!("skipped sha256 [{}]: not available here", i.name());
                continue;
            };
            ran += 1;
            let mut h = Sha256::with_impl(imp);
            h.update(b"abc");
            assert_eq!(hex(&h.finalize()), abc256, "{:?}", imp);
            let mut h = Sha224::with_impl(imp);
            h.update(b"abc");
            assert_eq!(hex(&h.finalize()), abc224, "{:?}", imp);
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
