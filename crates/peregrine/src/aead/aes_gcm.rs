//! AES-GCM (SP 800-38D) and GMAC.
//!
//! - Keys of 16, 24 or 32 bytes; tags of 16 bytes by default, or 12..=16,
//!   and on request the short tags 8 and 4 of SP 800-38D appendix C (whose
//!   security depends on limits on message length and count that are the
//!   caller's to keep).
//! - Nonces of 12 bytes take the fast path (J0 = IV || 1); any other
//!   length of 1 byte or more is hashed into J0 (section 7.1).
//! - Plaintext up to 2^36 - 32 bytes per nonce and AAD up to 2^61 - 1
//!   bytes; longer is [`Error::LimitExceeded`].
//!
//! The encryption is AES-CTR with GCM's 32-bit counter on the AES backend
//! of the key, and the hash is GHASH on the GHASH backend; they run over
//! the data in cache-sized pieces, one after the other, except where the
//! pairing has a fused kernel (VAES + VPCLMULQDQ, AES-NI + PCLMULQDQ) that
//! interleaves them over whole steps.

use crate::Error;
use crate::aead::ghash;
use crate::aead::{Aead, Tag, check_tag};
use crate::cipher::aes::{self, Aes, CtrWidth};
use crate::cipher::{Block, InOut};

/// The longest plaintext one nonce may encrypt: 2^32 - 2 blocks.
pub const MAX_PLAINTEXT: u64 = (1 << 36) - 32;
/// The longest AAD: 2^64 - 1 bits, rounded down to bytes.
pub const MAX_AAD: u64 = (1 << 61) - 1;

/// Data is encrypted and hashed in pieces of this size, so the hash reads
/// what the cipher just wrote while it is still in L1.
const PIECE: usize = 4096;

/// AES-GCM with a fixed key and tag length.
#[derive(Clone)]
pub struct AesGcm {
    aes: Aes,
    /// The GHASH key (H and its powers), set up once.
    hkey: ghash::Key,
    ghash: ghash::Checked,
    tag_len: usize,
}

/// A running GHASH over the precomputed key: GCM only ever absorbs data
/// zero-padded to whole blocks (the AAD, then the ciphertext in pieces
/// that are whole blocks except the last), then the lengths block.
struct GcmHash<'a> {
    key: &'a ghash::Key,
    acc: Block,
}

impl GcmHash<'_> {
    fn update_padded(&mut self, data: &[u8]) {
        let whole = data.len() / 16 * 16;
        self.key.update_blocks(&mut self.acc, &data[..whole]);
        if whole < data.len() {
            let mut last = [0u8; 16];
            last[..data.len() - whole].copy_from_slice(&data[whole..]);
            self.key.update_blocks(&mut self.acc, &last);
        }
    }
}

impl Drop for GcmHash<'_> {
    fn drop(&mut self) {
        crate::ct::wipe(&mut self.acc);
    }
}

impl core::fmt::Debug for AesGcm {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("AesGcm")
            .field("key", &self.aes)
            .field("ghash", &self.ghash.get().name())
            .field("tag_len", &self.tag_len)
            .finish_non_exhaustive()
    }
}

fn check_tag_len(tag_len: usize) -> Result<(), Error> {
    match tag_len {
        4 | 8 | 12..=16 => Ok(()),
        got => Err(Error::InvalidLength {
            what: "GCM tag (must be 12 to 16 bytes, or 4 or 8)",
            got,
        }),
    }
}

impl AesGcm {
    /// AES-GCM with a 16-, 24- or 32-byte key and 16-byte tags, on the best
    /// backends.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for another key length.
    pub fn new(key: &[u8]) -> Result<AesGcm, Error> {
        AesGcm::with_tag_len(key, 16)
    }

    /// AES-GCM with tags of `tag_len` bytes (12..=16, or 4 or 8).
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for a key or tag length GCM does not have.
    pub fn with_tag_len(key: &[u8], tag_len: usize) -> Result<AesGcm, Error> {
        AesGcm::with_impl(key, tag_len, aes::Impl::best(), ghash::Impl::best())
    }

