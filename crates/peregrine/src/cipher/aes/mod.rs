//! AES-128/192/256 (FIPS 197): the block function and key schedule on every
//! backend.
//!
//! A key is set up once for one backend ([`Aes::new`] picks the best, or
//! [`Aes::with_impl`]); the round keys are that backend's own layout and are
//! wiped when the key is dropped. The modes of operation are in
//! [`crate::mode`]; they call the wide kernels here, so every mode runs on
//! every backend.
//!
//! ```
//! use peregrine::cipher::aes::Aes;
//! let key = Aes::new(&[0u8; 16]).unwrap();
//! let mut block = [0u8; 16];
//! key.encrypt_block(&mut block);
//! assert_eq!(block[..4], [0x66, 0xe9, 0x4b, 0xd4]);
//! key.decrypt_block(&mut block);
//! assert_eq!(block, [0u8; 16]);
//! ```

use crate::Error;
use crate::cipher::{Block, InOut};
use crate::cpu;

/// Runs `$body` over the `$n` blocks in steps of 8 units of `$unit`
/// blocks (1 for one block per register, 2 for VAES's two), then one step
/// each of 4, 2 and 1 units as needed: `$w` is a `const` of the step's
/// width in units and `$at` the first block of the step. Evaluates to the
/// number of blocks done; fewer than `$unit` are left over.
#[allow(unused_macros)]
macro_rules! steps {
    ($n:expr, $unit:expr, $at:ident, $w:ident, $body:block) => {{
        let n: usize = $n;
        let unit: usize = $unit;
        let mut $at = 0usize;
        while n - $at >= 8 * unit {
            {
                const $w: usize = 8;
                $body
            }
            $at += 8 * unit;
        }
        if n - $at >= 4 * unit {
            {
                const $w: usize = 4;
                $body
            }
            $at += 4 * unit;
        }
        if n - $at >= 2 * unit {
            {
                const $w: usize = 2;
                $body
            }
            $at += 2 * unit;
        }
        if n - $at >= unit {
            {
                const $w: usize = 1;
                $body
            }
            $at += unit;
        }
        $at
    }};
}

/// Calls `$f::<NR, ...>` with the key's round count as a constant (and
/// any further generic arguments after it).
#[allow(unused_macros)]
macro_rules! by_rounds {
    ($rounds:expr, $f:ident $(::<$($g:tt),*>)? ( $($arg:expr),* )) => {
        match $rounds {
            10 => $f::<10 $($(, $g)*)?>($($arg),*),
            12 => $f::<12 $($(, $g)*)?>($($arg),*),
            _ => $f::<14 $($(, $g)*)?>($($arg),*),
        }
    };
}
#[allow(unused_imports)]
pub(crate) use by_rounds;

#[cfg(target_arch = "aarch64")]
pub(crate) mod aarch64_aes;
#[cfg(target_arch = "aarch64")]
mod aarch64_neon;
#[cfg(all(target_arch = "arm", target_endian = "little"))]
pub(crate) mod arm_aes;
#[cfg(all(target_arch = "arm", target_endian = "little"))]
mod arm_neon;
#[cfg(all(target_arch = "arm", target_endian = "little"))]
mod arm_neon_asm;
pub(crate) mod soft;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86_64_aesni;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86_64_vaes;

