//! Fuzzing over the sockets (issue 32): hostile peers on `serve --trex`'s REP and PUB
//! ports send any bytes, any ZMTP frame headers (sizes up to 2^64-1), half handshakes,
//! stalls, subscriptions they never read, and any JSON-RPC method with any params (plain,
//! zlib-framed, lying about their length, in batches), while a well-behaved client is
//! answered throughout. Bounds checked: every good call answered within 2 s, the
//! process's peak RSS under [`RSS_BOUND_KIB`], the server stops in bounded time.
//!
//! Two runs, as crates/cli/tests/fuzz.rs: a fixed seed (the same peers every time) and a
//! random one, printed, which `RIPTIDE_FUZZ_SEED=<seed>` replays.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use riptide_engine::EngineConfig;
use riptide_trex::server::{ASTF_METHODS, METHODS};
use riptide_trex::zmtp::{self, Event, Role, Session};
use riptide_trex::{serve, wire, TrexConfig, TrexHandle};
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The peak resident memory the test process (server and peers) may reach, KiB. The
/// server's own bounds: 64 MiB of unfinished requests, one 16 MiB request parsed at a
/// time, 64 MiB of stream objects, 32 MiB replies.
const RSS_BOUND_KIB: u64 = 1 << 20;

/// How long the peers attack, per seed.
const ATTACK: Duration = Duration::from_secs(4);

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }

    fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.below(v.len() as u64) as usize]
    }
}

/// Any JSON value of the shapes TRex's params take, and wrong ones.
fn value(r: &mut Rng, depth: u32) -> Value {
    let leaf = |r: &mut Rng| match r.below(9) {
        0 => Value::Null,
        1 => json!(r.below(2) == 0),
        2 => json!(r.next() as i64),
        3 => json!(r.below(4)),
        4 => json!([1e30, -1.5, 0.5, f64::MAX, 1e-300][r.below(5) as usize]),
        5 => json!("_"),
        6 => {
            let n = r.below(12) as usize;
            json!(String::from_utf8_lossy(&r.bytes(n)))
        }
        7 => json!("AAAAAQAAAAAAAgAACABFAAAuAAEAAEAROr0QAAABMAAAAQQBAAwAGn9v"),
        _ => json!("x".repeat(r.below(70_000) as usize)),
    };
    if depth == 0 || r.below(3) == 0 {
        return leaf(r);
    }
    if r.below(2) == 0 {
        Value::Array((0..r.below(4)).map(|_| value(r, depth - 1)).collect())
    } else {
        let keys = ["type", "value", "rate", "binary", "instructions", "mode", "packet", "vm", "op", "name", "x"];
        Value::Object((0..r.below(5)).map(|_| (r.pick(&keys).to_string(), value(r, depth - 1))).collect())
    }
}

fn params(r: &mut Rng, api_h: &str) -> Value {
    let keys = [
        "port_id",
        "handler",
        "stream_id",
        "stream",
        "mul",
        "duration",
        "user",
        "force",
        "attr",
        "pgids",
        "profile_id",
        "key",
        "since",
        "session_id",
        // TRex's ASTF methods' keys.
        "fragment",
        "frag_first",
        "frag_last",
        "md5",
        "mult",
        "nc",
        "tg_ids",
        "epoch",
        "initialized",
        // TRex's tagged packet groups' keys.
        "username",
        "num_tpgids",
        "ports",
        "rx_ports",
        "tags",
        "tpgid",
        "min_tag",
        "max_tag",
        "tag_list",
        "unknown_tag",
        "untagged",
        "min_tpgid",
        "max_tpgid",
    ];
    let mut p: serde_json::Map<String, Value> =
        (0..r.below(6)).map(|_| (r.pick(&keys).to_string(), value(r, 3))).collect();
    if r.below(4) != 0 {
        p.insert("api_h".into(), json!(api_h));
    }
    if r.below(2) == 0 {
        p.insert("port_id".into(), json!(r.below(3)));
    }
    Value::Object(p)
}

fn request(r: &mut Rng, api_h: &str) -> Vec<u8> {
    let one = |r: &mut Rng| {
        let method = match r.below(8) {
            0 => value(r, 1),
            1 | 2 => json!(r.pick(ASTF_METHODS)),
            _ => json!(r.pick(METHODS)),
        };
        let id = if r.below(10) == 0 { value(r, 1) } else { json!(r.below(1000)) };
        json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params(r, api_h)})
    };
    let v = if r.below(5) == 0 { Value::Array((0..r.below(40)).map(|_| one(r)).collect()) } else { one(r) };
    let text = serde_json::to_vec(&v).unwrap();
    match r.below(6) {
        0 => wire::wrap(&text, true),
        1 => {
            let mut z = wire::wrap(&text, true);
            let lie = r.next() as u32;
            z[4..8].copy_from_slice(&lie.to_be_bytes());
            z
        }
        _ => text,
    }
}

