//! A small SVG writer for the pictures of `speed --plot` and `speed
//! compare --plot`. The documents are self-contained (no fonts, scripts,
//! styles or links) and every text element carries its own position, size
//! and anchor, so a reader (or a test) can compute where it lands.
//!
//! Text is measured with the advance widths of DejaVu Sans (regular and
//! bold, read from the font's `hmtx` table), the widest of the fonts the
//! documents name; Arial, Helvetica and Liberation Sans are narrower, so a
//! layout that fits with these widths fits with them too.

use std::fmt::Write as _;

/// The font list of every text element.
pub const FONT: &str = "DejaVu Sans, Arial, Helvetica, sans-serif";

/// Above the baseline, as a fraction of the font size: DejaVu Sans's
/// tallest ASCII glyphs (brackets, `|`) reach 0.76 em.
pub const ASCENT: f64 = 0.8;
/// Below the baseline: descenders reach 0.24 em.
pub const DESCENT: f64 = 0.25;

/// Advance widths of ASCII 32..=126 in thousandths of an em.
const REGULAR: [u16; 95] = [
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636,
    636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698, 770, 632,
    575, 775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732, 684, 989, 685,
    611, 685, 390, 337, 390, 838, 500, 500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579,
    278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
];
const BOLD: [u16; 95] = [
    348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696, 696,
    696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734, 830, 683,
    683, 821, 837, 372, 372, 775, 637, 995, 837, 850, 733, 850, 770, 720, 682, 812, 774, 1103, 771,
    724, 725, 457, 365, 457, 838, 500, 500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665,
    343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,
];

/// The width of `s` at `size` pixels; a character outside ASCII counts as
/// a whole em.
pub fn text_width(s: &str, size: f64, bold: bool) -> f64 {
    let table = if bold { &BOLD } else { &REGULAR };
    let units: u32 = s
        .chars()
        .map(|c| match c as u32 {
            n @ 32..=126 => u32::from(table[(n - 32) as usize]),
            _ => 1000,
        })
        .sum();
    f64::from(units) * size / 1000.0
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    Start,
    Middle,
    End,
}

impl Anchor {
    fn name(self) -> &'static str {
        match self {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        }
    }

    /// Parses the `text-anchor` attribute (absent means start).
    #[cfg(test)]
    pub fn parse(s: Option<&str>) -> Anchor {
        match s {
            Some("middle") => Anchor::Middle,
            Some("end") => Anchor::End,
            _ => Anchor::Start,
        }
    }
}

/// An axis-aligned box: x0 <= x1, y0 <= y1.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BBox {
    pub x0: f64,
    pub y0: f64,
    pub x1: f64,
    pub y1: f64,
}

impl BBox {
    pub fn intersects(&self, o: &BBox) -> bool {
        self.x0 < o.x1 && o.x0 < self.x1 && self.y0 < o.y1 && o.y0 < self.y1
    }

    #[cfg(test)]
    pub fn inside(&self, w: f64, h: f64) -> bool {
        self.x0 >= 0.0 && self.y0 >= 0.0 && self.x1 <= w && self.y1 <= h
    }
}

/// Where a text of width `width` lands, drawn at (x, baseline y).
pub fn text_box(x: f64, y: f64, size: f64, anchor: Anchor, width: f64) -> BBox {
    let x0 = match anchor {
        Anchor::Start => x,
        Anchor::Middle => x - width / 2.0,
        Anchor::End => x - width,
    };
    BBox {
        x0,
        y0: y - ASCENT * size,
        x1: x0 + width,
        y1: y + DESCENT * size,
    }
}

/// The style of one text element.
#[derive(Debug, Clone, Copy)]
pub struct Font<'a> {
    pub size: f64,
    pub anchor: Anchor,
    pub color: &'a str,
    pub bold: bool,
    /// A white outline under the glyphs, for text drawn over grid lines.
    pub halo: bool,
}

impl<'a> Font<'a> {
    pub fn new(size: f64) -> Font<'a> {
        Font {
            size,
            anchor: Anchor::Start,
            color: "#222",
            bold: false,
            halo: false,
        }
    }
    pub fn anchor(self, anchor: Anchor) -> Self {
        Font { anchor, ..self }
    }
    pub fn color(self, color: &'a str) -> Self {
        Font { color, ..self }
    }
    pub fn bold(self) -> Self {
        Font { bold: true, ..self }
    }
    pub fn halo(self) -> Self {
        Font { halo: true, ..self }
    }
    pub fn width(&self, s: &str) -> f64 {
        text_width(s, self.size, self.bold)
    }
    /// The box of `s` drawn at (x, baseline y).
    pub fn bbox(&self, x: f64, y: f64, s: &str) -> BBox {
        text_box(x, y, self.size, self.anchor, self.width(s))
    }
}

/// Escapes text and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// A document being drawn; coordinates in pixels, y down.
pub struct Svg {
    w: f64,
    h: f64,
    body: String,
}

