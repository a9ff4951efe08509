//! ChaCha20-Poly1305 (RFC 8439 section 2.8) and XChaCha20-Poly1305
//! (draft-irtf-cfrg-xchacha-03): the same [`Aead`] shape as AES-GCM.
//!
//! The one-time Poly1305 key is the first 32 bytes of ChaCha20 block 0;
//! the message is encrypted from block 1; the tag covers the AAD and the
//! ciphertext, each zero-padded to 16 bytes, then both lengths as 64-bit
//! little-endian integers. Plaintexts are limited by the 32-bit block
//! counter to 2^32 - 1 blocks of 64 bytes (about 256 GiB); longer is
//! [`Error::LimitExceeded`]. XChaCha20-Poly1305 derives a subkey with
//! HChaCha20 from the first 16 bytes of its 24-byte nonce and runs
//! ChaCha20-Poly1305 with the nonce `0000 || nonce[16..24]`, so random
//! nonces are safe.

use crate::Error;
use crate::aead::{Aead, Tag, check_tag};
use crate::cipher::chacha20::{self, ChaCha20, hchacha20};
use crate::mac::poly1305::{self, Poly1305};

/// Work is done in pieces of this size: the MAC reads what the cipher
/// just wrote while it is still in L1 (32 KiB or more on the CPUs the
/// SIMD backends serve), and each piece is one Poly1305 call, long
/// enough for its widest kernel (the IFMA zmm one wants 4 KiB; each call
/// computes its powers of r and folds its lanes once). On a Sapphire
/// Rapids, 16 KiB pieces (and the first 448 bytes in the first piece's
/// MAC call) took a 16 KiB seal from 0.96 to 0.88 cycles per byte and a
/// 1350-byte one from 1.66 to 1.46; 4 KiB pieces had left a 3.6 KiB
/// remainder to the ymm kernel.
const PIECE: usize = 16384;

/// Messages up to this long take the short path (`run_short`).
const SHORT: usize = 64;

/// XORs `ks` into `buf` (as far as `buf` goes; `ks` is at least as long),
/// 16 bytes at a time: one 16-byte store per block, which the MAC's 8-byte
/// loads of the ciphertext read back by store forwarding (the loop LLVM
/// makes of a byte-wise XOR stores 4 bytes at a time on short lengths, and
/// a load that spans two stores waits for both to reach the cache).
#[inline]
fn xor_into(buf: &mut [u8], ks: &[u8]) {
    let whole = buf.len() & !15;
    let (blocks, rest) = buf.split_at_mut(whole);
    for (b, k) in blocks.chunks_exact_mut(16).zip(ks.chunks_exact(16)) {
        let x = u128::from_ne_bytes((&*b).try_into().expect("16 bytes"))
            ^ u128::from_ne_bytes(k.try_into().expect("16 bytes"));
        b.copy_from_slice(&x.to_ne_bytes());
    }
    for (b, k) in rest.iter_mut().zip(&ks[whole..]) {
        *b ^= k;
    }
}

/// A one-pass kernel (`chacha20_poly1305_x86_64`): ChaCha20 and Poly1305
/// IFMA of the same width, run together.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
enum OnePass {
    /// ChaCha20 `avx512` with Poly1305 `ifma`.
    Zmm,
    /// ChaCha20 `avx512vl` with Poly1305 `ifma-ymm`.
    Ymm,
}

#[cfg(target_arch = "x86_64")]
impl OnePass {
    /// The kernel for this pair of backends, if there is one. Only this
    /// constructor makes an `OnePass`, from `Checked` backends: so the CPU
    /// has what the kernel needs (the union of the two rows' features).
    fn for_pair(chacha: chacha20::Checked, poly: poly1305::Checked) -> Option<OnePass> {
        match (chacha.get(), poly.get()) {
            (chacha20::Impl::Avx512, poly1305::Impl::Ifma) => Some(OnePass::Zmm),
            (chacha20::Impl::Avx512vl, poly1305::Impl::IfmaYmm) => Some(OnePass::Ymm),
            _ => None,
        }
    }

    /// Bytes per Poly1305 group of the kernel.
    fn group(self) -> usize {
        match self {
            OnePass::Zmm => super::chacha20_poly1305_x86_64::zmm::GROUP,
            OnePass::Ymm => super::chacha20_poly1305_x86_64::ymm::GROUP,
        }
    }

