//! The fused AES-GCM kernel for VAES + VPCLMULQDQ: AES-CTR with GCM's
//! 32-bit counter and GHASH in one pass over the data, 16 blocks (eight
//! ymm registers) per step.
//!
//! Technique: the stitching of Gueron's and Drucker's AES-GCM papers and
//! of BoringSSL's `aes-gcm-avx2-x86_64.pl`: while the AES rounds of one
//! step run, the carry-less multiplies of sixteen ciphertext blocks run
//! between them (the two units are different, so they overlap), with one
//! reduction per step (`x86_64_vpclmul`'s aggregated Karatsuba). When
//! sealing, the blocks hashed are the previous step's ciphertext (this
//! step's is not ready); when opening, they are this step's, which is
//! already there.
//!
//! Only whole steps of 16 blocks go through here; `AesGcm` runs the rest
//! (and everything on other backend pairs) through the composed path.

use core::arch::x86_64::*;

use crate::aead::ghash::x86_64_pclmul as gni;
use crate::aead::ghash::x86_64_vpclmul::{self as gv, Sums};
use crate::cipher::aes::x86_64_aesni::RoundKeys;
use crate::cipher::aes::x86_64_vaes::{self as av, rk};
use crate::cipher::{Block, InOut};

/// The 16 counter blocks from `le` (the counter byte-reversed, so its
/// last four bytes are the low dword) as eight big-endian pairs; `le`
/// advances by 16, wrapping only the low 32 bits.
///
/// `PUBLIC`: the counter's value is public, so it may branch. That is the
/// 12-byte-nonce kernel ([`message`]), whose low word is 2 + the block
/// index, a function of lengths only; there, when the low byte does not
/// carry within the step, the sixteen counters are one byte swap of the
/// base plus j in the last byte (eight adds instead of eight adds and eight
/// swaps). Otherwise (a nonce of another length: J0 = GHASH_H(nonce)
/// depends on the key, so the counter is secret) always the adds and
/// swaps, without a branch; ctgrind flagged the former unconditional fast
/// path.
#[inline]
#[target_feature(enable = "avx2,aes,vaes,vpclmulqdq")]
fn counters<const PUBLIC: bool>(le: &mut __m128i) -> [__m256i; 8] {
    let bswap = _mm256_broadcastsi128_si256(_mm_set_epi8(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
    ));
    let pair = _mm256_broadcastsi128_si256(*le);
    let out = if PUBLIC && _mm_cvtsi128_si32(*le) as u8 <= 0xff - 15 {
        let be = _mm256_shuffle_epi8(pair, bswap);
        core::array::from_fn(|j| {
            let j = 2 * j as i32;
            _mm256_add_epi32(
                be,
                _mm256_setr_epi32(0, 0, 0, j << 24, 0, 0, 0, (j + 1) << 24),
            )
        })
    } else {
        core::array::from_fn(|j| {
            let j = 2 * j as i64;
            _mm256_shuffle_epi8(
                _mm256_add_epi32(pair, _mm256_set_epi64x(0, j + 1, 0, j)),
                bswap,
            )
        })
    };
    *le = _mm_add_epi32(*le, _mm_cvtsi32_si128(16));
    out
}

/// The AES rounds over eight registers with `hash` interleaved: `hash(r)`
/// is called after round `r` for r in 1..NR.
#[inline]
#[target_feature(enable = "avx2,aes,vaes,vpclmulqdq")]
fn rounds_with<const NR: usize>(
    k: &RoundKeys,
    b: &mut [__m256i; 8],
    s: &mut Sums,
    mut p: *const u8,
    mut hash: impl FnMut(usize, &mut Sums, &mut *const u8),
) {
    let k0 = rk(k, 0);
    for x in b.iter_mut() {
        *x = _mm256_xor_si256(*x, k0);
    }
    // Unrolled by hand (LLVM keeps `for r in 1..NR` as a loop, with a
    // branch per round to pick the hash work): `r` is a constant in each
    // copy, so `hash(r)` folds to its one multiply or to nothing.
    macro_rules! middle {
        ($($r:literal)*) => {$(
            if $r < NR {
                let kr = rk(k, $r);
                for x in b.iter_mut() {
                    *x = _mm256_aesenc_epi128(*x, kr);
                }
                hash($r, &mut *s, &mut p);
                fence(b, s, &mut p);
            }
        )*};
    }
    middle!(1 2 3 4 5 6 7 8 9 10 11 12 13);
    let kl = rk(k, NR);
    for x in b.iter_mut() {
        *x = _mm256_aesenclast_epi128(*x, kl);
    }
}

