//! `speed`'s text, CSV and `--mr` output.

use std::fmt::Write;

use super::schema::{Header, Report, Row, Status};

/// The lines before the tables: build, CPU, clocks, how it was timed.
pub fn text_header(h: &Header) -> String {
    let mut s = String::new();
    writeln!(s, "{}", crate::build_line()).unwrap();
    s.push_str(&crate::info::cpu_lines());
    writeln!(s, "{}", h.clock.line()).unwrap();
    let o = &h.options;
    writeln!(
        s,
        "timing: median of {} repetitions of {:.3}s per backend and size after a {:.3}s warm-up, {} time; contenders in a random order each repetition (seed {}){}{}{}{}",
        o.reps,
        o.seconds / o.reps as f64,
        o.warmup_seconds,
        o.time,
        o.seed,
        if o.threads > 1 { format!("; {} threads", o.threads) } else { String::new() },
        if o.misalign > 0 { format!("; input misaligned by {} bytes", o.misalign) } else { String::new() },
        if o.cold { "; cold input (walks a 64 MiB buffer)" } else { "" },
        if o.decrypt { "; direction: decrypt" } else { "" },
    )
    .unwrap();
    let choices: Vec<String> = peregrine::registry::ALGORITHMS
        .iter()
        .map(|a| format!("{}={}", a.name, a.best()))
        .collect();
    writeln!(s, "backends (best): {}", choices.join(" ")).unwrap();
    for n in &h.peer_notes {
        writeln!(s, "peers: {n}").unwrap();
    }
    s
}

fn status_cell(r: &Row) -> String {
    match r.status {
        Status::Ok => String::new(),
        Status::Skipped => "skipped".into(),
        Status::Failed => "failed".into(),
        Status::NotAvailable => "n/a".into(),
    }
}

/// Rows grouped into table lines: same algorithm, library, backend and
/// thread, one cell per size (or operation).
fn lines(rows: &[Row], pk: bool) -> Vec<Vec<&Row>> {
    let mut out: Vec<Vec<&Row>> = Vec::new();
    for r in rows.iter().filter(|r| r.operation.is_some() == pk) {
        let same = |g: &Vec<&Row>| {
            let a = g[0];
            a.algorithm == r.algorithm
                && a.library == r.library
                && a.backend == r.backend
                && a.thread == r.thread
                && a.threads == r.threads
        };
        match out.iter_mut().find(|g| same(g)) {
            Some(g) => g.push(r),
            None => out.push(vec![r]),
        }
    }
    out
}

/// Right-aligned columns: `head` then one line per entry of `body`.
fn grid(title: &str, head: &[String], body: &[(String, Vec<String>)]) -> String {
    let width = body
        .iter()
        .map(|(l, _)| l.len())
        .chain([title.len(), 20])
        .max()
        .unwrap_or(20);
    let col: Vec<usize> = (0..head.len())
        .map(|i| {
            body.iter()
                .filter_map(|(_, c)| c.get(i).map(String::len))
                .chain([head[i].len(), 10])
                .max()
                .unwrap_or(10)
        })
        .collect();
    let mut s = format!("{title:<width$}");
    for (h, w) in head.iter().zip(&col) {
        write!(s, " {h:>w$}").unwrap();
    }
    s.push('\n');
    for (label, cells) in body {
        write!(s, "{label:<width$}").unwrap();
        for (c, w) in cells.iter().zip(&col) {
            write!(s, " {c:>w$}").unwrap();
        }
        s.push('\n');
    }
    s
}

/// The cell of `g` at column `key`, if measured.
fn at<'a>(g: &[&'a Row], key: &ColumnKey) -> Option<&'a Row> {
    g.iter().copied().find(|r| match key {
        ColumnKey::Size(n) => r.size == Some(*n),
        ColumnKey::Op(op) => r.operation.as_deref() == Some(op.as_str()),
    })
}

enum ColumnKey {
    Size(usize),
    Op(String),
}

