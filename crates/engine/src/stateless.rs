//! The stateless run kind (TRex STL): one worker's stream sets, one per port, and the
//! receive table of its tagged streams.

use crate::kind::Control;
use crate::kind::{RunKind, Turn};
use crate::stats::KindCounters;
use crate::worker::unix_now_ns;
use riptide_core::{Nanos, StreamCounters, TxBatch};
use riptide_measure::{Classifier, Departures};
use riptide_stl::set::StreamSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

pub(crate) use crate::kind::{Handed, LaneControl};

/// A per-port run's lanes on one worker: paused sets, each port's end, and the counters
/// of the streams of stopped ports.
#[derive(Debug, Default)]
struct Lanes {
    parked: Vec<Option<StreamSet>>,
    retired: Vec<(u32, StreamCounters)>,
    /// Per port, which start of it the lane is (0: never started).
    gens: Vec<u64>,
}

/// One worker's share of a stateless profile.
pub(crate) struct Stateless {
    /// One set per port (by port index).
    sets: Vec<StreamSet>,
    /// A per-port run (started with `ports`): lanes start and stop on their own, and the
    /// run goes on until stopped.
    lanes: Option<Box<Lanes>>,
    /// A per-port run: the run time each port stops sending at (`Nanos::MAX`: never).
    ends: Vec<Nanos>,
    /// Tagged streams received here; `rx_fresh` is a copy with nothing received (clear).
    rx: Classifier,
    rx_fresh: Classifier,
    handed: Handed,
    streams: usize,
    epoch_unix_ns: u64,
    /// Where departure stamps go, when the ports take them.
    departures: Option<Arc<Departures>>,
}

impl Stateless {
    /// A worker's `sets` (one per port) of a profile of `streams` streams; `rx` knows
    /// the tagged streams; `epoch_unix_ns` is the run's time zero.
    pub(crate) fn new(sets: Vec<StreamSet>, rx: Classifier, streams: usize, epoch_unix_ns: u64) -> Self {
        let handed = Arc::new((0..streams).map(|_| AtomicU64::new(0)).collect());
        Stateless {
            sets,
            lanes: None,
            ends: Vec::new(),
            rx_fresh: rx.clone(),
            rx,
            handed,
            streams,
            epoch_unix_ns,
            departures: None,
        }
    }

    /// Departure stamps go to `d` (which the receive tables read).
    pub(crate) fn with_departures(mut self, d: Option<Arc<Departures>>) -> Self {
        self.departures = d;
        self
    }

    /// A per-port run: each port a lane of its own, `ends` its end in run time.
    /// `gens` which start each port's lane is (0: not started).
    pub(crate) fn with_lanes(mut self, ends: Vec<Nanos>, gens: Vec<u64>) -> Self {
        let parked = (0..self.sets.len()).map(|_| None).collect();
        self.lanes = Some(Box::new(Lanes { parked, retired: Vec::new(), gens }));
        self.ends = ends;
        self
    }

    /// Whether port `port` has nothing left to send (its streams ended or its time is up).
    fn lane_done(&self, port: usize, lanes: &Lanes) -> bool {
        if lanes.parked.get(port).is_some_and(Option::is_some) {
            return false;
        }
        let Some(set) = self.sets.get(port) else { return true };
        set.poll_timeout().is_none_or(|t| t >= self.end(port))
    }

    fn end(&self, port: usize) -> Nanos {
        self.ends.get(port).copied().unwrap_or(Nanos::MAX)
    }

    // Off the sending path: kept out of the worker loop it would otherwise be inlined
    // into (measured: 2% of `riptide bench` when inlined).
    #[cold]
    #[inline(never)]
    fn handle_lanes(&mut self, c: LaneControl, now: Nanos) {
        let Some(lanes) = self.lanes.as_deref_mut() else { return };
        match c {
            LaneControl::Start { sets, duration, tags, handed, streams, gen } => {
                for (id, latency, flows, vlans) in &tags {
                    for rx in [&mut self.rx, &mut self.rx_fresh] {
                        rx.register(*id, *latency);
                        rx.register_flows(*id, *flows);
                        if let Some(map) = vlans {
                            rx.register_vlans(*id, map.clone());
                        }
                    }
                }
                self.handed = handed;
                self.streams = streams;
                for (port, mut set) in sets {
                    let Some(slot) = self.sets.get_mut(port) else { continue };
                    set.handle_start(now);
                    let old = std::mem::replace(slot, set);
                    lanes.retired.extend(old.streams().iter().map(|s| (s.index, s.counters)));
                    if let Some(p) = lanes.parked.get_mut(port).and_then(Option::take) {
                        lanes.retired.extend(p.streams().iter().map(|s| (s.index, s.counters)));
                    }
                    if let Some(e) = self.ends.get_mut(port) {
                        *e = duration.map_or(Nanos::MAX, |d| now + d);
                    }
                    if let Some(g) = lanes.gens.get_mut(port) {
                        *g = gen;
                    }
                }
            }
            LaneControl::Stop(ports) => {
                for port in ports {
                    let Some(slot) = self.sets.get_mut(port) else { continue };
                    let old = std::mem::take(slot);
                    lanes.retired.extend(old.streams().iter().map(|s| (s.index, s.counters)));
                    if let Some(p) = lanes.parked.get_mut(port).and_then(Option::take) {
                        lanes.retired.extend(p.streams().iter().map(|s| (s.index, s.counters)));
                    }
                }
            }
            LaneControl::Pause(ports) => {
                for port in ports {
                    if let (Some(slot), Some(park)) = (self.sets.get_mut(port), lanes.parked.get_mut(port)) {
                        if park.is_none() {
                            *park = Some(std::mem::take(slot));
                        }
                    }
                }
            }
            LaneControl::Resume(ports) => {
                for port in ports {
                    if let Some(mut set) = lanes.parked.get_mut(port).and_then(Option::take) {
                        set.handle_resume(now);
                        self.sets[port] = set;
                    }
                }
            }
        }
    }

