//! Stateful runs (TRex STF): cap2 profiles replayed as flows on the engine's ports.
//!
//! [`Command::StfStart`](crate::Command::StfStart) loads a profile and its pcaps and starts
//! one shared-nothing flow generator per core (core `k` starts flows `k, k+N, ...` of every
//! template: its own scheduler and counters) as the [`Stateful`] run kind on the shared
//! worker loop and TSC clock; snapshots carry the TRex counters ([`StfStats`]), and
//! [`StfReport`] is the report `riptide run-stf --json` prints and the daemon's `stf_stop`
//! returns. Simulated ports (pcap) and ports that do not care about time (null) run on
//! virtual time as fast as the CPU goes, interfaces in real time. Client-to-server packets
//! go to the first port, server-to-client packets to the second (or the first, with one
//! port).

use crate::kind::{RunKind, Turn};
use crate::stats::{KindCounters, Snapshot};
pub use crate::stf_report::{Second, StfCounters, StfSample, StfStats};
use riptide_core::host::peak_rss_bytes;
use riptide_core::{Nanos, TxBatch, TxMeta};
use riptide_stf::gen::{FlowGen, GenStats};
use riptide_stf::profile::StfProfile;
use riptide_stf::template::Conversation;
use riptide_timer::SchedulerKind;
use serde::{Deserialize, Serialize};
use std::net::Ipv4Addr;
use std::path::PathBuf;

/// What a stateful run is asked to do (`riptide run-stf`, the daemon's `stf_start`).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StfStart {
    /// The cap2 profile (YAML) and its pcaps.
    pub profile: StfSource,
    /// CPS multiplier (`-m`): a factor.
    #[serde(default = "one_f64")]
    pub multiplier: f64,
    /// The test's length (default: the profile's `duration`), as in TRex: flows start
    /// until then and the run ends then, flows still going counted as active.
    #[serde(default)]
    pub duration: Option<Nanos>,
    /// Stretch flow lifetimes so this many flows are active at steady state.
    #[serde(default)]
    pub active_flows: Option<u64>,
    /// Flow scheduler: `tw` (timer wheel, default) or `pq` (priority queue).
    #[serde(default, with = "scheduler_name")]
    pub scheduler: SchedulerKind,
    /// Worker threads, each with its own share of every template's flows.
    #[serde(default = "one_usize")]
    pub cores: usize,
    /// Pin worker `k` to core `pin[k]` (one core per worker, each one this process may
    /// run on); empty: the kernel places the workers.
    #[serde(default)]
    pub pin: Vec<usize>,
    /// Stop after this many packets in all.
    #[serde(default)]
    pub count: Option<u64>,
    /// This generator's share of a run split between several (`--segment I/N`): the
    /// flows numbered `I` modulo `N` (their addresses, ports and start times those of
    /// one generator running them all, with the `seq` distribution) and 1/N of
    /// `count` ([`crate::Segment::tcp_share`]).
    #[serde(default)]
    pub segment: Option<crate::Segment>,
    /// Start at this wall-clock time (`CLOCK_REALTIME`, ns since the Unix epoch), so the
    /// generators of a split run begin together. At least 1 ms and at most 60 s ahead.
    #[serde(default)]
    pub at_unix_ns: Option<u64>,
}

fn one_f64() -> f64 {
    1.0
}

fn one_usize() -> usize {
    1
}

impl StfStart {
    /// A run of the profile at `path` with the defaults.
    pub fn new(path: impl Into<PathBuf>) -> StfStart {
        StfStart::from_source(StfSource::Path(path.into()))
    }

    /// A run of the profile from `source` with the defaults.
    pub fn from_source(source: StfSource) -> StfStart {
        StfStart {
            profile: source,
            multiplier: 1.0,
            duration: None,
            active_flows: None,
            scheduler: SchedulerKind::Wheel,
            cores: 1,
            pin: Vec::new(),
            count: None,
            segment: None,
            at_unix_ns: None,
        }
    }
}

