//! `riptide ndr`: the throughput search (NDR/PDR, MLRsearch's algorithm in
//! `riptide-search`) of a DUT between two ports, or of a simulated DUT.
//!
//! Trials run on the engine through its command API
//! ([`riptide_method::trials::EngineTrials`]); this module parses options, checks them
//! and prints. `--simulate` runs the same search against a model with a known answer:
//! what a search costs (trials, seconds) for given goals, and how the search is tested
//! against the MLRsearch package (python/tests/test_ndr.py).

mod out;
mod plots;

use crate::place::PlaceArgs;
use crate::run::read_profile;
use crate::{signal, Failure};
use clap::Args;
use riptide_core::units::{human_rate, Rate, L1_OVERHEAD};
use riptide_core::Nanos;
use riptide_engine::{Command, Engine, ProfileFormat, StreamInfo};
use riptide_method::trials::{describe, EngineTrials, TrialError, TrialRecord};
use riptide_search::sim::Capacity;
use riptide_search::{search, Config, Goal, Measurer, Outcome, Trial};
use riptide_stl::profile::values::SizeSpec;
use serde::Serialize;
use std::io::IsTerminal;
use std::path::PathBuf;

#[derive(Args, Debug)]
#[command(mut_arg("line_rate", |a| a.help(LINE_RATE_HELP)))]
pub(crate) struct NdrArgs {
    /// Profile (YAML, or a TRex Python profile `.py`) with at least one tagged stream
    /// (`flow_stats` / `STLFlowStats`, or `latency`): the search scales its rates to each
    /// trial's load and counts loss on its tagged streams.
    #[arg(required_unless_present = "simulate", conflicts_with = "simulate")]
    pub profile: Option<PathBuf>,
    /// A TRex profile's tunables, as TRex's `-t`: `key=val,key2=val2`.
    #[arg(short = 't', long = "tunables", value_name = "KEY=VAL,...", conflicts_with = "simulate")]
    pub tunables: Option<String>,
    /// Ports, as for `riptide run` (`afpacket:rt0`, `link:0`); the load is split evenly
    /// between the ports that send.
    #[arg(long = "port", required_unless_present_any = ["simulate", "config"], conflicts_with = "simulate")]
    pub ports: Vec<String>,
    /// Port configuration file (TRex's trex_cfg.yaml in spirit: interfaces, MACs and
    /// gateways, line rate, namespace), instead of --port; see docs/port-config.md.
    #[arg(long = "config", alias = "cfg", conflicts_with_all = ["simulate", "ports"])]
    pub config: Option<PathBuf>,
    /// Both directions: every stream of port 0 or 1 is mirrored onto the other port
    /// (addresses and ports swapped, MACs from the port configuration), and the load is
    /// the sum of both directions.
    #[arg(long, conflicts_with = "simulate")]
    pub bidirectional: bool,
    /// Worker threads per trial: a count (4), or a core list (2,3 or 2-5; one core: 3-3)
    /// that pins one worker on each core.
    #[arg(short, long, default_value = "1")]
    pub cores: crate::cores::Cores,
    /// Search against a simulated DUT that forwards this many frames/s (`1.234mpps`),
    /// optionally losing a share of them anyway (`1.234mpps,loss=0.3%`); no ports.
    #[arg(long, value_name = "RATE[,loss=RATIO]")]
    pub simulate: Option<String>,
    /// Goals: names with the loss ratio each allows (`ndr=0,pdr=0.5%`).
    #[arg(long, default_value = "ndr=0,pdr=0.5%")]
    pub goals: String,
    /// Final relative width of each goal's interval (`0.5%` or `0.005`).
    #[arg(long, default_value = "0.5%")]
    pub width: String,
    /// Duration of the first trials (MLRsearch's initial trial duration).
    #[arg(long, default_value = "1s")]
    pub trial: String,
    /// Duration of the trials that decide (MLRsearch's final trial duration).
    #[arg(long, default_value = "10s")]
    pub final_trial: String,
    /// Seconds of final trials that decide whether a load passes.
    #[arg(long, default_value = "21s")]
    pub duration_sum: String,
    /// Share of the deciding trial time that may exceed a goal's loss ratio.
    #[arg(long, default_value = "0.5")]
    pub exceed_ratio: String,
    /// Lowest load tried: frames/s summed over the sending ports (`9001pps`, `10kpps`),
    /// or a share of the line rate (`1%`).
    #[arg(long, default_value = "9001pps")]
    pub min_load: String,
    /// Highest load tried: frames/s (`14.88mpps`), `%` of the line rate or a bit rate
    /// (`5gbps` L2, `5gbpsl1`) at the profile's frame sizes (default: the line rate).
    #[arg(long)]
    pub max_load: Option<String>,
    /// Give up after this many seconds of trials.
    #[arg(long, default_value = "1200s")]
    pub max_search: String,
    /// One search per frame size, every stream given that size: `64,128,256,512,1024,1280,1518,imix`
    /// (sizes in bytes with FCS, or imix).
    #[arg(long, value_name = "SIZES")]
    pub frame_sizes: Option<String>,
    /// Latency after the search, as CSIT reports it: trials of the final duration at 0%
    /// (probes only), 10%, 50% and 90% of the PDR goal's lower bound (the goal named
    /// pdr, else the one allowing most loss), with latency probes at this rate on every
    /// sending port (`1kpps`); `off` skips them.
    #[arg(long, default_value = "1kpps", value_name = "RATE|off")]
    pub latency: String,
    /// Also write the report into DIR (created if needed; checked before any traffic;
    /// each file whole or not at all): results.json, trials.csv, report.md, report.html,
    /// throughput-pps.png, throughput-bps.png (ports only), trials.png and, with latency
    /// trials, latency.png and latency.hlog; in a --frame-sizes sweep one trials-SIZE.png,
    /// latency-SIZE.png and latency-SIZE.hlog per size.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Print one JSON object: the goals' results and every trial.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub place: PlaceArgs,
}

