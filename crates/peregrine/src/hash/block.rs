//! The buffering and padding every Merkle–Damgård hash here shares (MD5,
//! SHA-1, SHA-2): whole blocks of the input go straight to the
//! compression function, a partial block waits in the buffer, and the end
//! is `0x80`, zeros, and the message length in the last bytes of the last
//! block. Each hash keeps its own state and passes its compression
//! function in as a closure.

use crate::ct::wipe;

/// `src` to the start of `dst` (at least as long). Under 128 bytes (a
/// partial block) by 8-, 4- and 1-byte moves, the last of each size
/// overlapping the one before: a `copy_from_slice` of a length unknown at
/// compile time is a call to `memcpy`, which for a short message costs a
/// tenth of a SHA-256 block. Branches on the length only.
#[inline(always)]
pub(crate) fn copy_small(dst: &mut [u8], src: &[u8]) {
    let r = src.len();
    let dst = &mut dst[..r];
    if r >= 128 {
        dst.copy_from_slice(src);
    } else if r >= 8 {
        // A fixed trip count with a test in each: a `while` loop here is
        // recognised and turned back into `memcpy`.
        for i in 0..15 {
            if 8 * i + 8 < r {
                dst[8 * i..8 * i + 8].copy_from_slice(&src[8 * i..8 * i + 8]);
            }
        }
        dst[r - 8..].copy_from_slice(&src[r - 8..]);
    } else if r >= 4 {
        dst[..4].copy_from_slice(&src[..4]);
        dst[r - 4..].copy_from_slice(&src[r - 4..]);
    } else if r > 0 {
        dst[0] = src[0];
        dst[r / 2] = src[r / 2];
        dst[r - 1] = src[r - 1];
    }
}

/// A partial block of `B` bytes. Invariant: `buf[len..]` is all zero.
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

    /// Whether no partial block is waiting.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Absorbs `data`, calling `compress` on runs of whole blocks (a
    /// non-empty multiple of `B` bytes each time).
    #[inline]
    pub(crate) fn update(&mut self, mut data: &[u8], mut compress: impl FnMut(&[u8])) {
        if self.len > 0 {
            let take = (B - self.len).min(data.len());
            copy_small(&mut self.buf[self.len..], &data[..take]);
            self.len += take;
            data = &data[take..];
            if self.len < B {
                return;
            }
            compress(&self.buf);
            // Keep the invariant that the bytes after `len` are zero (a
            // fixed-size clear, cheaper than clearing at `finish`).
            self.buf = [0; B];
            self.len = 0;
        }
        let whole = data.len() - data.len() % B;
        if whole > 0 {
            compress(&data[..whole]);
        }
        let rest = &data[whole..];
        copy_small(&mut self.buf, rest);
        self.len = rest.len();
    }

    /// Pads with `0x80`, zeros and `length` (the encoded message length,
    /// placed at the end of the last block), compressing the one or two
    /// final blocks.
    #[inline]
    pub(crate) fn finish(&mut self, length: &[u8], mut compress: impl FnMut(&[u8])) {
        // Everything after the data is already zero (the invariant kept
        // by `update`), so no variable-length clearing is needed.
        let n = self.len;
        self.buf[n] = 0x80;
        if n + 1 > B - length.len() {
            compress(&self.buf);
            self.buf.fill(0);
        }
        self.buf[B - length.len()..].copy_from_slice(length);
        compress(&self.buf);
        self.buf = [0; B];
        self.len = 0;
    }
}

/// A whole message at once, without the streaming buffer: the whole
/// blocks go straight from `data` to `compress`, and the one or two padded
/// final blocks are built on the stack (`0x80`, zeros, `length` at the
/// end). `T` is `2 * B` (a stable const generic cannot say so).
#[inline]
pub(crate) fn oneshot<const B: usize, const T: usize>(
    data: &[u8],
    length: &[u8],
    mut compress: impl FnMut(&[u8]),
) {
    debug_assert!(T == 2 * B && length.len() < B);
    let whole = data.len() - data.len() % B;
    if whole > 0 {
        compress(&data[..whole]);
    }
    let rest = &data[whole..];
    let mut tail = [0u8; T];
    copy_small(&mut tail, rest);
    tail[rest.len()] = 0x80;
    let n = if rest.len() < B - length.len() { B } else { T };
    tail[n - length.len()..n].copy_from_slice(length);
    compress(&tail[..n]);
    // The tail holds message bytes, which may be secret.
    wipe(&mut tail);
}

impl<const B: usize> Drop for BlockBuffer<B> {
    fn drop(&mut self) {
        // The buffer holds message bytes, which may be secret.
        wipe(&mut self.buf);
    }
}
