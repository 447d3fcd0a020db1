//! A calibration's result ([`Calibration`], the `--json` schema of docs/calibrate.md),
//! its terminal report (tables shaped like the tools it replaces) and its charts.

use crate::advice::Warning;
use crate::jitter::CoreJitter;
use crate::latency::{Latency, LoadedLatency};
use crate::memory::Bandwidth;
use crate::system::SystemInfo;
use riptide_core::cpulist::Compact;
use riptide_plot::{Chart, Series, Style, PALETTE};
use serde::{Deserialize, Serialize};
use std::fmt::Write;

/// The schema version of [`Calibration`]'s JSON.
pub const SCHEMA: u32 = 1;

/// Everything one `riptide calibrate` measured. Parts not run are `None`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Calibration {
    /// [`SCHEMA`].
    pub schema: u32,
    /// riptide's version.
    pub riptide_version: String,
    /// When it ran, seconds since the epoch.
    pub taken_unix_s: u64,
    /// Whether `--quick` was given.
    pub quick: bool,
    /// The parts that ran (`system`, `jitter`, `membw`, `latency`).
    pub parts: Vec<String>,
    /// The chosen cores.
    pub cores: Vec<usize>,
    /// The TSC rate, Hz.
    pub tsc_hz: f64,
    /// The host.
    pub system: Option<SystemInfo>,
    /// The settings that hurt zero-loss tests.
    pub warnings: Vec<Warning>,
    /// Per chosen core.
    pub jitter: Option<Vec<CoreJitter>>,
    /// Memory bandwidth.
    pub bandwidth: Option<Bandwidth>,
    /// Idle latency per level.
    pub latency: Option<Latency>,
    /// The loaded-latency curve (two or more cores).
    pub loaded_latency: Option<LoadedLatency>,
    /// What was skipped and why.
    pub notes: Vec<String>,
}

fn mhz(khz: Option<u64>) -> String {
    khz.map_or("-".into(), |k| format!("{} MHz", k / 1000))
}

