//! Whole-frame tests: a byte-literal UDP/IPv4 frame built and taken apart layer by layer, and
//! the diagnostic decoder on every encapsulation it knows.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{frame, pad, v4, v6, Encap, L4};
use riptide_wire::ethernet::{self, EtherType, EthernetAddress};
use riptide_wire::icmpv4::EchoKind;
use riptide_wire::tcp::{self, TcpFlags};
use riptide_wire::{decode, hexdump, ipv4, udp, ChecksumMode, IpAddress, Protocol};
use std::net::Ipv4Addr;

/// 198.18.0.1:1025 -> 198.19.0.1:12, 02:00:00:00:00:01 -> 02:00:00:00:00:02, 18 zero bytes.
/// Checksums computed independently (python): IPv4 0xee97, UDP 0x6f85.
static UDP4_FRAME: [u8; 60] = [
    0x02, 0x00, 0x00, 0x00, 0x00, 0x02, 0x02, 0x00, 0x00, 0x00, 0x00, 0x01, //
    0x08, 0x00, 0x45, 0x00, 0x00, 0x2e, 0x00, 0x00, 0x00, 0x00, 0x40, 0x11, //
    0xee, 0x97, 0xc6, 0x12, 0x00, 0x01, 0xc6, 0x13, 0x00, 0x01, 0x04, 0x01, //
    0x00, 0x0c, 0x00, 0x1a, 0x6f, 0x85, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, //
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
];

const SRC4: IpAddress = IpAddress::V4(Ipv4Addr::new(198, 18, 0, 1));
const DST4: IpAddress = IpAddress::V4(Ipv4Addr::new(198, 19, 0, 1));

fn udp4_reprs() -> (ethernet::Repr, ipv4::Repr, udp::Repr) {
    (
        ethernet::Repr {
            src: "02:00:00:00:00:01".parse().unwrap(),
            dst: "02:00:00:00:00:02".parse().unwrap(),
            ethertype: EtherType::IPV4,
        },
        ipv4::Repr {
            src_addr: Ipv4Addr::new(198, 18, 0, 1),
            dst_addr: Ipv4Addr::new(198, 19, 0, 1),
            protocol: Protocol::UDP,
            payload_len: 26,
            ttl: 64,
            tos: 0,
            ident: 0,
            dont_frag: false,
        },
        udp::Repr { src_port: 1025, dst_port: 12 },
    )
}

#[test]
fn udp4_frame_deconstruct() {
    let (eth_repr, ip_repr, udp_repr) = udp4_reprs();
    let eth = ethernet::Frame::new_checked(&UDP4_FRAME[..]).unwrap();
    assert_eq!(ethernet::Repr::parse(&eth).unwrap(), eth_repr);
    let ip = ipv4::Packet::new_checked(eth.payload()).unwrap();
    assert_eq!(ipv4::Repr::parse(&ip, ChecksumMode::Verify).unwrap(), ip_repr);
    let udp = udp::Packet::new_checked(ip.payload()).unwrap();
    assert_eq!(udp::Repr::parse(&udp, &SRC4, &DST4, ChecksumMode::Verify).unwrap(), udp_repr);
    assert_eq!(udp.payload(), &[0u8; 18]);
}

#[test]
fn udp4_frame_construct() {
    let (eth_repr, ip_repr, udp_repr) = udp4_reprs();
    let mut buf = [0xa5u8; 60];
    let mut eth = ethernet::Frame::new_unchecked(&mut buf[..]);
    eth_repr.emit(&mut eth);
    let mut ip = ipv4::Packet::new_unchecked(eth.payload_mut());
    ip_repr.emit(&mut ip);
    let mut udp = udp::Packet::new_unchecked(ip.payload_mut());
    udp_repr.emit(&mut udp, &SRC4, &DST4, 18, |p| p.fill(0));
    assert_eq!(buf, UDP4_FRAME);
    // The shared test builder agrees with the literal too.
    assert_eq!(frame(&[], SRC4, DST4, L4::Udp(1025, 12), &[0; 18]), UDP4_FRAME);
}

