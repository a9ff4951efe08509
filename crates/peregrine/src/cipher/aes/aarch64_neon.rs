//! AES with NEON on aarch64 CPUs without the ARMv8 AES instructions (the
//! Cortex-A72 of the Raspberry Pi 4, the Cortex-A53 of the Pi 3 and of
//! routers whose SoC left the Cryptography Extension out): `soft`'s 32-bit
//! fixslicing in each 32-bit lane of a vector, eight blocks at a time.
//!
//! `soft.rs` is generic over its plane word ([`Word`]); [`Lanes`] is one
//! more word type, four independent `u32` planes in a `uint32x4_t`, lane
//! `l` holding the two-block batch of blocks `l` and `l + 4`. The rounds,
//! S-boxes and key schedule are `soft`'s own generic code instantiated at
//! this type, so nothing of the cipher is written twice; this file has
//! only the layout:
//! - the lane rotations: `rotate_right(8)` is `ushr`+`sli`, by 16 one
//!   `rev32` of halfwords; `rot1::<K>` for K > 0 is `rotate_right(8)` then
//!   each byte rotated right by `2 K` (`ushr`+`sli` on bytes), and
//!   `rot2::<K>` for odd K `rotate_right(16)` then each byte's nibbles
//!   swapped: the masked pairs of rotations of `soft`'s `u32` word select
//!   exactly those bits (the same forms as the 32-bit ARM kernel,
//!   `arm_neon.rs`, and `scripts/gen-aes-neon.py`);
//! - loading with `ld4` from eight blocks puts column `c` of blocks 0-3 in
//!   one vector and of blocks 4-7 in another: `soft`'s words `2 c` and
//!   `2 c + 1` of each lane's batch, with no shuffle;
//! - the transposition into bit planes, lane by lane (`soft`'s `u32`
//!   swaps).
//!
//! NEON is part of the aarch64 base architecture (the target enables it),
//! so the intrinsics need no run-time check; the backend is still listed
//! as needing NEON so that `PEREGRINE_CPU` can turn it off. Fewer than
//! eight blocks run `soft` (four blocks a batch).
//!
//! Constant time: `soft`'s gates; only bitwise operations and shifts by
//! constants touch secret data.

use core::arch::aarch64::{
    uint32x4_t, uint32x4x4_t, vandq_u32, vdupq_n_u32, veorq_u32, vgetq_lane_u32, vld4q_u32,
    vmvnq_u32, vreinterpretq_u8_u32, vreinterpretq_u16_u32, vreinterpretq_u32_u8,
    vreinterpretq_u32_u16, vrev32q_u16, vshlq_n_u32, vshrq_n_u8, vshrq_n_u32, vsliq_n_u8,
    vsliq_n_u32, vst4q_u32,
};
use core::ops::{BitAnd, BitXor, Not};

use alloc::boxed::Box;

use super::soft::{self, Fixsliced, Word};
use crate::cipher::Block;
use crate::mode::kernels::BlockCipher;

/// Four `u32` planes, one per lane (see the module documentation).
#[derive(Clone, Copy)]
pub(crate) struct Lanes(uint32x4_t);

impl Lanes {
    #[inline(always)]
    fn splat(x: u32) -> Lanes {
        // SAFETY: NEON is in the target's base features.
        Lanes(unsafe { vdupq_n_u32(x) })
    }

    #[inline(always)]
    fn lanes(self) -> [u32; 4] {
        // SAFETY: the two types have the same size, any bits valid.
        unsafe { core::mem::transmute::<uint32x4_t, [u32; 4]>(self.0) }
    }

    /// Each lane rotated right by 8.
    #[inline(always)]
    fn ror8(self) -> Lanes {
        // SAFETY: NEON is in the target's base features.
        Lanes(unsafe { vsliq_n_u32::<24>(vshrq_n_u32::<8>(self.0), self.0) })
    }