/// The system capture as a few lines.
pub fn system_text(s: &SystemInfo) -> String {
    let mut o = String::new();
    let c = &s.cpu;
    let _ = writeln!(o, "CPU        {} ({})", c.model, if c.vendor.is_empty() { "-" } else { &c.vendor });
    let _ = writeln!(
        o,
        "Topology   {} socket(s), {} cores, {} threads, SMT {}, NUMA nodes {}, online {}{}{}",
        c.sockets,
        c.cores,
        c.threads,
        if c.smt { "on" } else { "off" },
        c.nodes.len().max(1),
        Compact(&c.online),
        if c.offline.is_empty() { String::new() } else { format!(", offline {}", Compact(&c.offline)) },
        if c.hypervisor { ", virtual machine" } else { "" }
    );
    let _ = writeln!(o, "Kernel     {}", s.kernel.release);
    let params: Vec<String> =
        s.kernel.params.iter().map(|(k, v)| if v.is_empty() { k.clone() } else { format!("{k}={v}") }).collect();
    let _ = writeln!(
        o,
        "Cmdline    {}",
        if params.is_empty() { "(none of the tuning parameters)".into() } else { params.join(" ") }
    );
    match s.frequency.first() {
        None => {
            let _ = writeln!(o, "Frequency  no cpufreq (fixed clock, or a VM that hides it)");
        }
        Some(f) => {
            let govs: std::collections::BTreeSet<&str> =
                s.frequency.iter().filter_map(|f| f.governor.as_deref()).collect();
            let _ = writeln!(
                o,
                "Frequency  driver {}, governor {}, min {} max {} (hardware {}), now {}",
                f.driver.as_deref().unwrap_or("-"),
                govs.into_iter().collect::<Vec<_>>().join("/"),
                mhz(f.min_khz),
                mhz(f.max_khz),
                mhz(f.hw_max_khz),
                mhz(f.cur_khz)
            );
        }
    }
    let _ = writeln!(
        o,
        "Turbo      {}",
        match s.turbo {
            Some(true) => "on",
            Some(false) => "off",
            None => "not reported",
        }
    );
    let states: Vec<String> = s
        .cstates
        .iter()
        .map(|c| format!("{} {} us{}", c.name, c.latency_us, if c.disabled { " (disabled)" } else { "" }))
        .collect();
    let _ = writeln!(
        o,
        "Idle       driver {}; {}",
        s.cpuidle_driver.as_deref().unwrap_or("-"),
        if states.is_empty() { "no states".into() } else { states.join(", ") }
    );
    let pools: Vec<String> =
        s.hugepages.iter().map(|p| format!("{} kB: {} ({} free)", p.size_kib, p.total, p.free)).collect();
    let _ = writeln!(
        o,
        "Hugepages  {}; THP {} (defrag {})",
        if pools.is_empty() { "none".into() } else { pools.join(", ") },
        s.thp.as_deref().unwrap_or("-"),
        s.thp_defrag.as_deref().unwrap_or("-")
    );
    let ca = &s.caches;
    let kib = |b: Option<usize>| b.map_or("-".into(), |b| format!("{} KiB", b >> 10));
    let _ = writeln!(o, "Caches     L1d {}, L2 {}, LLC {}", kib(ca.l1d), kib(ca.l2), kib(ca.llc));
    let _ = writeln!(
        o,
        "IRQs       irqbalance {}; NMI watchdog {}",
        if s.irqbalance { "running" } else { "not running" },
        match s.nmi_watchdog {
            Some(true) => "on",
            Some(false) => "off",
            None => "-",
        }
    );
    for i in &s.interfaces {
        if !i.exists {
            let _ = writeln!(o, "Interface  {}: not found", i.name);
            continue;
        }
        let ring = |r: Option<u32>| r.map_or("-".into(), |r| r.to_string());
        let irqs: Vec<String> = i.irqs.iter().map(|q| format!("{}->{}", q.irq, Compact(&q.affinity))).collect();
        let _ = writeln!(
            o,
            "Interface  {}: driver {}, {}, queues rx {} tx {}, rings rx {} tx {}, IRQs {}",
            i.name,
            i.driver.as_deref().unwrap_or("-"),
            i.speed_mbps.map_or("speed unknown".into(), |m| format!("{m} Mb/s")),
            i.rx_queues,
            i.tx_queues,
            ring(i.rx_ring),
            ring(i.tx_ring),
            if irqs.is_empty() { "none".into() } else { irqs.join(" ") }
        );
    }
    o
}

/// pma_tools' table for one core, then the interruption figures and histogram.
pub fn jitter_text(j: &CoreJitter) -> String {
    let mut o = String::new();
    let ns = |c: u64| c as f64 * 1e9 / j.tsc_hz;
    let _ = writeln!(
        o,
        "Core {}: dummy loop of {} iterations, {} samples in {:.1} s",
        j.core, j.loop_iters, j.samples, j.seconds
    );
    let _ = writeln!(
        o,
        "  {:>10} {:>10} {:>11} {:>10} {:>10} {:>10} {:>8}",
        "Inst_Min", "Inst_Max", "Inst_jitter", "Last_Exec", "Abs_Min", "Abs_Max", "Intr"
    );
    for i in &j.intervals {
        let _ = writeln!(
            o,
            "  {:>10} {:>10} {:>11} {:>10} {:>10} {:>10} {:>8}",
            i.inst_min, i.inst_max, i.inst_jitter, i.last_exec, i.abs_min, i.abs_max, i.interruptions
        );
    }
    let _ = writeln!(
        o,
        "  loop {} cycles ({:.1} us) at best, p50 {} p99 {} p99.9 {} max {}; jitter {} cycles ({:.1} us)",
        j.abs_min,
        ns(j.abs_min) / 1e3,
        j.p50,
        j.p99,
        j.p999,
        j.abs_max,
        j.jitter,
        j.jitter_ns / 1e3
    );
    let _ = writeln!(
        o,
        "  interruptions (slower than the median by over {:.1} us): {} ({:.1}/s), {:.3}% of the core's time",
        j.threshold_ns / 1e3,
        j.interruptions,
        j.interruptions_per_s,
        100.0 * j.lost_fraction
    );
    let bins: Vec<String> = j
        .histogram
        .iter()
        .filter(|b| b.count > 0)
        .map(|b| format!("{} {}", bin_label(b.lo_ns, b.hi_ns), b.count))
        .collect();
    if !bins.is_empty() {
        let _ = writeln!(o, "  lengths: {}", bins.join(", "));
    }
    o
}

