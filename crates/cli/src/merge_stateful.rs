//! `riptide merge` of stateful results: the `--json` of `riptide tcp --segment I/N` (TRex
//! ASTF's counters) or of `riptide run-stf --segment I/N` (TRex STF's `m_*`), one file per
//! generator, added into one report. The segments must be the N shares of one split,
//! each once, and must have taken disjoint parts of the tuple space (`riptide tcp`'s block
//! of client addresses or share of their ports, `run-stf`'s flows): what each file says
//! it took is checked, not its segment's name alone. A server's result (`--role server`)
//! may stand beside the segments it served. Every counter is summed with overflow refused (naming the
//! file and the counter), latency histograms are merged whole, and TRex's invariants are
//! checked on the merged totals; the report says when each generator began and opened its
//! first connection.

use crate::files::write_atomic;
use crate::merge_split::{check_segments, human_ns, segment_of};
use crate::Failure;
use riptide_engine::stf::StfReport;
use riptide_engine::{Percentiles, TcpReport};
use serde_json::{json, Map, Value};

/// A result file read: its name and JSON.
type Raw = (String, Value);

/// Adds the object `from` (counters, nested objects of counters) into `into`, key by
/// key; `path` names the object in messages. A sum past 2^64-1 is refused naming the
/// file and the counter.
fn add_counters(into: &mut Value, from: &Value, file: &str, path: &str) -> Result<(), Failure> {
    let (Some(into), Some(from)) = (into.as_object_mut(), from.as_object()) else {
        return Err(Failure::input(format!("{file}: {path}: expected an object of counters")));
    };
    for (k, b) in from {
        let here = format!("{path}.{k}");
        match (into.get_mut(k), b) {
            (None, b) => {
                into.insert(k.clone(), b.clone());
            }
            (Some(a @ Value::Object(_)), Value::Object(_)) => add_counters(a, b, file, &here)?,
            (Some(a), b) => match (a.as_u64(), b.as_u64()) {
                (Some(x), Some(y)) => {
                    let sum = x.checked_add(y).ok_or_else(|| {
                        Failure::input(format!(
                            "{file}: {here} ({y}) added to the files before it ({x}) passes 2^64-1: a 64-bit counter \
                             cannot hold the sum, so these files are not the counts of one run"
                        ))
                    })?;
                    *a = json!(sum);
                }
                _ => return Err(Failure::input(format!("{file}: {here}: expected a count, got {b}"))),
            },
        }
    }
    Ok(())
}

/// The generators' time zeros, and when each really began (time zero and how late its
/// last worker started, by its own clock): the skew between them and how late the last
/// one began after the time they agreed on (`--start-at`), when they did.
fn starts(raw: &[Raw]) -> Result<(Vec<u64>, Value), Failure> {
    let mut zero = Vec::with_capacity(raw.len());
    let mut began = Vec::with_capacity(raw.len());
    for (file, v) in raw {
        let t = v.get("start_unix_ns").and_then(Value::as_u64).ok_or_else(|| {
            Failure::input(format!("{file}: no start_unix_ns: a result of riptide before it recorded its start"))
        })?;
        let lag = v.get("start_lag_ns").and_then(Value::as_u64).unwrap_or(0);
        zero.push(t);
        began.push(t.checked_add(lag).ok_or_else(|| {
            Failure::input(format!(
                "{file}: start_unix_ns {t} + start_lag_ns {lag} passes 2^64-1 ns: not a run's start"
            ))
        })?);
    }
    let (first, last) = (zero.iter().min().copied().unwrap_or(0), zero.iter().max().copied().unwrap_or(0));
    let at = raw[0].1.get("start_at_unix_ns").and_then(Value::as_u64);
    let agreed = at.filter(|&t| raw.iter().all(|(_, v)| v.get("start_at_unix_ns").and_then(Value::as_u64) == Some(t)));
    let skew = json!({
        "start_skew_ns": last - first,
        "start_at_unix_ns": agreed,
        "late_start_ns": agreed.map(|t| last.saturating_sub(t)),
    });
    Ok((zero, skew))
}

/// The segments' names, checked to be the N shares of one split.
fn segments(raw: &[Raw]) -> Result<Vec<Option<(u32, u32)>>, Failure> {
    let segs = raw.iter().map(|(f, v)| segment_of(f, v)).collect::<Result<Vec<_>, _>>()?;
    let named: Vec<(&str, Option<(u32, u32)>)> = raw.iter().map(|r| r.0.as_str()).zip(segs.iter().copied()).collect();
    check_segments(&named)?;
    Ok(segs)
}

