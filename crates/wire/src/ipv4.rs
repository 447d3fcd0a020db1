//! IPv4 headers (RFC 791).
//!
//! ```text
//!  0                   1                   2                   3
//!  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
//! +-------+-------+-----------+---+-------------------------------+
//! |Version|  IHL  |   DSCP    |ECN|          Total Length         |
//! +-------+-------+-----------+---+-+-+-+-------------------------+
//! |         Identification        |0|D|M|    Fragment Offset      |
//! +---------------+---------------+-+-+-+-------------------------+
//! |      TTL      |   Protocol    |        Header Checksum        |
//! +---------------+---------------+-------------------------------+
//! |                        Source Address                         |
//! |                      Destination Address                      |
//! +---------------------------------------------------------------+
//! ```
//!
//! [`Packet`] is a view over a buffer. [`Packet::check_len`] checks that the buffer holds the
//! fixed header, that the IHL is at least 5 and the header fits, and that the total length is
//! at least the header length and fits in the buffer; after it succeeds (or after
//! [`Packet::new_checked`]) no accessor panics. Bytes beyond the total length (Ethernet
//! padding) are allowed and ignored by [`Packet::payload`].
//!
//! [`Repr`] covers option-less, unfragmented packets; [`Repr::emit`] writes a 20-byte header
//! with a correct checksum.

use crate::checksum::{self, ChecksumMode};
use crate::{be, Error, Result};
use std::net::Ipv4Addr;

pub use crate::ip::Protocol;

/// The length of an IPv4 header without options.
pub const HEADER_LEN: usize = 20;

mod field {
    use crate::Field;
    pub(super) const VER_IHL: usize = 0;
    pub(super) const DSCP_ECN: usize = 1;
    pub(super) const LENGTH: usize = 2;
    pub(super) const IDENT: usize = 4;
    pub(super) const FLG_OFF: usize = 6;
    pub(super) const TTL: usize = 8;
    pub(super) const PROTOCOL: usize = 9;
    pub(super) const CHECKSUM: usize = 10;
    pub(super) const SRC_ADDR: Field = 12..16;
    pub(super) const DST_ADDR: Field = 16..20;
}

/// The fields a generator writes.
pub const FIELDS: &[crate::FieldDesc] = &[
    crate::FieldDesc::bytes("tos", field::DSCP_ECN, 1),
    crate::FieldDesc::bytes("id", field::IDENT, 2),
    crate::FieldDesc::bytes("ttl", field::TTL, 1),
    crate::FieldDesc::bytes("src", field::SRC_ADDR.start, 4),
    crate::FieldDesc::bytes("dst", field::DST_ADDR.start, 4),
];

/// Where the header checksum sits (it covers the header).
pub const CHECKSUM: usize = field::CHECKSUM;
/// Where the total length sits.
pub const LENGTH: usize = field::LENGTH;
/// Where the identification sits.
pub const IDENT: usize = field::IDENT;
/// The source and destination addresses: the pseudo-header bytes L4 checksums cover.
pub const ADDRS: crate::Field = field::SRC_ADDR.start..field::DST_ADDR.end;

