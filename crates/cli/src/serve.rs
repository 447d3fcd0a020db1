//! `riptide serve`: the daemon.

use crate::place::PlaceArgs;
use crate::{signal, Failure};
use clap::Args;
use riptide_core::Nanos;
use riptide_daemon::{serve_on, ServerConfig};
use std::net::SocketAddr;
use std::time::Duration;

#[derive(Args, Debug)]
pub(crate) struct ServeArgs {
    /// Port the engine owns (`null`, `pcap:FILE`, `afpacket:IF`, ...); repeat for ports 1, 2, ...
    #[arg(long = "port", required_unless_present_any = ["config", "otg"], conflicts_with = "config")]
    pub ports: Vec<String>,
    /// Port configuration file (as `riptide run --config`): its interfaces are the ports,
    /// and streams loaded later take the ports' MACs and the gateways' (resolved once, at start).
    #[arg(long = "config", alias = "cfg")]
    pub config: Option<std::path::PathBuf>,
    /// Serve inside this network namespace (/var/run/netns/NAME), e.g. riptide-tg.
    #[arg(long)]
    pub netns: Option<String>,
    /// Address to listen on (default 127.0.0.1:4501; --otg: 127.0.0.1:8443). Anything but
    /// loopback needs --token.
    #[arg(long)]
    pub bind: Option<String>,
    /// Token clients must send with `auth` (at least 16 characters). Default: a random one,
    /// written to --token-file for local clients (the Python client finds it there).
    #[arg(long, conflicts_with = "no_auth")]
    pub token: Option<String>,
    /// Where the generated token goes (mode 0600). Default: /run/riptide/serve-PORT.token
    /// for root, $XDG_RUNTIME_DIR/riptide/serve-PORT.token (or /tmp/riptide-UID/) otherwise.
    #[arg(long)]
    pub token_file: Option<std::path::PathBuf>,
    /// No token: every local user may control the daemon (loopback only; for a machine of
    /// one's own).
    #[arg(long)]
    pub no_auth: bool,
    /// Directory `stf_start` reads cap2 profiles and their pcaps from (regular files under
    /// it only). Without it, stateful profiles must be sent with the request.
    #[arg(long)]
    pub data_dir: Option<std::path::PathBuf>,
    /// Stop traffic whose owner has been gone this long.
    #[arg(long, default_value = "5s")]
    pub owner_timeout: String,
    /// An owner that sends no request for this long (a frozen client) loses the engine
    /// (the Python client pings while it owns it).
    #[arg(long, default_value = "30s")]
    pub owner_heartbeat: String,
    /// Use an interface even if it carries the host's default route.
    #[arg(long)]
    pub force: bool,
    /// Close connections idle this long.
    #[arg(long, default_value = "300s")]
    pub idle_timeout: String,
    /// Line rate of the ports: 10g, 100g (default: each interface's link speed, 10g for
    /// null and pcap; port_bandwidth_gb of a port configuration file).
    #[arg(long)]
    pub line_rate: Option<String>,
    /// Speak TRex's stateless RPC instead, for TRex's Python client and automation written
    /// for it (docs/trex.md): JSON-RPC 2.0 over ZeroMQ, requests on --bind, counters and
    /// events on --trex-publish. TRex's protocol has no authentication: needs --no-auth.
    #[arg(long, conflicts_with_all = ["token", "token_file", "data_dir"])]
    pub trex: bool,
    /// Where --trex publishes counters and events (TRex's async port; default: --bind's
    /// port less one, 4500).
    #[arg(long, requires = "trex")]
    pub trex_publish: Option<String>,
    /// Serve the engine's counters for Prometheus at http://ADDR/metrics (read-only; e.g.
    /// 127.0.0.1:9464). Anything but loopback needs --metrics-token.
    #[arg(long, value_name = "ADDR", conflicts_with = "trex")]
    pub metrics: Option<String>,
    /// The bearer token /metrics asks for (at least 16 characters; Prometheus'
    /// `authorization: {credentials_file: ...}`). Needed off loopback; it grants reading
    /// the counters only, not control.
    #[arg(long, value_name = "TOKEN", requires = "metrics")]
    pub metrics_token: Option<String>,
    /// Serve the Open Traffic Generator API instead (docs/otg.md), for snappi, gosnappi
    /// and otgen: HTTPS and HTTP on --bind (default 127.0.0.1:8443), gRPC on --otg-grpc.
    /// The ports are the config's (each `location` an interface, or a riptide port spec
    /// such as link:0), so --port is not needed. OTG's API has no authentication: needs --no-auth (loopback only).
    #[arg(long, conflicts_with_all = ["trex", "token", "token_file", "data_dir", "metrics", "config"])]
    pub otg: bool,
    /// The certificate (PEM chain) --otg's HTTPS presents; default: a self-signed one for
    /// localhost made at start. Plain HTTP is served on the same port.
    #[arg(long, value_name = "FILE", requires_all = ["otg", "otg_key"])]
    pub otg_cert: Option<std::path::PathBuf>,
    /// The private key (PEM) of --otg-cert.
    #[arg(long, value_name = "FILE", requires_all = ["otg", "otg_cert"])]
    pub otg_key: Option<std::path::PathBuf>,
    /// Where --otg serves gRPC (service otg.Openapi, for gosnappi and snappi's gRPC
    /// transport; plaintext, as ixia-c's): default --bind's address at port 40051 (port 0,
    /// any free one, when --bind's is 0); `off` serves none.
    #[arg(long, value_name = "ADDR", requires = "otg")]
    pub otg_grpc: Option<String>,
    /// Where the latency streams of runs started through --trex or --otg take their
    /// departure stamps, as `riptide run --timestamps`: auto (the port's own where it takes
    /// them: AF_PACKET's driver stamps), kernel (those, or the run does not start), user.
    /// Their clients have no say in it; the daemon's take it per request (`start`'s
    /// `timestamps`).
    #[arg(long, value_name = "auto|kernel|user")]
    pub timestamps: Option<riptide_engine::Timestamps>,
    /// With --trex: open only share I (from 0) of N of every ASTF run TRex's client starts,
    /// as `riptide tcp --segment I/N` does (N servers driven alike split a run between
    /// their generators; `riptide merge` adds their results).
    #[arg(long, value_name = "I/N", requires = "trex")]
    pub segment: Option<String>,
}

