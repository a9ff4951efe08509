//! `peregrine speed`: throughput in the `openssl speed` tradition, with the
//! spread shown.
//!
//! Every figure is the median of `--reps` timed repetitions (after one
//! warm-up per backend and size), each a slice of `--seconds / --reps` of
//! wall time. The backends and peer libraries of one algorithm and size are
//! measured in a randomized order that changes every repetition, so a
//! machine that gets busier half way through hurts every contender alike.
//! Wall and CPU time are both kept (a row where they differ by more than
//! 10% is flagged: the machine was busy), and cycles are estimated from a
//! calibrated clock ([`clock`]). Progress goes to stderr, results to stdout.
//!
//! `speed compare BEFORE.json AFTER.json` compares two `--json` reports
//! ([`compare`]); the JSON schema is in [`schema`].

mod clock;
mod compare;
mod output;
mod plot;
mod schema;
mod stats;
mod svg;
mod tls;

use peregrine::registry::{ALGORITHMS, Algorithm, BenchFn, BenchOptions, Kind};
use std::hint::black_box;
use std::io::{IsTerminal, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Barrier;
use std::time::{Duration, Instant};

use crate::{Fail, Usage};
use clock::Calibration;
use schema::{Header, Ratio, Report, Row, RunOptions, Status};
use stats::Summary;

const DEFAULT_SIZES: &[usize] = &[16, 64, 256, 1024, 8192, 16384];
/// `--aead`: TLS-shaped records, as `openssl speed -aead` sizes them.
const AEAD_SIZES: &[usize] = &[2, 31, 136, 1024, 8192, 16384];
const MAX_SIZE: usize = 64 << 20;
/// `--cold` walks a buffer this large, so the input is not in any cache.
const COLD_BYTES: usize = 64 << 20;
const DEFAULT_REPS: usize = 5;
/// `--quick`: the whole default set in well under 30 seconds.
const QUICK_SECONDS: f64 = 0.03;
const QUICK_REPS: usize = 3;
/// CPU and wall time further apart than this flag a row as busy.
const BUSY: f64 = 0.10;
/// openssl's `-misalign` limit.
const MAX_MISALIGN: usize = 63;
const MAX_THREADS: usize = 256;

#[derive(Debug, Clone, PartialEq)]
enum ImplChoice {
    Best,
    All,
    Named(String),
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Format {
    Text,
    Json,
    Csv,
    Mr,
}

#[derive(Debug)]
struct Options {
    algs: Vec<&'static Algorithm>,
    seconds: f64,
    reps: usize,
    sizes: Vec<usize>,
    imp: ImplChoice,
    format: Format,
    stats: bool,
    plot: Option<PathBuf>,
    plot_scale: plot::Scale,
    peers: bool,
    decrypt: bool,
    aead: bool,
    cpu_time: bool,
    threads: usize,
    misalign: usize,
    cold: bool,
    quick: bool,
    quiet: bool,
    seed: Option<u64>,
}

/// The options `speed` takes, for error messages.
const OPTIONS: &str = "--seconds S, --reps N, --bytes N[,N...], --impl best|all|NAME, --decrypt, --aead, \
--multi N, --misalign K, --cold, --quick, --cpu-time, --stats, --json, --csv, --mr, --plot FILE.svg, \
--plot-log, --plot-linear, --peers, --seed N, --quiet, --help; \
or: speed compare BEFORE.json AFTER.json [--plot FILE.svg]";

/// What `parse` found: options to run with, or a request for help.
#[derive(Debug)]
enum Parsed {
    Run(Box<Options>),
    Help,
}

fn number<T>(flag: &str, v: &str, lo: T, hi: T, what: &str) -> Result<T, Usage>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy,
{
    v.parse::<T>()
        .ok()
        .filter(|n| *n >= lo && *n <= hi)
        .ok_or_else(|| {
            Usage(format!(
                "speed: {flag} wants {what} from {lo} to {hi}, not '{v}'"
            ))
        })
}

fn parse(args: &[String]) -> Result<Parsed, Usage> {
    let mut o = Options {
        algs: Vec::new(),
        seconds: 1.0,
        reps: DEFAULT_REPS,
        sizes: DEFAULT_SIZES.to_vec(),
        imp: ImplChoice::Best,
        format: Format::Text,
        stats: false,
        plot: None,
        plot_scale: plot::Scale::Auto,
        peers: false,
        decrypt: false,
        aead: false,
        cpu_time: false,
        threads: 1,
        misalign: 0,
        cold: false,
        quick: false,
        quiet: false,
        seed: None,
    };
    let (mut sizes_given, mut seconds_given, mut reps_given) = (false, false, false);
    let mut seen: Vec<&str> = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let (flag, inline) = match a.split_once('=') {
            Some((f, v)) if f.starts_with('-') => (f, Some(v.to_string())),
            _ => (a.as_str(), None),
        };
        // Accept openssl's single-dash spelling of its options too.
        let flag = match flag {
            "-seconds" => "--seconds",
            "-bytes" => "--bytes",
            "-decrypt" => "--decrypt",
            "-aead" => "--aead",
            "-multi" => "--multi",
            "-misalign" => "--misalign",
            "-mr" => "--mr",
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
        let format = |f: Format, o: &mut Options| {
            if o.format != Format::Text {
                return Err(Usage(
                    "speed: choose one of --json, --csv and --mr".to_string(),
                ));
            }
            o.format = f;
            Ok(())
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
                seconds_given = true;
            }
            "--reps" => {
                o.reps = number("--reps", &value()?, 1, 1000, "a repetition count")?;
                reps_given = true;
            }
            "--multi" => {
                o.threads = number("--multi", &value()?, 1, MAX_THREADS, "a thread count")?;
            }
            "--misalign" => {
                o.misalign = number("--misalign", &value()?, 0, MAX_MISALIGN, "a byte offset")?;
            }
            "--seed" => {
                o.seed = Some(number("--seed", &value()?, 0, u64::MAX, "a number")?);
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
            "--plot" => {
                let v = value()?;
                if v.is_empty() {
                    return Err(Usage("speed: --plot needs a file name".into()));
                }
                o.plot = Some(PathBuf::from(v));
            }
            "--plot-log" | "--plot-linear" => {
                no_value(&inline)?;
                if o.plot_scale != plot::Scale::Auto {
                    return Err(Usage(
                        "speed: choose one of --plot-log and --plot-linear".into(),
                    ));
                }
                o.plot_scale = if flag == "--plot-log" {
                    plot::Scale::Log
                } else {
                    plot::Scale::Linear
                };
            }
            "--json" => {
                no_value(&inline)?;
                format(Format::Json, &mut o)?;
            }
            "--csv" => {
                no_value(&inline)?;
                format(Format::Csv, &mut o)?;
            }
            "--mr" => {
                no_value(&inline)?;
                format(Format::Mr, &mut o)?;
            }
            "--stats" => {
                no_value(&inline)?;
                o.stats = true;
            }
            "--cpu-time" => {
                no_value(&inline)?;
                o.cpu_time = true;
            }
            "--cold" => {
                no_value(&inline)?;
                o.cold = true;
            }
            "--quick" => {
                no_value(&inline)?;
                o.quick = true;
            }
            "--quiet" | "-q" => {
                no_value(&inline)?;
                o.quiet = true;
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
                        "speed: --peers needs a build with the peers feature: cargo run --release --features peers -- speed --peers ... (add peers-openssl for the system libcrypto)".into(),
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
                None => return Err(Usage(unknown_algorithm(name))),
            },
        }
    }
    if o.quick {
        if !seconds_given {
            o.seconds = QUICK_SECONDS;
        }
        if !reps_given {
            o.reps = QUICK_REPS;
        }
    }
    if o.plot_scale != plot::Scale::Auto && o.plot.is_none() {
        return Err(Usage(
            "speed: --plot-log and --plot-linear shape the --plot picture: give --plot FILE.svg"
                .into(),
        ));
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
        if matches!(a.kind, Kind::PublicKey(_)) {
            continue;
        }
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
    if o.cold && o.sizes.iter().any(|&n| n > COLD_BYTES / 4) {
        return Err(Usage(format!(
            "speed: --cold walks a {} MiB buffer; sizes must be at most {} bytes",
            COLD_BYTES >> 20,
            COLD_BYTES / 4
        )));
    }
    Ok(Parsed::Run(Box::new(o)))
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

/// Edit distance with adjacent transpositions (optimal string alignment),
/// for suggestions: "sha265" is one step from "sha256".
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = v;
        }
    }
    d[a.len()][b.len()]
}

/// The closest registered names to `name` (by edit distance, or names
/// that contain it), best first, at most four.
fn suggestions(name: &str) -> Vec<&'static str> {
    let q = name.to_ascii_lowercase();
    let mut scored: Vec<(usize, &'static str)> = ALGORITHMS
        .iter()
        .filter_map(|a| {
            let d = std::iter::once(a.name)
                .chain(a.aliases.iter().copied())
                .map(|n| {
                    let n = n.to_ascii_lowercase();
                    if n.contains(&q) || (q.len() >= 4 && q.contains(&n)) {
                        0
                    } else {
                        distance(&q, &n)
                    }
                })
                .min()?;
            (d <= (q.len() / 3).max(2)).then_some((d, a.name))
        })
        .collect();
    scored.sort();
    scored.into_iter().take(4).map(|(_, n)| n).collect()
}

fn unknown_algorithm(name: &str) -> String {
    let near = suggestions(name);
    if near.is_empty() {
        format!(
            "speed: unknown algorithm '{name}' (known: {})",
            crate::known_names(None)
        )
    } else {
        format!(
            "speed: unknown algorithm '{name}'; did you mean {}? ('peregrine info' lists them all)",
            near.join(", ")
        )
    }
}

/// The backends of `alg` to run for `choice`, or why not.
fn backends(
    alg: &Algorithm,
    choice: &ImplChoice,
    quiet: bool,
) -> Result<Vec<&'static str>, String> {
    let impls = alg.impls();
    match choice {
        ImplChoice::Best => Ok(vec![alg.best()]),
        ImplChoice::All => {
            for s in impls
                .iter()
                .filter(|s| !s.available && s.compiled && !quiet)
            {
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

/// How one contender builds its benchmark closure.
#[derive(Clone, Copy)]
enum Make {
    Ours(&'static Algorithm, &'static str),
    Peer(fn(&BenchOptions) -> Option<BenchFn>),
    /// The peer library lacks the algorithm: an `n/a` row.
    Missing,
}

#[derive(Clone, Copy)]
struct Runner {
    library: &'static str,
    backend: &'static str,
    make: Make,
}

impl Runner {
    fn build(&self, o: &BenchOptions) -> Option<BenchFn> {
        match self.make {
            Make::Ours(alg, imp) => alg.bench(imp, o),
            Make::Peer(f) => f(o),
            Make::Missing => None,
        }
    }
}

/// One timed repetition.
#[derive(Debug, Clone, Copy)]
struct Sample {
    iterations: u64,
    wall: f64,
    cpu: Option<f64>,
}

/// What one thread got for one contender.
#[derive(Debug, Clone)]
enum Outcome {
    Samples(Vec<Sample>),
    /// The closure could not be built (the peer or backend lacks it).
    Unavailable,
    Failed(String),
}

/// The buffer a benchmark call reads and writes: the same bytes every
/// call, or with `--cold` the next slice of a 64 MiB buffer. Slices start
/// `misalign` bytes past a 64-byte boundary.
struct Input {
    buf: Vec<u8>,
    base: usize,
    size: usize,
    stride: usize,
    next: usize,
    cold: bool,
}

impl Input {
    fn new(size: usize, misalign: usize, cold: bool) -> Input {
        let len = if cold { COLD_BYTES } else { size } + 128;
        // Deterministic, non-trivial input.
        let buf: Vec<u8> = (0..len as u32)
            .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
            .collect();
        let base = buf.as_ptr().align_offset(64).min(63) + misalign;
        Input {
            buf,
            base,
            size,
            stride: size.div_ceil(64).max(1) * 64,
            next: 0,
            cold,
        }
    }

    fn slice(&mut self) -> &mut [u8] {
        let mut at = self.base;
        if self.cold {
            if self.base + self.next + self.size > self.buf.len() {
                self.next = 0;
            }
            at += self.next;
            self.next += self.stride;
        }
        &mut self.buf[at..at + self.size]
    }
}

/// Runs `f` for at least `budget`, checking the clock only between batches
/// whose size grows until one takes about a millisecond.
fn measure(f: &mut BenchFn, input: &mut Input, budget: Duration) -> Sample {
    let mut sink = 0u8;
    let mut batch: u64 = 1;
    let mut iterations = 0u64;
    let cpu0 = clock::thread_cpu();
    let start = Instant::now();
    loop {
        let t = Instant::now();
        for _ in 0..batch {
            sink ^= f(black_box(input.slice()));
        }
        iterations += batch;
        let now = Instant::now();
        if now - start >= budget {
            black_box(sink);
            let cpu = match (cpu0, clock::thread_cpu()) {
                (Some(a), Some(b)) => Some((b.saturating_sub(a)).as_secs_f64()),
                _ => None,
            };
            return Sample {
                iterations,
                wall: (now - start).as_secs_f64(),
                cpu,
            };
        }
        if now - t < Duration::from_millis(1) {
            batch = batch.saturating_mul(2);
        }
    }
}

/// splitmix64: the order of the contenders, nothing secret.
struct Shuffle(u64);

impl Shuffle {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A random permutation of `0..n`.
    fn order(&mut self, n: usize) -> Vec<usize> {
        let mut v: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            let j = (self.next() % (i as u64 + 1)) as usize;
            v.swap(i, j);
        }
        v
    }
}

/// One cell: an algorithm at one size (or one public-key operation),
/// measured on every contender.
struct Job {
    alg: &'static Algorithm,
    runners: Vec<Runner>,
    size: usize,
    op: Option<(usize, &'static str)>,
}

/// Everything a run shares.
struct Plan<'a> {
    o: &'a Options,
    slice: Duration,
    warmup: Duration,
    progress: Progress,
}

/// Progress on stderr: a bar on a terminal, openssl's "Doing" lines (or
/// `+DT`/`+R` with `--mr`) otherwise, nothing with `--quiet`.
enum Progress {
    Bar(indicatif::ProgressBar),
    Lines { mr: bool },
    Quiet,
}

impl Progress {
    fn tick(&self, msg: &str) {
        if let Progress::Bar(b) = self {
            b.set_message(msg.to_string());
            b.inc(1);
        }
    }
}

fn panic_text(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "panicked".to_string())
}

/// Measures one job on `threads` threads; `[thread][runner]`.
fn run_job(job: &Job, plan: &Plan<'_>, orders: &[Vec<usize>]) -> Vec<Vec<Outcome>> {
    let o = plan.o;
    let opts = BenchOptions {
        decrypt: o.decrypt,
        tls_aad: o.aead,
        op: job.op.map_or(0, |(i, _)| i),
    };
    let barrier = Barrier::new(o.threads);
    let body = |thread: usize| -> Vec<Outcome> {
        let mut input = Input::new(job.size, o.misalign, o.cold);
        let mut fns: Vec<Option<BenchFn>> = Vec::new();
        let mut out: Vec<Outcome> = Vec::new();
        for r in &job.runners {
            match catch_unwind(AssertUnwindSafe(|| r.build(&opts))) {
                Ok(Some(mut f)) => {
                    match catch_unwind(AssertUnwindSafe(|| {
                        measure(&mut f, &mut input, plan.warmup)
                    })) {
                        // A warm-up of one call that took longer than a
                        // whole timed slice (an RSA-15360 signature) already
                        // is a sample: keep it, and skip one repetition.
                        Ok(w) if w.iterations == 1 && w.wall >= plan.slice.as_secs_f64() => {
                            fns.push(Some(f));
                            out.push(Outcome::Samples(vec![w]));
                        }
                        Ok(_) => {
                            fns.push(Some(f));
                            out.push(Outcome::Samples(Vec::new()));
                        }
                        Err(p) => {
                            fns.push(None);
                            out.push(Outcome::Failed(panic_text(&*p)));
                        }
                    }
                }
                Ok(None) => {
                    fns.push(None);
                    out.push(Outcome::Unavailable);
                }
                Err(p) => {
                    fns.push(None);
                    out.push(Outcome::Failed(panic_text(&*p)));
                }
            }
        }
        for order in orders {
            for &ri in order {
                // Every thread waits at every slot, working or not, so the
                // threads measure the same contender at the same time.
                barrier.wait();
                let Some(f) = fns[ri].as_mut() else { continue };
                if matches!(&out[ri], Outcome::Samples(v) if v.len() >= orders.len()) {
                    continue;
                }
                match catch_unwind(AssertUnwindSafe(|| measure(f, &mut input, plan.slice))) {
                    Ok(s) => {
                        if let Outcome::Samples(v) = &mut out[ri] {
                            v.push(s);
                        }
                    }
                    Err(p) => {
                        fns[ri] = None;
                        out[ri] = Outcome::Failed(panic_text(&*p));
                    }
                }
                if thread == 0 {
                    plan.progress
                        .tick(&format!("{} [{}]", job.alg.name, job.runners[ri].backend));
                }
            }
        }
        out
    };
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..o.threads).map(|t| s.spawn(move || body(t))).collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|p| vec![Outcome::Failed(panic_text(&*p)); job.runners.len()])
            })
            .collect()
    })
}

