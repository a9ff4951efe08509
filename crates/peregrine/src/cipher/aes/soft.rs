//! Portable constant-time AES: fixsliced bitslicing, four blocks at once on
//! 64-bit targets, two on 32-bit ones.
//!
//! Technique: fixslicing (A. Adomnicai and T. Peyrin, "Fixslicing AES-like
//! ciphers", TCHES 2021/1), in the paper's two word widths, chosen at
//! compile time by `target_pointer_width` ([`Key`]): on 64-bit targets four
//! blocks are bitsliced into eight `u64` words, word `i` holding bit `i` of
//! all 64 bytes, a byte at row `r`, column `c` of block `b` at bit
//! `16 r + 4 c + b`; on 32-bit targets (ARMv7, MIPS) two blocks into eight
//! `u32` words, the byte at bit `8 r + 2 c + b`, so that no plane is split
//! over two registers and every rotation is one instruction (ARM's barrel
//! shifter folds it into the XOR that uses it). Everything but the layout
//! (packing, the MixColumns rotations, the round keys' bitslicing: the
//! [`Word`] trait) is one generic code for both; the unit tests run both
//! widths on every target (the key schedule's SubWord uses the native
//! width only: its `u32` form runs in the 32-bit targets' tests). S-boxes:
//! the Boyar–Peralta circuit (J. Boyar and R. Peralta, "A new combinational
//! logic minimization technique with applications to cryptology", SEA 2010;
//! the SLP with 32 AND gates) for encryption. For decryption its shared
//! nonlinear middle with top and bottom linear layers derived for this file:
//! the inverse affine map composed into the top layer (24 XORs), the change
//! of basis back to the inverse in the bottom layer (30 XORs), both found
//! with Boyar and Peralta's SLP heuristic and checked on all 256 inputs by
//! the tests below.
//!
//! Fixslicing: ShiftRows is never applied. After `k` skipped ShiftRows the
//! stored state `s` relates to the true state by `true = SR^k(s)`, so round
//! `i` uses the MixColumns variant for `k = i mod 4` (its row rotations also
//! move columns by `k`), and round key `i` is stored pre-shifted by
//! `SR^-k`. Every fourth round the state is aligned again; AES-128 and
//! AES-256 end at `k = 2`, corrected with one cheap swap of row 1 and 3
//! bytes when unpacking (and applied before packing for decryption).
//!
//! The four NOTs of the S-box (its affine constant 0x63) are folded into
//! round keys 1..=Nr: 0x63 in every byte survives ShiftRows and MixColumns
//! unchanged. The inverse S-box is written for inputs that carry that
//! constant, so decryption uses the same round keys.
//!
//! Key schedule: FIPS-197 word expansion, with SubWord computed by the same
//! bitsliced S-box (the word's four bytes in four bit positions of each
//! plane), then each round key is pre-shifted, bitsliced and replicated over
//! the lanes. Only bitwise operations, shifts and rotations by
//! constants touch secret data: no table lookups, no secret branches.

use core::ops::{BitAnd, BitXor, Not};

use crate::ct::wipe;

/// One AES block.
pub(crate) type Block = [u8; 16];

/// The plane word of this target: `u64` (four blocks a batch) where
/// registers are 64-bit, `u32` (two blocks) on 32-bit targets.
#[cfg(target_pointer_width = "64")]
type Native = u64;
/// The plane word of this target: `u64` (four blocks a batch) where
/// registers are 64-bit, `u32` (two blocks) on 32-bit targets.
#[cfg(not(target_pointer_width = "64"))]
type Native = u32;

/// An expanded AES key in this target's word width.
pub(crate) type Key = Fixsliced<Native>;

/// A plane word and the bit layout of its blocks: what differs between the
/// 64-bit (four blocks) and 32-bit (two blocks) fixslicing. A byte at row
/// `r`, column `c` of block `b` sits at bit `4 L r + L c + b` of each plane,
/// `L` = [`Self::LANES`].
pub(crate) trait Word:
    Copy
    + Default
    + PartialEq
    + core::fmt::Debug
    + BitXor<Output = Self>
    + BitAnd<Output = Self>
    + Not<Output = Self>
{
    /// Blocks per batch: the word's bits over 16.
    const LANES: usize;
    /// The word with `x` in its low 32 bits (zero above).
    fn from_u32(x: u32) -> Self;
    /// The low 32 bits.
    fn low_u32(self) -> u32;
    /// `R_K`: each byte (row `r`, stored column `j`) takes the byte at
    /// row `r + 1`, stored column `j + K`, which is the same true column
    /// when `K` ShiftRows have been skipped.
    fn rot1<const K: u32>(self) -> Self;
    /// `R_K` twice: row `r + 2`, stored column `j + 2 K`.
    fn rot2<const K: u32>(self) -> Self;
    /// The first [`Self::LANES`] blocks of `blocks` as words, before
    /// [`Self::transpose`].
    fn load(blocks: &[Block]) -> [Self; 8];
    /// The inverse of [`Self::load`].
    fn store(w: &[Self; 8], blocks: &mut [Block]);
    /// Loaded words into bit planes, or back (`inverse`).
    fn transpose(w: &mut [Self; 8], inverse: bool);
    /// ShiftRows twice (its own inverse) on loaded words.
    fn shift_rows_2(w: &mut [Self; 8]);
    /// A round key's four columns (little-endian words, FIPS-197's `w[i]`)
    /// as planes, replicated in every lane.
    fn bitslice_key(cols: [u32; 4]) -> [Self; 8];
    /// Bit `p` (tests).
    #[cfg(test)]
    fn bit(self, p: usize) -> u8;
}

/// `swap_bits` and `swap_layer` for a word type.
macro_rules! swaps {
    ($t:ty) => {
        /// Exchanges the bits of `a` at the positions `mask << shift` with
        /// the bits of `b` at the positions `mask`.
        #[inline(always)]
        fn swap_bits(a: &mut $t, b: &mut $t, shift: u32, mask: $t) {
            let t = ((*a >> shift) ^ *b) & mask;
            *b ^= t;
            *a ^= t << shift;
        }

        /// Exchanges word-index bit `bit` with the position bit
        /// `shift = 2^d`: for each pair of words differing only in `bit`,
        /// the bits of the first at positions with bit `d` set trade places
        /// with the bits of the second at positions with it clear (`mask`).
        #[inline(always)]
        fn swap_layer(w: &mut [$t; 8], bit: usize, shift: u32, mask: $t) {
            for lo in 0..8 {
                if lo & bit == 0 {
                    let (mut a, mut b) = (w[lo], w[lo | bit]);
                    swap_bits(&mut a, &mut b, shift, mask);
                    w[lo] = a;
                    w[lo | bit] = b;
                }
            }
        }
    };
}

/// Four blocks a batch (64-bit targets).
#[cfg(any(test, target_pointer_width = "64"))]
mod w64 {
    use super::{Block, Word};

