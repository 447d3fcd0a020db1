//! The wheel against the heap: the same random inserts, cancels and polls at increasing
//! `now` must expire the same timers at each poll, never early and never late beyond one
//! tick, in non-decreasing effective tick.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use proptest::prelude::*;
use riptide_timer::{HeapScheduler, TimerId, TimerWheel, WheelConfig};

#[derive(Debug, Clone)]
enum Op {
    /// Insert with a deadline picked from `now` by a [`Deadline`].
    Insert(Deadline),
    /// Cancel the timer inserted `n`-th (modulo the count), whether pending, fired or cancelled.
    Cancel(usize),
    /// Advance `now` by that many nanoseconds and poll, with `poll_expired` or with `pop_expired`.
    Poll { advance_ns: u64, one_by_one: bool },
}

#[derive(Debug, Clone)]
enum Deadline {
    /// `now - ns`, saturating: in the past.
    Past(u64),
    /// `now + ns`.
    Ahead(u64),
    /// `u64::MAX - ns`: the end of time.
    End(u64),
}

fn op(horizon_ns: u64) -> impl Strategy<Value = Op> {
    let deadline = prop_oneof![
        1 => (0..4 * horizon_ns).prop_map(Deadline::Past),
        6 => (0..2 * horizon_ns).prop_map(Deadline::Ahead),
        2 => (0..200 * horizon_ns).prop_map(Deadline::Ahead),
        1 => (0..1000u64).prop_map(Deadline::End),
    ];
    let advance = prop_oneof![
        2 => Just(0u64),
        6 => 0..horizon_ns / 4 + 2,
        2 => 0..3 * horizon_ns,
        1 => 0..300 * horizon_ns,
    ];
    prop_oneof![
        6 => deadline.prop_map(Op::Insert),
        2 => any::<usize>().prop_map(Op::Cancel),
        3 => (advance, any::<bool>()).prop_map(|(advance_ns, one_by_one)| Op::Poll { advance_ns, one_by_one }),
    ]
}

/// Wheel shapes, with and without the sorted run.
fn config() -> impl Strategy<Value = WheelConfig> {
    (
        prop::sample::select(vec![1u64, 3, 10, 1000]),
        prop::sample::select(vec![2u32, 4, 8, 64, 128, 8192]),
        1u8..=3,
        any::<bool>(),
    )
        .prop_map(|(tick_ns, buckets, levels, run)| WheelConfig { tick_ns, buckets, levels, run })
}

fn case() -> impl Strategy<Value = (WheelConfig, Vec<Op>)> {
    config().prop_flat_map(|config| {
        let horizon_ns = config.horizon_ticks().unwrap_or(u64::MAX).min(1 << 40) * config.tick_ns;
        (Just(config), prop::collection::vec(op(horizon_ns), 1..300))
    })
}

/// Drives both schedulers and checks them after every operation.
struct Pair {
    wheel: TimerWheel<u32>,
    heap: HeapScheduler<u32>,
    tick_ns: u64,
    now_ns: u64,
    polls: usize,
    /// Per value: the two ids and the number of polls done before it was inserted.
    timers: Vec<(TimerId, TimerId, usize)>,
}

impl Pair {
    fn new(config: WheelConfig) -> Self {
        Pair {
            wheel: TimerWheel::new(config).unwrap(),
            heap: HeapScheduler::with_tick_ns(config.tick_ns),
            tick_ns: config.tick_ns,
            now_ns: 0,
            polls: 0,
            timers: Vec::new(),
        }
    }

