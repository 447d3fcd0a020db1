//! `riptide rfc2889 caching|learning`: RFC 2889's address caching capacity and address
//! learning rate of a switching DUT on three ports ([`riptide_method::rfc2889`]). This
//! module turns arguments into its options, empties the DUT's table between trials
//! (`--flush lab`: the lab bridge's), shows each trial and writes `--out`.

use crate::drive::StatusLine;
use crate::place::PlaceArgs;
use crate::{signal, Failure};
use clap::{Args, ValueEnum};
use riptide_core::units::human_rate;
use riptide_engine::Engine;
use riptide_method::host::Host;
use riptide_method::rfc2889::{self, Observer, Options, Test, Trial};
use std::path::PathBuf;

#[derive(Clone, Copy, Debug, ValueEnum)]
pub(crate) enum Which {
    /// Address caching capacity (RFC 2889 5.7): binary search on the addresses.
    Caching,
    /// Address learning rate (RFC 2889 5.8): binary search on the learning frames' rate.
    Learning,
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub(crate) enum Flush {
    /// `riptide lab flush` of the lab whose generator namespace this runs in (--netns
    /// NAME-tg; the default lab otherwise): its DUT forgets what it learned or tracked.
    Lab,
    /// Nothing: the DUT's state must age out by itself between trials (--settle).
    None,
}

#[derive(Args, Debug)]
pub(crate) struct Rfc2889Args {
    /// Which test.
    pub test: Which,
    /// Three ports, in order: the test port, the learning port, the monitor (the DUT's
    /// third port: it receives only what the DUT floods).
    #[arg(long = "port", required = true, num_args = 1)]
    pub ports: Vec<String>,
    /// Caching: the most addresses tried. Learning: the addresses each trial teaches.
    #[arg(long, default_value_t = 4096)]
    pub addresses: u64,
    /// Caching: the fewest addresses tried.
    #[arg(long, default_value_t = 1)]
    pub min_addresses: u64,
    /// Caching: the learning frames' rate. Learning: the highest rate tried.
    #[arg(long, default_value = "10kpps")]
    pub learn_rate: String,
    /// Learning: the lowest rate tried.
    #[arg(long, default_value = "1kpps")]
    pub min_rate: String,
    /// Learning: the search ends when passing and failing rates are within this ratio.
    #[arg(long, default_value_t = 0.05)]
    pub resolution: f64,
    /// The test frames' rate.
    #[arg(long, default_value = "10kpps")]
    pub test_rate: String,
    /// Frame size, bytes with the FCS.
    #[arg(long, default_value_t = 64)]
    pub frame_size: u64,
    /// The first learned address (the others count up in its last four bytes).
    #[arg(long, default_value = "02:00:c6:13:00:00")]
    pub mac: String,
    /// Wait after the learning frames and after the test frames.
    #[arg(long, default_value = "100ms")]
    pub settle: String,
    /// How the DUT's address table is emptied before each trial.
    #[arg(long, value_enum, default_value = "lab")]
    pub flush: Flush,
    /// Worker threads.
    #[arg(short, long, default_value_t = 1)]
    pub cores: usize,
    /// Workers at real-time priority (SCHED_FIFO), as `riptide ndr --realtime`: auto (the
    /// default) wherever permitted, and the output says which; `--realtime` alone: on.
    #[arg(long, value_name = "auto|on|off", default_value = "auto", num_args = 0..=1, default_missing_value = "on")]
    pub realtime: riptide_method::trials::Realtime,
    /// Also write the report into DIR: results.json, trials.csv, report.md.
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
            "{} addresses at {}: {} flooded, {}",
            t.addresses,
            human_rate(t.learn_pps, "pps"),
            t.flooded,
            if t.passed { "passed" } else { "failed" }
        ));
    }
}

pub(crate) fn rfc2889(a: Rfc2889Args) -> Result<(), Failure> {
    if a.ports.len() != 3 {
        return Err(Failure::input(format!(
            "--port: expected three ports (test, learning, monitor), {} given",
            a.ports.len()
        )));
    }
    crate::files::prepare_out(a.out.as_deref())?;
    let test = match a.test {
        Which::Caching => Test::Caching,
        Which::Learning => Test::Learning,
    };
    let mut opts = Options {
        addresses: a.addresses,
        min_addresses: a.min_addresses,
        learn_rate: a.learn_rate.clone(),
        min_rate: a.min_rate.clone(),
        resolution: a.resolution,
        test_rate: a.test_rate.clone(),
        size: a.frame_size,
        mac: a.mac.clone(),
        settle: a.settle.clone(),
        cores: a.cores,
        realtime: a.realtime,
    };
    let config = a.place.engine_config(&a.ports)?;
    // Decided once, for every trial, and said in the output's header.
    let workers = opts.realtime.resolve_for(&config);
    opts.realtime = workers.realtime.into();
    let mut engine = Engine::new(config);
    signal::install();
    let flush = a.flush;
    let mut reset = move || -> Result<(), String> {
        match flush {
            Flush::Lab => riptide_port::lab::flush(&riptide_port::lab::current()).map_err(|e| e.to_string()),
            Flush::None => Ok(()),
        }
    };
    let status = StatusLine::new(!a.json);
    let mut progress = Progress(status);
    let observer: &mut dyn Observer = if status.on() { &mut progress } else { &mut () };
    let r = rfc2889::run(&mut engine, &a.ports, test, &opts, &mut reset, observer, &signal::interrupted)
        .map_err(Failure::from)?;
    status.clear();
    if a.out.is_some() {
        let command: Vec<String> = std::env::args().collect();
        let files = rfc2889::files(&command, &Host::with_ports(&a.ports), &r).map_err(Failure::from)?;
        crate::files::write_out(a.out.as_deref(), files)?;
    }
    if a.json {
        return crate::report::print_json(&r);
    }
    println!("{}", workers.note);
    println!("{}", rfc2889::headline(&r));
    Ok(())
}
