//! The tag trailer: the last [`TAG_LEN`] bytes of a tagged stream's frame (FCS aside).
//!
//! ```text
//!  0      4           6          10               18
//!  | sig  | stream id | sequence | tx timestamp ns |
//! ```
//!
//! All fields big-endian, 18 bytes: exactly what a 64 B Ethernet/IPv4/UDP frame has
//! after its headers, so RFC 2544's smallest frame can carry latency. The signature
//! `RPT1` (0x52505431) marks a tagged frame; the stream id (16 bits) indexes the
//! receiver's table; the sequence number counts from 0 per stream and wraps at 2^32
//! (the receiver unwraps it, see [`unwrap_seq`]); the timestamp is the departure time
//! on the run clock (ns since the run's time zero), or 0 for streams that measure no
//! latency. At the end of the frame the trailer needs no parsing of the headers in
//! front, whatever the encapsulation.

/// Bytes of the trailer.
pub const TAG_LEN: usize = 18;
/// The signature.
pub const SIGNATURE: u32 = 0x5250_5431;

/// A decoded trailer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tag {
    /// Stream id (`flow_stats.id` / `latency.id`).
    pub stream: u16,
    /// Sequence number within the stream, from 0, modulo 2^32.
    pub seq: u32,
    /// Departure time, ns on the run clock (0: no latency).
    pub tx_ns: u64,
}

impl Tag {
    /// Writes the trailer into the last [`TAG_LEN`] bytes of `frame`; false if too short.
    #[inline]
    pub fn write(&self, frame: &mut [u8]) -> bool {
        let Some(start) = frame.len().checked_sub(TAG_LEN) else { return false };
        let t = &mut frame[start..];
        t[0..4].copy_from_slice(&SIGNATURE.to_be_bytes());
        t[4..6].copy_from_slice(&self.stream.to_be_bytes());
        t[6..10].copy_from_slice(&self.seq.to_be_bytes());
        t[10..18].copy_from_slice(&self.tx_ns.to_be_bytes());
        true
    }

    /// Rewrites only the sequence number of the trailer at the end of `frame`; false if
    /// too short.
    #[inline]
    pub fn write_seq(frame: &mut [u8], seq: u32) -> bool {
        let Some(start) = frame.len().checked_sub(TAG_LEN) else { return false };
        frame[start + 6..start + 10].copy_from_slice(&seq.to_be_bytes());
        true
    }

    /// The trailer of `frame`, if it carries one.
    #[inline]
    pub fn read(frame: &[u8]) -> Option<Tag> {
        let start = frame.len().checked_sub(TAG_LEN)?;
        let t = &frame[start..];
        if t[0..4] != SIGNATURE.to_be_bytes() {
            return None;
        }
        let mut ts = [0u8; 8];
        ts.copy_from_slice(&t[10..18]);
        Some(Tag {
            stream: u16::from_be_bytes([t[4], t[5]]),
            seq: u32::from_be_bytes([t[6], t[7], t[8], t[9]]),
            tx_ns: u64::from_be_bytes(ts),
        })
    }
}

/// The 64-bit sequence number closest to `expected` whose low 32 bits are `seq`.
#[inline]
pub fn unwrap_seq(seq: u32, expected: u64) -> u64 {
    let base = (expected & !0xFFFF_FFFF) | u64::from(seq);
    let mut best = base;
    for c in [base.wrapping_sub(1 << 32), base.wrapping_add(1 << 32)] {
        if c.abs_diff(expected) < best.abs_diff(expected) && (c < (1 << 63)) {
            best = c;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_byte_layout() {
        let mut f = vec![0xaa; 60];
        let t = Tag { stream: 4095, seq: 0x0102_0304, tx_ns: 50_000 };
        assert!(t.write(&mut f));
        assert_eq!(&f[42..46], b"RPT1");
        assert_eq!(&f[46..48], &[0x0f, 0xff]);
        assert_eq!(&f[48..52], &[1, 2, 3, 4]);
        assert_eq!(&f[52..60], &50_000u64.to_be_bytes());
        assert_eq!(Tag::read(&f), Some(t));
        assert!(Tag::write_seq(&mut f, 7));
        assert_eq!(Tag::read(&f), Some(Tag { seq: 7, ..t }), "only the sequence changes");
        assert!(!Tag::write_seq(&mut [0u8; 17], 7));
        assert_eq!(&f[..42], &[0xaa; 42][..], "nothing in front is touched");
        f[43] ^= 1;
        assert_eq!(Tag::read(&f), None);
        assert_eq!(Tag::read(&f[..10]), None);
        assert!(!t.write(&mut [0u8; 17]));
    }

    #[test]
    fn sequence_numbers_unwrap_across_2_to_the_32() {
        assert_eq!(unwrap_seq(5, 3), 5);
        assert_eq!(unwrap_seq(u32::MAX, 1 << 32), (1 << 32) - 1);
        assert_eq!(unwrap_seq(2, (1 << 32) - 5), (1 << 32) + 2);
        assert_eq!(unwrap_seq(u32::MAX, 0), u64::from(u32::MAX), "no number below 0");
    }
}
