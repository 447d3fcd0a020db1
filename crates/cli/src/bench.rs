//! `riptide bench`: the engine's speed on the standard profile, beside a
//! template-copy baseline measured in the same run.
//!
//! The standard profile is 64 B UDP/IPv4 with two field variables (source
//! address over 198.18.0.0/16, source port random) whose IPv4 and UDP
//! checksums are fixed incrementally, sent unpaced into the null port. The
//! baseline copies the same 60-byte template into an L2-resident ring of 64
//! slots: the floor of "build a packet" that no generator can beat.

use crate::cores::Cores;
use crate::drive::drive;
use crate::place::parse_ports;
use crate::Failure;
use clap::Args;
use riptide_core::host::median;
use riptide_core::Nanos;
use riptide_engine::{Command, Engine, EngineConfig, StartOptions};
use serde_json::json;
use std::time::Instant;

/// The standard speed profile.
pub(crate) const STANDARD_PROFILE: &str = include_str!("../../../profiles/bench64.yaml");

#[derive(Args, Debug)]
pub(crate) struct BenchArgs {
    /// Worker threads: a count (4), or a core list (2,3 or 2-5; one core: 3-3) that pins
    /// one worker on each core.
    #[arg(short, long, default_value = "1")]
    pub cores: Cores,
    /// Length of each measurement.
    #[arg(short, long, default_value = "2s")]
    pub duration: String,
    /// Measurements to take (the median is reported).
    #[arg(long, default_value_t = 3)]
    pub runs: usize,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// Measure receive classification instead: 4096 tagged streams against untagged
    /// frames, ns per packet, in the same run.
    #[arg(long)]
    pub rx: bool,
    /// Measure the in-memory link instead: the standard profile unpaced from link:0 to
    /// link:1 (virtual time), frames received per second of wall time, beside the same
    /// profile into the null port in the same run.
    #[arg(long, conflicts_with = "rx")]
    pub link: bool,
    /// Measure the user-space TCP instead: HTTP GET connections per second per core,
    /// client and server in memory, beside the kernel's TCP over loopback in the same run.
    #[arg(long, conflicts_with_all = ["rx", "link"])]
    pub tcp: bool,
    /// With --tcp: run this profile's programs instead (a TRex ASTF profile, .py, or riptide's
    /// TCP YAML), each template 1000 connections open in a closed loop, beside the built-in
    /// GET pair measured in the same rounds.
    #[arg(long, value_name = "PROFILE", requires = "tcp")]
    pub tcp_profile: Option<std::path::PathBuf>,
    /// Open this many TCP connections at once (client and server in memory, one thread)
    /// and report the time taken and the peak RSS.
    #[arg(long, value_name = "N", conflicts_with_all = ["rx", "link", "tcp"])]
    pub tcp_hold: Option<u32>,
    /// Measure the raw template instead: the standard profile's frame given as bytes
    /// (`frame:`, `raw: true`, the same variables), beside the layered profile, rounds
    /// interleaved in the same run. Both compile to one template form: the ratio is ~1.
    #[arg(long, conflicts_with_all = ["rx", "link", "tcp", "tcp_hold"])]
    pub raw: bool,
}

/// ns per frame of classifying `frames` round after round for `secs` (the sequence
/// number is rewritten each round, for tagged and untagged frames alike).
fn classify_ns(frames: &mut [Vec<u8>], table: &riptide_measure::Classifier, secs: f64) -> f64 {
    let mut c = table.clone();
    let start = Instant::now();
    let (mut n, mut seq) = (0u64, 0u32);
    let mut ipackets = 0u64;
    loop {
        for f in frames.iter_mut() {
            riptide_measure::Tag::write_seq(f, seq);
            ipackets += 1;
            c.handle_frame(1, std::hint::black_box(f), 60, seq as u64 * 1000 + 50_000);
        }
        n += frames.len() as u64;
        seq = seq.wrapping_add(1);
        if start.elapsed().as_secs_f64() >= secs {
            break;
        }
    }
    std::hint::black_box((&c, ipackets));
    start.elapsed().as_secs_f64() * 1e9 / n as f64
}

