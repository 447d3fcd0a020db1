//! The TCP server: connections through `riptide_listen` (caps, eviction of the
//! unauthenticated, deadlines), one thread per client, a watchdog.

use crate::rpc::{self, code, RpcError};
use crate::search::{self, Phase, Search};
use crate::streams::StreamList;
use riptide_engine::{Command, Engine, EngineConfig, Response, RunState};
use riptide_listen::{Conn, Handler, Limits, Refuse};
use riptide_session::{Owners, Refused};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, ErrorKind, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// A request line whose first bytes came must be whole within this long (the default of
/// [`ServerConfig::request_deadline`]).
pub const REQUEST_DEADLINE: Duration = Duration::from_secs(10);

/// A reply (or a stats notification) must be written within this long: a client that
/// does not read is closed, and nobody else waits for it.
pub const WRITE_DEADLINE: Duration = Duration::from_secs(10);

/// Without a token, an idle connection gives way to a new one after this long when the
/// connection caps are reached (with one, only unauthenticated connections do).
pub const EVICT_IDLE_AFTER: Duration = Duration::from_secs(60);

/// How the daemon runs.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// Address to listen on (default 127.0.0.1:4501).
    pub bind: SocketAddr,
    /// Token clients must present with `auth`; required unless bound to loopback.
    pub token: Option<String>,
    /// How long traffic may run without an owner before it is stopped.
    pub owner_timeout: Duration,
    /// Most clients connected at once.
    pub max_clients: usize,
    /// Largest request line, in bytes.
    pub max_request: usize,
    /// Most connections from one peer address at once.
    pub max_per_peer: usize,
    /// A connection that has not authenticated by then is closed (when a token is set).
    pub auth_deadline: Duration,
    /// A connection that sends nothing for this long is closed (subscribers aside).
    pub idle_timeout: Duration,
    /// A request line whose first bytes came must be whole within this long.
    pub request_deadline: Duration,
    /// A reply or a stats notification must be written within this long (a client that
    /// does not read is closed).
    pub write_deadline: Duration,
    /// An owner that sends nothing for this long (a frozen client) loses the engine, and
    /// its traffic stops as for an owner that went away.
    pub owner_heartbeat: Duration,
    /// Directory `stf_start` may read profiles and pcaps from (`--data-dir`); `None`:
    /// it reads no file.
    pub data_dir: Option<std::path::PathBuf>,
    /// The engine's ports and settings.
    pub engine: EngineConfig,
    /// Where `GET /metrics` answers the Prometheus text format (`--metrics`); read-only.
    pub metrics: Option<SocketAddr>,
    /// The bearer token `/metrics` asks for (`Authorization: Bearer ...`); required off
    /// loopback, where a scrape without it gets 401.
    pub metrics_token: Option<String>,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            bind: SocketAddr::from(([127, 0, 0, 1], 4501)),
            token: None,
            owner_timeout: Duration::from_secs(5),
            max_clients: 64,
            max_request: 1 << 20,
            max_per_peer: 16,
            auth_deadline: Duration::from_secs(5),
            idle_timeout: Duration::from_secs(300),
            request_deadline: REQUEST_DEADLINE,
            write_deadline: WRITE_DEADLINE,
            owner_heartbeat: Duration::from_secs(30),
            data_dir: None,
            engine: EngineConfig::default(),
            metrics: None,
            metrics_token: None,
        }
    }
}

struct State {
    engine: Mutex<Engine>,
    /// The engine's owner: one slot, held by a session id.
    owner: Mutex<Owners<u64>>,
    sessions: AtomicU64,
    stop: AtomicBool,
    cfg: ServerConfig,
    /// The loaded profile's streams (add/remove/list_streams).
    streams: Mutex<StreamList>,
    /// The params of the profile the daemon last loaded into the engine (`load_profile`,
    /// or the text built for add/remove_streams): what a search searches by default,
    /// and what the engine gets back after one.
    loaded: Mutex<Option<Value>>,
    /// The running search, or the last one.
    search: Mutex<Option<Search>>,
    /// Numbers searches.
    searches: AtomicU64,
}

/// The one slot of [`State::owner`]: the whole engine.
const ENGINE: usize = 0;

/// Whether `session` owns the engine.
fn owns(state: &State, session: u64) -> bool {
    lock(&state.owner).check(ENGINE, &session).is_ok()
}