/// `--line-rate` for a search: what a load is measured against.
const LINE_RATE_HELP: &str = "Line rate of every port, which sets the highest load at the profile's frame sizes (the \
default --max-load), what `%` and bit-rate loads mean, and the report's % of line: 10g, 100g, 1g (default 10g; \
port_bandwidth_gb of a port configuration file)";

/// A ratio written as `0.5%` or `0.005`.
fn ratio(option: &str, s: &str) -> Result<f64, Failure> {
    let t = s.trim();
    let (num, scale) = match t.strip_suffix('%') {
        Some(n) => (n, 0.01),
        None => (t, 1.0),
    };
    num.trim()
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
        .map(|v| v * scale)
        .ok_or_else(|| Failure::input(format!("{option} '{s}': expected a ratio such as 0.5% or 0.005")))
}

/// What a load is measured against: the line rate in frames/s at the profile's frame
/// sizes, and the mean frame size (FCS included); None for a simulated DUT.
#[derive(Clone, Copy, Debug, Serialize)]
struct Line {
    /// The highest aggregate load the ports carry (frames/s).
    max_pps: f64,
    /// Mean frame size of the scaled streams, bytes.
    mean_frame: f64,
    /// Line rate of one port, L1 bit/s.
    port_bps: f64,
    /// Ports that send.
    ports: usize,
}

/// A load: frames/s, or (with a line) `%` of it or a bit rate at its frame size.
fn load(option: &str, s: &str, line: Option<Line>) -> Result<f64, Failure> {
    let rate = s.parse::<Rate>().map_err(|e| Failure::input(format!("{option}: {e}")))?;
    let v = match (rate, line) {
        (Rate::Pps(v), _) => v,
        (_, None) => {
            return Err(Failure::input(format!("{option} '{s}': a simulated search takes loads in frames/s (pps)")))
        }
        (Rate::Percent(p), Some(l)) => l.max_pps * p / 100.0,
        (Rate::BpsL2(b), Some(l)) => b / (l.mean_frame * 8.0),
        (Rate::BpsL1(b), Some(l)) => b / ((l.mean_frame + L1_OVERHEAD as f64) * 8.0),
    };
    if !(v.is_finite() && v > 0.0) {
        return Err(Failure::input(format!("{option} '{s}': expected a positive load")));
    }
    Ok(v)
}

/// The line the profile's scaled streams meet: each sending port carries an even share
/// of the load, so the port with the largest frames saturates first.
fn line_of(streams: &[StreamInfo], port_bps: f64) -> Option<Line> {
    let mut per_port: std::collections::BTreeMap<u16, (f64, f64)> = Default::default();
    for s in streams.iter().filter(|s| s.enabled && s.scaled) {
        let e = per_port.entry(s.port).or_default();
        e.0 += s.requested_pps;
        e.1 += s.requested_pps * s.mean_frame;
    }
    let means: Vec<f64> = per_port.values().filter(|(p, _)| *p > 0.0).map(|(p, b)| b / p).collect();
    let largest = means.iter().copied().fold(0.0, f64::max);
    if means.is_empty() || largest <= 0.0 {
        return None;
    }
    let mean_frame = means.iter().sum::<f64>() / means.len() as f64;
    let per_port_pps = port_bps / ((largest + L1_OVERHEAD as f64) * 8.0);
    Some(Line { max_pps: per_port_pps * means.len() as f64, mean_frame, port_bps, ports: means.len() })
}

fn seconds(option: &str, s: &str) -> Result<f64, Failure> {
    let d: Nanos = s.parse().map_err(|e| Failure::input(format!("{option}: {e}")))?;
    if d == Nanos::ZERO {
        return Err(Failure::input(format!("{option} '{s}': expected a positive duration")));
    }
    Ok(d.as_secs_f64())
}

