//! TRex's STL RPC methods over riptide's engine: bytes in, bytes out, no sockets.
//!
//! [`Trex::handle`] answers one message off the REQ/REP socket (a JSON-RPC request or a
//! batch, plain or zlib-framed); [`Trex::tick`] gives what the PUB socket publishes
//! (the `trex-global` counters and the events since the last tick). Every failure is a
//! JSON-RPC error object: a message never takes the server down.
//!
//! TRex drives each port on its own; riptide's engine runs one profile on all its
//! ports. The translation: `start_traffic` calls of one message (the TRex client sends
//! `start(ports=[0, 1])` as one batch) start together, as one run of the streams of
//! those ports; `stop`, `pause`, `resume` and `update` of any port of a run act on the
//! whole run. Starting a port while another run transmits is refused, with the reason.
//!
//! This file holds the server's state and the method dispatch; the methods' work is
//! split by concern: `ports` (ownership, state, attributes), `traffic` (starts gathered
//! into runs, stops, the run's end), `stats` (TRex's counters), `service` (captures,
//! pushed packets), `events` (the event log, subscribers, PUB ticks), `astf`.

use crate::translate::{self, PacketGroup};
use crate::wire;
use riptide_core::units::{FCS_LEN, L1_OVERHEAD};
use riptide_core::Nanos;
use riptide_core::PortCounters;
use riptide_engine::{
    Command, Engine, EngineConfig, Lane, Multiplier, PortOp, Response, RunState, Snapshot, StartOptions,
};
use riptide_session::{Full, Limits, Owners, Refused, StreamTables};
use serde_json::{json, Map, Value};
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::time::Instant;

mod astf;
mod events;
mod ports;
mod service;
mod stats;
mod tpg;
mod traffic;
pub use astf::{MAX_PROFILE_BYTES, METHODS as ASTF_METHODS};
use stats::{pg_counts, port_stats, PgCounts};

/// The STL API version served (`api_sync_v2`: clients of another major are refused).
pub const API: (u64, u64) = (5, 1);

/// Requests one batch may hold.
pub const MAX_BATCH: usize = 10_000;

/// How long after its last `get_async_events` a current subscriber still gets `{}`
/// triggers (TRex's server keeps a quiet session's queue as long).
const SUBSCRIBER_QUIET: std::time::Duration = std::time::Duration::from_secs(10);

/// Events kept for `get_async_events`.
const EVENT_LOG: usize = 1024;

/// Streams one port may hold.
const MAX_STREAMS: usize = 20_000;

/// Largest stream object kept (its JSON text, unknown keys dropped): TRex's client
/// sends a stream of a 9 KiB packet and its field engine in a few tens of KiB.
pub const MAX_STREAM_BYTES: usize = 256 << 10;

/// Stream objects kept for all ports together (JSON text).
pub const MAX_STORED_BYTES: usize = 64 << 20;

/// The stream tables' limits (the session layer holds them).
const STREAM_LIMITS: Limits = Limits { streams: MAX_STREAMS, stream_bytes: MAX_STREAM_BYTES, bytes: MAX_STORED_BYTES };

/// Largest reply: the results of a batch past this are errors saying so.
pub const MAX_REPLY_BYTES: usize = 32 << 20;

/// Longest request `id`, session id, user name or `publish_now` key kept or echoed.
pub const MAX_NAME: usize = 256;

/// The keys of a TRex stream object (its client's `STLStream.to_json`, older clients'
/// `next_stream_id` and `rx_stats`): the rest is dropped, as TRex's server drops it.
const STREAM_KEYS: &[&str] = &[
    "enabled",
    "self_start",
    "start_paused",
    "isg",
    "core_id",
    "flags",
    "action_count",
    "random_seed",
    "mode",
    "packet",
    "vm",
    "flow_stats",
    "rx_stats",
    "next_stream_id",
    "name",
    "next",
];

/// JSON-RPC 2.0 error codes (TRex's: parse and parameter errors -32602, execution
/// errors -32000, unknown methods -32601).
pub mod code {
    /// Not JSON (or not a TRex frame).
    pub const PARSE: i64 = -32700;
    /// Not a JSON-RPC 2.0 request.
    pub const INVALID_REQUEST: i64 = -32600;
    /// No such method, or one riptide does not serve.
    pub const METHOD_NOT_FOUND: i64 = -32601;
    /// Bad or missing parameters (TRex's parse errors).
    pub const INVALID_PARAMS: i64 = -32602;
    /// The request was understood and could not be carried out.
    pub const EXECUTE: i64 = -32000;
}

