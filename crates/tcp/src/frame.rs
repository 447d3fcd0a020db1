//! Ethernet (one 802.1Q tag at most) + IPv4 or IPv6 + TCP or UDP frames: what an endpoint
//! reads and writes on a port.

use crate::conn::{Segment, Transmit};
use crate::seq::Seq;
use riptide_wire::ethernet::{self, EtherType, EthernetAddress};
use riptide_wire::ip::{IpAddress, Protocol};
use riptide_wire::tcp::{self, TcpFlags};
use riptide_wire::tcp_options::TcpOptions;
use riptide_wire::udp;
use riptide_wire::{ipv4, ipv6, Error};
use std::net::{Ipv4Addr, Ipv6Addr};

/// Ethernet + IPv4 headers, options-less.
pub const HEADERS_LEN: usize = 14 + 20;

/// A connection's addresses: this side is `local`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tuple {
    /// This side's address.
    pub local_ip: Ipv4Addr,
    /// The peer's address.
    pub remote_ip: Ipv4Addr,
    /// This side's port.
    pub local_port: u16,
    /// The peer's port.
    pub remote_port: u16,
}

/// A frame read: the tuple (as seen by the receiver) and the segment.
#[derive(Debug)]
pub struct Parsed<'a> {
    /// Addresses, `local` = the frame's destination.
    pub tuple: Tuple,
    /// The segment.
    pub segment: Segment<'a>,
}

/// Why a frame was not a TCP segment for this endpoint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Skip {
    /// Not IPv4 + TCP (ARP, IPv6, UDP, ...).
    NotTcp,
    /// Too short, or a header field is inconsistent.
    Malformed,
    /// The TCP checksum does not verify.
    Checksum,
}

impl From<Error> for Skip {
    fn from(e: Error) -> Skip {
        match e {
            Error::Checksum => Skip::Checksum,
            _ => Skip::Malformed,
        }
    }
}

/// An IP packet's transport payload: its protocol, the pseudo-header's addresses, the
/// tuple's IPv4 addresses (an IPv6 address's low 32 bits, TRex's mapping), the bytes.
struct Transport<'a> {
    protocol: Protocol,
    src: IpAddress,
    dst: IpAddress,
    tuple: (Ipv4Addr, Ipv4Addr),
    bytes: &'a [u8],
}

/// The transport payload of an IPv4 or IPv6 frame (one 802.1Q tag allowed); `None` for
/// anything else (ARP, IPv6 with extension headers). Kept out of line: the untagged IPv4
/// path of [`parse`] is the hot one.
#[cold]
#[inline(never)]
fn transport(frame: &[u8]) -> Result<Option<Transport<'_>>, Skip> {
    let eth = ethernet::Frame::new_checked(frame)?;
    let (ethertype, at) = if eth.ethertype() == EtherType::VLAN {
        let tag = frame.get(14..18).ok_or(Skip::Malformed)?;
        (EtherType(u16::from_be_bytes([tag[2], tag[3]])), 18)
    } else {
        (eth.ethertype(), 14)
    };
    let payload = &frame[at..];
    if ethertype == EtherType::IPV4 {
        let ip = ipv4::Packet::new_checked(payload)?;
        if ip.more_frags() || ip.frag_offset() != 0 {
            return Err(Skip::Malformed);
        }
        let bytes = &payload[usize::from(ip.header_len())..usize::from(ip.total_len())];
        let (src, dst) = (ip.src_addr(), ip.dst_addr());
        return Ok(Some(Transport {
            protocol: ip.protocol(),
            src: IpAddress::V4(src),
            dst: IpAddress::V4(dst),
            tuple: (src, dst),
            bytes,
        }));
    }
    if ethertype == EtherType::IPV6 {
        let ip = ipv6::Packet::new_checked(payload)?;
        let end = 40 + usize::from(ip.payload_len());
        let bytes = payload.get(40..end).ok_or(Skip::Malformed)?;
        let (src, dst) = (ip.src_addr(), ip.dst_addr());
        return Ok(Some(Transport {
            protocol: ip.next_header(),
            src: IpAddress::V6(src),
            dst: IpAddress::V6(dst),
            tuple: (v4_of(src), v4_of(dst)),
            bytes,
        }));
    }
    Ok(None)
}

