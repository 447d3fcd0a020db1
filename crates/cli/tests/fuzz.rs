//! Fuzzing in CI (issue 15): bounded runs over every input riptide reads from users.
//!
//! Each target mutates real inputs (the repository's profiles, pktgen scripts, cap2
//! profiles and pcaps, RPC requests) byte by byte, token by token and value by value,
//! and feeds them to the same functions the front ends call. It checks that nothing
//! panics, nothing runs past a stated bound, and every error names its source. Each
//! target runs twice: a fixed seed (the same cases every run) and a random one, which
//! proptest prints with the failing case when there is one
//! (`PROPTEST_RNG_SEED=<seed> cargo test --test fuzz` replays it).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestRunner};
use std::time::{Duration, Instant};

/// The longest any one case may take (parse, compile, make a few packets).
const BOUND: Duration = Duration::from_secs(2);

fn repo(path: &str) -> String {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(path)).unwrap()
}

/// Values that break parsers and arithmetic.
const NASTY: &[&str] = &[
    "0",
    "-1",
    "1e308",
    "-1e308",
    "NaN",
    ".inf",
    "4294967295",
    "18446744073709551615",
    "1e30s",
    "0us",
    "''",
    "[]",
    "{}",
    "~",
    "null",
    "99999999999999999999",
    "0.0000001",
    "65536",
    "1518",
    "9001",
    "-0",
    "0x10",
    "\"\\u0000\"",
    "&a [*a]",
    "!!binary AAAA",
    "1%",
    "1000%",
    "1tbps",
    "1e20pps",
    "198.18.0.0/15",
    "::",
    "ff:ff:ff:ff:ff:ff",
];

/// A mutation of `text`: bytes flipped, a token replaced by a nasty value, lines
/// dropped or repeated.
fn mutate(text: &str) -> impl Strategy<Value = String> {
    let t = text.to_string();
    let n = t.len().max(1);
    let lines = t.lines().count().max(1);
    prop_oneof![
        (0..n, any::<u8>()).prop_map({
            let t = t.clone();
            move |(i, b)| {
                let mut v = t.clone().into_bytes();
                let at = i % v.len().max(1);
                if let Some(x) = v.get_mut(at) {
                    *x = b;
                }
                String::from_utf8_lossy(&v).into_owned()
            }
        }),
        (0..n, 0..NASTY.len()).prop_map({
            let t = t.clone();
            move |(i, k)| {
                // Replace the token (a run of non-space, non-punctuation bytes) at `i`.
                let b = t.as_bytes();
                let i = i % b.len();
                let word = |c: u8| !c.is_ascii_whitespace() && !b"{}[],:".contains(&c);
                let (mut s, mut e) = (i, i);
                while s > 0 && word(b[s - 1]) {
                    s -= 1;
                }
                while e < b.len() && word(b[e]) {
                    e += 1;
                }
                if !t.is_char_boundary(s) || !t.is_char_boundary(e) {
                    return t.clone();
                }
                format!("{}{}{}", &t[..s], NASTY[k], &t[e..])
            }
        }),
        (0..lines, 0..3usize).prop_map({
            let t = t.clone();
            move |(l, how)| {
                let mut ls: Vec<&str> = t.lines().collect();
                let l = l % ls.len().max(1);
                match how {
                    0 if !ls.is_empty() => {
                        ls.remove(l);
                    }
                    1 if !ls.is_empty() => {
                        let x = ls[l];
                        for _ in 0..50 {
                            ls.insert(l, x);
                        }
                    }
                    _ => ls.truncate(l),
                }
                ls.join("\n")
            }
        }),
    ]
}

/// Runs `check` on `cases` mutations of each of `inputs`, with a fixed seed and with a
/// random one.
fn fuzz(name: &str, inputs: &[String], cases: u32, check: impl Fn(&str) + Clone) {
    for seed in [RngSeed::Fixed(0x5eed_f00d), RngSeed::Random] {
        for input in inputs {
            let config = Config { cases, rng_seed: seed, failure_persistence: None, ..Config::default() };
            let mut runner = TestRunner::new(config);
            let check = check.clone();
            let result = runner.run(&mutate(input), |text| {
                let t = Instant::now();
                check(&text);
                prop_assert!(t.elapsed() < BOUND, "{name}: {:?} for one case", t.elapsed());
                Ok(())
            });
            if let Err(e) = result {
                panic!("{name} ({seed:?}): {e}");
            }
        }
    }
}

