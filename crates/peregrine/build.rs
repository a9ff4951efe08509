//! Build script: cfgs that the target decides where stable Rust's
//! `cfg(target_feature = ...)` cannot answer (its 32-bit ARM features,
//! `v6`, `dsp`, `thumb-mode`, are unstable and not reported to `cfg` on a
//! stable compiler).
//!
//! `peregrine_umaal`: the target has ARM's `umaal` (ARM state from ARMv6;
//! Thumb state with Thumb-2 and the DSP extension: ARMv7-A/R in Thumb
//! mode, ARMv7E-M) and is little-endian, which `bignum::mont`'s `arm`
//! kernel needs.

use std::env;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rustc-check-cfg=cfg(peregrine_umaal)");
    let var = |k: &str| env::var(k).unwrap_or_default();
    let features = var("CARGO_CFG_TARGET_FEATURE");
    let feats: Vec<&str> = features.split(',').collect();
    if var("CARGO_CFG_TARGET_ARCH") == "arm"
        && var("CARGO_CFG_TARGET_ENDIAN") == "little"
        && has_umaal(&var("TARGET"), &feats)
    {
        println!("cargo:rustc-cfg=peregrine_umaal");
    }
}

/// Whether a 32-bit ARM target has `umaal`: from its architecture
/// features where the compiler reports them (nightly, or
/// `RUSTC_BOOTSTRAP=1`): ARMv6 in ARM state, or Thumb-2 with DSP in Thumb
/// state (ARMv6 Thumb is Thumb-1); else from the architecture in its
/// triple.
fn has_umaal(target: &str, feats: &[&str]) -> bool {
    let arch_features = [
        "v5te",
        "v6",
        "v6k",
        "v6t2",
        "v7",
        "v8",
        "thumb-mode",
        "thumb2",
        "mclass",
        "dsp",
    ];
    if feats.iter().any(|f| arch_features.contains(f)) {
        let has = |f: &str| feats.contains(&f);
        return has("v6") && (!has("thumb-mode") || (has("thumb2") && has("dsp")));
    }
    let arch = target.split('-').next().unwrap_or("");
    // `arm-unknown-linux-{gnu,musl}eabi{,hf}` are ARMv6 (but
    // `arm-linux-androideabi` is ARMv5TE); `armv4t`, `armv5te`,
    // `thumbv6m`, `thumbv7m` and `thumbv8m.base` have no `umaal`
    // (`thumbv8m.main` only with DSP, which only the feature list can
    // tell, as for `armv8r`).
    target.starts_with("arm-unknown-linux-")
        || arch.starts_with("armv6")
        || arch.starts_with("armv7")
        || arch.starts_with("thumbv7em")
        || arch.starts_with("thumbv7neon")
        || arch.starts_with("thumbv7a")
}
