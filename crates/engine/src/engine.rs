//! The engine: loads a profile, runs it on worker threads, answers commands.

use crate::clock::Clock;
use crate::command::{Command, Multiplier, Response, StartOptions};
use crate::stats::{LatencyStats, StreamRxStats};
use crate::stats::{PortStats, RunState, Snapshot, StreamStats, WorkerCounters, WorkerStats};
use crate::worker::{lock, Control, Exit, Plan, Shared, Worker};
use riptide_core::units::{FCS_LEN, L1_OVERHEAD};
use riptide_core::{BitsPerSec, Nanos, Rate};
use riptide_measure::Latency;
use riptide_port::{PortError, PortGroup, PortOptions, PortSpec};
use riptide_stl::compile::{share_of, CompiledProfile};
use riptide_stl::set::StreamSet;
use std::sync::Arc;
use std::thread::JoinHandle;

/// Most worker threads a run may ask for.
pub(crate) const MAX_CORES: usize = 256;

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
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            ports: vec![PortSpec::Null],
            line_rate: BitsPerSec(10e9),
            line_rate_fixed: false,
            batch: 64,
            tx_ring: None,
            rx_ring: None,
            force: false,
            drain: Nanos::from_millis(100),
        }
    }
}

struct Run {
    handles: Vec<JoinHandle<Exit>>,
    shared: Vec<Arc<Shared>>,
    groups: Vec<PortGroup>,
    factors: Vec<f64>,
    opts: StartOptions,
    simulated: bool,
    start_abs: Nanos,
    start_unix_ns: u64,
    paused: bool,
    baseline: Vec<WorkerCounters>,
    baseline_at: Nanos,
}

/// The stateless engine, driven by [`Command`]s.
pub struct Engine {
    config: EngineConfig,
    clock: Clock,
    profile: Option<CompiledProfile>,
    run: Option<Run>,
    last: Option<Snapshot>,
}

impl Engine {
    /// An engine on `config`'s ports (calibrates the clock: ~20 ms).
    pub fn new(config: EngineConfig) -> Self {
        Engine { config, clock: Clock::calibrate(), profile: None, run: None, last: None }
    }

    /// The ports.
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// Forgets the loaded profile (the daemon's `remove_streams` of the last stream).
    pub fn unload(&mut self) -> Result<(), EngineError> {
        if let Some(run) = &self.run {
            return Err(EngineError::State { command: "unload the profile", state: self.state_of(run) });
        }
        self.profile = None;
        Ok(())
    }

