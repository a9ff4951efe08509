//! Poly1305 (RFC 8439 section 2.5), the one-time authenticator of
//! ChaCha20-Poly1305.
//!
//! A key must authenticate one message only: Poly1305 keys come from a
//! cipher (ChaCha20 block 0 in RFC 8439 section 2.6), never reused.
//!
//! Backends, best first:
//!
//! | [`Impl`] | file | needs |
//! |---|---|---|
//! | `Ifma` | `x86_64_ifma.rs` | AVX-512 F, VL, IFMA and fast zmm (8 blocks at a time, radix 2^44) |
//! | `IfmaYmm` | `x86_64_ifma.rs` | AVX-512 F, VL, IFMA (the same kernel on ymm, 4 blocks at a time) |
//! | `Avx512` | `x86_64_avx2.rs` (`z`) | AVX-512F and fast zmm (8 blocks at a time, radix 2^26: for CPUs without IFMA) |
//! | `Avx2` | `x86_64_avx2.rs` (`y`) | AVX2 (4 blocks at a time, radix 2^26) |
//! | `Neon` | `aarch64_neon.rs`, `arm_neon.rs` | NEON (aarch64: 4 blocks at a time; 32-bit ARM: 2, in `asm!`; radix 2^26) |
//! | `Soft` | `soft.rs` | nothing (portable; radix 2^64, radix 2^26 on 32-bit CPUs) |
//!
//! The radix-2^26 SIMD backends (`avx512`, `avx2`, `neon`) only take runs
//! of at least [`SIMD_MIN`] bytes given to one `update` call (whole groups
//! of 8 or 4 blocks of them); shorter inputs, the partial blocks of a
//! stream and the last blocks of a run go through the scalar `soft` code, which
//! shares the accumulator (kept in radix 2^64 between calls). The powers
//! r^1..r^4 they need are computed the first time they run for a key. The
//! IFMA backends take runs of at least [`IFMA_MIN`] bytes and compute their
//! powers of r on each run.
//!
//! The IFMA backends take every run of at least [`IFMA_MIN`] bytes whole
//! (all its whole blocks: the kernel pads the front of its first group with
//! zero blocks instead of leaving a scalar tail); they compute the powers
//! of r they need on each call, in vector registers.
//!
//! ```
//! use peregrine::mac::poly1305::{poly1305, Impl, Poly1305};
//! // RFC 8439 section 2.5.2.
//! let key = [
//!     0x85, 0xd6, 0xbe, 0x78, 0x57, 0x55, 0x6d, 0x33, 0x7f, 0x44, 0x52, 0xfe, 0x42, 0xd5, 0x06, 0xa8,
//!     0x01, 0x03, 0x80, 0x8a, 0xfb, 0x0d, 0xb2, 0xfd, 0x4a, 0xbf, 0xf6, 0xaf, 0x41, 0x49, 0xf5, 0x1b,
//! ];
//! let tag = poly1305(&key, b"Cryptographic Forum Research Group");
//! assert_eq!(tag[..4], [0xa8, 0x06, 0x1d, 0xc1]);
//! let mut m = Poly1305::with_impl(&key, Impl::Soft.check().unwrap());
//! m.update(b"Cryptographic Forum ");
//! m.update(b"Research Group");
//! assert!(m.verify(&tag).is_ok());
//! ```

use crate::Error;
use crate::cpu;
use crate::ct::ct_eq;

// Big-endian aarch64 gets the scalar code under the `Neon` name.
#[cfg(all(target_arch = "aarch64", target_endian = "little"))]
mod aarch64_neon;
#[cfg(all(target_arch = "arm", target_endian = "little"))]
mod arm_neon;
mod soft;
#[cfg(target_arch = "x86_64")]
mod x86_64_avx2;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86_64_ifma;