#[test]
fn udp4_frame_decodes() {
    let d = decode(&UDP4_FRAME);
    assert_eq!(d.names(), ["eth", "ipv4", "udp", "payload"]);
    assert!(d.malformed.is_none());
    assert!(d.all_checksums_ok());
    let ip = d.layer("ipv4").unwrap();
    assert_eq!((ip.offset, ip.len), (14, 20));
    assert_eq!(ip.get("src"), Some("198.18.0.1"));
    assert_eq!(ip.get("checksum"), Some("0xee97 [correct]"));
    let udp = d.layer("udp").unwrap();
    assert_eq!((udp.offset, udp.len, udp.checksum_ok), (34, 8, Some(true)));
    assert_eq!(udp.get("checksum"), Some("0x6f85 [correct]"));
    assert_eq!(d.layer("payload").map(|l| (l.offset, l.len)), Some((42, 18)));
    let text = d.to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "eth   dst=02:00:00:00:00:02 src=02:00:00:00:00:01 type=0x0800");
    assert_eq!(
        lines[1],
        "ipv4  src=198.18.0.1 dst=198.19.0.1 ttl=64 proto=17 len=46 id=0x0000 tos=0x00 flags=none frag=0 \
         checksum=0xee97 [correct]"
    );
    assert_eq!(lines[2], "udp   src=1025 dst=12 len=26 checksum=0x6f85 [correct]");
    assert_eq!(lines[3], "payload len=18");
}

#[test]
fn vlan_qinq_tcp() {
    let repr =
        tcp::Repr { src_port: 40000, dst_port: 80, seq: 1, ack: 0, flags: TcpFlags::SYN, window: 65535, urgent: 0 };
    let encaps = [Encap::Vlan(EtherType::QINQ, 100), Encap::Vlan(EtherType::VLAN, 200)];
    let f = pad(frame(&encaps, SRC4, DST4, L4::Tcp(repr), b""));
    let d = decode(&f);
    assert_eq!(d.names(), ["eth", "vlan", "vlan", "ipv4", "tcp"], "{d}");
    assert_eq!(d.layers[0].get("type"), Some("0x88a8"));
    assert_eq!(d.layers[1].get("tpid"), Some("0x88a8"));
    assert_eq!(d.layers[1].get("vid"), Some("100"));
    assert_eq!(d.layers[2].get("tpid"), Some("0x8100"));
    assert_eq!(d.layers[2].get("vid"), Some("200"));
    assert_eq!(d.layers[2].get("type"), Some("0x0800"));
    let tcp = d.layer("tcp").unwrap();
    assert_eq!((tcp.offset, tcp.len, tcp.checksum_ok), (22 + 20, 20, Some(true)));
    assert_eq!(tcp.get("flags"), Some("S"));
    assert!(d.all_checksums_ok() && d.malformed.is_none());
}

#[test]
fn ipv4_tcp_with_payload() {
    let repr = tcp::Repr {
        src_port: 1025,
        dst_port: 80,
        seq: 0x0102_0304,
        ack: 0x0a0b_0c0d,
        flags: TcpFlags::PSH | TcpFlags::ACK,
        window: 8192,
        urgent: 0,
    };
    let f = frame(&[], SRC4, DST4, L4::Tcp(repr), b"GET / HTTP/1.1\r\n\r\n");
    let d = decode(&f);
    assert_eq!(d.names(), ["eth", "ipv4", "tcp", "payload"]);
    let tcp = d.layer("tcp").unwrap();
    assert_eq!(tcp.get("flags"), Some("PA"));
    assert_eq!(tcp.get("seq"), Some("16909060"));
    assert_eq!(tcp.checksum_ok, Some(true));
    assert_eq!(d.layer("payload").unwrap().len, 18);
}