/// The engine's run state.
fn run_state(e: &mut Engine) -> RunState {
    match e.handle(Command::State) {
        Ok(Response::State(s)) => s,
        _ => RunState::Idle,
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    match m.lock() {
        Ok(g) => g,
        Err(p) => p.into_inner(),
    }
}

/// A running daemon.
pub struct ServerHandle {
    /// The address it listens on (the real port when 0 was asked for).
    pub addr: SocketAddr,
    /// Where `/metrics` is served, if it is.
    pub metrics: Option<SocketAddr>,
    state: Arc<State>,
    threads: Vec<JoinHandle<()>>,
    listeners: Vec<riptide_listen::Server>,
}

impl ServerHandle {
    /// Stops accepting, closes every connection, stops traffic, and waits for the server
    /// threads (a few seconds at most, whatever the clients do).
    pub fn shutdown(mut self) {
        self.state.stop.store(true, Ordering::Relaxed);
        for l in self.listeners.drain(..) {
            l.shutdown();
        }
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
        // A search sees the stop within a trial's poll and ends without a result.
        let search = lock(&self.state.search).as_mut().and_then(|s| s.thread.take());
        if let Some(t) = search {
            let _ = t.join();
        }
        let mut e = lock(&self.state.engine);
        if matches!(run_state(&mut e), RunState::Running | RunState::Paused | RunState::Finished) {
            let _ = e.handle(Command::Stop);
        }
    }

    /// Whether a shutdown was asked for.
    pub fn stopping(&self) -> bool {
        self.state.stop.load(Ordering::Relaxed)
    }
}

/// Starts the daemon: binds, then serves in background threads.
pub fn serve(cfg: ServerConfig) -> std::io::Result<ServerHandle> {
    check(&cfg)?;
    let listener = TcpListener::bind(cfg.bind)?;
    serve_on(listener, cfg)
}

/// The configuration's own rules: a token off loopback, and a token worth the name.
fn check(cfg: &ServerConfig) -> std::io::Result<()> {
    let refuse = |m: String| Err(std::io::Error::new(ErrorKind::InvalidInput, m));
    if !cfg.bind.ip().is_loopback() && cfg.token.is_none() {
        return refuse(format!("binding {} (not loopback) needs --token", cfg.bind));
    }
    if cfg.token.as_ref().is_some_and(|t| t.len() < MIN_TOKEN_LEN) {
        return refuse(format!("a token must be at least {MIN_TOKEN_LEN} characters"));
    }
    if let Some(m) = cfg.metrics {
        if !m.ip().is_loopback() && cfg.metrics_token.is_none() {
            return refuse(format!(
                "--metrics {m} (not loopback) needs --metrics-token (Prometheus sends it as a bearer token)"
            ));
        }
    }
    if cfg.metrics_token.as_ref().is_some_and(|t| t.len() < MIN_TOKEN_LEN) {
        return refuse(format!("a metrics token must be at least {MIN_TOKEN_LEN} characters"));
    }
    Ok(())
}

/// The JSON-RPC socket's connection limits.
fn rpc_limits(cfg: &ServerConfig) -> Limits {
    match cfg.token {
        // Admitted once authenticated: the unauthenticated give way to newcomers, and go
        // a second after the client's own deadline (which says why first).
        Some(_) => Limits {
            max_conns: cfg.max_clients,
            max_per_addr: cfg.max_per_peer,
            admit_within: cfg.auth_deadline + Duration::from_secs(1),
            evict_idle_after: None,
        },
        // Admitted with the first request; anyone may control this daemon, so idle
        // connections give way too.
        None => Limits {
            max_conns: cfg.max_clients,
            max_per_addr: cfg.max_per_peer,
            admit_within: cfg.idle_timeout,
            evict_idle_after: Some(EVICT_IDLE_AFTER.min(cfg.idle_timeout)),
        },
    }
}

/// Starts the daemon on a listener already bound (so a caller can publish the token
/// before the first client can connect).
pub fn serve_on(listener: TcpListener, cfg: ServerConfig) -> std::io::Result<ServerHandle> {
    check(&cfg)?;
    let mut cfg = cfg;
    if let Some(d) = &cfg.data_dir {
        // Containment is checked on canonical paths.
        cfg.data_dir = Some(std::fs::canonicalize(d)?);
    }
    let addr = listener.local_addr()?;
    let limits = rpc_limits(&cfg);
    let metrics = cfg.metrics;
    let state = Arc::new(State {
        engine: Mutex::new(Engine::new(cfg.engine.clone())),
        owner: Mutex::new(Owners::new(1)),
        sessions: AtomicU64::new(1),
        stop: AtomicBool::new(false),
        cfg,
        streams: Mutex::new(StreamList::default()),
        loaded: Mutex::new(None),
        search: Mutex::new(None),
        searches: AtomicU64::new(1),
    });
    // A connection turned away gets one JSON-RPC error line saying why.
    let refuse: Refuse = Box::new(|stream, why| {
        let e = RpcError::new(code::ENGINE, why.to_string());
        let _ = stream.write_all(format!("{}\n", rpc::err_line(&Value::Null, &e)).as_bytes());
    });
    let s = state.clone();
    let handler: Handler = Arc::new(move |c: Conn| client(&c, &s));
    let mut listeners = vec![riptide_listen::serve(listener, "riptide-rpc", limits, refuse, handler)?];
    let s = state.clone();
    let watchdog = std::thread::Builder::new().name("riptide-watchdog".into()).spawn(move || watchdog(s))?;
    let mut metrics_addr = None;
    if let Some(m) = metrics {
        let l = TcpListener::bind(m)?;
        metrics_addr = Some(l.local_addr()?);
        let s = state.clone();
        let handler: Handler = Arc::new(move |c: Conn| {
            crate::metrics::answer(&c, s.cfg.metrics_token.as_deref(), || scrape(&s));
        });
        listeners.push(riptide_listen::serve(
            l,
            "riptide-metrics",
            crate::metrics::LIMITS,
            crate::metrics::refuse(),
            handler,
        )?);
    }
    Ok(ServerHandle { addr, metrics: metrics_addr, state, threads: vec![watchdog], listeners })
}

/// The metrics text of the engine's totals and snapshot now.
fn scrape(state: &State) -> String {
    let mut e = lock(&state.engine);
    let totals = match e.handle(Command::Totals) {
        Ok(Response::Totals(t)) => *t,
        _ => Default::default(),
    };
    let snap = match e.handle(Command::Snapshot) {
        Ok(Response::Stats(s)) => *s,
        _ => return "riptide_up 0\n".into(),
    };
    drop(e);
    crate::metrics::render(&totals, &snap)
}

/// Stops traffic that has had no owner for longer than the owner timeout.
fn watchdog(state: Arc<State>) {
    while !state.stop.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(50));
        let expired = {
            let mut o = lock(&state.owner);
            let now = Instant::now();
            // An owner that sends nothing for the heartbeat (a frozen client) is gone, its
            // silence counted as the grace: its traffic stops now.
            o.silent(now, state.cfg.owner_heartbeat, state.cfg.owner_timeout);
            !o.expired(now, state.cfg.owner_timeout).is_empty()
        };
        if expired {
            let mut e = lock(&state.engine);
            // Stateless or stateful, the one run stops.
            if matches!(run_state(&mut e), RunState::Running | RunState::Paused | RunState::Finished) {
                let _ = e.handle(Command::Stop);
            }
        }
    }
}

struct Session {
    id: u64,
    authed: bool,
    /// Wrong tokens given on this connection.
    failures: u32,
}

/// Shortest token the daemon takes.
const MIN_TOKEN_LEN: usize = 16;

/// Wrong tokens a connection may give before it is closed.
const MAX_AUTH_FAILURES: u32 = 3;

