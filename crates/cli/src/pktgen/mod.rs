//! `riptide pktgen`: Linux pktgen scripts on riptide's engine, with pktgen's result lines.
//!
//! A plain command file (`pgset` lines) is parsed and run; a shell script that drives
//! `/proc/net/pktgen` itself runs unchanged under bash against an emulated
//! `/proc/net/pktgen` ([`shell`], [`fuse`], [`procfs`]).

mod fuse;
mod procfs;
pub(crate) mod shell;

use crate::drive::{StatusLine, Watch};
use crate::place::PlaceArgs;
use crate::report;
use crate::Failure;
use clap::Args;
use riptide_engine::{Command, Engine, ProfileFormat, Snapshot, StartOptions};
use riptide_stl::pktgen::{DeviceConfig, Script};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

#[derive(Args, Debug)]
pub(crate) struct PktgenArgs {
    /// pktgen command script (pgset lines); or use --sample.
    #[arg(required_unless_present = "sample", conflicts_with = "sample")]
    pub script: Option<PathBuf>,
    /// Build the configuration of a kernel sample script instead: 01 simple, 02 multiqueue,
    /// 03 burst single flow, 04 many flows, 05 flow per thread, imix.
    #[arg(long)]
    pub sample: Option<String>,
    /// Print the generated sample script and exit.
    #[arg(long, requires = "sample")]
    pub print: bool,
    #[command(flatten)]
    pub sample_opts: SampleOpts,
    /// Send every device's traffic to this port instead of the devices' own
    /// interfaces (e.g. pcap:out.pcap, null).
    #[arg(long)]
    pub port: Option<String>,
    /// Print riptide's JSON instead of pktgen's result blocks (command files).
    #[arg(long)]
    pub json: bool,
    /// Bound every run: devices with `count 0` (forever) stop after this long (10s,
    /// 500ms); without it a shell script's `count 0` runs until Ctrl-C or `pgctrl stop`.
    #[arg(long, value_name = "D")]
    pub duration: Option<String>,
    #[command(flatten)]
    pub place: PlaceArgs,
    /// Run a shell script as nobody (65534) rather than root: in a user namespace of its
    /// own, where it is root only over its own namespaces. It still drives
    /// /proc/net/pktgen; the script and what it sources must be readable by everyone, and
    /// commands that need root (ip link set, ethtool -K) fail.
    #[arg(long)]
    pub unprivileged: bool,
    /// The shell script's arguments ($1, $2...), after `--`.
    #[arg(last = true)]
    pub args: Vec<String>,
}

/// `riptide __pktgen-ns`: the namespace helper of [`shell`] (not for people).
#[derive(Args, Debug)]
pub(crate) struct PktgenNsArgs {
    #[arg(long)]
    threads: usize,
    #[arg(long)]
    unprivileged: bool,
    script: PathBuf,
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    args: Vec<String>,
}

pub(crate) fn pktgen_ns(a: PktgenNsArgs) -> Result<(), Failure> {
    let _ = a.threads;
    shell::helper(&a.script, &a.args, a.unprivileged)
}

/// The options of the kernel's samples/pktgen scripts (parameters.sh), for --sample.
#[derive(Args, Debug)]
pub(crate) struct SampleOpts {
    /// Output interface.
    #[arg(short = 'i', requires = "sample")]
    dev: Option<String>,
    /// Packet size without FCS (default 60).
    #[arg(short = 's', requires = "sample")]
    pkt_size: Option<u16>,
    /// Destination IP; a CIDR block (198.18.0.0/15) is a range.
    #[arg(short = 'd', requires = "sample")]
    dest: Option<String>,
    /// Destination MAC.
    #[arg(short = 'm', requires = "sample")]
    dst_mac: Option<String>,
    /// Destination UDP port or range (433-444).
    #[arg(short = 'p', requires = "sample")]
    dst_port: Option<String>,
    /// Threads (devices IF@N); riptide runs one worker per thread.
    #[arg(short = 't', requires = "sample")]
    threads: Option<u32>,
    /// First thread index.
    #[arg(short = 'f', requires = "sample")]
    first_thread: Option<u32>,
    /// clone_skb.
    #[arg(short = 'c', requires = "sample")]
    clone_skb: Option<u64>,
    /// Packets per thread (0: until stopped; riptide stops after 10 s).
    #[arg(short = 'n', requires = "sample")]
    count: Option<u64>,
    /// Burst.
    #[arg(short = 'b', requires = "sample")]
    burst: Option<u32>,
    /// Delay between packets, ns.
    #[arg(short = 'w', requires = "sample")]
    delay: Option<u64>,
    /// IPv6.
    #[arg(short = '6', requires = "sample")]
    ipv6: bool,
}

