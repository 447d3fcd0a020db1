//! Impairments: a delay line with seeded loss, reordering, duplication and outages.
//!
//! [`ImpairLine`] is the pure logic, one direction of a link: frames go in with the time
//! they left ([`ImpairLine::handle_frame`]) and come out when they are due
//! ([`ImpairLine::poll_frame`]), each delayed by a fixed time, and by a seed some are
//! lost, swapped with the next one, delivered twice, or dropped because they left during
//! an outage. It counts what it injected, so a test compares a receiver's figures with
//! the truth. Two places use it, in smoltcp's `FaultInjector` manner:
//!
//! - [`ImpairLink`] / [`ImpairPort`]: an in-memory port pair, ends 0 and 1 (`link:`):
//!   what end 0 sends, end 1 receives, and back. On virtual time a frame's receive
//!   timestamp is `epoch + departure + delay`; with [`Impairments::real_time`] the link
//!   runs on the wall clock as an interface would: a frame sent at (Unix,
//!   `CLOCK_REALTIME`) time `t` becomes receivable at `t + delay` and carries that
//!   arrival as its receive timestamp, the way a NIC stamps frames on arrival.
//! - [`crate::wrap::Impaired`]: a wrapper over any port (`afpacket:rt0+impair:loss=1%`),
//!   impairing what it transmits.

use crate::arena::Arena;
use crate::ring::{self, Consumer, Producer};
use crate::{Port, PortError, PortInfo};
pub(crate) use riptide_core::host::unix_now_ns;
use riptide_core::{Nanos, PortCounters, Rng, TxBatch};
use std::collections::VecDeque;
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// What the link does to frames, in parts per million.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Impairments {
    /// Fixed one-way delay.
    pub delay: Nanos,
    /// Frames dropped, ppm.
    pub loss_ppm: u32,
    /// Frames swapped with the frame after them, ppm.
    pub reorder_ppm: u32,
    /// Frames delivered twice, ppm.
    pub duplicate_ppm: u32,
    /// Every frame that leaves within this window of run time (from, to) is lost: a link
    /// that goes down for a while.
    pub outage: Option<(Nanos, Nanos)>,
    /// Extra delay for the first frame of each flow (its IP addresses, protocol and
    /// ports, not seen before on this line): a DUT whose flow cache misses, as the OVS
    /// benchmarks saw (24.5 ms for a flow's first packet against ~200 us after).
    pub new_flow: Nanos,
    /// Seed of the decisions.
    pub seed: u64,
    /// Run on the wall clock (the ports are then not simulated).
    pub real_time: bool,
    /// A bottleneck: the link forwards at this rate, one frame after another (a DUT's
    /// forwarding rate), frames waiting in a queue of [`Impairments::queue`] frames.
    pub rate: Option<Bottleneck>,
    /// With a `rate`: at most this many frames wait behind the one being forwarded; one
    /// that finds the queue full is lost (tail drop). `None`: the queue has no bound.
    pub queue: Option<u32>,
}

/// A bottleneck's rate: frames per second, or bits per second counted on the wire (L1:
/// the frame, its FCS, preamble and gap) or over the frame and FCS (L2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bottleneck {
    /// Frames per second.
    Pps(u64),
    /// L1 bits per second.
    BpsL1(u64),
    /// L2 bits per second.
    BpsL2(u64),
}

impl Bottleneck {
    /// How long forwarding a frame of `len` bytes (no FCS) takes, rounded up to a ns.
    pub fn service(self, len: usize) -> Nanos {
        let (units, per_second) = match self {
            Bottleneck::Pps(p) => (1u128, p),
            Bottleneck::BpsL1(b) => (((len + 24) * 8) as u128, b),
            Bottleneck::BpsL2(b) => (((len + 4) * 8) as u128, b),
        };
        Nanos((units * 1_000_000_000).div_ceil(u128::from(per_second.max(1))) as u64)
    }
}

impl fmt::Display for Bottleneck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bottleneck::Pps(p) => write!(f, "{p}pps"),
            Bottleneck::BpsL1(b) => write!(f, "{b}bpsl1"),
            Bottleneck::BpsL2(b) => write!(f, "{b}bps"),
        }
    }
}

