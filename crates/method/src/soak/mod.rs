//! A fixed-rate soak: the loaded profile at one load for a long time (minutes to
//! hours), measured interval by interval, for the failures that only show with time: a
//! DUT that starts losing after an hour, latency that creeps up, a counter that wraps
//! (the OVS seed's 18-hour run and its counter overrun), a generator whose memory grows.
//!
//! The soak is a sequence of trials of one interval each at the load, back to back
//! (as CSIT's soak runs its trials), so each interval has counts and latency of its own:
//! sent, received and lost frames of the counted streams, the loss ratio, the latency
//! probes' percentiles, the pacing ([`crate::trials`]). Between two intervals the
//! engine stops, drains in-flight frames and starts again: a pause of about the drain
//! (100 ms on real ports) that the report states. After each interval the soak also
//! reads the engine's counters over every run (`Command::Totals`) and the process's
//! resident memory: every counter must only grow, and grow by what the interval sent
//! and received (a counter that wrapped or lost an update is named), and the memory's
//! drift is reported.

pub mod plr;

use crate::ndr::{self, Error, Subject};
use crate::trials::{self, EngineTrials, PacingRule, TrialError, TrialRecord};
use crate::Drive;
use riptide_core::Nanos;
use riptide_engine::{Command, ProfileFormat, Response};
use serde::{Deserialize, Serialize};

/// Most intervals one soak may run (a bound on the report's size: 18 hours of 10 s
/// intervals is 6,480).
pub const MAX_INTERVALS: u64 = 100_000;

/// A soak's options as people write them (`riptide soak`'s arguments, by the same names).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// The load: frames/s summed over the sending ports, `%` of the line or a bit rate.
    pub load: String,
    /// How long: `1h`, `30m`.
    pub duration: String,
    /// Each interval's length.
    pub interval: String,
    /// Latency probes' rate, or `off`.
    pub latency: String,
    /// Worker threads.
    pub cores: usize,
    /// Worker `k` pinned on core `pin[k]`.
    pub pin: Vec<usize>,
    /// Workers at real-time priority (by default wherever permitted).
    pub realtime: crate::trials::Realtime,
    /// Search for the critical load (PLRsearch) instead of soaking at `load`.
    pub plr: bool,
    /// PLRsearch: the loss ratio whose load it estimates.
    pub target_loss: f64,
    /// PLRsearch: loads' lower limit.
    pub min_load: String,
    /// PLRsearch: loads' upper limit (default: the line rate).
    pub max_load: Option<String>,
    /// PLRsearch: each trial this much longer than the one before (the first is 51 steps).
    pub trial_step: String,
    /// PLRsearch: points each fit's integration draws per trial.
    pub samples: u64,
    /// Where latency's departure times come from (as `riptide run --timestamps`).
    pub timestamps: riptide_engine::Timestamps,
}

/// Most points an integration may draw per trial.
pub const MAX_SAMPLES: u64 = 10_000_000;

impl Default for Options {
    fn default() -> Self {
        Options {
            load: String::new(),
            duration: "1h".into(),
            interval: "10s".into(),
            latency: "1kpps".into(),
            cores: 1,
            pin: vec![],
            realtime: crate::trials::Realtime::Auto,
            plr: false,
            target_loss: 1e-7,
            min_load: ndr::defaults::MIN_LOAD.into(),
            max_load: None,
            trial_step: "0.1s".into(),
            samples: 20_000,
            timestamps: riptide_engine::Timestamps::Auto,
        }
    }
}

/// One interval of a soak.
#[derive(Clone, Debug, Serialize)]
pub struct Interval {
    /// 1-based.
    pub index: u64,
    /// When it started, seconds since the soak began: wall time on real ports (the
    /// pauses between intervals included), the intervals' durations on virtual time.
    pub start_s: f64,
    /// Its counts, as a search trial's.
    #[serde(flatten)]
    pub record: TrialRecord,
    /// Each latency stream's figures over the interval (ns), without histograms.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub latency: Vec<riptide_engine::LatencyStats>,
    /// The process's resident memory after it, KiB (0 where /proc is not there).
    pub rss_kib: u64,
}