fn sample_script(name: &str, o: &SampleOpts) -> Result<String, Failure> {
    use riptide_stl::pktgen::samples::{script, Sample, SampleParams};
    let sample: Sample = name.parse().map_err(|e: String| Failure::input(format!("--sample: {e}")))?;
    let p = SampleParams {
        dev: o.dev.clone().unwrap_or_default(),
        pkt_size: o.pkt_size,
        dest: o.dest.clone(),
        dst_mac: o.dst_mac.clone(),
        dst_port: o.dst_port.clone(),
        threads: o.threads,
        first_thread: o.first_thread,
        clone_skb: o.clone_skb,
        count: o.count,
        burst: o.burst,
        delay: o.delay,
        ipv6: o.ipv6,
    };
    script(sample, &p).map_err(|e| Failure::input(format!("--sample {name}: {e}")))
}

pub(crate) fn pktgen(a: PktgenArgs) -> Result<(), Failure> {
    let (file, text) = match (&a.script, &a.sample) {
        (_, Some(name)) => (format!("sample{name}"), sample_script(name, &a.sample_opts)?),
        (Some(path), None) => (path.display().to_string(), crate::files::read_profile(path)?),
        (None, None) => return Err(Failure::input("a pktgen script or --sample is required")),
    };
    if a.print {
        print!("{text}");
        return Ok(());
    }
    let duration = match a.duration.as_deref() {
        Some(d) => match d.parse::<riptide_core::Nanos>() {
            Ok(n) if n > riptide_core::Nanos::ZERO => Some(n.as_secs_f64()),
            Ok(_) => return Err(Failure::input("--duration must be above zero")),
            Err(e) => return Err(Failure::input(format!("--duration: {e}"))),
        },
        None => None,
    };
    let plain = riptide_stl::pktgen::parse(&text, &file);
    if let (Some(path), true) = (&a.script, shell::is_shell(&text, plain.is_ok())) {
        return run_shell(&a, path, &text, duration);
    }
    let script = plain.map_err(|e| Failure::input(e.to_string()))?;
    let place = Place { line_rate: a.place.line_rate.clone(), netns: a.place.netns.clone(), force: a.place.force };
    let snap = run_engine(&text, &file, &script, a.port.as_deref(), &place, duration.or(Some(10.0)), None)?;
    if a.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&report::json(&snap)).map_err(|e| Failure::runtime(e.to_string()))?
        );
    } else {
        print!("{}", results(&script, &snap));
    }
    Ok(())
}

/// Where a run goes (PlaceArgs' fields, shared with the FUSE runner's thread).
#[derive(Clone, Debug)]
struct Place {
    line_rate: Option<String>,
    netns: Option<String>,
    force: bool,
}

