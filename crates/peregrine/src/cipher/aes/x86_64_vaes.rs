//! AES with VAES on 256-bit registers (two blocks per instruction) and
//! AVX2, for the parallel modes: ECB, CBC decryption, CTR and XTS.
//!
//! Technique: the same interleaving as `x86_64_aesni`, widened: the main
//! loop keeps 8 ymm registers (16 blocks) in flight, with the round keys
//! broadcast to both lanes once at key setup so every `vaesenc` takes its
//! key as a memory operand. Tails step down through 4, 2 and 1 registers,
//! and a last odd block runs on the AES-NI code. The serial modes (CBC
//! encryption, CBC-MAC) gain nothing from width and use `x86_64_aesni`.
//!
//! XTS tweaks are built two per register, sixteen at a time, and advanced
//! by x^16 with one `vpclmulqdq` each (the technique of the Linux kernel's
//! `aes-xts-avx-x86_64.S`): eight independent short chains instead of one
//! long chain of doublings, which left the AES units idle. That is why the
//! backend needs VPCLMULQDQ, which every CPU with VAES has.

use core::arch::x86_64::*;

use super::x86_64_aesni as ni;
use super::{CtrWidth, Dir};
use crate::cipher::{Block, InOut};

/// A VAES key schedule: the AES-NI one. The round keys are broadcast to
/// both lanes as they are loaded (`vbroadcasti128`, one load per round per
/// step, shared by every register of the step).
#[derive(Clone)]
pub(crate) struct Key {
    ni: ni::Key,
}

impl Key {
    /// Expands `key` (16, 24 or 32 bytes; checked by the caller).
    ///
    /// # Safety
    /// The CPU must have AES-NI (VAES is not needed for the schedule).
    #[target_feature(enable = "sse2,aes")]
    pub(crate) unsafe fn new(key: &[u8]) -> Key {
        // SAFETY: the caller guarantees AES-NI.
        let ni = unsafe { ni::Key::new(key) };
        Key { ni }
    }

    /// The AES-NI schedule, for the serial modes and odd tails.
    pub(crate) fn aesni(&self) -> &ni::Key {
        &self.ni
    }
}

#[inline]
#[target_feature(enable = "avx2,aes,vaes")]
pub(crate) fn rk(k: &ni::RoundKeys, i: usize) -> __m256i {
    // SAFETY: `k.0[i]` is a bounds-checked 16-byte array.
    _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(k.0[i].as_ptr().cast()) })
}

/// Loads blocks `i` and `i + 1` of the input.
///
/// # Safety
/// `i + 2 <= io.blocks()`.
#[inline(always)]
unsafe fn ld2(io: &InOut<'_>, i: usize) -> __m256i {
    // SAFETY: the caller keeps the 32 bytes in bounds.
    unsafe { _mm256_loadu_si256(io.src_ptr().add(16 * i).cast()) }
}

/// Stores blocks `i` and `i + 1` of the output.
///
/// # Safety
/// `i + 2 <= io.blocks()`.
#[inline(always)]
unsafe fn st2(io: &mut InOut<'_>, i: usize, v: __m256i) {
    // SAFETY: the caller keeps the 32 bytes in bounds.
    unsafe { _mm256_storeu_si256(io.dst_ptr().add(16 * i).cast(), v) }
}

/// Runs the `NR` rounds over `W` registers of two blocks: encryption, or
/// (`DEC`) the equivalent inverse cipher with the decryption keys.
#[inline]
#[target_feature(enable = "avx2,aes,vaes")]
fn rounds<const NR: usize, const W: usize, const DEC: bool>(
    k: &ni::RoundKeys,
    b: &mut [__m256i; W],
) {
    let k0 = rk(k, 0);
    for x in b.iter_mut() {
        *x = _mm256_xor_si256(*x, k0);
    }
    for r in 1..NR {
        let kr = rk(k, r);
        for x in b.iter_mut() {
            *x = if DEC {
                _mm256_aesdec_epi128(*x, kr)
            } else {
                _mm256_aesenc_epi128(*x, kr)
            };
        }
    }
    let kl = rk(k, NR);
    for x in b.iter_mut() {
        *x = if DEC {
            _mm256_aesdeclast_epi128(*x, kl)
        } else {
            _mm256_aesenclast_epi128(*x, kl)
        };
    }
}

