//! A [`Layout`] from the headers a frame holds and where they start: one function for
//! both template forms, so the layered form ([`super::build`]) and the raw form
//! ([`super::raw`]) name the same fields and fix the same checksums.

use super::{FieldDef, Layout};
use riptide_wire::{arp, ethernet, icmpv4, icmpv6, ipv4, ipv6, mpls, tcp, udp, vlan, FieldDesc};

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
}

/// The IPv6 extension headers riptide walks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ext {
    HopByHop,
    DestOptions,
    Routing,
    /// A segment routing header (routing type 4, SRv6).
    Srh,
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
            Hdr::Ipv6Ext(Ext::Srh) => "srh",
            Hdr::Ipv6Ext(Ext::Fragment) => "fraghdr",
        }
    }

    /// The fields of the header, as riptide-wire lays them out.
    fn fields(self) -> &'static [FieldDesc] {
        match self {
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
            Hdr::Ipv6Ext(_) => &[],
        }
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
    for &(h, s) in hdrs {
        let name = h.name();
        lay.headers.push((name, s));
        let n = counts.entry(name).or_insert(0);
        let prefix = if *n == 0 { name.to_string() } else { format!("{name}[{n}]") };
        let also = (*n == 0).then(|| format!("{name}[0]"));
        *n += 1;
        let o = s as u16;
        for f in h.fields() {
            let def = |name: &str| FieldDef {
                name: format!("{name}.{}", f.name),
                offset: o + f.offset as u16,
                size: f.width,
                mask: f.mask,
                shift: f.shift,
            };
            fields.push(def(&prefix));
            if let Some(a) = &also {
                fields.push(def(a));
            }
        }
        match h {
            Hdr::Ipv4 { len } if lay.ipv4_header.is_none() => {
                lay.ipv4_header = Some(s..s + len);
                lay.pseudo.clear();
                lay.pseudo.push(s + ipv4::ADDRS.start..s + ipv4::ADDRS.end);
                lay.csum.ip = Some(o + ipv4::CHECKSUM as u16);
            }
            Hdr::Ipv6 if lay.pseudo.is_empty() => lay.pseudo.push(s + ipv6::ADDRS.start..s + ipv6::ADDRS.end),
            Hdr::Tcp => {
                lay.csum.l4 = Some(o + tcp::CHECKSUM as u16);
                lay.l4_start = Some(s);
            }
            Hdr::Udp { checksum: true } => {
                lay.csum.l4 = Some(o + udp::CHECKSUM as u16);
                lay.csum.l4_is_udp = true;
                lay.l4_start = Some(s);
                lay.udp_length = Some(s + udp::LENGTH..s + udp::LENGTH + 2);
            }
            Hdr::Icmp => {
                lay.csum.l4 = Some(o + icmpv4::CHECKSUM as u16);
                lay.l4_start = Some(s);
                // ICMPv4 has no pseudo-header.
                lay.pseudo.clear();
            }
            Hdr::Icmpv6 => {
                lay.csum.l4 = Some(o + icmpv6::CHECKSUM as u16);
                lay.l4_start = Some(s);
            }
            _ => {}
        }
    }
    if lay.l4_start.is_none() {
        lay.pseudo.clear();
    }
    lay.content_end = content_end;
    lay.fields = fields;
    lay
}
