//! The connection state machine on a virtual network: named scenarios, then a property
//! test against the model "both sides end CLOSED or in TIME-WAIT with the data equal".
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod net;

use net::{CloseWhen, Impair, Net, MS};
use proptest::prelude::*;
use riptide_tcp::{Events, Seq, State, TcpConfig};
use riptide_wire::tcp::TcpFlags;

fn cfg() -> TcpConfig {
    TcpConfig { time_wait_ns: 2_000 * MS, ..TcpConfig::default() }
}

const SECOND: u64 = 1_000 * MS;

#[test]
fn http_like_exchange_in_seven_segments() {
    // Client sends 80 bytes and closes after the response; server answers 300 bytes and
    // closes after the client's FIN: SYN, SYN-ACK, ACK+data, data+ACK, FIN, ACK+FIN... .
    let mut net = Net::new(cfg(), cfg(), (80, 0), (CloseWhen::AfterSending, CloseWhen::AfterPeerFin));
    net.sides[1].to_send = 300;
    net.run(10 * SECOND);
    assert_eq!(net.sides[1].received, Net::expected(0, 80));
    assert_eq!(net.sides[0].received, Net::expected(1, 300));
    assert_eq!(net.sides[0].conn.state(), State::Closed, "TIME-WAIT ran out");
    assert!(net.sides[0].saw_any(Events::TIME_WAIT));
    assert_eq!(net.sides[1].conn.state(), State::Closed);
    let flags: Vec<String> = net.sides[0].sent.iter().map(|w| w.flags.to_string()).collect();
    assert_eq!(flags[0], "S");
    assert!(net.sides[0].sent[0].options.mss.is_some());
    assert_eq!(net.sides[1].sent[0].flags, TcpFlags::SYN | TcpFlags::ACK);
    // The first data segment carries the handshake's ACK: no separate pure ACK.
    assert_eq!(net.sides[0].sent[1].payload.len(), 80);
    let total = net.sides[0].sent.len() + net.sides[1].sent.len();
    assert!(total <= 9, "{total} segments: {flags:?}");
    assert_eq!(net.sides[0].stats.tcps_sndbyte, 80);
    assert_eq!(net.sides[1].stats.tcps_rcvbyte, 80);
    assert_eq!(net.sides[0].stats.tcps_sndrexmitpack, 0);
}

#[test]
fn server_closes_first() {
    let mut net = Net::new(cfg(), cfg(), (10, 5000), (CloseWhen::AfterPeerFin, CloseWhen::AfterSending));
    net.run(10 * SECOND);
    assert_eq!(net.sides[0].received, Net::expected(1, 5000));
    assert!(net.sides[1].saw_any(Events::TIME_WAIT));
    assert!(!net.sides[0].saw_any(Events::TIME_WAIT));
    assert_eq!(net.sides[0].conn.state(), State::Closed);
    assert_eq!(net.sides[1].conn.state(), State::Closed);
}

#[test]
fn simultaneous_close_goes_through_closing() {
    let mut net = Net::new(cfg(), cfg(), (100, 100), (CloseWhen::Never, CloseWhen::Never));
    net.run(SECOND);
    net.sides[0].conn.close();
    net.sides[1].conn.close();
    net.run(10 * SECOND);
    let flags: Vec<String> = net.sides.iter().map(|s| s.sent[s.sent.len() - 2].flags.to_string()).collect();
    assert_eq!(flags, ["FA", "FA"], "both FINs left before either arrived");
    assert!(net.sides[0].saw_any(Events::TIME_WAIT));
    assert!(net.sides[1].saw_any(Events::TIME_WAIT));
    assert_eq!(net.sides[0].received, Net::expected(1, 100));
    assert_eq!(net.sides[1].received, Net::expected(0, 100));
}

#[test]
fn a_lost_syn_is_sent_again_after_the_initial_rto() {
    let mut net = Net::new(cfg(), cfg(), (10, 0), (CloseWhen::AfterSending, CloseWhen::AfterPeerFin));
    net.drop_if = Some(Box::new(|from, index, _| from == 0 && index == 0));
    net.run(10 * SECOND);
    assert_eq!(net.sides[1].received, Net::expected(0, 10));
    assert_eq!(net.sides[0].stats.tcps_rexmttimeo, 1);
    // The second SYN left one initial RTO (1 s) after the first.
    assert_eq!(syn_times(&net.sides[0]), [1, 1 + cfg().rto.initial_ns]);
    assert_eq!(cfg().rto.initial_ns, SECOND);
}

