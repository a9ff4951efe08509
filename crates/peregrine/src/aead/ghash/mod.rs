//! GHASH (SP 800-38D section 6.4): the universal hash of GCM, a polynomial
//! in H over GF(2^128) evaluated on the data blocks.
//!
//! The key (the hash subkey H) is set up for one backend, with whatever
//! powers of H that backend precomputes, and wiped on drop. GCM
//! ([`crate::aead::aes_gcm`]) uses [`Ghash::update_padded`] for the AAD and
//! the ciphertext, then [`Ghash::finalize`]; `Ghash` is public so it can be
//! benchmarked (`peregrine speed ghash`) and tested on its own.
//!
//! # The arithmetic every backend shares
//!
//! GCM numbers the bits of a block backwards: bit 0 of the field element
//! (the coefficient of x^0) is the top bit of byte 0. The backends do not
//! reflect bits; they byte-reverse each block, so the block read as a
//! big-endian 128-bit integer (`u128::from_be_bytes`, "register order")
//! has the coefficient of x^k at integer bit 127 - k. Read with the natural
//! order (integer bit i = coefficient of y^i), that is the element of
//! `GF(2)[y] / G'(y)`, G' = y^128 + y^127 + y^126 + y^121 + 1 (G reflected),
//! equal to y^127 times the image of the GCM element under x -> 1/y.
//!
//! The product of two such values is then off by y^127, and the natural
//! cheap reduction for carry-less multipliers is Montgomery's: `mont(a, b)
//! = a * b * y^-128 mod G'`, two folds of 64 bits, each a multiply by the
//! constant `C` = `0xc2 << 56` (y^63 + y^62 + y^57, the low part of G'
//! shifted). Both are absorbed by "twisting" H once (`twist`: H times y,
//! i.e. a left shift by one with a conditional XOR of `0xc2 << 120 | 1`),
//! after which `mont(X, H') = X * H` in GCM terms. Powers stay in this
//! form: `mont(H'^a, H'^b) = H'^(a+b)` where H'^n is "twisted H^n", so
//! aggregation just sums the unreduced products of n blocks by H'^n..H'^1
//! and reduces once (Montgomery reduction is linear).
//!
//! This is the formulation of the Linux kernel's x86 GCM code and of
//! OpenSSL's `ghash-x86_64.pl`/`ghashv8-armx.pl`; `soft` uses it too.

use crate::cipher::Block;
use crate::cpu;

#[cfg(target_arch = "aarch64")]
pub(crate) mod aarch64_neon;
#[cfg(target_arch = "aarch64")]
pub(crate) mod aarch64_pmull;
#[cfg(all(target_arch = "arm", target_endian = "little"))]
pub(crate) mod arm_neon;
#[cfg(all(target_arch = "arm", target_endian = "little"))]
pub(crate) mod arm_pmull;
pub(crate) mod soft;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86_64_pclmul;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86_64_vpclmul;

crate::cpu::backends! {
    primitive: "ghash", doc: "A GHASH backend.";
    /// VPCLMULQDQ on 512-bit registers (four blocks each), 16 blocks per
    /// reduction; the same key as `vpclmul`.
    Vpclmul512 = "vpclmul512", "x86_64", [Sse2, Ssse3, Sse41, Pclmulqdq, Avx, Avx2, Vpclmulqdq, Avx512f, Avx512bw, Avx512vl, Zmm];
    /// VPCLMULQDQ on 256-bit registers (two blocks each), 16 blocks per
    /// reduction with H^1..H^16, Karatsuba products.
    Vpclmul = "vpclmul", "x86_64", [Sse2, Ssse3, Sse41, Pclmulqdq, Avx, Avx2, Vpclmulqdq];
    /// PCLMULQDQ, 8 blocks per reduction with H^1..H^8, Karatsuba products.
    Pclmul = "pclmul", "x86_64", [Sse2, Ssse3, Sse41, Pclmulqdq];
    /// ARMv8 PMULL/PMULL2, 8 blocks per reduction, Karatsuba products;
    /// in 32-bit ARM code `vmull.p64`, 4 blocks per reduction
    /// (`arm_pmull.rs`).
    Pmull = "pmull", ("aarch64", "arm-le"), [Neon, Pmull];
    /// NEON without the 64-bit polynomial multiply: each 64x64-bit
    /// product from the 8x8-bit one (`vmull.p8`, `pmull .8b`), one block
    /// a reduction (`arm_neon.rs`, `asm!`, on 32-bit ARM;
    /// `aarch64_neon.rs`, intrinsics, on aarch64).
    Neon = "neon", ("aarch64", "arm-le"), [Neon];
    /// Portable Rust, constant time: carry-less products from masked
    /// integer multiplies (BearSSL's ctmul64), 4 blocks per reduction.
    Soft = "soft", any, [];
}

