//! [`TimerWheel`]: a hierarchical timing wheel with O(1) insert, cancel and expiry.
//!
//! # How it works
//!
//! The wheel keeps `elapsed`, the tick up to which it has expired timers. Level `l` has
//! `buckets` buckets, each spanning `buckets^l` ticks (`B^l` below); a timer's level is
//! chosen by its *distance* `d = tick - elapsed`: level `l` when `B^l <= d < B^(l+1)`
//! (level 0 for `d < B`), and its bucket there is `(tick / B^l) % B`. So level 0 holds the
//! next `B` ticks one per bucket, and a level-`l` bucket holds the timers of one span of
//! `B^l` ticks, 1 to `B` spans ahead of the current one. Distances of `B^levels` ticks or
//! more (the horizon) wait in an overflow list, re-placed once half a horizon before its
//! earliest deadline.
//!
//! Expiry handles the earliest event (a bitmap per level finds each level's next
//! non-empty bucket in a few word reads): a level-0 bucket is one tick and fires as it
//! is; a higher bucket is *cascaded* when its span starts, its timers re-placed relative
//! to that tick, which sends each one to a lower level. A timer is cascaded at most once
//! per level it passes, so expiry is amortized O(1) per timer.
//!
//! Placing by distance (rather than by the highest base-`B` digit in which the deadline
//! differs from `elapsed`, as tokio does) keeps cascades small: a cascade moves the timers
//! of one span of the level they were placed in, and a timer reaches level `l` only if it
//! was set `B^l` ticks or more ahead. With digit placement every timer straddling a
//! top-level boundary would go to the top level and the whole population would cascade at
//! once; in a 1 M-timer churn test that stalled one poll for 168 ms, against 2 ms here.
//!
//! # Timers set in deadline order: the run
//!
//! Flows re-arm their timer one gap after the deadline that just fired, so with one gap
//! for all (one template, a fixed RTO) each new deadline is the latest. Such a timer
//! (at or after the last one in the run) is appended to a *run*, a `VecDeque` sorted by
//! construction, instead of being placed in the wheel; expiry compares the run's front
//! with the wheel's next event. Both ends are O(1) and sequential in memory: no
//! cascade, no bitmap scan, whatever the number of timers, where the wheel's sparse
//! buckets (few timers far apart) cost a cascade and a scan per timer (at 100 flows the
//! wheel alone ran at 0.62x the heap: BENCHMARKS.md). Timers out of order go to the wheel
//! as before. A cancelled run timer leaves its key behind (its slot's generation moves on)
//! until it reaches the front or the stale keys outnumber the live ones.
//!
//! # Storage
//!
//! One slab (`Vec<Entry<T>>` plus a free list) holds every timer; each bucket is a
//! circular doubly linked list threaded through the slab by `u32` indices, with a sentinel
//! entry per bucket at the start of the slab, so a timer can be unlinked without knowing
//! its bucket. An entry is its deadline, two links, a generation and the value:
//! [`TimerWheel::ENTRY_BYTES`] (32 bytes for `T = u32`, 24 for `T = ()`).

use std::cell::Cell;
use std::collections::VecDeque;

use crate::config::{WheelConfig, WheelConfigError};
use crate::tick::TickDivisor;
use crate::{Scheduler, TimerId};

/// No entry: the end of the free list.
const NIL: u32 = u32::MAX;

/// The `prev` link of a timer that is in the run, not in a wheel list.
const IN_RUN: u32 = u32::MAX - 1;

/// A timer in the run: its deadline tick, and its slot and generation (stale once the
/// slot's generation moved on).
#[derive(Clone, Copy, Debug)]
struct RunKey {
    tick: u64,
    index: u32,
    generation: u32,
}

/// The `prev` link of a free slot (and of a sentinel's value): no value is held.
const FREE: u32 = u32::MAX - 2;

/// One slab slot: a bucket's sentinel, a pending timer, or a free slot (then `next` links
/// the free list and `prev` is [`FREE`]). The value is held bare (no `Option` tag: 8
/// bytes less per timer for a `u32`); a sentinel's or a free slot's is a stale copy.
struct Entry<T> {
    deadline_ns: u64,
    prev: u32,
    next: u32,
    generation: u32,
    value: T,
}

