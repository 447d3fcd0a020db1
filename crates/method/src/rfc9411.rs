//! RFC 9411's (and RFC 3511's) stateful tests of a firewall or NAT, run by riptide's own
//! TCP client and server on both sides of the DUT:
//!
//! - **concurrent** (RFC 9411 7.5): the most connections the DUT carries at once, by
//!   binary search on the number held open;
//! - **cps** (7.2): the most new connections per second it takes, by binary search on
//!   the offered rate;
//! - **throughput** (7.3): HTTP throughput per object size at a closed-loop concurrency;
//! - **latency** (7.4): time to first byte and to last byte per object size and number
//!   of transactions per connection, at a given connection rate.
//!
//! Every test starts with an **init** phase: ten connections that must all complete
//! (the path works, ARP is answered) before any trial. The cps, throughput and latency
//! trials then run RFC 9411's phases: **ramp-up** (the rate, or the concurrency, rises
//! linearly from nothing: the TCP client's `ramp_up`), **sustain** (the rate held; every
//! figure but the failures is measured here, and latencies count only connections
//! opened in it), **ramp-down** (no connection opened; those open finish, and one still
//! open at its end has failed). A trial passes when at most `failure_ratio` (RFC 9411:
//! 0.001%) of the connections it opened did not complete their program.
//!
//! A SYN is never retried: a connection the DUT refuses (no place in its table, or over
//! its rate) fails when its SYN times out (1 s) instead of getting in late through a
//! place another freed. Before each trial the front end empties the DUT's connection
//! state (`reset`: the lab's nat DUT renews its rules), after waiting `settle`.

use crate::ndr::Error;
use crate::Drive;
use riptide_core::Nanos;
use riptide_engine::tcp::TcpStart;
use riptide_engine::{Command, Response, RunState};
use riptide_engine::{Percentiles, TcpReport};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::net::{Ipv4Addr, SocketAddrV4};
use std::time::{Duration, Instant};

/// Most connections a trial holds.
pub const MAX_CONNECTIONS: u64 = 1_000_000;
/// Most connections per second offered.
pub const MAX_CPS: u64 = 10_000_000;
/// Most transactions on one connection.
pub const MAX_TRANSACTIONS: u32 = 1000;
/// The init phase's connections.
pub const INIT_CONNECTIONS: u64 = 10;

/// Which test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Test {
    /// Concurrent TCP connection capacity (7.5).
    Concurrent,
    /// TCP connections per second (7.2).
    Cps,
    /// HTTP throughput per object size (7.3).
    Throughput,
    /// HTTP transaction latency: TTFB and TTLB (7.4).
    Latency,
}

impl Test {
    /// Every test.
    pub const ALL: [Test; 4] = [Test::Concurrent, Test::Cps, Test::Throughput, Test::Latency];

    /// The name the CLI and the daemon take.
    pub fn name(self) -> &'static str {
        match self {
            Test::Concurrent => "concurrent",
            Test::Cps => "cps",
            Test::Throughput => "throughput",
            Test::Latency => "latency",
        }
    }

    /// Its title and RFC 9411's section.
    pub fn title(self) -> &'static str {
        match self {
            Test::Concurrent => "RFC 9411 7.5: concurrent TCP connection capacity",
            Test::Cps => "RFC 9411 7.2: TCP connections per second",
            Test::Throughput => "RFC 9411 7.3: HTTP throughput",
            Test::Latency => "RFC 9411 7.4: HTTP transaction latency",
        }
    }

    fn phased(self) -> bool {
        self != Test::Concurrent
    }
}

impl fmt::Display for Test {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Test {
    type Err = String;
    fn from_str(s: &str) -> Result<Test, String> {
        Test::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| format!("'{s}': expected concurrent, cps, throughput or latency"))
    }
}

/// The test's options (`riptide rfc9411 TEST`'s arguments, by the same names). Each test
/// reads those that concern it.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// The client's address.
    pub client: String,
    /// The server's address and port.
    pub server: String,
    /// The HTTP object's size (bytes of body): concurrent, cps.
    pub object_size: u64,
    /// The object sizes, one trial each (`1k,16k,64k,256k`; k = 1024): throughput, latency.
    pub object_sizes: String,
    /// HTTP transactions on each connection (`1,10`: one trial each; throughput takes
    /// one). Empty: latency `1,10` (RFC 9411 7.4), the others 1.
    pub transactions: String,
    /// How long each connection stays open after its transaction: concurrent.
    pub hold: String,
    /// The most connections tried: concurrent.
    pub max_connections: u64,
    /// The fewest connections tried: concurrent.
    pub min_connections: u64,
    /// The highest rate tried (connections/s): cps.
    pub max_cps: u64,
    /// The lowest rate tried: cps.
    pub min_cps: u64,
    /// The rate offered (connections/s; RFC 9411: half the DUT's cps): latency.
    pub cps: u64,
    /// Connections held at once (closed loop): throughput.
    pub connections: u64,
    /// The ramp-up phase.
    pub ramp_up: String,
    /// The sustain phase (RFC 9411: at least 300 s).
    pub sustain: String,
    /// The ramp-down phase: the longest the connections open at the sustain's end take.
    pub ramp_down: String,
    /// The search ends when the passing and failing values are within this ratio.
    pub resolution: f64,
    /// The share of connections that may fail in a passing trial (RFC 9411: 0.001%).
    pub failure_ratio: f64,
    /// Wait between trials.
    pub settle: String,
    /// Worker threads.
    pub cores: usize,
    /// HTTPS: the TLS version of every connection (`1.2`, `1.3`, `any`); empty: plain
    /// HTTP (RFC 9411's HTTPS tests, 7.6-7.9, are these over TLS).
    pub tls: String,
    /// The server's certificate under `tls`: `ecdsa-p256` (RFC 9411's), `ecdsa-p384`,
    /// `ed25519`, `rsa2048`, `rsa3072`, `rsa4096`.
    pub tls_cert: String,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            client: "198.18.1.1".into(),
            server: "198.18.2.1:80".into(),
            object_size: 64,
            object_sizes: "1k,16k,64k,256k".into(),
            transactions: String::new(),
            hold: "1500ms".into(),
            max_connections: 10_000,
            min_connections: 10,
            max_cps: 100_000,
            min_cps: 100,
            cps: 0,
            connections: 100,
            ramp_up: "10s".into(),
            sustain: "300s".into(),
            ramp_down: "10s".into(),
            resolution: 0.01,
            failure_ratio: 1e-5,
            settle: "1s".into(),
            cores: 1,
            tls: String::new(),
            tls_cert: "ecdsa-p256".into(),
        }
    }
}

