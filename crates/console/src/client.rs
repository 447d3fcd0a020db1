//! A JSON-RPC 2.0 client of `riptide serve`: one JSON object per line over TCP.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;

/// The longest message read (a snapshot of thousands of streams is a few MiB); a longer
/// one ends the connection rather than the console's memory.
const MAX_LINE: u64 = 64 << 20;

/// The daemon's "not the owner" error code.
pub(crate) const NOT_OWNER: i64 = -32001;

/// An error: the daemon's (code and message) or the connection's (code 0).
#[derive(Clone, Debug)]
pub(crate) struct RpcError {
    pub(crate) code: i64,
    pub(crate) message: String,
}

impl std::fmt::Display for RpcError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

fn io_err(addr: &str, e: impl std::fmt::Display) -> RpcError {
    RpcError { code: 0, message: format!("{addr}: {e}") }
}

/// One connection (one session of the daemon).
pub(crate) struct Client {
    addr: String,
    out: TcpStream,
    input: BufReader<TcpStream>,
    next_id: u64,
    line: String,
    /// The longest request line the daemon takes (its `version` says; 1 MiB before it has).
    max_request: usize,
}

impl Client {
    /// Connects and authenticates: with `token`, else (a daemon on this machine's
    /// loopback only) the daemon's token file for its port when this user can read it,
    /// else not at all (a `--no-auth` daemon). Replies must come within 5 s (a frozen
    /// daemon is an error, not a hang); `set_timeout` changes that.
    pub(crate) fn connect(addr: &str, token: Option<&str>) -> Result<Client, RpcError> {
        let sa =
            addr.to_socket_addrs().map_err(|e| io_err(addr, e))?.next().ok_or_else(|| io_err(addr, "no address"))?;
        let s = TcpStream::connect_timeout(&sa, Duration::from_secs(3)).map_err(|e| io_err(addr, e))?;
        let _ = s.set_nodelay(true);
        s.set_read_timeout(Some(Duration::from_secs(5))).map_err(|e| io_err(addr, e))?;
        s.set_write_timeout(Some(Duration::from_secs(5))).map_err(|e| io_err(addr, e))?;
        let input = BufReader::new(s.try_clone().map_err(|e| io_err(addr, e))?);
        let mut c =
            Client { addr: addr.to_string(), out: s, input, next_id: 0, line: String::new(), max_request: 1 << 20 };
        let v = c.call("version", json!({"api_major": riptide_daemon::API_VERSION.0}))?;
        if let Some(m) = v.get("max_request").and_then(Value::as_u64) {
            c.max_request = usize::try_from(m).unwrap_or(usize::MAX);
        }
        if v.get("auth_required").and_then(Value::as_bool) == Some(true) {
            let file = riptide_daemon::token::default_path(sa.port());
            let token = match token {
                Some(t) => t.to_string(),
                // Another host's daemon never gets this machine's token.
                None if !sa.ip().is_loopback() => {
                    return Err(RpcError { code: 0, message: format!("{addr} asks for a token: pass --token") })
                }
                None => std::fs::read_to_string(&file).map(|t| t.trim().to_string()).map_err(|e| RpcError {
                    code: 0,
                    message: format!(
                        "{addr} asks for a token, and {} cannot be read ({e}): pass --token",
                        file.display()
                    ),
                })?,
            };
            c.call("auth", json!({"token": token}))?;
        }
        Ok(c)
    }

    /// Sets how long a reply may take.
    pub(crate) fn set_timeout(&self, t: Option<Duration>) {
        let _ = self.out.set_read_timeout(t);
    }

    /// Sends a request and reads its reply (notifications before it are skipped).
    pub(crate) fn call(&mut self, method: &str, params: Value) -> Result<Value, RpcError> {
        self.next_id += 1;
        let id = self.next_id;
        let req = format!("{}\n", json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        // Refused here, with the reason: the daemon would drop it as too long.
        if req.len() > self.max_request {
            return Err(RpcError {
                code: 0,
                message: format!(
                    "{method}: the request is {} bytes; the daemon at {} takes requests of at most {} bytes",
                    req.len(),
                    self.addr,
                    self.max_request
                ),
            });
        }
        self.out.write_all(req.as_bytes()).map_err(|e| io_err(&self.addr, e))?;
        loop {
            let v = self.read()?;
            // A reply to this request, or an error the daemon could not tie to one
            // (id null: it is closing the connection, and says why).
            let ours = match v.get("id") {
                Some(Value::Null) => v.get("error").is_some(),
                Some(i) => i.as_u64() == Some(id),
                None => false,
            };
            if !ours {
                continue;
            }
            if let Some(e) = v.get("error") {
                return Err(RpcError {
                    code: e.get("code").and_then(Value::as_i64).unwrap_or(0),
                    message: e.get("message").and_then(Value::as_str).unwrap_or("error without a message").to_string(),
                });
            }
            return Ok(v.get("result").cloned().unwrap_or(Value::Null));
        }
    }

    /// Reads the next message (a reply or a notification).
    pub(crate) fn read(&mut self) -> Result<Value, RpcError> {
        self.line.clear();
        match (&mut self.input).take(MAX_LINE + 1).read_line(&mut self.line) {
            Ok(0) => Err(io_err(&self.addr, "the daemon closed the connection")),
            Ok(n) if n as u64 > MAX_LINE => Err(io_err(&self.addr, format!("a message over {MAX_LINE} bytes"))),
            Ok(_) => serde_json::from_str(&self.line).map_err(|e| io_err(&self.addr, format!("not JSON: {e}"))),
            Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {
                Err(io_err(&self.addr, "no answer in time (the daemon is stopped or overloaded)"))
            }
            Err(e) => Err(io_err(&self.addr, e)),
        }
    }
}
