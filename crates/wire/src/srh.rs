//! The IPv6 segment routing header (SRv6, RFC 8754): routing type 4, an IPv6 extension
//! header (next header 43) holding the segment list.
//!
//! ```text
//!  0      1        2      3        4          5      6     8
//!  | next | hdrlen | type | left   | last ent | flags | tag | segment list[0] ... [n-1]
//! ```
//!
//! `hdrlen` counts 8-byte units after the first 8 (2 per segment); the list runs from the
//! final segment ([0], the final destination the L4 checksum's pseudo-header holds) to
//! the first; the IPv6 destination is the active segment, list[left]. [`fields`] names
//! the fields (`srh.segments_left`, `srh.tag`, `srh.seg0`...).

use crate::FieldDesc;
use std::net::Ipv6Addr;

/// The IPv6 next-header number of a routing header.
pub const NEXT_HEADER: u8 = 43;
/// The routing type of a segment routing header.
pub const ROUTING_TYPE: u8 = 4;
/// Bytes before the segment list.
pub const FIXED_LEN: usize = 8;
/// The most segments `hdrlen` (8 bits, 2 per segment) can count.
pub const MAX_SEGMENTS: usize = 127;
const SEG_NAMES: [&str; 16] = [
    "seg0", "seg1", "seg2", "seg3", "seg4", "seg5", "seg6", "seg7", "seg8", "seg9", "seg10", "seg11", "seg12", "seg13",
    "seg14", "seg15",
];

/// Bytes of a header with `segments` segments.
pub fn header_len(segments: usize) -> usize {
    FIXED_LEN + 16 * segments
}

/// A segment routing header's fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Repr<'a> {
    /// The next header's protocol number.
    pub next_header: u8,
    /// Segments left: the index of the active segment.
    pub segments_left: u8,
    /// Flags.
    pub flags: u8,
    /// Tag.
    pub tag: u16,
    /// The segment list as carried: [0] is the final segment.
    pub segments: &'a [Ipv6Addr],
}

impl Repr<'_> {
    /// Writes the header into `buf` (nothing if it is shorter than the header, or the list
    /// is empty or longer than [`MAX_SEGMENTS`]).
    pub fn emit(&self, buf: &mut [u8]) {
        let n = self.segments.len();
        if n == 0 || n > MAX_SEGMENTS {
            return;
        }
        let Some(b) = buf.get_mut(..header_len(n)) else { return };
        b[0] = self.next_header;
        b[1] = (2 * n) as u8;
        b[2] = ROUTING_TYPE;
        b[3] = self.segments_left;
        b[4] = (n - 1) as u8;
        b[5] = self.flags;
        b[6..8].copy_from_slice(&self.tag.to_be_bytes());
        for (k, s) in self.segments.iter().enumerate() {
            b[FIXED_LEN + 16 * k..FIXED_LEN + 16 * (k + 1)].copy_from_slice(&s.octets());
        }
    }
}

/// The fields of a header with `segments` segments (the first 16 named `seg0`..`seg15`).
pub fn fields(segments: usize) -> Vec<FieldDesc> {
    let mut f = vec![
        FieldDesc::bytes("segments_left", 3, 1),
        FieldDesc::bytes("last_entry", 4, 1),
        FieldDesc::bytes("flags", 5, 1),
        FieldDesc::bytes("tag", 6, 2),
    ];
    f.extend(SEG_NAMES.iter().take(segments).enumerate().map(|(k, n)| FieldDesc::bytes(n, FIXED_LEN + 16 * k, 16)));
    f
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_bytes() {
        let segs = [Ipv6Addr::new(0x2001, 2, 0, 0, 0, 0, 0, 0x10), Ipv6Addr::new(0x2001, 2, 0, 0, 0, 0, 0, 0x20)];
        let mut b = [0u8; 40];
        Repr { next_header: 17, segments_left: 1, flags: 0, tag: 7, segments: &segs }.emit(&mut b);
        assert_eq!(b[..8], [17, 4, 4, 1, 1, 0, 0, 7]);
        assert_eq!(b[8..24], segs[0].octets());
        assert_eq!(b[24..40], segs[1].octets());
        let names: Vec<_> = fields(2).iter().map(|f| (f.name, f.offset)).collect();
        assert_eq!(names[4..], [("seg0", 8), ("seg1", 24)]);
    }
}
