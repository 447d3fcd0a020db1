//! A worker: one thread owning its stream shares, its port queues and its counters.
//!
//! Shared-nothing: the only shared state is a control word the worker polls once
//! per loop and a mutex-guarded copy of its counters it publishes about every
//! millisecond with `try_lock` (a busy reader never stalls the worker).

use crate::clock::Clock;
use crate::stats::WorkerCounters;
use riptide_core::Nanos;
use riptide_port::{Port, PortError};
use riptide_stl::set::StreamSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// A control message for a worker.
#[derive(Clone, Debug)]
pub(crate) enum Control {
    Pause,
    Resume,
    Stop,
    /// New units-per-second per (port, stream index).
    Rates(Vec<(usize, u32, f64)>),
    /// Restart the tagged-stream receive figures (clear_stats).
    ClearRx,
}

/// What a worker shares with the engine.
#[derive(Debug, Default)]
pub(crate) struct Shared {
    epoch: AtomicU64,
    inbox: Mutex<Vec<Control>>,
    pub(crate) published: Mutex<WorkerCounters>,
    /// Frames of each tagged stream handed to the port, stored before the hand-over: a
    /// snapshot that reads receive counts first and these after never sees a stream
    /// received more often than sent, whichever workers send and receive.
    pub(crate) tx_tagged: Vec<AtomicU64>,
}

impl Shared {
    /// Shared state for a worker of a profile of `streams` streams.
    pub(crate) fn new(streams: usize) -> Shared {
        Shared { tx_tagged: (0..streams).map(|_| AtomicU64::new(0)).collect(), ..Default::default() }
    }
}

impl Shared {
    pub(crate) fn send(&self, c: Control) {
        lock(&self.inbox).push(c);
        self.epoch.fetch_add(1, Ordering::Release);
    }
}

pub(crate) fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    match m.lock() {
        Ok(g) => g,
        Err(p) => p.into_inner(),
    }
}

/// Limits and timing of a run, as one worker sees them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plan {
    /// Clock reading at which the run's time zero falls (real time).
    pub start_abs: Nanos,
    /// End of the run relative to time zero, if bounded by time.
    pub end: Option<Nanos>,
    /// This worker's share of the packet budget.
    pub count: Option<u64>,
    /// Virtual time (pcap): never wait, stamp scheduled departures.
    pub simulated: bool,
    /// Real-time lateness bound (`None`: never reset a late schedule).
    pub catch_up: Option<Nanos>,
    /// Slots per batch.
    pub batch: usize,
    /// How long to keep receiving after the last packet (real ports only).
    pub drain: Nanos,
    /// Unix time of the run's time zero, ns: receive timestamps are Unix time.
    pub epoch_unix_ns: u64,
}

/// What a worker gives back.
pub(crate) struct Exit {
    pub counters: WorkerCounters,
    pub ports: Vec<Box<dyn Port>>,
    pub error: Option<PortError>,
}

pub(crate) struct Worker {
    pub clock: Clock,
    pub ports: Vec<Box<dyn Port>>,
    pub sets: Vec<StreamSet>,
    pub plan: Plan,
    pub shared: Arc<Shared>,
    pub counters: WorkerCounters,
    /// Tagged streams received here; `fresh` is a copy with nothing received (ClearRx).
    pub rx: riptide_measure::Classifier,
    pub rx_fresh: riptide_measure::Classifier,
    pub publishes: u64,
}

const PUBLISH_EVERY: Nanos = Nanos(1_000_000);

