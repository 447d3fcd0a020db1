//! A search's results as files a person and a program read, rendered from the typed
//! [`Report`] (the front end writes them: `riptide ndr --out DIR`, or sends them).
//!
//! - `results.json`: the report, with the command, riptide's version and the host's facts
//!   (schema in docs/methodology.md).
//! - `trials.csv`: every trial of every frame size, one row each.
//! - `report.md`: what a person reads first: the headline table, notes on goals not
//!   found and generator limits, the exact command, the host.
//! - PNG plots ([`super::plots`]): throughput by frame size in frames/s and bit/s with
//!   the line rate, and each search's trials coloured by outcome.
//! - `report.html`: report.md's content and the plots in one self-contained page (the
//!   images inline as data: URLs), for a browser.

use super::{size_file, size_label, Error, Report, Run, Trials};
use crate::host::Host;
use riptide_core::units::human_rate;

/// The files of a report, in the order they are best written (report.html last):
/// results.json, trials.csv, report.md, the plots, the latency logs and report.html.
pub fn render(
    command: &[String],
    host: &Host,
    goals: &[riptide_search::Goal],
    r: &Report,
) -> Result<Vec<(String, Vec<u8>)>, Error> {
    let mut files: Vec<(String, Vec<u8>)> = vec![
        ("results.json".into(), crate::results_json(command, host, None, r)?),
        ("trials.csv".into(), csv(r).into_bytes()),
        ("report.md".into(), markdown(command, host, goals, r).into_bytes()),
    ];
    let mut images = vec![];
    for p in super::plots::plots(goals, r) {
        let png = riptide_plot::chart_png(&p.chart).map_err(|e| Error::Runtime(format!("{}: {e}", p.file)))?;
        images.push((p.file.clone(), p.caption, base64_png(&png)));
        files.push((p.file, png));
    }
    for run in r.runs.iter().filter(|run| !run.latency.is_empty()) {
        files.push((size_file("latency", run.frame_size.as_deref(), "hlog"), hdr_log(run).into_bytes()));
    }
    files.push(("report.html".into(), html(command, host, goals, r, &images).into_bytes()));
    Ok(files)
}

const CSV_FIELDS: [&str; 11] = [
    "intended_duration",
    "intended_load",
    "intended_count",
    "offered_count",
    "forwarded_count",
    "lost",
    "duplicates",
    "out_of_order",
    "achieved_pps",
    "generator_limited",
    "duration_with_overheads",
];

/// One row per trial: frame size, trial number, its counts, its loss ratio (as the
/// search counted it: lost and unsent frames over the frames asked for). A simulated
/// DUT's trials have counts only: their other cells are empty.
fn csv(r: &Report) -> String {
    let mut out = format!("frame_size,trial,{},loss_ratio\n", CSV_FIELDS.join(","));
    for run in &r.runs {
        let size = run.frame_size.as_deref().unwrap_or("profile");
        let rows: Result<Vec<serde_json::Value>, _> = match &run.trial_list {
            Trials::Measured(v) => v.iter().map(serde_json::to_value).collect(),
            Trials::Simulated(v) => v.iter().map(serde_json::to_value).collect(),
        };
        let rows = rows.unwrap_or_default();
        for (i, (t, counts)) in rows.iter().zip(run.trial_list.counts()).enumerate() {
            let cell = |k: &str| match &t[k] {
                serde_json::Value::Null => String::new(),
                v => v.to_string(),
            };
            let row: Vec<String> = CSV_FIELDS.iter().map(|k| cell(k)).collect();
            out.push_str(&format!("{size},{},{},{}\n", i + 1, row.join(","), counts.loss_ratio()));
        }
    }
    out
}

