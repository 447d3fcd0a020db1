//! `riptide serve --metrics ADDR`: the engine's counters for Prometheus.
//!
//! `GET /metrics` answers the Prometheus text exposition format (version 0.0.4): per port
//! and per stream packet, byte and error counters (over every run since the daemon
//! started: they only grow), the running run's rates as gauges, latency as a summary,
//! worker utilisation and the run state. Names and labels follow Prometheus' conventions
//! (`riptide_port_tx_packets_total{port="0",name="null"}`).
//!
//! The text is written here rather than through a metrics crate: every value comes from
//! one engine snapshot per scrape, and a registry of long-lived metric objects would only
//! copy the engine's own counters. The HTTP side is as small as what it serves: one
//! request per connection, read with a deadline and a size limit, answered and closed;
//! anything but `GET /metrics` gets a 4xx.

use riptide_engine::stats::{PortStats, PortTotals, StreamTotals, Totals};
use riptide_engine::{RunState, Snapshot};
use std::fmt::Write as _;
use std::io::{Read, Write};
use std::time::{Duration, Instant};

/// Largest request read, bytes.
const MAX_REQUEST: usize = 8192;

/// How long a client may take to send its request.
const REQUEST_DEADLINE: Duration = Duration::from_secs(2);

/// A label value in the text format: backslash, double quote and newline escaped.
fn label(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n")
}

/// A sample value: integers as they are, others in Rust's shortest form.
fn num(v: f64) -> String {
    if v.is_finite() {
        format!("{v}")
    } else if v.is_nan() {
        "NaN".into()
    } else if v > 0.0 {
        "+Inf".into()
    } else {
        "-Inf".into()
    }
}

/// A metric family drawn from one record: name, help, the value.
type Family<T, V> = (&'static str, &'static str, fn(&T) -> V);

struct Out(String);

impl Out {
    fn family(&mut self, name: &str, kind: &str, help: &str) {
        let _ = writeln!(self.0, "# HELP {name} {help}");
        let _ = writeln!(self.0, "# TYPE {name} {kind}");
    }

    fn sample(&mut self, name: &str, labels: &[(&str, String)], value: String) {
        self.0.push_str(name);
        if !labels.is_empty() {
            self.0.push('{');
            for (i, (k, v)) in labels.iter().enumerate() {
                if i > 0 {
                    self.0.push(',');
                }
                let _ = write!(self.0, "{k}=\"{}\"", label(v));
            }
            self.0.push('}');
        }
        let _ = writeln!(self.0, " {value}");
    }
}