/// `--goals ndr=0,pdr=0.5%`: each goal with the shared options.
fn goals(a: &NdrArgs) -> Result<Vec<Goal>, Failure> {
    let width = ratio("--width", &a.width)?;
    if !(width > 0.0 && width < 1.0) {
        return Err(Failure::input(format!("--width '{}': expected a width in (0, 100%)", a.width)));
    }
    let exceed = ratio("--exceed-ratio", &a.exceed_ratio)?;
    if !(0.0..1.0).contains(&exceed) {
        return Err(Failure::input(format!("--exceed-ratio '{}': expected a ratio in [0, 1)", a.exceed_ratio)));
    }
    let (initial, last, sum) = (
        seconds("--trial", &a.trial)?,
        seconds("--final-trial", &a.final_trial)?,
        seconds("--duration-sum", &a.duration_sum)?,
    );
    if last < initial {
        return Err(Failure::input(format!(
            "--final-trial {}: expected at least --trial ({})",
            a.final_trial, a.trial
        )));
    }
    if sum < last {
        return Err(Failure::input(format!(
            "--duration-sum {}: expected at least --final-trial ({})",
            a.duration_sum, a.final_trial
        )));
    }
    let mut out: Vec<Goal> = vec![];
    for item in a.goals.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let Some((name, lr)) = item.split_once('=') else {
            return Err(Failure::input(format!("--goals '{item}': expected NAME=LOSS_RATIO, such as pdr=0.5%")));
        };
        let name = name.trim();
        if name.is_empty() || out.iter().any(|g| g.name == name) {
            return Err(Failure::input(format!("--goals '{item}': each goal needs a name of its own")));
        }
        let loss = ratio("--goals", lr)?;
        if !(0.0..1.0).contains(&loss) {
            return Err(Failure::input(format!(
                "--goals '{item}': the loss ratio must be in [0, 1), such as 0 or 0.5%"
            )));
        }
        let g = Goal {
            exceed_ratio: exceed,
            relative_width: width,
            initial_trial_duration: initial,
            final_trial_duration: last,
            duration_sum: sum,
            ..Goal::new(name, loss)
        };
        g.validate().map_err(|e| Failure::input(format!("--goals: {e}")))?;
        out.push(g);
    }
    if out.is_empty() {
        return Err(Failure::input("--goals: expected at least one NAME=LOSS_RATIO"));
    }
    Ok(out)
}

/// `--simulate 1.234mpps[,loss=0.3%]`.
fn simulated(s: &str) -> Result<Capacity, Failure> {
    let mut parts = s.split(',');
    let cap = load("--simulate", parts.next().unwrap_or(""), None)?;
    let mut dut = Capacity::new(cap);
    for p in parts {
        match p.trim().split_once('=') {
            Some(("loss", v)) => {
                dut.loss_ratio = ratio("--simulate loss", v)?;
                if !(0.0..1.0).contains(&dut.loss_ratio) {
                    return Err(Failure::input(format!("--simulate '{p}': the loss ratio must be in [0, 1)")));
                }
            }
            _ => return Err(Failure::input(format!("--simulate '{p}': expected loss=RATIO after the rate"))),
        }
    }
    Ok(dut)
}

/// The measurer of a run on ports: prints a line per trial on a terminal, and stops
/// the search when the first two trials (the maximum load, then what came back of it)
/// received none of the test's frames.
struct Progress<'a> {
    inner: EngineTrials<'a, &'a mut Engine>,
    /// Where the line goes; None: no terminal (or --json), nothing shown.
    line: Option<ProgressLine>,
}

/// The one terminal line a search keeps up to date: which size of how many, the trial,
/// its load and outcome, time so far and, once a size is done, an estimate of what is
/// left (the mean time per size so far times the sizes left).
#[derive(Clone, Debug)]
struct ProgressLine {
    /// Frame size label (`64 B`, `imix`, `profile`).
    size: String,
    /// 1-based index of this size and how many there are.
    index: usize,
    sizes: usize,
    /// When the whole command started.
    began: std::time::Instant,
    /// Seconds the sizes before this one took.
    done_secs: f64,
}

/// `1m05s`, `42s`.
fn mm_ss(secs: f64) -> String {
    let s = secs.max(0.0).round() as u64;
    if s >= 60 {
        format!("{}m{:02}s", s / 60, s % 60)
    } else {
        format!("{s}s")
    }
}

impl ProgressLine {
    fn show(&self, what: &str) {
        let elapsed = self.began.elapsed().as_secs_f64();
        let done = self.index - 1;
        let eta = if done > 0 {
            let left = self.done_secs / done as f64 * (self.sizes - done) as f64 - (elapsed - self.done_secs);
            format!(", ~{} left", mm_ss(left.max(0.0)))
        } else {
            String::new()
        };
        // \r and erase-line: the line is rewritten in place.
        eprint!("\r\x1b[K[{} {}/{}] {what} | {}{eta}", self.size, self.index, self.sizes, mm_ss(elapsed));
    }

    /// Ends the line (the next output starts on a fresh one).
    fn finish(&self) {
        eprint!("\r\x1b[K");
    }
}

