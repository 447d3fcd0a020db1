//! Stateful runs through the command API: the same engine, commands and snapshots as
//! stateless ones.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use riptide_engine::stf::{StfReport, StfStart};
use riptide_engine::{Command, Engine, EngineConfig, Response, RunState, Snapshot};

fn profile() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../profiles/stf/udp10.yaml")
}

fn snapshot(e: &mut Engine) -> Snapshot {
    let Response::Stats(s) = e.handle(Command::Snapshot).unwrap() else { panic!("no stats") };
    *s
}

#[test]
fn clear_stats_restarts_the_stateful_counters_with_the_ports() {
    // Null ports run stateful flows on virtual time: a long run, cleared part-way.
    let mut e = Engine::new(EngineConfig::default());
    let start = StfStart {
        duration: Some(riptide_core::Nanos::from_secs(20_000)),
        multiplier: 100.0,
        ..StfStart::new(profile())
    };
    e.handle(Command::StfStart(start)).unwrap();
    let sent = |e: &mut Engine| snapshot(e).ports[0].opackets;
    let ten_s = std::time::Duration::from_secs(10);
    riptide_testkit::wait_for(ten_s, "the run to send", || sent(&mut e) > 0);
    e.handle(Command::ClearStats).unwrap();
    // Cleared, then counting again: the stateful counters must have moved with the port's.
    riptide_testkit::wait_for(ten_s, "the run to send after the clear", || sent(&mut e) > 0);
    let Response::Stats(s) = e.handle(Command::Stop).unwrap() else { panic!("no stats") };
    let stf = s.stf.clone().unwrap();
    let port = s.ports[0].opackets;
    assert!(port > 0, "{s:?}");
    assert_eq!(stf.counters.tx_packets, port, "cleared together: {stf:?} vs port {port}");
    let report = StfReport::from_snapshot(&s).unwrap();
    assert_eq!(report.ports[0].opackets, report.stats.counters.tx_packets);
}

#[test]
fn one_run_at_a_time_whatever_its_kind() {
    let mut e = Engine::new(EngineConfig::default());
    e.handle(Command::load_profile("streams: [{rate: 1kpps}]", "s.yaml")).unwrap();
    e.handle(Command::Start(Default::default())).unwrap();
    let refused = e.handle(Command::StfStart(StfStart::new(profile())));
    assert!(refused.unwrap_err().to_string().contains("cannot start while the engine is Running"));
    e.handle(Command::Stop).unwrap();
    let one_second = StfStart { duration: Some(riptide_core::Nanos::from_secs(1)), ..StfStart::new(profile()) };
    e.handle(Command::StfStart(one_second)).unwrap();
    assert!(e.handle(Command::Start(Default::default())).is_err(), "a stateful run is going");
    assert!(e.handle(Command::Pause).unwrap_err().to_string().contains("stateful run cannot pause"));
    riptide_testkit::wait_for(std::time::Duration::from_secs(60), "the 1 s run to finish", || {
        matches!(e.handle(Command::State).unwrap(), Response::State(RunState::Finished))
    });
    let s = snapshot(&mut e);
    assert_eq!(s.stf.unwrap().counters.m_total_open_flows, 100, "100 cps for 1 s");
    let Response::Stats(fin) = e.handle(Command::Stop).unwrap() else { panic!() };
    assert_eq!(fin.state, RunState::Stopped);
    assert_eq!(fin.stf.unwrap().series.len(), 1, "the last flow ends before 1 s: one partial second");
    // The stateless profile stayed loaded.
    e.handle(Command::Start(riptide_engine::StartOptions { count: Some(10), ..Default::default() })).unwrap();
    e.handle(Command::Stop).unwrap();
}
