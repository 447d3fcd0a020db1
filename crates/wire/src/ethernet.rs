//! Ethernet II frames.
//!
//! ```text
//!  0                   6                  12        14
//! +-------------------+-------------------+---------+---------
//! |  destination MAC  |    source MAC     |  type   | payload
//! +-------------------+-------------------+---------+---------
//! ```
//!
//! [`Frame`] is a view over a buffer; after [`Frame::new_checked`] (or a successful
//! [`Frame::check_len`]) no accessor panics. [`Repr`] holds the header fields.
//! The frame check sequence is not part of the buffer.

use crate::{be, Error, Result};
use core::fmt;
use core::str::FromStr;

/// The length of an Ethernet II header.
pub const HEADER_LEN: usize = 14;

mod field {
    use crate::{Field, Rest};
    pub(super) const DESTINATION: Field = 0..6;
    pub(super) const SOURCE: Field = 6..12;
    pub(super) const ETHERTYPE: usize = 12;
    pub(super) const PAYLOAD: Rest = 14..;
}

/// The fields a generator writes.
pub const FIELDS: &[crate::FieldDesc] = &[
    crate::FieldDesc::bytes("dst", field::DESTINATION.start, 6),
    crate::FieldDesc::bytes("src", field::SOURCE.start, 6),
    crate::FieldDesc::bytes("type", field::ETHERTYPE, 2),
];

/// Where the EtherType sits (after a VLAN tag is inserted here, it is the tag's TPID).
pub const ETHERTYPE: usize = field::ETHERTYPE;

/// A 48-bit Ethernet (MAC) address.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct EthernetAddress(pub [u8; 6]);

impl EthernetAddress {
    /// The broadcast address `ff:ff:ff:ff:ff:ff`.
    pub const BROADCAST: EthernetAddress = EthernetAddress([0xff; 6]);

    /// The address from the first six bytes of `data`.
    ///
    /// # Panics
    ///
    /// Panics if `data` is shorter than six bytes.
    pub fn from_bytes(data: &[u8]) -> EthernetAddress {
        let mut bytes = [0u8; 6];
        bytes.copy_from_slice(&data[..6]);
        EthernetAddress(bytes)
    }

    /// The six address bytes.
    pub const fn as_bytes(&self) -> &[u8; 6] {
        &self.0
    }

    /// Whether the group bit (least significant bit of the first byte) is set; true for
    /// broadcast too.
    pub const fn is_multicast(&self) -> bool {
        self.0[0] & 0x01 != 0
    }

    /// Whether this is `ff:ff:ff:ff:ff:ff`.
    pub fn is_broadcast(&self) -> bool {
        *self == Self::BROADCAST
    }

    /// Whether this is a unicast address (group bit clear).
    pub const fn is_unicast(&self) -> bool {
        !self.is_multicast()
    }

    /// Whether the locally administered bit is set.
    pub const fn is_local(&self) -> bool {
        self.0[0] & 0x02 != 0
    }
}

impl fmt::Display for EthernetAddress {
    /// Lowercase, colon separated: `02:00:00:00:00:01`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = &self.0;
        write!(f, "{:02x}:{:02x}:{:02x}:{:02x}:{:02x}:{:02x}", b[0], b[1], b[2], b[3], b[4], b[5])
    }
}

/// The error from parsing an [`EthernetAddress`]; its message says what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "invalid MAC address {input:?}: expected six two-digit hex bytes separated by ':' or '-', like 02:00:00:00:00:01"
)]
pub struct ParseEthernetAddressError {
    input: String,
}

impl FromStr for EthernetAddress {
    type Err = ParseEthernetAddressError;

    /// Parses `02:00:00:00:00:01` or `02-00-00-00-00-01` (hex digits of either case; one
    /// separator kind throughout).
    fn from_str(s: &str) -> core::result::Result<Self, Self::Err> {
        let err = || ParseEthernetAddressError { input: s.to_owned() };
        let sep = if s.contains(':') { ':' } else { '-' };
        let mut bytes = [0u8; 6];
        let mut parts = s.split(sep);
        for byte in &mut bytes {
            let part = parts.next().ok_or_else(err)?;
            if part.len() != 2 || !part.bytes().all(|c| c.is_ascii_hexdigit()) {
                return Err(err());
            }
            *byte = u8::from_str_radix(part, 16).map_err(|_| err())?;
        }
        if parts.next().is_some() {
            return Err(err());
        }
        Ok(EthernetAddress(bytes))
    }
}

