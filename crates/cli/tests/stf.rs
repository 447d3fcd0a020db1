//! `riptide run-stf`: TRex's documentation profile into a pcap, decoded by tshark.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
use common::{repo, riptide, text};

use std::collections::BTreeMap;

use std::process::Command;

#[test]
fn the_trex_documentation_profile_runs_to_a_pcap() {
    if Command::new("tshark").arg("--version").output().is_err() {
        eprintln!("skipped: no tshark");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("stf.pcap");
    let port = format!("pcap:{}", out.display());
    let o = riptide(&["run-stf", "profiles/stf/udp10.yaml", "--port", &port, "-d", "3", "--json"]);
    assert!(o.status.success(), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    // cps x multiplier x duration = 100 x 1 x 3.
    assert!((v["m_total_open_flows"].as_u64().unwrap() as i64 - 300).abs() <= 1, "{v}");
    assert_eq!(v["m_total_close_flows"], v["m_total_open_flows"]);
    let t = Command::new("tshark")
        .arg("-r")
        .arg(&out)
        .args(["-o", "ip.check_checksum:TRUE", "-o", "udp.check_checksum:TRUE", "-d", "udp.port==1-65535,data"])
        .args(["-T", "fields", "-e", "frame.time_epoch", "-e", "ip.src", "-e", "ip.dst", "-e", "udp.srcport"])
        .args(["-e", "udp.dstport", "-e", "ip.checksum.status", "-e", "udp.checksum.status", "-e", "_ws.malformed"])
        .output()
        .unwrap();
    let lines: Vec<String> = String::from_utf8_lossy(&t.stdout).lines().map(str::to_string).collect();
    assert_eq!(lines.len() as u64, v["tx_packets"].as_u64().unwrap());
    let mut flows: BTreeMap<(String, String), Vec<f64>> = BTreeMap::new();
    for l in &lines {
        let f: Vec<&str> = l.split('\t').collect();
        assert_eq!((f[5], f[6], f[7]), ("1", "1", ""), "checksums good, nothing malformed: {l}");
        // The client side is the one that is not port 7000.
        let (client, cport) = if f[4] == "7000" { (f[1], f[3]) } else { (f[2], f[4]) };
        let server = if f[4] == "7000" { f[2] } else { f[1] };
        assert!(client.starts_with("16.0.0."), "{l}");
        assert!(server.starts_with("48.0."), "{l}");
        flows.entry((client.to_string(), cport.to_string())).or_default().push(f[0].parse().unwrap());
    }
    assert_eq!(flows.len() as u64, v["m_total_open_flows"].as_u64().unwrap());
    for (k, times) in &flows {
        assert_eq!(times.len(), 10, "{k:?}");
        for w in times.windows(2) {
            let gap_us = (w[1] - w[0]) * 1e6;
            assert!((gap_us - 200.0).abs() < 1.5, "{k:?}: gap {gap_us} us");
        }
    }
}

#[test]
fn bad_stf_input_names_the_file_and_key() {
    let dir = tempfile::tempdir().unwrap();
    let doc = std::fs::read_to_string(repo().join("profiles/stf/udp10.yaml")).unwrap();
    let pcap = repo().join("profiles/stf/udp10.pcap");
    let cases: Vec<(String, &str)> = vec![
        (doc.replace("cps : 100", "cps : 0"), "cap_info[0].cps"),
        (doc.replace("\"16.0.0.255\"", "\"15.0.0.0\""), "generator.clients_end"),
        (doc.replace("w   : 1", "w   : 1\n       plugin_id : 1"), "plugin_id"),
        (doc.replace("udp10.pcap", "missing.pcap"), "missing.pcap"),
        (doc.replace("udp10.pcap", "corrupt.pcap"), "corrupt.pcap"),
        (doc.replace("udp10.pcap", "arp.pcap"), "no IPv4 packet"),
    ];
    std::fs::copy(&pcap, dir.path().join("udp10.pcap")).unwrap();
    std::fs::write(dir.path().join("corrupt.pcap"), b"definitely not a pcap file").unwrap();
    let mut arp = std::fs::read(&pcap).unwrap();
    arp.truncate(24); // header only, then one non-IP frame
    arp.extend_from_slice(&[0, 0, 0, 0, 0, 0, 0, 0, 42, 0, 0, 0, 42, 0, 0, 0]);
    arp.extend_from_slice(&[0xff; 12]);
    arp.extend_from_slice(&[8, 6]);
    arp.extend_from_slice(&[0; 28]);
    std::fs::write(dir.path().join("arp.pcap"), arp).unwrap();
    for (text_, want) in cases {
        let prof = dir.path().join("p.yaml");
        std::fs::write(&prof, text_).unwrap();
        let out = dir.path().join("out.pcap");
        let port = format!("pcap:{}", out.display());
        let o = riptide(&["run-stf", prof.to_str().unwrap(), "--port", &port]);
        assert_eq!(o.status.code(), Some(2), "{want}: {}", text(&o));
        let t = text(&o);
        assert!(t.contains(want) && (t.contains("p.yaml") || t.contains(".pcap")), "{want}: {t}");
        assert!(!out.exists(), "{want}: no output left behind");
    }
    // TRex's addresses never go onto an interface.
    let o = riptide(&["run-stf", "profiles/stf/udp10.yaml", "--port", "afpacket:nope0"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("outside 198.18.0.0/15"), "{}", text(&o));
}
