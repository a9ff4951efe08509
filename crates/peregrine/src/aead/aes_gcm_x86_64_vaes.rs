//! The fused AES-GCM kernels for VAES + VPCLMULQDQ: AES-CTR with GCM's
//! 32-bit counter and GHASH in one pass over the data, 16 blocks per step
//! and one reduction per step, written once over the vector width and
//! instantiated twice (as `cipher::aes::x86_64_vaes` does for the modes,
//! and the Linux kernel's `aes-gcm-vaes` files per width): [`y`], eight
//! ymm registers a step (the `vaes` and `vpclmul` backends: Zen 3, and the
//! 256-bit policy), and [`z`], four zmm registers a step (`vaes512` with
//! `vpclmul512`). Each instance supplies only its width's primitive
//! operations to the `gcm_kernels!` body.
//!
//! Technique: the stitching of Gueron's and Drucker's AES-GCM papers and
//! of BoringSSL's `aes-gcm-avx2-x86_64.pl` / `aes-gcm-avx10-x86_64.pl`:
//! while the AES rounds of one step run, the carry-less multiplies of
//! sixteen ciphertext blocks run between them (the two units are
//! different, so they overlap), with one reduction per step
//! (`x86_64_vpclmul`'s aggregated Karatsuba, H^16..H^1 precomputed at key
//! setup). When sealing, the blocks hashed are the previous step's
//! ciphertext (this step's is not ready); when opening, they are this
//! step's, which is already there.
//!
//! Only whole steps of 16 blocks go through the step loops; the
//! whole-message kernel (`message`, 12-byte nonces) runs the last < 256
//! bytes, and a message shorter than one step, with the ymm code at both
//! widths (one batch of AES and one aggregated hash), so the zmm kernel
//! is never slower than the ymm one on short input. Other pairings run
//! `AesGcm`'s composed path.

use core::arch::x86_64::*;

use crate::aead::ghash::x86_64_pclmul as gni;
use crate::aead::ghash::x86_64_vpclmul::{self as gv, Sums, Sums512};
use crate::cipher::aes::x86_64_aesni::RoundKeys;
use crate::cipher::aes::x86_64_vaes::{self as av, rk};
use crate::cipher::{Block, InOut};