    /// Loads a compiled profile (checks its ports exist).
    pub fn load(&mut self, profile: CompiledProfile) -> Result<(), EngineError> {
        if let Some(run) = &self.run {
            return Err(EngineError::State { command: "load a profile", state: self.state_of(run) });
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

    /// The loaded profile.
    pub fn profile(&self) -> Option<&CompiledProfile> {
        self.profile.as_ref()
    }

    /// Handles one command.
    pub fn handle(&mut self, cmd: Command) -> Result<Response, EngineError> {
        match cmd {
            Command::LoadProfile { text, source } => {
                let profile = riptide_stl::profile::parse(&text, &source)?;
                let compiled = riptide_stl::profile::compile(&profile, &source)?;
                self.load(compiled).map(|()| Response::Ok)
            }
            Command::Start(opts) => self.start(opts).map(|()| Response::Ok),
            Command::Stop => self.stop().map(|s| Response::Stats(Box::new(s))),
            Command::Pause => self.control("pause", Control::Pause, Some(true)),
            Command::Resume => self.control("resume", Control::Resume, Some(false)),
            Command::Update { multiplier } => self.update(multiplier).map(|()| Response::Ok),
            Command::Snapshot => Ok(Response::Stats(Box::new(self.snapshot()))),
            Command::ClearStats => {
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
    pub fn state(&self) -> RunState {
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
        for s in &run.shared {
            s.send(c.clone());
        }
        if let Some(p) = pause {
            run.paused = p;
        }
        Ok(Response::Ok)
    }

    /// Rate multiplier per port; `lines` are the ports' line rates.
    fn factors(&self, profile: &CompiledProfile, m: Multiplier, lines: &[BitsPerSec]) -> Result<Vec<f64>, EngineError> {
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
                        want / have
                    } else {
                        1.0
                    }
                }
            };
            out.push(f);
        }
        Ok(out)
    }

    fn start(&mut self, opts: StartOptions) -> Result<(), EngineError> {
        if let Some(run) = &self.run {
            return Err(EngineError::State { command: "start", state: self.state_of(run) });
        }
        let profile = self.profile.as_ref().ok_or(EngineError::NoProfile)?;
        if opts.cores == 0 || opts.cores > MAX_CORES {
            return Err(EngineError::Config(format!("cores must be within 1..={MAX_CORES}, got {}", opts.cores)));
        }
        if opts.count == Some(0) {
            return Err(EngineError::Config("count must be at least 1".into()));
        }
        if opts.duration == Some(Nanos::ZERO) {
            return Err(EngineError::Config("duration must be above zero".into()));
        }
        let cores = opts.cores;
        let simulated = self.config.ports.iter().all(PortSpec::simulated);
        if !simulated && self.config.ports.iter().any(PortSpec::simulated) {
            return Err(EngineError::Config("pcap and real-time ports cannot be mixed in one run".into()));
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
        // Time zero of the run, on the engine clock and as Unix time: pcap
        // stamps and clock variables are `epoch_unix_ns + departure`.
        let clock_now = self.clock.now();
        let unix_now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0);
        let lead = match opts.at_unix_ns {
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
        let start_abs = clock_now + lead;
        let epoch_unix_ns = unix_now + lead.0;
        let popts = PortOptions {
            line_rate: self.config.line_rate,
            line_rate_fixed: self.config.line_rate_fixed,
            max_frame,
            batch: self.config.batch,
            tx_ring: self.config.tx_ring,
            rx_ring: self.config.rx_ring,
            epoch_unix_ns,
            force: self.config.force,
        };
        let mut groups = Vec::new();
        let mut queues_by_port = Vec::new();
        for spec in &self.config.ports {
            let (g, q) = riptide_port::open(spec, cores, &popts)?;
            groups.push(g);
            queues_by_port.push(q);
        }
        // % rates and L1 figures use each port's own line rate (its link speed unless
        // fixed by the configuration).
        let lines: Vec<BitsPerSec> = groups.iter().map(|g| g.info.line_rate).collect();
        let factors = self.factors(profile, opts.multiplier, &lines)?;
        let n_streams = profile.streams.len();
        let mut rx_table = riptide_measure::Classifier::default();
        for s in &enabled {
            if let Some(t) = &s.tag {
                rx_table.register(t.id, t.latency);
            }
        }
        let mut handles = Vec::new();
        let mut shared_all = Vec::new();
        for core in (0..cores).rev() {
            let mut ports = Vec::new();
            let mut sets = Vec::new();
            for (p, q) in queues_by_port.iter_mut().enumerate() {
                let Some(port) = q.pop() else {
                    return Err(EngineError::Worker("port opened with too few queues".into()));
                };
                ports.push(port);
                let shares = enabled
                    .iter()
                    .filter(|s| s.port as usize == p)
                    .map(|s| s.share(core, cores, factors[p], lines[p], opts.unpaced))
                    .collect();
                let mut set = StreamSet::new(shares);
                set.set_time_base(epoch_unix_ns);
                sets.push(set);
            }
            let shared = Arc::new(Shared::new(n_streams));
            *lock(&shared.published) = WorkerCounters::new(self.config.ports.len(), n_streams);
            let worker = Worker {
                clock: self.clock,
                ports,
                sets,
                rx: rx_table.clone(),
                rx_fresh: rx_table.clone(),
                publishes: 0,
                plan: Plan {
                    epoch_unix_ns,
                    start_abs,
                    end: opts.duration,
                    count: opts.count.map(|c| share_of(c, core, cores)),
                    simulated,
                    // Unpaced streams are never late: nothing to catch up.
                    catch_up: if opts.unpaced { None } else { Some(opts.catch_up.unwrap_or(Nanos::from_millis(1))) },
                    batch: self.config.batch,
                    drain: if simulated
                        || !self
                            .config
                            .ports
                            .iter()
                            .any(|p| matches!(p, PortSpec::AfPacket(..) | PortSpec::AfXdp(..) | PortSpec::Impair(..)))
                    {
                        Nanos::ZERO
                    } else {
                        self.config.drain
                    },
                },
                shared: shared.clone(),
                counters: WorkerCounters::new(self.config.ports.len(), n_streams),
            };
            let h = std::thread::Builder::new()
                .name(format!("riptide-w{core}"))
                .spawn(move || worker.run())
                .map_err(|e| EngineError::Worker(e.to_string()))?;
            handles.push(h);
            shared_all.push(shared);
        }
        handles.reverse();
        shared_all.reverse();
        self.last = None;
        self.run = Some(Run {
            handles,
            shared: shared_all,
            groups,
            factors,
            opts,
            simulated,
            start_abs,
            start_unix_ns: epoch_unix_ns,
            paused: false,
            baseline: Vec::new(),
            baseline_at: start_abs,
        });
        Ok(())
    }

    fn update(&mut self, m: Multiplier) -> Result<(), EngineError> {
        let state = self.state();
        let profile = self.profile.as_ref().ok_or(EngineError::NoProfile)?;
        let Some(run) = &self.run else {
            return Err(EngineError::State { command: "update", state });
        };
        let lines: Vec<BitsPerSec> = run.groups.iter().map(|g| g.info.line_rate).collect();
        let factors = self.factors(profile, m, &lines)?;
        let Some(run) = &mut self.run else {
            return Err(EngineError::State { command: "update", state });
        };
        let cores = run.handles.len();
        let rates: Vec<(usize, u32, f64)> = profile
            .streams
            .iter()
            .filter(|s| s.enabled)
            .map(|s| (s.port as usize, s.index, s.share_rate(cores, factors[s.port as usize], lines[s.port as usize])))
            .collect();
        for s in &run.shared {
            s.send(Control::Rates(rates.clone()));
        }
        run.factors = factors;
        run.opts.multiplier = m;
        Ok(())
    }

    /// Whether every worker has finished (the run can be stopped without loss).
    pub fn is_finished(&self) -> bool {
        self.run.as_ref().is_some_and(|r| r.handles.iter().all(JoinHandle::is_finished))
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
        let mut snap = self.build_snapshot(&run, &counters, end, true);
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

    /// A snapshot of the running (or last) run.
    pub fn snapshot(&self) -> Snapshot {
        match &self.run {
            Some(run) => {
                let counters: Vec<WorkerCounters> = run.shared.iter().map(|s| lock(&s.published).clone()).collect();
                let mut s = self.build_snapshot(run, &counters, self.clock.now(), false);
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
            }),
        }
    }

    /// The snapshot of `run` from the workers' `counters` at `now`; `hist`: with each
    /// latency stream's whole histogram (the final snapshot).
    fn build_snapshot(&self, run: &Run, counters: &[WorkerCounters], now: Nanos, hist: bool) -> Snapshot {
        let counters: Vec<WorkerCounters> = if run.baseline.is_empty() {
            counters.to_vec()
        } else {
            counters.iter().zip(&run.baseline).map(|(c, b)| c.since(b)).collect()
        };
        let line = self.config.line_rate;
        let secs = if run.simulated {
            let v = counters.iter().map(|c| c.virtual_ns).max().unwrap_or(0);
            let v = match run.opts.duration {
                Some(d) if counters.iter().all(|c| c.done) => d.0.min(v.max(d.0)),
                _ => v,
            };
            v as f64 / 1e9
        } else {
            let from = run.start_abs.max(run.baseline_at);
            // Rates over the sending window: the receive drain after it sends nothing.
            let loop_max =
                counters.iter().map(|c| if c.send_ns > 0 { c.send_ns } else { c.loop_ns }).max().unwrap_or(0);
            let wall = if counters.iter().all(|c| c.done) { loop_max } else { (now - from).0 };
            wall as f64 / 1e9
        };
        let rate = |x: u64| if secs > 0.0 { x as f64 / secs } else { 0.0 };
        let profile = self.profile.as_ref();
        let mut ports = Vec::new();
        for (i, spec) in self.config.ports.iter().enumerate() {
            let mut pc = riptide_core::PortCounters::default();
            for c in &counters {
                if let Some(p) = c.ports.get(i) {
                    pc.merge(p);
                }
            }
            let l2_bytes = pc.obytes + pc.opackets * FCS_LEN as u64;
            ports.push(PortStats {
                index: i,
                name: spec.name(),
                driver: run.groups.get(i).map(|g| g.info.driver.to_string()).unwrap_or_default(),
                opackets: pc.opackets,
                obytes: pc.obytes,
                oerrors: pc.oerrors,
                tx_pps: rate(pc.opackets),
                tx_bps_l1: rate((l2_bytes + pc.opackets * L1_OVERHEAD as u64) * 8),
                tx_bps_l2: rate(l2_bytes * 8),
                line_rate_bps: run.groups.get(i).map(|g| g.info.line_rate.0).unwrap_or(line.0),
                ipackets: pc.ipackets,
                ibytes: pc.ibytes,
                ierrors: pc.ierrors,
                rx_pps: rate(pc.ipackets),
                mode: run.groups.get(i).and_then(|g| g.mode()),
                rx_timestamps: self.config.ports.get(i).and_then(PortSpec::rx_timestamps).map(str::to_string),
            });
        }
        // Tagged streams: every worker's receive table merged, read before the transmit
        // counters below were published (so a stream's rx never runs ahead of its tx
        // within one worker).
        let mut rx_merged: std::collections::BTreeMap<u16, (riptide_measure::seq::SeqCounters, Option<Latency>)> =
            Default::default();
        for c in &counters {
            for (id, s) in c.rx.streams() {
                let e = rx_merged.entry(id).or_default();
                e.0.merge(&s.seq.counters);
                if let Some(l) = &s.latency {
                    e.1.get_or_insert_with(Latency::default).merge(l);
                }
            }
        }
        let mut latency = Vec::new();
        let mut streams = Vec::new();
        if let Some(p) = profile {
            for s in p.streams.iter().filter(|s| s.enabled) {
                let mut sc = riptide_core::StreamCounters::default();
                for c in &counters {
                    if let Some(x) = c.streams.get(s.index as usize) {
                        sc.merge(x);
                    }
                }
                if s.tag.is_some() && run.baseline.is_empty() {
                    // Read after the receive tables above: frames handed to a port are
                    // counted here before anyone can receive them.
                    let handed: u64 = run
                        .shared
                        .iter()
                        .filter_map(|w| w.tx_tagged.get(s.index as usize))
                        .map(|a| a.load(std::sync::atomic::Ordering::Acquire))
                        .sum();
                    sc.opackets = sc.opackets.max(handed);
                }
                let f = run.factors.get(s.port as usize).copied().unwrap_or(1.0);
                let line = run.groups.get(s.port as usize).map_or(line, |g| g.info.line_rate);
                let (req_l1, _) = s.requested_bps(f, line);
                streams.push(StreamStats {
                    id: s.index,
                    name: s.name.clone(),
                    port: s.port,
                    opackets: sc.opackets,
                    obytes: sc.obytes,
                    requested_pps: if run.opts.unpaced { f64::INFINITY } else { s.requested_pps(f, line) },
                    achieved_pps: rate(sc.opackets),
                    requested_bps_l1: if run.opts.unpaced { f64::INFINITY } else { req_l1 },
                    achieved_bps_l1: rate((sc.obytes + sc.opackets * (FCS_LEN + L1_OVERHEAD) as u64) * 8),
                    rx: s.tag.as_ref().map(|t| {
                        let seq = rx_merged.get(&t.id).map(|e| e.0).unwrap_or_default();
                        StreamRxStats {
                            rx_packets: seq.rx_packets,
                            rx_bytes: seq.rx_bytes,
                            lost: sc.opackets.saturating_sub(seq.unique),
                            out_of_order: seq.out_of_order,
                            duplicates: seq.duplicates,
                            seq_too_high: seq.seq_too_high,
                            seq_too_low: seq.seq_too_low,
                        }
                    }),
                });
                if let Some(t) = s.tag.as_ref().filter(|t| t.latency) {
                    let merged = rx_merged.get(&t.id).and_then(|e| e.1.as_ref());
                    let l = merged.map(Latency::peek).unwrap_or_default();
                    let hdr = hist.then(|| merged.map(Latency::encoded_base64)).flatten();
                    latency.push(LatencyStats { stream: s.name.clone(), id: t.id, summary: l, hdr });
                }
            }
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
                }
            })
            .collect();
        Snapshot {
            state: RunState::Running,
            duration_s: secs,
            simulated: run.simulated,
            clock: self.clock.source().into(),
            multiplier: run.opts.multiplier.to_string(),
            ports,
            streams,
            workers,
            late_resets: counters.iter().map(|c| c.late_resets).sum(),
            start_unix_ns: run.start_unix_ns,
            start_lag_ns: counters.iter().map(|c| c.start_lag_ns).max().unwrap_or(0),
            latency,
        }
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
