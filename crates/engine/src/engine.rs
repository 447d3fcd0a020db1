//! The engine: loads a profile, runs it on worker threads, answers commands.

use crate::clock::Clock;
use crate::command::PortOp;
use crate::command::{Command, Multiplier, ProfileFormat, Response, Segment, StartOptions};
use crate::kind::Control;
use crate::kind::RunKind;
use crate::stateless::LaneControl;
use crate::stateless::{Handed, Stateless};
use crate::stats::{KindCounters, Lane, PortStats, RunState, Snapshot, WorkerCounters, WorkerStats};
use crate::stf::{self, Stateful, StfStart, StfStats};
use crate::worker::{lock, unix_now_ns, Budget, Exit, Plan, Shared, Worker};
use riptide_core::units::{FCS_LEN, L1_OVERHEAD, MAX_DURATION};
use riptide_core::{BitsPerSec, Nanos, Rate};
use riptide_port::config::PortMacs;
use riptide_port::{PortCaps, PortError, PortGroup, PortOptions, PortSpec, Timing};
use riptide_stf::gen::{FlowGen, GenOptions};
use riptide_stl::compile::{share_of, CompiledProfile, CompiledStream};
use riptide_stl::set::StreamSet;
use riptide_timer::SchedulerKind;
use std::sync::Arc;
use std::thread::JoinHandle;

/// Most worker threads a run may ask for.
pub const MAX_CORES: usize = 256;

/// A worker count as the engine takes it: 1 to [`MAX_CORES`]; the error says the range
/// (a front end puts its option's name before it).
pub fn cores(n: u64) -> Result<usize, String> {
    match usize::try_from(n) {
        Ok(c) if (1..=MAX_CORES).contains(&c) => Ok(c),
        _ => Err(format!("must be within 1..={MAX_CORES}")),
    }
}

/// Refuses a run whose streams ask more of a port than its line rate (TRex refuses
/// above 100% too): `-m 200%` on a 10g port would claim 20 Gb/s.
fn check_line_rates(profile: &CompiledProfile, factors: &[f64], lines: &[BitsPerSec]) -> Result<(), EngineError> {
    for (port, (&f, &line)) in factors.iter().zip(lines).enumerate() {
        let streams: Vec<&CompiledStream> =
            profile.streams.iter().filter(|s| s.enabled && s.port as usize == port).collect();
        let l1 = peak_rate(&streams, |s| s.requested_bps(if s.fixed_rate { 1.0 } else { f }, line).0);
        // A hair of slack for rounding in the rate conversions.
        if l1 > line.0 * 1.000_001 {
            return Err(EngineError::Config(format!(
                "port {port}: the streams ask for {:.2} Gb/s (L1), {:.0}% of its {:.2} Gb/s line rate: lower -m, or \
                 give --force to send above line rate (a software port may)",
                l1 / 1e9,
                100.0 * l1 / line.0,
                line.0 / 1e9
            )));
        }
    }
    Ok(())
}

/// The most `rate` the streams can ask for at once. A stream of a chain (`next`) starts
/// when the one before it ends, so a chain sends with as many streams at a time as it
/// has streams starting with the run: TRex's `push_pcap` makes one single-packet stream
/// per captured packet, each at the capture's rate, only one of them sending at a time.
fn peak_rate(streams: &[&CompiledStream], rate: impl Fn(&CompiledStream) -> f64) -> f64 {
    // Chains are the connected parts of the `next` links (each stream its own at first).
    let mut part: Vec<usize> = (0..streams.len()).collect();
    fn root(part: &mut [usize], mut i: usize) -> usize {
        while part[i] != i {
            part[i] = part[part[i]];
            i = part[i];
        }
        i
    }
    let at: std::collections::HashMap<u32, usize> = streams.iter().enumerate().map(|(i, s)| (s.index, i)).collect();
    for (i, s) in streams.iter().enumerate() {
        if let Some(&j) = s.next.and_then(|n| at.get(&n)) {
            let (a, b) = (root(&mut part, i), root(&mut part, j));
            part[a] = b;
        }
    }
    let mut chains: std::collections::HashMap<usize, (usize, Vec<f64>)> = std::collections::HashMap::new();
    for (i, s) in streams.iter().enumerate() {
        let e = chains.entry(root(&mut part, i)).or_default();
        e.0 += usize::from(s.self_start);
        e.1.push(rate(s));
    }
    chains
        .into_values()
        .map(|(starts, mut rates)| {
            rates.sort_by(|a, b| b.total_cmp(a));
            rates.iter().take(starts).sum::<f64>()
        })
        .sum()
}

/// The limits every run shares: cores (and where they are pinned), a packet count and a
/// duration above zero.
fn check_bounds(cores: usize, pin: &[usize], count: Option<u64>, duration: Option<Nanos>) -> Result<(), EngineError> {
    if let Err(e) = self::cores(cores as u64) {
        return Err(EngineError::Config(format!("cores {e}, got {cores}")));
    }
    crate::affinity::check(cores, pin).map_err(EngineError::Config)?;
    if count == Some(0) {
        return Err(EngineError::Config("count must be at least 1".into()));
    }
    if duration == Some(Nanos::ZERO) {
        return Err(EngineError::Config("duration must be above zero".into()));
    }
    if duration.is_some_and(|d| d > MAX_DURATION) {
        return Err(EngineError::Config("duration must be at most 365 days".into()));
    }
    Ok(())
}

/// Parses and compiles a riptide profile (YAML or JSON) without loading it: a front end
/// checks streams as they arrive (TRex's `add_stream`) and refuses them there, not at
/// the start.
pub fn check_profile(text: &str, source: &str) -> Result<(), EngineError> {
    let profile = riptide_stl::profile::parse(text, source)?;
    riptide_stl::profile::compile(&profile, source)?;
    Ok(())
}

/// The options a per-port start (with `ports`) takes: no packet count (a port's streams
/// end by their own counts, or by the duration) and workers shared by every port.
fn check_lane_options(opts: &StartOptions) -> Result<(), EngineError> {
    if opts.count.is_some() {
        return Err(EngineError::Config(
            "a start of some ports takes no packet count (their streams' own counts and the duration end them)".into(),
        ));
    }
    if opts.core_mask != crate::CoreMask::Split {
        return Err(EngineError::Config("ports started one by one share the workers: core mask split".into()));
    }
    if opts.at_unix_ns.is_some() {
        return Err(EngineError::Config("a start of some ports begins now: no start time".into()));
    }
    Ok(())
}

/// The streams of `profile` that send on `ports`, numbered from `base` in their order
/// (their `next` links numbered with them), for a per-port run; each port must have an
/// enabled stream and be one of the engine's `n_ports`.
fn lane_streams(
    profile: &CompiledProfile,
    ports: &[u16],
    base: u32,
    n_ports: usize,
) -> Result<Vec<CompiledStream>, EngineError> {
    if ports.is_empty() {
        return Err(EngineError::Config("start of some ports: no port named".into()));
    }
    for (i, &p) in ports.iter().enumerate() {
        if usize::from(p) >= n_ports {
            return Err(EngineError::Config(format!("port {p}: only {n_ports} port(s) are given (--port)")));
        }
        if ports[..i].contains(&p) {
            return Err(EngineError::Config(format!("port {p} is named twice")));
        }
        if !profile.streams.iter().any(|s| s.enabled && s.port == p) {
            return Err(EngineError::Config(format!("port {p} has no enabled stream in the loaded profile")));
        }
    }
    let chosen: Vec<&CompiledStream> = profile.streams.iter().filter(|s| ports.contains(&s.port)).collect();
    let number = |old: u32| chosen.iter().position(|s| s.index == old).map(|i| base + i as u32);
    Ok(chosen
        .iter()
        .enumerate()
        .map(|(i, s)| CompiledStream { index: base + i as u32, next: s.next.and_then(number), ..(*s).clone() })
        .collect())
}

/// Each port's state from the engine's view of it (`lanes`: state and current start)
/// and the workers' (`done`: per worker, per port, the start it has nothing left of).
/// Port `i`'s pacing over the workers that measured it (none: no worker did).
fn pacing(counters: &[WorkerCounters], i: usize) -> Option<crate::stats::Pacing> {
    let mut got = counters.iter().filter_map(|c| c.pacing.get(i)).peekable();
    got.peek()?;
    let mut p = crate::stats::Pacing::default();
    got.for_each(|w| p.merge(w));
    Some(p)
}

fn lane_view(lanes: &[(Lane, u64)], done: &[Vec<u64>]) -> Vec<Lane> {
    lanes
        .iter()
        .enumerate()
        .map(|(p, &(lane, gen))| {
            let finished = !done.is_empty() && done.iter().all(|d| d.get(p) == Some(&gen));
            if lane == Lane::Active && finished {
                Lane::Done
            } else {
                lane
            }
        })
        .collect()
}

/// Waits until each worker of `run` has applied its message of epoch `sent[k]` (at most
/// a second; a worker that ended is not waited for): a port stopped has stopped, one
/// started shows in the next snapshot.
fn wait_applied(run: &Run, sent: &[u64]) {
    for ((sh, h), &e) in run.shared.iter().zip(&run.handles).zip(sent) {
        sh.wait_applied(e, std::time::Duration::from_secs(1), || h.is_finished());
    }
}

/// A port's state in words.
fn lane_name(lane: Lane) -> &'static str {
    match lane {
        Lane::Idle => "idle",
        Lane::Active => "transmitting",
        Lane::Paused => "paused",
        Lane::Done => "done",
    }
}

