//! The fused AES-GCM kernel for AES-NI + PCLMULQDQ on xmm registers (no
//! AVX, so it runs on Westmere-class CPUs): AES-CTR with GCM's 32-bit
//! counter and GHASH in one pass over the data, 8 blocks per step.
//!
//! Technique: the stitching of Gueron's and Drucker's AES-GCM papers
//! ("Intel Carry-Less Multiplication Instruction and its Usage for
//! Computing the GCM Mode"; Gueron, "AES-GCM software performance on the
//! current high end CPUs as a performance baseline for CAESAR") and of
//! OpenSSL's `aesni-gcm-x86_64.pl` (which needs AVX; this is the same idea
//! on the legacy SSE encodings, written from those descriptions): while the
//! ten to fourteen AES rounds of eight counter blocks run, the carry-less
//! multiplies of eight ciphertext blocks by H^8..H^1 run between them,
//! one block after each of rounds 1..=8, summed unreduced (Karatsuba, the
//! middle term against the key's precomputed `lo ^ hi`) and reduced once
//! per step (`x86_64_pclmul`'s aggregated reduction). When sealing, the
//! blocks hashed are the previous step's ciphertext (this step's is not
//! ready); when opening, they are this step's input, which is already
//! there. The structure is that of `aes_gcm_x86_64_vaes`, half as wide.
//!
//! Two things the straightforward version lacked (it measured no faster
//! than the composed path):
//!
//! - LLVM schedules the multiplies of a step in one run ahead of the AES
//!   rounds; the out-of-order window then fills with multiplies waiting on
//!   the previous step's ciphertext and the two no longer overlap. An
//!   empty `asm!` fence after each round (see [`stitched`]) keeps the
//!   interleaving as written.
//! - On recent cores `aesenc` issues on the same ports as `pxor`, `paddd`
//!   and `pshufb`, so vector instructions, not AES latency, bound the
//!   step. The counter blocks are therefore made in general registers,
//!   pre-whitened in memory as OpenSSL's `aesni_ctr32_encrypt_blocks` does
//!   (see [`Counters`]): 24 vector instructions fewer per step.
//!
//! Only whole steps of 8 blocks go through here; `AesGcm` runs the rest
//! (and everything on other backend pairs) through the composed path.

use core::arch::x86_64::*;

use crate::aead::ghash::x86_64_pclmul::{self as gp, Key as GKey, Sums};
use crate::cipher::aes::x86_64_aesni::{Key as AKey, RoundKeys, ld, rk, st};
use crate::cipher::{Block, InOut};

/// Ties values to a point in the instruction stream: an empty `asm!` that
/// claims to rewrite its register operands, so the code computing them
/// stays before it and the code using them after it. It is not `pure`, so
/// LLVM also keeps volatile accesses on their side of it. No instruction
/// is emitted (DESIGN.md section 3 keeps real assembly in `*_asm.rs`
/// files; this is only a scheduling constraint).
macro_rules! fence {
    (@comment $v:expr) => {
        "/* {} */"
    };
    ($($v:expr),* $(,)?) => {
        // SAFETY: the template is only comments (naming the operands): no
        // instruction is emitted, no memory, stack or flags are touched;
        // the registers keep their values.
        unsafe {
            core::arch::asm!(
                concat!($(fence!(@comment $v)),*),
                $(inout(xmm_reg) $v,)*
                options(nomem, nostack, preserves_flags)
            )
        }
    };
}