/// `tw` / `pq` in JSON.
mod scheduler_name {
    use riptide_timer::SchedulerKind;
    use serde::{Deserialize, Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(k: &SchedulerKind, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(super::scheduler_label(*k))
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<SchedulerKind, D::Error> {
        String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
    }
}

/// `tw` or `pq`, as TRex names them (and `tw-only`, riptide's wheel without its sorted run).
pub(crate) fn scheduler_label(k: SchedulerKind) -> &'static str {
    match k {
        SchedulerKind::Wheel => "tw",
        SchedulerKind::Heap => "pq",
        SchedulerKind::WheelOnly => "tw-only",
    }
}

/// Why a stateful run cannot be loaded: the profile or its pcaps (bad input).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct StfError(pub String);

/// Where a stateful profile comes from.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StfSource {
    /// A cap2 file on the engine's host; its pcaps are found as TRex finds them (the
    /// current directory, then the profile's).
    Path(PathBuf),
    /// A cap2 profile's text and its pcaps by the names its `cap_info` gives: sent over
    /// the wire, or read by a front end from a directory it may read (the daemon's
    /// `--data-dir`), so the engine reads no file and holds no lock while one is read.
    Inline {
        /// The profile's name in messages.
        name: String,
        /// The YAML.
        text: String,
        /// Each pcap's bytes by its `cap_info[].name`.
        pcaps: std::collections::BTreeMap<String, Vec<u8>>,
    },
}

impl StfSource {
    /// The profile's name in messages.
    pub fn name(&self) -> String {
        match self {
            StfSource::Path(p) => p.display().to_string(),
            StfSource::Inline { name, .. } => name.clone(),
        }
    }
}

/// Reads the pcap files `paths` (at most [`riptide_stf::pcap::MAX_PCAP_BYTES`] each).
fn read_pcaps(paths: &[PathBuf]) -> Result<Vec<(String, Vec<u8>)>, StfError> {
    let mut out = Vec::new();
    for (i, p) in paths.iter().enumerate() {
        let name = p.display().to_string();
        let fail = |m: String| StfError(format!("{name} (cap_info[{i}].name): {m}"));
        let meta = std::fs::metadata(p).map_err(|e| fail(e.to_string()))?;
        if meta.len() > riptide_stf::pcap::MAX_PCAP_BYTES {
            return Err(fail(format!("larger than {} bytes", riptide_stf::pcap::MAX_PCAP_BYTES)));
        }
        out.push((name.clone(), std::fs::read(p).map_err(|e| fail(e.to_string()))?));
    }
    Ok(out)
}

/// The pcaps sent with an inline profile, by the names its `cap_info` gives.
fn sent_pcaps(
    name: &str,
    profile: &StfProfile,
    pcaps: &std::collections::BTreeMap<String, Vec<u8>>,
) -> Result<Vec<(String, Vec<u8>)>, StfError> {
    profile
        .cap_info
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let want = c.name.display().to_string();
            pcaps.get(&want).map(|b| (want.clone(), b.clone())).ok_or_else(|| {
                StfError(format!("{name}: cap_info[{i}].name: pcap '{want}' was not sent with the profile"))
            })
        })
        .collect()
}

