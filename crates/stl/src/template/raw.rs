//! A raw template: any frame, sent byte for byte.
//!
//! [`raw`] takes a frame's bytes as they are (TRex's `STLPktBuilder`, a capture, a
//! profile's `frame:`) and finds what the field engine needs by walking the headers
//! riptide knows, as far as they go: Ethernet, VLAN / QinQ tags, an MPLS stack, IPv4
//! (options included) or IPv6, then UDP, TCP (options included), ICMP or ICMPv6 when the
//! IP header names one. Whatever follows, or any other protocol, is opaque bytes: an
//! IPv4 packet of protocol 61 keeps its header checksum right as fields in it change,
//! and has no L4 checksum.
//!
//! IPv6 extension headers are walked by their lengths: hop-by-hop options, destination
//! options, routing and fragment headers, so the L4 header after them is found. The L4
//! checksum's pseudo-header names the final destination: with segments left, that of a
//! segment routing header (type 4, SRv6: segment list\[0\]) or the last address of a
//! type 0 or 2 routing header; another routing type with segments left makes what
//! follows opaque. A fragment after the first (IPv4 or IPv6, offset > 0) carries no L4
//! header; the first fragment of a larger datagram has one, whose checksum covers the
//! whole datagram: writes update it by their difference, and the frame keeps its size. The result is the same [`Template`] and [`Layout`] that
//! [`build`](super::build) makes from layers, so a raw stream runs on the same hot path.
//!
//! A raw frame is sent at its own length (padded to 60 bytes, as a NIC pads it). Other
//! sizes (a size walk, TRex's `STLVmTrimPktSize`) are taken where the lengths that change
//! are at known offsets: the IP packet runs to the frame's end and its L4 header is
//! UDP, TCP, ICMP or ICMPv6 (riptide then sets the IP and UDP lengths and the checksums
//! per size, cutting the frame or extending it with zeros), or the frame has Ethernet
//! padding after its IP packet (only the padding changes). Anything else is refused,
//! naming the byte whose meaning riptide would have to guess.

use super::layout::{layout_of, Ext, Hdr};
use super::{FrameError, Layout, Template};
use riptide_core::units::FCS_LEN;
use riptide_wire::{checksum, geneve, gre, gtpu, icmpv4, icmpv6, ipv4, ipv6, tcp, udp, vxlan};
use std::ops::Range;

/// The smallest Ethernet frame without its FCS: shorter frames are padded to it.
const MIN_FRAME: usize = 60;

fn err(offset: usize, reason: impl Into<String>) -> FrameError {
    FrameError { offset, reason: reason.into() }
}

fn u16_at(f: &[u8], at: usize) -> Option<u16> {
    f.get(at..at + 2).map(|b| u16::from_be_bytes([b[0], b[1]]))
}

/// The IP header the walk found.
#[derive(Clone, Copy, Debug)]
struct Ip {
    /// Where it starts.
    at: usize,
    v6: bool,
    /// Bytes of header (IPv4 options included).
    header: usize,
    /// Where its length field says the packet ends.
    end: usize,
}

/// The L4 header the walk found.
#[derive(Clone, Copy, Debug)]
struct L4 {
    at: usize,
    hdr: Hdr,
    /// Protocol number, for the pseudo-header.
    proto: u8,
}

/// What the walk over a frame found.
#[derive(Debug, Default)]
struct Walk {
    hdrs: Vec<(Hdr, usize)>,
    /// Where the known headers end.
    header_len: usize,
    ip: Option<Ip>,
    l4: Option<L4>,
    /// Where the walk stopped and why, when bytes it could not name follow the headers
    /// (the frame's own payload after an L4 header is not opaque in this sense).
    opaque: Option<(usize, String)>,
    /// The fragment field of the first fragment of a larger datagram: its L4 length and
    /// checksum cover bytes the frame does not hold.
    first_fragment: Option<usize>,
    /// Where a routing header holds the final destination the pseudo-header names.
    final_dst: Option<usize>,
    /// Where a tunnel header starts (VXLAN, VXLAN-GPE, Geneve, GTP-U, GRE): the headers
    /// after it are the inner packet's.
    tunnel: Option<usize>,
    /// The inner packet's final destination, as `final_dst`.
    inner_final_dst: Option<usize>,
}

impl Walk {
    fn stop(&mut self, at: usize, why: String) {
        self.opaque = Some((at, why));
    }
}

/// Walks the headers of `f` as far as riptide knows them.
fn walk(f: &[u8]) -> Walk {
    let mut w = Walk { hdrs: vec![(Hdr::Eth, 0)], header_len: 14, ..Walk::default() };
    after_ethertype(f, 12, &mut w);
    w
}

/// The headers after the EtherType at `type_at` (an Ethernet header's, outer or inner).
fn after_ethertype(f: &[u8], type_at: usize, w: &mut Walk) {
    let Some(mut etype) = u16_at(f, type_at) else { return };
    let mut type_at = type_at;
    let mut off = type_at + 2;
    while matches!(etype, 0x8100 | 0x88A8 | 0x9100) {
        let Some(next) = u16_at(f, off + 2) else {
            w.stop(off, "the frame ends in a VLAN tag".into());
            return;
        };
        w.hdrs.push((Hdr::Vlan, off));
        (etype, type_at, off) = (next, off + 2, off + 4);
        w.header_len = off;
    }
    let ip_version = if matches!(etype, 0x8847 | 0x8848) {
        loop {
            let Some(entry) = f.get(off..off + 4) else {
                w.stop(off, "the frame ends in the MPLS stack".into());
                return;
            };
            let bottom = entry[2] & 1 != 0;
            w.hdrs.push((Hdr::Mpls, off));
            off += 4;
            w.header_len = off;
            if bottom {
                break;
            }
        }
        f.get(off).map(|b| b >> 4)
    } else {
        match etype {
            0x0800 => Some(4),
            0x86DD => Some(6),
            _ => None,
        }
    };
    if etype == riptide_wire::neighbor::ETHERTYPE_ARP && w.hdrs.last().is_some_and(|h| h.0 != Hdr::Mpls) {
        // Ethernet/IPv4 ARP (htype 1, ptype 0x0800, 6- and 4-byte addresses): fields named.
        if f.get(off..off + 6) == Some(&[0, 1, 8, 0, 6, 4]) && f.len() >= off + riptide_wire::arp::HEADER_LEN {
            w.hdrs.push((Hdr::Arp, off));
            w.header_len = off + riptide_wire::arp::HEADER_LEN;
        } else {
            w.stop(off, "an ARP packet that is not Ethernet/IPv4".into());
        }
        return;
    }
    match ip_version {
        Some(4) => ipv4_walk(f, off, w),
        Some(6) => ipv6_walk(f, off, w),
        _ if w.hdrs.last().is_some_and(|h| h.0 == Hdr::Mpls) => {
            w.stop(off, "no IPv4 or IPv6 after the MPLS stack".into());
        }
        _ => w.stop(type_at, format!("EtherType {etype:#06x} is none riptide knows")),
    }
}