/// Compares two byte strings in time that depends on their lengths only.
fn same_token(a: &[u8], b: &[u8]) -> bool {
    let mut diff = a.len() ^ b.len();
    for (i, x) in a.iter().enumerate() {
        diff |= usize::from(x ^ b.get(i % b.len().max(1)).copied().unwrap_or(0));
    }
    diff == 0
}

/// What [`read_line`] read.
enum Line {
    /// A whole line.
    Whole(Vec<u8>),
    /// A line longer than the limit, read to its end and dropped: the connection goes on.
    TooLong(usize),
}

/// Reads one line of at most `max` bytes (a longer one is read to its end within the
/// deadline and dropped). `Ok(None)`: the peer closed, or the connection is done. `Err`
/// when `expired` says the connection waited too long (its reason); it is asked on every
/// wake-up (200 ms), with the time the line's first bytes came, whatever the buffer holds.
fn read_line(
    r: &mut BufReader<&TcpStream>,
    max: usize,
    deadline: Duration,
    conn: &Conn,
    expired: &dyn Fn(Option<Instant>) -> Option<String>,
) -> Result<Option<Line>, RpcError> {
    let mut buf = Vec::new();
    let mut dropped = 0usize;
    let mut started = None;
    // The listener closes the connection if the line is still unfinished after this
    // (a backstop: `expired` says why first).
    let mut _deadline = None;
    loop {
        if conn.done() {
            return Ok(None);
        }
        if let Some(why) = expired(started) {
            return Err(RpcError::new(code::AUTH, why));
        }
        let room = (max + 1).saturating_sub(buf.len());
        let before = buf.len();
        // One read at most per turn, so that the checks above run between any two
        // (`read_until` blocks for as long as a trickle keeps bytes coming).
        let got = r.fill_buf().map(|avail| {
            let take = avail.len().min(room);
            let end = avail[..take].iter().position(|&b| b == b'\n').map_or(take, |i| i + 1);
            buf.extend_from_slice(&avail[..end]);
            end
        });
        if let Ok(n) = got {
            r.consume(n);
        }
        if started.is_none() && buf.len() > before {
            started = Some(Instant::now());
            _deadline = Some(conn.deadline(deadline + Duration::from_secs(1)));
        }
        match got {
            Ok(0) if buf.is_empty() && dropped == 0 => return Ok(None),
            Ok(0) if dropped > 0 => return Ok(None),
            Ok(_) if buf.ends_with(b"\n") && dropped > 0 => return Ok(Some(Line::TooLong(dropped + buf.len()))),
            Ok(_) if buf.ends_with(b"\n") => return Ok(Some(Line::Whole(buf))),
            Ok(0) => return Ok(Some(Line::Whole(buf))),
            Ok(_) if buf.len() > max => {
                // Too long: the rest of the line is read and dropped, so the reply (an
                // error) reaches the client and the connection stays usable.
                dropped += buf.len();
                buf.clear();
            }
            Ok(_) => {}
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut | ErrorKind::Interrupted) => {}
            Err(_) => return Ok(None),
        }
    }
}

/// Writes one line within `within` ([`ServerConfig::write_deadline`]).
fn send_line(conn: &Conn, within: Duration, line: &str) -> std::io::Result<()> {
    let _d = conn.deadline(within);
    let mut out = conn.stream();
    // One write per line: with Nagle off, a reply is one segment.
    out.write_all(format!("{line}\n").as_bytes())
}

fn client(conn: &Conn, state: &Arc<State>) {
    let stream = conn.stream();
    let _ = stream.set_read_timeout(Some(Duration::from_millis(200)));
    let _ = stream.set_nodelay(true);
    let mut reader = BufReader::new(stream);
    let mut session =
        Session { id: state.sessions.fetch_add(1, Ordering::Relaxed), authed: state.cfg.token.is_none(), failures: 0 };
    let connected = Instant::now();
    let last = std::cell::Cell::new(Instant::now());
    loop {
        let authed = session.authed;
        let expired = |started: Option<Instant>| {
            if !authed && connected.elapsed() >= state.cfg.auth_deadline {
                return Some(format!("not authenticated within {:?}: closing", state.cfg.auth_deadline));
            }
            if let Some(t) = started {
                let d = state.cfg.request_deadline;
                return (t.elapsed() >= d).then(|| format!("a request line still unfinished after {d:?}: closing"));
            }
            (last.get().elapsed() >= state.cfg.idle_timeout)
                .then(|| format!("idle for {:?}: closing", state.cfg.idle_timeout))
        };
        let line = match read_line(&mut reader, state.cfg.max_request, state.cfg.request_deadline, conn, &expired) {
            Ok(Some(Line::Whole(l))) => l,
            Ok(Some(Line::TooLong(n))) => {
                let max = state.cfg.max_request;
                let e = RpcError::new(
                    code::INVALID_REQUEST,
                    format!("a request of {n} bytes: this daemon takes at most {max}"),
                );
                if send_line(conn, state.cfg.write_deadline, &rpc::err_line(&Value::Null, &e)).is_err() {
                    break;
                }
                continue;
            }
            Ok(None) => break,
            Err(e) => {
                let _ = send_line(conn, state.cfg.write_deadline, &rpc::err_line(&Value::Null, &e));
                break;
            }
        };
        conn.touch();
        last.set(Instant::now());
        let text = String::from_utf8_lossy(&line);
        if text.trim().is_empty() {
            continue;
        }
        let reply = match rpc::parse_request(text.trim()) {
            Err((id, e)) => Some(rpc::err_line(&id.unwrap_or(Value::Null), &e)),
            Ok(req) if req.method == "subscribe" && session.authed => {
                let ms = req.params.get("interval_ms").and_then(Value::as_u64).unwrap_or(1000).clamp(50, 60_000);
                if let Some(id) = &req.id {
                    let _ = send_line(
                        conn,
                        state.cfg.write_deadline,
                        &rpc::ok_line(id, json!({"subscribed": true, "interval_ms": ms})),
                    );
                }
                stream_stats(conn, state, Duration::from_millis(ms));
                break;
            }
            Ok(req) => {
                // Every request of the owner is its heartbeat.
                lock(&state.owner).seen(&session.id, Instant::now());
                let result = dispatch(state, &mut session, &req.method, &req.params);
                req.id.map(|id| match result {
                    Ok(v) => rpc::ok_line(&id, v),
                    Err(e) => rpc::err_line(&id, &e),
                })
            }
        };
        // Authenticated (or no token needed, and a request made): no longer among the
        // connections that give way to newcomers.
        if session.authed && !conn.admitted() {
            conn.admit();
        }
        if session.failures >= MAX_AUTH_FAILURES {
            if let Some(r) = reply {
                let _ = send_line(conn, state.cfg.write_deadline, &r);
            }
            break;
        }
        if let Some(r) = reply {
            if send_line(conn, state.cfg.write_deadline, &r).is_err() {
                break;
            }
        }
    }
    lock(&state.owner).leave(&session.id, Instant::now());
}

