//! SHA-512 with an AVX2 message schedule and BMI2 rounds.
//!
//! The technique of Intel's "Fast SHA-512 Implementations on Intel
//! Architecture Processors" (Guilford, Yap, Gopal, 2012) as used by
//! OpenSSL's `sha512-x86_64` AVX2 path: the message schedule, which has no
//! dependence on the working variables, runs for TWO blocks at once in ymm
//! registers (the low 128-bit lane holds two consecutive words of the
//! first block, the high lane the same two words of the second), and
//! stores W + K for all 80 rounds of both blocks into a stack buffer. The
//! rounds are scalar, with BMI2 `rorx` (three-operand rotates that leave
//! the flags alone) and BMI1 `andn`; one schedule step (two words of
//! each block) is spread over each two of the first block's rounds, as
//! OpenSSL does, so that the out-of-order core runs the vector and scalar
//! work side by side, and the second block's rounds read the finished
//! buffer with no schedule work left. A lone last block takes the same
//! path with both lanes holding it, and skips the second rounds.
//!
//! The code is fully unrolled: on the machines measured, rolling the round
//! loops (smaller code, same instructions per round) was slower, because
//! the compiler then needs a base and an index register and spills the
//! working variables.
//!
//! Everything is additions, shifts, rotations and bitwise operations on
//! fixed positions: constant time.

use core::arch::x86_64::*;

use super::K;

/// W + K for 40 pairs of rounds: pair `p` holds, in this order, the first
/// block's rounds 2p and 2p + 1 and then the second block's (160 words).
type Wk = [__m256i; 40];

/// `x >> n | x << (64 - n)` in each 64-bit lane (AVX2 has no 64-bit rotate).
macro_rules! ror {
    ($x:expr, $n:literal) => {
        _mm256_xor_si256(
            _mm256_srli_epi64::<$n>($x),
            _mm256_slli_epi64::<{ 64 - $n }>($x),
        )
    };
}

/// sigma0(x) = ror(x, 1) ^ ror(x, 8) ^ (x >> 7), per 64-bit lane.
#[inline]
#[target_feature(enable = "avx2")]
fn small_sigma0(x: __m256i) -> __m256i {
    _mm256_xor_si256(
        _mm256_xor_si256(ror!(x, 1), ror!(x, 8)),
        _mm256_srli_epi64::<7>(x),
    )
}

/// sigma1(x) = ror(x, 19) ^ ror(x, 61) ^ (x >> 6), per 64-bit lane.
#[inline]
#[target_feature(enable = "avx2")]
fn small_sigma1(x: __m256i) -> __m256i {
    _mm256_xor_si256(
        _mm256_xor_si256(ror!(x, 19), ror!(x, 61)),
        _mm256_srli_epi64::<6>(x),
    )
}

#[inline(always)]
fn big_sigma0(x: u64) -> u64 {
    x.rotate_right(28) ^ x.rotate_right(34) ^ x.rotate_right(39)
}

#[inline(always)]
fn big_sigma1(x: u64) -> u64 {
    x.rotate_right(14) ^ x.rotate_right(18) ^ x.rotate_right(41)
}

/// Compresses each 128-byte block of `blocks` into `state`.
///
/// # Safety
/// The CPU must support AVX, AVX2, BMI1 and BMI2.
#[target_feature(enable = "avx,avx2,bmi1,bmi2")]
pub(super) unsafe fn compress(state: &mut [u64; 8], blocks: &[u8]) {
    // Every word is written by `two_blocks` before it is read; no need to
    // clear it first.
    let mut wk = core::mem::MaybeUninit::<Wk>::uninit();
    let out = wk.as_mut_ptr().cast::<__m256i>();
    let n = blocks.len() / 128;
    let mut i = 0;
    while i < n {
        let first = &blocks[128 * i..128 * (i + 1)];
        // A lone last block goes in both lanes; its second rounds are
        // skipped.
        let both = i + 1 < n;
        let second = if both {
            &blocks[128 * (i + 1)..128 * (i + 2)]
        } else {
            first
        };
        // SAFETY: `out` points to 40 writable, 32-byte aligned vectors.
        unsafe { two_blocks(state, out, first, second, both) };
        i += 2;
    }
    // W + K gives away the message words, which may be secret (an HMAC
    // key block): clear the buffer with stores the compiler keeps.
    let zero = _mm256_setzero_si256();
    for i in 0..40 {
        // SAFETY: `i < 40`: inside the buffer.
        unsafe { core::ptr::write_volatile(out.add(i), zero) };
    }
}