const IMPAIR_EXPECTED: &str =
    "expected delay=DURATION, loss=P%, reorder=P%, dup=P%, outage=FROM..TO, newflow=DURATION, \
     rate=RATE, queue=N, seed=N or realtime";

impl Impairments {
    /// Parses `delay=50us,loss=1%,reorder=0.5%,dup=0.1%,outage=1s..1.5s,seed=7,realtime`
    /// (every key optional; an empty string is a perfect link on virtual time).
    pub fn parse(s: &str) -> Result<Impairments, String> {
        let mut c = Impairments::default();
        for item in s.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let (k, v) = item.split_once('=').unwrap_or((item, ""));
            let ppm = |v: &str| -> Result<u32, String> {
                let pct = v.strip_suffix('%').and_then(|n| n.trim().parse::<f64>().ok());
                match pct {
                    Some(p) if (0.0..=100.0).contains(&p) => Ok((p * 10_000.0).round() as u32),
                    _ => Err(format!("{k}={v}: expected a percentage such as 1% or 0.05%")),
                }
            };
            match k {
                "delay" => c.delay = v.parse().map_err(|e| format!("delay={v}: {e}"))?,
                "loss" => c.loss_ppm = ppm(v)?,
                "reorder" => c.reorder_ppm = ppm(v)?,
                "dup" => c.duplicate_ppm = ppm(v)?,
                "outage" => {
                    let bad = || format!("outage={v}: expected FROM..TO in run time, such as 1s..1.5s");
                    let (a, b) = v.split_once("..").ok_or_else(bad)?;
                    let (a, b): (Nanos, Nanos) = (a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?);
                    if b <= a {
                        return Err(format!("outage={v}: the end must come after the start"));
                    }
                    c.outage = Some((a, b));
                }
                "newflow" => c.new_flow = v.parse().map_err(|e| format!("newflow={v}: {e}"))?,
                "seed" => c.seed = v.parse().map_err(|_| format!("seed={v}: expected a whole number"))?,
                "rate" => {
                    let bad =
                        |why: String| format!("rate={v}: {why}: expected a rate such as 1mpps, 1gbps (L2) or 1gbpsl1");
                    let r: riptide_core::Rate =
                        v.parse().map_err(|e: riptide_core::units::RateError| bad(e.to_string()))?;
                    let whole = |x: f64| (1.0..=1e15).contains(&x).then(|| x.round() as u64);
                    c.rate = Some(
                        match r {
                            riptide_core::Rate::Pps(p) => whole(p).map(Bottleneck::Pps),
                            riptide_core::Rate::BpsL1(b) => whole(b).map(Bottleneck::BpsL1),
                            riptide_core::Rate::BpsL2(b) => whole(b).map(Bottleneck::BpsL2),
                            riptide_core::Rate::Percent(_) => None,
                        }
                        .ok_or_else(|| bad("at least 1 per second, and not a percentage".into()))?,
                    );
                }
                "queue" => {
                    let n: u32 = v.parse().map_err(|_| format!("queue={v}: expected a number of frames"))?;
                    c.queue = Some(n);
                }
                "realtime" if v.is_empty() => c.real_time = true,
                _ => return Err(format!("'{item}': {IMPAIR_EXPECTED}")),
            }
        }
        if c.loss_ppm + c.reorder_ppm + c.duplicate_ppm > 1_000_000 {
            return Err("loss + reorder + dup exceed 100%".into());
        }
        if c.queue.is_some() && c.rate.is_none() {
            return Err("queue=N needs rate=RATE (the queue fills when frames come faster than the rate)".into());
        }
        Ok(c)
    }
}

