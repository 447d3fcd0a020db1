//! `riptide run`.

use crate::drive::{drive_sampled, shows_progress};
use crate::files::{check_writable, read_profile, write_atomic};
use crate::place::PlaceArgs;
use crate::report;
use crate::Failure;
use clap::Args;
use riptide_core::{Nanos, Rate};
use riptide_engine::{Command, Engine, Multiplier, ProfileFormat, Snapshot, StartOptions};
use std::path::PathBuf;

#[derive(Args, Debug)]
pub(crate) struct RunArgs {
    /// Profile: riptide's YAML, or a TRex stateless Python profile (`.py`, run unchanged:
    /// docs/trex.md).
    pub profile: PathBuf,
    /// A TRex profile's tunables, as TRex's `-t`: `key=val,key2=val2` (passed to its
    /// get_streams()).
    #[arg(short = 't', long = "tunables", value_name = "KEY=VAL,...")]
    pub tunables: Option<String>,
    /// Port: `null`, `pcap:FILE`, `afpacket:IF`, `afxdp:IF[:QUEUE]`, `xdplive:IF`, `link:0|1[:delay=..,loss=..]`,
    /// each optionally with wrappers `+impair:loss=1%,...` and `+tap:FILE` (docs/ports.md);
    /// repeat for ports 1, 2, ...
    #[arg(long = "port", required_unless_present = "config", conflicts_with = "config")]
    pub ports: Vec<String>,
    /// Port configuration file in the spirit of TRex's trex_cfg.yaml (interfaces, port_info
    /// MACs and gateways, port_bandwidth_gb, platform threads); see docs/port-config.md.
    #[arg(long = "config", alias = "cfg")]
    pub config: Option<PathBuf>,
    /// Stop after this long (virtual time on pcap ports): 10s, 500ms.
    #[arg(short, long)]
    pub duration: Option<String>,
    /// Stop after this many packets in all.
    #[arg(short = 'n', long, allow_negative_numbers = true)]
    pub count: Option<u64>,
    /// Rate multiplier: a factor (2), a total rate (10mpps, 5gbps, 5gbpsl1) or % of line rate (50%).
    #[arg(short = 'm', long, default_value = "1")]
    pub multiplier: String,
    /// A total-rate multiplier (-m 10mpps) is the sum over the sending ports, split evenly
    /// between them (TRex's --total), instead of each port's rate.
    #[arg(long)]
    pub total: bool,
    /// How late a stream may fall (its worker descheduled, its port full) and still make
    /// up what it owes in one burst (default 1s, as TRex and pktgen make up what they owe:
    /// rate x duration is exact). Later, its schedule restarts and the stall shows as a
    /// shortfall (`late_resets`). A short window (1ms) bounds the bursts after stalls, at
    /// the cost of the packets a longer stall would have sent (at most 60s).
    #[arg(long, value_name = "DURATION")]
    pub catch_up: Option<String>,
    /// Worker threads: a count (4), or a core list (2,3 or 2-5; one core: 3-3) that pins
    /// one worker on each core (default 1, or one pinned on each `platform` thread of --config).
    #[arg(short, long)]
    pub cores: Option<crate::cores::Cores>,
    /// Which workers send which port (TRex's core_mask): split, every worker a share of
    /// every port's streams; pin, the workers divided between the sending ports.
    #[arg(long, default_value = "split", value_name = "split|pin")]
    pub core_mask: riptide_engine::CoreMask,
    /// Run the workers at real-time priority (SCHED_FIFO 10; root or CAP_SYS_NICE), so
    /// the processes beside them on a busy host do not preempt them and departures stay
    /// on schedule (each port's `pacing` in --json shows how well). The workers then
    /// sleep between departures and leave their CPU 10% of each busy millisecond.
    #[arg(long)]
    pub realtime: bool,
    /// Where latency's departure times come from: auto (the default) takes the sending
    /// port's departure stamps where it has them (AF_PACKET: the driver's software stamp,
    /// SO_TIMESTAMPING) and user space's elsewhere, and each port's report says which;
    /// kernel refuses to run without them; user takes the time user space built the frame.
    #[arg(long, default_value = "auto", value_name = "auto|kernel|user")]
    pub timestamps: riptide_engine::Timestamps,
    /// Send only share I (from 0) of N of the run, for N generators that together send
    /// the profile (on N hosts, or N namespaces): each takes 1/N of every stream's rate and
    /// packet counts, of -n, and a disjoint part of every field-engine range, as the
    /// engine splits a stream between its cores. `riptide merge` adds their results.
    #[arg(long, value_name = "I/N")]
    pub segment: Option<String>,
    /// Start at this wall-clock time, so that several generators begin together: RFC
    /// 3339 in UTC (2026-11-27T23:30:00.5Z) or Unix seconds (1795822200.5). The run
    /// reports how late it really began (start_lag_ns); a time already past is refused.
    #[arg(long, value_name = "TIME")]
    pub start_at: Option<String>,
    /// Print one JSON object instead of tables.
    #[arg(long)]
    pub json: bool,
    /// Also write the full result (the --json object, with the per-second series) to FILE.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Latency probes, like TRex's `-l`: a latency stream of RATE packets per second
    /// (`1000` or `1kpps`) on every sending port, copying the headers of its first stream,
    /// never scaled by -m.
    #[arg(short = 'l', long = "latency", value_name = "RATE")]
    pub latency: Option<String>,
    /// Write each latency stream's whole HDR histogram (ns) to FILE as an HdrHistogram
    /// interval log, one `Tag=STREAM` line per stream (HdrHistogram's readers decode it).
    #[arg(long)]
    pub hist: Option<PathBuf>,
    #[command(flatten)]
    pub place: PlaceArgs,
}

