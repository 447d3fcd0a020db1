//! Resolving a layer list (next-protocol numbers, TPIDs, bottom of stack) and
//! emitting it through the `riptide-wire` Reprs.

use super::layout::{layout_of, Ext, Hdr};
use super::{payload_bytes, Layout};
use crate::schema::{
    ArpOp, ArpSpec, GreSpec, GtpuSpec, IcmpSpec, Layer, PayloadSpec, SrhSpec, TcpOptionsSpec, TcpSpec,
};
use riptide_wire::ethernet::{self, EtherType, EthernetAddress};
use riptide_wire::ip::{IpAddress, Protocol};
use riptide_wire::{arp, geneve, gre, gtpu, icmpv4, icmpv6, ipv4, ipv6, mpls, srh, tcp, udp, vlan, vxlan};
use std::net::{Ipv4Addr, Ipv6Addr};

/// A layer list that cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LayerError {
    /// Layers in an order riptide cannot build.
    #[error("packet[{index}] ({layer}): {reason}")]
    Order {
        /// Position in the list.
        index: usize,
        /// Layer name.
        layer: &'static str,
        /// What is expected instead.
        reason: String,
    },
    /// A field value out of range.
    #[error("packet[{index}] ({layer}): {reason}")]
    Value {
        /// Position in the list.
        index: usize,
        /// Layer name.
        layer: &'static str,
        /// What is expected.
        reason: String,
    },
    /// Payload content that cannot be used.
    #[error("payload: {0}")]
    Payload(String),
    /// A frame size below the headers.
    #[error(
        "frame size {size} B is smaller than the headers: at least {needed} B (headers, a fixed payload's length and the 4 B FCS) expected"
    )]
    TooSmall {
        /// Smallest size asked for.
        size: usize,
        /// Headers, a fixed payload and the FCS.
        needed: usize,
    },
    /// No frame size at all.
    #[error("no frame size given")]
    NoSizes,
}

impl LayerError {
    /// The same error with layer indexes moved by `delta` (when a default layer
    /// was added in front of the user's list).
    pub fn shifted(self, delta: isize) -> Self {
        let fix = |i: usize| i.saturating_add_signed(delta);
        match self {
            LayerError::Order { index, layer, reason } => LayerError::Order { index: fix(index), layer, reason },
            LayerError::Value { index, layer, reason } => LayerError::Value { index: fix(index), layer, reason },
            other => other,
        }
    }
}

fn layer_name(l: &Layer) -> &'static str {
    match l {
        Layer::Eth(_) => "eth",
        Layer::Vlan(_) => "vlan",
        Layer::Mpls(_) => "mpls",
        Layer::Arp(_) => "arp",
        Layer::Ipv4(_) => "ipv4",
        Layer::Ipv6(_) => "ipv6",
        Layer::Udp(_) => "udp",
        Layer::Tcp(_) => "tcp",
        Layer::Icmp(_) => "icmp",
        Layer::Icmpv6(_) => "icmpv6",
        Layer::Srh(_) => "srh",
        Layer::HopByHop(_) => "hop_by_hop",
        Layer::DestOpts(_) => "dest_opts",
        Layer::Frag(_) => "frag",
        Layer::Vxlan(_) => "vxlan",
        Layer::VxlanGpe(_) => "vxlan_gpe",
        Layer::Geneve(_) => "geneve",
        Layer::Gre(_) => "gre",
        Layer::Gtpu(_) => "gtpu",
        Layer::Payload(_) => "payload",
    }
}

fn header_len(l: &Layer) -> usize {
    match l {
        Layer::Eth(_) => ethernet::HEADER_LEN,
        Layer::Vlan(_) | Layer::Mpls(_) => 4,
        Layer::Arp(_) => arp::HEADER_LEN,
        Layer::Ipv4(_) => ipv4::HEADER_LEN,
        Layer::Ipv6(_) => ipv6::HEADER_LEN,
        Layer::Udp(_) | Layer::Icmp(_) | Layer::Icmpv6(_) => 8,
        Layer::Tcp(_) => tcp::HEADER_LEN,
        Layer::Srh(r) => srh::header_len(r.segments.len()),
        // With their options: Plan::new.
        Layer::HopByHop(_) | Layer::DestOpts(_) => 2,
        Layer::Frag(_) => FRAG_LEN,
        Layer::Vxlan(_) | Layer::VxlanGpe(_) => vxlan::HEADER_LEN,
        Layer::Geneve(_) => geneve::HEADER_LEN,
        Layer::Gre(_) => gre::HEADER_LEN,
        Layer::Gtpu(_) => gtpu::HEADER_LEN,
        Layer::Payload(_) => 0,
    }
}

/// An IPv6 extension header riptide builds.
fn is_v6_ext(l: &Layer) -> bool {
    matches!(l, Layer::Srh(_) | Layer::HopByHop(_) | Layer::DestOpts(_) | Layer::Frag(_))
}

/// The IPv6 fragment header's length.
const FRAG_LEN: usize = 8;

/// Most option bytes an IPv6 options header holds (its 8-bit length in 8-byte units).
const MAX_V6_OPTIONS: usize = 256 * 8 - 2;

/// A tunnel header: what follows it is an inner packet.
fn is_tunnel(l: &Layer) -> bool {
    matches!(l, Layer::Vxlan(_) | Layer::VxlanGpe(_) | Layer::Geneve(_) | Layer::Gre(_) | Layer::Gtpu(_))
}

/// A tunnel header carried in UDP.
fn is_udp_tunnel(l: &Layer) -> bool {
    matches!(l, Layer::Vxlan(_) | Layer::VxlanGpe(_) | Layer::Geneve(_) | Layer::Gtpu(_))
}

