//! CPU feature detection, the user's override, and the backend-choice log.
//!
//! Detection runs once and is cached in an atomic. The effective feature set
//! is the detected set minus whatever the user removed, either through the
//! `PEREGRINE_CPU` environment variable (with the `std` feature) or through
//! [`restrict`] (for `no_std` users). Features can only ever be *removed*, so
//! no override can make a backend run on a CPU that lacks what it needs.
//!
//! `PEREGRINE_CPU` is a comma-separated list of `-name` entries
//! (`PEREGRINE_CPU=-avx2,-shani`) or the single word `none` (portable code
//! only). `PEREGRINE_CPU_VERBOSE=1` prints each backend choice once on stderr.

use core::fmt;
use core::sync::atomic::{AtomicBool, Ordering};

use bits::AtomicBits;

#[cfg(target_arch = "aarch64")]
mod aarch64;
#[cfg(target_arch = "arm")]
mod arm;
mod bits;
#[cfg(target_arch = "x86_64")]
mod x86_64;

macro_rules! features {
    ($( $(#[$doc:meta])* $variant:ident = $bit:expr, $name:literal, $arch:literal; )*) => {
        /// One CPU feature that some backend needs.
        ///
        /// The set is the union over every architecture Peregrine knows, so a
        /// `PEREGRINE_CPU` value written for one machine is still valid on
        /// another (a feature the CPU does not have is simply absent).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Feature {
            $( $(#[$doc])* $variant = $bit, )*
        }

        impl Feature {
            /// Every feature, in a fixed order.
            pub const ALL: &'static [Feature] = &[ $( Feature::$variant, )* ];

            /// The name used by `PEREGRINE_CPU` and printed by `peregrine info`.
            pub const fn name(self) -> &'static str {
                match self { $( Feature::$variant => $name, )* }
            }

            /// The architecture the feature belongs to (`"x86_64"`,
            /// `"aarch64"`, `"any"` for a name both use, like `aes`, or a
            /// space-separated list: `"aarch64 arm"` for NEON, which 32-bit
            /// ARM has too).
            pub const fn arch(self) -> &'static str {
                match self { $( Feature::$variant => $arch, )* }
            }
        }
    };
}

features! {
    /// SSE2 (x86_64 baseline).
    Sse2 = 0, "sse2", "x86_64";
    /// SSSE3 (`pshufb`).
    Ssse3 = 1, "ssse3", "x86_64";
    /// SSE4.1 (`pblendw`, `palignr` users).
    Sse41 = 2, "sse4.1", "x86_64";
    /// AVX, with OS support for the ymm state (XCR0).
    Avx = 3, "avx", "x86_64";
    /// AVX2.
    Avx2 = 4, "avx2", "x86_64";
    /// BMI1.
    Bmi1 = 5, "bmi1", "x86_64";
    /// BMI2 (`mulx`, `rorx`).
    Bmi2 = 6, "bmi2", "x86_64";
    /// ADX (`adcx`, `adox`).
    Adx = 7, "adx", "x86_64";
    /// AES-NI on x86_64; the ARMv8 AES instructions on aarch64.
    Aes = 8, "aes", "any";
    /// PCLMULQDQ.
    Pclmulqdq = 9, "pclmulqdq", "x86_64";
    /// The SHA extensions (SHA-NI: `sha256rnds2`, `sha1rnds4`, ...).
    Shani = 10, "shani", "x86_64";
    /// VAES (AES on ymm), only with OS ymm support.
    Vaes = 11, "vaes", "x86_64";
    /// VPCLMULQDQ (carry-less multiply on ymm), only with OS ymm support.
    Vpclmulqdq = 12, "vpclmulqdq", "x86_64";
    /// AVX-512F, only with OS opmask and zmm support (XCR0 bits 5..=7).
    /// Removing it removes every EVEX backend.
    Avx512f = 13, "avx512f", "x86_64";
    /// AVX-512BW (byte and word lanes, 64-bit masks).
    Avx512bw = 14, "avx512bw", "x86_64";
    /// AVX-512DQ.
    Avx512dq = 15, "avx512dq", "x86_64";
    /// AVX-512VL (EVEX instructions on xmm and ymm).
    Avx512vl = 16, "avx512vl", "x86_64";
    /// AVX-512 IFMA (`vpmadd52luq`, `vpmadd52huq`).
    Avx512ifma = 17, "avx512ifma", "x86_64";
    /// AVX-512 VBMI (`vpermb`, `vpermt2b`, `vpmultishiftqb`).
    Avx512vbmi = 18, "avx512vbmi", "x86_64";
    /// AVX-512 VBMI2 (`vpshldq`, `vpshrdq`, compress/expand of bytes).
    Avx512vbmi2 = 19, "avx512vbmi2", "x86_64";
    /// GFNI (`gf2p8affineqb`, `gf2p8mulb`).
    Gfni = 20, "gfni", "x86_64";
    /// Not an instruction set: 512-bit vectors cost no clock frequency on
    /// this CPU. Detected on every AVX-512 CPU except the models that
    /// lower their clock under zmm load ([`ZMM_PENALTY_MODELS`]); where it
    /// is absent (or removed with `-zmm`) the EVEX backends run on ymm.
    Zmm = 21, "zmm", "x86_64";
    /// Advanced SIMD (aarch64 baseline; on 32-bit ARM, `HWCAP_NEON`).
    Neon = 32, "neon", "aarch64 arm";
    /// PMULL/PMULL2 on 64-bit lanes.
    Pmull = 33, "pmull", "aarch64 arm";
    /// ARMv8 SHA-1 instructions.
    Sha1 = 34, "sha1", "aarch64 arm";
    /// ARMv8 SHA-256 instructions.
    Sha2 = 35, "sha2", "aarch64 arm";
    /// ARMv8.2 SHA-512 instructions.
    Sha512 = 36, "sha512", "aarch64";
    /// ARMv8.2 SHA-3 instructions (EOR3, RAX1, XAR, BCAX).
    Sha3 = 37, "sha3", "aarch64";
    /// 32-bit ARM `umaal` (`RdHi:RdLo = Rn Rm + RdHi + RdLo`): not
    /// detected at run time but a property of the build's target,
    /// reported on little-endian targets with ARM state from ARMv6 or
    /// Thumb-2 with DSP (`build.rs`'s `peregrine_umaal`), so that
    /// `PEREGRINE_CPU=-umaal` or `none` can turn it off.
    Umaal = 38, "umaal", "arm";
}

impl fmt::Display for Feature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Feature {
    /// Looks a feature up by its `PEREGRINE_CPU` name (case-insensitive).
    /// `sha` is accepted for `shani` and `sse41` for `sse4.1`.
    pub fn from_name(name: &str) -> Option<Feature> {
        let lower = |s: &str| s.eq_ignore_ascii_case(name);
        if lower("sha") {
            return Some(Feature::Shani);
        }
        if lower("sse41") {
            return Some(Feature::Sse41);
        }
        Feature::ALL.iter().copied().find(|f| lower(f.name()))
    }

    /// Features that go when this one is removed, directly.
    const fn direct_dependents(self) -> u64 {
        match self {
            Feature::Sse2 => Caps::of(&[Feature::Ssse3, Feature::Aes, Feature::Pclmulqdq]).0,
            Feature::Ssse3 => Caps::of(&[Feature::Sse41]).0,
            Feature::Sse41 => Caps::of(&[Feature::Avx, Feature::Shani, Feature::Gfni]).0,
            Feature::Avx => {
                Caps::of(&[
                    Feature::Avx2,
                    Feature::Vaes,
                    Feature::Vpclmulqdq,
                    Feature::Avx512f,
                ])
                .0
            }
            Feature::Avx512f => {
                Caps::of(&[
                    Feature::Avx512bw,
                    Feature::Avx512dq,
                    Feature::Avx512vl,
                    Feature::Avx512ifma,
                    Feature::Avx512vbmi,
                    Feature::Avx512vbmi2,
                    Feature::Zmm,
                ])
                .0
            }
            Feature::Aes if cfg!(target_arch = "x86_64") => Caps::of(&[Feature::Vaes]).0,
            Feature::Pclmulqdq => Caps::of(&[Feature::Vpclmulqdq]).0,
            Feature::Neon => {
                Caps::of(&[
                    Feature::Aes,
                    Feature::Pmull,
                    Feature::Sha1,
                    Feature::Sha2,
                    Feature::Sha512,
                    Feature::Sha3,
                ])
                .0
            }
            _ => 0,
        }
    }

    /// Every feature that cannot be used once this one is removed (the
    /// transitive closure: no CPU has SHA-NI without SSE4.1, and nothing
    /// on ymm works without the OS's AVX state).
    const fn dependents(self) -> Caps {
        let mut acc = self.direct_dependents();
        loop {
            let mut next = acc;
            let mut i = 0;
            while i < Feature::ALL.len() {
                if acc & Caps::bit(Feature::ALL[i]) != 0 {
                    next |= Feature::ALL[i].direct_dependents();
                }
                i += 1;
            }
            if next == acc {
                return Caps(acc);
            }
            acc = next;
        }
    }
}

/// The Intel family-6 models that lower their clock when 512-bit vectors
/// run (Skylake-SP/Cascade Lake/Cooper Lake, the Ice Lakes, Tiger Lake):
/// the list Linux keeps in `arch/x86/kernel/cpu/intel.c` (its zmm
/// exclusion list) and BoringSSL's `CRYPTO_cpu_avoid_zmm_registers`. On
/// them the `zmm` pseudo-feature is not detected, so the EVEX backends use
/// 256-bit vectors. Rocket Lake, Sapphire Rapids and later Intel, and AMD
/// Zen 4/Zen 5, are not on it.
pub const ZMM_PENALTY_MODELS: &[(u32, &str)] = &[
    (0x55, "Skylake-SP/Cascade Lake/Cooper Lake"),
    (0x6a, "Ice Lake-SP"),
    (0x6c, "Ice Lake-D"),
    (0x7d, "Ice Lake"),
    (0x7e, "Ice Lake (mobile)"),
    (0x9d, "Ice Lake NNPI"),
    (0x8c, "Tiger Lake (mobile)"),
    (0x8d, "Tiger Lake"),
];

/// The vector width the EVEX backends use in this process, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VectorWidth {
    /// 512, 256 (EVEX on ymm), or 0 when no EVEX backend may run.
    pub bits: u32,
    /// One line saying why.
    pub reason: &'static str,
}

