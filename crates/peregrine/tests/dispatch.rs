//! Which backend `best()` chooses, tier by tier.
//!
//! Always: for every algorithm of the registry, `best()` is the first
//! backend of its list that can run here (the lists are ordered best
//! first), and it is one that can run.
//!
//! With `PEREGRINE_TIER` set (by `scripts/x86-tiers.sh` and
//! `scripts/cross-test.sh`, which run this under qemu's CPU models), the
//! choice of every primitive is also checked against a fixed table for
//! that tier, so a dispatch mistake (a feature check that is too loose or
//! too strict, a wrong order) fails here by name rather than quietly
//! running a slower or an illegal path.

use peregrine::registry::ALGORITHMS;

/// The backend each tier must choose, for one algorithm per primitive.
fn table(tier: &str) -> Option<&'static [(&'static str, &'static str)]> {
    Some(match tier {
        // qemu's default 32-bit ARM CPU is its `max`: NEON (HWCAP_NEON)
        // and the ARMv8 crypto instructions (HWCAP2_AES, PMULL, SHA1,
        // SHA2): the NEON ChaCha20, Poly1305 and SHA-512 kernels, the
        // AArch32 SHA-1, SHA-256, AES and GHASH ones and the `umaal`
        // Montgomery kernel (the target has `umaal`), everything else
        // portable.
        "armv7" => &[
            ("md5", "soft"),
            ("sha1", "armv8"),
            ("sha256", "armv8"),
            ("sha256-many", "soft"),
            ("sha512", "neon"),
            ("sha512-many", "neon"),
            ("sha3-256", "soft"),
            ("aes-128-ecb", "armv8"),
            ("ghash", "pmull"),
            ("aes-128-gcm", "armv8+pmull"),
            ("chacha20", "neon"),
            ("poly1305", "neon"),
            ("chacha20-poly1305", "neon+neon"),
            ("rsa2048", "arm"),
            ("ecdhx25519", "soft"),
            ("ecdhp256", "soft"),
            ("ecdhp521", "soft"),
        ],
        // SSE2 only: every portable backend.
        // No feature detection on MIPS: every choice is the portable one,
        // as with `PEREGRINE_CPU=none`.
        "qemu64" | "none" | "aarch64-none" | "mipsel" => &[
            ("md5", "soft"),
            ("sha1", "soft"),
            ("sha256", "soft"),
            ("sha256-many", "soft"),
            ("sha512", "soft"),
            ("sha3-256", "soft"),
            ("aes-128-ecb", "soft"),
            ("ghash", "soft"),
            ("aes-128-gcm", "soft+soft"),
            ("chacha20", "soft"),
            ("poly1305", "soft"),
            ("chacha20-poly1305", "soft+soft"),
            ("rsa2048", "soft"),
            ("ecdhx25519", "soft"),
            ("ecdhp256", "soft"),
            ("ecdhp521", "soft"),
        ],
        // AES-NI, PCLMULQDQ, SSSE3, SSE4.2; no AVX, no SHA-NI, no BMI2.
        "Westmere-v1" => &[
            ("md5", "soft"),
            ("sha1", "soft"),
            ("sha256", "soft"),
            ("sha256-many", "soft"),
            ("sha512", "soft"),
            ("sha3-256", "soft"),
            ("aes-128-ecb", "aesni"),
            ("ghash", "pclmul"),
            ("aes-128-gcm", "aesni+pclmul"),
            ("chacha20", "ssse3"),
            ("poly1305", "soft"),
            ("chacha20-poly1305", "ssse3+soft"),
            ("rsa2048", "soft"),
            ("ecdhx25519", "soft"),
            ("ecdhp256", "soft"),
            ("ecdhp521", "soft"),
        ],
        // AVX2, BMI2; no SHA-NI, no ADX, no VAES, no VPCLMULQDQ.
        "Haswell-v1" => &[
            ("md5", "soft"),
            ("sha1", "soft"),
            ("sha256", "soft"),
            ("sha256-many", "avx2"),
            ("sha512", "avx2"),
            ("sha3-256", "bmi2"),
            ("aes-128-ecb", "aesni"),
            ("ghash", "pclmul"),
            ("aes-128-gcm", "aesni+pclmul"),
            ("chacha20", "avx2"),
            ("poly1305", "avx2"),
            ("chacha20-poly1305", "avx2+avx2"),
            ("rsa2048", "bmi2"),
            ("ecdhx25519", "soft"),
            ("ecdhp256", "soft"),
            ("ecdhp521", "soft"),
        ],
        // ARMv8 with AES, PMULL, SHA1/SHA2, SHA512 and SHA3.
        "aarch64-max" => &[
            ("md5", "soft"),
            ("sha1", "armv8"),
            ("sha256", "armv8"),
            ("sha256-many", "armv8"),
            ("sha512", "armv8"),
            ("sha3-256", "armv8"),
            ("aes-128-ecb", "armv8"),
            ("ghash", "pmull"),
            ("aes-128-gcm", "armv8+pmull"),
            ("chacha20", "neon"),
            ("poly1305", "neon"),
            ("chacha20-poly1305", "neon+neon"),
            ("rsa2048", "aarch64"),
            ("ecdhx25519", "aarch64"),
            ("ecdhp256", "aarch64"),
            ("ecdhp521", "soft"),
        ],
        // Cortex-A53: AES, PMULL, SHA1/SHA2; no SHA512, no SHA3.
        "aarch64-cortex-a53" => &[
            ("md5", "soft"),
            ("sha1", "armv8"),
            ("sha256", "armv8"),
            ("sha256-many", "armv8"),
            ("sha512", "soft"),
            ("sha3-256", "soft"),
            ("aes-128-ecb", "armv8"),
            ("ghash", "pmull"),
            ("aes-128-gcm", "armv8+pmull"),
            ("chacha20", "neon"),
            ("poly1305", "neon"),
            ("chacha20-poly1305", "neon+neon"),
            ("rsa2048", "aarch64"),
            ("ecdhx25519", "aarch64"),
            ("ecdhp256", "aarch64"),
            ("ecdhp521", "soft"),
        ],
        _ => return None,
    })
}

