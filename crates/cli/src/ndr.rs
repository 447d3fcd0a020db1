//! `riptide ndr`: the throughput search (NDR/PDR, MLRsearch's algorithm in
//! `riptide-search`) of a DUT between two ports, or of a simulated DUT.
//!
//! The methodology is [`riptide_method::ndr`]'s, as the daemon's; this module turns
//! arguments into its options, shows progress on a terminal, prints the report and
//! writes `--out`. `--simulate` runs the same search against a model with a known answer:
//! what a search costs (trials, seconds) for given goals, and how the search is tested
//! against the MLRsearch package (python/tests/test_ndr.py).

use crate::drive::StatusLine;
use crate::files::read_profile;
use crate::place::PlaceArgs;
use crate::{signal, Failure};
use clap::Args;
use riptide_core::units::human_rate;
use riptide_engine::Engine;
use riptide_method::host::Host;
use riptide_method::ndr::{self, defaults, size_label, Error, LatencyPoint, Observer, Options, Report};
use riptide_method::trials::{Realtime, TrialRecord};
use riptide_search::Goal;
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
#[command(mut_arg("line_rate", |a| a.help(LINE_RATE_HELP)))]
pub(crate) struct NdrArgs {
    /// Profile (YAML, or a TRex Python profile `.py`) with at least one tagged stream
    /// (`flow_stats` / `STLFlowStats`, or `latency`): the search scales its rates to each
    /// trial's load and counts loss on its tagged streams.
    #[arg(required_unless_present = "simulate", conflicts_with = "simulate")]
    pub profile: Option<PathBuf>,
    /// A TRex profile's tunables, as TRex's `-t`: `key=val,key2=val2`.
    #[arg(short = 't', long = "tunables", value_name = "KEY=VAL,...", conflicts_with = "simulate")]
    pub tunables: Option<String>,
    /// Ports, as for `riptide run` (`afpacket:rt0`, `link:0`); the load is split evenly
    /// between the ports that send.
    #[arg(long = "port", required_unless_present_any = ["simulate", "config"], conflicts_with = "simulate")]
    pub ports: Vec<String>,
    /// Port configuration file (TRex's trex_cfg.yaml in spirit: interfaces, MACs and
    /// gateways, line rate, namespace), instead of --port; see docs/port-config.md.
    #[arg(long = "config", alias = "cfg", conflicts_with_all = ["simulate", "ports"])]
    pub config: Option<PathBuf>,
    /// Both directions: every stream of port 0 or 1 is mirrored onto the other port
    /// (addresses and ports swapped, MACs from the port configuration), and the load is
    /// the sum of both directions.
    #[arg(long, conflicts_with = "simulate")]
    pub bidirectional: bool,
    /// Worker threads per trial: a count (4), or a core list (2,3 or 2-5; one core: 3-3)
    /// that pins one worker on each core.
    #[arg(short, long, default_value = "1")]
    pub cores: crate::cores::Cores,
    /// Search against a simulated DUT that forwards this many frames/s (`1.234mpps`),
    /// optionally losing a share of them anyway (`1.234mpps,loss=0.3%`); no ports.
    #[arg(long, value_name = "RATE[,loss=RATIO]")]
    pub simulate: Option<String>,
    /// Goals: names with the loss ratio each allows (`ndr=0,pdr=0.5%`).
    #[arg(long, default_value = defaults::GOALS)]
    pub goals: String,
    /// Final relative width of each goal's interval (`0.5%` or `0.005`).
    #[arg(long, default_value = defaults::WIDTH)]
    pub width: String,
    /// Duration of the first trials (MLRsearch's initial trial duration).
    #[arg(long, default_value = defaults::TRIAL)]
    pub trial: String,
    /// Duration of the trials that decide (MLRsearch's final trial duration).
    #[arg(long, default_value = defaults::FINAL_TRIAL)]
    pub final_trial: String,
    /// Seconds of final trials that decide whether a load passes.
    #[arg(long, default_value = defaults::DURATION_SUM)]
    pub duration_sum: String,
    /// Share of the deciding trial time that may exceed a goal's loss ratio.
    #[arg(long, default_value = defaults::EXCEED_RATIO)]
    pub exceed_ratio: String,
    /// Lowest load tried: frames/s summed over the sending ports (`9001pps`, `10kpps`),
    /// or a share of the line rate (`1%`).
    #[arg(long, default_value = defaults::MIN_LOAD)]
    pub min_load: String,
    /// Highest load tried: frames/s (`14.88mpps`), `%` of the line rate or a bit rate
    /// (`5gbps` L2, `5gbpsl1`) at the profile's frame sizes (default: the line rate).
    #[arg(long)]
    pub max_load: Option<String>,
    /// Give up after this many seconds of trials.
    #[arg(long, default_value = defaults::MAX_SEARCH)]
    pub max_search: String,
    /// One search per frame size, every stream given that size: `64,128,256,512,1024,1280,1518,imix`
    /// (sizes in bytes with FCS, or imix).
    #[arg(long, value_name = "SIZES")]
    pub frame_sizes: Option<String>,
    /// Latency after the search, as CSIT reports it: trials of the final duration at 0%
    /// (probes only), 10%, 50% and 90% of the PDR goal's lower bound (the goal named
    /// pdr, else the one allowing most loss), with latency probes at this rate on every
    /// sending port (`1kpps`); `off` skips them.
    #[arg(long, default_value = defaults::LATENCY, value_name = "RATE|off")]
    pub latency: String,
    /// Also write the report into DIR (created if needed; checked before any traffic;
    /// each file whole or not at all): results.json, trials.csv, report.md, report.html,
    /// throughput-pps.png, throughput-bps.png (ports only), trials.png and, with latency
    /// trials, latency.png and latency.hlog; in a --frame-sizes sweep one trials-SIZE.png,
    /// latency-SIZE.png and latency-SIZE.hlog per size.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Print one JSON object: the goals' results and every trial.
    #[arg(long)]
    pub json: bool,
    /// Workers at real-time priority (SCHED_FIFO 10; root, CAP_SYS_NICE or RLIMIT_RTPRIO):
    /// on a busy host other processes no longer preempt them, so a trial's frames leave on
    /// schedule instead of in bursts that a DUT with a small buffer drops. auto (the
    /// default): wherever permitted, and the output says which; `--realtime` alone: on.
    #[arg(long, value_name = "auto|on|off", default_value = "auto", num_args = 0..=1,
          default_missing_value = "on", conflicts_with = "simulate")]
    pub realtime: Realtime,
    /// Where latency's departure times come from, as `riptide run --timestamps`: auto (the
    /// default) the ports' kernel stamps where they take them, kernel (or no run), user.
    #[arg(long, default_value = "auto", value_name = "auto|kernel|user")]
    pub timestamps: riptide_engine::Timestamps,
    /// The largest burst beyond the schedule, in frames, that a trial may send and be
    /// trusted (every trial reports its `pacing`: the burst, the longest gap): a trial
    /// past it is repeated (--pacing-retries), then marked pacing-limited, and a bound it
    /// decides is reported as the generator's. Set it below the DUT's buffer (a policer's
    /// burst, a NIC ring); `off` trusts every trial.
    #[arg(long, default_value = defaults::MAX_BURST, value_name = "FRAMES|off")]
    pub max_burst: String,
    /// How many times a trial past --max-burst is repeated before it is marked.
    #[arg(long, default_value_t = defaults::PACING_RETRIES, value_name = "N")]
    pub pacing_retries: u32,
    /// Measure the maximum receive rate instead of searching (FD.io CSIT's MRR):
    /// --mrr-trials trials of --trial at --max-load (default the line), whatever they
    /// lose; reports each trial's receive rate, their mean and standard deviation.
    #[arg(long)]
    pub mrr: bool,
    /// Trials of --mrr (CSIT's trending runs 10 of 1 s).
    #[arg(long, default_value_t = defaults::MRR_TRIALS, value_name = "N")]
    pub mrr_trials: u32,
    #[command(flatten)]
    pub place: PlaceArgs,
}

