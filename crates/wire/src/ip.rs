//! What IPv4 and IPv6 share: an address of either family, the protocol number, and the
//! pseudo-header sum that UDP, TCP and ICMPv6 checksums start from.

use crate::checksum;
use core::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// An IP address of either family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IpAddress {
    /// An IPv4 address.
    V4(Ipv4Addr),
    /// An IPv6 address.
    V6(Ipv6Addr),
}

impl IpAddress {
    /// Whether this is an IPv4 address.
    pub const fn is_ipv4(&self) -> bool {
        matches!(self, IpAddress::V4(_))
    }

    /// The unfolded one's complement sum of the address bytes (see [`checksum::sum`]).
    pub fn sum(&self) -> u32 {
        match self {
            IpAddress::V4(a) => checksum::sum(&a.octets()),
            IpAddress::V6(a) => checksum::sum(&a.octets()),
        }
    }
}

impl From<Ipv4Addr> for IpAddress {
    fn from(a: Ipv4Addr) -> Self {
        IpAddress::V4(a)
    }
}

impl From<Ipv6Addr> for IpAddress {
    fn from(a: Ipv6Addr) -> Self {
        IpAddress::V6(a)
    }
}

impl From<IpAddr> for IpAddress {
    fn from(a: IpAddr) -> Self {
        match a {
            IpAddr::V4(a) => IpAddress::V4(a),
            IpAddr::V6(a) => IpAddress::V6(a),
        }
    }
}

impl From<IpAddress> for IpAddr {
    fn from(a: IpAddress) -> Self {
        match a {
            IpAddress::V4(a) => IpAddr::V4(a),
            IpAddress::V6(a) => IpAddr::V6(a),
        }
    }
}

impl fmt::Display for IpAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IpAddress::V4(a) => a.fmt(f),
            IpAddress::V6(a) => a.fmt(f),
        }
    }
}

/// An IP protocol number (the IPv4 `protocol` / IPv6 `next header` field).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Protocol(pub u8);

impl Protocol {
    /// IPv6 hop-by-hop options.
    pub const HOPOPT: Protocol = Protocol(0);
    /// ICMP for IPv4.
    pub const ICMP: Protocol = Protocol(1);
    /// TCP.
    pub const TCP: Protocol = Protocol(6);
    /// UDP.
    pub const UDP: Protocol = Protocol(17);
    /// ICMP for IPv6.
    pub const ICMPV6: Protocol = Protocol(58);
    /// IPv6 "no next header".
    pub const IPV6_NO_NXT: Protocol = Protocol(59);

    /// A short lowercase name for the well-known protocols.
    pub const fn name(self) -> Option<&'static str> {
        match self.0 {
            0 => Some("hopopt"),
            1 => Some("icmp"),
            6 => Some("tcp"),
            17 => Some("udp"),
            58 => Some("icmpv6"),
            59 => Some("none"),
            _ => None,
        }
    }
}

impl fmt::Display for Protocol {
    /// The decimal protocol number.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl From<u8> for Protocol {
    fn from(v: u8) -> Self {
        Protocol(v)
    }
}

impl From<Protocol> for u8 {
    fn from(p: Protocol) -> Self {
        p.0
    }
}

/// The unfolded sum of the pseudo-header for an upper-layer checksum.
///
/// For IPv4 (RFC 768/793) that is source, destination, zero-padded protocol and the 16-bit
/// upper-layer length; for IPv6 (RFC 8200 §8.1) source, destination, the 32-bit length and the
/// zero-padded next header. Both come to the same sum, so this one function serves both
/// families; `length` is the upper-layer length (header plus payload) in bytes.
pub fn pseudo_header_sum(src: &IpAddress, dst: &IpAddress, protocol: Protocol, length: u32) -> u32 {
    let acc = u64::from(src.sum())
        + u64::from(dst.sum())
        + u64::from(protocol.0)
        + u64::from(length >> 16)
        + u64::from(length & 0xFFFF);
    u32::from(checksum::fold(acc))
}

/// The checksum field value for an upper-layer packet: `!fold(pseudo-header + data)`.
///
/// The result is not adjusted for UDP's "0 is sent as 0xFFFF" rule.
pub(crate) fn upper_layer_checksum(src: &IpAddress, dst: &IpAddress, protocol: Protocol, data: &[u8]) -> u16 {
    let pseudo = pseudo_header_sum(src, dst, protocol, data.len() as u32);
    !checksum::fold(u64::from(pseudo) + u64::from(checksum::sum(data)))
}

/// Whether an upper-layer packet (checksum field included) verifies against its pseudo-header.
pub(crate) fn upper_layer_verifies(src: &IpAddress, dst: &IpAddress, protocol: Protocol, data: &[u8]) -> bool {
    let pseudo = pseudo_header_sum(src, dst, protocol, data.len() as u32);
    checksum::fold(u64::from(pseudo) + u64::from(checksum::sum(data))) == 0xFFFF
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pseudo_header_v4() {
        let src = IpAddress::V4(Ipv4Addr::new(198, 18, 0, 1));
        let dst = IpAddress::V4(Ipv4Addr::new(198, 19, 0, 1));
        // c612 + 0001 + c613 + 0001 + 0011 + 001a, folded.
        let expect = checksum::fold(0xc612 + 0x0001 + 0xc613 + 0x0001 + 0x0011 + 0x001a);
        assert_eq!(pseudo_header_sum(&src, &dst, Protocol::UDP, 26), u32::from(expect));
    }

    #[test]
    fn conversions() {
        let a: IpAddress = IpAddr::from(Ipv4Addr::LOCALHOST).into();
        assert!(a.is_ipv4());
        assert_eq!(a.to_string(), "127.0.0.1");
        assert_eq!(IpAddr::from(a), IpAddr::V4(Ipv4Addr::LOCALHOST));
        assert_eq!(Protocol::UDP.name(), Some("udp"));
        assert_eq!(Protocol(17).to_string(), "17");
    }
}
