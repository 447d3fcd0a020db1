//! `riptide b2b`: RFC 9004's back-to-back frames of a DUT between two ports
//! ([`riptide_method::b2b`]): per frame size the DUT's throughput (given, from a
//! `riptide ndr` results.json, or measured first), N searches on the longest burst at the
//! line rate it forwards without loss, and the Implied and Corrected DUT Buffer Times.
//! This module turns arguments into its options, shows each trial, prints the table and
//! writes `--out`.

use crate::drive::StatusLine;
use crate::files::read_profile;
use crate::place::PlaceArgs;
use crate::{signal, Failure};
use clap::Args;
use riptide_core::units::human_rate;
use riptide_engine::Engine;
use riptide_method::b2b::{self, defaults, human_time, Observer, Options, Search, Trial};
use riptide_method::host::Host;
use riptide_method::ndr::Subject;
use riptide_method::trials::TrialRecord;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub(crate) struct B2bArgs {
    /// Profile (YAML, or a TRex Python profile `.py`), as `riptide ndr`'s: every stream
    /// tagged (flow_stats or latency), its rate following the load; each burst sends them
    /// all at the line rate.
    pub profile: PathBuf,
    /// A TRex profile's tunables, as TRex's `-t`.
    #[arg(short = 't', long = "tunables", value_name = "KEY=VAL,...")]
    pub tunables: Option<String>,
    /// Ports, as for `riptide ndr` (`afpacket:rt0`, `link:0`).
    #[arg(long = "port", required_unless_present = "config")]
    pub ports: Vec<String>,
    /// Port configuration file, instead of --port.
    #[arg(long = "config", alias = "cfg", conflicts_with = "ports")]
    pub config: Option<PathBuf>,
    /// Both directions, as `riptide ndr --bidirectional` (the throughput must have been
    /// measured so too).
    #[arg(long)]
    pub bidirectional: bool,
    /// Worker threads per trial: a count, or a core list that pins one worker per core.
    #[arg(short, long, default_value = "1")]
    pub cores: crate::cores::Cores,
    /// One test per frame size, every stream given that size: `64,128,256,512,1024,1280,1518`.
    #[arg(long, value_name = "SIZES")]
    pub frame_sizes: Option<String>,
    /// The DUT's throughput at zero loss (RFC 2544 26.1), RFC 9004's prerequisite: a
    /// `riptide ndr` results.json (its zero-loss goal, per frame size), one load for
    /// every size (`1.2mpps`, `80%`), or one per size (`64=1.2mpps,1518=800kpps`).
    /// Default: measured first, by `riptide ndr`'s search with goal ndr=0.
    #[arg(long, value_name = "FILE|RATE|SIZE=RATE,...")]
    pub throughput: Option<String>,
    /// Searches per frame size (RFC 9004's N; RFC 2544 asked for 50).
    #[arg(long, default_value_t = defaults::REPETITIONS, value_name = "N")]
    pub repetitions: u32,
    /// The longest burst tried, as time at the line rate (RFC 9004: up to 30 s; a result
    /// near it is likely invalid).
    #[arg(long, default_value = defaults::MAX_BURST_TIME, value_name = "TIME")]
    pub max_burst_time: String,
    /// The search's smallest step, frames: it ends when the longest burst passed and the
    /// shortest lost are this close.
    #[arg(long, default_value_t = defaults::STEP, value_name = "FRAMES")]
    pub step: u64,
    /// Loss verification (TST009's Binary Search with Loss Verification): a burst that
    /// lost frames is tried up to N times more, and counts as lost only if each lost.
    #[arg(long, default_value_t = defaults::VERIFY, value_name = "N")]
    pub verify: u32,
    /// Idle time after each burst came back, before the next (RFC 9004: at least 2 s).
    #[arg(long, default_value = defaults::IDLE, value_name = "TIME")]
    pub idle: String,
    /// A frame rate of interest below the throughput: also report the Actual Buffer Time
    /// at it (RFC 9004 section 7).
    #[arg(long, value_name = "RATE")]
    pub actual_rate: Option<String>,
    /// Workers at real-time priority (SCHED_FIFO), as `riptide ndr --realtime`; off by
    /// default: a trial is a burst at the line rate, which real-time workers' sleeps and
    /// CPU reserve slow (about 2% here: more bursts marked generator-limited, busy host or
    /// not); `--realtime` alone: on; auto: wherever permitted.
    #[arg(long, value_name = "auto|on|off", default_value = "off", num_args = 0..=1, default_missing_value = "on")]
    pub realtime: riptide_method::trials::Realtime,
    /// Also write the report into DIR: results.json, trials.csv, report.md, b2b.png,
    /// report.html.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Print one JSON object: every trial and the results.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub place: PlaceArgs,
}

struct Progress {
    status: StatusLine,
    size: String,
}

impl Observer for Progress {
    fn size(&mut self, index: usize, count: usize, label: &str) {
        self.size = format!("[{label} {index}/{count}]");
    }

