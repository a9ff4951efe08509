//! `speed --plot FILE.svg`: throughput against buffer size, one panel per
//! algorithm, one line per backend or peer. Each line carries its name at
//! its right end (and the lines differ in colour and marker), so the chart
//! reads without a legend. Public-key rows have no size axis and are left
//! out (the tables have them).

use std::path::Path;

use plotters::prelude::*;

use super::schema::{Report, Row, Status};

const PALETTE: [RGBColor; 8] = [
    RGBColor(0x1f, 0x77, 0xb4),
    RGBColor(0xd6, 0x27, 0x28),
    RGBColor(0x2c, 0xa0, 0x2c),
    RGBColor(0xff, 0x7f, 0x0e),
    RGBColor(0x94, 0x67, 0xbd),
    RGBColor(0x8c, 0x56, 0x4b),
    RGBColor(0xe3, 0x77, 0xc2),
    RGBColor(0x17, 0xbe, 0xcf),
];

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

/// A line of the chart: its label and (size, MB/s) points.
type Series = (String, Vec<(f64, f64)>);

fn panels(rep: &Report) -> Vec<(String, Vec<Series>)> {
    let mut out: Vec<(String, Vec<Series>)> = Vec::new();
    let plotted = |r: &&Row| {
        r.status == Status::Ok && r.size.is_some() && r.thread.is_none() && r.rate.is_some()
    };
    for r in rep.rows.iter().filter(plotted) {
        let (Some(size), Some(rate)) = (r.size, r.rate) else {
            continue;
        };
        let label = if r.threads > 1 {
            format!("{} x{}", r.backend, r.threads)
        } else {
            r.backend.clone()
        };
        let panel = match out.iter_mut().position(|(a, _)| *a == r.algorithm) {
            Some(i) => &mut out[i].1,
            None => {
                out.push((r.algorithm.clone(), Vec::new()));
                &mut out.last_mut().expect("just pushed").1
            }
        };
        let point = (size as f64, rate.median / 1e6);
        match panel.iter_mut().find(|(l, _)| *l == label) {
            Some((_, pts)) => pts.push(point),
            None => panel.push((label, vec![point])),
        }
    }
    for (_, series) in &mut out {
        for (_, pts) in series.iter_mut() {
            pts.sort_by(|a, b| a.0.total_cmp(&b.0));
        }
    }
    out
}

/// The SVG text.
pub fn svg(rep: &Report) -> Result<String, String> {
    let panels = panels(rep);
    if panels.is_empty() {
        return Err("nothing to plot: the plot shows throughput rows (sizes), and none ran".into());
    }
    let (w, h) = (900u32, 380u32);
    let mut text = String::new();
    {
        let root =
            SVGBackend::with_string(&mut text, (w, h * panels.len() as u32)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let areas = root.split_evenly((panels.len(), 1));
        for ((alg, series), area) in panels.iter().zip(areas) {
            let xs = series.iter().flat_map(|(_, p)| p.iter().map(|q| q.0));
            let (xmin, xmax) = xs.fold((f64::INFINITY, 0.0f64), |(a, b), x| (a.min(x), b.max(x)));
            let ymax = series
                .iter()
                .flat_map(|(_, p)| p.iter().map(|q| q.1))
                .fold(0.0f64, f64::max)
                .max(1e-6);
            // Room on the right for the line labels.
            let xhi = if xmax > xmin { xmax * 4.0 } else { xmin * 8.0 };
            let mut chart = ChartBuilder::on(&area)
                .caption(
                    format!("{alg}: throughput against buffer size"),
                    ("sans-serif", 18),
                )
                .margin(12)
                .x_label_area_size(36)
                .y_label_area_size(64)
                .build_cartesian_2d((xmin.max(1.0) / 1.5..xhi).log_scale(), 0.0..ymax * 1.1)
                .map_err(|e| e.to_string())?;
            chart
                .configure_mesh()
                .x_desc("buffer size (bytes, log scale)")
                .y_desc("MB/s (median)")
                .x_label_formatter(&|v| format!("{}", v.round() as u64))
                .draw()
                .map_err(|e| e.to_string())?;
            for (i, (label, pts)) in series.iter().enumerate() {
                let color = PALETTE[i % PALETTE.len()];
                chart
                    .draw_series(LineSeries::new(pts.iter().copied(), color.stroke_width(2)))
                    .map_err(|e| e.to_string())?;
                chart
                    .draw_series(pts.iter().map(|&p| Circle::new(p, 3, color.filled())))
                    .map_err(|e| e.to_string())?;
                if let Some(&(x, y)) = pts.last() {
                    chart
                        .draw_series(std::iter::once(Text::new(
                            format!("{label} {y:.0} MB/s"),
                            (x * 1.15, y),
                            ("sans-serif", 14).into_font().color(&color),
                        )))
                        .map_err(|e| e.to_string())?;
                }
            }
        }
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(text)
}

pub fn render(rep: &Report, path: &Path) -> Result<(), String> {
    let text = svg(rep)?;
    std::fs::write(path, text).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::super::schema::tests::sample_report;
    use super::*;

    /// The SVG parses as XML, has one polyline per plotted line and the
    /// line names as text.
    #[test]
    fn renders_parseable_svg() {
        let rep = sample_report();
        let text = svg(&rep).unwrap();
        let doc = roxmltree::Document::parse(&text).expect("well-formed SVG");
        assert_eq!(doc.root_element().tag_name().name(), "svg");
        let lines = doc
            .descendants()
            .filter(|n| n.tag_name().name() == "polyline")
            .count();
        // shani, soft and ring have two points each (graviola is n/a).
        assert!(lines >= 3, "{lines} polylines");
        let texts: Vec<&str> = doc
            .descendants()
            .filter(|n| n.tag_name().name() == "text")
            .filter_map(|n| n.text().map(str::trim))
            .collect();
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
        rep.rows.retain(|r| r.size.is_none());
        assert!(svg(&rep).unwrap_err().contains("nothing to plot"));
    }
}