fn add_params(params: &Value) -> Result<(Vec<Value>, Option<u64>), RpcError> {
    let bad = |m: &str| RpcError::new(code::INVALID_PARAMS, format!("add_streams: {m}"));
    let o = params.as_object().ok_or_else(|| bad("params must be an object"))?;
    if let Some(k) = o.keys().find(|k| !matches!(k.as_str(), "streams" | "seed")) {
        return Err(bad(&format!("unknown parameter '{k}' (expected streams, seed)")));
    }
    let streams = match o.get("streams") {
        Some(Value::Array(a)) if !a.is_empty() => a.clone(),
        Some(_) => return Err(bad("'streams' must be a non-empty array of stream objects")),
        None => return Err(bad("missing 'streams'")),
    };
    let seed = match o.get("seed") {
        None | Some(Value::Null) => None,
        Some(v) => Some(v.as_u64().ok_or_else(|| bad("'seed' must be a non-negative integer"))?),
    };
    Ok((streams, seed))
}

fn remove_params(params: &Value) -> Result<Vec<String>, RpcError> {
    let bad = |m: &str| RpcError::new(code::INVALID_PARAMS, format!("remove_streams: {m}"));
    let o = params.as_object().ok_or_else(|| bad("params must be an object"))?;
    if let Some(k) = o.keys().find(|k| k.as_str() != "names") {
        return Err(bad(&format!("unknown parameter '{k}' (expected names)")));
    }
    match o.get("names") {
        Some(Value::Array(a)) if !a.is_empty() => {
            a.iter().map(|n| n.as_str().map(str::to_string).ok_or_else(|| bad("'names' must hold strings"))).collect()
        }
        Some(_) => Err(bad("'names' must be a non-empty array of stream names")),
        None => Err(bad("missing 'names'")),
    }
}

/// Sends a snapshot every `every`, on a fixed cadence (a console at 10 Hz gets ten a
/// second, not ten less the time each takes); a reader too slow for it gets fewer.
fn stream_stats(conn: &Conn, state: &State, every: Duration) {
    let mut next = Instant::now();
    while !conn.done() {
        let snap = rpc::engine_call(&mut lock(&state.engine), "snapshot", &json!({})).unwrap_or(Value::Null);
        let note = json!({"jsonrpc": "2.0", "method": "stats", "params": snap});
        if send_line(conn, state.cfg.write_deadline, &note.to_string()).is_err() {
            return;
        }
        next += every;
        let now = Instant::now();
        if next <= now {
            next = now + every;
        }
        std::thread::sleep(next - now);
    }
}

