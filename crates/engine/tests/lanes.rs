//! Per-port runs (TRex's `start(ports=...)`): ports start, pause, resume, update and stop
//! on their own while the others go on, on a real-time link pair.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use riptide_core::Nanos;
use riptide_engine::{Command, Engine, EngineConfig, Lane, Multiplier, PortOp, Response, Snapshot, StartOptions};
use riptide_port::PortSpec;
use std::time::Duration;

fn engine() -> Engine {
    let mut ports = vec!["link:0:realtime".parse::<PortSpec>().unwrap(), "link:1".parse().unwrap()];
    riptide_port::join_links(&mut ports).unwrap();
    Engine::new(EngineConfig { ports, drain: Nanos::from_millis(20), ..Default::default() })
}

fn snap(e: &mut Engine) -> Snapshot {
    let Response::Stats(s) = e.handle(Command::Snapshot).unwrap() else { panic!("no stats") };
    *s
}

fn start(e: &mut Engine, ports: &[u16], duration: Option<Nanos>) -> Result<Response, riptide_engine::EngineError> {
    e.handle(Command::Start(StartOptions { ports: Some(ports.to_vec()), duration, ..Default::default() }))
}

fn lanes(s: &Snapshot) -> Vec<Option<Lane>> {
    s.ports.iter().map(|p| p.lane).collect()
}

/// Waits (at most 10 s) until `f` holds of a snapshot.
fn until(e: &mut Engine, what: &str, f: impl Fn(&Snapshot) -> bool) -> Snapshot {
    riptide_testkit::wait_for_ok(Duration::from_secs(10), what, || {
        let s = snap(e);
        if f(&s) {
            Ok(s)
        } else {
            Err((lanes(&s), s.ports))
        }
    })
}

const PORT0: &str = "streams: [{name: a, port: 0, rate: 20kpps, flow_stats: {id: 1}}]";
const PORT1_BURST: &str =
    "streams: [{name: b, port: 1, rate: 100kpps, mode: {burst: {packets: 1000}}, flow_stats: {id: 2}}]";

#[test]
fn a_port_starts_and_stops_while_the_other_goes_on() {
    let mut e = engine();
    e.handle(Command::load_profile(PORT0, "p0.yaml")).unwrap();
    start(&mut e, &[0], None).unwrap();
    let s = until(&mut e, "port 0 sends", |s| s.ports[0].opackets > 500);
    assert_eq!(lanes(&s), [Some(Lane::Active), Some(Lane::Idle)]);
    assert_eq!(s.ports[1].opackets, 0);

    // Port 1 joins with a profile of its own, loaded while port 0 sends.
    e.handle(Command::load_profile(PORT1_BURST, "p1.yaml")).unwrap();
    start(&mut e, &[1], None).unwrap();
    let s = until(&mut e, "port 1's burst ends", |s| s.ports[1].lane == Some(Lane::Done));
    assert_eq!(s.ports[1].opackets, 1000);
    assert_eq!(s.ports[0].lane, Some(Lane::Active));
    // Receive tables are published every few ms.
    let rx_b =
        |s: &Snapshot| s.streams.iter().find(|x| x.name == "b").and_then(|b| b.rx.as_ref()).map(|r| r.rx_packets);
    let s = until(&mut e, "port 0 receives the burst", |s| rx_b(s) == Some(1000));
    assert_eq!(s.ports[0].ipackets, 1000);

    // Port 0 stops; port 1 starts again (a second start of it) while port 0 is idle.
    e.handle(Command::Ports { ports: vec![0], op: PortOp::Stop }).unwrap();
    // The stop is applied when it returns, and the lane published with the counters.
    let s = snap(&mut e);
    assert_eq!(s.ports[0].lane, Some(Lane::Idle));
    let sent0 = s.ports[0].opackets;
    riptide_testkit::holds_for(Duration::from_millis(60), "a stopped port sends nothing", || {
        snap(&mut e).ports[0].opackets == sent0
    });
    // A running port cannot be started again, nor a stopped one stopped.
    let err = e.handle(Command::Ports { ports: vec![0], op: PortOp::Stop }).unwrap_err().to_string();
    assert!(err.contains("port 0") && err.contains("idle"), "{err}");

    // Its tag is the run's: a second start with it is refused, with a fresh one it goes.
    let again = e.handle(Command::load_profile(PORT1_BURST, "p1.yaml")).and_then(|_| start(&mut e, &[1], None));
    let err = again.unwrap_err().to_string();
    assert!(err.contains("tag id 2"), "{err}");
    let p1b = PORT1_BURST.replace("id: 2", "id: 3").replace("packets: 1000", "packets: 500");
    e.handle(Command::load_profile(p1b, "p1b.yaml")).unwrap();
    start(&mut e, &[1], None).unwrap();
    let s = until(&mut e, "the second burst ends", |s| s.ports[1].lane == Some(Lane::Done));
    assert_eq!(s.ports[1].opackets, 1500, "both starts of port 1 counted");
    // Both of port 1's starts keep their stream figures.
    let names: Vec<(&str, u64)> = s.streams.iter().map(|x| (x.name.as_str(), x.opackets)).collect();
    assert_eq!(names, [("a", sent0), ("b", 1000), ("b", 500)], "{names:?}");
    let Response::Stats(last) = e.handle(Command::Stop).unwrap() else { panic!() };
    assert_eq!(last.ports[0].ipackets, 1500);
    assert_eq!(last.ports[1].ipackets, sent0);
}

