//! AES with the ARMv8 Cryptography Extensions (`aese`/`aesmc`/`aesd`/
//! `aesimc`).
//!
//! Technique: the one of ARM's and OpenSSL's (CRYPTOGAMS) `aesv8-armx.pl`,
//! written here with `core::arch::aarch64` intrinsics:
//!
//! - Each round is an AESE+AESMC (AESD+AESIMC) pair, written adjacently
//!   so cores that fuse the pair do (LLVM's scheduler keeps fusible pairs
//!   together). AESE xors its key *before* SubBytes/ShiftRows, so a round
//!   key's position is shifted by one against FIPS 197: rounds 0..NR-1
//!   are AESE(+AESMC), and the last round key is a plain EOR.
//! - That final EOR is folded with whatever the mode xors into the output
//!   anyway (CTR's input, XTS's tweak, CBC's previous ciphertext), so it
//!   costs nothing; in CBC encryption and CBC-MAC the next block's input is
//!   folded into the first AESE's key operand (`in ^ k0 ^ k_last`; AESE's
//!   xor is symmetric), so the serial chain is AESE/AESMC only.
//! - The parallel modes (ECB, CTR, CBC decryption, XTS) are fused kernels
//!   that read and write the caller's buffers directly, 8 independent
//!   blocks in flight in the main loop to cover the AESE latency, then
//!   narrower copies of the same code for tails of 4, 2 and 1 (`steps!`).
//!   Every kernel is monomorphised over the round count (`by_rounds!`) so
//!   the rounds unroll and the round keys stay in registers (aarch64 has
//!   32 vector registers: 15 round keys and 8 blocks fit).
//! - Decryption is the equivalent inverse cipher, round keys through
//!   `aesimc`. XTS tweaks are doubled in NEON without branches.
//!
//! The key expansion is FIPS 197's (`expand_words`) with `SubWord` by AESE
//! on a zero key (the word copied into all four columns, so ShiftRows is
//! the identity): constant time, no tables.

use core::arch::aarch64::*;

use super::{CtrWidth, Dir};
use crate::cipher::{Block, InOut};

/// Round keys: up to 15 (AES-256), unused ones zero.
pub(crate) type RoundKeys = [[u8; 16]; 15];

/// An ARMv8 AES key schedule.
#[derive(Clone)]
pub(crate) struct Key {
    enc: RoundKeys,
    dec: RoundKeys,
    rounds: usize,
}

impl Drop for Key {
    fn drop(&mut self) {
        crate::ct::wipe(&mut self.enc);
        crate::ct::wipe(&mut self.dec);
    }
}

#[target_feature(enable = "neon,aes")]
fn sub_word(w: u32) -> u32 {
    let v = vreinterpretq_u8_u32(vdupq_n_u32(w));
    vgetq_lane_u32::<0>(vreinterpretq_u32_u8(vaeseq_u8(v, vdupq_n_u8(0))))
}

#[inline(always)]
fn ld(b: &Block) -> uint8x16_t {
    // SAFETY: a 16-byte array is valid for a 16-byte load; NEON is part of
    // the aarch64 baseline.
    unsafe { vld1q_u8(b.as_ptr()) }
}

#[inline(always)]
fn st(b: &mut Block, v: uint8x16_t) {
    // SAFETY: a 16-byte array is valid for a 16-byte store.
    unsafe { vst1q_u8(b.as_mut_ptr(), v) }
}

/// Loads block `i` of the input.
///
/// # Safety
/// `i < io.blocks()`.
#[inline(always)]
unsafe fn ld_io(io: &InOut<'_>, i: usize) -> uint8x16_t {
    // SAFETY: the caller keeps `i` in bounds; `src` is valid for reads of
    // `len` bytes.
    unsafe { vld1q_u8(io.src_ptr().add(16 * i)) }
}

/// Stores block `i` of the output.
///
/// # Safety
/// `i < io.blocks()`.
#[inline(always)]
unsafe fn st_io(io: &mut InOut<'_>, i: usize, v: uint8x16_t) {
    // SAFETY: the caller keeps `i` in bounds; `dst` is valid for writes of
    // `len` bytes.
    unsafe { vst1q_u8(io.dst_ptr().add(16 * i), v) }
}

