//! Timer schedulers for riptide's stateful mode.
//!
//! The stateful mode replays pcap conversations as millions of concurrent flows; each
//! flow's next packet is a timer. This crate holds the schedulers for those timers, as
//! pure logic: time is always passed in as `u64` nanoseconds (`now_ns`, `deadline_ns`),
//! never read.
//!
//! - [`TimerWheel`]: a hierarchical timing wheel (configured by [`WheelConfig`]) with O(1)
//!   insert, cancel and expiry, flat as the number of active timers grows; timers set in
//!   deadline order (each the latest so far, as flows with one gap re-arm) skip it for a
//!   sorted run, O(1) at both ends without cascades.
//! - [`HeapScheduler`]: the `std::collections::BinaryHeap` baseline (O(log n)), used as
//!   the comparison in benchmarks and as the oracle in tests.
//! - [`Scheduler`]: the trait both implement, so a worker can pick one at run time
//!   ([`SchedulerKind`], `--scheduler tw|pq`).
//!
//! # The contract
//!
//! Time is cut into ticks of `tick_ns` nanoseconds; a deadline's tick is
//! `deadline_ns / tick_ns`. A poll at `now_ns` yields every pending timer whose deadline
//! tick is `<= now_ns / tick_ns`, and no other:
//!
//! - every timer with `deadline_ns <= now_ns` is yielded (never late beyond the tick
//!   containing `now_ns`);
//! - a timer is never yielded before the start of its deadline's tick, so it may come out
//!   up to `tick_ns - 1` nanoseconds early; the deadline is handed back with the value so
//!   the caller still knows the exact time (a pcap timestamp, say);
//! - timers come out in non-decreasing order of *effective* tick, where a deadline already
//!   in the past when it was inserted counts as the tick of the latest `now` seen; within
//!   one tick the order is unspecified (the wheel yields arrival order into the tick's
//!   bucket, the heap deadline order);
//! - `now_ns` is expected not to decrease; an earlier `now_ns` is treated as the latest one
//!   seen.
//!
//! With `tick_ns = 1` (the [`HeapScheduler::new`] default) the contract is exact: a timer
//! fires at the first poll with `now_ns >= deadline_ns`.
//!
//! [`TimerId`]s carry a generation, so cancelling with an id whose timer already fired or
//! was cancelled returns `None` and never touches a timer that reused the slot (until the
//! same slot has been reused 2^32 times).

mod config;
mod heap;
mod tick;
mod wheel;

pub use config::{WheelConfig, WheelConfigError};
pub use heap::HeapScheduler;
pub use wheel::TimerWheel;

use std::str::FromStr;

/// A handle to one pending timer, returned by `insert` and taken by `cancel`.
///
/// Ids are only meaningful to the scheduler that issued them.
///
/// Eight bytes, and `Option<TimerId>` too (the slot is stored plus one, never zero): a
/// connection table that keeps one per entry pays no tag for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TimerId {
    slot: std::num::NonZeroU32,
    generation: u32,
}

impl TimerId {
    pub(crate) fn new(index: u32, generation: u32) -> Self {
        match std::num::NonZeroU32::new(index.wrapping_add(1)) {
            Some(slot) => TimerId { slot, generation },
            None => unreachable!("timer index u32::MAX is never handed out"),
        }
    }

    pub(crate) const fn index(self) -> usize {
        (self.slot.get() - 1) as usize
    }

    pub(crate) const fn generation(self) -> u32 {
        self.generation
    }
}

/// The operations shared by [`TimerWheel`] and [`HeapScheduler`], object safe so that a
/// worker can hold a `Box<dyn Scheduler<T>>` chosen at run time.
///
/// The ordering and latency contract is the crate's (see the crate documentation).
/// The types' inherent methods of the same names are generic over the callback and are
/// what a caller that knows the type should use.
pub trait Scheduler<T> {
    /// Schedules `value` to fire at `deadline_ns`; a deadline in the past fires on the next poll.
    fn insert(&mut self, deadline_ns: u64, value: T) -> TimerId;