    swaps!(u64);

    impl Word for u64 {
        const LANES: usize = 4;

        #[inline(always)]
        fn from_u32(x: u32) -> Self {
            u64::from(x)
        }

        #[inline(always)]
        fn low_u32(self) -> u32 {
            self as u32
        }

        #[cfg(test)]
        fn bit(self, p: usize) -> u8 {
            ((self >> p) & 1) as u8
        }

        #[inline(always)]
        fn rot1<const K: u32>(self) -> Self {
            let x = self;
            match K {
                0 => x.rotate_right(16),
                1 => {
                    (x.rotate_right(20) & 0x0fff_0fff_0fff_0fff)
                        | (x.rotate_right(4) & 0xf000_f000_f000_f000)
                }
                2 => {
                    (x.rotate_right(24) & 0x00ff_00ff_00ff_00ff)
                        | (x.rotate_right(8) & 0xff00_ff00_ff00_ff00)
                }
                _ => {
                    (x.rotate_right(28) & 0x000f_000f_000f_000f)
                        | (x.rotate_right(12) & 0xfff0_fff0_fff0_fff0)
                }
            }
        }

        #[inline(always)]
        fn rot2<const K: u32>(self) -> Self {
            let x = self;
            if K.is_multiple_of(2) {
                x.rotate_right(32)
            } else {
                (x.rotate_right(40) & 0x00ff_00ff_00ff_00ff)
                    | (x.rotate_right(24) & 0xff00_ff00_ff00_ff00)
            }
        }

        /// Word `4 h + b` is the little-endian half `h` of block `b`.
        #[inline(always)]
        fn load(blocks: &[Block]) -> [Self; 8] {
            let blocks = &blocks[..4];
            core::array::from_fn(|i| {
                let (b, h) = (i % 4, i / 4);
                let mut half = [0u8; 8];
                half.copy_from_slice(&blocks[b][8 * h..8 * h + 8]);
                u64::from_le_bytes(half)
            })
        }

        #[inline(always)]
        fn store(w: &[Self; 8], blocks: &mut [Block]) {
            let blocks = &mut blocks[..4];
            for (i, wi) in w.iter().enumerate() {
                let (b, h) = (i % 4, i / 4);
                blocks[b][8 * h..8 * h + 8].copy_from_slice(&wi.to_le_bytes());
            }
        }

        /// A bit's 9-bit index is (word, position). Loaded, word `4 c1 + b`
        /// is the little-endian half `c1` of block `b` and the position is
        /// `c0 r1 r0 i2 i1 i0` (byte `4 c + r`, bit `i`). Bitsliced, word
        /// `i` is plane `i` and the position is `r1 r0 c1 c0 b1 b0`. Each
        /// layer exchanges one word-index bit with one position bit:
        /// `b0 <-> i0`, `b1 <-> i1`, then word-index bit 2 carries
        /// `c1 -> P3`, `r0 -> P4`, `r1 -> P5`, `c0 -> P2` and finally holds
        /// `i2`. Every layer is an involution, so running them backwards
        /// unpacks.
        #[inline(always)]
        fn transpose(w: &mut [Self; 8], inverse: bool) {
            if !inverse {
                swap_layer(w, 1, 1, 0x5555_5555_5555_5555);
                swap_layer(w, 2, 2, 0x3333_3333_3333_3333);
                swap_layer(w, 4, 8, 0x00ff_00ff_00ff_00ff);
                swap_layer(w, 4, 16, 0x0000_ffff_0000_ffff);
                swap_layer(w, 4, 32, 0x0000_0000_ffff_ffff);
                swap_layer(w, 4, 4, 0x0f0f_0f0f_0f0f_0f0f);
            } else {
                swap_layer(w, 4, 4, 0x0f0f_0f0f_0f0f_0f0f);
                swap_layer(w, 4, 32, 0x0000_0000_ffff_ffff);
                swap_layer(w, 4, 16, 0x0000_ffff_0000_ffff);
                swap_layer(w, 4, 8, 0x00ff_00ff_00ff_00ff);
                swap_layer(w, 2, 2, 0x3333_3333_3333_3333);
                swap_layer(w, 1, 1, 0x5555_5555_5555_5555);
            }
        }

        /// Rows 1 and 3 trade the two halves of each block.
        #[inline(always)]
        fn shift_rows_2(w: &mut [Self; 8]) {
            for b in 0..4 {
                let t = (w[b] ^ w[b + 4]) & 0xff00_ff00_ff00_ff00;
                w[b] ^= t;
                w[b + 4] ^= t;
            }
        }

        /// [`Word::transpose`] of one block in all four lanes: the layers on
        /// word-index bit 2 touch other index bits than the first two
        /// layers, so they commute with them: run them first, on the one
        /// distinct pair of halves, then replicate.
        #[inline(always)]
        fn bitslice_key(cols: [u32; 4]) -> [Self; 8] {
            let mut lo = u64::from(cols[0]) | u64::from(cols[1]) << 32;
            let mut hi = u64::from(cols[2]) | u64::from(cols[3]) << 32;
            swap_bits(&mut lo, &mut hi, 8, 0x00ff_00ff_00ff_00ff);
            swap_bits(&mut lo, &mut hi, 16, 0x0000_ffff_0000_ffff);
            swap_bits(&mut lo, &mut hi, 32, 0x0000_0000_ffff_ffff);
            swap_bits(&mut lo, &mut hi, 4, 0x0f0f_0f0f_0f0f_0f0f);
            let mut w = [lo, lo, lo, lo, hi, hi, hi, hi];
            swap_layer(&mut w, 1, 1, 0x5555_5555_5555_5555);
            swap_layer(&mut w, 2, 2, 0x3333_3333_3333_3333);
            w
        }
    }
}

/// Two blocks a batch (32-bit targets): the byte at row `r`, column `c`
/// of block `b` at bit `8 r + 2 c + b`.
// Also on aarch64, whose NEON word (`aarch64_neon.rs`) bitslices round
// keys as this one does.
#[cfg(any(test, not(target_pointer_width = "64"), target_arch = "aarch64"))]
mod w32 {
    use super::{Block, Word};

    swaps!(u32);

    impl Word for u32 {
        const LANES: usize = 2;

        #[inline(always)]
        fn from_u32(x: u32) -> Self {
            x
        }

        #[inline(always)]
        fn low_u32(self) -> u32 {
            self
        }

        #[cfg(test)]
        fn bit(self, p: usize) -> u8 {
            ((self >> p) & 1) as u8
        }

        /// A row is 8 bits, a column 2: row `r + 1`, column `j + K` is 8 +
        /// 2 K bits up, or `2 K` where the column wraps within its row.
        #[inline(always)]
        fn rot1<const K: u32>(self) -> Self {
            let x = self;
            match K {
                0 => x.rotate_right(8),
                1 => (x.rotate_right(10) & 0x3f3f_3f3f) | (x.rotate_right(2) & 0xc0c0_c0c0),
                2 => (x.rotate_right(12) & 0x0f0f_0f0f) | (x.rotate_right(4) & 0xf0f0_f0f0),
                _ => (x.rotate_right(14) & 0x0303_0303) | (x.rotate_right(6) & 0xfcfc_fcfc),
            }
        }

