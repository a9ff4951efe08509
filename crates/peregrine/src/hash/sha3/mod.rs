//! SHA3-224/256/384/512 and SHAKE128/256 (FIPS 202): the Keccak-f\[1600\]
//! sponge.
//!
//! Backends of the permutation, best first:
//!
//! | [`Impl`] | file | needs |
//! |---|---|---|
//! | `Armv8` | `aarch64_sha3.rs` | ARMv8.2 SHA-3 instructions (`eor3`, `rax1`, `xar`, `bcax`) |
//! | `Avx512vl` | `x86_64_avx512.rs` | AVX-512F and VL (`vpternlogq`, `vprolq` on xmm registers) |
//! | `Bmi2` | `x86_64_bmi2.rs` | x86_64 BMI1 and BMI2 (`andn`, `rorx`) |
//! | `Soft` | `soft.rs`; `soft32.rs` on 32-bit targets | nothing (portable, lane-complementing; bit-interleaved 32-bit words on 32-bit CPUs) |
//!
//! Many independent messages at once (8 or 4 states per permutation):
//! [`shake128_many`], [`shake256_many`], [`sha3_256_many`], with their own
//! backends in [`many`].
//!
//! The sponge itself (rate, padding, partial blocks, squeezing) is shared: the
//! rate in bytes is 144, 136, 104, 72 for SHA3-224/256/384/512 and 168, 136
//! for SHAKE128/256; the domain-separation and first padding bits are the
//! byte `0x06` for SHA-3 and `0x1f` for SHAKE, and the last byte of the
//! padded block gets `0x80` (FIPS 202 sections 5.1 and 6).
//!
//! ```
//! use peregrine::hash::sha3::{self, Impl, Sha3_256, Shake128};
//! use peregrine::hash::{Hash, Xof, XofReader};
//!
//! let mut h = Sha3_256::with_impl(Impl::Soft.check().unwrap());
//! h.update(b"ab");
//! h.update(b"c");
//! assert_eq!(h.finalize(), sha3::sha3_256(b"abc"));
//!
//! let mut x = Shake128::new();
//! x.update(b"abc");
//! let mut r = x.finalize_xof();
//! let (mut a, mut b) = ([0u8; 5], [0u8; 27]);
//! r.squeeze(&mut a);
//! r.squeeze(&mut b);
//! let mut whole = [0u8; 32];
//! sha3::shake128(b"abc", &mut whole);
//! assert_eq!((&whole[..5], &whole[5..]), (&a[..], &b[..]));
//! ```

use crate::cpu;
use crate::hash::{Xof, XofReader};

#[cfg(target_arch = "aarch64")]
mod aarch64_sha3;
pub mod many;
mod soft;
#[cfg(any(test, target_pointer_width = "32"))]
mod soft32;
#[cfg(target_arch = "x86_64")]
mod x86_64_avx512;
#[cfg(target_arch = "x86_64")]
mod x86_64_bmi2;

pub use many::{
    sha3_256_many, sha3_256_many_with, shake128_many, shake128_many_with, shake256_many,
    shake256_many_with,
};

crate::cpu::backends! {
    primitive: "sha3", doc: "A Keccak-f\\[1600\\] backend.";
    /// ARMv8.2 SHA-3 instructions (`eor3`, `rax1`, `xar`, `bcax`).
    Armv8 = "armv8", "aarch64", [Neon, Sha3];
    /// AVX-512VL: one lane per xmm register, `vpternlogq` for χ and θ,
    /// `vprolq` for the rotations.
    Avx512vl = "avx512vl", "x86_64", [Avx512f, Avx512vl];
    /// x86_64 with BMI1 and BMI2: `andn` for χ, `rorx` for the rotations.
    Bmi2 = "bmi2", "x86_64", [Bmi1, Bmi2];
    /// Portable Rust, constant time (no data-dependent branches or indices).
    Soft = "soft", any, [];
}

/// Keccak-f\[1600\] on `state` (lanes indexed x + 5y).
#[inline]
fn permute(imp: Checked, state: &mut [u64; 25]) {
    match imp.0 {
        // SAFETY: a `Checked` exists only when `Impl::check` saw the CPU
        // features the backend's `#[target_feature]` list needs (see
        // `Impl::needs`), on the architecture it is compiled for.
        #[cfg(target_arch = "aarch64")]
        Impl::Armv8 => unsafe { aarch64_sha3::keccak_f1600(state) },
        // SAFETY: as above (AVX-512F and VL).
        #[cfg(target_arch = "x86_64")]
        Impl::Avx512vl => unsafe { x86_64_avx512::keccak_f1600(state) },
        // SAFETY: as above (BMI1 and BMI2).
        #[cfg(target_arch = "x86_64")]
        Impl::Bmi2 => unsafe { x86_64_bmi2::keccak_f1600(state) },
        _ => soft_keccak_f1600(state),
    }
}