/// Per-repetition rates of `samples` in units per second.
fn rates(samples: &[Sample], units: f64, cpu_time: bool) -> Vec<f64> {
    samples
        .iter()
        .map(|s| {
            let t = if cpu_time {
                s.cpu.unwrap_or(s.wall)
            } else {
                s.wall
            };
            s.iterations as f64 * units / t.max(1e-9)
        })
        .collect()
}

/// The rows of one job: per contender one row, or with `--multi` one row
/// per thread and a sum.
fn job_rows(job: &Job, outcomes: &[Vec<Outcome>], o: &Options, cal: &Calibration) -> Vec<Row> {
    // Operations (a batch row counts each of its operations) or bytes.
    let units = match job.op {
        Some(_) => job.alg.messages_per_call as f64,
        None => (job.size * job.alg.messages_per_call) as f64,
    };
    let direction = job
        .alg
        .kind
        .has_decrypt()
        .then(|| if o.decrypt { "decrypt" } else { "encrypt" }.to_string());
    let mut rows = Vec::new();
    for (ri, r) in job.runners.iter().enumerate() {
        let base = Row {
            algorithm: job.alg.name.to_string(),
            library: r.library.to_string(),
            backend: r.backend.to_string(),
            size: job.op.is_none().then_some(job.size),
            operation: job.op.map(|(_, n)| n.to_string()),
            direction: direction.clone(),
            messages_per_call: job.alg.messages_per_call,
            thread: None,
            threads: 1,
            status: Status::Ok,
            reason: None,
            unit: if job.op.is_some() {
                "ops_per_second"
            } else {
                "bytes_per_second"
            }
            .to_string(),
            rate: None,
            samples: Vec::new(),
            iterations: 0,
            wall_seconds: 0.0,
            cpu_seconds: None,
            busy: false,
            cycles_per_unit: None,
            ratio: None,
        };
        let one = |outcome: &Outcome, thread: Option<usize>| -> Row {
            let mut row = base.clone();
            row.thread = thread;
            match outcome {
                Outcome::Samples(s) if !s.is_empty() => {
                    row.samples = rates(s, units, o.cpu_time);
                    row.rate = Summary::of(&row.samples);
                    row.iterations = s.iter().map(|x| x.iterations).sum();
                    row.wall_seconds = s.iter().map(|x| x.wall).sum();
                    row.cpu_seconds = s.iter().map(|x| x.cpu).sum::<Option<f64>>();
                    row.busy = row
                        .cpu_seconds
                        .is_some_and(|c| stats::disagree(row.wall_seconds, c, BUSY));
                    // Cycles from CPU time where there is a CPU clock: time
                    // the thread spent preempted is not its cycles.
                    let cpu_rate = Summary::of(&rates(s, units, true)).map(|x| x.median);
                    row.cycles_per_unit = cpu_rate.and_then(|w| cal.cycles(1.0 / w));
                    if o.cpu_time && row.cpu_seconds.is_none() {
                        row.reason = Some("no CPU clock here: wall time used".into());
                    }
                }
                Outcome::Samples(_) => {
                    row.status = Status::Skipped;
                    row.reason = Some("no repetitions ran".into());
                }
                Outcome::Unavailable => {
                    row.status = if r.library == "peregrine" {
                        Status::Skipped
                    } else {
                        Status::NotAvailable
                    };
                    row.reason = Some(match (r.make, job.op) {
                        (Make::Missing, _) => format!("{} has no {}", r.library, job.alg.name),
                        (_, Some((_, op))) => format!("no {op} operation"),
                        _ => "could not be set up".to_string(),
                    });
                }
                Outcome::Failed(msg) => {
                    row.status = Status::Failed;
                    row.reason = Some(format!("panicked: {msg}"));
                }
            }
            row
        };
        if o.threads == 1 {
            rows.push(one(&outcomes[0][ri], None));
            continue;
        }
        let per: Vec<Row> = (0..o.threads)
            .map(|t| one(&outcomes[t][ri], Some(t + 1)))
            .collect();
        let ok: Vec<&Row> = per.iter().filter(|r| r.status == Status::Ok).collect();
        let mut sum = base.clone();
        sum.threads = o.threads;
        if ok.is_empty() {
            // Every thread failed or skipped: the sum says so too.
            sum.status = per[0].status;
            sum.reason = per[0].reason.clone();
        } else {
            let reps = ok.iter().map(|r| r.samples.len()).min().unwrap_or(0);
            sum.samples = (0..reps)
                .map(|i| ok.iter().map(|r| r.samples[i]).sum())
                .collect();
            sum.rate = Summary::of(&sum.samples);
            sum.iterations = ok.iter().map(|r| r.iterations).sum();
            sum.wall_seconds = ok.iter().map(|r| r.wall_seconds).fold(0.0, f64::max);
            sum.cpu_seconds = ok.iter().map(|r| r.cpu_seconds).sum::<Option<f64>>();
            sum.busy = ok.iter().any(|r| r.busy);
            if ok.len() < per.len() {
                let bad: Vec<String> = per
                    .iter()
                    .filter(|r| r.status != Status::Ok)
                    .map(|r| format!("thread {} {}", r.thread.unwrap_or(0), status_word(r.status)))
                    .collect();
                sum.reason = Some(format!(
                    "sum of {} of {} threads ({})",
                    ok.len(),
                    per.len(),
                    bad.join(", ")
                ));
            }
        }
        rows.extend(per);
        rows.push(sum);
    }
    rows
}