/// Why a command failed.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// No profile is loaded.
    #[error("no profile loaded")]
    NoProfile,
    /// The command does not fit the engine's state.
    #[error("cannot {command} while the engine is {state:?}")]
    State {
        /// The command.
        command: &'static str,
        /// The state.
        state: RunState,
    },
    /// The profile cannot be parsed or compiled.
    #[error(transparent)]
    Profile(#[from] riptide_stl::profile::ProfileError),
    /// The profile and the ports or options do not fit together.
    #[error("{0}")]
    Config(String),
    /// A file named in a command cannot be used (a stateful profile, its pcaps).
    #[error("{0}")]
    Input(String),
    /// A port failed.
    #[error(transparent)]
    Port(#[from] PortError),
    /// A worker thread could not be started or died.
    #[error("worker: {0}")]
    Worker(String),
}

/// Engine-wide settings fixed at creation.
#[derive(Clone, Debug)]
pub struct EngineConfig {
    /// Ports, by index.
    pub ports: Vec<PortSpec>,
    /// Line rate of ports that cannot tell their own (null, pcap), and of every port
    /// when `line_rate_fixed`.
    pub line_rate: BitsPerSec,
    /// `line_rate` holds for every port, also interfaces with a known link speed
    /// (`--line-rate`, `port_bandwidth_gb`).
    pub line_rate_fixed: bool,
    /// Slots per batch.
    pub batch: usize,
    /// Transmit ring entries per queue of interface ports (`tx_desc`; default: the
    /// backend's own).
    pub tx_ring: Option<usize>,
    /// Receive ring entries per queue of interface ports (`rx_desc`; default: the
    /// backend's own).
    pub rx_ring: Option<usize>,
    /// Use interfaces even when they carry the host's default route.
    pub force: bool,
    /// After the last packet, how long receive queues keep counting arrivals.
    pub drain: Nanos,
    /// (source, destination) MAC of each port, where known (a port configuration's
    /// `port_info`, the interfaces' own, gateways resolved by ARP): streams that leave
    /// their Ethernet addresses unset take these.
    pub macs: Vec<PortMacs>,
    /// Ports can be captured on demand ([`Command::Capture`], TRex's capture API): each
    /// port's queues are wrapped to offer their frames while a capture runs.
    pub captures: bool,
}

impl EngineConfig {
    /// The options every port of the engine opens with (per-run fields at their
    /// defaults).
    pub fn port_options(&self) -> PortOptions {
        PortOptions {
            line_rate: self.line_rate,
            line_rate_fixed: self.line_rate_fixed,
            batch: self.batch,
            tx_ring: self.tx_ring,
            rx_ring: self.rx_ring,
            force: self.force,
            ..PortOptions::default()
        }
    }
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            ports: vec![PortSpec::default()],
            line_rate: BitsPerSec(10e9),
            line_rate_fixed: false,
            batch: 64,
            tx_ring: None,
            rx_ring: None,
            force: false,
            drain: Nanos::from_millis(100),
            macs: Vec::new(),
            captures: false,
        }
    }
}

struct Run {
    handles: Vec<JoinHandle<Exit>>,
    shared: Vec<Arc<Shared>>,
    groups: Vec<PortGroup>,
    opts: StartOptions,
    simulated: bool,
    start_abs: Nanos,
    start_unix_ns: u64,
    paused: bool,
    baseline: Vec<WorkerCounters>,
    baseline_at: Nanos,
    kind: RunInfo,
    /// By port: where its latency streams' departure times come from, and why not the
    /// kernel's when it was asked for.
    tx_timestamps: Vec<(Option<String>, Option<String>)>,
}

impl Run {
    /// Whether the run was started port by port (its ports start and stop on their own).
    fn lanes(&self) -> bool {
        matches!(self.kind, RunInfo::Stateless { lanes: Some(_), .. })
    }
}

/// What a run of each kind keeps beside the common figures.
enum RunInfo {
    Stateless {
        /// The run's streams: the loaded profile's at the start, and in a per-port run
        /// every port's started since, numbered in the order they started.
        profile: CompiledProfile,
        /// Rate factor per port.
        factors: Vec<f64>,
        /// Per worker: frames of each tagged stream handed to the ports.
        handed: Vec<Handed>,
        /// Per port: how many workers send its streams (the core mask's split).
        port_workers: Vec<usize>,
        /// A per-port run (started with `ports`): each port's state and which start of
        /// it is the current one.
        lanes: Option<Vec<(Lane, u64)>>,
    },
    Stateful {
        scheduler: SchedulerKind,
    },
    Tcp {
        /// The factor the run started at (its clients were built with it).
        factor: f64,
        /// The share it opens of a run split between generators.
        split: Option<crate::tcp::TcpSplit>,
    },
}

/// How a run's packet count is split over its workers.
#[derive(Clone, Copy, Debug)]
enum BudgetSplit {
    /// Evenly, each worker its share (stateless streams split their packets evenly).
    PerCore(u64),
    /// One budget the workers draw from as they send.
    Shared(u64),
}

/// The threads of a run and what each shares with the engine.
struct Workers {
    handles: Vec<JoinHandle<Exit>>,
    shared: Vec<Arc<Shared>>,
}

/// Ports opened for a run: the groups and each port's queues (one per worker).
struct Opened {
    groups: Vec<PortGroup>,
    queues: Vec<Vec<Box<dyn riptide_port::Port>>>,
    /// Time zero on the engine clock and as Unix time.
    start_abs: Nanos,
    epoch_unix_ns: u64,
}

/// The engine, driven by [`Command`]s: one run at a time, stateless or stateful.
pub struct Engine {
    config: EngineConfig,
    clock: Clock,
    profile: Option<CompiledProfile>,
    run: Option<Run>,
    last: Option<Snapshot>,
    /// Counters of the runs (and cleared parts of runs) no snapshot holds any more.
    folded: crate::stats::Totals,
    /// The ports' captures (engines made with `captures`).
    monitor: Option<Arc<riptide_port::monitor::Monitor>>,
}

impl Engine {
    /// An engine on `config`'s ports (calibrates the clock: ~20 ms).
    pub fn new(config: EngineConfig) -> Self {
        let monitor = config.captures.then(riptide_port::monitor::Monitor::new);
        Engine {
            config,
            clock: Clock::calibrate(),
            profile: None,
            run: None,
            last: None,
            folded: Default::default(),
            monitor,
        }
    }

    /// The ports.
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// Forgets the loaded profile (the daemon's `remove_streams` of the last stream).
    fn unload(&mut self) -> Result<(), EngineError> {
        if let Some(run) = &self.run {
            return Err(EngineError::State { command: "unload the profile", state: self.state_of(run) });
        }
        self.profile = None;
        Ok(())
    }

    /// Parses a profile in `format`, applies the port configuration's MACs and the
    /// latency probes, compiles and loads it.
    fn load_text(
        &mut self,
        text: &str,
        source: &str,
        format: ProfileFormat,
        latency_pps: Option<f64>,
        frame_size: Option<riptide_stl::profile::values::SizeSpec>,
        bidirectional: bool,
    ) -> Result<(), EngineError> {
        let mut profile = match format {
            ProfileFormat::Yaml => riptide_stl::profile::parse(text, source)?,
            ProfileFormat::Pktgen => {
                let script = riptide_stl::pktgen::parse(text, source)?;
                let shared = self.config.ports.len() == 1;
                script.to_profile(source, |i| if shared { 0 } else { i.min(u16::MAX as usize) as u16 })?
            }
        };
        if bidirectional {
            riptide_stl::profile::add_reverse_streams(&mut profile, &self.config.macs)
                .map_err(|e| EngineError::Config(format!("{source}: {e}")))?;
        }
        riptide_stl::profile::fill_port_macs(&mut profile, &self.config.macs);
        if let Some(size) = frame_size {
            for s in &mut profile.streams {
                s.value.size = size.clone();
            }
        }
        if let Some(pps) = latency_pps {
            if !(pps.is_finite() && pps > 0.0 && pps <= 1e6) {
                return Err(EngineError::Config(format!(
                    "latency probes at {pps} pps: expected a rate above 0 and at most 1,000,000 pps"
                )));
            }
            let names = riptide_stl::profile::add_latency_probes(&mut profile, Rate::Pps(pps))
                .map_err(|e| EngineError::Config(format!("latency probes: {e}")))?;
            if names.is_empty() {
                return Err(EngineError::Config(
                    "latency probes: the profile sends on no port: there is nothing to probe".into(),
                ));
            }
        }
        let compiled = riptide_stl::profile::compile(&profile, source)?;
        self.load(compiled)
    }

    /// Loads a compiled profile (checks its ports exist).
    fn load(&mut self, profile: CompiledProfile) -> Result<(), EngineError> {
        if let Some(run) = &self.run {
            // A per-port run has its own streams: the next ports to start take theirs
            // from the profile loaded then.
            if !run.lanes() {
                return Err(EngineError::State { command: "load a profile", state: self.state_of(run) });
            }
        }
        for s in &profile.streams {
            if s.port as usize >= self.config.ports.len() {
                return Err(EngineError::Config(format!(
                    "stream '{}' sends on port {} but only {} port(s) are given (--port)",
                    s.name,
                    s.port,
                    self.config.ports.len()
                )));
            }
        }
        self.profile = Some(profile);
        Ok(())
    }

