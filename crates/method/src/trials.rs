//! Trials of a throughput search ([`riptide_search`]) run on the engine, through its
//! command API only ([`Drive`]): `riptide ndr` uses this measurer, and the daemon's
//! `trial` method runs one of its trials on the shared engine.
//!
//! A trial: start the loaded profile at the load (frames/s summed over the sending
//! ports, split evenly: [`StartOptions::total`]) for the trial duration, let it end, stop
//! (the engine drains in-flight frames for a bounded time, [`EngineConfig::drain`]), and
//! count. A preempted worker makes up what it missed (the catch-up window is the whole
//! trial) rather than skipping it. Only tagged streams whose rate follows the load count: sent minus received
//! distinct sequence numbers is lost, so frames that are not the test's own never count
//! as received. A trial that sent less than 99.9% of what the load asked for is a
//! *generator limit*: it is marked so, and its unsent frames count as lost (as
//! MLRsearch counts them), so the search never credits the DUT with a load the
//! generator did not offer.
//!
//! Every trial also says how smoothly its frames left ([`Pacing`]: the largest burst
//! beyond the schedule, the longest gap). A worker the host preempts makes up what it
//! missed back to back, and a DUT with a small buffer (a NIC ring, a policer's burst
//! allowance) drops that burst: the loss is the generator's, not the DUT's. A trial whose
//! burst passed the bound ([`PacingRule::max_burst`]) is repeated (up to
//! [`PacingRule::retries`] times, the repeated ones kept in [`EngineTrials::repeated`]);
//! if the last one breaks it too, it is marked `pacing_limited`: the search still counts
//! its loss (it never credits the DUT with a load it did not pass), and the report says
//! that a bound it decided is the generator's. [`PacingRule::realtime`] runs the workers
//! at real-time priority, which keeps departures on schedule on a busy host.
//!
//! A trial ends when the engine says the run finished (or was stopped by someone
//! else), when the caller's `interrupted` says so, or at twice its duration and a
//! minute more (a paused run): the last two give no result.
//!
//! [`EngineConfig::drain`]: riptide_engine::EngineConfig::drain
//! [`StartOptions::total`]: riptide_engine::StartOptions::total

use crate::Drive;
use riptide_core::{Nanos, Rate};
use riptide_engine::{
    Command, EngineError, Multiplier, Pacing, Response, RunState, Snapshot, StartOptions, StreamInfo,
};
use riptide_search::{Measurer, Trial};
use serde::Serialize;
use std::time::{Duration, Instant};

/// Sent below this share of the intended count: a generator limit.
pub const GENERATOR_LIMIT: f64 = 0.999;

/// What one trial measured, beyond the counts the search uses.
#[derive(Clone, Debug, Serialize)]
pub struct TrialRecord {
    /// The counts the search saw.
    #[serde(flatten)]
    pub trial: Trial,
    /// Frames lost (sent, never received) over the counted streams.
    pub lost: u64,
    /// Frames received more than once.
    pub duplicates: u64,
    /// Frames received out of order.
    pub out_of_order: u64,
    /// Achieved sending rate of the counted streams (frames/s over the trial).
    pub achieved_pps: f64,
    /// The generator sent less than 99.9% of the intended frames.
    pub generator_limited: bool,
    /// How smoothly the frames left: the worst of the sending ports (real-time ports).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pacing: Option<Pacing>,
    /// The burst beyond the schedule by the kernel's departure stamps, where the ports
    /// stamp their latency frames ([`riptide_engine::KernelPacing`]): the latest a
    /// stamped frame left after its schedule, at its port's sending rate (the frames that
    /// were due meanwhile and left behind it, back to back), the worst port's. What left,
    /// not what the worker intended: the pacing bound judges it where present.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kernel_burst: Option<u64>,
    /// The burst beyond the schedule passed the bound ([`PacingRule::max_burst`]) in this
    /// trial and every repetition of it: what it lost may be the generator's bursts.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub pacing_limited: bool,
}