/// Reads an Ethernet II / IPv4 / TCP frame (one 802.1Q tag allowed).
pub fn parse(frame: &[u8], verify_checksum: bool) -> Result<Parsed<'_>, Skip> {
    let eth = ethernet::Frame::new_checked(frame)?;
    let (segment_bytes, src, dst, pseudo) = if eth.ethertype() == EtherType::IPV4 {
        // The frame of nearly every run: untagged IPv4, read without the general path.
        let eth_payload = &frame[14..];
        let ip = ipv4::Packet::new_checked(eth_payload)?;
        if ip.protocol() != Protocol::TCP {
            return Err(Skip::NotTcp);
        }
        if ip.more_frags() || ip.frag_offset() != 0 {
            return Err(Skip::Malformed);
        }
        let bytes = &eth_payload[usize::from(ip.header_len())..usize::from(ip.total_len())];
        let (src, dst) = (ip.src_addr(), ip.dst_addr());
        (bytes, src, dst, None)
    } else {
        let Some(t) = transport(frame)? else { return Err(Skip::NotTcp) };
        if t.protocol != Protocol::TCP {
            return Err(Skip::NotTcp);
        }
        (t.bytes, t.tuple.0, t.tuple.1, Some((t.src, t.dst)))
    };
    let tcp = tcp::Packet::new_checked(segment_bytes)?;
    if verify_checksum {
        let (a, b) = pseudo.unwrap_or((IpAddress::V4(src), IpAddress::V4(dst)));
        if !tcp.verify_checksum(&a, &b) {
            return Err(Skip::Checksum);
        }
    }
    let options = if tcp.header_len() > 20 { TcpOptions::parse(tcp.options())? } else { TcpOptions::NONE };
    let payload_at = usize::from(tcp.header_len());
    Ok(Parsed {
        tuple: Tuple { local_ip: dst, remote_ip: src, local_port: tcp.dst_port(), remote_port: tcp.src_port() },
        segment: Segment {
            seq: Seq(tcp.seq()),
            ack: Seq(tcp.ack()),
            flags: tcp.flags(),
            window: tcp.window(),
            options,
            payload: &segment_bytes[payload_at..],
        },
    })
}

/// Reads an Ethernet II / IPv4 / UDP frame: `None` when it is not one, the tuple (as
/// seen by the receiver) and the datagram's payload when it is.
pub fn parse_udp(frame: &[u8], verify_checksum: bool) -> Result<Option<(Tuple, &[u8])>, Skip> {
    let Some(t) = transport(frame)? else { return Ok(None) };
    if t.protocol != Protocol::UDP {
        return Ok(None);
    }
    let bytes = t.bytes;
    let udp = udp::Packet::new_checked(bytes)?;
    let (src, dst) = t.tuple;
    // A zero checksum is "none" in IPv4 (RFC 768).
    if verify_checksum && udp.checksum() != 0 && !udp.verify_checksum(&t.src, &t.dst) {
        return Err(Skip::Checksum);
    }
    let tuple = Tuple { local_ip: dst, remote_ip: src, local_port: udp.dst_port(), remote_port: udp.src_port() };
    Ok(Some((tuple, &bytes[8..usize::from(udp.len())])))
}

/// Writes an Ethernet / IPv4 / UDP frame of a `len`-byte payload that `fill` writes, into
/// `out` (at least [`HEADERS_LEN`] + 4 + 8 + `len` bytes); returns the frame's length.
pub fn emit_udp(
    out: &mut [u8],
    l2: &L2,
    ip: &IpHeader,
    tuple: &Tuple,
    ident: u16,
    len: usize,
    fill: impl FnOnce(&mut [u8]),
) -> usize {
    let udp_len = 8 + len;
    let (eth, iph) = (l2.header_len(), ip.len());
    let total = eth + iph + udp_len;
    let out = &mut out[..total];
    l2.emit(out, ip.ethertype());
    let (src, dst) = ip.emit(&mut out[eth..eth + iph], tuple, ident, Protocol::UDP, udp_len);
    let dgram = &mut out[eth + iph..];
    let mut packet = udp::Packet::new_unchecked(&mut *dgram);
    packet.set_src_port(tuple.local_port);
    packet.set_dst_port(tuple.remote_port);
    packet.set_len(udp_len as u16);
    fill(&mut dgram[8..]);
    let mut packet = udp::Packet::new_unchecked(&mut *dgram);
    packet.fill_checksum(&src, &dst);
    total
}

