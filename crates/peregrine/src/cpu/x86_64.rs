//! x86_64 feature detection with `cpuid` and `xgetbv`.
//!
//! A vector extension counts only when the OS saves its register state:
//! AVX and everything on ymm needs XCR0 bits 1 and 2 (xmm, ymm), AVX-512
//! additionally bits 5..=7 (opmask, zmm).

use super::{Caps, Feature};
use core::arch::x86_64::{__cpuid, __cpuid_count, _xgetbv};

// `__cpuid` is a safe function in newer compilers and unsafe in older ones.
#[allow(unused_unsafe)]
pub(super) fn detect() -> Caps {
    // SAFETY: `cpuid` exists on every x86_64 CPU.
    let leaf0 = unsafe { __cpuid(0) };
    let max_leaf = leaf0.eax;
    // SAFETY: as above; leaf 1 always exists on x86_64.
    let l1 = unsafe { __cpuid(1) };
    let (l7b, l7c) = if max_leaf >= 7 {
        // SAFETY: leaf 7 is below the maximum leaf reported by leaf 0.
        let l7 = unsafe { __cpuid_count(7, 0) };
        (l7.ebx, l7.ecx)
    } else {
        (0, 0)
    };

    let bit = |reg: u32, n: u32| reg & (1 << n) != 0;
    let osxsave = bit(l1.ecx, 27);
    let xcr0 = if osxsave {
        // SAFETY: CPUID.1:ECX.OSXSAVE says the OS enabled XSAVE, which makes
        // `xgetbv` with ECX = 0 legal.
        unsafe { xgetbv0() }
    } else {
        0
    };
    let os_ymm = xcr0 & 0b110 == 0b110;
    let os_zmm = os_ymm && xcr0 & 0b1110_0000 == 0b1110_0000;

    // AVX2, VAES, VPCLMULQDQ and AVX-512 are unusable without AVX itself.
    let avx = bit(l1.ecx, 28) && os_ymm;
    let avx512 = avx && os_zmm && bit(l7b, 16);
    let table = [
        (Feature::Sse2, bit(l1.edx, 26)),
        (Feature::Ssse3, bit(l1.ecx, 9)),
        (Feature::Sse41, bit(l1.ecx, 19)),
        (Feature::Avx, avx),
        (Feature::Avx2, avx && bit(l7b, 5)),
        (Feature::Bmi1, bit(l7b, 3)),
        (Feature::Bmi2, bit(l7b, 8)),
        (Feature::Adx, bit(l7b, 19)),
        (Feature::Aes, bit(l1.ecx, 25)),
        (Feature::Pclmulqdq, bit(l1.ecx, 1)),
        (Feature::Shani, bit(l7b, 29)),
        (Feature::Vaes, avx && bit(l7c, 9)),
        (Feature::Vpclmulqdq, avx && bit(l7c, 10)),
        (Feature::Avx512f, avx512),
        (Feature::Avx512bw, avx512 && bit(l7b, 30)),
        (Feature::Avx512dq, avx512 && bit(l7b, 17)),
        (Feature::Avx512vl, avx512 && bit(l7b, 31)),
        (Feature::Avx512ifma, avx512 && bit(l7b, 21)),
        (Feature::Avx512vbmi, avx512 && bit(l7c, 1)),
        (Feature::Avx512vbmi2, avx512 && bit(l7c, 6)),
        (Feature::Gfni, bit(l7c, 8)),
        (Feature::Zmm, avx512 && !zmm_penalty(&leaf0, l1.eax)),
    ];
    let mut caps = Caps::EMPTY;
    for (feat, on) in table {
        if on {
            caps = caps.with(feat);
        }
    }
    caps
}

#[target_feature(enable = "xsave")]
unsafe fn xgetbv0() -> u64 {
    // SAFETY: the caller checked OSXSAVE.
    unsafe { _xgetbv(0) }
}

/// Whether this is one of the Intel models in
/// [`ZMM_PENALTY_MODELS`](super::ZMM_PENALTY_MODELS).
fn zmm_penalty(leaf0: &core::arch::x86_64::CpuidResult, l1_eax: u32) -> bool {
    // "GenuineIntel" in EBX, EDX, ECX order.
    let intel = leaf0.ebx == 0x756e_6547 && leaf0.edx == 0x4965_6e69 && leaf0.ecx == 0x6c65_746e;
    let family = (l1_eax >> 8) & 0xf;
    let model = ((l1_eax >> 4) & 0xf) | ((l1_eax >> 12) & 0xf0);
    intel && family == 6 && super::ZMM_PENALTY_MODELS.iter().any(|&(m, _)| m == model)
}
