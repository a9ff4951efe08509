//! AES with AES-NI (`aesenc`/`aesdec`/`aeskeygenassist`/`aesimc`).
//!
//! Technique: Intel's AES-NI white paper (Gueron, 2010) and the
//! interleaving of OpenSSL's `aesni-x86_64.pl`: the parallel modes keep 8
//! independent blocks in flight so the `aesenc` latency (3–4 cycles) is
//! hidden behind its throughput (1–2 per cycle); tails of 4, 2 and 1
//! blocks get narrower copies of the same code. Decryption uses the
//! equivalent inverse cipher (round keys through `aesimc`). Every kernel is
//! monomorphised over the round count so the rounds unroll.
//!
//! The key expansion is FIPS 197's, shared with the other backends
//! (`expand_words`), with `SubWord` done by `aeskeygenassist`: constant
//! time, no tables.

use core::arch::x86_64::*;

use super::{CtrWidth, Dir};
use crate::cipher::{Block, InOut};

/// Round keys, 16-byte aligned so they can be loaded with aligned loads
/// (and folded into `aesenc` as memory operands).
#[derive(Clone)]
#[repr(C, align(16))]
pub(crate) struct RoundKeys(pub(crate) [[u8; 16]; 15]);

/// An AES-NI key schedule: encryption and decryption round keys.
#[derive(Clone)]
pub(crate) struct Key {
    pub(crate) enc: RoundKeys,
    pub(crate) dec: RoundKeys,
    pub(crate) rounds: usize,
}

impl Drop for Key {
    fn drop(&mut self) {
        crate::ct::wipe(&mut self.enc.0);
        crate::ct::wipe(&mut self.dec.0);
    }
}

#[target_feature(enable = "sse2,aes")]
fn sub_word(w: u32) -> u32 {
    // aeskeygenassist puts SubWord(dword 1) in dword 0.
    let v = _mm_shuffle_epi32::<0>(_mm_cvtsi32_si128(w as i32));
    _mm_cvtsi128_si32(_mm_aeskeygenassist_si128::<0>(v)) as u32
}

impl Key {
    /// Expands `key` (16, 24 or 32 bytes; checked by the caller).
    ///
    /// # Safety
    /// The CPU must have AES-NI and SSE2.
    #[target_feature(enable = "sse2,aes")]
    pub(crate) unsafe fn new(key: &[u8]) -> Key {
        let (mut w, rounds) = super::expand_words(key, |x| sub_word(x));
        let mut enc = RoundKeys([[0u8; 16]; 15]);
        for (r, rk) in enc.0.iter_mut().enumerate().take(rounds + 1) {
            for j in 0..4 {
                rk[4 * j..4 * j + 4].copy_from_slice(&w[4 * r + j].to_le_bytes());
            }
        }
        crate::ct::wipe(&mut w);
        let mut dec = RoundKeys([[0u8; 16]; 15]);
        dec.0[0] = enc.0[rounds];
        dec.0[rounds] = enc.0[0];
        for i in 1..rounds {
            let k = load(&enc.0[rounds - i]);
            store(&mut dec.0[i], _mm_aesimc_si128(k));
        }
        Key { enc, dec, rounds }
    }
}

#[inline(always)]
fn load(b: &Block) -> __m128i {
    // SAFETY: a 16-byte array is valid for a 16-byte unaligned load.
    unsafe { _mm_loadu_si128(b.as_ptr().cast()) }
}

#[inline(always)]
fn store(b: &mut Block, v: __m128i) {
    // SAFETY: a 16-byte array is valid for a 16-byte unaligned store.
    unsafe { _mm_storeu_si128(b.as_mut_ptr().cast(), v) }
}

#[inline(always)]
pub(crate) fn rk(k: &RoundKeys, i: usize) -> __m128i {
    // SAFETY: `RoundKeys` is 16-byte aligned and each element is 16 bytes,
    // so `k.0[i]` is aligned; the index is bounds-checked.
    unsafe { _mm_load_si128(k.0[i].as_ptr().cast()) }
}

