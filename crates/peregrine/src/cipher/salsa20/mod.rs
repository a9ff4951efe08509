//! Salsa20/20 (D. J. Bernstein, "Salsa20 specification", 2005; eSTREAM
//! portfolio) and XSalsa20 ("Extending the Salsa20 nonce", 2008), on every
//! backend.
//!
//! [`Salsa20`] takes a 256-bit key (or a 128-bit one, the specification's
//! "expand 16-byte k" variant), a 64-bit nonce and a 64-bit block counter
//! (words 8 and 9 of the state). Block `i` of the keystream uses counter
//! `counter + i`; one key and nonce give 2^64 blocks, and asking for
//! keystream past counter 2^64 - 1 is [`Error::LimitExceeded`], with
//! nothing written.
//!
//! [`XSalsa20`] derives a subkey with [`hsalsa20`] from the key and the
//! first 16 bytes of its 24-byte nonce, then runs Salsa20 with that subkey
//! and the last 8 bytes as the nonce (NaCl's `crypto_stream`).
//!
//! Both are streaming: calls over consecutive pieces of any lengths give
//! the same result as one call. The backend is chosen when the object is
//! made ([`Salsa20::new`] picks the best, [`Salsa20::with_impl`] takes
//! one); every backend exports one kernel, `xor_keystream`.
//!
//! Salsa20 has no known attack on its 20 rounds, but it has no
//! authentication: pair it with a MAC (NaCl's `secretbox` is XSalsa20 with
//! Poly1305). New designs should prefer ChaCha20-Poly1305 or
//! XChaCha20-Poly1305.
//!
//! ```
//! use peregrine::cipher::salsa20::Salsa20;
//! let mut buf = *b"attack at dawn";
//! Salsa20::new(&[7; 32], &[1; 8]).apply(&mut buf).unwrap();
//! Salsa20::new(&[7; 32], &[1; 8]).apply(&mut buf).unwrap();
//! assert_eq!(&buf, b"attack at dawn");
//! ```

use crate::Error;
use crate::cipher::InOut;
use crate::cipher::keystream::Cursor;
use crate::cpu;

#[cfg(target_arch = "aarch64")]
mod aarch64_neon;
pub(crate) mod soft;
#[cfg(target_arch = "x86_64")]
mod x86_64_avx2;
#[cfg(target_arch = "x86_64")]
mod x86_64_avx512;
#[cfg(target_arch = "x86_64")]
mod x86_64_sse2;

crate::cpu::backends! {
    primitive: "salsa20", doc: "A Salsa20 backend.";
    /// Sixteen blocks in parallel on 512-bit registers with `vprold`
    /// rotations; the 8-block ymm step for 257 to 512 bytes, and a
    /// diagonal-layout path (a block per 128-bit lane) below; byte-masked
    /// tails.
    Avx512 = "avx512", "x86_64", [Avx512f, Avx512vl, Avx512bw, Zmm];
    /// The same kernels on 256-bit registers (EVEX, `vprold`): eight blocks
    /// in parallel, two-block diagonal groups for short inputs. For CPUs
    /// where zmm lowers the clock (no `zmm`).
    Avx512vl = "avx512vl", "x86_64", [Avx512f, Avx512vl, Avx512bw];
    /// Eight blocks in parallel on 256-bit registers (one block per 32-bit
    /// lane); the SSE2 four-block and one-block paths for short tails.
    Avx2 = "avx2", "x86_64", [Sse2, Avx, Avx2];
    /// Four blocks in parallel on 128-bit registers; one block in the
    /// diagonal layout for the last block. (Salsa20's rotations, by 7, 9,
    /// 13 and 18, move no whole bytes, so SSSE3's `pshufb` buys nothing.)
    Sse2 = "sse2", "x86_64", [Sse2];
    /// Four blocks in parallel on NEON registers; one block in the
    /// diagonal layout for the last block.
    Neon = "neon", "aarch64", [Neon];
    /// Portable Rust: 32-bit adds, xors and rotations, constant time.
    Soft = "soft", any, [];
}