pub(crate) fn serve(a: ServeArgs) -> Result<(), Failure> {
    let text = a.bind.clone().unwrap_or_else(|| (if a.otg { "127.0.0.1:8443" } else { "127.0.0.1:4501" }).into());
    let bind: SocketAddr = text.parse().map_err(|_| Failure::input(format!("--bind '{text}' is not ADDRESS:PORT")))?;
    if a.timestamps.is_some() && !(a.trex || a.otg) {
        return Err(Failure::input(
            "--timestamps: the daemon's clients choose per request (start's timestamps); it is for --trex and --otg",
        ));
    }
    if a.otg {
        return serve_otg(&a, bind);
    }
    let duration = |flag: &str, v: &str| -> Result<Duration, Failure> {
        let n: Nanos = v.parse().map_err(|e| Failure::input(format!("{flag}: {e}")))?;
        Ok(Duration::from_nanos(n.0))
    };
    let owner_timeout = duration("--owner-timeout", &a.owner_timeout)?;
    let owner_heartbeat = duration("--owner-heartbeat", &a.owner_heartbeat)?;
    let idle_timeout = duration("--idle-timeout", &a.idle_timeout)?;
    if a.no_auth && !bind.ip().is_loopback() {
        return Err(Failure::input(format!("--no-auth on {bind}: only a loopback address may go without a token")));
    }
    let data_dir = match &a.data_dir {
        None => None,
        Some(d) => {
            Some(std::fs::canonicalize(d).map_err(|e| Failure::input(format!("--data-dir {}: {e}", d.display())))?)
        }
    };
    let mut place = PlaceArgs { line_rate: a.line_rate.clone(), netns: a.netns.clone(), force: a.force };
    let engine = crate::portcfg::engine_config_of(a.config.as_deref(), &mut place, &a.ports, &mut None)?;
    if a.trex {
        return serve_trex(&a, bind, engine);
    }
    let token = match (&a.token, a.no_auth) {
        (_, true) => None,
        (Some(t), false) => Some(t.clone()),
        (None, false) => Some(riptide_daemon::token::generate().map_err(|e| Failure::runtime(format!("token: {e}")))?),
    };
    let metrics = match &a.metrics {
        None => None,
        Some(m) => {
            Some(m.parse::<SocketAddr>().map_err(|_| Failure::input(format!("--metrics '{m}' is not ADDRESS:PORT")))?)
        }
    };
    if let Some(m) = metrics.filter(|m| !m.ip().is_loopback() && a.metrics_token.is_none()) {
        return Err(Failure::input(format!(
            "--metrics {m} is not loopback: add --metrics-token TOKEN (anyone who can reach it would read the counters)"
        )));
    }
    let cfg = ServerConfig {
        bind,
        metrics,
        metrics_token: a.metrics_token.clone(),
        token: token.clone(),
        owner_timeout,
        owner_heartbeat,
        idle_timeout,
        data_dir,
        engine,
        ..Default::default()
    };
    // Bound first, then the token published, then served: the first client to connect
    // finds the token where it looks.
    let listener =
        std::net::TcpListener::bind(bind).map_err(|e| Failure::input(format!("cannot serve on {bind}: {e}")))?;
    let port = listener.local_addr().map_err(|e| Failure::runtime(e.to_string()))?.port();
    let token_file = match (&token, &a.token) {
        (Some(t), None) => {
            let path = a.token_file.clone().unwrap_or_else(|| riptide_daemon::token::default_path(port));
            riptide_daemon::token::write(&path, t)
                .map_err(|e| Failure::input(format!("--token-file {}: {e}", path.display())))?;
            Some(path)
        }
        _ => None,
    };
    let handle = match serve_on(listener, cfg) {
        Ok(h) => h,
        Err(e) => {
            if let Some(p) = &token_file {
                let _ = std::fs::remove_file(p);
            }
            return Err(Failure::input(format!("cannot serve on {bind}: {e}")));
        }
    };
    signal::install();
    let auth = match (&token_file, a.no_auth) {
        (Some(p), _) => format!("token in {} (readable by its owner only)", p.display()),
        (None, true) => "no token: every local user may control it".into(),
        (None, false) => "token given with --token".into(),
    };
    eprintln!("riptide: serving JSON-RPC 2.0 on {} (one JSON object per line), {auth}; Ctrl-C stops", handle.addr);
    if let Some(m) = handle.metrics {
        eprintln!("riptide: Prometheus metrics at http://{m}/metrics");
    }
    while !signal::interrupted() {
        std::thread::sleep(Duration::from_millis(100));
    }
    eprintln!("riptide: stopping: traffic stopped, connections closed");
    handle.shutdown();
    if let Some(p) = token_file {
        let _ = std::fs::remove_file(p);
    }
    Ok(())
}