        #[inline(always)]
        fn rot2<const K: u32>(self) -> Self {
            let x = self;
            if K.is_multiple_of(2) {
                x.rotate_right(16)
            } else {
                (x.rotate_right(20) & 0x0f0f_0f0f) | (x.rotate_right(12) & 0xf0f0_f0f0)
            }
        }

        /// Word `2 c + b` is column `c` of block `b` (little-endian).
        #[inline(always)]
        fn load(blocks: &[Block]) -> [Self; 8] {
            let blocks = &blocks[..2];
            core::array::from_fn(|i| {
                let (b, c) = (i % 2, i / 2);
                let mut col = [0u8; 4];
                col.copy_from_slice(&blocks[b][4 * c..4 * c + 4]);
                u32::from_le_bytes(col)
            })
        }

        #[inline(always)]
        fn store(w: &[Self; 8], blocks: &mut [Block]) {
            let blocks = &mut blocks[..2];
            for (i, wi) in w.iter().enumerate() {
                let (b, c) = (i % 2, i / 2);
                blocks[b][4 * c..4 * c + 4].copy_from_slice(&wi.to_le_bytes());
            }
        }

        /// Loaded, word `c1 c0 b` holds column `c` of block `b`, the
        /// position `r1 r0 i2 i1 i0` (byte `r`, bit `i`). Three layers
        /// exchange word-index bit `k` with position bit `k` (`b <-> i0`,
        /// `c0 <-> i1`, `c1 <-> i2`): word `i` becomes plane `i`, the
        /// position `r1 r0 c1 c0 b`. Each is an involution.
        #[inline(always)]
        fn transpose(w: &mut [Self; 8], inverse: bool) {
            if !inverse {
                swap_layer(w, 1, 1, 0x5555_5555);
                swap_layer(w, 2, 2, 0x3333_3333);
                swap_layer(w, 4, 4, 0x0f0f_0f0f);
            } else {
                swap_layer(w, 4, 4, 0x0f0f_0f0f);
                swap_layer(w, 2, 2, 0x3333_3333);
                swap_layer(w, 1, 1, 0x5555_5555);
            }
        }

        /// Rows 1 and 3 of columns `c` and `c + 2` (words `j` and `j + 4`)
        /// trade places.
        #[inline(always)]
        fn shift_rows_2(w: &mut [Self; 8]) {
            for j in 0..4 {
                let t = (w[j] ^ w[j + 4]) & 0xff00_ff00;
                w[j] ^= t;
                w[j + 4] ^= t;
            }
        }

        #[inline(always)]
        fn bitslice_key(cols: [u32; 4]) -> [Self; 8] {
            let mut w: [u32; 8] = core::array::from_fn(|i| cols[i / 2]);
            Self::transpose(&mut w, false);
            w
        }
    }
}

/// An expanded AES key: the fixsliced round keys and the number of rounds.
/// Wiped on drop.
#[derive(Clone)]
pub(crate) struct Fixsliced<W: Word> {
    rk: [[W; 8]; 15],
    rounds: usize,
}

impl<W: Word> Drop for Fixsliced<W> {
    fn drop(&mut self) {
        wipe(&mut self.rk);
    }
}

impl<W: Word> core::fmt::Debug for Fixsliced<W> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Key")
            .field("rounds", &self.rounds)
            .finish_non_exhaustive()
    }
}

impl<W: Word> Fixsliced<W> {
    /// Expands a 16-, 24- or 32-byte key; `None` for any other length.
    pub(crate) fn new(key: &[u8]) -> Option<Self> {
        let (nk, rounds) = match key.len() {
            16 => (4, 10),
            24 => (6, 12),
            32 => (8, 14),
            _ => return None,
        };
        let mut w = [0u32; 60];
        for (wi, c) in w.iter_mut().zip(key.chunks_exact(4)) {
            *wi = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        }
        let mut rcon = 1u32;
        let mut j = 0; // i mod nk
        for i in nk..4 * (rounds + 1) {
            let mut t = w[i - 1];
            if j == 0 {
                // RotWord on a little-endian word is a right rotation.
                t = sub_word(t.rotate_right(8)) ^ rcon;
                rcon = (rcon << 1) ^ ((rcon >> 7) * 0x11b);
            } else if nk > 6 && j == 4 {
                t = sub_word(t);
            }
            w[i] = w[i - nk] ^ t;
            j = if j + 1 == nk { 0 } else { j + 1 };
        }
        let mut out = Fixsliced {
            rk: [[W::default(); 8]; 15],
            rounds,
        };
        for (i, (slot, cols)) in out
            .rk
            .iter_mut()
            .zip(w.chunks_exact(4))
            .take(rounds + 1)
            .enumerate()
        {
            // Stored key i is SR^-k(RK_i), k = i mod 4: row r of stored
            // column j is row r of column j - k r.
            let k = i % 4;
            let col = |j: usize| {
                (0..4).fold(0u32, |acc, r| {
                    acc | (cols[(j + 4 - (k * r) % 4) % 4] & (0xff << (8 * r)))
                })
            };
            let mut planes = W::bitslice_key([col(0), col(1), col(2), col(3)]);
            if i > 0 {
                // The S-box's constant 0x63 (bits 0, 1, 5, 6).
                for p in [0, 1, 5, 6] {
                    planes[p] = !planes[p];
                }
            }
            *slot = planes;
        }
        wipe(&mut w);
        Some(out)
    }

    /// The number of rounds: 10, 12 or 14.
    #[cfg(test)]
    pub(crate) fn rounds(&self) -> usize {
        self.rounds
    }

    /// The round keys and the number of rounds (for the NEON kernel, which
    /// runs this schedule in each 32-bit lane).
    #[cfg(all(target_arch = "arm", target_endian = "little"))]
    pub(crate) fn planes(&self) -> (&[[W; 8]; 15], usize) {
        (&self.rk, self.rounds)
    }

    /// Encrypts every block in place; any count (0 allowed). Processes
    /// `W::LANES` at a time; a shorter tail is padded internally.
    pub(crate) fn encrypt_blocks(&self, blocks: &mut [Block]) {
        let mut batches = blocks.chunks_exact_mut(W::LANES);
        for q in &mut batches {
            self.encrypt_batch(q);
        }
        let tail = batches.into_remainder();
        if !tail.is_empty() {
            let mut buf = [[0u8; 16]; 8];
            buf[..tail.len()].copy_from_slice(tail);
            self.encrypt_batch(&mut buf[..W::LANES]);
            tail.copy_from_slice(&buf[..tail.len()]);
            wipe(&mut buf);
        }
    }