impl Key {
    /// Expands `key` (16, 24 or 32 bytes; checked by the caller).
    ///
    /// # Safety
    /// The CPU must have the ARMv8 AES instructions.
    #[target_feature(enable = "neon,aes")]
    pub(crate) unsafe fn new(key: &[u8]) -> Key {
        let (mut w, rounds) = super::expand_words(key, |x| sub_word(x));
        let mut enc = [[0u8; 16]; 15];
        for (r, rk) in enc.iter_mut().enumerate().take(rounds + 1) {
            for j in 0..4 {
                rk[4 * j..4 * j + 4].copy_from_slice(&w[4 * r + j].to_le_bytes());
            }
        }
        crate::ct::wipe(&mut w);
        let mut dec = [[0u8; 16]; 15];
        dec[0] = enc[rounds];
        dec[rounds] = enc[0];
        for i in 1..rounds {
            st(&mut dec[i], vaesimcq_u8(ld(&enc[rounds - i])));
        }
        Key { enc, dec, rounds }
    }

    /// The encryption round keys (for fused AES-GCM kernels).
    #[cfg(feature = "aead")]
    pub(crate) fn enc(&self) -> &RoundKeys {
        &self.enc
    }

    /// The number of rounds: 10, 12 or 14.
    #[cfg(feature = "aead")]
    pub(crate) fn rounds(&self) -> usize {
        self.rounds
    }
}

/// The first `NR + 1` round keys in registers (the rest zero, and unused).
#[inline]
#[target_feature(enable = "neon,aes")]
pub(crate) fn keys<const NR: usize>(k: &RoundKeys) -> [uint8x16_t; 15] {
    core::array::from_fn(|i| if i <= NR { ld(&k[i]) } else { vdupq_n_u8(0) })
}

/// One full round: AESE+AESMC (AESD+AESIMC when `DEC`), adjacent.
#[inline]
#[target_feature(enable = "neon,aes")]
pub(crate) fn round<const DEC: bool>(x: uint8x16_t, k: uint8x16_t) -> uint8x16_t {
    if DEC {
        vaesimcq_u8(vaesdq_u8(x, k))
    } else {
        vaesmcq_u8(vaeseq_u8(x, k))
    }
}

/// The full (AESE+AESMC) rounds with round keys `1..=NR - 2` of `W`
/// blocks that have been through round 0.
#[inline]
#[target_feature(enable = "neon,aes")]
fn full<const NR: usize, const W: usize, const DEC: bool>(
    rk: &[uint8x16_t; 15],
    b: &mut [uint8x16_t; W],
) {
    for &k in &rk[1..NR - 1] {
        for x in b.iter_mut() {
            *x = round::<DEC>(*x, k);
        }
    }
}

/// Everything after round 0 of `W` blocks: the full rounds, then the
/// final AESE/AESD with `rk[NR - 1]`, but not the final key addition,
/// which the caller folds into its output xor (with `rk[NR]`).
#[inline]
#[target_feature(enable = "neon,aes")]
fn rest<const NR: usize, const W: usize, const DEC: bool>(
    rk: &[uint8x16_t; 15],
    b: &mut [uint8x16_t; W],
) {
    full::<NR, W, DEC>(rk, b);
    let k = rk[NR - 1];
    for x in b.iter_mut() {
        *x = if DEC {
            vaesdq_u8(*x, k)
        } else {
            vaeseq_u8(*x, k)
        };
    }
}

/// ECB over whole blocks.
///
/// # Safety
/// The CPU must have the ARMv8 AES instructions (every `unsafe fn` below).
#[target_feature(enable = "neon,aes")]
pub(crate) unsafe fn ecb(k: &Key, dir: Dir, io: InOut<'_>) {
    match dir {
        Dir::Encrypt => by_rounds!(k.rounds, ecb_nr::<false>(&k.enc, io)),
        Dir::Decrypt => by_rounds!(k.rounds, ecb_nr::<true>(&k.dec, io)),
    }
}