/// The kernels over one vector width. `$prims` defines the vector type
/// `V`, blocks per vector `L`, vectors per step `W` (`L * W = 16`), the
/// spacing `SP` of the hash multiplies between the AES rounds, the sums
/// type `S`, and the primitive operations; `$feat` is the
/// instance's target features; `$d` is a `$` token, for the macro inside.
macro_rules! gcm_kernels {
    ($d:tt, $feat:literal, { $($prims:item)* }) => {
        use super::*;

        $($prims)*

        /// The 16 counter blocks from `le` (the counter byte-reversed, so
        /// its last four bytes are the low dword) as `W` big-endian
        /// vectors; `le` advances by 16, wrapping only the low 32 bits.
        ///
        /// `PUBLIC`: the counter's value is public, so it may branch. That
        /// is the 12-byte-nonce kernel (`message`), whose low word is 2 +
        /// the block index, a function of lengths only; there, when the
        /// low byte does not carry within the step, the sixteen counters
        /// are one byte swap of the base plus j in the last byte (W adds
        /// instead of W adds and W swaps). Otherwise (a nonce of another
        /// length: J0 = GHASH_H(nonce) depends on the key, so the counter
        /// is secret) always the adds and swaps, without a branch;
        /// ctgrind flagged the former unconditional fast path.
        #[inline]
        #[target_feature(enable = $feat)]
        fn counters<const PUBLIC: bool>(le: &mut __m128i) -> [V; W] {
            let bswap = bcast(_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
            let base = bcast(*le);
            let out = if PUBLIC && _mm_cvtsi128_si32(*le) as u8 <= 0xff - 15 {
                let be = shuffle(base, bswap);
                core::array::from_fn(|j| add32(be, top_offsets(L * j)))
            } else {
                core::array::from_fn(|j| shuffle(add32(base, low_offsets(L * j)), bswap))
            };
            *le = _mm_add_epi32(*le, _mm_cvtsi32_si128(16));
            out
        }

        /// The AES rounds over the step's `W` registers with `hash`
        /// interleaved: `hash(r)` is called after round `r` for r in 1..NR.
        #[inline]
        #[target_feature(enable = $feat)]
        fn rounds_with<const NR: usize>(
            k: &RoundKeys,
            b: &mut [V; W],
            s: &mut S,
            mut p: *const u8,
            mut hash: impl FnMut(usize, &mut S, &mut *const u8),
        ) {
            let k0 = key(k, 0);
            for x in b.iter_mut() {
                *x = xor(*x, k0);
            }
            // Unrolled by hand (LLVM keeps `for r in 1..NR` as a loop, with
            // a branch per round to pick the hash work): `r` is a constant
            // in each copy, so `hash(r)` folds to its one multiply or to
            // nothing.
            macro_rules! middle {
                ($d($d r:literal)*) => {$d(
                    if $d r < NR {
                        let kr = key(k, $d r);
                        for x in b.iter_mut() {
                            *x = aesenc(*x, kr);
                        }
                        hash($d r, &mut *s, &mut p);
                        fence(b, s, &mut p);
                    }
                )*};
            }
            middle!(1 2 3 4 5 6 7 8 9 10 11 12 13);
            let kl = key(k, NR);
            for x in b.iter_mut() {
                *x = aesenclast(*x, kl);
            }
        }

        /// Seals the whole 16-block steps of `io` in place or into its
        /// output: returns the bytes done. `ctr` is the next counter block
        /// and `acc` the running GHASH (GCM byte order); both advance.
        ///
        /// # Safety
        /// The CPU must have the instance's features (those of its AES and
        /// GHASH backends together).
        #[target_feature(enable = $feat)]
        pub(crate) unsafe fn seal(
            ak: &av::Key,
            gk: &gv::Key,
            ctr: &mut Block,
            acc: &mut Block,
            io: InOut<'_>,
        ) -> usize {
            crate::cipher::aes::by_rounds!(ak.aesni().rounds, steps_nr::<true>(ak, gk, ctr, acc, io))
        }

        /// Opens (decrypts and hashes) the whole 16-block steps of `io`; as
        /// [`seal`], except that the hash is over the input.
        ///
        /// # Safety
        /// As [`seal`].
        #[target_feature(enable = $feat)]
        pub(crate) unsafe fn open(
            ak: &av::Key,
            gk: &gv::Key,
            ctr: &mut Block,
            acc: &mut Block,
            io: InOut<'_>,
        ) -> usize {
            crate::cipher::aes::by_rounds!(ak.aesni().rounds, steps_nr::<false>(ak, gk, ctr, acc, io))
        }

        /// Loads the vector at block `i` of the input.
        ///
        /// # Safety
        /// `i + L <= io.blocks()`.
        #[inline(always)]
        unsafe fn ld(io: &InOut<'_>, i: usize) -> V {
            // SAFETY: the caller keeps the vector in bounds.
            unsafe { loadu(io.src_ptr().add(16 * i)) }
        }

        /// Stores the vector at block `i` of the output.
        ///
        /// # Safety
        /// `i + L <= io.blocks()`.
        #[inline(always)]
        unsafe fn st(io: &mut InOut<'_>, i: usize, v: V) {
            // SAFETY: the caller keeps the vector in bounds.
            unsafe { storeu(io.dst_ptr().add(16 * i), v) }
        }

        /// [`seal`] (`SEAL`) or [`open`] from the counter and hash in memory.
        #[target_feature(enable = $feat)]
        fn steps_nr<const NR: usize, const SEAL: bool>(
            ak: &av::Key,
            gk: &gv::Key,
            ctr: &mut Block,
            acc: &mut Block,
            mut io: InOut<'_>,
        ) -> usize {
            let mut le = gni::bswap(load(ctr));
            let mut x = gni::bswap(load(acc));
            let k = &ak.aesni().enc;
            let done = if SEAL {
                seal_steps::<NR, false>(k, gk, &mut le, &mut x, &mut io)
            } else {
                open_steps::<NR, false>(k, gk, &mut le, &mut x, &mut io)
            };
            store(acc, gni::bswap(x));
            store(ctr, gni::bswap(le));
            done
        }

        /// The whole 16-block steps of a seal, with the counter `le` (byte
        /// reversed) and the running hash `x` (register order) in registers.
        #[inline]
        #[target_feature(enable = $feat)]
        fn seal_steps<const NR: usize, const PUBLIC: bool>(
            k: &RoundKeys,
            gk: &gv::Key,
            le: &mut __m128i,
            x: &mut __m128i,
            io: &mut InOut<'_>,
        ) -> usize {
            let steps = io.blocks() / 16;
            if steps == 0 {
                return 0;
            }
            // The previous step's ciphertext is hashed from the output,
            // where it was just stored (an L1 hit), rather than held in
            // registers.
            let out = io.dst_ptr().cast_const();
            // Register `j` of the step at block `at` of the output behind
            // `p`.
            // SAFETY (of every call): `p` is `out` (passed through `fence`)
            // and `at + 16 <= 16 * steps <= blocks`, inside the output, and
            // written before it is read.
            let prev = |p: *const u8, at: usize, j: usize| {
                // SAFETY: see above.
                bswap(unsafe { loadu(p.add(16 * (at + L * j))) })
            };
            for step in 0..steps {
                let at = 16 * step;
                let mut b = counters::<PUBLIC>(le);
                let mut s = S::zero();
                if step == 0 {
                    rounds_with::<NR>(k, &mut b, &mut s, out, |_, _, _| {});
                } else {
                    let xr = zext(*x);
                    rounds_with::<NR>(k, &mut b, &mut s, out, |r, s, p| {
                        if (r - 1).is_multiple_of(SP) && (r - 1) / SP < W {
                            let j = (r - 1) / SP;
                            let mut c = prev(*p, at - 16, j);
                            if j == 0 {
                                c = xor(c, xr);
                            }
                            mul_acc_pow(s, gk, j, c);
                        }
                    });
                    *x = reduce(s);
                }
                for (j, v) in b.into_iter().enumerate() {
                    // SAFETY: `at + 16 <= blocks`; the input vector is read
                    // before the output vector at the same place is written.
                    let c = unsafe { xor(v, ld(io, at + L * j)) };
                    // SAFETY: as above.
                    unsafe { st(io, at + L * j, c) };
                }
            }
            let last = 16 * (steps - 1);
            let mut s = S::zero();
            for j in (0..W).rev() {
                let mut c = prev(out, last, j);
                if j == 0 {
                    c = xor(c, zext(*x));
                }
                mul_acc_pow(&mut s, gk, j, c);
            }
            *x = reduce(s);
            16 * 16 * steps
        }

        /// The whole 16-block steps of an open, state in registers as in
        /// [`seal_steps`].
        #[inline]
        #[target_feature(enable = $feat)]
        fn open_steps<const NR: usize, const PUBLIC: bool>(
            k: &RoundKeys,
            gk: &gv::Key,
            le: &mut __m128i,
            x: &mut __m128i,
            io: &mut InOut<'_>,
        ) -> usize {
            let steps = io.blocks() / 16;
            let src = io.src_ptr();
            for step in 0..steps {
                let at = 16 * step;
                let mut b = counters::<PUBLIC>(le);
                let mut s = S::zero();
                let xr = zext(*x);
                rounds_with::<NR>(k, &mut b, &mut s, src, |r, s, p| {
                    if (r - 1).is_multiple_of(SP) && (r - 1) / SP < W {
                        let j = (r - 1) / SP;
                        // SAFETY: `p` is `src` (through `fence`); `at + 16 <=
                        // blocks`, so the vector is inside the input.
                        let mut c = bswap(unsafe { loadu(p.add(16 * (at + L * j))) });
                        if j == 0 {
                            c = xor(c, xr);
                        }
                        mul_acc_pow(s, gk, j, c);
                    }
                });
                *x = reduce(s);
                for (j, v) in b.into_iter().enumerate() {
                    // SAFETY: as above; each input vector is read (again,
                    // after the hash read it) before the output vector at
                    // its place is written.
                    let c = unsafe { xor(v, ld(io, at + L * j)) };
                    // SAFETY: as above.
                    unsafe { st(io, at + L * j, c) };
                }
            }
            16 * 16 * steps
        }

        /// Seals (`SEAL`) or opens a whole message with a 12-byte nonce in
        /// place, everything in one pass with the state in registers: E(J0)
        /// beside the AAD's hash, the 16-block steps, then the last < 256
        /// bytes with the shared ymm tail. Returns the full tag (for an
        /// open, of the ciphertext `buf` held; the caller checks it).
        ///
        /// # Safety
        /// As [`seal`].
        #[target_feature(enable = $feat)]
        pub(crate) unsafe fn message<const SEAL: bool>(
            ak: &av::Key,
            gk: &gv::Key,
            nonce: &[u8; 12],
            aad: &[u8],
            buf: &mut [u8],
        ) -> Block {
            crate::cipher::aes::by_rounds!(
                ak.aesni().rounds,
                message_nr::<SEAL>(ak, gk, nonce, aad, buf)
            )
        }

        #[target_feature(enable = $feat)]
        fn message_nr<const NR: usize, const SEAL: bool>(
            ak: &av::Key,
            gk: &gv::Key,
            nonce: &[u8; 12],
            aad: &[u8],
            buf: &mut [u8],
        ) -> Block {
            let k = &ak.aesni().enc;
            let total = buf.len();
            let (mut st, mut io) = start::<NR>(k, gk, nonce, aad, buf);
            if io.blocks() >= 16 {
                st.flush_aad(gk);
                let done = if SEAL {
                    seal_steps::<NR, true>(k, gk, &mut st.le, &mut st.x, &mut io)
                } else {
                    open_steps::<NR, true>(k, gk, &mut st.le, &mut st.x, &mut io)
                };
                io = io.split_at(done).1;
            }
            finish::<NR, SEAL>(k, gk, st, aad.len(), total, io)
        }

        /// The state of a whole-message kernel between its steps: E(J0), the
        /// next counter `le` (byte-reversed), the running hash `x` (register
        /// order), and the AAD's partial block waiting to be hashed (`aad_tail`,
        /// `has_tail`).
        struct Start {
            ej0: __m128i,
            le: __m128i,
            x: __m128i,
            aad_tail: __m128i,
            has_tail: bool,
        }

        impl Start {
            /// Hashes the AAD's partial block now (before the steps).
            #[inline]
            #[target_feature(enable = $feat)]
            fn flush_aad(&mut self, gk: &gv::Key) {
                if self.has_tail {
                    self.x = gv::absorb_regs(gk, self.x, &[self.aad_tail]);
                    self.has_tail = false;
                }
            }
        }

        /// The start of a whole message with a 12-byte nonce: E(J0), the first
        /// data counter, and the AAD's whole blocks hashed (at the instance's
        /// width).
        #[inline]
        #[target_feature(enable = $feat)]
        fn start<'a, const NR: usize>(
            k: &RoundKeys,
            gk: &gv::Key,
            nonce: &[u8; 12],
            aad: &[u8],
            buf: &'a mut [u8],
        ) -> (Start, InOut<'a>) {
            // J0 = nonce || 1, built in a register.
            let n8 = u64::from_le_bytes(nonce[..8].try_into().unwrap_or_default());
            let n4 = u32::from_le_bytes(nonce[8..].try_into().unwrap_or_default());
            let j0 = _mm_set_epi32(1 << 24, n4 as i32, (n8 >> 32) as i32, n8 as i32);
            let mut ej0 = [j0];
            crate::cipher::aes::x86_64_aesni::enc::<NR, 1>(k, &mut ej0);
            // The first data counter, inc32(J0), byte-reversed.
            let le = _mm_add_epi32(gni::bswap(j0), _mm_cvtsi32_si128(1));
            let whole = aad.len() / 16 * 16;
            let x = absorb(gk, _mm_setzero_si128(), &aad[..whole]);
            let mut aad_tail = _mm_setzero_si128();
            let has_tail = whole < aad.len();
            if has_tail {
                let mut p = [0u8; 16];
                p[..aad.len() - whole].copy_from_slice(&aad[whole..]);
                aad_tail = gni::bswap(load(&p));
            }
            let st = Start {
                ej0: ej0[0],
                le,
                x,
                aad_tail,
                has_tail,
            };
            (st, InOut::in_place(buf))
        }

        /// The end of a whole message: the last `io.len() < 256` bytes with one
        /// batch of AES (ymm) and one aggregated hash of them, the AAD's partial
        /// block if it is still waiting, and the lengths block (`aad_len` and the
        /// message's `total` length); returns the tag.
        #[inline]
        #[target_feature(enable = $feat)]
        fn finish<const NR: usize, const SEAL: bool>(
            k: &RoundKeys,
            gk: &gv::Key,
            st: Start,
            aad_len: usize,
            total: usize,
            mut io: InOut<'_>,
        ) -> Block {
            let mut x = st.x;
            // The blocks hashed last, with one reduction: the AAD's partial block
            // when there were no whole steps before it, the tail, the lengths.
            let mut last = [_mm_setzero_si128(); 18];
            let mut nl = 0;
            if st.has_tail {
                last[0] = st.aad_tail;
                nl = 1;
            }
            let rem = io.len();
            if rem > 0 {
                // A buffer no larger than the tail needs: zeroing and
                // wiping 256 bytes for a 16-byte message was a fifth of
                // its cost.
                let at = &mut last[nl..];
                nl += match rem.div_ceil(32) {
                    1 => tail::<NR, SEAL, 1, 32>(k, st.le, &mut io, at),
                    2 => tail::<NR, SEAL, 2, 64>(k, st.le, &mut io, at),
                    3 | 4 => tail::<NR, SEAL, 4, 128>(k, st.le, &mut io, at),
                    _ => tail::<NR, SEAL, 8, 256>(k, st.le, &mut io, at),
                };
            }
            last[nl] = _mm_set_epi64x((aad_len as u64 * 8) as i64, (total as u64 * 8) as i64);
            nl += 1;
            if nl > 16 {
                x = gv::absorb_regs(gk, x, &last[..nl - 16]);
                x = gv::absorb_regs(gk, x, &last[nl - 16..nl]);
            } else {
                x = gv::absorb_regs(gk, x, &last[..nl]);
            }
            let mut tag = [0u8; 16];
            store(&mut tag, _mm_xor_si128(gni::bswap(x), st.ej0));
            // `last` held only public blocks (AAD, ciphertext, lengths):
            // nothing to wipe.
            tag
        }

        /// The tail of [`finish`]: the last `io.len() <= N` bytes (`N` is
        /// 32·W) through a stack buffer, encrypted or decrypted with
        /// `2W` counter blocks from `le`; their ciphertext blocks (byte
        /// swapped, zero padded) go to the front of `last`, and their
        /// count is returned.
        #[inline]
        #[target_feature(enable = $feat)]
        fn tail<const NR: usize, const SEAL: bool, const W: usize, const N: usize>(
            k: &RoundKeys,
            le: __m128i,
            io: &mut InOut<'_>,
            last: &mut [__m128i],
        ) -> usize {
            let rem = io.len();
            debug_assert!(rem > 0 && rem <= N && N == 32 * W);
            let nb = rem.div_ceil(16);
            // 64-byte aligned: unaligned, the copies in and out split
            // cache lines (200-byte opens ran 15% slower).
            let mut buf = Aligned([0u8; N]);
            let t = &mut buf.0;
            // SAFETY: `rem <= N` bytes of the input are readable and `t` is
            // N bytes; they do not overlap.
            unsafe { core::ptr::copy_nonoverlapping(io.src_ptr(), t.as_mut_ptr(), rem) };
            if !SEAL {
                for i in 0..nb {
                    last[i] = gni::bswap(load_at(t, i));
                }
            }
            tail_xor::<NR, W>(k, le, t);
            // SAFETY: as above, back into the output.
            unsafe { core::ptr::copy_nonoverlapping(t.as_ptr(), io.dst_ptr(), rem) };
            if SEAL {
                t[rem..].fill(0);
                for i in 0..nb {
                    last[i] = gni::bswap(load_at(t, i));
                }
            }
            crate::ct::wipe(t);
            nb
        }
    };
}

