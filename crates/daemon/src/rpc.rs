//! Requests, responses and the dispatch of methods to the engine.

use base64::Engine as _;
use riptide_core::Nanos;
use riptide_engine::stf::{StfReport, StfSource, StfStart};
use riptide_engine::{Command, Engine, EngineError, Response, RunState, Snapshot};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;

/// JSON-RPC error codes.
pub mod code {
    /// Not JSON.
    pub const PARSE: i64 = -32700;
    /// Not a JSON-RPC request object.
    pub const INVALID_REQUEST: i64 = -32600;
    /// No such method.
    pub const METHOD_NOT_FOUND: i64 = -32601;
    /// Wrong or missing parameters.
    pub const INVALID_PARAMS: i64 = -32602;
    /// The engine refused (bad profile, wrong state, port error).
    pub const ENGINE: i64 = -32000;
    /// The session does not own the engine.
    pub const NOT_OWNER: i64 = -32001;
    /// Authentication needed or failed.
    pub const AUTH: i64 = -32002;
    /// Incompatible API version.
    pub const VERSION: i64 = -32003;
}

/// An error to send back.
#[derive(Debug, Clone, PartialEq)]
pub struct RpcError {
    /// JSON-RPC code.
    pub code: i64,
    /// What went wrong, precisely.
    pub message: String,
}

impl RpcError {
    /// An error with `code` and `message`.
    pub fn new(code: i64, message: impl Into<String>) -> Self {
        RpcError { code, message: message.into() }
    }
}

/// A parsed request.
#[derive(Debug, Clone)]
pub struct Request {
    /// Request id (`None`: a notification, no response).
    pub id: Option<Value>,
    /// Method name.
    pub method: String,
    /// Parameters (an object; absent means `{}`).
    pub params: Value,
}

/// Parses one line into a request.
pub fn parse_request(line: &str) -> Result<Request, (Option<Value>, RpcError)> {
    let v: Value =
        serde_json::from_str(line).map_err(|e| (None, RpcError::new(code::PARSE, format!("invalid JSON: {e}"))))?;
    let Value::Object(mut o) = v else {
        return Err((None, RpcError::new(code::INVALID_REQUEST, "a request must be a JSON object")));
    };
    let id = o.remove("id");
    if let Some(id) = &id {
        if !(id.is_string() || id.is_number() || id.is_null()) {
            return Err((None, RpcError::new(code::INVALID_REQUEST, "'id' must be a string, a number or null")));
        }
    }
    if o.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Err((id, RpcError::new(code::INVALID_REQUEST, "'jsonrpc' must be \"2.0\"")));
    }
    let method = match o.remove("method") {
        Some(Value::String(m)) => m,
        Some(_) => return Err((id, RpcError::new(code::INVALID_REQUEST, "'method' must be a string"))),
        None => return Err((id, RpcError::new(code::INVALID_REQUEST, "missing 'method'"))),
    };
    let params = match o.remove("params") {
        None | Some(Value::Null) => json!({}),
        Some(p @ Value::Object(_)) => p,
        Some(_) => return Err((id, RpcError::new(code::INVALID_PARAMS, "'params' must be an object"))),
    };
    Ok(Request { id, method, params })
}

/// The success response line for `id`.
pub fn ok_line(id: &Value, result: Value) -> String {
    json!({"jsonrpc": "2.0", "id": id, "result": result}).to_string()
}

/// The error response line for `id` (a message quoting a huge request is cut).
pub fn err_line(id: &Value, e: &RpcError) -> String {
    let message = riptide_core::error::shorten(&e.message, 2 * riptide_core::error::MAX_MESSAGE);
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": e.code, "message": message}}).to_string()
}

/// Methods that need the session to own the engine.
pub const OWNED: &[&str] = &["load_profile", "start", "stop", "pause", "resume", "update", "clear_stats", "tcp_start"];

/// Stateful-run methods that need the session to own the engine.
pub const STF_OWNED: &[&str] = &["stf_start", "stf_stop"];

/// Methods that change the loaded streams (they need the engine too).
pub const STREAM_METHODS: &[&str] = &["add_streams", "remove_streams"];

