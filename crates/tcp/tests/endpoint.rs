//! Client and server endpoints joined by a virtual wire: programs, pools, load models,
//! counters and TRex's invariants, with and without loss.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use riptide_core::Rng;
use riptide_tcp::endpoint::{ClientSpec, EndpointConfig, Load, ServerSpec};
use riptide_tcp::program::{self, Payload, Recv, Step};
use riptide_tcp::{CloseMode, Endpoint, Program, TcpConfig};
use riptide_wire::ethernet::EthernetAddress;
use std::net::Ipv4Addr;
use std::sync::Arc;

const MS: u64 = 1_000_000;
const SERVER: Ipv4Addr = Ipv4Addr::new(198, 19, 0, 1);
const LOCAL_MAC: [u8; 6] = [2, 0, 0, 0, 0, 1];

#[derive(Clone, Copy, Default)]
struct Impair {
    loss: f64,
    reorder: f64,
    duplicate: f64,
}

fn chance(rng: &mut Rng, p: f64) -> bool {
    p > 0.0 && ((rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64) < p
}

/// Runs two endpoints over a wire with `delay` each way until both are done or `until`.
fn run(client: &mut Endpoint, server: &mut Endpoint, delay: u64, impair: Impair, until: u64) -> u64 {
    run_tapped(client, server, delay, impair, until, &mut |_, _| {})
}

/// [`run`], showing `tap` every frame sent (`true`: the client's) before the wire's impairments.
fn run_tapped(
    client: &mut Endpoint,
    server: &mut Endpoint,
    delay: u64,
    impair: Impair,
    until: u64,
    tap: &mut dyn FnMut(bool, &[u8]),
) -> u64 {
    let mut rng = Rng::new(7);
    let mut now = 0u64;
    // (arrival, order, to_server, frame)
    let mut wire: Vec<(u64, u64, bool, Vec<u8>)> = Vec::new();
    let mut order = 0;
    let mut buf = vec![0u8; 2048];
    loop {
        for (to_server, ep) in [(true, &mut *client), (false, &mut *server)] {
            ep.handle_timeout(now);
            while let Some(len) = ep.poll_transmit(now, &mut buf) {
                tap(to_server, &buf[..len]);
                if chance(&mut rng, impair.loss) {
                    continue;
                }
                let copies = if chance(&mut rng, impair.duplicate) { 2 } else { 1 };
                for _ in 0..copies {
                    let extra = if chance(&mut rng, impair.reorder) { delay * (1 + rng.below(3)) } else { 0 };
                    order += 1;
                    wire.push((now + delay + extra, order, to_server, buf[..len].to_vec()));
                }
            }
        }
        if client.is_done() && server.is_done() && wire.is_empty() {
            return now;
        }
        let next_wire = wire.iter().map(|w| w.0).min();
        let next = [next_wire, client.poll_timeout(), server.poll_timeout()].into_iter().flatten().min();
        let Some(next) = next else { return now };
        assert!(next < until, "still running at {} ms", now / MS);
        now = now.max(next);
        wire.sort_by_key(|w| (w.0, w.1));
        let due = wire.iter().take_while(|w| w.0 <= now).count();
        for (_, _, to_server, frame) in wire.drain(..due).collect::<Vec<_>>() {
            if to_server {
                server.handle_frame(now, &frame);
            } else {
                client.handle_frame(now, &frame);
            }
        }
    }
}

fn endpoints(
    load: Load,
    limit: u64,
    client_steps: Vec<Step>,
    server_steps: Vec<Step>,
    tcp: TcpConfig,
    close: CloseMode,
) -> (Endpoint, Endpoint) {
    let macs =
        riptide_tcp::frame::Macs { local: EthernetAddress(LOCAL_MAC), peer: EthernetAddress([2, 0, 0, 0, 0, 2]) };
    let cfg = EndpointConfig { tcp, isn_secret: 42, close, macs, ..EndpointConfig::default() };
    let client = ClientSpec {
        ips: (Ipv4Addr::new(198, 18, 0, 1), 4),
        ports: (1024, 65535),
        port_stride: 1,
        port_offset: 0,
        servers: vec![(SERVER, 80)].into(),
        program: Arc::new(Program::compile(&client_steps).unwrap()),
        load,
        limit: Some(limit),
        tune: None,
        ramp_up_ns: 0,
        phase_ns: 0,
    };
    let server = ServerSpec {
        listen: vec![(80, Arc::new(Program::compile(&server_steps).unwrap()))],
        ips: Vec::new(),
        tunes: Vec::new(),
        listen_at: Vec::new(),
    };
    (
        Endpoint::new(cfg.clone(), Some(client), ServerSpec::default()).unwrap(),
        Endpoint::new(cfg, None, server).unwrap(),
    )
}

fn check_trex_invariants(client: &Endpoint, server: &Endpoint, n: u64) {
    let c = &client.stats().client;
    let s = &server.stats().server;
    assert_eq!(c.tcps_connattempt, n);
    assert_eq!(c.tcps_connattempt, c.tcps_closed, "client connattempt == closed");
    assert!(c.tcps_closed >= c.tcps_connects);
    assert_eq!(s.tcps_accepts, s.tcps_connects, "server accepts == connects");
    assert_eq!(s.tcps_connects, s.tcps_closed, "server connects == closed");
    assert_eq!(c.tcps_sndbyte, s.tcps_rcvbyte, "client sndbyte == server rcvbyte");
    assert_eq!(s.tcps_sndbyte, c.tcps_rcvbyte, "server sndbyte == client rcvbyte");
    assert_eq!(c.tcps_rcvackbyte, s.tcps_rcvbyte, "client rcvackbyte == server rcvbyte");
    assert_eq!(s.tcps_rcvackbyte, c.tcps_rcvbyte, "server rcvackbyte == client rcvbyte");
}

#[test]
fn http_get_at_a_rate_completes_every_connection() {
    let (c, s) = program::http_get("198.19.0.1", "/64", 64);
    let (mut client, mut server) =
        endpoints(Load::Open { cps: 10_000.0 }, 1000, c, s, TcpConfig::default(), CloseMode::Fin);
    let end = run(&mut client, &mut server, MS / 10, Impair::default(), 10_000 * MS);
    check_trex_invariants(&client, &server, 1000);
    let stats = client.stats();
    assert_eq!(stats.client.tcps_connects, 1000);
    assert_eq!(stats.client_app.completed, 1000);
    assert_eq!(server.stats().server_app.completed, 1000);
    assert_eq!(stats.client.tcps_sndrexmitpack + server.stats().server.tcps_sndrexmitpack, 0);
    // 1000 connections at 10k/s: the last opened at 99.9 ms, ended ~0.4 ms later, plus
    // TIME-WAIT (1 s) on the client, which closes first.
    assert!(end > 1_000 * MS && end < 1_200 * MS, "{end}");
    assert_eq!(stats.latency.setup.len(), 1000);
    // Setup = one round trip of 0.2 ms.
    assert_eq!(stats.latency.setup.value_at_quantile(0.5) / 1000, 200);
    assert_eq!(stats.latency.transaction.len(), 1000);
    // The server saw 7 segments per connection, the client too (SYN, ACK+GET, FIN, ACK / SYN-ACK, response, FIN).
    let segments = stats.client.tcps_sndtotal + server.stats().server.tcps_sndtotal;
    assert_eq!(segments, 7 * 1000, "{segments}");
    assert!(stats.peak_active < 1200);
}

#[test]
fn a_rate_change_opens_at_the_new_rate_from_then_on() {
    let (c, s) = program::http_get("198.19.0.1", "/64", 64);
    let (mut client, mut server) =
        endpoints(Load::Open { cps: 1000.0 }, 100_000, c, s, TcpConfig::default(), CloseMode::Fin);
    // Opening at 1000/s: 101 by 100 ms (one at time zero).
    let mut now = 0;
    let mut opened = |ep: &mut Endpoint, at: u64| {
        while now <= at {
            ep.handle_timeout(now);
            let mut buf = [0u8; 2048];
            while ep.poll_transmit(now, &mut buf).is_some() {}
            now += MS;
        }
        now = at;
        ep.stats().client.tcps_connattempt
    };
    let _ = &mut server;
    assert_eq!(opened(&mut client, 100 * MS), 101);
    // Three times the rate from 100 ms: 300 more in the next 100 ms, none made up, none at once.
    client.set_rate(3.0, 100 * MS);
    assert_eq!(opened(&mut client, 100 * MS), 101);
    assert_eq!(client.poll_timeout().map(|t| t - 100 * MS), Some(MS / 3 + 1));
    assert_eq!(opened(&mut client, 200 * MS), 401);
    // Back to half the profile's rate: 50 in the next 100 ms; a ratio of 0 is ignored.
    client.set_rate(0.5, 200 * MS);
    client.set_rate(0.0, 200 * MS);
    assert_eq!(opened(&mut client, 300 * MS), 451);
}

/// Steps `ep` 1 ms at a time from `*now` to `at` (nothing answers): what it opened.
fn opened_by(ep: &mut Endpoint, now: &mut u64, at: u64) -> u64 {
    while *now <= at {
        ep.handle_timeout(*now);
        let mut buf = [0u8; 2048];
        while ep.poll_transmit(*now, &mut buf).is_some() {}
        *now += MS;
    }
    *now = at;
    ep.stats().client.tcps_connattempt
}

#[test]
fn a_ramp_up_raises_the_rate_linearly_and_latencies_count_only_after_it() {
    let (c, s) = program::http_get("198.19.0.1", "/64", 64);
    let (mut client, _) =
        endpoints(Load::Open { cps: 1000.0 }, 100_000, c.clone(), s.clone(), TcpConfig::default(), CloseMode::Fin);
    client = ramped(client, Load::Open { cps: 1000.0 }, 100_000, &c, 1000 * MS);
    // cps t^2 / 2R during the ramp (one at time zero), cps (t - R/2) after it.
    let mut now = 0;
    assert_eq!(opened_by(&mut client, &mut now, 500 * MS), 1 + 125);
    assert_eq!(opened_by(&mut client, &mut now, 1000 * MS), 1 + 500);
    assert_eq!(opened_by(&mut client, &mut now, 2000 * MS), 1 + 1500);
    // The next one is due when the rate says, not on a polling grid.
    assert_eq!(client.poll_timeout(), Some(2001 * MS));

    // A closed loop's concurrency rises the same way: 50 over 100 ms.
    let (mut closed, _) =
        endpoints(Load::Closed { concurrent: 50 }, 100_000, c.clone(), s.clone(), TcpConfig::default(), CloseMode::Fin);
    closed = ramped(closed, Load::Closed { concurrent: 50 }, 100_000, &c, 100 * MS);
    let mut now = 0;
    assert_eq!(opened_by(&mut closed, &mut now, 0), 1);
    assert_eq!(opened_by(&mut closed, &mut now, 50 * MS), 26);
    assert_eq!(opened_by(&mut closed, &mut now, 99 * MS), 50);
    assert_eq!(opened_by(&mut closed, &mut now, 300 * MS), 50);

    // Against a server: 1000 connections at 10k/s after a 50 ms ramp; the 250 opened
    // during the ramp-up are not in the latencies.
    let (mut client, mut server) =
        endpoints(Load::Open { cps: 10_000.0 }, 1000, c.clone(), s, TcpConfig::default(), CloseMode::Fin);
    client = ramped(client, Load::Open { cps: 10_000.0 }, 1000, &c, 50 * MS);
    run(&mut client, &mut server, MS / 10, Impair::default(), 10_000 * MS);
    check_trex_invariants(&client, &server, 1000);
    let st = client.stats();
    assert_eq!(st.client_app.completed, 1000);
    for h in [&st.latency.setup, &st.latency.first_byte, &st.latency.transaction] {
        assert!((749..=751).contains(&h.len()), "{}", h.len());
    }
}

/// `ep`'s client again with a ramp-up of `ramp` ns.
fn ramped(ep: Endpoint, load: Load, limit: u64, client_steps: &[Step], ramp: u64) -> Endpoint {
    drop(ep);
    let macs =
        riptide_tcp::frame::Macs { local: EthernetAddress(LOCAL_MAC), peer: EthernetAddress([2, 0, 0, 0, 0, 2]) };
    // Exact deadlines: the test's clock jumps to `poll_timeout` (the ramp's opening times
    // fall between the wheel's ticks).
    let cfg =
        EndpointConfig { isn_secret: 42, close: CloseMode::Fin, macs, timer_tick_ns: 1, ..EndpointConfig::default() };
    let client = ClientSpec {
        ips: (Ipv4Addr::new(198, 18, 0, 1), 4),
        ports: (1024, 65535),
        port_stride: 1,
        port_offset: 0,
        servers: vec![(SERVER, 80)].into(),
        program: Arc::new(Program::compile(client_steps).unwrap()),
        load,
        limit: Some(limit),
        tune: None,
        ramp_up_ns: ramp,
        phase_ns: 0,
    };
    Endpoint::new(cfg, Some(client), ServerSpec::default()).unwrap()
}

#[test]
fn an_open_loops_phase_delays_its_first_connection_and_keeps_its_rate() {
    // 1000 cps from a phase of 0.4 ms: connections at 0.4, 1.4, 2.4 ms (a worker that takes
    // its turn in a schedule split with others), none before.
    let mut syn_at = Vec::new();
    for phase in [0, 400_000] {
        let spec = ClientSpec { phase_ns: phase, ..endpoint_spec(Load::Open { cps: 1000.0 }, 3) };
        let macs =
            riptide_tcp::frame::Macs { local: EthernetAddress(LOCAL_MAC), peer: EthernetAddress([2, 0, 0, 0, 0, 2]) };
        let cfg = EndpointConfig { macs, ..EndpointConfig::default() };
        let mut ep = Endpoint::new(cfg, Some(spec), ServerSpec::default()).unwrap();
        let (mut now, mut at, mut buf) = (0u64, Vec::new(), vec![0u8; 2048]);
        while at.len() < 3 && now < 10 * MS {
            ep.handle_timeout(now);
            while let Some(len) = ep.poll_transmit(now, &mut buf) {
                let ip = &buf[14..len];
                let tcp = &ip[usize::from(ip[0] & 15) * 4..];
                if tcp[13] & 0x12 == 0x02 {
                    at.push(now);
                }
            }
            now = ep.poll_timeout().unwrap_or(now + MS).max(now + 1);
        }
        syn_at.push((phase, at));
    }
    assert_eq!(syn_at[0].1, vec![0, MS, 2 * MS], "no phase");
    assert_eq!(syn_at[1].1, vec![400_000, 400_000 + MS, 400_000 + 2 * MS], "a phase of 0.4 ms");
}

/// A client spec of the [`endpoints`] pair's shape, with `load` and `limit`.
fn endpoint_spec(load: Load, limit: u64) -> ClientSpec {
    ClientSpec {
        ips: (Ipv4Addr::new(198, 18, 0, 1), 4),
        ports: (1024, 65535),
        port_stride: 1,
        port_offset: 0,
        servers: vec![(SERVER, 80)].into(),
        program: Arc::new(Program::compile(&[Step::Send(Payload::Fill(10)), Step::Recv(Recv::Bytes(100))]).unwrap()),
        load,
        limit: Some(limit),
        tune: None,
        ramp_up_ns: 0,
        phase_ns: 0,
    }
}

#[test]
fn a_closed_loop_keeps_the_concurrency() {
    let (c, s) = program::http_get("198.19.0.1", "/", 1000);
    let cfg = TcpConfig { time_wait_ns: 0, ..TcpConfig::default() };
    let (mut client, mut server) = endpoints(Load::Closed { concurrent: 50 }, 2000, c, s, cfg, CloseMode::Fin);
    run(&mut client, &mut server, MS, Impair::default(), 100_000 * MS);
    check_trex_invariants(&client, &server, 2000);
    assert_eq!(client.client_programs(), (0, 50));
    // Closing connections hold their state a little longer than their programs run.
    assert!(client.stats().peak_active >= 50);
    assert_eq!(client.stats().client_app.completed, 2000);
}

#[test]
fn close_with_rst_leaves_no_time_wait() {
    let (c, s) = program::http_get("198.19.0.1", "/", 10);
    let (mut client, mut server) =
        endpoints(Load::Open { cps: 1000.0 }, 100, c, s, TcpConfig::default(), CloseMode::Rst);
    let end = run(&mut client, &mut server, MS / 10, Impair::default(), 10_000 * MS);
    assert!(end < 200 * MS, "{end}: no TIME-WAIT");
    assert_eq!(client.stats().client.tcps_sndrst, 100);
    assert_eq!(client.stats().client_app.completed, 100);
    assert_eq!(server.stats().server.tcps_drops, 100);
    assert_eq!(server.stats().server.tcps_closed, 100);
}

#[test]
fn loss_reordering_and_duplicates_lose_no_byte() {
    // 100 kB each way, checked by content, through 1% loss, 0.5% reordering, 0.1% duplication.
    let client =
        vec![Step::Send(Payload::Fill(100_000)), Step::Recv(Recv::Expect(Payload::Fill(100_000))), Step::Close];
    let server =
        vec![Step::Recv(Recv::Expect(Payload::Fill(100_000))), Step::Send(Payload::Fill(100_000)), Step::WaitPeerClose];
    let impair = Impair { loss: 0.01, reorder: 0.005, duplicate: 0.001 };
    let (mut client, mut server) =
        endpoints(Load::Open { cps: 500.0 }, 200, client, server, TcpConfig::default(), CloseMode::Fin);
    run(&mut client, &mut server, MS, impair, 600_000 * MS);
    check_trex_invariants(&client, &server, 200);
    let (cs, ss) = (client.stats(), server.stats());
    assert_eq!(cs.client.tcps_connects, 200);
    assert_eq!(cs.client_app.completed, 200);
    assert_eq!(ss.server_app.completed, 200);
    assert_eq!(cs.client_app.content_errors + ss.server_app.content_errors, 0);
    assert_eq!(cs.client.tcps_rcvbyte, 200 * 100_000);
    assert!(cs.client.tcps_sndrexmitpack > 0 && ss.server.tcps_sndrexmitpack > 0);
}

#[test]
fn a_recv_the_peer_never_fills_times_out() {
    let client = vec![Step::Send(Payload::Fill(10)), Step::Recv(Recv::Bytes(100)), Step::Close];
    let server = vec![Step::Recv(Recv::Bytes(10)), Step::Send(Payload::Fill(50)), Step::WaitPeerClose];
    let (mut client, mut server) =
        endpoints(Load::Open { cps: 100.0 }, 10, client, server, TcpConfig::default(), CloseMode::Fin);
    run(&mut client, &mut server, MS, Impair::default(), 100_000 * MS);
    assert_eq!(client.stats().client_app.recv_timeouts, 10);
    assert_eq!(client.stats().client_app.completed, 0);
    check_trex_invariants(&client, &server, 10);
}

#[test]
fn segments_for_no_connection_get_a_reset() {
    let (c, _) = program::http_get("198.19.0.1", "/", 10);
    let (mut client, _) = endpoints(Load::Open { cps: 100.0 }, 1, c, vec![], TcpConfig::default(), CloseMode::Fin);
    // A server that listens on no port answers the SYN with RST; the client gives up.
    let mut nobody = Endpoint::new(EndpointConfig::default(), None, ServerSpec::default()).unwrap();
    run(&mut client, &mut nobody, MS, Impair::default(), 100_000 * MS);
    assert_eq!(nobody.stats().server.tcps_noport, 1);
    assert_eq!(client.stats().client.tcps_conndrops, 1);
    assert_eq!(client.stats().client.tcps_closed, 1);
    assert_eq!(client.stats().client.tcps_connects, 0);
}

/// Two generators on one wire (segments of a split run, each its own block of client
/// addresses): a client ignores the answers for the other's addresses (no RST that would
/// kill the other's connections, counted as not its).
#[test]
fn a_client_ignores_segments_for_another_generators_addresses() {
    let (c, s) = program::http_get("198.19.0.1", "/", 10);
    let (mut mine, mut server) =
        endpoints(Load::Open { cps: 100.0 }, 1, c.clone(), s, TcpConfig::default(), CloseMode::Fin);
    let other_spec = ClientSpec {
        program: Arc::new(Program::compile(&c).unwrap()),
        limit: Some(1),
        ..hostile_client((Ipv4Addr::new(198, 18, 0, 5), 4), vec![(SERVER, 80)].into(), 100.0)
    };
    let mut other = Endpoint::new(EndpointConfig::default(), Some(other_spec), ServerSpec::default()).unwrap();
    let mut buf = [0u8; 2048];
    let now = 0;
    other.handle_timeout(now);
    let len = other.poll_transmit(now, &mut buf).expect("the other's SYN");
    server.handle_frame(now, &buf[..len]);
    let len = server.poll_transmit(now, &mut buf).expect("the server's SYN-ACK to the other");
    let syn_ack = buf[..len].to_vec();
    mine.handle_frame(now, &syn_ack);
    assert!(mine.poll_transmit(now, &mut buf).is_none(), "no RST for a segment to another's address");
    assert_eq!((mine.stats().rx_not_tcp, mine.stats().client.tcps_noport, mine.stats().server.tcps_noport), (1, 0, 0));
    other.handle_frame(now, &syn_ack);
    assert_eq!(other.stats().client.tcps_connects, 1, "the other's connection goes on");
}

#[test]
fn arp_is_answered_for_owned_addresses_only() {
    let (c, s) = program::http_get("198.19.0.1", "/", 10);
    let (mut client, _) = endpoints(Load::Open { cps: 100.0 }, 1, c, s.clone(), TcpConfig::default(), CloseMode::Fin);
    let me = [2, 0, 0, 0, 0, 9];
    let owned = riptide_wire::neighbor::arp_request(me, Ipv4Addr::new(198, 18, 0, 254), Ipv4Addr::new(198, 18, 0, 3));
    let other = riptide_wire::neighbor::arp_request(me, Ipv4Addr::new(198, 18, 0, 254), Ipv4Addr::new(198, 18, 0, 9));
    client.handle_frame(0, &other);
    client.handle_frame(0, &owned);
    let mut buf = [0u8; 128];
    let len = client.poll_transmit(0, &mut buf).unwrap();
    assert_eq!(riptide_wire::neighbor::arp_reply_from(&buf[..len], Ipv4Addr::new(198, 18, 0, 3)), Some(LOCAL_MAC));
    assert_eq!(&buf[..6], &me, "sent back to the asker");
    assert_eq!(client.stats().arp_replies, 1);
    assert_eq!(client.stats().rx_not_tcp, 1);
    // A server that names its addresses answers for them and refuses SYNs to others.
    let server = ServerSpec {
        listen: vec![(80, Arc::new(Program::compile(&s).unwrap()))],
        ips: vec![(SERVER, 1)],
        tunes: Vec::new(),
        listen_at: Vec::new(),
    };
    let mut server = Endpoint::new(EndpointConfig::default(), None, server).unwrap();
    server.handle_frame(0, &riptide_wire::neighbor::arp_request(me, Ipv4Addr::new(198, 19, 0, 9), SERVER));
    assert_eq!(server.stats().arp_replies, 1);
}

/// Profile `p`'s clients on one endpoint and its server on another, with `tcp` and the
/// wire's MACs.
fn profile_pair(p: &riptide_tcp::profile::TcpProfile, tcp: TcpConfig) -> (Endpoint, Endpoint) {
    let macs =
        riptide_tcp::frame::Macs { local: EthernetAddress(LOCAL_MAC), peer: EthernetAddress([2, 0, 0, 0, 0, 2]) };
    let cfg = EndpointConfig { tcp, isn_secret: 42, macs, ..EndpointConfig::default() };
    (
        Endpoint::with_clients(cfg.clone(), p.clients.clone(), ServerSpec::default()).unwrap(),
        Endpoint::new(cfg, None, p.server.clone()).unwrap(),
    )
}

#[test]
fn two_templates_share_one_pool_and_each_keeps_its_rate_and_limit() {
    // A TRex ASTF profile with two templates (ports 80 and 8080, different answers and
    // rates), as `python -m riptide.trex --astf` writes it.
    use base64::Engine as _;
    let b64 = |s: &[u8]| base64::engine::general_purpose::STANDARD.encode(s);
    let json = format!(
        r#"{{"buf_list": ["{}", "{}", "{}"],
        "ip_gen_dist_list": [{{"ip_start": "198.18.0.1", "ip_end": "198.18.0.4", "distribution": "seq", "dir": "c", "ip_offset": "1.0.0.0"}},
                             {{"ip_start": "198.19.0.1", "ip_end": "198.19.0.1", "distribution": "seq", "dir": "s", "ip_offset": "1.0.0.0"}}],
        "program_list": [{{"commands": [{{"name": "tx", "buf_index": 0}}, {{"name": "rx", "min_bytes": 2000}}]}},
                         {{"commands": [{{"name": "rx", "min_bytes": 3}}, {{"name": "tx", "buf_index": 1}}]}},
                         {{"commands": [{{"name": "tx", "buf_index": 0}}, {{"name": "rx", "min_bytes": 5}}]}},
                         {{"commands": [{{"name": "rx", "min_bytes": 3}}, {{"name": "tx", "buf_index": 2}}]}}],
        "templates": [
          {{"client_template": {{"program_index": 0, "ip_gen": {{"dist_client": {{"index": 0}}, "dist_server": {{"index": 1}}}}, "cluster": {{}}, "port": 80, "cps": 1000, "limit": 30}},
           "server_template": {{"program_index": 1, "assoc": [{{"port": 80}}]}}}},
          {{"client_template": {{"program_index": 2, "ip_gen": {{"dist_client": {{"index": 0}}, "dist_server": {{"index": 1}}}}, "cluster": {{}}, "port": 8080, "cps": 500, "limit": 10}},
           "server_template": {{"program_index": 3, "assoc": [{{"port": 8080}}]}}, "tg_id": 1}}],
        "tg_names": ["small"]}}"#,
        b64(b"GET"),
        b64(&[b'x'; 2000]),
        b64(b"hello")
    );
    let p = riptide_tcp::profile::parse(&json, "two.json").unwrap();
    assert_eq!(p.clients.len(), 2);
    let (mut client, mut server) = profile_pair(&p, p.tcp);
    run(&mut client, &mut server, MS / 10, Impair::default(), 10_000 * MS);
    check_trex_invariants(&client, &server, 40);
    assert_eq!(client.stats().client_app.completed, 40);
    assert_eq!(server.stats().server_app.completed, 40);
    // 30 answers of 2000 bytes and 10 of 5.
    assert_eq!(client.stats().client.tcps_rcvbyte, 30 * 2000 + 10 * 5);
    assert_eq!(server.stats().server.tcps_rcvbyte, 40 * 3);
    // The second template is template group 1 (TRex's tg_id), the first in none (0): each
    // group counts its own connections, on both ends, and the groups add up to the totals.
    let (cg, sg) = (&client.stats().groups, &server.stats().groups);
    assert_eq!((cg.len(), sg.len()), (2, 2));
    for (g, n, answer) in [(0, 30, 2000), (1, 10, 5)] {
        let (c, s) = (&cg[g].client, &sg[g].server);
        assert_eq!((c.tcps_connattempt, c.tcps_closed, s.tcps_accepts, s.tcps_closed), (n, n, n, n), "group {g}");
        assert_eq!(c.tcps_rcvbyte, n * answer, "group {g}");
        assert_eq!(c.tcps_rcvackbyte, s.tcps_rcvbyte, "group {g}");
        assert_eq!(s.tcps_rcvackbyte, c.tcps_rcvbyte, "group {g}");
    }
    let mut sum = riptide_tcp::endpoint::GroupStats::default();
    cg.iter().chain(sg).for_each(|g| sum.merge(g));
    assert_eq!(sum.client, client.stats().client);
    assert_eq!(sum.server, server.stats().server);
}

