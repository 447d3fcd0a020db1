//! `riptide ndr`: the throughput search (NDR/PDR, MLRsearch's algorithm in
//! `riptide-search`).
//!
//! This first step runs the search against a simulated DUT (`--simulate`): a device of a
//! known capacity and loss, no ports, no traffic. It shows what a search costs (trials,
//! seconds) for given goals and limits, and it is how the search is tested against the
//! MLRsearch package (python/tests/test_ndr.py). Trials on ports, through the engine's
//! command API, come next (issue 16).

use crate::Failure;
use clap::Args;
use riptide_core::units::{human_rate, Rate};
use riptide_core::Nanos;
use riptide_search::sim::Capacity;
use riptide_search::{search, Config, Goal, Outcome};
use serde::Serialize;

#[derive(Args, Debug)]
pub(crate) struct NdrArgs {
    /// Search against a simulated DUT that forwards this many frames/s (`1.234mpps`),
    /// optionally losing a share of them anyway (`1.234mpps,loss=0.3%`).
    #[arg(long, required = true, value_name = "RATE[,loss=RATIO]")]
    pub simulate: String,
    /// Goals: names with the loss ratio each allows (`ndr=0,pdr=0.5%`).
    #[arg(long, default_value = "ndr=0,pdr=0.5%")]
    pub goals: String,
    /// Final relative width of each goal's interval (`0.5%` or `0.005`).
    #[arg(long, default_value = "0.5%")]
    pub width: String,
    /// Duration of the first trials (MLRsearch's initial trial duration).
    #[arg(long, default_value = "1s")]
    pub trial: String,
    /// Duration of the trials that decide (MLRsearch's final trial duration).
    #[arg(long, default_value = "10s")]
    pub final_trial: String,
    /// Seconds of final trials that decide whether a load passes.
    #[arg(long, default_value = "21s")]
    pub duration_sum: String,
    /// Share of the deciding trial time that may exceed a goal's loss ratio.
    #[arg(long, default_value = "0.5")]
    pub exceed_ratio: String,
    /// Lowest load tried (frames/s: `9001pps`, `10kpps`).
    #[arg(long, default_value = "9001pps")]
    pub min_load: String,
    /// Highest load tried (frames/s: `14.88mpps`).
    #[arg(long)]
    pub max_load: String,
    /// Give up after this many seconds of trials.
    #[arg(long, default_value = "1200s")]
    pub max_search: String,
    /// Print one JSON object: the goals' results and every trial.
    #[arg(long)]
    pub json: bool,
}

/// A ratio written as `0.5%` or `0.005`.
fn ratio(option: &str, s: &str) -> Result<f64, Failure> {
    let t = s.trim();
    let (num, scale) = match t.strip_suffix('%') {
        Some(n) => (n, 0.01),
        None => (t, 1.0),
    };
    num.trim()
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
        .map(|v| v * scale)
        .ok_or_else(|| Failure::input(format!("{option} '{s}': expected a ratio such as 0.5% or 0.005")))
}

/// A load in frames/s (a rate in pps).
fn load(option: &str, s: &str) -> Result<f64, Failure> {
    match s.parse::<Rate>() {
        Ok(Rate::Pps(v)) => Ok(v),
        Ok(_) => Err(Failure::input(format!("{option} '{s}': a simulated search takes loads in frames/s (pps)"))),
        Err(e) => Err(Failure::input(format!("{option}: {e}"))),
    }
}

fn seconds(option: &str, s: &str) -> Result<f64, Failure> {
    let d: Nanos = s.parse().map_err(|e| Failure::input(format!("{option}: {e}")))?;
    if d == Nanos::ZERO {
        return Err(Failure::input(format!("{option} '{s}': expected a positive duration")));
    }
    Ok(d.as_secs_f64())
}

/// `--goals ndr=0,pdr=0.5%`: each goal with the shared options.
fn goals(a: &NdrArgs) -> Result<Vec<Goal>, Failure> {
    let width = ratio("--width", &a.width)?;
    if !(width > 0.0 && width < 1.0) {
        return Err(Failure::input(format!("--width '{}': expected a width in (0, 100%)", a.width)));
    }
    let exceed = ratio("--exceed-ratio", &a.exceed_ratio)?;
    if !(0.0..1.0).contains(&exceed) {
        return Err(Failure::input(format!("--exceed-ratio '{}': expected a ratio in [0, 1)", a.exceed_ratio)));
    }
    let (initial, last, sum) = (
        seconds("--trial", &a.trial)?,
        seconds("--final-trial", &a.final_trial)?,
        seconds("--duration-sum", &a.duration_sum)?,
    );
    if last < initial {
        return Err(Failure::input(format!(
            "--final-trial {}: expected at least --trial ({})",
            a.final_trial, a.trial
        )));
    }
    if sum < last {
        return Err(Failure::input(format!(
            "--duration-sum {}: expected at least --final-trial ({})",
            a.duration_sum, a.final_trial
        )));
    }
    let mut out: Vec<Goal> = vec![];
    for item in a.goals.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let Some((name, lr)) = item.split_once('=') else {
            return Err(Failure::input(format!("--goals '{item}': expected NAME=LOSS_RATIO, such as pdr=0.5%")));
        };
        let name = name.trim();
        if name.is_empty() || out.iter().any(|g| g.name == name) {
            return Err(Failure::input(format!("--goals '{item}': each goal needs a name of its own")));
        }
        let loss = ratio("--goals", lr)?;
        if !(0.0..1.0).contains(&loss) {
            return Err(Failure::input(format!(
                "--goals '{item}': the loss ratio must be in [0, 1), such as 0 or 0.5%"
            )));
        }
        let g = Goal {
            exceed_ratio: exceed,
            relative_width: width,
            initial_trial_duration: initial,
            final_trial_duration: last,
            duration_sum: sum,
            ..Goal::new(name, loss)
        };
        g.validate().map_err(|e| Failure::input(format!("--goals: {e}")))?;
        out.push(g);
    }
    if out.is_empty() {
        return Err(Failure::input("--goals: expected at least one NAME=LOSS_RATIO"));
    }
    Ok(out)
}