/// TRex's server event ids (`trex-event` messages on the PUB socket).
pub mod event {
    /// Traffic started on a port.
    pub const PORT_STARTED: u64 = 0;
    /// Traffic stopped on a port.
    pub const PORT_STOPPED: u64 = 1;
    /// Traffic paused.
    pub const PORT_PAUSED: u64 = 2;
    /// Traffic resumed.
    pub const PORT_RESUMED: u64 = 3;
    /// A port's traffic ended by itself (bursts done, duration over).
    pub const PORT_JOB_DONE: u64 = 4;
    /// A port was acquired.
    pub const PORT_ACQUIRED: u64 = 5;
    /// A port was released.
    pub const PORT_RELEASED: u64 = 6;
    /// A port failed.
    pub const PORT_ERROR: u64 = 7;
    /// A port's attributes changed.
    pub const PORT_ATTR_CHG: u64 = 8;
    /// A profile started (TRex's current server: one per port and profile).
    pub const PROFILE_STARTED: u64 = 10;
    /// A profile was stopped.
    pub const PROFILE_STOPPED: u64 = 11;
    /// A profile was paused.
    pub const PROFILE_PAUSED: u64 = 12;
    /// A profile was resumed.
    pub const PROFILE_RESUMED: u64 = 13;
    /// A profile sent all it had.
    pub const PROFILE_FINISHED_TX: u64 = 14;
    /// A profile failed.
    pub const PROFILE_ERROR: u64 = 17;
}

/// Methods served, as `get_supported_cmds` lists them.
pub const METHODS: &[&str] = &[
    "api_sync",
    "api_sync_v2",
    "ping",
    "get_version",
    "get_system_info",
    "get_supported_cmds",
    "get_owner",
    "get_port_status",
    "get_port_xstats_names",
    "get_port_xstats_values",
    "acquire",
    "release",
    "set_port_attr",
    "add_stream",
    "remove_stream",
    "remove_all_streams",
    "get_stream_list",
    "get_stream",
    "get_all_streams",
    "get_profile_list",
    "validate",
    "start_traffic",
    "stop_traffic",
    "pause_traffic",
    "resume_traffic",
    "update_traffic",
    "remove_rx_filters",
    "set_rx_feature",
    "service",
    "get_global_stats",
    "get_port_stats",
    "get_utilization",
    "get_active_pgids",
    "get_pgid_stats",
    "publish_now",
    "get_async_events",
    "enable_tpg",
    "disable_tpg",
    "get_tpg_state",
    "get_tpg_status",
    "get_tpg_tags",
    "get_tpg_stats",
    "get_tpg_tx_stats",
    "clear_tpg_stats",
    "clear_tpg_tx_stats",
    "get_tpg_unknown_tags",
    "clear_tpg_unknown_tags",
    "update_tpg_tags",
    "clear_updated",
    "capture",
    "push_pkts",
];

/// Methods that need no `api_h` (TRex's client probes a server with `get_version`).
const OPEN: &[&str] = &["api_sync", "api_sync_v2", "ping", "get_version"];

type Params = Map<String, Value>;
type Failure = (i64, String);

fn bad(msg: impl Into<String>) -> Failure {
    (code::INVALID_PARAMS, msg.into())
}

fn exec(msg: impl Into<String>) -> Failure {
    (code::EXECUTE, msg.into())
}

/// A JSON-RPC error reply (a message quoting a huge request is cut).
pub fn error_reply(id: &Value, code: i64, msg: &str) -> Value {
    let msg = riptide_core::error::shorten(msg, 1024);
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": msg, "specific_err": msg}})
}

/// The length of `v` as JSON text.
fn json_len(v: &Value) -> usize {
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0 += b.len();
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut c = Count(0);
    let _ = serde_json::to_writer(&mut c, v);
    c.0
}

/// A short name (an id, a user, a key): a string of at most [`MAX_NAME`] bytes or a number.
fn name_ok(v: &Value) -> bool {
    match v {
        Value::String(s) => s.len() <= MAX_NAME,
        Value::Number(_) | Value::Null => true,
        _ => false,
    }
}