    fn throughput_trial(&mut self, n: usize, r: &TrialRecord) {
        self.status.show(&format!(
            "{} throughput trial {n}: {}: lost {}",
            self.size,
            human_rate(r.trial.intended_load, "pps"),
            r.lost
        ));
    }

    fn trial(&mut self, t: &Trial) {
        self.status.show(&format!(
            "{} search {}: burst of {} frames: {}",
            self.size,
            t.repetition,
            t.burst,
            if t.passed { "passed".to_string() } else { format!("lost {}", t.lost) }
        ));
    }

    fn search(&mut self, repetition: u32, s: &Search) {
        self.status.show(&format!("{} search {repetition}: {} frames", self.size, s.frames));
    }

    fn size_done(&mut self) {
        self.status.clear();
    }
}

pub(crate) fn b2b(mut a: B2bArgs) -> Result<(), Failure> {
    crate::files::prepare_out(a.out.as_deref())?;
    // A results.json names the throughput per size; anything else is a rate.
    let throughput = match &a.throughput {
        Some(t) if std::path::Path::new(t).is_file() => {
            let text = std::fs::read_to_string(t).map_err(|e| Failure::input(format!("--throughput {t}: {e}")))?;
            let rates = b2b::throughput_from_results(&text, t, a.frame_sizes.as_deref()).map_err(Failure::from)?;
            if let Some(why) = b2b::results_mismatch(&text, &a.profile.display().to_string(), a.bidirectional) {
                eprintln!("riptide: warning: --throughput {t} measured other traffic ({why}): RFC 9004 wants the same");
            }
            Some(rates)
        }
        Some(t) if t.ends_with(".json") => return Err(Failure::input(format!("--throughput {t}: no such file"))),
        other => other.clone(),
    };
    let mut opts = Options {
        frame_sizes: a.frame_sizes.clone(),
        throughput,
        repetitions: a.repetitions,
        max_burst_time: a.max_burst_time.clone(),
        step: a.step,
        verify: a.verify,
        idle: a.idle.clone(),
        actual_rate: a.actual_rate.clone(),
        bidirectional: a.bidirectional,
        cores: a.cores.count,
        pin: a.cores.pin.clone(),
        realtime: a.realtime,
    };
    opts.check().map_err(Failure::from)?;
    let trex = crate::trex::is_python_profile(&a.profile);
    if a.tunables.is_some() && !trex {
        return Err(Failure::input("-t/--tunables is for TRex Python profiles (.py)"));
    }
    let mut text = if trex { String::new() } else { read_profile(&a.profile)? };
    let source = a.profile.display().to_string();
    let config = crate::portcfg::engine_config_of(a.config.as_deref(), &mut a.place, &a.ports, &mut None)?;
    // Decided once, for every trial, and said in the output's header.
    let workers = opts.realtime.resolve_for(&config);
    opts.realtime = workers.realtime.into();
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
    let mut progress = Progress { status, size: String::new() };
    let observer: &mut dyn Observer = if status.on() { &mut progress } else { &mut () };
    let r = b2b::run(&mut engine, &subject, &opts, observer, &signal::interrupted).map_err(Failure::from)?;
    status.clear();
    if a.out.is_some() {
        let command: Vec<String> = std::env::args().collect();
        let files = b2b::files(&command, &Host::with_ports(&a.ports), &r).map_err(Failure::from)?;
        crate::files::write_out(a.out.as_deref(), files)?;
    }
    if a.json {
        return crate::report::print_json(&r);
    }
    println!("{} on {}", subject.source, a.ports.join(", "));
    println!("{}", workers.note);
    println!(
        "{:<7} {:>10} {:>22} {:>12} {:>12} {:>10} {:>13} {:>13}",
        "size", "ave B2B", "min, max, sd", "implied", "corrected", "frames", "throughput", "line"
    );
    for s in &r.sizes {
        let size = s.frame_size.clone().unwrap_or_else(|| "profile".into());
        if s.skipped.is_some() {
            println!(
                "{size:<7} {:>10} {:>22} {:>12} {:>12} {:>10} {:>13} {:>13}",
                "not tested",
                "-",
                "-",
                "-",
                "-",
                human_rate(s.throughput_pps, "pps"),
                human_rate(s.line.max_pps, "pps")
            );
            continue;
        }
        println!(
            "{size:<7} {:>10.1} {:>22} {:>12} {:>12} {:>10.1} {:>13} {:>13}",
            s.average,
            format!("{}, {}, {:.1}", s.min, s.max, s.stdev),
            human_time(s.implied_buffer_s),
            human_time(s.corrected_buffer_s),
            s.corrected_buffer_frames,
            human_rate(s.throughput_pps, "pps"),
            human_rate(s.line.max_pps, "pps")
        );
    }
    for h in b2b::headlines(&r) {
        println!("{h}");
    }
    for w in b2b::warnings(&r) {
        println!("warning: {w}");
    }
    let trials: usize = r.sizes.iter().map(|s| s.trials.len()).sum();
    println!(
        "{trials} bursts in {} searches, {:.1} s in all",
        r.sizes.iter().map(|s| s.searches.len()).sum::<usize>(),
        r.wall_s
    );
    Ok(())
}