#[inline]
#[target_feature(enable = "avx2,aes,vaes")]
fn enc<const NR: usize, const W: usize>(k: &ni::RoundKeys, b: &mut [__m256i; W]) {
    rounds::<NR, W, false>(k, b)
}

#[inline]
#[target_feature(enable = "avx2,aes,vaes")]
fn dec<const NR: usize, const W: usize>(k: &ni::RoundKeys, b: &mut [__m256i; W]) {
    rounds::<NR, W, true>(k, b)
}

/// ECB over whole blocks.
///
/// # Safety
/// The CPU must have VAES, AVX2 and AES-NI.
#[target_feature(enable = "avx2,aes,vaes")]
pub(crate) unsafe fn ecb(k: &Key, dir: Dir, io: InOut<'_>) {
    by_rounds!(k.ni.rounds, ecb_nr(k, dir, io))
}

#[target_feature(enable = "avx2,aes,vaes")]
fn ecb_nr<const NR: usize>(k: &Key, dir: Dir, mut io: InOut<'_>) {
    let done = steps!(io.blocks(), 2, at, W, {
        // SAFETY: `steps_y!` keeps `at + 2W <= blocks`.
        let mut b: [__m256i; W] = core::array::from_fn(|j| unsafe { ld2(&io, at + 2 * j) });
        match dir {
            Dir::Encrypt => enc::<NR, W>(&k.ni.enc, &mut b),
            Dir::Decrypt => dec::<NR, W>(&k.ni.dec, &mut b),
        }
        for (j, v) in b.into_iter().enumerate() {
            // SAFETY: as above.
            unsafe { st2(&mut io, at + 2 * j, v) };
        }
    });
    ni::ecb_nr::<NR>(&k.ni, dir, io.split_at(16 * done).1);
}

/// CBC decryption (parallel).
///
/// # Safety
/// The CPU must have VAES, AVX2 and AES-NI.
#[target_feature(enable = "avx2,aes,vaes")]
pub(crate) unsafe fn cbc_decrypt(k: &Key, iv: &mut Block, io: InOut<'_>) {
    by_rounds!(k.ni.rounds, cbc_decrypt_nr(k, iv, io))
}

#[target_feature(enable = "avx2,aes,vaes")]
fn cbc_decrypt_nr<const NR: usize>(k: &Key, iv: &mut Block, mut io: InOut<'_>) {
    // SAFETY: a 16-byte array is valid for a 16-byte load.
    let mut prev = unsafe { _mm_loadu_si128(iv.as_ptr().cast()) };
    let done = steps!(io.blocks(), 2, at, W, {
        // All loads of the step (the blocks and the shifted previous
        // blocks) come before any store, so in-place works.
        // SAFETY: `steps_y!` keeps `at + 2W <= blocks`; the shifted load of
        // register j >= 1 starts at block `at + 2j - 1 >= at`.
        let c: [__m256i; W] = core::array::from_fn(|j| unsafe { ld2(&io, at + 2 * j) });
        let p: [__m256i; W] = core::array::from_fn(|j| {
            if j == 0 {
                _mm256_set_m128i(_mm256_castsi256_si128(c[0]), prev)
            } else {
                // SAFETY: as above.
                unsafe { ld2(&io, at + 2 * j - 1) }
            }
        });
        let mut b = c;
        dec::<NR, W>(&k.ni.dec, &mut b);
        for j in 0..W {
            // SAFETY: as above.
            unsafe { st2(&mut io, at + 2 * j, _mm256_xor_si256(b[j], p[j])) };
        }
        prev = _mm256_extracti128_si256::<1>(c[W - 1]);
    });
    // SAFETY: a 16-byte array is valid for a 16-byte store.
    unsafe { _mm_storeu_si128(iv.as_mut_ptr().cast(), prev) };
    ni::cbc_decrypt_nr::<NR>(&k.ni, iv, io.split_at(16 * done).1);
}

