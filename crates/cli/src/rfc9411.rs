//! `riptide rfc9411 concurrent|cps|throughput|latency`: RFC 9411's tests of a stateful
//! DUT, riptide's TCP client and server on either side of it
//! ([`riptide_method::rfc9411`]). This module turns arguments into its options, shows
//! each trial and writes the report.

use crate::drive::StatusLine;
use crate::place::PlaceArgs;
use crate::{signal, Failure};
use clap::{Args, ValueEnum};
use riptide_engine::Engine;
use riptide_method::host::Host;
use riptide_method::rfc9411::{self, Observer, Options, Test, Trial};
use std::path::PathBuf;

#[derive(Clone, Copy, Debug, ValueEnum)]
pub(crate) enum Which {
    /// Concurrent TCP connection capacity (RFC 9411 7.5): binary search on the connections held.
    Concurrent,
    /// TCP connections per second (7.2): binary search on the rate offered.
    Cps,
    /// HTTP throughput per object size (7.3), at --connections held.
    Throughput,
    /// HTTP transaction latency (7.4): TTFB and TTLB per object size and transactions, at --cps.
    Latency,
}

impl From<Which> for Test {
    fn from(w: Which) -> Test {
        match w {
            Which::Concurrent => Test::Concurrent,
            Which::Cps => Test::Cps,
            Which::Throughput => Test::Throughput,
            Which::Latency => Test::Latency,
        }
    }
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
    /// The HTTP object each connection gets, bytes (concurrent, cps).
    #[arg(long, default_value_t = 64)]
    pub object_size: u64,
    /// The object sizes, a trial each (throughput, latency; k = 1024).
    #[arg(long, default_value = "1k,16k,64k,256k")]
    pub object_sizes: String,
    /// HTTP transactions per connection, a trial each (latency; throughput takes one).
    #[arg(long)]
    pub transactions: Option<String>,
    /// How long each connection stays open after its transaction.
    #[arg(long, default_value = "1500ms")]
    pub hold: String,
    /// The most connections tried.
    #[arg(long, default_value_t = 10_000)]
    pub max_connections: u64,
    /// The fewest connections tried.
    #[arg(long, default_value_t = 10)]
    pub min_connections: u64,
    /// The highest rate tried, connections/s (cps).
    #[arg(long, default_value_t = 100_000)]
    pub max_cps: u64,
    /// The lowest rate tried, connections/s (cps).
    #[arg(long, default_value_t = 100)]
    pub min_cps: u64,
    /// The rate offered, connections/s (latency; RFC 9411: half the DUT's cps).
    #[arg(long, default_value_t = 0)]
    pub cps: u64,
    /// Connections held at once (throughput).
    #[arg(long, default_value_t = 100)]
    pub connections: u64,
    /// The ramp-up phase: the rate rises linearly from nothing.
    #[arg(long, default_value = "10s")]
    pub ramp_up: String,
    /// The sustain phase, where the figures are taken (RFC 9411: at least 300s).
    #[arg(long, default_value = "300s")]
    pub sustain: String,
    /// The ramp-down phase: the longest the connections open at the sustain's end take.
    #[arg(long, default_value = "10s")]
    pub ramp_down: String,
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
    /// HTTPS (RFC 9411 7.6-7.9): every connection over TLS of this version (1.2, 1.3 or
    /// any), riptide's client and server both.
    #[arg(long, value_name = "VERSION")]
    pub tls: Option<String>,
    /// The server's certificate under --tls, made at start: ecdsa-p256 (RFC 9411's),
    /// ecdsa-p384, ed25519, rsa2048, rsa3072, rsa4096.
    #[arg(long, value_name = "KEY", default_value = "ecdsa-p256")]
    pub tls_cert: String,
    /// Also write the report into DIR: results.json, report.md, the chart and report.html.
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
        let offer = match (t.connections, t.cps) {
            (Some(k), _) => format!("{k} connections"),
            (None, Some(r)) => rfc9411::cps_text(r as f64),
            (None, None) => String::new(),
        };
        self.0.show(&format!(
            "{offer}, {} x{}: {} established, {} failed, {}",
            rfc9411::size_text(t.object_size),
            t.transactions,
            t.established,
            t.failed,
            if t.passed { "passed" } else { "failed" }
        ));
    }
}

pub(crate) fn rfc9411(mut a: Rfc9411Args) -> Result<(), Failure> {
    crate::files::prepare_out(a.out.as_deref())?;
    let test = Test::from(a.test);
    let opts = Options {
        client: a.client.clone(),
        server: a.server.clone(),
        object_size: a.object_size,
        object_sizes: a.object_sizes.clone(),
        transactions: a.transactions.clone().unwrap_or_default(),
        hold: a.hold.clone(),
        max_connections: a.max_connections,
        min_connections: a.min_connections,
        max_cps: a.max_cps,
        min_cps: a.min_cps,
        cps: a.cps,
        connections: a.connections,
        ramp_up: a.ramp_up.clone(),
        sustain: a.sustain.clone(),
        ramp_down: a.ramp_down.clone(),
        resolution: a.resolution,
        failure_ratio: a.failure_ratio,
        settle: a.settle.clone(),
        cores: a.cores,
        tls: a.tls.clone().unwrap_or_default(),
        tls_cert: a.tls_cert.clone(),
    };
    opts.check(test).map_err(Failure::from)?;
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
            crate::rfc2889::Flush::Lab => {
                riptide_port::lab::flush(&riptide_port::lab::current()).map_err(|e| e.to_string())
            }
            crate::rfc2889::Flush::None => Ok(()),
        }
    };
    let r = rfc9411::run(&mut engine, test, &ports, &opts, &mut reset, observer, &signal::interrupted)
        .map_err(Failure::from)?;
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
