//! Printing snapshots: tables as TRex prints them, one JSON object, a progress line.

use riptide_core::units::human_rate;
use riptide_engine::Snapshot;
use serde_json::{json, Value};
use std::fmt::Write;

/// Prints `v` as one pretty JSON object on stdout (`--json`): the one way every
/// subcommand prints its machine-readable answer.
pub(crate) fn print_json(v: &impl serde::Serialize) -> Result<(), crate::Failure> {
    let text = serde_json::to_string_pretty(v).map_err(|e| crate::Failure::runtime(format!("json: {e}")))?;
    println!("{text}");
    Ok(())
}

fn pps(v: f64) -> String {
    human_rate(v, "pps")
}

fn bps(v: f64) -> String {
    human_rate(v, "b/s")
}

/// The `--json` object: the engine's snapshot as the daemon serves it, plus what the
/// command line adds: the loss across the ports, and each stream's receive figures (and
/// `tx_packets`) beside its own, as flat keys.
pub(crate) fn json(s: &Snapshot) -> Value {
    let mut v = serde_json::to_value(s).unwrap_or(Value::Null);
    v["loss"] = match loss(s) {
        Some(l) => json!({
            "opackets": l.sent,
            "ipackets": l.received,
            "lost": l.lost(),
            "loss_ratio": l.ratio(),
        }),
        None => Value::Null,
    };
    if let Some(streams) = v.get_mut("streams").and_then(Value::as_array_mut) {
        for (st, t) in streams.iter_mut().zip(&s.streams) {
            let Some(o) = st.as_object_mut() else { continue };
            o.remove("rx");
            o.insert("tx_packets".into(), json!(t.opackets));
            let rx = t.rx.as_ref();
            for (k, f) in [
                ("rx_packets", rx.map(|r| r.rx_packets)),
                ("rx_bytes", rx.map(|r| r.rx_bytes)),
                ("lost", rx.map(|r| r.lost)),
                ("out_of_order", rx.map(|r| r.out_of_order)),
                ("duplicates", rx.map(|r| r.duplicates)),
                ("seq_too_high", rx.map(|r| r.seq_too_high)),
                ("seq_too_low", rx.map(|r| r.seq_too_low)),
                ("disruptions", rx.map(|r| r.disruptions)),
            ] {
                o.insert(k.into(), json!(f));
            }
            // Where its frames arrived: [{port, rx_packets, rx_bytes}] (TRex's per-port
            // rx of a packet group), ports that received some.
            o.insert("rx_ports".into(), json!(rx.map(|r| &r.ports)));
        }
    }
    v
}

/// Frames sent on all ports against frames received on all ports: the loss across a
/// device under test, when at least one port receives (a real interface).
pub(crate) struct Loss {
    pub(crate) sent: u64,
    pub(crate) received: u64,
}

impl Loss {
    /// Sent minus received; negative when ports received more than was sent (traffic
    /// from elsewhere).
    pub(crate) fn lost(&self) -> i64 {
        self.sent as i64 - self.received as i64
    }
    pub(crate) fn ratio(&self) -> f64 {
        if self.sent == 0 {
            0.0
        } else {
            self.lost() as f64 / self.sent as f64
        }
    }
}

pub(crate) fn loss(s: &Snapshot) -> Option<Loss> {
    // Ports that receive say where their timestamps come from.
    if !s.ports.iter().any(|p| p.rx_timestamps.is_some()) {
        return None;
    }
    Some(Loss { sent: s.ports.iter().map(|p| p.opackets).sum(), received: s.ports.iter().map(|p| p.ipackets).sum() })
}