/// A stream object as kept: TRex's JSON text of its known keys (`get_stream` answers
/// it back) as a value.
fn stored_value(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or(Value::Null)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tx {
    Idle,
    Active,
    Paused,
}

#[derive(Debug)]
struct Port {
    promiscuous: bool,
    tx: Tx,
    /// TRex's service mode (the client's own packets: pushes, captures, its ARP and
    /// ping helpers), as the client set it.
    service: bool,
}

/// A start_traffic waiting for the ports started with it.
#[derive(Clone, Debug)]
struct Arm {
    port: usize,
    mul: Multiplier,
    duration: Option<Nanos>,
    /// The message it came in, and the index of its reply there.
    message: u64,
    reply: usize,
}

/// How long a start waits for the starts of other ports (TRex's client sends one
/// start_traffic per port) before its run begins without them.
const GATHER: std::time::Duration = std::time::Duration::from_millis(20);

/// What a run needs for TRex's per-pg_id answers. Ports start into one engine run, each
/// on its own (the engine's per-port run), until every port is idle again.
#[derive(Debug, Default)]
struct RunInfo {
    /// The ports started in it.
    ports: Vec<usize>,
    /// Riptide stream name -> its packet group.
    groups: HashMap<String, PacketGroup>,
    /// The next tag id of the run: riptide's tag ids are the run's, TRex's pg_ids the
    /// user's (a port started again counts its pg_ids under fresh tags).
    next_tag: u32,
}

/// How far back a port's rates look: TRex's rates are recent, not a run's average.
const RATE_WINDOW: std::time::Duration = std::time::Duration::from_secs(1);

/// Every port's counters over time (taken every 100 ms, the last few seconds): the rates
/// are their differences over [`RATE_WINDOW`].
#[derive(Debug, Default)]
struct Samples(VecDeque<(Instant, Vec<PortCounters>)>);

impl Samples {
    fn due(&self) -> bool {
        self.0.back().is_none_or(|(t, _)| t.elapsed() >= std::time::Duration::from_millis(100))
    }

    fn push(&mut self, now: Instant, ports: Vec<PortCounters>) {
        self.0.push_back((now, ports));
        while self.0.front().is_some_and(|(t, _)| now.duration_since(*t) > 3 * RATE_WINDOW) {
            self.0.pop_front();
        }
    }

    /// Port `port`'s (packets, bytes) per second sent and received from the sample
    /// nearest a window ago to `now`'s counters `c`.
    fn rates(&self, port: usize, now: Instant, c: &PortCounters) -> Option<[f64; 4]> {
        let (t, old) = self
            .0
            .iter()
            .find(|(t, _)| now.duration_since(*t) <= RATE_WINDOW + std::time::Duration::from_millis(50))
            .or(self.0.front())?;
        let dt = now.duration_since(*t).as_secs_f64();
        let o = old.get(port)?;
        if dt < 0.05 {
            return None;
        }
        let d = |a: u64, b: u64| a.saturating_sub(b) as f64 / dt;
        Some([d(c.opackets, o.opackets), d(c.obytes, o.obytes), d(c.ipackets, o.ipackets), d(c.ibytes, o.ibytes)])
    }
}

/// The TRex front end's state over one engine.
pub struct Trex {
    engine: Engine,
    ports: Vec<Port>,
    /// Who owns each port (by TRex handler token).
    owners: Owners<String>,
    /// Each port's streams by stream id, as TRex sent them and translated.
    streams: StreamTables<u32, translate::Stream>,
    api_h: String,
    run: Option<RunInfo>,
    /// The last run's final figures (after it ended or was stopped): its latency.
    last: Option<(RunInfo, Snapshot)>,
    /// Counters of the runs that ended, per packet group: TRex's counters only grow (its
    /// client reads them against baselines it keeps), while each engine run counts from
    /// zero. (Ports' counters are the engine's totals.)
    base_pg: BTreeMap<u16, PgCounts>,
    armed: Vec<Arm>,
    armed_at: Option<Instant>,
    message: u64,
    events: VecDeque<(u64, Value)>,
    next_event: u64,
    outbox: Vec<Value>,
    /// TRex's current subscribers (`get_async_events {session_id, user: "sub"}`), by
    /// session: the next event each has not read, and the `seq` it gets next.
    subscribers: Vec<(String, u64, u64)>,
    /// When a current client synced or its subscriber last polled: while within [`SUBSCRIBER_QUIET`],
    /// the PUB socket also carries TRex's `{}` trigger (its subscriber polls on it).
    polled_at: Option<Instant>,
    handlers: u64,
    seed: u64,
    started: Instant,
    hostname: String,
    /// TRex's ASTF side: its profiles, states and epochs.
    astf: astf::Astf,
    /// Port counters over the last seconds, for rates.
    samples: Samples,
    /// The tagged packet groups' context, while one is enabled.
    tpg: Option<tpg::Tpg>,
    /// Where the latency streams' stamps come from, for every run it starts.
    pub timestamps: riptide_engine::Timestamps,
    /// The share of every ASTF run it opens ([`crate::TrexConfig::segment`]).
    pub segment: Option<riptide_engine::Segment>,
}

impl Trex {
    /// A TRex front end on a new engine with `config`'s ports; `seed` makes its handles.
    pub fn new(mut config: EngineConfig, seed: u64) -> Self {
        // TRex's capture API (`capture`) captures any port on demand.
        config.captures = true;
        let n = config.ports.len();
        let hostname = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap_or_default().trim().to_string();
        let mut t = Trex {
            engine: Engine::new(config),
            ports: (0..n).map(|_| Port { promiscuous: false, tx: Tx::Idle, service: false }).collect(),
            owners: Owners::new(n),
            streams: StreamTables::new(n, STREAM_LIMITS),
            api_h: String::new(),
            run: None,
            last: None,
            base_pg: BTreeMap::new(),
            armed: Vec::new(),
            armed_at: None,
            message: 0,
            events: VecDeque::new(),
            next_event: 0,
            outbox: Vec::new(),
            subscribers: Vec::new(),
            polled_at: None,
            handlers: 0,
            seed,
            started: Instant::now(),
            hostname,
            astf: astf::Astf::new(),
            samples: Samples::default(),
            tpg: None,
            timestamps: riptide_engine::Timestamps::Auto,
            segment: None,
        };
        t.api_h = t.token();
        t
    }

    /// An 8-character handle, as TRex's look.
    fn token(&mut self) -> String {
        self.handlers += 1;
        let mut x = self.seed ^ self.handlers.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        const ABC: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
        (0..8)
            .map(|_| {
                x ^= x >> 33;
                x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
                x ^= x >> 29;
                ABC[(x % ABC.len() as u64) as usize] as char
            })
            .collect()
    }

    /// The API handle `api_sync_v2` hands out.
    pub fn api_h(&self) -> &str {
        &self.api_h
    }

    /// Answers one message off the REQ/REP socket: [`decode`], [`Trex::answer`] and,
    /// when the answer waits on a profile's check, the check and [`Trex::resume`], all
    /// at once (a server that shares this state between clients runs the check without
    /// its lock: [`crate::net`]).
    pub fn handle(&mut self, raw: &[u8]) -> Vec<u8> {
        match self.answer(decode(raw)) {
            Answer::Reply(bytes) => bytes,
            Answer::Check(pending) => self.resume(pending.run()),
        }
    }

    /// Answers a decoded message, or says what must be checked first (the last fragment
    /// of a profile upload: its parse takes time in proportion to its size, which must
    /// not hold the other clients).
    pub fn answer(&mut self, request: Request) -> Answer {
        let value = match request.value {
            Ok(v) => v,
            Err(reply) => return Answer::Reply(reply),
        };
        let compressed = request.compressed;
        self.message += 1;
        let out = match value {
            Value::Array(items) if items.is_empty() => {
                error_reply(&Value::Null, code::INVALID_REQUEST, "an empty batch")
            }
            Value::Array(items) if items.len() > MAX_BATCH => error_reply(
                &Value::Null,
                code::INVALID_REQUEST,
                &format!("a batch of {} requests: at most {MAX_BATCH}", items.len()),
            ),
            Value::Array(items) => {
                self.astf.in_batch = true;
                let mut replies = Vec::with_capacity(items.len());
                let mut size = 0;
                for (i, item) in items.iter().enumerate() {
                    // Past the reply's cap, what is left is answered with the reason.
                    let r = if size > MAX_REPLY_BYTES {
                        let id = item.get("id").filter(|id| name_ok(id)).cloned().unwrap_or(Value::Null);
                        error_reply(&id, code::EXECUTE, &too_big(size))
                    } else {
                        self.call(item, i)
                    };
                    size += json_len(&r);
                    replies.push(r);
                }
                self.astf.in_batch = false;
                // The ports a batch starts start together, now.
                if self.armed.iter().any(|a| a.message == self.message) {
                    self.commit(Some(&mut replies));
                }
                Value::Array(replies)
            }
            v => {
                let r = self.call(&v, 0);
                if let Some(check) = self.astf.pending.take() {
                    return Answer::Check(Pending { check, id: r["id"].clone(), compressed });
                }
                let size = json_len(&r);
                if size > MAX_REPLY_BYTES {
                    error_reply(&r["id"], code::EXECUTE, &too_big(size))
                } else {
                    r
                }
            }
        };
        Answer::Reply(reply_bytes(&out, compressed))
    }

    /// The reply to a request whose profile was checked ([`Answer::Check`]).
    pub fn resume(&mut self, done: Done) -> Vec<u8> {
        let r = match self.astf_checked(done.checked) {
            Ok(result) => json!({"jsonrpc": "2.0", "id": done.id, "result": result}),
            Err((code, msg)) => error_reply(&done.id, code, &msg),
        };
        reply_bytes(&r, done.compressed)
    }

    fn call(&mut self, req: &Value, index: usize) -> Value {
        let Some(m) = req.as_object() else {
            return error_reply(&Value::Null, code::INVALID_REQUEST, "a request must be a JSON object");
        };
        let id = m.get("id").cloned().unwrap_or(Value::Null);
        if !name_ok(&id) {
            let msg = format!("\"id\" must be a number or a string of at most {MAX_NAME} bytes");
            return error_reply(&Value::Null, code::INVALID_REQUEST, &msg);
        }
        if m.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
            return error_reply(&id, code::INVALID_REQUEST, "\"jsonrpc\" must be \"2.0\"");
        }
        let Some(method) = m.get("method").and_then(Value::as_str) else {
            return error_reply(&id, code::INVALID_REQUEST, "\"method\" must be a string");
        };
        if method != "start_traffic" && !self.armed.is_empty() {
            // Starts gathered so far begin before anything else is answered.
            self.commit(None);
        }
        let empty = Params::new();
        let params = match m.get("params") {
            None | Some(Value::Null) => &empty,
            Some(Value::Object(p)) => p,
            Some(_) => return error_reply(&id, code::INVALID_PARAMS, "\"params\" must be an object"),
        };
        if !OPEN.contains(&method) && METHODS.contains(&method) {
            match params.get("api_h").and_then(Value::as_str) {
                Some(h) if h == self.api_h => {}
                Some(_) => {
                    return error_reply(&id, code::INVALID_PARAMS, "api_h mismatch: call api_sync_v2 for this server's")
                }
                None => return error_reply(&id, code::INVALID_PARAMS, "api_h missing: call api_sync_v2 first"),
            }
        }
        match self.method(method, params, index) {
            Ok(result) => json!({"jsonrpc": "2.0", "id": id, "result": result}),
            Err((code, msg)) => error_reply(&id, code, &msg),
        }
    }

    fn method(&mut self, method: &str, p: &Params, index: usize) -> Result<Value, Failure> {
        self.sync();
        if let Some(r) = self.astf_method(method, p) {
            return r;
        }
        if let Some(r) = self.tpg_method(method, p) {
            return r;
        }
        match method {
            "api_sync_v2" => {
                let name = p.get("name").and_then(Value::as_str).unwrap_or("");
                let major = p.get("major").and_then(Value::as_u64);
                // Only TRex's current client syncs this way: it reads its events by polling.
                self.polled_at = Some(Instant::now());
                let served = match name {
                    "STL" => major == Some(API.0),
                    "ASTF" => major == Some(astf::API_MAJOR),
                    _ => false,
                };
                if !served {
                    return Err(bad(format!(
                        "riptide serves TRex's STL API {}.{} and ASTF API {}; the client asked for {name} {}",
                        API.0,
                        API.1,
                        astf::API_MAJOR,
                        major.map_or("without a major version".to_string(), |m| format!("major {m}"))
                    )));
                }
                Ok(json!({"api_h": self.api_h}))
            }
            "api_sync" => {
                let vers =
                    p.get("api_vers").and_then(Value::as_array).ok_or_else(|| bad("api_vers: a list expected"))?;
                let out: Vec<Value> = vers
                    .iter()
                    .map(|v| json!({"type": v.get("type").cloned().unwrap_or(Value::Null), "api_h": self.api_h}))
                    .collect();
                Ok(json!({ "api_vers": out }))
            }
            "ping" => Ok(json!({})),
            "get_version" => Ok(json!({
                "version": concat!("riptide ", env!("CARGO_PKG_VERSION"), " (TRex STL API 5)"),
                "build_date": "", "build_time": "", "built_by": "riptide", "mode": "STL",
            })),
            "get_supported_cmds" => Ok(json!(METHODS.iter().chain(astf::METHODS).collect::<Vec<_>>())),
            "get_system_info" => Ok(self.system_info()),
            "get_owner" => {
                let port = self.port(p)?;
                Ok(json!({"owner": self.owner_name(port)}))
            }
            "get_port_status" => {
                let port = self.port(p)?;
                Ok(self.port_status(port))
            }
            "get_port_xstats_names" => {
                self.port(p)?;
                Ok(json!({"xstats_names": XSTATS}))
            }
            "get_port_xstats_values" => {
                let port = self.port(p)?;
                let s = self.port_figures(port);
                let v: Vec<u64> = vec![s.ipackets, s.opackets, s.ibytes, s.obytes, s.ierrors, s.oerrors];
                Ok(json!({ "xstats_values": v }))
            }
            "acquire" => {
                let port = self.port(p)?;
                let (user, session, force) = acquire_params(p)?;
                if let Some(o) = self.owners.owner(port) {
                    if !force {
                        return Err(exec(format!(
                            "port {port} is owned by '{}': acquire with force to take it",
                            o.user
                        )));
                    }
                }
                let handler = self.token();
                let name: String = user.chars().take(64).collect();
                self.owners
                    .acquire(port, handler.clone(), &name, force, Instant::now())
                    .map_err(|e| exec(refused(&e)))?;
                self.emit(
                    event::PORT_ACQUIRED,
                    json!({"port_id": port, "who": user, "session_id": session, "force": force}),
                );
                Ok(json!(handler))
            }
            "release" => {
                let port = self.owned(p)?;
                let handler = p.get("handler").and_then(Value::as_str).unwrap_or_default().to_string();
                let who = self.owners.release(port, &handler, Instant::now()).map(|o| o.user).unwrap_or_default();
                self.emit(event::PORT_RELEASED, json!({"port_id": port, "who": who, "session_id": 0}));
                Ok(json!({}))
            }
            "set_port_attr" => {
                let port = self.owned(p)?;
                let attr = p.get("attr").and_then(Value::as_object).ok_or_else(|| bad("attr: an object expected"))?;
                for (k, v) in attr {
                    let sub = |key: &str| v.get(key).and_then(Value::as_bool);
                    match (k.as_str(), sub("enabled"), sub("up"), sub("on")) {
                        ("promiscuous", Some(on), _, _) => self.ports[port].promiscuous = on,
                        ("link_status", _, Some(true), _) => {}
                        ("link_status", _, Some(false), _) => {
                            return Err(exec("attr.link_status: riptide cannot take a port's link down"))
                        }
                        ("led_status", _, _, Some(_)) | ("multicast", Some(_), _, _) => {}
                        // Which frames reach the receive path: riptide's ports receive all.
                        ("rx_filter_mode", _, _, _) if v.get("mode").is_some_and(Value::is_string) => {}
                        ("flow_ctrl_mode", _, _, _) if v.get("mode").and_then(Value::as_u64) == Some(0) => {}
                        _ => return Err(exec(format!("attr.{k}: {v} is not supported by riptide"))),
                    }
                }
                self.emit(event::PORT_ATTR_CHG, json!({"port_id": port, "attr": self.attrs(port)}));
                Ok(json!({}))
            }
            "add_stream" => {
                let port = self.owned(p)?;
                profile_id(p)?;
                if self.ports[port].tx != Tx::Idle {
                    return Err(exec(format!("port {port} is transmitting: stop it before adding streams")));
                }
                let id = stream_id(p)?;
                let full = |e: Full| match e {
                    Full::Exists => exec(format!("stream {id} already exists on port {port}")),
                    Full::Streams { max, .. } => exec(format!("port {port} holds {max} streams: no more")),
                    Full::StreamBytes { bytes, max } => {
                        bad(format!("stream {id}: {bytes} bytes of JSON: at most {max} per stream"))
                    }
                    Full::Bytes { held, max, .. } => {
                        exec(format!("stream {id}: the server holds {held} bytes of streams: at most {max} in all"))
                    }
                    Full::NoTable { .. } => bad(format!("port_id: {port} is no port of this server")),
                };
                // A new id and room for one more, before the stream is read at all.
                self.streams.check(port, &id, 0).map_err(full)?;
                let v = p.get("stream").ok_or_else(|| bad("stream: missing"))?;
                let kept = known_keys(v);
                let text = serde_json::to_string(&kept).map_err(|e| exec(e.to_string()))?;
                self.streams.check(port, &id, text.len()).map_err(full)?;
                let stream = translate::stream(port as u16, id, &kept).map_err(|e| bad(format!("stream {id}: {e}")))?;
                check_alone(&stream).map_err(|e| bad(format!("stream {id}: {e}")))?;
                self.streams.insert(port, id, text, stream).map_err(full)?;
                Ok(json!({}))
            }
            "remove_stream" => {
                let port = self.owned(p)?;
                profile_id(p)?;
                self.idle(port)?;
                let id = stream_id(p)?;
                self.streams
                    .remove(port, &id)
                    .ok_or_else(|| exec(format!("stream {id} does not exist on port {port}")))?;
                Ok(json!({}))
            }
            "remove_all_streams" => {
                let port = self.owned(p)?;
                profile_id(p)?;
                self.idle(port)?;
                self.streams.clear(port);
                Ok(json!({}))
            }
            "get_stream_list" => {
                let port = self.port(p)?;
                let ids: Vec<u32> = self.streams.by_key(port).map(|(id, _)| *id).collect();
                Ok(match p.get("profile_id").and_then(Value::as_str) {
                    Some("*") => json!({ "_": ids }),
                    _ => json!(ids),
                })
            }
            "get_stream" => {
                let port = self.port(p)?;
                let id = stream_id(p)?;
                let e = self
                    .streams
                    .get(port, &id)
                    .ok_or_else(|| exec(format!("stream {id} does not exist on port {port}")))?;
                let mut s = stored_value(e.text());
                if !p.get("get_pkt").and_then(Value::as_bool).unwrap_or(true) {
                    if let Some(m) = s.as_object_mut() {
                        m.remove("packet");
                    }
                }
                Ok(json!({ "stream": s }))
            }
            "get_all_streams" => {
                let port = self.port(p)?;
                let all: Map<String, Value> =
                    self.streams.by_key(port).map(|(id, e)| (id.to_string(), stored_value(e.text()))).collect();
                Ok(match p.get("profile_id").and_then(Value::as_str) {
                    Some("*") => json!({"profiles": {"_": all}}),
                    _ => json!({ "streams": all }),
                })
            }
            "get_profile_list" => {
                self.port(p)?;
                Ok(json!(["_"]))
            }
            "validate" => {
                let port = self.owned(p)?;
                self.profile_of(&[port], 0).map(|_| json!({}))
            }
            "start_traffic" => self.start_traffic(p, index),
            "stop_traffic" => {
                let port = self.owned(p)?;
                self.armed.retain(|a| a.port != port);
                if self.ports[port].tx != Tx::Idle {
                    self.stop_ports(&[port], event::PORT_STOPPED)?;
                }
                Ok(json!({}))
            }
            "pause_traffic" | "resume_traffic" => {
                let port = self.owned(p)?;
                let pause = method == "pause_traffic";
                let (from, to, op, ev) = if pause {
                    (Tx::Active, Tx::Paused, PortOp::Pause, event::PORT_PAUSED)
                } else {
                    (Tx::Paused, Tx::Active, PortOp::Resume, event::PORT_RESUMED)
                };
                if self.ports[port].tx != from {
                    let what = if pause { "is not transmitting" } else { "is not paused" };
                    return Err(exec(format!("port {port} {what}")));
                }
                self.engine.handle(Command::Ports { ports: vec![port as u16], op }).map_err(|e| exec(e.to_string()))?;
                self.ports[port].tx = to;
                self.emit(ev, json!({"port_id": port, "profile_id": "_"}));
                Ok(json!({}))
            }
            "update_traffic" => {
                let port = self.owned(p)?;
                if self.ports[port].tx == Tx::Idle {
                    return Err(exec(format!("port {port} is not transmitting")));
                }
                let mul = translate::multiplier(p.get("mul").unwrap_or(&Value::Null)).map_err(bad)?;
                let op = PortOp::Update { multiplier: mul };
                self.engine.handle(Command::Ports { ports: vec![port as u16], op }).map_err(|e| exec(e.to_string()))?;
                Ok(json!({ "multiplier": mul_value(&mul) }))
            }
            "remove_rx_filters" => {
                self.owned(p)?;
                Ok(json!({}))
            }
            "service" => {
                // Service mode: the client pushes its own packets (`push_pkts`) and
                // captures what comes back (`capture`); riptide's ports take both in
                // either mode, so the mode is the client's flag.
                let port = self.owned(p)?;
                let on = p.get("enabled").and_then(Value::as_bool).ok_or_else(|| bad("enabled: a boolean expected"))?;
                self.ports[port].service = on;
                Ok(json!({}))
            }
            "push_pkts" => self.push_pkts(p),
            "set_rx_feature" => {
                // TRex's client turns the receive queue off in every reset: that is the
                // only state riptide has.
                let port = self.owned(p)?;
                match p.get("enabled").and_then(Value::as_bool) {
                    Some(false) => Ok(json!({})),
                    _ => Err(exec(format!(
                        "port {port}: receive features ({}) are not supported by riptide's TRex server",
                        p.get("type").and_then(Value::as_str).unwrap_or("?")
                    ))),
                }
            }
            "get_global_stats" => Ok(self.global_stats()),
            "get_port_stats" => {
                let port = self.port(p)?;
                Ok(port_stats(&self.port_figures(port)))
            }
            "get_utilization" => {
                let snap = self.snapshot();
                let cpu: Vec<Value> =
                    snap.iter().flat_map(|s| s.workers.iter()).map(|w| json!([(w.cpu_util * 100.0).round()])).collect();
                Ok(json!({"cpu": cpu, "mbuf_stats": {}}))
            }
            "get_active_pgids" => {
                let (mut fs, mut lat) = (Vec::new(), Vec::new());
                let groups =
                    (0..self.ports.len()).flat_map(|p| self.streams.by_key(p)).filter_map(|(_, e)| e.value.group);
                for g in groups.filter(|g| !g.tpg) {
                    let list = if g.latency { &mut lat } else { &mut fs };
                    if !list.contains(&g.id) {
                        list.push(g.id);
                    }
                }
                Ok(json!({"ids": {"flow_stats": fs, "latency": lat}}))
            }
            "get_pgid_stats" => {
                let ids = p.get("pgids").and_then(Value::as_array).ok_or_else(|| bad("pgids: a list expected"))?;
                let mut want = Vec::with_capacity(ids.len().min(65536));
                for (i, v) in ids.iter().take(65536).enumerate() {
                    let id = v
                        .as_u64()
                        .filter(|&n| n <= 65535)
                        .ok_or_else(|| bad(format!("pgids[{i}]: a pg_id expected")))?;
                    want.push(id as u16);
                }
                // The answer is a map by pg_id: a repeated id is answered once (each latency
                // group's histograms cost an encode, which a list of one id 65,536 times would
                // multiply).
                want.sort_unstable();
                want.dedup();
                Ok(self.pgid_stats(&want))
            }
            "publish_now" => {
                let key = p.get("key").cloned().unwrap_or(Value::Null);
                if !name_ok(&key) {
                    return Err(bad(format!("key: a number or a string of at most {MAX_NAME} bytes expected")));
                }
                let baseline = p.get("baseline").and_then(Value::as_bool).unwrap_or(false);
                let global = self.global_message(baseline);
                self.outbox.push(global);
                self.outbox.push(json!({"name": "trex-barrier", "type": key, "data": {}}));
                Ok(json!({}))
            }
            "get_async_events" => {
                let since = p.get("since").and_then(Value::as_u64).unwrap_or(0);
                let events: Vec<Value> = self
                    .events
                    .iter()
                    .filter(|(seq, _)| *seq >= since)
                    .map(|(seq, e)| json!({"seq": seq, "type": e["type"], "data": e["data"]}))
                    .collect();
                // TRex's current client polls for what its subscriber missed (after each
                // message on the PUB socket) and reads `data`.
                let data = match p.get("session_id") {
                    Some(session) if name_ok(session) => self.subscriber_messages(&session.to_string()),
                    _ => Vec::new(),
                };
                Ok(json!({"events": events, "next": self.next_event, "data": data}))
            }
            "capture" => self.capture(p),
            m if KNOWN_TREX.contains(&m) => Err((
                code::METHOD_NOT_FOUND,
                format!("'{m}' is a TRex method riptide does not serve (get_supported_cmds lists those it does)"),
            )),
            m => Err((code::METHOD_NOT_FOUND, format!("no method '{}'", m.chars().take(64).collect::<String>()))),
        }
    }

    // ------------------------------------------------------------------ ports
}