/// Loads block `i` of the input.
///
/// # Safety
/// `i < io.blocks()`.
#[inline(always)]
pub(crate) unsafe fn ld(io: &InOut<'_>, i: usize) -> __m128i {
    // SAFETY: the caller keeps `i` in bounds; `src` is valid for reads.
    unsafe { _mm_loadu_si128(io.src_ptr().add(16 * i).cast()) }
}

/// Stores block `i` of the output.
///
/// # Safety
/// `i < io.blocks()`.
#[inline(always)]
pub(crate) unsafe fn st(io: &mut InOut<'_>, i: usize, v: __m128i) {
    // SAFETY: the caller keeps `i` in bounds; `dst` is valid for writes.
    unsafe { _mm_storeu_si128(io.dst_ptr().add(16 * i).cast(), v) }
}

/// Runs the `NR` rounds over `W` blocks in parallel: encryption with the
/// encryption keys, or (`DEC`) the equivalent inverse cipher with the
/// decryption keys.
#[inline]
#[target_feature(enable = "sse2,ssse3,sse4.1,aes")]
pub(crate) fn rounds<const NR: usize, const W: usize, const DEC: bool>(
    k: &RoundKeys,
    b: &mut [__m128i; W],
) {
    let k0 = rk(k, 0);
    for x in b.iter_mut() {
        *x = _mm_xor_si128(*x, k0);
    }
    for r in 1..NR {
        let kr = rk(k, r);
        for x in b.iter_mut() {
            *x = if DEC {
                _mm_aesdec_si128(*x, kr)
            } else {
                _mm_aesenc_si128(*x, kr)
            };
        }
    }
    let kl = rk(k, NR);
    for x in b.iter_mut() {
        *x = if DEC {
            _mm_aesdeclast_si128(*x, kl)
        } else {
            _mm_aesenclast_si128(*x, kl)
        };
    }
}

/// Encrypts `W` blocks in parallel.
#[inline]
#[target_feature(enable = "sse2,ssse3,sse4.1,aes")]
pub(crate) fn enc<const NR: usize, const W: usize>(k: &RoundKeys, b: &mut [__m128i; W]) {
    rounds::<NR, W, false>(k, b)
}

/// Decrypts `W` blocks in parallel.
#[inline]
#[target_feature(enable = "sse2,ssse3,sse4.1,aes")]
pub(crate) fn dec<const NR: usize, const W: usize>(k: &RoundKeys, b: &mut [__m128i; W]) {
    rounds::<NR, W, true>(k, b)
}

/// ECB over whole blocks.
///
/// # Safety
/// The CPU must have AES-NI, SSE4.1 and SSSE3.
#[target_feature(enable = "sse2,ssse3,sse4.1,aes")]
pub(crate) unsafe fn ecb(k: &Key, dir: Dir, io: InOut<'_>) {
    by_rounds!(k.rounds, ecb_nr(k, dir, io))
}

#[target_feature(enable = "sse2,ssse3,sse4.1,aes")]
pub(crate) fn ecb_nr<const NR: usize>(k: &Key, dir: Dir, mut io: InOut<'_>) {
    steps!(io.blocks(), 1, at, W, {
        // SAFETY: `steps!` keeps `at + W <= blocks`.
        let mut b: [__m128i; W] = core::array::from_fn(|j| unsafe { ld(&io, at + j) });
        match dir {
            Dir::Encrypt => enc::<NR, W>(&k.enc, &mut b),
            Dir::Decrypt => dec::<NR, W>(&k.dec, &mut b),
        }
        for (j, v) in b.into_iter().enumerate() {
            // SAFETY: as above.
            unsafe { st(&mut io, at + j, v) };
        }
    });
}

/// CBC encryption (serial).
///
/// # Safety
/// The CPU must have AES-NI, SSE4.1 and SSSE3.
#[target_feature(enable = "sse2,ssse3,sse4.1,aes")]
pub(crate) unsafe fn cbc_encrypt(k: &Key, iv: &mut Block, io: InOut<'_>) {
    by_rounds!(k.rounds, cbc_encrypt_nr(k, iv, io))
}

