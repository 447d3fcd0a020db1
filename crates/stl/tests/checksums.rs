//! Property: whatever the layers, sizes and field writes, every frame the
//! stream produces carries correct IPv4 and L4 checksums (the incremental RFC
//! 1624 fixes equal a full recompute, checked by the wire decoder), and the
//! written fields hold the variables' values.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use proptest::prelude::*;
use riptide_core::{BitsPerSec, Nanos, TxBatch, TxMeta};
use riptide_stl::set::StreamSet;

const STACKS: &[(&str, &[&str])] = &[
    ("[ipv4: {}, udp: {}]", &["ipv4.src", "ipv4.dst", "ipv4.ttl", "ipv4.tos", "ipv4.id", "udp.sport", "udp.dport"]),
    ("[ipv4: {}, tcp: {flags: SA}]", &["ipv4.src", "tcp.seq", "tcp.ack", "tcp.flags", "tcp.window", "tcp.dport"]),
    ("[ipv4: {}, icmp: {}]", &["ipv4.dst", "icmp.id", "icmp.seq", "icmp.code"]),
    ("[ipv6: {}, udp: {}]", &["ipv6.src", "ipv6.dst", "ipv6.flow_label", "ipv6.tc", "udp.sport"]),
    ("[ipv6: {}, tcp: {}]", &["ipv6.dst", "tcp.seq", "tcp.sport"]),
    ("[ipv6: {}, icmpv6: {}]", &["ipv6.src", "icmpv6.seq", "icmpv6.id"]),
    (
        "[eth: {}, vlan: {id: 5}, vlan: {id: 6}, ipv4: {}, udp: {}]",
        &["vlan.id", "vlan[1].pcp", "ipv4.src", "udp.dport", "eth.src"],
    ),
    (
        "[eth: {}, mpls: {label: 3}, mpls: {label: 4}, ipv4: {}, tcp: {}]",
        &["mpls.label", "mpls[1].tc", "ipv4.ttl", "tcp.seq"],
    ),
    // IPv4 options (Router Alert; NOPs padded), in the header checksum; fragments.
    ("[ipv4: {options: '94040000'}, udp: {}]", &["ipv4.src", "ipv4.ttl", "ipv4.tos", "udp.sport", "udp.dport"]),
    ("[ipv4: {options: '010101', df: true}, tcp: {}]", &["ipv4.dst", "ipv4.id", "tcp.seq", "tcp.window"]),
    ("[ipv4: {mf: true}, udp: {}]", &["ipv4.src", "ipv4.id", "ipv4.ttl"]),
    // TCP options, by name (FreeBSD's layout) and as bytes.
    (
        "[ipv4: {}, tcp: {options: {mss: 1460, wscale: 7, sack_perm: true, timestamp: [1, 0]}}]",
        &["ipv4.src", "tcp.seq", "tcp.sport", "tcp.window"],
    ),
    ("[ipv6: {}, tcp: {options: '020405b4'}]", &["ipv6.src", "tcp.ack", "tcp.dport"]),
    ("[ipv4: {frag: 185, options: '94040000'}, payload: {}]", &["ipv4.src", "ipv4.id", "ipv4.tos"]),
    // IPv6 extension headers: hop-by-hop (padded), destination options, a fragment header.
    (
        "[ipv6: {}, hop_by_hop: {options: '05020000'}, dest_opts: {}, frag: {id: 9}, udp: {}]",
        &["ipv6.src", "ipv6.dst", "ipv6.flow_label", "udp.sport", "udp.dport"],
    ),
    ("[ipv6: {}, dest_opts: {options: '0102aaaa0000'}, tcp: {}]", &["ipv6.dst", "tcp.seq", "tcp.sport"]),
    ("[ipv6: {}, hop_by_hop: {}, icmpv6: {}]", &["ipv6.src", "icmpv6.seq", "icmpv6.id"]),
];

