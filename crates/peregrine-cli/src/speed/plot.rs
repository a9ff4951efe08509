//! The pictures: `speed --plot FILE.svg` and `speed compare --plot
//! FILE.svg`, drawn with the small writer in [`super::svg`].
//!
//! `speed --plot`: one panel per algorithm with throughput against
//! message size, a line per backend or peer, each named at its right end
//! with its last figure ("vaes+vpclmul 13.6 GB/s"). The names sit in a
//! column right of the plot, as close to their line's end as they can be
//! without touching each other (least squares, pool-adjacent-violators),
//! joined to it by a thin leader; the column is as wide as the longest
//! name and the plot as tall as the names need. The rate axis is in the
//! unit of its top (B/s to GB/s), logarithmic with `--plot-log` or when the
//! rates of a panel span more than two decades (the title says so).
//! Public-key rows get one panel per operation (sign, verify, ...): a
//! horizontal bar per backend or peer, in operations per second.
//!
//! `speed compare --plot`: a horizontal bar per compared figure, the ratio
//! AFTER/BEFORE on a logarithmic axis centred on 1x, sorted by ratio;
//! faster is green, slower red, a change within the noise (the rule of
//! [`Line::noise`]) grey; each bar names its backend, or the change of
//! backend ("soft -> avx2").

use std::path::Path;

use super::compare::Line;
use super::schema::{Header, Report, Row, Status};
use super::svg::{Anchor, BBox, Font, Svg};

/// The rate axis of `speed --plot`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scale {
    /// Logarithmic when a panel's rates span more than two decades.
    Auto,
    Linear,
    Log,
}

/// Ten colours that differ from each other and read as text on white.
/// Lines past the tenth are dashed.
const PALETTE: [&str; 10] = [
    "#1f77b4", "#d62728", "#2ca02c", "#d96c00", "#9467bd", "#8c564b", "#cf3c9c", "#0e8f9c",
    "#5e5e5e", "#858500",
];
const FASTER: &str = "#2e8b3a";
const SLOWER: &str = "#c62828";
const NOISE: &str = "#b0b0b0";
const GRID: &str = "#e4e4e4";
const AXIS: &str = "#444";
const MUTED: &str = "#555";

const MARGIN: f64 = 12.0;
const TITLE: f64 = 16.0;
const LABEL: f64 = 13.0;
const TICK: f64 = 12.0;
const SMALL: f64 = 11.0;
/// The width of the plot area of a line panel.
const PLOT_W: f64 = 600.0;
/// Centre-to-centre distance of two line names.
const LABEL_GAP: f64 = LABEL * 1.3;
/// Offset from a text's vertical centre to its baseline.
const MID: f64 = 0.35;

/// Checked before measuring, so a bad path fails at once.
pub fn check_target(path: &Path) -> Result<(), String> {
    if path
        .extension()
        .is_none_or(|e| !e.eq_ignore_ascii_case("svg"))
    {
        return Err("the plot is SVG: give a file name ending in .svg".into());
    }
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if !dir.is_dir() {
        return Err(format!("directory {} does not exist", dir.display()));
    }
    Ok(())
}

// ---------------------------------------------------------------- numbers

/// What a rate counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quantity {
    Bytes,
    Ops,
}

/// The unit `v` reads best in: (divisor, name).
fn unit(v: f64, q: Quantity) -> (f64, &'static str) {
    let v = v.abs();
    match q {
        Quantity::Bytes if v >= 1e9 => (1e9, "GB/s"),
        Quantity::Bytes if v >= 1e6 => (1e6, "MB/s"),
        Quantity::Bytes if v >= 1e3 => (1e3, "kB/s"),
        Quantity::Bytes => (1.0, "B/s"),
        Quantity::Ops if v >= 1e6 => (1e6, "M ops/s"),
        Quantity::Ops if v >= 1e3 => (1e3, "k ops/s"),
        Quantity::Ops => (1.0, "ops/s"),
    }
}

/// `v` rounded to three significant digits.
fn round3(v: f64) -> f64 {
    if v == 0.0 || !v.is_finite() {
        return v;
    }
    let e = v.abs().log10().floor() as i32 - 2;
    let p = 10f64.powi(e);
    (v / p).round() * p
}

/// `x` with at most `dec` decimals and no trailing zeros.
fn trim(x: f64, dec: usize) -> String {
    let s = format!("{x:.dec$}");
    let s = if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    };
    if s == "-0" { "0".into() } else { s }
}

/// Three significant digits in the unit that suits: "13.6 GB/s",
/// "850 MB/s", "1.52 k ops/s".
pub fn fmt_rate(v: f64, q: Quantity) -> String {
    let r = round3(v);
    let (d, name) = unit(r, q);
    let x = r / d;
    let dec = if x >= 100.0 {
        0
    } else if x >= 10.0 {
        1
    } else {
        2
    };
    format!("{x:.dec$} {name}")
}

/// A ratio as the bars print it: "15x", "1.73x", "0.62x".
fn fmt_ratio(r: f64) -> String {
    if r >= 10.0 {
        format!("{r:.0}x")
    } else {
        format!("{r:.2}x")
    }
}

/// A step of 1, 2 or 5 times a power of ten, at least `raw`.
fn nice_step(raw: f64) -> f64 {
    let p = 10f64.powf(raw.log10().floor());
    let m = raw / p;
    let s = if m <= 1.0 {
        1.0
    } else if m <= 2.0 {
        2.0
    } else if m <= 5.0 {
        5.0
    } else {
        10.0
    };
    s * p
}

/// A value axis: where values land and the ticks to draw.
#[derive(Debug, Clone)]
struct Axis {
    log: bool,
    lo: f64,
    hi: f64,
    /// Value, label, and rank when labels crowd (0 drawn first).
    ticks: Vec<(f64, String, u8)>,
    /// Linear axes: the unit of the tick labels ("GB/s"). Log axes name the
    /// unit on every tick.
    unit: Option<&'static str>,
}

impl Axis {
    /// Linear from zero to a round number above `max`, in the unit of the
    /// top, with ticks of 1, 2 or 5 times a power of ten and only the
    /// decimals the step needs.
    fn linear(max: f64, q: Quantity) -> Axis {
        let max = if max > 0.0 && max.is_finite() {
            max
        } else {
            1.0
        };
        let (d, name) = unit(max * 1.03, q);
        let top = max * 1.03 / d;
        let step = nice_step(top / 6.0);
        let n = (top / step).ceil().max(1.0) as usize;
        let dec = (-step.log10().floor()).max(0.0) as usize;
        let ticks = (0..=n)
            .map(|i| {
                let v = i as f64 * step;
                (v * d, trim(v, dec), 0)
            })
            .collect();
        Axis {
            log: false,
            lo: 0.0,
            hi: n as f64 * step * d,
            ticks,
            unit: Some(name),
        }
    }

