//! The throughput search (NDR/PDR: MLRsearch's algorithm in [`riptide_search`]) as every
//! front end runs it: the options as people write them ([`Options`]), checked once
//! ([`Options::check`]); the search of a simulated DUT ([`simulate`]) or of the engine's
//! ports ([`search`]), per frame size of a sweep, with the latency trials at 0, 10, 50
//! and 90% of the PDR goal's lower bound and the bounds that are the generator's and
//! not the DUT's marked; one typed [`Report`]; and its files ([`files::render`]).
//!
//! A front end parses its own arguments into [`Options`], gives the engine (a [`Drive`]),
//! the profile and how to see progress ([`Observer`]), and prints or sends the report:
//! `riptide ndr` prints tables and writes `--out`, the daemon's `ndr_*` methods hand the
//! same records to Python.

pub mod files;
pub mod plots;

use crate::trials::{describe, EngineTrials, PacingRule, TrialError, TrialRecord};
use crate::Drive;
use riptide_core::units::{Rate, L1_OVERHEAD};
use riptide_core::Nanos;
use riptide_engine::{Command, EngineError, LatencyStats, ProfileFormat, StreamInfo};
use riptide_search::sim::Capacity;
use riptide_search::{Config, Goal, GoalResult, Measurer, Outcome, Trial};
use riptide_stl::profile::values::SizeSpec;
use serde::{Deserialize, Serialize};

/// Why a search gave no report.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// An option, the profile or the ports do not allow the search (named in the text).
    #[error("{0}")]
    Input(String),
    /// The search itself failed.
    #[error("{0}")]
    Runtime(String),
    /// Stopped by the caller before it ended: no result.
    #[error("{0}")]
    Interrupted(String),
    /// The engine refused or failed.
    #[error(transparent)]
    Engine(#[from] EngineError),
}

fn input(m: impl Into<String>) -> Error {
    Error::Input(m.into())
}

/// The defaults of [`Options`], which `riptide ndr`'s arguments show as theirs.
pub mod defaults {
    /// Goals and the loss each allows.
    pub const GOALS: &str = "ndr=0,pdr=0.5%";
    /// Final relative width.
    pub const WIDTH: &str = "0.5%";
    /// First trials' duration.
    pub const TRIAL: &str = "1s";
    /// Deciding trials' duration.
    pub const FINAL_TRIAL: &str = "10s";
    /// Seconds of deciding trials per load.
    pub const DURATION_SUM: &str = "21s";
    /// Share of deciding time that may exceed the loss.
    pub const EXCEED_RATIO: &str = "0.5";
    /// Lowest load.
    pub const MIN_LOAD: &str = "9001pps";
    /// Time limit of the whole search.
    pub const MAX_SEARCH: &str = "1200s";
    /// Latency probes' rate.
    pub const LATENCY: &str = "1kpps";
    /// The largest burst beyond the schedule a trusted trial sends: `auto`, half the
    /// DUT's buffer where riptide knows it (the lab's limiter: [`crate::host::dut_buffer`]),
    /// else [`UNKNOWN_DUT_BURST`].
    pub const MAX_BURST: &str = "auto";
    /// `auto`'s bound when the DUT's buffer is not known (frames): a Linux DUT's input
    /// backlog (`net.core.netdev_max_backlog`, 1000 by default) and what a 10 ms stall
    /// makes at 100 kpps.
    pub const UNKNOWN_DUT_BURST: u64 = 1000;
    /// Repetitions of a trial whose burst passed the bound.
    pub const PACING_RETRIES: u32 = 2;
    /// Trials of an MRR measurement (CSIT's trending: 10 trials of 1 s).
    pub const MRR_TRIALS: u32 = 10;
}

/// A search's options as people write them (`riptide ndr`'s arguments; the daemon's
/// `ndr_start` parameters by the same names): each is checked by [`Options::check`],
/// and a bad one is named in the error as `--NAME`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Goals: names with the loss ratio each allows (`ndr=0,pdr=0.5%`).
    pub goals: String,
    /// Final relative width of each goal's interval (`0.5%` or `0.005`).
    pub width: String,
    /// Duration of the first trials.
    pub trial: String,
    /// Duration of the trials that decide.
    pub final_trial: String,
    /// Seconds of final trials that decide whether a load passes.
    pub duration_sum: String,
    /// Share of the deciding trial time that may exceed a goal's loss ratio.
    pub exceed_ratio: String,
    /// Lowest load: frames/s, or `%` of the line rate.
    pub min_load: String,
    /// Highest load: frames/s, `%` of the line rate or a bit rate (default: the line).
    pub max_load: Option<String>,
    /// Time limit of all trials.
    pub max_search: String,
    /// One search per frame size (`64,128,imix`); None: the profile's sizes.
    pub frame_sizes: Option<String>,
    /// Latency probes' rate for the latency trials, or `off`.
    pub latency: String,
    /// A simulated DUT (`1.234mpps[,loss=0.3%]`) instead of the engine's ports.
    pub simulate: Option<String>,
    /// Both directions (streams of port 0 and 1 mirrored).
    pub bidirectional: bool,
    /// Worker threads per trial.
    pub cores: usize,
    /// Worker `k` pinned on core `pin[k]`; empty: placed by the kernel.
    pub pin: Vec<usize>,
    /// Allow a highest load above the line rate (a software port can go beyond it).
    pub force: bool,
    /// Run the workers at real-time priority (SCHED_FIFO), so a busy host does not
    /// preempt them and departures stay on schedule: by default wherever permitted.
    pub realtime: crate::trials::Realtime,
    /// The largest burst beyond the schedule (frames) a trial may send and be trusted,
    /// or `off`.
    pub max_burst: String,
    /// How many times a trial past `max_burst` is repeated before it is marked.
    pub pacing_retries: u32,
    /// Measure CSIT's maximum receive rate instead of searching: `mrr_trials` trials of
    /// `trial` at `max_load`, each one's receive rate, their mean and deviation.
    pub mrr: bool,
    /// Trials of the MRR measurement.
    pub mrr_trials: u32,
    /// Where latency's departure times come from: `auto` (the ports' kernel stamps where
    /// they take them), `kernel` or `user` (as `riptide run --timestamps`).
    pub timestamps: riptide_engine::Timestamps,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            goals: defaults::GOALS.into(),
            width: defaults::WIDTH.into(),
            trial: defaults::TRIAL.into(),
            final_trial: defaults::FINAL_TRIAL.into(),
            duration_sum: defaults::DURATION_SUM.into(),
            exceed_ratio: defaults::EXCEED_RATIO.into(),
            min_load: defaults::MIN_LOAD.into(),
            max_load: None,
            max_search: defaults::MAX_SEARCH.into(),
            frame_sizes: None,
            latency: defaults::LATENCY.into(),
            simulate: None,
            bidirectional: false,
            cores: 1,
            pin: vec![],
            force: false,
            realtime: crate::trials::Realtime::Auto,
            max_burst: defaults::MAX_BURST.into(),
            pacing_retries: defaults::PACING_RETRIES,
            mrr: false,
            mrr_trials: defaults::MRR_TRIALS,
            timestamps: riptide_engine::Timestamps::Auto,
        }
    }
}