    /// The frames of each tagged stream handed to the ports, read by snapshots.
    pub(crate) fn handed(&self) -> Handed {
        self.handed.clone()
    }

    fn set_rates(&mut self, rates: &[(usize, u32, f64)]) {
        for &(port, stream, per_second) in rates {
            if let Some(set) = self.sets.get_mut(port) {
                for s in set.streams_mut() {
                    if s.index == stream {
                        s.set_rate(per_second);
                    }
                }
            }
        }
    }
}

impl RunKind for Stateless {
    fn handle_start(&mut self) {
        for set in &mut self.sets {
            set.handle_start(Nanos::ZERO);
        }
    }

    // Inlined into the worker loop: measured 4% faster than left to the compiler
    // (`riptide bench`, BENCHMARKS.md).
    #[inline(always)]
    fn poll_transmit(&mut self, port: usize, batch: &mut TxBatch<'_>, budget: u64, turn: &Turn) -> usize {
        let Some(set) = self.sets.get_mut(port) else { return 0 };
        if turn.real_time && set.tagged().next().is_some() {
            // Latency tags carry the build time on the receive timestamps' clock
            // (CLOCK_REALTIME): the TSC the schedule runs on drifts from it by
            // microseconds within seconds, as much as the latency measured.
            set.stamp_tags_with(Some(Nanos(unix_now_ns().saturating_sub(self.epoch_unix_ns))));
        }
        // A per-port run's ports end on their own (empty otherwise).
        let horizon = match self.ends.get(port) {
            Some(&end) => turn.horizon.min(end),
            None => turn.horizon,
        };
        let n = set.poll_transmit(batch, horizon, budget, turn.catch_up);
        if n > 0 {
            for s in set.tagged() {
                if let Some(slot) = self.handed.get(s.index as usize) {
                    slot.store(s.counters.opackets, Ordering::Release);
                }
            }
        }
        n
    }

    fn handle_receive(&mut self, port: usize, frame: &[u8], at: Nanos) {
        // FCS excluded, as the ports count bytes.
        self.rx.handle_frame(port, frame, frame.len() as u64, at.0);
    }

    fn stamps_departures(&self) -> bool {
        self.departures.is_some()
    }

    fn stamped(&self, cookie: u64) -> bool {
        self.departures.as_ref().is_some_and(|d| d.has((cookie >> 32) as u16))
    }

    fn handle_idle(&mut self) {
        if self.rx.has_waiting() {
            self.rx.retry_waiting(unix_now_ns().saturating_sub(self.epoch_unix_ns));
        }
    }

    fn handle_tx_stamp(&mut self, cookie: u64, at: Nanos) {
        if let Some(d) = &self.departures {
            d.record(cookie, at.0);
        }
    }

    fn poll_timeout(&self) -> Option<Nanos> {
        match &self.lanes {
            None => self.sets.iter().filter_map(StreamSet::poll_timeout).min(),
            Some(_) => {
                let due = |(p, s): (usize, &StreamSet)| s.poll_timeout().filter(|&t| t < self.end(p));
                self.sets.iter().enumerate().filter_map(due).min()
            }
        }
    }

    fn is_done(&self) -> bool {
        // A per-port run waits for ports to start until it is stopped.
        self.lanes.is_none() && self.sets.iter().all(StreamSet::is_done)
    }

    fn handle_resume(&mut self, now: Nanos) {
        for set in &mut self.sets {
            set.handle_resume(now);
        }
    }

    fn handle_control(&mut self, control: Control, now: Nanos) {
        match control {
            Control::Rates(rates) => self.set_rates(&rates),
            Control::ClearRx => self.rx = self.rx_fresh.clone(),
            Control::Lanes(c) => self.handle_lanes(*c, now),
            Control::Pause | Control::Resume | Control::Stop | Control::Scale(_) => {}
        }
    }

    fn publish(&self, out: &mut KindCounters, full: bool) {
        if !matches!(out, KindCounters::Stateless { .. }) {
            *out = KindCounters::Stateless {
                streams: vec![StreamCounters::default(); self.streams],
                rx: None,
                lanes_done: Vec::new(),
            };
        }
        let KindCounters::Stateless { streams, rx, lanes_done } = out else { return };
        if streams.len() < self.streams {
            streams.resize(self.streams, StreamCounters::default());
        }
        for set in &self.sets {
            for s in set.streams() {
                if let Some(slot) = streams.get_mut(s.index as usize) {
                    *slot = s.counters;
                }
            }
        }
        if let Some(l) = &self.lanes {
            let parked = l.parked.iter().flatten().flat_map(StreamSet::streams).map(|s| (s.index, s.counters));
            for (i, c) in l.retired.iter().copied().chain(parked) {
                if let Some(slot) = streams.get_mut(i as usize) {
                    *slot = c;
                }
            }
            lanes_done.clear();
            let done = |p: usize| if self.lane_done(p, l) { l.gens.get(p).copied().unwrap_or(0) } else { 0 };
            lanes_done.extend((0..self.sets.len()).map(done));
        }
        // Receive tables are bigger (histograms): only when asked.
        if full {
            *rx = Some(self.rx.clone());
        }
    }

    fn virtual_now(&self) -> Nanos {
        let d = self.sets.iter().flat_map(StreamSet::streams).map(|s| s.pacer().departure()).max();
        d.unwrap_or(Nanos::ZERO)
    }

    fn paced(&self) -> bool {
        true
    }

    fn late_resets(&self) -> u64 {
        self.sets.iter().map(|s| s.late_resets).sum()
    }
}
