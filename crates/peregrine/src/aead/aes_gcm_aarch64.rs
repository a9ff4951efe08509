//! The fused AES-GCM kernel for the ARMv8 Cryptography Extensions (AESE/
//! AESMC with PMULL/PMULL2): AES-CTR with GCM's 32-bit counter and GHASH
//! in one pass over the data, 8 blocks per step.
//!
//! Technique: the stitching of Gueron's and Drucker's AES-GCM papers, as
//! ARM's `aes-gcm-armv8_64.pl` and `aes-gcm-armv8-unroll8_64.pl` (in
//! OpenSSL) do it for AArch64: while the AES rounds of one step run, the
//! carry-less multiplies of eight blocks run between them (two independent
//! dependency chains, each filling the other's latencies), with one
//! reduction per step (`aarch64_pmull`'s aggregated Karatsuba over
//! H^8..H^1). When sealing, the blocks hashed are the previous step's
//! ciphertext (this step's is not ready); when opening, they are this
//! step's input, which is already there. The structure is that of
//! `aes_gcm_x86_64_vaes.rs`.
//!
//! Registers: aarch64 has 32 vector registers. The round keys (up to 15
//! for AES-256) and the eight AES states take 23; the three GHASH sums,
//! the counter and the block being hashed take most of the rest. So the
//! blocks to hash are not held across the rounds: each is loaded when its
//! turn comes (from the output of the previous step when sealing, from the
//! input when opening; both are in L1), and so are the powers of H (read
//! through `black_box` each step, so that LLVM does not hoist them out of
//! the loop only to spill them). Each AES round is an AESE+AESMC pair,
//! adjacent (`aarch64_aes::round`), so cores that fuse the pair do; the
//! last round key is folded into the xor with the data, as `aarch64_aes`
//! does.
//!
//! A hashed block goes through `rev64` alone, not the full byte reversal
//! (`rev64` + `ext`): its halves are then swapped against register order,
//! and it meets the key's swapped powers (`aarch64_pmull::mul_acc_swapped`),
//! nine instructions per block for the Karatsuba products and their sums.
//!
//! The counter: `rev32` of the counter block puts its low word, as a
//! native integer, in lane 3 and leaves the other lanes' bytes alone; a
//! 32-bit lane add of `[0, 0, 0, 1]` is then exactly `inc32` (only the low
//! 32 bits wrap), and a second `rev32` gives the next counter block: two
//! instructions per block.
//!
//! Only whole steps of 8 blocks go through here; `AesGcm` runs the rest
//! (and everything on other backend pairs) through the composed path.

use core::arch::aarch64::*;

use crate::aead::ghash::aarch64_pmull::{self as gp, Sums};
use crate::cipher::aes::aarch64_aes::{self as aa, round};
use crate::cipher::{Block, InOut};

/// Blocks per step.
const STEP: usize = 8;

#[inline]
#[target_feature(enable = "neon")]
fn ld(b: &Block) -> uint8x16_t {
    // SAFETY: a 16-byte array is valid for a 16-byte load.
    unsafe { vld1q_u8(b.as_ptr()) }
}

#[inline]
#[target_feature(enable = "neon")]
fn st(b: &mut Block, v: uint8x16_t) {
    // SAFETY: a 16-byte array is valid for a 16-byte store.
    unsafe { vst1q_u8(b.as_mut_ptr(), v) }
}

/// A hash value in register order as a GCM block.
#[inline]
#[target_feature(enable = "neon")]
fn to_gcm(x: uint64x2_t) -> uint8x16_t {
    vreinterpretq_u8_u64(gp::bswap(vreinterpretq_u8_u64(x)))
}

/// The counter block through `rev32` (its low word native in lane 3, the
/// other bytes each word-reversed), and `[0, 0, 0, 1]`.
#[derive(Clone, Copy)]
struct Ctr {
    n: uint32x4_t,
    one: uint32x4_t,
}

impl Ctr {
    #[inline]
    #[target_feature(enable = "neon")]
    fn new(b: &Block) -> Ctr {
        Ctr {
            n: vreinterpretq_u32_u8(vrev32q_u8(ld(b))),
            one: vsetq_lane_u32::<3>(1, vdupq_n_u32(0)),
        }
    }