impl TrialRecord {
    /// The burst the pacing bound judges: the kernel's where the ports stamp departures,
    /// else user space's; `None` without pacing figures.
    pub fn judged_burst(&self) -> Option<u64> {
        self.kernel_burst.or(self.pacing.map(|p| p.burst))
    }
}

/// Whether a method's workers run at real-time priority (`--realtime [auto|on|off]`; the
/// daemon's `realtime`: `"auto"`, `"on"`, `"off"`, or `true` / `false` for on / off).
///
/// `Auto`, the default, runs them so wherever this process may (root, `CAP_SYS_NICE`, or
/// an `RLIMIT_RTPRIO` of [`riptide_engine::REALTIME_PRIORITY`]): on a busy host only
/// real-time workers keep a trial's departures on schedule (docs/methodology.md, "On a
/// busy host"), and a trial that sends in bursts measures the generator, not the DUT.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Realtime {
    /// Real-time where permitted, else normal priority (said so).
    #[default]
    Auto,
    /// Real-time, or the method fails at its first trial.
    On,
    /// Normal priority.
    Off,
}

impl std::str::FromStr for Realtime {
    type Err = String;

    fn from_str(s: &str) -> Result<Realtime, String> {
        match s.trim() {
            "auto" => Ok(Realtime::Auto),
            "on" | "true" | "yes" => Ok(Realtime::On),
            "off" | "false" | "no" => Ok(Realtime::Off),
            other => Err(format!("'{other}': expected auto, on or off")),
        }
    }
}

impl<'de> serde::Deserialize<'de> for Realtime {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Realtime, D::Error> {
        #[derive(serde::Deserialize)]
        #[serde(untagged)]
        enum Either {
            Flag(bool),
            Word(String),
        }
        match Either::deserialize(d)? {
            Either::Flag(true) => Ok(Realtime::On),
            Either::Flag(false) => Ok(Realtime::Off),
            Either::Word(w) => w.parse().map_err(serde::de::Error::custom),
        }
    }
}

/// What a method's workers run with, and the line that says so (every method's output
/// heads with it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Workers {
    /// At real-time priority.
    pub realtime: bool,
    /// What they run with and, at normal priority, what that risks and how to change it.
    pub note: String,
}

impl From<bool> for Realtime {
    fn from(on: bool) -> Realtime {
        if on {
            Realtime::On
        } else {
            Realtime::Off
        }
    }
}

impl Realtime {
    /// Decides: `Auto` tries real-time priority on a thread of its own.
    pub fn resolve(self) -> Workers {
        let on = |why: &str| Workers {
            realtime: true,
            note: format!("workers: real-time priority (SCHED_FIFO {}{why})", riptide_engine::REALTIME_PRIORITY),
        };
        let risk = "on a busy host a preempted worker sends what it missed in bursts, which a DUT with a small \
                    buffer drops and the method would take for the DUT's loss";
        match self {
            Realtime::On => on(""),
            Realtime::Auto => match riptide_engine::affinity::realtime_permitted() {
                Ok(()) => on(", the default where permitted; --realtime off for normal priority"),
                Err(e) => Workers {
                    realtime: false,
                    note: format!(
                        "workers: normal priority: real-time priority is not permitted here ({e}): {risk}; to get it, \
                         run as root, give riptide CAP_SYS_NICE (setcap cap_sys_nice+ep) or raise the user's \
                         RLIMIT_RTPRIO to {} (limits.conf: rtprio)",
                        riptide_engine::REALTIME_PRIORITY
                    ),
                },
            },
            Realtime::Off => {
                Workers { realtime: false, note: format!("workers: normal priority (--realtime off): {risk}") }
            }
        }
    }