fn ipv4_walk(f: &[u8], at: usize, w: &mut Walk) {
    let Some(&vihl) = f.get(at) else {
        w.stop(at, "the frame ends before the IPv4 header".into());
        return;
    };
    let header = usize::from(vihl & 0x0F) * 4;
    if vihl >> 4 != 4 || header < ipv4::HEADER_LEN || f.len() < at + header {
        w.stop(at, format!("{vihl:#04x} does not start an IPv4 header the frame holds"));
        return;
    }
    let total = usize::from(u16_at(f, at + 2).unwrap_or(0));
    w.hdrs.push((Hdr::Ipv4 { len: header }, at));
    w.header_len = at + header;
    w.ip = Some(Ip { at, v6: false, header, end: at + total });
    if total < header {
        w.stop(at + 2, format!("IPv4 total length {total} is shorter than its {header}-byte header"));
        return;
    }
    let frag = u16_at(f, at + 6).unwrap_or(0);
    if frag & 0x1FFF != 0 {
        w.stop(at + 6, format!("an IPv4 fragment at offset {}: it carries no L4 header", (frag & 0x1FFF) * 8));
        return;
    }
    if frag & 0x2000 != 0 {
        w.first_fragment = Some(at + 6);
    }
    l4_walk(f, at + 9, f[at + 9], at + header, false, w);
}

fn ipv6_walk(f: &[u8], at: usize, w: &mut Walk) {
    if f.len() < at + ipv6::HEADER_LEN || f[at] >> 4 != 6 {
        w.stop(at, "no IPv6 header the frame holds".into());
        return;
    }
    let payload = usize::from(u16_at(f, at + 4).unwrap_or(0));
    w.hdrs.push((Hdr::Ipv6, at));
    w.header_len = at + ipv6::HEADER_LEN;
    let end = at + ipv6::HEADER_LEN + payload;
    w.ip = Some(Ip { at, v6: true, header: ipv6::HEADER_LEN, end });
    let (mut next, mut next_at, mut off) = (f[at + 6], at + 6, at + ipv6::HEADER_LEN);
    while matches!(next, 0 | 43 | 44 | 60) {
        let Some(h) = f.get(off..off + 8).filter(|_| off + 8 <= end) else {
            w.stop(off, format!("the IPv6 packet ends in extension header {next}"));
            return;
        };
        let len = if next == 44 { 8 } else { (usize::from(h[1]) + 1) * 8 };
        if off + len > end.min(f.len()) {
            w.stop(off + 1, format!("extension header {next} of {len} bytes runs past the IPv6 packet"));
            return;
        }
        let ext = match next {
            0 => Ext::HopByHop,
            60 => Ext::DestOptions,
            44 => Ext::Fragment,
            _ if h[2] == 4 => Ext::Srh { segments: ((len - 8) / 16).min(255) as u8 },
            _ => Ext::Routing,
        };
        w.hdrs.push((Hdr::Ipv6Ext(ext), off));
        if next == 43 && !routing_header(f, off, len, w) {
            return;
        }
        if next == 44 {
            let frag = u16_at(f, off + 2).unwrap_or(0);
            if frag >> 3 != 0 {
                w.stop(off + 2, format!("an IPv6 fragment at offset {}: it carries no L4 header", (frag >> 3) * 8));
                return;
            }
            if frag & 1 != 0 {
                w.first_fragment = Some(off + 2);
            }
        }
        (next, next_at, off) = (h[0], off, off + len);
        w.header_len = off;
    }
    l4_walk(f, next_at, next, off, true, w);
}

/// The routing header at `off` (`len` bytes): with segments left, where its final
/// destination is. False (the walk stopped) when riptide does not know where.
fn routing_header(f: &[u8], off: usize, len: usize, w: &mut Walk) -> bool {
    let (kind, left) = (f[off + 2], f[off + 3]);
    if left == 0 || w.final_dst.is_some() {
        // The destination address is the final one (or an earlier header named it).
        return true;
    }
    let addrs = (len - 8) / 16;
    match kind {
        // SRv6's segment list runs from the last segment: [0] is the final destination.
        4 if addrs > 0 => w.final_dst = Some(off + 8),
        // Type 0 (deprecated) and 2 (mobile IPv6) list the addresses in order.
        0 | 2 if addrs > 0 => w.final_dst = Some(off + 8 + 16 * (addrs - 1)),
        _ => {
            w.stop(
                off + 2,
                format!(
                    "routing header type {kind}, segments left {left}: the final destination the L4 checksum \
                     covers is unknown to riptide"
                ),
            );
            return false;
        }
    }
    true
}