/// What part of the tuple space a result says it took (`key`: `client_tuples`, what
/// `riptide tcp` took of the client pool, or `flows`, what `run-stf` started): it must be
/// exactly its segment's share of the space the first file's is a share of, so that
/// distinct segments (checked before) took disjoint parts. A file whose share is not its
/// segment's, or of another space, is refused naming it (and the first file).
fn check_tuples(raw: &[Raw], segs: &[Option<(u32, u32)>], key: &str) -> Result<(), Failure> {
    let mut first: Option<(&str, Value)> = None;
    for ((file, v), seg) in raw.iter().zip(segs) {
        let Some((i, n)) = *seg else { continue };
        // A TCP result keeps it in its report (`tcp.split`): the CLI's and the daemon's alike.
        let took = if key == "flows" { v.get(key) } else { v.pointer("/tcp/split/client_tuples") };
        let Some(took) = took.filter(|t| t.is_object()) else {
            return Err(Failure::input(format!("{file}: segment {i}/{n} but no {key}: what it took is not known")));
        };
        let want = if key == "flows" {
            json!({"stride": n, "offset": i})
        } else {
            let space = &took["space"];
            let ip: Option<std::net::Ipv4Addr> = space["ip_first"].as_str().and_then(|a| a.parse().ok());
            let count = space["ip_count"].as_u64().and_then(|c| u32::try_from(c).ok());
            let port = |k: &str| space[k].as_u64().and_then(|p| u16::try_from(p).ok());
            let (Some(ip), Some(count), Some(pf), Some(pl)) = (ip, count, port("port_first"), port("port_last")) else {
                return Err(Failure::input(format!(
                    "{file}: {key}.space: expected ip_first (an IPv4 address), ip_count, port_first and port_last"
                )));
            };
            let seg = riptide_engine::Segment { index: i, count: n };
            let mut w = json!(riptide_engine::tcp::client_take(seg, (ip, count), (pf, pl)));
            w["space"] = space.clone();
            match &first {
                Some((f0, s0)) if *s0 != *space => {
                    return Err(Failure::input(format!(
                        "{file} and {f0}: their {key} are shares of different spaces ({space} against {s0}): not one \
                         run's segments, and their tuples may meet"
                    )))
                }
                Some(_) => {}
                None => first = Some((file, space.clone())),
            }
            w
        };
        if *took != want {
            return Err(Failure::input(format!(
                "{file}: {key} {took} is not segment {i}/{n}'s share ({want}): the file was altered or is not of this split"
            )));
        }
    }
    Ok(())
}

/// Prints or writes the merged object.
fn emit(v: &Value, json_out: bool, out: Option<&std::path::Path>, human: impl FnOnce()) -> Result<(), Failure> {
    if let Some(out) = out {
        write_atomic("--out", out, &serde_json::to_string_pretty(v).map_err(|e| Failure::runtime(e.to_string()))?)?;
    }
    if json_out {
        return crate::report::print_json(v);
    }
    human();
    Ok(())
}

/// One TRex invariant of the merged totals: its name, whether it holds, both sides.
fn invariant(name: &str, left: u64, right: u64) -> Value {
    json!({"name": name, "holds": left == right, "left": left, "right": right})
}

/// TRex's invariants of an ASTF run that ended (those its own tests check), on the
/// merged totals: the client's, and with a server role in the results its counters
/// against the client's.
fn tcp_invariants(r: &TcpReport) -> Vec<Value> {
    let (c, s) = (&r.client, &r.server);
    let mut out = Vec::new();
    if c.tcps_connattempt > 0 {
        out.push(invariant("client connattempt == connects", c.tcps_connattempt, c.tcps_connects));
        if r.active == 0 {
            out.push(invariant("client connattempt == closed", c.tcps_connattempt, c.tcps_closed));
        }
    }
    if s.tcps_accepts > 0 {
        out.push(invariant("server accepts == connects", s.tcps_accepts, s.tcps_connects));
        if r.active == 0 {
            out.push(invariant("server connects == closed", s.tcps_connects, s.tcps_closed));
            if c.tcps_connattempt > 0 {
                out.push(invariant("client rcvackbyte == server rcvbyte", c.tcps_rcvackbyte, s.tcps_rcvbyte));
                out.push(invariant("client sndbyte == server rcvbyte", c.tcps_sndbyte, s.tcps_rcvbyte));
                out.push(invariant("server sndbyte == client rcvbyte", s.tcps_sndbyte, c.tcps_rcvbyte));
            }
        }
    }
    out
}

/// Whether a TCP result is of a server alone (`riptide tcp --role server`): the host that
/// serves every segment, not one of them.
fn server_only(v: &Value) -> bool {
    v.get("role").and_then(Value::as_str) == Some("server")
}