#[test]
fn mpls_two_labels() {
    let encaps = [Encap::Mpls(16003), Encap::Mpls(17)];
    let f = pad(frame(&encaps, SRC4, DST4, L4::Udp(1025, 12), &[0; 18]));
    let d = decode(&f);
    assert_eq!(d.names(), ["eth", "mpls", "mpls", "ipv4", "udp", "payload"], "{d}");
    assert_eq!(d.layers[0].get("type"), Some("0x8847"));
    assert_eq!((d.layers[1].get("label"), d.layers[1].get("bos")), (Some("16003"), Some("0")));
    assert_eq!((d.layers[2].get("label"), d.layers[2].get("bos")), (Some("17"), Some("1")));
    assert_eq!(d.layer("ipv4").unwrap().offset, 22);
    assert!(d.all_checksums_ok() && d.malformed.is_none());
}

#[test]
fn mpls_then_ipv6() {
    let f = frame(&[Encap::Mpls(100)], v6("2001:db8::1"), v6("2001:db8::2"), L4::Udp(53, 53), b"hi");
    let d = decode(&f);
    assert_eq!(d.names(), ["eth", "mpls", "ipv6", "udp", "payload"]);
    assert!(d.all_checksums_ok());
}

#[test]
fn ipv6_udp() {
    let (src, dst) = (v6("2001:db8::1"), v6("2001:db8::2"));
    let f = frame(&[], src, dst, L4::Udp(1025, 12), b"riptide!");
    let d = decode(&f);
    assert_eq!(d.names(), ["eth", "ipv6", "udp", "payload"]);
    let ip = d.layer("ipv6").unwrap();
    assert_eq!((ip.get("src"), ip.get("nh"), ip.get("plen")), (Some("2001:db8::1"), Some("17"), Some("16")));
    assert_eq!(d.layer("udp").unwrap().get("checksum"), Some("0xeee8 [correct]"));
    assert!(d.all_checksums_ok());
}

#[test]
fn icmp_echo_v4_and_v6() {
    let f = pad(frame(&[], SRC4, DST4, L4::Echo(EchoKind::Request, 0x1234, 7), b"abcdefgh"));
    let d = decode(&f);
    assert_eq!(d.names(), ["eth", "ipv4", "icmp", "payload", "padding"]);
    let icmp = d.layer("icmp").unwrap();
    assert_eq!(
        (icmp.get("type"), icmp.get("id"), icmp.get("seq")),
        (Some("8 (echo request)"), Some("0x1234"), Some("7"))
    );
    assert_eq!(icmp.checksum_ok, Some(true));

    let f = frame(&[], v6("2001:db8::2"), v6("2001:db8::1"), L4::Echo(EchoKind::Reply, 1, 2), b"abcdefgh");
    let d = decode(&f);
    assert_eq!(d.names(), ["eth", "ipv6", "icmpv6", "payload"]);
    assert_eq!(d.layer("icmpv6").unwrap().get("type"), Some("129 (echo reply)"));
    assert!(d.all_checksums_ok());
}

#[test]
fn corrupted_checksums_are_reported() {
    let mut f = UDP4_FRAME;
    f[59] = 1; // last payload byte: UDP checksum now wrong
    let d = decode(&f);
    let udp = d.layer("udp").unwrap();
    assert_eq!(udp.checksum_ok, Some(false));
    assert_eq!(udp.get("checksum"), Some("0x6f85 [incorrect, should be 0x6f84]"));
    assert_eq!(d.layer("ipv4").unwrap().checksum_ok, Some(true));
    assert!(!d.all_checksums_ok());
    assert!(d.malformed.is_none());

    let mut f = UDP4_FRAME;
    f[24] = 0; // IPv4 checksum high byte
    let d = decode(&f);
    assert_eq!(d.layer("ipv4").unwrap().get("checksum"), Some("0x0097 [incorrect, should be 0xee97]"));
    assert!(!d.all_checksums_ok());
}