/// "expand 32-byte k", at words 0, 5, 10, 15.
const SIGMA: [u32; 4] = [0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574];
/// "expand 16-byte k", for 128-bit keys.
const TAU: [u32; 4] = [0x6170_7865, 0x3120_646e, 0x7962_2d36, 0x6b20_6574];

/// Little-endian words of `bytes` (a multiple of 4 long) into `out`.
fn le_words(bytes: &[u8], out: &mut [u32]) {
    for (w, c) in out.iter_mut().zip(bytes.chunks_exact(4)) {
        *w = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
    }
}

/// The 64-bit block counter of a state (words 8 low, 9 high).
#[inline(always)]
pub(crate) fn counter(state: &[u32; 16]) -> u64 {
    u64::from(state[8]) | (u64::from(state[9]) << 32)
}

/// Sets the 64-bit block counter of a state.
#[inline(always)]
pub(crate) fn set_counter(state: &mut [u32; 16], ctr: u64) {
    state[8] = ctr as u32;
    state[9] = (ctr >> 32) as u32;
}

/// The initial state: constants at 0, 5, 10, 15; key at 1..5 and 11..15
/// (a 16-byte key fills both halves); nonce at 6, 7; counter at 8, 9.
fn initial_state(key: &[u8], nonce: &[u8; 8], ctr: u64) -> [u32; 16] {
    let (c, k1, k2) = if key.len() == 32 {
        (SIGMA, &key[..16], &key[16..])
    } else {
        (TAU, key, key)
    };
    let mut s = [0u32; 16];
    s[0] = c[0];
    s[5] = c[1];
    s[10] = c[2];
    s[15] = c[3];
    le_words(k1, &mut s[1..5]);
    le_words(k2, &mut s[11..15]);
    le_words(nonce, &mut s[6..8]);
    set_counter(&mut s, ctr);
    s
}

/// Salsa20/20, streaming.
///
/// `Clone` copies the whole state (key, counter, buffered keystream); every
/// copy is wiped when dropped. `Debug` shows only the backend.
#[derive(Clone)]
pub struct Salsa20 {
    /// Constants, key, nonce, block counter of the next block (words 8, 9).
    state: [u32; 16],
    /// Buffered keystream and the counter's remaining blocks.
    cursor: Cursor,
    imp: Checked,
}

impl core::fmt::Debug for Salsa20 {
    /// Shows the backend, never the key, counter or keystream.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Salsa20")
            .field("backend", &self.imp.get().name())
            .finish_non_exhaustive()
    }
}

impl Drop for Salsa20 {
    fn drop(&mut self) {
        crate::ct::wipe(&mut self.state);
    }
}

impl Salsa20 {
    /// Salsa20 with a 256-bit `key` and `nonce`, block counter 0, on the
    /// best backend.
    pub fn new(key: &[u8; 32], nonce: &[u8; 8]) -> Salsa20 {
        Salsa20::with_counter(key, nonce, 0)
    }

    /// Salsa20 starting at block `counter`, on the best backend.
    pub fn with_counter(key: &[u8; 32], nonce: &[u8; 8], counter: u64) -> Salsa20 {
        let imp = Impl::best();
        cpu::log_choice("salsa20", imp.get().name());
        Salsa20::with_impl(key, nonce, counter, imp)
    }

    /// Salsa20 starting at block `counter`, on the backend `imp`.
    pub fn with_impl(key: &[u8; 32], nonce: &[u8; 8], counter: u64, imp: Checked) -> Salsa20 {
        Salsa20::make(key, nonce, counter, imp)
    }

