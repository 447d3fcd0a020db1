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
pub use astf::{MAX_PROFILE_BYTES, METHODS as ASTF_METHODS};

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
    "get_tpg_status",
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
                for g in (0..self.ports.len()).flat_map(|p| self.streams.by_key(p)).filter_map(|(_, e)| e.value.group) {
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
            "get_tpg_status" => {
                // Tagged packet groups are not served: TRex's answer when they are disabled
                // (its current client asks on connect and reset).
                let user = p.get("username").and_then(Value::as_str).filter(|u| !u.is_empty());
                match (user, p.get("port_id")) {
                    (Some(_), Some(_)) => {
                        return Err(exec("Should provide only one between port_id and username to get TPG status"))
                    }
                    (None, None) => {
                        return Err(exec("Should provide at least one between port_id and username to get TPG status"))
                    }
                    (None, Some(_)) => {
                        self.port(p)?;
                    }
                    (Some(_), None) => {}
                }
                Ok(json!({"enabled": false, "data": {"acquired_ports": [], "rx_ports": [], "username": "-",
                                                     "num_tpgids": 0, "num_tags": 0}}))
            }
            m if KNOWN_TREX.contains(&m) => Err((
                code::METHOD_NOT_FOUND,
                format!("'{m}' is a TRex method riptide does not serve (get_supported_cmds lists those it does)"),
            )),
            m => Err((code::METHOD_NOT_FOUND, format!("no method '{}'", m.chars().take(64).collect::<String>()))),
        }
    }

    // ------------------------------------------------------------------ ports

    fn port(&self, p: &Params) -> Result<usize, Failure> {
        let v = p.get("port_id").ok_or_else(|| bad("port_id: missing"))?;
        v.as_u64().filter(|&n| (n as usize) < self.ports.len()).map(|n| n as usize).ok_or_else(|| {
            bad(format!("port_id: {v} is no port of this server (0 to {})", self.ports.len().saturating_sub(1)))
        })
    }

    /// The port, which the caller must own (its `handler`).
    fn owned(&self, p: &Params) -> Result<usize, Failure> {
        let port = self.port(p)?;
        let handler = p.get("handler").and_then(Value::as_str).unwrap_or_default().to_string();
        self.owners.check(port, &handler).map(|_| port).map_err(|e| exec(refused(&e)))
    }

    /// TRex's `capture {command: start|stop|fetch|remove|status}` on the engine's
    /// captures (as TRex's server, any client of the server may capture: its client sends
    /// no port handler with it); frames come as TRex sends them
    /// (base64, `origin` TX/RX, `ts` in seconds on the start's clock, `index`).
    fn capture(&mut self, p: &Params) -> Result<Value, Failure> {
        use riptide_engine::{CaptureAnswer as A, CaptureOp as O};
        let id = || -> Result<u32, Failure> {
            let v =
                p.get("capture_id").and_then(Value::as_u64).ok_or_else(|| bad("capture_id: a capture id expected"))?;
            u32::try_from(v).map_err(|_| bad(format!("capture_id {v}: no such capture")))
        };
        let op = match p.get("command").and_then(Value::as_str) {
            Some("start") => {
                let ports = |key: &str| -> Result<Vec<u16>, Failure> {
                    let list = p.get(key).and_then(Value::as_array).map_or(&[][..], Vec::as_slice);
                    let mut out = Vec::with_capacity(list.len());
                    for v in list {
                        let port = v
                            .as_u64()
                            .and_then(|x| u16::try_from(x).ok())
                            .filter(|&x| usize::from(x) < self.ports.len())
                            .ok_or_else(|| bad(format!("{key}: {v} is no port of this server")))?;
                        out.push(port);
                    }
                    Ok(out)
                };
                let (tx, rx) = (ports("tx")?, ports("rx")?);
                let limit = p.get("limit").and_then(Value::as_u64).unwrap_or(1000);
                let limit = usize::try_from(limit).map_err(|_| bad(format!("limit {limit}: too large")))?;
                let cyclic = match p.get("mode").and_then(Value::as_str).unwrap_or("fixed") {
                    "fixed" => false,
                    "cyclic" => true,
                    m => {
                        return Err(bad(format!(
                            "mode: '{}' is neither fixed nor cyclic",
                            m.chars().take(32).collect::<String>()
                        )))
                    }
                };
                if p.get("endpoint").and_then(Value::as_str).is_some_and(|e| !e.is_empty()) {
                    return Err(exec(
                        "capture endpoints (pcapng to a file or ZeroMQ): not served by riptide; fetch the packets",
                    ));
                }
                let filter = p.get("filter").and_then(Value::as_str).unwrap_or_default();
                if filter.len() > 4096 {
                    return Err(bad("filter: a BPF expression of at most 4096 bytes expected"));
                }
                O::Start(riptide_engine::CaptureSpec { tx, rx, limit, cyclic, filter: filter.to_string() })
            }
            Some("stop") => O::Stop { id: id()? },
            Some("fetch") => {
                let max = p.get("pkt_limit").and_then(Value::as_u64).unwrap_or(50).clamp(1, 10_000) as usize;
                // Frames in base64 take 4/3 of their bytes: 8 MiB of them fit a reply with
                // room to spare; the client fetches until nothing is pending.
                O::Fetch { id: id()?, max, max_bytes: 8 << 20 }
            }
            Some("remove") => O::Remove { id: id()? },
            Some("status") => O::Status,
            Some(c) => {
                return Err(bad(format!(
                    "command: '{}' is none of start, stop, fetch, remove, status",
                    c.chars().take(32).collect::<String>()
                )))
            }
            None => return Err(bad("command: missing (status, start, stop, fetch, remove)")),
        };
        let secs = |ns: u64| ns as f64 / 1e9;
        match self.engine.handle(Command::Capture(op)) {
            Ok(Response::Capture(A::Started { id, start_unix_ns })) => {
                Ok(json!({"capture_id": id, "start_ts": secs(start_unix_ns)}))
            }
            Ok(Response::Capture(A::Stopped { count })) => Ok(json!({"pkt_count": count})),
            Ok(Response::Capture(A::Frames { frames, pending, start_unix_ns })) => {
                use base64::Engine as _;
                let pkts: Vec<Value> = frames
                    .iter()
                    .map(|f| {
                        json!({
                            "binary": base64::engine::general_purpose::STANDARD.encode(&f.data),
                            "port": f.port, "index": f.index, "ts": secs(f.unix_ns),
                            "origin": if f.tx { "TX" } else { "RX" },
                        })
                    })
                    .collect();
                Ok(json!({"pkts": pkts, "pending": pending, "start_ts": secs(start_unix_ns)}))
            }
            Ok(Response::Capture(A::Removed)) => Ok(json!({})),
            Ok(Response::Capture(A::Status(all))) => Ok(Value::Array(
                all.iter()
                    .map(|c| {
                        let mask = |ports: &[u16]| {
                            ports.iter().fold(0u64, |m, &p| m | 1u64.checked_shl(u32::from(p)).unwrap_or(0))
                        };
                        json!({
                            "id": c.id, "matched": c.matched, "fetched": c.matched.saturating_sub(c.count as u64),
                            "filter": {"tx": mask(&c.spec.tx), "rx": mask(&c.spec.rx), "bpf": c.spec.filter},
                            "state": if c.running { "ACTIVE" } else { "STOPPED" },
                            "count": c.count, "bytes": c.bytes, "limit": c.spec.limit,
                            "mode": if c.spec.cyclic { "cyclic" } else { "fixed" },
                        })
                    })
                    .collect(),
            )),
            Ok(_) => Err(exec("capture: unexpected engine answer")),
            Err(e) => Err(exec(e.to_string())),
        }
    }

    /// TRex's `push_pkts`: the client's packets out of an idle port, `ipg_usec` apart
    /// (at most 10,000 of them), as a start of that port alone in the engine's per-port
    /// run, reported by no port event (TRex sends them on its service path).
    fn push_pkts(&mut self, p: &Params) -> Result<Value, Failure> {
        const MAX_PUSH: usize = 10_000;
        let port = self.port(p)?;
        if self.owners.owner(port).is_none() {
            return Err(exec(format!("port {port} is not acquired")));
        }
        if self.ports[port].tx != Tx::Idle {
            return Err(exec(format!("port {port} transmits: riptide pushes packets only on an idle port")));
        }
        let pkts = p.get("pkts").and_then(Value::as_array).ok_or_else(|| bad("pkts: a list of packets expected"))?;
        if pkts.is_empty() || pkts.len() > MAX_PUSH {
            return Err(bad(format!("pkts: 1 to {MAX_PUSH} packets expected, got {}", pkts.len())));
        }
        let ipg =
            p.get("ipg_usec").map_or(Some(0.0), Value::as_f64).filter(|g| g.is_finite() && *g >= 0.0 && *g <= 1e6);
        let ipg = ipg.ok_or_else(|| bad("ipg_usec: microseconds from 0 to 1,000,000 expected"))?;
        let (src, dst) = self.macs(port);
        let mac = |m: &str| -> Vec<u8> { m.split(':').filter_map(|x| u8::from_str_radix(x, 16).ok()).collect() };
        let mut streams = Vec::with_capacity(pkts.len());
        for (k, pkt) in pkts.iter().enumerate() {
            let at = |what: &str| format!("pkts[{k}].{what}");
            let b64 = pkt.get("binary").and_then(Value::as_str).ok_or_else(|| bad(at("binary: base64 expected")))?;
            use base64::Engine as _;
            let mut frame = base64::engine::general_purpose::STANDARD
                .decode(b64.trim())
                .map_err(|e| bad(format!("{}: not base64 ({e})", at("binary"))))?;
            if !(14..=9216).contains(&frame.len()) {
                return Err(bad(format!("{}: {} bytes: 14 to 9216 expected", at("binary"), frame.len())));
            }
            if pkt.get("use_port_dst_mac").and_then(Value::as_bool).unwrap_or(false) {
                frame[..6].copy_from_slice(&mac(&dst));
            }
            if pkt.get("use_port_src_mac").and_then(Value::as_bool).unwrap_or(false) {
                frame[6..12].copy_from_slice(&mac(&src));
            }
            let hex: String = frame.iter().map(|b| format!("{b:02x}")).collect();
            let mut st = json!({
                "name": format!("push{port}.{k}"), "port": port, "frame": hex,
                "rate": {"pps": 1e6}, "mode": {"burst": {"packets": 1}},
            });
            if k > 0 {
                st["self_start"] = json!(false);
                st["isg"] = json!(format!("{}ns", (ipg * 1e3).round() as u64));
            }
            if k + 1 < pkts.len() {
                st["next"] = json!(format!("push{port}.{}", k + 1));
            }
            streams.push(st);
        }
        let text = serde_json::to_string(&json!({ "streams": streams })).map_err(|e| exec(e.to_string()))?;
        self.sync();
        self.engine.handle(Command::load_profile(text, "push_pkts")).map_err(|e| exec(e.to_string()))?;
        let opts = StartOptions { ports: Some(vec![port as u16]), ..Default::default() };
        self.engine.handle(Command::Start(opts)).map_err(|e| exec(e.to_string()))?;
        if self.run.is_none() {
            self.last = None;
            self.samples = Samples::default();
            self.run = Some(RunInfo::default());
        }
        Ok(json!({}))
    }

    /// The user owning the port, or "".
    fn owner_name(&self, port: usize) -> &str {
        self.owners.owner(port).map_or("", |o| o.user.as_str())
    }

    /// The port's streams do not transmit: they may be removed. An ASTF run is none of
    /// them (no stream starts while one goes on), as in TRex, whose client's `reset()`
    /// removes every port's streams before it stops a run its last owner left going.
    fn idle(&self, port: usize) -> Result<(), Failure> {
        if self.ports[port].tx != Tx::Idle && !self.astf_running() {
            return Err(exec(format!("port {port} is transmitting: stop it first")));
        }
        Ok(())
    }

    fn state_name(&self, port: usize) -> &'static str {
        match (self.ports[port].tx, self.streams.is_empty(port)) {
            (Tx::Active, _) => "TX",
            (Tx::Paused, _) => "PAUSE",
            (Tx::Idle, true) => "IDLE",
            (Tx::Idle, false) => "STREAMS",
        }
    }

    fn speed_gb(&self) -> f64 {
        self.engine.config().line_rate.0 / 1e9
    }

    /// The port's (source, destination) MAC as text: the configuration's, else the
    /// locally administered ones riptide's streams default to.
    fn macs(&self, port: usize) -> (String, String) {
        let (src, dst) = self.engine.config().macs.get(port).copied().unwrap_or((None, None));
        let text = |m: Option<[u8; 6]>, d: [u8; 6]| {
            m.unwrap_or(d).iter().map(|x| format!("{x:02x}")).collect::<Vec<_>>().join(":")
        };
        (text(src, [2, 0, 0, 0, 0, 1]), text(dst, [2, 0, 0, 0, 0, 2]))
    }

    fn attrs(&self, port: usize) -> Value {
        let (src, dst) = self.macs(port);
        json!({
            "promiscuous": {"enabled": self.ports[port].promiscuous},
            "link": {"up": true},
            "fc": {"mode": 0},
            "multicast": {"enabled": false},
            "speed": self.speed_gb(),
            "rx_filter_mode": "hw",
            "vlan": {"tags": []},
            // L2 mode (TRex's default without service mode): the packet's addresses go out.
            "layer_cfg": {
                "ether": {"src": src, "dst": dst, "state": "configured"},
                "ipv4": {"state": "none"},
                "ipv6": {"enabled": false},
            },
        })
    }

    fn port_status(&self, port: usize) -> Value {
        let state = self.state_name(port);
        json!({
            "owner": self.owner_name(port),
            "state": state,
            "max_stream_id": self.streams.last_key(port).copied().unwrap_or(0),
            "speed": self.speed_gb() * 1000.0,
            "attr": self.attrs(port),
            "service": self.ports[port].service,
            "service_filtered": false,
            "rx_info": {
                "queue": {"is_active": false},
                "grat_arp": {"is_active": false},
                "latency": {"is_active": false},
            },
            "profile_count": 1,
            "state_profile": {"_": state},
        })
    }

    fn system_info(&self) -> Value {
        let cfg = self.engine.config();
        let ports: Vec<Value> = cfg
            .ports
            .iter()
            .enumerate()
            .map(|(i, spec)| {
                let mac = |m: Option<[u8; 6]>| {
                    m.map(|b| b.iter().map(|x| format!("{x:02x}")).collect::<Vec<_>>().join(":")).unwrap_or_default()
                };
                let (src, dst) = cfg.macs.get(i).copied().unwrap_or((None, None));
                json!({
                    "index": i,
                    "driver": format!("riptide-{}", spec.driver()),
                    "description": spec.name(),
                    "pci_addr": "",
                    "numa": -1,
                    "stack": "linux",
                    "hw_mac": mac(src), "src_macaddr": mac(src), "dst_macaddr": mac(dst),
                    "is_virtual": true,
                    "is_fc_supported": false, "is_led_supported": false, "is_link_supported": false,
                    // Promiscuous mode is an attribute riptide keeps (set_port_attr); the rest
                    // TRex's current client reads and riptide's ports do not change.
                    "is_prom_supported": true, "is_vxlan_supported": false, "is_ieee1588_supported": false,
                    "cores": [i],
                    "speed": self.speed_gb(),
                    "supp_speeds": [self.speed_gb() * 1000.0],
                    "rx": {"caps": ["flow_stats", "latency", "rx_bytes"], "counters": 65536},
                })
            })
            .collect();
        let cpu = std::fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|s| {
                s.lines()
                    .find(|l| l.starts_with("model name"))
                    .and_then(|l| l.split(':').nth(1))
                    .map(|s| s.trim().to_string())
            })
            .unwrap_or_default();
        json!({
            "core_type": cpu,
            "dp_core_count": 1,
            "dp_core_count_per_port": 1,
            "hostname": self.hostname,
            "uptime": format!("{} s", self.started.elapsed().as_secs()),
            "port_count": ports.len(),
            "ports": ports,
        })
    }

    // ------------------------------------------------------------------ runs

    fn start_traffic(&mut self, p: &Params, index: usize) -> Result<Value, Failure> {
        let port = self.owned(p)?;
        profile_id(p)?;
        if self.astf_running() {
            return Err(exec("an ASTF profile transmits on every port: stop it first"));
        }
        let force = p.get("force").and_then(Value::as_bool).unwrap_or(false);
        if self.ports[port].tx != Tx::Idle {
            if !force {
                return Err(exec(format!("port {port} is already transmitting (start with force to restart it)")));
            }
            self.stop_ports(&[port], event::PORT_STOPPED)?;
        }
        if !self.streams.by_key(port).any(|(_, e)| e.value.riptide.get("enabled") != Some(&json!(false))) {
            return Err(exec(format!("port {port} has no enabled stream to send")));
        }
        let mul = translate::multiplier(p.get("mul").unwrap_or(&Value::Null)).map_err(bad)?;
        let duration =
            match p.get("duration").map(|v| v.as_f64().ok_or_else(|| bad("duration: seconds expected"))).transpose()? {
                None => None,
                Some(d) if d < 0.0 => None,
                Some(d) if d.is_finite() && d > 0.0 && d <= 365.0 * 86400.0 => Some(Nanos((d * 1e9).round() as u64)),
                Some(d) => {
                    return Err(bad(format!("duration: {d}: seconds (positive, at most a year) or -1 expected")))
                }
            };
        if p.get("start_at_ts").and_then(Value::as_f64).is_some_and(|t| t != 0.0) {
            return Err(exec("start_at_ts: a delayed start is not supported by riptide's TRex server yet"));
        }
        if self.armed.iter().any(|a| a.port == port) {
            return Err(exec(format!("port {port} is already being started")));
        }
        if self.armed.is_empty() {
            self.armed_at = Some(Instant::now());
        }
        self.armed.push(Arm { port, mul, duration, message: self.message, reply: index });
        Ok(json!({"multiplier": mul_value(&mul), "ts": self.started.elapsed().as_secs_f64()}))
    }

    /// Starts the gathered ports as one run. A failure turns the replies of this
    /// message's starts into errors, and is a port error event for starts answered
    /// before (TRex's client learns of a port that did not start the same way).
    fn commit(&mut self, mut replies: Option<&mut [Value]>) {
        let armed = std::mem::take(&mut self.armed);
        self.armed_at = None;
        if armed.is_empty() {
            return;
        }
        if let Err((code, msg)) = self.start_run(&armed) {
            let ports: Vec<usize> = armed.iter().map(|a| a.port).collect();
            eprintln!("riptide: TRex start of ports {ports:?} failed: {msg}");
            for a in &armed {
                match replies.as_deref_mut().and_then(|r| r.get_mut(a.reply)).filter(|_| a.message == self.message) {
                    Some(r) => {
                        let id = r.get("id").cloned().unwrap_or(Value::Null);
                        *r = error_reply(&id, code, &msg);
                    }
                    None => {
                        // Answered before it failed: TRex's client counts the port as
                        // transmitting until it hears it stopped (a port error alone is a
                        // warning to it, and wait_on_traffic would wait for ever).
                        self.emit(event::PORT_ERROR, json!({"port_id": a.port, "profile_id": "_", "error": msg}));
                        self.emit(event::PORT_STOPPED, json!({"port_id": a.port, "profile_id": "_"}));
                    }
                }
            }
        }
    }

    /// Starts what waited long enough for other ports, notices runs that ended, and
    /// samples the counters for rates.
    pub fn poll(&mut self) {
        if self.armed_at.is_some_and(|t| t.elapsed() >= GATHER) {
            self.commit(None);
        }
        self.sync();
        if self.samples.due() {
            let ports = self.totals();
            self.samples.push(Instant::now(), ports);
        }
    }

    /// Every port's counters since the server began (the engine's totals).
    fn totals(&mut self) -> Vec<PortCounters> {
        let mut out = vec![PortCounters::default(); self.ports.len()];
        if let Ok(Response::Totals(t)) = self.engine.handle(Command::Totals) {
            for p in &t.ports {
                if let Some(o) = out.get_mut(p.index) {
                    *o = p.counters;
                }
            }
        }
        out
    }

    /// Starts the gathered ports: those sharing a multiplier and a duration at one
    /// instant, each such set as its own start of the engine's per-port run.
    fn start_run(&mut self, armed: &[Arm]) -> Result<(), Failure> {
        let mut sets: Vec<(Multiplier, Option<Nanos>, Vec<usize>)> = Vec::new();
        for a in armed {
            match sets.iter_mut().find(|(m, d, _)| *m == a.mul && *d == a.duration) {
                Some(s) => s.2.push(a.port),
                None => sets.push((a.mul, a.duration, vec![a.port])),
            }
        }
        for (mul, duration, ports) in sets {
            self.start_ports(&ports, mul, duration)?;
        }
        Ok(())
    }

    /// Starts `ports` with their streams: a new engine run when none goes on, else into
    /// the running one while its other ports go on.
    fn start_ports(&mut self, ports: &[usize], mul: Multiplier, duration: Option<Nanos>) -> Result<(), Failure> {
        // A run that ended (a simulated one runs ahead of the clock) is put away first.
        self.sync();
        let first_tag = self.run.as_ref().map_or(0, |r| r.next_tag);
        let (text, groups, next_tag) = self.profile_of(ports, first_tag)?;
        self.engine.handle(Command::load_profile(text, "trex")).map_err(|e| exec(e.to_string()))?;
        let list = Some(ports.iter().map(|&p| p as u16).collect());
        let opts = StartOptions { duration, multiplier: mul, ports: list, ..Default::default() };
        self.engine.handle(Command::Start(opts)).map_err(|e| exec(e.to_string()))?;
        let run = match &mut self.run {
            Some(r) => r,
            None => {
                // The last run's figures stay readable until this one starts.
                self.last = None;
                self.samples = Samples::default();
                self.run.insert(RunInfo::default())
            }
        };
        run.groups.extend(groups);
        run.next_tag = next_tag;
        for &port in ports {
            if !run.ports.contains(&port) {
                run.ports.push(port);
            }
        }
        for &port in ports {
            self.ports[port].tx = Tx::Active;
            self.emit(event::PORT_STARTED, json!({"port_id": port, "profile_id": "_"}));
        }
        Ok(())
    }

    /// Stops `ports` of the run (`ev` the event each reports); the run itself once no
    /// port of it transmits.
    fn stop_ports(&mut self, ports: &[usize], ev: u64) -> Result<(), Failure> {
        let Some(run) = &self.run else { return Ok(()) };
        let others = run.ports.iter().any(|p| !ports.contains(p) && self.ports[*p].tx != Tx::Idle);
        if !others {
            return self.stop(ev);
        }
        let list = ports.iter().filter(|&&p| self.ports[p].tx != Tx::Idle).map(|&p| p as u16).collect();
        let r = self.engine.handle(Command::Ports { ports: list, op: PortOp::Stop });
        for &port in ports {
            if self.ports[port].tx != Tx::Idle {
                self.ports[port].tx = Tx::Idle;
                self.emit(if r.is_ok() { ev } else { event::PORT_ERROR }, json!({"port_id": port, "profile_id": "_"}));
            }
        }
        r.map(|_| ()).map_err(|e| exec(e.to_string()))
    }

    /// The riptide profile of the ports' streams (their tags numbered from `first_tag`),
    /// their packet groups by name, and the next tag id.
    fn profile_of(
        &self,
        ports: &[usize],
        first_tag: u32,
    ) -> Result<(String, HashMap<String, PacketGroup>, u32), Failure> {
        let mut streams = Vec::new();
        let mut groups = HashMap::new();
        let mut tag = first_tag;
        for &port in ports {
            for (id, e) in self.streams.by_key(port) {
                let e = &e.value;
                if let Some(next) = e.next {
                    if !self.streams.contains(port, &next) {
                        return Err(exec(format!(
                            "stream {id} on port {port}: next_stream_id {next} is no stream of the port"
                        )));
                    }
                }
                let mut stream = e.riptide.clone();
                if let Some(g) = e.group {
                    groups.insert(translate::stream_name(port as u16, *id), g);
                    if tag > u32::from(u16::MAX) {
                        return Err(exec("this run has counted 65,536 packet groups: stop every port to start afresh"));
                    }
                    let key = if g.latency { "latency" } else { "flow_stats" };
                    if let Some(t) = stream.get_mut(key) {
                        t["id"] = json!(tag);
                    }
                    tag += 1;
                }
                streams.push(stream);
            }
        }
        if streams.is_empty() {
            return Err(exec(format!("ports {ports:?} hold no stream")));
        }
        let text = serde_json::to_string(&json!({ "streams": streams })).map_err(|e| exec(e.to_string()))?;
        riptide_engine::check_profile(&text, "trex").map_err(|e| exec(e.to_string()))?;
        Ok((text, groups, tag))
    }

    /// Stops the run; `ev` is the event each of its ports reports.
    fn stop(&mut self, ev: u64) -> Result<(), Failure> {
        let Some(run) = self.run.take() else { return Ok(()) };
        let snap = match self.engine.handle(Command::Stop) {
            Ok(Response::Stats(s)) => Some(*s),
            Ok(_) => None,
            Err(e) => {
                self.finish_ports(&run, event::PORT_ERROR);
                return Err(exec(e.to_string()));
            }
        };
        self.finish_ports(&run, ev);
        if let Some(s) = snap {
            for (id, c) in pg_counts(&s, &run.groups, self.ports.len()) {
                self.base_pg.entry(id).or_insert_with(|| PgCounts::new(self.ports.len())).add(&c);
            }
            self.last = Some((run, s));
        }
        Ok(())
    }

    /// The run's ports still transmitting go idle, each reporting `ev`.
    fn finish_ports(&mut self, run: &RunInfo, ev: u64) {
        for &port in &run.ports {
            if self.ports[port].tx != Tx::Idle {
                self.ports[port].tx = Tx::Idle;
                self.emit(ev, json!({"port_id": port, "profile_id": "_"}));
            }
        }
    }

    /// Notices ports whose traffic ended by itself (bursts sent, duration over), and a
    /// run whose workers ended.
    pub fn sync(&mut self) {
        self.astf_sync();
        if self.run.is_none() {
            return;
        }
        if let Ok(Response::State(RunState::Finished | RunState::Stopped)) = self.engine.handle(Command::State) {
            let _ = self.stop(event::PORT_JOB_DONE);
            return;
        }
        if let Ok(Response::Lanes(lanes)) = self.engine.handle(Command::Lanes) {
            let done: Vec<usize> = (0..self.ports.len())
                .filter(|&p| lanes.get(p) == Some(&Lane::Done) && self.ports[p].tx == Tx::Active)
                .collect();
            if !done.is_empty() {
                let _ = self.stop_ports(&done, event::PORT_JOB_DONE);
            }
            // A run of pushed packets only ends when they are out.
            let idle = self.ports.iter().all(|p| p.tx == Tx::Idle);
            if self.run.is_some() && idle && !lanes.iter().any(|l| matches!(l, Lane::Active | Lane::Paused)) {
                let _ = self.stop(event::PORT_STOPPED);
            }
        }
    }

    /// Stops traffic (the server is going away).
    pub fn shutdown(&mut self) {
        let _ = self.stop(event::PORT_STOPPED);
        let _ = self.astf_end(None);
    }

    // ------------------------------------------------------------------ stats

    /// The running run's snapshot (none between runs).
    fn snapshot(&mut self) -> Option<Snapshot> {
        self.snapshot_of(Command::Snapshot)
    }

    /// The running run's snapshot as `ask` asks for it (with histograms or not).
    fn snapshot_of(&mut self, ask: Command) -> Option<Snapshot> {
        if self.run.is_some() {
            if let Ok(Response::Stats(s)) = self.engine.handle(ask) {
                return Some(*s);
            }
        }
        None
    }

    /// A port's counters (ended runs and the running one) and rates (the running one).
    fn port_figures(&mut self, port: usize) -> Figures {
        // Counters over every run: the engine's totals (the one rule of counters that only grow).
        let c = self.totals().get(port).copied().unwrap_or_default();
        let mut f = Figures {
            opackets: c.opackets,
            obytes: c.obytes,
            oerrors: c.oerrors,
            ipackets: c.ipackets,
            ibytes: c.ibytes,
            ierrors: c.ierrors,
            ..Figures::default()
        };
        // Rates over the last second (TRex's are recent too): a port started late or
        // stopped early shows its own rate, not the run's average.
        if let Some([opps, obps, ipps, ibps]) = self.samples.rates(port, Instant::now(), &c) {
            let fcs = FCS_LEN as f64;
            f.tx_pps = opps;
            f.tx_bps = (obps + opps * fcs) * 8.0;
            f.tx_bps_l1 = (obps + opps * (fcs + L1_OVERHEAD as f64)) * 8.0;
            f.rx_pps = ipps;
            f.rx_bps = (ibps + ipps * fcs) * 8.0;
            let line = self.line_rate(port);
            f.util = if line > 0.0 { 100.0 * f.tx_bps_l1 / line } else { 0.0 };
        }
        f
    }

    /// A port's line rate, b/s (its link's speed where it has one).
    fn line_rate(&self, port: usize) -> f64 {
        let opts = self.engine.config().port_options();
        self.engine.config().ports.get(port).map_or(0.0, |p| p.caps(&opts).line_rate.0)
    }

    fn global_stats(&mut self) -> Value {
        let n = self.ports.len();
        let figs: Vec<Figures> = (0..n).map(|i| self.port_figures(i)).collect();
        let sum = |f: &dyn Fn(&Figures) -> f64| figs.iter().map(f).sum::<f64>();
        let cpu = self.snapshot().map_or(0.0, |s| {
            let w = &s.workers;
            if w.is_empty() {
                0.0
            } else {
                w.iter().map(|w| w.cpu_util).sum::<f64>() / w.len() as f64
            }
        });
        let (tx_pkts, rx_pkts) =
            (figs.iter().map(|f| f.opackets).sum::<u64>(), figs.iter().map(|f| f.ipackets).sum::<u64>());
        let (tx_bytes, rx_bytes) =
            (figs.iter().map(|f| f.obytes).sum::<u64>(), figs.iter().map(|f| f.ibytes).sum::<u64>());
        let errors = figs.iter().map(|f| f.oerrors + f.ierrors).sum::<u64>();
        json!({
            "m_cpu_util": cpu, "m_cpu_util_raw": cpu,
            "m_tx_bps": sum(&|f| f.tx_bps), "m_rx_bps": sum(&|f| f.rx_bps),
            "m_tx_pps": sum(&|f| f.tx_pps), "m_rx_pps": sum(&|f| f.rx_pps),
            "m_total_tx_pkts": tx_pkts, "m_total_rx_pkts": rx_pkts,
            "m_total_tx_bytes": tx_bytes, "m_total_rx_bytes": rx_bytes,
            "m_tx_rx_error": errors,
            "cpu_util": cpu, "tx_bps": sum(&|f| f.tx_bps), "rx_bps": sum(&|f| f.rx_bps),
            "tx_pps": sum(&|f| f.tx_pps), "rx_pps": sum(&|f| f.rx_pps),
            "total_tx_pkts": tx_pkts, "total_rx_pkts": rx_pkts, "total_tx_bytes": tx_bytes, "total_rx_bytes": rx_bytes,
            "tx_rx_error": errors,
            "state": if self.run.is_some() { "active" } else { "owned" },
        })
    }

    /// TRex's `trex-global` publication: the global figures and each port's with a
    /// `-N` suffix.
    fn global_message(&mut self, baseline: bool) -> Value {
        let mut data = match self.global_stats() {
            Value::Object(m) => m,
            _ => Map::new(),
        };
        for port in 0..self.ports.len() {
            if let Value::Object(m) = port_stats(&self.port_figures(port)) {
                for (k, v) in m {
                    data.insert(format!("{k}-{port}"), v);
                }
            }
        }
        json!({"name": "trex-global", "type": 0, "data": data, "baseline": baseline})
    }

    /// `get_pgid_stats` as TRex's server answers it (its client turns the short keys
    /// into `tx_pkts`, `rx_pkts`, ... per port): per pg_id `tp`/`tb`/`tps`/`tbs` by
    /// sending port, `rp`/`rb` by receiving port (ended runs and the running one); for
    /// latency pg_ids `lat` (µs; the running or last run: TRex's `histogram` and its
    /// `hdrh` with them) and the error counters `er`.
    fn pgid_stats(&mut self, want: &[u16]) -> Value {
        let ports = self.ports.len();
        let snap = self.snapshot_of(Command::SnapshotWithHistograms);
        let current = match (&snap, &self.run) {
            (Some(s), Some(r)) => pg_counts(s, &r.groups, ports),
            _ => BTreeMap::new(),
        };
        // Latency of the running run, or of the last: its streams' records merged by pg_id
        // (a stream's tag id is the run's own, not its pg_id).
        let latency = match (&snap, &self.run, &self.last) {
            (Some(s), Some(r), _) => pg_latency(s, &r.groups),
            (None, _, Some((r, s))) => pg_latency(s, &r.groups),
            _ => BTreeMap::new(),
        };
        let (mut flows, mut lat, mut ver) = (Map::new(), Map::new(), Map::new());
        for &id in want {
            let mut c = PgCounts::new(ports);
            let (b, n) = (self.base_pg.get(&id), current.get(&id));
            if b.is_none() && n.is_none() {
                continue;
            }
            for x in [b, n].into_iter().flatten() {
                c.add(x);
            }
            let by_port = |f: &dyn Fn(usize) -> Value| -> Map<String, Value> {
                (0..ports).map(|p| (p.to_string(), f(p))).collect()
            };
            let rate = |k: usize| move |p: usize| json!(n.and_then(|n| n.rates.get(p)).map_or(0.0, |r| r[k]));
            flows.insert(
                id.to_string(),
                json!({
                    "tp": by_port(&|p| json!(c.tx[p][0])),
                    "tb": by_port(&|p| json!(c.tx[p][1])),
                    "tps": by_port(&rate(0)),
                    "tbs": by_port(&rate(1)),
                    "rp": by_port(&|p| json!(c.rx[p][0])),
                    "rb": by_port(&|p| json!(c.rx[p][1])),
                    "rps": by_port(&|_| json!(0.0)),
                    "rbs": by_port(&|_| json!(0.0)),
                }),
            );
            ver.insert(id.to_string(), json!(0));
            if c.latency {
                let us = |ns: f64| ns / 1000.0;
                let rec = latency.get(&id);
                let summary = rec.map(riptide_measure::Latency::peek);
                let l = summary.as_ref();
                let e = c.err;
                let mut figures = json!({
                    "average": l.map_or(0.0, |l| us(l.mean_ns)),
                    "total_max": l.map_or(0.0, |l| us(l.max_ns as f64)),
                    "last_max": l.map_or(0.0, |l| us(l.window_max_ns as f64)),
                    "jit": l.map_or(0.0, |l| us(l.jitter_ns)),
                    "total_min": l.map_or(0.0, |l| us(l.min_ns as f64)),
                });
                // TRex's server has a histogram only once it counted something (and its
                // older clients take the smallest key for `total_min`).
                let (histogram, hdrh) = trex_histograms(rec);
                if !histogram.is_empty() {
                    figures["histogram"] = Value::Object(histogram);
                }
                figures["hdrh"] = json!(hdrh);
                lat.insert(
                    id.to_string(),
                    json!({
                        "lat": figures,
                        "er": {"drp": e[0], "ooo": e[1], "dup": e[2], "sth": e[3], "stl": e[4]},
                    }),
                );
            }
        }
        let zeros: Map<String, Value> = (0..ports).map(|p| (p.to_string(), json!(0))).collect();
        flows.insert("g".into(), json!({"rx_err": zeros.clone(), "tx_err": zeros}));
        lat.insert("global".into(), json!({"old_flow": 0, "bad_hdr": 0}));
        json!({"flow_stats": flows, "latency": lat, "ver_id": ver})
    }

    // ------------------------------------------------------------------ events

    fn emit(&mut self, kind: u64, data: Value) {
        // TRex's current server tells a profile's changes too (its client's profile states
        // wait on them); older clients ignore event types they do not know.
        let profile = match kind {
            event::PORT_STARTED => Some(event::PROFILE_STARTED),
            event::PORT_STOPPED => Some(event::PROFILE_STOPPED),
            event::PORT_PAUSED => Some(event::PROFILE_PAUSED),
            event::PORT_RESUMED => Some(event::PROFILE_RESUMED),
            event::PORT_JOB_DONE => Some(event::PROFILE_FINISHED_TX),
            event::PORT_ERROR => Some(event::PROFILE_ERROR),
            _ => None,
        };
        self.emit_one(kind, data.clone());
        if let Some(kind) = profile.filter(|_| data.get("profile_id").is_some()) {
            self.emit_one(kind, data);
        }
    }

    fn emit_one(&mut self, kind: u64, data: Value) {
        let e = json!({"name": "trex-event", "type": kind, "data": data});
        self.events.push_back((self.next_event, e.clone()));
        self.next_event += 1;
        while self.events.len() > EVENT_LOG {
            self.events.pop_front();
        }
        self.outbox.push(e);
        self.trigger();
        // A subscriber that never reads must not grow the outbox without end.
        if self.outbox.len() > EVENT_LOG {
            let drop = self.outbox.len() - EVENT_LOG;
            self.outbox.drain(..drop);
        }
    }

    /// What TRex's current subscriber of `session` reads: the events since its last call,
    /// then the `trex-global` counters (a baseline on its first call), as `{name, type,
    /// data, seq}` with `seq` counted per session, so that its check of their continuity
    /// holds even when the event log has moved past what it missed.
    fn subscriber_messages(&mut self, session: &str) -> Vec<Value> {
        const SUBSCRIBERS: usize = 64;
        let first_event = self.events.front().map_or(self.next_event, |(seq, _)| *seq);
        let at = match self.subscribers.iter().position(|(s, _, _)| s == session) {
            Some(i) => i,
            None => {
                if self.subscribers.len() >= SUBSCRIBERS {
                    self.subscribers.remove(0);
                }
                self.subscribers.push((session.chars().take(MAX_NAME).collect(), self.next_event, 0));
                self.subscribers.len() - 1
            }
        };
        let (_, next, seq) = self.subscribers[at].clone();
        let baseline = seq == 0;
        let mut out: Vec<Value> =
            self.events.iter().filter(|(n, _)| *n >= next.max(first_event)).map(|(_, e)| e.clone()).collect();
        out.push(self.global_message(baseline));
        let mut seq = seq;
        for m in &mut out {
            seq += 1;
            if let Value::Object(o) = m {
                o.insert("seq".into(), json!(seq));
            }
        }
        self.subscribers[at].1 = self.next_event;
        self.subscribers[at].2 = seq;
        self.polled_at = Some(Instant::now());
        out
    }

    /// What the PUB socket publishes now: the events since the last call and the
    /// `trex-global` counters (TRex publishes them about twice a second).
    pub fn tick(&mut self) -> Vec<Value> {
        self.poll();
        let global = self.global_message(false);
        self.trigger();
        let mut out = std::mem::take(&mut self.outbox);
        out.push(global);
        out
    }

    /// TRex's current server publishes `{}` where its older one published the message
    /// itself: its subscriber then reads the messages with `get_async_events`. Riptide
    /// publishes both, the trigger only while a current subscriber polls (an older
    /// client's subscriber cannot read `{}`).
    fn trigger(&mut self) {
        if self.polled_at.is_some_and(|t| t.elapsed() < SUBSCRIBER_QUIET) && self.outbox.last() != Some(&json!({})) {
            self.outbox.push(json!({}));
        }
    }

    /// Messages queued for the PUB socket (barriers, events), without the counters.
    pub fn drain_outbox(&mut self) -> Vec<Value> {
        self.poll();
        std::mem::take(&mut self.outbox)
    }
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