    /// Seals or opens `buf` (not empty) in place from the ChaCha20 state
    /// `state`, absorbing its ciphertext's whole groups into the Poly1305
    /// accumulator `h` under `r`; returns the bytes absorbed.
    fn run(
        self,
        state: &[u32; 16],
        h: &mut [u64; 3],
        r: &[u64; 2],
        buf: &mut [u8],
        seal: bool,
    ) -> usize {
        use super::chacha20_poly1305_x86_64::{ymm, zmm};
        // SAFETY: `for_pair` made `self` from `Checked` backends, so the CPU
        // has AVX-512 F, VL and BW (ChaCha20 `avx512`/`avx512vl`) and IFMA
        // (Poly1305 `ifma`/`ifma-ymm`): all the kernels enable.
        unsafe {
            match (self, seal) {
                (OnePass::Zmm, true) => zmm::run::<true>(state, h, r, buf),
                (OnePass::Zmm, false) => zmm::run::<false>(state, h, r, buf),
                (OnePass::Ymm, true) => ymm::run::<true>(state, h, r, buf),
                (OnePass::Ymm, false) => ymm::run::<false>(state, h, r, buf),
            }
        }
    }
}

/// Messages from this long take the one-pass kernel where the backends
/// pair into one. On a Sapphire Rapids (cycles per byte, two passes
/// against one): 2 KiB 1.32 against 1.16, 16 KiB 0.92 against 0.80; but
/// just past one step (1100 to 1536 bytes) one pass lost (1350: 1.44
/// against 1.79), its one step's MAC groups running alone after the loop.
#[cfg(target_arch = "x86_64")]
const ONE_PASS_MIN: usize = 2048;

/// The most ciphertext after a one-pass kernel's last whole group: its
/// largest group (zmm) less one byte.
#[cfg(target_arch = "x86_64")]
pub(super) const ONE_PASS_MAX_REST: usize = 127;

/// The longest plaintext: 2^32 - 1 blocks of 64 bytes after block 0.
pub const MAX_PLAINTEXT: u64 = ((1u64 << 32) - 1) * 64;

/// ChaCha20-Poly1305 with a 32-byte key and 12-byte nonces.
#[derive(Clone)]
pub struct ChaCha20Poly1305 {
    key: [u8; 32],
    chacha: chacha20::Checked,
    poly: poly1305::Checked,
}

impl core::fmt::Debug for ChaCha20Poly1305 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ChaCha20Poly1305")
            .field("chacha20", &self.chacha.get().name())
            .field("poly1305", &self.poly.get().name())
            .finish_non_exhaustive()
    }
}

impl Drop for ChaCha20Poly1305 {
    fn drop(&mut self) {
        crate::ct::wipe(&mut self.key);
    }
}

fn key32(key: &[u8]) -> Result<[u8; 32], Error> {
    key.try_into().map_err(|_| Error::InvalidLength {
        what: "ChaCha20-Poly1305 key (must be 32 bytes)",
        got: key.len(),
    })
}

impl ChaCha20Poly1305 {
    /// ChaCha20-Poly1305 on the best backends.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for a key that is not 32 bytes.
    pub fn new(key: &[u8]) -> Result<ChaCha20Poly1305, Error> {
        ChaCha20Poly1305::with_impl(key, chacha20::Impl::best(), poly1305::Impl::best())
    }

    /// ChaCha20-Poly1305 on chosen backends.
    ///
    /// # Errors
    /// As [`ChaCha20Poly1305::new`].
    pub fn with_impl(
        key: &[u8],
        chacha: chacha20::Checked,
        poly: poly1305::Checked,
    ) -> Result<ChaCha20Poly1305, Error> {
        Ok(ChaCha20Poly1305 {
            key: key32(key)?,
            chacha,
            poly,
        })
    }

    /// The ChaCha20 and Poly1305 backends in use.
    pub fn backends(&self) -> (chacha20::Impl, poly1305::Impl) {
        (self.chacha.get(), self.poly.get())
    }

    fn nonce12(nonce: &[u8]) -> Result<[u8; 12], Error> {
        nonce.try_into().map_err(|_| Error::InvalidLength {
            what: "ChaCha20-Poly1305 nonce (must be 12 bytes)",
            got: nonce.len(),
        })
    }

