//! Stateful runs (TRex STF): cap2 profiles replayed as flows on the engine's ports.
//!
//! [`StfRun::start`] checks the run, opens the ports with one queue per core and
//! starts one shared-nothing generator per core (core `k` starts flows `k, k+N, ...`
//! of every template: its own scheduler, queues and counters); [`StfRun::live`] sums
//! the counters the cores publish, [`StfRun::stop`] / [`StfRun::wait`] end the run and
//! give its report (TRex's `m_*` names, per-port counts, a per-second series).
//! Simulated ports (pcap) and the null port run on virtual time as fast as the CPU
//! goes, interfaces in real time. Client-to-server packets go to the first port,
//! server-to-client packets to the second (or the first, with one port). Used by
//! `riptide run-stf` and the daemon's `stf_*` methods.

use riptide_core::{Nanos, TxMeta};
use riptide_port::{Port, PortGroup, PortOptions, PortSpec};
use riptide_stf::gen::{FlowGen, GenOptions, GenStats};
use riptide_stf::profile::StfProfile;
use riptide_stf::template::Conversation;
use riptide_timer::SchedulerKind;
use serde_json::{json, Value};
use std::net::Ipv4Addr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;

/// What a stateful run is asked to do besides its profile.
#[derive(Clone, Debug)]
pub struct StfOptions {
    /// CPS multiplier (`-m`).
    pub multiplier: f64,
    /// Seconds of new flows (default: the profile's `duration`).
    pub duration_s: Option<f64>,
    /// Stretch flow lifetimes so this many flows are active at steady state.
    pub active_flows: Option<u64>,
    /// Flow scheduler.
    pub scheduler: SchedulerKind,
    /// Worker threads.
    pub cores: usize,
    /// Use an interface even if it carries the host's default route.
    pub force: bool,
}

impl Default for StfOptions {
    fn default() -> Self {
        StfOptions {
            multiplier: 1.0,
            duration_s: None,
            active_flows: None,
            scheduler: SchedulerKind::Wheel,
            cores: 1,
            force: false,
        }
    }
}

/// Why a stateful run could not start or finish.
#[derive(Debug, thiserror::Error)]
pub enum StfError {
    /// Bad input: the profile, an option, a port (exit 2 in the CLI).
    #[error("{0}")]
    Input(String),
    /// The run failed (a port, a thread).
    #[error("{0}")]
    Runtime(String),
}

/// Reads a cap2 profile and its pcaps into conversations (IPv6 prefixes applied);
/// errors name the file and the key. A note for keys read but unused goes to `notes`.
pub fn load_profile(
    path: &std::path::Path,
    notes: &mut Vec<String>,
) -> Result<(StfProfile, Vec<Conversation>), StfError> {
    let (profile, pcaps) = riptide_stf::profile::load(path).map_err(|e| StfError::Input(e.to_string()))?;
    let mut convs = Vec::new();
    for (i, p) in pcaps.iter().enumerate() {
        let name = p.display();
        let fail = |m: String| StfError::Input(format!("{name} (cap_info[{i}].name): {m}"));
        let meta = std::fs::metadata(p).map_err(|e| fail(e.to_string()))?;
        if meta.len() > riptide_stf::pcap::MAX_PCAP_BYTES {
            return Err(fail(format!("larger than {} bytes", riptide_stf::pcap::MAX_PCAP_BYTES)));
        }
        let data = std::fs::read(p).map_err(|e| fail(e.to_string()))?;
        let records = riptide_stf::pcap::parse(&data).map_err(fail)?;
        let mut conv = riptide_stf::template::conversation(&records).map_err(fail)?;
        if let Some((c, s)) = profile.ipv6_prefixes() {
            conv.set_ipv6_prefixes(c, s);
        }
        convs.push(conv);
    }
    if profile.mac.is_some() {
        notes.push(format!(
            "{}: note: 'mac' is not used (TRex no longer reads it either): frames keep their pcap's MAC addresses",
            path.display()
        ));
    }
    Ok((profile, convs))
}

fn in_benchmark_range(a: Ipv4Addr) -> bool {
    let o = a.octets();
    o[0] == 198 && (o[1] & 0xfe) == 18
}