crate::cpu::backends! {
    primitive: "aes", doc: "An AES backend.";
    /// VAES on 512-bit registers (four blocks per instruction, 32 in
    /// flight) with AVX-512, for the parallel modes; the same code as
    /// `vaes` instantiated at the other width. Needs `zmm`: where 512-bit
    /// vectors cost clock, `vaes` (ymm) runs instead.
    Vaes512 = "vaes512", "x86_64", [Sse2, Ssse3, Sse41, Avx, Avx2, Aes, Vaes, Vpclmulqdq, Avx512f, Avx512bw, Avx512vl, Zmm];
    /// VAES on 256-bit registers (two blocks per instruction) with AVX2,
    /// for the parallel modes; AES-NI for the serial ones. VPCLMULQDQ
    /// computes the XTS tweaks (every CPU with VAES has it).
    Vaes = "vaes", "x86_64", [Sse2, Ssse3, Sse41, Avx, Avx2, Aes, Vaes, Vpclmulqdq];
    /// AES-NI (`aesenc`, `aesdec`, `aeskeygenassist`, `aesimc`) with
    /// 8-block interleaving.
    Aesni = "aesni", "x86_64", [Sse2, Ssse3, Sse41, Aes];
    /// ARMv8 `aese`/`aesmc`/`aesd`/`aesimc`: 8-block interleaving on
    /// aarch64, 4 blocks in 32-bit ARM code (`arm_aes.rs`).
    Armv8 = "armv8", ("aarch64", "arm-le"), [Neon, Aes];
    /// NEON without the AES instructions: `soft`'s 32-bit fixslicing in
    /// each 32-bit lane, eight blocks at a time (`arm_neon.rs`, generated
    /// `asm!`, on 32-bit ARM; `aarch64_neon.rs`, `soft`'s generic code at
    /// a vector word, on aarch64); fewer blocks run `soft`.
    Neon = "neon", ("aarch64", "arm-le"), [Neon];
    /// Portable Rust, bitsliced (fixslicing): constant time, no tables.
    Soft = "soft", any, [];
}

/// Which way a block function runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dir {
    Encrypt,
    Decrypt,
}

/// How a CTR counter block is incremented.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CtrWidth {
    /// The whole block as a 128-bit big-endian integer, modulo 2^128
    /// (SP 800-38A appendix B.1 with m = 128).
    Full,
    /// Only the last four bytes, big-endian, modulo 2^32; the first twelve
    /// never change (GCM's `inc32`, SP 800-38D section 6.2).
    Low32,
}

/// The FIPS 197 key expansion into `4 * (rounds + 1)` words (little-endian
/// loads of the key bytes, so `w[i].to_le_bytes()` is the word's bytes),
/// with the backend's own constant-time `sub_word` (S-box on each byte).
///
/// `key` is 16, 24 or 32 bytes (callers check). Returns the words and the
/// number of rounds. Used by the instruction-set backends (`soft` keeps its
/// own fixsliced schedule), so it exists where they do, and for its test.
#[cfg(any(
    test,
    target_arch = "x86_64",
    target_arch = "aarch64",
    all(target_arch = "arm", target_endian = "little")
))]
pub(crate) fn expand_words(key: &[u8], sub_word: impl Fn(u32) -> u32) -> ([u32; 60], usize) {
    let nk = key.len() / 4;
    let rounds = nk + 6;
    let mut w = [0u32; 60];
    for (i, c) in key.chunks_exact(4).enumerate() {
        w[i] = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
    }
    let mut rcon = 1u32;
    for i in nk..4 * (rounds + 1) {
        let mut t = w[i - 1];
        if i % nk == 0 {
            // RotWord moves byte 0 to the end: a right rotation of the
            // little-endian word.
            t = sub_word(t.rotate_right(8)) ^ rcon;
            rcon = (rcon << 1) ^ (0x11b & (rcon >> 7).wrapping_neg());
        } else if nk > 6 && i % nk == 4 {
            t = sub_word(t);
        }
        w[i] = w[i - nk] ^ t;
    }
    (w, rounds)
}

/// The per-backend key schedules. The fixsliced one is the largest (968
/// bytes against AES-NI's 488); boxing it would put an allocation in every
/// key setup of the portable backend, so the spread is accepted. The
/// aarch64 `neon` schedule boxes its four-lane copy of the fixsliced one
/// (1,936 bytes), so that every other key does not grow.
#[derive(Clone)]
#[allow(clippy::large_enum_variant)]
enum Sched {
    Soft(soft::Key),
    #[cfg(target_arch = "x86_64")]
    Aesni(x86_64_aesni::Key),
    #[cfg(target_arch = "x86_64")]
    Vaes(x86_64_vaes::Key),
    #[cfg(target_arch = "x86_64")]
    Vaes512(x86_64_vaes::Key),
    #[cfg(target_arch = "aarch64")]
    Armv8(aarch64_aes::Key),
    #[cfg(all(target_arch = "arm", target_endian = "little"))]
    Armv8(arm_aes::Key),
    #[cfg(all(target_arch = "arm", target_endian = "little"))]
    Neon(arm_neon::Key),
    #[cfg(target_arch = "aarch64")]
    Neon(aarch64_neon::Key),
}

