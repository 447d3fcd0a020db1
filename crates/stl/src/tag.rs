//! Tagged streams, transmit side: the trailer of `flow_stats` / `latency` streams.
//!
//! Each packet of a tagged stream ends with a [`riptide_measure::Tag`] (18 bytes): stream id,
//! sequence number, and (latency streams) the departure time on the run clock. It is
//! written after the field engine, over the last 18 bytes of the frame, and the L4
//! checksum is updated incrementally (RFC 1624) for the bytes that changed inside the
//! packet (a frame with Ethernet padding after its packet may carry the tag, or part of
//! it, in the padding, which no checksum covers); an IPv4 UDP checksum of 0 (disabled)
//! stays 0.
//!
//! With several cores, share `k` of `n` numbers its packets `k, k+n, k+2n, ...`:
//! numbers stay unique per stream, and loss and duplicates stay exact; packets of two
//! shares that overtake each other on the way count as out of order.

use riptide_measure::tag::{Tag, TAG_LEN};
use riptide_wire::checksum;

/// Where the L4 checksum a tag write must update lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct L4Csum {
    /// Offset of the checksum field in the frame.
    pub at: u16,
    /// Start of the L4 header (the parity of checksummed bytes counts from here).
    pub start: u16,
    /// UDP: 0 means "no checksum" and a computed 0 is sent as 0xFFFF.
    pub udp: bool,
    /// Where the packet ends when Ethernet padding follows it: tag bytes from there on
    /// lie outside the L4 checksum. `None`: the frame's end.
    pub end: Option<u16>,
}

/// A stream's tag writer (one per share).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TagTx {
    /// Stream id in the tag.
    pub id: u16,
    /// Stamp the departure time (latency streams).
    pub latency: bool,
    /// The L4 checksum to keep right, if any.
    pub l4: Option<L4Csum>,
    /// Next sequence number.
    pub seq: u64,
    /// Step between this share's numbers (the number of shares).
    pub stride: u64,
    /// The receivers count it by VLAN too, in these groups (`by_vlan`).
    pub vlans: Option<std::sync::Arc<riptide_measure::VlanMap>>,
}

impl TagTx {
    /// Writes the tag over the end of `frame` (departure `departure_ns` on the run clock).
    #[inline]
    pub fn stamp(&mut self, frame: &mut [u8], departure_ns: u64) {
        let len = frame.len();
        let Some(start) = len.checked_sub(TAG_LEN) else { return };
        let mut old = [0u8; TAG_LEN];
        old.copy_from_slice(&frame[start..]);
        let tag = Tag { stream: self.id, seq: self.seq as u32, tx_ns: if self.latency { departure_ns } else { 0 } };
        tag.write(frame);
        self.seq += self.stride;
        let Some(l4) = self.l4 else { return };
        let at = l4.at as usize;
        let Some(field) = frame.get(at..at + 2) else { return };
        let cs = u16::from_be_bytes([field[0], field[1]]);
        if l4.udp && cs == 0 {
            return;
        }
        let Some(offset) = start.checked_sub(l4.start as usize) else { return };
        // Only the tag bytes inside the packet count (a tag in Ethernet padding counts in none).
        let covered = l4.end.map_or(len, |e| (e as usize).min(len)).saturating_sub(start);
        if covered == 0 {
            return;
        }
        let mut new = checksum::update_bytes_at(cs, offset, &old[..covered], &frame[start..start + covered]);
        if l4.udp && new == 0 {
            new = 0xFFFF;
        }
        frame[at..at + 2].copy_from_slice(&new.to_be_bytes());
    }
}