/// TRex's profiles use 16.0.0.0/48.0.0.0: those never go onto an interface. Every pool
/// (named ones and `server_addr` too) must be in 198.18.0.0/15, IPv6 templates in
/// 2001:2::/48.
fn check_interface_safety(profile: &StfProfile, convs: &[Conversation], source: &str) -> Result<(), StfError> {
    let g = &profile.generator;
    let mut bounds: Vec<(String, Ipv4Addr)> = vec![
        ("generator.clients_start".into(), g.clients_start),
        ("generator.clients_end".into(), g.clients_end),
        ("generator.servers_start".into(), g.servers_start),
        ("generator.servers_end".into(), g.servers_end),
    ];
    for (list, pools) in [("generator_clients", &g.generator_clients), ("generator_servers", &g.generator_servers)] {
        for (i, p) in pools.iter().enumerate() {
            bounds.push((format!("generator.{list}[{i}].ip_start"), p.ip_start));
            bounds.push((format!("generator.{list}[{i}].ip_end"), p.ip_end));
        }
    }
    let servers = profile.cap_info.iter().enumerate().filter_map(|(i, c)| Some((i, c.server_addr?)));
    bounds.extend(servers.map(|(i, a)| (format!("cap_info[{i}].server_addr"), a)));
    for (k, v) in bounds {
        if !in_benchmark_range(v) {
            return Err(StfError::Input(format!(
                "{source}: {k} {v} is outside 198.18.0.0/15: such profiles run only into pcap or null ports"
            )));
        }
    }
    for (i, c) in convs.iter().enumerate() {
        for addr in [c.client, c.server] {
            if let std::net::IpAddr::V6(v) = addr {
                if v.segments()[..3] != [0x2001, 2, 0] {
                    return Err(StfError::Input(format!(
                        "{source}: cap_info[{i}]'s IPv6 address {v} is outside 2001:2::/48: such templates run only \
                         into pcap or null ports"
                    )));
                }
            }
        }
    }
    Ok(())
}

/// A stateful run in progress.
pub struct StfRun {
    handles: Vec<JoinHandle<Shard>>,
    groups: Vec<PortGroup>,
    /// Each core's counters, published as it goes.
    live: Arc<Vec<Mutex<GenStats>>>,
    stop: Arc<AtomicBool>,
    t0: Instant,
    real: bool,
    opts: StfOptions,
}

