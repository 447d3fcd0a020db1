//! RFC 9004's back-to-back frames (`riptide b2b`): per frame size, the longest burst at
//! the line rate that the DUT forwards without losing a frame, searched `N` times, and
//! the DUT buffer times RFC 9004 section 6.4 derives from it.
//!
//! The method, as RFC 9004 (which updates RFC 2544 section 26.4) gives it:
//!
//! - **Prerequisite**: the DUT's throughput at each frame size (RFC 2544 26.1, zero
//!   loss): given ([`Options::throughput`], such as a `riptide ndr` run's NDR), or
//!   measured first by the same profile and ports with `riptide ndr`'s search (goal
//!   `ndr=0`). A size whose throughput is the line rate is not tested (section 6.1: no
//!   burst fills a buffer there).
//! - **A trial** sends a burst of `b` frames at the Max Theoretical Frame Rate (the
//!   profile's streams at the line rate, every one tagged and counted), then keeps
//!   receiving for the time the burst takes to come out at the throughput rate plus at
//!   least 2 s (section 6.2's three components: [`Options::idle`], longer when the
//!   burst itself took longer). It passes when every frame of the burst was sent and
//!   received. On real ports the engine's `drain` is that receive window; on virtual
//!   time the link hands over what it holds at once.
//! - **A search** is TST009's binary search on the burst length (clause 12.3, as OPNFV
//!   VSPERF runs it, the tool RFC 9004's data came from): the first trial at the upper
//!   limit ([`Options::max_burst_time`] at the line rate, which section 6.2 wants
//!   configurable to 30 s), then halving between the longest burst passed (0 at first)
//!   and the shortest failed until they are within [`Options::step`] frames; its result
//!   is the longest passed. With loss verification ([`Options::verify`] > 0, TST009's
//!   Binary Search with Loss Verification) a trial that lost is repeated up to that many
//!   times and counts as lost only when every repetition lost too.
//! - **The benchmark** (section 6.3, 6.4): `N` independent searches
//!   ([`Options::repetitions`]); their average (the Back-to-Back Frame benchmark),
//!   minimum, maximum and standard deviation; `Implied DUT buffer time = average / Max
//!   Theoretical Frame Rate`; `Corrected DUT Buffer Time = Implied - Implied x Measured
//!   Throughput / Max Theoretical Frame Rate`; and, at an actual rate of interest below
//!   the throughput (section 7), `Actual Buffer Time = Corrected x Max Theoretical
//!   Frame Rate / Actual Frame Rate`. riptide also gives the corrected buffer in frames
//!   (`Corrected x Max Theoretical Frame Rate`): what the DUT's buffer holds, in the
//!   model of section 4 (a buffer in front of a forwarding function at the throughput
//!   rate).
//!
//! A burst the generator could not send at the line rate (its pacing: the last frame
//! left late beyond the run's start lag) fills the buffer more slowly: a DUT passes a
//! longer one. Each trial says how much its burst's rate may overstate the corrected
//! buffer ([`overstatement`]); past 1% it is marked generator-limited and the report
//! says how many were.

use crate::ndr::{self, size_label, Error, Line, Subject};
use crate::trials::{countable, describe, worst_pacing, TrialRecord, GENERATOR_LIMIT};
use crate::Drive;
use riptide_core::units::human_rate;
use riptide_core::{Nanos, Rate};
use riptide_engine::{Command, Multiplier, ProfileFormat, StartOptions};
use riptide_stl::profile::values::SizeSpec;
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// The defaults of [`Options`], which `riptide b2b`'s arguments show as theirs.
pub mod defaults {
    /// Searches per frame size (RFC 2544 asks for 50; RFC 9004 makes N a reported
    /// variable).
    pub const REPETITIONS: u32 = 10;
    /// The longest burst tried, as time at the line rate.
    pub const MAX_BURST_TIME: &str = "1s";
    /// The search's smallest step, frames.
    pub const STEP: u64 = 1;
    /// Loss verifications of a trial that lost (0: TST009's plain binary search).
    pub const VERIFY: u32 = 0;
    /// The idle time after each burst is received (RFC 9004 6.2: at least 2 s).
    pub const IDLE: &str = "2s";
}

/// Most searches per frame size.
pub const MAX_REPETITIONS: u32 = 1000;

/// The longest burst tried may last at most this long at the line rate.
pub const MAX_BURST_SECONDS: f64 = 60.0;

/// The coarsest step of the search (frames); it must also be below the longest burst.
pub const MAX_STEP: u64 = 1 << 30;

/// RFC 9004 6.2's least idle time after a burst (s).
pub const RFC_IDLE: f64 = 2.0;

/// The test's options as people write them (`riptide b2b`'s arguments; the daemon's
/// `b2b_start` parameters by the same names).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// One test per frame size (`64,128,imix`); None: the profile's sizes.
    pub frame_sizes: Option<String>,
    /// The DUT's throughput (zero loss): one load for every size (`1.2mpps`, `80%`,
    /// `5gbps`), or one per size (`64=1.2mpps,1518=800kpps`); None: measured first with
    /// `riptide ndr`'s search (goal ndr=0).
    pub throughput: Option<String>,
    /// Searches per frame size (N).
    pub repetitions: u32,
    /// The longest burst tried, as time at the line rate (`1s`; RFC 9004 wants up to 30 s
    /// possible).
    pub max_burst_time: String,
    /// The search ends when the longest passed and shortest failed bursts are within
    /// this many frames.
    pub step: u64,
    /// Loss verification: a trial that lost is repeated up to this many times, and
    /// counts as lost only if every repetition lost too (0: plain binary search).
    pub verify: u32,
    /// Idle time after the burst is received (RFC 9004: at least 2 s).
    pub idle: String,
    /// A frame rate of interest below the throughput: the report adds the Actual Buffer
    /// Time at it.
    pub actual_rate: Option<String>,
    /// Both directions (streams of port 0 and 1 mirrored), as the throughput was
    /// measured.
    pub bidirectional: bool,
    /// Worker threads per trial.
    pub cores: usize,
    /// Worker `k` pinned on core `pin[k]`; empty: placed by the kernel.
    pub pin: Vec<usize>,
    /// Run the workers at real-time priority; off by default: a trial is a burst at the
    /// line rate, which the real-time workers' sleeps and reserve slow by about 2% on the
    /// development VM (22 of 36 bursts generator-limited against none at normal priority,
    /// and 22 of 35 against 11 under two busy loops; docs/methodology.md).
    pub realtime: crate::trials::Realtime,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            frame_sizes: None,
            throughput: None,
            repetitions: defaults::REPETITIONS,
            max_burst_time: defaults::MAX_BURST_TIME.into(),
            step: defaults::STEP,
            verify: defaults::VERIFY,
            idle: defaults::IDLE.into(),
            actual_rate: None,
            bidirectional: false,
            cores: 1,
            pin: vec![],
            realtime: crate::trials::Realtime::Off,
        }
    }
}

fn input(m: impl Into<String>) -> Error {
    Error::Input(m.into())
}