#[test]
fn a_port_pauses_resumes_and_updates_alone() {
    let mut e = engine();
    let two = "streams: [{name: a, port: 0, rate: 10kpps}, {name: b, port: 1, rate: 10kpps}]";
    e.handle(Command::load_profile(two, "two.yaml")).unwrap();
    start(&mut e, &[0, 1], None).unwrap();
    until(&mut e, "both send", |s| s.ports.iter().all(|p| p.opackets > 100));
    e.handle(Command::Ports { ports: vec![1], op: PortOp::Pause }).unwrap();
    // The pause is applied when it returns, and the lane published with the counters.
    let s = snap(&mut e);
    assert_eq!(lanes(&s), [Some(Lane::Active), Some(Lane::Paused)]);
    let (a0, b0) = (s.ports[0].opackets, s.ports[1].opackets);
    // While port 0 sends another 1,000 frames (100 ms), paused port 1 sends none.
    until(&mut e, "port 0 to go on while port 1 is paused", |s| {
        assert_eq!(s.ports[1].opackets, b0, "paused port 1 sent");
        s.ports[0].opackets >= a0 + 1000
    });
    let err = e.handle(Command::Ports { ports: vec![0], op: PortOp::Resume }).unwrap_err().to_string();
    assert!(err.contains("cannot resume port 0: it is transmitting"), "{err}");
    e.handle(Command::Ports { ports: vec![1], op: PortOp::Resume }).unwrap();

    // Port 0 at 4x (applied when the update returns): while port 1 sends 2,000 frames
    // (200 ms), port 0 sends about 4x as many.
    e.handle(Command::Ports { ports: vec![0], op: PortOp::Update { multiplier: Multiplier::Factor(4.0) } }).unwrap();
    let a = snap(&mut e);
    let b = until(&mut e, "port 1 to send 2,000 more", |s| s.ports[1].opackets >= a.ports[1].opackets + 2000);
    let d0 = (b.ports[0].opackets - a.ports[0].opackets) as f64;
    let d1 = (b.ports[1].opackets - a.ports[1].opackets) as f64;
    assert!((3.5..4.5).contains(&(d0 / d1)), "{d0} / {d1}");
    e.handle(Command::Stop).unwrap();
}

#[test]
fn a_port_ends_after_its_own_duration() {
    let mut e = engine();
    let two = "streams: [{name: a, port: 0, rate: 10kpps}, {name: b, port: 1, rate: 10kpps}]";
    e.handle(Command::load_profile(two, "two.yaml")).unwrap();
    start(&mut e, &[0], Some(Nanos::from_millis(100))).unwrap();
    start(&mut e, &[1], None).unwrap();
    let s = until(&mut e, "port 0's time is up", |s| s.ports[0].lane == Some(Lane::Done));
    assert_eq!(s.ports[1].lane, Some(Lane::Active));
    // 100 ms at 10 kpps, within a turn's frames.
    assert!((990..=1010).contains(&s.ports[0].opackets), "{}", s.ports[0].opackets);
    e.handle(Command::Stop).unwrap();
}

#[test]
fn per_port_starts_refuse_what_does_not_fit() {
    let mut e = engine();
    e.handle(Command::load_profile(PORT0, "p0.yaml")).unwrap();
    let err = |r: Result<Response, riptide_engine::EngineError>| r.unwrap_err().to_string();
    assert!(err(start(&mut e, &[1], None)).contains("port 1 has no enabled stream"));
    assert!(err(start(&mut e, &[2], None)).contains("port 2: only 2 port(s)"));
    let counted = StartOptions { ports: Some(vec![0]), count: Some(5), ..Default::default() };
    assert!(err(e.handle(Command::Start(counted))).contains("no packet count"));
    // A whole-profile run has no ports of its own to control.
    e.handle(Command::Start(StartOptions::default())).unwrap();
    assert!(err(e.handle(Command::Ports { ports: vec![0], op: PortOp::Pause })).contains("port by port"));
    assert!(err(start(&mut e, &[0], None)).contains("cannot start"));
    e.handle(Command::Stop).unwrap();
    start(&mut e, &[0], None).unwrap();
    assert!(err(start(&mut e, &[0], None)).contains("port 0 is transmitting"));
    e.handle(Command::Stop).unwrap();
}