/// An AES key set up for one backend.
///
/// `Clone` copies the schedule; every copy is wiped when dropped.
#[derive(Clone)]
pub struct Aes {
    sched: Sched,
    imp: Checked,
    key_len: usize,
}

impl core::fmt::Debug for Aes {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Aes")
            .field("key_bits", &(self.key_len * 8))
            .field("backend", &self.imp.get().name())
            .finish_non_exhaustive()
    }
}

pub(crate) fn check_key_len(key: &[u8]) -> Result<(), Error> {
    match key.len() {
        16 | 24 | 32 => Ok(()),
        got => Err(Error::InvalidLength {
            what: "AES key (must be 16, 24 or 32 bytes)",
            got,
        }),
    }
}

impl Aes {
    /// Sets up `key` (16, 24 or 32 bytes) on the best backend.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for any other key length.
    pub fn new(key: &[u8]) -> Result<Aes, Error> {
        let imp = Impl::best();
        let aes = Aes::with_impl(key, imp)?;
        cpu::log_choice("aes", imp.get().name());
        Ok(aes)
    }

    /// Sets up `key` on the backend `imp`.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] unless the key is 16, 24 or 32 bytes.
    pub fn with_impl(key: &[u8], imp: Checked) -> Result<Aes, Error> {
        check_key_len(key)?;
        let sched = match imp.get() {
            // In every `unsafe` arm of this file: a `Checked` (here `imp`, in
            // the methods the one the schedule was made from) proves the CPU
            // has the backend's features; `InOut`s are valid by construction.
            #[cfg(target_arch = "x86_64")]
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            Impl::Vaes => Sched::Vaes(unsafe { x86_64_vaes::Key::new(key) }),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            Impl::Vaes512 => Sched::Vaes512(unsafe { x86_64_vaes::Key::new(key) }),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            Impl::Aesni => Sched::Aesni(unsafe { x86_64_aesni::Key::new(key) }),
            #[cfg(target_arch = "aarch64")]
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            Impl::Armv8 => Sched::Armv8(unsafe { aarch64_aes::Key::new(key) }),
            #[cfg(all(target_arch = "arm", target_endian = "little"))]
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            Impl::Armv8 => Sched::Armv8(unsafe { arm_aes::Key::new(key) }),
            #[cfg(all(target_arch = "arm", target_endian = "little"))]
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            Impl::Neon => match unsafe { arm_neon::Key::new(key) } {
                Some(k) => Sched::Neon(k),
                None => unreachable!("key length checked above"),
            },
            #[cfg(target_arch = "aarch64")]
            Impl::Neon => match aarch64_neon::Key::new(key) {
                Some(k) => Sched::Neon(k),
                None => unreachable!("key length checked above"),
            },
            _ => match soft::Key::new(key) {
                Some(k) => Sched::Soft(k),
                None => unreachable!("key length checked above"),
            },
        };
        Ok(Aes {
            sched,
            imp,
            key_len: key.len(),
        })
    }

    /// The key length in bytes (16, 24 or 32).
    pub fn key_len(&self) -> usize {
        self.key_len
    }

    /// The VAES schedule, when this key was set up for VAES (for fused
    /// AES-GCM kernels).
    #[cfg(target_arch = "x86_64")]
    #[cfg(feature = "aead")]
    pub(crate) fn vaes_key(&self) -> Option<&x86_64_vaes::Key> {
        match &self.sched {
            Sched::Vaes(k) | Sched::Vaes512(k) => Some(k),
            _ => None,
        }
    }

    /// The VAES schedule, when this key was set up for `vaes512` (for the
    /// zmm fused AES-GCM kernels).
    #[cfg(target_arch = "x86_64")]
    #[cfg(feature = "aead")]
    pub(crate) fn vaes512_key(&self) -> Option<&x86_64_vaes::Key> {
        match &self.sched {
            Sched::Vaes512(k) => Some(k),
            _ => None,
        }
    }

