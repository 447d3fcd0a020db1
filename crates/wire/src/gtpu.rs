//! GTP-U (3GPP TS 29.281, UDP port 2152): the user-plane tunnel of mobile networks, an
//! 8-byte header (12 with a sequence number) before an inner IPv4 or IPv6 packet.
//!
//! ```text
//!  0       1        2         4        8      10     11        12
//!  | flags | type   | length  |  TEID  | seq  | N-PDU | next ext |
//!  flags: version 1 (3 bits), PT 1, reserved, E, S, PN; type 255: G-PDU
//! ```
//!
//! `length` counts the bytes after the first 8 (the optional word and the inner packet).
//! [`FIELDS`] names the fields as tshark does (`gtp.teid`, `gtp.flags`).

/// Bytes of the mandatory header.
pub const HEADER_LEN: usize = 8;
/// The IANA UDP port (GTP-U).
pub const PORT: u16 = 2152;
/// The G-PDU message type (user data).
pub const G_PDU: u8 = 255;
/// Offset of the length field.
pub const LENGTH: usize = 2;
const FLAGS: u8 = 0x30;
const FLAG_S: u8 = 0x02;

/// The fields a generator writes.
pub const FIELDS: &[crate::FieldDesc] = &[
    crate::FieldDesc::bytes("flags", 0, 1),
    crate::FieldDesc::bytes("message", 1, 1),
    crate::FieldDesc::bytes("length", LENGTH, 2),
    crate::FieldDesc::bytes("teid", 4, 4),
];

/// A GTP-U G-PDU header's fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Repr {
    /// Tunnel endpoint identifier.
    pub teid: u32,
    /// The sequence number, if present (the S flag and the optional word).
    pub seq: Option<u16>,
}

impl Repr {
    /// Bytes of the header with its optional word.
    pub fn header_len(&self) -> usize {
        HEADER_LEN + if self.seq.is_some() { 4 } else { 0 }
    }

    /// Writes the header into `buf`, whose length is the header's and the inner
    /// packet's (the length field counts what follows the first 8 bytes). Nothing if
    /// `buf` is shorter than [`header_len`](Self::header_len).
    pub fn emit(&self, buf: &mut [u8]) {
        if buf.len() < self.header_len() {
            return;
        }
        buf[0] = FLAGS | if self.seq.is_some() { FLAG_S } else { 0 };
        buf[1] = G_PDU;
        let length = u16::try_from(buf.len() - HEADER_LEN).unwrap_or(u16::MAX);
        buf[LENGTH..LENGTH + 2].copy_from_slice(&length.to_be_bytes());
        buf[4..8].copy_from_slice(&self.teid.to_be_bytes());
        if let Some(s) = self.seq {
            buf[8..10].copy_from_slice(&s.to_be_bytes());
            buf[10] = 0;
            buf[11] = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_counts_what_follows_the_first_eight_bytes() {
        let mut b = [0u8; 40];
        Repr { teid: 0x11223344, seq: None }.emit(&mut b);
        assert_eq!(b[..8], [0x30, 0xFF, 0, 32, 0x11, 0x22, 0x33, 0x44]);
        Repr { teid: 1, seq: Some(9) }.emit(&mut b);
        assert_eq!(b[..12], [0x32, 0xFF, 0, 32, 0, 0, 0, 1, 0, 9, 0, 0]);
    }
}