/// Reads a cap2 profile and its pcaps into conversations (IPv6 prefixes applied);
/// errors name the file and the key. A note for keys read but unused goes to `notes`.
pub(crate) fn load_profile(
    source: &StfSource,
    notes: &mut Vec<String>,
) -> Result<(StfProfile, Vec<Conversation>), StfError> {
    let (profile, pcaps) = match source {
        StfSource::Path(path) => {
            let (profile, paths) = riptide_stf::profile::load(path).map_err(|e| StfError(e.to_string()))?;
            let data = read_pcaps(&paths)?;
            (profile, data)
        }
        StfSource::Inline { name, text, pcaps } => {
            if text.len() as u64 > riptide_stf::profile::MAX_PROFILE_BYTES {
                return Err(StfError(format!("{name}: larger than {} bytes", riptide_stf::profile::MAX_PROFILE_BYTES)));
            }
            let profile = riptide_stf::profile::parse(text, name).map_err(|e| StfError(e.to_string()))?;
            let data = sent_pcaps(name, &profile, pcaps)?;
            (profile, data)
        }
    };
    let mut convs = Vec::new();
    for (i, (name, data)) in pcaps.iter().enumerate() {
        let fail = |m: String| StfError(format!("{name} (cap_info[{i}].name): {m}"));
        if data.len() as u64 > riptide_stf::pcap::MAX_PCAP_BYTES {
            return Err(fail(format!("larger than {} bytes", riptide_stf::pcap::MAX_PCAP_BYTES)));
        }
        let records = riptide_stf::pcap::parse(data).map_err(fail)?;
        let mut conv = riptide_stf::template::conversation(&records).map_err(fail)?;
        if let Some((c, s)) = profile.ipv6_prefixes() {
            conv.set_ipv6_prefixes(c, s);
        }
        convs.push(conv);
    }
    if profile.mac.is_some() {
        notes.push(format!(
            "{}: note: 'mac' is not used (TRex no longer reads it either): frames keep their pcap's MAC addresses",
            source.name()
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
pub(crate) fn check_interface_safety(
    profile: &StfProfile,
    convs: &[Conversation],
    source: &str,
) -> Result<(), StfError> {
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
            return Err(StfError(format!(
                "{source}: {k} {v} is outside 198.18.0.0/15: such profiles run only into pcap or null ports"
            )));
        }
    }
    for (i, c) in convs.iter().enumerate() {
        for addr in [c.client, c.server] {
            if let std::net::IpAddr::V6(v) = addr {
                if v.segments()[..3] != [0x2001, 2, 0] {
                    return Err(StfError(format!(
                        "{source}: cap_info[{i}]'s IPv6 address {v} is outside 2001:2::/48: such templates run only \
                         into pcap or null ports"
                    )));
                }
            }
        }
    }
    Ok(())
}

/// How far ahead of its earliest event a virtual-time poll reaches (flows starting within
/// it are opened at once, so this bounds the extra flow state: 10% of a second's flows).
const VIRTUAL_WINDOW_NS: u64 = 100_000_000;

/// Frames one generator poll handed out, each port's in order, waiting for its batches.
#[derive(Default)]
struct Pending {
    buf: Vec<u8>,
    /// Per port: departure, start and end in `buf`.
    frames: Vec<Vec<(u64, usize, usize)>>,
    /// Per port: the next frame to send.
    next: Vec<usize>,
}

impl Pending {
    fn new(ports: usize) -> Pending {
        Pending { buf: Vec::new(), frames: vec![Vec::new(); ports], next: vec![0; ports] }
    }

    fn is_empty(&self) -> bool {
        self.frames.iter().zip(&self.next).all(|(f, &n)| n >= f.len())
    }

    fn clear(&mut self) {
        self.buf.clear();
        for f in &mut self.frames {
            f.clear();
        }
        self.next.fill(0);
    }

    /// The earliest departure not yet sent.
    fn earliest(&self) -> Option<u64> {
        self.frames.iter().zip(&self.next).filter_map(|(f, &n)| f.get(n).map(|x| x.0)).min()
    }

    /// Frames and bytes handed out by the generator but not (yet) sent.
    fn unsent(&self) -> (u64, u64) {
        let mut out = (0, 0);
        for (f, &n) in self.frames.iter().zip(&self.next) {
            for &(_, s, e) in f.iter().skip(n) {
                out.0 += 1;
                out.1 += (e - s) as u64;
            }
        }
        out
    }
}

/// One core's share of a stateful run: its flow generator.
pub(crate) struct Stateful {
    gen: FlowGen,
    pending: Pending,
    seconds: Vec<Second>,
    next_second: u64,
    last_t: u64,
}

impl Stateful {
    /// A core's generator, its frames spread over `ports` ports.
    pub(crate) fn new(gen: FlowGen, ports: usize) -> Stateful {
        Stateful {
            gen,
            pending: Pending::new(ports.max(1)),
            seconds: Vec::new(),
            next_second: 1_000_000_000,
            last_t: 0,
        }
    }

    /// Takes the generator's events up to the turn's horizon (virtual time: a window
    /// ahead of the earliest, never past the next series sample), at most `max` of them,
    /// into `pending`.
    fn refill(&mut self, turn: &Turn, max: u64) {
        self.pending.clear();
        let Some(t) = self.gen.poll_timeout() else { return };
        if turn.real_time && t > turn.horizon.0 {
            return;
        }
        if t >= self.next_second {
            // Every whole second from the next one to the last before `t` ends with the
            // counters as they are now (nothing was due between): one entry for them all.
            let (first, last) = (self.next_second / 1_000_000_000, t / 1_000_000_000);
            let stats = self.gen.stats;
            match self.seconds.last_mut() {
                // The schedulers' next deadline may be early (a wheel bucket's start): the
                // seconds up to the real event hold the same counters, one entry still.
                Some(prev) if prev.stats == stats && prev.last + 1 == first => prev.last = last,
                _ => self.seconds.push(Second { first, last, stats, wall: turn.wall.as_secs_f64() }),
            }
            self.next_second = (last + 1) * 1_000_000_000;
        }
        let horizon = if turn.real_time {
            turn.horizon.0
        } else {
            // Virtual time takes every event up to a horizon in one poll (in time order:
            // the schedulers pop by deadline, flows that start by then are inserted
            // first), not one timestamp per loop.
            t.saturating_add(VIRTUAL_WINDOW_NS).min(self.next_second - 1).min(turn.horizon.0)
        };
        let pending = &mut self.pending;
        let ports = pending.frames.len();
        let max = max.clamp(1, 256) as usize;
        self.gen.poll_transmit(horizon, max, &mut |port, at, f| {
            let start = pending.buf.len();
            pending.buf.extend_from_slice(f);
            pending.frames[port % ports].push((at, start, pending.buf.len()));
            true
        });
    }
}

impl RunKind for Stateful {
    fn handle_start(&mut self) {}

    fn poll_transmit(&mut self, port: usize, batch: &mut TxBatch<'_>, budget: u64, turn: &Turn) -> usize {
        if self.pending.is_empty() {
            self.refill(turn, budget);
        }
        let Some(frames) = self.pending.frames.get(port) else { return 0 };
        let mut n = 0;
        let mut i = self.pending.next[port];
        while (n as u64) < budget && i < frames.len() {
            let Some(slot) = batch.slot() else { break };
            let (at, s, e) = frames[i];
            let len = (e - s).min(slot.len());
            slot[..len].copy_from_slice(&self.pending.buf[s..s + len]);
            batch.commit(TxMeta { len: len as u32, stream: 0, departure: Nanos(at) });
            self.last_t = self.last_t.max(at);
            n += 1;
            i += 1;
        }
        self.pending.next[port] = i;
        n
    }

    fn poll_timeout(&self) -> Option<Nanos> {
        self.pending.earliest().or_else(|| self.gen.poll_timeout()).map(Nanos)
    }

    fn publish(&self, out: &mut KindCounters, full: bool) {
        if !matches!(out, KindCounters::Stateful(_)) {
            *out = KindCounters::Stateful(StfCounters::default());
        }
        let KindCounters::Stateful(c) = out else { return };
        // The generator counts a packet when it hands it out; frames still waiting for a
        // port (a run stopped or out of budget) were never sent.
        let (frames, bytes) = self.pending.unsent();
        c.stats = self.gen.stats;
        c.stats.tx_packets -= frames;
        c.stats.tx_bytes -= bytes;
        c.last_t = self.last_t;
        if full {
            c.seconds.clone_from(&self.seconds);
        }
    }

    fn virtual_now(&self) -> Nanos {
        Nanos(self.last_t)
    }
}

impl StfStats {
    /// The stateful figures of the workers' `counters`: `secs` the run's length (virtual
    /// or wall), `wall` its wall time, `series` with the per-second series.
    pub(crate) fn merge(
        counters: &[crate::stats::WorkerCounters],
        secs: f64,
        wall: f64,
        real: bool,
        scheduler: SchedulerKind,
        series: bool,
    ) -> StfStats {
        let mine: Vec<&StfCounters> = counters
            .iter()
            .filter_map(|c| match &c.kind {
                KindCounters::Stateful(s) => Some(s),
                _ => None,
            })
            .collect();
        let mut s = GenStats::default();
        for c in &mine {
            s.add(&c.stats);
        }
        let busy: u64 = counters.iter().map(|c| c.busy_ns).sum();
        let cores = counters.len();
        let last_t = mine.iter().map(|c| c.last_t).max().unwrap_or(0);
        let per = |x: u64| if secs > 0.0 { x as f64 / secs } else { 0.0 };
        StfStats {
            scheduler: scheduler_label(scheduler).into(),
            cores,
            wall_s: wall,
            counters: s,
            m_tx_pps: per(s.tx_packets),
            m_tx_bps: per(s.tx_bytes * 8),
            m_tx_cps: per(s.m_total_open_flows),
            m_cpu_util: if real { 100.0 * busy as f64 / 1e9 / (wall * cores as f64).max(1e-9) } else { 100.0 },
            engine_mpps: s.tx_packets as f64 / wall.max(1e-9) / 1e6,
            peak_rss_bytes: peak_rss_bytes(),
            series: if series { merge_series(&mine, last_t, wall) } else { Vec::new() },
        }
    }
}

/// The per-second series of all cores: each whole second's counters summed over the
/// cores (a core already done counts with its final counters), its wall time the
/// slowest core's; a stretch of seconds in which nothing happened on any core is one
/// sample at its end, its rates over its length; then the last, partial second up to
/// `last_t`.
fn merge_series(cores: &[&StfCounters], last_t: u64, wall: f64) -> Vec<StfSample> {
    // The seconds at which some core's counters may change: the end of every entry.
    let mut ends: Vec<u64> = cores.iter().flat_map(|c| c.seconds.iter().map(|x| x.last)).collect();
    ends.sort_unstable();
    ends.dedup();
    let (mut out, mut before, mut before_wall, mut prev) = (Vec::new(), GenStats::default(), 0.0f64, 0u64);
    // The sample before the last one's, should the last have to take in the final frames.
    let mut last_from = (GenStats::default(), 0.0f64, 0u64);
    for &s in &ends {
        let (mut now, mut w) = (GenStats::default(), 0.0f64);
        for c in cores {
            // The entry holding second `s`, or the core's final counters past its last.
            match c.seconds.iter().find(|x| x.first <= s && s <= x.last) {
                Some(x) => {
                    now.add(&x.stats);
                    w = w.max(x.wall);
                }
                None if c.seconds.last().is_some_and(|x| x.last >= s) => {
                    // Between entries cannot happen (entries cover 1..=last); be safe.
                    if let Some(x) = c.seconds.iter().rev().find(|x| x.last < s) {
                        now.add(&x.stats);
                    }
                }
                None => now.add(&c.stats),
            }
        }
        out.push(sample(&now, &before, s * 1_000_000_000, (s - prev) as f64, w - before_wall));
        last_from = (before, before_wall, prev);
        (before, before_wall, prev) = (now, w, s);
    }
    let whole = prev * 1_000_000_000;
    let mut total = GenStats::default();
    for c in cores {
        total.add(&c.stats);
    }
    if last_t > whole {
        out.push(sample(&total, &before, last_t, (last_t - whole) as f64 / 1e9, wall - before_wall));
    } else if total != before && !out.is_empty() {
        // The last frames left exactly on the last whole second, where the run ends: its
        // sample takes them in, so the series ends with the run and counts every frame.
        let (from, from_wall, start) = last_from;
        out.pop();
        out.push(sample(&total, &from, whole, (prev - start) as f64, wall - from_wall));
    }
    out
}

/// One sample of the series: counters at `t`, rates over the `span_s` seconds before;
/// `wall_s` is the wall time that span took (the engine's speed on virtual time).
fn sample(now: &GenStats, before: &GenStats, t: u64, span_s: f64, wall_s: f64) -> StfSample {
    let per_s = |d: u64| (d as f64 / span_s.max(1e-9)).round();
    let packets = now.tx_packets.saturating_sub(before.tx_packets);
    StfSample {
        wall_s,
        engine_mpps: packets as f64 / wall_s.max(1e-9) / 1e6,
        t_s: t as f64 / 1e9,
        m_active_flows: now.m_active_flows,
        m_total_open_flows: now.m_total_open_flows,
        m_total_close_flows: now.m_total_close_flows,
        m_tx_pps: per_s(packets),
        m_tx_bps: per_s(now.tx_bytes.saturating_sub(before.tx_bytes) * 8),
        m_tx_cps: per_s(now.m_total_open_flows.saturating_sub(before.m_total_open_flows)),
    }
}

/// A port's counts in a stateful report.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct StfPort {
    /// Port index.
    pub index: usize,
    /// Frames sent.
    pub opackets: u64,
    /// Bytes sent (FCS excluded).
    pub obytes: u64,
    /// Line rate of the port (its link speed, or `--line-rate`).
    pub line_rate_bps: f64,
}

/// A stateful run's report, as `riptide run-stf --json` prints it and the daemon's
/// `stf_stop` returns it: TRex's `m_*` names, per-port counts, the per-second series.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct StfReport {
    /// Length of the run: its last departure on virtual time, wall time otherwise.
    pub duration_s: f64,
    /// Virtual time (simulated or null ports).
    pub simulated: bool,
    /// Stopped before it ended by itself (a signal, `stf_stop`): the figures cover it until then.
    pub interrupted: bool,
    /// The rest: scheduler, cores, counters, rates, series.
    #[serde(flatten)]
    pub stats: StfStats,
    /// Per port.
    pub ports: Vec<StfPort>,
}

