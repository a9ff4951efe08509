//! SHA-512 with an AVX2 message schedule and BMI2 rounds.
//!
//! The technique of Intel's "Fast SHA-512 Implementations on Intel
//! Architecture Processors" (Guilford, Yap, Gopal, 2012) as used by
//! OpenSSL's `sha512-x86_64` AVX2 path: the message schedule runs for two
//! blocks at once in ymm registers and stores W + K for both blocks into a
//! stack buffer, spread over the first block's scalar `rorx`/`andn`
//! rounds; the second block's rounds read the finished buffer.
//!
//! The code is one inline `asm!` block in `x86_64_avx2_asm.rs`: written
//! with intrinsics and Rust rounds (this file's previous version), the
//! compiler's ordering and register choice for the rounds left it at
//! 0.96-0.99x of OpenSSL at 16 KiB (DESIGN.md section 3 allows `asm!` where
//! the compiler cannot be made to emit the right code).

/// Compresses each 128-byte block of `blocks` into `state`.
///
/// # Safety
/// The CPU must support AVX, AVX2, BMI1 and BMI2.
#[target_feature(enable = "avx,avx2,bmi1,bmi2")]
pub(super) unsafe fn compress(state: &mut [u64; 8], blocks: &[u8]) {
    // SAFETY: the caller guarantees the same CPU features the asm needs.
    unsafe { super::x86_64_avx2_asm::compress(state, blocks) }
}

/// [`compress`] with the schedule on AVX-512VL (`vprorq`, `vpternlogq`).
///
/// # Safety
/// The CPU must support AVX, AVX2, BMI1, BMI2, AVX-512F and AVX-512VL.
#[target_feature(enable = "avx,avx2,bmi1,bmi2,avx512f,avx512vl")]
pub(super) unsafe fn compress_evex(state: &mut [u64; 8], blocks: &[u8]) {
    // SAFETY: the caller guarantees the same CPU features the asm needs.
    unsafe { super::x86_64_avx2_asm::compress_evex(state, blocks) }
}
