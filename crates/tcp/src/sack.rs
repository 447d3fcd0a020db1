//! The sender's SACK scoreboard (RFC 6675, simplified): what the peer reports holding
//! above SND.UNA, so that one recovery retransmits every hole below the highest SACKed
//! byte, one per arriving ACK, instead of NewReno's one hole per round trip (whose later
//! holes often wait for a retransmission timeout).
//!
//! Like the receiver's reassembly, it exists only while a connection has SACK news: most
//! connections never allocate one.

use crate::seq::Seq;

/// Ranges kept at most (older ones are forgotten: the hole search then starts lower,
/// which only costs a retransmission the peer did not need).
const MAX_RANGES: usize = 16;

/// SACKed ranges above SND.UNA, sorted and disjoint, and how far the retransmissions of
/// this recovery have gone.
#[derive(Debug, Default)]
pub(crate) struct Scoreboard {
    ranges: Vec<(Seq, Seq)>,
    /// The end of the last hole retransmitted (RFC 6675's HighRxt).
    pub(crate) high_rxt: Seq,
}

impl Scoreboard {
    /// Takes the SACK blocks of an ACK: those within `(una, max]` are merged in; what
    /// `una` has passed is dropped.
    pub(crate) fn update(&mut self, una: Seq, max: Seq, blocks: &[(u32, u32)]) {
        for &(l, r) in blocks {
            let (l, r) = (Seq(l), Seq(r));
            if !(una < r && l < r && r <= max) {
                continue;
            }
            let l = l.max(una);
            let at = self.ranges.partition_point(|(s, _)| *s < l);
            self.ranges.insert(at, (l, r));
        }
        self.ranges.retain(|(_, r)| *r > una);
        // Merge overlapping or touching ranges.
        let mut merged: Vec<(Seq, Seq)> = Vec::with_capacity(self.ranges.len());
        for &(l, r) in &self.ranges {
            match merged.last_mut() {
                Some(last) if l <= last.1 => last.1 = last.1.max(r),
                _ => merged.push((l.max(una), r)),
            }
        }
        if merged.len() > MAX_RANGES {
            merged.drain(..merged.len() - MAX_RANGES);
        }
        self.ranges = merged;
        if self.high_rxt < una {
            self.high_rxt = una;
        }
    }

    /// Whether the peer reports nothing above SND.UNA.
    pub(crate) fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }

    /// Bytes SACKed above SND.UNA.
    #[cfg(test)]
    pub(crate) fn sacked(&self) -> u32 {
        self.ranges.iter().map(|(l, r)| (*r - *l) as u32).sum()
    }

    /// The next hole to retransmit: from `una` or where the last retransmission ended,
    /// whichever is later, up to `mss` bytes, and only below the highest SACKed byte (a
    /// hole above it may be data still on its way).
    pub(crate) fn next_hole(&self, una: Seq, mss: u32) -> Option<(Seq, u32)> {
        let mut at = una.max(self.high_rxt);
        for &(l, r) in &self.ranges {
            if at < l {
                return Some((at, ((l - at) as u32).min(mss)));
            }
            at = at.max(r);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holes_are_found_below_the_highest_sacked_byte_once_each() {
        let mut b = Scoreboard::default();
        // Segments of 10 from 100: 110..120 and 140..160 arrived, 100..110 and 120..140 not.
        b.update(Seq(100), Seq(200), &[(140, 160), (110, 120)]);
        assert_eq!(b.sacked(), 30);
        assert_eq!(b.next_hole(Seq(100), 10), Some((Seq(100), 10)));
        b.high_rxt = Seq(110);
        assert_eq!(b.next_hole(Seq(100), 10), Some((Seq(120), 10)));
        b.high_rxt = Seq(130);
        assert_eq!(b.next_hole(Seq(100), 10), Some((Seq(130), 10)));
        b.high_rxt = Seq(140);
        // Nothing below 160 is missing any more; 160..200 may still be on its way.
        assert_eq!(b.next_hole(Seq(100), 10), None);
        // The ACK moves to 120: the first range is passed, the touching block merges.
        b.update(Seq(120), Seq(200), &[(160, 170)]);
        assert_eq!(b.sacked(), 30);
        assert_eq!(b.next_hole(Seq(120), 10), None);
        // Blocks outside the window are ignored.
        b.update(Seq(120), Seq(200), &[(50, 60), (190, 250), (130, 130)]);
        assert_eq!(b.sacked(), 30);
        b.update(Seq(200), Seq(200), &[]);
        assert!(b.is_empty());
    }
}
