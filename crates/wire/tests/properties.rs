//! Property tests: views never panic after `check_len`, Reprs round-trip through emit/parse,
//! and `decode` never panics on any bytes.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{frame, Encap, L4};
use proptest::prelude::*;
use riptide_wire::ethernet::{self, EtherType};
use riptide_wire::icmpv4::EchoKind;
use riptide_wire::tcp::TcpFlags;
use riptide_wire::{decode, hexdump, icmpv4, icmpv6, ipv4, ipv6, mpls, tcp, udp, vlan};
use riptide_wire::{ChecksumMode, IpAddress, Protocol};
use std::net::{Ipv4Addr, Ipv6Addr};

const V: ChecksumMode = ChecksumMode::Verify;

/// Reads every field of every view that accepts `bytes`, then writes back what it read and
/// fills the checksums; none of it may panic.
fn exercise_views(bytes: &mut [u8], src: &IpAddress, dst: &IpAddress) {
    if let Ok(f) = ethernet::Frame::new_checked(&mut *bytes) {
        let _ = (f.dst_addr(), f.src_addr(), f.ethertype(), f.payload().len());
        let _ = ethernet::Repr::parse(&f);
        let mut f = f;
        let (d, s, t) = (f.dst_addr(), f.src_addr(), f.ethertype());
        f.set_dst_addr(d);
        f.set_src_addr(s);
        f.set_ethertype(t);
        let _ = f.payload_mut().len();
    }
    if let Ok(mut t) = vlan::Tag::new_checked(&mut *bytes) {
        let _ = (t.tci(), t.pcp(), t.dei(), t.vid(), t.ethertype(), t.payload().len());
        let _ = vlan::Repr::parse(&t);
        let (p, d, v) = (t.pcp(), t.dei(), t.vid());
        t.set_pcp(p);
        t.set_dei(d);
        t.set_vid(v);
        let _ = t.payload_mut().len();
    }
    if let Ok(mut e) = mpls::Entry::new_checked(&mut *bytes) {
        let _ = (e.word(), e.label(), e.tc(), e.bos(), e.ttl(), e.payload().len());
        let _ = mpls::Repr::parse(&e);
        let (l, t) = (e.label(), e.ttl());
        e.set_label(l);
        e.set_ttl(t);
        let _ = e.payload_mut().len();
    }
    if let Ok(mut p) = ipv4::Packet::new_checked(&mut *bytes) {
        let _ = (p.version(), p.ihl(), p.header_len(), p.tos(), p.dscp(), p.ecn(), p.total_len());
        let _ = (p.ident(), p.dont_frag(), p.more_frags(), p.frag_offset(), p.ttl(), p.protocol());
        let _ = (p.checksum(), p.src_addr(), p.dst_addr(), p.header().len(), p.options().len());
        let _ = (p.verify_checksum(), p.payload().len(), ipv4::Repr::parse(&p, V));
        let (f, o) = (p.more_frags(), p.frag_offset());
        p.set_more_frags(f);
        p.set_frag_offset(o);
        p.fill_checksum();
        assert!(p.verify_checksum());
        let _ = p.payload_mut().len();
    }
    if let Ok(mut p) = ipv6::Packet::new_checked(&mut *bytes) {
        let _ = (p.version(), p.traffic_class(), p.flow_label(), p.payload_len(), p.next_header());
        let _ = (p.hop_limit(), p.src_addr(), p.dst_addr(), p.payload().len(), ipv6::Repr::parse(&p));
        let fl = p.flow_label();
        p.set_flow_label(fl);
        let _ = p.payload_mut().len();
    }
    if let Ok(mut p) = udp::Packet::new_checked(&mut *bytes) {
        let _ = (p.src_port(), p.dst_port(), p.len(), p.is_empty(), p.checksum(), p.payload().len());
        let _ = (p.verify_checksum(src, dst), udp::Repr::parse(&p, src, dst, V));
        p.fill_checksum(src, dst);
        assert!(p.verify_checksum(src, dst));
        let _ = p.payload_mut().len();
    }
    if let Ok(mut p) = tcp::Packet::new_checked(&mut *bytes) {
        let _ = (p.src_port(), p.dst_port(), p.seq(), p.ack(), p.header_len(), p.flags());
        let _ = (p.window(), p.checksum(), p.urgent(), p.options().len(), p.payload().len());
        let _ = (p.verify_checksum(src, dst), tcp::Repr::parse(&p, src, dst, V));
        p.fill_checksum(src, dst);
        assert!(p.verify_checksum(src, dst));
        let _ = p.payload_mut().len();
    }
    if let Ok(mut p) = icmpv4::Packet::new_checked(&mut *bytes) {
        let _ = (p.msg_type(), p.msg_code(), p.checksum(), p.echo_ident(), p.echo_seq_no());
        let _ = (p.data().len(), p.verify_checksum(), icmpv4::EchoRepr::parse(&p, V));
        p.fill_checksum();
        assert!(p.verify_checksum());
        let _ = p.data_mut().len();
    }
    if let Ok(mut p) = icmpv6::Packet::new_checked(&mut *bytes) {
        let _ = (p.msg_type(), p.msg_code(), p.checksum(), p.echo_ident(), p.echo_seq_no());
        let _ = (p.data().len(), p.verify_checksum(src, dst), icmpv6::EchoRepr::parse(&p, src, dst, V));
        p.fill_checksum(src, dst);
        assert!(p.verify_checksum(src, dst));
        let _ = p.data_mut().len();
    }
}