/// One table of rates, its ratio lines and its cycles table.
fn tables(
    groups: &[Vec<&Row>],
    keys: &[ColumnKey],
    head: &[String],
    title: &str,
    value: &dyn Fn(f64) -> String,
    cycles_title: &str,
    cycles: &dyn Fn(f64) -> String,
) -> String {
    let mut body = Vec::new();
    let mut busy = false;
    let mut notes: Vec<String> = Vec::new();
    for (gi, g) in groups.iter().enumerate() {
        let cells: Vec<String> = keys
            .iter()
            .map(|k| match at(g, k) {
                Some(r) if r.status == Status::Ok => {
                    busy |= r.busy;
                    let v = r.median().map_or("n/a".into(), value);
                    if r.busy { format!("{v}*") } else { v }
                }
                Some(r) => status_cell(r),
                None => String::new(),
            })
            .collect();
        body.push((g[0].label(), cells));
        for r in g
            .iter()
            .filter(|r| r.status != Status::Ok || r.reason.is_some())
        {
            if let Some(why) = &r.reason {
                let n = format!("{}: {why}", r.label());
                if !notes.contains(&n) {
                    notes.push(n);
                }
            }
        }
        // The ratio line follows the last line of its algorithm, for every
        // line of that algorithm with a ratio.
        body.extend(ratio_lines(groups, gi, keys, 0, &Row::label));
    }
    let mut s = grid(title, head, &body);
    if busy {
        s.push_str("* CPU time and wall time differ by more than 10%: the machine was busy (or the thread waited); treat that figure with care\n");
    }
    for n in notes {
        writeln!(s, "note: {n}").unwrap();
    }
    s.push('\n');
    let body = cycles_lines(groups, keys, cycles, &Row::label);
    if !body.is_empty() {
        s.push_str(&grid(cycles_title, head, &body));
        s.push('\n');
    }
    s
}

/// After the last line of an algorithm (`groups[gi]`), one ratio line per
/// line of that algorithm that has ratios: `blank` empty cells, then the
/// ratio for each column of `keys`.
fn ratio_lines(
    groups: &[Vec<&Row>],
    gi: usize,
    keys: &[ColumnKey],
    blank: usize,
    label: &dyn Fn(&Row) -> String,
) -> Vec<(String, Vec<String>)> {
    let alg = &groups[gi][0].algorithm;
    if groups.get(gi + 1).is_some_and(|n| n[0].algorithm == *alg) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for h in groups.iter().filter(|h| h[0].algorithm == *alg) {
        let Some(against) = h
            .iter()
            .find_map(|r| r.ratio.as_ref().map(|x| x.against.clone()))
        else {
            continue;
        };
        let mut cells: Vec<String> = vec![String::new(); blank];
        cells.extend(keys.iter().map(|k| {
            at(h, k)
                .and_then(|r| r.ratio.as_ref())
                .map_or(String::new(), |x| format!("{:.2}x", x.value))
        }));
        out.push((format!("  {} / {against}", label(h[0])), cells));
    }
    out
}

/// The lines of a cycles table: every line with an estimate, one cell per
/// column of `keys`.
fn cycles_lines(
    groups: &[Vec<&Row>],
    keys: &[ColumnKey],
    fmt: &dyn Fn(f64) -> String,
    label: &dyn Fn(&Row) -> String,
) -> Vec<(String, Vec<String>)> {
    groups
        .iter()
        .filter(|g| {
            g.iter()
                .any(|r| r.status == Status::Ok && r.cycles_per_unit.is_some())
        })
        .map(|g| {
            let cells = keys
                .iter()
                .map(|k| {
                    at(g, k)
                        .filter(|r| r.status == Status::Ok)
                        .and_then(|r| r.cycles_per_unit)
                        .map_or(String::new(), fmt)
                })
                .collect();
            (label(g[0]), cells)
        })
        .collect()
}