#[target_feature(enable = "neon,aes")]
fn ecb_nr<const NR: usize, const DEC: bool>(k: &RoundKeys, mut io: InOut<'_>) {
    let rk = keys::<NR>(k);
    let last = rk[NR];
    steps!(io.blocks(), 1, at, W, {
        // SAFETY: `steps!` keeps `at + W <= blocks`.
        let mut b: [uint8x16_t; W] =
            core::array::from_fn(|j| round::<DEC>(unsafe { ld_io(&io, at + j) }, rk[0]));
        rest::<NR, W, DEC>(&rk, &mut b);
        for (j, x) in b.into_iter().enumerate() {
            // SAFETY: as above.
            unsafe { st_io(&mut io, at + j, veorq_u8(x, last)) };
        }
    });
}

/// CBC encryption (serial).
#[target_feature(enable = "neon,aes")]
pub(crate) unsafe fn cbc_encrypt(k: &Key, iv: &mut Block, io: InOut<'_>) {
    by_rounds!(k.rounds, cbc_encrypt_nr(&k.enc, iv, io))
}

/// The serial CBC chain over `n` blocks: block `i` is `input(i)` xor
/// the previous output (`prev` for the first), encrypted, and handed to
/// `output(i, ..)`; returns the last output (`prev` if `n == 0`).
///
/// `p`, what the final AESE of a block leaves, is its output xor the last
/// round key, so AESE(p, m ^ k0 ^ k_last) is round 0 of the next block
/// with no EOR on the chain. The loop is rotated (one iteration runs from
/// the last AESE of block `i` to the last full round of block `i + 1`)
/// and loads the next input before that AESE: so LLVM's two-address pass
/// ties the commutable, destructive round-0 AESE to `p`, not to the fresh
/// input, and the chain needs no register copy.
#[inline]
#[target_feature(enable = "neon,aes")]
fn cbc_chain<const NR: usize>(
    rk: &[uint8x16_t; 15],
    prev: uint8x16_t,
    n: usize,
    mut input: impl FnMut(usize) -> uint8x16_t,
    mut output: impl FnMut(usize, uint8x16_t),
) -> uint8x16_t {
    let last = rk[NR];
    if n == 0 {
        return prev;
    }
    let first_last = veorq_u8(rk[0], last);
    let m = veorq_u8(input(0), first_last);
    let mut x = [round::<false>(veorq_u8(prev, last), m)];
    full::<NR, 1, false>(rk, &mut x);
    for i in 0..n - 1 {
        // Block `i + 1` is read before block `i` is written.
        let m = veorq_u8(input(i + 1), first_last);
        let p = vaeseq_u8(x[0], rk[NR - 1]);
        output(i, veorq_u8(p, last));
        x = [round::<false>(p, m)];
        full::<NR, 1, false>(rk, &mut x);
    }
    let c = veorq_u8(vaeseq_u8(x[0], rk[NR - 1]), last);
    output(n - 1, c);
    c
}

#[target_feature(enable = "neon,aes")]
fn cbc_encrypt_nr<const NR: usize>(k: &RoundKeys, iv: &mut Block, mut io: InOut<'_>) {
    let rk = keys::<NR>(k);
    let n = io.blocks();
    let src = io.src_ptr();
    let dst = io.dst_ptr();
    let c = cbc_chain::<NR>(
        &rk,
        ld(iv),
        n,
        // SAFETY: `cbc_chain` passes `i < n = blocks`; `src` is valid for
        // reads of `16 * n` bytes.
        |i| unsafe { vld1q_u8(src.add(16 * i)) },
        // SAFETY: as above, for writes to `dst`; block `i` was read before
        // it is written (in place is fine).
        |i, c| unsafe { vst1q_u8(dst.add(16 * i), c) },
    );
    st(iv, c);
}

/// CBC-MAC (serial), for CMAC.
#[target_feature(enable = "neon,aes")]
pub(crate) unsafe fn cbc_mac(k: &Key, state: &mut Block, data: &[u8]) {
    by_rounds!(k.rounds, cbc_mac_nr(&k.enc, state, data))
}

