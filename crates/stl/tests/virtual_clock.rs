//! Stream sets on a virtual clock: pacing, the catch-up policy, pause and resume, rate
//! updates and chains, stepped deterministically instead of timed on threads.
//!
//! The harness is quinn's (`quinn-proto/src/tests/util.rs`): a state machine that is
//! asked when it next wants to run (`poll_timeout`), and a clock the test moves, either to
//! that wake-up or further (a stall, a pause). Every frame is recorded with the virtual
//! time it was handed out and its scheduled departure.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use riptide_core::{BitsPerSec, Nanos, TxBatch, TxMeta};
use riptide_stl::set::StreamSet;

/// The worker's real-time lateness bound (1 ms), as the engine runs it.
const CATCH_UP: Option<Nanos> = Some(Nanos::from_millis(1));

/// One frame out of the set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Sent {
    /// Virtual time it was handed to the port.
    at: Nanos,
    /// Its scheduled departure.
    departure: Nanos,
    /// Stream index.
    stream: u32,
}

struct Harness {
    set: StreamSet,
    now: Nanos,
    sent: Vec<Sent>,
    mem: Vec<u8>,
    offsets: Vec<usize>,
    meta: Vec<TxMeta>,
}

const SLOTS: usize = 64;
const CAP: usize = 1536;

impl Harness {
    /// The streams of `yaml` as one worker of one core runs them, started at 0.
    fn new(yaml: &str) -> Harness {
        let p = riptide_stl::profile::parse(yaml, "vc.yaml").unwrap();
        let c = riptide_stl::profile::compile(&p, "vc.yaml").unwrap();
        let mut set = StreamSet::new(c.streams.iter().map(|s| s.share(0, 1, 1.0, BitsPerSec(10e9), false)).collect());
        set.handle_start(Nanos::ZERO);
        Harness {
            set,
            now: Nanos::ZERO,
            sent: Vec::new(),
            mem: vec![0; SLOTS * CAP],
            offsets: (0..SLOTS).map(|i| i * CAP).collect(),
            meta: vec![TxMeta::default(); SLOTS],
        }
    }

    /// One turn of the worker at the current time: everything due by now, batch by batch.
    fn turn(&mut self) -> usize {
        let mut n = 0;
        loop {
            let mut b = TxBatch::new(&mut self.mem, &self.offsets, CAP, &mut self.meta).unwrap();
            // Due strictly before the horizon: what is due at `now` goes now.
            let k = self.set.poll_transmit(&mut b, self.now + Nanos(1), SLOTS as u64, CATCH_UP);
            let at = self.now;
            self.sent.extend(b.committed().iter().map(|m| Sent { at, departure: m.departure, stream: m.stream }));
            n += k;
            if k < SLOTS {
                return n;
            }
        }
    }

    /// Jumps to the next wake-up the set asks for and takes a turn; false when done.
    fn step(&mut self) -> bool {
        let Some(t) = self.set.poll_timeout() else { return false };
        self.now = self.now.max(t);
        self.turn();
        true
    }

    /// Steps until the clock would pass `until`.
    fn run_until(&mut self, until: Nanos) {
        while self.set.poll_timeout().is_some_and(|t| t <= until) {
            self.step();
        }
    }

    /// The clock moves to `to` with nobody looking (a stall, a descheduled worker).
    fn stall_until(&mut self, to: Nanos) {
        self.now = to;
    }
}

#[test]
fn a_paced_stream_departs_exactly_on_its_schedule_and_never_early() {
    let mut h = Harness::new("streams: [{rate: 1mpps}]");
    h.run_until(Nanos::from_micros(999));
    assert_eq!(h.sent.len(), 1000);
    for (k, s) in h.sent.iter().enumerate() {
        assert_eq!(s.departure, Nanos(k as u64 * 1000), "1 Mpps: 1 us apart, no drift");
        assert_eq!(s.at, s.departure, "handed out at its departure, not before");
    }
    assert_eq!(h.set.poll_timeout(), Some(Nanos::from_micros(1000)));
    assert_eq!(h.set.late_resets, 0);
}

