//! ChaCha20 (RFC 8439) and XChaCha20 (draft-irtf-cfrg-xchacha-03), on
//! every backend.
//!
//! [`ChaCha20`] is the IETF variant: a 256-bit key, a 96-bit nonce and a
//! 32-bit block counter (word 12 of the state). Block `i` of the keystream
//! uses counter `counter + i`; the counter never carries into the nonce,
//! so one key and nonce give at most 2^32 blocks (256 GiB) counted from 0,
//! and asking for keystream that would need counter 2^32 is
//! [`Error::LimitExceeded`] (RFC 8439 section 2.4), with nothing written.
//!
//! [`XChaCha20`] derives a subkey with [`hchacha20`] from the key and the
//! first 16 bytes of its 24-byte nonce, then runs ChaCha20 with that subkey
//! and the nonce `00000000 || nonce[16..24]` (draft section 2.3).
//!
//! Both are streaming: calls over consecutive pieces of any lengths give
//! the same result as one call (the unused part of a keystream block is
//! kept for the next call). The backend is chosen when the object is made
//! ([`ChaCha20::new`] picks the best, [`ChaCha20::with_impl`] takes one);
//! every backend exports one kernel, `xor_keystream`, over whole and
//! partial blocks.
//!
//! ```
//! use peregrine::cipher::chacha20::ChaCha20;
//! let mut buf = *b"attack at dawn";
//! ChaCha20::new(&[7; 32], &[1; 12]).apply(&mut buf).unwrap();
//! ChaCha20::new(&[7; 32], &[1; 12]).apply(&mut buf).unwrap();
//! assert_eq!(&buf, b"attack at dawn");
//! ```

use crate::Error;
use crate::cipher::InOut;
use crate::cipher::keystream::Cursor;
use crate::cpu;

#[cfg(target_arch = "aarch64")]
mod aarch64_neon;
#[cfg(all(target_arch = "arm", target_endian = "little"))]
mod arm_neon;
pub(crate) mod soft;
#[cfg(target_arch = "x86_64")]
mod x86_64_avx2;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86_64_avx512;
#[cfg(target_arch = "x86_64")]
mod x86_64_ssse3;

crate::cpu::backends! {
    primitive: "chacha20", doc: "A ChaCha20 backend.";
    /// Sixteen blocks in parallel on 512-bit registers with `vprold`
    /// rotations; the 8-block ymm step and a 4-block row-layout zmm path for
    /// shorter inputs; byte-masked tails.
    Avx512 = "avx512", "x86_64", [Avx512f, Avx512vl, Avx512bw, Zmm];
    /// The same kernels on 256-bit registers (EVEX, `vprold`): eight blocks
    /// in parallel, two-block row groups for short inputs. For CPUs where
    /// zmm lowers the clock (no `zmm`).
    Avx512vl = "avx512vl", "x86_64", [Avx512f, Avx512vl, Avx512bw];
    /// Eight blocks in parallel on 256-bit registers (one block per 32-bit
    /// lane); four-block SSE and one-block paths for short tails.
    Avx2 = "avx2", "x86_64", [Sse2, Ssse3, Avx, Avx2];
    /// Four blocks in parallel on 128-bit registers, `pshufb` rotations.
    Ssse3 = "ssse3", "x86_64", [Sse2, Ssse3];
    /// NEON: on aarch64 four blocks in parallel (one per lane); on 32-bit
    /// ARM (ARMv7-A, or an ARMv8 CPU running 32-bit code) three blocks in
    /// parallel, row by row, in inline `asm!`.
    Neon = "neon", ("aarch64", "arm-le"), [Neon];
    /// Portable Rust: 32-bit adds, xors and rotations, constant time.
    Soft = "soft", any, [];
}

/// The first four state words: "expand 32-byte k".
pub(crate) const SIGMA: [u32; 4] = [0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574];

/// Little-endian words of `bytes` (a multiple of 4 long) into `out`.
fn le_words(bytes: &[u8], out: &mut [u32]) {
    for (w, c) in out.iter_mut().zip(bytes.chunks_exact(4)) {
        *w = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
    }
}