fn bench_rx(a: &BenchArgs, secs: f64) -> Result<(), Failure> {
    const STREAMS: u16 = 4096;
    let mut table = riptide_measure::Classifier::default();
    let mut tagged = Vec::new();
    let mut untagged = Vec::new();
    for id in 0..STREAMS {
        table.register(id, id % 2 == 0);
        let mut f = vec![0u8; 60];
        riptide_measure::Tag { stream: id, seq: 0, tx_ns: 0 }.write(&mut f);
        tagged.push(f);
        untagged.push(vec![0u8; 60]);
    }
    let (mut t, mut u) = (Vec::new(), Vec::new());
    for _ in 0..a.runs {
        t.push(classify_ns(&mut tagged, &table, secs));
        u.push(classify_ns(&mut untagged, &table, secs));
    }
    let (rt, ru) = (rounded(&t), rounded(&u));
    let (mt, mu) = (median(&mut t), median(&mut u));
    if a.json {
        let v = json!({"streams": STREAMS, "tagged_ns_per_packet": mt, "untagged_ns_per_packet": mu,
                       "classification_ns_per_packet": mt - mu, "runs_tagged": rt, "runs_untagged": ru});
        crate::report::print_json(&v)?;
    } else {
        println!(
            "riptide bench --rx: receive classification, {STREAMS} tagged streams (half with latency), 60 B frames"
        );
        println!("runs: tagged {rt:?} ns, untagged {ru:?} ns");
        println!("tagged   {mt:>8.2} ns/packet (sequence tracking, latency histogram for half)");
        println!("untagged {mu:>8.2} ns/packet (signature check only)");
        println!("cost     {:>8.2} ns/packet of classification (median of {})", mt - mu, a.runs);
    }
    Ok(())
}

/// Frames per second of copying a 60-byte template into a 64-slot ring.
fn template_copy_baseline(template: &[u8], secs: f64) -> f64 {
    const SLOTS: usize = 64;
    const STRIDE: usize = 128;
    let mut ring = vec![0u8; SLOTS * STRIDE];
    let len = template.len();
    let start = Instant::now();
    let mut n: u64 = 0;
    loop {
        for i in 0..SLOTS {
            let off = i * STRIDE;
            ring[off..off + len].copy_from_slice(template);
            // Make each copy observable so it is not optimized away.
            ring[off] = ring[off].wrapping_add(1);
        }
        n += SLOTS as u64;
        if n.is_multiple_of(SLOTS as u64 * 1024) && start.elapsed().as_secs_f64() >= secs {
            break;
        }
    }
    std::hint::black_box(&ring);
    n as f64 / start.elapsed().as_secs_f64()
}

pub(crate) fn bench(a: BenchArgs) -> Result<(), Failure> {
    let duration: Nanos = a.duration.parse().map_err(|e| Failure::input(format!("--duration: {e}")))?;
    if a.runs == 0 || a.cores.count == 0 {
        return Err(Failure::input("--runs and --cores must be at least 1"));
    }
    if a.rx {
        return bench_rx(&a, duration.as_secs_f64());
    }
    if a.tcp {
        if let Some(p) = &a.tcp_profile {
            return crate::bench_tcp::bench_tcp_profile(p, duration, a.runs, a.json);
        }
        return crate::bench_tcp::bench_tcp(duration, a.runs, a.json);
    }
    if let Some(n) = a.tcp_hold {
        if n == 0 {
            return Err(Failure::input("--tcp-hold: give at least 1 connection"));
        }
        return crate::bench_tcp::bench_hold(n, a.json);
    }
    let profile =
        riptide_stl::profile::parse(STANDARD_PROFILE, "<bench>").map_err(|e| Failure::runtime(e.to_string()))?;
    let compiled = riptide_stl::profile::compile(&profile, "<bench>").map_err(|e| Failure::runtime(e.to_string()))?;
    let mut template = vec![0u8; 60];
    if let Some(s) = compiled.streams.first() {
        s.template.write(&mut template, 64);
    }
    if a.link {
        return bench_link(&a, duration);
    }
    if a.raw {
        return bench_raw(&a, duration, &template);
    }
    let mut engine_mpps = Vec::new();
    let mut base_mpps = Vec::new();
    for _ in 0..a.runs {
        let mut engine = standard_engine(&["null"])?;
        let opts = StartOptions {
            duration: Some(duration),
            cores: a.cores.count,
            pin: a.cores.pin.clone(),
            unpaced: true,
            ..Default::default()
        };
        let snap = drive(&mut engine, opts, false)?;
        let pps: f64 = snap.ports.iter().map(|p| p.tx_pps).sum();
        engine_mpps.push(pps / 1e6);
        base_mpps.push(template_copy_baseline(&template, duration.as_secs_f64()) / 1e6);
    }
    let runs_engine = engine_mpps.clone();
    let runs_base = base_mpps.clone();
    let e = median(&mut engine_mpps);
    let b = median(&mut base_mpps);
    let per_core = e / a.cores.count as f64;
    if a.json {
        let v = json!({
            "cores": a.cores.count,
            "pinned": a.cores.pin,
            "duration_s": duration.as_secs_f64(),
            "engine_mpps": e,
            "engine_mpps_per_core": per_core,
            "baseline_template_copy_mpps": b,
            "ratio": per_core / b,
            "runs_engine_mpps": runs_engine,
            "runs_baseline_mpps": runs_base,
        });
        crate::report::print_json(&v)?;
    } else {
        println!("riptide bench: 64 B UDP, 2 field vars + IPv4/UDP checksum fix, null port, unpaced");
        println!("runs: engine {:?} Mpps, baseline {:?} Mpps", rounded(&runs_engine), rounded(&runs_base));
        println!("engine   {e:>8.2} Mpps total, {per_core:.2} Mpps per core ({}, median of {})", a.cores, a.runs);
        println!("baseline {b:>8.2} Mpps (60 B template copy into a 64-slot ring, 1 core)");
        println!("ratio    {:>8.3} (engine per core / baseline)", per_core / b);
    }
    Ok(())
}

