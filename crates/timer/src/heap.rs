//! [`HeapScheduler`]: the `BinaryHeap` baseline, O(log n) per timer, with lazy cancellation.
//!
//! The heap holds `(deadline_ns, slot, generation)` keys; the values live in a slab of
//! slots. Cancelling frees the slot and bumps its generation, leaving the key behind: a key
//! whose generation no longer matches its slot is stale and is dropped when it reaches the
//! top. The top of the heap is kept live, so [`HeapScheduler::next_deadline`] is exact,
//! and the heap is compacted when stale keys outnumber live ones.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::tick::TickDivisor;
use crate::{Scheduler, TimerId};

/// A heap key: deadline first, then slot and generation (which only break ties).
type Key = Reverse<(u64, u32, u32)>;

/// A slab slot: the value of a pending timer, or `None` when free.
struct Slot<T> {
    generation: u32,
    value: Option<T>,
}

/// A priority-queue scheduler on `std::collections::BinaryHeap`: the baseline for
/// [`TimerWheel`](crate::TimerWheel) and the oracle in its tests.
///
/// It obeys the crate's contract at its own `tick_ns` (1 ns by default: exact deadlines);
/// within one tick, timers come out in deadline order.
pub struct HeapScheduler<T> {
    heap: BinaryHeap<Key>,
    slots: Vec<Slot<T>>,
    free: Vec<u32>,
    len: usize,
    tick: TickDivisor,
    /// The latest `now` tick seen.
    now_tick: u64,
}

impl<T> HeapScheduler<T> {
    /// Bytes per timer: a heap key plus a slab slot (plus 4 bytes on the free list once freed).
    pub const ENTRY_BYTES: usize = std::mem::size_of::<Key>() + std::mem::size_of::<Slot<T>>();

    /// An empty scheduler with exact (1 ns) ticks.
    pub fn new() -> Self {
        Self::with_tick_ns(1)
    }

    /// An empty scheduler that treats time in ticks of `tick_ns` like a wheel with that
    /// tick (0 counts as 1).
    pub fn with_tick_ns(tick_ns: u64) -> Self {
        HeapScheduler {
            heap: BinaryHeap::new(),
            slots: Vec::new(),
            free: Vec::new(),
            len: 0,
            tick: TickDivisor::new(tick_ns),
            now_tick: 0,
        }
    }

    /// Reserves room for `additional` more timers.
    pub fn reserve(&mut self, additional: usize) {
        self.heap.reserve(additional);
        self.slots.reserve(additional);
    }

    /// The number of pending timers.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no timer is pending.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Schedules `value` to fire at `deadline_ns`, in O(log n); a deadline in the past fires
    /// on the next poll.
    ///
    /// # Panics
    ///
    /// If about 2^32 timers are pending at once.
    pub fn insert(&mut self, deadline_ns: u64, value: T) -> TimerId {
        let index = match self.free.pop() {
            Some(index) => index,
            None => {
                let index = match u32::try_from(self.slots.len()) {
                    Ok(index) if index != u32::MAX => index,
                    _ => panic!("heap scheduler is full: {} timers pending", self.len),
                };
                self.slots.push(Slot { generation: 0, value: None });
                index
            }
        };
        let slot = &mut self.slots[index as usize];
        slot.value = Some(value);
        self.heap.push(Reverse((deadline_ns, index, slot.generation)));
        self.len += 1;
        TimerId::new(index, slot.generation)
    }

    /// Cancels a pending timer and returns its value; `None` if the id's timer already fired
    /// or was cancelled. Amortized O(log n): the key is dropped later.
    pub fn cancel(&mut self, id: TimerId) -> Option<T> {
        let slot = self.slots.get(id.index())?;
        if slot.generation != id.generation() {
            return None;
        }
        let value = self.release(id.index() as u32)?;
        self.drop_stale_top();
        if self.heap.len() > 2 * self.len + 1024 {
            let slots = &self.slots;
            self.heap.retain(|Reverse((_, index, generation))| slots[*index as usize].generation == *generation);
        }
        Some(value)
    }

    /// Removes and returns one timer due at `now_ns` as `(deadline_ns, value)`, the earliest
    /// deadline first; `None` when none is due.
    pub fn pop_expired(&mut self, now_ns: u64) -> Option<(u64, T)> {
        self.now_tick = self.now_tick.max(self.tick.ticks(now_ns));
        let &Reverse((deadline_ns, index, _)) = self.heap.peek()?;
        if self.tick.ticks(deadline_ns) > self.now_tick {
            return None;
        }
        self.heap.pop();
        let value = self.release(index);
        self.drop_stale_top();
        value.map(|value| (deadline_ns, value))
    }

