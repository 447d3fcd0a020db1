//! OTG's gRPC API: service `otg.Openapi` of the models' otg.proto (default port 40051,
//! as ixia-c), for gosnappi, snappi's gRPC transport and Ondatra.
//!
//! One path with HTTP: each call's protobuf request is read against the models' own
//! descriptors ([`DESCRIPTOR`], compiled from otg.proto: no generated code) and turned
//! into the JSON body the HTTP endpoint takes, [`Otg::handle`] answers it, and the
//! answer goes back as the call's response message. An error is a gRPC status whose
//! message is OTG's `Error` object as JSON (snappi and gosnappi read it so), its `code`
//! the gRPC status code.
//!
//! The transport is h2 (hyper's and tonic's HTTP/2) on a current-thread tokio runtime per
//! connection, under [`riptide_listen`]'s caps as the HTTP port is: [`LIMITS`]
//! connections, admission at the first call, one call at a time on a connection
//! (`SETTINGS_MAX_CONCURRENT_STREAMS` 1: clients queue theirs), a request's headers at
//! most [`MAX_HEADERS`] bytes, its message at most [`MAX_BODY`] bytes and whole within
//! [`BODY_DEADLINE`], each answer sent within [`WRITE_DEADLINE`] of the peer's window.
//! gRPC's framing (a flag byte and a 4-byte length before each message) is written here;
//! compressed messages are refused (riptide offers `identity` only).

use crate::server::{lock, Otg, Reply, MAX_BODY};
use bytes::{Buf, Bytes, BytesMut};
use prost::Message;
use prost_reflect::{DescriptorPool, DeserializeOptions, DynamicMessage, MessageDescriptor, SerializeOptions};
use riptide_listen::{Conn, Handler, Limits, Refuse, Server};
use serde_json::{json, Value};
use std::net::TcpListener;
use std::rc::Rc;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

/// The models' otg.proto (the commit of spec/otg.json) as a FileDescriptorSet with its
/// imports: `scripts/otg-descriptor.sh`.
pub const DESCRIPTOR: &[u8] = include_bytes!("../spec/otg.pb");

/// The gRPC service.
pub const SERVICE: &str = "otg.Openapi";

/// Connection limits (as the HTTP API's).
pub const LIMITS: Limits = Limits {
    max_conns: 64,
    max_per_addr: 16,
    admit_within: Duration::from_secs(10),
    evict_idle_after: Some(Duration::from_secs(30)),
};

/// HTTP/2's handshake must be done within this long.
pub const REQUEST_DEADLINE: Duration = Duration::from_secs(10);

/// A call's messages must be whole within this long of its headers.
pub const BODY_DEADLINE: Duration = Duration::from_secs(60);

/// An answer must be sent within this long.
pub const WRITE_DEADLINE: Duration = Duration::from_secs(10);

/// Largest request header list (HTTP/2's `SETTINGS_MAX_HEADER_LIST_SIZE`).
pub const MAX_HEADERS: u32 = 16 << 10;

/// gRPC status codes riptide answers with.
pub mod code {
    /// Success.
    pub const OK: u32 = 0;
    /// The request is not what OTG allows.
    pub const INVALID_ARGUMENT: u32 = 3;
    /// The state does not allow it now.
    pub const FAILED_PRECONDITION: u32 = 9;
    /// A message over the size cap.
    pub const RESOURCE_EXHAUSTED: u32 = 8;
    /// Not a method riptide serves (or not a form of one: compression).
    pub const UNIMPLEMENTED: u32 = 12;
    /// riptide failed.
    pub const INTERNAL: u32 = 13;
    /// The server cannot take it now.
    pub const UNAVAILABLE: u32 = 14;
}

/// The descriptors of otg.proto, read once.
pub fn pool() -> Result<&'static DescriptorPool, String> {
    static POOL: OnceLock<Result<DescriptorPool, String>> = OnceLock::new();
    POOL.get_or_init(|| DescriptorPool::decode(DESCRIPTOR).map_err(|e| format!("otg.proto's descriptors: {e}")))
        .as_ref()
        .map_err(Clone::clone)
}