/// Reprs' parse functions check lengths themselves, so unchecked views are fine too.
fn parse_unchecked(bytes: &[u8], src: &IpAddress, dst: &IpAddress) {
    let _ = ethernet::Repr::parse(&ethernet::Frame::new_unchecked(bytes));
    let _ = vlan::Repr::parse(&vlan::Tag::new_unchecked(bytes));
    let _ = mpls::Repr::parse(&mpls::Entry::new_unchecked(bytes));
    let _ = ipv4::Repr::parse(&ipv4::Packet::new_unchecked(bytes), ChecksumMode::Ignore);
    let _ = ipv6::Repr::parse(&ipv6::Packet::new_unchecked(bytes));
    let _ = udp::Repr::parse(&udp::Packet::new_unchecked(bytes), src, dst, V);
    let _ = tcp::Repr::parse(&tcp::Packet::new_unchecked(bytes), src, dst, V);
    let _ = icmpv4::EchoRepr::parse(&icmpv4::Packet::new_unchecked(bytes), V);
    let _ = icmpv6::EchoRepr::parse(&icmpv6::Packet::new_unchecked(bytes), src, dst, V);
}

fn any_ip_pair() -> impl Strategy<Value = (IpAddress, IpAddress)> {
    prop_oneof![
        (any::<u32>(), any::<u32>())
            .prop_map(|(s, d)| (IpAddress::V4(Ipv4Addr::from(s)), IpAddress::V4(Ipv4Addr::from(d)))),
        (any::<u128>(), any::<u128>())
            .prop_map(|(s, d)| (IpAddress::V6(Ipv6Addr::from(s)), IpAddress::V6(Ipv6Addr::from(d)))),
    ]
}

fn any_l4() -> impl Strategy<Value = L4> {
    prop_oneof![
        (any::<u16>(), any::<u16>()).prop_map(|(s, d)| L4::Udp(s, d)),
        (any::<u16>(), any::<u16>(), any::<u32>(), any::<u32>(), any::<u8>(), any::<u16>(), any::<u16>()).prop_map(
            |(src_port, dst_port, seq, ack, flags, window, urgent)| L4::Tcp(tcp::Repr {
                src_port,
                dst_port,
                seq,
                ack,
                flags: TcpFlags(flags),
                window,
                urgent
            })
        ),
        (any::<bool>(), any::<u16>(), any::<u16>()).prop_map(|(r, i, s)| L4::Echo(
            if r { EchoKind::Request } else { EchoKind::Reply },
            i,
            s
        )),
    ]
}

fn any_encaps() -> impl Strategy<Value = Vec<Encap>> {
    prop_oneof![
        proptest::collection::vec(
            (any::<bool>(), 0u16..4096)
                .prop_map(|(s, vid)| Encap::Vlan(if s { EtherType::QINQ } else { EtherType::VLAN }, vid)),
            0..3
        ),
        proptest::collection::vec((0u32..0x10_0000).prop_map(Encap::Mpls), 1..4),
    ]
}

