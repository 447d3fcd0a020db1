//! `riptide ndr --out DIR`: the search's results as files a person and a program read.
//!
//! - `results.json`: the `--json` object, with the command, riptide's version and the
//!   host's facts (schema in docs/methodology.md).
//! - `trials.csv`: every trial of every frame size, one row each.
//! - `report.md`: what a person reads first: the headline table, notes on goals not
//!   found and generator limits, the exact command, the host.
//! - PNG plots ([`super::plots`]): throughput by frame size in frames/s and bit/s with
//!   the line rate, and each search's trials coloured by outcome.
//! - `report.html`: report.md's content and the plots in one self-contained page (the
//!   images inline as data: URLs), for a browser.
//!
//! Each file is written whole through a temporary name and renamed into place, after the
//! search: an interrupted or failed search leaves no partial file.

use super::Report;
use crate::files::write_atomic;
use crate::Failure;
use riptide_core::units::human_rate;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// The host a search ran on.
#[derive(Clone, Debug, Serialize)]
pub(super) struct Host {
    cpu: String,
    cores: usize,
    kernel: String,
    /// The interfaces of the ports (afpacket and afxdp ones).
    interfaces: Vec<Interface>,
    /// The host's latest `riptide calibrate` (`{"age_s", "calibration"}`), or a note
    /// that there is none.
    calibration: serde_json::Value,
    /// That calibration in a few lines for report.md and report.html.
    #[serde(skip)]
    calibration_lines: Vec<String>,
}

/// What the kernel says about one port's interface (`ethtool -i` and `-g`).
#[derive(Clone, Debug, Serialize)]
struct Interface {
    port: String,
    name: String,
    driver: Option<String>,
    rx_ring: Option<u32>,
    tx_ring: Option<u32>,
    speed_bps: Option<f64>,
}

/// The interface of a port spec (every interface port: `afpacket:`, `afxdp:`,
/// `xdplive:`, with wrappers), as the port crate parses it.
fn interface_of(spec: &str) -> Option<String> {
    let spec: riptide_port::PortSpec = spec.parse().ok()?;
    spec.interface().filter(|n| !n.is_empty()).map(str::to_string)
}

impl Host {
    pub(super) fn here() -> Self {
        let cpu = std::fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|t| {
                t.lines()
                    .find(|l| l.starts_with("model name"))
                    .and_then(|l| l.split_once(':'))
                    .map(|(_, v)| v.trim().to_string())
            })
            .unwrap_or_else(|| "unknown".into());
        let kernel = std::fs::read_to_string("/proc/sys/kernel/osrelease")
            .map(|s| s.trim().to_string())
            .unwrap_or_else(|_| "unknown".into());
        let calibration_lines = match crate::calibrate::latest() {
            Some((c, age)) => crate::calibrate::summary_lines(&c, age),
            None => vec!["no calibration of this host saved: run riptide calibrate before the search".into()],
        };
        Host {
            cpu,
            cores: std::thread::available_parallelism().map_or(1, usize::from),
            kernel,
            interfaces: vec![],
            calibration: crate::calibrate::latest_json(),
            calibration_lines,
        }
    }

    /// [`Host::here`] with the facts of the ports' interfaces (in the calling thread's
    /// namespace, which `--netns` has entered).
    pub(super) fn with_ports(ports: &[String]) -> Self {
        use riptide_port::afpacket;
        let mut h = Host::here();
        for p in ports {
            let Some(name) = interface_of(p) else { continue };
            let rings = afpacket::rings(&name).ok();
            h.interfaces.push(Interface {
                port: p.clone(),
                driver: afpacket::driver(&name).ok(),
                rx_ring: rings.map(|r| r.0),
                tx_ring: rings.map(|r| r.1),
                speed_bps: afpacket::link_speed_bps(&name),
                name,
            });
        }
        h
    }

    /// One line: CPU, cores, kernel, and each interface's driver and rings.
    fn describe(&self) -> String {
        let mut s = format!("{}, {} cores, Linux {}", self.cpu, self.cores, self.kernel);
        for i in &self.interfaces {
            s.push_str(&format!("; {} ({}): driver {}", i.name, i.port, i.driver.as_deref().unwrap_or("unknown")));
            if let (Some(rx), Some(tx)) = (i.rx_ring, i.tx_ring) {
                s.push_str(&format!(", rings rx {rx} tx {tx}"));
            }
            if let Some(b) = i.speed_bps {
                s.push_str(&format!(", {}", human_rate(b, "b/s")));
            }
        }
        s
    }
}

