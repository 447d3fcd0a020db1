//! TCP profiles in YAML (docs/tcp.md): client pool, servers, programs, load, TCP knobs.
//!
//! ```yaml
//! client:
//!   ips: 198.18.0.1/4            # first address / how many
//!   ports: 1024-65535
//!   servers: [198.19.0.1:80]
//!   program: http                # or a list of steps
//!   cps: 1000                    # open loop; or `concurrent: 100` (closed loop)
//!   limit: 100000
//! server:
//!   listen:
//!     - {port: 80, program: http}
//! ```

use crate::conn::TcpConfig;
use crate::endpoint::{ClientSpec, CloseMode, Load, ServerSpec};
use crate::program::{self, Payload, Program, Recv, Step};
pub use crate::tls_doc::ParseOptions;
use crate::tls_doc::{tls_of, with_tls, TlsField};
use riptide_core::Nanos;
use serde::Deserialize;
use std::net::Ipv4Addr;
use std::sync::Arc;

/// A profile error, naming the file and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {message}")]
pub struct TcpProfileError {
    /// The file (or `<name>`).
    pub file: String,
    /// What was wrong, with the line or field.
    pub message: String,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Doc {
    #[serde(default)]
    description: Option<String>,
    #[serde(default)]
    tcp: TcpDoc,
    #[serde(default)]
    close: Option<CloseMode>,
    #[serde(default)]
    recv_timeout: Option<String>,
    #[serde(default)]
    client: Option<ClientDoc>,
    #[serde(default)]
    server: Option<ServerDoc>,
}

#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
struct TcpDoc {
    mss: Option<u16>,
    rcv_wnd: Option<u32>,
    window_scaling: Option<bool>,
    sack: Option<bool>,
    timestamps: Option<bool>,
    congestion_control: Option<bool>,
    cc: Option<crate::cc::CcAlgo>,
    initial_cwnd: Option<u32>,
    time_wait: Option<String>,
    syn_retries: Option<u8>,
    data_retries: Option<u8>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct ClientDoc {
    ips: String,
    #[serde(default = "default_ports")]
    ports: String,
    servers: Vec<String>,
    #[serde(default)]
    program: Option<ProgramDoc>,
    #[serde(default)]
    http: Option<HttpDoc>,
    #[serde(default)]
    cps: Option<CpsDoc>,
    #[serde(default)]
    concurrent: Option<u32>,
    #[serde(default)]
    limit: Option<u64>,
    #[serde(default)]
    ramp_up: Option<String>,
    #[serde(default)]
    tls: Option<TlsField>,
}

/// A connection rate: a number, or text with a k or m multiplier (`10k`, `1.5mcps`).
#[derive(Deserialize, Debug)]
#[serde(untagged)]
enum CpsDoc {
    Number(f64),
    Text(String),
}

impl CpsDoc {
    fn value(&self) -> Result<f64, String> {
        match self {
            CpsDoc::Number(n) => Ok(*n),
            CpsDoc::Text(t) => parse_cps(t),
        }
    }
}

/// A connection rate as text: a number with an optional k or m multiplier and `cps`
/// (`1000`, `10k`, `1.5mcps`).
pub fn parse_cps(text: &str) -> Result<f64, String> {
    let text = text.trim().to_ascii_lowercase();
    {
        let num = text.strip_suffix("cps").unwrap_or(&text).trim();
        let (num, scale) = match num.as_bytes().last() {
            Some(b'k') => (&num[..num.len() - 1], 1e3),
            Some(b'm') => (&num[..num.len() - 1], 1e6),
            _ => (num, 1.0),
        };
        num.trim()
            .parse::<f64>()
            .map(|v| v * scale)
            .map_err(|_| format!("`{text}`: expected connections per second such as 1000, 10k or 1.5mcps"))
    }
}

fn default_ports() -> String {
    "1024-65535".into()
}

#[derive(Deserialize, Debug, Default, Clone)]
#[serde(deny_unknown_fields)]
struct HttpDoc {
    #[serde(default)]
    host: Option<String>,
    #[serde(default)]
    path: Option<String>,
    #[serde(default)]
    body: Option<u32>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct ServerDoc {
    #[serde(default)]
    ips: Vec<String>,
    listen: Vec<ListenDoc>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct ListenDoc {
    port: u16,
    #[serde(default)]
    program: Option<ProgramDoc>,
    #[serde(default)]
    http: Option<HttpDoc>,
    #[serde(default)]
    tls: Option<TlsField>,
}

/// A program: `http`, or a list of steps (by hand, so a bad step's error says which
/// step names are known instead of "did not match any variant").
#[derive(Debug)]
enum ProgramDoc {
    Named(String),
    Steps(Vec<StepDoc>),
}

impl<'de> Deserialize<'de> for ProgramDoc {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = ProgramDoc;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("`http` or a list of steps")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<ProgramDoc, E> {
                Ok(ProgramDoc::Named(v.to_string()))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<ProgramDoc, A::Error> {
                let mut steps = Vec::new();
                while let Some(step) = seq.next_element::<StepDoc>()? {
                    steps.push(step);
                }
                Ok(ProgramDoc::Steps(steps))
            }
        }
        d.deserialize_any(V)
    }
}

#[derive(Deserialize, Debug)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum StepDoc {
    Send(SendDoc),
    Recv(RecvDoc),
    Delay(String),
    Close,
    Reset,
    WaitForPeerClose,
    Loop(LoopDoc),
}

#[derive(Deserialize, Debug)]
#[serde(untagged)]
enum SendDoc {
    Text(String),
    Sized { size: u32 },
}

#[derive(Deserialize, Debug)]
#[serde(untagged)]
enum RecvDoc {
    Count(u32),
    Named(String),
    Until { until: String },
    ExpectSize { expect_size: u32 },
    Expect { expect: String },
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct LoopDoc {
    times: u32,
    steps: Vec<StepDoc>,
}

/// A profile, ready to build endpoints from.
#[derive(Debug, Clone)]
pub struct TcpProfile {
    /// What the profile says it is.
    pub description: Option<String>,
    /// TCP settings.
    pub tcp: TcpConfig,
    /// How programs close.
    pub close: CloseMode,
    /// The recv idle timeout.
    pub recv_timeout_ns: u64,
    /// The client role: its templates (one from YAML; TRex ASTF profiles may have
    /// several, each on its `ip_gen`'s addresses; templates with the same addresses share
    /// a pool), which workers split by port. Empty: no client.
    pub clients: Vec<ClientSpec>,
    /// The IPv4 header's TTL and TOS (TRex's `ip.ttl`, `ip.tos`).
    pub ip: crate::endpoint::IpHeader,
    /// The server role.
    pub server: ServerSpec,
}

/// Parses profile text named `file` in messages: riptide's YAML (docs/tcp.md), or the
/// JSON of a TRex ASTF profile (an object with a `program_list`, as `python -m
/// riptide.trex --astf` writes it; [`crate::astf`]).
pub fn parse(text: &str, file: &str) -> Result<TcpProfile, TcpProfileError> {
    parse_with(text, file, &ParseOptions::default())
}

/// [`parse`] with a key log and a directory for the profile's file names.
pub fn parse_with(text: &str, file: &str, opts: &ParseOptions) -> Result<TcpProfile, TcpProfileError> {
    let err = |message: String| TcpProfileError { file: file.to_string(), message };
    if text.trim_start().starts_with('{') && text.contains("\"program_list\"") {
        return parse_astf(text, file, opts);
    }
    let doc: Doc = serde_saphyr::from_str(text).map_err(|e| err(crate::yaml::error(text, &e)))?;
    let mut tcp = TcpConfig::default();
    let t = &doc.tcp;
    macro_rules! set {
        ($($f:ident),*) => { $(if let Some(v) = t.$f { tcp.$f = v; })* };
    }
    set!(
        mss,
        rcv_wnd,
        window_scaling,
        sack,
        timestamps,
        congestion_control,
        cc,
        initial_cwnd,
        syn_retries,
        data_retries
    );
    if let Some(tw) = &t.time_wait {
        tcp.time_wait_ns = duration(tw).map_err(|m| err(format!("tcp.time_wait: {m}")))?;
    }
    if tcp.mss < 64 {
        return Err(err(format!("tcp.mss: {} is below 64 bytes", tcp.mss)));
    }
    if tcp.rcv_wnd == 0 || tcp.rcv_wnd > (0xFFFF << 14) {
        return Err(err(format!("tcp.rcv_wnd: {} must be from 1 to {}", tcp.rcv_wnd, 0xFFFFu32 << 14)));
    }
    let recv_timeout_ns = match &doc.recv_timeout {
        Some(s) => duration(s).map_err(|m| err(format!("recv_timeout: {m}")))?,
        None => 10_000_000_000,
    };
    // A recv waits at least a round trip: a shorter timeout fires in the handshake, and
    // every connection ends before it carries a byte.
    if recv_timeout_ns < MIN_RECV_TIMEOUT_NS {
        let given = doc.recv_timeout.as_deref().unwrap_or_default();
        return Err(err(format!("recv_timeout: {given} is below 1ms (a recv waits at least a round trip)")));
    }
    let client = match doc.client {
        Some(c) => Some(client_spec(c, opts).map_err(|m| err(format!("client.{m}")))?),
        None => None,
    };
    let clients: Vec<ClientSpec> = client.into_iter().collect();
    let mut server = ServerSpec::default();
    if let Some(s) = doc.server {
        for (i, r) in s.ips.iter().enumerate() {
            server.ips.push(address_range(r).map_err(|m| err(format!("server.ips[{i}]: {m}")))?);
        }
        for (i, l) in s.listen.into_iter().enumerate() {
            if l.port == 0 {
                return Err(err(format!("server.listen[{i}].port: 0 is not a port")));
            }
            if server.listen.iter().any(|(p, _)| *p == l.port) {
                return Err(err(format!("server.listen[{i}].port: {} is listed twice", l.port)));
            }
            let program = program_of(l.program, l.http, Side::Server)
                .map_err(|m| err(format!("server.listen[{i}].program{m}")))?;
            let tls = tls_of(l.tls, true, opts).map_err(|m| err(format!("server.listen[{i}].tls.{m}")))?;
            let program = with_tls(program, tls);
            server.listen.push((l.port, program));
        }
    }
    if clients.is_empty() && server.listen.is_empty() {
        return Err(err("the profile has neither a client nor a server".into()));
    }
    Ok(TcpProfile {
        description: doc.description,
        tcp,
        close: doc.close.unwrap_or_default(),
        recv_timeout_ns,
        clients,
        ip: Default::default(),
        server,
    })
}

/// A TRex ASTF profile's JSON as a profile: its templates' clients on their pools, its
/// servers by port, the client side's tunables as the TCP settings (the server side's
/// beside them when they differ).
fn parse_astf(text: &str, file: &str, opts: &ParseOptions) -> Result<TcpProfile, TcpProfileError> {
    let to = |e: crate::astf::AstfError| TcpProfileError { file: e.file, message: e.message };
    let astf = crate::astf::AstfProfile::parse(text, file).map_err(to)?;
    let base = crate::endpoint::Tune { tcp: TcpConfig::default(), ip: Default::default(), group: 0 };
    let low = astf.lower_with(file, &base, opts).map_err(to)?;
    Ok(TcpProfile {
        description: None,
        tcp: low.client_tune.tcp,
        close: CloseMode::Fin,
        recv_timeout_ns: 10_000_000_000,
        clients: low.clients,
        ip: low.client_tune.ip,
        server: low.server,
    })
}

/// The longest ramp-up taken (a day).
pub const MAX_RAMP_UP_NS: u64 = 86_400_000_000_000;

/// The shortest `recv_timeout` taken.
pub const MIN_RECV_TIMEOUT_NS: u64 = 1_000_000;

fn duration(s: &str) -> Result<u64, String> {
    s.parse::<Nanos>().map(|n| n.0).map_err(|e| e.to_string())
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Client,
    Server,
}

fn client_spec(c: ClientDoc, opts: &ParseOptions) -> Result<ClientSpec, String> {
    let ips = address_range(&c.ips).map_err(|m| format!("ips: {m}"))?;
    let ports = port_range(&c.ports).map_err(|m| format!("ports: {m}"))?;
    if c.servers.is_empty() {
        return Err("servers: give at least one ADDRESS:PORT".into());
    }
    let mut servers = Vec::new();
    for (i, s) in c.servers.iter().enumerate() {
        let parsed: std::net::SocketAddrV4 =
            s.parse().map_err(|_| format!("servers[{i}]: `{s}` is not an IPv4 ADDRESS:PORT"))?;
        servers.push((*parsed.ip(), parsed.port()));
    }
    let cps = c.cps.as_ref().map(CpsDoc::value).transpose().map_err(|m| format!("cps: {m}"))?;
    let load = match (cps, c.concurrent) {
        (Some(_), Some(_)) => return Err("cps, concurrent: give one (open loop or closed loop), not both".into()),
        (Some(cps), None) if cps > 0.0 && cps.is_finite() => Load::Open { cps },
        (Some(cps), None) => return Err(format!("cps: {cps} must be above 0")),
        (None, Some(0)) => return Err("concurrent: must be at least 1".into()),
        (None, Some(n)) => Load::Closed { concurrent: n },
        (None, None) => return Err("cps: give a rate (cps) or a number of concurrent connections".into()),
    };
    let program = program_of(c.program, c.http, Side::Client).map_err(|m| format!("program{m}"))?;
    let tls = tls_of(c.tls, false, opts).map_err(|m| format!("tls.{m}"))?;
    let program = with_tls(program, tls);
    let ramp_up_ns = match &c.ramp_up {
        Some(r) => match duration(r) {
            Ok(ns) if ns <= MAX_RAMP_UP_NS => ns,
            Ok(_) => return Err(format!("ramp_up: `{r}` is longer than a day")),
            Err(m) => return Err(format!("ramp_up: {m}")),
        },
        None => 0,
    };
    Ok(ClientSpec {
        ips,
        ports,
        port_stride: 1,
        port_offset: 0,
        servers: servers.into(),
        program,
        load,
        limit: c.limit,
        tune: None,
        ramp_up_ns,
        phase_ns: 0,
    })
}

/// `A.B.C.D`, `A.B.C.D/COUNT` or `FIRST-LAST`.
fn address_range(s: &str) -> Result<(Ipv4Addr, u32), String> {
    let bad = || format!("`{s}`: expected ADDRESS, ADDRESS/COUNT or FIRST-LAST (IPv4)");
    if let Some((a, n)) = s.split_once('/') {
        let first: Ipv4Addr = a.trim().parse().map_err(|_| bad())?;
        let count: u32 = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || u64::from(u32::from(first)) + u64::from(count) > 1 << 32 {
            return Err(bad());
        }
        return Ok((first, count));
    }
    if let Some((a, b)) = s.split_once('-') {
        let first: Ipv4Addr = a.trim().parse().map_err(|_| bad())?;
        let last: Ipv4Addr = b.trim().parse().map_err(|_| bad())?;
        if u32::from(last) < u32::from(first) {
            return Err(format!("`{s}`: the last address is before the first"));
        }
        return Ok((first, u32::from(last) - u32::from(first) + 1));
    }
    Ok((s.trim().parse().map_err(|_| bad())?, 1))
}

/// `FIRST-LAST` or one port.
fn port_range(s: &str) -> Result<(u16, u16), String> {
    let bad = || format!("`{s}`: expected PORT or FIRST-LAST (1-65535)");
    let (a, b) = s.split_once('-').unwrap_or((s, s));
    let first: u16 = a.trim().parse().map_err(|_| bad())?;
    let last: u16 = b.trim().parse().map_err(|_| bad())?;
    if first == 0 || last < first {
        return Err(bad());
    }
    Ok((first, last))
}

fn program_of(program: Option<ProgramDoc>, http: Option<HttpDoc>, side: Side) -> Result<Arc<Program>, String> {
    let steps = match program {
        Some(ProgramDoc::Steps(docs)) => steps_of(&docs, "")?,
        Some(ProgramDoc::Named(name)) if name != "http" => {
            return Err(format!(": unknown program `{name}`: expected `http` or a list of steps"))
        }
        _ => {
            let h = http.unwrap_or_default();
            let (client, server) = program::http_get(
                h.host.as_deref().unwrap_or("198.19.0.1"),
                h.path.as_deref().unwrap_or("/"),
                h.body.unwrap_or(64),
            );
            if side == Side::Client {
                client
            } else {
                server
            }
        }
    };
    Program::compile(&steps).map(Arc::new).map_err(|e| format!(": {e}"))
}

fn steps_of(docs: &[StepDoc], at: &str) -> Result<Vec<Step>, String> {
    let mut out = Vec::new();
    for (i, d) in docs.iter().enumerate() {
        let here = format!("{at}[{i}]");
        out.push(match d {
            StepDoc::Send(SendDoc::Text(t)) => Step::Send(Payload::Bytes(Arc::from(t.as_bytes()))),
            StepDoc::Send(SendDoc::Sized { size }) => Step::Send(Payload::Fill(*size)),
            StepDoc::Recv(RecvDoc::Count(0)) => return Err(format!("{here}.recv: 0 bytes: wait for at least 1")),
            StepDoc::Recv(RecvDoc::Count(n)) => Step::Recv(Recv::Bytes(*n)),
            StepDoc::Recv(RecvDoc::Named(n)) if n == "http" => Step::Recv(Recv::Http),
            StepDoc::Recv(RecvDoc::Named(n)) => {
                return Err(format!("{here}.recv: `{n}`: expected a byte count, http, {{until: TEXT}}, {{expect: TEXT}} or {{expect_size: N}}"))
            }
            StepDoc::Recv(RecvDoc::Until { until }) if until.is_empty() => {
                return Err(format!("{here}.recv.until: an empty delimiter never matches"))
            }
            StepDoc::Recv(RecvDoc::Until { until }) => Step::Recv(Recv::Until(Arc::from(until.as_bytes()))),
            StepDoc::Recv(RecvDoc::ExpectSize { expect_size }) => Step::Recv(Recv::Expect(Payload::Fill(*expect_size))),
            StepDoc::Recv(RecvDoc::Expect { expect }) => Step::Recv(Recv::Expect(Payload::Bytes(Arc::from(expect.as_bytes())))),
            StepDoc::Delay(d) => Step::Delay(duration(d).map_err(|m| format!("{here}.delay: {m}"))?),
            StepDoc::Close => Step::Close,
            StepDoc::Reset => Step::Reset,
            StepDoc::WaitForPeerClose => Step::WaitPeerClose,
            StepDoc::Loop(l) => Step::Loop { times: l.times, steps: steps_of(&l.steps, &format!("{here}.loop.steps"))? },
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_documented_example() {
        let text = r#"
description: HTTP GET at 1000 connections/s
tcp: {mss: 1400, time_wait: 500ms}
client:
  ips: 198.18.0.1/4
  ports: 1024-65535
  servers: [198.19.0.1:80]
  http: {path: /64, body: 64}
  cps: 1k
  limit: 100000
server:
  listen:
    - {port: 80, http: {body: 64}}
    - port: 8080
      program:
        - recv: {until: "\r\n\r\n"}
        - send: "HTTP/1.1 204 No Content\r\n\r\n"
        - loop: {times: 2, steps: [send: {size: 10}, delay: 1ms]}
        - wait_for_peer_close
"#;
        let p = parse(text, "t.yaml").unwrap();
        assert_eq!(p.tcp.mss, 1400);
        assert_eq!(p.tcp.time_wait_ns, 500_000_000);
        let c = p.clients.into_iter().next().unwrap();
        assert_eq!(c.ips, (Ipv4Addr::new(198, 18, 0, 1), 4));
        assert_eq!(c.load, Load::Open { cps: 1000.0 });
        assert_eq!(c.limit, Some(100_000));
        assert_eq!(p.server.listen.len(), 2);
        assert_eq!(p.server.listen[1].1.send_len(), 27 + 20);
    }

    #[test]
    fn errors_name_the_field() {
        let e = |t: &str| parse(t, "p.yaml").unwrap_err().to_string();
        let client = "client: {ips: 198.18.0.1, servers: [198.19.0.1:80], cps: 10";
        assert!(e(&format!("{client}, program: [{{recv: 0}}]}}")).contains("client.program[0].recv: 0 bytes"));
        assert!(e(&format!("{client}, program: [jump]}}")).contains("p.yaml"));
        assert!(e(&format!("{client}, program: nope}}")).contains("unknown program `nope`"));
        assert!(e("client: {ips: 198.18.0.1, servers: [198.19.0.1:80]}").contains("client.cps"));
        assert!(e("client: {ips: 10.0.0, servers: [1.2.3.4:5], cps: 1}").contains("client.ips"));
        assert!(e("client: {ips: 10.0.0.1, servers: [1.2.3.4], cps: 1}").contains("client.servers[0]"));
        assert!(e("client: {ips: 10.0.0.1, servers: [1.2.3.4:5], cps: 10q}").contains("client.cps: `10q`"));
        // A number past its field's range: the key, the value and the range (issue 50).
        let m = e("tcp:\n  mss: 70000\nclient: {ips: 10.0.0.1, servers: [1.2.3.4:5], cps: 1}");
        assert!(m.contains("line 2, column 8: mss: 70000: a whole number 0-65535 expected"), "{m}");
        let p = parse("client: {ips: 10.0.0.1, servers: [1.2.3.4:5], cps: 1.5mcps}", "p.yaml").unwrap();
        assert_eq!(p.clients[0].load, Load::Open { cps: 1.5e6 });
        assert!(e("server: {listen: [{port: 80}, {port: 80}]}").contains("listed twice"));
        assert!(e("{}").contains("neither a client nor a server"));
        assert!(e("tcp: {mss: 10}\nserver: {listen: [{port: 80}]}").contains("tcp.mss"));
        assert!(e("tcp: {bogus: 1}").contains("line 1"));
        // Issue 32 (N10): 0s was taken, and every connection timed out in its handshake.
        for t in ["0s", "1us", "999us"] {
            let m = e(&format!("recv_timeout: {t}\nserver: {{listen: [{{port: 80}}]}}"));
            assert!(m.contains(&format!("recv_timeout: {t} is below 1ms")), "{m}");
        }
        assert!(parse("recv_timeout: 1ms\nserver: {listen: [{port: 80}]}", "p.yaml").is_ok());
    }
}
