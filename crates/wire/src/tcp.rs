//! TCP segments (RFC 9293), header fields without option parsing.
//!
//! ```text
//!  0                   1                   2                   3
//!  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
//! +-------------------------------+-------------------------------+
//! |          Source Port          |       Destination Port        |
//! +-------------------------------+-------------------------------+
//! |                        Sequence Number                        |
//! +---------------------------------------------------------------+
//! |                    Acknowledgment Number                      |
//! +-------+-------+---------------+-------------------------------+
//! |  Data |       |C|E|U|A|P|R|S|F|                               |
//! | Offset| Rsrvd |W|C|R|C|S|S|Y|I|            Window             |
//! +-------+-------+---------------+-------------------------------+
//! |           Checksum            |         Urgent Pointer        |
//! +-------------------------------+-------------------------------+
//! ```
//!
//! [`Packet`] is a view over a buffer holding exactly the segment (the IP payload): the
//! checksum and the payload extend to the end of the buffer. [`Packet::check_len`] checks that
//! the buffer holds 20 bytes, that the data offset is at least 5 and that the header fits;
//! after it succeeds (or after [`Packet::new_checked`]) no accessor panics.
//!
//! [`Repr`] carries no options: [`Repr::emit`] writes a data offset of 5.

use crate::checksum::ChecksumMode;
use crate::ip::{self, IpAddress, Protocol};
use crate::{be, Error, Result};
use core::fmt;
use core::ops::{BitAnd, BitOr, BitOrAssign, Not};
use core::str::FromStr;

/// The length of a TCP header without options.
pub const HEADER_LEN: usize = 20;

mod field {
    pub(super) const SRC_PORT: usize = 0;
    pub(super) const DST_PORT: usize = 2;
    pub(super) const SEQ_NUM: usize = 4;
    pub(super) const ACK_NUM: usize = 8;
    pub(super) const DATA_OFF: usize = 12;
    pub(super) const FLAGS: usize = 13;
    pub(super) const WIN_SIZE: usize = 14;
    pub(super) const CHECKSUM: usize = 16;
    pub(super) const URGENT: usize = 18;
}

/// The fields a generator writes.
pub const FIELDS: &[crate::FieldDesc] = &[
    crate::FieldDesc::bytes("sport", field::SRC_PORT, 2),
    crate::FieldDesc::bytes("dport", field::DST_PORT, 2),
    crate::FieldDesc::bytes("seq", field::SEQ_NUM, 4),
    crate::FieldDesc::bytes("ack", field::ACK_NUM, 4),
    crate::FieldDesc::bytes("flags", field::FLAGS, 1),
    crate::FieldDesc::bytes("window", field::WIN_SIZE, 2),
];

/// Where the checksum sits (over the pseudo header and the segment).
pub const CHECKSUM: usize = field::CHECKSUM;

/// The TCP control bits, a bitset over the flags byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TcpFlags(pub u8);

/// Scapy's letters in its display order, with the bit and the long name of each.
const FLAG_TABLE: [(char, u8, &str); 8] = [
    ('F', 0x01, "fin"),
    ('S', 0x02, "syn"),
    ('R', 0x04, "rst"),
    ('P', 0x08, "psh"),
    ('A', 0x10, "ack"),
    ('U', 0x20, "urg"),
    ('E', 0x40, "ece"),
    ('C', 0x80, "cwr"),
];

impl TcpFlags {
    /// No flag set.
    pub const EMPTY: TcpFlags = TcpFlags(0);
    /// FIN: no more data from the sender.
    pub const FIN: TcpFlags = TcpFlags(0x01);
    /// SYN: synchronize sequence numbers.
    pub const SYN: TcpFlags = TcpFlags(0x02);
    /// RST: reset the connection.
    pub const RST: TcpFlags = TcpFlags(0x04);
    /// PSH: push function.
    pub const PSH: TcpFlags = TcpFlags(0x08);
    /// ACK: the acknowledgment number is significant.
    pub const ACK: TcpFlags = TcpFlags(0x10);
    /// URG: the urgent pointer is significant.
    pub const URG: TcpFlags = TcpFlags(0x20);
    /// ECE: ECN echo.
    pub const ECE: TcpFlags = TcpFlags(0x40);
    /// CWR: congestion window reduced.
    pub const CWR: TcpFlags = TcpFlags(0x80);