crate::cpu::backends! {
    primitive: "poly1305", doc: "A Poly1305 backend.";
    /// AVX-512 IFMA on zmm: eight blocks per step in radix 2^44 with
    /// `vpmadd52luq`/`vpmadd52huq` (OpenSSL's `poly1305-x86_64.pl`
    /// `vpmadd52` technique).
    Ifma = "ifma", "x86_64", [Avx512f, Avx512vl, Avx512ifma, Zmm];
    /// The same IFMA kernel on ymm, four blocks per step: for CPUs where
    /// zmm lowers the clock (the `zmm` pseudo-feature absent).
    IfmaYmm = "ifma-ymm", "x86_64", [Avx512f, Avx512vl, Avx512ifma];
    /// AVX-512F: eight blocks per step in radix 2^26 with `vpmuludq` on
    /// zmm, for CPUs with AVX-512 but no IFMA (without `zmm`, `avx2` is its
    /// 256-bit form).
    /// Runs under 1 KiB go to the AVX2 kernel.
    Avx512 = "avx512", "x86_64", [Sse2, Avx, Avx2, Avx512f, Zmm];
    /// AVX2: four blocks per step in radix 2^26 with `vpmuludq`
    /// (Goll–Gueron; OpenSSL's `poly1305-x86_64.pl` AVX2 path).
    Avx2 = "avx2", "x86_64", [Sse2, Avx, Avx2];
    /// NEON: on aarch64 four blocks per step in radix 2^26 with
    /// `umull`/`umlal` (as OpenSSL's `poly1305-armv8.pl`); on 32-bit ARM
    /// two blocks per step with `vmull.u32`/`vmlal.u32`, in inline `asm!`.
    Neon = "neon", ("aarch64", "arm-le"), [Neon];
    /// Portable Rust in radix 2^64 (2^26 on 32-bit CPUs), constant time.
    Soft = "soft", any, [];
}

/// The key length: 16 bytes of `r`, 16 of `s`.
pub const KEY_LEN: usize = 32;

/// The tag length.
pub const TAG_LEN: usize = 16;

/// The shortest run of bytes (in one `update` call) the radix-2^26 SIMD
/// backends (`avx2`, `neon`) take.
/// Below it the scalar code is faster: the first SIMD run of a key computes
/// r^2..r^4, and every run converts the accumulator between radixes and
/// combines the four lanes at the end. Measured on the development machine
/// (AVX2, one fresh key per message as in the AEAD): at 384 bytes AVX2 was
/// 0.91x soft, at 512 bytes 1.11x.
pub const SIMD_MIN: usize = 512;

/// The shortest run of bytes (in one `update` call) the IFMA backends take.
/// Below it the scalar code runs, as for the other SIMD backends. The IFMA
/// kernels need no cached powers and no scalar tail, so they pay off
/// sooner: measured on a Zen 4 (one fresh key per message), at 256 bytes
/// the ymm kernel was 1.2x soft, at 128 and 192 bytes on a par.
pub const IFMA_MIN: usize = 256;

/// The shortest run the `Ifma` backend gives its zmm kernel; shorter runs
/// take the ymm one. Measured on a Zen 4: ymm 1.2x zmm at 1 KiB, on a par at
/// 2 and 4 KiB, zmm 1.1x ymm at 8 and 16 KiB.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const IFMA_ZMM_MIN: usize = 4096;

/// r^1..r^4 (index 0 is r^1), fully reduced, as five 26-bit limbs each:
/// what the four-lane backends use, cached in [`Poly1305`]. (The
/// eight-lane `avx512` makes r^1..r^8 per run instead: kept here, the
/// larger value cost the four-lane backends' short messages.)
type Powers = [[u32; 5]; 4];

/// The shortest run the `Avx512` backend gives its zmm kernel; shorter
/// runs take the AVX2 one (whose r^1..r^4 are cached, where the zmm kernel
/// makes r^1..r^8 per run). Measured on a Xeon with AVX-512 (one fresh key
/// per message, the minimum of 400 runs): at 512 bytes AVX2 was 1.12x
/// zmm, at 1 KiB on a par, at 4 KiB zmm 1.26x AVX2, at 16 KiB 1.43x.
const RADIX26_ZMM_MIN: usize = 1024;

/// The blocks per step the radix-2^26 backend `imp` uses for a run of
/// `len` bytes (its lanes).
fn simd_lanes(imp: Impl, len: usize) -> usize {
    if imp == Impl::Avx512 && len >= RADIX26_ZMM_MIN {
        8
    } else {
        4
    }
}

