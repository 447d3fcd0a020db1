//! The TCP server: an accept loop, one thread per client, a watchdog.

use crate::rpc::{self, code, RpcError};
use crate::streams::StreamList;
use riptide_engine::stf::{StfError, StfOptions, StfRun};
use riptide_engine::{Command, Engine, EngineConfig, RunState};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

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
    /// The engine's ports and settings.
    pub engine: EngineConfig,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            bind: SocketAddr::from(([127, 0, 0, 1], 4501)),
            token: None,
            owner_timeout: Duration::from_secs(5),
            max_clients: 64,
            max_request: 1 << 20,
            engine: EngineConfig::default(),
        }
    }
}

struct State {
    engine: Mutex<Engine>,
    owner: Mutex<Owner>,
    sessions: AtomicU64,
    clients: AtomicUsize,
    stop: AtomicBool,
    cfg: ServerConfig,
    /// The loaded profile's streams (add/remove/list_streams).
    streams: Mutex<StreamList>,
    /// The stateful run, while there is one (`stf_*`).
    stf: Mutex<Option<StfRun>>,
}

#[derive(Default)]
struct Owner {
    session: Option<u64>,
    orphaned_since: Option<Instant>,
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
    state: Arc<State>,
    threads: Vec<JoinHandle<()>>,
}

impl ServerHandle {
    /// Stops accepting, stops traffic, and waits for the server threads.
    pub fn shutdown(mut self) {
        self.state.stop.store(true, Ordering::Relaxed);
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
        let mut e = lock(&self.state.engine);
        if matches!(e.state(), RunState::Running | RunState::Paused | RunState::Finished) {
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
    if !cfg.bind.ip().is_loopback() && cfg.token.is_none() {
        return Err(std::io::Error::new(
            ErrorKind::InvalidInput,
            format!("binding {} (not loopback) needs --token", cfg.bind),
        ));
    }
    let listener = TcpListener::bind(cfg.bind)?;
    listener.set_nonblocking(true)?;
    let addr = listener.local_addr()?;
    let state = Arc::new(State {
        engine: Mutex::new(Engine::new(cfg.engine.clone())),
        owner: Mutex::new(Owner::default()),
        sessions: AtomicU64::new(1),
        clients: AtomicUsize::new(0),
        stop: AtomicBool::new(false),
        cfg,
        streams: Mutex::new(StreamList::default()),
        stf: Mutex::new(None),
    });
    let s = state.clone();
    let accept = std::thread::Builder::new().name("riptide-accept".into()).spawn(move || accept_loop(listener, s))?;
    let s = state.clone();
    let watchdog = std::thread::Builder::new().name("riptide-watchdog".into()).spawn(move || watchdog(s))?;
    Ok(ServerHandle { addr, state, threads: vec![accept, watchdog] })
}

fn accept_loop(listener: TcpListener, state: Arc<State>) {
    let mut conns: Vec<JoinHandle<()>> = Vec::new();
    while !state.stop.load(Ordering::Relaxed) {
        match listener.accept() {
            Ok((stream, _)) => {
                conns.retain(|h| !h.is_finished());
                if state.clients.load(Ordering::Relaxed) >= state.cfg.max_clients {
                    let mut stream = stream;
                    let e = RpcError::new(code::ENGINE, format!("too many clients (max {})", state.cfg.max_clients));
                    let _ = stream.write_all(format!("{}\n", rpc::err_line(&Value::Null, &e)).as_bytes());
                    continue;
                }
                state.clients.fetch_add(1, Ordering::Relaxed);
                let s = state.clone();
                if let Ok(h) = std::thread::Builder::new().name("riptide-client".into()).spawn(move || {
                    client(stream, &s);
                    s.clients.fetch_sub(1, Ordering::Relaxed);
                }) {
                    conns.push(h);
                } else {
                    state.clients.fetch_sub(1, Ordering::Relaxed);
                }
            }
            Err(e) if e.kind() == ErrorKind::WouldBlock => std::thread::sleep(Duration::from_millis(10)),
            Err(_) => std::thread::sleep(Duration::from_millis(10)),
        }
    }
    for h in conns {
        let _ = h.join();
    }
}

/// Stops traffic that has had no owner for longer than the owner timeout.
fn watchdog(state: Arc<State>) {
    while !state.stop.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(50));
        let expired = {
            let o = lock(&state.owner);
            o.session.is_none() && o.orphaned_since.is_some_and(|t| t.elapsed() >= state.cfg.owner_timeout)
        };
        if expired {
            let mut e = lock(&state.engine);
            if matches!(e.state(), RunState::Running | RunState::Paused | RunState::Finished) {
                let _ = e.handle(Command::Stop);
            }
            if let Some(run) = lock(&state.stf).take() {
                let _ = run.stop();
            }
            lock(&state.owner).orphaned_since = None;
        }
    }
}

