//! Neighbour resolution frames: ARP (RFC 826) for IPv4 and Neighbor Discovery
//! (RFC 4861) for IPv6. Pure builders and parsers; the sockets are the port crate's.
//!
//! - [`arp_request`] / [`arp_reply_from`]: a broadcast who-has, and the sender MAC of a
//!   reply (or gratuitous announcement) whose sender protocol address is the target.
//! - [`nd_solicit`] / [`nd_advert_from`]: a Neighbor Solicitation to the target's
//!   solicited-node multicast group with our link-layer address option, and the MAC in a
//!   Neighbor Advertisement for the target (its target link-layer option, else the
//!   Ethernet source).
//! - [`arp_request_from`] / [`arp_reply`], [`nd_solicit_from`] / [`nd_advert`]: the other
//!   side, answering for an address of ours.

use crate::checksum;
use crate::ip::{pseudo_header_sum, IpAddress, Protocol};
use std::net::{Ipv4Addr, Ipv6Addr};

/// EtherType of ARP.
pub const ETHERTYPE_ARP: u16 = 0x0806;
/// EtherType of IPv6.
pub const ETHERTYPE_IPV6: u16 = 0x86DD;

/// A broadcast ARP request from (`mac`, `ip`) asking for `target` (60 bytes: padded to
/// the Ethernet minimum).
pub fn arp_request(mac: [u8; 6], ip: Ipv4Addr, target: Ipv4Addr) -> Vec<u8> {
    let mut f = Vec::with_capacity(60);
    f.extend_from_slice(&[0xff; 6]);
    f.extend_from_slice(&mac);
    f.extend_from_slice(&ETHERTYPE_ARP.to_be_bytes());
    f.extend_from_slice(&[0, 1, 0x08, 0x00, 6, 4, 0, 1]); // Ethernet, IPv4, request
    f.extend_from_slice(&mac);
    f.extend_from_slice(&ip.octets());
    f.extend_from_slice(&[0; 6]);
    f.extend_from_slice(&target.octets());
    f.resize(60, 0);
    f
}

/// The sender MAC of an ARP reply (or announcement) for `target`, if `frame` is one.
pub fn arp_reply_from(frame: &[u8], target: Ipv4Addr) -> Option<[u8; 6]> {
    arp_sender(frame).filter(|(ip, _)| *ip == target).map(|(_, mac)| mac)
}

/// The sender's address and MAC of an ARP reply or request (either tells who has the
/// address), if `frame` is one and the MAC is not zero.
pub fn arp_sender(frame: &[u8]) -> Option<(Ipv4Addr, [u8; 6])> {
    if frame.len() < 42 || frame[12..14] != ETHERTYPE_ARP.to_be_bytes() {
        return None;
    }
    let a = &frame[14..42];
    if a[0..6] != [0, 1, 0x08, 0x00, 6, 4] || a[7] != 2 && a[7] != 1 {
        return None;
    }
    let mut mac = [0; 6];
    mac.copy_from_slice(&a[8..14]);
    (mac != [0; 6]).then_some((Ipv4Addr::new(a[14], a[15], a[16], a[17]), mac))
}

/// An ARP request's sender MAC, sender address and target address, if `frame` is one.
pub fn arp_request_from(frame: &[u8]) -> Option<([u8; 6], Ipv4Addr, Ipv4Addr)> {
    if frame.len() < 42 || frame[12..14] != ETHERTYPE_ARP.to_be_bytes() {
        return None;
    }
    let a = &frame[14..42];
    if a[0..6] != [0, 1, 0x08, 0x00, 6, 4] || a[6..8] != [0, 1] {
        return None;
    }
    let mut mac = [0; 6];
    mac.copy_from_slice(&a[8..14]);
    let sender = Ipv4Addr::new(a[14], a[15], a[16], a[17]);
    let target = Ipv4Addr::new(a[24], a[25], a[26], a[27]);
    Some((mac, sender, target))
}