/// The width policy in force: 512-bit when `avx512f` and `zmm` are both
/// effective, 256-bit when `zmm` is missing, none without `avx512f`.
pub fn vector_width() -> VectorWidth {
    let eff = effective();
    let det = detected();
    if !eff.has(Feature::Avx512f) {
        let reason = if det.has(Feature::Avx512f) {
            "avx512f removed (PEREGRINE_CPU or cpu::restrict): AVX2 backends only"
        } else {
            "no AVX-512 on this CPU (or the OS does not save the zmm state)"
        };
        return VectorWidth { bits: 0, reason };
    }
    if eff.has(Feature::Zmm) {
        return VectorWidth {
            bits: 512,
            reason: "AVX-512 without a zmm clock penalty: EVEX backends use zmm",
        };
    }
    let reason = if det.has(Feature::Zmm) {
        "zmm removed (PEREGRINE_CPU or cpu::restrict): EVEX backends use ymm"
    } else {
        "this CPU model lowers its clock under zmm load: EVEX backends use ymm"
    };
    VectorWidth { bits: 256, reason }
}

/// A set of CPU features (a bitset).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Caps(u64);

impl Caps {
    /// The empty set: what the portable backends need.
    pub const EMPTY: Caps = Caps(0);

    const fn bit(f: Feature) -> u64 {
        1u64 << (f as u32)
    }

