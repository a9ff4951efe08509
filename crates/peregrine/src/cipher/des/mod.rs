//! DES and Triple DES (FIPS 46-3, NIST SP 800-67): legacy ciphers with
//! 8-byte blocks, here for reading and writing old data and for interop.
//!
//! Every backend is constant time, the key schedule included: the portable
//! one evaluates the S-boxes as boolean circuits bitsliced across 64 blocks
//! for the parallel modes (ECB, CBC decryption, CTR) and, one block at a
//! time (CBC encryption), as bits of 64-bit truth tables picked by
//! variable shifts; the AVX2 one runs the same circuits on 256 blocks.
//! No backend indexes memory with secret data.
//!
//! The parity bits (the low bit of each key byte) are ignored. Weak and
//! semi-weak keys are accepted; [`is_weak_key`] reports them. The modes are
//! in [`crate::mode::block64`].
//!
//! ```
//! use peregrine::cipher::des::TripleDes;
//! use peregrine::mode::block64::{BlockCipher64, Cbc64Encryptor};
//! let key = TripleDes::new(&[0x42; 24]).unwrap();
//! let mut cbc = Cbc64Encryptor::new(key, &[0u8; 8]).unwrap();
//! let mut data = [0u8; 16];
//! cbc.encrypt(&mut data).unwrap();
//! ```

use alloc::vec::Vec;

use crate::Error;
use crate::mode::block64::BlockCipher64;

pub(crate) mod soft;
mod tables;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86_64_avx2;

crate::cpu::backends! {
    primitive: "des", doc: "A DES backend.";
    /// The bitsliced circuits on 256-bit registers (256 blocks at a time);
    /// BMI2 shifts for one block at a time.
    Avx2 = "avx2", "x86_64", [Avx, Avx2, Bmi2];
    /// Portable Rust: bitsliced circuits on 64-bit words, truth-table
    /// shifts for one block. Constant time, no tables indexed by data.
    Soft = "soft", any, [];
}

/// The subkeys of each stage, in the order a direction applies them.
pub(crate) type Stages = [[u64; 16]];

/// All ones if bit 0 of `x` is set, else zero.
#[inline(always)]
pub(crate) fn lanes_mask(x: u64) -> u64 {
    0u64.wrapping_sub(x & 1)
}

/// The 16 48-bit subkeys of an 8-byte key (bit 1 of a subkey is bit 47 of
/// the word). Only fixed bit positions are read: constant time.
fn subkeys(key: &[u8; 8]) -> [u64; 16] {
    let k = u64::from_be_bytes(*key);
    let mut cd = 0u64;
    for (i, &src) in tables::PC1.iter().enumerate() {
        cd |= ((k >> (64 - u32::from(src))) & 1) << (55 - i);
    }
    let (mut c, mut d) = ((cd >> 28) as u32, (cd & 0x0fff_ffff) as u32);
    let mut out = [0u64; 16];
    for (o, &s) in out.iter_mut().zip(&tables::SHIFTS) {
        let s = u32::from(s);
        c = ((c << s) | (c >> (28 - s))) & 0x0fff_ffff;
        d = ((d << s) | (d >> (28 - s))) & 0x0fff_ffff;
        let cd = (u64::from(c) << 28) | u64::from(d);
        for (i, &src) in tables::PC2.iter().enumerate() {
            *o |= ((cd >> (56 - u32::from(src))) & 1) << (47 - i);
        }
    }
    out
}

fn reversed(mut k: [u64; 16]) -> [u64; 16] {
    k.reverse();
    k
}

/// A key schedule: the stages for each direction.
#[derive(Clone)]
struct Schedule {
    imp: Impl,
    enc: Vec<[u64; 16]>,
    dec: Vec<[u64; 16]>,
}

impl Drop for Schedule {
    fn drop(&mut self) {
        for s in self.enc.iter_mut().chain(self.dec.iter_mut()) {
            crate::ct::wipe(s);
        }
    }
}

impl Schedule {
    fn new(keys: &[[u8; 8]], imp: Checked) -> Schedule {
        let ks: Vec<[u64; 16]> = keys.iter().map(subkeys).collect();
        let (enc, dec) = if ks.len() == 1 {
            (alloc::vec![ks[0]], alloc::vec![reversed(ks[0])])
        } else {
            // EDE: E(k1), D(k2), E(k3); decryption D(k3), E(k2), D(k1).
            (
                alloc::vec![ks[0], reversed(ks[1]), ks[2]],
                alloc::vec![reversed(ks[2]), ks[1], reversed(ks[0])],
            )
        };
        Schedule {
            imp: imp.get(),
            enc,
            dec,
        }
    }

    fn run(&self, decrypt: bool, blocks: &mut [u64]) {
        let st = if decrypt { &self.dec } else { &self.enc };
        match self.imp {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `imp` came from a `Checked` (see `Schedule::new`),
            // which only `Impl::check` makes, after seeing AVX2 and BMI2.
            Impl::Avx2 => unsafe { x86_64_avx2::crypt_blocks(st, blocks) },
            _ => soft::crypt_blocks(st, blocks),
        }
    }

    fn cbc_encrypt(&self, iv: &mut u64, blocks: &mut [u64]) {
        match self.imp {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as in `run`.
            Impl::Avx2 => unsafe { x86_64_avx2::cbc_encrypt(&self.enc, iv, blocks) },
            _ => soft::cbc_encrypt(&self.enc, iv, blocks),
        }
    }
}

