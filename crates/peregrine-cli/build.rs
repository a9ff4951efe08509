//! Records what `peregrine speed` and `info` print about the build: the
//! target triple, the compiler's version, the profile and opt-level, the
//! panic strategy and the RUSTFLAGS.

use std::process::Command;

fn main() {
    let target = std::env::var("TARGET").unwrap_or_else(|_| "unknown".into());
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = Command::new(&rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|| "rustc (unknown version)".into());
    // Cargo's PROFILE says only "release" or "debug"; the directory name
    // under target/ names the real profile ("small", "release", "dev"...).
    let out_dir = std::env::var("OUT_DIR").unwrap_or_default();
    let parts: Vec<&str> = out_dir.split(std::path::MAIN_SEPARATOR).collect();
    let profile = parts
        .iter()
        .rposition(|p| *p == "build")
        .and_then(|i| i.checked_sub(1))
        .map(|i| parts[i].to_string())
        .unwrap_or_else(|| std::env::var("PROFILE").unwrap_or_default());
    let profile = if profile == "debug" {
        "dev".to_string()
    } else {
        profile
    };
    let opt = std::env::var("OPT_LEVEL").unwrap_or_default();
    println!("cargo:rustc-env=PEREGRINE_TARGET={target}");
    println!("cargo:rustc-env=PEREGRINE_RUSTC={version}");
    println!("cargo:rustc-env=PEREGRINE_PROFILE={profile}");
    println!("cargo:rustc-env=PEREGRINE_OPT_LEVEL={opt}");
    // For `info --build`: the panic strategy and the RUSTFLAGS the crates
    // were compiled with (cargo separates them by 0x1f).
    let panic = std::env::var("CARGO_CFG_PANIC").unwrap_or_default();
    println!("cargo:rustc-env=PEREGRINE_PANIC={panic}");
    let flags = std::env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    let flags = flags.split('\x1f').collect::<Vec<_>>().join(" ");
    println!("cargo:rustc-env=PEREGRINE_RUSTFLAGS={flags}");
    println!("cargo:rerun-if-env-changed=CARGO_ENCODED_RUSTFLAGS");
    // openssl-sys (links = "openssl") hands its dependents the library's
    // version: the EVP_MAC API the Poly1305 peer row uses is OpenSSL 3.
    println!("cargo::rustc-check-cfg=cfg(peregrine_ossl3)");
    let ossl = std::env::var("DEP_OPENSSL_VERSION_NUMBER").unwrap_or_default();
    if u64::from_str_radix(ossl.trim(), 16).is_ok_and(|n| n >= 0x3000_0000) {
        println!("cargo:rustc-cfg=peregrine_ossl3");
    }
    println!("cargo:rerun-if-env-changed=RUSTC");
    println!("cargo:rerun-if-changed=build.rs");
}