    /// The set holding exactly the given features.
    pub const fn of(features: &[Feature]) -> Caps {
        let mut bits = 0;
        let mut i = 0;
        while i < features.len() {
            bits |= Caps::bit(features[i]);
            i += 1;
        }
        Caps(bits)
    }

    /// Whether `f` is in the set.
    pub const fn has(self, f: Feature) -> bool {
        self.0 & Caps::bit(f) != 0
    }

    /// Whether every feature of `other` is in `self`.
    pub const fn contains(self, other: Caps) -> bool {
        self.0 & other.0 == other.0
    }

    /// `self` with `f` added.
    pub const fn with(self, f: Feature) -> Caps {
        Caps(self.0 | Caps::bit(f))
    }

    /// Every feature of `self` and of `other`.
    pub const fn with_all(self, other: Caps) -> Caps {
        Caps(self.0 | other.0)
    }

    /// `self` with the features of `other` removed.
    pub const fn without(self, other: Caps) -> Caps {
        Caps(self.0 & !other.0)
    }

    /// `self` without `f` and without the features that depend on it.
    pub const fn without_feature(self, f: Feature) -> Caps {
        self.without(Caps(Caps::bit(f) | f.dependents().0))
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The features in the set, in [`Feature::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Feature> {
        Feature::ALL.iter().copied().filter(move |f| self.has(*f))
    }
}

impl fmt::Debug for Caps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl fmt::Display for Caps {
    /// Space-separated feature names, or `(none)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("(none)");
        }
        let mut first = true;
        for feat in self.iter() {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            f.write_str(feat.name())?;
        }
        Ok(())
    }
}