/// XORs `ks` (whole 64-byte blocks of keystream) into `io` from byte `at`,
/// as far as either goes, and returns the number of bytes done. When the
/// data ends inside a block of `ks`, that block's whole keystream is copied
/// to `tail` (the caller keeps its unused part).
#[inline]
pub(crate) fn xor_from(io: &mut InOut<'_>, at: usize, ks: &[u8], tail: &mut [u8; 64]) -> usize {
    debug_assert!(ks.len().is_multiple_of(64));
    let n = (io.len() - at).min(ks.len());
    let whole = n / 64 * 64;
    let mut off = 0;
    while off < whole {
        let b = io.read::<64>(at + off);
        let mut o = [0u8; 64];
        for ((o, b), k) in o.iter_mut().zip(b).zip(&ks[off..off + 64]) {
            *o = b ^ k;
        }
        io.write(at + off, &o);
        off += 64;
    }
    let r = n - whole;
    if r > 0 {
        tail.copy_from_slice(&ks[whole..whole + 64]);
        let mut b = [0u8; 64];
        let p = at + whole;
        // SAFETY: `p + r <= io.len()`, so `r` bytes from `p` are inside the
        // input, and `b` is a local buffer of 64 > r bytes.
        unsafe { core::ptr::copy_nonoverlapping(io.src_ptr().add(p), b.as_mut_ptr(), r) };
        for (b, t) in b.iter_mut().zip(tail.iter()) {
            *b ^= t;
        }
        io.write(p, &b[..r]);
        crate::ct::wipe(&mut b);
    }
    n
}

/// The state of block `counter`: constants, key, counter, nonce.
#[inline]
pub(crate) fn initial_state(key: &[u8; 32], nonce: &[u8; 12], counter: u32) -> [u32; 16] {
    let mut state = [0u32; 16];
    state[..4].copy_from_slice(&SIGMA);
    le_words(key, &mut state[4..12]);
    state[12] = counter;
    le_words(nonce, &mut state[13..16]);
    state
}

/// XORs the keystream of blocks `0, 1, ...` of `key` and `nonce` into
/// `buf`, a whole number of blocks (at most 2^32), in one call to the
/// backend `imp`: no streaming state to set up, buffer or wipe. For the
/// first blocks of ChaCha20-Poly1305, where the per-message cost of a
/// [`ChaCha20`] object shows on short messages.
#[inline]
#[cfg(feature = "aead")]
pub(crate) fn xor_first_blocks(key: &[u8; 32], nonce: &[u8; 12], imp: Checked, buf: &mut [u8]) {
    debug_assert!(buf.len().is_multiple_of(64) && buf.len() as u64 <= 64 << 32);
    let mut state = initial_state(key, nonce, 0);
    // Whole blocks only: the kernel leaves `tail` alone.
    let mut tail = [0u8; 64];
    xor_keystream(&state, imp, InOut::in_place(buf), &mut tail);
    crate::ct::wipe(&mut state);
}

/// ChaCha20 (RFC 8439), streaming.
///
/// `Clone` copies the whole state (key, counter, buffered keystream); every
/// copy is wiped when dropped. `Debug` shows only the backend.
#[derive(Clone)]
pub struct ChaCha20 {
    /// Constants, key, block counter of the next block (word 12), nonce.
    state: [u32; 16],
    /// Buffered keystream and the counter's remaining blocks.
    cursor: Cursor,
    imp: Checked,
}

impl core::fmt::Debug for ChaCha20 {
    /// Shows the backend, never the key, counter or keystream.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ChaCha20")
            .field("backend", &self.imp.get().name())
            .finish_non_exhaustive()
    }
}

impl Drop for ChaCha20 {
    fn drop(&mut self) {
        crate::ct::wipe(&mut self.state);
    }
}

impl ChaCha20 {
    /// ChaCha20 with `key` and `nonce`, block counter 0, on the best backend.
    pub fn new(key: &[u8; 32], nonce: &[u8; 12]) -> ChaCha20 {
        ChaCha20::with_counter(key, nonce, 0)
    }

