//! ICMP for IPv6 (RFC 4443), echo request and reply.
//!
//! The layout is the same as ICMPv4's (type, code, checksum, identifier, sequence number,
//! data) but the checksum also covers the IPv6 pseudo-header (next header 58).
//!
//! [`Packet`] is a view over a buffer holding exactly the ICMPv6 message (the IPv6 payload):
//! the checksum and the data extend to the end of the buffer. [`Packet::check_len`] checks for
//! the 8-byte header; after it succeeds (or after [`Packet::new_checked`]) no accessor panics.

use crate::checksum::ChecksumMode;
use crate::ip::{self, IpAddress, Protocol};
use crate::{be, Error, Result};
use core::fmt;

pub use crate::icmpv4::EchoKind;

/// The length of an ICMPv6 echo header.
pub const HEADER_LEN: usize = 8;

mod field {
    pub(super) const TYPE: usize = 0;
    pub(super) const CODE: usize = 1;
    pub(super) const CHECKSUM: usize = 2;
    pub(super) const IDENT: usize = 4;
    pub(super) const SEQ_NO: usize = 6;
}

/// The fields a generator writes (echo request / reply).
pub const FIELDS: &[crate::FieldDesc] = &[
    crate::FieldDesc::bytes("type", field::TYPE, 1),
    crate::FieldDesc::bytes("code", field::CODE, 1),
    crate::FieldDesc::bytes("id", field::IDENT, 2),
    crate::FieldDesc::bytes("seq", field::SEQ_NO, 2),
];

/// Where the checksum sits.
pub const CHECKSUM: usize = field::CHECKSUM;

/// An ICMPv6 message type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Message(pub u8);

impl Message {
    /// Destination unreachable.
    pub const DST_UNREACHABLE: Message = Message(1);
    /// Packet too big.
    pub const PKT_TOO_BIG: Message = Message(2);
    /// Time exceeded.
    pub const TIME_EXCEEDED: Message = Message(3);
    /// Parameter problem.
    pub const PARAM_PROBLEM: Message = Message(4);
    /// Echo request.
    pub const ECHO_REQUEST: Message = Message(128);
    /// Echo reply.
    pub const ECHO_REPLY: Message = Message(129);
    /// Neighbor solicitation.
    pub const NEIGHBOR_SOLICIT: Message = Message(135);
    /// Neighbor advertisement.
    pub const NEIGHBOR_ADVERT: Message = Message(136);

    /// A short name for the well-known types.
    pub const fn name(self) -> Option<&'static str> {
        match self.0 {
            1 => Some("destination unreachable"),
            2 => Some("packet too big"),
            3 => Some("time exceeded"),
            4 => Some("parameter problem"),
            128 => Some("echo request"),
            129 => Some("echo reply"),
            135 => Some("neighbor solicitation"),
            136 => Some("neighbor advertisement"),
            _ => None,
        }
    }
}

impl fmt::Display for Message {
    /// The decimal type number.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A view over an ICMPv6 message.
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

    /// [`Error::Truncated`] if the buffer is shorter than [`HEADER_LEN`].
    pub fn check_len(&self) -> Result<()> {
        if self.buffer.as_ref().len() < HEADER_LEN {
            Err(Error::Truncated)
        } else {
            Ok(())
        }
    }

    /// The underlying buffer.
    pub fn into_inner(self) -> T {
        self.buffer
    }

    /// The message type.
    pub fn msg_type(&self) -> Message {
        Message(self.buffer.as_ref()[field::TYPE])
    }

    /// The message code.
    pub fn msg_code(&self) -> u8 {
        self.buffer.as_ref()[field::CODE]
    }

    /// The checksum field.
    pub fn checksum(&self) -> u16 {
        be::u16_at(self.buffer.as_ref(), field::CHECKSUM)
    }

    /// The echo identifier (bytes 4..6).
    pub fn echo_ident(&self) -> u16 {
        be::u16_at(self.buffer.as_ref(), field::IDENT)
    }