/// Bit 63 marks the cache as filled (no feature uses it).
const INIT: u64 = 1 << 63;
static DETECTED: AtomicBits = AtomicBits::new();
/// Features removed by the user (environment or [`restrict`]); only grows.
static REMOVED: AtomicBits = AtomicBits::new();
static ENV_READ: AtomicBool = AtomicBool::new(false);

// What `bits` needs where a mask is two 32-bit halves: no feature of the
// low half has a dependent in the high half, so the low part of a removal
// is a removal in its own right (see the module documentation of `bits`).
const _: () = {
    let mut i = 0;
    while i < Feature::ALL.len() {
        let f = Feature::ALL[i];
        assert!((f as u32) < 63, "bit 63 is INIT, not a feature");
        assert!(
            (f as u32) >= 32 || f.dependents().0 >> 32 == 0,
            "a feature of the low half has a dependent in the high half"
        );
        i += 1;
    }
};

/// The features this CPU (and OS) supports, detected once and cached.
pub fn detected() -> Caps {
    let v = DETECTED.load();
    if v & INIT != 0 {
        return Caps(v & !INIT);
    }
    let caps = detect_uncached();
    DETECTED.store(caps.0 | INIT);
    caps
}

fn detect_uncached() -> Caps {
    #[cfg(target_arch = "x86_64")]
    {
        // Valgrind executes MULX, ADCX and ADOX but its CPUID clears ADX:
        // the constant-time checking build may claim BMI2 and ADX on
        // request (`scripts/ctgrind.sh`'s second pass) so that the ADX
        // kernels run under memcheck too. Never in a normal build.
        #[cfg(all(peregrine_ctgrind, feature = "std"))]
        if std::env::var_os("PEREGRINE_CTGRIND_ADX").is_some() {
            return x86_64::detect().with(Feature::Bmi2).with(Feature::Adx);
        }
        x86_64::detect()
    }
    #[cfg(target_arch = "aarch64")]
    {
        aarch64::detect()
    }
    #[cfg(target_arch = "arm")]
    {
        arm::detect()
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64", target_arch = "arm")))]
    {
        Caps::EMPTY
    }
}

/// The features backends may use: [`detected`] minus what `PEREGRINE_CPU`
/// and [`restrict`] removed.
pub fn effective() -> Caps {
    read_env_once();
    detected().without(Caps(REMOVED.load()))
}

/// Removes features for the rest of the process (the library form of
/// `PEREGRINE_CPU`, for `no_std` users and for tests). Removing is the only
/// direction; features that depend on a removed one go too. Objects created
/// before the call keep the backend they chose.
pub fn restrict(features: &[Feature]) {
    let mut all = Caps::of(features);
    for f in features {
        all = Caps(all.0 | f.dependents().0);
    }
    REMOVED.fetch_or(all.0);
}

/// Removes every feature: only portable backends run from now on.
pub fn restrict_all() {
    REMOVED.fetch_or(!INIT);
}

/// What a `PEREGRINE_CPU` value means: the features it removes and the
/// entries it could not use (each with the reason).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Override<'a> {
    /// Features removed (with their dependents).
    pub removed: Caps,
    /// Whether the value was `none`.
    pub none: bool,
    /// Entries that were ignored, with why.
    pub ignored: alloc::vec::Vec<(&'a str, &'static str)>,
}