/// Every method the daemon answers.
pub const METHODS: &[&str] = &[
    "ping",
    "version",
    "auth",
    "schema",
    "ports",
    "host",
    "state",
    "acquire",
    "release",
    "load_profile",
    "add_streams",
    "remove_streams",
    "list_streams",
    "start",
    "stop",
    "pause",
    "resume",
    "update",
    "stats",
    "clear_stats",
    "stf_start",
    "stf_stats",
    "stf_stop",
    "trial",
    "ndr_start",
    "ndr_progress",
    "ndr_cancel",
    "ndr_results",
    "soak_start",
    "b2b_start",
    "rfc2889_start",
    "rfc9411_start",
    "tcp_start",
    "subscribe",
];

/// `trial`'s params: `duration` (s, above 0, at most a day), `load` (frames/s summed over
/// the sending ports, 0 or more), `cores` (1 to 256, default 1).
pub fn trial_params(params: &Value) -> Result<(f64, f64, usize), RpcError> {
    let bad = |m: String| RpcError::new(code::INVALID_PARAMS, format!("trial: {m}"));
    let obj = params.as_object().ok_or_else(|| bad("params must be an object".into()))?;
    if let Some(k) = obj.keys().find(|k| !["duration", "load", "cores"].contains(&k.as_str())) {
        return Err(bad(format!("unknown parameter '{k}' (expected duration, load, cores)")));
    }
    let num = |k: &str| obj.get(k).and_then(Value::as_f64).filter(|v| v.is_finite());
    let duration = num("duration")
        .filter(|d| *d > 0.0 && *d <= 86_400.0)
        .ok_or_else(|| bad("'duration' must be seconds above 0 and at most 86400".into()))?;
    let load = num("load")
        .filter(|l| *l >= 0.0 && *l <= 1e10)
        .ok_or_else(|| bad("'load' must be frames/s, 0 to 1e10".into()))?;
    let cores = match obj.get("cores") {
        None => 1,
        Some(c) => c
            .as_u64()
            .ok_or_else(|| "must be a whole number".to_string())
            .and_then(riptide_engine::cores)
            .map_err(|e| bad(format!("'cores' {e}")))?,
    };
    Ok((duration, load, cores))
}

/// Maps an engine method and its params to a [`Command`]: the daemon's one translation
/// table (the engine does the work, the daemon only translates).
pub fn command(method: &str, params: &Value) -> Result<Command, RpcError> {
    if method == "stf_start" {
        // It reads files: the daemon calls stf_start() with its data directory.
        return stf_start(params, None).map(Command::StfStart);
    }
    let mut obj = params.as_object().cloned().unwrap_or_default();
    if method == "tcp_start" {
        // Seconds on the wire, as every other method's durations; nanoseconds in the command.
        if let Some(d) = obj.get("duration").and_then(Value::as_f64) {
            if !(d > 0.0 && d <= 86_400.0 * 365.0) {
                return Err(RpcError::new(code::INVALID_PARAMS, "tcp_start: 'duration' must be seconds above 0"));
            }
            obj.insert("duration".into(), json!(Nanos::from_secs_f64(d).0));
        }
    }
    let unit = ["stop", "pause", "resume", "clear_stats", "unload", "snapshot", "state"];
    if unit.contains(&method) && !obj.is_empty() {
        let keys: Vec<&String> = obj.keys().collect();
        return Err(RpcError::new(code::INVALID_PARAMS, format!("{method} takes no parameters, got {keys:?}")));
    }
    obj.insert("cmd".into(), Value::String(method.into()));
    Command::deserialize(Value::Object(obj)).map_err(|e| RpcError::new(code::INVALID_PARAMS, format!("{method}: {e}")))
}