    /// Hands every timer due at `now_ns` to `out` as `(deadline_ns, value)`, earliest
    /// deadline first; returns how many.
    pub fn poll_expired<F: FnMut(u64, T)>(&mut self, now_ns: u64, mut out: F) -> usize {
        let mut fired = 0;
        while let Some((deadline_ns, value)) = self.pop_expired(now_ns) {
            out(deadline_ns, value);
            fired += 1;
        }
        fired
    }

    /// The start of the tick of the earliest pending deadline (exact with 1 ns ticks), but
    /// no earlier than the latest `now` tick seen; `None` when none is pending.
    pub fn next_deadline(&self) -> Option<u64> {
        let &Reverse((deadline_ns, _, _)) = self.heap.peek()?;
        Some(self.tick.ticks(deadline_ns).max(self.now_tick).saturating_mul(self.tick.tick_ns()))
    }

    /// Frees a slot, bumping its generation so that its key and id go stale.
    fn release(&mut self, index: u32) -> Option<T> {
        let slot = &mut self.slots[index as usize];
        let value = slot.value.take()?;
        slot.generation = slot.generation.wrapping_add(1);
        self.free.push(index);
        self.len -= 1;
        Some(value)
    }

    /// Pops stale keys off the top, so the top is always a pending timer.
    fn drop_stale_top(&mut self) {
        while let Some(&Reverse((_, index, generation))) = self.heap.peek() {
            if self.slots[index as usize].generation == generation {
                break;
            }
            self.heap.pop();
        }
    }
}

impl<T> Default for HeapScheduler<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T> Scheduler<T> for HeapScheduler<T> {
    fn insert(&mut self, deadline_ns: u64, value: T) -> TimerId {
        HeapScheduler::insert(self, deadline_ns, value)
    }

    fn cancel(&mut self, id: TimerId) -> Option<T> {
        HeapScheduler::cancel(self, id)
    }

    fn pop_expired(&mut self, now_ns: u64) -> Option<(u64, T)> {
        HeapScheduler::pop_expired(self, now_ns)
    }

    fn poll_expired(&mut self, now_ns: u64, out: &mut dyn FnMut(u64, T)) -> usize {
        HeapScheduler::poll_expired(self, now_ns, out)
    }

    fn next_deadline(&self) -> Option<u64> {
        HeapScheduler::next_deadline(self)
    }

    fn len(&self) -> usize {
        self.len
    }
}

impl<T> std::fmt::Debug for HeapScheduler<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HeapScheduler")
            .field("tick_ns", &self.tick.tick_ns())
            .field("len", &self.len)
            .field("stale_keys", &(self.heap.len() - self.len))
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fires_in_deadline_order_and_cancels_lazily() {
        let mut heap = HeapScheduler::new();
        let ids: Vec<_> = [30, 10, 20, 10].iter().enumerate().map(|(i, &d)| heap.insert(d, i)).collect();
        assert_eq!(heap.cancel(ids[1]), Some(1));
        assert_eq!(heap.cancel(ids[1]), None);
        assert_eq!(heap.next_deadline(), Some(10));
        let mut got = Vec::new();
        assert_eq!(heap.poll_expired(25, |d, v| got.push((d, v))), 2);
        assert_eq!(got, [(10, 3), (20, 2)]);
        assert_eq!(heap.cancel(ids[3]), None, "fired");
        // Freed slots are reused, and the old ids must not reach the new timers.
        let reused: Vec<_> = (0..3).map(|i| heap.insert(40, 10 + i)).collect();
        assert!(ids[1..].iter().all(|old| reused.iter().any(|new| new.index() == old.index())));
        assert!(ids[1..].iter().all(|&old| heap.cancel(old).is_none()));
        assert_eq!(heap.len(), 4);
        assert_eq!(heap.next_deadline(), Some(30));
    }

    #[test]
    fn ticks_round_like_a_wheel() {
        let mut heap = HeapScheduler::with_tick_ns(10);
        heap.insert(19, 'a');
        heap.insert(20, 'b');
        assert_eq!(heap.next_deadline(), Some(10));
        assert_eq!(heap.pop_expired(10), Some((19, 'a')));
        assert_eq!(heap.pop_expired(19), None);
        assert_eq!(heap.next_deadline(), Some(20));
        heap.insert(3, 'c'); // in the past: due at the latest now's tick
        assert_eq!(heap.next_deadline(), Some(10));
        assert_eq!(heap.pop_expired(0), Some((3, 'c')));
    }

    #[test]
    fn compacts_stale_keys() {
        let mut heap = HeapScheduler::new();
        let ids: Vec<_> = (0..10_000u64).map(|i| heap.insert(1_000_000 - i, i)).collect();
        for id in &ids[1..] {
            heap.cancel(*id);
        }
        assert_eq!(heap.len(), 1);
        assert!(heap.heap.len() <= 2 + 1024 + 1, "{}", heap.heap.len());
        assert_eq!(heap.poll_expired(u64::MAX, |_, _| ()), 1);
    }
}
