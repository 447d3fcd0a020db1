//! `riptide debug`: the first packets of a profile, decoded, without sending.

use crate::drive::drive;
use crate::files::read_profile;
use crate::place::{parse_line_rate, parse_ports};
use crate::Failure;
use clap::Args;
use riptide_engine::{Command, Engine, EngineConfig, ProfileFormat, StartOptions};
use riptide_port::capture::CaptureBuffer;
use riptide_port::PortSpec;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub(crate) struct DebugArgs {
    /// Profile: YAML, or a TRex STL Python profile (.py, translated as `riptide run` does;
    /// its streams of port 0).
    pub profile: PathBuf,
    /// A TRex profile's tunables (TRex's -t): key=value,key2=value2.
    #[arg(short = 't', long, value_name = "K=V,...")]
    pub tunables: Option<String>,
    /// Number of packets to show.
    #[arg(short = 'n', long, default_value_t = 20, allow_negative_numbers = true)]
    pub count: u64,
    /// Write the packets to this pcap instead of printing them.
    #[arg(long)]
    pub pcap: Option<PathBuf>,
    /// Line rate for % rates.
    #[arg(long, default_value = "10g")]
    pub line_rate: String,
}

pub(crate) fn debug(a: DebugArgs) -> Result<(), Failure> {
    if a.count == 0 {
        return Err(Failure::input("-n must be at least 1"));
    }
    let text = if crate::trex::is_python_profile(&a.profile) {
        crate::trex::convert(&a.profile, 1, a.tunables.as_deref())?
    } else if a.tunables.is_some() {
        return Err(Failure::input(format!(
            "-t: {} is not a TRex .py profile (tunables are its)",
            a.profile.display()
        )));
    } else {
        read_profile(&a.profile)?
    };
    let source = a.profile.display().to_string();
    // The ports and stream names the engine will see, to lay out the capture.
    let profile = riptide_stl::profile::parse(&text, &source).map_err(|e| Failure::input(e.to_string()))?;
    let compiled = riptide_stl::profile::compile(&profile, &source).map_err(|e| Failure::input(e.to_string()))?;
    let line_rate = parse_line_rate(&a.line_rate)?;
    let n_ports = compiled.streams.iter().map(|s| s.port as usize + 1).max().unwrap_or(1);
    let names: Vec<String> = compiled.streams.iter().map(|s| s.name.clone()).collect();
    let buffer = CaptureBuffer::default();
    let ports: Vec<PortSpec> = match &a.pcap {
        // One file: every stream is shown on port 0's file.
        Some(path) if n_ports == 1 => parse_ports(&[format!("pcap:{}", path.display())])?,
        Some(_) => return Err(Failure::input("--pcap takes a profile whose streams all use port 0")),
        None => (0..n_ports).map(|_| PortSpec::capture(&buffer)).collect(),
    };
    let mut engine = Engine::new(EngineConfig { ports, line_rate, ..Default::default() });
    engine.handle(Command::LoadProfile {
        text,
        source,
        format: ProfileFormat::Yaml,
        latency_pps: None,
        frame_size: None,
        bidirectional: false,
    })?;
    let snap = drive(&mut engine, StartOptions { count: Some(a.count), ..Default::default() }, false)?;
    if let Some(path) = &a.pcap {
        let n: u64 = snap.ports.iter().map(|p| p.opackets).sum();
        println!("wrote {n} packets to {}", path.display());
        return Ok(());
    }
    // Each stream's frame first: raw bytes or layers, and what riptide keeps right in it.
    for s in &compiled.streams {
        println!("stream {}: {}", s.name, s.frame);
        if let Some(source) = &s.source {
            println!("  from {source}");
        }
    }
    println!();
    let mut frames = match buffer.lock() {
        Ok(g) => g.clone(),
        Err(p) => p.into_inner().clone(),
    };
    frames.sort_by_key(|f| f.departure);
    let t0 = frames.first().map(|f| f.departure.0).unwrap_or(0);
    for (i, f) in frames.iter().enumerate() {
        let name = names.get(f.stream as usize).map(String::as_str).unwrap_or("?");
        println!(
            "#{i} stream {name} t=+{:.3}us len={} (frame {} B with FCS)",
            (f.departure.0 - t0) as f64 / 1e3,
            f.data.len(),
            f.data.len() + 4
        );
        let d = riptide_wire::decode::decode(&f.data);
        println!("{d}");
        println!("{}", riptide_wire::decode::hexdump(&f.data));
    }
    Ok(())
}