/// Rank of a layer in the only order riptide builds a packet (outer or inner):
/// eth, vlan*, mpls*, (ipv4|ipv6|arp)?, (udp|tcp|icmp|icmpv6|gre)?, udp tunnel?, payload?
fn rank(l: &Layer) -> u8 {
    match l {
        Layer::Eth(_) => 0,
        Layer::Vlan(_) => 1,
        Layer::Mpls(_) => 2,
        Layer::Ipv4(_)
        | Layer::Ipv6(_)
        | Layer::Arp(_)
        | Layer::Srh(_)
        | Layer::HopByHop(_)
        | Layer::DestOpts(_)
        | Layer::Frag(_) => 3,
        Layer::Udp(_) | Layer::Tcp(_) | Layer::Icmp(_) | Layer::Icmpv6(_) | Layer::Gre(_) => 4,
        Layer::Vxlan(_) | Layer::VxlanGpe(_) | Layer::Geneve(_) | Layer::Gtpu(_) => 5,
        Layer::Payload(_) => 6,
    }
}

const ORDER: &str =
    "layers must come in the order eth, vlan..., mpls..., ipv4|ipv6 (hop_by_hop|dest_opts|srh|frag)...|arp, \
     udp|tcp|icmp|icmpv6|gre, \
                     vxlan|vxlan_gpe|geneve|gtpu (after udp), the inner packet's layers after a tunnel, payload";

/// A checked layer list with offsets.
pub(crate) struct Plan<'a> {
    layers: &'a [Layer],
    offsets: Vec<usize>,
    header_len: usize,
    /// The tunnel header's index, if any: layers after it are the inner packet.
    tunnel: Option<usize>,
    /// Geneve's options, parsed.
    geneve_opts: Vec<geneve::Opt>,
    /// Each IPv4 and TCP layer's options (by layer index; empty for the others), padded.
    hdr_opts: Vec<Vec<u8>>,
}