    /// The raw flags byte.
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Whether every flag of `other` is set in `self`.
    pub const fn contains(self, other: TcpFlags) -> bool {
        self.0 & other.0 == other.0
    }

    /// Whether no flag is set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The flags of both.
    pub const fn union(self, other: TcpFlags) -> TcpFlags {
        TcpFlags(self.0 | other.0)
    }
}

impl BitOr for TcpFlags {
    type Output = TcpFlags;
    fn bitor(self, rhs: TcpFlags) -> TcpFlags {
        TcpFlags(self.0 | rhs.0)
    }
}

impl BitOrAssign for TcpFlags {
    fn bitor_assign(&mut self, rhs: TcpFlags) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for TcpFlags {
    type Output = TcpFlags;
    fn bitand(self, rhs: TcpFlags) -> TcpFlags {
        TcpFlags(self.0 & rhs.0)
    }
}

impl Not for TcpFlags {
    type Output = TcpFlags;
    fn not(self) -> TcpFlags {
        TcpFlags(!self.0)
    }
}

impl fmt::Display for TcpFlags {
    /// Scapy letters in the order `FSRPAUEC`, e.g. `SA` for SYN|ACK; empty flags print nothing.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (letter, bit, _) in FLAG_TABLE {
            if self.0 & bit != 0 {
                write!(f, "{letter}")?;
            }
        }
        Ok(())
    }
}

/// The error from parsing [`TcpFlags`]; its message says what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid TCP flags {input:?}: expected scapy letters from FSRPAUEC (like \"SA\") or names like \"syn|ack\"")]
pub struct ParseTcpFlagsError {
    input: String,
}

impl FromStr for TcpFlags {
    type Err = ParseTcpFlagsError;

    /// Parses scapy letters (`"S"`, `"SA"`, `"PA"`, `"FA"`, `"R"`; any order, either case) or
    /// names joined by `|`, `,` or `+` (`"syn|ack"`). Tokens may mix both forms
    /// (`"syn|A"`). A token that is a flag name is read as a name first, so `"ece"` is ECE,
    /// not E+C+E. The empty string is no flag.
    fn from_str(s: &str) -> core::result::Result<Self, Self::Err> {
        let err = || ParseTcpFlagsError { input: s.to_owned() };
        let mut flags = TcpFlags::EMPTY;
        let s = s.trim();
        if s.is_empty() {
            return Ok(flags);
        }
        for token in s.split(['|', ',', '+']) {
            let token = token.trim();
            if token.is_empty() {
                return Err(err());
            }
            if let Some((_, bit, _)) = FLAG_TABLE.iter().find(|(_, _, name)| token.eq_ignore_ascii_case(name)) {
                flags.0 |= bit;
                continue;
            }
            for c in token.chars() {
                let c = c.to_ascii_uppercase();
                let (_, bit, _) = FLAG_TABLE.iter().find(|(l, _, _)| *l == c).ok_or_else(err)?;
                flags.0 |= bit;
            }
        }
        Ok(flags)
    }
}

/// A view over a TCP segment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Packet<T: AsRef<[u8]>> {
    buffer: T,
}

impl<T: AsRef<[u8]>> Packet<T> {
    /// Wraps a buffer without checking it; see the module docs for the contract.
    pub const fn new_unchecked(buffer: T) -> Packet<T> {
        Packet { buffer }
    }

    /// Wraps a buffer and runs [`Packet::check_len`]: no accessor panics afterwards.
    pub fn new_checked(buffer: T) -> Result<Packet<T>> {
        let packet = Self::new_unchecked(buffer);
        packet.check_len()?;
        Ok(packet)
    }

    /// [`Error::Truncated`] if the buffer is shorter than 20 bytes or than the header length;
    /// [`Error::Malformed`] if the data offset is below 5.
    pub fn check_len(&self) -> Result<()> {
        let len = self.buffer.as_ref().len();
        if len < HEADER_LEN {
            return Err(Error::Truncated);
        }
        let header_len = usize::from(self.header_len());
        if header_len < HEADER_LEN {
            Err(Error::Malformed)
        } else if header_len > len {
            Err(Error::Truncated)
        } else {
            Ok(())
        }
    }