/// The exposition of `totals` (counters over every run) and `snap` (the current run:
/// rates, latency, workers, state).
pub fn render(totals: &Totals, snap: &Snapshot) -> String {
    let mut o = Out(String::with_capacity(4096));
    o.family("riptide_up", "gauge", "1 while the daemon answers.");
    o.sample("riptide_up", &[], "1".into());
    o.family("riptide_run_state", "gauge", "The engine's run state: 1 for the current one.");
    let states = [
        ("idle", RunState::Idle),
        ("running", RunState::Running),
        ("paused", RunState::Paused),
        ("finished", RunState::Finished),
        ("stopped", RunState::Stopped),
    ];
    for (name, s) in states {
        o.sample("riptide_run_state", &[("state", name.into())], u8::from(snap.state == s).to_string());
    }
    let port_labels = |index: usize, name: &str| vec![("port", index.to_string()), ("name", name.to_string())];
    let counters: [Family<PortTotals, u64>; 6] = [
        ("riptide_port_tx_packets_total", "Frames sent.", |p| p.counters.opackets),
        ("riptide_port_tx_bytes_total", "Bytes sent (FCS excluded).", |p| p.counters.obytes),
        ("riptide_port_tx_errors_total", "Frames the port failed to send.", |p| p.counters.oerrors),
        ("riptide_port_rx_packets_total", "Frames received.", |p| p.counters.ipackets),
        ("riptide_port_rx_bytes_total", "Bytes received (FCS excluded).", |p| p.counters.ibytes),
        ("riptide_port_rx_errors_total", "Receive drops and errors.", |p| p.counters.ierrors),
    ];
    for (name, help, f) in counters {
        o.family(name, "counter", help);
        for p in &totals.ports {
            o.sample(name, &port_labels(p.index, &p.name), f(p).to_string());
        }
    }
    let rates: [Family<PortStats, f64>; 4] = [
        ("riptide_port_tx_packets_per_second", "Packet rate sent (the current run).", |p| p.tx_pps),
        (
            "riptide_port_tx_l1_bits_per_second",
            "Bit rate sent on the wire, frame + FCS + 20 B (the current run).",
            |p| p.tx_bps_l1,
        ),
        ("riptide_port_tx_l2_bits_per_second", "Bit rate of frames sent, FCS included (the current run).", |p| {
            p.tx_bps_l2
        }),
        ("riptide_port_rx_packets_per_second", "Packet rate received (the current run).", |p| p.rx_pps),
    ];
    for (name, help, f) in rates {
        o.family(name, "gauge", help);
        for p in &snap.ports {
            o.sample(name, &port_labels(p.index, &p.name), num(f(p)));
        }
    }
    let stream_labels = |name: &str, port: u16| vec![("stream", name.to_string()), ("port", port.to_string())];
    // The receive families only for tagged streams (the last three).
    let stream_counters: [Family<StreamTotals, u64>; 5] = [
        ("riptide_stream_tx_packets_total", "Frames a stream sent.", |s| s.opackets),
        ("riptide_stream_tx_bytes_total", "Bytes a stream sent (FCS excluded).", |s| s.obytes),
        ("riptide_stream_rx_packets_total", "Frames of a tagged stream received.", |s| s.rx_packets),
        ("riptide_stream_rx_bytes_total", "Bytes of a tagged stream received.", |s| s.rx_bytes),
        ("riptide_stream_lost_packets_total", "Frames of a tagged stream lost.", |s| s.lost),
    ];
    let tagged: std::collections::HashSet<(&str, u16)> =
        snap.streams.iter().filter(|s| s.rx.is_some()).map(|s| (s.name.as_str(), s.port)).collect();
    for (i, (name, help, f)) in stream_counters.into_iter().enumerate() {
        let rx = i >= 2;
        o.family(name, "counter", help);
        for s in &totals.streams {
            if !rx || tagged.contains(&(s.name.as_str(), s.port)) || s.rx_packets > 0 || s.lost > 0 {
                o.sample(name, &stream_labels(&s.name, s.port), f(s).to_string());
            }
        }
    }
    o.family("riptide_stream_tx_packets_per_second", "gauge", "Packet rate a stream achieved (the current run).");
    for s in &snap.streams {
        o.sample("riptide_stream_tx_packets_per_second", &stream_labels(&s.name, s.port), num(s.achieved_pps));
    }
    o.family(
        "riptide_stream_requested_packets_per_second",
        "gauge",
        "Packet rate a stream asked for (the current run).",
    );
    for s in &snap.streams {
        let v = if s.requested_pps.is_finite() { s.requested_pps } else { 0.0 };
        o.sample("riptide_stream_requested_packets_per_second", &stream_labels(&s.name, s.port), num(v));
    }
    o.family("riptide_stream_latency_seconds", "summary", "One-way latency of latency streams (the current run).");
    for l in &snap.latency {
        let s = &l.summary;
        let port = snap.streams.iter().find(|x| x.name == l.stream).map_or(0, |x| x.port);
        for (q, v) in [("0.5", s.p50_ns), ("0.9", s.p90_ns), ("0.99", s.p99_ns), ("0.999", s.p999_ns)] {
            let mut lab = stream_labels(&l.stream, port);
            lab.push(("quantile", q.into()));
            o.sample("riptide_stream_latency_seconds", &lab, num(v as f64 / 1e9));
        }
        let lab = stream_labels(&l.stream, port);
        o.sample("riptide_stream_latency_seconds_sum", &lab, num(s.mean_ns * s.count as f64 / 1e9));
        o.sample("riptide_stream_latency_seconds_count", &lab, s.count.to_string());
    }
    o.family("riptide_worker_utilization_ratio", "gauge", "Share of a worker's time spent sending (the current run).");
    for w in &snap.workers {
        o.sample("riptide_worker_utilization_ratio", &[("worker", w.index.to_string())], num(w.cpu_util));
    }
    o.0
}

/// The listener's limits: 16 scrapes at once, 8 from one address; a connection that has
/// not sent its whole request within [`REQUEST_DEADLINE`] is closed, and gives way to a
/// new one before that when the caps are reached (so trickling clients cannot keep a
/// scrape out).
pub const LIMITS: riptide_listen::Limits =
    riptide_listen::Limits { max_conns: 16, max_per_addr: 8, admit_within: REQUEST_DEADLINE, evict_idle_after: None };