impl fmt::Display for Impairments {
    /// The parameters as [`Impairments::parse`] reads them (defaults left out).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if self.delay > Nanos::ZERO {
            parts.push(format!("delay={}ns", self.delay.0));
        }
        for (k, v) in [("loss", self.loss_ppm), ("reorder", self.reorder_ppm), ("dup", self.duplicate_ppm)] {
            if v > 0 {
                parts.push(format!("{k}={}%", f64::from(v) / 10_000.0));
            }
        }
        if let Some((a, b)) = self.outage {
            parts.push(format!("outage={}ns..{}ns", a.0, b.0));
        }
        if self.new_flow > Nanos::ZERO {
            parts.push(format!("newflow={}ns", self.new_flow.0));
        }
        if self.seed != 0 {
            parts.push(format!("seed={}", self.seed));
        }
        if let Some(r) = self.rate {
            parts.push(format!("rate={r}"));
        }
        if let Some(q) = self.queue {
            parts.push(format!("queue={q}"));
        }
        if self.real_time {
            parts.push("realtime".into());
        }
        f.write_str(&parts.join(","))
    }
}

/// What a line injected.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Injected {
    /// Frames offered.
    pub offered: u64,
    /// Dropped (by chance or in an outage).
    pub lost: u64,
    /// Swapped with their successor.
    pub reordered: u64,
    /// Delivered twice.
    pub duplicated: u64,
}

/// One direction of an impaired link: pure, time passed in (see the module docs).
#[derive(Debug)]
pub struct ImpairLine {
    cfg: Impairments,
    rng: Rng,
    /// Frames on their way, with the time each is due.
    queue: VecDeque<(Vec<u8>, Nanos)>,
    /// A frame held back to be delivered after the next one.
    held: Option<(Vec<u8>, Nanos)>,
    injected: Injected,
    /// Flows seen (with `new_flow`), by key.
    flows: std::collections::HashSet<u64>,
    /// With a bottleneck: when each frame in it (forwarded or waiting) is through, in
    /// order.
    through: VecDeque<Nanos>,
}

/// A frame's flow: a hash of its IP addresses, protocol and TCP/UDP ports (behind
/// Ethernet and any VLAN tags), or of the whole frame less its last 18 bytes (riptide's
/// tag trailer) when it is not IP.
pub fn flow_key(frame: &[u8]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    let mut at = 12;
    let ethertype = |f: &[u8], at: usize| f.get(at..at + 2).map(|b| u16::from_be_bytes([b[0], b[1]]));
    while matches!(ethertype(frame, at), Some(0x8100 | 0x88a8)) {
        at += 4;
    }
    let l3 = at + 2;
    let ports = |l4: usize, proto: u8| match proto {
        6 | 17 => frame.get(l4..l4 + 4),
        _ => None,
    };
    match ethertype(frame, at) {
        Some(0x0800) if frame.len() >= l3 + 20 => {
            let ihl = usize::from(frame[l3] & 0x0f) * 4;
            let proto = frame[l3 + 9];
            (proto, &frame[l3 + 12..l3 + 20], ports(l3 + ihl, proto)).hash(&mut h);
        }
        Some(0x86dd) if frame.len() >= l3 + 40 => {
            let proto = frame[l3 + 6];
            (proto, &frame[l3 + 8..l3 + 40], ports(l3 + 40, proto)).hash(&mut h);
        }
        _ => frame[..frame.len().saturating_sub(18)].hash(&mut h),
    }
    h.finish()
}