/// Parses a `PEREGRINE_CPU` value without applying it.
///
/// Entries are separated by commas, surrounding spaces are ignored, and
/// empty entries are skipped. `-name` removes a feature; `none` removes all.
/// A name without `-` is ignored (features can only be removed), and so is
/// an unknown name; both are reported in [`Override::ignored`].
pub fn parse_override(value: &str) -> Override<'_> {
    let mut out = Override {
        removed: Caps::EMPTY,
        none: false,
        ignored: alloc::vec::Vec::new(),
    };
    for entry in value.split(',') {
        let entry = entry.trim();
        if entry.is_empty() {
            continue;
        }
        if entry.eq_ignore_ascii_case("none") {
            out.none = true;
            continue;
        }
        match entry.strip_prefix('-') {
            Some(name) => match Feature::from_name(name.trim()) {
                Some(f) => out.removed = Caps(out.removed.0 | Caps::bit(f) | f.dependents().0),
                None => out.ignored.push((entry, "unknown feature")),
            },
            None => {
                if Feature::from_name(entry).is_some() {
                    out.ignored
                        .push((entry, "features can only be removed (write -name)"));
                } else {
                    out.ignored.push((entry, "unknown feature"));
                }
            }
        }
    }
    out
}

fn read_env_once() {
    if ENV_READ.load(Ordering::SeqCst) {
        return;
    }
    // Several threads may get here at once; applying the same removal twice
    // is harmless, and the swap below lets only one of them warn.
    #[cfg(feature = "std")]
    {
        if let Some(value) = override_value() {
            let o = parse_override(&value);
            if o.none {
                REMOVED.fetch_or(!INIT);
            }
            REMOVED.fetch_or(o.removed.0);
            if !o.ignored.is_empty() && !ENV_READ.swap(true, Ordering::SeqCst) {
                std::eprintln!("peregrine: {}", describe_ignored(&o.ignored));
            }
        }
    }
    ENV_READ.store(true, Ordering::SeqCst);
}