/// [`Options`] checked.
pub struct Checked {
    client: Ipv4Addr,
    server: SocketAddrV4,
    hold: f64,
    settle: f64,
    ramp_up: f64,
    sustain: f64,
    ramp_down: f64,
    sizes: Vec<u64>,
    transactions: Vec<u32>,
    /// HTTPS: the TLS version and the certificate's key, as the profile writes them.
    tls: Option<(String, String)>,
}

/// A size in bytes: `64`, `16k`, `1m` (k = 1024).
fn size(s: &str) -> Option<u64> {
    let s = s.trim();
    let (n, unit) = match s.char_indices().last()? {
        (i, 'k' | 'K') => (&s[..i], 1024),
        (i, 'm' | 'M') => (&s[..i], 1 << 20),
        _ => (s, 1),
    };
    n.parse::<u64>().ok()?.checked_mul(unit)
}

impl Options {
    /// Checks every option `test` reads, naming a bad one as the CLI spells it.
    pub fn check(&self, test: Test) -> Result<Checked, Error> {
        let input = |m: String| Error::Input(m);
        riptide_engine::cores(self.cores as u64).map_err(|e| input(format!("--cores {e}")))?;
        let client: Ipv4Addr =
            self.client.parse().map_err(|_| input(format!("--client '{}': expected an IPv4 address", self.client)))?;
        let server: SocketAddrV4 = self
            .server
            .parse()
            .map_err(|_| input(format!("--server '{}': expected ADDRESS:PORT, such as 198.18.2.1:80", self.server)))?;
        if !(self.resolution > 0.0 && self.resolution < 1.0) {
            return Err(input(format!("--resolution {}: expected a ratio between 0 and 1", self.resolution)));
        }
        if !(0.0..1.0).contains(&self.failure_ratio) {
            return Err(input(format!("--failure-ratio {}: expected a ratio from 0 below 1", self.failure_ratio)));
        }
        if self.object_size > 1 << 30 {
            return Err(input(format!("--object-size {}: at most 1 GiB", self.object_size)));
        }
        let secs = |option: &str, s: &str| -> Result<f64, Error> {
            let d: Nanos = s.parse().map_err(|e| input(format!("{option}: {e}")))?;
            Ok(d.as_secs_f64())
        };
        let mut c = Checked {
            client,
            server,
            hold: secs("--hold", &self.hold)?,
            settle: secs("--settle", &self.settle)?,
            ramp_up: secs("--ramp-up", &self.ramp_up)?,
            sustain: secs("--sustain", &self.sustain)?,
            ramp_down: secs("--ramp-down", &self.ramp_down)?,
            sizes: vec![self.object_size],
            transactions: vec![1],
            tls: None,
        };
        if !self.tls.is_empty() {
            if !["1.2", "1.3", "any"].contains(&self.tls.as_str()) {
                return Err(input(format!("--tls {}: expected 1.2, 1.3 or any", self.tls)));
            }
            let kinds: Vec<&str> = riptide_tcp::tls::KeyKind::NAMES.iter().map(|(n, _)| *n).collect();
            if !kinds.contains(&self.tls_cert.as_str()) {
                return Err(input(format!("--tls-cert {}: expected one of {}", self.tls_cert, kinds.join(", "))));
            }
            c.tls = Some((self.tls.clone(), self.tls_cert.clone()));
        }
        if test.phased() {
            if c.sustain < 0.5 {
                return Err(input(format!("--sustain {}: expected at least 500ms (RFC 9411: 300s)", self.sustain)));
            }
            if c.ramp_down < 1.1 {
                return Err(input(format!(
                    "--ramp-down {}: expected at least 1100ms (longer than a SYN's timeout)",
                    self.ramp_down
                )));
            }
        }
        match test {
            Test::Concurrent => {
                if !(1..=MAX_CONNECTIONS).contains(&self.max_connections) {
                    return Err(input(format!(
                        "--max-connections {}: expected 1 to {MAX_CONNECTIONS}",
                        self.max_connections
                    )));
                }
                if !(1..=self.max_connections).contains(&self.min_connections) {
                    return Err(input(format!(
                        "--min-connections {}: expected 1 to --max-connections ({})",
                        self.min_connections, self.max_connections
                    )));
                }
                if c.hold < 1.1 {
                    return Err(input(format!(
                        "--hold {}: expected at least 1100ms (longer than a SYN's timeout, so that every connection is open at once)",
                        self.hold
                    )));
                }
            }
            Test::Cps => {
                if !(1..=MAX_CPS).contains(&self.max_cps) {
                    return Err(input(format!("--max-cps {}: expected 1 to {MAX_CPS}", self.max_cps)));
                }
                if !(1..=self.max_cps).contains(&self.min_cps) {
                    return Err(input(format!(
                        "--min-cps {}: expected 1 to --max-cps ({})",
                        self.min_cps, self.max_cps
                    )));
                }
            }
            Test::Throughput | Test::Latency => {
                let sizes: Option<Vec<u64>> = self.object_sizes.split(',').map(size).collect();
                c.sizes = match sizes {
                    Some(v) if !v.is_empty() && v.iter().all(|&s| s <= 1 << 30) => v,
                    _ => {
                        return Err(input(format!(
                            "--object-sizes '{}': expected sizes in bytes, such as 1k,16k,64k,256k (k = 1024; at most 1 GiB)",
                            self.object_sizes
                        )))
                    }
                };
                let given = match self.transactions.as_str() {
                    "" if test == Test::Latency => "1,10",
                    "" => "1",
                    t => t,
                };
                let tx: Result<Vec<u32>, _> = given.split(',').map(|t| t.trim().parse::<u32>()).collect();
                c.transactions = match tx {
                    Ok(v) if !v.is_empty() && v.iter().all(|t| (1..=MAX_TRANSACTIONS).contains(t)) => v,
                    _ => {
                        return Err(input(format!(
                            "--transactions '{}': expected transactions per connection, such as 1,10 (1 to {MAX_TRANSACTIONS})",
                            self.transactions
                        )))
                    }
                };
                if test == Test::Throughput {
                    if c.transactions.len() != 1 {
                        return Err(input(format!(
                            "--transactions '{}': the throughput test takes one number",
                            self.transactions
                        )));
                    }
                    if !(1..=MAX_CONNECTIONS).contains(&self.connections) {
                        return Err(input(format!(
                            "--connections {}: expected 1 to {MAX_CONNECTIONS}",
                            self.connections
                        )));
                    }
                } else if !(1..=MAX_CPS).contains(&self.cps) {
                    return Err(input(format!(
                        "--cps {}: expected the connections/s offered, 1 to {MAX_CPS} (RFC 9411: half the DUT's \
                         connections/s, from `riptide rfc9411 cps`)",
                        self.cps
                    )));
                }
            }
        }
        Ok(c)
    }
}