/// TRex's http_advanced.py shape: two templates, each on its own `ip_gen` (client and
/// server ranges of their own), as `python -m riptide.trex --astf` writes it.
fn two_pools_json(second_clients: (&str, &str)) -> String {
    use base64::Engine as _;
    let b64 = |s: &[u8]| base64::engine::general_purpose::STANDARD.encode(s);
    format!(
        r#"{{"buf_list": ["{}", "{}"],
        "ip_gen_dist_list": [{{"ip_start": "198.18.0.1", "ip_end": "198.18.0.4", "distribution": "seq", "dir": "c", "ip_offset": "1.0.0.0"}},
                             {{"ip_start": "198.19.0.1", "ip_end": "198.19.0.1", "distribution": "seq", "dir": "s", "ip_offset": "1.0.0.0"}},
                             {{"ip_start": "{}", "ip_end": "{}", "distribution": "seq", "dir": "c", "ip_offset": "1.0.0.0"}},
                             {{"ip_start": "198.19.1.1", "ip_end": "198.19.1.2", "distribution": "seq", "dir": "s", "ip_offset": "1.0.0.0"}}],
        "program_list": [{{"commands": [{{"name": "tx", "buf_index": 0}}, {{"name": "rx", "min_bytes": 5}}]}},
                         {{"commands": [{{"name": "rx", "min_bytes": 3}}, {{"name": "tx", "buf_index": 1}}]}}],
        "templates": [
          {{"client_template": {{"program_index": 0, "ip_gen": {{"dist_client": {{"index": 0}}, "dist_server": {{"index": 1}}}}, "cluster": {{}}, "port": 80, "cps": 1000, "limit": 30}},
           "server_template": {{"program_index": 1, "assoc": [{{"port": 80}}]}}}},
          {{"client_template": {{"program_index": 0, "ip_gen": {{"dist_client": {{"index": 2}}, "dist_server": {{"index": 3}}}}, "cluster": {{}}, "port": 81, "cps": 500, "limit": 10}},
           "server_template": {{"program_index": 1, "assoc": [{{"port": 81}}]}}}}]}}"#,
        b64(b"GET"),
        b64(b"hello"),
        second_clients.0,
        second_clients.1,
    )
}

