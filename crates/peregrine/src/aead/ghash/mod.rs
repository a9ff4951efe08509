//! GHASH (SP 800-38D section 6.4): the universal hash of GCM, a polynomial
//! in H over GF(2^128) evaluated on the data blocks.
//!
//! The key (the hash subkey H) is set up for one backend, with whatever
//! powers of H that backend precomputes, and wiped on drop. GCM
//! ([`crate::aead::aes_gcm`]) uses [`Ghash::update_padded`] for the AAD and
//! the ciphertext, then [`Ghash::finalize`]; `Ghash` is public so it can be
//! benchmarked (`peregrine speed ghash`) and tested on its own.

use crate::cipher::Block;
use crate::cpu;

pub(crate) mod soft;

crate::cpu::backends! {
    primitive: "ghash", doc: "A GHASH backend.";
    /// Portable Rust, constant time (masked shifts and XORs, no tables).
    Soft = "soft", any, [];
}

/// A GHASH key set up for one backend.
#[derive(Clone)]
pub(crate) enum Key {
    Soft(soft::Key),
}

impl Key {
    pub(crate) fn new(h: &Block, imp: Checked) -> Key {
        let _ = imp;
        Key::Soft(soft::Key::new(h))
    }

    /// Absorbs whole blocks into the accumulator `acc`:
    /// `acc = (acc ^ m) * H` for each block `m`.
    pub(crate) fn update_blocks(&self, acc: &mut Block, data: &[u8]) {
        debug_assert_eq!(data.len() % 16, 0);
        match self {
            Key::Soft(k) => soft::update_blocks(k, acc, data),
        }
    }
}

/// GHASH, streaming.
#[derive(Clone)]
pub struct Ghash {
    key: Key,
    imp: Checked,
    acc: Block,
    buf: Block,
    buf_len: usize,
}

impl core::fmt::Debug for Ghash {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Ghash")
            .field("backend", &self.imp.get().name())
            .finish_non_exhaustive()
    }
}

impl Drop for Ghash {
    fn drop(&mut self) {
        crate::ct::wipe(&mut self.acc);
        crate::ct::wipe(&mut self.buf);
    }
}

impl Ghash {
    /// GHASH under the hash subkey `h`, on the best backend.
    pub fn new(h: &[u8; 16]) -> Ghash {
        let imp = Impl::best();
        cpu::log_choice("ghash", imp.get().name());
        Ghash::with_impl(h, imp)
    }

    /// GHASH under `h` on the backend `imp`.
    pub fn with_impl(h: &[u8; 16], imp: Checked) -> Ghash {
        Ghash {
            key: Key::new(h, imp),
            imp,
            acc: [0; 16],
            buf: [0; 16],
            buf_len: 0,
        }
    }

    /// The backend in use.
    pub fn backend(&self) -> Impl {
        self.imp.get()
    }

    /// Absorbs `data`; a partial last block waits for more data (or is
    /// zero-padded by [`Ghash::finalize`] or [`Ghash::update_padded`]).
    pub fn update(&mut self, mut data: &[u8]) {
        if self.buf_len > 0 {
            let take = (16 - self.buf_len).min(data.len());
            self.buf[self.buf_len..self.buf_len + take].copy_from_slice(&data[..take]);
            self.buf_len += take;
            data = &data[take..];
            if self.buf_len < 16 {
                return;
            }
            let b = self.buf;
            self.key.update_blocks(&mut self.acc, &b);
            self.buf_len = 0;
        }
        let whole = data.len() / 16 * 16;
        self.key.update_blocks(&mut self.acc, &data[..whole]);
        let rest = &data[whole..];
        self.buf[..rest.len()].copy_from_slice(rest);
        self.buf_len = rest.len();
    }

    /// Absorbs `data`, then zero-pads to a block boundary (GCM pads the AAD
    /// and the ciphertext separately).
    pub fn update_padded(&mut self, data: &[u8]) {
        self.update(data);
        self.pad();
    }

    fn pad(&mut self) {
        if self.buf_len > 0 {
            self.buf[self.buf_len..].fill(0);
            let b = self.buf;
            self.key.update_blocks(&mut self.acc, &b);
            self.buf_len = 0;
        }
    }

    /// Zero-pads any partial block and returns the hash.
    pub fn finalize(mut self) -> [u8; 16] {
        self.pad();
        self.acc
    }
}