/// The one warning line for the entries of a `PEREGRINE_CPU` value that
/// were ignored.
pub fn describe_ignored(ignored: &[(&str, &'static str)]) -> alloc::string::String {
    use core::fmt::Write;
    let mut line = alloc::string::String::from("PEREGRINE_CPU: ignoring ");
    for (i, (entry, why)) in ignored.iter().enumerate() {
        let sep = if i == 0 { "" } else { ", " };
        let _ = write!(line, "{sep}'{entry}' ({why})");
    }
    line.push_str("; valid: none, or -NAME with NAME one of");
    for (i, f) in Feature::ALL.iter().enumerate() {
        line.push_str(if i == 0 { " " } else { ", " });
        line.push_str(f.name());
    }
    line
}

/// The `PEREGRINE_CPU` value, for reports (`None` when unset). Bytes that
/// are not UTF-8 become U+FFFD, so such an entry is reported as unknown
/// rather than silently dropped.
#[cfg(feature = "std")]
pub fn override_value() -> Option<alloc::string::String> {
    std::env::var_os("PEREGRINE_CPU").map(|v| v.to_string_lossy().into_owned())
}

/// Logs a backend choice once per algorithm name when
/// `PEREGRINE_CPU_VERBOSE=1` (and not `0` or empty). Costs one atomic load
/// when verbose logging is off.
pub(crate) fn log_choice(algorithm: &'static str, backend: &str) {
    #[cfg(feature = "std")]
    {
        // 0: not read yet, 1: off, 2: on.
        static VERBOSE: core::sync::atomic::AtomicU8 = core::sync::atomic::AtomicU8::new(0);
        static LOGGED: std::sync::Mutex<alloc::vec::Vec<&'static str>> =
            std::sync::Mutex::new(alloc::vec::Vec::new());
        let mut v = VERBOSE.load(Ordering::Relaxed);
        if v == 0 {
            let on = std::env::var_os("PEREGRINE_CPU_VERBOSE")
                .is_some_and(|v| v != "0" && !v.is_empty());
            v = if on { 2 } else { 1 };
            VERBOSE.store(v, Ordering::Relaxed);
        }
        if v != 2 {
            return;
        }
        let mut logged = LOGGED.lock().unwrap_or_else(|e| e.into_inner());
        if !logged.contains(&algorithm) {
            logged.push(algorithm);
            std::eprintln!("peregrine: {algorithm}: using {backend}");
        }
    }
    #[cfg(not(feature = "std"))]
    {
        let _ = (algorithm, backend);
    }
}

/// The interface every primitive's `Impl` enum provides, so tests, the
/// registry and `peregrine speed` can treat backends alike.
///
/// A primitive's `Impl` lists its backends best first with `Soft` last;
/// its `Checked` type can only be made by [`Backend::check`], so holding
/// one proves the CPU has what the backend needs.
pub trait Backend: Copy + Eq + fmt::Debug + Send + Sync + 'static {
    /// The proof type for this primitive.
    type Checked: Copy + fmt::Debug + Send + Sync + 'static;
    /// The primitive's name in logs ("sha256").
    const PRIMITIVE: &'static str;
    /// Every backend, best first, the portable one last.
    const ALL: &'static [Self];
    /// The backend's short name ("shani", "soft").
    fn name(self) -> &'static str;
    /// The CPU features it needs.
    fn needs(self) -> Caps;
    /// Whether this build contains it (the right architecture).
    fn compiled(self) -> bool;
    /// The proof, when the effective CPU features allow it.
    fn check(self) -> Option<Self::Checked>;
    /// The best backend the CPU can run.
    fn best() -> Self::Checked;
    /// The backend a proof is for.
    fn of(checked: Self::Checked) -> Self;
    /// The backend called `name` (case-insensitive).
    fn from_name(name: &str) -> Option<Self> {
        Self::ALL
            .iter()
            .copied()
            .find(|b| b.name().eq_ignore_ascii_case(name))
    }
}

/// Defines a primitive's backend enum `Impl`, its proof type `Checked`
/// and their `impl Backend`, from one table, so every primitive's dispatch
/// reads the same. Each row: doc comments, `Variant = "name"`, the
/// architecture (`"x86_64"`, `"aarch64"`, a pair such as `("aarch64",
/// "arm")` for a backend with a kernel on each, `"arm+umaal"` for 32-bit
/// ARM with `umaal`, `"arm-le"` or `("aarch64", "arm-le")` where the 32-bit
/// ARM kernel is little-endian only, or `any`) and the features
/// it needs. Rows go best first; the last must be the portable `Soft` (it
/// needs nothing, so `best()` always finds it).
///
/// ```text
/// crate::cpu::backends! {
///     primitive: "sha256", doc: "A SHA-256 compression backend.";
///     /// x86_64 SHA extensions.
///     Shani = "shani", "x86_64", [Sse2, Ssse3, Sse41, Shani];
///     /// Portable Rust, constant time.
///     Soft = "soft", any, [];
/// }
/// ```
macro_rules! backends {
    (
        primitive: $prim:literal, doc: $doc:literal;
        $( $(#[$vdoc:meta])* $variant:ident = $name:literal, $arch:tt, [$($feat:ident),*]; )+
    ) => {
        #[doc = $doc]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Impl {
            $( $(#[$vdoc])* $variant, )+
        }

        /// Proof that the CPU can run an [`Impl`]; only [`Impl::check`] and
        /// [`Impl::best`] make one (the field is private).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Checked(Impl);

        impl Impl {
            /// Every backend, best first, `Soft` last.
            pub const ALL: &'static [Impl] = &[$(Impl::$variant),+];

            /// The backend's name, as `--impl` and `PEREGRINE_CPU_VERBOSE` show it.
            pub const fn name(self) -> &'static str {
                match self { $(Impl::$variant => $name,)+ }
            }

            /// The architecture the backend is built for (`None`: any;
            /// two names separated by a space: either).
            pub const fn arch(self) -> Option<&'static str> {
                match self { $(Impl::$variant => $crate::cpu::backends!(@arch $arch),)+ }
            }

            /// The CPU features the backend needs.
            pub const fn needs(self) -> $crate::cpu::Caps {
                match self { $(Impl::$variant => $crate::cpu::Caps::of(&[$($crate::cpu::Feature::$feat),*]),)+ }
            }

            /// Whether the backend is compiled into this build (its architecture).
            pub const fn compiled(self) -> bool {
                match self { $(Impl::$variant => $crate::cpu::backends!(@compiled $arch),)+ }
            }

            /// The backend called `name` (case-insensitive), if any.
            pub fn from_name(name: &str) -> Option<Impl> {
                <Impl as $crate::cpu::Backend>::from_name(name)
            }

            /// `Some` when this build has the backend and the effective CPU
            /// features (after `PEREGRINE_CPU` and [`cpu::restrict`](crate::cpu::restrict)) cover it.
            pub fn check(self) -> Option<Checked> {
                $crate::cpu::allows(self.compiled(), self.needs()).then_some(Checked(self))
            }

            /// The best backend the CPU can run now.
            pub fn best() -> Checked {
                Impl::ALL.iter().find_map(|i| i.check()).unwrap_or(Checked(Impl::Soft))
            }
        }

        impl Checked {
            /// The backend this proof is for.
            pub const fn get(self) -> Impl {
                self.0
            }
        }

        impl $crate::cpu::Backend for Impl {
            type Checked = Checked;
            const PRIMITIVE: &'static str = $prim;
            const ALL: &'static [Impl] = Impl::ALL;
            fn name(self) -> &'static str {
                Impl::name(self)
            }
            fn needs(self) -> $crate::cpu::Caps {
                Impl::needs(self)
            }
            fn compiled(self) -> bool {
                Impl::compiled(self)
            }
            fn check(self) -> Option<Checked> {
                Impl::check(self)
            }
            fn best() -> Checked {
                Impl::best()
            }
            fn of(checked: Checked) -> Impl {
                checked.0
            }
        }
    };
    (@arch any) => { None };
    // 32-bit ARM with `umaal` (see `bignum::mont`'s `Arm`): reported as
    // "arm", compiled only where the target has the instruction.
    (@arch "arm+umaal") => { Some("arm") };
    // 32-bit ARM, little-endian only (kernels that load words as
    // little-endian): reported as "arm", not compiled for armeb.
    (@arch "arm-le") => { Some("arm") };
    (@arch ("aarch64", "arm-le")) => { Some("aarch64 arm") };
    (@arch ($a:literal, $b:literal)) => { Some(concat!($a, " ", $b)) };
    (@arch $a:tt) => { Some($a) };
    (@compiled any) => { true };
    (@compiled "arm+umaal") => { cfg!(peregrine_umaal) };
    (@compiled "arm-le") => { cfg!(all(target_arch = "arm", target_endian = "little")) };
    (@compiled ("aarch64", "arm-le")) => {
        cfg!(target_arch = "aarch64") || cfg!(all(target_arch = "arm", target_endian = "little"))
    };
    (@compiled ($a:literal, $b:literal)) => { cfg!(target_arch = $a) || cfg!(target_arch = $b) };
    (@compiled $a:tt) => { cfg!(target_arch = $a) };
}
pub(crate) use backends;

/// Whether a backend compiled for this build, needing `needs`, may run now.
pub fn allows(compiled: bool, needs: Caps) -> bool {
    compiled && effective().contains(needs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removing_avx512f_removes_every_evex_feature() {
        let all = Caps::of(Feature::ALL);
        let left = all.without_feature(Feature::Avx512f);
        for f in [
            Feature::Avx512f,
            Feature::Avx512bw,
            Feature::Avx512dq,
            Feature::Avx512vl,
            Feature::Avx512ifma,
            Feature::Avx512vbmi,
            Feature::Avx512vbmi2,
            Feature::Zmm,
        ] {
            assert!(!left.has(f), "{f} survives -avx512f");
        }
        assert!(left.has(Feature::Avx2) && left.has(Feature::Vaes) && left.has(Feature::Gfni));
        let no_avx = all.without_feature(Feature::Avx);
        assert!(!no_avx.has(Feature::Zmm) && !no_avx.has(Feature::Avx512ifma));
        let no_zmm = all.without_feature(Feature::Zmm);
        assert!(no_zmm.has(Feature::Avx512f) && !no_zmm.has(Feature::Zmm));
    }

    #[test]
    fn parse_removes_and_ignores() {
        let o = parse_override(" -avx2 , -SHANI,,avx,bogus,-nope");
        assert!(o.removed.has(Feature::Avx2));
        assert!(o.removed.has(Feature::Shani));
        assert!(!o.removed.has(Feature::Avx));
        assert!(!o.none);
        let ignored: alloc::vec::Vec<_> = o.ignored.iter().map(|(e, _)| *e).collect();
        assert_eq!(ignored, ["avx", "bogus", "-nope"]);
    }

    #[test]
    fn removing_avx_removes_ymm_users() {
        let o = parse_override("-avx");
        for f in [
            Feature::Avx,
            Feature::Avx2,
            Feature::Vaes,
            Feature::Vpclmulqdq,
        ] {
            assert!(o.removed.has(f), "{f}");
        }
        assert!(!o.removed.has(Feature::Aes));
    }

    #[test]
    fn removals_are_transitive() {
        let o = parse_override("-ssse3");
        for f in [
            Feature::Ssse3,
            Feature::Sse41,
            Feature::Shani,
            Feature::Avx,
            Feature::Vaes,
        ] {
            assert!(o.removed.has(f), "{f}");
        }
        assert!(!o.removed.has(Feature::Aes) && !o.removed.has(Feature::Bmi2));
        let o = parse_override("-neon");
        assert!(o.removed.has(Feature::Sha3) && o.removed.has(Feature::Aes));
        assert!(parse_override("-shani").removed == Caps::of(&[Feature::Shani]));
    }

    #[test]
    fn one_warning_line_names_everything() {
        let o = parse_override("x,-y");
        let line = describe_ignored(&o.ignored);
        assert!(!line.contains('\n'));
        assert!(line.contains("'x'") && line.contains("'-y'") && line.contains("sse4.1"));
    }

    #[test]
    fn none_is_recognised() {
        assert!(parse_override("none").none);
        assert!(parse_override("NONE").none);
    }

    #[test]
    fn names_round_trip() {
        for f in Feature::ALL {
            assert_eq!(Feature::from_name(f.name()), Some(*f));
        }
        assert_eq!(Feature::from_name("sha"), Some(Feature::Shani));
        assert_eq!(Feature::from_name("x"), None);
    }
}