/// When each SYN (or SYN-ACK) of `side` left, on the virtual clock (ns; it starts at 1).
fn syn_times(side: &net::Side) -> Vec<u64> {
    side.sent.iter().filter(|w| w.flags.contains(TcpFlags::SYN)).map(|w| w.at).collect()
}

#[test]
fn syn_retries_run_out_and_the_attempt_is_dropped() {
    let mut c = cfg();
    c.syn_retries = 2;
    let mut net = Net::new(c, cfg(), (10, 0), (CloseWhen::AfterSending, CloseWhen::AfterPeerFin));
    net.drop_if = Some(Box::new(|from, _, _| from == 0));
    // Backoff: the first SYN at 0 s, again 1 s later, then 2 s later; the third timer,
    // 4 s later (7 s in all), drops the attempt.
    net.run(7 * SECOND);
    assert_eq!(syn_times(&net.sides[0]), [1, 1 + SECOND, 1 + 3 * SECOND]);
    assert_eq!(net.sides[0].conn.state(), State::SynSent, "not dropped before the third timer");
    net.run(7 * SECOND + 1);
    assert_eq!(net.sides[0].conn.state(), State::Closed);
    assert!(net.sides[0].saw_any(Events::TIMED_OUT));
    assert_eq!(net.sides[0].sent.len(), 3);
    assert_eq!(net.sides[0].stats.tcps_conndrops, 1);
}

#[test]
fn three_duplicate_acks_trigger_fast_retransmit() {
    let mut net = Net::new(cfg(), cfg(), (20 * 1460, 0), (CloseWhen::AfterSending, CloseWhen::AfterPeerFin));
    // Drop the client's third full data segment, once.
    let mut full = 0;
    net.drop_if = Some(Box::new(move |from, _, w| {
        if from == 0 && w.payload.len() == 1460 {
            full += 1;
            return full == 3;
        }
        false
    }));
    net.run(10 * SECOND);
    let c = &net.sides[0].stats;
    assert_eq!(net.sides[1].received, Net::expected(0, 20 * 1460));
    assert_eq!(c.tcps_sndfastrexmit, 1, "{c:?}");
    assert_eq!(c.tcps_rexmttimeo, 0, "recovered without a timeout: {c:?}");
    assert!(c.tcps_rcvdupack >= 3);
    assert!(net.sides[1].stats.tcps_rcvoopack > 0);
    // The receiver said where the hole was.
    assert!(net.sides[1].sent.iter().any(|w| !w.options.sack.is_empty()));
}

#[test]
fn a_small_receive_window_paces_the_sender() {
    let mut server = cfg();
    server.rcv_wnd = 4000;
    server.window_scaling = false;
    let mut net = Net::new(cfg(), server, (100_000, 0), (CloseWhen::AfterSending, CloseWhen::AfterPeerFin));
    net.run(100 * SECOND);
    assert_eq!(net.sides[1].received, Net::expected(0, 100_000));
    // No segment ever went past the window: nothing was trimmed, nothing retransmitted.
    assert_eq!(net.sides[1].stats.tcps_rcvpackafterwin, 0);
    assert_eq!(net.sides[0].stats.tcps_sndrexmitpack, 0);
}