impl<'a> Plan<'a> {
    pub(crate) fn new(layers: &'a [Layer]) -> Result<Self, LayerError> {
        let order = |index: usize, reason: &str| LayerError::Order {
            index,
            layer: layer_name(&layers[index]),
            reason: reason.into(),
        };
        let value =
            |index: usize, reason: String| LayerError::Value { index, layer: layer_name(&layers[index]), reason };
        if !matches!(layers.first(), Some(Layer::Eth(_))) {
            return Err(LayerError::Order {
                index: 0,
                layer: layers.first().map(layer_name).unwrap_or("none"),
                reason: "the first layer must be eth".into(),
            });
        }
        let mut offsets = Vec::with_capacity(layers.len());
        let mut off = 0;
        let mut tunnel = None;
        let mut geneve_opts = Vec::new();
        let mut hdr_opts = vec![Vec::new(); layers.len()];
        for (i, l) in layers.iter().enumerate() {
            let prev = layers.get(i.wrapping_sub(1));
            match prev {
                // The first layer of a tunnel's inner packet.
                Some(t) if is_tunnel(t) => {
                    let ok = match t {
                        Layer::Vxlan(_) => matches!(l, Layer::Eth(_)),
                        Layer::Gtpu(_) => matches!(l, Layer::Ipv4(_) | Layer::Ipv6(_)),
                        _ => matches!(l, Layer::Eth(_) | Layer::Ipv4(_) | Layer::Ipv6(_)),
                    };
                    if !ok {
                        let want = match t {
                            Layer::Vxlan(_) => "eth",
                            Layer::Gtpu(_) => "ipv4 or ipv6",
                            _ => "eth, ipv4 or ipv6",
                        };
                        return Err(order(i, &format!("the inner packet after {} starts with {want}", layer_name(t))));
                    }
                }
                Some(p) => {
                    let (prev, cur) = (rank(p), rank(l));
                    let repeatable = matches!(l, Layer::Vlan(_) | Layer::Mpls(_))
                        // (after ipv4 too, to be refused below naming why)
                        || (matches!(p, Layer::Ipv4(_) | Layer::Ipv6(_)) || is_v6_ext(p)) && is_v6_ext(l);
                    if cur < prev || (cur == prev && !repeatable) {
                        return Err(order(i, ORDER));
                    }
                }
                None => {}
            }
            if is_tunnel(l) {
                if tunnel.is_some() {
                    return Err(order(
                        i,
                        "riptide keeps the checksums of one tunnel level: a tunnel inside a tunnel is sent as a raw \
                         frame (frame:)",
                    ));
                }
                tunnel = Some(i);
                if matches!(layers.get(i + 1), None | Some(Layer::Payload(_))) {
                    return Err(order(i, "a tunnel header is followed by its inner packet's layers"));
                }
            }
            match l {
                Layer::Icmp(_) if !matches!(prev, Some(Layer::Ipv4(_))) => {
                    return Err(order(i, "icmp must follow ipv4 (use icmpv6 over ipv6)"))
                }
                Layer::Icmpv6(_) if !matches!(prev, Some(Layer::Ipv6(_))) && !prev.is_some_and(is_v6_ext) => {
                    return Err(order(i, "icmpv6 must follow ipv6 (or its extension headers)"))
                }
                Layer::Udp(_) | Layer::Tcp(_) | Layer::Gre(_)
                    if !matches!(prev, Some(Layer::Ipv4(_) | Layer::Ipv6(_))) && !prev.is_some_and(is_v6_ext) =>
                {
                    return Err(order(i, "udp, tcp and gre must follow ipv4 or ipv6 (or its extension headers)"))
                }
                l if is_udp_tunnel(l) && !matches!(prev, Some(Layer::Udp(_))) => {
                    return Err(order(i, "vxlan, vxlan_gpe, geneve and gtpu must follow udp"))
                }
                Layer::Vxlan(v) | Layer::VxlanGpe(v) if v.vni.unwrap_or(1) > 0xFF_FFFF => {
                    return Err(value(i, "vni must be 0..=16777215 (24 bits)".into()))
                }
                Layer::Geneve(g) => {
                    if g.vni.unwrap_or(1) > 0xFF_FFFF {
                        return Err(value(i, "vni must be 0..=16777215 (24 bits)".into()));
                    }
                    for (k, o) in g.options.iter().enumerate() {
                        let data = match &o.data {
                            Some(h) => super::parse_hex(h).map_err(|e| value(i, format!("options[{k}].data: {e}")))?,
                            None => Vec::new(),
                        };
                        if data.len() % 4 != 0 || data.len() > geneve::MAX_OPTION_DATA {
                            return Err(value(
                                i,
                                format!(
                                    "options[{k}].data is {} bytes: a multiple of 4 bytes, at most {}, expected",
                                    data.len(),
                                    geneve::MAX_OPTION_DATA
                                ),
                            ));
                        }
                        geneve_opts.push(geneve::Opt { class: o.class, kind: o.kind, data });
                    }
                    if geneve::options_len(&geneve_opts) > geneve::MAX_OPTIONS_LEN {
                        return Err(value(
                            i,
                            format!(
                                "the options take {} bytes: at most {} fit Geneve's 6-bit length",
                                geneve::options_len(&geneve_opts),
                                geneve::MAX_OPTIONS_LEN
                            ),
                        ));
                    }
                }
                Layer::Srh(_) | Layer::DestOpts(_) | Layer::Frag(_)
                    if !matches!(prev, Some(Layer::Ipv6(_))) && !prev.is_some_and(is_v6_ext) =>
                {
                    return Err(order(i, &format!("{} must follow ipv6 or its extension headers", layer_name(l))))
                }
                Layer::HopByHop(_) if !matches!(prev, Some(Layer::Ipv6(_))) => {
                    return Err(order(i, "hop_by_hop must come directly after ipv6 (RFC 8200)"))
                }
                Layer::HopByHop(o) | Layer::DestOpts(o) => {
                    let mut b = match &o.options {
                        Some(h) => super::parse_hex(h).map_err(|e| value(i, format!("options: {e}")))?,
                        None => Vec::new(),
                    };
                    if b.len() > MAX_V6_OPTIONS {
                        return Err(value(i, format!("options take {} bytes: at most {MAX_V6_OPTIONS} fit", b.len())));
                    }
                    // Pad1 or PadN up to the header's 8-byte multiple (RFC 8200 4.2).
                    match (8 - (2 + b.len()) % 8) % 8 {
                        0 => {}
                        1 => b.push(0),
                        n => {
                            b.extend([1, (n - 2) as u8]);
                            b.resize(b.len() + n - 2, 0);
                        }
                    }
                    hdr_opts[i] = b;
                }
                Layer::Frag(f) => {
                    if f.offset > 0x1FFF {
                        return Err(value(i, format!("offset {} is above 8191 (13 bits, in 8-byte units)", f.offset)));
                    }
                    if f.offset != 0
                        && layers[i + 1..].iter().any(|n| !matches!(n, Layer::Payload(_) | Layer::DestOpts(_)))
                    {
                        return Err(order(
                            i + 1,
                            "a fragment at a non-zero offset carries no L4 header: only a payload may follow",
                        ));
                    }
                }
                Layer::Srh(r) if r.segments.is_empty() || r.segments.len() > srh::MAX_SEGMENTS => {
                    return Err(value(i, format!("{} segments: 1 to {} expected", r.segments.len(), srh::MAX_SEGMENTS)))
                }
                Layer::Srh(r) if usize::from(r.segments_left.unwrap_or(0)) >= r.segments.len() => {
                    return Err(value(
                        i,
                        format!(
                            "segments_left {} with {} segments: at most {} (the last index)",
                            r.segments_left.unwrap_or(0),
                            r.segments.len(),
                            r.segments.len() - 1
                        ),
                    ))
                }
                Layer::Ipv4(v) => {
                    if let Some(h) = &v.options {
                        let mut o = super::parse_hex(h).map_err(|e| value(i, format!("options: {e}")))?;
                        o.resize(o.len().div_ceil(4) * 4, 0);
                        if o.len() > 40 {
                            return Err(value(i, format!("options take {} bytes: at most 40 fit the header", o.len())));
                        }
                        hdr_opts[i] = o;
                    }
                    if v.frag > 0x1FFF {
                        return Err(value(i, format!("frag {} is above 8191 (13 bits, in 8-byte units)", v.frag)));
                    }
                    if v.frag != 0 && layers.get(i + 1).is_some_and(|n| !matches!(n, Layer::Payload(_))) {
                        return Err(order(
                            i + 1,
                            "a fragment at a non-zero offset (frag) carries no L4 header: only a payload may follow",
                        ));
                    }
                }
                Layer::Vlan(v) if v.id.unwrap_or(1) > 4095 || v.pcp > 7 => {
                    return Err(value(i, "id must be 0..=4095 and pcp 0..=7".into()))
                }
                Layer::Mpls(m) if m.label > 0xF_FFFF || m.tc > 7 => {
                    return Err(value(i, "label must be 0..=1048575 and tc 0..=7".into()))
                }
                Layer::Ipv6(v) if v.flow_label > 0xF_FFFF => {
                    return Err(value(i, "flow_label must be 0..=1048575".into()))
                }
                Layer::Tcp(t) => {
                    tcp_flags(t).map_err(|reason| value(i, reason))?;
                    let mut o = match &t.options {
                        None => Vec::new(),
                        Some(TcpOptionsSpec::Hex(h)) => {
                            super::parse_hex(h).map_err(|e| value(i, format!("options: {e}")))?
                        }
                        Some(TcpOptionsSpec::Named(n)) => {
                            let opts = riptide_wire::tcp_options::TcpOptions {
                                mss: n.mss,
                                window_scale: n.wscale,
                                sack_permitted: n.sack_perm,
                                timestamp: n.timestamp.map(|[a, b]| (a, b)),
                                ..riptide_wire::tcp_options::TcpOptions::NONE
                            };
                            let mut b = vec![0u8; opts.buffer_len()];
                            opts.emit(&mut b);
                            b
                        }
                    };
                    o.resize(o.len().div_ceil(4) * 4, 0);
                    if o.len() > 40 {
                        return Err(value(i, format!("options take {} bytes: at most 40 fit the header", o.len())));
                    }
                    hdr_opts[i] = o;
                }
                Layer::Arp(a) => {
                    arp_op(a).map_err(|reason| value(i, reason))?;
                    if matches!(prev, Some(Layer::Mpls(_))) {
                        return Err(order(i, "arp follows eth or vlan, not mpls"));
                    }
                }
                Layer::Icmp(c) | Layer::Icmpv6(c) => {
                    icmp_request(c).map_err(|reason| value(i, reason))?;
                }
                Layer::Payload(p) => {
                    payload_bytes(Some(p), 0)?;
                }
                _ => {}
            }
            offsets.push(off);
            off += match l {
                Layer::Ipv4(_) => ipv4::HEADER_LEN + hdr_opts[i].len(),
                Layer::Tcp(_) => tcp::HEADER_LEN + hdr_opts[i].len(),
                Layer::HopByHop(_) | Layer::DestOpts(_) => 2 + hdr_opts[i].len(),
                Layer::Geneve(_) => geneve::HEADER_LEN + geneve::options_len(&geneve_opts),
                Layer::Gre(g) => gre_repr(g, 0).header_len(),
                Layer::Gtpu(g) => gtpu_repr(g).header_len(),
                l => header_len(l),
            };
        }
        Ok(Plan { layers, offsets, header_len: off, tunnel, geneve_opts, hdr_opts })
    }

