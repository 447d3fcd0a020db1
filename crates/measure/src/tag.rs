//! The tag trailer: the last [`TAG_LEN`] bytes of a tagged stream's frame (FCS aside).
//!
//! ```text
//!  0      4          8                16               24
//!  | sig  | stream id | sequence number | tx timestamp ns |
//! ```
//!
//! All fields big-endian. The signature `RPT1` (0x52505431) marks a tagged frame; the
//! stream id indexes the receiver's table; the sequence number counts from 0 per stream;
//! the timestamp is the departure time on the run clock (ns since the run's time zero),
//! or 0 for streams that measure no latency. At the end of the frame the trailer needs
//! no parsing of the headers in front, whatever the encapsulation.

/// Bytes of the trailer.
pub const TAG_LEN: usize = 24;
/// The signature.
pub const SIGNATURE: u32 = 0x5250_5431;

/// A decoded trailer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tag {
    /// Stream id (`flow_stats.id` / `latency.id`).
    pub stream: u32,
    /// Sequence number within the stream, from 0.
    pub seq: u64,
    /// Departure time, ns on the run clock (0: no latency).
    pub tx_ns: u64,
}

impl Tag {
    /// Writes the trailer into the last [`TAG_LEN`] bytes of `frame`; false if too short.
    pub fn write(&self, frame: &mut [u8]) -> bool {
        let Some(start) = frame.len().checked_sub(TAG_LEN) else { return false };
        let t = &mut frame[start..];
        t[0..4].copy_from_slice(&SIGNATURE.to_be_bytes());
        t[4..8].copy_from_slice(&self.stream.to_be_bytes());
        t[8..16].copy_from_slice(&self.seq.to_be_bytes());
        t[16..24].copy_from_slice(&self.tx_ns.to_be_bytes());
        true
    }

    /// The trailer of `frame`, if it carries one.
    #[inline]
    pub fn read(frame: &[u8]) -> Option<Tag> {
        let start = frame.len().checked_sub(TAG_LEN)?;
        let t = &frame[start..];
        let word = |r: std::ops::Range<usize>| -> [u8; 8] {
            let mut b = [0; 8];
            b[8 - r.len()..].copy_from_slice(&t[r]);
            b
        };
        if u32::from_be_bytes([t[0], t[1], t[2], t[3]]) != SIGNATURE {
            return None;
        }
        Some(Tag {
            stream: u64::from_be_bytes(word(4..8)) as u32,
            seq: u64::from_be_bytes(word(8..16)),
            tx_ns: u64::from_be_bytes(word(16..24)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_byte_layout() {
        let mut f = vec![0xaa; 60];
        let t = Tag { stream: 4095, seq: 0x0102_0304_0506_0708, tx_ns: 50_000 };
        assert!(t.write(&mut f));
        assert_eq!(&f[36..40], b"RPT1");
        assert_eq!(&f[40..44], &[0, 0, 0x0f, 0xff]);
        assert_eq!(&f[44..52], &[1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(Tag::read(&f), Some(t));
        assert_eq!(&f[..36], &[0xaa; 36][..], "nothing in front is touched");
        f[37] ^= 1;
        assert_eq!(Tag::read(&f), None);
        assert_eq!(Tag::read(&f[..10]), None);
        assert!(!t.write(&mut [0u8; 23]));
    }
}