/// Most trials one search may take ([`Options::check`] refuses a time limit that allows
/// more: `--max-search` over `--trial`).
pub const MAX_TRIALS: usize = 100_000;

/// [`Options`] checked: what the search runs with.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The goals, each with the shared trial options.
    pub goals: Vec<Goal>,
    /// Time limit of all trials (s).
    pub max_duration: f64,
    /// The sizes to sweep (name, size); one `None`: the profile's own.
    pub sizes: Vec<Option<(String, SizeSpec)>>,
    /// Latency probes' rate, or None (no latency trials).
    pub probe: Option<f64>,
    /// The simulated DUT, if the search is of one.
    pub simulated: Option<Capacity>,
    /// How trials hold their pacing.
    pub pacing: PacingRule,
    /// `--max-burst auto`: the bound is half the DUT's buffer where riptide knows it
    /// (found when the search runs on ports), else `pacing.max_burst`.
    pub max_burst_auto: bool,
}

impl Options {
    /// Checks every option that needs neither the profile nor the ports.
    pub fn check(&self) -> Result<Checked, Error> {
        riptide_engine::cores(self.cores as u64).map_err(|e| input(format!("--cores {e}")))?;
        let goals = goals(self)?;
        let max_duration = seconds("--max-search", &self.max_search)?;
        // The search ends by its time limit at the latest: a bound on its trials, so on
        // the time and memory it takes (a daemon runs searches for its peers).
        let shortest = goals.iter().map(|g| g.initial_trial_duration).fold(f64::INFINITY, f64::min);
        if max_duration / shortest > MAX_TRIALS as f64 {
            return Err(input(format!(
                "--max-search {} with --trial {}: at most {MAX_TRIALS} trials per search",
                self.max_search, self.trial
            )));
        }
        let simulated = self.simulate.as_deref().map(simulated).transpose()?;
        if simulated.is_some() && self.frame_sizes.is_some() {
            return Err(input("--frame-sizes needs a profile and ports, not --simulate"));
        }
        let sizes = match self.frame_sizes.as_deref() {
            None => vec![None],
            Some(list) => frame_sizes(list)?.into_iter().map(Some).collect(),
        };
        let probe = latency_probe(&self.latency)?;
        let max_burst_auto = self.max_burst.trim() == "auto";
        let max_burst = match self.max_burst.trim() {
            "off" => None,
            "auto" => Some(defaults::UNKNOWN_DUT_BURST),
            n => Some(n.parse::<u64>().ok().filter(|&n| n >= 1).ok_or_else(|| {
                input(format!("--max-burst '{}': expected a number of frames (1 or more), auto or off", self.max_burst))
            })?),
        };
        if self.pacing_retries > 10 {
            return Err(input(format!("--pacing-retries {}: at most 10", self.pacing_retries)));
        }
        let pacing = PacingRule {
            realtime: self.realtime.enabled(),
            max_burst,
            retries: self.pacing_retries,
            timestamps: self.timestamps,
        };
        if !(1..=1000).contains(&self.mrr_trials) {
            return Err(input(format!("--mrr-trials {}: expected 1 to 1000 trials", self.mrr_trials)));
        }
        Ok(Checked { goals, max_duration, sizes, probe, simulated, pacing, max_burst_auto })
    }
}

/// A ratio written as `0.5%` or `0.005`.
pub fn ratio(option: &str, s: &str) -> Result<f64, Error> {
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
        .ok_or_else(|| input(format!("{option} '{s}': expected a ratio such as 0.5% or 0.005")))
}

/// What a load is measured against: the line rate in frames/s at the profile's frame
/// sizes, and the mean frame size (FCS included); None for a simulated DUT.
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
pub struct Line {
    /// The highest aggregate load the ports carry (frames/s).
    pub max_pps: f64,
    /// Mean frame size of the scaled streams, bytes.
    pub mean_frame: f64,
    /// Line rate of one port, L1 bit/s.
    pub port_bps: f64,
    /// Ports that send.
    pub ports: usize,
}

/// A load: frames/s, or (with a line) `%` of it or a bit rate at its frame size.
pub(crate) fn load(option: &str, s: &str, line: Option<Line>) -> Result<f64, Error> {
    let rate = s.parse::<Rate>().map_err(|e| input(format!("{option}: {e}")))?;
    let v = match (rate, line) {
        (Rate::Pps(v), _) => v,
        (_, None) => return Err(input(format!("{option} '{s}': a simulated search takes loads in frames/s (pps)"))),
        (Rate::Percent(p), Some(l)) => l.max_pps * p / 100.0,
        (Rate::BpsL2(b), Some(l)) => b / (l.mean_frame * 8.0),
        (Rate::BpsL1(b), Some(l)) => b / ((l.mean_frame + L1_OVERHEAD as f64) * 8.0),
    };
    if !(v.is_finite() && v > 0.0) {
        return Err(input(format!("{option} '{s}': expected a positive load")));
    }
    Ok(v)
}