/// TRex's other methods: known, and answered "not served" rather than "no such method".
const KNOWN_TREX: &[&str] = &[
    "shutdown",
    "push_remote",
    "service",
    "set_l2",
    "set_l3",
    "set_vxlan",
    "conf_ipv6",
    "set_rx_feature",
    "get_rx_queue_pkts",
    "start_capture",
    "stop_capture",
    "remove_capture",
    "fetch_capture_packets",
    "get_capture_status",
    "start_capture_port",
    "stop_capture_port",
    "set_capture_port_bpf",
    "pause_streams",
    "resume_streams",
    "update_streams",
    "get_stream_stats",
    "cancel_async_task",
    "get_async_results",
    "profile_fragment",
    "profile_clear",
    "get_profile_state",
];

const XSTATS: &[&str] =
    &["rx_good_packets", "tx_good_packets", "rx_good_bytes", "tx_good_bytes", "rx_errors", "tx_errors"];

/// A refusal of the session layer in TRex's words.
fn refused(e: &Refused<String>) -> String {
    match e {
        Refused::Held { slot, owner } => {
            format!("port {slot} is owned by '{}': acquire with force to take it", owner.user)
        }
        Refused::Other { slot, owner } => {
            format!("port {slot} is owned by '{}': the handler does not match", owner.user)
        }
        Refused::Free { slot } => format!("port {slot} is not acquired: acquire it first"),
        Refused::NoSlot { slot, .. } => format!("port_id: {slot} is no port of this server"),
    }
}