/// What the sustain phase measured.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Sustain {
    /// Its length, s (the engine's clock).
    pub seconds: f64,
    /// Connections established per second.
    pub cps: f64,
    /// Programs (connections' transactions) completed per second.
    pub completed_per_s: f64,
    /// HTTP transactions per second.
    pub transactions_per_s: f64,
    /// What the clients received (HTTP headers and bodies), bit/s.
    pub goodput_bps: f64,
}

/// One trial.
#[derive(Clone, Debug, Serialize)]
pub struct Trial {
    /// Connections opened at once (concurrent), or held at once (throughput).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub connections: Option<u64>,
    /// The rate offered, connections/s (cps, latency).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cps: Option<u64>,
    /// The object's size, bytes.
    pub object_size: u64,
    /// HTTP transactions on each connection.
    pub transactions: u32,
    /// Connections opened.
    pub attempted: u64,
    /// Of those, established (the handshake through the DUT).
    pub established: u64,
    /// Of those, their program completed.
    pub completed: u64,
    /// Connections that did not complete.
    pub failed: u64,
    /// Connections the DUT (or the server) reset.
    pub resets: u64,
    /// Bytes the clients received (HTTP headers and bodies), the whole trial.
    pub received_bytes: u64,
    /// At most `failure_ratio` failed.
    pub passed: bool,
    /// The sustain phase (not the concurrent test's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sustain: Option<Sustain>,
    /// SYN to SYN-ACK (ns).
    pub setup: Percentiles,
    /// Time to first byte: SYN to the first byte of the response (ns).
    pub ttfb: Percentiles,
    /// Time to last byte: SYN to the last byte of the last response (ns).
    pub ttlb: Percentiles,
    /// SYN to SYN-ACK, the 99th percentile (ns).
    pub setup_p99_ns: u64,
    /// HTTPS (`--tls`): TLS handshakes completed, of them resumed, and SYN to the
    /// handshake's end (ns).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub tls_handshakes: u64,
    /// See `tls_handshakes`.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub tls_resumed: u64,
    /// See `tls_handshakes`.
    #[serde(default, skip_serializing_if = "no_samples")]
    pub tls_setup: Percentiles,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

fn no_samples(p: &Percentiles) -> bool {
    p.count == 0
}

/// The phases the trials ran.
#[derive(Clone, Debug, Serialize)]
pub struct Phases {
    /// Ramp-up, s.
    pub ramp_up_s: f64,
    /// Sustain, s.
    pub sustain_s: f64,
    /// Ramp-down (at most), s.
    pub ramp_down_s: f64,
}

/// What the test found.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The test.
    pub test: Test,
    /// The ports (client's first).
    pub ports: Vec<String>,
    /// The search's answer (concurrent: connections; cps: connections/s); None where
    /// not even the lowest passed, or for a test that does not search.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub capacity: Option<u64>,
    /// The capacity is the search's upper limit, which passed: the DUT may do more.
    pub at_limit: bool,
    /// The failures a passing trial allowed (a share of its connections).
    pub failure_ratio: f64,
    /// The init phase's connections, and how many completed.
    pub init: (u64, u64),
    /// The trials' phases (not the concurrent test's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phases: Option<Phases>,
    /// Every trial, in order.
    pub trials: Vec<Trial>,
    /// Wall time (s).
    pub wall_s: f64,
    /// HTTPS (`--tls`): the TLS version asked for (`1.2`, `1.3`, `any`) and the server's
    /// certificate; absent for plain TCP.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tls: Option<(String, String)>,
}