/// openssl's column name for an operation: "op" for ECDH's derive
/// (`openssl speed ecdhx25519`'s `op op/s` table), the name otherwise.
fn column(op: &str) -> &str {
    match op {
        "derive" => "op",
        o => o,
    }
}

/// openssl's short column names for the per-second columns.
fn short(op: &str) -> &str {
    match op {
        "encrypt" => "encr.",
        "decrypt" => "decr.",
        o => column(o),
    }
}

/// openssl's description of a public-key row ("253 bits ecdh (X25519)"),
/// where it has one; its bits and its curve name (for `--mr`).
fn openssl_pk(alg: &str) -> Option<(&'static str, u32, &'static str)> {
    Some(match alg {
        "ecdhx25519" => ("253 bits ecdh (X25519)", 253, "X25519"),
        "ed25519" => ("253 bits EdDSA (Ed25519)", 253, "Ed25519"),
        _ => return None,
    })
}

/// A public-key line's label: openssl's description of the algorithm
/// where it has one ("253 bits ecdh (X25519) [adx]"), else
/// [`Row::label`] ("rsa2048 [adx]").
fn pk_label(r: &Row) -> String {
    let l = r.label();
    match openssl_pk(&r.algorithm) {
        Some((desc, _, _)) => format!("{desc}{}", &l[r.algorithm.len()..]),
        None => l,
    }
}

/// The tables: throughput (openssl's), then the public-key operations,
/// then with `stats` every figure's spread.
pub fn text(rep: &Report, sizes: &[usize], stats: bool) -> String {
    let mut s = String::new();
    let groups = lines(&rep.rows, false);
    if !groups.is_empty() {
        let keys: Vec<ColumnKey> = sizes.iter().map(|&n| ColumnKey::Size(n)).collect();
        let head: Vec<String> = sizes.iter().map(|n| format!("{n} bytes")).collect();
        s.push_str("The 'numbers' are in 1000s of bytes per second processed (medians); ratio lines divide medians.\n");
        s.push_str(&tables(
            &groups,
            &keys,
            &head,
            "type",
            &|v| format!("{:.2}k", v / 1000.0),
            "cycles per byte (estimate)",
            &|c| format!("{c:.2}"),
        ));
    }
    // Public-key rows: one table per set of operations.
    let pk = lines(&rep.rows, true);
    let mut sets: Vec<(Vec<String>, Vec<Vec<&Row>>)> = Vec::new();
    for g in pk {
        let ops: Vec<String> = g.iter().filter_map(|r| r.operation.clone()).collect();
        match sets.iter_mut().find(|(o, _)| *o == ops) {
            Some((_, v)) => v.push(g),
            None => sets.push((ops, vec![g])),
        }
    }
    for (ops, groups) in &sets {
        let keys: Vec<ColumnKey> = ops.iter().map(|o| ColumnKey::Op(o.clone())).collect();
        let mut head: Vec<String> = ops.iter().map(|o| column(o).to_string()).collect();
        head.extend(ops.iter().map(|o| format!("{}/s", short(o))));
        // openssl's layout: seconds per operation, then operations per
        // second; the ratio lines compare operations per second.
        let both: Vec<ColumnKey> = keys
            .iter()
            .chain(keys.iter())
            .map(|k| match k {
                ColumnKey::Op(o) => ColumnKey::Op(o.clone()),
                ColumnKey::Size(n) => ColumnKey::Size(*n),
            })
            .collect();
        let mut body = Vec::new();
        let mut busy = false;
        for (gi, g) in groups.iter().enumerate() {
            let mut cells = Vec::new();
            for (i, k) in both.iter().enumerate() {
                let c = match at(g, k) {
                    Some(r) if r.status == Status::Ok => {
                        busy |= r.busy;
                        let m = r.median().unwrap_or(f64::NAN);
                        let v = if i < keys.len() {
                            format!("{:.6}s", 1.0 / m)
                        } else {
                            format!("{m:.1}")
                        };
                        if r.busy { format!("{v}*") } else { v }
                    }
                    Some(r) => status_cell(r),
                    None => String::new(),
                };
                cells.push(c);
            }
            body.push((pk_label(g[0]), cells));
            body.extend(ratio_lines(groups, gi, &keys, keys.len(), &pk_label));
        }
        s.push_str(&grid("", &head, &body));
        if busy {
            s.push_str("* CPU time and wall time differ by more than 10%: the machine was busy\n");
        }
        let cyc = cycles_lines(groups, &keys, &|c| format!("{:.3}M", c / 1e6), &pk_label);
        if !cyc.is_empty() {
            s.push('\n');
            s.push_str(&grid(
                "cycles per operation (estimate)",
                &head[..ops.len()],
                &cyc,
            ));
        }
        for r in groups.iter().flatten().filter(|r| r.reason.is_some()) {
            writeln!(
                s,
                "note: {} {}: {}",
                pk_label(r),
                r.operation.as_deref().unwrap_or(""),
                r.reason.as_deref().unwrap_or("")
            )
            .unwrap();
        }
        s.push('\n');
    }
    if stats {
        s.push_str(&stats_table(rep));
    }
    s
}