#[test]
fn udp_zero_checksum() {
    let mut f = UDP4_FRAME;
    f[40] = 0;
    f[41] = 0;
    let d = decode(&f);
    assert_eq!(d.layer("udp").unwrap().get("checksum"), Some("0x0000 [none]"));
    assert_eq!(d.layer("udp").unwrap().checksum_ok, None);
    assert!(d.all_checksums_ok());
}

#[test]
fn truncated_and_inconsistent_frames() {
    // IPv4 total_len larger than what the frame holds.
    let d = decode(&UDP4_FRAME[..50]);
    assert_eq!(d.names(), ["eth", "ipv4"]);
    let why = d.malformed.as_deref().unwrap();
    assert!(why.contains("total_len 46 larger than the 36 bytes left"), "{why}");
    assert!(d.to_string().ends_with(&format!("malformed: {why}\n")));

    // Cut inside the IPv4 header.
    let d = decode(&UDP4_FRAME[..20]);
    assert_eq!(d.names(), ["eth"]);
    assert!(d.malformed.as_deref().unwrap().starts_with("ipv4 at offset 14: truncated"));

    // Not even an Ethernet header.
    let d = decode(&UDP4_FRAME[..5]);
    assert!(d.layers.is_empty() && d.malformed.is_some());

    // A VLAN tag cut short, an MPLS stack without bottom of stack.
    let mut f = UDP4_FRAME[..16].to_vec();
    f[12..14].copy_from_slice(&[0x81, 0x00]);
    assert!(decode(&f).malformed.as_deref().unwrap().starts_with("vlan at offset 14"));
    f[12..14].copy_from_slice(&[0x88, 0x47]);
    f.extend_from_slice(&[0, 0, 0, 0]);
    assert!(decode(&f).malformed.as_deref().unwrap().starts_with("mpls at offset 18"));

    // UDP length field beyond the IP payload.
    let mut f = UDP4_FRAME;
    f[39] = 27;
    assert!(decode(&f).malformed.as_deref().unwrap().starts_with("udp at offset 34: length field 27"));

    // Wrong IP version behind an IPv4 EtherType.
    let mut f = UDP4_FRAME;
    f[14] = 0x65;
    assert!(decode(&f).malformed.as_deref().unwrap().contains("version 6, expected 4"));
}

#[test]
fn unknown_ethertype_is_payload() {
    let mut f = UDP4_FRAME;
    f[12..14].copy_from_slice(&[0x08, 0x06]);
    let d = decode(&f);
    assert_eq!(d.names(), ["eth", "payload"]);
    assert_eq!(d.layers[1].len, 46);
}

#[test]
fn hexdump_format() {
    let dump = hexdump(&UDP4_FRAME);
    let lines: Vec<&str> = dump.lines().collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0], "0000  02 00 00 00 00 02 02 00  00 00 00 01 08 00 45 00   ..............E.");
    assert_eq!(lines[3], "0030  00 00 00 00 00 00 00 00  00 00 00 00               ............");
    assert_eq!(hexdump(b"AB"), "0000  41 42                                              AB\n");
    assert_eq!(hexdump(&[]), "");
}

#[test]
fn ethernet_address_helpers() {
    assert_eq!(EthernetAddress::BROADCAST.to_string(), "ff:ff:ff:ff:ff:ff");
    assert!("02:00:00:00:00:01".parse::<EthernetAddress>().is_ok());
    assert_eq!(v4([10, 0, 0, 1]).to_string(), "10.0.0.1");
}