/// Creates `dir` if needed and checks a file can be written there, before any traffic.
/// Makes `dir` when it is not there and checks that files can be written in it; whether
/// it was made here (to be removed again if the search ends without a result).
pub(super) fn prepare(dir: &Path) -> Result<bool, Failure> {
    let made = !dir.exists();
    std::fs::create_dir_all(dir).map_err(|e| Failure::input(format!("--out {}: {e}", dir.display())))?;
    if let Err(e) = crate::files::check_writable("--out", &dir.join("results.json")) {
        if made {
            let _ = std::fs::remove_dir(dir);
        }
        return Err(e);
    }
    Ok(made)
}

#[derive(Serialize)]
struct Results<'a> {
    command: &'a [String],
    riptide_version: &'static str,
    host: &'a Host,
    #[serde(flatten)]
    report: &'a Report<'a>,
}

/// Writes the files into `dir`: results.json, trials.csv, report.md, the plots and
/// report.html.
pub(super) fn write(
    dir: &Path,
    command: &[String],
    host: &Host,
    goals: &[riptide_search::Goal],
    r: &Report<'_>,
) -> Result<Vec<PathBuf>, Failure> {
    let results = Results { command, riptide_version: env!("CARGO_PKG_VERSION"), host, report: r };
    let json = serde_json::to_string_pretty(&results).map_err(|e| Failure::runtime(format!("results.json: {e}")))?;
    let mut files: Vec<(String, Vec<u8>)> = vec![
        ("results.json".into(), json.into_bytes()),
        ("trials.csv".into(), csv(r).into_bytes()),
        ("report.md".into(), markdown(command, host, goals, r).into_bytes()),
    ];
    let mut images = vec![];
    for p in super::plots::plots(goals, r) {
        let png = riptide_plot::chart_png(&p.chart).map_err(|e| Failure::runtime(format!("{}: {e}", p.file)))?;
        images.push((p.file.clone(), p.caption, base64_png(&png)));
        files.push((p.file, png));
    }
    for run in r.runs.iter().filter(|run| !run.latency.is_empty()) {
        files.push((super::size_file("latency", run.frame_size.as_deref(), "hlog"), hdr_log(run).into_bytes()));
    }
    files.push(("report.html".into(), html(command, host, goals, r, &images).into_bytes()));
    let mut written = vec![];
    for (name, bytes) in files {
        let path = dir.join(name);
        write_atomic("--out", &path, &bytes)?;
        written.push(path);
    }
    Ok(written)
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

/// A trial's loss ratio as the search counted it (`riptide_search::Trial::loss_ratio`:
/// lost and unsent frames over the frames asked for) from its JSON record.
pub(super) fn loss_ratio(t: &serde_json::Value) -> f64 {
    serde_json::from_value::<riptide_search::Trial>(t.clone()).map_or(0.0, |t| t.loss_ratio())
}

/// One row per trial: frame size, trial number, its counts, its loss ratio.
fn csv(r: &Report<'_>) -> String {
    let mut out = format!("frame_size,trial,{},loss_ratio\n", CSV_FIELDS.join(","));
    for run in &r.runs {
        let size = run.frame_size.as_deref().unwrap_or("profile");
        for (i, t) in run.trial_list.as_array().into_iter().flatten().enumerate() {
            let cell = |k: &str| match &t[k] {
                serde_json::Value::Null => String::new(),
                v => v.to_string(),
            };
            let row: Vec<String> = CSV_FIELDS.iter().map(|k| cell(k)).collect();
            out.push_str(&format!("{size},{},{},{}\n", i + 1, row.join(","), loss_ratio(t)));
        }
    }
    out
}

/// A run's latency histograms as an HdrHistogram interval log (format 1.3, values in
/// ns): one interval per latency trial and stream, tagged `STREAM@PERCENT%`, its start
/// relative to the first latency trial.
fn hdr_log(run: &super::Run) -> String {
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
fn latency_rows(r: &Report<'_>) -> Vec<[String; 10]> {
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
fn rows(goals: &[riptide_search::Goal], r: &Report<'_>) -> Vec<[String; 8]> {
    let pps = |v: Option<f64>, none: &str| v.map_or_else(|| none.to_string(), |v| human_rate(v, "pps"));
    let mut out = vec![];
    for run in &r.runs {
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
                pps(res.conditional_throughput, "-"),
            ]);
        }
    }
    out
}