    /// Each lane rotated right by 16.
    #[inline(always)]
    fn ror16(self) -> Lanes {
        // SAFETY: NEON is in the target's base features.
        Lanes(unsafe { vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(self.0))) })
    }

    /// Each byte rotated right by `N` (and left by `M = 8 - N`).
    #[inline(always)]
    fn byte_ror<const N: i32, const M: i32>(self) -> Lanes {
        // SAFETY: NEON is in the target's base features.
        Lanes(unsafe {
            let b = vreinterpretq_u8_u32(self.0);
            vreinterpretq_u32_u8(vsliq_n_u8::<M>(vshrq_n_u8::<N>(b), b))
        })
    }

    /// `soft`'s `swap_bits` lane by lane.
    #[inline(always)]
    fn swap<const S: i32>(a: &mut Lanes, b: &mut Lanes, mask: u32) {
        // SAFETY: NEON is in the target's base features.
        unsafe {
            let t = vandq_u32(veorq_u32(vshrq_n_u32::<S>(a.0), b.0), vdupq_n_u32(mask));
            b.0 = veorq_u32(b.0, t);
            a.0 = veorq_u32(a.0, vshlq_n_u32::<S>(t));
        }
    }

    /// `soft`'s `swap_layer` lane by lane.
    #[inline(always)]
    fn layer<const S: i32>(w: &mut [Lanes; 8], bit: usize, mask: u32) {
        for lo in 0..8 {
            if lo & bit == 0 {
                let (mut a, mut b) = (w[lo], w[lo | bit]);
                Lanes::swap::<S>(&mut a, &mut b, mask);
                w[lo] = a;
                w[lo | bit] = b;
            }
        }
    }
}

impl Default for Lanes {
    fn default() -> Lanes {
        Lanes::splat(0)
    }
}

impl PartialEq for Lanes {
    fn eq(&self, other: &Lanes) -> bool {
        self.lanes() == other.lanes()
    }
}

impl core::fmt::Debug for Lanes {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("Lanes").field(&self.lanes()).finish()
    }
}

impl BitXor for Lanes {
    type Output = Lanes;
    #[inline(always)]
    fn bitxor(self, o: Lanes) -> Lanes {
        // SAFETY: NEON is in the target's base features.
        Lanes(unsafe { veorq_u32(self.0, o.0) })
    }
}

impl BitAnd for Lanes {
    type Output = Lanes;
    #[inline(always)]
    fn bitand(self, o: Lanes) -> Lanes {
        // SAFETY: NEON is in the target's base features.
        Lanes(unsafe { vandq_u32(self.0, o.0) })
    }
}

impl Not for Lanes {
    type Output = Lanes;
    #[inline(always)]
    fn not(self) -> Lanes {
        // SAFETY: NEON is in the target's base features.
        Lanes(unsafe { vmvnq_u32(self.0) })
    }
}

impl Word for Lanes {
    const LANES: usize = 8;

    /// `x` in every lane: each lane is a `u32` word, so the trait's "zero
    /// above" has nothing to clear (used only by the native word's key
    /// schedule, never at this type).
    #[inline(always)]
    fn from_u32(x: u32) -> Self {
        Lanes::splat(x)
    }

    #[inline(always)]
    fn low_u32(self) -> u32 {
        // SAFETY: NEON is in the target's base features.
        unsafe { vgetq_lane_u32::<0>(self.0) }
    }

    /// Bit `p % 32` of lane `p / 32` (the layout tests run the `u32` and
    /// `u64` words, not this one).
    #[cfg(test)]
    fn bit(self, p: usize) -> u8 {
        ((self.lanes()[p / 32] >> (p % 32)) & 1) as u8
    }

    #[inline(always)]
    fn rot1<const K: u32>(self) -> Self {
        let r = self.ror8();
        match K {
            0 => r,
            1 => r.byte_ror::<2, 6>(),
            2 => r.byte_ror::<4, 4>(),
            _ => r.byte_ror::<6, 2>(),
        }
    }

