//! `riptide calibrate`: the host's core jitter, memory bandwidth and latency, and the
//! settings that hurt zero-loss tests, in one command (riptide-calibrate does the work).
//!
//! Every run is also saved as the host's latest calibration ([`latest_path`]), which
//! `riptide ndr --out` and `riptide run --out` embed, so a throughput figure travels
//! with the state of the machine that produced it.

use crate::drive::StatusLine;
use crate::files::{check_writable, write_atomic};
use crate::Failure;
use clap::{Args, ValueEnum};
use riptide_calibrate::{jitter, latency, memory, report, system, Calibration};
use riptide_core::cpulist::{self, Compact};
use riptide_method::host::{latest, latest_path};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// One part of a calibration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Part {
    /// Core jitter per core (pma_tools' method).
    Jitter,
    /// Memory bandwidth by read:write mix (MLC --peak_injection_bandwidth).
    Membw,
    /// Cache and memory latency, idle and loaded (MLC --idle_latency, --loaded_latency).
    Latency,
    /// The host's settings, with a warning for each one known to hurt zero-loss tests.
    System,
}

#[derive(Args, Debug)]
pub(crate) struct CalibrateArgs {
    /// One part only (default: all of them).
    #[arg(value_enum)]
    pub part: Option<Part>,
    /// Cores to measure and to check as workers: a list like 0-3,6 (default: the worker
    /// threads of --config, else every online core).
    #[arg(long)]
    pub cores: Option<String>,
    /// A short run: under 30 s on a 2-core machine.
    #[arg(long)]
    pub quick: bool,
    /// Print one JSON object (schema in docs/calibrate.md) instead of tables.
    #[arg(long)]
    pub json: bool,
    /// Also write the JSON object to FILE, and its charts beside it (FILE's name without
    /// `.json`, then `-jitter.png` and `-loaded-latency.png`).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// A port whose interface to capture (as `riptide run --port`: afpacket:IF, afxdp:IF).
    #[arg(short = 'p', long = "port")]
    pub ports: Vec<String>,
    /// A port configuration file: its interfaces, and its worker threads as --cores.
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Probe the ports' interfaces inside this network namespace.
    #[arg(long)]
    pub netns: Option<String>,
    /// Seconds of jitter sampling per core (default 10; 2 with --quick).
    #[arg(long)]
    pub jitter_seconds: Option<f64>,
    /// A jitter sample counts as an interruption when it is slower than the fastest by
    /// more than this many ns.
    #[arg(long, default_value_t = 1000.0)]
    pub threshold_ns: f64,
    /// Read procfs and sysfs under DIR instead of / (a copied or fake tree; with the
    /// system part only).
    #[arg(long, value_name = "DIR")]
    pub root: Option<PathBuf>,
    /// Do not save this run as the host's latest calibration.
    #[arg(long)]
    pub no_save: bool,
}

/// The PNG files written beside `--out FILE`.
fn chart_paths(out: &Path) -> (PathBuf, PathBuf) {
    let name = out.file_name().and_then(|n| n.to_str()).unwrap_or("calibration");
    let stem = name.strip_suffix(".json").unwrap_or(name);
    (out.with_file_name(format!("{stem}-jitter.png")), out.with_file_name(format!("{stem}-loaded-latency.png")))
}

/// Tells a person at a terminal what runs now (stderr, one line rewritten).
struct Progress {
    status: StatusLine,
    step: usize,
    steps: usize,
}

impl Progress {
    fn say(&mut self, what: &str) {
        self.step += 1;
        self.status.show(&format!("calibrate [{}/{}] {what}", self.step, self.steps));
    }
    fn done(&self) {
        self.status.clear();
    }
}