    /// The ARMv8 schedule, when this key was set up for `armv8` (for fused
    /// AES-GCM kernels).
    #[cfg(target_arch = "aarch64")]
    #[cfg(feature = "aead")]
    pub(crate) fn armv8_key(&self) -> Option<&aarch64_aes::Key> {
        match &self.sched {
            Sched::Armv8(k) => Some(k),
            _ => None,
        }
    }

    /// The AES-NI schedule, when this key was set up for AES-NI (for fused
    /// AES-GCM kernels).
    #[cfg(target_arch = "x86_64")]
    #[cfg(feature = "aead")]
    pub(crate) fn aesni_key(&self) -> Option<&x86_64_aesni::Key> {
        match &self.sched {
            Sched::Aesni(k) => Some(k),
            _ => None,
        }
    }

    /// The backend this key was set up for.
    pub fn backend(&self) -> Impl {
        self.imp.get()
    }

    /// Encrypts one block in place.
    pub fn encrypt_block(&self, block: &mut Block) {
        self.ecb(Dir::Encrypt, InOut::in_place(block));
    }

    /// Decrypts one block in place.
    pub fn decrypt_block(&self, block: &mut Block) {
        self.ecb(Dir::Decrypt, InOut::in_place(block));
    }

    /// ECB over the whole blocks of `io` (its length is a multiple of 16).
    pub(crate) fn ecb(&self, dir: Dir, io: InOut<'_>) {
        debug_assert_eq!(io.len() % 16, 0);
        match &self.sched {
            Sched::Soft(k) => crate::mode::kernels::ecb(k, dir, io),
            #[cfg(any(
                all(target_arch = "arm", target_endian = "little"),
                target_arch = "aarch64"
            ))]
            Sched::Neon(k) => crate::mode::kernels::ecb(k, dir, io),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            Sched::Aesni(k) => unsafe { x86_64_aesni::ecb(k, dir, io) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            Sched::Vaes(k) => unsafe { x86_64_vaes::ecb(k, dir, io) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            Sched::Vaes512(k) => unsafe { x86_64_vaes::z::ecb(k, dir, io) },
            #[cfg(target_arch = "aarch64")]
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            Sched::Armv8(k) => unsafe { aarch64_aes::ecb(k, dir, io) },
            #[cfg(all(target_arch = "arm", target_endian = "little"))]
            Sched::Armv8(k) => crate::mode::kernels::ecb(k, dir, io),
        }
    }

    /// CBC encryption of the whole blocks of `io`, chaining from `iv`,
    /// which is left holding the last ciphertext block.
    pub(crate) fn cbc_encrypt(&self, iv: &mut Block, io: InOut<'_>) {
        debug_assert_eq!(io.len() % 16, 0);
        match &self.sched {
            Sched::Soft(k) => crate::mode::kernels::cbc_encrypt(k, iv, io),
            #[cfg(any(
                all(target_arch = "arm", target_endian = "little"),
                target_arch = "aarch64"
            ))]
            Sched::Neon(k) => crate::mode::kernels::cbc_encrypt(k, iv, io),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            Sched::Aesni(k) => unsafe { x86_64_aesni::cbc_encrypt(k, iv, io) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            Sched::Vaes(k) | Sched::Vaes512(k) => unsafe {
                x86_64_aesni::cbc_encrypt(k.aesni(), iv, io)
            },
            #[cfg(target_arch = "aarch64")]
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            Sched::Armv8(k) => unsafe { aarch64_aes::cbc_encrypt(k, iv, io) },
            #[cfg(all(target_arch = "arm", target_endian = "little"))]
            Sched::Armv8(k) => crate::mode::kernels::cbc_encrypt(k, iv, io),
        }
    }

    /// CBC decryption of the whole blocks of `io`; `iv` is left holding
    /// the last ciphertext block.
    pub(crate) fn cbc_decrypt(&self, iv: &mut Block, io: InOut<'_>) {
        debug_assert_eq!(io.len() % 16, 0);
        match &self.sched {
            Sched::Soft(k) => crate::mode::kernels::cbc_decrypt(k, iv, io),
            #[cfg(any(
                all(target_arch = "arm", target_endian = "little"),
                target_arch = "aarch64"
            ))]
            Sched::Neon(k) => crate::mode::kernels::cbc_decrypt(k, iv, io),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            Sched::Aesni(k) => unsafe { x86_64_aesni::cbc_decrypt(k, iv, io) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            Sched::Vaes(k) => unsafe { x86_64_vaes::cbc_decrypt(k, iv, io) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            Sched::Vaes512(k) => unsafe {
                if io.blocks() < x86_64_vaes::Z_CHAIN_MIN {
                    x86_64_vaes::cbc_decrypt(k, iv, io)
                } else {
                    x86_64_vaes::z::cbc_decrypt(k, iv, io)
                }
            },
            #[cfg(target_arch = "aarch64")]
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            Sched::Armv8(k) => unsafe { aarch64_aes::cbc_decrypt(k, iv, io) },
            #[cfg(all(target_arch = "arm", target_endian = "little"))]
            Sched::Armv8(k) => crate::mode::kernels::cbc_decrypt(k, iv, io),
        }
    }

    /// CFB128 decryption of the whole blocks of `io` (parallel); `iv`, the
    /// shift register, is left holding the last ciphertext block.
    pub(crate) fn cfb_decrypt(&self, iv: &mut Block, io: InOut<'_>) {
        debug_assert_eq!(io.len() % 16, 0);
        match &self.sched {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            Sched::Vaes(k) => unsafe { x86_64_vaes::cfb_decrypt(k, iv, io) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            Sched::Vaes512(k) => unsafe {
                if io.blocks() < x86_64_vaes::Z_CHAIN_MIN {
                    x86_64_vaes::cfb_decrypt(k, iv, io)
                } else {
                    x86_64_vaes::z::cfb_decrypt(k, iv, io)
                }
            },
            // The others: batches through their own parallel ECB.
            _ => crate::mode::kernels::cfb_decrypt(&EcbOf(self), iv, io),
        }
    }

    /// CBC-MAC over the whole blocks of `data` (CMAC's inner loop): `state`
    /// becomes E(... E(state ^ m0) ^ m1 ...).
    pub(crate) fn cbc_mac(&self, state: &mut Block, data: &[u8]) {
        debug_assert_eq!(data.len() % 16, 0);
        match &self.sched {
            Sched::Soft(k) => crate::mode::kernels::cbc_mac(k, state, data),
            #[cfg(any(
                all(target_arch = "arm", target_endian = "little"),
                target_arch = "aarch64"
            ))]
            Sched::Neon(k) => crate::mode::kernels::cbc_mac(k, state, data),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            Sched::Aesni(k) => unsafe { x86_64_aesni::cbc_mac(k, state, data) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            Sched::Vaes(k) | Sched::Vaes512(k) => unsafe {
                x86_64_aesni::cbc_mac(k.aesni(), state, data)
            },
            #[cfg(target_arch = "aarch64")]
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            Sched::Armv8(k) => unsafe { aarch64_aes::cbc_mac(k, state, data) },
            #[cfg(all(target_arch = "arm", target_endian = "little"))]
            Sched::Armv8(k) => crate::mode::kernels::cbc_mac(k, state, data),
        }
    }

    /// CTR over the whole blocks of `io`, starting at counter block `ctr`,
    /// which is left holding the next unused counter.
    pub(crate) fn ctr(&self, ctr: &mut Block, width: CtrWidth, io: InOut<'_>) {
        debug_assert_eq!(io.len() % 16, 0);
        match &self.sched {
            Sched::Soft(k) => crate::mode::kernels::ctr(k, ctr, width, io),
            #[cfg(all(target_arch = "arm", target_endian = "little"))]
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            Sched::Neon(k) => unsafe { arm_neon::ctr(k, ctr, width, io) },
            #[cfg(target_arch = "aarch64")]
            Sched::Neon(k) => crate::mode::kernels::ctr(k, ctr, width, io),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            Sched::Aesni(k) => unsafe { x86_64_aesni::ctr(k, ctr, width, io) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            Sched::Vaes(k) => unsafe { x86_64_vaes::ctr(k, ctr, width, io) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            Sched::Vaes512(k) => unsafe { x86_64_vaes::z::ctr(k, ctr, width, io) },
            #[cfg(target_arch = "aarch64")]
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            Sched::Armv8(k) => unsafe { aarch64_aes::ctr(k, ctr, width, io) },
            #[cfg(all(target_arch = "arm", target_endian = "little"))]
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            Sched::Armv8(k) => unsafe { arm_aes::ctr(k, ctr, width, io) },
        }
    }

    /// XTS ciphertext stealing with this key as the data key: `io` holds
    /// the last whole block and the partial block after it (17 to 31
    /// bytes), `tweak` the (encrypted) tweak of the whole block. The zmm
    /// backend does it in one kernel with byte-masked moves; the others
    /// with two one-block calls.
    pub(crate) fn xts_steal(&self, dir: Dir, tweak: &Block, mut io: InOut<'_>) {
        let r = io.len().wrapping_sub(16);
        assert!(r > 0 && r < 16, "XTS stealing takes 17 to 31 bytes");
        #[cfg(target_arch = "x86_64")]
        if let Sched::Vaes512(k) = &self.sched {
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            return unsafe { x86_64_vaes::z::xts_steal(k, dir, tweak, io) };
        }
        let t = *tweak;
        let t_next = crate::mode::kernels::xts_double(&t);
        // The tweaks of the last whole block (m-1) and of the partial
        // block (m): decryption takes them in the other order.
        let (ta, tb) = match dir {
            Dir::Encrypt => (t, t_next),
            Dir::Decrypt => (t_next, t),
        };
        let mut cc: Block = io.read(0);
        self.xts(dir, &mut { ta }, InOut::in_place(&mut cc));
        // The partial block, its missing bytes stolen from `cc`.
        let mut pp = cc;
        for (i, x) in pp.iter_mut().enumerate().take(r) {
            *x = io.read::<1>(16 + i)[0];
        }
        self.xts(dir, &mut { tb }, InOut::in_place(&mut pp));
        io.write(0, &pp);
        io.write(16, &cc[..r]);
        crate::ct::wipe(&mut cc);
        crate::ct::wipe(&mut pp);
    }

    /// XTS over the whole blocks of `io` with this key as the data key;
    /// `tweak` is the encrypted tweak of the first block and is left
    /// holding the tweak of the block after the last.
    pub(crate) fn xts(&self, dir: Dir, tweak: &mut Block, io: InOut<'_>) {
        debug_assert_eq!(io.len() % 16, 0);
        match &self.sched {
            Sched::Soft(k) => crate::mode::kernels::xts(k, dir, tweak, io),
            #[cfg(any(
                all(target_arch = "arm", target_endian = "little"),
                target_arch = "aarch64"
            ))]
            Sched::Neon(k) => crate::mode::kernels::xts(k, dir, tweak, io),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            Sched::Aesni(k) => unsafe { x86_64_aesni::xts(k, dir, tweak, io) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            Sched::Vaes(k) => unsafe {
                if io.blocks() < XTS_NI_SHORT {
                    x86_64_aesni::xts(k.ni(), dir, tweak, io)
                } else {
                    x86_64_vaes::xts(k, dir, tweak, io)
                }
            },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            Sched::Vaes512(k) => unsafe {
                if io.blocks() < XTS_NI_SHORT {
                    x86_64_aesni::xts(k.ni(), dir, tweak, io)
                } else if io.blocks() < x86_64_vaes::Z_CHAIN_MIN {
                    x86_64_vaes::xts(k, dir, tweak, io)
                } else {
                    x86_64_vaes::z::xts(k, dir, tweak, io)
                }
            },
            #[cfg(target_arch = "aarch64")]
            // SAFETY: see `with_impl`: a `Checked` for this backend.
            Sched::Armv8(k) => unsafe { aarch64_aes::xts(k, dir, tweak, io) },
            #[cfg(all(target_arch = "arm", target_endian = "little"))]
            Sched::Armv8(k) => crate::mode::kernels::xts(k, dir, tweak, io),
        }
    }
}

