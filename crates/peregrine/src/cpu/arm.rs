//! 32-bit ARM feature detection.
//!
//! With `std` on Linux, the kernel's auxiliary vector: `getauxval(AT_HWCAP)`
//! and its `HWCAP_NEON` bit (every Linux libc has `getauxval`: glibc since
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
        // SAFETY: `getauxval` takes any key (0 for one the kernel did not
        // give) and only reads the process's auxiliary vector.
        let hwcap = unsafe { getauxval(AT_HWCAP) };
        if hwcap & HWCAP_NEON != 0 {
            return Caps::EMPTY.with(super::Feature::Neon);
        }
    }
    Caps::EMPTY
}
