//! TEMPORARY stand-in (replaced by the fixsliced backend before commit).
#![allow(dead_code)]
pub(crate) type Block = [u8; 16];
pub(crate) const PARALLEL: usize = 4;

fn mul(a: u8, b: u8) -> u8 {
    let (mut a, mut b, mut p) = (a, b, 0u8);
    for _ in 0..8 {
        p ^= a & (b & 1).wrapping_neg();
        a = (a << 1) ^ (0x1b & (a >> 7).wrapping_neg());
        b >>= 1;
    }
    p
}
fn inv(x: u8) -> u8 {
    let mut r = 1u8;
    for _ in 0..254 {
        r = mul(r, x);
    }
    r
}
fn sbox(x: u8) -> u8 {
    let b = inv(x);
    b ^ b.rotate_left(1) ^ b.rotate_left(2) ^ b.rotate_left(3) ^ b.rotate_left(4) ^ 0x63
}
fn inv_sbox(x: u8) -> u8 {
    let b = x.rotate_left(1) ^ x.rotate_left(3) ^ x.rotate_left(6) ^ 0x05;
    inv(b)
}

#[derive(Clone)]
pub(crate) struct Key {
    rk: [[u8; 16]; 15],
    rounds: usize,
}

impl Key {
    pub(crate) fn new(key: &[u8]) -> Option<Key> {
        if !matches!(key.len(), 16 | 24 | 32) {
            return None;
        }
        let (w, rounds) =
            super::expand_words(key, |w| u32::from_le_bytes(w.to_le_bytes().map(sbox)));
        let mut rk = [[0u8; 16]; 15];
        for r in 0..=rounds {
            for j in 0..4 {
                rk[r][4 * j..4 * j + 4].copy_from_slice(&w[4 * r + j].to_le_bytes());
            }
        }
        Some(Key { rk, rounds })
    }
    pub(crate) fn rounds(&self) -> usize {
        self.rounds
    }
    fn enc1(&self, s: &mut Block) {
        for (x, k) in s.iter_mut().zip(&self.rk[0]) {
            *x ^= k;
        }
        for r in 1..=self.rounds {
            let mut t = [0u8; 16];
            for c in 0..4 {
                for row in 0..4 {
                    t[4 * c + row] = sbox(s[4 * ((c + row) % 4) + row]);
                }
            }
            if r != self.rounds {
                for c in 0..4 {
                    let a: [u8; 4] = [t[4 * c], t[4 * c + 1], t[4 * c + 2], t[4 * c + 3]];
                    for row in 0..4 {
                        t[4 * c + row] = mul(a[row], 2)
                            ^ mul(a[(row + 1) % 4], 3)
                            ^ a[(row + 2) % 4]
                            ^ a[(row + 3) % 4];
                    }
                }
            }
            for (i, x) in s.iter_mut().enumerate() {
                *x = t[i] ^ self.rk[r][i];
            }
        }
    }
    fn dec1(&self, s: &mut Block) {
        for (x, k) in s.iter_mut().zip(&self.rk[self.rounds]) {
            *x ^= k;
        }
        for r in (0..self.rounds).rev() {
            let mut t = [0u8; 16];
            for c in 0..4 {
                for row in 0..4 {
                    t[4 * ((c + row) % 4) + row] = inv_sbox(s[4 * c + row]);
                }
            }
            for (i, x) in t.iter_mut().enumerate() {
                *x ^= self.rk[r][i];
            }
            if r != 0 {
                for c in 0..4 {
                    let a: [u8; 4] = [t[4 * c], t[4 * c + 1], t[4 * c + 2], t[4 * c + 3]];
                    for row in 0..4 {
                        t[4 * c + row] = mul(a[row], 14)
                            ^ mul(a[(row + 1) % 4], 11)
                            ^ mul(a[(row + 2) % 4], 13)
                            ^ mul(a[(row + 3) % 4], 9);
                    }
                }
            }
            *s = t;
        }
    }
    pub(crate) fn encrypt_blocks(&self, blocks: &mut [Block]) {
        blocks.iter_mut().for_each(|b| self.enc1(b));
    }
    pub(crate) fn decrypt_blocks(&self, blocks: &mut [Block]) {
        blocks.iter_mut().for_each(|b| self.dec1(b));
    }
}
