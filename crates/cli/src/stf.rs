//! `riptide run-stf`: TRex cap2 profiles (stateful flows) on riptide's ports.
//!
//! Simulated ports (pcap) and the null port run on virtual time as fast as the CPU
//! goes (every frame stamped with its scheduled departure); interfaces run in real time.
//! Client-to-server packets go to the first port, server-to-client packets to the
//! second (or the first, with one port). A front end of [`Command::StfStart`].

use crate::drive::drive_sampled;
use crate::place::PlaceArgs;
use crate::Failure;
use clap::Args;
use riptide_core::units::human_rate;
use riptide_core::Nanos;
use riptide_engine::stf::{StfReport, StfStart};
use riptide_engine::{Command, Engine, Multiplier};
use riptide_timer::SchedulerKind;
use std::path::PathBuf;

/// `--line-rate` here: what the report sets each port's sending against.
const LINE_RATE_HELP: &str = "Line rate of the ports, reported beside what each sent (`line_rate_bps` in --json); the flows' \
rate is the profile's times -m, never a share of it: 10g, 100g, 1g (default: each interface's link speed, 10g for null and pcap)";

#[derive(Args, Debug)]
#[command(mut_arg("line_rate", |a| a.help(LINE_RATE_HELP)))]
pub(crate) struct StfArgs {
    /// cap2 profile (TRex YAML).
    pub profile: PathBuf,
    /// Port: client side first, server side second (`pcap:FILE`, `null`, `afpacket:IF`).
    #[arg(long = "port", required = true)]
    pub ports: Vec<String>,
    /// CPS multiplier: a factor (10, x10).
    #[arg(short = 'm', long, default_value = "1")]
    pub multiplier: String,
    /// The test's length, as TRex's -d: flows start until then and the run ends then
    /// (10s, 500ms, or plain seconds; default: the profile's `duration`).
    #[arg(short = 'd', long)]
    pub duration: Option<String>,
    /// Stop after this many packets in all.
    #[arg(short = 'n', long, allow_negative_numbers = true)]
    pub count: Option<u64>,
    /// Stretch flow lifetimes so this many flows are active at steady state.
    #[arg(long)]
    pub active_flows: Option<u64>,
    /// Worker threads: a count (4), or a core list (2,3 or 2-5; one core: 3-3) that pins
    /// one worker on each core; each worker has its own share of every template's flows (shared nothing).
    #[arg(short = 'c', long, default_value = "1")]
    pub cores: crate::cores::Cores,
    /// Flow scheduler: tw (timer wheel; timers set in deadline order skip it for a sorted
    /// run), pq (priority queue) or tw-only (the wheel without the run).
    #[arg(long, default_value = "tw")]
    pub scheduler: String,
    /// Start only share I (from 0) of N of the flows, for N generators that together run
    /// the profile (on N hosts, or N namespaces): the flows numbered I modulo N, with the
    /// addresses, ports and start times one generator would give them (the `seq`
    /// distribution), and 1/N of -n. `riptide merge` adds their results.
    #[arg(long, value_name = "I/N")]
    pub segment: Option<String>,
    /// Start at this wall-clock time, so that several generators begin together: RFC
    /// 3339 in UTC (2026-11-27T23:30:00.5Z) or Unix seconds (1795822200.5); a time
    /// already past is refused.
    #[arg(long, value_name = "TIME")]
    pub start_at: Option<String>,
    /// Print one JSON object (TRex's m_* names and a per-second series).
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub place: PlaceArgs,
}

/// `-m` as a factor (a total rate is refused with `why`) and `-d` as a positive duration:
/// the flow-shaped runs' (run-stf, tcp) options.
pub(crate) fn factor_and_duration(m: &str, d: Option<&str>, why: &str) -> Result<(f64, Option<Nanos>), Failure> {
    let multiplier = match m.parse::<Multiplier>() {
        Ok(Multiplier::Factor(f)) => f,
        // Not a factor: the run kind's own words on what -m takes.
        Ok(Multiplier::Total(_)) | Err(_) => return Err(Failure::input(format!("-m {m}: {why}"))),
    };
    let duration = d.map(|d| d.parse::<Nanos>().map_err(|e| Failure::input(format!("-d: {e}")))).transpose()?;
    if duration == Some(Nanos::ZERO) {
        return Err(Failure::input(format!("-d {}: must be a positive duration", d.unwrap_or(""))));
    }
    Ok((multiplier, duration))
}

pub(crate) fn run_stf(a: StfArgs) -> Result<(), Failure> {
    let scheduler: SchedulerKind = a.scheduler.parse().map_err(|e| Failure::input(format!("--scheduler: {e}")))?;
    let (multiplier, duration) =
        factor_and_duration(&a.multiplier, a.duration.as_deref(), "a stateful run's multiplier is a CPS factor")?;
    if a.ports.len() > 2 {
        return Err(Failure::input("run-stf takes one or two ports (client side, server side)"));
    }
    let (segment, start_at) = crate::run::split_options(a.segment.as_deref(), a.start_at.as_deref())?;
    let mut engine = Engine::new(a.place.engine_config(&a.ports)?);
    let at_unix_ns = match start_at {
        Some(at) => {
            Some(crate::run::wait_until(at).ok_or_else(|| Failure::runtime("interrupted before the start time"))?)
        }
        None => None,
    };
    let start = StfStart {
        segment,
        at_unix_ns,
        multiplier,
        duration,
        count: a.count,
        active_flows: a.active_flows,
        scheduler,
        cores: a.cores.count,
        pin: a.cores.pin.clone(),
        ..StfStart::new(&a.profile)
    };
    let progress = crate::drive::shows_progress(a.json);
    let snap = drive_sampled(&mut engine, Command::StfStart(start), progress, &mut Vec::new())?;
    let out = StfReport::from_snapshot(&snap).ok_or_else(|| Failure::runtime("the run gave no stateful report"))?;
    if a.json {
        let mut v = serde_json::to_value(&out).map_err(|e| Failure::runtime(e.to_string()))?;
        v["start_unix_ns"] = serde_json::json!(snap.start_unix_ns);
        v["start_lag_ns"] = serde_json::json!(snap.start_lag_ns);
        if let Some(seg) = segment {
            v["segment"] = serde_json::json!(seg.to_string());
            // What `riptide merge` checks the segments' results by.
            v["flows"] = serde_json::json!({"stride": seg.count, "offset": seg.index});
        }
        if let Some(at) = start_at {
            v["start_at_unix_ns"] = serde_json::json!(at);
        }
        crate::report::print_json(&v)?;
    } else {
        if let Some(seg) = segment {
            println!("segment {seg}: the flows numbered {} modulo {}", seg.index, seg.count);
        }
        let c = &out.stats.counters;
        println!(
            "flows opened {} closed {} active {}; packets {} ({}, {:.0} cps over {:.3} s {}); engine {}",
            c.m_total_open_flows,
            c.m_total_close_flows,
            c.m_active_flows,
            c.tx_packets,
            human_rate(out.stats.m_tx_pps, "pps"),
            out.stats.m_tx_cps,
            out.duration_s,
            if out.simulated { "virtual" } else { "wall" },
            human_rate(out.stats.engine_mpps * 1e6, "pps")
        );
    }
    Ok(())
}