/// Runs a pktgen command file on the engine: until every device's count is sent,
/// `unbounded_s` seconds pass for `count 0` devices, Ctrl-C, or `stop`.
fn run_engine(
    text: &str,
    file: &str,
    script: &Script,
    port: Option<&str>,
    place: &Place,
    unbounded_s: Option<f64>,
    stop: Option<&AtomicBool>,
) -> Result<Snapshot, Failure> {
    // With --port, every device shares that port; without, each device is an
    // AF_PACKET port on the interface it names, as in the kernel.
    let specs = match port {
        Some(port) => vec![port.to_string()],
        None => script.devices.iter().map(|d| format!("afpacket:{}", d.ifname)).collect(),
    };
    let pa = PlaceArgs { line_rate: place.line_rate.clone(), netns: place.netns.clone(), force: place.force };
    let config = pa.engine_config(&specs)?;
    let mut engine = Engine::new(config);
    // Device i sends on port i (its own interface), or all on the one --port.
    engine.handle(Command::LoadProfile {
        text: text.to_string(),
        source: file.to_string(),
        format: ProfileFormat::Pktgen,
        latency_pps: None,
        frame_size: None,
        bidirectional: false,
    })?;
    let unbounded = script.devices.iter().any(|d| d.config.count == 0);
    // One worker per kpktgend thread that has devices, as the kernel runs one per CPU.
    let threads: std::collections::BTreeSet<&str> = script.devices.iter().map(|d| d.thread.as_str()).collect();
    let cpus = std::thread::available_parallelism().map_or(1, usize::from);
    let opts_duration = if unbounded { unbounded_s } else { None };
    let opts = StartOptions {
        duration: opts_duration.map(riptide_core::Nanos::from_secs_f64),
        cores: threads.len().clamp(1, cpus),
        ..Default::default()
    };
    // A command file's run shows a progress bar on a terminal (a shell script's output
    // is the script's own: no bar there).
    let progress = stop.is_none() && crate::drive::shows_progress(false);
    let status = if progress { StatusLine::new(true) } else { StatusLine::off() };
    let goal = match (unbounded, opts_duration) {
        (true, Some(d)) => Some(crate::report::Goal::Seconds(d)),
        (true, None) => None,
        (false, _) => Some(crate::report::Goal::Packets(script.devices.iter().map(|d| d.config.count).sum())),
    };
    crate::drive::drive_until(&mut engine, Command::Start(opts), Watch { status, goal, stop, series: None })
}

/// Runs a shell script against the emulated /proc/net/pktgen.
fn run_shell(a: &PktgenArgs, path: &std::path::Path, text: &str, duration: Option<f64>) -> Result<(), Failure> {
    if !riptide_port::root::is_root() {
        // Even with --unprivileged: riptide itself mounts the emulated /proc/net/pktgen.
        let caps = "CAP_SYS_ADMIN: mount and PID namespaces, /proc/net/pktgen over FUSE";
        return Err(Failure::input(riptide_port::root::needs_root("a pktgen shell script", caps)));
    }
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let fs = Arc::new(Mutex::new(procfs::ProcFs::new(threads)));
    let fd = shell::open_fuse()?;
    let mut child = shell::spawn(&fd, path, &a.args, threads, a.unprivileged)?;
    let (port, place) = (
        a.port.clone(),
        Place { line_rate: a.place.line_rate.clone(), netns: a.place.netns.clone(), force: a.place.force },
    );
    let runner = move |commands: &str, stop: &AtomicBool| -> Result<BTreeMap<String, String>, String> {
        let script = riptide_stl::pktgen::parse(commands, "/proc/net/pktgen").map_err(|e| e.to_string())?;
        if duration.is_none() && script.devices.iter().any(|d| d.config.count == 0) {
            eprintln!("riptide: count 0 sends until Ctrl-C or 'stop' to pgctrl (or give --duration)");
        }
        let snap = run_engine(commands, "/proc/net/pktgen", &script, port.as_deref(), &place, duration, Some(stop))
            .map_err(|f| f.message)?;
        Ok(blocks(&script, &snap))
    };
    let server_fs = fs.clone();
    std::thread::spawn(move || {
        if let Err(e) = fuse::serve(fd, server_fs, Arc::new(runner)) {
            eprintln!("riptide: /proc/net/pktgen emulation: {e}");
        }
    });
    crate::signal::install();
    let status = child.wait().map_err(|e| Failure::runtime(format!("waiting for bash: {e}")))?;
    let refused: Vec<(String, String, String)> = fs.lock().unwrap_or_else(|e| e.into_inner()).refused().to_vec();
    let file = path.display();
    if let Some((target, cmd, why)) = refused.first() {
        let at = shell::line_of(text, cmd).map_or(String::new(), |l| format!("{l}:"));
        let more = if refused.len() > 1 { format!(" ({} more refused)", refused.len() - 1) } else { String::new() };
        return Err(Failure::input(format!(
            "{file}:{at} '{cmd}' written to /proc/net/pktgen/{target} was refused: {why}{more}"
        )));
    }
    let failed: Vec<String> = fs.lock().unwrap_or_else(|e| e.into_inner()).failures().to_vec();
    if let Some(why) = failed.first() {
        // The script may carry on after a failed start (the kernel's samples read the
        // device file next): the run failed all the same.
        let more = if failed.len() > 1 { format!(" ({} more failed)", failed.len() - 1) } else { String::new() };
        return Err(Failure::runtime(format!("{file}: a pktgen run failed: {why}{more}")));
    }
    match status.code() {
        Some(0) => Ok(()),
        Some(c) => Err(Failure::runtime(format!("{file}: the script exited with status {c}"))),
        None => Err(Failure::interrupted(format!("{file}: the script was stopped by a signal"))),
    }
}

