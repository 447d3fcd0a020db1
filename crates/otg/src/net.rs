//! The socket of `riptide serve --otg`: OTG's HTTP API (HTTP/1.1, JSON bodies).
//!
//! Through [`riptide_listen`]: a thread per connection, [`LIMITS`] connections (16 from
//! one address), a request's head whole within [`REQUEST_DEADLINE`] of its first byte
//! and at most [`MAX_HEAD`] bytes (httparse reads it: 64 headers at most), a body of at
//! most [`MAX_BODY`] bytes by `Content-Length` (chunked bodies are refused with 411),
//! read within [`BODY_DEADLINE`], and each answer written within [`WRITE_DEADLINE`].
//! Connections persist (snappi's session reuses them) until the peer closes, says
//! `Connection: close`, speaks HTTP/1.0, or stays idle past the cap. The state sits
//! behind one mutex, held while a request is answered, never across socket I/O.
//!
//! HTTPS (OTG's default scheme) and plain HTTP share the port, told apart by the first
//! byte (a TLS handshake record is 22): rustls with aws-lc-rs's provider, a self-signed
//! certificate made at start unless one is given ([`Cert`]). gRPC (default 40051) is
//! [`crate::grpc`]'s, on a port of its own, answering from the same state.

use crate::server::{lock, Otg, Reply, MAX_BODY};
use riptide_listen::{Conn, Handler, Limits, Refuse, Server};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Connection limits.
pub const LIMITS: Limits = Limits {
    max_conns: 64,
    max_per_addr: 16,
    admit_within: Duration::from_secs(10),
    evict_idle_after: Some(Duration::from_secs(30)),
};

/// Largest request head (request line and headers).
pub const MAX_HEAD: usize = 16 << 10;

/// A request's head must be whole within this long of its first byte.
pub const REQUEST_DEADLINE: Duration = Duration::from_secs(10);

/// A request's body must be whole within this long of its head.
pub const BODY_DEADLINE: Duration = Duration::from_secs(60);

/// An answer must be written within this long.
pub const WRITE_DEADLINE: Duration = Duration::from_secs(10);

/// A running server.
pub struct OtgHandle {
    server: Option<Server>,
    grpc: Option<Server>,
    state: Arc<Mutex<Otg>>,
    /// The address served.
    pub addr: SocketAddr,
    /// The gRPC address served, if any.
    pub grpc_addr: Option<SocketAddr>,
}

impl OtgHandle {
    /// Where the latency streams' stamps come from, for every run started from now on.
    pub fn set_timestamps(&self, t: riptide_engine::Timestamps) {
        self.state.lock().unwrap_or_else(|p| p.into_inner()).timestamps = t;
    }

    /// Stops traffic and closes every connection (bounded time).
    pub fn shutdown(mut self) {
        for s in [self.server.take(), self.grpc.take()].into_iter().flatten() {
            s.shutdown();
        }
        lock(&self.state).shutdown();
    }
}

/// The certificate HTTPS presents.
#[derive(Clone, Debug, Default)]
pub enum Cert {
    /// None: plain HTTP only.
    #[default]
    None,
    /// A self-signed certificate for localhost and 127.0.0.1, made at start (as ixia-c's;
    /// snappi does not verify by default).
    SelfSigned,
    /// PEM files: the certificate chain and its private key.
    Files(std::path::PathBuf, std::path::PathBuf),
}

/// The TLS configuration of `cert` (aws-lc-rs's provider; TLS 1.2 and 1.3).
pub fn tls_config(cert: &Cert) -> std::io::Result<Option<Arc<rustls::ServerConfig>>> {
    use rustls::pki_types::pem::PemObject;
    use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
    let bad = |what: String| std::io::Error::new(std::io::ErrorKind::InvalidInput, what);
    let (chain, key): (Vec<CertificateDer<'static>>, PrivateKeyDer<'static>) = match cert {
        Cert::None => return Ok(None),
        Cert::SelfSigned => {
            let c = rcgen::generate_simple_self_signed(vec!["localhost".to_string(), "127.0.0.1".to_string()])
                .map_err(|e| bad(format!("cannot make a self-signed certificate: {e}")))?;
            (vec![c.cert.der().clone()], PrivatePkcs8KeyDer::from(c.key_pair.serialize_der()).into())
        }
        Cert::Files(cert, key) => {
            let chain = CertificateDer::pem_file_iter(cert)
                .and_then(|i| i.collect::<Result<Vec<_>, _>>())
                .map_err(|e| bad(format!("{}: {e} (a PEM certificate chain expected)", cert.display())))?;
            let k = PrivateKeyDer::from_pem_file(key)
                .map_err(|e| bad(format!("{}: {e} (a PEM private key expected)", key.display())))?;
            (chain, k)
        }
    };
    let provider = Arc::new(rustls::crypto::aws_lc_rs::default_provider());
    let cfg = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| bad(e.to_string()))?
        .with_no_client_auth()
        .with_single_cert(chain, key)
        .map_err(|e| bad(format!("the certificate and key do not make a TLS server: {e}")))?;
    Ok(Some(Arc::new(cfg)))
}

