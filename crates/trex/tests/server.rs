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
use std::time::Duration;

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
        riptide_testkit::wait_for(Duration::from_secs(10), format!("port {port} to stop transmitting"), || {
            self.ok("get_port_status", json!({"port_id": port}))["state"] != "TX"
        });
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
    // Packet group bytes with the CRC, as TRex counts them: 5 x (60 + 4).
    assert_eq!(pg["flow_stats"]["9"]["tb"], json!({"0": 320}), "{pg}");
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

/// A start answered before its run began (TRex's client sends one start_traffic per port;
/// the server waits a moment for the others) that then fails: the port error event, and
/// the port's stop, so that TRex's client sees the port idle (its wait_on_traffic waited
/// for ever on a port error alone: stl_pcap.py, issue 51).
#[test]
fn a_start_that_fails_after_its_answer_stops_the_port_for_the_client() {
    let mut c = Client::new(vec!["null".parse().unwrap()]);
    let h = c.ok("acquire", json!({"port_id": 0, "user": "u", "force": false})).as_str().unwrap().to_string();
    // 20 Gb/s on a 10 Gb/s port: refused when the run begins.
    let mode = json!({"type": "continuous", "rate": {"type": "bps_L1", "value": 2e10}});
    c.ok("add_stream", json!({"port_id": 0, "handler": h, "stream_id": 1, "stream": stream(mode, json!([]), None)}));
    c.ok(
        "start_traffic",
        json!({"port_id": 0, "handler": h, "mul": {"type": "raw", "op": "abs", "value": 1.0},
                                "duration": -1.0, "force": false}),
    );
    // The server waits a moment for other ports' starts, then begins the run: it fails.
    riptide_testkit::wait_for(Duration::from_secs(10), "the gathered start to begin and fail", || {
        c.t.poll();
        let ev = c.ok("get_async_events", json!({}));
        ev["events"].as_array().unwrap().iter().any(|e| e["type"] == 1)
    });
    let ev = c.ok("get_async_events", json!({}));
    let events = ev["events"].as_array().unwrap();
    let kinds: Vec<u64> = events.iter().map(|e| e["type"].as_u64().unwrap()).collect();
    assert_eq!(kinds, vec![5, 7, 17, 1, 11], "acquired; port error, then stopped (with their profile events): {ev}");
    assert!(events[1]["data"]["error"].as_str().unwrap().contains("line rate"), "{ev}");
    assert_ne!(c.ok("get_port_status", json!({"port_id": 0}))["state"], "TX");
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
    // Each port pauses alone (the engine's per-port run).
    assert_eq!(c.ok("get_port_status", json!({"port_id": 0}))["state"], "PAUSE");
    assert_eq!(c.ok("get_port_status", json!({"port_id": 1}))["state"], "TX");
    c.ok("resume_traffic", json!({"port_id": 0, "handler": h0}));
    assert!(c
        .err("update_traffic", json!({"port_id": 0, "handler": h0, "mul": {"type": "raw", "op": "add", "value": 1}}))
        .contains("abs"));
    c.ok("update_traffic", json!({"port_id": 0, "handler": h0, "mul": {"type": "raw", "op": "abs", "value": 2}}));
    riptide_testkit::wait_for(Duration::from_secs(10), "port 0 to send", || {
        c.ok("get_port_stats", json!({"port_id": 0}))["opackets"].as_u64().unwrap() > 0
    });
    c.ok("stop_traffic", json!({"port_id": 0, "handler": h0}));
    // Port 1 goes on while port 0 is stopped.
    assert_eq!(c.ok("get_port_status", json!({"port_id": 1}))["state"], "TX");
    let s0 = c.ok("get_port_stats", json!({"port_id": 0}));
    assert!(s0["opackets"].as_u64().unwrap() > 0);
    riptide_testkit::holds_for(Duration::from_millis(50), "a stopped port sends nothing", || {
        c.ok("get_port_stats", json!({"port_id": 0}))["opackets"] == s0["opackets"]
    });
    c.ok("stop_traffic", json!({"port_id": 1, "handler": handlers[1].clone()}));
    let s0 = c.ok("get_port_stats", json!({"port_id": 0}));
    assert_eq!(c.ok("get_port_stats", json!({"port_id": 0})), s0, "counters after the stop stay");
    assert_eq!(c.ok("get_port_status", json!({"port_id": 1}))["state"], "STREAMS");
    let g = c.ok("get_global_stats", json!({}));
    let p1 = c.ok("get_port_stats", json!({"port_id": 1}))["opackets"].as_u64().unwrap();
    assert_eq!(g["m_total_tx_pkts"].as_u64().unwrap(), s0["opackets"].as_u64().unwrap() + p1);
    // Starts in requests of their own gather until another request comes (TRex's client
    // starts one port at a time); a port starts while another transmits, at a multiplier
    // of its own, and a running port is started again only with force.
    let h1 = handlers[1].clone();
    let one = json!({"type": "raw", "op": "abs", "value": 1});
    c.ok("start_traffic", json!({"port_id": 0, "handler": h0, "mul": one, "duration": -1.0}));
    c.ok("start_traffic", json!({"port_id": 1, "handler": h1, "mul": one, "duration": -1.0}));
    for port in 0..2u64 {
        assert_eq!(c.ok("get_port_status", json!({"port_id": port}))["state"], "TX");
    }
    c.ok("stop_traffic", json!({"port_id": 1, "handler": h1}));
    let e = c.err("start_traffic", json!({"port_id": 0, "handler": h0, "mul": one, "duration": -1.0}));
    assert!(e.contains("already transmitting"), "{e}");
    let two = json!({"type": "raw", "op": "abs", "value": 2});
    c.ok("start_traffic", json!({"port_id": 1, "handler": h1, "mul": two, "duration": -1.0}));
    c.ok("start_traffic", json!({"port_id": 0, "handler": h0, "mul": one, "duration": -1.0, "force": true}));
    for port in 0..2u64 {
        assert_eq!(c.ok("get_port_status", json!({"port_id": port}))["state"], "TX");
    }
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
            // Capture commands and modes, and BPF expressions for libpcap's compiler.
            prop_oneof![Just("start"), Just("fetch"), Just("stop"), Just("remove"), Just("status"), Just("cyclic")]
                .prop_map(Value::from),
            "[a-z0-9 ()&|!=\\[\\]:.]{0,40}".prop_map(Value::from),
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
            Just("command"),
            Just("capture_id"),
            Just("tx"),
            Just("rx"),
            Just("limit"),
            Just("filter"),
            Just("mode"),
            Just("pkt_limit"),
            Just("pkts"),
            Just("ipg_usec"),
            Just("enabled"),
        ];
        // TRex's tagged packet groups' keys.
        let keys = prop_oneof![
            4 => keys,
            1 => prop_oneof![
                Just("username"),
                Just("num_tpgids"),
                Just("ports"),
                Just("rx_ports"),
                Just("tags"),
                Just("tpgid"),
                Just("min_tag"),
                Just("max_tag"),
                Just("tag_list"),
                Just("unknown_tag"),
                Just("untagged"),
                Just("min_tpgid"),
                Just("max_tpgid"),
            ],
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

        /// Field-engine programs of the VM's newer shapes (issue 51): chains named at random
        /// (unknown names, itself, loops, two movers), value lists of any length, step and op,
        /// seeded random draws, and any action_count: each is loaded or refused with a JSON-RPC
        /// answer, never a panic, and the server answers afterwards.
        #[test]
        fn any_chained_program_and_action_count_gets_an_answer(
            vars in prop::collection::vec(
                (0usize..4, 0usize..3, prop::collection::vec(0u64..300, 0..40), 0u64..70_000, prop::option::of(0usize..5),
                 0u64..260),
                0..6,
            ),
            action_count in prop_oneof![Just(0u64), 1u64..5, any::<u64>()],
            seed in prop_oneof![Just(0u64), any::<u32>().prop_map(u64::from)],
        ) {
            let names = ["a", "b", "c", "d"];
            let sizes = [1u64, 2, 4];
            let ops = ["inc", "dec", "random"];
            let mut vm = Vec::new();
            for (k, (name, op, list, step, next, init)) in vars.iter().enumerate() {
                let mut v = json!({"type": "flow_var", "name": names[*name], "size": sizes[k % 3], "op": ops[*op],
                                   "step": step, "split_to_cores": k % 2 == 0});
                if list.is_empty() {
                    v["min_value"] = json!(init / 2);
                    v["max_value"] = json!(*init);
                    v["init_value"] = json!(init / 2);
                } else {
                    v["value_list"] = json!(list);
                }
                v["next_var"] = next.map_or(Value::Null, |n| json!(names.get(n).copied().unwrap_or("")));
                vm.push(v);
                vm.push(json!({"type": "write_flow_var", "name": names[*name], "pkt_offset": 34 + k, "add_value": 0,
                               "is_big_endian": true}));
            }
            let mut c = Client::new(vec!["null".parse().unwrap()]);
            let h = c.ok("acquire", json!({"port_id": 0, "user": "f", "force": true}));
            let mode = json!({"type": "single_burst", "total_pkts": 20, "rate": {"type": "pps", "value": 1000.0}});
            let mut st = stream(mode, Value::Array(vm), None);
            st["action_count"] = json!(action_count);
            st["random_seed"] = json!(seed);
            let r = c.raw("add_stream", json!({"port_id": 0, "handler": h, "stream_id": 1, "stream": st}));
            prop_assert_eq!(&r["jsonrpc"], "2.0");
            prop_assert!(r.get("result").is_some() != r.get("error").is_some(), "{}", r);
            if r.get("result").is_some() {
                // Loaded: the engine compiles and runs it (chains linked, TRex draws seeded).
                let s = c.raw("start_traffic", json!({"port_id": 0, "handler": h,
                    "mul": {"type": "raw", "op": "abs", "value": 1.0}, "duration": -1.0, "force": false,
                    "core_mask": 1, "start_at_ts": 0}));
                prop_assert!(s.get("result").is_some() != s.get("error").is_some(), "{}", s);
                if s.get("result").is_some() {
                    c.wait_idle(0);
                }
            }
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
    // riptide's field beside TRex's: the departures on a simulated link are the schedule's.
    assert_eq!(l["lat"]["source"], "virtual", "{pg}");
}

/// `riptide serve --trex --timestamps kernel`: TRex's client has no say in where latency
/// stamps come from, the server's operator has; a port that cannot stamp its departures
/// refuses the start, naming the port and why. (A simulated link needs no stamps: its
/// departures are the schedule's, exact.)
#[test]
fn the_servers_timestamp_source_holds_for_the_runs_trexs_client_starts() {
    let start = |c: &mut Client| {
        let h = c.ok("acquire", json!({"port_id": 0, "user": "u", "force": false})).as_str().unwrap().to_string();
        let mode = json!({"type": "single_burst", "total_pkts": 40, "rate": {"type": "pps", "value": 1000.0}});
        let mut lat = stream(mode, json!([]), Some(4));
        lat["flow_stats"]["rule_type"] = json!("latency");
        c.ok("add_stream", json!({"port_id": 0, "handler": h, "stream_id": 2, "stream": lat}));
        let go = json!({"port_id": 0, "handler": h, "mul": {"type": "raw", "op": "abs", "value": 1}, "duration": -1.0});
        c.raw("start_traffic", go)
    };
    use riptide_port::impair::{ImpairLink, Impairments};
    let wall = || {
        let link = ImpairLink::new(Impairments { real_time: true, ..Default::default() });
        vec![PortSpec::link(&link, 0), PortSpec::link(&link, 1)]
    };
    let mut c = Client::new(wall());
    c.t.timestamps = riptide_engine::Timestamps::Kernel;
    assert!(start(&mut c).get("error").is_none());
    // The gathered start begins a moment later and fails: TRex's port error event.
    riptide_testkit::wait_for(Duration::from_secs(10), "the gathered start to begin and fail", || {
        c.t.poll();
        let ev = c.ok("get_async_events", json!({}));
        ev["events"].as_array().unwrap().iter().any(|e| e["type"] == 1)
    });
    let ev = c.ok("get_async_events", json!({}));
    let error = ev["events"].as_array().unwrap().iter().find(|e| e["type"] == 7).map(|e| e["data"]["error"].clone());
    let e = error.as_ref().and_then(Value::as_str).unwrap_or_else(|| panic!("a port error: {ev}"));
    assert!(e.contains("port 0 (link:0) has no departure stamps: a link: port has no kernel"), "{e}");
    let mut c = Client::new(wall());
    assert!(start(&mut c).get("error").is_none(), "the default (auto) takes user space's stamps there");
    c.wait_idle(0);
    let pg = c.ok("get_pgid_stats", json!({"pgids": [4]}));
    assert_eq!(pg["latency"]["4"]["lat"]["source"], "user", "{pg}");
    let link = ImpairLink::new(Impairments::default());
    let mut c = Client::new(vec![PortSpec::link(&link, 0), PortSpec::link(&link, 1)]);
    c.t.timestamps = riptide_engine::Timestamps::Kernel;
    assert!(start(&mut c).get("error").is_none());
    c.wait_idle(0);
    let pg = c.ok("get_pgid_stats", json!({"pgids": [4]}));
    assert_eq!(pg["latency"]["4"]["lat"]["source"], "virtual", "{pg}");
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

/// TRex's capture API: a bad request names what it expected; a capture runs while the
/// server sends, holds what matched its filter, and is gone once removed.
#[test]
fn captures_answer_as_trex_and_refuse_what_they_cannot_do() {
    let mut c = Client::new(link_pair());
    let cap = |extra: Value| {
        let mut p = json!({"command": "start", "limit": 100, "mode": "fixed", "tx": [0], "rx": [], "filter": ""});
        for (k, v) in extra.as_object().unwrap() {
            p[k] = v.clone();
        }
        p
    };
    assert!(c.err("capture", cap(json!({"filter": "udp port banana"}))).contains("BPF filter 'udp port banana'"));
    assert!(c.err("capture", cap(json!({"tx": [5]}))).contains("tx: 5 is no port"));
    assert!(c.err("capture", cap(json!({"tx": []}))).contains("needs a port"));
    assert!(c.err("capture", cap(json!({"mode": "ring"}))).contains("neither fixed nor cyclic"));
    assert!(c.err("capture", cap(json!({"limit": 0}))).contains("limit 0"));
    assert!(c.err("capture", cap(json!({"endpoint": "file:///tmp/x"}))).contains("endpoints"));
    assert!(c.err("capture", json!({"command": "fetch", "capture_id": 9})).contains("no capture 9"));
    assert!(c.err("capture", json!({"command": "explode"})).contains("none of start"));
    let id = c.ok("capture", cap(json!({"filter": "udp"})))["capture_id"].clone();
    let h = c.ok("acquire", json!({"port_id": 0, "user": "u", "force": false})).as_str().unwrap().to_string();
    let mode = json!({"type": "single_burst", "total_pkts": 30, "rate": {"type": "pps", "value": 10000.0}});
    c.ok("add_stream", json!({"port_id": 0, "handler": h, "stream_id": 1, "stream": stream(mode, json!([]), None)}));
    c.ok(
        "start_traffic",
        json!({"port_id": 0, "handler": h, "mul": {"type": "raw", "op": "abs", "value": 1}, "duration": -1.0}),
    );
    c.wait_idle(0);
    let status = c.ok("capture", json!({"command": "status"}));
    assert_eq!(status[0]["matched"], 30, "{status}");
    assert_eq!(status[0]["state"], "ACTIVE", "{status}");
    assert_eq!(c.ok("capture", json!({"command": "stop", "capture_id": id}))["pkt_count"], 30);
    let got = c.ok("capture", json!({"command": "fetch", "capture_id": id, "pkt_limit": 20}));
    assert_eq!((got["pkts"].as_array().unwrap().len(), got["pending"].as_u64()), (20, Some(10)));
    assert_eq!(got["pkts"][0]["origin"], "TX");
    let sent = base64::engine::general_purpose::STANDARD.encode(frame());
    assert_eq!(got["pkts"][0]["binary"], json!(sent), "the stream's frame as sent");
    c.ok("capture", json!({"command": "remove", "capture_id": id}));
    assert_eq!(c.ok("capture", json!({"command": "status"})), json!([]));
}

/// Service mode is the client's flag; `push_pkts` sends the client's packets from an idle
/// port (its MACs where asked), counted as the port's, with no port event.
#[test]
fn pushed_packets_go_out_of_an_idle_port() {
    let mut c = Client::new(link_pair());
    let pkts = json!([{"binary": base64::engine::general_purpose::STANDARD.encode(frame()),
                       "use_port_dst_mac": false, "use_port_src_mac": true}]);
    let push = json!({"port_id": 0, "pkts": pkts, "force": false, "ipg_usec": 10.0});
    assert!(c.err("push_pkts", push.clone()).contains("not acquired"));
    let h = c.ok("acquire", json!({"port_id": 0, "user": "u", "force": false})).as_str().unwrap().to_string();
    c.ok("service", json!({"port_id": 0, "handler": h, "enabled": true}));
    assert_eq!(c.ok("get_port_status", json!({"port_id": 0}))["service"], true);
    let id = c.ok("capture", json!({"command": "start", "limit": 10, "tx": [], "rx": [1], "filter": ""}))["capture_id"]
        .clone();
    let mut three = push.clone();
    three["pkts"] = json!([pkts[0], pkts[0], pkts[0]]);
    c.ok("push_pkts", three);
    riptide_testkit::wait_for(Duration::from_secs(10), "the capture to match the 3 pushed", || {
        c.ok("capture", json!({"command": "status"}))[0]["matched"] == 3
    });
    let got = c.ok("capture", json!({"command": "fetch", "capture_id": id, "pkt_limit": 10}));
    assert_eq!(got["pkts"].as_array().unwrap().len(), 3, "{got}");
    assert_eq!(c.ok("get_port_status", json!({"port_id": 0}))["state"], "IDLE", "a push is no start");
    let bad = |pkts: Value| {
        let mut p = push.clone();
        p["pkts"] = pkts;
        p
    };
    assert!(c.err("push_pkts", bad(json!([]))).contains("1 to 10000 packets"));
    assert!(c.err("push_pkts", bad(json!([{"binary": "%%"}]))).contains("pkts[0].binary: not base64"));
    assert!(c.err("push_pkts", bad(json!([{"binary": "AAAA"}]))).contains("14 to 9216"));
    c.ok("service", json!({"port_id": 0, "handler": h, "enabled": false}));
}

// ---------------------------------------------------------------------- TRex's ASTF RPC

/// A `link:` pair on the wall clock, as `serve --trex --port link:0:realtime --port link:1`.
fn link_pair() -> Vec<PortSpec> {
    let mut ports = vec!["link:0:realtime".parse::<PortSpec>().unwrap(), "link:1".parse::<PortSpec>().unwrap()];
    riptide_port::spec::join_links(&mut ports).unwrap();
    ports
}

fn astf_client(ports: Vec<PortSpec>) -> Client {
    let mut t = Trex::new(EngineConfig { ports, ..Default::default() }, 9);
    let r = call_raw(
        &mut t,
        json!({"jsonrpc": "2.0", "id": 0, "method": "api_sync_v2", "params": {"name": "ASTF", "major": 2, "minor": 3}}),
    );
    let api_h = r["result"]["api_h"].as_str().unwrap().to_string();
    Client { t, api_h, id: 1 }
}

/// TRex's own JSON of http_simple.py (its client's `to_json_str`), as the tcp crate's fixtures hold it.
fn http_simple_json() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tcp/tests/data/astf/http_simple.json");
    let v: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    serde_json::to_string(&v).unwrap()
}

/// TRex's client's upload: a small first fragment with the md5 of the whole, then the rest.
fn upload(c: &mut Client, handler: &str, profile: &str, text: &str) -> Value {
    let md5 = {
        use std::fmt::Write;
        let d = md5_of(text);
        d.iter().fold(String::new(), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
    };
    let first = c.ok(
        "profile_fragment",
        json!({"handler": handler, "profile_id": profile, "fragment": &text[..1000], "frag_first": true, "md5": md5}),
    );
    if first.get("matches_loaded") == Some(&json!(true)) {
        return first;
    }
    c.ok(
        "profile_fragment",
        json!({"handler": handler, "profile_id": profile, "fragment": &text[1000..], "frag_last": true}),
    )
}

/// MD5 (RFC 1321), written out here so the test does not share the server's library.
fn md5_of(text: &str) -> [u8; 16] {
    let s: [u32; 64] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14,
        20, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6,
        10, 15, 21,
    ];
    let k: Vec<u32> = (0..64).map(|i| ((i as f64 + 1.0).sin().abs() * 4_294_967_296.0) as u32).collect();
    let mut msg = text.as_bytes().to_vec();
    let bits = (msg.len() as u64).wrapping_mul(8);
    msg.push(0x80);
    while msg.len() % 64 != 56 {
        msg.push(0);
    }
    msg.extend_from_slice(&bits.to_le_bytes());
    let mut h = [0x6745_2301u32, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476];
    for chunk in msg.chunks(64) {
        let m: Vec<u32> = chunk.chunks(4).map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]])).collect();
        let (mut a, mut b, mut c, mut d) = (h[0], h[1], h[2], h[3]);
        for i in 0..64 {
            let (f, g) = match i / 16 {
                0 => ((b & c) | (!b & d), i),
                1 => ((d & b) | (!d & c), (5 * i + 1) % 16),
                2 => (b ^ c ^ d, (3 * i + 5) % 16),
                _ => (c ^ (b | !d), (7 * i) % 16),
            };
            let f = f.wrapping_add(a).wrapping_add(k[i]).wrapping_add(m[g]);
            a = d;
            d = c;
            c = b;
            b = b.wrapping_add(f.rotate_left(s[i]));
        }
        h = [h[0].wrapping_add(a), h[1].wrapping_add(b), h[2].wrapping_add(c), h[3].wrapping_add(d)];
    }
    let mut out = [0u8; 16];
    for (i, w) in h.iter().enumerate() {
        out[i * 4..i * 4 + 4].copy_from_slice(&w.to_le_bytes());
    }
    out
}

