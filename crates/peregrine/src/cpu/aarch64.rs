//! aarch64 feature detection.
//!
//! With `std`, the standard library's detection (HWCAP from the kernel on
//! Linux). Without `std`, only what the build enabled at compile time
//! (`-C target-feature=...`): a `no_std` user who knows the board can also
//! build for it, and [`super::restrict`] can still remove features.

use super::{Caps, Feature};

pub(super) fn detect() -> Caps {
    let mut caps = Caps::EMPTY;
    let mut add = |f: Feature, on: bool| {
        if on {
            caps = caps.with(f);
        }
    };
    #[cfg(feature = "std")]
    {
        use std::arch::is_aarch64_feature_detected as d;
        let neon = d!("neon");
        add(Feature::Neon, neon);
        add(Feature::Aes, neon && d!("aes"));
        add(Feature::Pmull, neon && d!("pmull"));
        add(Feature::Sha1, neon && d!("sha2"));
        add(Feature::Sha2, neon && d!("sha2"));
        add(Feature::Sha512, neon && d!("sha3"));
        add(Feature::Sha3, neon && d!("sha3"));
    }
    #[cfg(not(feature = "std"))]
    {
        let neon = cfg!(target_feature = "neon");
        add(Feature::Neon, neon);
        add(Feature::Aes, neon && cfg!(target_feature = "aes"));
        add(Feature::Pmull, neon && cfg!(target_feature = "aes"));
        add(Feature::Sha1, neon && cfg!(target_feature = "sha2"));
        add(Feature::Sha2, neon && cfg!(target_feature = "sha2"));
        add(Feature::Sha512, neon && cfg!(target_feature = "sha3"));
        add(Feature::Sha3, neon && cfg!(target_feature = "sha3"));
    }
    caps
}
