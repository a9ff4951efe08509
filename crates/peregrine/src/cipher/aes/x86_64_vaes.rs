//! AES with VAES for the parallel modes (ECB, CBC decryption, CTR and
//! XTS), written once over the vector width and instantiated twice:
//! [`y`], 256-bit registers with AVX2 (two blocks per instruction; the
//! `vaes` backend, for Zen 3 and for CPUs where 512-bit vectors cost
//! clock), and [`z`], 512-bit registers with AVX-512 (four blocks per
//! instruction; the `vaes512` backend). As the Linux kernel's
//! `aes-xts-avx-x86_64.S` instantiates one macro body per width, the
//! `vaes_modes!` macro below holds the modes once; each instance supplies
//! only its width's primitive operations.
//!
//! Technique: the same interleaving as `x86_64_aesni`, widened: the main
//! loop keeps 8 registers (16 or 32 blocks) in flight, with the round keys
//! broadcast to every lane. Tails step down through 4, 2 and 1 registers;
//! the blocks left after the last whole register (one to three on zmm, one
//! on ymm) go through one more register, loaded and stored under a mask
//! (`vmovdqu64` with an opmask on zmm; on ymm an xmm load, zero-extended),
//! so no code path depends on the remainder's length. The serial modes (CBC encryption, CBC-MAC) gain nothing from width and use
//! `x86_64_aesni`.
//!
//! XTS tweaks are built one per lane, a register's worth at a time, and
//! advanced by x^16 (ymm) or x^32 (zmm) with one `vpclmulqdq` each (the
//! technique of `aes-xts-avx-x86_64.S`): eight independent short chains
//! instead of one long chain of doublings, which left the AES units idle.
//! That is why the backends need VPCLMULQDQ, which every CPU with VAES has.

use core::arch::x86_64::*;

use super::x86_64_aesni as ni;
use super::{CtrWidth, Dir};
use crate::cipher::{Block, InOut};

/// A VAES key schedule: the AES-NI one. The round keys are broadcast to
/// both lanes as they are loaded (`vbroadcasti128`, one load per round per
/// step, shared by every register of the step).
#[derive(Clone)]
pub(crate) struct Key {
    ni: ni::Key,
}

impl Key {
    /// The AES-NI schedule inside (the same round keys), for callers
    /// that route short inputs to the AES-NI code themselves.
    pub(crate) fn ni(&self) -> &ni::Key {
        &self.ni
    }

    /// Expands `key` (16, 24 or 32 bytes; checked by the caller).
    ///
    /// # Safety
    /// The CPU must have AES-NI (VAES is not needed for the schedule).
    #[target_feature(enable = "sse2,aes")]
    pub(crate) unsafe fn new(key: &[u8]) -> Key {
        // SAFETY: the caller guarantees AES-NI.
        let ni = unsafe { ni::Key::new(key) };
        Key { ni }
    }

    /// The AES-NI schedule, for the serial modes and odd tails.
    pub(crate) fn aesni(&self) -> &ni::Key {
        &self.ni
    }
}

#[inline]
#[target_feature(enable = "avx2,aes,vaes")]
pub(crate) fn rk(k: &ni::RoundKeys, i: usize) -> __m256i {
    // SAFETY: `k.0[i]` is a bounds-checked 16-byte array.
    _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(k.0[i].as_ptr().cast()) })
}