/// XTS data units shorter than this many blocks on a VAES key go straight
/// to the AES-NI code, which the ymm kernel would hand them to anyway
/// (building a whole step's tweaks costs more than the wider code saves):
/// calling it from here saves the two entry layers, about 10% at 16 to
/// 128 bytes on a Sapphire Rapids (16 B: 3.33 to 2.97 cycles/byte).
#[cfg(target_arch = "x86_64")]
const XTS_NI_SHORT: usize = 16;

/// An [`Aes`] key as a `BlockCipher` for the generic mode kernels: its
/// blocks go through the backend's own ECB kernel.
struct EcbOf<'a>(&'a Aes);

impl crate::mode::kernels::BlockCipher for EcbOf<'_> {
    fn encrypt_blocks(&self, blocks: &mut [Block]) {
        self.0
            .ecb(Dir::Encrypt, InOut::in_place(blocks.as_flattened_mut()));
    }
    fn decrypt_blocks(&self, blocks: &mut [Block]) {
        self.0
            .ecb(Dir::Decrypt, InOut::in_place(blocks.as_flattened_mut()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_expansion_fips197_a1() {
        // FIPS 197 appendix A.1-A.3, with the S-box computed from its
        // definition (inverse in GF(2^8) by exponentiation, then the affine
        // map): slow and test-only, but independent of every backend.
        fn sbox(x: u8) -> u8 {
            fn mul(a: u8, b: u8) -> u8 {
                let (mut a, mut b, mut p) = (a, b, 0u8);
                for _ in 0..8 {
                    p ^= a & (b & 1).wrapping_neg();
                    a = (a << 1) ^ (0x1b & (a >> 7).wrapping_neg());
                    b >>= 1;
                }
                p
            }
            let mut inv = 1u8;
            for _ in 0..254 {
                inv = mul(inv, x);
            }
            let b = inv;
            b ^ b.rotate_left(1) ^ b.rotate_left(2) ^ b.rotate_left(3) ^ b.rotate_left(4) ^ 0x63
        }
        let sub = |w: u32| u32::from_le_bytes(w.to_le_bytes().map(sbox));
        let key = [
            0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6, 0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf,
            0x4f, 0x3c,
        ];
        let (w, rounds) = expand_words(&key, sub);
        assert_eq!(rounds, 10);
        assert_eq!(w[4].to_be_bytes(), 0xa0fafe17u32.to_le_bytes());
        assert_eq!(w[43].to_be_bytes(), 0xb6630ca6u32.to_le_bytes());
        let key256: [u8; 32] = core::array::from_fn(|i| {
            [
                0x60, 0x3d, 0xeb, 0x10, 0x15, 0xca, 0x71, 0xbe, 0x2b, 0x73, 0xae, 0xf0, 0x85, 0x7d,
                0x77, 0x81, 0x1f, 0x35, 0x2c, 0x07, 0x3b, 0x61, 0x08, 0xd7, 0x2d, 0x98, 0x10, 0xa3,
                0x09, 0x14, 0xdf, 0xf4,
            ][i]
        });
        let (w, rounds) = expand_words(&key256, sub);
        assert_eq!(rounds, 14);
        assert_eq!(w[8].to_be_bytes(), 0x9ba35411u32.to_le_bytes());
        assert_eq!(w[12].to_be_bytes(), 0xa8b09c1au32.to_le_bytes());
        assert_eq!(w[59].to_be_bytes(), 0x706c631eu32.to_le_bytes());
        let key192: [u8; 24] = core::array::from_fn(|i| {
            [
                0x8e, 0x73, 0xb0, 0xf7, 0xda, 0x0e, 0x64, 0x52, 0xc8, 0x10, 0xf3, 0x2b, 0x80, 0x90,
                0x79, 0xe5, 0x62, 0xf8, 0xea, 0xd2, 0x52, 0x2c, 0x6b, 0x7b,
            ][i]
        });
        let (w, rounds) = expand_words(&key192, sub);
        assert_eq!(rounds, 12);
        assert_eq!(w[6].to_be_bytes(), 0xfe0c91f7u32.to_le_bytes());
        assert_eq!(w[51].to_be_bytes(), 0x01002202u32.to_le_bytes());
    }
}
