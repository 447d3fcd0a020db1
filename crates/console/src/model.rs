//! What the console shows, computed from the daemon's stats snapshots without I/O.
//!
//! The snapshot's own rates average over the whole run; a console wants what the ports
//! do now, so rates here are differences of the counters over the last second of
//! snapshots (at 10 Hz, ten of them), as TRex's console shows them.

use serde::Deserialize;
use serde_json::Value;
use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// Bytes of preamble, start of frame and inter-frame gap (L1) and of FCS (L2) a frame
/// carries on the wire beyond what the counters count.
const L1_EXTRA: f64 = 24.0;
const FCS: f64 = 4.0;
/// The span rates are taken over.
pub const RATE_WINDOW: Duration = Duration::from_secs(1);
/// How much history the chart keeps (one point per second).
pub const CHART_SECONDS: usize = 60;
/// Messages kept for the log pane.
const LOG_LINES: usize = 50;

/// A port's line of a snapshot.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct PortSnap {
    /// Port index.
    pub index: usize,
    /// Interface or driver name.
    pub name: String,
    /// Port driver.
    pub driver: String,
    /// Frames sent.
    pub opackets: u64,
    /// Bytes sent (without FCS).
    pub obytes: u64,
    /// Frames received.
    pub ipackets: u64,
    /// Bytes received.
    pub ibytes: u64,
    /// Send errors.
    pub oerrors: u64,
    /// Receive errors.
    pub ierrors: u64,
    /// Line rate, b/s.
    pub line_rate_bps: f64,
}

/// A tagged stream's receive counters.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct StreamRx {
    /// Tagged frames received.
    pub rx_packets: u64,
    /// Sent and not received.
    pub lost: u64,
}

/// A stream's line of a snapshot.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct StreamSnap {
    /// Stream name.
    pub name: String,
    /// The port it leaves by.
    pub port: usize,
    /// Frames sent.
    pub opackets: u64,
    /// The rate asked for, frames/s (none: unpaced, as fast as the port takes them).
    pub requested_pps: Option<f64>,
    /// Receive counters (tagged streams).
    pub rx: Option<StreamRx>,
}

/// A latency stream's figures.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct LatencySnap {
    /// Stream name.
    pub stream: String,
    /// Samples.
    pub count: u64,
    /// Median, ns.
    pub p50_ns: u64,
    /// 99th percentile, ns.
    pub p99_ns: u64,
    /// Largest, ns.
    pub max_ns: u64,
    /// Mean jitter, ns.
    pub jitter_ns: f64,
}

/// A worker's figures.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct WorkerSnap {
    /// Worker index.
    pub index: usize,
    /// Busy share, %.
    pub cpu_util: f64,
    /// Gb/s a fully busy core would send at this load (TRex's "BW/core").
    pub gbps_per_core: f64,
    /// Frames/s it sends.
    pub tx_pps: f64,
}

/// The daemon's stats snapshot (the fields the console shows).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct Snapshot {
    /// idle, running, paused, finished, stopped.
    pub state: String,
    /// The run's multiplier as the daemon prints it.
    pub multiplier: String,
    /// Seconds since the run began.
    pub duration_s: f64,
    /// Ports.
    pub ports: Vec<PortSnap>,
    /// Streams.
    pub streams: Vec<StreamSnap>,
    /// Latency streams.
    pub latency: Vec<LatencySnap>,
    /// Workers.
    pub workers: Vec<WorkerSnap>,
    /// A TCP run's report, when one runs.
    pub tcp: Option<Value>,
}

/// Rates of one port now.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PortRates {
    /// Frames/s sent.
    pub tx_pps: f64,
    /// b/s sent, with preamble and gap (L1).
    pub tx_l1: f64,
    /// b/s sent, frames with FCS (L2).
    pub tx_l2: f64,
    /// Frames/s received.
    pub rx_pps: f64,
    /// b/s received (L2).
    pub rx_l2: f64,
}

