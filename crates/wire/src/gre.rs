//! GRE (RFC 2784, with RFC 2890's key and sequence number; IP protocol 47): a 4-byte
//! header, then the optional checksum, key and sequence number words, then the inner
//! packet of the protocol it names (0x6558: Ethernet, "transparent Ethernet bridging").
//!
//! ```text
//!  0                 2            4                   8       12      16
//!  |C| |K|S|  rsvd |Ver| protocol | checksum | rsvd1  |  key  |  seq  |
//! ```
//!
//! The checksum, when present, covers the GRE header and everything after it, with no
//! pseudo-header. [`fields`] names the fields as tshark does (`gre.key`,
//! `gre.sequence_number`, `gre.proto`).

use crate::FieldDesc;

/// Bytes of the fixed header.
pub const HEADER_LEN: usize = 4;
/// The IP protocol number.
pub const PROTOCOL: u8 = 47;
/// Transparent Ethernet bridging: the inner packet is an Ethernet frame.
pub const TEB: u16 = 0x6558;
const FLAG_C: u16 = 0x8000;
const FLAG_K: u16 = 0x2000;
const FLAG_S: u16 = 0x1000;

/// A GRE header's fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Repr {
    /// The inner packet's EtherType.
    pub protocol: u16,
    /// A checksum is present (and computed over the header and payload).
    pub checksum: bool,
    /// The key, if present.
    pub key: Option<u32>,
    /// The sequence number, if present.
    pub seq: Option<u32>,
}

impl Repr {
    /// Bytes of the header with its optional words.
    pub fn header_len(&self) -> usize {
        HEADER_LEN
            + 4 * (usize::from(self.checksum) + usize::from(self.key.is_some()) + usize::from(self.seq.is_some()))
    }

    /// Offset of the checksum in the header, when present.
    pub fn checksum_at(&self) -> Option<usize> {
        self.checksum.then_some(HEADER_LEN)
    }

    /// Writes the header into `buf`, whose rest (up to its end) is the inner packet,
    /// already written: the checksum, when present, covers it. Nothing if `buf` is
    /// shorter than [`header_len`](Self::header_len).
    pub fn emit(&self, buf: &mut [u8]) {
        let len = self.header_len();
        if buf.len() < len {
            return;
        }
        let flags = if self.checksum { FLAG_C } else { 0 }
            | if self.key.is_some() { FLAG_K } else { 0 }
            | if self.seq.is_some() { FLAG_S } else { 0 };
        buf[..2].copy_from_slice(&flags.to_be_bytes());
        buf[2..4].copy_from_slice(&self.protocol.to_be_bytes());
        let mut at = HEADER_LEN;
        if self.checksum {
            buf[at..at + 4].fill(0);
            at += 4;
        }
        for v in [self.key, self.seq].into_iter().flatten() {
            buf[at..at + 4].copy_from_slice(&v.to_be_bytes());
            at += 4;
        }
        if self.checksum {
            let c = !crate::checksum::data(buf);
            buf[HEADER_LEN..HEADER_LEN + 2].copy_from_slice(&c.to_be_bytes());
        }
    }

    /// The header's fields for the field engine, at their offsets for this header's
    /// optional words.
    pub fn fields(&self) -> Vec<FieldDesc> {
        let mut f = vec![FieldDesc::bytes("flags", 0, 2), FieldDesc::bytes("proto", 2, 2)];
        let mut at = HEADER_LEN + 4 * usize::from(self.checksum);
        if self.key.is_some() {
            f.push(FieldDesc::bytes("key", at, 4));
            at += 4;
        }
        if self.seq.is_some() {
            f.push(FieldDesc::bytes("sequence_number", at, 4));
        }
        f
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn optional_words_and_checksum() {
        let r = Repr { protocol: TEB, checksum: true, key: Some(0x01020304), seq: Some(7) };
        assert_eq!(r.header_len(), 16);
        let mut b = vec![0u8; 16];
        b.extend_from_slice(&[0xde, 0xad, 0xbe, 0xef]);
        r.emit(&mut b);
        assert_eq!(&b[..4], [0xB0, 0x00, 0x65, 0x58]);
        assert_eq!(&b[8..16], [1, 2, 3, 4, 0, 0, 0, 7]);
        assert_eq!(crate::checksum::data(&b), 0xFFFF, "the checksum covers header and payload");
        let names: Vec<_> = r.fields().iter().map(|f| (f.name, f.offset)).collect();
        assert_eq!(names, [("flags", 0), ("proto", 2), ("key", 8), ("sequence_number", 12)]);
        let plain = Repr { protocol: 0x0800, checksum: false, key: None, seq: Some(1) };
        assert_eq!((plain.header_len(), plain.fields()[2].offset), (8, 4));
    }
}