/// An acquire's `user`, `session_id` and `force` (the STL and the ASTF forms share them).
fn acquire_params(p: &Params) -> Result<(&str, Value, bool), Failure> {
    let user = p
        .get("user")
        .and_then(Value::as_str)
        .filter(|u| u.len() <= MAX_NAME)
        .ok_or_else(|| bad(format!("user: a string of at most {MAX_NAME} bytes expected")))?;
    let session = p.get("session_id").cloned().unwrap_or(Value::Null);
    if !name_ok(&session) {
        return Err(bad(format!("session_id: a number or a string of at most {MAX_NAME} bytes expected")));
    }
    let force = match p.get("force") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err(bad("force: true or false expected")),
    };
    Ok((user, session, force))
}

fn mul_value(m: &Multiplier) -> f64 {
    match m {
        Multiplier::Factor(x) => *x,
        Multiplier::Total(r) => match r {
            riptide_core::Rate::Pps(v)
            | riptide_core::Rate::BpsL1(v)
            | riptide_core::Rate::BpsL2(v)
            | riptide_core::Rate::Percent(v) => *v,
        },
    }
}

fn stream_id(p: &Params) -> Result<u32, Failure> {
    let v = p.get("stream_id").ok_or_else(|| bad("stream_id: missing"))?;
    v.as_u64()
        .and_then(|n| u32::try_from(n).ok())
        .ok_or_else(|| bad(format!("stream_id: {v}: 0 to {} expected", u32::MAX)))
}