/// One point of the per-second series: every port's and stream's counters at `t_s`.
pub(crate) fn sample(t_s: f64, s: &Snapshot) -> Value {
    json!({
        "t_s": t_s,
        "ports": s.ports.iter().map(|p| json!({
            "opackets": p.opackets, "obytes": p.obytes, "ipackets": p.ipackets, "ibytes": p.ibytes,
            "oerrors": p.oerrors, "ierrors": p.ierrors,
        })).collect::<Vec<_>>(),
        "streams": s.streams.iter().map(|t| json!({
            "opackets": t.opackets,
            "rx_packets": t.rx.as_ref().map(|r| r.rx_packets),
            "lost": t.rx.as_ref().map(|r| r.lost),
        })).collect::<Vec<_>>(),
        "latency": s.latency.iter().map(|l| json!({
            "stream": l.stream, "p50_ns": l.summary.p50_ns, "p99_ns": l.summary.p99_ns, "max_ns": l.summary.max_ns,
        })).collect::<Vec<_>>(),
        "tcp": s.tcp.as_ref().map(|t| json!({
            "tcps_connattempt": t.client.tcps_connattempt, "tcps_connects": t.client.tcps_connects,
            "tcps_closed": t.client.tcps_closed, "completed": t.client_app.completed,
            "server_accepts": t.server.tcps_accepts, "server_completed": t.server_app.completed,
            "active": t.active, "tcps_sndbyte": t.client.tcps_sndbyte + t.server.tcps_sndbyte,
            "tcps_sndrexmitpack": t.client.tcps_sndrexmitpack + t.server.tcps_sndrexmitpack,
        })),
    })
}