/// `--line-rate` for a search: what a load is measured against.
const LINE_RATE_HELP: &str = "Line rate of every port, which sets the highest load at the profile's frame sizes (the \
default --max-load), what `%` and bit-rate loads mean, and the report's % of line: 10g, 100g, 1g (default 10g; \
port_bandwidth_gb of a port configuration file)";

/// The options of `riptide ndr`'s arguments, for the methodology.
fn options(a: &NdrArgs) -> Options {
    Options {
        goals: a.goals.clone(),
        width: a.width.clone(),
        trial: a.trial.clone(),
        final_trial: a.final_trial.clone(),
        duration_sum: a.duration_sum.clone(),
        exceed_ratio: a.exceed_ratio.clone(),
        min_load: a.min_load.clone(),
        max_load: a.max_load.clone(),
        max_search: a.max_search.clone(),
        frame_sizes: a.frame_sizes.clone(),
        latency: a.latency.clone(),
        simulate: a.simulate.clone(),
        bidirectional: a.bidirectional,
        cores: a.cores.count,
        pin: a.cores.pin.clone(),
        force: a.place.force,
        realtime: a.realtime,
        max_burst: a.max_burst.clone(),
        pacing_retries: a.pacing_retries,
        mrr: a.mrr,
        mrr_trials: a.mrr_trials,
        timestamps: a.timestamps,
    }
}