#[test]
fn window_scale_is_negotiated_and_used() {
    let mut net = Net::new(cfg(), cfg(), (1_000_000, 0), (CloseWhen::AfterSending, CloseWhen::AfterPeerFin));
    net.run(100 * SECOND);
    assert_eq!(net.sides[1].received, Net::expected(0, 1_000_000));
    // Negotiated: both SYNs offer the shift that fits 256 KiB in 16 bits.
    let shift = cfg().window_shift();
    assert_eq!((cfg().rcv_wnd, shift), (256 * 1024, 3));
    assert_eq!(net.sides[0].sent[0].options.window_scale, Some(shift));
    assert_eq!(net.sides[1].sent[0].options.window_scale, Some(shift));
    // After the handshake the receiver's 16-bit window field, scaled by the shift, is
    // its whole 256 KiB (it reads at once): 32,768 << 3, not a window cut to 65,535.
    let server = &net.sides[1].sent;
    assert!(server[1..].iter().all(|w| u32::from(w.window) << shift == cfg().rcv_wnd), "{:?}", server[1].window);
    // Used: the sender had more than 65,535 bytes unacknowledged, never more than the
    // scaled window. In flight when a data segment leaves: its end less the highest ACK
    // that had arrived (each segment arrives 1 ms after it left).
    let arrived_ack = |t: u64| server.iter().filter(|w| w.at + MS <= t).map(|w| w.ack).reduce(Seq::max);
    let flight = net.sides[0].sent.iter().filter(|w| !w.payload.is_empty()).filter_map(|w| {
        let acked = arrived_ack(w.at)?;
        Some((w.seq + w.payload.len() as u32) - acked)
    });
    let most = flight.max().unwrap();
    assert!(most > 65_535, "at most {most} bytes in flight: the window was not scaled");
    assert!(most as u32 <= cfg().rcv_wnd, "{most} bytes in flight: past the window");
}

#[test]
fn timestamps_are_echoed_when_both_offer_them() {
    let ts = TcpConfig { timestamps: true, ..cfg() };
    let mut net = Net::new(ts, ts, (5000, 100), (CloseWhen::AfterSending, CloseWhen::AfterPeerFin));
    net.run(10 * SECOND);
    assert_eq!(net.sides[1].received, Net::expected(0, 5000));
    for side in &net.sides {
        assert!(side.sent.iter().all(|w| w.options.timestamp.is_some()));
        // 1460 - 12: the option takes room from each segment.
        assert!(side.sent.iter().all(|w| w.payload.len() <= 1448));
    }
    let only_client = TcpConfig { timestamps: false, ..cfg() };
    let mut net = Net::new(ts, only_client, (10, 0), (CloseWhen::AfterSending, CloseWhen::AfterPeerFin));
    net.run(10 * SECOND);
    assert!(net.sides[0].sent[1..].iter().all(|w| w.options.timestamp.is_none()));
}

#[test]
fn a_reset_closes_the_peer_at_once() {
    let mut net = Net::new(cfg(), cfg(), (10, 0), (CloseWhen::Never, CloseWhen::Never));
    net.run(SECOND);
    assert_eq!(net.sides[0].conn.state(), State::Established);
    assert_eq!(net.sides[1].conn.state(), State::Established);
    net.sides[0].conn.abort();
    net.run(2 * SECOND);
    assert_eq!(net.sides[0].conn.state(), State::Closed);
    assert_eq!(net.sides[1].conn.state(), State::Closed);
    assert!(net.sides[1].saw_any(Events::RESET));
    assert_eq!(net.sides[1].stats.tcps_drops, 1);
    assert_eq!(net.sides[0].stats.tcps_sndrst, 1);
}

#[test]
fn an_unanswered_connection_is_dropped_after_its_retries() {
    let mut c = cfg();
    c.data_retries = 3;
    let mut net = Net::new(c, cfg(), (10, 0), (CloseWhen::Never, CloseWhen::Never));
    net.run(SECOND);
    net.sides[0].conn.send(1000);
    net.drop_if = Some(Box::new(|from, _, _| from == 1));
    net.run(1000 * SECOND);
    assert!(net.sides[0].saw_any(Events::TIMED_OUT));
    assert_eq!(net.sides[0].conn.state(), State::Closed);
    assert_eq!(net.sides[0].stats.tcps_rexmttimeo, 3);
    assert_eq!(net.sides[0].stats.tcps_timeoutdrop, 1);
}

#[test]
fn a_zero_window_is_probed_until_it_opens() {
    // A receiver whose window is smaller than one segment: the sender still gets every
    // byte through, one window at a time.
    let mut server = cfg();
    server.rcv_wnd = 100;
    server.window_scaling = false;
    let mut net = Net::new(cfg(), server, (1000, 0), (CloseWhen::AfterSending, CloseWhen::AfterPeerFin));
    net.run(100 * SECOND);
    assert_eq!(net.sides[1].received, Net::expected(0, 1000));
}

