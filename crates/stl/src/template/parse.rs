//! A frame's bytes as template layers: the inverse of [`build`](super::build) for the
//! frames riptide can make.
//!
//! Front ends that receive packets as bytes (TRex's RPC sends each stream's packet in
//! base64; a pcap's first frame) turn them into a layer list here, so the field engine
//! knows every field and checksum. [`layers_of_frame`] walks Ethernet, VLAN tags, an MPLS
//! stack, IPv4 / IPv6, UDP / TCP / ICMP echo and the payload; bytes after the IP packet
//! must be zeros (Ethernet padding, kept outside the IP length: `payload: {len: N}`), and a
//! frame under 60 bytes is padded to 60 as a NIC would. It then builds the template from
//! the layers and compares: a frame riptide would not send byte for byte (IPv4 or TCP
//! options, a fragment, a wrong checksum, other ICMP types...) is refused, naming what.

use super::build;
use crate::schema::{EthSpec, IcmpSpec, Ipv4Spec, Ipv6Spec, Layer, MplsSpec, PayloadSpec, TcpSpec, UdpSpec, VlanSpec};
use crate::values::Mac;
use riptide_core::units::FCS_LEN;
use riptide_wire::ethernet::EthernetAddress;
use std::net::{Ipv4Addr, Ipv6Addr};

/// The smallest Ethernet frame without its FCS: shorter frames are padded to it.
const MIN_FRAME: usize = 60;

/// Why a frame cannot be a template.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("frame byte {offset}: {reason}")]
pub struct FrameError {
    /// Where in the frame.
    pub offset: usize,
    /// What riptide cannot make there.
    pub reason: String,
}

fn err(offset: usize, reason: impl Into<String>) -> FrameError {
    FrameError { offset, reason: reason.into() }
}

fn u16_at(f: &[u8], at: usize) -> Result<u16, FrameError> {
    f.get(at..at + 2).map(|b| u16::from_be_bytes([b[0], b[1]])).ok_or_else(|| err(at, "the frame ends in a header"))
}

fn u32_at(f: &[u8], at: usize) -> Result<u32, FrameError> {
    f.get(at..at + 4)
        .map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
        .ok_or_else(|| err(at, "the frame ends in a header"))
}

fn bytes_at<const N: usize>(f: &[u8], at: usize) -> Result<[u8; N], FrameError> {
    f.get(at..at + N).and_then(|b| b.try_into().ok()).ok_or_else(|| err(at, "the frame ends in a header"))
}

/// TCP flag letters in scapy's order, bit 0 first.
const TCP_FLAGS: &[u8; 8] = b"FSRPAUEC";

/// The layers of `frame` (FCS excluded) and the frame size to send it at (FCS included),
/// such that [`build`] gives `frame` back byte for byte (padded to 60 bytes).
pub fn layers_of_frame(frame: &[u8]) -> Result<(Vec<Layer>, u16), FrameError> {
    if frame.len() < 14 {
        return Err(err(0, format!("{} bytes is no Ethernet frame", frame.len())));
    }
    if frame.len() + FCS_LEN > usize::from(u16::MAX) {
        return Err(err(0, format!("{} bytes is larger than a frame can be", frame.len())));
    }
    let mut layers = vec![Layer::Eth(EthSpec {
        dst: Some(Mac(EthernetAddress(bytes_at(frame, 0)?))),
        src: Some(Mac(EthernetAddress(bytes_at(frame, 6)?))),
        ethertype: None,
    })];
    let mut etype = u16_at(frame, 12)?;
    let mut off = 14;
    while etype == 0x8100 || etype == 0x88A8 {
        let tci = u16_at(frame, off)?;
        layers.push(Layer::Vlan(VlanSpec {
            id: Some(tci & 0x0FFF),
            pcp: (tci >> 13) as u8,
            dei: tci & 0x1000 != 0,
            tpid: Some(etype),
        }));
        etype = u16_at(frame, off + 2)?;
        off += 4;
    }
    if etype == 0x8847 {
        loop {
            let e = u32_at(frame, off)?;
            layers.push(Layer::Mpls(MplsSpec { label: e >> 12, tc: ((e >> 9) & 7) as u8, ttl: Some(e as u8) }));
            off += 4;
            if e & 0x100 != 0 {
                break;
            }
        }
        etype = match frame.get(off).map(|b| b >> 4) {
            Some(4) => 0x0800,
            Some(6) => 0x86DD,
            _ => 0,
        };
    }
    // Where the IP packet ends, its L4 header if riptide builds it, and where the rest starts.
    let (ip_end, l4, rest_at) = match etype {
        0x0800 => ipv4(frame, off, &mut layers)?,
        0x86DD => ipv6(frame, off, &mut layers)?,
        other => {
            // No IP: the rest is payload, the EtherType kept (an MPLS stack's says nothing).
            let only_eth = layers.len() == 1;
            if let (Some(Layer::Eth(e)), true) = (layers.first_mut(), only_eth) {
                e.ethertype = Some(other);
            }
            (frame.len(), None, off)
        }
    };
    if ip_end > frame.len() {
        return Err(err(
            off,
            format!("the IP packet's length says {} bytes, the frame has {}", ip_end - off, frame.len() - off),
        ));
    }
    let payload_at = match l4 {
        Some((proto, at)) => l4_layer(frame, at, proto, &mut layers)?,
        None => rest_at,
    };
    let payload = &frame[payload_at.min(ip_end)..ip_end];
    let padding = &frame[ip_end..];
    if let Some(i) = padding.iter().position(|&b| b != 0) {
        return Err(err(ip_end + i, "Ethernet padding after the IP packet must be zeros"));
    }
    let padded = frame.len() < MIN_FRAME || !padding.is_empty();
    if !payload.is_empty() || padded {
        layers.push(Layer::Payload(PayloadSpec {
            hex: (!payload.is_empty()).then(|| payload.iter().map(|b| format!("{b:02x}")).collect()),
            len: padded.then_some(payload.len()),
            ..PayloadSpec::default()
        }));
    }
    let size = (frame.len().max(MIN_FRAME) + FCS_LEN) as u16;
    let (template, _) = build(&layers, &[size]).map_err(|e| err(0, e.to_string()))?;
    let mut want = frame.to_vec();
    want.resize(frame.len().max(MIN_FRAME), 0);
    if let Some(i) = template.bytes().iter().zip(&want).position(|(a, b)| a != b) {
        return Err(err(
            i,
            format!(
                "riptide would send {:#04x} where the frame has {:#04x} (a field riptide computes or has no place for: \
                 a checksum, a length, an option?)",
                template.bytes()[i],
                want[i]
            ),
        ));
    }
    Ok((layers, size))
}