impl From<Error> for Failure {
    fn from(e: Error) -> Self {
        match e {
            Error::Input(m) => Failure::input(m),
            Error::Runtime(m) => Failure::runtime(m),
            Error::Interrupted(m) => Failure::interrupted(m),
            Error::Engine(e) => Failure::from(e),
        }
    }
}

/// The one terminal line a search keeps up to date: which size of how many, the trial,
/// its load and outcome, time so far and, once a size is done, an estimate of what is
/// left (the mean time per size so far times the sizes left).
#[derive(Clone, Debug)]
struct ProgressLine {
    /// Frame size label (`64 B`, `imix`, `profile`).
    size: String,
    /// 1-based index of this size and how many there are.
    index: usize,
    sizes: usize,
    /// When the whole command started.
    began: std::time::Instant,
    /// Seconds the sizes before this one took.
    done_secs: f64,
    /// Where it shows.
    status: StatusLine,
}

/// `1m05s`, `42s`.
fn mm_ss(secs: f64) -> String {
    let s = secs.max(0.0).round() as u64;
    if s >= 60 {
        format!("{}m{:02}s", s / 60, s % 60)
    } else {
        format!("{s}s")
    }
}

impl ProgressLine {
    fn show(&self, what: &str) {
        let elapsed = self.began.elapsed().as_secs_f64();
        let done = self.index - 1;
        let eta = if done > 0 {
            let left = self.done_secs / done as f64 * (self.sizes - done) as f64 - (elapsed - self.done_secs);
            format!(", ~{} left", mm_ss(left.max(0.0)))
        } else {
            String::new()
        };
        self.status.show(&format!("[{} {}/{}] {what} | {}{eta}", self.size, self.index, self.sizes, mm_ss(elapsed)));
    }
}

impl Observer for ProgressLine {
    fn size(&mut self, index: usize, count: usize, label: &str) {
        (self.size, self.index, self.sizes) = (label.to_string(), index, count);
        self.done_secs = self.began.elapsed().as_secs_f64();
    }

    fn trial_started(&mut self, n: usize, duration: f64, load: f64) {
        self.show(&format!("trial {n}: {} for {duration} s ...", human_rate(load, "pps")));
    }

    fn trial_ended(&mut self, n: usize, duration: f64, r: &TrialRecord) {
        self.show(&format!(
            "trial {n}: {} for {duration} s: lost {} ({:.4}%){}",
            human_rate(r.trial.intended_load, "pps"),
            r.lost,
            r.trial.loss_ratio() * 100.0,
            if r.generator_limited { ", generator limit" } else { "" }
        ));
    }