    /// The counter block.
    #[inline]
    #[target_feature(enable = "neon")]
    fn block(self) -> uint8x16_t {
        vrev32q_u8(vreinterpretq_u8_u32(self.n))
    }

    /// The next eight counter blocks; the counter advances by 8, wrapping
    /// only the low 32 bits (a 32-bit lane add).
    #[inline]
    #[target_feature(enable = "neon")]
    fn next8(&mut self) -> [uint8x16_t; STEP] {
        // Through `black_box`, so that LLVM keeps the chain of adds of
        // one register rather than make seven constants (which it spills).
        let one = core::hint::black_box(self.one);
        core::array::from_fn(|_| {
            let b = self.block();
            self.n = vaddq_u32(self.n, one);
            b
        })
    }
}

/// All the AES rounds of the eight blocks but the final key addition
/// (the caller folds `rk[NR]` into its data xor), with `hash` interleaved:
/// `hash(r)` is called after full round `r` for r in 0..8 (AES-128 has 9
/// full rounds, so every key size has room). The eight hashed rounds are
/// written out one by one so that LLVM unrolls all of them (a loop over
/// the rounds with the hash inside stays rolled for AES-256).
#[inline]
#[target_feature(enable = "neon,aes")]
fn rounds_with<const NR: usize>(
    rk: &[uint8x16_t; 15],
    b: &mut [uint8x16_t; STEP],
    mut hash: impl FnMut(usize),
) {
    let mut step = |r: usize| {
        for x in b.iter_mut() {
            *x = round::<false>(*x, rk[r]);
        }
        hash(r);
    };
    step(0);
    step(1);
    step(2);
    step(3);
    step(4);
    step(5);
    step(6);
    step(7);
    for &k in &rk[STEP..NR - 1] {
        for x in b.iter_mut() {
            *x = round::<false>(*x, k);
        }
    }
    let k = rk[NR - 1];
    for x in b.iter_mut() {
        *x = vaeseq_u8(*x, k);
    }
}

/// Hashes block `r` of the eight at `p` (GCM byte order) into `s` (during
/// round `r`), the running hash `x` (register order) xored into block 0.
/// The block goes through `rev64` only and meets the swapped powers
/// (`aarch64_pmull::mul_acc_swapped`).
///
/// # Safety
/// `p` is valid for reading 128 bytes.
#[inline]
#[target_feature(enable = "neon,aes")]
unsafe fn hash_block(s: &mut Sums, gk: &gp::Key, p: *const u8, x: uint64x2_t, r: usize) {
    if r < STEP {
        // SAFETY: `r < 8`, so the 16 bytes are among the caller's 128.
        let mut v = vreinterpretq_u64_u8(vrev64q_u8(unsafe { vld1q_u8(p.add(16 * r)) }));
        if r == 0 {
            v = veorq_u64(v, vextq_u64::<1>(x, x));
        }
        gp::mul_acc_swapped(s, gk, r, v);
    }
}

/// Seals the whole 8-block steps of `io` in place or into its output:
/// returns the bytes done. `ctr` is the next counter block and `acc` the
/// running GHASH (GCM byte order); both advance.
///
/// # Safety
/// The CPU must have NEON, the ARMv8 AES instructions and PMULL (the
/// features of the `armv8` AES backend and the `pmull` GHASH backend).
#[target_feature(enable = "neon,aes")]
pub(crate) unsafe fn seal(
    ak: &aa::Key,
    gk: &gp::Key,
    ctr: &mut Block,
    acc: &mut Block,
    io: InOut<'_>,
) -> usize {
    crate::cipher::aes::by_rounds!(ak.rounds(), seal_nr(ak, gk, ctr, acc, io))
}

/// Xors the eight keystream blocks `b` (before the last round key) into
/// input blocks `at..at + 8` and stores them to the output: every input
/// block is loaded before any output block is stored, so in place works.
///
/// # Safety
/// `src` and `dst` are valid for reading and writing 128 bytes at byte
/// `16 * at`, the same bytes or disjoint.
#[inline]
#[target_feature(enable = "neon,aes")]
unsafe fn xor_out(
    src: *const u8,
    dst: *mut u8,
    at: usize,
    last: uint8x16_t,
    b: &[uint8x16_t; STEP],
) {
    // SAFETY: the caller's bounds.
    let m: [uint8x16_t; STEP] =
        core::array::from_fn(|j| unsafe { veorq_u8(vld1q_u8(src.add(16 * (at + j))), last) });
    for j in 0..STEP {
        // SAFETY: as above.
        unsafe { vst1q_u8(dst.add(16 * (at + j)), veorq_u8(b[j], m[j])) };
    }
}

