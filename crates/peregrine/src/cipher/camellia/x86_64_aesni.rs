//! Camellia with AES-NI: 16 blocks at a time, byte-sliced (register `j`
//! holds byte `j` of every block), so every byte of a register goes
//! through the same S-box and the P-function is register XORs.
//!
//! An S-box is `post(inv(pre(x)))` ([`crate::cipher::gf256`]): `pre` is a
//! `pshufb` nibble-table affine map, `aesenclast` with a zero key computes
//! AES's affine map of the inversion (after an inverse-ShiftRows shuffle,
//! so its ShiftRows leaves every byte where it was), and a second
//! nibble-table map undoes AES's affine map and applies `post` (rotated
//! for s2 and s3; s4's input rotation is folded into its `pre`). This is
//! the technique of Satoh et al. and of Linux's
//! `camellia-aesni-avx-asm_64.S`; the tables are derived at compile time.
//! Constant time: the tables are indexed only by `pshufb`, inside a
//! register.

use core::arch::x86_64::*;

use super::{POST, PRE, Sched};
use crate::cipher::Block;

/// The 16-byte index vector of AES's inverse ShiftRows.
const ISR: [u8; 16] = {
    let mut t = [0u8; 16];
    let mut i = 0;
    while i < 16 {
        let (r, c) = (i % 4, i / 4);
        t[i] = (r + 4 * ((c + 4 - r) % 4)) as u8;
        i += 1;
    }
    t
};

/// A filter's two nibble tables.
type Filter = ([u8; 16], [u8; 16]);

const PRE1: Filter = PRE.nibble_tables();
const PRE4: Filter = PRE.after_rotl(1).nibble_tables();
const POST1: Filter = POST.after_aesenclast().nibble_tables();
const POST2: Filter = POST.then_rotl(1).after_aesenclast().nibble_tables();
const POST3: Filter = POST.then_rotl(7).after_aesenclast().nibble_tables();

/// Which S-box each byte of the F input goes through (1 to 4).
const WHICH: [u8; 8] = [1, 2, 3, 4, 2, 3, 4, 1];

/// A 128-bit (16 blocks) register; the kernel is written over [`Lane`]
/// so a wider register can instantiate it.
#[derive(Clone, Copy)]
pub(crate) struct X(__m128i);

/// The operations the byte-sliced kernel needs.
pub(crate) trait Lane: Copy {
    fn zero() -> Self;
    fn splat(b: u8) -> Self;
    fn table(t: &[u8; 16]) -> Self;
    fn xor(self, o: Self) -> Self;
    fn and(self, o: Self) -> Self;
    fn or(self, o: Self) -> Self;
    /// Each byte shifted left by one.
    fn shl1(self) -> Self;
    /// Each byte's top bit, as 0 or 1.
    fn top(self) -> Self;
    /// Each byte's high nibble (0..15).
    fn hi4(self) -> Self;
    /// `pshufb`: byte `i` of the result is `self[idx[i] & 15]` (per 128-bit lane).
    fn shuffle(self, idx: Self) -> Self;
    fn aesenclast0(self) -> Self;
    fn unpack(self, o: Self, width: u32, hi: bool) -> Self;
}

