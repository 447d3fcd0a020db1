//! `riptide run-stf`: TRex cap2 profiles (stateful flows) on riptide's ports.
//!
//! Simulated ports (pcap) and the null port run on virtual time as fast as the CPU
//! goes (every frame stamped with its scheduled departure); interfaces run in real time.
//! Client-to-server packets go to the first port, server-to-client packets to the
//! second (or the first, with one port).

use crate::run::PlaceArgs;
use crate::Failure;
use clap::Args;
use riptide_engine::stf::{load_profile, StfError, StfOptions, StfRun};
use riptide_timer::SchedulerKind;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub(crate) struct StfArgs {
    /// cap2 profile (TRex YAML).
    pub profile: PathBuf,
    /// Port: client side first, server side second (`pcap:FILE`, `null`, `afpacket:IF`).
    #[arg(long = "port", required = true)]
    pub ports: Vec<String>,
    /// CPS multiplier.
    #[arg(short = 'm', long, default_value_t = 1.0)]
    pub multiplier: f64,
    /// Seconds of new flows (default: the profile's `duration`).
    #[arg(short = 'd', long)]
    pub duration: Option<f64>,
    /// Stretch flow lifetimes so this many flows are active at steady state.
    #[arg(long)]
    pub active_flows: Option<u64>,
    /// Worker threads, each with its own share of every template's flows (shared nothing).
    #[arg(short = 'c', long, default_value_t = 1)]
    pub cores: usize,
    /// Flow scheduler: tw (timer wheel) or pq (priority queue).
    #[arg(long, default_value = "tw")]
    pub scheduler: String,
    /// Print one JSON object (TRex's m_* names and a per-second series).
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub place: PlaceArgs,
}

pub(crate) fn run_stf(a: StfArgs) -> Result<(), Failure> {
    let mut notes = Vec::new();
    let (profile, convs) = load_profile(&a.profile, &mut notes).map_err(failure)?;
    for n in notes {
        eprintln!("{n}");
    }
    let scheduler: SchedulerKind = a.scheduler.parse().map_err(|e| Failure::input(format!("--scheduler: {e}")))?;
    if a.ports.len() > 2 {
        return Err(Failure::input("run-stf takes one or two ports (client side, server side)"));
    }
    let config = a.place.engine_config(&a.ports)?;
    let opts = StfOptions {
        multiplier: a.multiplier,
        duration_s: a.duration,
        active_flows: a.active_flows,
        scheduler,
        cores: a.cores,
        force: config.force,
    };
    let run =
        StfRun::start(&profile, &convs, &opts, &config.ports, &a.profile.display().to_string()).map_err(failure)?;
    while !run.is_finished() {
        if crate::signal::interrupted() {
            run.request_stop();
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let out = run.wait().map_err(failure)?;
    if a.json {
        println!("{}", serde_json::to_string_pretty(&out).map_err(|e| Failure::runtime(e.to_string()))?);
    } else {
        let f = |k: &str| out[k].as_f64().unwrap_or(0.0);
        println!(
            "flows opened {} closed {} active {}; packets {} ({:.0} pps, {:.0} cps over {:.3} s {}); {:.2} Mpps engine",
            out["m_total_open_flows"],
            out["m_total_close_flows"],
            out["m_active_flows"],
            out["tx_packets"],
            f("m_tx_pps"),
            f("m_tx_cps"),
            f("duration_s"),
            if out["simulated"] == true { "virtual" } else { "wall" },
            f("engine_mpps")
        );
    }
    Ok(())
}

fn failure(e: StfError) -> Failure {
    match e {
        StfError::Input(m) => Failure::input(m),
        StfError::Runtime(m) => Failure::runtime(m),
    }
}