/// A run's latency histograms as an HdrHistogram interval log (format 1.3, values in
/// ns): one interval per latency trial and stream, tagged `STREAM@PERCENT%`, its start
/// relative to the first latency trial.
fn hdr_log(run: &Run) -> String {
    let base = run.latency.first().map_or(0, |p| p.start_unix_ns);
    let secs = base as f64 / 1e9;
    let mut out = String::from("#[Histogram log format version 1.3]\n");
    out.push_str("#[riptide ndr latency trials: values in ns, one interval per trial and latency stream]\n");
    out.push_str(&format!(
        "#[StartTime: {secs:.3} (seconds since epoch)]\n#[BaseTime: {secs:.3} (seconds since epoch)]\n"
    ));
    out.push_str("\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"\n");
    for p in &run.latency {
        let start = p.start_unix_ns.saturating_sub(base) as f64 / 1e9;
        for (stream, h) in &p.histograms {
            let tag: String = stream.chars().map(|c| if c == ',' || c.is_whitespace() { '_' } else { c }).collect();
            let max_ms = p.streams.iter().find(|l| &l.stream == stream).map_or(0.0, |l| l.summary.max_ns as f64 / 1e6);
            out.push_str(&format!(
                "Tag={tag}@{}%,{start:.3},{:.3},{max_ms:.6},{h}\n",
                p.percent, p.record.trial.intended_duration
            ));
        }
    }
    out
}

/// The latency table's columns.
const LATENCY_HEAD: [&str; 10] = ["size", "% of goal", "load", "stream", "min", "p50", "p90", "p99", "p99.9", "max"];

/// The latency trials, one row per trial and stream, latencies in microseconds.
fn latency_rows(r: &Report) -> Vec<[String; 10]> {
    let us = |ns: u64| format!("{:.1} us", ns as f64 / 1e3);
    let mut out = vec![];
    for run in &r.runs {
        for p in &run.latency {
            for l in &p.streams {
                let m = &l.summary;
                out.push([
                    run.frame_size.clone().unwrap_or_else(|| "profile".into()),
                    format!("{}% of {}", p.percent, run.latency_of.as_deref().unwrap_or("-")),
                    human_rate(p.record.trial.intended_load, "pps"),
                    l.stream.clone(),
                    if m.count > 0 { us(m.min_ns) } else { "-".into() },
                    us(m.p50_ns),
                    us(m.p90_ns),
                    us(m.p99_ns),
                    us(m.p999_ns),
                    us(m.max_ns),
                ]);
            }
        }
    }
    out
}

/// The headline table's columns.
const HEAD: [&str; 8] =
    ["size", "goal", "loss ratio", "NDR/PDR (lower bound)", "L2", "% of line", "upper bound", "throughput"];

/// The headline table: one row per frame size and goal.
fn rows(goals: &[riptide_search::Goal], r: &Report) -> Vec<[String; 8]> {
    let pps = |v: Option<f64>, none: &str| v.map_or_else(|| none.to_string(), |v| human_rate(v, "pps"));
    let mut out = vec![];
    for run in &r.runs {
        if let Some(m) = &run.mrr {
            // The receive rate as the goals' lower bounds read: frames/s, L2, % of line.
            let l2 = run.line.map_or_else(|| "-".into(), |l| human_rate(m.mean * l.mean_frame * 8.0, "b/s"));
            let pct = run.line.map_or_else(|| "-".into(), |l| format!("{:.1}%", m.mean / l.max_pps * 100.0));
            out.push([
                run.frame_size.clone().unwrap_or_else(|| "profile".into()),
                "mrr".into(),
                "any".into(),
                format!("{} (stdev {})", human_rate(m.mean, "pps"), human_rate(m.stdev, "pps")),
                l2,
                pct,
                "-".into(),
                "-".into(),
            ]);
        }
        for (g, gr) in goals.iter().zip(&run.goals) {
            let res = &gr.result;
            out.push([
                run.frame_size.clone().unwrap_or_else(|| "profile".into()),
                g.name.clone(),
                format!("{}%", g.loss_ratio * 100.0),
                pps(res.lower_bound, "not found"),
                gr.lower_bound_bps_l2.map_or_else(|| "-".into(), |v| human_rate(v, "b/s")),
                gr.lower_bound_percent_line.map_or_else(|| "-".into(), |v| format!("{v:.1}%")),
                format!(
                    "{}{}",
                    pps(res.upper_bound, "none (max)"),
                    if gr.upper_bound_generator_limited { " (generator limit)" } else { "" }
                ),
                format!(
                    "{}{}",
                    pps(res.conditional_throughput, "-"),
                    if gr.untrusted.is_some() { " (UNTRUSTED)" } else { "" }
                ),
            ]);
        }
    }
    out
}

/// Notes under the table: goals not found, bounds that are the generator's.
fn notes(goals: &[riptide_search::Goal], r: &Report) -> Vec<String> {
    let mut out = vec![];
    for run in &r.runs {
        let at = run.frame_size.as_deref().map_or(String::new(), |n| format!(" at {}", size_label(n)));
        for (g, gr) in goals.iter().zip(&run.goals) {
            if gr.result.lower_bound.is_none() {
                out.push(format!(
                    "{}{at}: not found: even the minimum load ({}) loses more than {}%.",
                    g.name,
                    human_rate(run.min_load, "pps"),
                    g.loss_ratio * 100.0
                ));
            } else if gr.upper_bound_generator_limited && gr.untrusted.is_none() {
                out.push(format!(
                    "{}{at}: the upper bound is the generator's limit, not the DUT's: the DUT forwards at least the \
                     lower bound.",
                    g.name
                ));
            }
            if let Some(u) = &gr.untrusted {
                out.push(format!("{}{at}: UNTRUSTED: {u}.", g.name));
            }
        }
    }
    if throughput_below_bound(r) {
        out.push(format!("{THROUGHPUT_NOTE}."));
    }
    out
}

/// What the table's throughput is, said when one is below its goal's lower bound.
pub const THROUGHPUT_NOTE: &str = "throughput: MLRsearch's conditional throughput, what the DUT forwarded in the \
     trials at the lower bound (the load less their loss, CSIT's figure): below the lower bound when a goal allows \
     loss";

/// Whether a goal's conditional throughput is below its lower bound (a goal that allows
/// loss): the table's readers are told why ([`THROUGHPUT_NOTE`]).
pub fn throughput_below_bound(r: &Report) -> bool {
    r.runs.iter().flat_map(|run| &run.goals).any(|gr| {
        matches!((gr.result.conditional_throughput, gr.result.lower_bound), (Some(t), Some(l)) if t < l * (1.0 - 1e-9))
    })
}

/// The trials and the search's settings, as sentences.
fn summary(goals: &[riptide_search::Goal], r: &Report) -> Vec<String> {
    let (trials, limited): (usize, usize) =
        (r.runs.iter().map(|x| x.trials).sum(), r.runs.iter().map(|x| x.generator_limited_trials).sum());
    let secs: f64 = r.runs.iter().map(|x| x.trial_seconds).sum();
    let mut first = format!("{trials} trials ({secs:.1} s of trials) in {:.1} s", r.wall_s);
    if limited > 0 {
        first.push_str(&format!(
            "; {limited} of them sent less than 99.9% of their load (a generator limit, counted as failed, never as DUT loss)"
        ));
    }
    first.push_str(". Every trial is in trials.csv; all figures in results.json.");
    let mut out = vec![first];
    for run in &r.runs {
        let Some(m) = &run.mrr else { continue };
        let at = run.frame_size.as_deref().map_or(String::new(), |n| format!(" at {}", size_label(n)));
        out.push(format!(
            "MRR{at} (CSIT's maximum receive rate): {} trials of {} s at {}, whatever they lost: receive rate {} \
             mean, {} sample standard deviation ({:.1}% of the load).",
            m.samples.len(),
            m.trial_duration,
            human_rate(m.load, "pps"),
            human_rate(m.mean, "pps"),
            human_rate(m.stdev, "pps"),
            m.mean / m.load * 100.0
        ));
    }
    out.extend(pacing(r));
    if let Some(g) = goals.first() {
        out.push(format!(
            "Search: MLRsearch (docs/methodology.md), width {}%, trials {} s then {} s, duration sum {} s, exceed ratio {}.",
            g.relative_width * 100.0,
            g.initial_trial_duration,
            g.final_trial_duration,
            g.duration_sum,
            g.exceed_ratio
        ));
    }
    out
}

/// How smoothly the trials' frames left, as a sentence (searches on real-time ports).
pub fn pacing(r: &Report) -> Option<String> {
    use std::fmt::Write;
    let mut worst: Option<(&str, usize, f64, u64)> = None;
    let mut gap = 0u64;
    let mut kernel = false;
    for run in &r.runs {
        let Trials::Measured(log) = &run.trial_list else { continue };
        for (i, t) in log.iter().enumerate() {
            let (Some(p), Some(burst)) = (t.pacing, t.judged_burst()) else { continue };
            gap = gap.max(p.gap_ns);
            kernel |= t.kernel_burst.is_some();
            if worst.is_none_or(|w| burst > w.3) {
                worst = Some((run.frame_size.as_deref().unwrap_or(""), i + 1, t.trial.intended_load, burst));
            }
        }
    }
    let (size, n, load, burst) = worst?;
    let at = if size.is_empty() { String::new() } else { format!(" at {}", size_label(size)) };
    let mut s = format!(
        "Pacing{}: the largest burst beyond the schedule was {burst} frames{} (trial {n}{at}, {}), the longest gap \
         with a frame due {:.2} ms",
        if r.realtime { " (workers at real-time priority)" } else { "" },
        if kernel { " (by the kernel's departure stamps where the ports have them)" } else { "" },
        human_rate(load, "pps"),
        gap as f64 / 1e6
    );
    let repeated: usize = r.runs.iter().map(|x| x.repeated.len()).sum();
    let limited: usize = r.runs.iter().map(|x| x.pacing_limited_trials).sum();
    match r.max_burst {
        Some(max) => {
            let from = r.max_burst_source.as_deref().map_or(String::new(), |w| format!(", {w}"));
            let _ = write!(s, "; bound {max} frames (--max-burst{from}): {repeated} trials repeated past it");
            if limited > 0 {
                let _ = write!(
                    s,
                    ", {limited} past it in every repetition (pacing-limited: their loss may be the generator's \
                     bursts; a bound they decide is marked the generator's)"
                );
            }
        }
        None => s.push_str("; no bound (--max-burst off)"),
    }
    s.push('.');
    Some(s)
}

fn subject(r: &Report) -> Option<String> {
    r.profile.as_ref().map(|p| format!("Profile {p} on {}.", r.ports.join(", ")))
}

fn markdown(command: &[String], host: &Host, goals: &[riptide_search::Goal], r: &Report) -> String {
    let mut m = String::from("# Throughput search (NDR/PDR)\n\n");
    if let Some(s) = subject(r) {
        m.push_str(&format!("{s}\n\n"));
    }
    m.push_str(&format!("| {} |\n", HEAD.join(" | ")));
    m.push_str(&format!("|{}\n", "---|".repeat(HEAD.len())));
    for row in rows(goals, r) {
        m.push_str(&format!("| {} |\n", row.join(" | ")));
    }
    m.push('\n');
    for n in notes(goals, r) {
        m.push_str(&format!("- {n}\n"));
    }
    m.push('\n');
    let lat = latency_rows(r);
    if !lat.is_empty() {
        m.push_str("## Latency under load\n\n");
        m.push_str(&format!("| {} |\n|{}\n", LATENCY_HEAD.join(" | "), "---|".repeat(LATENCY_HEAD.len())));
        for row in lat {
            m.push_str(&format!("| {} |\n", row.join(" | ")));
        }
        m.push_str("\nHistograms: latency-SIZE.hlog (HdrHistogram interval logs, ns).\n\n");
    }
    for s in summary(goals, r) {
        m.push_str(&format!("{s}\n\n"));
    }
    m.push_str(&format!("Command:\n\n```\n{}\n```\n\n", command.join(" ")));
    m.push_str(&format!("riptide {}; host: {}.\n", env!("CARGO_PKG_VERSION"), host.describe()));
    m.push_str("\n## Host calibration\n\n");
    for l in &host.calibration_lines {
        m.push_str(&format!("- {l}\n"));
    }
    m
}

use crate::html::{data_url as base64_png, esc};

/// The report as one HTML page that needs nothing else: styles inline, the plots as
/// `data:` URLs, no scripts.
fn html(
    command: &[String],
    host: &Host,
    goals: &[riptide_search::Goal],
    r: &Report,
    images: &[(String, String, String)],
) -> String {
    let mut h = String::from(concat!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n",
        "<title>riptide: throughput search (NDR/PDR)</title>\n<style>\n",
    ));
    h.push_str(crate::html::STYLE);
    h.push_str("</style>\n</head>\n<body>\n<h1>Throughput search (NDR/PDR)</h1>\n");
    if let Some(s) = subject(r) {
        h.push_str(&format!("<p>{}</p>\n", esc(&s)));
    }
    h.push_str("<table>\n<tr>");
    for c in HEAD {
        h.push_str(&format!("<th>{}</th>", esc(c)));
    }
    h.push_str("</tr>\n");
    for row in rows(goals, r) {
        h.push_str("<tr>");
        for c in row {
            h.push_str(&format!("<td>{}</td>", esc(&c)));
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</table>\n");
    let notes = notes(goals, r);
    if !notes.is_empty() {
        h.push_str("<ul>\n");
        for n in notes {
            h.push_str(&format!("<li>{}</li>\n", esc(&n)));
        }
        h.push_str("</ul>\n");
    }
    let lat = latency_rows(r);
    if !lat.is_empty() {
        h.push_str("<h2>Latency under load</h2>\n<table>\n<tr>");
        for c in LATENCY_HEAD {
            h.push_str(&format!("<th>{}</th>", esc(c)));
        }
        h.push_str("</tr>\n");
        for row in lat {
            h.push_str("<tr>");
            for c in row {
                h.push_str(&format!("<td>{}</td>", esc(&c)));
            }
            h.push_str("</tr>\n");
        }
        h.push_str("</table>\n");
    }
    for s in summary(goals, r) {
        h.push_str(&format!("<p>{}</p>\n", esc(&s)));
    }
    for (file, caption, url) in images {
        h.push_str(&format!(
            "<figure><img src=\"{url}\" alt=\"{c}\" width=\"800\" height=\"450\"><figcaption>{c} ({f})</figcaption></figure>\n",
            c = esc(caption),
            f = esc(file)
        ));
    }
    h.push_str(&format!("<h2>Command</h2>\n<pre>{}</pre>\n", esc(&command.join(" "))));
    h.push_str(&format!(
        "<h2>Host</h2>\n<p>riptide {}; {}.</p>\n<ul>\n",
        env!("CARGO_PKG_VERSION"),
        esc(&host.describe())
    ));
    for l in &host.calibration_lines {
        h.push_str(&format!("<li>{}</li>\n", esc(l)));
    }
    h.push_str("</ul>\n</body>\n</html>\n");
    h
}