/// The throughput as given: one load for every size, or one per size name.
#[derive(Clone, Debug, PartialEq)]
enum Given {
    All(String),
    PerSize(Vec<(String, String)>),
}

/// [`Options`] checked: what the test runs with.
#[derive(Clone, Debug)]
pub struct Checked {
    sizes: Vec<Option<(String, SizeSpec)>>,
    throughput: Option<Given>,
    max_burst_s: f64,
    idle_s: f64,
}

impl Options {
    /// Checks every option that needs neither the profile nor the ports, naming a bad one
    /// as the CLI spells it.
    pub fn check(&self) -> Result<Checked, Error> {
        riptide_engine::cores(self.cores as u64).map_err(|e| input(format!("--cores {e}")))?;
        if !(1..=MAX_REPETITIONS).contains(&self.repetitions) {
            return Err(input(format!("--repetitions {}: expected 1 to {MAX_REPETITIONS}", self.repetitions)));
        }
        if !(1..=MAX_STEP).contains(&self.step) {
            return Err(input(format!("--step {}: expected 1 to {MAX_STEP} frames", self.step)));
        }
        if self.verify > 10 {
            return Err(input(format!("--verify {}: at most 10 repetitions of a trial that lost", self.verify)));
        }
        let secs = |option: &str, s: &str| -> Result<f64, Error> {
            let d: Nanos = s.parse().map_err(|e| input(format!("{option}: {e}")))?;
            Ok(d.as_secs_f64())
        };
        let max_burst_s = secs("--max-burst-time", &self.max_burst_time)?;
        if !(max_burst_s > 0.0 && max_burst_s <= MAX_BURST_SECONDS) {
            return Err(input(format!(
                "--max-burst-time '{}': expected above 0 and at most {MAX_BURST_SECONDS} s",
                self.max_burst_time
            )));
        }
        let idle_s = secs("--idle", &self.idle)?;
        if idle_s > 600.0 {
            return Err(input(format!("--idle '{}': at most 600 s", self.idle)));
        }
        let sizes = match self.frame_sizes.as_deref() {
            None => vec![None],
            Some(list) => ndr::frame_sizes(list)?.into_iter().map(Some).collect(),
        };
        let throughput = self.throughput.as_deref().map(|t| given(t, &sizes)).transpose()?;
        if let Some(a) = &self.actual_rate {
            a.parse::<Rate>().map_err(|e| input(format!("--actual-rate: {e}")))?;
        }
        Ok(Checked { sizes, throughput, max_burst_s, idle_s })
    }
}

/// `--throughput 1.2mpps` or `--throughput 64=1.2mpps,1518=800kpps` (each size of the
/// sweep named once).
fn given(s: &str, sizes: &[Option<(String, SizeSpec)>]) -> Result<Given, Error> {
    // The rate parser refuses zero, negative and non-finite rates itself.
    let check = |rate: &str| -> Result<(), Error> {
        rate.parse::<Rate>().map(|_| ()).map_err(|e| input(format!("--throughput '{s}': {e}")))
    };
    if !s.contains('=') {
        check(s.trim())?;
        return Ok(Given::All(s.trim().to_string()));
    }
    let names: Vec<&str> = sizes.iter().filter_map(|x| x.as_ref().map(|(n, _)| n.as_str())).collect();
    if names.is_empty() {
        return Err(input(format!(
            "--throughput '{s}': a rate per size needs --frame-sizes; for the profile's own sizes give one rate"
        )));
    }
    let mut out: Vec<(String, String)> = vec![];
    for item in s.split(',').map(str::trim).filter(|x| !x.is_empty()) {
        let Some((size, rate)) = item.split_once('=') else {
            return Err(input(format!("--throughput '{item}': expected SIZE=RATE, such as 64=1.2mpps")));
        };
        let size = size.trim().to_ascii_lowercase();
        if !names.contains(&size.as_str()) {
            return Err(input(format!(
                "--throughput '{item}': {size} is not one of --frame-sizes ({})",
                names.join(",")
            )));
        }
        if out.iter().any(|(n, _)| *n == size) {
            return Err(input(format!("--throughput: size {size} given twice")));
        }
        check(rate.trim())?;
        out.push((size, rate.trim().to_string()));
    }
    if let Some(missing) = names.iter().find(|n| !out.iter().any(|(s, _)| s == *n)) {
        return Err(input(format!("--throughput '{s}': no rate for size {missing}")));
    }
    Ok(Given::PerSize(out))
}

/// The throughput `riptide ndr` found, from its results.json (`text`, read from `file`),
/// as `--throughput` takes it: the zero-loss goal's lower bound (the goal named ndr, else
/// the first allowing no loss) of each size run, for the sizes of `frame_sizes` (every
/// size the file has when None).
pub fn throughput_from_results(text: &str, file: &str, frame_sizes: Option<&str>) -> Result<String, Error> {
    let bad = |m: String| input(format!("--throughput {file}: {m}"));
    let v: serde_json::Value =
        serde_json::from_str(text).map_err(|e| bad(format!("not riptide ndr's results.json ({e})")))?;
    let runs = v
        .get("runs")
        .and_then(|r| r.as_array())
        .ok_or_else(|| bad("no 'runs': not riptide ndr's results.json".into()))?;
    let mut found: Vec<(Option<String>, f64)> = vec![];
    for run in runs {
        let size = run.get("frame_size").and_then(|s| s.as_str()).map(str::to_ascii_lowercase);
        let goals = run.get("goals").and_then(|g| g.as_array()).map(Vec::as_slice).unwrap_or(&[]);
        let zero = |g: &&serde_json::Value| g.get("loss_ratio").and_then(|l| l.as_f64()) == Some(0.0);
        let goal = goals
            .iter()
            .filter(zero)
            .find(|g| g.get("name").and_then(|n| n.as_str()) == Some("ndr"))
            .or_else(|| goals.iter().find(zero));
        let label = size.as_deref().map_or("the profile's sizes".to_string(), size_label);
        let Some(goal) = goal else {
            return Err(bad(format!(
                "no zero-loss goal at {label} (RFC 2544's throughput allows no loss: --goals ndr=0)"
            )));
        };
        let Some(pps) = goal.get("lower_bound").and_then(|l| l.as_f64()).filter(|p| *p > 0.0) else {
            return Err(bad(format!("the zero-loss goal at {label} was not found (no lower bound)")));
        };
        found.push((size, pps));
    }
    let wanted: Option<Vec<String>> =
        frame_sizes.map(|l| ndr::frame_sizes(l).map(|v| v.into_iter().map(|(n, _)| n).collect())).transpose()?;
    match (wanted, found.as_slice()) {
        (None, [(None, pps)]) => Ok(format!("{pps}pps")),
        (None, list) if list.iter().all(|(s, _)| s.is_some()) => {
            let names: Vec<&str> = list.iter().filter_map(|(s, _)| s.as_deref()).collect();
            Err(bad(format!("its runs are per frame size ({}): give --frame-sizes", names.join(","))))
        }
        (Some(w), list) if list.iter().all(|(s, _)| s.is_some()) => {
            let mut out = vec![];
            for name in &w {
                let Some((_, pps)) = list.iter().find(|(s, _)| s.as_deref() == Some(name.as_str())) else {
                    return Err(bad(format!("no run at frame size {name}")));
                };
                out.push(format!("{name}={pps}pps"));
            }
            Ok(out.join(","))
        }
        (Some(_), _) => Err(bad("it searched the profile's own frame sizes: leave out --frame-sizes".into())),
        (None, _) => Err(bad("no run in it".into())),
    }
}

