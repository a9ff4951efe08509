//! S-boxes that are affine maps around inversion in GF(2^8) (Camellia's
//! s1, SM4's S), rewritten around the inversion of AES's field.
//!
//! Every such S-box is `S(x) = post(inv(pre(x)))` with `inv` the inversion
//! in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1 (AES's field) and `pre`,
//! `post` affine maps on bytes: two representations of GF(2^8) differ by a
//! linear isomorphism, which the affine maps absorb. [`decompose`] finds
//! `pre` and `post` at compile time from the S-box's table alone, with no
//! table of matrices copied from elsewhere: normalise `pre(1) = 1` (a
//! field multiplication commutes with inversion), guess `pre(2)`, and
//! propagate `inv(pre(y)) = post⁻¹(S(y))` through the linear spans of
//! what is known until both maps are determined or contradict (Biryukov
//! et al.'s affine-equivalence idea, specialised to inversion).
//!
//! Two uses: the portable backends evaluate `inv` on eight bytes at once
//! in a `u64` ([`inv_swar`], four multiplications and three linear maps,
//! no table), and the AES-NI backends feed `pre(x)` to `aesenclast`,
//! whose SubBytes is `aes_affine(inv(.))`, and undo AES's affine map in
//! their output filter ([`Affine::after_aesenclast`]). Both are constant
//! time: nothing indexes memory with data.

/// An affine map on bytes: `x -> M x ^ c`, `M` given by its columns
/// (`cols[i]` is the image of bit `i`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Affine {
    pub(crate) cols: [u8; 8],
    pub(crate) c: u8,
}

/// Multiplication in AES's field.
pub(crate) const fn gmul(mut a: u8, mut b: u8) -> u8 {
    let mut r = 0u8;
    while b != 0 {
        if b & 1 != 0 {
            r ^= a;
        }
        a = (a << 1) ^ (if a & 0x80 != 0 { 0x1b } else { 0 });
        b >>= 1;
    }
    r
}

/// Inversion in AES's field (0 maps to 0); compile time only.
pub(crate) const fn ginv(a: u8) -> u8 {
    let mut r = 1u8;
    let mut i = 0;
    while i < 254 {
        r = gmul(r, a);
        i += 1;
    }
    r
}

const fn inv_table() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = ginv(i as u8);
        i += 1;
    }
    t
}

/// AES's affine map (the part of SubBytes after inversion).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // the AES-NI S-box filters
pub(crate) const fn aes_affine(v: u8) -> u8 {
    v ^ v.rotate_left(1) ^ v.rotate_left(2) ^ v.rotate_left(3) ^ v.rotate_left(4) ^ 0x63
}

// The filters around `aesenclast` and `vpshufb` serve the x86 backends.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
impl Affine {
    /// The map applied to one byte (compile time, or public bytes).
    pub(crate) const fn apply(&self, x: u8) -> u8 {
        let mut r = self.c;
        let mut i = 0;
        while i < 8 {
            if (x >> i) & 1 != 0 {
                r ^= self.cols[i];
            }
            i += 1;
        }
        r
    }

    /// The affine map `x -> self(x) rotated left by `r`.
    pub(crate) const fn then_rotl(&self, r: u32) -> Affine {
        let mut cols = [0u8; 8];
        let mut i = 0;
        while i < 8 {
            cols[i] = self.cols[i].rotate_left(r);
            i += 1;
        }
        Affine {
            cols,
            c: self.c.rotate_left(r),
        }
    }

    /// The affine map `x -> self(x rotated left by r)`.
    pub(crate) const fn after_rotl(&self, r: u32) -> Affine {
        let mut cols = [0u8; 8];
        let mut i = 0;
        while i < 8 {
            cols[i] = self.cols[(i + r as usize) % 8];
            i += 1;
        }
        Affine { cols, c: self.c }
    }

    /// For an output filter: the map `w -> self(aes_affine⁻¹(w))`, which
    /// turns `aesenclast`'s SubBytes output back into `self(inv(.))`.
    pub(crate) const fn after_aesenclast(&self) -> Affine {
        // aes_affine⁻¹ as a table, then read the columns off it.
        let mut back = [0u8; 256];
        let mut v = 0;
        while v < 256 {
            back[aes_affine(v as u8) as usize] = v as u8;
            v += 1;
        }
        let c = self.apply(back[0]);
        let mut cols = [0u8; 8];
        let mut i = 0;
        while i < 8 {
            cols[i] = self.apply(back[1 << i]) ^ c;
            i += 1;
        }
        Affine { cols, c }
    }

