//! The search's pictures: throughput against frame size (frames/s and bit/s, with the
//! line rate), and each search's trials as load over trial number coloured by outcome.

use super::{size_file, size_label, GoalReport, Report, Run};
use riptide_plot::{Chart, Series, Style, PALETTE};
use riptide_search::Goal;

/// Reads one percentile of a latency summary (ns).
type Percentile = fn(&riptide_measure::LatencySummary) -> u64;

/// A chart and the file it goes to.
pub struct Plot {
    /// File name in the output directory (`throughput-pps.png`).
    pub file: String,
    /// What it shows (the HTML's alt text and caption).
    pub caption: String,
    /// The chart.
    pub chart: Chart,
}

/// Divisor and unit for an axis up to `top`: frames/s or bit/s with the prefixes network
/// engineers write (kpps, Mpps; kb/s, Mb/s, Gb/s).
fn scale(top: f64, unit: &str) -> (f64, String) {
    let (div, prefix) = match top {
        m if m >= 1e9 => (1e9, "G"),
        m if m >= 1e6 => (1e6, "M"),
        m if m >= 1e3 => (1e3, "k"),
        _ => (1.0, ""),
    };
    (div, format!("{prefix}{unit}"))
}

/// A rate in those units for a note: `14.88 Mpps`, `741 kpps`, `10 Gb/s`.
fn rate_text(v: f64, unit: &str) -> String {
    let (div, unit) = scale(v, unit);
    let x = v / div;
    let s = if x >= 100.0 { format!("{x:.1}") } else { format!("{x:.2}") };
    let s = if s.contains('.') { s.trim_end_matches('0').trim_end_matches('.') } else { &s };
    format!("{s} {unit}")
}

/// The line rate is drawn in full when it is at most this many times the highest lower
/// bound (the bounds then fill at least half the height); further off, the axis fits the
/// bounds and the line shows only where it falls within them.
const LINE_RANGE: f64 = 2.0;

fn size_name(run: &Run) -> String {
    run.frame_size.clone().unwrap_or_else(|| "profile".into())
}

/// The x axis of the throughput charts: frame sizes in bytes in a sweep; without one the
/// one category is the profile's own sizes, which the axis must not call bytes.
fn size_axis(sweep: bool) -> &'static str {
    if sweep {
        "frame size (bytes)"
    } else {
        "frame size: as the profile sets it"
    }
}

/// Trials further than this factor outside the search's band (its goals' bounds) do not
/// set the trials chart's y axis: they are drawn at its edge. MLRsearch's first trial at
/// the maximum load would otherwise flatten the band the search spent its trials in.
const BAND_RANGE: f64 = 1.25;

/// The y axis of a search's trials chart, zoomed to its band: (floor, top) in frames/s,
/// or None when a zero-based axis over every trial shows the band well (no trial far
/// outside it, and the band's loads at least twice apart).
fn trials_axis(run: &Run, loads: &[f64]) -> Option<(f64, f64)> {
    let bounds = run.goals.iter().flat_map(|g| [g.result.lower_bound, g.result.upper_bound]).flatten();
    let bounds: Vec<f64> = bounds.filter(|b| b.is_finite() && *b > 0.0).collect();
    let low = bounds.iter().copied().fold(f64::INFINITY, f64::min);
    let high = bounds.iter().copied().fold(0.0, f64::max);
    if bounds.is_empty() {
        return None;
    }
    let near = |l: &f64| (low / BAND_RANGE..=high * BAND_RANGE).contains(l);
    let inside: Vec<f64> = loads.iter().copied().filter(near).collect();
    let lo = inside.iter().copied().fold(low, f64::min);
    let hi = inside.iter().copied().fold(high, f64::max);
    if inside.len() == loads.len() && lo < hi / 2.0 {
        return None;
    }
    let pad = if hi > lo { (hi - lo) * 0.1 } else { hi * 0.01 };
    let floor = lo - pad;
    Some((if floor < hi / 2.0 { 0.0 } else { floor }, hi))
}