/// What a front end sees while the test runs.
pub trait Observer {
    /// A trial ended.
    fn trial(&mut self, _t: &Trial) {}
}

impl Observer for () {}

/// What one trial offers.
#[derive(Clone, Copy, Debug)]
enum Offer {
    /// `k` connections at once, held (concurrent).
    Held(u64),
    /// An open loop at this rate, ramped (cps, latency).
    Rate(u64),
    /// A closed loop of this many, ramped (throughput).
    Closed(u64),
    /// The init phase: a few connections, one after another's end.
    Init,
}

/// The trial's TCP profile (docs/tcp.md).
fn profile(c: &Checked, offer: Offer, size: u64, tx: u32) -> String {
    let (load, ramp, hold) = match offer {
        Offer::Held(k) => (format!("concurrent: {k}\n  limit: {k}"), String::new(), c.hold),
        Offer::Rate(r) => (format!("cps: {r}"), format!("\n  ramp_up: {}us", (c.ramp_up * 1e6).round() as u64), 0.0),
        Offer::Closed(k) => {
            (format!("concurrent: {k}"), format!("\n  ramp_up: {}us", (c.ramp_up * 1e6).round() as u64), 0.0)
        }
        Offer::Init => (format!("concurrent: 1\n  limit: {INIT_CONNECTIONS}"), String::new(), 0.0),
    };
    let header = format!("HTTP/1.1 200 OK\\r\\nContent-Length: {size}\\r\\n\\r\\n");
    // HTTPS: TLS under both programs (the certificate made once per trial).
    let (client_tls, server_tls) = match &c.tls {
        Some((v, cert)) => {
            (format!("\n  tls: {{version: \"{v}\"}}"), format!("\n      tls: {{version: \"{v}\", cert: {cert}}}"))
        }
        None => (String::new(), String::new()),
    };
    let delay = if hold > 0.0 { format!(", delay: {}us", (hold * 1e6).round() as u64) } else { String::new() };
    format!(
        "description: RFC 9411\n\
         tcp: {{syn_retries: 0, time_wait: 0s}}\n\
         client:\n  ips: {client}\n  servers: [{server}]\n  {load}{ramp}\n  \
         program: [loop: {{times: {tx}, steps: [send: \"GET /{size} HTTP/1.1\\r\\nHost: riptide\\r\\n\\r\\n\", recv: http]}}{delay}, close]{client_tls}\n\
         server:\n  ips: [{ip}/1]\n  listen:\n    - port: {port}\n      \
         program: [loop: {{times: {tx}, steps: [recv: {{until: \"\\r\\n\\r\\n\"}}, send: \"{header}\", send: {{size: {size}}}]}}, wait_for_peer_close]{server_tls}\n",
        client = c.client,
        server = c.server,
        ip = c.server.ip(),
        port = c.server.port(),
    )
}

/// The TCP report of a snapshot.
fn tcp_of(s: &riptide_engine::Snapshot) -> Result<TcpReport, Error> {
    s.tcp.clone().ok_or_else(|| Error::Runtime("the trial gave no TCP report".into()))
}