/// An ARP reply from (`mac`, `ip`) to (`to_mac`, `to_ip`) (60 bytes).
pub fn arp_reply(mac: [u8; 6], ip: Ipv4Addr, to_mac: [u8; 6], to_ip: Ipv4Addr) -> Vec<u8> {
    let mut f = Vec::with_capacity(60);
    f.extend_from_slice(&to_mac);
    f.extend_from_slice(&mac);
    f.extend_from_slice(&ETHERTYPE_ARP.to_be_bytes());
    f.extend_from_slice(&[0, 1, 0x08, 0x00, 6, 4, 0, 2]); // Ethernet, IPv4, reply
    f.extend_from_slice(&mac);
    f.extend_from_slice(&ip.octets());
    f.extend_from_slice(&to_mac);
    f.extend_from_slice(&to_ip.octets());
    f.resize(60, 0);
    f
}

/// The solicited-node multicast address of `ip` (ff02::1:ffXX:XXXX).
pub fn solicited_node(ip: Ipv6Addr) -> Ipv6Addr {
    let o = ip.octets();
    Ipv6Addr::new(0xff02, 0, 0, 0, 0, 1, 0xff00 | u16::from(o[13]), u16::from_be_bytes([o[14], o[15]]))
}

/// A Neighbor Solicitation from (`mac`, `ip`) for `target`.
pub fn nd_solicit(mac: [u8; 6], ip: Ipv6Addr, target: Ipv6Addr) -> Vec<u8> {
    let dst_ip = solicited_node(target);
    let d = dst_ip.octets();
    let dst_mac = [0x33, 0x33, d[12], d[13], d[14], d[15]];
    // ICMPv6: type 135, code 0, checksum, reserved, target, option 1 (source link-layer).
    let mut icmp = vec![135, 0, 0, 0, 0, 0, 0, 0];
    icmp.extend_from_slice(&target.octets());
    icmp.extend_from_slice(&[1, 1]);
    icmp.extend_from_slice(&mac);
    nd_frame(mac, ip, dst_mac, dst_ip, icmp)
}

/// An ICMPv6 Neighbor Discovery message (`icmp`, its checksum field zero) in IPv6 and
/// Ethernet from (`mac`, `ip`) to (`dst_mac`, `dst_ip`), its checksum filled in.
fn nd_frame(mac: [u8; 6], ip: Ipv6Addr, dst_mac: [u8; 6], dst_ip: Ipv6Addr, mut icmp: Vec<u8>) -> Vec<u8> {
    let ph = pseudo_header_sum(&IpAddress::V6(ip), &IpAddress::V6(dst_ip), Protocol::ICMPV6, icmp.len() as u32);
    let c = !checksum::fold(u64::from(ph) + u64::from(checksum::sum(&icmp)));
    icmp[2..4].copy_from_slice(&c.to_be_bytes());
    let mut f = Vec::with_capacity(14 + 40 + icmp.len());
    f.extend_from_slice(&dst_mac);
    f.extend_from_slice(&mac);
    f.extend_from_slice(&ETHERTYPE_IPV6.to_be_bytes());
    f.extend_from_slice(&[0x60, 0, 0, 0]);
    f.extend_from_slice(&(icmp.len() as u16).to_be_bytes());
    f.extend_from_slice(&[58, 255]); // next header ICMPv6, hop limit 255 (RFC 4861 7.1.1)
    f.extend_from_slice(&ip.octets());
    f.extend_from_slice(&dst_ip.octets());
    f.extend_from_slice(&icmp);
    f
}

/// The MAC announced for `target` if `frame` is a Neighbor Advertisement of it.
pub fn nd_advert_from(frame: &[u8], target: Ipv6Addr) -> Option<[u8; 6]> {
    nd_advert_sender(frame).filter(|(ip, _)| *ip == target).map(|(_, mac)| mac)
}

/// A Neighbor Advertisement's target address and the MAC it gives (its target
/// link-layer option, else the Ethernet source), if `frame` is one.
pub fn nd_advert_sender(frame: &[u8]) -> Option<(Ipv6Addr, [u8; 6])> {
    if frame.len() < 14 + 40 + 24 || frame[12..14] != ETHERTYPE_IPV6.to_be_bytes() || frame[20] != 58 {
        return None;
    }
    let icmp = &frame[54..];
    if icmp[0] != 136 || icmp[1] != 0 {
        return None;
    }
    let mut target = [0; 16];
    target.copy_from_slice(&icmp[8..24]);
    let target = Ipv6Addr::from(target);
    let mut opts = &icmp[24..];
    while opts.len() >= 8 {
        let len = usize::from(opts[1]) * 8;
        if len == 0 || len > opts.len() {
            break;
        }
        if opts[0] == 2 {
            let mut mac = [0; 6];
            mac.copy_from_slice(&opts[2..8]);
            return Some((target, mac));
        }
        opts = &opts[len..];
    }
    let mut mac = [0; 6];
    mac.copy_from_slice(&frame[6..12]);
    Some((target, mac))
}