    /// ChaCha20 starting at block `counter` (RFC 8439's "initial counter";
    /// the AEAD construction starts at 1), on the best backend.
    pub fn with_counter(key: &[u8; 32], nonce: &[u8; 12], counter: u32) -> ChaCha20 {
        let imp = Impl::best();
        cpu::log_choice("chacha20", imp.get().name());
        ChaCha20::with_impl(key, nonce, counter, imp)
    }

    /// ChaCha20 starting at block `counter`, on the backend `imp`.
    pub fn with_impl(key: &[u8; 32], nonce: &[u8; 12], counter: u32, imp: Checked) -> ChaCha20 {
        ChaCha20 {
            state: initial_state(key, nonce, counter),
            cursor: Cursor::new((1u128 << 32) - u128::from(counter)),
            imp,
        }
    }

    /// The backend this object runs on.
    pub fn backend(&self) -> Impl {
        self.imp.get()
    }

    /// XORs the keystream into `buf` (encrypts or decrypts it in place).
    /// Calls over consecutive pieces of any lengths equal one call.
    ///
    /// # Errors
    /// [`Error::LimitExceeded`] if `buf` would need a block past counter
    /// 2^32 - 1; nothing is written then and the state is unchanged.
    pub fn apply(&mut self, buf: &mut [u8]) -> Result<(), Error> {
        self.run(InOut::in_place(buf))
    }

    /// XORs the keystream into `src`, writing the result to `dst` (the same
    /// length).
    ///
    /// # Errors
    /// As [`ChaCha20::apply`], and [`Error::InvalidLength`] for a `dst` of
    /// another length.
    pub fn apply_to(&mut self, src: &[u8], dst: &mut [u8]) -> Result<(), Error> {
        self.run(InOut::new(src, dst)?)
    }

    fn run(&mut self, io: InOut<'_>) -> Result<(), Error> {
        let (state, imp) = (&self.state, self.imp);
        let blocks = self.cursor.run(
            io,
            "ChaCha20: at most 2^32 blocks per key and nonce (32-bit block counter)",
            |body, tail| xor_keystream(state, imp, body, tail),
        )?;
        self.state[12] = self.state[12].wrapping_add(blocks as u32);
        Ok(())
    }
}

