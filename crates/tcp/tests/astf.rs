//! TRex's own `ASTFProfile.to_json()` of TRex's profiles (tests/data/astf, written by
//! scripts/astf-fixtures.py from TRex's code) read and lowered by riptide's ASTF reader.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use riptide_tcp::astf::{AstfProfile, Command};
use riptide_tcp::{Load, TcpConfig, Tune};
use std::path::PathBuf;

fn load(name: &str) -> AstfProfile {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/astf/{name}.json"));
    let text = std::fs::read_to_string(&path).unwrap();
    AstfProfile::parse(&text, name).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn every_fixture_reads() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/astf");
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        AstfProfile::parse(&text, &path.display().to_string()).unwrap_or_else(|e| panic!("{e}"));
        n += 1;
    }
    assert!(n >= 14, "{n} fixtures");
}

#[test]
fn http_simple_is_the_browsing_capture_as_two_programs() {
    let p = load("http_simple");
    assert_eq!(p.templates.len(), 1);
    let t = &p.templates[0];
    assert_eq!((t.client.port, t.client.cps), (80, 2.776));
    let low = p.lower("http_simple", &Tune { tcp: TcpConfig::default(), ip: Default::default(), group: 0 }).unwrap();
    let c = &low.clients[0];
    // The capture's request (249 bytes) and its 32,094-byte answer.
    assert_eq!((c.program.send_len(), c.program.recv_len()), (249, Some(32_094)));
    let (port, s) = &low.server.listen[0];
    assert_eq!((*port, s.send_len(), s.recv_len()), (80, 32_094, Some(249)));
    assert_eq!(c.load, Load::Open { cps: 2.776 });
    assert_eq!(c.ips.0.octets(), [16, 0, 0, 0]);
}

#[test]
fn a_server_loop_unrolls_with_its_random_delays() {
    let p = load("http_manual_commands_loop");
    let server = &p.programs[p.templates[0].server.program];
    assert!(server.commands.iter().any(|c| matches!(c, Command::JmpNz(..))));
    let low = p.lower("loop", &Tune { tcp: TcpConfig::default(), ip: Default::default(), group: 0 }).unwrap();
    let (_, s) = &low.server.listen[0];
    let c = &low.clients[0];
    // The client waits for everything the server's loop sends.
    assert_eq!(c.program.recv_len(), Some(u64::from(s.send_len())));
}

#[test]
fn eflow2_sends_its_answer_in_a_loop() {
    let low = load("http_eflow2")
        .lower("eflow2", &Tune { tcp: TcpConfig::default(), ip: Default::default(), group: 0 })
        .unwrap();
    let (_, s) = &low.server.listen[0];
    assert_eq!(low.clients[0].program.recv_len(), Some(u64::from(s.send_len())));
    assert_eq!(low.clients[0].limit, Some(1));
}

/// The `X_glob_info.tcp.KEY = VALUE` lines of TRex's own profile (python/tests/trex-core),
/// as (side, key, value): what the profile sets, read from TRex's file, not the fixture.
fn trex_tunables(profile: &str) -> Vec<(String, String, u64)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../python/tests/trex-core/scripts/astf/{profile}.py"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter_map(|l| {
            let (lhs, rhs) = l.trim().split_once(" = ")?;
            let (side, key) = lhs.split_once("_glob_info.tcp.")?;
            Some((side.to_string(), key.to_string(), rhs.trim().parse().ok()?))
        })
        .collect()
}

#[test]
fn tunables_reach_the_tcp_configuration() {
    // param_mss_initwnd.py sets tcp.mss 1400 and tcp.initwnd 1 on both sides.
    let set = trex_tunables("param_mss_initwnd");
    let want = |side: &str| {
        let mut t: Vec<(&str, u64)> =
            set.iter().filter(|(s, _, _)| s == side).map(|(_, k, v)| (k.as_str(), *v)).collect();
        t.sort_unstable();
        t
    };
    assert_eq!(want("c"), [("initwnd", 1), ("mss", 1400)], "TRex's file: {set:?}");
    assert_eq!(want("s"), [("initwnd", 1), ("mss", 1400)], "TRex's file: {set:?}");
    let low = load("param_mss_initwnd")
        .lower("mss", &Tune { tcp: TcpConfig::default(), ip: Default::default(), group: 0 })
        .unwrap();
    // Each tunable lands in its own field, and nothing else moves.
    let tuned = TcpConfig { mss: 1400, initial_cwnd: 1, ..TcpConfig::default() };
    assert_eq!(low.client_tune.tcp, tuned);
    assert_eq!(low.server_tune.tcp, tuned);
    // http_eflow2.py (its defaults: mss 1460, win 32 KiB) sets six on one ASTFGlobalInfo
    // for both sides: initwnd 2, no_delay 0 (Nagle stays on), no_delay_counter 2 * mss,
    // rxbufsize and txbufsize win * 1024.
    let low = load("http_eflow2")
        .lower("eflow2", &Tune { tcp: TcpConfig::default(), ip: Default::default(), group: 0 })
        .unwrap();
    let tuned = TcpConfig {
        mss: 1460,
        initial_cwnd: 2,
        nagle: true,
        ack_every_bytes: 2920,
        rcv_wnd: 32 * 1024,
        snd_buf: 32 * 1024,
        ..TcpConfig::default()
    };
    assert_eq!(low.client_tune.tcp, tuned);
    assert_eq!(low.server_tune.tcp, tuned);
}

#[test]
fn ipv6_profiles_put_the_addresses_after_trex_prefixes() {
    // param_ipv6.py: src_msb ff02::, dst_msb ff03::; the server answers mirrored.
    let low = load("param_ipv6")
        .lower("ipv6", &Tune { tcp: TcpConfig::default(), ip: Default::default(), group: 0 })
        .unwrap();
    let c = low.client_tune.ip.v6.unwrap();
    assert_eq!((&c.local[..2], &c.remote[..2]), (&[0xff, 0x02][..], &[0xff, 0x03][..]));
    let s = low.server.tunes[0].1.ip.v6.unwrap();
    assert_eq!(s, c.mirrored());
    assert_eq!((low.client_tune.ip.ttl, low.server_tune.ip.ttl), (64, 64));
}

#[test]
fn tunables_per_template_go_over_the_profiles() {
    // tcp_param_change.py: the profile's MSS is 500 (client) and 600 (server); the second
    // template (port 8080) gives 700 and 800.
    let base = Tune { tcp: TcpConfig::default(), ip: Default::default(), group: 0 };
    let low = load("tcp_param_change").lower("tcp_param_change", &base).unwrap();
    let mss = |t: &Option<Tune>| t.unwrap().tcp.mss;
    assert_eq!((mss(&low.clients[0].tune), mss(&low.clients[1].tune)), (500, 700));
    assert_eq!(low.client_tune.tcp.mss, 500);
    let port = |p: u16| low.server.tunes.iter().find(|(q, _)| *q == p).unwrap().1.tcp.mss;
    assert_eq!((port(80), port(8080)), (600, 800));
}

#[test]
fn udp_profiles_lower_to_datagram_programs() {
    // udp_pcap.py: a DNS query and its answer, from TRex's pcap.
    let base = Tune { tcp: TcpConfig::default(), ip: Default::default(), group: 0 };
    let low = load("udp_pcap").lower("udp_pcap", &base).unwrap();
    assert!(low.clients[0].program.is_datagram());
    assert_eq!(low.clients[0].program.send_len(), 31);
    let (port, server) = &low.server.listen[0];
    assert_eq!((*port, server.is_datagram(), server.send_len()), (53, true, 47));
}