    /// Logarithmic from the 1-2-5 stop at or below `min` to the one at or
    /// above `max`, with a tick at both ends and at each power of ten (and
    /// at every 1-2-5 stop when they span two decades or less), each with
    /// its unit.
    fn log(min: f64, max: f64, q: Quantity) -> Axis {
        let min = if min > 0.0 { min } else { max.max(1.0) };
        let max = max.max(min);
        let stops = |from: i32, to: i32| {
            (from..=to).flat_map(|e| [1.0, 2.0, 5.0].map(|m| (m, m * 10f64.powi(e))))
        };
        let (e0, e1) = (min.log10().floor() as i32, max.log10().ceil() as i32 + 1);
        let lo = stops(e0, e1)
            .map(|s| s.1)
            .filter(|&v| v <= min * (1.0 + 1e-9))
            .fold(10f64.powi(e0), f64::max);
        let hi = stops(e0, e1)
            .map(|s| s.1)
            .find(|&v| v >= max * (1.0 - 1e-9) && v > lo * 1.5)
            .unwrap_or(lo * 10.0);
        let few = hi / lo <= 100.0 * (1.0 + 1e-9);
        let same = |a: f64, b: f64| (a / b - 1.0).abs() < 1e-9;
        let ticks = stops(e0, e1)
            .filter(|&(_, v)| v >= lo * (1.0 - 1e-9) && v <= hi * (1.0 + 1e-9))
            .filter_map(|(m, v)| {
                let rank = if m == 1.0 {
                    0
                } else if same(v, lo) || same(v, hi) {
                    1
                } else if few {
                    2
                } else {
                    return None;
                };
                let (d, name) = unit(v, q);
                Some((v, format!("{} {name}", trim(v / d, 3)), rank))
            })
            .collect();
        Axis {
            log: true,
            lo,
            hi,
            ticks,
            unit: None,
        }
    }

    /// Chooses linear or log for values in [min, max].
    fn choose(min: f64, max: f64, q: Quantity, scale: Scale) -> (Axis, Option<String>) {
        let spread = if min > 0.0 { max / min } else { 1.0 };
        match scale {
            Scale::Linear => (Axis::linear(max, q), None),
            Scale::Log => (Axis::log(min, max, q), Some("log scale".into())),
            Scale::Auto if spread > 100.0 => (
                Axis::log(min, max, q),
                Some(format!(
                    "log scale: the rates span {}x",
                    trim(round3(spread), 0)
                )),
            ),
            Scale::Auto => (Axis::linear(max, q), None),
        }
    }

    /// Where `v` lands, from 0 (lo) to 1 (hi).
    fn frac(&self, v: f64) -> f64 {
        if self.log {
            let v = v.clamp(self.lo, self.hi);
            (v.ln() - self.lo.ln()) / (self.hi.ln() - self.lo.ln())
        } else {
            (v - self.lo) / (self.hi - self.lo)
        }
    }

    fn widest_tick(&self, f: &Font<'_>) -> f64 {
        self.ticks
            .iter()
            .map(|(_, t, _)| f.width(t))
            .fold(0.0, f64::max)
    }
}

// ---------------------------------------------------------------- layout

/// Moves labels apart: `want` are the centres the labels would like, the
/// result the centres they get, each at least `gap` from its neighbours
/// and all within [lo, hi], with the least total squared movement (the
/// pool-adjacent-violators algorithm: runs of labels that would collide
/// are merged into blocks centred on their members' wishes). The order of
/// the labels is kept. If they cannot all fit, they start at `lo`.
pub fn spread(want: &[f64], gap: f64, lo: f64, hi: f64) -> Vec<f64> {
    let mut order: Vec<usize> = (0..want.len()).collect();
    order.sort_by(|&a, &b| want[a].total_cmp(&want[b]));
    // A block: its first member (in `order`), its size, the sum of its
    // members' wishes shifted to the block's first position.
    struct Block {
        first: usize,
        n: usize,
        sum: f64,
    }
    let top = |b: &Block| {
        let t = b.sum / b.n as f64;
        let max_top = hi - (b.n - 1) as f64 * gap;
        t.min(max_top).max(lo)
    };
    let mut blocks: Vec<Block> = Vec::new();
    for (k, &i) in order.iter().enumerate() {
        blocks.push(Block {
            first: k,
            n: 1,
            sum: want[i],
        });
        while blocks.len() >= 2 {
            let (a, b) = (&blocks[blocks.len() - 2], &blocks[blocks.len() - 1]);
            if top(a) + a.n as f64 * gap <= top(b) + 1e-9 {
                break;
            }
            let b = blocks.pop().expect("two blocks");
            let a = blocks.last_mut().expect("two blocks");
            // b's members sit a.n places further down than in their own
            // block.
            a.sum += b.sum - (a.n as f64 * gap) * b.n as f64;
            a.n += b.n;
        }
    }
    let mut out = vec![0.0; want.len()];
    for b in &blocks {
        let t = top(b);
        for j in 0..b.n {
            out[order[b.first + j]] = t + j as f64 * gap;
        }
    }
    out
}

/// Which texts to draw when they crowd: by rank (0 first, then in
/// order), each only if it keeps `gap` clear of those already kept.
fn keep_clear(boxes: &[(BBox, u8)], gap: f64) -> Vec<bool> {
    let mut order: Vec<usize> = (0..boxes.len()).collect();
    order.sort_by_key(|&i| boxes[i].1);
    let mut keep = vec![false; boxes.len()];
    let mut kept: Vec<BBox> = Vec::new();
    for i in order {
        let b = boxes[i].0;
        let wide = BBox {
            x0: b.x0 - gap,
            y0: b.y0 - gap,
            x1: b.x1 + gap,
            y1: b.y1 + gap,
        };
        if kept.iter().all(|k| !k.intersects(&wide)) {
            keep[i] = true;
            kept.push(b);
        }
    }
    keep
}

/// The tick labels (x, label, rank) of a horizontal axis that can be
/// drawn centred at their x without touching.
fn thin_ticks(ticks: Vec<(f64, String, u8)>, f: &Font<'_>, gap: f64) -> Vec<(f64, String)> {
    let f = f.anchor(Anchor::Middle);
    let boxes: Vec<(BBox, u8)> = ticks
        .iter()
        .map(|(x, t, r)| (f.bbox(*x, 0.0, t), *r))
        .collect();
    let keep = keep_clear(&boxes, gap);
    ticks
        .into_iter()
        .zip(keep)
        .filter(|x| x.1)
        .map(|((x, t, _), _)| (x, t))
        .collect()
}

