//! [`Nat`]: a natural number of a fixed, public number of 64-bit limbs.

use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use subtle::Choice;
use zeroize::Zeroize;

use crate::Error;

/// All ones when `x != 0`, else zero, without a branch.
#[inline(always)]
pub(crate) fn mask_nz(x: u64) -> u64 {
    (((x | x.wrapping_neg()) >> 63) & 1).wrapping_neg()
}

/// All ones when `bit` (0 or 1) is 1; through `black_box` so the optimiser
/// cannot turn the masked code that follows into a branch.
#[inline(always)]
pub(crate) fn mask_bit(bit: u64) -> u64 {
    core::hint::black_box(bit & 1).wrapping_neg()
}

#[inline(always)]
pub(crate) fn choice_of_mask(mask: u64) -> Choice {
    Choice::from((mask & 1) as u8)
}

/// `a + b + c`, carry out (0 or 1).
#[inline(always)]
pub(crate) fn adc(a: u64, b: u64, c: u64) -> (u64, u64) {
    let t = (a as u128) + (b as u128) + (c as u128);
    (t as u64, (t >> 64) as u64)
}

/// `a - b - borrow`, borrow out (0 or 1).
#[inline(always)]
pub(crate) fn sbb(a: u64, b: u64, borrow: u64) -> (u64, u64) {
    let t = (a as u128).wrapping_sub((b as u128) + (borrow as u128));
    (t as u64, (t >> 127) as u64)
}

/// Limb `i` of `x`, or 0 past its end (`i` is public).
#[inline(always)]
pub(crate) fn limb(x: &[u64], i: usize) -> u64 {
    x.get(i).copied().unwrap_or(0)
}

/// `r = a + b` over `r.len()` limbs (`a`, `b` zero-extended or
/// truncated); returns the carry out of `r`'s width.
pub(crate) fn add_into(r: &mut [u64], a: &[u64], b: &[u64]) -> u64 {
    let mut c = 0;
    for (i, x) in r.iter_mut().enumerate() {
        (*x, c) = adc(limb(a, i), limb(b, i), c);
    }
    c
}

/// `r = a - b` over `r.len()` limbs; returns the borrow (0 or 1).
pub(crate) fn sub_into(r: &mut [u64], a: &[u64], b: &[u64]) -> u64 {
    let mut c = 0;
    for (i, x) in r.iter_mut().enumerate() {
        (*x, c) = sbb(limb(a, i), limb(b, i), c);
    }
    c
}

/// The borrow of `a - b` over `max(len)` limbs: 1 when `a < b`.
pub(crate) fn lt(a: &[u64], b: &[u64]) -> u64 {
    let mut c = 0;
    for i in 0..a.len().max(b.len()) {
        (_, c) = sbb(limb(a, i), limb(b, i), c);
    }
    c
}

/// `r -= b & mask`; returns the borrow.
pub(crate) fn sub_masked(r: &mut [u64], b: &[u64], mask: u64) -> u64 {
    let mut c = 0;
    for (i, x) in r.iter_mut().enumerate() {
        (*x, c) = sbb(*x, limb(b, i) & mask, c);
    }
    c
}

/// `r += b & mask`; returns the carry.
pub(crate) fn add_masked(r: &mut [u64], b: &[u64], mask: u64) -> u64 {
    let mut c = 0;
    for (i, x) in r.iter_mut().enumerate() {
        (*x, c) = adc(*x, limb(b, i) & mask, c);
    }
    c
}

/// `r = mask ? b : r`, limb by limb.
pub(crate) fn select_into(r: &mut [u64], b: &[u64], mask: u64) {
    for (i, x) in r.iter_mut().enumerate() {
        *x ^= (*x ^ limb(b, i)) & mask;
    }
}

/// All ones when every limb is zero.
pub(crate) fn is_zero_mask(a: &[u64]) -> u64 {
    !mask_nz(a.iter().fold(0, |acc, x| acc | x))
}