/// Runs a SIMD backend over `data`, a non-empty multiple of 16 bytes
/// times its lanes (`lanes`, from [`simd_lanes`]).
#[inline]
fn simd_blocks(
    imp: Checked,
    lanes: usize,
    h: &mut [u64; 3],
    r: &[u64; 2],
    pw: &Powers,
    data: &[u8],
) {
    debug_assert!(!data.is_empty() && data.len().is_multiple_of(16 * lanes));
    let _ = (pw, lanes);
    match imp.0 {
        // SAFETY: a `Checked` exists only when `Impl::check` saw the CPU
        // features the backend's `#[target_feature]` list needs (see
        // `Impl::needs`), on the architecture it is compiled for.
        #[cfg(target_arch = "x86_64")]
        Impl::Avx512 if lanes == 8 => {
            let mut pw8 = soft::powers::<8>(r);
            // SAFETY: as above.
            unsafe { x86_64_avx2::z::blocks(h, &pw8, data) };
            crate::ct::wipe(&mut pw8);
        }
        // SAFETY: as above.
        #[cfg(target_arch = "x86_64")]
        // (`Avx512` needs all `Avx2` needs.)
        Impl::Avx512 | Impl::Avx2 => unsafe { x86_64_avx2::y::blocks(h, pw, data) },
        // SAFETY: as above.
        #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
        Impl::Neon => unsafe { aarch64_neon::blocks(h, pw, data) },
        // SAFETY: as above (four-block groups: an even number of blocks).
        #[cfg(all(target_arch = "arm", target_endian = "little"))]
        Impl::Neon => unsafe { arm_neon::blocks(h, r, pw, data) },
        _ => soft::blocks(h, r, data, 1),
    }
}

/// Runs an IFMA backend over `data`, a non-empty multiple of 16 bytes.
#[inline]
fn ifma_blocks(imp: Checked, h: &mut [u64; 3], r: &[u64; 2], data: &[u8]) {
    debug_assert!(!data.is_empty() && data.len().is_multiple_of(16));
    match imp.0 {
        // SAFETY: a `Checked` exists only when `Impl::check` saw the CPU
        // features the backend's `#[target_feature]` list needs (see
        // `Impl::needs`: AVX-512 F, VL and IFMA for both rows).
        // The zmm kernel's longer setup (r^8 and r^16: one more
        // multiplication deep) only pays off from IFMA_ZMM_MIN bytes; below,
        // the ymm kernel (the same features) is faster.
        #[cfg(target_arch = "x86_64")]
        Impl::Ifma if data.len() >= IFMA_ZMM_MIN => unsafe { x86_64_ifma::zmm::blocks(h, r, data) },
        // SAFETY: as above (`Ifma` needs all `IfmaYmm` needs).
        #[cfg(target_arch = "x86_64")]
        Impl::Ifma => unsafe { x86_64_ifma::ymm::blocks(h, r, data) },
        // SAFETY: as above.
        #[cfg(target_arch = "x86_64")]
        Impl::IfmaYmm => unsafe { x86_64_ifma::ymm::blocks(h, r, data) },
        _ => soft::blocks(h, r, data, 1),
    }
}

/// Whether `imp` is one of the IFMA backends (radix 2^44, whole runs).
#[inline]
fn is_ifma(imp: Impl) -> bool {
    matches!(imp, Impl::Ifma | Impl::IfmaYmm)
}

/// Poly1305, streaming.
///
/// Any split of the message over [`update`](Poly1305::update) calls gives
/// the same tag. The key, the accumulator and the buffered bytes are wiped
/// when the value is dropped (also after [`finalize`](Poly1305::finalize)).
#[derive(Clone)]
pub struct Poly1305 {
    imp: Checked,
    /// Clamped `r`, radix 2^64.
    r: [u64; 2],
    s: [u64; 2],
    /// The accumulator, radix 2^64, partially reduced (`h[2] <= 4`).
    h: [u64; 3],
    /// r^1..r^4 for the four-lane SIMD backends, valid when `have_powers`.
    powers: Powers,
    have_powers: bool,
    /// The first `buf_len` bytes of a partial block.
    buf: [u8; 16],
    buf_len: usize,
}

impl core::fmt::Debug for Poly1305 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Poly1305")
            .field("backend", &self.imp.0.name())
            .finish_non_exhaustive()
    }
}

