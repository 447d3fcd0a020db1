//! ICMP and ICMPv6 echo (ping) for emulated devices: the requests a device sends (OTG's
//! ping action), the replies it gives to requests for its addresses, and recognising a
//! reply. Frames are Ethernet II, IPv4 without options, checksums filled in.

use crate::checksum;
use crate::ip::{pseudo_header_sum, IpAddress, Protocol};
use crate::neighbor::ETHERTYPE_IPV6;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// EtherType of IPv4.
pub const ETHERTYPE_IPV4: u16 = 0x0800;

/// The bytes an echo request carries after its identifier and sequence number.
const PAYLOAD: &[u8] = b"riptide echo 0123456789abcdef";

fn ethernet(dst: [u8; 6], src: [u8; 6], ethertype: u16, cap: usize) -> Vec<u8> {
    let mut f = Vec::with_capacity(14 + cap);
    f.extend_from_slice(&dst);
    f.extend_from_slice(&src);
    f.extend_from_slice(&ethertype.to_be_bytes());
    f
}

/// An IPv4 packet of `icmp` (its checksum field zero, filled in here) in a frame.
fn v4(mac: [u8; 6], ip: Ipv4Addr, dst_mac: [u8; 6], dst: Ipv4Addr, mut icmp: Vec<u8>) -> Vec<u8> {
    let c = !checksum::data(&icmp);
    icmp[2..4].copy_from_slice(&c.to_be_bytes());
    let mut h = [0u8; 20];
    h[0] = 0x45;
    h[2..4].copy_from_slice(&((20 + icmp.len()) as u16).to_be_bytes());
    h[8] = 64;
    h[9] = Protocol::ICMP.0;
    h[12..16].copy_from_slice(&ip.octets());
    h[16..20].copy_from_slice(&dst.octets());
    let c = !checksum::data(&h);
    h[10..12].copy_from_slice(&c.to_be_bytes());
    let mut f = ethernet(dst_mac, mac, ETHERTYPE_IPV4, 20 + icmp.len());
    f.extend_from_slice(&h);
    f.extend_from_slice(&icmp);
    f
}

/// An IPv6 packet of `icmp` (ICMPv6, its checksum field zero, filled in here) in a frame.
fn v6(mac: [u8; 6], ip: Ipv6Addr, dst_mac: [u8; 6], dst: Ipv6Addr, mut icmp: Vec<u8>) -> Vec<u8> {
    let ph = pseudo_header_sum(&IpAddress::V6(ip), &IpAddress::V6(dst), Protocol::ICMPV6, icmp.len() as u32);
    let c = !checksum::fold(u64::from(ph) + u64::from(checksum::sum(&icmp)));
    icmp[2..4].copy_from_slice(&c.to_be_bytes());
    let mut f = ethernet(dst_mac, mac, ETHERTYPE_IPV6, 40 + icmp.len());
    f.extend_from_slice(&[0x60, 0, 0, 0]);
    f.extend_from_slice(&(icmp.len() as u16).to_be_bytes());
    f.extend_from_slice(&[Protocol::ICMPV6.0, 64]);
    f.extend_from_slice(&ip.octets());
    f.extend_from_slice(&dst.octets());
    f.extend_from_slice(&icmp);
    f
}

/// An echo request from (`mac`, `ip`) to (`dst_mac`, `dst`): ICMP type 8 or ICMPv6 type
/// 128 by the addresses' version (`None` when they are of two versions).
pub fn request(mac: [u8; 6], ip: IpAddr, dst_mac: [u8; 6], dst: IpAddr, id: u16, seq: u16) -> Option<Vec<u8>> {
    let body = |kind: u8| {
        let mut icmp = vec![kind, 0, 0, 0];
        icmp.extend_from_slice(&id.to_be_bytes());
        icmp.extend_from_slice(&seq.to_be_bytes());
        icmp.extend_from_slice(PAYLOAD);
        icmp
    };
    match (ip, dst) {
        (IpAddr::V4(a), IpAddr::V4(b)) => Some(v4(mac, a, dst_mac, b, body(8))),
        (IpAddr::V6(a), IpAddr::V6(b)) => Some(v6(mac, a, dst_mac, b, body(128))),
        _ => None,
    }
}

