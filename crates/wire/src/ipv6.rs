//! IPv6 headers (RFC 8200), fixed header only.
//!
//! ```text
//!  0                   1                   2                   3
//!  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
//! +-------+---------------+---------------------------------------+
//! |Version| Traffic Class |              Flow Label               |
//! +-------+---------------+-------+---------------+---------------+
//! |        Payload Length         |  Next Header  |   Hop Limit   |
//! +-------------------------------+---------------+---------------+
//! |                   Source Address (16 bytes)                   |
//! |                Destination Address (16 bytes)                 |
//! +---------------------------------------------------------------+
//! ```
//!
//! [`Packet`] is a view over a buffer. [`Packet::check_len`] checks that the buffer holds the
//! 40-byte header plus the payload length; after it succeeds (or after
//! [`Packet::new_checked`]) no accessor panics. Bytes beyond the payload length (Ethernet
//! padding) are allowed and ignored by [`Packet::payload`]. Extension headers are not
//! interpreted: they are part of the payload.

use crate::ip::Protocol;
use crate::{be, Error, Result};
use std::net::Ipv6Addr;

/// The length of the fixed IPv6 header.
pub const HEADER_LEN: usize = 40;

/// The largest flow label (20 bits).
pub const FLOW_LABEL_MAX: u32 = 0x000F_FFFF;

mod field {
    use crate::Field;
    pub(super) const VER_TC_FLOW: usize = 0;
    pub(super) const LENGTH: usize = 4;
    pub(super) const NXT_HDR: usize = 6;
    pub(super) const HOP_LIMIT: usize = 7;
    pub(super) const SRC_ADDR: Field = 8..24;
    pub(super) const DST_ADDR: Field = 24..40;
}

/// The fields a generator writes.
pub const FIELDS: &[crate::FieldDesc] = &[
    crate::FieldDesc::bits("tc", field::VER_TC_FLOW, 4, 0x0FF0_0000, 20),
    crate::FieldDesc::bits("flow_label", field::VER_TC_FLOW, 4, 0x000F_FFFF, 0),
    crate::FieldDesc::bytes("hop_limit", field::HOP_LIMIT, 1),
    crate::FieldDesc::bytes("src", field::SRC_ADDR.start, 16),
    crate::FieldDesc::bytes("dst", field::DST_ADDR.start, 16),
];

/// Where the payload length sits.
pub const LENGTH: usize = field::LENGTH;
/// Where the source address sits.
pub const SRC_ADDR: crate::Field = field::SRC_ADDR;
/// Where the destination address sits.
pub const DST_ADDR: crate::Field = field::DST_ADDR;
/// The source and destination addresses: the pseudo-header bytes L4 checksums cover.
pub const ADDRS: crate::Field = field::SRC_ADDR.start..field::DST_ADDR.end;

/// A view over an IPv6 packet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Packet<T: AsRef<[u8]>> {
    buffer: T,
}