/// The Montgomery reduction constant: y^63 + y^62 + y^57, the high qword
/// of `0xc2 << 120 | 1` (G' without its y^128 term).
pub(crate) const C: u64 = 0xc200_0000_0000_0000;

/// The twisted key: `h` (register order) times y modulo G', a left shift
/// by one and, when a bit falls off, an XOR of `0xc2 << 120 | 1`. Constant
/// time (a mask).
pub(crate) fn twist(h: u128) -> u128 {
    let carry = (h >> 127).wrapping_neg();
    (h << 1) ^ (carry & ((C as u128) << 64 | 1))
}

/// The key of the `neon` backends: twisted H as `[low, high, low ^ high]`
/// doublewords (the three Karatsuba operands), no powers.
#[cfg(any(
    all(target_arch = "arm", target_endian = "little"),
    target_arch = "aarch64"
))]
#[derive(Clone)]
#[repr(C)]
pub(crate) struct NeonKey {
    h: [u64; 3],
}

#[cfg(any(
    all(target_arch = "arm", target_endian = "little"),
    target_arch = "aarch64"
))]
impl Drop for NeonKey {
    fn drop(&mut self) {
        crate::ct::wipe(&mut self.h);
    }
}

#[cfg(any(
    all(target_arch = "arm", target_endian = "little"),
    target_arch = "aarch64"
))]
impl NeonKey {
    /// Twists `h` (a GCM byte string).
    pub(crate) fn new(h: &Block) -> NeonKey {
        let k = twist(u128::from_be_bytes(*h));
        let (lo, hi) = (k as u64, (k >> 64) as u64);
        NeonKey {
            h: [lo, hi, lo ^ hi],
        }
    }
}

/// A GHASH key set up for one backend: twisted powers of H, laid out as
/// each backend file documents on its `Key` (for fused AES-GCM kernels).
#[derive(Clone)]
#[allow(clippy::large_enum_variant)]
pub(crate) enum Key {
    Soft(soft::Key),
    #[cfg(target_arch = "x86_64")]
    Pclmul(x86_64_pclmul::Key),
    #[cfg(target_arch = "x86_64")]
    Vpclmul(x86_64_vpclmul::Key),
    #[cfg(target_arch = "x86_64")]
    Vpclmul512(x86_64_vpclmul::Key),
    #[cfg(target_arch = "aarch64")]
    Pmull(aarch64_pmull::Key),
    #[cfg(all(target_arch = "arm", target_endian = "little"))]
    Pmull(arm_pmull::Key),
    #[cfg(any(
        all(target_arch = "arm", target_endian = "little"),
        target_arch = "aarch64"
    ))]
    Neon(NeonKey),
}