impl Drop for Poly1305 {
    fn drop(&mut self) {
        crate::ct::wipe(&mut self.r);
        crate::ct::wipe(&mut self.s);
        crate::ct::wipe(&mut self.h);
        crate::ct::wipe(&mut self.powers);
        crate::ct::wipe(&mut self.buf);
    }
}

impl Poly1305 {
    /// Poly1305 with a one-time 32-byte key, on the best backend for this
    /// CPU (logged once when `PEREGRINE_CPU_VERBOSE=1`).
    pub fn new(key: &[u8; KEY_LEN]) -> Poly1305 {
        let imp = Impl::best();
        cpu::log_choice("poly1305", imp.0.name());
        Poly1305::with_impl(key, imp)
    }

    /// Like [`Poly1305::new`], on the backend `imp`.
    pub fn with_impl(key: &[u8; KEY_LEN], imp: Checked) -> Poly1305 {
        let (r, s) = soft::load_key(key);
        Poly1305 {
            imp,
            r,
            s,
            h: [0; 3],
            powers: [[0; 5]; 4],
            have_powers: false,
            buf: [0; 16],
            buf_len: 0,
        }
    }

    /// The backend in use.
    pub fn backend(&self) -> Impl {
        self.imp.0
    }

    /// Whole 16-byte message blocks (the SIMD backend for long runs).
    fn absorb(&mut self, mut data: &[u8]) {
        debug_assert!(data.len().is_multiple_of(16));
        if is_ifma(self.imp.0) {
            if data.len() >= IFMA_MIN {
                ifma_blocks(self.imp, &mut self.h, &self.r, data);
                return;
            }
        } else if data.len() >= SIMD_MIN && self.imp.0 != Impl::Soft {
            let lanes = simd_lanes(self.imp.0, data.len());
            if !self.have_powers && lanes == 4 {
                self.powers = soft::powers::<4>(&self.r);
                self.have_powers = true;
            }
            // `lanes` is a power of two.
            let (bulk, rest) = data.split_at(data.len() & !(16 * lanes - 1));
            simd_blocks(self.imp, lanes, &mut self.h, &self.r, &self.powers, bulk);
            data = rest;
        }
        soft::blocks(&mut self.h, &self.r, data, 1);
    }

    /// Absorbs `data`.
    pub fn update(&mut self, mut data: &[u8]) {
        if self.buf_len > 0 {
            let take = (16 - self.buf_len).min(data.len());
            self.buf[self.buf_len..self.buf_len + take].copy_from_slice(&data[..take]);
            self.buf_len += take;
            data = &data[take..];
            if self.buf_len < 16 {
                return;
            }
            soft::blocks(&mut self.h, &self.r, &self.buf, 1);
            self.buf_len = 0;
        }
        let whole = data.len() & !15;
        self.absorb(&data[..whole]);
        let rest = &data[whole..];
        self.buf[..rest.len()].copy_from_slice(rest);
        self.buf_len = rest.len();
    }

    /// The accumulator (radix 2^64, `h[2] <= 4`) and the clamped `r`, for
    /// a kernel that absorbs whole blocks itself (the one-pass
    /// ChaCha20-Poly1305). Nothing may be buffered: everything absorbed so
    /// far must be a multiple of 16 bytes.
    #[cfg(target_arch = "x86_64")]
    #[cfg(feature = "aead")]
    pub(crate) fn accumulator(&mut self) -> (&mut [u64; 3], &[u64; 2]) {
        debug_assert_eq!(self.buf_len, 0, "a partial block is buffered");
        (&mut self.h, &self.r)
    }

    /// Absorbs `data`, then zero bytes up to a 16-byte boundary: the
    /// `pad16` of the ChaCha20-Poly1305 construction (RFC 8439 section 2.8),
    /// for the AAD and the ciphertext.
    ///
    /// Valid only when everything absorbed before is a multiple of 16 bytes
    /// (no partial block buffered), as it always is in that construction:
    /// call it for the AAD first, then for the ciphertext (in one call or
    /// in pieces, all but the last a multiple of 16 bytes), then with the
    /// two lengths. Checked with a `debug_assert`; in a release build a
    /// buffered partial block is padded together with `data`'s end.
    pub fn update_padded(&mut self, data: &[u8]) {
        debug_assert_eq!(
            self.buf_len, 0,
            "update_padded after a partial block (total absorbed not a multiple of 16)"
        );
        if self.buf_len > 0 {
            self.update(data);
            self.buf[self.buf_len..].fill(0);
            soft::blocks(&mut self.h, &self.r, &self.buf, 1);
            self.buf_len = 0;
            return;
        }
        // Nothing buffered: the whole blocks straight to the backend, the
        // partial one padded on the stack, not copied through `buf`.
        let whole = data.len() & !15;
        if whole > 0 {
            self.absorb(&data[..whole]);
        }
        soft::padded_tail(&mut self.h, &self.r, &data[whole..]);
    }