impl StfRun {
    /// Checks the run and starts it on `ports` (client side first, server side second).
    /// `source` names the profile in messages.
    pub fn start(
        profile: &StfProfile,
        convs: &[Conversation],
        opts: &StfOptions,
        ports: &[PortSpec],
        source: &str,
    ) -> Result<StfRun, StfError> {
        let input = |m: String| Err(StfError::Input(m));
        if !(opts.multiplier.is_finite() && opts.multiplier > 0.0) {
            return input(format!("-m {}: must be a positive factor", opts.multiplier));
        }
        if let Some(d) = opts.duration_s {
            if !(d.is_finite() && d > 0.0) {
                return input(format!("-d {d}: must be a positive number of seconds"));
            }
        }
        if ports.is_empty() || ports.len() > 2 {
            return input("a stateful run takes one or two ports (client side, server side)".into());
        }
        if opts.cores == 0 || opts.cores > 256 {
            return input("--cores must be within 1..=256".into());
        }
        let real = ports.iter().any(|p| !matches!(p, PortSpec::Null) && !p.simulated());
        if real {
            check_interface_safety(profile, convs, source)?;
        }
        if opts.duration_s.or(profile.duration).is_none() {
            return input("the profile has no duration: give -d SECONDS".into());
        }
        let cores = opts.cores;
        let base = GenOptions {
            multiplier: opts.multiplier,
            duration_s: opts.duration_s,
            scheduler: opts.scheduler,
            active_flows: opts.active_flows,
            seed: 1,
            shard: (0, 1),
        };
        // One generator per core (its shard of every template's flows), built before any port opens.
        let mut gens = Vec::with_capacity(cores);
        for k in 0..cores {
            let o = GenOptions { shard: (k as u32, cores as u32), ..base };
            gens.push(FlowGen::new(profile, convs.to_vec(), o).map_err(|e| StfError::Input(format!("tw: {e}")))?);
        }
        if gens.iter().all(|g| g.next_event().is_none()) {
            return input("the profile starts no flow".into());
        }
        let unix_now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0);
        let popts = PortOptions { epoch_unix_ns: unix_now, force: opts.force, ..Default::default() };
        let mut groups = Vec::new();
        // per_core[k]: core k's queue of every port.
        let mut per_core: Vec<Vec<Box<dyn Port>>> = (0..cores).map(|_| Vec::new()).collect();
        for spec in ports {
            let (g, qs) = riptide_port::open(spec, cores, &popts).map_err(|e| StfError::Input(e.to_string()))?;
            if qs.len() != cores {
                return Err(StfError::Runtime(format!("{} opened {} queues for {cores} cores", spec.name(), qs.len())));
            }
            groups.push(g);
            for (k, q) in qs.into_iter().enumerate() {
                per_core[k].push(q);
            }
        }
        let live: Arc<Vec<Mutex<GenStats>>> = Arc::new((0..cores).map(|_| Mutex::new(GenStats::default())).collect());
        let stop = Arc::new(AtomicBool::new(false));
        let t0 = Instant::now();
        let mut handles = Vec::with_capacity(cores);
        for (k, (gen, queues)) in gens.into_iter().zip(per_core).enumerate() {
            let (my_live, my_stop) = (live.clone(), stop.clone());
            let h = std::thread::Builder::new()
                .name(format!("riptide-stf{k}"))
                .spawn(move || run_shard(gen, queues, real, t0, &my_live[k], &my_stop));
            match h {
                Ok(h) => handles.push(h),
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    for h in handles {
                        let _ = h.join();
                    }
                    return Err(StfError::Runtime(format!("cannot start worker thread {k}: {e}")));
                }
            }
        }
        Ok(StfRun { handles, groups, live, stop, t0, real, opts: opts.clone() })
    }

    /// The counters of all cores now.
    pub fn live(&self) -> GenStats {
        let mut s = GenStats::default();
        for l in self.live.iter() {
            s.add(&crate::worker::lock(l));
        }
        s
    }

    /// Whether every core has finished (the run can be collected without loss).
    pub fn is_finished(&self) -> bool {
        self.handles.iter().all(JoinHandle::is_finished)
    }

    /// Asks the cores to stop (they finish their current poll); collect with [`wait`](Self::wait).
    pub fn request_stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Stops the run now and gives its report.
    pub fn stop(self) -> Result<Value, StfError> {
        self.request_stop();
        self.wait()
    }

    /// Waits for the cores to finish, finishes the ports (a pcap's parts merged into
    /// place) and gives the report.
    pub fn wait(self) -> Result<Value, StfError> {
        let mut shards = Vec::with_capacity(self.handles.len());
        let mut failure = None;
        for h in self.handles {
            match h.join() {
                Ok(s) => shards.push(s),
                Err(_) => failure = Some(StfError::Runtime("a worker thread panicked".into())),
            }
        }
        let wall = self.t0.elapsed().as_secs_f64();
        if let Some(f) = failure {
            return Err(f);
        }
        let nports = self.groups.len();
        let mut by_port: Vec<Vec<Box<dyn Port>>> = (0..nports).map(|_| Vec::new()).collect();
        let mut counters = vec![riptide_core::PortCounters::default(); nports];
        let mut error = None;
        let (mut s, mut busy, mut last_t) = (GenStats::default(), std::time::Duration::ZERO, 0u64);
        for sh in &shards {
            s.add(&sh.stats);
            busy += sh.busy;
            last_t = last_t.max(sh.last_t);
        }
        let series = merge_series(&shards, last_t, wall);
        for sh in shards {
            if let Some(e) = sh.error {
                error.get_or_insert(e);
            }
            for (p, q) in sh.queues.into_iter().enumerate() {
                let c = q.counters();
                counters[p].opackets += c.opackets;
                counters[p].obytes += c.obytes;
                by_port[p].push(q);
            }
        }
        if let Some(e) = error {
            return Err(StfError::Runtime(e.to_string()));
        }
        for (g, q) in self.groups.into_iter().zip(by_port) {
            g.finish(q).map_err(|e| StfError::Runtime(e.to_string()))?;
        }
        // Virtual time: the run lasts until its last departure.
        let real = self.real;
        let secs = if real { wall } else { last_t.max(1) as f64 / 1e9 };
        let cores = self.opts.cores;
        Ok(json!({
            "duration_s": secs,
            "wall_s": wall,
            "simulated": !real,
            "scheduler": match self.opts.scheduler {
                SchedulerKind::Wheel => "tw",
                SchedulerKind::Heap => "pq",
            },
            "cores": cores,
            "m_active_flows": s.m_active_flows,
            "m_total_open_flows": s.m_total_open_flows,
            "m_total_close_flows": s.m_total_close_flows,
            "m_tx_pps": s.tx_packets as f64 / secs,
            "m_tx_bps": s.tx_bytes as f64 * 8.0 / secs,
            "m_tx_cps": s.m_total_open_flows as f64 / secs,
            "m_cpu_util": if real { 100.0 * busy.as_secs_f64() / (wall * cores as f64).max(1e-9) } else { 100.0 },
            "m_total_queue_full": s.m_total_queue_full,
            "engine_mpps": s.tx_packets as f64 / wall.max(1e-9) / 1e6,
            "peak_rss_bytes": peak_rss_bytes(),
            "tx_packets": s.tx_packets,
            "tx_bytes": s.tx_bytes,
            "ports": counters.iter().enumerate().map(|(i, c)| json!({"index": i, "opackets": c.opackets, "obytes": c.obytes})).collect::<Vec<_>>(),
            "series": series,
        }))
    }
}