impl Svg {
    pub fn new(w: f64, h: f64) -> Svg {
        Svg {
            w: w.ceil(),
            h: h.ceil(),
            body: String::new(),
        }
    }

    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str) {
        let _ = writeln!(
            self.body,
            r#"<rect x="{x:.1}" y="{y:.1}" width="{:.1}" height="{:.1}" fill="{fill}"/>"#,
            w.max(0.0),
            h.max(0.0)
        );
    }

    pub fn line(&mut self, (x1, y1): (f64, f64), (x2, y2): (f64, f64), stroke: &str, width: f64) {
        let _ = writeln!(
            self.body,
            r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{stroke}" stroke-width="{width}"/>"#
        );
    }

    /// `dash`: an SVG `stroke-dasharray` value, or none for a solid line.
    pub fn polyline(
        &mut self,
        points: &[(f64, f64)],
        stroke: &str,
        width: f64,
        dash: Option<&str>,
    ) {
        let pts: Vec<String> = points
            .iter()
            .map(|(x, y)| format!("{x:.1},{y:.1}"))
            .collect();
        let dash = dash.map_or(String::new(), |d| format!(r#" stroke-dasharray="{d}""#));
        let _ = writeln!(
            self.body,
            r#"<polyline points="{}" fill="none" stroke="{stroke}" stroke-width="{width}" stroke-linejoin="round"{dash}/>"#,
            pts.join(" ")
        );
    }

    pub fn circle(&mut self, (cx, cy): (f64, f64), r: f64, fill: &str) {
        let _ = writeln!(
            self.body,
            r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="{r}" fill="{fill}"/>"#
        );
    }

    /// `s` at (x, baseline y).
    pub fn text(&mut self, x: f64, y: f64, f: &Font<'_>, s: &str) {
        let mut attrs = format!(
            r#"x="{x:.1}" y="{y:.1}" font-size="{}" fill="{}""#,
            f.size, f.color
        );
        if f.anchor != Anchor::Start {
            let _ = write!(attrs, r#" text-anchor="{}""#, f.anchor.name());
        }
        if f.bold {
            attrs.push_str(r#" font-weight="bold""#);
        }
        if f.halo {
            attrs.push_str(
                r#" stroke="white" stroke-width="3" stroke-linejoin="round" paint-order="stroke""#,
            );
        }
        let _ = writeln!(self.body, "<text {attrs}>{}</text>", escape(s));
    }

    /// The document, with `title` as its accessible name.
    pub fn finish(self, title: &str) -> String {
        format!(
            concat!(
                r#"<?xml version="1.0" encoding="UTF-8"?>"#,
                "\n",
                r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="{font}">"#,
                "\n<title>{title}</title>\n",
                r#"<rect width="100%" height="100%" fill="white"/>"#,
                "\n{body}</svg>\n"
            ),
            w = self.w,
            h = self.h,
            font = FONT,
            title = escape(title),
            body = self.body
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_and_boxes() {
        // DejaVu Sans: "0" is 0.636 em, "m" 0.974, "i" 0.278.
        assert!((text_width("0", 10.0, false) - 6.36).abs() < 1e-9);
        assert!((text_width("mi", 1000.0, false) - 1252.0).abs() < 1e-9);
        assert!(text_width("GB/s", 12.0, true) > text_width("GB/s", 12.0, false));
        assert_eq!(text_width("\u{2192}", 10.0, false), 10.0);
        let b = text_box(100.0, 50.0, 10.0, Anchor::End, 40.0);
        assert_eq!((b.x0, b.x1, b.y0, b.y1), (60.0, 100.0, 42.0, 52.5));
        let m = text_box(100.0, 50.0, 10.0, Anchor::Middle, 40.0);
        assert_eq!((m.x0, m.x1), (80.0, 120.0));
        assert!(b.intersects(&m));
        let below = text_box(100.0, 61.0, 10.0, Anchor::End, 40.0);
        assert!(!b.intersects(&below));
        assert!(b.inside(100.0, 60.0) && !b.inside(99.0, 60.0));
    }

    #[test]
    fn document_is_well_formed_and_escaped() {
        let mut s = Svg::new(200.0, 100.5);
        s.rect(1.0, 2.0, 3.0, 4.0, "#abc");
        s.line((0.0, 0.0), (10.0, 10.0), "#000", 1.0);
        s.polyline(&[(0.0, 1.0), (2.0, 3.0)], "#f00", 2.0, Some("6 3"));
        s.circle((5.0, 5.0), 3.0, "#0f0");
        let f = Font::new(12.0).anchor(Anchor::End).bold().halo();
        s.text(50.0, 20.0, &f, "soft -> <avx2> & \"x\"");
        let doc = s.finish("a <title>");
        let x = roxmltree::Document::parse(&doc).expect("well-formed");
        let root = x.root_element();
        assert_eq!(root.attribute("width"), Some("200"));
        assert_eq!(root.attribute("height"), Some("101"));
        let t = root.descendants().find(|n| n.has_tag_name("text")).unwrap();
        assert_eq!(t.text(), Some("soft -> <avx2> & \"x\""));
        assert_eq!(t.attribute("text-anchor"), Some("end"));
        assert_eq!(t.attribute("font-weight"), Some("bold"));
        // Self-contained: nothing to fetch, nothing to run.
        for bad in ["<script", "href", "@import", "url("] {
            assert!(!doc.contains(bad), "{bad}");
        }
    }
}