/// Tunnels: the outer packet's checksums, GRE's, and the inner packet's, all kept while
/// variables write outer, tunnel and inner fields; and SRv6's segment routing header.
const TUNNELS: &[(&str, &[&str])] = &[
    (
        "[ipv4: {}, udp: {}, vxlan: {vni: 5}, eth: {}, ipv4: {}, udp: {}]",
        &["ipv4.src", "udp.sport", "vxlan.vni", "eth[1].src", "inner.ipv4.src", "ipv4[1].ttl", "udp[1].sport", "inner.udp.dport"],
    ),
    (
        "[ipv4: {}, udp: {checksum: true}, vxlan: {}, eth: {}, ipv4: {}, tcp: {}]",
        &["ipv4.dst", "udp.sport", "vxlan.vni", "inner.ipv4.src", "ipv4[1].id", "tcp.seq", "inner.tcp.sport", "inner.eth.dst"],
    ),
    (
        "[ipv6: {}, udp: {}, geneve: {vni: 7, options: [{class: 0x0102, type: 0x80, data: '00000001'}]}, eth: {}, ipv4: {}, udp: {}]",
        &["ipv6.src", "udp.sport", "geneve.vni", "ipv4.src", "ipv4.dst", "inner.udp.dport", "ipv6.flow_label"],
    ),
    (
        "[ipv4: {}, gre: {key: 1, seq: 2, checksum: true}, ipv6: {}, udp: {}]",
        &["ipv4.src", "gre.key", "gre.sequence_number", "ipv6.src", "ipv6.dst", "udp.sport", "ipv6.flow_label"],
    ),
    (
        "[ipv6: {}, gre: {checksum: true}, eth: {}, ipv6: {}, icmpv6: {}]",
        &["ipv6.src", "eth[1].src", "ipv6[1].src", "ipv6[1].dst", "icmpv6.seq", "icmpv6.id"],
    ),
    (
        "[ipv4: {}, udp: {checksum: true}, gtpu: {teid: 9, seq: 1}, ipv4: {}, icmp: {}]",
        &["gtpu.teid", "inner.ipv4.src", "ipv4[1].ttl", "icmp.seq", "udp.sport", "ipv4.dst"],
    ),
    // SRv6: the pseudo-header holds the final segment (list[0]), not the destination.
    (
        "[ipv6: {}, srh: {segments: ['2001:2::10', '2001:2::20']}, udp: {}]",
        &["srh.seg0", "srh.seg1", "srh.tag", "ipv6.src", "ipv6.dst", "udp.sport"],
    ),
    (
        "[ipv6: {}, srh: {segments: ['2001:2::10', '2001:2::20', '2001:2::30'], segments_left: 0}, tcp: {}]",
        &["srh.seg0", "ipv6.dst", "tcp.seq", "ipv6.src"],
    ),
    (
        "[ipv6: {}, udp: {}, vxlan_gpe: {}, ipv6: {}, udp: {}]",
        &["ipv6[1].src", "ipv6[1].dst", "udp[1].sport", "ipv6.src", "vxlan.vni", "udp.sport"],
    ),
];

fn frames(yaml: &str, n: usize) -> Vec<Vec<u8>> {
    let p = riptide_stl::profile::parse(yaml, "prop.yaml").unwrap_or_else(|e| panic!("{e}\n{yaml}"));
    let c = riptide_stl::profile::compile(&p, "prop.yaml").unwrap_or_else(|e| panic!("{e}\n{yaml}"));
    let mut set = StreamSet::new(c.streams.iter().map(|s| s.share(0, 1, 1.0, BitsPerSec(10e9), true)).collect());
    set.handle_start(Nanos::ZERO);
    let cap = 2048;
    let mut mem = vec![0u8; 64 * cap];
    let offsets: Vec<usize> = (0..64).map(|i| i * cap).collect();
    let mut meta = vec![TxMeta::default(); 64];
    let mut out = Vec::new();
    while out.len() < n {
        let mut b = TxBatch::new(&mut mem, &offsets, cap, &mut meta).unwrap();
        let k = set.poll_transmit(&mut b, Nanos::MAX, (n - out.len()) as u64, None);
        out.extend(b.frames().map(|(f, _)| f.to_vec()));
        assert!(k > 0);
    }
    out
}

fn op_strategy() -> impl Strategy<Value = &'static str> {
    prop_oneof![Just("inc"), Just("dec"), Just("random")]
}

