//! Cross-check emitted frames with tshark as an independent decoder: every checksum it checks
//! must be good, nothing malformed. tshark is required (scripts/setup.sh installs it;
//! docs/testing.md says how a laptop without it skips, counted).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{frame, pad, v4, v6, Encap, L4};
use riptide_wire::decode;
use riptide_wire::ethernet::EtherType;
use riptide_wire::icmpv4::EchoKind;
use riptide_wire::tcp::{self, TcpFlags};
use std::io::Write;
use std::process::Command;

/// A classic libpcap file (microsecond timestamps, Ethernet link type).
fn pcap(frames: &[Vec<u8>]) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(&0xa1b2_c3d4u32.to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&4u16.to_le_bytes());
    for word in [0u32, 0, 65535, 1] {
        out.extend_from_slice(&word.to_le_bytes());
    }
    for (i, f) in frames.iter().enumerate() {
        let len = f.len() as u32;
        for word in [i as u32, 0, len, len] {
            out.extend_from_slice(&word.to_le_bytes());
        }
        out.extend_from_slice(f);
    }
    out
}

fn frames() -> Vec<Vec<u8>> {
    let (s4, d4) = (v4([198, 18, 0, 1]), v4([198, 19, 0, 1]));
    let (s6, d6) = (v6("2001:db8::1"), v6("2001:db8::2"));
    let syn =
        tcp::Repr { src_port: 40000, dst_port: 80, seq: 7, ack: 0, flags: TcpFlags::SYN, window: 65535, urgent: 0 };
    let pa = tcp::Repr { seq: 8, ack: 1, flags: TcpFlags::PSH | TcpFlags::ACK, ..syn };
    vec![
        frame(&[], s4, d4, L4::Udp(1025, 12), &[0; 18]),
        pad(frame(&[Encap::Vlan(EtherType::QINQ, 100), Encap::Vlan(EtherType::VLAN, 200)], s4, d4, L4::Tcp(syn), b"")),
        frame(&[], s4, d4, L4::Tcp(pa), b"GET / HTTP/1.1\r\n\r\n"),
        pad(frame(&[Encap::Mpls(16003), Encap::Mpls(17)], s4, d4, L4::Udp(1025, 12), b"odd")),
        frame(&[], s6, d6, L4::Udp(1025, 12), b"riptide!"),
        frame(&[], s6, d6, L4::Tcp(pa), b"x"),
        pad(frame(&[], s4, d4, L4::Echo(EchoKind::Request, 0x1234, 1), b"abcdefgh")),
        frame(&[], s6, d6, L4::Echo(EchoKind::Reply, 0x1234, 1), b"abcdefghi"),
    ]
}

#[test]
fn tshark_agrees_on_emitted_frames() {
    if !riptide_testkit::require_tool("tshark") {
        return;
    }
    let frames = frames();
    let ours: usize = frames
        .iter()
        .map(|f| {
            let d = decode(f);
            assert!(d.all_checksums_ok() && d.malformed.is_none(), "{d}");
            d.layers.iter().filter(|l| l.checksum_ok.is_some()).count()
        })
        .sum();

    let dir = std::env::temp_dir().join(format!("riptide-wire-tshark-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("frames.pcap");
    std::fs::File::create(&path).unwrap().write_all(&pcap(&frames)).unwrap();
    let output = Command::new("tshark")
        .arg("-r")
        .arg(&path)
        .args(["-V", "-o", "ip.check_checksum:TRUE", "-o", "udp.check_checksum:TRUE"])
        .args(["-o", "tcp.check_checksum:TRUE"])
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let text = String::from_utf8_lossy(&output.stdout).to_lowercase();
    assert!(output.status.success(), "tshark failed: {}", String::from_utf8_lossy(&output.stderr));

    for bad in ["status: bad", "[incorrect", "malformed", "bogus"] {
        assert!(!text.contains(bad), "tshark reports {bad:?}:\n{text}");
    }
    let good = text.matches("status: good").count();
    assert_eq!(good, ours, "tshark verified {good} checksums, our decoder {ours}:\n{text}");
    // Layers tshark must have recognised.
    for needle in
        ["802.1ad", "802.1q virtual lan", "multiprotocol label switching", "echo (ping) request", "echo (ping) reply"]
    {
        assert!(text.contains(needle), "tshark output lacks {needle:?}");
    }
}
