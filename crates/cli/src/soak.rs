//! `riptide soak`: the loaded profile at one load for a long time, measured in
//! intervals ([`riptide_method::soak`]): loss, latency, pacing, the engine's counters
//! and the process's memory over time; or, with `--plr`, FD.io CSIT's soak search for
//! the critical load at a target loss ratio. This module turns arguments into its
//! options, shows each interval or trial on a terminal, prints the headline and writes
//! `--out`.

use crate::drive::StatusLine;
use crate::files::read_profile;
use crate::place::PlaceArgs;
use crate::{signal, Failure};
use clap::Args;
use riptide_core::units::human_rate;
use riptide_engine::Engine;
use riptide_method::host::Host;
use riptide_method::ndr::Subject;
use riptide_method::soak::{self, Interval, Observer, Options, Outcome};
use std::path::PathBuf;

#[derive(Args, Debug)]
pub(crate) struct SoakArgs {
    /// Profile (YAML, or a TRex Python profile `.py`) with at least one tagged stream
    /// whose rate follows the load (as `riptide ndr`'s).
    #[arg(required_unless_present = "estimate")]
    pub profile: Option<PathBuf>,
    /// A TRex profile's tunables, as TRex's `-t`.
    #[arg(short = 't', long = "tunables", value_name = "KEY=VAL,...")]
    pub tunables: Option<String>,
    /// Ports, as for `riptide ndr`.
    #[arg(long = "port", required_unless_present_any = ["config", "estimate"])]
    pub ports: Vec<String>,
    /// Port configuration file, instead of --port.
    #[arg(long = "config", alias = "cfg", conflicts_with = "ports")]
    pub config: Option<PathBuf>,
    /// The load: frames/s summed over the sending ports (`50kpps`), `%` of the line rate,
    /// or a bit rate (`5gbps`).
    #[arg(long, required_unless_present = "plr", conflicts_with = "plr")]
    pub load: Option<String>,
    /// Search for the critical load at --target-loss (FD.io CSIT's PLRsearch) instead of
    /// soaking at one load: trials one after another until --duration, each 1 step longer.
    #[arg(long)]
    pub plr: bool,
    /// --plr: the loss ratio whose load it estimates.
    #[arg(long, default_value_t = 1e-7, requires = "plr")]
    pub target_loss: f64,
    /// --plr: loads' lower limit.
    #[arg(long, default_value = riptide_method::ndr::defaults::MIN_LOAD, requires = "plr")]
    pub min_load: String,
    /// --plr: loads' upper limit (default: the line rate).
    #[arg(long, requires = "plr")]
    pub max_load: Option<String>,
    /// --plr: each trial this much longer than the last (the first lasts 51 steps: 5.1 s).
    #[arg(long, default_value = "0.1s", requires = "plr")]
    pub trial_step: String,
    /// --plr: points each fit's integration draws while a trial runs.
    #[arg(long, default_value_t = 20_000, requires = "plr")]
    pub plr_samples: u64,
    /// --plr: no trials; estimate the critical load of the trials in FILE (the
    /// results.json of an earlier `soak --plr`, or the same fields) and print it as JSON.
    #[arg(long, value_name = "FILE", requires = "plr", conflicts_with_all = ["profile", "ports", "config", "out"])]
    pub estimate: Option<PathBuf>,
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
    /// Workers at real-time priority (SCHED_FIFO), as `riptide ndr --realtime`: auto (the
    /// default) wherever permitted, and the output says which; `--realtime` alone: on.
    #[arg(long, value_name = "auto|on|off", default_value = "auto", num_args = 0..=1, default_missing_value = "on")]
    pub realtime: riptide_method::trials::Realtime,
    /// Where latency's departure times come from, as `riptide run --timestamps`: auto (the
    /// default) the ports' kernel stamps where they take them, kernel (or no run), user.
    #[arg(long, default_value = "auto", value_name = "auto|kernel|user")]
    pub timestamps: riptide_engine::Timestamps,
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

