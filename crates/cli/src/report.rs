//! Printing snapshots: tables as TRex prints them, one JSON object, a progress line.

use riptide_core::units::fmt_si;
use riptide_engine::Snapshot;
use serde_json::{json, Value};
use std::fmt::Write;

fn si(v: f64) -> String {
    if v.is_infinite() {
        "max".into()
    } else {
        fmt_si(v)
    }
}

/// The `--json` object.
pub(crate) fn json(s: &Snapshot) -> Value {
    json!({
        "duration_s": s.duration_s,
        "simulated": s.simulated,
        "clock": s.clock,
        "multiplier": s.multiplier,
        "late_resets": s.late_resets,
        "loss": loss(s).map(|l| json!({
            "opackets": l.sent,
            "ipackets": l.received,
            "lost": l.lost(),
            "loss_ratio": l.ratio(),
        })),
        "ports": s.ports.iter().map(|p| json!({
            "index": p.index,
            "name": p.name,
            "driver": p.driver,
            "opackets": p.opackets,
            "obytes": p.obytes,
            "oerrors": p.oerrors,
            "tx_pps": p.tx_pps,
            "tx_bps_l1": p.tx_bps_l1,
            "tx_bps_l2": p.tx_bps_l2,
            "line_rate_bps": p.line_rate_bps,
            "ipackets": p.ipackets,
            "ibytes": p.ibytes,
            "ierrors": p.ierrors,
            "rx_pps": p.rx_pps,
            "mode": p.mode,
            "rx_timestamps": p.rx_timestamps,
        })).collect::<Vec<_>>(),
        "streams": s.streams.iter().map(|t| json!({
            "id": t.id,
            "name": t.name,
            "port": t.port,
            "opackets": t.opackets,
            "tx_packets": t.opackets,
            "obytes": t.obytes,
            "rx_packets": t.rx.map(|r| r.rx_packets),
            "rx_bytes": t.rx.map(|r| r.rx_bytes),
            "lost": t.rx.map(|r| r.lost),
            "out_of_order": t.rx.map(|r| r.out_of_order),
            "duplicates": t.rx.map(|r| r.duplicates),
            "seq_too_high": t.rx.map(|r| r.seq_too_high),
            "seq_too_low": t.rx.map(|r| r.seq_too_low),
            "requested_pps": finite(t.requested_pps),
            "achieved_pps": t.achieved_pps,
            "requested_bps_l1": finite(t.requested_bps_l1),
            "achieved_bps_l1": t.achieved_bps_l1,
        })).collect::<Vec<_>>(),
        "latency": s.latency,
        "workers": s.workers.iter().map(|w| json!({
            "index": w.index,
            "cpu_util": w.cpu_util,
            "tx_pps": w.tx_pps,
            "gbps_per_core": w.gbps_per_core,
        })).collect::<Vec<_>>(),
    })
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
    let receives = |d: &str| !matches!(d, "null" | "pcap" | "capture");
    if !s.ports.iter().any(|p| receives(&p.driver)) {
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
            "rx_packets": t.rx.map(|r| r.rx_packets),
            "lost": t.rx.map(|r| r.lost),
        })).collect::<Vec<_>>(),
        "latency": s.latency.iter().map(|l| json!({
            "stream": l.stream, "p50_ns": l.summary.p50_ns, "p99_ns": l.summary.p99_ns, "max_ns": l.summary.max_ns,
        })).collect::<Vec<_>>(),
    })
}

fn finite(v: f64) -> Value {
    if v.is_finite() {
        json!(v)
    } else {
        Value::Null
    }
}