    fn latency_started(&mut self, percent: f64, goal: &str, load: f64) {
        self.show(&format!("latency at {percent}% of {goal} ({}) ...", human_rate(load, "pps")));
    }

    fn latency_ended(&mut self, _point: &LatencyPoint) {}

    /// Ends the line (the next output starts on a fresh one).
    fn size_done(&mut self) {
        self.status.clear();
    }
}

/// Makes `dir` when it is not there and checks that files can be written in it, before
/// any traffic; whether it was made here (to be removed again if the search ends
/// without a result).
fn prepare(dir: &Path) -> Result<bool, Failure> {
    let made = !dir.exists();
    std::fs::create_dir_all(dir).map_err(|e| Failure::input(format!("--out {}: {e}", dir.display())))?;
    if let Err(e) = crate::files::check_writable("--out", &dir.join("results.json")) {
        if made {
            let _ = std::fs::remove_dir(dir);
        }
        return Err(e);
    }
    Ok(made)
}

pub(crate) fn ndr(a: NdrArgs) -> Result<(), Failure> {
    // An --out folder made for this search goes again when it ends without a result
    // (bad input found late, a failed port, Ctrl-C): no empty folder left behind.
    let made = match &a.out {
        Some(dir) => prepare(dir)?.then(|| dir.clone()),
        None => None,
    };
    let res = search_and_report(a);
    if let (Err(_), Some(dir)) = (&res, made) {
        let _ = std::fs::remove_dir(&dir);
    }
    res
}

fn search_and_report(mut a: NdrArgs) -> Result<(), Failure> {
    let began = std::time::Instant::now();
    let opts = options(&a);
    let checked = opts.check()?;
    if let Some(dut) = &checked.simulated {
        let mut report = ndr::simulate(&opts, &checked, &mut (), &signal::interrupted)?;
        report.wall_s = began.elapsed().as_secs_f64();
        let run = &report.runs[0];
        let head = format!(
            "simulated DUT: forwards {}{}; loads {} .. {}",
            human_rate(dut.capacity, "pps"),
            if dut.loss_ratio > 0.0 { format!(", loses {}% of it", dut.loss_ratio * 100.0) } else { String::new() },
            human_rate(run.min_load, "pps"),
            human_rate(run.max_load, "pps")
        );
        return print(&a, &[head], &checked.goals, &report);
    }
    let Some(profile) = a.profile.as_ref() else {
        return Err(Failure::input("riptide ndr needs a profile and --port (or --simulate)"));
    };
    let trex = crate::trex::is_python_profile(profile);
    if a.tunables.is_some() && !trex {
        return Err(Failure::input("-t/--tunables is for TRex Python profiles (.py)"));
    }
    let mut text = if trex { String::new() } else { read_profile(profile)? };
    let source = profile.display().to_string();
    let config = crate::portcfg::engine_config_of(a.config.as_deref(), &mut a.place, &a.ports, &mut None)?;
    if trex {
        // As `riptide run X.py`: the profile loaded on every port, translated once.
        text = crate::trex::convert(profile, config.ports.len().max(1), a.tunables.as_deref())?;
    }
    if a.config.is_some() {
        a.ports = config.ports.iter().map(|p| p.name()).collect();
    }
    // Decided once, for every trial, and said in the output's header.
    let workers = a.realtime.resolve_for(&config);
    a.realtime = Realtime::from(workers.realtime);
    let (opts, checked) = (options(&a), options(&a).check()?);
    let subject = ndr::Subject { text, source, ports: a.ports.clone(), port_bps: config.line_rate.0 };
    let mut engine = Engine::new(config);
    signal::install();
    let status = StatusLine::new(!a.json);
    let mut line = ProgressLine { size: String::new(), index: 1, sizes: 1, began, done_secs: 0.0, status };
    let observer: &mut dyn Observer = if status.on() { &mut line } else { &mut () };
    let interrupted = signal::interrupted;
    let mut report = ndr::search(&mut engine, &subject, &opts, &checked, observer, &interrupted)?;
    report.wall_s = began.elapsed().as_secs_f64();
    let mut heads: Vec<String> = report
        .runs
        .iter()
        .map(|run| {
            let at = run.frame_size.as_deref().map_or(String::new(), |n| format!(" at {} frames", size_label(n)));
            let line = run.line.unwrap_or(ndr::Line { max_pps: 0.0, mean_frame: 0.0, port_bps: 0.0, ports: 0 });
            format!(
                "{}{at} on {}: loads {} .. {} ({} sending port{}, {} each, mean frame {:.0} B)",
                subject.source,
                a.ports.join(", "),
                human_rate(run.min_load, "pps"),
                human_rate(run.max_load, "pps"),
                line.ports,
                if line.ports == 1 { "" } else { "s" },
                human_rate(line.port_bps, "b/s"),
                line.mean_frame
            )
        })
        .collect();
    heads.push(workers.note);
    print(&a, &heads, &checked.goals, &report)
}