#[target_feature(enable = "sse2,ssse3,sse4.1,aes")]
fn cbc_encrypt_nr<const NR: usize>(k: &Key, iv: &mut Block, mut io: InOut<'_>) {
    let n = io.blocks();
    if n == 0 {
        return;
    }
    let (k0, kl) = (rk(&k.enc, 0), rk(&k.enc, NR));
    // The chain is latency-bound, so the next block's plaintext and round
    // key 0 are folded into this block's last round key, off the chain:
    // aesenclast(x, kl ^ m) = c ^ m, which is exactly the next block's
    // state after its round-0 XOR (m = p_next ^ k0). The chain is then the
    // AES rounds alone, with no XOR between blocks.
    // SAFETY: `n >= 1`.
    let mut x = _mm_xor_si128(_mm_xor_si128(load(iv), unsafe { ld(&io, 0) }), k0);
    let mut c = x;
    for i in 0..n {
        for r in 1..NR {
            x = _mm_aesenc_si128(x, rk(&k.enc, r));
        }
        let m = if i + 1 < n {
            // SAFETY: `i + 1 < n`.
            let p = unsafe { ld(&io, i + 1) };
            _mm_xor_si128(p, k0)
        } else {
            _mm_setzero_si128()
        };
        x = _mm_aesenclast_si128(x, _mm_xor_si128(kl, m));
        c = _mm_xor_si128(x, m);
        // SAFETY: `i < n`; block `i + 1` was read above, before this store
        // could overwrite anything it needs (stores go to block `i` only).
        unsafe { st(&mut io, i, c) };
    }
    store(iv, c);
}

/// CBC-MAC (serial), for CMAC.
///
/// # Safety
/// The CPU must have AES-NI, SSE4.1 and SSSE3.
#[target_feature(enable = "sse2,ssse3,sse4.1,aes")]
pub(crate) unsafe fn cbc_mac(k: &Key, state: &mut Block, data: &[u8]) {
    by_rounds!(k.rounds, cbc_mac_nr(k, state, data))
}

#[target_feature(enable = "sse2,ssse3,sse4.1,aes")]
fn cbc_mac_nr<const NR: usize>(k: &Key, state: &mut Block, data: &[u8]) {
    let blocks = data.chunks_exact(16);
    let n = blocks.len();
    if n == 0 {
        return;
    }
    let (k0, kl) = (rk(&k.enc, 0), rk(&k.enc, NR));
    let at = |i: usize| {
        // SAFETY: callers pass `i < n`, so 16 bytes at `16 * i` are in bounds.
        unsafe { _mm_loadu_si128(data.as_ptr().add(16 * i).cast()) }
    };
    // As in `cbc_encrypt_nr`: the next block folds into the last round key.
    let mut x = _mm_xor_si128(_mm_xor_si128(load(state), at(0)), k0);
    let mut c = x;
    for i in 0..n {
        for r in 1..NR {
            x = _mm_aesenc_si128(x, rk(&k.enc, r));
        }
        let m = if i + 1 < n {
            _mm_xor_si128(at(i + 1), k0)
        } else {
            _mm_setzero_si128()
        };
        x = _mm_aesenclast_si128(x, _mm_xor_si128(kl, m));
        c = _mm_xor_si128(x, m);
    }
    store(state, c);
}

/// CBC decryption (parallel).
///
/// # Safety
/// The CPU must have AES-NI, SSE4.1 and SSSE3.
#[target_feature(enable = "sse2,ssse3,sse4.1,aes")]
pub(crate) unsafe fn cbc_decrypt(k: &Key, iv: &mut Block, io: InOut<'_>) {
    by_rounds!(k.rounds, cbc_decrypt_nr(k, iv, io))
}

#[target_feature(enable = "sse2,ssse3,sse4.1,aes")]
pub(crate) fn cbc_decrypt_nr<const NR: usize>(k: &Key, iv: &mut Block, mut io: InOut<'_>) {
    let mut prev = load(iv);
    steps!(io.blocks(), 1, at, W, {
        // Every input block of the step is loaded before any output is
        // stored, so in-place works.
        // SAFETY: `steps!` keeps `at + W <= blocks`.
        let c: [__m128i; W] = core::array::from_fn(|j| unsafe { ld(&io, at + j) });
        let mut b = c;
        dec::<NR, W>(&k.dec, &mut b);
        for j in 0..W {
            let p = if j == 0 { prev } else { c[j - 1] };
            // SAFETY: as above.
            unsafe { st(&mut io, at + j, _mm_xor_si128(b[j], p)) };
        }
        prev = c[W - 1];
    });
    store(iv, prev);
}

