//! The worker loop: one thread owning its port queues, its share of a run and its
//! counters, for every kind of run ([`RunKind`]).
//!
//! Shared-nothing: the only shared state is a control word the worker polls once
//! per loop and a mutex-guarded copy of its counters it publishes about every
//! millisecond with `try_lock` (a busy reader never stalls the worker).

use crate::clock::Clock;
use crate::kind::{Control, RunKind, Turn};
use crate::stats::{KernelPacing, Pacing, WorkerCounters};
pub(crate) use riptide_core::host::unix_now_ns;
use riptide_core::{Nanos, TxMeta};
use riptide_port::{Port, PortError};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// What a worker shares with the engine.
#[derive(Debug, Default)]
pub(crate) struct Shared {
    epoch: AtomicU64,
    /// The last epoch whose messages the worker has applied (and, for lanes, published).
    applied: AtomicU64,
    inbox: Mutex<Vec<Control>>,
    pub(crate) published: Mutex<WorkerCounters>,
}

impl Shared {
    /// Queues `c`; returns the epoch that carries it.
    pub(crate) fn send(&self, c: Control) -> u64 {
        let mut inbox = lock(&self.inbox);
        inbox.push(c);
        self.epoch.fetch_add(1, Ordering::Release) + 1
    }

    /// Waits (at most `limit`) until the worker has applied `epoch`, or `gone` says it ended.
    pub(crate) fn wait_applied(&self, epoch: u64, limit: std::time::Duration, gone: impl Fn() -> bool) {
        let t = std::time::Instant::now();
        while self.applied.load(Ordering::Acquire) < epoch && t.elapsed() < limit && !gone() {
            std::thread::sleep(std::time::Duration::from_micros(50));
        }
    }
}

pub(crate) fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    match m.lock() {
        Ok(g) => g,
        Err(p) => p.into_inner(),
    }
}

/// Limits and timing of a run, as one worker sees them.
#[derive(Clone, Debug)]
pub(crate) struct Plan {
    /// Clock reading at which the run's time zero falls (real time).
    pub start_abs: Nanos,
    /// End of the run relative to time zero, if bounded by time.
    pub end: Option<Nanos>,
    /// The packet budget: this worker's share (stateless streams split evenly over the
    /// cores), or one shared by all workers (stateful shards do not).
    pub budget: Budget,
    /// Virtual time (pcap): never wait, stamp scheduled departures.
    pub simulated: bool,
    /// Real-time lateness bound (`None`: never reset a late schedule).
    pub catch_up: Option<Nanos>,
    /// The worker runs at real-time priority ([`crate::StartOptions::realtime`]): it
    /// sleeps instead of spinning and leaves the CPU after each [`RESERVE_EVERY`] of
    /// continuous work.
    pub realtime: bool,
    /// Slots per batch.
    pub batch: usize,
    /// How long to keep receiving after the last packet (real ports only).
    pub drain: Nanos,
    /// Unix time of the run's time zero, ns: receive timestamps are Unix time.
    pub epoch_unix_ns: u64,
}

/// A run's packet budget as one worker sees it.
#[derive(Clone, Debug)]
pub(crate) enum Budget {
    /// No limit.
    Unlimited,
    /// This many packets for this worker.
    Own(u64),
    /// What is left of a budget all workers draw from.
    Shared(Arc<SharedBudget>),
}

/// A budget all workers draw from: what is left and what workers hold claimed. A worker
/// that finds nothing left while another holds a claim must not end: the claim may come
/// back unused (a run of two workers once ended 54 frames short of its count that way).
#[derive(Debug)]
pub(crate) struct SharedBudget(Mutex<(u64, u64)>);

impl SharedBudget {
    /// A budget of `n` packets.
    pub(crate) fn new(n: u64) -> SharedBudget {
        SharedBudget(Mutex::new((n, 0)))
    }
}

impl Budget {
    /// Takes up to `want` packets of the budget.
    fn claim(&mut self, want: u64) -> u64 {
        match self {
            Budget::Unlimited => want,
            Budget::Own(left) => {
                let n = want.min(*left);
                *left -= n;
                n
            }
            Budget::Shared(b) => {
                let mut g = lock(&b.0);
                let n = want.min(g.0);
                g.0 -= n;
                g.1 += n;
                n
            }
        }
    }

