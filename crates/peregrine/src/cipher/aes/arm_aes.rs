//! AES with the ARMv8 AES instructions in 32-bit (AArch32) code: ARMv8
//! CPUs (Cortex-A53, A72, ...) running 32-bit router firmware. The 32-bit
//! ARM intrinsics are not stable Rust, so the kernels are `asm!` blocks,
//! run only when the kernel's `HWCAP2_AES` says the CPU has the
//! instructions (`cpu/arm.rs`).
//!
//! - Each round is an AESE+AESMC (AESD+AESIMC) pair written adjacently, so
//!   cores that fuse the pair do. AESE xors its key before SubBytes and
//!   ShiftRows, so rounds 0..NR-1 are AESE(+AESMC) with keys 0..NR-1 and the
//!   last key is a plain VEOR, as in `aarch64_aes.rs`.
//! - Four blocks in flight (q0-q3) cover the instructions' latency; the
//!   round key is reloaded into q4 each round (q0-q4 and the loop fit in
//!   d0-d9, which the asm declares clobbered: the registers above d15 are
//!   not used, as the target does not assume they exist). Single blocks
//!   (CBC encryption, CBC-MAC, tails) run a one-block copy of the loop.
//! - CTR (and so GCM) has its own kernel ([`ctr`]): four counter blocks
//!   made in Rust, encrypted and xored into the data in one `asm!` block.
//!   The other modes are the generic ones of `mode::kernels` over
//!   [`BlockCipher`], in batches of 16 blocks.
//! - Decryption is the equivalent inverse cipher, its round keys through
//!   AESIMC.
//!
//! The four AES instructions are `.inst` words (their A32 encodings, each
//! with its mnemonic, checked against GNU as), so the assembler needs no
//! ARMv8 mode; only `.fpu neon` is set (see `hash/sha256/arm_sha2.rs`).
//! The key expansion is FIPS 197's with `soft`'s constant-time SubWord.
//!
//! Constant time: no table, no branch on data (the loop counts rounds).

use core::arch::asm;

use super::CtrWidth;
use crate::cipher::{Block, InOut};
use crate::mode::kernels::{BlockCipher, ctr_add, xor_keystream};

/// Round keys: up to 15 (AES-256), unused ones zero.
pub(crate) type RoundKeys = [[u8; 16]; 15];

/// An ARMv8 AES key schedule for AArch32.
#[derive(Clone)]
pub(crate) struct Key {
    enc: RoundKeys,
    dec: RoundKeys,
    rounds: usize,
}

impl Drop for Key {
    fn drop(&mut self) {
        crate::ct::wipe(&mut self.enc);
        crate::ct::wipe(&mut self.dec);
    }
}

impl Key {
    /// Expands `key` (16, 24 or 32 bytes; checked by the caller).
    ///
    /// # Safety
    /// The CPU must have NEON and the ARMv8 AES instructions.
    pub(crate) unsafe fn new(key: &[u8]) -> Key {
        let (mut w, rounds) = super::expand_words(key, super::soft::sub_word);
        let mut enc = [[0u8; 16]; 15];
        for (r, rk) in enc.iter_mut().enumerate().take(rounds + 1) {
            for j in 0..4 {
                rk[4 * j..4 * j + 4].copy_from_slice(&w[4 * r + j].to_le_bytes());
            }
        }
        crate::ct::wipe(&mut w);
        let mut dec = [[0u8; 16]; 15];
        dec[0] = enc[rounds];
        dec[rounds] = enc[0];
        for i in 1..rounds {
            // SAFETY: the caller's contract (NEON, AES); reads 16 bytes of
            // `enc[rounds - i]`, writes 16 bytes of `dec[i]`.
            unsafe {
                asm!(
                    ".fpu neon",
                    "vld1.8 {{d0-d1}}, [{s}]",
                    ".inst 0xf3b003c0", // aesimc.8 q0, q0
                    "vst1.8 {{d0-d1}}, [{d}]",
                    s = in(reg) enc[rounds - i].as_ptr(),
                    d = in(reg) dec[i].as_mut_ptr(),
                    out("d0") _,
                    out("d1") _,
                    options(nostack),
                );
            }
        }
        Key { enc, dec, rounds }
    }
}