fn print(a: &NdrArgs, heads: &[String], goals: &[Goal], r: &Report) -> Result<(), Failure> {
    let written = match &a.out {
        Some(dir) => {
            let command: Vec<String> = std::env::args().collect();
            let files = ndr::files::render(&command, &Host::with_ports(&r.ports), goals, r)?;
            crate::files::write_set("--out", dir, files)?
        }
        None => vec![],
    };
    if a.json {
        return crate::report::print_json(r);
    }
    for h in heads {
        println!("{h}");
    }
    let sweep = r.sweep();
    println!(
        "{}{:<8} {:>8} {:>14} {:>12} {:>8} {:>14} {:>14}",
        if sweep { format!("{:<6} ", "size") } else { String::new() },
        "goal",
        "loss",
        "lower bound",
        "L2",
        "line",
        "upper bound",
        "throughput"
    );
    for run in &r.runs {
        if let Some(m) = &run.mrr {
            println!(
                "{}{:<8} {:>8} {:>14} {:>12} {:>8} {:>14} {:>14}",
                if sweep { format!("{:<6} ", run.frame_size.as_deref().unwrap_or("-")) } else { String::new() },
                "mrr",
                "any",
                human_rate(m.mean, "pps"),
                run.line.map_or_else(|| "-".into(), |l| human_rate(m.mean * l.mean_frame * 8.0, "b/s")),
                run.line.map_or_else(|| "-".into(), |l| format!("{:.1}%", m.mean / l.max_pps * 100.0)),
                "-",
                "-",
            );
        }
        for (g, gr) in goals.iter().zip(&run.goals) {
            let res = &gr.result;
            let show = |v: Option<f64>, none: &str| v.map_or_else(|| none.to_string(), |v| human_rate(v, "pps"));
            // An answer the generator may have spoiled says so on its own line of the table.
            println!(
                "{}{:<8} {:>8} {:>14} {:>12} {:>8} {:>14} {:>14}{}",
                if sweep { format!("{:<6} ", run.frame_size.as_deref().unwrap_or("-")) } else { String::new() },
                g.name,
                format!("{}%", g.loss_ratio * 100.0),
                show(res.lower_bound, "not found"),
                gr.lower_bound_bps_l2.map_or_else(|| "-".into(), |v| human_rate(v, "b/s")),
                gr.lower_bound_percent_line.map_or_else(|| "-".into(), |v| format!("{v:.1}%")),
                show(res.upper_bound, "none (max)"),
                show(res.conditional_throughput, "-"),
                gr.untrusted.as_deref().map_or(String::new(), |u| format!("  UNTRUSTED: {u}")),
            );
        }
    }
    for run in &r.runs {
        let at = run.frame_size.as_deref().map_or(String::new(), |n| format!(" at {}", size_label(n)));
        for (g, gr) in goals.iter().zip(&run.goals) {
            if gr.result.lower_bound.is_none() {
                println!(
                    "{}{at}: not found: even the minimum load ({}) loses more than {}%",
                    g.name,
                    human_rate(run.min_load, "pps"),
                    g.loss_ratio * 100.0
                );
            }
            // An untrusted answer's line says why; this one is for a generator that fell short.
            if gr.upper_bound_generator_limited && gr.untrusted.is_none() {
                match gr.result.lower_bound {
                    Some(v) => println!(
                        "{}{at}: the upper bound is the generator's limit, not the DUT's: the DUT forwards at least {} \
                         within {}% loss",
                        g.name,
                        human_rate(v, "pps"),
                        g.loss_ratio * 100.0
                    ),
                    None => println!(
                        "{}{at}: the generator could not offer even the minimum load; the DUT lost none of what it sent",
                        g.name
                    ),
                }
            }
        }
        if run.generator_limited_trials > 0 {
            println!(
                "{} trial(s){at} sent less than 99.9% of their load: a generator limit, counted as failed (never as DUT \
                 loss)",
                run.generator_limited_trials
            );
        }
    }
    for run in &r.runs {
        let Some(m) = &run.mrr else { continue };
        let at = run.frame_size.as_deref().map_or(String::new(), |n| format!(" at {}", size_label(n)));
        println!(
            "mrr{at}: {} trials of {} s at {}: receive rate {} mean, {} standard deviation",
            m.samples.len(),
            m.trial_duration,
            human_rate(m.load, "pps"),
            human_rate(m.mean, "pps"),
            human_rate(m.stdev, "pps")
        );
    }
    if ndr::files::throughput_below_bound(r) {
        println!("{}", ndr::files::THROUGHPUT_NOTE);
    }
    if let Some(p) = ndr::files::pacing(r) {
        println!("{p}");
    }
    print_latency(r, sweep);
    let (trials, secs): (usize, f64) =
        (r.runs.iter().map(|x| x.trials).sum(), r.runs.iter().map(|x| x.trial_seconds).sum());
    println!("{trials} trials, {secs:.1} s of trials, {:.1} s in all", r.wall_s);
    if !written.is_empty() {
        let names: Vec<String> = written.iter().map(|p| p.display().to_string()).collect();
        println!("wrote {}", names.join(", "));
    }
    Ok(())
}

