//! Camellia (RFC 3713) with 128-, 192- and 256-bit keys; the modes are in
//! [`crate::mode::block128`].
//!
//! Every backend is constant time, the key schedule included. Camellia's
//! s1 is an affine map around inversion in GF(2^8), the same inversion as
//! AES's S-box up to an isomorphism; `cipher::gf256` finds the
//! affine maps from s1's table at compile time. The portable backend
//! inverts eight bytes at once in a `u64`; the AES-NI one runs s1 through
//! `aesenclast` between two `pshufb` nibble-table affine filters (the
//! technique of Satoh et al. and of Linux's `camellia-aesni-avx-asm`),
//! 16 blocks at a time, byte-sliced (one register per byte position). The
//! GFNI ones (`gfni512`: zmm, 64 blocks; `gfni`: ymm, 32 blocks) keep that
//! layout and compute each S-box with `gf2p8affineqb` and
//! `gf2p8affineinvqb`, the affine maps turned into GFNI matrices at
//! compile time; their one-block path (CBC encryption) is GFNI too.
//!
//! ```
//! use peregrine::cipher::camellia::Camellia;
//! use peregrine::mode::block128::BlockCipher128;
//! let k = Camellia::new(&[0u8; 16]).unwrap();
//! let mut p = [0u8; 16];
//! p[0] = 0x80;
//! assert_eq!(k.encrypt_block(p)[..4], [0x07, 0x92, 0x3a, 0x39]);
//! ```

use crate::Error;
use crate::cipher::Block;
use crate::cipher::gf256::{Affine, decompose};
use crate::mode::block128::BlockCipher128;

pub(crate) mod soft;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86_64_aesni;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86_64_gfni;

crate::cpu::backends! {
    primitive: "camellia", doc: "A Camellia backend.";
    /// 64 blocks byte-sliced in zmm registers, each S-box by
    /// `gf2p8affineqb` + `gf2p8affineinvqb`.
    Gfni512 = "gfni512", "x86_64", [Sse2, Ssse3, Avx, Avx2, Gfni, Avx512f, Avx512bw, Avx512vl, Zmm];
    /// 32 blocks byte-sliced in ymm registers (AVX2, VEX-encoded GFNI),
    /// each S-box by `gf2p8affineqb` + `gf2p8affineinvqb`.
    Gfni = "gfni", "x86_64", [Sse2, Ssse3, Avx, Avx2, Gfni];
    /// 16 blocks byte-sliced in xmm registers, the S-boxes through
    /// `aesenclast` with affine `pshufb` filters.
    Aesni = "aesni", "x86_64", [Sse2, Ssse3, Aes];
    /// Portable Rust: s1 as GF(2^8) inversion on eight bytes in a `u64`
    /// between affine maps. Constant time, no tables indexed by data.
    Soft = "soft", any, [];
}