/// The parallel modes over one vector width. `$prims` defines, for that
/// width, the vector type `V`, the blocks per vector `L`, and the
/// primitive operations the modes use (each an `#[inline]` function with
/// the instance's target features); `$narrow` names the module whose
/// `*_nr` functions take inputs shorter than a step where
/// `SHORT_TO_NARROW` says so (what is left after the last whole vector,
/// fewer than `L` blocks, goes through one masked vector).
macro_rules! vaes_modes {
    ($feat:literal, $narrow:ident, { $($prims:item)* }) => {
        use super::*;

        $($prims)*

        /// Loads the vector of blocks starting at block `i`.
        ///
        /// # Safety
        /// `i + L <= io.blocks()`.
        #[inline(always)]
        unsafe fn ld(io: &InOut<'_>, i: usize) -> V {
            // SAFETY: the caller keeps the vector in bounds.
            unsafe { loadu(io.src_ptr().add(16 * i)) }
        }

        /// Stores the vector of blocks starting at block `i`.
        ///
        /// # Safety
        /// `i + L <= io.blocks()`.
        #[inline(always)]
        unsafe fn st(io: &mut InOut<'_>, i: usize, v: V) {
            // SAFETY: the caller keeps the vector in bounds.
            unsafe { storeu(io.dst_ptr().add(16 * i), v) }
        }

        /// Loads the last `n` blocks, `i..i + n` with `0 < n < L`, into the
        /// low lanes of one vector (a masked load: nothing past them is
        /// read), the other lanes zero.
        ///
        /// # Safety
        /// `i + n == io.blocks()`, `n < L`.
        #[inline(always)]
        unsafe fn ld_part(io: &InOut<'_>, i: usize, n: usize) -> V {
            debug_assert!(n < L && i + n == io.blocks());
            // SAFETY: the caller keeps the n blocks in bounds.
            unsafe { load_blocks(io.src_ptr().add(16 * i), n) }
        }

        /// Stores the low `n` lanes of `v` to blocks `i..i + n` (a masked
        /// store: nothing past them is written).
        ///
        /// # Safety
        /// As [`ld_part`].
        #[inline(always)]
        unsafe fn st_part(io: &mut InOut<'_>, i: usize, n: usize, v: V) {
            debug_assert!(n < L && i + n == io.blocks());
            // SAFETY: the caller keeps the n blocks in bounds.
            unsafe { store_blocks(io.dst_ptr().add(16 * i), n, v) }
        }

        /// Block `i < L` of `v` (`i` is public: a position, not data).
        #[inline]
        #[target_feature(enable = $feat)]
        fn block_at(v: V, i: usize) -> __m128i {
            let mut a = [0u8; 64];
            // SAFETY: `a` holds 64 bytes, a vector at most 64, and block
            // `i < L` lies within the vector's bytes.
            unsafe {
                storeu(a.as_mut_ptr(), v);
                _mm_loadu_si128(a.as_ptr().add(16 * i).cast())
            }
        }

        /// Runs the `NR` rounds over `W` vectors: encryption, or (`DEC`)
        /// the equivalent inverse cipher with the decryption keys.
        #[inline]
        #[target_feature(enable = $feat)]
        fn rounds<const NR: usize, const W: usize, const DEC: bool>(
            k: &ni::RoundKeys,
            b: &mut [V; W],
        ) {
            let k0 = key(k, 0);
            for x in b.iter_mut() {
                *x = xor(*x, k0);
            }
            for r in 1..NR {
                let kr = key(k, r);
                for x in b.iter_mut() {
                    *x = if DEC { aesdec(*x, kr) } else { aesenc(*x, kr) };
                }
            }
            let kl = key(k, NR);
            for x in b.iter_mut() {
                *x = if DEC { aesdeclast(*x, kl) } else { aesenclast(*x, kl) };
            }
        }

        #[inline]
        #[target_feature(enable = $feat)]
        fn crypt<const NR: usize, const W: usize>(k: &Key, dir: Dir, b: &mut [V; W]) {
            match dir {
                Dir::Encrypt => rounds::<NR, W, false>(&k.ni.enc, b),
                Dir::Decrypt => rounds::<NR, W, true>(&k.ni.dec, b),
            }
        }

        /// ECB over whole blocks.
        ///
        /// # Safety
        /// The CPU must have the instance's features.
        #[target_feature(enable = $feat)]
        pub(crate) unsafe fn ecb(k: &Key, dir: Dir, io: InOut<'_>) {
            by_rounds!(k.ni.rounds, ecb_nr(k, dir, io))
        }

        /// CBC decryption (parallel).
        ///
        /// # Safety
        /// As [`ecb`].
        #[target_feature(enable = $feat)]
        pub(crate) unsafe fn cbc_decrypt(k: &Key, iv: &mut Block, io: InOut<'_>) {
            by_rounds!(k.ni.rounds, cbc_decrypt_nr(k, iv, io))
        }

        /// CFB128 decryption of whole blocks (parallel); `iv`, the shift
        /// register, is left holding the last ciphertext block.
        ///
        /// # Safety
        /// As [`ecb`].
        #[target_feature(enable = $feat)]
        pub(crate) unsafe fn cfb_decrypt(k: &Key, iv: &mut Block, io: InOut<'_>) {
            by_rounds!(k.ni.rounds, cfb_decrypt_nr(k, iv, io))
        }

        /// CTR over whole blocks.
        ///
        /// # Safety
        /// As [`ecb`].
        #[target_feature(enable = $feat)]
        pub(crate) unsafe fn ctr(k: &Key, ctr: &mut Block, width: CtrWidth, io: InOut<'_>) {
            by_rounds!(k.ni.rounds, ctr_nr(k, ctr, width, io))
        }

        /// XTS over whole blocks with the data key; `tweak` advances past
        /// them.
        ///
        /// # Safety
        /// As [`ecb`].
        #[target_feature(enable = $feat)]
        pub(crate) unsafe fn xts(k: &Key, dir: Dir, tweak: &mut Block, io: InOut<'_>) {
            by_rounds!(k.ni.rounds, xts_nr(k, dir, tweak, io))
        }

        /// ECB over whole blocks.
        #[target_feature(enable = $feat)]
        pub(crate) fn ecb_nr<const NR: usize>(k: &Key, dir: Dir, mut io: InOut<'_>) {
            if SHORT_TO_NARROW && io.blocks() < 8 * L {
                return super::$narrow::ecb_nr::<NR>(k, dir, io);
            }
            let done = steps!(io.blocks(), L, at, W, {
                // SAFETY: `steps!` keeps `at + L*W <= blocks`.
                let mut b: [V; W] = core::array::from_fn(|j| unsafe { ld(&io, at + L * j) });
                crypt::<NR, W>(k, dir, &mut b);
                for (j, v) in b.into_iter().enumerate() {
                    // SAFETY: as above.
                    unsafe { st(&mut io, at + L * j, v) };
                }
            });
            // What is left (fewer than L blocks): one masked vector.
            let r = io.blocks() - done;
            if r > 0 {
                // SAFETY: blocks `done..done + r` are the last ones.
                let mut b = [unsafe { ld_part(&io, done, r) }];
                crypt::<NR, 1>(k, dir, &mut b);
                // SAFETY: as above.
                unsafe { st_part(&mut io, done, r, b[0]) };
            }
        }

        /// CBC decryption (parallel).
        #[target_feature(enable = $feat)]
        pub(crate) fn cbc_decrypt_nr<const NR: usize>(k: &Key, iv: &mut Block, io: InOut<'_>) {
            chain_nr::<NR, false>(k, iv, io)
        }

        /// CFB128 decryption (parallel).
        #[target_feature(enable = $feat)]
        pub(crate) fn cfb_decrypt_nr<const NR: usize>(k: &Key, iv: &mut Block, io: InOut<'_>) {
            chain_nr::<NR, true>(k, iv, io)
        }

        /// The two chained decryptions, which share their data flow: each
        /// output block is a cipher call on one of (this ciphertext block,
        /// the previous one) XORed with the other. CBC: `D(c_i) ^ c_{i-1}`;
        /// CFB (`CFB`): `E(c_{i-1}) ^ c_i`. `c_{-1}` is `iv`, which is left
        /// holding the last ciphertext block.
        #[inline]
        #[target_feature(enable = $feat)]
        fn chain_nr<const NR: usize, const CFB: bool>(
            k: &Key,
            iv: &mut Block,
            mut io: InOut<'_>,
        ) {
            let narrow = |iv: &mut Block, io: InOut<'_>| {
                if CFB {
                    super::$narrow::cfb_decrypt_nr::<NR>(k, iv, io)
                } else {
                    super::$narrow::cbc_decrypt_nr::<NR>(k, iv, io)
                }
            };
            if SHORT_TO_NARROW && io.blocks() < 8 * L {
                return narrow(iv, io);
            }
            // SAFETY: a 16-byte array is valid for a 16-byte load.
            let mut prev = unsafe { _mm_loadu_si128(iv.as_ptr().cast()) };
            let done = steps!(io.blocks(), L, at, W, {
                // All loads of the step (the blocks and the shifted previous
                // blocks) come before any store, so in-place works.
                // SAFETY: `steps!` keeps `at + L*W <= blocks`; the shifted
                // load of vector j >= 1 starts at block `at + Lj - 1 >= at`.
                let c: [V; W] = core::array::from_fn(|j| unsafe { ld(&io, at + L * j) });
                let p: [V; W] = core::array::from_fn(|j| {
                    if j == 0 {
                        shift_in(prev, c[0])
                    } else {
                        // SAFETY: as above.
                        unsafe { ld(&io, at + L * j - 1) }
                    }
                });
                let (mut b, other) = if CFB { (p, c) } else { (c, p) };
                if CFB {
                    rounds::<NR, W, false>(&k.ni.enc, &mut b);
                } else {
                    rounds::<NR, W, true>(&k.ni.dec, &mut b);
                }
                for j in 0..W {
                    // SAFETY: as above.
                    unsafe { st(&mut io, at + L * j, xor(b[j], other[j])) };
                }
                prev = last_block(c[W - 1]);
            });
            // What is left (fewer than L blocks): one masked vector.
            let r = io.blocks() - done;
            if r > 0 {
                // SAFETY: blocks `done..done + r` are the last ones.
                let c = unsafe { ld_part(&io, done, r) };
                let p = shift_in(prev, c);
                let (mut b, other) = if CFB { ([p], c) } else { ([c], p) };
                if CFB {
                    rounds::<NR, 1, false>(&k.ni.enc, &mut b);
                } else {
                    rounds::<NR, 1, true>(&k.ni.dec, &mut b);
                }
                // SAFETY: as above.
                unsafe { st_part(&mut io, done, r, xor(b[0], other)) };
                prev = block_at(c, r - 1);
            }
            // SAFETY: a 16-byte array is valid for a 16-byte store.
            unsafe { _mm_storeu_si128(iv.as_mut_ptr().cast(), prev) };
        }

        /// The counters `le + first ..= le + first + L-1`, one per lane, as
        /// 128-bit little-endian integers, without a branch on the carry
        /// (the counter holds the nonce, which may be secret). `b0` is
        /// `le` in every lane and `thr` holds, in every high half,
        /// `min(!lo, 2^63 - 1)` for `le`'s low half `lo` (low halves zero):
        /// a lane's low-half sum `lo + i` wraps exactly when `i > !lo`, and
        /// then its high half takes one more. Three operations a vector
        /// (add, compare, and the carry added under the comparison's
        /// result), plus the caller's byte swap.
        #[inline]
        #[target_feature(enable = $feat)]
        fn counters128(b0: V, thr: V, first: usize) -> V {
            let offs = lane_offsets(first);
            // `offs` moved to the high halves (low halves zero), for the
            // compare.
            add_carry_gt(add64(b0, offs), high_of(offs), thr)
        }

        /// The big-endian counter blocks of a step of `W` vectors starting
        /// at the little-endian counter `le`.
        #[inline]
        #[target_feature(enable = $feat)]
        fn step_counters<const W: usize>(le: __m128i, width: CtrWidth) -> [V; W] {
            let bswap = bcast(ni::bswap_mask());
            let base = bcast(le);
            if width == CtrWidth::Low32 {
                // GCM's counter: add in 32-bit lanes (wrapping is wanted).
                return core::array::from_fn(|j| shuffle(add32(base, lane_offsets(L * j)), bswap));
            }
            // Full width: 128-bit adds in the vector unit, without a branch
            // on the carry (the counter holds the nonce, which may be
            // secret).
            let lo = _mm_cvtsi128_si64(le) as u64;
            // min(!lo, 2^63 - 1), without a branch.
            let t = !lo;
            let t = t ^ ((t ^ (i64::MAX as u64)) & (t >> 63).wrapping_neg());
            let thr = bcast(_mm_set_epi64x(t as i64, 0));
            // Vector j's lanes hold the counters `L*j ..= L*j + L-1` past
            // `le`.
            core::array::from_fn(|j| shuffle(counters128(base, thr, L * j), bswap))
        }

        /// `le` advanced by `n` blocks.
        #[inline]
        #[target_feature(enable = $feat)]
        fn advance(le: __m128i, n: usize, width: CtrWidth) -> __m128i {
            let n = _mm_cvtsi64_si128(n as i64);
            if width == CtrWidth::Low32 {
                _mm_add_epi32(le, n)
            } else {
                ni::add128(le, n)
            }
        }

        /// CTR over whole blocks.
        #[target_feature(enable = $feat)]
        pub(crate) fn ctr_nr<const NR: usize>(
            k: &Key,
            ctr: &mut Block,
            width: CtrWidth,
            mut io: InOut<'_>,
        ) {
            if SHORT_TO_NARROW && io.blocks() < 8 * L {
                return super::$narrow::ctr_nr::<NR>(k, ctr, width, io);
            }
            // SAFETY: a 16-byte array is valid for a 16-byte load.
            let first = unsafe { _mm_loadu_si128(ctr.as_ptr().cast()) };
            let mut le = _mm_shuffle_epi8(first, ni::bswap_mask());
            let blocks = io.blocks();
            let mut at = 0;
            if blocks >= 8 * L {
                // Software-pipelined: each step's counters are made before
                // the rounds of the step before, so the rounds never wait
                // on the counter arithmetic (with the 128-bit counter, that
                // latency at each step's start made CTR 1.4x slower than
                // ECB on zmm, 1.8x on ymm; 1.16x and 1.5x after).
                let mut next = step_counters::<8>(le, width);
                loop {
                    let mut b = next;
                    le = advance(le, 8 * L, width);
                    let more = blocks - at >= 16 * L;
                    if more {
                        next = step_counters::<8>(le, width);
                    }
                    // The keys are reloaded each step, from a pointer the
                    // compiler cannot see through: hoisted out of the loop
                    // they fill 11 of the 16 ymm registers, and the step
                    // then ran as four serial pairs (CTR at 0.55x ECB)
                    // instead of eight chains in flight.
                    let keys = if HOIST_KEYS { &k.ni.enc } else { core::hint::black_box(&k.ni.enc) };
                    rounds::<NR, 8, false>(keys, &mut b);
                    for (j, v) in b.into_iter().enumerate() {
                        // SAFETY: the loop keeps `at + 8L <= blocks`.
                        unsafe {
                            let x = xor(v, ld(&io, at + L * j));
                            st(&mut io, at + L * j, x);
                        }
                    }
                    at += 8 * L;
                    if !more {
                        break;
                    }
                }
            }
            let (_, mut io) = io.split_at(16 * at);
            let done = steps!(io.blocks(), L, at, W, {
                let mut b = step_counters::<W>(le, width);
                le = advance(le, L * W, width);
                rounds::<NR, W, false>(core::hint::black_box(&k.ni.enc), &mut b);
                for (j, v) in b.into_iter().enumerate() {
                    // SAFETY: `steps!` keeps `at + L*W <= blocks`.
                    unsafe {
                        let x = xor(v, ld(&io, at + L * j));
                        st(&mut io, at + L * j, x);
                    }
                }
            });
            // What is left (fewer than L blocks): one masked vector.
            let r = io.blocks() - done;
            if r > 0 {
                let mut b = step_counters::<1>(le, width);
                le = advance(le, r, width);
                rounds::<NR, 1, false>(&k.ni.enc, &mut b);
                // SAFETY: blocks `done..done + r` are the last ones.
                unsafe {
                    let x = xor(b[0], ld_part(&io, done, r));
                    st_part(&mut io, done, r, x);
                }
            }
            // SAFETY: a 16-byte array is valid for a 16-byte store.
            unsafe {
                _mm_storeu_si128(
                    ctr.as_mut_ptr().cast(),
                    _mm_shuffle_epi8(le, ni::bswap_mask()),
                )
            };
        }

        /// XTS's `t ^ E(x ^ t)` (or with the inverse cipher, `DEC`) over
        /// `W` vectors, the tweak XORs folded into the round keys' use: the
        /// first is a three-way XOR with round key 0, the last goes into
        /// the last round's key (`aesenclast(s, k ^ t)` is
        /// `aesenclast(s, k) ^ t`), off the rounds' dependency chain.
        #[inline]
        #[target_feature(enable = $feat)]
        fn xts_rounds<const NR: usize, const W: usize, const DEC: bool>(
            k: &ni::RoundKeys,
            b: &mut [V; W],
            t: &[V; W],
        ) {
            let k0 = key(k, 0);
            for (x, t) in b.iter_mut().zip(t) {
                *x = xor3(*x, *t, k0);
            }
            for r in 1..NR {
                let kr = key(k, r);
                for x in b.iter_mut() {
                    *x = if DEC { aesdec(*x, kr) } else { aesenc(*x, kr) };
                }
            }
            let kl = key(k, NR);
            for (x, t) in b.iter_mut().zip(t) {
                let kt = xor(kl, *t);
                *x = if DEC { aesdeclast(*x, kt) } else { aesenclast(*x, kt) };
            }
        }


        /// XTS over whole blocks with the data key; `tweak` advances past
        /// them.
        #[target_feature(enable = $feat)]
        pub(crate) fn xts_nr<const NR: usize>(
            k: &Key,
            dir: Dir,
            tweak: &mut Block,
            mut io: InOut<'_>,
        ) {
            let n = io.blocks();
            if n < 8 * L {
                // Building a whole step's tweaks costs more than the
                // narrower code saves on a short data unit.
                return if SHORT_TO_NARROW {
                    super::$narrow::xts_nr::<NR>(k, dir, tweak, io)
                } else {
                    ni::xts_nr::<NR>(&k.ni, dir, tweak, io)
                };
            }
            // SAFETY: a 16-byte array is valid for a 16-byte load.
            let t0 = unsafe { _mm_loadu_si128(tweak.as_ptr().cast()) };
            // The tweaks of the next 8L blocks, one per lane: made at once
            // from `t0` (each `t0·x^i` directly, not a chain of 8L
            // doublings, whose latency made 256-byte XTS slower than
            // OpenSSL's), then advanced a step at a time by `times_x_8l`.
            let mut ts: [V; 8] = core::array::from_fn(|j| tweaks_at(t0, L * j));
            let mut at = 0;
            // One step of W vectors, using the tweaks `ts[off..off + W]`.
            macro_rules! step {
                ($w:literal, $off:expr) => {{
                    const W: usize = $w;
                    let off: usize = $off;
                    // SAFETY: the callers keep `at + L*W <= blocks`.
                    let mut b: [V; W] = core::array::from_fn(|j| unsafe { ld(&io, at + L * j) });
                    let t: [V; W] = core::array::from_fn(|j| ts[off + j]);
                    match dir {
                        Dir::Encrypt => xts_rounds::<NR, W, false>(&k.ni.enc, &mut b, &t),
                        Dir::Decrypt => xts_rounds::<NR, W, true>(&k.ni.dec, &mut b, &t),
                    }
                    for j in 0..W {
                        // SAFETY: as above.
                        unsafe { st(&mut io, at + L * j, b[j]) };
                    }
                    at += L * W;
                }};
            }
            while n - at >= 8 * L {
                step!(8, 0);
                // In place, not `ts.map(..)`: the map went through a
                // stack copy of the array (zmm XTS 40% slower than ymm).
                for t in ts.iter_mut() {
                    *t = times_x_8l(*t);
                }
            }
            let mut off = 0;
            if n - at >= 4 * L {
                step!(4, off);
                off += 4;
            }
            if n - at >= 2 * L {
                step!(2, off);
                off += 2;
            }
            if n - at >= L {
                step!(1, off);
                off += 1;
            }
            // What is left (fewer than L blocks): one masked vector, and
            // the tweak after it is its lane `r`.
            let r = n - at;
            if r > 0 {
                // SAFETY: blocks `at..at + r` are the last ones.
                let mut b = [unsafe { ld_part(&io, at, r) }];
                let t = [ts[off]];
                match dir {
                    Dir::Encrypt => xts_rounds::<NR, 1, false>(&k.ni.enc, &mut b, &t),
                    Dir::Decrypt => xts_rounds::<NR, 1, true>(&k.ni.dec, &mut b, &t),
                }
                // SAFETY: as above.
                unsafe { st_part(&mut io, at, r, b[0]) };
            }
            let next = if r == 0 {
                first_block(ts[off])
            } else {
                block_at(ts[off], r)
            };
            // SAFETY: a 16-byte array is valid for a 16-byte store.
            unsafe { _mm_storeu_si128(tweak.as_mut_ptr().cast(), next) };
        }
    };
}