/// A TCP result's segment: `segment` as `riptide tcp --json` has it, else its report's
/// (`tcp.split.segment`: a daemon's stats).
fn tcp_segment_of(file: &str, v: &Value) -> Result<Option<(u32, u32)>, Failure> {
    match segment_of(file, v)? {
        Some(s) => Ok(Some(s)),
        None => match v.pointer("/tcp/split/segment") {
            None | Some(Value::Null) => Ok(None),
            Some(s) => segment_of(file, &json!({ "segment": s })),
        },
    }
}

/// `riptide merge` of `riptide tcp --json` results: the segments of the clients, and
/// any servers' results beside them (`--role server`, no segment), whose counters add to
/// the server side so that the invariants between the sides are checked.
pub(crate) fn tcp(raw: &[Raw], json_out: bool, out: Option<&std::path::Path>) -> Result<(), Failure> {
    if let Some((file, _)) = raw.iter().find(|(f, v)| server_only(v) && tcp_segment_of(f, v).ok().flatten().is_some()) {
        return Err(Failure::input(format!("{file}: a server's result with a segment: servers are not split")));
    }
    let clients: Vec<Raw> = raw.iter().filter(|(_, v)| !server_only(v)).cloned().collect();
    let client_segs = clients.iter().map(|(f, v)| tcp_segment_of(f, v)).collect::<Result<Vec<_>, _>>()?;
    let named: Vec<(&str, Option<(u32, u32)>)> =
        clients.iter().map(|r| r.0.as_str()).zip(client_segs.iter().copied()).collect();
    check_segments(&named)?;
    check_tuples(&clients, &client_segs, "client_tuples")?;
    let segs = raw.iter().map(|(f, v)| tcp_segment_of(f, v)).collect::<Result<Vec<_>, _>>()?;
    // Time zeros of all; the skew of the clients' (a server starts before them).
    let (zero, _) = starts(raw)?;
    let (_, skew) = starts(if clients.is_empty() { raw } else { &clients })?;
    let mut reports = Vec::with_capacity(raw.len());
    for (file, v) in raw {
        let r: TcpReport = serde_json::from_value(v["tcp"].clone())
            .map_err(|e| Failure::input(format!("{file}: tcp: {e}: expected the --json of riptide tcp")))?;
        reports.push(r);
    }
    // The counters, summed key by key with overflow refused.
    let sections = ["client", "server", "client_app", "server_app", "client_udp", "server_udp", "neighbors"];
    let mut sum = Map::new();
    let mut groups: Vec<Value> = Vec::new();
    let mut active = 0u64;
    let mut latency = riptide_tcp::endpoint::Latencies::default();
    for ((file, _), r) in raw.iter().zip(&reports) {
        let v = serde_json::to_value(r).map_err(|e| Failure::runtime(e.to_string()))?;
        for k in sections {
            match sum.get_mut(k) {
                None => {
                    sum.insert(k.into(), v[k].clone());
                }
                Some(into) => add_counters(into, &v[k], file, &format!("tcp.{k}"))?,
            }
        }
        for (g, gv) in v["groups"].as_array().into_iter().flatten().enumerate() {
            match groups.get_mut(g) {
                None => groups.push(gv.clone()),
                Some(into) => add_counters(into, gv, file, &format!("tcp.groups[{g}]"))?,
            }
        }
        active = active
            .checked_add(r.active)
            .ok_or_else(|| Failure::input(format!("{file}: tcp.active: the sum passes 2^64-1")))?;
        // Each latency's samples must be in its histogram: the merge is of histograms.
        let hdr = r.hdr.clone().unwrap_or_default();
        let l = hdr.decode().map_err(|e| Failure::input(format!("{file}: tcp.{e}")))?;
        for (name, p, h) in [
            ("setup", &r.setup, &l.setup),
            ("first_byte", &r.first_byte, &l.first_byte),
            ("transaction", &r.transaction, &l.transaction),
            ("tls_setup", &r.tls_setup, &l.tls_setup),
        ] {
            if h.len() != p.count {
                return Err(Failure::input(format!(
                    "{file}: tcp.{name} counts {} samples, its histogram (tcp.hdr.{name}) {}: a result of a riptide \
                     before it kept its histograms, or altered",
                    p.count,
                    h.len()
                )));
            }
        }
        latency.merge(&l);
    }
    let mut merged: Map<String, Value> = sum;
    merged.insert("groups".into(), Value::Array(groups));
    merged.insert("active".into(), json!(active));
    // The connection rates over the span from the first connection any opened to the
    // last program any completed, each by its own clock.
    let abs = |i: usize, rel: u64| (rel > 0).then(|| zero[i].saturating_add(rel));
    let first_open = reports.iter().enumerate().filter_map(|(i, r)| abs(i, r.first_open_ns)).min();
    let last_done = reports.iter().enumerate().filter_map(|(i, r)| abs(i, r.last_completed_ns)).max();
    let busy_s = match (first_open, last_done) {
        (Some(a), Some(b)) if b > a => (b - a) as f64 / 1e9,
        _ => reports.iter().map(|r| r.busy_s).fold(0.0, f64::max),
    };
    let per_s = |n: u64| if busy_s > 0.0 { n as f64 / busy_s } else { 0.0 };
    let connects = merged["client"]["tcps_connects"].as_u64().unwrap_or(0);
    let completed = merged["client_app"]["completed"].as_u64().unwrap_or(0);
    merged.insert("connects_per_s".into(), json!(per_s(connects)));
    merged.insert("completed_per_s".into(), json!(per_s(completed)));
    merged.insert("busy_s".into(), json!(busy_s));
    merged.insert("setup".into(), json!(Percentiles::of(&latency.setup)));
    merged.insert("first_byte".into(), json!(Percentiles::of(&latency.first_byte)));
    merged.insert("transaction".into(), json!(Percentiles::of(&latency.transaction)));
    merged.insert("tls_setup".into(), json!(Percentiles::of(&latency.tls_setup)));
    merged.insert(
        "first_open_ns".into(),
        json!(first_open.map_or(0, |t| t.saturating_sub(zero.iter().min().copied().unwrap_or(0)))),
    );
    merged.insert(
        "last_completed_ns".into(),
        json!(last_done.map_or(0, |t| t.saturating_sub(zero.iter().min().copied().unwrap_or(0)))),
    );
    let merged: TcpReport = serde_json::from_value(Value::Object(merged))
        .map_err(|e| Failure::runtime(format!("the merged report does not read back: {e}")))?;
    let mut tcp = serde_json::to_value(&merged).map_err(|e| Failure::runtime(e.to_string()))?;
    tcp["hdr"] = json!(riptide_engine::TcpHistograms::of(&latency));
    let invariants = tcp_invariants(&merged);
    let generators: Vec<Value> = raw
        .iter()
        .zip(&reports)
        .enumerate()
        .map(|(i, ((file, _), r))| {
            json!({
                "file": file,
                "segment": segs[i].map(|(i, n)| format!("{i}/{n}")),
                "role": raw[i].1.get("role").cloned().unwrap_or(Value::Null),
                "start_unix_ns": zero[i],
                "first_open_unix_ns": abs(i, r.first_open_ns),
                "connects": r.client.tcps_connects,
                "connects_per_s": r.connects_per_s,
                "completed": r.client_app.completed,
            })
        })
        .collect();
    let mut v = json!({
        "tcp": tcp,
        "duration_s": raw.iter().filter_map(|(_, v)| v["duration_s"].as_f64()).fold(0.0, f64::max),
        "interrupted": raw.iter().any(|(_, v)| v["interrupted"].as_bool() == Some(true)),
        "generators": generators,
        "invariants": invariants,
    });
    for (k, x) in skew.as_object().into_iter().flatten() {
        v[k] = x.clone();
    }
    // How far apart the generators opened their first connections, each by its clock.
    let firsts: Vec<u64> =
        raw.iter().enumerate().zip(&reports).filter_map(|((i, _), r)| abs(i, r.first_open_ns)).collect();
    let first_skew = match (firsts.iter().min(), firsts.iter().max()) {
        (Some(a), Some(b)) if firsts.len() == clients.len() => Some(b - a),
        _ => None,
    };
    v["first_open_skew_ns"] = json!(first_skew);
    emit(&v, json_out, out, || {
        println!(
            "merged {} TCP runs: began within {} of each other{}{}",
            raw.len(),
            human_ns(skew["start_skew_ns"].as_u64().unwrap_or(0)),
            first_skew.map_or(String::new(), |s| format!(", opened their first connections within {}", human_ns(s))),
            skew["late_start_ns"]
                .as_u64()
                .map_or(String::new(), |t| format!(", the last {} after the agreed start", human_ns(t)))
        );
        for g in &generators {
            println!(
                "  {} ({}): {} connections at {:.0} conn/s",
                g["file"].as_str().unwrap_or(""),
                g["segment"].as_str().unwrap_or("whole"),
                g["connects"],
                g["connects_per_s"].as_f64().unwrap_or(0.0)
            );
        }
        let roles = (
            merged.client.tcps_connattempt + merged.client_udp.udps_connects > 0,
            merged.server.tcps_accepts + merged.server_udp.udps_accepts > 0,
        );
        crate::tcp::print_report(&merged, v["duration_s"].as_f64().unwrap_or(0.0), roles);
        print_invariants(&invariants);
    })
}