/// s1 (RFC 3713 section 2.4.4); s2, s3 and s4 are rotations of it.
const SBOX1: [u8; 256] = [
    0x70, 0x82, 0x2c, 0xec, 0xb3, 0x27, 0xc0, 0xe5, 0xe4, 0x85, 0x57, 0x35, 0xea, 0x0c, 0xae, 0x41,
    0x23, 0xef, 0x6b, 0x93, 0x45, 0x19, 0xa5, 0x21, 0xed, 0x0e, 0x4f, 0x4e, 0x1d, 0x65, 0x92, 0xbd,
    0x86, 0xb8, 0xaf, 0x8f, 0x7c, 0xeb, 0x1f, 0xce, 0x3e, 0x30, 0xdc, 0x5f, 0x5e, 0xc5, 0x0b, 0x1a,
    0xa6, 0xe1, 0x39, 0xca, 0xd5, 0x47, 0x5d, 0x3d, 0xd9, 0x01, 0x5a, 0xd6, 0x51, 0x56, 0x6c, 0x4d,
    0x8b, 0x0d, 0x9a, 0x66, 0xfb, 0xcc, 0xb0, 0x2d, 0x74, 0x12, 0x2b, 0x20, 0xf0, 0xb1, 0x84, 0x99,
    0xdf, 0x4c, 0xcb, 0xc2, 0x34, 0x7e, 0x76, 0x05, 0x6d, 0xb7, 0xa9, 0x31, 0xd1, 0x17, 0x04, 0xd7,
    0x14, 0x58, 0x3a, 0x61, 0xde, 0x1b, 0x11, 0x1c, 0x32, 0x0f, 0x9c, 0x16, 0x53, 0x18, 0xf2, 0x22,
    0xfe, 0x44, 0xcf, 0xb2, 0xc3, 0xb5, 0x7a, 0x91, 0x24, 0x08, 0xe8, 0xa8, 0x60, 0xfc, 0x69, 0x50,
    0xaa, 0xd0, 0xa0, 0x7d, 0xa1, 0x89, 0x62, 0x97, 0x54, 0x5b, 0x1e, 0x95, 0xe0, 0xff, 0x64, 0xd2,
    0x10, 0xc4, 0x00, 0x48, 0xa3, 0xf7, 0x75, 0xdb, 0x8a, 0x03, 0xe6, 0xda, 0x09, 0x3f, 0xdd, 0x94,
    0x87, 0x5c, 0x83, 0x02, 0xcd, 0x4a, 0x90, 0x33, 0x73, 0x67, 0xf6, 0xf3, 0x9d, 0x7f, 0xbf, 0xe2,
    0x52, 0x9b, 0xd8, 0x26, 0xc8, 0x37, 0xc6, 0x3b, 0x81, 0x96, 0x6f, 0x4b, 0x13, 0xbe, 0x63, 0x2e,
    0xe9, 0x79, 0xa7, 0x8c, 0x9f, 0x6e, 0xbc, 0x8e, 0x29, 0xf5, 0xf9, 0xb6, 0x2f, 0xfd, 0xb4, 0x59,
    0x78, 0x98, 0x06, 0x6a, 0xe7, 0x46, 0x71, 0xba, 0xd4, 0x25, 0xab, 0x42, 0x88, 0xa2, 0x8d, 0xfa,
    0x72, 0x07, 0xb9, 0x55, 0xf8, 0xee, 0xac, 0x0a, 0x36, 0x49, 0x2a, 0x68, 0x3c, 0x38, 0xf1, 0xa4,
    0x40, 0x28, 0xd3, 0x7b, 0xbb, 0xc9, 0x43, 0xc1, 0x15, 0xe3, 0xad, 0xf4, 0x77, 0xc7, 0x80, 0x9e,
];

/// s1 = POST ∘ inv ∘ PRE (inv in AES's field); s1's constant is 0x6e.
const DECOMP: (Affine, Affine) = decompose(&SBOX1, 0x6e);
pub(crate) const PRE: Affine = DECOMP.0;
pub(crate) const POST: Affine = DECOMP.1;

/// A key schedule in the order one direction uses it: `kw` the whitening
/// keys (kw1, kw2 before, kw3, kw4 after), `k` the round keys, `ke` the
/// FL/FL⁻¹ keys (one pair after every six rounds but the last).
#[derive(Clone)]
pub(crate) struct Sched {
    pub(crate) kw: [u64; 4],
    pub(crate) k: [u64; 24],
    pub(crate) ke: [u64; 6],
    /// 18 (128-bit keys) or 24.
    pub(crate) rounds: usize,
}

impl Sched {
    fn wipe(&mut self) {
        crate::ct::wipe(&mut self.kw);
        crate::ct::wipe(&mut self.k);
        crate::ct::wipe(&mut self.ke);
    }

    /// The decryption schedule: the same algorithm, keys reversed.
    fn reversed(&self) -> Sched {
        let n = self.rounds;
        let m = if n == 18 { 4 } else { 6 };
        let mut d = self.clone();
        d.kw = [self.kw[2], self.kw[3], self.kw[0], self.kw[1]];
        for i in 0..n {
            d.k[i] = self.k[n - 1 - i];
        }
        for i in 0..m {
            d.ke[i] = self.ke[m - 1 - i];
        }
        d
    }
}

