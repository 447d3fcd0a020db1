//! OTG's gRPC API (riptide_otg::grpc): configs as snappi writes them go through
//! protobuf and back unchanged; any bytes to any method, and any bytes on the socket, get
//! a status (never a panic) and leave the server serving; the listener's caps hold on
//! the wire (an HTTP/2 client of h2's own).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use bytes::Bytes;
use proptest::prelude::*;
use prost::Message;
use prost_reflect::{DynamicMessage, SerializeOptions};
use riptide_otg::grpc::{call, code, pool};
use riptide_otg::net::{serve_with, Cert};
use riptide_otg::server::{Otg, MAX_BODY};
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Mutex;
use std::time::Duration;

fn data(name: &str) -> Value {
    let path = format!("{}/tests/data/{name}.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// `json` as the protobuf message `name` (as snappi's gRPC transport encodes it).
fn encode(name: &str, json: &Value) -> Vec<u8> {
    let desc = pool().unwrap().get_message_by_name(name).unwrap();
    DynamicMessage::deserialize(desc, json.clone()).unwrap().encode_to_vec()
}

/// A protobuf message `name`, decoded, in OTG's JSON.
fn decode(name: &str, bytes: &[u8]) -> Value {
    let desc = pool().unwrap().get_message_by_name(name).unwrap();
    let m = DynamicMessage::decode(desc, bytes).unwrap();
    let o = SerializeOptions::new().use_proto_field_name(true).stringify_64_bit_integers(false);
    m.serialize_with_options(serde_json::value::Serializer, &o).unwrap()
}

fn one(answer: riptide_otg::grpc::Answer) -> Vec<u8> {
    let mut a = answer.unwrap_or_else(|(c, m)| panic!("status {c}: {m}"));
    assert_eq!(a.len(), 1);
    a.remove(0)
}

#[test]
fn configs_go_through_protobuf_and_back_as_http_has_them() {
    for name in ["quickstart", "patterns", "headers"] {
        let cfg = data(name);
        let otg = Mutex::new(Otg::new());
        let req = encode("otg.SetConfigRequest", &json!({ "config": cfg }));
        let warning = decode("otg.SetConfigResponse", &one(call(&otg, "SetConfig", &[req.into()])));
        assert_eq!(warning, json!({"warning": {}}), "{name}");
        // What HTTP's GET /config answers is what gRPC's GetConfig does, and both are
        // the config snappi wrote (its protobuf form: the same JSON).
        let http = otg.lock().unwrap().handle("GET", "/config", b"").body;
        let grpc = decode("otg.GetConfigResponse", &one(call(&otg, "GetConfig", &[Bytes::new()])));
        assert_eq!(grpc["config"], http, "{name}");
        assert!(same(&http, &cfg), "{name}: {http} != {cfg}");
        // The stream forms: the config in Data chunks each way.
        let chunked: Vec<Bytes> = encode("otg.Config", &cfg)
            .chunks(100)
            .map(|c| encode("otg.Data", &json!({"datum": base64(c), "chunk_size": 100})).into())
            .collect();
        one(call(&otg, "streamSetConfig", &chunked));
        let parts = call(&otg, "streamGetConfig", &[Bytes::new()]).unwrap();
        let whole: Vec<u8> = parts.iter().flat_map(|p| decode_datum(p)).collect();
        assert!(same(&decode("otg.Config", &whole), &cfg), "{name}");
        otg.lock().unwrap().shutdown();
    }
}

/// JSON equal as OTG reads it: numbers by value (100 and 100.0), and a 64-bit number
/// as snappi writes it (a string: "2000") equal to the number.
fn same(a: &Value, b: &Value) -> bool {
    let num = |v: &Value| v.as_f64().or_else(|| v.as_str().and_then(|s| s.parse::<u64>().ok()).map(|n| n as f64));
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(v, w)| same(v, w)),
        _ if a.is_number() || b.is_number() => num(a).is_some() && num(a) == num(b),
        _ => a == b,
    }
}

fn decode_datum(p: &[u8]) -> Vec<u8> {
    let desc = pool().unwrap().get_message_by_name("otg.Data").unwrap();
    let m = DynamicMessage::decode(desc, p).unwrap();
    m.get_field_by_name("datum").unwrap().as_bytes().unwrap().to_vec()
}