/// Byte reversal of a whole register: big-endian counter block <-> a
/// little-endian 128-bit integer in two 64-bit lanes.
#[inline(always)]
pub(crate) fn bswap_mask() -> __m128i {
    // SAFETY: SSE2 is part of the x86_64 baseline.
    unsafe { _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) }
}

/// The counter blocks `ctr + 0 .. ctr + W` (as big-endian blocks), where
/// `le` is the counter byte-reversed; and `le` advanced by `W`.
#[inline]
#[target_feature(enable = "sse2,ssse3,sse4.1,aes")]
pub(crate) fn counters<const W: usize>(le: &mut __m128i, width: CtrWidth) -> [__m128i; W] {
    let bswap = bswap_mask();
    let base = *le;
    let out: [__m128i; W];
    match width {
        CtrWidth::Low32 => {
            out = core::array::from_fn(|j| {
                _mm_shuffle_epi8(_mm_add_epi32(base, _mm_cvtsi32_si128(j as i32)), bswap)
            });
            *le = _mm_add_epi32(base, _mm_cvtsi32_si128(W as i32));
        }
        CtrWidth::Full => {
            // Always the 128-bit add, without a branch on the carry: the
            // counter block holds the nonce (CCM; a CTR IV), which may be
            // secret (TLS 1.3 derives it from the key schedule). memcheck
            // flagged the former fast path's `lo <= u64::MAX - W` test.
            // Block j takes `base` with its high half plus one when the
            // low half wraps, that is when `j > !lo`: a 32-bit compare
            // against `min(!lo, 2^31 - 1)` (made without a branch), an
            // add and a subtract, where `add128` took five operations.
            let t = !(_mm_cvtsi128_si64(base) as u64);
            let lim = i32::MAX as u64;
            // `t` when below `lim`, else `lim`: the borrow of `t - lim`
            // selects.
            let (d, below) = t.overflowing_sub(lim);
            let t = lim.wrapping_add(d & u64::from(below).wrapping_neg());
            let thr = _mm_set1_epi32(t as i32);
            out = core::array::from_fn(|j| {
                // All ones (minus one) in the high half when `j > t`: the
                // low dwords compare 0 against `t >= 0`.
                let j = j as i32;
                let carry = _mm_cmpgt_epi32(_mm_set_epi32(j, j, 0, 0), thr);
                let c = _mm_sub_epi64(_mm_add_epi64(base, _mm_cvtsi64_si128(j as i64)), carry);
                _mm_shuffle_epi8(c, bswap)
            });
            *le = add128(base, _mm_cvtsi64_si128(W as i64));
        }
    }
    out
}

/// `v + n` as 128-bit little-endian integers (two 64-bit lanes), where
/// `n`'s high lane is 0 and its low lane is below 2^63: vector operations
/// only, no branch on the carry and no round trip through general-purpose
/// registers (which made CTR a third slower than ECB).
///
/// The carry out of the low lane is the top bit of `v & !(v + n)`: with
/// `n < 2^63` the sum wraps exactly when `v`'s top bit is set and the
/// sum's is clear.
#[inline(always)]
pub(crate) fn add128(v: __m128i, n: __m128i) -> __m128i {
    // SAFETY: SSE2 is part of the x86_64 baseline.
    unsafe {
        let s = _mm_add_epi64(v, n);
        let carry = _mm_srli_epi64::<63>(_mm_andnot_si128(s, v));
        _mm_add_epi64(s, _mm_slli_si128::<8>(carry))
    }
}

/// CTR over whole blocks.
///
/// # Safety
/// The CPU must have AES-NI, SSE4.1 and SSSE3.
#[target_feature(enable = "sse2,ssse3,sse4.1,aes")]
pub(crate) unsafe fn ctr(k: &Key, ctr: &mut Block, width: CtrWidth, io: InOut<'_>) {
    by_rounds!(k.rounds, ctr_nr(k, ctr, width, io))
}