/// The kernels on 256-bit vectors: the `vaes` AES backend with the
/// `vpclmul` GHASH backend (or any pairing whose features cover theirs).
pub(crate) mod y {
    gcm_kernels!($, "sse2,ssse3,sse4.1,avx,avx2,aes,pclmulqdq,vaes,vpclmulqdq", {
        use av::y::{
            add32, aesenc, aesenclast, bcast, key, lane_offsets as low_offsets, loadu, shuffle,
            storeu, xor,
        };
        type V = __m256i;
        type S = Sums;
        const L: usize = 2;
        const W: usize = 8;
        /// Register `j`'s multiply follows round `1 + SP * j`.
        const SP: usize = 1;

        #[inline]
        #[target_feature(enable = "avx2")]
        fn zext(x: __m128i) -> V {
            _mm256_zextsi128_si256(x)
        }
        #[inline]
        #[target_feature(enable = "avx2")]
        fn bswap(v: V) -> V {
            gv::bswap(v)
        }
        /// Lane l holds `first + l` in the top byte of its high dword (the
        /// last byte of a big-endian block).
        #[inline]
        #[target_feature(enable = "avx2")]
        fn top_offsets(first: usize) -> V {
            let f = first as i32;
            _mm256_setr_epi32(0, 0, 0, f << 24, 0, 0, 0, (f + 1) << 24)
        }
        #[inline]
        #[target_feature(enable = "avx2,vpclmulqdq")]
        fn mul_acc_pow(s: &mut S, k: &gv::Key, j: usize, x: V) {
            gv::mul_acc_pow(s, k, j, x)
        }
        #[inline]
        #[target_feature(enable = "avx2,vpclmulqdq")]
        fn reduce(s: S) -> __m128i {
            gv::reduce(s)
        }
        #[inline]
        #[target_feature(enable = "sse2,ssse3,sse4.1,pclmulqdq,avx,avx2,vpclmulqdq")]
        fn absorb(k: &gv::Key, x: __m128i, data: &[u8]) -> __m128i {
            gv::absorb(k, x, data)
        }
        /// Pins the schedule between two rounds: an empty `asm!` that takes
        /// and gives back the AES state, the hash sums and the pointer the
        /// hash loads through. Without it LLVM hoists every multiply (and
        /// its loads) above the AES rounds and spills the AES state to make
        /// room; with it, round `r`'s multiply sits between rounds `r` and
        /// `r + 1`, loading after the previous fence.
        #[inline]
        #[target_feature(enable = "avx2")]
        fn fence(b: &mut [V; W], s: &mut S, p: &mut *const u8) {
            // The pointer goes through as its address (the asm reads no
            // memory); `with_addr` gives it back its provenance.
            let mut a = p.addr();
            // SAFETY: the template is empty: no instruction runs, no memory
            // or flags are touched; the operands come back unchanged.
            unsafe {
                core::arch::asm!(
                    "/* {0} {1} {2} {3} {4} {5} {6} {7} {8} {9} {10} {11} */",
                    inout(ymm_reg) b[0], inout(ymm_reg) b[1], inout(ymm_reg) b[2],
                    inout(ymm_reg) b[3], inout(ymm_reg) b[4], inout(ymm_reg) b[5],
                    inout(ymm_reg) b[6], inout(ymm_reg) b[7],
                    inout(ymm_reg) s.lo, inout(ymm_reg) s.mi, inout(ymm_reg) s.hi, inout(reg) a,
                    options(pure, nomem, nostack, preserves_flags)
                )
            };
            *p = p.with_addr(a);
        }
    });
}