/// The line the profile's scaled streams meet: each sending port carries an even share
/// of the load, so the port with the largest frames saturates first.
pub fn line_of(streams: &[StreamInfo], port_bps: f64) -> Option<Line> {
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

fn seconds(option: &str, s: &str) -> Result<f64, Error> {
    let d: Nanos = s.parse().map_err(|e| input(format!("{option}: {e}")))?;
    if d == Nanos::ZERO {
        return Err(input(format!("{option} '{s}': expected a positive duration")));
    }
    Ok(d.as_secs_f64())
}

/// `--goals ndr=0,pdr=0.5%`: each goal with the shared options.
fn goals(a: &Options) -> Result<Vec<Goal>, Error> {
    let width = ratio("--width", &a.width)?;
    if !(width > 0.0 && width < 1.0) {
        return Err(input(format!("--width '{}': expected a width in (0, 100%)", a.width)));
    }
    let exceed = ratio("--exceed-ratio", &a.exceed_ratio)?;
    if !(0.0..1.0).contains(&exceed) {
        return Err(input(format!("--exceed-ratio '{}': expected a ratio in [0, 1)", a.exceed_ratio)));
    }
    let (initial, last, sum) = (
        seconds("--trial", &a.trial)?,
        seconds("--final-trial", &a.final_trial)?,
        seconds("--duration-sum", &a.duration_sum)?,
    );
    if last < initial {
        return Err(input(format!("--final-trial {}: expected at least --trial ({})", a.final_trial, a.trial)));
    }
    if sum < last {
        return Err(input(format!(
            "--duration-sum {}: expected at least --final-trial ({})",
            a.duration_sum, a.final_trial
        )));
    }
    let mut out: Vec<Goal> = vec![];
    for item in a.goals.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let Some((name, lr)) = item.split_once('=') else {
            return Err(input(format!("--goals '{item}': expected NAME=LOSS_RATIO, such as pdr=0.5%")));
        };
        let name = name.trim();
        if name.is_empty() || out.iter().any(|g| g.name == name) {
            return Err(input(format!("--goals '{item}': each goal needs a name of its own")));
        }
        let loss = ratio("--goals", lr)?;
        if !(0.0..1.0).contains(&loss) {
            return Err(input(format!("--goals '{item}': the loss ratio must be in [0, 1), such as 0 or 0.5%")));
        }
        let g = Goal {
            exceed_ratio: exceed,
            relative_width: width,
            initial_trial_duration: initial,
            final_trial_duration: last,
            duration_sum: sum,
            ..Goal::new(name, loss)
        };
        g.validate().map_err(|e| input(format!("--goals: {e}")))?;
        out.push(g);
    }
    if out.is_empty() {
        return Err(input("--goals: expected at least one NAME=LOSS_RATIO"));
    }
    Ok(out)
}

/// `--simulate 1.234mpps[,loss=0.3%]`.
fn simulated(s: &str) -> Result<Capacity, Error> {
    let mut parts = s.split(',');
    let cap = load("--simulate", parts.next().unwrap_or(""), None)?;
    let mut dut = Capacity::new(cap);
    for p in parts {
        match p.trim().split_once('=') {
            Some(("loss", v)) => {
                dut.loss_ratio = ratio("--simulate loss", v)?;
                if !(0.0..1.0).contains(&dut.loss_ratio) {
                    return Err(input(format!("--simulate '{p}': the loss ratio must be in [0, 1)")));
                }
            }
            _ => return Err(input(format!("--simulate '{p}': expected loss=RATIO after the rate"))),
        }
    }
    Ok(dut)
}

/// `--frame-sizes 64,128,imix`: each with its name.
pub(crate) fn frame_sizes(list: &str) -> Result<Vec<(String, SizeSpec)>, Error> {
    let mut out = vec![];
    for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let spec = match item.parse::<u16>() {
            Ok(n) if (64..=9216).contains(&n) => SizeSpec::Fixed(n),
            Ok(_) => {
                return Err(input(format!("--frame-sizes '{item}': a frame size is 64 to 9216 bytes (FCS included)")))
            }
            Err(_) if item.eq_ignore_ascii_case("imix") => SizeSpec::imix(),
            Err(_) => {
                return Err(input(format!(
                    "--frame-sizes '{item}': expected sizes in bytes or imix, such as 64,128,1518,imix"
                )))
            }
        };
        out.push((item.to_ascii_lowercase(), spec));
    }
    if out.is_empty() {
        return Err(input("--frame-sizes: expected at least one size, such as 64,1518"));
    }
    Ok(out)
}

/// `--latency RATE|off`: the probes' rate, or None.
pub(crate) fn latency_probe(s: &str) -> Result<Option<f64>, Error> {
    if s == "off" {
        return Ok(None);
    }
    match s.parse::<Rate>() {
        Ok(Rate::Pps(v)) if v.is_finite() && v > 0.0 && v <= 1e6 => Ok(Some(v)),
        _ => Err(input(format!("--latency '{s}': expected a probe rate up to 1mpps (such as 1kpps) or off"))),
    }
}

fn check_limits(a: &Options, min_load: f64, max_load: f64) -> Result<(), Error> {
    if min_load >= max_load {
        let max = a.max_load.as_deref().unwrap_or("(the line rate)");
        return Err(input(format!("--min-load {} is not below --max-load {max}", a.min_load)));
    }
    Ok(())
}

/// A frame size as people write it: `64 B`, but `imix`.
pub fn size_label(name: &str) -> String {
    if name.bytes().all(|b| b.is_ascii_digit()) {
        format!("{name} B")
    } else {
        name.to_string()
    }
}

/// A per-size output file: `PREFIX-SIZE.EXT` in a sweep (the size's name with anything
/// but letters and digits as `_`), `PREFIX.EXT` for the profile's own sizes.
pub fn size_file(prefix: &str, size: Option<&str>, ext: &str) -> String {
    match size {
        Some(n) => {
            let safe: String = n.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
            format!("{prefix}-{safe}.{ext}")
        }
        None => format!("{prefix}.{ext}"),
    }
}