    /// Finishes and returns the 16-byte tag.
    pub fn finalize(mut self) -> [u8; TAG_LEN] {
        if self.buf_len > 0 {
            // The final partial block: its bytes, 0x01, zeros, no 2^128 bit.
            let mut last = [0u8; 16];
            last[..self.buf_len].copy_from_slice(&self.buf[..self.buf_len]);
            last[self.buf_len] = 1;
            soft::blocks(&mut self.h, &self.r, &last, 0);
            crate::ct::wipe(&mut last);
        }
        soft::finish(&self.h, &self.s)
    }

    /// Checks a 16-byte tag in constant time.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for a tag that is not 16 bytes,
    /// [`Error::VerificationFailed`] when it does not match.
    pub fn verify(self, tag: &[u8]) -> Result<(), Error> {
        if tag.len() != TAG_LEN {
            return Err(Error::InvalidLength {
                what: "Poly1305 tag (must be 16 bytes)",
                got: tag.len(),
            });
        }
        let mut full = self.finalize();
        // The verdict is public: the caller sees it as Ok or Err.
        let ok = crate::ct::declassify(ct_eq(&full, tag));
        crate::ct::wipe(&mut full);
        if ok {
            Ok(())
        } else {
            Err(Error::VerificationFailed)
        }
    }
}

/// The last block of the ChaCha20-Poly1305 MAC input: the AAD and
/// ciphertext lengths as 64-bit little-endian integers.
#[inline]
#[cfg(feature = "aead")]
pub(crate) fn aead_lengths(aad_len: usize, ct_len: usize) -> [u8; 16] {
    let mut lens = [0u8; 16];
    lens[..8].copy_from_slice(&(aad_len as u64).to_le_bytes());
    lens[8..].copy_from_slice(&(ct_len as u64).to_le_bytes());
    lens
}

/// The ChaCha20-Poly1305 tag (RFC 8439 section 2.8) of `aad` and `ct`
/// under the one-time `key`, in one call on the scalar code: the MAC input
/// `pad16(aad) || pad16(ct) || le64(aad.len()) || le64(ct.len())` is read
/// where it lies, the accumulator stays in registers, and no [`Poly1305`]
/// is built or wiped. For short messages, where that object's setup, its
/// buffering and its wiping cost more than the blocks themselves. Runs
/// shorter than [`IFMA_MIN`] (and [`SIMD_MIN`]) take the same scalar code
/// in a [`Poly1305`], so callers use this only below those.
#[cfg(feature = "aead")]
pub(crate) fn aead_tag_scalar(key: &[u8; KEY_LEN], aad: &[u8], ct: &[u8]) -> [u8; TAG_LEN] {
    let (mut r, mut s) = soft::load_key(key);
    let mut h = [0u64; 3];
    for data in [aad, ct] {
        let whole = data.len() & !15;
        soft::blocks(&mut h, &r, &data[..whole], 1);
        soft::padded_tail(&mut h, &r, &data[whole..]);
    }
    soft::blocks(&mut h, &r, &aead_lengths(aad.len(), ct.len()), 1);
    let tag = soft::finish(&h, &s);
    crate::ct::wipe(&mut h);
    crate::ct::wipe(&mut r);
    crate::ct::wipe(&mut s);
    tag
}

/// One-shot Poly1305 of `data` under the one-time `key`, on the best backend.
pub fn poly1305(key: &[u8; KEY_LEN], data: &[u8]) -> [u8; TAG_LEN] {
    let mut m = Poly1305::new(key);
    m.update(data);
    m.finalize()
}

/// xorshift64*: test data for the kernels' unit tests.
#[cfg(test)]
pub(crate) fn test_rng(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    state.wrapping_mul(0x2545_f491_4f6c_dd1d)
}