#[test]
fn two_templates_on_two_pools_open_from_their_own_addresses_to_their_own_servers() {
    let p = riptide_tcp::profile::parse(&two_pools_json(("198.18.1.1", "198.18.1.2")), "two.json").unwrap();
    assert_eq!(p.clients.len(), 2);
    let (mut client, mut server) = profile_pair(&p, p.tcp);
    // Every SYN the client sends: (source, destination, destination port).
    let mut syns: Vec<(Ipv4Addr, Ipv4Addr, u16)> = Vec::new();
    let mut tap = |from_client: bool, f: &[u8]| {
        let ip = &f[14..];
        let tcp = &ip[usize::from(ip[0] & 15) * 4..];
        if from_client && tcp[13] & 0x12 == 0x02 {
            let addr = |at: usize| Ipv4Addr::new(ip[at], ip[at + 1], ip[at + 2], ip[at + 3]);
            syns.push((addr(12), addr(16), u16::from_be_bytes([tcp[2], tcp[3]])));
        }
    };
    run_tapped(&mut client, &mut server, MS / 10, Impair::default(), 10_000 * MS, &mut tap);
    check_trex_invariants(&client, &server, 40);
    assert_eq!(client.stats().client_app.completed, 40);
    assert_eq!(server.stats().server_app.completed, 40);
    let within = |a: Ipv4Addr, first: [u8; 4], n: u32| u32::from(a).wrapping_sub(u32::from(Ipv4Addr::from(first))) < n;
    let to = |port: u16| syns.iter().filter(|s| s.2 == port).collect::<Vec<_>>();
    let (first, second) = (to(80), to(81));
    assert_eq!((first.len(), second.len()), (30, 10), "{syns:?}");
    for (src, dst, _) in &first {
        assert!(within(*src, [198, 18, 0, 1], 4) && *dst == Ipv4Addr::new(198, 19, 0, 1), "{src} -> {dst}:80");
    }
    for (src, dst, _) in &second {
        assert!(within(*src, [198, 18, 1, 1], 2) && within(*dst, [198, 19, 1, 1], 2), "{src} -> {dst}:81");
    }
    // The second template takes its servers in turn from its own range.
    for want in [Ipv4Addr::new(198, 19, 1, 1), Ipv4Addr::new(198, 19, 1, 2)] {
        assert_eq!(second.iter().filter(|s| s.1 == want).count(), 5, "{want}: {second:?}");
    }
}