/// A hierarchical timing wheel; see the crate documentation for the ordering contract and
/// the module source for the algorithm.
///
/// Insert and cancel are O(1); expiring a timer is amortized O(levels) at worst, O(1) in
/// practice, whatever the number of active timers.
pub struct TimerWheel<T> {
    entries: Vec<Entry<T>>,
    /// One bit per bucket, `words` words per level: set iff the bucket's list is non-empty.
    occupied: Vec<u64>,
    /// One bit per word of `occupied`, `summary_words` per level: set iff the word is
    /// non-zero, so finding the next occupied bucket reads two words, not a level's all.
    summary: Vec<u64>,
    summary_words: usize,
    /// Head of the free list, or `NIL`.
    free: u32,
    len: usize,
    /// The tick up to which timers have been expired: the latest `now` tick seen.
    elapsed: u64,
    /// A lower bound of the ticks in the overflow list (meaningless when it is empty).
    overflow_min: u64,
    tick: TickDivisor,
    bits: u32,
    mask: u32,
    levels: u32,
    /// The level of a timer whose distance has this highest set bit (`levels`: overflow).
    level_at_bit: [u8; 64],
    words: usize,
    /// Half of `buckets^levels` ticks (`u64::MAX` when that does not fit: no overflow then).
    half_horizon: u64,
    /// The sentinel of the overflow list; the bucket sentinels are the indices below it, and
    /// the one after it heads the pending list of a cascade.
    overflow: u32,
    /// Timers set at or after the latest tick in it, in tick order (see the module
    /// documentation); the front key is always live.
    run: VecDeque<RunKey>,
    /// Live timers in `run`.
    run_live: usize,
    use_run: bool,
    /// Timers in the wheel's lists (the overflow list included).
    in_wheel: usize,
    /// [`Self::next_in_wheel`]'s last answer (`None`: not known). It depends only on which
    /// buckets are occupied (`elapsed` never passes a pending bucket), so every change of
    /// the bitmap forgets it; expiring from the run then reads it instead of scanning.
    next: Cell<Option<Option<(u32, u64)>>>,
}

impl<T: Copy + Default> TimerWheel<T> {
    /// Bytes of slab per timer: `size_of` of the entry holding one `T`.
    pub const ENTRY_BYTES: usize = std::mem::size_of::<Entry<T>>();

    /// Builds an empty wheel, after [`WheelConfig::validate`].
    pub fn new(config: WheelConfig) -> Result<Self, WheelConfigError> {
        config.validate()?;
        let bits = config.buckets.trailing_zeros();
        let levels = u32::from(config.levels);
        let overflow = levels << bits;
        let words = (config.buckets as usize).div_ceil(64);
        let summary_words = words.div_ceil(64);
        let entries = (0..=overflow + 1)
            .map(|s| Entry { deadline_ns: 0, prev: s, next: s, generation: 0, value: T::default() })
            .collect();
        Ok(TimerWheel {
            entries,
            occupied: vec![0; words * levels as usize],
            summary: vec![0; summary_words * levels as usize],
            summary_words,
            free: NIL,
            len: 0,
            elapsed: 0,
            overflow_min: u64::MAX,
            tick: TickDivisor::new(config.tick_ns),
            bits,
            mask: config.buckets - 1,
            levels,
            level_at_bit: std::array::from_fn(|bit| (bit as u32 / bits).min(levels) as u8),
            words,
            half_horizon: config.horizon_ticks().map_or(u64::MAX, |h| h / 2),
            overflow,
            run: VecDeque::new(),
            run_live: 0,
            use_run: config.run,
            in_wheel: 0,
            next: Cell::new(None),
        })
    }

    /// The wheel's configuration.
    pub fn config(&self) -> WheelConfig {
        WheelConfig {
            tick_ns: self.tick.tick_ns(),
            buckets: self.mask + 1,
            levels: self.levels as u8,
            run: self.use_run,
        }
    }

    /// Reserves slab room for `additional` more timers.
    pub fn reserve(&mut self, additional: usize) {
        self.entries.reserve(additional);
    }

