//! A [`Layout`] from the headers a frame holds and where they start: one function for
//! both template forms, so the layered form ([`super::build`]) and the raw form
//! ([`super::raw`]) name the same fields and fix the same checksums.

use super::{FieldDef, Layout};
use riptide_wire::{
    arp, ethernet, geneve, gre, gtpu, icmpv4, icmpv6, ipv4, ipv6, mpls, srh, tcp, udp, vlan, vxlan, FieldDesc,
};

/// A header riptide knows, as far as the layout needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Hdr {
    Eth,
    Vlan,
    Mpls,
    /// ARP (Ethernet/IPv4).
    Arp,
    /// IPv4, with `len` bytes of header (options included).
    Ipv4 {
        len: usize,
    },
    Ipv6,
    /// UDP; `checksum`: the checksum is kept (not the IPv4 "none").
    Udp {
        checksum: bool,
    },
    Tcp,
    Icmp,
    Icmpv6,
    /// An IPv6 extension header riptide walks (its fields have no names yet).
    Ipv6Ext(Ext),
    /// Tunnel headers: what follows is the inner packet.
    Vxlan,
    VxlanGpe,
    /// Geneve (its options follow the fixed header).
    Geneve,
    /// GRE, with its optional words (the protocol does not matter here).
    Gre(gre::Repr),
    /// GTP-U; `seq`: the optional word is present.
    Gtpu {
        seq: bool,
    },
}

/// The IPv6 extension headers riptide walks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ext {
    HopByHop,
    DestOptions,
    Routing,
    /// A segment routing header (routing type 4, SRv6) with its segment count.
    Srh {
        segments: u8,
    },
    Fragment,
}

impl Hdr {
    /// The name fields take (`ipv4.src`).
    fn name(self) -> &'static str {
        match self {
            Hdr::Eth => "eth",
            Hdr::Vlan => "vlan",
            Hdr::Mpls => "mpls",
            Hdr::Arp => "arp",
            Hdr::Ipv4 { .. } => "ipv4",
            Hdr::Ipv6 => "ipv6",
            Hdr::Udp { .. } => "udp",
            Hdr::Tcp => "tcp",
            Hdr::Icmp => "icmp",
            Hdr::Icmpv6 => "icmpv6",
            // tshark's names for them.
            Hdr::Ipv6Ext(Ext::HopByHop) => "hopopts",
            Hdr::Ipv6Ext(Ext::DestOptions) => "dstopts",
            Hdr::Ipv6Ext(Ext::Routing) => "routing",
            Hdr::Ipv6Ext(Ext::Srh { .. }) => "srh",
            Hdr::Ipv6Ext(Ext::Fragment) => "fraghdr",
            Hdr::Vxlan | Hdr::VxlanGpe => "vxlan",
            Hdr::Geneve => "geneve",
            Hdr::Gre(_) => "gre",
            Hdr::Gtpu { .. } => "gtpu",
        }
    }

    /// A tunnel header: what follows it is an inner packet.
    pub(crate) fn is_tunnel(self) -> bool {
        matches!(self, Hdr::Vxlan | Hdr::VxlanGpe | Hdr::Geneve | Hdr::Gre(_) | Hdr::Gtpu { .. })
    }

    /// The fields of the header, as riptide-wire lays them out.
    fn fields(self) -> std::borrow::Cow<'static, [FieldDesc]> {
        std::borrow::Cow::Borrowed(match self {
            Hdr::Eth => ethernet::FIELDS,
            Hdr::Vlan => vlan::FIELDS,
            Hdr::Mpls => mpls::FIELDS,
            Hdr::Arp => arp::FIELDS,
            Hdr::Ipv4 { .. } => ipv4::FIELDS,
            Hdr::Ipv6 => ipv6::FIELDS,
            Hdr::Udp { .. } => udp::FIELDS,
            Hdr::Tcp => tcp::FIELDS,
            Hdr::Icmp => icmpv4::FIELDS,
            Hdr::Icmpv6 => icmpv6::FIELDS,
            Hdr::Ipv6Ext(Ext::Srh { segments }) => return std::borrow::Cow::Owned(srh::fields(segments.into())),
            Hdr::Ipv6Ext(_) => &[],
            Hdr::Vxlan | Hdr::VxlanGpe => vxlan::FIELDS,
            Hdr::Geneve => geneve::FIELDS,
            Hdr::Gre(g) => return std::borrow::Cow::Owned(g.fields()),
            Hdr::Gtpu { .. } => gtpu::FIELDS,
        })
    }
}

