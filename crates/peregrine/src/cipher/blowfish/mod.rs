//! Blowfish (Schneier, 1993), variable time: for reading and writing
//! legacy data only.
//!
//! **What leaks.** Blowfish's four S-boxes are derived from the key, and
//! every round indexes them with bytes of the secret state. The memory
//! addresses (and so the cache lines) touched depend on the key and the
//! data, which a process sharing the CPU caches can observe (cache-timing
//! attacks). A constant-time Blowfish would scan all 1024 S-box words for
//! each of its 64 lookups per block; this one does not, which is why the
//! type is [`BlowfishVartime`] and its `speed` row says `vartime`. Use it
//! where the key and data are not exposed to such an observer, or not at
//! all. The modes are in [`crate::mode::block64`].
//!
//! ```
//! use peregrine::cipher::blowfish::BlowfishVartime;
//! use peregrine::mode::block64::BlockCipher64;
//! let bf = BlowfishVartime::new(&[0u8; 8]).unwrap();
//! assert_eq!(bf.encrypt_block([0; 8]), [0x4e, 0xf9, 0x97, 0x45, 0x61, 0x98, 0xdd, 0x78]);
//! ```

use alloc::boxed::Box;

use crate::Error;
use crate::mode::block64::BlockCipher64;

mod pi;

crate::cpu::backends! {
    primitive: "blowfish", doc: "A Blowfish backend (there is one, variable time).";
    /// Portable Rust, table-driven: variable time (key-dependent S-box
    /// lookups at data-dependent addresses).
    Soft = "vartime", any, [];
}

/// A Blowfish key schedule, variable time (see the [module](self) docs for
/// what leaks). Keys are 1 to 72 bytes, as OpenSSL accepts them (Schneier's
/// description allows 4 to 56); the schedule is wiped on drop.
#[derive(Clone)]
pub struct BlowfishVartime {
    p: [u32; 18],
    s: Box<[[u32; 256]; 4]>,
}

impl Drop for BlowfishVartime {
    fn drop(&mut self) {
        crate::ct::wipe(&mut self.p);
        for s in self.s.iter_mut() {
            crate::ct::wipe(s);
        }
    }
}

impl core::fmt::Debug for BlowfishVartime {
    /// Never shows the key schedule.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("BlowfishVartime").finish_non_exhaustive()
    }
}

impl BlowfishVartime {
    /// Sets up a key of 1 to 72 bytes.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for an empty key or one over 72 bytes.
    pub fn new(key: &[u8]) -> Result<BlowfishVartime, Error> {
        if key.is_empty() || key.len() > 72 {
            return Err(Error::InvalidLength {
                what: "Blowfish key (must be 1 to 72 bytes)",
                got: key.len(),
            });
        }
        let mut bf = BlowfishVartime {
            p: pi::P,
            s: Box::new(pi::S),
        };
        let mut k = key.iter().cycle();
        for p in bf.p.iter_mut() {
            let mut w = 0u32;
            for _ in 0..4 {
                w = (w << 8) | u32::from(*k.next().unwrap_or(&0));
            }
            *p ^= w;
        }
        let (mut l, mut r) = (0u32, 0u32);
        for i in (0..18).step_by(2) {
            (l, r) = bf.encrypt_pair(l, r);
            bf.p[i] = l;
            bf.p[i + 1] = r;
        }
        for b in 0..4 {
            for i in (0..256).step_by(2) {
                (l, r) = bf.encrypt_pair(l, r);
                bf.s[b][i] = l;
                bf.s[b][i + 1] = r;
            }
        }
        Ok(bf)
    }

    /// Returns the backend (there is only the variable-time one).
    pub fn backend(&self) -> Impl {
        Impl::Soft
    }

    #[inline(always)]
    fn f(&self, x: u32) -> u32 {
        // Shifts, not `to_be_bytes` (which compiles to a `bswap` on the
        // serial path of every half round).
        let a = (x >> 24) as usize;
        let b = ((x >> 16) & 0xff) as usize;
        let c = ((x >> 8) & 0xff) as usize;
        let d = (x & 0xff) as usize;
        (self.s[0][a].wrapping_add(self.s[1][b]) ^ self.s[2][c]).wrapping_add(self.s[3][d])
    }

    /// The 16 rounds. Each half round XORs the next subkey into the other
    /// half while `F` is still loading (`r = (r ^ P) ^ F(l)`), so only one
    /// XOR follows the S-box lookups on the serial path: about 10% faster
    /// than XORing the subkey after `F`.
    #[inline(always)]
    fn encrypt_pair(&self, mut l: u32, mut r: u32) -> (u32, u32) {
        l ^= self.p[0];
        for i in (1..17).step_by(2) {
            r = (r ^ self.p[i]) ^ self.f(l);
            l = (l ^ self.p[i + 1]) ^ self.f(r);
        }
        (r ^ self.p[17], l)
    }

    #[inline(always)]
    fn decrypt_pair(&self, mut l: u32, mut r: u32) -> (u32, u32) {
        l ^= self.p[17];
        for i in (1..17).step_by(2).rev() {
            r = (r ^ self.p[i + 1]) ^ self.f(l);
            l = (l ^ self.p[i]) ^ self.f(r);
        }
        (r ^ self.p[0], l)
    }
}

#[inline(always)]
fn halves(x: u64) -> (u32, u32) {
    ((x >> 32) as u32, x as u32)
}

#[inline(always)]
fn join((l, r): (u32, u32)) -> u64 {
    (u64::from(l) << 32) | u64::from(r)
}

impl BlockCipher64 for BlowfishVartime {
    fn encrypt_blocks(&self, blocks: &mut [u64]) {
        for b in blocks.iter_mut() {
            let (l, r) = halves(*b);
            *b = join(self.encrypt_pair(l, r));
        }
    }
    fn decrypt_blocks(&self, blocks: &mut [u64]) {
        for b in blocks.iter_mut() {
            let (l, r) = halves(*b);
            *b = join(self.decrypt_pair(l, r));
        }
    }
    fn cbc_encrypt(&self, iv: &mut u64, blocks: &mut [u64]) {
        for b in blocks.iter_mut() {
            let (l, r) = halves(*b ^ *iv);
            *iv = join(self.encrypt_pair(l, r));
            *b = *iv;
        }
    }
}