/// The L4 header of protocol `proto` (named at `proto_at`) at `at`.
fn l4_walk(f: &[u8], proto_at: usize, proto: u8, at: usize, v6: bool, w: &mut Walk) {
    let end = w.ip.map_or(f.len(), |ip| ip.end.min(f.len()));
    let (hdr, len) = match (proto, v6) {
        (17, _) => (Hdr::Udp { checksum: u16_at(f, at + udp::CHECKSUM).is_some_and(|c| c != 0) }, udp::HEADER_LEN),
        (6, _) => {
            let len = f.get(at + 12).map_or(0, |b| usize::from(b >> 4) * 4);
            (Hdr::Tcp, len.max(tcp::HEADER_LEN))
        }
        (1, false) => (Hdr::Icmp, icmpv4::HEADER_LEN),
        (58, true) => (Hdr::Icmpv6, icmpv6::HEADER_LEN),
        (gre::PROTOCOL, _) => {
            gre_walk(f, proto_at, at, end, w);
            return;
        }
        _ => {
            let family = if v6 { "IPv6 next header" } else { "IPv4 protocol" };
            w.stop(proto_at, format!("{family} {proto} is opaque to riptide"));
            return;
        }
    };
    if at + len > end {
        w.stop(at, format!("the IP packet ends in its {}-byte L4 header", len));
        return;
    }
    w.hdrs.push((hdr, at));
    w.header_len = at + len;
    w.l4 = Some(L4 { at, hdr, proto });
    if proto == 17 {
        udp_tunnel(f, at + udp::HEADER_LEN, end, w);
    }
}

/// What a tunnel header says follows it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Inner {
    Eth,
    Ip,
    /// Something riptide does not walk (its number, for the reason).
    Other(u16),
}

impl Inner {
    fn of_ethertype(t: u16) -> Inner {
        match t {
            gre::TEB => Inner::Eth,
            0x0800 | 0x86DD => Inner::Ip,
            t => Inner::Other(t),
        }
    }
}

/// A tunnel in the UDP payload at `at..end` that its destination port announces.
fn udp_tunnel(f: &[u8], at: usize, end: usize, w: &mut Walk) {
    let Some(dport) = u16_at(f, at - udp::HEADER_LEN + 2) else { return };
    let Some(b) = f.get(at..end) else { return };
    let (hdr, len, inner) = match dport {
        vxlan::PORT if b.len() >= vxlan::HEADER_LEN => (Hdr::Vxlan, vxlan::HEADER_LEN, Inner::Eth),
        vxlan::GPE_PORT if b.len() >= vxlan::HEADER_LEN => {
            let inner = match b[3] {
                vxlan::next::ETHERNET => Inner::Eth,
                vxlan::next::IPV4 | vxlan::next::IPV6 => Inner::Ip,
                n => Inner::Other(n.into()),
            };
            (Hdr::VxlanGpe, vxlan::HEADER_LEN, inner)
        }
        geneve::PORT if b.len() >= geneve::HEADER_LEN => {
            let len = geneve::HEADER_LEN + usize::from(b[0] & 0x3F) * 4;
            (Hdr::Geneve, len, Inner::of_ethertype(u16::from_be_bytes([b[2], b[3]])))
        }
        gtpu::PORT if b.len() >= gtpu::HEADER_LEN => {
            let optional = b[0] & 0x07 != 0;
            let len = gtpu::HEADER_LEN + if optional { 4 } else { 0 };
            // A G-PDU without extension headers carries an IP packet.
            let ext = b[0] & 0x04 != 0 && b.get(11).is_some_and(|&n| n != 0);
            let inner = if b[1] == gtpu::G_PDU && !ext { Inner::Ip } else { Inner::Other(b[1].into()) };
            (Hdr::Gtpu { seq: optional }, len, inner)
        }
        _ => return,
    };
    tunnel(f, hdr, at, len, end, inner, w);
}

/// GRE at `at` (IP protocol 47, the IP packet ending at `end`).
fn gre_walk(f: &[u8], proto_at: usize, at: usize, end: usize, w: &mut Walk) {
    let Some(b) = f.get(at..end).filter(|b| b.len() >= gre::HEADER_LEN) else {
        w.stop(proto_at, "the IP packet ends in its GRE header".into());
        return;
    };
    let flags = u16::from_be_bytes([b[0], b[1]]);
    let word = |k: usize| b.get(k..k + 4).map(|x| u32::from_be_bytes([x[0], x[1], x[2], x[3]]));
    let checksum = flags & 0x8000 != 0;
    let mut k = gre::HEADER_LEN + if checksum { 4 } else { 0 };
    let key = (flags & 0x2000 != 0).then(|| word(k)).flatten();
    k += if flags & 0x2000 != 0 { 4 } else { 0 };
    let seq = (flags & 0x1000 != 0).then(|| word(k)).flatten();
    let repr = gre::Repr { protocol: u16::from_be_bytes([b[2], b[3]]), checksum, key, seq };
    if flags & 0x4007 != 0 || repr.header_len() > b.len() {
        w.stop(at, format!("GRE flags {flags:#06x} (routing or a version other than 0) are opaque to riptide"));
        return;
    }
    tunnel(f, Hdr::Gre(repr), at, repr.header_len(), end, Inner::of_ethertype(repr.protocol), w);
}

/// A tunnel header `hdr` of `len` bytes at `at`, then its inner packet up to `end`: the
/// inner headers are walked as the outer ones, the outer IP and L4 kept for the sizes.
fn tunnel(f: &[u8], hdr: Hdr, at: usize, len: usize, end: usize, inner: Inner, w: &mut Walk) {
    if at + len > end {
        w.stop(at, "the packet ends in its tunnel header".into());
        return;
    }
    w.hdrs.push((hdr, at));
    w.header_len = at + len;
    let inner_at = at + len;
    if w.tunnel.is_some() {
        w.stop(inner_at, "a tunnel inside a tunnel is opaque to riptide (it keeps one level's checksums)".into());
        return;
    }
    w.tunnel = Some(at);
    let outer = (w.ip, w.l4.take(), w.final_dst.take(), w.first_fragment.take());
    match inner {
        Inner::Eth if inner_at + 14 <= end => {
            w.hdrs.push((Hdr::Eth, inner_at));
            w.header_len = inner_at + 14;
            after_ethertype(f, inner_at + 12, w);
        }
        Inner::Ip => match f.get(inner_at).map(|v| v >> 4) {
            Some(4) => ipv4_walk(f, inner_at, w),
            Some(6) => ipv6_walk(f, inner_at, w),
            _ => w.stop(inner_at, "no IPv4 or IPv6 packet where the tunnel says one is".into()),
        },
        Inner::Eth => w.stop(inner_at, "the packet ends in the tunnel's inner Ethernet header".into()),
        Inner::Other(n) => w.stop(at, format!("a tunnel carrying protocol {n:#x}, opaque to riptide")),
    }
    w.inner_final_dst = w.final_dst;
    (w.ip, w.l4, w.final_dst, w.first_fragment) = outer;
}