/// Everything a soak measured.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The profile soaked.
    pub profile: String,
    /// The ports, as given.
    pub ports: Vec<String>,
    /// The load (frames/s summed over the sending ports).
    pub load: f64,
    /// Each interval's length (s).
    pub interval_s: f64,
    /// How long the soak was asked to run (`--duration`, s).
    pub requested_duration_s: f64,
    /// The intervals that makes.
    pub requested_intervals: u64,
    /// Stopped (Ctrl-C, a stop) before the last of them: the report covers the intervals
    /// that ended before (the one under way when it stopped is not counted).
    pub interrupted: bool,
    /// The intervals, in order.
    pub intervals: Vec<Interval>,
    /// Frames the counted streams sent, over all intervals.
    pub sent: u64,
    /// Of those, received.
    pub received: u64,
    /// Lost (sent, never received).
    pub lost: u64,
    /// `lost / sent`.
    pub loss_ratio: f64,
    /// The interval that lost the largest share (1-based), if any lost.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub worst_interval: Option<u64>,
    /// Resident memory after the first and the last interval, KiB.
    pub rss_first_kib: u64,
    /// Resident memory after the last interval, KiB.
    pub rss_last_kib: u64,
    /// What the engine's counters over every run did wrong: one sentence each (none: they
    /// only grew, and by what each interval counted).
    pub counter_errors: Vec<String>,
    /// The workers ran at real-time priority.
    pub realtime: bool,
    /// Wall time of everything (s).
    pub wall_s: f64,
}

/// What a front end sees of a soak while it runs.
pub trait Observer {
    /// Interval `n` of `of` ended.
    fn interval(&mut self, _n: u64, _of: u64, _i: &Interval) {}
    /// A PLRsearch's trial ended.
    fn plr_trial(&mut self, _t: &plr::Trial) {}
}

impl Observer for () {}

/// [`Options`] checked: the duration and interval (s), how many, the probes' rate, the
/// search's trial step (s).
pub struct Checked {
    duration: f64,
    interval: f64,
    intervals: u64,
    probe: Option<f64>,
    trial_step: f64,
}

fn seconds(option: &str, s: &str) -> Result<f64, Error> {
    let d: Nanos = s.parse().map_err(|e| Error::Input(format!("{option}: {e}")))?;
    if d == Nanos::ZERO {
        return Err(Error::Input(format!("{option} '{s}': expected a positive duration")));
    }
    Ok(d.as_secs_f64())
}

impl Options {
    /// Checks every option that needs neither the profile nor the ports, naming a bad
    /// one as the CLI spells it.
    pub fn check(&self) -> Result<Checked, Error> {
        riptide_engine::cores(self.cores as u64).map_err(|e| Error::Input(format!("--cores {e}")))?;
        let duration = seconds("--duration", &self.duration)?;
        let probe = ndr::latency_probe(&self.latency)?;
        if self.plr {
            if !self.load.trim().is_empty() {
                return Err(Error::Input(
                    "--load is the fixed-rate soak's: --plr searches between --min-load and --max-load".into(),
                ));
            }
            if !(self.target_loss > 0.0 && self.target_loss < 1.0) {
                return Err(Error::Input(format!(
                    "--target-loss {}: expected a loss ratio between 0 and 1, such as 1e-7",
                    self.target_loss
                )));
            }
            if !(1..=MAX_SAMPLES).contains(&self.samples) {
                return Err(Error::Input(format!("--plr-samples {}: expected 1 to {MAX_SAMPLES}", self.samples)));
            }
            let trial_step = seconds("--trial-step", &self.trial_step)?;
            return Ok(Checked { duration, interval: 0.0, intervals: 0, probe, trial_step });
        }
        if self.load.trim().is_empty() {
            return Err(Error::Input("--load: expected the soak's load, such as 50kpps or 10% (or --plr)".into()));
        }
        let interval = seconds("--interval", &self.interval)?;
        if interval > duration {
            return Err(Error::Input(format!(
                "--interval {}: expected at most --duration ({})",
                self.interval, self.duration
            )));
        }
        let intervals = (duration / interval).round() as u64;
        if intervals > MAX_INTERVALS {
            return Err(Error::Input(format!(
                "--duration {} in intervals of {}: at most {MAX_INTERVALS} intervals",
                self.duration, self.interval
            )));
        }
        Ok(Checked { duration, interval, intervals: intervals.max(1), probe, trial_step: 0.0 })
    }
}

/// The process's resident memory, KiB (0 where it cannot be read).
pub fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("VmRSS:")).and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// The engine's counters over every run: per port, sent and received frames.
fn totals(engine: &mut impl Drive) -> Result<Vec<(String, u64, u64)>, Error> {
    match engine.handle(Command::Totals)? {
        Response::Totals(t) => {
            Ok(t.ports.iter().map(|p| (p.name.clone(), p.counters.opackets, p.counters.ipackets)).collect())
        }
        _ => Err(Error::Runtime("totals answered no totals".into())),
    }
}