    /// The echo sequence number (bytes 6..8).
    pub fn echo_seq_no(&self) -> u16 {
        be::u16_at(self.buffer.as_ref(), field::SEQ_NO)
    }

    /// The data after the 8-byte header.
    pub fn data(&self) -> &[u8] {
        &self.buffer.as_ref()[HEADER_LEN..]
    }

    /// Whether the checksum over the pseudo-header and the whole buffer verifies.
    pub fn verify_checksum(&self, src: &IpAddress, dst: &IpAddress) -> bool {
        ip::upper_layer_verifies(src, dst, Protocol::ICMPV6, self.buffer.as_ref())
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> Packet<T> {
    /// Sets the message type.
    pub fn set_msg_type(&mut self, value: Message) {
        self.buffer.as_mut()[field::TYPE] = value.0;
    }

    /// Sets the message code.
    pub fn set_msg_code(&mut self, value: u8) {
        self.buffer.as_mut()[field::CODE] = value;
    }

    /// Sets the checksum field.
    pub fn set_checksum(&mut self, value: u16) {
        be::set_u16(self.buffer.as_mut(), field::CHECKSUM, value);
    }

    /// Sets the echo identifier.
    pub fn set_echo_ident(&mut self, value: u16) {
        be::set_u16(self.buffer.as_mut(), field::IDENT, value);
    }

    /// Sets the echo sequence number.
    pub fn set_echo_seq_no(&mut self, value: u16) {
        be::set_u16(self.buffer.as_mut(), field::SEQ_NO, value);
    }

    /// Computes the checksum over the pseudo-header and the whole buffer and writes it.
    pub fn fill_checksum(&mut self, src: &IpAddress, dst: &IpAddress) {
        self.set_checksum(0);
        let sum = ip::upper_layer_checksum(src, dst, Protocol::ICMPV6, self.buffer.as_ref());
        self.set_checksum(sum);
    }

    /// The data after the header, mutably.
    pub fn data_mut(&mut self) -> &mut [u8] {
        &mut self.buffer.as_mut()[HEADER_LEN..]
    }
}

impl<T: AsRef<[u8]>> AsRef<[u8]> for Packet<T> {
    fn as_ref(&self) -> &[u8] {
        self.buffer.as_ref()
    }
}

/// An ICMPv6 echo request or reply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EchoRepr {
    /// Request or reply.
    pub kind: EchoKind,
    /// Identifier.
    pub ident: u16,
    /// Sequence number.
    pub seq_no: u16,
}

impl EchoRepr {
    /// Reads an echo message: runs [`Packet::check_len`]; fails with [`Error::Checksum`] if
    /// `mode` is [`ChecksumMode::Verify`] and the checksum is wrong for `src`/`dst`,
    /// [`Error::Unsupported`] for a type other than echo request/reply, [`Error::Malformed`]
    /// for a non-zero code.
    pub fn parse<T: AsRef<[u8]>>(
        packet: &Packet<T>,
        src: &IpAddress,
        dst: &IpAddress,
        mode: ChecksumMode,
    ) -> Result<EchoRepr> {
        packet.check_len()?;
        if mode == ChecksumMode::Verify && !packet.verify_checksum(src, dst) {
            return Err(Error::Checksum);
        }
        let kind = match packet.msg_type() {
            Message::ECHO_REQUEST => EchoKind::Request,
            Message::ECHO_REPLY => EchoKind::Reply,
            _ => return Err(Error::Unsupported),
        };
        if packet.msg_code() != 0 {
            return Err(Error::Malformed);
        }
        Ok(EchoRepr { kind, ident: packet.echo_ident(), seq_no: packet.echo_seq_no() })
    }

    /// The message type for this kind.
    pub const fn msg_type(&self) -> Message {
        match self.kind {
            EchoKind::Request => Message::ECHO_REQUEST,
            EchoKind::Reply => Message::ECHO_REPLY,
        }
    }