#[target_feature(enable = "sse2,ssse3,sse4.1,aes")]
pub(crate) fn ctr_nr<const NR: usize>(
    k: &Key,
    ctr: &mut Block,
    width: CtrWidth,
    mut io: InOut<'_>,
) {
    let mut le = _mm_shuffle_epi8(load(ctr), bswap_mask());
    let blocks = io.blocks();
    let mut at = 0;
    if blocks >= 8 {
        // Software-pipelined as in `x86_64_vaes::ctr_nr`: each step's
        // counters are made before the rounds of the step before.
        let mut next = counters::<8>(&mut le, width);
        loop {
            let mut b = next;
            let more = blocks - at >= 16;
            if more {
                next = counters::<8>(&mut le, width);
            }
            enc::<NR, 8>(core::hint::black_box(&k.enc), &mut b);
            for (j, v) in b.into_iter().enumerate() {
                // SAFETY: the loop keeps `at + 8 <= blocks`.
                unsafe {
                    let x = _mm_xor_si128(v, ld(&io, at + j));
                    st(&mut io, at + j, x);
                }
            }
            at += 8;
            if !more {
                break;
            }
        }
    }
    let (_, mut io) = io.split_at(16 * at);
    steps!(io.blocks(), 1, at, W, {
        let mut b = counters::<W>(&mut le, width);
        // Keys reloaded each step (see `x86_64_vaes::ctr_nr`).
        enc::<NR, W>(core::hint::black_box(&k.enc), &mut b);
        for (j, v) in b.into_iter().enumerate() {
            // SAFETY: `steps!` keeps `at + W <= blocks`.
            unsafe {
                let x = _mm_xor_si128(v, ld(&io, at + j));
                st(&mut io, at + j, x);
            }
        }
    });
    store(ctr, _mm_shuffle_epi8(le, bswap_mask()));
}

/// The XTS tweak times x (IEEE 1619: little-endian, reduced by
/// x^128 + x^7 + x^2 + x + 1), without branches.
#[inline]
#[target_feature(enable = "sse2,ssse3,sse4.1,aes")]
pub(crate) fn xts_double(t: __m128i) -> __m128i {
    // Each dword's top bit moves into the next dword's bottom bit; dword
    // 3's wraps around into dword 0 as the reduction 0x87.
    let carries = _mm_shuffle_epi32::<0x93>(_mm_srai_epi32::<31>(t));
    let mask = _mm_set_epi32(1, 1, 1, 0x87);
    _mm_xor_si128(_mm_slli_epi32::<1>(t), _mm_and_si128(carries, mask))
}

/// XTS over whole blocks with the data key; `tweak` advances past them.
///
/// # Safety
/// The CPU must have AES-NI, SSE4.1 and SSSE3.
#[target_feature(enable = "sse2,ssse3,sse4.1,aes")]
pub(crate) unsafe fn xts(k: &Key, dir: Dir, tweak: &mut Block, io: InOut<'_>) {
    by_rounds!(k.rounds, xts_nr(k, dir, tweak, io))
}

#[target_feature(enable = "sse2,ssse3,sse4.1,aes")]
pub(crate) fn xts_nr<const NR: usize>(k: &Key, dir: Dir, tweak: &mut Block, mut io: InOut<'_>) {
    let mut t = load(tweak);
    steps!(io.blocks(), 1, at, W, {
        let mut ts = [t; W];
        for x in ts.iter_mut() {
            *x = t;
            t = xts_double(t);
        }
        // SAFETY: `steps!` keeps `at + W <= blocks`.
        let mut b: [__m128i; W] =
            core::array::from_fn(|j| _mm_xor_si128(unsafe { ld(&io, at + j) }, ts[j]));
        match dir {
            Dir::Encrypt => enc::<NR, W>(&k.enc, &mut b),
            Dir::Decrypt => dec::<NR, W>(&k.dec, &mut b),
        }
        for j in 0..W {
            // SAFETY: as above.
            unsafe { st(&mut io, at + j, _mm_xor_si128(b[j], ts[j])) };
        }
    });
    store(tweak, t);
}