/// Only TRex's default profile (`_`) exists here.
fn profile_id(p: &Params) -> Result<(), Failure> {
    match p.get("profile_id") {
        None | Some(Value::Null) => Ok(()),
        Some(Value::String(s)) if s == "_" => Ok(()),
        Some(v) => Err(exec(format!("profile_id {v}: riptide's TRex server holds one profile per port ('_')"))),
    }
}

/// A stream object with TRex's keys only.
fn known_keys(v: &Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(
            m.iter().filter(|(k, _)| STREAM_KEYS.contains(&k.as_str())).map(|(k, v)| (k.clone(), v.clone())).collect(),
        ),
        other => other.clone(),
    }
}

fn too_big(size: usize) -> String {
    format!("the reply passed {size} bytes: at most {MAX_REPLY_BYTES} in one reply (ask in smaller batches)")
}

/// Checks a stream on its own (its `next` aside), so add_stream refuses what a start
/// would.
fn check_alone(s: &translate::Stream) -> Result<(), String> {
    let mut alone = s.riptide.clone();
    if let Some(m) = alone.as_object_mut() {
        m.remove("next");
        m.remove("self_start");
        m.remove("enabled");
    }
    let text = serde_json::to_string(&json!({ "streams": [alone] })).map_err(|e| e.to_string())?;
    riptide_engine::check_profile(&text, "add_stream").map_err(|e| e.to_string())
}