impl Measurer for Progress<'_> {
    type Error = TrialError;

    fn measure(&mut self, duration: f64, load: f64) -> Result<Trial, TrialError> {
        if let Some(l) = &self.line {
            l.show(&format!("trial {}: {} for {duration} s ...", self.inner.log.len() + 1, human_rate(load, "pps")));
        }
        let t = self.inner.measure(duration, load)?;
        let n = self.inner.log.len();
        if let Some(l) = &self.line {
            let r = &self.inner.log[n - 1];
            l.show(&format!(
                "trial {n}: {} for {duration} s: lost {} ({:.4}%){}",
                human_rate(load, "pps"),
                r.lost,
                t.loss_ratio() * 100.0,
                if r.generator_limited { ", generator limit" } else { "" }
            ));
        }
        if n == 2 && self.inner.log.iter().all(|r| r.trial.forwarded_count == 0) {
            return Err(TrialError::NotCountable(
                "--port: the ports received none of the test's frames, at the maximum load nor at the minimum: \
                 is the DUT forwarding between them, and are the ports given in the profile's direction?"
                    .into(),
            ));
        }
        Ok(t)
    }
}

/// One goal's result in the units people read.
#[derive(Serialize)]
struct GoalReport {
    #[serde(flatten)]
    result: riptide_search::GoalResult,
    loss_ratio: f64,
    /// The upper bound failed only because the generator fell short of the load: the
    /// DUT's rate for this goal is at least the lower bound, maybe more.
    upper_bound_generator_limited: bool,
    /// The lower bound as L2 and L1 bit/s and % of line rate (ports only).
    #[serde(skip_serializing_if = "Option::is_none")]
    lower_bound_bps_l2: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    lower_bound_bps_l1: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    lower_bound_percent_line: Option<f64>,
}

/// One search: the profile's own frame sizes, or one size of a sweep.
#[derive(Serialize)]
struct Run {
    /// The frame size every stream was given (`--frame-sizes`); None: the profile's.
    frame_size: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<Line>,
    min_load: f64,
    max_load: f64,
    goals: Vec<GoalReport>,
    trials: usize,
    trial_seconds: f64,
    generator_limited_trials: usize,
    trial_list: serde_json::Value,
    /// The goal the latency trials are fractions of.
    #[serde(skip_serializing_if = "Option::is_none")]
    latency_of: Option<String>,
    /// Latency at fractions of that goal's lower bound.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    latency: Vec<LatencyPoint>,
}

/// One latency trial of a run.
#[derive(Serialize)]
struct LatencyPoint {
    /// Share of the goal's lower bound, percent (0: the probes alone).
    percent: f64,
    /// The trial's counts: `intended_load` is the load of the streams that follow it.
    #[serde(flatten)]
    record: TrialRecord,
    /// Each latency stream (ns); the histograms go to `latency-SIZE.hlog` with `--out`.
    streams: Vec<riptide_engine::LatencyStats>,
    #[serde(skip)]
    start_unix_ns: u64,
    #[serde(skip)]
    histograms: Vec<(String, String)>,
}

/// Shares of the PDR lower bound that latency is measured at (CSIT's).
const LATENCY_PERCENTS: [f64; 4] = [0.0, 10.0, 50.0, 90.0];

#[derive(Serialize)]
struct Report<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    simulated_capacity: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    simulated_loss_ratio: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    profile: Option<String>,
    ports: &'a [String],
    /// One search per frame size (one in all without `--frame-sizes`).
    runs: Vec<Run>,
    /// Wall time of everything (s).
    wall_s: f64,
}

pub(crate) fn ndr(a: NdrArgs) -> Result<(), Failure> {
    // An --out folder made for this search goes again when it ends without a result
    // (bad input found late, a failed port, Ctrl-C): no empty folder left behind.
    let made = match &a.out {
        Some(dir) => out::prepare(dir)?.then(|| dir.clone()),
        None => None,
    };
    let res = search_and_report(a);
    if let (Err(_), Some(dir)) = (&res, made) {
        let _ = std::fs::remove_dir(&dir);
    }
    res
}