/// A view over an IPv4 packet.
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

    /// Checks the buffer against the header and the length fields.
    ///
    /// [`Error::Truncated`] if the buffer is shorter than 20 bytes, than the header length or
    /// than the total length; [`Error::Malformed`] if the IHL is below 5 or the total length
    /// below the header length. The version is not checked here (see [`Repr::parse`]).
    pub fn check_len(&self) -> Result<()> {
        let len = self.buffer.as_ref().len();
        if len < HEADER_LEN {
            return Err(Error::Truncated);
        }
        let header_len = usize::from(self.header_len());
        if header_len < HEADER_LEN {
            return Err(Error::Malformed);
        }
        if header_len > len {
            return Err(Error::Truncated);
        }
        let total_len = usize::from(self.total_len());
        if total_len < header_len {
            return Err(Error::Malformed);
        }
        if total_len > len {
            return Err(Error::Truncated);
        }
        Ok(())
    }

    /// The underlying buffer.
    pub fn into_inner(self) -> T {
        self.buffer
    }

    /// The version field (4 for IPv4).
    pub fn version(&self) -> u8 {
        self.buffer.as_ref()[field::VER_IHL] >> 4
    }

    /// The IHL field: the header length in 32-bit words.
    pub fn ihl(&self) -> u8 {
        self.buffer.as_ref()[field::VER_IHL] & 0x0F
    }

    /// The header length in bytes (`ihl * 4`).
    pub fn header_len(&self) -> u8 {
        self.ihl() * 4
    }

    /// The whole second byte: DSCP and ECN, the former "type of service".
    pub fn tos(&self) -> u8 {
        self.buffer.as_ref()[field::DSCP_ECN]
    }

    /// Differentiated services code point (6 bits).
    pub fn dscp(&self) -> u8 {
        self.tos() >> 2
    }

    /// Explicit congestion notification (2 bits).
    pub fn ecn(&self) -> u8 {
        self.tos() & 0x03
    }

    /// Total length of the packet (header plus payload) in bytes.
    pub fn total_len(&self) -> u16 {
        be::u16_at(self.buffer.as_ref(), field::LENGTH)
    }

    /// Identification.
    pub fn ident(&self) -> u16 {
        be::u16_at(self.buffer.as_ref(), field::IDENT)
    }

    /// The "don't fragment" flag.
    pub fn dont_frag(&self) -> bool {
        be::u16_at(self.buffer.as_ref(), field::FLG_OFF) & 0x4000 != 0
    }

    /// The "more fragments" flag.
    pub fn more_frags(&self) -> bool {
        be::u16_at(self.buffer.as_ref(), field::FLG_OFF) & 0x2000 != 0
    }

    /// The fragment offset in bytes (the field counts 8-byte units; this is multiplied out).
    pub fn frag_offset(&self) -> u16 {
        (be::u16_at(self.buffer.as_ref(), field::FLG_OFF) & 0x1FFF) << 3
    }

    /// Time to live.
    pub fn ttl(&self) -> u8 {
        self.buffer.as_ref()[field::TTL]
    }

    /// The protocol of the payload.
    pub fn protocol(&self) -> Protocol {
        Protocol(self.buffer.as_ref()[field::PROTOCOL])
    }

    /// The header checksum field.
    pub fn checksum(&self) -> u16 {
        be::u16_at(self.buffer.as_ref(), field::CHECKSUM)
    }

    /// Source address.
    pub fn src_addr(&self) -> Ipv4Addr {
        let b = &self.buffer.as_ref()[field::SRC_ADDR];
        Ipv4Addr::new(b[0], b[1], b[2], b[3])
    }

    /// Destination address.
    pub fn dst_addr(&self) -> Ipv4Addr {
        let b = &self.buffer.as_ref()[field::DST_ADDR];
        Ipv4Addr::new(b[0], b[1], b[2], b[3])
    }

    /// The header bytes, options included.
    pub fn header(&self) -> &[u8] {
        &self.buffer.as_ref()[..usize::from(self.header_len())]
    }

    /// The options bytes (empty when the IHL is 5).
    pub fn options(&self) -> &[u8] {
        &self.buffer.as_ref()[HEADER_LEN..usize::from(self.header_len())]
    }

    /// Whether the header checksum verifies.
    pub fn verify_checksum(&self) -> bool {
        checksum::data(self.header()) == 0xFFFF
    }

    /// The payload: from the end of the header to the total length.
    pub fn payload(&self) -> &[u8] {
        &self.buffer.as_ref()[usize::from(self.header_len())..usize::from(self.total_len())]
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> Packet<T> {
    /// Sets the version field.
    pub fn set_version(&mut self, value: u8) {
        let b = &mut self.buffer.as_mut()[field::VER_IHL];
        *b = (*b & 0x0F) | (value << 4);
    }

    /// Sets the header length in bytes; it is stored divided by 4.
    pub fn set_header_len(&mut self, value: u8) {
        let b = &mut self.buffer.as_mut()[field::VER_IHL];
        *b = (*b & 0xF0) | ((value / 4) & 0x0F);
    }

    /// Sets the whole DSCP/ECN byte.
    pub fn set_tos(&mut self, value: u8) {
        self.buffer.as_mut()[field::DSCP_ECN] = value;
    }

    /// Sets the DSCP (low 6 bits used).
    pub fn set_dscp(&mut self, value: u8) {
        let tos = (self.tos() & 0x03) | (value << 2);
        self.set_tos(tos);
    }

    /// Sets the ECN (low 2 bits used).
    pub fn set_ecn(&mut self, value: u8) {
        let tos = (self.tos() & !0x03) | (value & 0x03);
        self.set_tos(tos);
    }

    /// Sets the total length.
    pub fn set_total_len(&mut self, value: u16) {
        be::set_u16(self.buffer.as_mut(), field::LENGTH, value);
    }

    /// Sets the identification.
    pub fn set_ident(&mut self, value: u16) {
        be::set_u16(self.buffer.as_mut(), field::IDENT, value);
    }

    fn set_flg_off_bits(&mut self, mask: u16, bits: u16) {
        let raw = be::u16_at(self.buffer.as_ref(), field::FLG_OFF);
        be::set_u16(self.buffer.as_mut(), field::FLG_OFF, (raw & !mask) | (bits & mask));
    }

    /// Sets the "don't fragment" flag.
    pub fn set_dont_frag(&mut self, value: bool) {
        self.set_flg_off_bits(0x4000, if value { 0x4000 } else { 0 });
    }

    /// Sets the "more fragments" flag.
    pub fn set_more_frags(&mut self, value: bool) {
        self.set_flg_off_bits(0x2000, if value { 0x2000 } else { 0 });
    }

    /// Sets the fragment offset in bytes (a multiple of 8; the low 3 bits are dropped).
    pub fn set_frag_offset(&mut self, value: u16) {
        self.set_flg_off_bits(0x1FFF, value >> 3);
    }

    /// Sets the time to live.
    pub fn set_ttl(&mut self, value: u8) {
        self.buffer.as_mut()[field::TTL] = value;
    }

    /// Sets the protocol.
    pub fn set_protocol(&mut self, value: Protocol) {
        self.buffer.as_mut()[field::PROTOCOL] = value.0;
    }

    /// Sets the checksum field.
    pub fn set_checksum(&mut self, value: u16) {
        be::set_u16(self.buffer.as_mut(), field::CHECKSUM, value);
    }

    /// Sets the source address.
    pub fn set_src_addr(&mut self, value: Ipv4Addr) {
        self.buffer.as_mut()[field::SRC_ADDR].copy_from_slice(&value.octets());
    }

    /// Sets the destination address.
    pub fn set_dst_addr(&mut self, value: Ipv4Addr) {
        self.buffer.as_mut()[field::DST_ADDR].copy_from_slice(&value.octets());
    }

    /// Computes the header checksum and writes it.
    pub fn fill_checksum(&mut self) {
        self.set_checksum(0);
        let sum = checksum::data(self.header());
        self.set_checksum(!sum);
    }

    /// The payload, mutably: from the end of the header to the total length.
    pub fn payload_mut(&mut self) -> &mut [u8] {
        let range = usize::from(self.header_len())..usize::from(self.total_len());
        &mut self.buffer.as_mut()[range]
    }
}

impl<T: AsRef<[u8]>> AsRef<[u8]> for Packet<T> {
    fn as_ref(&self) -> &[u8] {
        self.buffer.as_ref()
    }
}

/// The fields of an option-less, unfragmented IPv4 header.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Repr {
    /// Source address.
    pub src_addr: Ipv4Addr,
    /// Destination address.
    pub dst_addr: Ipv4Addr,
    /// Protocol of the payload.
    pub protocol: Protocol,
    /// Payload length in bytes (total length minus header length).
    pub payload_len: usize,
    /// Time to live.
    pub ttl: u8,
    /// The DSCP/ECN byte.
    pub tos: u8,
    /// Identification.
    pub ident: u16,
    /// The "don't fragment" flag.
    pub dont_frag: bool,
}