pub(crate) fn calibrate(a: CalibrateArgs) -> Result<(), Failure> {
    let root = a.root.clone().unwrap_or_else(|| PathBuf::from("/"));
    let fake = a.root.is_some();
    if fake && !matches!(a.part, Some(Part::System)) {
        return Err(Failure::input("--root reads a copied or fake tree: only `riptide calibrate system` can use it"));
    }
    if !(a.threshold_ns.is_finite() && a.threshold_ns > 0.0) {
        return Err(Failure::input(format!("--threshold-ns {}: expected a positive number of ns", a.threshold_ns)));
    }
    let jitter_s = a.jitter_seconds.unwrap_or(if a.quick { 2.0 } else { 10.0 });
    if !(jitter_s.is_finite() && (0.1..=3600.0).contains(&jitter_s)) {
        return Err(Failure::input(format!("--jitter-seconds {jitter_s}: expected 0.1 to 3600")));
    }
    // Interfaces and default workers from --port and --config.
    let mut specs = a.ports.clone();
    let mut config_cores = vec![];
    if let Some(path) = &a.config {
        let cfg = crate::portcfg::load(path)?;
        specs.extend(cfg.spec_strings());
        config_cores = cfg.worker_cpus();
    }
    let mut ifaces = vec![];
    for s in &specs {
        let spec: riptide_port::PortSpec = s.parse().map_err(|e| Failure::input(format!("--port {s}: {e}")))?;
        if let Some(i) = spec.interface() {
            ifaces.push(i.to_string());
        }
    }
    if let Some(ns) = &a.netns {
        riptide_port::netns::enter(ns).map_err(|e| Failure::input(format!("--netns {ns}: {e}")))?;
    }
    let mut sys = system::capture(&root, &ifaces);
    if !fake {
        probe_interfaces(&mut sys);
    }
    let cores = match &a.cores {
        Some(s) => {
            cpulist::parse(s).map_err(|e| Failure::input(format!("--cores {s}: {e} (expected a list like 0-3,6)")))?
        }
        None if !config_cores.is_empty() => {
            let mut c = config_cores.clone();
            c.sort_unstable();
            c
        }
        None => sys.cpu.online.clone(),
    };
    check_cores(&cores, &sys, a.cores.as_deref())?;
    if let Some(out) = &a.out {
        check_writable("--out", out)?;
        let (j, l) = chart_paths(out);
        check_writable("--out", &j)?;
        check_writable("--out", &l)?;
    }

    let parts: Vec<Part> = match a.part {
        Some(p) => vec![p],
        None => vec![Part::System, Part::Jitter, Part::Membw, Part::Latency],
    };
    let measuring = parts.iter().any(|p| *p != Part::System);
    let mut progress = Progress {
        status: StatusLine::new(true),
        step: 0,
        steps: parts
            .iter()
            .map(|p| {
                if *p == Part::Jitter {
                    cores.len()
                } else if *p == Part::Latency {
                    2
                } else {
                    1
                }
            })
            .sum(),
    };
    let tsc_hz = if measuring { riptide_calibrate::cpu::tsc_hz() } else { 0.0 };
    let warnings = riptide_calibrate::advise(&sys, &cores);
    let mut c = Calibration {
        schema: report::SCHEMA,
        riptide_version: env!("CARGO_PKG_VERSION").into(),
        taken_unix_s: riptide_core::host::unix_now_ns() / 1_000_000_000,
        quick: a.quick,
        parts: parts.iter().map(|p| format!("{p:?}").to_lowercase()).collect(),
        cores: cores.clone(),
        tsc_hz,
        system: None,
        warnings: vec![],
        jitter: None,
        bandwidth: None,
        latency: None,
        loaded_latency: None,
        notes: vec![],
    };
    for p in &parts {
        match p {
            Part::System => {
                progress.say("system");
                c.system = Some(sys.clone());
                c.warnings = warnings.clone();
            }
            Part::Jitter => {
                let cfg = jitter::JitterConfig {
                    duration: Duration::from_secs_f64(jitter_s),
                    threshold_ns: a.threshold_ns,
                    ..jitter::JitterConfig::default()
                };
                let mut v = vec![];
                for &core in &cores {
                    progress.say(&format!("jitter on core {core} ({jitter_s} s)"));
                    v.push(jitter::measure(core, &cfg, tsc_hz).map_err(io("jitter"))?);
                }
                c.jitter = Some(v);
            }
            Part::Membw => {
                progress.say("memory bandwidth");
                let cfg = memory::MemConfig {
                    buffer_bytes: if a.quick { 128 << 20 } else { 256 << 20 },
                    reps: if a.quick { 2 } else { 5 },
                };
                let nodes: Vec<(usize, Vec<usize>)> = sys
                    .cpu
                    .nodes
                    .iter()
                    .map(|n| (n.id, n.cpus.iter().copied().filter(|c| cores.contains(c)).collect()))
                    .collect();
                c.bandwidth = Some(memory::measure(&cores, &nodes, &cfg).map_err(io("memory bandwidth"))?);
            }
            Part::Latency => {
                progress.say("idle latency");
                let per_level = Duration::from_millis(if a.quick { 150 } else { 600 });
                c.latency = Some(latency::measure(cores[0], sys.caches, per_level, tsc_hz).map_err(io("latency"))?);
                progress.say("loaded latency");
                if cores.len() < 2 {
                    c.notes
                        .push("loaded latency needs two or more cores (--cores): one chases, the others inject".into());
                } else {
                    let (delays, per_point): (&[u64], _) = if a.quick {
                        (&latency::QUICK_DELAYS, Duration::from_millis(400))
                    } else {
                        (&latency::MLC_DELAYS, Duration::from_secs(1))
                    };
                    let buf = if a.quick { 128 << 20 } else { 256 << 20 };
                    c.loaded_latency = Some(
                        latency::loaded(&cores, sys.caches, delays, per_point, buf).map_err(io("loaded latency"))?,
                    );
                }
            }
        }
    }
    progress.done();
    if c.system.is_none() {
        // The other parts still say which machine they ran on.
        c.system = Some(sys);
    }

    let json = serde_json::to_string_pretty(&c).map_err(|e| Failure::runtime(e.to_string()))?;
    if let Some(out) = &a.out {
        write_atomic("--out", out, &json)?;
        let (jp, lp) = chart_paths(out);
        if let Some(js) = c.jitter.as_ref().filter(|j| !j.is_empty()) {
            let png =
                riptide_plot::chart_png(&report::jitter_chart(js)).map_err(|e| Failure::runtime(e.to_string()))?;
            write_atomic("--out", &jp, png)?;
        }
        if let Some(l) = &c.loaded_latency {
            let png = riptide_plot::chart_png(&report::loaded_chart(l)).map_err(|e| Failure::runtime(e.to_string()))?;
            write_atomic("--out", &lp, png)?;
        }
    }
    if !fake && !a.no_save {
        save_latest(&c, &json);
    }
    if a.json {
        println!("{json}");
    } else {
        let mut text = report::text(&c);
        if c.parts == ["system"] {
            // Only the system part: the header's TSC figure was not measured.
            text = text.replacen(", TSC 0.0 MHz", "", 1);
        }
        print!("{text}");
    }
    Ok(())
}