#[test]
fn stateless_profiles() {
    let names = ["udp64", "imix", "vlan", "mpls", "ipv6", "tagged", "tuple", "src_range", "multi_burst"];
    let inputs: Vec<String> = names.iter().map(|n| repo(&format!("profiles/{n}.yaml"))).collect();
    fuzz("profile", &inputs, 256, |text| {
        let compiled =
            riptide_stl::profile::parse(text, "fuzz.yaml").and_then(|p| riptide_stl::profile::compile(&p, "fuzz.yaml"));
        match compiled {
            Err(e) => assert!(e.to_string().starts_with("fuzz.yaml"), "error without its source: {e}"),
            Ok(c) => {
                // What compiles also makes packets.
                let shares = c.streams.iter().map(|s| s.share(0, 1, 1.0, riptide_core::BitsPerSec(10e9), true));
                let mut set = riptide_stl::set::StreamSet::new(shares.collect());
                set.handle_start(riptide_core::Nanos::ZERO);
                let (cap, slots) = (16_384, 8);
                let mut mem = vec![0u8; cap * slots];
                let offsets: Vec<usize> = (0..slots).map(|i| i * cap).collect();
                let mut meta = vec![riptide_core::TxMeta::default(); slots];
                for _ in 0..4 {
                    let mut b = riptide_core::TxBatch::new(&mut mem, &offsets, cap, &mut meta).unwrap();
                    set.poll_transmit(&mut b, riptide_core::Nanos::MAX, slots as u64, None);
                }
            }
        }
    });
}

#[test]
fn pktgen_scripts() {
    let sample = riptide_stl::pktgen::samples::script(
        "04".parse().unwrap(),
        &riptide_stl::pktgen::samples::SampleParams { dev: "rt0".into(), ..Default::default() },
    )
    .unwrap();
    let inputs = vec![repo("examples/pktgen/flows.sh"), sample];
    fuzz("pktgen", &inputs, 384, |text| {
        let r = riptide_stl::pktgen::parse(text, "fuzz.sh")
            .and_then(|s| s.to_profile("fuzz.sh", |_| 0))
            .and_then(|p| riptide_stl::profile::compile(&p, "fuzz.sh"));
        if let Err(e) = r {
            assert!(e.to_string().starts_with("fuzz.sh"), "error without its source: {e}");
        }
    });
}