/// `stf_start`'s params: the profile (a path under the daemon's data directory, or its
/// text with its pcaps in base64) and the run's options (`duration` in seconds, as
/// `riptide run-stf -d`). Files are read here, before the engine is locked: regular files
/// under `data_dir` only, nothing quoted from one that does not parse.
pub fn stf_start(params: &Value, data_dir: Option<&Path>) -> Result<StfStart, RpcError> {
    let bad = |m: String| RpcError::new(code::INVALID_PARAMS, format!("stf_start: {m}"));
    let obj = params.as_object().ok_or_else(|| bad("params must be an object".into()))?;
    let mut req = StfStart::new("");
    let mut path = None;
    let (mut text, mut pcaps) = (None, None);
    for (k, v) in obj {
        match k.as_str() {
            "path" => {
                path =
                    Some(v.as_str().filter(|p| !p.is_empty()).ok_or_else(|| bad("'path' must be a file name".into()))?)
            }
            "profile" => text = Some(v.as_str().ok_or_else(|| bad("'profile' must be the cap2 YAML text".into()))?),
            "pcaps" => {
                let o = v.as_object().ok_or_else(|| bad("'pcaps' must map pcap names to base64 data".into()))?;
                let mut m = BTreeMap::new();
                for (name, data) in o {
                    let b64 = data.as_str().ok_or_else(|| bad(format!("pcaps['{name}'] must be base64 text")))?;
                    let bytes = base64::engine::general_purpose::STANDARD
                        .decode(b64)
                        .map_err(|_| bad(format!("pcaps['{name}'] is not base64")))?;
                    m.insert(name.clone(), bytes);
                }
                pcaps = Some(m);
            }
            "multiplier" => {
                req.multiplier = v
                    .as_f64()
                    .filter(|m| m.is_finite() && *m > 0.0)
                    .ok_or_else(|| bad("'multiplier' must be a positive number".into()))?
            }
            "duration" => {
                let max = riptide_core::units::MAX_DURATION.as_secs_f64();
                let secs = v
                    .as_f64()
                    .filter(|d| d.is_finite() && *d > 0.0 && *d <= max)
                    .ok_or_else(|| bad(format!("'duration' must be a positive number of seconds, at most {max}")))?;
                req.duration = Some(Nanos::from_secs_f64(secs));
            }
            "active_flows" => {
                req.active_flows = Some(
                    v.as_u64().filter(|n| *n > 0).ok_or_else(|| bad("'active_flows' must be a whole number".into()))?,
                )
            }
            "scheduler" => {
                let s = v.as_str().ok_or_else(|| bad("'scheduler' must be tw or pq".into()))?;
                req.scheduler = s.parse().map_err(|e| bad(format!("scheduler: {e}")))?;
            }
            "count" => {
                req.count =
                    Some(v.as_u64().filter(|n| *n > 0).ok_or_else(|| bad("'count' must be a whole number".into()))?)
            }
            "cores" => {
                req.cores = v
                    .as_u64()
                    .ok_or_else(|| "must be a whole number".to_string())
                    .and_then(riptide_engine::cores)
                    .map_err(|e| bad(format!("'cores' {e}")))?
            }
            "segment" => {
                let seg: riptide_engine::Segment = serde_json::from_value(v.clone())
                    .map_err(|e| bad(format!("'segment' must be {{\"index\": I, \"count\": N}}: {e}")))?;
                req.segment = Some(seg.check().map_err(|e| bad(format!("segment: {e}")))?);
            }
            other => {
                return Err(bad(format!(
                    "unknown parameter '{other}' (path or profile and pcaps, multiplier, duration, count, \
                     active_flows, scheduler, cores, segment)"
                )))
            }
        }
    }
    req.profile = match (path, text) {
        (Some(_), Some(_)) => return Err(bad("give 'path' or 'profile', not both".into())),
        (None, None) => {
            return Err(bad("'path' (a cap2 profile under the daemon's --data-dir) or 'profile' is required".into()))
        }
        (None, Some(t)) => {
            StfSource::Inline { name: "<profile>".into(), text: t.to_string(), pcaps: pcaps.unwrap_or_default() }
        }
        (Some(p), None) => {
            if pcaps.is_some() {
                return Err(bad("'pcaps' go with 'profile'; with 'path' they are read from the data directory".into()));
            }
            let dir = data_dir.ok_or_else(|| {
                bad(format!("'{p}': this daemon reads no profile files (started without --data-dir): send 'profile'"))
            })?;
            read_under(dir, p)?
        }
    };
    Ok(req)
}