    /// [`Realtime::resolve`] for a run on `ports`: on ports of virtual time (`link:`
    /// without `realtime`, pcap) the workers' priority does not matter (the engine runs
    /// them at normal priority), and the note says so.
    pub fn resolve_for(self, ports: &riptide_engine::EngineConfig) -> Workers {
        let opts = ports.port_options();
        let virtual_time = !ports.ports.is_empty()
            && ports.ports.iter().all(|p| p.caps(&opts).timing == riptide_port::Timing::Virtual);
        if virtual_time && self != Realtime::On {
            return Workers {
                realtime: false,
                note: "workers: on the ports' virtual time (no real-time priority needed)".into(),
            };
        }
        self.resolve()
    }

    /// Whether the workers run at real-time priority ([`Realtime::resolve`]'s answer).
    pub fn enabled(self) -> bool {
        self.resolve().realtime
    }

    /// `On` or `Off`, as [`Realtime::resolve`] decides (a method decides once, at its
    /// start, for all its trials).
    pub fn decided(self) -> Realtime {
        if self.enabled() {
            Realtime::On
        } else {
            Realtime::Off
        }
    }
}

/// How trials hold their pacing: real-time workers, the burst bound, the repetitions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PacingRule {
    /// Run the workers at real-time priority ([`StartOptions::realtime`]).
    pub realtime: bool,
    /// The most frames a trial may send beyond its schedule ([`Pacing::burst`]) and be
    /// trusted; `None`: every trial is.
    pub max_burst: Option<u64>,
    /// How many times a trial past the bound is repeated before it is marked.
    pub retries: u32,
    /// Where latency's departure times come from ([`StartOptions::timestamps`]).
    pub timestamps: riptide_engine::Timestamps,
}

impl PacingRule {
    /// Whether `record`'s pacing passed the bound: its burst by the kernel's departure
    /// stamps where the ports have them ([`TrialRecord::kernel_burst`]), else user
    /// space's.
    pub fn broken(&self, record: &TrialRecord) -> bool {
        match (self.max_burst, record.judged_burst()) {
            (Some(max), Some(burst)) => burst > max,
            _ => false,
        }
    }
}

/// Why a trial could not run.
#[derive(Debug, thiserror::Error)]
pub enum TrialError {
    /// The engine refused or failed.
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// The profile has no stream the search can count.
    #[error("{0}")]
    NotCountable(String),
    /// Stopped before it ended: by the user (a signal), by another client, or at the
    /// time limit.
    #[error("stopped before it ended (stop, a signal, or the time limit): no result")]
    Interrupted,
}

/// Runs trials on a loaded engine.
pub struct EngineTrials<'a, D: Drive> {
    engine: D,
    cores: usize,
    /// Worker `k` pinned on core `pin[k]`; empty: placed by the kernel.
    pin: Vec<usize>,
    interrupted: &'a dyn Fn() -> bool,
    pacing: PacingRule,
    /// Every trial so far, in order.
    pub log: Vec<TrialRecord>,
    /// Trials repeated because their pacing passed the bound (the search never saw them).
    pub repeated: Vec<TrialRecord>,
}

impl<'a, D: Drive> EngineTrials<'a, D> {
    /// Trials on `engine` with `cores` workers (pinned as `pin` lists, when it does),
    /// whose profile must be loaded and have at least one tagged stream that follows the
    /// multiplier; `interrupted` is polled while a trial runs.
    pub fn new(
        mut engine: D,
        cores: usize,
        pin: Vec<usize>,
        interrupted: &'a dyn Fn() -> bool,
    ) -> Result<Self, TrialError> {
        countable(&describe(&mut engine)?)?;
        Ok(EngineTrials {
            engine,
            cores,
            pin,
            interrupted,
            pacing: PacingRule::default(),
            log: vec![],
            repeated: vec![],
        })
    }

    /// The engine the trials run on (between trials).
    pub fn engine(&mut self) -> &mut D {
        &mut self.engine
    }

    /// These trials hold their pacing by `rule`.
    pub fn with_pacing(mut self, rule: PacingRule) -> Self {
        self.pacing = rule;
        self
    }
}