impl Lane for X {
    #[inline(always)]
    fn zero() -> Self {
        // SAFETY: SSE2, SSSE3 and AES-NI are enabled in every caller
        // (`crypt16`, the only user of `X`); so for every method below.
        X(unsafe { _mm_setzero_si128() })
    }
    #[inline(always)]
    fn splat(b: u8) -> Self {
        // SAFETY: as in `zero`.
        X(unsafe { _mm_set1_epi8(b as i8) })
    }
    #[inline(always)]
    fn table(t: &[u8; 16]) -> Self {
        // SAFETY: as in `zero`; `t` is 16 bytes, unaligned load.
        X(unsafe { _mm_loadu_si128(t.as_ptr().cast()) })
    }
    #[inline(always)]
    fn xor(self, o: Self) -> Self {
        // SAFETY: as in `zero`.
        X(unsafe { _mm_xor_si128(self.0, o.0) })
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        // SAFETY: as in `zero`.
        X(unsafe { _mm_and_si128(self.0, o.0) })
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        // SAFETY: as in `zero`.
        X(unsafe { _mm_or_si128(self.0, o.0) })
    }
    #[inline(always)]
    fn shl1(self) -> Self {
        // SAFETY: as in `zero`.
        X(unsafe { _mm_add_epi8(self.0, self.0) })
    }
    #[inline(always)]
    fn top(self) -> Self {
        // SAFETY: as in `zero`.
        X(unsafe { _mm_and_si128(_mm_srli_epi16(self.0, 7), _mm_set1_epi8(1)) })
    }
    #[inline(always)]
    fn hi4(self) -> Self {
        // SAFETY: as in `zero`.
        X(unsafe { _mm_and_si128(_mm_srli_epi16(self.0, 4), _mm_set1_epi8(15)) })
    }
    #[inline(always)]
    fn shuffle(self, idx: Self) -> Self {
        // SAFETY: as in `zero`.
        X(unsafe { _mm_shuffle_epi8(self.0, idx.0) })
    }
    #[inline(always)]
    fn aesenclast0(self) -> Self {
        // SAFETY: as in `zero`.
        X(unsafe { _mm_aesenclast_si128(self.0, _mm_setzero_si128()) })
    }
    #[inline(always)]
    fn unpack(self, o: Self, width: u32, hi: bool) -> Self {
        // SAFETY: as in `zero`.
        X(unsafe {
            match (width, hi) {
                (8, false) => _mm_unpacklo_epi8(self.0, o.0),
                (8, true) => _mm_unpackhi_epi8(self.0, o.0),
                (16, false) => _mm_unpacklo_epi16(self.0, o.0),
                (16, true) => _mm_unpackhi_epi16(self.0, o.0),
                (32, false) => _mm_unpacklo_epi32(self.0, o.0),
                (32, true) => _mm_unpackhi_epi32(self.0, o.0),
                (_, false) => _mm_unpacklo_epi64(self.0, o.0),
                (_, true) => _mm_unpackhi_epi64(self.0, o.0),
            }
        })
    }
}

/// Bit-reverses a 4-bit index.
#[inline(always)]
fn rev4(i: usize) -> usize {
    ((i & 1) << 3) | ((i & 2) << 1) | ((i & 4) >> 1) | ((i & 8) >> 3)
}

/// Four rounds of byte interleaving: element (register r, byte c) moves
/// to (register rev4(c), byte rev4(r)). With the registers loaded in
/// bit-reversed order this is a 16x16 byte transpose, its own inverse.
#[inline(always)]
fn interleave<L: Lane>(r: &mut [L; 16]) {
    for w in [8, 8, 8, 8] {
        let mut o = [L::zero(); 16];
        for i in 0..8 {
            o[i] = r[2 * i].unpack(r[2 * i + 1], w, false);
            o[i + 8] = r[2 * i].unpack(r[2 * i + 1], w, true);
        }
        *r = o;
    }
}

/// Byte `j` (0 = most significant) of a big-endian subkey.
#[inline(always)]
fn kb(k: u64, j: usize) -> u8 {
    (k >> (56 - 8 * j)) as u8
}

/// An affine filter through two nibble tables.
#[inline(always)]
fn filter<L: Lane>(x: L, f: &(L, L), low: L) -> L {
    f.0.shuffle(x.and(low)).xor(f.1.shuffle(x.hi4()))
}

struct Tables<L> {
    pre1: (L, L),
    pre4: (L, L),
    post: [(L, L); 3],
    isr: L,
    low: L,
}

#[inline(always)]
fn tables<L: Lane>() -> Tables<L> {
    let t = |f: &Filter| (L::table(&f.0), L::table(&f.1));
    Tables {
        pre1: t(&PRE1),
        pre4: t(&PRE4),
        post: [t(&POST1), t(&POST2), t(&POST3)],
        isr: L::table(&ISR),
        low: L::splat(15),
    }
}