    /// AES-GCM on the chosen AES and GHASH backends.
    ///
    /// # Errors
    /// As [`AesGcm::with_tag_len`].
    pub fn with_impl(
        key: &[u8],
        tag_len: usize,
        aes_imp: aes::Checked,
        ghash_imp: ghash::Checked,
    ) -> Result<AesGcm, Error> {
        check_tag_len(tag_len)?;
        let aes = Aes::with_impl(key, aes_imp)?;
        let mut h = [0u8; 16];
        aes.encrypt_block(&mut h);
        let hkey = ghash::Key::new(&h, ghash_imp);
        crate::ct::wipe(&mut h);
        Ok(AesGcm {
            aes,
            hkey,
            ghash: ghash_imp,
            tag_len,
        })
    }

    /// The AES and GHASH backends in use.
    pub fn backends(&self) -> (aes::Impl, ghash::Impl) {
        (self.aes.backend(), self.ghash.get())
    }

    fn ghash(&self) -> GcmHash<'_> {
        GcmHash {
            key: &self.hkey,
            acc: [0; 16],
        }
    }

    /// The pre-counter block J0 (section 7.1, step 2).
    fn j0(&self, nonce: &[u8]) -> Result<Block, Error> {
        if nonce.len() == 12 {
            let mut j = [0u8; 16];
            j[..12].copy_from_slice(nonce);
            j[15] = 1;
            return Ok(j);
        }
        if nonce.is_empty() {
            return Err(Error::InvalidLength {
                what: "GCM nonce (must be at least 1 byte; 12 is the fast path)",
                got: 0,
            });
        }
        let mut g = self.ghash();
        g.update_padded(nonce);
        let mut lens = [0u8; 16];
        lens[8..].copy_from_slice(&((nonce.len() as u64) * 8).to_be_bytes());
        g.update_padded(&lens);
        Ok(g.acc)
    }

    /// The tag: E(K, J0) ^ GHASH(A, C, lengths).
    fn tag(&self, mut g: GcmHash<'_>, j0: &Block, aad_len: usize, ct_len: usize) -> [u8; 16] {
        let mut lens = [0u8; 16];
        lens[..8].copy_from_slice(&((aad_len as u64) * 8).to_be_bytes());
        lens[8..].copy_from_slice(&((ct_len as u64) * 8).to_be_bytes());
        g.update_padded(&lens);
        let s = g.acc;
        let mut ek = *j0;
        self.aes.encrypt_block(&mut ek);
        let mut t = [0u8; 16];
        for i in 0..16 {
            t[i] = ek[i] ^ s[i];
        }
        t
    }

    /// CTR from inc32(J0) over `buf`, with a partial last block.
    fn ctr(&self, ctr: &mut Block, buf: &mut [u8]) {
        let whole = buf.len() / 16 * 16;
        let (body, tail) = buf.split_at_mut(whole);
        self.aes.ctr(ctr, CtrWidth::Low32, InOut::in_place(body));
        if !tail.is_empty() {
            let mut ks = [0u8; 16];
            self.aes.ctr(ctr, CtrWidth::Low32, InOut::in_place(&mut ks));
            for (x, k) in tail.iter_mut().zip(ks) {
                *x ^= k;
            }
            crate::ct::wipe(&mut ks);
        }
    }

    /// The fused kernel of this backend pairing, if it has one, over as
    /// much of `buf` as it takes (whole steps); returns the bytes done.
    ///
    /// VAES + VPCLMULQDQ (zmm when both backends are the 512-bit ones, else
    /// ymm), AES-NI + PCLMULQDQ and ARMv8 AES + PMULL have one. (For a
    /// 12-byte nonce VAES + VPCLMULQDQ runs `message` instead.) A VAES key with
    /// the PCLMULQDQ GHASH could run the AES-NI kernel on its AES-NI
    /// schedule, but measured 0.75-0.85x of the composed path (VAES CTR,
    /// then PCLMULQDQ GHASH), so that pairing stays composed.
    #[allow(unused_variables)]
    fn fused(&self, seal: bool, ctr: &mut Block, acc: &mut Block, buf: &mut [u8]) -> usize {
        #[cfg(target_arch = "x86_64")]
        if let (Some(ak), ghash::Key::Vpclmul512(gk)) = (self.aes.vaes512_key(), &self.hkey) {
            use crate::aead::aes_gcm_x86_64_vaes::z;
            let io = InOut::in_place(buf);
            // SAFETY: the AES schedule was made under a `Checked` for
            // `vaes512` and the GHASH key under one for `vpclmul512`;
            // together they cover every feature the zmm kernel enables.
            return unsafe {
                if seal {
                    z::seal(ak, gk, ctr, acc, io)
                } else {
                    z::open(ak, gk, ctr, acc, io)
                }
            };
        }
        #[cfg(target_arch = "x86_64")]
        if let (Some(ak), Some(gk)) = (self.aes.vaes_key(), self.vpclmul_key()) {
            use crate::aead::aes_gcm_x86_64_vaes::y;
            let io = InOut::in_place(buf);
            // SAFETY: the AES schedule was made under a `Checked` for
            // `vaes` or `vaes512` and the GHASH key under one for `vpclmul`
            // or `vpclmul512` (each with its narrower sibling's features);
            // together they cover every feature the ymm kernel enables.
            return unsafe {
                if seal {
                    y::seal(ak, gk, ctr, acc, io)
                } else {
                    y::open(ak, gk, ctr, acc, io)
                }
            };
        }
        #[cfg(target_arch = "aarch64")]
        if let (Some(ak), ghash::Key::Pmull(gk)) = (self.aes.armv8_key(), &self.hkey) {
            let io = InOut::in_place(buf);
            // SAFETY: the AES schedule was made under a `Checked` for
            // `armv8` (NEON, AES) and the GHASH key under one for `pmull`
            // (NEON, PMULL); together they cover every instruction the
            // fused kernel uses ("neon,aes": Rust's `aes` feature is AES
            // and PMULL).
            return unsafe {
                if seal {
                    crate::aead::aes_gcm_aarch64::seal(ak, gk, ctr, acc, io)
                } else {
                    crate::aead::aes_gcm_aarch64::open(ak, gk, ctr, acc, io)
                }
            };
        }
        #[cfg(target_arch = "x86_64")]
        if let (Some(ak), ghash::Key::Pclmul(gk)) = (self.aes.aesni_key(), &self.hkey) {
            let io = InOut::in_place(buf);
            // SAFETY: the AES schedule was made under a `Checked` for
            // `aesni` (SSE2, SSSE3, SSE4.1, AES-NI) and the GHASH key under
            // one for `pclmul` (SSE2, SSSE3, SSE4.1, PCLMULQDQ); together
            // they cover every feature the fused kernel enables.
            return unsafe {
                if seal {
                    crate::aead::aes_gcm_x86_64_aesni::seal(ak, gk, ctr, acc, io)
                } else {
                    crate::aead::aes_gcm_x86_64_aesni::open(ak, gk, ctr, acc, io)
                }
            };
        }
        0
    }

    /// The whole-message kernel of this backend pairing, if it has one, for
    /// a 12-byte nonce: seals (or opens) `buf` in place and returns the
    /// full tag.
    #[allow(unused_variables)]
    fn message(&self, seal: bool, nonce: &[u8], aad: &[u8], buf: &mut [u8]) -> Option<Block> {
        let nonce: &[u8; 12] = nonce.try_into().ok()?;
        #[cfg(target_arch = "x86_64")]
        // Under one 16-block step only the ymm tail code runs, at either
        // width; the ymm instance runs it measurably faster at 16-64 bytes
        // (about 20-40 cycles a message on Zen 4), so short messages take it.
        if let (Some(ak), ghash::Key::Vpclmul512(gk), true) =
            (self.aes.vaes512_key(), &self.hkey, buf.len() >= 256)
        {
            use crate::aead::aes_gcm_x86_64_vaes::z::message;
            // SAFETY: as in `fused`: `Checked` proofs for `vaes512` and
            // `vpclmul512` made these keys.
            return Some(unsafe {
                if seal {
                    message::<true>(ak, gk, nonce, aad, buf)
                } else {
                    message::<false>(ak, gk, nonce, aad, buf)
                }
            });
        }
        #[cfg(target_arch = "x86_64")]
        if let (Some(ak), Some(gk)) = (self.aes.vaes_key(), self.vpclmul_key()) {
            use crate::aead::aes_gcm_x86_64_vaes::y::message;
            // SAFETY: as in `fused`: `Checked` proofs for `vaes` or
            // `vaes512` and `vpclmul` or `vpclmul512` made these keys.
            return Some(unsafe {
                if seal {
                    message::<true>(ak, gk, nonce, aad, buf)
                } else {
                    message::<false>(ak, gk, nonce, aad, buf)
                }
            });
        }
        None
    }

    /// The VPCLMULQDQ GHASH key (either width), for the ymm kernels.
    #[cfg(target_arch = "x86_64")]
    fn vpclmul_key(&self) -> Option<&ghash::x86_64_vpclmul::Key> {
        match &self.hkey {
            ghash::Key::Vpclmul(k) | ghash::Key::Vpclmul512(k) => Some(k),
            _ => None,
        }
    }

    /// Encrypts `buf` from inc32(J0) and returns the full tag.
    fn seal_j0(&self, j0: &Block, aad: &[u8], buf: &mut [u8]) -> [u8; 16] {
        let mut ctr = AesGcm::first_counter(j0);
        let mut g = self.ghash();
        g.update_padded(aad);
        let done = self.fused(true, &mut ctr, &mut g.acc, buf);
        for piece in buf[done..].chunks_mut(PIECE) {
            self.ctr(&mut ctr, piece);
            g.update_padded(piece);
        }
        self.tag(g, j0, aad.len(), buf.len())
    }

    /// Decrypts `buf` from inc32(J0) and returns the full tag of the
    /// ciphertext it held (the caller checks it).
    fn open_j0(&self, j0: &Block, aad: &[u8], buf: &mut [u8]) -> [u8; 16] {
        let mut ctr = AesGcm::first_counter(j0);
        let mut g = self.ghash();
        g.update_padded(aad);
        let done = self.fused(false, &mut ctr, &mut g.acc, buf);
        for piece in buf[done..].chunks_mut(PIECE) {
            g.update_padded(piece);
            self.ctr(&mut ctr, piece);
        }
        self.tag(g, j0, aad.len(), buf.len())
    }

    fn first_counter(j0: &Block) -> Block {
        crate::mode::kernels::ctr_add(j0, CtrWidth::Low32, 1)
    }
}