    /// The payload's fixed length (`payload: {len: N}`), if set.
    fn fixed_payload(&self) -> Option<usize> {
        self.layers.iter().find_map(|l| match l {
            Layer::Payload(p) => p.len,
            _ => None,
        })
    }

    /// The smallest frame (FCS excluded) the layers fit in: the headers, and a fixed
    /// payload whole.
    pub(crate) fn min_len(&self) -> usize {
        self.header_len + self.fixed_payload().unwrap_or(0)
    }

    /// Bytes of a `len`-byte frame that are the packet (the rest is Ethernet padding).
    fn content_len(&self, len: usize) -> usize {
        self.fixed_payload().map_or(len, |p| (self.header_len + p).min(len))
    }

    /// The packets: the outer one and, after a tunnel, the inner one (layer indexes).
    fn segments(&self) -> Vec<std::ops::Range<usize>> {
        let mut segs = Vec::with_capacity(2);
        match self.tunnel {
            Some(t) => segs.extend([0..t + 1, t + 1..self.layers.len()]),
            None => segs.push(0..self.layers.len()),
        }
        segs
    }

    fn segment_of(&self, i: usize) -> usize {
        usize::from(self.tunnel.is_some_and(|t| i > t))
    }

    fn find_in(&self, seg: &std::ops::Range<usize>, f: impl Fn(&Layer) -> bool) -> Option<usize> {
        self.layers[seg.clone()].iter().position(f).map(|p| p + seg.start)
    }

    fn l3(&self, seg: &std::ops::Range<usize>) -> Option<usize> {
        self.find_in(seg, |l| matches!(l, Layer::Ipv4(_) | Layer::Ipv6(_)))
    }

    fn srh_in(&self, seg: &std::ops::Range<usize>) -> Option<usize> {
        self.find_in(seg, |l| matches!(l, Layer::Srh(_)))
    }

    fn l4(&self, seg: &std::ops::Range<usize>) -> Option<usize> {
        self.find_in(seg, |l| matches!(l, Layer::Udp(_) | Layer::Tcp(_) | Layer::Icmp(_) | Layer::Icmpv6(_)))
    }

    /// Whether the UDP at layer `i` has its checksum computed. It may be off only over
    /// IPv4; over IPv4 a tunnel's UDP sends 0 unless asked (RFC 7348, RFC 8926, as
    /// Linux's vxlan and geneve devices do).
    fn udp_checksum(&self, i: usize) -> bool {
        let Some(Layer::Udp(u)) = self.layers.get(i) else { return false };
        let v4 = matches!(self.layers.get(i.wrapping_sub(1)), Some(Layer::Ipv4(_)));
        let tunnel = self.layers.get(i + 1).is_some_and(is_udp_tunnel);
        match u.checksum {
            Some(on) => on || !v4,
            None => !(v4 && tunnel),
        }
    }