/// What a scrape turned away gets: 503.
pub fn refuse() -> riptide_listen::Refuse {
    Box::new(|stream, _| {
        let _ = stream.write_all(b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
    })
}

/// Whether the request's headers carry `Authorization: Bearer TOKEN` (the comparison
/// takes the same time wherever the first difference is).
fn bearer(head: &str, token: &str) -> bool {
    head.lines().skip(1).any(|l| {
        let Some((name, value)) = l.split_once(':') else { return false };
        let Some(given) = value.trim().strip_prefix("Bearer ") else { return false };
        let (a, b) = (given.trim().as_bytes(), token.as_bytes());
        name.trim().eq_ignore_ascii_case("authorization")
            && a.len() == b.len()
            && a.iter().zip(b).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
    })
}

/// Reads one request from the connection (deadline, size limit) and answers it with
/// `body()` for `GET /metrics` (with the bearer `token` where one is set), an HTTP error
/// otherwise; closes the connection.
pub fn answer(conn: &riptide_listen::Conn, token: Option<&str>, body: impl FnOnce() -> String) {
    let mut stream = conn.stream();
    let start = Instant::now();
    let mut buf = Vec::with_capacity(1024);
    let mut chunk = [0u8; 1024];
    let complete = loop {
        if buf.windows(4).any(|w| w == b"\r\n\r\n") || buf.windows(2).any(|w| w == b"\n\n") {
            break true;
        }
        let left = REQUEST_DEADLINE.saturating_sub(start.elapsed());
        if left.is_zero() || buf.len() >= MAX_REQUEST {
            break false;
        }
        if stream.set_read_timeout(Some(left)).is_err() {
            break false;
        }
        match stream.read(&mut chunk) {
            Ok(0) => break false,
            Ok(n) => buf.extend_from_slice(&chunk[..n.min(MAX_REQUEST - buf.len())]),
            Err(_) => break false,
        }
    };
    conn.admit();
    let text = String::from_utf8_lossy(&buf);
    let mut words = text.lines().next().unwrap_or("").split_whitespace();
    let (method, path, version) = (words.next(), words.next(), words.next());
    let (status, ctype, body) = if !complete || !version.is_some_and(|v| v.starts_with("HTTP/1.")) {
        ("400 Bad Request", "text/plain", "a request line and headers, then an empty line, expected\n".to_string())
    } else if method != Some("GET") && method != Some("HEAD") {
        ("405 Method Not Allowed", "text/plain", "GET /metrics\n".to_string())
    } else if path.map(|p| p.split('?').next().unwrap_or(p)) != Some("/metrics") {
        ("404 Not Found", "text/plain", "riptide serves /metrics\n".to_string())
    } else if token.is_some_and(|t| !bearer(&text, t)) {
        ("401 Unauthorized", "text/plain", "this /metrics needs its bearer token (--metrics-token)\n".to_string())
    } else {
        ("200 OK", "text/plain; version=0.0.4; charset=utf-8", body())
    };
    let auth = if status.starts_with("401") { "WWW-Authenticate: Bearer\r\n" } else { "" };
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {ctype}\r\nContent-Length: {}\r\n{auth}Connection: close\r\n\r\n",
        body.len()
    );
    let _d = conn.deadline(REQUEST_DEADLINE);
    let _ = stream.write_all(head.as_bytes());
    if method != Some("HEAD") {
        let _ = stream.write_all(body.as_bytes());
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn bearer_tokens_are_read_from_the_authorization_header() {
        let head = "GET /metrics HTTP/1.1\r\nHost: x\r\nauthorization:  Bearer 0123456789abcdef\r\n\r\n";
        assert!(bearer(head, "0123456789abcdef"));
        assert!(!bearer(head, "0123456789abcdeF"));
        assert!(!bearer(head, "0123456789abcdef0"));
        assert!(!bearer(
            "GET /metrics HTTP/1.1\r\nX-Authorization: Bearer 0123456789abcdef\r\n\r\n",
            "0123456789abcdef"
        ));
        assert!(!bearer("GET /metrics HTTP/1.1\r\n\r\n", "0123456789abcdef"));
    }

    #[test]
    fn labels_are_escaped_and_values_spelled_as_prometheus_reads_them() {
        assert_eq!(label("a\"b\\c\nd"), "a\\\"b\\\\c\\nd");
        assert_eq!(num(1.5), "1.5");
        assert_eq!(num(f64::INFINITY), "+Inf");
        assert_eq!(num(3.0), "3");
    }

    #[test]
    fn an_idle_engine_renders_every_family_once() {
        let text = render(&Totals::default(), &serde_json::from_value(idle()).unwrap());
        let types: Vec<&str> = text.lines().filter(|l| l.starts_with("# TYPE")).collect();
        let mut names: Vec<&str> = types.iter().map(|l| l.split(' ').nth(2).unwrap()).collect();
        names.sort_unstable();
        let n = names.len();
        names.dedup();
        assert_eq!(n, names.len(), "{text}");
        assert!(text.contains("riptide_run_state{state=\"idle\"} 1"), "{text}");
        assert!(
            types.iter().all(|l| l.ends_with(" counter") || l.ends_with(" gauge") || l.ends_with(" summary")),
            "{text}"
        );
    }

    fn idle() -> serde_json::Value {
        serde_json::json!({
            "state": "idle", "duration_s": 0.0, "simulated": false, "clock": "tsc", "multiplier": "x1",
            "ports": [], "streams": [], "workers": [], "late_resets": 0, "start_unix_ns": 0, "start_lag_ns": 0,
            "latency": [], "disruptions": [], "interrupted": false
        })
    }
}