    /// Runs the AEAD: `seal` encrypts then MACs, else MACs then decrypts.
    fn run(
        &self,
        key: &[u8; 32],
        nonce: &[u8; 12],
        aad: &[u8],
        buf: &mut [u8],
        seal: bool,
    ) -> Result<[u8; 16], Error> {
        if buf.len() as u64 > MAX_PLAINTEXT {
            return Err(Error::LimitExceeded {
                what: "ChaCha20-Poly1305 plaintext (at most 2^32 - 1 blocks of 64 bytes)",
            });
        }
        if buf.len() <= SHORT && aad.len() < poly1305::IFMA_MIN {
            Ok(self.run_short(key, nonce, aad, buf, seal))
        } else {
            self.run_long(key, nonce, aad, buf, seal)
        }
    }

    /// [`run`](Self::run) for a message of at most [`SHORT`] bytes and an
    /// AAD too short for any SIMD Poly1305 backend: blocks 0 and 1 in one
    /// call to the ChaCha20 backend, into a 128-byte stack buffer, and the
    /// tag in one call to the scalar Poly1305 (no `ChaCha20` or `Poly1305`
    /// object, nothing buffered). A fixed cost per message, which is what
    /// short messages pay for.
    fn run_short(
        &self,
        key: &[u8; 32],
        nonce: &[u8; 12],
        aad: &[u8],
        buf: &mut [u8],
        seal: bool,
    ) -> [u8; 16] {
        debug_assert!(buf.len() <= SHORT);
        let mut ks = [0u8; 64 + SHORT];
        // Block 1 only when there is a message.
        let used = 64 + buf.len().next_multiple_of(64);
        chacha20::xor_first_blocks(key, nonce, self.chacha, &mut ks[..used]);
        let pk: &[u8; 32] = ks[..32].try_into().expect("32 bytes");
        let tag = if seal {
            xor_into(buf, &ks[64..]);
            poly1305::aead_tag_scalar(pk, aad, buf)
        } else {
            let tag = poly1305::aead_tag_scalar(pk, aad, buf);
            xor_into(buf, &ks[64..]);
            tag
        };
        crate::ct::wipe(&mut ks);
        tag
    }

    /// The message's Poly1305, keyed by the first 32 bytes of ChaCha20
    /// block 0 (`block0`), with the zero-padded AAD absorbed.
    fn mac_with_aad(&self, block0: &[u8], aad: &[u8]) -> Poly1305 {
        let mut pk = [0u8; 32];
        pk.copy_from_slice(&block0[..32]);
        let mut mac = Poly1305::with_impl(&pk, self.poly);
        crate::ct::wipe(&mut pk);
        mac.update_padded(aad);
        mac
    }

    /// [`run`](Self::run) for the other messages.
    fn run_long(
        &self,
        key: &[u8; 32],
        nonce: &[u8; 12],
        aad: &[u8],
        buf: &mut [u8],
        seal: bool,
    ) -> Result<[u8; 16], Error> {
        #[cfg(target_arch = "x86_64")]
        if let Some(k) = OnePass::for_pair(self.chacha, self.poly)
            && buf.len() >= ONE_PASS_MIN
        {
            return Ok(self.run_one_pass(k, key, nonce, aad, buf, seal));
        }
        // Blocks 0..8 in one call (the backends compute several blocks side
        // by side for about the latency of one): block 0 gives the Poly1305
        // key, blocks 1..8 the first 448 bytes of the message, so a short
        // message costs one ChaCha20 call, not two in a row.
        let n = buf.len();
        let mut ks = [0u8; 512];
        // Only the blocks needed: two for up to 64 bytes (here only with
        // an AAD too long for `run_short`), four to 192 (the row-layout
        // kernels), eight to 448.
        let first = 64 + n.min(448).next_multiple_of(64);
        chacha20::xor_first_blocks(key, nonce, self.chacha, &mut ks[..first]);
        let mut mac = self.mac_with_aad(&ks, aad);
        // Pieces of the message, the first starting with the 448 bytes of
        // `ks`; the rest from block 8 (at most 2^32 - 8 blocks:
        // MAX_PLAINTEXT allows no more). Every piece but the last is a
        // multiple of 16 bytes.
        let head = n.min(448);
        let mut c: Option<ChaCha20> = None;
        let mut first = true;
        for p in buf.chunks_mut(PIECE) {
            if !seal {
                mac.update_padded(p);
            }
            let from = if first {
                first = false;
                xor_into(&mut p[..head], &ks[64..]);
                crate::ct::wipe(&mut ks);
                head
            } else {
                0
            };
            let rest = &mut p[from..];
            if !rest.is_empty() {
                c.get_or_insert_with(|| ChaCha20::with_impl(key, nonce, 8, self.chacha))
                    .apply(rest)?;
            }
            if seal {
                mac.update_padded(p);
            }
        }
        if first {
            // An empty message: no piece took `ks`.
            crate::ct::wipe(&mut ks);
        }
        mac.update_padded(&poly1305::aead_lengths(aad.len(), n));
        Ok(mac.finalize())
    }