/// Checks that the counters over every run grew by what interval `n` sent and received
/// (`sent`, `received`: the snapshot's port counters of the interval), and only grew.
fn check_totals(
    n: u64,
    before: &[(String, u64, u64)],
    after: &[(String, u64, u64)],
    moved: &[(u64, u64)],
    errors: &mut Vec<String>,
) {
    for (i, (name, tx, rx)) in after.iter().enumerate() {
        let (btx, brx) = before.get(i).map_or((0, 0), |b| (b.1, b.2));
        let (mtx, mrx) = moved.get(i).copied().unwrap_or((0, 0));
        for (what, b, a, m) in [("sent", btx, *tx, mtx), ("received", brx, *rx, mrx)] {
            if a < b {
                errors.push(format!("interval {n}: port {name}'s {what} frames went back from {b} to {a}"));
            } else if a - b != m {
                errors.push(format!(
                    "interval {n}: port {name}'s {what} frames over every run grew by {} while the interval counted {m}",
                    a - b
                ));
            }
        }
    }
}

/// What a soak found: a fixed-rate soak's intervals or a search's critical load.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum Outcome {
    /// `riptide soak --load`.
    Fixed(Report),
    /// `riptide soak --plr`.
    Critical(plr::Report),
}

impl Outcome {
    /// One sentence of what it found.
    pub fn headline(&self) -> String {
        match self {
            Outcome::Fixed(r) => headline(r),
            Outcome::Critical(r) => plr::headline(r),
        }
    }

    /// Its files.
    pub fn files(&self, command: &[String], host: &crate::host::Host) -> Result<Vec<(String, Vec<u8>)>, Error> {
        match self {
            Outcome::Fixed(r) => files(command, host, r),
            Outcome::Critical(r) => plr::files(command, host, r),
        }
    }
}

/// The soak `a` asks for: at a fixed load ([`soak`]) or the search (`a.plr`).
pub fn run<D: Drive>(
    engine: &mut D,
    subject: &Subject,
    a: &Options,
    observer: &mut dyn Observer,
    interrupted: &dyn Fn() -> bool,
) -> Result<Outcome, Error> {
    if a.plr {
        plr::run(engine, subject, a, observer, interrupted).map(Outcome::Critical)
    } else {
        soak(engine, subject, a, observer, interrupted).map(Outcome::Fixed)
    }
}

/// Loads the profile (with latency probes at `probe`) and returns the line its scaled
/// streams meet.
fn prepare(engine: &mut impl Drive, subject: &Subject, probe: Option<f64>) -> Result<ndr::Line, Error> {
    engine.handle(Command::LoadProfile {
        text: subject.text.clone(),
        source: subject.source.clone(),
        format: ProfileFormat::Yaml,
        latency_pps: probe,
        frame_size: None,
        bidirectional: false,
    })?;
    let streams = trials::describe(engine)?;
    ndr::line_of(&streams, subject.port_bps)
        .ok_or_else(|| Error::Input(format!("{}: no enabled stream has a rate that follows the load", subject.source)))
}