/// One goal's result in the units people read.
#[derive(Clone, Debug, Serialize)]
pub struct GoalReport {
    /// The search's result.
    #[serde(flatten)]
    pub result: GoalResult,
    /// The loss ratio the goal allows.
    pub loss_ratio: f64,
    /// The upper bound failed only because the generator fell short of the load: the
    /// DUT's rate for this goal is at least the lower bound, maybe more.
    pub upper_bound_generator_limited: bool,
    /// Why the answer cannot be trusted, and what to change: its upper bound failed only
    /// in trials whose bursts passed `--max-burst` in every repetition (the generator's
    /// bursts, which a DUT drops for want of buffer), so the DUT may forward more.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub untrusted: Option<String>,
    /// The lower bound as L2 bit/s (ports only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lower_bound_bps_l2: Option<f64>,
    /// The lower bound as L1 bit/s (ports only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lower_bound_bps_l1: Option<f64>,
    /// The lower bound as % of the line rate (ports only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lower_bound_percent_line: Option<f64>,
}

/// One search's trials: the simulated DUT's counts, or the engine's records.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum Trials {
    /// Every trial of the engine, all it measured.
    Measured(Vec<TrialRecord>),
    /// Every trial of a simulated DUT: the counts only.
    Simulated(Vec<Trial>),
}

impl Trials {
    /// The counts the search saw, in order.
    pub fn counts(&self) -> Vec<&Trial> {
        match self {
            Trials::Measured(v) => v.iter().map(|r| &r.trial).collect(),
            Trials::Simulated(v) => v.iter().collect(),
        }
    }

    /// How many there are.
    pub fn len(&self) -> usize {
        match self {
            Trials::Measured(v) => v.len(),
            Trials::Simulated(v) => v.len(),
        }
    }

    /// None at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether trial `i` was a generator limit.
    pub fn generator_limited(&self, i: usize) -> bool {
        matches!(self, Trials::Measured(v) if v.get(i).is_some_and(|r| r.generator_limited))
    }
}

/// One search: the profile's own frame sizes, or one size of a sweep.
#[derive(Clone, Debug, Serialize)]
pub struct Run {
    /// The frame size every stream was given (`--frame-sizes`); None: the profile's.
    pub frame_size: Option<String>,
    /// What loads were measured against (ports only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<Line>,
    /// The lowest load tried (frames/s).
    pub min_load: f64,
    /// The highest load tried (frames/s).
    pub max_load: f64,
    /// Each goal's result.
    pub goals: Vec<GoalReport>,
    /// Trials the search ran.
    pub trials: usize,
    /// Their duration with overheads (s).
    pub trial_seconds: f64,
    /// How many were generator limits.
    pub generator_limited_trials: usize,
    /// How many sent bursts past `--max-burst` in every repetition (`pacing_limited`).
    #[serde(skip_serializing_if = "is_zero")]
    pub pacing_limited_trials: usize,
    /// Trials repeated because their bursts passed `--max-burst` (the search saw only
    /// the repetition).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub repeated: Vec<TrialRecord>,
    /// Every trial, in order.
    pub trial_list: Trials,
    /// The goal the latency trials are fractions of.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub latency_of: Option<String>,
    /// Latency at fractions of that goal's lower bound.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub latency: Vec<LatencyPoint>,
    /// The maximum receive rate (`--mrr`: then no goals were searched).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mrr: Option<Mrr>,
}

/// CSIT's maximum receive rate: trials at the maximum load, whatever they lose; each
/// trial's receive rate is what arrived of the counted streams over its duration.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Mrr {
    /// The load offered (frames/s).
    pub load: f64,
    /// Each trial's duration (s).
    pub trial_duration: f64,
    /// Each trial's receive rate (frames/s), in order.
    pub samples: Vec<f64>,
    /// Their mean (frames/s).
    pub mean: f64,
    /// Their sample standard deviation (frames/s; 0 for one trial).
    pub stdev: f64,
}

impl Mrr {
    /// The MRR of `trials` at `load`, `duration` s each.
    pub fn of(load: f64, duration: f64, trials: &[Trial]) -> Mrr {
        let samples: Vec<f64> = trials.iter().map(|t| t.forwarded_count as f64 / t.intended_duration).collect();
        let n = samples.len() as f64;
        let mean = if samples.is_empty() { 0.0 } else { samples.iter().sum::<f64>() / n };
        let stdev = if samples.len() < 2 {
            0.0
        } else {
            (samples.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt()
        };
        Mrr { load, trial_duration: duration, samples, mean, stdev }
    }
}

/// Runs `n` trials of `duration` at `load` on `m` (an MRR measurement).
fn mrr_trials<M: Measurer>(m: &mut M, n: u32, duration: f64, load: f64) -> Result<Vec<Trial>, M::Error> {
    (0..n).map(|_| m.measure(duration, load)).collect()
}

impl Run {
    /// A run with no trials yet.
    fn empty(frame_size: Option<String>, line: Option<Line>, min_load: f64, max_load: f64) -> Run {
        Run {
            frame_size,
            line,
            min_load,
            max_load,
            goals: vec![],
            trials: 0,
            trial_seconds: 0.0,
            generator_limited_trials: 0,
            pacing_limited_trials: 0,
            repeated: vec![],
            trial_list: Trials::Simulated(vec![]),
            latency_of: None,
            latency: vec![],
            mrr: None,
        }
    }
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// One latency trial of a run.
#[derive(Clone, Debug, Serialize)]
pub struct LatencyPoint {
    /// Share of the goal's lower bound, percent (0: the probes alone).
    pub percent: f64,
    /// The trial's counts: `intended_load` is the load of the streams that follow it.
    #[serde(flatten)]
    pub record: TrialRecord,
    /// Each latency stream (ns); the histograms go to `latency-SIZE.hlog`.
    pub streams: Vec<LatencyStats>,
    /// When the trial started (ns since the epoch).
    #[serde(skip)]
    pub start_unix_ns: u64,
    /// Each stream's whole histogram (stream name, HdrHistogram's base64 form).
    #[serde(skip)]
    pub histograms: Vec<(String, String)>,
}

/// Shares of the PDR lower bound that latency is measured at (CSIT's).
pub const LATENCY_PERCENTS: [f64; 4] = [0.0, 10.0, 50.0, 90.0];

/// Everything a search found.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The simulated DUT's rate (a simulated search).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub simulated_capacity: Option<f64>,
    /// The simulated DUT's loss ratio (a simulated search).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub simulated_loss_ratio: Option<f64>,
    /// The profile searched with (a search on ports).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub profile: Option<String>,
    /// The ports, as given.
    pub ports: Vec<String>,
    /// One search per frame size (one in all without a sweep).
    pub runs: Vec<Run>,
    /// The largest burst beyond the schedule a trusted trial sent (`--max-burst`; a
    /// search on ports that has one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_burst: Option<u64>,
    /// Where `max_burst` came from, when `--max-burst auto` found the DUT's buffer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_burst_source: Option<String>,
    /// The workers ran at real-time priority (`--realtime`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub realtime: bool,
    /// Wall time of everything (s).
    pub wall_s: f64,
}

impl Report {
    /// A simulated DUT's report (its capacity and loss ratio) of `run`, begun at `began`.
    fn simulated((capacity, loss_ratio): (f64, f64), run: Run, began: std::time::Instant) -> Report {
        Report {
            simulated_capacity: Some(capacity),
            simulated_loss_ratio: Some(loss_ratio),
            profile: None,
            ports: vec![],
            runs: vec![run],
            max_burst: None,
            max_burst_source: None,
            realtime: false,
            wall_s: began.elapsed().as_secs_f64(),
        }
    }