    /// Handles one command.
    pub fn handle(&mut self, cmd: Command) -> Result<Response, EngineError> {
        match cmd {
            Command::LoadProfile { text, source, format, latency_pps, frame_size, bidirectional } => {
                self.load_text(&text, &source, format, latency_pps, frame_size, bidirectional).map(|()| Response::Ok)
            }
            Command::Unload => self.unload().map(|()| Response::Ok),
            Command::State => Ok(Response::State(self.state())),
            Command::Start(opts) => {
                self.start(opts).map(|notes| if notes.is_empty() { Response::Ok } else { Response::Notes(notes) })
            }
            Command::StfStart(req) => self.start_stf(&req).map(Response::Notes),
            Command::TcpStart(req) => self.start_tcp(&req).map(|()| Response::Ok),
            Command::Stop => self.stop().map(|s| Response::Stats(Box::new(s))),
            Command::Pause => self.control("pause", Control::Pause, Some(true)),
            Command::Resume => self.control("resume", Control::Resume, Some(false)),
            Command::Update { multiplier } => self.update(multiplier).map(|()| Response::Ok),
            Command::Ports { ports, op } => self.ports_op(&ports, op).map(|()| Response::Ok),
            Command::Lanes => Ok(Response::Lanes(self.lane_states().unwrap_or_default())),
            Command::Capture(op) => self.capture(op).map(Response::Capture),
            Command::Snapshot => Ok(Response::Stats(Box::new(self.snapshot(false)))),
            Command::SnapshotWithHistograms => Ok(Response::Stats(Box::new(self.snapshot(true)))),
            Command::Totals => {
                let mut t = self.folded.clone();
                t.add(&self.snapshot(false));
                Ok(Response::Totals(Box::new(t)))
            }
            Command::Describe => {
                let profile = self.profile.as_ref().ok_or(EngineError::NoProfile)?;
                let line = self.config.line_rate;
                let streams = profile
                    .streams
                    .iter()
                    .map(|s| crate::command::StreamInfo {
                        name: s.name.clone(),
                        port: s.port,
                        enabled: s.enabled,
                        scaled: !s.fixed_rate,
                        tagged: s.tag.is_some(),
                        latency: s.tag.as_ref().is_some_and(|t| t.latency),
                        mean_frame: s.mean_size(),
                        requested_pps: s.requested_pps(1.0, line),
                    })
                    .collect();
                Ok(Response::Streams(streams))
            }
            Command::ClearStats => {
                if self.run.is_some() {
                    // What the cleared counters held stays in the totals.
                    let snap = self.snapshot(false);
                    self.folded.add(&snap);
                }
                let now = self.clock.now();
                if let Some(run) = &mut self.run {
                    run.baseline = run.shared.iter().map(|s| lock(&s.published).clone()).collect();
                    run.baseline_at = now;
                    for s in &run.shared {
                        s.send(Control::ClearRx);
                    }
                }
                Ok(Response::Ok)
            }
        }
    }

    fn state_of(&self, run: &Run) -> RunState {
        if run.handles.iter().all(JoinHandle::is_finished) {
            RunState::Finished
        } else if run.paused {
            RunState::Paused
        } else {
            RunState::Running
        }
    }

    /// The engine's state.
    fn state(&self) -> RunState {
        match &self.run {
            Some(run) => self.state_of(run),
            None if self.last.is_some() => RunState::Stopped,
            None => RunState::Idle,
        }
    }

    fn control(&mut self, name: &'static str, c: Control, pause: Option<bool>) -> Result<Response, EngineError> {
        let state = self.state();
        let Some(run) = &mut self.run else {
            return Err(EngineError::State { command: name, state });
        };
        if matches!(run.kind, RunInfo::Stateful { .. } | RunInfo::Tcp { .. }) {
            // Flows have deadlines of their own (as in TRex's STF mode, which has no pause).
            return Err(EngineError::Config(format!("a stateful run cannot {name}: stop it instead")));
        }
        let sent: Vec<u64> = run.shared.iter().map(|s| s.send(c.clone())).collect();
        if let Some(p) = pause {
            run.paused = p;
        }
        // Acknowledged when applied: a paused run sends nothing more once this returns.
        wait_applied(run, &sent);
        Ok(Response::Ok)
    }

    /// Rate multiplier per port; `lines` are the ports' line rates. With `total`, a
    /// [`Multiplier::Total`] rate is split evenly between the ports that send scaled
    /// streams (TRex's `--total`) instead of applying to each.
    fn factors(
        &self,
        profile: &CompiledProfile,
        m: Multiplier,
        lines: &[BitsPerSec],
        total: bool,
    ) -> Result<Vec<f64>, EngineError> {
        let scaled =
            |port: usize| profile.streams.iter().any(|s| s.enabled && !s.fixed_rate && s.port as usize == port);
        let share = if total { (0..self.config.ports.len()).filter(|&p| scaled(p)).count().max(1) as f64 } else { 1.0 };
        let mut out = Vec::with_capacity(self.config.ports.len());
        for port in 0..self.config.ports.len() {
            let line = lines.get(port).copied().unwrap_or(self.config.line_rate);
            let f = match m {
                Multiplier::Factor(f) => f,
                Multiplier::Total(target) => {
                    // Fixed-rate streams (latency probes) are not scaled, so not counted.
                    let streams =
                        profile.streams.iter().filter(|s| s.enabled && !s.fixed_rate && s.port as usize == port);
                    let (mut pps, mut l1, mut l2) = (0.0, 0.0, 0.0);
                    for s in streams {
                        let p = s.requested_pps(1.0, line);
                        let (b1, b2) = s.requested_bps(1.0, line);
                        pps += p;
                        l1 += b1;
                        l2 += b2;
                    }
                    let (want, have) = match target {
                        Rate::Pps(v) => (v, pps),
                        Rate::BpsL1(v) => (v, l1),
                        Rate::BpsL2(v) => (v, l2),
                        Rate::Percent(p) => (line.0 * p / 100.0, l1),
                    };
                    if have > 0.0 {
                        want / share / have
                    } else {
                        1.0
                    }
                }
            };
            out.push(f);
        }
        Ok(out)
    }