/// `a >>= 1` with `hi` (0 or 1) shifted into the top bit.
pub(crate) fn shr1(a: &mut [u64], hi: u64) {
    let mut carry = hi & 1;
    for x in a.iter_mut().rev() {
        let next = *x & 1;
        *x = (*x >> 1) | (carry << 63);
        carry = next;
    }
}

/// `a <<= 1` with `lo` (0 or 1) shifted in; returns the bit shifted out.
pub(crate) fn shl1(a: &mut [u64], lo: u64) -> u64 {
    let mut carry = lo & 1;
    for x in a.iter_mut() {
        let next = *x >> 63;
        *x = (*x << 1) | carry;
        carry = next;
    }
    carry
}

/// A natural number held in a fixed number of 64-bit limbs.
///
/// The number of limbs (the *width*) is public: it decides how long every
/// operation takes. The value is secret: no operation on a `Nat` branches
/// on it or uses it as an index, except those whose name ends in
/// `_vartime`. The limbs are zeroized on drop.
///
/// Binary operations work at the wider operand's width (the narrower one
/// is zero-extended), so mixing widths is never an error.
#[derive(Clone)]
pub struct Nat {
    pub(crate) limbs: Vec<u64>,
}

impl Drop for Nat {
    fn drop(&mut self) {
        self.limbs.zeroize();
    }
}

impl fmt::Debug for Nat {
    /// Shows the width, never the value.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Nat")
            .field("limbs", &self.limbs.len())
            .finish_non_exhaustive()
    }
}

impl Nat {
    /// Zero, `limbs` limbs wide (at least one).
    pub fn zero(limbs: usize) -> Nat {
        Nat {
            limbs: vec![0; limbs.max(1)],
        }
    }

    /// `v`, one limb wide.
    pub fn from_u64(v: u64) -> Nat {
        Nat { limbs: vec![v] }
    }

    /// The number with these little-endian limbs (at least one limb: an
    /// empty slice gives a one-limb zero).
    pub fn from_limbs(limbs: &[u64]) -> Nat {
        let mut n = Nat::zero(limbs.len());
        n.limbs[..limbs.len()].copy_from_slice(limbs);
        n
    }

    /// The number whose big-endian bytes are `bytes`, `ceil(len / 8)` limbs
    /// wide (at least one). Leading zero bytes count toward the width, so
    /// the width is a function of the length only.
    pub fn from_be_bytes(bytes: &[u8]) -> Nat {
        let limbs = bytes.len().div_ceil(8).max(1);
        let mut n = Nat::zero(limbs);
        for (i, chunk) in bytes.rchunks(8).enumerate() {
            let mut w = [0u8; 8];
            w[8 - chunk.len()..].copy_from_slice(chunk);
            n.limbs[i] = u64::from_be_bytes(w);
            w.zeroize();
        }
        n
    }

    /// The number whose big-endian bytes are `bytes`, exactly `limbs` limbs
    /// wide. Errors when the value does not fit (found without a branch on
    /// the bytes: only the verdict is revealed).
    pub fn from_be_bytes_width(bytes: &[u8], limbs: usize) -> Result<Nat, Error> {
        Nat::from_be_bytes(bytes).resize(limbs)
    }

    /// The value in big-endian bytes, `8 * limbs` long.
    pub fn to_be_bytes(&self) -> Vec<u8> {
        let mut out = vec![0u8; 8 * self.limbs.len()];
        self.write_be_bytes(&mut out)
            .expect("the full width always fits");
        out
    }

