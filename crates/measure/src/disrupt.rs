//! Disruptions: the periods in which a tagged stream stopped arriving and lost frames.
//!
//! A disruption is a jump in a stream's sequence numbers: it starts at the arrival of
//! the last frame before the jump and ends at the arrival of the first frame after it
//! (receive times, run clock), and it lost the numbers skipped. A stream whose first
//! frames never arrived has one from the run's start (time 0). This is what a soak test
//! looks for (the OVS benchmark's flows that broke after minutes): when, how long, how
//! many frames. Frames that arrive later out of order still count as received in the
//! stream's totals; a disruption keeps the count it was seen with.
//!
//! Cost per frame: one comparison and one store. At most [`MAX_EVENTS`] disruptions are
//! kept per stream and receive core (the first ones); [`Disruptions::total`] counts all.

/// Disruptions kept per stream and receive core.
pub const MAX_EVENTS: usize = 64;

/// One disruption.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Disruption {
    /// Arrival of the last frame before the gap (ns, run clock; 0: the run's start).
    pub start_ns: u64,
    /// Arrival of the first frame after it.
    pub end_ns: u64,
    /// Sequence numbers skipped.
    pub lost: u64,
}

/// A stream's disruptions on one receive core (the last arrival time they start from is
/// the sequence tracker's, [`crate::SeqTracker::last_rx_ns`], where every frame writes it).
#[derive(Clone, Debug, Default)]
pub struct Disruptions {
    /// All of them.
    pub total: u64,
    /// The first [`MAX_EVENTS`], in arrival order.
    pub events: Vec<Disruption>,
}

impl Disruptions {
    /// A frame arrived at `rx_ns`, `gap` sequence numbers ahead of the one expected; the
    /// one before it arrived at `last_rx_ns`.
    #[inline]
    pub fn on_arrival(&mut self, gap: u64, last_rx_ns: u64, rx_ns: u64) {
        if gap > 0 {
            self.record(Disruption { start_ns: last_rx_ns, end_ns: rx_ns, lost: gap });
        }
    }

    #[cold]
    fn record(&mut self, d: Disruption) {
        self.total += 1;
        if self.events.len() < MAX_EVENTS {
            self.events.push(d);
        }
    }

    /// Adds another core's disruptions of the same stream.
    pub fn merge(&mut self, other: &Disruptions) {
        self.total += other.total;
        self.events.extend_from_slice(&other.events);
        self.events.sort_by_key(|d| (d.start_ns, d.end_ns));
        self.events.truncate(MAX_EVENTS);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_gap_is_one_disruption_from_the_last_arrival_to_the_next() {
        let (mut d, mut last) = (Disruptions::default(), 0);
        for (gap, t) in [(0, 100), (0, 200), (5, 800), (0, 900)] {
            d.on_arrival(gap, last, t);
            last = t;
        }
        assert_eq!(d.events, [Disruption { start_ns: 200, end_ns: 800, lost: 5 }]);
        assert_eq!(d.total, 1);
    }

    #[test]
    fn lost_first_frames_start_at_zero_and_events_are_capped() {
        let mut d = Disruptions::default();
        d.on_arrival(3, 0, 50);
        assert_eq!(d.events[0], Disruption { start_ns: 0, end_ns: 50, lost: 3 });
        for t in 0..200 {
            d.on_arrival(1, 99 + t, 100 + t);
        }
        assert_eq!((d.events.len(), d.total), (MAX_EVENTS, 201));
        let mut other = Disruptions::default();
        other.on_arrival(2, 0, 10);
        d.merge(&other);
        assert_eq!((d.events[0].end_ns, d.total), (10, 202));
    }
}