#[target_feature(enable = "neon,aes")]
fn seal_nr<const NR: usize>(
    ak: &aa::Key,
    gk: &gp::Key,
    ctr: &mut Block,
    acc: &mut Block,
    mut io: InOut<'_>,
) -> usize {
    let steps = io.blocks() / STEP;
    if steps == 0 {
        return 0;
    }
    let rk = aa::keys::<NR>(ak.enc());
    let last = rk[NR];
    let mut n = Ctr::new(ctr);
    let mut x = gp::bswap(ld(acc));
    let src = io.src_ptr();
    let dst = io.dst_ptr();
    // The first step has nothing to hash yet.
    let mut b = n.next8();
    rounds_with::<NR>(&rk, &mut b, |_| {});
    // SAFETY: `steps >= 1`: blocks 0..8 are in bounds.
    unsafe { xor_out(src, dst, 0, last, &b) };
    for step in 1..steps {
        let at = STEP * step;
        // The powers of H are read through `black_box` each step, so they
        // are loaded next to their multiplies rather than hoisted out of
        // the loop and then spilled (the round keys and blocks fill the
        // registers).
        let gk = core::hint::black_box(gk);
        let mut b = n.next8();
        // The previous step's ciphertext, read back from the output:
        // `dst` comes from a `&mut [u8]` (`InOut`'s constructors), so the
        // bytes this kernel wrote there may be read.
        // SAFETY: blocks `at - 8..at` are in bounds.
        let prev = unsafe { dst.add(16 * (at - STEP)) }.cast_const();
        let mut s = Sums::zero();
        // SAFETY: `prev` is valid for reading 128 bytes (above).
        rounds_with::<NR>(&rk, &mut b, |r| unsafe {
            hash_block(&mut s, gk, prev, x, r)
        });
        x = gp::reduce(s);
        // SAFETY: `at + 8 <= blocks`.
        unsafe { xor_out(src, dst, at, last, &b) };
    }
    // The last step's ciphertext.
    // SAFETY: the last step's 128 bytes are inside `dst`, written above.
    let prev = unsafe { dst.add(16 * STEP * (steps - 1)) }.cast_const();
    let mut s = Sums::zero();
    for r in 0..STEP {
        // SAFETY: as above.
        unsafe { hash_block(&mut s, gk, prev, x, r) };
    }
    x = gp::reduce(s);
    st(acc, to_gcm(x));
    st(ctr, n.block());
    16 * STEP * steps
}

/// Opens (decrypts and hashes) the whole 8-block steps of `io`; as
/// [`seal`], except that the hash is over the input.
///
/// # Safety
/// As [`seal`].
#[target_feature(enable = "neon,aes")]
pub(crate) unsafe fn open(
    ak: &aa::Key,
    gk: &gp::Key,
    ctr: &mut Block,
    acc: &mut Block,
    io: InOut<'_>,
) -> usize {
    crate::cipher::aes::by_rounds!(ak.rounds(), open_nr(ak, gk, ctr, acc, io))
}

#[target_feature(enable = "neon,aes")]
fn open_nr<const NR: usize>(
    ak: &aa::Key,
    gk: &gp::Key,
    ctr: &mut Block,
    acc: &mut Block,
    mut io: InOut<'_>,
) -> usize {
    let steps = io.blocks() / STEP;
    if steps == 0 {
        return 0;
    }
    let rk = aa::keys::<NR>(ak.enc());
    let last = rk[NR];
    let mut n = Ctr::new(ctr);
    let mut x = gp::bswap(ld(acc));
    let src = io.src_ptr();
    let dst = io.dst_ptr();
    for step in 0..steps {
        let at = STEP * step;
        // SAFETY: `at + 8 <= blocks`.
        let cur = unsafe { src.add(16 * at) };
        // As in `seal_nr`.
        let gk = core::hint::black_box(gk);
        let mut b = n.next8();
        let mut s = Sums::zero();
        // SAFETY: `cur` is valid for reading 128 bytes (above).
        rounds_with::<NR>(&rk, &mut b, |r| unsafe {
            hash_block(&mut s, gk, cur, x, r)
        });
        x = gp::reduce(s);
        // The input is loaded again rather than held across the rounds
        // (see the header).
        // SAFETY: `at + 8 <= blocks`.
        unsafe { xor_out(src, dst, at, last, &b) };
    }
    st(acc, to_gcm(x));
    st(ctr, n.block());
    16 * STEP * steps
}