#[test]
fn a_stall_within_the_catch_up_window_is_made_up_in_one_burst() {
    let mut h = Harness::new("streams: [{rate: 1mpps}]");
    h.run_until(Nanos::from_micros(9));
    h.stall_until(Nanos::from_micros(500));
    let burst = h.turn();
    assert_eq!(burst, 491, "everything due from 10 us to 500 us, back to back");
    assert!(h.sent[10..].iter().all(|s| s.at == Nanos::from_micros(500)));
    h.run_until(Nanos::from_micros(999));
    assert_eq!(h.sent.len(), 1000, "the average rate is kept");
    assert_eq!(h.set.late_resets, 0);
}

#[test]
fn a_longer_stall_resets_the_schedule_and_is_counted() {
    let mut h = Harness::new("streams: [{rate: 1mpps}]");
    h.run_until(Nanos::from_micros(9));
    h.stall_until(Nanos::from_millis(5));
    let burst = h.turn();
    // Forgets what was due before the horizon less 1 ms: the window's worth goes out at
    // once (the turn's horizon is 1 ns past now).
    assert_eq!(burst, 1000, "the window's packets only");
    assert_eq!(h.set.late_resets, 1);
    assert_eq!(h.sent[10].departure, Nanos::from_millis(4) + Nanos(1), "restarted 1 ms before the horizon");
    h.run_until(Nanos::from_millis(6));
    let total = h.sent.len();
    assert!(total < 6_001, "the stall shows as a shortfall: {total} of 6001 scheduled");
    assert_eq!(total, 10 + 1000 + 1000);
}

#[test]
fn resume_after_a_pause_makes_nothing_up() {
    let mut h = Harness::new("streams: [{rate: 100kpps}]");
    h.run_until(Nanos::from_micros(100));
    let before = h.sent.len();
    // Paused: the clock moves, the set is not asked; resumed at 600 us.
    h.stall_until(Nanos::from_micros(600));
    h.set.handle_resume(h.now);
    assert_eq!(h.turn(), 1, "only the packet due at the resume, no burst");
    assert_eq!(h.sent[before].departure, Nanos::from_micros(600));
    h.run_until(Nanos::from_micros(700));
    let after: Vec<u64> = h.sent[before..].iter().map(|s| s.departure.0).collect();
    assert!(after.windows(2).all(|w| w[1] - w[0] == 10_000), "on the old rate from the resume: {after:?}");
    assert_eq!(h.set.late_resets, 0);
}

#[test]
fn a_rate_update_takes_effect_from_the_next_departure() {
    let mut h = Harness::new("streams: [{rate: 1mpps}]");
    h.run_until(Nanos::from_micros(9));
    for s in h.set.streams_mut() {
        s.set_rate(250_000.0);
    }
    h.run_until(Nanos::from_micros(50));
    let d: Vec<u64> = h.sent.iter().map(|s| s.departure.0).collect();
    assert_eq!(&d[..10], &(0..10).map(|k| k * 1000).collect::<Vec<_>>()[..]);
    assert!(d[10..].windows(2).all(|w| w[1] - w[0] == 4000), "4 us apart after the update: {d:?}");
    assert!(d[10] <= 13_000, "the next departure follows the new rate, no pause: {}", d[10]);
}

#[test]
fn chained_streams_follow_each_other_after_their_gap() {
    let yaml = "streams:
  - {name: a, rate: 1mpps, mode: {burst: {packets: 3}}, next: b}
  - {name: b, self_start: false, isg: 20us, rate: 500kpps, mode: {burst: {packets: 2}}}
";
    let mut h = Harness::new(yaml);
    while h.step() {}
    let got: Vec<(u32, u64)> = h.sent.iter().map(|s| (s.stream, s.departure.0)).collect();
    // a: 0, 1, 2 us; b starts its gap after a's last inter-packet time (3 us), 2 us apart.
    assert_eq!(got, vec![(0, 0), (0, 1000), (0, 2000), (1, 23_000), (1, 25_000)]);
    assert!(h.set.is_done());
}