    /// The number of pending timers.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no timer is pending.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Schedules `value` to fire at `deadline_ns`, in O(1); a deadline in the past fires on
    /// the next poll.
    ///
    /// # Panics
    ///
    /// If about 2^32 timers are pending at once (some 128 GiB of slab).
    pub fn insert(&mut self, deadline_ns: u64, value: T) -> TimerId {
        let index = self.alloc(deadline_ns, value);
        self.len += 1;
        let tick = self.tick.ticks(deadline_ns);
        let generation = self.entries[index as usize].generation;
        if self.use_run && self.run.back().is_none_or(|last| last.tick <= tick) {
            self.entries[index as usize].prev = IN_RUN;
            self.run.push_back(RunKey { tick, index, generation });
            self.run_live += 1;
        } else {
            self.place(index);
            self.in_wheel += 1;
        }
        TimerId::new(index, generation)
    }

    /// The deadline of a pending timer; `None` if the id's timer fired or was cancelled.
    pub fn deadline(&self, id: TimerId) -> Option<u64> {
        let entry = self.entries.get(id.index())?;
        let live = entry.generation == id.generation() && entry.prev != FREE && id.index() > self.overflow as usize + 1;
        live.then_some(entry.deadline_ns)
    }

    /// Cancels a pending timer in O(1) and returns its value; `None` if the id's timer
    /// already fired or was cancelled.
    pub fn cancel(&mut self, id: TimerId) -> Option<T> {
        let entry = self.entries.get(id.index())?;
        // Sentinels and free slots hold no value; a fired or cancelled timer's generation moved on.
        if entry.generation != id.generation() || entry.prev == FREE || id.index() <= self.overflow as usize + 1 {
            return None;
        }
        let index = id.index() as u32;
        if entry.prev == IN_RUN {
            // Its key stays in the run, stale once the slot is released.
            let value = self.release(index).map(|(_, value)| value);
            self.run_live -= 1;
            self.drop_stale_run_front();
            if self.run.len() > 2 * self.run_live + 1024 {
                let entries = &self.entries;
                self.run.retain(|k| entries[k.index as usize].generation == k.generation);
            }
            return value;
        }
        self.unlink(index);
        self.in_wheel -= 1;
        self.release(index).map(|(_, value)| value)
    }

    /// Removes and returns one timer due at `now_ns` as `(deadline_ns, value)`, `None` when
    /// none is due; see the crate documentation for the ordering contract.
    pub fn pop_expired(&mut self, now_ns: u64) -> Option<(u64, T)> {
        let index = self.next_due(self.tick.ticks(now_ns))?;
        self.release(index)
    }

    /// Hands every timer due at `now_ns` to `out` as `(deadline_ns, value)`, in the crate's
    /// order; returns how many.
    pub fn poll_expired<F: FnMut(u64, T)>(&mut self, now_ns: u64, mut out: F) -> usize {
        let now_tick = self.tick.ticks(now_ns);
        let mut fired = 0;
        while let Some(index) = self.next_due(now_tick) {
            if let Some((deadline_ns, value)) = self.release(index) {
                out(deadline_ns, value);
                fired += 1;
            }
        }
        fired
    }

    /// The earliest time at which a poll can yield a timer, `None` when none is pending.
    ///
    /// It is the start of the earliest non-empty bucket's span: exact (to the tick) when that
    /// bucket is on level 0, a lower bound otherwise (a poll then cascades the bucket and the
    /// answer tightens); see [`Scheduler::next_deadline`].
    pub fn next_deadline(&self) -> Option<u64> {
        let run = self.run.front().map(|k| k.tick.max(self.elapsed));
        if self.in_wheel == 0 {
            return run.map(|tick| tick.saturating_mul(self.tick.tick_ns()));
        }
        let wheel = self.next_in_wheel().map(|(_, at)| at);
        let overflow = (!self.overflow_is_empty()).then_some(self.overflow_min);
        let tick = [wheel, overflow, run].into_iter().flatten().min()?;
        Some(tick.saturating_mul(self.tick.tick_ns()))
    }

