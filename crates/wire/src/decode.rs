//! A diagnostic decoder: walks a whole Ethernet frame and describes every layer.
//!
//! [`decode`] follows Ethernet → any number of VLAN tags (TPID 0x8100 or 0x88A8) → an MPLS
//! label stack (up to bottom-of-stack, then IPv4 or IPv6 guessed from the first nibble) →
//! IPv4 / IPv6 → UDP / TCP / ICMP / ICMPv6 / GRE → payload, and into the inner packet of a
//! tunnel: VXLAN (UDP 4789), VXLAN-GPE (4790), Geneve (6081), GTP-U (2152), GRE. Bytes after the IP packet's length
//! (Ethernet padding) become a `"padding"` layer. IPv4 fragments and unknown protocols end in a
//! `"payload"` layer; IPv6 extension headers are walked (hop-by-hop, routing with SRv6's
//! segment list, destination options, fragment), the L4 checksum checked against the
//! routing header's final destination.
//!
//! Every checksum is verified and reported as `0x1c46 [correct]` or
//! `0x1c46 [incorrect, should be 0x1c47]`. A truncated or inconsistent header stops the walk
//! and sets [`Decoded::malformed`]; `decode` never panics, whatever the bytes.
//!
//! This is for `riptide debug` and for tests, not for the data path: it allocates.

use crate::checksum;
use crate::ethernet::{self, EtherType};
use crate::ip::{pseudo_header_sum, IpAddress, Protocol};
use crate::{arp, icmpv4, icmpv6, ipv4, ipv6, mpls, tcp, udp, vlan};
use core::fmt::{self, Write as _};

/// One decoded header (or the payload) of a frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layer {
    /// `"eth"`, `"vlan"`, `"mpls"`, `"arp"`, `"ipv4"`, `"ipv6"`, `"udp"`, `"tcp"`,
    /// `"icmp"`, `"icmpv6"`, `"payload"` or `"padding"`.
    pub name: &'static str,
    /// Offset of the layer's first byte in the frame.
    pub offset: usize,
    /// Length of the layer in bytes (the header only, for headers).
    pub len: usize,
    /// Field names and their values as text, in header order.
    pub fields: Vec<(&'static str, String)>,
    /// `Some(ok)` for layers that carry a checksum that was checked.
    pub checksum_ok: Option<bool>,
}

impl Layer {
    fn new(name: &'static str, offset: usize, len: usize) -> Layer {
        Layer { name, offset, len, fields: Vec::new(), checksum_ok: None }
    }

    fn field(mut self, name: &'static str, value: impl fmt::Display) -> Layer {
        self.fields.push((name, value.to_string()));
        self
    }

    /// The value of the first field called `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.fields.iter().find(|(n, _)| *n == name).map(|(_, v)| v.as_str())
    }

    /// Adds a `checksum` field for a packet whose one's complement sum (checksum field and
    /// pseudo-header included) is `total`, and records whether it verifies.
    fn checksum(mut self, field: u16, total: u64, zero_means: Option<&str>) -> Layer {
        if let (0, Some(note)) = (field, zero_means) {
            self.fields.push(("checksum", format!("0x0000 [{note}]")));
            return self;
        }
        let ok = checksum::fold(total) == 0xFFFF;
        let value = if ok {
            format!("{field:#06x} [correct]")
        } else {
            let mut expected = !checksum::fold(total + u64::from(!field));
            if expected == 0 && zero_means.is_some() {
                expected = 0xFFFF;
            }
            format!("{field:#06x} [incorrect, should be {expected:#06x}]")
        };
        self.fields.push(("checksum", value));
        self.checksum_ok = Some(ok);
        self
    }
}

/// The result of [`decode`]: the layers found and, if the walk stopped early, why.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Decoded {
    /// The layers, outermost first.
    pub layers: Vec<Layer>,
    /// Set when a header is truncated or inconsistent; the walk stops there.
    pub malformed: Option<String>,
}