/// Runs one trial: its final report and, for a phased one, the sustain phase's.
fn run_trial<D: Drive>(
    engine: &mut D,
    o: &Options,
    c: &Checked,
    offer: Offer,
    size: u64,
    tx: u32,
    interrupted: &dyn Fn() -> bool,
) -> Result<(TcpReport, Option<Sustain>), Error> {
    let (open_for, span, limit, concurrent) = match offer {
        // The hold, the SYN's timeout (1 s: no retry), and a margin.
        Offer::Held(k) => (None, c.hold + 2.0, Some(k), Some(k as u32)),
        Offer::Init => (None, 10.0, Some(INIT_CONNECTIONS), None),
        Offer::Rate(_) | Offer::Closed(_) => {
            (Some(Nanos::from_secs_f64(c.ramp_up + c.sustain)), c.ramp_up + c.sustain + c.ramp_down, None, None)
        }
    };
    let start = TcpStart {
        name: "rfc9411".into(),
        text: profile(c, offer, size, tx),
        multiplier: 1.0,
        duration: Some(Nanos::from_secs_f64(span)),
        cores: o.cores,
        pin: vec![],
        limit,
        open_for,
        concurrent,
        // A capacity search may hold more than the default cap: the hold is its own bound.
        max_conns: concurrent.map(|k| u64::from(k).max(riptide_tcp::DEFAULT_MAX_CONNS)),
        segment: None,
        at_unix_ns: None,
        parsed: None,
    };
    let marks = match offer {
        Offer::Rate(_) | Offer::Closed(_) => Some((c.ramp_up, c.ramp_up + c.sustain)),
        _ => None,
    };
    let limit = Duration::from_secs_f64(span * 2.0 + 30.0);
    let t0 = Instant::now();
    engine.handle(Command::TcpStart(start))?;
    // The sustain phase's first and last snapshots, and the connections open in it.
    let mut first: Option<(f64, TcpReport)> = None;
    let mut last: Option<(f64, TcpReport)> = None;
    let mut closed = false;
    loop {
        let running = matches!(engine.handle(Command::State)?, Response::State(RunState::Running | RunState::Paused));
        if !running {
            break;
        }
        if interrupted() || t0.elapsed() >= limit {
            let _ = engine.handle(Command::Stop);
            return Err(Error::Interrupted("interrupted: no result".into()));
        }
        if let Some((from, to)) = marks {
            if !closed {
                if let Response::Stats(s) = engine.handle(Command::Snapshot)? {
                    let at = s.duration_s;
                    if at >= from {
                        let t = tcp_of(&s)?;
                        if first.is_none() {
                            first = Some((at, t));
                        } else {
                            // The latest in the phase: the run may end right at its end.
                            closed = at >= to;
                            last = Some((at, t));
                        }
                    }
                }
            }
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let fin = match engine.handle(Command::Stop)? {
        Response::Stats(s) => tcp_of(&s)?,
        _ => return Err(Error::Runtime("stop answered no stats".into())),
    };
    let sustain = match (marks, first, last) {
        (None, ..) => None,
        (Some((from, to)), Some((a, x)), Some((b, y))) if b - a >= 0.5 * (to - from) => {
            let s = b - a;
            let per_s = |n: u64, m: u64| n.saturating_sub(m) as f64 / s;
            let completed_per_s = per_s(y.client_app.completed, x.client_app.completed);
            Some(Sustain {
                seconds: s,
                cps: per_s(y.client.tcps_connects, x.client.tcps_connects),
                completed_per_s,
                transactions_per_s: completed_per_s * f64::from(tx),
                goodput_bps: per_s(y.client.tcps_rcvbyte, x.client.tcps_rcvbyte) * 8.0,
            })
        }
        (Some(_), ..) => {
            return Err(Error::Runtime(
                "the run ended before half its sustain phase was seen (the engine stopped early)".into(),
            ))
        }
    };
    Ok((fin, sustain))
}

fn trial<D: Drive>(
    engine: &mut D,
    o: &Options,
    c: &Checked,
    offer: Offer,
    size: u64,
    tx: u32,
    interrupted: &dyn Fn() -> bool,
) -> Result<Trial, Error> {
    let (r, sustain) = run_trial(engine, o, c, offer, size, tx, interrupted)?;
    let attempted = r.client.tcps_connattempt;
    let completed = r.client_app.completed.min(attempted);
    let failed = attempted - completed;
    Ok(Trial {
        connections: match offer {
            Offer::Held(k) | Offer::Closed(k) => Some(k),
            _ => None,
        },
        cps: match offer {
            Offer::Rate(r) => Some(r),
            _ => None,
        },
        object_size: size,
        transactions: tx,
        attempted,
        established: r.client.tcps_connects,
        completed,
        failed,
        resets: r.client.tcps_rcvrst,
        received_bytes: r.client.tcps_rcvbyte,
        passed: attempted > 0 && failed as f64 <= o.failure_ratio * attempted as f64,
        sustain,
        setup: r.setup,
        ttfb: r.first_byte,
        ttlb: r.transaction,
        setup_p99_ns: r.setup.p99,
        tls_handshakes: r.client_app.tls_handshakes,
        tls_resumed: r.client_app.tls_resumed,
        tls_setup: r.tls_setup,
    })
}

/// The highest of `lo..=hi` that passes: `hi` first, then `lo`, then bisection until the
/// passing and failing values are within `resolution` (or adjacent). `(value, at_limit)`.
fn search_max(
    lo: u64,
    hi: u64,
    resolution: f64,
    run: &mut dyn FnMut(u64) -> Result<bool, Error>,
) -> Result<(Option<u64>, bool), Error> {
    let (mut lo, mut hi) = (lo, hi);
    if run(hi)? {
        return Ok((Some(hi), true));
    }
    if lo >= hi || !run(lo)? {
        return Ok((None, false));
    }
    while hi - lo > 1 && (hi as f64) > lo as f64 * (1.0 + resolution) {
        let mid = lo + (hi - lo) / 2;
        if run(mid)? {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Ok((Some(lo), false))
}

/// Runs `test` on the engine's ports (client's first).
/// `reset` empties the DUT's connection state before each trial.
pub fn run<D: Drive>(
    engine: &mut D,
    test: Test,
    ports: &[String],
    o: &Options,
    reset: &mut dyn FnMut() -> Result<(), String>,
    observer: &mut dyn Observer,
    interrupted: &dyn Fn() -> bool,
) -> Result<Report, Error> {
    let began = Instant::now();
    let c = o.check(test)?;
    reset().map_err(|e| Error::Runtime(format!("emptying the DUT's connection state: {e}")))?;
    let init = run_trial(engine, o, &c, Offer::Init, c.sizes[0], 1, interrupted)?.0;
    let init = (INIT_CONNECTIONS, init.client_app.completed);
    if init.1 < init.0 {
        return Err(Error::Runtime(format!(
            "init phase: {} of {} connections from {} to {} completed: the path through the DUT does not carry \
             them (is the DUT up, are --client and --server its addresses?)",
            init.1, init.0, c.client, c.server
        )));
    }
    let mut trials: Vec<Trial> = vec![];
    let mut one = |offer: Offer, size: u64, tx: u32, trials: &mut Vec<Trial>| -> Result<bool, Error> {
        std::thread::sleep(Duration::from_secs_f64(c.settle));
        reset().map_err(|e| Error::Runtime(format!("emptying the DUT's connection state: {e}")))?;
        let t = trial(engine, o, &c, offer, size, tx, interrupted)?;
        observer.trial(&t);
        let p = t.passed;
        trials.push(t);
        Ok(p)
    };
    let (mut capacity, mut at_limit) = (None, false);
    match test {
        Test::Concurrent => {
            (capacity, at_limit) = search_max(o.min_connections, o.max_connections, o.resolution, &mut |k| {
                one(Offer::Held(k), o.object_size, 1, &mut trials)
            })?;
        }
        Test::Cps => {
            (capacity, at_limit) = search_max(o.min_cps, o.max_cps, o.resolution, &mut |r| {
                one(Offer::Rate(r), o.object_size, 1, &mut trials)
            })?;
        }
        Test::Throughput => {
            for &size in &c.sizes {
                one(Offer::Closed(o.connections), size, c.transactions[0], &mut trials)?;
            }
        }
        Test::Latency => {
            for &size in &c.sizes {
                for &tx in &c.transactions {
                    one(Offer::Rate(o.cps), size, tx, &mut trials)?;
                }
            }
        }
    }
    Ok(Report {
        test,
        ports: ports.to_vec(),
        capacity,
        at_limit,
        failure_ratio: o.failure_ratio,
        init,
        phases: test.phased().then_some(Phases {
            ramp_up_s: c.ramp_up,
            sustain_s: c.sustain,
            ramp_down_s: c.ramp_down,
        }),
        trials,
        wall_s: began.elapsed().as_secs_f64(),
        tls: c.tls.clone(),
    })
}

/// One sentence of what the test found.
pub fn headline(r: &Report) -> String {
    let rule = format!("at most {:e} of a trial's connections failing", r.failure_ratio);
    // RFC 9411's names: its HTTPS tests are the TCP ones over TLS.
    let (tcp, http) = if r.tls.is_some() { ("HTTPS", "HTTPS") } else { ("TCP", "HTTP") };
    match (r.test, r.capacity) {
        (Test::Concurrent, Some(n)) => format!(
            "concurrent {tcp} connection capacity: {n} connections{}, in {} trials ({rule})",
            if r.at_limit { " or more (the search's limit)" } else { "" },
            r.trials.len(),
        ),
        (Test::Concurrent, None) => format!(
            "concurrent {tcp} connection capacity: below {} connections (every trial lost more than {:e} of them)",
            r.trials.last().map_or(0, |t| t.connections.unwrap_or(0)),
            r.failure_ratio
        ),
        (Test::Cps, Some(n)) => {
            let achieved = r.trials.iter().find(|t| t.passed && t.cps == Some(n)).and_then(|t| t.sustain.as_ref());
            format!(
                "{tcp} connections per second: {}{}, in {} trials ({rule}){}",
                cps_text(n as f64),
                if r.at_limit { " or more (the search's limit)" } else { "" },
                r.trials.len(),
                achieved.map_or(String::new(), |s| format!("; {} established in its sustain phase", cps_text(s.cps)))
            )
        }
        (Test::Cps, None) => format!(
            "{tcp} connections per second: below {} (every trial lost more than {:e} of its connections)",
            cps_text(r.trials.last().and_then(|t| t.cps).unwrap_or(0) as f64),
            r.failure_ratio
        ),
        (Test::Throughput, _) => {
            let parts: Vec<String> = r
                .trials
                .iter()
                .map(|t| {
                    format!(
                        "{}: {}{}",
                        size_text(t.object_size),
                        bps_text(t.sustain.as_ref().map_or(0.0, |s| s.goodput_bps)),
                        if t.passed { "" } else { " (failed the 0.001% rule)" }
                    )
                })
                .collect();
            format!("{http} throughput per object size: {}", parts.join(", "))
        }
        (Test::Latency, _) => {
            let parts: Vec<String> = r
                .trials
                .iter()
                .map(|t| {
                    format!(
                        "{} x{}: TTFB {} TTLB {}{}",
                        size_text(t.object_size),
                        t.transactions,
                        ms_text(t.ttfb.mean),
                        ms_text(t.ttlb.mean),
                        if t.passed { "" } else { " (failed the 0.001% rule)" }
                    )
                })
                .collect();
            format!("{http} transaction latency (mean): {}", parts.join("; "))
        }
    }
}

/// `1.00 kcps`, `250 cps`.
pub fn cps_text(v: f64) -> String {
    match v {
        v if v >= 1e6 => format!("{:.2} Mcps", v / 1e6),
        v if v >= 1e3 => format!("{:.2} kcps", v / 1e3),
        v => format!("{v:.0} cps"),
    }
}

/// `671.8 Mb/s`.
pub fn bps_text(v: f64) -> String {
    match v {
        v if v >= 1e9 => format!("{:.2} Gb/s", v / 1e9),
        v if v >= 1e6 => format!("{:.1} Mb/s", v / 1e6),
        v if v >= 1e3 => format!("{:.1} kb/s", v / 1e3),
        v => format!("{v:.0} b/s"),
    }
}

/// `64 B`, `16 KiB`.
pub fn size_text(b: u64) -> String {
    match b {
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b if b >= 1024 && b % 1024 == 0 => format!("{} KiB", b >> 10),
        b => format!("{b} B"),
    }
}

/// `1.234 ms`.
pub fn ms_text(ns: u64) -> String {
    format!("{:.3} ms", ns as f64 / 1e6)
}

/// The report's table: a header and one row per trial.
fn table(r: &Report) -> (Vec<&'static str>, Vec<Vec<String>>) {
    let yes = |p: bool| if p { "yes" } else { "no" }.to_string();
    let n = |v: u64| v.to_string();
    let mut rows = vec![];
    let head = match r.test {
        Test::Concurrent => {
            for (i, t) in r.trials.iter().enumerate() {
                rows.push(vec![
                    n(i as u64 + 1),
                    n(t.connections.unwrap_or(0)),
                    n(t.established),
                    n(t.completed),
                    n(t.failed),
                    yes(t.passed),
                ]);
            }
            vec!["trial", "connections", "established", "completed", "failed", "passed"]
        }
        Test::Cps => {
            for (i, t) in r.trials.iter().enumerate() {
                let s = t.sustain.clone().unwrap_or_default();
                rows.push(vec![
                    n(i as u64 + 1),
                    cps_text(t.cps.unwrap_or(0) as f64),
                    cps_text(s.cps),
                    n(t.attempted),
                    n(t.failed),
                    ms_text(t.setup.mean),
                    yes(t.passed),
                ]);
            }
            vec!["trial", "offered", "sustained", "connections", "failed", "connect time (mean)", "passed"]
        }
        Test::Throughput => {
            for t in &r.trials {
                let s = t.sustain.clone().unwrap_or_default();
                rows.push(vec![
                    size_text(t.object_size),
                    bps_text(s.goodput_bps),
                    format!("{:.0}", s.transactions_per_s),
                    n(t.attempted),
                    n(t.failed),
                    ms_text(t.ttlb.mean),
                    yes(t.passed),
                ]);
            }
            vec!["object", "throughput", "transactions/s", "connections", "failed", "TTLB (mean)", "passed"]
        }
        Test::Latency => {
            for t in &r.trials {
                rows.push(vec![
                    size_text(t.object_size),
                    n(u64::from(t.transactions)),
                    ms_text(t.ttfb.min),
                    ms_text(t.ttfb.mean),
                    ms_text(t.ttfb.max),
                    ms_text(t.ttlb.min),
                    ms_text(t.ttlb.mean),
                    ms_text(t.ttlb.max),
                    n(t.attempted),
                    n(t.failed),
                    yes(t.passed),
                ]);
            }
            vec![
                "object",
                "transactions",
                "TTFB min",
                "TTFB mean",
                "TTFB max",
                "TTLB min",
                "TTLB mean",
                "TTLB max",
                "connections",
                "failed",
                "passed",
            ]
        }
    };
    (head, rows)
}

/// What the phases were, in words.
fn phases_text(r: &Report) -> String {
    match &r.phases {
        Some(p) => format!(
            "Phases: init ({} connections, {} completed), ramp-up {} s, sustain {} s (the figures), ramp-down up to {} s.",
            r.init.0, r.init.1, p.ramp_up_s, p.sustain_s, p.ramp_down_s
        ),
        None => format!(
            "Init: {} connections, {} completed; each trial opens its connections at once and holds them.",
            r.init.0, r.init.1
        ),
    }
}

/// The test's picture.
fn chart(r: &Report) -> riptide_plot::Chart {
    use riptide_plot::chart::{Series, Style, PALETTE};
    let series = |name: &str, color: usize, style, points: Vec<(f64, f64)>| Series {
        name: name.into(),
        color: PALETTE[color].into(),
        style,
        points,
    };
    match r.test {
        Test::Concurrent | Test::Cps => {
            let (y, value): (&str, fn(&Trial) -> f64) = if r.test == Test::Cps {
                ("offered (connections/s)", |t| t.cps.unwrap_or(0) as f64)
            } else {
                ("connections at once", |t| t.connections.unwrap_or(0) as f64)
            };
            let mut c = riptide_plot::Chart::new(r.test.title(), "trial", y);
            let at = |i: usize| (i + 1) as f64;
            let pick = |pass: bool| -> Vec<(f64, f64)> {
                r.trials.iter().enumerate().filter(|(_, t)| t.passed == pass).map(|(i, t)| (at(i), value(t))).collect()
            };
            c.series.push(series("passed", 2, Style::Markers, pick(true)));
            c.series.push(series("failed (over 0.001%)", 3, Style::Markers, pick(false)));
            if let Some(cap) = r.capacity {
                c.series.push(series("capacity", 0, Style::Dashed, vec![(1.0, cap as f64)]));
            }
            if r.test == Test::Cps {
                let sustained =
                    r.trials.iter().enumerate().filter_map(|(i, t)| Some((at(i), t.sustain.as_ref()?.cps))).collect();
                c.series.push(series("sustained", 1, Style::Hollow, sustained));
            }
            c
        }
        Test::Throughput => {
            let mut c = riptide_plot::Chart::new(r.test.title(), "object size", "throughput (Mb/s)");
            c.categories = Some(r.trials.iter().map(|t| size_text(t.object_size)).collect());
            let pts = |pass: bool| -> Vec<(f64, f64)> {
                r.trials
                    .iter()
                    .enumerate()
                    .filter(|(_, t)| t.passed == pass)
                    .map(|(i, t)| (i as f64, t.sustain.as_ref().map_or(0.0, |s| s.goodput_bps) / 1e6))
                    .collect()
            };
            c.series.push(series("passed", 2, Style::LineMarkers, pts(true)));
            c.series.push(series("failed (over 0.001%)", 3, Style::Markers, pts(false)));
            c
        }
        Test::Latency => {
            let mut c = riptide_plot::Chart::new(r.test.title(), "object size x transactions", "ms");
            c.categories =
                Some(r.trials.iter().map(|t| format!("{} x{}", size_text(t.object_size), t.transactions)).collect());
            let pts = |f: fn(&Trial) -> u64| -> Vec<(f64, f64)> {
                r.trials.iter().enumerate().map(|(i, t)| (i as f64, f(t) as f64 / 1e6)).collect()
            };
            c.series.push(series("TTFB mean", 0, Style::LineMarkers, pts(|t| t.ttfb.mean)));
            c.series.push(series("TTFB max", 0, Style::Hollow, pts(|t| t.ttfb.max)));
            c.series.push(series("TTLB mean", 1, Style::LineMarkers, pts(|t| t.ttlb.mean)));
            c.series.push(series("TTLB max", 1, Style::Hollow, pts(|t| t.ttlb.max)));
            c
        }
    }
}

/// The test's files: results.json, report.md, the chart (PNG) and report.html (the
/// same, self-contained).
pub fn files(command: &[String], host: &crate::host::Host, r: &Report) -> Result<Vec<(String, Vec<u8>)>, Error> {
    let json = crate::results_json(command, host, Some(&format!("rfc9411-{}", r.test)), r)?;
    let (head, rows) = table(r);
    let mut md = format!("# {}\n\n{}.\n\n{}\n\n", r.test.title(), headline(r), phases_text(r));
    md.push_str(&format!("| {} |\n|{}\n", head.join(" | "), "---|".repeat(head.len())));
    for row in &rows {
        md.push_str(&format!("| {} |\n", row.join(" | ")));
    }
    md.push_str(&format!("\nCommand: `{}`\n", command.join(" ")));
    let png = riptide_plot::chart_png(&chart(r)).map_err(|e| Error::Runtime(format!("{}.png: {e}", r.test)))?;
    let page = crate::html::Page {
        title: r.test.title(),
        lead: vec![headline(r), phases_text(r)],
        head,
        rows,
        images: vec![(format!("{}.png", r.test), r.test.title().to_string(), png.clone())],
        command,
        host,
    };
    Ok(vec![
        ("results.json".into(), json),
        ("report.md".into(), md.into_bytes()),
        (format!("{}.png", r.test), png),
        ("report.html".into(), page.render().into_bytes()),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_checked_by_their_names_and_every_profile_parses() {
        let ok = Options { cps: 500, ..Options::default() };
        for test in Test::ALL {
            let c = ok.check(test).unwrap();
            for offer in [Offer::Held(250), Offer::Rate(1000), Offer::Closed(10), Offer::Init] {
                for tx in [1, 10] {
                    let text = profile(&c, offer, 16384, tx);
                    let p = riptide_tcp::profile::parse(&text, "t").unwrap_or_else(|e| panic!("{e}\n{text}"));
                    assert_eq!(p.clients.len(), 1, "{text}");
                }
            }
        }
        let c = ok.check(Test::Cps).unwrap();
        let p = riptide_tcp::profile::parse(&profile(&c, Offer::Rate(1000), 64, 1), "t").unwrap();
        assert_eq!(p.clients[0].ramp_up_ns, 10_000_000_000);
        let e = |o: Options, t: Test| o.check(t).err().unwrap().to_string();
        assert!(e(Options { server: "198.18.2.1".into(), ..ok.clone() }, Test::Cps).contains("--server '198.18.2.1'"));
        assert!(e(Options { min_connections: 0, ..ok.clone() }, Test::Concurrent).contains("--min-connections 0"));
        assert!(e(Options { failure_ratio: 1.0, ..ok.clone() }, Test::Cps).contains("--failure-ratio 1"));
        assert!(e(Options { hold: "long".into(), ..ok.clone() }, Test::Concurrent).contains("--hold"));
        assert!(e(Options { hold: "500ms".into(), ..ok.clone() }, Test::Concurrent).contains("at least 1100ms"));
        assert!(e(Options { min_cps: 0, ..ok.clone() }, Test::Cps).contains("--min-cps 0"));
        assert!(e(Options { cps: 0, ..ok.clone() }, Test::Latency).contains("--cps 0"));
        assert!(e(Options { object_sizes: "1k,big".into(), ..ok.clone() }, Test::Throughput).contains("--object-sizes"));
        assert!(e(Options { transactions: "1,10".into(), ..ok.clone() }, Test::Throughput).contains("takes one"));
        assert!(e(Options { transactions: "0".into(), ..ok.clone() }, Test::Latency).contains("--transactions '0'"));
        assert!(e(Options { ramp_down: "1s".into(), ..ok.clone() }, Test::Cps).contains("--ramp-down"));
        assert!(e(Options { sustain: "100ms".into(), ..ok.clone() }, Test::Latency).contains("--sustain"));
        assert_eq!(size("16k"), Some(16384));
        assert_eq!(size("1m"), Some(1 << 20));
        assert_eq!(size("64"), Some(64));
        assert_eq!(size("k"), None);
        assert_eq!("cps".parse::<Test>(), Ok(Test::Cps));
        assert!("tput".parse::<Test>().unwrap_err().contains("expected concurrent, cps"));
    }

    #[test]
    fn the_search_finds_the_highest_passing_value() {
        for cap in [1, 7, 99, 100, 101, 5000, 9999, 10_000, 20_000] {
            let mut tried = vec![];
            let (v, at_limit) = search_max(1, 10_000, 0.01, &mut |k| {
                tried.push(k);
                Ok(k <= cap)
            })
            .unwrap();
            let v = v.unwrap();
            assert_eq!(at_limit, cap >= 10_000);
            assert!(v <= cap && (v as f64) * 1.01 + 1.0 >= cap.min(10_000) as f64, "{cap}: {v} {tried:?}");
            assert!(tried.len() <= 16, "{tried:?}");
        }
        let (v, _) = search_max(10, 100, 0.01, &mut |_| Ok(false)).unwrap();
        assert_eq!(v, None);
    }

    #[test]
    fn human_units() {
        assert_eq!(cps_text(1000.0), "1.00 kcps");
        assert_eq!(bps_text(671.8e6), "671.8 Mb/s");
        assert_eq!(size_text(16384), "16 KiB");
        assert_eq!(size_text(64), "64 B");
        assert_eq!(ms_text(1_234_000), "1.234 ms");
    }
}
