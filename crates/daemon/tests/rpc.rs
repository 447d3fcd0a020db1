//! The daemon over real TCP: the API, ownership, and a storm of bad requests.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use riptide_daemon::{serve, ServerConfig, ServerHandle};
use riptide_engine::EngineConfig;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

fn daemon(cfg: ServerConfig) -> ServerHandle {
    serve(ServerConfig { bind: "127.0.0.1:0".parse().unwrap(), engine: EngineConfig::default(), ..cfg }).unwrap()
}

struct Client {
    w: TcpStream,
    r: BufReader<TcpStream>,
    id: u64,
    /// The last requests sent, for the failure message.
    recent: std::collections::VecDeque<String>,
}

impl Client {
    fn new(h: &ServerHandle) -> Client {
        let w = TcpStream::connect(h.addr).unwrap();
        w.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        w.set_nodelay(true).unwrap();
        let r = BufReader::new(w.try_clone().unwrap());
        Client { w, r, id: 0, recent: Default::default() }
    }

    fn raw(&mut self, line: &str) -> Value {
        self.w.write_all(format!("{line}\n").as_bytes()).unwrap();
        self.recent.push_back(line.to_string());
        if self.recent.len() > 12 {
            self.recent.pop_front();
        }
        let mut s = String::new();
        self.r
            .read_line(&mut s)
            .unwrap_or_else(|e| panic!("no reply to {line}: {e}; recent requests: {:#?}", self.recent));
        serde_json::from_str(&s).unwrap_or_else(|e| panic!("reply is not JSON ({e}): {s}"))
    }

    fn call(&mut self, method: &str, params: Value) -> Result<Value, (i64, String)> {
        self.id += 1;
        let v = self.raw(&json!({"jsonrpc": "2.0", "id": self.id, "method": method, "params": params}).to_string());
        assert_eq!(v["id"], json!(self.id));
        match v.get("error") {
            Some(e) => Err((e["code"].as_i64().unwrap(), e["message"].as_str().unwrap().to_string())),
            None => Ok(v["result"].clone()),
        }
    }
}

/// Resident memory of this process (the daemon runs in it), KiB.
fn rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

