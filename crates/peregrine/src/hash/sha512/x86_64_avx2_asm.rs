//! SHA-512 with an AVX2 two-block message schedule and BMI2 rounds, as one
//! inline `asm!` block.
//!
//! Technique: Intel's "Fast SHA-512 Implementations on Intel Architecture
//! Processors" (Guilford, Yap, Gopal, 2012), the structure OpenSSL's
//! `sha512-x86_64` AVX2 path uses (this code is written from that
//! description, not taken from it):
//!
//! - the message schedule runs for TWO blocks at once in ymm registers
//!   (the low 128-bit lane holds two consecutive words of the first block,
//!   the high lane the same two words of the second) and stores W + K for
//!   all 80 rounds of both blocks into a 64-byte aligned stack frame that
//!   the asm allocates itself, so the first block's rounds address it from
//!   `rsp` and no general register is spent on a base pointer (sigma0's
//!   byte-aligned rotation by 8 is one `vpshufb`);
//! - one schedule step (two words of each block) is spread over each two
//!   of the first block's rounds, so that the vector and scalar work run
//!   side by side (each step's vector instructions sit between the halves
//!   of the scalar rounds); the second block's rounds read the finished
//!   buffer, in a loop of eight rounds with `rbp` as the pointer (smaller
//!   code, measured no slower than unrolled);
//! - the rounds use `rorx` (three-operand rotate) for Sigma0/Sigma1,
//!   `andn` for the `!e & g` half of Ch (added to `e & f`: the two halves
//!   have no bit in common), W + K added to `h` first, and
//!   Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c)) with `a ^ b` carried into the
//!   next round as its `b ^ c` (two registers swap roles every round);
//! - no working variable is ever moved: each round renames the eight
//!   registers instead (the macros rotate their names), so eight rounds
//!   bring the names back to where they started.
//!
//! Why asm: the same rounds in Rust (`x86_64_avx2.rs` before this file)
//! measured below OpenSSL; the compiler's ordering and register choice for
//! the round instructions was the gap (DESIGN.md section 3).
//!
//! Everything is additions, shifts, rotations and bitwise operations on
//! fixed positions; the only branches depend on the block count: constant
//! time.

use core::arch::asm;

use super::K;

/// K with each pair of constants repeated for the two ymm lanes: entry
/// `4p..4p + 4` is `K[2p], K[2p + 1], K[2p], K[2p + 1]`.
#[repr(C, align(64))]
struct Lanes<T>(T);

static K2: Lanes<[u64; 160]> = Lanes({
    let mut k2 = [0u64; 160];
    let mut p = 0;
    while p < 40 {
        k2[4 * p] = K[2 * p];
        k2[4 * p + 1] = K[2 * p + 1];
        k2[4 * p + 2] = K[2 * p];
        k2[4 * p + 3] = K[2 * p + 1];
        p += 1;
    }
    k2
});

/// `vpshufb` pattern that reverses the bytes of each 64-bit word.
static BSWAP: Lanes<[u8; 32]> = Lanes([
    7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, //
    7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
]);

/// `vpshufb` pattern that rotates each 64-bit word right by 8 bits.
static ROR8: Lanes<[u8; 32]> = Lanes([
    1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8, //
    1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8,
]);

// Register plan:
//   r8..r15        the working variables (a..h at the start of each eight
//                  rounds);
//   rax, rcx, rdx  round temporaries;
//   rsi, rdi       b ^ c of this round / a ^ b of this round (swapped every
//                  round);
//   ymm0..ymm7     the ring of the last 16 message words of both blocks:
//                  ymm j holds words 2j, 2j + 1 (mod 16) of each block;
//   ymm8..ymm15    schedule temporaries.
// Frame (from the aligned rsp): 0..1280 W + K, 40 pairs of 32 bytes (pair
// p: the first block's words 2p, 2p + 1, then the second block's);
// 1280 the caller's rsp, 1288 the state pointer, 1296 the data pointer,
// 1304 the number of blocks left, 1312 the caller's rbp (rbp walks the
// buffer in the second block's loop).