/// Schedules `first` and `second` (128 bytes each) together and runs the
/// rounds of `first`, then, when `both`, of `second`.
///
/// # Safety
/// `out` must point to 40 writable, 32-byte aligned `__m256i`.
// The last schedule steps update ring entries nobody reads.
#[allow(unused_assignments)]
// Kept out of `compress`'s loop: inlined there, the loop's own variables
// push the working variables out of registers.
#[inline(never)]
#[target_feature(enable = "avx,avx2,bmi1,bmi2")]
unsafe fn two_blocks(
    state: &mut [u64; 8],
    out: *mut __m256i,
    first: &[u8],
    second: &[u8],
    both: bool,
) {
    assert!(first.len() == 128 && second.len() == 128);
    let (p0, p1) = (first.as_ptr(), second.as_ptr());
    // The buffer as words, for the scalar rounds.
    let wk = out.cast::<u64>();
    // Big-endian words: reverse the bytes of each 64-bit lane.
    let bswap = _mm256_set_epi64x(
        0x08090a0b_0c0d0e0f,
        0x00010203_04050607,
        0x08090a0b_0c0d0e0f,
        0x00010203_04050607,
    );

    // The ring of the last 16 message words of both blocks: x[j] holds
    // words 2j, 2j + 1 (mod 16) of each.
    // SAFETY: `j < 8` and both blocks are 128 bytes: 16-byte loads inside.
    let load = |j: usize| unsafe {
        _mm256_shuffle_epi8(
            _mm256_loadu2_m128i(p1.add(16 * j).cast(), p0.add(16 * j).cast()),
            bswap,
        )
    };
    let mut x = [
        load(0),
        load(1),
        load(2),
        load(3),
        load(4),
        load(5),
        load(6),
        load(7),
    ];

    // Adds K to x[$j] (words 2p, 2p + 1 of both blocks) and stores it as
    // pair `$p`.
    macro_rules! store_wk {
        ($p:expr, $j:expr) => {
            // SAFETY: `$p < 40`: the 16-byte K load stays inside K's 80
            // words, and the aligned store inside the 40-vector buffer.
            unsafe {
                let k = _mm256_broadcastsi128_si256(_mm_loadu_si128(K.as_ptr().add(2 * $p).cast()));
                _mm256_store_si256(out.add($p), _mm256_add_epi64(x[$j], k));
            }
        };
    }
    store_wk!(0, 0);
    store_wk!(1, 1);
    store_wk!(2, 2);
    store_wk!(3, 3);
    store_wk!(4, 4);
    store_wk!(5, 5);
    store_wk!(6, 6);
    store_wk!(7, 7);

    let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut h] = *state;
    // Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c)), and this round's b ^ c is the
    // previous round's a ^ b.
    let mut bc = b ^ c;

    // One round with W + K from word `$at` of the buffer.
    macro_rules! round {
        ($a:ident, $b:ident, $c:ident, $d:ident, $e:ident, $f:ident, $g:ident, $h:ident, $at:expr) => {
            // SAFETY: the callers keep `$at < 160`, inside the buffer, and
            // the schedule wrote it before.
            let wk_at = unsafe { *wk.add($at) };
            let t1 = $h
                .wrapping_add(wk_at)
                .wrapping_add(($e & $f) ^ (!$e & $g))
                .wrapping_add(big_sigma1($e));
            let ab = $a ^ $b;
            let t2 = big_sigma0($a).wrapping_add($b ^ (ab & bc));
            bc = ab;
            $d = $d.wrapping_add(t1);
            $h = t1.wrapping_add(t2);
        };
    }
    // Two rounds with W + K from words `$w`, `$w + 1`.
    macro_rules! two {
        ($a:ident, $b:ident, $c:ident, $d:ident, $e:ident, $f:ident, $g:ident, $h:ident, $w:expr) => {
            round!($a, $b, $c, $d, $e, $f, $g, $h, $w);
            round!($h, $a, $b, $c, $d, $e, $f, $g, $w + 1);
        };
    }
    // Eight rounds with W + K from the four pairs at word `$w` (the pair
    // group's first word, plus 2 for the second block).
    macro_rules! eight {
        ($w:expr) => {
            two!(a, b, c, d, e, f, g, h, $w);
            two!(g, h, a, b, c, d, e, f, $w + 4);
            two!(e, f, g, h, a, b, c, d, $w + 8);
            two!(c, d, e, f, g, h, a, b, $w + 12);
        };
    }
    macro_rules! add_state {
        () => {
            for (s, v) in state.iter_mut().zip([a, b, c, d, e, f, g, h]) {
                *s = s.wrapping_add(v);
            }
        };
    }

    // First block: rounds 16i..16i+15 use pairs 8i..8i+7, which are ready,
    // while the schedule makes pairs 8i+8..8i+15, one pair per two rounds
    // as in OpenSSL. Fully unrolled: with a loop counter, the eight
    // working variables no longer fit in registers.
    // Two rounds of the first block with the schedule step of pair `$p`
    // spread over them (sigma0 before the first, sigma1 between, the sums
    // after), as OpenSSL spreads its vector instructions between the
    // scalar ones so that neither kind waits for the other.
    macro_rules! two_and_schedule {
        ($a:ident, $b:ident, $c:ident, $d:ident, $e:ident, $f:ident, $g:ident, $h:ident, $w:expr, $p:expr, $j:literal) => {
            let s0 = small_sigma0(_mm256_alignr_epi8::<8>(x[($j + 1) % 8], x[$j]));
            round!($a, $b, $c, $d, $e, $f, $g, $h, $w);
            let s1 = small_sigma1(x[($j + 7) % 8]);
            round!($h, $a, $b, $c, $d, $e, $f, $g, $w + 1);
            let w7 = _mm256_alignr_epi8::<8>(x[($j + 5) % 8], x[($j + 4) % 8]);
            x[$j] = _mm256_add_epi64(_mm256_add_epi64(x[$j], w7), _mm256_add_epi64(s0, s1));
            store_wk!($p, $j);
        };
    }
    macro_rules! sixteen_and_schedule {
        ($i:literal) => {
            two_and_schedule!(a, b, c, d, e, f, g, h, 32 * $i, 8 * $i + 8, 0);
            two_and_schedule!(g, h, a, b, c, d, e, f, 32 * $i + 4, 8 * $i + 9, 1);
            two_and_schedule!(e, f, g, h, a, b, c, d, 32 * $i + 8, 8 * $i + 10, 2);
            two_and_schedule!(c, d, e, f, g, h, a, b, 32 * $i + 12, 8 * $i + 11, 3);
            two_and_schedule!(a, b, c, d, e, f, g, h, 32 * $i + 16, 8 * $i + 12, 4);
            two_and_schedule!(g, h, a, b, c, d, e, f, 32 * $i + 20, 8 * $i + 13, 5);
            two_and_schedule!(e, f, g, h, a, b, c, d, 32 * $i + 24, 8 * $i + 14, 6);
            two_and_schedule!(c, d, e, f, g, h, a, b, 32 * $i + 28, 8 * $i + 15, 7);
        };
    }
    sixteen_and_schedule!(0);
    sixteen_and_schedule!(1);
    sixteen_and_schedule!(2);
    sixteen_and_schedule!(3);
    eight!(128);
    eight!(144);
    add_state!();

    if both {
        [a, b, c, d, e, f, g, h] = *state;
        bc = b ^ c;
        eight!(2);
        eight!(18);
        eight!(34);
        eight!(50);
        eight!(66);
        eight!(82);
        eight!(98);
        eight!(114);
        eight!(130);
        eight!(146);
        add_state!();
    }
}
