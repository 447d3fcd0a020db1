//! UDP datagrams (RFC 768).
//!
//! ```text
//!  0                   1                   2                   3
//!  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
//! +-------------------------------+-------------------------------+
//! |          Source Port          |       Destination Port        |
//! +-------------------------------+-------------------------------+
//! |            Length             |           Checksum            |
//! +-------------------------------+-------------------------------+
//! ```
//!
//! [`Packet`] is a view over a buffer holding the IP payload. [`Packet::check_len`] checks that
//! the buffer holds the 8-byte header, that the length field is at least 8 and that it fits in
//! the buffer; after it succeeds (or after [`Packet::new_checked`]) no accessor panics.
//!
//! The checksum covers the pseudo-header (see [`crate::ip::pseudo_header_sum`]), the header and
//! the payload, up to the length field. A computed checksum of `0x0000` is transmitted as
//! `0xFFFF`; a transmitted `0x0000` means "no checksum", which is allowed over IPv4 only.

use crate::checksum::ChecksumMode;
use crate::ip::{self, IpAddress, Protocol};
use crate::{be, Error, Result};

/// The length of a UDP header.
pub const HEADER_LEN: usize = 8;

mod field {
    pub(super) const SRC_PORT: usize = 0;
    pub(super) const DST_PORT: usize = 2;
    pub(super) const LENGTH: usize = 4;
    pub(super) const CHECKSUM: usize = 6;
}

/// The fields a generator writes.
pub const FIELDS: &[crate::FieldDesc] =
    &[crate::FieldDesc::bytes("sport", field::SRC_PORT, 2), crate::FieldDesc::bytes("dport", field::DST_PORT, 2)];

/// Where the length sits.
pub const LENGTH: usize = field::LENGTH;
/// Where the checksum sits (over the pseudo header and the datagram; 0: none, IPv4 only).
pub const CHECKSUM: usize = field::CHECKSUM;

/// A computed UDP checksum as it is transmitted: `0x0000` (which would mean "no
/// checksum") goes out as `0xFFFF`, its one's complement twin (RFC 768).
#[inline(always)]
pub const fn transmitted(computed: u16) -> u16 {
    if computed == 0 {
        0xFFFF
    } else {
        computed
    }
}

/// Applies an incremental checksum update to a UDP checksum field.
///
/// `update` is the RFC 1624 update (e.g. `|c| checksum::update16(c, old, new)`). A field of
/// `0x0000` means "no checksum" (IPv4 only) and is returned unchanged; an updated value of
/// `0x0000` is returned as `0xFFFF`, as a full computation would transmit it.
pub fn update_checksum_field(field: u16, update: impl FnOnce(u16) -> u16) -> u16 {
    if field == 0 {
        return 0;
    }
    transmitted(update(field))
}