/// `riptide serve --otg`: the OTG API (riptide_otg); its configs name the ports.
fn serve_otg(a: &ServeArgs, bind: SocketAddr) -> Result<(), Failure> {
    if !a.no_auth {
        return Err(Failure::input(
            "--otg: OTG's API has no authentication, so every local user could drive the ports its configs name; \
             add --no-auth to serve it (loopback only)",
        ));
    }
    if !bind.ip().is_loopback() {
        return Err(Failure::input(format!("--bind {bind}: --otg (no authentication) serves loopback addresses only")));
    }
    if !a.ports.is_empty() {
        return Err(Failure::input("--otg: the ports are the config's (each port's location): drop --port"));
    }
    if let Some(ns) = &a.netns {
        // The configs' interfaces are this namespace's.
        riptide_port::netns::enter(ns).map_err(|e| Failure::input(format!("--netns {ns}: {e}")))?;
    }
    let cert = match (&a.otg_cert, &a.otg_key) {
        (Some(c), Some(k)) => riptide_otg::net::Cert::Files(c.clone(), k.clone()),
        _ => riptide_otg::net::Cert::SelfSigned,
    };
    let grpc: Option<SocketAddr> = match a.otg_grpc.as_deref() {
        Some("off") => None,
        Some(text) => {
            let g: SocketAddr =
                text.parse().map_err(|_| Failure::input(format!("--otg-grpc '{text}' is not ADDRESS:PORT or off")))?;
            if !g.ip().is_loopback() {
                return Err(Failure::input(format!(
                    "--otg-grpc {g}: --otg (no authentication) serves loopback addresses only"
                )));
            }
            Some(g)
        }
        None => Some(SocketAddr::new(bind.ip(), if bind.port() == 0 { 0 } else { 40051 })),
    };
    let handle = riptide_otg::net::serve_with(bind, grpc, &cert).map_err(|e| Failure::input(e.to_string()))?;
    handle.set_timestamps(a.timestamps.unwrap_or_default());
    signal::install();
    let whose = if a.otg_cert.is_some() { "the certificate given" } else { "a self-signed certificate" };
    let grpc = handle.grpc_addr.map_or(String::new(), |g| format!(", gRPC on {g}"));
    eprintln!(
        "riptide: serving the Open Traffic Generator API (models {}) on https://{} ({whose}; plain HTTP on the \
         same port){grpc}, no authentication: every local user may control it; Ctrl-C stops",
        riptide_otg::spec().version(),
        handle.addr
    );
    while !signal::interrupted() {
        std::thread::sleep(Duration::from_millis(100));
    }
    eprintln!("riptide: stopping: traffic stopped, connections closed");
    handle.shutdown();
    Ok(())
}

