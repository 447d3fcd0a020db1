//! `riptide tcp`: a TCP profile (docs/tcp.md) on riptide's ports: user-space TCP clients
//! and servers with programs per connection (TRex ASTF's role). A front end of
//! [`Command::TcpStart`]: one port carries both roles; with two, clients use the first
//! and servers the second.

use crate::drive::drive_sampled;
use crate::place::PlaceArgs;
use crate::Failure;
use clap::Args;
use riptide_engine::tcp::{Percentiles, TcpReport, TcpStart};
use riptide_engine::{Command, Engine};
use serde_json::json;
use std::path::PathBuf;

/// `--line-rate` here: what the report sets each port's sending against.
const LINE_RATE_HELP: &str = "Line rate of the ports, reported beside what each sent (`line_rate_bps` in --json); the \
connections' rate is the profile's times -m, never a share of it: 10g, 100g, 1g (default: each interface's link speed, 10g for \
null and pcap; port_bandwidth_gb of a port configuration file)";

#[derive(Args, Debug)]
#[command(mut_arg("line_rate", |a| a.help(LINE_RATE_HELP)))]
pub(crate) struct TcpArgs {
    /// TCP profile: riptide's YAML (docs/tcp.md), or a TRex ASTF profile (.py, run
    /// unchanged: docs/trex.md).
    pub profile: PathBuf,
    /// A TRex ASTF profile's tunables, as TRex's `-t`: `key=val,key2=val2`, or the
    /// profile's own options (`-t "--size 1000"`).
    #[arg(short = 't', long = "tunables", value_name = "TUNABLES", allow_hyphen_values = true)]
    pub tunables: Option<String>,
    /// Port: one (both roles) or two (clients, then servers): `link:0`, `afxdp:IF`, ...
    #[arg(long = "port", required_unless_present = "config", conflicts_with = "config")]
    pub ports: Vec<String>,
    /// Port configuration file (TRex's trex_cfg.yaml spirit, docs/port-config.md): its
    /// `port_info` gives the MACs (the interface's own, the gateway's by ARP).
    #[arg(long = "config", alias = "cfg")]
    pub config: Option<PathBuf>,
    /// Multiplier of the client's rate (open loop) or concurrency (closed loop): a factor
    /// (2, 0.5), or for an open-loop client the connection rate itself (10kcps, 1.5mcps).
    #[arg(short = 'm', long, default_value = "1")]
    pub multiplier: String,
    /// How long the run lasts (default: until the client's limit is done).
    #[arg(short = 'd', long)]
    pub duration: Option<String>,
    /// Connections the client opens in all (overrides the profile's `limit`).
    #[arg(short = 'n', long)]
    pub limit: Option<u64>,
    /// Hold this many connections open (times -m), each replaced as soon as it ends,
    /// instead of opening at the profile's rates (a TRex ASTF profile's templates share
    /// them in proportion to their cps).
    #[arg(long, value_name = "N")]
    pub concurrent: Option<u32>,
    /// Connections (and UDP flows) held open at once on each side, at most (default
    /// 1048576, about 270 MB of state): connections due beyond it are not opened and
    /// counted (err_flow_overflow), so no rate grows the run's memory without bound.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_conns: Option<u64>,
    /// Worker threads: a count (4), or a core list (2,3 or 2-5; one core: 3-3) that pins
    /// one worker on each core; each worker has its share of the client ports (default 1, or one pinned
    /// on each `platform` thread of --config).
    #[arg(short = 'c', long)]
    pub cores: Option<crate::cores::Cores>,
    /// A TRex ASTF profile's client addresses instead of its own (every client range of
    /// its IP generator): `FIRST` or `FIRST/COUNT`, as `198.18.1.100/16`.
    #[arg(long, value_name = "FIRST[/COUNT]")]
    pub clients: Option<String>,
    /// A TRex ASTF profile's server addresses instead of its own (every server range).
    #[arg(long, value_name = "FIRST[/COUNT]")]
    pub servers: Option<String>,
    /// Write TLS session secrets to FILE (created; it must not exist) in the key log
    /// format Wireshark and tshark read (`-o tls.keylog_file:FILE`), to decrypt a capture
    /// of the run. SSLKEYLOGFILE, when set, is appended to as every TLS library does.
    #[arg(long, value_name = "FILE")]
    pub keylog: Option<PathBuf>,
    /// Which of the profile's roles this generator plays: both (the default), client
    /// (its servers are another host's: TRex's --astf-client-mask) or server (its clients
    /// are other hosts': TRex's --astf-server-only; give -d).
    #[arg(long, default_value = "both", value_name = "ROLE")]
    pub role: Role,
    /// Open only share I (from 0) of N of the run's connections, for N generators that
    /// together run the profile against one DUT (on N hosts, or N namespaces): each takes
    /// a block of 1/N of the client addresses (or, with fewer addresses than generators,
    /// the ports p with (p - first) % N == I of every one), so no two open the same
    /// 5-tuple, and 1/N of every template's rate, of --concurrent and of -n. A server
    /// role serves whatever comes to it. `riptide merge` adds their results.
    #[arg(long, value_name = "I/N")]
    pub segment: Option<String>,
    /// Start at this wall-clock time, so that several generators begin together: RFC
    /// 3339 in UTC (2026-11-27T23:30:00.5Z) or Unix seconds (1795822200.5); a time
    /// already past is refused.
    #[arg(long, value_name = "TIME")]
    pub start_at: Option<String>,
    /// Print one JSON object (the snapshot's `tcp` part and the ports).
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub place: PlaceArgs,
}