/// One round. `$x` holds b ^ c and ends holding garbage; `$y` ends holding
/// a ^ b (the next round's b ^ c). `$off` is the byte offset of W + K.
macro_rules! round {
    ($a:literal, $b:literal, $c:literal, $d:literal, $e:literal, $f:literal, $g:literal, $h:literal,
     $x:literal, $y:literal, $base:literal, $off:expr) => {
        concat!(
            round_e!($e, $f, $g, $h, $base, $off),
            round_a!($a, $b, $d, $h, $x, $y),
        )
    };
}

/// The first part of a round: `h` += W + K + Ch(e, f, g), Sigma1(e) into
/// rax.
macro_rules! round_e {
    ($e:literal, $f:literal, $g:literal, $h:literal, $base:literal, $off:expr) => {
        concat!(
            "add ",
            $h,
            ", qword ptr [",
            $base,
            " + (",
            stringify!($off),
            ")]\n", // h += W + K
            "rorx rax, ",
            $e,
            ", 41\n",
            "rorx rcx, ",
            $e,
            ", 18\n",
            "andn rdx, ",
            $e,
            ", ",
            $g,
            "\n", // !e & g
            "xor rax, rcx\n",
            "rorx rcx, ",
            $e,
            ", 14\n",
            "add ",
            $h,
            ", rdx\n",
            "mov rdx, ",
            $f,
            "\n",
            "and rdx, ",
            $e,
            "\n",             // e & f
            "xor rax, rcx\n", // Sigma1(e)
            "add ",
            $h,
            ", rdx\n", // + Ch(e, f, g)
        )
    };
}

/// The second part of a round: `h` += Sigma1(e) (in rax) is T1, `d` +=
/// T1, then `h` += Sigma0(a) + Maj(a, b, c) with `$x` = b ^ c.
macro_rules! round_a {
    ($a:literal, $b:literal, $d:literal, $h:literal, $x:literal, $y:literal) => {
        concat!(
            "rorx rcx, ",
            $a,
            ", 39\n",
            "add ",
            $h,
            ", rax\n", // h = T1
            "rorx rax, ",
            $a,
            ", 34\n",
            "mov ",
            $y,
            ", ",
            $a,
            "\n",
            "add ",
            $d,
            ", ",
            $h,
            "\n", // d += T1
            "xor ",
            $y,
            ", ",
            $b,
            "\n", // a ^ b
            "xor rcx, rax\n",
            "rorx rax, ",
            $a,
            ", 28\n",
            "and ",
            $x,
            ", ",
            $y,
            "\n",
            "xor rcx, rax\n", // Sigma0(a)
            "xor ",
            $x,
            ", ",
            $b,
            "\n", // Maj(a, b, c)
            "add ",
            $h,
            ", rcx\n",
            "add ",
            $h,
            ", ",
            $x,
            "\n", // h = T1 + T2
        )
    };
}

/// Two rounds with W + K at byte offsets `$o`, `$o + 8`; the names come
/// back rotated by two.
macro_rules! two {
    ($a:literal, $b:literal, $c:literal, $d:literal, $e:literal, $f:literal, $g:literal, $h:literal, $base:literal, $o:expr) => {
        concat!(
            round!($a, $b, $c, $d, $e, $f, $g, $h, "rsi", "rdi", $base, $o),
            round!($h, $a, $b, $c, $d, $e, $f, $g, "rdi", "rsi", $base, $o + 8),
        )
    };
}

