//! `riptide run-stf`: TRex cap2 profiles (stateful flows) on riptide's ports.
//!
//! Simulated ports (pcap) and the null port run on virtual time as fast as the CPU
//! goes (every frame stamped with its scheduled departure); interfaces run in real time.
//! Client-to-server packets go to the first port, server-to-client packets to the
//! second (or the first, with one port).

use crate::run::PlaceArgs;
use crate::Failure;
use clap::Args;
use riptide_core::{Nanos, TxMeta};
use riptide_port::{Port, PortOptions, PortSpec};
use riptide_stf::gen::{FlowGen, GenOptions, GenStats};
use riptide_stf::profile::StfProfile;
use riptide_timer::SchedulerKind;
use serde_json::json;
use std::net::Ipv4Addr;
use std::path::PathBuf;
use std::time::Instant;

#[derive(Args, Debug)]
pub(crate) struct StfArgs {
    /// cap2 profile (TRex YAML).
    pub profile: PathBuf,
    /// Port: client side first, server side second (`pcap:FILE`, `null`, `afpacket:IF`).
    #[arg(long = "port", required = true)]
    pub ports: Vec<String>,
    /// CPS multiplier.
    #[arg(short = 'm', long, default_value_t = 1.0)]
    pub multiplier: f64,
    /// Seconds of new flows (default: the profile's `duration`).
    #[arg(short = 'd', long)]
    pub duration: Option<f64>,
    /// Stretch flow lifetimes so this many flows are active at steady state.
    #[arg(long)]
    pub active_flows: Option<u64>,
    /// Flow scheduler: tw (timer wheel) or pq (priority queue).
    #[arg(long, default_value = "tw")]
    pub scheduler: String,
    /// Print one JSON object (TRex's m_* names and a per-second series).
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub place: PlaceArgs,
}

fn in_benchmark_range(a: Ipv4Addr) -> bool {
    let o = a.octets();
    o[0] == 198 && (o[1] & 0xfe) == 18
}

/// Reads the profile and its pcaps into conversations.
fn load(path: &std::path::Path) -> Result<(StfProfile, Vec<riptide_stf::template::Conversation>), Failure> {
    let (profile, pcaps) = riptide_stf::profile::load(path).map_err(|e| Failure::input(e.to_string()))?;
    let mut convs = Vec::new();
    for (i, p) in pcaps.iter().enumerate() {
        let name = p.display();
        let fail = |m: String| Failure::input(format!("{name} (cap_info[{i}].name): {m}"));
        let meta = std::fs::metadata(p).map_err(|e| fail(e.to_string()))?;
        if meta.len() > riptide_stf::pcap::MAX_PCAP_BYTES {
            return Err(fail(format!("larger than {} bytes", riptide_stf::pcap::MAX_PCAP_BYTES)));
        }
        let data = std::fs::read(p).map_err(|e| fail(e.to_string()))?;
        let records = riptide_stf::pcap::parse(&data).map_err(fail)?;
        convs.push(riptide_stf::template::conversation(&records).map_err(fail)?);
    }
    Ok((profile, convs))
}