/// `--stats`: one line per figure with its spread.
fn stats_table(rep: &Report) -> String {
    let head: Vec<String> = [
        "size/op", "median/s", "min/s", "max/s", "cv", "reps", "wall s", "cpu s", "busy",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let body: Vec<(String, Vec<String>)> = rep
        .rows
        .iter()
        .map(|r| {
            let what = r
                .operation
                .clone()
                .unwrap_or_else(|| r.size.map_or(String::new(), |n| n.to_string()));
            let mut cells = vec![what];
            match r.rate {
                Some(x) => cells.extend([
                    format!("{:.1}", x.median),
                    format!("{:.1}", x.min),
                    format!("{:.1}", x.max),
                    format!("{:.1}%", x.cv * 100.0),
                    x.n.to_string(),
                    format!("{:.3}", r.wall_seconds),
                    r.cpu_seconds.map_or("n/a".into(), |c| format!("{c:.3}")),
                    if r.busy { "yes".into() } else { "no".into() },
                ]),
                None => cells.extend([status_cell(r)]),
            }
            (r.label(), cells)
        })
        .collect();
    let mut s =
        String::from("spread (units per second: bytes, or operations for public-key rows):\n");
    s.push_str(&grid("type", &head, &body));
    s
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// `--csv`: a header line, then one line per row of the JSON report.
pub fn csv(rep: &Report) -> String {
    let mut s = String::from(
        "algorithm,library,backend,size,operation,direction,thread,threads,status,unit,median,min,max,cv,reps,wall_seconds,cpu_seconds,busy,cycles_per_unit,ratio_against,ratio,reason\n",
    );
    let opt = |v: Option<String>| v.unwrap_or_default();
    for r in &rep.rows {
        let f = [
            r.algorithm.clone(),
            r.library.clone(),
            r.backend.clone(),
            opt(r.size.map(|n| n.to_string())),
            opt(r.operation.clone()),
            opt(r.direction.clone()),
            opt(r.thread.map(|t| t.to_string())),
            r.threads.to_string(),
            match r.status {
                Status::Ok => "ok",
                Status::Skipped => "skipped",
                Status::Failed => "failed",
                Status::NotAvailable => "n/a",
            }
            .to_string(),
            r.unit.clone(),
            opt(r.rate.map(|x| format!("{:.3}", x.median))),
            opt(r.rate.map(|x| format!("{:.3}", x.min))),
            opt(r.rate.map(|x| format!("{:.3}", x.max))),
            opt(r.rate.map(|x| format!("{:.5}", x.cv))),
            opt(r.rate.map(|x| x.n.to_string())),
            format!("{:.6}", r.wall_seconds),
            opt(r.cpu_seconds.map(|c| format!("{c:.6}"))),
            r.busy.to_string(),
            opt(r.cycles_per_unit.map(|c| format!("{c:.4}"))),
            opt(r.ratio.as_ref().map(|x| x.against.clone())),
            opt(r.ratio.as_ref().map(|x| format!("{:.4}", x.value))),
            opt(r.reason.clone()),
        ];
        let line: Vec<String> = f.iter().map(|x| csv_field(x)).collect();
        s.push_str(&line.join(","));
        s.push('\n');
    }
    s
}

/// `--mr`: openssl speed's machine-readable lines (OpenSSL 3.0's grammar):
/// `+H:size:size...`, then `+F:index:name:bytes_per_second...` per
/// throughput line; per public-key line,
/// `+F2:index:bits:sign_per_second:verify_per_second` for RSA,
/// `+F5:index:bits:ops_per_second:seconds_per_op` for ECDH (X25519) and
/// `+F6:index:bits:name:sign_per_second:verify_per_second` for EdDSA
/// (Ed25519), as `openssl speed -mr rsa2048 ecdhx25519 ed25519` prints
/// them. Names are "algorithm [backend]" (no colons; for `+F6` openssl's
/// curve name, "Ed25519 [adx]"); a public-key line's index is its place
/// among the public-key lines (with `--impl all` or `--peers` several lines
/// share one key size). Cells that did not run print 0, as openssl prints
/// for a failed test. Key generation has no openssl `+F` form and is left
/// out. With `--multi` only the sums are printed, as openssl's parent
/// process prints them.
pub fn mr(rep: &Report, sizes: &[usize]) -> String {
    let mut s = String::new();
    let groups: Vec<Vec<&Row>> = lines(&rep.rows, false)
        .into_iter()
        .filter(|g| g[0].thread.is_none())
        .collect();
    if !groups.is_empty() {
        s.push_str("+H");
        for n in sizes {
            write!(s, ":{n}").unwrap();
        }
        s.push('\n');
        for (i, g) in groups.iter().enumerate() {
            write!(s, "+F:{i}:{}", mr_name(g[0])).unwrap();
            for &n in sizes {
                let v = g
                    .iter()
                    .find(|r| r.size == Some(n))
                    .and_then(|r| r.median())
                    .unwrap_or(0.0);
                write!(s, ":{v:.2}").unwrap();
            }
            s.push('\n');
        }
    }
    let pk: Vec<Vec<&Row>> = lines(&rep.rows, true)
        .into_iter()
        .filter(|g| g[0].thread.is_none())
        .collect();
    for (i, g) in pk.iter().enumerate() {
        let op = |name: &str| {
            g.iter()
                .find(|r| r.operation.as_deref() == Some(name))
                .and_then(|r| r.median())
                .unwrap_or(0.0)
        };
        if let Some((_, bits, curve)) = openssl_pk(&g[0].algorithm) {
            if g[0].algorithm.starts_with("ecdh") {
                let ops = op("derive");
                let per = if ops > 0.0 { 1.0 / ops } else { 0.0 };
                writeln!(s, "+F5:{i}:{bits}:{ops:.6}:{per:.6}").unwrap();
            } else {
                let name = format!("{curve} [{}]", g[0].backend).replace(':', ";");
                writeln!(
                    s,
                    "+F6:{i}:{bits}:{name}:{:.6}:{:.6}",
                    op("sign"),
                    op("verify")
                )
                .unwrap();
            }
            continue;
        }
        let Some(bits) = g[0]
            .algorithm
            .strip_prefix("rsa")
            .and_then(|b| b.parse::<u32>().ok())
        else {
            continue;
        };
        writeln!(s, "+F2:{i}:{bits}:{:.6}:{:.6}", op("sign"), op("verify")).unwrap();
    }
    s
}

fn mr_name(r: &Row) -> String {
    r.label().replace(':', ";")
}

#[cfg(test)]
mod tests {
    use super::super::schema::tests::sample_report;
    use super::*;

    /// The `--mr` lines follow openssl's grammar: `+H` then `:`-separated
    /// integers; `+F:index:name` then decimals with two places;
    /// `+F2:index:bits:decimal:decimal`; `+F5:index:253:ops:seconds`;
    /// `+F6:index:253:name:sign:verify`.
    #[test]
    fn mr_grammar() {
        let rep = sample_report();
        let out = mr(&rep, &[16, 64]);
        let mut saw = (false, false, false);
        let mut curves = (false, false);
        for line in out.lines() {
            let f: Vec<&str> = line.split(':').collect();
            match f[0] {
                "+H" => {
                    saw.0 = true;
                    assert_eq!(f[1..], ["16", "64"]);
                }
                "+F" => {
                    saw.1 = true;
                    assert_eq!(f.len(), 3 + 2, "{line}");
                    assert!(f[1].parse::<u32>().is_ok());
                    assert!(!f[2].is_empty());
                    for v in &f[3..] {
                        let (a, b) = v.split_once('.').expect("two decimals");
                        assert!(a.parse::<u64>().is_ok() && b.len() == 2, "{line}");
                    }
                }
                "+F2" => {
                    saw.2 = true;
                    assert_eq!(f.len(), 5, "{line}");
                    assert!(f[1].parse::<u32>().is_ok() && f[2] == "2048");
                    assert!(f[3].parse::<f64>().is_ok() && f[4].parse::<f64>().is_ok());
                }
                "+F5" => {
                    curves.0 = true;
                    assert_eq!(f.len(), 5, "{line}");
                    assert!(f[1].parse::<u32>().is_ok() && f[2] == "253");
                    let (ops, per): (f64, f64) = (f[3].parse().unwrap(), f[4].parse().unwrap());
                    assert!((ops * per - 1.0).abs() < 1e-3, "{line}");
                }
                "+F6" => {
                    curves.1 = true;
                    assert_eq!(f.len(), 6, "{line}");
                    assert!(f[1].parse::<u32>().is_ok() && f[2] == "253");
                    assert_eq!(f[3], "Ed25519 [adx]");
                    assert!(f[4].parse::<f64>().is_ok() && f[5].parse::<f64>().is_ok());
                }
                other => panic!("unexpected line kind {other}: {line}"),
            }
        }
        assert_eq!(saw, (true, true, true), "{out}");
        assert_eq!(curves, (true, true), "{out}");
    }

    #[test]
    fn csv_has_one_line_per_row_and_quotes() {
        let rep = sample_report();
        let out = csv(&rep);
        assert_eq!(out.lines().count(), rep.rows.len() + 1);
        let cols = out.lines().next().unwrap().split(',').count();
        for l in out.lines().skip(1) {
            // No field of the sample has a comma except the quoted reason.
            if !l.contains('"') {
                assert_eq!(l.split(',').count(), cols, "{l}");
            }
        }
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"x\""), "\"say \"\"x\"\"\"");
    }

    #[test]
    fn text_tables_show_ratios_and_status() {
        let rep = sample_report();
        let out = text(&rep, &[16, 64], true);
        assert!(out.contains("sha256 [shani]"), "{out}");
        assert!(out.contains("sha256 [shani] / soft"), "{out}");
        assert!(out.contains("n/a"), "{out}");
        assert!(out.contains("cycles per byte (estimate)"), "{out}");
        assert!(out.contains("sign/s"), "{out}");
        // openssl's ECDH and EdDSA tables: "op op/s", its row names.
        assert!(out.contains("253 bits ecdh (X25519) [adx]"), "{out}");
        assert!(out.contains("253 bits EdDSA (Ed25519) [adx]"), "{out}");
        assert!(
            out.lines()
                .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["op", "op/s"]),
            "{out}"
        );
        assert!(out.contains("spread"), "{out}");
        assert!(!out.contains("inf") && !out.contains("NaN"), "{out}");
    }
}