/// One round: `x[dst..dst+8] ^= F(x[src..src+8], k)`.
#[inline(always)]
fn round<L: Lane>(x: &mut [L; 16], src: usize, dst: usize, k: u64, t: &Tables<L>) {
    let mut z = [L::zero(); 8];
    for (j, zj) in z.iter_mut().enumerate() {
        let v = x[src + j].xor(L::splat(kb(k, j)));
        let pre = if WHICH[j] == 4 { &t.pre4 } else { &t.pre1 };
        let u = filter(v, pre, t.low).shuffle(t.isr).aesenclast0();
        let post = &t.post[match WHICH[j] {
            2 => 1,
            3 => 2,
            _ => 0,
        }];
        *zj = filter(u, post, t.low);
    }
    let mut l1 = [L::zero(); 4];
    let mut r1 = [L::zero(); 4];
    let mut l2 = [L::zero(); 4];
    for j in 0..4 {
        l1[j] = z[j].xor(z[4 + (j + 1) % 4]);
    }
    for j in 0..4 {
        r1[j] = z[4 + j].xor(l1[(j + 2) % 4]);
    }
    for j in 0..4 {
        l2[j] = l1[j].xor(r1[(j + 3) % 4]);
    }
    for j in 0..4 {
        let r2 = r1[j].xor(l2[(j + 3) % 4]);
        x[dst + j] = x[dst + j].xor(r2);
        x[dst + 4 + j] = x[dst + 4 + j].xor(l2[j]);
    }
}

/// The 32-bit left rotation by one of the big-endian word in `a[0..4]`.
#[inline(always)]
fn rotl1<L: Lane>(a: [L; 4]) -> [L; 4] {
    core::array::from_fn(|j| a[j].shl1().or(a[(j + 1) % 4].top()))
}

#[inline(always)]
fn fl<L: Lane>(x: &mut [L; 16], h: usize, k: u64) {
    let a = core::array::from_fn(|j| x[h + j].and(L::splat(kb(k, j))));
    let n = rotl1(a);
    for j in 0..4 {
        x[h + 4 + j] = x[h + 4 + j].xor(n[j]);
        x[h + j] = x[h + j].xor(x[h + 4 + j].or(L::splat(kb(k, 4 + j))));
    }
}

#[inline(always)]
fn flinv<L: Lane>(x: &mut [L; 16], h: usize, k: u64) {
    for j in 0..4 {
        x[h + j] = x[h + j].xor(x[h + 4 + j].or(L::splat(kb(k, 4 + j))));
    }
    let a = core::array::from_fn(|j| x[h + j].and(L::splat(kb(k, j))));
    let n = rotl1(a);
    for j in 0..4 {
        x[h + 4 + j] = x[h + 4 + j].xor(n[j]);
    }
}

/// The whole cipher on byte-sliced state (`x[0..8]` = D1, `x[8..16]` = D2);
/// leaves the output block's bytes in `x` in order.
#[inline(always)]
fn cipher<L: Lane>(s: &Sched, x: &mut [L; 16]) {
    let t = tables::<L>();
    for j in 0..8 {
        x[j] = x[j].xor(L::splat(kb(s.kw[0], j)));
        x[8 + j] = x[8 + j].xor(L::splat(kb(s.kw[1], j)));
    }
    for r in 0..s.rounds {
        if r > 0 && r % 6 == 0 {
            let i = 2 * (r / 6 - 1);
            fl(x, 0, s.ke[i]);
            flinv(x, 8, s.ke[i + 1]);
        }
        if r % 2 == 0 {
            round(x, 0, 8, s.k[r], &t);
        } else {
            round(x, 8, 0, s.k[r], &t);
        }
    }
    for j in 0..8 {
        let d2 = x[8 + j].xor(L::splat(kb(s.kw[2], j)));
        let d1 = x[j].xor(L::splat(kb(s.kw[3], j)));
        x[j] = d2;
        x[8 + j] = d1;
    }
}

/// Up to 16 blocks (fewer are padded).
#[target_feature(enable = "sse2,ssse3,aes")]
fn crypt16(s: &Sched, blocks: &mut [Block]) {
    let mut r = [X(_mm_setzero_si128()); 16];
    for (b, blk) in blocks.iter().enumerate() {
        // SAFETY: `blk` is 16 bytes; unaligned load.
        r[rev4(b)] = X(unsafe { _mm_loadu_si128(blk.as_ptr().cast()) });
    }
    interleave(&mut r);
    let mut x: [X; 16] = core::array::from_fn(|c| r[rev4(c)]);
    cipher(s, &mut x);
    for c in 0..16 {
        r[rev4(c)] = x[c];
    }
    interleave(&mut r);
    for (b, blk) in blocks.iter_mut().enumerate() {
        // SAFETY: `blk` is 16 bytes; unaligned store.
        unsafe { _mm_storeu_si128(blk.as_mut_ptr().cast(), r[rev4(b)].0) };
    }
}