    /// Decrypts every block in place; any count (0 allowed). Processes
    /// `W::LANES` at a time; a shorter tail is padded internally.
    pub(crate) fn decrypt_blocks(&self, blocks: &mut [Block]) {
        let mut batches = blocks.chunks_exact_mut(W::LANES);
        for q in &mut batches {
            self.decrypt_batch(q);
        }
        let tail = batches.into_remainder();
        if !tail.is_empty() {
            let mut buf = [[0u8; 16]; 8];
            buf[..tail.len()].copy_from_slice(tail);
            self.decrypt_batch(&mut buf[..W::LANES]);
            tail.copy_from_slice(&buf[..tail.len()]);
            wipe(&mut buf);
        }
    }

    // One copy for the batches and the padded tail; `blocks` holds
    // `W::LANES` blocks.
    #[inline(never)]
    fn encrypt_batch(&self, blocks: &mut [Block]) {
        let nr = self.rounds;
        let rk = &self.rk;
        let mut s = xor(&pack(blocks), &rk[0]);
        // Rounds 1..nr-1 use MixColumns variants 1, 2, 3, 0, 1, ...; the
        // last of them is variant 1 for 10 and 14 rounds, 3 for 12.
        let mut i = 1;
        loop {
            s = round::<W, 1>(&s, &rk[i]);
            if i + 1 == nr {
                break;
            }
            s = round::<W, 2>(&s, &rk[i + 1]);
            s = round::<W, 3>(&s, &rk[i + 2]);
            if i + 3 == nr {
                break;
            }
            s = round::<W, 0>(&s, &rk[i + 3]);
            i += 4;
        }
        s = xor(&sub_bytes(&s), &rk[nr]);
        unpack(&s, blocks, nr % 4 == 2);
    }

    // One copy for the batches and the padded tail; `blocks` holds
    // `W::LANES` blocks.
    #[inline(never)]
    fn decrypt_batch(&self, blocks: &mut [Block]) {
        let nr = self.rounds;
        let rk = &self.rk;
        let mut s = inv_sub_bytes(&xor(&pack_shifted(blocks, nr % 4 == 2), &rk[nr]));
        // Rounds nr-1 down to 1: variants 1, 0, 3, 2, 1, ... from 13 or 9,
        // or 3, 2, 1, 0, 3, ... from 11.
        let mut i = nr - 1;
        if i % 4 == 3 {
            s = inv_round::<W, 3>(&s, &rk[i]);
            s = inv_round::<W, 2>(&s, &rk[i - 1]);
            i -= 2;
        }
        loop {
            s = inv_round::<W, 1>(&s, &rk[i]);
            if i == 1 {
                break;
            }
            s = inv_round::<W, 0>(&s, &rk[i - 1]);
            s = inv_round::<W, 3>(&s, &rk[i - 2]);
            s = inv_round::<W, 2>(&s, &rk[i - 3]);
            i -= 4;
        }
        s = xor(&s, &rk[0]);
        unpack(&s, blocks, false);
    }
}

#[inline(always)]
fn xor<W: Word>(a: &[W; 8], b: &[W; 8]) -> [W; 8] {
    core::array::from_fn(|i| a[i] ^ b[i])
}

/// One middle round of encryption with `K` ShiftRows skipped so far (mod 4):
/// SubBytes, MixColumns, AddRoundKey.
#[inline(always)]
fn round<W: Word, const K: u32>(s: &[W; 8], rk: &[W; 8]) -> [W; 8] {
    mix_columns::<W, K>(&sub_bytes(s), rk)
}

/// The inverse of [`round`]: AddRoundKey, InvMixColumns, InvSubBytes.
#[inline(always)]
fn inv_round<W: Word, const K: u32>(s: &[W; 8], rk: &[W; 8]) -> [W; 8] {
    let t = xor(s, rk);
    inv_sub_bytes(&mix_columns::<W, K>(
        &inv_mix_pre::<W, K>(&t),
        &[W::default(); 8],
    ))
}

// ---------------------------------------------------------------------------
// Bitslicing

/// The first `W::LANES` blocks as bit planes.
#[inline(always)]
fn pack<W: Word>(blocks: &[Block]) -> [W; 8] {
    let mut w = W::load(blocks);
    W::transpose(&mut w, false);
    w
}

/// [`pack`] after ShiftRows twice, if `shift`.
#[inline(always)]
fn pack_shifted<W: Word>(blocks: &[Block], shift: bool) -> [W; 8] {
    let mut w = W::load(blocks);
    if shift {
        W::shift_rows_2(&mut w);
    }
    W::transpose(&mut w, false);
    w
}

/// The inverse of [`pack`], then ShiftRows twice if `shift`.
#[inline(always)]
fn unpack<W: Word>(s: &[W; 8], blocks: &mut [Block], shift: bool) {
    let mut w = *s;
    W::transpose(&mut w, true);
    if shift {
        W::shift_rows_2(&mut w);
    }
    W::store(&w, blocks);
}

// ---------------------------------------------------------------------------
// MixColumns

/// MixColumns on a state with `K` ShiftRows skipped, plus the round key:
/// with `R = R_K` and `t = s ^ R s`, the result is `R s ^ 2 t ^ R^2 t`
/// (`2 s ^ 3 R s ^ R^2 s ^ R^3 s`). Doubling moves bit 7 into the
/// reduction bits 0, 1, 3, 4.
#[inline(always)]
fn mix_columns<W: Word, const K: u32>(s: &[W; 8], rk: &[W; 8]) -> [W; 8] {
    let r: [W; 8] = s.map(W::rot1::<K>);
    let t = xor(s, &r);
    let u: [W; 8] = t.map(W::rot2::<K>);
    [
        r[0] ^ t[7] ^ u[0] ^ rk[0],
        r[1] ^ t[0] ^ t[7] ^ u[1] ^ rk[1],
        r[2] ^ t[1] ^ u[2] ^ rk[2],
        r[3] ^ t[2] ^ t[7] ^ u[3] ^ rk[3],
        r[4] ^ t[3] ^ t[7] ^ u[4] ^ rk[4],
        r[5] ^ t[4] ^ u[5] ^ rk[5],
        r[6] ^ t[5] ^ u[6] ^ rk[6],
        r[7] ^ t[6] ^ u[7] ^ rk[7],
    ]
}

/// The factor `P` of InvMixColumns = MixColumns . P, where
/// `P s = 5 s ^ 4 R^2 s = s ^ 4 (s ^ R^2 s)`.
#[inline(always)]
fn inv_mix_pre<W: Word, const K: u32>(s: &[W; 8]) -> [W; 8] {
    let u: [W; 8] = core::array::from_fn(|i| s[i] ^ s[i].rot2::<K>());
    let u67 = u[6] ^ u[7];
    [
        s[0] ^ u[6],
        s[1] ^ u67,
        s[2] ^ u[0] ^ u[7],
        s[3] ^ u[1] ^ u[6],
        s[4] ^ u[2] ^ u67,
        s[5] ^ u[3] ^ u[7],
        s[6] ^ u[4],
        s[7] ^ u[5],
    ]
}