/// The choices of issue 20's RIPEMD-160, SM3 and Salsa20, per tier (kept
/// apart from [`table`] so that branches adding rows there merge cleanly).
/// Salsa20 needs only SSE2, so `qemu64` runs `sse2` while
/// `PEREGRINE_CPU=none` runs `soft`.
fn table_issue20(tier: &str) -> &'static [(&'static str, &'static str)] {
    match tier {
        "none" | "aarch64-none" | "armv7" | "mipsel" => {
            &[("ripemd160", "soft"), ("sm3", "soft"), ("salsa20", "soft")]
        }
        "aarch64-max" | "aarch64-cortex-a53" => {
            &[("ripemd160", "soft"), ("sm3", "soft"), ("salsa20", "neon")]
        }
        "qemu64" | "Westmere-v1" => &[("ripemd160", "soft"), ("sm3", "soft"), ("salsa20", "sse2")],
        "Haswell-v1" => &[("ripemd160", "soft"), ("sm3", "soft"), ("salsa20", "avx2")],
        _ => &[],
    }
}

/// Issue 20's Camellia and SM4 (AES-NI and SSSE3, else `soft`), kept
/// apart like [`table_issue20`]; Blowfish's one backend is `vartime`.
fn table_camellia_sm4(tier: &str) -> &'static [(&'static str, &'static str)] {
    match tier {
        "Westmere-v1" | "Haswell-v1" => &[
            ("camellia-128-cbc", "aesni"),
            ("sm4-ctr", "aesni"),
            ("bf-cbc", "vartime"),
        ],
        _ => &[
            ("camellia-128-cbc", "soft"),
            ("sm4-ctr", "soft"),
            ("bf-cbc", "vartime"),
        ],
    }
}

/// Issue 16's multi-state Keccak (`sha3-many`), kept apart like
/// [`table_issue20`]: AVX2 where there is no AVX-512, two states on the
/// ARMv8.2 SHA-3 instructions (`aarch64-max`), `soft` elsewhere (the
/// default functions then hash one message at a time on the single-state
/// backend). The AVX-512 host is checked by
/// [`avx512_host_sha3_many_choice`].
fn table_keccak_many(tier: &str) -> &'static [(&'static str, &'static str)] {
    match tier {
        "Haswell-v1" => &[("shake128-many", "avx2"), ("sha3-256-many", "avx2")],
        "aarch64-max" => &[("shake128-many", "armv8"), ("sha3-256-many", "armv8")],
        _ => &[("shake128-many", "soft"), ("sha3-256-many", "soft")],
    }
}