    fn start(&mut self, opts: StartOptions) -> Result<Vec<String>, EngineError> {
        if let Some(run) = &self.run {
            if opts.ports.is_some() && run.lanes() && self.state_of(run) != RunState::Finished {
                return self.join(&opts).map(|()| Vec::new());
            }
            return Err(EngineError::State { command: "start", state: self.state_of(run) });
        }
        let loaded = self.profile.as_ref().ok_or(EngineError::NoProfile)?;
        check_bounds(opts.cores, &opts.pin, opts.count, opts.duration)?;
        if opts.drain.is_some_and(|d| d > crate::MAX_DRAIN) {
            return Err(EngineError::Config(format!("drain must be at most {} s", crate::MAX_DRAIN.as_secs_f64())));
        }
        let segment = match opts.segment {
            None => None,
            Some(_) if opts.ports.is_some() => {
                return Err(EngineError::Config(
                    "a segment is a share of the whole profile: it cannot start ports alone".into(),
                ))
            }
            Some(seg) => Some(seg.check().map_err(EngineError::Config)?),
        };
        // A segment sends its share of the count, as of every stream's packets.
        let count = match (segment, opts.count) {
            (Some(seg), Some(n)) => {
                let mine = riptide_stl::compile::share_of(n, seg.index as usize, seg.count as usize);
                if mine == 0 {
                    return Err(EngineError::Config(format!(
                        "count {n} split into {} segments leaves segment {seg} nothing to send",
                        seg.count
                    )));
                }
                Some(mine)
            }
            (_, n) => n,
        };
        let run_profile = match &opts.ports {
            None => loaded.clone(),
            Some(ports) => {
                check_lane_options(&opts)?;
                CompiledProfile { streams: lane_streams(loaded, ports, 0, self.config.ports.len())? }
            }
        };
        let lanes = opts.ports.as_ref().map(|started| {
            (0..self.config.ports.len())
                .map(|p| if started.contains(&(p as u16)) { (Lane::Active, 1) } else { (Lane::Idle, 0) })
                .collect::<Vec<_>>()
        });
        let profile = &run_profile;
        let cores = opts.cores;
        let port_opts = self.config.port_options();
        let caps: Vec<PortCaps> = self.config.ports.iter().map(|p| p.caps(&port_opts)).collect();
        // A port that does not care about time (null) is paced in real time here.
        let simulated = caps.iter().all(|c| c.timing == Timing::Virtual);
        if !simulated && caps.iter().any(PortCaps::simulated) {
            return Err(EngineError::Config("simulated (pcap) and real-time ports cannot be mixed in one run".into()));
        }
        let enabled: Vec<_> = profile.streams.iter().filter(|s| s.enabled).collect();
        if enabled.is_empty() {
            return Err(EngineError::Config("the profile has no enabled stream".into()));
        }
        let unbounded = enabled.iter().any(|s| {
            matches!(
                s.mode,
                riptide_stl::stream::Mode::Continuous | riptide_stl::stream::Mode::MultiBurst { bursts: 0, .. }
            )
        });
        if simulated && unbounded && opts.duration.is_none() && opts.count.is_none() {
            return Err(EngineError::Config(
                "a simulated (pcap) port with continuous streams needs --duration or --count".into(),
            ));
        }
        let max_frame = enabled.iter().map(|s| s.sizes.max_size() as usize - FCS_LEN).max().unwrap_or(60);
        let mut notes = if simulated { self.pcap_estimate(profile, &opts, &caps)? } else { Vec::new() };
        if let Some(n) = oversubscribed(cores, simulated) {
            notes.push(n);
        }
        let mut opened = self.open_ports(cores, max_frame, opts.at_unix_ns, !simulated)?;
        // % rates and L1 figures use each port's own line rate (its link speed unless
        // fixed by the configuration).
        let lines: Vec<BitsPerSec> = opened.groups.iter().map(|g| g.info.caps.line_rate).collect();
        let factors = self.factors(profile, opts.multiplier, &lines, opts.total)?;
        if factors.iter().all(|&f| f <= 0.0) && !enabled.iter().any(|s| s.fixed_rate) {
            return Err(EngineError::Config("a load of 0 leaves nothing to send (no fixed-rate stream)".into()));
        }
        // A simulated port has no wire to overrun: its line rate is only the unit of `%`.
        if !simulated && !opts.unpaced && !self.config.force {
            // A segment's ports carry its share of the rates.
            let share = segment.map_or(1.0, Segment::fraction);
            let mine: Vec<f64> = factors.iter().map(|f| f * share).collect();
            check_line_rates(profile, &mine, &lines)?;
        }
        // The ports with something to send; at a load of 0 (a latency trial with no load)
        // only the fixed-rate streams send.
        let sends = |s: &riptide_stl::compile::CompiledStream| s.fixed_rate || factors[s.port as usize] > 0.0;
        let mut sending: Vec<usize> = enabled.iter().filter(|s| sends(s)).map(|s| s.port as usize).collect();
        sending.sort_unstable();
        sending.dedup();
        if opts.core_mask == crate::CoreMask::Pin && cores < sending.len() {
            return Err(EngineError::Config(format!(
                "core mask pin divides the workers between the {} sending ports: it needs at least {} cores, got {cores}",
                sending.len(),
                sending.len()
            )));
        }
        let port_workers: Vec<usize> = (0..lines.len())
            .map(|p| (0..cores).filter(|&k| opts.core_mask.share(k, cores, p, &sending).is_some()).count())
            .collect();
        let n_streams = profile.streams.len();
        let mut rx_table = riptide_measure::Classifier::default();
        for s in &enabled {
            if let Some(t) = &s.tag {
                rx_table.register(t.id, t.latency);
                if let Some(flows) = s.fields.flows().filter(|_| t.latency) {
                    rx_table.register_flows(t.id, flows);
                }
                if let Some(map) = &t.vlans {
                    rx_table.register_vlans(t.id, map.clone());
                }
            }
        }
        // Issue 54: the latency streams' departures from the ports' stamps, where they
        // take them.
        let latency_on =
            |p: usize| enabled.iter().any(|s| s.port as usize == p && s.tag.as_ref().is_some_and(|t| t.latency));
        let mut tx_timestamps: Vec<(Option<String>, Option<String>)> = vec![(None, None); lines.len()];
        let mut stamped = Vec::new();
        for p in (0..lines.len()).filter(|&p| !simulated && latency_on(p)) {
            if opts.timestamps == crate::Timestamps::User {
                tx_timestamps[p].0 = Some("user".into());
                continue;
            }
            let mut got = Ok(riptide_port::TxStampSource::Kernel);
            for q in opened.queues.get_mut(p).into_iter().flatten() {
                got = q.enable_tx_stamps(riptide_measure::departure_cookie);
                if got.is_err() {
                    break;
                }
            }
            match got {
                Ok(src) => {
                    tx_timestamps[p].0 = Some(src.name().into());
                    stamped.push(p);
                }
                Err(why) if opts.timestamps == crate::Timestamps::Kernel => {
                    let name = opened.groups.get(p).map(|g| g.info.name.clone()).unwrap_or_default();
                    return Err(EngineError::Config(format!("port {p} ({name}) has no departure stamps: {why}")));
                }
                Err(why) => tx_timestamps[p] = (Some("user".into()), Some(why)),
            }
        }
        let departures = (!stamped.is_empty()).then(|| {
            let ids = enabled
                .iter()
                .filter(|s| stamped.contains(&(s.port as usize)))
                .filter_map(|s| s.tag.as_ref().filter(|t| t.latency).map(|t| t.id));
            Arc::new(riptide_measure::Departures::new(ids))
        });
        if let Some(d) = &departures {
            rx_table.set_departures(d.clone());
        }
        let plan = Plan {
            epoch_unix_ns: opened.epoch_unix_ns,
            start_abs: opened.start_abs,
            // A per-port run's duration is each port's: the run lasts until stopped.
            end: if lanes.is_some() { None } else { opts.duration },
            budget: Budget::Unlimited,
            simulated,
            // Unpaced streams are never late: nothing to catch up.
            catch_up: if opts.unpaced { None } else { Some(opts.catch_up.unwrap_or(crate::DEFAULT_CATCH_UP)) },
            realtime: opts.realtime && !simulated,
            batch: self.config.batch,
            // Frames still in flight are counted after the last one left, on real ports
            // that receive.
            drain: if simulated || !caps.iter().any(PortCaps::receives) {
                Nanos::ZERO
            } else {
                opts.drain.unwrap_or(self.config.drain)
            },
        };
        let epoch = opened.epoch_unix_ns;
        let kinds: Vec<Stateless> = (0..cores)
            .map(|core| {
                let sets = (0..lines.len())
                    .map(|p| {
                        let shares = match opts.core_mask.share(core, cores, p, &sending) {
                            Some((index, count)) => {
                                let (i, n) = segment.map_or((index, count), |seg| seg.global(index, count));
                                enabled
                                    .iter()
                                    .filter(|s| s.port as usize == p && sends(s))
                                    .map(|s| s.share_among(i, n, (index, count), factors[p], lines[p], opts.unpaced))
                                    .collect()
                            }
                            None => Vec::new(),
                        };
                        let mut set = StreamSet::new(shares);
                        set.set_time_base(epoch);
                        set
                    })
                    .collect();
                let kind = Stateless::new(sets, rx_table.clone(), n_streams, epoch).with_departures(departures.clone());
                match &lanes {
                    None => kind,
                    Some(l) => {
                        let end = opts.duration.unwrap_or(Nanos::MAX);
                        let ends = l.iter().map(|&(s, _)| if s == Lane::Active { end } else { Nanos::MAX }).collect();
                        kind.with_lanes(ends, l.iter().map(|&(_, g)| g).collect())
                    }
                }
            })
            .collect();
        let handed = kinds.iter().map(Stateless::handed).collect();
        let workers = self.spawn(&mut opened, plan, count.map(BudgetSplit::PerCore), kinds, &opts.pin)?;
        let info = RunInfo::Stateless { profile: run_profile, factors, handed, port_workers, lanes };
        self.begin(opened, workers, opts, simulated, info);
        if let Some(run) = &mut self.run {
            run.tx_timestamps = tx_timestamps;
        }
        Ok(notes)
    }

    /// Starts `opts.ports` of the loaded profile in the running per-port run: their
    /// streams join the run's (numbered after them), each worker gets its share, and they
    /// start at once while the other ports go on.
    fn join(&mut self, opts: &StartOptions) -> Result<(), EngineError> {
        check_lane_options(opts)?;
        let Some(ports) = opts.ports.as_deref() else { return Ok(()) };
        let loaded = self.profile.as_ref().ok_or(EngineError::NoProfile)?;
        let n_ports = self.config.ports.len();
        let force = self.config.force;
        let now = self.lane_states().unwrap_or_default();
        let Some(run) = &self.run else { return Err(EngineError::State { command: "start", state: RunState::Idle }) };
        let RunInfo::Stateless { profile: run_profile, lanes: Some(_), .. } = &run.kind else {
            return Err(EngineError::State { command: "start", state: self.state_of(run) });
        };
        for &p in ports {
            if let Some(Lane::Active | Lane::Paused) = now.get(usize::from(p)) {
                return Err(EngineError::Config(format!("port {p} is transmitting: stop it first")));
            }
        }
        // At most this many streams a run numbers: a run restarted port by port for ever
        // is told to stop every port once (the counters of its stopped ports stay).
        const MAX_RUN_STREAMS: usize = 1 << 20;
        let base = run_profile.streams.len();
        let new = lane_streams(loaded, ports, base as u32, n_ports)?;
        if base + new.len() > MAX_RUN_STREAMS {
            return Err(EngineError::Config(format!(
                "this run has started {base} streams: stop every port to start afresh"
            )));
        }
        for s in &new {
            let Some(t) = &s.tag else { continue };
            if let Some(o) = run_profile.streams.iter().find(|o| o.tag.as_ref().is_some_and(|x| x.id == t.id)) {
                return Err(EngineError::Config(format!(
                    "stream '{}': tag id {} is already stream '{}''s (port {}) in this run: stop every port to reuse it",
                    s.name, t.id, o.name, o.port
                )));
            }
        }
        let lines: Vec<BitsPerSec> = run.groups.iter().map(|g| g.info.caps.line_rate).collect();
        let joined = CompiledProfile { streams: new };
        let factors = self.factors(&joined, opts.multiplier, &lines, opts.total)?;
        let unpaced = run.opts.unpaced;
        if !unpaced && !force {
            check_line_rates(&joined, &factors, &lines)?;
        }
        let cores = run.handles.len();
        let epoch = run.start_unix_ns;
        let sends = |s: &CompiledStream| s.enabled && (s.fixed_rate || factors[s.port as usize] > 0.0);
        let mut tags = Vec::new();
        for s in joined.streams.iter().filter(|s| sends(s)) {
            if let Some(t) = &s.tag {
                let flows = s.fields.flows().filter(|_| t.latency).unwrap_or(0);
                tags.push((t.id, t.latency, flows, t.vlans.clone()));
            }
        }
        let Some(run) = &mut self.run else { return Ok(()) };
        let RunInfo::Stateless { profile: run_profile, factors: run_factors, handed, lanes: Some(lanes), .. } =
            &mut run.kind
        else {
            return Ok(());
        };
        let total = base + joined.streams.len();
        let gen = ports.iter().map(|&p| lanes[usize::from(p)].1).max().unwrap_or(0) + 1;
        let mut sent = Vec::with_capacity(cores);
        for (core, (shared, handed)) in run.shared.iter().zip(handed.iter_mut()).enumerate() {
            let sets = ports
                .iter()
                .map(|&p| {
                    let p = usize::from(p);
                    let shares = joined
                        .streams
                        .iter()
                        .filter(|s| s.port as usize == p && sends(s))
                        .map(|s| s.share(core, cores, factors[p], lines[p], unpaced))
                        .collect();
                    let mut set = StreamSet::new(shares);
                    set.set_time_base(epoch);
                    (p, set)
                })
                .collect();
            // The frames handed so far, carried into the grown table (the worker writes
            // the old one until it takes the new).
            let grown: Handed = Arc::new(
                (0..total)
                    .map(|i| {
                        let n = handed.get(i).map_or(0, |a| a.load(std::sync::atomic::Ordering::Acquire));
                        std::sync::atomic::AtomicU64::new(n)
                    })
                    .collect(),
            );
            *handed = grown.clone();
            let c = LaneControl::Start {
                sets,
                duration: opts.duration,
                tags: tags.clone(),
                handed: grown,
                streams: total,
                gen,
            };
            sent.push(shared.send(Control::Lanes(Box::new(c))));
        }
        for &p in ports {
            let p = usize::from(p);
            lanes[p] = (Lane::Active, gen);
            run_factors[p] = factors[p];
        }
        run_profile.streams.extend(joined.streams);
        if let Some(run) = &self.run {
            wait_applied(run, &sent);
        }
        Ok(())
    }

