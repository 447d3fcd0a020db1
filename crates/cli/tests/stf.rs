//! `riptide run-stf`: TRex's documentation profile into a pcap, decoded by tshark.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
use common::{repo, require_tshark, riptide, text};

use std::collections::BTreeMap;

use std::process::Command;

#[test]
fn the_trex_documentation_profile_runs_to_a_pcap() {
    if !require_tshark() {
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
        (doc.replace("udp10.pcap", "arp.pcap"), "no IPv4 or IPv6 packet"),
        // Issue 15.7/15.8: what cannot be meant is refused, with the limit.
        (doc.replace("duration : 10.0", "duration : 1e300"), "365 days"),
        (doc.replace("rtt : 200", "rtt : 1e20"), "cap_info[0].rtt"),
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

/// tshark's reading of a pcap: relative time, addresses, ports, IP id, checksum status.
fn decoded(pcap: &std::path::Path) -> String {
    let t = Command::new("tshark")
        .arg("-r")
        .arg(pcap)
        .args(["-o", "ip.check_checksum:TRUE", "-T", "fields", "-e", "frame.time_relative", "-e", "ip.src"])
        .args(["-e", "ip.dst", "-e", "udp.srcport", "-e", "udp.dstport", "-e", "ip.id", "-e", "ip.checksum.status"])
        .output()
        .unwrap();
    assert!(t.status.success());
    String::from_utf8(t.stdout).unwrap()
}

#[test]
fn several_cores_share_the_flows_and_write_the_same_packets_as_one() {
    if !require_tshark() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut runs = Vec::new();
    for c in ["1", "3"] {
        let (cs, sc) = (dir.path().join(format!("c2s{c}.pcap")), dir.path().join(format!("s2c{c}.pcap")));
        let (p0, p1) = (format!("pcap:{}", cs.display()), format!("pcap:{}", sc.display()));
        let o = riptide(&[
            "run-stf",
            "profiles/stf/udp10.yaml",
            "--port",
            &p0,
            "--port",
            &p1,
            "-d",
            "2.5",
            "-c",
            c,
            "--json",
        ]);
        assert!(o.status.success(), "{}", text(&o));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        runs.push((v, decoded(&cs), decoded(&sc)));
    }
    let (one, three) = (&runs[0], &runs[1]);
    assert_eq!(three.0["cores"], 3);
    for k in ["m_total_open_flows", "m_total_close_flows", "tx_packets", "tx_bytes", "duration_s"] {
        assert_eq!(one.0[k], three.0[k], "{k}");
    }
    // The series: 2 whole seconds and the last half, summed over the cores.
    let series = three.0["series"].as_array().unwrap();
    assert_eq!(series.len(), 3, "{series:?}");
    assert_eq!(series[0]["m_tx_cps"], 100.0);
    assert_eq!(series[2]["m_total_open_flows"], three.0["m_total_open_flows"]);
    assert_eq!(
        series,
        one.0["series"]
            .as_array()
            .unwrap()
            .iter()
            .zip(series)
            .map(|(a, b)| {
                let mut a = a.clone();
                a["wall_s"] = b["wall_s"].clone();
                a["engine_mpps"] = b["engine_mpps"].clone();
                a
            })
            .collect::<Vec<_>>()
            .as_slice()
    );
    assert_eq!(one.1.lines().count(), 1250, "250 flows x 5 client packets");
    assert_eq!(one.1, three.1, "client side");
    assert_eq!(one.2, three.2, "server side");
    let o = riptide(&["run-stf", "profiles/stf/udp10.yaml", "--port", "null", "-c", "0"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
}

/// A pcap file (Ethernet, microseconds) of `frames`, 1 ms apart.
fn pcap_of(frames: Vec<Vec<u8>>) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(&0xa1b2_c3d4u32.to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&4u16.to_le_bytes());
    out.extend_from_slice(&[0; 8]);
    out.extend_from_slice(&65535u32.to_le_bytes());
    out.extend_from_slice(&1u32.to_le_bytes());
    for (i, f) in frames.iter().enumerate() {
        out.extend_from_slice(&0u32.to_le_bytes());
        out.extend_from_slice(&(i as u32 * 1000).to_le_bytes());
        out.extend_from_slice(&(f.len() as u32).to_le_bytes());
        out.extend_from_slice(&(f.len() as u32).to_le_bytes());
        out.extend_from_slice(f);
    }
    out
}

/// Runs a one-template cap2 profile (`dir`/t.yaml: 1 s, clients 198.18.0.1-20, servers
/// 198.19.0.1-3) of `pcap` at `cps` into a pcap port: the `--json` object, and the written
/// pcap (in `dir`).
fn run_template(dir: &std::path::Path, pcap: Vec<u8>, cps: u32) -> (serde_json::Value, std::path::PathBuf) {
    let prof = dir.join("t.yaml");
    let profile = format!(
        "- duration: 1.0\n  generator: {{distribution: seq, clients_start: 198.18.0.1, clients_end: 198.18.0.20, \
         servers_start: 198.19.0.1, servers_end: 198.19.0.3}}\n  cap_info:\n    - {{name: t.pcap, cps: {cps}, ipg: 100, \
         rtt: 100}}\n"
    );
    std::fs::write(&prof, profile).unwrap();
    std::fs::write(dir.join("t.pcap"), pcap).unwrap();
    let out = dir.join("out.pcap");
    let port = format!("pcap:{}", out.display());
    let o = riptide(&["run-stf", prof.to_str().unwrap(), "--port", &port, "--json"]);
    assert!(o.status.success(), "{}", text(&o));
    (serde_json::from_slice(&o.stdout).unwrap(), out)
}

/// A pcap of an IPv6 UDP conversation between `prefix`::1 (port 1025) and `prefix`::2
/// (port 53), four frames 1 ms apart, checksums left at zero (riptide sets them).
fn ipv6_pcap(prefix: [u16; 3]) -> Vec<u8> {
    let mut frames = Vec::new();
    for i in 0..4u32 {
        let back = i % 2 == 1;
        let mut f = vec![0u8; 14 + 40 + 8 + 10];
        f[12..14].copy_from_slice(&[0x86, 0xdd]);
        f[14] = 0x60;
        f[18..20].copy_from_slice(&18u16.to_be_bytes());
        f[20] = 17;
        f[21] = 64;
        let addr = |last: u8| {
            let mut a = [0u8; 16];
            for (k, s) in prefix.iter().enumerate() {
                a[2 * k..2 * k + 2].copy_from_slice(&s.to_be_bytes());
            }
            a[15] = last;
            a
        };
        let (s, d, sp, dp) = if back { (2, 1, 53u16, 1025u16) } else { (1, 2, 1025, 53) };
        f[22..38].copy_from_slice(&addr(s));
        f[38..54].copy_from_slice(&addr(d));
        f[54..56].copy_from_slice(&sp.to_be_bytes());
        f[56..58].copy_from_slice(&dp.to_be_bytes());
        f[58..60].copy_from_slice(&18u16.to_be_bytes());
        frames.push(f);
    }
    pcap_of(frames)
}

#[test]
fn ipv6_templates_run_to_a_pcap_that_tshark_finds_right() {
    if !require_tshark() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (v, out) = run_template(dir.path(), ipv6_pcap([0x2001, 0xdb8, 0]), 50);
    assert_eq!(v["m_total_open_flows"], 50);
    let t = Command::new("tshark")
        .arg("-r")
        .arg(&out)
        .args(["-o", "udp.check_checksum:TRUE", "-d", "udp.port==53,data", "-T", "fields", "-e", "ipv6.src"])
        .args(["-e", "ipv6.dst", "-e", "udp.srcport", "-e", "udp.checksum.status", "-e", "ipv6.flow"])
        .output()
        .unwrap();
    let lines: Vec<String> = String::from_utf8_lossy(&t.stdout).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 200, "50 flows x 4 packets");
    let mut flows = std::collections::BTreeSet::new();
    for l in &lines {
        let f: Vec<&str> = l.split('\t').collect();
        assert_eq!(f[3], "1", "udp checksum good: {l}");
        let (client, server) = if f[2] == "53" { (f[1], f[0]) } else { (f[0], f[1]) };
        // The pcap's prefix, the pool address in the low 32 bits.
        let c: std::net::Ipv6Addr = client.parse().unwrap();
        let s: std::net::Ipv6Addr = server.parse().unwrap();
        assert_eq!(c.segments()[..6], [0x2001, 0xdb8, 0, 0, 0, 0], "{l}");
        assert_eq!(c.octets()[12..15], [198, 18, 0], "{l}");
        assert_eq!(s.octets()[12..15], [198, 19, 0], "{l}");
        flows.insert(f[4].to_string());
    }
    assert_eq!(flows.len(), 50, "one flow label per flow");
    // 2001:db8:: is not the benchmarking range: never onto an interface.
    let prof = dir.path().join("t.yaml");
    let o = riptide(&["run-stf", prof.to_str().unwrap(), "--port", "afpacket:nope0"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("outside 2001:2::/48"), "{}", text(&o));
}

#[test]
fn named_pools_and_vlan_tags_decode_in_tshark() {
    if !require_tshark() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(repo().join("profiles/stf/udp10.pcap"), dir.path().join("udp10.pcap")).unwrap();
    let profile = "- duration : 1.0
  generator :
          distribution : \"seq\"
          clients_start : \"198.18.0.1\"
          clients_end   : \"198.18.0.255\"
          servers_start : \"198.19.0.1\"
          servers_end   : \"198.19.0.255\"
          generator_clients :
              - name : \"c1\"
                distribution : \"seq\"
                ip_start : \"198.18.10.1\"
                ip_end : \"198.18.10.4\"
          generator_servers :
              - name : \"s1\"
                distribution : \"random\"
                ip_start : \"198.19.20.1\"
                ip_end : \"198.19.20.2\"
                track_ports : false
  vlan : { enable : 1 , vlan0 : 100 , vlan1 : 200 }
  mac : [0x0,0x0,0x0,0x1,0x0,0x00]
  cap_info :
     - name: udp10.pcap
       client_pool: \"c1\"
       server_pool: \"s1\"
       cps : 20
       ipg : 100
       rtt : 100
       w   : 1
";
    let prof = dir.path().join("pools.yaml");
    std::fs::write(&prof, profile).unwrap();
    let (cs, sc) = (dir.path().join("c2s.pcap"), dir.path().join("s2c.pcap"));
    let (p0, p1) = (format!("pcap:{}", cs.display()), format!("pcap:{}", sc.display()));
    let o = riptide(&["run-stf", prof.to_str().unwrap(), "--port", &p0, "--port", &p1]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("'mac' is not used"), "{}", text(&o));
    let mut clients = std::collections::BTreeSet::new();
    for (pcap, vid, client_field) in [(&cs, "100", 1), (&sc, "200", 2)] {
        let t = Command::new("tshark")
            .arg("-r")
            .arg(pcap)
            .args(["-o", "ip.check_checksum:TRUE", "-o", "udp.check_checksum:TRUE", "-T", "fields"])
            .args(["-e", "vlan.id", "-e", "ip.src", "-e", "ip.dst", "-e", "ip.checksum.status"])
            .args(["-e", "udp.checksum.status"])
            .output()
            .unwrap();
        let out = String::from_utf8_lossy(&t.stdout).to_string();
        assert_eq!(out.lines().count(), 100, "20 flows x 5 packets each way");
        for l in out.lines() {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!((f[0], f[3], f[4]), (vid, "1", "1"), "{l}");
            let server = f[3 - client_field];
            assert!(f[client_field].starts_with("198.18.10."), "client from c1: {l}");
            assert!(server == "198.19.20.1" || server == "198.19.20.2", "server from s1: {l}");
            clients.insert(f[client_field].to_string());
        }
    }
    assert_eq!(clients.len(), 4, "seq walks all of c1: {clients:?}");
    // A named pool outside the benchmarking range never goes onto an interface.
    std::fs::write(&prof, profile.replace("198.18.10.1", "10.0.0.1")).unwrap();
    let o = riptide(&["run-stf", prof.to_str().unwrap(), "--port", "afpacket:nope0"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("generator.generator_clients[0].ip_start 10.0.0.1"), "{}", text(&o));
}

#[test]
fn run_stf_takes_durations_and_line_rates_as_run_does() {
    // `-d 1s` and `-d 1` are the same second; --line-rate reaches the ports.
    let mut flows = Vec::new();
    for d in ["1s", "1", "1000ms"] {
        let o =
            riptide(&["run-stf", "profiles/stf/udp10.yaml", "--port", "null", "-d", d, "--line-rate", "1g", "--json"]);
        assert!(o.status.success(), "-d {d}: {}", text(&o));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(v["ports"][0]["line_rate_bps"], 1e9, "{v}");
        flows.push(v["m_total_open_flows"].as_u64().unwrap());
    }
    assert!(flows.iter().all(|&f| f == 100), "100 cps for a second: {flows:?}");
    for (args, want) in [
        (["-d", "fast"], "-d"),
        (["--line-rate", "quick"], "--line-rate"),
        (["-m", "10mpps"], "CPS factor"),
        (["-d", "0"], "-d"),
    ] {
        let mut a = vec!["run-stf", "profiles/stf/udp10.yaml", "--port", "null"];
        a.extend(args);
        let o = riptide(&a);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o));
        assert!(text(&o).contains(want), "{args:?}: {}", text(&o));
    }
}

#[test]
fn a_packet_count_ends_a_stateful_run_exactly_on_any_number_of_cores() {
    // Shards start uneven numbers of flows, so the cores draw from one budget; frames the
    // generator handed out but no port sent are not counted.
    let dir = tempfile::tempdir().unwrap();
    for (cores, n) in [("1", "1001"), ("2", "1"), ("2", "3005"), ("3", "2999")] {
        let out = dir.path().join(format!("c{cores}-{n}.pcap"));
        let port = format!("pcap:{}", out.display());
        let o = riptide(&[
            "run-stf",
            "profiles/stf/udp10.yaml",
            "--port",
            &port,
            "-d",
            "3.01",
            "-c",
            cores,
            "-n",
            n,
            "--json",
        ]);
        assert!(o.status.success(), "{}", text(&o));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let want: u64 = n.parse().unwrap();
        assert_eq!(v["tx_packets"], want, "-c {cores} -n {n}: {v}");
        assert_eq!(v["ports"][0]["opackets"], want, "-c {cores} -n {n}");
        let bytes = std::fs::metadata(&out).unwrap().len();
        assert_eq!(bytes, 24 + want * (16 + 60), "-c {cores} -n {n}: the pcap holds exactly those frames");
        if let Some(last) = v["series"].as_array().unwrap().last() {
            let (t, d) = (last["t_s"].as_f64().unwrap(), v["duration_s"].as_f64().unwrap());
            assert!((t - d).abs() < 1e-9, "the series ends at the last frame sent: {v}");
        }
    }
}

#[test]
fn long_idle_gaps_keep_the_series_short() {
    // Issue 15.8: one sample per virtual second grew without bound over huge gaps (2.3 GB
    // in 15 s). A gap in which nothing happens is one sample now.
    let dir = tempfile::tempdir().unwrap();
    let doc = std::fs::read_to_string(repo().join("profiles/stf/udp10.yaml")).unwrap();
    let gaps = doc
        .replace("cps : 100", "cps : 1\n       limit : 1")
        .replace("ipg : 200", "ipg : 100000000")
        .replace("rtt : 200", "rtt : 100000000");
    let prof = dir.path().join("gaps.yaml");
    std::fs::write(&prof, gaps).unwrap();
    std::fs::copy(repo().join("profiles/stf/udp10.pcap"), dir.path().join("udp10.pcap")).unwrap();
    let o = riptide(&["run-stf", prof.to_str().unwrap(), "--port", "null", "-d", "1000", "--json"]);
    assert!(o.status.success(), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["tx_packets"], 10, "one flow of ten packets 100 s apart");
    let series = v["series"].as_array().unwrap();
    assert!(series.len() <= 12, "{} samples for a {} s run", series.len(), v["duration_s"]);
    let last = series.last().unwrap();
    // The last packet leaves at 900 s exactly, where the run ends: the last sample has it.
    assert_eq!(last["t_s"].as_f64(), Some(900.0), "{last}");
    assert_eq!((last["m_total_open_flows"].as_u64(), last["m_total_close_flows"].as_u64()), (Some(1), Some(1)));
    // One sample per stretch: ten packets, a hundred seconds apart.
    assert!(series.len() >= 9, "{series:?}");
}

/// A pcap of one IPv4 UDP conversation 198.18.0.1:1025 <-> 198.19.0.1:53 with frames of
/// `len` bytes (two frames, 1 ms apart).
fn ipv4_pcap(len: usize) -> Vec<u8> {
    let mut frames = Vec::new();
    for i in 0..2u32 {
        let mut f = vec![0u8; len];
        f[12..14].copy_from_slice(&[0x08, 0x00]);
        f[14] = 0x45;
        f[16..18].copy_from_slice(&((len - 14) as u16).to_be_bytes());
        f[22] = 64;
        f[23] = 17;
        let (s, d, sp, dp) = if i == 1 {
            ([198, 19, 0, 1], [198, 18, 0, 1], 53u16, 1025u16)
        } else {
            ([198, 18, 0, 1], [198, 19, 0, 1], 1025, 53)
        };
        f[26..30].copy_from_slice(&s);
        f[30..34].copy_from_slice(&d);
        f[34..36].copy_from_slice(&sp.to_be_bytes());
        f[36..38].copy_from_slice(&dp.to_be_bytes());
        f[38..40].copy_from_slice(&((len - 34) as u16).to_be_bytes());
        frames.push(f);
    }
    pcap_of(frames)
}

#[test]
fn jumbo_template_frames_go_out_whole_and_count_what_went_out() {
    // Issue 15.8: frames over 1536 B were cut to the slot while the report counted their
    // full length. Ports now open for the longest template frame.
    if !require_tshark() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (v, out) = run_template(dir.path(), ipv4_pcap(9000), 10);
    let t = Command::new("tshark")
        .arg("-r")
        .arg(&out)
        .args(["-o", "ip.check_checksum:TRUE", "-T", "fields", "-e", "frame.len", "-e", "ip.checksum.status"])
        .output()
        .unwrap();
    let lines: Vec<String> = String::from_utf8_lossy(&t.stdout).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 20, "10 flows x 2 packets");
    assert!(lines.iter().all(|l| l == "9000\t1"), "every frame whole, IP checksum good: {lines:?}");
    assert_eq!(v["tx_packets"], 20);
    assert_eq!(v["tx_bytes"], 20 * 9000, "{v}");
}

/// The flows of a client-side capture, `client:port -> server:port`, each once, and
/// the packets.
fn flows_of(pcap: &std::path::Path) -> (std::collections::BTreeSet<String>, usize) {
    let t = Command::new("tshark")
        .arg("-r")
        .arg(pcap)
        .args([
            "-T",
            "fields",
            "-E",
            "separator=,",
            "-e",
            "ip.src",
            "-e",
            "udp.srcport",
            "-e",
            "ip.dst",
            "-e",
            "udp.dstport",
        ])
        .output()
        .unwrap();
    assert!(t.status.success());
    let text = String::from_utf8(t.stdout).unwrap();
    (text.lines().map(str::to_owned).collect(), text.lines().count())
}

/// `run-stf --segment i/4` four times: the flows the four captures hold are those one
/// generator's capture holds, none in two of them, and `riptide merge` of their results
/// counts what the one run counted.
#[test]
fn four_segments_start_one_runs_flows_each_once_and_merge_to_its_counts() {
    if !require_tshark() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let run = |tag: &str, seg: Option<&str>| {
        let (cs, sc) = (dir.path().join(format!("c2s{tag}.pcap")), dir.path().join(format!("s2c{tag}.pcap")));
        let (p0, p1) = (format!("pcap:{}", cs.display()), format!("pcap:{}", sc.display()));
        let mut args = vec!["run-stf", "profiles/stf/udp10.yaml", "--port", &p0, "--port", &p1, "-d", "2.5", "--json"];
        if let Some(s) = seg {
            args.extend(["--segment", s]);
        }
        let o = riptide(&args);
        assert!(o.status.success(), "{}", text(&o));
        let file = dir.path().join(format!("{tag}.json"));
        std::fs::write(&file, &o.stdout).unwrap();
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        (v, flows_of(&cs), file.display().to_string())
    };
    let (whole, (all, packets), _) = run("whole", None);
    assert_eq!(all.len(), 250, "250 flows in 2.5 s at 100 cps");
    let mut union = std::collections::BTreeSet::new();
    let (mut files, mut sum) = (Vec::new(), 0);
    for i in 0..4 {
        let seg = format!("{i}/4");
        let (v, (flows, n), file) = run(&format!("seg{i}"), Some(&seg));
        assert_eq!(v["segment"], seg.as_str());
        assert_eq!(v["m_total_open_flows"].as_u64(), Some(flows.len() as u64), "{v}");
        for f in flows {
            assert!(union.insert(f.clone()), "flow {f} started by two segments");
        }
        sum += n;
        files.push(file);
    }
    assert_eq!(union, all, "the segments' flows are the one run's");
    assert_eq!(sum, packets, "and their packets");
    let mut args = vec!["merge"];
    args.extend(files.iter().map(String::as_str));
    args.push("--json");
    let o = riptide(&args);
    assert!(o.status.success(), "{}", text(&o));
    let m: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    for k in ["m_total_open_flows", "m_total_close_flows", "tx_packets", "tx_bytes"] {
        assert_eq!(m["counters"][k], whole[k], "{k}: {m}");
    }
    assert_eq!(m["generators"].as_array().unwrap().len(), 4);
    // Files of the same segment, or of no segment, are refused naming them.
    let o = riptide(&["merge", &files[0], &files[1], &files[2], &files[2]]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("segment 2/4 is in both") && text(&o).contains("seg2.json"), "{}", text(&o));
    let mut altered: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&files[3]).unwrap()).unwrap();
    altered["flows"]["offset"] = serde_json::json!(1);
    let bad = dir.path().join("altered.json");
    std::fs::write(&bad, altered.to_string()).unwrap();
    let o = riptide(&["merge", &files[0], &files[1], &files[2], bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("altered.json") && text(&o).contains("not segment 3/4's share"), "{}", text(&o));
}
