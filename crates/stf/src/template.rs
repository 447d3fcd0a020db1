//! Conversation templates: one pcap is one conversation between a client and a server.
//!
//! The first IPv4 or IPv6 packet names the client (its source) and the server (its
//! destination); every packet between those two addresses, either way, is kept with its
//! direction and its gap to the packet before; other packets (ARP, other hosts) are left
//! out. An IPv6 conversation keeps the upper 96 bits of its addresses: a flow writes its
//! pool address (IPv4) into the low 32, like TRex's IPv6 mode.

use crate::pcap::Record;
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
            if let Some(h) = p.data.get_mut(l3..l3 + 40) {
                h[8..20].copy_from_slice(src);
                h[24..36].copy_from_slice(dst);
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

fn l3_offset(f: &[u8]) -> Option<(u16, u16)> {
    let mut off = 12usize;
    let mut et = u16::from_be_bytes([*f.get(off)?, *f.get(off + 1)?]);
    while et == 0x8100 || et == 0x88a8 {
        off += 4;
        et = u16::from_be_bytes([*f.get(off)?, *f.get(off + 1)?]);
    }
    Some(((off + 2) as u16, et))
}

/// Builds the conversation of a pcap's records.
pub fn conversation(records: &[Record]) -> Result<Conversation, String> {
    let mut conv: Option<Conversation> = None;
    let mut last_ts = None;
    for (ts, f) in records {
        let Some((l3, et)) = l3_offset(f) else { continue };
        let l3u = l3 as usize;
        let (src, dst, proto, l4, v6) = match et {
            0x0800 => {
                let Some(ip) = f.get(l3u..l3u + 20) else { continue };
                if ip[0] >> 4 != 4 {
                    continue;
                }
                let a = |i: usize| IpAddr::from([ip[i], ip[i + 1], ip[i + 2], ip[i + 3]]);
                (a(12), a(16), ip[9], l3u + usize::from(ip[0] & 0x0f) * 4, false)
            }
            0x86dd => {
                let Some(ip) = f.get(l3u..l3u + 40) else { continue };
                if ip[0] >> 4 != 6 {
                    continue;
                }
                let a = |i: usize| IpAddr::from(<[u8; 16]>::try_from(&ip[i..i + 16]).unwrap_or_default());
                // The next header as it stands (extension headers are carried, not walked).
                (a(8), a(24), ip[6], l3u + 40, true)
            }
            _ => continue,
        };
        let ports = match proto {
            6 | 17 => f.get(l4..l4 + 4).map(|p| (u16::from_be_bytes([p[0], p[1]]), u16::from_be_bytes([p[2], p[3]]))),
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
        c.packets.push(TemplatePacket { data: f.clone(), dir, gap_ns, l3, l4: l4 as u16, proto, v6 });
    }
    conv.ok_or_else(|| "holds no IPv4 or IPv6 packet (a template is one IP conversation)".into())
}

#[cfg(test)]
mod tests {
    use super::*;

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