    /// Settles a claim of `claimed` packets of which `used` were sent: the rest goes back.
    fn settle(&mut self, claimed: u64, used: u64) {
        let unused = claimed - used;
        match self {
            Budget::Unlimited => {}
            Budget::Own(left) => *left += unused,
            Budget::Shared(b) => {
                let mut g = lock(&b.0);
                g.0 += unused;
                g.1 -= claimed;
            }
        }
    }

    /// Whether nothing is left, nor held by any worker.
    fn spent(&self) -> bool {
        match self {
            Budget::Unlimited => false,
            Budget::Own(left) => *left == 0,
            Budget::Shared(b) => *lock(&b.0) == (0, 0),
        }
    }
}

/// How long transmission may stall (something due, no port taking it) before the run
/// fails: a port whose frames never come back.
const STALL_LIMIT: Nanos = Nanos::from_secs(1);

/// How long the turns at a run's end may go on sending frames due before the end.
const FINISH_GRACE: Nanos = Nanos(10_000_000);

/// Measures one port's departures against their schedule ([`Pacing`]), a batch at a
/// time: O(1) a batch (the frames of a batch leave in the order of their departures).
#[derive(Clone, Debug, Default)]
struct PaceTrack {
    /// The moment the burst being counted began: frames due before it that leave at or
    /// after it left beyond the schedule.
    since: Nanos,
    /// Frames due before `since` that left at or after it.
    count: u64,
    /// When the port last sent.
    last: Nanos,
}

impl PaceTrack {
    /// `frames` (their departures in order) leave at `now`.
    #[inline]
    fn sent(&mut self, now: Nanos, frames: &[TxMeta], out: &mut Pacing) {
        let (Some(first), Some(last)) = (frames.first(), frames.last()) else { return };
        let due = first.departure;
        if due >= self.since {
            // What was due before `since` has all left: that burst is over, and this
            // batch's frames, all due before now, are the next one's.
            self.since = now;
            self.count = 0;
        }
        self.count += if last.departure < self.since {
            frames.len()
        } else {
            frames.partition_point(|m| m.departure < self.since)
        } as u64;
        out.burst = out.burst.max(self.count);
        out.gap_ns = out.gap_ns.max(now.saturating_sub(self.last.max(due)).0);
        out.late_ns = out.late_ns.max(now.saturating_sub(due).0);
        self.last = now;
    }
}

/// What a worker gives back.
pub(crate) struct Exit {
    pub counters: WorkerCounters,
    pub ports: Vec<Box<dyn Port>>,
    pub error: Option<PortError>,
}

/// One worker: the loop, its queues, and the kind of run it drives.
pub(crate) struct Worker<K> {
    pub clock: Clock,
    pub ports: Vec<Box<dyn Port>>,
    pub kind: K,
    pub plan: Plan,
    pub shared: Arc<Shared>,
    pub counters: WorkerCounters,
    pub publishes: u64,
    /// The stamped frames' schedule, for pacing from their departure stamps.
    pub stamped: StampTrack,
}

/// By port: the frames sent with a departure stamp asked for, (cookie, scheduled
/// departure) oldest first, and the last stamp seen; their stamps give the port's
/// [`KernelPacing`].
#[derive(Debug, Default)]
pub(crate) struct StampTrack {
    due: Vec<std::collections::VecDeque<(u64, Nanos)>>,
    last: Vec<Nanos>,
}

/// Stamped frames awaiting their stamp per port, at most (older ones are dropped).
const MAX_STAMPED: usize = 1 << 16;

impl StampTrack {
    /// Frame `cookie`, due at `departure`, was sent on port `p`.
    fn sent(&mut self, p: usize, cookie: u64, departure: Nanos) {
        if self.due.len() <= p {
            self.due.resize_with(p + 1, Default::default);
            self.last.resize(p + 1, Nanos::ZERO);
        }
        let q = &mut self.due[p];
        if q.len() == MAX_STAMPED {
            q.pop_front();
        }
        q.push_back((cookie, departure));
    }

    /// Frame `cookie` of port `p` left at `at` (run time): folds it into `out`.
    fn stamp(&mut self, p: usize, cookie: u64, at: Nanos, out: &mut KernelPacing) {
        let Some(q) = self.due.get_mut(p) else { return };
        // The port's stamps come in the order it sent them; frames whose stamp never came
        // are passed over.
        while let Some((c, due)) = q.pop_front() {
            if c != cookie {
                continue;
            }
            let last = self.last[p];
            out.late_ns = out.late_ns.max(at.saturating_sub(due).0);
            if out.frames > 0 {
                out.gap_ns = out.gap_ns.max(at.saturating_sub(last.max(due)).0);
            }
            out.frames += 1;
            self.last[p] = at;
            return;
        }
    }
}