// ---------------------------------------------------------------- data

/// A line: its name and (message size, bytes per second) points.
#[derive(Debug, Clone)]
struct Series {
    name: String,
    pts: Vec<(f64, f64)>,
}

#[derive(Debug, Clone)]
struct LinePanel {
    name: String,
    series: Vec<Series>,
}

#[derive(Debug, Clone)]
struct BarPanel {
    title: String,
    bars: Vec<(String, f64)>,
}

fn plotted(r: &Row) -> bool {
    r.status == Status::Ok && r.thread.is_none() && r.rate.is_some_and(|x| x.median > 0.0)
}

fn who(r: &Row) -> String {
    if r.threads > 1 {
        format!("{} x{}", r.backend, r.threads)
    } else {
        r.backend.clone()
    }
}

fn find_or_push<'a, T>(
    v: &'a mut Vec<(String, T)>,
    key: &str,
    new: impl FnOnce() -> T,
) -> &'a mut T {
    let i = match v.iter().position(|(k, _)| k == key) {
        Some(i) => i,
        None => {
            v.push((key.to_string(), new()));
            v.len() - 1
        }
    };
    &mut v[i].1
}

fn panels(rep: &Report) -> (Vec<LinePanel>, Vec<BarPanel>) {
    // panel -> [(line, [(size, rate)])]
    type Points = Vec<(f64, f64)>;
    let mut lines: Vec<(String, Vec<(String, Points)>)> = Vec::new();
    // operation -> [(algorithm, backend, ops/s)]
    type Bars = Vec<(String, String, f64)>;
    let mut ops: Vec<(String, Bars)> = Vec::new();
    for r in rep.rows.iter().filter(|r| plotted(r)) {
        let Some(rate) = r.rate.map(|x| x.median) else {
            continue;
        };
        match (r.size, &r.operation) {
            (Some(size), None) => {
                let mut panel = r.algorithm.clone();
                if let Some(d) = r.direction.as_deref().filter(|d| *d != "encrypt") {
                    panel = format!("{panel} ({d})");
                }
                let series = find_or_push(&mut lines, &panel, Vec::new);
                find_or_push(series, &who(r), Vec::new).push((size as f64, rate));
            }
            (_, Some(op)) => {
                find_or_push(&mut ops, op, Vec::new).push((r.algorithm.clone(), who(r), rate));
            }
            (None, None) => {}
        }
    }
    let lines = lines
        .into_iter()
        .map(|(name, series)| {
            let mut series: Vec<Series> = series
                .into_iter()
                .map(|(name, mut pts)| {
                    pts.sort_by(|a, b| a.0.total_cmp(&b.0));
                    Series { name, pts }
                })
                .collect();
            // Fastest first: the colours then follow the order of the names.
            let last = |s: &Series| s.pts.last().map_or(0.0, |p| p.1);
            series.sort_by(|a, b| last(b).total_cmp(&last(a)));
            LinePanel { name, series }
        })
        .collect();
    let bars = ops
        .into_iter()
        .map(|(op, v)| {
            let one_alg = v.iter().all(|(a, _, _)| *a == v[0].0);
            let title = if one_alg {
                format!("{} {op}: operations per second", v[0].0)
            } else {
                format!("{op}: operations per second")
            };
            let mut bars: Vec<(String, f64)> = v
                .into_iter()
                .map(|(a, b, x)| (if one_alg { b } else { format!("{a} {b}") }, x))
                .collect();
            bars.sort_by(|a, b| b.1.total_cmp(&a.1));
            BarPanel { title, bars }
        })
        .collect();
    (lines, bars)
}

fn size_label(s: f64) -> String {
    let n = s as u64;
    if n >= 1024 && n.is_multiple_of(1024) {
        format!("{} KiB", n / 1024)
    } else {
        n.to_string()
    }
}

fn footer(h: &Header) -> String {
    format!(
        "peregrine {} ({} build, {}), PEREGRINE_CPU={}; each figure the median of {} runs of {} s",
        h.peregrine,
        h.profile,
        h.target,
        h.peregrine_cpu.as_deref().unwrap_or("(unset)"),
        h.options.reps,
        trim(h.options.seconds / h.options.reps as f64, 3)
    )
}

// ---------------------------------------------------------------- speed --plot

/// A line panel, measured before drawing.
struct LineLayout<'a> {
    p: &'a LinePanel,
    axis: Axis,
    title: String,
    labels: Vec<String>,
    plot_h: f64,
}

/// A bar panel, measured before drawing.
struct BarLayout<'a> {
    p: &'a BarPanel,
    axis: Axis,
    title: String,
    values: Vec<String>,
}

fn line_layout(p: &LinePanel, scale: Scale) -> LineLayout<'_> {
    let ys = p.series.iter().flat_map(|s| s.pts.iter().map(|q| q.1));
    let (min, max) = ys.fold((f64::INFINITY, 0.0f64), |(a, b), y| (a.min(y), b.max(y)));
    let (axis, note) = Axis::choose(min, max, Quantity::Bytes, scale);
    let mut title = format!("{}: throughput by message size", p.name);
    if let Some(n) = note {
        title = format!("{title} ({n})");
    }
    let labels: Vec<String> = p
        .series
        .iter()
        .map(|s| {
            let last = s.pts.last().map_or(0.0, |q| q.1);
            format!("{} {}", s.name, fmt_rate(last, Quantity::Bytes))
        })
        .collect();
    let plot_h = (labels.len() as f64 * LABEL_GAP + LABEL).max(260.0);
    LineLayout {
        p,
        axis,
        title,
        labels,
        plot_h,
    }
}

fn bar_layout(p: &BarPanel, scale: Scale) -> BarLayout<'_> {
    let (min, max) = p.bars.iter().fold((f64::INFINITY, 0.0f64), |(a, b), x| {
        (a.min(x.1), b.max(x.1))
    });
    let (axis, note) = Axis::choose(min, max, Quantity::Ops, scale);
    let title = match note {
        Some(n) => format!("{} ({n})", p.title),
        None => p.title.clone(),
    };
    let values = p
        .bars
        .iter()
        .map(|(_, v)| fmt_rate(*v, Quantity::Ops))
        .collect();
    BarLayout {
        p,
        axis,
        title,
        values,
    }
}