/// Eight rounds reading pairs `$p..$p + 4`, the block at byte `$lane` (0
/// or 16) of each pair.
macro_rules! eight {
    ($base:literal, $p:expr, $lane:expr) => {
        concat!(
            two!(
                "r8",
                "r9",
                "r10",
                "r11",
                "r12",
                "r13",
                "r14",
                "r15",
                $base,
                32 * ($p) + $lane
            ),
            two!(
                "r14",
                "r15",
                "r8",
                "r9",
                "r10",
                "r11",
                "r12",
                "r13",
                $base,
                32 * ($p + 1) + $lane
            ),
            two!(
                "r12",
                "r13",
                "r14",
                "r15",
                "r8",
                "r9",
                "r10",
                "r11",
                $base,
                32 * ($p + 2) + $lane
            ),
            two!(
                "r10",
                "r11",
                "r12",
                "r13",
                "r14",
                "r15",
                "r8",
                "r9",
                $base,
                32 * ($p + 3) + $lane
            ),
        )
    };
}

/// One schedule step for ring entry `$xj` (pair `$p`), split in three
/// parts to go before, between and after two rounds. Part one: sigma0 of
/// words 2j + 1, 2j + 2 (ror 1 ^ ror 8 ^ shr 7, the byte-aligned ror 8 as
/// one `vpshufb`) into ymm9.
macro_rules! sched_a {
    (avx2, $xj:literal, $xj1:literal) => {
        concat!(
            "vpalignr ymm8, ",
            $xj1,
            ", ",
            $xj,
            ", 8\n",
            "vpsrlq ymm9, ymm8, 1\n",
            "vpsllq ymm10, ymm8, 63\n",
            "vpsrlq ymm11, ymm8, 7\n",
            "vpxor ymm9, ymm9, ymm10\n",
            "vpshufb ymm10, ymm8, ymmword ptr [rip + {ror8}]\n", // ror 8
            "vpxor ymm9, ymm9, ymm11\n",
            "vpxor ymm9, ymm9, ymm10\n",
        )
    };
    // AVX-512VL: `vprorq` and one three-way XOR (`vpternlogq` 0x96); the
    // ror 8 stays a `vpshufb`, on another port than the rotations.
    (evex, $xj:literal, $xj1:literal) => {
        concat!(
            "vpalignr ymm8, ",
            $xj1,
            ", ",
            $xj,
            ", 8\n",
            "vprorq ymm9, ymm8, 1\n",
            "vpshufb ymm10, ymm8, ymmword ptr [rip + {ror8}]\n", // ror 8
            "vpsrlq ymm11, ymm8, 7\n",
            "vpternlogq ymm9, ymm10, ymm11, 0x96\n",
        )
    };
}

/// Part two: sigma1 of words 2j + 14, 2j + 15 (ror 19 ^ ror 61 ^ shr 6)
/// into ymm12.
macro_rules! sched_b {
    (avx2, $xj7:literal) => {
        concat!(
            "vpsrlq ymm12, ",
            $xj7,
            ", 19\n",
            "vpsllq ymm13, ",
            $xj7,
            ", 45\n",
            "vpsrlq ymm14, ",
            $xj7,
            ", 61\n",
            "vpxor ymm12, ymm12, ymm13\n",
            "vpsllq ymm13, ",
            $xj7,
            ", 3\n",
            "vpxor ymm12, ymm12, ymm14\n",
            "vpsrlq ymm14, ",
            $xj7,
            ", 6\n",
            "vpxor ymm12, ymm12, ymm13\n",
            "vpxor ymm12, ymm12, ymm14\n",
        )
    };
    (evex, $xj7:literal) => {
        concat!(
            "vprorq ymm12, ",
            $xj7,
            ", 19\n",
            "vprorq ymm13, ",
            $xj7,
            ", 61\n",
            "vpsrlq ymm14, ",
            $xj7,
            ", 6\n",
            "vpternlogq ymm12, ymm13, ymm14, 0x96\n",
        )
    };
}