struct Session {
    id: u64,
    authed: bool,
}

/// Reads one line of at most `max` bytes. `Ok(None)`: the peer closed.
fn read_line(r: &mut BufReader<TcpStream>, max: usize, stop: &AtomicBool) -> Result<Option<Vec<u8>>, RpcError> {
    let mut buf = Vec::new();
    loop {
        if stop.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let room = (max + 1).saturating_sub(buf.len()) as u64;
        match r.by_ref().take(room).read_until(b'\n', &mut buf) {
            Ok(0) if buf.is_empty() => return Ok(None),
            Ok(_) if buf.ends_with(b"\n") => return Ok(Some(buf)),
            Ok(0) => return Ok(Some(buf)),
            Ok(_) if buf.len() > max => {
                return Err(RpcError::new(code::INVALID_REQUEST, format!("request larger than {max} bytes")))
            }
            Ok(_) => {}
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut | ErrorKind::Interrupted) => {}
            Err(_) => return Ok(None),
        }
    }
}

fn client(stream: TcpStream, state: &State) {
    let _ = stream.set_read_timeout(Some(Duration::from_millis(200)));
    let _ = stream.set_nodelay(true);
    let Ok(mut out) = stream.try_clone() else { return };
    let mut reader = BufReader::new(stream);
    let mut session = Session { id: state.sessions.fetch_add(1, Ordering::Relaxed), authed: state.cfg.token.is_none() };
    loop {
        let line = match read_line(&mut reader, state.cfg.max_request, &state.stop) {
            Ok(Some(l)) => l,
            Ok(None) => break,
            Err(e) => {
                let _ = out.write_all(format!("{}\n", rpc::err_line(&Value::Null, &e)).as_bytes());
                break;
            }
        };
        let text = String::from_utf8_lossy(&line);
        if text.trim().is_empty() {
            continue;
        }
        let reply = match rpc::parse_request(text.trim()) {
            Err((id, e)) => Some(rpc::err_line(&id.unwrap_or(Value::Null), &e)),
            Ok(req) if req.method == "subscribe" && session.authed => {
                let ms = req.params.get("interval_ms").and_then(Value::as_u64).unwrap_or(1000).clamp(50, 60_000);
                if let Some(id) = &req.id {
                    let _ = out.write_all(
                        format!("{}\n", rpc::ok_line(id, json!({"subscribed": true, "interval_ms": ms}))).as_bytes(),
                    );
                }
                stream_stats(&mut out, state, Duration::from_millis(ms));
                break;
            }
            Ok(req) => {
                let result = dispatch(state, &mut session, &req.method, &req.params);
                req.id.map(|id| match result {
                    Ok(v) => rpc::ok_line(&id, v),
                    Err(e) => rpc::err_line(&id, &e),
                })
            }
        };
        if let Some(r) = reply {
            // One write per line: with Nagle off, a reply is one segment.
            if out.write_all(format!("{r}\n").as_bytes()).is_err() {
                break;
            }
        }
    }
    let mut o = lock(&state.owner);
    if o.session == Some(session.id) {
        o.session = None;
        o.orphaned_since = Some(Instant::now());
    }
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

fn stream_stats(out: &mut TcpStream, state: &State, every: Duration) {
    while !state.stop.load(Ordering::Relaxed) {
        let snap = lock(&state.engine).snapshot();
        let note = json!({"jsonrpc": "2.0", "method": "stats", "params": snap});
        if out.write_all(format!("{note}\n").as_bytes()).is_err() {
            return;
        }
        std::thread::sleep(every);
    }
}

fn stf_err(e: StfError) -> RpcError {
    RpcError::new(if matches!(e, StfError::Input(_)) { code::INVALID_PARAMS } else { code::ENGINE }, e.to_string())
}

/// `stf_start`'s params: the profile's path on this host and the run's options.
fn stf_params(params: &Value, force: bool) -> Result<(std::path::PathBuf, StfOptions), RpcError> {
    let bad = |m: String| RpcError::new(code::INVALID_PARAMS, format!("stf_start: {m}"));
    let obj = params.as_object().ok_or_else(|| bad("params must be an object".into()))?;
    let mut opts = StfOptions { force, ..Default::default() };
    let mut path = None;
    for (k, v) in obj {
        match k.as_str() {
            "path" => {
                path =
                    Some(v.as_str().filter(|p| !p.is_empty()).ok_or_else(|| bad("'path' must be a file name".into()))?)
            }
            "multiplier" => opts.multiplier = v.as_f64().ok_or_else(|| bad("'multiplier' must be a number".into()))?,
            "duration" => opts.duration_s = Some(v.as_f64().ok_or_else(|| bad("'duration' must be seconds".into()))?),
            "active_flows" => {
                opts.active_flows = Some(v.as_u64().ok_or_else(|| bad("'active_flows' must be a whole number".into()))?)
            }
            "scheduler" => {
                let s = v.as_str().ok_or_else(|| bad("'scheduler' must be tw or pq".into()))?;
                opts.scheduler = s.parse().map_err(|e| bad(format!("scheduler: {e}")))?;
            }
            "cores" => {
                opts.cores = v
                    .as_u64()
                    .and_then(|c| usize::try_from(c).ok())
                    .ok_or_else(|| bad("'cores' must be a whole number".into()))?
            }
            other => {
                return Err(bad(format!(
                    "unknown parameter '{other}' (path, multiplier, duration, active_flows, scheduler, cores)"
                )))
            }
        }
    }
    let path = path.ok_or_else(|| bad("'path' (the cap2 profile on the daemon's host) is required".into()))?;
    Ok((std::path::PathBuf::from(path), opts))
}

fn dispatch(state: &State, session: &mut Session, method: &str, params: &Value) -> Result<Value, RpcError> {
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
            return Ok(json!({
                "version": env!("CARGO_PKG_VERSION"),
                "api_version": {"major": crate::API_VERSION.0, "minor": crate::API_VERSION.1},
                "methods": rpc::METHODS,
                "auth_required": state.cfg.token.is_some(),
            }));
        }
        "schema" => {
            no_params(method)?;
            return serde_json::from_str::<Value>(crate::SCHEMA)
                .map_err(|e| RpcError::new(code::ENGINE, e.to_string()));
        }
        "auth" => {
            let given = params.get("token").and_then(Value::as_str);
            return match (&state.cfg.token, given) {
                (None, _) => Ok(json!({"ok": true})),
                (Some(t), Some(g)) if t == g => {
                    session.authed = true;
                    Ok(json!({"ok": true}))
                }
                _ => Err(RpcError::new(code::AUTH, "wrong or missing token")),
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
            let ports: Vec<Value> = c
                .ports
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    json!({
                        "index": i,
                        "name": p.name(),
                        "driver": p.driver(),
                        "simulated": p.simulated(),
                        "line_rate_bps": c.line_rate.0,
                    })
                })
                .collect();
            Ok(json!(ports))
        }
        "state" => {
            no_params(method)?;
            let owner = lock(&state.owner).session;
            Ok(json!({"state": lock(&state.engine).state(), "owner": owner, "you": session.id}))
        }
        "stats" => {
            no_params(method)?;
            serde_json::to_value(lock(&state.engine).snapshot()).map_err(|e| RpcError::new(code::ENGINE, e.to_string()))
        }
        "acquire" => {
            let force = match params.get("force") {
                None => false,
                Some(Value::Bool(b)) => *b,
                Some(_) => return Err(RpcError::new(code::INVALID_PARAMS, "acquire: 'force' must be a boolean")),
            };
            let mut o = lock(&state.owner);
            match o.session {
                Some(s) if s != session.id && !force => Err(RpcError::new(
                    code::NOT_OWNER,
                    format!("the engine is owned by session {s}; acquire with force to take it over"),
                )),
                _ => {
                    o.session = Some(session.id);
                    o.orphaned_since = None;
                    Ok(json!({"ok": true, "session": session.id}))
                }
            }
        }
        "release" => {
            no_params(method)?;
            let mut o = lock(&state.owner);
            if o.session == Some(session.id) {
                o.session = None;
                o.orphaned_since = Some(Instant::now());
            }
            Ok(json!({"ok": true}))
        }
        "list_streams" => {
            no_params(method)?;
            Ok(json!({"streams": lock(&state.streams).streams()}))
        }
        "stf_stats" => {
            no_params(method)?;
            let stf = lock(&state.stf);
            let (st, s) = match stf.as_ref() {
                None => ("idle", Default::default()),
                Some(r) => (if r.is_finished() { "finished" } else { "running" }, r.live()),
            };
            let mut v = serde_json::to_value(s).map_err(|e| RpcError::new(code::ENGINE, e.to_string()))?;
            v["state"] = json!(st);
            Ok(v)
        }
        m if rpc::STF_OWNED.contains(&m) => {
            if lock(&state.owner).session != Some(session.id) {
                return Err(RpcError::new(code::NOT_OWNER, format!("{m} needs the engine: call acquire first")));
            }
            if m == "stf_stop" {
                no_params(m)?;
                let run = lock(&state.stf).take().ok_or_else(|| RpcError::new(code::ENGINE, "no stateful run"))?;
                return run.stop().map_err(stf_err);
            }
            let e = lock(&state.engine);
            if matches!(e.state(), RunState::Running | RunState::Paused) {
                return Err(RpcError::new(code::ENGINE, "stateless traffic is running: stop it first"));
            }
            let mut stf = lock(&state.stf);
            if stf.is_some() {
                return Err(RpcError::new(code::ENGINE, "a stateful run is already there: stf_stop it first"));
            }
            let (path, opts) = stf_params(params, e.config().force)?;
            let mut notes = Vec::new();
            let (profile, convs) = riptide_engine::stf::load_profile(&path, &mut notes).map_err(stf_err)?;
            let run = StfRun::start(&profile, &convs, &opts, &e.config().ports, &path.display().to_string())
                .map_err(stf_err)?;
            *stf = Some(run);
            Ok(json!({"ok": true}))
        }
        m if rpc::OWNED.contains(&m) || rpc::STREAM_METHODS.contains(&m) => {
            if lock(&state.owner).session != Some(session.id) {
                return Err(RpcError::new(code::NOT_OWNER, format!("{m} needs the engine: call acquire first")));
            }
            if m == "start" && lock(&state.stf).as_ref().is_some_and(|r| !r.is_finished()) {
                return Err(RpcError::new(code::ENGINE, "a stateful run is running: stf_stop it first"));
            }
            let mut e = lock(&state.engine);
            let mut list = lock(&state.streams);
            let next = match m {
                "add_streams" => Some(add_params(params).and_then(|(s, seed)| list.with_added(&s, seed))?),
                "remove_streams" => Some(remove_params(params).and_then(|names| list.without(&names))?),
                _ => None,
            };
            let Some(next) = next else {
                let r = rpc::engine_call(&mut e, m, params)?;
                if m == "load_profile" {
                    let text = params.get("text").and_then(Value::as_str).unwrap_or_default();
                    *list = StreamList::from_profile_text(text);
                }
                return Ok(r);
            };
            // The engine checks the whole new profile; refused, nothing changes.
            if next.streams().is_empty() {
                e.unload().map_err(|err| RpcError::new(code::ENGINE, err.to_string()))?;
            } else {
                let load = json!({"text": next.profile_text(), "source": format!("<{m}>")});
                rpc::engine_call(&mut e, "load_profile", &load)?;
            }
            let n = next.streams().len();
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