impl StfReport {
    /// The report of a snapshot of a stateful run (`None` for other runs).
    pub fn from_snapshot(s: &Snapshot) -> Option<StfReport> {
        Some(StfReport {
            duration_s: s.duration_s,
            simulated: s.simulated,
            interrupted: s.interrupted,
            stats: s.stf.clone()?,
            ports: s
                .ports
                .iter()
                .map(|p| StfPort {
                    index: p.index,
                    opackets: p.opackets,
                    obytes: p.obytes,
                    line_rate_bps: p.line_rate_bps,
                })
                .collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    //! The stateful run kind on a virtual clock: the worker's turns, stepped by the test.
    use super::*;
    use riptide_core::TxMeta;
    use riptide_stf::gen::GenOptions;

    type Frames = Vec<(u64, Vec<u8>)>;

    fn generator() -> FlowGen {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../profiles/stf/udp10.yaml");
        let (profile, convs) = load_profile(&StfSource::Path(path), &mut Vec::new()).unwrap();
        let opts = GenOptions { duration_s: Some(0.5), ..GenOptions::default() };
        FlowGen::new(&profile, convs, opts).unwrap()
    }

    /// Every frame of the generator per port, polled at each of its own wake-ups.
    fn reference() -> [Frames; 2] {
        let mut g = generator();
        let mut out: [Frames; 2] = [Vec::new(), Vec::new()];
        while let Some(t) = g.poll_timeout() {
            g.poll_transmit(t, usize::MAX, &mut |port, at, f| {
                out[port].push((at, f.to_vec()));
                true
            });
        }
        out
    }

    /// One worker turn: each port's batches until it has nothing more; `budget` per batch.
    fn turn(kind: &mut Stateful, t: &Turn, budget: u64, out: &mut [Frames; 2]) -> usize {
        let (mut mem, offsets) = (vec![0u8; 64 * 128], (0..64).map(|i| i * 128).collect::<Vec<_>>());
        let mut meta = vec![TxMeta::default(); 64];
        let mut total = 0;
        for (port, frames) in out.iter_mut().enumerate() {
            loop {
                let mut b = TxBatch::new(&mut mem, &offsets, 128, &mut meta).unwrap();
                let n = kind.poll_transmit(port, &mut b, budget, t);
                frames.extend(b.frames().map(|(f, m)| (m.departure.0, f.to_vec())));
                total += n;
                if n == 0 {
                    break;
                }
            }
        }
        total
    }

    #[test]
    fn real_time_turns_of_a_millisecond_send_what_the_generator_schedules() {
        let want = reference();
        let mut kind = Stateful::new(generator(), 2);
        let mut got: [Frames; 2] = [Vec::new(), Vec::new()];
        let mut now = 0u64;
        // The clock moves in 1 ms turns (a worker that wakes every millisecond) until the
        // kind has nothing left: frames leave at the first turn at or after their time.
        while kind.poll_timeout().is_some() {
            let t = Turn { horizon: Nanos(now), catch_up: None, wall: Nanos(now), real_time: true };
            turn(&mut kind, &t, 64, &mut got);
            assert!(got.iter().flatten().all(|(at, _)| *at <= now), "nothing before its time");
            now += 1_000_000;
        }
        assert_eq!(want[0].len() + want[1].len(), 500, "50 flows of 10 packets");
        assert_eq!(got, want, "the same frames, departures and order per port");
        let mut c = KindCounters::None;
        kind.publish(&mut c, true);
        let KindCounters::Stateful(c) = c else { panic!() };
        assert_eq!((c.stats.tx_packets, c.stats.m_total_close_flows), (500, 50));
    }

    #[test]
    fn virtual_time_runs_ahead_and_a_budget_stops_at_an_exact_count() {
        let want = reference();
        let mut kind = Stateful::new(generator(), 2);
        let mut got: [Frames; 2] = [Vec::new(), Vec::new()];
        let t = Turn { horizon: Nanos::MAX, catch_up: None, wall: Nanos::ZERO, real_time: false };
        // The worker's budget: 137 packets in all, claimed 7 at a time per port batch.
        let (mut mem, offsets) = (vec![0u8; 64 * 128], (0..64).map(|i| i * 128).collect::<Vec<_>>());
        let mut meta = vec![TxMeta::default(); 64];
        let mut left = 137u64;
        'run: while kind.poll_timeout().is_some() {
            for (port, frames) in got.iter_mut().enumerate() {
                if left == 0 {
                    break 'run;
                }
                let mut b = TxBatch::new(&mut mem, &offsets, 128, &mut meta).unwrap();
                let n = kind.poll_transmit(port, &mut b, left.min(7), &t);
                frames.extend(b.frames().map(|(f, m)| (m.departure.0, f.to_vec())));
                left -= n as u64;
            }
        }
        let sent: Vec<(u64, Vec<u8>)> = got.iter().flatten().cloned().collect();
        assert_eq!(sent.len(), 137);
        let mut c = KindCounters::None;
        kind.publish(&mut c, true);
        let KindCounters::Stateful(c) = c else { panic!() };
        assert_eq!(c.stats.tx_packets, sent.len() as u64, "counted: what the ports got, nothing pending");
        for p in 0..2 {
            assert_eq!(got[p][..], want[p][..got[p].len()], "port {p}: the generator's frames, in order");
        }
    }
}