fn search_and_report(mut a: NdrArgs) -> Result<(), Failure> {
    let began = std::time::Instant::now();
    let goals = goals(&a)?;
    let max_duration = seconds("--max-search", &a.max_search)?;
    if let Some(sim) = a.simulate.as_deref() {
        if a.frame_sizes.is_some() {
            return Err(Failure::input("--frame-sizes needs a profile and ports, not --simulate"));
        }
        let min_load = load("--min-load", &a.min_load, None)?;
        let max_load = load(
            "--max-load",
            a.max_load.as_deref().ok_or_else(|| Failure::input("--simulate needs --max-load"))?,
            None,
        )?;
        check_limits(&a, min_load, max_load)?;
        let mut dut = simulated(sim)?;
        let config = Config { goals: goals.clone(), min_load, max_load, warmup: 0.0, max_duration };
        let outcome = match search(&config, &mut dut) {
            Ok(o) => o,
            Err(riptide_search::Failure::Search(e)) => return Err(Failure::runtime(format!("search: {e}"))),
            Err(riptide_search::Failure::Measurer(never)) => match never {},
        };
        let head = format!(
            "simulated DUT: forwards {}{}; loads {} .. {}",
            human_rate(dut.capacity, "pps"),
            if dut.loss_ratio > 0.0 { format!(", loses {}% of it", dut.loss_ratio * 100.0) } else { String::new() },
            human_rate(min_load, "pps"),
            human_rate(max_load, "pps")
        );
        let run = Run {
            frame_size: None,
            line: None,
            min_load,
            max_load,
            goals: goal_reports(&goals, &outcome, None, &[]),
            trials: outcome.trials,
            trial_seconds: outcome.trial_seconds,
            generator_limited_trials: 0,
            trial_list: serde_json::to_value(&dut.trials).map_err(|e| Failure::runtime(e.to_string()))?,
            latency_of: None,
            latency: vec![],
        };
        let report = Report {
            simulated_capacity: Some(dut.capacity),
            simulated_loss_ratio: Some(dut.loss_ratio),
            profile: None,
            ports: &[],
            runs: vec![run],
            wall_s: began.elapsed().as_secs_f64(),
        };
        return print(&a, &[head], &goals, &report);
    }
    let Some(profile) = a.profile.as_ref() else {
        return Err(Failure::input("riptide ndr needs a profile and --port (or --simulate)"));
    };
    riptide_engine::cores(a.cores.count as u64).map_err(|e| Failure::input(format!("--cores {e}")))?;
    let sizes: Vec<Option<(String, SizeSpec)>> = match a.frame_sizes.as_deref() {
        None => vec![None],
        Some(list) => frame_sizes(list)?.into_iter().map(Some).collect(),
    };
    let probe = latency_probe(&a.latency)?;
    let trex = crate::trex::is_python_profile(profile);
    if a.tunables.is_some() && !trex {
        return Err(Failure::input("-t/--tunables is for TRex Python profiles (.py)"));
    }
    let mut text = if trex { String::new() } else { read_profile(profile)? };
    let source = profile.display().to_string();
    let config = crate::portcfg::engine_config_of(a.config.as_deref(), &mut a.place, &a.ports, &mut None)?;
    if trex {
        // As `riptide run X.py`: the profile loaded on every port, translated once.
        text = crate::trex::convert(profile, config.ports.len().max(1), a.tunables.as_deref())?;
    }
    if a.config.is_some() {
        a.ports = config.ports.iter().map(|p| p.name()).collect();
    }
    let mut engine = Engine::new(config);
    signal::install();
    let (mut runs, mut heads) = (vec![], vec![]);
    let terminal = std::io::stderr().is_terminal() && !a.json;
    let count = sizes.len();
    for (i, size) in sizes.into_iter().enumerate() {
        let line = terminal.then(|| ProgressLine {
            size: size.as_ref().map_or("profile".into(), |(n, _)| size_label(n)),
            index: i + 1,
            sizes: count,
            began,
            done_secs: began.elapsed().as_secs_f64(),
        });
        let res = search_size(&a, &goals, &mut engine, &text, &source, size, max_duration, probe, line.clone());
        if let Some(l) = &line {
            l.finish();
        }
        let (run, head) = res?;
        runs.push(run);
        heads.push(head);
    }
    let report = Report {
        simulated_capacity: None,
        simulated_loss_ratio: None,
        profile: Some(source),
        ports: &a.ports,
        runs,
        wall_s: began.elapsed().as_secs_f64(),
    };
    print(&a, &heads, &goals, &report)
}

/// `--frame-sizes 64,128,imix`: each with its name.
fn frame_sizes(list: &str) -> Result<Vec<(String, SizeSpec)>, Failure> {
    let mut out = vec![];
    for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let spec = match item.parse::<u16>() {
            Ok(n) if (64..=9216).contains(&n) => SizeSpec::Fixed(n),
            Ok(_) => {
                return Err(Failure::input(format!(
                    "--frame-sizes '{item}': a frame size is 64 to 9216 bytes (FCS included)"
                )))
            }
            Err(_) if item.eq_ignore_ascii_case("imix") => SizeSpec::imix(),
            Err(_) => {
                return Err(Failure::input(format!(
                    "--frame-sizes '{item}': expected sizes in bytes or imix, such as 64,128,1518,imix"
                )))
            }
        };
        out.push((item.to_ascii_lowercase(), spec));
    }
    if out.is_empty() {
        return Err(Failure::input("--frame-sizes: expected at least one size, such as 64,1518"));
    }
    Ok(out)
}