/// A Neighbor Solicitation's sender MAC (its source link-layer option, else the Ethernet
/// source), sender address (`::` while it checks its own, RFC 4862) and target, if
/// `frame` is one.
pub fn nd_solicit_from(frame: &[u8]) -> Option<([u8; 6], Ipv6Addr, Ipv6Addr)> {
    if frame.len() < 14 + 40 + 24 || frame[12..14] != ETHERTYPE_IPV6.to_be_bytes() || frame[20] != 58 {
        return None;
    }
    let icmp = &frame[54..];
    if icmp[0] != 135 || icmp[1] != 0 || frame[21] != 255 {
        return None;
    }
    let mut src = [0; 16];
    src.copy_from_slice(&frame[22..38]);
    let (sender, target) = (Ipv6Addr::from(src), Ipv6Addr::from(icmp_target(icmp)));
    let mut mac = [0; 6];
    mac.copy_from_slice(&frame[6..12]);
    let mut opts = &icmp[24..];
    while opts.len() >= 8 {
        let len = usize::from(opts[1]) * 8;
        if len == 0 || len > opts.len() {
            break;
        }
        if opts[0] == 1 {
            mac.copy_from_slice(&opts[2..8]);
        }
        opts = &opts[len..];
    }
    Some((mac, sender, target))
}

fn icmp_target(icmp: &[u8]) -> [u8; 16] {
    let mut a = [0; 16];
    a.copy_from_slice(&icmp[8..24]);
    a
}