/// The human tables.
pub(crate) fn tables(s: &Snapshot) -> String {
    let mut o = String::new();
    let time = if s.simulated { "virtual" } else { "wall" };
    let _ = writeln!(o, "duration {:.3} s ({time}), multiplier {}, clock {}", s.duration_s, s.multiplier, s.clock);
    if s.interrupted {
        let _ = writeln!(o, "interrupted: the run was stopped before it ended; the figures cover it until then");
    }
    let _ = writeln!(o);
    let _ = writeln!(
        o,
        "{:<5} {:<24} {:>14} {:>16} {:>12} {:>12} {:>12} {:>8} {:>14} {:>8}",
        "port", "name", "opackets", "obytes", "tx rate", "tx L1", "tx L2", "oerrors", "ipackets", "ierrors"
    );
    for p in &s.ports {
        let _ = writeln!(
            o,
            "{:<5} {:<24} {:>14} {:>16} {:>12} {:>12} {:>12} {:>8} {:>14} {:>8}",
            p.index,
            truncate(&p.name, 24),
            p.opackets,
            p.obytes,
            pps(p.tx_pps),
            bps(p.tx_bps_l1),
            bps(p.tx_bps_l2),
            p.oerrors,
            p.ipackets,
            p.ierrors
        );
    }
    if !s.streams.is_empty() {
        let _ = writeln!(o);
        let _ = writeln!(
            o,
            "{:<5} {:<24} {:>5} {:>14} {:>16} {:>12} {:>12} {:>8}",
            "id", "stream", "port", "opackets", "obytes", "asked", "achieved", "share"
        );
    }
    for t in &s.streams {
        let share = if t.requested_pps.is_finite() && t.requested_pps > 0.0 {
            format!("{:.1}%", 100.0 * t.achieved_pps / t.requested_pps)
        } else {
            "-".into()
        };
        let _ = writeln!(
            o,
            "{:<5} {:<24} {:>5} {:>14} {:>16} {:>12} {:>12} {:>8}",
            t.id,
            truncate(&t.name, 24),
            t.port,
            t.opackets,
            t.obytes,
            pps(t.requested_pps),
            pps(t.achieved_pps),
            share
        );
    }
    if s.streams.iter().any(|t| t.rx.is_some()) {
        let _ = writeln!(o);
        let _ = writeln!(
            o,
            "{:<5} {:<24} {:>14} {:>14} {:>10} {:>10} {:>10}  rx by port",
            "id", "tagged stream", "tx_packets", "rx_packets", "lost", "ooo", "dup"
        );
        for t in &s.streams {
            let Some(r) = &t.rx else { continue };
            let by_port = if r.ports.is_empty() {
                "-".to_string()
            } else {
                r.ports.iter().map(|p| format!("{}:{}", p.port, p.rx_packets)).collect::<Vec<_>>().join(" ")
            };
            let _ = writeln!(
                o,
                "{:<5} {:<24} {:>14} {:>14} {:>10} {:>10} {:>10}  {by_port}",
                t.id,
                truncate(&t.name, 24),
                t.opackets,
                r.rx_packets,
                r.lost,
                r.out_of_order,
                r.duplicates
            );
        }
    }
    if !s.latency.is_empty() {
        let _ = writeln!(o);
        // Streams that measure the first packet of each flow apart get two rows.
        let label = |l: &riptide_engine::LatencyStats, first: bool| match (first, l.flows) {
            (true, Some(flows)) => format!("{} first of {flows} flows", truncate(&l.stream, 24)),
            (false, Some(_)) => format!("{} the rest", truncate(&l.stream, 24)),
            _ => truncate(&l.stream, 24),
        };
        let w = s.latency.iter().map(|l| label(l, true).chars().count()).max().unwrap_or(0).max(24);
        let _ = writeln!(
            o,
            "{:<w$} {:>10} {:>10} {:>10} {:>10} {:>10} {:>10} {:>10}  (us)",
            "latency stream", "min", "mean", "p50", "p99", "p99.99", "max", "jitter"
        );
        let us = |ns: f64| format!("{:.2}", ns / 1000.0);
        let row = |o: &mut String, name: &str, m: &riptide_measure::LatencySummary| {
            let _ = writeln!(
                o,
                "{:<w$} {:>10} {:>10} {:>10} {:>10} {:>10} {:>10} {:>10}",
                name,
                us(m.min_ns as f64),
                us(m.mean_ns),
                us(m.p50_ns as f64),
                us(m.p99_ns as f64),
                us(m.p9999_ns as f64),
                us(m.max_ns as f64),
                us(m.jitter_ns)
            );
        };
        for l in &s.latency {
            if let Some(first) = &l.first_packet {
                row(&mut o, &label(l, true), first);
            }
            row(&mut o, &label(l, false), &l.summary);
            // Kernel departure stamps: the same frames from user space's, below.
            if let Some(u) = &l.user {
                row(&mut o, "  from user stamps", u);
            }
        }
        let sources: Vec<String> = s
            .latency
            .iter()
            .filter_map(|l| l.source.as_deref().map(|src| (l, src)))
            .map(|(l, src)| match (src, l.unstamped) {
                ("kernel", 0) => format!("{}: kernel stamps at both ends", truncate(&l.stream, 24)),
                ("kernel", n) => format!(
                    "{}: kernel stamps at both ends ({n} arrivals without a departure stamp left out)",
                    truncate(&l.stream, 24)
                ),
                ("user", _) => format!("{}: departures stamped in user space", truncate(&l.stream, 24)),
                (_, _) => String::new(),
            })
            .filter(|line| !line.is_empty())
            .collect();
        for line in sources {
            let _ = writeln!(o, "{line}");
        }
        for p in s.ports.iter().filter(|p| p.tx_timestamps_why.is_some()) {
            let _ = writeln!(
                o,
                "port {} departures from user space: {}",
                p.index,
                p.tx_timestamps_why.as_deref().unwrap_or("")
            );
        }
    }
    disruptions(&mut o, s);
    let _ = writeln!(o);
    if s.simulated {
        // Virtual time: the workers ran as fast as they could; rates are the schedule's.
        let _ = writeln!(o, "{:<6} {:>12}  (simulated: virtual time, no CPU share or Gb/core)", "worker", "tx rate");
        for w in &s.workers {
            let _ = writeln!(o, "{:<6} {:>12}", w.index, pps(w.tx_pps));
        }
    } else {
        let _ = writeln!(o, "{:<6} {:>9} {:>12} {:>12}", "worker", "cpu_util", "tx rate", "per core");
        for w in &s.workers {
            let per_core = bps(w.gbps_per_core * 1e9);
            let _ = writeln!(o, "{:<6} {:>8.1}% {:>12} {:>12}", w.index, w.cpu_util, pps(w.tx_pps), per_core);
        }
    }
    if let Some(l) = loss(s) {
        let _ = writeln!(
            o,
            "\nsent {} frames, received {} on the ports, lost {} ({:.4}%)",
            l.sent,
            l.received,
            l.lost(),
            100.0 * l.ratio()
        );
    }
    // What was asked and not achieved, plainly (the schedule's late resets are why).
    for t in &s.streams {
        let asked = t.requested_pps;
        if !s.simulated && !s.interrupted && asked.is_finite() && asked > 0.0 && t.achieved_pps < 0.99 * asked {
            let _ = writeln!(
                o,
                "\nstream {}: achieved {} of the {} asked ({:.1}%)",
                t.name,
                pps(t.achieved_pps),
                pps(asked),
                100.0 * t.achieved_pps / asked
            );
        }
    }
    if s.late_resets > 0 {
        let _ = writeln!(
            o,
            "{} time(s) a worker fell more than the catch-up window behind its schedule and restarted it: \
             what the stall owed was not made up (a timed run sends less than rate x duration; a counted one \
             sends every packet, later); --catch-up widens the window",
            s.late_resets
        );
    }
    o
}