/// Where `riptide ndr`'s results.json (`text`) measured other traffic than this test
/// sends (RFC 9004 section 5: the throughput and back-to-back measurements MUST match in
/// direction and flows): its profile or its directions, in words; None when they agree
/// (or the file does not say).
pub fn results_mismatch(text: &str, profile: &str, bidirectional: bool) -> Option<String> {
    let v: serde_json::Value = serde_json::from_str(text).ok()?;
    let mut why = vec![];
    if let Some(p) = v.get("profile").and_then(|p| p.as_str()).filter(|p| *p != profile) {
        why.push(format!("its profile was {p}, this test's is {profile}"));
    }
    let command = v.get("command").and_then(|c| c.as_array());
    if let Some(c) = command {
        let theirs = c.iter().any(|a| a.as_str() == Some("--bidirectional"));
        if theirs != bidirectional {
            why.push(format!(
                "it measured {}, this test sends {}",
                if theirs { "both directions" } else { "one direction" },
                if bidirectional { "both" } else { "one" }
            ));
        }
    }
    (!why.is_empty()).then(|| why.join("; "))
}

/// One trial: a burst and what came of it.
#[derive(Clone, Debug, Serialize)]
pub struct Trial {
    /// Which search (1-based).
    pub repetition: u32,
    /// Frames in the burst.
    pub burst: u64,
    /// Frames sent.
    pub sent: u64,
    /// Frames received (counted by sequence number on the tagged streams).
    pub received: u64,
    /// Frames lost.
    pub lost: u64,
    /// Every frame sent and received.
    pub passed: bool,
    /// The rate the burst left at (frames/s): its frames over their scheduled span plus
    /// the most any left late beyond the run's start lag (the Max Theoretical Frame Rate
    /// on virtual time).
    pub burst_pps: f64,
    /// How much a burst at `burst_pps` may overstate the corrected buffer, as a ratio (0
    /// at the line rate; see [`overstatement`]).
    pub overstatement: f64,
    /// The burst left so much slower than the line rate that the corrected buffer may be
    /// overstated by more than [`BURST_TOLERANCE`]: the generator's limit.
    pub generator_limited: bool,
    /// A repetition of a trial that lost (loss verification).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub verification: bool,
}

/// The most a burst's own slowness may overstate the corrected buffer (1%) before its
/// trial is marked generator-limited.
pub const BURST_TOLERANCE: f64 = 0.01;

/// How much a burst that left at `achieved` frames/s instead of the line's `line` may
/// overstate the corrected buffer of a DUT forwarding `throughput`, as a ratio: in RFC
/// 9004's model the buffer fills at the burst's rate less the throughput, so a DUT of
/// buffer Q passes `Q / (1 - T/C')` frames at `C'` and the corrected buffer comes out as
/// `Q (1 - T/C) / (1 - T/C')`. A slower burst matters little where the DUT is slow
/// (2% slower at T = C/4: 0.7%) and much near the line (3% slower at T = 0.9 C: 43%);
/// infinite when the burst was no faster than the DUT.
pub fn overstatement(line: f64, throughput: f64, achieved: f64) -> f64 {
    if achieved >= line {
        return 0.0;
    }
    if achieved <= throughput {
        return f64::INFINITY;
    }
    (1.0 - throughput / line) / (1.0 - throughput / achieved) - 1.0
}

/// One search's outcome.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Search {
    /// The longest burst passed (frames; 0 when even the shortest tried lost).
    pub frames: u64,
    /// The upper limit passed: the DUT may take longer bursts (RFC 9004: likely invalid,
    /// repeat with a higher limit).
    pub at_limit: bool,
    /// Trials it ran (verifications included).
    pub trials: usize,
}

/// One frame size's test.
#[derive(Clone, Debug, Serialize)]
pub struct SizeReport {
    /// The frame size every stream was given (`--frame-sizes`); None: the profile's.
    pub frame_size: Option<String>,
    /// The line: `max_pps` is the Max Theoretical Frame Rate (frames/s, all sending
    /// ports).
    pub line: Line,
    /// The Measured Throughput (frames/s).
    pub throughput_pps: f64,
    /// Where it came from: `given`, or `measured` (riptide ndr's search, goal ndr=0).
    pub throughput_from: String,
    /// The throughput search, when it was measured here.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub throughput_search: Option<ndr::Run>,
    /// Why the size was not tested (its throughput is the line rate), if it was not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skipped: Option<String>,
    /// The longest burst tried (frames).
    pub max_burst: u64,
    /// Each search.
    pub searches: Vec<Search>,
    /// Their average: the Back-to-Back Frame benchmark (frames).
    pub average: f64,
    /// Their minimum.
    pub min: u64,
    /// Their maximum.
    pub max: u64,
    /// Their sample standard deviation (0 for one search).
    pub stdev: f64,
    /// Implied DUT buffer time (s): average / Max Theoretical Frame Rate.
    pub implied_buffer_s: f64,
    /// Corrected DUT Buffer Time (s): Implied - Implied x throughput / Max Theoretical
    /// Frame Rate.
    pub corrected_buffer_s: f64,
    /// The corrected buffer in frames: Corrected DUT Buffer Time x Max Theoretical Frame
    /// Rate.
    pub corrected_buffer_frames: f64,
    /// Actual Buffer Time (s) at `--actual-rate`: Corrected x Max Theoretical Frame Rate
    /// / Actual Frame Rate.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub actual_buffer_s: Option<f64>,
    /// The actual rate (frames/s).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub actual_rate_pps: Option<f64>,
    /// Searches whose result is at or near (90% or more of) the upper limit: RFC 9004 6.2
    /// calls such results likely invalid; repeat with a higher --max-burst-time.
    pub near_limit: usize,
    /// Trials whose burst left slower than the line rate.
    pub generator_limited_trials: usize,
    /// Every trial, in order.
    pub trials: Vec<Trial>,
}

impl SizeReport {
    /// A size with no searches yet, its throughput given.
    fn new(frame_size: Option<String>, line: Line, throughput_pps: f64, max_burst: u64) -> SizeReport {
        SizeReport {
            frame_size,
            line,
            throughput_pps,
            throughput_from: "given".into(),
            throughput_search: None,
            skipped: None,
            max_burst,
            searches: vec![],
            average: 0.0,
            min: 0,
            max: 0,
            stdev: 0.0,
            implied_buffer_s: 0.0,
            corrected_buffer_s: 0.0,
            corrected_buffer_frames: 0.0,
            actual_buffer_s: None,
            actual_rate_pps: None,
            near_limit: 0,
            generator_limited_trials: 0,
            trials: vec![],
        }
    }
}