/// A bin's lower edge for a chart's axis: `2us`, `1ms`, `>=10ms`.
pub fn bin_tick(lo: f64, hi: Option<f64>) -> String {
    let t = if lo >= 1e6 { format!("{}ms", lo / 1e6) } else { format!("{}us", lo / 1e3) };
    if hi.is_none() {
        format!(">={t}")
    } else {
        t
    }
}

/// `2-5 us`, `1-2 ms`, `>=10 ms`.
pub fn bin_label(lo: f64, hi: Option<f64>) -> String {
    let t = |v: f64| if v >= 1e6 { format!("{}", v / 1e6) } else { format!("{}", v / 1e3) };
    let unit = |v: f64| if v >= 1e6 { "ms" } else { "us" };
    match hi {
        None => format!(">={} {}", t(lo), unit(lo)),
        Some(hi) if unit(lo) == unit(hi) => format!("{}-{} {}", t(lo), t(hi), unit(hi)),
        Some(hi) => format!("{} {}-{} {}", t(lo), unit(lo), t(hi), unit(hi)),
    }
}

/// MLC's peak injection bandwidth table.
pub fn bandwidth_text(b: &Bandwidth) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "Peak injection memory bandwidth (MB/s), {} MiB per buffer, best of {}, {} kernels",
        b.buffer_mib,
        b.reps,
        if b.avx2 { "AVX2" } else { "64-bit" }
    );
    let all = format!("cores {}", Compact(&b.cores));
    let one = format!("core {}", b.cores.first().copied().unwrap_or(0));
    let _ = writeln!(o, "  {:<34} {:>12} {:>12}", "", all, one);
    for r in &b.rows {
        let _ = writeln!(o, "  {:<34} {:>12.1} {:>12.1}", r.mix, r.all_cores_mb_s, r.one_core_mb_s);
    }
    if !b.matrix.is_empty() {
        let _ = writeln!(o, "  NUMA bandwidth matrix (all reads, MB/s): cores' node -> memory's node");
        for p in &b.matrix {
            let _ = writeln!(o, "    node {} -> node {}: {:.1}", p.cpu_node, p.mem_node, p.mb_s);
        }
    }
    o
}

/// The idle latency table.
pub fn latency_text(l: &Latency) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "Idle latency on core {} (dependent loads over a random cycle of 64 B lines)", l.core);
    let _ = writeln!(o, "  {:<6} {:>12} {:>10} {:>10}", "Level", "Buffer", "ns", "clocks");
    for v in &l.levels {
        let size = if v.buffer_bytes >= 1 << 20 {
            format!("{} MiB", v.buffer_bytes >> 20)
        } else {
            format!("{} KiB", v.buffer_bytes >> 10)
        };
        let _ = writeln!(o, "  {:<6} {:>12} {:>10.2} {:>10.1}", v.level, size, v.ns, v.clocks);
    }
    o
}