/// The soak on the engine's ports: loads the profile (with latency probes, unless
/// off), runs the intervals, checks the counters after each. `interrupted` is polled
/// while an interval runs: a soak stopped early reports the intervals it completed.
pub fn soak<D: Drive>(
    engine: &mut D,
    subject: &Subject,
    a: &Options,
    observer: &mut dyn Observer,
    interrupted: &dyn Fn() -> bool,
) -> Result<Report, Error> {
    let began = std::time::Instant::now();
    let c = a.check()?;
    if a.plr {
        return Err(Error::Input("--plr: a search, not a fixed-rate soak (soak::run runs either)".into()));
    }
    let line = prepare(engine, subject, c.probe)?;
    let load = ndr::load("--load", &a.load, Some(line))?;
    let source = subject.source.clone();
    let mut before = totals(engine)?;
    let rule = PacingRule { realtime: a.realtime.enabled(), max_burst: None, retries: 0, timestamps: a.timestamps };
    let mut trials = EngineTrials::new(&mut *engine, a.cores, a.pin.clone(), interrupted)
        .map_err(|e| match e {
            TrialError::Engine(e) => Error::Engine(e),
            other => Error::Input(format!("{source}: {other}")),
        })?
        .with_pacing(rule);
    let mut intervals: Vec<Interval> = vec![];
    let mut errors = vec![];
    let mut stopped = false;
    for n in 1..=c.intervals {
        // What the intervals before took: their wall time on real ports (the pauses
        // between them included), their duration on virtual time.
        let start_s = intervals.iter().map(|i| i.record.trial.duration_with_overheads).sum();
        let t = match trials.latency(c.interval, load) {
            Ok(t) => t,
            Err(TrialError::Interrupted) => {
                stopped = true;
                break;
            }
            Err(TrialError::Engine(e)) => return Err(Error::Engine(e)),
            Err(TrialError::NotCountable(e)) => return Err(Error::Input(e)),
        };
        let mut latency = t.latency;
        for l in &mut latency {
            l.hdr = None;
        }
        let after = totals(trials.engine())?;
        check_totals(n, &before, &after, &t.ports, &mut errors);
        before = after;
        let i = Interval { index: n, start_s, record: t.record, latency, rss_kib: rss_kib() };
        observer.interval(n, c.intervals, &i);
        intervals.push(i);
    }
    if intervals.is_empty() {
        return Err(Error::Interrupted("interrupted in the first interval: no result".into()));
    }
    let sent: u64 = intervals.iter().map(|i| i.record.trial.offered_count).sum();
    let lost: u64 = intervals.iter().map(|i| i.record.lost).sum();
    // The first of the intervals that lost the largest share.
    let worst = intervals
        .iter()
        .filter(|i| i.record.lost > 0)
        .rev()
        .max_by(|x, y| x.record.trial.loss_ratio().total_cmp(&y.record.trial.loss_ratio()))
        .map(|i| i.index);
    Ok(Report {
        profile: subject.source.clone(),
        ports: subject.ports.clone(),
        load,
        interval_s: c.interval,
        requested_duration_s: c.duration,
        requested_intervals: c.intervals,
        interrupted: stopped,
        rss_first_kib: intervals.first().map_or(0, |i| i.rss_kib),
        rss_last_kib: intervals.last().map_or(0, |i| i.rss_kib),
        intervals,
        sent,
        received: sent - lost.min(sent),
        lost,
        loss_ratio: if sent > 0 { lost as f64 / sent as f64 } else { 0.0 },
        worst_interval: worst,
        counter_errors: errors,
        realtime: rule.realtime,
        wall_s: began.elapsed().as_secs_f64(),
    })
}

/// One sentence of what the soak found (the report's headline).
pub fn headline(r: &Report) -> String {
    use riptide_core::units::human_rate;
    let mut s = if r.interrupted {
        format!(
            "interrupted after {} of {} intervals ({} s asked): ",
            r.intervals.len(),
            r.requested_intervals,
            r.requested_duration_s
        )
    } else {
        String::new()
    };
    s += &format!(
        "{} intervals of {} s at {}: {} sent, {} lost (loss ratio {:.3e})",
        r.intervals.len(),
        r.interval_s,
        human_rate(r.load, "pps"),
        r.sent,
        r.lost,
        r.loss_ratio
    );
    if let Some(w) = r.worst_interval.and_then(|w| r.intervals.get(w as usize - 1)) {
        s.push_str(&format!(
            "; the worst interval was {} (from {:.0} s: {} lost, {:.3e})",
            w.index,
            w.start_s,
            w.record.lost,
            w.record.trial.loss_ratio()
        ));
    }
    s.push_str(&format!(
        "; counters {}; memory {} KiB after the first interval, {} KiB after the last",
        if r.counter_errors.is_empty() {
            "consistent".to_string()
        } else {
            format!("{} errors", r.counter_errors.len())
        },
        r.rss_first_kib,
        r.rss_last_kib
    ));
    s
}

const CSV_HEAD: &str = "interval,start_s,intended_load,offered_count,forwarded_count,lost,loss_ratio,achieved_pps,\
pacing_burst,pacing_gap_ns,latency_p50_ns,latency_p99_ns,latency_max_ns,rss_kib";

