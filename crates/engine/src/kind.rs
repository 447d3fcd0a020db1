//! Run kinds: the pure logic of a run, plugged into the one worker loop.
//!
//! The worker loop ([`crate::worker`]) is written once for every kind of run: the clock
//! and the start time, the control inbox (stop, pause, resume), pacing (real time: wait
//! for the next departure; virtual time: run ahead), the packet budget, lending port
//! batches and committing them, receiving, publishing counters, flushing and draining.
//! A kind says only what to send and what it makes of what arrives, in the sans-IO
//! shape of quinn's state machines: inputs through `handle_*`, outputs through `poll_*`,
//! time passed in.
//!
//! - [`crate::stateless`]: stream sets (TRex STL), tagged-stream receive tables.
//! - [`crate::stf`]: flows replayed from pcap templates (TRex STF).
//! - [`crate::tcp`]: user-space TCP endpoints, client and server (TRex ASTF).

use crate::stats::KindCounters;
use riptide_core::{Nanos, TxBatch};
use riptide_stl::set::StreamSet;

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
    /// Scale a TCP run's clients to this factor of the load they started with.
    Scale(f64),
    /// A per-port run's lanes: ports starting, pausing, resuming or stopping on their
    /// own while the others go on (stateless runs started with `ports`).
    Lanes(Box<LaneControl>),
}

/// Frames of each tagged stream (by stream index) a worker has handed to its ports,
/// stored before the hand-over: a snapshot that reads receive counts first and these
/// after never sees a stream received more often than sent, whichever workers send and
/// receive.
pub(crate) type Handed = std::sync::Arc<Vec<std::sync::atomic::AtomicU64>>;

/// What a per-port run asks of a worker's lanes (one port each): each applies to every
/// named port at once, so ports started together start at the same instant.
#[derive(Clone, Debug)]
pub(crate) enum LaneControl {
    /// Start these ports' stream sets now, each ending after `duration` if given; the
    /// tagged streams to receive (id, latency, flows of the first-packet figures) and the
    /// grown table of frames handed (the streams now number `streams`).
    Start {
        sets: Vec<(usize, StreamSet)>,
        duration: Option<Nanos>,
        tags: Vec<(u16, bool, u64, Option<std::sync::Arc<riptide_measure::VlanMap>>)>,
        handed: Handed,
        streams: usize,
        /// Which start of the ports this is (the run counts them).
        gen: u64,
    },
    /// Stop sending on these ports for good (their counters stay).
    Stop(Vec<usize>),
    /// Hold these ports' streams where they are.
    Pause(Vec<usize>),
    /// Send again from now, nothing made up.
    Resume(Vec<usize>),
}

/// What the loop knows of the current turn.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Turn {
    /// Frames due before this time (run time, since time zero) go out now.
    pub horizon: Nanos,
    /// Real-time lateness bound (`None` in virtual time and for unpaced runs).
    pub catch_up: Option<Nanos>,
    /// Wall time since the worker began.
    pub wall: Nanos,
    /// The run is on the wall clock.
    pub real_time: bool,
}

/// The logic of one kind of run on one worker.
pub(crate) trait RunKind: Send + 'static {
    /// The run begins: time zero.
    fn handle_start(&mut self);

    /// Writes up to `budget` frames for port `port` that are due before `turn.horizon`
    /// into `batch`, earliest first; returns how many. Called once per port per turn.
    fn poll_transmit(&mut self, port: usize, batch: &mut TxBatch<'_>, budget: u64, turn: &Turn) -> usize;

    /// A frame arrived on port `port` at `at` (run time: Unix time less the run's epoch).
    fn handle_receive(&mut self, port: usize, frame: &[u8], at: Nanos) {
        let _ = (port, frame, at);
    }

    /// The frame of `cookie` (a [`riptide_port::StampKey`]'s) left at `at` (run time), by
    /// its port's departure stamp.
    fn handle_tx_stamp(&mut self, cookie: u64, at: Nanos) {
        let _ = (cookie, at);
    }

    /// Whether departure stamps were asked for (the frames [`stamped`](Self::stamped)
    /// picks get one).
    fn stamps_departures(&self) -> bool {
        false
    }

    /// Whether the frame of `cookie` gets a departure stamp.
    fn stamped(&self, cookie: u64) -> bool {
        let _ = cookie;
        false
    }

    /// Nothing arrived in the last poll of the ports: a moment for work that waits on
    /// other workers (arrivals waiting for their departure stamp).
    fn handle_idle(&mut self) {}

    /// The earliest departure still to come; `None` when nothing is due any more.
    fn poll_timeout(&self) -> Option<Nanos>;

    /// Whether the kind has nothing left to send.
    fn is_done(&self) -> bool {
        self.poll_timeout().is_none()
    }

    /// Sending resumes at `now` (run time) after a pause: nothing is made up.
    fn handle_resume(&mut self, now: Nanos) {
        let _ = now;
    }

    /// A control message for the kind (rate updates, receive-table resets, lanes) at
    /// `now` (run time).
    fn handle_control(&mut self, control: Control, now: Nanos) {
        let _ = (control, now);
    }

    /// The kind's counters into `out`; `full`: also the costly parts (histograms,
    /// series), which the loop asks for every few publishes and at the end.
    fn publish(&self, out: &mut KindCounters, full: bool);

    /// The departure reached (virtual time).
    fn virtual_now(&self) -> Nanos;

    /// Times a late schedule was reset (the catch-up policy).
    fn late_resets(&self) -> u64 {
        0
    }

    /// Whether the frames' departures follow a schedule worth measuring against
    /// ([`crate::stats::Pacing`]): stateless streams do; flows and TCP send when they can.
    fn paced(&self) -> bool {
        false
    }
}