/// The one dispatch to the backends: XORs the keystream of blocks
/// `state[12]`, `state[12] + 1`, ... into `io` (the last block may be
/// partial; its whole keystream block is left in `tail`).
fn xor_keystream(state: &[u32; 16], imp: Checked, io: InOut<'_>, tail: &mut [u8; 64]) {
    match imp.get() {
        // In every `unsafe` arm: `imp` is a `Checked`, which only
        // `Impl::check` makes, after seeing that the CPU has the
        // backend's features; the `InOut` is valid by construction.
        #[cfg(target_arch = "x86_64")]
        // SAFETY: see above: a `Checked` for this backend.
        Impl::Avx512 => unsafe { x86_64_avx512::zmm::xor_keystream(state, io, tail) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: see above: a `Checked` for this backend.
        Impl::Avx512vl => unsafe { x86_64_avx512::ymm::xor_keystream(state, io, tail) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: see above: a `Checked` for this backend.
        Impl::Avx2 => unsafe { x86_64_avx2::xor_keystream(state, io, tail) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: see above: a `Checked` for this backend.
        Impl::Ssse3 => unsafe { x86_64_ssse3::xor_keystream(state, io, tail) },
        #[cfg(target_arch = "aarch64")]
        // SAFETY: see above: a `Checked` for this backend.
        Impl::Neon => unsafe { aarch64_neon::xor_keystream(state, io, tail) },
        #[cfg(all(target_arch = "arm", target_endian = "little"))]
        // SAFETY: see above: a `Checked` for this backend.
        Impl::Neon => unsafe { arm_neon::xor_keystream(state, io, tail) },
        _ => soft::xor_keystream(state, io, tail),
    }
}

/// HChaCha20 (draft-irtf-cfrg-xchacha-03 section 2.2): the ChaCha20 state
/// with `nonce` in words 12..16 (no counter), the 20 rounds without the
/// final addition, and words 0..4 and 12..16 as the 32-byte subkey.
///
/// Runs on the portable code (one block; constant time).
pub fn hchacha20(key: &[u8; 32], nonce: &[u8; 16]) -> [u8; 32] {
    let mut x = [0u32; 16];
    x[..4].copy_from_slice(&SIGMA);
    le_words(key, &mut x[4..12]);
    le_words(nonce, &mut x[12..16]);
    soft::rounds(&mut x);
    let mut out = [0u8; 32];
    for (i, w) in x[..4].iter().chain(&x[12..]).enumerate() {
        out[4 * i..4 * i + 4].copy_from_slice(&w.to_le_bytes());
    }
    crate::ct::wipe(&mut x);
    out
}

/// XChaCha20 (draft-irtf-cfrg-xchacha-03 section 2.3), streaming: ChaCha20
/// with the subkey `hchacha20(key, nonce[..16])` and the nonce
/// `00000000 || nonce[16..24]`. The same 2^32-block limit per key and nonce
/// applies.
#[derive(Clone)]
pub struct XChaCha20 {
    inner: ChaCha20,
}

impl core::fmt::Debug for XChaCha20 {
    /// Shows the backend, never the key, counter or keystream.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("XChaCha20")
            .field("backend", &self.inner.imp.get().name())
            .finish_non_exhaustive()
    }
}

impl XChaCha20 {
    /// XChaCha20 with `key` and the 24-byte `nonce`, block counter 0, on
    /// the best backend.
    pub fn new(key: &[u8; 32], nonce: &[u8; 24]) -> XChaCha20 {
        XChaCha20::with_counter(key, nonce, 0)
    }

    /// XChaCha20 starting at block `counter`, on the best backend.
    pub fn with_counter(key: &[u8; 32], nonce: &[u8; 24], counter: u32) -> XChaCha20 {
        let imp = Impl::best();
        cpu::log_choice("chacha20", imp.get().name());
        XChaCha20::with_impl(key, nonce, counter, imp)
    }

    /// XChaCha20 starting at block `counter`, on the backend `imp`.
    pub fn with_impl(key: &[u8; 32], nonce: &[u8; 24], counter: u32, imp: Checked) -> XChaCha20 {
        let mut n16 = [0u8; 16];
        n16.copy_from_slice(&nonce[..16]);
        let mut subkey = hchacha20(key, &n16);
        let mut n12 = [0u8; 12];
        n12[4..].copy_from_slice(&nonce[16..]);
        let inner = ChaCha20::with_impl(&subkey, &n12, counter, imp);
        crate::ct::wipe(&mut subkey);
        XChaCha20 { inner }
    }

    /// The backend this object runs on.
    pub fn backend(&self) -> Impl {
        self.inner.backend()
    }

    /// XORs the keystream into `buf`, as [`ChaCha20::apply`].
    ///
    /// # Errors
    /// As [`ChaCha20::apply`].
    pub fn apply(&mut self, buf: &mut [u8]) -> Result<(), Error> {
        self.inner.apply(buf)
    }

    /// XORs the keystream into `src`, writing `dst`, as
    /// [`ChaCha20::apply_to`].
    ///
    /// # Errors
    /// As [`ChaCha20::apply_to`].
    pub fn apply_to(&mut self, src: &[u8], dst: &mut [u8]) -> Result<(), Error> {
        self.inner.apply_to(src, dst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limit_refuses_without_writing_and_keeps_state() {
        for &imp in Impl::ALL {
            let Some(c) = imp.check() else { continue };
            // Two blocks left: counters 2^32 - 2 and 2^32 - 1.
            let mut s = ChaCha20::with_impl(&[1; 32], &[2; 12], u32::MAX - 1, c);
            let mut buf = [0x5au8; 129];
            assert!(matches!(
                s.apply(&mut buf),
                Err(Error::LimitExceeded { .. })
            ));
            assert_eq!(buf, [0x5a; 129]);
            s.apply(&mut buf[..70]).unwrap();
            // 58 bytes of the last block are left and may be used...
            s.apply(&mut buf[..58]).unwrap();
            // ...but not one more.
            assert!(s.apply(&mut buf[..1]).is_err());
            assert!(s.apply(&mut []).is_ok());
        }
    }
}