/// Part three: the new words (old + words 2j + 9, 2j + 10 + sigma0 +
/// sigma1) and their W + K, stored as pair `$p`.
macro_rules! sched_c {
    ($xj:literal, $xj4:literal, $xj5:literal, $p:expr) => {
        concat!(
            "vpalignr ymm15, ",
            $xj5,
            ", ",
            $xj4,
            ", 8\n",
            "vpaddq ymm9, ymm9, ymm12\n",
            "vpaddq ",
            $xj,
            ", ",
            $xj,
            ", ymm15\n",
            "vpaddq ",
            $xj,
            ", ",
            $xj,
            ", ymm9\n",
            "vpaddq ymm15, ",
            $xj,
            ", ymmword ptr [rip + {k2} + 32 * (",
            stringify!($p),
            ")]\n",
            "vmovdqa ymmword ptr [rsp + 32 * (",
            stringify!($p),
            ")], ymm15\n",
        )
    };
}

/// Two rounds of the first block reading pair `$r`, with the schedule step
/// for pair `$r + 8` (ring entry `$xj`) spread over them.
macro_rules! two_sched {
    ($v:tt, $a:literal, $b:literal, $c:literal, $d:literal, $e:literal, $f:literal, $g:literal, $h:literal,
     $r:expr, $xj:literal, $xj1:literal, $xj4:literal, $xj5:literal, $xj7:literal) => {
        concat!(
            round_e!($e, $f, $g, $h, "rsp", 32 * ($r)),
            sched_a!($v, $xj, $xj1),
            round_a!($a, $b, $d, $h, "rsi", "rdi"),
            sched_b!($v, $xj7),
            round_e!($d, $e, $f, $g, "rsp", 32 * ($r) + 8),
            sched_c!($xj, $xj4, $xj5, $r + 8),
            round_a!($h, $a, $c, $g, "rdi", "rsi"),
        )
    };
}

/// Sixteen rounds of the first block reading pairs `$r..$r + 8` while the
/// schedule makes pairs `$r + 8..$r + 16`.
macro_rules! sixteen_sched {
    ($v:tt, $r:expr) => {
        concat!(
            two_sched!(
                $v, "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", $r, "ymm0", "ymm1",
                "ymm4", "ymm5", "ymm7"
            ),
            two_sched!(
                $v,
                "r14",
                "r15",
                "r8",
                "r9",
                "r10",
                "r11",
                "r12",
                "r13",
                $r + 1,
                "ymm1",
                "ymm2",
                "ymm5",
                "ymm6",
                "ymm0"
            ),
            two_sched!(
                $v,
                "r12",
                "r13",
                "r14",
                "r15",
                "r8",
                "r9",
                "r10",
                "r11",
                $r + 2,
                "ymm2",
                "ymm3",
                "ymm6",
                "ymm7",
                "ymm1"
            ),
            two_sched!(
                $v,
                "r10",
                "r11",
                "r12",
                "r13",
                "r14",
                "r15",
                "r8",
                "r9",
                $r + 3,
                "ymm3",
                "ymm4",
                "ymm7",
                "ymm0",
                "ymm2"
            ),
            two_sched!(
                $v,
                "r8",
                "r9",
                "r10",
                "r11",
                "r12",
                "r13",
                "r14",
                "r15",
                $r + 4,
                "ymm4",
                "ymm5",
                "ymm0",
                "ymm1",
                "ymm3"
            ),
            two_sched!(
                $v,
                "r14",
                "r15",
                "r8",
                "r9",
                "r10",
                "r11",
                "r12",
                "r13",
                $r + 5,
                "ymm5",
                "ymm6",
                "ymm1",
                "ymm2",
                "ymm4"
            ),
            two_sched!(
                $v,
                "r12",
                "r13",
                "r14",
                "r15",
                "r8",
                "r9",
                "r10",
                "r11",
                $r + 6,
                "ymm6",
                "ymm7",
                "ymm2",
                "ymm3",
                "ymm5"
            ),
            two_sched!(
                $v,
                "r10",
                "r11",
                "r12",
                "r13",
                "r14",
                "r15",
                "r8",
                "r9",
                $r + 7,
                "ymm7",
                "ymm0",
                "ymm3",
                "ymm4",
                "ymm6"
            ),
        )
    };
}