    /// Takes a slot from the free list or grows the slab.
    fn alloc(&mut self, deadline_ns: u64, value: T) -> u32 {
        if let Some(entry) = self.entries.get_mut(self.free as usize) {
            let index = self.free;
            self.free = entry.next;
            entry.deadline_ns = deadline_ns;
            entry.prev = NIL;
            entry.value = value;
            return index;
        }
        let index = match u32::try_from(self.entries.len()) {
            Ok(index) if index != NIL => index,
            _ => panic!("timer wheel is full: {} timers pending", self.len),
        };
        self.entries.push(Entry { deadline_ns, prev: NIL, next: NIL, generation: 0, value });
        index
    }

    /// Takes the value out of a timer already unlinked from its bucket and frees its slot.
    fn release(&mut self, index: u32) -> Option<(u64, T)> {
        let entry = &mut self.entries[index as usize];
        if entry.prev == FREE {
            return None;
        }
        entry.prev = FREE;
        let value = entry.value;
        entry.generation = entry.generation.wrapping_add(1);
        entry.next = self.free;
        self.free = index;
        self.len -= 1;
        Some((entry.deadline_ns, value))
    }

    /// Links a timer into the bucket (or overflow list) for its distance from `elapsed`.
    fn place(&mut self, index: u32) {
        let tick = self.tick.ticks(self.entries[index as usize].deadline_ns).max(self.elapsed);
        let top_bit = 63 - ((tick - self.elapsed) | 1).leading_zeros();
        let level = u32::from(self.level_at_bit[top_bit as usize]);
        let bucket = if level >= self.levels {
            self.overflow_min = self.overflow_min.min(tick);
            self.overflow
        } else {
            let bucket = (level << self.bits) | ((tick >> (level * self.bits)) as u32 & self.mask);
            self.mark_occupied(bucket);
            bucket
        };
        self.push_back(bucket, index);
    }

    /// Appends `index` to the list of sentinel `list`.
    fn push_back(&mut self, list: u32, index: u32) {
        let tail = self.entries[list as usize].prev;
        let entry = &mut self.entries[index as usize];
        entry.prev = tail;
        entry.next = list;
        self.entries[tail as usize].next = index;
        self.entries[list as usize].prev = index;
    }

    /// Unlinks `index` from its list, keeping the occupancy bitmap exact.
    fn unlink(&mut self, index: u32) {
        let Entry { prev, next, .. } = self.entries[index as usize];
        self.entries[prev as usize].next = next;
        self.entries[next as usize].prev = prev;
        if prev == next {
            // Only a sentinel is its own list's neighbour on both sides: the list is now empty.
            self.mark_empty(prev);
        }
    }

    fn mark_empty(&mut self, list: u32) {
        if list == self.overflow {
            self.overflow_min = u64::MAX;
        } else if list < self.overflow {
            self.next.set(None);
            let (word, bit) = self.bit_of(list);
            self.occupied[word] &= !bit;
            if self.occupied[word] == 0 {
                let (sw, sbit) = self.summary_bit_of(word);
                self.summary[sw] &= !sbit;
            }
        }
    }

    fn mark_occupied(&mut self, bucket: u32) {
        self.next.set(None);
        let (word, bit) = self.bit_of(bucket);
        self.occupied[word] |= bit;
        let (sw, sbit) = self.summary_bit_of(word);
        self.summary[sw] |= sbit;
    }

    /// The summary word and bit of word `word` of `occupied`.
    fn summary_bit_of(&self, word: usize) -> (usize, u64) {
        // `words` is a power of two (buckets are): shifts, not a runtime divide.
        debug_assert!(self.words.is_power_of_two());
        let shift = self.words.trailing_zeros();
        let (level, w) = (word >> shift, word & (self.words - 1));
        (level * self.summary_words + w / 64, 1 << (w % 64))
    }

    fn overflow_is_empty(&self) -> bool {
        self.entries[self.overflow as usize].next == self.overflow
    }

    /// The word and bit of a bucket in the occupancy bitmap.
    fn bit_of(&self, bucket: u32) -> (usize, u64) {
        let (level, slot) = ((bucket >> self.bits) as usize, bucket & self.mask);
        (level * self.words + slot as usize / 64, 1 << (slot % 64))
    }

    /// Drops the run's stale keys (cancelled timers) from its front.
    fn drop_stale_run_front(&mut self) {
        while let Some(k) = self.run.front() {
            if self.entries[k.index as usize].generation == k.generation {
                break;
            }
            self.run.pop_front();
        }
    }

