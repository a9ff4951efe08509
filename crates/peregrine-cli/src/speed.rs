//! `peregrine speed`: throughput in the `openssl speed` tradition.
//!
//! For each algorithm, backend and block size the chosen operation (a
//! one-shot hash, or an HMAC with the key set up beforehand) runs back to
//! back for `--seconds` of wall time after a short warm-up; the table shows
//! thousands of bytes per second like openssl's. Progress goes to stderr,
//! results to stdout.

use peregrine::registry::{ALGORITHMS, Algorithm, BenchFn, BenchOptions, Kind};
use std::hint::black_box;
use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use crate::{Fail, Usage};

const DEFAULT_SIZES: &[usize] = &[16, 64, 256, 1024, 8192, 16384];
/// `--aead`: TLS-shaped records, as `openssl speed -aead` sizes them.
const AEAD_SIZES: &[usize] = &[2, 31, 136, 1024, 8192, 16384];
const MAX_SIZE: usize = 64 << 20;

#[derive(Debug, Clone, PartialEq)]
enum ImplChoice {
    Best,
    All,
    Named(String),
}

#[derive(Debug)]
struct Options {
    algs: Vec<&'static Algorithm>,
    seconds: f64,
    sizes: Vec<usize>,
    imp: ImplChoice,
    json: bool,
    peers: bool,
    decrypt: bool,
    aead: bool,
}

/// The options `speed` takes, for error messages.
const OPTIONS: &str =
    "--seconds S, --bytes N[,N...], --impl best|all|NAME, --decrypt, --json, --peers, --help";

/// What `parse` found: options to run with, or a request for help.
#[derive(Debug)]
enum Parsed {
    Run(Options),
    Help,
}