    /// Stops, pauses, resumes or updates `ports` of a per-port run.
    fn ports_op(&mut self, ports: &[u16], op: PortOp) -> Result<(), EngineError> {
        let state = self.state();
        let n_ports = self.config.ports.len();
        let force = self.config.force;
        let lanes_now = self.lane_states();
        let Some(run) = &self.run else { return Err(EngineError::State { command: "control ports", state }) };
        let (RunInfo::Stateless { profile, .. }, Some(now)) = (&run.kind, lanes_now) else {
            return Err(EngineError::Config(
                "only a run started port by port (start with ports) controls ports alone".into(),
            ));
        };
        if ports.is_empty() {
            return Err(EngineError::Config("no port named".into()));
        }
        for &p in ports {
            let Some(&lane) = now.get(usize::from(p)) else {
                return Err(EngineError::Config(format!("port {p}: only {n_ports} port(s) are given (--port)")));
            };
            let fits = match op {
                PortOp::Stop => lane != Lane::Idle,
                PortOp::Pause => lane == Lane::Active,
                PortOp::Resume => lane == Lane::Paused,
                PortOp::Update { .. } => matches!(lane, Lane::Active | Lane::Paused),
            };
            if !fits {
                let what = match op {
                    PortOp::Stop => "stop",
                    PortOp::Pause => "pause",
                    PortOp::Resume => "resume",
                    PortOp::Update { .. } => "update",
                };
                return Err(EngineError::Config(format!("cannot {what} port {p}: it is {}", lane_name(lane))));
            }
        }
        let list: Vec<usize> = ports.iter().map(|&p| usize::from(p)).collect();
        let (control, to) = match op {
            PortOp::Stop => (LaneControl::Stop(list.clone()), Some(Lane::Idle)),
            PortOp::Pause => (LaneControl::Pause(list.clone()), Some(Lane::Paused)),
            PortOp::Resume => (LaneControl::Resume(list.clone()), Some(Lane::Active)),
            PortOp::Update { multiplier } => {
                let lines: Vec<BitsPerSec> = run.groups.iter().map(|g| g.info.caps.line_rate).collect();
                let factors = self.factors(profile, multiplier, &lines, run.opts.total)?;
                let mut checked = factors.clone();
                for (p, f) in checked.iter_mut().enumerate() {
                    if !list.contains(&p) {
                        *f = 0.0;
                    }
                }
                if !run.opts.unpaced && !force {
                    check_line_rates(profile, &checked, &lines)?;
                }
                let cores = run.handles.len();
                let rates: Vec<(usize, u32, f64)> = profile
                    .streams
                    .iter()
                    .filter(|s| s.enabled && list.contains(&(s.port as usize)))
                    .map(|s| {
                        (
                            s.port as usize,
                            s.index,
                            s.share_rate(cores, factors[s.port as usize], lines[s.port as usize]),
                        )
                    })
                    .collect();
                for sh in &run.shared {
                    sh.send(Control::Rates(rates.clone()));
                }
                if let Some(Run { kind: RunInfo::Stateless { factors: f, .. }, .. }) = &mut self.run {
                    for &p in &list {
                        f[p] = factors[p];
                    }
                }
                return Ok(());
            }
        };
        let sent: Vec<u64> = run.shared.iter().map(|sh| sh.send(Control::Lanes(Box::new(control.clone())))).collect();
        wait_applied(run, &sent);
        if let Some(Run { kind: RunInfo::Stateless { lanes: Some(l), .. }, .. }) = &mut self.run {
            for &p in &list {
                if let Some(to) = to {
                    l[p].0 = to;
                }
            }
        }
        Ok(())
    }

    /// Runs a capture command on the engine's monitor.
    fn capture(&mut self, op: crate::command::CaptureOp) -> Result<crate::command::CaptureAnswer, EngineError> {
        use crate::command::{CaptureAnswer as A, CaptureOp as O};
        let Some(m) = &self.monitor else {
            return Err(EngineError::Config("this engine captures nothing (made without captures)".into()));
        };
        let ports = self.config.ports.len();
        let cfg = EngineError::Config;
        match op {
            O::Start(spec) => {
                let id = m.start(spec, ports).map_err(cfg)?;
                let start_unix_ns = m.status().iter().find(|c| c.id == id).map_or(0, |c| c.start_unix_ns);
                Ok(A::Started { id, start_unix_ns })
            }
            O::Stop { id } => m.stop(id).map(|count| A::Stopped { count }).map_err(cfg),
            O::Fetch { id, max, max_bytes } => m
                .fetch(id, max, max_bytes)
                .map(|(frames, pending, start_unix_ns)| A::Frames { frames, pending, start_unix_ns })
                .map_err(cfg),
            O::Remove { id } => m.remove(id).map(|()| A::Removed).map_err(cfg),
            O::Status => Ok(A::Status(m.status())),
        }
    }

    /// Each port's state in a per-port run (`None` in other runs): a started port whose
    /// every worker has nothing left of its current start is done.
    fn lane_states(&self) -> Option<Vec<Lane>> {
        let run = self.run.as_ref()?;
        let RunInfo::Stateless { lanes: Some(lanes), .. } = &run.kind else { return None };
        let done: Vec<Vec<u64>> = run
            .shared
            .iter()
            .map(|s| match &lock(&s.published).kind {
                KindCounters::Stateless { lanes_done, .. } => lanes_done.clone(),
                _ => Vec::new(),
            })
            .collect();
        Some(lane_view(lanes, &done))
    }

    /// What the pcap files of a simulated run will take: refused when it is more than
    /// the disk has free, a note above 1 GiB (a pcap grows at the CPU's speed, ~1 GB/s).
    fn pcap_estimate(
        &self,
        profile: &CompiledProfile,
        opts: &StartOptions,
        caps: &[PortCaps],
    ) -> Result<Vec<String>, EngineError> {
        const NOTE_ABOVE: f64 = (1u64 << 30) as f64;
        let mut notes = Vec::new();
        for (port, spec) in self.config.ports.iter().enumerate() {
            let files = spec.files();
            if files.is_empty() {
                continue;
            }
            let line = caps.get(port).map_or(self.config.line_rate, |c| c.line_rate);
            let f = match opts.multiplier {
                Multiplier::Factor(f) => f,
                Multiplier::Total(_) => self
                    .factors(profile, opts.multiplier, &vec![line; self.config.ports.len()], opts.total)?
                    .get(port)
                    .copied()
                    .unwrap_or(1.0),
            };
            let streams = profile.streams.iter().filter(|s| s.enabled && s.port as usize == port);
            let (mut pps, mut mean) = (0.0, 0.0);
            for s in streams {
                let p = s.requested_pps(if s.fixed_rate { 1.0 } else { f }, line);
                mean += p * (s.sizes.mean_size() - FCS_LEN as f64 + 16.0);
                pps += p;
            }
            if pps <= 0.0 {
                continue;
            }
            let record = mean / pps;
            let packets = match (opts.count, opts.duration) {
                (Some(n), Some(d)) => (n as f64).min(pps * d.as_secs_f64()),
                (Some(n), None) => n as f64,
                (None, Some(d)) => pps * d.as_secs_f64(),
                (None, None) => continue,
            };
            let bytes = packets * record;
            for file in files {
                if let Some(free) = riptide_port::spec::free_bytes(file) {
                    if bytes > free as f64 {
                        return Err(EngineError::Config(format!(
                            "{}: this run would write about {:.1} GB there, more than the {:.1} GB free: shorten it \
                             (-d, -n) or write elsewhere",
                            file.display(),
                            bytes / 1e9,
                            free as f64 / 1e9
                        )));
                    }
                }
                if bytes > NOTE_ABOVE {
                    notes.push(format!(
                        "note: {} will hold about {:.1} GB ({:.0} frames): a pcap grows as fast as the CPU goes",
                        file.display(),
                        bytes / 1e9,
                        packets
                    ));
                }
            }
        }
        Ok(notes)
    }