/// Where an IP packet ends, its L4 protocol and header when riptide builds that protocol,
/// and where the IP header ends.
type IpEnds = (usize, Option<(u8, usize)>, usize);

/// The IPv4 header at `off`: its layer and [`IpEnds`].
fn ipv4(f: &[u8], off: usize, layers: &mut Vec<Layer>) -> Result<IpEnds, FrameError> {
    if f.len() < off + 20 {
        return Err(err(off, "the frame ends in the IPv4 header"));
    }
    let vihl = f[off];
    if vihl != 0x45 {
        return Err(err(off, format!("IPv4 version/header length {vihl:#04x}: riptide sends 0x45 (no options)")));
    }
    let total = usize::from(u16_at(f, off + 2)?);
    let frag = u16_at(f, off + 6)?;
    if frag & 0xBFFF != 0 {
        return Err(err(off + 6, "an IPv4 fragment (MF or an offset): riptide sends whole packets"));
    }
    let proto = f[off + 9];
    let known = matches!(proto, 1 | 6 | 17);
    layers.push(Layer::Ipv4(Ipv4Spec {
        src: Some(Ipv4Addr::from(bytes_at::<4>(f, off + 12)?)),
        dst: Some(Ipv4Addr::from(bytes_at::<4>(f, off + 16)?)),
        ttl: Some(f[off + 8]),
        tos: f[off + 1],
        id: u16_at(f, off + 4)?,
        df: frag & 0x4000 != 0,
        proto: (!known).then_some(proto),
        ..Ipv4Spec::default()
    }));
    if total < 20 {
        return Err(err(off + 2, format!("IPv4 total length {total} is below its header")));
    }
    Ok((off + total, known.then_some((proto, off + 20)), off + 20))
}

/// The IPv6 header at `off`, as [`ipv4`].
fn ipv6(f: &[u8], off: usize, layers: &mut Vec<Layer>) -> Result<IpEnds, FrameError> {
    if f.len() < off + 40 {
        return Err(err(off, "the frame ends in the IPv6 header"));
    }
    let vtf = u32_at(f, off)?;
    if vtf >> 28 != 6 {
        return Err(err(off, "IPv6 version is not 6"));
    }
    let next = f[off + 6];
    if matches!(next, 0 | 43 | 44 | 60) {
        // As a payload, the L4 header after them would lose its checksum: the raw walk has it.
        return Err(err(off + 6, format!("IPv6 extension header {next}: riptide's layers have none")));
    }
    let known = matches!(next, 6 | 17 | 58);
    layers.push(Layer::Ipv6(Ipv6Spec {
        src: Some(Ipv6Addr::from(bytes_at::<16>(f, off + 8)?)),
        dst: Some(Ipv6Addr::from(bytes_at::<16>(f, off + 24)?)),
        hop_limit: Some(f[off + 7]),
        tc: (vtf >> 20) as u8,
        flow_label: vtf & 0xF_FFFF,
        next_header: (!known).then_some(next),
    }));
    Ok((off + 40 + usize::from(u16_at(f, off + 4)?), known.then_some((next, off + 40)), off + 40))
}

