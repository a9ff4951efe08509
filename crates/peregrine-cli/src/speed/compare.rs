//! `peregrine speed compare BEFORE.json AFTER.json`: the ratio of every
//! figure two `--json` reports share, with each side's spread, and a
//! summary in the words build changes are reported in ("improves 1.7x to
//! 15x").
//!
//! Rows match on algorithm, library, backend, size or operation,
//! direction and thread. When the backend changed between the builds (a
//! new accelerated path), a Peregrine row with no exact match is paired
//! with the other side's only Peregrine backend for that cell, and the
//! line shows both names. A change smaller than twice the larger
//! coefficient of variation of the two sides (or under 2%) is called
//! noise, and counted apart in the summary.

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use super::schema::{Report, Row, Status};
use crate::{Fail, Usage};

fn load(path: &str) -> Result<Report, Usage> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Usage(format!("speed compare: cannot read {path}: {e}")))?;
    Report::from_json(&text).map_err(|e| Usage(format!("speed compare: {path}: {e}")))
}

/// One compared figure.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    pub label: String,
    /// The algorithm and thread ("sha256", "sha256 x2"), without backend.
    pub name: String,
    /// The backend ("shani"), or its change ("soft -> avx2").
    pub backend: String,
    pub what: String,
    pub before: f64,
    pub after: f64,
    pub cv_before: f64,
    pub cv_after: f64,
    pub unit: String,
}

impl Line {
    pub fn ratio(&self) -> f64 {
        self.after / self.before
    }

    /// Within the spread of the two sides.
    pub fn noise(&self) -> bool {
        let r = self.ratio();
        let spread = (2.0 * self.cv_before.max(self.cv_after)).max(0.02);
        (r.ln()).abs() < (1.0 + spread).ln()
    }
}

fn what(r: &Row) -> String {
    match (&r.operation, r.size) {
        (Some(op), _) => op.clone(),
        (None, Some(n)) => format!("{n} bytes"),
        _ => String::new(),
    }
}

fn usable(r: &Row) -> bool {
    r.status == Status::Ok && r.rate.is_some_and(|x| x.median > 0.0)
}

/// The figures both reports have, in AFTER's order, and the rows only one
/// side has.
pub fn pair(before: &Report, after: &Report) -> (Vec<Line>, Vec<String>) {
    let mut lines = Vec::new();
    let mut lonely = Vec::new();
    let mut used = vec![false; before.rows.len()];
    for a in after.rows.iter().filter(|r| usable(r)) {
        let exact = before
            .rows
            .iter()
            .position(|b| usable(b) && b.key() == a.key());
        let cell = |b: &Row| {
            b.algorithm == a.algorithm
                && b.size == a.size
                && b.operation == a.operation
                && b.direction == a.direction
                && b.thread == a.thread
                && b.threads == a.threads
                && b.library == "peregrine"
                && usable(b)
        };
        let found = exact.or_else(|| {
            if a.library != "peregrine" {
                return None;
            }
            let ours_after = after.rows.iter().filter(|x| {
                x.algorithm == a.algorithm
                    && x.size == a.size
                    && x.operation == a.operation
                    && x.thread == a.thread
                    && x.library == "peregrine"
                    && usable(x)
            });
            let candidates: Vec<usize> = (0..before.rows.len())
                .filter(|&i| cell(&before.rows[i]))
                .collect();
            (ours_after.count() == 1 && candidates.len() == 1).then(|| candidates[0])
        });
        match found {
            Some(i) if !used[i] => {
                used[i] = true;
                let b = &before.rows[i];
                let (label, backend) = if b.backend == a.backend {
                    (a.label(), a.backend.clone())
                } else {
                    (
                        format!("{} [{} -> {}]", a.algorithm, b.backend, a.backend),
                        format!("{} -> {}", b.backend, a.backend),
                    )
                };
                let (rb, ra) = (
                    b.rate.unwrap_or_else(unreachable_rate),
                    a.rate.unwrap_or_else(unreachable_rate),
                );
                lines.push(Line {
                    label,
                    name: format!("{}{}", a.algorithm, a.thread_suffix()),
                    backend,
                    what: what(a),
                    before: rb.median,
                    after: ra.median,
                    cv_before: rb.cv,
                    cv_after: ra.cv,
                    unit: a.unit.clone(),
                });
            }
            _ => lonely.push(format!("only in AFTER: {} {}", a.label(), what(a))),
        }
    }
    for (i, b) in before.rows.iter().enumerate() {
        if usable(b) && !used[i] {
            lonely.push(format!("only in BEFORE: {} {}", b.label(), what(b)));
        }
    }
    (lines, lonely)
}

/// `usable` rows always have a rate; this keeps the code free of panics.
fn unreachable_rate() -> super::stats::Summary {
    super::stats::Summary {
        median: f64::NAN,
        min: f64::NAN,
        max: f64::NAN,
        cv: 0.0,
        n: 0,
    }
}