/// Pins the schedule between two rounds: an empty `asm!` that takes and
/// gives back the AES state, the hash sums and the pointer the hash loads
/// through. Without it LLVM hoists every multiply (and its loads) above the
/// AES rounds and spills the AES state to make room; with it, round `r`'s
/// multiply sits between rounds `r` and `r + 1`, loading after the
/// previous fence.
#[inline]
#[target_feature(enable = "avx2")]
fn fence(b: &mut [__m256i; 8], s: &mut Sums, p: &mut *const u8) {
    // The pointer goes through as its address (the asm reads no memory);
    // `with_addr` gives it back its provenance.
    let mut a = p.addr();
    // SAFETY: the template is empty: no instruction runs, no memory or
    // flags are touched; the operands come back unchanged.
    unsafe {
        core::arch::asm!(
            "/* {0} {1} {2} {3} {4} {5} {6} {7} {8} {9} {10} {11} */",
            inout(ymm_reg) b[0], inout(ymm_reg) b[1], inout(ymm_reg) b[2], inout(ymm_reg) b[3],
            inout(ymm_reg) b[4], inout(ymm_reg) b[5], inout(ymm_reg) b[6], inout(ymm_reg) b[7],
            inout(ymm_reg) s.lo, inout(ymm_reg) s.mi, inout(ymm_reg) s.hi, inout(reg) a,
            options(pure, nomem, nostack, preserves_flags)
        )
    };
    *p = p.with_addr(a);
}

/// Seals the whole 16-block steps of `io` in place or into its output:
/// returns the bytes done. `ctr` is the next counter block and `acc` the
/// running GHASH (GCM byte order); both advance.
///
/// # Safety
/// The CPU must have VAES, VPCLMULQDQ, AVX2, AES-NI and PCLMULQDQ (the
/// features of the `vaes` AES backend and the `vpclmul` GHASH backend).
#[target_feature(enable = "sse2,ssse3,sse4.1,avx,avx2,aes,pclmulqdq,vaes,vpclmulqdq")]
pub(crate) unsafe fn seal(
    ak: &av::Key,
    gk: &gv::Key,
    ctr: &mut Block,
    acc: &mut Block,
    io: InOut<'_>,
) -> usize {
    crate::cipher::aes::by_rounds!(ak.aesni().rounds, steps_nr::<true>(ak, gk, ctr, acc, io))
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

/// Loads blocks `i`, `i + 1` of the input.
///
/// # Safety
/// `i + 2 <= io.blocks()`.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn ld2(io: &InOut<'_>, i: usize) -> __m256i {
    // SAFETY: the caller keeps the 32 bytes in bounds.
    unsafe { _mm256_loadu_si256(io.src_ptr().add(16 * i).cast()) }
}

/// Stores blocks `i`, `i + 1` of the output.
///
/// # Safety
/// `i + 2 <= io.blocks()`.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn st2(io: &mut InOut<'_>, i: usize, v: __m256i) {
    // SAFETY: the caller keeps the 32 bytes in bounds.
    unsafe { _mm256_storeu_si256(io.dst_ptr().add(16 * i).cast(), v) }
}

/// [`seal`] (`SEAL`) or [`open`] from the counter and hash in memory.
#[target_feature(enable = "sse2,ssse3,sse4.1,avx,avx2,aes,pclmulqdq,vaes,vpclmulqdq")]
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
#[target_feature(enable = "sse2,ssse3,sse4.1,avx,avx2,aes,pclmulqdq,vaes,vpclmulqdq")]
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
    // The previous step's ciphertext is hashed from the output, where it
    // was just stored (an L1 hit), rather than held in eight registers.
    let out = io.dst_ptr().cast_const();
    // Register `j` of the step at block `at` of the output behind `p`.
    // SAFETY (of every call): `p` is `out` (passed through `fence`) and
    // `at + 16 <= 16 * steps <= blocks`, inside the output, and written
    // before it is read.
    let prev = |p: *const u8, at: usize, j: usize| {
        // SAFETY: see above.
        gv::bswap(unsafe { _mm256_loadu_si256(p.add(16 * (at + 2 * j)).cast()) })
    };
    for step in 0..steps {
        let at = 16 * step;
        let mut b = counters::<PUBLIC>(le);
        let mut s = Sums::zero();
        if step == 0 {
            rounds_with::<NR>(k, &mut b, &mut s, out, |_, _, _| {});
        } else {
            let xr = _mm256_zextsi128_si256(*x);
            rounds_with::<NR>(k, &mut b, &mut s, out, |r, s, p| {
                if (1..=8).contains(&r) {
                    let j = r - 1;
                    let mut c = prev(*p, at - 16, j);
                    if j == 0 {
                        c = _mm256_xor_si256(c, xr);
                    }
                    gv::mul_acc_pow(s, gk, j, c);
                }
            });
            *x = gv::reduce(s);
        }
        for (j, v) in b.into_iter().enumerate() {
            // SAFETY: `at + 16 <= blocks`; the input pair is read before
            // the output pair at the same place is written.
            let c = unsafe { _mm256_xor_si256(v, ld2(io, at + 2 * j)) };
            // SAFETY: as above.
            unsafe { st2(io, at + 2 * j, c) };
        }
    }
    let last = 16 * (steps - 1);
    let mut h: [__m256i; 8] = core::array::from_fn(|j| prev(out, last, j));
    h[0] = _mm256_xor_si256(h[0], _mm256_zextsi128_si256(*x));
    let mut s = Sums::zero();
    gv::mul_acc16(&mut s, gk, &h);
    *x = gv::reduce(s);
    16 * 16 * steps
}