#[target_feature(enable = "neon,aes")]
fn cbc_mac_nr<const NR: usize>(k: &RoundKeys, state: &mut Block, data: &[u8]) {
    let rk = keys::<NR>(k);
    let n = data.len() / 16;
    let t = cbc_chain::<NR>(
        &rk,
        ld(state),
        n,
        // SAFETY: `cbc_chain` passes `i < n`, so the 16 bytes at `16 * i`
        // are inside `data`.
        |i| unsafe { vld1q_u8(data.as_ptr().add(16 * i)) },
        |_, _| {},
    );
    st(state, t);
}

/// CBC decryption (parallel).
#[target_feature(enable = "neon,aes")]
pub(crate) unsafe fn cbc_decrypt(k: &Key, iv: &mut Block, io: InOut<'_>) {
    by_rounds!(k.rounds, cbc_decrypt_nr(&k.dec, iv, io))
}

#[target_feature(enable = "neon,aes")]
fn cbc_decrypt_nr<const NR: usize>(k: &RoundKeys, iv: &mut Block, mut io: InOut<'_>) {
    let rk = keys::<NR>(k);
    let last = rk[NR];
    let mut prev = ld(iv);
    steps!(io.blocks(), 1, at, W, {
        // Every input block of the step is loaded before any output is
        // stored, so in place works.
        // SAFETY: `steps!` keeps `at + W <= blocks`.
        let c: [uint8x16_t; W] = core::array::from_fn(|j| unsafe { ld_io(&io, at + j) });
        let mut b: [uint8x16_t; W] = core::array::from_fn(|j| round::<true>(c[j], rk[0]));
        rest::<NR, W, true>(&rk, &mut b);
        for j in 0..W {
            let p = if j == 0 { prev } else { c[j - 1] };
            // SAFETY: as above.
            unsafe { st_io(&mut io, at + j, veorq_u8(b[j], veorq_u8(p, last))) };
        }
        prev = c[W - 1];
    });
    st(iv, prev);
}

/// The counter blocks `ctr + 0 .. ctr + W` (big-endian blocks, as
/// `width` increments them), and `ctr` advanced by `W`.
///
/// `Low32` steps rewrite only lane 3 from a scalar (a 32-bit add wraps
/// without a carry to test). `Full` steps always add in 128 bits, with no
/// branch on the counter: it holds the nonce (CCM, a CTR IV), which may be
/// secret (TLS 1.3 derives it from the key schedule). ctgrind flagged the
/// same fast-path test on x86_64.
#[inline]
#[target_feature(enable = "neon,aes")]
fn counters<const W: usize>(ctr: &mut uint8x16_t, width: CtrWidth) -> [uint8x16_t; W] {
    let base = vreinterpretq_u32_u8(*ctr);
    let low = vgetq_lane_u32::<3>(base).swap_bytes();
    if width == CtrWidth::Low32 {
        let at = |j: u32| {
            vreinterpretq_u8_u32(vsetq_lane_u32::<3>(low.wrapping_add(j).swap_bytes(), base))
        };
        *ctr = at(W as u32);
        core::array::from_fn(|j| at(j as u32))
    } else {
        let mut b = [0u8; 16];
        st(&mut b, *ctr);
        let v = u128::from_be_bytes(b);
        let at = |j: u32| ld(&v.wrapping_add(u128::from(j)).to_be_bytes());
        *ctr = at(W as u32);
        core::array::from_fn(|j| at(j as u32))
    }
}

/// CTR over whole blocks.
#[target_feature(enable = "neon,aes")]
pub(crate) unsafe fn ctr(k: &Key, ctr: &mut Block, width: CtrWidth, io: InOut<'_>) {
    by_rounds!(k.rounds, ctr_nr(&k.enc, ctr, width, io))
}

#[target_feature(enable = "neon,aes")]
fn ctr_nr<const NR: usize>(k: &RoundKeys, ctr: &mut Block, width: CtrWidth, mut io: InOut<'_>) {
    let rk = keys::<NR>(k);
    let last = rk[NR];
    let mut c = ld(ctr);
    steps!(io.blocks(), 1, at, W, {
        let mut b: [uint8x16_t; W] = counters::<W>(&mut c, width).map(|x| round::<false>(x, rk[0]));
        rest::<NR, W, false>(&rk, &mut b);
        for (j, x) in b.into_iter().enumerate() {
            // SAFETY: `steps!` keeps `at + W <= blocks`; block `at + j` is
            // read before it is written.
            unsafe {
                let m = veorq_u8(ld_io(&io, at + j), last);
                st_io(&mut io, at + j, veorq_u8(x, m));
            }
        }
    });
    st(ctr, c);
}