#[test]
fn congestion_control_off_sends_the_whole_window_at_once() {
    let off = TcpConfig { congestion_control: false, ..cfg() };
    let mut net = Net::new(off, cfg(), (100 * 1460, 0), (CloseWhen::AfterSending, CloseWhen::AfterPeerFin));
    net.run(SECOND / 100);
    // After one RTT (2 ms) far more than the initial window of 10 segments went out.
    let data = net.sides[0].sent.iter().filter(|w| !w.payload.is_empty()).count();
    assert!(data > 50, "{data}");
    let on = cfg();
    let mut net = Net::new(on, cfg(), (100 * 1460, 0), (CloseWhen::AfterSending, CloseWhen::AfterPeerFin));
    net.run(2 * MS + MS / 2);
    let data = net.sides[0].sent.iter().filter(|w| !w.payload.is_empty()).count();
    assert_eq!(data, 10, "initial window");
}

fn config_strategy() -> impl Strategy<Value = TcpConfig> {
    (
        prop_oneof![Just(536u16), Just(1460u16), 100u16..9000],
        prop_oneof![Just(2_000u32), Just(65_535u32), 1_000u32..1_000_000],
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(mss, rcv_wnd, window_scaling, sack, timestamps, congestion_control, cubic)| TcpConfig {
            cc: if cubic { riptide_tcp::cc::CcAlgo::Cubic } else { riptide_tcp::cc::CcAlgo::NewReno },
            mss,
            rcv_wnd,
            window_scaling,
            sack,
            timestamps,
            congestion_control,
            data_retries: 40,
            syn_retries: 40,
            time_wait_ns: 120 * SECOND,
            rto: riptide_tcp::rtt::RtoConfig { initial_ns: 50 * MS, min_ns: 10 * MS, max_ns: 2 * SECOND },
            ..TcpConfig::default()
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn both_sides_finish_with_the_data_equal(
        client in config_strategy(),
        server in config_strategy(),
        sizes in (0u32..150_000, 0u32..150_000),
        closes in prop_oneof![
            Just((CloseWhen::AfterSending, CloseWhen::AfterPeerFin)),
            Just((CloseWhen::AfterPeerFin, CloseWhen::AfterSending)),
            Just((CloseWhen::AfterSending, CloseWhen::AfterSending)),
        ],
        loss in 0.0f64..0.15,
        duplicate in 0.0f64..0.05,
        reorder in 0.0f64..0.2,
        delay_us in 10u64..20_000,
        seed in any::<u64>(),
    ) {
        let impair = Impair { loss, duplicate, reorder, delay_ns: delay_us * 1_000 };
        let mut net = Net::with_seed(client, server, sizes, closes, impair, seed);
        net.run(u64::MAX);
        for (i, side) in net.sides.iter().enumerate() {
            prop_assert!(matches!(side.conn.state(), State::Closed | State::TimeWait),
                "side {} ended in {:?}", i, side.conn.state());
            prop_assert!(!side.saw_any(Events::TIMED_OUT), "side {} timed out", i);
        }
        prop_assert!(net.sides[1].received == Net::expected(0, sizes.0), "server got {} of {} bytes, or other bytes", net.sides[1].received.len(), sizes.0);
        prop_assert!(net.sides[0].received == Net::expected(1, sizes.1), "client got {} of {} bytes, or other bytes", net.sides[0].received.len(), sizes.1);
    }
}

/// Replays a case the property test found.
#[allow(clippy::too_many_arguments)]
fn replay(
    mss: (u16, u16),
    rcv_wnd: (u32, u32),
    cc: bool,
    sizes: (u32, u32),
    closes: (CloseWhen, CloseWhen),
    impair: Impair,
    seed: u64,
) -> Net {
    let base = TcpConfig {
        window_scaling: false,
        sack: false,
        congestion_control: cc,
        data_retries: 40,
        syn_retries: 40,
        time_wait_ns: 120 * SECOND,
        rto: riptide_tcp::rtt::RtoConfig { initial_ns: 50 * MS, min_ns: 10 * MS, max_ns: 2 * SECOND },
        ..TcpConfig::default()
    };
    let client = TcpConfig { mss: mss.0, rcv_wnd: rcv_wnd.0, ..base };
    let server = TcpConfig { mss: mss.1, rcv_wnd: rcv_wnd.1, ..base };
    let mut net = Net::with_seed(client, server, sizes, closes, impair, seed);
    net.run(u64::MAX);
    for side in &net.sides {
        assert!(!side.saw_any(Events::TIMED_OUT));
    }
    assert_eq!(net.sides[1].received, Net::expected(0, sizes.0));
    assert_eq!(net.sides[0].received, Net::expected(1, sizes.1));
    net
}

#[test]
fn regression_small_client_window_with_loss() {
    let impair = Impair {
        loss: 0.12872039548216976,
        duplicate: 0.034019613524802796,
        reorder: 0.14535110959848108,
        delay_ns: 10_000,
    };
    replay(
        (536, 536),
        (2000, 65535),
        true,
        (8577, 3073),
        (CloseWhen::AfterSending, CloseWhen::AfterPeerFin),
        impair,
        12075005845585515832,
    );
}

#[test]
fn regression_mss_above_the_peer_window() {
    let impair = Impair {
        loss: 0.12838564237260364,
        duplicate: 0.025356094706703348,
        reorder: 0.10982913846309114,
        delay_ns: 10_151_000,
    };
    replay(
        (2521, 2521),
        (65535, 2000),
        false,
        (85043, 123530),
        (CloseWhen::AfterPeerFin, CloseWhen::AfterSending),
        impair,
        5302600709312957605,
    );
}

/// One bulk transfer of 1,000-byte segments over a 100 ms round trip (no bottleneck), one
/// segment lost once the window is past 1,000 segments: the sender's window from the congestion avoidance
/// epoch on, sampled every 100 ms for K + 2 s, with the state it ended at.
fn window_after_one_loss(cc: riptide_tcp::cc::CcAlgo) -> (Vec<(f64, f64)>, Option<riptide_tcp::cc::Cubic>) {
    let mss = 1000u16;
    let client = TcpConfig { mss, cc, ..cfg() };
    let server = TcpConfig { mss, rcv_wnd: 64 << 20, ..cfg() };
    let impair = net::Impair { delay_ns: 50 * MS, ..Default::default() };
    let closes = (CloseWhen::AfterSending, CloseWhen::AfterPeerFin);
    let mut net = Net::with_seed(client, server, (400_000_000, 0), closes, impair, 3);
    net.record = false;
    let mut dropped = false;
    net.drop_if = Some(Box::new(move |from, _, w| {
        let hit = from == 0 && !dropped && w.at >= 750 * MS && !w.payload.is_empty();
        dropped |= hit;
        hit
    }));
    let mut samples = Vec::new();
    let mut epoch = None;
    let mut t = 0;
    while t < 30 * SECOND {
        t += 10 * MS;
        net.run(t);
        let c = &net.sides[0].conn;
        if epoch.is_none() {
            if let Some(cubic) = c.cubic().filter(|s| s.epoch() > 0) {
                epoch = Some((cubic.epoch(), cubic.k()));
            }
            // NewReno's: the first sample after the recovery (the window deflated to near
            // ssthresh).
            let deflated = u64::from(c.cwnd()) * 10 <= u64::from(c.ssthresh()) * 11;
            if cc == riptide_tcp::cc::CcAlgo::NewReno && net.sides[0].stats.tcps_sndfastrexmit > 0 && deflated {
                epoch = Some((t, 0.0));
            }
            continue;
        }
        let (start, k) = epoch.unwrap();
        let at = (t - start) as f64 / 1e9;
        if t % (100 * MS) == 0 {
            samples.push((at, f64::from(c.cwnd()) / f64::from(mss)));
        }
        if cc == riptide_tcp::cc::CcAlgo::Cubic && at > k + 2.0 || samples.len() > 200 {
            break;
        }
    }
    assert_eq!(net.sides[0].stats.tcps_sndfastrexmit, 1, "{:?}", net.sides[0].stats);
    assert_eq!(net.sides[0].stats.tcps_rexmttimeo, 0);
    (samples, net.sides[0].conn.cubic().cloned())
}

/// RFC 9438: after a loss Cubic's window follows W_cubic(t) = C (t - K)^3 + W_max from
/// the epoch's start, within 5% at every 100 ms sample up to K + 2 s (C 0.4, β 0.7:
/// the window restarts at 0.7 W_max, is back at W_max at K = cbrt(0.3 W_max / C) and
/// grows past it); NewReno on the same path is still near 0.6 W_max at that time.
#[test]
fn cubic_follows_rfc_9438s_curve_after_a_loss_and_newreno_does_not() {
    use riptide_tcp::cc::{CcAlgo, CUBIC_BETA, CUBIC_C};
    let (samples, state) = window_after_one_loss(CcAlgo::Cubic);
    let state = state.expect("Cubic's state");
    let w_max = state.w_max();
    assert!(w_max > 1000.0, "W_max {w_max}");
    let k = state.k();
    assert!((k - (w_max * (1.0 - CUBIC_BETA) / CUBIC_C).cbrt()).abs() < 1e-6, "K {k}");
    assert!(samples.len() as f64 >= (k + 1.5) * 10.0, "{} samples, K {k}", samples.len());
    let mut worst = 0.0f64;
    for &(t, w) in &samples {
        let curve = state.w_cubic(t);
        let err = (w - curve).abs() / curve;
        worst = worst.max(err);
        assert!(err < 0.05, "t {t:.1} s: window {w:.0} segments, W_cubic {curve:.0} (W_max {w_max:.0}, K {k:.2} s)");
    }
    eprintln!(
        "Cubic: W_max {w_max:.0} segments, K {k:.2} s, worst error {:.2}% over {} samples",
        worst * 100.0,
        samples.len()
    );
    let (reno, none) = window_after_one_loss(CcAlgo::NewReno);
    assert!(none.is_none(), "NewReno keeps no Cubic state");
    let at_k = reno.iter().find(|(t, _)| *t >= k).map(|s| s.1).expect("NewReno sampled to K");
    assert!(at_k < 0.8 * w_max, "NewReno at K: {at_k:.0} of W_max {w_max:.0}");
}

/// The link of the Cubic test: 100 Mb/s, 50 ms each way, 100 frames of tail-drop queue.
const LINK: &str = "rate=100mbps,queue=100,delay=50ms";

/// An epoch of Cubic: its state, and the (t, window in segments) samples in it.
type Epoch = (riptide_tcp::cc::Cubic, Vec<(f64, f64)>);

/// One bulk transfer of 1,448-byte segments for 40 s over [`LINK`] (riptide-port's line)
/// with congestion control `cc`: Cubic's epochs (state, and the (t, window) samples every
/// 100 ms in it) and the goodput from 10 s to 40 s, b/s.
fn over_the_link(cc: riptide_tcp::cc::CcAlgo) -> (Vec<Epoch>, f64) {
    let mss = 1448u16;
    let client = TcpConfig { mss, cc, ..cfg() };
    let server = TcpConfig { mss, rcv_wnd: 64 << 20, ..cfg() };
    let closes = (CloseWhen::AfterSending, CloseWhen::AfterPeerFin);
    let mut net = Net::with_seed(client, server, (1_000_000_000, 0), closes, Impair::default(), 5);
    net.record = false;
    net.use_link(LINK);
    let mut epochs: Vec<Epoch> = Vec::new();
    let mut t = 0;
    let mut at_10s = 0;
    while t < 40 * SECOND {
        t += 100 * MS;
        net.run(t);
        let c = &net.sides[0].conn;
        if t == 10 * SECOND {
            at_10s = net.sides[1].stats.tcps_rcvbyte;
        }
        let Some(state) = c.cubic().filter(|s| s.epoch() > 0 && s.w_max() > 0.0) else { continue };
        if epochs.last().is_none_or(|(s, _)| s.epoch() != state.epoch()) {
            epochs.push((state.clone(), Vec::new()));
        }
        let at = (t - state.epoch()) as f64 / 1e9;
        epochs.last_mut().unwrap().1.push((at, f64::from(c.cwnd()) / f64::from(mss)));
    }
    let stats = &net.sides[0].stats;
    assert!(stats.tcps_sndfastrexmit >= 1, "the queue overflowed: {stats:?}");
    assert_eq!(stats.tcps_rexmttimeo, 0, "the queue's losses are all repaired by fast retransmit: {stats:?}");
    (epochs, (net.sides[1].stats.tcps_rcvbyte - at_10s) as f64 * 8.0 / 30.0)
}

/// RFC 9438 on a `link:` bottleneck of known rate and queue ([`LINK`]): no loss is
/// planted; the queue overflows when the window passes the path's capacity (BDP + queue,
/// ~924 segments), and after each loss the window follows that epoch's W_cubic(t) within
/// 5% at every 100 ms sample until the next one, which comes when the window is back at
/// the capacity (W_max that window, or 0.85 of it under fast convergence, §4.7). The
/// link's rate bounds what arrives; Cubic keeps more of it than NewReno on the same link.
#[test]
fn cubic_on_a_link_bottleneck_follows_rfc_9438s_curve_between_losses() {
    use riptide_tcp::cc::{CcAlgo, CUBIC_BETA};
    let (epochs, goodput) = over_the_link(CcAlgo::Cubic);
    // Ethernet, IPv4, TCP with timestamps, and the segment; 4 bytes of FCS on the wire.
    let frame = (14 + 20 + 20 + 12 + 1448 + 4) as f64;
    // The path's capacity in segments: 100 Mb/s x 100 ms of frames, the queue's 100 and
    // the one being forwarded.
    let capacity = 100e6 * 0.100 / 8.0 / frame + 101.0;
    // The first epoch follows slow start's overshoot; from the second on, each loss is the
    // queue overflowing at the path's capacity.
    assert!(epochs.len() >= 4, "{} epochs in 40 s", epochs.len());
    let mut worst = 0.0f64;
    for (i, (state, samples)) in epochs.iter().enumerate().skip(1) {
        let (w_max, k) = (state.w_max(), state.k());
        // The window where the queue overflowed: the previous epoch's largest.
        let peak = epochs[i - 1].1.iter().map(|s| s.1).fold(0.0, f64::max);
        assert!((peak - capacity).abs() / capacity < 0.05, "epoch {i}: lost at {peak:.0}, capacity {capacity:.0}");
        let fast = epochs[i - 1].0.w_max() > peak;
        let want = if fast { peak * (1.0 + CUBIC_BETA) / 2.0 } else { peak };
        assert!((w_max - want).abs() / want < 0.02, "epoch {i}: W_max {w_max:.0}, want {want:.0} (lost at {peak:.0})");
        assert!(samples.len() >= 10, "epoch {i}: {} samples, K {k:.2} s", samples.len());
        for &(at, w) in samples {
            let curve = state.w_cubic(at);
            let err = (w - curve).abs() / curve;
            worst = worst.max(err);
            assert!(
                err < 0.05,
                "epoch {i} at {at:.1} s: window {w:.0}, W_cubic {curve:.0} (W_max {w_max:.0}, K {k:.2} s)"
            );
        }
    }
    // What arrived from 10 s to 40 s: within the link's rate (frames and their FCS at 100
    // Mb/s), and more of it than NewReno's halving and one segment a round trip keep.
    let ceiling = 100e6 * 1448.0 / frame;
    let (none, reno) = over_the_link(CcAlgo::NewReno);
    assert!(none.is_empty(), "NewReno keeps no Cubic state");
    assert!(goodput <= ceiling * 1.001 && goodput > 0.8 * ceiling, "Cubic: {goodput:.0} b/s, ceiling {ceiling:.0}");
    assert!(reno < goodput * 0.95, "NewReno {reno:.0} b/s, Cubic {goodput:.0}");
    eprintln!(
        "Cubic on {LINK}: capacity {capacity:.0} segments, {} epochs, worst error {:.2}%, goodput {:.1} Mb/s of \
         {:.1} (NewReno {:.1})",
        epochs.len(),
        worst * 100.0,
        goodput / 1e6,
        ceiling / 1e6,
        reno / 1e6
    );
}
