//! The OTG listener (docs/security.md's row): persistent connections, pipelined requests,
//! and every oversized or malformed request answered with the reason and closed; and
//! any bytes, any JSON, never a panic.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use proptest::prelude::*;
use riptide_otg::net::{serve, Cert, MAX_HEAD};
use riptide_otg::server::{Otg, MAX_BODY};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// One answer off `r`: status and body.
fn answer(r: &mut BufReader<TcpStream>) -> (u16, Value) {
    let mut line = String::new();
    r.read_line(&mut line).unwrap();
    let status: u16 = line.split(' ').nth(1).unwrap().parse().unwrap();
    let mut len = 0;
    loop {
        let mut h = String::new();
        r.read_line(&mut h).unwrap();
        if h == "\r\n" {
            break;
        }
        if let Some(v) = h.to_ascii_lowercase().strip_prefix("content-length:") {
            len = v.trim().parse().unwrap();
        }
    }
    let mut body = vec![0; len];
    r.read_exact(&mut body).unwrap();
    (status, serde_json::from_slice(&body).unwrap())
}

fn connect(addr: std::net::SocketAddr) -> (TcpStream, BufReader<TcpStream>) {
    let s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let r = BufReader::new(s.try_clone().unwrap());
    (s, r)
}

#[test]
fn requests_share_a_connection_and_bad_ones_are_answered_and_closed() {
    let h = serve("127.0.0.1:0".parse().unwrap(), &Cert::SelfSigned).unwrap();
    let (mut s, mut r) = connect(h.addr);
    // Two requests in one write (pipelined), answered in order on one connection.
    let cfg = json!({"ports": [{"name": "p", "location": "null"}]}).to_string();
    write!(s, "POST /config HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\n\r\n{cfg}", cfg.len()).unwrap();
    write!(s, "GET /config HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    assert_eq!(answer(&mut r), (200, json!({"warnings": []})));
    assert_eq!(answer(&mut r).1["ports"][0]["name"], "p");
    write!(s, "GET /capabilities/version HTTP/1.1\r\n\r\n").unwrap();
    assert_eq!(answer(&mut r).1["api_spec_version"], "1.61.0");

    let cases: Vec<(Vec<u8>, u16, &str)> = vec![
        (format!("GET /x HTTP/1.1\r\nA: {}\r\n\r\n", "a".repeat(MAX_HEAD)).into_bytes(), 431, "head longer"),
        (b"POST /config HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n".to_vec(), 411, "Content-Length"),
        (format!("POST /config HTTP/1.1\r\nContent-Length: {}\r\n\r\n", MAX_BODY + 1).into_bytes(), 413, "at most"),
        (b"POST /config HTTP/1.1\r\nContent-Length: 1000000000000000\r\n\r\n".to_vec(), 413, "at most"),
        (b"\x01\x02garbage\r\n\r\n".to_vec(), 400, "not an HTTP/1.1 request"),
        (b"POST /config HTTP/1.1\r\nContent-Length: 5\r\n\r\n{nope".to_vec(), 400, "not JSON"),
    ];
    for (req, status, why) in cases {
        let (mut s, mut r) = connect(h.addr);
        s.write_all(&req).unwrap();
        let (got, body) = answer(&mut r);
        assert_eq!(got, status, "{body}");
        assert!(body["errors"][0].as_str().unwrap().contains(why), "{body}");
        if status != 400 || why != "not JSON" {
            // Closed after the answer.
            let mut rest = Vec::new();
            assert_eq!(r.read_to_end(&mut rest).unwrap_or(0), 0);
        }
    }
    // A TLS record that is no handshake: closed (after rustls' alert), nothing held.
    let (mut s, mut r) = connect(h.addr);
    s.write_all(b"\x16\x03\x01\x00\x05hello").unwrap();
    let mut rest = Vec::new();
    let _ = r.read_to_end(&mut rest);
    assert!(rest.len() < 64 && !rest.starts_with(b"HTTP"), "{rest:?}");
    h.shutdown();
}

/// JSON values of the shapes OTG's requests take, with OTG's keys, and wrong ones.
fn value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        (0u64..70_000).prop_map(Value::from),
        Just(json!("10.0.0.1")),
        Just(json!("00:11:22:33:44:55")),
        Just(json!("::1")),
        Just(json!("null")),
        Just(json!("link:0")),
        "[a-z_0-9.:]{0,12}".prop_map(Value::from),
    ];
    let keys = prop_oneof![
        Just("choice"),
        Just("value"),
        Just("values"),
        Just("increment"),
        Just("decrement"),
        Just("random"),
        Just("start"),
        Just("step"),
        Just("count"),
        Just("min"),
        Just("max"),
        Just("seed"),
        Just("name"),
        Just("location"),
        Just("ports"),
        Just("flows"),
        Just("tx_rx"),
        Just("port"),
        Just("tx_name"),
        Just("rx_name"),
        Just("packet"),
        Just("ethernet"),
        Just("ipv4"),
        Just("ipv6"),
        Just("udp"),
        Just("tcp"),
        Just("vlan"),
        Just("custom"),
        Just("bytes"),
        Just("src"),
        Just("dst"),
        Just("src_port"),
        Just("id"),
        Just("size"),
        Just("fixed"),
        Just("rate"),
        Just("pps"),
        Just("percentage"),
        Just("duration"),
        Just("fixed_packets"),
        Just("packets"),
        Just("fixed_seconds"),
        Just("seconds"),
        Just("burst"),
        Just("metrics"),
        Just("enable"),
        Just("latency"),
        Just("traffic"),
        Just("flow_transmit"),
        Just("state"),
        Just("flow"),
        Just("flow_names"),
        Just("port_names"),
        Just("port_name"),
        Just("captures"),
        Just("capture"),
        Just("mpls"),
        Just("arp"),
        Just("icmp"),
        Just("echo"),
        Just("gre"),
        Just("vxlan"),
        Just("vni"),
        Just("devices"),
        Just("ethernets"),
        Just("ipv4_addresses"),
        Just("address"),
        Just("gateway"),
        Just("device"),
        Just("tx_names"),
        Just("ipv4_neighbors"),
        Just("ethernet_names"),
    ];
    leaf.prop_recursive(5, 64, 6, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec((keys.clone(), inner), 0..6)
                .prop_map(|kv| Value::Object(kv.into_iter().map(|(k, v)| (k.to_string(), v)).collect())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// Any JSON to any endpoint: an answer (OTG's Error when it is not 200), never a
    /// panic, and the server still answers afterwards.
    #[test]
    fn any_request_gets_an_answer(body in value(), endpoint in 0usize..6) {
        let (m, p) = [("POST", "/config"), ("POST", "/control/state"), ("POST", "/monitor/metrics"), ("GET", "/config"),
                      ("POST", "/monitor/capture"), ("POST", "/monitor/states")][endpoint];
        let mut s = Otg::new();
        let r = s.handle(m, p, body.to_string().as_bytes());
        if r.status != 200 {
            riptide_otg::spec().check("Error", &r.body, "").unwrap();
        }
        prop_assert_eq!(s.handle("GET", "/capabilities/version", b"").status, 200);
        s.shutdown();
    }

    /// Any bytes on the socket: an answer or a close, and the next client is served.
    #[test]
    fn any_bytes_on_the_wire(bytes in prop::collection::vec(any::<u8>(), 0..2048)) {
        // One server for every case (kept for the test process).
        static ADDR: std::sync::OnceLock<std::net::SocketAddr> = std::sync::OnceLock::new();
        let addr = *ADDR.get_or_init(|| Box::leak(Box::new(serve("127.0.0.1:0".parse().unwrap(), &Cert::SelfSigned).unwrap())).addr);
        {
            let (mut s, _) = connect(addr);
            let _ = s.write_all(&bytes);
            let _ = s.shutdown(std::net::Shutdown::Write);
            let mut rest = Vec::new();
            let _ = s.read_to_end(&mut rest);
        }
        let (mut s, mut r) = connect(addr);
        write!(s, "GET /capabilities/version HTTP/1.1\r\n\r\n").unwrap();
        prop_assert_eq!(answer(&mut r).0, 200);
    }
}