// ---------------------------------------------------------------------------
// S-boxes

/// The shared nonlinear middle of the Boyar–Peralta circuit: from the
/// linear combinations `y[1..=21]` and `y[0]` (the circuit's `U7` input) of
/// the bits of the byte to invert, the 18 products `z0..z17` whose linear
/// combinations give the inverse.
#[inline(always)]
fn bp_middle<W: Word>(y: &[W; 22]) -> [W; 18] {
    let t2 = y[12] & y[15];
    let t3 = y[3] & y[6];
    let t4 = t3 ^ t2;
    let t5 = y[4] & y[0];
    let t6 = t5 ^ t2;
    let t7 = y[13] & y[16];
    let t8 = y[5] & y[1];
    let t9 = t8 ^ t7;
    let t10 = y[2] & y[7];
    let t11 = t10 ^ t7;
    let t12 = y[9] & y[11];
    let t13 = y[14] & y[17];
    let t14 = t13 ^ t12;
    let t15 = y[8] & y[10];
    let t16 = t15 ^ t12;
    let t17 = t4 ^ t14;
    let t18 = t6 ^ t16;
    let t19 = t9 ^ t14;
    let t20 = t11 ^ t16;
    let t21 = t17 ^ y[20];
    let t22 = t18 ^ y[19];
    let t23 = t19 ^ y[21];
    let t24 = t20 ^ y[18];
    let t25 = t21 ^ t22;
    let t26 = t21 & t23;
    let t27 = t24 ^ t26;
    let t28 = t25 & t27;
    let t29 = t28 ^ t22;
    let t30 = t23 ^ t24;
    let t31 = t22 ^ t26;
    let t32 = t31 & t30;
    let t33 = t32 ^ t24;
    let t34 = t23 ^ t33;
    let t35 = t27 ^ t33;
    let t36 = t24 & t35;
    let t37 = t36 ^ t34;
    let t38 = t27 ^ t36;
    let t39 = t29 & t38;
    let t40 = t25 ^ t39;
    let t41 = t40 ^ t37;
    let t42 = t29 ^ t33;
    let t43 = t29 ^ t40;
    let t44 = t33 ^ t37;
    let t45 = t42 ^ t41;
    [
        t44 & y[15],
        t37 & y[6],
        t33 & y[0],
        t43 & y[16],
        t40 & y[1],
        t29 & y[7],
        t42 & y[11],
        t45 & y[17],
        t41 & y[10],
        t44 & y[12],
        t37 & y[3],
        t33 & y[4],
        t43 & y[13],
        t40 & y[5],
        t29 & y[2],
        t42 & y[9],
        t45 & y[14],
        t41 & y[8],
    ]
}

/// SubBytes without its constant: every byte `x` becomes `S(x) ^ 0x63`.
/// Plane `i` is bit `i`; the circuit numbers bits from the top (`x0` is
/// bit 7).
// One copy under `small` (the rounds would inline five).
#[cfg_attr(not(feature = "small"), inline(always))]
#[cfg_attr(feature = "small", inline(never))]
fn sub_bytes<W: Word>(s: &[W; 8]) -> [W; 8] {
    let [x7, x6, x5, x4, x3, x2, x1, x0] = *s;
    // Top linear layer.
    let y14 = x3 ^ x5;
    let y13 = x0 ^ x6;
    let y9 = x0 ^ x3;
    let y8 = x0 ^ x5;
    let t0 = x1 ^ x2;
    let y1 = t0 ^ x7;
    let y4 = y1 ^ x3;
    let y12 = y13 ^ y14;
    let y2 = y1 ^ x0;
    let y5 = y1 ^ x6;
    let y3 = y5 ^ y8;
    let t1 = x4 ^ y12;
    let y15 = t1 ^ x5;
    let y20 = t1 ^ x1;
    let y6 = y15 ^ x7;
    let y10 = y15 ^ t0;
    let y11 = y20 ^ y9;
    let y7 = x7 ^ y11;
    let y17 = y10 ^ y11;
    let y19 = y10 ^ y8;
    let y16 = t0 ^ y11;
    let y21 = y13 ^ y16;
    let y18 = x0 ^ y16;
    let [
        z0,
        z1,
        z2,
        z3,
        z4,
        z5,
        z6,
        z7,
        z8,
        z9,
        z10,
        z11,
        z12,
        z13,
        z14,
        z15,
        z16,
        z17,
    ] = bp_middle(&[
        x7, y1, y2, y3, y4, y5, y6, y7, y8, y9, y10, y11, y12, y13, y14, y15, y16, y17, y18, y19,
        y20, y21,
    ]);
    // Bottom linear layer (the circuit's XNORs are plain XORs here).
    let t46 = z15 ^ z16;
    let t47 = z10 ^ z11;
    let t48 = z5 ^ z13;
    let t49 = z9 ^ z10;
    let t50 = z2 ^ z12;
    let t51 = z2 ^ z5;
    let t52 = z7 ^ z8;
    let t53 = z0 ^ z3;
    let t54 = z6 ^ z7;
    let t55 = z16 ^ z17;
    let t56 = z12 ^ t48;
    let t57 = t50 ^ t53;
    let t58 = z4 ^ t46;
    let t59 = z3 ^ t54;
    let t60 = t46 ^ t57;
    let t61 = z14 ^ t57;
    let t62 = t52 ^ t58;
    let t63 = t49 ^ t58;
    let t64 = z4 ^ t59;
    let t65 = t61 ^ t62;
    let t66 = z1 ^ t63;
    let s0 = t59 ^ t63;
    let s6 = t56 ^ t62;
    let s7 = t48 ^ t60;
    let t67 = t64 ^ t65;
    let s3 = t53 ^ t66;
    let s4 = t51 ^ t66;
    let s5 = t47 ^ t65;
    let s1 = t64 ^ s3;
    let s2 = t55 ^ t67;
    [s7, s6, s5, s4, s3, s2, s1, s0]
}