/// Everything the test found.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The profile.
    pub profile: String,
    /// The ports, as given.
    pub ports: Vec<String>,
    /// Searches per size (N).
    pub repetitions: u32,
    /// The search: `binary` (TST009 Binary Search) or `binary-loss-verification`.
    pub algorithm: String,
    /// Loss verifications per lost trial.
    pub verify: u32,
    /// The search's minimum step (frames).
    pub step: u64,
    /// The longest burst tried, as time at the line rate (s).
    pub max_burst_time_s: f64,
    /// Idle time after each burst was received (s).
    pub idle_s: f64,
    /// Workers at real-time priority.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub realtime: bool,
    /// One per frame size.
    pub sizes: Vec<SizeReport>,
    /// Wall time of everything (s).
    pub wall_s: f64,
}

/// What a front end sees while the test runs (all of it optional).
pub trait Observer {
    /// A frame size's test begins: `index` (1-based) of `count`, named `label`.
    fn size(&mut self, _index: usize, _count: usize, _label: &str) {}
    /// A trial of the throughput search (the prerequisite) ended.
    fn throughput_trial(&mut self, _n: usize, _record: &TrialRecord) {}
    /// A burst trial ended.
    fn trial(&mut self, _t: &Trial) {}
    /// A search ended.
    fn search(&mut self, _repetition: u32, _s: &Search) {}
    /// The size's test ended, with a result or not.
    fn size_done(&mut self) {}
}

impl Observer for () {}

/// TST009's binary search on the burst length, as OPNFV VSPERF runs it: the first trial
/// at `max`, then halving between the longest burst passed (0 at first) and the shortest
/// lost until they are within `step`. `trial(burst, verification)` runs one trial and
/// says whether it passed; with `verify` > 0 a lost trial is repeated up to `verify`
/// times and counts as lost only if each repetition lost too.
pub fn search<E>(
    max: u64,
    step: u64,
    verify: u32,
    mut trial: impl FnMut(u64, bool) -> Result<bool, E>,
) -> Result<Search, E> {
    let (mut lo, mut hi, mut center) = (0u64, max, max);
    let mut trials = 0;
    loop {
        let mut passed = trial(center, false)?;
        trials += 1;
        let mut k = 0;
        while !passed && k < verify {
            passed = trial(center, true)?;
            trials += 1;
            k += 1;
        }
        if passed {
            if center == max {
                return Ok(Search { frames: max, at_limit: true, trials });
            }
            lo = center;
        } else {
            hi = center;
        }
        if hi - lo <= step {
            return Ok(Search { frames: lo, at_limit: false, trials });
        }
        center = lo + (hi - lo) / 2;
    }
}

/// What every trial of one size runs with.
struct Setup<'a> {
    line_pps: f64,
    throughput_pps: f64,
    idle_s: f64,
    o: &'a Options,
    /// Per stream id, whether it counts (tagged, its rate following the load).
    counted: Vec<bool>,
}

/// Sends one burst of `burst` frames at the line rate and counts what came back.
fn trial<D: Drive>(
    engine: &mut D,
    s: &Setup<'_>,
    repetition: u32,
    burst: u64,
    verification: bool,
    interrupted: &dyn Fn() -> bool,
) -> Result<Trial, Error> {
    let burst_s = burst as f64 / s.line_pps;
    // RFC 9004 6.2: the burst, its way out at the throughput rate, then at least the
    // idle time (longer when the burst itself was).
    let receive_s = burst as f64 / s.throughput_pps;
    let idle_s = s.idle_s.max(burst_s);
    let drain = Nanos::from_secs_f64(receive_s + idle_s + 0.01).min(riptide_engine::MAX_DRAIN);
    let opts = StartOptions {
        count: Some(burst),
        multiplier: Multiplier::Total(Rate::Pps(s.line_pps)),
        total: true,
        cores: s.o.cores,
        pin: s.o.pin.clone(),
        realtime: s.o.realtime == crate::trials::Realtime::On,
        // A worker that falls behind sends what it owes back to back: as fast as the
        // generator goes, which the burst's rate then shows.
        catch_up: Some(Nanos::from_secs_f64(burst_s + 1.0)),
        drain: Some(drain),
        ..Default::default()
    };
    let limit = Duration::from_secs_f64(2.0 * (burst_s + drain.as_secs_f64()) + 30.0);
    let snap = crate::run_to_end(engine, Command::Start(opts), limit, interrupted)?;
    let (mut sent, mut counted_sent, mut lost) = (0u64, 0u64, 0u64);
    for st in &snap.streams {
        sent += st.opackets;
        if let (Some(rx), true) = (st.rx.as_ref(), s.counted.get(st.id as usize).copied().unwrap_or(false)) {
            counted_sent += st.opackets;
            lost += rx.lost;
        }
    }
    let received = counted_sent - lost.min(counted_sent);
    // How late the burst ended beyond its start: a worker that began late (the run's
    // start lag) sends the burst as late, not slower.
    let late_ns = worst_pacing(&snap).map_or(0, |p| p.late_ns.saturating_sub(snap.start_lag_ns));
    let late_s = late_ns as f64 * 1e-9;
    let burst_pps = burst as f64 / (burst_s + late_s);
    let overstatement = overstatement(s.line_pps, s.throughput_pps, burst_pps);
    Ok(Trial {
        repetition,
        burst,
        sent,
        received,
        lost,
        passed: sent == burst && lost == 0 && received == counted_sent,
        burst_pps,
        overstatement,
        generator_limited: overstatement > BURST_TOLERANCE,
        verification,
    })
}

/// Loads the subject's profile, every stream at `size` (if given), no probes.
fn load<D: Drive>(engine: &mut D, subject: &Subject, o: &Options, size: Option<SizeSpec>) -> Result<(), Error> {
    engine.handle(Command::LoadProfile {
        text: subject.text.clone(),
        source: subject.source.clone(),
        format: ProfileFormat::Yaml,
        latency_pps: None,
        frame_size: size,
        bidirectional: o.bidirectional,
    })?;
    Ok(())
}

/// The throughput search's trials, shown to a b2b observer.
struct Throughput<'a>(&'a mut dyn Observer);

impl ndr::Observer for Throughput<'_> {
    fn trial_ended(&mut self, n: usize, _duration: f64, record: &TrialRecord) {
        self.0.throughput_trial(n, record);
    }
}

/// Runs the test on the engine's ports: per frame size, the throughput (given or
/// measured), then `repetitions` searches on the burst length. `interrupted` is polled
/// while trials run.
pub fn run<D: Drive>(
    engine: &mut D,
    subject: &Subject,
    o: &Options,
    observer: &mut dyn Observer,
    interrupted: &dyn Fn() -> bool,
) -> Result<Report, Error> {
    let began = Instant::now();
    let c = o.check()?;
    let o = &Options { realtime: o.realtime.decided(), ..o.clone() };
    let mut sizes = vec![];
    let count = c.sizes.len();
    for (i, size) in c.sizes.iter().enumerate() {
        observer.size(i + 1, count, &size.as_ref().map_or("profile".into(), |(n, _)| size_label(n)));
        let res = run_size(engine, subject, o, &c, size.clone(), observer, interrupted);
        observer.size_done();
        sizes.push(res?);
    }
    Ok(Report {
        profile: subject.source.clone(),
        ports: subject.ports.clone(),
        repetitions: o.repetitions,
        algorithm: if o.verify > 0 { "binary-loss-verification".into() } else { "binary".into() },
        verify: o.verify,
        step: o.step,
        max_burst_time_s: c.max_burst_s,
        idle_s: c.idle_s,
        realtime: o.realtime == crate::trials::Realtime::On,
        sizes,
        wall_s: began.elapsed().as_secs_f64(),
    })
}