/// The human tables.
pub(crate) fn tables(s: &Snapshot) -> String {
    let mut o = String::new();
    let time = if s.simulated { "virtual" } else { "wall" };
    let _ = writeln!(o, "duration {:.3} s ({time}), multiplier {}, clock {}", s.duration_s, s.multiplier, s.clock);
    let _ = writeln!(o);
    let _ = writeln!(
        o,
        "{:<5} {:<24} {:>14} {:>16} {:>10} {:>12} {:>12} {:>8} {:>14} {:>8}",
        "port", "name", "opackets", "obytes", "tx_pps", "tx_bps_l1", "tx_bps_l2", "oerrors", "ipackets", "ierrors"
    );
    for p in &s.ports {
        let _ = writeln!(
            o,
            "{:<5} {:<24} {:>14} {:>16} {:>10} {:>12} {:>12} {:>8} {:>14} {:>8}",
            p.index,
            truncate(&p.name, 24),
            p.opackets,
            p.obytes,
            si(p.tx_pps),
            si(p.tx_bps_l1),
            si(p.tx_bps_l2),
            p.oerrors,
            p.ipackets,
            p.ierrors
        );
    }
    let _ = writeln!(o);
    let _ = writeln!(
        o,
        "{:<5} {:<24} {:>5} {:>14} {:>16} {:>14} {:>14}",
        "id", "stream", "port", "opackets", "obytes", "requested_pps", "achieved_pps"
    );
    for t in &s.streams {
        let _ = writeln!(
            o,
            "{:<5} {:<24} {:>5} {:>14} {:>16} {:>14} {:>14}",
            t.id,
            truncate(&t.name, 24),
            t.port,
            t.opackets,
            t.obytes,
            si(t.requested_pps),
            si(t.achieved_pps)
        );
    }
    if s.streams.iter().any(|t| t.rx.is_some()) {
        let _ = writeln!(o);
        let _ = writeln!(
            o,
            "{:<5} {:<24} {:>14} {:>14} {:>10} {:>10} {:>10}",
            "id", "tagged stream", "tx_packets", "rx_packets", "lost", "ooo", "dup"
        );
        for t in &s.streams {
            let Some(r) = t.rx else { continue };
            let _ = writeln!(
                o,
                "{:<5} {:<24} {:>14} {:>14} {:>10} {:>10} {:>10}",
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
        let _ = writeln!(
            o,
            "{:<24} {:>10} {:>10} {:>10} {:>10} {:>10} {:>10} {:>10}  (us)",
            "latency stream", "min", "mean", "p50", "p99", "p99.99", "max", "jitter"
        );
        let us = |ns: f64| format!("{:.2}", ns / 1000.0);
        for l in &s.latency {
            let _ = writeln!(
                o,
                "{:<24} {:>10} {:>10} {:>10} {:>10} {:>10} {:>10} {:>10}",
                truncate(&l.stream, 24),
                us(l.summary.min_ns as f64),
                us(l.summary.mean_ns),
                us(l.summary.p50_ns as f64),
                us(l.summary.p99_ns as f64),
                us(l.summary.p9999_ns as f64),
                us(l.summary.max_ns as f64),
                us(l.summary.jitter_ns)
            );
        }
    }
    let _ = writeln!(o);
    let _ = writeln!(o, "{:<6} {:>9} {:>10} {:>10}", "worker", "cpu_util", "tx_pps", "Gb/core");
    for w in &s.workers {
        let _ = writeln!(o, "{:<6} {:>8.1}% {:>10} {:>10.2}", w.index, w.cpu_util, si(w.tx_pps), w.gbps_per_core);
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
    if s.late_resets > 0 {
        let _ = writeln!(
            o,
            "\n{} late schedule reset(s): the worker fell more than the catch-up window behind",
            s.late_resets
        );
    }
    o
}

/// One line for the terminal while a run goes on.
pub(crate) fn progress_line(s: &Snapshot) -> String {
    let pk: u64 = s.ports.iter().map(|p| p.opackets).sum();
    let pps: f64 = s.ports.iter().map(|p| p.tx_pps).sum();
    let bps: f64 = s.ports.iter().map(|p| p.tx_bps_l1).sum();
    format!("[{:>7.1}s] {:>10} packets  {:>9}pps  {:>9}bps L1", s.duration_s, pk, si(pps), si(bps))
}

fn truncate(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        let t: String = s.chars().take(n - 1).collect();
        format!("{t}~")
    }
}