/// Opens (decrypts and hashes) the whole 16-block steps of `io`; as
/// [`seal`], except that the hash is over the input.
///
/// # Safety
/// As [`seal`].
#[target_feature(enable = "sse2,ssse3,sse4.1,avx,avx2,aes,pclmulqdq,vaes,vpclmulqdq")]
pub(crate) unsafe fn open(
    ak: &av::Key,
    gk: &gv::Key,
    ctr: &mut Block,
    acc: &mut Block,
    io: InOut<'_>,
) -> usize {
    crate::cipher::aes::by_rounds!(ak.aesni().rounds, steps_nr::<false>(ak, gk, ctr, acc, io))
}

/// The whole 16-block steps of an open, state in registers as in
/// [`seal_steps`].
#[inline]
#[target_feature(enable = "sse2,ssse3,sse4.1,avx,avx2,aes,pclmulqdq,vaes,vpclmulqdq")]
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
        let mut s = Sums::zero();
        let xr = _mm256_zextsi128_si256(*x);
        rounds_with::<NR>(k, &mut b, &mut s, src, |r, s, p| {
            if (1..=8).contains(&r) {
                let j = r - 1;
                // SAFETY: `p` is `src` (through `fence`); `at + 16 <=
                // blocks`, so the pair is inside the input.
                let c = unsafe { _mm256_loadu_si256(p.add(16 * (at + 2 * j)).cast()) };
                let mut c = gv::bswap(c);
                if j == 0 {
                    c = _mm256_xor_si256(c, xr);
                }
                gv::mul_acc_pow(s, gk, j, c);
            }
        });
        *x = gv::reduce(s);
        for (j, v) in b.into_iter().enumerate() {
            // SAFETY: as above; each input pair is read (again, after the
            // hash read it) before the output pair at its place is written.
            let c = unsafe { _mm256_xor_si256(v, ld2(io, at + 2 * j)) };
            // SAFETY: as above.
            unsafe { st2(io, at + 2 * j, c) };
        }
    }
    16 * 16 * steps
}

/// Seals (`SEAL`) or opens a whole message with a 12-byte nonce in place,
/// everything in one pass with the state in registers: E(J0) beside the
/// AAD's hash, the 16-block steps, then the last < 256 bytes with one
/// batch of AES and one aggregated hash of the tail and the lengths
/// block. Returns the full tag (for an open, of the ciphertext `buf`
/// held; the caller checks it).
///
/// # Safety
/// As [`seal`].
#[target_feature(enable = "sse2,ssse3,sse4.1,avx,avx2,aes,pclmulqdq,vaes,vpclmulqdq")]
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