fn parse(args: &[String]) -> Result<Parsed, Usage> {
    let mut o = Options {
        algs: Vec::new(),
        seconds: 1.0,
        sizes: DEFAULT_SIZES.to_vec(),
        imp: ImplChoice::Best,
        json: false,
        peers: false,
        decrypt: false,
        aead: false,
    };
    let mut sizes_given = false;
    let mut seen: Vec<&str> = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let (flag, inline) = match a.split_once('=') {
            Some((f, v)) if f.starts_with('-') => (f, Some(v.to_string())),
            _ => (a.as_str(), None),
        };
        // Accept openssl's single-dash spelling of the valued options too.
        let flag = match flag {
            "-seconds" => "--seconds",
            "-bytes" => "--bytes",
            "-decrypt" => "--decrypt",
            "-aead" => "--aead",
            f => f,
        };
        if flag.starts_with('-') {
            if seen.contains(&flag) {
                return Err(Usage(format!("speed: {flag} given twice")));
            }
            seen.push(flag);
        }
        let no_value = |inline: &Option<String>| match inline {
            Some(v) => Err(Usage(format!(
                "speed: {flag} takes no value (got '{flag}={v}')"
            ))),
            None => Ok(()),
        };
        let mut value = || -> Result<String, Usage> {
            inline
                .clone()
                .or_else(|| it.next().cloned())
                .ok_or_else(|| Usage(format!("speed: {flag} needs a value")))
        };
        match flag {
            "--seconds" => {
                let v = value()?;
                o.seconds = v
                    .parse::<f64>()
                    .ok()
                    .filter(|s| s.is_finite() && *s > 0.0 && *s <= 3600.0)
                    .ok_or_else(|| {
                        Usage(format!(
                            "speed: --seconds wants a number of seconds in (0, 3600], not '{v}'"
                        ))
                    })?;
            }
            "--bytes" => {
                o.sizes = parse_sizes(&value()?)?;
                sizes_given = true;
            }
            "--impl" => {
                let v = value()?.to_ascii_lowercase();
                o.imp = match v.as_str() {
                    "best" => ImplChoice::Best,
                    "all" => ImplChoice::All,
                    "" => {
                        return Err(Usage(
                            "speed: --impl wants best, all or a backend name".into(),
                        ));
                    }
                    _ => ImplChoice::Named(v),
                };
            }
            "--json" => {
                no_value(&inline)?;
                o.json = true;
            }
            "--decrypt" => {
                no_value(&inline)?;
                o.decrypt = true;
            }
            "--aead" => {
                no_value(&inline)?;
                o.aead = true;
            }
            "--peers" => {
                no_value(&inline)?;
                if !crate::peers::ENABLED {
                    return Err(Usage(
                        "speed: --peers needs a build with the peers feature: cargo run --release --features peers -- speed --peers ...".into(),
                    ));
                }
                o.peers = true;
            }
            "-h" | "--help" => return Ok(Parsed::Help),
            f if f.starts_with('-') => {
                return Err(Usage(format!(
                    "speed: unknown option '{f}' (options: {OPTIONS})"
                )));
            }
            name => match peregrine::registry::find(name) {
                Some(alg) if o.algs.iter().any(|x| x.name == alg.name) => {
                    return Err(Usage(format!("speed: {} given twice", alg.name)));
                }
                Some(alg) => o.algs.push(alg),
                None => {
                    return Err(Usage(format!(
                        "speed: unknown algorithm '{name}' (known: {})",
                        crate::known_names(None)
                    )));
                }
            },
        }
    }
    if o.aead && !sizes_given {
        // openssl speed -aead's record sizes.
        o.sizes = AEAD_SIZES.to_vec();
    }
    if o.algs.is_empty() {
        // With --decrypt, the algorithms that have a decrypt direction.
        o.algs = ALGORITHMS
            .iter()
            .filter(|a| (!o.decrypt || a.kind.has_decrypt()) && (!o.aead || a.kind == Kind::Aead))
            .collect();
    }
    if let Some(a) = o.algs.iter().find(|a| o.aead && a.kind != Kind::Aead) {
        return Err(Usage(format!(
            "speed: --aead measures AEADs; {} is not one",
            a.name
        )));
    }
    if let Some(a) = o.algs.iter().find(|a| o.decrypt && !a.kind.has_decrypt()) {
        return Err(Usage(format!(
            "speed: --decrypt measures ciphers; {} has no decrypt direction",
            a.name
        )));
    }
    for a in &o.algs {
        if let Some(&bad) = o.sizes.iter().find(|&&n| !a.accepts_size(n)) {
            return Err(Usage(if a.min_size > 0 {
                format!(
                    "speed: {} needs sizes of at least {} bytes, not {bad}",
                    a.name, a.min_size
                )
            } else {
                format!(
                    "speed: {} needs sizes that are multiples of {} bytes, not {bad}",
                    a.name, a.size_multiple
                )
            }));
        }
    }
    Ok(Parsed::Run(o))
}

fn parse_sizes(v: &str) -> Result<Vec<usize>, Usage> {
    let mut sizes = Vec::new();
    for part in v.split(',') {
        let part = part.trim();
        let n = part
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=MAX_SIZE).contains(n))
            .ok_or_else(|| {
                Usage(format!(
                    "speed: --bytes wants sizes from 1 to {MAX_SIZE}, not '{part}'"
                ))
            })?;
        if sizes.contains(&n) {
            return Err(Usage(format!("speed: --bytes lists {n} twice")));
        }
        sizes.push(n);
    }
    Ok(sizes)
}

/// One measured cell.
struct Cell {
    size: usize,
    iterations: u64,
    seconds: f64,
    /// Messages of `size` bytes per iteration (8 for `sha256-many`).
    messages: usize,
}

impl Cell {
    fn bytes_per_second(&self) -> f64 {
        self.iterations as f64 * (self.size * self.messages) as f64 / self.seconds
    }
}

struct Row {
    alg: &'static Algorithm,
    /// The backend, or for a peer library its label.
    imp: &'static str,
    cells: Vec<Cell>,
}