/// The portable permutation: on 32-bit targets the bit-interleaved one
/// (`soft32.rs`), else the 64-bit lanes of `soft.rs`.
#[inline]
fn soft_keccak_f1600(state: &mut [u64; 25]) {
    #[cfg(target_pointer_width = "32")]
    soft32::keccak_f1600(state);
    #[cfg(not(target_pointer_width = "32"))]
    soft::keccak_f1600(state);
}

/// XORs each `RATE`-byte block of `blocks` into the state and permutes.
#[inline]
fn absorb<const RATE: usize>(imp: Checked, state: &mut [u64; 25], blocks: &[u8]) {
    debug_assert!(blocks.len().is_multiple_of(RATE));
    match imp.0 {
        // SAFETY: as in `permute`: holding a `Checked` for `Armv8` proves
        // the CPU has NEON and the SHA-3 instructions.
        #[cfg(target_arch = "aarch64")]
        Impl::Armv8 => unsafe { aarch64_sha3::absorb::<RATE>(state, blocks) },
        // SAFETY: as above (AVX-512F and VL).
        #[cfg(target_arch = "x86_64")]
        Impl::Avx512vl => unsafe { x86_64_avx512::absorb::<RATE>(state, blocks) },
        // SAFETY: as above (BMI1 and BMI2).
        #[cfg(target_arch = "x86_64")]
        Impl::Bmi2 => unsafe { x86_64_bmi2::absorb::<RATE>(state, blocks) },
        #[cfg(target_pointer_width = "32")]
        _ => soft32::absorb::<RATE>(state, blocks),
        #[cfg(not(target_pointer_width = "32"))]
        _ => soft::absorb::<RATE>(state, blocks),
    }
}

/// The round constants of ι (FIPS 202 section 3.2.5), shared by every
/// backend.
pub(crate) const RC: [u64; 24] = [
    0x0000000000000001,
    0x0000000000008082,
    0x800000000000808a,
    0x8000000080008000,
    0x000000000000808b,
    0x0000000080000001,
    0x8000000080008081,
    0x8000000000008009,
    0x000000000000008a,
    0x0000000000000088,
    0x0000000080008009,
    0x000000008000000a,
    0x000000008000808b,
    0x800000000000008b,
    0x8000000000008089,
    0x8000000000008003,
    0x8000000000008002,
    0x8000000000000080,
    0x000000000000800a,
    0x800000008000000a,
    0x8000000080008081,
    0x8000000000008080,
    0x0000000080000001,
    0x8000000080008008,
];

/// Up to 8 bytes as the low bytes of a little-endian word. A shift loop
/// rather than a byte copy, which the compiler would make a `memcpy` call.
#[inline(always)]
fn le_partial(b: &[u8]) -> u64 {
    debug_assert!(b.len() <= 8);
    b.iter()
        .enumerate()
        .fold(0, |w, (i, &x)| w | u64::from(x) << (8 * i))
}

/// XORs `data` into the state's bytes `pos..pos + data.len()`
/// (little-endian lanes). `pos` and the length are public.
#[inline]
fn xor_in(state: &mut [u64; 25], mut pos: usize, mut data: &[u8]) {
    let off = pos % 8;
    if off != 0 {
        // Up to the next lane boundary.
        let n = (8 - off).min(data.len());
        state[pos / 8] ^= le_partial(&data[..n]) << (8 * off);
        pos += n;
        data = &data[n..];
    }
    let mut lanes = data.chunks_exact(8);
    for (l, c) in state[pos / 8..].iter_mut().zip(&mut lanes) {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        *l ^= u64::from_le_bytes(w);
        pos += 8;
    }
    let rest = lanes.remainder();
    if !rest.is_empty() {
        state[pos / 8] ^= le_partial(rest);
    }
}