#[derive(Clone, Debug)]
struct Sample {
    at: Instant,
    /// The run's clock when the snapshot was taken (virtual on simulated ports).
    run_s: f64,
    ports: Vec<(u64, u64, u64, u64)>,
    streams: Vec<u64>,
}

/// Who owns the engine, as `state` answers.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Ownership {
    /// The owning session, if any.
    pub owner: Option<u64>,
    /// This console's control session.
    pub me: Option<u64>,
}

impl Ownership {
    /// Whether this console owns the engine.
    pub fn mine(&self) -> bool {
        self.owner.is_some() && self.owner == self.me
    }
}

/// Everything on screen.
#[derive(Debug)]
pub struct Model {
    /// The daemon's address.
    pub addr: String,
    /// The latest snapshot.
    pub snap: Option<Snapshot>,
    /// Whether the stats stream is up, or why not.
    pub link: Result<(), String>,
    /// Ownership.
    pub own: Ownership,
    /// The console was started read-only (`--readonly`).
    pub readonly: bool,
    /// The stateful run's live counters (`stf_stats`), when one is not idle.
    pub stf: Option<Value>,
    /// Messages, newest last.
    pub log: VecDeque<String>,
    samples: VecDeque<Sample>,
    arrivals: VecDeque<Instant>,
    /// Total tx and rx frames/s, one point a second, oldest first.
    pub chart: VecDeque<(f64, f64)>,
    last_point: Option<Instant>,
}

impl Model {
    /// An empty model for the daemon at `addr`.
    pub fn new(addr: &str, readonly: bool) -> Model {
        Model {
            addr: addr.to_string(),
            snap: None,
            link: Err("connecting".into()),
            own: Ownership::default(),
            readonly,
            stf: None,
            log: VecDeque::new(),
            samples: VecDeque::new(),
            arrivals: VecDeque::new(),
            chart: VecDeque::new(),
            last_point: None,
        }
    }

    /// Adds a message to the log.
    pub fn say(&mut self, msg: impl Into<String>) {
        self.log.push_back(msg.into());
        while self.log.len() > LOG_LINES {
            self.log.pop_front();
        }
    }

    /// Takes a snapshot that arrived at `at`.
    pub fn on_snapshot(&mut self, snap: Snapshot, at: Instant) {
        let sample = Sample {
            at,
            run_s: snap.duration_s,
            ports: snap.ports.iter().map(|p| (p.opackets, p.obytes, p.ipackets, p.ibytes)).collect(),
            streams: snap.streams.iter().map(|s| s.opackets).collect(),
        };
        // A new run (or cleared counters) starts the rates afresh.
        if let Some(last) = self.samples.back() {
            let went_back = last.ports.len() != sample.ports.len()
                || last.streams.len() != sample.streams.len()
                || last.ports.iter().zip(&sample.ports).any(|(a, b)| b.0 < a.0 || b.1 < a.1 || b.2 < a.2 || b.3 < a.3)
                || last.streams.iter().zip(&sample.streams).any(|(a, b)| b < a);
            if went_back {
                self.samples.clear();
            }
        }
        self.samples.push_back(sample);
        // Keep one sample at least RATE_WINDOW old (the rates' base), none older.
        while self.samples.len() > 2 && at.duration_since(self.samples[1].at) >= RATE_WINDOW {
            self.samples.pop_front();
        }
        self.arrivals.push_back(at);
        while self.arrivals.front().is_some_and(|t| at.duration_since(*t) > RATE_WINDOW) {
            self.arrivals.pop_front();
        }
        self.snap = Some(snap);
        self.link = Ok(());
        if self.last_point.is_none_or(|t| at.duration_since(t) >= Duration::from_secs(1)) {
            self.last_point = Some(at);
            let rates = self.port_rates();
            let tx = rates.iter().map(|r| r.tx_pps).sum();
            let rx = rates.iter().map(|r| r.rx_pps).sum();
            self.chart.push_back((tx, rx));
            while self.chart.len() > CHART_SECONDS {
                self.chart.pop_front();
            }
        }
    }