/// A client of `role` after its handshake, or `None` if the server would not have it.
fn open(addr: SocketAddr, role: Role) -> Option<(TcpStream, Session)> {
    let mut s = TcpStream::connect(addr).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(3))).ok()?;
    let limits = zmtp::Limits { max_frame: 64 << 20, max_message: 64 << 20, max_frames: 16 };
    let mut session = Session::new(role, limits);
    s.write_all(&session.hello()).ok()?;
    let mut buf = [0u8; 4096];
    while !session.is_open() {
        let n = s.read(&mut buf).ok().filter(|n| *n > 0)?;
        session.handle_bytes(&buf[..n]).ok()?;
    }
    Some((s, session))
}

/// A well-behaved REQ client.
struct Good {
    s: TcpStream,
    session: Session,
    api_h: String,
}

impl Good {
    fn new(addr: SocketAddr) -> Good {
        let (s, session) = open(addr, Role::Req).expect("the good client's handshake");
        let mut g = Good { s, session, api_h: String::new() };
        let r = g.call("api_sync_v2", json!({"name": "STL", "major": 5, "minor": 1}));
        g.api_h = r["result"]["api_h"].as_str().unwrap().to_string();
        g
    }

    fn call(&mut self, method: &str, mut params: Value) -> Value {
        if !self.api_h.is_empty() {
            params["api_h"] = json!(self.api_h);
        }
        let body = serde_json::to_vec(&json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": params})).unwrap();
        self.s.write_all(&zmtp::message(&[b"", &body])).unwrap();
        let mut buf = vec![0u8; 65536];
        loop {
            if let Some(Event::Message(frames)) = self.session.poll_event() {
                return serde_json::from_slice(frames.last().unwrap()).unwrap();
            }
            let n = self.s.read(&mut buf).expect("the good client's reply");
            assert!(n > 0, "the server closed the good client");
            self.session.handle_bytes(&buf[..n]).unwrap();
        }
    }
}

/// One hostile peer's visit.
fn attack(r: &mut Rng, rpc: SocketAddr, publish: SocketAddr, api_h: &str) {
    let write = |s: &mut TcpStream, b: &[u8]| {
        let _ = s.set_write_timeout(Some(Duration::from_millis(300)));
        let _ = s.write_all(b);
    };
    match r.below(7) {
        // Any bytes, before any handshake.
        0 => {
            if let Ok(mut s) = TcpStream::connect(if r.below(2) == 0 { rpc } else { publish }) {
                let n = r.below(4096) as usize;
                write(&mut s, &r.bytes(n));
            }
        }
        // A greeting cut short, or changed at one byte, and a stall.
        1 => {
            if let Ok(mut s) = TcpStream::connect(rpc) {
                let mut g =
                    Session::new(Role::Req, zmtp::Limits { max_frame: 1, max_message: 1, max_frames: 1 }).hello();
                let at = r.below(g.len() as u64) as usize;
                g[at] = r.next() as u8;
                g.truncate(r.below(g.len() as u64 + 1) as usize);
                write(&mut s, &g);
                std::thread::sleep(Duration::from_millis(r.below(200)));
            }
        }
        // Any frame headers after a good handshake, sizes up to 2^64-1, and a few bytes.
        2 => {
            let (addr, role) = if r.below(3) == 0 { (publish, Role::Sub) } else { (rpc, Role::Req) };
            if let Some((mut s, _)) = open(addr, role) {
                let mut h = vec![r.next() as u8 & 0x07];
                let size = match r.below(3) {
                    0 => r.next(),
                    1 => r.below(1 << 25),
                    _ => r.below(300),
                };
                if h[0] & 2 != 0 {
                    h.extend_from_slice(&size.to_be_bytes());
                } else {
                    h.push(size as u8);
                }
                let n = r.below(70_000) as usize;
                h.extend(r.bytes(n));
                write(&mut s, &h);
            }
        }
        // Any request, never reading the replies, or reading them.
        3 | 4 => {
            if let Some((mut s, _)) = open(rpc, Role::Req) {
                for _ in 0..r.below(8) + 1 {
                    write(&mut s, &zmtp::message(&[b"", &request(r, api_h)]));
                }
                if r.below(2) == 0 {
                    let mut buf = [0u8; 65536];
                    let _ = s.set_read_timeout(Some(Duration::from_millis(200)));
                    let _ = s.read(&mut buf);
                }
            }
        }
        // Subscribers: any subscriptions, any bytes, never reading.
        5 => {
            if let Some((mut s, _)) = open(publish, Role::Sub) {
                for _ in 0..r.below(100) {
                    let mut t = vec![1u8];
                    let n = r.below(300) as usize;
                    t.extend(r.bytes(n));
                    write(&mut s, &zmtp::message(&[&t]));
                }
                let n = r.below(2000) as usize;
                write(&mut s, &r.bytes(n));
            }
        }
        // A connection that says nothing.
        _ => {
            if let Ok(s) = TcpStream::connect(rpc) {
                std::thread::sleep(Duration::from_millis(r.below(300)));
                drop(s);
            }
        }
    }
}

/// The process's peak resident memory (`VmHWM`), KiB. A bound on memory that cannot be
/// read fails rather than passes on a zero.
fn peak_rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status")
        .unwrap_or_else(|e| panic!("/proc/self/status: {e} (the memory bound reads VmHWM there)"));
    let kib = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.strip_suffix("kB"))
        .and_then(|v| v.trim().parse::<u64>().ok())
        .unwrap_or_else(|| panic!("no VmHWM in kB in /proc/self/status:\n{status}"));
    assert!(kib > 0, "VmHWM is 0 kB: not this process's peak");
    kib
}