impl ImpairLine {
    /// A line doing `cfg`, its decisions drawn from `cfg.seed` and `stream` (each
    /// direction or queue its own stream of decisions).
    pub fn new(cfg: Impairments, stream: u64) -> ImpairLine {
        let rng = Rng::new(cfg.seed ^ stream.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        ImpairLine {
            cfg,
            rng,
            queue: VecDeque::new(),
            held: None,
            injected: Injected::default(),
            flows: Default::default(),
            through: VecDeque::new(),
        }
    }

    /// A frame enters the line at `sent` (the time it left, on the clock the caller
    /// polls with); `run_time` is when it left in the run's time, for outages.
    pub fn handle_frame(&mut self, frame: &[u8], sent: Nanos, run_time: Nanos) {
        let mut queue = std::mem::take(&mut self.queue);
        self.handle_frame_with(frame, sent, run_time, &mut |f, due| queue.push_back((f.to_vec(), due)));
        self.queue = queue;
    }

    /// [`ImpairLine::handle_frame`] for a caller that keeps the frames on their way
    /// itself: `out` gets each frame to deliver (none, one, two for a duplicate, or this
    /// one and the one held back before it) with the time it is due, in delivery order.
    pub fn handle_frame_with(&mut self, frame: &[u8], sent: Nanos, run_time: Nanos, out: &mut dyn FnMut(&[u8], Nanos)) {
        let cfg = self.cfg;
        self.injected.offered += 1;
        if cfg.outage.is_some_and(|(a, b)| run_time >= a && run_time < b) {
            self.injected.lost += 1;
            return;
        }
        let r = (self.rng.below(1_000_000)) as u32;
        let lost = r < cfg.loss_ppm;
        let swap = !lost && r < cfg.loss_ppm + cfg.reorder_ppm;
        let dup = !lost && !swap && r < cfg.loss_ppm + cfg.reorder_ppm + cfg.duplicate_ppm;
        if lost {
            self.injected.lost += 1;
            return;
        }
        let mut due = sent + cfg.delay;
        if let Some(rate) = cfg.rate {
            // One frame forwarded at a time, the rest waiting: a frame that finds the
            // queue full is lost; else it is through when those before it are and its
            // own forwarding time has passed.
            while self.through.front().is_some_and(|&t| t <= sent) {
                self.through.pop_front();
            }
            if cfg.queue.is_some_and(|q| self.through.len() > q as usize) {
                self.injected.lost += 1;
                return;
            }
            let start = self.through.back().map_or(sent, |&t| t.max(sent));
            let done = start + rate.service(frame.len());
            self.through.push_back(done);
            due = done + cfg.delay;
        }
        if cfg.new_flow > Nanos::ZERO && self.flows.insert(flow_key(frame)) {
            due += cfg.new_flow;
        }
        if swap && self.held.is_none() {
            self.held = Some((frame.to_vec(), due));
            self.injected.reordered += 1;
            return;
        }
        if dup {
            out(frame, due);
            self.injected.duplicated += 1;
        }
        out(frame, due);
        if let Some((h, at)) = self.held.take() {
            out(&h, at);
        }
    }

    /// The next frame due by `now`, with the time it was due.
    pub fn poll_frame(&mut self, now: Nanos) -> Option<(Vec<u8>, Nanos)> {
        if self.queue.front().is_some_and(|(_, due)| *due <= now) {
            return self.queue.pop_front();
        }
        None
    }

    /// When the next frame is due; `None` when the line is empty.
    pub fn poll_timeout(&self) -> Option<Nanos> {
        self.queue.front().map(|(_, due)| *due)
    }

    /// The end of the run: a frame held back to swap with a successor that never came
    /// goes out in order after all.
    pub fn handle_end(&mut self) {
        if let Some(h) = self.held.take() {
            self.queue.push_back(h);
            self.injected.reordered -= 1;
        }
    }

    /// [`ImpairLine::handle_end`] for a caller that keeps the frames itself.
    pub fn handle_end_with(&mut self, out: &mut dyn FnMut(&[u8], Nanos)) {
        if let Some((h, at)) = self.held.take() {
            out(&h, at);
            self.injected.reordered -= 1;
        }
    }

    /// What the line injected so far.
    pub fn injected(&self) -> Injected {
        self.injected
    }
}

/// The shared link between the two ends of an in-memory pair.
///
/// Each queue of one end talks to the same-numbered queue of the other through two
/// lock-free single-producer single-consumer rings ([`crate::ring`]), one per direction:
/// what queue `q` of end 0 sends, queue `q` of end 1 receives. The impairments are
/// applied by the sending queue (its own [`ImpairLine`], decisions drawn from the seed,
/// the direction and the queue), so nothing on the way takes a lock. A full ring (a
/// receiver that does not keep up with `delay` x rate frames on their way) refuses
/// frames, counted as `oerrors`.
#[derive(Debug)]
pub struct ImpairLink {
    cfg: Impairments,
    /// Per queue, the halves of a fresh pair of rings that the other end's queue has not
    /// claimed yet: `[frames to end 0, frames to end 1]`.
    pending: Mutex<Vec<Option<Halves>>>,
    /// What every queue injected, both directions (offered, lost, reordered, duplicated).
    injected: [AtomicU64; 4],
}

/// One end's halves of a queue's ring pair: it sends on `tx`, receives on `rx`.
#[derive(Debug)]
struct Halves {
    /// The end these halves are for.
    end: usize,
    tx: Producer,
    rx: Consumer,
}

/// Ring slots per queue and direction: `delay` x rate frames fit (a real-time link at
/// 1 Mpps with 50 ms of delay), capped at 8 MiB of slots.
fn ring_slots(max_frame: usize) -> usize {
    ((8 << 20) / (max_frame + 16)).clamp(1024, 65_536)
}

impl ImpairLink {
    /// A link with `cfg`.
    pub fn new(cfg: Impairments) -> Arc<ImpairLink> {
        Arc::new(ImpairLink { cfg, pending: Mutex::new(Vec::new()), injected: Default::default() })
    }