    /// The linear part as a GFNI matrix (`gf2p8affineqb`'s qword operand):
    /// output bit `i` is the parity of `x` and the matrix byte `7 - i`, so
    /// that byte holds row `i` (bit `k` set when column `k` has bit `i`).
    /// The constant `c` is the instruction's immediate.
    pub(crate) const fn gfni_matrix(&self) -> u64 {
        let mut m = 0u64;
        let mut i = 0;
        while i < 8 {
            let mut row = 0u64;
            let mut k = 0;
            while k < 8 {
                row |= (((self.cols[k] >> i) & 1) as u64) << k;
                k += 1;
            }
            m |= row << (8 * (7 - i));
            i += 1;
        }
        m
    }

    /// The two 16-entry tables of a nibble-split lookup (`pshufb`):
    /// `self(x) = lo[x & 15] ^ hi[x >> 4]`.
    pub(crate) const fn nibble_tables(&self) -> ([u8; 16], [u8; 16]) {
        let mut lo = [0u8; 16];
        let mut hi = [0u8; 16];
        let mut n = 0;
        while n < 16 {
            lo[n] = self.apply(n as u8);
            hi[n] = self.apply((n as u8) << 4) ^ self.c;
            n += 1;
        }
        (lo, hi)
    }
}

const UNKNOWN: u16 = 0x100;

/// Records `tab[y] = v` in a partly known linear map (`tab` is known on a
/// subspace); extends it to the span. Returns -1 on a contradiction, 1 if
/// the map grew, 0 if it already said so.
const fn extend(tab: &mut [u16; 256], y: u8, v: u8) -> i32 {
    if tab[y as usize] != UNKNOWN {
        return if tab[y as usize] == v as u16 { 0 } else { -1 };
    }
    let snap = *tab;
    let mut s = 0;
    while s < 256 {
        if snap[s] != UNKNOWN {
            tab[s ^ y as usize] = snap[s] ^ v as u16;
        }
        s += 1;
    }
    1
}

/// Finds `(pre, post)` with `s(x) == post(inv(pre(x)))` for every byte,
/// given `b`, the S-box's output at the input `pre` sends to zero (the
/// S-box's final constant). Panics (at compile time) if there is none.
pub(crate) const fn decompose(s: &[u8; 256], b: u8) -> (Affine, Affine) {
    let inv = inv_table();
    let mut x0 = 0;
    while s[x0] != b {
        x0 += 1;
    }
    // t(y) = s(y ^ x0) ^ b = B inv(A y) with A, B linear.
    let mut t = [0u8; 256];
    let mut ti = [0u8; 256];
    let mut y = 0;
    while y < 256 {
        t[y] = s[y ^ x0] ^ b;
        ti[t[y] as usize] = y as u8;
        y += 1;
    }
    let mut g = 2;
    while g < 256 {
        // a: A; c: B⁻¹. Invariant: c(t(y)) = inv(a(y)).
        let mut a = [UNKNOWN; 256];
        let mut c = [UNKNOWN; 256];
        a[0] = 0;
        c[0] = 0;
        let mut ok = extend(&mut a, 1, 1) >= 0 && extend(&mut a, 2, g as u8) >= 0;
        let mut changed = true;
        while ok && changed {
            changed = false;
            let mut y = 1;
            while ok && y < 256 {
                if a[y] != UNKNOWN {
                    let r = extend(&mut c, t[y], inv[a[y] as usize]);
                    ok = r >= 0;
                    changed |= r > 0;
                }
                y += 1;
            }
            let mut z = 1;
            while ok && z < 256 {
                if c[z] != UNKNOWN {
                    let r = extend(&mut a, ti[z], inv[c[z] as usize]);
                    ok = r >= 0;
                    changed |= r > 0;
                }
                z += 1;
            }
        }
        if ok && a[255] != UNKNOWN && c[255] != UNKNOWN {
            let mut i = 0;
            let mut bi = [0u8; 256];
            while i < 256 {
                bi[c[i] as usize] = i as u8;
                i += 1;
            }
            let mut pre = Affine { cols: [0; 8], c: 0 };
            let mut post = Affine { cols: [0; 8], c: b };
            let mut i = 0;
            while i < 8 {
                pre.cols[i] = a[1 << i] as u8;
                post.cols[i] = bi[1 << i];
                i += 1;
            }
            pre.c = pre.apply(x0 as u8);
            let mut x = 0;
            let mut all = true;
            while x < 256 {
                all &= post.apply(inv[pre.apply(x as u8) as usize]) == s[x];
                x += 1;
            }
            if all {
                return (pre, post);
            }
        }
        g += 1;
    }
    panic!("the S-box is not affine-equivalent to inversion");
}

