//! `riptide rfc9411 concurrent`: RFC 9411's concurrent TCP connection capacity of a
//! stateful DUT, riptide's TCP client and server on either side of it
//! ([`riptide_method::rfc9411`]). This module turns arguments into its options, shows
//! each trial and writes the report.

use crate::drive::StatusLine;
use crate::place::PlaceArgs;
use crate::{signal, Failure};
use clap::{Args, ValueEnum};
use riptide_engine::Engine;
use riptide_method::host::Host;
use riptide_method::rfc9411::{self, Observer, Options, Trial};
use std::path::PathBuf;

#[derive(Clone, Copy, Debug, ValueEnum)]
pub(crate) enum Which {
    /// Concurrent TCP connection capacity (RFC 9411 7.3): binary search on the connections held.
    Concurrent,
}

#[derive(Args, Debug)]
pub(crate) struct Rfc9411Args {
    /// Which test.
    pub test: Which,
    /// Ports: the client's, then the server's (one port carries both), as `riptide tcp`'s.
    #[arg(long = "port", required_unless_present = "config")]
    pub ports: Vec<String>,
    /// Port configuration file (the MACs by ARP), instead of --port.
    #[arg(long = "config", alias = "cfg", conflicts_with = "ports")]
    pub config: Option<PathBuf>,
    /// The client's address.
    #[arg(long, default_value = "198.18.1.1")]
    pub client: String,
    /// The server's address and port.
    #[arg(long, default_value = "198.18.2.1:80")]
    pub server: String,
    /// The HTTP object each connection gets, bytes.
    #[arg(long, default_value_t = 64)]
    pub object_size: u64,
    /// How long each connection stays open after its transaction.
    #[arg(long, default_value = "1500ms")]
    pub hold: String,
    /// The most connections tried.
    #[arg(long, default_value_t = 10_000)]
    pub max_connections: u64,
    /// The fewest connections tried.
    #[arg(long, default_value_t = 10)]
    pub min_connections: u64,
    /// The search ends when passing and failing counts are within this ratio.
    #[arg(long, default_value_t = 0.01)]
    pub resolution: f64,
    /// The share of a trial's connections that may fail (RFC 9411: 0.001%).
    #[arg(long, default_value_t = 1e-5)]
    pub failure_ratio: f64,
    /// Wait between trials.
    #[arg(long, default_value = "1s")]
    pub settle: String,
    /// How the DUT's connection state is emptied before each trial.
    #[arg(long, value_enum, default_value = "lab")]
    pub flush: crate::rfc2889::Flush,
    /// Worker threads.
    #[arg(short, long, default_value_t = 1)]
    pub cores: usize,
    /// Also write the report into DIR: results.json and report.md.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Print one JSON object: every trial and the result.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub place: PlaceArgs,
}

struct Progress(StatusLine);

impl Observer for Progress {
    fn trial(&mut self, t: &Trial) {
        self.0.show(&format!(
            "{} connections: {} established, {} failed, {}",
            t.connections,
            t.established,
            t.failed,
            if t.passed { "passed" } else { "failed" }
        ));
    }
}

pub(crate) fn rfc9411(mut a: Rfc9411Args) -> Result<(), Failure> {
    crate::files::prepare_out(a.out.as_deref())?;
    let opts = Options {
        client: a.client.clone(),
        server: a.server.clone(),
        object_size: a.object_size,
        hold: a.hold.clone(),
        max_connections: a.max_connections,
        min_connections: a.min_connections,
        resolution: a.resolution,
        failure_ratio: a.failure_ratio,
        settle: a.settle.clone(),
        cores: a.cores,
    };
    opts.check().map_err(Failure::from)?;
    let config = crate::portcfg::engine_config_of(a.config.as_deref(), &mut a.place, &a.ports, &mut None)?;
    let ports: Vec<String> = config.ports.iter().map(|p| p.name()).collect();
    let mut engine = Engine::new(config);
    signal::install();
    let status = StatusLine::new(!a.json);
    let mut progress = Progress(status);
    let observer: &mut dyn Observer = if status.on() { &mut progress } else { &mut () };
    let flush = a.flush;
    let mut reset = move || -> Result<(), String> {
        match flush {
            crate::rfc2889::Flush::Lab => riptide_port::lab::flush().map_err(|e| e.to_string()),
            crate::rfc2889::Flush::None => Ok(()),
        }
    };
    let r =
        rfc9411::run(&mut engine, &ports, &opts, &mut reset, observer, &signal::interrupted).map_err(Failure::from)?;
    status.clear();
    if a.out.is_some() {
        let command: Vec<String> = std::env::args().collect();
        let files = rfc9411::files(&command, &Host::with_ports(&ports), &r).map_err(Failure::from)?;
        crate::files::write_out(a.out.as_deref(), files)?;
    }
    if a.json {
        return crate::report::print_json(&r);
    }
    println!("{}", rfc9411::headline(&r));
    Ok(())
}