    /// Salsa20 with a key of 32 or 16 bytes (the 128-bit variant) and an
    /// 8-byte nonce given as slices, starting at block `counter`, on the
    /// backend `imp`.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for a key of another length or a nonce that
    /// is not 8 bytes.
    pub fn from_slices(
        key: &[u8],
        nonce: &[u8],
        counter: u64,
        imp: Checked,
    ) -> Result<Salsa20, Error> {
        if key.len() != 32 && key.len() != 16 {
            return Err(Error::InvalidLength {
                what: "Salsa20 key (16 or 32 bytes)",
                got: key.len(),
            });
        }
        let nonce: &[u8; 8] = nonce.try_into().map_err(|_| Error::InvalidLength {
            what: "Salsa20 nonce (8 bytes)",
            got: nonce.len(),
        })?;
        Ok(Salsa20::make(key, nonce, counter, imp))
    }

    fn make(key: &[u8], nonce: &[u8; 8], counter: u64, imp: Checked) -> Salsa20 {
        Salsa20 {
            state: initial_state(key, nonce, counter),
            cursor: Cursor::new((1u128 << 64) - u128::from(counter)),
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
    /// 2^64 - 1; nothing is written then and the state is unchanged.
    pub fn apply(&mut self, buf: &mut [u8]) -> Result<(), Error> {
        self.run(InOut::in_place(buf))
    }

    /// XORs the keystream into `src`, writing the result to `dst` (the same
    /// length).
    ///
    /// # Errors
    /// As [`Salsa20::apply`], and [`Error::InvalidLength`] for a `dst` of
    /// another length.
    pub fn apply_to(&mut self, src: &[u8], dst: &mut [u8]) -> Result<(), Error> {
        self.run(InOut::new(src, dst)?)
    }

    fn run(&mut self, io: InOut<'_>) -> Result<(), Error> {
        let (state, imp) = (&self.state, self.imp);
        let blocks = self.cursor.run(
            io,
            "Salsa20: at most 2^64 blocks per key and nonce (64-bit block counter)",
            |body, tail| xor_keystream(state, imp, body, tail),
        )?;
        let next = counter(&self.state).wrapping_add(blocks);
        set_counter(&mut self.state, next);
        Ok(())
    }
}

/// The one dispatch to the backends: XORs the keystream of blocks
/// `counter(state)`, `+ 1`, ... into `io` (the last block may be
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
        Impl::Sse2 => unsafe { x86_64_sse2::xor_keystream(state, io, tail) },
        #[cfg(target_arch = "aarch64")]
        // SAFETY: see above: a `Checked` for this backend.
        Impl::Neon => unsafe { aarch64_neon::xor_keystream(state, io, tail) },
        _ => soft::xor_keystream(state, io, tail),
    }
}

/// HSalsa20 ("Extending the Salsa20 nonce", section 2): the Salsa20 state
/// with the 16-byte `input` in words 6..10 (nonce and counter), the 20
/// rounds without the final addition, and words 0, 5, 10, 15, 6, 7, 8, 9
/// as the 32-byte output.
///
/// Runs on the portable code (one block; constant time).
pub fn hsalsa20(key: &[u8; 32], input: &[u8; 16]) -> [u8; 32] {
    let mut x = [0u32; 16];
    x[0] = SIGMA[0];
    x[5] = SIGMA[1];
    x[10] = SIGMA[2];
    x[15] = SIGMA[3];
    le_words(&key[..16], &mut x[1..5]);
    le_words(&key[16..], &mut x[11..15]);
    le_words(input, &mut x[6..10]);
    soft::rounds(&mut x);
    let mut out = [0u8; 32];
    for (i, j) in [0, 5, 10, 15, 6, 7, 8, 9].into_iter().enumerate() {
        out[4 * i..4 * i + 4].copy_from_slice(&x[j].to_le_bytes());
    }
    crate::ct::wipe(&mut x);
    out
}

/// XSalsa20, streaming: Salsa20 with the subkey
/// `hsalsa20(key, nonce[..16])` and the nonce `nonce[16..24]`. The same
/// 2^64-block limit per key and nonce applies.
#[derive(Clone)]
pub struct XSalsa20 {
    inner: Salsa20,
}

impl core::fmt::Debug for XSalsa20 {
    /// Shows the backend, never the key, counter or keystream.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("XSalsa20")
            .field("backend", &self.inner.imp.get().name())
            .finish_non_exhaustive()
    }
}