/// Checks that a profile's streams can be counted: at least one tagged stream whose
/// rate follows the load.
pub fn countable(streams: &[StreamInfo]) -> Result<(), TrialError> {
    if !streams.iter().any(|s| s.enabled && s.scaled && s.tagged) {
        let names: Vec<&str> = streams.iter().filter(|s| s.enabled).map(|s| s.name.as_str()).collect();
        return Err(TrialError::NotCountable(format!(
            "no stream of the profile is tagged (flow_stats or latency) with a rate that follows the load \
             (streams: {}): the search counts loss per tagged stream",
            names.join(", ")
        )));
    }
    Ok(())
}

/// How a trial starts the loaded profile: `load` frames/s summed over the sending ports
/// for `duration` s on `cores` workers (pinned on the cores `pin` lists, when it does; at
/// real-time priority, when `realtime`).
pub fn start_options(duration: f64, load: f64, cores: usize, pin: &[usize], rule: &PacingRule) -> StartOptions {
    StartOptions {
        realtime: rule.realtime,
        timestamps: rule.timestamps,
        duration: Some(Nanos::from_secs_f64(duration)),
        multiplier: Multiplier::Total(Rate::Pps(load)),
        total: true,
        cores,
        pin: pin.to_vec(),
        // A worker the host preempts makes up what it missed instead of skipping
        // it: a trial sends the count its load asks for unless the generator really
        // cannot (then the trial is a generator limit, [`count`]).
        catch_up: Some(Nanos::from_secs_f64(duration)),
        ..Default::default()
    }
}

/// Counts a finished trial from its final snapshot: `scaled[id]` says whether stream
/// `id`'s rate follows the load (only those count); `wall` is the trial's wall time (s).
pub fn count(s: &Snapshot, scaled: &[bool], duration: f64, load: f64, wall: f64) -> TrialRecord {
    let (mut intended, mut offered, mut lost, mut dups, mut ooo) = (0.0f64, 0u64, 0u64, 0u64, 0u64);
    for st in &s.streams {
        let (Some(rx), true) = (st.rx.as_ref(), scaled.get(st.id as usize).copied().unwrap_or(false)) else { continue };
        intended += st.requested_pps * duration;
        offered += st.opackets;
        lost += rx.lost;
        dups += rx.duplicates;
        ooo += rx.out_of_order;
    }
    let intended_count = intended.floor() as u64;
    let generator_limited = (offered as f64) < intended * GENERATOR_LIMIT;
    let trial = Trial {
        intended_load: load,
        intended_duration: duration,
        // Within 0.1%, the generator offered the load: what it sent is the count.
        intended_count: if generator_limited { intended_count } else { offered },
        offered_count: offered,
        forwarded_count: offered - lost.min(offered),
        // What the trial cost: on real ports its wall time (start, the trial, the
        // drain); on virtual time, where a trial takes less wall time than it lasts,
        // its duration.
        duration_with_overheads: wall.max(duration),
    };
    TrialRecord {
        trial,
        lost,
        duplicates: dups,
        out_of_order: ooo,
        achieved_pps: offered as f64 / duration,
        generator_limited,
        pacing: worst_pacing(s),
        kernel_burst: kernel_burst(s, duration),
        pacing_limited: false,
    }
}

/// [`TrialRecord::kernel_burst`] of a trial of `duration` s: per port with kernel pacing
/// figures, its latest stamped departure's lateness times its sending rate (rounded up);
/// the worst port's.
pub(crate) fn kernel_burst(s: &Snapshot, duration: f64) -> Option<u64> {
    s.ports
        .iter()
        .filter(|p| p.opackets > 0 && duration > 0.0)
        .filter_map(|p| {
            let k = p.pacing?.kernel.filter(|k| k.frames > 0)?;
            let pps = p.opackets as f64 / duration;
            Some((k.late_ns as f64 * pps / 1e9).ceil() as u64)
        })
        .max()
}