/// The size (FCS included) a raw frame is sent at by default: its own, at least 64.
pub fn raw_size(frame: &[u8]) -> u16 {
    (frame.len().max(MIN_FRAME) + FCS_LEN).min(usize::from(u16::MAX)) as u16
}

/// The raw template of `frame` (FCS excluded) at `sizes` (FCS included, ascending,
/// non-empty), with the layout of the headers riptide found in it.
pub fn raw(frame: &[u8], sizes: &[u16]) -> Result<(Template, Layout), FrameError> {
    if frame.len() < 14 {
        return Err(err(0, format!("{} bytes is no Ethernet frame", frame.len())));
    }
    if frame.len() + FCS_LEN > usize::from(u16::MAX) {
        return Err(err(0, format!("{} bytes is larger than a frame can be", frame.len())));
    }
    let mut own = frame.to_vec();
    own.resize(frame.len().max(MIN_FRAME), 0);
    let w = walk(&own);
    let padded_ip = w.ip.filter(|ip| ip.end < own.len());
    let mut layout = layout_of(&w.hdrs, w.header_len, padded_ip.map(|ip| ip.end));
    layout.opaque = w.opaque.clone();
    if let (Some(dst), Some(ip), false) = (w.final_dst, w.ip, layout.outer.pseudo.is_empty()) {
        let src = ip.at + ipv6::ADDRS.start;
        layout.outer.pseudo = vec![src..src + 16, dst..dst + 16];
    }
    if let (Some(dst), Some(inner)) = (w.inner_final_dst, layout.inner.as_mut()) {
        // The inner IPv6 source is where the inner pseudo-header's addresses start.
        if let Some(src) = inner.pseudo.first().map(|r| r.start) {
            inner.pseudo = vec![src..src + 16, dst..dst + 16];
        }
    }
    let Some(&min) = sizes.first() else {
        return Err(err(0, "no frame size given"));
    };
    if sizes == [raw_size(frame)] {
        let template = Template::assemble(sizes, Vec::new(), |_| Ok::<_, FrameError>(own.clone()))?;
        return Ok((template, layout));
    }
    let sized = Sized::new(&own, &w, min, &layout.outer.pseudo)?;
    let template = Template::assemble(sizes, sized.patch_at(), |len| Ok::<_, FrameError>(sized.emit(len)))?;
    Ok((template, layout))
}

/// How a raw frame changes with its size.
struct Sized<'a> {
    frame: &'a [u8],
    ip: Ip,
    /// The IP packet ends at the frame's end: its lengths and checksums follow the size.
    /// Otherwise only the Ethernet padding after it changes.
    grows: bool,
    l4: Option<L4>,
    /// The addresses in the L4 checksum's pseudo-header.
    pseudo: &'a [Range<usize>],
}

impl<'a> Sized<'a> {
    /// Refuses sizes (FCS included) from `min` up where riptide would guess.
    fn new(frame: &'a [u8], w: &Walk, min: u16, pseudo: &'a [Range<usize>]) -> Result<Self, FrameError> {
        let own = frame.len();
        let fixed = |at: usize, why: &str| {
            err(at, format!("{why}: the frame is sent at its own {} bytes (size {})", own, own + FCS_LEN))
        };
        let Some(ip) = w.ip else {
            let arp = w.hdrs.iter().any(|h| h.0 == Hdr::Arp);
            let (at, why) = w.opaque.clone().unwrap_or_else(|| {
                (12, if arp { "EtherType 0x0806 (ARP) is no IP packet" } else { "no IP packet" }.into())
            });
            return Err(fixed(at, &format!("{why}, so riptide knows no length field to change with the size")));
        };
        let len_at = ip.at + if ip.v6 { ipv6::LENGTH } else { ipv4::LENGTH };
        if ip.end > own {
            return Err(fixed(
                len_at,
                &format!("the IP length says {} bytes, the frame holds {}", ip.end - ip.at, own - ip.at),
            ));
        }
        let grows = ip.end == own;
        if let (Some(at), true) = (w.tunnel, grows) {
            return Err(fixed(
                at,
                "a tunnel's inner packet has lengths and checksums of its own to change with the size",
            ));
        }
        if grows {
            if let Some((at, why)) = &w.opaque {
                return Err(fixed(*at, &format!("{why}: lengths inside it are unknown")));
            }
            if let Some(at) = w.first_fragment {
                let why =
                    "the first fragment of a larger datagram: its L4 length and checksum cover bytes it does not hold";
                return Err(fixed(at, why));
            }
        }
        let needed = if grows { w.header_len } else { ip.end }.max(MIN_FRAME) + FCS_LEN;
        if usize::from(min) < needed {
            let what = if grows { "the headers riptide must keep" } else { "the IP packet before its padding" };
            return Err(err(
                0,
                format!("frame size {min} B is smaller than {what}: at least {needed} B (with the 4 B FCS) expected"),
            ));
        }
        Ok(Sized { frame, ip, grows, l4: w.l4, pseudo })
    }