#[test]
fn two_pools_whose_addresses_overlap_are_refused_naming_both() {
    let p = riptide_tcp::profile::parse(&two_pools_json(("198.18.0.3", "198.18.0.9")), "two.json").unwrap();
    let e = Endpoint::with_clients(EndpointConfig::default(), p.clients, ServerSpec::default()).err().unwrap();
    assert_eq!(
        e.to_string(),
        "client templates' address ranges 198.18.0.1/4 and 198.18.0.3/7 overlap: templates share one range or keep theirs apart"
    );
}

/// TRex's shared_port_dif_caps.py shape: two templates on port 443, each server program
/// answering its own range of server addresses (association rules with `ip_start` and
/// `ip_end`); `second_assoc` is the second's rule.
fn shared_port_json(second_assoc: &str) -> String {
    use base64::Engine as _;
    let b64 = |s: &[u8]| base64::engine::general_purpose::STANDARD.encode(s);
    format!(
        r#"{{"buf_list": ["{}", "{}", "{}"],
        "ip_gen_dist_list": [{{"ip_start": "198.18.0.1", "ip_end": "198.18.0.4", "distribution": "seq", "dir": "c", "ip_offset": "1.0.0.0"}},
                             {{"ip_start": "198.19.0.1", "ip_end": "198.19.0.1", "distribution": "seq", "dir": "s", "ip_offset": "1.0.0.0"}},
                             {{"ip_start": "198.18.1.1", "ip_end": "198.18.1.2", "distribution": "seq", "dir": "c", "ip_offset": "1.0.0.0"}},
                             {{"ip_start": "198.19.1.1", "ip_end": "198.19.1.2", "distribution": "seq", "dir": "s", "ip_offset": "1.0.0.0"}}],
        "program_list": [{{"commands": [{{"name": "tx", "buf_index": 0}}, {{"name": "rx", "min_bytes": 5}}]}},
                         {{"commands": [{{"name": "rx", "min_bytes": 3}}, {{"name": "tx", "buf_index": 1}}]}},
                         {{"commands": [{{"name": "tx", "buf_index": 0}}, {{"name": "rx", "min_bytes": 700}}]}},
                         {{"commands": [{{"name": "rx", "min_bytes": 3}}, {{"name": "tx", "buf_index": 2}}]}}],
        "templates": [
          {{"client_template": {{"program_index": 0, "ip_gen": {{"dist_client": {{"index": 0}}, "dist_server": {{"index": 1}}}}, "cluster": {{}}, "port": 443, "cps": 1000, "limit": 30}},
           "server_template": {{"program_index": 1, "assoc": [{{"port": 443, "ip_start": "198.19.0.1", "ip_end": "198.19.0.1"}}]}}}},
          {{"client_template": {{"program_index": 2, "ip_gen": {{"dist_client": {{"index": 2}}, "dist_server": {{"index": 3}}}}, "cluster": {{}}, "port": 443, "cps": 500, "limit": 10}},
           "server_template": {{"program_index": 3, "assoc": [{second_assoc}]}}, "tg_id": 1}}],
        "tg_names": ["second"]}}"#,
        b64(b"GET"),
        b64(b"hello"),
        b64(&[b'x'; 700]),
    )
}