impl Key {
    pub(crate) fn new(h: &Block, imp: Checked) -> Key {
        // In every `unsafe` arm of this `impl`: a `Checked` (here `imp`; in
        // `update_blocks` the one the key was made from, since a `Key`
        // variant is only built below) proves the CPU has the backend's
        // features.
        match imp.get() {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: see above: a `Checked` for this backend.
            Impl::Vpclmul => Key::Vpclmul(unsafe { x86_64_vpclmul::Key::new(h) }),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: see above: a `Checked` for this backend (whose
            // features include `vpclmul`'s, which `Key::new` needs).
            Impl::Vpclmul512 => Key::Vpclmul512(unsafe { x86_64_vpclmul::Key::new(h) }),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: see above: a `Checked` for this backend.
            Impl::Pclmul => Key::Pclmul(unsafe { x86_64_pclmul::Key::new(h) }),
            #[cfg(target_arch = "aarch64")]
            // SAFETY: see above: a `Checked` for this backend.
            Impl::Pmull => Key::Pmull(unsafe { aarch64_pmull::Key::new(h) }),
            #[cfg(all(target_arch = "arm", target_endian = "little"))]
            Impl::Pmull => Key::Pmull(arm_pmull::Key::new(h)),
            #[cfg(any(
                all(target_arch = "arm", target_endian = "little"),
                target_arch = "aarch64"
            ))]
            Impl::Neon => Key::Neon(NeonKey::new(h)),
            _ => Key::Soft(soft::Key::new(h)),
        }
    }

    /// Absorbs whole blocks into the accumulator `acc`:
    /// `acc = (acc ^ m) * H` for each block `m`.
    pub(crate) fn update_blocks(&self, acc: &mut Block, data: &[u8]) {
        debug_assert_eq!(data.len() % 16, 0);
        if data.is_empty() {
            return;
        }
        match self {
            Key::Soft(k) => soft::update_blocks(k, acc, data),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: see `Key::new`: made under a `Checked` for this backend.
            Key::Pclmul(k) => unsafe { x86_64_pclmul::update_blocks(k, acc, data) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: see `Key::new`: made under a `Checked` for this backend.
            Key::Vpclmul(k) => unsafe { x86_64_vpclmul::update_blocks(k, acc, data) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: see `Key::new`: made under a `Checked` for this backend.
            Key::Vpclmul512(k) => unsafe { x86_64_vpclmul::update_blocks512(k, acc, data) },
            #[cfg(target_arch = "aarch64")]
            // SAFETY: see `Key::new`: made under a `Checked` for this backend.
            Key::Pmull(k) => unsafe { aarch64_pmull::update_blocks(k, acc, data) },
            #[cfg(all(target_arch = "arm", target_endian = "little"))]
            // SAFETY: see `Key::new`: made under a `Checked` for this backend.
            Key::Pmull(k) => unsafe { arm_pmull::update_blocks(k, acc, data) },
            #[cfg(all(target_arch = "arm", target_endian = "little"))]
            // SAFETY: see `Key::new`: made under a `Checked` for this backend.
            Key::Neon(k) => unsafe { arm_neon::update_blocks(k, acc, data) },
            #[cfg(target_arch = "aarch64")]
            Key::Neon(k) => aarch64_neon::update_blocks(k, acc, data),
        }
    }
}

/// GHASH, streaming.
#[derive(Clone)]
pub struct Ghash {
    key: Key,
    imp: Checked,
    acc: Block,
    buf: Block,
    buf_len: usize,
}

impl core::fmt::Debug for Ghash {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Ghash")
            .field("backend", &self.imp.get().name())
            .finish_non_exhaustive()
    }
}

impl Drop for Ghash {
    fn drop(&mut self) {
        crate::ct::wipe(&mut self.acc);
        crate::ct::wipe(&mut self.buf);
    }
}

impl Ghash {
    /// GHASH under the hash subkey `h`, on the best backend.
    pub fn new(h: &[u8; 16]) -> Ghash {
        let imp = Impl::best();
        cpu::log_choice("ghash", imp.get().name());
        Ghash::with_impl(h, imp)
    }

    /// GHASH under `h` on the backend `imp`.
    pub fn with_impl(h: &[u8; 16], imp: Checked) -> Ghash {
        Ghash {
            key: Key::new(h, imp),
            imp,
            acc: [0; 16],
            buf: [0; 16],
            buf_len: 0,
        }
    }

    /// The backend in use.
    pub fn backend(&self) -> Impl {
        self.imp.get()
    }

    /// Absorbs `data`; a partial last block waits for more data (or is
    /// zero-padded by [`Ghash::finalize`] or [`Ghash::update_padded`]).
    pub fn update(&mut self, mut data: &[u8]) {
        if self.buf_len > 0 {
            let take = (16 - self.buf_len).min(data.len());
            self.buf[self.buf_len..self.buf_len + take].copy_from_slice(&data[..take]);
            self.buf_len += take;
            data = &data[take..];
            if self.buf_len < 16 {
                return;
            }
            let b = self.buf;
            self.key.update_blocks(&mut self.acc, &b);
            self.buf_len = 0;
        }
        let whole = data.len() / 16 * 16;
        self.key.update_blocks(&mut self.acc, &data[..whole]);
        let rest = &data[whole..];
        self.buf[..rest.len()].copy_from_slice(rest);
        self.buf_len = rest.len();
    }

    /// Absorbs `data`, then zero-pads to a block boundary (GCM pads the AAD
    /// and the ciphertext separately).
    pub fn update_padded(&mut self, data: &[u8]) {
        self.update(data);
        self.pad();
    }

    fn pad(&mut self) {
        if self.buf_len > 0 {
            self.buf[self.buf_len..].fill(0);
            let b = self.buf;
            self.key.update_blocks(&mut self.acc, &b);
            self.buf_len = 0;
        }
    }

    /// Zero-pads any partial block and returns the hash.
    pub fn finalize(mut self) -> [u8; 16] {
        self.pad();
        self.acc
    }
}
