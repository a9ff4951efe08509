//! One-pass ChaCha20-Poly1305 on AVX-512: the ChaCha20 rounds of one step
//! (16 blocks in zmm, or 8 in ymm) run with the Poly1305 IFMA groups of a
//! step's ciphertext between them, so the multiplier chain of the MAC runs
//! in the gaps of the cipher's add/xor/rotate stream and the ciphertext is
//! read back while it is still in L1.
//!
//! The technique of the "stitched" AEAD kernels (BoringSSL's
//! `chacha20_poly1305_x86_64.pl`, OpenSSL's `aesni-gcm-x86_64.pl`), written
//! here over the existing primitives: the ChaCha20 AVX-512 backend's
//! vertical step ([`chacha20::x86_64_avx512`]) and the IFMA Poly1305
//! kernel's group step ([`poly1305::x86_64_ifma`]'s `Stream`, one
//! dependency chain: its latency hides under the rounds).
//!
//! A step is `CHUNK` bytes (1024 in zmm, 512 in ymm) of the message from
//! its first byte (ChaCha20 block 1): exactly `GROUPS` = 8 Poly1305 groups
//! (8 blocks of 16 bytes in zmm, 4 in ymm), one between the column and the
//! diagonal half of each of the first eight double rounds. Sealing absorbs
//! the previous step's ciphertext during a step (the first step runs alone,
//! the last step's groups follow the loop); opening absorbs the step's own
//! ciphertext, which it reads before it overwrites it. A partial last step
//! runs the ChaCha20 backend's code for its length (fewer blocks than a
//! step, byte-masked loads and stores) next to the remaining groups of
//! the MAC; the bytes after the last whole group
//! (under 128 or 64) are left to the caller's Poly1305, with the padding and
//! the lengths block.
//!
//! Constant time: the same instructions whatever the key, nonce, counter or
//! data; branches depend on the length only.
//!
//! [`chacha20::x86_64_avx512`]: crate::cipher::chacha20::x86_64_avx512
//! [`poly1305::x86_64_ifma`]: crate::mac::poly1305::x86_64_ifma

use crate::cipher::InOut;
use crate::cipher::chacha20::x86_64_avx512::qr4;

