//! `riptide pktgen`: Linux pktgen scripts on riptide's engine, with pktgen's result lines.

use crate::report;
use crate::run::{drive, PlaceArgs};
use crate::Failure;
use clap::Args;
use riptide_engine::{Engine, Snapshot, StartOptions};
use riptide_stl::pktgen::{DeviceConfig, Script};
use std::fmt::Write;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub(crate) struct PktgenArgs {
    /// pktgen command script (pgset lines).
    pub script: PathBuf,
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

pub(crate) fn pktgen(a: PktgenArgs) -> Result<(), Failure> {
    let file = a.script.display().to_string();
    let text = crate::run::read_profile(&a.script)?;
    let script = riptide_stl::pktgen::parse(&text, &file).map_err(|e| Failure::input(e.to_string()))?;
    // With --port, every device shares that port; without, each device is an
    // AF_PACKET port on the interface it names, as in the kernel.
    let (specs, per_device) = match &a.port {
        Some(port) => (vec![port.clone()], false),
        None => (script.devices.iter().map(|d| format!("afpacket:{}", d.ifname)).collect(), true),
    };
    let config = a.place.engine_config(&specs)?;
    let profile = script
        .to_profile(&file, |i| if per_device { i as u16 } else { 0 })
        .map_err(|e| Failure::input(e.to_string()))?;
    let compiled = riptide_stl::profile::compile(&profile, &file).map_err(|e| Failure::input(e.to_string()))?;
    let mut engine = Engine::new(config);
    engine.load(compiled)?;
    let unbounded = script.devices.iter().any(|d| d.config.count == 0);
    let opts = StartOptions { duration: unbounded.then(|| riptide_core::Nanos::from_secs(10)), ..Default::default() };
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