    /// Whether the runs are a frame-size sweep (the tables get a size column).
    pub fn sweep(&self) -> bool {
        self.runs.len() > 1 || self.runs.iter().any(|run| run.frame_size.is_some())
    }
}

/// What a front end sees of a search while it runs (all of it optional).
pub trait Observer {
    /// A frame size's search begins: `index` (1-based) of `count`, named `label`
    /// (`64 B`, `imix`, `profile`).
    fn size(&mut self, _index: usize, _count: usize, _label: &str) {}
    /// Search trial `n` (1-based, per size) starts at `load` frames/s for `duration` s.
    fn trial_started(&mut self, _n: usize, _duration: f64, _load: f64) {}
    /// Search trial `n` ended with `record`.
    fn trial_ended(&mut self, _n: usize, _duration: f64, _record: &TrialRecord) {}
    /// A latency trial at `percent` of goal `goal` (`load` frames/s) starts.
    fn latency_started(&mut self, _percent: f64, _goal: &str, _load: f64) {}
    /// A latency trial ended.
    fn latency_ended(&mut self, _point: &LatencyPoint) {}
    /// The size's search (and its latency trials) ended, with a result or not.
    fn size_done(&mut self) {}
}

/// An observer that sees nothing.
impl Observer for () {}

/// The simulated DUT's trials, each shown to the observer as the engine's would be.
struct SimulatedTrials<'a> {
    dut: Capacity,
    observer: &'a mut dyn Observer,
    interrupted: &'a dyn Fn() -> bool,
}

impl Measurer for SimulatedTrials<'_> {
    type Error = TrialError;

    fn measure(&mut self, duration: f64, load: f64) -> Result<Trial, Self::Error> {
        if (self.interrupted)() {
            return Err(TrialError::Interrupted);
        }
        let n = self.dut.trials.len() + 1;
        self.observer.trial_started(n, duration, load);
        let Ok(t) = self.dut.measure(duration, load);
        let record = TrialRecord {
            trial: t,
            lost: t.offered_count - t.forwarded_count,
            duplicates: 0,
            out_of_order: 0,
            achieved_pps: t.offered_count as f64 / duration,
            generator_limited: false,
            pacing: None,
            kernel_burst: None,
            pacing_limited: false,
        };
        self.observer.trial_ended(n, duration, &record);
        Ok(t)
    }
}

/// The search of a simulated DUT ([`Options::simulate`]): no engine, no time.
/// `interrupted` is asked before each trial.
pub fn simulate(
    a: &Options,
    c: &Checked,
    observer: &mut dyn Observer,
    interrupted: &dyn Fn() -> bool,
) -> Result<Report, Error> {
    let began = std::time::Instant::now();
    let Some(dut) = c.simulated.clone() else {
        return Err(input("riptide ndr needs a profile and --port (or --simulate)"));
    };
    let min_load = load("--min-load", &a.min_load, None)?;
    let max_load =
        load("--max-load", a.max_load.as_deref().ok_or_else(|| input("--simulate needs --max-load"))?, None)?;
    check_limits(a, min_load, max_load)?;
    observer.size(1, 1, "profile");
    let mut m = SimulatedTrials { dut, observer: &mut *observer, interrupted };
    if a.mrr {
        let duration = c.goals[0].initial_trial_duration;
        let got = mrr_trials(&mut m, a.mrr_trials, duration, max_load);
        let dut = m.dut;
        observer.size_done();
        let trials =
            got.map_err(|_| Error::Interrupted(format!("interrupted after {} trials: no result", dut.trials.len())))?;
        let run = Run {
            mrr: Some(Mrr::of(max_load, duration, &trials)),
            trials: trials.len(),
            trial_seconds: trials.iter().map(|t| t.duration_with_overheads).sum(),
            trial_list: Trials::Simulated(dut.trials),
            ..Run::empty(None, None, min_load, max_load)
        };
        return Ok(Report::simulated((dut.capacity, dut.loss_ratio), run, began));
    }
    let config = Config { goals: c.goals.clone(), min_load, max_load, warmup: 0.0, max_duration: c.max_duration };
    let outcome = riptide_search::search(&config, &mut m);
    let dut = m.dut;
    observer.size_done();
    let outcome = match outcome {
        Ok(o) => o,
        Err(riptide_search::Failure::Search(e)) => return Err(Error::Runtime(format!("search: {e}"))),
        Err(riptide_search::Failure::Measurer(_)) => {
            return Err(Error::Interrupted(format!("interrupted after {} trials: no result", dut.trials.len())))
        }
    };
    let run = Run {
        frame_size: None,
        line: None,
        min_load,
        max_load,
        goals: goal_reports(&c.goals, &outcome, None, &[], &c.pacing),
        trials: outcome.trials,
        trial_seconds: outcome.trial_seconds,
        generator_limited_trials: 0,
        pacing_limited_trials: 0,
        repeated: vec![],
        trial_list: Trials::Simulated(dut.trials),
        latency_of: None,
        latency: vec![],
        mrr: None,
    };
    Ok(Report::simulated((dut.capacity, dut.loss_ratio), run, began))
}