/// Keeps `c` as the host's latest calibration, merged over the previous one so a part
/// run alone (`riptide calibrate jitter`) does not forget the others.
fn save_latest(c: &Calibration, json: &str) {
    let Some(path) = latest_path() else { return };
    let merged = match latest() {
        Some((mut old, _)) if old.cores == c.cores => {
            old.taken_unix_s = c.taken_unix_s;
            old.quick = c.quick;
            old.tsc_hz = if c.tsc_hz > 0.0 { c.tsc_hz } else { old.tsc_hz };
            old.system = c.system.clone();
            if c.parts.iter().any(|p| p == "system") {
                old.warnings = c.warnings.clone();
            }
            for p in &c.parts {
                if !old.parts.contains(p) {
                    old.parts.push(p.clone());
                }
            }
            old.jitter = c.jitter.clone().or(old.jitter);
            old.bandwidth = c.bandwidth.clone().or(old.bandwidth);
            old.latency = c.latency.clone().or(old.latency);
            old.loaded_latency = c.loaded_latency.clone().or(old.loaded_latency);
            old.notes = c.notes.clone();
            serde_json::to_string_pretty(&old).unwrap_or_else(|_| json.to_string())
        }
        _ => json.to_string(),
    };
    let res = path
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .map_err(|e| e.to_string())
        .and_then(|()| write_atomic("state", &path, merged).map_err(|f| f.message));
    if let Err(e) = res {
        eprintln!("riptide: warning: could not save the calibration as the host's latest ({}): {e}", path.display());
    }
}

/// Refuses cores the machine does not have or has offline.
fn check_cores(cores: &[usize], sys: &system::SystemInfo, given: Option<&str>) -> Result<(), Failure> {
    let flag = given.map_or("--config".to_string(), |g| format!("--cores {g}"));
    for &c in cores {
        if sys.cpu.offline.contains(&c) {
            return Err(Failure::input(format!("{flag}: core {c} is offline (online: {})", Compact(&sys.cpu.online))));
        }
        if !sys.cpu.online.contains(&c) {
            return Err(Failure::input(format!(
                "{flag}: core {c} does not exist (online: {})",
                Compact(&sys.cpu.online)
            )));
        }
    }
    Ok(())
}

/// Fills what only ethtool says (driver of a virtual interface, ring sizes, speed) in
/// the calling thread's namespace; sysfs shows the namespace it was mounted in.
fn probe_interfaces(sys: &mut system::SystemInfo) {
    for i in &mut sys.interfaces {
        let k = riptide_method::host::Interface::probe("", &i.name);
        if let Some(d) = k.driver {
            i.exists = true;
            i.driver.get_or_insert(d);
        }
        if k.rx_ring.is_some() {
            (i.rx_ring, i.tx_ring) = (k.rx_ring, k.tx_ring);
        }
        if i.speed_mbps.is_none() {
            i.speed_mbps = k.speed_bps.map(|b| (b / 1e6) as u64);
        }
    }
}

/// A failed measurement (a mapping, a thread, pinning) as a runtime failure.
fn io(what: &'static str) -> impl Fn(std::io::Error) -> Failure {
    move |e| Failure::runtime(format!("{what}: {e}"))
}