/// The columns of `x -> x^(2^k)` in AES's field (linear over GF(2)).
const fn frobenius(k: u32) -> [u8; 8] {
    let mut cols = [0u8; 8];
    let mut i = 0;
    while i < 8 {
        let mut v = 1u8 << i;
        let mut j = 0;
        while j < k {
            v = gmul(v, v);
            j += 1;
        }
        cols[i] = v;
        i += 1;
    }
    cols
}

const SQ1: [u8; 8] = frobenius(1);
const SQ2: [u8; 8] = frobenius(2);
const SQ4: [u8; 8] = frobenius(4);

/// The low bit of each byte of a `u64`.
pub(crate) const LSB: u64 = 0x0101_0101_0101_0101;

/// A linear map (by columns) applied to each byte of `x`.
#[inline(always)]
pub(crate) fn lin_swar(x: u64, cols: &[u8; 8]) -> u64 {
    let mut r = 0;
    for (i, &c) in cols.iter().enumerate() {
        // Each product is a 0/1 byte times a byte: no carries between bytes.
        r ^= ((x >> i) & LSB) * u64::from(c);
    }
    r
}

/// An affine map applied to each byte of `x`.
#[inline(always)]
pub(crate) fn affine_swar(x: u64, m: &Affine) -> u64 {
    lin_swar(x, &m.cols) ^ (LSB * u64::from(m.c))
}

/// Multiplication by x in AES's field, on each byte.
#[inline(always)]
fn xtime_swar(x: u64) -> u64 {
    ((x & 0x7f7f_7f7f_7f7f_7f7f) << 1) ^ (((x >> 7) & LSB) * 0x1b)
}

/// Multiplication in AES's field, bytewise.
#[inline(always)]
fn gmul_swar(mut a: u64, b: u64) -> u64 {
    let mut r = 0;
    for i in 0..8 {
        r ^= a & (((b >> i) & LSB) * 0xff);
        a = xtime_swar(a);
    }
    r
}

/// Inversion in AES's field (0 to 0) of each byte of `x`: x^254 as
/// ((x^15)^16) * x^14, squarings as linear maps. Constant time.
#[inline(always)]
pub(crate) fn inv_swar(x: u64) -> u64 {
    let x2 = lin_swar(x, &SQ1);
    let x3 = gmul_swar(x2, x);
    let x12 = lin_swar(x3, &SQ2);
    let x15 = gmul_swar(x12, x3);
    let x14 = gmul_swar(x12, x2);
    let x240 = lin_swar(x15, &SQ4);
    gmul_swar(x240, x14)
}

/// Rotates every byte of `x` left by one bit.
#[inline(always)]
pub(crate) fn rotl1_swar(x: u64) -> u64 {
    ((x << 1) & 0xfefe_fefe_fefe_fefe) | ((x >> 7) & LSB)
}

/// Rotates every byte of `x` right by one bit.
#[inline(always)]
pub(crate) fn rotr1_swar(x: u64) -> u64 {
    ((x >> 1) & 0x7f7f_7f7f_7f7f_7f7f) | ((x << 7) & 0x8080_8080_8080_8080)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn swar_inversion_matches() {
        let inv = inv_table();
        for base in (0..256).step_by(8) {
            let mut x = 0u64;
            for j in 0..8 {
                x |= ((base + j) as u64) << (8 * j);
            }
            let y = inv_swar(x);
            for j in 0..8 {
                assert_eq!((y >> (8 * j)) as u8, inv[base + j]);
            }
        }
    }

    /// `gf2p8affineqb` as the SDM defines it, on one byte.
    pub(crate) fn gfni_affine(x: u8, m: u64, c: u8) -> u8 {
        let mut r = 0u8;
        for i in 0..8 {
            let row = (m >> (8 * (7 - i))) as u8;
            r |= (((row & x).count_ones() & 1) as u8) << i;
        }
        r ^ c
    }

    #[test]
    fn gfni_matrix_matches_apply() {
        let m = Affine {
            cols: [3, 5, 9, 17, 33, 65, 129, 1],
            c: 0x5a,
        };
        for x in 0..=255u8 {
            assert_eq!(gfni_affine(x, m.gfni_matrix(), m.c), m.apply(x));
        }
    }

    #[test]
    fn after_aesenclast_undoes_aes_affine() {
        let m = Affine {
            cols: [3, 5, 9, 17, 33, 65, 129, 1],
            c: 0x5a,
        };
        let f = m.after_aesenclast();
        for v in 0..=255u8 {
            assert_eq!(f.apply(aes_affine(v)), m.apply(v));
        }
        let (lo, hi) = m.nibble_tables();
        for x in 0..=255u8 {
            assert_eq!(
                lo[usize::from(x & 15)] ^ hi[usize::from(x >> 4)],
                m.apply(x)
            );
        }
    }
}