/// One variable per pick (field, op, min, span, step), each 4 bytes wide, as YAML lines.
fn vars_of(picks: &[(usize, &str, u32, u32, u64)], fields: &[&str]) -> String {
    let mut vars = String::new();
    for (i, (f, op, lo, span, step)) in picks.iter().enumerate() {
        let field = fields[f % fields.len()];
        vars.push_str(&format!(
            "      - {{name: v{i}, op: {op}, size: 4, min: {lo}, max: {}, step: {step}, write: \"{field}\"}}\n",
            *lo as u64 + *span as u64
        ));
    }
    vars
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn checksums_stay_correct(
        stack in 0..STACKS.len(),
        picks in prop::collection::vec((0usize..8, op_strategy(), any::<u32>(), 1u32..5000, 1u64..4), 1..5),
        sized in any::<bool>(),
        payload_write in any::<bool>(),
    ) {
        let (layers, fields) = STACKS[stack];
        let vars = vars_of(&picks, fields);
        let size = if sized { "{min: 110, max: 300, mode: random}" } else { "128" };
        let writes = if payload_write { "    writes: [{var: v0, offset: 101, size: 3}]\n" } else { "" };
        let yaml = format!("streams:\n  - packet: {layers}\n    size: {size}\n    vars:\n{vars}{writes}");
        for f in frames(&yaml, 300) {
            let d = riptide_wire::decode::decode(&f);
            // A port written with a tunnel's number (udp.dport 2152: GTP-U) makes the
            // decoder read the payload as that tunnel, as tshark does: a layer the stack
            // does not have, not a fault of the frame.
            let guessed = d.malformed.as_deref().is_some_and(|m| {
                let layer = m.split_whitespace().next().unwrap_or_default();
                !layers.contains(&format!("{layer}:"))
            });
            prop_assert!(d.malformed.is_none() || guessed, "{yaml}\n{d}");
            prop_assert!(d.all_checksums_ok(), "{yaml}\n{d}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn tunnel_checksums_stay_correct(
        stack in 0..TUNNELS.len(),
        picks in prop::collection::vec((0usize..8, op_strategy(), any::<u32>(), 1u32..5000, 1u64..4), 1..6),
        sized in any::<bool>(),
        payload_write in any::<bool>(),
        tagged in any::<bool>(),
    ) {
        let (layers, fields) = TUNNELS[stack];
        let vars = vars_of(&picks, fields);
        let size = if sized { "{min: 220, max: 400, mode: random}" } else { "256" };
        let writes = if payload_write { "    writes: [{var: v0, offset: 181, size: 3}]\n" } else { "" };
        // The measurement tag at the frame's end fixes the checksum over the inner payload.
        let tag = if tagged { "    flow_stats: {id: 3}\n" } else { "" };
        let yaml = format!("streams:\n  - packet: {layers}\n    size: {size}\n{tag}    vars:\n{vars}{writes}");
        let want = layers.matches(": {").count() + 1;
        for f in frames(&yaml, 300) {
            let d = riptide_wire::decode::decode(&f);
            // Every header decoded (the default eth added), the inner packet's too.
            let headers: Vec<_> = d.layers.iter().filter(|l| !matches!(l.name, "payload" | "padding")).collect();
            prop_assert!(headers.len() >= want, "{}\n{}", yaml, d);
            // An inner udp.dport written with a tunnel's number (4789: VXLAN) makes the
            // decoder read on into that tunnel, as tshark does: layers past the stack's
            // own are a guess, and only they may be malformed or unsummed.
            let guessed = headers.len() > want;
            prop_assert!(!guessed || headers[want - 1].name == "udp", "{}\n{}", yaml, d);
            if !guessed {
                prop_assert!(d.malformed.is_none(), "{yaml}\n{d}");
            }
            let ours = &headers[..want];
            prop_assert!(ours.iter().all(|l| l.checksum_ok != Some(false)), "{yaml}\n{d}");
            if !guessed {
                prop_assert!(d.all_checksums_ok(), "{yaml}\n{d}");
            }
            let sums = ours.iter().filter(|l| l.checksum_ok.is_some()).count();
            prop_assert!(sums >= 1, "{yaml}\n{d}");
        }
    }
}

#[test]
fn written_fields_hold_the_values() {
    let yaml = "streams:\n  - packet: [ipv4: {}, udp: {}]\n    vars:\n      - {name: d, min: 10, max: 12, write: udp.dport}\n      - {name: a, op: dec, min: 198.19.0.1, max: 198.19.0.3, write: ipv4.dst}\n";
    let f = frames(yaml, 4);
    let dport: Vec<u16> = f.iter().map(|x| u16::from_be_bytes([x[36], x[37]])).collect();
    assert_eq!(dport, [10, 11, 12, 10]);
    let dst: Vec<u8> = f.iter().map(|x| x[33]).collect();
    assert_eq!(dst, [3, 2, 1, 3]);
}

#[test]
fn same_seed_same_packets() {
    let yaml = "seed: 42\nstreams:\n  - size: {min: 64, max: 512, mode: random}\n    vars: [{name: r, op: random, min: 0, max: 65535, write: udp.sport}]\n";
    assert_eq!(frames(yaml, 200), frames(yaml, 200));
    let other = yaml.replace("seed: 42", "seed: 43");
    assert_ne!(frames(yaml, 200), frames(&other, 200));
}

#[test]
fn a_size_list_is_sent_in_its_order_with_every_length_and_checksum_right() {
    // TRex's trimmed value list (udp_inc_len_list.py): sizes in the list's order, over
    // and over, each frame's IP and UDP lengths its own and its checksums right.
    let yaml = "streams:\n  - packet: [ipv4: {}, udp: {}]\n    size: {list: [260, 64, 1518, 128]}\n";
    let f = frames(yaml, 9);
    let lens: Vec<usize> = f.iter().map(Vec::len).collect();
    assert_eq!(lens, [256, 60, 1514, 124, 256, 60, 1514, 124, 256]);
    for x in &f {
        let ip = riptide_wire::ipv4::Packet::new_checked(&x[14..]).unwrap();
        assert_eq!(usize::from(ip.total_len()), x.len() - 14);
        assert!(ip.verify_checksum(), "{x:02x?}");
        assert_eq!(usize::from(u16::from_be_bytes([x[38], x[39]])), x.len() - 34);
    }
    for (bad, why) in [
        ("{list: []}", "0 sizes"),
        ("{list: [64, 0]}", "frame size 0 is out of range"),
        ("{list: [64], min: 64}", "a list alone"),
    ] {
        let y = yaml.replace("{list: [260, 64, 1518, 128]}", bad);
        let e = riptide_stl::profile::parse(&y, "p.yaml").map(|_| ()).unwrap_err().to_string();
        assert!(e.contains(why), "{bad}: {e}");
    }
}

#[test]
fn one_byte_writes_land_at_any_offset_even_the_last_byte_of_an_odd_frame() {
    // A 1-byte write runs as the aligned 2-byte word that holds it (so runs of packets can
    // be planned); at the last byte of a 61-byte frame that word does not fit, and the
    // write as compiled is used. Both, and the IPv4 TOS beside them, hold their values.
    let yaml = "streams:\n  - packet: [ipv4: {}, udp: {}]\n    size: {min: 64, max: 65, mode: inc}\n    vars:\n      - {name: t, min: 1, max: 7, size: 1, write: ipv4.tos}\n      - {name: p, min: 1, max: 9, size: 1}\n    writes: [{var: p, offset: 59, size: 1}, {var: t, offset: 58, size: 1}]\n";
    let f = frames(yaml, 40);
    for (k, x) in f.iter().enumerate() {
        assert_eq!(x.len(), 60 + k % 2, "frame {k}");
        assert_eq!(x[15], 1 + (k % 7) as u8, "tos, frame {k}");
        assert_eq!(x[59], 1 + (k % 9) as u8, "byte 59, frame {k}");
        assert_eq!(x[58], 1 + (k % 7) as u8, "byte 58, frame {k}");
        let d = riptide_wire::decode::decode(x);
        assert!(d.malformed.is_none() && d.all_checksums_ok(), "frame {k}\n{d}");
    }
    let last = "streams:\n  - packet: [ipv4: {}, udp: {}]\n    size: 65\n    vars: [{name: p, min: 1, max: 9, size: 1}]\n    writes: [{var: p, offset: 60, size: 1}]\n";
    for (k, x) in frames(last, 20).iter().enumerate() {
        assert_eq!((x.len(), x[60]), (61, 1 + (k % 9) as u8), "frame {k}");
        assert!(riptide_wire::decode::decode(x).all_checksums_ok(), "frame {k}");
    }
}