impl Aead for AesGcm {
    fn tag_len(&self) -> usize {
        self.tag_len
    }

    fn seal_in_place_detached(
        &self,
        nonce: &[u8],
        aad: &[u8],
        buf: &mut [u8],
    ) -> Result<Tag, Error> {
        check_lengths(aad, buf.len())?;
        let mut t = match self.message(true, nonce, aad, buf) {
            Some(t) => t,
            None => self.seal_j0(&self.j0(nonce)?, aad, buf),
        };
        let tag = Tag::new(&t, self.tag_len);
        crate::ct::wipe(&mut t);
        // Public: the ciphertext is the seal's output.
        crate::ct::declassify_slice(buf);
        Ok(tag)
    }

    fn open_in_place_detached(
        &self,
        nonce: &[u8],
        aad: &[u8],
        buf: &mut [u8],
        tag: &[u8],
    ) -> Result<(), Error> {
        if tag.len() != self.tag_len {
            return Err(Error::InvalidLength {
                what: "GCM tag (not the length this key was set up for)",
                got: tag.len(),
            });
        }
        check_lengths(aad, buf.len())?;
        let mut t = match self.message(false, nonce, aad, buf) {
            Some(t) => t,
            None => self.open_j0(&self.j0(nonce)?, aad, buf),
        };
        let r = check_tag(&t[..self.tag_len], tag);
        crate::ct::wipe(&mut t);
        if r.is_err() {
            zeroize::Zeroize::zeroize(buf);
        }
        r
    }
}