proptest! {
    #[test]
    fn views_never_panic_after_check(mut bytes in proptest::collection::vec(any::<u8>(), 0..120),
                                     (src, dst) in any_ip_pair()) {
        parse_unchecked(&bytes, &src, &dst);
        exercise_views(&mut bytes, &src, &dst);
    }

    #[test]
    fn decode_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let d = decode(&bytes);
        let _ = (d.to_string(), d.all_checksums_ok(), hexdump(&bytes));
    }

    #[test]
    fn built_frames_decode_clean_and_survive_damage(
        encaps in any_encaps(), (src, dst) in any_ip_pair(), l4 in any_l4(),
        payload in proptest::collection::vec(any::<u8>(), 0..64),
        damage in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..4),
        cut in any::<prop::sample::Index>(),
    ) {
        let mut f = frame(&encaps, src, dst, l4, &payload);
        let d = decode(&f);
        prop_assert!(d.malformed.is_none(), "{}", d);
        prop_assert!(d.all_checksums_ok(), "{}", d);
        prop_assert_eq!(d.layers.iter().map(|l| l.len).sum::<usize>(), f.len());
        for (at, value) in damage {
            let i = at.index(f.len());
            f[i] = value;
        }
        let _ = decode(&f).to_string();
        let _ = decode(&f[..cut.index(f.len() + 1)]).to_string();
    }

    #[test]
    fn ipv4_round_trip(src in any::<u32>(), dst in any::<u32>(), protocol in any::<u8>(),
                       payload_len in 0usize..100, ttl in any::<u8>(), tos in any::<u8>(),
                       ident in any::<u16>(), dont_frag in any::<bool>()) {
        let repr = ipv4::Repr { src_addr: src.into(), dst_addr: dst.into(), protocol: Protocol(protocol),
                                payload_len, ttl, tos, ident, dont_frag };
        let mut buf = vec![0; repr.total_len()];
        repr.emit(&mut ipv4::Packet::new_unchecked(&mut buf[..]));
        prop_assert_eq!(ipv4::Repr::parse(&ipv4::Packet::new_checked(&buf[..]).unwrap(), V).unwrap(), repr);
    }

    #[test]
    fn ipv6_round_trip(src in any::<u128>(), dst in any::<u128>(), nh in any::<u8>(), payload_len in 0usize..100,
                       hop_limit in any::<u8>(), traffic_class in any::<u8>(), flow_label in 0u32..0x10_0000) {
        let repr = ipv6::Repr { src_addr: src.into(), dst_addr: dst.into(), next_header: Protocol(nh),
                                payload_len, hop_limit, traffic_class, flow_label };
        let mut buf = vec![0; ipv6::HEADER_LEN + payload_len];
        repr.emit(&mut ipv6::Packet::new_unchecked(&mut buf[..]));
        prop_assert_eq!(ipv6::Repr::parse(&ipv6::Packet::new_checked(&buf[..]).unwrap()).unwrap(), repr);
    }

    #[test]
    fn l2_round_trip(pcp in 0u8..8, dei in any::<bool>(), vid in 0u16..4096, ty in any::<u16>(),
                     label in 0u32..0x10_0000, tc in 0u8..8, bos in any::<bool>(), ttl in any::<u8>()) {
        let tag = vlan::Repr { pcp, dei, vid, ethertype: EtherType(ty) };
        let mut buf = [0u8; 4];
        tag.emit(&mut vlan::Tag::new_unchecked(&mut buf[..]));
        prop_assert_eq!(vlan::Repr::parse(&vlan::Tag::new_unchecked(&buf[..])).unwrap(), tag);
        let entry = mpls::Repr { label, tc, bos, ttl };
        entry.emit(&mut mpls::Entry::new_unchecked(&mut buf[..]));
        prop_assert_eq!(mpls::Repr::parse(&mpls::Entry::new_unchecked(&buf[..])).unwrap(), entry);
    }

    #[test]
    fn transport_round_trip((src, dst) in any_ip_pair(), l4 in any_l4(),
                            payload in proptest::collection::vec(any::<u8>(), 0..64)) {
        let fill = |b: &mut [u8]| b.copy_from_slice(&payload);
        match l4 {
            L4::Udp(src_port, dst_port) => {
                let repr = udp::Repr { src_port, dst_port };
                let mut buf = vec![0; repr.buffer_len(payload.len())];
                repr.emit(&mut udp::Packet::new_unchecked(&mut buf[..]), &src, &dst, payload.len(), fill);
                let p = udp::Packet::new_checked(&buf[..]).unwrap();
                prop_assert_ne!(p.checksum(), 0);
                prop_assert_eq!(udp::Repr::parse(&p, &src, &dst, V).unwrap(), repr);
                prop_assert_eq!(p.payload(), &payload[..]);
            }
            L4::Tcp(repr) => {
                let mut buf = vec![0; repr.buffer_len(payload.len())];
                repr.emit(&mut tcp::Packet::new_unchecked(&mut buf[..]), &src, &dst, payload.len(), fill);
                let p = tcp::Packet::new_checked(&buf[..]).unwrap();
                prop_assert_eq!(tcp::Repr::parse(&p, &src, &dst, V).unwrap(), repr);
                prop_assert_eq!(p.payload(), &payload[..]);
            }
            L4::Echo(kind, ident, seq_no) => {
                let mut buf = vec![0; icmpv4::HEADER_LEN + payload.len()];
                let r4 = icmpv4::EchoRepr { kind, ident, seq_no };
                r4.emit(&mut icmpv4::Packet::new_unchecked(&mut buf[..]), payload.len(), fill);
                prop_assert_eq!(icmpv4::EchoRepr::parse(&icmpv4::Packet::new_unchecked(&buf[..]), V).unwrap(), r4);
                let r6 = icmpv6::EchoRepr { kind, ident, seq_no };
                r6.emit(&mut icmpv6::Packet::new_unchecked(&mut buf[..]), &src, &dst, payload.len(), fill);
                let p = icmpv6::Packet::new_unchecked(&buf[..]);
                prop_assert_eq!(icmpv6::EchoRepr::parse(&p, &src, &dst, V).unwrap(), r6);
            }
        }
    }
}

