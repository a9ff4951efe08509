//! Cargo's target runner for the running binary: shared by the library's
//! tests (`common/mod.rs`) and the CLI's (`peregrine-cli/tests/cli.rs`,
//! through `#[path]`), so both look it up the same way.

use std::process::Command;

/// The words of the `CARGO_TARGET_<TRIPLE>_RUNNER` set for this binary's
/// target (qemu in the cross tests), or none.
///
/// The binary cannot name its own triple, so the runner is the one whose
/// triple starts with `std::env::consts::ARCH`: `aarch64`, `x86_64`, and
/// the families `arm` (`armv7-...`) and `mips` (`mipsel-...`). A 32-bit
/// architecture never takes its 64-bit sibling's runner (`x86` not
/// `x86_64`'s, `mips` not `mips64el`'s), so with runners for several
/// targets set (as in a shell that cross-tests more than one) each binary
/// still gets its own.
pub fn target_runner() -> Vec<String> {
    let arch = std::env::consts::ARCH.to_ascii_uppercase();
    std::env::vars()
        .find(|(k, _)| {
            k.strip_prefix("CARGO_TARGET_")
                .and_then(|k| k.strip_suffix("_RUNNER"))
                .and_then(|triple| triple.strip_prefix(&arch))
                .is_some_and(|rest| !rest.starts_with("64") && !rest.starts_with("_64"))
        })
        .map(|(_, v)| v.split_whitespace().map(String::from).collect())
        .unwrap_or_default()
}

/// A command that runs `exe` through [`target_runner`] when there is one.
pub fn run_command(exe: impl AsRef<std::ffi::OsStr>) -> Command {
    match target_runner().split_first() {
        Some((prog, rest)) => {
            let mut c = Command::new(prog);
            c.args(rest).arg(exe);
            c
        }
        None => Command::new(exe),
    }
}