    /// Starts a stateful run (TRex STF) of the cap2 profile `req.path` on the engine's
    /// ports; returns notes on the profile (keys read but unused).
    fn start_stf(&mut self, req: &StfStart) -> Result<Vec<String>, EngineError> {
        if let Some(run) = &self.run {
            return Err(EngineError::State { command: "start", state: self.state_of(run) });
        }
        let cfg = |m: String| EngineError::Config(m);
        if !(req.multiplier.is_finite() && req.multiplier > 0.0) {
            return Err(cfg(format!("multiplier {}: must be a positive factor", req.multiplier)));
        }
        check_bounds(req.cores, &req.pin, req.count, req.duration)?;
        let ports = &self.config.ports;
        if ports.is_empty() || ports.len() > 2 {
            return Err(cfg("a stateful run takes one or two ports (client side, server side)".into()));
        }
        let source = req.profile.name();
        let mut notes = Vec::new();
        let (profile, convs) = stf::load_profile(&req.profile, &mut notes).map_err(|e| EngineError::Input(e.0))?;
        let port_opts = self.config.port_options();
        // Ports that do not care about time (null) run on virtual time unless a real one is there.
        let real = ports.iter().any(|p| p.caps(&port_opts).timing == Timing::Real);
        if real {
            stf::check_interface_safety(&profile, &convs, &source).map_err(|e| EngineError::Input(e.0))?;
        }
        let duration_s = req.duration.map(Nanos::as_secs_f64);
        // As in TRex, the duration is the whole test's: flows start until then and the run
        // ends then, flows still going counted as active.
        let Some(test_length) = duration_s.or(profile.duration).map(Nanos::from_secs_f64) else {
            return Err(cfg("the profile has no duration: give a duration (-d)".into()));
        };
        let cores = req.cores;
        if let Some(seg) = req.segment {
            seg.check().map_err(EngineError::Config)?;
        }
        // A segment sends its share of the count, as it starts its share of the flows.
        let count = match (req.segment, req.count) {
            (Some(seg), Some(n)) => {
                let (i, m) = (u64::from(seg.index), u64::from(seg.count));
                let share = n / m + u64::from(i < n % m);
                if share == 0 {
                    return Err(cfg(format!("count {n} split into {m} segments leaves segment {seg} nothing to send")));
                }
                Some(share)
            }
            (_, n) => n,
        };
        let base = GenOptions {
            multiplier: req.multiplier,
            duration_s,
            scheduler: req.scheduler,
            active_flows: req.active_flows,
            seed: 1,
            shard: (0, 1),
        };
        // One generator per core (its shard of every template's flows), built before any port opens.
        let mut gens = Vec::with_capacity(cores);
        for k in 0..cores {
            let (g, n) = req.segment.map_or((k, cores), |s| s.tcp_share(k, cores));
            let shard = (u32::try_from(g), u32::try_from(n));
            let (Ok(g), Ok(n)) = shard else { return Err(cfg(format!("{n} shards: too many"))) };
            let o = GenOptions { shard: (g, n), ..base };
            gens.push(FlowGen::new(&profile, convs.clone(), o).map_err(|e| EngineError::Input(format!("tw: {e}")))?);
        }
        if gens.iter().all(|g| g.poll_timeout().is_none()) {
            return Err(EngineError::Input(format!("{source}: the profile starts no flow")));
        }
        // Room for the longest template packet, with a VLAN tag the profile may add.
        let longest = convs.iter().flat_map(|c| &c.packets).map(|p| p.data.len() + 4).max().unwrap_or(60);
        let mut opened = self.open_ports(cores, longest.max(60), req.at_unix_ns, real)?;
        let plan = Plan {
            epoch_unix_ns: opened.epoch_unix_ns,
            start_abs: opened.start_abs,
            end: Some(test_length),
            budget: Budget::Unlimited,
            simulated: !real,
            catch_up: None,
            realtime: false,
            batch: self.config.batch,
            drain: Nanos::ZERO,
        };
        let nports = ports.len();
        let kinds = gens.into_iter().map(|g| Stateful::new(g, nports)).collect();
        // Shards start uneven numbers of flows: the cores draw from one budget.
        let workers = self.spawn(&mut opened, plan, count.map(BudgetSplit::Shared), kinds, &req.pin)?;
        let opts = StartOptions {
            duration: Some(test_length),
            count,
            multiplier: Multiplier::Factor(req.multiplier),
            cores,
            segment: req.segment,
            at_unix_ns: req.at_unix_ns,
            ..Default::default()
        };
        let info = RunInfo::Stateful { scheduler: req.scheduler };
        self.begin(opened, workers, opts, !real, info);
        Ok(notes)
    }

    /// Starts a TCP run (TRex ASTF) of `req`'s profile on the engine's ports.
    fn start_tcp(&mut self, req: &crate::tcp::TcpStart) -> Result<(), EngineError> {
        if let Some(run) = &self.run {
            return Err(EngineError::State { command: "start", state: self.state_of(run) });
        }
        let cfg = |m: String| EngineError::Config(m);
        if !(req.multiplier.is_finite() && req.multiplier > 0.0) {
            return Err(cfg(format!("multiplier {}: must be a positive factor", req.multiplier)));
        }
        check_bounds(req.cores, &req.pin, None, req.duration)?;
        if let Some(seg) = req.segment {
            seg.check().map_err(EngineError::Config)?;
        }
        let nports = self.config.ports.len();
        if nports == 0 || nports > 2 {
            return Err(cfg("a TCP run takes one port (both roles) or two (clients, then servers)".into()));
        }
        let parsed;
        let profile = match &req.parsed {
            Some(p) => &*p.0,
            None => {
                parsed =
                    riptide_tcp::profile::parse(&req.text, &req.name).map_err(|e| EngineError::Input(e.to_string()))?;
                &parsed
            }
        };
        let unbounded = profile.clients.iter().any(|c| req.limit.or(c.limit).is_none());
        if req.duration.is_none() && (unbounded || profile.clients.is_empty()) {
            return Err(cfg(format!("{}: the run has no end: give a duration (-d) or a client limit", req.name)));
        }
        // Fresh ISNs every run (RFC 6528's secret): the clock and the process.
        let secret = unix_now_ns() ^ (u64::from(std::process::id()) << 32);
        let mut kinds = crate::tcp::kinds(profile, req, nports, &self.config.macs, secret)
            .map_err(|e| EngineError::Input(format!("{}: {e}", req.name)))?;
        let mtu = usize::from(profile.tcp.mss) + 14 + 20 + 60;
        let mut opened = self.open_ports(req.cores, mtu.max(1518), req.at_unix_ns, true)?;
        let virtual_rx =
            opened.queues.iter().flatten().any(|p| p.info().caps.rx == Some(riptide_port::RxStamps::Virtual));
        for k in &mut kinds {
            k.virtual_rx = virtual_rx;
        }
        let plan = Plan {
            epoch_unix_ns: opened.epoch_unix_ns,
            start_abs: opened.start_abs,
            end: req.duration,
            budget: Budget::Unlimited,
            simulated: false,
            catch_up: None,
            realtime: false,
            batch: self.config.batch,
            drain: Nanos::ZERO,
        };
        let workers = self.spawn(&mut opened, plan, None, kinds, &req.pin)?;
        let opts = StartOptions {
            duration: req.duration,
            multiplier: Multiplier::Factor(req.multiplier),
            cores: req.cores,
            segment: req.segment,
            at_unix_ns: req.at_unix_ns,
            ..Default::default()
        };
        let split = req.segment.and_then(|seg| crate::tcp::split_of(profile, seg));
        self.begin(opened, workers, opts, false, RunInfo::Tcp { factor: req.multiplier, split });
        Ok(())
    }