/// The latency streams' histograms of a final snapshot as an HdrHistogram interval log
/// (format 1.3): one interval per stream spanning the run, tagged with the stream's name,
/// its max in ms (the log's default unit ratio for ns values), its histogram in base64.
pub(crate) fn hdr_log(s: &Snapshot) -> String {
    let start = s.start_unix_ns as f64 / 1e9;
    let mut out = String::from("#[Histogram log format version 1.3]\n");
    out.push_str("#[riptide latency: values in ns, one interval per latency stream, tagged with its name]\n");
    out.push_str(&format!("#[StartTime: {start:.3} (seconds since epoch)]\n"));
    out.push_str(&format!("#[BaseTime: {start:.3} (seconds since epoch)]\n"));
    out.push_str("\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"\n");
    for l in &s.latency {
        let Some(h) = &l.hdr else { continue };
        // A tag holds no comma or white space.
        let tag: String = l.stream.chars().map(|c| if c == ',' || c.is_whitespace() { '_' } else { c }).collect();
        let max_ms = l.summary.max_ns as f64 / 1e6;
        out.push_str(&format!("Tag={tag},0.000,{:.3},{max_ms:.6},{h}\n", s.duration_s));
    }
    out
}

pub(crate) fn start_options(a: &RunArgs) -> Result<StartOptions, Failure> {
    let duration = a
        .duration
        .as_deref()
        .map(|d| d.parse::<Nanos>().map_err(|e| Failure::input(format!("--duration: {e}"))))
        .transpose()?;
    if duration == Some(Nanos::ZERO) {
        return Err(Failure::input("--duration must be above zero"));
    }
    if a.count == Some(0) {
        return Err(Failure::input("--count must be at least 1"));
    }
    let multiplier: Multiplier = a.multiplier.parse().map_err(|e| Failure::input(format!("-m: {e}")))?;
    if a.total && matches!(multiplier, Multiplier::Factor(_)) {
        return Err(Failure::input(format!(
            "--total splits a total rate between the ports: give -m a rate (10mpps, 5gbps, 50%), not the factor '{}'",
            a.multiplier
        )));
    }
    let catch_up = a
        .catch_up
        .as_deref()
        .map(|d| d.parse::<Nanos>().map_err(|e| Failure::input(format!("--catch-up: {e}"))))
        .transpose()?;
    if catch_up.is_some_and(|c| c > Nanos::from_secs(60)) {
        return Err(Failure::input("--catch-up: at most 60s (a longer stall would end in a burst that long)"));
    }
    let cores = a.cores.clone().unwrap_or_default();
    riptide_engine::cores(cores.count as u64).map_err(|e| Failure::input(format!("--cores {e}")))?;
    let segment = a
        .segment
        .as_deref()
        .map(|s| s.parse::<riptide_engine::Segment>().map_err(|e| Failure::input(format!("--segment: {e}"))))
        .transpose()?;
    Ok(StartOptions {
        segment,
        duration,
        count: a.count,
        multiplier,
        cores: cores.count,
        pin: cores.pin,
        core_mask: a.core_mask,
        total: a.total,
        catch_up,
        realtime: a.realtime,
        timestamps: a.timestamps,
        ..Default::default()
    })
}

pub(crate) fn run(mut a: RunArgs) -> Result<(), Failure> {
    let trex = crate::trex::is_python_profile(&a.profile);
    if a.tunables.is_some() && !trex {
        return Err(Failure::input("-t/--tunables is for TRex Python profiles (.py)"));
    }
    let mut text = if trex { String::new() } else { read_profile(&a.profile)? };
    if let Some(out) = &a.out {
        check_writable("--out", out)?;
    }
    if let Some(hist) = &a.hist {
        check_writable("--hist", hist)?;
    }
    let source = if trex {
        // Lines of the translation: line 2 + k is stream k (python -m riptide.trex shows it).
        format!("{} (translated from TRex)", a.profile.display())
    } else {
        a.profile.display().to_string()
    };
    let latency_pps = a.latency.as_deref().map(probe_rate).transpose()?;
    let config = crate::portcfg::engine_config_of(a.config.as_deref(), &mut a.place, &a.ports, &mut a.cores)?;
    if trex {
        // TRex loads a profile on every port it starts: the translation does the same.
        text = crate::trex::convert(&a.profile, config.ports.len().max(1), a.tunables.as_deref())?;
    }
    let opts = start_options(&a)?;
    // For the hint after a run on interfaces that got nothing back (unrouted.rs).
    let ports = config.ports.clone();
    let hint_text = ports.iter().any(|p| p.interface().is_some()).then(|| text.clone());
    let mut engine = Engine::new(config);
    engine.handle(Command::LoadProfile {
        text,
        source,
        format: ProfileFormat::Yaml,
        latency_pps,
        frame_size: None,
        bidirectional: false,
    })?;
    let snap = finish(&a, &mut engine, opts)?;
    if let (Some(snap), Some(text)) = (snap, hint_text) {
        if let Some(h) = crate::unrouted::hint(&snap, &ports, &text) {
            eprintln!("{h}");
        }
    }
    Ok(())
}

/// `-l RATE`: packets per second, as a number (TRex's spelling) or a pps rate.
fn probe_rate(s: &str) -> Result<f64, Failure> {
    let bad = || Failure::input(format!("-l {s}: expected a probe rate in packets per second, e.g. 1000 or 1kpps"));
    let pps = match s.trim().parse::<f64>() {
        Ok(v) => v,
        Err(_) => match s.parse::<Rate>().map_err(|_| bad())? {
            Rate::Pps(v) => v,
            _ => return Err(bad()),
        },
    };
    if pps.is_finite() && pps > 0.0 && pps <= 1e6 {
        Ok(pps)
    } else {
        Err(bad())
    }
}

/// Runs, writes and prints; the final snapshot (None: interrupted before the start time).
fn finish(a: &RunArgs, engine: &mut Engine, mut opts: StartOptions) -> Result<Option<Snapshot>, Failure> {
    let start_at = a
        .start_at
        .as_deref()
        .map(|t| parse_time(t).map_err(|e| Failure::input(format!("--start-at: {e}"))))
        .transpose()?;
    if let Some(at) = start_at {
        match wait_until(at) {
            Some(at) => opts.at_unix_ns = Some(at),
            None => return Ok(None),
        }
    }
    let segment = opts.segment;
    let progress = shows_progress(a.json);
    let mut series = Vec::new();
    let snap = drive_sampled(engine, Command::Start(opts), progress, &mut series)?;
    let mut v = report::json(&snap);
    v["series"] = serde_json::Value::Array(series);
    if let Some(seg) = segment {
        v["segment"] = serde_json::json!(seg.to_string());
    }
    if let Some(at) = start_at {
        v["start_at_unix_ns"] = serde_json::json!(at);
    }
    if let Some(out) = &a.out {
        // The file carries the host's latest calibration; stdout's --json stays the run.
        let mut full = v.clone();
        full["host_calibration"] = riptide_method::host::latest_json();
        write_atomic("--out", out, &serde_json::to_string_pretty(&full).map_err(|e| Failure::runtime(e.to_string()))?)?;
    }
    if let Some(hist) = &a.hist {
        write_atomic("--hist", hist, hdr_log(&snap))?;
    }
    if a.json {
        crate::report::print_json(&v)?;
    } else {
        print!("{}", report::tables(&snap));
    }
    Ok(Some(snap))
}

/// `--segment I/N` and `--start-at TIME` of a run split between generators, parsed.
pub(crate) fn split_options(
    segment: Option<&str>,
    start_at: Option<&str>,
) -> Result<(Option<riptide_engine::Segment>, Option<u64>), Failure> {
    let segment = segment
        .map(|s| s.parse::<riptide_engine::Segment>().map_err(|e| Failure::input(format!("--segment: {e}"))))
        .transpose()?;
    let start_at =
        start_at.map(|t| parse_time(t).map_err(|e| Failure::input(format!("--start-at: {e}")))).transpose()?;
    Ok((segment, start_at))
}

/// How far ahead of its start time a run is handed to the engine (which takes start times
/// up to 60 s ahead): the command waits until then.
const HAND_OVER: u64 = 2_000_000_000;

/// Waits until `at_unix_ns` is at most [`HAND_OVER`] away, and returns it; refuses a
/// time less than 5 ms ahead (the engine needs 1 ms to open its ports). `None` when
/// interrupted while waiting.
pub(crate) fn wait_until(at_unix_ns: u64) -> Option<u64> {
    loop {
        if crate::signal::interrupted() {
            return None;
        }
        let now = riptide_core::host::unix_now_ns();
        if at_unix_ns <= now + HAND_OVER {
            return Some(at_unix_ns);
        }
        let left = at_unix_ns - now - HAND_OVER;
        std::thread::sleep(std::time::Duration::from_nanos(left.min(100_000_000)));
    }
}

/// A wall-clock time: RFC 3339 in UTC (`2026-11-27T23:30:00Z`, `...:00.250Z`) or Unix
/// seconds (`1795822200`, `1795822200.25`), as ns since the Unix epoch; it must be
/// ahead of now by at least 5 ms and by at most a day.
pub(crate) fn parse_time(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let ns = if t.bytes().all(|b| b.is_ascii_digit() || b == b'.') && !t.is_empty() {
        // Exact to the nanosecond (an f64 of today's Unix time in ns is not).
        let bad = || format!("'{s}': expected Unix seconds such as 1795822200.5");
        let (secs, frac) = t.split_once('.').unwrap_or((t, ""));
        if secs.is_empty() || secs.len() > 12 || frac.len() > 9 || frac.contains('.') {
            return Err(bad());
        }
        let secs: u64 = secs.parse().map_err(|_| bad())?;
        let frac: u64 = if frac.is_empty() { 0 } else { format!("{frac:0<9}").parse().map_err(|_| bad())? };
        secs * 1_000_000_000 + frac
    } else {
        rfc3339_utc(t).ok_or_else(|| {
            format!("'{s}': expected a UTC time such as 2026-11-27T23:30:00Z (or 23:30:00.250Z), or Unix seconds")
        })?
    };
    let now = riptide_core::host::unix_now_ns();
    if ns < now + 5_000_000 {
        return Err(format!(
            "'{s}' is not ahead of now (by {:.3} s): the generators would not begin together",
            (now as f64 - ns as f64) / 1e9
        ));
    }
    if ns > now + 86_400_000_000_000 {
        return Err(format!("'{s}' is more than a day ahead"));
    }
    Ok(ns)
}

/// `YYYY-MM-DDTHH:MM:SS[.fraction]Z` as ns since the Unix epoch.
fn rfc3339_utc(t: &str) -> Option<u64> {
    let t = t.strip_suffix('Z').or_else(|| t.strip_suffix('z'))?;
    let (date, time) = t.split_once(['T', 't', ' '])?;
    let d: Vec<&str> = date.split('-').collect();
    let (hms, frac) = match time.split_once('.') {
        Some((h, f)) => (h, f),
        None => (time, ""),
    };
    let h: Vec<&str> = hms.split(':').collect();
    if d.len() != 3 || h.len() != 3 || d[0].len() != 4 || frac.len() > 9 || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let num = |x: &str, max: u64| x.parse::<u64>().ok().filter(|&v| v <= max && x.len() == 2);
    let (year, month, day) = (d[0].parse::<i64>().ok()?, num(d[1], 12)?, num(d[2], 31)?);
    let (hour, min, sec) = (num(h[0], 23)?, num(h[1], 59)?, num(h[2], 60)?);
    if month == 0 || day == 0 || year < 1970 {
        return None;
    }
    // Days from the civil date (Howard Hinnant's algorithm).
    let (y, m) = if month <= 2 { (year - 1, month as i64 + 9) } else { (year, month as i64 - 3) };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * m + 2) / 5 + day as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    let secs = days as u64 * 86_400 + hour * 3_600 + min * 60 + sec;
    let frac_ns = if frac.is_empty() { 0 } else { format!("{frac:0<9}").parse::<u64>().ok()? };
    Some(secs * 1_000_000_000 + frac_ns)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_times_parse_as_rfc3339_utc_or_unix_seconds() {
        assert_eq!(rfc3339_utc("1970-01-01T00:00:00Z"), Some(0));
        assert_eq!(rfc3339_utc("2026-11-27T23:30:00Z"), Some(1_795_822_200_000_000_000));
        assert_eq!(rfc3339_utc("2026-11-27T23:30:00.25Z"), Some(1_795_822_200_250_000_000));
        assert_eq!(rfc3339_utc("2000-02-29T12:00:00Z"), Some(951_825_600_000_000_000));
        for bad in [
            "2026-11-27T23:30:00",
            "2026-11-27T23:30:00+01:00",
            "2026-13-01T00:00:00Z",
            "26-11-27T23:30:00Z",
            "2026-11-27T23:30Z",
            "2026-11-27T23:30:00.1234567890Z",
        ] {
            assert_eq!(rfc3339_utc(bad), None, "{bad}");
        }
        let now = riptide_core::host::unix_now_ns();
        let soon = format!("{:.3}", (now + 3_000_000_000) as f64 / 1e9);
        assert!(parse_time(&soon).is_ok_and(|t| t.abs_diff(now + 3_000_000_000) < 1_000_000));
        let exact = (now / 1_000_000_000 + 5).to_string() + ".123456789";
        assert_eq!(parse_time(&exact).unwrap() % 1_000_000_000, 123_456_789);
        assert!(parse_time("1.2.3").unwrap_err().contains("Unix seconds"));
        assert!(parse_time("1000").unwrap_err().contains("not ahead of now"));
        assert!(parse_time("2999-01-01T00:00:00Z").unwrap_err().contains("more than a day"));
        assert!(parse_time("tomorrow").unwrap_err().contains("expected a UTC time"));
    }
}