impl Repr {
    /// Reads an IPv4 header.
    ///
    /// Runs [`Packet::check_len`], then fails with [`Error::Malformed`] if the version is not 4,
    /// with [`Error::Checksum`] if `mode` is [`ChecksumMode::Verify`] and the header checksum is
    /// wrong, and with [`Error::Unsupported`] for a fragment (MF set or non-zero offset).
    /// Options are accepted and dropped; `payload_len` is the total length minus the header
    /// length, options included.
    pub fn parse<T: AsRef<[u8]>>(packet: &Packet<T>, mode: ChecksumMode) -> Result<Repr> {
        packet.check_len()?;
        if packet.version() != 4 {
            return Err(Error::Malformed);
        }
        if mode == ChecksumMode::Verify && !packet.verify_checksum() {
            return Err(Error::Checksum);
        }
        if packet.more_frags() || packet.frag_offset() != 0 {
            return Err(Error::Unsupported);
        }
        Ok(Repr {
            src_addr: packet.src_addr(),
            dst_addr: packet.dst_addr(),
            protocol: packet.protocol(),
            payload_len: usize::from(packet.total_len()) - usize::from(packet.header_len()),
            ttl: packet.ttl(),
            tos: packet.tos(),
            ident: packet.ident(),
            dont_frag: packet.dont_frag(),
        })
    }