fn status_word(s: Status) -> &'static str {
    match s {
        Status::Ok => "ok",
        Status::Skipped => "skipped",
        Status::Failed => "failed",
        Status::NotAvailable => "n/a",
    }
}

/// Ratio columns: each Peregrine backend against `soft` (when both ran),
/// each peer against Peregrine's first (best) backend, cell by cell.
fn add_ratios(rows: &mut [Row]) {
    for i in 0..rows.len() {
        if rows[i].status != Status::Ok || rows[i].thread.is_some() {
            continue;
        }
        let same = |a: &Row, b: &Row| {
            a.algorithm == b.algorithm
                && a.size == b.size
                && a.operation == b.operation
                && a.thread.is_none()
                && b.thread.is_none()
                && a.status == Status::Ok
        };
        let reference = if rows[i].library == "peregrine" {
            if rows[i].backend == "soft" {
                None
            } else {
                rows.iter()
                    .find(|r| same(r, &rows[i]) && r.library == "peregrine" && r.backend == "soft")
            }
        } else {
            rows.iter()
                .find(|r| same(r, &rows[i]) && r.library == "peregrine")
        };
        let ratio = reference.and_then(|r| {
            let against = if r.backend == "soft" {
                "soft".to_string()
            } else {
                format!("peregrine [{}]", r.backend)
            };
            Some(Ratio {
                against,
                value: rows[i].median()? / r.median()?,
            })
        });
        rows[i].ratio = ratio;
    }
}

