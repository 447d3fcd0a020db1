//! RFC 9411's (and RFC 3511's) stateful tests of a firewall or NAT, run by riptide's own
//! TCP client and server on both sides of the DUT. This first one is the concurrent TCP
//! connection capacity (RFC 9411 section 7.3): the most connections the DUT carries at
//! once, found by binary search on the number held open.
//!
//! A trial opens `k` connections at once (the client's closed loop, `concurrent: k`,
//! `limit: k`); each does one HTTP transaction (a GET for an object of `--object-size`
//! bytes), then stays open for `--hold` (the sustain phase) and closes (ramp-down). The
//! trial passes when at most `--failure-ratio` of them (RFC 9411: 0.001%) did not
//! complete: a connection the DUT has no room for never gets its SYN through and fails
//! when the SYN times out (1 s; not retried, so that no connection gets in late through
//! a place another one freed). `--hold` must outlast that timeout (at least 1100 ms) for
//! every connection to be open at once. Before each trial the front end empties the
//! DUT's connection state (`reset`: the lab's nat DUT renews its rules), after waiting
//! `--settle`.

use crate::ndr::Error;
use crate::Drive;
use riptide_core::Nanos;
use riptide_engine::tcp::TcpStart;
use riptide_engine::Command;
use serde::{Deserialize, Serialize};
use std::net::{Ipv4Addr, SocketAddrV4};
use std::time::{Duration, Instant};

/// Most connections a trial holds.
pub const MAX_CONNECTIONS: u64 = 1_000_000;

/// The test's options (`riptide rfc9411 concurrent`'s arguments, by the same names).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// The client's address.
    pub client: String,
    /// The server's address and port.
    pub server: String,
    /// The HTTP object's size (bytes of body).
    pub object_size: u64,
    /// How long each connection stays open after its transaction.
    pub hold: String,
    /// The most connections tried.
    pub max_connections: u64,
    /// The fewest connections tried.
    pub min_connections: u64,
    /// The search ends when the passing and failing counts are within this ratio.
    pub resolution: f64,
    /// The share of connections that may fail in a passing trial (RFC 9411: 0.001%).
    pub failure_ratio: f64,
    /// Wait between trials.
    pub settle: String,
    /// Worker threads.
    pub cores: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            client: "198.18.1.1".into(),
            server: "198.18.2.1:80".into(),
            object_size: 64,
            hold: "1500ms".into(),
            max_connections: 10_000,
            min_connections: 10,
            resolution: 0.01,
            failure_ratio: 1e-5,
            settle: "1s".into(),
            cores: 1,
        }
    }
}

/// One trial.
#[derive(Clone, Debug, Serialize)]
pub struct Trial {
    /// Connections opened at once.
    pub connections: u64,
    /// Of those, established (the handshake through the DUT).
    pub established: u64,
    /// Of those, their transaction and hold completed.
    pub completed: u64,
    /// Connections that did not complete.
    pub failed: u64,
    /// At most `failure_ratio` failed.
    pub passed: bool,
    /// SYN to SYN-ACK, the 99th percentile (ns).
    pub setup_p99_ns: u64,
}

/// What the test found.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The ports (client's first).
    pub ports: Vec<String>,
    /// The most connections a trial carried (None: not even the fewest).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub capacity: Option<u64>,
    /// The capacity is the search's upper limit, which passed: the DUT may do more.
    pub at_limit: bool,
    /// The failures a passing trial allowed (a share of its connections).
    pub failure_ratio: f64,
    /// Every trial, in order.
    pub trials: Vec<Trial>,
    /// Wall time (s).
    pub wall_s: f64,
}

/// What a front end sees while the test runs.
pub trait Observer {
    /// A trial ended.
    fn trial(&mut self, _t: &Trial) {}
}

impl Observer for () {}

/// [`Options`] checked.
pub struct Checked {
    client: Ipv4Addr,
    server: SocketAddrV4,
    hold: f64,
    settle: f64,
}

impl Options {
    /// Checks every option, naming a bad one as the CLI spells it.
    pub fn check(&self) -> Result<Checked, Error> {
        let input = |m: String| Error::Input(m);
        riptide_engine::cores(self.cores as u64).map_err(|e| input(format!("--cores {e}")))?;
        let client: Ipv4Addr =
            self.client.parse().map_err(|_| input(format!("--client '{}': expected an IPv4 address", self.client)))?;
        let server: SocketAddrV4 = self
            .server
            .parse()
            .map_err(|_| input(format!("--server '{}': expected ADDRESS:PORT, such as 198.18.2.1:80", self.server)))?;
        if !(1..=MAX_CONNECTIONS).contains(&self.max_connections) {
            return Err(input(format!("--max-connections {}: expected 1 to {MAX_CONNECTIONS}", self.max_connections)));
        }
        if !(1..=self.max_connections).contains(&self.min_connections) {
            return Err(input(format!(
                "--min-connections {}: expected 1 to --max-connections ({})",
                self.min_connections, self.max_connections
            )));
        }
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
        let hold = secs("--hold", &self.hold)?;
        if hold < 1.1 {
            return Err(input(format!(
                "--hold {}: expected at least 1100ms (longer than a SYN's timeout, so that every connection is open at once)",
                self.hold
            )));
        }
        Ok(Checked { client, server, hold, settle: secs("--settle", &self.settle)? })
    }
}