/// GMAC (SP 800-38D section 3): GCM with no plaintext, a MAC over the
/// data as AAD, under a unique nonce per message.
#[derive(Clone, Debug)]
pub struct Gmac {
    gcm: AesGcm,
}

impl Gmac {
    /// GMAC with an AES key of 16, 24 or 32 bytes and 16-byte tags.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for another key length.
    pub fn new(key: &[u8]) -> Result<Gmac, Error> {
        Ok(Gmac {
            gcm: AesGcm::new(key)?,
        })
    }

    /// GMAC with tags of `tag_len` bytes, on chosen backends.
    ///
    /// # Errors
    /// As [`AesGcm::with_impl`].
    pub fn with_impl(
        key: &[u8],
        tag_len: usize,
        aes_imp: aes::Checked,
        ghash_imp: ghash::Checked,
    ) -> Result<Gmac, Error> {
        Ok(Gmac {
            gcm: AesGcm::with_impl(key, tag_len, aes_imp, ghash_imp)?,
        })
    }

    /// The tag of `data` under `nonce`.
    ///
    /// # Errors
    /// As [`Aead::seal_in_place_detached`] for the nonce and length.
    pub fn compute(&self, nonce: &[u8], data: &[u8]) -> Result<Tag, Error> {
        self.gcm.seal_in_place_detached(nonce, data, &mut [])
    }