/// A Neighbor Advertisement of (`mac`, `ip`) answering a solicitation from (`to_mac`,
/// `to_ip`): solicited and override, with the target link-layer option; to all nodes
/// (ff02::1) when the solicitation came from `::` (RFC 4861 7.2.4).
pub fn nd_advert(mac: [u8; 6], ip: Ipv6Addr, to_mac: [u8; 6], to_ip: Ipv6Addr) -> Vec<u8> {
    let dad = to_ip.is_unspecified();
    let (dst_mac, dst_ip) =
        if dad { ([0x33, 0x33, 0, 0, 0, 1], Ipv6Addr::new(0xff02, 0, 0, 0, 0, 0, 0, 1)) } else { (to_mac, to_ip) };
    // ICMPv6: type 136, code 0, checksum, flags (S unless to all nodes, O), target, option 2.
    let mut icmp = vec![136, 0, 0, 0, if dad { 0x20 } else { 0x60 }, 0, 0, 0];
    icmp.extend_from_slice(&ip.octets());
    icmp.extend_from_slice(&[2, 1]);
    icmp.extend_from_slice(&mac);
    nd_frame(mac, ip, dst_mac, dst_ip, icmp)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAC: [u8; 6] = [2, 0, 0, 0, 0, 1];

    #[test]
    fn arp_request_bytes_and_reply_parse() {
        let f = arp_request(MAC, Ipv4Addr::new(198, 18, 1, 1), Ipv4Addr::new(198, 18, 1, 254));
        assert_eq!(f.len(), 60);
        assert_eq!(&f[..14], &[0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 2, 0, 0, 0, 0, 1, 8, 6]);
        assert_eq!(
            &f[14..42],
            &[0, 1, 8, 0, 6, 4, 0, 1, 2, 0, 0, 0, 0, 1, 198, 18, 1, 1, 0, 0, 0, 0, 0, 0, 198, 18, 1, 254]
        );
        // The reply the gateway would send.
        let mut r = f.clone();
        r[21] = 2;
        r[22..28].copy_from_slice(&[2, 0, 0, 0, 0, 0xfe]);
        r[28..32].copy_from_slice(&[198, 18, 1, 254]);
        assert_eq!(arp_reply_from(&r, Ipv4Addr::new(198, 18, 1, 254)), Some([2, 0, 0, 0, 0, 0xfe]));
        assert_eq!(arp_reply_from(&r, Ipv4Addr::new(198, 18, 1, 253)), None);
        assert_eq!(arp_reply_from(&r[..41], Ipv4Addr::new(198, 18, 1, 254)), None);
        // Our own request names us, not the target.
        assert_eq!(arp_reply_from(&f, Ipv4Addr::new(198, 18, 1, 254)), None);
    }

    #[test]
    fn nd_solicit_is_well_formed() {
        let me: Ipv6Addr = "2001:2::1".parse().unwrap();
        let target: Ipv6Addr = "2001:2::1:2:3".parse().unwrap();
        assert_eq!(solicited_node(target), "ff02::1:ff02:3".parse::<Ipv6Addr>().unwrap());
        let f = nd_solicit(MAC, me, target);
        assert_eq!(&f[..6], &[0x33, 0x33, 0xff, 0x02, 0x00, 0x03]);
        assert_eq!(f.len(), 14 + 40 + 32);
        // The checksum verifies: pseudo-header + ICMPv6 sums to 0xffff.
        let icmp = &f[54..];
        let ph = pseudo_header_sum(
            &IpAddress::V6(me),
            &IpAddress::V6(solicited_node(target)),
            Protocol::ICMPV6,
            icmp.len() as u32,
        );
        assert_eq!(checksum::fold(u64::from(ph) + u64::from(checksum::sum(icmp))), 0xffff);
        // An advertisement with a target link-layer option.
        let mut na = f.clone();
        na[6..12].copy_from_slice(&[2, 0, 0, 0, 0, 9]);
        na[54] = 136;
        na[78] = 2;
        na[80..86].copy_from_slice(&[2, 0, 0, 0, 0, 7]);
        assert_eq!(nd_advert_from(&na, target), Some([2, 0, 0, 0, 0, 7]));
        assert_eq!(nd_advert_from(&na, me), None);
        assert_eq!(nd_advert_from(&f, target), None, "a solicitation is not an answer");
    }

    #[test]
    fn a_solicitation_reads_and_its_advertisement_answers_it() {
        let me: Ipv6Addr = "2001:2::1".parse().unwrap();
        let target: Ipv6Addr = "2001:2::2".parse().unwrap();
        let ns = nd_solicit(MAC, me, target);
        assert_eq!(nd_solicit_from(&ns), Some((MAC, me, target)));
        assert_eq!(nd_solicit_from(&ns[..70]), None);
        let theirs = [2, 0, 0, 0, 0, 2];
        let na = nd_advert(theirs, target, MAC, me);
        assert_eq!(nd_advert_from(&na, target), Some(theirs));
        assert_eq!((&na[..6], na[58]), (&MAC[..], 0x60));
        let icmp = &na[54..];
        let ph = pseudo_header_sum(&IpAddress::V6(target), &IpAddress::V6(me), Protocol::ICMPV6, icmp.len() as u32);
        assert_eq!(checksum::fold(u64::from(ph) + u64::from(checksum::sum(icmp))), 0xffff);
        assert_eq!(nd_solicit_from(&na), None, "an advertisement is no solicitation");
        // Duplicate address detection: from ::, answered to all nodes, not solicited.
        let dad = nd_advert(theirs, target, MAC, Ipv6Addr::UNSPECIFIED);
        assert_eq!((&dad[..6], dad[58]), (&[0x33, 0x33, 0, 0, 0, 1][..], 0x20));
    }

    #[test]
    fn answers_what_it_reads() {
        let me = [2, 0, 0, 0, 0, 1];
        let req = arp_request(me, Ipv4Addr::new(198, 18, 1, 1), Ipv4Addr::new(198, 18, 1, 10));
        let (mac, sender, target) = arp_request_from(&req).unwrap();
        assert_eq!((mac, sender, target), (me, Ipv4Addr::new(198, 18, 1, 1), Ipv4Addr::new(198, 18, 1, 10)));
        let them = [2, 0, 0, 0, 0, 9];
        let reply = arp_reply(them, target, mac, sender);
        assert_eq!(arp_reply_from(&reply, target), Some(them));
        assert_eq!(arp_request_from(&reply), None);
    }
}