/// The kernel over one width. The expanding module names the ChaCha20
/// width module `c` and the Poly1305 one `p`.
macro_rules! fused {
    () => {
        use c::{add, rol, xor};

        /// ChaCha20 blocks per step (one per 32-bit lane).
        const LANES: usize = c::W / 4;
        /// Bytes per step.
        const CHUNK: usize = 64 * LANES;
        /// Bytes per Poly1305 group.
        pub(crate) const GROUP: usize = 16 * p::W;
        /// Poly1305 groups per step: one per double round, for the first
        /// eight of the ten.
        const GROUPS: usize = CHUNK / GROUP;
        const _: () =
            assert!(GROUPS == 8 && GROUP <= super::super::chacha20_poly1305::ONE_PASS_MAX_REST + 1);

        /// The keystream of blocks `$ctr..$ctr + LANES` in output order
        /// (as `c::vertical`), absorbing the `GROUPS` groups at `$src` into
        /// the Stream `$mac` between the rounds (the first `$count` of them,
        /// at most `GROUPS`). A macro, so that the rounds and the MAC's
        /// registers stay in `run`. Unsafe: `$src` must be valid for
        /// reading `GROUP·$count` bytes.
        macro_rules! keystream_absorbing {
                            ($state:expr, $ctr:expr, $mac:expr, $src:expr, $count:expr) => {{
                                let state: &[u32; 16] = $state;
                                let mut x = [c::splat(0); 16];
                                for j in 0..16 {
                                    x[j] = c::splat(state[j]);
                                }
                                x[12] = add(c::splat($ctr), c::iota());
                                let input = x;
                                for g in 0..GROUPS {
                                    qr4!(x, 0 4 8 12, 1 5 9 13, 2 6 10 14, 3 7 11 15);
                                    if g < $count {
                                        $mac.step($src.add(GROUP * g));
                                    }
                                    qr4!(x, 0 5 10 15, 1 6 11 12, 2 7 8 13, 3 4 9 14);
                                }
                                for _ in GROUPS..10 {
                                    qr4!(x, 0 4 8 12, 1 5 9 13, 2 6 10 14, 3 7 11 15);
                                    qr4!(x, 0 5 10 15, 1 6 11 12, 2 7 8 13, 3 4 9 14);
                                }
                                c::finish(x, &input)
                            }};
                        }

        /// XORs one step's keystream into the `CHUNK` bytes at `at`.
        ///
        /// # Safety
        /// `at` must be valid for reading and writing `CHUNK` bytes.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512ifma")]
        unsafe fn xor_in_place(at: *mut u8, ks: &[c::V; 16]) {
            for (i, k) in ks.iter().enumerate() {
                // SAFETY: bytes `W i..W (i + 1)` of the caller's chunk.
                unsafe {
                    let q = at.add(c::W * i);
                    c::storeu(q, xor(c::loadu(q), *k));
                }
            }
        }

        /// XORs the keystream of blocks `ctr, ctr + 1, ...` into the `len`
        /// bytes at `at` (fewer than `CHUNK`) with the ChaCha20 backend's
        /// own code for the length (fewer blocks than a step).
        ///
        /// # Safety
        /// `at` must be valid for reading and writing `len` bytes.
        #[inline]
        #[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512ifma")]
        unsafe fn xor_partial(state: &[u32; 16], ctr: u32, at: *mut u8, len: usize) {
            let mut st = *state;
            st[12] = ctr;
            let mut tail = [0u8; 64];
            // SAFETY: the caller's `len` bytes, not otherwise referenced.
            let io = InOut::in_place(unsafe { core::slice::from_raw_parts_mut(at, len) });
            // SAFETY: the features this function enables include the
            // backend's (AVX-512 F, VL, BW).
            unsafe { c::xor_keystream(&st, io, &mut tail) };
            crate::ct::wipe(&mut st);
            crate::ct::wipe(&mut tail);
        }

        /// Seals (`SEAL`) or opens `buf` in place: XORs the keystream of
        /// blocks `state[12]`, `state[12] + 1`, ... (the caller keeps the
        /// 32-bit counter from wrapping over the blocks used) into all of
        /// it, and absorbs its ciphertext's whole groups (the first
        /// `GROUP·⌊len/GROUP⌋` bytes; every block with its 2^128 bit) into
        /// the Poly1305 accumulator `h` (radix 2^64, `h[2] <= 4` in and
        /// out) under the clamped `r`. Returns the number of bytes
        /// absorbed: the caller absorbs the rest.
        ///
        /// # Safety
        /// The CPU must have AVX-512 F, VL, BW and IFMA.
        #[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512ifma")]
        pub(crate) unsafe fn run<const SEAL: bool>(
            state: &[u32; 16],
            h: &mut [u64; 3],
            r: &[u64; 2],
            buf: &mut [u8],
        ) -> usize {
            let n = buf.len();
            debug_assert!(n > 0);
            let whole = n / CHUNK;
            let rem = n % CHUNK;
            let groups = n / GROUP;
            let base = buf.as_mut_ptr();
            let mut mac = p::Stream::new(h, r);
            let mut ctr = state[12];
            // In bounds (the SAFETY comments below): step `i < whole` is
            // bytes `CHUNK i..CHUNK (i + 1)` of `buf`, the partial step
            // bytes `CHUNK whole..n`, group `g < groups` bytes `GROUP
            // g..GROUP (g + 1)`; no reference to `buf` is used while `base`
            // is.
            if SEAL {
                // Step i absorbs step i - 1's ciphertext.
                for i in 0..whole {
                    // SAFETY: step `i` (and step `i - 1`): in bounds.
                    unsafe {
                        let at = base.add(CHUNK * i);
                        let ks = if i == 0 {
                            c::vertical(state, ctr)
                        } else {
                            keystream_absorbing!(state, ctr, mac, at.sub(CHUNK), GROUPS)
                        };
                        xor_in_place(at, &ks);
                    }
                    ctr = ctr.wrapping_add(LANES as u32);
                }
                // The last whole step's groups, while the partial step's
                // keystream (independent) runs; then the partial step's.
                let last = GROUPS * whole.saturating_sub(1);
                for g in last..(GROUPS * whole).min(groups) {
                    // SAFETY: group `g < groups`, in bounds.
                    unsafe { mac.step(base.add(GROUP * g)) };
                }
                if rem > 0 {
                    // SAFETY: the partial step, in bounds.
                    unsafe { xor_partial(state, ctr, base.add(CHUNK * whole), rem) };
                }
                for g in (GROUPS * whole).max(last)..groups {
                    // SAFETY: group `g < groups`, in bounds.
                    unsafe { mac.step(base.add(GROUP * g)) };
                }
            } else {
                // Step i absorbs its own ciphertext before overwriting it.
                for i in 0..whole {
                    // SAFETY: step `i` (and step `i - 1`): in bounds.
                    unsafe {
                        let at = base.add(CHUNK * i);
                        let ks = keystream_absorbing!(state, ctr, mac, at, GROUPS);
                        xor_in_place(at, &ks);
                    }
                    ctr = ctr.wrapping_add(LANES as u32);
                }
                for g in GROUPS * whole..groups {
                    // SAFETY: group `g < groups`, in bounds.
                    unsafe { mac.step(base.add(GROUP * g)) };
                }
                if rem > 0 {
                    // SAFETY: the partial step, in bounds.
                    unsafe { xor_partial(state, ctr, base.add(CHUNK * whole), rem) };
                }
            }
            if groups > 0 {
                *h = mac.finish();
            }
            GROUP * groups
        }
    };
}

/// zmm: ChaCha20 `avx512` with Poly1305 `ifma`, 1 KiB per step.
pub(super) mod zmm {
    use super::{InOut, qr4};
    use crate::cipher::chacha20::x86_64_avx512::zmm as c;
    use crate::mac::poly1305::x86_64_ifma::zmm as p;

    fused!();
}

/// ymm (EVEX): ChaCha20 `avx512vl` with Poly1305 `ifma-ymm`, 512 bytes per
/// step: the 256-bit policy.
pub(super) mod ymm {
    use super::{InOut, qr4};
    use crate::cipher::chacha20::x86_64_avx512::ymm as c;
    use crate::mac::poly1305::x86_64_ifma::ymm as p;

    fused!();
}