const LINE_TOP: f64 = 56.0;
const LINE_BOTTOM: f64 = 46.0;
const BAR_TOP: f64 = 34.0;
const BAR_ROW: f64 = 24.0;
const BAR_BOTTOM: f64 = 46.0;
/// Narrowest value axis of a bar panel.
const BAR_MIN_W: f64 = 320.0;

/// The SVG text of `speed --plot`.
pub fn svg(rep: &Report, scale: Scale) -> Result<String, String> {
    let (lines, bars) = panels(rep);
    if lines.is_empty() && bars.is_empty() {
        return Err("nothing to plot: no measurement succeeded".into());
    }
    let lines: Vec<LineLayout> = lines.iter().map(|p| line_layout(p, scale)).collect();
    let bars: Vec<BarLayout> = bars.iter().map(|p| bar_layout(p, scale)).collect();
    let title_f = Font::new(TITLE).bold();
    let tick_f = Font::new(TICK).color(MUTED);
    let label_f = Font::new(LABEL);
    let small_f = Font::new(SMALL).color(MUTED);
    let foot = footer(&rep.header);

    // Widths: the line panels share their left margin and name column.
    let left = MARGIN
        + lines
            .iter()
            .map(|l| l.axis.widest_tick(&tick_f))
            .fold(0.0, f64::max)
        + 8.0;
    let names = lines
        .iter()
        .flat_map(|l| l.labels.iter())
        .map(|s| label_f.width(s))
        .fold(0.0, f64::max);
    let label_x = left + PLOT_W + 12.0;
    let mut width = if lines.is_empty() {
        0.0
    } else {
        label_x + names + MARGIN
    };
    for b in &bars {
        let name_w =
            b.p.bars
                .iter()
                .map(|x| label_f.width(&x.0))
                .fold(0.0, f64::max);
        let value_w = b
            .values
            .iter()
            .map(|v| label_f.width(v))
            .fold(0.0, f64::max);
        width = width.max(MARGIN + name_w + 10.0 + BAR_MIN_W + 6.0 + value_w + MARGIN);
    }
    let titles = lines
        .iter()
        .map(|l| &l.title)
        .chain(bars.iter().map(|b| &b.title));
    for t in titles {
        width = width.max(2.0 * MARGIN + title_f.width(t));
    }
    width = width.max(2.0 * MARGIN + small_f.width(&foot)).ceil();

    let height = lines
        .iter()
        .map(|l| LINE_TOP + l.plot_h + LINE_BOTTOM)
        .chain(
            bars.iter()
                .map(|b| BAR_TOP + b.p.bars.len() as f64 * BAR_ROW + BAR_BOTTOM),
        )
        .sum::<f64>()
        + 24.0;
    let mut s = Svg::new(width, height);
    let mut y0 = 0.0;
    for l in &lines {
        draw_lines(&mut s, l, y0, left, label_x);
        y0 += LINE_TOP + l.plot_h + LINE_BOTTOM;
    }
    // A backend keeps its colour from one operation's panel to the next.
    let mut who: Vec<&str> = Vec::new();
    for b in &bars {
        for (name, _) in &b.p.bars {
            if !who.contains(&name.as_str()) {
                who.push(name);
            }
        }
    }
    for b in &bars {
        draw_bars(&mut s, b, y0, width, &who);
        y0 += BAR_TOP + b.p.bars.len() as f64 * BAR_ROW + BAR_BOTTOM;
    }
    s.text(MARGIN, y0 + 14.0, &small_f, &foot);
    let names: Vec<&str> = lines
        .iter()
        .map(|l| l.p.name.as_str())
        .chain(bars.iter().map(|b| b.p.title.as_str()))
        .collect();
    Ok(s.finish(&format!("peregrine speed: {}", names.join(", "))))
}

fn draw_lines(s: &mut Svg, l: &LineLayout<'_>, y0: f64, left: f64, label_x: f64) {
    let title_f = Font::new(TITLE).bold();
    let tick_f = Font::new(TICK).color(MUTED);
    let label_f = Font::new(LABEL);
    let top = y0 + LINE_TOP;
    let bottom = top + l.plot_h;
    let right = left + PLOT_W;
    s.text(MARGIN, y0 + 22.0, &title_f, &l.title);

    // The rate axis.
    let y = |v: f64| bottom - l.axis.frac(v) * l.plot_h;
    let tick_end = tick_f.anchor(Anchor::End);
    let boxes: Vec<(BBox, u8)> = l
        .axis
        .ticks
        .iter()
        .map(|(v, t, r)| (tick_end.bbox(left - 6.0, y(*v) + MID * TICK, t), *r))
        .collect();
    for ((v, t, _), keep) in l.axis.ticks.iter().zip(keep_clear(&boxes, 2.0)) {
        let yy = y(*v);
        s.line((left, yy), (right, yy), GRID, 1.0);
        if keep {
            s.text(left - 6.0, yy + MID * TICK, &tick_end, t);
        }
    }
    let caption = match l.axis.unit {
        Some(u) => format!("{u} (median)"),
        None => "median, log scale".into(),
    };
    s.text(MARGIN, top - 14.0, &tick_f, &caption);

    // The size axis: log2, the measured sizes as ticks.
    let mut sizes: Vec<f64> =
        l.p.series
            .iter()
            .flat_map(|x| x.pts.iter().map(|q| q.0))
            .collect();
    sizes.sort_by(f64::total_cmp);
    sizes.dedup();
    let (lo, hi) = (
        sizes.first().copied().unwrap_or(1.0).max(1.0).log2(),
        sizes.last().copied().unwrap_or(1.0).max(1.0).log2(),
    );
    let pad = PLOT_W * 0.04;
    let x = |size: f64| {
        if hi > lo {
            left + pad + (size.max(1.0).log2() - lo) / (hi - lo) * (PLOT_W - 2.0 * pad)
        } else {
            left + PLOT_W / 2.0
        }
    };
    let ticks: Vec<(f64, String, u8)> = sizes.iter().map(|&v| (x(v), size_label(v), 0)).collect();
    for (xx, _, _) in &ticks {
        s.line((*xx, top), (*xx, bottom), GRID, 1.0);
    }
    for (xx, t) in thin_ticks(ticks, &tick_f, 6.0) {
        s.line((xx, bottom), (xx, bottom + 4.0), AXIS, 1.0);
        s.text(xx, bottom + 18.0, &tick_f.anchor(Anchor::Middle), &t);
    }
    s.line((left, top), (left, bottom), AXIS, 1.0);
    s.line((left, bottom), (right, bottom), AXIS, 1.0);
    s.text(
        left + PLOT_W / 2.0,
        bottom + 36.0,
        &tick_f.anchor(Anchor::Middle),
        "message size (bytes, log scale)",
    );

    // The lines, slowest drawn first so the fast ones stay on top.
    let style = |i: usize| {
        (
            PALETTE[i % PALETTE.len()],
            (i >= PALETTE.len()).then_some("7 4"),
        )
    };
    for (i, ser) in l.p.series.iter().enumerate().rev() {
        let (color, dash) = style(i);
        let pts: Vec<(f64, f64)> = ser.pts.iter().map(|&(a, b)| (x(a), y(b))).collect();
        s.polyline(&pts, color, 2.0, dash);
        for &p in &pts {
            s.circle(p, 3.0, color);
        }
    }

    // The names, in a column right of the plot, near their line's end.
    let want: Vec<f64> =
        l.p.series
            .iter()
            .map(|ser| y(ser.pts.last().map_or(0.0, |q| q.1)))
            .collect();
    let at = spread(
        &want,
        LABEL_GAP,
        top + (1.0 - MID) * LABEL,
        bottom - (MID + 0.25) * LABEL,
    );
    for (i, ser) in l.p.series.iter().enumerate() {
        let (color, _) = style(i);
        if let Some(&(a, b)) = ser.pts.last() {
            s.polyline(
                &[
                    (x(a) + 4.0, y(b)),
                    (right + 4.0, at[i]),
                    (label_x - 3.0, at[i]),
                ],
                color,
                1.0,
                None,
            );
        }
        s.text(
            label_x,
            at[i] + MID * LABEL,
            &label_f.color(color),
            &l.labels[i],
        );
    }
}