/// Loads 16 bytes of each block into ring entry `$x` (word pair `$j`),
/// byte-swapped, and stores its W + K as pair `$j`.
macro_rules! load {
    ($x:literal, $j:literal) => {
        concat!(
            "vmovdqu xmm",
            $x,
            ", xmmword ptr [rsi + 16 * ",
            $j,
            "]\n",
            "vinserti128 ymm",
            $x,
            ", ymm",
            $x,
            ", xmmword ptr [rdi + 16 * ",
            $j,
            "], 1\n",
            "vpshufb ymm",
            $x,
            ", ymm",
            $x,
            ", ymm15\n",
            "vpaddq ymm8, ymm",
            $x,
            ", ymmword ptr [rip + {k2} + 32 * ",
            $j,
            "]\n",
            "vmovdqa ymmword ptr [rsp + 32 * ",
            $j,
            "], ymm8\n",
        )
    };
}

/// Adds the working variables into the state (pointer at frame 1288) and
/// leaves the new state in them.
macro_rules! add_state {
    () => {
        concat!(
            "mov rax, qword ptr [rsp + 1288]\n",
            "add r8, qword ptr [rax]\n",
            "add r9, qword ptr [rax + 8]\n",
            "add r10, qword ptr [rax + 16]\n",
            "add r11, qword ptr [rax + 24]\n",
            "add r12, qword ptr [rax + 32]\n",
            "add r13, qword ptr [rax + 40]\n",
            "add r14, qword ptr [rax + 48]\n",
            "add r15, qword ptr [rax + 56]\n",
            "mov qword ptr [rax], r8\n",
            "mov qword ptr [rax + 8], r9\n",
            "mov qword ptr [rax + 16], r10\n",
            "mov qword ptr [rax + 24], r11\n",
            "mov qword ptr [rax + 32], r12\n",
            "mov qword ptr [rax + 40], r13\n",
            "mov qword ptr [rax + 48], r14\n",
            "mov qword ptr [rax + 56], r15\n",
        )
    };
}