fn base64(b: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for c in b.chunks(3) {
        let n =
            (u32::from(c[0]) << 16) | (u32::from(*c.get(1).unwrap_or(&0)) << 8) | u32::from(*c.get(2).unwrap_or(&0));
        for i in 0..4 {
            if i <= c.len() {
                out.push(char::from(A[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[test]
fn errors_are_otg_error_objects_with_grpc_codes() {
    let otg = Mutex::new(Otg::new());
    let bad = json!({"config": {"ports": [{"name": "p", "location": "nowhere:x"}]}});
    let (c, m) = call(&otg, "SetConfig", &[encode("otg.SetConfigRequest", &bad).into()]).unwrap_err();
    assert_eq!(c, code::INVALID_ARGUMENT);
    let e: Value = serde_json::from_str(&m).unwrap();
    riptide_otg::spec().check("Error", &e, "").unwrap();
    assert_eq!(e["code"], 3);
    assert!(e["errors"][0].as_str().unwrap().starts_with("ports[0].location"), "{e}");
    // Not a method; not a message; a form OTG has that riptide does not serve.
    assert_eq!(call(&otg, "Nope", &[Bytes::new()]).unwrap_err().0, code::UNIMPLEMENTED);
    assert_eq!(call(&otg, "SetConfig", &[Bytes::from_static(&[0xff, 0xff])]).unwrap_err().0, code::INVALID_ARGUMENT);
    let del = encode(
        "otg.DeleteConfigRequest",
        &json!({"config_delete": {"config_delete_list": [{"choice": "flows", "flows": ["f"]}]}}),
    );
    assert_eq!(call(&otg, "DeleteConfig", &[del.into()]).unwrap_err().0, code::UNIMPLEMENTED);
}

/// A method of the service and a valid request of it.
fn requests() -> Vec<(&'static str, Vec<u8>)> {
    vec![
        ("SetConfig", encode("otg.SetConfigRequest", &json!({"config": data("quickstart")}))),
        ("SetConfig", encode("otg.SetConfigRequest", &json!({"config": data("headers")}))),
        (
            "SetControlState",
            encode(
                "otg.SetControlStateRequest",
                &json!({"control_state": {"choice": "traffic", "traffic": {"choice": "flow_transmit",
                        "flow_transmit": {"state": "start"}}}}),
            ),
        ),
        ("GetMetrics", encode("otg.GetMetricsRequest", &json!({"metrics_request": {"choice": "flow", "flow": {}}}))),
        ("GetStates", encode("otg.GetStatesRequest", &json!({"states_request": {"choice": "ipv4_neighbors"}}))),
        ("GetCapture", encode("otg.GetCaptureRequest", &json!({"capture_request": {"port_name": "b"}}))),
        ("GetVersion", Vec::new()),
        ("GetConfig", Vec::new()),
    ]
}

fn mutated() -> impl Strategy<Value = (usize, Vec<u8>)> {
    let n = requests().len();
    (0..n, any::<u64>(), prop::collection::vec((any::<usize>(), any::<u8>(), 0u8..4), 0..8)).prop_map(
        |(i, _, edits)| {
            let mut b = requests()[i].1.clone();
            for (at, byte, how) in edits {
                match how {
                    0 if !b.is_empty() => {
                        let k = at % b.len();
                        b[k] = byte;
                    }
                    1 => b.insert(at % (b.len() + 1), byte),
                    2 if !b.is_empty() => {
                        b.remove(at % b.len());
                    }
                    _ => b.truncate(at % (b.len() + 1)),
                }
            }
            (i, b)
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Valid requests mutated byte by byte, and any bytes, to each method: OK or a status
    /// whose message is OTG's Error object; never a panic, never riptide's own failure.
    #[test]
    fn any_protobuf_to_any_method_gets_a_status((i, bytes) in mutated(), noise in prop::collection::vec(any::<u8>(), 0..256)) {
        let otg = Mutex::new(Otg::new());
        let name = requests()[i].0;
        for b in [bytes, noise] {
            match call(&otg, name, &[b.into()]) {
                Ok(parts) => prop_assert!(!parts.is_empty()),
                Err((c, m)) => {
                    prop_assert!(c != code::INTERNAL, "{name}: {m}");
                    let e: Value = serde_json::from_str(&m).unwrap();
                    riptide_otg::spec().check("Error", &e, "").unwrap();
                }
            }
        }
        prop_assert!(call(&otg, "GetVersion", &[Bytes::new()]).is_ok());
        otg.lock().unwrap().shutdown();
    }

    /// Any bytes on the gRPC socket: closed or answered, and the next client is served.
    #[test]
    fn any_bytes_on_the_grpc_wire(bytes in prop::collection::vec(any::<u8>(), 0..2048), preface in any::<bool>()) {
        let addr = grpc_server();
        {
            let mut s = TcpStream::connect(addr).unwrap();
            s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
            if preface {
                let _ = s.write_all(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n");
            }
            let _ = s.write_all(&bytes);
            let _ = s.shutdown(std::net::Shutdown::Write);
            let mut rest = Vec::new();
            let _ = s.read_to_end(&mut rest);
        }
        let (status, body) = h2_call(addr, "/otg.Openapi/GetVersion", &grpc_frame(&[]));
        prop_assert_eq!(status.as_deref(), Some("0"));
        prop_assert!(!body.is_empty());
    }
}

/// One server for the process's wire cases.
fn grpc_server() -> SocketAddr {
    static ADDR: std::sync::OnceLock<SocketAddr> = std::sync::OnceLock::new();
    *ADDR.get_or_init(|| {
        let h = serve_with("127.0.0.1:0".parse().unwrap(), Some("127.0.0.1:0".parse().unwrap()), &Cert::None).unwrap();
        Box::leak(Box::new(h)).grpc_addr.unwrap()
    })
}

fn grpc_frame(m: &[u8]) -> Vec<u8> {
    let mut f = vec![0];
    f.extend_from_slice(&(m.len() as u32).to_be_bytes());
    f.extend_from_slice(m);
    f
}

/// One call over HTTP/2 (h2's client): the grpc-status (trailers, or headers when the
/// answer is trailers only) and the response's body.
fn h2_call(addr: SocketAddr, path: &str, body: &[u8]) -> (Option<String>, Vec<u8>) {
    let rt = tokio::runtime::Builder::new_current_thread().enable_io().build().unwrap();
    let body = Bytes::copy_from_slice(body);
    rt.block_on(async move {
        let tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
        tcp.set_nodelay(true).unwrap();
        let (client, conn) = h2::client::handshake(tcp).await.unwrap();
        let driver = tokio::spawn(async move {
            let _ = conn.await;
        });
        let mut client = client.ready().await.unwrap();
        let req = http::Request::builder()
            .method("POST")
            .uri(format!("http://{addr}{path}"))
            .header("content-type", "application/grpc")
            .header("te", "trailers")
            .body(())
            .unwrap();
        let (resp, mut send) = client.send_request(req, false).unwrap();
        send.reserve_capacity(body.len());
        send.send_data(body, true).unwrap();
        let resp = resp.await.unwrap();
        let head = resp.headers().get("grpc-status").map(|v| v.to_str().unwrap().to_string());
        let mut recv = resp.into_body();
        let mut out = Vec::new();
        while let Some(d) = recv.data().await {
            let d = d.unwrap();
            let _ = recv.flow_control().release_capacity(d.len());
            out.extend_from_slice(&d);
        }
        let trailers = recv.trailers().await.unwrap();
        let status =
            head.or_else(|| trailers.and_then(|t| t.get("grpc-status").map(|v| v.to_str().unwrap().to_string())));
        drop(client);
        driver.abort();
        (status, out)
    })
}

#[test]
fn the_wire_answers_calls_and_refuses_what_is_over_its_caps() {
    let addr = grpc_server();
    let (status, body) = h2_call(addr, "/otg.Openapi/GetVersion", &grpc_frame(&[]));
    assert_eq!(status.as_deref(), Some("0"));
    let v = decode("otg.GetVersionResponse", &body[5..]);
    assert_eq!(v["version"]["api_spec_version"], "1.61.0");
    // Not the service's; a compressed message; a length past what arrived; a message
    // over the cap (its prefix says so: nothing that large is read).
    assert_eq!(h2_call(addr, "/otg.Other/X", &grpc_frame(&[])).0.as_deref(), Some("12"));
    assert_eq!(h2_call(addr, "/otg.Openapi/GetVersion", &[1, 0, 0, 0, 0]).0.as_deref(), Some("12"));
    assert_eq!(h2_call(addr, "/otg.Openapi/GetConfig", &[0, 0, 0, 0, 9, 1]).0.as_deref(), Some("3"));
    let mut big = vec![0u8; MAX_BODY + 64];
    big[1..5].copy_from_slice(&((MAX_BODY + 59) as u32).to_be_bytes());
    assert_eq!(h2_call(addr, "/otg.Openapi/SetConfig", &big).0.as_deref(), Some("8"));
    // And the server still answers.
    assert_eq!(h2_call(addr, "/otg.Openapi/GetVersion", &grpc_frame(&[])).0.as_deref(), Some("0"));
}
