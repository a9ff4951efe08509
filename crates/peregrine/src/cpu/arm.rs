//! 32-bit ARM feature detection.
//!
//! With `std` on Linux, from the kernel's auxiliary vector through
//! `getauxval` (every Linux libc has it: glibc since 2.16, musl,
//! uClibc-ng; the standard library's `is_arm_feature_detected!` is not
//! stable Rust):
//! - `AT_HWCAP`'s `HWCAP_NEON`;
//! - `AT_HWCAP2`'s `HWCAP2_AES`, `HWCAP2_PMULL`, `HWCAP2_SHA1` and
//!   `HWCAP2_SHA2`: the ARMv8 AES, 64-bit polynomial multiply, SHA-1 and
//!   SHA-256 instructions in 32-bit code, which ARMv8 CPUs running 32-bit
//!   firmware have.
//!
//! Elsewhere nothing is detected and the portable backends run.
//!
//! `umaal` is a property of the target, not of the CPU: reported on every
//! platform where the build's target has it (see [`super::Feature::Umaal`]).

use super::Caps;

#[cfg(all(feature = "std", target_os = "linux"))]
pub(super) fn detect() -> Caps {
    use core::ffi::c_ulong;
    unsafe extern "C" {
        fn getauxval(kind: c_ulong) -> c_ulong;
    }
    /// `AT_HWCAP` (`<elf.h>`).
    const AT_HWCAP: c_ulong = 16;
    /// `HWCAP_NEON` (the kernel's `arch/arm/include/uapi/asm/hwcap.h`).
    const HWCAP_NEON: c_ulong = 1 << 12;
    /// `AT_HWCAP2`: the ARMv8 instructions in AArch32 state.
    const AT_HWCAP2: c_ulong = 26;
    /// `HWCAP2_AES`.
    const HWCAP2_AES: c_ulong = 1 << 0;
    /// `HWCAP2_PMULL`.
    const HWCAP2_PMULL: c_ulong = 1 << 1;
    /// `HWCAP2_SHA1`.
    const HWCAP2_SHA1: c_ulong = 1 << 2;
    /// `HWCAP2_SHA2`.
    const HWCAP2_SHA2: c_ulong = 1 << 3;
    // SAFETY: `getauxval` takes any key (0 for one the kernel did not
    // give) and only reads the process's auxiliary vector.
    let (hwcap, hwcap2) = unsafe { (getauxval(AT_HWCAP), getauxval(AT_HWCAP2)) };
    let mut caps = target_caps();
    if hwcap & HWCAP_NEON != 0 {
        caps = caps.with(super::Feature::Neon);
        if hwcap2 & HWCAP2_AES != 0 {
            caps = caps.with(super::Feature::Aes);
        }
        if hwcap2 & HWCAP2_PMULL != 0 {
            caps = caps.with(super::Feature::Pmull);
        }
        if hwcap2 & HWCAP2_SHA1 != 0 {
            caps = caps.with(super::Feature::Sha1);
        }
        if hwcap2 & HWCAP2_SHA2 != 0 {
            caps = caps.with(super::Feature::Sha2);
        }
    }
    caps
}

#[cfg(not(all(feature = "std", target_os = "linux")))]
pub(super) fn detect() -> Caps {
    target_caps()
}

/// What the build's target guarantees: `umaal` on little-endian ARM state
/// from ARMv6 and on Thumb-2 with DSP (`peregrine_umaal`, from `build.rs`).
fn target_caps() -> Caps {
    if cfg!(peregrine_umaal) {
        Caps::EMPTY.with(super::Feature::Umaal)
    } else {
        Caps::EMPTY
    }
}