    /// The number of bytes [`EchoRepr::emit`] writes for `payload_len` bytes of data.
    pub const fn buffer_len(&self, payload_len: usize) -> usize {
        HEADER_LEN + payload_len
    }

    /// Writes the header, lets `fill_payload` write exactly `payload_len` data bytes, then
    /// computes the checksum over the pseudo-header of `src`/`dst` and the first
    /// `8 + payload_len` bytes. Give a buffer of exactly that length so that
    /// [`Packet::verify_checksum`] agrees.
    ///
    /// # Panics
    ///
    /// Panics if the buffer is shorter than `8 + payload_len`.
    pub fn emit<T: AsRef<[u8]> + AsMut<[u8]>>(
        &self,
        packet: &mut Packet<T>,
        src: &IpAddress,
        dst: &IpAddress,
        payload_len: usize,
        fill_payload: impl FnOnce(&mut [u8]),
    ) {
        packet.set_msg_type(self.msg_type());
        packet.set_msg_code(0);
        packet.set_checksum(0);
        packet.set_echo_ident(self.ident);
        packet.set_echo_seq_no(self.seq_no);
        let message = &mut packet.buffer.as_mut()[..HEADER_LEN + payload_len];
        fill_payload(&mut message[HEADER_LEN..]);
        let sum = ip::upper_layer_checksum(src, dst, Protocol::ICMPV6, message);
        packet.set_checksum(sum);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv6Addr;

    const SRC: IpAddress = IpAddress::V6(Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 1));
    const DST: IpAddress = IpAddress::V6(Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 2));

    // Echo request, ident 0x1234, seq 1, data "abcdefgh", 2001:db8::1 -> 2001:db8::2.
    static REQUEST: [u8; 16] =
        [0x80, 0x00, 0x80, 0x75, 0x12, 0x34, 0x00, 0x01, b'a', b'b', b'c', b'd', b'e', b'f', b'g', b'h'];

    const REPR: EchoRepr = EchoRepr { kind: EchoKind::Request, ident: 0x1234, seq_no: 1 };

    #[test]
    fn deconstruct() {
        let p = Packet::new_checked(&REQUEST[..]).unwrap();
        assert_eq!((p.msg_type(), p.msg_code(), p.checksum()), (Message::ECHO_REQUEST, 0, 0x8075));
        assert_eq!((p.echo_ident(), p.echo_seq_no(), p.data()), (0x1234, 1, &b"abcdefgh"[..]));
        assert!(p.verify_checksum(&SRC, &DST));
        assert!(!p.verify_checksum(&DST, &DST));
        assert_eq!(EchoRepr::parse(&p, &SRC, &DST, ChecksumMode::Verify).unwrap(), REPR);
        assert_eq!(EchoRepr::parse(&p, &SRC, &SRC, ChecksumMode::Verify), Err(Error::Checksum));
    }

    #[test]
    fn construct() {
        let mut bytes = [0u8; 16];
        REPR.emit(&mut Packet::new_unchecked(&mut bytes[..]), &SRC, &DST, 8, |d| d.copy_from_slice(b"abcdefgh"));
        assert_eq!(bytes, REQUEST);
    }

    #[test]
    fn reply_round_trip() {
        let reply = EchoRepr { kind: EchoKind::Reply, ..REPR };
        let mut bytes = [0u8; 8];
        let mut p = Packet::new_unchecked(&mut bytes[..]);
        reply.emit(&mut p, &SRC, &DST, 0, |_| ());
        assert_eq!(p.msg_type(), Message::ECHO_REPLY);
        assert_eq!(EchoRepr::parse(&p, &SRC, &DST, ChecksumMode::Verify).unwrap(), reply);
        assert_eq!(Packet::new_checked(&bytes[..7]).unwrap_err(), Error::Truncated);
    }
}
