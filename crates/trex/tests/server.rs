//! The TRex front end over a real engine, without sockets: TRex's requests in, TRex's
//! answers out, and the frames the engine sent checked byte for byte.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use base64::Engine as _;
use riptide_engine::EngineConfig;
use riptide_port::capture::CaptureBuffer;
use riptide_port::PortSpec;
use riptide_trex::server::{code, Trex, MAX_BATCH};
use riptide_trex::wire;
use serde_json::{json, Value};

struct Client {
    t: Trex,
    api_h: String,
    id: u64,
}

impl Client {
    fn new(ports: Vec<PortSpec>) -> Client {
        let mut t = Trex::new(EngineConfig { ports, ..Default::default() }, 7);
        let r = call_raw(
            &mut t,
            json!({"jsonrpc": "2.0", "id": 0, "method": "api_sync_v2", "params": {"name": "STL", "major": 5, "minor": 1}}),
        );
        let api_h = r["result"]["api_h"].as_str().unwrap().to_string();
        Client { t, api_h, id: 1 }
    }

    fn raw(&mut self, method: &str, mut params: Value) -> Value {
        params["api_h"] = json!(self.api_h);
        self.id += 1;
        call_raw(&mut self.t, json!({"jsonrpc": "2.0", "id": self.id, "method": method, "params": params}))
    }

    fn ok(&mut self, method: &str, params: Value) -> Value {
        let r = self.raw(method, params);
        assert!(r.get("error").is_none(), "{method}: {r}");
        r["result"].clone()
    }

    fn err(&mut self, method: &str, params: Value) -> String {
        let r = self.raw(method, params);
        assert!(r.get("result").is_none(), "{method} should fail: {r}");
        r["error"]["message"].as_str().unwrap().to_string()
    }