const PUBLISH_EVERY: Nanos = Nanos(1_000_000);
/// A real-time worker busy this long without sleeping leaves the CPU for [`RESERVE`]:
/// other tasks on its CPU (the kernel's softirq thread, the busy processes beside it)
/// then get their time in small slices, and the kernel's fair server, which otherwise
/// runs tasks a real-time one starved for 50 ms at once each second, has nothing to do.
const RESERVE_EVERY: Nanos = Nanos(1_000_000);
/// The shortest wait that surely leaves the CPU (shorter sleeps may return at once).
const MIN_SLEEP: Nanos = Nanos(20_000);
/// How long a real-time worker leaves the CPU after [`RESERVE_EVERY`] of work: 10%.
const RESERVE: std::time::Duration = std::time::Duration::from_micros(100);
const REANCHOR_EVERY: Nanos = Nanos(1_000_000_000);

impl<K: RunKind> Worker<K> {
    pub(crate) fn run(mut self) -> Exit {
        let plan = self.plan.clone();
        self.kind.handle_start();
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
        let mut budget = plan.budget.clone();
        let mut busy = 0u64;
        let mut stalled_since: Option<Nanos> = None;
        let mut last_publish = t0;
        let mut last_anchor = t0;
        // When a real-time worker last left the CPU.
        let mut slept = t0;
        let horizon_end = plan.end.unwrap_or(Nanos::MAX);
        // Whether the last turn was one at the end (real time), and when the first was.
        let mut finishing = false;
        let mut past_end: Option<Nanos> = None;
        let mut error = None;
        // Departures against the schedule: real time, paced kinds.
        // Departure stamps asked for: their frames' schedule is kept for pacing.
        let stamping = self.kind.stamps_departures();
        let mut pace = if !plan.simulated && self.kind.paced() {
            self.counters.pacing = vec![Pacing::default(); self.ports.len()];
            vec![PaceTrack::default(); self.ports.len()]
        } else {
            Vec::new()
        };
        'run: loop {
            let epoch = self.shared.epoch.load(Ordering::Acquire);
            if epoch != seen {
                seen = epoch;
                let msgs = std::mem::take(&mut *lock(&self.shared.inbox));
                // A port stopped or started, or the run paused: what the engine reads
                // once the message is acknowledged shows it (a paused run's counters
                // then stay put).
                let publish = msgs.iter().any(|m| matches!(m, Control::Lanes(_) | Control::Pause));
                for m in msgs {
                    match m {
                        Control::Stop => {
                            self.counters.stopped = !self.kind.is_done();
                            break 'run;
                        }
                        Control::Pause => paused = true,
                        Control::Resume => {
                            paused = false;
                            if !plan.simulated {
                                self.kind.handle_resume(self.clock.now().saturating_sub(plan.start_abs));
                            }
                        }
                        other => {
                            let now = if plan.simulated {
                                self.kind.virtual_now()
                            } else {
                                self.clock.now().saturating_sub(plan.start_abs)
                            };
                            self.kind.handle_control(other, now)
                        }
                    }
                }
                if publish {
                    let now = self.clock.now();
                    self.publish_now(t0, now, busy);
                    last_publish = now;
                }
                self.shared.applied.store(epoch, Ordering::Release);
            }
            let t_loop = self.clock.now();
            if t_loop - last_publish >= PUBLISH_EVERY {
                self.publish(t0, t_loop, busy, false);
                last_publish = t_loop;
            }
            // Real time: keep this worker's TSC clock on CLOCK_MONOTONIC (slewed, never
            // stepped) so hour-long runs do not drift by the calibration's error.
            if !plan.simulated && t_loop - last_anchor >= REANCHOR_EVERY {
                self.clock.reanchor();
                last_anchor = t_loop;
            }
            if paused {
                std::thread::sleep(std::time::Duration::from_micros(200));
                continue;
            }
            let (horizon, catch_up) = if plan.simulated {
                (horizon_end, None)
            } else {
                let now = t_loop.saturating_sub(plan.start_abs);
                // Past the end: one last turn at the end sends what fell due before it
                // (a worker preempted across the end would otherwise drop the last
                // frames of its schedule), bounded so a kind that keeps answering
                // (TCP) cannot keep the run alive.
                if now >= horizon_end {
                    let since = *past_end.get_or_insert(t_loop);
                    if finishing || t_loop - since > FINISH_GRACE {
                        self.counters.reached_end = true;
                        break;
                    }
                    finishing = true;
                }
                (now.min(horizon_end), plan.catch_up)
            };
            let turn = Turn { horizon, catch_up, wall: t_loop - t0, real_time: !plan.simulated };
            let mut produced = 0u64;
            // Whether some port asked for frames lent no slot at all: only that is a stall
            // (a kind with nothing to send, waiting for a retransmission, is not).
            let mut starved = false;
            for (p, port) in self.ports.iter_mut().enumerate() {
                let want = budget.claim(plan.batch as u64);
                if want == 0 {
                    break;
                }
                let mut batch = port.tx_batch(want as usize);
                starved |= batch.slots() == 0;
                let n = self.kind.poll_transmit(p, &mut batch, want, &turn);
                if let (Some(t), Some(out)) = (pace.get_mut(p), self.counters.pacing.get_mut(p)) {
                    t.sent(horizon, batch.committed(), out);
                    if stamping {
                        for (frame, m) in batch.frames() {
                            if let Some(c) = riptide_measure::departure_cookie(frame).filter(|&c| self.kind.stamped(c))
                            {
                                self.stamped.sent(p, c, m.departure);
                            }
                        }
                    }
                }
                budget.settle(want, n as u64);
                if n > 0 {
                    match port.tx_commit(n) {
                        // What a port refuses it counts as oerrors; the kind counted it produced.
                        Ok(accepted) => self.counters.tx_refused += n.saturating_sub(accepted) as u64,
                        Err(e) => {
                            error = Some(e);
                            break 'run;
                        }
                    }
                    produced += n as u64;
                }
            }
            self.poll_rx();
            if produced > 0 {
                if !plan.simulated {
                    self.counters.last_tx_ns = t_loop.saturating_sub(plan.start_abs.min(t0)).0;
                }
                let now = self.clock.now();
                busy += (now - t_loop).0;
                stalled_since = None;
                if budget.spent() {
                    break;
                }
                // More may be due at the end: the next turn decides.
                finishing = false;
                if plan.realtime && now - slept >= RESERVE_EVERY {
                    std::thread::sleep(RESERVE);
                    slept = self.clock.now();
                }
                continue;
            }
            if budget.spent() || self.kind.is_done() {
                break;
            }
            let next = self.kind.poll_timeout().unwrap_or(Nanos::MAX);
            if !starved {
                stalled_since = None;
            } else if next < horizon {
                // Due, and a port lent no slot: a port whose frames never come back must
                // not spin for ever.
                let since = *stalled_since.get_or_insert(t_loop);
                if t_loop - since > STALL_LIMIT {
                    let name = self.ports.first().map(|p| p.info().name.clone()).unwrap_or_default();
                    error = Some(PortError::Io {
                        port: name,
                        what: "transmitting".into(),
                        source: std::io::Error::new(
                            std::io::ErrorKind::TimedOut,
                            "no port took a frame for 1 s (its transmit slots never came back)",
                        ),
                    });
                    break;
                }
            }
            if plan.simulated {
                if next >= horizon_end {
                    self.counters.reached_end = plan.end.is_some();
                    break;
                }
                continue;
            }
            // Real time, nothing due yet: wait for the earliest departure or the end,
            // at most 1 ms so control messages are seen.
            let until = next.min(horizon_end).min(horizon + Nanos::from_millis(1));
            if plan.realtime {
                // Sleeping: a real-time task never preempted would starve its CPU.
                if until.saturating_sub(horizon) >= MIN_SLEEP {
                    slept = t_loop;
                }
                self.clock.sleep_until(plan.start_abs + until);
            } else {
                self.clock.wait_until(plan.start_abs + until);
            }
        }
        for p in &mut self.ports {
            if let Err(e) = p.flush() {
                error.get_or_insert(e);
            }
        }
        // The send window counts from time zero: a worker that began late sent its
        // schedule in less time than it spans, and its rates must not look better for it.
        let origin = if plan.simulated { t0 } else { plan.start_abs.min(t0) };
        self.counters.send_ns = (self.clock.now() - origin).0;
        // What the ports still hold (simulated links deliver at once).
        while self.poll_rx() > 0 {}
        // Frames still in flight arrive during the drain and are counted. A long drain (a
        // run's own, up to minutes) still publishes what arrives and ends at a stop.
        if plan.drain > Nanos::ZERO {
            let until = self.clock.now() + plan.drain;
            let mut last_publish = self.clock.now();
            loop {
                let now = self.clock.now();
                if now >= until {
                    break;
                }
                let epoch = self.shared.epoch.load(Ordering::Acquire);
                if epoch != seen {
                    seen = epoch;
                    let stop =
                        std::mem::take(&mut *lock(&self.shared.inbox)).iter().any(|m| matches!(m, Control::Stop));
                    self.shared.applied.store(epoch, Ordering::Release);
                    if stop {
                        break;
                    }
                }
                if now - last_publish >= PUBLISH_EVERY {
                    self.publish(t0, now, busy, false);
                    last_publish = now;
                }
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

    /// Hands what arrived on every port to the kind.
    fn poll_rx(&mut self) -> usize {
        let mut n = 0;
        let epoch = self.plan.epoch_unix_ns;
        let kind = &mut self.kind;
        let (stamped, pacing) = (&mut self.stamped, &mut self.counters.pacing);
        for (i, p) in self.ports.iter_mut().enumerate() {
            // Departure stamps first: a frame that left and came back since the last turn
            // finds its stamp when it is received.
            let mut out = pacing.get_mut(i).map(|x| x.kernel.get_or_insert_with(KernelPacing::default));
            p.tx_stamps(&mut |cookie, at| {
                let at = Nanos(at.0.saturating_sub(epoch));
                kind.handle_tx_stamp(cookie, at);
                // Only the frames whose schedule was kept (a stamp of another would pass
                // over every frame waiting).
                if let Some(out) = out.as_deref_mut().filter(|_| kind.stamped(cookie)) {
                    stamped.stamp(i, cookie, at, out);
                }
            });
            if let Some(x) = pacing.get_mut(i) {
                if x.kernel.is_some_and(|k| k.frames == 0) {
                    x.kernel = None;
                }
            }
            n += p
                .rx(256, &mut |frame, ts| kind.handle_receive(i, frame, Nanos(ts.0.saturating_sub(epoch))))
                .unwrap_or(0);
        }
        if n == 0 {
            kind.handle_idle();
        }
        n
    }

    /// Publishes now, waiting for a reader to let go if one holds the copy.
    #[cold]
    fn publish_now(&mut self, t0: Nanos, now: Nanos, busy: u64) {
        self.publish_as(t0, now, busy, false, true);
    }

    /// Publishes the counters into the shared copy. The kind writes its figures straight
    /// into that copy, the costly ones (receive tables with their histograms, series)
    /// only every 16th publish and the last: a publish in between copies none of them.
    fn publish(&mut self, t0: Nanos, now: Nanos, busy: u64, done: bool) {
        self.publish_as(t0, now, busy, done, done);
    }

    fn publish_as(&mut self, t0: Nanos, now: Nanos, busy: u64, done: bool, wait: bool) {
        let c = &mut self.counters;
        for (i, p) in self.ports.iter().enumerate() {
            if let Some(slot) = c.ports.get_mut(i) {
                *slot = p.counters();
            }
        }
        c.busy_ns = busy;
        c.loop_ns = (now - t0).0;
        c.virtual_ns = self.kind.virtual_now().0;
        c.late_resets = self.kind.late_resets();
        c.done = done;
        let mut g = if wait {
            lock(&self.shared.published)
        } else {
            match self.shared.published.try_lock() {
                Ok(g) => g,
                Err(std::sync::TryLockError::Poisoned(p)) => p.into_inner(),
                // A reader holds it: the next publish does it (the costly figures too, if due).
                Err(std::sync::TryLockError::WouldBlock) => return,
            }
        };
        // The worker's own `kind` stays empty: only the shared copy holds the kind's.
        let kind = std::mem::take(&mut g.kind);
        g.clone_from(c);
        g.kind = kind;
        self.publishes += 1;
        self.kind.publish(&mut g.kind, done || self.publishes.is_multiple_of(16));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shared_budget_is_spent_only_when_no_worker_holds_a_claim() {
        let shared = Arc::new(SharedBudget::new(100));
        let (mut a, mut b) = (Budget::Shared(shared.clone()), Budget::Shared(shared));
        assert_eq!(a.claim(64), 64);
        assert_eq!(b.claim(64), 36);
        b.settle(36, 36);
        // Nothing left, but `a` holds 64: `b` must not end.
        assert_eq!(b.claim(64), 0);
        assert!(!b.spent());
        a.settle(64, 10);
        assert!(!b.spent());
        assert_eq!(b.claim(64), 54);
        b.settle(54, 54);
        assert!(a.spent() && b.spent());
    }
    use crate::stats::KindCounters;
    use riptide_core::{BitsPerSec, PortCounters, TxBatch};
    use riptide_port::null::NullPort;
    use riptide_port::{PortCaps, PortInfo, Timing};

    /// Always due, never sends: a TCP endpoint waiting out a retransmission timeout.
    struct Waiting;

    impl RunKind for Waiting {
        fn handle_start(&mut self) {}
        fn poll_transmit(&mut self, _: usize, _: &mut TxBatch<'_>, _: u64, _: &Turn) -> usize {
            0
        }
        fn poll_timeout(&self) -> Option<Nanos> {
            Some(Nanos::ZERO)
        }
        fn is_done(&self) -> bool {
            false
        }
        fn publish(&self, _: &mut KindCounters, _: bool) {}
        fn virtual_now(&self) -> Nanos {
            Nanos::ZERO
        }
    }

    fn info() -> PortInfo {
        let caps = PortCaps { timing: Timing::Any, rx: None, max_frame: 1518, batch: 32, line_rate: BitsPerSec(1e10) };
        PortInfo { name: "test".into(), driver: "null", caps }
    }

    /// A port whose transmit slots never come back.
    struct Stuck(PortInfo);

    impl Port for Stuck {
        fn info(&self) -> &PortInfo {
            &self.0
        }
        fn tx_batch(&mut self, _: usize) -> TxBatch<'_> {
            TxBatch::empty()
        }
        fn tx_commit(&mut self, _: usize) -> Result<usize, PortError> {
            Ok(0)
        }
        fn counters(&self) -> PortCounters {
            PortCounters::default()
        }
    }

    /// One 60-byte frame every millisecond from time zero, as a stateless stream.
    struct EveryMs {
        next: u64,
    }

    impl RunKind for EveryMs {
        fn handle_start(&mut self) {}
        fn poll_transmit(&mut self, _: usize, batch: &mut TxBatch<'_>, want: u64, turn: &Turn) -> usize {
            let mut n = 0;
            while n < want as usize && Nanos(self.next * 1_000_000) <= turn.horizon {
                if batch.slot().is_none() {
                    break;
                }
                batch.commit(TxMeta { len: 60, stream: 0, departure: Nanos(self.next * 1_000_000) });
                self.next += 1;
                n += 1;
            }
            n
        }
        fn poll_timeout(&self) -> Option<Nanos> {
            Some(Nanos(self.next * 1_000_000))
        }
        fn publish(&self, _: &mut KindCounters, _: bool) {}
        fn virtual_now(&self) -> Nanos {
            Nanos::ZERO
        }
    }

    /// Counts what it is given; on its `stall_at`th frame the host takes the worker away
    /// for `stall` (a preemption, made certain).
    struct Preempted {
        info: PortInfo,
        slots: Vec<u8>,
        layout: riptide_core::SlotLayout,
        meta: Vec<TxMeta>,
        sent: Arc<std::sync::atomic::AtomicU64>,
        stall_at: u64,
        stall: std::time::Duration,
    }

    impl Port for Preempted {
        fn info(&self) -> &PortInfo {
            &self.info
        }
        fn tx_batch(&mut self, want: usize) -> TxBatch<'_> {
            TxBatch::with_layout(&mut self.slots, &self.layout, want, &mut self.meta)
        }
        fn tx_commit(&mut self, n: usize) -> Result<usize, PortError> {
            for _ in 0..n {
                if self.sent.fetch_add(1, Ordering::Relaxed) + 1 == self.stall_at {
                    std::thread::sleep(self.stall);
                }
            }
            Ok(n)
        }
        fn counters(&self) -> PortCounters {
            PortCounters::default()
        }
    }

    #[test]
    fn a_worker_preempted_across_the_end_still_sends_what_fell_due_before_it() {
        // 20 frames due over 20 ms; on the 16th (due at 15 ms) the worker is away for
        // 50 ms, past the end: the four due meanwhile still leave, late, and nothing after.
        let sent = Arc::new(std::sync::atomic::AtomicU64::new(0));
        let port = Preempted {
            info: info(),
            slots: vec![0; 32 * 128],
            layout: riptide_core::SlotLayout::strided(32, 128),
            meta: vec![TxMeta::default(); 32],
            sent: sent.clone(),
            stall_at: 16,
            stall: std::time::Duration::from_millis(50),
        };
        let clock = Clock::monotonic();
        let start_abs = clock.now();
        let plan = Plan {
            start_abs,
            // Just short of 20 ms: frames 0..=19 are due before it.
            end: Some(Nanos(19_500_000)),
            budget: Budget::Unlimited,
            simulated: false,
            catch_up: Some(Nanos(1_000_000_000)),
            realtime: false,
            batch: 32,
            drain: Nanos::ZERO,
            epoch_unix_ns: 0,
        };
        let worker = Worker {
            clock,
            ports: vec![Box::new(port) as Box<dyn Port>],
            kind: EveryMs { next: 0 },
            plan,
            shared: Arc::default(),
            counters: WorkerCounters::default(),
            publishes: 0,
            stamped: Default::default(),
        };
        let exit = worker.run();
        assert!(exit.error.is_none(), "{:?}", exit.error);
        assert_eq!(sent.load(Ordering::Relaxed), 20);
    }

    fn run_for(port: Box<dyn Port>, secs: f64) -> Exit {
        let clock = Clock::monotonic();
        let start_abs = clock.now();
        let plan = Plan {
            start_abs,
            end: Some(Nanos((secs * 1e9) as u64)),
            budget: Budget::Unlimited,
            simulated: false,
            catch_up: None,
            realtime: false,
            batch: 32,
            drain: Nanos::ZERO,
            epoch_unix_ns: 0,
        };
        let worker = Worker {
            clock,
            ports: vec![port],
            kind: Waiting,
            plan,
            shared: Arc::default(),
            counters: WorkerCounters::default(),
            publishes: 0,
            stamped: Default::default(),
        };
        worker.run()
    }

    /// Frames every 10 us (100 kpps) from `from` to `to`, as the batches a loop turning
    /// every `turn` sends them, with the worker away (no turn) over `stall`: the tracker's
    /// figures against what the schedule says.
    fn paced(turn: u64, stall: Option<(u64, u64)>, to: u64) -> Pacing {
        let (mut t, mut out, mut next) = (PaceTrack::default(), Pacing::default(), 0u64);
        let mut now = 0;
        while now < to {
            now += turn;
            if stall.is_some_and(|(a, b)| now > a && now < b) {
                continue;
            }
            // The batch holds what came due before now, at most 32 frames (a port's batch).
            let mut batch = vec![];
            while next < now && batch.len() < 32 {
                batch.push(TxMeta { len: 60, stream: 0, departure: Nanos(next) });
                next += 10_000;
            }
            t.sent(Nanos(now), &batch, &mut out);
        }
        out
    }

    #[test]
    fn pacing_from_departure_stamps_is_each_stamped_frames_lateness_and_the_silences_between() {
        let (mut t, mut k) = (StampTrack::default(), KernelPacing::default());
        // Frames due every 100 us on port 1; the second's stamp never comes.
        for (c, due) in [(7, 100_000), (8, 200_000), (9, 300_000), (10, 400_000)] {
            t.sent(1, c, Nanos(due));
        }
        t.stamp(1, 7, Nanos(101_000), &mut k);
        t.stamp(1, 9, Nanos(350_000), &mut k); // 50 us late, silent since 101 us
        t.stamp(1, 10, Nanos(400_500), &mut k);
        t.stamp(0, 10, Nanos(1), &mut k); // nothing sent on port 0
        assert_eq!(k, KernelPacing { late_ns: 50_000, gap_ns: 50_000, frames: 3 });
        assert!(t.due[1].is_empty());
    }

    #[test]
    fn pacing_counts_the_frames_a_stall_makes_up_beyond_the_schedule() {
        // On schedule (a turn every 2 us): each frame alone, no gap beyond a turn.
        let p = paced(2_000, None, 10_000_000);
        assert_eq!(p.burst, 1, "{p:?}");
        assert!(p.gap_ns <= 2_000 && p.late_ns <= 2_000, "{p:?}");
        // A turn every 25 us: two or three frames leave together each time.
        let p = paced(25_000, None, 10_000_000);
        assert_eq!(p.burst, 3, "{p:?}");
        // Away for 5 ms at 100 kpps: the ~500 frames due meanwhile leave back to back
        // (in batches of 32, each turn) once the worker is back.
        let p = paced(2_000, Some((3_000_000, 8_000_000)), 20_000_000);
        assert!((499..=501).contains(&p.burst), "{p:?}");
        assert!((4_990_000..=5_010_000).contains(&p.gap_ns), "{p:?}");
        assert_eq!(p.late_ns, p.gap_ns, "the first frame after the stall waited longest: {p:?}");
    }

    #[test]
    fn a_port_that_lends_no_slot_ends_the_run_after_a_second() {
        let t = std::time::Instant::now();
        let exit = run_for(Box::new(Stuck(info())), 5.0);
        let e = exit.error.expect("a stall is an error").to_string();
        assert!(e.contains("transmit slots never came back"), "{e}");
        assert!(t.elapsed().as_secs_f64() < 4.0, "{:?}", t.elapsed());
    }

    /// Regression: a TCP run waiting over a second for a retransmission (its receive
    /// polling looks due) was ended as a stalled port.
    #[test]
    fn a_kind_with_nothing_to_send_is_no_stall() {
        let exit = run_for(Box::new(NullPort::new(info(), 32)), 1.5);
        assert!(exit.error.is_none(), "{:?}", exit.error);
        assert!(exit.counters.reached_end);
    }

    /// A run kind with a long series (a stateful run's seconds): the series in full
    /// publishes, a counter in every one.
    struct LongSeries {
        publishes: u64,
    }

    impl RunKind for LongSeries {
        fn handle_start(&mut self) {}
        fn poll_transmit(&mut self, _: usize, _: &mut TxBatch<'_>, _: u64, _: &Turn) -> usize {
            0
        }
        fn poll_timeout(&self) -> Option<Nanos> {
            None
        }
        fn is_done(&self) -> bool {
            false
        }
        fn publish(&self, out: &mut KindCounters, full: bool) {
            if !matches!(out, KindCounters::Stateful(_)) {
                *out = KindCounters::Stateful(Default::default());
            }
            let KindCounters::Stateful(c) = out else { return };
            c.last_t = self.publishes;
            if full {
                c.seconds = vec![crate::stf::Second::default(); 10_000];
            }
        }
        fn virtual_now(&self) -> Nanos {
            Nanos::ZERO
        }
    }

    /// A publish copies the costly figures only when they are due (every 16th and the
    /// last): in between, the shared copy's series stays where it is, not copied again.
    /// Regression: every publish cloned the whole counters, receive tables and series
    /// included, which made `riptide ndr`'s latency trials take minutes.
    #[test]
    fn publishes_between_full_ones_copy_no_series() {
        let clock = Clock::monotonic();
        let plan = Plan {
            start_abs: clock.now(),
            end: None,
            budget: Budget::Unlimited,
            simulated: true,
            catch_up: None,
            realtime: false,
            batch: 32,
            drain: Nanos::ZERO,
            epoch_unix_ns: 0,
        };
        let mut w = Worker {
            clock,
            ports: vec![],
            kind: LongSeries { publishes: 0 },
            plan,
            shared: Arc::default(),
            counters: WorkerCounters::default(),
            publishes: 0,
            stamped: Default::default(),
        };
        // (series length, where its entries lie) in the shared copy after each publish.
        let mut seen = vec![];
        for i in 1..=40u64 {
            w.kind.publishes = i;
            w.publish(Nanos::ZERO, Nanos(i), 0, i == 40);
            let g = lock(&w.shared.published);
            let KindCounters::Stateful(c) = &g.kind else { panic!("{:?}", g.kind) };
            assert_eq!(c.last_t, i, "the cheap figures in every publish");
            seen.push((c.seconds.len(), c.seconds.as_ptr() as usize));
        }
        assert!(seen[..15].iter().all(|s| s.0 == 0), "{seen:?}");
        assert_eq!(seen[15].0, 10_000, "the 16th publish is full");
        // Between full publishes, the series is neither copied nor moved.
        assert!(seen[15..31].iter().all(|s| *s == seen[15]), "{:?}", &seen[15..31]);
        assert!(seen[32..39].iter().all(|s| *s == seen[31]), "{:?}", &seen[32..39]);
        assert!(lock(&w.shared.published).done);
    }
}