/// The AES rounds 1..=NR over the eight counter blocks `b` (already XORed
/// with round key 0), with the multiplies of the eight blocks `h`
/// (register order, the running hash already in `h[0]`) by H^8..H^1
/// between them: block j after round j + 1 (AES-128 has 9 middle rounds,
/// so every key size has room). Returns the unreduced sums.
///
/// Each round ends with a fence over the AES state and the next block to
/// hash, so round r + 1 and the multiply of block r sit between the same
/// two fences. Without them LLVM gathers the 24 multiplies of a step ahead
/// of the rounds and the AES and multiply work no longer overlap.
#[inline]
#[target_feature(enable = "sse2,ssse3,sse4.1,aes,pclmulqdq")]
fn stitched<const NR: usize>(
    k: &RoundKeys,
    b: &mut [__m128i; 8],
    gk: &GKey,
    mut h: [__m128i; 8],
) -> Sums {
    let mut s = Sums::zero();
    for r in 1..NR {
        let kr = rk(k, r);
        for x in b.iter_mut() {
            *x = _mm_aesenc_si128(*x, kr);
        }
        if r <= 8 {
            gp::mul_acc_pow(&mut s, gk, r - 1, h[r - 1]);
        }
        let [b0, b1, b2, b3, b4, b5, b6, b7] = b;
        if r < 8 {
            fence!(*b0, *b1, *b2, *b3, *b4, *b5, *b6, *b7, h[r]);
        } else {
            fence!(*b0, *b1, *b2, *b3, *b4, *b5, *b6, *b7);
        }
    }
    let kl = rk(k, NR);
    for x in b.iter_mut() {
        *x = _mm_aesenclast_si128(*x, kl);
    }
    s
}

/// AES rounds 1..=NR over eight blocks already XORed with round key 0.
#[inline]
#[target_feature(enable = "sse2,ssse3,sse4.1,aes,pclmulqdq")]
fn rounds<const NR: usize>(k: &RoundKeys, b: &mut [__m128i; 8]) {
    for r in 1..NR {
        let kr = rk(k, r);
        for x in b.iter_mut() {
            *x = _mm_aesenc_si128(*x, kr);
        }
    }
    let kl = rk(k, NR);
    for x in b.iter_mut() {
        *x = _mm_aesenclast_si128(*x, kl);
    }
}

/// The counter blocks of the next two steps, kept in memory already XORed
/// with round key 0 (OpenSSL's `aesni_ctr32_encrypt_blocks` does the
/// same): the first twelve bytes never change, and each step rewrites only
/// the last four of each block, from a general register (`bswap`, `xor`, a
/// 4-byte store). The AES rounds then start from plain loads, with no
/// vector instruction for the counters at all: in this kernel the vector
/// ports, not the AES unit, are the bottleneck (`aesenc` shares them with
/// every `pxor` and `pshufb`).
///
/// The 4-byte stores are volatile so that LLVM keeps them as stores
/// rather than turning the store-and-reload into vector inserts. Blocks
/// are written two steps ahead of their loads (two sets, used in turn): a
/// 16-byte load over a 4-byte store cannot be forwarded from the store
/// buffer and waits until the store has retired and reached L1.
#[repr(C, align(16))]
struct Counters {
    blocks: [[[u8; 16]; 8]; 2],
    /// The low 32 bits of the next counter to write (GCM's inc32 wraps
    /// them modulo 2^32; the first twelve bytes never change).
    next: u32,
    /// The last four bytes of round key 0, as a native-endian word.
    k0w: u32,
}

impl Counters {
    /// Both sets written: set 0 with the first eight counters from `ctr`,
    /// set 1 with the next eight.
    fn new(ctr: &Block, k0: &Block) -> Counters {
        let mut first = [0u8; 16];
        for (f, (c, k)) in first.iter_mut().zip(ctr.iter().zip(k0)) {
            *f = c ^ k;
        }
        let [.., a, b, c, d] = *ctr;
        let [.., w, x, y, z] = *k0;
        let mut cb = Counters {
            blocks: [[first; 8]; 2],
            next: u32::from_be_bytes([a, b, c, d]),
            k0w: u32::from_ne_bytes([w, x, y, z]),
        };
        cb.fill(0);
        cb.fill(1);
        cb
    }

