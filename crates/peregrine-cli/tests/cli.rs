//! The `peregrine` command end to end: output formats, exit codes, errors.

use std::io::Write;
use std::process::{Command, Output, Stdio};

#[path = "../../peregrine/tests/common/runner.rs"]
mod runner;

/// The binary, through cargo's target runner when there is one (qemu in
/// the cross tests).
fn cmd() -> Command {
    runner::run_command(env!("CARGO_BIN_EXE_peregrine"))
}

fn peregrine(args: &[&str]) -> Output {
    cmd().args(args).output().expect("runs")
}

/// Whether the tests run under an emulator (cargo's target runner, e.g.
/// qemu-user in scripts/cross-test.sh).
fn emulated() -> bool {
    !runner::target_runner().is_empty()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn dgst_files_stdin_and_errors() {
    let dir = std::env::temp_dir().join(format!("peregrine-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let abc = dir.join("abc");
    std::fs::write(&abc, b"abc").unwrap();
    let big = dir.join("big");
    // 3 MiB + 1: several read chunks and a tail.
    std::fs::write(&big, vec![0x61u8; (3 << 20) + 1]).unwrap();
    let missing = dir.join("missing");
    let (abc, big, missing) = (
        abc.to_str().unwrap(),
        big.to_str().unwrap(),
        missing.to_str().unwrap(),
    );

    let out = peregrine(&["dgst", "-sha256", abc, missing, big]);
    assert_eq!(out.status.code(), Some(1), "unreadable file: non-zero exit");
    let stdout = text(&out.stdout);
    let lines: Vec<_> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "the other files are still hashed: {stdout}");
    assert_eq!(
        lines[0],
        format!(
            "SHA2-256({abc})= ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        )
    );
    let want_big = peregrine::hash::sha256::sha256(&vec![0x61u8; (3 << 20) + 1]);
    let want_big: String = want_big.iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(lines[1], format!("SHA2-256({big})= {want_big}"));
    assert!(
        text(&out.stderr).contains(missing),
        "the error names the file"
    );

    let out = peregrine(&["dgst", "-sha224", abc]);
    assert!(out.status.success());
    assert_eq!(
        text(&out.stdout).trim(),
        format!("SHA2-224({abc})= 23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7")
    );

    let mut child = cmd()
        .arg("dgst")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"abc").unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert_eq!(
        text(&out.stdout).trim(),
        "SHA256(stdin)= ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn usage_errors_exit_2_with_names() {
    for args in [
        &["speed", "md9"][..],
        &["speed", "--bogus"],
        &["speed", "--seconds", "-1"],
        &["speed", "--bytes", "0"],
        &["speed", "sha256", "--impl", "nonesuch"],
        &["dgst", "-md9"],
        &["frobnicate"],
        &[],
    ] {
        let out = peregrine(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(!err.is_empty(), "{args:?}: a message");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    let err = text(&peregrine(&["speed", "md9"]).stderr);
    assert!(
        err.contains("did you mean md5"),
        "suggests close names: {err}"
    );
    let err = text(&peregrine(&["speed", "qqqqqqqqqqqq"]).stderr);
    assert!(
        err.contains("sha256") && err.contains("hmac"),
        "lists known names when nothing is close: {err}"
    );
    let err = text(&peregrine(&["speed", "sha256", "--impl", "nonesuch"]).stderr);
    assert!(err.contains("soft"), "lists the backends: {err}");
}

#[test]
fn speed_table_and_json() {
    let out = peregrine(&[
        "speed",
        "sha256",
        "hmac",
        "--seconds",
        "0.01",
        "--bytes",
        "16,100",
        "--impl",
        "all",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("1000s of bytes per second"));
    assert!(
        stdout.contains("CPU features detected:") && stdout.contains("CPU features effective:")
    );
    assert!(
        stdout.contains("sha256 [soft]") && stdout.contains("hmac [soft]"),
        "{stdout}"
    );
    assert!(stdout.contains("16 bytes") && stdout.contains("100 bytes"));
    assert!(
        text(&out.stderr).contains("Doing sha256"),
        "progress on stderr"
    );

    let out = peregrine(&[
        "speed",
        "sha224",
        "--seconds",
        "0.01",
        "--bytes",
        "64",
        "--json",
        "--impl",
        "soft",
    ]);
    assert!(out.status.success());
    let j = json(&out.stdout);
    assert_eq!(j["schema"], "peregrine-speed");
    let row = &j["rows"][0];
    assert_eq!(row["algorithm"], "sha224");
    assert_eq!(row["backend"], "soft");
    assert_eq!(row["size"], 64);
    assert!(row["iterations"].as_u64().unwrap() > 0);
    assert!(row["rate"]["median"].as_f64().unwrap() > 0.0);
}

/// Parses a `speed --json` output.
fn json(stdout: &[u8]) -> serde_json::Value {
    serde_json::from_slice(stdout).unwrap_or_else(|e| panic!("{e}: {}", text(stdout)))
}

/// Every row of a report is well formed: a known status; an ok row has a
/// finite positive median within [min, max], as many samples as
/// repetitions, and a unit that matches its kind.
fn check_rows(j: &serde_json::Value) -> usize {
    let reps = j["header"]["options"]["reps"].as_u64().unwrap();
    let rows = j["rows"].as_array().unwrap();
    for r in rows {
        let status = r["status"].as_str().unwrap();
        assert!(["ok", "skipped", "failed", "n/a"].contains(&status), "{r}");
        assert!(r["algorithm"].is_string() && r["backend"].is_string() && r["library"].is_string());
        assert!(
            r["size"].is_u64() != r["operation"].is_string(),
            "size xor operation: {r}"
        );
        let unit = if r["size"].is_u64() {
            "bytes_per_second"
        } else {
            "ops_per_second"
        };
        assert_eq!(r["unit"], unit, "{r}");
        if status == "ok" {
            let m = r["rate"]["median"].as_f64().unwrap();
            let (lo, hi) = (
                r["rate"]["min"].as_f64().unwrap(),
                r["rate"]["max"].as_f64().unwrap(),
            );
            assert!(m.is_finite() && m > 0.0 && lo <= m && m <= hi, "{r}");
            assert!(r["rate"]["cv"].as_f64().unwrap() >= 0.0);
            assert_eq!(r["samples"].as_array().unwrap().len() as u64, reps, "{r}");
            assert!(r["wall_seconds"].as_f64().unwrap() > 0.0);
        } else {
            assert!(r["rate"].is_null() && r["reason"].is_string(), "{r}");
        }
    }
    rows.len()
}

/// The acceptance run: `speed --quick --json` over the whole
/// default set, every row valid, every algorithm present. Under an
/// emulator the largest RSA sizes and key generation (minutes there) are
/// left out, and the test says so.
#[test]
fn speed_quick_json_every_row() {
    let emulated = emulated();
    let mut args = vec!["speed", "--quick", "--json", "--quiet"];
    let names: Vec<String>;
    if emulated {
        eprintln!("under an emulator: without rsa7680, rsa15360 and rsa2048-keygen");
        names = text(&peregrine(&["info"]).stdout)
            .lines()
            .skip_while(|l| !l.starts_with("algorithm"))
            .skip(1)
            .filter_map(|l| l.split_whitespace().next().filter(|_| !l.starts_with(' ')))
            .filter(|n| !["rsa7680", "rsa15360", "rsa2048-keygen", "status:"].contains(n))
            .map(String::from)
            .collect();
        args.extend(names.iter().map(String::as_str));
    }
    let t = std::time::Instant::now();
    let out = peregrine(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(out.stderr.is_empty(), "--quiet: {}", text(&out.stderr));
    let j = json(&out.stdout);
    let n = check_rows(&j);
    let algs: std::collections::BTreeSet<&str> = j["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["algorithm"].as_str().unwrap())
        .collect();
    for a in ["sha256", "aes-128-gcm", "chacha20-poly1305", "rsa2048"] {
        assert!(algs.contains(a), "{a} in {algs:?}");
    }
    eprintln!(
        "{n} rows, {} algorithms in {:.1}s",
        algs.len(),
        t.elapsed().as_secs_f64()
    );
}

/// `--multi 2`: a row per thread and their sum, in the text and the JSON.
#[test]
fn speed_multi_threads_and_sum() {
    let out = peregrine(&[
        "speed",
        "sha256",
        "--multi",
        "2",
        "--bytes",
        "64",
        "--seconds",
        "0.04",
        "--reps",
        "2",
        "--json",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let j = json(&out.stdout);
    check_rows(&j);
    let rows = j["rows"].as_array().unwrap();
    let threads: Vec<_> = rows
        .iter()
        .map(|r| (r["thread"].as_u64(), r["threads"].as_u64().unwrap()))
        .collect();
    assert_eq!(threads, [(Some(1), 1), (Some(2), 1), (None, 2)]);
    let sum = rows[2]["rate"]["median"].as_f64().unwrap();
    let parts =
        rows[0]["rate"]["median"].as_f64().unwrap() + rows[1]["rate"]["median"].as_f64().unwrap();
    // Medians of sums are not sums of medians, but close.
    assert!(sum > 0.5 * parts && sum < 1.5 * parts, "{sum} vs {parts}");
    let out = peregrine(&[
        "speed",
        "sha256",
        "--multi",
        "2",
        "--bytes",
        "64",
        "--seconds",
        "0.02",
        "--reps",
        "1",
    ]);
    let t = text(&out.stdout);
    assert!(t.contains("sha256 [shani] #1") || t.contains(" #1"), "{t}");
    assert!(t.contains(" x2"), "{t}");
    assert!(!t.contains("inf"), "{t}");
}

/// CSV and `--mr` formats from the binary; `--mr`'s lines parse as openssl's.
#[test]
fn speed_csv_and_mr() {
    let base = [
        "speed",
        "sha256",
        "rsa1024",
        "--bytes",
        "16,64",
        "--seconds",
        "0.02",
        "--reps",
        "2",
        "--impl",
        "soft",
    ];
    let out = peregrine(&[&base[..], &["--csv"]].concat());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let csv = text(&out.stdout);
    let mut lines = csv.lines();
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("algorithm,library,backend,size,operation")
    );
    assert_eq!(lines.count(), 2 + 4, "{csv}");
    let out = peregrine(&[&base[..], &["--mr"]].concat());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let mr = text(&out.stdout);
    assert!(mr.starts_with("+H:16:64\n+F:0:sha256 [soft]:"), "{mr}");
    assert!(mr.lines().any(|l| l.starts_with("+F2:0:1024:")), "{mr}");
    // Progress in openssl's +DT/+R form on stderr.
    let err = text(&out.stderr);
    assert!(
        err.lines().any(|l| l.starts_with("+DT:sha256 [soft]:")),
        "{err}"
    );
    assert!(err.lines().any(|l| l.starts_with("+R:")), "{err}");
    // The same line shapes as the installed openssl's own `-mr` output.
    let shape = |l: &str| -> &'static str {
        let f: Vec<&str> = l.split(':').collect();
        let int = |x: &str| !x.is_empty() && x.bytes().all(|b| b.is_ascii_digit());
        let dec = |x: &str, places: usize| {
            x.split_once('.')
                .is_some_and(|(a, b)| int(a) && b.len() == places && int(b))
        };
        match f[0] {
            "+H" if f[1..].iter().all(|x| int(x)) => "H",
            "+F" if f.len() >= 4
                && int(f[1])
                && !f[2].is_empty()
                && f[3..].iter().all(|x| dec(x, 2)) =>
            {
                "F"
            }
            "+F2" if f.len() == 5 && int(f[1]) && int(f[2]) && dec(f[3], 6) && dec(f[4], 6) => "F2",
            _ => "other",
        }
    };
    for l in mr.lines() {
        assert_ne!(shape(l), "other", "{l}");
    }
    let emulated = emulated();
    let openssl = |args: &[&str]| {
        Command::new("openssl")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
    };
    let sym = openssl(&["speed", "-mr", "-seconds", "1", "-bytes", "16", "sha256"]);
    let rsa = openssl(&["speed", "-mr", "-seconds", "1", "rsa1024"]);
    match (sym, rsa) {
        (Some(a), Some(b)) if !emulated => {
            let theirs = text(&a.stdout) + &text(&b.stdout);
            let kinds: Vec<&str> = theirs
                .lines()
                .filter(|l| l.starts_with('+'))
                .map(shape)
                .collect();
            assert!(
                kinds.contains(&"H") && kinds.contains(&"F") && kinds.contains(&"F2"),
                "{theirs}"
            );
            assert!(!kinds.contains(&"other"), "openssl's own lines: {theirs}");
        }
        _ => eprintln!(
            "skipped the comparison with openssl speed -mr: no openssl binary, or emulated"
        ),
    }
}

/// `--plot` writes an SVG that parses; `speed compare` reads two reports.
#[test]
fn speed_plot_and_compare() {
    let dir = std::env::temp_dir().join(format!("peregrine-speed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("p.svg");
    let a = dir.join("a.json");
    let b = dir.join("b.json");
    let run = |out: &std::path::Path, extra: &[&str]| {
        let mut args = vec![
            "speed",
            "sha256",
            "--impl",
            "all",
            "--bytes",
            "16,256",
            "--seconds",
            "0.02",
            "--reps",
            "2",
            "--json",
        ];
        args.extend(extra);
        let o = peregrine(&args);
        assert!(o.status.success(), "{}", text(&o.stderr));
        std::fs::write(out, &o.stdout).unwrap();
    };
    run(&a, &["--plot", svg.to_str().unwrap()]);
    run(&b, &[]);
    let doc = std::fs::read_to_string(&svg).unwrap();
    let x = roxmltree::Document::parse(&doc).expect("SVG parses");
    assert!(x.descendants().any(|n| n.tag_name().name() == "polyline"));
    let o = peregrine(&["speed", "compare", a.to_str().unwrap(), b.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let t = text(&o.stdout);
    assert!(
        t.contains("sha256 [soft]") && t.contains("summary: AFTER "),
        "{t}"
    );
    // Unreadable input: the file and the reason, exit 2.
    let o = peregrine(&[
        "speed",
        "compare",
        a.to_str().unwrap(),
        "/nonexistent/x.json",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let e = text(&o.stderr);
    assert!(
        e.contains("/nonexistent/x.json") && e.contains("No such file"),
        "{e}"
    );
    let o = peregrine(&["speed", "compare", a.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    // A bad plot target fails before measuring.
    let o = peregrine(&["speed", "sha256", "--plot", "/nonexistent-dir/p.svg"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("does not exist"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn speed_respects_peregrine_cpu() {
    let out = cmd()
        .args(["speed", "sha256", "--seconds", "0.01", "--bytes", "16"])
        .env("PEREGRINE_CPU", "none")
        .output()
        .unwrap();
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert!(stdout.contains("sha256 [soft]"), "{stdout}");
    assert!(
        stdout.contains("CPU features effective: (none)"),
        "{stdout}"
    );
    assert!(stdout.contains("PEREGRINE_CPU: 'none'"), "{stdout}");
}

#[test]
fn info_lists_every_backend() {
    let out = peregrine(&["info"]);
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    for name in ["sha256", "sha224", "hmac", "shani", "armv8", "soft", "best"] {
        assert!(stdout.contains(name), "{name} in {stdout}");
    }
}

#[test]
fn info_build_prints_the_build_and_the_compiled_backends() {
    let out = peregrine(&["info", "--build"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    for want in [
        "profile:",
        "target:",
        "compile-time CPU:",
        "RUSTFLAGS:",
        "library features:     std=on",
        "speed --peers:",
        "backends compiled in",
    ] {
        assert!(stdout.contains(want), "{want} in {stdout}");
    }
    // one line per algorithm, each with at least the portable backend
    let row = |name: &str| {
        stdout
            .lines()
            .find(|l| l.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("no row {name} in {stdout}"))
            .to_string()
    };
    assert!(row("sha256").split_whitespace().any(|w| w == "soft"));
    assert!(row("aes-128-gcm").split_whitespace().count() >= 2);
    // another architecture's backend is not compiled in
    let other = if cfg!(target_arch = "aarch64") {
        "shani"
    } else {
        "armv8"
    };
    assert!(!row("sha256").contains(other), "{}", row("sha256"));
    // anything else is a usage error
    let bad = peregrine(&["info", "--frobnicate"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("--frobnicate"));
}

#[test]
fn help_goes_to_stdout_with_exit_0() {
    for args in [
        &["help"][..],
        &["--help"],
        &["speed", "--help"],
        &["dgst", "--help"],
    ] {
        let out = peregrine(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(text(&out.stdout).contains("usage"), "{args:?}");
    }
    let err = text(&peregrine(&["speed", "--bogus"]).stderr);
    assert!(
        err.contains("--seconds") && err.contains("--impl"),
        "lists the options: {err}"
    );
}

#[cfg(unix)]
#[test]
fn odd_arguments_are_errors_not_panics() {
    use std::os::unix::ffi::OsStrExt;
    let bad = std::ffi::OsStr::from_bytes(b"\xff\xfe");
    for args in [
        vec!["speed".as_ref(), bad],
        vec!["dgst".as_ref(), bad],
        vec![bad],
    ] {
        let out = cmd().args(&args).output().unwrap();
        let err = text(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(
            matches!(out.status.code(), Some(1) | Some(2)),
            "{args:?}: {:?}",
            out.status
        );
    }
    // A non-UTF-8 file name is a file name: it is looked up, not mangled.
    let out = cmd().args(["dgst".as_ref(), bad]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("No such file"),
        "{}",
        text(&out.stderr)
    );
    // A directory is an error for that name only.
    let out = peregrine(&["dgst", "/"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("is a directory"));
}

#[cfg(unix)]
#[test]
fn closed_stdout_is_not_a_panic() {
    // The reader goes away before the output is written.
    let mut child = cmd()
        .args(["info"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = text(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.status.success(), "{:?} {err}", out.status);
}

/// `peregrine dgst` against the installed `openssl dgst`, byte for byte,
/// for every digest in the registry: files (empty, short, 1 MiB + 3, a
/// name with a space), stdin, `-hmac`, `-xoflen`. Skipped (and says so)
/// when there is no `openssl` binary or we run under emulation.
#[test]
fn dgst_matches_openssl_byte_for_byte() {
    if !openssl_for("dgst_matches_openssl_byte_for_byte") {
        return;
    }
    let dir = std::env::temp_dir().join(format!("peregrine-openssl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut big = Vec::with_capacity((1 << 20) + 3);
    let mut x = 0x1234_5678u32;
    for _ in 0..(1 << 20) + 3 {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        big.push(x as u8);
    }
    let files = [
        ("empty", Vec::new()),
        ("abc", b"abc".to_vec()),
        ("big file", big),
    ];
    let mut paths = Vec::new();
    for (name, data) in &files {
        let p = dir.join(name);
        std::fs::write(&p, data).unwrap();
        paths.push(p.to_str().unwrap().to_string());
    }
    let run = |prog: &str, args: &[String], stdin: Option<&[u8]>| -> (Option<i32>, String) {
        let mut c = if prog == "openssl" {
            Command::new("openssl")
        } else {
            cmd()
        };
        let mut child = c
            .arg("dgst")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        // A process given files does not read stdin; a closed pipe is fine.
        let _ = input.write_all(stdin.unwrap_or(&[]));
        drop(input);
        let out = child.wait_with_output().unwrap();
        (out.status.code(), text(&out.stdout))
    };
    let mut compared = 0;
    let mut cases: Vec<Vec<String>> = vec![
        paths.clone(),
        vec!["-hmac".into(), "key".into(), paths[1].clone()],
    ];
    for a in peregrine::registry::ALGORITHMS {
        use peregrine::registry::Kind;
        if !matches!(a.kind, Kind::Hash | Kind::Xof) {
            continue;
        }
        let opt = format!("-{}", a.name);
        let with = |extra: &[&str]| {
            let mut v: Vec<String> = vec![opt.clone()];
            v.extend(extra.iter().map(|s| s.to_string()));
            v
        };
        let mut c = vec![with(&[]), with(&[&paths[0], &paths[1], &paths[2]])];
        if a.kind == Kind::Xof {
            c.push(with(&["-xoflen", "7", &paths[1]]));
            c.push(with(&["-xoflen", "200", &paths[2]]));
        } else {
            c.push(with(&["-hmac", "a key", &paths[1], &paths[2]]));
            c.push(with(&["-hmac", "k"]));
        }
        cases.extend(c);
    }
    for args in &cases {
        let stdin = Some(&b"standard input"[..]);
        let theirs = run("openssl", args, stdin);
        if theirs.0 != Some(0) {
            eprintln!("openssl cannot do {args:?}; not compared");
            continue;
        }
        let ours = run("peregrine", args, stdin);
        assert_eq!(ours, theirs, "dgst {args:?}");
        compared += 1;
    }
    assert!(compared >= 6, "only {compared} cases compared");
    eprintln!("{compared} cases identical to openssl");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// RIPEMD-160 (and its alias `rmd160`) and SM3 against `openssl dgst`,
/// with and without `-hmac`: the registry-wide test above skips what
/// openssl cannot do, this one insists. OpenSSL 3.0.7 and later have
/// RIPEMD-160 in the default provider; older 3.0.x need the legacy one, so
/// the openssl side retries with `-provider legacy -provider default`.
#[test]
fn dgst_ripemd160_sm3_match_openssl() {
    if !openssl_for("dgst_ripemd160_sm3_match_openssl") {
        return;
    }
    let dir = scratch("dgst-rmd-sm3");
    let data = xorshift_bytes(1000, 160);
    let file = dir.join("data");
    std::fs::write(&file, &data).unwrap();
    let file = file.to_str().unwrap();
    for alg in ["-ripemd160", "-rmd160", "-sm3"] {
        for extra in [&[][..], &["-hmac", "a key"][..]] {
            let mut args = vec![alg];
            args.extend_from_slice(extra);
            args.push(file);
            let mut theirs = Command::new("openssl")
                .arg("dgst")
                .args(&args)
                .output()
                .unwrap();
            if !theirs.status.success() {
                theirs = Command::new("openssl")
                    .args(["dgst", "-provider", "legacy", "-provider", "default"])
                    .args(&args)
                    .output()
                    .unwrap();
            }
            assert!(theirs.status.success(), "openssl dgst {args:?}");
            let ours = peregrine(&[&["dgst"][..], &args].concat());
            assert!(ours.status.success(), "peregrine dgst {args:?}");
            assert_eq!(text(&ours.stdout), text(&theirs.stdout), "dgst {args:?}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

fn run_with_stdin(mut c: Command, stdin: &[u8]) -> Output {
    let mut child = c
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut i = child.stdin.take().unwrap();
    let data = stdin.to_vec();
    let t = std::thread::spawn(move || {
        let _ = i.write_all(&data);
    });
    let out = child.wait_with_output().unwrap();
    t.join().unwrap();
    out
}

fn xorshift_bytes(n: usize, seed: u32) -> Vec<u8> {
    let mut x = seed | 1;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x as u8
        })
        .collect()
}

/// `peregrine enc` against the installed `openssl enc`, byte for byte,
/// for every cipher both have, both directions, with and without padding,
/// on lengths around every block and read-buffer boundary; and back again.
#[test]
fn enc_matches_openssl_byte_for_byte() {
    if !openssl_for("enc_matches_openssl_byte_for_byte") {
        return;
    }
    let key = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
    let iv = "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";
    let data = xorshift_bytes(65536 * 2 + 40, 7);
    let mut compared = 0;
    for bits in [128, 192, 256] {
        for mode in ["ecb", "cbc", "ctr", "cfb", "ofb"] {
            let cipher = format!("-aes-{bits}-{mode}");
            let k = &key[..bits / 4];
            for nopad in [false, true] {
                if nopad && !matches!(mode, "ecb" | "cbc") {
                    continue;
                }
                for len in [
                    0usize,
                    1,
                    15,
                    16,
                    17,
                    31,
                    32,
                    33,
                    65535,
                    65536,
                    65537,
                    65536 * 2 + 40,
                ] {
                    if nopad && len % 16 != 0 {
                        continue;
                    }
                    let mut args = vec![cipher.clone(), "-K".into(), k.to_string()];
                    if mode != "ecb" {
                        args.extend(["-iv".to_string(), iv.to_string()]);
                    }
                    if nopad {
                        args.push("-nopad".into());
                    }
                    let mut o = Command::new("openssl");
                    o.arg("enc").args(&args);
                    let theirs = run_with_stdin(o, &data[..len]);
                    assert!(theirs.status.success(), "openssl {args:?}");
                    let mut p = cmd();
                    p.arg("enc").args(&args);
                    let ours = run_with_stdin(p, &data[..len]);
                    assert!(
                        ours.status.success(),
                        "{args:?} {len}: {}",
                        text(&ours.stderr)
                    );
                    assert_eq!(ours.stdout, theirs.stdout, "{args:?} len {len}");
                    let mut d = cmd();
                    d.arg("enc").arg("-d").args(&args);
                    let back = run_with_stdin(d, &ours.stdout);
                    assert!(back.status.success(), "{args:?} -d: {}", text(&back.stderr));
                    assert_eq!(back.stdout, &data[..len], "{args:?} -d len {len}");
                    compared += 1;
                }
            }
        }
    }
    eprintln!("{compared} enc cases identical to openssl");
    assert!(compared > 150);
}

/// `peregrine enc` for DES, 3DES and Blowfish against `openssl enc`
/// (with OpenSSL 3's legacy provider, which single DES and Blowfish need),
/// byte for byte, both directions, with and without padding.
#[test]
fn enc_des_blowfish_match_openssl() {
    if !openssl_for("enc_des_blowfish_match_openssl") {
        return;
    }
    let key = "0123456789abcdeff0e1d2c3b4a59687a1b2c3d4e5f60718";
    let iv = "fedcba9876543210";
    let data = xorshift_bytes(5000, 11);
    let ciphers: [(&str, usize); 22] = [
        ("des-ecb", 8),
        ("des-cbc", 8),
        ("des", 8),
        ("des-cfb", 8),
        ("des-ofb", 8),
        ("des-ede", 16),
        ("des-ede-ecb", 16),
        ("des-ede-cbc", 16),
        ("des-ede-cfb", 16),
        ("des-ede-ofb", 16),
        ("des-ede3", 24),
        ("des-ede3-ecb", 24),
        ("des-ede3-cbc", 24),
        ("des3", 24),
        ("des-ede3-cfb", 24),
        ("des-ede3-ofb", 24),
        ("bf-ecb", 16),
        ("bf-cbc", 16),
        ("bf", 16),
        ("blowfish", 16),
        ("bf-cfb", 16),
        ("bf-ofb", 16),
    ];
    let mut compared = 0;
    for (name, klen) in ciphers {
        let ecb = name.ends_with("ecb") || name == "des-ede" || name == "des-ede3";
        let block =
            ecb || name.ends_with("cbc") || matches!(name, "des" | "des3" | "bf" | "blowfish");
        for nopad in [false, true] {
            if nopad && !block {
                continue;
            }
            for len in [0usize, 1, 7, 8, 9, 16, 23, 1000, 4999] {
                if nopad && len % 8 != 0 {
                    continue;
                }
                let mut args = vec![format!("-{name}"), "-K".into(), key[..2 * klen].to_string()];
                if !ecb {
                    args.extend(["-iv".to_string(), iv.to_string()]);
                }
                if nopad {
                    args.push("-nopad".into());
                }
                let mut o = Command::new("openssl");
                o.args(["enc", "-provider", "legacy", "-provider", "default"])
                    .args(&args);
                let theirs = run_with_stdin(o, &data[..len]);
                assert!(
                    theirs.status.success(),
                    "openssl {args:?}: {}",
                    text(&theirs.stderr)
                );
                let mut p = cmd();
                p.arg("enc").args(&args);
                let ours = run_with_stdin(p, &data[..len]);
                assert!(
                    ours.status.success(),
                    "{args:?} {len}: {}",
                    text(&ours.stderr)
                );
                assert_eq!(ours.stdout, theirs.stdout, "{args:?} len {len}");
                let mut d = cmd();
                d.arg("enc").arg("-d").args(&args);
                let back = run_with_stdin(d, &ours.stdout);
                assert!(back.status.success(), "{args:?} -d: {}", text(&back.stderr));
                assert_eq!(back.stdout, &data[..len], "{args:?} -d len {len}");
                compared += 1;
            }
        }
    }
    eprintln!("{compared} DES/Blowfish enc cases identical to openssl");
    assert!(compared > 200);
    // Wrong lengths are usage errors, not panics.
    for args in [
        vec![
            "enc",
            "-des-ede3-cbc",
            "-K",
            "00",
            "-iv",
            "0001020304050607",
        ],
        vec!["enc", "-des-cbc", "-K", "0001020304050607", "-iv", "00"],
        vec![
            "enc",
            "-bf-ecb",
            "-K",
            "000102030405060708090a0b0c0d0e0f",
            "-iv",
            "0001020304050607",
        ],
    ] {
        assert_eq!(peregrine(&args).status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn enc_errors_are_clear_and_files_safe() {
    let dir = std::env::temp_dir().join(format!("peregrine-enc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let key = "000102030405060708090a0b0c0d0e0f";
    let iv = "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";
    // Usage errors: exit 2 with a message, nothing on stdout.
    for (args, msg) in [
        (vec!["enc", "-K", key, "-iv", iv], "which cipher"),
        (vec!["enc", "-aes-128-cbc", "-iv", iv], "-K HEX"),
        (
            vec!["enc", "-aes-128-cbc", "-K", "0011", "-iv", iv],
            "exactly 16",
        ),
        (
            vec!["enc", "-aes-128-cbc", "-K", &key[..31], "-iv", iv],
            "odd number",
        ),
        (
            vec![
                "enc",
                "-aes-128-cbc",
                "-K",
                "zz0102030405060708090a0b0c0d0e0f",
                "-iv",
                iv,
            ],
            "hex digits",
        ),
        (vec!["enc", "-aes-128-cbc", "-K", key], "needs -iv"),
        (vec!["enc", "-aes-128-ecb", "-K", key, "-iv", iv], "no IV"),
        (
            vec!["enc", "-aes-128-siv", "-K", key, "-iv", iv],
            "unknown option or cipher",
        ),
        (vec!["enc", "-aes-128-cbc", "-k", "password"], "password"),
        (
            vec!["enc", "-aes-128-cbc", "-aes-128-ctr", "-K", key, "-iv", iv],
            "twice",
        ),
        (
            vec!["enc", "-aes-128-cbc", "-K", key, "-iv", iv, "-impl", "nope"],
            "no AES backend",
        ),
        (
            vec![
                "enc",
                "-aes-128-xts",
                "-K",
                &format!("{key}{key}"),
                "-iv",
                iv,
            ],
            "differ",
        ),
        (
            vec!["enc", "-aes-128-cbc", "-K", key, "-iv", iv, "stray"],
            "unexpected",
        ),
    ] {
        let o = peregrine(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(
            text(&o.stderr).contains(msg),
            "{args:?}: {}",
            text(&o.stderr)
        );
        assert!(o.stdout.is_empty());
    }
    // A bad decrypt exits 1 and leaves an existing -out file untouched.
    let out = dir.join("keep.txt");
    std::fs::write(&out, b"precious").unwrap();
    let bad = dir.join("bad.bin");
    std::fs::write(&bad, [0u8; 32]).unwrap();
    let o = peregrine(&[
        "enc",
        "-d",
        "-aes-128-cbc",
        "-K",
        key,
        "-iv",
        iv,
        "-in",
        bad.to_str().unwrap(),
        "-out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains("bad decrypt"));
    assert_eq!(std::fs::read(&out).unwrap(), b"precious");
    // -nopad with a partial block is an error, not silent truncation.
    let odd = dir.join("odd.bin");
    std::fs::write(&odd, [1u8; 20]).unwrap();
    let o = peregrine(&[
        "enc",
        "-aes-128-cbc",
        "-nopad",
        "-K",
        key,
        "-iv",
        iv,
        "-in",
        odd.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("whole number"),
        "{}",
        text(&o.stderr)
    );
    // Missing input file, a directory.
    let o = peregrine(&[
        "enc",
        "-aes-128-ctr",
        "-K",
        key,
        "-iv",
        iv,
        "-in",
        "/nonexistent/x",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let o = peregrine(&[
        "enc",
        "-aes-128-ctr",
        "-K",
        key,
        "-iv",
        iv,
        "-in",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("directory"));
    // XTS (which `openssl enc` refuses): one data unit, round trip, and
    // the same answer as the library.
    let xk = format!("{key}{}", "1f1e1d1c1b1a19181716151413121110");
    let plain = xorshift_bytes(1000, 3);
    let pf = dir.join("plain.bin");
    std::fs::write(&pf, &plain).unwrap();
    let o = peregrine(&[
        "enc",
        "-aes-128-xts",
        "-K",
        &xk,
        "-iv",
        iv,
        "-in",
        pf.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let mut want = plain.clone();
    let kb: Vec<u8> = (0..32)
        .map(|i| u8::from_str_radix(&xk[2 * i..2 * i + 2], 16).unwrap())
        .collect();
    let ivb: [u8; 16] =
        core::array::from_fn(|i| u8::from_str_radix(&iv[2 * i..2 * i + 2], 16).unwrap());
    peregrine::mode::xts::Xts::new(&kb)
        .unwrap()
        .encrypt(peregrine::mode::xts::Tweak::Raw(ivb), &mut want)
        .unwrap();
    assert_eq!(o.stdout, want);
    let short = dir.join("short.bin");
    std::fs::write(&short, [0u8; 15]).unwrap();
    let o = peregrine(&[
        "enc",
        "-aes-128-xts",
        "-K",
        &xk,
        "-iv",
        iv,
        "-in",
        short.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn speed_cipher_rows_and_decrypt() {
    let o = peregrine(&[
        "speed",
        "aes-128-cbc",
        "aes-256-xts",
        "cmac",
        "--impl",
        "all",
        "--seconds",
        "0.01",
        "--bytes",
        "16,64",
        "--json",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let j = json(&o.stdout);
    let rows = j["rows"].as_array().unwrap();
    for alg in ["aes-128-cbc", "aes-256-xts", "cmac"] {
        assert!(
            rows.iter()
                .any(|r| r["algorithm"] == alg && r["backend"] == "soft"),
            "{alg}"
        );
    }
    assert!(rows.iter().any(|r| r["direction"] == "encrypt"));
    let o = peregrine(&[
        "speed",
        "aes-128-cbc",
        "--decrypt",
        "--seconds",
        "0.01",
        "--bytes",
        "16",
        "--json",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(json(&o.stdout)["rows"][0]["direction"], "decrypt");
    // Sizes a mode cannot take, and --decrypt on a hash, are usage errors.
    for (args, msg) in [
        (
            vec!["speed", "aes-128-cbc", "--bytes", "20"],
            "multiples of 16",
        ),
        (vec!["speed", "aes-128-xts", "--bytes", "8"], "at least 16"),
        (vec!["speed", "sha256", "--decrypt"], "no decrypt direction"),
    ] {
        let o = peregrine(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(
            text(&o.stderr).contains(msg),
            "{args:?}: {}",
            text(&o.stderr)
        );
    }
}

/// `peregrine enc` with the AEADs (which `openssl enc` refuses) against
/// Python's `cryptography` (its own OpenSSL build): ciphertext || tag, and
/// decryption that writes nothing when the tag is wrong. Skipped, saying
/// so, without python3 and `cryptography`.
#[test]
fn enc_aead_matches_python_cryptography() {
    if emulated() {
        eprintln!("skipped: under an emulator");
        return;
    }
    let have = Command::new("python3")
        .args(["-c", "import cryptography"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !have {
        eprintln!("skipped: no python3 with `cryptography`");
        return;
    }
    let key = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
    let nonce = "cafebabefacedbaddecaf888";
    let aad = "feedfacedeadbeef";
    for (cipher, kl, py) in [
        ("-aes-128-gcm", 16, "AESGCM"),
        ("-aes-256-gcm", 32, "AESGCM"),
        ("-aes-128-ccm", 16, "AESCCM"),
        ("-aes-256-ccm", 32, "AESCCM"),
        ("-chacha20-poly1305", 32, "ChaCha20Poly1305"),
    ] {
        for len in [0usize, 1, 16, 100, 5000] {
            let data = xorshift_bytes(len, 11);
            let k = &key[..2 * kl];
            let mut p = cmd();
            p.args(["enc", cipher, "-K", k, "-iv", nonce, "-aad", aad]);
            let ours = run_with_stdin(p, &data);
            assert!(ours.status.success(), "{cipher}: {}", text(&ours.stderr));
            assert_eq!(ours.stdout.len(), len + 16);
            let script = format!(
                "import sys\nfrom cryptography.hazmat.primitives.ciphers.aead import {py}\n\
                 d=sys.stdin.buffer.read()\n\
                 sys.stdout.buffer.write({py}(bytes.fromhex('{k}')).encrypt(bytes.fromhex('{nonce}'), d, bytes.fromhex('{aad}')))"
            );
            let mut c = Command::new("python3");
            c.args(["-c", &script]);
            let theirs = run_with_stdin(c, &data);
            assert!(theirs.status.success(), "{}", text(&theirs.stderr));
            assert_eq!(ours.stdout, theirs.stdout, "{cipher} len {len}");
            let mut d = cmd();
            d.args(["enc", "-d", cipher, "-K", k, "-iv", nonce, "-aad", aad]);
            let back = run_with_stdin(d, &ours.stdout);
            assert!(back.status.success());
            assert_eq!(back.stdout, data);
            // A flipped bit: exit 1, nothing written.
            let mut bad = ours.stdout.clone();
            let last = bad.len() - 1;
            bad[last] ^= 1;
            let mut d = cmd();
            d.args(["enc", "-d", cipher, "-K", k, "-iv", nonce, "-aad", aad]);
            let r = run_with_stdin(d, &bad);
            assert_eq!(r.status.code(), Some(1));
            assert!(r.stdout.is_empty());
            assert!(text(&r.stderr).contains("authentication failed"));
        }
    }
}

/// `peregrine enc -sm4-gcm` (which `openssl enc` refuses, like every AEAD;
/// the output is ciphertext || tag, as for AES-GCM): RFC 8998's example
/// (appendix A.2, from the library's vector file) on every SM4 backend the
/// CPU can run, the library's `Sm4Gcm` on other lengths, the round trip,
/// and a tampered tag or ciphertext (exit 1, a clear error, no output).
#[test]
fn enc_sm4_gcm_rfc8998_and_tag_check() {
    let backends: Vec<&str> = peregrine::cipher::sm4::Impl::ALL
        .iter()
        .filter(|i| i.check().is_some())
        .map(|i| i.name())
        .collect();
    let a = peregrine::aead::sm4_gcm::Sm4Gcm::new(&[0x5a; 16]).unwrap();
    enc_gcm_kat_and_tag_check("sm4-gcm", "sm4/rfc8998.txt", &backends, &a, 16);
}

/// `peregrine enc -camellia-{128,192,256}-gcm` (OpenSSL has no
/// Camellia-GCM): the draft-kato-ipsec-camellia-gcm cases with 12-byte
/// nonces (from the library's vector file) on every Camellia backend the
/// CPU can run, the library's `CamelliaGcm` on other lengths, the round
/// trip, and tampering (exit 1, no output).
#[test]
fn enc_camellia_gcm_kat_and_tag_check() {
    let backends: Vec<&str> = peregrine::cipher::camellia::Impl::ALL
        .iter()
        .filter(|i| i.check().is_some())
        .map(|i| i.name())
        .collect();
    for (name, klen) in [
        ("camellia-128-gcm", 16),
        ("camellia-192-gcm", 24),
        ("camellia-256-gcm", 32),
    ] {
        let a = peregrine::aead::camellia_gcm::CamelliaGcm::new(&vec![0x5a; klen]).unwrap();
        enc_gcm_kat_and_tag_check(name, "camellia/gcm-draft-kato.txt", &backends, &a, klen);
    }
}

/// `enc -CIPHER` (a GCM with 12-byte nonces) on the records of the
/// library's vector file `file` whose key is `klen` bytes and nonce 12
/// (at least one), on each of `backends` (`-impl`), sealing and opening;
/// then `a` (the library's AEAD under the key `0x5a` x `klen`) against the
/// command on other lengths, and a flipped ciphertext or tag byte refused.
fn enc_gcm_kat_and_tag_check(
    cipher: &str,
    file: &str,
    backends: &[&str],
    a: &dyn peregrine::aead::Aead,
    klen: usize,
) {
    let path = format!(
        "{}/../peregrine/tests/vectors/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let vectors = std::fs::read_to_string(&path).unwrap();
    let unhex = |h: &str| -> Vec<u8> {
        (0..h.len() / 2)
            .map(|i| u8::from_str_radix(&h[2 * i..2 * i + 2], 16).unwrap())
            .collect()
    };
    let flag = format!("-{cipher}");
    let mut cases = 0;
    for rec in vectors.split("\n\n") {
        let field = |name: &str| {
            rec.lines()
                .find_map(|l| l.strip_prefix(name)?.trim().strip_prefix('='))
                .map(|v| v.trim().to_string())
        };
        let (Some(key), Some(nonce), Some(aad)) = (field("KEY"), field("IV"), field("AAD")) else {
            continue;
        };
        if key.len() != 2 * klen || nonce.len() != 24 {
            continue;
        }
        let pt = unhex(&field("PLAINTEXT").unwrap());
        let mut want = unhex(&field("CIPHERTEXT").unwrap());
        want.extend(unhex(&field("TAG").unwrap()));
        for imp in backends {
            let mut args = vec!["enc", &flag, "-K", &key, "-iv", &nonce];
            if !aad.is_empty() {
                args.extend(["-aad", &aad]);
            }
            let mut p = cmd();
            p.args(&args).args(["-impl", imp]);
            let ours = run_with_stdin(p, &pt);
            assert!(ours.status.success(), "{imp}: {}", text(&ours.stderr));
            assert_eq!(ours.stdout, want, "{cipher} {file} on {imp}");
            let mut d = cmd();
            d.args(&args).args(["-d", "-impl", imp]);
            let back = run_with_stdin(d, &ours.stdout);
            assert!(back.status.success(), "{}", text(&back.stderr));
            assert_eq!(back.stdout, pt);
        }
        cases += 1;
    }
    assert!(
        cases >= 1 && !backends.is_empty(),
        "{cipher}: no case in {file}"
    );
    // Other lengths, no AAD: the library's AEAD; tampering anywhere fails.
    let k: String = "5a".repeat(klen);
    let n = "000102030405060708090a0b";
    for len in [0usize, 1, 15, 16, 17, 100, 5000] {
        let data = xorshift_bytes(len, 17);
        let mut p = cmd();
        p.args(["enc", &flag, "-K", &k, "-iv", n]);
        let ours = run_with_stdin(p, &data);
        assert!(ours.status.success(), "{}", text(&ours.stderr));
        let sealed = a.seal(&unhex(n), &[], &data).unwrap();
        assert_eq!(ours.stdout, sealed, "len {len}");
        for at in [0, len, len + 15] {
            if at >= sealed.len() {
                continue;
            }
            let mut bad = sealed.clone();
            bad[at] ^= 0x80;
            let mut d = cmd();
            d.args(["enc", "-d", &flag, "-K", &k, "-iv", n]);
            let r = run_with_stdin(d, &bad);
            assert_eq!(r.status.code(), Some(1), "len {len}, byte {at} flipped");
            assert!(r.stdout.is_empty());
            assert!(
                text(&r.stderr).contains("authentication failed"),
                "{}",
                text(&r.stderr)
            );
        }
    }
}

/// `genrsa`, `pkey` and `pkeyutl` against the openssl binary: keys made
/// here pass `openssl pkey -check`, signatures made here verify with
/// `openssl dgst -verify` (PKCS#1 v1.5 and PSS, three digests), openssl's
/// verify here, and a changed message or signature fails with exit 1.
#[test]
fn rsa_commands_interoperate_with_openssl() {
    if !openssl_for("rsa_commands_interoperate_with_openssl") {
        return;
    }
    let dir = std::env::temp_dir().join(format!("peregrine-rsa-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let ok = |o: &Output| assert!(o.status.success(), "{}", text(&o.stderr));
    let openssl = |args: &[&str]| Command::new("openssl").args(args).output().unwrap();

    ok(&peregrine(&["genrsa", "-out", &p("k.pem"), "2048"]));
    let check = openssl(&["pkey", "-in", &p("k.pem"), "-check", "-noout"]);
    assert!(
        text(&check.stdout).contains("Key is valid"),
        "{}",
        text(&check.stderr)
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(p("k.pem")).unwrap().permissions().mode();
        assert_eq!(mode & 0o077, 0, "private key readable by others: {mode:o}");
    }
    ok(&peregrine(&[
        "pkey",
        "-in",
        &p("k.pem"),
        "-pubout",
        "-out",
        &p("pub.pem"),
    ]));
    std::fs::write(p("msg"), b"the message to sign\n").unwrap();
    let (kk, ms, kp, sg, so, m2) = (
        p("k.pem"),
        p("msg"),
        p("pub.pem"),
        p("sig"),
        p("osig"),
        p("msg2"),
    );
    for digest in ["sha256", "sha384", "sha512"] {
        for pss in [false, true] {
            let mut a = vec!["pkeyutl", "-sign", "-inkey", &kk];
            a.extend(["-in", &ms, "-out", &sg, "-digest", digest]);
            if pss {
                a.push("-pss");
            }
            ok(&peregrine(&a));
            let flag = format!("-{digest}");
            let mut v = vec!["dgst", &flag, "-verify", &kp, "-signature", &sg];
            if pss {
                v.extend(["-sigopt", "rsa_padding_mode:pss"]);
            }
            v.push(&ms);
            let r = openssl(&v);
            assert!(
                text(&r.stdout).contains("Verified OK"),
                "{digest} pss={pss}: {}",
                text(&r.stderr)
            );
            // And the reverse: openssl signs, peregrine verifies.
            let mut s = vec!["dgst", &flag, "-sign", &kk];
            if pss {
                s.extend([
                    "-sigopt",
                    "rsa_padding_mode:pss",
                    "-sigopt",
                    "rsa_pss_saltlen:-1",
                ]);
            }
            s.extend(["-out", &so, &ms]);
            ok(&openssl(&s));
            let mut v = vec![
                "pkeyutl", "-verify", "-pubin", "-inkey", &kp, "-sigfile", &so,
            ];
            v.extend(["-in", &ms, "-digest", digest]);
            if pss {
                v.push("-pss");
            }
            let r = peregrine(&v);
            ok(&r);
            assert!(text(&r.stdout).contains("Signature Verified Successfully"));
            // A different message fails, with exit status 1.
            std::fs::write(&m2, b"the message to sign!\n").unwrap();
            let v2: Vec<&str> = v
                .iter()
                .map(|&x| if x == ms { m2.as_str() } else { x })
                .collect();
            let r = peregrine(&v2);
            assert_eq!(r.status.code(), Some(1));
            assert!(text(&r.stdout).contains("Signature Verification Failure"));
        }
    }
    // Bad input: clear errors, no panic, nothing written.
    for (args, code) in [
        (&["genrsa", "1000"][..], 2),
        (&["genrsa", "2048", "4096"], 2),
        (&["pkeyutl", "-sign"], 2),
        (&["pkeyutl", "-sign", "-verify", "-inkey", "x"], 2),
        (&["pkeyutl", "-sign", "-pubin", "-inkey", "x"], 2),
        (&["pkeyutl", "-verify", "-inkey", "x"], 2),
        (&["pkeyutl", "-sign", "-digest", "md4", "-inkey", "x"], 2),
        (&["pkeyutl", "-sign", "-digest", "sha1", "-inkey", "x"], 2),
        (&["pkey"], 2),
    ] {
        let o = peregrine(args);
        assert_eq!(o.status.code(), Some(code), "{args:?}: {}", text(&o.stderr));
        assert!(!text(&o.stderr).contains("panicked"), "{args:?}");
    }
    std::fs::write(
        p("garbage.pem"),
        b"-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n",
    )
    .unwrap();
    let o = peregrine(&[
        "pkeyutl",
        "-sign",
        "-inkey",
        &p("garbage.pem"),
        "-in",
        &p("msg"),
        "-out",
        &p("never"),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(!dir.join("never").exists());
    let o = peregrine(&["pkey", "-in", &p("missing.pem")]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("missing.pem"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `speed rsa2048` prints openssl's public-key table and JSON rows per
/// operation; every Montgomery kernel is a row with `--impl all`.
#[test]
fn speed_rsa_rows() {
    let o = peregrine(&["speed", "rsa1024", "--seconds", "0.05", "--impl", "all"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let t = text(&o.stdout);
    assert!(
        t.contains("sign/s") && t.contains("verify/s") && t.contains("decr./s"),
        "{t}"
    );
    assert!(t.contains("rsa1024 [soft]"), "{t}");
    let o = peregrine(&["speed", "rsa1024", "--seconds", "0.05", "--json"]);
    let j = json(&o.stdout);
    let ops: Vec<&str> = j["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["operation"].as_str().unwrap())
        .collect();
    assert_eq!(ops, ["sign", "verify", "encrypt", "decrypt"]);
    let o = peregrine(&["speed", "rsa1024", "--decrypt"]);
    assert_eq!(o.status.code(), Some(2));
}

/// Whether the openssl interop test `test` can run: not under an emulator
/// (skipped, by name), and with an `openssl` binary on the PATH. Without
/// one it is skipped by name, except in CI (`CI` set to anything but
/// `false` or `0`), where a missing openssl is a failure: the interop
/// tests must not pass there by not running.
fn openssl_for(test: &str) -> bool {
    if emulated() {
        eprintln!("{test}: skipped: under an emulator");
        return false;
    }
    match Command::new("openssl").arg("version").output() {
        Ok(v) if v.status.success() => {
            eprintln!("{test}: comparing with {}", text(&v.stdout).trim());
            true
        }
        _ => {
            let ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0");
            assert!(!ci, "{test}: no working openssl binary, and CI is set");
            eprintln!("{test}: skipped: no openssl binary");
            false
        }
    }
}

/// A fresh directory for one test's files.
fn scratch(test: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("peregrine-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The OpenSSL-written key files committed with the library's tests.
fn c25519_vector(name: &str) -> String {
    format!(
        "{}/../peregrine/tests/vectors/curve25519/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// Exactly one line on stderr, no panic, exit code `code`.
fn one_error_line(o: &Output, code: i32, what: &str) -> String {
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(code), "{what}: {err}");
    assert!(!err.contains("panicked"), "{what}: {err}");
    if code == 1 {
        assert_eq!(err.lines().count(), 1, "{what}: one line: {err}");
    }
    assert!(err.starts_with("peregrine: "), "{what}: {err}");
    err
}

/// genpkey, pkey and pkeyutl with X25519 and Ed25519 keys, without
/// openssl (so also under qemu): OpenSSL-written files (committed) load,
/// openssl's signature verifies and its shared secret comes out the same;
/// keys made here round-trip (PEM and DER), sign/verify and derive both
/// ways; every error is one line with the right exit code.
#[test]
fn curve25519_commands() {
    let dir = scratch("c25519-cli");
    let p = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let ok = |o: &Output| {
        assert!(o.status.success(), "{}", text(&o.stderr));
        o.stdout.clone()
    };
    let v = c25519_vector;
    // OpenSSL's files: written back byte for byte, public halves as
    // openssl printed them, DER read by content.
    for k in ["ed25519", "x25519"] {
        let pem = std::fs::read(v(&format!("{k}.pem"))).unwrap();
        let public = std::fs::read(v(&format!("{k}-pub.pem"))).unwrap();
        assert_eq!(
            ok(&peregrine(&["pkey", "-in", &v(&format!("{k}.pem"))])),
            pem
        );
        assert_eq!(
            ok(&peregrine(&["pkey", "-in", &v(&format!("{k}.der"))])),
            pem
        );
        for input in [format!("{k}.pem"), format!("{k}.der")] {
            let o = peregrine(&["pkey", "-in", &v(&input), "-pubout"]);
            assert_eq!(ok(&o), public, "{input}");
        }
        for input in [format!("{k}-pub.pem"), format!("{k}-pub.der")] {
            let o = peregrine(&["pkey", "-pubin", "-in", &v(&input)]);
            assert_eq!(ok(&o), public, "{input}");
        }
        let der = std::fs::read(v(&format!("{k}.der"))).unwrap();
        let o = peregrine(&["pkey", "-in", &v(&format!("{k}.pem")), "-outform", "DER"]);
        assert_eq!(ok(&o), der);
    }
    // openssl's Ed25519 signature verifies; ours is the same bytes.
    let (msg, sig) = (v("ed25519-msg.txt"), v("ed25519-msg.sig"));
    let o = peregrine(&[
        "pkeyutl",
        "-verify",
        "-pubin",
        "-inkey",
        &v("ed25519-pub.pem"),
        "-rawin",
        "-in",
        &msg,
        "-sigfile",
        &sig,
    ]);
    assert_eq!(text(&ok(&o)), "Signature Verified Successfully\n");
    let o = peregrine(&[
        "pkeyutl",
        "-sign",
        "-inkey",
        &v("ed25519.der"),
        "-rawin",
        "-in",
        &msg,
    ]);
    assert_eq!(ok(&o), std::fs::read(&sig).unwrap());
    // openssl's shared secret, from both sides.
    let shared = std::fs::read(v("x25519-shared.bin")).unwrap();
    let o = peregrine(&[
        "pkeyutl",
        "-derive",
        "-inkey",
        &v("x25519.pem"),
        "-peerkey",
        &v("x25519-peer-pub.pem"),
    ]);
    assert_eq!(ok(&o), shared);
    let o = peregrine(&[
        "pkeyutl",
        "-derive",
        "-inkey",
        &v("x25519-peer.pem"),
        "-peerkey",
        &v("x25519-pub.der"),
    ]);
    assert_eq!(ok(&o), shared);

    // Keys made here.
    for (alg, name) in [("ED25519", "ed"), ("x25519", "x"), ("X25519", "y")] {
        ok(&peregrine(&[
            "genpkey",
            "-algorithm",
            alg,
            "-out",
            &p(&format!("{name}.pem")),
        ]));
        let pem = std::fs::read_to_string(p(&format!("{name}.pem"))).unwrap();
        assert!(pem.starts_with("-----BEGIN PRIVATE KEY-----\n"), "{pem}");
        assert_eq!(pem.len(), 119, "{pem}");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(p(&format!("{name}.pem")))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o077, 0, "private key readable by others: {mode:o}");
        }
        ok(&peregrine(&[
            "pkey",
            "-in",
            &p(&format!("{name}.pem")),
            "-pubout",
            "-out",
            &p(&format!("{name}-pub.pem")),
        ]));
    }
    std::fs::write(p("msg"), b"a message for Ed25519\n").unwrap();
    std::fs::write(p("msg2"), b"a message for Ed25519!\n").unwrap();
    ok(&peregrine(&[
        "pkeyutl",
        "-sign",
        "-inkey",
        &p("ed.pem"),
        "-rawin",
        "-in",
        &p("msg"),
        "-out",
        &p("sig"),
    ]));
    assert_eq!(std::fs::read(p("sig")).unwrap().len(), 64);
    let verify = |key: &str, pubin: bool, m: &str, s: &str| {
        let mut a = vec!["pkeyutl", "-verify"];
        if pubin {
            a.push("-pubin");
        }
        a.extend(["-inkey", key, "-rawin", "-in", m, "-sigfile", s]);
        peregrine(&a)
    };
    let o = verify(&p("ed-pub.pem"), true, &p("msg"), &p("sig"));
    assert_eq!(text(&ok(&o)), "Signature Verified Successfully\n");
    let o = verify(&p("ed.pem"), false, &p("msg"), &p("sig"));
    assert_eq!(text(&ok(&o)), "Signature Verified Successfully\n");
    let o = verify(&p("ed-pub.pem"), true, &p("msg2"), &p("sig"));
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(text(&o.stdout), "Signature Verification Failure\n");
    assert!(o.stderr.is_empty(), "{}", text(&o.stderr));
    // Another key's signature fails the same way.
    let o = verify(&v("ed25519-pub.pem"), true, &p("msg"), &p("sig"));
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(text(&o.stdout), "Signature Verification Failure\n");
    // Truncated and overlong signatures: openssl's verdict, and why.
    let sig = std::fs::read(p("sig")).unwrap();
    std::fs::write(p("sig63"), &sig[..63]).unwrap();
    std::fs::write(p("sig65"), [&sig[..], &[0]].concat()).unwrap();
    std::fs::write(p("sig0"), b"").unwrap();
    for s in ["sig63", "sig65", "sig0"] {
        let o = verify(&p("ed-pub.pem"), true, &p("msg"), &p(s));
        assert_eq!(text(&o.stdout), "Signature Verification Failure\n", "{s}");
        let err = one_error_line(&o, 1, s);
        assert!(err.contains("64 bytes"), "{s}: {err}");
    }
    // Derive both ways: the same secret, and not written world-readable.
    ok(&peregrine(&[
        "pkeyutl",
        "-derive",
        "-inkey",
        &p("x.pem"),
        "-peerkey",
        &p("y-pub.pem"),
        "-out",
        &p("s1"),
    ]));
    ok(&peregrine(&[
        "pkeyutl",
        "-derive",
        "-inkey",
        &p("y.pem"),
        "-peerkey",
        &p("x-pub.pem"),
        "-out",
        &p("s2"),
    ]));
    let s1 = std::fs::read(p("s1")).unwrap();
    assert_eq!(s1.len(), 32);
    assert_eq!(s1, std::fs::read(p("s2")).unwrap());
    // DER keys in, as openssl 3 reads them by content too.
    ok(&peregrine(&[
        "pkey",
        "-in",
        &p("x.pem"),
        "-outform",
        "DER",
        "-out",
        &p("x.der"),
    ]));
    ok(&peregrine(&[
        "pkey",
        "-in",
        &p("y.pem"),
        "-pubout",
        "-outform",
        "DER",
        "-out",
        &p("y-pub.der"),
    ]));
    let o = peregrine(&[
        "pkeyutl",
        "-derive",
        "-inkey",
        &p("x.der"),
        "-peerkey",
        &p("y-pub.der"),
    ]);
    assert_eq!(ok(&o), s1);

    // A peer key of small order (u = 0, u = 1): an error, nothing written.
    for (name, u0) in [("zero", 0u8), ("one", 1)] {
        let mut der = vec![
            0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x6e, 0x03, 0x21, 0x00, u0,
        ];
        der.extend_from_slice(&[0; 31]);
        std::fs::write(p(name), &der).unwrap();
        let o = peregrine(&[
            "pkeyutl",
            "-derive",
            "-inkey",
            &p("x.pem"),
            "-peerkey",
            &p(name),
            "-out",
            &p("never"),
        ]);
        let err = one_error_line(&o, 1, name);
        assert!(err.contains("small order"), "{err}");
        assert!(!dir.join("never").exists());
    }

    // Wrong kinds of key, bad files: one line, exit 1, nothing written.
    std::fs::write(
        p("garbage.pem"),
        b"-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n",
    )
    .unwrap();
    std::fs::write(p("junk"), b"\x30\x03\x02\x01").unwrap();
    let mut truncated = std::fs::read(v("ed25519.der")).unwrap();
    truncated.pop();
    std::fs::write(p("truncated.der"), &truncated).unwrap();
    let rsa = format!(
        "{}/../peregrine/tests/vectors/rsa/doc-2048.pem",
        env!("CARGO_MANIFEST_DIR")
    );
    let (ed, edp, xk, xp, sg) = (
        p("ed.pem"),
        p("ed-pub.pem"),
        p("x.pem"),
        p("x-pub.pem"),
        p("sig"),
    );
    let (garb, junk, trunc, miss) = (
        p("garbage.pem"),
        p("junk"),
        p("truncated.der"),
        p("missing.pem"),
    );
    let (ed448, x448) = (v("ed448.pem"), v("x448-pub.pem"));
    let (m, nv) = (p("msg"), p("never"));
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["pkeyutl", "-sign", "-inkey", &ed, "-in", &m, "-out", &nv],
            "-rawin",
        ),
        (
            vec![
                "pkeyutl", "-sign", "-inkey", &ed, "-rawin", "-digest", "sha256", "-in", &m,
                "-out", &nv,
            ],
            "-digest",
        ),
        (
            vec![
                "pkeyutl", "-verify", "-pubin", "-inkey", &edp, "-in", &m, "-sigfile", &sg,
            ],
            "-rawin",
        ),
        (
            vec![
                "pkeyutl", "-sign", "-inkey", &xk, "-rawin", "-in", &m, "-out", &nv,
            ],
            "cannot sign",
        ),
        (
            vec![
                "pkeyutl", "-verify", "-pubin", "-inkey", &xp, "-rawin", "-in", &m, "-sigfile", &sg,
            ],
            "cannot verify",
        ),
        (
            vec![
                "pkeyutl", "-derive", "-inkey", &ed, "-peerkey", &xp, "-out", &nv,
            ],
            "ED25519",
        ),
        (
            vec![
                "pkeyutl", "-derive", "-inkey", &rsa, "-peerkey", &xp, "-out", &nv,
            ],
            "RSA",
        ),
        (
            vec![
                "pkeyutl", "-derive", "-inkey", &xk, "-peerkey", &edp, "-out", &nv,
            ],
            "ED25519",
        ),
        (
            vec![
                "pkeyutl", "-derive", "-inkey", &xk, "-peerkey", &rsa, "-out", &nv,
            ],
            "RSA",
        ),
        (
            vec![
                "pkeyutl", "-sign", "-inkey", &edp, "-rawin", "-in", &m, "-out", &nv,
            ],
            "public key",
        ),
        (
            vec![
                "pkeyutl", "-verify", "-pubin", "-inkey", &ed, "-rawin", "-in", &m, "-sigfile", &sg,
            ],
            "private key",
        ),
        (
            vec![
                "pkeyutl", "-sign", "-inkey", &garb, "-rawin", "-in", &m, "-out", &nv,
            ],
            "garbage.pem",
        ),
        (
            vec![
                "pkeyutl", "-sign", "-inkey", &junk, "-rawin", "-in", &m, "-out", &nv,
            ],
            "not a private key",
        ),
        (
            vec![
                "pkeyutl", "-sign", "-inkey", &trunc, "-rawin", "-in", &m, "-out", &nv,
            ],
            "truncated.der",
        ),
        (vec!["pkey", "-in", &ed448, "-out", &nv], "Ed448"),
        (vec!["pkey", "-pubin", "-in", &x448, "-out", &nv], "X448"),
        (vec!["pkey", "-in", &miss], "missing.pem"),
    ];
    for (args, want) in &cases {
        let o = peregrine(args);
        let err = one_error_line(&o, 1, &format!("{args:?}"));
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?}");
        assert!(!dir.join("never").exists(), "{args:?}");
    }
    // Usage errors: exit 2.
    for args in [
        &["genpkey"][..],
        &["genpkey", "-algorithm", "ED448"],
        &["genpkey", "-algorithm"],
        &[
            "genpkey",
            "-algorithm",
            "ED25519",
            "-pkeyopt",
            "rsa_keygen_bits:2048",
        ],
        &["pkeyutl", "-derive", "-inkey", "x"],
        &[
            "pkeyutl", "-derive", "-sign", "-inkey", "x", "-peerkey", "y",
        ],
        &[
            "pkeyutl", "-derive", "-pubin", "-inkey", "x", "-peerkey", "y",
        ],
        &[
            "pkeyutl", "-derive", "-inkey", "x", "-peerkey", "y", "-sigfile", "z",
        ],
        &["pkeyutl", "-sign", "-inkey", "x", "-peerkey", "y"],
        &["pkey", "-in", "x", "-outform", "TXT"],
    ] {
        one_error_line(&peregrine(args), 2, &format!("{args:?}"));
    }
    // RSA keys (kept working): DER written with -outform, read by content.
    let rsa_pem = std::fs::read(&rsa).unwrap();
    ok(&peregrine(&[
        "pkey",
        "-in",
        &rsa,
        "-outform",
        "DER",
        "-out",
        &p("rsa.der"),
    ]));
    assert_eq!(ok(&peregrine(&["pkey", "-in", &p("rsa.der")])), rsa_pem);
    let rsa_pub = ok(&peregrine(&["pkey", "-in", &rsa, "-pubout"]));
    ok(&peregrine(&[
        "pkey",
        "-in",
        &rsa,
        "-pubout",
        "-outform",
        "DER",
        "-out",
        &p("rsa-pub.der"),
    ]));
    let o = peregrine(&["pkey", "-pubin", "-in", &p("rsa-pub.der")]);
    assert_eq!(ok(&o), rsa_pub);
    // The help names the new commands.
    let help = text(&peregrine(&["help"]).stdout);
    for w in [
        "genpkey", "-derive", "-peerkey", "ED25519", "X25519", "-rawin",
    ] {
        assert!(help.contains(w), "help lacks {w}");
    }
    for c in ["genpkey", "pkey", "pkeyutl"] {
        let o = peregrine(&[c, "-help"]);
        assert_eq!(o.status.code(), Some(0), "{c}");
        assert!(text(&o.stdout).contains("usage"), "{c}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// X25519 and Ed25519 against the openssl binary, both ways: keys made by
/// each are read by the other (PEM and DER), openssl signs and we verify,
/// we sign and openssl verifies (and the signatures are the same bytes),
/// derive gives one secret whichever side computes it, and openssl fails
/// where we fail (a changed message, a small-order peer).
#[test]
fn curve25519_commands_interoperate_with_openssl() {
    let test = "curve25519_commands_interoperate_with_openssl";
    if !openssl_for(test) {
        return;
    }
    let dir = scratch("c25519-openssl");
    let p = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let ok = |o: &Output| {
        assert!(o.status.success(), "{}", text(&o.stderr));
        o.stdout.clone()
    };
    let openssl = |args: &[&str]| Command::new("openssl").args(args).output().unwrap();
    for (alg, name) in [("ED25519", "ed"), ("X25519", "x")] {
        // Made by us, checked and re-written by openssl; made by openssl,
        // re-written by us: the same bytes.
        ok(&peregrine(&[
            "genpkey",
            "-algorithm",
            alg,
            "-out",
            &p(&format!("{name}-ours.pem")),
        ]));
        ok(&openssl(&[
            "genpkey",
            "-algorithm",
            alg,
            "-out",
            &p(&format!("{name}-theirs.pem")),
        ]));
        for who in ["ours", "theirs"] {
            let key = p(&format!("{name}-{who}.pem"));
            let check = openssl(&["pkey", "-in", &key, "-check", "-noout"]);
            if alg == "ED25519" {
                // openssl 3.0 checks Ed25519 keys; X25519 -check is not
                // supported by every 3.x.
                assert!(
                    text(&check.stdout).contains("Key is valid"),
                    "{}",
                    text(&check.stderr)
                );
            }
            let pem = std::fs::read(&key).unwrap();
            assert_eq!(ok(&openssl(&["pkey", "-in", &key])), pem, "{who}");
            assert_eq!(ok(&peregrine(&["pkey", "-in", &key])), pem, "{who}");
            let pub_o = ok(&openssl(&["pkey", "-in", &key, "-pubout"]));
            assert_eq!(
                ok(&peregrine(&["pkey", "-in", &key, "-pubout"])),
                pub_o,
                "{who}"
            );
            let der_o = ok(&openssl(&["pkey", "-in", &key, "-outform", "DER"]));
            assert_eq!(
                ok(&peregrine(&["pkey", "-in", &key, "-outform", "DER"])),
                der_o
            );
            let pubder_o = ok(&openssl(&[
                "pkey", "-in", &key, "-pubout", "-outform", "DER",
            ]));
            assert_eq!(
                ok(&peregrine(&[
                    "pkey", "-in", &key, "-pubout", "-outform", "DER"
                ])),
                pubder_o
            );
            std::fs::write(p(&format!("{name}-{who}-pub.pem")), &pub_o).unwrap();
            std::fs::write(p(&format!("{name}-{who}.der")), &der_o).unwrap();
            std::fs::write(p(&format!("{name}-{who}-pub.der")), &pubder_o).unwrap();
            // openssl reads what we write from DER too.
            let back = ok(&openssl(&[
                "pkey",
                "-in",
                &p(&format!("{name}-{who}.der")),
                "-inform",
                "DER",
            ]));
            assert_eq!(back, pem);
        }
    }
    // Ed25519: both sign the same bytes; each verifies the other's.
    let m = p("msg");
    std::fs::write(&m, b"interop message\n").unwrap();
    std::fs::write(p("msg2"), b"interop message!\n").unwrap();
    for who in ["ours", "theirs"] {
        let key = p(&format!("ed-{who}.pem"));
        let public = p(&format!("ed-{who}-pub.pem"));
        let (s_ours, s_theirs) = (
            p(&format!("sig-{who}-by-us")),
            p(&format!("sig-{who}-by-openssl")),
        );
        ok(&peregrine(&[
            "pkeyutl", "-sign", "-inkey", &key, "-rawin", "-in", &m, "-out", &s_ours,
        ]));
        ok(&openssl(&[
            "pkeyutl", "-sign", "-inkey", &key, "-rawin", "-in", &m, "-out", &s_theirs,
        ]));
        assert_eq!(
            std::fs::read(&s_ours).unwrap(),
            std::fs::read(&s_theirs).unwrap()
        );
        let o = openssl(&[
            "pkeyutl", "-verify", "-pubin", "-inkey", &public, "-rawin", "-in", &m, "-sigfile",
            &s_ours,
        ]);
        assert!(text(&ok(&o)).contains("Signature Verified Successfully"));
        let o = peregrine(&[
            "pkeyutl", "-verify", "-pubin", "-inkey", &public, "-rawin", "-in", &m, "-sigfile",
            &s_theirs,
        ]);
        assert_eq!(text(&ok(&o)), "Signature Verified Successfully\n");
        // DER public key, and a changed message: both say no, exit 1.
        let public_der = p(&format!("ed-{who}-pub.der"));
        for prog in ["openssl", "peregrine"] {
            let args = [
                "pkeyutl",
                "-verify",
                "-pubin",
                "-inkey",
                &public_der,
                "-rawin",
                "-in",
                &p("msg2"),
                "-sigfile",
                &s_ours,
            ];
            let o = if prog == "openssl" {
                openssl(&args)
            } else {
                peregrine(&args)
            };
            assert_eq!(o.status.code(), Some(1), "{prog}");
            assert!(
                text(&o.stdout).contains("Signature Verification Failure"),
                "{prog}"
            );
        }
    }
    // X25519: four ways to compute one secret.
    let derive = |prog: &str, key: &str, peer: &str| {
        let args = ["pkeyutl", "-derive", "-inkey", key, "-peerkey", peer];
        ok(&if prog == "openssl" {
            openssl(&args)
        } else {
            peregrine(&args)
        })
    };
    let (a, b) = (p("x-ours.pem"), p("x-theirs.pem"));
    let (a_pub, b_pub) = (p("x-ours-pub.pem"), p("x-theirs-pub.pem"));
    let secret = derive("openssl", &a, &b_pub);
    assert_eq!(secret.len(), 32);
    assert_eq!(derive("openssl", &b, &a_pub), secret);
    assert_eq!(derive("peregrine", &a, &b_pub), secret);
    assert_eq!(derive("peregrine", &b, &a_pub), secret);
    assert_eq!(
        derive("peregrine", &p("x-theirs.der"), &p("x-ours-pub.der")),
        secret
    );
    // A small-order peer: both refuse.
    let mut der = vec![
        0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x6e, 0x03, 0x21, 0x00,
    ];
    der.extend_from_slice(&[0; 32]);
    std::fs::write(p("zero.der"), &der).unwrap();
    ok(&openssl(&[
        "pkey",
        "-pubin",
        "-inform",
        "DER",
        "-in",
        &p("zero.der"),
        "-out",
        &p("zero.pem"),
    ]));
    let o = openssl(&[
        "pkeyutl",
        "-derive",
        "-inkey",
        &a,
        "-peerkey",
        &p("zero.pem"),
    ]);
    assert!(!o.status.success());
    let o = peregrine(&[
        "pkeyutl",
        "-derive",
        "-inkey",
        &a,
        "-peerkey",
        &p("zero.pem"),
    ]);
    let err = one_error_line(&o, 1, "small order");
    assert!(err.contains("small order"), "{err}");
    // The wrong kind of key: both refuse, exit 1.
    let (edo, edt, nev) = (p("ed-ours.pem"), p("ed-theirs-pub.pem"), p("never"));
    for args in [
        &["pkeyutl", "-derive", "-inkey", &edo, "-peerkey", &edt][..],
        &[
            "pkeyutl", "-sign", "-inkey", &a, "-rawin", "-in", &m, "-out", &nev,
        ],
    ] {
        assert_eq!(openssl(args).status.code(), Some(1), "{args:?}");
        one_error_line(&peregrine(args), 1, &format!("{args:?}"));
    }
    // Without -rawin both refuse to sign with Ed25519.
    let args = [
        "pkeyutl",
        "-sign",
        "-inkey",
        &p("ed-ours.pem"),
        "-in",
        &m,
        "-out",
        &p("never2"),
    ];
    assert_eq!(openssl(&args).status.code(), Some(1));
    one_error_line(&peregrine(&args), 1, "no -rawin");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// X25519 and Ed25519: openssl's "op op/s" and EdDSA tables with its row
/// names, the JSON operation names, `--mr`'s `+F5`/`+F6` lines, and every
/// kernel with `--impl all`.
#[test]
fn speed_curve25519_rows() {
    let algs = ["ecdhx25519", "ed25519", "x25519-keygen", "ed25519-keygen"];
    let quick = ["--seconds", "0.02", "--reps", "1", "--impl", "all"];
    let args = |extra: &[&'static str]| -> Vec<&'static str> {
        let mut v = vec!["speed"];
        v.extend(algs);
        v.extend(quick);
        v.extend(extra);
        v
    };
    let o = peregrine(&args(&[]));
    assert!(o.status.success(), "{}", text(&o.stderr));
    let t = text(&o.stdout);
    for want in [
        "253 bits ecdh (X25519) [soft]",
        "253 bits EdDSA (Ed25519) [soft]",
        "x25519-keygen [soft]",
        "ed25519-keygen [soft]",
        "sign/s",
        "verify/s",
        "keygen/s",
    ] {
        assert!(t.contains(want), "{want}: {t}");
    }
    assert!(
        t.lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["op", "op/s"]),
        "{t}"
    );
    let o = peregrine(&args(&["--json"]));
    let j = json(&o.stdout);
    check_rows(&j);
    let mut ops: Vec<(String, String)> = j["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["algorithm"].as_str().unwrap().to_string(),
                r["operation"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    ops.dedup();
    let want: Vec<(String, String)> = [
        ("ecdhx25519", "derive"),
        ("ed25519", "sign"),
        ("ed25519", "verify"),
        ("x25519-keygen", "keygen"),
        ("ed25519-keygen", "keygen"),
    ]
    .iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect();
    for w in &want {
        assert!(ops.contains(w), "{w:?} in {ops:?}");
    }
    let o = peregrine(&args(&["--mr"]));
    assert!(o.status.success(), "{}", text(&o.stderr));
    let t = text(&o.stdout);
    let f5: Vec<&str> = t.lines().filter(|l| l.starts_with("+F5:")).collect();
    let f6: Vec<&str> = t.lines().filter(|l| l.starts_with("+F6:")).collect();
    assert!(!f5.is_empty() && !f6.is_empty(), "{t}");
    for l in f5 {
        let f: Vec<&str> = l.split(':').collect();
        assert_eq!((f.len(), f[2]), (5, "253"), "{l}");
    }
    for l in f6 {
        let f: Vec<&str> = l.split(':').collect();
        assert_eq!((f.len(), f[2]), (6, "253"), "{l}");
        assert!(f[3].starts_with("Ed25519 ["), "{l}");
    }
}

/// DSA through genpkey, pkey and pkeyutl against openssl: keys for the
/// committed 1024-bit parameters made by each side are checked and
/// re-written byte for byte by the other (PKCS#8 and SPKI, PEM and DER;
/// openssl's traditional `DSA PRIVATE KEY` loads), signatures of a
/// precomputed digest and of `-rawin` input verify both ways, a changed
/// digest fails, and our `-genparam` parameters pass `openssl pkeyparam
/// -check`.
#[test]
fn dsa_commands_interoperate_with_openssl() {
    let test = "dsa_commands_interoperate_with_openssl";
    if !openssl_for(test) {
        return;
    }
    let dir = scratch("dsa-openssl");
    let p = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let ok = |o: &Output| {
        assert!(o.status.success(), "{}", text(&o.stderr));
        o.stdout.clone()
    };
    let openssl = |args: &[&str]| Command::new("openssl").args(args).output().unwrap();
    let params = format!(
        "{}/../peregrine/tests/vectors/dsa/params-1024.pem",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::write(p("msg"), b"DSA interop").unwrap();
    ok(&openssl(&[
        "dgst",
        "-sha256",
        "-binary",
        "-out",
        &p("dg"),
        &p("msg"),
    ]));
    std::fs::write(p("dg-bad"), [0x55u8; 32]).unwrap();
    ok(&peregrine(&[
        "genpkey",
        "-paramfile",
        &params,
        "-out",
        &p("ours.pem"),
    ]));
    ok(&openssl(&[
        "genpkey",
        "-paramfile",
        &params,
        "-out",
        &p("theirs.pem"),
    ]));
    for who in ["ours", "theirs"] {
        let key = p(&format!("{who}.pem"));
        let check = openssl(&["pkey", "-in", &key, "-check", "-noout"]);
        assert!(text(&check.stdout).contains("Key is valid"), "{who}");
        let pem = std::fs::read(&key).unwrap();
        assert_eq!(ok(&peregrine(&["pkey", "-in", &key])), pem, "{who}");
        for extra in [&[][..], &["-outform", "DER"][..]] {
            let mut a = vec!["pkey", "-in", key.as_str()];
            a.extend_from_slice(extra);
            assert_eq!(ok(&peregrine(&a)), ok(&openssl(&a)), "{who} {extra:?}");
            a.push("-pubout");
            assert_eq!(ok(&peregrine(&a)), ok(&openssl(&a)), "{who} pub {extra:?}");
        }
        let trad = p(&format!("{who}-trad.pem"));
        ok(&openssl(&[
            "pkey",
            "-in",
            &key,
            "-traditional",
            "-out",
            &trad,
        ]));
        assert!(
            std::fs::read_to_string(&trad)
                .unwrap()
                .starts_with("-----BEGIN DSA PRIVATE KEY")
        );
        assert_eq!(
            ok(&peregrine(&["pkey", "-in", &trad])),
            pem,
            "{who} traditional"
        );
        let public = p(&format!("{who}-pub.pem"));
        ok(&peregrine(&[
            "pkey", "-in", &key, "-pubout", "-out", &public,
        ]));
        // Precomputed digest (both tools' default) and -rawin, both ways.
        for (signer, verifier) in [("peregrine", "openssl"), ("openssl", "peregrine")] {
            let run = |tool: &str, a: &[&str]| {
                if tool == "peregrine" {
                    peregrine(a)
                } else {
                    openssl(a)
                }
            };
            for rawin in [false, true] {
                let (input, mode) = if rawin {
                    (p("msg"), vec!["-rawin", "-digest", "sha256"])
                } else {
                    (p("dg"), vec![])
                };
                let sig = p(&format!("{who}-{signer}-{rawin}.sig"));
                let mut a = vec![
                    "pkeyutl", "-sign", "-inkey", &key, "-in", &input, "-out", &sig,
                ];
                a.extend_from_slice(&mode);
                ok(&run(signer, &a));
                let mut v = vec!["pkeyutl", "-verify", "-pubin", "-inkey", &public];
                v.extend_from_slice(&["-in", &input, "-sigfile", &sig]);
                v.extend_from_slice(&mode);
                let o = run(verifier, &v);
                assert!(
                    text(&o.stdout).contains("Signature Verified Successfully"),
                    "{who} {signer}->{verifier} rawin={rawin}: {}",
                    text(&o.stderr)
                );
                if !rawin {
                    // The precomputed digest signs as -rawin of the message.
                    let bad = p("dg-bad");
                    let mut v2 = vec!["pkeyutl", "-verify", "-pubin", "-inkey", &public];
                    v2.extend_from_slice(&["-in", &bad, "-sigfile", &sig]);
                    let o = run(verifier, &v2);
                    assert_eq!(o.status.code(), Some(1), "{who} {signer}->{verifier} bad");
                }
            }
        }
    }
    let o = peregrine(&[
        "pkeyutl",
        "-sign",
        "-inkey",
        &p("ours.pem"),
        "-in",
        &p("dg"),
        "-digest",
        "sha256",
    ]);
    one_error_line(&o, 1, "-digest without -rawin");
    ok(&peregrine(&[
        "genpkey",
        "-genparam",
        "-algorithm",
        "DSA",
        "-pkeyopt",
        "dsa_paramgen_bits:1024",
        "-out",
        &p("gen.pem"),
    ]));
    let o = openssl(&["pkeyparam", "-in", &p("gen.pem"), "-check", "-noout"]);
    assert!(
        text(&o.stdout).contains("Parameters are valid"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn speed_dsa_rows() {
    let o = peregrine(&["speed", "dsa1024", "--seconds", "0.05", "--impl", "all"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let t = text(&o.stdout);
    assert!(t.contains("sign/s") && t.contains("verify/s"), "{t}");
    assert!(t.contains("dsa1024 [soft]"), "{t}");
    let o = peregrine(&["speed", "dsa2048", "--seconds", "0.05", "--json"]);
    let j = json(&o.stdout);
    let ops: Vec<&str> = j["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["operation"].as_str().unwrap())
        .collect();
    assert_eq!(ops, ["sign", "verify"]);
}

/// EC keys (P-256, P-384, P-521) with the openssl binary both ways: keys
/// made by either are read by the other and written back identically
/// (PKCS#8 PEM, SEC1 DER, SPKI), ECDSA signatures of a digest and of a
/// message (`-rawin -digest`) verify both ways, ECDH secrets agree, and a
/// wrong key type, a truncated signature and an unknown curve are clear
/// errors.
/// `ecparam`: the parameters equal `openssl ecparam`'s (PEM and DER);
/// `-genkey -noout` writes a SEC1 key that `openssl ec -check` accepts and
/// rewrites to the same bytes; an unknown curve fails with one line.
#[test]
fn ecparam_matches_openssl() {
    let test = "ecparam_matches_openssl";
    if !openssl_for(test) {
        return;
    }
    let dir = scratch("ecparam");
    let p = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let ok = |o: &Output| {
        assert!(o.status.success(), "{}", text(&o.stderr));
        o.stdout.clone()
    };
    let openssl = |args: &[&str]| Command::new("openssl").args(args).output().unwrap();
    for name in ["prime256v1", "secp384r1", "secp521r1"] {
        for form in ["PEM", "DER"] {
            assert_eq!(
                ok(&peregrine(&["ecparam", "-name", name, "-outform", form])),
                ok(&openssl(&["ecparam", "-name", name, "-outform", form])),
                "{name} {form}"
            );
        }
        let key = p(&format!("{name}.pem"));
        ok(&peregrine(&[
            "ecparam", "-name", name, "-genkey", "-noout", "-out", &key,
        ]));
        let pem = std::fs::read(&key).unwrap();
        assert!(pem.starts_with(b"-----BEGIN EC PRIVATE KEY-----"));
        ok(&openssl(&["ec", "-in", &key, "-check", "-noout"]));
        assert_eq!(
            ok(&openssl(&["ec", "-in", &key])),
            pem,
            "{name}: openssl ec rewrites it unchanged"
        );
        // with the parameters first, as openssl writes them
        let both = ok(&peregrine(&["ecparam", "-name", name, "-genkey"]));
        assert!(both.starts_with(b"-----BEGIN EC PARAMETERS-----"));
    }
    let bad = peregrine(&["ecparam", "-name", "secp256k1"]);
    assert!(!bad.status.success());
    assert!(
        text(&bad.stderr).contains("unknown curve"),
        "{}",
        text(&bad.stderr)
    );
}

#[test]
fn ec_commands_interoperate_with_openssl() {
    let test = "ec_commands_interoperate_with_openssl";
    if !openssl_for(test) {
        return;
    }
    let dir = scratch("ec-openssl");
    let p = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let ok = |o: &Output| {
        assert!(o.status.success(), "{}", text(&o.stderr));
        o.stdout.clone()
    };
    let openssl = |args: &[&str]| Command::new("openssl").args(args).output().unwrap();
    std::fs::write(p("msg"), b"EC interop").unwrap();
    for (curve, dgst) in [
        ("P-256", "sha256"),
        ("P-384", "sha384"),
        ("P-521", "sha512"),
    ] {
        let opt = format!("ec_paramgen_curve:{curve}");
        let ours = p(&format!("ours-{curve}.pem"));
        let theirs = p(&format!("theirs-{curve}.pem"));
        ok(&peregrine(&[
            "genpkey",
            "-algorithm",
            "EC",
            "-pkeyopt",
            &opt,
            "-out",
            &ours,
        ]));
        ok(&openssl(&[
            "genpkey",
            "-algorithm",
            "EC",
            "-pkeyopt",
            &opt,
            "-out",
            &theirs,
        ]));
        let dg = p("dg");
        ok(&openssl(&[
            "dgst",
            &format!("-{dgst}"),
            "-binary",
            "-out",
            &dg,
            &p("msg"),
        ]));
        for (who, key) in [("ours", &ours), ("theirs", &theirs)] {
            let check = openssl(&["pkey", "-in", key, "-check", "-noout"]);
            assert!(
                text(&check.stdout).contains("Key is valid"),
                "{curve} {who}"
            );
            let pem = std::fs::read(key).unwrap();
            assert_eq!(ok(&peregrine(&["pkey", "-in", key])), pem, "{curve} {who}");
            for extra in [&[][..], &["-outform", "DER"][..]] {
                let mut a = vec!["pkey", "-in", key.as_str()];
                a.extend_from_slice(extra);
                assert_eq!(
                    ok(&peregrine(&a)),
                    ok(&openssl(&a)),
                    "{curve} {who} {extra:?}"
                );
                a.push("-pubout");
                assert_eq!(
                    ok(&peregrine(&a)),
                    ok(&openssl(&a)),
                    "{curve} {who} pub {extra:?}"
                );
            }
            let public = p(&format!("{who}-{curve}.pub"));
            ok(&peregrine(&[
                "pkey", "-in", key, "-pubout", "-out", &public,
            ]));
            // a digest, signed by one and verified by the other
            let (s1, s2) = (p("sig-ours"), p("sig-theirs"));
            ok(&peregrine(&[
                "pkeyutl", "-sign", "-inkey", key, "-in", &dg, "-out", &s1,
            ]));
            ok(&openssl(&[
                "pkeyutl", "-sign", "-inkey", key, "-in", &dg, "-out", &s2,
            ]));
            for s in [&s1, &s2] {
                let v = openssl(&[
                    "pkeyutl", "-verify", "-pubin", "-inkey", &public, "-in", &dg, "-sigfile", s,
                ]);
                assert!(
                    v.status.success(),
                    "{curve} {who} openssl verify {}",
                    text(&v.stderr)
                );
                let v = peregrine(&[
                    "pkeyutl", "-verify", "-pubin", "-inkey", &public, "-in", &dg, "-sigfile", s,
                ]);
                assert!(
                    v.status.success(),
                    "{curve} {who} our verify {}",
                    text(&v.stderr)
                );
                assert!(text(&v.stdout).contains("Signature Verified Successfully"));
            }
            // the message, hashed by -rawin -digest
            let s3 = p("sig-raw");
            ok(&peregrine(&[
                "pkeyutl",
                "-sign",
                "-inkey",
                key,
                "-rawin",
                "-digest",
                dgst,
                "-in",
                &p("msg"),
                "-out",
                &s3,
            ]));
            let v = openssl(&[
                "dgst",
                &format!("-{dgst}"),
                "-verify",
                &public,
                "-signature",
                &s3,
                &p("msg"),
            ]);
            assert!(
                v.status.success(),
                "{curve} {who} -rawin {}",
                text(&v.stderr)
            );
            // a truncated signature fails cleanly
            let sig = std::fs::read(&s1).unwrap();
            std::fs::write(p("short"), &sig[..sig.len() - 3]).unwrap();
            let v = peregrine(&[
                "pkeyutl",
                "-verify",
                "-pubin",
                "-inkey",
                &public,
                "-in",
                &dg,
                "-sigfile",
                &p("short"),
            ]);
            assert_eq!(v.status.code(), Some(1), "{curve} {who} truncated");
            assert!(text(&v.stdout).contains("Signature Verification Failure"));
        }
        // ECDH both ways
        let (pub_o, pub_t) = (
            p(&format!("ours-{curve}.pub")),
            p(&format!("theirs-{curve}.pub")),
        );
        let a = ok(&peregrine(&[
            "pkeyutl", "-derive", "-inkey", &ours, "-peerkey", &pub_t,
        ]));
        let b = ok(&openssl(&[
            "pkeyutl", "-derive", "-inkey", &theirs, "-peerkey", &pub_o,
        ]));
        assert_eq!(a, b, "{curve} ECDH");
        assert_eq!(
            a.len(),
            match curve {
                "P-256" => 32,
                "P-384" => 48,
                _ => 66,
            }
        );
    }
    // errors
    let e = peregrine(&[
        "genpkey",
        "-algorithm",
        "EC",
        "-pkeyopt",
        "ec_paramgen_curve:secp256k1",
    ]);
    assert_eq!(e.status.code(), Some(2));
    assert!(text(&e.stderr).contains("unknown curve"));
    let e = peregrine(&["genpkey", "-algorithm", "EC"]);
    assert_ne!(e.status.code(), Some(0));
    assert!(text(&e.stderr).contains("ec_paramgen_curve"));
    let e = peregrine(&[
        "pkeyutl",
        "-derive",
        "-inkey",
        &p("ours-P-256.pem"),
        "-peerkey",
        &p("theirs-P-384.pub"),
    ]);
    assert_ne!(e.status.code(), Some(0));
    assert!(
        text(&e.stderr).contains("another curve"),
        "{}",
        text(&e.stderr)
    );
}

/// `peregrine enc` for Camellia and SM4 against `openssl enc`, byte for
/// byte, both directions, with and without padding.
#[test]
fn enc_camellia_sm4_match_openssl() {
    if !openssl_for("enc_camellia_sm4_match_openssl") {
        return;
    }
    let key = "0123456789abcdeff0e1d2c3b4a59687a1b2c3d4e5f60718293a4b5c6d7e8f90";
    let iv = "fedcba98765432100123456789abcdef";
    let data = xorshift_bytes(1000, 13);
    let mut compared = 0;
    for name in CAMELLIA_SM4_ENC {
        let klen = if name.starts_with("sm4") {
            16
        } else {
            let bits: String = name
                .chars()
                .filter(|c| c.is_ascii_digit())
                .take(3)
                .collect();
            bits.parse::<usize>().unwrap() / 8
        };
        let ecb = name.ends_with("ecb");
        let block = ecb || name.ends_with("cbc") || !name.contains('-');
        for nopad in [false, true] {
            if nopad && !block {
                continue;
            }
            for len in [0usize, 16, 17, 999] {
                if nopad && len % 16 != 0 {
                    continue;
                }
                let mut args = vec![format!("-{name}"), "-K".into(), key[..2 * klen].to_string()];
                if !ecb {
                    args.extend(["-iv".to_string(), iv.to_string()]);
                }
                if nopad {
                    args.push("-nopad".into());
                }
                let mut o = Command::new("openssl");
                o.arg("enc").args(&args);
                let theirs = run_with_stdin(o, &data[..len]);
                assert!(
                    theirs.status.success(),
                    "openssl {args:?}: {}",
                    text(&theirs.stderr)
                );
                let mut p = cmd();
                p.arg("enc").args(&args);
                let ours = run_with_stdin(p, &data[..len]);
                assert!(
                    ours.status.success(),
                    "{args:?} {len}: {}",
                    text(&ours.stderr)
                );
                assert_eq!(ours.stdout, theirs.stdout, "{args:?} len {len}");
                let mut d = cmd();
                d.arg("enc").arg("-d").args(&args);
                let back = run_with_stdin(d, &ours.stdout);
                assert!(back.status.success(), "{args:?} -d: {}", text(&back.stderr));
                assert_eq!(back.stdout, &data[..len], "{args:?} -d len {len}");
                compared += 1;
            }
        }
    }
    eprintln!("{compared} Camellia/SM4 enc cases identical to openssl");
    assert!(compared > 50);
}

const CAMELLIA_SM4_ENC: &[&str] = &[
    "camellia-128-ecb",
    "camellia-192-ecb",
    "camellia-256-ecb",
    "camellia-128-cbc",
    "camellia-192-cbc",
    "camellia-256-cbc",
    "camellia128",
    "camellia192",
    "camellia256",
    "camellia-128-ctr",
    "camellia-192-ctr",
    "camellia-256-ctr",
    "sm4-ecb",
    "sm4-cbc",
    "sm4",
    "sm4-ctr",
];

/// `speed tls WORD...` keeps the rows whose name has every word; words
/// that match no row are a usage error that lists the rows.
#[test]
fn speed_tls_selects_rows() {
    let o = peregrine(&[
        "speed",
        "tls",
        "--seconds",
        "0.01",
        "--reps",
        "1",
        "resumed",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("handshake") || l.starts_with("record"))
        .collect();
    assert_eq!(rows.len(), 1, "{out}");
    assert!(rows[0].starts_with("handshake resumed"), "{out}");
    let o = peregrine(&["speed", "tls", "--seconds", "0.01", "record", "CHACHA20"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let rows = out.lines().filter(|l| l.starts_with("record")).count();
    assert_eq!(rows, 2, "{out}");
    assert!(!out.contains("handshake "), "{out}");
    let o = peregrine(&["speed", "tls", "nosuchrow"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains("handshake full"),
        "{}",
        text(&o.stderr)
    );
}