#[derive(Clone, Copy, Debug, Default)]
struct Figures {
    opackets: u64,
    obytes: u64,
    oerrors: u64,
    ipackets: u64,
    ibytes: u64,
    ierrors: u64,
    tx_pps: f64,
    tx_bps: f64,
    tx_bps_l1: f64,
    rx_pps: f64,
    rx_bps: f64,
    util: f64,
}

/// A port's counters under TRex's names (and the spec's).
fn port_stats(f: &Figures) -> Value {
    json!({
        "opackets": f.opackets, "obytes": f.obytes, "oerrors": f.oerrors,
        "ipackets": f.ipackets, "ibytes": f.ibytes, "ierrors": f.ierrors,
        "m_total_tx_pps": f.tx_pps, "m_total_tx_bps": f.tx_bps, "m_total_tx_bps_L1": f.tx_bps_l1,
        "m_total_rx_pps": f.rx_pps, "m_total_rx_bps": f.rx_bps,
        "m_cpu_util": f.util,
        "tx_pps": f.tx_pps, "tx_bps": f.tx_bps, "rx_pps": f.rx_pps, "rx_bps": f.rx_bps,
        "total_tx_pkts": f.opackets, "total_rx_pkts": f.ipackets, "total_tx_bytes": f.obytes, "total_rx_bytes": f.ibytes,
        "tx_rx_error": f.oerrors + f.ierrors,
    })
}

