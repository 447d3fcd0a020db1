//! The live-frames port (`xdplive:IF`) over a veth pair between two namespaces this test
//! creates: what tcpdump captures on the peer, decoded by tshark, is what the field
//! engine wrote (254 source addresses in turn, good checksums), and the kernel's
//! interface counters agree with riptide's.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
use common::{kernel_counter, riptide, stderr, test_net, tshark};

use std::collections::HashSet;
use std::process::{Command, Stdio};
use std::time::Duration;

fn mac(m: [u8; 6]) -> String {
    m.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(":")
}

#[test]
fn live_frames_carry_the_field_engines_variation_to_the_peer() {
    let Some(net) = test_net() else { return };
    // A veth hands XDP frames only to a peer with NAPI: GRO on (or an XDP program).
    let ethtool = if std::path::Path::new("/usr/sbin/ethtool").exists() { "/usr/sbin/ethtool" } else { "ethtool" };
    let st = Command::new("ip").args(["netns", "exec", &net.ns_b, ethtool, "-K", &net.if_b, "gro", "on"]).status();
    assert!(st.is_ok_and(|s| s.success()), "ethtool -K {} gro on (scripts/setup.sh installs ethtool)", net.if_b);

    let dir = tempfile::tempdir().unwrap();
    let prof = dir.path().join("live.yaml");
    let n: u64 = 2540;
    let b = net.ip_a.octets();
    std::fs::write(
        &prof,
        format!(
            "streams:\n  - packet:\n      - eth: {{src: \"{}\", dst: \"{}\"}}\n      - ipv4: {{src: {}, dst: {}}}\n      \
             - udp: {{sport: 1025, dport: 9}}\n    rate: 50kpps\n    mode: {{burst: {{packets: {n}}}}}\n    vars:\n      \
             - {{name: src, op: inc, min: {}.{}.{}.1, max: {}.{}.{}.254, write: ipv4.src}}\n",
            mac(net.mac_a),
            mac(net.mac_b),
            net.ip_a,
            net.ip_b,
            b[0],
            b[1],
            b[2],
            b[0],
            b[1],
            b[2],
        ),
    )
    .unwrap();

    let pcap = dir.path().join("peer.pcap");
    let mut dump = Command::new("ip")
        .args(["netns", "exec", &net.ns_b, "tcpdump", "-i", &net.if_b, "-n", "-U", "-B", "65536", "-s", "128", "-w"])
        .arg(&pcap)
        .args(["-c", &n.to_string(), "udp"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tcpdump (scripts/setup.sh installs it)");
    // tcpdump says "listening on" once its socket is open and its filter set.
    let mut lines = std::io::BufRead::lines(std::io::BufReader::new(dump.stderr.take().unwrap()));
    assert!(lines.any(|l| l.is_ok_and(|l| l.contains("listening on"))), "tcpdump did not start");

    let tx0 = kernel_counter(&net.ns_a, &net.if_a, "tx_packets");
    let rx0 = kernel_counter(&net.ns_b, &net.if_b, "rx_packets");
    let port = format!("xdplive:{}", net.if_a);
    let o = riptide(&["run", prof.to_str().unwrap(), "--netns", &net.ns_a, "--port", &port, "--json"]);
    // The peer counts rx_packets when its NAPI takes the frames, which may be after the
    // run has ended: wait for them (a count past n fails below too).
    let counted = || {
        (
            kernel_counter(&net.ns_a, &net.if_a, "tx_packets") - tx0,
            kernel_counter(&net.ns_b, &net.if_b, "rx_packets") - rx0,
        )
    };
    riptide_testkit::within(Duration::from_secs(10), || counted().0 >= n && counted().1 >= n);
    let (tx, rx) = counted();
    // tcpdump exits by itself after n frames (on SIGINT it would not write what its
    // ring still holds); a frame short, it is stopped after 10 s.
    riptide_testkit::within(Duration::from_secs(10), || dump.try_wait().unwrap().is_some());
    // SAFETY: a plain signal to our own child.
    unsafe { libc::kill(dump.id() as i32, libc::SIGINT) };
    let _ = dump.wait();
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["ports"][0]["opackets"].as_u64(), Some(n), "{v}");
    assert_eq!(v["ports"][0]["driver"], "xdp_live_frames", "{v}");
    assert_eq!((tx, rx), (n, n), "the kernel's tx_packets on {} and rx_packets on {}", net.if_a, net.if_b);

    let srcs = tshark(&pcap, "", &["ip.src", "udp.srcport"]);
    assert_eq!(srcs.len() as u64, n, "frames tcpdump saw");
    let distinct: HashSet<&String> = srcs.iter().collect();
    assert_eq!(distinct.len(), 254, "254 sources walk");
    // In order: the first 254 frames are .1 .. .254.
    for (i, line) in srcs.iter().take(254).enumerate() {
        assert!(line.starts_with(&format!("{}.{}.{}.{}\t", b[0], b[1], b[2], i + 1)), "frame {i}: {line}");
    }
    let good = tshark(&pcap, "ip.checksum.status == \"Good\" && udp.checksum.status == \"Good\"", &[]);
    assert_eq!(good.len() as u64, n, "checksums");
}

#[test]
fn a_missing_interface_is_an_input_error() {
    let Some(net) = test_net() else { return };
    let o = riptide(&["run", "profiles/udp64.yaml", "--netns", &net.ns_a, "--port", "xdplive:nope0", "-n", "1"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("no such interface 'nope0'"), "{}", stderr(&o));
    let o = riptide(&["run", "profiles/udp64.yaml", "--port", "xdplive:", "-n", "1"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("xdplive needs an interface name"), "{}", stderr(&o));
}