/// Notes under the table: goals not found, bounds that are the generator's.
fn notes(goals: &[riptide_search::Goal], r: &Report<'_>) -> Vec<String> {
    let mut out = vec![];
    for run in &r.runs {
        let at = run.frame_size.as_deref().map_or(String::new(), |n| format!(" at {}", super::size_label(n)));
        for (g, gr) in goals.iter().zip(&run.goals) {
            if gr.result.lower_bound.is_none() {
                out.push(format!(
                    "{}{at}: not found: even the minimum load ({}) loses more than {}%.",
                    g.name,
                    human_rate(run.min_load, "pps"),
                    g.loss_ratio * 100.0
                ));
            } else if gr.upper_bound_generator_limited {
                out.push(format!(
                    "{}{at}: the upper bound is the generator's limit, not the DUT's: the DUT forwards at least the \
                     lower bound.",
                    g.name
                ));
            }
        }
    }
    out
}

/// The trials and the search's settings, as sentences.
fn summary(goals: &[riptide_search::Goal], r: &Report<'_>) -> Vec<String> {
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

fn subject(r: &Report<'_>) -> Option<String> {
    r.profile.as_ref().map(|p| format!("Profile {p} on {}.", r.ports.join(", ")))
}

fn markdown(command: &[String], host: &Host, goals: &[riptide_search::Goal], r: &Report<'_>) -> String {
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

/// PNG bytes as a `data:` URL.
fn base64_png(png: &[u8]) -> String {
    use base64::Engine as _;
    format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(png))
}

/// Escapes text for HTML.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The report as one HTML page that needs nothing else: styles inline, the plots as
/// `data:` URLs, no scripts.
fn html(
    command: &[String],
    host: &Host,
    goals: &[riptide_search::Goal],
    r: &Report<'_>,
    images: &[(String, String, String)],
) -> String {
    let mut h = String::from(concat!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n",
        "<title>riptide: throughput search (NDR/PDR)</title>\n<style>\n",
        "body{font-family:'DejaVu Sans',Arial,sans-serif;max-width:1000px;margin:2em auto;padding:0 1em;color:#222}\n",
        "table{border-collapse:collapse;margin:1em 0}th,td{border:1px solid #ccc;padding:4px 10px;text-align:right}\n",
        "th{background:#f0f0f0}td:nth-child(-n+2){text-align:left}\n",
        "figure{margin:1.5em 0}img{max-width:100%;border:1px solid #ddd}figcaption{color:#555;font-size:90%}\n",
        "pre{background:#f6f6f6;padding:.6em;overflow-x:auto;white-space:pre-wrap}\n",
        "</style>\n</head>\n<body>\n<h1>Throughput search (NDR/PDR)</h1>\n"
    ));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn port_specs_name_their_interfaces() {
        assert_eq!(interface_of("afpacket:rt0").as_deref(), Some("rt0"));
        assert_eq!(interface_of("afxdp:rt1:0").as_deref(), Some("rt1"));
        assert_eq!(interface_of("xdplive:rt2").as_deref(), Some("rt2"));
        assert_eq!(interface_of("afpacket:eth0+impair:loss=1%").as_deref(), Some("eth0"));
        assert_eq!(interface_of("link:0"), None);
        assert_eq!(interface_of("afpacket:"), None);
    }

    #[test]
    fn html_escapes_what_it_shows() {
        assert_eq!(esc("<a & \"b\">"), "&lt;a &amp; &quot;b&quot;&gt;");
    }
}