fn counter(c: &mut Client, section: &str, name: &str) -> u64 {
    let desc = c.ok("get_counter_desc", json!({"profile_id": "_"}));
    let id = desc["data"].as_array().unwrap().iter().find(|d| d["name"] == name).unwrap()["id"].as_u64().unwrap();
    let v = c.ok("get_counter_values", json!({"profile_id": "_"}));
    v[section][id.to_string()].as_u64().unwrap_or(0)
}

/// The calls TRex's ASTFClient makes for connect, load, start, update, counters and stop,
/// and the profile states it waits on (events 60 and 50) in the order it needs them.
#[test]
fn trex_astf_calls_load_start_update_and_stop_a_profile() {
    let mut c = astf_client(link_pair());
    // TRex's subscriber polls from its connect on.
    c.ok("get_async_events", json!({"session_id": 1, "user": "sub"}));
    // The context: every port under one handler; owned calls need it.
    let a = c.ok("acquire", json!({"user": "trex", "force": false, "session_id": 7}));
    let h = a["handler"].as_str().unwrap().to_string();
    assert_eq!(a["ports"], json!({"0": h, "1": h}));
    assert!(c
        .err("profile_fragment", json!({"handler": "nope", "fragment": "{}", "frag_first": true, "frag_last": true}))
        .contains("must acquire the context"));
    let s = c.ok("sync", json!({"profile_id": "sync"}));
    assert_eq!((s["state"].clone(), s["state_profile"].clone()), (json!(0), json!({"_": 0})));

    let text = http_simple_json();
    assert_eq!(upload(&mut c, &h, "_", &text), json!({}));
    // The same profile again: its first fragment's md5 matches and nothing more is sent.
    assert_eq!(upload(&mut c, &h, "_", &text), json!({"matches_loaded": true}));
    // Not under another name at once (TRex's rule).
    let md5 = md5_of(&text).iter().map(|b| format!("{b:02x}")).collect::<String>();
    assert!(c
        .err(
            "profile_fragment",
            json!({"handler": h, "profile_id": "b", "fragment": "{", "frag_first": true, "md5": md5})
        )
        .contains("other profile_id"));
    assert_eq!(c.ok("sync", json!({"profile_id": "sync"}))["state_profile"]["_"], json!(1));

    // TRex's counter table: its names, ids in order, error counters marked.
    let desc = c.ok("get_counter_desc", json!({"profile_id": "_"}));
    let rows = desc["data"].as_array().unwrap();
    assert_eq!(rows.len(), 140);
    assert!(rows.iter().enumerate().all(|(i, r)| r["id"] == json!(i)));
    let row = |n: &str| rows.iter().find(|r| r["name"] == n).unwrap().clone();
    assert_eq!(row("tcps_rexmttimeo")["info"], "error");
    assert_eq!(row("m_active_flows")["abs"], true);

    assert!(c.err("update", json!({"handler": h, "profile_id": "_", "mult": 2.0})).contains("not transmitting"));
    assert!(c
        .err(
            "start",
            json!({"handler": h, "profile_id": "_", "mult": 1000, "duration": -1, "nc": false, "latency_pps": 100,
                             "ipv6": false, "client_mask": 0xffffffffu32})
        )
        .contains("latency"));
    c.ok(
        "start",
        json!({"handler": h, "profile_id": "_", "mult": 1000, "duration": 2.0, "nc": false, "latency_pps": 0,
               "ipv6": false, "client_mask": 0xffffffffu32}),
    );
    assert_eq!(c.ok("sync", json!({"profile_id": "sync"}))["state"], json!(4));
    c.ok("update", json!({"handler": h, "profile_id": "_", "mult": 1500}));
    wait_context(&mut c, 1);
    // 2.776 cps x 1000, then x 1500, for 2 s: between 5552 and 8328 flows, each one closed.
    let opened = counter(&mut c, "client", "tcps_connattempt");
    assert!((5552..=8329).contains(&opened), "{opened}");
    assert_eq!(counter(&mut c, "client", "tcps_closed"), opened);
    assert_eq!(counter(&mut c, "server", "tcps_accepts"), opened);
    assert_eq!(counter(&mut c, "server", "tcps_closed"), opened);
    assert_eq!(counter(&mut c, "client", "tcps_rcvackbyte"), counter(&mut c, "server", "tcps_rcvbyte"));
    assert_eq!(counter(&mut c, "server", "tcps_rcvackbyte"), counter(&mut c, "client", "tcps_rcvbyte"));

    // The events TRex's client waits on, in its order: loaded, then parse, build, tx,
    // cleanup, loaded for the run.
    let ev = c.ok("get_async_events", json!({"session_id": 1, "user": "sub"}));
    let states: Vec<u64> = ev["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["type"] == json!(60))
        .map(|e| e["data"]["state"].as_u64().unwrap())
        .collect();
    assert_eq!(states, vec![1, 2, 3, 4, 5, 1]);
    assert!(ev["data"].as_array().unwrap().iter().any(|e| e["type"] == json!(50) && e["data"]["state"] == json!(4)));

    // Clearing: DELETE now, cleared (61) and the default profile idle again after.
    c.ok("profile_clear", json!({"handler": h, "profile_id": "_"}));
    assert_eq!(c.ok("sync", json!({"profile_id": "sync"}))["state_profile"]["_"], json!(6));
    c.ok("get_async_events", json!({"session_id": 1, "user": "sub"}));
    riptide_testkit::wait_for(Duration::from_secs(10), "the profile to be idle after the clear", || {
        c.t.poll();
        c.ok("sync", json!({"profile_id": "sync"}))["state_profile"] == json!({"_": 0})
    });
    let ev = c.ok("get_async_events", json!({"session_id": 1, "user": "sub"}));
    let types: Vec<u64> = ev["data"].as_array().unwrap().iter().filter_map(|e| e["type"].as_u64()).collect();
    assert!(types.windows(2).any(|w| w == [61, 60]), "{types:?}");
    // No template group in http_simple: TRex's answers for ids it does not have.
    assert!(c.err("get_tg_id_stats", json!({"profile_id": "_", "tg_ids": [1], "epoch": 0})).contains("Max value is 0"));
    assert!(c.err("get_tg_id_stats", json!({"profile_id": "_", "tg_ids": [0], "epoch": 0})).contains("TG ID = 0"));
    c.ok("release", json!({"handler": h}));
}

/// `riptide serve --trex --segment 1/4`: every ASTF run TRex's client starts opens that
/// share only, a quarter of the connections, their counters as whole as a whole run's.
#[test]
fn an_astf_run_on_a_segmented_server_opens_its_share() {
    let mut c = astf_client(link_pair());
    c.t.segment = Some("1/4".parse().unwrap());
    let h = c.ok("acquire", json!({"user": "trex", "force": false, "session_id": 7}))["handler"]
        .as_str()
        .unwrap()
        .to_string();
    upload(&mut c, &h, "_", &http_simple_json());
    c.ok(
        "start",
        json!({"handler": h, "profile_id": "_", "mult": 1000, "duration": 2.0, "nc": false, "latency_pps": 0,
               "ipv6": false, "client_mask": 0xffffffffu32}),
    );
    wait_context(&mut c, 1);
    // 2.776 cps x 1000 for 2 s is 5,552 connections in all: a quarter of them.
    let opened = counter(&mut c, "client", "tcps_connattempt");
    assert!((1300..=1500).contains(&opened), "{opened}");
    assert_eq!(counter(&mut c, "client", "tcps_closed"), opened);
    assert_eq!(counter(&mut c, "server", "tcps_accepts"), opened);
    assert_eq!(counter(&mut c, "client", "tcps_rcvackbyte"), counter(&mut c, "server", "tcps_rcvbyte"));
    c.ok("release", json!({"handler": h}));
}

/// Bad uploads: every refusal names what was wrong, and nothing is left half loaded.
#[test]
fn astf_uploads_are_checked_and_bounded() {
    let mut c = astf_client(link_pair());
    let h = c.ok("acquire", json!({"user": "trex", "force": false, "session_id": 7}))["handler"]
        .as_str()
        .unwrap()
        .to_string();
    // Another user cannot take the context without force.
    let mut other = c.raw("acquire", json!({"user": "mallory", "force": false, "session_id": 8}));
    assert!(other["error"]["message"].as_str().unwrap().contains("owned by 'trex'"), "{other}");
    let e = c.err(
        "profile_fragment",
        json!({"handler": h, "profile_id": "x", "fragment": "{\"nope\": 1}", "frag_first": true, "frag_last": true}),
    );
    assert!(e.starts_with("profile x:"), "{e}");
    assert!(c.err("start", json!({"handler": h, "profile_id": "x", "mult": 1.0})).contains("not loaded"));
    assert!(c
        .err("profile_fragment", json!({"handler": h, "profile_id": "a b", "fragment": "{}"}))
        .contains("profile_id"));
    // One budget over all profiles' text.
    let big = "x".repeat(15 << 20);
    let mut refused = false;
    for i in 0..6 {
        let r = c.raw(
            "profile_fragment",
            json!({"handler": h, "profile_id": format!("p{i}"), "fragment": big, "frag_first": true, "md5": "0"}),
        );
        if let Some(m) = r["error"]["message"].as_str() {
            assert!(m.contains("MiB"), "{m}");
            refused = true;
            break;
        }
    }
    assert!(refused);
    assert!(c.err("profile_clear", json!({"handler": h, "profile_id": "zz"})).contains("does not exist"));
    other = c.raw("acquire", json!({"user": "mallory", "force": true, "session_id": 8}));
    assert!(other.get("result").is_some(), "{other}");
    assert!(c.err("stop", json!({"handler": h, "profile_id": "_"})).contains("must acquire"));
}

/// The ASTF events (50: the context's state, 60: a profile's, 61: a profile removed) a
/// subscriber reads now, as (type, state).
fn astf_events(c: &mut Client) -> Vec<(u64, Option<u64>)> {
    let ev = c.ok("get_async_events", json!({"session_id": 1, "user": "sub"}));
    ev["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| Some((e["type"].as_u64()?, e["data"]["state"].as_u64())))
        .filter(|(t, _)| [50, 60, 61].contains(t))
        .collect()
}

/// Waits (polling the server as its publisher does) until the context is in `state`.
fn wait_context(c: &mut Client, state: u64) {
    riptide_testkit::wait_for(Duration::from_secs(20), format!("the context to come to state {state}"), || {
        c.t.poll();
        c.ok("sync", json!({"profile_id": "sync"}))["state"] == json!(state)
    });
}

/// A server many TRex clients use in turn: however the last run ended, the next client's
/// `reset()` (acquire by force, remove every port's streams, stop, clear, wait for the
/// context to be IDLE) and `start()` find what TRex's client accepts, with TRex's events: a
/// run its owner left going is stopped by the next (TX, CLEANUP, LOADED); a cleared profile
/// holds the context LOADED until it is gone (TRex's client knows no DELETE context, and its
/// reset takes IDLE to mean the profiles are gone); a run ended by its duration comes back LOADED.
#[test]
fn a_server_used_in_turn_comes_back_to_what_trexs_client_accepts() {
    let mut c = astf_client(link_pair());
    astf_events(&mut c);
    let acquire = |c: &mut Client, user: &str, force: bool| {
        let a = c.ok("acquire", json!({"user": user, "force": force, "session_id": 7}));
        a["handler"].as_str().unwrap().to_string()
    };
    let start = |c: &mut Client, h: &str, duration: f64| {
        c.ok(
            "start",
            json!({"handler": h, "profile_id": "_", "mult": 100, "duration": duration, "nc": false,
                   "latency_pps": 0, "ipv6": false, "client_mask": 0xffffffffu32}),
        )
    };
    let text = http_simple_json();
    let a = acquire(&mut c, "a", false);
    upload(&mut c, &a, "_", &text);
    start(&mut c, &a, -1.0);
    assert_eq!(
        astf_events(&mut c),
        [
            (60, Some(1)),
            (50, Some(1)),
            (60, Some(2)),
            (50, Some(2)),
            (60, Some(3)),
            (50, Some(3)),
            (60, Some(4)),
            (50, Some(4))
        ]
    );

    // Its owner is gone (killed, or left without stopping): the next client's reset.
    let b = acquire(&mut c, "b", true);
    for port in 0..2 {
        // Every port's streams go first; the ASTF run is none of them.
        c.ok("stop_traffic", json!({"handler": b, "port_id": port, "profile_id": "_"}));
        c.ok("remove_all_streams", json!({"handler": b, "port_id": port, "profile_id": "_"}));
    }
    c.ok("stop", json!({"handler": b, "profile_id": "_"}));
    assert_eq!(astf_events(&mut c), [(60, Some(5)), (50, Some(5)), (60, Some(1)), (50, Some(1))]);
    c.ok("profile_clear", json!({"handler": b, "profile_id": "_"}));
    let s = c.ok("sync", json!({"profile_id": "sync"}));
    assert_eq!((s["state"].clone(), s["state_profile"].clone()), (json!(1), json!({"_": 6})));
    // DELETE read by the subscriber; the context stays LOADED until the profile is gone.
    assert_eq!(astf_events(&mut c), [(60, Some(6))]);
    wait_context(&mut c, 0);
    assert_eq!(c.ok("sync", json!({"profile_id": "sync"}))["state_profile"], json!({"_": 0}));
    // Removed, the default profile idle again, then the context: IDLE says it all happened.
    assert_eq!(astf_events(&mut c), [(61, None), (60, Some(0)), (50, Some(0))]);

    // The next run, ended by its duration: LOADED again, and another run starts.
    upload(&mut c, &b, "_", &text);
    start(&mut c, &b, 0.3);
    wait_context(&mut c, 1);
    let tail: Vec<_> = astf_events(&mut c).into_iter().rev().take(4).collect();
    assert_eq!(tail, [(50, Some(1)), (60, Some(1)), (50, Some(5)), (60, Some(5))]);
    start(&mut c, &b, -1.0);
    c.ok("stop", json!({"handler": b, "profile_id": "_"}));
    assert_eq!(c.ok("sync", json!({"profile_id": "sync"}))["state"], json!(1));
}

/// A request to `t` as bytes, answered in the two steps `riptide serve --trex` takes
/// (the answer, then any profile check without the lock): the check, when there is one.
fn answer(t: &mut Trex, req: Value) -> Result<Value, riptide_trex::server::Pending> {
    match t.answer(riptide_trex::server::decode(&serde_json::to_vec(&req).unwrap())) {
        riptide_trex::server::Answer::Reply(b) => Ok(serde_json::from_slice(&b).unwrap()),
        riptide_trex::server::Answer::Check(p) => Err(p),
    }
}

/// Issue 50's F2: an upload's last fragment is checked (parsed, hashed) outside the
/// server's lock, so the server answers others meanwhile; what they did meanwhile
/// decides what the check may load: a later upload wins, a cleared profile stays
/// cleared, and no last fragment hides in a batch (it would be checked under the lock).
#[test]
fn an_uploads_check_runs_apart_and_what_happened_meanwhile_counts() {
    let mut c = astf_client(link_pair());
    let h = c.ok("acquire", json!({"user": "trex", "force": false, "session_id": 7}))["handler"]
        .as_str()
        .unwrap()
        .to_string();
    let text = http_simple_json();
    let api_h = c.api_h.clone();
    let frag = |id: u64, first: bool, last: bool, fragment: &str| {
        json!({"jsonrpc": "2.0", "id": id, "method": "profile_fragment", "params": {"api_h": api_h, "handler": h,
               "profile_id": "p", "fragment": fragment, "frag_first": first, "frag_last": last, "md5": "0"}})
    };
    let (a, b) = (frag(1, true, true, &text), frag(2, true, true, &text));
    // Upload A, answered later; meanwhile upload B, answered at once: A's check loses.
    let pending_a = answer(&mut c.t, a.clone()).unwrap_err();
    let pending_b = answer(&mut c.t, b).unwrap_err();
    // Others are answered while both wait.
    assert!(answer(&mut c.t, json!({"jsonrpc": "2.0", "id": 3, "method": "get_version", "params": {}})).is_ok());
    let r: Value = serde_json::from_slice(&c.t.resume(pending_b.run())).unwrap();
    assert_eq!(r["result"], json!({}), "{r}");
    let r: Value = serde_json::from_slice(&c.t.resume(pending_a.run())).unwrap();
    assert!(r["error"]["message"].as_str().unwrap().contains("uploaded again"), "{r}");
    let s = c.ok("sync", json!({"profile_id": "sync"}));
    assert_eq!(s["state_profile"]["p"], json!(1), "loaded: {s}");
    // Cleared while checked: the check loads nothing.
    let pending = answer(&mut c.t, frag(4, true, true, "{\"x\": 1}")).unwrap_err();
    c.ok("profile_clear", json!({"handler": h, "profile_id": "p"}));
    let r: Value = serde_json::from_slice(&c.t.resume(pending.run())).unwrap();
    assert!(r["error"]["message"].as_str().unwrap().contains("while it was checked"), "{r}");
    // A profile riptide cannot run: refused with its reason when the check ends.
    let bad = json!({"jsonrpc": "2.0", "id": 5, "method": "profile_fragment", "params": {"api_h": api_h,
                     "handler": h, "profile_id": "q", "fragment": "{\"program_list\": 7}", "frag_first": true,
                     "frag_last": true, "md5": "1"}});
    let r: Value = serde_json::from_slice(&c.t.handle(&serde_json::to_vec(&bad).unwrap())).unwrap();
    assert!(r["error"]["message"].as_str().unwrap().contains("program_list"), "{r}");
    // In a batch, a last fragment is refused (and answered: nothing waits).
    let mut one = frag(6, true, true, &text);
    one["params"]["profile_id"] = json!("r");
    let batch = json!([one]);
    let r = answer(&mut c.t, batch).unwrap();
    assert!(r[0]["error"]["message"].as_str().unwrap().contains("not in a batch"), "{r}");
}

/// Issue 51: lab profiles written for TRex send IP packets of a protocol riptide has no
/// layer for (61) with a random ASCII payload, over 802.1Q, with IPv4 options, and TCP
/// with options: each stream is accepted (raw where riptide's layers cannot say the
/// frame), its first frame is the client's bytes, and later ones differ only in the
/// written source address and the checksums over it, which stay right.
#[test]
fn frames_riptides_layers_cannot_say_go_out_as_the_client_sent_them() {
    const ASCII: &[u8] = b"Hq7pLx0ZtRw3Nc9VbK2m";
    // Ethernet, `vlan` tag or not, IPv4 with `options` of protocol `proto` carrying `l4`.
    let ipv4 = |vlan: bool, options: &[u8], proto: u8, l4: &[u8]| {
        let mut f = vec![0x02, 0, 0, 0, 0, 2, 0x02, 0, 0, 0, 0, 1];
        if vlan {
            f.extend([0x81, 0x00, 0x00, 0x0a]);
        }
        f.extend([8, 0]);
        let at = f.len();
        let hl = 20 + options.len();
        let total = (hl + l4.len()) as u16;
        f.extend([0x40 | (hl / 4) as u8, 0, (total >> 8) as u8, total as u8, 0, 1, 0, 0, 64, proto, 0, 0]);
        f.extend([16, 0, 0, 1, 48, 0, 0, 1]);
        f.extend(options);
        let c = csum(&f[at..at + hl]);
        f[at + 10..at + 12].copy_from_slice(&c.to_be_bytes());
        f.extend(l4);
        if proto == 6 {
            let mut pseudo = f[at + 12..at + 20].to_vec();
            pseudo.extend([0, 6, 0, l4.len() as u8]);
            pseudo.extend(l4);
            let c = csum(&pseudo);
            f[at + hl + 16..at + hl + 18].copy_from_slice(&c.to_be_bytes());
        }
        f.resize(f.len().max(60), 0);
        (f, at)
    };
    let mut tcp = vec![0x04, 0x01, 0x00, 0x50, 0, 0, 0, 1, 0, 0, 0, 0, 0x80, 0x18, 0x20, 0, 0, 0, 0, 0];
    tcp.extend([2, 4, 5, 0xb4, 4, 2, 1, 1, 1, 1, 1, 0]);
    tcp.extend(ASCII);
    let cases = [
        ipv4(false, &[], 61, ASCII),
        ipv4(true, &[0x94, 0x04, 0, 0], 61, ASCII),
        ipv4(false, &[], 6, &tcp),
        ipv4(true, &[0x94, 0x04, 0, 0], 6, &tcp),
    ];
    let buf = CaptureBuffer::default();
    let mut c = Client::new(vec![PortSpec::capture(&buf)]);
    let h = c.ok("acquire", json!({"port_id": 0, "user": "lab", "session_id": 1, "force": false}));
    let h = h.as_str().unwrap().to_string();
    let mode = json!({"type": "single_burst", "total_pkts": 5, "rate": {"type": "pps", "value": 1000.0}});
    for (k, (f, at)) in cases.iter().enumerate() {
        let vm = json!([
            {"type": "flow_var", "name": "src", "size": 4, "op": "inc", "init_value": 268435457u64,
             "min_value": 268435457u64, "max_value": 268435459u64, "step": 1},
            {"type": "write_flow_var", "name": "src", "pkt_offset": at + 12, "add_value": 0, "is_big_endian": true},
            {"type": "fix_checksum_ipv4", "pkt_offset": at}
        ]);
        let mut s = stream(mode.clone(), vm, None);
        s["packet"]["binary"] = json!(base64::engine::general_purpose::STANDARD.encode(f));
        c.ok("add_stream", json!({"port_id": 0, "handler": h, "stream_id": k + 1, "stream": s}));
    }
    c.ok(
        "start_traffic",
        json!({"port_id": 0, "handler": h, "mul": {"type": "raw", "op": "abs", "value": 1.0},
               "duration": -1.0, "force": false, "core_mask": 1, "start_at_ts": 0}),
    );
    c.wait_idle(0);
    let all = buf.lock().unwrap().clone();
    assert_eq!(all.len(), 5 * cases.len());
    for (k, (want, at)) in cases.iter().enumerate() {
        let frames: Vec<&[u8]> = all.iter().filter(|f| f.stream == k as u32).map(|f| &f.data[..]).collect();
        assert_eq!(frames.len(), 5, "stream {k}");
        assert_eq!(frames[0], &want[..], "stream {k}: the first frame is the client's bytes");
        let hl = usize::from(want[*at] & 0x0f) * 4;
        for (i, f) in frames.iter().enumerate() {
            assert_eq!(f.len(), want.len(), "stream {k} frame {i}");
            assert_eq!(f[at + 15], [1, 2, 3, 1, 2][i], "stream {k} frame {i}");
            let changed: Vec<usize> = (0..f.len()).filter(|&j| f[j] != want[j]).collect();
            let l4_csum = if want[at + 9] == 6 { Some(at + hl + 16) } else { None };
            let allowed = |j: usize| {
                (at + 10..at + 12).contains(&j)
                    || (at + 12..at + 16).contains(&j)
                    || l4_csum.is_some_and(|c| (c..c + 2).contains(&j))
            };
            assert!(changed.iter().all(|&j| allowed(j)), "stream {k} frame {i}: bytes {changed:?} changed");
            assert_eq!(csum(&f[*at..at + hl]), 0, "stream {k} frame {i}: IPv4 checksum");
            if want[at + 9] == 6 {
                let total = usize::from(u16::from_be_bytes([f[at + 2], f[at + 3]]));
                let mut pseudo = f[at + 12..at + 20].to_vec();
                pseudo.extend([0, 6, 0, (total - hl) as u8]);
                pseudo.extend_from_slice(&f[at + hl..at + total]);
                assert_eq!(csum(&pseudo), 0, "stream {k} frame {i}: TCP checksum");
            }
        }
    }
}

/// A stream of frame() with 802.1Q tag `vid` (none: untagged), counted under `tpgid`.
fn tpg_stream(vid: Option<u16>, tpgid: u64, packets: u64) -> Value {
    let mut f = frame();
    if let Some(v) = vid {
        f.splice(12..12, [0x81, 0x00, (v >> 8) as u8, v as u8]);
    }
    let mode = json!({"type": "single_burst", "total_pkts": packets, "rate": {"type": "pps", "value": 1000.0}});
    let mut s = stream(mode, json!([]), Some(tpgid));
    s["flow_stats"]["rule_type"] = json!("tpg");
    s["packet"]["binary"] = json!(base64::engine::general_purpose::STANDARD.encode(&f));
    s
}

/// TRex's tagged packet groups: the enable and disable steps its client polls, each
/// arrival counted under its VLAN's tag on the receiving port (unknown VLANs and
/// untagged frames apart), TRex's compressed sections, counters that add up over runs
/// and clear, and every misuse refused with the reason.
#[test]
fn tagged_packet_groups_count_each_tpgid_by_the_vlan_it_arrives_with() {
    use riptide_port::impair::{ImpairLink, Impairments};
    let link = ImpairLink::new(Impairments::default());
    let mut c = Client::new(vec![PortSpec::link(&link, 0), PortSpec::link(&link, 1)]);
    let h = c.ok("acquire", json!({"port_id": 0, "user": "u", "force": false})).as_str().unwrap().to_string();
    let h1 = c.ok("acquire", json!({"port_id": 1, "user": "u", "force": false})).as_str().unwrap().to_string();
    let _ = h1;
    let start = json!({"port_id": 0, "handler": h, "mul": {"type": "raw", "op": "abs", "value": 1}, "duration": -1.0});
    for (id, (vid, tpgid)) in [(Some(10), 0), (Some(99), 1), (None, 2)].into_iter().enumerate() {
        c.ok(
            "add_stream",
            json!({"port_id": 0, "handler": h, "stream_id": id + 1, "stream": tpg_stream(vid, tpgid, 20)}),
        );
    }
    assert!(c.err("start_traffic", start.clone()).contains("enable_tpg"));
    let tags = json!([{"type": "QinQ", "value": {"vlans": [1, 100]}}, {"type": "Dot1Q", "value": {"vlan": 10}},
                      {"type": "Dot1Q", "value": {"vlan": 11}}]);
    let enable =
        json!({"num_tpgids": 3, "ports": [0, 1], "rx_ports": [1], "username": "u", "session_id": 1, "tags": tags});
    let mut other = enable.clone();
    other["username"] = json!("v");
    assert!(c.err("enable_tpg", other).contains("not acquired by 'v'"));
    let mut bad = enable.clone();
    bad["tags"][2] = json!({"type": "Dot1Q", "value": {"vlan": 10}});
    assert!(c.err("enable_tpg", bad.clone()).contains("tags[2]"));
    bad["tags"][2] = json!({"type": "Dot1Q", "value": {"vlan": 4095}});
    assert!(c.err("enable_tpg", bad).contains("1 to 4094"));
    c.ok("enable_tpg", enable);
    assert_eq!(c.ok("get_tpg_state", json!({"username": "u"})), 2);
    assert_eq!(c.ok("get_tpg_status", json!({"username": "u"}))["enabled"], false);
    c.ok("enable_tpg", json!({"username": "u"}));
    assert_eq!(c.ok("get_tpg_state", json!({"username": "u"})), 3);
    let status = c.ok("get_tpg_status", json!({"port_id": 1}));
    assert_eq!(
        status,
        json!({"enabled": true, "data": {"acquired_ports": [0, 1], "rx_ports": [1], "username": "u",
                                                        "num_tpgids": 3, "num_tags": 3}})
    );
    assert_eq!(
        c.ok("get_tpg_tags", json!({"username": "u", "min_tag": 1, "max_tag": 3})),
        json!([{"type": "Dot1Q", "value": {"vlan": 10}}, {"type": "Dot1Q", "value": {"vlan": 11}}])
    );

    let zero =
        json!({"pkts": 0, "bytes": 0, "seq_err": 0, "seq_err_too_big": 0, "seq_err_too_small": 0, "ooo": 0, "dup": 0});
    for run in 1..=2u64 {
        c.ok("start_traffic", start.clone());
        c.wait_idle(0);
        let ask = |tpgid: u64, min: u64| {
            json!({"port_id": 1, "tpgid": tpgid, "min_tag": min, "max_tag": 3,
                                                 "unknown_tag": true, "untagged": true})
        };
        // VLAN 10 is tag 1: tag 0 alone (zeros), then tag 1 with the counts.
        let s = c.ok("get_tpg_stats", ask(0, 0));
        assert_eq!(s["1"]["0"]["0"], zero, "{s}");
        assert_eq!(s["1"]["0"]["untagged"], zero, "{s}");
        assert_eq!(s["1"]["0"]["unknown_tag"], json!({"pkts": 0, "bytes": 0}), "{s}");
        let s = c.ok("get_tpg_stats", ask(0, 1));
        let mut want = zero.clone();
        want["pkts"] = json!(20 * run);
        want["bytes"] = json!(20 * run * 68);
        assert_eq!(s["1"]["0"]["1"], want, "VLAN 10's frames, 64 bytes and the FCS: {s}");
        let s =
            c.ok("get_tpg_stats", json!({"port_id": 1, "tpgid": 1, "min_tag": 0, "max_tag": 3, "unknown_tag": true}));
        assert_eq!(s["1"]["1"]["0-2"], zero, "one section for three equal tags: {s}");
        assert_eq!(s["1"]["1"]["unknown_tag"], json!({"pkts": 20 * run, "bytes": 20 * run * 68}), "{s}");
        let s = c.ok("get_tpg_stats", json!({"port_id": 1, "tpgid": 2, "min_tag": 3, "max_tag": 3, "untagged": true}));
        assert_eq!(s["1"]["2"]["untagged"]["pkts"], 20 * run, "{s}");
        assert_eq!(s["1"]["2"]["untagged"]["bytes"], 20 * run * 64, "{s}");
        assert_eq!(
            c.ok("get_tpg_tx_stats", json!({"port_id": 0, "tpgid": 0})),
            json!({"0": {"0": {"pkts": 20 * run, "bytes": 20 * run * 68}}})
        );
    }
    assert_eq!(
        c.ok("get_tpg_unknown_tags", json!({"port_id": 1})),
        json!({"1": [{"tag": {"type": "Dot1Q", "value": {"vlan": 99}}, "tpgid": 1}]})
    );
    assert_eq!(
        c.ok("get_active_pgids", json!({}))["ids"],
        json!({"flow_stats": [], "latency": []}),
        "tagged packet groups are not TRex's pg_ids"
    );
    c.ok("clear_tpg_stats", json!({"port_id": 1, "tpgid": 0, "min_tag": 0, "max_tag": 3}));
    c.ok("clear_tpg_tx_stats", json!({"port_id": 0, "tpgid": 0}));
    let s = c.ok("get_tpg_stats", json!({"port_id": 1, "tpgid": 0, "min_tag": 0, "max_tag": 3}));
    assert_eq!(s["1"]["0"]["0-2"], zero, "{s}");
    assert_eq!(c.ok("get_tpg_tx_stats", json!({"port_id": 0, "tpgid": 0}))["0"]["0"]["pkts"], 0);
    c.ok("clear_tpg_unknown_tags", json!({"port_id": 1}));
    assert_eq!(c.ok("get_tpg_unknown_tags", json!({"port_id": 1})), json!({"1": []}));

    // What is not so is refused, naming it.
    assert!(c
        .err("get_tpg_stats", json!({"port_id": 0, "tpgid": 0, "min_tag": 0, "max_tag": 1}))
        .contains("does not collect"));
    assert!(c
        .err("get_tpg_stats", json!({"port_id": 1, "tpgid": 3, "min_tag": 0, "max_tag": 1}))
        .contains("Invalid tpgid 3"));
    assert!(c.err("get_tpg_stats", json!({"port_id": 1, "tpgid": 0, "min_tag": 0, "max_tag": 4})).contains("max_tag"));
    c.ok("add_stream", json!({"port_id": 0, "handler": h, "stream_id": 9, "stream": tpg_stream(Some(10), 3, 1)}));
    assert!(c.err("start_traffic", start.clone()).contains("Invalid tpgid 3"));
    c.ok("remove_stream", json!({"port_id": 0, "handler": h, "stream_id": 9}));

    // Disabling takes TRex's two steps; then nothing is counted by VLAN.
    c.ok("disable_tpg", json!({"username": "u"}));
    assert_eq!(c.ok("get_tpg_state", json!({"username": "u"})), 5);
    c.ok("disable_tpg", json!({"username": "u"}));
    assert_eq!(c.ok("get_tpg_state", json!({"username": "u"})), 0);
    assert_eq!(c.ok("get_tpg_status", json!({"username": "u"}))["enabled"], false);
    assert!(c.err("disable_tpg", json!({"username": "u"})).contains("not enabled"));
    assert!(c.err("get_tpg_tx_stats", json!({"port_id": 0, "tpgid": 0})).contains("not enabled"));
}