impl Decoded {
    /// Whether no layer reports a bad checksum (true when there is no checksum at all).
    pub fn all_checksums_ok(&self) -> bool {
        self.layers.iter().all(|l| l.checksum_ok != Some(false))
    }

    /// The first layer called `name`.
    pub fn layer(&self, name: &str) -> Option<&Layer> {
        self.layers.iter().find(|l| l.name == name)
    }

    /// The layer names, outermost first.
    pub fn names(&self) -> Vec<&'static str> {
        self.layers.iter().map(|l| l.name).collect()
    }
}

impl fmt::Display for Decoded {
    /// One line per layer, `name  field=value ...`, then `malformed: ...` if set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for layer in &self.layers {
            write!(f, "{:<6}", layer.name)?;
            if layer.name.len() >= 6 {
                f.write_str(" ")?;
            }
            for (i, (name, value)) in layer.fields.iter().enumerate() {
                let sep = if i == 0 { "" } else { " " };
                write!(f, "{sep}{name}={value}")?;
            }
            writeln!(f)?;
        }
        if let Some(why) = &self.malformed {
            writeln!(f, "malformed: {why}")?;
        }
        Ok(())
    }
}

/// Decodes an Ethernet frame (without FCS) for diagnostics; never panics.
pub fn decode(frame: &[u8]) -> Decoded {
    let mut walk = Walk { frame, out: Decoded::default(), depth: 0 };
    // Each step returns Err(message) when the walk must stop as malformed.
    if let Err(why) = walk.ethernet() {
        walk.out.malformed = Some(why);
    }
    walk.out
}

/// Where the network layer goes next: the upper-layer region and the addresses.
struct Upper {
    protocol: Protocol,
    start: usize,
    end: usize,
    src: IpAddress,
    dst: IpAddress,
    fragment: bool,
}

type Step<T> = Result<T, String>;

struct Walk<'a> {
    /// The frame, or while a tunnel's inner packet is walked, the frame up to the end of
    /// the outer packet that carries it.
    frame: &'a [u8],
    out: Decoded,
    /// Tunnels entered (bounded by [`MAX_TUNNELS`]).
    depth: usize,
}

/// Tunnels inside tunnels the walk enters; deeper ones are payload.
const MAX_TUNNELS: usize = 4;