    /// What the link does.
    pub fn impairments(&self) -> Impairments {
        self.cfg
    }

    /// Whether the link runs on the wall clock.
    pub fn real_time(&self) -> bool {
        self.cfg.real_time
    }

    /// What was injected so far, both directions.
    pub fn injected(&self) -> Injected {
        let v = |i: usize| self.injected[i].load(Ordering::Relaxed);
        Injected { offered: v(0), lost: v(1), reordered: v(2), duplicated: v(3) }
    }

    fn add_injected(&self, d: &Injected) {
        for (i, x) in [d.offered, d.lost, d.reordered, d.duplicated].into_iter().enumerate() {
            if x > 0 {
                self.injected[i].fetch_add(x, Ordering::Relaxed);
            }
        }
    }

    /// Queue `queue` of end `end`'s halves: those a fresh pair left for it when the
    /// other end's queue opened first, else a fresh pair (the other halves wait for the
    /// other end; a pair from an earlier run is replaced).
    fn claim(&self, end: usize, queue: usize, max_frame: usize) -> Halves {
        let mut pending = match self.pending.lock() {
            Ok(g) => g,
            Err(p) => p.into_inner(),
        };
        if pending.len() <= queue {
            pending.resize_with(queue + 1, || None);
        }
        if let Some(h) = pending[queue].take() {
            if h.end == end {
                return h;
            }
        }
        let slots = ring_slots(max_frame);
        let (tx_to_other, rx_from_mine) = ring::channel(slots, max_frame);
        let (tx_to_me, rx_mine) = ring::channel(slots, max_frame);
        pending[queue] = Some(Halves { end: 1 - end, tx: tx_to_me, rx: rx_from_mine });
        Halves { end, tx: tx_to_other, rx: rx_mine }
    }
}

/// One queue of one end of an [`ImpairLink`].
#[derive(Debug)]
pub struct ImpairPort {
    info: PortInfo,
    arena: Arena,
    counters: PortCounters,
    link: Arc<ImpairLink>,
    epoch_unix_ns: u64,
    /// The impairments of what this queue sends.
    line: ImpairLine,
    /// What `line` had injected when last added to the link's totals.
    reported: Injected,
    halves: Halves,
}

impl ImpairPort {
    /// Queue `queue` of end `end` (0 or 1) of `link`.
    pub fn new(
        info: PortInfo,
        slots: usize,
        link: Arc<ImpairLink>,
        end: usize,
        queue: usize,
        epoch_unix_ns: u64,
    ) -> Self {
        let end = end.min(1);
        let arena = Arena::new(slots, info.caps.max_frame);
        // Direction `1 - end` (frames to the other end), one stream of decisions per
        // queue; queue 0's are those of a single-queue link.
        let line = ImpairLine::new(link.cfg, (1 - end) as u64 + 2 * queue as u64);
        let halves = link.claim(end, queue, info.caps.max_frame);
        ImpairPort {
            info,
            arena,
            counters: PortCounters::default(),
            link,
            epoch_unix_ns,
            line,
            reported: Injected::default(),
            halves,
        }
    }

    fn report(&mut self) {
        let now = self.line.injected();
        let d = Injected {
            offered: now.offered - self.reported.offered,
            lost: now.lost - self.reported.lost,
            reordered: now.reordered.wrapping_sub(self.reported.reordered),
            duplicated: now.duplicated - self.reported.duplicated,
        };
        self.link.add_injected(&d);
        self.reported = now;
    }
}

impl Port for ImpairPort {
    fn info(&self) -> &PortInfo {
        &self.info
    }

