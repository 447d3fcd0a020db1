//! The search's pictures: throughput against frame size (frames/s and bit/s, with the
//! line rate), and each search's trials as load over trial number coloured by outcome.

use super::Report;
use riptide_plot::{Chart, Series, Style, PALETTE};
use riptide_search::Goal;

/// Reads one percentile of a latency summary (ns).
type Percentile = fn(&riptide_measure::LatencySummary) -> u64;

/// A chart and the file it goes to.
pub(super) struct Plot {
    /// File name in the output directory (`throughput-pps.png`).
    pub(super) file: String,
    /// What it shows (the HTML's alt text and caption).
    pub(super) caption: String,
    pub(super) chart: Chart,
}

/// Divisor and unit for values up to `max`: frames/s or bit/s in engineers' prefixes.
fn scale(max: f64, unit: &str) -> (f64, String) {
    let (div, prefix) = match max {
        m if m >= 1e9 => (1e9, "G"),
        m if m >= 1e6 => (1e6, "M"),
        m if m >= 1e3 => (1e3, "K"),
        _ => (1.0, ""),
    };
    (div, format!("{prefix}{unit}"))
}

fn size_name(run: &super::Run) -> String {
    run.frame_size.clone().unwrap_or_else(|| "profile".into())
}

/// Every chart of a report.
pub(super) fn plots(goals: &[Goal], r: &Report<'_>) -> Vec<Plot> {
    let mut out = vec![];
    let sizes: Vec<String> = r.runs.iter().map(size_name).collect();
    let sweep = r.runs.iter().any(|run| run.frame_size.is_some());
    // Throughput in frames/s, per goal, with the line rate.
    let max_pps = r
        .runs
        .iter()
        .flat_map(|run| run.goals.iter().filter_map(|g| g.result.lower_bound).chain(run.line.map(|l| l.max_pps)))
        .fold(0.0, f64::max);
    let (div, unit) = scale(max_pps, "pps");
    let mut pps = Chart::new(
        if sweep { "Throughput by frame size" } else { "Throughput" },
        "frame size (bytes)",
        format!("lower bound ({unit})"),
    );
    pps.categories = Some(sizes.clone());
    for (gi, g) in goals.iter().enumerate() {
        let points = r
            .runs
            .iter()
            .enumerate()
            .filter_map(|(i, run)| run.goals.get(gi)?.result.lower_bound.map(|v| (i as f64, v / div)))
            .collect();
        pps.series.push(Series {
            name: format!("{} ({}% loss)", g.name, g.loss_ratio * 100.0),
            color: PALETTE[gi % PALETTE.len()].into(),
            style: Style::LineMarkers,
            points,
        });
    }
    let line: Vec<(f64, f64)> =
        r.runs.iter().enumerate().filter_map(|(i, run)| run.line.map(|l| (i as f64, l.max_pps / div))).collect();
    if !line.is_empty() {
        pps.series.push(Series {
            name: "line rate".into(),
            color: "#777777".into(),
            style: Style::Dashed,
            points: line,
        });
    }
    out.push(Plot {
        file: "throughput-pps.png".into(),
        caption: "Each goal's lower bound (the load the DUT passes within the goal's loss), frames/s".into(),
        chart: pps,
    });
    // The same in L1 bit/s, where the ports have a line rate.
    if r.runs.iter().any(|run| run.line.is_some()) {
        let line_bps: Vec<(f64, f64)> = r
            .runs
            .iter()
            .enumerate()
            .filter_map(|(i, run)| run.line.map(|l| (i as f64, l.port_bps * l.ports as f64)))
            .collect();
        let max_bps = line_bps.iter().map(|p| p.1).fold(0.0, f64::max);
        let (div, unit) = scale(max_bps, "b/s");
        let mut bps = Chart::new(
            "Throughput in bits (L1: with preamble and gap)",
            "frame size (bytes)",
            format!("lower bound ({unit}, L1)"),
        );
        bps.categories = Some(sizes);
        for (gi, g) in goals.iter().enumerate() {
            let points = r
                .runs
                .iter()
                .enumerate()
                .filter_map(|(i, run)| run.goals.get(gi)?.lower_bound_bps_l1.map(|v| (i as f64, v / div)))
                .collect();
            bps.series.push(Series {
                name: format!("{} ({}% loss)", g.name, g.loss_ratio * 100.0),
                color: PALETTE[gi % PALETTE.len()].into(),
                style: Style::LineMarkers,
                points,
            });
        }
        bps.series.push(Series {
            name: "line rate".into(),
            color: "#777777".into(),
            style: Style::Dashed,
            points: line_bps.into_iter().map(|(x, y)| (x, y / div)).collect(),
        });
        out.push(Plot {
            file: "throughput-bps.png".into(),
            caption: "Each goal's lower bound in L1 bit/s against the ports' line rate".into(),
            chart: bps,
        });
    }
    // Each search's trials.
    let strictest = goals.iter().map(|g| g.loss_ratio).fold(f64::INFINITY, f64::min);
    let loosest = goals.iter().map(|g| g.loss_ratio).fold(0.0, f64::max);
    for run in &r.runs {
        let trials: Vec<&serde_json::Value> = run.trial_list.as_array().into_iter().flatten().collect();
        let load = |t: &serde_json::Value| t["intended_load"].as_f64().unwrap_or(0.0);
        let (div, unit) = scale(trials.iter().map(|t| load(t)).fold(0.0, f64::max), "pps");
        let name = size_name(run);
        let mut c = Chart::new(
            if sweep {
                format!("Trials of the search at {}", super::size_label(&name))
            } else {
                "Trials of the search".to_string()
            },
            "trial",
            format!("load ({unit})"),
        );
        let mut groups: [Vec<(f64, f64)>; 4] = Default::default();
        for (i, t) in trials.iter().enumerate() {
            let ratio = super::out::loss_ratio(t);
            let g = if t["generator_limited"].as_bool() == Some(true) {
                3
            } else if ratio <= strictest {
                0
            } else if ratio <= loosest {
                1
            } else {
                2
            };
            groups[g].push(((i + 1) as f64, load(t) / div));
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
        out.push(Plot {
            file: super::size_file("trials", run.frame_size.as_deref(), "png"),
            caption: format!(
                "The search's trials{}: load by trial, coloured by outcome",
                if sweep { format!(" at {}", super::size_label(&name)) } else { String::new() }
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
                format!("Latency under load at {}", super::size_label(&name))
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
            file: super::size_file("latency", run.frame_size.as_deref(), "png"),
            caption: format!(
                "Latency percentiles{} at 0% (probes only), 10%, 50% and 90% of {goal}'s lower bound",
                if sweep { format!(" at {}", super::size_label(&name)) } else { String::new() }
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
    fn units_follow_the_largest_value() {
        assert_eq!(scale(14.88e6, "pps"), (1e6, "Mpps".to_string()));
        assert_eq!(scale(250e3, "pps"), (1e3, "Kpps".to_string()));
        assert_eq!(scale(10e9, "b/s"), (1e9, "Gb/s".to_string()));
        assert_eq!(scale(12.0, "pps"), (1.0, "pps".to_string()));
    }
}