/// CTR over whole blocks.
///
/// # Safety
/// The CPU must have VAES, AVX2 and AES-NI.
#[target_feature(enable = "avx2,aes,vaes")]
pub(crate) unsafe fn ctr(k: &Key, ctr: &mut Block, width: CtrWidth, io: InOut<'_>) {
    by_rounds!(k.ni.rounds, ctr_nr(k, ctr, width, io))
}

#[target_feature(enable = "avx2,aes,vaes")]
fn ctr_nr<const NR: usize>(k: &Key, ctr: &mut Block, width: CtrWidth, mut io: InOut<'_>) {
    let bswap = _mm256_broadcastsi128_si256(ni::bswap_mask());
    // SAFETY: a 16-byte array is valid for a 16-byte load.
    let mut le = _mm_shuffle_epi8(
        unsafe { _mm_loadu_si128(ctr.as_ptr().cast()) },
        ni::bswap_mask(),
    );
    let done = steps!(io.blocks(), 2, at, W, {
        let n = 2 * W as u64;
        let mut b: [__m256i; W];
        if width == CtrWidth::Low32 {
            // GCM's counter: add in 32-bit lanes (wrapping is wanted).
            let pair = _mm256_broadcastsi128_si256(le);
            let add = |v: __m256i, i: i64| _mm256_add_epi32(v, _mm256_set_epi64x(0, i + 1, 0, i));
            b = core::array::from_fn(|j| _mm256_shuffle_epi8(add(pair, 2 * j as i64), bswap));
            le = _mm256_castsi256_si128(add(pair, n as i64));
        } else {
            // Full width: 128-bit adds in the vector unit, two counters
            // per register, without a branch on the carry (the counter
            // holds the nonce, which may be secret).
            let pair = _mm256_broadcastsi128_si256(le);
            b = core::array::from_fn(|j| {
                let inc = _mm256_set_epi64x(0, 2 * j as i64 + 1, 0, 2 * j as i64);
                _mm256_shuffle_epi8(add128x2(pair, inc), bswap)
            });
            le = ni::add128(le, _mm_cvtsi64_si128(n as i64));
        }
        // The keys are reloaded each step, from a pointer the compiler
        // cannot see through: hoisted out of the loop they fill 11 of the
        // 16 ymm registers, and the step then ran as four serial pairs of
        // blocks (CTR at 0.55x ECB) instead of eight chains in flight.
        enc::<NR, W>(core::hint::black_box(&k.ni.enc), &mut b);
        for (j, v) in b.into_iter().enumerate() {
            // SAFETY: `steps_y!` keeps `at + 2W <= blocks`.
            unsafe {
                let x = _mm256_xor_si256(v, ld2(&io, at + 2 * j));
                st2(&mut io, at + 2 * j, x);
            }
        }
    });
    // SAFETY: a 16-byte array is valid for a 16-byte store.
    unsafe {
        _mm_storeu_si128(
            ctr.as_mut_ptr().cast(),
            _mm_shuffle_epi8(le, ni::bswap_mask()),
        )
    };
    ni::ctr_nr::<NR>(&k.ni, ctr, width, io.split_at(16 * done).1);
}

/// `x86_64_aesni::add128` on both lanes: `v + n` as two 128-bit
/// little-endian integers, `n`'s high halves 0 and low halves below 2^63.
#[inline]
#[target_feature(enable = "avx2")]
fn add128x2(v: __m256i, n: __m256i) -> __m256i {
    let s = _mm256_add_epi64(v, n);
    let carry = _mm256_srli_epi64::<63>(_mm256_andnot_si256(s, v));
    _mm256_add_epi64(s, _mm256_bslli_epi128::<8>(carry))
}

/// Both lanes' tweaks times x (see `x86_64_aesni::xts_double`).
#[inline]
#[target_feature(enable = "avx2,aes,vaes,vpclmulqdq")]
fn double2(t: __m256i) -> __m256i {
    let carries = _mm256_shuffle_epi32::<0x93>(_mm256_srai_epi32::<31>(t));
    let mask = _mm256_set_epi32(1, 1, 1, 0x87, 1, 1, 1, 0x87);
    _mm256_xor_si256(_mm256_slli_epi32::<1>(t), _mm256_and_si256(carries, mask))
}