fn addr_at(data: &[u8], range: crate::Field) -> Ipv6Addr {
    let mut octets = [0u8; 16];
    octets.copy_from_slice(&data[range]);
    Ipv6Addr::from(octets)
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

    /// [`Error::Truncated`] if the buffer is shorter than 40 bytes plus the payload length.
    /// The version is not checked here (see [`Repr::parse`]).
    pub fn check_len(&self) -> Result<()> {
        let len = self.buffer.as_ref().len();
        if len < HEADER_LEN || HEADER_LEN + usize::from(self.payload_len()) > len {
            Err(Error::Truncated)
        } else {
            Ok(())
        }
    }

    /// The underlying buffer.
    pub fn into_inner(self) -> T {
        self.buffer
    }

    fn first_word(&self) -> u32 {
        be::u32_at(self.buffer.as_ref(), field::VER_TC_FLOW)
    }

    /// The version field (6 for IPv6).
    pub fn version(&self) -> u8 {
        (self.first_word() >> 28) as u8
    }

    /// Traffic class (DSCP and ECN).
    pub fn traffic_class(&self) -> u8 {
        (self.first_word() >> 20) as u8
    }

    /// Flow label (20 bits).
    pub fn flow_label(&self) -> u32 {
        self.first_word() & FLOW_LABEL_MAX
    }

    /// Payload length in bytes (everything after the fixed header).
    pub fn payload_len(&self) -> u16 {
        be::u16_at(self.buffer.as_ref(), field::LENGTH)
    }

    /// The protocol of the next header.
    pub fn next_header(&self) -> Protocol {
        Protocol(self.buffer.as_ref()[field::NXT_HDR])
    }

    /// Hop limit.
    pub fn hop_limit(&self) -> u8 {
        self.buffer.as_ref()[field::HOP_LIMIT]
    }

    /// Source address.
    pub fn src_addr(&self) -> Ipv6Addr {
        addr_at(self.buffer.as_ref(), field::SRC_ADDR)
    }

    /// Destination address.
    pub fn dst_addr(&self) -> Ipv6Addr {
        addr_at(self.buffer.as_ref(), field::DST_ADDR)
    }

    /// The payload: `payload_len` bytes after the fixed header.
    pub fn payload(&self) -> &[u8] {
        &self.buffer.as_ref()[HEADER_LEN..HEADER_LEN + usize::from(self.payload_len())]
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> Packet<T> {
    fn set_first_word(&mut self, value: u32) {
        be::set_u32(self.buffer.as_mut(), field::VER_TC_FLOW, value);
    }

    /// Sets the version field (low 4 bits used).
    pub fn set_version(&mut self, value: u8) {
        let w = (self.first_word() & 0x0FFF_FFFF) | (u32::from(value & 0x0F) << 28);
        self.set_first_word(w);
    }

    /// Sets the traffic class.
    pub fn set_traffic_class(&mut self, value: u8) {
        let w = (self.first_word() & 0xF00F_FFFF) | (u32::from(value) << 20);
        self.set_first_word(w);
    }

    /// Sets the flow label (low 20 bits used).
    pub fn set_flow_label(&mut self, value: u32) {
        let w = (self.first_word() & !FLOW_LABEL_MAX) | (value & FLOW_LABEL_MAX);
        self.set_first_word(w);
    }

    /// Sets the payload length.
    pub fn set_payload_len(&mut self, value: u16) {
        be::set_u16(self.buffer.as_mut(), field::LENGTH, value);
    }

    /// Sets the next header.
    pub fn set_next_header(&mut self, value: Protocol) {
        self.buffer.as_mut()[field::NXT_HDR] = value.0;
    }

    /// Sets the hop limit.
    pub fn set_hop_limit(&mut self, value: u8) {
        self.buffer.as_mut()[field::HOP_LIMIT] = value;
    }

    /// Sets the source address.
    pub fn set_src_addr(&mut self, value: Ipv6Addr) {
        self.buffer.as_mut()[field::SRC_ADDR].copy_from_slice(&value.octets());
    }

    /// Sets the destination address.
    pub fn set_dst_addr(&mut self, value: Ipv6Addr) {
        self.buffer.as_mut()[field::DST_ADDR].copy_from_slice(&value.octets());
    }

    /// The payload, mutably.
    pub fn payload_mut(&mut self) -> &mut [u8] {
        let end = HEADER_LEN + usize::from(self.payload_len());
        &mut self.buffer.as_mut()[HEADER_LEN..end]
    }
}

impl<T: AsRef<[u8]>> AsRef<[u8]> for Packet<T> {
    fn as_ref(&self) -> &[u8] {
        self.buffer.as_ref()
    }
}

/// The fields of the fixed IPv6 header.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Repr {
    /// Source address.
    pub src_addr: Ipv6Addr,
    /// Destination address.
    pub dst_addr: Ipv6Addr,
    /// Protocol of the next header.
    pub next_header: Protocol,
    /// Payload length in bytes.
    pub payload_len: usize,
    /// Hop limit.
    pub hop_limit: u8,
    /// Traffic class.
    pub traffic_class: u8,
    /// Flow label, 0..=0xFFFFF.
    pub flow_label: u32,
}

impl Repr {
    /// Reads the fixed header: runs [`Packet::check_len`], then fails with
    /// [`Error::Malformed`] if the version is not 6. There is no header checksum.
    pub fn parse<T: AsRef<[u8]>>(packet: &Packet<T>) -> Result<Repr> {
        packet.check_len()?;
        if packet.version() != 6 {
            return Err(Error::Malformed);
        }
        Ok(Repr {
            src_addr: packet.src_addr(),
            dst_addr: packet.dst_addr(),
            next_header: packet.next_header(),
            payload_len: usize::from(packet.payload_len()),
            hop_limit: packet.hop_limit(),
            traffic_class: packet.traffic_class(),
            flow_label: packet.flow_label(),
        })
    }

    /// The number of bytes [`Repr::emit`] writes: the 40-byte header (not the payload).
    pub const fn buffer_len(&self) -> usize {
        HEADER_LEN
    }

    /// Writes the fixed header; the flow label is masked to 20 bits. The payload is not
    /// touched.
    ///
    /// # Panics
    ///
    /// Panics if the buffer is shorter than [`HEADER_LEN`] or `payload_len` exceeds 65535.
    pub fn emit<T: AsRef<[u8]> + AsMut<[u8]>>(&self, packet: &mut Packet<T>) {
        let Ok(payload_len) = u16::try_from(self.payload_len) else {
            panic!("ipv6::Repr::emit: payload_len {} too large", self.payload_len)
        };
        packet.set_first_word((6 << 28) | (u32::from(self.traffic_class) << 20) | (self.flow_label & FLOW_LABEL_MAX));
        packet.set_payload_len(payload_len);
        packet.set_next_header(self.next_header);
        packet.set_hop_limit(self.hop_limit);
        packet.set_src_addr(self.src_addr);
        packet.set_dst_addr(self.dst_addr);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // 2001:db8::1 -> 2001:db8::2, UDP, tc 0xb8, flow 0x12345, hop limit 64, 8-byte payload.
    static HEADER: [u8; 40] = [
        0x6b, 0x81, 0x23, 0x45, 0x00, 0x08, 0x11, 0x40, //
        0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x01, //
        0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02,
    ];

    fn repr() -> Repr {
        Repr {
            src_addr: "2001:db8::1".parse().unwrap(),
            dst_addr: "2001:db8::2".parse().unwrap(),
            next_header: Protocol::UDP,
            payload_len: 8,
            hop_limit: 64,
            traffic_class: 0xb8,
            flow_label: 0x12345,
        }
    }

    #[test]
    fn deconstruct() {
        let mut bytes = HEADER.to_vec();
        bytes.extend_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8, 0xee]);
        let p = Packet::new_checked(&bytes[..]).unwrap();
        assert_eq!((p.version(), p.traffic_class(), p.flow_label()), (6, 0xb8, 0x12345));
        assert_eq!((p.payload_len(), p.next_header(), p.hop_limit()), (8, Protocol::UDP, 64));
        assert_eq!(p.payload(), &[1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(Repr::parse(&p).unwrap(), repr());
    }

    #[test]
    fn construct() {
        let mut bytes = [0xa5u8; 48];
        repr().emit(&mut Packet::new_unchecked(&mut bytes[..]));
        assert_eq!(bytes[..40], HEADER);
    }

    #[test]
    fn rejects() {
        let mut bytes = HEADER.to_vec();
        bytes.resize(48, 0);
        assert_eq!(Packet::new_checked(&bytes[..47]).unwrap_err(), Error::Truncated);
        assert_eq!(Packet::new_checked(&bytes[..39]).unwrap_err(), Error::Truncated);
        bytes[0] = 0x4b;
        assert_eq!(Repr::parse(&Packet::new_unchecked(&bytes[..])), Err(Error::Malformed));
    }

    #[test]
    fn setters_keep_other_bits() {
        let mut bytes = HEADER;
        let mut p = Packet::new_unchecked(&mut bytes[..]);
        p.set_traffic_class(0x01);
        assert_eq!((p.version(), p.traffic_class(), p.flow_label()), (6, 0x01, 0x12345));
        p.set_flow_label(0xfffff);
        p.set_version(6);
        assert_eq!((p.version(), p.traffic_class(), p.flow_label()), (6, 0x01, 0xfffff));
    }
}