#[cfg(test)]
mod tests {
    //! The kernel called directly (`AesGcm` only hands it buffers in
    //! place): against the composed path (the `armv8` CTR kernel, then
    //! `pmull` GHASH), in place and out of place, 0..=41 blocks, counters
    //! whose low word wraps inside the data, every key size.

    use super::*;
    use crate::aead::ghash;
    use crate::cipher::aes::{self, Aes, CtrWidth};
    use alloc::vec::Vec;

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

    #[test]
    fn matches_composed_in_and_out_of_place() {
        let (Some(ai), Some(gi)) = (aes::Impl::Armv8.check(), ghash::Impl::Pmull.check()) else {
            std::eprintln!("aes_gcm_aarch64 test skipped: no AES/PMULL on this CPU");
            return;
        };
        let mut rng = Rng(5);
        let mut ran = 0;
        for kl in [16, 24, 32] {
            let aes = Aes::with_impl(&rng.bytes(kl), ai).unwrap();
            let gkey = ghash::Key::new(&rng.block(), gi);
            let (Some(ak), ghash::Key::Pmull(gk)) = (aes.armv8_key(), &gkey) else {
                panic!("not the armv8 + pmull keys");
            };
            for blocks in [0usize, 1, 7, 8, 9, 15, 16, 17, 24, 31, 40, 41] {
                for low in [0u32, 5, 15, 16, 17, 100, u32::MAX] {
                    let mut ctr0 = rng.block();
                    ctr0[12..].copy_from_slice(&(u32::MAX - low).to_be_bytes());
                    let acc0 = rng.block();
                    let msg = rng.bytes(16 * blocks);
                    let done = 16 * STEP * (blocks / STEP);
                    for seal_dir in [true, false] {
                        // The composed path over the whole steps.
                        let mut want = msg.clone();
                        let (mut wc, mut wa) = (ctr0, acc0);
                        if !seal_dir {
                            gkey.update_blocks(&mut wa, &want[..done]);
                        }
                        aes.ctr(&mut wc, CtrWidth::Low32, InOut::in_place(&mut want[..done]));
                        if seal_dir {
                            gkey.update_blocks(&mut wa, &want[..done]);
                        }
                        let run = |io: InOut<'_>, c: &mut Block, a: &mut Block| {
                            // SAFETY: `check()` succeeded for both backends.
                            unsafe {
                                if seal_dir {
                                    seal(ak, gk, c, a, io)
                                } else {
                                    open(ak, gk, c, a, io)
                                }
                            }
                        };
                        let what =
                            std::format!("seal={seal_dir} key {kl} {blocks} blocks low {low}");
                        // In place.
                        let mut got = msg.clone();
                        let (mut c, mut a) = (ctr0, acc0);
                        assert_eq!(run(InOut::in_place(&mut got), &mut c, &mut a), done);
                        assert_eq!((got, c, a), (want.clone(), wc, wa), "{what}, in place");
                        // Out of place.
                        let mut out = alloc::vec![0u8; msg.len()];
                        let (mut c, mut a) = (ctr0, acc0);
                        let io = InOut::new(&msg, &mut out).unwrap();
                        assert_eq!(run(io, &mut c, &mut a), done);
                        assert_eq!(out[..done], want[..done], "{what}, out of place");
                        assert!(out[done..].iter().all(|&b| b == 0), "{what}: wrote past");
                        assert_eq!((c, a), (wc, wa), "{what}, out of place state");
                        ran += 1;
                    }
                }
            }
        }
        assert!(ran > 0);
    }
}
