//! GCM (NIST SP 800-38D) over a 128-bit block cipher other than AES, once
//! for all of them: SM4-GCM ([`super::sm4_gcm`]) and Camellia-GCM
//! ([`super::camellia_gcm`]). AES-GCM has its own fused kernels.
//!
//! 16-byte tags; nonces of 12 bytes (the recommended length) or of any
//! other non-zero length, which GCM hashes into the first counter block
//! (`J0 = GHASH_H(nonce || 0 || len(nonce))`, SP 800-38D section 7.1; then
//! the counter is key-dependent and secret, and only ever incremented
//! without a branch, as the AES-GCM counters are). The encryption is CTR
//! with GCM's 32-bit counter on the cipher's backend
//! ([`crate::mode::block128`]), the hash the shared [`Ghash`] on its best
//! backend; plaintext up to 2^36 - 32 bytes per nonce.

use super::ghash::Ghash;
use super::{Tag, check_tag};
use crate::Error;
use crate::cipher::Block;
use crate::cipher::InOut;
use crate::cipher::aes::CtrWidth;
use crate::mode::block128::{BlockCipher128, Ctr128};

/// A block cipher that GCM runs over: the names its errors carry.
pub(crate) trait GcmCipher: BlockCipher128 {
    /// "SM4-GCM nonce (at least 1 byte; 12 recommended)", ...
    const NONCE_WHAT: &'static str;
    /// "SM4-GCM tag (must be 16 bytes)", ...
    const TAG_WHAT: &'static str;
}

/// A GCM key: the cipher's key schedule and the hash key `H = E_K(0)`
/// (wiped on drop).
#[derive(Clone, Debug)]
pub(crate) struct Gcm<C> {
    pub(crate) cipher: C,
    h: Block,
}

impl<C> Drop for Gcm<C> {
    fn drop(&mut self) {
        crate::ct::wipe(&mut self.h);
    }
}

/// The cipher by reference, for the CTR mode object.
struct ByRef<'a, C>(&'a C);

impl<C: BlockCipher128> BlockCipher128 for ByRef<'_, C> {
    fn encrypt_blocks(&self, blocks: &mut [Block]) {
        self.0.encrypt_blocks(blocks)
    }
    fn decrypt_blocks(&self, blocks: &mut [Block]) {
        self.0.decrypt_blocks(blocks)
    }
}

impl<C: GcmCipher> Gcm<C> {
    pub(crate) fn new(cipher: C) -> Gcm<C> {
        let h = cipher.encrypt_block([0; 16]);
        Gcm { cipher, h }
    }

    fn j0(&self, nonce: &[u8], aad: &[u8], len: usize) -> Result<Block, Error> {
        if nonce.is_empty() || nonce.len() as u64 > u64::MAX / 8 {
            return Err(Error::InvalidLength {
                what: C::NONCE_WHAT,
                got: nonce.len(),
            });
        }
        super::aes_gcm::check_lengths(aad, len)?;
        if nonce.len() == 12 {
            let mut j0 = [0u8; 16];
            j0[..12].copy_from_slice(nonce);
            j0[15] = 1;
            return Ok(j0);
        }
        let mut g = Ghash::new(&self.h);
        g.update_padded(nonce);
        let mut lens = [0u8; 16];
        lens[8..].copy_from_slice(&(nonce.len() as u64 * 8).to_be_bytes());
        g.update(&lens);
        Ok(g.finalize())
    }

    /// CTR from inc32(J0) over `buf`.
    fn ctr(&self, j0: &Block, buf: &mut [u8]) {
        // inc32: the low 32 bits plus one, wrapping (J0's low word is 1
        // for a 12-byte nonce, anything for the others).
        let c = crate::mode::kernels::ctr_add(j0, CtrWidth::Low32, 1);
        // GCM's plaintext limit (`aes_gcm::MAX_PLAINTEXT`) keeps the block count below 2^32 - 1, so no
        // counter value repeats (the low word wraps mod 2^32, as GCM's).
        let mut ctr = Ctr128::new(ByRef(&self.cipher), &c).unwrap_or_else(|_| unreachable!());
        ctr.run_width(CtrWidth::Low32, InOut::in_place(buf));
    }