/// What is searched on the engine: a YAML profile (a TRex profile already translated),
/// the ports it runs on, and their line rate.
#[derive(Clone, Debug)]
pub struct Subject {
    /// The profile's text (YAML).
    pub text: String,
    /// Where it came from (a file name), for messages and the report.
    pub source: String,
    /// The engine's ports, as given (for the report).
    pub ports: Vec<String>,
    /// Line rate of every port, L1 bit/s.
    pub port_bps: f64,
}

/// The search on the engine's ports: per frame size of the sweep, load the profile, check
/// the loads against the line at those frames, search, and measure latency.
/// `interrupted` is polled while trials run.
pub fn search<D: Drive>(
    engine: &mut D,
    subject: &Subject,
    a: &Options,
    c: &Checked,
    observer: &mut dyn Observer,
    interrupted: &dyn Fn() -> bool,
) -> Result<Report, Error> {
    let began = std::time::Instant::now();
    // `--max-burst auto`: half the DUT's buffer where it is known, so that a trial whose
    // bursts the DUT could not hold is repeated and marked, not taken for the DUT's loss.
    let mut c = c.clone();
    let mut max_burst_source = None;
    if c.max_burst_auto {
        if let Some(buffer) = crate::host::dut_buffer() {
            c.pacing.max_burst = Some((buffer.frames / 2).max(1));
            max_burst_source = Some(format!("half the DUT's buffer: {}", buffer.what));
        }
    }
    let c = &c;
    let mut runs = vec![];
    let count = c.sizes.len();
    for (i, size) in c.sizes.iter().enumerate() {
        observer.size(i + 1, count, &size.as_ref().map_or("profile".into(), |(n, _)| size_label(n)));
        let res = search_size(engine, subject, a, c, size.clone(), observer, interrupted);
        observer.size_done();
        runs.push(res?);
    }
    Ok(Report {
        simulated_capacity: None,
        simulated_loss_ratio: None,
        profile: Some(subject.source.clone()),
        ports: subject.ports.clone(),
        runs,
        max_burst: c.pacing.max_burst,
        max_burst_source,
        realtime: c.pacing.realtime,
        wall_s: began.elapsed().as_secs_f64(),
    })
}

/// The engine's trials with the observer told of each, ending the search when the first
/// two trials (the maximum load, then what came back of it) received none of the
/// test's frames.
struct Watched<'a, D: Drive> {
    inner: EngineTrials<'a, &'a mut D>,
    observer: &'a mut dyn Observer,
}

impl<D: Drive> Measurer for Watched<'_, D> {
    type Error = TrialError;

    fn measure(&mut self, duration: f64, load: f64) -> Result<Trial, TrialError> {
        self.observer.trial_started(self.inner.log.len() + 1, duration, load);
        let r = self.inner.trial(duration, load)?;
        let n = self.inner.log.len();
        self.observer.trial_ended(n, duration, &r);
        if n == 2 && self.inner.log.iter().all(|r| r.trial.forwarded_count == 0) {
            return Err(TrialError::NotCountable(
                "--port: the ports received none of the test's frames, at the maximum load nor at the minimum: \
                 is the DUT forwarding between them, and are the ports given in the profile's direction?"
                    .into(),
            ));
        }
        Ok(r.trial)
    }
}

fn trials_error(source: &str) -> impl Fn(TrialError) -> Error + '_ {
    move |e| match e {
        TrialError::Engine(e) => Error::Engine(e),
        other => input(format!("{source}: {other}")),
    }
}

