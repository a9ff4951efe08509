//! The user's override works: `PEREGRINE_CPU=none` and the library call
//! make `best()` return `Soft`; an unknown name enables nothing and says so
//! on one stderr line; detection agrees with the standard library's. The
//! override cases run in a child process (this test binary itself) because
//! the override is read once per process. Children inherit the parent's
//! environment (CI runs this file with and without `PEREGRINE_CPU=none`).

mod common;

use peregrine::cpu::{self, Backend, Feature};
use peregrine::hash::sha256;

const CHILD: &str = "PEREGRINE_TEST_CHILD";

fn run_child(test: &str, env: &[(&str, &str)]) -> String {
    // Under emulation (cargo's `CARGO_TARGET_<triple>_RUNNER`, e.g. qemu) the
    // child goes through the same runner.
    let mut cmd = common::self_command();
    cmd.args([test, "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD, "1");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        out.status.success(),
        "child {test} failed:\n{stdout}\n{stderr}"
    );
    assert!(
        stdout.contains("1 passed"),
        "child {test} did not run:\n{stdout}"
    );
    stderr
}

fn is_child() -> bool {
    std::env::var_os(CHILD).is_some()
}

#[test]
fn detection_agrees_with_std() {
    // Peregrine's own cpuid/xgetbv (or HWCAP) reading against std's, for
    // every feature of this architecture, used by a backend or not.
    for &f in Feature::ALL {
        let here = f.arch().split(' ').any(|a| a == std::env::consts::ARCH);
        if here || f.arch() == "any" {
            assert_eq!(cpu::detected().has(f), common::std_has(f), "{f}");
        } else {
            assert!(
                !cpu::detected().has(f),
                "{f} is not a feature of this architecture"
            );
        }
    }
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
    // Touch it again: the warning must still be printed only once.
    let _ = cpu::effective();
    let _ = sha256::Impl::best();
}

#[test]
fn child_bare_name_does_not_add_back() {
    if !is_child() {
        return;
    }
    assert!(!cpu::effective().has(Feature::Shani));
    assert!(sha256::Impl::Shani.check().is_none());
    assert_eq!(
        cpu::effective(),
        cpu::detected().without_feature(Feature::Shani)
    );
}

#[test]
fn unknown_names_enable_nothing_and_warn_once() {
    let err = run_child(
        "child_unknown_changes_nothing",
        &[("PEREGRINE_CPU", "bogus,-nope")],
    );
    let lines: Vec<_> = err
        .lines()
        .filter(|l| l.contains("PEREGRINE_CPU"))
        .collect();
    assert_eq!(lines.len(), 1, "one line for every ignored entry: {err}");
    for part in [
        "'bogus'",
        "'-nope'",
        "unknown feature",
        "none",
        "shani",
        "sha2",
        "avx2",
    ] {
        assert!(lines[0].contains(part), "{part} in {err}");
    }
    // A bare name (no '-') cannot add a feature back, even one the user
    // removed in the same value.
    let err = run_child(
        "child_bare_name_does_not_add_back",
        &[("PEREGRINE_CPU", "-shani,shani")],
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
    // Nothing else is touched.
    let other = cpu::detected().without(cpu::Caps::of(&[Feature::Shani, Feature::Sha2]));
    assert_eq!(cpu::effective(), other);
}

#[test]
fn env_removes_named_features() {
    run_child(
        "child_remove_shani",
        &[("PEREGRINE_CPU", " -shani , -SHA2 ")],
    );
}

#[test]
fn child_remove_sse41_takes_its_dependents() {
    if !is_child() {
        return;
    }
    for f in [
        Feature::Sse41,
        Feature::Shani,
        Feature::Avx,
        Feature::Avx2,
        Feature::Vaes,
    ] {
        assert!(!cpu::effective().has(f), "{f}");
    }
    assert_eq!(
        cpu::effective().has(Feature::Aes),
        cpu::detected().has(Feature::Aes)
    );
}

#[test]
fn removing_a_base_feature_removes_what_needs_it() {
    run_child(
        "child_remove_sse41_takes_its_dependents",
        &[("PEREGRINE_CPU", "-sse4.1")],
    );
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
    assert_eq!(sha256::Sha256::new().imp(), sha256::Impl::Soft);
    // An object made before keeps its backend (still valid: the CPU has
    // not changed) and still hashes correctly.
    let mut h = before;
    h.update(b"abc");
    assert_eq!(h.finalize(), sha256::sha256(b"abc"));
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
    for _ in 0..3 {
        let _ = sha256::Sha256::new();
        let _ = sha256::Sha224::new();
    }
}

#[test]
fn verbose_logs_each_choice_once() {
    let err = run_child(
        "child_verbose_logs_choice",
        &[("PEREGRINE_CPU_VERBOSE", "1")],
    );
    // The child inherits this process's PEREGRINE_CPU, so it picks the
    // same backend as we do here.
    let best = <sha256::Impl as Backend>::of(sha256::Impl::best()).name();
    for alg in ["sha256", "sha224"] {
        let want = format!("peregrine: {alg}: using {best}");
        assert_eq!(
            err.lines().filter(|l| *l == want).count(),
            1,
            "{want} once in:\n{err}"
        );
    }
    let quiet = run_child(
        "child_verbose_logs_choice",
        &[("PEREGRINE_CPU_VERBOSE", "0")],
    );
    assert!(!quiet.contains("using"), "{quiet}");
}