    #[inline(always)]
    fn rot2<const K: u32>(self) -> Self {
        let r = self.ror16();
        if K.is_multiple_of(2) {
            r
        } else {
            r.byte_ror::<4, 4>()
        }
    }

    /// Word `2 c + b` of lane `l` is column `c` of block `l + 4 b`.
    #[inline(always)]
    fn load(blocks: &[Block]) -> [Self; 8] {
        let blocks = &blocks[..8];
        // SAFETY: NEON; each `vld4q_u32` reads 64 bytes, four blocks of
        // the eight.
        unsafe {
            let a: uint32x4x4_t = vld4q_u32(blocks[0..4].as_ptr().cast());
            let b: uint32x4x4_t = vld4q_u32(blocks[4..8].as_ptr().cast());
            [
                Lanes(a.0),
                Lanes(b.0),
                Lanes(a.1),
                Lanes(b.1),
                Lanes(a.2),
                Lanes(b.2),
                Lanes(a.3),
                Lanes(b.3),
            ]
        }
    }

    #[inline(always)]
    fn store(w: &[Self; 8], blocks: &mut [Block]) {
        let blocks = &mut blocks[..8];
        // SAFETY: NEON; each `vst4q_u32` writes 64 bytes, four blocks of
        // the eight.
        unsafe {
            vst4q_u32(
                blocks[0..4].as_mut_ptr().cast(),
                uint32x4x4_t(w[0].0, w[2].0, w[4].0, w[6].0),
            );
            vst4q_u32(
                blocks[4..8].as_mut_ptr().cast(),
                uint32x4x4_t(w[1].0, w[3].0, w[5].0, w[7].0),
            );
        }
    }

    #[inline(always)]
    fn transpose(w: &mut [Self; 8], inverse: bool) {
        if !inverse {
            Lanes::layer::<1>(w, 1, 0x5555_5555);
            Lanes::layer::<2>(w, 2, 0x3333_3333);
            Lanes::layer::<4>(w, 4, 0x0f0f_0f0f);
        } else {
            Lanes::layer::<4>(w, 4, 0x0f0f_0f0f);
            Lanes::layer::<2>(w, 2, 0x3333_3333);
            Lanes::layer::<1>(w, 1, 0x5555_5555);
        }
    }

    #[inline(always)]
    fn shift_rows_2(w: &mut [Self; 8]) {
        let m = Lanes::splat(0xff00_ff00);
        for j in 0..4 {
            let t = (w[j] ^ w[j + 4]) & m;
            w[j] = w[j] ^ t;
            w[j + 4] = w[j + 4] ^ t;
        }
    }

    #[inline(always)]
    fn bitslice_key(cols: [u32; 4]) -> [Self; 8] {
        <u32 as Word>::bitslice_key(cols).map(Lanes::splat)
    }
}

/// The key: `soft`'s schedule at this word (eight blocks a batch; boxed,
/// 1,936 bytes, so that `Aes` keys of every backend stay the size of the
/// native schedule) and at the native one (four) for the last blocks.
#[derive(Clone)]
pub(crate) struct Key {
    wide: Box<Fixsliced<Lanes>>,
    narrow: soft::Key,
}

impl Key {
    /// Expands `key` (16, 24 or 32 bytes; `None` otherwise).
    pub(crate) fn new(key: &[u8]) -> Option<Key> {
        Some(Key {
            wide: Box::new(Fixsliced::new(key)?),
            narrow: soft::Key::new(key)?,
        })
    }
}

impl BlockCipher for Key {
    fn encrypt_blocks(&self, blocks: &mut [Block]) {
        let n = blocks.len() / 8 * 8;
        self.wide.encrypt_blocks(&mut blocks[..n]);
        self.narrow.encrypt_blocks(&mut blocks[n..]);
    }
    fn decrypt_blocks(&self, blocks: &mut [Block]) {
        let n = blocks.len() / 8 * 8;
        self.wide.decrypt_blocks(&mut blocks[..n]);
        self.narrow.decrypt_blocks(&mut blocks[n..]);
    }
}