/// `riptide serve --trex`: TRex's RPC on the engine (riptide_trex).
fn serve_trex(a: &ServeArgs, bind: SocketAddr, engine: riptide_engine::EngineConfig) -> Result<(), Failure> {
    let publish: SocketAddr = match &a.trex_publish {
        Some(p) => p.parse().map_err(|_| Failure::input(format!("--trex-publish '{p}' is not ADDRESS:PORT")))?,
        None => SocketAddr::new(
            bind.ip(),
            bind.port().checked_sub(1).ok_or_else(|| {
                Failure::input(format!("--bind {bind}: give --trex-publish (the port below it does not exist)"))
            })?,
        ),
    };
    if !a.no_auth {
        return Err(Failure::input(
            "--trex: TRex's protocol has no authentication, so every local user could drive these ports; \
             add --no-auth to accept that (loopback addresses only)",
        ));
    }
    for (flag, addr) in [("--bind", bind), ("--trex-publish", publish)] {
        if !addr.ip().is_loopback() {
            return Err(Failure::input(format!(
                "{flag} {addr}: --trex (no authentication) serves loopback addresses only"
            )));
        }
    }
    let cfg = riptide_trex::TrexConfig {
        rpc: bind,
        publish,
        engine,
        interval: Duration::from_millis(500),
        timestamps: a.timestamps.unwrap_or_default(),
        segment: a
            .segment
            .as_deref()
            .map(|s| s.parse::<riptide_engine::Segment>().map_err(|e| Failure::input(format!("--segment: {e}"))))
            .transpose()?,
    };
    let handle = riptide_trex::serve(cfg).map_err(|e| Failure::input(e.to_string()))?;
    signal::install();
    eprintln!(
        "riptide: serving TRex's stateless RPC (JSON-RPC 2.0 over ZeroMQ, STL API 5) on tcp://{}, publishing on \
         tcp://{}, no authentication: every local user may control it; Ctrl-C stops",
        handle.rpc, handle.publish
    );
    while !signal::interrupted() {
        std::thread::sleep(Duration::from_millis(100));
    }
    eprintln!("riptide: stopping: traffic stopped, connections closed");
    handle.shutdown();
    Ok(())
}