    /// None: no kernel sends its frames (the link's times are its own).
    fn enable_tx_stamps(&mut self, _key: crate::StampKey) -> Result<crate::TxStampSource, String> {
        Err("a link: port has no kernel to stamp its departures".into())
    }

    fn tx_batch(&mut self, want: usize) -> TxBatch<'_> {
        self.arena.batch(want)
    }

    fn tx_commit(&mut self, n: usize) -> Result<usize, PortError> {
        // Times on the line are Unix time: the epoch plus the departure on virtual time,
        // the wall clock (read once per batch) in real time.
        let wall = self.link.cfg.real_time.then(unix_now_ns);
        let epoch = self.epoch_unix_ns;
        let (tx, line) = (&mut self.halves.tx, &mut self.line);
        let mut refused = 0usize;
        for (data, m) in self.arena.committed(n) {
            let sent = wall.unwrap_or(epoch + m.departure.0);
            let mut full = false;
            line.handle_frame_with(data, Nanos(sent), Nanos(sent.saturating_sub(epoch)), &mut |f, due| {
                full |= !tx.push(f, due.0);
            });
            if full {
                refused += 1;
            } else {
                self.counters.opackets += 1;
                self.counters.obytes += data.len() as u64;
            }
        }
        tx.publish();
        self.counters.oerrors += refused as u64;
        self.report();
        Ok(n - refused)
    }

    fn counters(&self) -> PortCounters {
        self.counters
    }

    fn flush(&mut self) -> Result<(), PortError> {
        let tx = &mut self.halves.tx;
        self.line.handle_end_with(&mut |f, due| {
            let _ = tx.push(f, due.0);
        });
        tx.publish();
        self.report();
        Ok(())
    }