fn draw_bars(s: &mut Svg, b: &BarLayout<'_>, y0: f64, width: f64, who: &[&str]) {
    let title_f = Font::new(TITLE).bold();
    let tick_f = Font::new(TICK).color(MUTED);
    let label_f = Font::new(LABEL);
    s.text(MARGIN, y0 + 22.0, &title_f, &b.title);
    let name_w =
        b.p.bars
            .iter()
            .map(|x| label_f.width(&x.0))
            .fold(0.0, f64::max);
    let value_w = b
        .values
        .iter()
        .map(|v| label_f.width(v))
        .fold(0.0, f64::max);
    let left = MARGIN + name_w + 10.0;
    let axis_w = width - MARGIN - value_w - 6.0 - left;
    let top = y0 + BAR_TOP;
    let bottom = top + b.p.bars.len() as f64 * BAR_ROW;
    let x = |v: f64| left + b.axis.frac(v) * axis_w;
    let ticks: Vec<(f64, String, u8)> = b
        .axis
        .ticks
        .iter()
        .map(|(v, t, r)| (x(*v), t.clone(), *r))
        .collect();
    for (xx, _, _) in &ticks {
        s.line((*xx, top), (*xx, bottom), GRID, 1.0);
    }
    for (xx, t) in thin_ticks(ticks, &tick_f, 6.0) {
        s.line((xx, bottom), (xx, bottom + 4.0), AXIS, 1.0);
        s.text(xx, bottom + 18.0, &tick_f.anchor(Anchor::Middle), &t);
    }
    let caption = match b.axis.unit {
        Some(u) => format!("{u} (median)"),
        None => "operations per second (median, log scale)".into(),
    };
    s.text(
        left + axis_w / 2.0,
        bottom + 36.0,
        &tick_f.anchor(Anchor::Middle),
        &caption,
    );
    for (i, ((name, v), value)) in b.p.bars.iter().zip(&b.values).enumerate() {
        let c = top + (i as f64 + 0.5) * BAR_ROW;
        let k = who.iter().position(|w| w == name).unwrap_or(i);
        let color = PALETTE[k % PALETTE.len()];
        s.rect(left, c - 7.0, x(*v) - left, 14.0, color);
        s.text(
            left - 8.0,
            c + MID * LABEL,
            &label_f.anchor(Anchor::End),
            name,
        );
        s.text(x(*v) + 6.0, c + MID * LABEL, &label_f.halo(), value);
    }
    s.line((left, top), (left, bottom), AXIS, 1.0);
    s.line((left, bottom), (left + axis_w, bottom), AXIS, 1.0);
}

pub fn render(rep: &Report, path: &Path, scale: Scale) -> Result<(), String> {
    let text = svg(rep, scale)?;
    std::fs::write(path, text).map_err(|e| e.to_string())
}

// ---------------------------------------------------------------- compare --plot

/// The widest deviation from 1x the ratio axis shows, from this list.
const RATIO_STOPS: [f64; 16] = [
    1.1, 1.25, 1.5, 2.0, 3.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0, 1e3, 1e4, 1e5, 1e6,
];

/// The ticks right of 1x on a ratio axis reaching `reach`, in tiers
/// (powers of ten, then 2 and 5 times those, then the rest of
/// [`RATIO_STOPS`]), a tier only where its labels keep clear of the
/// others on both sides of 1x.
fn ratio_ticks(reach: f64, x: impl Fn(f64) -> f64, f: &Font<'_>) -> Vec<f64> {
    let f = f.anchor(Anchor::Middle);
    let within: Vec<f64> = RATIO_STOPS
        .iter()
        .copied()
        .filter(|&r| r <= reach * 1.0001)
        .collect();
    let tier = |r: f64| {
        let m = r / 10f64.powf(r.log10().floor());
        if (m - 1.0).abs() < 1e-9 {
            0
        } else if (m - 2.0).abs() < 1e-9 || (m - 5.0).abs() < 1e-9 {
            1
        } else {
            2
        }
    };
    let mut kept = vec![1.0];
    for t in 0..3 {
        let clear = |r: f64, kept: &[f64]| {
            let boxes = |v: f64| {
                let mut a = f.bbox(x(v), 0.0, &ratio_tick(v));
                let mut b = f.bbox(x(1.0 / v), 0.0, &ratio_tick(1.0 / v));
                a.x0 -= 8.0;
                b.x0 -= 8.0;
                [a, b]
            };
            let new = boxes(r);
            kept.iter().all(|&k| {
                boxes(k)
                    .iter()
                    .all(|b| new.iter().all(|n| !n.intersects(b)))
            }) && !new[0].intersects(&new[1])
        };
        for &r in within.iter().filter(|&&r| tier(r) == t) {
            if clear(r, &kept) {
                kept.push(r);
            }
        }
    }
    kept.sort_by(f64::total_cmp);
    kept
}

/// A ratio tick: "2x", "0.5x", "0.33x".
fn ratio_tick(r: f64) -> String {
    if r >= 1.0 {
        format!("{}x", trim(r, 2))
    } else {
        format!("{}x", trim(round3(r), if r >= 0.1 { 2 } else { 3 }))
    }
}