    /// Opens every port with `cores` queues for frames of up to `max_frame` bytes, and
    /// sets the run's time zero: `at_unix_ns`, or 5 ms after the ports are open (a real
    /// run must not begin late by however long opening took).
    fn open_ports(
        &self,
        cores: usize,
        max_frame: usize,
        at_unix_ns: Option<u64>,
        real: bool,
    ) -> Result<Opened, EngineError> {
        // Time zero of the run, on the engine clock and as Unix time: pcap
        // stamps and clock variables are `epoch_unix_ns + departure`.
        let clock_now = self.clock.now();
        let unix_now = unix_now_ns();
        let lead = match at_unix_ns {
            None => Nanos::from_millis(5),
            Some(at) => {
                let ahead = at.saturating_sub(unix_now);
                if ahead < 1_000_000 {
                    return Err(EngineError::Config(format!(
                        "start time at_unix_ns {at} is not ahead of now ({unix_now}) by at least 1 ms"
                    )));
                }
                if ahead > 60_000_000_000 {
                    return Err(EngineError::Config(format!(
                        "start time at_unix_ns {at} is more than 60 s ahead of now ({unix_now})"
                    )));
                }
                Nanos(ahead)
            }
        };
        let epoch_unix_ns = unix_now + lead.0;
        let popts = PortOptions { max_frame, epoch_unix_ns, ..self.config.port_options() };
        let mut groups = Vec::new();
        let mut queues = Vec::new();
        for (i, spec) in self.config.ports.iter().enumerate() {
            let (g, mut q) = riptide_port::open(spec, cores, &popts)?;
            if let Some(m) = &self.monitor {
                q = q
                    .into_iter()
                    .map(|p| {
                        let w = riptide_port::monitor::Monitored::new(p, m.clone(), i as u16, epoch_unix_ns);
                        Box::new(w) as Box<dyn riptide_port::Port>
                    })
                    .collect();
            }
            if q.len() != cores {
                return Err(EngineError::Worker(format!(
                    "{} opened {} queues for {cores} cores",
                    spec.name(),
                    q.len()
                )));
            }
            groups.push(g);
            queues.push(q);
        }
        if real && at_unix_ns.is_none() {
            // Real ports use the epoch they were opened with only against itself (tap
            // stamps, impairment delays): the run's time zero can move to after the opening.
            let lead = Nanos::from_millis(5);
            return Ok(Opened {
                groups,
                queues,
                start_abs: self.clock.now() + lead,
                epoch_unix_ns: unix_now_ns() + lead.0,
            });
        }
        Ok(Opened { groups, queues, start_abs: clock_now + lead, epoch_unix_ns })
    }

    /// Starts one worker per run kind in `kinds` (one per core), each with its queue of
    /// every opened port; `count` is split among them. Worker `k` is pinned to `pin[k]`
    /// where `pin` lists cores (checked by [`check_bounds`]).
    fn spawn<K: RunKind>(
        &self,
        opened: &mut Opened,
        plan: Plan,
        budget: Option<BudgetSplit>,
        kinds: Vec<K>,
        pin: &[usize],
    ) -> Result<Workers, EngineError> {
        let cores = kinds.len();
        let n_ports = opened.queues.len();
        let mut handles = Vec::with_capacity(cores);
        let mut shared_all = Vec::with_capacity(cores);
        let mut per_core: Vec<Vec<Box<dyn riptide_port::Port>>> = (0..cores).map(|_| Vec::new()).collect();
        for q in &mut opened.queues {
            for (k, port) in q.drain(..).enumerate() {
                per_core[k].push(port);
            }
        }
        let shared_budget = match budget {
            Some(BudgetSplit::Shared(n)) => Some(Arc::new(crate::worker::SharedBudget::new(n))),
            _ => None,
        };
        for (core, (ports, kind)) in per_core.into_iter().zip(kinds).enumerate() {
            let budget = match (budget, &shared_budget) {
                (None, _) => Budget::Unlimited,
                (Some(BudgetSplit::PerCore(n)), _) => Budget::Own(share_of(n, core, cores)),
                (Some(BudgetSplit::Shared(_)), Some(b)) => Budget::Shared(b.clone()),
                (Some(BudgetSplit::Shared(n)), None) => Budget::Own(n),
            };
            let shared = Arc::new(Shared::default());
            *lock(&shared.published) = WorkerCounters::new(n_ports);
            let worker = Worker {
                clock: self.clock,
                ports,
                kind,
                plan: Plan { budget, ..plan.clone() },
                shared: shared.clone(),
                counters: WorkerCounters::new(n_ports),
                publishes: 0,
                stamped: Default::default(),
            };
            let spawned = std::thread::Builder::new().name(format!("riptide-w{core}")).spawn(move || worker.run());
            // A pinned worker is moved before its first packet: it waits for the run's
            // start time (real time) or has at most a few microseconds of work behind it.
            let spawned =
                spawned.map_err(|e| format!("cannot start worker thread {core}: {e}")).and_then(|h| {
                    match pin.get(core) {
                        Some(&c) => match crate::affinity::pin(&h, c) {
                            Ok(()) => Ok(h),
                            Err(e) => {
                                shared.send(Control::Stop);
                                let _ = h.join();
                                Err(format!("cannot pin worker {core} to core {c}: {e}"))
                            }
                        },
                        None => Ok(h),
                    }
                });
            // Likewise at real-time priority, before it sends.
            let spawned = spawned.and_then(|h| {
                if !plan.realtime {
                    return Ok(h);
                }
                match crate::affinity::realtime(&h) {
                    Ok(()) => Ok(h),
                    Err(e) => {
                        shared.send(Control::Stop);
                        let _ = h.join();
                        Err(format!(
                            "cannot run worker {core} at real-time priority (SCHED_FIFO needs root, CAP_SYS_NICE or \
                             an RLIMIT_RTPRIO of {} or more): {e}",
                            crate::REALTIME_PRIORITY
                        ))
                    }
                }
            });
            match spawned {
                Ok(h) => {
                    handles.push(h);
                    shared_all.push(shared);
                }
                Err(e) => {
                    for s in &shared_all {
                        s.send(Control::Stop);
                    }
                    for h in handles {
                        let _ = h.join();
                    }
                    return Err(EngineError::Worker(e));
                }
            }
        }
        Ok(Workers { handles, shared: shared_all })
    }

    /// Records a started run.
    fn begin(&mut self, opened: Opened, workers: Workers, opts: StartOptions, simulated: bool, kind: RunInfo) {
        if let Some(prev) = self.last.take() {
            self.folded.add(&prev);
        }
        self.run = Some(Run {
            handles: workers.handles,
            shared: workers.shared,
            groups: opened.groups,
            opts,
            simulated,
            start_abs: opened.start_abs,
            start_unix_ns: opened.epoch_unix_ns,
            paused: false,
            baseline: Vec::new(),
            baseline_at: opened.start_abs,
            kind,
            tx_timestamps: Vec::new(),
        });
    }

    fn update(&mut self, m: Multiplier) -> Result<(), EngineError> {
        let state = self.state();
        let Some(run) = &self.run else {
            return Err(EngineError::State { command: "update", state });
        };
        if let RunInfo::Tcp { factor, .. } = run.kind {
            // The clients' connection rate (or concurrency), as a factor of the profile's.
            let Multiplier::Factor(f) = m else {
                return Err(EngineError::Config("a TCP run's multiplier is a factor of the profile's rate".into()));
            };
            if !(f.is_finite() && f > 0.0) {
                return Err(EngineError::Config(format!("multiplier {f}: must be a positive factor")));
            }
            let sent: Vec<u64> = run.shared.iter().map(|s| s.send(Control::Scale(f / factor))).collect();
            wait_applied(run, &sent);
            if let Some(run) = &mut self.run {
                run.opts.multiplier = m;
            }
            return Ok(());
        }
        if matches!(run.kind, RunInfo::Stateful { .. }) {
            return Err(EngineError::Config("a stateful run's multiplier is fixed at its start".into()));
        }
        let RunInfo::Stateless { profile, .. } = &run.kind else { return Err(EngineError::NoProfile) };
        let lines: Vec<BitsPerSec> = run.groups.iter().map(|g| g.info.caps.line_rate).collect();
        let factors = self.factors(profile, m, &lines, run.opts.total)?;
        if !run.simulated && !run.opts.unpaced && !self.config.force {
            check_line_rates(profile, &factors, &lines)?;
        }
        let cores = run.handles.len();
        let port_workers = match &run.kind {
            RunInfo::Stateless { port_workers, .. } => port_workers.clone(),
            _ => vec![cores; lines.len()],
        };
        let rates: Vec<(usize, u32, f64)> = profile
            .streams
            .iter()
            .filter(|s| s.enabled)
            .map(|s| {
                let (p, n) = (s.port as usize, port_workers.get(s.port as usize).copied().unwrap_or(cores).max(1));
                (p, s.index, s.share_rate(n, factors[p], lines[p]))
            })
            .collect();
        let sent: Vec<u64> = run.shared.iter().map(|s| s.send(Control::Rates(rates.clone()))).collect();
        // Acknowledged when applied: what is sent after this returns is at the new rates.
        wait_applied(run, &sent);
        let Some(run) = &mut self.run else {
            return Err(EngineError::State { command: "update", state });
        };
        if let RunInfo::Stateless { factors: f, .. } = &mut run.kind {
            *f = factors;
        }
        run.opts.multiplier = m;
        Ok(())
    }

    fn stop(&mut self) -> Result<Snapshot, EngineError> {
        let Some(mut run) = self.run.take() else {
            return self.last.clone().ok_or(EngineError::State { command: "stop", state: RunState::Idle });
        };
        for s in &run.shared {
            s.send(Control::Stop);
        }
        let mut exits = Vec::new();
        let mut failure = None;
        for h in run.handles.drain(..) {
            match h.join() {
                Ok(e) => exits.push(e),
                Err(_) => failure = Some(EngineError::Worker("a worker thread panicked".into())),
            }
        }
        let end = self.clock.now();
        let counters: Vec<WorkerCounters> = exits.iter().map(|e| e.counters.clone()).collect();
        let mut snap = self.build_snapshot(&run, &counters, end, true, true);
        snap.state = RunState::Stopped;
        // Give each port's queues back to its group, then finish the groups.
        let n_ports = run.groups.len();
        let mut per_port: Vec<Vec<Box<dyn riptide_port::Port>>> = (0..n_ports).map(|_| Vec::new()).collect();
        for e in exits {
            if let Some(err) = e.error {
                failure.get_or_insert(EngineError::Port(err));
            }
            for (i, q) in e.ports.into_iter().enumerate() {
                if let Some(v) = per_port.get_mut(i) {
                    v.push(q);
                }
            }
        }
        if let Some(err) = failure {
            // Groups dropped here remove their partial files.
            return Err(err);
        }
        for (g, q) in run.groups.drain(..).zip(per_port) {
            g.finish(q)?;
        }
        self.last = Some(snap.clone());
        Ok(snap)
    }

