//! The streams of one worker on one port, interleaved by departure time.
//!
//! [`StreamSet::poll_transmit`] writes every packet due before a horizon into a port's
//! [`TxBatch`], earliest first. In real time the horizon is "now"; in simulation
//! (pcap) it is the end of the run, so packets are produced as fast as the CPU
//! allows and carry their scheduled departures.
//!
//! ## Catch-up policy
//!
//! After a stall (the worker was descheduled, the port was full) a stream may be
//! late. Up to `catch_up` late (default 1 ms in real time), it sends back to back
//! until it is on schedule again, so the average rate is kept and the stall shows
//! as a burst no longer than `catch_up` worth of packets. Later than that, the
//! stream forgets the missed time and restarts its schedule `catch_up` before
//! now: the packets that would have filled the stall are never sent, the
//! achieved rate shows the shortfall, and `late_resets` counts the events. In
//! simulation there is no "late" and no reset.

use crate::stream::{Phase, Stream};
use riptide_core::{Nanos, TxBatch};

/// Streams sharing one worker and one port.
#[derive(Clone, Debug, Default)]
pub struct StreamSet {
    streams: Vec<Stream>,
    /// (profile index, position in `streams`) sorted by index, for chaining (a port
    /// started into a running run has its streams numbered after the run's).
    by_index: Vec<(u32, usize)>,
    /// Times a late stream's schedule was reset (see the module docs).
    pub late_resets: u64,
    /// Positions of the tagged streams (`flow_stats` / `latency`).
    tagged: Vec<usize>,
    /// Stamp latency tags with this time (now, in real time) rather than the scheduled
    /// departure, so a late sender does not count its lateness as latency.
    stamp: Option<Nanos>,
}

impl StreamSet {
    /// A set of stream shares.
    pub fn new(streams: Vec<Stream>) -> Self {
        let mut by_index: Vec<(u32, usize)> = streams.iter().enumerate().map(|(pos, s)| (s.index, pos)).collect();
        by_index.sort_unstable();
        let tagged = streams.iter().enumerate().filter(|(_, s)| s.is_tagged()).map(|(i, _)| i).collect();
        StreamSet { streams, by_index, late_resets: 0, tagged, stamp: None }
    }

    /// In real time, latency tags carry the time the packets of the next
    /// [`poll_transmit`](Self::poll_transmit) are built, read just before from the clock the receive
    /// timestamps come from (`CLOCK_REALTIME`, epoch-relative), instead of their schedule:
    /// a late sender does not count its lateness as latency, and sender and receiver
    /// stamps share one clock. `None` (the default, and simulation): the schedule.
    pub fn stamp_tags_with(&mut self, at: Option<Nanos>) {
        self.stamp = at;
    }