#[test]
fn two_server_programs_share_a_port_each_at_its_own_addresses() {
    let json = shared_port_json(r#"{"port": 443, "ip_start": "198.19.1.1", "ip_end": "198.19.1.2"}"#);
    let p = riptide_tcp::profile::parse(&json, "shared.json").unwrap();
    let (mut client, mut server) = profile_pair(&p, p.tcp);
    run(&mut client, &mut server, MS / 10, Impair::default(), 10_000 * MS);
    check_trex_invariants(&client, &server, 40);
    assert_eq!(client.stats().client_app.completed, 40);
    // Each template's connections got its own server program's answer (the other's would
    // leave the client waiting for bytes that never come): 30 of 5 bytes, 10 of 700.
    let (cg, sg) = (&client.stats().groups, &server.stats().groups);
    for (g, n, answer) in [(0, 30, 5), (1, 10, 700)] {
        assert_eq!((cg[g].client.tcps_closed, sg[g].server.tcps_accepts), (n, n), "group {g}");
        assert_eq!(cg[g].client.tcps_rcvbyte, n * answer, "group {g}");
        assert_eq!(sg[g].server.tcps_sndbyte, n * answer, "group {g}");
    }
}

#[test]
fn a_connection_whose_payload_no_rule_names_is_reset_and_counted() {
    // The second template's server answers by L7 content: bytes 0-1 "GE" (taken from its
    // client's first message) and a rule by value "PO" (none of its clients sends it):
    // its 10 connections run (the payload names the program); with "PO" alone, no rule
    // answers them, each is reset when its request arrives and counted as TRex counts it.
    for (assoc, answered) in [
        (r#"{"port": 443, "l7_map": {"offset": [0, 1]}}"#, true),
        (r#"{"port": 443, "l7_map": {"offset": [0, 1], "value": [80, 79]}}"#, false),
    ] {
        let p = riptide_tcp::profile::parse(&shared_port_json(assoc), "shared.json").unwrap();
        let (mut client, mut server) = profile_pair(&p, p.tcp);
        run(&mut client, &mut server, MS / 10, Impair::default(), 10_000 * MS);
        let (c, s) = (client.stats(), server.stats());
        let (done, refused) = if answered { (40, 0) } else { (30, 10) };
        assert_eq!(c.client_app.completed, done, "{assoc}");
        assert_eq!((s.server.err_defer_no_template, c.client.tcps_rcvrst), (refused, refused), "{assoc}");
        assert_eq!(s.server.tcps_accepts, 40, "{assoc}");
        // The answered ones carried the second template's 700-byte answer.
        assert_eq!(c.groups[1].client.tcps_rcvbyte, if answered { 7000 } else { 0 }, "{assoc}");
    }
}

#[test]
fn two_server_programs_on_one_port_are_refused_where_their_addresses_meet() {
    for (assoc, why) in [
        (
            r#"{"port": 443, "ip_start": "198.19.0.1", "ip_end": "198.19.1.2"}"#,
            "templates[1].server_template.assoc: port 443 at 198.19.0.1/258 is answered by another server program there too",
        ),
        (
            r#"{"port": 443}"#,
            "templates[1].server_template.assoc: port 443 is answered at every address and, by another server program, at some",
        ),
        (r#"{"port": 443, "ip_start": "198.19.1.1"}"#, "ip_start and ip_end come together"),
        (r#"{"port": 443, "ip_start": "198.19.1.9", "ip_end": "198.19.1.2"}"#, "ip_end 198.19.1.2 is below ip_start 198.19.1.9"),
        (r#"{"port": 443, "l7_map": {"offset": [1, 0]}}"#, "assoc[0].l7_map.offset: offsets in ascending order"),
        (r#"{"port": 443, "l7_map": [0, 1]}"#, "assoc[0].l7_map: expected an object"),
        (r#"{"port": 443, "assoc_id": 7}"#, "assoc[0].assoc_id: association by id is for program add-ons"),
    ] {
        let e = riptide_tcp::profile::parse(&shared_port_json(assoc), "shared.json").unwrap_err().to_string();
        assert!(e.starts_with("shared.json: ") && e.contains(why), "{assoc}: {e}");
    }
}

/// A UDP client and server (TRex's udp1.py shape): `n` flows of a request and a response.
fn udp_pair(server_answers: bool, keepalive_ms: Option<u64>) -> (Endpoint, Endpoint) {
    let msg = |n: u32| Step::SendMsg(Payload::Fill(n));
    let mut client_steps = vec![msg(200), Step::RecvMsgs(1)];
    if let Some(ms) = keepalive_ms {
        client_steps.insert(0, Step::Keepalive { ns: ms * MS, rx_only: false });
    }
    let server_steps =
        if server_answers { vec![Step::RecvMsgs(1), msg(100), msg(50)] } else { vec![Step::RecvMsgs(5)] };
    endpoints(Load::Open { cps: 1000.0 }, 50, client_steps, server_steps, TcpConfig::default(), CloseMode::Fin)
}

#[test]
fn udp_flows_run_their_programs_with_trex_counters() {
    let (mut client, mut server) = udp_pair(true, None);
    run(&mut client, &mut server, MS / 10, Impair::default(), 10_000 * MS);
    let (c, s) = (&client.stats().client_udp, &server.stats().server_udp);
    assert_eq!((c.udps_connects, c.udps_closed, c.udps_keepdrops), (50, 50, 0));
    assert_eq!((s.udps_accepts, s.udps_closed, s.udps_keepdrops), (50, 50, 0));
    assert_eq!((c.udps_sndpkt, c.udps_sndbyte), (50, 50 * 200));
    assert_eq!((s.udps_rcvpkt, s.udps_rcvbyte), (50, 50 * 200));
    assert_eq!((s.udps_sndpkt, s.udps_sndbyte), (100, 50 * 150));
    // The client's program ends at the first answer: the second one finds no flow.
    assert_eq!((c.udps_rcvpkt, c.udps_noport), (50, 50));
    assert_eq!(client.stats().client_app.completed, 50);
    assert_eq!(server.stats().server_app.completed, 50);
    assert_eq!(client.stats().client.tcps_connattempt, 0);
    assert_eq!(client.stats().latency.transaction.len(), 50);
    assert!(client.is_done() && server.is_done());
}

#[test]
fn an_unanswered_udp_flow_ends_at_its_keepalive() {
    let (mut client, mut server) = udp_pair(false, Some(300));
    let end = run(&mut client, &mut server, MS / 10, Impair::default(), 10_000 * MS);
    let (c, s) = (&client.stats().client_udp, &server.stats().server_udp);
    assert_eq!((c.udps_connects, c.udps_keepdrops, c.udps_closed), (50, 50, 50));
    // The server's flows wait for datagrams that never come: its default keepalive, 1 s.
    assert_eq!((s.udps_accepts, s.udps_keepdrops), (50, 50));
    assert_eq!(client.stats().client_app.completed, 0);
    // The last flow opened at 49 ms: its server flow is dropped 1 s after its datagram.
    assert!((1_049 * MS..1_100 * MS).contains(&end), "{}", end / MS);
}

/// 200 bulk connections (100 kB each way) through 1% loss and 0.5% reordering, the same
/// seed: (retransmission timeouts, retransmitted segments, SACK recoveries).
fn lossy_bulk(sack: bool) -> (u64, u64, u64) {
    let client =
        vec![Step::Send(Payload::Fill(100_000)), Step::Recv(Recv::Expect(Payload::Fill(100_000))), Step::Close];
    let server =
        vec![Step::Recv(Recv::Expect(Payload::Fill(100_000))), Step::Send(Payload::Fill(100_000)), Step::WaitPeerClose];
    let impair = Impair { loss: 0.01, reorder: 0.005, duplicate: 0.0 };
    let tcp = TcpConfig { sack, ..TcpConfig::default() };
    let (mut client, mut server) = endpoints(Load::Open { cps: 500.0 }, 200, client, server, tcp, CloseMode::Fin);
    run(&mut client, &mut server, MS, impair, 600_000 * MS);
    check_trex_invariants(&client, &server, 200);
    let (c, s) = (&client.stats().client, &server.stats().server);
    assert_eq!(client.stats().client_app.completed, 200);
    assert_eq!(client.stats().client_app.content_errors + server.stats().server_app.content_errors, 0);
    (
        c.tcps_rexmttimeo + s.tcps_rexmttimeo,
        c.tcps_sndrexmitpack + s.tcps_sndrexmitpack,
        c.tcps_sack_recovery_episode + s.tcps_sack_recovery_episode,
    )
}

#[test]
fn sack_recovery_needs_fewer_timeouts_than_newreno() {
    let (newreno, sack) = (lossy_bulk(false), lossy_bulk(true));
    eprintln!("NewReno: {newreno:?} (RTOs, retransmitted segments, SACK recoveries); SACK: {sack:?}");
    assert_eq!(newreno.2, 0, "no SACK recovery without SACK");
    assert!(sack.2 > 0, "the scoreboard ran");
    assert!(sack.0 < newreno.0, "SACK: {} RTOs, NewReno: {}", sack.0, newreno.0);
}

/// The per-connection state a held connection costs (docs/tcp.md's memory figures): two
/// slots per connection, one each side, when both ends run in one process.
#[test]
fn a_connection_slot_stays_within_192_bytes() {
    assert!(Endpoint::slot_bytes() <= 192, "{} bytes", Endpoint::slot_bytes());
}

fn hostile_client(ips: (Ipv4Addr, u32), servers: riptide_tcp::Servers, cps: f64) -> ClientSpec {
    ClientSpec {
        ips,
        ports: (1025, 65535),
        port_stride: 1,
        port_offset: 0,
        servers,
        program: Arc::new(Program::compile(&[Step::Send(Payload::Fill(3)), Step::Recv(Recv::Bytes(3))]).unwrap()),
        load: Load::Open { cps },
        limit: None,
        tune: None,
        ramp_up_ns: 0,
        phase_ns: 0,
    }
}

/// Issue 50's F1 and F2: a /8 of client addresses (2^24 x 64,511 pairs) and thousands of
/// templates over a /8 of servers cost what they hold, not what their ranges span: the
/// pool table was one u32 per pair (a /16 aborted the process asking 16.9 GB) and each
/// template rebuilt it; the servers were a list of up to 65,536 per template.
#[test]
fn a_slash_8_pool_and_twenty_thousand_templates_build_at_once() {
    let servers = riptide_tcp::Servers::Range { first: Ipv4Addr::new(48, 0, 0, 0), count: 1 << 24, port: 80 };
    let t0 = std::time::Instant::now();
    let one = hostile_client((Ipv4Addr::new(16, 0, 0, 0), 1 << 24), servers.clone(), 100.0);
    let mut ep =
        Endpoint::with_clients(EndpointConfig::default(), vec![one.clone(); 20_000], ServerSpec::default()).unwrap();
    let built = t0.elapsed();
    assert!(built < std::time::Duration::from_secs(2), "20,000 templates took {built:?}");
    // It runs: connections open on pairs of the pool, each to a server of the range.
    let mut buf = vec![0u8; 2048];
    ep.handle_timeout(0);
    ep.handle_timeout(MS);
    let mut syns = 0;
    while let Some(len) = ep.poll_transmit(MS, &mut buf) {
        let f = &buf[..len];
        assert_eq!(f[26], 16, "source address in 16.0.0.0/8");
        assert_eq!(f[30], 48, "destination address in 48.0.0.0/8");
        syns += 1;
    }
    assert!(syns > 0);
    // The whole IPv4 space is not a range a pool can hold (its count is 2^32): refused.
    let whole = hostile_client((Ipv4Addr::new(0, 0, 0, 0), 0), servers, 1.0);
    assert!(matches!(
        Endpoint::new(EndpointConfig::default(), Some(whole), ServerSpec::default()),
        Err(riptide_tcp::EndpointError::NoAddresses { .. })
    ));
}

/// Issue 50's F3: a rate of 10^12 connections per second holds at most `max_conns`
/// connections (the rest counted as `err_flow_overflow`), and a SYN flood at a server
/// holds at most as many.
#[test]
fn connections_held_are_capped_and_the_overflow_counted() {
    let servers = riptide_tcp::Servers::from(vec![(SERVER, 80)]);
    let cfg = EndpointConfig { max_conns: 1000, ..EndpointConfig::default() };
    let client = hostile_client((Ipv4Addr::new(198, 18, 0, 0), 256), servers, 1e12);
    let mut ep = Endpoint::new(cfg.clone(), Some(client), ServerSpec::default()).unwrap();
    let mut buf = vec![0u8; 2048];
    let mut syns = Vec::new();
    for k in 0..200 {
        ep.handle_timeout(k * MS);
        while let Some(len) = ep.poll_transmit(k * MS, &mut buf) {
            if syns.len() < 5000 {
                syns.push(buf[..len].to_vec());
            }
        }
        assert!(ep.active() <= 1000, "{} held", ep.active());
    }
    assert_eq!(ep.active(), 1000);
    let c = &ep.stats().client;
    assert_eq!(c.tcps_connattempt, 1000);
    assert!(c.err_flow_overflow > 10_000, "{}", c.err_flow_overflow);
    // The SYNs at a server capped at 100: 100 accepted, the rest dropped and counted.
    let listen = vec![(80, Arc::new(Program::compile(&[Step::Recv(Recv::Bytes(3))]).unwrap()))];
    let server = ServerSpec { listen, ips: Vec::new(), tunes: Vec::new(), listen_at: Vec::new() };
    let mut srv = Endpoint::new(EndpointConfig { max_conns: 100, ..cfg }, None, server).unwrap();
    for syn in &syns[..1000] {
        srv.handle_frame(MS, syn);
    }
    assert_eq!(srv.active(), 100);
    assert_eq!(srv.stats().server.tcps_accepts, 100);
    assert_eq!(srv.stats().server.err_flow_overflow, 900);
}

/// A TLS profile's client and server endpoints (client 198.18.0.1/4, server 198.19.0.1:443).
fn tls_pair(client_tls: &str, server_tls: &str, limit: u64, body: u32) -> (Endpoint, Endpoint) {
    let text = format!(
        "client:\n  ips: 198.18.0.1/4\n  servers: [198.19.0.1:443]\n  http: {{body: {body}}}\n  cps: 1000\n  \
         limit: {limit}\n  tls: {client_tls}\nserver:\n  listen:\n    - {{port: 443, http: {{body: {body}}}, tls: {server_tls}}}\n"
    );
    let p = riptide_tcp::profile::parse(&text, "tls.yaml").unwrap();
    profile_pair(&p, TcpConfig::default())
}

#[test]
fn https_gets_complete_over_tls_12_and_13_with_every_byte_encrypted() {
    for (version, cert) in [("1.2", "ecdsa-p256"), ("1.3", "ecdsa-p256"), ("1.2", "rsa2048"), ("1.3", "rsa2048")] {
        let (mut client, mut server) =
            tls_pair(&format!("{{version: {version}}}"), &format!("{{cert: {cert}}}"), 50, 20_000);
        run(&mut client, &mut server, MS, Impair::default(), 60_000 * MS);
        check_trex_invariants(&client, &server, 50);
        let (cs, ss) = (client.stats(), server.stats());
        assert_eq!(cs.client_app.completed, 50, "TLS {version}");
        assert_eq!(ss.server_app.completed, 50, "TLS {version}");
        assert_eq!(cs.client_app.tls_handshakes, 50);
        assert_eq!(ss.server_app.tls_handshakes, 50);
        assert_eq!(cs.client_app.content_errors + cs.client_app.unexpected_bytes, 0);
        assert_eq!(cs.client_app.tls_failures + ss.server_app.tls_failures, 0);
        // The stream carries records: more than the 20,000-byte bodies and their headers.
        assert!(cs.client.tcps_rcvbyte > 50 * 20_000, "{}", cs.client.tcps_rcvbyte);
        assert_eq!(cs.latency.tls_setup.len(), 50);
        // Resumption on (the default): every connection after the first resumes.
        assert!(cs.client_app.tls_resumed >= 40, "TLS {version}: {} resumed", cs.client_app.tls_resumed);
    }
}

#[test]
fn tls_without_resumption_makes_every_handshake_full_and_survives_loss() {
    let (mut client, mut server) = tls_pair("{resume: false}", "{resume: false}", 40, 50_000);
    let impair = Impair { loss: 0.01, reorder: 0.005, duplicate: 0.001 };
    run(&mut client, &mut server, MS, impair, 600_000 * MS);
    check_trex_invariants(&client, &server, 40);
    let (cs, ss) = (client.stats(), server.stats());
    assert_eq!(cs.client_app.completed, 40);
    assert_eq!((cs.client_app.tls_handshakes, cs.client_app.tls_resumed), (40, 0));
    assert_eq!(ss.server_app.tls_resumed, 0);
    assert!(cs.client.tcps_sndrexmitpack + ss.server.tcps_sndrexmitpack > 0, "no loss happened");
    assert_eq!(cs.client_app.content_errors, 0);
}

#[test]
fn a_plaintext_client_against_a_tls_server_fails_the_handshake_counted() {
    let (mut client, mut server) = tls_pair("false", "{}", 5, 100);
    let end = run(&mut client, &mut server, MS, Impair::default(), 120_000 * MS);
    let (cs, ss) = (client.stats(), server.stats());
    assert_eq!(ss.server_app.tls_failures, 5);
    assert_eq!(cs.client_app.completed, 0);
    assert_eq!(cs.client.tcps_closed, 5);
    assert!(end < 20_000 * MS, "ended at {} ms", end / MS);
}

#[test]
fn tls_profile_errors_name_the_field() {
    let e = |c: &str, s: &str| {
        let text = format!(
            "client:\n  ips: 198.18.0.1\n  servers: [198.19.0.1:443]\n  cps: 1\n  tls: {c}\nserver:\n  listen:\n    - {{port: 443, tls: {s}}}\n"
        );
        riptide_tcp::profile::parse(&text, "t.yaml").unwrap_err().to_string()
    };
    let m = e("{version: 1.1}", "{}");
    assert!(m.contains("t.yaml: client.tls.version: `1.1`: expected 1.2, 1.3 or any"), "{m}");
    let m = e("{ciphers: [TLS_NULL]}", "{}");
    assert!(m.contains("client.tls.ciphers: `TLS_NULL` is not a suite") && m.contains("TLS_AES_128_GCM_SHA256"), "{m}");
    let m = e("{}", "{cert: rsa1024}");
    assert!(
        m.contains("server.listen[0].tls.cert: `rsa1024`: expected ecdsa-p256, ecdsa-p384, ed25519, rsa2048"),
        "{m}"
    );
    // Files only where the profile came from a local user (the command line's options);
    // a profile parsed as a peer's names none.
    let m = e("{}", "{cert: {cert: /etc/hostname, key: /etc/hostname}}");
    assert!(m.contains("server.listen[0].tls.cert: certificate files are read only from a profile given on"), "{m}");
    let text = "server:\n  listen:\n    - {port: 443, tls: {cert: {cert: /nonexistent/c.pem, key: k.pem}}}\n";
    let local = riptide_tcp::profile::ParseOptions { files: true, ..Default::default() };
    let m = riptide_tcp::profile::parse_with(text, "t.yaml", &local).unwrap_err().to_string();
    assert!(m.contains("server.listen[0].tls.cert: /nonexistent/c.pem"), "{m}");
    let m = e("{cert: ecdsa-p256}", "{}");
    assert!(m.contains("client.tls.cert: a client presents no certificate"), "{m}");
    let m = e("{groups: [ffdhe2048]}", "{}");
    assert!(m.contains("client.tls.groups: `ffdhe2048`") && m.contains("x25519"), "{m}");
    let m = e("{bogus: 1}", "{}");
    assert!(m.contains("t.yaml"), "{m}");
    // OpenSSL's names and IANA's both name suites.
    for c in ["[ECDHE-ECDSA-AES128-GCM-SHA256]", "[TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, TLS_AES_256_GCM_SHA384]"] {
        let text = format!("client: {{ips: 198.18.0.1, servers: ['198.19.0.1:443'], cps: 1, tls: {{ciphers: {c}}}}}");
        riptide_tcp::profile::parse(&text, "t.yaml").unwrap();
    }
}

/// A peer's SYNs to a TLS port: at most MAX_TLS_SERVER_CONNS connections over TLS are
/// held (each with rustls's buffers), the rest dropped and counted.
#[test]
fn tls_server_connections_are_capped_and_the_overflow_counted() {
    let cap = riptide_tcp::endpoint::MAX_TLS_SERVER_CONNS;
    let n = cap + 2000;
    let servers = riptide_tcp::Servers::from(vec![(SERVER, 443)]);
    let cfg = EndpointConfig { max_conns: n, ..EndpointConfig::default() };
    let client = hostile_client((Ipv4Addr::new(198, 18, 0, 0), 256), servers, 1e12);
    let mut ep = Endpoint::new(cfg.clone(), Some(client), ServerSpec::default()).unwrap();
    let mut buf = vec![0u8; 2048];
    let mut syns = Vec::new();
    for k in 0..1000 {
        ep.handle_timeout(k * MS);
        while let Some(len) = ep.poll_transmit(k * MS, &mut buf) {
            if (syns.len() as u64) < n {
                syns.push(buf[..len].to_vec());
            }
        }
        if syns.len() as u64 == n {
            break;
        }
    }
    assert_eq!(syns.len() as u64, n);
    let tls = riptide_tcp::tls::server(&Default::default(), None, std::path::Path::new(".")).unwrap();
    let program = Program::compile(&[Step::Recv(Recv::Bytes(3))]).unwrap().with_tls(tls);
    let server = ServerSpec {
        listen: vec![(443, Arc::new(program))],
        ips: Vec::new(),
        tunes: Vec::new(),
        listen_at: Vec::new(),
    };
    let mut srv = Endpoint::new(cfg, None, server).unwrap();
    for syn in &syns {
        srv.handle_frame(MS, syn);
    }
    assert_eq!(srv.active(), cap);
    assert_eq!(srv.stats().server.tcps_accepts, cap);
    assert_eq!(srv.stats().server.err_flow_overflow, 2000);
}

/// Handshakes only (connect, handshake, close_notify), 1,000 held at once: the first two
/// rounds of 1,000 are full (the second starts before the first's tickets arrive), every
/// later one resumed: the client keeps the tickets of a server by the thousand, not
/// rustls's 8.
#[test]
fn a_thousand_connections_at_once_resume_after_two_rounds() {
    let text = "client:\n  ips: 198.18.0.1/4\n  servers: [198.19.0.1:443]\n  program: [close]\n  concurrent: 1000\n  \
                limit: 5000\n  tls: {version: 1.3}\nserver:\n  listen:\n    - {port: 443, program: [wait_for_peer_close], tls: {version: 1.3}}\n";
    let p = riptide_tcp::profile::parse(text, "tls.yaml").unwrap();
    let (mut client, mut server) = profile_pair(&p, TcpConfig::default());
    run(&mut client, &mut server, MS, Impair::default(), 60_000 * MS);
    let (c, s) = (&client.stats().client_app, &server.stats().server_app);
    assert_eq!((c.completed, c.tls_handshakes, s.tls_handshakes), (5000, 5000, 5000));
    assert_eq!(c.tls_resumed, 3000);
    assert_eq!(s.tls_resumed, 3000);
}

/// IPv6 (TRex's addresses: an owned IPv4 address under the endpoint's prefix): a
/// Neighbor Solicitation for one of them is answered with an Advertisement of the
/// endpoint's MAC, to the asker; one for another address (another prefix, or an address
/// not owned) is not.
#[test]
fn neighbor_solicitations_are_answered_for_owned_ipv6_addresses_only() {
    use riptide_tcp::frame::V6Prefixes;
    use std::net::Ipv6Addr;
    let local = [0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0];
    let remote = [0x20, 0x01, 0x0d, 0xb8, 0, 1, 0, 0, 0, 0, 0, 0];
    let ip = riptide_tcp::endpoint::IpHeader { v6: Some(V6Prefixes { local, remote }), ..Default::default() };
    let macs =
        riptide_tcp::frame::Macs { local: EthernetAddress(LOCAL_MAC), peer: EthernetAddress([2, 0, 0, 0, 0, 2]) };
    let cfg = EndpointConfig { ip, macs, ..EndpointConfig::default() };
    let (c, _) = program::http_get("198.19.0.1", "/", 10);
    let client = ClientSpec {
        ips: (Ipv4Addr::new(198, 18, 0, 1), 4),
        ports: (1024, 65535),
        port_stride: 1,
        port_offset: 0,
        servers: vec![(SERVER, 80)].into(),
        program: Arc::new(Program::compile(&c).unwrap()),
        load: Load::Open { cps: 1.0 },
        limit: Some(0),
        tune: None,
        ramp_up_ns: 0,
        phase_ns: 0,
    };
    let mut ep = Endpoint::new(cfg, Some(client), ServerSpec::default()).unwrap();
    let v6 = |prefix: [u8; 12], last: u8| {
        let mut a = [0u8; 16];
        a[..12].copy_from_slice(&prefix);
        a[12..].copy_from_slice(&[198, 18, 0, last]);
        Ipv6Addr::from(a)
    };
    let asker = [2, 0, 0, 0, 0, 9];
    let router = v6(remote, 254);
    for target in [v6(local, 9), v6(remote, 3)] {
        ep.handle_frame(0, &riptide_wire::neighbor::nd_solicit(asker, router, target));
    }
    let mut buf = [0u8; 256];
    assert!(ep.poll_transmit(0, &mut buf).is_none(), "answered an address it does not own");
    ep.handle_frame(0, &riptide_wire::neighbor::nd_solicit(asker, router, v6(local, 3)));
    let len = ep.poll_transmit(0, &mut buf).unwrap();
    assert_eq!(riptide_wire::neighbor::nd_advert_from(&buf[..len], v6(local, 3)), Some(LOCAL_MAC));
    assert_eq!(&buf[..6], &asker, "sent back to the asker");
    assert_eq!(ep.stats().nd_adverts, 1);
    assert_eq!(ep.stats().rx_not_tcp, 2);
}

/// `tcp: {cc: cubic}` changes the run: 200 connections of 1 MB each way through 1% loss
/// (the same seed) finish with every byte either way, Cubic (β 0.7: a loss takes 30% of
/// the window, not half) in less time than NewReno.
#[test]
fn cubic_in_a_profile_changes_a_lossy_run() {
    let end = |cc: &str| {
        let text = format!(
            "tcp: {{cc: {cc}}}\nclient:\n  ips: 198.18.0.1/4\n  servers: [198.19.0.1:80]\n  program: [send: {{size: 1000000}}, \
             recv: {{expect_size: 1000000}}, close]\n  cps: 500\n  limit: 200\nserver:\n  listen:\n    - {{port: 80, program: \
             [recv: {{expect_size: 1000000}}, send: {{size: 1000000}}, wait_for_peer_close]}}\n"
        );
        let p = riptide_tcp::profile::parse(&text, "cc.yaml").unwrap();
        assert_eq!(
            p.tcp.cc,
            if cc == "cubic" { riptide_tcp::cc::CcAlgo::Cubic } else { riptide_tcp::cc::CcAlgo::NewReno }
        );
        let (mut client, mut server) = profile_pair(&p, p.tcp);
        let impair = Impair { loss: 0.01, reorder: 0.0, duplicate: 0.0 };
        let end = run(&mut client, &mut server, 5 * MS, impair, 3_600_000 * MS);
        check_trex_invariants(&client, &server, 200);
        assert_eq!(client.stats().client_app.completed, 200);
        assert_eq!(client.stats().client_app.content_errors + server.stats().server_app.content_errors, 0);
        end
    };
    let (reno, cubic) = (end("newreno"), end("cubic"));
    eprintln!("1% loss, 200 x 1 MB each way: NewReno {} ms, Cubic {} ms", reno / MS, cubic / MS);
    assert!(cubic < reno, "Cubic {} ms, NewReno {} ms", cubic / MS, reno / MS);
}

/// A profile's servers share the certificates they ask for (one per key kind and name),
/// and a profile that asks for more than riptide_tcp::tls::MAX_GENERATED_CERTS is
/// refused before it costs seconds of key generation: a peer's profile parses in a
/// bounded time.
#[test]
fn certificates_are_made_once_per_kind_and_name_and_bounded_per_profile() {
    use riptide_tcp::tls::MAX_GENERATED_CERTS;
    let listen = |n: usize, names: bool| {
        let mut t = String::from("server:\n  listen:\n");
        for k in 0..n {
            let sni = if names { format!(", sni: s{k}.test") } else { String::new() };
            t += &format!("    - {{port: {}, tls: {{cert: ed25519{sni}}}}}\n", 1000 + k);
        }
        t
    };
    let opts = riptide_tcp::profile::ParseOptions::default();
    // Twenty servers, one kind and name: one key made.
    let p = riptide_tcp::profile::parse_with(&listen(20, false), "t.yaml", &opts).unwrap();
    assert_eq!(p.server.listen.len(), 20);
    assert_eq!(format!("{:?}", opts.certs), "CertCache(1 made)");
    // As many names as allowed, then one more.
    riptide_tcp::profile::parse(&listen(MAX_GENERATED_CERTS, true), "t.yaml").unwrap();
    let m = riptide_tcp::profile::parse(&listen(MAX_GENERATED_CERTS + 1, true), "t.yaml").unwrap_err().to_string();
    assert!(m.contains(&format!("tls.cert: a profile makes at most {MAX_GENERATED_CERTS} certificates")), "{m}");
}