/// The layout of a frame holding `hdrs` (each with its offset, outermost first), whose
/// headers end at `header_len` and whose packet ends at `content_end` (`None`: the
/// frame's end; bytes after it are Ethernet padding no checksum covers).
///
/// Checksums: the first IPv4 header's, and an L4 checksum when the L4 header follows
/// its IP header directly; the pseudo-header is the IP addresses before it.
pub(crate) fn layout_of(hdrs: &[(Hdr, usize)], header_len: usize, content_end: Option<usize>) -> Layout {
    let mut fields = Vec::new();
    let mut counts = std::collections::HashMap::<&str, usize>::new();
    let mut lay = Layout { header_len, ..Default::default() };
    let mut segs = vec![super::Segment::default()];
    // A tunnel's inner headers are also `inner.ipv4`, `inner.udp`... (the first of each).
    let mut inner_counts = std::collections::HashMap::<&str, usize>::new();
    for &(h, s) in hdrs {
        let name = h.name();
        lay.headers.push((name, s));
        let n = counts.entry(name).or_insert(0);
        let prefix = if *n == 0 { name.to_string() } else { format!("{name}[{n}]") };
        let inner_first = segs.len() > 1 && {
            let k = inner_counts.entry(name).or_insert(0);
            *k += 1;
            *k == 1
        };
        let mut also: Vec<String> = Vec::new();
        if *n == 0 {
            also.push(format!("{name}[0]"));
        }
        if inner_first {
            also.push(format!("inner.{name}"));
        }
        *n += 1;
        let o = s as u16;
        for f in h.fields().iter() {
            let def = |name: &str| FieldDef {
                name: format!("{name}.{}", f.name),
                offset: o + f.offset as u16,
                size: f.width,
                mask: f.mask,
                shift: f.shift,
            };
            fields.push(def(&prefix));
            for a in &also {
                fields.push(def(a));
            }
        }
        let Some(seg) = segs.last_mut() else { continue };
        match h {
            // GRE's checksum covers its header and what follows, with no pseudo-header:
            // the outer packet's L4 checksum.
            Hdr::Gre(g) => {
                if let Some(at) = g.checksum_at() {
                    seg.l4_csum = Some(o + at as u16);
                    seg.l4_start = Some(s);
                    seg.pseudo.clear();
                }
            }
            Hdr::Ipv4 { len } if seg.ipv4_header.is_none() => {
                seg.ipv4_header = Some(s..s + len);
                seg.pseudo.clear();
                seg.pseudo.push(s + ipv4::ADDRS.start..s + ipv4::ADDRS.end);
                seg.ip_csum = Some(o + ipv4::CHECKSUM as u16);
            }
            Hdr::Ipv6 if seg.pseudo.is_empty() => seg.pseudo.push(s + ipv6::ADDRS.start..s + ipv6::ADDRS.end),
            Hdr::Tcp => {
                seg.l4_csum = Some(o + tcp::CHECKSUM as u16);
                seg.l4_start = Some(s);
            }
            Hdr::Udp { checksum: true } => {
                seg.l4_csum = Some(o + udp::CHECKSUM as u16);
                seg.l4_udp = true;
                seg.l4_start = Some(s);
                seg.udp_length = Some(s + udp::LENGTH..s + udp::LENGTH + 2);
            }
            Hdr::Icmp => {
                seg.l4_csum = Some(o + icmpv4::CHECKSUM as u16);
                seg.l4_start = Some(s);
                // ICMPv4 has no pseudo-header.
                seg.pseudo.clear();
            }
            Hdr::Icmpv6 => {
                seg.l4_csum = Some(o + icmpv6::CHECKSUM as u16);
                seg.l4_start = Some(s);
            }
            _ => {}
        }
        if h.is_tunnel() {
            // What follows is the inner packet, checksummed on its own.
            segs.push(super::Segment::default());
        }
    }
    for seg in &mut segs {
        if seg.l4_start.is_none() {
            seg.pseudo.clear();
        }
    }
    let mut segs = segs.into_iter();
    lay.outer = segs.next().unwrap_or_default();
    lay.inner = segs.next();
    lay.content_end = content_end;
    lay.fields = fields;
    lay
}