    /// The tagged streams (empty for most sets: nothing to walk per batch).
    pub fn tagged(&self) -> impl Iterator<Item = &Stream> + '_ {
        self.tagged.iter().filter_map(|&i| self.streams.get(i))
    }

    /// Starts every self-starting stream at `at` (plus its own start delay).
    pub fn handle_start(&mut self, at: Nanos) {
        let mut ended = Vec::new();
        for s in &mut self.streams {
            s.rearm();
        }
        for s in &mut self.streams {
            if s.phase == Phase::Active && !s.start(at) {
                ended.push((s.follow(), at + s.isg));
            }
        }
        for (next, at) in ended {
            self.chain(next, at);
        }
    }

    fn chain(&mut self, mut next: Option<u32>, mut at: Nanos) {
        // Bounded: a chain of streams with nothing to send on this core ends
        // after visiting each stream once.
        for _ in 0..=self.streams.len() {
            let find = |i: u32| self.by_index.binary_search_by_key(&i, |e| e.0).ok().map(|k| self.by_index[k].1);
            let Some(pos) = next.and_then(find) else {
                return;
            };
            let s = &mut self.streams[pos];
            if s.start(at) {
                return;
            }
            next = s.follow();
            at += s.isg;
        }
    }

    /// Sets the Unix time (ns) of departure zero for every stream's clock variables.
    pub fn set_time_base(&mut self, unix_ns: u64) {
        for s in &mut self.streams {
            s.set_time_base(unix_ns);
        }
    }

    /// The streams.
    pub fn streams(&self) -> &[Stream] {
        &self.streams
    }

    /// Mutable access to the streams (rate updates).
    pub fn streams_mut(&mut self) -> &mut [Stream] {
        &mut self.streams
    }

    /// When the earliest active stream is due; `None` when nothing is left to send.
    pub fn poll_timeout(&self) -> Option<Nanos> {
        self.streams.iter().filter_map(Stream::due).min()
    }

    /// Whether every stream has finished (or waits for a chain that can no longer come).
    pub fn is_done(&self) -> bool {
        self.streams.iter().all(|s| s.phase != Phase::Active)
    }

    /// Moves every active stream's schedule to start again at `at` (resume after pause).
    pub fn handle_resume(&mut self, at: Nanos) {
        for s in &mut self.streams {
            if s.due().is_some_and(|d| d < at) {
                s.reanchor(at);
            }
        }
    }

    /// The earliest active stream (ties: lowest position).
    #[inline]
    fn earliest(&self) -> Option<(usize, Nanos)> {
        if let [only] = self.streams.as_slice() {
            return only.due().map(|d| (0, d));
        }
        let mut best: Option<(usize, Nanos)> = None;
        for (i, s) in self.streams.iter().enumerate() {
            if let Some(d) = s.due() {
                if best.is_none_or(|(_, b)| d < b) {
                    best = Some((i, d));
                }
            }
        }
        best
    }

    /// The departure before which the stream at `pos` stays the earliest: the earliest
    /// other active stream's due time (plus one when that stream comes later in the
    /// set, as ties go to the lower position).
    #[inline]
    fn run_limit(&self, pos: usize) -> Nanos {
        let mut limit = Nanos::MAX;
        for (i, s) in self.streams.iter().enumerate() {
            if i == pos {
                continue;
            }
            if let Some(d) = s.due() {
                limit = limit.min(Nanos(d.0.saturating_add(u64::from(i > pos))));
            }
        }
        limit
    }

    /// Fills `batch` with packets due before `horizon`, earliest first, at most
    /// `budget` of them. `catch_up` is the real-time lateness bound (`None` in
    /// simulation). Returns the number of packets written.
    #[inline]
    pub fn poll_transmit(
        &mut self,
        batch: &mut TxBatch<'_>,
        horizon: Nanos,
        budget: u64,
        catch_up: Option<Nanos>,
    ) -> usize {
        let mut n = 0usize;
        let mut budget = budget;
        while budget > 0 {
            let Some((pos, mut due)) = self.earliest() else {
                break;
            };
            if due >= horizon {
                break;
            }
            let mut reset = false;
            if let Some(window) = catch_up {
                if due.0 + window.0 < horizon.0 {
                    due = horizon - window;
                    self.streams[pos].reanchor(due);
                    self.late_resets += 1;
                    reset = true;
                }
            }
            // The stream stays the earliest while it departs before every other one
            // (ties go to the lower position): a run of its packets up to that limit.
            // After its first packet it is never late (the check above moved it on).
            let mut limit = self.run_limit(pos).min(horizon);
            let mut most = budget;
            if reset && limit <= due {
                // Moved past another late stream: the packet it was chosen for departs
                // at the new anchor all the same, alone (the next pick resets the other).
                (limit, most) = (Nanos(due.0 + 1), 1);
            }
            let s = &mut self.streams[pos];
            let k = s.produce_run(batch, most, limit, self.stamp);
            if k == 0 {
                break;
            }
            n += k;
            budget -= k as u64;
            if s.phase == Phase::Done {
                let (next, at) = (s.follow(), s.due_after_end());
                self.chain(next, at);
            }
        }
        n
    }

    /// [`poll_transmit`](Self::poll_transmit) one packet at a time, each from the
    /// earliest stream: the definition the runs must equal, byte for byte, departure for
    /// departure (the test oracle of `tests/runs.rs`; never on the hot path).
    #[doc(hidden)]
    pub fn poll_transmit_one_by_one(
        &mut self,
        batch: &mut TxBatch<'_>,
        horizon: Nanos,
        budget: u64,
        catch_up: Option<Nanos>,
    ) -> usize {
        let mut n = 0usize;
        let mut budget = budget;
        while budget > 0 {
            let Some((pos, mut due)) = self.earliest() else {
                break;
            };
            if due >= horizon {
                break;
            }
            if let Some(window) = catch_up {
                if due.0 + window.0 < horizon.0 {
                    due = horizon - window;
                    self.streams[pos].reanchor(due);
                    self.late_resets += 1;
                }
            }
            let Some(slot) = batch.slot() else { break };
            let s = &mut self.streams[pos];
            let (len, departure) = s.produce(slot, self.stamp);
            batch.commit(riptide_core::TxMeta { len: len as u32, stream: s.index, departure });
            n += 1;
            budget -= 1;
            if s.phase == Phase::Done {
                let (next, at) = (s.follow(), s.due_after_end());
                self.chain(next, at);
            }
        }
        n
    }
}