    /// Writes the next eight counters (whitened) into set `set & 1`.
    #[inline(always)]
    fn fill(&mut self, set: usize) {
        for (j, blk) in self.blocks[set & 1].iter_mut().enumerate() {
            let w = u32::from_ne_bytes(self.next.wrapping_add(j as u32).to_be_bytes()) ^ self.k0w;
            let p: *mut u32 = blk[12..].as_mut_ptr().cast();
            // SAFETY: `p` is bytes 12..16 of a block of a 16-byte aligned
            // array of 16-byte blocks, so it is valid and 4-byte aligned.
            unsafe { p.write_volatile(w) };
        }
        self.next = self.next.wrapping_add(8);
    }

    /// Loads the eight blocks of set `set & 1`.
    #[inline]
    #[target_feature(enable = "sse2")]
    fn load(&self, set: usize) -> [__m128i; 8] {
        let blocks = &self.blocks[set & 1];
        // SAFETY: each block is 16 bytes and 16-byte aligned (`repr(align)`
        // on a struct whose first field is the array of blocks).
        core::array::from_fn(|j| unsafe { _mm_load_si128(blocks[j].as_ptr().cast()) })
    }

    /// The next step's blocks, from set `step & 1`; the set is then
    /// refilled for step `step + 2`.
    #[inline]
    #[target_feature(enable = "sse2")]
    fn take(&mut self, step: usize) -> [__m128i; 8] {
        let b = self.load(step);
        self.fill(step);
        b
    }
}

impl Drop for Counters {
    fn drop(&mut self) {
        // The blocks are counters XORed with a round key.
        crate::ct::wipe(&mut self.blocks);
        crate::ct::wipe(core::array::from_mut(&mut self.k0w));
    }
}

#[inline]
#[target_feature(enable = "sse2")]
fn load(b: &Block) -> __m128i {
    // SAFETY: a 16-byte array is valid for a 16-byte unaligned load.
    unsafe { _mm_loadu_si128(b.as_ptr().cast()) }
}

#[inline]
#[target_feature(enable = "sse2")]
fn store(b: &mut Block, v: __m128i) {
    // SAFETY: a 16-byte array is valid for a 16-byte unaligned store.
    unsafe { _mm_storeu_si128(b.as_mut_ptr().cast(), v) }
}

/// XORs the key stream `ks` into blocks `at..at + 8` of the input and
/// stores them to the output, leaving the ciphertext byte-swapped in `ct`.
///
/// # Safety
/// `at + 8 <= io.blocks()`.
#[inline]
#[target_feature(enable = "sse2,ssse3")]
unsafe fn xor_out(io: &mut InOut<'_>, at: usize, ks: &[__m128i; 8], ct: &mut [__m128i; 8]) {
    for (j, &v) in ks.iter().enumerate() {
        // SAFETY: the caller keeps `at + 8 <= blocks`; the input block is
        // read before the output block at the same place is written.
        unsafe {
            let c = _mm_xor_si128(v, ld(io, at + j));
            st(io, at + j, c);
            ct[j] = gp::bswap(c);
        }
    }
}

/// Seals the whole 8-block steps of `io` in place or into its output:
/// returns the bytes done. `ctr` is the next counter block and `acc` the
/// running GHASH (GCM byte order); both advance.
///
/// # Safety
/// The CPU must have AES-NI, PCLMULQDQ, SSE4.1 and SSSE3 (the features of
/// the `aesni` AES backend and the `pclmul` GHASH backend).
#[target_feature(enable = "sse2,ssse3,sse4.1,aes,pclmulqdq")]
pub(crate) unsafe fn seal(
    ak: &AKey,
    gk: &GKey,
    ctr: &mut Block,
    acc: &mut Block,
    io: InOut<'_>,
) -> usize {
    crate::cipher::aes::by_rounds!(ak.rounds, seal_nr(ak, gk, ctr, acc, io))
}