    /// A snapshot of the running (or last) run; `hist`: with each latency stream's whole
    /// histogram while it runs (the last run's final snapshot always has them).
    fn snapshot(&self, hist: bool) -> Snapshot {
        match &self.run {
            Some(run) => {
                let counters: Vec<WorkerCounters> = run.shared.iter().map(|s| lock(&s.published).clone()).collect();
                let mut s = self.build_snapshot(run, &counters, self.clock.now(), false, hist);
                s.state = self.state_of(run);
                s
            }
            None => self.last.clone().unwrap_or_else(|| Snapshot {
                state: RunState::Idle,
                duration_s: 0.0,
                simulated: false,
                clock: self.clock.source().into(),
                multiplier: Multiplier::default().to_string(),
                ports: Vec::new(),
                streams: Vec::new(),
                workers: Vec::new(),
                late_resets: 0,
                start_unix_ns: 0,
                start_lag_ns: 0,
                latency: Vec::new(),
                disruptions: Vec::new(),
                interrupted: false,
                stf: None,
                tcp: None,
            }),
        }
    }

    /// The snapshot of `run` from the workers' `counters` at `now`; `last`: the final
    /// snapshot (with a stateful run's series); `hist`: with each latency stream's whole
    /// histogram (the final snapshot's, or one asked for while the run goes on).
    fn build_snapshot(&self, run: &Run, counters: &[WorkerCounters], now: Nanos, last: bool, hist: bool) -> Snapshot {
        let counters: Vec<WorkerCounters> = if run.baseline.is_empty() {
            counters.to_vec()
        } else {
            counters.iter().zip(&run.baseline).map(|(c, b)| c.since(b)).collect()
        };
        let all_done = counters.iter().all(|c| c.done);
        let from = run.start_abs.max(run.baseline_at);
        // Rates over the sending window: the receive drain after it sends nothing.
        let send_max = counters.iter().map(|c| if c.send_ns > 0 { c.send_ns } else { c.loop_ns }).max().unwrap_or(0);
        let mut wall = if all_done { send_max } else { (now - from).0 } as f64 / 1e9;
        // A run that ended with its packets spent (a count, bursts) is timed from time zero
        // to when its last frame was due, not to when the worker had wound down (tens of
        // microseconds that a short run's rate would show): its n frames took n - 1 gaps
        // from the first to the last, and n frames fill n gaps (10 frames at 1 Mpps are
        // 1.00 Mpps, not 1.11 nor the 0.2 the wind-down made of it).
        let sent: u64 = counters.iter().flat_map(|c| c.ports.iter()).map(|p| p.opackets).sum();
        if all_done && !run.simulated && sent >= 2 && !counters.iter().any(|c| c.reached_end || c.stopped) {
            let last = counters.iter().map(|c| c.last_tx_ns).max().unwrap_or(0);
            if last > 0 {
                wall = last as f64 / 1e9 * sent as f64 / (sent - 1) as f64;
            }
        }
        let secs = if run.simulated {
            let v = counters.iter().map(|c| c.virtual_ns).max().unwrap_or(0);
            // A run that went its whole duration lasted it; one that ended sooner (its
            // packets or its budget spent, or stopped) lasted until its last frame.
            let v = match run.opts.duration {
                Some(d) if all_done && counters.iter().any(|c| c.reached_end) => d.0,
                _ => v,
            };
            v as f64 / 1e9
        } else {
            wall
        };
        let rate = |x: u64| if secs > 0.0 { x as f64 / secs } else { 0.0 };
        let line = self.config.line_rate;
        let lanes = match &run.kind {
            RunInfo::Stateless { lanes: Some(l), .. } => {
                let done: Vec<Vec<u64>> = counters
                    .iter()
                    .map(|c| match &c.kind {
                        KindCounters::Stateless { lanes_done, .. } => lanes_done.clone(),
                        _ => Vec::new(),
                    })
                    .collect();
                Some(lane_view(l, &done))
            }
            _ => None,
        };
        let mut ports = Vec::new();
        for (i, spec) in self.config.ports.iter().enumerate() {
            let mut pc = riptide_core::PortCounters::default();
            for c in &counters {
                if let Some(p) = c.ports.get(i) {
                    pc.merge(p);
                }
            }
            let l2_bytes = pc.obytes + pc.opackets * FCS_LEN as u64;
            let group = run.groups.get(i);
            ports.push(PortStats {
                index: i,
                name: spec.name(),
                driver: group.map(|g| g.info.driver.to_string()).unwrap_or_default(),
                opackets: pc.opackets,
                obytes: pc.obytes,
                oerrors: pc.oerrors,
                tx_pps: rate(pc.opackets),
                tx_bps_l1: rate((l2_bytes + pc.opackets * L1_OVERHEAD as u64) * 8),
                tx_bps_l2: rate(l2_bytes * 8),
                line_rate_bps: group.map_or(line.0, |g| g.info.caps.line_rate.0),
                ipackets: pc.ipackets,
                ibytes: pc.ibytes,
                ierrors: pc.ierrors,
                rx_pps: rate(pc.ipackets),
                mode: group.and_then(PortGroup::mode),
                rx_timestamps: group.and_then(|g| g.info.caps.rx).map(|r| r.name().to_string()),
                rx_timestamps_why: group
                    .and_then(|g| g.info.caps.rx)
                    .and_then(riptide_port::RxStamps::why)
                    .map(String::from),
                tx_timestamps: run.tx_timestamps.get(i).and_then(|t| t.0.clone()),
                tx_timestamps_why: run.tx_timestamps.get(i).and_then(|t| t.1.clone()),
                lane: lanes.as_ref().and_then(|l| l.get(i).copied()),
                pacing: pacing(&counters, i),
            });
        }
        let workers = counters
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let pk: u64 = c.ports.iter().map(|p| p.opackets).sum();
                let by: u64 = c.ports.iter().map(|p| p.obytes + p.opackets * (FCS_LEN + L1_OVERHEAD) as u64).sum();
                let util = if run.simulated {
                    100.0
                } else if c.loop_ns > 0 {
                    100.0 * c.busy_ns as f64 / c.loop_ns as f64
                } else {
                    0.0
                };
                let bps = rate(by * 8);
                WorkerStats {
                    index: i,
                    cpu_util: util,
                    tx_pps: rate(pk),
                    gbps_per_core: if util > 0.0 { bps / 1e9 / (util / 100.0) } else { 0.0 },
                    tx_refused: c.tx_refused,
                }
            })
            .collect();
        let mut snap = Snapshot {
            state: RunState::Running,
            duration_s: secs,
            simulated: run.simulated,
            clock: self.clock.source().into(),
            multiplier: run.opts.multiplier.to_string(),
            ports,
            streams: Vec::new(),
            workers,
            late_resets: counters.iter().map(|c| c.late_resets).sum(),
            start_unix_ns: run.start_unix_ns,
            start_lag_ns: counters.iter().map(|c| c.start_lag_ns).max().unwrap_or(0),
            latency: Vec::new(),
            disruptions: Vec::new(),
            interrupted: counters.iter().any(|c| c.stopped),
            stf: None,
            tcp: None,
        };
        match &run.kind {
            RunInfo::Stateless { profile, factors, handed, .. } => {
                let share = run.opts.segment.map_or(1.0, Segment::fraction);
                let tx_window = crate::snapshot::TxWindow { secs, unpaced: run.opts.unpaced, line, share };
                let handed = if run.baseline.is_empty() { Some(handed.as_slice()) } else { None };
                (snap.streams, snap.latency, snap.disruptions) =
                    crate::snapshot::streams(profile, &counters, factors, &run.groups, handed, tx_window, hist);
                if run.simulated {
                    // The tags carry the schedule's departures on simulated ports.
                    for l in &mut snap.latency {
                        l.source = Some("virtual".into());
                    }
                }
            }
            RunInfo::Stateful { scheduler, .. } => {
                snap.stf = Some(StfStats::merge(&counters, secs, wall, !run.simulated, *scheduler, last));
            }
            RunInfo::Tcp { split, .. } => {
                let mut r = crate::tcp::TcpReport::merge(&counters, secs, hist);
                r.split = split.clone();
                snap.tcp = Some(r);
            }
        }
        snap
    }
}

impl Drop for Engine {
    /// Stops a run still going so no worker outlives the engine.
    fn drop(&mut self) {
        if let Some(run) = &self.run {
            for s in &run.shared {
                s.send(Control::Stop);
            }
        }
    }
}

/// A note when a real-time run asks for more workers than the host has CPUs: they share
/// cores, and rates may fall short of what is asked.
fn oversubscribed(workers: usize, simulated: bool) -> Option<String> {
    let cpus = std::thread::available_parallelism().map_or(1, usize::from);
    (!simulated && workers > cpus).then(|| {
        format!(
            "note: {workers} workers on {cpus} CPU{}: they share cores, and a rate may fall short of what is asked",
            if cpus == 1 { "" } else { "s" }
        )
    })
}