const CMP_TOP: f64 = 112.0;
const CMP_ROW: f64 = 22.0;
const CMP_BOTTOM: f64 = 48.0;

/// The SVG text of `speed compare --plot`: `lines` from
/// [`super::compare::pair`], the summary line and the two inputs.
pub fn compare_svg(
    lines: &[Line],
    summary: &str,
    (bname, before): (&str, &Header),
    (aname, after): (&str, &Header),
) -> String {
    let title_f = Font::new(TITLE).bold();
    let label_f = Font::new(LABEL);
    let tick_f = Font::new(TICK).color(MUTED);
    let small_f = Font::new(SMALL).color(MUTED);

    let mut rows: Vec<&Line> = lines.iter().collect();
    rows.sort_by(|a, b| b.ratio().total_cmp(&a.ratio()));
    let names: Vec<String> = rows
        .iter()
        .map(|l| format!("{} {}", l.name, l.what))
        .collect();
    let notes: Vec<String> = rows
        .iter()
        .map(|l| format!("{}  {}", fmt_ratio(l.ratio()), l.backend))
        .collect();

    let dev = rows
        .iter()
        .map(|l| {
            let r = l.ratio();
            if r >= 1.0 { r } else { 1.0 / r }
        })
        .filter(|d| d.is_finite())
        .fold(1.0, f64::max);
    let reach = RATIO_STOPS
        .iter()
        .copied()
        .find(|&s| s >= dev * 1.02)
        .unwrap_or(dev * 1.5);

    let name_w = names.iter().map(|n| label_f.width(n)).fold(0.0, f64::max);
    let note_w = notes.iter().map(|n| label_f.width(n)).fold(0.0, f64::max);
    let left = MARGIN + name_w + 10.0;
    let half = 260.0f64;
    let plot_w = 2.0 * (half + note_w + 8.0);
    let cx = left + plot_w / 2.0;
    let x = |r: f64| cx + r.ln() / reach.ln() * half;

    let head = [
        (
            title_f,
            "speed compare: AFTER / BEFORE for each figure (log scale, centred on 1x)".to_string(),
        ),
        (label_f, format!("AFTER {summary}")),
        (
            small_f,
            format!("BEFORE: {bname} ({})", describe(before)),
        ),
        (small_f, format!("AFTER: {aname} ({})", describe(after))),
        (
            small_f,
            "green: faster, red: slower, grey: within the noise (less than twice the larger CV, or 2%)"
                .to_string(),
        ),
    ];
    let mut width = left + plot_w + MARGIN;
    for (f, t) in &head {
        width = width.max(2.0 * MARGIN + f.width(t));
    }
    let top = CMP_TOP;
    let bottom = top + rows.len() as f64 * CMP_ROW;
    let mut s = Svg::new(width, bottom + CMP_BOTTOM);
    for ((f, t), y) in head.iter().zip([24.0, 46.0, 66.0, 82.0, 98.0]) {
        s.text(MARGIN, y, f, t);
    }

    // Ticks: 1x and the stops within reach, each side, thinned so their
    // labels keep apart.
    let right_ticks = ratio_ticks(reach, x, &tick_f);
    let mut ticks: Vec<(f64, String, u8)> = right_ticks
        .iter()
        .rev()
        .filter(|&&r| r > 1.0)
        .map(|&r| (x(1.0 / r), ratio_tick(1.0 / r), 0))
        .collect();
    ticks.extend(right_ticks.iter().map(|&r| (x(r), ratio_tick(r), 0)));
    for (xx, _, _) in &ticks {
        s.line((*xx, top - 4.0), (*xx, bottom), GRID, 1.0);
    }
    for (xx, t) in thin_ticks(ticks, &tick_f, 6.0) {
        s.line((xx, bottom), (xx, bottom + 4.0), AXIS, 1.0);
        s.text(xx, bottom + 18.0, &tick_f.anchor(Anchor::Middle), &t);
    }
    s.text(
        cx,
        bottom + 36.0,
        &tick_f.anchor(Anchor::Middle),
        "AFTER / BEFORE (log scale)",
    );

    for (i, l) in rows.iter().enumerate() {
        let c = top + (i as f64 + 0.5) * CMP_ROW;
        let r = l.ratio();
        let color = if l.noise() {
            NOISE
        } else if r > 1.0 {
            FASTER
        } else {
            SLOWER
        };
        let end = x(r);
        s.rect(end.min(cx), c - 7.0, (end - cx).abs().max(1.0), 14.0, color);
        s.text(
            left - 8.0,
            c + MID * LABEL,
            &label_f.anchor(Anchor::End),
            &names[i],
        );
        let (tx, anchor) = if r >= 1.0 {
            (end.max(cx) + 6.0, Anchor::Start)
        } else {
            (end - 6.0, Anchor::End)
        };
        s.text(
            tx,
            c + MID * LABEL,
            &label_f.anchor(anchor).halo(),
            &notes[i],
        );
    }
    s.line((cx, top - 4.0), (cx, bottom), AXIS, 1.5);
    s.line((left, bottom), (left + plot_w, bottom), AXIS, 1.0);
    s.finish(&format!("peregrine speed compare {bname} {aname}"))
}

/// The build and CPU of one side of a comparison.
fn describe(h: &Header) -> String {
    format!(
        "peregrine {}, {} build, {}, PEREGRINE_CPU={}",
        h.peregrine,
        h.profile,
        h.target,
        h.peregrine_cpu.as_deref().unwrap_or("(unset)")
    )
}

/// The boxes of every text element of an SVG this module wrote, with
/// the canvas size: for tests (here and in `compare`).
#[cfg(test)]
pub(crate) fn text_boxes(doc: &str) -> (f64, f64, Vec<(String, super::svg::BBox)>) {
    use super::svg::text_box;
    let x = roxmltree::Document::parse(doc).expect("well-formed SVG");
    let root = x.root_element();
    let num = |n: roxmltree::Node<'_, '_>, a: &str| -> f64 {
        n.attribute(a)
            .unwrap_or_else(|| panic!("{a} missing"))
            .parse()
            .unwrap_or_else(|_| panic!("{a} not a number"))
    };
    let (w, h) = (num(root, "width"), num(root, "height"));
    let boxes = root
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| {
            let t = n.text().unwrap_or("").to_string();
            let size = num(n, "font-size");
            let bold = n.attribute("font-weight") == Some("bold");
            let width = super::svg::text_width(&t, size, bold);
            let anchor = Anchor::parse(n.attribute("text-anchor"));
            let b = text_box(num(n, "x"), num(n, "y"), size, anchor, width);
            (t, b)
        })
        .collect();
    (w, h, boxes)
}

