//! Frame builders shared by the integration tests, written with the crate's own Reprs.

#![allow(dead_code, unreachable_pub)]

use riptide_wire::ethernet::{self, EtherType, EthernetAddress};
use riptide_wire::icmpv4::EchoKind;
use riptide_wire::{icmpv4, icmpv6, ipv4, ipv6, mpls, tcp, udp, vlan, IpAddress, Protocol};

pub const MAC_SRC: EthernetAddress = EthernetAddress([2, 0, 0, 0, 0, 1]);
pub const MAC_DST: EthernetAddress = EthernetAddress([2, 0, 0, 0, 0, 2]);

/// A header between Ethernet and IP.
#[derive(Debug, Clone, Copy)]
pub enum Encap {
    /// A VLAN tag with this TPID (0x8100 or 0x88A8) and VID.
    Vlan(EtherType, u16),
    /// An MPLS label (bottom of stack set on the last one).
    Mpls(u32),
}

/// The transport layer.
#[derive(Debug, Clone, Copy)]
pub enum L4 {
    Udp(u16, u16),
    Tcp(tcp::Repr),
    Echo(EchoKind, u16, u16),
}

/// Builds a whole frame: Ethernet, `encaps`, IPv4 or IPv6 (from the address family), `l4`
/// with `payload`.
pub fn frame(encaps: &[Encap], src: IpAddress, dst: IpAddress, l4: L4, payload: &[u8]) -> Vec<u8> {
    let fill = |b: &mut [u8]| b.copy_from_slice(payload);
    let (protocol, segment) = match l4 {
        L4::Udp(sport, dport) => {
            let repr = udp::Repr { src_port: sport, dst_port: dport };
            let mut v = vec![0; repr.buffer_len(payload.len())];
            repr.emit(&mut udp::Packet::new_unchecked(&mut v[..]), &src, &dst, payload.len(), fill);
            (Protocol::UDP, v)
        }
        L4::Tcp(repr) => {
            let mut v = vec![0; repr.buffer_len(payload.len())];
            repr.emit(&mut tcp::Packet::new_unchecked(&mut v[..]), &src, &dst, payload.len(), fill);
            (Protocol::TCP, v)
        }
        L4::Echo(kind, ident, seq_no) if src.is_ipv4() => {
            let repr = icmpv4::EchoRepr { kind, ident, seq_no };
            let mut v = vec![0; repr.buffer_len(payload.len())];
            repr.emit(&mut icmpv4::Packet::new_unchecked(&mut v[..]), payload.len(), fill);
            (Protocol::ICMP, v)
        }
        L4::Echo(kind, ident, seq_no) => {
            let repr = icmpv6::EchoRepr { kind, ident, seq_no };
            let mut v = vec![0; repr.buffer_len(payload.len())];
            repr.emit(&mut icmpv6::Packet::new_unchecked(&mut v[..]), &src, &dst, payload.len(), fill);
            (Protocol::ICMPV6, v)
        }
    };
    let (ip_type, ip) = match (src, dst) {
        (IpAddress::V4(s), IpAddress::V4(d)) => {
            let repr = ipv4::Repr {
                src_addr: s,
                dst_addr: d,
                protocol,
                payload_len: segment.len(),
                ttl: 64,
                tos: 0,
                ident: 0,
                dont_frag: false,
            };
            let mut v = vec![0; repr.total_len()];
            repr.emit(&mut ipv4::Packet::new_unchecked(&mut v[..]));
            v[ipv4::HEADER_LEN..].copy_from_slice(&segment);
            (EtherType::IPV4, v)
        }
        (IpAddress::V6(s), IpAddress::V6(d)) => {
            let repr = ipv6::Repr {
                src_addr: s,
                dst_addr: d,
                next_header: protocol,
                payload_len: segment.len(),
                hop_limit: 64,
                traffic_class: 0,
                flow_label: 0,
            };
            let mut v = vec![0; ipv6::HEADER_LEN + segment.len()];
            repr.emit(&mut ipv6::Packet::new_unchecked(&mut v[..]));
            v[ipv6::HEADER_LEN..].copy_from_slice(&segment);
            (EtherType::IPV6, v)
        }
        _ => panic!("mixed address families"),
    };
    // Each header announces the next: Ethernet and VLAN tags carry the next TPID or type.
    let next_type = |i: usize| match encaps.get(i) {
        Some(Encap::Vlan(tpid, _)) => *tpid,
        Some(Encap::Mpls(_)) => EtherType::MPLS,
        None => ip_type,
    };
    let mut out = vec![0; ethernet::HEADER_LEN];
    ethernet::Repr { src: MAC_SRC, dst: MAC_DST, ethertype: next_type(0) }
        .emit(&mut ethernet::Frame::new_unchecked(&mut out[..]));
    for (i, encap) in encaps.iter().enumerate() {
        let mut header = [0u8; 4];
        match *encap {
            Encap::Vlan(_, vid) => vlan::Repr { pcp: 0, dei: false, vid, ethertype: next_type(i + 1) }
                .emit(&mut vlan::Tag::new_unchecked(&mut header[..])),
            Encap::Mpls(label) => {
                let bos = !matches!(encaps.get(i + 1), Some(Encap::Mpls(_)));
                mpls::Repr { label, tc: 0, bos, ttl: 64 }.emit(&mut mpls::Entry::new_unchecked(&mut header[..]))
            }
        }
        out.extend_from_slice(&header);
    }
    out.extend_from_slice(&ip);
    out
}

/// Pads a frame with zeros to the 60-byte Ethernet minimum.
pub fn pad(mut frame: Vec<u8>) -> Vec<u8> {
    if frame.len() < 60 {
        frame.resize(60, 0);
    }
    frame
}

pub fn v4(a: [u8; 4]) -> IpAddress {
    IpAddress::V4(a.into())
}

pub fn v6(s: &str) -> IpAddress {
    IpAddress::V6(s.parse().unwrap())
}