    fn tag(&self, j0: &Block, aad: &[u8], ct: &[u8]) -> Block {
        let mut g = Ghash::new(&self.h);
        g.update_padded(aad);
        g.update_padded(ct);
        let mut lens = [0u8; 16];
        lens[..8].copy_from_slice(&(aad.len() as u64 * 8).to_be_bytes());
        lens[8..].copy_from_slice(&(ct.len() as u64 * 8).to_be_bytes());
        g.update(&lens);
        let mut s = g.finalize();
        let e = self.cipher.encrypt_block(*j0);
        for (x, y) in s.iter_mut().zip(e) {
            *x ^= y;
        }
        s
    }

    /// [`super::Aead::seal_in_place_detached`].
    pub(crate) fn seal(&self, nonce: &[u8], aad: &[u8], buf: &mut [u8]) -> Result<Tag, Error> {
        let j0 = self.j0(nonce, aad, buf.len())?;
        self.ctr(&j0, buf);
        let mut t = self.tag(&j0, aad, buf);
        let tag = Tag::new(&t, 16);
        crate::ct::wipe(&mut t);
        // Public: the ciphertext is the seal's output.
        crate::ct::declassify_slice(buf);
        Ok(tag)
    }

    /// [`super::Aead::open_in_place_detached`]: a wrong tag leaves `buf`
    /// zeroed.
    pub(crate) fn open(
        &self,
        nonce: &[u8],
        aad: &[u8],
        buf: &mut [u8],
        tag: &[u8],
    ) -> Result<(), Error> {
        let j0 = self.j0(nonce, aad, buf.len())?;
        if tag.len() != 16 {
            return Err(Error::InvalidLength {
                what: C::TAG_WHAT,
                got: tag.len(),
            });
        }
        let t = self.tag(&j0, aad, buf);
        if let Err(e) = check_tag(&t, tag) {
            zeroize::Zeroize::zeroize(buf);
            return Err(e);
        }
        self.ctr(&j0, buf);
        Ok(())
    }
}

/// A public GCM type over the cipher `$cipher` of module `$m`: the
/// newtype, `new`/`with_impl`/`backend`, and the [`Aead`](super::Aead)
/// impl, the same for every cipher (SM4-GCM, Camellia-GCM).
macro_rules! gcm_type {
    ($(#[$doc:meta])* $name:ident, $cipher:ident, $m:ident, $keys:literal) => {
        $(#[$doc])*
        #[derive(Clone, Debug)]
        pub struct $name(super::gcm128::Gcm<$cipher>);

        impl $name {
            #[doc = concat!("Sets up a ", $keys, " key on the best ", stringify!($cipher), " backend.")]
            ///
            /// # Errors
            /// [`Error::InvalidLength`] for another key length.
            pub fn new(key: &[u8]) -> Result<$name, Error> {
                $name::with_impl(key, $m::Impl::best())
            }

            #[doc = concat!("Like [`", stringify!($name), "::new`], on the backend `imp`.")]
            ///
            /// # Errors
            #[doc = concat!("As [`", stringify!($name), "::new`].")]
            pub fn with_impl(key: &[u8], imp: $m::Checked) -> Result<$name, Error> {
                Ok($name(super::gcm128::Gcm::new($cipher::with_impl(key, imp)?)))
            }

            #[doc = concat!("The ", stringify!($cipher), " backend.")]
            pub fn backend(&self) -> $m::Impl {
                self.0.cipher.backend()
            }
        }

        impl super::Aead for $name {
            fn tag_len(&self) -> usize {
                16
            }

            fn seal_in_place_detached(
                &self,
                nonce: &[u8],
                aad: &[u8],
                buf: &mut [u8],
            ) -> Result<super::Tag, Error> {
                self.0.seal(nonce, aad, buf)
            }

            fn open_in_place_detached(
                &self,
                nonce: &[u8],
                aad: &[u8],
                buf: &mut [u8],
                tag: &[u8],
            ) -> Result<(), Error> {
                self.0.open(nonce, aad, buf, tag)
            }
        }
    };
}
pub(crate) use gcm_type;