impl Worker {
    pub(crate) fn run(mut self) -> Exit {
        let plan = self.plan;
        for set in &mut self.sets {
            set.start(Nanos::ZERO);
        }
        if !plan.simulated {
            self.clock.wait_until(plan.start_abs);
        }
        let t0 = self.clock.now();
        if !plan.simulated {
            self.counters.start_lag_ns = t0.saturating_sub(plan.start_abs).0;
        }
        // The epoch starts at 0: messages sent before the worker got here (during
        // the start-up wait) are still seen on the first turn.
        let mut seen = 0;
        let mut paused = false;
        let mut left = plan.count.unwrap_or(u64::MAX);
        let mut busy = 0u64;
        let mut last_publish = t0;
        let horizon_end = plan.end.unwrap_or(Nanos::MAX);
        let mut error = None;
        'run: loop {
            let epoch = self.shared.epoch.load(Ordering::Acquire);
            if epoch != seen {
                seen = epoch;
                let msgs = std::mem::take(&mut *lock(&self.shared.inbox));
                for m in msgs {
                    match m {
                        Control::Stop => break 'run,
                        Control::Pause => paused = true,
                        Control::Resume => {
                            paused = false;
                            if !plan.simulated {
                                let now = self.clock.now().saturating_sub(plan.start_abs);
                                for set in &mut self.sets {
                                    set.reanchor_all(now);
                                }
                            }
                        }
                        Control::Rates(rates) => self.set_rates(&rates),
                        Control::ClearRx => self.rx = self.rx_fresh.clone(),
                    }
                }
            }
            let t_loop = self.clock.now();
            if t_loop - last_publish >= PUBLISH_EVERY {
                self.publish(t0, t_loop, busy, false);
                last_publish = t_loop;
            }
            if paused {
                std::thread::sleep(std::time::Duration::from_micros(200));
                continue;
            }
            let (horizon, catch_up) = if plan.simulated {
                (horizon_end, None)
            } else {
                let now = t_loop.saturating_sub(plan.start_abs);
                if now >= horizon_end {
                    break;
                }
                (now.min(horizon_end), plan.catch_up)
            };
            let mut produced = 0u64;
            for (port, set) in self.ports.iter_mut().zip(self.sets.iter_mut()) {
                let want = (plan.batch as u64).min(left) as usize;
                if want == 0 {
                    break;
                }
                if !plan.simulated && set.tagged().next().is_some() {
                    // Latency tags carry the build time on the receive timestamps' clock
                    // (CLOCK_REALTIME): the TSC the schedule runs on drifts from it by
                    // microseconds within seconds, as much as the latency measured.
                    set.stamp_tags_with(Some(Nanos(unix_now_ns().saturating_sub(plan.epoch_unix_ns))));
                }
                let n = set.fill(&mut port.tx_batch(want), horizon, want as u64, catch_up);
                if n > 0 {
                    for s in set.tagged() {
                        if let Some(slot) = self.shared.tx_tagged.get(s.index as usize) {
                            slot.store(s.counters.opackets, Ordering::Release);
                        }
                    }
                    if let Err(e) = port.tx_commit(n) {
                        error = Some(e);
                        break 'run;
                    }
                    produced += n as u64;
                    left -= n as u64;
                }
            }
            self.poll_rx();
            if produced > 0 {
                busy += (self.clock.now() - t_loop).0;
                if left == 0 {
                    break;
                }
                continue;
            }
            if left == 0 || self.sets.iter().all(StreamSet::is_done) {
                break;
            }
            let next = self.sets.iter().filter_map(StreamSet::next_due).min().unwrap_or(Nanos::MAX);
            if plan.simulated {
                if next >= horizon_end {
                    break;
                }
                continue;
            }
            // Real time, nothing due yet: wait for the earliest departure or the end,
            // at most 1 ms so control messages are seen.
            let until = next.min(horizon_end).min(horizon + Nanos::from_millis(1));
            self.clock.wait_until(plan.start_abs + until);
        }
        for p in &mut self.ports {
            if let Err(e) = p.flush() {
                error.get_or_insert(e);
            }
        }
        self.counters.send_ns = (self.clock.now() - t0).0;
        // What the ports still hold (simulated links deliver at once).
        while self.poll_rx() > 0 {}
        // Frames still in flight arrive during the drain and are counted.
        if plan.drain > Nanos::ZERO {
            let until = self.clock.now() + plan.drain;
            while self.clock.now() < until {
                if self.poll_rx() == 0 {
                    std::thread::sleep(std::time::Duration::from_micros(200));
                }
            }
        }
        let t_end = self.clock.now();
        self.publish(t0, t_end, busy, true);
        let counters = lock(&self.shared.published).clone();
        Exit { counters, ports: self.ports, error }
    }

    /// Counts what arrived on every port (classification comes with flow stats).
    fn poll_rx(&mut self) -> usize {
        let mut n = 0;
        let epoch = self.plan.epoch_unix_ns;
        let rx = &mut self.rx;
        for p in &mut self.ports {
            n += p
                .rx(256, &mut |frame, ts| {
                    // FCS excluded, as the ports count bytes.
                    rx.on_frame(frame, frame.len() as u64, ts.0.saturating_sub(epoch));
                })
                .unwrap_or(0);
        }
        n
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

    fn publish(&mut self, t0: Nanos, now: Nanos, busy: u64, done: bool) {
        let c = &mut self.counters;
        for (i, p) in self.ports.iter().enumerate() {
            if let Some(slot) = c.ports.get_mut(i) {
                *slot = p.counters();
            }
        }
        let mut virtual_ns = 0;
        let mut late = 0;
        for set in &self.sets {
            late += set.late_resets;
            for s in set.streams() {
                if let Some(slot) = c.streams.get_mut(s.index as usize) {
                    *slot = s.counters;
                }
                virtual_ns = virtual_ns.max(s.pacer().departure().0);
            }
        }
        c.busy_ns = busy;
        c.loop_ns = (now - t0).0;
        c.virtual_ns = virtual_ns;
        c.late_resets = late;
        c.done = done;
        // Receive figures are bigger (histograms): every 16th publish, and the last.
        self.publishes += 1;
        if done || self.publishes.is_multiple_of(16) {
            c.rx = self.rx.clone();
        }
        if done {
            *lock(&self.shared.published) = c.clone();
        } else if let Ok(mut g) = self.shared.published.try_lock() {
            *g = c.clone();
        }
    }
}

/// `CLOCK_REALTIME` now, ns since the Unix epoch (what kernel receive timestamps read).
fn unix_now_ns() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
}