#[test]
fn a_tcp_segment_shorter_than_its_data_offset_field_is_truncated_not_a_panic() {
    // Found by the damage property on a fresh clone: IPv4 says TCP, 8 bytes follow.
    for seg_len in [0usize, 8, 12, 13, 19] {
        let mut f = vec![0u8; 14 + 20 + seg_len];
        f[12..14].copy_from_slice(&[0x08, 0x00]);
        f[14] = 0x45;
        f[16..18].copy_from_slice(&((20 + seg_len) as u16).to_be_bytes());
        f[22] = 64;
        f[23] = 6;
        let d = decode(&f);
        let why = d.malformed.clone().unwrap_or_default();
        assert!(why.contains("tcp") && why.contains("truncated"), "{seg_len}: {why}");
        let _ = d.to_string();
    }
}

/// riptide's own tunnel frames (profiles/vxlan.yaml, geneve.yaml, gre.yaml, gtpu.yaml,
/// first frame each, as tshark verifies them): outer and inner headers with every
/// checksum checked.
const TUNNEL_FRAMES: &[(&str, &[&str])] = &[
    (
        "02000000000202000000000108004500006e000000004011ee57c6120001c6130001c00012b5005a0000080000000000640002000000\
         010202000000010108004500003c000000004011ec89c6120101c6130101c000000c0028b1690000000000000000000000000000000000\
         000000000000000000000000000000",
        &["eth", "ipv4", "udp", "vxlan", "eth", "ipv4", "udp", "payload"],
    ),
    (
        "02000000000202000000000186dd60000000006611402001000200000000000000000000000120010002000000010000000000000001\
         c00017c10066b6e8024065580000c800010280010000002a020000000102020000000101080045000040000000004006ec90c6120101c6\
         130101040100509f5399c70000000050022000c4360000000000000000000000000000000000000000000000000000",
        &["eth", "ipv6", "udp", "geneve", "eth", "ipv4", "tcp", "payload"],
    ),
    (
        "02000000000202000000000108004500006e00000000402fee39c6120001c6130001b00086dd57f10000000000010000000060000000\
         0022114020010002000000000001000000000001200100020000000100010000000000010401000c0022bb92000000000000000000000000\
         0000000000000000000000000000",
        &["eth", "ipv4", "gre", "ipv6", "udp", "payload"],
    ),
];

fn unhex(h: &str) -> Vec<u8> {
    (0..h.len()).step_by(2).map(|i| u8::from_str_radix(&h[i..i + 2], 16).unwrap()).collect()
}

#[test]
fn tunnels_decode_with_the_inner_packet_and_every_checksum() {
    for (hex, names) in TUNNEL_FRAMES {
        let f = unhex(hex);
        let d = decode(&f);
        assert_eq!(d.names(), *names, "{d}");
        assert!(d.malformed.is_none() && d.all_checksums_ok(), "{d}");
        let checked = d.layers.iter().filter(|l| l.checksum_ok == Some(true)).count();
        assert!(checked >= 3, "outer and inner checksums checked: {d}");
        // A flipped payload byte is caught by the inner L4 checksum (and by GRE's).
        let mut bad = f.clone();
        let last = bad.len() - 1;
        bad[last] ^= 0x40;
        let d = decode(&bad);
        assert!(!d.all_checksums_ok(), "{d}");
    }
    let d = decode(&unhex(TUNNEL_FRAMES[0].0));
    assert_eq!(d.layer("vxlan").unwrap().get("vni"), Some("100"));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
    /// Any bytes after a tunnel's outer headers, any truncation: the decoder never panics
    /// and every layer it reports lies inside the frame.
    #[test]
    fn mutated_tunnel_frames_never_panic(
        which in 0usize..3,
        flips in proptest::collection::vec((0usize..200, proptest::prelude::any::<u8>()), 0..8),
        cut in 0usize..200,
    ) {
        let mut f = unhex(TUNNEL_FRAMES[which].0);
        for (at, b) in flips {
            let n = f.len();
            f[at % n] = b;
        }
        f.truncate(cut.max(1).min(f.len()));
        let d = decode(&f);
        for l in &d.layers {
            proptest::prop_assert!(l.offset + l.len <= f.len(), "{} at {} + {} > {}", l.name, l.offset, l.len, f.len());
        }
    }
}
