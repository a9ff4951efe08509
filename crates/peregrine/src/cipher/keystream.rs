//! The streaming state shared by the 64-byte-block stream ciphers
//! (ChaCha20, Salsa20): the keystream left over from a partial block, the
//! number of blocks the counter still allows, and the one `run` that
//! serves buffered bytes first, then hands whole and partial blocks to the
//! cipher's backend.

use crate::Error;
use crate::cipher::InOut;

/// Buffered keystream and the block budget of one key and nonce.
#[derive(Clone)]
pub(crate) struct Cursor {
    /// Blocks of keystream still allowed (the counter's range minus the
    /// next counter).
    left: u128,
    /// Keystream left over from the last partial block (`ks[used..]`).
    ks: [u8; 64],
    used: usize,
}

impl Drop for Cursor {
    fn drop(&mut self) {
        crate::ct::wipe(&mut self.ks);
    }
}

impl Cursor {
    /// A cursor with `left` blocks allowed and nothing buffered.
    pub(crate) fn new(left: u128) -> Cursor {
        Cursor {
            left,
            ks: [0; 64],
            used: 64,
        }
    }

    /// XORs the keystream into `io`: buffered bytes first, then
    /// `keystream(body, tail)` for the rest, which must XOR the keystream
    /// of blocks `counter`, `counter + 1`, ... into `body` (the last block
    /// may be partial; its whole keystream block goes to `tail`). Returns
    /// how many blocks the caller's counter must advance by.
    ///
    /// # Errors
    /// [`Error::LimitExceeded`] (saying `what`) when the blocks would pass
    /// the counter's range; nothing is written then and the state is
    /// unchanged.
    pub(crate) fn run(
        &mut self,
        mut io: InOut<'_>,
        what: &'static str,
        keystream: impl FnOnce(InOut<'_>, &mut [u8; 64]),
    ) -> Result<u64, Error> {
        let len = io.len();
        let head = (64 - self.used).min(len);
        let rest = len - head;
        let blocks = rest.div_ceil(64) as u128;
        if blocks > self.left {
            return Err(Error::LimitExceeded { what });
        }
        if head > 0 {
            let mut buf = [0u8; 64];
            // SAFETY: `head <= io.len()` bytes of the input, into a local
            // buffer of 64 >= head bytes.
            unsafe { core::ptr::copy_nonoverlapping(io.src_ptr(), buf.as_mut_ptr(), head) };
            for (b, k) in buf[..head].iter_mut().zip(&self.ks[self.used..]) {
                *b ^= k;
            }
            io.write(0, &buf[..head]);
            crate::ct::wipe(&mut buf);
            self.used += head;
        }
        if rest == 0 {
            return Ok(0);
        }
        let (_, body) = io.split_at(head);
        let mut tail = [0u8; 64];
        keystream(body, &mut tail);
        self.left -= blocks;
        if !rest.is_multiple_of(64) {
            self.ks = tail;
            self.used = rest % 64;
        }
        crate::ct::wipe(&mut tail);
        Ok(blocks as u64)
    }
}
