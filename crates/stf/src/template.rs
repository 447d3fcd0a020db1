//! Conversation templates: one pcap is one conversation between a client and a server.
//!
//! The first IPv4 or IPv6 packet names the client (its source) and the server (its
//! destination); every packet between those two addresses, either way, is kept with its
//! direction and its gap to the packet before; other packets (ARP, other hosts) are left
//! out. An IPv6 conversation keeps the upper 96 bits of its addresses: a flow writes its
//! pool address (IPv4) into the low 32, like TRex's IPv6 mode.

use crate::pcap::Record;
use riptide_wire::ethernet::{self, EtherType};
use riptide_wire::{ipv4, ipv6, udp, vlan};
use std::net::IpAddr;

/// Which way a packet goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    /// Client to server (sent on port 0).
    C2S,
    /// Server to client (port 1).
    S2C,
}

/// One packet of a conversation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TemplatePacket {
    /// The frame as captured.
    pub data: Vec<u8>,
    /// Direction.
    pub dir: Dir,
    /// Gap to the previous packet in the pcap, ns (0 for the first).
    pub gap_ns: u64,
    /// Offset of the IPv4 or IPv6 header.
    pub l3: u16,
    /// Offset of the UDP/TCP header.
    pub l4: u16,
    /// IP protocol (6 TCP, 17 UDP, other: no ports); IPv6's next header.
    pub proto: u8,
    /// An IPv6 packet.
    pub v6: bool,
}

/// A conversation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conversation {
    /// Packets in order.
    pub packets: Vec<TemplatePacket>,
    /// The pcap's client address.
    pub client: IpAddr,
    /// The pcap's server address.
    pub server: IpAddr,
    /// The client's port (0 without UDP/TCP).
    pub client_port: u16,
    /// The server's port.
    pub server_port: u16,
}

impl Conversation {
    /// Sets the upper 96 bits of the IPv6 addresses (TRex's `src_ipv6` for the client,
    /// `dst_ipv6` for the server); IPv4 packets are left alone. Idempotent.
    pub fn set_ipv6_prefixes(&mut self, client: [u16; 6], server: [u16; 6]) {
        let bytes = |w: [u16; 6]| -> [u8; 12] {
            let mut b = [0u8; 12];
            for (i, x) in w.iter().enumerate() {
                b[2 * i..2 * i + 2].copy_from_slice(&x.to_be_bytes());
            }
            b
        };
        let (c, s) = (bytes(client), bytes(server));
        for p in self.packets.iter_mut().filter(|p| p.v6) {
            let l3 = p.l3 as usize;
            let (src, dst) = if p.dir == Dir::C2S { (&c, &s) } else { (&s, &c) };
            if let Some(h) = p.data.get_mut(l3..l3 + ipv6::HEADER_LEN) {
                h[ipv6::SRC_ADDR.start..ipv6::SRC_ADDR.start + 12].copy_from_slice(src);
                h[ipv6::DST_ADDR.start..ipv6::DST_ADDR.start + 12].copy_from_slice(dst);
            }
        }
        let with = |a: IpAddr, prefix: &[u8; 12]| match a {
            IpAddr::V6(v) => {
                let mut o = v.octets();
                o[..12].copy_from_slice(prefix);
                IpAddr::from(o)
            }
            v4 => v4,
        };
        self.client = with(self.client, &c);
        self.server = with(self.server, &s);
    }
}

/// Where the IP header starts behind any VLAN tags, and the EtherType naming it.
fn l3_offset(f: &[u8]) -> Option<(u16, EtherType)> {
    let mut et = ethernet::Frame::new_checked(f).ok()?.ethertype();
    let mut off = ethernet::HEADER_LEN;
    while et == EtherType::VLAN || et == EtherType::QINQ {
        et = vlan::Tag::new_checked(f.get(off..)?).ok()?.ethertype();
        off += vlan::HEADER_LEN;
    }
    Some((off as u16, et))
}

/// The most packets one template's conversation may have (a flow numbers its packets in
/// 16 bits).
pub const MAX_TEMPLATE_PACKETS: usize = u16::MAX as usize;