/// Asserts that no two texts of `doc` overlap and none leaves the canvas.
#[cfg(test)]
pub(crate) fn assert_readable(doc: &str) {
    let (w, h, boxes) = text_boxes(doc);
    assert!(!boxes.is_empty());
    for (t, b) in &boxes {
        assert!(b.inside(w, h), "'{t}' at {b:?} leaves the {w}x{h} canvas");
    }
    for (i, (t, b)) in boxes.iter().enumerate() {
        for (u, c) in &boxes[i + 1..] {
            assert!(!b.intersects(c), "'{t}' {b:?} overlaps '{u}' {c:?}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::compare::pair;
    use super::super::schema::tests::sample_report;
    use super::*;

    /// The case of the issue: aes-128-gcm with eleven backend pairings,
    /// four fast ones and seven slow ones ending within a few pixels of
    /// each other, long names, and RSA rows.
    fn crowded() -> Report {
        let mut rep = rsa_only(sample_report());
        let template = rep.rows[0].clone();
        rep.rows.retain(|r| r.operation.is_some());
        let pairs = [
            ("vaes+vpclmul", 13_579e6),
            ("vaes+pclmul", 8_618e6),
            ("aesni+vpclmul", 5_120e6),
            ("aesni+pclmul", 4_890e6),
            ("vaes+soft", 201e6),
            ("aesni+soft", 199e6),
            ("soft+vpclmul", 197e6),
            ("soft+pclmul", 196e6),
            ("vaes+soft x2", 195e6),
            ("soft+soft", 61e6),
            ("aws-lc-rs", 60e6),
        ];
        for (name, top) in pairs {
            for (i, size) in [16usize, 64, 256, 1024, 8192, 16384]
                .into_iter()
                .enumerate()
            {
                let mut r = template.clone();
                r.algorithm = "aes-128-gcm".into();
                r.backend = name.into();
                r.size = Some(size);
                let rate = r.rate.as_mut().unwrap();
                rate.median = top * [0.08, 0.25, 0.55, 0.85, 0.98, 1.0][i];
                rep.rows.push(r);
            }
        }
        rep
    }

    fn texts(doc: &str) -> Vec<String> {
        text_boxes(doc).2.into_iter().map(|(t, _)| t).collect()
    }

    /// No two texts overlap and none leaves the canvas, in every scale,
    /// for the crowded panel, the RSA panels and the small sample.
    #[test]
    fn labels_never_overlap_or_leave_the_canvas() {
        for rep in [crowded(), sample_report()] {
            for scale in [Scale::Auto, Scale::Linear, Scale::Log] {
                let doc = svg(&rep, scale).unwrap();
                assert_readable(&doc);
                // Self-contained: nothing to fetch, nothing to run.
                for bad in ["<script", "href", "@import", "url(", "<style"] {
                    assert!(!doc.contains(bad), "{bad}");
                }
            }
        }
    }

    /// The sample report without its curve25519 rows: these pictures
    /// were drawn for its hash and RSA rows.
    fn rsa_only(mut rep: Report) -> Report {
        rep.rows
            .retain(|r| r.operation.is_none() || r.algorithm.starts_with("rsa"));
        rep
    }

    #[test]
    fn crowded_panel_names_every_line_with_units() {
        let doc = svg(&crowded(), Scale::Auto).unwrap();
        let t = texts(&doc);
        for want in [
            "vaes+vpclmul 13.6 GB/s",
            "vaes+pclmul 8.62 GB/s",
            "soft+soft 61.0 MB/s",
            "aws-lc-rs 60.0 MB/s",
            "vaes+soft x2 195 MB/s",
        ] {
            assert!(t.iter().any(|x| x == want), "{want} in {t:?}");
        }
        // 13.6 GB/s over 4.9 MB/s: more than two decades, so log, said in
        // the title; the ticks carry their units.
        assert!(
            t.iter().any(|x| x.starts_with("aes-128-gcm: throughput")
                && x.contains("log scale: the rates span 2830x")),
            "{t:?}"
        );
        for tick in ["10 MB/s", "100 MB/s", "1 GB/s", "10 GB/s"] {
            assert!(t.contains(&tick.to_string()), "{tick} in {t:?}");
        }
        // Forced linear: GB/s, whole numbers.
        let t = texts(&svg(&crowded(), Scale::Linear).unwrap());
        assert!(t.contains(&"GB/s (median)".to_string()), "{t:?}");
        assert!(t.contains(&"14".to_string()) || t.contains(&"15".to_string()));
        assert!(!t.iter().any(|x| x.ends_with(".0")), "{t:?}");
        // Public-key operations: a panel each, in operations per second.
        for want in [
            "rsa2048 sign: operations per second",
            "rsa2048 verify: operations per second",
        ] {
            assert!(t.iter().any(|x| x == want), "{want} in {t:?}");
        }
        assert!(t.contains(&"1.00 k ops/s".to_string()), "{t:?}");
    }

    #[test]
    fn units_and_ticks() {
        let q = Quantity::Bytes;
        assert_eq!(fmt_rate(13_579e6, q), "13.6 GB/s");
        assert_eq!(fmt_rate(999.7e6, q), "1.00 GB/s");
        assert_eq!(fmt_rate(850.2e6, q), "850 MB/s");
        assert_eq!(fmt_rate(61e3, q), "61.0 kB/s");
        assert_eq!(fmt_rate(12.0, q), "12.0 B/s");
        assert_eq!(fmt_rate(1520.0, Quantity::Ops), "1.52 k ops/s");
        assert_eq!(fmt_rate(31.4, Quantity::Ops), "31.4 ops/s");
        let labels = |a: &Axis| a.ticks.iter().map(|t| t.1.clone()).collect::<Vec<_>>();
        let a = Axis::linear(14e9, q);
        assert_eq!(a.unit, Some("GB/s"));
        assert_eq!(labels(&a), ["0", "5", "10", "15"]);
        let a = Axis::linear(1.5e9, q);
        assert_eq!(labels(&a), ["0", "0.5", "1", "1.5", "2"]);
        let a = Axis::linear(0.9e9, q);
        assert_eq!(a.unit, Some("MB/s"));
        assert_eq!(labels(&a), ["0", "200", "400", "600", "800", "1000"]);
        let a = Axis::log(4.9e6, 13.6e9, q);
        assert_eq!(
            labels(&a),
            [
                "2 MB/s", "10 MB/s", "100 MB/s", "1 GB/s", "10 GB/s", "20 GB/s"
            ]
        );
        assert!((a.frac(2e8) - 0.5).abs() < 1e-12);
        assert_eq!((a.frac(2e6), a.frac(2e10)), (0.0, 1.0));
        // Two decades or fewer: 2 and 5 too.
        let a = Axis::log(150.0, 3000.0, Quantity::Ops);
        assert_eq!(
            labels(&a),
            [
                "100 ops/s",
                "200 ops/s",
                "500 ops/s",
                "1 k ops/s",
                "2 k ops/s",
                "5 k ops/s"
            ]
        );
        // Auto: log beyond two decades only.
        assert!(!Axis::choose(1e8, 9e9, q, Scale::Auto).0.log);
        assert!(Axis::choose(1e7, 9e9, q, Scale::Auto).0.log);
        assert!(!Axis::choose(1e7, 9e9, q, Scale::Linear).0.log);
        assert!(Axis::choose(1e8, 9e9, q, Scale::Log).0.log);
    }

    #[test]
    fn spread_keeps_order_gap_and_bounds() {
        // Apart already: unmoved.
        assert_eq!(
            spread(&[10.0, 50.0, 30.0], 15.0, 0.0, 100.0),
            [10.0, 50.0, 30.0]
        );
        // Seven on top of each other near the bottom.
        let want = [95.0, 96.0, 94.5, 97.0, 95.5, 96.5, 98.0, 5.0];
        let got = spread(&want, 12.0, 0.0, 100.0);
        let mut order: Vec<usize> = (0..want.len()).collect();
        order.sort_by(|&a, &b| want[a].total_cmp(&want[b]));
        for w in order.windows(2) {
            assert!(got[w[1]] - got[w[0]] >= 12.0 - 1e-9, "{got:?}");
        }
        assert!(got.iter().all(|&y| (0.0..=100.0).contains(&y)), "{got:?}");
        assert_eq!(got[6], 100.0);
        assert_eq!(got[7], 5.0);
        // Clamped at the top.
        let got = spread(&[-5.0, -4.0], 10.0, 0.0, 100.0);
        assert_eq!(got, [0.0, 10.0]);
    }

    #[test]
    fn renders_parseable_svg() {
        let rep = sample_report();
        let text = svg(&rep, Scale::Auto).unwrap();
        let doc = roxmltree::Document::parse(&text).expect("well-formed SVG");
        assert_eq!(doc.root_element().tag_name().name(), "svg");
        let lines = doc
            .descendants()
            .filter(|n| n.tag_name().name() == "polyline")
            .count();
        // shani, soft and ring, each a line and a leader (graviola is n/a).
        assert_eq!(lines, 6, "{lines} polylines");
        let texts = texts(&text);
        for name in ["shani", "soft", "ring"] {
            assert!(
                texts.iter().any(|t| t.starts_with(name)),
                "{name} label in {texts:?}"
            );
        }
        assert!(!texts.iter().any(|t| t.starts_with("graviola")));
    }

    #[test]
    fn refuses_bad_targets_and_empty_reports() {
        assert!(check_target(Path::new("x.png")).is_err());
        assert!(check_target(Path::new("/nonexistent-dir/x.svg")).is_err());
        assert!(check_target(Path::new("x.svg")).is_ok());
        let mut rep = sample_report();
        rep.rows.retain(|r| r.status != Status::Ok);
        assert!(
            svg(&rep, Scale::Auto)
                .unwrap_err()
                .contains("nothing to plot")
        );
    }

    /// One bar per figure, sorted by ratio, grey within the noise, the
    /// backend change on the bar, the texts clear of each other.
    #[test]
    fn compare_picture() {
        let mut before = rsa_only(sample_report());
        before.rows.retain(|r| r.backend != "shani");
        let mut after = rsa_only(sample_report());
        after.rows.retain(|r| r.backend != "soft");
        for r in &mut after.rows {
            if r.backend == "shani" {
                r.backend = "avx2".into();
            }
        }
        // ring 16 bytes twice as fast, 64 bytes 1% (noise); RSA sign 0.5x.
        after.rows[1].rate.as_mut().unwrap().median *= 2.0;
        after.rows[4].rate.as_mut().unwrap().median *= 1.01;
        let sign = after
            .rows
            .iter_mut()
            .find(|r| r.operation.as_deref() == Some("sign"))
            .unwrap();
        sign.rate.as_mut().unwrap().median *= 0.5;
        let (lines, _) = pair(&before, &after);
        assert_eq!(lines.len(), 6);
        let doc = compare_svg(
            &lines,
            "mixed",
            ("before.json", &before.header),
            ("after.json", &after.header),
        );
        assert_readable(&doc);
        let t = texts(&doc);
        // Sorted by ratio: sha256 4x (soft -> avx2) first, rsa sign last.
        let rows: Vec<&String> = t
            .iter()
            .filter(|x| x.starts_with("sha256 ") || x.starts_with("rsa2048 "))
            .collect();
        assert_eq!(rows.first().map(|s| s.as_str()), Some("sha256 16 bytes"));
        assert_eq!(rows.last().map(|s| s.as_str()), Some("rsa2048 sign"));
        assert!(t.contains(&"4.00x  soft -> avx2".to_string()), "{t:?}");
        assert!(t.contains(&"0.50x  adx".to_string()), "{t:?}");
        for tick in ["1x", "2x", "0.5x"] {
            assert!(t.contains(&tick.to_string()), "{tick} in {t:?}");
        }
        let x = roxmltree::Document::parse(&doc).unwrap();
        let fills: Vec<&str> = x
            .descendants()
            .filter(|n| n.has_tag_name("rect"))
            .filter_map(|n| n.attribute("fill"))
            .collect();
        let noise = lines.iter().filter(|l| l.noise()).count();
        assert_eq!(fills.iter().filter(|&&f| f == NOISE).count(), noise);
        assert_eq!(fills.iter().filter(|&&f| f == SLOWER).count(), 1);
        assert!(noise >= 2, "{lines:?}");
        // A long backend change and many rows still fit.
        let mut many = lines.clone();
        for i in 0..40 {
            let mut l = lines[0].clone();
            l.name = format!("chacha20-poly1305 #{i}");
            l.backend = "soft+soft -> vaes512+vpclmul512".into();
            l.after = l.before * (0.01 + i as f64 * 3.0);
            many.push(l);
        }
        assert_readable(&compare_svg(
            &many,
            "mixed",
            ("b.json", &before.header),
            ("a.json", &after.header),
        ));
    }
}
