//! OTG configs as snappi writes them (tests/data: made by snappi 1.61.1, the client of
//! the vendored models' release) in riptide's terms, run through the engine: every
//! field's pattern is checked frame by frame in what the ports sent.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use riptide_engine::{Command, Engine, EngineConfig, Response, RunState, StartOptions};
use riptide_otg::{translate, OtgError};
use riptide_port::capture::{CaptureBuffer, Captured};
use riptide_port::PortSpec;
use serde_json::{json, Value};

fn data(name: &str) -> Value {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The plan's profile on capture ports: every frame, by stream.
fn frames(plan: &riptide_otg::Plan) -> Vec<Captured> {
    let buffer = CaptureBuffer::default();
    let ports = plan.ports.iter().map(|_| PortSpec::capture(&buffer)).collect();
    let mut e = Engine::new(EngineConfig { ports, ..Default::default() });
    e.handle(Command::load_profile(plan.profile.to_string(), "otg")).unwrap();
    e.handle(Command::Start(StartOptions::default())).unwrap();
    riptide_testkit::wait_for(std::time::Duration::from_secs(60), "the run to finish", || {
        matches!(e.handle(Command::State).unwrap(), Response::State(RunState::Finished))
    });
    e.handle(Command::Stop).unwrap();
    let mut f = buffer.lock().unwrap().clone();
    f.sort_by_key(|c| (c.stream, c.departure));
    f
}

fn be(b: &[u8]) -> u64 {
    b.iter().fold(0, |a, x| (a << 8) | u64::from(*x))
}

/// OTG's quickstart: one port, 100 frames of 128 bytes, UDP source ports from a list,
/// destination ports counting up by 5, custom bytes after the UDP header.
#[test]
fn the_quickstart_runs_as_snappi_wrote_it() {
    let plan = translate(&data("quickstart.json")).unwrap();
    assert_eq!(plan.ports.len(), 1);
    assert_eq!((plan.ports[0].name.as_str(), plan.ports[0].location.as_str()), ("ptx", "veth-a"));
    let f = &plan.flows[0];
    assert_eq!((f.name.as_str(), f.tx, f.tag, f.packets), ("flow", 0, Some(0), Some(100)));
    let frames = frames(&plan);
    assert_eq!(frames.len(), 100);
    for (i, c) in frames.iter().enumerate() {
        let d = &c.data;
        assert_eq!(d.len(), 124, "128 bytes with the FCS");
        assert_eq!(&d[0..6], &[0, 0x11, 0x22, 0x33, 0x44, 0x66]);
        assert_eq!(&d[6..12], &[0, 0x11, 0x22, 0x33, 0x44, 0x55]);
        assert_eq!(&d[26..34], &[10, 1, 1, 1, 20, 1, 1, 1]);
        assert_eq!(be(&d[34..36]), [5010, 5015, 5020, 5025, 5030][i % 5], "frame {i}");
        assert_eq!(be(&d[36..38]), 6010 + 5 * (i as u64 % 5), "frame {i}");
        assert_eq!(&d[42..63], b"..QUICKSTART SNAPPI..");
    }
}

/// A walk past the field's end wraps at its width (OTG's counters on ixia-c; otgen's
/// default source ports walk 64,511 steps of 7 from 1024): listed where count steps do
/// not come back to start, riptide's modular walk over the whole field where they do; the
/// values a config unfolds into are capped, naming the walk that passes the cap.
#[test]
fn walks_past_the_fields_end_wrap_at_its_width() {
    let mut c = data("quickstart.json");
    let udp = &mut c["flows"][0]["packet"][2]["udp"];
    udp["dst_port"] = json!({"choice": "increment", "increment": {"start": 65530, "step": 3, "count": 5}});
    udp["src_port"] = json!({"choice": "decrement", "decrement": {"start": 2, "step": 1, "count": 4}});
    c["flows"][0]["packet"][1]["ipv4"]["dst"] =
        json!({"choice": "increment", "increment": {"start": "255.255.255.254", "step": "128.0.0.0", "count": 2}});
    let plan = translate(&c).unwrap();
    let text = plan.profile.to_string();
    assert!(text.contains("\"op\":\"inc\""), "the address walk is modular: {text:.300}");
    let frames = frames(&plan);
    assert_eq!(frames.len(), 100);
    for (i, f) in frames.iter().enumerate() {
        let d = &f.data;
        assert_eq!(be(&d[34..36]), [2, 1, 0, 65535][i % 4], "frame {i}");
        assert_eq!(be(&d[36..38]), [65530, 65533, 0, 3, 6][i % 5], "frame {i}");
        assert_eq!(be(&d[30..34]), [0xffff_fffe, 0x7fff_fffe][i % 2], "frame {i}");
    }
    let mut c = data("quickstart.json");
    c["flows"][0]["packet"][2]["udp"]["src_port"] =
        json!({"choice": "increment", "increment": {"start": 1024, "step": 7, "count": 64511}});
    let plan = translate(&c).unwrap();
    let text = plan.profile.to_string();
    assert!(text.contains("\"op\":\"list\""), "{text:.300}");
    // The cap: 66 such walks are more than 4,194,304 values (65 are not).
    let f = c["flows"][0].clone();
    for i in 1..66 {
        let mut g = f.clone();
        g["name"] = json!(format!("f{i}"));
        c["flows"].as_array_mut().unwrap().push(g);
    }
    let Err(e) = translate(&c) else { panic!("66 walks of 64,511 values accepted") };
    assert!(e.to_string().starts_with("flows[65].packet[2].udp.src_port"), "{e}");
    assert!(e.to_string().contains("unfold"), "{e}");
}

/// Every pattern kind riptide serves, on the headers it serves, over two ports.
#[test]
fn every_pattern_walks_as_otg_defines_it() {
    let plan = translate(&data("patterns.json")).unwrap();
    let (p, v6) = (&plan.flows[0], &plan.flows[1]);
    assert_eq!((p.tx, p.rx.clone(), p.tag, p.latency, p.packets), (0, vec![1], Some(0), true, Some(1000)));
    assert_eq!((v6.tx, v6.tag, v6.packets), (1, None, Some(6)));
    let frames = frames(&plan);
    let (a, b): (Vec<&Captured>, Vec<&Captured>) = frames.iter().partition(|c| c.stream == 0);
    assert_eq!((a.len(), b.len()), (1000, 6));
    let mut sports = Vec::new();
    for (i, c) in a.iter().enumerate() {
        let d = &c.data;
        let i = i as u64;
        assert_eq!(d.len(), 252);
        assert_eq!(be(&d[0..6]), 0x100 - 2 * (i % 3), "dst decrements by 2 over 3 values: frame {i}");
        assert_eq!(be(&d[6..12]), 0xfe + i % 4, "src increments over 4 values: frame {i}");
        assert_eq!(be(&d[12..14]), 0x8100);
        assert_eq!(be(&d[14..16]), (5 << 13) | [10, 20, 30][i as usize % 3], "frame {i}");
        assert_eq!(d[19], 46 << 2, "DSCP EF");
        assert_eq!(d[26], 9, "ttl");
        assert_eq!(be(&d[30..34]), u64::from(u32::from(std::net::Ipv4Addr::new(198, 18, 0, 250))) + i % 10);
        assert_eq!(&d[34..38], &[198, 19, 0, 1]);
        sports.push(be(&d[38..40]));
        assert_eq!(be(&d[40..42]), 80);
        assert_eq!(d[51], 0x12, "SYN and ACK");
    }
    // Random source ports in 1000..=1010 from seed 7, five of them over and over.
    assert!(sports.iter().all(|p| (1000..=1010).contains(p)), "{sports:?}");
    assert_eq!(&sports[..5], &sports[5..10], "{sports:?}");
    assert!(sports[..5].iter().any(|p| *p != sports[0]), "{sports:?}");
    for (i, c) in b.iter().enumerate() {
        let d = &c.data;
        assert_eq!(d.len(), 96 + 10 * (i % 6), "sizes 100, 110, ... with the FCS");
        assert_eq!(be(&d[12..14]), 0x86dd);
        assert_eq!(be(&d[46..54]), 0x100 + 2 * (i as u64 % 3), "the destination's low bits count up by 2");
    }
}

/// What the models forbid is named by its path, and so is what riptide cannot do yet.
#[test]
fn what_riptide_cannot_do_is_refused_by_its_path() {
    let base = data("quickstart.json");
    let with = |f: &dyn Fn(&mut Value)| {
        let mut c = base.clone();
        f(&mut c);
        translate(&c).unwrap_err()
    };
    let cases: Vec<(OtgError, &str, &str)> = vec![
        (with(&|c| c["flows"][0]["rate"] = json!({"choice": "pps", "pps": 0})), "flows[0].rate.pps", "outside"),
        (
            with(&|c| c["ports"][0].as_object_mut().unwrap().remove("location").map(|_| ()).unwrap()),
            "ports[0].location",
            "missing",
        ),
        (
            with(&|c| c["flows"][0]["tx_rx"]["port"]["tx_name"] = json!("nope")),
            "flows[0].tx_rx.port.tx_name",
            "'nope' is no port",
        ),
        (with(&|c| c["lags"] = json!([{"name": "l"}])), "lags", "does not serve lags yet"),
        (
            with(&|c| c["flows"][0]["packet"][0] = json!({"choice": "ppp", "ppp": {}})),
            "flows[0].packet[0].ppp",
            "not served yet",
        ),
        (
            with(&|c| c["flows"][0]["packet"][1] = json!({"choice": "ethernet", "ethernet": {}})),
            "flows[0].packet[1]",
            "follows a vxlan or gre header only",
        ),
        (
            with(&|c| {
                c["flows"][0]["packet"][1] =
                    json!({"choice": "mpls", "mpls": {"bottom_of_stack": {"choice": "value", "value": 0}}})
            }),
            "flows[0].packet[1].mpls.bottom_of_stack",
            "leave it out or give 1",
        ),
        (
            with(&|c| c["captures"] = json!([{"name": "c", "port_names": ["ptx"], "format": "pcapng"}])),
            "captures[0].format",
            "pcap",
        ),
        (
            with(&|c| c["flows"][0]["packet"][2]["udp"]["length"] = json!({"choice": "value", "value": 9})),
            "flows[0].packet[2].udp.length",
            "riptide sets this field itself",
        ),
        (
            with(&|c| c["flows"][0]["metrics"]["timestamps"] = json!(true)),
            "flows[0].metrics.timestamps",
            "not served yet",
        ),
        (
            with(&|c| c["flows"][0]["packet"][2]["udp"]["src_port"]["metric_tags"] = json!([{"name": "t"}])),
            "flows[0].packet[2].udp.src_port.metric_tags",
            "not served yet",
        ),
        (
            with(
                &|c| c["flows"][0]["packet"][1]["ipv4"]["src"] = json!({"choice": "increment", "increment": {"start": "255.255.255.250", "step": "0.0.0.3", "count": 100000}}),
            ),
            "flows[0].packet[1].ipv4.src.increment",
            "leave the field",
        ),
        (
            with(&|c| {
                let f = c["flows"][0].clone();
                c["flows"].as_array_mut().unwrap().push(f);
            }),
            "flows[1].name",
            "flows[0]'s name already",
        ),
    ];
    for (e, path, want) in cases {
        assert_eq!(e.path, path, "{e}");
        assert!(e.message.contains(want), "{e}");
    }
}

/// A flow without an end on a link on virtual time is refused at set_config by its
/// duration's path (it would never end); on a link on the wall clock (`realtime`) it runs
/// until stopped, every frame sent received.
#[test]
fn continuous_flows_need_the_wall_clock() {
    use riptide_otg::server::Otg;
    let mut cfg = data("patterns.json");
    cfg["flows"].as_array_mut().unwrap().truncate(1);
    cfg["flows"][0]["duration"] = json!({"choice": "continuous", "continuous": {}});
    cfg["flows"][0]["rate"] = json!({"choice": "pps", "pps": 2000});
    let mut s = Otg::new();
    let r = s.handle("POST", "/config", cfg.to_string().as_bytes());
    assert_eq!(r.status, 400, "{}", r.body);
    let why = r.body["errors"][0].as_str().unwrap();
    assert!(why.starts_with("flows[0].duration: ") && why.contains("link:0:realtime"), "{why}");
    cfg["ports"][0]["location"] = json!("link:0:realtime");
    let r = s.handle("POST", "/config", cfg.to_string().as_bytes());
    assert_eq!(r.status, 200, "{}", r.body);
    let state = |st: &str| {
        json!({"choice": "traffic", "traffic": {"choice": "flow_transmit", "flow_transmit": {"state": st}}}).to_string()
    };
    assert_eq!(s.handle("POST", "/control/state", state("start").as_bytes()).status, 200);
    let ask = json!({"choice": "flow", "flow": {"flow_names": ["patterns"]}}).to_string();
    let rx = |s: &mut Otg| s.handle("POST", "/monitor/metrics", ask.as_bytes()).body["flow_metrics"][0].clone();
    riptide_testkit::wait_for(std::time::Duration::from_secs(30), "200 frames received", || {
        rx(&mut s)["frames_rx"].as_u64().unwrap_or(0) >= 200
    });
    assert_eq!(rx(&mut s)["transmit"], "started");
    assert_eq!(s.handle("POST", "/control/state", state("stop").as_bytes()).status, 200);
    riptide_testkit::wait_for(std::time::Duration::from_secs(30), "every frame sent received", || {
        let m = rx(&mut s);
        m["transmit"] == "stopped" && m["frames_tx"] == m["frames_rx"]
    });
    s.shutdown();
}

/// `riptide serve --otg --timestamps kernel`: OTG's API has no say in where latency
/// stamps come from, the server's operator has; a port that cannot stamp its departures
/// (a link: on the wall clock) refuses the start with OTG's error, naming the port.
#[test]
fn the_servers_timestamp_source_holds_for_the_flows_otg_starts() {
    use riptide_otg::server::Otg;
    let mut cfg = data("patterns.json");
    cfg["flows"].as_array_mut().unwrap().truncate(1);
    cfg["ports"][0]["location"] = json!("link:0:realtime");
    let mut s = Otg::new();
    s.timestamps = riptide_engine::Timestamps::Kernel;
    let r = s.handle("POST", "/config", cfg.to_string().as_bytes());
    assert_eq!(r.status, 200, "{}", r.body);
    let start =
        json!({"choice": "traffic", "traffic": {"choice": "flow_transmit", "flow_transmit": {"state": "start"}}});
    let r = s.handle("POST", "/control/state", start.to_string().as_bytes());
    assert_ne!(r.status, 200, "{}", r.body);
    assert!(r.body.to_string().contains("port 0 (link:0) has no departure stamps"), "{}", r.body);
    s.timestamps = riptide_engine::Timestamps::Auto;
    let r = s.handle("POST", "/control/state", start.to_string().as_bytes());
    assert_eq!(r.status, 200, "{}", r.body);
}

/// The endpoints, sans I/O: a config on an in-memory link, its flow started, its metrics
/// polled until it says stopped, with every frame sent received; each answer follows the
/// models' response schemas.
#[test]
fn a_flow_runs_to_its_end_and_its_metrics_say_so() {
    use riptide_otg::server::Otg;
    let mut cfg = data("patterns.json");
    cfg["flows"].as_array_mut().unwrap().truncate(1);
    let mut s = Otg::new();
    let r = s.handle("POST", "/config", cfg.to_string().as_bytes());
    assert_eq!(r.status, 200, "{}", r.body);
    riptide_otg::spec().check("Warning", &r.body, "").unwrap();
    assert_eq!(s.handle("GET", "/config", b"").body, cfg);
    let start =
        json!({"choice": "traffic", "traffic": {"choice": "flow_transmit", "flow_transmit": {"state": "start"}}});
    assert_eq!(s.handle("POST", "/control/state", start.to_string().as_bytes()).status, 200);
    let ask = json!({"choice": "flow", "flow": {"flow_names": ["patterns"]}}).to_string();
    let mut last = Value::Null;
    riptide_testkit::wait_for(std::time::Duration::from_secs(30), "the flow to stop", || {
        last = s.handle("POST", "/monitor/metrics", ask.as_bytes()).body;
        last["flow_metrics"][0]["transmit"] == "stopped"
    });
    riptide_otg::spec().check("Metrics.Response", &last, "").unwrap();
    let m = &last["flow_metrics"][0];
    assert_eq!((m["frames_tx"].as_u64(), m["frames_rx"].as_u64()), (Some(1000), Some(1000)), "{m}");
    assert_eq!(m["bytes_tx"], 1000 * 256, "{m}");
    assert_eq!((m["port_tx"].as_str(), m["port_rx"].as_str(), m["loss"].as_f64()), (Some("a"), Some("b"), Some(0.0)));
    assert!(m["latency"]["maximum_ns"].as_f64().unwrap() >= m["latency"]["minimum_ns"].as_f64().unwrap());
    let ports = s.handle("POST", "/monitor/metrics", br#"{"choice": "port", "port": {"port_names": ["b"]}}"#).body;
    riptide_otg::spec().check("Metrics.Response", &ports, "").unwrap();
    assert_eq!(ports["port_metrics"].as_array().unwrap().len(), 1);
    assert_eq!(
        (ports["port_metrics"][0]["name"].as_str(), ports["port_metrics"][0]["frames_rx"].as_u64()),
        (Some("b"), Some(1000))
    );

    // Bad requests: OTG's Error, naming the path.
    let r = s.handle(
        "POST",
        "/control/state",
        br#"{"choice": "traffic", "traffic": {"choice": "flow_transmit", "flow_transmit": {"state": "go"}}}"#,
    );
    assert_eq!(r.status, 400);
    riptide_otg::spec().check("Error", &r.body, "").unwrap();
    assert!(r.body["errors"][0].as_str().unwrap().starts_with("traffic.flow_transmit.state:"), "{}", r.body);
    let r = s.handle("POST", "/monitor/metrics", br#"{"choice": "flow", "flow": {"flow_names": ["nope"]}}"#);
    assert!(r.body["errors"][0].as_str().unwrap().contains("'nope' is no flow"), "{}", r.body);
    assert_eq!(s.handle("POST", "/config", b"{not json").status, 400);
    assert_eq!(s.handle("GET", "/nowhere", b"").status, 404);
    let v = s.handle("GET", "/capabilities/version", b"").body;
    assert_eq!(v["api_spec_version"], "1.61.0");
}

/// MPLS (a stack), ARP, ICMP and ICMPv6 echo, GRE and VXLAN with their inner packets, as
/// snappi wrote them: every flow's frames, the walks in place (tshark reads every field
/// in python/tests/test_otg.py).
#[test]
fn each_header_as_snappi_wrote_it_runs() {
    let plan = translate(&data("headers.json")).unwrap();
    assert_eq!(plan.captures.len(), 1);
    assert_eq!((plan.captures[0].port, plan.captures[0].cyclic), (1, true));
    let frames = frames(&plan);
    for s in 0..6 {
        assert_eq!(frames.iter().filter(|c| c.stream == s).count(), 24, "flow {s}");
    }
    for (i, c) in frames.iter().filter(|c| c.stream == 0).enumerate() {
        let (d, i) = (&c.data, i as u64);
        assert_eq!(be(&d[12..14]), 0x8847);
        let (outer, inner) = (be(&d[14..18]), be(&d[18..22]));
        assert_eq!((outer >> 12, (outer >> 9) & 7, (outer >> 8) & 1, outer & 0xff), (100 + 10 * (i % 4), 3, 0, 10));
        assert_eq!((inner >> 12, (inner >> 8) & 1, inner & 0xff), (16 + i % 3, 1, 64), "frame {i}");
    }
    for (i, c) in frames.iter().filter(|c| c.stream == 5).enumerate() {
        let d = &c.data;
        assert_eq!(be(&d[36..38]), 4789);
        assert_eq!((d[42], be(&d[46..49])), (0x08, 5000 + i as u64 % 3), "VXLAN's I flag and VNI: frame {i}");
    }
}

/// A capture's pcap: each frame with its FCS, CRC-32 as Ethernet's (the check value of
/// "123456789" is 0xCBF43926, sent least significant byte first).
#[test]
fn a_capture_is_a_pcap_with_each_frames_fcs() {
    let f = riptide_engine::CapturedFrame {
        index: 0,
        unix_ns: 1_500_000_000_123,
        port: 0,
        tx: false,
        data: b"123456789".to_vec(),
    };
    let p = riptide_otg::server::pcap([f.clone()].iter(), None);
    assert_eq!(&p[..4], &0xa1b2_3c4du32.to_le_bytes());
    assert_eq!(&p[24..28], &1500u32.to_le_bytes());
    assert_eq!(&p[28..32], &123u32.to_le_bytes());
    assert_eq!((&p[32..36], &p[36..40]), (&13u32.to_le_bytes()[..], &13u32.to_le_bytes()[..]));
    assert_eq!(&p[40..], b"123456789\x26\x39\xf4\xcb");
    let cut = riptide_otg::server::pcap([f].iter(), Some(4));
    assert_eq!((&cut[32..36], &cut[36..40], cut.len()), (&4u32.to_le_bytes()[..], &13u32.to_le_bytes()[..], 44));
}

/// Devices as snappi wrote them: each ethernet on its port with its addresses; a flow
/// between device addresses sends from the device's MAC and addresses and leaves its
/// destination MAC to the gateway's resolution; what is beyond riptide's devices is
/// refused by its path.
#[test]
fn devices_and_flows_between_them_translate() {
    let c = data("devices.json");
    let plan = translate(&c).unwrap();
    assert_eq!(plan.ethernets.len(), 2);
    let e1 = &plan.ethernets[0];
    assert_eq!((e1.name.as_str(), e1.port, e1.mac), ("e1", 0, [2, 0, 0, 0, 1, 1]));
    let a = &e1.addresses[0];
    assert_eq!(
        (a.name.as_str(), a.address.to_string(), a.gateway.to_string()),
        ("e1v4", "198.18.0.1".into(), "198.18.0.2".into())
    );
    assert_eq!(a.path, "devices[0].ethernets[0].ipv4_addresses[0]");
    let (f4, f6) = (&plan.flows[0], &plan.flows[1]);
    assert_eq!((f4.tx, f4.rx.clone(), f4.gateway_of), (0, vec![1], Some((0, 0))));
    assert_eq!((f6.tx, f6.rx.clone(), f6.gateway_of), (1, vec![0], Some((1, 1))));
    let s = &plan.profile["streams"][0]["packet"];
    assert_eq!(s[0]["eth"]["src"], "02:00:00:00:01:01");
    assert_eq!((s[1]["ipv4"]["src"].as_str(), s[1]["ipv4"]["dst"].as_str()), (Some("198.18.0.1"), Some("198.18.0.2")));
    let s = &plan.profile["streams"][1]["packet"];
    assert_eq!((s[1]["ipv6"]["src"].as_str(), s[1]["ipv6"]["dst"].as_str()), (Some("2001:2::2"), Some("2001:2::1")));
    // A destination MAC given: no resolution for that flow.
    let mut given = c.clone();
    given["flows"][0]["packet"][0]["ethernet"]["dst"] = json!({"choice": "value", "value": "02:00:00:00:00:09"});
    assert_eq!(translate(&given).unwrap().flows[0].gateway_of, None);
    let with = |f: &dyn Fn(&mut Value)| {
        let mut c = c.clone();
        f(&mut c);
        translate(&c).unwrap_err().to_string()
    };
    for (e, want) in [
        (with(&|c| c["devices"][0]["bgp"] = json!({"router_id": "1.1.1.1"})), "devices[0].bgp: bgp is not served yet"),
        (with(&|c| c["flows"][0]["tx_rx"]["device"]["tx_names"] = json!(["e1v4", "e2v4"])), "tx_names: 2 names"),
        (with(&|c| c["flows"][0]["tx_rx"]["device"]["rx_names"] = json!(["e1v6"])), "not of one IP version"),
        (
            with(&|c| c["flows"][0]["tx_rx"]["device"]["tx_names"] = json!(["nope"])),
            "tx_names[0]: 'nope' is no device address",
        ),
        (
            with(&|c| c["devices"][1]["ethernets"][0]["ipv4_addresses"][0]["name"] = json!("e1v4")),
            "'e1v4' names devices[0]",
        ),
        (
            with(&|c| c["devices"][0]["ethernets"][0]["vlans"] = json!([{"name": "v", "id": 5}])),
            "ethernets[0].vlans: not served yet",
        ),
    ] {
        assert!(e.contains(want), "{e} (wanted {want})");
    }
    // On ports that are not interfaces, devices cannot answer ARP: refused at set_config.
    let mut on_link = c.clone();
    on_link["ports"] = json!([{"name": "a", "location": "link:0"}, {"name": "b", "location": "link:1"}]);
    let mut s = riptide_otg::server::Otg::new();
    let r = s.handle("POST", "/config", on_link.to_string().as_bytes());
    assert_eq!(r.status, 400);
    assert!(r.body.to_string().contains("port 'a' (link:0) is no interface"), "{}", r.body);
}

/// Starting the flows named sends those alone; starting every flow afterwards sends them
/// all (the profile loaded again with each enabled), and so does a start after that.
#[test]
fn a_start_sends_the_flows_it_names() {
    use riptide_otg::server::Otg;
    let cfg = data("headers.json");
    let mut s = Otg::new();
    assert_eq!(s.handle("POST", "/config", cfg.to_string().as_bytes()).status, 200);
    let run = |s: &mut Otg, names: &[&str]| -> Vec<u64> {
        let start = json!({"choice": "traffic", "traffic": {"choice": "flow_transmit",
                           "flow_transmit": {"state": "start", "flow_names": names}}});
        assert_eq!(s.handle("POST", "/control/state", start.to_string().as_bytes()).status, 200);
        let ask = br#"{"choice": "flow"}"#;
        let mut last = Value::Null;
        riptide_testkit::wait_for(std::time::Duration::from_secs(30), "the flows to stop", || {
            last = s.handle("POST", "/monitor/metrics", ask).body;
            last["flow_metrics"].as_array().unwrap().iter().all(|m| m["transmit"] == "stopped")
        });
        last["flow_metrics"].as_array().unwrap().iter().map(|m| m["frames_tx"].as_u64().unwrap()).collect()
    };
    assert_eq!(run(&mut s, &["arp", "gre", "arp"]), vec![0, 24, 0, 0, 24, 0]);
    assert_eq!(run(&mut s, &[]), vec![24; 6]);
    assert_eq!(run(&mut s, &[]), vec![24; 6]);
}

/// While a flow runs, its receive rate and the receiving port's are read from the
/// counters on the run's clock (virtual on `link:` ports: the run's average; 10,000
/// frames a second of 256 B asked); the port's link and capture say what they are; once stopped,
/// the rates are 0.
#[test]
fn rates_links_and_captures_read_what_they_are() {
    use riptide_otg::server::Otg;
    let mut cfg = data("patterns.json");
    cfg["flows"].as_array_mut().unwrap().truncate(1);
    cfg["flows"][0]["duration"] = json!({"choice": "fixed_seconds", "fixed_seconds": {"seconds": 100}});
    cfg["flows"][0]["rate"] = json!({"choice": "pps", "pps": 10000});
    cfg["captures"] = json!([{"name": "c", "port_names": ["b"], "format": "pcap"}]);
    let mut s = Otg::new();
    assert_eq!(s.handle("POST", "/config", cfg.to_string().as_bytes()).status, 200);
    let cap =
        |state: &str| json!({"choice": "port", "port": {"choice": "capture", "capture": {"state": state}}}).to_string();
    assert_eq!(s.handle("POST", "/control/state", cap("start").as_bytes()).status, 200);
    let start =
        json!({"choice": "traffic", "traffic": {"choice": "flow_transmit", "flow_transmit": {"state": "start"}}});
    let r = s.handle("POST", "/control/state", start.to_string().as_bytes());
    assert_eq!(r.status, 200, "{}", r.body);
    let flow =
        |s: &mut Otg| s.handle("POST", "/monitor/metrics", br#"{"choice": "flow"}"#).body["flow_metrics"][0].clone();
    let port = |s: &mut Otg| {
        s.handle("POST", "/monitor/metrics", br#"{"choice": "port", "port": {"port_names": ["b"]}}"#).body
            ["port_metrics"][0]
            .clone()
    };
    // Two seconds' worth received (of a hundred): the rates are the counts' average since
    // a sample a second or two before.
    riptide_testkit::wait_for(std::time::Duration::from_secs(30), "two seconds of traffic", || {
        flow(&mut s)["frames_rx"].as_u64().unwrap() > 20_000
    });
    let (f, p) = (flow(&mut s), port(&mut s));
    assert_eq!(f["transmit"], "started", "the run is still on: {f}");
    // On virtual time the run's average so far, which the receive counts' wall-clock
    // steps hold below the 10,000 sent (at times by half): not above it, not nothing, and
    // the port's bytes 256 a frame (one flow: the flow's frames are the port's).
    let (rate, bytes) = (f["frames_rx_rate"].as_f64().unwrap(), p["bytes_rx_rate"].as_f64().unwrap());
    assert!((2_000.0..=10_100.0).contains(&rate), "{f}");
    let (fr, pr) = (f["frames_rx"].as_f64().unwrap(), p["frames_rx"].as_f64().unwrap());
    assert!((bytes / rate / (256.0 * pr / fr) - 1.0).abs() < 0.05, "{f} {p}");
    assert_eq!(
        (p["link"].as_str(), p["capture"].as_str(), p["transmit"].as_str()),
        (Some("up"), Some("started"), Some("stopped"))
    );
    assert_eq!(s.handle("POST", "/control/state", cap("stop").as_bytes()).status, 200);
    let stop = json!({"choice": "traffic", "traffic": {"choice": "flow_transmit", "flow_transmit": {"state": "stop"}}});
    assert_eq!(s.handle("POST", "/control/state", stop.to_string().as_bytes()).status, 200);
    let (f, p) = (flow(&mut s), port(&mut s));
    assert_eq!(
        (f["frames_rx_rate"].as_f64(), p["bytes_rx_rate"].as_f64(), p["capture"].as_str()),
        (Some(0.0), Some(0.0), Some("stopped"))
    );
}