pub(crate) fn tcp(mut a: TcpArgs) -> Result<(), Failure> {
    // `-m 10kcps`: the connection rate itself; else a factor of the profile's.
    let asked_cps = a.multiplier.trim().to_ascii_lowercase().ends_with("cps");
    let m = if asked_cps { "1" } else { a.multiplier.as_str() };
    let why = "a TCP run's multiplier is a factor of the profile's connection rate (2, 0.5) or a connection rate \
               (10kcps, 1.5mcps)";
    let (mut multiplier, duration) = crate::stf::factor_and_duration(m, a.duration.as_deref(), why)?;
    if a.ports.len() > 2 {
        return Err(Failure::input("tcp takes one port (both roles) or two (clients, then servers)"));
    }
    let name = a.profile.display().to_string();
    let trex = crate::trex::is_python_profile(&a.profile);
    if a.tunables.is_some() && !trex {
        return Err(Failure::input("-t/--tunables is for TRex ASTF profiles (.py)"));
    }
    let text = if trex {
        crate::trex::astf(&a.profile, a.tunables.as_deref())?
    } else {
        std::fs::read_to_string(&a.profile).map_err(|e| Failure::input(format!("{name}: cannot read: {e}")))?
    };
    let text = if a.clients.is_some() || a.servers.is_some() {
        crate::trex::astf_addresses(&text, a.clients.as_deref(), a.servers.as_deref())?
    } else {
        text
    };
    // Which roles the profile plays: a line is printed for each (the engine checks it again).
    let opts = riptide_tcp::profile::ParseOptions {
        keylog: keylog(a.keylog.as_deref())?,
        base: a.profile.parent().map(PathBuf::from).unwrap_or_default(),
        files: true,
        certs: Default::default(),
    };
    let mut profile =
        riptide_tcp::profile::parse_with(&text, &name, &opts).map_err(|e| Failure::input(e.to_string()))?;
    let has = |p: &riptide_tcp::profile::TcpProfile| (!p.clients.is_empty(), !p.server.listen.is_empty());
    match (a.role, has(&profile)) {
        (Role::Client, (false, _)) => return Err(Failure::input(format!("--role client: {name} has no client"))),
        (Role::Server, (_, false)) => return Err(Failure::input(format!("--role server: {name} has no server"))),
        (Role::Client, _) => profile.server = Default::default(),
        (Role::Server, _) => profile.clients.clear(),
        (Role::Both, _) => {}
    }
    let roles = has(&profile);
    if a.segment.is_some() && !roles.0 {
        return Err(Failure::input(
            "--segment splits the clients: servers are not split (a server serves every segment: run it without --segment)",
        ));
    }
    if asked_cps && a.concurrent.is_some() {
        return Err(Failure::input(format!(
            "-m {}: with --concurrent the multiplier is a factor of the connections held",
            a.multiplier
        )));
    }
    if a.concurrent == Some(0) {
        return Err(Failure::input("--concurrent 0: hold at least one connection"));
    }
    if asked_cps {
        let want = riptide_tcp::profile::parse_cps(&a.multiplier)
            .map_err(|e| Failure::input(format!("-m {}: {e}", a.multiplier)))?;
        // Several templates (TRex ASTF): the rate asked for is their sum's.
        let total: f64 =
            profile.clients.iter().map(|c| if let riptide_tcp::Load::Open { cps } = c.load { cps } else { 0.0 }).sum();
        multiplier = match profile.clients.first().map(|c| c.load) {
            Some(riptide_tcp::Load::Open { .. }) if want > 0.0 && want.is_finite() => want / total,
            Some(riptide_tcp::Load::Open { .. }) => {
                return Err(Failure::input(format!("-m {}: a connection rate above 0", a.multiplier)))
            }
            Some(riptide_tcp::Load::Closed { .. }) => {
                return Err(Failure::input(format!(
                    "-m {}: {name} holds a number of connections open (concurrent), not a rate: give a factor",
                    a.multiplier
                )))
            }
            None => {
                return Err(Failure::input(format!("-m {}: {name} has no client, so no connection rate", a.multiplier)))
            }
        };
    }
    let (segment, start_at) = crate::run::split_options(a.segment.as_deref(), a.start_at.as_deref())?;
    let config = crate::portcfg::engine_config_of(a.config.as_deref(), &mut a.place, &a.ports, &mut a.cores)?;
    let mut engine = Engine::new(config);
    let cores = a.cores.clone().unwrap_or_default();
    let start = TcpStart {
        name,
        text,
        multiplier,
        duration,
        cores: cores.count,
        pin: cores.pin,
        limit: a.limit,
        open_for: None,
        concurrent: a.concurrent,
        max_conns: a.max_conns,
        segment,
        at_unix_ns: None,
        parsed: Some(riptide_engine::tcp::Parsed(std::sync::Arc::new(profile))),
    };
    let start = match start_at {
        Some(at) => match crate::run::wait_until(at) {
            Some(at) => TcpStart { at_unix_ns: Some(at), ..start },
            None => return Err(Failure::runtime("interrupted before the start time")),
        },
        None => start,
    };
    let mut samples = Vec::new();
    let progress = crate::drive::shows_progress(a.json);
    let snap = drive_sampled(&mut engine, Command::TcpStart(start), progress, &mut samples)?;
    let report = snap.tcp.clone().ok_or_else(|| Failure::runtime("the run gave no TCP report"))?;
    if a.json {
        let mut v = json!({"duration_s": snap.duration_s, "interrupted": snap.interrupted, "tcp": report, "ports": snap.ports,
                   "start_unix_ns": snap.start_unix_ns, "start_lag_ns": snap.start_lag_ns, "series": series(&samples)});
        if let Some(seg) = segment {
            v["segment"] = json!(seg.to_string());
        }
        if let Some(at) = start_at {
            v["start_at_unix_ns"] = json!(at);
        }
        v["role"] = json!(a.role.name());
        crate::report::print_json(&v)?;
    } else {
        if let Some(seg) = segment {
            if let Some(t) = report.split.as_ref().map(|s| s.client_tuples.take) {
                println!(
                    "segment {seg}: client addresses {} (+{}), ports {}-{} every {} from the {}",
                    t.ip_first, t.ip_count, t.port_first, t.port_last, t.port_stride, t.port_offset
                );
            }
        }
        print_report(&report, snap.duration_s, roles);
    }
    nothing_completed(&report)
}

