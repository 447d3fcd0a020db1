//! Any line typed and any snapshot a daemon sends: the console answers or ignores them,
//! never panics (a panic would leave the terminal raw; the release build aborts).

use proptest::prelude::*;
use riptide_console::command;
use riptide_console::model::{Model, Snapshot};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        ".{0,12}".prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 24, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map(
                prop_oneof![
                    Just("ports".to_string()),
                    Just("streams".to_string()),
                    Just("opackets".to_string()),
                    Just("obytes".to_string()),
                    Just("ipackets".to_string()),
                    Just("state".to_string()),
                    Just("duration_s".to_string()),
                    Just("port".to_string()),
                    Just("rx".to_string()),
                    Just("lost".to_string()),
                    "[a-z_]{1,8}",
                ],
                inner,
                0..6
            )
            .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// Snapshots shaped like the daemon's, with counters that may go any way.
fn snapshot() -> impl Strategy<Value = Value> {
    (
        prop::collection::vec((any::<u64>(), any::<u64>(), any::<u64>(), any::<u64>()), 0..4),
        prop::collection::vec((any::<u64>(), 0usize..6, prop::option::of(any::<f64>())), 0..4),
        prop_oneof![Just("running"), Just("paused"), Just("idle"), Just("stopped")],
        any::<f64>(),
    )
        .prop_map(|(ports, streams, state, dur)| {
            json!({
                "state": state,
                "duration_s": if dur.is_finite() { dur } else { 0.0 },
                "ports": ports.iter().enumerate().map(|(i, p)| json!({
                    "index": i, "name": "null", "opackets": p.0, "obytes": p.1, "ipackets": p.2, "ibytes": p.3,
                    "line_rate_bps": 1e10
                })).collect::<Vec<_>>(),
                "streams": streams.iter().map(|s| json!({
                    "name": "s", "port": s.1, "opackets": s.0,
                    "requested_pps": s.2.filter(|f| f.is_finite()),
                    "rx": {"rx_packets": s.0 / 2, "lost": s.0}
                })).collect::<Vec<_>>(),
            })
        })
}

proptest! {
    #[test]
    fn any_line_parses_or_says_why(line in ".{0,80}") {
        let _ = command::parse(&line);
    }

    #[test]
    fn lines_of_command_words_parse_or_say_why(
        words in prop::collection::vec(prop_oneof![
            Just("start"), Just("update"), Just("-f"), Just("-m"), Just("-d"), Just("-t"), Just("--force"),
            Just("--total"), Just("acquire"), Just("1mpps"), Just("50%"), Just("0"), Just("-1"), Just("1e400"),
            Just("30s"), Just("x.py"), Just("a=1"), Just("NaN"), Just("inf")
        ], 0..8)
    ) {
        let line = words.join(" ");
        if let Err(e) = command::parse(&line) {
            prop_assert!(!e.is_empty());
        }
    }

    #[test]
    fn any_run_of_snapshots_gives_finite_rates(snaps in prop::collection::vec(snapshot(), 1..12), gaps in prop::collection::vec(0u64..3000, 12)) {
        let mut m = Model::new("x", false);
        let mut at = Instant::now();
        for (v, gap) in snaps.into_iter().zip(gaps) {
            at += Duration::from_millis(gap);
            let s: Snapshot = serde_json::from_value(v).unwrap();
            m.on_snapshot(s, at);
            for r in m.port_rates() {
                prop_assert!(r.tx_pps.is_finite() && r.tx_pps >= 0.0 && r.rx_l2.is_finite() && r.rx_l2 >= 0.0, "{r:?}");
            }
            for r in m.stream_rates() {
                prop_assert!(r.is_finite() && r >= 0.0);
            }
            let _ = m.refresh_hz(at);
        }
    }

    #[test]
    fn any_json_is_a_snapshot_or_an_error(v in json_value()) {
        if let Ok(s) = serde_json::from_value::<Snapshot>(v) {
            let mut m = Model::new("x", false);
            m.on_snapshot(s.clone(), Instant::now());
            m.on_snapshot(s, Instant::now() + Duration::from_millis(100));
            let _ = m.port_rates();
            let _ = m.stream_rates();
        }
    }
}
