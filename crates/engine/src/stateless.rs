//! The stateless run kind (TRex STL): one worker's stream sets, one per port, and the
//! receive table of its tagged streams.

use crate::kind::Control;
use crate::kind::{RunKind, Turn};
use crate::stats::KindCounters;
use crate::worker::unix_now_ns;
use riptide_core::{Nanos, StreamCounters, TxBatch};
use riptide_measure::Classifier;
use riptide_stl::set::StreamSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Frames of each tagged stream (by stream index) a worker has handed to its ports,
/// stored before the hand-over: a snapshot that reads receive counts first and these
/// after never sees a stream received more often than sent, whichever workers send and
/// receive.
pub(crate) type Handed = Arc<Vec<AtomicU64>>;

/// One worker's share of a stateless profile.
pub(crate) struct Stateless {
    /// One set per port (by port index).
    sets: Vec<StreamSet>,
    /// Tagged streams received here; `rx_fresh` is a copy with nothing received (clear).
    rx: Classifier,
    rx_fresh: Classifier,
    handed: Handed,
    streams: usize,
    epoch_unix_ns: u64,
}

impl Stateless {
    /// A worker's `sets` (one per port) of a profile of `streams` streams; `rx` knows
    /// the tagged streams; `epoch_unix_ns` is the run's time zero.
    pub(crate) fn new(sets: Vec<StreamSet>, rx: Classifier, streams: usize, epoch_unix_ns: u64) -> Self {
        let handed = Arc::new((0..streams).map(|_| AtomicU64::new(0)).collect());
        Stateless { sets, rx_fresh: rx.clone(), rx, handed, streams, epoch_unix_ns }
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
        let n = set.poll_transmit(batch, turn.horizon, budget, turn.catch_up);
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

    fn poll_timeout(&self) -> Option<Nanos> {
        self.sets.iter().filter_map(StreamSet::poll_timeout).min()
    }

    fn is_done(&self) -> bool {
        self.sets.iter().all(StreamSet::is_done)
    }

    fn handle_resume(&mut self, now: Nanos) {
        for set in &mut self.sets {
            set.handle_resume(now);
        }
    }

    fn handle_control(&mut self, control: Control) {
        match control {
            Control::Rates(rates) => self.set_rates(&rates),
            Control::ClearRx => self.rx = self.rx_fresh.clone(),
            Control::Pause | Control::Resume | Control::Stop | Control::Scale(_) => {}
        }
    }

    fn publish(&self, out: &mut KindCounters, full: bool) {
        if !matches!(out, KindCounters::Stateless { .. }) {
            *out = KindCounters::Stateless { streams: vec![StreamCounters::default(); self.streams], rx: None };
        }
        let KindCounters::Stateless { streams, rx } = out else { return };
        for set in &self.sets {
            for s in set.streams() {
                if let Some(slot) = streams.get_mut(s.index as usize) {
                    *slot = s.counters;
                }
            }
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

    fn late_resets(&self) -> u64 {
        self.sets.iter().map(|s| s.late_resets).sum()
    }
}