/// The kernels on 512-bit vectors: the `vaes512` AES backend with the
/// `vpclmul512` GHASH backend.
pub(crate) mod z {
    gcm_kernels!(
        $,
        "sse2,ssse3,sse4.1,avx,avx2,aes,pclmulqdq,vaes,vpclmulqdq,avx512f,avx512bw,avx512vl",
        {
            use av::z::{
                add32, aesenc, aesenclast, bcast, key, lane_offsets as low_offsets, loadu,
                shuffle, storeu, xor,
            };
            type V = __m512i;
            type S = Sums512;
            const L: usize = 4;
            const W: usize = 4;
            /// Every other round (measured the same as consecutive rounds
            /// on Zen 4, within noise).
            const SP: usize = 2;

            #[inline]
            #[target_feature(enable = "avx512f")]
            fn zext(x: __m128i) -> V {
                _mm512_zextsi128_si512(x)
            }
            #[inline]
            #[target_feature(enable = "avx512f,avx512bw")]
            fn bswap(v: V) -> V {
                gv::bswap512(v)
            }
            /// Lane l holds `first + l` in the top byte of its high dword.
            #[inline]
            #[target_feature(enable = "avx512f")]
            fn top_offsets(first: usize) -> V {
                let f = first as i32;
                _mm512_setr_epi32(
                    0, 0, 0, f << 24, 0, 0, 0, (f + 1) << 24,
                    0, 0, 0, (f + 2) << 24, 0, 0, 0, (f + 3) << 24,
                )
            }
            #[inline]
            #[target_feature(enable = "avx512f,avx512bw,vpclmulqdq")]
            fn mul_acc_pow(s: &mut S, k: &gv::Key, j: usize, x: V) {
                gv::mul_acc_pow512(s, k, j, x)
            }
            #[inline]
            #[target_feature(enable = "avx512f,avx512bw,vpclmulqdq,avx2")]
            fn reduce(s: S) -> __m128i {
                gv::reduce512(s)
            }
            #[inline]
            #[target_feature(
                enable = "sse2,ssse3,sse4.1,pclmulqdq,avx,avx2,vpclmulqdq,avx512f,avx512bw"
            )]
            fn absorb(k: &gv::Key, x: __m128i, data: &[u8]) -> __m128i {
                gv::absorb512(k, x, data)
            }
            /// As `y`'s fence, on the four zmm of a step.
            #[inline]
            #[target_feature(enable = "avx512f")]
            fn fence(b: &mut [V; W], s: &mut S, p: &mut *const u8) {
                let mut a = p.addr();
                // SAFETY: the template is empty: no instruction runs, no
                // memory or flags are touched; the operands come back
                // unchanged.
                unsafe {
                    core::arch::asm!(
                        "/* {0} {1} {2} {3} {4} {5} {6} {7} */",
                        inout(zmm_reg) b[0], inout(zmm_reg) b[1], inout(zmm_reg) b[2],
                        inout(zmm_reg) b[3],
                        inout(zmm_reg) s.lo, inout(zmm_reg) s.mi, inout(zmm_reg) s.hi,
                        inout(reg) a,
                        options(pure, nomem, nostack, preserves_flags)
                    )
                };
                *p = p.with_addr(a);
            }
        }
    );
}