/// The trial's TCP profile (docs/tcp.md): `k` connections at once, one GET each, held.
fn profile(o: &Options, c: &Checked, k: u64) -> String {
    format!(
        "description: RFC 9411 concurrent connections, {k}\n\
         tcp: {{syn_retries: 0, time_wait: 0s}}\n\
         client:\n  ips: {}\n  servers: [{}]\n  concurrent: {k}\n  limit: {k}\n  \
         program: [send: \"GET /{} HTTP/1.1\\r\\nHost: riptide\\r\\n\\r\\n\", recv: http, delay: {}us, close]\n\
         server:\n  ips: [{}/1]\n  listen:\n    - {{port: {}, http: {{body: {}}}}}\n",
        c.client,
        c.server,
        o.object_size,
        (c.hold * 1e6).round() as u64,
        c.server.ip(),
        c.server.port(),
        o.object_size
    )
}

fn trial<D: Drive>(
    engine: &mut D,
    o: &Options,
    c: &Checked,
    k: u64,
    interrupted: &dyn Fn() -> bool,
) -> Result<Trial, Error> {
    // The hold, the SYN's timeout (1 s: no retry), and a margin.
    let span = c.hold + 2.0;
    let start = TcpStart {
        name: "rfc9411".into(),
        text: profile(o, c, k),
        multiplier: 1.0,
        duration: Some(Nanos::from_secs_f64(span)),
        cores: o.cores,
        pin: vec![],
        limit: Some(k),
        open_for: None,
        concurrent: Some(k as u32),
    };
    let s =
        crate::run_to_end(engine, Command::TcpStart(start), Duration::from_secs_f64(span * 2.0 + 30.0), interrupted)?;
    let r = s.tcp.ok_or_else(|| Error::Runtime("the trial gave no TCP report".into()))?;
    let completed = r.client_app.completed.min(k);
    let failed = k - completed;
    Ok(Trial {
        connections: k,
        established: r.client.tcps_connects,
        completed,
        failed,
        passed: failed as f64 <= o.failure_ratio * k as f64,
        setup_p99_ns: r.setup.p99,
    })
}

/// Runs the test on the engine's ports (client's first).
/// `reset` empties the DUT's connection state before each trial.
pub fn run<D: Drive>(
    engine: &mut D,
    ports: &[String],
    o: &Options,
    reset: &mut dyn FnMut() -> Result<(), String>,
    observer: &mut dyn Observer,
    interrupted: &dyn Fn() -> bool,
) -> Result<Report, Error> {
    let began = Instant::now();
    let c = o.check()?;
    let mut trials = vec![];
    let mut run = |k: u64, trials: &mut Vec<Trial>| -> Result<bool, Error> {
        if !trials.is_empty() {
            std::thread::sleep(Duration::from_secs_f64(c.settle));
        }
        reset().map_err(|e| Error::Runtime(format!("emptying the DUT's connection state: {e}")))?;
        let t = trial(engine, o, &c, k, interrupted)?;
        observer.trial(&t);
        let p = t.passed;
        trials.push(t);
        Ok(p)
    };
    let (mut lo, mut hi) = (o.min_connections, o.max_connections);
    let (mut capacity, mut at_limit) = (None, false);
    if run(hi, &mut trials)? {
        (capacity, at_limit) = (Some(hi), true);
    } else if lo < hi && run(lo, &mut trials)? {
        while hi - lo > 1 && (hi as f64) > lo as f64 * (1.0 + o.resolution) {
            let mid = lo + (hi - lo) / 2;
            if run(mid, &mut trials)? {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        capacity = Some(lo);
    }
    Ok(Report {
        ports: ports.to_vec(),
        capacity,
        at_limit,
        failure_ratio: o.failure_ratio,
        trials,
        wall_s: began.elapsed().as_secs_f64(),
    })
}

/// The test's files: results.json and report.md.
pub fn files(command: &[String], host: &crate::host::Host, r: &Report) -> Result<Vec<(String, Vec<u8>)>, Error> {
    let json = crate::results_json(command, host, Some("rfc9411-concurrent"), r)?;
    let mut md = format!("# RFC 9411 concurrent TCP connection capacity\n\n{}.\n\n", headline(r));
    md.push_str("| trial | connections | established | completed | failed | passed |\n|---|---|---|---|---|---|\n");
    for (i, t) in r.trials.iter().enumerate() {
        md.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} |\n",
            i + 1,
            t.connections,
            t.established,
            t.completed,
            t.failed,
            if t.passed { "yes" } else { "no" }
        ));
    }
    md.push_str(&format!("\nCommand: `{}`\n", command.join(" ")));
    Ok(vec![("results.json".into(), json), ("report.md".into(), md.into_bytes())])
}

/// One sentence of what the test found.
pub fn headline(r: &Report) -> String {
    match r.capacity {
        Some(n) => format!(
            "concurrent TCP connection capacity: {n} connections{}, in {} trials (at most {:e} of a trial's \
             connections failing)",
            if r.at_limit { " or more (the search's limit)" } else { "" },
            r.trials.len(),
            r.failure_ratio
        ),
        None => format!(
            "concurrent TCP connection capacity: below {} connections (every trial lost more than {:e} of them)",
            r.trials.last().map_or(0, |t| t.connections),
            r.failure_ratio
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_checked_by_their_names_and_the_profile_parses() {
        let ok = Options::default();
        let c = ok.check().unwrap();
        let text = profile(&ok, &c, 250);
        let p = riptide_tcp::profile::parse(&text, "t").unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(p.clients.len(), 1, "{text}");
        let e = |o: Options| o.check().err().unwrap().to_string();
        assert!(e(Options { server: "198.18.2.1".into(), ..ok.clone() }).contains("--server '198.18.2.1'"));
        assert!(e(Options { min_connections: 0, ..ok.clone() }).contains("--min-connections 0"));
        assert!(e(Options { failure_ratio: 1.0, ..ok.clone() }).contains("--failure-ratio 1"));
        assert!(e(Options { hold: "long".into(), ..ok.clone() }).contains("--hold"));
        assert!(e(Options { hold: "500ms".into(), ..ok.clone() }).contains("at least 1100ms"));
    }
}