impl Walk<'_> {
    fn push(&mut self, layer: Layer) {
        self.out.layers.push(layer);
    }

    fn truncated(&self, what: &str, offset: usize, need: usize) -> String {
        let have = self.frame.len().saturating_sub(offset);
        format!("{what} at offset {offset}: truncated, {have} bytes left, need {need}")
    }

    fn ethernet(&mut self) -> Step<()> {
        self.ethernet_at(0)
    }

    fn ethernet_at(&mut self, offset: usize) -> Step<()> {
        let Ok(eth) = ethernet::Frame::new_checked(self.frame.get(offset..).unwrap_or_default()) else {
            return Err(self.truncated("eth", offset, ethernet::HEADER_LEN));
        };
        let ethertype = eth.ethertype();
        self.push(
            Layer::new("eth", offset, ethernet::HEADER_LEN)
                .field("dst", eth.dst_addr())
                .field("src", eth.src_addr())
                .field("type", ethertype),
        );
        self.after_ethertype(ethertype, offset + ethernet::HEADER_LEN)
    }

    /// Walks the inner packet at `offset` (of EtherType `ethertype`) of a tunnel whose
    /// outer packet ends at `end`: its padding is counted up to there.
    fn tunnel_inner(&mut self, ethertype: EtherType, offset: usize, end: usize) -> Step<()> {
        if self.depth >= MAX_TUNNELS {
            self.payload("payload", offset, end);
            return Ok(());
        }
        let full = self.frame;
        self.frame = full.get(..end).unwrap_or(full);
        self.depth += 1;
        let r = match ethertype {
            EtherType(crate::gre::TEB) => self.ethernet_at(offset),
            _ => self.after_ethertype(ethertype, offset),
        };
        self.depth -= 1;
        self.frame = full;
        r
    }

    /// A UDP payload at `start..end` that a tunnel's port announces: true when walked.
    fn udp_tunnel(&mut self, port: u16, start: usize, end: usize) -> Step<bool> {
        let b = self.frame.get(start..end).unwrap_or_default();
        let word = |at: usize| u32::from_be_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]]);
        match port {
            crate::vxlan::PORT | crate::vxlan::GPE_PORT if b.len() >= crate::vxlan::HEADER_LEN => {
                let gpe = port == crate::vxlan::GPE_PORT;
                let mut layer = Layer::new(if gpe { "vxlan_gpe" } else { "vxlan" }, start, crate::vxlan::HEADER_LEN)
                    .field("flags", format_args!("{:#04x}", b[0]));
                if gpe {
                    layer = layer.field("next_proto", b[3]);
                }
                self.push(layer.field("vni", word(4) >> 8));
                let inner = match (gpe, b[3]) {
                    (false, _) | (true, crate::vxlan::next::ETHERNET) => EtherType(crate::gre::TEB),
                    (true, crate::vxlan::next::IPV4) => EtherType::IPV4,
                    (true, crate::vxlan::next::IPV6) => EtherType::IPV6,
                    _ => EtherType(0),
                };
                self.tunnel_inner(inner, start + crate::vxlan::HEADER_LEN, end)?;
                Ok(true)
            }
            crate::geneve::PORT if b.len() >= crate::geneve::HEADER_LEN => {
                let opt_len = usize::from(b[0] & 0x3F) * 4;
                let proto = u16::from_be_bytes([b[2], b[3]]);
                let fits = crate::geneve::HEADER_LEN + opt_len <= b.len();
                let shown = if fits { opt_len } else { 0 };
                self.push(
                    Layer::new("geneve", start, crate::geneve::HEADER_LEN + shown)
                        .field("ver", b[0] >> 6)
                        .field("opt_len", opt_len)
                        .field("oam", b[1] >> 7)
                        .field("critical", (b[1] >> 6) & 1)
                        .field("proto", format_args!("{proto:#06x}"))
                        .field("vni", word(4) >> 8),
                );
                if !fits {
                    return Err(self.truncated("geneve options", start, crate::geneve::HEADER_LEN + opt_len));
                }
                self.tunnel_inner(EtherType(proto), start + crate::geneve::HEADER_LEN + opt_len, end)?;
                Ok(true)
            }
            crate::gtpu::PORT if b.len() >= crate::gtpu::HEADER_LEN => {
                let (flags, msg) = (b[0], b[1]);
                let length = usize::from(u16::from_be_bytes([b[2], b[3]]));
                let optional = if flags & 0x07 != 0 && b.len() >= crate::gtpu::HEADER_LEN + 4 { 4 } else { 0 };
                self.push(
                    Layer::new("gtpu", start, crate::gtpu::HEADER_LEN + optional)
                        .field("flags", format_args!("{flags:#04x}"))
                        .field("type", msg)
                        .field("len", length)
                        .field("teid", word(4)),
                );
                if crate::gtpu::HEADER_LEN + length != b.len() {
                    return Err(format!(
                        "gtpu at offset {start}: length {length} inconsistent with the {} bytes after its first 8",
                        b.len().saturating_sub(crate::gtpu::HEADER_LEN)
                    ));
                }
                let at = start + crate::gtpu::HEADER_LEN + optional;
                // A G-PDU without extension headers carries an IP packet.
                let ext = optional != 0 && flags & 0x04 != 0 && b.get(11).is_some_and(|&n| n != 0);
                let inner = match (msg, ext, self.frame.get(at).map(|v| v >> 4)) {
                    (crate::gtpu::G_PDU, false, Some(4)) => EtherType::IPV4,
                    (crate::gtpu::G_PDU, false, Some(6)) => EtherType::IPV6,
                    _ => EtherType(0),
                };
                self.tunnel_inner(inner, at, end)?;
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// GRE (IP protocol 47) at `up.start..up.end`.
    fn gre(&mut self, up: &Upper, segment: &[u8]) -> Step<()> {
        if segment.len() < crate::gre::HEADER_LEN {
            return Err(self.truncated("gre", up.start, crate::gre::HEADER_LEN));
        }
        let flags = u16::from_be_bytes([segment[0], segment[1]]);
        let proto = u16::from_be_bytes([segment[2], segment[3]]);
        let (c, k, s) = (flags & 0x8000 != 0, flags & 0x2000 != 0, flags & 0x1000 != 0);
        let len = crate::gre::HEADER_LEN + 4 * (usize::from(c) + usize::from(k) + usize::from(s));
        if segment.len() < len {
            return Err(self.truncated("gre", up.start, len));
        }
        let word = |at: usize| u32::from_be_bytes([segment[at], segment[at + 1], segment[at + 2], segment[at + 3]]);
        let mut layer = Layer::new("gre", up.start, len)
            .field("flags", format_args!("{flags:#06x}"))
            .field("proto", format_args!("{proto:#06x}"));
        let mut at = crate::gre::HEADER_LEN + 4 * usize::from(c);
        if k {
            layer = layer.field("key", word(at));
            at += 4;
        }
        if s {
            layer = layer.field("seq", word(at));
        }
        if c {
            let field = u16::from_be_bytes([segment[4], segment[5]]);
            layer = layer.checksum(field, u64::from(checksum::sum(segment)), None);
        }
        self.push(layer);
        self.tunnel_inner(EtherType(proto), up.start + len, up.end)
    }

    fn after_ethertype(&mut self, mut ethertype: EtherType, mut offset: usize) -> Step<()> {
        while ethertype == EtherType::VLAN || ethertype == EtherType::QINQ {
            let rest = self.frame.get(offset..).unwrap_or_default();
            let Ok(tag) = vlan::Tag::new_checked(rest) else {
                return Err(self.truncated("vlan", offset, vlan::HEADER_LEN));
            };
            self.push(
                Layer::new("vlan", offset, vlan::HEADER_LEN)
                    .field("tpid", ethertype)
                    .field("pcp", tag.pcp())
                    .field("dei", u8::from(tag.dei()))
                    .field("vid", tag.vid())
                    .field("type", tag.ethertype()),
            );
            ethertype = tag.ethertype();
            offset += vlan::HEADER_LEN;
        }
        match ethertype {
            EtherType::MPLS | EtherType::MPLS_MULTICAST => self.mpls(offset),
            EtherType::IPV4 => self.ipv4(offset),
            EtherType::IPV6 => self.ipv6(offset),
            EtherType(crate::neighbor::ETHERTYPE_ARP) => self.arp(offset),
            _ => {
                self.payload("payload", offset, self.frame.len());
                Ok(())
            }
        }
    }

    /// An Ethernet/IPv4 ARP packet (anything else after 0x0806 is payload).
    fn arp(&mut self, offset: usize) -> Step<()> {
        let b = self.frame.get(offset..).unwrap_or_default();
        if b.len() < arp::HEADER_LEN {
            return Err(self.truncated("arp", offset, arp::HEADER_LEN));
        }
        if b[..6] != [0, 1, 8, 0, 6, 4] {
            self.payload("payload", offset, self.frame.len());
            return Ok(());
        }
        let mac = |at: usize| ethernet::EthernetAddress([b[at], b[at + 1], b[at + 2], b[at + 3], b[at + 4], b[at + 5]]);
        let ip = |at: usize| std::net::Ipv4Addr::new(b[at], b[at + 1], b[at + 2], b[at + 3]);
        self.push(
            Layer::new("arp", offset, arp::HEADER_LEN)
                .field("op", u16::from_be_bytes([b[6], b[7]]))
                .field("sha", mac(8))
                .field("spa", ip(14))
                .field("tha", mac(18))
                .field("tpa", ip(24)),
        );
        self.payload("padding", offset + arp::HEADER_LEN, self.frame.len());
        Ok(())
    }

    fn mpls(&mut self, mut offset: usize) -> Step<()> {
        loop {
            let rest = self.frame.get(offset..).unwrap_or_default();
            let Ok(entry) = mpls::Entry::new_checked(rest) else {
                return Err(self.truncated("mpls", offset, mpls::HEADER_LEN));
            };
            self.push(
                Layer::new("mpls", offset, mpls::HEADER_LEN)
                    .field("label", entry.label())
                    .field("tc", entry.tc())
                    .field("bos", u8::from(entry.bos()))
                    .field("ttl", entry.ttl()),
            );
            offset += mpls::HEADER_LEN;
            if entry.bos() {
                break;
            }
        }
        match self.frame.get(offset).map(|b| b >> 4) {
            Some(4) => self.ipv4(offset),
            Some(6) => self.ipv6(offset),
            _ => {
                self.payload("payload", offset, self.frame.len());
                Ok(())
            }
        }
    }

    fn ipv4(&mut self, offset: usize) -> Step<()> {
        let bytes = self.frame.get(offset..).unwrap_or_default();
        let packet = ipv4::Packet::new_unchecked(bytes);
        if bytes.len() < ipv4::HEADER_LEN {
            return Err(self.truncated("ipv4", offset, ipv4::HEADER_LEN));
        }
        if packet.version() != 4 {
            return Err(format!("ipv4 at offset {offset}: version {}, expected 4", packet.version()));
        }
        let header_len = usize::from(packet.header_len());
        if header_len < ipv4::HEADER_LEN {
            return Err(format!("ipv4 at offset {offset}: header length {header_len} below 20"));
        }
        if header_len > bytes.len() {
            return Err(self.truncated("ipv4", offset, header_len));
        }
        let header = &bytes[..header_len];
        let total_len = usize::from(packet.total_len());
        let (dont_frag, more_frags) = (packet.dont_frag(), packet.more_frags());
        let flags = match (dont_frag, more_frags) {
            (true, true) => "DF+MF",
            (true, false) => "DF",
            (false, true) => "MF",
            (false, false) => "none",
        };
        self.push(
            Layer::new("ipv4", offset, header_len)
                .field("src", packet.src_addr())
                .field("dst", packet.dst_addr())
                .field("ttl", packet.ttl())
                .field("proto", packet.protocol())
                .field("len", total_len)
                .field("id", format_args!("{:#06x}", packet.ident()))
                .field("tos", format_args!("{:#04x}", packet.tos()))
                .field("flags", flags)
                .field("frag", packet.frag_offset())
                .checksum(packet.checksum(), u64::from(checksum::sum(header)), None),
        );
        if total_len < header_len {
            return Err(format!("ipv4 at offset {offset}: total_len {total_len} below header length {header_len}"));
        }
        if total_len > bytes.len() {
            return Err(format!(
                "ipv4 at offset {offset}: total_len {total_len} larger than the {} bytes left in the frame",
                bytes.len()
            ));
        }
        self.upper(Upper {
            protocol: packet.protocol(),
            start: offset + header_len,
            end: offset + total_len,
            src: IpAddress::V4(packet.src_addr()),
            dst: IpAddress::V4(packet.dst_addr()),
            fragment: more_frags || packet.frag_offset() != 0,
        })
    }

    fn ipv6(&mut self, offset: usize) -> Step<()> {
        let bytes = self.frame.get(offset..).unwrap_or_default();
        let packet = ipv6::Packet::new_unchecked(bytes);
        if bytes.len() < ipv6::HEADER_LEN {
            return Err(self.truncated("ipv6", offset, ipv6::HEADER_LEN));
        }
        if packet.version() != 6 {
            return Err(format!("ipv6 at offset {offset}: version {}, expected 6", packet.version()));
        }
        let payload_len = usize::from(packet.payload_len());
        self.push(
            Layer::new("ipv6", offset, ipv6::HEADER_LEN)
                .field("src", packet.src_addr())
                .field("dst", packet.dst_addr())
                .field("hlim", packet.hop_limit())
                .field("nh", packet.next_header())
                .field("plen", payload_len)
                .field("tc", format_args!("{:#04x}", packet.traffic_class()))
                .field("flow", format_args!("{:#07x}", packet.flow_label())),
        );
        if ipv6::HEADER_LEN + payload_len > bytes.len() {
            return Err(format!(
                "ipv6 at offset {offset}: payload_len {payload_len} larger than the {} bytes left in the frame",
                bytes.len() - ipv6::HEADER_LEN
            ));
        }
        let end = offset + ipv6::HEADER_LEN + payload_len;
        let (mut next, mut at) = (packet.next_header(), offset + ipv6::HEADER_LEN);
        let mut dst = packet.dst_addr();
        let mut fragment = false;
        // Extension headers: hop-by-hop, routing (SRv6's named), destination options,
        // fragment. Each is at least 8 bytes, so the walk ends with the packet.
        while matches!(next.0, 0 | 43 | 44 | 60) && !fragment {
            let b = self.frame.get(at..end).unwrap_or_default();
            if b.len() < 8 {
                return Err(self.truncated("ipv6 extension header", at, 8));
            }
            let len = if next.0 == 44 { 8 } else { (usize::from(b[1]) + 1) * 8 };
            if len > b.len() {
                return Err(self.truncated("ipv6 extension header", at, len));
            }
            let layer = match next.0 {
                0 => Layer::new("hopopts", at, len).field("nh", b[0]).field("len", len),
                60 => Layer::new("dstopts", at, len).field("nh", b[0]).field("len", len),
                44 => {
                    let frag = u16::from_be_bytes([b[2], b[3]]);
                    fragment = frag >> 3 != 0;
                    Layer::new("fraghdr", at, len)
                        .field("nh", b[0])
                        .field("offset", (frag >> 3) * 8)
                        .field("more", frag & 1)
                        .field("id", format_args!("{:#010x}", u32::from_be_bytes([b[4], b[5], b[6], b[7]])))
                }
                _ => {
                    let (kind, left) = (b[2], b[3]);
                    let addrs = (len - 8) / 16;
                    let addr = |k: usize| {
                        let mut o = [0u8; 16];
                        o.copy_from_slice(&b[8 + 16 * k..8 + 16 * (k + 1)]);
                        std::net::Ipv6Addr::from(o)
                    };
                    // The final destination the pseudo-header holds: SRv6 lists it first,
                    // types 0 and 2 last.
                    match kind {
                        4 if left > 0 && addrs > 0 => dst = addr(0),
                        0 | 2 if left > 0 && addrs > 0 => dst = addr(addrs - 1),
                        _ => {}
                    }
                    let mut l = Layer::new(if kind == 4 { "srh" } else { "routing" }, at, len)
                        .field("nh", b[0])
                        .field("type", kind)
                        .field("left", left);
                    if kind == 4 {
                        l = l.field("last", b[4]).field("tag", u16::from_be_bytes([b[6], b[7]]));
                        for k in 0..addrs.min(16) {
                            l = l.field("seg", addr(k));
                        }
                    }
                    l
                }
            };
            self.push(layer);
            (next, at) = (Protocol(b[0]), at + len);
        }
        self.upper(Upper {
            protocol: next,
            start: at,
            end,
            src: IpAddress::V6(packet.src_addr()),
            dst: IpAddress::V6(dst),
            fragment,
        })
    }

    /// Decodes the upper layer in `up.start..up.end`, then the padding up to the frame's end.
    fn upper(&mut self, up: Upper) -> Step<()> {
        let frame = self.frame;
        let segment = frame.get(up.start..up.end).unwrap_or_default();
        let v4 = up.src.is_ipv4();
        let result = match up.protocol {
            _ if up.fragment => {
                self.payload("payload", up.start, up.end);
                Ok(())
            }
            Protocol::UDP => self.udp(&up, segment),
            Protocol::TCP => self.tcp(&up, segment),
            Protocol::ICMP if v4 => self.icmp(&up, segment),
            Protocol::ICMPV6 if !v4 => self.icmpv6(&up, segment),
            Protocol(crate::gre::PROTOCOL) => self.gre(&up, segment),
            _ => {
                self.payload("payload", up.start, up.end);
                Ok(())
            }
        };
        result?;
        self.payload("padding", up.end, frame.len());
        Ok(())
    }

    fn pseudo(up: &Upper, protocol: Protocol, len: usize) -> u64 {
        u64::from(pseudo_header_sum(&up.src, &up.dst, protocol, len as u32))
    }

    fn udp(&mut self, up: &Upper, segment: &[u8]) -> Step<()> {
        let packet = udp::Packet::new_unchecked(segment);
        match packet.check_len() {
            Ok(()) => {}
            Err(_) if segment.len() < udp::HEADER_LEN => {
                return Err(self.truncated("udp", up.start, udp::HEADER_LEN));
            }
            Err(_) => {
                return Err(format!(
                    "udp at offset {}: length field {} inconsistent with the {} bytes of the IP payload",
                    up.start,
                    packet.len(),
                    segment.len()
                ))
            }
        }
        let len = usize::from(packet.len());
        let datagram = &segment[..len];
        let total = Self::pseudo(up, Protocol::UDP, len) + u64::from(checksum::sum(datagram));
        let zero_means = if up.src.is_ipv4() { "none" } else { "missing, mandatory over IPv6" };
        let mut layer = Layer::new("udp", up.start, udp::HEADER_LEN)
            .field("src", packet.src_port())
            .field("dst", packet.dst_port())
            .field("len", len)
            .checksum(packet.checksum(), total, Some(zero_means));
        if packet.checksum() == 0 && !up.src.is_ipv4() {
            layer.checksum_ok = Some(false);
        }
        self.push(layer);
        let (start, end) = (up.start + udp::HEADER_LEN, up.start + len);
        if !self.udp_tunnel(packet.dst_port(), start, end)? {
            self.payload("payload", start, end);
        }
        // Bytes between the UDP length and the IP length are IP-level trailer.
        self.payload("padding", up.start + len, up.end);
        Ok(())
    }

    fn tcp(&mut self, up: &Upper, segment: &[u8]) -> Step<()> {
        let packet = tcp::Packet::new_unchecked(segment);
        if let Err(e) = packet.check_len() {
            return Err(match e {
                crate::Error::Malformed => {
                    format!("tcp at offset {}: header length {} below 20", up.start, packet.header_len())
                }
                // Shorter than a header: the data offset may not even be there to read.
                _ => {
                    let claimed = segment.get(12).map_or(0, |b| usize::from(b >> 4) * 4);
                    self.truncated("tcp", up.start, claimed.max(tcp::HEADER_LEN))
                }
            });
        }
        let header_len = usize::from(packet.header_len());
        let total = Self::pseudo(up, Protocol::TCP, segment.len()) + u64::from(checksum::sum(segment));
        let flags = packet.flags();
        let mut layer = Layer::new("tcp", up.start, header_len)
            .field("src", packet.src_port())
            .field("dst", packet.dst_port())
            .field("seq", packet.seq())
            .field("ack", packet.ack())
            .field("flags", if flags.is_empty() { "none".to_owned() } else { flags.to_string() })
            .field("win", packet.window())
            .field("urg", packet.urgent());
        if header_len > tcp::HEADER_LEN {
            layer = layer.field("options", format_args!("{} bytes", header_len - tcp::HEADER_LEN));
        }
        self.push(layer.checksum(packet.checksum(), total, None));
        self.payload("payload", up.start + header_len, up.end);
        Ok(())
    }

    fn icmp(&mut self, up: &Upper, segment: &[u8]) -> Step<()> {
        let Ok(packet) = icmpv4::Packet::new_checked(segment) else {
            return Err(self.truncated("icmp", up.start, icmpv4::HEADER_LEN));
        };
        let ty = packet.msg_type();
        let mut layer = Layer::new("icmp", up.start, icmpv4::HEADER_LEN)
            .field("type", type_text(ty.0, ty.name()))
            .field("code", packet.msg_code());
        if ty == icmpv4::Message::ECHO_REQUEST || ty == icmpv4::Message::ECHO_REPLY {
            layer = layer.field("id", format_args!("{:#06x}", packet.echo_ident())).field("seq", packet.echo_seq_no());
        }
        let total = u64::from(checksum::sum(segment));
        self.push(layer.checksum(packet.checksum(), total, None));
        self.payload("payload", up.start + icmpv4::HEADER_LEN, up.end);
        Ok(())
    }

    fn icmpv6(&mut self, up: &Upper, segment: &[u8]) -> Step<()> {
        let Ok(packet) = icmpv6::Packet::new_checked(segment) else {
            return Err(self.truncated("icmpv6", up.start, icmpv6::HEADER_LEN));
        };
        let ty = packet.msg_type();
        let mut layer = Layer::new("icmpv6", up.start, icmpv6::HEADER_LEN)
            .field("type", type_text(ty.0, ty.name()))
            .field("code", packet.msg_code());
        if ty == icmpv6::Message::ECHO_REQUEST || ty == icmpv6::Message::ECHO_REPLY {
            layer = layer.field("id", format_args!("{:#06x}", packet.echo_ident())).field("seq", packet.echo_seq_no());
        }
        let total = Self::pseudo(up, Protocol::ICMPV6, segment.len()) + u64::from(checksum::sum(segment));
        self.push(layer.checksum(packet.checksum(), total, None));
        self.payload("payload", up.start + icmpv6::HEADER_LEN, up.end);
        Ok(())
    }

    /// Adds a `name` layer for `start..end` if that is not empty.
    fn payload(&mut self, name: &'static str, start: usize, end: usize) {
        if end > start {
            self.push(Layer::new(name, start, end - start).field("len", end - start));
        }
    }
}

fn type_text(number: u8, name: Option<&str>) -> String {
    match name {
        Some(name) => format!("{number} ({name})"),
        None => number.to_string(),
    }
}

/// A hex dump: per 16 bytes, the offset, the bytes in hex (two groups of 8) and the printable
/// ASCII characters (others as `.`), one line each, each ending in a newline.
///
/// ```text
/// 0000  02 00 00 00 00 02 02 00  00 00 00 01 08 00 45 00   ..............E.
/// ```
pub fn hexdump(frame: &[u8]) -> String {
    let mut out = String::with_capacity(frame.len().div_ceil(16) * 76);
    for (line, chunk) in frame.chunks(16).enumerate() {
        let _ = write!(out, "{:04x}  ", line * 16);
        for i in 0..16 {
            match chunk.get(i) {
                Some(b) => {
                    let _ = write!(out, "{b:02x} ");
                }
                None => out.push_str("   "),
            }
            if i == 7 {
                out.push(' ');
            }
        }
        out.push_str("  ");
        out.extend(chunk.iter().map(|&b| if b.is_ascii_graphic() || b == b' ' { char::from(b) } else { '.' }));
        out.push('\n');
    }
    out
}