/// One search on `engine`: loads the profile (every stream at `size`, if given), checks
/// the limits against the line at those frames, runs the search.
#[allow(clippy::too_many_arguments)]
fn search_size(
    a: &NdrArgs,
    goals: &[Goal],
    engine: &mut Engine,
    text: &str,
    source: &str,
    size: Option<(String, SizeSpec)>,
    max_duration: f64,
    probe: Option<f64>,
    progress: Option<ProgressLine>,
) -> Result<(Run, String), Failure> {
    let (size_name, frame_size) = size.map_or((None, None), |(n, s)| (Some(n), Some(s)));
    let at = size_name.as_deref().map_or(String::new(), |n| format!(" at {} frames", size_label(n)));
    engine.handle(Command::LoadProfile {
        text: text.into(),
        source: source.into(),
        format: ProfileFormat::Yaml,
        latency_pps: None,
        frame_size: frame_size.clone(),
        bidirectional: a.bidirectional,
    })?;
    let streams = describe(engine)?;
    let line = line_of(&streams, engine.config().line_rate.0)
        .ok_or_else(|| Failure::input(format!("{source}: no enabled stream has a rate that follows the load")))?;
    let min_load = load("--min-load", &a.min_load, Some(line))?;
    let max_load = match a.max_load.as_deref() {
        Some(m) => load("--max-load", m, Some(line))?,
        None => line.max_pps,
    };
    check_limits(a, min_load, max_load)?;
    if max_load > line.max_pps * (1.0 + 1e-9) && !a.place.force {
        return Err(Failure::input(format!(
            "--max-load {}: {} is above the line rate at the profile's frames{at} ({}); --line-rate sets the ports' \
             speed, --force lets a software port go beyond it",
            a.max_load.as_deref().unwrap_or(""),
            human_rate(max_load, "pps"),
            human_rate(line.max_pps, "pps")
        )));
    }
    let interrupted = signal::interrupted;
    let trials =
        EngineTrials::new(&mut *engine, a.cores.count, a.cores.pin.clone(), &interrupted).map_err(|e| match e {
            TrialError::Engine(e) => Failure::from(e),
            other => Failure::input(format!("{source}: {other}")),
        })?;
    let mut m = Progress { inner: trials, line: progress.clone() };
    let config = Config { goals: goals.to_vec(), min_load, max_load, warmup: 0.0, max_duration };
    let outcome = match search(&config, &mut m) {
        Ok(o) => o,
        Err(riptide_search::Failure::Search(e)) => return Err(Failure::runtime(format!("search{at}: {e}"))),
        Err(riptide_search::Failure::Measurer(TrialError::Engine(e))) => return Err(e.into()),
        Err(riptide_search::Failure::Measurer(TrialError::NotCountable(e))) => return Err(Failure::input(e)),
        Err(riptide_search::Failure::Measurer(TrialError::Interrupted)) => {
            return Err(Failure::interrupted(format!("interrupted after {} trials{at}: no result", m.inner.log.len())))
        }
    };
    let log = std::mem::take(&mut m.inner.log);
    drop(m);
    let goal_results = goal_reports(goals, &outcome, Some(line), &log);
    let (latency_of, latency) = match probe {
        Some(pps) => latency_trials(a, goals, &outcome, engine, text, source, frame_size, pps, &at, progress.as_ref())?,
        None => (None, vec![]),
    };
    let head = format!(
        "{source}{at} on {}: loads {} .. {} ({} sending port{}, {} each, mean frame {:.0} B)",
        a.ports.join(", "),
        human_rate(min_load, "pps"),
        human_rate(max_load, "pps"),
        line.ports,
        if line.ports == 1 { "" } else { "s" },
        human_rate(line.port_bps, "b/s"),
        line.mean_frame
    );
    let run = Run {
        frame_size: size_name,
        line: Some(line),
        min_load,
        max_load,
        goals: goal_results,
        trials: outcome.trials,
        trial_seconds: outcome.trial_seconds,
        generator_limited_trials: log.iter().filter(|r| r.generator_limited).count(),
        trial_list: serde_json::to_value(&log).map_err(|e| Failure::runtime(e.to_string()))?,
        latency_of,
        latency,
    };
    Ok((run, head))
}

/// A per-size output file: `PREFIX-SIZE.EXT` in a sweep (the size's name with anything
/// but letters and digits as `_`), `PREFIX.EXT` for the profile's own sizes.
fn size_file(prefix: &str, size: Option<&str>, ext: &str) -> String {
    match size {
        Some(n) => {
            let safe: String = n.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
            format!("{prefix}-{safe}.{ext}")
        }
        None => format!("{prefix}.{ext}"),
    }
}

/// A frame size as people write it: `64 B`, but `imix`.
fn size_label(name: &str) -> String {
    if name.bytes().all(|b| b.is_ascii_digit()) {
        format!("{name} B")
    } else {
        name.to_string()
    }
}

/// `--latency RATE|off`: the probes' rate, or None.
fn latency_probe(s: &str) -> Result<Option<f64>, Failure> {
    if s == "off" {
        return Ok(None);
    }
    match s.parse::<Rate>() {
        Ok(Rate::Pps(v)) if v.is_finite() && v > 0.0 && v <= 1e6 => Ok(Some(v)),
        _ => Err(Failure::input(format!("--latency '{s}': expected a probe rate up to 1mpps (such as 1kpps) or off"))),
    }
}