fn header(o: &Options, cal: &Calibration, seed: u64, warmup: Duration) -> Header {
    let names = |c: peregrine::cpu::Caps| c.iter().map(|f| f.name().to_string()).collect();
    Header {
        peregrine: env!("CARGO_PKG_VERSION").to_string(),
        target: env!("PEREGRINE_TARGET").to_string(),
        rustc: env!("PEREGRINE_RUSTC").to_string(),
        profile: env!("PEREGRINE_PROFILE").to_string(),
        opt_level: env!("PEREGRINE_OPT_LEVEL").to_string(),
        cpu_detected: names(peregrine::cpu::detected()),
        cpu_effective: names(peregrine::cpu::effective()),
        peregrine_cpu: peregrine::cpu::override_value(),
        clock: cal.clone(),
        options: RunOptions {
            seconds: o.seconds,
            reps: o.reps,
            warmup_seconds: warmup.as_secs_f64(),
            threads: o.threads,
            misalign: o.misalign,
            cold: o.cold,
            decrypt: o.decrypt,
            aead: o.aead,
            quick: o.quick,
            time: if o.cpu_time { "cpu" } else { "wall" }.to_string(),
            seed,
        },
        peer_notes: if o.peers {
            crate::peers::notes()
        } else {
            Vec::new()
        },
    }
}