fn fmt_ratio(r: f64) -> String {
    if r >= 10.0 {
        format!("{r:.0}x")
    } else {
        format!("{r:.2}x").replace(".00x", "x")
    }
}

/// The one-line verdict.
pub fn summary(lines: &[Line]) -> String {
    let real: Vec<&Line> = lines.iter().filter(|l| !l.noise()).collect();
    let noise = lines.len() - real.len();
    let range = |v: &[&Line]| {
        let lo = v.iter().map(|l| l.ratio()).fold(f64::INFINITY, f64::min);
        let hi = v.iter().map(|l| l.ratio()).fold(0.0, f64::max);
        (lo, hi)
    };
    let tail = if noise > 0 {
        format!("; {noise} of {} figures within noise", lines.len())
    } else {
        format!(" ({} figures)", lines.len())
    };
    if real.is_empty() {
        return format!("no change beyond the spread ({} figures)", lines.len());
    }
    let faster = real.iter().filter(|l| l.ratio() > 1.0).count();
    let slower = real.len() - faster;
    let (lo, hi) = range(&real);
    if slower == 0 {
        if (hi / lo) < 1.05 {
            format!("improves {}{tail}", fmt_ratio(lo))
        } else {
            format!("improves {} to {}{tail}", fmt_ratio(lo), fmt_ratio(hi))
        }
    } else if faster == 0 {
        format!(
            "regresses: {} to {} of before{tail}",
            fmt_ratio(lo),
            fmt_ratio(hi)
        )
    } else {
        format!(
            "mixed: {} to {}; {faster} faster, {slower} slower{tail}",
            fmt_ratio(lo),
            fmt_ratio(hi)
        )
    }
}

fn rate(v: f64, unit: &str) -> String {
    if unit == "bytes_per_second" {
        format!("{:.2}k", v / 1000.0)
    } else {
        format!("{v:.1}/s")
    }
}

/// The arguments: two files and an optional `--plot FILE.svg`.
fn parse(args: &[String]) -> Result<(String, String, Option<PathBuf>), Usage> {
    let mut files = Vec::new();
    let mut plot = None;
    let mut it = args.iter();
    while let Some(x) = it.next() {
        let v = match x.split_once('=') {
            Some(("--plot", v)) => Some(v.to_string()),
            _ if x == "--plot" => Some(it.next().cloned().unwrap_or_default()),
            _ => None,
        };
        match v {
            Some(_) if plot.is_some() => {
                return Err(Usage("speed compare: --plot given twice".into()));
            }
            Some(v) if v.is_empty() => {
                return Err(Usage("speed compare: --plot needs a file name".into()));
            }
            Some(v) => plot = Some(PathBuf::from(v)),
            None if x.starts_with('-') && x.len() > 1 => {
                return Err(Usage(format!(
                    "speed compare: unknown option '{x}' (it takes --plot FILE.svg)"
                )));
            }
            None => files.push(x.clone()),
        }
    }
    let [b, a] = &files[..] else {
        return Err(Usage(
            "speed compare: wants two files: speed compare BEFORE.json AFTER.json [--plot FILE.svg] (each from speed --json)".into(),
        ));
    };
    if let Some(p) = &plot {
        super::plot::check_target(p)
            .map_err(|e| Usage(format!("speed compare: --plot {}: {e}", p.display())))?;
    }
    Ok((b.clone(), a.clone(), plot))
}