/// A port's counters in a snapshot: opackets, obytes, oerrors, ipackets, ibytes, ierrors.
/// One packet group's counters.
#[derive(Clone, Debug, Default)]
struct PgCounts {
    /// Packets and bytes by sending port.
    tx: Vec<[u64; 2]>,
    /// Packets and bytes by receiving port.
    rx: Vec<[u64; 2]>,
    /// Packets and L2 bits per second by sending port (the running run only).
    rates: Vec<[f64; 2]>,
    /// Lost, out of order, duplicates, too high, too low.
    err: [u64; 5],
    latency: bool,
}

impl PgCounts {
    fn new(ports: usize) -> Self {
        PgCounts {
            tx: vec![[0; 2]; ports],
            rx: vec![[0; 2]; ports],
            rates: vec![[0.0; 2]; ports],
            ..Default::default()
        }
    }

    fn add(&mut self, o: &PgCounts) {
        for (a, b) in self.tx.iter_mut().zip(&o.tx).chain(self.rx.iter_mut().zip(&o.rx)) {
            a[0] += b[0];
            a[1] += b[1];
        }
        for (a, b) in self.err.iter_mut().zip(o.err) {
            *a += b;
        }
        self.latency |= o.latency;
    }
}

/// TRex's `histogram` (its own buckets) and `hdrh` (the HDR histogram in µs, base64) of a
/// latency group's record: empty ones where nothing was measured yet (TRex's server,
/// started with `--hdrh`, always has the second).
fn trex_histograms(rec: Option<&riptide_measure::Latency>) -> (Map<String, Value>, String) {
    let empty = riptide_measure::Latency::default();
    let rec = rec.unwrap_or(&empty);
    let buckets = rec.trex_histogram().into_iter().map(|(k, n)| (k.to_string(), json!(n))).collect();
    (buckets, rec.trex_hdrh())
}