/// What a method is to the HTTP path.
struct Method {
    /// The HTTP request it is.
    http: (&'static str, &'static str),
    /// The request message's field that is the HTTP body (None: no body).
    input: Option<&'static str>,
    /// The response message's field that is the HTTP answer.
    output: &'static str,
    /// Client-streamed (`Data` chunks of the request's inner message) or server-streamed
    /// (`Data` chunks of the response's inner message).
    stream: Stream,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Stream {
    No,
    Request(&'static str),
    Response,
}

fn method(name: &str) -> Option<Method> {
    let m = |http, input, output, stream| Some(Method { http, input, output, stream });
    match name {
        "SetConfig" => m(("POST", "/config"), Some("config"), "warning", Stream::No),
        "streamSetConfig" => m(("POST", "/config"), Some("config"), "warning", Stream::Request("otg.Config")),
        "GetConfig" => m(("GET", "/config"), None, "config", Stream::No),
        "streamGetConfig" => m(("GET", "/config"), None, "config", Stream::Response),
        "UpdateConfig" => m(("PATCH", "/config"), Some("config_update"), "warning", Stream::No),
        "AppendConfig" => m(("PATCH", "/config/append"), Some("config_append"), "warning", Stream::No),
        "DeleteConfig" => m(("PATCH", "/config/delete"), Some("config_delete"), "warning", Stream::No),
        "SetControlState" => m(("POST", "/control/state"), Some("control_state"), "warning", Stream::No),
        "streamSetControlState" => {
            m(("POST", "/control/state"), Some("control_state"), "warning", Stream::Request("otg.ControlState"))
        }
        "SetControlAction" => {
            m(("POST", "/control/action"), Some("control_action"), "control_action_response", Stream::No)
        }
        "streamSetControlAction" => m(
            ("POST", "/control/action"),
            Some("control_action"),
            "control_action_response",
            Stream::Request("otg.ControlAction"),
        ),
        "GetMetrics" => m(("POST", "/monitor/metrics"), Some("metrics_request"), "metrics_response", Stream::No),
        "streamGetMetrics" => {
            m(("POST", "/monitor/metrics"), Some("metrics_request"), "metrics_response", Stream::Response)
        }
        "GetStates" => m(("POST", "/monitor/states"), Some("states_request"), "states_response", Stream::No),
        "streamGetStates" => {
            m(("POST", "/monitor/states"), Some("states_request"), "states_response", Stream::Response)
        }
        "GetCapture" => m(("POST", "/monitor/capture"), Some("capture_request"), "response_bytes", Stream::No),
        "streamGetCapture" => {
            m(("POST", "/monitor/capture"), Some("capture_request"), "response_bytes", Stream::Response)
        }
        "GetVersion" => m(("GET", "/capabilities/version"), None, "version", Stream::No),
        _ => None,
    }
}

/// A call's outcome: the response message's bytes (each one of a stream), or a status.
pub type Answer = Result<Vec<Vec<u8>>, (u32, String)>;

/// An OTG `Error` as a gRPC status: its code the gRPC one, the object as the message.
fn status(code: u32, kind: &str, errors: Vec<String>) -> (u32, String) {
    (code, json!({ "code": code, "kind": kind, "errors": errors }).to_string())
}

/// The gRPC status of an HTTP answer that is an error.
fn from_reply(r: &Reply) -> (u32, String) {
    let code = match r.status {
        400 | 422 => code::INVALID_ARGUMENT,
        404 | 405 => code::UNIMPLEMENTED,
        409 => code::FAILED_PRECONDITION,
        413 => code::RESOURCE_EXHAUSTED,
        503 => code::UNAVAILABLE,
        _ => code::INTERNAL,
    };
    let mut e = r.body.clone();
    if let Some(o) = e.as_object_mut() {
        o.insert("code".into(), json!(code));
    }
    (code, e.to_string())
}

fn message(pool: &DescriptorPool, name: &str) -> Result<MessageDescriptor, (u32, String)> {
    pool.get_message_by_name(name)
        .ok_or_else(|| status(code::INTERNAL, "internal", vec![format!("otg.proto has no message {name}")]))
}

/// The JSON form OTG's HTTP API uses: the proto's field names, 64-bit numbers as numbers.
fn to_json(m: &DynamicMessage) -> Result<Value, String> {
    let o = SerializeOptions::new().use_proto_field_name(true).stringify_64_bit_integers(false);
    m.serialize_with_options(serde_json::value::Serializer, &o).map_err(|e| e.to_string())
}

/// Answers one call of `name` whose request messages are `requests` (one, or a
/// client stream's chunks), from `otg`.
pub fn call(otg: &Mutex<Otg>, name: &str, requests: &[Bytes]) -> Answer {
    let pool = pool().map_err(|e| status(code::INTERNAL, "internal", vec![e]))?;
    let Some(how) = method(name) else {
        return Err(status(
            code::UNIMPLEMENTED,
            "unimplemented",
            vec![format!("{SERVICE}/{}: not a method of OTG's service", name.chars().take(64).collect::<String>())],
        ));
    };
    let Some(rpc) = pool.get_service_by_name(SERVICE).and_then(|s| s.methods().find(|m| m.name() == name)) else {
        return Err(status(code::INTERNAL, "internal", vec![format!("otg.proto has no method {name}")]));
    };
    let bad = |what: String| status(code::INVALID_ARGUMENT, "validation", vec![what]);
    // The HTTP body: the request message's field (or a client stream's chunks, whole).
    let body = match (how.stream, how.input) {
        (Stream::Request(inner), _) => {
            let mut whole = BytesMut::new();
            for (i, r) in requests.iter().enumerate() {
                let d = DynamicMessage::decode(rpc.input(), r.clone())
                    .map_err(|e| bad(format!("{name}: message {i} is not an otg.Data: {e}")))?;
                if let Some(v) = d.get_field_by_name("datum") {
                    if let Some(b) = v.as_bytes() {
                        if whole.len() + b.len() > MAX_BODY {
                            return Err(status(
                                code::RESOURCE_EXHAUSTED,
                                "validation",
                                vec![format!("{name}: more than {MAX_BODY} bytes of data")],
                            ));
                        }
                        whole.extend_from_slice(b);
                    }
                }
            }
            let m = DynamicMessage::decode(message(pool, inner)?, whole.freeze())
                .map_err(|e| bad(format!("{name}: the data is not an {inner}: {e}")))?;
            Some(to_json(&m).map_err(|e| bad(format!("{name}: {e}")))?)
        }
        (_, field) => {
            let [one] = requests else {
                return Err(bad(format!("{name}: one request message expected, {} given", requests.len())));
            };
            let m = DynamicMessage::decode(rpc.input(), one.clone())
                .map_err(|e| bad(format!("{name}: not an {}: {e}", rpc.input().full_name())))?;
            match field {
                Some(f) => {
                    let v = to_json(&m).map_err(|e| bad(format!("{name}: {e}")))?;
                    Some(v.get(f).cloned().unwrap_or_else(|| json!({})))
                }
                None => None,
            }
        }
    };
    let body = match body {
        Some(v) => serde_json::to_vec(&v).map_err(|e| status(code::INTERNAL, "internal", vec![e.to_string()]))?,
        None => Vec::new(),
    };
    let reply = lock(otg).handle(how.http.0, how.http.1, &body);
    if reply.status != 200 {
        return Err(from_reply(&reply));
    }
    let internal = |e: String| status(code::INTERNAL, "internal", vec![format!("{name}: riptide's answer: {e}")]);
    let output = rpc.output();
    // The inner message of a server stream is the response's field's own type.
    let (inner, field) = match output.get_field_by_name(how.output) {
        Some(f) => (f.kind().as_message().cloned(), f),
        None if how.stream == Stream::Response => {
            let wrapper = match name {
                "streamGetConfig" => "otg.GetConfigResponse",
                "streamGetMetrics" => "otg.GetMetricsResponse",
                "streamGetStates" => "otg.GetStatesResponse",
                _ => "otg.GetCaptureResponse",
            };
            let f = message(pool, wrapper)?
                .get_field_by_name(how.output)
                .ok_or_else(|| internal(format!("{wrapper} has no field {}", how.output)))?;
            (f.kind().as_message().cloned(), f)
        }
        None => return Err(internal(format!("{} has no field {}", output.full_name(), how.output))),
    };
    // The answer's own message (bytes for a capture), then the response around it.
    let value = match (&reply.bytes, &inner) {
        (Some(b), _) => prost_reflect::Value::Bytes(Bytes::from(b.clone())),
        (None, Some(desc)) => {
            let o = DeserializeOptions::new();
            let m = DynamicMessage::deserialize_with_options(desc.clone(), reply.body.clone(), &o)
                .map_err(|e| internal(e.to_string()))?;
            prost_reflect::Value::Message(m)
        }
        (None, None) => return Err(internal(format!("{} is neither a message nor bytes", how.output))),
    };
    if how.stream == Stream::Response {
        // The inner message's bytes in `Data` chunks (snappi's chunk: 4 MiB).
        let bytes = match value {
            prost_reflect::Value::Message(m) => m.encode_to_vec(),
            prost_reflect::Value::Bytes(b) => b.to_vec(),
            _ => Vec::new(),
        };
        let data = output.clone();
        let chunk = 4 << 20;
        let mut out = Vec::new();
        for piece in bytes.chunks(chunk) {
            let mut d = DynamicMessage::new(data.clone());
            d.try_set_field_by_name("datum", prost_reflect::Value::Bytes(Bytes::copy_from_slice(piece)))
                .and_then(|()| d.try_set_field_by_name("chunk_size", prost_reflect::Value::U64(chunk as u64)))
                .map_err(|e| internal(e.to_string()))?;
            out.push(d.encode_to_vec());
        }
        return Ok(out);
    }
    let mut response = DynamicMessage::new(output);
    response.try_set_field(&field, value).map_err(|e| internal(e.to_string()))?;
    Ok(vec![response.encode_to_vec()])
}

/// Binds `listener`'s socket and serves gRPC on it, answering from `state`.
pub fn serve(listener: TcpListener, state: Arc<Mutex<Otg>>) -> std::io::Result<Server> {
    pool().map_err(std::io::Error::other)?;
    let handler: Handler = Arc::new(move |c: Conn| serve_conn(c, state.clone()));
    // A connection over the caps: closed (an HTTP/2 client sees UNAVAILABLE and retries).
    let refuse: Refuse = Box::new(|_, _| {});
    riptide_listen::serve(listener, "riptide-otg-grpc", LIMITS, refuse, handler)
}

fn serve_conn(c: Conn, state: Arc<Mutex<Otg>>) {
    let Ok(rt) = tokio::runtime::Builder::new_current_thread().enable_io().build() else { return };
    let Ok(std) = c.stream().try_clone() else { return };
    // No Nagle: HTTP/2's window updates are small writes a delayed ACK would hold.
    if std.set_nonblocking(true).and_then(|()| std.set_nodelay(true)).is_err() {
        return;
    }
    let c = Rc::new(c);
    let local = tokio::task::LocalSet::new();
    local.block_on(&rt, async move {
        let Ok(io) = tokio::net::TcpStream::from_std(std) else { return };
        let handshake = {
            let _d = c.deadline(REQUEST_DEADLINE);
            h2::server::Builder::new()
                .max_concurrent_streams(1)
                // Windows of a size that keeps a large config flowing (its bytes are
                // read as they come, into the one request's buffer).
                .initial_window_size(1 << 20)
                .initial_connection_window_size(1 << 20)
                .max_header_list_size(MAX_HEADERS)
                .max_send_buffer_size(1 << 20)
                .handshake::<_, Bytes>(io)
                .await
        };
        let Ok(mut conn) = handshake else { return };
        while let Some(next) = conn.accept().await {
            let Ok((request, respond)) = next else { return };
            c.admit();
            tokio::task::spawn_local(answer(c.clone(), state.clone(), request, respond));
        }
    });
}

/// Reads one call's messages, answers it, and sends the answer.
async fn answer(
    c: Rc<Conn>,
    state: Arc<Mutex<Otg>>,
    request: http::Request<h2::RecvStream>,
    mut respond: h2::server::SendResponse<Bytes>,
) {
    let name = request.uri().path().strip_prefix(&format!("/{SERVICE}/")).map(str::to_string);
    let grpc = request
        .headers()
        .get(http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.starts_with("application/grpc"));
    let answer = match (name, grpc) {
        (_, false) => Err(status(code::UNIMPLEMENTED, "unimplemented", vec!["not a gRPC request".into()])),
        (None, _) => Err(status(
            code::UNIMPLEMENTED,
            "unimplemented",
            vec![format!("{}: not a method of {SERVICE}", request.uri().path().chars().take(128).collect::<String>())],
        )),
        (Some(name), true) => {
            let messages = {
                let _d = c.deadline(BODY_DEADLINE);
                read_messages(request.into_body()).await
            };
            match messages {
                Ok(m) => call(&state, &name, &m),
                Err(e) => Err(e),
            }
        }
    };
    c.touch();
    let _d = c.deadline(WRITE_DEADLINE);
    let _ = send(&mut respond, answer).await;
    c.touch();
}

/// A request's gRPC messages (length-prefixed), all of them at most [`MAX_BODY`] bytes.
async fn read_messages(mut body: h2::RecvStream) -> Result<Vec<Bytes>, (u32, String)> {
    let mut buf = BytesMut::new();
    let mut total = 0usize;
    while let Some(chunk) = body.data().await {
        let chunk = chunk.map_err(|e| status(code::UNAVAILABLE, "internal", vec![format!("the request: {e}")]))?;
        total += chunk.len();
        if total > MAX_BODY + 5 {
            return Err(status(
                code::RESOURCE_EXHAUSTED,
                "validation",
                vec![format!("a request of more than {MAX_BODY} bytes")],
            ));
        }
        let _ = body.flow_control().release_capacity(chunk.len());
        buf.extend_from_slice(&chunk);
    }
    frames(buf.freeze())
}

/// Splits gRPC's length-prefixed messages.
pub fn frames(mut buf: Bytes) -> Result<Vec<Bytes>, (u32, String)> {
    let mut out = Vec::new();
    while !buf.is_empty() {
        if buf.len() < 5 {
            return Err(status(code::INVALID_ARGUMENT, "validation", vec!["a truncated gRPC message prefix".into()]));
        }
        let compressed = buf.get_u8();
        let len = buf.get_u32() as usize;
        if compressed != 0 {
            return Err(status(
                code::UNIMPLEMENTED,
                "unimplemented",
                vec!["a compressed message: riptide accepts identity (uncompressed) messages only".into()],
            ));
        }
        if len > buf.len() {
            return Err(status(
                code::INVALID_ARGUMENT,
                "validation",
                vec![format!("a gRPC message of {len} bytes where {} arrived", buf.len())],
            ));
        }
        out.push(buf.split_to(len));
    }
    Ok(out)
}

/// gRPC's percent-encoding of `grpc-message`: bytes outside printable ASCII, and `%`.
fn percent(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if (0x20..0x7f).contains(&b) && b != b'%' {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

async fn send(respond: &mut h2::server::SendResponse<Bytes>, answer: Answer) -> Result<(), h2::Error> {
    let head = |end| {
        http::Response::builder()
            .status(200)
            .header(http::header::CONTENT_TYPE, "application/grpc")
            .header("grpc-accept-encoding", "identity")
            .body(())
            .map(|r| (r, end))
    };
    match answer {
        Err((code, text)) => {
            // Trailers only: the status in the headers.
            let Ok((mut r, _)) = head(true) else { return Ok(()) };
            r.headers_mut().insert("grpc-status", code.into());
            if let Ok(v) = http::HeaderValue::from_str(&percent(&text)) {
                r.headers_mut().insert("grpc-message", v);
            }
            respond.send_response(r, true)?;
        }
        Ok(messages) => {
            let Ok((r, _)) = head(false) else { return Ok(()) };
            let mut stream = respond.send_response(r, false)?;
            for m in messages {
                let mut framed = BytesMut::with_capacity(5 + m.len());
                framed.extend_from_slice(&[0]);
                framed.extend_from_slice(&(m.len() as u32).to_be_bytes());
                framed.extend_from_slice(&m);
                send_data(&mut stream, framed.freeze()).await?;
            }
            let mut trailers = http::HeaderMap::new();
            trailers.insert("grpc-status", code::OK.into());
            stream.send_trailers(trailers)?;
        }
    }
    Ok(())
}

/// Sends `data` as the peer's window allows (so the write deadline covers its reading).
async fn send_data(stream: &mut h2::SendStream<Bytes>, mut data: Bytes) -> Result<(), h2::Error> {
    while !data.is_empty() {
        stream.reserve_capacity(data.len().min(1 << 20));
        let granted = std::future::poll_fn(|cx| stream.poll_capacity(cx)).await;
        let n = match granted {
            Some(Ok(n)) => n,
            Some(Err(e)) => return Err(e),
            None => return Ok(()),
        };
        let piece = data.split_to(n.min(data.len()));
        stream.send_data(piece, false)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_method_of_the_service_is_mapped_and_its_fields_exist() {
        let pool = pool().unwrap();
        let service = pool.get_service_by_name(SERVICE).unwrap();
        for m in service.methods() {
            let how = method(m.name()).unwrap_or_else(|| panic!("{} unmapped", m.name()));
            if let (Stream::No, Some(f)) = (how.stream, how.input) {
                assert!(m.input().get_field_by_name(f).is_some(), "{}: {f}", m.name());
            }
            if how.stream == Stream::No {
                assert!(m.output().get_field_by_name(how.output).is_some(), "{}: {}", m.name(), how.output);
            }
        }
    }

    #[test]
    fn grpc_messages_are_percent_encoded_and_frames_split() {
        assert_eq!(percent("a 100% ok\n\u{e9}"), "a 100%25 ok%0A%C3%A9");
        let framed = Bytes::from_static(&[0, 0, 0, 0, 2, 8, 1, 0, 0, 0, 0, 0]);
        assert_eq!(frames(framed).unwrap(), vec![Bytes::from_static(&[8, 1]), Bytes::new()]);
        assert_eq!(frames(Bytes::from_static(&[1, 0, 0, 0, 0])).unwrap_err().0, code::UNIMPLEMENTED);
        assert_eq!(frames(Bytes::from_static(&[0, 0, 0, 0, 9, 1])).unwrap_err().0, code::INVALID_ARGUMENT);
        assert_eq!(frames(Bytes::from_static(&[0, 0])).unwrap_err().0, code::INVALID_ARGUMENT);
    }
}