/// The worst pacing of the ports that sent: the largest burst, gap and lateness.
pub(crate) fn worst_pacing(s: &Snapshot) -> Option<Pacing> {
    s.ports.iter().filter(|p| p.opackets > 0).filter_map(|p| p.pacing).reduce(Pacing::worst)
}

/// The loaded profile's streams.
pub fn describe(engine: &mut impl Drive) -> Result<Vec<StreamInfo>, EngineError> {
    match engine.handle(Command::Describe)? {
        Response::Streams(s) => Ok(s),
        _ => Err(EngineError::Worker("describe answered no streams".into())),
    }
}

/// A latency trial ([`EngineTrials::latency`]): the trial's counts and the latency
/// streams' figures, histograms included.
#[derive(Clone, Debug, Serialize)]
pub struct LatencyTrial {
    /// The counts of the streams that follow the load (all zero at load 0).
    #[serde(flatten)]
    pub record: TrialRecord,
    /// Each latency stream's figures (ns); `hdr` holds its whole histogram.
    pub latency: Vec<riptide_engine::LatencyStats>,
    /// When the trial started (ns since the epoch), for HdrHistogram logs.
    pub start_unix_ns: u64,
    /// Each port's frames sent and received in the trial (all streams), by port index.
    #[serde(skip)]
    pub ports: Vec<(u64, u64)>,
}