fn dispatch(state: &Arc<State>, session: &mut Session, method: &str, params: &Value) -> Result<Value, RpcError> {
    let no_params = |m: &str| -> Result<(), RpcError> {
        match params.as_object() {
            Some(o) if !o.is_empty() => Err(RpcError::new(
                code::INVALID_PARAMS,
                format!("{m} takes no parameters, got {:?}", o.keys().collect::<Vec<_>>()),
            )),
            _ => Ok(()),
        }
    };
    match method {
        "ping" => {
            no_params(method)?;
            return Ok(json!("pong"));
        }
        "version" => {
            if let Some(major) = params.get("api_major") {
                if major.as_u64() != Some(crate::API_VERSION.0 as u64) {
                    return Err(RpcError::new(
                        code::VERSION,
                        format!(
                            "client API major {major} is not the daemon's {} (riptide {})",
                            crate::API_VERSION.0,
                            env!("CARGO_PKG_VERSION")
                        ),
                    ));
                }
            }
            let mut v = json!({
                "version": env!("CARGO_PKG_VERSION"),
                "api_version": {"major": crate::API_VERSION.0, "minor": crate::API_VERSION.1},
                "auth_required": state.cfg.token.is_some(),
                "max_request": state.cfg.max_request,
            });
            // What the daemon can do is for sessions that may use it.
            if session.authed {
                v["methods"] = json!(rpc::METHODS);
            }
            return Ok(v);
        }
        "schema" if session.authed => {
            no_params(method)?;
            return serde_json::from_str::<Value>(crate::SCHEMA)
                .map_err(|e| RpcError::new(code::ENGINE, e.to_string()));
        }
        "auth" => {
            let given = params.get("token").and_then(Value::as_str).unwrap_or("");
            return match &state.cfg.token {
                None => Ok(json!({"ok": true})),
                Some(t) if !given.is_empty() && same_token(t.as_bytes(), given.as_bytes()) => {
                    session.authed = true;
                    Ok(json!({"ok": true}))
                }
                Some(_) => {
                    // Guessing is slow, and a connection gets a few tries only.
                    session.failures += 1;
                    std::thread::sleep(Duration::from_millis(250));
                    Err(RpcError::new(code::AUTH, "wrong or missing token"))
                }
            };
        }
        _ => {}
    }
    if !session.authed {
        return Err(RpcError::new(code::AUTH, "authenticate first: auth {\"token\": ...}"));
    }
    match method {
        "ports" => {
            no_params(method)?;
            let e = lock(&state.engine);
            let c = e.config();
            let opts = c.port_options();
            let ports: Vec<Value> = c
                .ports
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let caps = p.caps(&opts);
                    json!({
                        "index": i,
                        "name": p.name(),
                        "driver": p.driver(),
                        "simulated": caps.simulated(),
                        "rx_timestamps": caps.rx.map(|r| r.name()),
                        "line_rate_bps": caps.line_rate.0,
                    })
                })
                .collect();
            Ok(json!(ports))
        }
        "host" => {
            no_params(method)?;
            // The facts every report carries (riptide_method::host), with the daemon's ports'.
            let ports: Vec<String> = lock(&state.engine).config().ports.iter().map(|p| p.name()).collect();
            let h = riptide_method::host::Host::with_ports(&ports);
            let mut v = serde_json::to_value(&h).map_err(|e| RpcError::new(code::ENGINE, e.to_string()))?;
            v["calibration_lines"] = json!(h.calibration_lines);
            Ok(v)
        }
        "state" => {
            no_params(method)?;
            let owner = lock(&state.owner).owner(ENGINE).map(|o| o.handle);
            Ok(json!({"state": run_state(&mut lock(&state.engine)), "owner": owner, "you": session.id}))
        }
        "stats" => {
            no_params(method)?;
            rpc::engine_call(&mut lock(&state.engine), "snapshot", &json!({}))
        }
        "acquire" => {
            let force = match params.get("force") {
                None => false,
                Some(Value::Bool(b)) => *b,
                Some(_) => return Err(RpcError::new(code::INVALID_PARAMS, "acquire: 'force' must be a boolean")),
            };
            match lock(&state.owner).acquire(ENGINE, session.id, "", force, Instant::now()) {
                Err(Refused::Held { owner, .. }) => Err(RpcError::new(
                    code::NOT_OWNER,
                    format!("the engine is owned by session {}; acquire with force to take it over", owner.handle),
                )),
                Err(e) => Err(RpcError::new(code::NOT_OWNER, format!("engine slot {e}"))),
                Ok(_) => Ok(json!({"ok": true, "session": session.id})),
            }
        }
        "release" => {
            no_params(method)?;
            // Releasing what one does not own changes nothing.
            let _ = lock(&state.owner).release(ENGINE, &session.id, Instant::now());
            Ok(json!({"ok": true}))
        }
        "list_streams" => {
            no_params(method)?;
            Ok(json!({"streams": lock(&state.streams).streams()}))
        }
        "stf_stats" => {
            no_params(method)?;
            rpc::stf_stats(&mut lock(&state.engine))
        }
        "ndr_start" => ndr_start(state, session.id, params),
        "soak_start" => soak_start(state, session.id, params),
        "b2b_start" => b2b_start(state, session.id, params),
        "rfc2889_start" => rfc2889_start(state, session.id, params),
        "rfc9411_start" => rfc9411_start(state, session.id, params),
        "ndr_progress" | "ndr_cancel" | "ndr_results" => ndr_follow(state, session.id, method, params),
        m if searching(state).is_some()
            && (m == "trial"
                || rpc::OWNED.contains(&m)
                || rpc::STF_OWNED.contains(&m)
                || rpc::STREAM_METHODS.contains(&m)) =>
        {
            let id = searching(state).unwrap_or_default();
            Err(RpcError::new(code::ENGINE, format!("{m}: search {id} is running on the engine (ndr_cancel ends it)")))
        }
        "trial" => {
            if !owns(state, session.id) {
                return Err(RpcError::new(code::NOT_OWNER, "trial needs the engine: call acquire first"));
            }
            let (duration, load, cores) = rpc::trial_params(params)?;
            trial(state, duration, load, cores)
        }
        m if rpc::STF_OWNED.contains(&m) => {
            if !owns(state, session.id) {
                return Err(RpcError::new(code::NOT_OWNER, format!("{m} needs the engine: call acquire first")));
            }
            if m == "stf_stop" {
                no_params(m)?;
                return rpc::stf_stop(&mut lock(&state.engine));
            }
            // Files are read before the engine is locked: a slow read blocks nobody else.
            let req = rpc::stf_start(params, state.cfg.data_dir.as_deref())?;
            rpc::run_command(&mut lock(&state.engine), riptide_engine::Command::StfStart(req))
        }
        m if rpc::OWNED.contains(&m) || rpc::STREAM_METHODS.contains(&m) => {
            if !owns(state, session.id) {
                return Err(RpcError::new(code::NOT_OWNER, format!("{m} needs the engine: call acquire first")));
            }
            if m == "tcp_start" {
                // The profile is parsed before the engine is locked: a large one (TRex's
                // ASTF JSON of thousands of templates) holds no other session.
                let mut cmd = rpc::command(m, params)?;
                if let riptide_engine::Command::TcpStart(req) = &mut cmd {
                    req.parse_ahead().map_err(|e| RpcError::new(code::INVALID_PARAMS, e.to_string()))?;
                }
                return rpc::run_command(&mut lock(&state.engine), cmd);
            }
            let mut e = lock(&state.engine);
            let mut list = lock(&state.streams);
            let next = match m {
                "add_streams" => Some(add_params(params).and_then(|(s, seed)| list.with_added(&s, seed))?),
                "remove_streams" => Some(remove_params(params).and_then(|names| list.without(&names))?),
                _ => None,
            };
            let Some(next) = next else {
                // A profile whose streams the daemon cannot keep is refused before the
                // engine loads it.
                let loaded = match m {
                    "load_profile" => Some(StreamList::from_profile_text(
                        params.get("text").and_then(Value::as_str).unwrap_or_default(),
                    )?),
                    _ => None,
                };
                let r = rpc::engine_call(&mut e, m, params)?;
                if let Some(l) = loaded {
                    *list = l;
                    *lock(&state.loaded) = Some(params.clone());
                }
                return Ok(r);
            };
            // The engine checks the whole new profile; refused, nothing changes.
            if next.is_empty() {
                rpc::engine_call(&mut e, "unload", &json!({}))?;
                *lock(&state.loaded) = None;
            } else {
                let text = next.profile_text();
                let load = json!({"text": text, "source": format!("<{m}>")});
                rpc::engine_call(&mut e, "load_profile", &load).map_err(|err| quote_line(err, m, &text))?;
                *lock(&state.loaded) = Some(load);
            }
            let n = next.len();
            *list = next;
            Ok(json!({"ok": true, "streams": n}))
        }
        "subscribe" => Err(RpcError::new(code::AUTH, "authenticate first")),
        other => Err(RpcError::new(
            code::METHOD_NOT_FOUND,
            format!("no method '{other}' (methods: {})", rpc::METHODS.join(", ")),
        )),
    }
}