    /// Offsets of the 16-bit fields that change with the size.
    fn patch_at(&self) -> Vec<u16> {
        if !self.grows {
            return Vec::new();
        }
        let at = self.ip.at;
        let mut v = if self.ip.v6 { vec![at + ipv6::LENGTH] } else { vec![at + ipv4::LENGTH, at + ipv4::CHECKSUM] };
        match self.l4 {
            Some(L4 { at, hdr: Hdr::Udp { checksum: true }, .. }) => v.extend([at + udp::LENGTH, at + udp::CHECKSUM]),
            Some(L4 { at, hdr: Hdr::Udp { checksum: false }, .. }) => v.push(at + udp::LENGTH),
            Some(L4 { at, hdr: Hdr::Tcp, .. }) => v.push(at + tcp::CHECKSUM),
            Some(L4 { at, hdr: Hdr::Icmp, .. }) => v.push(at + icmpv4::CHECKSUM),
            Some(L4 { at, .. }) => v.push(at + icmpv6::CHECKSUM),
            None => {}
        }
        v.into_iter().map(|o| o as u16).collect()
    }

    /// The frame at `len` bytes (FCS excluded): cut or extended with zeros, and, when the
    /// IP packet follows the size, its lengths and checksums set for it. At the frame's
    /// own length, the frame as given.
    fn emit(&self, len: usize) -> Vec<u8> {
        let mut f = self.frame.to_vec();
        if len == f.len() {
            return f;
        }
        f.resize(len, 0);
        if !self.grows {
            return f;
        }
        let Ip { at, v6, header, .. } = self.ip;
        let put = |f: &mut [u8], at: usize, v: u16| f[at..at + 2].copy_from_slice(&v.to_be_bytes());
        if v6 {
            put(&mut f, at + ipv6::LENGTH, (len - at - header) as u16);
        } else {
            put(&mut f, at + ipv4::LENGTH, (len - at) as u16);
            put(&mut f, at + ipv4::CHECKSUM, 0);
            let c = !checksum::data(&f[at..at + header]);
            put(&mut f, at + ipv4::CHECKSUM, c);
        }
        let Some(l4) = self.l4 else { return f };
        let csum_at = l4.at
            + match l4.hdr {
                Hdr::Udp { checksum } => {
                    put(&mut f, l4.at + udp::LENGTH, (len - l4.at) as u16);
                    if !checksum {
                        return f;
                    }
                    udp::CHECKSUM
                }
                Hdr::Tcp => tcp::CHECKSUM,
                Hdr::Icmp => icmpv4::CHECKSUM,
                _ => icmpv6::CHECKSUM,
            };
        put(&mut f, csum_at, 0);
        let mut acc = u64::from(checksum::sum(&f[l4.at..len]));
        if l4.hdr != Hdr::Icmp {
            acc += self.pseudo.iter().map(|r| u64::from(checksum::sum(&f[r.clone()]))).sum::<u64>();
            acc += u64::from(l4.proto) + (len - l4.at) as u64;
        }
        let c = !checksum::fold(acc);
        put(&mut f, csum_at, if matches!(l4.hdr, Hdr::Udp { .. }) { udp::transmitted(c) } else { c });
        f
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::Layer;
    use proptest::prelude::*;

    fn layered(yaml: &str, sizes: &[u16]) -> (Template, Layout) {
        let layers: Vec<Layer> = serde_saphyr::from_str(yaml).unwrap();
        super::super::build(&layers, sizes).unwrap()
    }

    /// The frame `t` writes at `size`.
    fn at(t: &Template, size: u16) -> Vec<u8> {
        let mut buf = vec![0u8; 2048];
        let n = t.write(&mut buf, size);
        buf.truncate(n);
        buf
    }

    /// Whether the IPv4 header at `ip` (of `len` bytes) and the L4 checksum over
    /// `l4..end` (pseudo-header from the IP header unless ICMPv4) are right.
    fn checksums_ok(f: &[u8], ip: usize, v6: bool, l4: Option<(usize, u8)>) -> bool {
        let header = if v6 { 40 } else { usize::from(f[ip] & 0x0F) * 4 };
        let end = if v6 {
            ip + 40 + usize::from(u16::from_be_bytes([f[ip + 4], f[ip + 5]]))
        } else {
            ip + usize::from(u16::from_be_bytes([f[ip + 2], f[ip + 3]]))
        };
        if !v6 && checksum::data(&f[ip..ip + header]) != 0xFFFF {
            return false;
        }
        let Some((at, proto)) = l4 else { return true };
        let mut acc = u64::from(checksum::sum(&f[at..end]));
        if proto != 1 {
            let addrs = if v6 { ip + 8..ip + 40 } else { ip + 12..ip + 20 };
            acc += u64::from(checksum::sum(&f[addrs])) + u64::from(proto) + (end - at) as u64;
        }
        checksum::fold(acc) == 0xFFFF
    }

    /// Eth / IPv4 with 4 bytes of options (NOP NOP NOP EOL) / `l4`, total `len` bytes.
    fn ipv4_options(proto: u8, l4: &[u8], payload: &[u8]) -> Vec<u8> {
        let mut f = vec![2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1, 0x08, 0x00];
        let total = 24 + l4.len() + payload.len();
        f.extend([0x46, 0, (total >> 8) as u8, total as u8, 0, 1, 0x40, 0, 64, proto, 0, 0]);
        f.extend([198, 18, 0, 1, 198, 19, 0, 1, 1, 1, 1, 0]);
        f.extend(l4);
        f.extend(payload);
        let c = !checksum::data(&f[14..38]);
        f[24..26].copy_from_slice(&c.to_be_bytes());
        f
    }

    fn fix_l4(f: &mut [u8], ip: usize, v6: bool, at: usize, proto: u8, csum_at: usize) {
        f[csum_at..csum_at + 2].fill(0);
        let end = f.len();
        let addrs = if v6 { ip + 8..ip + 40 } else { ip + 12..ip + 20 };
        let acc = u64::from(checksum::sum(&f[at..end]))
            + u64::from(checksum::sum(&f[addrs]))
            + u64::from(proto)
            + (end - at) as u64;
        let c = !checksum::fold(acc);
        f[csum_at..csum_at + 2].copy_from_slice(&c.to_be_bytes());
    }

    #[test]
    fn frames_the_layers_describe_give_the_layers_template_and_layout() {
        // Every stack the layer model builds: the raw form finds the same fields, checksums
        // and size-dependent bytes (hex payloads: written once, then zeros, as raw extends).
        for yaml in [
            "[{eth: {}}, {ipv4: {}}, {udp: {}}, {payload: {hex: 0102030405}}]",
            "[{eth: {}}, {vlan: {id: 7, pcp: 5}}, {vlan: {id: 300}}, {ipv4: {df: true}}, {tcp: {flags: PA}}]",
            "[{eth: {}}, {mpls: {label: 16}}, {mpls: {label: 17}}, {ipv6: {flow_label: 5}}, {udp: {}}]",
            "[{eth: {}}, {ipv4: {}}, {icmp: {id: 3, seq: 4}}, {payload: {hex: abab}}]",
            "[{eth: {}}, {ipv6: {}}, {icmpv6: {type: echo_reply}}]",
            "[{eth: {}}, {ipv6: {}}, {tcp: {}}]",
            "[{eth: {}}, {ipv4: {}}, {udp: {checksum: false}}]",
            "[{eth: {}}, {ipv4: {proto: 61}}, {payload: {hex: 6c6162}}]",
            "[{eth: {}}, {ipv4: {options: '94040000'}}, {udp: {}}]",
            "[{eth: {}}, {ipv4: {}}, {tcp: {options: {mss: 1460, wscale: 7, sack_perm: true}}}]",
            "[{eth: {}}, {vlan: {id: 3}}, {ipv4: {options: '0101010101'}}, {tcp: {}}]",
            "[{eth: {}}, {ipv6: {}}, {hop_by_hop: {options: '05020000'}}, {dest_opts: {}}, {frag: {}}, {udp: {}}]",
            "[{eth: {}}, {ipv6: {}}, {dest_opts: {options: '0102aaaa0000'}}, {tcp: {}}]",
        ] {
            // An opaque protocol is sent at its own size only.
            let opaque = yaml.contains("61");
            let sizes: Vec<u16> = if opaque { vec![130] } else { (100..=160).collect() };
            let (want, want_layout) = layered(yaml, &sizes);
            let frame = at(&want, 130);
            let (got, layout) = raw(&frame, &sizes).unwrap_or_else(|e| panic!("{yaml}: {e}"));
            assert_eq!(layout.fields, want_layout.fields, "{yaml}");
            assert_eq!(layout.csum(), want_layout.csum(), "{yaml}");
            assert_eq!(layout.outer.ipv4_header, want_layout.outer.ipv4_header, "{yaml}");
            assert_eq!(layout.outer.pseudo, want_layout.outer.pseudo, "{yaml}");
            assert_eq!(layout.outer.l4_start, want_layout.outer.l4_start, "{yaml}");
            assert_eq!(layout.outer.udp_length, want_layout.outer.udp_length, "{yaml}");
            assert_eq!(layout.header_len, want_layout.header_len, "{yaml}");
            for &s in &sizes {
                assert_eq!(at(&got, s), at(&want, s), "{yaml} at size {s}");
            }
        }
    }

    #[test]
    fn tunnel_frames_give_the_layers_layout_outer_and_inner() {
        // A tunnel frame the layers build: the raw walk follows the UDP port or GRE into
        // the inner packet and finds the same fields, the same four checksums, the same
        // coverage of every byte (the counts the engine fixes them by), at its own size.
        for yaml in [
            "[{eth: {}}, {ipv4: {}}, {udp: {}}, {vxlan: {vni: 5}}, {eth: {}}, {ipv4: {}}, {udp: {}}]",
            "[{eth: {}}, {ipv4: {}}, {udp: {checksum: true}}, {vxlan: {}}, {eth: {}}, {vlan: {id: 9}}, {ipv6: {}}, {tcp: {}}]",
            "[{eth: {}}, {ipv6: {}}, {udp: {}}, {geneve: {options: [{class: 1, type: 2, data: '01020304'}]}}, {eth: {}}, {ipv4: {}}, {icmp: {}}]",
            "[{eth: {}}, {ipv6: {}}, {udp: {}}, {vxlan_gpe: {}}, {ipv6: {}}, {udp: {}}]",
            "[{eth: {}}, {ipv4: {}}, {gre: {key: 3, seq: 4, checksum: true}}, {eth: {}}, {ipv4: {}}, {udp: {}}]",
            "[{eth: {}}, {ipv6: {}}, {gre: {}}, {ipv6: {}}, {srh: {segments: ['2001:2::5', '2001:2::6']}}, {udp: {}}]",
            "[{eth: {}}, {ipv4: {}}, {udp: {checksum: true}}, {gtpu: {teid: 7, seq: 1}}, {ipv4: {}}, {tcp: {}}]",
        ] {
            let (want, want_layout) = layered(yaml, &[200]);
            let frame = at(&want, 200);
            let (got, layout) = raw(&frame, &[200]).unwrap_or_else(|e| panic!("{yaml}: {e}"));
            assert_eq!(at(&got, 200), frame, "{yaml}");
            assert_eq!(layout.opaque, None, "{yaml}");
            assert_eq!(layout.fields, want_layout.fields, "{yaml}");
            assert_eq!(layout.csum(), want_layout.csum(), "{yaml}");
            assert_eq!(layout.outer, want_layout.outer, "{yaml}");
            assert_eq!(layout.inner, want_layout.inner, "{yaml}");
            assert!(layout.inner.is_some(), "{yaml}");
            assert_eq!(layout.header_len, want_layout.header_len, "{yaml}");
            for off in 0..frame.len() - 1 {
                assert_eq!(layout.coverage(off, 2), want_layout.coverage(off, 2), "{yaml} at {off}");
            }
            // At another size the inner lengths would change too: refused, naming why.
            let e = raw(&frame, &[180, 200]).map(|_| ()).unwrap_err().to_string();
            assert!(e.contains("inner packet has lengths and checksums"), "{e}");
        }
    }

    #[test]
    fn ipv4_options_are_in_the_header_checksum_and_move_the_l4_header() {
        let mut udp = [0x04, 0x01, 0x00, 0x0c, 0, 14, 0, 0];
        udp[4..6].copy_from_slice(&((8 + 40) as u16).to_be_bytes());
        let mut f = ipv4_options(17, &udp, &[b'a'; 40]);
        fix_l4(&mut f, 14, false, 38, 17, 44);
        assert!(crate::template::layers_of_frame(&f).is_err(), "the layers refuse IPv4 options");
        let (t, l) = raw(&f, &[raw_size(&f)]).unwrap();
        assert_eq!(&at(&t, raw_size(&f))[..f.len()], &f[..], "byte for byte");
        assert_eq!(l.outer.ipv4_header, Some(14..38), "the options are in the header the checksum covers");
        assert_eq!(l.csum().ip(), Some(24));
        assert_eq!(l.csum().l4(), Some(44));
        assert!(l.csum().l4_is_udp());
        assert_eq!(l.outer.l4_start, Some(38));
        assert_eq!(l.header_len, 46);
        assert_eq!(l.field("udp.dport").map(|d| d.offset), Some(40));
        assert_eq!(l.field("ipv4.src").map(|d| d.offset), Some(26));
        // Trimmed and grown, every size has its lengths and checksums right.
        let sizes: Vec<u16> = (64..=90).collect();
        let (t, _) = raw(&f, &sizes).unwrap();
        for s in sizes {
            let g = at(&t, s);
            assert_eq!(g.len(), usize::from(s) - 4);
            assert_eq!(usize::from(u16::from_be_bytes([g[16], g[17]])), g.len() - 14, "size {s}");
            assert_eq!(usize::from(u16::from_be_bytes([g[42], g[43]])), g.len() - 38, "size {s}");
            assert!(checksums_ok(&g, 14, false, Some((38, 17))), "size {s}: {g:02x?}");
            assert_eq!(&g[..16], &f[..16], "size {s}: the bytes before the length");
            assert_eq!(&g[18..24], &f[18..24], "size {s}: the bytes between length and checksum");
        }
    }

    #[test]
    fn tcp_options_are_still_tcp_for_the_checksum() {
        // Eth / IPv6 / TCP with 12 bytes of options (MSS, SACK permitted, NOPs), a payload.
        let mut f = vec![2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1, 0x86, 0xDD];
        f.extend([0x60, 0, 0, 0, 0, 0, 6, 64]);
        f.extend([0x20, 1, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
        f.extend([0x20, 1, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1]);
        f.extend([0x04, 0x01, 0x00, 0x50, 0, 0, 0, 1, 0, 0, 0, 0, 0x80, 0x02, 0x20, 0x00, 0, 0, 0, 0]);
        f.extend([2, 4, 5, 0xb4, 4, 2, 1, 1, 1, 1, 1, 0]);
        f.extend(b"hello");
        let plen = (f.len() - 54) as u16;
        f[18..20].copy_from_slice(&plen.to_be_bytes());
        fix_l4(&mut f, 14, true, 54, 6, 70);
        assert!(crate::template::layers_of_frame(&f).is_err(), "the layers refuse TCP options");
        let (_, l) = raw(&f, &[raw_size(&f)]).unwrap();
        assert_eq!(l.csum().l4(), Some(70));
        assert!(!l.csum().l4_is_udp());
        assert_eq!(l.csum().ip(), None);
        assert_eq!(l.outer.l4_start, Some(54));
        assert_eq!(l.outer.pseudo.first(), Some(&(22..54)));
        assert_eq!(l.outer.pseudo.len(), 1);
        assert_eq!(l.header_len, 86, "the options are header");
        let sizes: Vec<u16> = (90..=120).step_by(3).collect();
        let (t, _) = raw(&f, &sizes).unwrap();
        for s in sizes {
            assert!(checksums_ok(&at(&t, s), 14, true, Some((54, 6))), "size {s}");
        }
    }

    #[test]
    fn an_opaque_protocol_keeps_its_ip_checksum_and_has_no_l4_one() {
        // IPv4 protocol 61 with a random ASCII payload, plain, over 802.1Q, and IPv6's.
        let payload = b"lkHJgq8e0Jd7xYz";
        let v4 = layered("[{eth: {}}, {ipv4: {proto: 61}}]", &[64]).0;
        let mut f = v4.bytes()[..34].to_vec();
        f.extend(payload);
        let total = (f.len() - 14) as u16;
        f[16..18].copy_from_slice(&total.to_be_bytes());
        f[24..26].fill(0);
        let c = !checksum::data(&f[14..34]);
        f[24..26].copy_from_slice(&c.to_be_bytes());
        let (t, l) = raw(&f, &[raw_size(&f)]).unwrap();
        let out = at(&t, raw_size(&f));
        assert_eq!(&out[..f.len()], &f[..]);
        assert!(out[f.len()..].iter().all(|&b| b == 0), "padded to 60 with zeros");
        assert_eq!((l.csum().ip(), l.csum().l4(), l.outer.l4_start), (Some(24), None, None));
        assert!(l.outer.pseudo.is_empty());
        assert_eq!(l.content_end, Some(f.len()), "the padding is outside the IP packet");
        assert_eq!(l.header_len, 34);
        assert!(l.coverage(26, 4).ip() && !l.coverage(26, 4).l4(), "ipv4.src: the IPv4 checksum only");
        assert!(!l.coverage(40, 4).ip() && !l.coverage(40, 4).l4(), "the payload: no checksum");

        let mut tagged = f[..12].to_vec();
        tagged.extend([0x81, 0x00, 0x00, 0x05]);
        tagged.extend(&f[12..]);
        let (_, l) = raw(&tagged, &[raw_size(&tagged)]).unwrap();
        assert_eq!((l.csum().ip(), l.csum().l4()), (Some(28), None));
        assert_eq!(l.field("vlan.id").map(|d| d.offset), Some(14));
        assert_eq!(l.field("ipv4.src").map(|d| d.offset), Some(30));

        let v6 = layered("[{eth: {}}, {ipv6: {next_header: 61}}]", &[64]).0;
        let mut f6 = v6.bytes()[..54].to_vec();
        f6.extend(payload);
        let plen = (f6.len() - 54) as u16;
        f6[18..20].copy_from_slice(&plen.to_be_bytes());
        let (_, l) = raw(&f6, &[raw_size(&f6)]).unwrap();
        assert_eq!((l.csum().ip(), l.csum().l4()), (None, None));
        assert!(l.outer.pseudo.is_empty());
        assert_eq!(l.header_len, 54);
        assert_eq!(l.field("ipv6.dst").map(|d| d.offset), Some(38));

        // Its size cannot change: lengths inside protocol 61 are unknown. Grown to the
        // frame's end, the walk is refused naming the protocol byte.
        let mut long = f.clone();
        long.extend([b'x'; 40]);
        let total = (long.len() - 14) as u16;
        long[16..18].copy_from_slice(&total.to_be_bytes());
        let e = raw(&long, &[64, 80]).unwrap_err();
        assert_eq!(e.offset, 23, "{e}");
        assert!(e.reason.contains("IPv4 protocol 61 is opaque"), "{e}");
    }

    #[test]
    fn what_is_no_ip_is_sent_at_its_own_size_only() {
        // ARP: its fields named, no checksum; a size walk is refused naming the EtherType.
        let mut arp = vec![0xff; 6];
        arp.extend([2, 0, 0, 0, 0, 1, 0x08, 0x06, 0, 1, 8, 0, 6, 4, 0, 1]);
        arp.resize(42, 7);
        let (t, l) = raw(&arp, &[64]).unwrap();
        assert_eq!(&at(&t, 64)[..42], &arp[..]);
        assert_eq!(l.csum(), crate::field::ChecksumFields::default());
        assert_eq!(l.header_len, 42);
        assert!(l.field("eth.src").is_some() && l.field("ipv4.src").is_none());
        assert_eq!(l.field("arp.spa").map(|f| (f.offset, f.size)), Some((28, 4)));
        // An ARP packet of another kind (not Ethernet/IPv4) names nothing past Ethernet.
        let mut other = arp.clone();
        other[16] = 0x86;
        let (_, l) = raw(&other, &[64]).unwrap();
        assert!(l.field("arp.spa").is_none() && l.opaque.is_some());
        let e = raw(&arp, &[64, 128]).unwrap_err();
        assert_eq!(e.offset, 12, "{e}");
        assert!(e.reason.contains("EtherType 0x0806"), "{e}");
        assert!(raw(&arp[..13], &[64]).is_err(), "shorter than an Ethernet header");
    }

    #[test]
    fn a_fragment_and_nonzero_padding_are_sent_as_given() {
        let mut f = at(&layered("[{eth: {}}, {ipv4: {}}, {udp: {}}, {payload: {len: 2, hex: abcd}}]", &[64]).0, 64);
        // Non-zero padding: the layers refuse it; raw keeps it, outside every checksum.
        f[50] = 0x99;
        assert!(crate::template::layers_of_frame(&f).is_err());
        let (t, l) = raw(&f, &[64]).unwrap();
        assert_eq!(at(&t, 64), f);
        assert_eq!(l.content_end, Some(44));
        assert_eq!(l.csum().l4(), Some(40));
        assert!(!l.coverage(50, 2).l4(), "padding touches no checksum");
        // Sizes change the padding only, never below the IP packet.
        let (t, _) = raw(&f, &[64, 65, 100]).unwrap();
        assert_eq!(at(&t, 100)[..60], f[..]);
        assert!(raw(&f, &[47, 64]).is_err());
        // MF set, offset 0: the first fragment has its UDP header, whose checksum covers
        // the whole datagram: writes update it by their difference; its size is its own.
        let mut frag = f.clone();
        frag[20] |= 0x20;
        let (_, l) = raw(&frag, &[64]).unwrap();
        assert_eq!((l.csum().ip(), l.csum().l4()), (Some(24), Some(40)));
        assert!(l.field("udp.dport").is_some());
        let mut whole = frag[..44].to_vec();
        whole.extend([7; 40]);
        whole[17] += 40;
        let e = raw(&whole, &[64, 100]).unwrap_err();
        assert!(e.offset == 20 && e.reason.contains("first fragment"), "{e}");
        // An offset: the IPv4 checksum is kept, what the fragment carries is opaque.
        frag[21] = 0x10;
        let (_, l) = raw(&frag, &[64]).unwrap();
        assert_eq!((l.csum().ip(), l.csum().l4()), (Some(24), None));
        assert!(l.field("udp.dport").is_none());
    }

    proptest! {
        #[test]
        fn any_bytes_give_a_template_or_an_error_never_a_panic(
            bytes in proptest::collection::vec(any::<u8>(), 0..200),
            ip in proptest::sample::select(vec![0x0800u16, 0x86DD, 0x8100, 0x8847, 0x0806]),
            sizes in proptest::collection::btree_set(60u16..300, 1..4),
        ) {
            let mut f = bytes;
            if f.len() >= 14 {
                f[12..14].copy_from_slice(&ip.to_be_bytes());
            }
            if f.len() >= 15 && ip == 0x0800 {
                f[14] = 0x40 | (f[14] & 0x0F);
            }
            let sizes: Vec<u16> = sizes.into_iter().collect();
            if let Ok((t, l)) = raw(&f, &sizes) {
                for &s in &sizes {
                    let out = at(&t, s);
                    prop_assert_eq!(out.len(), usize::from(s) - 4);
                }
                prop_assert!(l.header_len <= t.max_len().max(60));
            }
        }
    }
}
