//! `riptide merge`: the results of one run split between several generators (`riptide
//! run --segment I/N --start-at TIME`, one `--json` or `--out` file each) added into one
//! report: per-port and per-stream counts summed, tagged streams' receive figures
//! summed, latency histograms merged, and how far apart the generators really began.
//! Stateful results (`riptide tcp --segment`, `riptide run-stf --segment`) are added by
//! [`crate::merge_stateful`].

use crate::files::write_atomic;
use crate::merge_split::{check_segments, human_ns, read_value, segment_of, Kind};
use crate::report;
use crate::Failure;
use clap::Args;
use riptide_engine::{LatencyStats, Snapshot};
use riptide_measure::Latency;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub(crate) struct MergeArgs {
    /// Result files of `riptide run --json` (or `--out`), or of `riptide tcp --json` or
    /// `riptide run-stf --json`, one per generator; all of one kind.
    #[arg(required = true, num_args = 1..)]
    pub files: Vec<PathBuf>,
    /// Print one JSON object instead of tables.
    #[arg(long)]
    pub json: bool,
    /// Also write the merged JSON object to FILE.
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// One generator's result, read.
struct Part {
    file: String,
    snap: Snapshot,
    segment: Option<(u32, u32)>,
    start_at: Option<u64>,
}

pub(crate) fn merge(a: MergeArgs) -> Result<(), Failure> {
    let raw = a.files.iter().map(|f| read_value(f)).collect::<Result<Vec<_>, _>>()?;
    let kind = Kind::of(&raw[0].1);
    if let Some((file, v)) = raw.iter().find(|(_, v)| Kind::of(v) != kind) {
        return Err(Failure::input(format!(
            "{file} is a {}'s result, {} a {}'s: one merge adds the results of one kind of run",
            Kind::of(v).name(),
            raw[0].0,
            kind.name()
        )));
    }
    let v = match kind {
        Kind::Tcp => return crate::merge_stateful::tcp(&raw, a.json, a.out.as_deref()),
        Kind::Stf => return crate::merge_stateful::stf(&raw, a.json, a.out.as_deref()),
        Kind::Stateless => raw,
    };
    let parts = v.into_iter().map(|(file, v)| part(file, v)).collect::<Result<Vec<_>, _>>()?;
    let segs: Vec<(&str, Option<(u32, u32)>)> = parts.iter().map(|p| (p.file.as_str(), p.segment)).collect();
    check_segments(&segs)?;
    let merged = add(&parts)?;
    let mut v = report::json(&merged);
    let began = parts.iter().map(began).collect::<Result<Vec<u64>, _>>()?;
    let (first, last) = (began.iter().min().copied().unwrap_or(0), began.iter().max().copied().unwrap_or(0));
    let start_at = parts.first().and_then(|p| p.start_at).filter(|&t| parts.iter().all(|p| p.start_at == Some(t)));
    let sent = parts
        .iter()
        .map(|p| {
            p.snap.ports.iter().try_fold(0u64, |sum, x| sum.checked_add(x.opackets)).ok_or_else(|| {
                Failure::input(format!("{}: its ports' opackets add up past 2^64-1: not a run's counts", p.file))
            })
        })
        .collect::<Result<Vec<u64>, _>>()?;
    v["generators"] = json!(parts
        .iter()
        .zip(began.iter().zip(&sent))
        .map(|(p, (&b, &sent))| json!({
            "file": p.file,
            "segment": p.segment.map(|(i, n)| format!("{i}/{n}")),
            "start_unix_ns": p.snap.start_unix_ns,
            "began_unix_ns": b,
            "opackets": sent,
        }))
        .collect::<Vec<_>>());
    // How far apart the generators began, each by its own clock (one host's clock, or
    // hosts agreeing by PTP or NTP: docs/scale.md).
    v["start_skew_ns"] = json!(last - first);
    v["start_at_unix_ns"] = json!(start_at);
    v["late_start_ns"] = json!(start_at.map(|t| last.saturating_sub(t)));
    if let Some(out) = &a.out {
        write_atomic("--out", out, &serde_json::to_string_pretty(&v).map_err(|e| Failure::runtime(e.to_string()))?)?;
    }
    if a.json {
        return report::print_json(&v);
    }
    println!(
        "merged {} runs: began within {} of each other{}",
        parts.len(),
        human_ns(last - first),
        start_at.map_or(String::new(), |t| format!(
            ", the last {} after the agreed start",
            human_ns(last.saturating_sub(t))
        ))
    );
    print!("{}", report::tables(&merged));
    Ok(())
}

/// One stateless result: a run's `--json` object (tagged streams' receive figures as
/// flat keys) or the engine's snapshot.
fn part(file: String, mut v: Value) -> Result<Part, Failure> {
    let bad = |what: String| Failure::input(format!("{file}: {what}"));
    if let Some(streams) = v.get_mut("streams").and_then(Value::as_array_mut) {
        for s in streams {
            unflatten_rx(s);
        }
    }
    let segment = segment_of(&file, &v)?;
    let start_at = v.get("start_at_unix_ns").and_then(Value::as_u64);
    let snap: Snapshot = serde_json::from_value(v)
        .map_err(|e| bad(format!("not a riptide run's result: {e} (expected the --json of riptide run)")))?;
    Ok(Part { file, snap, segment, start_at })
}

/// A `--json` stream's flat receive keys (`rx_packets`, `lost`, `rx_ports`, ...) back
/// into the snapshot's `rx` object.
fn unflatten_rx(s: &mut Value) {
    let Some(o) = s.as_object_mut() else { return };
    if o.contains_key("rx") || o.get("rx_packets").is_none_or(Value::is_null) {
        return;
    }
    let mut rx = serde_json::Map::new();
    for k in
        ["rx_packets", "rx_bytes", "lost", "out_of_order", "duplicates", "seq_too_high", "seq_too_low", "disruptions"]
    {
        rx.insert(k.into(), o.get(k).cloned().unwrap_or(json!(0)));
    }
    rx.insert("ports".into(), o.get("rx_ports").cloned().filter(|p| !p.is_null()).unwrap_or(json!([])));
    o.insert("rx".into(), Value::Object(rx));
}

/// When a generator began sending (its time zero and how late it started), by its clock.
fn began(p: &Part) -> Result<u64, Failure> {
    p.snap.start_unix_ns.checked_add(p.snap.start_lag_ns).ok_or_else(|| {
        Failure::input(format!(
            "{}: start_unix_ns {} + start_lag_ns {} passes 2^64-1 ns: not a run's start",
            p.file, p.snap.start_unix_ns, p.snap.start_lag_ns
        ))
    })
}

/// Adds `x`, counter `what` of `parts[i]`, into `acc`, the sum over the files before
/// it; a sum past 2^64-1 is refused naming the files and the counter (counts of one run
/// split between generators cannot reach it: the files were altered or are not one run's).
fn add_to(acc: &mut u64, x: u64, parts: &[Part], i: usize, what: &dyn Fn() -> String) -> Result<(), Failure> {
    match acc.checked_add(x) {
        Some(sum) => {
            *acc = sum;
            Ok(())
        }
        None => {
            let before: Vec<&str> = parts[..i].iter().map(|p| p.file.as_str()).collect();
            Err(Failure::input(format!(
                "{}: {} ({x}) added to that of {} ({acc}) passes 2^64-1: a 64-bit counter cannot hold the sum, so \
                 these files are not the counts of one run",
                parts[i].file,
                what(),
                before.join(", ")
            )))
        }
    }
}

/// The runs added into one snapshot.
fn add(parts: &[Part]) -> Result<Snapshot, Failure> {
    let mut out = parts[0].snap.clone();
    if let Some(p) = parts.iter().find(|p| p.snap.simulated != out.simulated) {
        return Err(Failure::input(format!(
            "{} and {}: one run is simulated (pcap), the other in real time: not one split",
            parts[0].file, p.file
        )));
    }
    out.workers.clear();
    out.latency.clear();
    out.disruptions.clear();
    out.ports.clear();
    out.streams.clear();
    out.late_resets = 0;
    out.interrupted = false;
    let mut latency: BTreeMap<u16, (LatencyStats, Latency)> = BTreeMap::new();
    for (i, p) in parts.iter().enumerate() {
        let s = &p.snap;
        let sum = |acc: &mut u64, x: u64, what: &dyn Fn() -> String| add_to(acc, x, parts, i, what);
        out.duration_s = out.duration_s.max(s.duration_s);
        sum(&mut out.late_resets, s.late_resets, &|| "late_resets".into())?;
        out.interrupted |= s.interrupted;
        out.start_unix_ns = out.start_unix_ns.min(s.start_unix_ns);
        for w in &s.workers {
            let mut w = w.clone();
            w.index = out.workers.len();
            out.workers.push(w);
        }
        for port in &s.ports {
            match out.ports.iter_mut().find(|q| q.index == port.index) {
                None => out.ports.push(port.clone()),
                Some(q) => {
                    let n = port.index;
                    sum(&mut q.opackets, port.opackets, &|| format!("port {n}'s opackets"))?;
                    sum(&mut q.obytes, port.obytes, &|| format!("port {n}'s obytes"))?;
                    sum(&mut q.oerrors, port.oerrors, &|| format!("port {n}'s oerrors"))?;
                    sum(&mut q.ipackets, port.ipackets, &|| format!("port {n}'s ipackets"))?;
                    sum(&mut q.ibytes, port.ibytes, &|| format!("port {n}'s ibytes"))?;
                    sum(&mut q.ierrors, port.ierrors, &|| format!("port {n}'s ierrors"))?;
                    q.tx_pps += port.tx_pps;
                    q.tx_bps_l1 += port.tx_bps_l1;
                    q.tx_bps_l2 += port.tx_bps_l2;
                    q.rx_pps += port.rx_pps;
                    q.pacing = match (q.pacing, port.pacing) {
                        (Some(a), Some(b)) => Some(riptide_engine::Pacing::worst(a, b)),
                        (a, b) => a.or(b),
                    };
                }
            }
        }
        for st in &s.streams {
            match out.streams.iter_mut().find(|q| q.id == st.id) {
                None => out.streams.push(st.clone()),
                Some(q) => {
                    if q.name != st.name || q.port != st.port {
                        return Err(Failure::input(format!(
                            "{}: stream {} is '{}' on port {}, '{}' on port {} in the first file: not one profile",
                            p.file, st.id, st.name, st.port, q.name, q.port
                        )));
                    }
                    let id = st.id;
                    sum(&mut q.opackets, st.opackets, &|| format!("stream {id}'s opackets"))?;
                    sum(&mut q.obytes, st.obytes, &|| format!("stream {id}'s obytes"))?;
                    q.requested_pps += st.requested_pps;
                    q.achieved_pps += st.achieved_pps;
                    q.requested_bps_l1 += st.requested_bps_l1;
                    q.achieved_bps_l1 += st.achieved_bps_l1;
                    q.rx = match (q.rx.take(), &st.rx) {
                        (Some(mut a), Some(b)) => {
                            let rx = |k: &'static str| move || format!("stream {id}'s {k}");
                            sum(&mut a.rx_packets, b.rx_packets, &rx("rx_packets"))?;
                            sum(&mut a.rx_bytes, b.rx_bytes, &rx("rx_bytes"))?;
                            sum(&mut a.lost, b.lost, &rx("lost"))?;
                            sum(&mut a.out_of_order, b.out_of_order, &rx("out_of_order"))?;
                            sum(&mut a.duplicates, b.duplicates, &rx("duplicates"))?;
                            sum(&mut a.seq_too_high, b.seq_too_high, &rx("seq_too_high"))?;
                            sum(&mut a.seq_too_low, b.seq_too_low, &rx("seq_too_low"))?;
                            sum(&mut a.disruptions, b.disruptions, &rx("disruptions"))?;
                            for bp in &b.ports {
                                match a.ports.iter_mut().find(|x| x.port == bp.port) {
                                    Some(x) => {
                                        let on =
                                            |k: &'static str| move || format!("stream {id}'s {k} on port {}", bp.port);
                                        sum(&mut x.rx_packets, bp.rx_packets, &on("rx_packets"))?;
                                        sum(&mut x.rx_bytes, bp.rx_bytes, &on("rx_bytes"))?;
                                    }
                                    None => a.ports.push(*bp),
                                }
                            }
                            Some(a)
                        }
                        (a, b) => a.or_else(|| b.clone()),
                    };
                }
            }
        }
        for l in &s.latency {
            let Some(hdr) = &l.hdr else {
                return Err(Failure::input(format!(
                    "{}: latency stream '{}' has no histogram (hdr): it cannot be merged",
                    p.file, l.stream
                )));
            };
            let rec = Latency::decode(&l.summary, hdr)
                .map_err(|e| Failure::input(format!("{}: latency stream '{}': {e}", p.file, l.stream)))?;
            match latency.get_mut(&l.id) {
                None => {
                    latency.insert(l.id, (l.clone(), rec));
                }
                Some((first, acc)) => {
                    // The merged histogram's count must stay the sum of theirs.
                    let name = &l.stream;
                    sum(&mut first.summary.count, l.summary.count, &|| {
                        format!("the count of latency stream '{name}'")
                    })?;
                    acc.merge(&rec);
                }
            }
        }
        out.disruptions.extend(s.disruptions.iter().cloned());
    }
    // The last of them began this long after the first one's time zero.
    let began = parts.iter().map(began).collect::<Result<Vec<u64>, _>>()?.into_iter().max().unwrap_or(0);
    out.start_lag_ns = began.saturating_sub(out.start_unix_ns);
    out.latency = latency
        .into_values()
        .map(|(mut l, rec)| {
            l.summary = rec.peek();
            l.hdr = Some(rec.encoded_base64());
            l
        })
        .collect();
    out.ports.sort_by_key(|p| p.index);
    out.streams.sort_by_key(|s| s.id);
    Ok(out)
}