/// The rate given for one size (`--throughput`), if one was.
fn given_for<'a>(c: &'a Checked, size: &Option<(String, SizeSpec)>) -> Option<&'a str> {
    match (&c.throughput, size) {
        (Some(Given::All(r)), _) => Some(r.as_str()),
        (Some(Given::PerSize(list)), Some((n, _))) => list.iter().find(|(s, _)| s == n).map(|(_, r)| r.as_str()),
        _ => None,
    }
}

/// The DUT's throughput at one size, measured by `riptide ndr`'s search (goal ndr=0, no
/// latency trials): its NDR lower bound and the search.
fn measure_throughput<D: Drive>(
    engine: &mut D,
    subject: &Subject,
    o: &Options,
    size: &Option<(String, SizeSpec)>,
    observer: &mut dyn Observer,
    interrupted: &dyn Fn() -> bool,
) -> Result<(f64, ndr::Run), Error> {
    let a = ndr::Options {
        goals: "ndr=0".into(),
        latency: "off".into(),
        bidirectional: o.bidirectional,
        cores: o.cores,
        pin: o.pin.clone(),
        realtime: o.realtime,
        ..ndr::Options::default()
    };
    let checked = a.check()?;
    let mut seen = Throughput(observer);
    let run = ndr::search_size(engine, subject, &a, &checked, size.clone(), &mut seen, interrupted)?;
    let at = size.as_ref().map_or(String::new(), |(n, _)| format!(" at {}", size_label(n)));
    match run.goals.first().and_then(|g| g.result.lower_bound) {
        Some(ndr) => Ok((ndr, run)),
        None => Err(Error::Runtime(format!(
            "throughput{at}: not found (the DUT lost frames even at the search's lowest load): no back-to-back test"
        ))),
    }
}