#[target_feature(enable = "sse2,ssse3,sse4.1,avx,avx2,aes,pclmulqdq,vaes,vpclmulqdq")]
fn message_nr<const NR: usize, const SEAL: bool>(
    ak: &av::Key,
    gk: &gv::Key,
    nonce: &[u8; 12],
    aad: &[u8],
    buf: &mut [u8],
) -> Block {
    let k = &ak.aesni().enc;
    // J0 = nonce || 1, built in a register.
    let n8 = u64::from_le_bytes(nonce[..8].try_into().unwrap_or_default());
    let n4 = u32::from_le_bytes(nonce[8..].try_into().unwrap_or_default());
    let j0 = _mm_set_epi32(1 << 24, n4 as i32, (n8 >> 32) as i32, n8 as i32);
    let mut ej0 = [j0];
    crate::cipher::aes::x86_64_aesni::enc::<NR, 1>(k, &mut ej0);
    // The first data counter, inc32(J0), byte-reversed.
    let mut le = _mm_add_epi32(gni::bswap(j0), _mm_cvtsi32_si128(1));

    let whole = aad.len() / 16 * 16;
    let mut x = gv::absorb(gk, _mm_setzero_si128(), &aad[..whole]);
    // The blocks hashed last, with one reduction: the AAD's partial block
    // when there are no whole steps before it, the tail, the lengths.
    let mut last = [_mm_setzero_si128(); 18];
    let mut nl = 0;
    if whole < aad.len() {
        let mut p = [0u8; 16];
        p[..aad.len() - whole].copy_from_slice(&aad[whole..]);
        last[0] = gni::bswap(load(&p));
        nl = 1;
    }
    let total = buf.len();
    let mut io = InOut::in_place(buf);
    if io.blocks() >= 16 {
        if nl == 1 {
            x = gv::absorb_regs(gk, x, &last[..1]);
            nl = 0;
        }
        let done = if SEAL {
            seal_steps::<NR, true>(k, gk, &mut le, &mut x, &mut io)
        } else {
            open_steps::<NR, true>(k, gk, &mut le, &mut x, &mut io)
        };
        io = io.split_at(done).1;
    }
    let rem = io.len();
    if rem > 0 {
        let nb = rem.div_ceil(16);
        let mut t = [0u8; 256];
        // SAFETY: `rem <= 256` bytes of the input are readable and `t` is
        // 256 bytes; they do not overlap.
        unsafe { core::ptr::copy_nonoverlapping(io.src_ptr(), t.as_mut_ptr(), rem) };
        if !SEAL {
            for i in 0..nb {
                last[nl + i] = gni::bswap(load_at(&t, i));
            }
        }
        let w = nb.div_ceil(2);
        match w {
            1 => tail_xor::<NR, 1>(k, le, &mut t),
            2 => tail_xor::<NR, 2>(k, le, &mut t),
            3 | 4 => tail_xor::<NR, 4>(k, le, &mut t),
            _ => tail_xor::<NR, 8>(k, le, &mut t),
        }
        // SAFETY: as above, back into the output.
        unsafe { core::ptr::copy_nonoverlapping(t.as_ptr(), io.dst_ptr(), rem) };
        if SEAL {
            t[rem..].fill(0);
            for i in 0..nb {
                last[nl + i] = gni::bswap(load_at(&t, i));
            }
        }
        crate::ct::wipe(&mut t);
        nl += nb;
    }
    last[nl] = _mm_set_epi64x((aad.len() as u64 * 8) as i64, (total as u64 * 8) as i64);
    nl += 1;
    if nl > 16 {
        x = gv::absorb_regs(gk, x, &last[..nl - 16]);
        x = gv::absorb_regs(gk, x, &last[nl - 16..nl]);
    } else {
        x = gv::absorb_regs(gk, x, &last[..nl]);
    }
    let mut tag = [0u8; 16];
    store(&mut tag, _mm_xor_si128(gni::bswap(x), ej0[0]));
    // As `ct::wipe` (which wants `Default`): the spilled blocks.
    last.fill(_mm_setzero_si128());
    core::hint::black_box(&mut last);
    tag
}

/// Block `i` of `t`.
#[inline]
#[target_feature(enable = "avx2")]
fn load_at(t: &[u8; 256], i: usize) -> __m128i {
    let b: &Block = t[16 * i..16 * i + 16].try_into().unwrap_or(&[0; 16]);
    load(b)
}

/// XORs the key stream of `2 * W` counter blocks from `le` into `t`.
#[inline]
#[target_feature(enable = "sse2,ssse3,sse4.1,avx,avx2,aes,pclmulqdq,vaes,vpclmulqdq")]
fn tail_xor<const NR: usize, const W: usize>(k: &RoundKeys, le: __m128i, t: &mut [u8; 256]) {
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
        // SAFETY: `j < W <= 8`, so bytes 32j..32j + 32 are inside `t`.
        unsafe {
            let d = _mm256_loadu_si256(p);
            _mm256_storeu_si256(p, _mm256_xor_si256(d, _mm256_aesenclast_epi128(*v, kl)));
        }
    }
}