/// The IP packet of `frame` (IPv4 without options or IPv6) carrying ICMP or ICMPv6:
/// source, destination and the ICMP message.
fn icmp_of(frame: &[u8]) -> Option<(IpAddr, IpAddr, &[u8])> {
    let ethertype = u16::from_be_bytes([*frame.get(12)?, *frame.get(13)?]);
    if ethertype == ETHERTYPE_IPV4 {
        let h = frame.get(14..34)?;
        let total = usize::from(u16::from_be_bytes([h[2], h[3]]));
        if h[0] != 0x45 || h[9] != Protocol::ICMP.0 || h[6] & 0x3f != 0 || h[7] != 0 || total < 28 {
            return None;
        }
        let src = Ipv4Addr::new(h[12], h[13], h[14], h[15]);
        let dst = Ipv4Addr::new(h[16], h[17], h[18], h[19]);
        Some((src.into(), dst.into(), frame.get(34..14 + total)?))
    } else if ethertype == ETHERTYPE_IPV6 {
        let h = frame.get(14..54)?;
        let len = usize::from(u16::from_be_bytes([h[4], h[5]]));
        if h[0] >> 4 != 6 || h[6] != Protocol::ICMPV6.0 {
            return None;
        }
        let mut a = [0u8; 16];
        a.copy_from_slice(&h[8..24]);
        let mut b = [0u8; 16];
        b.copy_from_slice(&h[24..40]);
        Some((Ipv6Addr::from(a).into(), Ipv6Addr::from(b).into(), frame.get(54..54 + len)?))
    } else {
        None
    }
}

/// The reply to `frame` if it is an echo request to `mine` (sent with `mac`): the
/// request's identifier, sequence number and data back to its sender.
pub fn reply_to(frame: &[u8], mine: IpAddr, mac: [u8; 6]) -> Option<Vec<u8>> {
    let (src, dst, icmp) = icmp_of(frame)?;
    let kind = if mine.is_ipv4() { 8 } else { 128 };
    if dst != mine || icmp.len() < 8 || icmp[0] != kind || icmp[1] != 0 {
        return None;
    }
    let mut to = [0u8; 6];
    to.copy_from_slice(frame.get(6..12)?);
    let mut body = icmp.to_vec();
    body[0] = if mine.is_ipv4() { 0 } else { 129 };
    body[2..4].copy_from_slice(&[0, 0]);
    match (mine, src) {
        (IpAddr::V4(a), IpAddr::V4(b)) => Some(v4(mac, a, to, b, body)),
        (IpAddr::V6(a), IpAddr::V6(b)) => Some(v6(mac, a, to, b, body)),
        _ => None,
    }
}

/// The echo request's destination if `frame` is one (ICMP type 8 or ICMPv6 type 128).
pub fn request_to(frame: &[u8]) -> Option<IpAddr> {
    let (_, dst, icmp) = icmp_of(frame)?;
    let kind = if dst.is_ipv4() { 8 } else { 128 };
    (icmp.len() >= 8 && icmp[0] == kind && icmp[1] == 0).then_some(dst)
}

/// Whether `frame` is the echo reply from `from` to `to` with `id` and `seq`.
pub fn is_reply(frame: &[u8], from: IpAddr, to: IpAddr, id: u16, seq: u16) -> bool {
    let Some((src, dst, icmp)) = icmp_of(frame) else { return false };
    let kind = if from.is_ipv4() { 0 } else { 129 };
    src == from
        && dst == to
        && icmp.len() >= 8
        && icmp[0] == kind
        && icmp[1] == 0
        && icmp[4..6] == id.to_be_bytes()
        && icmp[6..8] == seq.to_be_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_is_answered_and_the_answer_recognised_with_good_checksums() {
        let (a, b) = ([2, 0, 0, 0, 0, 1], [2, 0, 0, 0, 0, 2]);
        for (ia, ib) in [
            (IpAddr::from([198, 18, 0, 1]), IpAddr::from([198, 18, 0, 2])),
            ("2001:2::1".parse().unwrap(), "2001:2::2".parse().unwrap()),
        ] {
            let req = request(a, ia, b, ib, 7, 9).unwrap();
            assert_eq!(request_to(&req), Some(ib));
            assert!(reply_to(&req, ia, a).is_none(), "not to ia");
            let rep = reply_to(&req, ib, b).unwrap();
            assert_eq!(&rep[0..6], &a);
            assert!(is_reply(&rep, ib, ia, 7, 9));
            assert!(!is_reply(&rep, ib, ia, 7, 10));
            assert!(!is_reply(&req, ia, ib, 7, 9), "a request is no reply");
            // Checksums verify (the folded sum over header or message is 0xFFFF).
            let (_, _, icmp) = icmp_of(&rep).unwrap();
            if ia.is_ipv4() {
                assert_eq!(checksum::data(&rep[14..34]), 0xffff);
                assert_eq!(checksum::data(icmp), 0xffff);
            } else {
                let ph = pseudo_header_sum(
                    &IpAddress::V6(match ib {
                        IpAddr::V6(x) => x,
                        _ => unreachable!(),
                    }),
                    &IpAddress::V6(match ia {
                        IpAddr::V6(x) => x,
                        _ => unreachable!(),
                    }),
                    Protocol::ICMPV6,
                    icmp.len() as u32,
                );
                assert_eq!(checksum::fold(u64::from(ph) + u64::from(checksum::sum(icmp))), 0xffff);
            }
        }
        assert!(request([0; 6], IpAddr::from([1, 1, 1, 1]), [0; 6], "::1".parse().unwrap(), 1, 1).is_none());
        assert!(icmp_of(&[0u8; 20]).is_none());
    }
}