    /// Snapshots received in the second before `now`: the refresh rate, Hz.
    pub fn refresh_hz(&self, now: Instant) -> usize {
        self.arrivals.iter().filter(|t| now.saturating_duration_since(**t) < RATE_WINDOW).count()
    }

    /// Whether the figures shown are old: the stats stream is up, but no snapshot came
    /// for two seconds (a frozen daemon).
    pub fn stale(&self, now: Instant) -> bool {
        self.link.is_ok() && self.arrivals.back().is_some_and(|t| now.saturating_duration_since(*t) > 2 * RATE_WINDOW)
    }

    /// The span the rates are taken over and the first and last samples of it; none
    /// unless traffic runs (paused or ended traffic sends nothing, whatever the last
    /// second's counters say).
    fn window(&self) -> Option<(f64, &Sample, &Sample)> {
        if self.snap.as_ref().is_none_or(|s| s.state != "running") {
            return None;
        }
        let (first, last) = (self.samples.front()?, self.samples.back()?);
        // The run's own clock times the counters best (taken with them, virtual on
        // simulated ports); arrival times when it does not move.
        let run_dt = last.run_s - first.run_s;
        let dt = if run_dt > 0.05 { run_dt } else { last.at.duration_since(first.at).as_secs_f64() };
        (dt > 0.05).then_some((dt, first, last))
    }

    /// Each port's rates now (zero until two snapshots of a run have arrived).
    pub fn port_rates(&self) -> Vec<PortRates> {
        let n = self.snap.as_ref().map_or(0, |s| s.ports.len());
        let Some((dt, a, b)) = self.window() else {
            return vec![PortRates::default(); n];
        };
        a.ports
            .iter()
            .zip(&b.ports)
            .map(|(a, b)| {
                let d = |x: u64, y: u64| y.saturating_sub(x) as f64;
                let (pk, by, rpk, rby) = (d(a.0, b.0), d(a.1, b.1), d(a.2, b.2), d(a.3, b.3));
                PortRates {
                    tx_pps: pk / dt,
                    tx_l1: (by + pk * L1_EXTRA) * 8.0 / dt,
                    tx_l2: (by + pk * FCS) * 8.0 / dt,
                    rx_pps: rpk / dt,
                    rx_l2: (rby + rpk * FCS) * 8.0 / dt,
                }
            })
            .collect()
    }

    /// Each stream's frames/s now.
    pub fn stream_rates(&self) -> Vec<f64> {
        let n = self.snap.as_ref().map_or(0, |s| s.streams.len());
        match self.window() {
            Some((dt, a, b)) => {
                a.streams.iter().zip(&b.streams).map(|(a, b)| b.saturating_sub(*a) as f64 / dt).collect()
            }
            None => vec![0.0; n],
        }
    }

