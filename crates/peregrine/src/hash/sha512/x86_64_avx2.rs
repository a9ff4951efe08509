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
//! the flags alone) and BMI1 `andn`; the first block's rounds are written
//! between the schedule steps so that the out-of-order core runs the
//! vector and scalar work side by side, and the second block's rounds read
//! the finished buffer with no schedule work left. A lone last block takes
//! the same path with both lanes holding it, and skips the second rounds.
//!
//! Everything is additions, shifts, rotations and bitwise operations on
//! fixed positions: constant time.

use core::arch::x86_64::*;

use super::K;

/// W + K for 40 pairs of rounds: pair `p` holds, in this order, the first
/// block's rounds 2p and 2p + 1 and then the second block's.
#[repr(C, align(32))]
struct Wk([u64; 160]);

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
    // Big-endian words: reverse the bytes of each 64-bit lane.
    let bswap = _mm256_set_epi64x(
        0x08090a0b_0c0d0e0f,
        0x00010203_04050607,
        0x08090a0b_0c0d0e0f,
        0x00010203_04050607,
    );
    let mut wk = Wk([0; 160]);
    let mut pairs = blocks.chunks_exact(256);
    for pair in &mut pairs {
        let (first, second) = pair.split_at(128);
        two_blocks(state, &mut wk, first, second, bswap, true);
    }
    let last = pairs.remainder();
    if !last.is_empty() {
        // Both lanes hold the lone block; its second rounds are skipped.
        two_blocks(state, &mut wk, last, last, bswap, false);
    }
    // W + K of message words may derive from a secret.
    crate::ct::wipe(&mut wk.0);
}

/// Schedules `first` and `second` (128 bytes each) together and runs the
/// rounds of `first`, then, when `both`, of `second`.
// The last schedule steps update ring entries nobody reads.
#[allow(unused_assignments)]
#[inline]
#[target_feature(enable = "avx,avx2,bmi1,bmi2")]
fn two_blocks(
    state: &mut [u64; 8],
    wk: &mut Wk,
    first: &[u8],
    second: &[u8],
    bswap: __m256i,
    both: bool,
) {
    let (p0, p1) = (first.as_ptr(), second.as_ptr());
    assert!(first.len() == 128 && second.len() == 128);
    let out = wk.0.as_mut_ptr();

    // The ring of the last 16 message words of both blocks: x[j] holds
    // words 2j, 2j + 1 (mod 16) of each.
    // SAFETY: `first` and `second` are 128 bytes: eight 16-byte loads each.
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

    // Adds K to pair `p` (words 2p, 2p + 1 in both lanes) and stores it.
    macro_rules! store_wk {
        ($p:expr) => {
            // SAFETY: `$p < 40`: the 16-byte K load stays inside K's 80
            // words, and the 32-byte store inside the 160-word buffer
            // (32-byte aligned by `Wk`'s `repr`).
            unsafe {
                let k = _mm256_broadcastsi128_si256(_mm_loadu_si128(K.as_ptr().add(2 * $p).cast()));
                _mm256_store_si256(out.add(4 * $p).cast(), _mm256_add_epi64(x[$p % 8], k));
            }
        };
    }
    // Message words 2p, 2p + 1 for 8 <= p < 40, into x[p % 8].
    macro_rules! schedule {
        ($p:expr) => {
            let w15 = _mm256_alignr_epi8::<8>(x[($p + 1) % 8], x[$p % 8]);
            let w7 = _mm256_alignr_epi8::<8>(x[($p + 5) % 8], x[($p + 4) % 8]);
            let s = _mm256_add_epi64(small_sigma0(w15), small_sigma1(x[($p + 7) % 8]));
            x[$p % 8] = _mm256_add_epi64(_mm256_add_epi64(x[$p % 8], w7), s);
            store_wk!($p);
        };
    }

    for p in 0..8 {
        store_wk!(p);
    }

    let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut h] = *state;
    // Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c)), and this round's b ^ c is the
    // previous round's a ^ b.
    let mut bc = b ^ c;

    // One round reading W + K from buffer word `$at`.
    macro_rules! round {
        ($a:ident, $b:ident, $c:ident, $d:ident, $e:ident, $f:ident, $g:ident, $h:ident, $at:expr) => {
            // SAFETY: `$at < 160`, inside the buffer.
            let wk_at = unsafe { *out.add($at) };
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
    // Rounds 8q..8q+7 of the block in lane `$l` (0 or 1).
    macro_rules! eight {
        ($q:expr, $l:expr) => {
            round!(a, b, c, d, e, f, g, h, 16 * $q + 2 * $l);
            round!(h, a, b, c, d, e, f, g, 16 * $q + 2 * $l + 1);
            round!(g, h, a, b, c, d, e, f, 16 * $q + 2 * $l + 4);
            round!(f, g, h, a, b, c, d, e, 16 * $q + 2 * $l + 5);
            round!(e, f, g, h, a, b, c, d, 16 * $q + 2 * $l + 8);
            round!(d, e, f, g, h, a, b, c, 16 * $q + 2 * $l + 9);
            round!(c, d, e, f, g, h, a, b, 16 * $q + 2 * $l + 12);
            round!(b, c, d, e, f, g, h, a, 16 * $q + 2 * $l + 13);
        };
    }
    macro_rules! add_state {
        () => {
            for (s, v) in state.iter_mut().zip([a, b, c, d, e, f, g, h]) {
                *s = s.wrapping_add(v);
            }
        };
    }

    // First block: rounds 8q..8q+7 use pairs 4q..4q+3, which are ready;
    // meanwhile the schedule makes pairs 4q+8..4q+11.
    macro_rules! eight_and_schedule {
        ($q:literal) => {
            eight!($q, 0);
            schedule!(4 * $q + 8);
            schedule!(4 * $q + 9);
            schedule!(4 * $q + 10);
            schedule!(4 * $q + 11);
        };
    }
    eight_and_schedule!(0);
    eight_and_schedule!(1);
    eight_and_schedule!(2);
    eight_and_schedule!(3);
    eight_and_schedule!(4);
    eight_and_schedule!(5);
    eight_and_schedule!(6);
    eight_and_schedule!(7);
    eight!(8, 0);
    eight!(9, 0);
    add_state!();

    if both {
        [a, b, c, d, e, f, g, h] = *state;
        bc = b ^ c;
        eight!(0, 1);
        eight!(1, 1);
        eight!(2, 1);
        eight!(3, 1);
        eight!(4, 1);
        eight!(5, 1);
        eight!(6, 1);
        eight!(7, 1);
        eight!(8, 1);
        eight!(9, 1);
        add_state!();
    }
}