fn print_invariants(invariants: &[Value]) {
    for i in invariants {
        if i["holds"] == true {
            println!("invariant {}: holds ({})", i["name"].as_str().unwrap_or(""), i["left"]);
        } else {
            println!(
                "invariant {}: DOES NOT HOLD ({} against {})",
                i["name"].as_str().unwrap_or(""),
                i["left"],
                i["right"]
            );
        }
    }
}

/// `riptide merge` of `riptide run-stf --json` results.
pub(crate) fn stf(raw: &[Raw], json_out: bool, out: Option<&std::path::Path>) -> Result<(), Failure> {
    let segs = segments(raw)?;
    check_tuples(raw, &segs, "flows")?;
    let (zero, skew) = starts(raw)?;
    let mut reports = Vec::with_capacity(raw.len());
    for (file, v) in raw {
        let r: StfReport = serde_json::from_value(v.clone())
            .map_err(|e| Failure::input(format!("{file}: {e}: expected the --json of riptide run-stf")))?;
        reports.push(r);
    }
    let counters =
        ["m_active_flows", "m_total_open_flows", "m_total_close_flows", "tx_packets", "tx_bytes", "m_total_queue_full"];
    let mut total = Map::new();
    for k in counters {
        total.insert(k.into(), json!(0u64));
    }
    let mut total = Value::Object(total);
    let mut ports: Vec<Value> = Vec::new();
    for ((file, _), r) in raw.iter().zip(&reports) {
        let v = serde_json::to_value(r.stats.counters).map_err(|e| Failure::runtime(e.to_string()))?;
        add_counters(&mut total, &v, file, "counters")?;
        for p in &r.ports {
            let pv = json!({"index": p.index, "opackets": p.opackets, "obytes": p.obytes});
            match ports.iter_mut().find(|q| q["index"] == p.index) {
                None => ports.push(pv),
                Some(q) => add_counters(
                    q,
                    &pv.as_object()
                        .map(|o| {
                            let mut o = o.clone();
                            o.remove("index");
                            Value::Object(o)
                        })
                        .unwrap_or_default(),
                    file,
                    &format!("ports[{}]", p.index),
                )?,
            }
        }
    }
    // The segments ran side by side: their rates add.
    let rate = |f: &dyn Fn(&StfReport) -> f64| reports.iter().map(f).sum::<f64>();
    let generators: Vec<Value> = raw
        .iter()
        .zip(&reports)
        .enumerate()
        .map(|(i, ((file, _), r))| {
            json!({
                "file": file,
                "segment": segs[i].map(|(i, n)| format!("{i}/{n}")),
                "start_unix_ns": zero[i],
                "flows": r.stats.counters.m_total_open_flows,
                "m_tx_cps": r.stats.m_tx_cps,
            })
        })
        .collect();
    let mut v = json!({
        "counters": total,
        "m_tx_pps": rate(&|r| r.stats.m_tx_pps),
        "m_tx_bps": rate(&|r| r.stats.m_tx_bps),
        "m_tx_cps": rate(&|r| r.stats.m_tx_cps),
        "duration_s": reports.iter().map(|r| r.duration_s).fold(0.0, f64::max),
        "simulated": reports.iter().all(|r| r.simulated),
        "interrupted": reports.iter().any(|r| r.interrupted),
        "ports": ports,
        "generators": generators,
    });
    for (k, x) in skew.as_object().into_iter().flatten() {
        v[k] = x.clone();
    }
    emit(&v, json_out, out, || {
        println!(
            "merged {} stateful runs: began within {} of each other",
            raw.len(),
            human_ns(skew["start_skew_ns"].as_u64().unwrap_or(0))
        );
        for g in &generators {
            println!(
                "  {} ({}): {} flows at {:.0} cps",
                g["file"].as_str().unwrap_or(""),
                g["segment"].as_str().unwrap_or("whole"),
                g["flows"],
                g["m_tx_cps"].as_f64().unwrap_or(0.0)
            );
        }
        let c = &v["counters"];
        println!(
            "flows opened {} closed {} active {}; packets {} ({:.0} cps)",
            c["m_total_open_flows"],
            c["m_total_close_flows"],
            c["m_active_flows"],
            c["tx_packets"],
            v["m_tx_cps"].as_f64().unwrap_or(0.0)
        );
    })
}