/// Where a run ends, for the progress bar: after so many seconds or packets.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Goal {
    Seconds(f64),
    Packets(u64),
}

/// One line for the terminal while a run goes on; with a `goal`, a bar, the share done
/// and the time left at the present pace.
pub(crate) fn progress_line(s: &Snapshot, goal: Option<Goal>) -> String {
    let pk: u64 = s.ports.iter().map(|p| p.opackets).sum();
    let rate: f64 = s.ports.iter().map(|p| p.tx_pps).sum();
    let l1: f64 = s.ports.iter().map(|p| p.tx_bps_l1).sum();
    let line = format!("[{:>7.1}s] {:>10} packets  {:>12}  {:>12} L1", s.duration_s, pk, pps(rate), bps(l1));
    let (done, left_s) = match goal {
        Some(Goal::Seconds(t)) if t > 0.0 => (s.duration_s / t, Some((t - s.duration_s).max(0.0))),
        Some(Goal::Packets(n)) if n > 0 => {
            let left = n.saturating_sub(pk) as f64;
            (pk as f64 / n as f64, (rate > 0.0).then(|| left / rate))
        }
        _ => return line,
    };
    let done = done.clamp(0.0, 1.0);
    const WIDTH: usize = 20;
    let full = (done * WIDTH as f64).round() as usize;
    let eta =
        left_s
            .map_or("ETA --".to_string(), |l| if l < 10.0 { format!("ETA {l:.1} s") } else { format!("ETA {l:.0} s") });
    format!("{line}  [{}{}] {:>3.0}% {eta}", "#".repeat(full), ".".repeat(WIDTH - full), done * 100.0)
}

fn truncate(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        let t: String = s.chars().take(n - 1).collect();
        format!("{t}~")
    }
}

/// Disruptions listed in full up to this many; past it, the first [`DISRUPTIONS_SHOWN`]
/// and one line that sums them up (random loss makes hundreds, each a frame or two).
const DISRUPTIONS_LISTED: usize = 5;
/// How many a summarised list shows.
const DISRUPTIONS_SHOWN: usize = 3;