/// The L4 header at `at` (protocol `proto`): its layer, and where the payload starts.
fn l4_layer(f: &[u8], at: usize, proto: u8, layers: &mut Vec<Layer>) -> Result<usize, FrameError> {
    let v6 = matches!(layers.last(), Some(Layer::Ipv6(_)));
    match proto {
        17 => {
            let checksum = u16_at(f, at + 6)?;
            layers.push(Layer::Udp(UdpSpec {
                sport: Some(u16_at(f, at)?),
                dport: Some(u16_at(f, at + 2)?),
                checksum: (checksum == 0 && !v6).then_some(false),
            }));
            Ok(at + 8)
        }
        6 => {
            let offset_flags = u16_at(f, at + 12)?;
            if offset_flags >> 12 != 5 {
                return Err(err(at + 12, "TCP options: riptide sends a 20-byte TCP header"));
            }
            if offset_flags & 0x0F00 != 0 || u16_at(f, at + 18)? != 0 {
                return Err(err(at + 12, "TCP reserved bits or an urgent pointer: riptide sends neither"));
            }
            let flags = offset_flags as u8;
            let letters: String =
                (0..8).filter(|b| flags & (1 << b) != 0).map(|b| char::from(TCP_FLAGS[b as usize])).collect();
            layers.push(Layer::Tcp(TcpSpec {
                sport: Some(u16_at(f, at)?),
                dport: Some(u16_at(f, at + 2)?),
                flags: Some(letters),
                seq: u32_at(f, at + 4)?,
                ack: u32_at(f, at + 8)?,
                window: Some(u16_at(f, at + 14)?),
                options: None,
            }));
            Ok(at + 20)
        }
        _ => {
            let (kind, code) = (*f.get(at).ok_or_else(|| err(at, "the frame ends before ICMP"))?, f.get(at + 1));
            let name = match (v6, kind) {
                (false, 8) | (true, 128) => "echo_request",
                (false, 0) | (true, 129) => "echo_reply",
                _ => return Err(err(at, format!("ICMP type {kind}: riptide sends echo requests and replies"))),
            };
            if code != Some(&0) {
                return Err(err(at + 1, "an ICMP echo's code must be 0"));
            }
            let spec = IcmpSpec { kind: Some(name.into()), id: u16_at(f, at + 4)?, seq: u16_at(f, at + 6)? };
            layers.push(if v6 { Layer::Icmpv6(spec) } else { Layer::Icmp(spec) });
            Ok(at + 8)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn rebuilt(layers: &[Layer], size: u16) -> Vec<u8> {
        build(layers, &[size]).unwrap().0.bytes().to_vec()
    }

    fn from_yaml(yaml: &str) -> Vec<Layer> {
        serde_saphyr::from_str(yaml).unwrap()
    }

    #[test]
    fn frames_riptide_builds_come_back_byte_for_byte() {
        for (yaml, size) in [
            ("[{eth: {}}, {ipv4: {}}, {udp: {}}]", 64),
            ("[{eth: {}}, {vlan: {id: 7, pcp: 5}}, {vlan: {id: 300}}, {ipv4: {df: true, id: 9}}, {tcp: {flags: PA}}, {payload: {string: hi}}]", 200),
            ("[{eth: {}}, {mpls: {label: 16}}, {mpls: {label: 17, tc: 3}}, {ipv6: {flow_label: 5}}, {udp: {}}]", 100),
            ("[{eth: {}}, {ipv4: {}}, {icmp: {id: 3, seq: 4}}, {payload: {pattern: ab}}]", 98),
            ("[{eth: {}}, {ipv6: {}}, {icmpv6: {type: echo_reply}}]", 90),
            ("[{eth: {}}, {ipv4: {}}, {udp: {checksum: false}}, {payload: {len: 2, hex: abcd}}]", 64),
            ("[{eth: {type: 0x0806}}, {payload: {hex: 0001080006040001}}]", 64),
            // Issue 51: an IP protocol riptide has no layer for used to be read as payload
            // from the IP header on ("frame byte 34: riptide would send 0x45").
            ("[{eth: {}}, {ipv4: {proto: 61}}, {payload: {string: lkHJgq8e}}]", 80),
            ("[{eth: {}}, {vlan: {id: 5}}, {ipv4: {proto: 61}}, {payload: {string: lkHJgq8e}}]", 80),
            ("[{eth: {}}, {ipv6: {next_header: 61}}, {payload: {string: lkHJgq8e}}]", 100),
        ] {
            let layers = from_yaml(yaml);
            let frame = rebuilt(&layers, size);
            let (back, back_size) = layers_of_frame(&frame).unwrap_or_else(|e| panic!("{yaml}: {e}"));
            assert_eq!(back_size, size.max(64), "{yaml}");
            assert_eq!(rebuilt(&back, back_size), frame, "{yaml}");
        }
    }

    #[test]
    fn a_short_frame_is_padded_and_keeps_its_ip_length() {
        // Ethernet / IPv4 / UDP, 42 bytes: sent as 60 with 18 zeros after the packet.
        let mut frame = rebuilt(&from_yaml("[{eth: {}}, {ipv4: {}}, {udp: {}}, {payload: {len: 0}}]"), 64);
        frame.truncate(42);
        let (layers, size) = layers_of_frame(&frame).unwrap();
        assert_eq!(size, 64);
        let out = rebuilt(&layers, size);
        assert_eq!(&out[..42], &frame[..]);
        assert_eq!(&out[42..], &[0; 18]);
    }

    #[test]
    fn what_riptide_would_not_send_is_refused_naming_the_byte() {
        let good = rebuilt(&from_yaml("[{eth: {}}, {ipv4: {}}, {udp: {}}, {payload: {string: x}}]"), 80);
        // IPv4 options, a fragment, a wrong IPv4 checksum, a wrong UDP checksum.
        for (at, value, want) in
            [(14, 0x46, "options"), (20, 0x20, "fragment"), (24, 0, "would send"), (40, 0, "would send")]
        {
            let mut f = good.clone();
            f[at] = if f[at] == value { value.wrapping_add(1) } else { value };
            let e = layers_of_frame(&f).unwrap_err();
            assert!(e.to_string().contains(want), "byte {at}: {e}");
        }
        // Non-zero bytes after the IP packet.
        let mut short = rebuilt(&from_yaml("[{eth: {}}, {ipv4: {}}, {udp: {}}, {payload: {len: 0}}]"), 64);
        short[50] = 1;
        let e = layers_of_frame(&short).unwrap_err();
        assert_eq!(e.offset, 50);
        assert!(e.reason.contains("padding"), "{e}");
        assert!(layers_of_frame(&[0; 10]).is_err());
    }

    proptest! {
        #[test]
        fn any_bytes_give_layers_or_an_error_never_a_panic(bytes in proptest::collection::vec(any::<u8>(), 0..160),
                                                           ip in proptest::sample::select(vec![0x0800u16, 0x86DD, 0x8100, 0x8847])) {
            let mut f = bytes;
            if f.len() >= 14 {
                f[12..14].copy_from_slice(&ip.to_be_bytes());
            }
            // Mostly well-formed version bytes and no fragments, to get past them.
            if f.len() >= 21 && ip == 0x0800 {
                f[14] = 0x45;
                f[20] &= 0x40;
            }
            if f.len() >= 15 && ip == 0x86DD {
                f[14] = 0x60 | (f[14] & 0x0F);
            }
            let _ = layers_of_frame(&f);
        }

        #[test]
        fn random_udp_and_tcp_frames_round_trip(
            src in any::<u32>(), dst in any::<u32>(), ttl in 1u8.., tos: u8, id: u16, df: bool,
            sport: u16, dport: u16, payload in 0usize..100, tcp: bool, flags in 0u8.., seq: u32, vlan in proptest::option::of(0u16..4096),
        ) {
            let vlan = vlan.map_or(String::new(), |v| format!("{{vlan: {{id: {v}}}}}, "));
            let l4 = if tcp {
                let letters: String = (0..8).filter(|b| flags & (1 << b) != 0).map(|b| char::from(TCP_FLAGS[b as usize])).collect();
                format!("{{tcp: {{sport: {sport}, dport: {dport}, seq: {seq}, flags: \"{letters}\"}}}}")
            } else {
                format!("{{udp: {{sport: {sport}, dport: {dport}}}}}")
            };
            let yaml = format!(
                "[{{eth: {{}}}}, {vlan}{{ipv4: {{src: {}, dst: {}, ttl: {ttl}, tos: {tos}, id: {id}, df: {df}}}}}, {l4}, {{payload: {{pattern: 5a}}}}]",
                Ipv4Addr::from(src), Ipv4Addr::from(dst)
            );
            let layers = from_yaml(&yaml);
            let size = (14 + vlan.len().min(1) * 4 + 20 + if tcp { 20 } else { 8 } + payload + 4).max(64) as u16;
            let frame = rebuilt(&layers, size);
            let (back, back_size) = layers_of_frame(&frame).unwrap();
            prop_assert_eq!(rebuilt(&back, back_size), frame);
        }
    }
}