/// `--simulate 1.234mpps[,loss=0.3%]`.
fn simulated(s: &str) -> Result<Capacity, Failure> {
    let mut parts = s.split(',');
    let cap = load("--simulate", parts.next().unwrap_or(""))?;
    let mut dut = Capacity::new(cap);
    for p in parts {
        match p.trim().split_once('=') {
            Some(("loss", v)) => {
                dut.loss_ratio = ratio("--simulate loss", v)?;
                if !(0.0..1.0).contains(&dut.loss_ratio) {
                    return Err(Failure::input(format!("--simulate '{p}': the loss ratio must be in [0, 1)")));
                }
            }
            _ => return Err(Failure::input(format!("--simulate '{p}': expected loss=RATIO after the rate"))),
        }
    }
    Ok(dut)
}

#[derive(Serialize)]
struct Report<'a> {
    simulated_capacity: f64,
    simulated_loss_ratio: f64,
    min_load: f64,
    max_load: f64,
    #[serde(flatten)]
    outcome: &'a Outcome,
    trial_list: &'a [riptide_search::Trial],
}

pub(crate) fn ndr(a: NdrArgs) -> Result<(), Failure> {
    let goals = goals(&a)?;
    let (min_load, max_load) = (load("--min-load", &a.min_load)?, load("--max-load", &a.max_load)?);
    if min_load >= max_load {
        return Err(Failure::input(format!("--min-load {} is not below --max-load {}", a.min_load, a.max_load)));
    }
    let max_duration = seconds("--max-search", &a.max_search)?;
    let mut dut = simulated(&a.simulate)?;
    let config = Config { goals: goals.clone(), min_load, max_load, warmup: 0.0, max_duration };
    let outcome = match search(&config, &mut dut) {
        Ok(o) => o,
        Err(riptide_search::Failure::Search(e)) => return Err(Failure::runtime(format!("search: {e}"))),
        Err(riptide_search::Failure::Measurer(never)) => match never {},
    };
    if a.json {
        let r = Report {
            simulated_capacity: dut.capacity,
            simulated_loss_ratio: dut.loss_ratio,
            min_load,
            max_load,
            outcome: &outcome,
            trial_list: &dut.trials,
        };
        let text = serde_json::to_string_pretty(&r).map_err(|e| Failure::runtime(format!("json: {e}")))?;
        println!("{text}");
        return Ok(());
    }
    println!(
        "simulated DUT: forwards {}{}; loads {} .. {}",
        human_rate(dut.capacity, "pps"),
        if dut.loss_ratio > 0.0 { format!(", loses {}% of it", dut.loss_ratio * 100.0) } else { String::new() },
        human_rate(min_load, "pps"),
        human_rate(max_load, "pps")
    );
    println!("{:<8} {:>10} {:>14} {:>14} {:>14}", "goal", "loss", "lower bound", "upper bound", "throughput");
    for (g, r) in goals.iter().zip(&outcome.goals) {
        let show = |v: Option<f64>, none: &str| v.map_or_else(|| none.to_string(), |v| human_rate(v, "pps"));
        println!(
            "{:<8} {:>10} {:>14} {:>14} {:>14}",
            g.name,
            format!("{}%", g.loss_ratio * 100.0),
            show(r.lower_bound, "not found"),
            show(r.upper_bound, "none (max)"),
            show(r.conditional_throughput, "-"),
        );
    }
    for (g, r) in goals.iter().zip(&outcome.goals) {
        if r.lower_bound.is_none() {
            println!(
                "{}: not found: even the minimum load ({}) loses more than {}%",
                g.name,
                human_rate(min_load, "pps"),
                g.loss_ratio * 100.0
            );
        }
    }
    println!("{} trials, {:.1} s of trials", outcome.trials, outcome.trial_seconds);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratios_take_percent_or_fraction() {
        assert_eq!(ratio("--width", "0.5%").unwrap(), 0.005);
        assert_eq!(ratio("--width", "0.005").unwrap(), 0.005);
        assert!(ratio("--width", "half").unwrap_err().message.contains("--width 'half'"));
    }
}