const SIGMA: [u64; 6] = [
    0xa09e_667f_3bcc_908b,
    0xb67a_e858_4caa_73b2,
    0xc6ef_372f_e94f_82be,
    0x54ff_53a5_f1d3_6f1c,
    0x10e5_27fa_de68_2d1d,
    0xb056_88c2_b3e6_c1fd,
];

/// The key schedule (RFC 3713 section 2.2), with the constant-time F.
fn schedule(key: &[u8]) -> Sched {
    let mut b = [0u8; 16];
    b.copy_from_slice(&key[..16]);
    let kl = u128::from_be_bytes(b);
    let kr = match key.len() {
        16 => 0,
        24 => {
            let mut h = [0u8; 8];
            h.copy_from_slice(&key[16..24]);
            let r = u64::from_be_bytes(h);
            (u128::from(r) << 64) | u128::from(!r)
        }
        _ => {
            b.copy_from_slice(&key[16..32]);
            u128::from_be_bytes(b)
        }
    };
    crate::ct::wipe(&mut b);
    let f = soft::f;
    let x = kl ^ kr;
    let (mut d1, mut d2) = ((x >> 64) as u64, x as u64);
    d2 ^= f(d1, SIGMA[0]);
    d1 ^= f(d2, SIGMA[1]);
    d1 ^= (kl >> 64) as u64;
    d2 ^= kl as u64;
    d2 ^= f(d1, SIGMA[2]);
    d1 ^= f(d2, SIGMA[3]);
    let ka = (u128::from(d1) << 64) | u128::from(d2);
    let x = ka ^ kr;
    let (mut d1, mut d2) = ((x >> 64) as u64, x as u64);
    d2 ^= f(d1, SIGMA[4]);
    d1 ^= f(d2, SIGMA[5]);
    let kb = (u128::from(d1) << 64) | u128::from(d2);
    let hi = |v: u128, n: u32| (v.rotate_left(n) >> 64) as u64;
    let lo = |v: u128, n: u32| v.rotate_left(n) as u64;
    if key.len() == 16 {
        let mut k = [0u64; 24];
        k[..18].copy_from_slice(&[
            hi(ka, 0),
            lo(ka, 0),
            hi(kl, 15),
            lo(kl, 15),
            hi(ka, 15),
            lo(ka, 15),
            hi(kl, 45),
            lo(kl, 45),
            hi(ka, 45),
            lo(kl, 60),
            hi(ka, 60),
            lo(ka, 60),
            hi(kl, 94),
            lo(kl, 94),
            hi(ka, 94),
            lo(ka, 94),
            hi(kl, 111),
            lo(kl, 111),
        ]);
        Sched {
            kw: [hi(kl, 0), lo(kl, 0), hi(ka, 111), lo(ka, 111)],
            k,
            ke: [hi(ka, 30), lo(ka, 30), hi(kl, 77), lo(kl, 77), 0, 0],
            rounds: 18,
        }
    } else {
        Sched {
            kw: [hi(kl, 0), lo(kl, 0), hi(kb, 111), lo(kb, 111)],
            k: [
                hi(kb, 0),
                lo(kb, 0),
                hi(kr, 15),
                lo(kr, 15),
                hi(ka, 15),
                lo(ka, 15),
                hi(kb, 30),
                lo(kb, 30),
                hi(kl, 45),
                lo(kl, 45),
                hi(ka, 45),
                lo(ka, 45),
                hi(kr, 60),
                lo(kr, 60),
                hi(kb, 60),
                lo(kb, 60),
                hi(kl, 77),
                lo(kl, 77),
                hi(kr, 94),
                lo(kr, 94),
                hi(ka, 94),
                lo(ka, 94),
                hi(kl, 111),
                lo(kl, 111),
            ],
            ke: [
                hi(kr, 30),
                lo(kr, 30),
                hi(kl, 60),
                lo(kl, 60),
                hi(ka, 77),
                lo(ka, 77),
            ],
            rounds: 24,
        }
    }
}

/// A Camellia key (128, 192 or 256 bits) set up for one backend; the
/// schedules are wiped on drop.
#[derive(Clone)]
pub struct Camellia {
    imp: Impl,
    enc: Sched,
    dec: Sched,
}

