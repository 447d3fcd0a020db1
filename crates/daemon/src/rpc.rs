//! Requests, responses and the dispatch of methods to the engine.

use riptide_engine::{Command, Engine, Response};
use serde::Deserialize;
use serde_json::{json, Value};

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

/// The error response line for `id`.
pub fn err_line(id: &Value, e: &RpcError) -> String {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": e.code, "message": e.message}}).to_string()
}

/// Methods that need the session to own the engine.
pub const OWNED: &[&str] = &["load_profile", "start", "stop", "pause", "resume", "update", "clear_stats"];

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
    "subscribe",
];

/// Maps an engine method and its params to a [`Command`].
pub fn command(method: &str, params: &Value) -> Result<Command, RpcError> {
    let mut obj = params.as_object().cloned().unwrap_or_default();
    let unit = ["stop", "pause", "resume", "clear_stats"];
    if unit.contains(&method) && !obj.is_empty() {
        let keys: Vec<&String> = obj.keys().collect();
        return Err(RpcError::new(code::INVALID_PARAMS, format!("{method} takes no parameters, got {keys:?}")));
    }
    obj.insert("cmd".into(), Value::String(method.into()));
    Command::deserialize(Value::Object(obj)).map_err(|e| RpcError::new(code::INVALID_PARAMS, format!("{method}: {e}")))
}

/// Runs an engine method.
pub fn engine_call(engine: &mut Engine, method: &str, params: &Value) -> Result<Value, RpcError> {
    let cmd = command(method, params)?;
    match engine.handle(cmd) {
        Ok(Response::Ok) => Ok(json!({"ok": true})),
        Ok(Response::Stats(s)) => serde_json::to_value(&*s).map_err(|e| RpcError::new(code::ENGINE, e.to_string())),
        Err(e) => Err(RpcError::new(code::ENGINE, e.to_string())),
    }
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
        assert!(command("stop", &json!({"x": 1})).is_err());
        let c = command("start", &json!({"duration": 1_000_000_000u64, "multiplier": "2", "cores": 1})).unwrap();
        assert!(matches!(c, Command::Start(_)));
        let e = command("start", &json!({"cores": "many"})).unwrap_err();
        assert!(e.message.contains("cores") || e.message.contains("invalid type"), "{}", e.message);
        assert!(command("start", &json!({"bogus": 1})).unwrap_err().message.contains("bogus"));
        assert!(matches!(command("update", &json!({"multiplier": 3})), Ok(Command::Update { .. })));
    }
}
