//! What this build of the library was compiled with: its cargo features and
//! the CPU features the compiler may assume everywhere (`-C target-cpu`,
//! `-C target-feature`), which `peregrine info --build` prints. Backends
//! are still chosen at run time (see [`crate::cpu`]); a feature enabled
//! here only lets the compiler use it in the portable code too.

/// The library's cargo features, each with whether it is on.
pub const FEATURES: &[(&str, bool)] = &[
    ("std", cfg!(feature = "std")),
    ("getrandom", cfg!(feature = "getrandom")),
    ("small", cfg!(feature = "small")),
    ("hash", cfg!(feature = "hash")),
    ("aes", cfg!(feature = "aes")),
    ("chacha", cfg!(feature = "chacha")),
    ("aead", cfg!(feature = "aead")),
    ("legacy", cfg!(feature = "legacy")),
    ("bignum", cfg!(feature = "bignum")),
    ("rsa", cfg!(feature = "rsa")),
    ("dsa", cfg!(feature = "dsa")),
    ("ec", cfg!(feature = "ec")),
];

/// The run-time CPU features of [`crate::cpu`] that this build enables at
/// compile time for the whole crate (x86-64 and aarch64; empty elsewhere):
/// a binary built with them runs only on CPUs that have them.
pub fn static_cpu_features() -> &'static [&'static str] {
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    macro_rules! on {
        ($($f:literal),*) => {
            &[$(#[cfg(target_feature = $f)] $f),*]
        };
    }
    #[cfg(target_arch = "x86_64")]
    {
        on!(
            "sse2",
            "ssse3",
            "sse4.1",
            "avx",
            "avx2",
            "bmi1",
            "bmi2",
            "adx",
            "aes",
            "pclmulqdq",
            "sha",
            "vaes",
            "vpclmulqdq",
            "avx512f",
            "avx512bw",
            "avx512dq",
            "avx512vl",
            "avx512ifma",
            "avx512vbmi",
            "avx512vbmi2",
            "gfni"
        )
    }
    #[cfg(target_arch = "aarch64")]
    {
        on!("neon", "aes", "sha2", "sha3", "sm4")
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        &[]
    }
}
