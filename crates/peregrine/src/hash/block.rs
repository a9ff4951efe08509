//! The buffering and padding every Merkle–Damgård hash here shares (MD5,
//! SHA-1, SHA-2): whole blocks of the input go straight to the
//! compression function, a partial block waits in the buffer, and the end
//! is `0x80`, zeros, and the message length in the last bytes of the last
//! block. Each hash keeps its own state and passes its compression
//! function in as a closure.

use crate::ct::wipe;

/// A partial block of `B` bytes.
#[derive(Clone)]
pub(crate) struct BlockBuffer<const B: usize> {
    buf: [u8; B],
    len: usize,
}

impl<const B: usize> BlockBuffer<B> {
    #[inline]
    pub(crate) const fn new() -> Self {
        BlockBuffer {
            buf: [0; B],
            len: 0,
        }
    }

    /// Absorbs `data`, calling `compress` on runs of whole blocks (a
    /// non-empty multiple of `B` bytes each time).
    #[inline]
    pub(crate) fn update(&mut self, mut data: &[u8], mut compress: impl FnMut(&[u8])) {
        if self.len > 0 {
            let take = (B - self.len).min(data.len());
            self.buf[self.len..self.len + take].copy_from_slice(&data[..take]);
            self.len += take;
            data = &data[take..];
            if self.len < B {
                return;
            }
            compress(&self.buf);
            self.len = 0;
        }
        let whole = data.len() - data.len() % B;
        if whole > 0 {
            compress(&data[..whole]);
        }
        let rest = &data[whole..];
        self.buf[..rest.len()].copy_from_slice(rest);
        self.len = rest.len();
    }

    /// Pads with `0x80`, zeros and `length` (the encoded message length,
    /// placed at the end of the last block), compressing the one or two
    /// final blocks.
    #[inline]
    pub(crate) fn finish(&mut self, length: &[u8], mut compress: impl FnMut(&[u8])) {
        let n = self.len;
        self.buf[n] = 0x80;
        self.buf[n + 1..].fill(0);
        if n + 1 > B - length.len() {
            compress(&self.buf);
            self.buf.fill(0);
        }
        self.buf[B - length.len()..].copy_from_slice(length);
        compress(&self.buf);
        self.len = 0;
    }
}

impl<const B: usize> Drop for BlockBuffer<B> {
    fn drop(&mut self) {
        // The buffer holds message bytes, which may be secret.
        wipe(&mut self.buf);
    }
}