    fn wait_idle(&mut self, port: u64) {
        for _ in 0..2000 {
            if self.ok("get_port_status", json!({"port_id": port}))["state"] != "TX" {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        panic!("port {port} still transmits");
    }
}

fn call_raw(t: &mut Trex, req: Value) -> Value {
    serde_json::from_slice(&t.handle(&serde_json::to_vec(&req).unwrap())).unwrap()
}

/// 60-byte Ethernet/IPv4/UDP frame (TRex pads 42 bytes to 60), 198.18.0.1 -> 198.19.0.1.
fn frame() -> Vec<u8> {
    let mut f = vec![0x02, 0, 0, 0, 0, 2, 0x02, 0, 0, 0, 0, 1, 8, 0];
    f.extend([0x45, 0, 0, 28, 0, 1, 0, 0, 64, 17, 0, 0, 198, 18, 0, 1, 198, 19, 0, 1]);
    let c = csum(&f[14..34]);
    f[24..26].copy_from_slice(&c.to_be_bytes());
    f.extend([4, 1, 0, 12, 0, 8, 0, 0]);
    let mut pseudo = vec![198, 18, 0, 1, 198, 19, 0, 1, 0, 17, 0, 8];
    pseudo.extend_from_slice(&f[34..42]);
    let u = csum(&pseudo);
    f[40..42].copy_from_slice(&u.to_be_bytes());
    f.resize(60, 0);
    f
}

fn csum(b: &[u8]) -> u16 {
    let mut s: u32 = b.chunks(2).map(|w| u32::from(u16::from_be_bytes([w[0], *w.get(1).unwrap_or(&0)]))).sum();
    while s > 0xffff {
        s = (s & 0xffff) + (s >> 16);
    }
    !(s as u16)
}

fn stream(mode: Value, vm: Value, pg: Option<u64>) -> Value {
    let fs = match pg {
        Some(id) => json!({"enabled": true, "stream_id": id, "rule_type": "stats"}),
        None => json!({"enabled": false}),
    };
    json!({
        "enabled": true, "self_start": true, "isg": 0.0, "next_stream_id": -1, "flags": 0, "action_count": 0,
        "core_id": -1, "random_seed": 0, "start_paused": false, "mode": mode,
        "packet": {"binary": base64::engine::general_purpose::STANDARD.encode(frame()), "meta": ""},
        "flow_stats": fs, "vm": {"instructions": vm, "split_by_var": ""}
    })
}

fn src_inc() -> Value {
    json!([
        {"type": "flow_var", "name": "src", "size": 4, "op": "inc", "init_value": 3323068417u64,
         "min_value": 3323068417u64, "max_value": 3323068419u64, "step": 1},
        {"type": "write_flow_var", "name": "src", "pkt_offset": 26, "add_value": 0, "is_big_endian": true},
        {"type": "fix_checksum_ipv4", "pkt_offset": 14}
    ])
}

#[test]
fn the_api_is_negotiated_and_every_other_call_needs_its_handle() {
    let mut t = Trex::new(EngineConfig { ports: vec!["null".parse().unwrap()], ..Default::default() }, 1);
    let r = call_raw(
        &mut t,
        json!({"jsonrpc": "2.0", "id": 1, "method": "api_sync_v2", "params": {"name": "STL", "major": 4, "minor": 0}}),
    );
    assert_eq!(r["error"]["code"], code::INVALID_PARAMS);
    assert!(r["error"]["message"].as_str().unwrap().contains("STL API 5.1"), "{r}");
    let r = call_raw(&mut t, json!({"jsonrpc": "2.0", "id": 2, "method": "get_version", "params": {}}));
    assert_eq!(r["result"]["mode"], "STL");
    let r =
        call_raw(&mut t, json!({"jsonrpc": "2.0", "id": 3, "method": "get_system_info", "params": {"api_h": "nope"}}));
    assert!(r["error"]["message"].as_str().unwrap().contains("api_h mismatch"), "{r}");
    let mut c = Client::new(vec!["null".parse().unwrap(), "null".parse().unwrap()]);
    let info = c.ok("get_system_info", json!({}));
    assert_eq!(info["port_count"], 2);
    assert_eq!(info["ports"][1]["index"], 1);
    let cmds = c.ok("get_supported_cmds", json!({}));
    assert!(cmds.as_array().unwrap().contains(&json!("start_traffic")));
    let e = c.err("push_remote", json!({}));
    assert!(e.contains("does not serve"), "{e}");
}

#[test]
fn a_stream_with_a_field_program_goes_out_as_trex_sends_it() {
    let buf = CaptureBuffer::default();
    let mut c = Client::new(vec![PortSpec::capture(&buf)]);
    let h = c.ok("acquire", json!({"port_id": 0, "user": "csit", "session_id": 1, "force": false}));
    let h = h.as_str().unwrap().to_string();
    assert_eq!(c.ok("get_port_status", json!({"port_id": 0}))["owner"], "csit");
    c.ok("remove_all_streams", json!({"port_id": 0, "handler": h}));
    c.ok("set_port_attr", json!({"port_id": 0, "handler": h, "attr": {"promiscuous": {"enabled": true}}}));
    let mode = json!({"type": "single_burst", "total_pkts": 5, "rate": {"type": "pps", "value": 1000.0}});
    c.ok(
        "add_stream",
        json!({"port_id": 0, "handler": h, "stream_id": 1, "stream": stream(mode.clone(), src_inc(), None)}),
    );
    c.ok("add_stream", json!({"port_id": 0, "handler": h, "stream_id": 2, "stream": stream(mode, json!([]), Some(9))}));
    assert_eq!(c.ok("get_stream_list", json!({"port_id": 0})), json!([1, 2]));
    assert_eq!(c.ok("get_port_status", json!({"port_id": 0}))["state"], "STREAMS");
    assert_eq!(c.ok("get_active_pgids", json!({}))["ids"]["flow_stats"], json!([9]));
    let r = c.ok(
        "start_traffic",
        json!({"port_id": 0, "handler": h, "mul": {"type": "raw", "op": "abs", "value": 1.0},
                                         "duration": -1.0, "force": false, "core_mask": 1, "start_at_ts": 0}),
    );
    assert_eq!(r["multiplier"], 1.0);
    c.wait_idle(0);
    let all = buf.lock().unwrap().clone();
    assert_eq!(all.len(), 10);
    let frames: Vec<Vec<u8>> = all.iter().filter(|f| f.stream == 0).map(|f| f.data.clone()).collect();
    assert_eq!(frames.len(), 5);
    // The first frame is the packet as given; then the source walks 1, 2, 3, 1, 2 with
    // both checksums right.
    assert_eq!(frames[0], frame());
    for (i, f) in frames.iter().enumerate() {
        assert_eq!(f[29], [1, 2, 3, 1, 2][i], "frame {i}");
        assert_eq!(csum(&f[14..34]), 0, "IPv4 checksum of frame {i}");
        let mut pseudo = f[26..34].to_vec();
        pseudo.extend([0, 17, 0, 8]);
        pseudo.extend_from_slice(&f[34..42]);
        assert_eq!(csum(&pseudo), 0, "UDP checksum of frame {i}");
    }
    // The packet group's stream carries riptide's tag in its padding, checksums right.
    for f in all.iter().filter(|f| f.stream == 1) {
        assert_eq!(f.data[..42], frame()[..42]);
        assert_eq!(&f.data[42..46], b"RPT1");
    }
    let st = c.ok("get_port_stats", json!({"port_id": 0}));
    assert_eq!(st["opackets"], 10);
    assert_eq!(st["obytes"], 600);
    let pg = c.ok("get_pgid_stats", json!({"pgids": [9, 10]}));
    assert_eq!(pg["flow_stats"]["9"]["tp"], json!({"0": 5}), "{pg}");
    assert_eq!(pg["flow_stats"]["9"]["tb"], json!({"0": 300}), "{pg}");
    assert!(pg["flow_stats"].get("10").is_none());
    let ev = c.ok("get_async_events", json!({}));
    let kinds: Vec<u64> = ev["events"].as_array().unwrap().iter().map(|e| e["type"].as_u64().unwrap()).collect();
    // Each port event of a run comes with its profile's (TRex's current server: 10 profile
    // started, 14 profile finished its transmission).
    assert_eq!(kinds, vec![5, 8, 0, 10, 4, 14], "acquired, attr changed, started, job done: {ev}");
    // TRex's current subscriber reads what happens from its first call on (and the counters
    // last), in a sequence of its own.
    let sub = c.ok("get_async_events", json!({"session_id": 7, "user": "sub"}));
    assert_eq!(sub["data"].as_array().unwrap().len(), 1, "{sub}");
    assert_eq!((sub["data"][0]["name"].as_str(), sub["data"][0]["seq"].as_u64()), (Some("trex-global"), Some(1)));
    assert_eq!(sub["data"][0]["baseline"], true);
    let tpg = c.ok("get_tpg_status", json!({"username": "x"}));
    assert_eq!(tpg["enabled"], false);
    assert!(c.ok("capture", json!({"command": "status"})).as_array().unwrap().is_empty());
    c.ok("release", json!({"port_id": 0, "handler": h}));
    let sub = c.ok("get_async_events", json!({"session_id": 7, "user": "sub"}));
    let data = sub["data"].as_array().unwrap();
    let got: Vec<(u64, u64)> = data.iter().map(|m| (m["type"].as_u64().unwrap(), m["seq"].as_u64().unwrap())).collect();
    assert_eq!(got, vec![(6, 2), (0, 3)], "released, then the counters: {sub}");
}

#[test]
fn ports_belong_to_whoever_acquired_them() {
    let mut c = Client::new(vec!["null".parse().unwrap()]);
    let a = c.ok("acquire", json!({"port_id": 0, "user": "a", "force": false})).as_str().unwrap().to_string();
    assert!(c.err("acquire", json!({"port_id": 0, "user": "b", "force": false})).contains("owned by 'a'"));
    let mode = json!({"type": "continuous", "rate": {"type": "pps", "value": 10.0}});
    let e = c.err(
        "add_stream",
        json!({"port_id": 0, "handler": "forged", "stream_id": 1, "stream": stream(mode.clone(), json!([]), None)}),
    );
    assert!(e.contains("handler does not match"), "{e}");
    let b = c.ok("acquire", json!({"port_id": 0, "user": "b", "force": true})).as_str().unwrap().to_string();
    assert_ne!(a, b);
    assert!(c.err("remove_all_streams", json!({"port_id": 0, "handler": a})).contains("owned by 'b'"));
    assert!(c.err("get_port_status", json!({"port_id": 3})).contains("no port"));
    // A stream riptide cannot send is refused when it is added, naming the field.
    let vm = json!([{"type": "flow_var", "name": "x", "size": 2, "op": "inc", "init_value": 0, "min_value": 0, "max_value": 9, "step": 1},
                    {"type": "write_flow_var", "name": "x", "pkt_offset": 59, "add_value": 0, "is_big_endian": true}]);
    let e = c.err(
        "add_stream",
        json!({"port_id": 0, "handler": b, "stream_id": 1, "stream": stream(mode.clone(), vm, None)}),
    );
    assert!(e.contains("stream 1: ") && e.contains("writes[0]"), "{e}");
    c.ok(
        "add_stream",
        json!({"port_id": 0, "handler": b, "stream_id": 1, "stream": stream(mode.clone(), json!([]), None)}),
    );
    let e = c.err(
        "add_stream",
        json!({"port_id": 0, "handler": b, "stream_id": 1, "stream": stream(mode, json!([]), None)}),
    );
    assert!(e.contains("already exists"), "{e}");
}

#[test]
fn a_run_can_be_paused_updated_and_stopped_and_its_counters_stay() {
    let mut c = Client::new(vec!["null".parse().unwrap(), "null".parse().unwrap()]);
    let mode = json!({"type": "continuous", "rate": {"type": "pps", "value": 1000.0}});
    let mut batch = Vec::new();
    let mut handlers = Vec::new();
    for port in 0..2u64 {
        let h = c.ok("acquire", json!({"port_id": port, "user": "u", "force": false})).as_str().unwrap().to_string();
        c.ok(
            "add_stream",
            json!({"port_id": port, "handler": h, "stream_id": 5, "stream": stream(mode.clone(), src_inc(), None)}),
        );
        batch.push(json!({"jsonrpc": "2.0", "id": 100 + port, "method": "start_traffic", "params": {
            "api_h": c.api_h, "port_id": port, "handler": h, "mul": {"type": "pps", "op": "abs", "value": 2000.0},
            "duration": 30.0, "force": false}}));
        handlers.push(h);
    }
    // Both ports start in one batch: one run.
    let r: Value = serde_json::from_slice(&c.t.handle(&serde_json::to_vec(&batch).unwrap())).unwrap();
    assert!(r.as_array().unwrap().iter().all(|x| x.get("result").is_some()), "{r}");
    for port in 0..2u64 {
        assert_eq!(c.ok("get_port_status", json!({"port_id": port}))["state"], "TX");
    }
    let h0 = handlers[0].clone();
    c.ok("pause_traffic", json!({"port_id": 0, "handler": h0}));
    assert_eq!(c.ok("get_port_status", json!({"port_id": 1}))["state"], "PAUSE");
    c.ok("resume_traffic", json!({"port_id": 0, "handler": h0}));
    assert!(c
        .err("update_traffic", json!({"port_id": 0, "handler": h0, "mul": {"type": "raw", "op": "add", "value": 1}}))
        .contains("abs"));
    c.ok("update_traffic", json!({"port_id": 0, "handler": h0, "mul": {"type": "raw", "op": "abs", "value": 2}}));
    std::thread::sleep(std::time::Duration::from_millis(300));
    c.ok("stop_traffic", json!({"port_id": 0, "handler": h0}));
    let s0 = c.ok("get_port_stats", json!({"port_id": 0}));
    assert!(s0["opackets"].as_u64().unwrap() > 0);
    assert_eq!(c.ok("get_port_stats", json!({"port_id": 0})), s0, "counters after the stop stay");
    assert_eq!(c.ok("get_port_status", json!({"port_id": 1}))["state"], "STREAMS");
    let g = c.ok("get_global_stats", json!({}));
    let p1 = c.ok("get_port_stats", json!({"port_id": 1}))["opackets"].as_u64().unwrap();
    assert_eq!(g["m_total_tx_pkts"].as_u64().unwrap(), s0["opackets"].as_u64().unwrap() + p1);
    // Starts in requests of their own gather until another request comes (TRex's client
    // starts one port at a time); a port started while a run transmits is refused.
    let h1 = handlers[1].clone();
    let one = json!({"type": "raw", "op": "abs", "value": 1});
    c.ok("start_traffic", json!({"port_id": 0, "handler": h0, "mul": one, "duration": -1.0}));
    c.ok("start_traffic", json!({"port_id": 1, "handler": h1, "mul": one, "duration": -1.0}));
    for port in 0..2u64 {
        assert_eq!(c.ok("get_port_status", json!({"port_id": port}))["state"], "TX");
    }
    c.ok("stop_traffic", json!({"port_id": 1, "handler": h1}));
    c.ok("start_traffic", json!({"port_id": 0, "handler": h0, "mul": one, "duration": -1.0}));
    assert_eq!(c.ok("get_port_status", json!({"port_id": 0}))["state"], "TX");
    let e = c.err("start_traffic", json!({"port_id": 1, "handler": h1, "mul": one, "duration": -1.0}));
    assert!(e.contains("together"), "{e}");
    c.t.shutdown();
}

#[test]
fn malformed_messages_get_json_rpc_errors() {
    let mut c = Client::new(vec!["null".parse().unwrap()]);
    let api_h = c.api_h.clone();
    let mut kinds = 0;
    for i in 0..10_000u32 {
        let msg: Vec<u8> = match i % 8 {
            0 => b"{not json".to_vec(),
            1 => {
                let mut z = wire::wrap(br#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#, true);
                z.truncate(z.len() / 2);
                z
            }
            2 => {
                let mut z = wire::wrap(b"[1,2,3]", true);
                z[4..8].copy_from_slice(&(i + 100).to_be_bytes());
                z
            }
            3 => serde_json::to_vec(&json!({"jsonrpc": "2.0", "id": i, "method": "get_port_status", "params": {"api_h": "x", "port_id": 0}})).unwrap(),
            4 => serde_json::to_vec(&json!({"jsonrpc": "2.0", "id": i, "method": format!("no_such_{i}"), "params": {"api_h": api_h}})).unwrap(),
            5 => serde_json::to_vec(&json!({"jsonrpc": "1.0", "id": i, "method": "ping"})).unwrap(),
            6 => serde_json::to_vec(&json!([{"jsonrpc": "2.0", "id": i, "method": "add_stream", "params": {"api_h": api_h, "port_id": 0, "stream": {"packet": 5}}}, 7])).unwrap(),
            _ => (0..(i % 97)).map(|k| (k * 37 + i) as u8).collect(),
        };
        let reply = c.t.handle(&msg);
        let reply = wire::unwrap(&reply).unwrap().json;
        let v: Value = serde_json::from_slice(&reply).unwrap();
        let items = match v {
            Value::Array(a) => a,
            v => vec![v],
        };
        for r in items {
            assert_eq!(r["jsonrpc"], "2.0");
            let code = r["error"]["code"].as_i64().unwrap_or_else(|| panic!("message {i}: no error in {r}"));
            assert!((-32700..=-32000).contains(&code), "{r}");
        }
        kinds += 1;
    }
    assert_eq!(kinds, 10_000);
    // Still serving, and a compressed request gets a compressed reply.
    let req = serde_json::to_vec(&json!({"jsonrpc": "2.0", "id": 1, "method": "ping", "params": null})).unwrap();
    let r = c.t.handle(&wire::wrap(&req, true));
    assert_eq!(&r[..4], &wire::MAGIC.to_be_bytes());
    assert_eq!(serde_json::from_slice::<Value>(&wire::unwrap(&r).unwrap().json).unwrap()["result"], json!({}));
    let big: Vec<Value> = (0..=MAX_BATCH).map(|_| json!(1)).collect();
    let r: Value = serde_json::from_slice(&c.t.handle(&serde_json::to_vec(&big).unwrap())).unwrap();
    assert!(r["error"]["message"].as_str().unwrap().contains("at most"), "{r}");
}

mod fuzz {
    use super::*;
    use proptest::prelude::*;
    use riptide_trex::server::METHODS;

    /// JSON values of the shapes TRex's params take, and wrong ones.
    fn value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::from),
            any::<i64>().prop_map(Value::from),
            (0u64..4).prop_map(Value::from),
            any::<f64>().prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
            "[a-z_]{0,12}".prop_map(Value::from),
            Just(json!("AAAAAQAAAAAAAgAACABFAAAuAAEAAEAROr0QAAABMAAAAQQBAAwAGn9v")),
        ];
        leaf.prop_recursive(3, 24, 6, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
                prop::collection::btree_map(
                    prop_oneof![
                        Just("type".to_string()),
                        Just("value".to_string()),
                        Just("rate".to_string()),
                        Just("name".to_string()),
                        Just("binary".to_string()),
                        Just("instructions".to_string()),
                        "[a-z_]{1,10}"
                    ],
                    inner,
                    0..5
                )
                .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    fn params() -> impl Strategy<Value = Value> {
        let keys = prop_oneof![
            Just("port_id"),
            Just("handler"),
            Just("stream_id"),
            Just("stream"),
            Just("mul"),
            Just("duration"),
            Just("user"),
            Just("force"),
            Just("attr"),
            Just("pgids"),
            Just("profile_id"),
            Just("key"),
            Just("since"),
        ];
        prop::collection::vec((keys, value()), 0..6)
            .prop_map(|kv| Value::Object(kv.into_iter().map(|(k, v)| (k.to_string(), v)).collect()))
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

        /// Any method with any params: a JSON-RPC answer, never a panic, and the server
        /// still answers afterwards.
        #[test]
        fn any_request_gets_a_json_rpc_answer(method in 0..METHODS.len(), p in params(), own in any::<bool>()) {
            let mut c = Client::new(vec!["null".parse().unwrap()]);
            let mut p = p;
            if own {
                let h = c.ok("acquire", json!({"port_id": 0, "user": "f", "force": true}));
                p["handler"] = h;
                if p.get("port_id").is_none() { p["port_id"] = json!(0); }
            }
            let r = c.raw(METHODS[method], p);
            prop_assert_eq!(&r["jsonrpc"], "2.0");
            prop_assert!(r.get("result").is_some() != r.get("error").is_some(), "{}", r);
            c.t.shutdown();
            prop_assert_eq!(c.ok("ping", json!({})), json!({}));
        }

        #[test]
        fn any_bytes_get_a_json_rpc_error(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
            let mut t = Trex::new(EngineConfig { ports: vec!["null".parse().unwrap()], ..Default::default() }, 3);
            let r = t.handle(&bytes);
            let v: Value = serde_json::from_slice(&wire::unwrap(&r).unwrap().json).unwrap();
            prop_assert!(v.is_object() || v.is_array());
        }
    }
}

#[test]
fn packet_groups_count_by_sending_and_receiving_port_as_trex_reports_them() {
    use riptide_port::impair::{ImpairLink, Impairments};
    let link = ImpairLink::new(Impairments::default());
    let mut c = Client::new(vec![PortSpec::link(&link, 0), PortSpec::link(&link, 1)]);
    let h = c.ok("acquire", json!({"port_id": 0, "user": "u", "force": false})).as_str().unwrap().to_string();
    let mode = json!({"type": "single_burst", "total_pkts": 40, "rate": {"type": "pps", "value": 1000.0}});
    let mut lat = stream(mode.clone(), json!([]), Some(4));
    lat["flow_stats"]["rule_type"] = json!("latency");
    c.ok("add_stream", json!({"port_id": 0, "handler": h, "stream_id": 1, "stream": stream(mode, src_inc(), Some(3))}));
    c.ok("add_stream", json!({"port_id": 0, "handler": h, "stream_id": 2, "stream": lat}));
    c.ok(
        "start_traffic",
        json!({"port_id": 0, "handler": h, "mul": {"type": "raw", "op": "abs", "value": 1}, "duration": -1.0}),
    );
    c.wait_idle(0);
    let pg = c.ok("get_pgid_stats", json!({"pgids": [3, 4]}));
    for id in ["3", "4"] {
        let f = &pg["flow_stats"][id];
        assert_eq!(f["tp"], json!({"0": 40, "1": 0}), "{pg}");
        assert_eq!(f["rp"], json!({"0": 0, "1": 40}), "sent on port 0, received on port 1: {pg}");
        assert_eq!(f["rb"]["1"], f["tb"]["0"], "{pg}");
    }
    assert!(pg["latency"].get("3").is_none(), "{pg}");
    let l = &pg["latency"]["4"];
    assert_eq!(l["er"]["drp"], 0, "{pg}");
    assert!(
        l["lat"]["average"].as_f64().unwrap() >= 0.0
            && l["lat"]["total_max"].as_f64().unwrap() >= l["lat"]["average"].as_f64().unwrap(),
        "{pg}"
    );
    assert_eq!(pg["flow_stats"]["g"]["rx_err"], json!({"0": 0, "1": 0}));
}

/// TRex's counters only grow: its client reads them against baselines it keeps, so a
/// second run adds to the first (regression: each run counted from zero, and TRex's
/// client showed negative packet counts).
#[test]
fn counters_add_up_over_runs() {
    let mut c = Client::new(vec!["null".parse().unwrap()]);
    let h = c.ok("acquire", json!({"port_id": 0, "user": "u", "force": false})).as_str().unwrap().to_string();
    let mode = json!({"type": "single_burst", "total_pkts": 7, "rate": {"type": "pps", "value": 1000.0}});
    c.ok("add_stream", json!({"port_id": 0, "handler": h, "stream_id": 1, "stream": stream(mode, json!([]), Some(5))}));
    for run in 1..=3u64 {
        c.ok(
            "start_traffic",
            json!({"port_id": 0, "handler": h, "mul": {"type": "raw", "op": "abs", "value": 1}, "duration": -1.0}),
        );
        c.wait_idle(0);
        assert_eq!(c.ok("get_port_stats", json!({"port_id": 0}))["opackets"], 7 * run);
        assert_eq!(c.ok("get_global_stats", json!({}))["m_total_tx_pkts"], 7 * run);
        assert_eq!(c.ok("get_pgid_stats", json!({"pgids": [5]}))["flow_stats"]["5"]["tp"]["0"], 7 * run);
    }
}