/// `riptide tcp --role`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Role {
    // Plain comments: a variant's doc comment would put every option's help of
    // `riptide tcp --help` on a line of its own (clap's layout for possible values).
    // Clients and servers.
    Both,
    // Clients only.
    Client,
    // Servers only.
    Server,
}

impl Role {
    fn name(self) -> &'static str {
        match self {
            Role::Both => "both",
            Role::Client => "client",
            Role::Server => "server",
        }
    }
}

/// Where TLS secrets go: `--keylog FILE` (created exclusively), else SSLKEYLOGFILE
/// (appended to, the convention of every TLS library), else nowhere.
fn keylog(path: Option<&std::path::Path>) -> Result<Option<riptide_tcp::tls::KeyLogger>, Failure> {
    let (file, path) = match path {
        Some(p) => (std::fs::OpenOptions::new().write(true).create_new(true).open(p), p.to_path_buf()),
        None => match std::env::var_os("SSLKEYLOGFILE").filter(|v| !v.is_empty()) {
            Some(v) => {
                let p = PathBuf::from(v);
                (std::fs::OpenOptions::new().append(true).create(true).open(&p), p)
            }
            None => return Ok(None),
        },
    };
    let file = file.map_err(|e| Failure::input(format!("--keylog {}: cannot create: {e}", path.display())))?;
    Ok(Some(std::sync::Arc::new(riptide_tcp::tls::KeyLogFile::new(file))))
}