/// The soak's files: results.json (with the command and the host), intervals.csv,
/// report.md and soak.png (loss and latency over time).
pub fn files(command: &[String], host: &crate::host::Host, r: &Report) -> Result<Vec<(String, Vec<u8>)>, Error> {
    let json = crate::results_json(command, host, None, r)?;
    let mut csv = format!("{CSV_HEAD}\n");
    for i in &r.intervals {
        let t = &i.record;
        let l = i.latency.first().map(|l| &l.summary);
        let cell = |v: Option<u64>| v.map_or_else(String::new, |v| v.to_string());
        csv.push_str(&format!(
            "{},{:.3},{},{},{},{},{},{:.1},{},{},{},{},{},{}\n",
            i.index,
            i.start_s,
            t.trial.intended_load,
            t.trial.offered_count,
            t.trial.forwarded_count,
            t.lost,
            t.trial.loss_ratio(),
            t.achieved_pps,
            cell(t.pacing.map(|p| p.burst)),
            cell(t.pacing.map(|p| p.gap_ns)),
            cell(l.map(|l| l.p50_ns)),
            cell(l.map(|l| l.p99_ns)),
            cell(l.map(|l| l.max_ns)),
            i.rss_kib
        ));
    }
    let mut md =
        format!("# Soak at a fixed load\n\nProfile {} on {}.\n\n{}.\n\n", r.profile, r.ports.join(", "), headline(r));
    if !r.counter_errors.is_empty() {
        md.push_str("Counters over every run that did not add up:\n\n");
        for e in r.counter_errors.iter().take(20) {
            md.push_str(&format!("- {e}\n"));
        }
        md.push('\n');
    }
    md.push_str(
        "Each interval is a trial of its own, back to back (the engine stops, drains 100 ms on \
         real ports and starts again). Every interval is in intervals.csv; all figures in results.json.\n\n![loss and \
         latency over time](soak.png)\n\n",
    );
    md.push_str(&format!("Command: `{}`\n", command.join(" ")));
    let png = riptide_plot::chart_png(&chart(r)).map_err(|e| Error::Runtime(format!("soak.png: {e}")))?;
    Ok(vec![
        ("results.json".into(), json),
        ("intervals.csv".into(), csv.into_bytes()),
        ("report.md".into(), md.into_bytes()),
        ("soak.png".into(), png),
    ])
}

/// Loss (frames per interval) and latency p99 (us) over the soak's time.
fn chart(r: &Report) -> riptide_plot::Chart {
    use riptide_plot::chart::{Series, Style, PALETTE};
    let mut c = riptide_plot::Chart::new("Soak", "time (s)", "lost frames / p99 latency (us)");
    let at = |i: &Interval| i.start_s + r.interval_s;
    c.series.push(Series {
        name: "lost frames per interval".into(),
        color: PALETTE[3].into(),
        style: Style::LineMarkers,
        points: r.intervals.iter().map(|i| (at(i), i.record.lost as f64)).collect(),
    });
    let p99: Vec<(f64, f64)> =
        r.intervals.iter().filter_map(|i| i.latency.first().map(|l| (at(i), l.summary.p99_ns as f64 / 1e3))).collect();
    if !p99.is_empty() {
        c.series.push(Series {
            name: "latency p99 (us)".into(),
            color: PALETTE[0].into(),
            style: Style::LineMarkers,
            points: p99,
        });
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_checked_by_their_names() {
        let ok = Options { load: "10kpps".into(), duration: "1m".into(), ..Options::default() };
        assert_eq!(ok.check().unwrap().intervals, 6);
        let e = |o: Options| o.check().err().unwrap().to_string();
        assert!(e(Options { load: String::new(), ..ok.clone() }).contains("--load"));
        assert!(e(Options { interval: "2m".into(), ..ok.clone() }).contains("at most --duration"));
        assert!(
            e(Options { duration: "1000h".into(), interval: "1ms".into(), ..ok.clone() }).contains("at most 100000")
        );
        assert!(e(Options { latency: "fast".into(), ..ok.clone() }).contains("--latency 'fast'"));
    }

    #[test]
    fn counters_must_grow_by_what_each_interval_counted() {
        let t = |a: u64, b: u64| vec![("p0".to_string(), a, b)];
        let mut errors = vec![];
        check_totals(1, &t(100, 90), &t(200, 180), &[(100, 90)], &mut errors);
        assert!(errors.is_empty(), "{errors:?}");
        check_totals(2, &t(200, 180), &t(150, 270), &[(100, 90)], &mut errors);
        assert_eq!(errors, ["interval 2: port p0's sent frames went back from 200 to 150"]);
        errors.clear();
        check_totals(3, &t(200, 180), &t(300, 260), &[(100, 90)], &mut errors);
        assert_eq!(
            errors,
            ["interval 3: port p0's received frames over every run grew by 80 while the interval counted 90"]
        );
    }
}