/// The disruption table: each one while they are few, else a few and one summary line
/// with the count and the longest of those the snapshot lists.
fn disruptions(o: &mut String, s: &Snapshot) {
    if s.disruptions.is_empty() {
        return;
    }
    let total: u64 = s.streams.iter().filter_map(|t| t.rx.as_ref().map(|r| r.disruptions)).sum();
    let total = total.max(s.disruptions.len() as u64);
    let listed = if total as usize <= DISRUPTIONS_LISTED { DISRUPTIONS_LISTED } else { DISRUPTIONS_SHOWN };
    let _ = writeln!(o);
    let _ = writeln!(o, "{:<24} {:>12} {:>12} {:>12}", "disruption of", "at (s)", "length (ms)", "lost");
    for d in s.disruptions.iter().take(listed) {
        let _ = writeln!(o, "{:<24} {:>12.3} {:>12.3} {:>12}", truncate(&d.stream, 24), d.start_s, d.length_ms, d.lost);
    }
    if total as usize > listed {
        let known = &s.disruptions;
        let lost: u64 = known.iter().map(|d| d.lost).sum();
        let longest = known.iter().max_by(|a, b| a.length_ms.total_cmp(&b.length_ms));
        let _ = write!(o, "... {total} disruptions in all");
        if let Some(l) = longest {
            let _ = write!(
                o,
                "; of the {} that --json lists (the first 64 per stream), {lost} frames lost, the longest {:.3} ms at {:.3} s ({})",
                known.len(),
                l.length_ms,
                l.start_s,
                l.stream
            );
        }
        let _ = writeln!(o);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn snapshot(pps: f64, simulated: bool) -> Snapshot {
        let v = json!({
            "state": "stopped", "duration_s": 1.0, "simulated": simulated, "clock": "tsc", "multiplier": "x1",
            "ports": [{"index": 0, "name": "null", "driver": "null", "opackets": 1, "obytes": 60, "oerrors": 0,
                       "tx_pps": pps, "tx_bps_l1": pps * 672.0, "tx_bps_l2": pps * 512.0, "line_rate_bps": 1e10,
                       "ipackets": 0, "ibytes": 0, "ierrors": 0, "rx_pps": 0.0}],
            "streams": [{"id": 0, "name": "s", "port": 0, "opackets": 1, "obytes": 60, "requested_pps": 1e6,
                         "achieved_pps": pps, "requested_bps_l1": 6.72e8, "achieved_bps_l1": pps * 672.0}],
            "workers": [{"index": 0, "cpu_util": 50.0, "tx_pps": pps, "gbps_per_core": 1.5}],
            "late_resets": 3, "start_unix_ns": 0, "start_lag_ns": 0, "latency": []
        });
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn every_table_writes_rates_as_engineers_do_on_the_boundaries() {
        for (pps, want) in [(999_994.9, "999.99 Kpps"), (999_995.0, "1.00 Mpps"), (999_995_000.0, "1.00 Gpps")] {
            let t = tables(&snapshot(pps, false));
            // Port, stream and worker tables alike.
            assert!(t.matches(want).count() >= 3, "{want}:\n{t}");
            assert!(!t.contains("mpps") && !t.contains("mbps") && !t.contains("kpps"), "no lower-case prefixes:\n{t}");
        }
        let t = tables(&snapshot(500_000.0, false));
        assert!(t.contains("stream s: achieved 500.00 Kpps of the 1.00 Mpps asked (50.0%)"), "{t}");
        assert!(t.contains("3 time(s) a worker fell"), "{t}");
        assert!(t.contains("1.50 Gb/s"), "per core: {t}");
        let t = tables(&snapshot(500_000.0, true));
        assert!(t.contains("simulated: virtual time") && !t.contains("cpu_util"), "{t}");
        assert!(progress_line(&snapshot(999_995.0, false), None).contains("1.00 Mpps"));
        let half = progress_line(&snapshot(1000.0, false), Some(Goal::Seconds(2.0)));
        assert!(half.contains("[##########..........]  50% ETA 1.0 s"), "{half}");
        let packets = progress_line(&snapshot(1.0, false), Some(Goal::Packets(4)));
        assert!(packets.contains(" 25% ETA 3.0 s"), "{packets}");
    }

    /// A snapshot of one stream with `n` disruptions of one frame each, the snapshot
    /// listing at most 64 (the engine's limit per stream), the 10th the longest.
    fn disrupted(n: u64) -> Snapshot {
        let mut s = snapshot(1000.0, false);
        s.streams[0].rx =
            Some(serde_json::from_value(json!({"rx_packets": 1000, "rx_bytes": 60_000, "lost": n, "out_of_order": 0, "duplicates": 0, "seq_too_high": 0, "seq_too_low": 0, "disruptions": n})).unwrap());
        let listed: Vec<Value> = (0..n.min(64))
            .map(|i| json!({"stream": "s", "id": 1, "start_s": 0.1 * i as f64, "length_ms": if i == 9 { 2.5 } else { 0.2 }, "lost": 1}))
            .collect();
        s.disruptions = serde_json::from_value(Value::Array(listed)).unwrap();
        s
    }

    /// Issue 50: random loss on a `link:` port printed 20 disruption lines, then the count.
    #[test]
    fn many_disruptions_are_a_few_lines_and_a_summary() {
        let rows = |t: &str| t.lines().filter(|l| l.starts_with("s ")).count();
        let t = tables(&disrupted(599));
        assert_eq!(rows(&t), DISRUPTIONS_SHOWN, "{t}");
        let want =
            "... 599 disruptions in all; of the 64 that --json lists (the first 64 per stream), 64 frames lost, \
                    the longest 2.500 ms at 0.900 s (s)";
        assert!(t.contains(want), "{t}");
        // A few are listed in full, without a summary.
        let t = tables(&disrupted(DISRUPTIONS_LISTED as u64));
        assert_eq!(rows(&t), DISRUPTIONS_LISTED, "{t}");
        assert!(!t.contains("in all"), "{t}");
        let t = tables(&disrupted(0));
        assert!(!t.contains("disruption of"), "{t}");
    }
}
