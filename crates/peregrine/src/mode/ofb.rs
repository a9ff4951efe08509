//! OFB (SP 800-38A section 6.4), streaming at byte granularity like
//! `openssl enc -aes-128-ofb`: the keystream is the IV encrypted again and
//! again, independent of the data. Encryption and decryption are the same.

use crate::Error;
use crate::cipher::aes::Aes;
use crate::cipher::{Block, InOut};

/// AES-OFB, streaming.
pub struct Ofb {
    aes: Aes,
    /// The current keystream block (the IV before the first use).
    iv: Block,
    /// Bytes of the current keystream block already used (0: a new block
    /// is due).
    pos: usize,
}

super::keyed_constructors!(Ofb { pos: 0 });

impl Ofb {
    /// Encrypts or decrypts `buf` in place, continuing from the previous
    /// call.
    pub fn apply(&mut self, buf: &mut [u8]) {
        self.run(InOut::in_place(buf));
    }

    /// Encrypts or decrypts `src` into `dst` (the same length).
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for a `dst` of another length.
    pub fn apply_to(&mut self, src: &[u8], dst: &mut [u8]) -> Result<(), Error> {
        self.run(InOut::new(src, dst)?);
        Ok(())
    }

    fn run(&mut self, mut io: InOut<'_>) {
        let len = io.len();
        let mut i = 0;
        while i < len {
            if self.pos == 0 && len - i >= 16 {
                // Whole blocks: the OFB keystream is the CBC encryption of
                // zeros from the same IV, so the serial CBC kernel makes
                // up to 16 blocks of it per call.
                let n = ((len - i) / 16).min(16);
                let mut ks = [0u8; 256];
                self.aes
                    .cbc_encrypt(&mut self.iv, InOut::in_place(&mut ks[..16 * n]));
                for (j, k) in ks[..16 * n].chunks_exact(16).enumerate() {
                    let mut b: [u8; 16] = io.read(i + 16 * j);
                    for (x, y) in b.iter_mut().zip(k) {
                        *x ^= y;
                    }
                    io.write(i + 16 * j, &b);
                }
                crate::ct::wipe(&mut ks);
                i += 16 * n;
                continue;
            }
            if self.pos == 0 {
                self.aes.encrypt_block(&mut self.iv);
            }
            let n = (16 - self.pos).min(len - i);
            for j in 0..n {
                let [x] = io.read::<1>(i + j);
                io.write(i + j, &[x ^ self.iv[self.pos + j]]);
            }
            self.pos = (self.pos + n) % 16;
            i += n;
        }
    }
}
