//! 32-bit ARM feature detection.
//!
//! With `std` on Linux, the kernel's auxiliary vector: `getauxval(AT_HWCAP)`
//! and its `HWCAP_NEON` bit, `AT_HWCAP2`'s `HWCAP2_SHA2` (the ARMv8 SHA-256
//! instructions in 32-bit code) (every Linux libc has `getauxval`: glibc since
//! 2.16, musl, uClibc-ng; the standard library's own `is_arm_feature_detected!`
//! is not stable Rust). Elsewhere nothing is detected and the portable
//! backends run.

use super::Caps;

pub(super) fn detect() -> Caps {
    #[cfg(all(feature = "std", target_os = "linux"))]
    {
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
        /// `HWCAP2_SHA2`.
        const HWCAP2_SHA2: c_ulong = 1 << 3;
        // SAFETY: `getauxval` takes any key (0 for one the kernel did not
        // give) and only reads the process's auxiliary vector.
        let (hwcap, hwcap2) = unsafe { (getauxval(AT_HWCAP), getauxval(AT_HWCAP2)) };
        let mut caps = Caps::EMPTY;
        if hwcap & HWCAP_NEON != 0 {
            caps = caps.with(super::Feature::Neon);
            if hwcap2 & HWCAP2_SHA2 != 0 {
                caps = caps.with(super::Feature::Sha2);
            }
        }
        return caps;
    }
    #[allow(unreachable_code)]
    Caps::EMPTY
}
