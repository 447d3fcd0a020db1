//! Raw templates end to end through a profile (issue 51): frames riptide's layers do not
//! describe, or marked `raw: true`, are sent byte for byte; variables written at byte
//! offsets or at the fields the known headers name change only their bytes and the
//! checksums over them, which the wire decoder checks against a full recompute.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use riptide_core::{BitsPerSec, Nanos, TxBatch, TxMeta};
use riptide_stl::set::StreamSet;
use riptide_wire::checksum;

fn frames(yaml: &str, n: usize) -> Vec<Vec<u8>> {
    let p = riptide_stl::profile::parse(yaml, "raw.yaml").unwrap_or_else(|e| panic!("{e}\n{yaml}"));
    let c = riptide_stl::profile::compile(&p, "raw.yaml").unwrap_or_else(|e| panic!("{e}\n{yaml}"));
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

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

const MACS: [u8; 12] = [0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 1];
const ASCII: &[u8] = b"qO3vX9kLmZ2pW8rT";

/// Ethernet (with `tags` 802.1Q tags) / IPv4 (`options` bytes of options) of protocol
/// `proto` / `l4`, checksums right.
fn ipv4(tags: usize, options: &[u8], proto: u8, l4: &[u8]) -> Vec<u8> {
    let mut f = MACS.to_vec();
    for t in 0..tags {
        f.extend([0x81, 0x00, 0x00, 10 + t as u8]);
    }
    f.extend([0x08, 0x00]);
    let at = f.len();
    let hl = 20 + options.len();
    let total = hl + l4.len();
    f.extend([0x40 | (hl / 4) as u8, 0, (total >> 8) as u8, total as u8, 0, 1, 0, 0, 64, proto, 0, 0]);
    f.extend([198, 18, 0, 1, 198, 19, 0, 1]);
    f.extend(options);
    f.extend(l4);
    let c = !checksum::data(&f[at..at + hl]);
    f[at + 10..at + 12].copy_from_slice(&c.to_be_bytes());
    if proto == 6 || proto == 17 {
        let l4_at = at + hl;
        let csum_at = l4_at + if proto == 6 { 16 } else { 6 };
        let acc = u64::from(checksum::sum(&f[l4_at..]))
            + u64::from(checksum::sum(&f[at + 12..at + 20]))
            + u64::from(proto)
            + (f.len() - l4_at) as u64;
        let c = !checksum::fold(acc);
        f[csum_at..csum_at + 2].copy_from_slice(&c.to_be_bytes());
    }
    f
}

/// Ethernet / IPv6 of next header 61 / an ASCII payload.
fn ipv6_61() -> Vec<u8> {
    let mut f = MACS.to_vec();
    f.extend([0x86, 0xDD, 0x60, 0, 0, 0, 0, ASCII.len() as u8, 61, 64]);
    f.extend([0x20, 1, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    f.extend([0x20, 1, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1]);
    f.extend(ASCII);
    f
}

/// TCP with 12 bytes of options (MSS, SACK permitted, NOPs, EOL) and a payload.
fn tcp_with_options() -> Vec<u8> {
    let mut t = vec![0x04, 0x01, 0x00, 0x50, 0, 0, 0, 1, 0, 0, 0, 0, 0x80, 0x18, 0x20, 0x00, 0, 0, 0, 0];
    t.extend([2, 4, 5, 0xb4, 4, 2, 1, 1, 1, 1, 1, 0]);
    t.extend(ASCII);
    t
}

/// Offsets where frame `i` may differ from the first: the written bytes and checksums.
fn differ_only_at(first: &[u8], f: &[u8], allowed: &[std::ops::Range<usize>]) -> Result<(), String> {
    if first.len() != f.len() {
        return Err(format!("{} bytes, the first had {}", f.len(), first.len()));
    }
    match (0..f.len()).find(|&i| first[i] != f[i] && !allowed.iter().any(|r| r.contains(&i))) {
        Some(i) => Err(format!("byte {i} changed: {:#04x} -> {:#04x}", first[i], f[i])),
        None => Ok(()),
    }
}

#[test]
fn raw_frames_go_out_as_given_and_vars_change_only_their_bytes_and_checksums() {
    let opt4 = [0x94, 0x04, 0x00, 0x00]; // Router Alert
    let udp = {
        let mut u = vec![0x04, 0x01, 0x00, 0x35, 0, (8 + ASCII.len()) as u8, 0, 0];
        u.extend(ASCII);
        u
    };
    // (name, frame, `raw: true`?, the source address's offset, checksums' offsets)
    type Case = (&'static str, Vec<u8>, bool, usize, Vec<usize>);
    let cases: Vec<Case> = vec![
        ("IPv4 proto 61", ipv4(0, &[], 61, ASCII), true, 26, vec![24]),
        ("802.1Q / IPv4 proto 61", ipv4(1, &[], 61, ASCII), true, 30, vec![28]),
        ("QinQ / IPv4 proto 61", ipv4(2, &[], 61, ASCII), true, 34, vec![32]),
        ("IPv6 next header 61", ipv6_61(), true, 22, vec![]),
        ("IPv4 options / UDP", ipv4(0, &opt4, 17, &udp), false, 26, vec![24, 44]),
        ("IPv4 / TCP options", ipv4(0, &[], 6, &tcp_with_options()), false, 26, vec![24, 50]),
    ];
    for (name, frame, raw, src_at, csums) in cases {
        let field = if src_at == 22 { "ipv6.src" } else { "ipv4.src" };
        let raw_key = if raw { "    raw: true\n" } else { "" };
        // One variable by name, one at a byte offset (TRex's pkt_offset as a number):
        // the last byte of the destination address.
        let dst_last = src_at + if src_at == 22 { 31 } else { 7 };
        let yaml = format!(
            "streams:\n  - frame: {}\n{raw_key}    vars:\n      - {{name: s, op: inc, size: 4, min: 1, max: 40, write: {field}}}\n      - {{name: d, op: dec, size: 1, min: 1, max: 9}}\n    writes: [{{var: d, offset: {dst_last}, size: 1}}]\n",
            hex(&frame)
        );
        let p = riptide_stl::profile::parse(&yaml, "raw.yaml").unwrap();
        assert!(p.streams[0].value.frame.is_some(), "{name}: a raw stream");
        let out = frames(&yaml, 50);
        let mut padded = frame.clone();
        padded.resize(frame.len().max(60), 0);
        // The first frame: the given bytes but for the two writes' first values.
        let mut first = padded.clone();
        let src_word = if src_at == 22 { src_at + 12 } else { src_at };
        first[src_word..src_word + 4].copy_from_slice(&1u32.to_be_bytes());
        first[dst_last] = 9;
        let mut allowed: Vec<std::ops::Range<usize>> = csums.iter().map(|&c| c..c + 2).collect();
        allowed.push(src_word..src_word + 4);
        allowed.push(dst_last..dst_last + 1);
        differ_only_at(&padded, &out[0], &allowed).unwrap_or_else(|e| panic!("{name}: frame 0: {e}"));
        assert_eq!(&out[0][src_word..src_word + 4], &first[src_word..src_word + 4], "{name}");
        for (i, f) in out.iter().enumerate() {
            differ_only_at(&padded, f, &allowed).unwrap_or_else(|e| panic!("{name}: frame {i}: {e}"));
            let want_src = 1 + (i as u32 % 40);
            assert_eq!(&f[src_word..src_word + 4], &want_src.to_be_bytes(), "{name}: frame {i}");
            assert_eq!(f[dst_last], 9 - (i % 9) as u8, "{name}: frame {i}");
            let d = riptide_wire::decode::decode(f);
            assert!(d.malformed.is_none(), "{name}: frame {i}\n{d}");
            assert!(d.all_checksums_ok(), "{name}: frame {i}\n{d}");
        }
        // Without the writes, frame for frame the bytes given.
        let plain = format!("streams:\n  - frame: {}\n{raw_key}", hex(&frame));
        assert!(frames(&plain, 3).iter().all(|f| *f == padded), "{name}: byte for byte");
    }
}

#[test]
fn a_frame_goes_raw_only_where_the_layers_cannot_say_it_or_raw_is_asked() {
    let plain = ipv4(0, &[], 61, ASCII);
    let parsed = |extra: &str, f: &[u8]| {
        riptide_stl::profile::parse(&format!("streams:\n  - frame: {}\n{extra}", hex(f)), "raw.yaml")
    };
    let p = parsed("", &plain).unwrap();
    assert!(p.streams[0].value.frame.is_none() && !p.streams[0].value.packet.is_empty(), "layers describe it");
    let p = parsed("    raw: true\n", &plain).unwrap();
    assert!(p.streams[0].value.frame.is_some() && p.streams[0].value.packet.is_empty(), "raw asked");
    let p = parsed("", &ipv4(0, &[1, 1, 1, 0], 61, ASCII)).unwrap();
    assert!(p.streams[0].value.frame.is_some(), "IPv4 options: raw");
    // Both forms send the same bytes.
    let both = |extra: &str| frames(&format!("streams:\n  - frame: {}\n{extra}", hex(&plain)), 4);
    assert_eq!(both(""), both("    raw: true\n"));
    // raw without a frame, and a raw frame with layers, are refused naming the key.
    let e = riptide_stl::profile::parse("streams:\n  - raw: true\n", "raw.yaml").unwrap_err().to_string();
    assert!(e.contains("streams[0].raw") && e.contains("needs 'frame'"), "{e}");
    // Ports' MACs leave a raw frame's bytes alone; --bidirectional cannot mirror one.
    let mut p = parsed("    raw: true\n", &plain).unwrap();
    riptide_stl::profile::fill_port_macs(&mut p, &[(Some([2, 0, 0, 0, 0, 7]), Some([2, 0, 0, 0, 0, 8]))]);
    assert!(p.streams[0].value.packet.is_empty());
    let macs = [(Some([2, 0, 0, 0, 0, 7]), Some([2, 0, 0, 0, 0, 8])); 2];
    let e = riptide_stl::profile::add_reverse_streams(&mut p, &macs).unwrap_err();
    assert!(e.contains("raw frame"), "{e}");
}

#[test]
fn a_raw_frame_walks_sizes_where_its_lengths_are_known_and_names_the_byte_where_not() {
    let tcp = ipv4(0, &[0x94, 0x04, 0, 0], 6, &tcp_with_options());
    let yaml = format!(
        "streams:\n  - frame: {}\n    size: {{min: 82, max: 200, mode: random}}\n    vars: [{{name: p, min: 1, max: 999, write: tcp.sport}}]\n",
        hex(&tcp)
    );
    let out = frames(&yaml, 300);
    let lens: std::collections::BTreeSet<usize> = out.iter().map(Vec::len).collect();
    assert!(lens.len() > 50, "sizes vary: {lens:?}");
    for f in &out {
        let d = riptide_wire::decode::decode(f);
        assert!(d.malformed.is_none() && d.all_checksums_ok(), "{d}");
        assert_eq!(usize::from(u16::from_be_bytes([f[16], f[17]])), f.len() - 14, "the IPv4 total length");
    }
    // An opaque protocol: its size is its own; a walk is refused at the protocol byte.
    let yaml = format!(
        "streams:\n  - frame: {}\n    raw: true\n    size: {{min: 64, max: 128}}\n",
        hex(&ipv4(0, &[], 61, &[b'x'; 60]))
    );
    let p = riptide_stl::profile::parse(&yaml, "raw.yaml").unwrap();
    let e = riptide_stl::profile::compile(&p, "raw.yaml").unwrap_err().to_string();
    assert!(e.contains("streams[0].size") && e.contains("frame byte 23") && e.contains("protocol 61"), "{e}");
}

const V6_SRC: [u8; 16] = [0x20, 1, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1];
const V6_DST: [u8; 16] = [0x20, 1, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1];

/// A segment (SRv6 SID) numbered `n`.
fn sid(n: u8) -> [u8; 16] {
    [0xfc, 0, 0, n, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10 + n]
}

/// Ethernet / IPv6 / the extension headers `exts` (each its type and its bytes, the
/// next-header byte left to fill) / `l4` of protocol `proto`, whose checksum at
/// `csum_in_l4` is computed over `l4` and `rest` (the datagram's bytes other fragments
/// carry) with the destination address at frame offset `dst_at` in the pseudo-header.
fn ipv6_ext(exts: &[(u8, Vec<u8>)], proto: u8, l4: &[u8], rest: &[u8], csum_in_l4: usize, dst_at: usize) -> Vec<u8> {
    let mut f = MACS.to_vec();
    f.extend([0x86, 0xDD, 0x60, 0, 0, 0, 0, 0, 0, 64]);
    f.extend(V6_SRC);
    f.extend(V6_DST);
    let mut next_at = 20;
    for (kind, body) in exts {
        f[next_at] = *kind;
        next_at = f.len();
        f.extend(body);
    }
    f[next_at] = proto;
    let l4_at = f.len();
    f.extend(l4);
    let plen = (f.len() - 54) as u16;
    f[18..20].copy_from_slice(&plen.to_be_bytes());
    let c = !l4_sum(&f, l4_at, rest, proto, dst_at);
    f[l4_at + csum_in_l4..l4_at + csum_in_l4 + 2].copy_from_slice(&c.to_be_bytes());
    f
}

/// The L4 checksum computed afresh: the frame's bytes from `l4_at` to the IPv6 packet's
/// end, then `rest`, with the pseudo-header of the source and the address at `dst_at`.
fn l4_sum(f: &[u8], l4_at: usize, rest: &[u8], proto: u8, dst_at: usize) -> u16 {
    let end = 54 + usize::from(u16::from_be_bytes([f[18], f[19]]));
    let mut data = f[l4_at..end].to_vec();
    data.extend(rest);
    let acc = u64::from(checksum::sum(&data))
        + u64::from(checksum::sum(&f[22..38]))
        + u64::from(checksum::sum(&f[dst_at..dst_at + 16]))
        + u64::from(proto)
        + data.len() as u64;
    checksum::fold(acc)
}

/// A UDP header from port 1025 to 53 for `len` bytes of datagram, and `payload`.
fn udp6(len: usize, payload: &[u8]) -> Vec<u8> {
    let mut u = vec![0x04, 0x01, 0x00, 0x35, (len >> 8) as u8, len as u8, 0, 0];
    u.extend(payload);
    u
}

/// A segment routing header (type 4) of `segs` (segment list\[0\] first) with `left`
/// segments left.
fn srh(segs: &[[u8; 16]], left: u8) -> Vec<u8> {
    let last = (segs.len() - 1) as u8;
    let mut h = vec![0, (2 * segs.len()) as u8, 4, left, last, 0, 0, 0];
    segs.iter().for_each(|s| h.extend(s));
    h
}

#[test]
fn ipv6_extension_headers_are_walked_to_the_l4_checksum_and_its_final_destination() {
    let pad = |n: usize| {
        // Hop-by-hop / destination options of `n` bytes: a PadN option filling them.
        let mut h = vec![0, (n / 8 - 1) as u8, 1, (n - 4) as u8];
        h.resize(n, 0);
        h
    };
    let seg_list = [sid(1), sid(2), sid(3)];
    let whole = udp6(8 + 2 * ASCII.len(), &[ASCII, ASCII].concat());
    struct Case {
        name: &'static str,
        frame: Vec<u8>,
        /// (L4 offset, protocol, checksum offset, final destination's offset), or None:
        /// no L4 checksum riptide may change.
        l4: Option<(usize, u8, usize, usize)>,
        /// The datagram's bytes other fragments carry.
        rest: Vec<u8>,
        /// Where the L4 source port is (written at that offset).
        sport: usize,
        /// Where a one-byte write goes: an address byte the pseudo-header covers.
        addr_byte: usize,
    }
    let cases = vec![
        Case {
            name: "hop-by-hop / destination options / UDP",
            frame: ipv6_ext(&[(0, pad(8)), (60, pad(16))], 17, &udp6(8 + 16, ASCII), &[], 6, 38),
            l4: Some((78, 17, 84, 38)),
            rest: vec![],
            sport: 78,
            addr_byte: 53,
        },
        Case {
            name: "atomic fragment / TCP options",
            frame: ipv6_ext(&[(44, vec![0, 0, 0, 0, 0, 0, 0xbe, 0xef])], 6, &tcp_with_options(), &[], 16, 38),
            l4: Some((62, 6, 78, 38)),
            rest: vec![],
            sport: 62,
            addr_byte: 53,
        },
        Case {
            name: "SRH, 2 segments left / UDP",
            frame: ipv6_ext(&[(43, srh(&seg_list, 2))], 17, &udp6(8 + 16, ASCII), &[], 6, 62),
            l4: Some((110, 17, 116, 62)),
            rest: vec![],
            sport: 110,
            addr_byte: 77,
        },
        Case {
            name: "SRH, no segment left / UDP",
            frame: ipv6_ext(&[(43, srh(&seg_list, 0))], 17, &udp6(8 + 16, ASCII), &[], 6, 38),
            l4: Some((110, 17, 116, 38)),
            rest: vec![],
            sport: 110,
            addr_byte: 53,
        },
        Case {
            name: "first fragment of a larger datagram / UDP",
            frame: ipv6_ext(&[(44, vec![0, 0, 0, 1, 0, 0, 0, 7])], 17, &whole[..8 + 16], &whole[8 + 16..], 6, 38),
            l4: Some((62, 17, 68, 38)),
            rest: whole[8 + 16..].to_vec(),
            sport: 62,
            addr_byte: 53,
        },
        Case {
            name: "second fragment",
            frame: ipv6_ext(&[(44, vec![0, 0, 0, 3 << 3, 0, 0, 0, 7])], 17, &whole[24..], &[], 0, 38),
            l4: None,
            rest: vec![],
            sport: 62,
            addr_byte: 53,
        },
        Case {
            name: "routing header type 3 (RPL) with a segment left",
            frame: ipv6_ext(
                &[(43, [&[0, 2, 3, 1, 0, 0, 0, 0][..], &sid(9)].concat())],
                17,
                &udp6(24, ASCII),
                &[],
                6,
                38,
            ),
            l4: None,
            rest: vec![],
            sport: 78,
            addr_byte: 53,
        },
    ];
    for c in cases {
        let Case { name, frame, l4, rest, sport, addr_byte } = c;
        if let Some((at, proto, _, dst)) = l4 {
            assert_eq!(l4_sum(&frame, at, &rest, proto, dst), 0xFFFF, "{name}: the frame built is right");
        }
        let yaml = format!(
            "streams:\n  - frame: {}\n    vars:\n      - {{name: s, op: inc, size: 4, min: 1, max: 40, write: ipv6.src}}\n      - {{name: p, op: inc, size: 2, min: 1000, max: 1999}}\n      - {{name: d, op: dec, size: 1, min: 1, max: 9}}\n    writes: [{{var: p, offset: {sport}, size: 2}}, {{var: d, offset: {addr_byte}, size: 1}}]\n",
            hex(&frame)
        );
        let out = frames(&yaml, 60);
        let mut allowed = vec![34..38, sport..sport + 2, addr_byte..addr_byte + 1];
        if let Some((_, _, csum, _)) = l4 {
            allowed.push(csum..csum + 2);
        }
        for (i, f) in out.iter().enumerate() {
            differ_only_at(&frame, f, &allowed).unwrap_or_else(|e| panic!("{name}: frame {i}: {e}"));
            assert_eq!(&f[34..38], &(1 + i as u32 % 40).to_be_bytes(), "{name}: frame {i}");
            assert_eq!(&f[sport..sport + 2], &(1000 + i as u16).to_be_bytes(), "{name}: frame {i}");
            assert_eq!(f[addr_byte], 9 - (i % 9) as u8, "{name}: frame {i}");
            if let Some((at, proto, _, dst)) = l4 {
                assert_eq!(l4_sum(f, at, &rest, proto, dst), 0xFFFF, "{name}: frame {i}: {}", hex(f));
            }
        }
        if l4.is_none() {
            // The L4 header is not named: no field of it to write.
            let yaml = format!("streams:\n  - frame: {}\n    vars: [{{name: p, write: udp.sport}}]\n", hex(&frame));
            let p = riptide_stl::profile::parse(&yaml, "raw.yaml").unwrap();
            let e = riptide_stl::profile::compile(&p, "raw.yaml").unwrap_err().to_string();
            assert!(e.contains("udp.sport"), "{name}: {e}");
        }
    }
}

#[test]
fn an_srv6_frame_walks_sizes_with_its_lengths_and_checksum_right() {
    let segs = [sid(1), sid(2), sid(3), sid(4)];
    let frame =
        ipv6_ext(&[(0, vec![0, 0, 1, 4, 0, 0, 0, 0]), (43, srh(&segs, 3))], 17, &udp6(8 + 16, ASCII), &[], 6, 70);
    let l4_at = 14 + 40 + 8 + 8 + 64;
    let yaml = format!(
        "streams:\n  - frame: {}\n    size: {{min: {}, max: 400, mode: random}}\n    vars: [{{name: p, min: 1, max: 999, write: udp.dport}}]\n",
        hex(&frame),
        l4_at + 8 + 4
    );
    let out = frames(&yaml, 300);
    let lens: std::collections::BTreeSet<usize> = out.iter().map(Vec::len).collect();
    assert!(lens.len() > 50, "sizes vary: {lens:?}");
    for f in &out {
        assert_eq!(usize::from(u16::from_be_bytes([f[18], f[19]])), f.len() - 54, "the IPv6 payload length");
        assert_eq!(usize::from(u16::from_be_bytes([f[l4_at + 4], f[l4_at + 5]])), f.len() - l4_at, "the UDP length");
        assert_eq!(l4_sum(f, l4_at, &[], 17, 70), 0xFFFF, "{}", hex(f));
        assert_eq!(&f[..18], &frame[..18], "the headers before the IPv6 payload length");
        assert_eq!(&f[20..l4_at], &frame[20..l4_at], "the headers after it, before UDP");
    }
    // The first fragment of a larger datagram keeps its size, naming the fragment field.
    let first = ipv6_ext(&[(44, vec![0, 0, 0, 1, 0, 0, 0, 7])], 17, &udp6(100, ASCII), &[0; 76], 6, 38);
    let yaml = format!("streams:\n  - frame: {}\n    size: {{min: 80, max: 120}}\n", hex(&first));
    let p = riptide_stl::profile::parse(&yaml, "raw.yaml").unwrap();
    let e = riptide_stl::profile::compile(&p, "raw.yaml").unwrap_err().to_string();
    assert!(e.contains("frame byte 56") && e.contains("first fragment"), "{e}");
}

/// TRex's udp_1pkt_vxlan.py frame (Ether/IP/UDP(sport=1337, dport=4789)/VXLAN(vni=42)/
/// Ether/IP/'x'*20, as its scapy builds it) given as bytes, with variables on the inner
/// source address, the inner IP id and the VNI, as a TRex VM with STLVmFixIpv4 on the
/// inner header would write them: the raw walk follows port 4789 into the inner packet,
/// so the inner IPv4 checksum is kept (the outer UDP checksum is 0) in every frame, and
/// the outer bytes are the given ones.
#[test]
fn a_raw_vxlan_frame_keeps_its_inner_checksums_under_inner_writes() {
    let mut f = Vec::new();
    f.extend_from_slice(&MACS);
    f.extend_from_slice(&[0x08, 0x00]);
    let inner_len = 20 + 20;
    let udp_len = 8 + 8 + 14 + inner_len;
    let mut outer = vec![0x45, 0, 0, 0, 0, 1, 0, 0, 64, 17, 0, 0, 16, 0, 0, 1, 48, 0, 0, 1];
    outer[2..4].copy_from_slice(&((20 + udp_len) as u16).to_be_bytes());
    let c = !checksum::data(&outer);
    outer[10..12].copy_from_slice(&c.to_be_bytes());
    f.extend_from_slice(&outer);
    f.extend_from_slice(&[0x05, 0x39, 0x12, 0xb5]);
    f.extend_from_slice(&(udp_len as u16).to_be_bytes());
    f.extend_from_slice(&[0, 0, 0x08, 0, 0, 0, 0, 0, 42, 0]);
    f.extend_from_slice(&MACS);
    f.extend_from_slice(&[0x08, 0x00]);
    let mut inner = vec![0x45, 0, 0, inner_len as u8, 0, 1, 0, 0, 64, 0, 0, 0, 16, 0, 0, 1, 48, 0, 0, 1];
    let c = !checksum::data(&inner);
    inner[10..12].copy_from_slice(&c.to_be_bytes());
    f.extend_from_slice(&inner);
    f.extend_from_slice(&[b'x'; 20]);
    let yaml = format!(
        "streams:\n  - frame: {}\n    raw: true\n    vars:\n      - {{name: a, op: inc, min: 16.0.0.1, max: 16.0.0.200, write: inner.ipv4.src}}\n      - {{name: i, op: random, min: 0, max: 65535, size: 2, write: inner.ipv4.id}}\n      - {{name: v, op: inc, min: 1, max: 9, write: vxlan.vni}}\n",
        hex(&f)
    );
    let out = frames(&yaml, 300);
    for (k, g) in out.iter().enumerate() {
        let d = riptide_wire::decode(g);
        assert!(d.malformed.is_none() && d.all_checksums_ok(), "frame {k}:\n{d}");
        assert_eq!(d.names(), ["eth", "ipv4", "udp", "vxlan", "eth", "ipv4", "payload"], "{d}");
        let inner = &d.layers[5];
        assert_eq!(inner.get("src").unwrap(), format!("16.0.0.{}", 1 + k % 200), "frame {k}");
        assert_eq!(d.layer("vxlan").unwrap().get("vni").unwrap(), (1 + k % 9).to_string());
        assert_eq!(g[..42], f[..42], "the outer headers as given");
    }
}
