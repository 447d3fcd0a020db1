//! Line and scatter charts as SVG text: axes with round ticks, series, a legend.
//!
//! Pure: a [`Chart`] in, a `String` of SVG out; no fonts or pixels here ([`crate::png`]
//! rasterises). Text is drawn in [`crate::FONT_FAMILY`], which the rasteriser carries.
//!
//! The y axis starts at 0 (or at [`Chart::y_floor`], zoomed) and reaches [`HEADROOM`]
//! of its span above the largest value it must show (every series', or [`Chart::y_fit`]),
//! rounded to ticks. What lies beyond is clipped, or with [`Chart::pin`] drawn at the
//! edge it passed, and the legend names only the series that show: the legend and the
//! lines always agree. The legend runs under the plot in as many rows as its entries
//! need; the plot gives up the height.

use std::fmt::Write;

/// How a series is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Points joined by a line, with a marker on each.
    LineMarkers,
    /// A dashed line without markers (a limit, such as the line rate); a single point is
    /// a level across the whole plot.
    Dashed,
    /// Markers only.
    Markers,
    /// Hollow markers only (points that count for less, such as generator-limited trials).
    Hollow,
}

/// One named set of points.
#[derive(Clone, Debug)]
pub struct Series {
    /// Legend text.
    pub name: String,
    /// CSS colour (`#1f77b4`).
    pub color: String,
    /// How it is drawn.
    pub style: Style,
    /// (x, y) in data units; for a categorical x axis, x is the category's index.
    pub points: Vec<(f64, f64)>,
}

/// A chart: a title, two axis labels, series.
#[derive(Clone, Debug)]
pub struct Chart {
    /// Title above the plot.
    pub title: String,
    /// Label under the x axis.
    pub x_label: String,
    /// Label beside the y axis.
    pub y_label: String,
    /// Category names of a categorical x axis (point x = index); None: numeric x.
    pub categories: Option<Vec<String>>,
    /// The series, drawn in order.
    pub series: Vec<Series>,
    /// The largest y the axis must show; None: every series' largest. Set it to fit the
    /// data and let a far-off limit (a line rate) go off the top rather than flatten them.
    pub y_fit: Option<f64>,
    /// The lowest y the axis shows (rounded down to a tick); None: 0. A zoom onto values
    /// far from 0; say so in [`Chart::note`].
    pub y_floor: Option<f64>,
    /// Markers beyond the y axis are drawn at the edge they passed, as triangles pointing
    /// their way (a zoomed axis keeps every point in view); otherwise they are left out.
    pub pin: bool,
    /// A line under the title (what the plot leaves out, such as a limit off the scale).
    pub note: Option<String>,
    /// Size in pixels.
    pub width: u32,
    /// Size in pixels.
    pub height: u32,
}

/// Colours that stay apart for people with the common colour-vision deficiencies
/// (Okabe and Ito's palette).
pub const PALETTE: [&str; 7] = ["#0072b2", "#e69f00", "#009e73", "#d55e00", "#cc79a7", "#56b4e9", "#000000"];

impl Chart {
    /// An empty chart of the default size (800 x 450).
    pub fn new(title: impl Into<String>, x_label: impl Into<String>, y_label: impl Into<String>) -> Self {
        Chart {
            title: title.into(),
            x_label: x_label.into(),
            y_label: y_label.into(),
            categories: None,
            series: vec![],
            y_fit: None,
            y_floor: None,
            pin: false,
            note: None,
            width: 800,
            height: 450,
        }
    }
}

/// How far above the largest value the y axis reaches (before rounding up to a tick).
pub const HEADROOM: f64 = 1.05;

/// A round step for about `target` intervals over `span`: 1, 2 or 5 times a power of ten.
pub fn nice_step(span: f64, target: usize) -> f64 {
    if !(span.is_finite() && span > 0.0) {
        return 1.0;
    }
    let raw = span / target.max(1) as f64;
    let mag = 10f64.powf(raw.log10().floor());
    let unit = raw / mag;
    let nice = if unit <= 1.0 {
        1.0
    } else if unit <= 2.0 {
        2.0
    } else if unit <= 5.0 {
        5.0
    } else {
        10.0
    };
    nice * mag
}