    fn apply(&mut self, op: &Op) {
        match *op {
            Op::Insert(ref deadline) => {
                let deadline_ns = match *deadline {
                    Deadline::Past(ns) => self.now_ns.saturating_sub(ns),
                    Deadline::Ahead(ns) => self.now_ns.saturating_add(ns),
                    Deadline::End(ns) => u64::MAX - ns,
                };
                let value = self.timers.len() as u32;
                let ids = (self.wheel.insert(deadline_ns, value), self.heap.insert(deadline_ns, value));
                self.timers.push((ids.0, ids.1, self.polls));
            }
            Op::Cancel(n) if !self.timers.is_empty() => {
                let (wheel_id, heap_id, _) = self.timers[n % self.timers.len()];
                assert_eq!(self.wheel.cancel(wheel_id), self.heap.cancel(heap_id));
            }
            Op::Cancel(_) => {}
            Op::Poll { advance_ns, one_by_one } => self.poll(self.now_ns.saturating_add(advance_ns), one_by_one),
        }
        assert_eq!(self.wheel.len(), self.heap.len());
        let (wheel_next, heap_next) = (self.wheel.next_deadline(), self.heap.next_deadline());
        assert_eq!(wheel_next.is_some(), heap_next.is_some());
        if let (Some(w), Some(h)) = (wheel_next, heap_next) {
            assert!(w <= h, "the wheel's next deadline {w} is later than the heap's {h}");
            assert!(w >= self.now_ns / self.tick_ns * self.tick_ns, "next deadline {w} before now {}", self.now_ns);
            assert_eq!(w % self.tick_ns, 0);
        }
    }

    fn poll(&mut self, now_ns: u64, one_by_one: bool) {
        let prev_tick = self.now_ns / self.tick_ns;
        let now_tick = now_ns / self.tick_ns;
        let mut wheel = Vec::new();
        let mut heap = Vec::new();
        if one_by_one {
            wheel.extend(std::iter::from_fn(|| self.wheel.pop_expired(now_ns)));
            heap.extend(std::iter::from_fn(|| self.heap.pop_expired(now_ns)));
        } else {
            self.wheel.poll_expired(now_ns, |d, v| wheel.push((d, v)));
            self.heap.poll_expired(now_ns, |d, v| heap.push((d, v)));
        }
        let mut last_effective = 0;
        for &(deadline_ns, value) in &wheel {
            let tick = deadline_ns / self.tick_ns;
            assert!(tick <= now_tick, "timer {value} at {deadline_ns} fired early at {now_ns}");
            let inserted_since_last_poll = self.timers[value as usize].2 == self.polls;
            assert!(
                tick > prev_tick || inserted_since_last_poll || self.polls == 0,
                "timer {value} at {deadline_ns} fired late at {now_ns}, after a poll at {}",
                self.now_ns
            );
            let effective = tick.max(prev_tick);
            assert!(effective >= last_effective, "out of order: {wheel:?}");
            last_effective = effective;
        }
        let mut sorted = wheel.clone();
        sorted.sort_unstable();
        heap.sort_unstable();
        assert_eq!(sorted, heap, "different timers expired at {now_ns}");
        self.now_ns = now_ns;
        self.polls += 1;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn wheel_matches_heap((config, ops) in case()) {
        let mut pair = Pair::new(config);
        for op in &ops {
            pair.apply(op);
        }
        pair.poll(u64::MAX, false);
        prop_assert!(pair.wheel.is_empty() && pair.heap.is_empty());
    }
}

/// A longer deterministic run on the default shape: ~100k operations with steady churn,
/// with and without the run.
#[test]
fn default_wheel_matches_heap_under_churn() {
    for run in [true, false] {
        churn(WheelConfig { run, ..WheelConfig::default() });
    }
}

fn churn(config: WheelConfig) {
    let mut pair = Pair::new(config);
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..100_000 {
        let r = next();
        let op = match r % 16 {
            0..=8 => Op::Insert(Deadline::Ahead(next() % (1 << (20 + r % 23)))),
            9..=11 => Op::Cancel(next() as usize),
            _ => Op::Poll { advance_ns: next() % (1 << (r % 28)), one_by_one: r % 5 == 0 },
        };
        pair.apply(&op);
    }
    pair.poll(u64::MAX, false);
    assert!(pair.wheel.is_empty());
}