/// InvSubBytes for bytes that carry the constant 0x63: every byte
/// `x ^ 0x63` becomes `S^-1(x)`. With `A(v) = M v ^ 0x63` the affine map,
/// the input to the field inversion is `M^-1 (x ^ 0x63)`: the top layer
/// applies `M^-1` and the forward top layer at once, the bottom layer maps
/// the products to the inverse itself instead of to `M` of it.
// One copy under `small`, as `sub_bytes`.
#[cfg_attr(not(feature = "small"), inline(always))]
#[cfg_attr(feature = "small", inline(never))]
fn inv_sub_bytes<W: Word>(s: &[W; 8]) -> [W; 8] {
    let [x7, x6, x5, x4, x3, x2, x1, x0] = *s;
    // Top linear layer: y1..y21 and v7, the circuit's U7 of M^-1 x.
    let y5 = x1 ^ x3;
    let y19 = x4 ^ x7;
    let y8 = x0 ^ x1;
    let q0 = x7 ^ y5;
    let y9 = x3 ^ x4;
    let y4 = x6 ^ q0;
    let y2 = y9 ^ y4;
    let q1 = x0 ^ x5;
    let y3 = x0 ^ x3;
    let y6 = x0 ^ y5;
    let v7 = x2 ^ q1;
    let y14 = x4 ^ y6;
    let y18 = x2 ^ y9;
    let y15 = y6 ^ v7;
    let y21 = x2 ^ q0;
    let y13 = y5 ^ y2;
    let y16 = y21 ^ y13;
    let y17 = y15 ^ y16;
    let y10 = y19 ^ y8;
    let y1 = x3 ^ y19;
    let y12 = y14 ^ y13;
    let y7 = x2 ^ y4;
    let y11 = y17 ^ y10;
    let y20 = y9 ^ y11;
    let [
        z0,
        z1,
        z2,
        z3,
        z4,
        z5,
        z6,
        z7,
        z8,
        z9,
        z10,
        z11,
        z12,
        z13,
        z14,
        z15,
        z16,
        z17,
    ] = bp_middle(&[
        v7, y1, y2, y3, y4, y5, y6, y7, y8, y9, y10, y11, y12, y13, y14, y15, y16, y17, y18, y19,
        y20, y21,
    ]);
    // Bottom linear layer: n0..n7 are bits 0..7 of the inverse.
    let p0 = z6 ^ z15;
    let p1 = z13 ^ p0;
    let p2 = z12 ^ z16;
    let p3 = p1 ^ p2;
    let p4 = z8 ^ p3;
    let p5 = z3 ^ z4;
    let p6 = z2 ^ p4;
    let p7 = z10 ^ p6;
    let p8 = z1 ^ p5;
    let p9 = z3 ^ p4;
    let n7 = z5 ^ p9;
    let p10 = z9 ^ z17;
    let p11 = p7 ^ p8;
    let p12 = z14 ^ p11;
    let p13 = z7 ^ p5;
    let n1 = p3 ^ p13;
    let p14 = z0 ^ n7;
    let n4 = z0 ^ p6;
    let n2 = p8 ^ p14;
    let p15 = p2 ^ p12;
    let n6 = p10 ^ p15;
    let p16 = z11 ^ p10;
    let n0 = z15 ^ p16;
    let p17 = z11 ^ p12;
    let p18 = z17 ^ p17;
    let n5 = z13 ^ p17;
    let p19 = n1 ^ p18;
    let p20 = z14 ^ z16;
    let p21 = p19 ^ p20;
    let n3 = n2 ^ p21;
    [n0, n1, n2, n3, n4, n5, n6, n7]
}