/// The trials chart's note on a zoomed axis (from `floor` to `top`, frames/s): where it
/// starts, and the trials drawn at its edges (by number when one, else how many and the
/// furthest).
fn zoom_note(floor: f64, top: f64, trials: &[(usize, f64)]) -> Option<String> {
    let above: Vec<(usize, f64)> = trials.iter().copied().filter(|(_, l)| *l > top).collect();
    let below: Vec<(usize, f64)> = trials.iter().copied().filter(|(_, l)| *l < floor).collect();
    let side = |v: &[(usize, f64)], far: f64, where_: &str| -> Option<String> {
        match v {
            [] => None,
            [(i, l)] => Some(format!("trial {i} ({}) {where_}", rate_text(*l, "pps"))),
            _ => Some(format!("{} trials (up to {}) {where_}", v.len(), rate_text(far, "pps"))),
        }
    };
    let mut parts = vec![];
    if floor > 0.0 {
        parts.push("axis zoomed to the search's band, not from 0".to_string());
    }
    let far_up = above.iter().map(|t| t.1).fold(0.0, f64::max);
    let far_down = below.iter().map(|t| t.1).fold(f64::INFINITY, f64::min);
    parts.extend(side(&above, far_up, "above it, drawn at its top"));
    parts.extend(side(&below, far_down, "below it, drawn at its foot"));
    (!parts.is_empty()).then(|| parts.join("; "))
}

/// One throughput chart: per run (frame size), each goal's lower bound and the line rate,
/// in `unit` (frames/s or bit/s).
struct Throughput<'a> {
    title: &'a str,
    /// The x axis's label ([`size_axis`]).
    x_label: &'a str,
    /// The y axis's label, before its unit.
    y_label: &'a str,
    unit: &'a str,
    sizes: &'a [String],
    /// Per goal, per run: the lower bound.
    bounds: Vec<Vec<Option<f64>>>,
    /// Per run: the line rate.
    line: Vec<Option<f64>>,
}

impl Throughput<'_> {
    /// The chart: the y axis fits the bounds (with the line rate when it is within
    /// [`LINE_RANGE`] of them, or when no bound was found); a line rate further off is
    /// left to the parts of it within the axis, named in a note.
    fn chart(&self, goals: &[Goal]) -> Chart {
        let highest = |v: &mut dyn Iterator<Item = f64>| v.filter(|x| x.is_finite()).fold(0.0, f64::max);
        let data = highest(&mut self.bounds.iter().flatten().flatten().copied());
        let line = highest(&mut self.line.iter().flatten().copied());
        let line_fits = data <= 0.0 || line <= data * LINE_RANGE;
        let fit = if line_fits { data.max(line) } else { data };
        let (div, unit) = scale(fit * riptide_plot::chart::HEADROOM, self.unit);
        let mut c = Chart::new(self.title, self.x_label, format!("{} ({unit})", self.y_label));
        c.categories = Some(self.sizes.to_vec());
        c.y_fit = (fit > 0.0).then_some(fit / div);
        for (gi, g) in goals.iter().enumerate() {
            let bounds = self.bounds.get(gi).map_or(&[][..], |b| &b[..]);
            c.series.push(Series {
                name: format!("{} ({}% loss)", g.name, g.loss_ratio * 100.0),
                color: PALETTE[gi % PALETTE.len()].into(),
                style: Style::LineMarkers,
                points: bounds.iter().enumerate().filter_map(|(i, v)| v.map(|v| (i as f64, v / div))).collect(),
            });
        }
        let points: Vec<(f64, f64)> =
            self.line.iter().enumerate().filter_map(|(i, v)| v.map(|v| (i as f64, v / div))).collect();
        if points.is_empty() {
            return c;
        }
        if !line_fits {
            let times = line / data;
            let times = if times < 10.0 { format!("{times:.1}") } else { format!("{times:.0}") };
            let (up_to, where_) = if points.len() > 1 { ("up to ", " where not drawn") } else { ("", "") };
            c.note = Some(format!(
                "line rate {up_to}{}: {times}x the highest lower bound, off the scale{where_}",
                rate_text(line, self.unit)
            ));
        }
        c.series.push(Series { name: "line rate".into(), color: "#777777".into(), style: Style::Dashed, points });
        c
    }
}