/// The latency trials of one frame size: the profile reloaded with probes, one trial of
/// the final duration at each of [`LATENCY_PERCENTS`] of the PDR goal's lower bound.
#[allow(clippy::too_many_arguments)]
fn latency_trials(
    a: &NdrArgs,
    goals: &[Goal],
    outcome: &Outcome,
    engine: &mut Engine,
    text: &str,
    source: &str,
    frame_size: Option<SizeSpec>,
    probe: f64,
    at: &str,
    line: Option<&ProgressLine>,
) -> Result<(Option<String>, Vec<LatencyPoint>), Failure> {
    let Some(gi) = goals
        .iter()
        .position(|g| g.name == "pdr")
        .or_else(|| goals.iter().enumerate().max_by(|x, y| x.1.loss_ratio.total_cmp(&y.1.loss_ratio)).map(|(i, _)| i))
    else {
        return Ok((None, vec![]));
    };
    let Some(bound) = outcome.goals.get(gi).and_then(|r| r.lower_bound) else {
        return Ok((Some(goals[gi].name.clone()), vec![]));
    };
    engine.handle(Command::LoadProfile {
        text: text.into(),
        source: source.into(),
        format: ProfileFormat::Yaml,
        latency_pps: Some(probe),
        frame_size,
        bidirectional: a.bidirectional,
    })?;
    let interrupted = signal::interrupted;
    let mut trials =
        EngineTrials::new(&mut *engine, a.cores.count, a.cores.pin.clone(), &interrupted).map_err(|e| match e {
            TrialError::Engine(e) => Failure::from(e),
            other => Failure::input(format!("{source}: {other}")),
        })?;
    let duration = goals[gi].final_trial_duration;
    let mut points = vec![];
    for percent in LATENCY_PERCENTS {
        let load = bound * percent / 100.0;
        if let Some(l) = line {
            l.show(&format!("latency at {percent}% of {} ({}) ...", goals[gi].name, human_rate(load, "pps")));
        }
        let t = trials.latency(duration, load).map_err(|e| match e {
            TrialError::Engine(e) => Failure::from(e),
            TrialError::NotCountable(e) => Failure::input(e),
            TrialError::Interrupted => {
                Failure::interrupted(format!("interrupted in the latency trials{at}: no result"))
            }
        })?;
        let mut streams = t.latency;
        let histograms = streams.iter_mut().filter_map(|l| l.hdr.take().map(|h| (l.stream.clone(), h))).collect();
        points.push(LatencyPoint { percent, record: t.record, streams, start_unix_ns: t.start_unix_ns, histograms });
    }
    Ok((Some(goals[gi].name.clone()), points))
}

fn check_limits(a: &NdrArgs, min_load: f64, max_load: f64) -> Result<(), Failure> {
    if min_load >= max_load {
        let max = a.max_load.as_deref().unwrap_or("(the line rate)");
        return Err(Failure::input(format!("--min-load {} is not below --max-load {max}", a.min_load)));
    }
    Ok(())
}

/// Whether every trial that failed `goal` at `load` failed only because the generator
/// fell short (the DUT lost none of what was sent): the bound is the generator's.
fn generator_bound(log: &[TrialRecord], goal: &Goal, load: f64) -> bool {
    let mut failed =
        log.iter().filter(|r| r.trial.intended_load == load && r.trial.loss_ratio() > goal.loss_ratio).peekable();
    failed.peek().is_some() && failed.all(|r| r.generator_limited && r.lost == 0)
}

fn goal_reports(goals: &[Goal], outcome: &Outcome, line: Option<Line>, log: &[TrialRecord]) -> Vec<GoalReport> {
    goals
        .iter()
        .zip(&outcome.goals)
        .map(|(g, r)| {
            let at = |f: &dyn Fn(f64, Line) -> f64| r.lower_bound.zip(line).map(|(v, l)| f(v, l));
            GoalReport {
                result: r.clone(),
                loss_ratio: g.loss_ratio,
                upper_bound_generator_limited: r.upper_bound.is_some_and(|u| generator_bound(log, g, u)),
                lower_bound_bps_l2: at(&|v, l| v * l.mean_frame * 8.0),
                lower_bound_bps_l1: at(&|v, l| v * (l.mean_frame + L1_OVERHEAD as f64) * 8.0),
                lower_bound_percent_line: at(&|v, l| v / l.max_pps * 100.0),
            }
        })
        .collect()
}