pub(crate) fn run_stf(a: StfArgs) -> Result<(), Failure> {
    let (profile, convs) = load(&a.profile)?;
    if !(a.multiplier.is_finite() && a.multiplier > 0.0) {
        return Err(Failure::input(format!("-m {}: must be a positive factor", a.multiplier)));
    }
    if let Some(d) = a.duration {
        if !(d.is_finite() && d > 0.0) {
            return Err(Failure::input(format!("-d {d}: must be a positive number of seconds")));
        }
    }
    let scheduler: SchedulerKind = a.scheduler.parse().map_err(|e| Failure::input(format!("--scheduler: {e}")))?;
    if a.ports.len() > 2 {
        return Err(Failure::input("run-stf takes one or two ports (client side, server side)"));
    }
    let config = a.place.engine_config(&a.ports)?;
    let real = config.ports.iter().any(|p| !matches!(p, PortSpec::Null) && !p.simulated());
    if real {
        // TRex's profiles use 16.0.0.0/48.0.0.0: those never go onto an interface.
        let g = &profile.generator;
        for (k, v) in [
            ("clients_start", g.clients_start),
            ("clients_end", g.clients_end),
            ("servers_start", g.servers_start),
            ("servers_end", g.servers_end),
        ] {
            if !in_benchmark_range(v) {
                return Err(Failure::input(format!(
                    "{}: generator.{k} {v} is outside 198.18.0.0/15: such profiles run only into pcap or null ports",
                    a.profile.display()
                )));
            }
        }
    }
    let unix_now =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0);
    let popts = PortOptions { epoch_unix_ns: unix_now, force: config.force, ..Default::default() };
    let mut groups = Vec::new();
    let mut queues: Vec<Box<dyn Port>> = Vec::new();
    for spec in &config.ports {
        let (g, mut q) = riptide_port::open(spec, 1, &popts).map_err(|e| Failure::input(e.to_string()))?;
        groups.push(g);
        queues.push(q.pop().ok_or_else(|| Failure::runtime("port opened without a queue"))?);
    }
    let opts = GenOptions {
        multiplier: a.multiplier,
        duration_s: a.duration,
        scheduler,
        active_flows: a.active_flows,
        seed: 1,
    };
    let mut gen = FlowGen::new(&profile, convs, opts).map_err(|e| Failure::input(format!("tw: {e}")))?;
    if gen.next_event().is_none() {
        return Err(Failure::input("the profile starts no flow"));
    }
    let unbounded = opts.duration_s.or(profile.duration).is_none();
    if unbounded {
        return Err(Failure::input("the profile has no duration: give -d SECONDS"));
    }
    let t0 = Instant::now();
    let mut busy = std::time::Duration::ZERO;
    let mut series = Vec::new();
    let mut last = (GenStats::default(), 0u64);
    let mut next_second = 1_000_000_000u64;
    let nports = queues.len();
    let mut pending = Pending::default();
    let mut error = None;
    let mut last_t = 0u64;
    let mut last_wall = 0.0f64;
    while let Some(t) = gen.next_event() {
        last_t = t;
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
            let wall = t0.elapsed().as_secs_f64();
            series.push(sample(&gen.stats, &last.0, next_second, 1.0, wall - last_wall));
            (last, last_wall) = ((gen.stats, next_second), wall);
            next_second += 1_000_000_000;
        }
        pending.clear();
        // Virtual time takes every event up to a horizon in one poll (in time order: the
        // schedulers pop by deadline, flows that start by then are inserted first), not
        // one timestamp per loop; never past the next series sample.
        let horizon = if real { t } else { t.saturating_add(VIRTUAL_WINDOW_NS).min(next_second - 1) };
        gen.poll(horizon, 256, &mut |port, at, f| {
            pending.push(port % nports, at, f);
            true
        });
        if let Err(e) = pending.send(&mut queues) {
            error = Some(e);
        }
        if let Some(b) = b {
            busy += b.elapsed();
        }
        if error.is_some() || crate::signal::interrupted() {
            break;
        }
    }
    // The last, partial second (rates per second over its length).
    if last_t > last.1 {
        let span = (last_t - last.1) as f64 / 1e9;
        series.push(sample(&gen.stats, &last.0, last_t, span, t0.elapsed().as_secs_f64() - last_wall));
    }
    for q in &mut queues {
        if let Err(e) = q.flush() {
            error.get_or_insert(e);
        }
    }
    let wall = t0.elapsed().as_secs_f64();
    let counters: Vec<_> = queues.iter().map(|q| q.counters()).collect();
    let mut by_port: Vec<Vec<Box<dyn Port>>> = queues.into_iter().map(|q| vec![q]).collect();
    if let Some(e) = error {
        return Err(Failure::runtime(e.to_string()));
    }
    for (g, q) in groups.into_iter().zip(by_port.drain(..)) {
        g.finish(q).map_err(|e| Failure::runtime(e.to_string()))?;
    }
    // Virtual time: the run lasts until its last departure (at least the profile's duration).
    let virt = last_t.max(last.1).max(1) as f64 / 1e9;
    let s = gen.stats;
    let secs = if real { wall } else { virt };
    let out = json!({
        "duration_s": secs,
        "wall_s": wall,
        "simulated": !real,
        "scheduler": a.scheduler,
        "m_active_flows": s.m_active_flows,
        "m_total_open_flows": s.m_total_open_flows,
        "m_total_close_flows": s.m_total_close_flows,
        "m_tx_pps": s.tx_packets as f64 / secs,
        "m_tx_bps": s.tx_bytes as f64 * 8.0 / secs,
        "m_tx_cps": s.m_total_open_flows as f64 / secs,
        "m_cpu_util": if real { 100.0 * busy.as_secs_f64() / wall.max(1e-9) } else { 100.0 },
        "m_total_queue_full": s.m_total_queue_full,
        "engine_mpps": s.tx_packets as f64 / wall.max(1e-9) / 1e6,
        "peak_rss_bytes": peak_rss_bytes(),
        "tx_packets": s.tx_packets,
        "tx_bytes": s.tx_bytes,
        "ports": counters.iter().enumerate().map(|(i, c)| json!({"index": i, "opackets": c.opackets, "obytes": c.obytes})).collect::<Vec<_>>(),
        "series": series,
    });
    if a.json {
        println!("{}", serde_json::to_string_pretty(&out).map_err(|e| Failure::runtime(e.to_string()))?);
    } else {
        println!(
            "flows opened {} closed {} active {}; packets {} ({:.0} pps, {:.0} cps over {:.3} s {}); {:.2} Mpps engine",
            s.m_total_open_flows,
            s.m_total_close_flows,
            s.m_active_flows,
            s.tx_packets,
            out["m_tx_pps"].as_f64().unwrap_or(0.0),
            out["m_tx_cps"].as_f64().unwrap_or(0.0),
            secs,
            if real { "wall" } else { "virtual" },
            out["engine_mpps"].as_f64().unwrap_or(0.0)
        );
    }
    Ok(())
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
