//! An ARP packet (RFC 826) for IPv4 over Ethernet, as it follows its EtherType (0x0806):
//!
//! ```text
//!  0        2        4    5    6        8            14       18           24       28
//!  | htype  | ptype  |hlen|plen|  oper  |    sha     |  spa   |    tha     |  tpa   |
//! ```
//!
//! [`Repr`] holds the fields a generator sets and [`Repr::emit`] writes them; [`FIELDS`]
//! names them for the field engine. ARP carries no checksum. (The resolver's own
//! requests and replies are [`crate::neighbor`]'s.)

use crate::ethernet::EthernetAddress;
use std::net::Ipv4Addr;

/// Bytes of an Ethernet/IPv4 ARP packet.
pub const HEADER_LEN: usize = 28;
/// The request operation.
pub const REQUEST: u16 = 1;
/// The reply operation.
pub const REPLY: u16 = 2;

mod field {
    pub(super) const HTYPE: usize = 0;
    pub(super) const PTYPE: usize = 2;
    pub(super) const HLEN: usize = 4;
    pub(super) const PLEN: usize = 5;
    pub(super) const OPER: usize = 6;
    pub(super) const SHA: usize = 8;
    pub(super) const SPA: usize = 14;
    pub(super) const THA: usize = 18;
    pub(super) const TPA: usize = 24;
}

/// The fields a generator writes, by tshark's and scapy's short names (`arp.op`,
/// `arp.psrc` is `spa` here as in RFC 826).
pub const FIELDS: &[crate::FieldDesc] = &[
    crate::FieldDesc::bytes("htype", field::HTYPE, 2),
    crate::FieldDesc::bytes("ptype", field::PTYPE, 2),
    crate::FieldDesc::bytes("hlen", field::HLEN, 1),
    crate::FieldDesc::bytes("plen", field::PLEN, 1),
    crate::FieldDesc::bytes("op", field::OPER, 2),
    crate::FieldDesc::bytes("sha", field::SHA, 6),
    crate::FieldDesc::bytes("spa", field::SPA, 4),
    crate::FieldDesc::bytes("tha", field::THA, 6),
    crate::FieldDesc::bytes("tpa", field::TPA, 4),
];

/// An Ethernet/IPv4 ARP packet's fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Repr {
    /// Operation: [`REQUEST`], [`REPLY`] or any other number.
    pub op: u16,
    /// Sender hardware address.
    pub sha: EthernetAddress,
    /// Sender protocol address.
    pub spa: Ipv4Addr,
    /// Target hardware address.
    pub tha: EthernetAddress,
    /// Target protocol address.
    pub tpa: Ipv4Addr,
}

impl Repr {
    /// Writes the packet into the first [`HEADER_LEN`] bytes of `buf` (nothing if it is
    /// shorter).
    pub fn emit(&self, buf: &mut [u8]) {
        let Some(b) = buf.get_mut(..HEADER_LEN) else { return };
        b[field::HTYPE..field::HTYPE + 2].copy_from_slice(&1u16.to_be_bytes());
        b[field::PTYPE..field::PTYPE + 2].copy_from_slice(&0x0800u16.to_be_bytes());
        b[field::HLEN] = 6;
        b[field::PLEN] = 4;
        b[field::OPER..field::OPER + 2].copy_from_slice(&self.op.to_be_bytes());
        b[field::SHA..field::SHA + 6].copy_from_slice(&self.sha.0);
        b[field::SPA..field::SPA + 4].copy_from_slice(&self.spa.octets());
        b[field::THA..field::THA + 6].copy_from_slice(&self.tha.0);
        b[field::TPA..field::TPA + 4].copy_from_slice(&self.tpa.octets());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_is_the_resolvers_bytes() {
        let (mac, ip, target) = ([2, 0, 0, 0, 0, 1], Ipv4Addr::new(198, 18, 1, 1), Ipv4Addr::new(198, 18, 1, 254));
        let mut b = [0u8; HEADER_LEN];
        Repr { op: REQUEST, sha: EthernetAddress(mac), spa: ip, tha: EthernetAddress([0; 6]), tpa: target }
            .emit(&mut b);
        assert_eq!(b[..], crate::neighbor::arp_request(mac, ip, target)[14..14 + HEADER_LEN]);
        let mut short = [0u8; 10];
        Repr { op: REPLY, sha: EthernetAddress(mac), spa: ip, tha: EthernetAddress(mac), tpa: ip }.emit(&mut short);
        assert_eq!(short, [0; 10], "too short: nothing written");
        // The decoder (`riptide debug`) names the fields.
        let d = crate::decode(&crate::neighbor::arp_request(mac, ip, target));
        assert_eq!(d.names(), ["eth", "arp", "padding"], "{d:?}");
        let a = d.layer("arp").unwrap();
        assert_eq!((a.get("op"), a.get("spa"), a.get("tpa")), (Some("1"), Some("198.18.1.1"), Some("198.18.1.254")));
        assert_eq!(a.get("sha"), Some("02:00:00:00:00:01"));
    }
}