    fn rx(&mut self, max: usize, sink: &mut dyn FnMut(&[u8], Nanos)) -> Result<usize, PortError> {
        let now = if self.link.cfg.real_time { unix_now_ns() } else { u64::MAX };
        let counters = &mut self.counters;
        let n = self.halves.rx.pop_due(max, now, &mut |f, due| {
            counters.ipackets += 1;
            counters.ibytes += f.len() as u64;
            sink(f, Nanos(due));
        });
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info() -> PortInfo {
        let caps = crate::PortCaps {
            timing: crate::Timing::Virtual,
            rx: Some(crate::RxStamps::Virtual),
            max_frame: 64,
            batch: 8,
            line_rate: riptide_core::BitsPerSec(10e9),
        };
        PortInfo { name: "impair".into(), driver: "impair", caps }
    }

    #[test]
    fn delays_and_counts_what_it_injects() {
        let cfg = Impairments {
            delay: Nanos(50_000),
            loss_ppm: 10_000,
            reorder_ppm: 5_000,
            duplicate_ppm: 1_000,
            outage: None,
            new_flow: Nanos::ZERO,
            seed: 7,
            real_time: false,
            rate: None,
            queue: None,
        };
        let link = ImpairLink::new(cfg);
        let (mut a, mut b) =
            (ImpairPort::new(info(), 8, link.clone(), 0, 0, 0), ImpairPort::new(info(), 8, link.clone(), 1, 0, 0));
        let mut got = Vec::new();
        for i in 0..100_000u32 {
            {
                let mut batch = a.tx_batch(1);
                batch.slot().unwrap()[..4].copy_from_slice(&i.to_be_bytes());
                batch.commit(riptide_core::TxMeta { len: 4, stream: 0, departure: Nanos(u64::from(i) * 1000) });
            }
            assert_eq!(a.tx_commit(1).unwrap(), 1);
            // The receiver reads as the engine's workers do, every turn.
            if i % 1000 == 999 {
                while b.rx(1000, &mut |f, at| got.push((u32::from_be_bytes([f[0], f[1], f[2], f[3]]), at))).unwrap() > 0
                {
                }
            }
        }
        a.flush().unwrap();
        while b.rx(1000, &mut |f, at| got.push((u32::from_be_bytes([f[0], f[1], f[2], f[3]]), at))).unwrap() > 0 {}
        let inj = link.injected();
        assert_eq!(inj.offered, 100_000);
        assert_eq!(got.len() as u64, inj.offered - inj.lost + inj.duplicated);
        assert!(inj.lost > 800 && inj.lost < 1200, "{inj:?}");
        assert!(inj.reordered > 350 && inj.duplicated > 60, "{inj:?}");
        for (seq, at) in &got {
            assert_eq!(at.0, u64::from(*seq) * 1000 + 50_000, "the delay is exact");
        }
        assert_eq!(a.counters().opackets, 100_000);
    }

    /// Each queue talks to the same-numbered queue of the other end; a receiver that
    /// never reads fills its ring, and what does not fit is refused (oerrors), never
    /// queued without bound.
    #[test]
    fn queues_pair_up_and_a_full_ring_refuses() {
        let link = ImpairLink::new(Impairments::default());
        let a: Vec<ImpairPort> = (0..2).map(|q| ImpairPort::new(info(), 8, link.clone(), 0, q, 0)).collect();
        let mut b: Vec<ImpairPort> = (0..2).map(|q| ImpairPort::new(info(), 8, link.clone(), 1, q, 0)).collect();
        let mut a = a;
        for (q, port) in a.iter_mut().enumerate() {
            {
                let mut batch = port.tx_batch(1);
                batch.slot().unwrap()[0] = q as u8;
                batch.commit(riptide_core::TxMeta { len: 1, stream: 0, departure: Nanos(0) });
            }
            port.tx_commit(1).unwrap();
        }
        for (q, port) in b.iter_mut().enumerate() {
            let mut got = vec![];
            port.rx(8, &mut |f, _| got.push(f[0])).unwrap();
            assert_eq!(got, [q as u8], "queue {q} hears queue {q}");
        }
        let slots = ring_slots(64);
        let mut accepted = 0;
        for _ in 0..slots + 10 {
            {
                let mut batch = a[0].tx_batch(1);
                batch.commit(riptide_core::TxMeta { len: 60, stream: 0, departure: Nanos(0) });
            }
            accepted += a[0].tx_commit(1).unwrap();
        }
        assert_eq!(accepted, slots.next_power_of_two());
        let c = a[0].counters();
        assert_eq!((c.opackets, c.oerrors), (accepted as u64 + 1, (slots + 10 - accepted) as u64));
    }

    /// A bottleneck forwards one frame at a time at its rate and drops what finds its
    /// queue full: a burst of 100 frames at once through 1 Mpps with 10 places leaves 11
    /// through, 1 us apart.
    #[test]
    fn a_bottleneck_forwards_at_its_rate_and_drops_what_finds_the_queue_full() {
        let cfg = Impairments {
            rate: Some(Bottleneck::Pps(1_000_000)),
            queue: Some(10),
            delay: Nanos(500),
            ..Default::default()
        };
        let mut line = ImpairLine::new(cfg, 0);
        for _ in 0..100 {
            line.handle_frame(&[0u8; 60], Nanos::ZERO, Nanos::ZERO);
        }
        let mut due = vec![];
        while let Some((_, at)) = line.poll_frame(Nanos::MAX) {
            due.push(at.0);
        }
        assert_eq!(due, (1..=11).map(|k| k * 1000 + 500).collect::<Vec<_>>());
        assert_eq!(line.injected().lost, 89);
        // Once the queue has drained, a frame goes straight through.
        line.handle_frame(&[0u8; 60], Nanos(20_000), Nanos(20_000));
        assert_eq!(line.poll_frame(Nanos::MAX).map(|f| f.1), Some(Nanos(21_500)));
        // L1 bits: a 60-byte frame is 84 bytes on the wire, 672 ns at 1 Gb/s.
        assert_eq!(Bottleneck::BpsL1(1_000_000_000).service(60), Nanos(672));
        assert_eq!(Bottleneck::BpsL2(1_000_000_000).service(60), Nanos(512));
    }

    /// The longest burst without loss into a bottleneck at a tenth of the sending rate
    /// is the queue over 1 - 1/10 (RFC 9004's back-to-back frames), within a frame.
    #[test]
    fn the_longest_lossless_burst_follows_the_queue() {
        for queue in [9u32, 45, 90, 500] {
            let cfg = Impairments { rate: Some(Bottleneck::Pps(1_000_000)), queue: Some(queue), ..Default::default() };
            let lossless = |burst: u64| {
                let mut line = ImpairLine::new(cfg, 0);
                for k in 0..burst {
                    line.handle_frame(&[0u8; 60], Nanos(k * 100), Nanos(k * 100));
                }
                line.injected().lost == 0
            };
            let longest = (1..2000).take_while(|&b| lossless(b)).last().unwrap();
            let expected = f64::from(queue) / (1.0 - 0.1);
            assert!((longest as f64 - expected).abs() <= 1.5, "queue {queue}: {longest} against {expected}");
        }
    }

    #[test]
    fn link_parameters_parse_or_say_what_was_expected() {
        let c = Impairments::parse("delay=50us, loss=1%,reorder=0.5%,dup=0.1%,seed=7,realtime").unwrap();
        assert_eq!(
            c,
            Impairments {
                delay: Nanos(50_000),
                loss_ppm: 10_000,
                reorder_ppm: 5_000,
                duplicate_ppm: 1_000,
                outage: None,
                new_flow: Nanos::ZERO,
                seed: 7,
                real_time: true,
                rate: None,
                queue: None,
            }
        );
        let c = Impairments::parse("rate=1mpps,queue=64").unwrap();
        assert_eq!((c.rate, c.queue), (Some(Bottleneck::Pps(1_000_000)), Some(64)));
        assert_eq!(Impairments::parse(&c.to_string()).unwrap(), c);
        let c = Impairments::parse("rate=1gbps").unwrap();
        assert_eq!(Impairments::parse(&c.to_string()).unwrap(), c);
        assert_eq!(Impairments::parse("rate=1gbpsl1").unwrap().rate, Some(Bottleneck::BpsL1(1_000_000_000)));
        for (bad, want) in [("queue=5", "needs rate"), ("rate=50%", "not a percentage"), ("rate=fast", "rate=fast")] {
            let e = Impairments::parse(bad).unwrap_err();
            assert!(e.contains(want), "{bad}: {e}");
        }
        let c = Impairments::parse("newflow=2ms").unwrap();
        assert_eq!((c.new_flow, c.to_string()), (Nanos(2_000_000), "newflow=2000000ns".to_string()));
        assert_eq!(Impairments::parse(&c.to_string()).unwrap(), c);
        assert_eq!(Impairments::parse("").unwrap(), Impairments::default());
        for (bad, want) in [("loss=1", "percentage"), ("delay=fast", "delay=fast"), ("jitter=1us", "expected delay=")] {
            let e = Impairments::parse(bad).unwrap_err();
            assert!(e.contains(want), "{bad}: {e}");
        }
        assert!(Impairments::parse("loss=60%,dup=50%").is_err());
    }

    #[test]
    fn on_the_wall_clock_frames_arrive_after_the_delay() {
        let link = ImpairLink::new(Impairments { delay: Nanos(20_000_000), real_time: true, ..Default::default() });
        let (mut a, mut b) =
            (ImpairPort::new(info(), 8, link.clone(), 0, 0, 0), ImpairPort::new(info(), 8, link.clone(), 1, 0, 0));
        let sent = unix_now_ns();
        {
            let mut batch = a.tx_batch(1);
            batch.slot().unwrap()[0] = 9;
            batch.commit(riptide_core::TxMeta { len: 1, stream: 0, departure: Nanos(0) });
        }
        a.tx_commit(1).unwrap();
        let mut got = Vec::new();
        assert_eq!(b.rx(8, &mut |f, at| got.push((f[0], at))).unwrap(), 0, "not before 20 ms");
        riptide_testkit::wait_for(std::time::Duration::from_secs(10), "the delayed frame", || {
            b.rx(8, &mut |f, at| got.push((f[0], at))).unwrap();
            !got.is_empty()
        });
        let (byte, at) = got[0];
        assert_eq!(byte, 9);
        // Stamped with its arrival: sent + 20 ms (the send was read just after `sent`).
        assert!(at.0 >= sent + 20_000_000 && at.0 < sent + 21_000_000, "{}", at.0 - sent);
        assert!(unix_now_ns() >= at.0);
    }
}