/// MLC's loaded latency table.
pub fn loaded_text(l: &LoadedLatency) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "Loaded latency: chase on core {}, injection from cores {} (idle {:.1} ns)",
        l.chase_core,
        Compact(&l.injector_cores),
        l.idle_ns
    );
    let _ = writeln!(o, "  {:>12} {:>12} {:>14}", "Inject Delay", "Latency ns", "Bandwidth MB/s");
    for p in &l.points {
        let _ =
            writeln!(o, "  {:>12} {:>12.2} {:>14.1}", format!("{:05}", p.inject_delay), p.latency_ns, p.bandwidth_mb_s);
    }
    o
}

/// The whole terminal report.
pub fn text(c: &Calibration) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "riptide calibrate: cores {}, TSC {:.1} MHz{}",
        Compact(&c.cores),
        c.tsc_hz / 1e6,
        if c.quick { ", quick" } else { "" }
    );
    let with_system = c.parts.iter().any(|p| p == "system");
    if let Some(s) = c.system.as_ref().filter(|_| with_system) {
        o.push('\n');
        o.push_str(&system_text(s));
    }
    if let Some(js) = &c.jitter {
        o.push('\n');
        for j in js {
            o.push_str(&jitter_text(j));
        }
    }
    if let Some(b) = &c.bandwidth {
        o.push('\n');
        o.push_str(&bandwidth_text(b));
    }
    if let Some(l) = &c.latency {
        o.push('\n');
        o.push_str(&latency_text(l));
    }
    if let Some(l) = &c.loaded_latency {
        o.push('\n');
        o.push_str(&loaded_text(l));
    }
    if !c.notes.is_empty() {
        o.push('\n');
        for n in &c.notes {
            let _ = writeln!(o, "note: {n}");
        }
    }
    if with_system {
        o.push('\n');
        if c.warnings.is_empty() {
            let _ = writeln!(o, "No warnings: nothing known to hurt zero-loss tests was found.");
        }
        for w in &c.warnings {
            let _ = writeln!(o, "warning [{}]: {}", w.code, w.message);
        }
    }
    o
}

/// Latency (ns) against bandwidth (MB/s), MLC's loaded-latency curve.
pub fn loaded_chart(l: &LoadedLatency) -> Chart {
    let mut c = Chart::new(
        format!("Loaded latency: chase on core {}, injectors on {}", l.chase_core, Compact(&l.injector_cores)),
        "bandwidth (MB/s)",
        "latency (ns)",
    );
    c.series.push(Series {
        name: "latency".into(),
        color: PALETTE[0].into(),
        style: Style::LineMarkers,
        points: l.points.iter().map(|p| (p.bandwidth_mb_s, p.latency_ns)).collect(),
    });
    c.series.push(Series {
        name: format!("idle {:.1} ns", l.idle_ns),
        color: PALETTE[6].into(),
        style: Style::Dashed,
        points: l.points.iter().map(|p| (p.bandwidth_mb_s, l.idle_ns)).collect(),
    });
    c
}

/// Interruptions per length bin, one series per core.
pub fn jitter_chart(js: &[CoreJitter]) -> Chart {
    let mut c = Chart::new(
        "Core jitter: interruptions by length (beyond the median loop)",
        "interruption length (bins from)",
        "interruptions",
    );
    c.width = 1000;
    let bins = js.first().map(|j| j.histogram.as_slice()).unwrap_or(&[]);
    c.categories = Some(bins.iter().map(|b| bin_tick(b.lo_ns, b.hi_ns)).collect());
    for (i, j) in js.iter().enumerate() {
        c.series.push(Series {
            name: format!("core {}", j.core),
            color: PALETTE[i % PALETTE.len()].into(),
            style: Style::LineMarkers,
            points: j.histogram.iter().enumerate().map(|(k, b)| (k as f64, b.count as f64)).collect(),
        });
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bin_labels_read_as_people_write_them() {
        assert_eq!(bin_label(1e3, Some(2e3)), "1-2 us");
        assert_eq!(bin_label(5e5, Some(1e6)), "500 us-1 ms");
        assert_eq!(bin_label(1e7, None), ">=10 ms");
    }
}