/// Both lanes' tweaks times x^16: a two-byte shift, and the sixteen bits
/// shifted out folded back in by one carry-less multiply by 0x87
/// (x^128 = x^7 + x^2 + x + 1). Eight of these per 16 blocks are
/// independent, so unlike a chain of doublings they do not serialise.
#[inline]
#[target_feature(enable = "avx2,aes,vaes,vpclmulqdq")]
fn times_x16(t: __m256i) -> __m256i {
    let out = _mm256_bsrli_epi128::<14>(t);
    let fold = _mm256_clmulepi64_epi128::<0x00>(out, _mm256_set_epi64x(0, 0x87, 0, 0x87));
    _mm256_xor_si256(_mm256_bslli_epi128::<2>(t), fold)
}

/// XTS over whole blocks with the data key; `tweak` advances past them.
///
/// # Safety
/// The CPU must have VAES, VPCLMULQDQ, AVX2 and AES-NI.
#[target_feature(enable = "avx2,aes,vaes,vpclmulqdq")]
pub(crate) unsafe fn xts(k: &Key, dir: Dir, tweak: &mut Block, io: InOut<'_>) {
    by_rounds!(k.ni.rounds, xts_nr(k, dir, tweak, io))
}

#[target_feature(enable = "avx2,aes,vaes,vpclmulqdq")]
fn xts_nr<const NR: usize>(k: &Key, dir: Dir, tweak: &mut Block, mut io: InOut<'_>) {
    let n = io.blocks();
    if n < 16 {
        // Building sixteen tweaks costs more than the AES-NI path saves on
        // a short data unit.
        return ni::xts_nr::<NR>(&k.ni, dir, tweak, io);
    }
    // SAFETY: a 16-byte array is valid for a 16-byte load.
    let t0 = unsafe { _mm_loadu_si128(tweak.as_ptr().cast()) };
    // The tweaks of the next 16 blocks, two per register: made once by
    // doubling, then advanced 16 blocks at a time by `times_x16`.
    let mut ts = [_mm256_set_m128i(ni::xts_double(t0), t0); 8];
    for j in 1..8 {
        ts[j] = double2(double2(ts[j - 1]));
    }
    let mut at = 0;
    // One step of W registers, using the tweaks `ts[off..off + W]`.
    macro_rules! step {
        ($w:literal, $off:expr) => {{
            const W: usize = $w;
            let off: usize = $off;
            let mut b: [__m256i; W] = core::array::from_fn(|j| {
                // SAFETY: the callers keep `at + 2W <= blocks`.
                let x = unsafe { ld2(&io, at + 2 * j) };
                _mm256_xor_si256(x, ts[off + j])
            });
            match dir {
                Dir::Encrypt => enc::<NR, W>(&k.ni.enc, &mut b),
                Dir::Decrypt => dec::<NR, W>(&k.ni.dec, &mut b),
            }
            for j in 0..W {
                // SAFETY: as above.
                unsafe { st2(&mut io, at + 2 * j, _mm256_xor_si256(b[j], ts[off + j])) };
            }
            at += 2 * W;
        }};
    }
    while n - at >= 16 {
        step!(8, 0);
        ts = ts.map(|t| times_x16(t));
    }
    let mut off = 0;
    if n - at >= 8 {
        step!(4, off);
        off += 4;
    }
    if n - at >= 4 {
        step!(2, off);
        off += 2;
    }
    if n - at >= 2 {
        step!(1, off);
        off += 1;
    }
    let done = at;
    // SAFETY: a 16-byte array is valid for a 16-byte store.
    unsafe { _mm_storeu_si128(tweak.as_mut_ptr().cast(), _mm256_castsi256_si128(ts[off])) };
    ni::xts_nr::<NR>(&k.ni, dir, tweak, io.split_at(16 * done).1);
}