    /// Cancels a pending timer and returns its value; `None` if it already fired or was cancelled.
    fn cancel(&mut self, id: TimerId) -> Option<T>;

    /// Removes and returns one due timer as `(deadline_ns, value)`, `None` when none is due at `now_ns`.
    fn pop_expired(&mut self, now_ns: u64) -> Option<(u64, T)>;

    /// Hands every timer due at `now_ns` to `out` as `(deadline_ns, value)`; returns how many.
    fn poll_expired(&mut self, now_ns: u64, out: &mut dyn FnMut(u64, T)) -> usize;

    /// The earliest time at which a poll can yield a timer, `None` when no timer is pending.
    ///
    /// Polling with `now_ns` below it yields nothing. It is never later than the start of
    /// the earliest pending deadline's tick (the wheel may answer earlier: a lower bound)
    /// and never earlier than the start of the tick of the latest `now` seen.
    fn next_deadline(&self) -> Option<u64>;

    /// The number of pending timers.
    fn len(&self) -> usize;

    /// Whether no timer is pending.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Which [`Scheduler`] to build: the `--scheduler tw|pq` choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SchedulerKind {
    /// [`TimerWheel`] (`tw` or `wheel`), with its sorted run for timers set in deadline order.
    #[default]
    Wheel,
    /// [`HeapScheduler`] (`pq` or `heap`).
    Heap,
    /// [`TimerWheel`] without the run (`tw-only`): every timer in the wheel, for comparison.
    WheelOnly,
}

impl SchedulerKind {
    /// Builds the scheduler; the heap uses the wheel's `tick_ns` so both obey the same contract.
    pub fn build<T: Copy + Default + Send + 'static>(
        self,
        config: WheelConfig,
    ) -> Result<Box<dyn Scheduler<T> + Send>, WheelConfigError> {
        Ok(match self {
            SchedulerKind::Wheel => Box::new(TimerWheel::new(config)?),
            SchedulerKind::WheelOnly => Box::new(TimerWheel::new(WheelConfig { run: false, ..config })?),
            SchedulerKind::Heap => {
                config.validate()?;
                Box::new(HeapScheduler::with_tick_ns(config.tick_ns))
            }
        })
    }
}

/// The error of parsing a [`SchedulerKind`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown scheduler '{0}': expected 'tw' (timer wheel), 'pq' (priority queue) or 'tw-only' (the wheel without its sorted run)")]
pub struct UnknownScheduler(pub String);

impl FromStr for SchedulerKind {
    type Err = UnknownScheduler;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "tw" | "wheel" => Ok(SchedulerKind::Wheel),
            "pq" | "heap" => Ok(SchedulerKind::Heap),
            "tw-only" | "wheel-only" => Ok(SchedulerKind::WheelOnly),
            other => Err(UnknownScheduler(other.to_owned())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_parses_and_builds() {
        assert_eq!("tw".parse(), Ok(SchedulerKind::Wheel));
        assert_eq!("pq".parse(), Ok(SchedulerKind::Heap));
        assert_eq!("tw-only".parse(), Ok(SchedulerKind::WheelOnly));
        assert!("x".parse::<SchedulerKind>().is_err_and(|e| e.to_string().contains("'x'")));
        for kind in [SchedulerKind::Wheel, SchedulerKind::Heap, SchedulerKind::WheelOnly] {
            let mut s = kind.build::<u32>(WheelConfig::default()).unwrap();
            s.insert(5_000, 7);
            assert_eq!(s.len(), 1);
            assert_eq!(s.next_deadline(), Some(5_000));
            let mut got = Vec::new();
            assert_eq!(s.poll_expired(5_000, &mut |d, v| got.push((d, v))), 1);
            assert_eq!(got, [(5_000, 7)]);
            assert!(s.is_empty());
        }
        let bad = WheelConfig { tick_ns: 0, ..WheelConfig::default() };
        assert!(SchedulerKind::Heap.build::<u32>(bad).is_err());
    }
}