pub fn run(args: &[String], out: &mut dyn Write) -> Result<ExitCode, Fail> {
    let (b, a, plot) = parse(args)?;
    let (b, a) = (b.as_str(), a.as_str());
    let (before, after) = (load(b)?, load(a)?);
    let (lines, lonely) = pair(&before, &after);
    if lines.is_empty() {
        return Err(Usage(format!(
            "speed compare: {b} and {a} have no measurement in common"
        ))
        .into());
    }
    let mut s = String::new();
    let hb = &before.header;
    let ha = &after.header;
    writeln!(
        s,
        "BEFORE: {b} (peregrine {}, {}, profile {}, CPU {})",
        hb.peregrine,
        hb.target,
        hb.profile,
        hb.cpu_effective.join(" ")
    )
    .unwrap();
    writeln!(
        s,
        "AFTER:  {a} (peregrine {}, {}, profile {}, CPU {})",
        ha.peregrine,
        ha.target,
        ha.profile,
        ha.cpu_effective.join(" ")
    )
    .unwrap();
    if hb.target != ha.target || hb.cpu_detected != ha.cpu_detected {
        writeln!(
            s,
            "note: the two reports come from different targets or CPUs"
        )
        .unwrap();
    }
    let w = lines
        .iter()
        .map(|l| l.label.len())
        .max()
        .unwrap_or(10)
        .max(10);
    writeln!(
        s,
        "{:<w$} {:>12} {:>14} {:>14} {:>8} {:>9} {:>9}",
        "type", "size/op", "before", "after", "ratio", "cv before", "cv after"
    )
    .unwrap();
    for l in &lines {
        writeln!(
            s,
            "{:<w$} {:>12} {:>14} {:>14} {:>8} {:>8.1}% {:>8.1}%{}",
            l.label,
            l.what,
            rate(l.before, &l.unit),
            rate(l.after, &l.unit),
            format!("{:.2}x", l.ratio()),
            l.cv_before * 100.0,
            l.cv_after * 100.0,
            if l.noise() { "  (noise)" } else { "" }
        )
        .unwrap();
    }
    for l in &lonely {
        writeln!(s, "{l}").unwrap();
    }
    let verdict = summary(&lines);
    writeln!(s, "summary: AFTER {verdict}").unwrap();
    out.write_all(s.as_bytes())?;
    if let Some(p) = plot {
        let svg = super::plot::compare_svg(&lines, &verdict, (b, hb), (a, ha));
        if let Err(e) = std::fs::write(&p, svg) {
            crate::progress(format_args!(
                "peregrine: speed compare: --plot {}: {e}\n",
                p.display()
            ));
            return Ok(ExitCode::FAILURE);
        }
        crate::progress(format_args!(
            "speed compare: plot written to {}\n",
            p.display()
        ));
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::super::schema::tests::sample_report;
    use super::*;

    fn scaled(k: f64) -> Report {
        let mut r = sample_report();
        for row in &mut r.rows {
            if let Some(x) = &mut row.rate {
                x.median *= k;
            }
        }
        r
    }

    #[test]
    fn same_report_is_noise() {
        let r = sample_report();
        let (lines, lonely) = pair(&r, &r);
        assert_eq!(lines.len(), r.rows.iter().filter(|x| usable(x)).count());
        assert!(lonely.is_empty());
        assert!(lines.iter().all(|l| (l.ratio() - 1.0).abs() < 1e-12));
        assert!(
            summary(&lines).starts_with("no change"),
            "{}",
            summary(&lines)
        );
    }

    #[test]
    fn improvement_and_regression_words() {
        let (lines, _) = pair(&sample_report(), &scaled(1.7));
        assert_eq!(
            summary(&lines),
            format!("improves 1.70x ({} figures)", lines.len())
        );
        let (lines, _) = pair(&sample_report(), &scaled(0.5));
        assert!(
            summary(&lines).starts_with("regresses: 0.50x"),
            "{}",
            summary(&lines)
        );
        // A range: one figure 15x, the rest 1.7x.
        let mut after = scaled(1.7);
        after.rows[0].rate.as_mut().unwrap().median *= 15.0 / 1.7;
        let (lines, _) = pair(&sample_report(), &after);
        assert!(
            summary(&lines).starts_with("improves 1.70x to 15x"),
            "{}",
            summary(&lines)
        );
        // Mixed.
        let mut after = scaled(1.7);
        after.rows[1].rate.as_mut().unwrap().median *= 0.3 / 1.7;
        let (lines, _) = pair(&sample_report(), &after);
        assert!(
            summary(&lines).starts_with("mixed: 0.30x to 1.70x"),
            "{}",
            summary(&lines)
        );
    }

    #[test]
    fn backend_change_pairs_and_lonely_rows() {
        let before = sample_report();
        let mut after = sample_report();
        // AFTER has only one Peregrine backend, renamed: pairs with
        // BEFORE's... which has two (shani, soft): no fallback, so lonely.
        after.rows.retain(|r| r.backend != "soft");
        for r in &mut after.rows {
            if r.backend == "shani" {
                r.backend = "avx2".into();
            }
        }
        let (_, lonely) = pair(&before, &after);
        assert!(
            lonely
                .iter()
                .any(|l| l.contains("only in BEFORE: sha256 [soft]")),
            "{lonely:?}"
        );
        // With one backend on each side the rows pair up.
        let mut b1 = sample_report();
        b1.rows.retain(|r| r.backend != "shani");
        let (lines, _) = pair(&b1, &after);
        assert!(
            lines.iter().any(|l| l.label == "sha256 [soft -> avx2]"),
            "{lines:?}"
        );
    }

    #[test]
    fn unreadable_input_names_file_and_reason() {
        let err = load("/nonexistent/before.json").unwrap_err().0;
        assert!(
            err.contains("/nonexistent/before.json") && err.contains("No such file"),
            "{err}"
        );
        let dir = std::env::temp_dir().join(format!("peregrine-compare-{}", std::process::id()));
        std::fs::write(&dir, "not json").unwrap();
        let err = load(dir.to_str().unwrap()).unwrap_err().0;
        assert!(err.contains("not a speed --json report"), "{err}");
        let _ = std::fs::remove_file(&dir);
    }
}