#[inline]
#[target_feature(enable = "avx2")]
fn load(b: &Block) -> __m128i {
    // SAFETY: a 16-byte array is valid for a 16-byte load.
    unsafe { _mm_loadu_si128(b.as_ptr().cast()) }
}

#[inline]
#[target_feature(enable = "avx2")]
fn store(b: &mut Block, v: __m128i) {
    // SAFETY: a 16-byte array is valid for a 16-byte store.
    unsafe { _mm_storeu_si128(b.as_mut_ptr().cast(), v) }
}

/// A stack buffer on a cache line boundary.
#[repr(align(64))]
struct Aligned<const N: usize>([u8; N]);

/// Block `i` of `t`.
#[inline]
#[target_feature(enable = "avx2")]
fn load_at(t: &[u8], i: usize) -> __m128i {
    let b: &Block = t[16 * i..16 * i + 16].try_into().unwrap_or(&[0; 16]);
    load(b)
}

/// XORs the key stream of `2 * W` counter blocks from `le` into `t`
/// (`32 * W` bytes).
#[inline]
#[target_feature(enable = "sse2,ssse3,sse4.1,avx,avx2,aes,pclmulqdq,vaes,vpclmulqdq")]
fn tail_xor<const NR: usize, const W: usize>(k: &RoundKeys, le: __m128i, t: &mut [u8]) {
    assert!(t.len() >= 32 * W, "tail_xor: a buffer of 32 * W bytes");
    let bswap = _mm256_broadcastsi128_si256(crate::cipher::aes::x86_64_aesni::bswap_mask());
    let pair = _mm256_broadcastsi128_si256(le);
    let mut b: [__m256i; W] = core::array::from_fn(|j| {
        let j = 2 * j as i64;
        _mm256_shuffle_epi8(
            _mm256_add_epi32(pair, _mm256_set_epi64x(0, j + 1, 0, j)),
            bswap,
        )
    });
    let k0 = rk(k, 0);
    for v in b.iter_mut() {
        *v = _mm256_xor_si256(*v, k0);
    }
    for r in 1..NR {
        let kr = rk(k, r);
        for v in b.iter_mut() {
            *v = _mm256_aesenc_epi128(*v, kr);
        }
    }
    let kl = rk(k, NR);
    for (j, v) in b.iter().enumerate() {
        let p = t[32 * j..].as_mut_ptr().cast::<__m256i>();
        // SAFETY: `j < W` and `t` has 32·W bytes (asserted), so bytes
        // 32j..32j + 32 are inside it.
        unsafe {
            let d = _mm256_loadu_si256(p);
            _mm256_storeu_si256(p, _mm256_xor_si256(d, _mm256_aesenclast_epi128(*v, kl)));
        }
    }
}