/// Each device's result block (what reading its file shows after a run).
fn blocks(script: &Script, s: &Snapshot) -> BTreeMap<String, String> {
    let (usec, busy, errors) = run_times(s);
    script
        .devices
        .iter()
        .zip(&s.streams)
        .map(|(d, st)| (d.name(), device_block(d, st.opackets, st.obytes, usec, busy, errors)))
        .collect()
}

fn run_times(s: &Snapshot) -> (u64, u64, u64) {
    let usec = (s.duration_s * 1e6).round() as u64;
    let util = s.workers.first().map(|w| w.cpu_util / 100.0).unwrap_or(1.0).clamp(0.0, 1.0);
    let busy = (usec as f64 * util).round() as u64;
    let errors: u64 = s.ports.iter().map(|p| p.oerrors).sum();
    (usec, busy, errors)
}

/// pktgen's `Params:` / `Current:` / `Result:` blocks, one per device.
pub(crate) fn results(script: &Script, s: &Snapshot) -> String {
    let mut o = String::new();
    let (usec, busy, errors) = run_times(s);
    for (d, st) in script.devices.iter().zip(&s.streams) {
        let _ = writeln!(o, "{}:", d.name());
        o.push_str(&device_block(d, st.opackets, st.obytes, usec, busy, errors));
    }
    o
}

/// One device's block after a run, as the kernel prints its file.
fn device_block(
    d: &riptide_stl::pktgen::Device,
    opackets: u64,
    obytes: u64,
    usec: u64,
    busy: u64,
    errors: u64,
) -> String {
    let mut o = String::new();
    let c: &DeviceConfig = &d.config;
    let _ =
        writeln!(o, "Params: count {}  min_pkt_size: {}  max_pkt_size: {}", c.count, c.min_pkt_size, c.max_pkt_size);
    let _ = writeln!(o, "     frags: 0  delay: {}  clone_skb: {}  ifname: {}", c.delay_ns, c.clone_skb, d.name());
    let _ = writeln!(o, "     flows: {} flowlen: {}", c.flows, c.flowlen);
    let _ = writeln!(o, "     dst_min: {}  dst_max: {}", fmt_dst(c, true), fmt_dst(c, false));
    let _ = writeln!(o, "     src_min: {}  src_max: {}", c.src.0, c.src.1);
    let _ = writeln!(
        o,
        "     udp_src_min: {}  udp_src_max: {}  udp_dst_min: {}  udp_dst_max: {}",
        c.udp_src.0, c.udp_src.1, c.udp_dst.0, c.udp_dst.1
    );
    let flags: Vec<&str> = c.flags.iter().map(String::as_str).collect();
    let _ = writeln!(o, "     Flags: {}", flags.join("  "));
    let _ = writeln!(o, "Current:");
    let _ = writeln!(o, "     pkts-sofar: {opackets}  errors: {errors}");
    let _ = writeln!(o, "     started: 0us  stopped: {usec}us idle: {}us", usec - busy);
    let _ = writeln!(o, "     seq_num: {}", opackets + 1);
    let pkt = obytes.checked_div(opackets).unwrap_or(c.min_pkt_size as u64);
    let pps = if usec > 0 { opackets as f64 * 1e6 / usec as f64 } else { 0.0 };
    let bps = pps * pkt as f64 * 8.0;
    let _ = writeln!(o, "Result: OK: {usec}(c{busy}+d{}) usec, {opackets} ({pkt}byte,0frags)", usec - busy);
    let _ = writeln!(
        o,
        "  {}pps {}Mb/sec ({}bps) errors: {errors}",
        pps.round() as u64,
        (bps / 1e6).round() as u64,
        bps.round() as u64
    );
    o
}

fn fmt_dst(c: &DeviceConfig, min: bool) -> String {
    match (c.dst, c.dst6) {
        (_, Some(d)) if c.flags.contains("IPV6") => (if min { d.0 } else { d.1 }).to_string(),
        (Some(d), _) => (if min { d.0 } else { d.1 }).to_string(),
        _ => "-".into(),
    }
}