/// Copies the state's bytes `pos..pos + out.len()` (little-endian lanes)
/// into `out`. `pos` and the length are public.
#[inline]
fn copy_out(state: &[u64; 25], mut pos: usize, mut out: &mut [u8]) {
    let off = pos % 8;
    if off != 0 {
        let n = (8 - off).min(out.len());
        let w = state[pos / 8] >> (8 * off);
        for (i, d) in out[..n].iter_mut().enumerate() {
            *d = (w >> (8 * i)) as u8;
        }
        pos += n;
        out = &mut out[n..];
    }
    let mut lanes = out.chunks_exact_mut(8);
    for (c, l) in (&mut lanes).zip(&state[pos / 8..]) {
        c.copy_from_slice(&l.to_le_bytes());
        pos += 8;
    }
    let rest = lanes.into_remainder();
    if !rest.is_empty() {
        let w = state[pos / 8];
        for (i, d) in rest.iter_mut().enumerate() {
            *d = (w >> (8 * i)) as u8;
        }
    }
}

/// A whole sponge in one call: absorbs `data`, pads with `PAD` and fills
/// `out` (any length). The one-shot functions use it so no hasher object
/// is built, moved and dropped around the single permutation of a short
/// message.
#[inline]
fn oneshot<const RATE: usize, const PAD: u8>(imp: Checked, data: &[u8], out: &mut [u8]) {
    let mut state = [0u64; 25];
    let whole = data.len() - data.len() % RATE;
    if whole > 0 {
        absorb::<RATE>(imp, &mut state, &data[..whole]);
    }
    let rest = &data[whole..];
    xor_in(&mut state, 0, rest);
    pad::<RATE, PAD>(&mut state, rest.len());
    permute(imp, &mut state);
    let mut chunks = out.chunks_mut(RATE);
    if let Some(first) = chunks.next() {
        copy_out(&state, 0, first);
    }
    for c in chunks {
        permute(imp, &mut state);
        copy_out(&state, 0, c);
    }
    crate::ct::wipe(&mut state);
}

/// XORs the padding (`PAD` at byte `pos`, `0x80` at byte `RATE - 1`) into
/// the state.
#[inline(always)]
fn pad<const RATE: usize, const PAD: u8>(state: &mut [u64; 25], pos: usize) {
    // Every rate is whole lanes, so byte RATE - 1 is the top byte of lane
    // RATE / 8 - 1.
    const { assert!(RATE.is_multiple_of(8) && RATE < 200) };
    state[pos / 8] ^= u64::from(PAD) << (8 * (pos % 8));
    state[RATE / 8 - 1] ^= 0x80 << 56;
}

/// The absorbing sponge: rate `RATE` bytes, padding first byte `PAD`.
///
/// Input goes straight into the state (whole blocks through the backend's
/// `absorb`, partial ones XORed in at `pos`), so there is no buffer to copy
/// through or wipe.
#[derive(Clone)]
struct Sponge<const RATE: usize, const PAD: u8> {
    state: [u64; 25],
    /// Bytes of the current block already XORed into the state (< RATE).
    pos: usize,
    imp: Checked,
}

impl<const RATE: usize, const PAD: u8> Sponge<RATE, PAD> {
    #[inline]
    fn new(imp: Checked) -> Self {
        Sponge {
            state: [0; 25],
            pos: 0,
            imp,
        }
    }

    #[inline]
    fn update(&mut self, mut data: &[u8]) {
        if self.pos > 0 {
            let take = (RATE - self.pos).min(data.len());
            xor_in(&mut self.state, self.pos, &data[..take]);
            self.pos += take;
            data = &data[take..];
            if self.pos < RATE {
                return;
            }
            permute(self.imp, &mut self.state);
            self.pos = 0;
        }
        let whole = data.len() - data.len() % RATE;
        if whole > 0 {
            absorb::<RATE>(self.imp, &mut self.state, &data[..whole]);
        }
        let rest = &data[whole..];
        if !rest.is_empty() {
            xor_in(&mut self.state, 0, rest);
            self.pos = rest.len();
        }
    }

    /// Pads and permutes; the state is then ready to squeeze its first
    /// `RATE` bytes.
    #[inline]
    fn finish(&mut self) {
        pad::<RATE, PAD>(&mut self.state, self.pos);
        permute(self.imp, &mut self.state);
        self.pos = 0;
    }
}

impl<const RATE: usize, const PAD: u8> Drop for Sponge<RATE, PAD> {
    fn drop(&mut self) {
        // The state may derive from a secret (a key, a secret message).
        crate::ct::wipe(&mut self.state);
    }
}

