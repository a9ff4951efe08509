//! The user's override works: `PEREGRINE_CPU=none` and the library call
//! make `best()` return `Soft`; an unknown name enables nothing and says so
//! once on stderr. Each case runs in a child process (the test binary
//! itself) because the override is read once per process.

mod common;

use peregrine::cpu::{self, Backend, Feature};
use peregrine::hash::sha256;
use std::process::Command;

const CHILD: &str = "PEREGRINE_TEST_CHILD";

fn run_child(test: &str, env: &[(&str, &str)]) -> String {
    let exe = std::env::current_exe().unwrap();
    // Under emulation (cargo's `CARGO_TARGET_<triple>_RUNNER`, e.g. qemu) the
    // child must go through the same runner.
    let arch = std::env::consts::ARCH.to_ascii_uppercase();
    let runner = std::env::vars()
        .find(|(k, _)| k.starts_with(&format!("CARGO_TARGET_{arch}_")) && k.ends_with("_RUNNER"))
        .map(|(_, v)| v.split_whitespace().map(String::from).collect::<Vec<_>>())
        .filter(|v| !v.is_empty());
    let mut cmd = match runner {
        Some(r) => {
            let mut c = Command::new(&r[0]);
            c.args(&r[1..]).arg(exe);
            c
        }
        None => Command::new(exe),
    };
    cmd.args([test, "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD, "1")
        .env_remove("PEREGRINE_CPU");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        out.status.success(),
        "child {test} failed:\n{}\n{stderr}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("1 passed"),
        "child {test} did not run"
    );
    stderr
}

fn is_child() -> bool {
    std::env::var_os(CHILD).is_some()
}

#[test]
fn child_none_gives_soft() {
    if !is_child() {
        return;
    }
    assert!(cpu::effective().is_empty());
    assert_eq!(sha256::Impl::best().get(), sha256::Impl::Soft);
    for &i in sha256::Impl::ALL {
        assert_eq!(i.check().is_some(), i == sha256::Impl::Soft);
    }
}

#[test]
fn env_none_makes_best_soft() {
    let err = run_child("child_none_gives_soft", &[("PEREGRINE_CPU", "none")]);
    assert!(!err.contains("ignoring"), "{err}");
}

#[test]
fn child_unknown_changes_nothing() {
    if !is_child() {
        return;
    }
    assert_eq!(cpu::effective(), cpu::detected());
    // Touch it twice: the warning must still be printed only once.
    let _ = cpu::effective();
    let _ = sha256::Impl::best();
}

#[test]
fn unknown_names_enable_nothing_and_warn_once() {
    let err = run_child(
        "child_unknown_changes_nothing",
        &[("PEREGRINE_CPU", "bogus")],
    );
    let lines: Vec<_> = err
        .lines()
        .filter(|l| l.contains("PEREGRINE_CPU"))
        .collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(
        lines[0].contains("'bogus'") && lines[0].contains("shani") && lines[0].contains("none"),
        "{err}"
    );
    // A bare name (no '-') is not an addition either.
    let err = run_child(
        "child_unknown_changes_nothing",
        &[("PEREGRINE_CPU", "shani")],
    );
    assert!(err.contains("can only be removed"), "{err}");
}

#[test]
fn child_remove_shani() {
    if !is_child() {
        return;
    }
    assert!(!cpu::effective().has(Feature::Shani));
    assert!(!cpu::effective().has(Feature::Sha2));
    assert_ne!(sha256::Impl::best().get(), sha256::Impl::Shani);
    assert_ne!(sha256::Impl::best().get(), sha256::Impl::Armv8);
    // Removing is harmless for everything else.
    let other = cpu::detected().without(cpu::Caps::of(&[Feature::Shani, Feature::Sha2]));
    assert_eq!(cpu::effective(), other);
}

#[test]
fn env_removes_named_features() {
    run_child("child_remove_shani", &[("PEREGRINE_CPU", "-shani, -sha2")]);
}

#[test]
fn child_library_restrict() {
    if !is_child() {
        return;
    }
    let before = sha256::Sha256::new();
    cpu::restrict(&[Feature::Shani, Feature::Sha2]);
    assert!(!cpu::effective().has(Feature::Shani));
    assert!(sha256::Impl::Shani.check().is_none() && sha256::Impl::Armv8.check().is_none());
    cpu::restrict_all();
    assert!(cpu::effective().is_empty());
    assert_eq!(sha256::Impl::best().get(), sha256::Impl::Soft);
    // An object made before keeps its (still valid) backend.
    let _ = before.imp();
}

#[test]
fn library_restrict_makes_best_soft() {
    run_child("child_library_restrict", &[]);
}

#[test]
fn child_verbose_logs_choice() {
    if !is_child() {
        return;
    }
    let _ = sha256::Sha256::new();
    let _ = sha256::Sha224::new();
}

#[test]
fn verbose_logs_each_choice_once() {
    let err = run_child(
        "child_verbose_logs_choice",
        &[("PEREGRINE_CPU_VERBOSE", "1")],
    );
    let want = format!(
        "sha256: using {}",
        <sha256::Impl as Backend>::of(sha256::Impl::best()).name()
    );
    assert_eq!(err.matches(&want).count(), 1, "{err}");
}