/// Binds `addr` and serves in background threads: HTTPS with `cert` (and plain HTTP on
/// the same port, told apart by the first byte), or plain HTTP only.
pub fn serve(addr: SocketAddr, cert: &Cert) -> std::io::Result<OtgHandle> {
    serve_with(addr, None, cert)
}

/// [`serve`], and gRPC (`otg.Openapi`, [`crate::grpc`]) on `grpc` too: one state.
pub fn serve_with(addr: SocketAddr, grpc: Option<SocketAddr>, cert: &Cert) -> std::io::Result<OtgHandle> {
    let tls = tls_config(cert)?;
    let bind = |addr: SocketAddr, what: &str| {
        TcpListener::bind(addr)
            .map_err(|e| std::io::Error::new(e.kind(), format!("cannot serve OTG's {what} on {addr}: {e}")))
    };
    let listener = bind(addr, "HTTP API")?;
    let addr = listener.local_addr()?;
    let grpc_listener = grpc.map(|g| bind(g, "gRPC API")).transpose()?;
    let grpc_addr = grpc_listener.as_ref().map(TcpListener::local_addr).transpose()?;
    let state = Arc::new(Mutex::new(Otg::new()));
    let grpc = grpc_listener.map(|l| crate::grpc::serve(l, state.clone())).transpose()?;
    let st = state.clone();
    let handler: Handler = Arc::new(move |c: Conn| serve_conn(&c, &st, tls.as_ref()));
    let refuse: Refuse = Box::new(|stream, why| {
        let body = format!("{{\"code\": 503, \"kind\": \"internal\", \"errors\": [\"{why}\"]}}");
        let _ = write!(
            stream,
            "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        );
    });
    let server = riptide_listen::serve(listener, "riptide-otg", LIMITS, refuse, handler)?;
    Ok(OtgHandle { server: Some(server), grpc, state, addr, grpc_addr })
}

/// One request's head.
struct Head {
    method: String,
    path: String,
    length: usize,
    close: bool,
}

/// What ended reading a request.
enum Bad {
    /// The peer went away (or its time ran out): nothing to answer.
    Gone,
    /// A request that cannot be served: answered, then the connection closes.
    Answer(u16, String),
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        411 => "Length Required",
        413 => "Content Too Large",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        _ => "Error",
    }
}

/// A connection's byte stream: the socket itself, or TLS over it.
trait Io: Read + Write {}
impl<T: Read + Write> Io for T {}

fn write_reply(c: &Conn, io: &mut dyn Io, r: &Reply, close: bool) -> std::io::Result<()> {
    let json;
    let (body, kind) = match &r.bytes {
        Some(b) => (b.as_slice(), "application/octet-stream"),
        None => {
            json = serde_json::to_vec(&r.body).unwrap_or_default();
            (json.as_slice(), "application/json")
        }
    };
    let head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n{}\r\n",
        r.status,
        reason(r.status),
        body.len(),
        if close { "Connection: close\r\n" } else { "" }
    );
    let _d = c.deadline(WRITE_DEADLINE);
    io.write_all(head.as_bytes())?;
    io.write_all(body)?;
    io.flush()
}

fn serve_conn(c: &Conn, state: &Mutex<Otg>, tls: Option<&Arc<rustls::ServerConfig>>) {
    // TLS or plain HTTP on the same port: a TLS client's first byte is a handshake
    // record (22), an HTTP request's a letter.
    let mut first = [0u8; 1];
    let handshake = {
        let _d = c.deadline(REQUEST_DEADLINE);
        matches!(c.stream().peek(&mut first), Ok(1)) && first[0] == 22
    };
    let mut sock = c.stream();
    match (handshake, tls) {
        (true, Some(cfg)) => {
            let Ok(mut conn) = rustls::ServerConnection::new(cfg.clone()) else { return };
            let mut io = rustls::Stream::new(&mut conn, &mut sock);
            serve_http(c, &mut io, state);
        }
        // A TLS client where TLS is off: nothing it could read as an answer.
        (true, None) => {}
        (false, _) => serve_http(c, &mut sock, state),
    }
}