#[test]
fn stateful_profiles_and_pcaps() {
    let pcap =
        std::fs::read(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../profiles/stf/udp10.pcap")).unwrap();
    fuzz("cap2", &[repo("profiles/stf/udp10.yaml")], 384, |text| {
        let Ok(profile) = riptide_stf::profile::parse(text, "fuzz.yaml").map_err(|e| {
            assert!(e.to_string().starts_with("fuzz.yaml"), "error without its source: {e}");
        }) else {
            return;
        };
        let records = riptide_stf::pcap::parse(&pcap).unwrap();
        let conv = riptide_stf::template::conversation(&records).unwrap();
        let convs = vec![conv; profile.cap_info.len()];
        let opts = riptide_stf::gen::GenOptions { duration_s: Some(0.05), ..Default::default() };
        if let Ok(mut g) = riptide_stf::gen::FlowGen::new(&profile, convs, opts) {
            // A bounded number of events: the generator must not spin on one.
            for _ in 0..200 {
                let Some(t) = g.poll_timeout() else { break };
                g.poll_transmit(t, 64, &mut |_, _, _| true);
            }
        }
    });
    // The pcap bytes themselves, cut and flipped.
    let as_text: String = pcap.iter().map(|&b| char::from(b)).collect();
    fuzz("pcap", &[as_text], 512, |text| {
        let bytes: Vec<u8> = text.chars().map(|c| c as u32 as u8).collect();
        if let Ok(records) = riptide_stf::pcap::parse(&bytes) {
            let _ = riptide_stf::template::conversation(&records);
        }
    });
}

#[test]
fn rpc_requests() {
    let h = riptide_daemon::serve(riptide_daemon::ServerConfig {
        bind: "127.0.0.1:0".parse().unwrap(),
        max_request: 8192,
        ..Default::default()
    })
    .unwrap();
    let requests: Vec<String> = [
        r#"{"jsonrpc":"2.0","id":1,"method":"acquire","params":{"force":true}}"#,
        r#"{"jsonrpc":"2.0","id":2,"method":"load_profile","params":{"text":"streams: [{rate: 1kpps, size: 64}]","source":"x"}}"#,
        r#"{"jsonrpc":"2.0","id":3,"method":"start","params":{"count":100,"multiplier":"2","cores":1}}"#,
        r#"{"jsonrpc":"2.0","id":4,"method":"add_streams","params":{"streams":[{"name":"a","rate":"1kpps"}],"seed":1}}"#,
        r#"{"jsonrpc":"2.0","id":5,"method":"stf_start","params":{"profile":"- duration: 1\n","pcaps":{"a.pcap":"AAAA"}}}"#,
        r#"{"jsonrpc":"2.0","id":6,"method":"update","params":{"multiplier":"50%"}}"#,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let addr = h.addr;
    fuzz("rpc", &requests, 128, move |line| {
        use std::io::{BufRead, BufReader, Write};
        let mut s = std::net::TcpStream::connect(addr).unwrap();
        s.set_read_timeout(Some(BOUND)).unwrap();
        let mut r = BufReader::new(s.try_clone().unwrap());
        let one_line = line.replace('\n', " ");
        s.write_all(format!("{one_line}\n").as_bytes()).unwrap();
        // Every request line gets an answer, or (a notification) none; then the daemon
        // still answers a ping on the same connection.
        s.write_all(b"{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"method\":\"ping\"}\n").unwrap();
        let mut last = String::new();
        for _ in 0..3 {
            let mut l = String::new();
            if r.read_line(&mut l).unwrap_or(0) == 0 {
                break;
            }
            if l.contains("\"id\":\"p\"") {
                last = l;
                break;
            }
        }
        assert!(last.contains("pong") || last.is_empty(), "{last}");
        let _ = s.write_all(b"{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"stop\"}\n");
    });
    // Whatever came, the daemon is alive and answers.
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    use std::io::{BufRead, BufReader, Write};
    s.write_all(b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n").unwrap();
    let mut l = String::new();
    BufReader::new(s).read_line(&mut l).unwrap();
    assert!(l.contains("pong"), "{l}");
    h.shutdown();
}

/// Client and server endpoints of `profile` joined in memory for a bounded number of
/// rounds on a virtual clock.
fn tcp_exchange(profile: &riptide_tcp::profile::TcpProfile, rounds: usize) {
    use riptide_tcp::endpoint::{EndpointConfig, ServerSpec};
    let cfg = EndpointConfig {
        tcp: profile.tcp,
        close: profile.close,
        recv_timeout_ns: profile.recv_timeout_ns,
        ..Default::default()
    };
    let client = profile.clients.first().cloned().map(|mut c| {
        c.limit = Some(c.limit.unwrap_or(20).min(20));
        c
    });
    let (Ok(mut a), Ok(mut b)) = (
        riptide_tcp::Endpoint::new(cfg.clone(), client, ServerSpec::default()),
        riptide_tcp::Endpoint::new(cfg, None, profile.server.clone()),
    ) else {
        return;
    };
    let mut buf = vec![0u8; 16_384];
    let mut now = 0;
    for _ in 0..rounds {
        a.handle_timeout(now);
        b.handle_timeout(now);
        for _ in 0..64 {
            let Some(n) = a.poll_transmit(now, &mut buf) else { break };
            b.handle_frame(now, &buf[..n]);
        }
        for _ in 0..64 {
            let Some(n) = b.poll_transmit(now, &mut buf) else { break };
            a.handle_frame(now, &buf[..n]);
        }
        now += 1_000_000;
    }
}

#[test]
fn tcp_profiles() {
    // HTTPS too (its `tls:` settings, and the handshake between the endpoints).
    let inputs =
        vec![repo("profiles/tcp/http.yaml"), repo("profiles/tcp/bulk.yaml"), repo("profiles/tcp/tls-handshake.yaml")];
    fuzz("tcp profile", &inputs, 256, |text| match riptide_tcp::profile::parse(text, "fuzz.yaml") {
        Err(e) => assert!(e.to_string().starts_with("fuzz.yaml"), "error without its source: {e}"),
        Ok(p) => tcp_exchange(&p, 50),
    });
}

#[test]
fn tcp_segments() {
    // Frames of a real exchange (an HTTP GET, SYN to the last ACK), cut and flipped, fed
    // to a server endpoint: nothing panics, and it still answers a fresh connection.
    let profile = riptide_tcp::profile::parse(&repo("profiles/tcp/http.yaml"), "http.yaml").unwrap();
    let server = profile.server.clone();
    let cfg = riptide_tcp::endpoint::EndpointConfig::default();
    let mut a = riptide_tcp::Endpoint::new(cfg.clone(), profile.clients.first().cloned(), Default::default()).unwrap();
    let mut b = riptide_tcp::Endpoint::new(cfg.clone(), None, server.clone()).unwrap();
    let mut frames = Vec::new();
    let mut buf = vec![0u8; 2048];
    for now in 0..20u64 {
        a.handle_timeout(now * 1_000_000);
        while let Some(n) = a.poll_transmit(now * 1_000_000, &mut buf) {
            frames.push(buf[..n].to_vec());
            b.handle_frame(now * 1_000_000, &buf[..n]);
        }
        while let Some(n) = b.poll_transmit(now * 1_000_000, &mut buf) {
            a.handle_frame(now * 1_000_000, &buf[..n]);
        }
    }
    assert!(frames.len() > 5);
    let inputs: Vec<String> = frames.iter().take(8).map(|f| f.iter().map(|&b| char::from(b)).collect()).collect();
    fuzz("tcp segment", &inputs, 256, move |text| {
        let bytes: Vec<u8> = text.chars().map(|c| c as u32 as u8).collect();
        let mut ep = riptide_tcp::Endpoint::new(cfg.clone(), None, server.clone()).unwrap();
        let mut out = vec![0u8; 2048];
        for (i, f) in frames.iter().enumerate() {
            let f = if i % 3 == 1 { &bytes } else { f };
            ep.handle_frame(i as u64 * 1000, f);
            ep.handle_frame(i as u64 * 1000, &bytes);
            let mut n = 0;
            while ep.poll_transmit(i as u64 * 1000, &mut out).is_some() {
                n += 1;
                assert!(n < 1000, "an endpoint that never stops sending");
            }
        }
        ep.handle_timeout(60_000_000_000);
        while ep.poll_transmit(60_000_000_000, &mut out).is_some() {}
    });
}

#[test]
fn udp_datagrams() {
    // Datagrams of TRex's udp_pcap.py exchange (a DNS query and answer per flow), cut and
    // flipped, fed to both sides: nothing panics, nothing sends without end, and the flows
    // still end (their programs, or their keepalive).
    let text = repo("crates/tcp/tests/data/astf/udp_pcap.json");
    let profile = riptide_tcp::profile::parse(&text, "udp_pcap.json").unwrap();
    let cfg = riptide_tcp::endpoint::EndpointConfig::default();
    let mut client = profile.clients[0].clone();
    client.limit = Some(4);
    client.load = riptide_tcp::Load::Open { cps: 1000.0 };
    // One client address of few ports: the pool's table is allocated per endpoint.
    client.ips.1 = 1;
    client.ports = (1025, 1100);
    let mut a = riptide_tcp::Endpoint::new(cfg.clone(), Some(client.clone()), Default::default()).unwrap();
    let mut b = riptide_tcp::Endpoint::new(cfg.clone(), None, profile.server.clone()).unwrap();
    let mut frames = Vec::new();
    let mut buf = vec![0u8; 2048];
    for now in 0..2000u64 {
        let t = now * 1_000_000;
        a.handle_timeout(t);
        while let Some(n) = a.poll_transmit(t, &mut buf) {
            frames.push(buf[..n].to_vec());
            b.handle_frame(t, &buf[..n]);
        }
        while let Some(n) = b.poll_transmit(t, &mut buf) {
            frames.push(buf[..n].to_vec());
            a.handle_frame(t, &buf[..n]);
        }
        if a.is_done() && b.is_done() {
            break;
        }
    }
    assert_eq!(a.stats().client_app.completed, 4);
    let inputs: Vec<String> = frames.iter().take(8).map(|f| f.iter().map(|&b| char::from(b)).collect()).collect();
    let server = profile.server.clone();
    fuzz("udp datagram", &inputs, 256, move |text| {
        let bytes: Vec<u8> = text.chars().map(|c| c as u32 as u8).collect();
        let mut a = riptide_tcp::Endpoint::new(cfg.clone(), Some(client.clone()), Default::default()).unwrap();
        let mut b = riptide_tcp::Endpoint::new(cfg.clone(), None, server.clone()).unwrap();
        let mut out = vec![0u8; 2048];
        for (i, f) in frames.iter().enumerate() {
            let t = i as u64 * 1_000_000;
            a.handle_timeout(t);
            b.handle_frame(t, f);
            b.handle_frame(t, &bytes);
            a.handle_frame(t, &bytes);
            for ep in [&mut a, &mut b] {
                let mut n = 0;
                while ep.poll_transmit(t, &mut out).is_some() {
                    n += 1;
                    assert!(n < 1000, "an endpoint that never stops sending");
                }
            }
        }
        // Every flow ends by its keepalive at the latest.
        for ep in [&mut a, &mut b] {
            ep.handle_timeout(60_000_000_000);
            while ep.poll_transmit(60_000_000_000, &mut out).is_some() {}
        }
        assert_eq!(b.active(), 0, "a server flow outlived its keepalive");
    });
}

/// `riptide calibrate` reads the host's procfs and sysfs text: this host's own
/// /proc/cpuinfo, /proc/cmdline and /proc/interrupts, mutated, in a fake root, never make
/// the capture or the warnings panic. Core lists (`--cores`, `isolcpus=`) parse or say
/// what they expected.
#[test]
fn host_files_and_core_lists() {
    let read = |p: &str| std::fs::read_to_string(p).unwrap_or_default();
    let files = [
        ("proc/cpuinfo", read("/proc/cpuinfo")),
        ("proc/cmdline", read("/proc/cmdline")),
        ("proc/interrupts", read("/proc/interrupts")),
    ];
    for (rel, text) in files {
        let inputs = vec![text];
        fuzz(rel, &inputs, 128, |t| {
            let dir = tempfile::tempdir().unwrap();
            let p = dir.path().join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(&p, t).unwrap();
            std::fs::create_dir_all(dir.path().join("sys/class/net/eth0")).unwrap();
            let s = riptide_calibrate::capture(dir.path(), &["eth0".to_string()]);
            let _ = riptide_calibrate::advise(&s, &[0, 1]);
            let _ = riptide_calibrate::report::system_text(&s);
        });
    }
    fuzz("cpulist", &["0-3,6".to_string(), "managed_irq,domain,2-5".to_string()], 512, |t| {
        match riptide_core::cpulist::parse(t) {
            Ok(v) => {
                assert!(v.windows(2).all(|w| w[0] < w[1]) && v.iter().all(|&c| c <= riptide_core::cpulist::MAX_CPU));
                assert_eq!(riptide_core::cpulist::parse(&riptide_core::cpulist::Compact(&v).to_string()).unwrap(), v);
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    });
}

#[test]
fn trex_astf_profiles() {
    // TRex's own to_json of its profiles (crates/tcp/tests/data/astf), mutated: riptide's
    // ASTF reader refuses naming the file, or what it accepts runs as endpoints and in
    // TRex's simulator, bounded.
    let inputs: Vec<String> = [
        "http_manual_commands_loop",
        "http_eflow2",
        "http_eflow4",
        "udp1",
        "template_groups",
        "tcp_param_change",
        "https_manual",
    ]
    .iter()
    .map(|n| repo(&format!("crates/tcp/tests/data/astf/{n}.json")))
    .collect();
    fuzz("trex astf profile", &inputs, 128, |text| {
        match riptide_tcp::profile::parse(text, "fuzz.json") {
            Err(e) => assert!(e.to_string().starts_with("fuzz.json"), "error without its source: {e}"),
            Ok(p) => tcp_exchange(&p, 20),
        }
        if let Ok(astf) = riptide_tcp::astf::AstfProfile::parse(text, "fuzz.json") {
            // http_eflow4's elephant flows loop for seconds: 20,000 frames bound a case.
            let cfg = riptide_tcp::astf::sim::SimConfig {
                duration_s: 0.5,
                drain_s: 2.0,
                max_frames: 20_000,
                ..Default::default()
            };
            if let Err(e) = riptide_tcp::astf::sim::simulate(&astf, "fuzz.json", &cfg) {
                assert!(e.to_string().starts_with("fuzz.json"), "error without its source: {e}");
            }
        }
    });
}

#[test]
fn otg_configs() {
    // Configs as snappi writes them (crates/otg/tests/data), mutated: the OTG server
    // refuses naming a path (OTG's Error object, 4xx) or what it accepts is a profile the
    // engine loads; a config set may be started and read, bounded.
    let inputs: Vec<String> = ["quickstart", "patterns", "headers", "devices"]
        .iter()
        .map(|n| repo(&format!("crates/otg/tests/data/{n}.json")))
        .collect();
    fuzz("otg config", &inputs, 128, |text| {
        let Ok(v) = serde_json::from_str::<serde_json::Value>(text) else { return };
        // A translated profile the engine refuses (a tunnel header with no inner packet)
        // is the request's fault too: set_config answers 400.
        let mut loads = true;
        match riptide_otg::translate(&v) {
            Err(e) => assert!(!e.message.is_empty(), "an error without its reason"),
            Ok(plan) => {
                if !plan.flows.is_empty() {
                    loads = riptide_engine::check_profile(&plan.profile.to_string(), "otg").is_ok();
                }
            }
        }
        let mut s = riptide_otg::server::Otg::new();
        let r = s.handle("POST", "/config", text.as_bytes());
        assert!(r.status == 200 || (400..500).contains(&r.status), "{}", r.body);
        assert!(loads || r.status == 400, "{}", r.body);
        riptide_otg::spec().check(if r.status == 200 { "Warning" } else { "Error" }, &r.body, "").unwrap();
        let m = s.handle("POST", "/monitor/metrics", br#"{"choice": "port"}"#);
        assert!(m.status == 200 || (400..500).contains(&m.status), "{}", m.body);
        let c = s.handle(
            "POST",
            "/control/state",
            br#"{"choice": "port", "port": {"choice": "capture", "capture": {"state": "start"}}}"#,
        );
        assert!(c.status == 200 || (400..500).contains(&c.status), "{}", c.body);
        let c = s.handle("POST", "/monitor/capture", br#"{"port_name": "b"}"#);
        assert!(c.status == 200 || (400..500).contains(&c.status), "{}", c.body);
        let c = s.handle("POST", "/monitor/states", br#"{"choice": "ipv4_neighbors"}"#);
        assert!(c.status == 200 || (400..500).contains(&c.status), "{}", c.body);
        s.shutdown();
    });
}

/// `riptide merge` (issue 37) reads result files: a real run's `--json` (tagged streams,
/// latency histograms) mutated, two copies of it a split of two; the command exits 0 or
/// 2 naming the file, never anything else (a panic is 101), within the bound.
#[test]
fn merge_results() {
    let bin = env!("CARGO_BIN_EXE_riptide");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    #[rustfmt::skip]
    let out = std::process::Command::new(bin)
        .args(["run", "profiles/tagged.yaml", "--port", "link:0:delay=50us", "--port", "link:1", "-d", "200ms",
               "-l", "1000", "--segment", "0/2", "--json"])
        .current_dir(&root)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("\"hdr\""), "the input carries latency histograms");
    let dir = tempfile::tempdir().unwrap();
    let n = std::sync::atomic::AtomicUsize::new(0);
    fuzz("merge", std::slice::from_ref(&text), 48, |mutated| {
        let k = n.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let a = dir.path().join(format!("a{k}.json"));
        let b = dir.path().join(format!("b{k}.json"));
        std::fs::write(&a, mutated).unwrap();
        std::fs::write(&b, text.replace("\"0/2\"", "\"1/2\"")).unwrap();
        let o = std::process::Command::new(bin).arg("merge").arg(&a).arg(&b).arg("--json").output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        match o.status.code() {
            Some(0) => {}
            Some(2) => assert!(err.contains(".json"), "an error without its file: {err}"),
            c => panic!("riptide merge exited {c:?}: {err}"),
        }
    });
}

/// `riptide merge` of stateful results (issue 55): a real `riptide tcp --segment 0/2
/// --json` (counters, latency histograms, its tuple share) mutated, segment 1/2's result
/// beside it, and a `run-stf --segment` pair likewise; exit 0 or 2 naming the file, never
/// a panic.
#[test]
fn merge_stateful_results() {
    let bin = env!("CARGO_BIN_EXE_riptide");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = tempfile::tempdir().unwrap();
    let profile = dir.path().join("http.yaml");
    std::fs::write(
        &profile,
        "client:\n  ips: 198.18.0.1/4\n  servers: [198.19.0.1:80]\n  http: {path: /64, body: 64}\n  cps: 2000\n  \
         limit: 20\nserver:\n  listen:\n    - {port: 80, http: {body: 64}}\n",
    )
    .unwrap();
    let run = |args: &[&str]| {
        let out = std::process::Command::new(bin).args(args).current_dir(&root).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let p = profile.to_str().unwrap();
    let tcp = |seg: &str| run(&["tcp", p, "--port", "link:0", "--port", "link:1", "--segment", seg, "--json"]);
    let stf = |seg: &str| {
        run(&["run-stf", "profiles/stf/udp10.yaml", "--port", "null", "-d", "0.2", "--segment", seg, "--json"])
    };
    let (tcp, tcp1, stf, stf1) = (tcp("0/2"), tcp("1/2"), stf("0/2"), stf("1/2"));
    assert!(tcp.contains("\"hdr\"") && tcp.contains("client_tuples"), "{tcp}");
    let n = std::sync::atomic::AtomicUsize::new(0);
    fuzz("merge-stateful", &[tcp.clone(), stf.clone()], 48, |mutated| {
        let k = n.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let a = dir.path().join(format!("a{k}.json"));
        let b = dir.path().join(format!("b{k}.json"));
        std::fs::write(&a, mutated).unwrap();
        std::fs::write(&b, if k.is_multiple_of(2) { &tcp1 } else { &stf1 }).unwrap();
        let o = std::process::Command::new(bin).arg("merge").arg(&a).arg(&b).arg("--json").output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        match o.status.code() {
            Some(0) => {}
            Some(2) => assert!(err.contains(".json"), "an error without its file: {err}"),
            c => panic!("riptide merge exited {c:?}: {err}"),
        }
    });
    // Unmutated, the halves merge.
    let (a, b) = (dir.path().join("tcp0.json"), dir.path().join("tcp1.json"));
    std::fs::write(&a, &tcp).unwrap();
    std::fs::write(&b, &tcp1).unwrap();
    let o = std::process::Command::new(bin).arg("merge").arg(&a).arg(&b).arg("--json").output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

/// `riptide b2b --throughput FILE`: a real `riptide ndr` results.json (a sweep of two
/// sizes) mutated; the throughput comes out as `--throughput` takes it, or an error that
/// names the file, never a panic.
#[test]
fn b2b_throughput_from_ndr_results() {
    let bin = env!("CARGO_BIN_EXE_riptide");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    #[rustfmt::skip]
    let out = std::process::Command::new(bin)
        .args(["ndr", "profiles/lab/ndr.yaml", "--port", "link:0:rate=1mpps,queue=10", "--port", "link:1",
               "--frame-sizes", "64,128", "--latency", "off", "--trial", "0.2s", "--final-trial", "0.2s",
               "--duration-sum", "0.4s", "--json"])
        .current_dir(&root)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let got = riptide_method::b2b::throughput_from_results(&text, "r.json", Some("64,128")).unwrap();
    assert!(got.starts_with("64=") && got.contains(",128="), "{got}");
    fuzz("b2b throughput", std::slice::from_ref(&text), 256, |mutated| {
        for sizes in [Some("64,128"), Some("128"), None] {
            if let Err(e) = riptide_method::b2b::throughput_from_results(mutated, "r.json", sizes) {
                assert!(e.to_string().starts_with("--throughput r.json: "), "{e}");
            }
        }
    });
}