    /// EtherType announcing layer `i` (for the layer before it).
    fn ethertype_of(&self, i: usize, user: Option<u16>) -> EtherType {
        if let Some(t) = user {
            return EtherType(t);
        }
        match self.layers.get(i) {
            Some(Layer::Vlan(v)) => EtherType(v.tpid.unwrap_or_else(|| {
                if matches!(self.layers.get(i + 1), Some(Layer::Vlan(_))) {
                    EtherType::QINQ.0
                } else {
                    EtherType::VLAN.0
                }
            })),
            Some(Layer::Mpls(_)) => EtherType::MPLS,
            Some(Layer::Ipv4(_)) => EtherType::IPV4,
            Some(Layer::Ipv6(_)) => EtherType::IPV6,
            Some(Layer::Arp(_)) => EtherType(riptide_wire::neighbor::ETHERTYPE_ARP),
            Some(Layer::Eth(_)) => EtherType(gre::TEB),
            // IEEE 802 local experimental EtherType 1.
            _ => EtherType(0x88B5),
        }
    }

    fn proto_of(&self, i: usize, user: Option<u8>) -> Protocol {
        if let Some(p) = user {
            return Protocol(p);
        }
        match self.layers.get(i) {
            Some(Layer::Udp(_)) => Protocol::UDP,
            Some(Layer::Tcp(_)) => Protocol::TCP,
            Some(Layer::Icmp(_)) => Protocol::ICMP,
            Some(Layer::Icmpv6(_)) => Protocol::ICMPV6,
            Some(Layer::Gre(_)) => Protocol(gre::PROTOCOL),
            Some(Layer::Srh(_)) => Protocol(srh::NEXT_HEADER),
            Some(Layer::HopByHop(_)) => Protocol(0),
            Some(Layer::DestOpts(_)) => Protocol(60),
            Some(Layer::Frag(_)) => Protocol(44),
            // RFC 3692 experimentation protocol number.
            _ => Protocol(253),
        }
    }

    /// The UDP destination port announcing layer `i`.
    fn dport_of(&self, i: usize) -> u16 {
        match self.layers.get(i) {
            Some(Layer::Vxlan(_)) => vxlan::PORT,
            Some(Layer::VxlanGpe(_)) => vxlan::GPE_PORT,
            Some(Layer::Geneve(_)) => geneve::PORT,
            Some(Layer::Gtpu(_)) => gtpu::PORT,
            _ => 12,
        }
    }