/// Issue 17's `x25519-many`: the scalar field kernel's choice on every qemu
/// tier (none of them has IFMA); the AVX-512 host is checked by
/// [`avx512_host_x25519_many_choice`].
fn table_x25519_many(tier: &str) -> &'static [(&'static str, &'static str)] {
    match tier {
        "aarch64-max" | "aarch64-cortex-a53" => &[("x25519-many", "aarch64")],
        _ => &[("x25519-many", "soft")],
    }
}

/// An AVX-512 IFMA host (issue 17): `x25519-many` runs eight ladders in
/// zmm where zmm is fast, four in ymm with `-zmm`, the `adx` field's
/// interleaved pair with `-avx512ifma` or `-avx512f`; a single X25519 or
/// Ed25519 runs `ifma512` (the comb's halves side by side in zmm) where zmm
/// is fast, `ifma` (four-way in ymm) with `-zmm`, `adx` with `-avx512ifma`.
/// Skipped without IFMA.
#[cfg(target_arch = "x86_64")]
#[test]
fn avx512_host_x25519_many_choice() {
    use peregrine::cpu::{self, Feature};
    use std::arch::is_x86_feature_detected as d;
    if !(d!("avx512f") && d!("avx512vl") && d!("avx512ifma") && d!("adx") && d!("bmi2")) {
        eprintln!("no AVX-512 IFMA here: the x25519-many choice is not checked");
        return;
    }
    let eff = cpu::effective();
    let has = |f: Feature| eff.has(f);
    let adx = has(Feature::Bmi2) && has(Feature::Adx);
    let ifma = adx && has(Feature::Avx512f) && has(Feature::Avx512vl) && has(Feature::Avx512ifma);
    let want = if ifma && has(Feature::Zmm) {
        "ifma512"
    } else if ifma {
        "ifma"
    } else if adx {
        "adx"
    } else {
        "soft"
    };
    let best = peregrine::registry::find("x25519-many").unwrap().best();
    assert_eq!(best, want);
    // A single X25519 or Ed25519 (on the `adx` field behind the vector
    // kernels) follows the same width rule.
    for alg in ["ecdhx25519", "ed25519"] {
        let best = peregrine::registry::find(alg).unwrap().best();
        assert_eq!(best, want, "{alg}");
    }
}

#[test]
fn best_is_the_first_runnable_backend() {
    for alg in ALGORITHMS {
        let impls = alg.impls();
        let first = impls.iter().find(|s| s.available);
        let best = alg.best();
        assert_eq!(
            first.map(|s| s.name),
            Some(best),
            "{}: best() = {best}, backends {:?}",
            alg.name,
            impls
                .iter()
                .map(|s| (s.name, s.available))
                .collect::<Vec<_>>()
        );
    }
}

