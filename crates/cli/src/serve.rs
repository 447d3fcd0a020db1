//! `riptide serve`: the daemon.

use crate::run::{parse_line_rate, parse_ports};
use crate::{signal, Failure};
use clap::Args;
use riptide_core::Nanos;
use riptide_daemon::{serve as start_server, ServerConfig};
use riptide_engine::EngineConfig;
use std::net::SocketAddr;
use std::time::Duration;

#[derive(Args, Debug)]
pub(crate) struct ServeArgs {
    /// Port the engine owns: `null` or `pcap:FILE`; repeat for ports 1, 2, ...
    #[arg(long = "port", required = true)]
    pub ports: Vec<String>,
    /// Address to listen on. Anything but loopback needs --token.
    #[arg(long, default_value = "127.0.0.1:4501")]
    pub bind: String,
    /// Token clients must send with `auth`.
    #[arg(long)]
    pub token: Option<String>,
    /// Stop traffic whose owner has been gone this long.
    #[arg(long, default_value = "5s")]
    pub owner_timeout: String,
    /// Line rate of the ports.
    #[arg(long, default_value = "10g")]
    pub line_rate: String,
}

pub(crate) fn serve(a: ServeArgs) -> Result<(), Failure> {
    let bind: SocketAddr =
        a.bind.parse().map_err(|_| Failure::input(format!("--bind '{}' is not ADDRESS:PORT", a.bind)))?;
    let timeout: Nanos = a.owner_timeout.parse().map_err(|e| Failure::input(format!("--owner-timeout: {e}")))?;
    let engine =
        EngineConfig { ports: parse_ports(&a.ports)?, line_rate: parse_line_rate(&a.line_rate)?, ..Default::default() };
    let cfg = ServerConfig {
        bind,
        token: a.token,
        owner_timeout: Duration::from_nanos(timeout.0),
        engine,
        ..Default::default()
    };
    let handle = start_server(cfg).map_err(|e| Failure::input(format!("cannot serve on {bind}: {e}")))?;
    signal::install();
    eprintln!("riptide: serving JSON-RPC 2.0 on {} (one JSON object per line); Ctrl-C stops", handle.addr);
    while !signal::interrupted() {
        std::thread::sleep(Duration::from_millis(100));
    }
    handle.shutdown();
    Ok(())
}