    /// The frame of `len` bytes (FCS excluded), checksums filled.
    pub(crate) fn emit(&self, frame_len: usize) -> Result<Vec<u8>, LayerError> {
        let mut buf = vec![0u8; frame_len.max(self.header_len)];
        let payload_spec: Option<&PayloadSpec> = self.layers.iter().find_map(|l| match l {
            Layer::Payload(p) => Some(p),
            _ => None,
        });
        // The packet's own bytes; any after them stay zero (Ethernet padding).
        let len = self.content_len(frame_len).max(self.header_len);
        let payload = payload_bytes(payload_spec, len - self.header_len)?;
        buf[self.header_len..len].copy_from_slice(&payload);
        // Each packet's addresses, for its pseudo-header: the outer and the inner one.
        let mut ip_pair: [Option<(IpAddress, IpAddress)>; 2] = [None; 2];
        for (k, seg) in self.segments().iter().enumerate() {
            let inner = k == 1;
            if let Some(i) = self.l3(seg) {
                ip_pair[k] = Some(match &self.layers[i] {
                    Layer::Ipv4(v) => (
                        IpAddress::V4(v.src.unwrap_or(Ipv4Addr::new(198, 18, u8::from(inner), 1))),
                        IpAddress::V4(v.dst.unwrap_or(Ipv4Addr::new(198, 19, u8::from(inner), 1))),
                    ),
                    Layer::Ipv6(v) => {
                        // After a segment routing header the destination is the active
                        // segment unless given.
                        let active = self.layers[i + 1..].iter().take_while(|l| is_v6_ext(l)).find_map(|l| {
                            if let Layer::Srh(r) = l {
                                srh_active(r)
                            } else {
                                None
                            }
                        });
                        let default = Ipv6Addr::new(0x2001, 2, 0, 1, u16::from(inner), 0, 0, 1);
                        (
                            IpAddress::V6(v.src.unwrap_or(Ipv6Addr::new(0x2001, 2, 0, 0, u16::from(inner), 0, 0, 1))),
                            IpAddress::V6(v.dst.or(active).unwrap_or(default)),
                        )
                    }
                    _ => unreachable_pair(),
                });
            }
        }
        // The L4 checksums' pseudo-headers: the final destination of a segment routing
        // header with segments left, else the IP header's.
        let mut pseudo_pair = ip_pair;
        for (k, seg) in self.segments().iter().enumerate() {
            if let (Some(i), Some((src, _))) = (self.srh_in(seg), ip_pair[k]) {
                if let Layer::Srh(r) = &self.layers[i] {
                    if let (Some(&last), true) = (r.segments.first(), srh_left(r) > 0) {
                        pseudo_pair[k] = Some((src, IpAddress::V6(last)));
                    }
                }
            }
        }
        // Inner layers first, so each checksum covers final bytes (an outer UDP or GRE
        // checksum covers the inner packet's).
        for (i, l) in self.layers.iter().enumerate().rev() {
            let off = self.offsets[i];
            let rest = len - off;
            let b = &mut buf[off..];
            let inner = self.segment_of(i) == 1;
            let pair = ip_pair[self.segment_of(i)];
            let l4_pair = pseudo_pair[self.segment_of(i)];
            match l {
                Layer::Eth(e) => ethernet::Repr {
                    src: e.src.map(|m| m.0).unwrap_or(EthernetAddress([2, 0, 0, 0, u8::from(inner), 1])),
                    dst: e.dst.map(|m| m.0).unwrap_or(EthernetAddress([2, 0, 0, 0, u8::from(inner), 2])),
                    ethertype: self.ethertype_of(i + 1, e.ethertype),
                }
                .emit(&mut ethernet::Frame::new_unchecked(b)),
                Layer::Vlan(v) => vlan::Repr {
                    pcp: v.pcp,
                    dei: v.dei,
                    vid: v.id.unwrap_or(1),
                    ethertype: self.ethertype_of(i + 1, None),
                }
                .emit(&mut vlan::Tag::new_unchecked(b)),
                Layer::Mpls(m) => mpls::Repr {
                    label: m.label,
                    tc: m.tc,
                    bos: !matches!(self.layers.get(i + 1), Some(Layer::Mpls(_))),
                    ttl: m.ttl.unwrap_or(64),
                }
                .emit(&mut mpls::Entry::new_unchecked(b)),
                Layer::Ipv4(v) => {
                    let Some((IpAddress::V4(src), IpAddress::V4(dst))) = pair else {
                        continue;
                    };
                    ipv4::Repr {
                        src_addr: src,
                        dst_addr: dst,
                        protocol: self.proto_of(i + 1, v.proto),
                        payload_len: rest - ipv4::HEADER_LEN,
                        ttl: v.ttl.unwrap_or(64),
                        tos: v.tos,
                        ident: v.id,
                        dont_frag: v.df,
                    }
                    .emit(&mut ipv4::Packet::new_unchecked(&mut b[..]));
                    let opts = &self.hdr_opts[i];
                    if !opts.is_empty() || v.mf || v.frag != 0 {
                        // Options, MF and the offset, then the checksum over all of it.
                        let len = ipv4::HEADER_LEN + opts.len();
                        b[0] = 0x40 | (len / 4) as u8;
                        b[ipv4::HEADER_LEN..len].copy_from_slice(opts);
                        let flags = u16::from_be_bytes([b[6], b[7]]) & 0x4000;
                        let word = flags | if v.mf { 0x2000 } else { 0 } | (v.frag & 0x1FFF);
                        b[6..8].copy_from_slice(&word.to_be_bytes());
                        b[ipv4::CHECKSUM..ipv4::CHECKSUM + 2].fill(0);
                        let c = !riptide_wire::checksum::data(&b[..len]);
                        b[ipv4::CHECKSUM..ipv4::CHECKSUM + 2].copy_from_slice(&c.to_be_bytes());
                    }
                }
                Layer::Ipv6(v) => {
                    let Some((IpAddress::V6(src), IpAddress::V6(dst))) = pair else {
                        continue;
                    };
                    ipv6::Repr {
                        src_addr: src,
                        dst_addr: dst,
                        next_header: self.proto_of(i + 1, v.next_header),
                        payload_len: rest - ipv6::HEADER_LEN,
                        hop_limit: v.hop_limit.unwrap_or(64),
                        traffic_class: v.tc,
                        flow_label: v.flow_label,
                    }
                    .emit(&mut ipv6::Packet::new_unchecked(b))
                }
                Layer::Udp(u) => {
                    let Some((src, dst)) = l4_pair else { continue };
                    let repr = udp::Repr {
                        src_port: u.sport.unwrap_or(1025),
                        dst_port: u.dport.unwrap_or(self.dport_of(i + 1)),
                    };
                    emit_l4_udp(&repr, b, rest, &src, &dst);
                    if !self.udp_checksum(i) {
                        udp::Packet::new_unchecked(&mut b[..]).set_checksum(0);
                    }
                }
                Layer::Tcp(t) => {
                    let Some((src, dst)) = l4_pair else { continue };
                    let flags = tcp_flags(t).map_err(|reason| LayerError::Value { index: i, layer: "tcp", reason })?;
                    let repr = tcp::Repr {
                        src_port: t.sport.unwrap_or(1025),
                        dst_port: t.dport.unwrap_or(80),
                        seq: t.seq,
                        ack: t.ack,
                        flags,
                        window: t.window.unwrap_or(8192),
                        urgent: 0,
                    };
                    emit_l4_tcp(&repr, b, rest, &src, &dst);
                    let opts = &self.hdr_opts[i];
                    if !opts.is_empty() {
                        // The options after the fixed header, the data offset, then the
                        // checksum over all of it.
                        let len = tcp::HEADER_LEN + opts.len();
                        b[12] = ((len / 4) as u8) << 4 | (b[12] & 0x0F);
                        b[tcp::HEADER_LEN..len].copy_from_slice(opts);
                        b[tcp::CHECKSUM..tcp::CHECKSUM + 2].fill(0);
                        let acc =
                            u64::from(riptide_wire::ip::pseudo_header_sum(&src, &dst, Protocol::TCP, rest as u32))
                                + u64::from(riptide_wire::checksum::sum(&b[..rest]));
                        let c = !riptide_wire::checksum::fold(acc);
                        b[tcp::CHECKSUM..tcp::CHECKSUM + 2].copy_from_slice(&c.to_be_bytes());
                    }
                }
                Layer::Icmp(c) => {
                    let req =
                        icmp_request(c).map_err(|reason| LayerError::Value { index: i, layer: "icmp", reason })?;
                    emit_l4_icmpv4(req, c, b, rest);
                }
                Layer::Icmpv6(c) => {
                    let Some((src, dst)) = l4_pair else { continue };
                    let req =
                        icmp_request(c).map_err(|reason| LayerError::Value { index: i, layer: "icmpv6", reason })?;
                    emit_l4_icmpv6(req, c, b, rest, &src, &dst);
                }
                Layer::Arp(a) => arp::Repr {
                    op: arp_op(a).map_err(|reason| LayerError::Value { index: i, layer: "arp", reason })?,
                    sha: a.sha.map(|m| m.0).unwrap_or(EthernetAddress([2, 0, 0, 0, u8::from(inner), 1])),
                    spa: a.spa.unwrap_or(Ipv4Addr::new(198, 18, u8::from(inner), 1)),
                    tha: a.tha.map(|m| m.0).unwrap_or(EthernetAddress([0; 6])),
                    tpa: a.tpa.unwrap_or(Ipv4Addr::new(198, 19, u8::from(inner), 1)),
                }
                .emit(b),
                Layer::HopByHop(_) | Layer::DestOpts(_) => {
                    let o = &self.hdr_opts[i];
                    b[0] = self.proto_of(i + 1, None).0;
                    b[1] = ((2 + o.len()) / 8 - 1) as u8;
                    b[2..2 + o.len()].copy_from_slice(o);
                }
                Layer::Frag(f) => {
                    b[0] = self.proto_of(i + 1, None).0;
                    b[1] = 0;
                    b[2..4].copy_from_slice(&((f.offset << 3) | u16::from(f.m)).to_be_bytes());
                    b[4..8].copy_from_slice(&f.id.unwrap_or(1).to_be_bytes());
                }
                Layer::Srh(r) => srh::Repr {
                    next_header: self.proto_of(i + 1, None).0,
                    segments_left: srh_left(r),
                    flags: r.flags,
                    tag: r.tag,
                    segments: &r.segments,
                }
                .emit(b),
                Layer::Vxlan(v) => vxlan::Repr { vni: v.vni.unwrap_or(1), gpe_next: None }.emit(b),
                Layer::VxlanGpe(v) => {
                    let next = match self.layers.get(i + 1) {
                        Some(Layer::Ipv4(_)) => vxlan::next::IPV4,
                        Some(Layer::Ipv6(_)) => vxlan::next::IPV6,
                        _ => vxlan::next::ETHERNET,
                    };
                    vxlan::Repr { vni: v.vni.unwrap_or(1), gpe_next: Some(next) }.emit(b)
                }
                Layer::Geneve(g) => geneve::Repr {
                    vni: g.vni.unwrap_or(1),
                    protocol: self.ethertype_of(i + 1, None).0,
                    oam: g.oam,
                    critical: g.critical.unwrap_or(self.geneve_opts.iter().any(|o| o.kind & 0x80 != 0)),
                    options: &self.geneve_opts,
                }
                .emit(b),
                Layer::Gre(g) => gre_repr(g, self.ethertype_of(i + 1, None).0).emit(&mut b[..rest]),
                Layer::Gtpu(g) => gtpu_repr(g).emit(&mut b[..rest]),
                Layer::Payload(_) => {}
            }
        }
        Ok(buf)
    }