fn server() -> TrexHandle {
    serve(TrexConfig {
        rpc: "127.0.0.1:0".parse().unwrap(),
        publish: "127.0.0.1:0".parse().unwrap(),
        engine: EngineConfig { ports: vec!["null".parse().unwrap(), "null".parse().unwrap()], ..Default::default() },
        interval: Duration::from_millis(100),
        timestamps: Default::default(),
        segment: None,
    })
    .unwrap()
}

fn run(seed: u64) {
    let h = server();
    let (rpc, publish) = (h.rpc, h.publish);
    let mut good = Good::new(rpc);
    let api_h = good.api_h.clone();
    let stop = Arc::new(AtomicBool::new(false));
    let peers: Vec<_> = (0..4u64)
        .map(|i| {
            let (stop, api_h) = (stop.clone(), api_h.clone());
            std::thread::spawn(move || {
                let mut r = Rng(seed ^ (i + 1).wrapping_mul(0xA24B_AED4_963E_E407));
                while !stop.load(Ordering::Relaxed) {
                    attack(&mut r, rpc, publish, &api_h);
                }
            })
        })
        .collect();
    // A good client is answered throughout the attack, called again and again.
    let mut worst = Duration::ZERO;
    let mut calls = 0;
    riptide_testkit::holds_for(ATTACK, format!("seed {seed}: a good client answered"), || {
        let t = Instant::now();
        let r = good.call("get_port_status", json!({"port_id": 1}));
        assert!(r["result"]["state"].is_string(), "seed {seed}: {r}");
        worst = worst.max(t.elapsed());
        calls += 1;
        true
    });
    stop.store(true, Ordering::Relaxed);
    for p in peers {
        p.join().unwrap();
    }
    assert!(worst < Duration::from_secs(2), "seed {seed}: a good call waited {worst:?}");
    assert!(calls > 20, "seed {seed}: {calls} good calls in {ATTACK:?}");
    let counts = h.rpc_counts();
    let t = Instant::now();
    h.shutdown();
    let shutdown = t.elapsed();
    assert!(shutdown < Duration::from_secs(5), "seed {seed}: shutdown took {shutdown:?}");
    let rss = peak_rss_kib();
    assert!(rss < RSS_BOUND_KIB, "seed {seed}: peak RSS {rss} KiB");
    eprintln!(
        "seed {seed}: {calls} good calls, the slowest {worst:?}; peers accepted {}, evicted {}, not admitted {}; \
         shutdown {shutdown:?}; peak RSS {rss} KiB",
        counts.accepted, counts.evicted, counts.not_admitted
    );
}

#[test]
fn hostile_peers_on_both_sockets_fixed_seed() {
    run(0x5EED_0032);
}

#[test]
fn hostile_peers_on_both_sockets_random_seed() {
    let seed = std::env::var("RIPTIDE_FUZZ_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64)
    });
    eprintln!("RIPTIDE_FUZZ_SEED={seed}");
    run(seed);
}