/// An engine on `ports` with the standard profile loaded.
fn standard_engine(ports: &[&str]) -> Result<Engine, Failure> {
    profile_engine(ports, STANDARD_PROFILE)
}

/// An engine on `ports` with profile `text` loaded.
fn profile_engine(ports: &[&str], text: &str) -> Result<Engine, Failure> {
    let specs: Vec<String> = ports.iter().map(|p| p.to_string()).collect();
    let mut engine = Engine::new(EngineConfig { ports: parse_ports(&specs)?, ..Default::default() });
    engine.handle(Command::load_profile(text, "<bench>"))?;
    Ok(engine)
}

/// The standard profile with its frame given as bytes (`frame`, `raw: true`): the same
/// stream, variables and checksum fixes, from the raw template.
fn raw_standard_profile(frame: &[u8]) -> Result<String, Failure> {
    let hex: String = frame.iter().map(|b| format!("{b:02x}")).collect();
    let stream = "  - name: bench64\n";
    if !STANDARD_PROFILE.contains(stream) {
        return Err(Failure::runtime("the standard profile has no stream bench64"));
    }
    Ok(STANDARD_PROFILE.replacen(stream, &format!("{stream}    frame: {hex}\n    raw: true\n"), 1))
}

/// `riptide bench --raw`: the standard profile from its layers and from its bytes, into
/// the null port unpaced, rounds interleaved (layered first, then raw, each round).
fn bench_raw(a: &BenchArgs, duration: Nanos, frame: &[u8]) -> Result<(), Failure> {
    let raw = raw_standard_profile(frame)?;
    let opts = || StartOptions {
        duration: Some(duration),
        cores: a.cores.count,
        pin: a.cores.pin.clone(),
        unpaced: true,
        ..Default::default()
    };
    let (mut layered, mut bytes, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..a.runs {
        let mut mpps = [0.0; 2];
        for (k, text) in [STANDARD_PROFILE, raw.as_str()].into_iter().enumerate() {
            let mut engine = profile_engine(&["null"], text)?;
            let snap = drive(&mut engine, opts(), false)?;
            mpps[k] = snap.ports.iter().map(|p| p.tx_pps).sum::<f64>() / 1e6;
        }
        layered.push(mpps[0]);
        bytes.push(mpps[1]);
        ratios.push(mpps[1] / mpps[0]);
    }
    let (runs_layered, runs_raw, runs_ratio) = (layered.clone(), bytes.clone(), ratios.clone());
    let (l, r, q) = (median(&mut layered), median(&mut bytes), median(&mut ratios));
    if a.json {
        let v = json!({
            "cores": a.cores.count,
            "duration_s": duration.as_secs_f64(),
            "layered_mpps": l,
            "raw_mpps": r,
            "ratio": q,
            "runs_layered_mpps": runs_layered,
            "runs_raw_mpps": runs_raw,
            "runs_ratio": runs_ratio,
        });
        crate::report::print_json(&v)?;
    } else {
        println!("riptide bench --raw: the standard profile from its layers and from its bytes (raw: true), null port, unpaced");
        println!("runs: layered {:?} Mpps, raw {:?} Mpps", rounded(&runs_layered), rounded(&runs_raw));
        println!("layered  {l:>8.2} Mpps ({}, median of {})", a.cores, a.runs);
        println!("raw      {r:>8.2} Mpps");
        println!("ratio    {q:>8.3} (raw / layered, median of the rounds' ratios {:?})", rounded(&runs_ratio));
    }
    Ok(())
}

/// Frames per second of wall time that `ports` move with the standard profile, unpaced,
/// `count` frames on `cores` workers: received on the last port (sent where it receives
/// nothing), and the run's wall time.
fn engine_rate(ports: &[&str], count: u64, cores: &Cores) -> Result<(f64, f64), Failure> {
    let mut engine = standard_engine(ports)?;
    let opts = StartOptions {
        count: Some(count),
        cores: cores.count,
        pin: cores.pin.clone(),
        unpaced: true,
        ..Default::default()
    };
    let t0 = Instant::now();
    let snap = drive(&mut engine, opts, false)?;
    let wall = t0.elapsed().as_secs_f64();
    let moved = snap.ports.last().map_or(0, |p| if p.ipackets > 0 { p.ipackets } else { p.opackets });
    Ok((moved as f64 / wall, wall))
}

/// `riptide bench --link`: link:0 -> link:1 against the null port, same profile, same run.
fn bench_link(a: &BenchArgs, duration: Nanos) -> Result<(), Failure> {
    // Sized from a first short run of the null port, so each run lasts about --duration.
    let (probe, _) = engine_rate(&["null"], 2_000_000, &a.cores)?;
    let count = ((probe * duration.as_secs_f64()) as u64).max(1_000_000);
    let (mut link, mut null) = (Vec::new(), Vec::new());
    for _ in 0..a.runs {
        link.push(engine_rate(&["link:0", "link:1"], count, &a.cores)?.0 / 1e6);
        null.push(engine_rate(&["null"], count, &a.cores)?.0 / 1e6);
    }
    let (runs_link, runs_null) = (rounded(&link), rounded(&null));
    let (l, n) = (median(&mut link), median(&mut null));
    if a.json {
        let v = json!({
            "cores": a.cores.count,
            "pinned": a.cores.pin,
            "frames_per_run": count,
            "link_mpps": l,
            "null_mpps": n,
            "ratio": l / n,
            "runs_link_mpps": runs_link,
            "runs_null_mpps": runs_null,
        });
        crate::report::print_json(&v)?;
    } else {
        println!("riptide bench --link: the standard profile unpaced, {count} frames a run, {}", a.cores);
        println!("runs: link {runs_link:?} Mpps, null {runs_null:?} Mpps");
        println!("link     {l:>8.2} Mpps received on link:1 from link:0 (median of {})", a.runs);
        println!("null     {n:>8.2} Mpps sent into the null port");
        println!("ratio    {:>8.3} (link / null)", l / n);
    }
    Ok(())
}

fn rounded(v: &[f64]) -> Vec<f64> {
    v.iter().map(|x| (x * 100.0).round() / 100.0).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use riptide_port::capture::CaptureBuffer;
    use riptide_port::PortSpec;

    /// The first 200 frames profile `text` sends into a capture port.
    fn frames(text: &str) -> Vec<Vec<u8>> {
        let buf = CaptureBuffer::default();
        let mut e = Engine::new(EngineConfig { ports: vec![PortSpec::capture(&buf)], ..Default::default() });
        e.handle(Command::load_profile(text, "<bench>")).unwrap();
        drive(&mut e, StartOptions { count: Some(200), unpaced: true, ..Default::default() }, false).unwrap();
        let mut f = buf.lock().unwrap().clone();
        f.sort_by_key(|c| c.departure);
        f.into_iter().map(|c| c.data).collect()
    }

    #[test]
    fn the_raw_bench_profile_sends_the_layered_ones_frames() {
        let compiled =
            riptide_stl::profile::compile(&riptide_stl::profile::parse(STANDARD_PROFILE, "t").unwrap(), "t").unwrap();
        let mut frame = vec![0u8; 60];
        compiled.streams[0].template.write(&mut frame, 64);
        let raw = raw_standard_profile(&frame).unwrap();
        assert!(raw.contains("raw: true") && raw.contains(&format!("frame: {:02x}", frame[0])), "{raw}");
        let (a, b) = (frames(STANDARD_PROFILE), frames(&raw));
        assert_eq!(a.len(), 200);
        // The variables write in both: the source walks, and frame by frame the two agree.
        assert_ne!(a[0][26..30], a[1][26..30]);
        assert_eq!(a, b);
    }
}