/// Tick values from `lo` up to the first multiple of the step at or above `hi`.
pub fn ticks(lo: f64, hi: f64, target: usize) -> Vec<f64> {
    let step = nice_step(hi - lo, target);
    let start = (lo / step).floor() * step;
    let mut v = vec![];
    let mut i = 0;
    loop {
        let t = start + step * i as f64;
        // Snap away float noise (0.30000000000000004).
        let t = (t / step).round() * step;
        v.push(t);
        if t >= hi - step * 1e-9 || i > 1000 {
            break;
        }
        i += 1;
    }
    v
}

/// A tick label: no more decimals than the step needs.
fn tick_label(v: f64, step: f64) -> String {
    let decimals = if step >= 1.0 { 0 } else { (-step.log10().floor()) as usize };
    format!("{v:.decimals$}")
}

/// Escapes text for SVG.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// Whether a point falls in the plot (y from `y0` to `y_top`): a series with none is
/// neither drawn nor in the legend (unless the chart pins what passes the axis).
fn shows(x: f64, y: f64, (y0, y_top): (f64, f64)) -> bool {
    x.is_finite() && y.is_finite() && (y0..=y_top).contains(&y)
}

/// The legend text's width in pixels, at the chart's 13 px: a generous average per
/// character, so an entry never runs past the one after it or off the chart.
fn text_width(s: &str) -> f64 {
    7.5 * s.chars().count() as f64
}

/// Rows of legend entries (indices into `names`), each row at most `room` pixels wide.
fn legend_rows(names: &[&str], room: f64) -> Vec<Vec<usize>> {
    let mut rows: Vec<Vec<usize>> = vec![];
    let mut used = f64::INFINITY;
    for (i, n) in names.iter().enumerate() {
        let w = 28.0 + text_width(n);
        if used + 12.0 + w > room {
            rows.push(vec![]);
            used = -12.0;
        }
        used += 12.0 + w;
        if let Some(r) = rows.last_mut() {
            r.push(i);
        }
    }
    rows
}

/// Height of one legend row.
const LEGEND_ROW: f64 = 22.0;

/// The y axis's ticks, bottom up: from 0 (or [`Chart::y_floor`]) to [`HEADROOM`] of the
/// span above the largest value to show ([`Chart::y_fit`], else every series' largest).
fn y_ticks(c: &Chart) -> Vec<f64> {
    let mut y1 =
        c.series.iter().flat_map(|s| s.points.iter()).map(|p| p.1).filter(|y| y.is_finite()).fold(0.0, f64::max);
    if let Some(fit) = c.y_fit.filter(|v| v.is_finite() && *v > 0.0) {
        y1 = fit;
    }
    let floor = c.y_floor.filter(|f| f.is_finite() && *f > 0.0 && *f < y1).unwrap_or(0.0);
    ticks(floor, if y1 > 0.0 { floor + (y1 - floor) * HEADROOM } else { 1.0 }, 6)
}

/// The y axis's (bottom, top), in data units: what falls outside is clipped or pinned.
pub fn y_range(c: &Chart) -> (f64, f64) {
    let t = y_ticks(c);
    (*t.first().unwrap_or(&0.0), *t.last().unwrap_or(&1.0))
}

