//! `riptide ndr --out DIR`: the search's results as files a person and a program read.
//!
//! - `results.json`: the `--json` object, with the command, riptide's version and the
//!   host's facts (schema in docs/methodology.md).
//! - `trials.csv`: every trial of every frame size, one row each.
//! - `report.md`: what a person reads first: the headline table, notes on goals not
//!   found and generator limits, the exact command, the host.
//!
//! Each file is written whole through a temporary name and renamed into place, after the
//! search: an interrupted or failed search leaves no partial file.

use super::Report;
use crate::run::write_atomic;
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
        Host { cpu, cores: std::thread::available_parallelism().map_or(1, usize::from), kernel }
    }
}

/// Creates `dir` if needed and checks a file can be written there, before any traffic.
pub(super) fn prepare(dir: &Path) -> Result<(), Failure> {
    std::fs::create_dir_all(dir).map_err(|e| Failure::input(format!("--out {}: {e}", dir.display())))?;
    crate::run::check_writable("--out", &dir.join("results.json"))
}

#[derive(Serialize)]
struct Results<'a> {
    command: &'a [String],
    riptide_version: &'static str,
    host: &'a Host,
    #[serde(flatten)]
    report: &'a Report<'a>,
}

/// Writes the three files into `dir`.
pub(super) fn write(
    dir: &Path,
    command: &[String],
    host: &Host,
    goals: &[riptide_search::Goal],
    r: &Report<'_>,
) -> Result<Vec<PathBuf>, Failure> {
    let results = Results { command, riptide_version: env!("CARGO_PKG_VERSION"), host, report: r };
    let json = serde_json::to_string_pretty(&results).map_err(|e| Failure::runtime(format!("results.json: {e}")))?;
    let files = [("results.json", json), ("trials.csv", csv(r)), ("report.md", markdown(command, host, goals, r))];
    let mut written = vec![];
    for (name, text) in files {
        let path = dir.join(name);
        write_atomic("--out", &path, &text)?;
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
            let (sent, want, fwd) = (
                t["offered_count"].as_f64().unwrap_or(0.0),
                t["intended_count"].as_f64().unwrap_or(0.0),
                t["forwarded_count"].as_f64().unwrap_or(0.0),
            );
            let overall = sent.max(want);
            let ratio = if overall > 0.0 { ((sent - fwd).abs() + (want - sent).abs()) / overall } else { 0.0 };
            out.push_str(&format!("{size},{},{},{ratio}\n", i + 1, row.join(",")));
        }
    }
    out
}

fn markdown(command: &[String], host: &Host, goals: &[riptide_search::Goal], r: &Report<'_>) -> String {
    let mut m = String::from("# Throughput search (NDR/PDR)\n\n");
    if let Some(p) = &r.profile {
        m.push_str(&format!(
            "Profile `{p}` on {}.\n\n",
            r.ports.iter().map(|p| format!("`{p}`")).collect::<Vec<_>>().join(", ")
        ));
    }
    m.push_str("| size | goal | loss ratio | NDR/PDR (lower bound) | L2 | % of line | upper bound | throughput |\n");
    m.push_str("|---|---|---|---|---|---|---|---|\n");
    let pps = |v: Option<f64>, none: &str| v.map_or_else(|| none.to_string(), |v| human_rate(v, "pps"));
    for run in &r.runs {
        for (g, gr) in goals.iter().zip(&run.goals) {
            let res = &gr.result;
            m.push_str(&format!(
                "| {} | {} | {}% | {} | {} | {} | {}{} | {} |\n",
                run.frame_size.as_deref().unwrap_or("profile"),
                g.name,
                g.loss_ratio * 100.0,
                pps(res.lower_bound, "not found"),
                gr.lower_bound_bps_l2.map_or_else(|| "-".into(), |v| human_rate(v, "b/s")),
                gr.lower_bound_percent_line.map_or_else(|| "-".into(), |v| format!("{v:.1}%")),
                pps(res.upper_bound, "none (max)"),
                if gr.upper_bound_generator_limited { " (generator limit)" } else { "" },
                pps(res.conditional_throughput, "-"),
            ));
        }
    }
    m.push('\n');
    for run in &r.runs {
        let at = run.frame_size.as_deref().map_or(String::new(), |n| format!(" at {n} B"));
        for (g, gr) in goals.iter().zip(&run.goals) {
            if gr.result.lower_bound.is_none() {
                m.push_str(&format!(
                    "- {}{at}: not found: even the minimum load ({}) loses more than {}%.\n",
                    g.name,
                    human_rate(run.min_load, "pps"),
                    g.loss_ratio * 100.0
                ));
            } else if gr.upper_bound_generator_limited {
                m.push_str(&format!(
                    "- {}{at}: the upper bound is the generator's limit, not the DUT's: the DUT forwards at least the \
                     lower bound.\n",
                    g.name
                ));
            }
        }
    }
    let (trials, limited): (usize, usize) =
        (r.runs.iter().map(|x| x.trials).sum(), r.runs.iter().map(|x| x.generator_limited_trials).sum());
    let secs: f64 = r.runs.iter().map(|x| x.trial_seconds).sum();
    m.push_str(&format!("\n{trials} trials ({secs:.1} s of trials) in {:.1} s", r.wall_s));
    if limited > 0 {
        m.push_str(&format!(
            "; {limited} of them sent less than 99.9% of their load (a generator limit, counted as failed, never as DUT loss)"
        ));
    }
    m.push_str(". Every trial is in `trials.csv`; all figures in `results.json`.\n\n");
    if let Some(g) = goals.first() {
        m.push_str(&format!(
            "Search: MLRsearch (docs/methodology.md), width {}%, trials {} s then {} s, duration sum {} s, exceed ratio {}.\n\n",
            g.relative_width * 100.0,
            g.initial_trial_duration,
            g.final_trial_duration,
            g.duration_sum,
            g.exceed_ratio
        ));
    }
    m.push_str(&format!("Command:\n\n```\n{}\n```\n\n", command.join(" ")));
    m.push_str(&format!(
        "riptide {}; host: {}, {} cores, Linux {}.\n",
        env!("CARGO_PKG_VERSION"),
        host.cpu,
        host.cores,
        host.kernel
    ));
    m
}
