//! `riptide pktgen`: Linux pktgen scripts on riptide's engine, with pktgen's result lines.

use crate::report;
use crate::run::{drive, PlaceArgs};
use crate::Failure;
use clap::Args;
use riptide_engine::{Command, Engine, ProfileFormat, Snapshot, StartOptions};
use riptide_stl::pktgen::{DeviceConfig, Script};
use std::fmt::Write;
use std::path::PathBuf;

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
    /// Print riptide's JSON instead of pktgen's result blocks.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub place: PlaceArgs,
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
        (Some(path), None) => (path.display().to_string(), crate::run::read_profile(path)?),
        (None, None) => return Err(Failure::input("a pktgen script or --sample is required")),
    };
    if a.print {
        print!("{text}");
        return Ok(());
    }
    let script = riptide_stl::pktgen::parse(&text, &file).map_err(|e| Failure::input(e.to_string()))?;
    // With --port, every device shares that port; without, each device is an
    // AF_PACKET port on the interface it names, as in the kernel.
    let specs = match &a.port {
        Some(port) => vec![port.clone()],
        None => script.devices.iter().map(|d| format!("afpacket:{}", d.ifname)).collect(),
    };
    let config = a.place.engine_config(&specs)?;
    let mut engine = Engine::new(config);
    // Device i sends on port i (its own interface), or all on the one --port.
    engine.handle(Command::LoadProfile {
        text,
        source: file,
        format: ProfileFormat::Pktgen,
        latency_pps: None,
        frame_size: None,
        bidirectional: false,
    })?;
    let unbounded = script.devices.iter().any(|d| d.config.count == 0);
    // One worker per kpktgend thread that has devices, as the kernel runs one per CPU.
    let threads: std::collections::BTreeSet<&str> = script.devices.iter().map(|d| d.thread.as_str()).collect();
    let cpus = std::thread::available_parallelism().map_or(1, usize::from);
    let opts = StartOptions {
        duration: unbounded.then(|| riptide_core::Nanos::from_secs(10)),
        cores: threads.len().clamp(1, cpus),
        ..Default::default()
    };
    let snap = drive(&mut engine, opts, false)?;
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

/// pktgen's `Params:` / `Current:` / `Result:` blocks, one per device.
pub(crate) fn results(script: &Script, s: &Snapshot) -> String {
    let mut o = String::new();
    let usec = (s.duration_s * 1e6).round() as u64;
    let util = s.workers.first().map(|w| w.cpu_util / 100.0).unwrap_or(1.0).clamp(0.0, 1.0);
    let busy = (usec as f64 * util).round() as u64;
    let errors: u64 = s.ports.iter().map(|p| p.oerrors).sum();
    for (d, st) in script.devices.iter().zip(&s.streams) {
        let c: &DeviceConfig = &d.config;
        let _ = writeln!(o, "{}:", d.name());
        let _ = writeln!(
            o,
            "Params: count {}  min_pkt_size: {}  max_pkt_size: {}",
            c.count, c.min_pkt_size, c.max_pkt_size
        );
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
        let _ = writeln!(o, "     pkts-sofar: {}  errors: {}", st.opackets, errors);
        let _ = writeln!(o, "     started: 0us  stopped: {usec}us idle: {}us", usec - busy);
        let _ = writeln!(o, "     seq_num: {}", st.opackets + 1);
        let pkt = st.obytes.checked_div(st.opackets).unwrap_or(c.min_pkt_size as u64);
        let pps = if usec > 0 { st.opackets as f64 * 1e6 / usec as f64 } else { 0.0 };
        let bps = pps * pkt as f64 * 8.0;
        let _ = writeln!(o, "Result: OK: {usec}(c{busy}+d{}) usec, {} ({pkt}byte,0frags)", usec - busy, st.opackets);
        let _ = writeln!(
            o,
            "  {}pps {}Mb/sec ({}bps) errors: {errors}",
            pps.round() as u64,
            (bps / 1e6).round() as u64,
            bps.round() as u64
        );
    }
    o
}

fn fmt_dst(c: &DeviceConfig, min: bool) -> String {
    match (c.dst, c.dst6) {
        (_, Some(d)) if c.flags.contains("IPV6") => (if min { d.0 } else { d.1 }).to_string(),
        (Some(d), _) => (if min { d.0 } else { d.1 }).to_string(),
        _ => "-".into(),
    }
}