    /// [`run_long`](Self::run_long) on a one-pass kernel: block 0 for the
    /// Poly1305 key, then the whole message from block 1 in the kernel,
    /// which absorbs all of the ciphertext but its last partial group.
    #[cfg(target_arch = "x86_64")]
    fn run_one_pass(
        &self,
        k: OnePass,
        key: &[u8; 32],
        nonce: &[u8; 12],
        aad: &[u8],
        buf: &mut [u8],
        seal: bool,
    ) -> [u8; 16] {
        let n = buf.len();
        let mut ks = [0u8; 64];
        chacha20::xor_first_blocks(key, nonce, self.chacha, &mut ks);
        let mut mac = self.mac_with_aad(&ks, aad);
        crate::ct::wipe(&mut ks);
        // Opening overwrites the ciphertext: keep the bytes after the
        // kernel's last whole group (public) for the MAC.
        let kept = n - n % k.group();
        let mut rest = [0u8; ONE_PASS_MAX_REST];
        let rest = &mut rest[..n - kept];
        if !seal {
            rest.copy_from_slice(&buf[kept..]);
        }
        let mut state = chacha20::initial_state(key, nonce, 1);
        let (h, r) = mac.accumulator();
        let done = k.run(&state, h, r, buf, seal);
        crate::ct::wipe(&mut state);
        debug_assert_eq!(done, kept);
        if seal {
            rest.copy_from_slice(&buf[kept..]);
        }
        mac.update_padded(rest);
        mac.update_padded(&poly1305::aead_lengths(aad.len(), n));
        mac.finalize()
    }

    fn open_with(
        &self,
        key: &[u8; 32],
        nonce: &[u8; 12],
        aad: &[u8],
        buf: &mut [u8],
        tag: &[u8],
    ) -> Result<(), Error> {
        if tag.len() != 16 {
            return Err(Error::InvalidLength {
                what: "ChaCha20-Poly1305 tag (must be 16 bytes)",
                got: tag.len(),
            });
        }
        let mut t = self.run(key, nonce, aad, buf, false)?;
        let r = check_tag(&t, tag);
        crate::ct::wipe(&mut t);
        if r.is_err() {
            zeroize::Zeroize::zeroize(buf);
        }
        r
    }
}

impl Aead for ChaCha20Poly1305 {
    fn tag_len(&self) -> usize {
        16
    }

    fn seal_in_place_detached(
        &self,
        nonce: &[u8],
        aad: &[u8],
        buf: &mut [u8],
    ) -> Result<Tag, Error> {
        let n = ChaCha20Poly1305::nonce12(nonce)?;
        let t = self.run(&self.key, &n, aad, buf, true)?;
        // Public: the ciphertext is the seal's output.
        crate::ct::declassify_slice(buf);
        Ok(Tag::new(&t, 16))
    }

    fn open_in_place_detached(
        &self,
        nonce: &[u8],
        aad: &[u8],
        buf: &mut [u8],
        tag: &[u8],
    ) -> Result<(), Error> {
        let n = ChaCha20Poly1305::nonce12(nonce)?;
        self.open_with(&self.key, &n, aad, buf, tag)
    }
}

/// XChaCha20-Poly1305 with a 32-byte key and 24-byte nonces.
#[derive(Clone, Debug)]
pub struct XChaCha20Poly1305 {
    inner: ChaCha20Poly1305,
}