/// The kernel, once per schedule variant.
macro_rules! compress_fn {
    ($(#[$doc:meta])* $name:ident, $feat:literal, $v:tt) => {
$(#[$doc])*
#[target_feature(enable = $feat)]
pub(super) unsafe fn $name(state: &mut [u64; 8], blocks: &[u8]) {
    let n = blocks.len() / 128;
    if n == 0 {
        return;
    }
    // SAFETY: the caller guarantees the features above. The asm
    // reads `n` whole blocks from `blocks` (n * 128 <= blocks.len()) and
    // the second block of a pair only when one is left (`cmove` below),
    // reads and writes the eight words of `state`, and reads the static
    // tables K2 (160 words), BSWAP and ROR8 (32 bytes each) through
    // `sym`, within their bounds. It allocates its own 64-byte aligned frame below rsp
    // (no `nostack`: it does use the stack), restores rsp before it ends,
    // clears the W + K buffer (which gives away message words, maybe an
    // HMAC key block) before releasing it, and ends with `vzeroupper`.
    // Every register it writes is declared: rax, rcx, rdx, rsi, rdi,
    // r8..r15, ymm0..ymm15 and the flags (no `preserves_flags`); rbp,
    // which cannot be an operand, is saved in the frame and restored before
    // the end; rbx is never touched. Nothing in it calls or unwinds.
    unsafe {
        asm!(
            "mov rax, rsp",
            "sub rsp, 1344",
            "and rsp, -64",
            "mov qword ptr [rsp + 1280], rax",
            "mov qword ptr [rsp + 1288], rdi",
            "mov qword ptr [rsp + 1296], rsi",
            "mov qword ptr [rsp + 1304], rdx",
            "mov qword ptr [rsp + 1312], rbp",
            "mov r8, qword ptr [rdi]",
            "mov r9, qword ptr [rdi + 8]",
            "mov r10, qword ptr [rdi + 16]",
            "mov r11, qword ptr [rdi + 24]",
            "mov r12, qword ptr [rdi + 32]",
            "mov r13, qword ptr [rdi + 40]",
            "mov r14, qword ptr [rdi + 48]",
            "mov r15, qword ptr [rdi + 56]",
            // Per pair of blocks (or lone last block):
            "2:",
            "mov rsi, qword ptr [rsp + 1296]",
            "lea rdi, [rsi + 128]",
            // A lone last block goes in both lanes.
            "cmp qword ptr [rsp + 1304], 1",
            "cmove rdi, rsi",
            "vmovdqa ymm15, ymmword ptr [rip + {bswap}]",
            load!("0", "0"),
            load!("1", "1"),
            load!("2", "2"),
            load!("3", "3"),
            load!("4", "4"),
            load!("5", "5"),
            load!("6", "6"),
            load!("7", "7"),
            "mov rsi, r9",
            "xor rsi, r10",
            // First block, with the schedule of both.
            sixteen_sched!($v, 0),
            sixteen_sched!($v, 8),
            sixteen_sched!($v, 16),
            sixteen_sched!($v, 24),
            eight!("rsp", 32, 0),
            eight!("rsp", 36, 0),
            add_state!(),
            "cmp qword ptr [rsp + 1304], 1",
            "je 3f",
            // Second block, from the finished buffer.
            "mov rsi, r9",
            "xor rsi, r10",
            // Rolled, eight rounds a turn: rbp walks the buffer, at the
            // second block's lane.
            "lea rbp, [rsp + 16]",
            "5:",
            eight!("rbp", 0, 0),
            "add rbp, 128",
            "lea rax, [rsp + 1296]",
            "cmp rbp, rax",
            "jne 5b",
            add_state!(),
            "3:",
            "add qword ptr [rsp + 1296], 256",
            "sub qword ptr [rsp + 1304], 2",
            "jg 2b",
            // Clear W + K, then release the frame.
            "vpxor xmm0, xmm0, xmm0",
            "xor eax, eax",
            "4:",
            "vmovdqa ymmword ptr [rsp + rax], ymm0",
            "add rax, 32",
            "cmp rax, 1280",
            "jne 4b",
            "mov rbp, qword ptr [rsp + 1312]",
            "mov rsp, qword ptr [rsp + 1280]",
            "vzeroupper",
            k2 = sym K2,
            bswap = sym BSWAP,
            ror8 = sym ROR8,
            inout("rdi") state.as_mut_ptr() => _,
            inout("rsi") blocks.as_ptr() => _,
            inout("rdx") n => _,
            out("rax") _,
            out("rcx") _,
            out("r8") _,
            out("r9") _,
            out("r10") _,
            out("r11") _,
            out("r12") _,
            out("r13") _,
            out("r14") _,
            out("r15") _,
            out("ymm0") _,
            out("ymm1") _,
            out("ymm2") _,
            out("ymm3") _,
            out("ymm4") _,
            out("ymm5") _,
            out("ymm6") _,
            out("ymm7") _,
            out("ymm8") _,
            out("ymm9") _,
            out("ymm10") _,
            out("ymm11") _,
            out("ymm12") _,
            out("ymm13") _,
            out("ymm14") _,
            out("ymm15") _,
        );
    }
}
    };
}

compress_fn!(
    /// Compresses each 128-byte block of `blocks` into `state`.
    ///
    /// # Safety
    /// The CPU must support AVX, AVX2, BMI1 and BMI2.
    compress,
    "avx,avx2,bmi1,bmi2",
    avx2
);
compress_fn!(
    /// [`compress`] with the schedule's rotations as `vprorq` and its
    /// three-way XORs as `vpternlogq` (EVEX on ymm).
    ///
    /// # Safety
    /// The CPU must support AVX, AVX2, BMI1, BMI2, AVX-512F and AVX-512VL.
    compress_evex,
    "avx,avx2,bmi1,bmi2,avx512f,avx512vl",
    evex
);