/// What an endpoint writes below IP: the MAC addresses and an 802.1Q tag (TRex's client
/// clusters give each client its own).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct L2 {
    /// The MAC addresses.
    pub macs: Macs,
    /// The VLAN id of an 802.1Q tag; none: untagged.
    pub vlan: Option<u16>,
}

impl L2 {
    /// The Ethernet header's length: 14, or 18 with a tag.
    pub fn header_len(&self) -> usize {
        if self.vlan.is_some() {
            18
        } else {
            14
        }
    }

    /// Writes the Ethernet header of a frame of `ethertype`; returns its length.
    fn emit(&self, out: &mut [u8], ethertype: EtherType) -> usize {
        out[0..6].copy_from_slice(&self.macs.peer.0);
        out[6..12].copy_from_slice(&self.macs.local.0);
        match self.vlan {
            None => {
                out[12..14].copy_from_slice(&ethertype.0.to_be_bytes());
                14
            }
            Some(vlan) => {
                out[12..14].copy_from_slice(&EtherType::VLAN.0.to_be_bytes());
                out[14..16].copy_from_slice(&(vlan & 0xfff).to_be_bytes());
                out[16..18].copy_from_slice(&ethertype.0.to_be_bytes());
                18
            }
        }
    }
}

/// The MAC addresses an endpoint writes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Macs {
    /// Source.
    pub local: EthernetAddress,
    /// Destination (the peer, or the gateway towards it).
    pub peer: EthernetAddress,
}

/// What an endpoint writes in the IP headers of its frames (IPv4, or TRex's IPv6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IpHeader {
    /// Time to live.
    pub ttl: u8,
    /// Type of service (DSCP and ECN).
    pub tos: u8,
    /// Identification 0 in every frame (TRex's), else a counter. DF is always set.
    pub zero_ident: bool,
    /// IPv6 instead of IPv4, TRex's way: each IPv4 address of the tuple in the low 32 bits
    /// of a 96-bit prefix; `ttl` is then the hop limit and `tos` the traffic class.
    pub v6: Option<V6Prefixes>,
}

/// The 96-bit prefixes of TRex's IPv6 addresses (its `ipv6.src_msb` and `ipv6.dst_msb`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct V6Prefixes {
    /// This side's.
    pub local: [u8; 12],
    /// The peer's.
    pub remote: [u8; 12],
}

impl V6Prefixes {
    /// The same, seen from the peer.
    pub fn mirrored(self) -> V6Prefixes {
        V6Prefixes { local: self.remote, remote: self.local }
    }
}

fn v6_addr(prefix: &[u8; 12], ip: Ipv4Addr) -> Ipv6Addr {
    let mut a = [0u8; 16];
    a[..12].copy_from_slice(prefix);
    a[12..].copy_from_slice(&ip.octets());
    Ipv6Addr::from(a)
}

fn v4_of(ip: Ipv6Addr) -> Ipv4Addr {
    let o = ip.octets();
    Ipv4Addr::new(o[12], o[13], o[14], o[15])
}

impl Default for IpHeader {
    fn default() -> Self {
        IpHeader { ttl: 64, tos: 0, zero_ident: false, v6: None }
    }
}

impl IpHeader {
    /// The EtherType of the frames.
    fn ethertype(&self) -> EtherType {
        if self.v6.is_some() {
            EtherType::IPV6
        } else {
            EtherType::IPV4
        }
    }

    /// The IP header's length.
    fn len(&self) -> usize {
        if self.v6.is_some() {
            40
        } else {
            20
        }
    }