impl XChaCha20Poly1305 {
    /// XChaCha20-Poly1305 on the best backends.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for a key that is not 32 bytes.
    pub fn new(key: &[u8]) -> Result<XChaCha20Poly1305, Error> {
        Ok(XChaCha20Poly1305 {
            inner: ChaCha20Poly1305::new(key)?,
        })
    }

    /// XChaCha20-Poly1305 on chosen backends.
    ///
    /// # Errors
    /// As [`XChaCha20Poly1305::new`].
    pub fn with_impl(
        key: &[u8],
        chacha: chacha20::Checked,
        poly: poly1305::Checked,
    ) -> Result<XChaCha20Poly1305, Error> {
        Ok(XChaCha20Poly1305 {
            inner: ChaCha20Poly1305::with_impl(key, chacha, poly)?,
        })
    }

    /// The subkey and 12-byte nonce of draft-irtf-cfrg-xchacha section 2.3.
    fn derive(&self, nonce: &[u8]) -> Result<([u8; 32], [u8; 12]), Error> {
        let n: &[u8; 24] = nonce.try_into().map_err(|_| Error::InvalidLength {
            what: "XChaCha20-Poly1305 nonce (must be 24 bytes)",
            got: nonce.len(),
        })?;
        let mut h = [0u8; 16];
        h.copy_from_slice(&n[..16]);
        let sub = hchacha20(&self.inner.key, &h);
        let mut n12 = [0u8; 12];
        n12[4..].copy_from_slice(&n[16..]);
        Ok((sub, n12))
    }
}

impl Aead for XChaCha20Poly1305 {
    fn tag_len(&self) -> usize {
        16
    }

    fn seal_in_place_detached(
        &self,
        nonce: &[u8],
        aad: &[u8],
        buf: &mut [u8],
    ) -> Result<Tag, Error> {
        let (mut sub, n) = self.derive(nonce)?;
        let r = self.inner.run(&sub, &n, aad, buf, true);
        crate::ct::wipe(&mut sub);
        // Public: the ciphertext is the seal's output.
        crate::ct::declassify_slice(buf);
        Ok(Tag::new(&r?, 16))
    }

    fn open_in_place_detached(
        &self,
        nonce: &[u8],
        aad: &[u8],
        buf: &mut [u8],
        tag: &[u8],
    ) -> Result<(), Error> {
        let (mut sub, n) = self.derive(nonce)?;
        let r = self.inner.open_with(&sub, &n, aad, buf, tag);
        crate::ct::wipe(&mut sub);
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    /// The short path against the general one, on every backend pairing:
    /// every message length it takes, AAD lengths on both sides of the
    /// SIMD thresholds (the general path hands those to the vector
    /// Poly1305 backends), sealing and opening.
    #[test]
    fn short_path_matches_long_path() {
        let key: [u8; 32] = core::array::from_fn(|i| (i * 7 + 3) as u8);
        let nonce: [u8; 12] = core::array::from_fn(|i| (i * 13 + 1) as u8);
        let aad: Vec<u8> = (0..600u32).map(|i| (i * 31 + 5) as u8).collect();
        let msg: Vec<u8> = (0..=SHORT as u32).map(|i| (i * 17 + 9) as u8).collect();
        for c in chacha20::Impl::ALL.iter().filter_map(|i| i.check()) {
            for p in poly1305::Impl::ALL.iter().filter_map(|i| i.check()) {
                let a = ChaCha20Poly1305::with_impl(&key, c, p).unwrap();
                for n in 0..=SHORT {
                    for al in [0, 1, 13, 15, 16, 17, 64, 255, 256, 511, 512, 600] {
                        let (aad, m) = (&aad[..al], &msg[..n]);
                        let mut s = m.to_vec();
                        let mut l = m.to_vec();
                        let ts = a.run_short(&key, &nonce, aad, &mut s, true);
                        let tl = a.run_long(&key, &nonce, aad, &mut l, true).unwrap();
                        assert_eq!((ts, &s), (tl, &l), "seal n={n} aad={al}");
                        let ts = a.run_short(&key, &nonce, aad, &mut s, false);
                        let tl = a.run_long(&key, &nonce, aad, &mut l, false).unwrap();
                        assert_eq!((ts, &s[..], &l[..]), (tl, m, m), "open n={n} aad={al}");
                    }
                }
            }
        }
    }
}