/// The systematic counterpart of `built_frames_decode_clean_and_survive_damage` (whose
/// random damage once found a panic on a fresh clone): every shape of frame the builder
/// makes (plain, VLAN, QinQ, MPLS x IPv4, IPv6 x UDP, TCP, echo), cut at *every* length
/// and with *every* byte set to each of a set of values that steer parsers (zero, all
/// ones, small lengths, IP versions, the original with its top bit flipped). Each decode
/// and its rendering must return; nothing may panic.
#[test]
fn decode_survives_every_cut_and_every_byte_change() {
    let v4 = (IpAddress::V4(Ipv4Addr::new(198, 18, 0, 1)), IpAddress::V4(Ipv4Addr::new(198, 19, 0, 1)));
    let v6 = (IpAddress::V6("2001:2::1".parse().unwrap()), IpAddress::V6("2001:2::2".parse().unwrap()));
    let tcp =
        tcp::Repr { src_port: 1025, dst_port: 80, seq: 7, ack: 9, flags: TcpFlags(0x12), window: 8192, urgent: 0 };
    let encaps: [&[Encap]; 4] = [
        &[],
        &[Encap::Vlan(EtherType::VLAN, 100)],
        &[Encap::Vlan(EtherType::QINQ, 10), Encap::Vlan(EtherType::VLAN, 20)],
        &[Encap::Mpls(16), Encap::Mpls(17)],
    ];
    let l4s = [L4::Udp(1024, 9), L4::Tcp(tcp), L4::Echo(EchoKind::Request, 1, 2)];
    let (mut frames, mut decodes) = (0, 0);
    for enc in encaps {
        for (src, dst) in [v4, v6] {
            for l4 in l4s {
                let f = frame(enc, src, dst, l4, b"riptide");
                assert!(decode(&f).malformed.is_none(), "{}", decode(&f));
                frames += 1;
                for cut in 0..=f.len() {
                    let _ = decode(&f[..cut]).to_string();
                    decodes += 1;
                }
                let mut g = f.clone();
                for i in 0..f.len() {
                    for value in [0x00, 0xff, 0x01, 0x05, 0x0f, 0x45, 0x60, 0x81, f[i] ^ 0x80] {
                        g[i] = value;
                        let d = decode(&g);
                        let _ = (d.to_string(), d.all_checksums_ok());
                        decodes += 1;
                    }
                    g[i] = f[i];
                }
            }
        }
    }
    assert_eq!(frames, 24);
    assert!(decodes > 15_000, "{decodes}");
}
