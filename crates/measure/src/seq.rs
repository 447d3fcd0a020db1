//! Sequence tracking for one stream: loss, reordering and duplicates, counted exactly
//! within a window of [`WINDOW`] sequence numbers behind the highest seen.
//!
//! - A packet at the expected number (highest + 1) is in order.
//! - Ahead of it: `seq_too_high` (one event), and the skipped numbers become
//!   `missing` until they arrive.
//! - Behind it, within the window: not seen yet is `out_of_order` (a missing number
//!   filled), seen already is a `duplicate`. Both count as `seq_too_low`.
//! - Further behind than the window: `seq_too_low` and `too_old`; counted as a late
//!   arrival (it fills a missing number), as it cannot be told from a duplicate.
//!
//! Loss after the drain is `tx_packets - unique`; `missing` is the receiver's own
//! estimate while traffic flows.

use serde::Serialize;

/// Sequence numbers remembered behind the highest seen (exact duplicate detection).
pub const WINDOW: u64 = 4096;
const WORDS: usize = (WINDOW / 64) as usize;

/// Counters of one stream's received packets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SeqCounters {
    /// Every tagged packet received, duplicates included.
    pub rx_packets: u64,
    /// Their bytes (as the port counts them).
    pub rx_bytes: u64,
    /// Distinct sequence numbers received.
    pub unique: u64,
    /// Arrivals behind the highest number that filled a gap.
    pub out_of_order: u64,
    /// Arrivals of a number already received.
    pub duplicates: u64,
    /// Arrivals that skipped ahead of the expected number (events, not packets).
    pub seq_too_high: u64,
    /// Arrivals behind the expected number (out of order, duplicates, too old).
    pub seq_too_low: u64,
    /// Arrivals too far behind to tell a late packet from a duplicate.
    pub too_old: u64,
    /// Numbers skipped and not (yet) received.
    pub missing: u64,
}

impl SeqCounters {
    /// Adds another tracker's counters (the same stream received on several cores).
    pub fn merge(&mut self, o: &SeqCounters) {
        self.rx_packets += o.rx_packets;
        self.rx_bytes += o.rx_bytes;
        self.unique += o.unique;
        self.out_of_order += o.out_of_order;
        self.duplicates += o.duplicates;
        self.seq_too_high += o.seq_too_high;
        self.seq_too_low += o.seq_too_low;
        self.too_old += o.too_old;
        self.missing += o.missing;
    }
}

/// One stream's tracker.
#[derive(Clone, Debug)]
///
/// `repr(C)`: what every in-order frame touches (the expected number, the last arrival
/// time, the window's pointer, the first counters) lies in the first 48 bytes.
#[repr(C)]
pub struct SeqTracker {
    /// Highest number seen + 1 (the expected next).
    next: u64,
    /// Arrival of the last frame (ns, run clock): where a disruption starts.
    pub last_rx_ns: u64,
    /// Bit `s % WINDOW` set: `s` in `[next - WINDOW, next)` was received.
    seen: Box<[u64; WORDS]>,
    /// The counters.
    pub counters: SeqCounters,
}

impl Default for SeqTracker {
    fn default() -> Self {
        SeqTracker { next: 0, last_rx_ns: 0, seen: Box::new([0; WORDS]), counters: SeqCounters::default() }
    }
}

impl SeqTracker {
    /// The next number expected (highest seen + 1).
    pub fn expected(&self) -> u64 {
        self.next
    }

    fn bit(s: u64) -> (usize, u64) {
        let i = s % WINDOW;
        ((i / 64) as usize, 1u64 << (i % 64))
    }

    fn clear(&mut self, s: u64) {
        let (w, b) = Self::bit(s);
        self.seen[w] &= !b;
    }

    /// Records packet `seq` of `bytes` bytes.
    pub fn on_packet(&mut self, seq: u64, bytes: u64) {
        let c = &mut self.counters;
        c.rx_packets += 1;
        c.rx_bytes += bytes;
        if seq >= self.next {
            let gap = seq - self.next;
            if gap > 0 {
                c.seq_too_high += 1;
                c.missing += gap;
            }
            // Slide the window: numbers leaving it are forgotten, the new ones unseen.
            if gap >= WINDOW {
                self.seen.fill(0);
            } else {
                for s in self.next..seq {
                    self.clear(s);
                }
            }
            self.next = seq + 1;
            let (w, b) = Self::bit(seq);
            self.seen[w] |= b;
            self.counters.unique += 1;
            return;
        }
        c.seq_too_low += 1;
        if self.next - seq > WINDOW {
            c.too_old += 1;
            c.unique += 1;
            c.missing = c.missing.saturating_sub(1);
            return;
        }
        let (w, b) = Self::bit(seq);
        if self.seen[w] & b != 0 {
            c.duplicates += 1;
        } else {
            self.seen[w] |= b;
            c.out_of_order += 1;
            c.unique += 1;
            c.missing = c.missing.saturating_sub(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn run(seqs: &[u64]) -> SeqCounters {
        let mut t = SeqTracker::default();
        for &s in seqs {
            t.on_packet(s, 64);
        }
        t.counters
    }

    #[test]
    fn in_order_gap_reorder_duplicate() {
        let c = run(&[0, 1, 2, 3]);
        assert_eq!((c.unique, c.missing, c.out_of_order, c.duplicates), (4, 0, 0, 0));
        let c = run(&[0, 1, 3, 4]);
        assert_eq!((c.unique, c.missing, c.seq_too_high), (4, 1, 1));
        let c = run(&[0, 2, 1, 3]);
        assert_eq!((c.unique, c.missing, c.out_of_order, c.seq_too_high, c.seq_too_low), (4, 0, 1, 1, 1));
        let c = run(&[0, 1, 1, 2, 0]);
        assert_eq!((c.unique, c.duplicates, c.rx_packets, c.rx_bytes), (3, 2, 5, 320));
        // A duplicate of a number that left the window cannot be told: too old.
        let mut seqs: Vec<u64> = (0..WINDOW + 10).collect();
        seqs.push(3);
        let c = run(&seqs);
        assert_eq!((c.too_old, c.duplicates), (1, 0));
    }

    /// The injection oracle: drop, swap and repeat packets of 0..n by a seed; the tracker
    /// reports exactly what was injected.
    fn inject(n: u64, seed: u64) -> (Vec<u64>, u64, u64, u64) {
        let mut x = seed | 1;
        let mut rnd = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % 1000
        };
        let (mut out, mut lost, mut swapped, mut dup) = (Vec::new(), 0, 0, 0);
        let mut s = 0;
        while s < n {
            let r = rnd();
            if r < 10 {
                lost += 1; // 1% lost
            } else if r < 15 && s + 1 < n {
                out.push(s + 1); // 0.5% swapped with the next
                out.push(s);
                swapped += 1;
                s += 1;
            } else if r < 16 {
                out.push(s); // 0.1% duplicated
                out.push(s);
                dup += 1;
            } else {
                out.push(s);
            }
            s += 1;
        }
        (out, lost, swapped, dup)
    }

    proptest! {
        #[test]
        fn counts_equal_what_was_injected(seed in any::<u64>()) {
            let n = 20_000;
            let (seqs, lost, swapped, dup) = inject(n, seed);
            let c = run(&seqs);
            prop_assert_eq!(c.unique, n - lost);
            prop_assert_eq!(c.duplicates, dup);
            prop_assert_eq!(c.out_of_order, swapped);
            // The last packets may have been lost after the highest seen: not "missing".
            prop_assert!(c.missing <= lost);
            prop_assert_eq!(c.rx_packets, seqs.len() as u64);
        }
    }
}