/// The latency trials' table: per size, share of the goal, load and stream, the
/// latency percentiles in microseconds.
fn print_latency(r: &Report, sweep: bool) {
    let us = |ns: u64| format!("{:.1}", ns as f64 / 1e3);
    let mut header = false;
    for run in &r.runs {
        let Some(goal) = &run.latency_of else { continue };
        let at = run.frame_size.as_deref().map_or(String::new(), |n| format!(" at {}", size_label(n)));
        if run.latency.is_empty() {
            println!("latency{at}: no trials: {goal} was not found");
            continue;
        }
        if !header {
            println!();
            println!(
                "{}{:>7} {:>13} {:<16} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9}",
                if sweep { format!("{:<6} ", "size") } else { String::new() },
                format!("% {goal}"),
                "load",
                "latency (us)",
                "min",
                "p50",
                "p90",
                "p99",
                "p99.9",
                "max"
            );
            header = true;
        }
        for p in &run.latency {
            for l in &p.streams {
                let m = &l.summary;
                println!(
                    "{}{:>7} {:>13} {:<16} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9}",
                    if sweep { format!("{:<6} ", run.frame_size.as_deref().unwrap_or("-")) } else { String::new() },
                    format!("{}%", p.percent),
                    human_rate(p.record.trial.intended_load, "pps"),
                    l.stream,
                    if m.count > 0 { us(m.min_ns) } else { "-".into() },
                    us(m.p50_ns),
                    us(m.p90_ns),
                    us(m.p99_ns),
                    us(m.p999_ns),
                    us(m.max_ns)
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_as_minutes_and_seconds() {
        assert_eq!(
            (mm_ss(0.4), mm_ss(42.0), mm_ss(65.2), mm_ss(-3.0)),
            ("0s".into(), "42s".into(), "1m05s".into(), "0s".into())
        );
    }
}