    /// The number of bytes [`Repr::emit`] writes: the 20-byte header (not the payload).
    pub const fn buffer_len(&self) -> usize {
        HEADER_LEN
    }

    /// The total length of the packet: header plus payload.
    pub const fn total_len(&self) -> usize {
        HEADER_LEN + self.payload_len
    }

    /// Writes a 20-byte header (IHL 5, no options, fragment offset 0) with a correct checksum.
    /// The payload is not touched.
    ///
    /// # Panics
    ///
    /// Panics if the buffer is shorter than [`HEADER_LEN`] or if `payload_len` exceeds
    /// `65535 - 20`.
    pub fn emit<T: AsRef<[u8]> + AsMut<[u8]>>(&self, packet: &mut Packet<T>) {
        let Ok(total_len) = u16::try_from(self.total_len()) else {
            panic!("ipv4::Repr::emit: payload_len {} too large", self.payload_len)
        };
        packet.set_version(4);
        packet.set_header_len(HEADER_LEN as u8);
        packet.set_tos(self.tos);
        packet.set_total_len(total_len);
        packet.set_ident(self.ident);
        packet.set_flg_off_bits(0xFFFF, if self.dont_frag { 0x4000 } else { 0 });
        packet.set_ttl(self.ttl);
        packet.set_protocol(self.protocol);
        packet.set_src_addr(self.src_addr);
        packet.set_dst_addr(self.dst_addr);
        packet.fill_checksum();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // 198.18.0.1 -> 198.19.0.1, UDP, ttl 64, ident 0, no flags, 26-byte payload.
    static HEADER: [u8; 20] = [
        0x45, 0x00, 0x00, 0x2e, 0x00, 0x00, 0x00, 0x00, 0x40, 0x11, 0xee, 0x97, 0xc6, 0x12, 0x00, 0x01, 0xc6, 0x13,
        0x00, 0x01,
    ];

    fn repr() -> Repr {
        Repr {
            src_addr: Ipv4Addr::new(198, 18, 0, 1),
            dst_addr: Ipv4Addr::new(198, 19, 0, 1),
            protocol: Protocol::UDP,
            payload_len: 26,
            ttl: 64,
            tos: 0,
            ident: 0,
            dont_frag: false,
        }
    }

    fn packet_bytes() -> Vec<u8> {
        let mut v = HEADER.to_vec();
        v.resize(46, 0);
        v
    }

    #[test]
    fn deconstruct() {
        let bytes = packet_bytes();
        let p = Packet::new_checked(&bytes[..]).unwrap();
        assert_eq!((p.version(), p.ihl(), p.header_len()), (4, 5, 20));
        assert_eq!((p.dscp(), p.ecn(), p.total_len(), p.ident()), (0, 0, 46, 0));
        assert_eq!((p.dont_frag(), p.more_frags(), p.frag_offset()), (false, false, 0));
        assert_eq!((p.ttl(), p.protocol(), p.checksum()), (64, Protocol::UDP, 0xee97));
        assert!(p.verify_checksum());
        assert_eq!(p.payload().len(), 26);
        assert!(p.options().is_empty());
        assert_eq!(Repr::parse(&p, ChecksumMode::Verify).unwrap(), repr());
    }

    #[test]
    fn construct() {
        let mut bytes = vec![0xa5; 46];
        let mut p = Packet::new_unchecked(&mut bytes[..]);
        repr().emit(&mut p);
        p.payload_mut().fill(0);
        assert_eq!(bytes, packet_bytes());
    }

    #[test]
    fn parse_rejects() {
        let mut bytes = packet_bytes();
        bytes[10] ^= 1;
        let p = Packet::new_checked(&bytes[..]).unwrap();
        assert_eq!(Repr::parse(&p, ChecksumMode::Verify), Err(Error::Checksum));
        assert_eq!(Repr::parse(&p, ChecksumMode::Ignore).unwrap(), repr());

        let mut bytes = packet_bytes();
        bytes[0] = 0x65;
        assert_eq!(Repr::parse(&Packet::new_unchecked(&bytes[..]), ChecksumMode::Ignore), Err(Error::Malformed));
        bytes[0] = 0x44;
        assert_eq!(Packet::new_checked(&bytes[..]).unwrap_err(), Error::Malformed);
        bytes[0] = 0x4f;
        assert_eq!(Packet::new_checked(&bytes[..]).unwrap_err(), Error::Truncated);

        let bytes = packet_bytes();
        assert_eq!(Packet::new_checked(&bytes[..45]).unwrap_err(), Error::Truncated);
        assert_eq!(Packet::new_checked(&bytes[..19]).unwrap_err(), Error::Truncated);
        let mut bytes = packet_bytes();
        bytes[3] = 19;
        assert_eq!(Packet::new_checked(&bytes[..]).unwrap_err(), Error::Malformed);

        let mut bytes = packet_bytes();
        Packet::new_unchecked(&mut bytes[..]).set_more_frags(true);
        Packet::new_unchecked(&mut bytes[..]).fill_checksum();
        assert_eq!(Repr::parse(&Packet::new_unchecked(&bytes[..]), ChecksumMode::Verify), Err(Error::Unsupported));
    }

    #[test]
    fn padding_is_ignored() {
        let mut bytes = packet_bytes();
        bytes.extend_from_slice(&[0xee; 14]);
        let p = Packet::new_checked(&bytes[..]).unwrap();
        assert_eq!(p.payload().len(), 26);
        assert_eq!(Repr::parse(&p, ChecksumMode::Verify).unwrap(), repr());
    }

    #[test]
    fn setters() {
        let mut bytes = packet_bytes();
        let mut p = Packet::new_checked(&mut bytes[..]).unwrap();
        p.set_dscp(46);
        p.set_ecn(3);
        p.set_dont_frag(true);
        p.set_frag_offset(1480);
        assert_eq!((p.dscp(), p.ecn(), p.tos()), (46, 3, 0xbb));
        assert_eq!((p.dont_frag(), p.more_frags(), p.frag_offset()), (true, false, 1480));
        p.fill_checksum();
        assert!(p.verify_checksum());
    }
}