pub fn run(args: &[String], out: &mut dyn Write) -> Result<ExitCode, Fail> {
    if args.first().is_some_and(|a| a == "compare") {
        return compare::run(&args[1..], out);
    }
    if args.first().is_some_and(|a| a == "tls") {
        return tls::run(&args[1..], out);
    }
    let o = match parse(args)? {
        Parsed::Run(o) => o,
        Parsed::Help => {
            writeln!(out, "{}", crate::USAGE)?;
            return Ok(ExitCode::SUCCESS);
        }
    };

    // Decide everything before measuring, so a bad --impl fails at once.
    let peers = if o.peers {
        crate::peers::all()
    } else {
        Vec::new()
    };
    let mut libraries: Vec<&'static str> = Vec::new();
    for p in &peers {
        if !libraries.contains(&p.label) {
            libraries.push(p.label);
        }
    }
    let mut jobs: Vec<Job> = Vec::new();
    for &alg in &o.algs {
        let imps = match backends(alg, &o.imp, o.quiet) {
            Ok(b) => b,
            Err(msg) if o.algs.len() == 1 || matches!(o.imp, ImplChoice::Best) => {
                return Err(Usage(format!("speed: {msg}")).into());
            }
            // `--impl NAME` over several algorithms: run those that have it.
            Err(msg) => {
                if !o.quiet {
                    crate::progress(format_args!("speed: {msg}; skipping {}\n", alg.name));
                }
                continue;
            }
        };
        let mut runners: Vec<Runner> = imps
            .iter()
            .map(|&imp| Runner {
                library: "peregrine",
                backend: imp,
                make: Make::Ours(alg, imp),
            })
            .collect();
        for &lib in &libraries {
            let mine: Vec<&crate::peers::Peer> = peers
                .iter()
                .filter(|p| p.alg == alg.name && p.label == lib)
                .collect();
            if mine.is_empty() {
                runners.push(Runner {
                    library: lib,
                    backend: lib,
                    make: Make::Missing,
                });
            }
            runners.extend(mine.iter().map(|p| Runner {
                library: p.label,
                backend: p.label,
                make: Make::Peer(p.bench),
            }));
        }
        if imps.is_empty() {
            continue;
        }
        match alg.kind {
            Kind::PublicKey(ops) => {
                for (i, &op) in ops.iter().enumerate() {
                    jobs.push(Job {
                        alg,
                        runners: runners.clone(),
                        size: 0,
                        op: Some((i, op)),
                    });
                }
            }
            _ => {
                for &size in &o.sizes {
                    jobs.push(Job {
                        alg,
                        runners: runners.clone(),
                        size,
                        op: None,
                    });
                }
            }
        }
    }
    if jobs.is_empty() {
        return Err(Usage("speed: nothing to run with these options".into()).into());
    }
    if let Some(p) = &o.plot {
        plot::check_target(p).map_err(|e| Usage(format!("speed: --plot {}: {e}", p.display())))?;
    }

    let seed = o.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    let mut shuffle = Shuffle(seed);
    let slice = Duration::from_secs_f64(o.seconds / o.reps as f64);
    let warmup = Duration::from_secs_f64((o.seconds * 0.1).min(0.2));
    let cal = Calibration::measure(Duration::from_millis(if o.quick { 60 } else { 150 }));
    let slots: u64 = jobs
        .iter()
        .map(|j| {
            (j.runners
                .iter()
                .filter(|r| !matches!(r.make, Make::Missing))
                .count()
                * o.reps) as u64
        })
        .sum();
    let estimate = slots as f64 * slice.as_secs_f64();
    let progress = if o.quiet {
        Progress::Quiet
    } else if std::io::stderr().is_terminal() && estimate > 3.0 {
        let bar = indicatif::ProgressBar::new(
            jobs.iter().map(|j| (j.runners.len() * o.reps) as u64).sum(),
        );
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{elapsed_precise} [{bar:30}] {pos}/{len} {msg} (eta {eta})",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        Progress::Bar(bar)
    } else if std::io::stderr().is_terminal() {
        Progress::Quiet
    } else {
        Progress::Lines {
            mr: o.format == Format::Mr,
        }
    };
    let plan = Plan {
        o: &o,
        slice,
        warmup,
        progress,
    };
    let head = header(&o, &cal, seed, warmup);
    if o.format == Format::Text {
        write!(out, "{}", output::text_header(&head))?;
        out.flush()?;
    }

    let mut rows: Vec<Row> = Vec::new();
    for job in &jobs {
        let orders: Vec<Vec<usize>> = (0..o.reps)
            .map(|_| shuffle.order(job.runners.len()))
            .collect();
        let outcomes = run_job(job, &plan, &orders);
        let new = job_rows(job, &outcomes, &o, &cal);
        if let Progress::Lines { mr } = plan.progress {
            for r in new
                .iter()
                .filter(|r| r.thread.is_none() && r.status == Status::Ok)
            {
                let what = r
                    .operation
                    .clone()
                    .unwrap_or_else(|| format!("{} size blocks", job.size));
                if mr {
                    crate::progress(format_args!(
                        "+DT:{}:{}:{}\n+R:{}:{}:{:.6}\n",
                        r.label(),
                        o.seconds,
                        job.size,
                        r.iterations,
                        r.label(),
                        r.wall_seconds
                    ));
                } else {
                    crate::progress(format_args!(
                        "Doing {} for {}s on {what}: {} ops in {:.2}s\n",
                        r.label(),
                        o.seconds,
                        r.iterations,
                        r.wall_seconds
                    ));
                }
            }
        }
        rows.extend(new);
    }
    if let Progress::Bar(b) = &plan.progress {
        b.finish_and_clear();
    }
    add_ratios(&mut rows);
    let report = Report {
        schema: schema::SCHEMA.to_string(),
        version: schema::VERSION,
        header: head,
        rows,
    };
    match o.format {
        Format::Text => write!(out, "{}", output::text(&report, &o.sizes, o.stats))?,
        Format::Json => writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&report).map_err(std::io::Error::other)?
        )?,
        Format::Csv => write!(out, "{}", output::csv(&report))?,
        Format::Mr => write!(out, "{}", output::mr(&report, &o.sizes))?,
    }
    if let Some(p) = &o.plot {
        match plot::render(&report, p, o.plot_scale) {
            Ok(()) => {
                if !o.quiet {
                    crate::progress(format_args!("speed: plot written to {}\n", p.display()));
                }
            }
            Err(e) => {
                crate::progress(format_args!(
                    "peregrine: speed: --plot {}: {e}\n",
                    p.display()
                ));
                return Ok(ExitCode::FAILURE);
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    fn run_opts(v: &[&str]) -> Box<Options> {
        match parse(&args(v)).unwrap() {
            Parsed::Run(o) => o,
            Parsed::Help => panic!("not a run"),
        }
    }

    #[test]
    fn parses_options() {
        let o = run_opts(&[
            "sha256",
            "--seconds",
            "0.5",
            "--bytes=16,64",
            "--impl",
            "all",
            "--json",
            "--reps",
            "7",
            "--multi",
            "2",
            "--misalign",
            "3",
            "--cold",
            "--cpu-time",
            "--stats",
        ]);
        assert_eq!(o.algs.len(), 1);
        assert_eq!((o.seconds, o.reps, o.threads, o.misalign), (0.5, 7, 2, 3));
        assert_eq!(o.sizes, [16, 64]);
        assert_eq!(o.imp, ImplChoice::All);
        assert_eq!(o.format, Format::Json);
        assert!(o.cold && o.cpu_time && o.stats);
        let all = run_opts(&[]);
        assert_eq!(all.algs.len(), ALGORITHMS.len());
        assert_eq!((all.seconds, all.reps), (1.0, DEFAULT_REPS));
        assert!(matches!(parse(&args(&["--help"])).unwrap(), Parsed::Help));
        let o = run_opts(&["-seconds", "2", "--impl", "SOFT", "-mr"]);
        assert_eq!(
            (o.seconds, o.imp.clone()),
            (2.0, ImplChoice::Named("soft".into()))
        );
        assert_eq!(o.format, Format::Mr);
        let q = run_opts(&["--quick"]);
        assert_eq!((q.seconds, q.reps), (QUICK_SECONDS, QUICK_REPS));
        let q = run_opts(&["--quick", "--reps", "2"]);
        assert_eq!((q.seconds, q.reps), (QUICK_SECONDS, 2));
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
            &["--reps", "0"],
            &["--multi", "0"],
            &["--multi", "x"],
            &["--misalign", "64"],
            &["--json", "--csv"],
            &["--mr", "--json"],
            &["--plot", ""],
            &["--plot-log"],
            &["--plot", "x.svg", "--plot-log", "--plot-linear"],
            &["--plot", "x.svg", "--plot-log=yes"],
            &["--cold", "--bytes", "67108864"],
        ] {
            assert!(parse(&args(bad)).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn suggests_close_names() {
        assert_eq!(suggestions("sha265").first(), Some(&"sha256"));
        assert!(
            suggestions("aes128gcm").contains(&"aes-128-gcm"),
            "{:?}",
            suggestions("aes128gcm")
        );
        assert!(suggestions("chacha").contains(&"chacha20"));
        assert!(suggestions("zzzzzzzzzz").is_empty());
        let msg = unknown_algorithm("sha265");
        assert!(msg.contains("did you mean sha256"), "{msg}");
    }

    #[test]
    fn named_impl_must_exist_and_run() {
        let sha = peregrine::registry::find("sha256").unwrap();
        assert!(backends(sha, &ImplChoice::Named("soft".into()), true).is_ok());
        assert!(
            backends(sha, &ImplChoice::Named("aesni".into()), true)
                .unwrap_err()
                .contains("no backend")
        );
        let all = backends(sha, &ImplChoice::All, true).unwrap();
        assert!(all.contains(&"soft"));
    }

    #[test]
    fn shuffle_is_a_permutation_and_varies() {
        let mut s = Shuffle(7);
        let a = s.order(5);
        let mut sorted = a.clone();
        sorted.sort();
        assert_eq!(sorted, [0, 1, 2, 3, 4]);
        let orders: Vec<Vec<usize>> = (0..20).map(|_| s.order(5)).collect();
        assert!(orders.iter().any(|o| *o != a));
    }

    #[test]
    fn cold_input_walks_and_stays_aligned() {
        let mut i = Input::new(1000, 5, true);
        let p0 = i.slice().as_ptr() as usize;
        let p1 = i.slice().as_ptr() as usize;
        assert_eq!(p0 % 64, 5);
        assert_eq!(p1 - p0, 1024);
        for _ in 0..100_000 {
            assert_eq!(i.slice().len(), 1000);
        }
        let mut hot = Input::new(16, 0, false);
        let a = hot.slice().as_ptr();
        assert_eq!(a as usize % 64, 0);
        assert_eq!(hot.slice().as_ptr(), a);
    }

    /// Two threads give a row per thread and a sum whose samples add up;
    /// a contender that cannot be set up is `skipped`, never missing.
    #[test]
    fn multi_rows_and_sum() {
        let mut o = run_opts(&[
            "sha256",
            "--multi",
            "2",
            "--reps",
            "2",
            "--seconds",
            "0.02",
            "--bytes",
            "64",
        ]);
        o.quiet = true;
        let alg = peregrine::registry::find("sha256").unwrap();
        let job = Job {
            alg,
            runners: vec![
                Runner {
                    library: "peregrine",
                    backend: "soft",
                    make: Make::Ours(alg, "soft"),
                },
                Runner {
                    library: "nobody",
                    backend: "nobody",
                    make: Make::Missing,
                },
            ],
            size: 64,
            op: None,
        };
        let plan = Plan {
            o: &o,
            slice: Duration::from_millis(10),
            warmup: Duration::from_millis(2),
            progress: Progress::Quiet,
        };
        let orders = vec![vec![0, 1], vec![1, 0]];
        let out = run_job(&job, &plan, &orders);
        let cal = Calibration {
            counter: "none".into(),
            counter_hz: None,
            effective_hz: Some(1e9),
        };
        let rows = job_rows(&job, &out, &o, &cal);
        assert_eq!(rows.len(), 6);
        let (t1, t2, sum) = (&rows[0], &rows[1], &rows[2]);
        assert_eq!(
            (t1.thread, t2.thread, sum.thread, sum.threads),
            (Some(1), Some(2), None, 2)
        );
        assert_eq!(sum.status, Status::Ok);
        for i in 0..2 {
            assert!((sum.samples[i] - (t1.samples[i] + t2.samples[i])).abs() < 1e-6);
        }
        assert!(rows[3..].iter().all(|r| r.status == Status::NotAvailable));
        assert!(rows.iter().all(|r| {
            r.rate
                .is_none_or(|s| s.median.is_finite() && s.median > 0.0)
        }));
    }

    #[test]
    fn failing_contender_is_shown_failed() {
        let mut o = run_opts(&[
            "sha256",
            "--reps",
            "1",
            "--seconds",
            "0.01",
            "--bytes",
            "64",
        ]);
        o.quiet = true;
        let alg = peregrine::registry::find("sha256").unwrap();
        fn boom(_: &BenchOptions) -> Option<BenchFn> {
            Some(Box::new(|_: &mut [u8]| panic!("deliberate")))
        }
        let job = Job {
            alg,
            runners: vec![Runner {
                library: "broken",
                backend: "broken",
                make: Make::Peer(boom),
            }],
            size: 64,
            op: None,
        };
        let plan = Plan {
            o: &o,
            slice: Duration::from_millis(5),
            warmup: Duration::from_millis(1),
            progress: Progress::Quiet,
        };
        let prev = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let out = run_job(&job, &plan, &[vec![0]]);
        std::panic::set_hook(prev);
        let cal = Calibration {
            counter: "none".into(),
            counter_hz: None,
            effective_hz: None,
        };
        let rows = job_rows(&job, &out, &o, &cal);
        assert_eq!(rows[0].status, Status::Failed);
        assert!(rows[0].reason.as_deref().unwrap().contains("deliberate"));
    }
}