/// One trial of a throughput search on the loaded profile, run and counted by the
/// methodology library as `riptide ndr` runs it (`riptide_method::trials`), on the
/// shared engine locked one command at a time (other sessions read stats meanwhile);
/// the daemon's shutdown ends it without a result.
fn trial(state: &State, duration: f64, load: f64, cores: usize) -> Result<Value, RpcError> {
    use riptide_method::{trials::EngineTrials, Shared};
    let refused = |e: &dyn std::fmt::Display| RpcError::new(code::ENGINE, format!("trial: {e}"));
    let stopping = || state.stop.load(Ordering::Relaxed);
    let mut trials = EngineTrials::new(Shared(&state.engine), cores, vec![], &stopping).map_err(|x| refused(&x))?;
    let record = trials.trial(duration, load).map_err(|x| refused(&x))?;
    serde_json::to_value(record).map_err(|e| refused(&e))
}

/// A method's `realtime` decided once for all its trials on the daemon's ports
/// ([`riptide_method::trials::Realtime::resolve_for`]).
fn decided(state: &State, asked: riptide_method::trials::Realtime) -> riptide_method::trials::Realtime {
    asked.resolve_for(lock(&state.engine).config()).realtime.into()
}

/// The number of the search running on the engine, if one is.
fn searching(state: &State) -> Option<u64> {
    lock(&state.search).as_ref().filter(|s| s.phase() == Phase::Running).map(|s| s.id)
}

/// `ndr_start`: checks the options, takes the profile (given, or the daemon's loaded
/// one) and starts the search in a thread of its own; answers its number at once.
fn ndr_start(state: &Arc<State>, session: u64, params: &Value) -> Result<Value, RpcError> {
    let mut p = search::start_params(params)?;
    p.options.realtime = decided(state, p.options.realtime);
    let checked = p.options.check().map_err(|e| RpcError::new(code::INVALID_PARAMS, format!("ndr_start: {e}")))?;
    let mut slot = free_slot(state, "ndr_start")?;
    let subject = match checked.simulated {
        Some(_) => None,
        None => Some(subject_of(state, session, "ndr_start", p.profile, p.source)?),
    };
    let id = state.searches.fetch_add(1, Ordering::Relaxed);
    let progress = search::fresh();
    let cancel = Arc::new(AtomicBool::new(false));
    let ports = subject.as_ref().map_or(vec![], |s| s.ports.clone());
    let (st, pr, ca, options, goals) =
        (state.clone(), progress.clone(), cancel.clone(), p.options, checked.goals.clone());
    let thread = std::thread::Builder::new()
        .name("riptide-ndr".into())
        .spawn(move || {
            let ended = || search::flag(&ca) || st.stop.load(Ordering::Relaxed);
            match subject {
                // A simulated DUT needs no engine, so no owner.
                None => search::run::<riptide_method::Shared<'_>>(None, &options, &checked, &pr, &ended),
                Some(sub) => {
                    let interrupted = || ended() || !owns(&st, session);
                    let mut d = riptide_method::Shared(&st.engine);
                    search::run(Some((&mut d, &sub)), &options, &checked, &pr, &interrupted);
                    restore(&st);
                }
            }
        })
        .map_err(|e| RpcError::new(code::ENGINE, format!("ndr_start: {e}")))?;
    *slot = Some(Search { id, session, cancel, progress, goals, ports, command: p.command, thread: Some(thread) });
    Ok(json!({"search": id}))
}

/// The daemon's search slot, free: refused while a search runs; the last one's thread
/// joined.
fn free_slot<'a>(state: &'a State, method: &str) -> Result<std::sync::MutexGuard<'a, Option<Search>>, RpcError> {
    let mut slot = lock(&state.search);
    if let Some(s) = slot.as_ref().filter(|s| s.phase() == Phase::Running) {
        return Err(RpcError::new(
            code::ENGINE,
            format!("{method}: search {} is running (one at a time; ndr_cancel ends it)", s.id),
        ));
    }
    if let Some(t) = slot.as_mut().and_then(|s| s.thread.take()) {
        let _ = t.join();
    }
    Ok(slot)
}

/// What a method on the engine runs: the profile given (`profile`, named `source`), or
/// the daemon's loaded one; refused unless `session` owns the engine and it is idle.
fn subject_of(
    state: &State,
    session: u64,
    method: &str,
    profile: Option<String>,
    source: Option<String>,
) -> Result<riptide_method::ndr::Subject, RpcError> {
    if !owns(state, session) {
        return Err(RpcError::new(code::NOT_OWNER, format!("{method} needs the engine: call acquire first")));
    }
    let mut e = lock(&state.engine);
    if matches!(run_state(&mut e), RunState::Running | RunState::Paused) {
        return Err(RpcError::new(code::ENGINE, format!("{method}: traffic is running: stop it first")));
    }
    let (text, source) = match profile {
        Some(t) => (t, source.unwrap_or_else(|| format!("<{method}>"))),
        None => {
            let loaded = lock(&state.loaded).clone();
            let yaml = loaded.filter(|l| l.get("format").and_then(Value::as_str).unwrap_or("yaml") == "yaml");
            let Some(l) = yaml else {
                return Err(RpcError::new(
                    code::ENGINE,
                    format!("{method}: no riptide profile loaded: load_profile one (YAML) or give 'profile'"),
                ));
            };
            let text = l.get("text").and_then(Value::as_str).unwrap_or_default().to_string();
            let loaded_source = l.get("source").and_then(Value::as_str).unwrap_or("<loaded>").to_string();
            (text, source.unwrap_or(loaded_source))
        }
    };
    let c = e.config();
    Ok(riptide_method::ndr::Subject {
        text,
        source,
        ports: c.ports.iter().map(|p| p.name()).collect(),
        port_bps: c.line_rate.0,
    })
}

