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
//! HTTPS (OTG's default, 8443) and gRPC (40051) come next; this serves plain HTTP,
//! which snappi (`snappi.api(location="http://HOST:PORT")`) and otgen speak.

use crate::server::{Otg, Reply, MAX_BODY};
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
    state: Arc<Mutex<Otg>>,
    /// The address served.
    pub addr: SocketAddr,
}

impl OtgHandle {
    /// Stops traffic and closes every connection (bounded time).
    pub fn shutdown(mut self) {
        if let Some(s) = self.server.take() {
            s.shutdown();
        }
        lock(&self.state).shutdown();
    }
}

fn lock(m: &Mutex<Otg>) -> std::sync::MutexGuard<'_, Otg> {
    match m.lock() {
        Ok(g) => g,
        Err(p) => p.into_inner(),
    }
}

/// Binds `addr` and serves in background threads.
pub fn serve(addr: SocketAddr) -> std::io::Result<OtgHandle> {
    let listener = TcpListener::bind(addr)
        .map_err(|e| std::io::Error::new(e.kind(), format!("cannot serve OTG on {addr}: {e}")))?;
    let addr = listener.local_addr()?;
    let state = Arc::new(Mutex::new(Otg::new()));
    let st = state.clone();
    let handler: Handler = Arc::new(move |c: Conn| serve_conn(&c, &st));
    let refuse: Refuse = Box::new(|stream, why| {
        let body = format!("{{\"code\": 503, \"kind\": \"internal\", \"errors\": [\"{why}\"]}}");
        let _ = write!(
            stream,
            "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        );
    });
    let server = riptide_listen::serve(listener, "riptide-otg", LIMITS, refuse, handler)?;
    Ok(OtgHandle { server: Some(server), state, addr })
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

fn write_reply(c: &Conn, r: &Reply, close: bool) -> std::io::Result<()> {
    let body = serde_json::to_vec(&r.body).unwrap_or_default();
    let head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n{}\r\n",
        r.status,
        reason(r.status),
        body.len(),
        if close { "Connection: close\r\n" } else { "" }
    );
    let _d = c.deadline(WRITE_DEADLINE);
    let mut s = c.stream();
    s.write_all(head.as_bytes())?;
    s.write_all(&body)
}

fn serve_conn(c: &Conn, state: &Mutex<Otg>) {
    // Bytes read past the last request (a pipelined next one).
    let mut buf: Vec<u8> = Vec::with_capacity(4096);
    loop {
        let head = match read_head(c, &mut buf) {
            Ok(h) => h,
            Err(Bad::Gone) => return,
            Err(Bad::Answer(status, why)) => {
                let _ = write_reply(c, &Reply::error(status, vec![why]), true);
                return;
            }
        };
        c.admit();
        c.touch();
        let body = match read_body(c, &mut buf, head.length) {
            Some(b) => b,
            None => return,
        };
        let reply = lock(state).handle(&head.method, &head.path, &body);
        if write_reply(c, &reply, head.close).is_err() || head.close {
            return;
        }
        c.touch();
    }
}

/// Reads a request head into `buf` (bytes after it stay there).
fn read_head(c: &Conn, buf: &mut Vec<u8>) -> Result<Head, Bad> {
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
        let n = match c.stream().read(&mut chunk) {
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
fn read_body(c: &Conn, buf: &mut Vec<u8>, length: usize) -> Option<Vec<u8>> {
    let _d = c.deadline(BODY_DEADLINE);
    let take = length.min(buf.len());
    let mut body: Vec<u8> = buf.drain(..take).collect();
    // Grown as bytes arrive (the peer's number is a bound, not an allocation).
    let mut chunk = vec![0u8; 64 << 10];
    while body.len() < length {
        let want = (length - body.len()).min(chunk.len());
        match c.stream().read(&mut chunk[..want]) {
            Ok(0) | Err(_) => return None,
            Ok(n) => body.extend_from_slice(&chunk[..n]),
        }
    }
    Some(body)
}