/// A regular file under `dir`, at most `max` bytes; the same answer for a file that does
/// not exist and one outside, so nothing outside can be probed.
fn read_file_under(dir: &Path, rel: &Path, max: u64) -> Result<Vec<u8>, String> {
    let shown = rel.display();
    let refused = || format!("'{shown}' is not a regular file under the data directory");
    let real = std::fs::canonicalize(dir.join(rel)).map_err(|_| refused())?;
    if !real.starts_with(dir) {
        return Err(refused());
    }
    let meta = std::fs::metadata(&real).map_err(|_| refused())?;
    if !meta.is_file() {
        return Err(refused());
    }
    if meta.len() > max {
        return Err(format!("'{shown}' is larger than {max} bytes"));
    }
    let mut data = Vec::new();
    std::fs::File::open(&real)
        .and_then(|f| f.take(max + 1).read_to_end(&mut data))
        .map_err(|e| format!("'{shown}': {e}"))?;
    Ok(data)
}

/// A cap2 profile under `dir` and the pcaps its templates name (beside it).
fn read_under(dir: &Path, rel: &str) -> Result<StfSource, RpcError> {
    let bad = |m: String| RpcError::new(code::INVALID_PARAMS, format!("stf_start: {m}"));
    let data = read_file_under(dir, Path::new(rel), riptide_stf::profile::MAX_PROFILE_BYTES).map_err(bad)?;
    let text = String::from_utf8(data).map_err(|_| bad(format!("'{rel}' is not text (a cap2 profile is YAML)")))?;
    let profile = riptide_stf::profile::parse(&text, rel).map_err(|e| match (&e.key, e.line) {
        // Checked after parsing: the message names the key and the value.
        (Some(_), _) => bad(e.to_string()),
        // Not parsed: say where, quote nothing (a daemon must not echo a file it could not read).
        (None, Some(line)) => bad(format!("{rel}:{line}: not a cap2 profile riptide can read")),
        (None, None) => bad(format!("{rel}: not a cap2 profile riptide can read")),
    })?;
    let beside = Path::new(rel).parent().unwrap_or(Path::new(""));
    let mut pcaps = BTreeMap::new();
    for (i, c) in profile.cap_info.iter().enumerate() {
        let name = c.name.display().to_string();
        let bytes = read_file_under(dir, &beside.join(&c.name), riptide_stf::pcap::MAX_PCAP_BYTES)
            .map_err(|m| bad(format!("{rel}: cap_info[{i}].name: {m}")))?;
        pcaps.insert(name, bytes);
    }
    Ok(StfSource::Inline { name: rel.to_string(), text, pcaps })
}

/// Runs an engine method.
pub fn engine_call(engine: &mut Engine, method: &str, params: &Value) -> Result<Value, RpcError> {
    run_command(engine, command(method, params)?)
}

/// Runs a command; its answer as the method's result.
pub fn run_command(engine: &mut Engine, cmd: Command) -> Result<Value, RpcError> {
    match engine.handle(cmd) {
        Ok(Response::Ok) => Ok(json!({"ok": true})),
        Ok(Response::Notes(n)) if n.is_empty() => Ok(json!({"ok": true})),
        Ok(Response::Notes(n)) => Ok(json!({"ok": true, "notes": n})),
        Ok(Response::Stats(s)) => serde_json::to_value(&*s).map_err(|e| RpcError::new(code::ENGINE, e.to_string())),
        Ok(Response::State(s)) => Ok(json!({"state": s})),
        Ok(Response::Streams(s)) => Ok(json!({"streams": s})),
        Ok(Response::Totals(t)) => serde_json::to_value(&*t).map_err(|e| RpcError::new(code::ENGINE, e.to_string())),
        Ok(Response::Lanes(l)) => Ok(json!({"lanes": l})),
        Ok(Response::Capture(c)) => serde_json::to_value(&c).map_err(|e| RpcError::new(code::ENGINE, e.to_string())),
        // A file the request names cannot be used: the request's fault.
        Err(e @ EngineError::Input(_)) => Err(RpcError::new(code::INVALID_PARAMS, e.to_string())),
        Err(e) => Err(RpcError::new(code::ENGINE, e.to_string())),
    }
}

fn snapshot(engine: &mut Engine) -> Result<Snapshot, RpcError> {
    match engine.handle(Command::Snapshot) {
        Ok(Response::Stats(s)) => Ok(*s),
        Ok(_) => Err(RpcError::new(code::ENGINE, "the engine gave no snapshot")),
        Err(e) => Err(RpcError::new(code::ENGINE, e.to_string())),
    }
}