/// Runs `f` on `data` for at least `budget`, checking the clock only
/// between batches whose size grows until one takes about a millisecond.
fn measure(f: &mut BenchFn, data: &mut [u8], budget: Duration) -> (u64, f64) {
    let mut sink = 0u8;
    let mut batch: u64 = 1;
    let mut iterations = 0u64;
    let start = Instant::now();
    loop {
        let t = Instant::now();
        for _ in 0..batch {
            sink ^= f(black_box(&mut *data));
        }
        iterations += batch;
        let now = Instant::now();
        if now - start >= budget {
            black_box(sink);
            return (iterations, (now - start).as_secs_f64());
        }
        if now - t < Duration::from_millis(1) {
            batch = batch.saturating_mul(2);
        }
    }
}

/// The backends of `alg` to run for `choice`, or why not.
fn backends(alg: &Algorithm, choice: &ImplChoice) -> Result<Vec<&'static str>, String> {
    let impls = alg.impls();
    match choice {
        ImplChoice::Best => Ok(vec![alg.best()]),
        ImplChoice::All => {
            for s in impls.iter().filter(|s| !s.available && s.compiled) {
                crate::progress(format_args!(
                    "{} [{}]: skipped, needs {} (effective CPU features: {})\n",
                    alg.name,
                    s.name,
                    s.needs,
                    peregrine::cpu::effective()
                ));
            }
            Ok(impls
                .iter()
                .filter(|s| s.available)
                .map(|s| s.name)
                .collect())
        }
        ImplChoice::Named(n) => match impls.iter().find(|s| s.name == n) {
            Some(s) if s.available => Ok(vec![s.name]),
            Some(s) if !s.compiled => Err(format!(
                "{} [{}] is not built for this architecture ({})",
                alg.name,
                s.name,
                std::env::consts::ARCH
            )),
            Some(s) => Err(format!(
                "{} [{}] cannot run here: it needs {} (effective CPU features: {})",
                alg.name,
                s.name,
                s.needs,
                peregrine::cpu::effective()
            )),
            None => Err(format!(
                "{} has no backend '{n}' (backends: {})",
                alg.name,
                impls.iter().map(|s| s.name).collect::<Vec<_>>().join(", ")
            )),
        },
    }
}