    /// Writes the value as big-endian bytes filling `out` (left-padded with
    /// zeros). Errors, leaving `out` zeroed, when the value needs more bytes
    /// than `out` has; the check does not branch on the value.
    pub fn write_be_bytes(&self, out: &mut [u8]) -> Result<(), Error> {
        let mut spill = 0u8;
        let len = out.len();
        for (i, &l) in self.limbs.iter().enumerate() {
            for (j, byte) in l.to_le_bytes().into_iter().enumerate() {
                let pos = 8 * i + j; // byte index from the least significant end
                if pos < len {
                    out[len - 1 - pos] = byte;
                } else {
                    spill |= byte;
                }
            }
        }
        for b in out
            .iter_mut()
            .take(len.saturating_sub(8 * self.limbs.len()))
        {
            *b = 0;
        }
        // The verdict is public: a value that does not fit is an error.
        if crate::ct::declassify(spill) != 0 {
            out.zeroize();
            return Err(Error::InvalidLength {
                what: "output buffer for a Nat",
                got: len,
            });
        }
        Ok(())
    }

    /// The number of limbs (public).
    pub fn limbs(&self) -> usize {
        self.limbs.len()
    }

    /// The width in bits (`64 * limbs`), public.
    pub fn bits(&self) -> usize {
        64 * self.limbs.len()
    }

    /// The little-endian limbs.
    pub fn as_limbs(&self) -> &[u64] {
        &self.limbs
    }

    /// The little-endian limbs, mutable.
    pub fn as_limbs_mut(&mut self) -> &mut [u64] {
        &mut self.limbs
    }

    /// The same value at `limbs` limbs (at least one): zero-extended, or
    /// truncated when the dropped limbs are zero. Errors when the value
    /// does not fit (only the verdict depends on the value).
    pub fn resize(&self, limbs: usize) -> Result<Nat, Error> {
        let limbs = limbs.max(1);
        let mut out = Nat::zero(limbs);
        let keep = limbs.min(self.limbs.len());
        out.limbs[..keep].copy_from_slice(&self.limbs[..keep]);
        let spill = self.limbs[keep..].iter().fold(0, |a, x| a | x);
        // The verdict is public: a value that does not fit is an error.
        if crate::ct::declassify(spill) != 0 {
            return Err(Error::InvalidParameter {
                what: "value too wide for the requested number of limbs",
            });
        }
        Ok(out)
    }

    /// The position of the highest set bit plus one (0 for zero).
    /// Variable time: the loop stops at the first non-zero limb, so the
    /// time reveals the bit length.
    pub fn bit_len_vartime(&self) -> usize {
        for (i, &l) in self.limbs.iter().enumerate().rev() {
            if l != 0 {
                return 64 * i + 64 - l.leading_zeros() as usize;
            }
        }
        0
    }

    /// Bit `i` (0 past the width); `i` is public.
    pub fn bit(&self, i: usize) -> Choice {
        Choice::from(((limb(&self.limbs, i / 64) >> (i % 64)) & 1) as u8)
    }

    /// Whether the value is zero (constant time).
    pub fn is_zero(&self) -> Choice {
        choice_of_mask(is_zero_mask(&self.limbs))
    }

    /// Whether the value is odd.
    pub fn is_odd(&self) -> Choice {
        Choice::from((self.limbs[0] & 1) as u8)
    }

    /// Whether `self == rhs` as numbers (constant time; widths may differ).
    pub fn ct_eq(&self, rhs: &Nat) -> Choice {
        let w = self.limbs.len().max(rhs.limbs.len());
        let mut acc = 0;
        for i in 0..w {
            acc |= limb(&self.limbs, i) ^ limb(&rhs.limbs, i);
        }
        choice_of_mask(!mask_nz(acc))
    }

    /// Whether `self < rhs` (constant time).
    pub fn ct_lt(&self, rhs: &Nat) -> Choice {
        Choice::from(lt(&self.limbs, &rhs.limbs) as u8)
    }

    /// Whether `self > rhs` (constant time).
    pub fn ct_gt(&self, rhs: &Nat) -> Choice {
        rhs.ct_lt(self)
    }

    /// The comparison as `-1`, `0` or `1`, computed in constant time
    /// (branching on the result is the caller's choice).
    pub fn ct_cmp(&self, rhs: &Nat) -> i8 {
        let less = lt(&self.limbs, &rhs.limbs) as i8;
        let gt = lt(&rhs.limbs, &self.limbs) as i8;
        gt - less
    }