/// The round steps of the kernels, as one template string each: `round`
/// is one AESE+AESMC (AESD+AESIMC) for each block with the key in q4,
/// `last` the final AESE (AESD), `xor` the last key's VEOR; `four` for
/// q0-q3, `one` for q0.
macro_rules! steps {
    (round four enc) => {
        concat!(
            ".inst 0xf3b00308\n", // aese.8 q0, q4
            ".inst 0xf3b00380\n", // aesmc.8 q0, q0
            ".inst 0xf3b02308\n", // aese.8 q1, q4
            ".inst 0xf3b02382\n", // aesmc.8 q1, q1
            ".inst 0xf3b04308\n", // aese.8 q2, q4
            ".inst 0xf3b04384\n", // aesmc.8 q2, q2
            ".inst 0xf3b06308\n", // aese.8 q3, q4
            ".inst 0xf3b06386\n", // aesmc.8 q3, q3
        )
    };
    (round four dec) => {
        concat!(
            ".inst 0xf3b00348\n", // aesd.8 q0, q4
            ".inst 0xf3b003c0\n", // aesimc.8 q0, q0
            ".inst 0xf3b02348\n", // aesd.8 q1, q4
            ".inst 0xf3b023c2\n", // aesimc.8 q1, q1
            ".inst 0xf3b04348\n", // aesd.8 q2, q4
            ".inst 0xf3b043c4\n", // aesimc.8 q2, q2
            ".inst 0xf3b06348\n", // aesd.8 q3, q4
            ".inst 0xf3b063c6\n", // aesimc.8 q3, q3
        )
    };
    (last four enc) => {
        concat!(
            ".inst 0xf3b00308\n", // aese.8 q0, q4
            ".inst 0xf3b02308\n", // aese.8 q1, q4
            ".inst 0xf3b04308\n", // aese.8 q2, q4
            ".inst 0xf3b06308\n", // aese.8 q3, q4
        )
    };
    (last four dec) => {
        concat!(
            ".inst 0xf3b00348\n", // aesd.8 q0, q4
            ".inst 0xf3b02348\n", // aesd.8 q1, q4
            ".inst 0xf3b04348\n", // aesd.8 q2, q4
            ".inst 0xf3b06348\n", // aesd.8 q3, q4
        )
    };
    (xor four) => {
        "veor q0, q0, q4\nveor q1, q1, q4\nveor q2, q2, q4\nveor q3, q3, q4"
    };
    (round one enc) => {
        concat!(
            ".inst 0xf3b00308\n", // aese.8 q0, q4
            ".inst 0xf3b00380\n", // aesmc.8 q0, q0
        )
    };
    (round one dec) => {
        concat!(
            ".inst 0xf3b00348\n", // aesd.8 q0, q4
            ".inst 0xf3b003c0\n", // aesimc.8 q0, q0
        )
    };
    (last one enc) => {
        ".inst 0xf3b00308" // aese.8 q0, q4
    };
    (last one dec) => {
        ".inst 0xf3b00348" // aesd.8 q0, q4
    };
    (xor one) => {
        "veor q0, q0, q4"
    };
}

/// One kernel: `$w` (`four` or `one`) blocks at `$p` through the `$dir`
/// (`enc`, `dec`) round keys at `$rk` with `$rounds` rounds; `load` and
/// `store` move the blocks, `more` adds operands.
macro_rules! kernel {
    ($w:ident $dir:ident, $rk:expr, $rounds:expr, $p:expr,
     load: [$($ld:literal),*], store: [$($st:literal),*] $(, more: [$($more:tt)*])?) => {
        // SAFETY: the callers' contract (NEON, AES); reads `rounds + 1`
        // round keys (16 bytes each, within the 15-key array) and reads
        // and writes the blocks at `$p` (valid for the count the caller
        // names); clobbers only the registers declared.
        unsafe {
            asm!(
                ".fpu neon",
                $($ld,)*
                "vld1.8 {{d8-d9}}, [{k}]!",
                "1:",
                steps!(round $w $dir),
                "vld1.8 {{d8-d9}}, [{k}]!",
                "subs {n}, {n}, #1",
                "bne 1b",
                steps!(last $w $dir),
                "vld1.8 {{d8-d9}}, [{k}]",
                steps!(xor $w),
                $($st,)*
                k = inout(reg) $rk.as_ptr() => _,
                n = inout(reg) $rounds - 1 => _,
                p = inout(reg) $p => _,
                $($($more)*)?
                out("d0") _, out("d1") _, out("d2") _, out("d3") _, out("d4") _,
                out("d5") _, out("d6") _, out("d7") _, out("d8") _, out("d9") _,
                options(nostack),
            );
        }
    };
}

/// Encrypts four blocks in place.
///
/// # Safety
/// NEON and the ARMv8 AES instructions.
unsafe fn enc4(k: &Key, b: &mut [Block; 4]) {
    kernel!(four enc, k.enc, k.rounds, b.as_mut_ptr(),
        load: ["vld1.8 {{d0-d3}}, [{p}]!", "vld1.8 {{d4-d7}}, [{p}]", "sub {p}, {p}, #32"],
        store: ["vst1.8 {{d0-d3}}, [{p}]!", "vst1.8 {{d4-d7}}, [{p}]"]
    );
}