pub fn run(args: &[String], out: &mut dyn Write) -> Result<ExitCode, Fail> {
    let o = match parse(args)? {
        Parsed::Run(o) => o,
        Parsed::Help => {
            writeln!(out, "{}", crate::USAGE)?;
            return Ok(ExitCode::SUCCESS);
        }
    };

    // Decide everything before measuring, so a bad --impl fails at once.
    let mut plan: Vec<(&'static Algorithm, Vec<&'static str>)> = Vec::new();
    for &alg in &o.algs {
        match backends(alg, &o.imp) {
            Ok(b) => plan.push((alg, b)),
            Err(msg) if o.algs.len() == 1 || matches!(o.imp, ImplChoice::Best) => {
                return Err(Usage(format!("speed: {msg}")).into());
            }
            // `--impl NAME` over several algorithms: run those that have it.
            Err(msg) => crate::progress(format_args!("speed: {msg}; skipping {}\n", alg.name)),
        }
    }
    if plan.iter().all(|(_, b)| b.is_empty()) {
        return Err(Usage("speed: nothing to run with these options".into()).into());
    }

    let max = *o.sizes.iter().max().expect("at least one size");
    // Deterministic, non-trivial input.
    let mut data: Vec<u8> = (0..max as u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect();
    let budget = Duration::from_secs_f64(o.seconds);
    let warmup = Duration::from_secs_f64((o.seconds * 0.1).min(0.2));

    if !o.json {
        writeln!(out, "{}", header())?;
        if o.decrypt {
            writeln!(out, "direction: decrypt")?;
        }
        out.flush()?;
    }
    let peers = if o.peers {
        crate::peers::all()
    } else {
        Vec::new()
    };
    let mut rows = Vec::new();
    let mut pk_rows = Vec::new();
    for (alg, imps) in &plan {
        if let Kind::PublicKey(ops) = alg.kind {
            for &imp in imps {
                let make = |opts: &BenchOptions| alg.bench(imp, opts);
                pk_rows.push(measure_pk(alg, imp, ops, &make, budget, warmup, &o));
            }
            for p in peers.iter().filter(|p| p.alg == alg.name) {
                pk_rows.push(measure_pk(alg, p.label, ops, &p.bench, budget, warmup, &o));
            }
            continue;
        }
        // Planned backends are available (features are never added back);
        // a missing one would be skipped, never a panic.
        let opts = BenchOptions {
            decrypt: o.decrypt,
            tls_aad: o.aead,
            op: 0,
        };
        let mut runs: Vec<(&'static str, BenchFn)> = imps
            .iter()
            .filter_map(|&imp| Some((imp, alg.bench(imp, &opts)?)))
            .collect();
        runs.extend(
            peers
                .iter()
                .filter(|p| p.alg == alg.name)
                .filter_map(|p| Some((p.label, (p.bench)(&opts)?))),
        );
        for (imp, mut f) in runs {
            let mut cells = Vec::new();
            for &size in &o.sizes {
                crate::progress(format_args!(
                    "Doing {} [{imp}] for {}s on {size} size blocks: ",
                    alg.name, o.seconds
                ));
                measure(&mut f, &mut data[..size], warmup);
                let (iterations, seconds) = measure(&mut f, &mut data[..size], budget);
                crate::progress(format_args!(
                    "{iterations} {} ops in {seconds:.2}s\n",
                    alg.name
                ));
                cells.push(Cell {
                    size,
                    iterations,
                    seconds,
                    messages: alg.messages_per_call,
                });
            }
            rows.push(Row { alg, imp, cells });
        }
    }

    if o.json {
        writeln!(out, "{}", json(&rows, &pk_rows, o.decrypt))?;
    } else {
        if !rows.is_empty() {
            write!(out, "{}", table(&o.sizes, &rows))?;
        }
        write!(out, "{}", pk_tables(&pk_rows))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// One measured public-key operation: `None` when the backend could not
/// set it up (shown as such, never dropped).
struct PkCell {
    op: &'static str,
    result: Option<(u64, f64)>,
}

impl PkCell {
    fn per_second(&self) -> Option<f64> {
        self.result.map(|(n, s)| n as f64 / s)
    }
}

struct PkRow {
    alg: &'static Algorithm,
    imp: &'static str,
    cells: Vec<PkCell>,
}

/// Times each operation of a public-key row for the budget, one
/// operation per call (the buffer is unused).
fn measure_pk(
    alg: &'static Algorithm,
    imp: &'static str,
    ops: &'static [&'static str],
    make: &dyn Fn(&BenchOptions) -> Option<BenchFn>,
    budget: Duration,
    warmup: Duration,
    o: &Options,
) -> PkRow {
    let mut cells = Vec::new();
    for (i, &op) in ops.iter().enumerate() {
        let opts = BenchOptions {
            decrypt: false,
            tls_aad: false,
            op: i,
        };
        crate::progress(format_args!(
            "Doing {} [{imp}] {op} for {}s: ",
            alg.name, o.seconds
        ));
        let result = make(&opts).map(|mut f| {
            measure(&mut f, &mut [], warmup);
            measure(&mut f, &mut [], budget)
        });
        match result {
            Some((n, secs)) => crate::progress(format_args!("{n} {op}s in {secs:.2}s\n")),
            None => crate::progress(format_args!("not available on this backend\n")),
        }
        cells.push(PkCell { op, result });
    }
    PkRow { alg, imp, cells }
}

/// openssl-style tables for the public-key rows: seconds per operation,
/// then operations per second, one table per set of operations.
fn pk_tables(rows: &[PkRow]) -> String {
    let mut s = String::new();
    let mut groups: Vec<Vec<&PkRow>> = Vec::new();
    for r in rows {
        let ops: Vec<&str> = r.cells.iter().map(|c| c.op).collect();
        match groups
            .iter_mut()
            .find(|g| g[0].cells.iter().map(|c| c.op).eq(ops.iter().copied()))
        {
            Some(g) => g.push(r),
            None => groups.push(vec![r]),
        }
    }
    for g in groups {
        let label = |r: &PkRow| format!("{} [{}]", r.alg.name, r.imp);
        let width = g.iter().map(|r| label(r).len()).max().unwrap_or(0).max(20);
        s.push_str(&format!("{:<width$}", ""));
        for c in &g[0].cells {
            s.push_str(&format!(" {:>10}", c.op));
        }
        for c in &g[0].cells {
            s.push_str(&format!(" {:>10}", format!("{}/s", short(c.op))));
        }
        s.push('\n');
        for r in g {
            s.push_str(&format!("{:<width$}", label(r)));
            for c in &r.cells {
                let v = c
                    .per_second()
                    .map_or("n/a".to_string(), |p| format!("{:.6}s", 1.0 / p));
                s.push_str(&format!(" {v:>10}"));
            }
            for c in &r.cells {
                let v = c
                    .per_second()
                    .map_or("n/a".to_string(), |p| format!("{p:.1}"));
                s.push_str(&format!(" {v:>10}"));
            }
            s.push('\n');
        }
    }
    s
}

/// openssl's short column names for the per-second columns.
fn short(op: &str) -> &str {
    match op {
        "encrypt" => "encr.",
        "decrypt" => "decr.",
        o => o,
    }
}

fn header() -> String {
    let mut s = String::new();
    s.push_str(&crate::build_line());
    s.push('\n');
    s.push_str(&crate::info::cpu_lines());
    let choices: Vec<String> = ALGORITHMS
        .iter()
        .map(|a| format!("{}={}", a.name, a.best()))
        .collect();
    s.push_str(&format!("backends (best): {}\n", choices.join(" ")));
    s
}

fn table(sizes: &[usize], rows: &[Row]) -> String {
    let label = |r: &Row| format!("{} [{}]", r.alg.name, r.imp);
    let width = rows
        .iter()
        .map(|r| label(r).len())
        .max()
        .unwrap_or(4)
        .max(20);
    let heads: Vec<String> = sizes.iter().map(|n| format!("{n} bytes")).collect();
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            r.cells
                .iter()
                .map(|c| format!("{:.2}k", c.bytes_per_second() / 1000.0))
                .collect()
        })
        .collect();
    // Each column as wide as its widest entry (at least openssl's 13).
    let col: Vec<usize> = (0..sizes.len())
        .map(|i| {
            cells
                .iter()
                .map(|r| r[i].len())
                .chain([heads[i].len(), 13])
                .max()
                .unwrap_or(13)
        })
        .collect();
    let mut s = String::from("The 'numbers' are in 1000s of bytes per second processed.\n");
    s.push_str(&format!("{:<width$}", "type"));
    for (h, w) in heads.iter().zip(&col) {
        s.push_str(&format!(" {h:>w$}"));
    }
    s.push('\n');
    for (r, row) in rows.iter().zip(&cells) {
        s.push_str(&format!("{:<width$}", label(r)));
        for (c, w) in row.iter().zip(&col) {
            s.push_str(&format!(" {c:>w$}"));
        }
        s.push('\n');
    }
    s
}

fn json_str(s: &str) -> String {
    let mut out = String::from("\"");
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn json(rows: &[Row], pk_rows: &[PkRow], decrypt: bool) -> String {
    let cpu = peregrine::cpu::effective();
    let names = |c: peregrine::cpu::Caps| {
        c.iter()
            .map(|f| json_str(f.name()))
            .collect::<Vec<_>>()
            .join(",")
    };
    let mut s = format!(
        "{{\"peregrine\":{},\"target\":{},\"rustc\":{},\"profile\":{},\"cpu_detected\":[{}],\"cpu_effective\":[{}],\"peregrine_cpu\":{},\"results\":[",
        json_str(env!("CARGO_PKG_VERSION")),
        json_str(env!("PEREGRINE_TARGET")),
        json_str(env!("PEREGRINE_RUSTC")),
        json_str(env!("PEREGRINE_PROFILE")),
        names(peregrine::cpu::detected()),
        names(cpu),
        peregrine::cpu::override_value().map_or("null".to_string(), |v| json_str(&v)),
    );
    let mut first = true;
    for r in rows {
        for c in &r.cells {
            if !first {
                s.push(',');
            }
            first = false;
            s.push_str(&format!(
                "\n{{\"algorithm\":{},\"impl\":{},\"size\":{},\"messages_per_call\":{},\"iterations\":{},\"seconds\":{:.6},\"bytes_per_second\":{:.1}{}}}",
                json_str(r.alg.name),
                json_str(r.imp),
                c.size,
                c.messages,
                c.iterations,
                c.seconds,
                c.bytes_per_second(),
                if r.alg.kind.has_decrypt() {
                    if decrypt {
                        ",\"direction\":\"decrypt\""
                    } else {
                        ",\"direction\":\"encrypt\""
                    }
                } else {
                    ""
                }
            ));
        }
    }
    for r in pk_rows {
        for c in &r.cells {
            if !first {
                s.push(',');
            }
            first = false;
            let (n, secs, rate) = match c.result {
                Some((n, secs)) => (
                    n.to_string(),
                    format!("{secs:.6}"),
                    format!("{:.3}", n as f64 / secs),
                ),
                None => ("null".into(), "null".into(), "null".into()),
            };
            s.push_str(&format!(
                "\n{{\"algorithm\":{},\"impl\":{},\"operation\":{},\"iterations\":{n},\"seconds\":{secs},\"ops_per_second\":{rate}}}",
                json_str(r.alg.name),
                json_str(r.imp),
                json_str(c.op),
            ));
        }
    }
    s.push_str("\n]}");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn parses_options() {
        let Parsed::Run(o) = parse(&args(&[
            "sha256",
            "--seconds",
            "0.5",
            "--bytes=16,64",
            "--impl",
            "all",
            "--json",
        ]))
        .unwrap() else {
            panic!("not a run")
        };
        assert_eq!(o.algs.len(), 1);
        assert_eq!(o.seconds, 0.5);
        assert_eq!(o.sizes, [16, 64]);
        assert_eq!(o.imp, ImplChoice::All);
        assert!(o.json);
        let Parsed::Run(all) = parse(&[]).unwrap() else {
            panic!("not a run")
        };
        assert_eq!(all.algs.len(), ALGORITHMS.len());
        assert!(matches!(parse(&args(&["--help"])).unwrap(), Parsed::Help));
        let Parsed::Run(o) = parse(&args(&["-seconds", "2", "--impl", "SOFT"])).unwrap() else {
            panic!("not a run")
        };
        assert_eq!((o.seconds, o.imp), (2.0, ImplChoice::Named("soft".into())));
    }

    #[test]
    fn rejects_bad_input() {
        for bad in [
            &["nope"][..],
            &["--seconds", "0"],
            &["--seconds", "inf"],
            &["--seconds"],
            &["--bytes", "0"],
            &["--bytes", "16,x"],
            &["--frobnicate"],
            &["--impl", ""],
            &["--json=false"],
            &["--bytes", "16,16"],
            &["--bytes", "16", "--bytes", "64"],
            &["sha256", "sha2-256"],
        ] {
            assert!(parse(&args(bad)).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn named_impl_must_exist_and_run() {
        let sha = peregrine::registry::find("sha256").unwrap();
        assert!(backends(sha, &ImplChoice::Named("soft".into())).is_ok());
        assert!(
            backends(sha, &ImplChoice::Named("aesni".into()))
                .unwrap_err()
                .contains("no backend")
        );
        let all = backends(sha, &ImplChoice::All).unwrap();
        assert!(all.contains(&"soft"));
    }

    #[test]
    fn json_escapes() {
        assert_eq!(json_str("a\"b\\c\n"), "\"a\\\"b\\\\c\\u000a\"");
    }
}