fn serve_http(c: &Conn, io: &mut dyn Io, state: &Mutex<Otg>) {
    // Bytes read past the last request (a pipelined next one).
    let mut buf: Vec<u8> = Vec::with_capacity(4096);
    loop {
        let head = match read_head(c, io, &mut buf) {
            Ok(h) => h,
            Err(Bad::Gone) => return,
            Err(Bad::Answer(status, why)) => {
                let _ = write_reply(c, io, &Reply::error(status, vec![why]), true);
                return;
            }
        };
        c.admit();
        c.touch();
        let body = match read_body(c, io, &mut buf, head.length) {
            Some(b) => b,
            None => return,
        };
        let reply = lock(state).handle(&head.method, &head.path, &body);
        if write_reply(c, io, &reply, head.close).is_err() || head.close {
            return;
        }
        c.touch();
    }
}

/// Reads a request head into `buf` (bytes after it stay there).
fn read_head(c: &Conn, io: &mut dyn Io, buf: &mut Vec<u8>) -> Result<Head, Bad> {
    let mut _started = (!buf.is_empty()).then(|| c.deadline(REQUEST_DEADLINE));
    let mut chunk = [0u8; 4096];
    loop {
        let mut headers = [httparse::EMPTY_HEADER; 64];
        let mut req = httparse::Request::new(&mut headers);
        match req.parse(buf) {
            Ok(httparse::Status::Complete(n)) => {
                let method = req.method.unwrap_or("").to_string();
                let path = req.path.unwrap_or("").to_string();
                let mut length = 0usize;
                let mut close = req.version == Some(0);
                for h in req.headers.iter() {
                    let value = std::str::from_utf8(h.value).unwrap_or("").trim();
                    if h.name.eq_ignore_ascii_case("content-length") {
                        length = value
                            .parse()
                            .map_err(|_| Bad::Answer(400, format!("Content-Length: '{value}' is not a length")))?;
                    } else if h.name.eq_ignore_ascii_case("transfer-encoding") {
                        return Err(Bad::Answer(411, "chunked bodies are not served: send a Content-Length".into()));
                    } else if h.name.eq_ignore_ascii_case("connection") {
                        close |= value.eq_ignore_ascii_case("close");
                    }
                }
                if length > MAX_BODY {
                    return Err(Bad::Answer(413, format!("a body of {length} bytes: at most {MAX_BODY}")));
                }
                buf.drain(..n);
                return Ok(Head { method, path, length, close });
            }
            Ok(httparse::Status::Partial) => {}
            Err(e) => return Err(Bad::Answer(400, format!("not an HTTP/1.1 request: {e}"))),
        }
        if buf.len() >= MAX_HEAD {
            return Err(Bad::Answer(431, format!("a request head longer than {MAX_HEAD} bytes")));
        }
        let n = match io.read(&mut chunk) {
            Ok(0) | Err(_) => return Err(Bad::Gone),
            Ok(n) => n,
        };
        if _started.is_none() {
            // Its first byte: the whole head is due within the deadline.
            _started = Some(c.deadline(REQUEST_DEADLINE));
        }
        buf.extend_from_slice(&chunk[..n]);
    }
}

/// Reads a body of `length` bytes (some may be in `buf` already).
fn read_body(c: &Conn, io: &mut dyn Io, buf: &mut Vec<u8>, length: usize) -> Option<Vec<u8>> {
    let _d = c.deadline(BODY_DEADLINE);
    let take = length.min(buf.len());
    let mut body: Vec<u8> = buf.drain(..take).collect();
    // Grown as bytes arrive (the peer's number is a bound, not an allocation).
    let mut chunk = vec![0u8; 64 << 10];
    while body.len() < length {
        let want = (length - body.len()).min(chunk.len());
        match io.read(&mut chunk[..want]) {
            Ok(0) | Err(_) => return None,
            Ok(n) => body.extend_from_slice(&chunk[..n]),
        }
    }
    Some(body)
}