impl XSalsa20 {
    /// XSalsa20 with `key` and the 24-byte `nonce`, block counter 0, on
    /// the best backend.
    pub fn new(key: &[u8; 32], nonce: &[u8; 24]) -> XSalsa20 {
        XSalsa20::with_counter(key, nonce, 0)
    }

    /// XSalsa20 starting at block `counter`, on the best backend.
    pub fn with_counter(key: &[u8; 32], nonce: &[u8; 24], counter: u64) -> XSalsa20 {
        let imp = Impl::best();
        cpu::log_choice("salsa20", imp.get().name());
        XSalsa20::with_impl(key, nonce, counter, imp)
    }

    /// XSalsa20 starting at block `counter`, on the backend `imp`.
    pub fn with_impl(key: &[u8; 32], nonce: &[u8; 24], counter: u64, imp: Checked) -> XSalsa20 {
        let mut n16 = [0u8; 16];
        n16.copy_from_slice(&nonce[..16]);
        let mut subkey = hsalsa20(key, &n16);
        let mut n8 = [0u8; 8];
        n8.copy_from_slice(&nonce[16..]);
        let inner = Salsa20::with_impl(&subkey, &n8, counter, imp);
        crate::ct::wipe(&mut subkey);
        XSalsa20 { inner }
    }

    /// XSalsa20 with key and nonce given as slices.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for a key that is not 32 bytes or a nonce
    /// that is not 24.
    pub fn from_slices(
        key: &[u8],
        nonce: &[u8],
        counter: u64,
        imp: Checked,
    ) -> Result<XSalsa20, Error> {
        let key: &[u8; 32] = key.try_into().map_err(|_| Error::InvalidLength {
            what: "XSalsa20 key (32 bytes)",
            got: key.len(),
        })?;
        let nonce: &[u8; 24] = nonce.try_into().map_err(|_| Error::InvalidLength {
            what: "XSalsa20 nonce (24 bytes)",
            got: nonce.len(),
        })?;
        Ok(XSalsa20::with_impl(key, nonce, counter, imp))
    }

    /// The backend this object runs on.
    pub fn backend(&self) -> Impl {
        self.inner.backend()
    }

    /// XORs the keystream into `buf`, as [`Salsa20::apply`].
    ///
    /// # Errors
    /// As [`Salsa20::apply`].
    pub fn apply(&mut self, buf: &mut [u8]) -> Result<(), Error> {
        self.inner.apply(buf)
    }

    /// XORs the keystream into `src`, writing `dst`, as
    /// [`Salsa20::apply_to`].
    ///
    /// # Errors
    /// As [`Salsa20::apply_to`].
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
            // Two blocks left: counters 2^64 - 2 and 2^64 - 1.
            let mut s = Salsa20::with_impl(&[1; 32], &[2; 8], u64::MAX - 1, c);
            let mut buf = [0x5au8; 129];
            assert!(matches!(
                s.apply(&mut buf),
                Err(Error::LimitExceeded { .. })
            ));
            assert_eq!(buf, [0x5a; 129]);
            s.apply(&mut buf[..70]).unwrap();
            s.apply(&mut buf[..58]).unwrap();
            assert!(s.apply(&mut buf[..1]).is_err());
            assert!(s.apply(&mut []).is_ok());
        }
    }

    #[test]
    fn bad_lengths_are_errors() {
        let c = Impl::Soft.check().unwrap();
        assert!(Salsa20::from_slices(&[0; 31], &[0; 8], 0, c).is_err());
        assert!(Salsa20::from_slices(&[0; 32], &[0; 12], 0, c).is_err());
        assert!(Salsa20::from_slices(&[0; 16], &[0; 8], 0, c).is_ok());
        assert!(XSalsa20::from_slices(&[0; 16], &[0; 24], 0, c).is_err());
        assert!(XSalsa20::from_slices(&[0; 32], &[0; 8], 0, c).is_err());
    }
}