    /// `choice ? b : a`, at the wider width (constant time).
    pub fn select(a: &Nat, b: &Nat, choice: Choice) -> Nat {
        let mut out = Nat::zero(a.limbs.len().max(b.limbs.len()));
        out.limbs[..a.limbs.len()].copy_from_slice(&a.limbs);
        select_into(
            &mut out.limbs,
            &b.limbs,
            mask_bit(choice.unwrap_u8() as u64),
        );
        out
    }

    /// `self = choice ? other : self`, at `self`'s width (`other`
    /// zero-extended or truncated).
    pub fn conditional_assign(&mut self, other: &Nat, choice: Choice) {
        select_into(
            &mut self.limbs,
            &other.limbs,
            mask_bit(choice.unwrap_u8() as u64),
        );
    }

    /// Swaps `a` and `b` when `choice` is set (constant time; both keep
    /// their widths, values truncated or zero-extended to them).
    pub fn conditional_swap(a: &mut Nat, b: &mut Nat, choice: Choice) {
        let m = mask_bit(choice.unwrap_u8() as u64);
        let w = a.limbs.len().max(b.limbs.len());
        for i in 0..w {
            let (x, y) = (limb(&a.limbs, i), limb(&b.limbs, i));
            let t = (x ^ y) & m;
            if let Some(v) = a.limbs.get_mut(i) {
                *v = x ^ t;
            }
            if let Some(v) = b.limbs.get_mut(i) {
                *v = y ^ t;
            }
        }
    }

    /// `self + rhs` at the wider width, with the carry out (0 or 1).
    pub fn add(&self, rhs: &Nat) -> (Nat, u64) {
        let mut out = Nat::zero(self.limbs.len().max(rhs.limbs.len()));
        let c = add_into(&mut out.limbs, &self.limbs, &rhs.limbs);
        (out, c)
    }

    /// `self - rhs` modulo `2^(64 w)` at the wider width `w`, with the
    /// borrow (1 when `self < rhs`).
    pub fn sub(&self, rhs: &Nat) -> (Nat, u64) {
        let mut out = Nat::zero(self.limbs.len().max(rhs.limbs.len()));
        let b = sub_into(&mut out.limbs, &self.limbs, &rhs.limbs);
        (out, b)
    }

    /// The full product, `self.limbs() + rhs.limbs()` limbs wide
    /// (schoolbook; constant time).
    pub fn mul(&self, rhs: &Nat) -> Nat {
        let (a, b) = (&self.limbs, &rhs.limbs);
        let mut out = Nat::zero(a.len() + b.len());
        for (i, &bi) in b.iter().enumerate() {
            let mut c = 0u64;
            for (j, &aj) in a.iter().enumerate() {
                let t = (aj as u128) * (bi as u128) + (out.limbs[i + j] as u128) + (c as u128);
                out.limbs[i + j] = t as u64;
                c = (t >> 64) as u64;
            }
            out.limbs[i + a.len()] = c;
        }
        out
    }

    /// The square, `2 * limbs` wide (each cross product computed once).
    pub fn square(&self) -> Nat {
        let mut out = Nat::zero(2 * self.limbs.len());
        super::mont::soft_square(&mut out.limbs, &self.limbs);
        out
    }

    /// `(self / d, self % d)`: the quotient at `self`'s width, the
    /// remainder at `d`'s. Constant time in both values (one shift and one
    /// masked subtraction per bit of `self`); errors when `d` is zero (only
    /// that is revealed).
    pub fn div_rem(&self, d: &Nat) -> Result<(Nat, Nat), Error> {
        // The verdict is public: division by zero is an error.
        if crate::ct::declassify(bool::from(d.is_zero())) {
            return Err(Error::InvalidParameter {
                what: "division by zero",
            });
        }
        let mut q = Nat::zero(self.limbs.len());
        let mut r = Nat::zero(d.limbs.len());
        for i in (0..self.bits()).rev() {
            let bit = (self.limbs[i / 64] >> (i % 64)) & 1;
            let top = shl1(&mut r.limbs, bit);
            // Subtract d when top:r >= d.
            let borrow = lt(&r.limbs, &d.limbs);
            let take = mask_bit(top | (borrow ^ 1));
            sub_masked(&mut r.limbs, &d.limbs, take);
            q.limbs[i / 64] |= (take & 1) << (i % 64);
        }
        Ok((q, r))
    }