    /// The next timer due at `now_tick`, unlinked (or out of the run); advances `elapsed`
    /// as far as `now_tick`.
    fn next_due(&mut self, now_tick: u64) -> Option<u32> {
        loop {
            let current = self.elapsed as u32 & self.mask;
            let head = self.entries[current as usize].next;
            if head != current {
                self.unlink(head);
                self.in_wheel -= 1;
                return Some(head);
            }
            let event = if self.in_wheel == 0 { None } else { self.next_event() };
            // The run's front goes first unless the wheel has something to do by then (a
            // tie goes to the wheel: `elapsed` must not reach a bucket's span before it is
            // cascaded).
            if let Some(&RunKey { tick, index, .. }) = self.run.front() {
                if tick <= now_tick && event.is_none_or(|(_, at)| tick < at) {
                    self.run.pop_front();
                    self.run_live -= 1;
                    self.drop_stale_run_front();
                    self.elapsed = self.elapsed.max(tick);
                    return Some(index);
                }
            }
            let Some((list, at)) = event else { break };
            if at > now_tick {
                break;
            }
            // Every bucket whose span starts at `at` must be emptied before `elapsed` gets there,
            // or it would look like the bucket a full turn ahead.
            let pending = self.overflow + 1;
            self.gather_spans_starting_at(at);
            self.elapsed = at;
            self.cascade(pending);
            if list == self.overflow {
                self.cascade(list);
            }
        }
        self.elapsed = self.elapsed.max(now_tick);
        None
    }

    /// Moves the lists of the buckets whose spans start at `at` onto the pending list, the
    /// sentinel after the overflow list's.
    fn gather_spans_starting_at(&mut self, at: u64) {
        for level in 1..self.levels {
            let shift = level * self.bits;
            let ahead = (at >> shift) - (self.elapsed >> shift);
            if (at >> shift) << shift == at && (1..=u64::from(self.mask) + 1).contains(&ahead) {
                let bucket = (level << self.bits) | ((at >> shift) as u32 & self.mask);
                self.splice(bucket, self.overflow + 1);
            }
        }
    }

    /// Moves all of list `from` to the end of list `to`.
    fn splice(&mut self, from: u32, to: u32) {
        let Entry { next: first, prev: last, .. } = self.entries[from as usize];
        if first == from {
            return;
        }
        let tail = self.entries[to as usize].prev;
        self.entries[tail as usize].next = first;
        self.entries[first as usize].prev = tail;
        self.entries[last as usize].next = to;
        self.entries[to as usize].prev = last;
        let sentinel = &mut self.entries[from as usize];
        sentinel.next = from;
        sentinel.prev = from;
        self.mark_empty(from);
    }

    /// Empties a list and re-places each of its timers relative to `elapsed`.
    fn cascade(&mut self, list: u32) {
        let mut index = self.entries[list as usize].next;
        let sentinel = &mut self.entries[list as usize];
        sentinel.next = list;
        sentinel.prev = list;
        self.mark_empty(list);
        while index != list {
            let next = self.entries[index as usize].next;
            self.place(index);
            index = next;
        }
    }

    /// The next list to handle and the tick at which to handle it: the first non-empty
    /// level-0 bucket (fire), the first non-empty higher bucket (cascade, at the start of
    /// its span), or the overflow list (re-place, half a horizon before its earliest tick).
    fn next_event(&self) -> Option<(u32, u64)> {
        let next = self.next_in_wheel();
        if self.overflow_is_empty() {
            return next;
        }
        let rescan = self.overflow_min.saturating_sub(self.half_horizon).max(self.elapsed);
        match next {
            Some((_, at)) if at <= rescan => next,
            _ => Some((self.overflow, rescan)),
        }
    }

    /// The first bucket of the wheel to fire or cascade, and when: the known answer, or a scan.
    fn next_in_wheel(&self) -> Option<(u32, u64)> {
        if let Some(known) = self.next.get() {
            debug_assert_eq!(known, self.scan_next_in_wheel(), "stale next-event answer");
            return known;
        }
        let answer = self.scan_next_in_wheel();
        self.next.set(Some(answer));
        answer
    }