impl Drop for Camellia {
    fn drop(&mut self) {
        self.enc.wipe();
        self.dec.wipe();
    }
}

impl core::fmt::Debug for Camellia {
    /// Shows the key size and backend, never the key schedule.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Camellia")
            .field("rounds", &self.enc.rounds)
            .field("backend", &self.imp)
            .finish_non_exhaustive()
    }
}

impl Camellia {
    /// Sets up a 16-, 24- or 32-byte key on the best backend.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for another key length.
    pub fn new(key: &[u8]) -> Result<Camellia, Error> {
        Camellia::with_impl(key, Impl::best())
    }

    /// Like [`Camellia::new`], on the backend `imp`.
    ///
    /// # Errors
    /// As [`Camellia::new`].
    pub fn with_impl(key: &[u8], imp: Checked) -> Result<Camellia, Error> {
        if !matches!(key.len(), 16 | 24 | 32) {
            return Err(Error::InvalidLength {
                what: "Camellia key (must be 16, 24 or 32 bytes)",
                got: key.len(),
            });
        }
        let enc = schedule(key);
        let dec = enc.reversed();
        Ok(Camellia {
            imp: imp.get(),
            enc,
            dec,
        })
    }

    /// The backend the key was set up for.
    pub fn backend(&self) -> Impl {
        self.imp
    }

    fn run(&self, s: &Sched, blocks: &mut [Block]) {
        match self.imp {
            // SAFETY: `self.imp` came from a `Checked`, the proof that the
            // CPU has what the backend needs (SSE2, SSSE3, AES-NI).
            #[cfg(target_arch = "x86_64")]
            Impl::Aesni => unsafe { x86_64_aesni::crypt_blocks(s, blocks) },
            // One or two blocks through the one-block code, each on its
            // own: the wide kernels run a whole batch for them (about 900
            // cycles for one block). The choice depends on the length only.
            // SAFETY: as above (both GFNI backends have AVX2 and GFNI).
            #[cfg(target_arch = "x86_64")]
            Impl::Gfni | Impl::Gfni512 if blocks.len() <= ONE_BLOCK_MAX => unsafe {
                x86_64_gfni::crypt_each(s, blocks)
            },
            // SAFETY: as above (AVX2, GFNI).
            #[cfg(target_arch = "x86_64")]
            Impl::Gfni => unsafe { x86_64_gfni::y::crypt_blocks(s, blocks) },
            // SAFETY: as above (AVX-512 F/BW/VL, GFNI).
            #[cfg(target_arch = "x86_64")]
            Impl::Gfni512 => unsafe { x86_64_gfni::z::crypt_blocks(s, blocks) },
            _ => soft::crypt_blocks(s, blocks),
        }
    }
}

/// Up to this many blocks, the GFNI backends run the one-block code.
#[cfg(target_arch = "x86_64")]
const ONE_BLOCK_MAX: usize = 2;

impl BlockCipher128 for Camellia {
    fn encrypt_blocks(&self, blocks: &mut [Block]) {
        self.run(&self.enc, blocks)
    }
    fn decrypt_blocks(&self, blocks: &mut [Block]) {
        self.run(&self.dec, blocks)
    }
    fn cbc_encrypt_blocks(&self, iv: &mut Block, blocks: &mut [Block]) {
        match self.imp {
            // SAFETY: as in `run`.
            #[cfg(target_arch = "x86_64")]
            Impl::Aesni => unsafe { x86_64_aesni::cbc_encrypt(&self.enc, iv, blocks) },
            // SAFETY: as in `run` (both GFNI backends have AVX2 and GFNI).
            #[cfg(target_arch = "x86_64")]
            Impl::Gfni | Impl::Gfni512 => unsafe {
                x86_64_gfni::cbc_encrypt(&self.enc, iv, blocks)
            },
            _ => {
                for b in blocks.iter_mut() {
                    for (x, y) in b.iter_mut().zip(iv.iter()) {
                        *x ^= y;
                    }
                    soft::crypt_block(&self.enc, b);
                    *iv = *b;
                }
            }
        }
    }
}