    /// `self mod d` at `d`'s width; see [`Nat::div_rem`].
    pub fn rem(&self, d: &Nat) -> Result<Nat, Error> {
        Ok(self.div_rem(d)?.1)
    }

    /// `self >> 1`, at the same width.
    pub fn shr1(&self) -> Nat {
        let mut out = self.clone();
        shr1(&mut out.limbs, 0);
        out
    }

    /// `self >> s` for a public shift `s`, at the same width.
    pub fn shr_vartime(&self, s: usize) -> Nat {
        let mut out = Nat::zero(self.limbs.len());
        let (w, b) = (s / 64, s % 64);
        for i in 0..self.limbs.len() {
            let lo = limb(&self.limbs, i + w);
            let hi = limb(&self.limbs, i + w + 1);
            out.limbs[i] = if b == 0 {
                lo
            } else {
                (lo >> b) | (hi << (64 - b))
            };
        }
        out
    }

    /// `self << s` for a public shift `s`, at the same width (bits shifted
    /// out are lost).
    pub fn shl_vartime(&self, s: usize) -> Nat {
        let mut out = Nat::zero(self.limbs.len());
        let (w, b) = (s / 64, s % 64);
        for i in w..self.limbs.len() {
            let lo = self.limbs[i - w];
            let below = if i > w { self.limbs[i - w - 1] } else { 0 };
            out.limbs[i] = if b == 0 {
                lo
            } else {
                (lo << b) | (below >> (64 - b))
            };
        }
        out
    }

    /// The number of trailing zero bits, in constant time (the width in
    /// bits for zero).
    pub fn trailing_zeros(&self) -> usize {
        let mut count = 0u64;
        let mut still = u64::MAX; // all ones while only zeros were seen
        for &l in &self.limbs {
            for j in 0..64 {
                let bit = (l >> j) & 1;
                still &= bit.wrapping_sub(1); // stays all ones while bit == 0
                count += still & 1;
            }
        }
        count as usize
    }

    /// `self >> s` for a secret shift `s`, at the same width: a barrel
    /// shifter of masked selections, one per bit of `s`'s possible range
    /// (shifts of the width or more give zero).
    pub fn shr_secret(&self, s: usize) -> Nat {
        let mut out = self.clone();
        let bits = self.bits();
        let mut j = 0;
        while (1usize << j) < bits {
            let shifted = out.shr_vartime(1 << j);
            select_into(
                &mut out.limbs,
                &shifted.limbs,
                mask_bit(((s >> j) & 1) as u64),
            );
            j += 1;
        }
        let below = ((s as u64).wrapping_sub(bits as u64)) >> 63; // 1 when s < bits
        let keep = mask_bit(below);
        for x in out.limbs.iter_mut() {
            *x &= keep;
        }
        out
    }

    /// `self << s` for a secret shift `s`, at the same width (bits shifted
    /// out are lost; shifts of the width or more give zero): a barrel
    /// shifter of masked selections.
    pub fn shl_secret(&self, s: usize) -> Nat {
        let mut out = self.clone();
        let bits = self.bits();
        let mut j = 0;
        while (1usize << j) < bits {
            let shifted = out.shl_vartime(1 << j);
            select_into(
                &mut out.limbs,
                &shifted.limbs,
                mask_bit(((s >> j) & 1) as u64),
            );
            j += 1;
        }
        let below = ((s as u64).wrapping_sub(bits as u64)) >> 63;
        let keep = mask_bit(below);
        for x in out.limbs.iter_mut() {
            *x &= keep;
        }
        out
    }
}