    /// Offsets of the 16-bit fields whose value depends on the frame size.
    pub(crate) fn size_dependent_fields(&self) -> Vec<u16> {
        if self.fixed_payload().is_some() {
            // Lengths and checksums end with the fixed payload: the padding varies instead.
            return Vec::new();
        }
        let mut v = Vec::new();
        for seg in self.segments() {
            if let Some(i) = self.l3(&seg) {
                let o = self.offsets[i];
                match self.layers[i] {
                    Layer::Ipv4(_) => v.extend([o + ipv4::LENGTH, o + ipv4::CHECKSUM]),
                    _ => v.push(o + ipv6::LENGTH),
                }
            }
            if let Some(i) = self.l4(&seg) {
                let o = self.offsets[i];
                match self.layers[i] {
                    Layer::Udp(_) if self.udp_checksum(i) => v.extend([o + udp::LENGTH, o + udp::CHECKSUM]),
                    Layer::Udp(_) => v.push(o + udp::LENGTH),
                    Layer::Tcp(_) => v.push(o + tcp::CHECKSUM),
                    Layer::Icmpv6(_) => v.push(o + icmpv6::CHECKSUM),
                    _ => v.push(o + icmpv4::CHECKSUM),
                }
            }
        }
        if let Some(t) = self.tunnel {
            let o = self.offsets[t];
            match &self.layers[t] {
                Layer::Gtpu(_) => v.push(o + gtpu::LENGTH),
                Layer::Gre(g) if g.checksum => v.push(o + gre::HEADER_LEN),
                _ => {}
            }
        }
        v.sort_unstable();
        v.into_iter().map(|o| o as u16).collect()
    }