/// An EtherType (or, after a VLAN tag, the encapsulated protocol).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EtherType(pub u16);

impl EtherType {
    /// IPv4.
    pub const IPV4: EtherType = EtherType(0x0800);
    /// ARP.
    pub const ARP: EtherType = EtherType(0x0806);
    /// IPv6.
    pub const IPV6: EtherType = EtherType(0x86DD);
    /// An 802.1Q customer VLAN tag follows (C-tag TPID).
    pub const VLAN: EtherType = EtherType(0x8100);
    /// An 802.1ad service VLAN tag follows (S-tag TPID, "QinQ").
    pub const QINQ: EtherType = EtherType(0x88A8);
    /// MPLS unicast.
    pub const MPLS: EtherType = EtherType(0x8847);
    /// MPLS multicast.
    pub const MPLS_MULTICAST: EtherType = EtherType(0x8848);

    /// A short name for the well-known types.
    pub const fn name(self) -> Option<&'static str> {
        match self.0 {
            0x0800 => Some("ipv4"),
            0x0806 => Some("arp"),
            0x86DD => Some("ipv6"),
            0x8100 => Some("vlan"),
            0x88A8 => Some("qinq"),
            0x8847 => Some("mpls"),
            0x8848 => Some("mpls-multicast"),
            _ => None,
        }
    }
}

impl fmt::Display for EtherType {
    /// Four lowercase hex digits: `0x0800`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#06x}", self.0)
    }
}

impl From<u16> for EtherType {
    fn from(v: u16) -> Self {
        EtherType(v)
    }
}

impl From<EtherType> for u16 {
    fn from(t: EtherType) -> Self {
        t.0
    }
}

/// A view over an Ethernet II frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Frame<T: AsRef<[u8]>> {
    buffer: T,
}

impl<T: AsRef<[u8]>> Frame<T> {
    /// Wraps a buffer without checking it; see the module docs for the contract.
    pub const fn new_unchecked(buffer: T) -> Frame<T> {
        Frame { buffer }
    }