/// One search on `engine`: loads the profile (every stream at `size`, if given), checks
/// the limits against the line at those frames, runs the search and its latency trials.
pub(crate) fn search_size<D: Drive>(
    engine: &mut D,
    subject: &Subject,
    a: &Options,
    c: &Checked,
    size: Option<(String, SizeSpec)>,
    observer: &mut dyn Observer,
    interrupted: &dyn Fn() -> bool,
) -> Result<Run, Error> {
    let source = subject.source.as_str();
    let (size_name, frame_size) = size.map_or((None, None), |(n, s)| (Some(n), Some(s)));
    let at = size_name.as_deref().map_or(String::new(), |n| format!(" at {} frames", size_label(n)));
    load_profile(engine, subject, a, frame_size.clone(), None)?;
    let streams = describe(engine)?;
    let line = line_of(&streams, subject.port_bps)
        .ok_or_else(|| input(format!("{source}: no enabled stream has a rate that follows the load")))?;
    let min_load = load("--min-load", &a.min_load, Some(line))?;
    let max_load = match a.max_load.as_deref() {
        Some(m) => load("--max-load", m, Some(line))?,
        None => line.max_pps,
    };
    check_limits(a, min_load, max_load)?;
    if max_load > line.max_pps * (1.0 + 1e-9) && !a.force {
        use riptide_core::units::human_rate;
        return Err(input(format!(
            "--max-load {}: {} is above the line rate at the profile's frames{at} ({}); --line-rate sets the ports' \
             speed, --force lets a software port go beyond it",
            a.max_load.as_deref().unwrap_or(""),
            human_rate(max_load, "pps"),
            human_rate(line.max_pps, "pps")
        )));
    }
    let trials = EngineTrials::new(&mut *engine, a.cores, a.pin.clone(), interrupted)
        .map_err(trials_error(source))?
        .with_pacing(c.pacing);
    let mut m = Watched { inner: trials, observer: &mut *observer };
    if a.mrr {
        let duration = c.goals[0].initial_trial_duration;
        let got = mrr_trials(&mut m, a.mrr_trials, duration, max_load);
        let (log, repeated) = (std::mem::take(&mut m.inner.log), std::mem::take(&mut m.inner.repeated));
        let trials = match got {
            Ok(t) => t,
            Err(TrialError::Engine(e)) => return Err(e.into()),
            Err(TrialError::NotCountable(e)) => return Err(input(e)),
            Err(TrialError::Interrupted) => {
                return Err(Error::Interrupted(format!("interrupted after {} trials{at}: no result", log.len())))
            }
        };
        return Ok(Run {
            mrr: Some(Mrr::of(max_load, duration, &trials)),
            trials: trials.len(),
            trial_seconds: trials.iter().map(|t| t.duration_with_overheads).sum(),
            generator_limited_trials: log.iter().filter(|r| r.generator_limited).count(),
            pacing_limited_trials: log.iter().filter(|r| r.pacing_limited).count(),
            repeated,
            trial_list: Trials::Measured(log),
            ..Run::empty(size_name, Some(line), min_load, max_load)
        });
    }
    let config = Config { goals: c.goals.clone(), min_load, max_load, warmup: 0.0, max_duration: c.max_duration };
    let outcome = match riptide_search::search(&config, &mut m) {
        Ok(o) => o,
        Err(riptide_search::Failure::Search(e)) => return Err(Error::Runtime(format!("search{at}: {e}"))),
        Err(riptide_search::Failure::Measurer(TrialError::Engine(e))) => return Err(e.into()),
        Err(riptide_search::Failure::Measurer(TrialError::NotCountable(e))) => return Err(input(e)),
        Err(riptide_search::Failure::Measurer(TrialError::Interrupted)) => {
            return Err(Error::Interrupted(format!("interrupted after {} trials{at}: no result", m.inner.log.len())))
        }
    };
    let log = std::mem::take(&mut m.inner.log);
    let repeated = std::mem::take(&mut m.inner.repeated);
    drop(m);
    let goal_results = goal_reports(&c.goals, &outcome, Some(line), &log, &c.pacing);
    let (latency_of, latency) = match c.probe {
        Some(pps) => {
            let what = Latency { subject, frame_size, probe: pps, at: &at };
            latency_trials(engine, a, c, &outcome, &what, observer, interrupted)?
        }
        None => (None, vec![]),
    };
    Ok(Run {
        frame_size: size_name,
        line: Some(line),
        min_load,
        max_load,
        goals: goal_results,
        trials: outcome.trials,
        trial_seconds: outcome.trial_seconds,
        generator_limited_trials: log.iter().filter(|r| r.generator_limited).count(),
        pacing_limited_trials: log.iter().filter(|r| r.pacing_limited).count(),
        repeated,
        trial_list: Trials::Measured(log),
        latency_of,
        latency,
        mrr: None,
    })
}

/// Loads the subject's profile, every stream at `frame_size` (if given), with latency
/// probes at `probes` frames/s (if given).
fn load_profile<D: Drive>(
    engine: &mut D,
    subject: &Subject,
    a: &Options,
    frame_size: Option<SizeSpec>,
    probes: Option<f64>,
) -> Result<(), Error> {
    engine.handle(Command::LoadProfile {
        text: subject.text.clone(),
        source: subject.source.clone(),
        format: ProfileFormat::Yaml,
        latency_pps: probes,
        frame_size,
        bidirectional: a.bidirectional,
    })?;
    Ok(())
}

/// What the latency trials of one size run: the profile at that size with probes.
struct Latency<'a> {
    subject: &'a Subject,
    frame_size: Option<SizeSpec>,
    probe: f64,
    /// ` at 64 B frames`, or nothing.
    at: &'a str,
}

/// The latency trials of one frame size: the profile reloaded with probes, one trial of
/// the final duration at each of [`LATENCY_PERCENTS`] of the PDR goal's lower bound (the
/// goal named pdr, else the one allowing most loss).
fn latency_trials<D: Drive>(
    engine: &mut D,
    a: &Options,
    c: &Checked,
    outcome: &Outcome,
    what: &Latency<'_>,
    observer: &mut dyn Observer,
    interrupted: &dyn Fn() -> bool,
) -> Result<(Option<String>, Vec<LatencyPoint>), Error> {
    let goals = &c.goals;
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
    let source = what.subject.source.as_str();
    load_profile(engine, what.subject, a, what.frame_size.clone(), Some(what.probe))?;
    // Latency trials are not repeated: the bound is the search's; they run as its trials do.
    let rule = PacingRule { max_burst: None, ..c.pacing };
    let mut trials = EngineTrials::new(&mut *engine, a.cores, a.pin.clone(), interrupted)
        .map_err(trials_error(source))?
        .with_pacing(rule);
    let duration = goals[gi].final_trial_duration;
    let mut points = vec![];
    for percent in LATENCY_PERCENTS {
        let load = bound * percent / 100.0;
        observer.latency_started(percent, &goals[gi].name, load);
        let t = trials.latency(duration, load).map_err(|e| match e {
            TrialError::Engine(e) => Error::Engine(e),
            TrialError::NotCountable(e) => input(e),
            TrialError::Interrupted => {
                Error::Interrupted(format!("interrupted in the latency trials{}: no result", what.at))
            }
        })?;
        let mut streams = t.latency;
        let histograms = streams.iter_mut().filter_map(|l| l.hdr.take().map(|h| (l.stream.clone(), h))).collect();
        let point = LatencyPoint { percent, record: t.record, streams, start_unix_ns: t.start_unix_ns, histograms };
        observer.latency_ended(&point);
        points.push(point);
    }
    Ok((Some(goals[gi].name.clone()), points))
}

/// Whether every trial that failed `goal` at `load` failed only because of the
/// generator: it fell short (the DUT lost none of what was sent), or its bursts passed
/// the bound in every repetition (`pacing_limited`): the bound is the generator's.
fn generator_bound(log: &[TrialRecord], goal: &Goal, load: f64) -> bool {
    let mut failed =
        log.iter().filter(|r| r.trial.intended_load == load && r.trial.loss_ratio() > goal.loss_ratio).peekable();
    failed.peek().is_some() && failed.all(|r| (r.generator_limited && r.lost == 0) || r.pacing_limited)
}