/// A view over a UDP datagram.
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

    /// [`Error::Truncated`] if the buffer is shorter than 8 bytes or than the length field;
    /// [`Error::Malformed`] if the length field is below 8.
    pub fn check_len(&self) -> Result<()> {
        let len = self.buffer.as_ref().len();
        if len < HEADER_LEN {
            return Err(Error::Truncated);
        }
        let field_len = usize::from(self.len());
        if field_len < HEADER_LEN {
            Err(Error::Malformed)
        } else if field_len > len {
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

    /// The length field: header plus payload, in bytes.
    pub fn len(&self) -> u16 {
        be::u16_at(self.buffer.as_ref(), field::LENGTH)
    }

    /// Whether the payload is empty (the length field is at most 8).
    pub fn is_empty(&self) -> bool {
        usize::from(self.len()) <= HEADER_LEN
    }

    /// The checksum field.
    pub fn checksum(&self) -> u16 {
        be::u16_at(self.buffer.as_ref(), field::CHECKSUM)
    }

    /// The datagram up to the length field.
    fn datagram(&self) -> &[u8] {
        &self.buffer.as_ref()[..usize::from(self.len())]
    }

    /// The payload: from the end of the header to the length field.
    pub fn payload(&self) -> &[u8] {
        &self.buffer.as_ref()[HEADER_LEN..usize::from(self.len())]
    }

    /// Whether the checksum verifies against the pseudo-header of `src` and `dst`.
    ///
    /// A zero checksum field ("no checksum") verifies over IPv4 and fails over IPv6.
    pub fn verify_checksum(&self, src: &IpAddress, dst: &IpAddress) -> bool {
        if self.checksum() == 0 {
            return src.is_ipv4();
        }
        ip::upper_layer_verifies(src, dst, Protocol::UDP, self.datagram())
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

    /// Sets the length field.
    pub fn set_len(&mut self, value: u16) {
        be::set_u16(self.buffer.as_mut(), field::LENGTH, value);
    }

    /// Sets the checksum field.
    pub fn set_checksum(&mut self, value: u16) {
        be::set_u16(self.buffer.as_mut(), field::CHECKSUM, value);
    }

    /// Computes the checksum over the pseudo-header and the datagram (up to the length field)
    /// and writes it, `0x0000` replaced by `0xFFFF`.
    pub fn fill_checksum(&mut self, src: &IpAddress, dst: &IpAddress) {
        self.set_checksum(0);
        let sum = ip::upper_layer_checksum(src, dst, Protocol::UDP, self.datagram());
        self.set_checksum(transmitted(sum));
    }

    /// The payload, mutably.
    pub fn payload_mut(&mut self) -> &mut [u8] {
        let end = usize::from(self.len());
        &mut self.buffer.as_mut()[HEADER_LEN..end]
    }
}

impl<T: AsRef<[u8]>> AsRef<[u8]> for Packet<T> {
    fn as_ref(&self) -> &[u8] {
        self.buffer.as_ref()
    }
}

/// The fields of a UDP header that are not derived from the payload.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Repr {
    /// Source port.
    pub src_port: u16,
    /// Destination port.
    pub dst_port: u16,
}

impl Repr {
    /// Reads a UDP header: runs [`Packet::check_len`], then, if `mode` is
    /// [`ChecksumMode::Verify`], fails with [`Error::Checksum`] unless
    /// [`Packet::verify_checksum`] passes for `src` and `dst`.
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
        Ok(Repr { src_port: packet.src_port(), dst_port: packet.dst_port() })
    }

    /// The number of bytes [`Repr::emit`] writes for a payload of `payload_len` bytes.
    pub const fn buffer_len(&self, payload_len: usize) -> usize {
        HEADER_LEN + payload_len
    }

    /// Writes the header, lets `fill_payload` write the `payload_len` payload bytes, then
    /// computes the checksum over the pseudo-header of `src`/`dst`, header and payload.
    ///
    /// `fill_payload` receives exactly `payload_len` bytes (their previous content is left as
    /// it was). The checksum is always filled (`0xFFFF` in place of a computed zero).
    ///
    /// # Panics
    ///
    /// Panics if the buffer is shorter than `8 + payload_len` or that exceeds 65535.
    pub fn emit<T: AsRef<[u8]> + AsMut<[u8]>>(
        &self,
        packet: &mut Packet<T>,
        src: &IpAddress,
        dst: &IpAddress,
        payload_len: usize,
        fill_payload: impl FnOnce(&mut [u8]),
    ) {
        let Ok(len) = u16::try_from(HEADER_LEN + payload_len) else {
            panic!("udp::Repr::emit: payload_len {payload_len} too large")
        };
        packet.set_src_port(self.src_port);
        packet.set_dst_port(self.dst_port);
        packet.set_len(len);
        fill_payload(packet.payload_mut());
        packet.fill_checksum(src, dst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::{Ipv4Addr, Ipv6Addr};

    const SRC4: IpAddress = IpAddress::V4(Ipv4Addr::new(198, 18, 0, 1));
    const DST4: IpAddress = IpAddress::V4(Ipv4Addr::new(198, 19, 0, 1));
    const SRC6: IpAddress = IpAddress::V6(Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 1));
    const DST6: IpAddress = IpAddress::V6(Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 2));

    // 1025 -> 12, 18 zero bytes, over 198.18.0.1 -> 198.19.0.1.
    static DATAGRAM4: [u8; 26] =
        [0x04, 0x01, 0x00, 0x0c, 0x00, 0x1a, 0x6f, 0x85, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];

    // 1025 -> 12, payload "riptide!", over 2001:db8::1 -> 2001:db8::2.
    static DATAGRAM6: [u8; 16] =
        [0x04, 0x01, 0x00, 0x0c, 0x00, 0x10, 0xee, 0xe8, b'r', b'i', b'p', b't', b'i', b'd', b'e', b'!'];

    const REPR: Repr = Repr { src_port: 1025, dst_port: 12 };

    #[test]
    fn deconstruct_v4() {
        let p = Packet::new_checked(&DATAGRAM4[..]).unwrap();
        assert_eq!((p.src_port(), p.dst_port(), p.len(), p.checksum()), (1025, 12, 26, 0x6f85));
        assert_eq!(p.payload(), &[0; 18]);
        assert!(p.verify_checksum(&SRC4, &DST4));
        assert!(!p.verify_checksum(&DST4, &DST4));
        assert_eq!(Repr::parse(&p, &SRC4, &DST4, ChecksumMode::Verify).unwrap(), REPR);
        assert_eq!(Repr::parse(&p, &SRC4, &SRC4, ChecksumMode::Verify), Err(Error::Checksum));
        assert_eq!(Repr::parse(&p, &SRC4, &SRC4, ChecksumMode::Ignore).unwrap(), REPR);
    }

    #[test]
    fn construct_v4() {
        let mut bytes = [0xa5u8; 26];
        let mut p = Packet::new_unchecked(&mut bytes[..]);
        REPR.emit(&mut p, &SRC4, &DST4, 18, |payload| payload.fill(0));
        assert_eq!(bytes, DATAGRAM4);
    }

    #[test]
    fn round_trip_v6() {
        let p = Packet::new_checked(&DATAGRAM6[..]).unwrap();
        assert!(p.verify_checksum(&SRC6, &DST6));
        assert_eq!(Repr::parse(&p, &SRC6, &DST6, ChecksumMode::Verify).unwrap(), REPR);
        let mut bytes = [0u8; 16];
        REPR.emit(&mut Packet::new_unchecked(&mut bytes[..]), &SRC6, &DST6, 8, |p| p.copy_from_slice(b"riptide!"));
        assert_eq!(bytes, DATAGRAM6);
    }

    #[test]
    fn zero_checksum() {
        let mut bytes = DATAGRAM4;
        bytes[6..8].copy_from_slice(&[0, 0]);
        let p = Packet::new_checked(&bytes[..]).unwrap();
        assert!(p.verify_checksum(&SRC4, &DST4), "no checksum is fine over IPv4");
        assert!(!p.verify_checksum(&SRC6, &DST6), "but not over IPv6");
    }

    #[test]
    fn computed_zero_is_sent_as_ffff() {
        // Choose the payload word so that the one's complement sum of everything is 0xFFFF.
        let mut bytes = [0u8; 10];
        let mut p = Packet::new_unchecked(&mut bytes[..]);
        REPR.emit(&mut p, &SRC4, &DST4, 2, |b| b.fill(0));
        let word = p.checksum(); // makes the total sum 0xFFFF when placed in the payload
        REPR.emit(&mut p, &SRC4, &DST4, 2, |b| b.copy_from_slice(&word.to_be_bytes()));
        assert_eq!(p.checksum(), 0xffff);
        assert!(p.verify_checksum(&SRC4, &DST4));
    }

    #[test]
    fn lengths() {
        assert_eq!(Packet::new_checked(&DATAGRAM4[..7]).unwrap_err(), Error::Truncated);
        assert_eq!(Packet::new_checked(&DATAGRAM4[..25]).unwrap_err(), Error::Truncated);
        let mut bytes = DATAGRAM4;
        bytes[5] = 7;
        assert_eq!(Packet::new_checked(&bytes[..]).unwrap_err(), Error::Malformed);
        bytes[5] = 8;
        assert!(Packet::new_checked(&bytes[..]).unwrap().is_empty());
        assert_eq!(REPR.buffer_len(18), 26);
    }
}