    /// Checks `tag` on `data` under `nonce`, in constant time.
    ///
    /// # Errors
    /// As [`Gmac::compute`], [`Error::InvalidLength`] for a tag of the
    /// wrong length, [`Error::VerificationFailed`].
    pub fn verify(&self, nonce: &[u8], data: &[u8], tag: &[u8]) -> Result<(), Error> {
        self.gcm.open_in_place_detached(nonce, data, &mut [], tag)
    }
}

/// GCM's limits (SP 800-38D section 5.2.1.1) on the plaintext and the AAD
/// of one message, for every GCM here (AES's and [`super::gcm128`]'s).
pub(super) fn check_lengths(aad: &[u8], len: usize) -> Result<(), Error> {
    if len as u64 > MAX_PLAINTEXT {
        return Err(Error::LimitExceeded {
            what: "GCM plaintext (at most 2^36 - 32 bytes per nonce)",
        });
    }
    if aad.len() as u64 > MAX_AAD {
        return Err(Error::LimitExceeded {
            what: "GCM AAD (at most 2^61 - 1 bytes)",
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    /// J0 values whose 32-bit counter wraps inside the message (a non-96-bit
    /// nonce can hash to any J0): every backend pairing, the fused kernel
    /// included, must wrap only the low 32 bits, as the portable pair does.
    #[test]
    fn counter_wraps_mod_2_32_on_every_pairing() {
        let key = [0x42u8; 16];
        let reference = AesGcm::with_impl(
            &key,
            16,
            aes::Impl::Soft.check().unwrap(),
            ghash::Impl::Soft.check().unwrap(),
        )
        .unwrap();
        let msg: Vec<u8> = (0..4096 + 7).map(|i| (i * 7 + 3) as u8).collect();
        let mut pairs = 0;
        for a in aes::Impl::ALL.iter().filter_map(|a| a.check()) {
            for g in ghash::Impl::ALL.iter().filter_map(|g| g.check()) {
                let gcm = AesGcm::with_impl(&key, 16, a, g).unwrap();
                for k in [0u32, 1, 2, 5, 15, 16, 17, 20, 31, 100] {
                    let mut j0 = [0xa5u8; 16];
                    j0[12..].copy_from_slice(&(u32::MAX - k).to_be_bytes());
                    for len in [0usize, 17, 256, 257, 513, 4096 + 7] {
                        let mut want = msg[..len].to_vec();
                        let tw = reference.seal_j0(&j0, b"aad", &mut want);
                        let mut got = msg[..len].to_vec();
                        let tg = gcm.seal_j0(&j0, b"aad", &mut got);
                        assert_eq!((&got, tg), (&want, tw), "{a:?} {g:?} k={k} len={len}");
                        let t2 = gcm.open_j0(&j0, b"aad", &mut got);
                        assert_eq!(
                            (&got[..], t2),
                            (&msg[..len], tw),
                            "open {a:?} {g:?} k={k} len={len}"
                        );
                    }
                }
                pairs += 1;
            }
        }
        std::eprintln!("gcm wrap: {pairs} pairings");
        assert!(pairs >= 1);
    }
}