/// A run in which connections were tried and none completed its program is a failure
/// (exit 1) once its report is out: every connection timed out, was refused or dropped.
fn nothing_completed(r: &TcpReport) -> Result<(), Failure> {
    let tried =
        (r.client.tcps_connattempt + r.client_udp.udps_connects).max(r.server.tcps_accepts + r.server_udp.udps_accepts);
    if tried == 0 || r.client_app.completed > 0 || r.server_app.completed > 0 {
        return Ok(());
    }
    let timeouts = r.client_app.recv_timeouts + r.server_app.recv_timeouts;
    let drops = r.client.tcps_drops + r.server.tcps_drops;
    Err(Failure::runtime(format!(
        "none of {tried} connections completed its program ({timeouts} recv timeouts, {drops} dropped)"
    )))
}

/// The report; `roles`: whether the profile has a client and a server (a role it does not
/// play gets no line).
pub(crate) fn print_report(r: &TcpReport, secs: f64, roles: (bool, bool)) {
    let (c, s) = (&r.client, &r.server);
    let (cu, su) = (&r.client_udp, &r.server_udp);
    // A profile of UDP programs only (TRex's udp*.py) gets no TCP lines.
    let udp_only = c.tcps_connattempt + s.tcps_accepts == 0 && cu.udps_connects + su.udps_accepts > 0;
    if udp_only {
        println!(
            "udp: client {} flows, {} completed ({:.0} completed/s over {:.3} s; run {secs:.3} s); server {} flows, {} completed",
            cu.udps_connects, r.client_app.completed, r.completed_per_s, r.busy_s, su.udps_accepts, r.server_app.completed
        );
    } else {
        print_tcp_lines(r, secs, roles);
    }
    if cu.udps_connects + su.udps_accepts > 0 {
        println!(
            "datagrams: client sent {} ({} B) received {} ({} B); server sent {} ({} B) received {} ({} B)",
            cu.udps_sndpkt,
            cu.udps_sndbyte,
            cu.udps_rcvpkt,
            cu.udps_rcvbyte,
            su.udps_sndpkt,
            su.udps_sndbyte,
            su.udps_rcvpkt,
            su.udps_rcvbyte,
        );
    }
    let errors = [
        ("recv timeouts", r.client_app.recv_timeouts + r.server_app.recv_timeouts),
        ("peer closed early", r.client_app.peer_closed_early + r.server_app.peer_closed_early),
        ("content errors", r.client_app.content_errors + r.server_app.content_errors),
        ("drops", c.tcps_drops + s.tcps_drops + c.tcps_conndrops + s.tcps_conndrops),
        ("idle UDP flows dropped", cu.udps_keepdrops + su.udps_keepdrops),
    ];
    let shown: Vec<String> = errors.iter().filter(|(_, n)| *n > 0).map(|(k, n)| format!("{k} {n}")).collect();
    if !shown.is_empty() {
        println!("errors: {}", shown.join(", "));
    }
    let (ca, sa) = (&r.client_app, &r.server_app);
    if ca.tls_handshakes + sa.tls_handshakes + ca.tls_failures + sa.tls_failures > 0 {
        println!(
            "tls: client {} handshakes ({} resumed), server {} handshakes ({} resumed), {} failed",
            ca.tls_handshakes,
            ca.tls_resumed,
            sa.tls_handshakes,
            sa.tls_resumed,
            ca.tls_failures + sa.tls_failures
        );
    }
    let nb = &r.neighbors;
    if nb.arp_replies + nb.nd_adverts > 0 {
        println!("neighbours: answered {} ARP requests, {} IPv6 solicitations", nb.arp_replies, nb.nd_adverts);
    }
    let lat = |p: &Percentiles| format!("p50 {} p99 {} max {}", us(p.p50), us(p.p99), us(p.max));
    for (name, p) in [
        ("setup      ", &r.setup),
        ("tls setup  ", &r.tls_setup),
        ("first byte ", &r.first_byte),
        ("transaction", &r.transaction),
    ] {
        if p.count > 0 {
            println!("{name} {}", lat(p));
        }
    }
}