    /// Writes the IP header of a `payload_len`-byte `protocol` payload into `out`; returns
    /// the addresses of the checksum's pseudo-header.
    fn emit(
        &self,
        out: &mut [u8],
        tuple: &Tuple,
        ident: u16,
        protocol: Protocol,
        payload_len: usize,
    ) -> (IpAddress, IpAddress) {
        match &self.v6 {
            None => {
                let repr = ipv4::Repr {
                    src_addr: tuple.local_ip,
                    dst_addr: tuple.remote_ip,
                    protocol,
                    payload_len,
                    ttl: self.ttl,
                    tos: self.tos,
                    ident: if self.zero_ident { 0 } else { ident },
                    dont_frag: true,
                };
                repr.emit(&mut ipv4::Packet::new_unchecked(&mut out[..20]));
                (IpAddress::V4(tuple.local_ip), IpAddress::V4(tuple.remote_ip))
            }
            Some(p) => {
                let (src, dst) = (v6_addr(&p.local, tuple.local_ip), v6_addr(&p.remote, tuple.remote_ip));
                let repr = ipv6::Repr {
                    src_addr: src,
                    dst_addr: dst,
                    next_header: protocol,
                    payload_len,
                    hop_limit: self.ttl,
                    traffic_class: self.tos,
                    flow_label: 0,
                };
                repr.emit(&mut ipv6::Packet::new_unchecked(&mut out[..40]));
                (IpAddress::V6(src), IpAddress::V6(dst))
            }
        }
    }
}

/// The bytes a frame for `t` takes, untagged (a VLAN tag adds 4).
pub fn frame_len(t: &Transmit) -> usize {
    HEADERS_LEN + 20 + t.options.buffer_len() + t.data_len as usize
}

/// Writes the frame for `t` into `out` (at least [`frame_len`] bytes); `fill` writes the
/// payload. Returns the frame's length. `ip` gives the TTL and TOS, and whether `ident`
/// is written or 0.
pub fn emit(
    out: &mut [u8],
    l2: &L2,
    ip: &IpHeader,
    tuple: &Tuple,
    ident: u16,
    t: &Transmit,
    fill: impl FnOnce(&mut [u8]),
) -> usize {
    let options_len = t.options.buffer_len();
    let tcp_len = 20 + options_len + t.data_len as usize;
    let (eth, iph) = (l2.header_len(), ip.len());
    let len = eth + iph + tcp_len;
    let out = &mut out[..len];
    l2.emit(out, ip.ethertype());
    let (src, dst) = ip.emit(&mut out[eth..eth + iph], tuple, ident, Protocol::TCP, tcp_len);
    let seg = &mut out[eth + iph..];
    let mut packet = tcp::Packet::new_unchecked(&mut *seg);
    packet.set_src_port(tuple.local_port);
    packet.set_dst_port(tuple.remote_port);
    packet.set_seq(t.seq.0);
    packet.set_ack(t.ack.0);
    packet.set_header_len((20 + options_len) as u8);
    packet.set_flags(t.flags);
    packet.set_window(t.window);
    packet.set_urgent(0);
    t.options.emit(&mut seg[20..20 + options_len]);
    fill(&mut seg[20 + options_len..]);
    let mut packet = tcp::Packet::new_unchecked(&mut *seg);
    packet.fill_checksum(&src, &dst);
    len
}