/// What one core's generator did.
struct Shard {
    stats: GenStats,
    /// Counters at each whole second of the schedule, with the wall time (seconds since
    /// the start) at which this core got there.
    seconds: Vec<(GenStats, f64)>,
    /// The last packet's departure, ns.
    last_t: u64,
    /// Time spent generating (real time only).
    busy: std::time::Duration,
    error: Option<riptide_port::PortError>,
    /// The core's queue of each port, handed back to be finished.
    queues: Vec<Box<dyn Port>>,
}

/// One core's loop: its generator's events in time order, into its queues.
fn run_shard(
    mut gen: FlowGen,
    mut queues: Vec<Box<dyn Port>>,
    real: bool,
    t0: Instant,
    live: &Mutex<GenStats>,
    stop: &AtomicBool,
) -> Shard {
    let (mut busy, mut seconds, mut error) = (std::time::Duration::ZERO, Vec::new(), None);
    let mut next_second = 1_000_000_000u64;
    let nports = queues.len();
    let mut pending = Pending::default();
    let mut last_t = 0u64;
    while let Some(t) = gen.next_event() {
        if real {
            let due = t0 + std::time::Duration::from_nanos(t);
            let now = Instant::now();
            if due > now {
                std::thread::sleep(due - now);
            }
        }
        // Virtual time reads no clock per event (it would cost as much as the event).
        let b = real.then(Instant::now);
        while t >= next_second {
            seconds.push((gen.stats, t0.elapsed().as_secs_f64()));
            next_second += 1_000_000_000;
        }
        pending.clear();
        // Virtual time takes every event up to a horizon in one poll (in time order: the
        // schedulers pop by deadline, flows that start by then are inserted first), not
        // one timestamp per loop; never past the next series sample.
        let horizon = if real { t } else { t.saturating_add(VIRTUAL_WINDOW_NS).min(next_second - 1) };
        gen.poll(horizon, 256, &mut |port, at, f| {
            last_t = at;
            pending.push(port % nports, at, f);
            true
        });
        if let Err(e) = pending.send(&mut queues) {
            error = Some(e);
        }
        if let Some(b) = b {
            busy += b.elapsed();
        }
        *crate::worker::lock(live) = gen.stats;
        if error.is_some() || stop.load(Ordering::Relaxed) {
            break;
        }
    }
    for q in &mut queues {
        if let Err(e) = q.flush() {
            error.get_or_insert(e);
        }
    }
    Shard { stats: gen.stats, seconds, last_t, busy, error, queues }
}

/// The per-second series of all cores: each second's counters summed over the cores (a
/// core already done counts with its final counters), its wall time the slowest core's;
/// then the last, partial second up to `last_t`, rates over its length.
fn merge_series(shards: &[Shard], last_t: u64, wall: f64) -> Vec<serde_json::Value> {
    let n = shards.iter().map(|s| s.seconds.len()).max().unwrap_or(0);
    let (mut out, mut before, mut before_wall) = (Vec::new(), GenStats::default(), 0.0f64);
    for i in 0..n {
        let (mut now, mut w) = (GenStats::default(), 0.0f64);
        for sh in shards {
            match sh.seconds.get(i) {
                Some((st, at)) => {
                    now.add(st);
                    w = w.max(*at);
                }
                None => now.add(&sh.stats),
            }
        }
        out.push(sample(&now, &before, (i as u64 + 1) * 1_000_000_000, 1.0, w - before_wall));
        (before, before_wall) = (now, w);
    }
    let whole = n as u64 * 1_000_000_000;
    if last_t > whole {
        let mut total = GenStats::default();
        for sh in shards {
            total.add(&sh.stats);
        }
        out.push(sample(&total, &before, last_t, (last_t - whole) as f64 / 1e9, wall - before_wall));
    }
    out
}