/// `soak_start`: checks the options, takes the profile (given, or the loaded one) and
/// starts the soak in a thread of its own, as the daemon's one search; answers its
/// number at once (`ndr_progress`, `ndr_cancel` and `ndr_results` follow it).
fn soak_start(state: &Arc<State>, session: u64, params: &Value) -> Result<Value, RpcError> {
    let mut p = search::soak_params(params)?;
    p.options.realtime = decided(state, p.options.realtime);
    let (options, profile) = (p.options, (p.profile, p.source, p.command));
    profile_method_start(state, session, "soak_start", "riptide-soak", profile, move |d, subject, pr, interrupted| {
        search::run_soak(d, subject, &options, pr, interrupted)
    })
}

/// `b2b_start`: checks the options, takes the profile (given, or the loaded one) and
/// starts RFC 9004's back-to-back test in a thread of its own, as the daemon's one
/// search; answers its number at once (`ndr_progress`, `ndr_cancel` and `ndr_results`
/// follow it).
fn b2b_start(state: &Arc<State>, session: u64, params: &Value) -> Result<Value, RpcError> {
    let mut p = search::b2b_params(params)?;
    p.options.realtime = decided(state, p.options.realtime);
    let (options, profile) = (p.options, (p.profile, p.source, p.command));
    profile_method_start(state, session, "b2b_start", "riptide-b2b", profile, move |d, subject, pr, interrupted| {
        search::run_b2b(d, subject, &options, pr, interrupted)
    })
}

/// A method's profile as its params give it: (text, source, command).
type ProfileParams = (Option<String>, Option<String>, Vec<String>);

/// Starts a method on a profile (the one given, or the daemon's loaded one) as the
/// daemon's one search, in a thread named `thread` of its own: owner only, with the
/// engine idle; `run` leaves the outcome in the progress. Answers the search's number.
fn profile_method_start(
    state: &Arc<State>,
    session: u64,
    method: &'static str,
    thread: &str,
    (profile, source, command): ProfileParams,
    run: impl FnOnce(
            &mut riptide_method::Shared<'_>,
            &riptide_method::ndr::Subject,
            &Arc<std::sync::Mutex<search::Progress>>,
            &dyn Fn() -> bool,
        ) + Send
        + 'static,
) -> Result<Value, RpcError> {
    let mut slot = free_slot(state, method)?;
    let subject = subject_of(state, session, method, profile, source)?;
    let id = state.searches.fetch_add(1, Ordering::Relaxed);
    let progress = search::fresh();
    let cancel = Arc::new(AtomicBool::new(false));
    let ports = subject.ports.clone();
    let (st, pr, ca) = (state.clone(), progress.clone(), cancel.clone());
    let thread = std::thread::Builder::new()
        .name(thread.into())
        .spawn(move || {
            let interrupted = || search::flag(&ca) || st.stop.load(Ordering::Relaxed) || !owns(&st, session);
            let mut d = riptide_method::Shared(&st.engine);
            run(&mut d, &subject, &pr, &interrupted);
            restore(&st);
        })
        .map_err(|e| RpcError::new(code::ENGINE, format!("{method}: {e}")))?;
    *slot = Some(Search { id, session, cancel, progress, goals: vec![], ports, command, thread: Some(thread) });
    Ok(json!({"search": id}))
}

/// `rfc2889_start`: checks the options and starts the RFC 2889 test on the daemon's
/// ports (test, learning, monitor) in a thread of its own, as the daemon's one search;
/// answers its number at once. Owner only, with the engine idle.
fn rfc2889_start(state: &Arc<State>, session: u64, params: &Value) -> Result<Value, RpcError> {
    let mut p = search::rfc2889_params(params)?;
    p.options.realtime = decided(state, p.options.realtime);
    let command = p.command.clone();
    method_start(
        state,
        session,
        "rfc2889_start",
        command,
        |n| (n != 3).then(|| format!("the daemon has {n} ports; RFC 2889 takes three (test, learning, monitor)")),
        move |d, names, progress, interrupted| search::run_rfc2889(d, names, &p, progress, interrupted),
    )
}

/// `rfc9411_start`: checks the options and starts the RFC 9411 test on the daemon's
/// ports (client's, then server's; one carries both) in a thread of its own, as the
/// daemon's one search; answers its number at once. Owner only, with the engine idle.
fn rfc9411_start(state: &Arc<State>, session: u64, params: &Value) -> Result<Value, RpcError> {
    let p = search::rfc9411_params(params)?;
    let command = p.command.clone();
    method_start(
        state,
        session,
        "rfc9411_start",
        command,
        |n| {
            (!(1..=2).contains(&n)).then(|| {
                format!("the daemon has {n} ports; RFC 9411 takes the client's and the server's (one may carry both)")
            })
        },
        move |d, names, progress, interrupted| search::run_rfc9411(d, names, &p, progress, interrupted),
    )
}