fn wait_state(c: &mut Client, want: &str) {
    let t = Instant::now();
    while c.call("state", json!({})).unwrap()["state"] != want {
        assert!(t.elapsed() < Duration::from_secs(10), "state never became {want}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn load_start_wait_stop() {
    let h = daemon(ServerConfig::default());
    let mut c = Client::new(&h);
    assert_eq!(c.call("ping", json!({})).unwrap(), "pong");
    let v = c.call("version", json!({"api_major": 1})).unwrap();
    assert_eq!(v["api_version"]["major"], 1);
    assert_eq!(c.call("version", json!({"api_major": 2})).unwrap_err().0, -32003);
    assert_eq!(c.call("ports", json!({})).unwrap()[0]["driver"], "null");
    assert_eq!(c.call("load_profile", json!({"text": "streams: [{}]"})).unwrap_err().0, -32001);
    c.call("acquire", json!({})).unwrap();
    let e = c.call("load_profile", json!({"text": "streams: [{rate: fast}]", "source": "p.yaml"})).unwrap_err();
    assert!(e.1.starts_with("p.yaml:1:"), "{}", e.1);
    c.call("load_profile", json!({"text": "streams: [{rate: 1mpps}]"})).unwrap();
    c.call("start", json!({"count": 50_000, "multiplier": "2"})).unwrap();
    wait_state(&mut c, "finished");
    let s = c.call("stop", json!({})).unwrap();
    assert_eq!(s["ports"][0]["opackets"], 50_000);
    assert_eq!(s["state"], "stopped");
    h.shutdown();
}

#[test]
fn two_clients_fight_for_the_engine() {
    let h = daemon(ServerConfig::default());
    let (mut a, mut b) = (Client::new(&h), Client::new(&h));
    a.call("acquire", json!({})).unwrap();
    let e = b.call("acquire", json!({})).unwrap_err();
    assert_eq!(e.0, -32001);
    assert!(e.1.contains("force"), "{}", e.1);
    b.call("acquire", json!({"force": true})).unwrap();
    assert_eq!(a.call("start", json!({})).unwrap_err().0, -32001);
    assert!(b.call("stats", json!({})).is_ok());
    h.shutdown();
}

#[test]
fn traffic_of_a_vanished_owner_is_stopped() {
    let h = daemon(ServerConfig { owner_timeout: Duration::from_millis(200), ..Default::default() });
    {
        let mut a = Client::new(&h);
        a.call("acquire", json!({})).unwrap();
        a.call("load_profile", json!({"text": "streams: [{rate: 10kpps}]"})).unwrap();
        a.call("start", json!({})).unwrap();
    }
    let mut b = Client::new(&h);
    wait_state(&mut b, "stopped");
    h.shutdown();
}

#[test]
fn token_is_required_when_configured() {
    let h = daemon(ServerConfig { token: Some("s3cret".into()), ..Default::default() });
    let mut c = Client::new(&h);
    assert_eq!(c.call("stats", json!({})).unwrap_err().0, -32002);
    assert_eq!(c.call("auth", json!({"token": "nope"})).unwrap_err().0, -32002);
    c.call("auth", json!({"token": "s3cret"})).unwrap();
    assert!(c.call("stats", json!({})).is_ok());
    h.shutdown();
}

#[test]
fn non_loopback_bind_needs_a_token() {
    let r = serve(ServerConfig { bind: "0.0.0.0:0".parse().unwrap(), ..Default::default() });
    assert!(r.is_err());
}

/// 10,000 random and malformed requests: every one gets a JSON-RPC reply,
/// the daemon keeps answering, and no traffic is left without an owner.
#[test]
fn survives_a_storm_of_bad_requests() {
    let h = daemon(ServerConfig { max_request: 4096, owner_timeout: Duration::from_millis(100), ..Default::default() });
    let mut c = Client::new(&h);
    let methods = [
        "start",
        "stop",
        "pause",
        "resume",
        "update",
        "stats",
        "load_profile",
        "acquire",
        "release",
        "nope",
        "ports",
        "state",
        "",
        "add_streams",
        "remove_streams",
        "list_streams",
        "schema",
        "subscribe_not",
    ];
    let values = [
        json!(null),
        json!(1),
        json!(-1),
        json!(1.5e300),
        json!("x"),
        json!(""),
        json!([]),
        json!({}),
        json!(true),
        json!("10mpps"),
        json!({"pps": -1}),
        json!("streams: [{}]"),
        json!("{{{{"),
        json!(u64::MAX),
    ];
    let keys = [
        "count",
        "duration",
        "multiplier",
        "cores",
        "text",
        "source",
        "force",
        "unpaced",
        "bogus",
        "streams",
        "names",
        "at_unix_ns",
        "seed",
    ];
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n as u64) as usize
    };
    let mut rss_after_warmup = 0;
    for i in 0..10_000u64 {
        if i == 1000 {
            rss_after_warmup = rss_kib();
        }
        let line = match next(6) {
            0 => "{not json".to_string(),
            1 => json!([1, 2, 3]).to_string(),
            2 => json!({"jsonrpc": "2.0", "id": i, "method": methods[next(methods.len())], "params": values[next(values.len())]}).to_string(),
            3 => json!({"jsonrpc": "1.0", "id": i, "method": "ping"}).to_string(),
            _ => {
                let mut p = serde_json::Map::new();
                for _ in 0..next(3) {
                    p.insert(keys[next(keys.len())].into(), values[next(values.len())].clone());
                }
                // Keep runs short: never an unbounded start.
                if p.contains_key("count") || p.contains_key("duration") {
                    p.insert("count".into(), json!(1000));
                    p.remove("duration");
                }
                json!({"jsonrpc": "2.0", "id": i, "method": methods[next(methods.len())], "params": p}).to_string()
            }
        };
        let v = c.raw(&line);
        assert_eq!(v["jsonrpc"], "2.0", "{line} -> {v}");
        assert!(v.get("result").is_some() ^ v.get("error").is_some(), "{line} -> {v}");
        if let Some(e) = v.get("error") {
            assert!(!e["message"].as_str().unwrap().is_empty());
        }
    }
    // Memory stays bounded: 9,000 more requests grow the daemon (this process) by little.
    let grown = rss_kib().saturating_sub(rss_after_warmup);
    assert!(grown < 32 * 1024, "RSS grew by {grown} KiB over 9,000 requests");
    // A request over the size limit is refused, and the daemon serves the next client.
    let big = format!("{{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"pad\":\"{}\"}}", "a".repeat(10_000));
    let v = c.raw(&big);
    assert!(v["error"]["message"].as_str().unwrap().contains("larger than"));
    drop(c);
    let mut d = Client::new(&h);
    assert_eq!(d.call("ping", json!({})).unwrap(), "pong");
    // Whatever the storm started, its owner is gone: traffic ends.
    let t = Instant::now();
    loop {
        let s = d.call("state", json!({})).unwrap()["state"].clone();
        if s == "idle" || s == "stopped" || s == "finished" {
            break;
        }
        assert!(t.elapsed() < Duration::from_secs(10), "traffic left running: {s}");
        std::thread::sleep(Duration::from_millis(20));
    }
    h.shutdown();
}

#[test]
fn subscribe_streams_stats_notifications() {
    let h = daemon(ServerConfig::default());
    let mut c = Client::new(&h);
    let v =
        c.raw(&json!({"jsonrpc": "2.0", "id": 1, "method": "subscribe", "params": {"interval_ms": 50}}).to_string());
    assert_eq!(v["result"]["subscribed"], true);
    for _ in 0..3 {
        let mut s = String::new();
        c.r.read_line(&mut s).unwrap();
        let n: Value = serde_json::from_str(&s).unwrap();
        assert_eq!(n["method"], "stats");
        assert!(n.get("id").is_none(), "a notification has no id");
        assert!(n["params"]["state"].is_string());
    }
    h.shutdown();
}