/// A message off the REQ/REP socket, unwrapped and parsed ([`decode`]), or the reply
/// that says why it could not be.
#[derive(Debug)]
pub struct Request {
    value: Result<Value, Vec<u8>>,
    compressed: bool,
}

/// Unwraps (TRex's compression) and parses a message: the work in proportion to its
/// size (up to [`wire::MAX_MESSAGE`]), done before the server's state is locked.
pub fn decode(raw: &[u8]) -> Request {
    let msg = match wire::unwrap(raw) {
        Ok(m) => m,
        Err(e) => {
            return Request {
                value: Err(reply_bytes(&error_reply(&Value::Null, code::PARSE, &e), false)),
                compressed: false,
            }
        }
    };
    let value = serde_json::from_slice(&msg.json).map_err(|e| {
        let r = error_reply(&Value::Null, code::PARSE, &format!("not JSON: {e}"));
        reply_bytes(&r, msg.compressed)
    });
    Request { value, compressed: msg.compressed }
}

/// What [`Trex::answer`] gives.
#[derive(Debug)]
pub enum Answer {
    /// The reply.
    Reply(Vec<u8>),
    /// A profile to check first (without the state's lock), then [`Trex::resume`].
    Check(Pending),
}

/// A request waiting on its profile's check.
#[derive(Debug)]
pub struct Pending {
    check: astf::Check,
    id: Value,
    compressed: bool,
}

impl Pending {
    /// Checks the profile: pure work on the uploaded text, no server state.
    pub fn run(self) -> Done {
        Done { checked: self.check.run(), id: self.id, compressed: self.compressed }
    }
}

/// A checked request, for [`Trex::resume`].
#[derive(Debug)]
pub struct Done {
    checked: astf::Checked,
    id: Value,
    compressed: bool,
}

fn reply_bytes(v: &Value, compress: bool) -> Vec<u8> {
    let text = serde_json::to_vec(v).unwrap_or_else(|_| {
        br#"{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"internal error"}}"#.to_vec()
    });
    wire::wrap(&text, compress)
}