fn print(a: &NdrArgs, heads: &[String], goals: &[Goal], r: &Report<'_>) -> Result<(), Failure> {
    let written = match &a.out {
        Some(dir) => {
            let command: Vec<String> = std::env::args().collect();
            out::write(dir, &command, &out::Host::with_ports(r.ports), goals, r)?
        }
        None => vec![],
    };
    if a.json {
        let text = serde_json::to_string_pretty(r).map_err(|e| Failure::runtime(format!("json: {e}")))?;
        println!("{text}");
        return Ok(());
    }
    for h in heads {
        println!("{h}");
    }
    let sweep = r.runs.len() > 1 || r.runs.iter().any(|run| run.frame_size.is_some());
    println!(
        "{}{:<8} {:>8} {:>14} {:>12} {:>8} {:>14} {:>14}",
        if sweep { format!("{:<6} ", "size") } else { String::new() },
        "goal",
        "loss",
        "lower bound",
        "L2",
        "line",
        "upper bound",
        "throughput"
    );
    for run in &r.runs {
        for (g, gr) in goals.iter().zip(&run.goals) {
            let res = &gr.result;
            let show = |v: Option<f64>, none: &str| v.map_or_else(|| none.to_string(), |v| human_rate(v, "pps"));
            println!(
                "{}{:<8} {:>8} {:>14} {:>12} {:>8} {:>14} {:>14}",
                if sweep { format!("{:<6} ", run.frame_size.as_deref().unwrap_or("-")) } else { String::new() },
                g.name,
                format!("{}%", g.loss_ratio * 100.0),
                show(res.lower_bound, "not found"),
                gr.lower_bound_bps_l2.map_or_else(|| "-".into(), |v| human_rate(v, "b/s")),
                gr.lower_bound_percent_line.map_or_else(|| "-".into(), |v| format!("{v:.1}%")),
                show(res.upper_bound, "none (max)"),
                show(res.conditional_throughput, "-"),
            );
        }
    }
    for run in &r.runs {
        let at = run.frame_size.as_deref().map_or(String::new(), |n| format!(" at {}", size_label(n)));
        for (g, gr) in goals.iter().zip(&run.goals) {
            if gr.result.lower_bound.is_none() {
                println!(
                    "{}{at}: not found: even the minimum load ({}) loses more than {}%",
                    g.name,
                    human_rate(run.min_load, "pps"),
                    g.loss_ratio * 100.0
                );
            }
            if gr.upper_bound_generator_limited {
                match gr.result.lower_bound {
                    Some(v) => println!(
                        "{}{at}: the upper bound is the generator's limit, not the DUT's: the DUT forwards at least {} \
                         within {}% loss",
                        g.name,
                        human_rate(v, "pps"),
                        g.loss_ratio * 100.0
                    ),
                    None => println!(
                        "{}{at}: the generator could not offer even the minimum load; the DUT lost none of what it sent",
                        g.name
                    ),
                }
            }
        }
        if run.generator_limited_trials > 0 {
            println!(
                "{} trial(s){at} sent less than 99.9% of their load: a generator limit, counted as failed (never as DUT \
                 loss)",
                run.generator_limited_trials
            );
        }
    }
    print_latency(r, sweep);
    let (trials, secs): (usize, f64) =
        (r.runs.iter().map(|x| x.trials).sum(), r.runs.iter().map(|x| x.trial_seconds).sum());
    println!("{trials} trials, {secs:.1} s of trials, {:.1} s in all", r.wall_s);
    if !written.is_empty() {
        let names: Vec<String> = written.iter().map(|p| p.display().to_string()).collect();
        println!("wrote {}", names.join(", "));
    }
    Ok(())
}

/// The latency trials' table: per size, share of the goal, load and stream, the
/// latency percentiles in microseconds.
fn print_latency(r: &Report<'_>, sweep: bool) {
    let us = |ns: u64| format!("{:.1}", ns as f64 / 1e3);
    let mut header = false;
    for run in &r.runs {
        let Some(goal) = &run.latency_of else { continue };
        let at = run.frame_size.as_deref().map_or(String::new(), |n| format!(" at {}", size_label(n)));
        if run.latency.is_empty() {
            println!("latency{at}: no trials: {goal} was not found");
            continue;
        }
        if !header {
            println!();
            println!(
                "{}{:>7} {:>13} {:<16} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9}",
                if sweep { format!("{:<6} ", "size") } else { String::new() },
                format!("% {goal}"),
                "load",
                "latency (us)",
                "min",
                "p50",
                "p90",
                "p99",
                "p99.9",
                "max"
            );
            header = true;
        }
        for p in &run.latency {
            for l in &p.streams {
                let m = &l.summary;
                println!(
                    "{}{:>7} {:>13} {:<16} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9}",
                    if sweep { format!("{:<6} ", run.frame_size.as_deref().unwrap_or("-")) } else { String::new() },
                    format!("{}%", p.percent),
                    human_rate(p.record.trial.intended_load, "pps"),
                    l.stream,
                    if m.count > 0 { us(m.min_ns) } else { "-".into() },
                    us(m.p50_ns),
                    us(m.p90_ns),
                    us(m.p99_ns),
                    us(m.p999_ns),
                    us(m.max_ns)
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_as_minutes_and_seconds() {
        assert_eq!(
            (mm_ss(0.4), mm_ss(42.0), mm_ss(65.2), mm_ss(-3.0)),
            ("0s".into(), "42s".into(), "1m05s".into(), "0s".into())
        );
    }

    #[test]
    fn ratios_take_percent_or_fraction() {
        assert_eq!(ratio("--width", "0.5%").unwrap(), 0.005);
        assert_eq!(ratio("--width", "0.005").unwrap(), 0.005);
        assert!(ratio("--width", "half").unwrap_err().message.contains("--width 'half'"));
    }
}