    /// Named fields and checksum coverage.
    pub(crate) fn layout(&self) -> Layout {
        let hdrs: Vec<(Hdr, usize)> = self
            .layers
            .iter()
            .enumerate()
            .zip(&self.offsets)
            .filter_map(|((i, l), &o)| {
                let h = match l {
                    Layer::Eth(_) => Hdr::Eth,
                    Layer::Vlan(_) => Hdr::Vlan,
                    Layer::Mpls(_) => Hdr::Mpls,
                    Layer::Arp(_) => Hdr::Arp,
                    Layer::Ipv4(_) => Hdr::Ipv4 { len: ipv4::HEADER_LEN + self.hdr_opts[i].len() },
                    Layer::Ipv6(_) => Hdr::Ipv6,
                    Layer::Udp(_) => Hdr::Udp { checksum: self.udp_checksum(i) },
                    Layer::Tcp(_) => Hdr::Tcp,
                    Layer::Icmp(_) => Hdr::Icmp,
                    Layer::Icmpv6(_) => Hdr::Icmpv6,
                    Layer::Srh(r) => Hdr::Ipv6Ext(Ext::Srh { segments: r.segments.len() as u8 }),
                    Layer::HopByHop(_) => Hdr::Ipv6Ext(Ext::HopByHop),
                    Layer::DestOpts(_) => Hdr::Ipv6Ext(Ext::DestOptions),
                    Layer::Frag(_) => Hdr::Ipv6Ext(Ext::Fragment),
                    Layer::Vxlan(_) => Hdr::Vxlan,
                    Layer::VxlanGpe(_) => Hdr::VxlanGpe,
                    Layer::Geneve(_) => Hdr::Geneve,
                    Layer::Gre(g) => Hdr::Gre(gre_repr(g, 0)),
                    Layer::Gtpu(g) => Hdr::Gtpu { seq: g.seq.is_some() },
                    Layer::Payload(_) => return None,
                };
                Some((h, o))
            })
            .collect();
        let mut lay = layout_of(&hdrs, self.header_len, self.fixed_payload().map(|p| self.header_len + p));
        // A segment routing header with segments left: the pseudo-header holds the final
        // segment, not the IPv6 destination.
        for (k, seg) in self.segments().iter().enumerate() {
            let (Some(i), Some(ip)) = (self.srh_in(seg), self.l3(seg)) else { continue };
            let Layer::Srh(r) = &self.layers[i] else { continue };
            let part = if k == 0 { Some(&mut lay.outer) } else { lay.inner.as_mut() };
            if let (Some(part), true) = (part, srh_left(r) > 0) {
                if !part.pseudo.is_empty() {
                    let (src, last) = (self.offsets[ip] + ipv6::ADDRS.start, self.offsets[i] + srh::FIXED_LEN);
                    part.pseudo = vec![src..src + 16, last..last + 16];
                }
            }
        }
        lay
    }
}

/// A segment routing header's segments left: given, or the last index.
fn srh_left(r: &SrhSpec) -> u8 {
    r.segments_left.unwrap_or(r.segments.len().saturating_sub(1) as u8)
}

/// The active segment, the IPv6 destination: list[segments left].
fn srh_active(r: &SrhSpec) -> Option<Ipv6Addr> {
    r.segments.get(usize::from(srh_left(r))).copied()
}

fn gre_repr(g: &GreSpec, protocol: u16) -> gre::Repr {
    gre::Repr { protocol, checksum: g.checksum, key: g.key, seq: g.seq }
}

fn gtpu_repr(g: &GtpuSpec) -> gtpu::Repr {
    gtpu::Repr { teid: g.teid.unwrap_or(1), seq: g.seq }
}

fn unreachable_pair() -> (IpAddress, IpAddress) {
    (IpAddress::V4(Ipv4Addr::UNSPECIFIED), IpAddress::V4(Ipv4Addr::UNSPECIFIED))
}

fn tcp_flags(t: &TcpSpec) -> Result<tcp::TcpFlags, String> {
    match &t.flags {
        None => Ok(tcp::TcpFlags::SYN),
        Some(s) => s
            .parse::<tcp::TcpFlags>()
            .map_err(|_| format!("flags '{s}' are not TCP flags (expected letters of FSRPAUEC, e.g. \"SA\")")),
    }
}

fn arp_op(a: &ArpSpec) -> Result<u16, String> {
    match &a.op {
        None => Ok(arp::REQUEST),
        Some(ArpOp::Number(n)) => Ok(*n),
        Some(ArpOp::Name(s)) => match s.as_str() {
            "request" | "who-has" => Ok(arp::REQUEST),
            "reply" | "is-at" => Ok(arp::REPLY),
            other => Err(format!("op '{other}' is not an ARP operation (expected request, reply or a number)")),
        },
    }
}

fn icmp_request(c: &IcmpSpec) -> Result<bool, String> {
    match c.kind.as_deref() {
        None | Some("echo_request") | Some("request") => Ok(true),
        Some("echo_reply") | Some("reply") => Ok(false),
        Some(other) => Err(format!("type '{other}' is not supported (expected echo_request or echo_reply)")),
    }
}

fn emit_l4_udp(repr: &udp::Repr, b: &mut [u8], rest: usize, src: &IpAddress, dst: &IpAddress) {
    let payload_len = rest - udp::HEADER_LEN;
    repr.emit(&mut udp::Packet::new_unchecked(&mut b[..rest]), src, dst, payload_len, |_| {});
}

fn emit_l4_tcp(repr: &tcp::Repr, b: &mut [u8], rest: usize, src: &IpAddress, dst: &IpAddress) {
    let payload_len = rest - tcp::HEADER_LEN;
    repr.emit(&mut tcp::Packet::new_unchecked(&mut b[..rest]), src, dst, payload_len, |_| {});
}

fn echo_kind(request: bool) -> icmpv4::EchoKind {
    if request {
        icmpv4::EchoKind::Request
    } else {
        icmpv4::EchoKind::Reply
    }
}

fn emit_l4_icmpv4(request: bool, c: &IcmpSpec, b: &mut [u8], rest: usize) {
    let repr = icmpv4::EchoRepr { kind: echo_kind(request), ident: c.id, seq_no: c.seq };
    repr.emit(&mut icmpv4::Packet::new_unchecked(&mut b[..rest]), rest - icmpv4::HEADER_LEN, |_| {});
}

fn emit_l4_icmpv6(request: bool, c: &IcmpSpec, b: &mut [u8], rest: usize, src: &IpAddress, dst: &IpAddress) {
    let repr = icmpv6::EchoRepr { kind: echo_kind(request), ident: c.id, seq_no: c.seq };
    repr.emit(&mut icmpv6::Packet::new_unchecked(&mut b[..rest]), src, dst, rest - icmpv6::HEADER_LEN, |_| {});
}