    /// Wraps a buffer and checks its length: no accessor panics afterwards.
    pub fn new_checked(buffer: T) -> Result<Frame<T>> {
        let frame = Self::new_unchecked(buffer);
        frame.check_len()?;
        Ok(frame)
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

    /// The destination address.
    pub fn dst_addr(&self) -> EthernetAddress {
        EthernetAddress::from_bytes(&self.buffer.as_ref()[field::DESTINATION])
    }

    /// The source address.
    pub fn src_addr(&self) -> EthernetAddress {
        EthernetAddress::from_bytes(&self.buffer.as_ref()[field::SOURCE])
    }

    /// The EtherType.
    pub fn ethertype(&self) -> EtherType {
        EtherType(be::u16_at(self.buffer.as_ref(), field::ETHERTYPE))
    }

    /// The bytes after the header (up to the end of the buffer).
    pub fn payload(&self) -> &[u8] {
        &self.buffer.as_ref()[field::PAYLOAD]
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> Frame<T> {
    /// Sets the destination address.
    pub fn set_dst_addr(&mut self, value: EthernetAddress) {
        self.buffer.as_mut()[field::DESTINATION].copy_from_slice(&value.0);
    }

    /// Sets the source address.
    pub fn set_src_addr(&mut self, value: EthernetAddress) {
        self.buffer.as_mut()[field::SOURCE].copy_from_slice(&value.0);
    }

    /// Sets the EtherType.
    pub fn set_ethertype(&mut self, value: EtherType) {
        be::set_u16(self.buffer.as_mut(), field::ETHERTYPE, value.0);
    }

    /// The bytes after the header, mutably.
    pub fn payload_mut(&mut self) -> &mut [u8] {
        &mut self.buffer.as_mut()[field::PAYLOAD]
    }
}

impl<T: AsRef<[u8]>> AsRef<[u8]> for Frame<T> {
    fn as_ref(&self) -> &[u8] {
        self.buffer.as_ref()
    }
}

/// The fields of an Ethernet II header.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Repr {
    /// Source address.
    pub src: EthernetAddress,
    /// Destination address.
    pub dst: EthernetAddress,
    /// EtherType.
    pub ethertype: EtherType,
}

impl Repr {
    /// Reads the header; fails only if the frame is shorter than [`HEADER_LEN`].
    pub fn parse<T: AsRef<[u8]>>(frame: &Frame<T>) -> Result<Repr> {
        frame.check_len()?;
        Ok(Repr { src: frame.src_addr(), dst: frame.dst_addr(), ethertype: frame.ethertype() })
    }

    /// The number of bytes [`Repr::emit`] writes: [`HEADER_LEN`].
    pub const fn buffer_len(&self) -> usize {
        HEADER_LEN
    }

    /// Writes the header into the first [`HEADER_LEN`] bytes of `frame`.
    ///
    /// # Panics
    ///
    /// Panics if the buffer is shorter than [`HEADER_LEN`].
    pub fn emit<T: AsRef<[u8]> + AsMut<[u8]>>(&self, frame: &mut Frame<T>) {
        frame.set_dst_addr(self.dst);
        frame.set_src_addr(self.src);
        frame.set_ethertype(self.ethertype);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static FRAME: [u8; 18] = [
        0x02, 0x00, 0x00, 0x00, 0x00, 0x02, // dst
        0x02, 0x00, 0x00, 0x00, 0x00, 0x01, // src
        0x08, 0x00, // IPv4
        0xaa, 0xbb, 0xcc, 0xdd, // payload
    ];

    fn repr() -> Repr {
        Repr {
            src: EthernetAddress([2, 0, 0, 0, 0, 1]),
            dst: EthernetAddress([2, 0, 0, 0, 0, 2]),
            ethertype: EtherType::IPV4,
        }
    }

    #[test]
    fn deconstruct() {
        let frame = Frame::new_checked(&FRAME[..]).unwrap();
        assert_eq!(frame.dst_addr().to_string(), "02:00:00:00:00:02");
        assert_eq!(frame.src_addr().to_string(), "02:00:00:00:00:01");
        assert_eq!(frame.ethertype(), EtherType::IPV4);
        assert_eq!(frame.payload(), &[0xaa, 0xbb, 0xcc, 0xdd]);
        assert_eq!(Repr::parse(&frame).unwrap(), repr());
    }

    #[test]
    fn construct() {
        let mut bytes = [0u8; 18];
        let mut frame = Frame::new_unchecked(&mut bytes[..]);
        repr().emit(&mut frame);
        frame.payload_mut().copy_from_slice(&[0xaa, 0xbb, 0xcc, 0xdd]);
        assert_eq!(bytes, FRAME);
    }

    #[test]
    fn truncated() {
        assert_eq!(Frame::new_checked(&FRAME[..13]).unwrap_err(), Error::Truncated);
        assert!(Frame::new_checked(&FRAME[..14]).unwrap().payload().is_empty());
    }

    #[test]
    fn address_parse_and_display() {
        let a: EthernetAddress = "02:00:00:00:00:01".parse().unwrap();
        assert_eq!(a, EthernetAddress([2, 0, 0, 0, 0, 1]));
        let b: EthernetAddress = "0A-1b-2C-3d-4E-5f".parse().unwrap();
        assert_eq!(b.to_string(), "0a:1b:2c:3d:4e:5f");
        for bad in [
            "",
            "02:00:00:00:00",
            "02:00:00:00:00:01:02",
            "2:0:0:0:0:1",
            "02:00-00:00:00:01",
            "0g:00:00:00:00:01",
            "+2:00:00:00:00:01",
        ] {
            let err = bad.parse::<EthernetAddress>().unwrap_err();
            assert!(err.to_string().contains("expected six two-digit hex bytes"), "{bad}: {err}");
        }
        assert!(EthernetAddress::BROADCAST.is_multicast());
        assert!(EthernetAddress::BROADCAST.is_broadcast());
        assert!(!a.is_multicast());
        assert!(a.is_unicast() && a.is_local());
        assert!("01:00:5e:00:00:01".parse::<EthernetAddress>().unwrap().is_multicast());
    }

    #[test]
    fn ethertype_display() {
        assert_eq!(EtherType::IPV6.to_string(), "0x86dd");
        assert_eq!(EtherType::QINQ.name(), Some("qinq"));
    }
}