/// How far ahead of its earliest event a virtual-time poll reaches (flows starting within
/// it are opened at once, so this bounds the extra flow state: 10% of a second's flows).
const VIRTUAL_WINDOW_NS: u64 = 100_000_000;

/// Frames of one poll, kept in one buffer, then handed to their ports in batches.
#[derive(Default)]
struct Pending {
    buf: Vec<u8>,
    /// Port, departure, end offset in `buf`.
    frames: Vec<(usize, u64, usize)>,
    /// One port's frames: departure, start and end in `buf`.
    mine: Vec<(u64, usize, usize)>,
}

impl Pending {
    fn clear(&mut self) {
        self.buf.clear();
        self.frames.clear();
    }

    fn push(&mut self, port: usize, at: u64, f: &[u8]) {
        self.buf.extend_from_slice(f);
        self.frames.push((port, at, self.buf.len()));
    }

    /// Sends every frame, each port's in order, in as few batches as the ports take.
    fn send(&mut self, queues: &mut [Box<dyn Port>]) -> Result<(), riptide_port::PortError> {
        for (p, q) in queues.iter_mut().enumerate() {
            self.mine.clear();
            let mut start = 0usize;
            for &(port, at, end) in &self.frames {
                if port == p {
                    self.mine.push((at, start, end));
                }
                start = end;
            }
            let (mut i, mut stuck) = (0, None::<Instant>);
            while i < self.mine.len() {
                let mut batch = q.tx_batch(self.mine.len() - i);
                let mut k = 0;
                while let Some(slot) = batch.slot() {
                    let (at, s, e) = self.mine[i + k];
                    let n = (e - s).min(slot.len());
                    slot[..n].copy_from_slice(&self.buf[s..s + n]);
                    batch.commit(TxMeta { len: n as u32, stream: 0, departure: Nanos(at) });
                    k += 1;
                }
                if k == 0 {
                    // A port that lends no slot now (every frame in flight): try again, for a while.
                    let since = *stuck.get_or_insert_with(Instant::now);
                    if since.elapsed() > std::time::Duration::from_secs(1) {
                        return Err(riptide_port::PortError::Spec {
                            spec: q.info().name.clone(),
                            reason: "the port lent no transmit slot for 1 s".into(),
                        });
                    }
                    std::thread::yield_now();
                    continue;
                }
                stuck = None;
                q.tx_commit(k)?;
                i += k;
            }
        }
        Ok(())
    }
}

/// The process's peak resident memory (`VmHWM`), bytes; 0 where /proc does not say.
fn peak_rss_bytes() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
            line.split_whitespace().nth(1)?.parse::<u64>().ok()
        })
        .map_or(0, |kib| kib * 1024)
}

/// One sample of the series: counters at `t`, rates over the `span_s` seconds before;
/// `wall_s` is the wall time that span took (the engine's speed on virtual time).
fn sample(now: &GenStats, before: &GenStats, t: u64, span_s: f64, wall_s: f64) -> serde_json::Value {
    let per_s = |d: u64| (d as f64 / span_s.max(1e-9)).round();
    json!({
        "wall_s": wall_s,
        "engine_mpps": (now.tx_packets - before.tx_packets) as f64 / wall_s.max(1e-9) / 1e6,
        "t_s": t as f64 / 1e9,
        "m_active_flows": now.m_active_flows,
        "m_total_open_flows": now.m_total_open_flows,
        "m_total_close_flows": now.m_total_close_flows,
        "m_tx_pps": per_s(now.tx_packets - before.tx_packets),
        "m_tx_bps": per_s((now.tx_bytes - before.tx_bytes) * 8),
        "m_tx_cps": per_s(now.m_total_open_flows - before.m_total_open_flows),
    })
}