    /// Whether commands that change the engine can be sent.
    pub fn can_control(&self) -> bool {
        !self.readonly
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn snap(tx: u64, rx: u64, state: &str) -> Snapshot {
        serde_json::from_value(json!({
            "state": state,
            "ports": [{"index": 0, "name": "null", "opackets": tx, "obytes": tx * 60, "ipackets": rx, "ibytes": rx * 60}],
            "streams": [{"name": "a", "port": 0, "opackets": tx, "requested_pps": 1e6}],
        }))
        .unwrap()
    }

    #[test]
    fn rates_are_the_last_second_of_counters() {
        let mut m = Model::new("x", false);
        let t0 = Instant::now();
        // 1 Mpps for 2 s, then 2 Mpps: snapshots every 100 ms.
        let mut tx = 0u64;
        for i in 0..40u64 {
            tx += if i < 20 { 100_000 } else { 200_000 };
            m.on_snapshot(snap(tx, tx / 2, "running"), t0 + Duration::from_millis(100 * (i + 1)));
            if i == 19 {
                let r = m.port_rates()[0];
                assert!((r.tx_pps - 1e6).abs() < 1.0, "{r:?}");
                assert!((r.tx_l1 - 1e6 * 84.0 * 8.0).abs() < 100.0, "{r:?}");
                assert!((r.tx_l2 - 1e6 * 64.0 * 8.0).abs() < 100.0, "{r:?}");
                assert!((r.rx_pps - 0.5e6).abs() < 1.0, "{r:?}");
            }
        }
        let r = m.port_rates()[0];
        assert!((r.tx_pps - 2e6).abs() < 1.0, "{r:?}");
        assert!((m.stream_rates()[0] - 2e6).abs() < 1.0);
        assert_eq!(m.refresh_hz(t0 + Duration::from_millis(4000)), 10);
        assert!(!m.stale(t0 + Duration::from_millis(4000)));
        assert!(m.stale(t0 + Duration::from_millis(6500)));
        assert_eq!(m.refresh_hz(t0 + Duration::from_millis(6500)), 0);
        assert_eq!(m.chart.len(), 4);
        assert!(m.chart.iter().skip(1).all(|&(t, _)| t > 0.0), "{:?}", m.chart);
    }

    #[test]
    fn the_runs_clock_times_the_rates() {
        // Snapshots arrive late and bunched (a loaded console host) or on a virtual
        // clock: the run's duration_s, taken with the counters, times them.
        let mut m = Model::new("x", false);
        let t0 = Instant::now();
        for i in 0..=20u64 {
            let mut s = snap(100_000 * i, 0, "running");
            s.duration_s = 0.1 * i as f64;
            let jitter = if i % 3 == 0 { 45 } else { 0 };
            m.on_snapshot(s, t0 + Duration::from_millis(100 * i + jitter));
        }
        assert!((m.port_rates()[0].tx_pps - 1e6).abs() < 1.0, "{:?}", m.port_rates());
        // Unpaced streams ask for no rate: null in the snapshot.
        let s: Snapshot = serde_json::from_value(json!({"streams": [{"name": "u", "requested_pps": null}]})).unwrap();
        assert_eq!(s.streams[0].requested_pps, None);
    }

    #[test]
    fn a_new_run_starts_the_rates_afresh() {
        let mut m = Model::new("x", false);
        let t0 = Instant::now();
        m.on_snapshot(snap(5_000_000, 0, "running"), t0);
        m.on_snapshot(snap(6_000_000, 0, "running"), t0 + Duration::from_secs(1));
        assert!((m.port_rates()[0].tx_pps - 1e6).abs() < 1.0);
        // Counters went back: no negative rates, no rate until a second sample.
        m.on_snapshot(snap(1000, 0, "running"), t0 + Duration::from_millis(1100));
        assert_eq!(m.port_rates()[0], PortRates::default());
        m.on_snapshot(snap(101_000, 0, "running"), t0 + Duration::from_millis(1200));
        assert!((m.port_rates()[0].tx_pps - 1e6).abs() < 1.0);
    }

    #[test]
    fn paused_traffic_reads_zero() {
        let mut m = Model::new("x", false);
        let t0 = Instant::now();
        for i in 0..15u64 {
            m.on_snapshot(snap(100_000 * i, 0, "running"), t0 + Duration::from_millis(100 * i));
        }
        assert!((m.port_rates()[0].tx_pps - 1e6).abs() < 1.0);
        // Paused (or stopped) at once reads zero, though the last second sent frames.
        m.on_snapshot(snap(1_500_000, 0, "paused"), t0 + Duration::from_millis(1500));
        assert_eq!(m.port_rates()[0].tx_pps, 0.0);
        assert_eq!(m.stream_rates()[0], 0.0);
    }

    #[test]
    fn the_log_is_bounded() {
        let mut m = Model::new("x", false);
        for i in 0..200 {
            m.say(format!("m{i}"));
        }
        assert_eq!(m.log.len(), LOG_LINES);
        assert_eq!(m.log.back().map(String::as_str), Some("m199"));
    }
}