/// Every chart of a report.
pub fn plots(goals: &[Goal], r: &Report) -> Vec<Plot> {
    let mut out = vec![];
    let sizes: Vec<String> = r.runs.iter().map(size_name).collect();
    let sweep = r.runs.iter().any(|run| run.frame_size.is_some());
    let bound = |gi: usize, f: &dyn Fn(&GoalReport) -> Option<f64>| {
        r.runs.iter().map(|run| run.goals.get(gi).and_then(f)).collect::<Vec<_>>()
    };
    // Throughput in frames/s, per goal, with the line rate.
    let pps = Throughput {
        title: if sweep { "Throughput by frame size" } else { "Throughput" },
        x_label: size_axis(sweep),
        y_label: "lower bound",
        unit: "pps",
        sizes: &sizes,
        bounds: (0..goals.len()).map(|gi| bound(gi, &|g| g.result.lower_bound)).collect(),
        line: r.runs.iter().map(|run| run.line.map(|l| l.max_pps)).collect(),
    };
    out.push(Plot {
        file: "throughput-pps.png".into(),
        caption: "Each goal's lower bound (the load the DUT passes within the goal's loss), frames/s".into(),
        chart: pps.chart(goals),
    });
    // The same in L1 bit/s, where the ports have a line rate.
    if r.runs.iter().any(|run| run.line.is_some()) {
        let bps = Throughput {
            title: "Throughput in bits (L1: with preamble and gap)",
            x_label: size_axis(sweep),
            y_label: "lower bound, L1",
            unit: "b/s",
            sizes: &sizes,
            bounds: (0..goals.len()).map(|gi| bound(gi, &|g| g.lower_bound_bps_l1)).collect(),
            line: r.runs.iter().map(|run| run.line.map(|l| l.port_bps * l.ports as f64)).collect(),
        };
        out.push(Plot {
            file: "throughput-bps.png".into(),
            caption: "Each goal's lower bound in L1 bit/s against the ports' line rate".into(),
            chart: bps.chart(goals),
        });
    }
    // Each search's trials.
    let strictest = goals.iter().map(|g| g.loss_ratio).fold(f64::INFINITY, f64::min);
    let loosest = goals.iter().map(|g| g.loss_ratio).fold(0.0, f64::max);
    for run in &r.runs {
        let trials = run.trial_list.counts();
        let loads: Vec<f64> = trials.iter().map(|t| t.intended_load).collect();
        let zoom = trials_axis(run, &loads);
        let shown_top = zoom.map_or_else(|| loads.iter().copied().fold(0.0, f64::max), |(_, top)| top);
        let (div, unit) = scale(shown_top * riptide_plot::chart::HEADROOM, "pps");
        let name = size_name(run);
        let mut c = Chart::new(
            if sweep {
                format!("Trials of the search at {}", size_label(&name))
            } else {
                "Trials of the search".to_string()
            },
            "trial",
            format!("load ({unit})"),
        );
        if let Some((floor, top)) = zoom {
            c.y_fit = Some(top / div);
            c.y_floor = (floor > 0.0).then_some(floor / div);
            c.pin = true;
        }
        let mut groups: [Vec<(f64, f64)>; 4] = Default::default();
        for (i, t) in trials.iter().enumerate() {
            let ratio = t.loss_ratio();
            let g = if run.trial_list.generator_limited(i) {
                3
            } else if ratio <= strictest {
                0
            } else if ratio <= loosest {
                1
            } else {
                2
            };
            groups[g].push(((i + 1) as f64, t.intended_load / div));
        }
        let names = [
            format!("passes every goal (loss <= {}%)", strictest * 100.0),
            format!("passes some goals (loss <= {}%)", loosest * 100.0),
            "fails every goal".to_string(),
            "generator limit (failed, not DUT loss)".to_string(),
        ];
        let colors = ["#009e73", "#e69f00", "#d55e00", "#555555"];
        for (g, points) in groups.into_iter().enumerate() {
            if points.is_empty() {
                continue;
            }
            let style = if g == 3 { Style::Hollow } else { Style::Markers };
            c.series.push(Series { name: names[g].clone(), color: colors[g].into(), style, points });
        }
        if zoom.is_some() {
            // The axis as drawn (rounded to its ticks) says which trials it pins.
            let (y0, y_top) = riptide_plot::chart::y_range(&c);
            let numbered: Vec<(usize, f64)> = loads.iter().enumerate().map(|(i, l)| (i + 1, *l)).collect();
            c.note = zoom_note(y0 * div, y_top * div, &numbered);
        }
        out.push(Plot {
            file: size_file("trials", run.frame_size.as_deref(), "png"),
            caption: format!(
                "The search's trials{}: load by trial, coloured by outcome",
                if sweep { format!(" at {}", size_label(&name)) } else { String::new() }
            ),
            chart: c,
        });
    }
    // Latency by load.
    for run in r.runs.iter().filter(|run| !run.latency.is_empty()) {
        let name = size_name(run);
        let goal = run.latency_of.clone().unwrap_or_default();
        let mut c = Chart::new(
            if sweep {
                format!("Latency under load at {}", size_label(&name))
            } else {
                "Latency under load".to_string()
            },
            format!("load (% of {goal}'s lower bound)"),
            "latency (us, worst stream)",
        );
        c.categories = Some(run.latency.iter().map(|p| format!("{}%", p.percent)).collect());
        let pick: [(&str, Percentile); 5] = [
            ("p50", |m| m.p50_ns),
            ("p90", |m| m.p90_ns),
            ("p99", |m| m.p99_ns),
            ("p99.9", |m| m.p999_ns),
            ("max", |m| m.max_ns),
        ];
        for (k, (label, f)) in pick.iter().enumerate() {
            let points = run
                .latency
                .iter()
                .enumerate()
                .filter(|(_, p)| p.streams.iter().any(|l| l.summary.count > 0))
                .map(|(i, p)| (i as f64, p.streams.iter().map(|l| f(&l.summary)).max().unwrap_or(0) as f64 / 1e3))
                .collect();
            c.series.push(Series {
                name: label.to_string(),
                color: PALETTE[k].into(),
                style: Style::LineMarkers,
                points,
            });
        }
        out.push(Plot {
            file: size_file("latency", run.frame_size.as_deref(), "png"),
            caption: format!(
                "Latency percentiles{} at 0% (probes only), 10%, 50% and 90% of {goal}'s lower bound",
                if sweep { format!(" at {}", size_label(&name)) } else { String::new() }
            ),
            chart: c,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_follow_the_axis_top() {
        assert_eq!(scale(14.88e6, "pps"), (1e6, "Mpps".to_string()));
        assert_eq!(scale(250e3, "pps"), (1e3, "kpps".to_string()));
        assert_eq!(scale(10e9, "b/s"), (1e9, "Gb/s".to_string()));
        assert_eq!(scale(498e6, "b/s"), (1e6, "Mb/s".to_string()));
        assert_eq!(scale(12.0, "pps"), (1.0, "pps".to_string()));
        assert_eq!(rate_text(14.88e6, "pps"), "14.88 Mpps");
        assert_eq!(rate_text(741e3, "pps"), "741 kpps");
        assert_eq!(rate_text(10e9, "b/s"), "10 Gb/s");
    }

    fn goals() -> Vec<Goal> {
        vec![Goal::new("ndr", 0.0), Goal::new("pdr", 0.005)]
    }

    /// One frame size: both goals at `bound`, the line rate `line`.
    fn one_size(unit: &'static str, bound: f64, line: f64, sizes: &[String]) -> Chart {
        let t = Throughput {
            title: "Throughput",
            x_label: size_axis(sizes.len() > 1),
            y_label: "lower bound",
            unit,
            sizes,
            bounds: vec![vec![Some(bound)], vec![Some(bound)]],
            line: vec![Some(line)],
        };
        t.chart(&goals())
    }

    /// The y tick labels, bottom up, and whether the legend names the line rate and its
    /// dashes are drawn (a line and its legend swatch: 2).
    fn axis_and_line(c: &Chart) -> (Vec<String>, bool, usize) {
        let svg = riptide_plot::svg(c);
        let ticks = svg
            .split(r##"text-anchor="end" fill="#333">"##)
            .skip(1)
            .map(|t| t[..t.find('<').unwrap_or(0)].to_string())
            .collect();
        (ticks, svg.contains(">line rate</text>"), svg.matches("stroke-dasharray").count())
    }

    /// The issue's case: 741 kpps on a 10 Gb/s port at 64 B (line rate 14.88 Mpps). The
    /// axis fits the result (0 to 800 kpps), the line rate is neither drawn nor in the
    /// legend, and a note gives it.
    #[test]
    fn a_741_kpps_result_fills_an_axis_in_kpps() {
        let sizes = ["profile".to_string()];
        let c = one_size("pps", 741e3, 14.88e6, &sizes);
        assert_eq!(c.y_label, "lower bound (kpps)");
        assert_eq!(c.series[1].points, [(0.0, 741.0)]);
        let (ticks, named, dashes) = axis_and_line(&c);
        assert_eq!(ticks, ["0", "200", "400", "600", "800"]);
        assert_eq!((named, dashes), (false, 0));
        assert_eq!(c.note.as_deref(), Some("line rate 14.88 Mpps: 20x the highest lower bound, off the scale"));
        // In L1 bit/s: 741 kpps of 64 B frames is 498 Mb/s, against 10 Gb/s.
        let c = one_size("b/s", 741e3 * 84.0 * 8.0, 10e9, &sizes);
        assert_eq!(c.y_label, "lower bound (Mb/s)");
        let (ticks, named, dashes) = axis_and_line(&c);
        assert_eq!(ticks, ["0", "100", "200", "300", "400", "500", "600"]);
        assert_eq!((named, dashes), (false, 0));
    }

    /// A result within [`LINE_RANGE`] of the line rate: the axis reaches the line rate,
    /// drawn dashed across the plot and named in the legend, and no note.
    #[test]
    fn a_line_rate_near_the_result_is_drawn_and_named() {
        let sizes = ["profile".to_string()];
        let c = one_size("pps", 9e6, 14.88e6, &sizes);
        assert_eq!(c.y_label, "lower bound (Mpps)");
        let (ticks, named, dashes) = axis_and_line(&c);
        assert_eq!(ticks, ["0", "5", "10", "15", "20"]);
        assert_eq!((named, dashes, c.note.is_none()), (true, 2, true));
        let c = one_size("b/s", 9.9e9, 10e9, &sizes);
        assert_eq!(axis_and_line(&c), (["0", "2", "4", "6", "8", "10", "12"].map(String::from).to_vec(), true, 2));
    }

    /// A sweep whose small frames stay far below the line rate and whose large ones meet
    /// it: the axis fits the results, the line shows where it falls within the axis (and
    /// the legend names it), and the note says how far it reaches.
    #[test]
    fn a_sweep_shows_the_line_rate_where_it_meets_the_results() {
        let sizes = ["64".to_string(), "1518".to_string()];
        let t = Throughput {
            title: "Throughput by frame size",
            x_label: size_axis(true),
            y_label: "lower bound",
            unit: "pps",
            sizes: &sizes,
            bounds: vec![vec![Some(2e6), Some(812e3)]; 2],
            line: vec![Some(14.88e6), Some(812.7e3)],
        };
        let c = t.chart(&goals());
        let (ticks, named, dashes) = axis_and_line(&c);
        assert_eq!(ticks, ["0.0", "0.5", "1.0", "1.5", "2.0", "2.5"]);
        assert_eq!((named, dashes), (true, 2));
        assert_eq!(
            c.note.as_deref(),
            Some("line rate up to 14.88 Mpps: 7.4x the highest lower bound, off the scale where not drawn")
        );
    }

    /// No goal found: the axis has only the line rate to fit, and draws it.
    #[test]
    fn without_a_result_the_line_rate_sets_the_axis() {
        let sizes = ["profile".to_string()];
        let t = Throughput {
            title: "Throughput",
            x_label: size_axis(false),
            y_label: "lower bound",
            unit: "pps",
            sizes: &sizes,
            bounds: vec![vec![None], vec![None]],
            line: vec![Some(14.88e6)],
        };
        let (ticks, named, _) = axis_and_line(&t.chart(&goals()));
        assert_eq!((ticks.last().map(String::as_str), named), (Some("20"), true));
    }

    /// The report of a search against a simulated DUT of `capacity` up to `max_load`.
    fn simulated(capacity: &str, max_load: &str) -> Report {
        let a = super::super::Options {
            simulate: Some(capacity.into()),
            max_load: Some(max_load.into()),
            ..super::super::Options::default()
        };
        let c = a.check().unwrap();
        super::super::simulate(&a, &c, &mut (), &|| false).unwrap()
    }

    /// Issue 50: MLRsearch's first trial at the maximum load (14.88 Mpps) set the axis,
    /// and the band the search spent its trials in (1.23 to 1.26 Mpps) lay flat along the
    /// bottom. The axis is zoomed to the band, says so, and pins that trial at its top.
    #[test]
    fn the_trials_axis_zooms_to_the_band_and_pins_the_first_trial() {
        let r = simulated("1.234mpps", "14.88mpps");
        let c = plots(&goals(), &r).into_iter().find(|p| p.file == "trials.png").unwrap().chart;
        let (y0, top) = riptide_plot::chart::y_range(&c);
        assert!(c.pin && (1.2..1.234).contains(&y0) && (1.25..1.3).contains(&top), "{y0} .. {top}");
        assert_eq!(
            c.note.as_deref(),
            Some("axis zoomed to the search's band, not from 0; trial 1 (14.88 Mpps) above it, drawn at its top")
        );
        let svg = riptide_plot::svg(&c);
        assert_eq!(svg.matches(r#"Z" fill="#).count(), 1, "one trial pinned: {svg}");
        // Every other trial is a marker inside the axis (and the legend's three).
        assert_eq!(svg.matches("<circle").count(), r.runs[0].trial_list.len() - 1 + 3, "{svg}");
        // A band that reaches down to the minimum load (a lossy DUT fails ndr=0 at every
        // load) keeps the axis at 0.
        let r = simulated("1.234mpps,loss=0.3%", "2mpps");
        let c = plots(&goals(), &r).into_iter().find(|p| p.file == "trials.png").unwrap().chart;
        assert_eq!((c.y_floor, riptide_plot::chart::y_range(&c).0), (None, 0.0));
        // Trials within a band twice as wide as it is low are all drawn on an axis from 0.
        let run = &r.runs[0];
        let wide: Vec<f64> = run.trial_list.counts().iter().map(|t| t.intended_load).filter(|l| *l < 1.5e6).collect();
        assert_eq!(trials_axis(run, &wide), None);
    }

    /// Issue 50: the single-size throughput chart put "profile" on an axis of bytes.
    #[test]
    fn without_a_sweep_the_size_axis_is_the_profiles_own() {
        let r = simulated("1.234mpps", "2mpps");
        let c = plots(&goals(), &r).into_iter().find(|p| p.file == "throughput-pps.png").unwrap().chart;
        assert_eq!(
            (c.x_label.as_str(), c.categories.as_deref()),
            (size_axis(false), Some(&["profile".to_string()][..]))
        );
        assert!(!c.x_label.contains("bytes"));
        assert_eq!(size_axis(true), "frame size (bytes)");
    }

    #[test]
    fn the_zoom_note_names_one_trial_or_counts_several() {
        let t = [(1, 14.88e6), (2, 1.2e6), (3, 9e6), (4, 0.1e6)];
        assert_eq!(
            zoom_note(1e6, 1.3e6, &t).as_deref(),
            Some(
                "axis zoomed to the search's band, not from 0; 2 trials (up to 14.88 Mpps) above it, drawn at its top; \
                 trial 4 (100 kpps) below it, drawn at its foot"
            )
        );
        assert_eq!(zoom_note(0.0, 20e6, &t), None);
    }
}
