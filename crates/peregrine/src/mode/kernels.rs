//! The mode kernels written once, generic over a backend's wide
//! `encrypt_blocks`/`decrypt_blocks` ([`BlockCipher`]).
//!
//! Backends without fused kernels (`soft`, and any other that chooses to)
//! run these; the functions are `#[inline(always)]` so a backend can wrap
//! them in its own `#[target_feature]` function and get its block function
//! inlined into the loop. Inputs are processed in batches of [`BATCH`]
//! blocks in a stack buffer, which is wiped at the end.

use crate::cipher::aes::{CtrWidth, Dir};
use crate::cipher::{Block, InOut};

/// Blocks per batch: a multiple of every backend's parallelism (4 for
/// fixsliced `soft`, 8 for the interleaved hardware kernels).
pub(crate) const BATCH: usize = 16;

/// A block cipher with a wide block function.
pub(crate) trait BlockCipher {
    /// Encrypts every block in place (any count).
    fn encrypt_blocks(&self, blocks: &mut [Block]);
    /// Decrypts every block in place (any count).
    fn decrypt_blocks(&self, blocks: &mut [Block]);
}

impl BlockCipher for crate::cipher::aes::soft::Key {
    #[inline(always)]
    fn encrypt_blocks(&self, blocks: &mut [Block]) {
        crate::cipher::aes::soft::Key::encrypt_blocks(self, blocks)
    }
    #[inline(always)]
    fn decrypt_blocks(&self, blocks: &mut [Block]) {
        crate::cipher::aes::soft::Key::decrypt_blocks(self, blocks)
    }
}

#[inline(always)]
fn xor(a: &mut Block, b: &Block) {
    for (x, y) in a.iter_mut().zip(b) {
        *x ^= y;
    }
}

/// Runs `f` over batches of up to `B` blocks: `f(batch, input, n)`
/// where `batch` starts as the input blocks and `f` leaves the output
/// blocks in it.
#[inline(always)]
fn batches<const B: usize>(mut io: InOut<'_>, mut f: impl FnMut(&mut [Block], usize, &InOut<'_>)) {
    let mut buf = [[0u8; 16]; B];
    let total = io.blocks();
    let mut done = 0;
    while done < total {
        let n = (total - done).min(B);
        for (i, b) in buf[..n].iter_mut().enumerate() {
            *b = io.read((done + i) * 16);
        }
        f(&mut buf[..n], done, &io);
        for (i, b) in buf[..n].iter().enumerate() {
            io.write((done + i) * 16, b);
        }
        done += n;
    }
    crate::ct::wipe(&mut buf);
}

/// ECB.
#[inline(always)]
pub(crate) fn ecb<C: BlockCipher>(c: &C, dir: Dir, io: InOut<'_>) {
    ecb_n::<C, BATCH>(c, dir, io)
}

/// ECB in batches of `B` blocks (for backends wider than [`BATCH`]).
#[inline(always)]
pub(crate) fn ecb_n<C: BlockCipher, const B: usize>(c: &C, dir: Dir, io: InOut<'_>) {
    batches::<B>(io, |b, _, _| match dir {
        Dir::Encrypt => c.encrypt_blocks(b),
        Dir::Decrypt => c.decrypt_blocks(b),
    });
}

/// CBC encryption (serial: each block needs the previous ciphertext).
#[inline(always)]
pub(crate) fn cbc_encrypt<C: BlockCipher>(c: &C, iv: &mut Block, io: InOut<'_>) {
    batches::<BATCH>(io, |b, _, _| {
        for blk in b.iter_mut() {
            xor(blk, iv);
            c.encrypt_blocks(core::slice::from_mut(blk));
            *iv = *blk;
        }
    });
}

/// CBC decryption (parallel).
#[inline(always)]
pub(crate) fn cbc_decrypt<C: BlockCipher>(c: &C, iv: &mut Block, io: InOut<'_>) {
    cbc_decrypt_n::<C, BATCH>(c, iv, io)
}

/// CBC decryption in batches of `B` blocks.
#[inline(always)]
pub(crate) fn cbc_decrypt_n<C: BlockCipher, const B: usize>(c: &C, iv: &mut Block, io: InOut<'_>) {
    batches::<B>(io, |b, start, io| {
        let n = b.len();
        let last: Block = b[n - 1];
        c.decrypt_blocks(b);
        xor(&mut b[0], iv);
        for (i, blk) in b.iter_mut().enumerate().skip(1) {
            // The input is still intact: the output of this batch is written
            // only after `f` returns.
            let prev: Block = io.read((start + i - 1) * 16);
            xor(blk, &prev);
        }
        *iv = last;
    });
}