impl<D: Drive> EngineTrials<'_, D> {
    /// Runs one trial and returns its record and the final snapshot.
    fn run(&mut self, duration: f64, load: f64) -> Result<(TrialRecord, Snapshot), TrialError> {
        let t0 = Instant::now();
        let opts = start_options(duration, load, self.cores, &self.pin, &self.pacing);
        self.engine.handle(Command::Start(opts))?;
        // Bounded: a trial that does not end by itself (a paused run) is stopped.
        let limit = Duration::from_secs_f64(duration * 2.0 + 60.0);
        let mut interrupted = false;
        while matches!(self.engine.handle(Command::State)?, Response::State(RunState::Running | RunState::Paused)) {
            if (self.interrupted)() || t0.elapsed() >= limit {
                interrupted = true;
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let Response::Stats(s) = self.engine.handle(Command::Stop)? else {
            return Err(EngineError::Worker("stop answered no stats".into()).into());
        };
        if interrupted || s.interrupted {
            return Err(TrialError::Interrupted);
        }
        let wall = t0.elapsed().as_secs_f64();
        // Streams whose rate follows the load: only those have a known intended count.
        let scaled: Vec<bool> = describe(&mut self.engine)?.into_iter().map(|d| d.scaled).collect();
        let record = count(&s, &scaled, duration, load, wall);
        Ok((record, *s))
    }

    /// A latency trial at `load` frames/s for `duration` s: the loaded profile must have
    /// latency streams (fixed-rate probes, `LoadProfile::latency_pps`). At load 0 only
    /// the probes send (CSIT's "0% of PDR": latency with no load). Not logged as a
    /// search trial.
    pub fn latency(&mut self, duration: f64, load: f64) -> Result<LatencyTrial, TrialError> {
        let (record, s) = self.run(duration, load)?;
        let ports = s.ports.iter().map(|p| (p.opackets, p.ipackets)).collect();
        Ok(LatencyTrial { record, latency: s.latency, start_unix_ns: s.start_unix_ns, ports })
    }

    /// Runs one search trial and returns all it measured (logged as [`measure`]'s are).
    ///
    /// [`measure`]: Measurer::measure
    pub fn trial(&mut self, duration: f64, load: f64) -> Result<TrialRecord, TrialError> {
        let mut tries = 0;
        let record = loop {
            let (mut record, _) = self.run(duration, load)?;
            if !self.pacing.broken(&record) {
                break record;
            }
            if tries == self.pacing.retries {
                record.pacing_limited = true;
                break record;
            }
            tries += 1;
            self.repeated.push(record);
        };
        self.log.push(record.clone());
        Ok(record)
    }
}

impl<D: Drive> Measurer for EngineTrials<'_, D> {
    type Error = TrialError;

    fn measure(&mut self, duration: f64, load: f64) -> Result<Trial, TrialError> {
        self.trial(duration, load).map(|r| r.trial)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A snapshot of two sending ports, their pacing as given.
    fn snapshot(pacing: [serde_json::Value; 2]) -> Snapshot {
        let port = |i: usize, p: &serde_json::Value| {
            serde_json::json!({"index": i, "name": format!("p{i}"), "driver": "afpacket", "opackets": 1_000_000 * (i as u64 + 1),
                "obytes": 0, "oerrors": 0, "tx_pps": 0.0, "tx_bps_l1": 0.0, "tx_bps_l2": 0.0, "line_rate_bps": 1e10,
                "ipackets": 0, "ibytes": 0, "ierrors": 0, "rx_pps": 0.0, "pacing": p})
        };
        serde_json::from_value(serde_json::json!({"state": "finished", "duration_s": 1.0, "simulated": false,
            "clock": "tsc", "multiplier": "1", "ports": [port(0, &pacing[0]), port(1, &pacing[1])], "streams": [],
            "workers": [], "late_resets": 0, "start_unix_ns": 0, "start_lag_ns": 0}))
        .unwrap()
    }

    fn record(s: &Snapshot) -> TrialRecord {
        TrialRecord { pacing: worst_pacing(s), kernel_burst: kernel_burst(s, 1.0), ..count(s, &[], 1.0, 1e6, 1.0) }
    }

    /// Issue 54's fourth point: where the ports stamp departures, the pacing bound judges
    /// the burst by the kernel's stamps (the latest stamped frame's lateness at its port's
    /// rate, the worst port's), not user space's; without stamps, user space's.
    #[test]
    fn the_pacing_bound_judges_the_kernels_burst_where_the_ports_stamp() {
        let rule = PacingRule { max_burst: Some(100), ..PacingRule::default() };
        // User space saw 20 frames beyond the schedule; the kernel saw port 1 (2 Mpps) leave a
        // stamped frame 80 us late: 160 frames went out behind it.
        let user = serde_json::json!({"burst": 20, "gap_ns": 0, "late_ns": 10_000});
        let kernel = serde_json::json!({"burst": 20, "gap_ns": 0, "late_ns": 10_000,
            "kernel": {"late_ns": 80_000, "gap_ns": 0, "frames": 100}});
        let quiet = serde_json::json!({"burst": 20, "gap_ns": 0, "late_ns": 10_000,
            "kernel": {"late_ns": 5_000, "gap_ns": 0, "frames": 100}});
        let r = record(&snapshot([user.clone(), kernel]));
        assert_eq!(r.kernel_burst, Some(160));
        assert_eq!(r.judged_burst(), Some(160));
        assert!(rule.broken(&r));
        let r = record(&snapshot([user.clone(), user.clone()]));
        assert_eq!((r.kernel_burst, r.judged_burst()), (None, Some(20)));
        assert!(!rule.broken(&r));
        // 5 us late on port 0 (1 Mpps) and 1 (2 Mpps): 5 and 10 frames; the worst port's.
        let r = record(&snapshot([quiet.clone(), quiet]));
        assert_eq!(r.kernel_burst, Some(10));
        assert!(!PacingRule { max_burst: Some(9), ..rule }.broken(&TrialRecord { kernel_burst: Some(9), ..r.clone() }));
        assert!(PacingRule { max_burst: Some(9), ..rule }.broken(&r));
        // A port that stamped nothing gives no kernel figure.
        let none = serde_json::json!({"burst": 500, "gap_ns": 0, "late_ns": 0, "kernel": {"late_ns": 0, "gap_ns": 0, "frames": 0}});
        let r = record(&snapshot([none.clone(), none]));
        assert_eq!((r.kernel_burst, r.judged_burst()), (None, Some(500)));
    }
}