fn key8(k: &[u8]) -> [u8; 8] {
    let mut o = [0u8; 8];
    o.copy_from_slice(k);
    o
}

/// Single DES (56-bit key): broken by exhaustive search; for old data only.
#[derive(Clone)]
pub struct Des {
    s: Schedule,
}

/// Triple DES, EDE: `E(k3, D(k2, E(k1, x)))`, with a 24-byte key
/// (three keys) or a 16-byte key (two keys, `k3 = k1`).
#[derive(Clone)]
pub struct TripleDes {
    s: Schedule,
}

impl Des {
    /// Sets up an 8-byte key on the best backend.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for another key length.
    pub fn new(key: &[u8]) -> Result<Des, Error> {
        Des::with_impl(key, Impl::best())
    }

    /// Like [`Des::new`], on the backend `imp`.
    ///
    /// # Errors
    /// As [`Des::new`].
    pub fn with_impl(key: &[u8], imp: Checked) -> Result<Des, Error> {
        if key.len() != 8 {
            return Err(Error::InvalidLength {
                what: "DES key (must be 8 bytes)",
                got: key.len(),
            });
        }
        Ok(Des {
            s: Schedule::new(&[key8(key)], imp),
        })
    }

    /// The backend the key was set up for.
    pub fn backend(&self) -> Impl {
        self.s.imp
    }
}

impl TripleDes {
    /// Sets up a 24-byte (three-key) or 16-byte (two-key) key on the best
    /// backend.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for another key length.
    pub fn new(key: &[u8]) -> Result<TripleDes, Error> {
        TripleDes::with_impl(key, Impl::best())
    }

    /// Like [`TripleDes::new`], on the backend `imp`.
    ///
    /// # Errors
    /// As [`TripleDes::new`].
    pub fn with_impl(key: &[u8], imp: Checked) -> Result<TripleDes, Error> {
        let keys = match key.len() {
            16 => [key8(&key[..8]), key8(&key[8..]), key8(&key[..8])],
            24 => [key8(&key[..8]), key8(&key[8..16]), key8(&key[16..])],
            n => {
                return Err(Error::InvalidLength {
                    what: "3DES key (must be 16 or 24 bytes)",
                    got: n,
                });
            }
        };
        Ok(TripleDes {
            s: Schedule::new(&keys, imp),
        })
    }

    /// The backend the key was set up for.
    pub fn backend(&self) -> Impl {
        self.s.imp
    }
}

macro_rules! block64_via_schedule {
    ($ty:ident, $name:literal) => {
        impl BlockCipher64 for $ty {
            fn encrypt_blocks(&self, blocks: &mut [u64]) {
                self.s.run(false, blocks)
            }
            fn decrypt_blocks(&self, blocks: &mut [u64]) {
                self.s.run(true, blocks)
            }
            fn cbc_encrypt(&self, iv: &mut u64, blocks: &mut [u64]) {
                self.s.cbc_encrypt(iv, blocks)
            }
        }

        impl core::fmt::Debug for $ty {
            /// Shows the backend, never the key.
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.debug_struct($name)
                    .field("backend", &self.s.imp)
                    .finish_non_exhaustive()
            }
        }
    };
}
block64_via_schedule!(Des, "Des");
block64_via_schedule!(TripleDes, "TripleDes");

/// The 4 weak and 12 semi-weak DES keys of FIPS 74 section 3.6 and NIST SP
/// 800-67 section 3.3.2, with odd parity.
const WEAK: [u64; 16] = [
    0x0101_0101_0101_0101,
    0xfefe_fefe_fefe_fefe,
    0xe0e0_e0e0_f1f1_f1f1,
    0x1f1f_1f1f_0e0e_0e0e,
    0x011f_011f_010e_010e,
    0x1f01_1f01_0e01_0e01,
    0x01e0_01e0_01f1_01f1,
    0xe001_e001_f101_f101,
    0x01fe_01fe_01fe_01fe,
    0xfe01_fe01_fe01_fe01,
    0x1fe0_1fe0_0ef1_0ef1,
    0xe01f_e01f_f10e_f10e,
    0x1ffe_1ffe_0efe_0efe,
    0xfe1f_fe1f_fe0e_fe0e,
    0xe0fe_e0fe_f1fe_f1fe,
    0xfee0_fee0_fef1_fef1,
];

/// Whether `key` is one of the 4 weak or 12 semi-weak DES keys (FIPS 74,
/// SP 800-67 section 3.3.2), ignoring the parity bits. It reports; nothing
/// here refuses such a key. The comparison runs over the whole list in
/// constant time; only the answer is revealed.
///
/// ```
/// use peregrine::cipher::des::is_weak_key;
/// assert!(is_weak_key(&[0x01; 8]));
/// assert!(is_weak_key(&[0x00; 8])); // parity ignored
/// assert!(!is_weak_key(b"8bytekey"));
/// ```
pub fn is_weak_key(key: &[u8; 8]) -> bool {
    let k = u64::from_be_bytes(*key);
    let mut hit = 0u64;
    for w in WEAK {
        let d = (k ^ w) & 0xfefe_fefe_fefe_fefe;
        hit |= ((d | d.wrapping_neg()) >> 63) ^ 1;
    }
    crate::ct::declassify(core::hint::black_box(hit)) != 0
}