/// Why `goal`'s answer cannot be trusted (its upper bound `load` failed only in trials
/// whose bursts passed the bound in every repetition), and what to change; `None`: it can.
fn untrusted(log: &[TrialRecord], goal: &Goal, load: f64, pacing: &PacingRule) -> Option<String> {
    let failed: Vec<&TrialRecord> =
        log.iter().filter(|r| r.trial.intended_load == load && r.trial.loss_ratio() > goal.loss_ratio).collect();
    let spoiled = |r: &&TrialRecord| r.pacing_limited || (r.generator_limited && r.lost == 0);
    if !failed.iter().any(|r| r.pacing_limited) || !failed.iter().all(spoiled) {
        return None;
    }
    let worst = failed.iter().filter_map(|r| r.judged_burst()).max().unwrap_or(0);
    let fix = if pacing.realtime {
        "rerun on a quieter host, or pin the workers (-c CORES) on cores nothing else uses"
    } else {
        "rerun with real-time workers (as root, with CAP_SYS_NICE, or an RLIMIT_RTPRIO of 10) or on a quiet host"
    };
    Some(format!(
        "its upper bound failed only in trials whose bursts (up to {worst} frames) passed --max-burst {}: the loss \
         may be the generator's; {fix}",
        pacing.max_burst.unwrap_or(0)
    ))
}

fn goal_reports(
    goals: &[Goal],
    outcome: &Outcome,
    line: Option<Line>,
    log: &[TrialRecord],
    pacing: &PacingRule,
) -> Vec<GoalReport> {
    goals
        .iter()
        .zip(&outcome.goals)
        .map(|(g, r)| {
            let at = |f: &dyn Fn(f64, Line) -> f64| r.lower_bound.zip(line).map(|(v, l)| f(v, l));
            GoalReport {
                result: r.clone(),
                loss_ratio: g.loss_ratio,
                upper_bound_generator_limited: r.upper_bound.is_some_and(|u| generator_bound(log, g, u)),
                untrusted: r.upper_bound.and_then(|u| untrusted(log, g, u, pacing)),
                lower_bound_bps_l2: at(&|v, l| v * l.mean_frame * 8.0),
                lower_bound_bps_l1: at(&|v, l| v * (l.mean_frame + L1_OVERHEAD as f64) * 8.0),
                lower_bound_percent_line: at(&|v, l| v / l.max_pps * 100.0),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratios_take_percent_or_fraction() {
        assert_eq!(ratio("--width", "0.5%").unwrap(), 0.005);
        assert_eq!(ratio("--width", "0.005").unwrap(), 0.005);
        assert!(ratio("--width", "half").unwrap_err().to_string().contains("--width 'half'"));
    }

    #[test]
    fn the_defaults_check_and_a_simulated_search_finds_its_capacity() {
        let a = Options { simulate: Some("1.234mpps".into()), max_load: Some("2mpps".into()), ..Options::default() };
        let c = a.check().unwrap();
        let r = simulate(&a, &c, &mut (), &|| false).unwrap();
        let ndr = r.runs[0].goals[0].result.lower_bound.unwrap();
        assert!((ndr - 1.234e6).abs() / 1.234e6 < 0.005, "{ndr}");
    }

    /// MRR against a simulated DUT of known capacity: every trial receives its capacity.
    #[test]
    fn mrr_of_a_simulated_dut_is_its_capacity() {
        let a = Options {
            simulate: Some("1.234mpps,loss=1%".into()),
            max_load: Some("2mpps".into()),
            mrr: true,
            mrr_trials: 4,
            ..Options::default()
        };
        let c = a.check().unwrap();
        let r = simulate(&a, &c, &mut (), &|| false).unwrap();
        let m = r.runs[0].mrr.as_ref().unwrap();
        assert_eq!((m.samples.len(), r.runs[0].trials, r.runs[0].trial_list.len()), (4, 4, 4));
        // 1,234,000 pass the DUT's rate, 1% of them lost: 1,221,660 received each second.
        assert!(m.samples.iter().all(|&x| x == 1_221_660.0), "{m:?}");
        assert_eq!((m.load, m.trial_duration, m.mean, m.stdev), (2e6, 1.0, 1_221_660.0, 0.0));
        assert!(r.runs[0].goals.is_empty());
        let bad = Options { mrr_trials: 0, ..a };
        assert!(bad.check().unwrap_err().to_string().contains("--mrr-trials 0"));
    }

    #[test]
    fn mrr_deviation_is_the_sample_one() {
        let t = |fwd| Trial {
            intended_load: 10.0,
            intended_duration: 2.0,
            intended_count: 20,
            offered_count: 20,
            forwarded_count: fwd,
            duration_with_overheads: 2.0,
        };
        let m = Mrr::of(10.0, 2.0, &[t(10), t(14), t(18)]);
        assert_eq!(m.samples, [5.0, 7.0, 9.0]);
        assert_eq!((m.mean, m.stdev), (7.0, 2.0));
    }

    #[test]
    fn a_time_limit_allowing_too_many_trials_is_refused() {
        let a = Options {
            trial: "1ms".into(),
            final_trial: "1ms".into(),
            duration_sum: "1ms".into(),
            ..Options::default()
        };
        let e = a.check().unwrap_err().to_string();
        assert!(e.contains("--max-search 1200s with --trial 1ms: at most 100000 trials"), "{e}");
        let ok = Options { max_search: "100s".into(), ..a };
        assert!(ok.check().is_ok());
    }

    #[test]
    fn a_simulated_search_stops_when_asked() {
        let a = Options { simulate: Some("1mpps".into()), max_load: Some("2mpps".into()), ..Options::default() };
        let c = a.check().unwrap();
        let e = simulate(&a, &c, &mut (), &|| true).unwrap_err();
        assert!(matches!(e, Error::Interrupted(ref m) if m == "interrupted after 0 trials: no result"), "{e}");
    }

    #[test]
    fn options_read_from_json_by_the_cli_names() {
        let a: Options = serde_json::from_str(r#"{"goals": "ndr=0", "max_load": "2mpps", "cores": 2}"#).unwrap();
        assert_eq!((a.goals.as_str(), a.width.as_str(), a.cores), ("ndr=0", defaults::WIDTH, 2));
        assert!(serde_json::from_str::<Options>(r#"{"goalz": "ndr=0"}"#).is_err());
    }
}