/// The chart as a standalone SVG document.
pub fn svg(c: &Chart) -> String {
    let (w, h) = (c.width as f64, c.height as f64);
    let (left, right) = (78.0, 24.0);
    let top = if c.note.is_some() { 62.0 } else { 44.0 };
    let pw = w - left - right;
    let all = c.series.iter().flat_map(|s| s.points.iter().copied()).filter(|(x, y)| x.is_finite() && y.is_finite());
    let (mut x0, mut x1) = (f64::INFINITY, f64::NEG_INFINITY);
    for (x, _) in all {
        x0 = x0.min(x);
        x1 = x1.max(x);
    }
    if let Some(cats) = &c.categories {
        (x0, x1) = (-0.5, cats.len().max(1) as f64 - 0.5);
    } else if !x0.is_finite() {
        (x0, x1) = (0.0, 1.0);
    } else if x0 == x1 {
        (x0, x1) = (x0 - 1.0, x1 + 1.0);
    }
    let yt = y_ticks(c);
    let (y0, y_top) = y_range(c);
    let xt = if c.categories.is_some() { vec![] } else { ticks(x0, x1, 8) };
    if let (Some(a), Some(b)) = (xt.first(), xt.last()) {
        (x0, x1) = (*a, *b);
    }
    // Series that show (some point within the axis, or any point when pinned), and the
    // legend's rows under the plot: their height comes off the plot's.
    let visible = |(x, y): (f64, f64)| shows(x, y, (y0, y_top)) || (c.pin && x.is_finite() && y.is_finite());
    let shown: Vec<&Series> = c.series.iter().filter(|s| s.points.iter().any(|&p| visible(p))).collect();
    let names: Vec<&str> = shown.iter().map(|s| s.name.as_str()).collect();
    let rows = legend_rows(&names, w - left - right);
    let bottom = 92.0 + LEGEND_ROW * rows.len().saturating_sub(1) as f64;
    let ph = h - top - bottom;
    let sx = |x: f64| left + (x - x0) / (x1 - x0) * pw;
    let sy = |y: f64| top + ph - (y - y0) / (y_top - y0) * ph;

    let mut o = String::new();
    let _ = write!(
        o,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="{}" font-size="13">"#,
        crate::FONT_FAMILY
    );
    let _ = write!(o, r##"<rect width="{w}" height="{h}" fill="#ffffff"/>"##);
    let _ = write!(o, r##"<text x="{}" y="26" text-anchor="middle" font-size="16">{}</text>"##, w / 2.0, esc(&c.title));
    if let Some(note) = &c.note {
        let _ = write!(
            o,
            r##"<text x="{}" y="46" text-anchor="middle" font-size="12" fill="#555">{}</text>"##,
            w / 2.0,
            esc(note)
        );
    }
    // Grid and y ticks.
    // The labels' decimals follow the ticks' own step.
    let ystep = match yt[..] {
        [a, b, ..] => b - a,
        _ => nice_step(y_top - y0, 6),
    };
    for &t in &yt {
        let y = sy(t);
        let _ = write!(o, r##"<line x1="{left}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#e0e0e0"/>"##, left + pw);
        let _ = write!(
            o,
            r##"<text x="{:.1}" y="{:.1}" text-anchor="end" fill="#333">{}</text>"##,
            left - 6.0,
            y + 4.0,
            tick_label(t, ystep)
        );
    }
    // x ticks.
    let xstep = nice_step(x1 - x0, 8);
    let mut labels: Vec<(f64, String)> = xt.iter().map(|&t| (t, tick_label(t, xstep))).collect();
    if let Some(cats) = &c.categories {
        labels = cats.iter().enumerate().map(|(i, n)| (i as f64, n.clone())).collect();
    }
    for (t, label) in &labels {
        let x = sx(*t);
        let _ = write!(
            o,
            r##"<line x1="{x:.1}" y1="{:.1}" x2="{x:.1}" y2="{:.1}" stroke="#333"/>"##,
            top + ph,
            top + ph + 5.0
        );
        let _ = write!(
            o,
            r##"<text x="{x:.1}" y="{:.1}" text-anchor="middle" fill="#333">{}</text>"##,
            top + ph + 20.0,
            esc(label)
        );
    }
    // Axes and labels.
    let _ = write!(o, r##"<path d="M{left} {top} V{:.1} H{:.1}" fill="none" stroke="#333"/>"##, top + ph, left + pw);
    let _ = write!(
        o,
        r##"<text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text>"##,
        left + pw / 2.0,
        top + ph + 40.0,
        esc(&c.x_label)
    );
    let _ = write!(
        o,
        r##"<text transform="translate(18 {:.1}) rotate(-90)" text-anchor="middle">{}</text>"##,
        top + ph / 2.0,
        esc(&c.y_label)
    );
    // Lines clipped to the plot, markers where they fall in it (pinned: at the edge).
    let _ = write!(
        o,
        r#"<clipPath id="plot"><rect x="{left}" y="{top}" width="{pw}" height="{ph}"/></clipPath><g clip-path="url(#plot)">"#
    );
    for s in &shown {
        let pts: Vec<(f64, f64)> =
            s.points.iter().filter(|(x, y)| x.is_finite() && y.is_finite()).map(|&(x, y)| (sx(x), sy(y))).collect();
        let dash = if s.style == Style::Dashed { r#" stroke-dasharray="6 4""# } else { "" };
        let line = match (s.style, &pts[..]) {
            // One level: across the whole plot.
            (Style::Dashed, [(_, y)]) => format!("{left},{y:.1} {:.1},{y:.1}", left + pw),
            (Style::LineMarkers | Style::Dashed, p) if p.len() > 1 => {
                p.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect::<Vec<_>>().join(" ")
            }
            _ => String::new(),
        };
        if !line.is_empty() {
            let _ = write!(o, r#"<polyline points="{line}" fill="none" stroke="{}" stroke-width="2"{dash}/>"#, s.color);
        }
    }
    o.push_str("</g>");
    for s in shown.iter().filter(|s| s.style != Style::Dashed) {
        let fill = if s.style == Style::Hollow { "none" } else { s.color.as_str() };
        for &(x, y) in s.points.iter().filter(|&&p| visible(p)) {
            if shows(x, y, (y0, y_top)) {
                let _ = write!(
                    o,
                    r#"<circle cx="{:.1}" cy="{:.1}" r="4" fill="{fill}" stroke="{}" stroke-width="1.5"/>"#,
                    sx(x),
                    sy(y),
                    s.color
                );
                continue;
            }
            // Pinned: a triangle at the edge, pointing the way the value went.
            let (cx, up) = (sx(x), y > y_top);
            let (tip, base) = if up { (top + 1.0, top + 9.0) } else { (top + ph - 1.0, top + ph - 9.0) };
            let _ = write!(
                o,
                r#"<path d="M{cx:.1} {tip:.1} L{:.1} {base:.1} L{:.1} {base:.1} Z" fill="{fill}" stroke="{}" stroke-width="1.5"/>"#,
                cx - 5.0,
                cx + 5.0,
                s.color
            );
        }
    }
    // Legend, under the x label in as many rows as it needs: the series that show.
    for (r, row) in rows.iter().enumerate() {
        let ly = h - 18.0 - LEGEND_ROW * (rows.len() - 1 - r) as f64;
        let mut lx = left;
        for s in row.iter().filter_map(|&i| shown.get(i)) {
            legend_entry(&mut o, s, lx, ly);
            lx += 40.0 + text_width(&s.name);
        }
    }
    o.push_str("</svg>");
    o
}

/// One legend entry at (`lx`, `ly`): the series' mark and its name.
fn legend_entry(o: &mut String, s: &Series, lx: f64, ly: f64) {
    let _ = match s.style {
        Style::Dashed => write!(
            o,
            r#"<line x1="{lx}" y1="{ly}" x2="{}" y2="{ly}" stroke="{}" stroke-width="2" stroke-dasharray="6 4"/>"#,
            lx + 22.0,
            s.color
        ),
        Style::LineMarkers => write!(
            o,
            r#"<line x1="{lx}" y1="{ly}" x2="{}" y2="{ly}" stroke="{c}" stroke-width="2"/><circle cx="{}" cy="{ly}" r="4" fill="{c}"/>"#,
            lx + 22.0,
            lx + 11.0,
            c = s.color
        ),
        Style::Markers | Style::Hollow => write!(
            o,
            r#"<circle cx="{}" cy="{ly}" r="4" fill="{}" stroke="{}" stroke-width="1.5"/>"#,
            lx + 11.0,
            if s.style == Style::Hollow { "none" } else { s.color.as_str() },
            s.color
        ),
    };
    let _ = write!(o, r#"<text x="{}" y="{}">{}</text>"#, lx + 28.0, ly + 4.5, esc(&s.name));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_one_two_or_five_times_a_power_of_ten() {
        assert_eq!(nice_step(10.0, 5), 2.0);
        assert_eq!(nice_step(1.0, 4), 0.5);
        assert_eq!(nice_step(14.88, 6), 5.0);
        assert_eq!(nice_step(0.3, 6), 0.05);
        assert_eq!(nice_step(0.0, 6), 1.0);
        assert_eq!(ticks(0.0, 14.88, 6), vec![0.0, 5.0, 10.0, 15.0]);
        let t = ticks(0.0, 0.3, 3);
        assert_eq!(t.len(), 4);
        assert!(t.iter().zip([0.0, 0.1, 0.2, 0.3]).all(|(a, b)| (a - b).abs() < 1e-12), "{t:?}");
        assert_eq!(tick_label(0.25, 0.05), "0.25");
        assert_eq!(tick_label(1500.0, 500.0), "1500");
    }

    #[test]
    fn svg_holds_every_series_and_escapes_text() {
        let mut c = Chart::new("NDR <64 B> & more", "frame size (B)", "Mpps");
        c.categories = Some(vec!["64".into(), "imix".into()]);
        for (i, style) in [Style::LineMarkers, Style::Dashed, Style::Markers, Style::Hollow].into_iter().enumerate() {
            c.series.push(Series {
                name: format!("s{i}"),
                color: PALETTE[i].into(),
                style,
                points: vec![(0.0, 1.0 + i as f64), (1.0, f64::NAN), (1.0, 2.0)],
            });
        }
        let s = svg(&c);
        assert!(s.starts_with("<svg") && s.ends_with("</svg>"));
        assert!(s.contains("NDR &lt;64 B&gt; &amp; more"), "{s}");
        assert!(s.contains(">imix</text>") && s.contains(">64</text>"));
        for i in 0..4 {
            assert!(s.contains(&format!(">s{i}</text>")));
        }
        // 2 polylines (line and dashed), markers for 3 series x 2 finite points + legend.
        assert_eq!(s.matches("<polyline").count(), 2);
        assert!(s.contains("stroke-dasharray"));
        assert!(!s.contains("NaN"));
    }

    /// The y tick labels of an SVG chart, bottom up.
    fn y_ticks(svg: &str) -> Vec<String> {
        svg.split(r##"text-anchor="end" fill="#333">"##)
            .skip(1)
            .map(|t| t[..t.find('<').unwrap()].to_string())
            .collect()
    }

    fn series(name: &str, style: Style, points: &[(f64, f64)]) -> Series {
        Series { name: name.into(), color: PALETTE[0].into(), style, points: points.to_vec() }
    }

    #[test]
    fn a_dashed_level_of_one_point_spans_the_plot() {
        let mut c = Chart::new("t", "x", "y");
        c.categories = Some(vec!["64".into()]);
        c.series.push(series("ndr", Style::LineMarkers, &[(0.0, 9.0)]));
        c.series.push(series("line rate", Style::Dashed, &[(0.0, 14.88)]));
        let s = svg(&c);
        // 78 px of margin on the left, 24 on the right of 800: the plot's whole width.
        assert_eq!(s.matches(r#"<polyline points="78,"#).count(), 1, "{s}");
        assert!(s.contains(r#" 776.0,"#), "{s}");
        assert!(s.contains(">line rate</text>") && s.contains(">ndr</text>"));
        assert_eq!(y_ticks(&s), ["0", "5", "10", "15", "20"]);
    }

    /// With the axis fitted to the data, a series wholly above it is neither drawn nor
    /// named in the legend; one partly above is drawn (clipped) and named, its markers
    /// only where they fall in the plot.
    #[test]
    fn the_legend_names_what_is_drawn() {
        let mut c = Chart::new("t", "x", "y");
        c.categories = Some(vec!["64".into(), "1518".into()]);
        c.y_fit = Some(0.741);
        c.note = Some("line rate 14.88 Mpps: off the scale".into());
        c.series.push(series("pdr", Style::LineMarkers, &[(0.0, 0.741), (1.0, 0.5)]));
        c.series.push(series("far", Style::Dashed, &[(0.0, 14.88), (1.0, 20.0)]));
        c.series.push(series("part", Style::LineMarkers, &[(0.0, 30.0), (1.0, 0.6)]));
        let s = svg(&c);
        assert_eq!(y_ticks(&s), ["0.0", "0.2", "0.4", "0.6", "0.8"]);
        assert!(!s.contains(">far</text>") && !s.contains("stroke-dasharray"), "{s}");
        assert!(s.contains(">pdr</text>") && s.contains(">part</text>"), "{s}");
        assert_eq!(s.matches("<polyline").count(), 2, "{s}");
        // pdr's two markers and part's one in the plot, and the legend's two.
        assert_eq!(s.matches("<circle").count(), 5, "{s}");
        assert!(s.contains(r#"<clipPath id="plot">"#) && s.contains(">line rate 14.88 Mpps: off the scale</text>"));
    }

    /// Issue 50: the trials chart's fourth entry ran off the chart. Entries that do not fit
    /// one row go on the next, and every one ends within the chart.
    #[test]
    fn a_long_legend_wraps_and_every_entry_shows() {
        let mut c = Chart::new("t", "trial", "load");
        let names = [
            "passes every goal (loss <= 0%)",
            "passes some goals (loss <= 0.5%)",
            "fails every goal",
            "generator limit (failed, not DUT loss)",
        ];
        for (i, n) in names.iter().enumerate() {
            c.series.push(series(n, Style::Markers, &[(i as f64, 1.0)]));
        }
        let s = svg(&c);
        let mut rows = std::collections::BTreeSet::new();
        for n in names {
            let at = s.find(&format!(">{}</text>", esc(n))).unwrap_or_else(|| panic!("{n} not in the legend: {s}"));
            let open = s[..at].rfind("<text ").unwrap();
            let attr = |k: &str| -> f64 {
                let v = &s[open..at][s[open..at].find(&format!("{k}=\"")).unwrap() + k.len() + 2..];
                v[..v.find('"').unwrap()].parse().unwrap()
            };
            assert!(attr("x") + text_width(n) <= 800.0 - 24.0, "{n} runs off the chart at x {}", attr("x"));
            rows.insert(attr("y") as i64);
        }
        assert_eq!(rows.len(), 2, "{rows:?}");
        // The plot gave up one row's height: its axis ends above the two rows.
        assert!(s.contains(&format!(r#"V{:.1}"#, 450.0 - 44.0 - 92.0 - LEGEND_ROW + 44.0)), "{s}");
        // A legend that fits one row is where it always was.
        let mut c = Chart::new("t", "x", "y");
        c.series.push(series("ndr", Style::LineMarkers, &[(0.0, 1.0), (1.0, 2.0)]));
        assert!(svg(&c).contains(r#"<text x="106" y="436.5">ndr</text>"#), "{}", svg(&c));
    }

    /// A zoomed axis (`y_floor`) starts at a tick at or below the floor, and `pin` draws
    /// what lies beyond it as triangles at the edge (and names its series).
    #[test]
    fn a_zoomed_axis_pins_what_it_leaves_out() {
        let mut c = Chart::new("t", "trial", "load");
        c.y_fit = Some(1.26);
        c.y_floor = Some(1.225);
        c.pin = true;
        c.series.push(series("band", Style::Markers, &[(1.0, 1.2335), (2.0, 1.2584)]));
        c.series.push(series("first", Style::Markers, &[(0.0, 14.88)]));
        c.series.push(series("below", Style::Hollow, &[(3.0, 0.5)]));
        let s = svg(&c);
        let t = y_ticks(&s);
        assert_eq!(t.first().map(String::as_str), Some("1.22"), "{t:?}");
        assert!(t.last().unwrap().parse::<f64>().unwrap() >= 1.26, "{t:?}");
        assert_eq!(s.matches("<circle").count(), 2 + 3, "{s}");
        // One triangle at the top (tip at the plot's top), one at the foot.
        assert_eq!(s.matches(r#"Z" fill="#).count(), 2, "{s}");
        assert!(s.contains(" 45.0 L") && s.contains(">first</text>") && s.contains(">below</text>"), "{s}");
        // Without pin they are left out, and so are their names.
        c.pin = false;
        let s = svg(&c);
        assert_eq!(s.matches(r#"Z" fill="#).count(), 0, "{s}");
        assert!(!s.contains(">first</text>") && !s.contains(">below</text>"), "{s}");
    }
}