/// The XTS tweak times x (IEEE 1619: a little-endian 128-bit integer,
/// reduced by x^128 + x^7 + x^2 + x + 1), on its two 64-bit halves in
/// general registers (as `aesv8-armx.pl` does, leaving every vector
/// register to the round keys and blocks), without branches: the top bit
/// of the high half, as an all-ones mask, selects the reduction 0x87.
#[inline(always)]
fn xts_double((lo, hi): (u64, u64)) -> (u64, u64) {
    let reduce = 0x87 & ((hi as i64) >> 63) as u64;
    ((lo << 1) ^ reduce, (hi << 1) | (lo >> 63))
}

/// The tweak halves as a block.
#[inline]
#[target_feature(enable = "neon,aes")]
fn tweak_block((lo, hi): (u64, u64)) -> uint8x16_t {
    vreinterpretq_u8_u64(vcombine_u64(vcreate_u64(lo), vcreate_u64(hi)))
}

/// XTS over whole blocks with the data key; `tweak` advances past them.
#[target_feature(enable = "neon,aes")]
pub(crate) unsafe fn xts(k: &Key, dir: Dir, tweak: &mut Block, io: InOut<'_>) {
    match dir {
        Dir::Encrypt => by_rounds!(k.rounds, xts_nr::<false>(&k.enc, tweak, io)),
        Dir::Decrypt => by_rounds!(k.rounds, xts_nr::<true>(&k.dec, tweak, io)),
    }
}

#[target_feature(enable = "neon,aes")]
fn xts_nr<const NR: usize, const DEC: bool>(k: &RoundKeys, tweak: &mut Block, mut io: InOut<'_>) {
    let rk = keys::<NR>(k);
    let (first, last) = (rk[0], rk[NR]);
    let v = u128::from_le_bytes(*tweak);
    let mut t = (v as u64, (v >> 64) as u64);
    steps!(io.blocks(), 1, at, W, {
        let ts: [uint8x16_t; W] = core::array::from_fn(|_| {
            let x = tweak_block(t);
            t = xts_double(t);
            x
        });
        // Round 0 takes `t ^ k0` as its key and the output xor `t ^ k_last`.
        let mut b: [uint8x16_t; W] = core::array::from_fn(|j| {
            // SAFETY: `steps!` keeps `at + W <= blocks`; each block is read
            // before it is written.
            let m = unsafe { ld_io(&io, at + j) };
            round::<DEC>(m, veorq_u8(ts[j], first))
        });
        rest::<NR, W, DEC>(&rk, &mut b);
        for j in 0..W {
            // SAFETY: as above.
            unsafe { st_io(&mut io, at + j, veorq_u8(b[j], veorq_u8(ts[j], last))) };
        }
    });
    *tweak = ((u128::from(t.1) << 64) | u128::from(t.0)).to_le_bytes();
}

#[cfg(test)]
mod tests {
    //! Every fused kernel against the shared generic kernels over a plain
    //! wide block function (independent of the fused code), 0..=40 blocks,
    //! in place and out of place, counters near the 2^32, 2^64 and 2^128
    //! wraps, all three key sizes.

    use super::*;
    use crate::mode::kernels::{self, BlockCipher};
    use alloc::vec::Vec;

    /// A straightforward encryption of one block (runtime round count).
    #[target_feature(enable = "neon,aes")]
    fn enc1(k: &Key, x: uint8x16_t) -> uint8x16_t {
        let nr = k.rounds;
        let mut x = x;
        for r in 0..nr - 1 {
            x = vaesmcq_u8(vaeseq_u8(x, ld(&k.enc[r])));
        }
        veorq_u8(vaeseq_u8(x, ld(&k.enc[nr - 1])), ld(&k.enc[nr]))
    }