/// CFB128 decryption of whole blocks (parallel: `p_i = E(c_{i-1}) ^ c_i`,
/// `c_{-1}` = `iv`); `iv` is left holding the last ciphertext block.
#[inline(always)]
pub(crate) fn cfb_decrypt<C: BlockCipher>(c: &C, iv: &mut Block, io: InOut<'_>) {
    batches::<BATCH>(io, |b, _, _| {
        let n = b.len();
        // The ciphertext (public), then the batch shifted by one block.
        let mut cur = [[0u8; 16]; BATCH];
        cur[..n].copy_from_slice(b);
        b[0] = *iv;
        b[1..].copy_from_slice(&cur[..n - 1]);
        c.encrypt_blocks(b);
        for (blk, x) in b.iter_mut().zip(&cur) {
            xor(blk, x);
        }
        *iv = cur[n - 1];
    });
}

/// CBC-MAC (serial).
#[inline(always)]
pub(crate) fn cbc_mac<C: BlockCipher>(c: &C, state: &mut Block, data: &[u8]) {
    for m in data.chunks_exact(16) {
        for (s, x) in state.iter_mut().zip(m) {
            *s ^= x;
        }
        c.encrypt_blocks(core::slice::from_mut(state));
    }
}

/// Adds `n` to a counter block with the given width, wrapping.
#[inline(always)]
pub(crate) fn ctr_add(ctr: &Block, width: CtrWidth, n: u64) -> Block {
    let mut out = *ctr;
    match width {
        CtrWidth::Full => {
            let v = u128::from_be_bytes(*ctr).wrapping_add(u128::from(n));
            out = v.to_be_bytes();
        }
        CtrWidth::Low32 => {
            let low = u32::from_be_bytes([ctr[12], ctr[13], ctr[14], ctr[15]]);
            out[12..].copy_from_slice(&low.wrapping_add(n as u32).to_be_bytes());
        }
    }
    out
}

/// Xors the keystream blocks `ks` into the blocks of `io` from block
/// `first` on (the CTR kernels' last, partial batch).
#[cfg(all(target_arch = "arm", target_endian = "little"))]
pub(crate) fn xor_keystream(io: &mut InOut<'_>, first: usize, ks: &[Block]) {
    for (j, k) in ks.iter().enumerate() {
        let mut b: Block = io.read(16 * (first + j));
        xor(&mut b, k);
        io.write(16 * (first + j), &b);
    }
}

/// CTR.
#[inline(always)]
pub(crate) fn ctr<C: BlockCipher>(c: &C, ctr: &mut Block, width: CtrWidth, io: InOut<'_>) {
    ctr_n::<C, BATCH>(c, ctr, width, io)
}

/// CTR in batches of `B` blocks.
#[inline(always)]
pub(crate) fn ctr_n<C: BlockCipher, const B: usize>(
    c: &C,
    ctr: &mut Block,
    width: CtrWidth,
    io: InOut<'_>,
) {
    let mut ks = [[0u8; 16]; B];
    batches::<B>(io, |b, _, _| {
        let n = b.len();
        for (i, k) in ks[..n].iter_mut().enumerate() {
            *k = ctr_add(ctr, width, i as u64);
        }
        *ctr = ctr_add(ctr, width, n as u64);
        c.encrypt_blocks(&mut ks[..n]);
        for (blk, k) in b.iter_mut().zip(&ks) {
            xor(blk, k);
        }
    });
    crate::ct::wipe(&mut ks);
}

/// Multiplies an XTS tweak by x in GF(2^128) (IEEE 1619: the block is a
/// little-endian integer, reduced by x^128 + x^7 + x^2 + x + 1), in
/// constant time.
#[inline(always)]
pub(crate) fn xts_double(t: &Block) -> Block {
    let v = u128::from_le_bytes(*t);
    let carry = (v >> 127) as u8;
    ((v << 1) ^ u128::from(0x87 & carry.wrapping_neg())).to_le_bytes()
}

/// XTS over whole blocks; `tweak` advances by one doubling per block.
#[inline(always)]
pub(crate) fn xts<C: BlockCipher>(c: &C, dir: Dir, tweak: &mut Block, io: InOut<'_>) {
    let mut ts = [[0u8; 16]; BATCH];
    batches::<BATCH>(io, |b, _, _| {
        for (blk, t) in b.iter_mut().zip(ts.iter_mut()) {
            *t = *tweak;
            xor(blk, t);
            *tweak = xts_double(tweak);
        }
        match dir {
            Dir::Encrypt => c.encrypt_blocks(b),
            Dir::Decrypt => c.decrypt_blocks(b),
        }
        for (blk, t) in b.iter_mut().zip(&ts) {
            xor(blk, t);
        }
    });
    crate::ct::wipe(&mut ts);
}