/// Any number of blocks, 16 at a time.
///
/// # Safety
/// The CPU must have SSE2, SSSE3 and AES-NI.
#[target_feature(enable = "sse2,ssse3,aes")]
pub(crate) unsafe fn crypt_blocks(s: &Sched, blocks: &mut [Block]) {
    for c in blocks.chunks_mut(16) {
        crypt16(s, c);
    }
}

/// The F-function on one block: the eight bytes in the low half of an
/// xmm register, s1/s4 input filters and s1/s2/s3 output filters blended
/// by byte masks, P on the general-purpose side ([`super::soft::p`]).
#[inline]
#[target_feature(enable = "sse2,ssse3,aes")]
fn f1(x: u64, k: u64, t: &Tables<X>, m: &[__m128i; 3]) -> u64 {
    let v = X(_mm_cvtsi64_si128((x ^ k) as i64));
    let a = filter(v, &t.pre1, t.low).0;
    let b = filter(v, &t.pre4, t.low).0;
    let u = X(_mm_or_si128(
        _mm_andnot_si128(m[0], a),
        _mm_and_si128(m[0], b),
    ));
    let w = u.shuffle(t.isr).aesenclast0();
    let z1 = filter(w, &t.post[0], t.low).0;
    let z2 = filter(w, &t.post[1], t.low).0;
    let z3 = filter(w, &t.post[2], t.low).0;
    let z = _mm_or_si128(
        _mm_andnot_si128(_mm_or_si128(m[1], m[2]), z1),
        _mm_or_si128(_mm_and_si128(m[1], z2), _mm_and_si128(m[2], z3)),
    );
    super::soft::p(_mm_cvtsi128_si64(z) as u64)
}

/// CBC encryption, one block at a time (serial), F through [`f1`].
///
/// # Safety
/// As [`crypt_blocks`].
#[target_feature(enable = "sse2,ssse3,aes")]
pub(crate) unsafe fn cbc_encrypt(s: &Sched, iv: &mut Block, blocks: &mut [Block]) {
    use super::soft::{M2, M3, M4, fl, flinv};
    let t = tables::<X>();
    let m = [
        _mm_set_epi64x(0, M4 as i64),
        _mm_set_epi64x(0, M2 as i64),
        _mm_set_epi64x(0, M3 as i64),
    ];
    let mut h = [0u8; 8];
    h.copy_from_slice(&iv[..8]);
    let mut c1 = u64::from_be_bytes(h);
    h.copy_from_slice(&iv[8..]);
    let mut c2 = u64::from_be_bytes(h);
    for b in blocks.iter_mut() {
        h.copy_from_slice(&b[..8]);
        let mut d1 = u64::from_be_bytes(h) ^ c1 ^ s.kw[0];
        h.copy_from_slice(&b[8..]);
        let mut d2 = u64::from_be_bytes(h) ^ c2 ^ s.kw[1];
        for r in 0..s.rounds {
            if r > 0 && r % 6 == 0 {
                let i = 2 * (r / 6 - 1);
                d1 = fl(d1, s.ke[i]);
                d2 = flinv(d2, s.ke[i + 1]);
            }
            if r % 2 == 0 {
                d2 ^= f1(d1, s.k[r], &t, &m);
            } else {
                d1 ^= f1(d2, s.k[r], &t, &m);
            }
        }
        c1 = d2 ^ s.kw[2];
        c2 = d1 ^ s.kw[3];
        b[..8].copy_from_slice(&c1.to_be_bytes());
        b[8..].copy_from_slice(&c2.to_be_bytes());
    }
    *iv = blocks.last().copied().unwrap_or(*iv);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filters_compose_to_the_sboxes() {
        let aes_sb = |v: u8| crate::cipher::gf256::aes_affine(crate::cipher::gf256::ginv(v));
        let ap = |f: &Filter, x: u8| f.0[usize::from(x & 15)] ^ f.1[usize::from(x >> 4)];
        for x in 0..=255u8 {
            let s1 = super::super::SBOX1[usize::from(x)];
            assert_eq!(ap(&POST1, aes_sb(ap(&PRE1, x))), s1);
            assert_eq!(ap(&POST2, aes_sb(ap(&PRE1, x))), s1.rotate_left(1));
            assert_eq!(ap(&POST3, aes_sb(ap(&PRE1, x))), s1.rotate_right(1));
            let s4 = super::super::SBOX1[usize::from(x.rotate_left(1))];
            assert_eq!(ap(&POST1, aes_sb(ap(&PRE4, x))), s4);
        }
    }
}