/// Starts a method that runs whole TCP or frame profiles (RFC 2889, RFC 9411) on the
/// daemon's ports as its one search, in a thread of its own: owner only, with the engine
/// idle and `ports_wrong(count)` silent; `run` leaves the outcome in the progress.
fn method_start(
    state: &Arc<State>,
    session: u64,
    method: &'static str,
    command: Vec<String>,
    ports_wrong: impl Fn(usize) -> Option<String>,
    run: impl FnOnce(&mut riptide_method::Shared<'_>, &[String], &Arc<std::sync::Mutex<search::Progress>>, &dyn Fn() -> bool)
        + Send
        + 'static,
) -> Result<Value, RpcError> {
    let mut slot = free_slot(state, method)?;
    if !owns(state, session) {
        return Err(RpcError::new(code::NOT_OWNER, format!("{method} needs the engine: call acquire first")));
    }
    let ports: Vec<String> = {
        let mut e = lock(&state.engine);
        if matches!(run_state(&mut e), RunState::Running | RunState::Paused) {
            return Err(RpcError::new(code::ENGINE, format!("{method}: traffic is running: stop it first")));
        }
        e.config().ports.iter().map(|p| p.name()).collect()
    };
    if let Some(m) = ports_wrong(ports.len()) {
        return Err(RpcError::new(code::ENGINE, format!("{method}: {m}")));
    }
    let id = state.searches.fetch_add(1, Ordering::Relaxed);
    let progress = search::fresh();
    let cancel = Arc::new(AtomicBool::new(false));
    let (st, pr, ca, names) = (state.clone(), progress.clone(), cancel.clone(), ports.clone());
    let thread = std::thread::Builder::new()
        .name(format!("riptide-{}", method.trim_end_matches("_start")))
        .spawn(move || {
            let interrupted = || search::flag(&ca) || st.stop.load(Ordering::Relaxed) || !owns(&st, session);
            let mut d = riptide_method::Shared(&st.engine);
            run(&mut d, &names, &pr, &interrupted);
            restore(&st);
        })
        .map_err(|e| RpcError::new(code::ENGINE, format!("{method}: {e}")))?;
    *slot = Some(Search { id, session, cancel, progress, goals: vec![], ports, command, thread: Some(thread) });
    Ok(json!({"search": id}))
}

/// After a search on the engine: its traffic stopped, and the daemon's loaded profile
/// back in the engine (the search loaded its own, with probes and frame sizes).
fn restore(state: &State) {
    let mut e = lock(&state.engine);
    if matches!(run_state(&mut e), RunState::Running | RunState::Paused | RunState::Finished) {
        let _ = e.handle(Command::Stop);
    }
    let _ = match lock(&state.loaded).clone() {
        Some(params) => rpc::engine_call(&mut e, "load_profile", &params),
        None => rpc::engine_call(&mut e, "unload", &json!({})),
    };
}

/// `ndr_progress`, `ndr_cancel`, `ndr_results` of the search numbered `search` (default:
/// the daemon's one, running or last).
fn ndr_follow(state: &State, session: u64, method: &str, params: &Value) -> Result<Value, RpcError> {
    let bad = |m: String| RpcError::new(code::INVALID_PARAMS, format!("{method}: {m}"));
    let obj = match params {
        Value::Object(o) => o.clone(),
        Value::Null => Default::default(),
        _ => return Err(bad("params must be an object".into())),
    };
    let allowed: &[&str] = match method {
        "ndr_progress" => &["search", "since"],
        "ndr_results" => &["search", "files"],
        _ => &["search"],
    };
    if let Some(k) = obj.keys().find(|k| !allowed.contains(&k.as_str())) {
        return Err(bad(format!("unknown parameter '{k}' (expected {})", allowed.join(", "))));
    }
    let want = match obj.get("search") {
        None => None,
        Some(v) => Some(v.as_u64().ok_or_else(|| bad("'search' must be a search number".into()))?),
    };
    let slot = lock(&state.search);
    let s = match (slot.as_ref(), want) {
        (None, _) => return Err(RpcError::new(code::ENGINE, format!("{method}: no search has run (ndr_start one)"))),
        (Some(s), Some(w)) if s.id != w => {
            return Err(RpcError::new(
                code::ENGINE,
                format!("{method}: no search {w} (the daemon keeps the last one, {})", s.id),
            ))
        }
        (Some(s), _) => s,
    };
    match method {
        "ndr_progress" => {
            let since = match obj.get("since") {
                None => 0,
                Some(v) => v.as_u64().ok_or_else(|| bad("'since' must be an event number".into()))? as usize,
            };
            Ok(search::progress(s, since))
        }
        "ndr_results" => {
            let files = match obj.get("files") {
                None => false,
                Some(Value::Bool(b)) => *b,
                Some(_) => return Err(bad("'files' must be a boolean".into())),
            };
            search::results(s, files)
        }
        _ => {
            if s.session != session && !owns(state, session) {
                return Err(RpcError::new(
                    code::NOT_OWNER,
                    format!("ndr_cancel: search {} is session {}'s; acquire the engine to cancel it", s.id, s.session),
                ));
            }
            s.cancel.store(true, Ordering::Relaxed);
            let (id, progress) = (s.id, s.progress.clone());
            drop(slot);
            // The trial running stops within its poll; the answer says how it ended.
            let until = Instant::now() + Duration::from_secs(10);
            let mut phase = lock(&progress).phase;
            while phase == Phase::Running && Instant::now() < until {
                std::thread::sleep(Duration::from_millis(5));
                phase = lock(&progress).phase;
            }
            Ok(json!({"ok": true, "search": id, "state": phase.name()}))
        }
    }
}

/// The caller never saw the profile text the daemon built from its streams, so an error
/// at `<METHOD>:LINE:COL` of it quotes that line (one key per line: `"sport": 70000`).
fn quote_line(mut err: RpcError, method: &str, text: &str) -> RpcError {
    let tag = format!("<{method}>:");
    let line = err.message.find(&tag).and_then(|i| {
        let rest = &err.message[i + tag.len()..];
        let digits = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
        rest[..digits].parse::<usize>().ok()
    });
    if let Some(quoted) = line.and_then(|l| text.lines().nth(l.checked_sub(1)?)) {
        let quoted: String = quoted.trim().trim_end_matches(',').chars().take(120).collect();
        if !quoted.is_empty() {
            err.message = format!("{} (at {quoted})", err.message);
        }
    }
    err
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_in_built_profiles_quote_their_line() {
        let text = "{\n  \"streams\": [\n    {\n      \"sport\": 70000,\n    }\n  ]\n}";
        let e = quote_line(RpcError::new(-32000, "<add_streams>:4:16: invalid u16"), "add_streams", text);
        assert_eq!(e.message, "<add_streams>:4:16: invalid u16 (at \"sport\": 70000)");
        // No place, or a place past the text: unchanged.
        let e = quote_line(RpcError::new(-32000, "<add_streams>: too many"), "add_streams", text);
        assert_eq!(e.message, "<add_streams>: too many");
        let e = quote_line(RpcError::new(-32000, "<add_streams>:99:1: x"), "add_streams", text);
        assert_eq!(e.message, "<add_streams>:99:1: x");
    }
}