    /// The first bucket of the wheel to fire or cascade, and when, from the bitmaps.
    fn scan_next_in_wheel(&self) -> Option<(u32, u64)> {
        // Level 0 holds ticks [elapsed, elapsed + buckets): circular from the current slot.
        let current = self.elapsed as u32 & self.mask;
        let mut best = self
            .first_occupied_circular(0, current)
            .map(|slot| (slot, self.elapsed + u64::from(slot.wrapping_sub(current) & self.mask)));
        // No upper bucket starts before the next level-1 span (their spans are 1..=buckets
        // ahead, and coarser boundaries are level-1 boundaries too), and level 0 wins ties:
        // a level-0 timer by then needs no scan of the upper levels.
        let upper_earliest = ((self.elapsed >> self.bits) + 1) << self.bits;
        if best.is_some_and(|(_, at)| at <= upper_earliest) {
            return best;
        }
        // Level l holds the spans 1..=buckets after the current one: circular from the next slot.
        for level in 1..self.levels {
            let shift = level * self.bits;
            let span = self.elapsed >> shift;
            let current = span as u32 & self.mask;
            let Some(slot) = self.first_occupied_circular(level, (current + 1) & self.mask) else { continue };
            let ahead = (slot.wrapping_sub(current).wrapping_sub(1) & self.mask) + 1;
            let start = (span + u64::from(ahead)) << shift;
            if best.is_none_or(|(_, at)| start < at) {
                best = Some(((level << self.bits) | slot, start));
            }
        }
        best
    }

    /// The first occupied slot of `level` at or after `from`, wrapping around.
    fn first_occupied_circular(&self, level: u32, from: u32) -> Option<u32> {
        self.first_occupied(level, from).or_else(|| self.first_occupied(level, 0))
    }

    /// The first occupied slot of `level` at or after `from`.
    fn first_occupied(&self, level: u32, from: u32) -> Option<u32> {
        let words = &self.occupied[level as usize * self.words..][..self.words];
        let at = from as usize / 64;
        let word = words[at] & (u64::MAX << (from % 64));
        if word != 0 {
            return Some((at * 64) as u32 + word.trailing_zeros());
        }
        // The next non-zero word after `at`, from the summary.
        let summary = &self.summary[level as usize * self.summary_words..][..self.summary_words];
        let next = at + 1;
        let mut s_at = next / 64;
        let mut s_word =
            if next.is_multiple_of(64) { *summary.get(s_at)? } else { summary[s_at] & (u64::MAX << (next % 64)) };
        loop {
            if s_word != 0 {
                let w = s_at * 64 + s_word.trailing_zeros() as usize;
                return Some((w * 64) as u32 + words[w].trailing_zeros());
            }
            s_at += 1;
            s_word = *summary.get(s_at)?;
        }
    }
}

impl<T: Copy + Default> Default for TimerWheel<T> {
    /// A wheel with [`WheelConfig::default`].
    fn default() -> Self {
        let config = WheelConfig::default();
        match TimerWheel::new(config) {
            Ok(wheel) => wheel,
            Err(e) => unreachable!("the default {config:?} is valid: {e}"),
        }
    }
}

impl<T: Copy + Default> Scheduler<T> for TimerWheel<T> {
    fn insert(&mut self, deadline_ns: u64, value: T) -> TimerId {
        TimerWheel::insert(self, deadline_ns, value)
    }

    fn cancel(&mut self, id: TimerId) -> Option<T> {
        TimerWheel::cancel(self, id)
    }

    fn pop_expired(&mut self, now_ns: u64) -> Option<(u64, T)> {
        TimerWheel::pop_expired(self, now_ns)
    }

    fn poll_expired(&mut self, now_ns: u64, out: &mut dyn FnMut(u64, T)) -> usize {
        TimerWheel::poll_expired(self, now_ns, out)
    }

    fn next_deadline(&self) -> Option<u64> {
        TimerWheel::next_deadline(self)
    }

    fn len(&self) -> usize {
        self.len
    }
}

impl<T: Copy + Default> std::fmt::Debug for TimerWheel<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TimerWheel")
            .field("config", &self.config())
            .field("len", &self.len)
            .field("elapsed_tick", &self.elapsed)
            .field("in_run", &self.run_live)
            .finish_non_exhaustive()
    }
}