#[test]
fn best_matches_the_tier_table() {
    let Ok(tier) = std::env::var("PEREGRINE_TIER") else {
        eprintln!("PEREGRINE_TIER unset: only the generic rule is checked here");
        return;
    };
    // `PEREGRINE_CPU=none` on any tier selects the portable table.
    let none = std::env::var("PEREGRINE_CPU").is_ok_and(|v| v.trim() == "none");
    let key = if none {
        if cfg!(target_arch = "aarch64") {
            "aarch64-none"
        } else {
            "none"
        }
    } else {
        tier.as_str()
    };
    let Some(want) = table(key) else {
        panic!("PEREGRINE_TIER={tier}: no table for this tier (add one to tests/dispatch.rs)");
    };
    let mut wrong = Vec::new();
    for &(name, backend) in want
        .iter()
        .chain(table_issue20(key))
        .chain(table_camellia_sm4(key))
        .chain(table_keccak_many(key))
        .chain(table_x25519_many(key))
    {
        let alg = peregrine::registry::find(name).unwrap_or_else(|| panic!("no algorithm {name}"));
        if alg.best() != backend {
            wrong.push(format!(
                "{name}: best() = {}, tier {key} expects {backend}",
                alg.best()
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    eprintln!("tier {key}: {} choices as expected", want.len());
}

/// An AVX-512 host (issue 14), without a qemu tier: ChaCha20 and Salsa20
/// choose `avx512` where zmm is fast, `avx512vl` with `PEREGRINE_CPU=-zmm`
/// (or on a CPU of the zmm exclusion list), `avx2` with `-avx512f`, and
/// ChaCha20-Poly1305 pairs that choice with the best Poly1305. Skipped on a
/// host without AVX-512 F, VL and BW.
#[cfg(target_arch = "x86_64")]
#[test]
fn avx512_host_chacha20_choice() {
    use peregrine::cpu::{self, Feature};
    use std::arch::is_x86_feature_detected as d;
    if !(d!("avx512f") && d!("avx512vl") && d!("avx512bw")) {
        eprintln!("no AVX-512 F/VL/BW here: the AVX-512 ChaCha20 choice is not checked");
        return;
    }
    let (none, removed) = std::env::var("PEREGRINE_CPU")
        .map(|v| {
            let o = cpu::parse_override(&v);
            (o.none, o.removed)
        })
        .unwrap_or((false, cpu::Caps::EMPTY));
    let kept = |f: Feature| !none && !removed.has(f);
    let evex = kept(Feature::Avx512f) && kept(Feature::Avx512vl) && kept(Feature::Avx512bw);
    let want = if evex && kept(Feature::Zmm) && cpu::detected().has(Feature::Zmm) {
        "avx512"
    } else if evex {
        "avx512vl"
    } else if kept(Feature::Avx2) && kept(Feature::Avx) && kept(Feature::Ssse3) {
        "avx2"
    } else {
        eprintln!("PEREGRINE_CPU removes AVX2 too: not checked here");
        return;
    };
    let find = |n: &str| peregrine::registry::find(n).unwrap_or_else(|| panic!("no {n}"));
    assert_eq!(find("chacha20").best(), want, "chacha20");
    assert_eq!(find("salsa20").best(), want, "salsa20");
    for aead in ["chacha20-poly1305", "xchacha20-poly1305"] {
        let best = find(aead).best();
        assert_eq!(
            best.split_once('+').map(|p| p.0),
            Some(want),
            "{aead}: {best}"
        );
    }
}

/// An AVX-512 host (issue 16): `sha256-many` (and `hmac-many`) choose the
/// 16 zmm lanes where zmm is fast, the 8 EVEX ymm lanes with `-zmm`,
/// SHA-NI's interleave with `-avx512f` when the CPU has SHA-NI, else the 8
/// AVX2 lanes; SHA-512 chooses `avx512vl` until `-avx512f`. Skipped on a
/// host without AVX-512 F, VL and BW.
#[cfg(target_arch = "x86_64")]
#[test]
fn avx512_host_sha256_many_choice() {
    use peregrine::cpu::{self, Feature};
    use std::arch::is_x86_feature_detected as d;
    if !(d!("avx512f") && d!("avx512vl") && d!("avx512bw")) {
        eprintln!("no AVX-512 F/VL/BW here: the sha256-many choice is not checked");
        return;
    }
    // The effective features: detection after `PEREGRINE_CPU`.
    let eff = cpu::effective();
    let has = |f: Feature| eff.has(f);
    let evex = has(Feature::Avx512f) && has(Feature::Avx512vl) && has(Feature::Avx2);
    let want = if evex && has(Feature::Avx512bw) && has(Feature::Zmm) {
        "avx512"
    } else if evex {
        "avx512vl"
    } else if has(Feature::Shani) && has(Feature::Sse41) {
        "shani"
    } else if has(Feature::Avx2) {
        "avx2"
    } else {
        "soft"
    };
    for alg in ["sha256-many", "sha256-many8", "hmac-many", "hmac-many8"] {
        let best = peregrine::registry::find(alg)
            .unwrap_or_else(|| panic!("no {alg}"))
            .best();
        assert_eq!(best, want, "{alg}");
    }
}

/// An AVX-512 host (issue 16): the multi-state Keccak chooses `avx512`
/// (eight states in zmm) where zmm is fast, `avx512vl` (four in ymm) with
/// `PEREGRINE_CPU=-zmm`, `avx2` with `-avx512f`. Skipped without AVX-512 F
/// and VL.
#[cfg(target_arch = "x86_64")]
#[test]
fn avx512_host_sha3_many_choice() {
    use peregrine::cpu::{self, Feature};
    use std::arch::is_x86_feature_detected as d;
    if !(d!("avx512f") && d!("avx512vl")) {
        eprintln!("no AVX-512 F/VL here: the sha3-many choice is not checked");
        return;
    }
    let eff = cpu::effective();
    let want = if eff.has(Feature::Avx512f) && eff.has(Feature::Zmm) {
        "avx512"
    } else if eff.has(Feature::Avx512f) && eff.has(Feature::Avx512vl) {
        "avx512vl"
    } else if eff.has(Feature::Avx2) && eff.has(Feature::Avx) {
        "avx2"
    } else {
        "soft"
    };
    for name in ["shake128-many", "sha3-256-many"] {
        let alg = peregrine::registry::find(name).unwrap_or_else(|| panic!("no {name}"));
        assert_eq!(alg.best(), want, "{name}");
    }
}

/// An AVX-512 host (issue 14): AES's parallel modes choose `vaes512` (and
/// GHASH `vpclmul512`, AES-GCM the pairing of both) where
/// zmm is fast, `vaes` (ymm) with `PEREGRINE_CPU=-zmm`, `-avx512f`, or on a
/// CPU of the zmm exclusion list. Skipped without AVX-512 F/VL/BW and VAES.
#[cfg(target_arch = "x86_64")]
#[test]
fn avx512_host_aes_choice() {
    use peregrine::cpu::{self, Feature};
    use std::arch::is_x86_feature_detected as d;
    if !(d!("avx512f") && d!("avx512vl") && d!("avx512bw") && d!("vaes") && d!("vpclmulqdq")) {
        eprintln!("no AVX-512 F/VL/BW with VAES here: the vaes512 choice is not checked");
        return;
    }
    let eff = cpu::effective();
    let want = if eff.contains(cpu::Caps::of(&[
        Feature::Avx512f,
        Feature::Avx512vl,
        Feature::Avx512bw,
        Feature::Zmm,
        Feature::Vaes,
        Feature::Vpclmulqdq,
        Feature::Avx2,
    ])) {
        "vaes512"
    } else if eff.contains(cpu::Caps::of(&[
        Feature::Vaes,
        Feature::Vpclmulqdq,
        Feature::Avx2,
    ])) {
        "vaes"
    } else {
        eprintln!("PEREGRINE_CPU removes VAES too: not checked here");
        return;
    };
    // `info`'s width line agrees with the choice.
    assert_eq!(
        cpu::vector_width().bits == 512,
        want == "vaes512",
        "{:?}",
        cpu::vector_width()
    );
    let find = |n: &str| peregrine::registry::find(n).unwrap_or_else(|| panic!("no {n}"));
    for alg in ["aes-128-ecb", "aes-256-ctr", "aes-128-xts", "aes-128-cbc"] {
        assert_eq!(find(alg).best(), want, "{alg}");
    }
    // GHASH and AES-GCM follow the same width: the zmm fused kernel is
    // `vaes512+vpclmul512`.
    let g = if want == "vaes512" {
        "vpclmul512"
    } else {
        "vpclmul"
    };
    assert_eq!(find("ghash").best(), g);
    for alg in ["aes-128-gcm", "aes-256-gcm"] {
        assert_eq!(find(alg).best(), format!("{want}+{g}"), "{alg}");
    }
}

/// A GFNI host (issue 20, natively): Camellia and SM4 choose `gfni512`
/// where zmm is fast (AVX-512 F/BW/VL), `gfni` (ymm, AVX2) with
/// `PEREGRINE_CPU=-zmm` or `-avx512f`, `aesni` with `-gfni`. SM4-GCM
/// follows SM4. Skipped without GFNI and AVX2.
#[cfg(target_arch = "x86_64")]
#[test]
fn gfni_host_camellia_sm4_choice() {
    use peregrine::cpu::{self, Feature};
    use std::arch::is_x86_feature_detected as d;
    if !(d!("gfni") && d!("avx2")) {
        eprintln!("no GFNI with AVX2 here: the gfni choices are not checked");
        return;
    }
    let eff = cpu::effective();
    let has = |f: &[Feature]| eff.contains(cpu::Caps::of(f));
    let gfni = [Feature::Avx, Feature::Avx2, Feature::Gfni];
    let want = if has(&gfni)
        && has(&[
            Feature::Avx512f,
            Feature::Avx512bw,
            Feature::Avx512vl,
            Feature::Zmm,
        ]) {
        "gfni512"
    } else if has(&gfni) {
        "gfni"
    } else if has(&[Feature::Ssse3, Feature::Aes]) {
        "aesni"
    } else {
        "soft"
    };
    let find = |n: &str| peregrine::registry::find(n).unwrap_or_else(|| panic!("no {n}"));
    for alg in [
        "camellia-128-ecb",
        "camellia-128-cbc",
        "camellia-256-ctr",
        "sm4-ecb",
        "sm4-cbc",
        "sm4-ctr",
        "sm4-gcm",
    ] {
        assert_eq!(find(alg).best(), want, "{alg}");
    }
}

/// An AVX-512 IFMA host (any tier, natively): Poly1305 runs the zmm IFMA
/// kernel when 512-bit vectors are in force, its ymm form under the
/// 256-bit policy (`zmm` absent); without IFMA (`-avx512ifma`) the
/// radix-2^26 zmm kernel, and AVX2 without `avx512f` or `zmm`.
#[test]
fn poly1305_on_an_avx512_ifma_host() {
    use peregrine::cpu::{self, Feature};
    let eff = cpu::effective();
    let ifma = [Feature::Avx512f, Feature::Avx512vl, Feature::Avx512ifma]
        .iter()
        .all(|&f| eff.has(f));
    let f512 = eff.has(Feature::Avx512f) && eff.has(Feature::Zmm);
    let want = match (ifma, eff.has(Feature::Zmm), eff.has(Feature::Avx2)) {
        (true, true, _) => "ifma",
        (true, false, _) => "ifma-ymm",
        (false, _, _) if f512 && cfg!(target_arch = "x86_64") => "avx512",
        (false, _, true) if cfg!(target_arch = "x86_64") => "avx2",
        _ => {
            eprintln!("poly1305_on_an_avx512_ifma_host: no AVX-512 IFMA here");
            return;
        }
    };
    let alg = peregrine::registry::find("poly1305").expect("poly1305");
    assert_eq!(alg.best(), want);
}

/// An AVX-512 IFMA host: RSA's exponentiation runs the zmm IFMA kernel
/// (`ifma512`) when 512-bit vectors are in force, the ymm one (`ifma`)
/// under the 256-bit policy, and the ADX kernel without IFMA.
#[test]
fn rsa_on_an_avx512_ifma_host() {
    use peregrine::cpu::{self, Feature};
    let eff = cpu::effective();
    let ifma = [
        Feature::Avx512f,
        Feature::Avx512vl,
        Feature::Avx512ifma,
        Feature::Bmi2,
        Feature::Adx,
    ]
    .iter()
    .all(|&f| eff.has(f));
    let want = match (ifma, eff.has(Feature::Zmm)) {
        (true, true) => "ifma512",
        (true, false) => "ifma",
        _ if cfg!(target_arch = "x86_64") && eff.has(Feature::Bmi2) && eff.has(Feature::Adx) => {
            "adx"
        }
        _ => {
            eprintln!("rsa_on_an_avx512_ifma_host: no AVX-512 IFMA or ADX here");
            return;
        }
    };
    for alg in ["rsa2048", "rsa4096", "dsa2048"] {
        let alg = peregrine::registry::find(alg).expect(alg);
        assert_eq!(alg.best(), want);
    }
}

/// A BMI2 + ADX host: the three NIST curves run the `adx` kernels (P-521's
/// field too), and `soft` where the override removed ADX.
#[test]
fn nist_curves_on_an_adx_host() {
    use peregrine::cpu::{self, Feature};
    let eff = cpu::effective();
    let want = if cfg!(target_arch = "x86_64") && eff.has(Feature::Bmi2) && eff.has(Feature::Adx) {
        "adx"
    } else if cfg!(target_arch = "x86_64") {
        "soft"
    } else {
        eprintln!("nist_curves_on_an_adx_host: not x86-64");
        return;
    };
    for alg in [
        "ecdsap256",
        "ecdhp384",
        "ecdsap521",
        "ecdhp521",
        "ecdsap521-keygen",
    ] {
        let alg = peregrine::registry::find(alg).expect(alg);
        assert_eq!(alg.best(), want, "{}", alg.name);
    }
}