/// SubWord for the key schedule: the word's four bytes sit in bits 0, 8,
/// 16 and 24 of each plane (the other bits are don't-cares: every gate is
/// bitwise).
pub(super) fn sub_word(w: u32) -> u32 {
    let planes: [Native; 8] = core::array::from_fn(|i| Native::from_u32(w >> i));
    let s = sub_bytes(&planes);
    let mut out = 0u32;
    for (i, p) in s.iter().enumerate() {
        out |= (p.low_u32() & 0x0101_0101) << i;
    }
    out ^ 0x6363_6363
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    // ----- references: plain byte-oriented AES pieces, tests only -----

    fn gmul(mut a: u8, mut b: u8) -> u8 {
        let mut r = 0;
        while b != 0 {
            if b & 1 != 0 {
                r ^= a;
            }
            a = (a << 1) ^ if a & 0x80 != 0 { 0x1b } else { 0 };
            b >>= 1;
        }
        r
    }

    fn ref_sbox(x: u8) -> u8 {
        // x^254 is the inverse (0 for 0), then the affine map.
        let mut inv = 1u8;
        for _ in 0..254 {
            inv = gmul(inv, x);
        }
        let mut s = 0x63;
        for i in 0..8 {
            let bit = (inv >> i)
                ^ (inv >> ((i + 4) % 8))
                ^ (inv >> ((i + 5) % 8))
                ^ (inv >> ((i + 6) % 8))
                ^ (inv >> ((i + 7) % 8));
            s ^= (bit & 1) << i;
        }
        s
    }

    fn ref_tables() -> ([u8; 256], [u8; 256]) {
        let mut s = [0u8; 256];
        let mut inv = [0u8; 256];
        for x in 0..=255u8 {
            s[usize::from(x)] = ref_sbox(x);
            inv[usize::from(ref_sbox(x))] = x;
        }
        (s, inv)
    }

    /// ShiftRows applied `k` times to one block (`k` may be negative).
    fn ref_shift_rows(b: &Block, k: i32) -> Block {
        let mut out = [0u8; 16];
        for c in 0..4i32 {
            for r in 0..4i32 {
                out[(4 * c + r) as usize] = b[(4 * (c + k * r).rem_euclid(4) + r) as usize];
            }
        }
        out
    }

    fn ref_mix_columns(b: &Block, inverse: bool) -> Block {
        let m: [u8; 4] = if inverse {
            [14, 11, 13, 9]
        } else {
            [2, 3, 1, 1]
        };
        let mut out = [0u8; 16];
        for c in 0..4 {
            for r in 0..4 {
                out[4 * c + r] = (0..4).fold(0, |acc, d| acc ^ gmul(m[d], b[4 * c + (r + d) % 4]));
            }
        }
        out
    }

    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn block(&mut self) -> Block {
            let mut b = [0u8; 16];
            b[..8].copy_from_slice(&self.next().to_le_bytes());
            b[8..].copy_from_slice(&self.next().to_le_bytes());
            b
        }
        fn blocks(&mut self, n: usize) -> Vec<Block> {
            (0..n).map(|_| self.block()).collect()
        }
    }

    fn hex(s: &str) -> Vec<u8> {
        assert!(s.len().is_multiple_of(2), "odd hex length: {s}");
        (0..s.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
            .collect()
    }

    fn to_blocks(b: &[u8]) -> Vec<Block> {
        assert!(b.len().is_multiple_of(16));
        b.chunks_exact(16).map(|c| c.try_into().unwrap()).collect()
    }

    // ----- the pieces -----

    /// Runs a generic test body for both word widths.
    macro_rules! both {
        ($($name:ident => $body:ident),* $(,)?) => {
            $(
                #[test]
                fn $name() {
                    $body::<u64>();
                    $body::<u32>();
                }
            )*
        };
    }

    both!(
        pack_layout_and_inverse => pack_layout,
        sbox_circuits_all_256 => sbox_circuits,
        mix_columns_variants => mix_variants,
        key_expansion_fips197_appendix_a => key_expansion,
        fips197_appendix_c => fips197_c,
        bad_key_lengths => bad_lengths,
        cavp_ecb_and_cbc => cavp,
        every_count_matches_single_blocks => every_count,
        decrypt_inverts_encrypt_random => inverts,
    );

    fn pack_layout<W: Word>() {
        let l = W::LANES;
        let mut rng = Rng(0x1234_5678_9abc_def1);
        for _ in 0..50 {
            let blocks: Vec<Block> = rng.blocks(l);
            let s: [W; 8] = pack(&blocks);
            for (i, plane) in s.iter().enumerate() {
                for (b, block) in blocks.iter().enumerate() {
                    for r in 0..4 {
                        for c in 0..4 {
                            let want = (block[4 * c + r] >> i) & 1;
                            assert_eq!(plane.bit(4 * l * r + l * c + b), want);
                        }
                    }
                }
            }
            let mut back = alloc::vec![[0u8; 16]; l];
            unpack(&s, &mut back, false);
            assert_eq!(back, blocks);
            unpack(&s, &mut back, true);
            for (got, block) in back.iter().zip(&blocks) {
                assert_eq!(*got, ref_shift_rows(block, 2));
            }
            assert_eq!(pack_shifted::<W>(&back, true), s);
        }
    }

    /// 256 bytes as states of `16 L` bytes, the byte `16 L n + p` at bit
    /// `p` of state `n` (built through the blocks: byte `4 c + r` of block
    /// `b` is at bit `4 L r + L c + b`).
    fn all_bytes<W: Word>() -> Vec<[W; 8]> {
        let l = W::LANES;
        (0..256 / (16 * l))
            .map(|n| {
                let mut blocks = alloc::vec![[0u8; 16]; l];
                for (b, block) in blocks.iter_mut().enumerate() {
                    for r in 0..4 {
                        for c in 0..4 {
                            block[4 * c + r] = (16 * l * n + 4 * l * r + l * c + b) as u8;
                        }
                    }
                }
                pack(&blocks)
            })
            .collect()
    }

    fn byte_at<W: Word>(s: &[W; 8], p: usize) -> u8 {
        (0..8).fold(0, |acc, i| acc | s[i].bit(p) << i)
    }

    fn sbox_circuits<W: Word>() {
        let (fwd, inv) = ref_tables();
        let bits = 16 * W::LANES;
        for (n, s) in all_bytes::<W>().iter().enumerate() {
            let f = sub_bytes(s);
            let g = inv_sub_bytes(s);
            for p in 0..bits {
                let x = bits * n + p;
                assert_eq!(byte_at(&f, p), fwd[x] ^ 0x63, "S({x:#04x})");
                assert_eq!(byte_at(&g, p), inv[x ^ 0x63], "S^-1({:#04x})", x ^ 0x63);
            }
        }
        for w in [0u32, 0x0102_0304, 0xffff_ffff, 0x53ca_0011, 0xdead_beef] {
            let want = u32::from_le_bytes(w.to_le_bytes().map(|b| fwd[usize::from(b)]));
            assert_eq!(sub_word(w), want);
        }
    }

    fn check_mix<W: Word, const K: u32>(rng: &mut Rng) {
        let k = K as i32;
        let zero = [W::default(); 8];
        for _ in 0..20 {
            let x: Vec<Block> = rng.blocks(W::LANES);
            let stored: Vec<Block> = x.iter().map(|b| ref_shift_rows(b, -k)).collect();
            let got = mix_columns::<W, K>(&pack(&stored), &zero);
            let want: Vec<Block> = x
                .iter()
                .map(|b| ref_shift_rows(&ref_mix_columns(b, false), -k))
                .collect();
            assert_eq!(got, pack::<W>(&want), "MixColumns, K = {K}");
            let got = mix_columns::<W, K>(&inv_mix_pre::<W, K>(&pack(&stored)), &zero);
            let want: Vec<Block> = x
                .iter()
                .map(|b| ref_shift_rows(&ref_mix_columns(b, true), -k))
                .collect();
            assert_eq!(got, pack::<W>(&want), "InvMixColumns, K = {K}");
        }
    }

    fn mix_variants<W: Word>() {
        let mut rng = Rng(77);
        check_mix::<W, 0>(&mut rng);
        check_mix::<W, 1>(&mut rng);
        check_mix::<W, 2>(&mut rng);
        check_mix::<W, 3>(&mut rng);
    }

    /// Round key `i` as FIPS-197 writes it, read back from the schedule.
    fn round_key<W: Word>(key: &Fixsliced<W>, i: usize) -> Block {
        let mut s = key.rk[i];
        if i > 0 {
            for p in [0, 1, 5, 6] {
                s[p] = !s[p];
            }
        }
        let mut lanes = alloc::vec![[0u8; 16]; W::LANES];
        unpack(&s, &mut lanes, false);
        assert!(
            lanes.iter().all(|b| *b == lanes[0]),
            "round key not replicated"
        );
        ref_shift_rows(&lanes[0], (i % 4) as i32)
    }

    fn key_expansion<W: Word>() {
        // Appendix A.1-A.3: the first key words after the cipher key and the
        // last four words of each expansion.
        let cases = [
            (
                "2b7e151628aed2a6abf7158809cf4f3c",
                "a0fafe1788542cb123a339392a6c7605",
                "d014f9a8c9ee2589e13f0cc8b6630ca6",
            ),
            (
                "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
                "8e73b0f7da0e6452c810f32b809079e5",
                "e98ba06f448c773c8ecc720401002202",
            ),
            (
                "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
                "603deb1015ca71be2b73aef0857d7781",
                "fe4890d1e6188d0b046df344706c631e",
            ),
        ];
        for (k, second, last) in cases {
            let key = Fixsliced::<W>::new(&hex(k)).unwrap();
            let nr = key.rounds();
            let first = if k.len() == 32 {
                round_key(&key, 1)
            } else {
                round_key(&key, 0)
            };
            assert_eq!(first.to_vec(), hex(second), "{k}");
            assert_eq!(round_key(&key, nr).to_vec(), hex(last), "{k}");
        }
        // Every key of a 128-bit schedule against the plain expansion.
        let (fwd, _) = ref_tables();
        let kb = hex("000102030405060708090a0b0c0d0e0f");
        let key = Fixsliced::<W>::new(&kb).unwrap();
        let mut w: Vec<[u8; 4]> = kb.chunks_exact(4).map(|c| c.try_into().unwrap()).collect();
        let mut rcon = 1u8;
        for i in 4..44 {
            let mut t = w[i - 1];
            if i % 4 == 0 {
                t = [
                    fwd[usize::from(t[1])] ^ rcon,
                    fwd[usize::from(t[2])],
                    fwd[usize::from(t[3])],
                    fwd[usize::from(t[0])],
                ];
                rcon = gmul(rcon, 2);
            }
            w.push(core::array::from_fn(|j| w[i - 4][j] ^ t[j]));
        }
        for i in 0..11 {
            assert_eq!(
                round_key(&key, i).to_vec(),
                w[4 * i..4 * i + 4].concat(),
                "round key {i}"
            );
        }
    }

    // ----- whole cipher -----

    fn fips197_c<W: Word>() {
        let pt = hex("00112233445566778899aabbccddeeff");
        for (k, ct) in [
            (
                "000102030405060708090a0b0c0d0e0f",
                "69c4e0d86a7b0430d8cdb78070b4c55a",
            ),
            (
                "000102030405060708090a0b0c0d0e0f1011121314151617",
                "dda97ca4864cdfe06eaf70a0ec0d7191",
            ),
            (
                "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
                "8ea2b7ca516745bfeafc49904b496089",
            ),
        ] {
            let key = Fixsliced::<W>::new(&hex(k)).unwrap();
            assert_eq!(key.rounds(), 6 + k.len() / 8);
            let mut b = to_blocks(&pt);
            key.encrypt_blocks(&mut b);
            assert_eq!(b.concat(), hex(ct), "encrypt {k}");
            key.decrypt_blocks(&mut b);
            assert_eq!(b.concat(), pt, "decrypt {k}");
        }
    }

    fn bad_lengths<W: Word>() {
        for n in [0, 1, 8, 15, 17, 20, 23, 25, 31, 33, 48, 64] {
            assert!(Fixsliced::<W>::new(&[0u8; 64][..n]).is_none(), "{n}");
        }
    }

    /// Runs every record of a CAVP ECB or CBC `.rsp` file in both directions;
    /// returns the number of records.
    fn run_rsp<W: Word>(name: &str, text: &str) -> usize {
        let cbc = name.starts_with("CBC");
        let mut n = 0;
        let (mut key, mut iv, mut pt, mut ct) = (None, None, None, None);
        for line in text.lines().map(str::trim).chain([""]) {
            if let Some((k, v)) = line.split_once(" = ") {
                match k {
                    "KEY" => key = Some(hex(v)),
                    "IV" => iv = Some(hex(v)),
                    "PLAINTEXT" => pt = Some(hex(v)),
                    "CIPHERTEXT" => ct = Some(hex(v)),
                    _ => {}
                }
            }
            if let (Some(k), Some(p), Some(c)) = (&key, &pt, &ct) {
                let aes = Fixsliced::<W>::new(k).unwrap();
                let (p, c) = (to_blocks(p), to_blocks(c));
                let mut b = p.clone();
                if cbc {
                    let mut prev: Block = iv.as_deref().unwrap().try_into().unwrap();
                    for x in b.iter_mut() {
                        for j in 0..16 {
                            x[j] ^= prev[j];
                        }
                        aes.encrypt_blocks(core::slice::from_mut(x));
                        prev = *x;
                    }
                } else {
                    aes.encrypt_blocks(&mut b);
                }
                assert_eq!(b, c, "{name} encrypt, record {n}");
                aes.decrypt_blocks(&mut b);
                if cbc {
                    let mut prev: Block = iv.as_deref().unwrap().try_into().unwrap();
                    for (x, ci) in b.iter_mut().zip(&c) {
                        for j in 0..16 {
                            x[j] ^= prev[j];
                        }
                        prev = *ci;
                    }
                }
                assert_eq!(b, p, "{name} decrypt, record {n}");
                n += 1;
                (key, iv, pt, ct) = (None, None, None, None);
            }
        }
        n
    }

    macro_rules! rsp {
        ($($f:literal: $n:literal),* $(,)?) => {
            [$(($f, include_str!(concat!("../../../tests/vectors/aes/", $f)), $n)),*]
        };
    }

    fn cavp<W: Word>() {
        let files = rsp![
            "ECBGFSbox128.rsp": 14, "ECBGFSbox192.rsp": 12, "ECBGFSbox256.rsp": 10,
            "ECBKeySbox128.rsp": 42, "ECBKeySbox192.rsp": 48, "ECBKeySbox256.rsp": 32,
            "ECBVarKey128.rsp": 256, "ECBVarKey192.rsp": 384, "ECBVarKey256.rsp": 512,
            "ECBVarTxt128.rsp": 256, "ECBVarTxt192.rsp": 256, "ECBVarTxt256.rsp": 256,
            "ECBMMT128.rsp": 20, "ECBMMT192.rsp": 20, "ECBMMT256.rsp": 20,
            "CBCGFSbox128.rsp": 14, "CBCGFSbox192.rsp": 12, "CBCGFSbox256.rsp": 10,
            "CBCKeySbox128.rsp": 42, "CBCKeySbox192.rsp": 48, "CBCKeySbox256.rsp": 32,
            "CBCVarKey128.rsp": 256, "CBCVarKey192.rsp": 384, "CBCVarKey256.rsp": 512,
            "CBCVarTxt128.rsp": 256, "CBCVarTxt192.rsp": 256, "CBCVarTxt256.rsp": 256,
            "CBCMMT128.rsp": 20, "CBCMMT192.rsp": 20, "CBCMMT256.rsp": 20,
        ];
        for (name, text, count) in files {
            assert_eq!(run_rsp::<W>(name, text), count, "{name}: records run");
        }
    }

    fn every_count<W: Word>() {
        let mut rng = Rng(0x0bad_cafe_f00d_1234);
        for klen in [16, 24, 32] {
            let kb: Vec<u8> = (0..klen).map(|_| rng.next() as u8).collect();
            let key = Fixsliced::<W>::new(&kb).unwrap();
            for n in 0..=9 {
                let pt = rng.blocks(n);
                let mut one = pt.clone();
                for b in one.iter_mut() {
                    key.encrypt_blocks(core::slice::from_mut(b));
                }
                let mut many = pt.clone();
                key.encrypt_blocks(&mut many);
                assert_eq!(many, one, "encrypt, {klen}-byte key, {n} blocks");
                for b in one.iter_mut() {
                    key.decrypt_blocks(core::slice::from_mut(b));
                }
                assert_eq!(one, pt);
                key.decrypt_blocks(&mut many);
                assert_eq!(many, pt, "decrypt, {klen}-byte key, {n} blocks");
            }
        }
    }

    fn inverts<W: Word>() {
        let mut rng = Rng(0x5eed);
        for i in 0..60 {
            let klen = [16, 24, 32][i % 3];
            let kb: Vec<u8> = (0..klen).map(|_| rng.next() as u8).collect();
            let key = Fixsliced::<W>::new(&kb).unwrap();
            let copy = key.clone();
            let n = (rng.next() % 40) as usize;
            let pt = rng.blocks(n);
            let mut b = pt.clone();
            key.encrypt_blocks(&mut b);
            assert!(pt.is_empty() || b != pt);
            drop(key);
            copy.decrypt_blocks(&mut b);
            assert_eq!(b, pt);
        }
    }
}
