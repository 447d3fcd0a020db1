//! Out-of-order data held until the gap before it fills (RFC 9293 §3.10.7.4), and the
//! SACK blocks that describe it (RFC 2018 §4).
//!
//! In-order data goes straight to the connection's program, so most connections never
//! allocate one of these: it exists only while a hole is open.

use crate::seq::Seq;
use riptide_wire::tcp_options::SackBlocks;

/// Segments above `rcv_nxt`, sorted by sequence number.
#[derive(Debug, Default)]
pub(crate) struct Reassembly {
    segments: Vec<(Seq, Vec<u8>)>,
    bytes: u32,
    /// The sequence number of a FIN that arrived beyond the hole.
    pub(crate) fin: Option<Seq>,
    /// Where the most recent out-of-order segment began (its block is reported first).
    last: Seq,
    /// The send side's SACK scoreboard, kept in the same box (a connection then pays one
    /// pointer for both directions' loss state).
    pub(crate) board: Option<crate::sack::Scoreboard>,
    /// Cubic's state (RFC 9438), for a connection that runs it, in the same box.
    pub(crate) cubic: Option<crate::cc::Cubic>,
}

impl Reassembly {
    /// Bytes held.
    pub(crate) fn bytes(&self) -> u32 {
        self.bytes
    }

    /// Whether nothing is held (a FIN beyond the hole, a scoreboard or Cubic's state
    /// counts as something).
    pub(crate) fn is_empty(&self) -> bool {
        self.rx_empty() && self.board.is_none() && self.cubic.is_none()
    }

    /// Whether no receive-side hole is open.
    pub(crate) fn rx_empty(&self) -> bool {
        self.segments.is_empty() && self.fin.is_none()
    }

    /// Holds `data` that begins at `seq`; returns whether any of it was new.
    pub(crate) fn insert(&mut self, seq: Seq, data: &[u8]) -> bool {
        if data.is_empty() {
            return false;
        }
        let end = seq + data.len() as u32;
        self.last = seq;
        if self.segments.iter().any(|(s, d)| *s <= seq && end <= *s + d.len() as u32) {
            return false;
        }
        let at = self.segments.partition_point(|(s, _)| *s <= seq);
        self.segments.insert(at, (seq, data.to_vec()));
        self.bytes += data.len() as u32;
        true
    }

    /// Hands every byte from `rcv_nxt` on that is now contiguous to `deliver`; returns
    /// the new `rcv_nxt`.
    pub(crate) fn drain(&mut self, mut rcv_nxt: Seq, deliver: &mut impl FnMut(&[u8])) -> Seq {
        let mut used = 0;
        for (seq, data) in &self.segments {
            if *seq > rcv_nxt {
                break;
            }
            let end = *seq + data.len() as u32;
            if end > rcv_nxt {
                deliver(&data[(rcv_nxt - *seq) as usize..]);
                rcv_nxt = end;
            }
            used += 1;
        }
        for (_, data) in self.segments.drain(..used) {
            self.bytes -= data.len() as u32;
        }
        rcv_nxt
    }

    /// Up to `max` SACK blocks over what is held, the one holding the latest arrival first.
    pub(crate) fn sack_blocks(&self, max: usize) -> SackBlocks {
        let mut ranges: Vec<(Seq, Seq)> = Vec::new();
        for (seq, data) in &self.segments {
            let end = *seq + data.len() as u32;
            match ranges.last_mut() {
                Some(last) if *seq <= last.1 => last.1 = last.1.max(end),
                _ => ranges.push((*seq, end)),
            }
        }
        let mut blocks = SackBlocks::default();
        if let Some(first) = ranges.iter().position(|(l, r)| self.last.within(*l, *r)) {
            let (l, r) = ranges.remove(first);
            blocks.push(l.0, r.0);
        }
        for (l, r) in ranges {
            if blocks.len() == max {
                break;
            }
            blocks.push(l.0, r.0);
        }
        blocks.truncate(max);
        blocks
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_delivers_and_reports_blocks() {
        let mut r = Reassembly::default();
        assert!(r.insert(Seq(20), b"cc"));
        assert!(r.insert(Seq(30), b"ee"));
        assert!(r.insert(Seq(22), b"dd"));
        assert!(!r.insert(Seq(30), b"e"));
        assert_eq!(r.bytes(), 6);
        // The latest arrival (the duplicate at 30) names the first block.
        assert_eq!(r.sack_blocks(4).as_slice(), &[(30, 32), (20, 24)]);
        assert!(r.insert(Seq(23), b"dx"));
        assert_eq!(r.sack_blocks(1).as_slice(), &[(20, 25)]);
        let mut got = Vec::new();
        let next = r.drain(Seq(10), &mut |d| got.extend_from_slice(d));
        assert_eq!(next, Seq(10));
        assert!(got.is_empty());
        let next = r.drain(Seq(21), &mut |d| got.extend_from_slice(d));
        assert_eq!(next, Seq(25));
        assert_eq!(got, b"cddx");
        assert_eq!(r.bytes(), 2);
        assert_eq!(r.sack_blocks(4).as_slice(), &[(30, 32)]);
    }
}