/// Builds the conversation of a pcap's records.
pub fn conversation(records: &[Record]) -> Result<Conversation, String> {
    let mut conv: Option<Conversation> = None;
    let mut last_ts = None;
    for (ts, f) in records {
        let Some((l3, et)) = l3_offset(f) else { continue };
        let l3u = l3 as usize;
        let (src, dst, proto, l4, v6) = match et {
            EtherType::IPV4 => {
                // Only the fixed header is needed: pcap snap lengths may cut the rest.
                let Some(h) = f.get(l3u..).filter(|h| h.len() >= ipv4::HEADER_LEN) else { continue };
                let ip = ipv4::Packet::new_unchecked(h);
                if ip.version() != 4 {
                    continue;
                }
                let (s, d) = (IpAddr::V4(ip.src_addr()), IpAddr::V4(ip.dst_addr()));
                (s, d, u8::from(ip.protocol()), l3u + usize::from(ip.header_len()), false)
            }
            EtherType::IPV6 => {
                let Some(h) = f.get(l3u..).filter(|h| h.len() >= ipv6::HEADER_LEN) else { continue };
                let ip = ipv6::Packet::new_unchecked(h);
                if ip.version() != 6 {
                    continue;
                }
                let (s, d) = (IpAddr::V6(ip.src_addr()), IpAddr::V6(ip.dst_addr()));
                // The next header as it stands (extension headers are carried, not walked).
                (s, d, u8::from(ip.next_header()), l3u + ipv6::HEADER_LEN, true)
            }
            _ => continue,
        };
        let ports = match proto {
            // UDP and TCP both begin with the two ports.
            6 | 17 => f.get(l4..l4 + 4).map(|p| {
                let u = udp::Packet::new_unchecked(p);
                (u.src_port(), u.dst_port())
            }),
            _ => Some((0, 0)),
        };
        let Some((sport, dport)) = ports else { continue };
        let c = conv.get_or_insert_with(|| Conversation {
            packets: Vec::new(),
            client: src,
            server: dst,
            client_port: sport,
            server_port: dport,
        });
        let dir = if (src, dst) == (c.client, c.server) {
            Dir::C2S
        } else if (src, dst) == (c.server, c.client) {
            Dir::S2C
        } else {
            continue;
        };
        let gap_ns = last_ts.map_or(0, |l: u64| ts.saturating_sub(l));
        last_ts = Some(*ts);
        if c.packets.len() >= MAX_TEMPLATE_PACKETS {
            return Err(format!(
                "holds more than {MAX_TEMPLATE_PACKETS} packets of its conversation (the most a template takes)"
            ));
        }
        if gap_ns > riptide_core::units::MAX_DURATION.0 {
            return Err(format!("packet {} follows the one before by more than 365 days", c.packets.len()));
        }
        c.packets.push(TemplatePacket { data: f.clone(), dir, gap_ns, l3, l4: l4 as u16, proto, v6 });
    }
    conv.ok_or_else(|| "holds no IPv4 or IPv6 packet (a template is one IP conversation)".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_template_longer_than_a_flow_can_count_is_refused() {
        // A flow numbers its packets in 16 bits: 65,536 packets would never end.
        let one = udp([10, 0, 0, 1], [10, 0, 0, 2], 1025, 53);
        let recs: Vec<(u64, Vec<u8>)> = (0..=MAX_TEMPLATE_PACKETS as u64).map(|i| (i, one.clone())).collect();
        let e = conversation(&recs).unwrap_err();
        assert!(e.contains("more than 65535 packets"), "{e}");
        assert_eq!(conversation(&recs[..MAX_TEMPLATE_PACKETS]).unwrap().packets.len(), MAX_TEMPLATE_PACKETS);
    }

    fn udp(src: [u8; 4], dst: [u8; 4], sport: u16, dport: u16) -> Vec<u8> {
        let mut f = vec![0u8; 60];
        f[12..14].copy_from_slice(&[8, 0]);
        f[14] = 0x45;
        f[23] = 17;
        f[26..30].copy_from_slice(&src);
        f[30..34].copy_from_slice(&dst);
        f[34..36].copy_from_slice(&sport.to_be_bytes());
        f[36..38].copy_from_slice(&dport.to_be_bytes());
        f
    }

    #[test]
    fn directions_and_gaps() {
        let (c, s) = ([10, 0, 0, 1], [10, 0, 0, 2]);
        let recs = vec![
            (1000, udp(c, s, 1025, 53)),
            (1500, vec![0u8; 42]),
            (3000, udp(s, c, 53, 1025)),
            (3100, udp([9, 9, 9, 9], s, 1, 2)),
        ];
        let conv = conversation(&recs).unwrap();
        assert_eq!(conv.packets.len(), 2);
        assert_eq!((conv.client_port, conv.server_port), (1025, 53));
        assert_eq!(conv.packets[1].dir, Dir::S2C);
        assert_eq!(conv.packets[1].gap_ns, 2000);
        assert!(conversation(&[(0, vec![0u8; 60])]).unwrap_err().contains("no IPv4 or IPv6"));
    }
}