/// The squeezing sponge behind the SHAKE readers.
#[derive(Clone)]
struct Squeezer<const RATE: usize> {
    state: [u64; 25],
    /// Bytes of the current state's first `RATE` already handed out.
    pos: usize,
    imp: Checked,
}

impl<const RATE: usize> Squeezer<RATE> {
    fn squeeze(&mut self, mut out: &mut [u8]) {
        while !out.is_empty() {
            if self.pos == RATE {
                permute(self.imp, &mut self.state);
                self.pos = 0;
            }
            let n = (RATE - self.pos).min(out.len());
            let (now, later) = out.split_at_mut(n);
            copy_out(&self.state, self.pos, now);
            self.pos += n;
            out = later;
        }
    }
}

impl<const RATE: usize> Drop for Squeezer<RATE> {
    fn drop(&mut self) {
        crate::ct::wipe(&mut self.state);
    }
}

const SHA3_PAD: u8 = 0x06;
const SHAKE_PAD: u8 = 0x1f;

macro_rules! sha3 {
    ($(#[$doc:meta])* $ty:ident, $fn:ident, $name:literal, $log:literal, $rate:literal, $out:literal) => {
        $(#[$doc])*
        #[derive(Clone)]
        pub struct $ty(Sponge<$rate, SHA3_PAD>);

        impl $ty {
            /// A new hasher with the best backend for this CPU. The choice
            /// is logged once when `PEREGRINE_CPU_VERBOSE=1`.
            pub fn new() -> Self {
                Self::with_impl(Self::best_logged())
            }

            /// [`Impl::best`], logged once per algorithm.
            fn best_logged() -> Checked {
                let imp = Impl::best();
                cpu::log_choice($log, imp.0.name());
                imp
            }

            /// A new hasher with the given backend.
            pub fn with_impl(imp: Checked) -> Self {
                $ty(Sponge::new(imp))
            }

            /// Absorbs `data`.
            pub fn update(&mut self, data: &[u8]) {
                self.0.update(data);
            }

            /// Pads and returns the digest.
            #[inline(always)]
            pub fn finalize(mut self) -> [u8; $out] {
                self.0.finish();
                let mut out = [0u8; $out];
                copy_out(&self.0.state, 0, &mut out);
                out
            }

            /// The backend in use.
            pub fn imp(&self) -> Impl {
                self.0.imp.0
            }
        }

        crate::hash::hash_glue!($ty, $name, $rate, $out);

        /// One-shot hash with the best backend.
        pub fn $fn(data: &[u8]) -> [u8; $out] {
            let mut out = [0u8; $out];
            oneshot::<$rate, SHA3_PAD>($ty::best_logged(), data, &mut out);
            out
        }
    };
}

sha3!(
    /// SHA3-224, streaming.
    Sha3_224, sha3_224, "SHA3-224", "sha3-224", 144, 28
);
sha3!(
    /// SHA3-256, streaming.
    Sha3_256, sha3_256, "SHA3-256", "sha3-256", 136, 32
);
sha3!(
    /// SHA3-384, streaming.
    Sha3_384, sha3_384, "SHA3-384", "sha3-384", 104, 48
);
sha3!(
    /// SHA3-512, streaming.
    Sha3_512, sha3_512, "SHA3-512", "sha3-512", 72, 64
);

macro_rules! shake {
    ($(#[$doc:meta])* $ty:ident, $reader:ident, $fn:ident, $name:literal, $log:literal, $rate:literal, $default:literal) => {
        $(#[$doc])*
        #[derive(Clone)]
        pub struct $ty(Sponge<$rate, SHAKE_PAD>);

        #[doc = concat!("The output stream of [`", stringify!($ty), "`], from [`", stringify!($ty), "::finalize_xof`].")]
        #[derive(Clone)]
        pub struct $reader(Squeezer<$rate>);

        impl $ty {
            /// A new instance with the best backend for this CPU. The
            /// choice is logged once when `PEREGRINE_CPU_VERBOSE=1`.
            pub fn new() -> Self {
                Self::with_impl(Self::best_logged())
            }

            /// [`Impl::best`], logged once per algorithm.
            fn best_logged() -> Checked {
                let imp = Impl::best();
                cpu::log_choice($log, imp.0.name());
                imp
            }

            /// A new instance with the given backend.
            pub fn with_impl(imp: Checked) -> Self {
                $ty(Sponge::new(imp))
            }

            /// Absorbs `data`.
            pub fn update(&mut self, data: &[u8]) {
                self.0.update(data);
            }

            /// Pads and switches to squeezing.
            pub fn finalize_xof(mut self) -> $reader {
                self.0.finish();
                $reader(Squeezer {
                    state: self.0.state,
                    pos: 0,
                    imp: self.0.imp,
                })
            }

            /// The backend in use.
            pub fn imp(&self) -> Impl {
                self.0.imp.0
            }
        }

        impl $reader {
            /// Writes the next `out.len()` bytes of output.
            pub fn squeeze(&mut self, out: &mut [u8]) {
                self.0.squeeze(out);
            }
        }

        impl Default for $ty {
            fn default() -> Self {
                Self::new()
            }
        }

        impl core::fmt::Debug for $ty {
            /// Shows the backend only, never the state.
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.debug_struct(stringify!($ty)).field("impl", &self.0.imp.0).finish_non_exhaustive()
            }
        }

        impl core::fmt::Debug for $reader {
            /// Shows the backend only, never the state.
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.debug_struct(stringify!($reader)).field("impl", &self.0.imp.0).finish_non_exhaustive()
            }
        }

        impl Xof for $ty {
            type Impl = Impl;
            type Reader = $reader;
            const NAME: &'static str = $name;
            const BLOCK_LEN: usize = $rate;
            const DEFAULT_LEN: usize = $default;

            fn new() -> Self {
                $ty::new()
            }
            fn with_impl(imp: Checked) -> Self {
                $ty::with_impl(imp)
            }
            fn update(&mut self, data: &[u8]) {
                $ty::update(self, data)
            }
            fn finalize_xof(self) -> $reader {
                $ty::finalize_xof(self)
            }
            fn backend(&self) -> &'static str {
                self.0.imp.0.name()
            }
        }

        impl XofReader for $reader {
            fn squeeze(&mut self, out: &mut [u8]) {
                $reader::squeeze(self, out)
            }
        }

        /// One-shot: absorbs `data` and fills `out`, with the best backend.
        pub fn $fn(data: &[u8], out: &mut [u8]) {
            oneshot::<$rate, SHAKE_PAD>($ty::best_logged(), data, out);
        }
    };
}

shake!(
    /// SHAKE128, streaming. `openssl dgst -shake128` prints 16 bytes.
    Shake128, Shake128Reader, shake128, "SHAKE-128", "shake128", 168, 16
);
shake!(
    /// SHAKE256, streaming. `openssl dgst -shake256` prints 32 bytes.
    Shake256, Shake256Reader, shake256, "SHAKE-256", "shake256", 136, 32
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fips_202_examples_every_impl() {
        // The empty-message digests of FIPS 202's example values.
        let sha3_256_empty = "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a";
        let sha3_512_abc = "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e\
                            10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0";
        let shake128_empty = "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26";
        let mut ran = 0;
        for &i in Impl::ALL {
            let Some(imp) = i.check() else {
                std::eprintln!("skipped sha3 [{}]: not available here", i.name());
                continue;
            };
            ran += 1;
            assert_eq!(hex(&Sha3_256::with_impl(imp).finalize()), sha3_256_empty);
            let mut h = Sha3_512::with_impl(imp);
            h.update(b"abc");
            assert_eq!(hex(&h.finalize()), sha3_512_abc, "{imp:?}");
            let mut out = [0u8; 32];
            Shake128::with_impl(imp).finalize_xof().squeeze(&mut out);
            assert_eq!(hex(&out), shake128_empty, "{imp:?}");
        }
        assert!(ran >= 1 && Impl::Soft.check().is_some());
    }

    #[test]
    fn permutation_of_zero_state() {
        // Keccak-f\[1600\] of the all-zero state, first and last lanes (from
        // the Keccak team's KeccakF-1600-IntermediateValues.txt).
        let mut s = [0u64; 25];
        soft::keccak_f1600(&mut s);
        assert_eq!(s[0], 0xf1258f7940e1dde7);
        assert_eq!(s[24], 0xeaf1ff7b5ceca249);
        let mut s = [0u64; 25];
        soft32::keccak_f1600(&mut s);
        assert_eq!(s[0], 0xf1258f7940e1dde7);
        assert_eq!(s[24], 0xeaf1ff7b5ceca249);
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