    /// The underlying buffer.
    pub fn into_inner(self) -> T {
        self.buffer
    }

    /// Source port.
    pub fn src_port(&self) -> u16 {
        be::u16_at(self.buffer.as_ref(), field::SRC_PORT)
    }

    /// Destination port.
    pub fn dst_port(&self) -> u16 {
        be::u16_at(self.buffer.as_ref(), field::DST_PORT)
    }

    /// Sequence number.
    pub fn seq(&self) -> u32 {
        be::u32_at(self.buffer.as_ref(), field::SEQ_NUM)
    }

    /// Acknowledgment number.
    pub fn ack(&self) -> u32 {
        be::u32_at(self.buffer.as_ref(), field::ACK_NUM)
    }

    /// Header length in bytes (the data offset field times 4).
    pub fn header_len(&self) -> u8 {
        (self.buffer.as_ref()[field::DATA_OFF] >> 4) * 4
    }

    /// The control bits.
    pub fn flags(&self) -> TcpFlags {
        TcpFlags(self.buffer.as_ref()[field::FLAGS])
    }

    /// Window size.
    pub fn window(&self) -> u16 {
        be::u16_at(self.buffer.as_ref(), field::WIN_SIZE)
    }

    /// The checksum field.
    pub fn checksum(&self) -> u16 {
        be::u16_at(self.buffer.as_ref(), field::CHECKSUM)
    }

    /// Urgent pointer.
    pub fn urgent(&self) -> u16 {
        be::u16_at(self.buffer.as_ref(), field::URGENT)
    }

    /// The option bytes (empty when the data offset is 5).
    pub fn options(&self) -> &[u8] {
        &self.buffer.as_ref()[HEADER_LEN..usize::from(self.header_len())]
    }

    /// The payload: from the end of the header to the end of the buffer.
    pub fn payload(&self) -> &[u8] {
        &self.buffer.as_ref()[usize::from(self.header_len())..]
    }

    /// Whether the checksum over the pseudo-header and the whole buffer verifies.
    pub fn verify_checksum(&self, src: &IpAddress, dst: &IpAddress) -> bool {
        ip::upper_layer_verifies(src, dst, Protocol::TCP, self.buffer.as_ref())
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> Packet<T> {
    /// Sets the source port.
    pub fn set_src_port(&mut self, value: u16) {
        be::set_u16(self.buffer.as_mut(), field::SRC_PORT, value);
    }

    /// Sets the destination port.
    pub fn set_dst_port(&mut self, value: u16) {
        be::set_u16(self.buffer.as_mut(), field::DST_PORT, value);
    }

    /// Sets the sequence number.
    pub fn set_seq(&mut self, value: u32) {
        be::set_u32(self.buffer.as_mut(), field::SEQ_NUM, value);
    }

    /// Sets the acknowledgment number.
    pub fn set_ack(&mut self, value: u32) {
        be::set_u32(self.buffer.as_mut(), field::ACK_NUM, value);
    }

    /// Sets the header length in bytes (stored divided by 4); clears the reserved bits.
    pub fn set_header_len(&mut self, value: u8) {
        self.buffer.as_mut()[field::DATA_OFF] = ((value / 4) & 0x0F) << 4;
    }

    /// Sets the control bits.
    pub fn set_flags(&mut self, value: TcpFlags) {
        self.buffer.as_mut()[field::FLAGS] = value.0;
    }

    /// Sets the window size.
    pub fn set_window(&mut self, value: u16) {
        be::set_u16(self.buffer.as_mut(), field::WIN_SIZE, value);
    }

    /// Sets the checksum field.
    pub fn set_checksum(&mut self, value: u16) {
        be::set_u16(self.buffer.as_mut(), field::CHECKSUM, value);
    }

    /// Sets the urgent pointer.
    pub fn set_urgent(&mut self, value: u16) {
        be::set_u16(self.buffer.as_mut(), field::URGENT, value);
    }

    /// Computes the checksum over the pseudo-header and the whole buffer and writes it.
    pub fn fill_checksum(&mut self, src: &IpAddress, dst: &IpAddress) {
        self.set_checksum(0);
        let sum = ip::upper_layer_checksum(src, dst, Protocol::TCP, self.buffer.as_ref());
        self.set_checksum(sum);
    }

    /// The payload, mutably.
    pub fn payload_mut(&mut self) -> &mut [u8] {
        let start = usize::from(self.header_len());
        &mut self.buffer.as_mut()[start..]
    }
}

impl<T: AsRef<[u8]>> AsRef<[u8]> for Packet<T> {
    fn as_ref(&self) -> &[u8] {
        self.buffer.as_ref()
    }
}

/// The fields of an option-less TCP header.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Repr {
    /// Source port.
    pub src_port: u16,
    /// Destination port.
    pub dst_port: u16,
    /// Sequence number.
    pub seq: u32,
    /// Acknowledgment number.
    pub ack: u32,
    /// Control bits.
    pub flags: TcpFlags,
    /// Window size.
    pub window: u16,
    /// Urgent pointer.
    pub urgent: u16,
}

impl Repr {
    /// Reads a TCP header: runs [`Packet::check_len`], then, if `mode` is
    /// [`ChecksumMode::Verify`], fails with [`Error::Checksum`] unless the checksum verifies for
    /// `src` and `dst`. Options are accepted and dropped.
    pub fn parse<T: AsRef<[u8]>>(
        packet: &Packet<T>,
        src: &IpAddress,
        dst: &IpAddress,
        mode: ChecksumMode,
    ) -> Result<Repr> {
        packet.check_len()?;
        if mode == ChecksumMode::Verify && !packet.verify_checksum(src, dst) {
            return Err(Error::Checksum);
        }
        Ok(Repr {
            src_port: packet.src_port(),
            dst_port: packet.dst_port(),
            seq: packet.seq(),
            ack: packet.ack(),
            flags: packet.flags(),
            window: packet.window(),
            urgent: packet.urgent(),
        })
    }

