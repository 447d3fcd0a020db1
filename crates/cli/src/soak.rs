//! `riptide soak`: the loaded profile at one load for a long time, measured in
//! intervals ([`riptide_method::soak`]): loss, latency, pacing, the engine's counters
//! and the process's memory over time. This module turns arguments into its options,
//! shows each interval on a terminal, prints the headline and writes `--out`.

use crate::drive::StatusLine;
use crate::files::read_profile;
use crate::place::PlaceArgs;
use crate::{signal, Failure};
use clap::Args;
use riptide_core::units::human_rate;
use riptide_engine::Engine;
use riptide_method::host::Host;
use riptide_method::ndr::Subject;
use riptide_method::soak::{self, Interval, Observer, Options};
use std::path::PathBuf;

#[derive(Args, Debug)]
pub(crate) struct SoakArgs {
    /// Profile (YAML, or a TRex Python profile `.py`) with at least one tagged stream
    /// whose rate follows the load (as `riptide ndr`'s).
    pub profile: PathBuf,
    /// A TRex profile's tunables, as TRex's `-t`.
    #[arg(short = 't', long = "tunables", value_name = "KEY=VAL,...")]
    pub tunables: Option<String>,
    /// Ports, as for `riptide ndr`.
    #[arg(long = "port", required_unless_present = "config")]
    pub ports: Vec<String>,
    /// Port configuration file, instead of --port.
    #[arg(long = "config", alias = "cfg", conflicts_with = "ports")]
    pub config: Option<PathBuf>,
    /// The load: frames/s summed over the sending ports (`50kpps`), `%` of the line rate,
    /// or a bit rate (`5gbps`).
    #[arg(long)]
    pub load: String,
    /// How long: `30m`, `18h`.
    #[arg(short, long, default_value = "1h")]
    pub duration: String,
    /// Each interval's length: one row of the report, its own loss and latency.
    #[arg(long, default_value = "10s")]
    pub interval: String,
    /// Latency probes' rate on every sending port (`1kpps`), or `off`.
    #[arg(long, default_value = "1kpps", value_name = "RATE|off")]
    pub latency: String,
    /// Worker threads: a count, or a core list that pins one worker on each core.
    #[arg(short, long, default_value = "1")]
    pub cores: crate::cores::Cores,
    /// Run the workers at real-time priority (SCHED_FIFO), as `riptide ndr --realtime`.
    #[arg(long)]
    pub realtime: bool,
    /// Also write the report into DIR: results.json, intervals.csv, report.md, soak.png.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Print one JSON object: every interval and the totals.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub place: PlaceArgs,
}

/// Shows each interval on the terminal's status line.
struct Progress(StatusLine);

impl Observer for Progress {
    fn interval(&mut self, n: u64, of: u64, i: &Interval) {
        self.0.show(&format!(
            "interval {n}/{of}: {} sent, {} lost{}",
            i.record.trial.offered_count,
            i.record.lost,
            i.latency.first().map_or(String::new(), |l| format!(", p99 {:.1} us", l.summary.p99_ns as f64 / 1e3))
        ));
    }
}

pub(crate) fn soak(mut a: SoakArgs) -> Result<(), Failure> {
    if let Some(dir) = &a.out {
        std::fs::create_dir_all(dir).map_err(|e| Failure::input(format!("--out {}: {e}", dir.display())))?;
        crate::files::check_writable("--out", &dir.join("results.json"))?;
    }
    let opts = Options {
        load: a.load.clone(),
        duration: a.duration.clone(),
        interval: a.interval.clone(),
        latency: a.latency.clone(),
        cores: a.cores.count,
        pin: a.cores.pin.clone(),
        realtime: a.realtime,
    };
    let trex = crate::trex::is_python_profile(&a.profile);
    if a.tunables.is_some() && !trex {
        return Err(Failure::input("-t/--tunables is for TRex Python profiles (.py)"));
    }
    let mut text = if trex { String::new() } else { read_profile(&a.profile)? };
    let source = a.profile.display().to_string();
    let config = crate::portcfg::engine_config_of(a.config.as_deref(), &mut a.place, &a.ports, &mut None)?;
    if trex {
        text = crate::trex::convert(&a.profile, config.ports.len().max(1), a.tunables.as_deref())?;
    }
    if a.config.is_some() {
        a.ports = config.ports.iter().map(|p| p.name()).collect();
    }
    let subject = Subject { text, source, ports: a.ports.clone(), port_bps: config.line_rate.0 };
    let mut engine = Engine::new(config);
    signal::install();
    let status = StatusLine::new(!a.json);
    let mut progress = Progress(status);
    let observer: &mut dyn Observer = if status.on() { &mut progress } else { &mut () };
    let r = soak::soak(&mut engine, &subject, &opts, observer, &signal::interrupted).map_err(Failure::from)?;
    status.clear();
    if let Some(dir) = &a.out {
        let command: Vec<String> = std::env::args().collect();
        for (name, bytes) in soak::files(&command, &Host::with_ports(&r.ports), &r).map_err(Failure::from)? {
            crate::files::write_atomic("--out", &dir.join(name), &bytes)?;
        }
    }
    if a.json {
        return crate::report::print_json(&r);
    }
    println!("{} on {} at {}", subject.source, a.ports.join(", "), human_rate(r.load, "pps"));
    println!("{}", soak::headline(&r));
    for e in r.counter_errors.iter().take(10) {
        println!("counter error: {e}");
    }
    Ok(())
}