#[target_feature(enable = "sse2,ssse3,sse4.1,aes,pclmulqdq")]
fn seal_nr<const NR: usize>(
    ak: &AKey,
    gk: &GKey,
    ctr: &mut Block,
    acc: &mut Block,
    mut io: InOut<'_>,
) -> usize {
    let steps = io.blocks() / 8;
    if steps == 0 {
        return 0;
    }
    let k = &ak.enc;
    let mut cb = Counters::new(ctr, &k.0[0]);
    let mut x = gp::bswap(load(acc));
    // The previous step's ciphertext, byte-swapped for hashing. The first
    // step has nothing to hash; it runs on its own so that the loop body
    // is a single stitched block.
    let mut pending = [_mm_setzero_si128(); 8];
    let mut b = cb.take(0);
    rounds::<NR>(k, &mut b);
    // SAFETY: `steps >= 1`, so blocks 0..8 are in bounds.
    unsafe { xor_out(&mut io, 0, &b, &mut pending) };
    for step in 1..steps {
        let mut b = cb.take(step);
        pending[0] = _mm_xor_si128(pending[0], x);
        x = gp::reduce(stitched::<NR>(k, &mut b, gk, pending));
        // SAFETY: `step < steps`, so blocks `8 * step..8 * step + 8` are in
        // bounds.
        unsafe { xor_out(&mut io, 8 * step, &b, &mut pending) };
    }
    pending[0] = _mm_xor_si128(pending[0], x);
    let mut s = Sums::zero();
    gp::mul_acc8(&mut s, gk, &pending);
    x = gp::reduce(s);
    store(acc, gp::bswap(x));
    advance(ctr, steps);
    8 * 16 * steps
}

/// Advances the counter block by `8 * steps` (inc32: modulo 2^32).
fn advance(ctr: &mut Block, steps: usize) {
    let [.., a, b, c, d] = *ctr;
    let low = u32::from_be_bytes([a, b, c, d]).wrapping_add((8 * steps) as u32);
    ctr[12..].copy_from_slice(&low.to_be_bytes());
}

/// Opens (decrypts and hashes) the whole 8-block steps of `io`; as
/// [`seal`], except that the hash is over the input.
///
/// # Safety
/// As [`seal`].
#[target_feature(enable = "sse2,ssse3,sse4.1,aes,pclmulqdq")]
pub(crate) unsafe fn open(
    ak: &AKey,
    gk: &GKey,
    ctr: &mut Block,
    acc: &mut Block,
    io: InOut<'_>,
) -> usize {
    crate::cipher::aes::by_rounds!(ak.rounds, open_nr(ak, gk, ctr, acc, io))
}

#[target_feature(enable = "sse2,ssse3,sse4.1,aes,pclmulqdq")]
fn open_nr<const NR: usize>(
    ak: &AKey,
    gk: &GKey,
    ctr: &mut Block,
    acc: &mut Block,
    mut io: InOut<'_>,
) -> usize {
    let steps = io.blocks() / 8;
    if steps == 0 {
        return 0;
    }
    let k = &ak.enc;
    let mut cb = Counters::new(ctr, &k.0[0]);
    let mut x = gp::bswap(load(acc));
    for step in 0..steps {
        let at = 8 * step;
        let mut b = cb.take(step);
        // SAFETY: `at + 8 <= blocks`: every block of this step is in bounds.
        let mut h: [__m128i; 8] = core::array::from_fn(|j| gp::bswap(unsafe { ld(&io, at + j) }));
        h[0] = _mm_xor_si128(h[0], x);
        x = gp::reduce(stitched::<NR>(k, &mut b, gk, h));
        for (j, v) in b.into_iter().enumerate() {
            // SAFETY: as above. Block `j` is read again before it is
            // written, and the hash read every block of the step before
            // the first store.
            unsafe {
                let p = _mm_xor_si128(v, ld(&io, at + j));
                st(&mut io, at + j, p);
            }
        }
    }
    store(acc, gp::bswap(x));
    advance(ctr, steps);
    8 * 16 * steps
}