    /// The number of bytes [`Repr::emit`] writes for a payload of `payload_len` bytes.
    pub const fn buffer_len(&self, payload_len: usize) -> usize {
        HEADER_LEN + payload_len
    }

    /// Writes a 20-byte header, lets `fill_payload` write the `payload_len` payload bytes, then
    /// computes the checksum over the pseudo-header of `src`/`dst`, header and payload.
    ///
    /// `fill_payload` receives exactly `payload_len` bytes. The checksum covers the first
    /// `20 + payload_len` bytes; give a buffer of exactly that length so that
    /// [`Packet::verify_checksum`] (which covers the whole buffer) agrees.
    ///
    /// # Panics
    ///
    /// Panics if the buffer is shorter than `20 + payload_len`.
    pub fn emit<T: AsRef<[u8]> + AsMut<[u8]>>(
        &self,
        packet: &mut Packet<T>,
        src: &IpAddress,
        dst: &IpAddress,
        payload_len: usize,
        fill_payload: impl FnOnce(&mut [u8]),
    ) {
        packet.set_src_port(self.src_port);
        packet.set_dst_port(self.dst_port);
        packet.set_seq(self.seq);
        packet.set_ack(self.ack);
        packet.set_header_len(HEADER_LEN as u8);
        packet.set_flags(self.flags);
        packet.set_window(self.window);
        packet.set_checksum(0);
        packet.set_urgent(self.urgent);
        let segment = &mut packet.buffer.as_mut()[..HEADER_LEN + payload_len];
        fill_payload(&mut segment[HEADER_LEN..]);
        let sum = ip::upper_layer_checksum(src, dst, Protocol::TCP, segment);
        packet.set_checksum(sum);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;

    const SRC: IpAddress = IpAddress::V4(Ipv4Addr::new(198, 18, 0, 1));
    const DST: IpAddress = IpAddress::V4(Ipv4Addr::new(198, 19, 0, 1));

    // 1025 -> 80, seq 0x01020304, ack 0x0a0b0c0d, PSH|ACK, window 8192, payload "GET /".
    static SEGMENT: [u8; 25] = [
        0x04, 0x01, 0x00, 0x50, 0x01, 0x02, 0x03, 0x04, 0x0a, 0x0b, 0x0c, 0x0d, 0x50, 0x18, 0x20, 0x00, 0x1a, 0xcb,
        0x00, 0x00, b'G', b'E', b'T', b' ', b'/',
    ];

    const REPR: Repr = Repr {
        src_port: 1025,
        dst_port: 80,
        seq: 0x0102_0304,
        ack: 0x0a0b_0c0d,
        flags: TcpFlags(0x18),
        window: 8192,
        urgent: 0,
    };

    #[test]
    fn deconstruct() {
        let p = Packet::new_checked(&SEGMENT[..]).unwrap();
        assert_eq!((p.src_port(), p.dst_port(), p.seq(), p.ack()), (1025, 80, 0x0102_0304, 0x0a0b_0c0d));
        assert_eq!((p.header_len(), p.flags(), p.window(), p.urgent()), (20, TcpFlags::PSH | TcpFlags::ACK, 8192, 0));
        assert_eq!(p.checksum(), 0x1acb);
        assert_eq!(p.payload(), b"GET /");
        assert!(p.verify_checksum(&SRC, &DST));
        assert_eq!(Repr::parse(&p, &SRC, &DST, ChecksumMode::Verify).unwrap(), REPR);
        assert_eq!(Repr::parse(&p, &DST, &DST, ChecksumMode::Verify), Err(Error::Checksum));
    }

    #[test]
    fn construct() {
        let mut bytes = [0xa5u8; 25];
        REPR.emit(&mut Packet::new_unchecked(&mut bytes[..]), &SRC, &DST, 5, |p| p.copy_from_slice(b"GET /"));
        assert_eq!(bytes, SEGMENT);
    }

    #[test]
    fn lengths() {
        assert_eq!(Packet::new_checked(&SEGMENT[..19]).unwrap_err(), Error::Truncated);
        let mut bytes = SEGMENT;
        bytes[12] = 0x40;
        assert_eq!(Packet::new_checked(&bytes[..]).unwrap_err(), Error::Malformed);
        bytes[12] = 0x70;
        assert_eq!(Packet::new_checked(&bytes[..]).unwrap_err(), Error::Truncated);
        bytes[12] = 0x60;
        let p = Packet::new_checked(&bytes[..]).unwrap();
        assert_eq!((p.options(), p.payload()), (&b"GET "[..], &b"/"[..]));
    }

    #[test]
    fn flags_parse_and_display() {
        let cases = [
            ("S", TcpFlags::SYN),
            ("SA", TcpFlags::SYN | TcpFlags::ACK),
            ("AS", TcpFlags::SYN | TcpFlags::ACK),
            ("PA", TcpFlags::PSH | TcpFlags::ACK),
            ("FA", TcpFlags::FIN | TcpFlags::ACK),
            ("R", TcpFlags::RST),
            ("syn|ack", TcpFlags::SYN | TcpFlags::ACK),
            ("SYN, ACK", TcpFlags::SYN | TcpFlags::ACK),
            ("fin+psh+urg", TcpFlags(0x29)),
            ("ece", TcpFlags::ECE),
            ("EC", TcpFlags::ECE | TcpFlags::CWR),
            ("syn|A", TcpFlags::SYN | TcpFlags::ACK),
            ("FSRPAUEC", TcpFlags(0xff)),
            ("", TcpFlags::EMPTY),
        ];
        for (text, flags) in cases {
            assert_eq!(text.parse::<TcpFlags>().unwrap(), flags, "{text}");
        }
        for bad in ["X", "syn|", "synack", "S A", "|"] {
            let err = bad.parse::<TcpFlags>().unwrap_err();
            assert!(err.to_string().contains("expected scapy letters"), "{bad}");
        }
        assert_eq!((TcpFlags::SYN | TcpFlags::ACK).to_string(), "SA");
        assert_eq!((TcpFlags::ACK | TcpFlags::PSH).to_string(), "PA");
        assert_eq!(TcpFlags(0xff).to_string(), "FSRPAUEC");
        assert_eq!(TcpFlags::EMPTY.to_string(), "");
        for bits in 0..=255u8 {
            assert_eq!(TcpFlags(bits).to_string().parse::<TcpFlags>().unwrap(), TcpFlags(bits));
        }
        let sa = TcpFlags::SYN | TcpFlags::ACK;
        assert!(sa.contains(TcpFlags::SYN) && !sa.contains(TcpFlags::FIN));
        assert_eq!(sa & !TcpFlags::SYN, TcpFlags::ACK);
    }
}