/// Decrypts four blocks in place.
///
/// # Safety
/// As [`enc4`].
unsafe fn dec4(k: &Key, b: &mut [Block; 4]) {
    kernel!(four dec, k.dec, k.rounds, b.as_mut_ptr(),
        load: ["vld1.8 {{d0-d3}}, [{p}]!", "vld1.8 {{d4-d7}}, [{p}]", "sub {p}, {p}, #32"],
        store: ["vst1.8 {{d0-d3}}, [{p}]!", "vst1.8 {{d4-d7}}, [{p}]"]
    );
}

/// Encrypts one block in place.
///
/// # Safety
/// As [`enc4`].
unsafe fn enc1(k: &Key, b: &mut Block) {
    kernel!(one enc, k.enc, k.rounds, b.as_mut_ptr(),
        load: ["vld1.8 {{d0-d1}}, [{p}]"],
        store: ["vst1.8 {{d0-d1}}, [{p}]"]
    );
}

/// Decrypts one block in place.
///
/// # Safety
/// As [`enc4`].
unsafe fn dec1(k: &Key, b: &mut Block) {
    kernel!(one dec, k.dec, k.rounds, b.as_mut_ptr(),
        load: ["vld1.8 {{d0-d1}}, [{p}]"],
        store: ["vst1.8 {{d0-d1}}, [{p}]"]
    );
}

/// Encrypts the four counter blocks at `ctrs` and xors them into 64 bytes
/// from `src`, written to `dst` (which may be `src`).
///
/// # Safety
/// As [`enc4`]; `src` readable and `dst` writable for 64 bytes.
unsafe fn ctr4(k: &Key, ctrs: &[Block; 4], src: *const u8, dst: *mut u8) {
    kernel!(four enc, k.enc, k.rounds, ctrs.as_ptr(),
        load: ["vld1.8 {{d0-d3}}, [{p}]!", "vld1.8 {{d4-d7}}, [{p}]"],
        store: [
            "vld1.8 {{d8-d11}}, [{s}]!",
            "veor q0, q0, q4",
            "veor q1, q1, q5",
            "vld1.8 {{d8-d11}}, [{s}]",
            "veor q2, q2, q4",
            "veor q3, q3, q5",
            "vst1.8 {{d0-d3}}, [{d}]!",
            "vst1.8 {{d4-d7}}, [{d}]"
        ],
        more: [s = inout(reg) src => _, d = inout(reg) dst => _, out("d10") _, out("d11") _,]
    );
}

/// CTR over the whole blocks of `io` from counter block `ctr`, left holding
/// the next unused counter: four blocks a kernel call, the keystream xored
/// in the kernel; the last one to three blocks through a keystream buffer.
///
/// # Safety
/// As [`enc4`].
pub(crate) unsafe fn ctr(k: &Key, ctr: &mut Block, width: CtrWidth, mut io: InOut<'_>) {
    let blocks = io.blocks();
    let mut c = [[0u8; 16]; 4];
    let mut i = 0;
    while i + 4 <= blocks {
        for (j, cj) in c.iter_mut().enumerate() {
            *cj = ctr_add(ctr, width, j as u64);
        }
        *ctr = ctr_add(ctr, width, 4);
        // SAFETY: the caller's contract; blocks i..i + 4 lie within `io`,
        // whose pointers are valid for its length.
        unsafe { ctr4(k, &c, io.src_ptr().add(16 * i), io.dst_ptr().add(16 * i)) };
        i += 4;
    }
    if i < blocks {
        let n = blocks - i;
        for (j, cj) in c.iter_mut().enumerate() {
            *cj = ctr_add(ctr, width, j as u64);
        }
        *ctr = ctr_add(ctr, width, n as u64);
        // SAFETY: the caller's contract.
        unsafe { enc4(k, &mut c) };
        xor_keystream(&mut io, i, &c[..n]);
    }
    crate::ct::wipe(&mut c);
}

// A `Key` exists only for a CPU with NEON and AES: `Aes::with_impl` makes
// one after `Impl::check` saw both (see `super::Sched`).
impl BlockCipher for Key {
    fn encrypt_blocks(&self, blocks: &mut [Block]) {
        let mut quads = blocks.chunks_exact_mut(4);
        for q in &mut quads {
            // SAFETY: see the `impl`; the chunk is four blocks.
            unsafe { enc4(self, q.try_into().expect("four blocks")) };
        }
        for b in quads.into_remainder() {
            // SAFETY: see the `impl`.
            unsafe { enc1(self, b) };
        }
    }
    fn decrypt_blocks(&self, blocks: &mut [Block]) {
        let mut quads = blocks.chunks_exact_mut(4);
        for q in &mut quads {
            // SAFETY: see the `impl`; the chunk is four blocks.
            unsafe { dec4(self, q.try_into().expect("four blocks")) };
        }
        for b in quads.into_remainder() {
            // SAFETY: see the `impl`.
            unsafe { dec1(self, b) };
        }
    }
}