    fn plr_trial(&mut self, t: &soak::plr::Trial) {
        let tr = &t.record.trial;
        self.0.show(&format!(
            "trial {}: {} for {:.1} s, {} lost; estimate {} ({} .. {})",
            t.number,
            human_rate(tr.intended_load, "pps"),
            tr.intended_duration,
            t.record.lost,
            human_rate(t.estimate.load, "pps"),
            human_rate(t.estimate.lower, "pps"),
            human_rate(t.estimate.upper, "pps")
        ));
    }
}

/// Largest `--estimate` file read.
const MAX_ESTIMATE_BYTES: u64 = 64 << 20;

/// `--estimate FILE`: the critical load of recorded trials, as JSON.
fn estimate(path: &std::path::Path, samples: u64) -> Result<(), Failure> {
    let file = path.display();
    let meta = std::fs::metadata(path).map_err(|e| Failure::input(format!("--estimate {file}: {e}")))?;
    if meta.len() > MAX_ESTIMATE_BYTES {
        return Err(Failure::input(format!("--estimate {file}: larger than {MAX_ESTIMATE_BYTES} bytes")));
    }
    let text = std::fs::read_to_string(path).map_err(|e| Failure::input(format!("--estimate {file}: {e}")))?;
    let recorded: soak::plr::Recorded = serde_json::from_str(&text).map_err(|e| {
        Failure::input(format!(
            "--estimate {file}: {e} (expected min_load, max_load, target_loss and trials, as a results.json of soak --plr)"
        ))
    })?;
    let r = soak::plr::estimate(&recorded, samples).map_err(|e| Failure::input(format!("--estimate {file}: {e}")))?;
    crate::report::print_json(&r)
}

pub(crate) fn soak(mut a: SoakArgs) -> Result<(), Failure> {
    if let Some(path) = &a.estimate {
        return estimate(path, a.plr_samples);
    }
    let Some(profile) = a.profile.clone() else {
        return Err(Failure::input("soak: expected a profile"));
    };
    crate::files::prepare_out(a.out.as_deref())?;
    let mut opts = Options {
        load: a.load.clone().unwrap_or_default(),
        duration: a.duration.clone(),
        interval: a.interval.clone(),
        latency: a.latency.clone(),
        cores: a.cores.count,
        pin: a.cores.pin.clone(),
        realtime: a.realtime,
        plr: a.plr,
        target_loss: a.target_loss,
        min_load: a.min_load.clone(),
        max_load: a.max_load.clone(),
        trial_step: a.trial_step.clone(),
        samples: a.plr_samples,
        timestamps: a.timestamps,
    };
    let trex = crate::trex::is_python_profile(&profile);
    if a.tunables.is_some() && !trex {
        return Err(Failure::input("-t/--tunables is for TRex Python profiles (.py)"));
    }
    let mut text = if trex { String::new() } else { read_profile(&profile)? };
    let source = profile.display().to_string();
    let config = crate::portcfg::engine_config_of(a.config.as_deref(), &mut a.place, &a.ports, &mut None)?;
    // Decided once, for every trial, and said in the output's header.
    let workers = opts.realtime.resolve_for(&config);
    opts.realtime = workers.realtime.into();
    if trex {
        text = crate::trex::convert(&profile, config.ports.len().max(1), a.tunables.as_deref())?;
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
    let r = soak::run(&mut engine, &subject, &opts, observer, &signal::interrupted).map_err(Failure::from)?;
    status.clear();
    if a.out.is_some() {
        let command: Vec<String> = std::env::args().collect();
        let files = r.files(&command, &Host::with_ports(&a.ports)).map_err(Failure::from)?;
        crate::files::write_out(a.out.as_deref(), files)?;
    }
    if a.json {
        return crate::report::print_json(&r);
    }
    match &r {
        Outcome::Fixed(f) => {
            println!("{} on {} at {}", subject.source, a.ports.join(", "), human_rate(f.load, "pps"));
            println!("{}", workers.note);
            println!("{}", r.headline());
            for e in f.counter_errors.iter().take(10) {
                println!("counter error: {e}");
            }
        }
        Outcome::Critical(c) => {
            println!(
                "{} on {}: soak search between {} and {}",
                subject.source,
                a.ports.join(", "),
                human_rate(c.min_load, "pps"),
                human_rate(c.max_load, "pps")
            );
            println!("{}", workers.note);
            println!("{}", r.headline());
        }
    }
    Ok(())
}