    /// A straightforward decryption of one block.
    #[target_feature(enable = "neon,aes")]
    fn dec1(k: &Key, x: uint8x16_t) -> uint8x16_t {
        let nr = k.rounds;
        let mut x = x;
        for r in 0..nr - 1 {
            x = vaesimcq_u8(vaesdq_u8(x, ld(&k.dec[r])));
        }
        veorq_u8(vaesdq_u8(x, ld(&k.dec[nr - 1])), ld(&k.dec[nr]))
    }

    /// The reference: the generic kernels over `enc1`/`dec1`. Made only
    /// after `have_aes()`.
    struct Plain<'a>(&'a Key);

    impl BlockCipher for Plain<'_> {
        fn encrypt_blocks(&self, blocks: &mut [Block]) {
            for b in blocks {
                // SAFETY: a `Plain` is only made after `have_aes()`.
                st(b, unsafe { enc1(self.0, ld(b)) });
            }
        }
        fn decrypt_blocks(&self, blocks: &mut [Block]) {
            for b in blocks {
                // SAFETY: as above.
                st(b, unsafe { dec1(self.0, ld(b)) });
            }
        }
    }

    fn have_aes() -> bool {
        let ok = crate::cpu::detected().contains(super::super::Impl::Armv8.needs());
        if !ok {
            std::eprintln!("aarch64_aes tests skipped: no AES on this CPU");
        }
        ok
    }

    /// xorshift64*: seeded, reproducible.
    struct Rng(u64);
    impl Rng {
        fn bytes(&mut self, n: usize) -> Vec<u8> {
            (0..n)
                .map(|_| {
                    self.0 ^= self.0 >> 12;
                    self.0 ^= self.0 << 25;
                    self.0 ^= self.0 >> 27;
                    (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 56) as u8
                })
                .collect()
        }
        fn block(&mut self) -> Block {
            self.bytes(16).try_into().unwrap()
        }
    }

    const MAX_BLOCKS: usize = 40;

    /// Runs `fused` and `generic` (each given the state block and an
    /// `InOut`) on the same input and state, in place and out of place,
    /// for every length 0..=40 blocks; compares outputs and states.
    fn check(
        name: &str,
        rng: &mut Rng,
        state: Block,
        fused: &dyn Fn(&mut Block, InOut<'_>),
        generic: &dyn Fn(&mut Block, InOut<'_>),
    ) {
        for n in 0..=MAX_BLOCKS {
            let input = rng.bytes(16 * n);
            let mut want = input.clone();
            let mut want_state = state;
            generic(&mut want_state, InOut::in_place(&mut want));
            // In place.
            let mut got = input.clone();
            let mut got_state = state;
            fused(&mut got_state, InOut::in_place(&mut got));
            assert_eq!(got, want, "{name}: {n} blocks in place");
            assert_eq!(got_state, want_state, "{name}: {n} blocks in place, state");
            // Out of place.
            let mut out = alloc::vec![0u8; 16 * n];
            let mut got_state = state;
            fused(&mut got_state, InOut::new(&input, &mut out).unwrap());
            assert_eq!(out, want, "{name}: {n} blocks out of place");
            assert_eq!(
                got_state, want_state,
                "{name}: {n} blocks out of place, state"
            );
        }
    }

    fn keys(rng: &mut Rng) -> Vec<(Vec<u8>, Key)> {
        [16, 24, 32]
            .into_iter()
            .map(|len| {
                let kb = rng.bytes(len);
                // SAFETY: callers checked `have_aes()`.
                let k = unsafe { Key::new(&kb) };
                (kb, k)
            })
            .collect()
    }

    #[test]
    fn block_function_matches_soft() {
        if !have_aes() {
            return;
        }
        let mut rng = Rng(1);
        for (kb, k) in keys(&mut rng) {
            let soft = super::super::soft::Key::new(&kb).unwrap();
            let mut a: Vec<Block> = (0..9).map(|_| rng.block()).collect();
            let mut b = a.clone();
            Plain(&k).encrypt_blocks(&mut a);
            soft.encrypt_blocks(&mut b);
            assert_eq!(a, b, "{} encrypt", kb.len());
            Plain(&k).decrypt_blocks(&mut a);
            soft.decrypt_blocks(&mut b);
            assert_eq!(a, b, "{} decrypt", kb.len());
        }
    }

    #[test]
    fn ecb_cbc_mac_match_generic() {
        if !have_aes() {
            return;
        }
        let mut rng = Rng(2);
        for (kb, k) in keys(&mut rng) {
            let p = Plain(&k);
            let bits = kb.len() * 8;
            for dir in [Dir::Encrypt, Dir::Decrypt] {
                check(
                    &std::format!("ecb {dir:?} {bits}"),
                    &mut rng,
                    [0; 16],
                    // SAFETY: `have_aes()` (every call in these tests).
                    &|_, io| unsafe { ecb(&k, dir, io) },
                    &|_, io| kernels::ecb(&p, dir, io),
                );
            }
            let iv = rng.block();
            check(
                &std::format!("cbc encrypt {bits}"),
                &mut rng,
                iv,
                // SAFETY: as above.
                &|s, io| unsafe { cbc_encrypt(&k, s, io) },
                &|s, io| kernels::cbc_encrypt(&p, s, io),
            );
            check(
                &std::format!("cbc decrypt {bits}"),
                &mut rng,
                iv,
                // SAFETY: as above.
                &|s, io| unsafe { cbc_decrypt(&k, s, io) },
                &|s, io| kernels::cbc_decrypt(&p, s, io),
            );
            for n in 0..=MAX_BLOCKS {
                let data = rng.bytes(16 * n);
                let (mut a, mut b) = (iv, iv);
                // SAFETY: as above.
                unsafe { cbc_mac(&k, &mut a, &data) };
                kernels::cbc_mac(&p, &mut b, &data);
                assert_eq!(a, b, "cbc-mac {bits}: {n} blocks");
            }
        }
    }

    #[test]
    fn ctr_matches_generic_across_wraps() {
        if !have_aes() {
            return;
        }
        let mut rng = Rng(3);
        for (kb, k) in keys(&mut rng) {
            let p = Plain(&k);
            let bits = kb.len() * 8;
            for width in [CtrWidth::Full, CtrWidth::Low32] {
                let mut starts = Vec::new();
                for d in [0u64, 1, 3, 4, 7, 8, 9, 17, 40] {
                    let mut c = rng.block();
                    // Low 32 bits `d` below wrapping.
                    c[12..].copy_from_slice(&(u32::MAX - d as u32).to_be_bytes());
                    starts.push(c);
                    // Low 64 bits `d` below wrapping.
                    c[8..].copy_from_slice(&(u64::MAX - d).to_be_bytes());
                    starts.push(c);
                    // The whole counter `d` below wrapping.
                    starts.push((u128::MAX - u128::from(d)).to_be_bytes());
                }
                starts.push(rng.block());
                starts.push([0; 16]);
                for c in starts {
                    check(
                        &std::format!("ctr {width:?} {bits} from {c:02x?}"),
                        &mut rng,
                        c,
                        // SAFETY: as above.
                        &|s, io| unsafe { ctr(&k, s, width, io) },
                        &|s, io| kernels::ctr(&p, s, width, io),
                    );
                }
            }
        }
    }

    #[test]
    fn xts_matches_generic() {
        if !have_aes() {
            return;
        }
        let mut rng = Rng(4);
        for (kb, k) in keys(&mut rng) {
            let p = Plain(&k);
            let bits = kb.len() * 8;
            for dir in [Dir::Encrypt, Dir::Decrypt] {
                let mut top = rng.block();
                top[7] |= 0x80;
                top[15] |= 0x80;
                for t in [rng.block(), top, [0xff; 16], [0; 16]] {
                    check(
                        &std::format!("xts {dir:?} {bits} from {t:02x?}"),
                        &mut rng,
                        t,
                        // SAFETY: as above.
                        &|s, io| unsafe { xts(&k, dir, s, io) },
                        &|s, io| kernels::xts(&p, dir, s, io),
                    );
                }
            }
        }
    }
}
