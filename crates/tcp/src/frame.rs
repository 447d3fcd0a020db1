//! Ethernet + IPv4 + TCP frames: what an endpoint reads and writes on a port.

use crate::conn::{Segment, Transmit};
use crate::seq::Seq;
use riptide_wire::ethernet::{self, EtherType, EthernetAddress};
use riptide_wire::ip::{IpAddress, Protocol};
use riptide_wire::tcp::{self, TcpFlags};
use riptide_wire::tcp_options::TcpOptions;
use riptide_wire::udp;
use riptide_wire::{ipv4, Error};
use std::net::Ipv4Addr;

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

/// Reads an Ethernet II / IPv4 / TCP frame.
pub fn parse(frame: &[u8], verify_checksum: bool) -> Result<Parsed<'_>, Skip> {
    let eth = ethernet::Frame::new_checked(frame)?;
    if eth.ethertype() != EtherType::IPV4 {
        return Err(Skip::NotTcp);
    }
    let eth_payload = &frame[14..];
    let ip = ipv4::Packet::new_checked(eth_payload)?;
    if ip.protocol() != Protocol::TCP {
        return Err(Skip::NotTcp);
    }
    if ip.more_frags() || ip.frag_offset() != 0 {
        return Err(Skip::Malformed);
    }
    let header_len = usize::from(ip.header_len());
    let total = usize::from(ip.total_len());
    let segment_bytes = &eth_payload[header_len..total];
    let tcp = tcp::Packet::new_checked(segment_bytes)?;
    let (src, dst) = (ip.src_addr(), ip.dst_addr());
    if verify_checksum && !tcp.verify_checksum(&IpAddress::V4(src), &IpAddress::V4(dst)) {
        return Err(Skip::Checksum);
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
    let eth = ethernet::Frame::new_checked(frame)?;
    if eth.ethertype() != EtherType::IPV4 {
        return Ok(None);
    }
    let eth_payload = &frame[14..];
    let ip = ipv4::Packet::new_checked(eth_payload)?;
    if ip.protocol() != Protocol::UDP {
        return Ok(None);
    }
    if ip.more_frags() || ip.frag_offset() != 0 {
        return Err(Skip::Malformed);
    }
    let bytes = &eth_payload[usize::from(ip.header_len())..usize::from(ip.total_len())];
    let udp = udp::Packet::new_checked(bytes)?;
    let (src, dst) = (ip.src_addr(), ip.dst_addr());
    // A zero checksum is "none" in IPv4 (RFC 768).
    if verify_checksum && udp.checksum() != 0 && !udp.verify_checksum(&IpAddress::V4(src), &IpAddress::V4(dst)) {
        return Err(Skip::Checksum);
    }
    let tuple = Tuple { local_ip: dst, remote_ip: src, local_port: udp.dst_port(), remote_port: udp.src_port() };
    Ok(Some((tuple, &bytes[8..usize::from(udp.len())])))
}

/// Writes an Ethernet / IPv4 / UDP frame of a `len`-byte payload that `fill` writes, into
/// `out` (at least [`HEADERS_LEN`] + 8 + `len` bytes); returns the frame's length.
pub fn emit_udp(
    out: &mut [u8],
    macs: &Macs,
    ip: &IpHeader,
    tuple: &Tuple,
    ident: u16,
    len: usize,
    fill: impl FnOnce(&mut [u8]),
) -> usize {
    let udp_len = 8 + len;
    let total = HEADERS_LEN + udp_len;
    let out = &mut out[..total];
    out[0..6].copy_from_slice(&macs.peer.0);
    out[6..12].copy_from_slice(&macs.local.0);
    out[12..14].copy_from_slice(&EtherType::IPV4.0.to_be_bytes());
    let ip_repr = ipv4::Repr {
        src_addr: tuple.local_ip,
        dst_addr: tuple.remote_ip,
        protocol: Protocol::UDP,
        payload_len: udp_len,
        ttl: ip.ttl,
        tos: ip.tos,
        ident: if ip.zero_ident { 0 } else { ident },
        dont_frag: true,
    };
    ip_repr.emit(&mut ipv4::Packet::new_unchecked(&mut out[14..34]));
    let dgram = &mut out[34..];
    let mut packet = udp::Packet::new_unchecked(&mut *dgram);
    packet.set_src_port(tuple.local_port);
    packet.set_dst_port(tuple.remote_port);
    packet.set_len(udp_len as u16);
    fill(&mut dgram[8..]);
    let mut packet = udp::Packet::new_unchecked(&mut *dgram);
    packet.fill_checksum(&IpAddress::V4(tuple.local_ip), &IpAddress::V4(tuple.remote_ip));
    total
}

/// The MAC addresses an endpoint writes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Macs {
    /// Source.
    pub local: EthernetAddress,
    /// Destination (the peer, or the gateway towards it).
    pub peer: EthernetAddress,
}

/// What an endpoint writes in the IPv4 headers of its frames.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IpHeader {
    /// Time to live.
    pub ttl: u8,
    /// Type of service (DSCP and ECN).
    pub tos: u8,
    /// Identification 0 in every frame (TRex's), else a counter. DF is always set.
    pub zero_ident: bool,
}

impl Default for IpHeader {
    fn default() -> Self {
        IpHeader { ttl: 64, tos: 0, zero_ident: false }
    }
}

/// The bytes a frame for `t` takes.
pub fn frame_len(t: &Transmit) -> usize {
    HEADERS_LEN + 20 + t.options.buffer_len() + t.data_len as usize
}

/// Writes the frame for `t` into `out` (at least [`frame_len`] bytes); `fill` writes the
/// payload. Returns the frame's length. `ip` gives the TTL and TOS, and whether `ident`
/// is written or 0.
pub fn emit(
    out: &mut [u8],
    macs: &Macs,
    ip: &IpHeader,
    tuple: &Tuple,
    ident: u16,
    t: &Transmit,
    fill: impl FnOnce(&mut [u8]),
) -> usize {
    let options_len = t.options.buffer_len();
    let tcp_len = 20 + options_len + t.data_len as usize;
    let len = HEADERS_LEN + tcp_len;
    let out = &mut out[..len];
    out[0..6].copy_from_slice(&macs.peer.0);
    out[6..12].copy_from_slice(&macs.local.0);
    out[12..14].copy_from_slice(&EtherType::IPV4.0.to_be_bytes());
    let ip_repr = ipv4::Repr {
        src_addr: tuple.local_ip,
        dst_addr: tuple.remote_ip,
        protocol: Protocol::TCP,
        payload_len: tcp_len,
        ttl: ip.ttl,
        tos: ip.tos,
        ident: if ip.zero_ident { 0 } else { ident },
        dont_frag: true,
    };
    ip_repr.emit(&mut ipv4::Packet::new_unchecked(&mut out[14..34]));
    let seg = &mut out[34..];
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
    packet.fill_checksum(&IpAddress::V4(tuple.local_ip), &IpAddress::V4(tuple.remote_ip));
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
        let len = emit(&mut buf, &macs, &IpHeader::default(), &tuple, 1, &t, |p| p.copy_from_slice(b"abc"));
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
}