/// The TCP lines of the report: each side's connections, the bytes.
fn print_tcp_lines(r: &TcpReport, secs: f64, roles: (bool, bool)) {
    let (c, s) = (&r.client, &r.server);
    if roles.0 {
        println!(
        "client: {} attempted, {} established, {} closed, {} completed ({:.0} conn/s, {:.0} completed/s over {:.3} s; run {secs:.3} s)",
        c.tcps_connattempt,
        c.tcps_connects,
        c.tcps_closed,
        r.client_app.completed,
        r.connects_per_s,
        r.completed_per_s,
        r.busy_s
    );
    }
    if roles.1 {
        println!(
            "server: {} accepted, {} established, {} closed, {} completed",
            s.tcps_accepts, s.tcps_connects, s.tcps_closed, r.server_app.completed
        );
    }
    match roles {
        (true, true) => println!(
            "bytes: client sent {} received {}; server sent {} received {}; retransmitted {} + {} segments",
            c.tcps_sndbyte, c.tcps_rcvbyte, s.tcps_sndbyte, s.tcps_rcvbyte, c.tcps_sndrexmitpack, s.tcps_sndrexmitpack
        ),
        (true, false) => println!(
            "bytes: client sent {} received {}; retransmitted {} segments",
            c.tcps_sndbyte, c.tcps_rcvbyte, c.tcps_sndrexmitpack
        ),
        _ => println!(
            "bytes: server sent {} received {}; retransmitted {} segments",
            s.tcps_sndbyte, s.tcps_rcvbyte, s.tcps_sndrexmitpack
        ),
    }
}

fn us(ns: u64) -> String {
    if ns >= 1_000_000 {
        format!("{:.2} ms", ns as f64 / 1e6)
    } else {
        format!("{:.1} us", ns as f64 / 1e3)
    }
}

/// Per second: the client's and server's counters at the end of each second, and what
/// each second added (connections per second, as TRex users would have to derive).
fn series(samples: &[serde_json::Value]) -> Vec<serde_json::Value> {
    let mut out = Vec::with_capacity(samples.len());
    let mut prev: Option<&serde_json::Value> = None;
    for s in samples {
        let Some(t) = s.get("tcp").filter(|t| !t.is_null()) else { continue };
        let delta = |k: &str| {
            let now = t[k].as_u64().unwrap_or(0);
            now.saturating_sub(prev.map_or(0, |p| p[k].as_u64().unwrap_or(0)))
        };
        out.push(json!({
            "t_s": s["t_s"],
            "connects": delta("tcps_connects"),
            "completed": delta("completed"),
            "accepts": delta("server_accepts"),
            "retransmitted": delta("tcps_sndrexmitpack"),
            "active": t["active"],
            "counters": t,
        }));
        prev = Some(t);
    }
    out
}