/// A RST answering `seg` that belongs to no connection (RFC 9293 §3.10.7.1).
pub fn reset_for(seg: &Segment<'_>) -> Option<Transmit> {
    if seg.flags.contains(TcpFlags::RST) {
        return None;
    }
    let t = if seg.flags.contains(TcpFlags::ACK) {
        Transmit {
            seq: seg.ack,
            ack: Seq(0),
            flags: TcpFlags::RST,
            window: 0,
            options: TcpOptions::NONE,
            data_offset: 0,
            data_len: 0,
        }
    } else {
        let len = seg.payload.len() as u32
            + u32::from(seg.flags.contains(TcpFlags::SYN))
            + u32::from(seg.flags.contains(TcpFlags::FIN));
        Transmit {
            seq: Seq(0),
            ack: seg.seq + len,
            flags: TcpFlags::RST | TcpFlags::ACK,
            window: 0,
            options: TcpOptions::NONE,
            data_offset: 0,
            data_len: 0,
        }
    };
    Some(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emits_what_parse_reads() {
        let macs = Macs { local: EthernetAddress([2, 0, 0, 0, 0, 1]), peer: EthernetAddress([2, 0, 0, 0, 0, 2]) };
        let tuple = Tuple {
            local_ip: Ipv4Addr::new(198, 18, 0, 1),
            remote_ip: Ipv4Addr::new(198, 19, 0, 1),
            local_port: 1025,
            remote_port: 80,
        };
        let mut options = TcpOptions::NONE;
        options.mss = Some(1460);
        let t = Transmit {
            seq: Seq(7),
            ack: Seq(9),
            flags: TcpFlags::SYN | TcpFlags::ACK,
            window: 1000,
            options,
            data_offset: 0,
            data_len: 3,
        };
        let mut buf = [0u8; 128];
        let len = emit(&mut buf, &L2 { macs, vlan: None }, &IpHeader::default(), &tuple, 1, &t, |p| {
            p.copy_from_slice(b"abc")
        });
        assert_eq!(len, frame_len(&t));
        let parsed = parse(&buf[..len], true).unwrap();
        assert_eq!(parsed.tuple.local_ip, tuple.remote_ip);
        assert_eq!(parsed.tuple.remote_port, 1025);
        assert_eq!(parsed.segment.seq, Seq(7));
        assert_eq!(parsed.segment.flags, t.flags);
        assert_eq!(parsed.segment.options.mss, Some(1460));
        assert_eq!(parsed.segment.payload, b"abc");
        buf[len - 1] ^= 1;
        assert_eq!(parse(&buf[..len], true).unwrap_err(), Skip::Checksum);
        assert_eq!(parse(&buf[..20], true).unwrap_err(), Skip::Malformed);
    }

    #[test]
    fn vlan_tags_and_trex_ipv6_round_trip() {
        let macs = Macs { local: EthernetAddress([2, 0, 0, 0, 0, 1]), peer: EthernetAddress([2, 0, 0, 0, 0, 2]) };
        let tuple = Tuple {
            local_ip: Ipv4Addr::new(16, 0, 0, 1),
            remote_ip: Ipv4Addr::new(48, 0, 0, 1),
            local_port: 1025,
            remote_port: 53,
        };
        let mut prefix = V6Prefixes { local: [0; 12], remote: [0; 12] };
        prefix.local[..2].copy_from_slice(&[0xff, 0x02]);
        prefix.remote[..2].copy_from_slice(&[0xff, 0x03]);
        let ip = IpHeader { v6: Some(prefix), ..IpHeader::default() };
        let l2 = L2 { macs, vlan: Some(100) };
        let mut buf = [0u8; 128];
        let len = emit_udp(&mut buf, &l2, &ip, &tuple, 1, 5, |p| p.copy_from_slice(b"hello"));
        assert_eq!(len, 18 + 40 + 8 + 5);
        assert_eq!(&buf[12..18], &[0x81, 0x00, 0, 100, 0x86, 0xdd]);
        // TRex's addresses: the IPv4 address after the 96-bit prefix.
        assert_eq!(&buf[18 + 8..18 + 24], &[0xff, 0x02, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 16, 0, 0, 1]);
        let (seen, payload) = parse_udp(&buf[..len], true).unwrap().unwrap();
        assert_eq!((seen.remote_ip, seen.local_ip, seen.local_port), (tuple.local_ip, tuple.remote_ip, 53));
        assert_eq!(payload, b"hello");
        buf[len - 1] ^= 1;
        assert_eq!(parse_udp(&buf[..len], true).unwrap_err(), Skip::Checksum);
        // The same over TCP, untagged.
        let t = Transmit {
            seq: Seq(1),
            ack: Seq(0),
            flags: TcpFlags::SYN,
            window: 100,
            options: TcpOptions::NONE,
            data_offset: 0,
            data_len: 0,
        };
        let len = emit(&mut buf, &L2 { macs, vlan: None }, &ip, &tuple, 1, &t, |_| {});
        assert_eq!(len, 14 + 40 + 20);
        let parsed = parse(&buf[..len], true).unwrap();
        assert_eq!((parsed.tuple.remote_ip, parsed.segment.flags), (tuple.local_ip, TcpFlags::SYN));
        assert!(parse_udp(&buf[..len], true).unwrap().is_none());
    }
}