/// `stf_stats`: the stateful run's TRex counters and its state (`idle` when no stateful
/// run is going or waiting to be collected).
pub fn stf_stats(engine: &mut Engine) -> Result<Value, RpcError> {
    let s = snapshot(engine)?;
    let (state, counters) = match (&s.stf, s.state) {
        (Some(stf), RunState::Running | RunState::Paused) => ("running", stf.counters),
        (Some(stf), RunState::Finished) => ("finished", stf.counters),
        _ => ("idle", Default::default()),
    };
    let mut v = serde_json::to_value(counters).map_err(|e| RpcError::new(code::ENGINE, e.to_string()))?;
    v["state"] = json!(state);
    Ok(v)
}

/// `stf_stop`: stops the stateful run (or collects a finished one) and gives its report;
/// a stateless run is left alone.
pub fn stf_stop(engine: &mut Engine) -> Result<Value, RpcError> {
    let s = snapshot(engine)?;
    if s.stf.is_none() || !matches!(s.state, RunState::Running | RunState::Paused | RunState::Finished) {
        return Err(RpcError::new(code::ENGINE, "no stateful run"));
    }
    let fin = match engine.handle(Command::Stop) {
        Ok(Response::Stats(s)) => *s,
        Ok(_) => return Err(RpcError::new(code::ENGINE, "stop gave no snapshot")),
        Err(e) => return Err(RpcError::new(code::ENGINE, e.to_string())),
    };
    let report = StfReport::from_snapshot(&fin).ok_or_else(|| RpcError::new(code::ENGINE, "no stateful report"))?;
    serde_json::to_value(report).map_err(|e| RpcError::new(code::ENGINE, e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_rejects() {
        let r = parse_request(r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#).unwrap();
        assert_eq!(r.method, "ping");
        assert_eq!(parse_request("{").unwrap_err().1.code, code::PARSE);
        assert_eq!(parse_request("[1]").unwrap_err().1.code, code::INVALID_REQUEST);
        assert_eq!(
            parse_request(r#"{"jsonrpc":"1.0","id":1,"method":"x"}"#).unwrap_err().1.code,
            code::INVALID_REQUEST
        );
        assert_eq!(
            parse_request(r#"{"jsonrpc":"2.0","id":1,"method":"x","params":[1]}"#).unwrap_err().1.code,
            code::INVALID_PARAMS
        );
    }

    #[test]
    fn maps_commands() {
        assert!(matches!(command("stop", &json!({})), Ok(Command::Stop)));
        assert_eq!(trial_params(&json!({"duration": 0.5, "load": 1000})).unwrap(), (0.5, 1000.0, 1));
        assert_eq!(trial_params(&json!({"duration": 1, "load": 0, "cores": 2})).unwrap(), (1.0, 0.0, 2));
        for bad in [
            json!({"load": 1}),
            json!({"duration": 0, "load": 1}),
            json!({"duration": 1, "load": -1}),
            json!({"duration": 1, "load": "fast"}),
            json!({"duration": 1, "load": 1, "cores": 0}),
            json!({"duration": 1, "load": 1, "bogus": 1}),
        ] {
            assert!(trial_params(&bad).unwrap_err().message.starts_with("trial: "), "{bad}");
        }
        assert!(command("stop", &json!({"x": 1})).is_err());
        let c = command("start", &json!({"duration": 1_000_000_000u64, "multiplier": "2", "cores": 1})).unwrap();
        assert!(matches!(c, Command::Start(_)));
        let c = command("start", &json!({"cores": 2, "pin": [0, 1]})).unwrap();
        assert!(matches!(c, Command::Start(o) if o.pin == [0, 1]));
        let e = command("start", &json!({"cores": "many"})).unwrap_err();
        assert!(e.message.contains("cores") || e.message.contains("invalid type"), "{}", e.message);
        assert!(command("start", &json!({"bogus": 1})).unwrap_err().message.contains("bogus"));
        assert!(matches!(command("update", &json!({"multiplier": 3})), Ok(Command::Update { .. })));
    }
}