fn run_size<D: Drive>(
    engine: &mut D,
    subject: &Subject,
    o: &Options,
    c: &Checked,
    size: Option<(String, SizeSpec)>,
    observer: &mut dyn Observer,
    interrupted: &dyn Fn() -> bool,
) -> Result<SizeReport, Error> {
    let source = subject.source.as_str();
    let name = size.as_ref().map(|(n, _)| n.clone());
    let at = name.as_deref().map_or(String::new(), |n| format!(" at {} frames", size_label(n)));
    load(engine, subject, o, size.as_ref().map(|(_, s)| s.clone()))?;
    let streams = describe(engine)?;
    countable(&streams).map_err(|e| input(format!("{source}: {e}")))?;
    if let Some(s) = streams.iter().find(|s| s.enabled && !(s.scaled && s.tagged)) {
        return Err(input(format!(
            "{source}: stream '{}' is {}: a back-to-back burst is every stream at the line rate, each one counted \
             (tagged with flow_stats or latency, its rate following the load)",
            s.name,
            if s.scaled { "not tagged" } else { "at a fixed rate" }
        )));
    }
    let line = ndr::line_of(&streams, subject.port_bps)
        .ok_or_else(|| input(format!("{source}: no enabled stream has a rate that follows the load")))?;
    let (throughput_pps, throughput_from, throughput_search) = match given_for(c, &size) {
        Some(rate) => (ndr::load("--throughput", rate, Some(line))?, "given".to_string(), None),
        None => {
            let (pps, run) = measure_throughput(engine, subject, o, &size, observer, interrupted)?;
            (pps, "measured".to_string(), Some(run))
        }
    };
    let actual = o.actual_rate.as_deref().map(|r| ndr::load("--actual-rate", r, Some(line))).transpose()?;
    if let Some(a) = actual {
        // A measured throughput below the rate of interest leaves this size without the
        // Actual Buffer Time (the warnings say so); a given one is the caller's mistake.
        if a >= throughput_pps && throughput_search.is_none() {
            return Err(input(format!(
                "--actual-rate {}{at}: {} is not below the throughput ({}): RFC 9004's actual rate is a rate of \
                 interest below it",
                o.actual_rate.as_deref().unwrap_or(""),
                human_rate(a, "pps"),
                human_rate(throughput_pps, "pps")
            )));
        }
    }
    let max_burst = ((c.max_burst_s * line.max_pps).ceil() as u64).max(2);
    if o.step >= max_burst {
        return Err(input(format!(
            "--step {}: the longest burst tried{at} is {max_burst} frames (--max-burst-time {}): the step must be below it",
            o.step, o.max_burst_time
        )));
    }
    // Section 6.2's second component is the burst's way out at the throughput rate: a
    // receive window the engine cannot hold would count what is still coming as lost.
    let window = max_burst as f64 / throughput_pps + c.idle_s.max(max_burst as f64 / line.max_pps);
    if window > riptide_engine::MAX_DRAIN.as_secs_f64() {
        return Err(input(format!(
            "--max-burst-time {}{at}: the longest burst ({max_burst} frames) takes {window:.0} s to come out at the \
             throughput ({}) and idle: at most {} s",
            o.max_burst_time,
            human_rate(throughput_pps, "pps"),
            riptide_engine::MAX_DRAIN.as_secs_f64()
        )));
    }
    let mut report = SizeReport {
        throughput_from,
        throughput_search,
        actual_rate_pps: actual,
        ..SizeReport::new(name, line, throughput_pps, max_burst)
    };
    if throughput_pps >= line.max_pps * GENERATOR_LIMIT {
        report.skipped = Some(format!(
            "the throughput{at} ({}) is the line rate ({}): no burst fills a buffer (RFC 9004 6.1)",
            human_rate(throughput_pps, "pps"),
            human_rate(line.max_pps, "pps")
        ));
        return Ok(report);
    }
    // The search's trials reload nothing: the profile at this size is loaded again only
    // when the throughput search loaded its own.
    if report.throughput_search.is_some() {
        load(engine, subject, o, size.as_ref().map(|(_, s)| s.clone()))?;
        // RFC 9004 6.2: each burst comes after idle time; the throughput search's last
        // trial left the DUT's buffers only the engine's drain to empty.
        let real = match engine.handle(Command::Snapshot)? {
            riptide_engine::Response::Stats(s) => !s.simulated,
            _ => true,
        };
        if real {
            let until = Instant::now() + Duration::from_secs_f64(c.idle_s);
            while Instant::now() < until {
                if interrupted() {
                    return Err(Error::Interrupted("interrupted: no result".into()));
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        }
    }
    let setup = Setup {
        line_pps: line.max_pps,
        throughput_pps,
        idle_s: c.idle_s,
        o,
        counted: streams.iter().map(|s| s.scaled && s.tagged).collect(),
    };
    for rep in 1..=o.repetitions {
        let mut trials = vec![];
        let found = search(max_burst, o.step, o.verify, |burst, verification| {
            let t = trial(engine, &setup, rep, burst, verification, interrupted)?;
            observer.trial(&t);
            let passed = t.passed;
            trials.push(t);
            Ok::<bool, Error>(passed)
        })?;
        observer.search(rep, &found);
        report.trials.append(&mut trials);
        report.searches.push(found);
    }
    summarize(&mut report);
    Ok(report)
}

/// Section 6.4's statistics and buffer times of a size's searches.
fn summarize(r: &mut SizeReport) {
    let v: Vec<f64> = r.searches.iter().map(|s| s.frames as f64).collect();
    let n = v.len() as f64;
    if v.is_empty() {
        return;
    }
    r.average = v.iter().sum::<f64>() / n;
    r.min = r.searches.iter().map(|s| s.frames).min().unwrap_or(0);
    r.max = r.searches.iter().map(|s| s.frames).max().unwrap_or(0);
    r.stdev =
        if v.len() < 2 { 0.0 } else { (v.iter().map(|x| (x - r.average).powi(2)).sum::<f64>() / (n - 1.0)).sqrt() };
    let c = r.line.max_pps;
    r.implied_buffer_s = r.average / c;
    r.corrected_buffer_s = r.implied_buffer_s - r.implied_buffer_s * r.throughput_pps / c;
    r.corrected_buffer_frames = r.corrected_buffer_s * c;
    r.actual_buffer_s = r.actual_rate_pps.filter(|&a| a < r.throughput_pps).map(|a| r.corrected_buffer_s * c / a);
    r.near_limit = r.searches.iter().filter(|s| s.frames as f64 >= 0.9 * r.max_burst as f64).count();
    r.generator_limited_trials = r.trials.iter().filter(|t| t.generator_limited).count();
}

/// `0.000072 s` as people read a buffer time: `72.0 us`.
pub fn human_time(s: f64) -> String {
    if s >= 1.0 {
        format!("{s:.3} s")
    } else if s >= 1e-3 {
        format!("{:.3} ms", s * 1e3)
    } else {
        format!("{:.1} us", s * 1e6)
    }
}

/// One sentence per size of what the test found.
pub fn headlines(r: &Report) -> Vec<String> {
    r.sizes
        .iter()
        .map(|s| {
            let at = s.frame_size.as_deref().map_or(String::new(), |n| format!(" at {}", size_label(n)));
            if let Some(why) = &s.skipped {
                return format!("back-to-back{at}: not tested: {why}");
            }
            let mut h = format!(
                "back-to-back{at}: {:.1} frames ({} searches: min {}, max {}, sd {:.1}); implied buffer {}, corrected \
                 {} ({:.1} frames) at throughput {} of {}",
                s.average,
                s.searches.len(),
                s.min,
                s.max,
                s.stdev,
                human_time(s.implied_buffer_s),
                human_time(s.corrected_buffer_s),
                s.corrected_buffer_frames,
                human_rate(s.throughput_pps, "pps"),
                human_rate(s.line.max_pps, "pps")
            );
            if let (Some(t), Some(a)) = (s.actual_buffer_s, s.actual_rate_pps) {
                h.push_str(&format!("; actual buffer time {} at {}", human_time(t), human_rate(a, "pps")));
            }
            h
        })
        .collect()
}

/// What the reader must know beside the figures: limits reached, bursts slower than the
/// line, idle times below RFC 9004's.
pub fn warnings(r: &Report) -> Vec<String> {
    let mut w = vec![];
    for s in &r.sizes {
        let at = s.frame_size.as_deref().map_or(String::new(), |n| format!(" at {}", size_label(n)));
        if s.near_limit > 0 {
            w.push(format!(
                "{}{at}: {} of {} searches ended at or near the longest burst tried ({} frames, {} s at the line rate): \
                 RFC 9004 calls such results likely invalid; repeat with a higher --max-burst-time",
                "back-to-back",
                s.near_limit,
                s.searches.len(),
                s.max_burst,
                r.max_burst_time_s
            ));
        }
        if let (Some(a), None, None) = (s.actual_rate_pps, s.actual_buffer_s, &s.skipped) {
            w.push(format!(
                "back-to-back{at}: --actual-rate {} is not below the measured throughput ({}): no Actual Buffer Time",
                human_rate(a, "pps"),
                human_rate(s.throughput_pps, "pps")
            ));
        }
        if s.generator_limited_trials > 0 {
            let slowest = s.trials.iter().map(|t| t.burst_pps).fold(f64::INFINITY, f64::min);
            let worst = s.trials.iter().map(|t| t.overstatement).fold(0.0, f64::max);
            w.push(format!(
                "back-to-back{at}: {} of {} bursts left so much slower than the line rate that the corrected buffer \
                 may be overstated by more than 1% (slowest {} of {}: up to {}): the generator's limit (--realtime, \
                 more --cores, or a --line-rate the ports hold)",
                s.generator_limited_trials,
                s.trials.len(),
                human_rate(slowest, "pps"),
                human_rate(s.line.max_pps, "pps"),
                if worst.is_finite() { format!("{:.1}%", worst * 100.0) } else { "no bound".into() }
            ));
        }
    }
    if r.idle_s < RFC_IDLE {
        w.push(format!(
            "--idle {} s: below RFC 9004's 2 s after each burst (the DUT's buffers may not have emptied)",
            r.idle_s
        ));
    }
    w
}

/// The results table (RFC 9004's Table 1, with riptide's columns beside it).
fn table(r: &Report) -> (Vec<&'static str>, Vec<Vec<String>>) {
    let head = vec![
        "frame size",
        "ave B2B length (frames)",
        "min, max, stddev",
        "implied buffer",
        "corrected buffer",
        "corrected (frames)",
        "throughput",
        "max theoretical",
        "N",
    ];
    let rows = r
        .sizes
        .iter()
        .map(|s| {
            let size = s.frame_size.clone().unwrap_or_else(|| format!("{:.0} (profile)", s.line.mean_frame));
            if s.skipped.is_some() {
                return vec![
                    size,
                    "not tested".into(),
                    "-".into(),
                    "-".into(),
                    "-".into(),
                    "-".into(),
                    human_rate(s.throughput_pps, "pps"),
                    human_rate(s.line.max_pps, "pps"),
                    "0".into(),
                ];
            }
            vec![
                size,
                format!("{:.1}", s.average),
                format!("{}, {}, {:.1}", s.min, s.max, s.stdev),
                human_time(s.implied_buffer_s),
                human_time(s.corrected_buffer_s),
                format!("{:.1}", s.corrected_buffer_frames),
                human_rate(s.throughput_pps, "pps"),
                human_rate(s.line.max_pps, "pps"),
                s.searches.len().to_string(),
            ]
        })
        .collect();
    (head, rows)
}

/// The parameters RFC 9004 section 7 asks to report with the table.
fn parameters(r: &Report) -> String {
    let longest: Vec<String> = r
        .sizes
        .iter()
        .filter(|s| s.skipped.is_none())
        .map(|s| match &s.frame_size {
            Some(n) => format!("{} frames at {}", s.max_burst, size_label(n)),
            None => format!("{} frames", s.max_burst),
        })
        .collect();
    format!(
        "Search: TST009 {} (minimum step {} frame{}{}); N = {} searches per size; longest burst tried {} s at the \
         line rate ({}); idle {} s after each burst was received{}; throughput {}; standard deviation of the sample \
         (n - 1)",
        if r.verify > 0 { "Binary Search with Loss Verification" } else { "Binary Search" },
        r.step,
        if r.step == 1 { "" } else { "s" },
        if r.verify > 0 { format!(", {} verification(s) of a lost trial", r.verify) } else { String::new() },
        r.repetitions,
        r.max_burst_time_s,
        if longest.is_empty() { "-".into() } else { longest.join(", ") },
        r.idle_s,
        if r.idle_s < RFC_IDLE { " (below RFC 9004's 2 s)" } else { "" },
        r.sizes.first().map_or("-", |s| s.throughput_from.as_str())
    )
}

/// The test's picture: every trial's burst, passed or lost, per size one series.
fn chart(r: &Report) -> riptide_plot::Chart {
    use riptide_plot::chart::{Series, Style, PALETTE};
    let mut c = riptide_plot::Chart::new("Back-to-back frames (RFC 9004)", "trial", "burst (frames)");
    let mut x = 0.0;
    let mut passed = vec![];
    let mut lost = vec![];
    let mut limited = vec![];
    for s in &r.sizes {
        for t in &s.trials {
            x += 1.0;
            match (t.passed, t.generator_limited) {
                (true, false) => passed.push((x, t.burst as f64)),
                (true, true) => limited.push((x, t.burst as f64)),
                (false, _) => lost.push((x, t.burst as f64)),
            }
        }
    }
    let series = |name: &str, color: usize, style, points| Series {
        name: name.into(),
        color: PALETTE[color].into(),
        style,
        points,
    };
    c.series.push(series("passed", 2, Style::Markers, passed));
    c.series.push(series("lost frames", 3, Style::Markers, lost));
    c.series.push(series("passed, burst below the line rate", 1, Style::Hollow, limited));
    for (i, s) in r.sizes.iter().enumerate().filter(|(_, s)| s.skipped.is_none()) {
        let name = format!("average, {}", s.frame_size.as_deref().map_or("profile".into(), size_label));
        c.series.push(series(&name, i % 2 * 4, Style::Dashed, vec![(1.0, s.average)]));
    }
    // Bursts near the upper limit would flatten the search's end: fit the results.
    let top = r.sizes.iter().map(|s| s.max as f64).fold(0.0, f64::max);
    if top > 0.0 {
        c.y_fit = Some(top * 2.0);
    }
    c
}

/// The test's files: results.json, trials.csv, report.md, b2b.png and report.html.
pub fn files(command: &[String], host: &crate::host::Host, r: &Report) -> Result<Vec<(String, Vec<u8>)>, Error> {
    let json = crate::results_json(command, host, Some("b2b"), r)?;
    let mut csv =
        "frame_size,repetition,trial,burst,sent,received,lost,passed,burst_pps,generator_limited,verification\n"
            .to_string();
    for s in &r.sizes {
        for (i, t) in s.trials.iter().enumerate() {
            csv.push_str(&format!(
                "{},{},{},{},{},{},{},{},{:.0},{},{}\n",
                s.frame_size.as_deref().unwrap_or("profile"),
                t.repetition,
                i + 1,
                t.burst,
                t.sent,
                t.received,
                t.lost,
                t.passed,
                t.burst_pps,
                t.generator_limited,
                t.verification
            ));
        }
    }
    let (head, rows) = table(r);
    let mut lead = headlines(r);
    lead.push(parameters(r));
    lead.extend(warnings(r));
    let mut md = "# Back-to-back frames (RFC 9004)\n\n".to_string();
    for l in &lead {
        md.push_str(&format!("{}.\n\n", l.trim_end_matches('.')));
    }
    md.push_str(&format!("Profile {} on ports {}.\n\n", r.profile, r.ports.join(", ")));
    md.push_str(&format!("| {} |\n|{}\n", head.join(" | "), "---|".repeat(head.len())));
    for row in &rows {
        md.push_str(&format!("| {} |\n", row.join(" | ")));
    }
    md.push_str(
        "\nImplied DUT buffer time = average back-to-back frames / Max Theoretical Frame Rate; Corrected DUT Buffer \
         Time = Implied - Implied x Measured Throughput / Max Theoretical Frame Rate (RFC 9004 6.4); the corrected \
         buffer in frames is the Corrected DUT Buffer Time at the Max Theoretical Frame Rate.\n",
    );
    md.push_str(&format!("\nCommand: `{}`\n", command.join(" ")));
    let png = riptide_plot::chart_png(&chart(r)).map_err(|e| Error::Runtime(format!("b2b.png: {e}")))?;
    let page = crate::html::Page {
        title: "Back-to-back frames (RFC 9004)",
        lead,
        head,
        rows,
        images: vec![("b2b.png".into(), "every trial's burst, passed or lost".into(), png.clone())],
        command,
        host,
    };
    Ok(vec![
        ("results.json".into(), json),
        ("trials.csv".into(), csv.into_bytes()),
        ("report.md".into(), md.into_bytes()),
        ("b2b.png".into(), png),
        ("report.html".into(), page.render().into_bytes()),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A DUT that takes bursts up to `longest` frames.
    fn dut(longest: u64) -> impl FnMut(u64, bool) -> Result<bool, ()> {
        move |b, _| Ok(b <= longest)
    }

    #[test]
    fn the_binary_search_finds_the_longest_burst_to_the_frame() {
        for longest in [0, 1, 2, 3, 999, 1000, 1073, 65_535, 148_809] {
            let s = search(148_810, 1, 0, dut(longest)).unwrap();
            assert_eq!(s, Search { frames: longest, at_limit: false, trials: s.trials }, "{longest}");
            // The upper limit, then one halving per trial.
            assert!(s.trials <= 19, "{longest}: {} trials", s.trials);
        }
        let s = search(1000, 1, 0, dut(5000)).unwrap();
        assert_eq!((s.frames, s.at_limit, s.trials), (1000, true, 1));
        // A coarser step ends sooner, within it.
        let s = search(148_810, 64, 0, dut(1073)).unwrap();
        assert!(s.frames <= 1073 && 1073 - s.frames < 64, "{s:?}");
        assert!(s.trials <= 13, "{s:?}");
    }

    #[test]
    fn loss_verification_repeats_a_lost_trial_and_believes_a_pass() {
        // A DUT that loses once, for a reason of its own, at 600 frames: the plain search
        // takes it at its word, the verifying one tries again and finds 1073.
        let flaky = || {
            let mut first = true;
            move |b: u64, _v: bool| -> Result<bool, ()> {
                if b == 600 && first {
                    first = false;
                    return Ok(false);
                }
                Ok(b <= 1073)
            }
        };
        let mut tried = vec![];
        let mut plain = flaky();
        let s = search(1200, 1, 0, |b, v| {
            tried.push(b);
            plain(b, v)
        })
        .unwrap();
        assert_eq!(&tried[..2], &[1200, 600]);
        assert!(s.frames < 600, "{s:?}");
        let mut verified = vec![];
        let mut f = flaky();
        let s = search(1200, 1, 2, |b, v| {
            verified.push((b, v));
            f(b, v)
        })
        .unwrap();
        assert_eq!(s.frames, 1073);
        assert_eq!(&verified[..3], &[(1200, false), (1200, true), (1200, true)]);
        assert_eq!(&verified[3..5], &[(600, false), (600, true)]);
    }

    #[test]
    fn a_slower_burst_overstates_the_buffer_by_rfc_9004s_model() {
        assert_eq!(overstatement(100.0, 25.0, 100.0), 0.0);
        assert_eq!(overstatement(100.0, 25.0, 25.0), f64::INFINITY);
        let e = overstatement(100.0, 25.0, 98.0);
        assert!((e - 0.0068).abs() < 1e-4, "{e}");
        let e = overstatement(100.0, 90.0, 97.0);
        assert!((e - 0.3857).abs() < 1e-3, "{e}");
        // The model itself: a queue of Q passes Q / (1 - T/C') at C'; corrected at C.
        let (c, t, c2, q) = (14.88e6, 1e6, 13e6, 1000.0);
        let corrected = q / (1.0 - t / c2) * (1.0 - t / c);
        assert!((corrected / q - 1.0 - overstatement(c, t, c2)).abs() < 1e-12);
    }

    #[test]
    fn options_are_checked_by_their_names() {
        let e = |o: Options| o.check().err().unwrap().to_string();
        let ok = Options::default();
        assert!(ok.check().is_ok());
        assert!(e(Options { repetitions: 0, ..ok.clone() }).contains("--repetitions 0"));
        assert!(e(Options { step: 0, ..ok.clone() }).contains("--step 0"));
        assert!(e(Options { step: u64::MAX, ..ok.clone() }).contains("expected 1 to"));
        assert!(e(Options { throughput: Some("0pps".into()), ..ok.clone() }).contains("must be a positive"));
        assert!(e(Options { verify: 11, ..ok.clone() }).contains("--verify 11"));
        assert!(e(Options { max_burst_time: "61s".into(), ..ok.clone() }).contains("--max-burst-time '61s'"));
        assert!(e(Options { idle: "soon".into(), ..ok.clone() }).contains("--idle"));
        assert!(e(Options { throughput: Some("fast".into()), ..ok.clone() }).contains("--throughput 'fast'"));
        assert!(e(Options { throughput: Some("64=1mpps".into()), ..ok.clone() }).contains("needs --frame-sizes"));
        let sweep = Options { frame_sizes: Some("64,1518".into()), ..ok.clone() };
        assert!(e(Options { throughput: Some("64=1mpps".into()), ..sweep.clone() }).contains("no rate for size 1518"));
        assert!(e(Options { throughput: Some("128=1mpps".into()), ..sweep.clone() }).contains("128 is not one of"));
        let c = Options { throughput: Some("64=1mpps, 1518=800kpps".into()), ..sweep }.check().unwrap();
        assert_eq!(
            c.throughput,
            Some(Given::PerSize(vec![("64".into(), "1mpps".into()), ("1518".into(), "800kpps".into())]))
        );
    }

    #[test]
    fn the_throughput_comes_from_ndrs_results() {
        let sweep = r#"{"runs": [
            {"frame_size": "64", "goals": [{"name": "ndr", "loss_ratio": 0.0, "lower_bound": 1000000.5},
                                            {"name": "pdr", "loss_ratio": 0.005, "lower_bound": 1200000}]},
            {"frame_size": "1518", "goals": [{"name": "ndr", "loss_ratio": 0.0, "lower_bound": 800000}]}]}"#;
        assert_eq!(throughput_from_results(sweep, "f", Some("1518,64")).unwrap(), "1518=800000pps,64=1000000.5pps");
        let e = |t: &str, s: Option<&str>| throughput_from_results(t, "f.json", s).unwrap_err().to_string();
        assert!(e(sweep, None).contains("give --frame-sizes"));
        assert!(e(sweep, Some("128")).contains("no run at frame size 128"));
        let one = r#"{"runs": [{"goals": [{"name": "pdr", "loss_ratio": 0.005, "lower_bound": 9},
                                          {"name": "zero", "loss_ratio": 0, "lower_bound": 7}]}]}"#;
        assert_eq!(throughput_from_results(one, "f", None).unwrap(), "7pps");
        assert!(e(one, Some("64")).contains("leave out --frame-sizes"));
        assert!(
            e(r#"{"runs": [{"goals": [{"name": "pdr", "loss_ratio": 0.005}]}]}"#, None).contains("no zero-loss goal")
        );
        assert!(e("[1,", None).starts_with("--throughput f.json: not riptide ndr's results.json"));
    }

    #[test]
    fn other_traffic_in_ndrs_results_is_named() {
        let r = r#"{"profile": "a.yaml", "command": ["riptide", "ndr", "a.yaml", "--bidirectional"], "runs": []}"#;
        assert_eq!(results_mismatch(r, "a.yaml", true), None);
        let m = results_mismatch(r, "b.yaml", false).unwrap();
        assert!(m.contains("its profile was a.yaml, this test's is b.yaml") && m.contains("both directions"), "{m}");
        assert_eq!(results_mismatch("not json", "b.yaml", false), None);
    }

    #[test]
    fn the_buffer_times_are_rfc_9004s() {
        // RFC 9004's model: a burst at C into a buffer of Q frames drained at T passes up
        // to Q / (1 - T/C) frames; the corrected buffer is Q again.
        let line = Line { max_pps: 14_880_952.0, mean_frame: 64.0, port_bps: 10e9, ports: 1 };
        let mut r = SizeReport {
            searches: [1073, 1072, 1074].iter().map(|&frames| Search { frames, at_limit: false, trials: 20 }).collect(),
            actual_rate_pps: Some(500e3),
            ..SizeReport::new(Some("64".into()), line, 1e6, 1 << 20)
        };
        summarize(&mut r);
        assert_eq!((r.average, r.min, r.max, r.stdev), (1073.0, 1072, 1074, 1.0));
        let implied = 1073.0 / 14_880_952.0;
        assert!((r.implied_buffer_s - implied).abs() < 1e-15);
        assert!((r.corrected_buffer_s - (implied - implied * 1e6 / 14_880_952.0)).abs() < 1e-15);
        assert!((r.corrected_buffer_frames - 1000.9).abs() < 0.05, "{}", r.corrected_buffer_frames);
        // Section 7: the corrected buffer at an actual rate of interest.
        assert!((r.actual_buffer_s.unwrap() - r.corrected_buffer_frames / 500e3).abs() < 1e-12);
        assert_eq!(human_time(r.corrected_buffer_s), "67.3 us");
    }
}