/// The modes on 256-bit vectors with AVX2 (the `vaes` backend).
pub(crate) mod y {
    // No narrower code: `SHORT_TO_NARROW` is false, and a short XTS data
    // unit takes AES-NI.
    vaes_modes!("avx2,aes,vaes,vpclmulqdq", y, {
        type V = __m256i;
        const L: usize = 2;
        /// The ymm code steps down through 4, 2 and 1 vectors itself.
        const SHORT_TO_NARROW: bool = false;
        /// CTR reloads its round keys each step (16 registers: see
        /// `ctr_nr`).
        const HOIST_KEYS: bool = false;

        #[inline]
        #[target_feature(enable = "avx2,aes,vaes,vpclmulqdq")]
        pub(crate) fn key(k: &ni::RoundKeys, i: usize) -> V {
            rk(k, i)
        }
        #[inline]
        #[target_feature(enable = "avx2")]
        pub(crate) fn bcast(x: __m128i) -> V {
            _mm256_broadcastsi128_si256(x)
        }
        #[inline(always)]
        pub(crate) unsafe fn loadu(p: *const u8) -> V {
            // SAFETY: the caller keeps the 32 bytes in bounds.
            unsafe { _mm256_loadu_si256(p.cast()) }
        }
        #[inline(always)]
        pub(crate) unsafe fn storeu(p: *mut u8, v: V) {
            // SAFETY: the caller keeps the 32 bytes in bounds.
            unsafe { _mm256_storeu_si256(p.cast(), v) }
        }
        /// `n` (< 2, so one) blocks into the low lane, the other zero: an
        /// xmm load is the mask.
        #[inline]
        #[target_feature(enable = "avx2")]
        unsafe fn load_blocks(p: *const u8, n: usize) -> V {
            debug_assert_eq!(n, 1);
            // SAFETY: the caller keeps the 16 bytes in bounds.
            _mm256_zextsi128_si256(unsafe { _mm_loadu_si128(p.cast()) })
        }
        /// The low lane of `v` to the `n` (one) block at `p`.
        #[inline]
        #[target_feature(enable = "avx2")]
        unsafe fn store_blocks(p: *mut u8, n: usize, v: V) {
            debug_assert_eq!(n, 1);
            // SAFETY: the caller keeps the 16 bytes in bounds.
            unsafe { _mm_storeu_si128(p.cast(), _mm256_castsi256_si128(v)) }
        }
        #[inline]
        #[target_feature(enable = "avx2")]
        pub(crate) fn xor(a: V, b: V) -> V {
            _mm256_xor_si256(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx2")]
        fn xor3(a: V, b: V, c: V) -> V {
            _mm256_xor_si256(_mm256_xor_si256(a, b), c)
        }
        #[inline]
        #[target_feature(enable = "avx2")]
        fn add64(a: V, b: V) -> V {
            _mm256_add_epi64(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx2")]
        pub(crate) fn add32(a: V, b: V) -> V {
            _mm256_add_epi32(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx2")]
        pub(crate) fn shuffle(a: V, m: V) -> V {
            _mm256_shuffle_epi8(a, m)
        }
        /// Each lane's low half moved to its high half, the low half zero.
        #[inline]
        #[target_feature(enable = "avx2")]
        fn high_of(x: V) -> V {
            _mm256_bslli_epi128::<8>(x)
        }
        /// `x` plus one in each 64-bit half where `a` is greater than `t`
        /// (signed): the comparison's all-ones is minus one.
        #[inline]
        #[target_feature(enable = "avx2")]
        fn add_carry_gt(x: V, a: V, t: V) -> V {
            _mm256_sub_epi64(x, _mm256_cmpgt_epi64(a, t))
        }
        /// Lane l holds `first + l` in its low half.
        #[inline]
        #[target_feature(enable = "avx2")]
        pub(crate) fn lane_offsets(first: usize) -> V {
            let f = first as i64;
            _mm256_set_epi64x(0, f + 1, 0, f)
        }
        #[inline]
        #[target_feature(enable = "avx2,aes,vaes")]
        pub(crate) fn aesenc(a: V, k: V) -> V {
            _mm256_aesenc_epi128(a, k)
        }
        #[inline]
        #[target_feature(enable = "avx2,aes,vaes")]
        pub(crate) fn aesenclast(a: V, k: V) -> V {
            _mm256_aesenclast_epi128(a, k)
        }
        #[inline]
        #[target_feature(enable = "avx2,aes,vaes")]
        fn aesdec(a: V, k: V) -> V {
            _mm256_aesdec_epi128(a, k)
        }
        #[inline]
        #[target_feature(enable = "avx2,aes,vaes")]
        fn aesdeclast(a: V, k: V) -> V {
            _mm256_aesdeclast_epi128(a, k)
        }
        /// `[prev, c's blocks 0..L-1]`: the previous ciphertext of each lane.
        #[inline]
        #[target_feature(enable = "avx2")]
        fn shift_in(prev: __m128i, c: V) -> V {
            _mm256_set_m128i(_mm256_castsi256_si128(c), prev)
        }
        #[inline]
        #[target_feature(enable = "avx2")]
        fn last_block(v: V) -> __m128i {
            _mm256_extracti128_si256::<1>(v)
        }
        #[inline]
        #[target_feature(enable = "avx2")]
        fn first_block(v: V) -> __m128i {
            _mm256_castsi256_si128(v)
        }
        /// Lane l holds `t·x^(first + l)` (`first + l < 57`): each lane's
        /// 128-bit shift, and the bits shifted out folded back in by one
        /// carry-less multiply by 0x87 (x^128 = x^7 + x^2 + x + 1).
        #[inline]
        #[target_feature(enable = "avx2,vpclmulqdq")]
        fn tweaks_at(t: __m128i, first: usize) -> V {
            let tb = bcast(t);
            let f = first as i64;
            let k = _mm256_set_epi64x(f + 1, f + 1, f, f);
            let sh = _mm256_sllv_epi64(tb, k);
            // Each word's top k bits (none for k = 0: a count of 64).
            let cr = _mm256_srlv_epi64(tb, _mm256_sub_epi64(_mm256_set1_epi64x(64), k));
            let x = _mm256_or_si256(sh, _mm256_bslli_epi128::<8>(cr));
            let fold = _mm256_clmulepi64_epi128::<0x00>(
                _mm256_bsrli_epi128::<8>(cr),
                _mm256_set_epi64x(0, 0x87, 0, 0x87),
            );
            _mm256_xor_si256(x, fold)
        }
        /// Every lane's tweak times x^16: a two-byte shift, and the sixteen
        /// bits shifted out folded back in by one carry-less multiply by
        /// 0x87 (x^128 = x^7 + x^2 + x + 1).
        #[inline]
        #[target_feature(enable = "avx2,vpclmulqdq")]
        fn times_x_8l(t: V) -> V {
            let out = _mm256_bsrli_epi128::<14>(t);
            let fold = _mm256_clmulepi64_epi128::<0x00>(out, _mm256_set_epi64x(0, 0x87, 0, 0x87));
            _mm256_xor_si256(_mm256_bslli_epi128::<2>(t), fold)
        }
    });
}

/// The modes on 512-bit vectors with AVX-512 (the `vaes512` backend):
/// four blocks per instruction, 32 in flight, and 32 registers, so the
/// round keys stay in registers.
pub(crate) mod z {
    vaes_modes!("avx512f,avx512vl,avx512bw,avx2,aes,vaes,vpclmulqdq", y, {
        type V = __m512i;
        const L: usize = 4;
        /// Under one whole step (32 blocks) the ymm code runs instead:
        /// measured on Zen 4, a lone zmm vector's setup (keys broadcast
        /// to four lanes) made 64-byte CTR 1.6x slower than ymm.
        const SHORT_TO_NARROW: bool = true;
        /// CTR keeps its round keys in registers: 32 of them leave room
        /// for the eight states and the next step's counters.
        const HOIST_KEYS: bool = true;

        #[inline]
        #[target_feature(enable = "avx512f,sse2")]
        pub(crate) fn key(k: &ni::RoundKeys, i: usize) -> V {
            // SAFETY: `k.0[i]` is a bounds-checked 16-byte array.
            bcast(unsafe { _mm_loadu_si128(k.0[i].as_ptr().cast()) })
        }
        #[inline]
        #[target_feature(enable = "avx512f")]
        pub(crate) fn bcast(x: __m128i) -> V {
            _mm512_broadcast_i32x4(x)
        }
        #[inline(always)]
        pub(crate) unsafe fn loadu(p: *const u8) -> V {
            // SAFETY: the caller keeps the 64 bytes in bounds.
            unsafe { _mm512_loadu_si512(p.cast()) }
        }
        #[inline(always)]
        pub(crate) unsafe fn storeu(p: *mut u8, v: V) {
            // SAFETY: the caller keeps the 64 bytes in bounds.
            unsafe { _mm512_storeu_si512(p.cast(), v) }
        }
        /// The mask of the 64-bit elements of `n` blocks.
        #[inline(always)]
        fn block_mask(n: usize) -> __mmask8 {
            ((1u32 << (2 * n)) - 1) as __mmask8
        }
        /// `n < 4` blocks into the low lanes, the others zero; a masked
        /// load, which reads (and faults on) nothing past them.
        #[inline]
        #[target_feature(enable = "avx512f")]
        unsafe fn load_blocks(p: *const u8, n: usize) -> V {
            // SAFETY: the caller keeps the 16n bytes in bounds; the
            // masked-off elements are not accessed.
            unsafe { _mm512_maskz_loadu_epi64(block_mask(n), p.cast()) }
        }
        /// The low `n < 4` lanes of `v` to the blocks at `p`; a masked
        /// store, which writes nothing past them.
        #[inline]
        #[target_feature(enable = "avx512f")]
        unsafe fn store_blocks(p: *mut u8, n: usize, v: V) {
            // SAFETY: as `load_blocks`.
            unsafe { _mm512_mask_storeu_epi64(p.cast(), block_mask(n), v) }
        }
        #[inline]
        #[target_feature(enable = "avx512f")]
        pub(crate) fn xor(a: V, b: V) -> V {
            _mm512_xor_si512(a, b)
        }
        /// `a ^ b ^ c` in one `vpternlogq`.
        #[inline]
        #[target_feature(enable = "avx512f")]
        fn xor3(a: V, b: V, c: V) -> V {
            _mm512_ternarylogic_epi64::<0x96>(a, b, c)
        }
        #[inline]
        #[target_feature(enable = "avx512f")]
        fn add64(a: V, b: V) -> V {
            _mm512_add_epi64(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx512f")]
        pub(crate) fn add32(a: V, b: V) -> V {
            _mm512_add_epi32(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx512bw")]
        pub(crate) fn shuffle(a: V, m: V) -> V {
            _mm512_shuffle_epi8(a, m)
        }
        /// Each lane's low half moved to its high half, the low half zero.
        #[inline]
        #[target_feature(enable = "avx512bw")]
        fn high_of(x: V) -> V {
            _mm512_bslli_epi128::<8>(x)
        }
        /// `x` plus one in each 64-bit half where `a` is greater than `t`
        /// (signed), one masked add.
        #[inline]
        #[target_feature(enable = "avx512f")]
        fn add_carry_gt(x: V, a: V, t: V) -> V {
            let k = _mm512_cmpgt_epi64_mask(a, t);
            _mm512_mask_add_epi64(x, k, x, _mm512_set1_epi64(1))
        }
        /// Lane l holds `first + l` in its low half.
        #[inline]
        #[target_feature(enable = "avx512f")]
        pub(crate) fn lane_offsets(first: usize) -> V {
            let f = first as i64;
            _mm512_set_epi64(0, f + 3, 0, f + 2, 0, f + 1, 0, f)
        }
        #[inline]
        #[target_feature(enable = "avx512f,vaes")]
        pub(crate) fn aesenc(a: V, k: V) -> V {
            _mm512_aesenc_epi128(a, k)
        }
        #[inline]
        #[target_feature(enable = "avx512f,vaes")]
        pub(crate) fn aesenclast(a: V, k: V) -> V {
            _mm512_aesenclast_epi128(a, k)
        }
        #[inline]
        #[target_feature(enable = "avx512f,vaes")]
        fn aesdec(a: V, k: V) -> V {
            _mm512_aesdec_epi128(a, k)
        }
        #[inline]
        #[target_feature(enable = "avx512f,vaes")]
        fn aesdeclast(a: V, k: V) -> V {
            _mm512_aesdeclast_epi128(a, k)
        }
        /// `[prev, c's blocks 0..L-1]`: the previous ciphertext of each lane.
        #[inline]
        #[target_feature(enable = "avx512f")]
        fn shift_in(prev: __m128i, c: V) -> V {
            // Qwords 6 and 7 of the broadcast `prev`, then c's qwords 0..6.
            _mm512_alignr_epi64::<6>(c, bcast(prev))
        }
        #[inline]
        #[target_feature(enable = "avx512f")]
        fn last_block(v: V) -> __m128i {
            _mm512_extracti32x4_epi32::<3>(v)
        }
        #[inline]
        #[target_feature(enable = "avx512f")]
        fn first_block(v: V) -> __m128i {
            _mm512_castsi512_si128(v)
        }
        /// As `y`'s, four lanes.
        #[inline]
        #[target_feature(enable = "avx512f,avx512bw,vpclmulqdq")]
        fn tweaks_at(t: __m128i, first: usize) -> V {
            let tb = bcast(t);
            let f = first as i64;
            let k = _mm512_set_epi64(f + 3, f + 3, f + 2, f + 2, f + 1, f + 1, f, f);
            let sh = _mm512_sllv_epi64(tb, k);
            let cr = _mm512_srlv_epi64(tb, _mm512_sub_epi64(_mm512_set1_epi64(64), k));
            let x = _mm512_or_si512(sh, _mm512_bslli_epi128::<8>(cr));
            let fold = _mm512_clmulepi64_epi128::<0x00>(
                _mm512_bsrli_epi128::<8>(cr),
                _mm512_set_epi64(0, 0x87, 0, 0x87, 0, 0x87, 0, 0x87),
            );
            _mm512_xor_si512(x, fold)
        }
        /// Every lane's tweak times x^32: a four-byte shift, and the 32 bits
        /// shifted out folded back in by one carry-less multiply by 0x87.
        #[inline]
        #[target_feature(enable = "avx512f,avx512bw,vpclmulqdq")]
        fn times_x_8l(t: V) -> V {
            let out = _mm512_bsrli_epi128::<12>(t);
            let fold = _mm512_clmulepi64_epi128::<0x00>(
                out,
                _mm512_set_epi64(0, 0x87, 0, 0x87, 0, 0x87, 0, 0x87),
            );
            _mm512_xor_si512(_mm512_bslli_epi128::<4>(t), fold)
        }
    });

    /// XTS ciphertext stealing (IEEE 1619 section 5.3.2): `io` holds the
    /// last whole block and the partial block after it (`16 + r` bytes,
    /// `0 < r < 16`), `tweak` the tweak of the whole block. The partial
    /// block is read and written with byte-masked moves (`vmovdqu8` with an
    /// opmask), merged with the stolen bytes by the masked load itself.
    ///
    /// # Safety
    /// The CPU must have the instance's features.
    #[target_feature(enable = "avx512f,avx512vl,avx512bw,avx2,aes,vaes,vpclmulqdq")]
    pub(crate) unsafe fn xts_steal(k: &Key, dir: Dir, tweak: &Block, io: InOut<'_>) {
        by_rounds!(k.ni.rounds, xts_steal_nr(k, dir, tweak, io))
    }

    #[target_feature(enable = "avx512f,avx512vl,avx512bw,avx2,aes,vaes,vpclmulqdq")]
    fn xts_steal_nr<const NR: usize>(k: &Key, dir: Dir, tweak: &Block, mut io: InOut<'_>) {
        let r = io.len() - 16;
        assert!(r > 0 && r < 16, "XTS stealing takes 17 to 31 bytes");
        // SAFETY: a 16-byte array is valid for a 16-byte load.
        let t = unsafe { _mm_loadu_si128(tweak.as_ptr().cast()) };
        let t_next = ni::xts_double(t);
        // The tweaks of the whole block (m-1) and of the partial one (m):
        // decryption takes them in the other order.
        let (ta, tb) = match dir {
            Dir::Encrypt => (t, t_next),
            Dir::Decrypt => (t_next, t),
        };
        let one = |x: __m128i, t: __m128i| {
            let mut b = [_mm_xor_si128(x, t)];
            match dir {
                Dir::Encrypt => ni::enc::<NR, 1>(&k.ni.enc, &mut b),
                Dir::Decrypt => ni::dec::<NR, 1>(&k.ni.dec, &mut b),
            }
            _mm_xor_si128(b[0], t)
        };
        let m = ((1u32 << r) - 1) as __mmask16;
        // SAFETY: `io` holds 16 + r bytes: the whole block at 0, r bytes at
        // 16 (the masked load and store touch only those); both loads come
        // before the stores, so in-place works.
        unsafe {
            let cc = one(ni::ld(&io, 0), ta);
            // The partial block, its missing bytes stolen from `cc`.
            let pp = _mm_mask_loadu_epi8(cc, m, io.src_ptr().add(16).cast());
            let out = one(pp, tb);
            ni::st(&mut io, 0, out);
            _mm_mask_storeu_epi8(io.dst_ptr().add(16).cast(), m, cc);
        }
    }
}

pub(crate) use y::{cbc_decrypt, cfb_decrypt, ctr, ecb, xts};

/// Below this many blocks `Aes` sends CBC and CFB decryption on a
/// `vaes512` key straight to the ymm entry points rather than through
/// `z`'s own step-down to the ymm code (the same code, one call deeper):
/// measured on Zen 4, that path cost about 45 cycles more a call (16-byte
/// CBC decryption at 5.8 cycles/byte against 3.2; 256 bytes at 0.41
/// against 0.23), while ECB, CTR and XTS, which step down the same way,
/// did not; the cause was not found.
pub(crate) const Z_CHAIN_MIN: usize = 32;