/// The latency records of a run's snapshot by pg_id: each latency stream's (rebuilt from
/// its figures and histogram) merged into its group's.
fn pg_latency(s: &Snapshot, groups: &HashMap<String, PacketGroup>) -> BTreeMap<u16, riptide_measure::Latency> {
    let mut out: BTreeMap<u16, riptide_measure::Latency> = BTreeMap::new();
    for l in &s.latency {
        let Some(g) = groups.get(&l.stream) else { continue };
        let Some(rec) = l.hdr.as_deref().and_then(|h| riptide_measure::Latency::decode(&l.summary, h).ok()) else {
            continue;
        };
        match out.entry(g.id) {
            std::collections::btree_map::Entry::Occupied(mut e) => e.get_mut().merge(&rec),
            std::collections::btree_map::Entry::Vacant(e) => {
                e.insert(rec);
            }
        }
    }
    out
}

/// The packet groups' counters in a run's snapshot (streams mapped to pg_ids by name).
fn pg_counts(s: &Snapshot, groups: &HashMap<String, PacketGroup>, ports: usize) -> BTreeMap<u16, PgCounts> {
    let mut out: BTreeMap<u16, PgCounts> = BTreeMap::new();
    for st in &s.streams {
        let Some(g) = groups.get(&st.name) else { continue };
        let c = out.entry(g.id).or_insert_with(|| PgCounts::new(ports));
        c.latency |= g.latency;
        let port = usize::from(st.port);
        if let (Some(t), Some(r)) = (c.tx.get_mut(port), c.rates.get_mut(port)) {
            // TRex counts a packet group's bytes with their CRC (its example
            // stl_flow_stats.py checks packets x (length + 4)).
            t[0] += st.opackets;
            t[1] += st.obytes + FCS_LEN as u64 * st.opackets;
            r[0] += st.achieved_pps;
            // L2 (frames with FCS), as TRex's tx_bps.
            r[1] += (st.achieved_bps_l1 - st.achieved_pps * (L1_OVERHEAD * 8) as f64).max(0.0);
        }
        if let Some(rx) = &st.rx {
            for p in &rx.ports {
                if let Some(x) = c.rx.get_mut(p.port) {
                    x[0] += p.rx_packets;
                    x[1] += p.rx_bytes + FCS_LEN as u64 * p.rx_packets;
                }
            }
            for (a, b) in
                c.err.iter_mut().zip([rx.lost, rx.out_of_order, rx.duplicates, rx.seq_too_high, rx.seq_too_low])
            {
                *a += b;
            }
        }
    }
    out
}

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
