//! AF_PACKET port over a veth pair between two network namespaces this test creates.
//!
//! The sender runs on a thread that entered namespace A, the receiver on a thread that
//! entered namespace B (`setns` moves only the calling thread). Nothing here touches an
//! interface of the namespace the test runs in. Without root or `ip netns` the tests print
//! why and pass without doing anything.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
use common::require_netns;

use riptide_core::{Nanos, PortCounters, TxMeta};
use riptide_port::afpacket::{self, AfPacketOptions, AfPacketPort, Fanout, TxPath};
use riptide_port::netns::{self, TestNet};
use riptide_port::{Port, PortError, PortInfo};
use riptide_wire::ethernet::{self, EtherType, EthernetAddress};
use riptide_wire::{ipv4, udp, ChecksumMode, IpAddress, Protocol};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

const FRAME_LEN: usize = 60;
const SPORT: u16 = 1025;
const DPORT: u16 = 9;

fn info(ifname: &str) -> PortInfo {
    common::info(afpacket::DRIVER, ifname)
}

/// A 60-byte Ethernet/IPv4/UDP frame A -> B with correct checksums.
fn frame(net: &TestNet) -> Vec<u8> {
    frame_to(net, net.ip_b)
}

/// A 60-byte Ethernet/IPv4/UDP frame from A to `dst_ip` via B's MAC.
fn frame_to(net: &TestNet, dst_ip: std::net::Ipv4Addr) -> Vec<u8> {
    let (src, dst) = (IpAddress::V4(net.ip_a), IpAddress::V4(dst_ip));
    let payload_len = FRAME_LEN - ethernet::HEADER_LEN - ipv4::HEADER_LEN - udp::HEADER_LEN;
    let mut f = vec![0u8; FRAME_LEN];
    ethernet::Repr { src: EthernetAddress(net.mac_a), dst: EthernetAddress(net.mac_b), ethertype: EtherType::IPV4 }
        .emit(&mut ethernet::Frame::new_unchecked(&mut f[..]));
    let ip = ipv4::Repr {
        src_addr: net.ip_a,
        dst_addr: dst_ip,
        protocol: Protocol::UDP,
        payload_len: udp::HEADER_LEN + payload_len,
        ttl: 64,
        tos: 0,
        ident: 0,
        dont_frag: true,
    };
    ip.emit(&mut ipv4::Packet::new_unchecked(&mut f[ethernet::HEADER_LEN..]));
    let l4 = ethernet::HEADER_LEN + ipv4::HEADER_LEN;
    udp::Repr { src_port: SPORT, dst_port: DPORT }.emit(
        &mut udp::Packet::new_unchecked(&mut f[l4..]),
        &src,
        &dst,
        payload_len,
        |p| p.copy_from_slice(&b"riptide-afpacket-test"[..payload_len]),
    );
    f
}

/// Whether `f` is our test frame, checksums verified.
fn is_ours(f: &[u8], net: &TestNet) -> bool {
    let Ok(eth) = ethernet::Frame::new_checked(f) else { return false };
    if eth.dst_addr().0 != net.mac_b || eth.ethertype() != EtherType::IPV4 {
        return false;
    }
    let Ok(ip) = ipv4::Packet::new_checked(eth.payload()) else { return false };
    let Ok(ipr) = ipv4::Repr::parse(&ip, ChecksumMode::Verify) else { return false };
    if ipr.src_addr != net.ip_a || ipr.dst_addr != net.ip_b || ipr.protocol != Protocol::UDP {
        return false;
    }
    let Ok(u) = udp::Packet::new_checked(ip.payload()) else { return false };
    let (s, d) = (IpAddress::V4(net.ip_a), IpAddress::V4(net.ip_b));
    udp::Repr::parse(&u, &s, &d, ChecksumMode::Verify).is_ok_and(|r| r.dst_port == DPORT)
}

/// `rx_packets` and `tx_packets` of `ifname` from `/proc/thread-self/net/dev`; call on a
/// thread inside the interface's namespace.
fn kernel_counts(ifname: &str) -> (u64, u64) {
    let dev = std::fs::read_to_string("/proc/thread-self/net/dev").unwrap();
    let line = dev.lines().find(|l| l.trim_start().starts_with(&format!("{ifname}:"))).unwrap();
    let f: Vec<u64> = line.split_once(':').unwrap().1.split_whitespace().map(|x| x.parse().unwrap()).collect();
    (f[1], f[9])
}

/// Sends `total` copies of `tmpl` in batches of `slots`, for at most `limit`.
fn send(port: &mut AfPacketPort, tmpl: &[u8], total: u64, slots: usize, limit: Duration) -> Duration {
    send_counting_short(port, tmpl, total, slots, limit).0
}

/// [`send`], also returning how many batches lent fewer slots than asked for.
fn send_counting_short(
    port: &mut AfPacketPort,
    tmpl: &[u8],
    total: u64,
    slots: usize,
    limit: Duration,
) -> (Duration, u64) {
    let start = Instant::now();
    let (mut handed, mut short) = (0u64, 0u64);
    while handed < total && start.elapsed() < limit {
        let want = slots.min((total - handed) as usize);
        let mut b = port.tx_batch(want);
        short += u64::from(b.slots() < want);
        while let Some(slot) = b.slot() {
            slot[..tmpl.len()].copy_from_slice(tmpl);
            b.commit(TxMeta { len: tmpl.len() as u32, stream: 0, departure: Nanos::ZERO });
        }
        let k = b.filled();
        port.tx_commit(k).unwrap();
        handed += k as u64;
    }
    (start.elapsed(), short)
}

/// The transfer tests share this machine's few cores: one at a time.
static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// A receive ring that holds every frame of a 100,000-frame run even if the receiving
/// thread is descheduled for the whole run (16 MiB; entries of a 60-byte frame take 144 B).
fn big_ring() -> AfPacketOptions {
    AfPacketOptions { rx: true, rx_block_size: 128 << 10, rx_block_count: 128, ..AfPacketOptions::default() }
}

struct RxResult {
    counters: PortCounters,
    ours: u64,
    kernel_rx: u64,
    freezes: u64,
    ts_ok: bool,
}

struct TxResult {
    counters: PortCounters,
    kernel_tx: u64,
    elapsed: Duration,
    /// Batches that lent fewer slots than asked for (back-pressure).
    short_batches: u64,
}

/// Sender in namespace A, receiver (AF_PACKET RX ring) in namespace B.
fn transfer(net: &TestNet, total: u64, opts: AfPacketOptions) -> (TxResult, RxResult) {
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    let done = &AtomicBool::new(false);
    let (ready_tx, ready_rx) = mpsc::channel::<()>();
    std::thread::scope(|s| {
        let rx = s.spawn(move || {
            netns::enter(&net.ns_b).unwrap();
            let (k0, _) = kernel_counts(&net.if_b);
            let opened = AfPacketPort::open(&net.if_b, info(&net.if_b), &big_ring());
            let _ = ready_tx.send(());
            let mut port = opened.unwrap();
            let (mut ours, mut ts_ok) = (0u64, true);
            let (hard_end, mut last_seen) = (Instant::now() + Duration::from_secs(20), Instant::now());
            loop {
                let now_ns = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_nanos() as u64;
                let n = port
                    .rx(256, &mut |f, ts| {
                        ours += u64::from(is_ours(f, net));
                        ts_ok &= ts.0.abs_diff(now_ns) < 10_000_000_000;
                    })
                    .unwrap();
                if n > 0 {
                    last_seen = Instant::now();
                    continue;
                }
                let sender_done = done.load(Ordering::Acquire);
                if Instant::now() > hard_end || (sender_done && last_seen.elapsed() > Duration::from_millis(200)) {
                    break;
                }
                std::thread::sleep(Duration::from_micros(200));
            }
            let (k1, _) = kernel_counts(&net.if_b);
            RxResult { counters: port.counters(), ours, kernel_rx: k1 - k0, freezes: port.rx_ring_freezes(), ts_ok }
        });
        let tx = s.spawn(move || {
            netns::enter(&net.ns_a).unwrap();
            let _ = ready_rx.recv_timeout(Duration::from_secs(5));
            let (_, k0) = kernel_counts(&net.if_a);
            let port = AfPacketPort::open(&net.if_a, info(&net.if_a), &opts);
            let result = port.map(|mut port| {
                let (elapsed, short) =
                    send_counting_short(&mut port, &frame(net), total, opts.slots, Duration::from_secs(10));
                (port.counters(), elapsed, short, port.last_tx_error())
            });
            done.store(true, Ordering::Release);
            let (counters, elapsed, short_batches, last_err) = result.unwrap();
            if let Some(e) = last_err {
                eprintln!("sender: last refusal: {e}");
            }
            let (_, k1) = kernel_counts(&net.if_a);
            TxResult { counters, kernel_tx: k1 - k0, elapsed, short_batches }
        });
        (tx.join().unwrap(), rx.join().unwrap())
    })
}

#[test]
fn hundred_thousand_frames_cross_the_veth_and_every_count_agrees() {
    if !require_netns() {
        return;
    }
    const N: u64 = 100_000;
    let net = TestNet::new().unwrap();
    let (tx, rx) = transfer(&net, N, AfPacketOptions { slots: 64, ..AfPacketOptions::default() });
    let (t, r) = (tx.counters, rx.counters);
    let summary = summary(&tx, &rx);
    eprintln!("{summary}");
    assert_eq!(t.opackets + t.oerrors, N, "every frame is either accepted or an oerror: {summary}");
    assert!(t.oerrors <= N / 1000, "too many oerrors: {summary}");
    assert_eq!(t.obytes, t.opackets * FRAME_LEN as u64);
    assert_eq!(tx.kernel_tx, t.opackets, "the kernel's tx_packets of the sending veth agrees: {summary}");
    assert_eq!(rx.kernel_rx, t.opackets, "the receiving veth got every frame: {summary}");
    assert_eq!(r.ipackets + r.ierrors, rx.kernel_rx, "every arrived frame is received or an ierror: {summary}");
    assert_eq!(r.ierrors, 0, "no ring drops: {summary}");
    assert_eq!(r.ipackets, t.opackets, "receiver saw every accepted frame: {summary}");
    assert_eq!(rx.ours, r.ipackets, "only our frames arrived, checksums intact: {summary}");
    assert_eq!(r.ibytes, r.ipackets * FRAME_LEN as u64);
    assert_eq!(r.opackets, 0);
    assert!(rx.ts_ok, "receive timestamps are CLOCK_REALTIME ns");
}

fn summary(tx: &TxResult, rx: &RxResult) -> String {
    let (t, r) = (tx.counters, rx.counters);
    format!(
        "sent {} (oerrors {}) in {:?} = {:.3} Mpps; received {} (ours {}, ierrors {}, ring freezes {}); \
         kernel: sender tx_packets {}, receiver rx_packets {}",
        t.opackets,
        t.oerrors,
        tx.elapsed,
        t.opackets as f64 / tx.elapsed.as_secs_f64() / 1e6,
        r.ipackets,
        rx.ours,
        r.ierrors,
        rx.freezes,
        tx.kernel_tx,
        rx.kernel_rx
    )
}

#[test]
fn sendmmsg_large_batches_and_the_qdisc_path_count_the_same() {
    if !require_netns() {
        return;
    }
    const N: u64 = 20_000;
    let net = TestNet::new().unwrap();
    for (slots, bypass, path) in [(256, false, TxPath::Mmsg), (64, true, TxPath::Mmsg), (256, false, TxPath::Ring)] {
        let opts = AfPacketOptions { slots, qdisc_bypass: bypass, tx_path: path, ..AfPacketOptions::default() };
        let (tx, rx) = transfer(&net, N, opts);
        let summary = format!("{path:?} slots {slots} bypass {bypass}: {}", summary(&tx, &rx));
        eprintln!("{summary}");
        assert_eq!(tx.counters.opackets + tx.counters.oerrors, N, "{summary}");
        assert_eq!(tx.kernel_tx, tx.counters.opackets, "{summary}");
        assert_eq!(rx.counters.ipackets, tx.counters.opackets, "{summary}");
        assert_eq!(rx.ours, rx.counters.ipackets, "{summary}");
    }
}

/// A token bucket qdisc on the sending veth drains far slower than the sender offers (as a
/// slow NIC would): the port is held to the qdisc's pace instead of losing or miscounting
/// frames, and every frame arrives exactly once. How the kernel holds it back differs: where
/// the qdisc keeps the ring's frames until it sends them, the ring lends fewer slots
/// ("short batches"); Linux 6.18 on veth instead returns from each `sendto` only as the
/// qdisc drains (~370 us per 16 frames here, measured), so no batch is short. Either way
/// the run cannot end sooner than the qdisc lets the frames out.
#[test]
fn a_slow_qdisc_holds_the_sender_back_without_losing_frames() {
    if !require_netns() {
        return;
    }
    const N: u64 = 3_000;
    let net = TestNet::new().unwrap();
    // 20 Mb/s: ~42 kpps of 60-byte frames, a tenth of what the sender offers on veth.
    let tbf = ["-n", &net.ns_a, "qdisc", "add", "dev", &net.if_a, "root", "tbf", "rate", "20mbit", "burst", "4kb"];
    let tc = std::process::Command::new("tc").args(tbf).args(["latency", "1s"]).output();
    let tbf_added = match tc {
        Ok(o) if o.status.success() => Ok(()),
        Ok(o) => Err(format!("needs the kernel's tbf qdisc: tc said {}", String::from_utf8_lossy(&o.stderr).trim())),
        Err(e) => Err(format!("needs tc (iproute2): {e}")),
    };
    if !riptide_testkit::require(tbf_added) {
        return;
    }
    let opts = AfPacketOptions { slots: 16, tx_frames: 64, qdisc_bypass: false, ..AfPacketOptions::default() };
    let (tx, rx) = transfer(&net, N, opts);
    let summary = summary(&tx, &rx);
    eprintln!("{summary}; short batches {}", tx.short_batches);
    // The bucket lets 4 KB through at once; the rest leaves at 20 Mb/s.
    let bits_after_burst = (N * FRAME_LEN as u64 * 8).saturating_sub(4096 * 8) as f64;
    let floor = Duration::from_secs_f64(0.8 * bits_after_burst / 20e6);
    assert!(tx.elapsed >= floor, "the sender was held to the qdisc's rate (at least {floor:?}): {summary}");
    assert_eq!((tx.counters.opackets, tx.counters.oerrors), (N, 0), "{summary}");
    assert_eq!(tx.kernel_tx, N, "{summary}");
    assert_eq!(rx.counters.ipackets, N, "{summary}");
    assert_eq!(rx.ours, N, "{summary}");
}

/// Frames of every length class, some of which the kernel refuses: shorter than an
/// Ethernet header, longer than MTU + header, an 802.1Q frame 4 bytes longer (allowed) and
/// 5 bytes longer (refused). Returns (frame, whether the kernel takes it).
fn length_classes(net: &TestNet) -> Vec<(Vec<u8>, bool)> {
    let mut classes = vec![];
    let eth = |len: usize, ethertype: [u8; 2], fill: u8| {
        let mut f = vec![fill; len];
        f[..6].copy_from_slice(&net.mac_b);
        f[6..12].copy_from_slice(&net.mac_a);
        f[12..14].copy_from_slice(&ethertype);
        f
    };
    const EXP: [u8; 2] = [0x88, 0xb5]; // IEEE local experimental ethertype: no stack takes it
    const VLAN: [u8; 2] = [0x81, 0x00];
    classes.push((frame(net), true));
    classes.push((eth(14, EXP, 1)[..10].to_vec(), false));
    classes.push((eth(14, EXP, 2), true));
    classes.push((eth(1514, EXP, 3), true));
    classes.push((eth(1515, EXP, 4), false));
    classes.push((eth(1518, VLAN, 5), true));
    classes.push((eth(1519, VLAN, 6), false));
    classes.push((eth(1518, EXP, 7), false));
    classes.push((eth(100, EXP, 8), true));
    classes
}

/// The transmit ring checks frames the way the kernel checks `sendmmsg` frames: for every
/// length class both paths accept and refuse the same frames, count the refused ones as
/// `oerrors`, and deliver the accepted ones whole and in order (also after the ring has
/// wrapped many times with refusals leaving holes in batches).
#[test]
fn both_transmit_paths_refuse_the_same_frames_and_deliver_the_rest_in_order() {
    if !require_netns() {
        return;
    }
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    let test_net = TestNet::new().unwrap();
    let net = &test_net;
    let classes = length_classes(net);
    const ROUNDS: usize = 300; // 2,700 frames through a 64-frame ring in batches of 16
    let sent: Vec<usize> = (0..ROUNDS * classes.len()).map(|i| (i * 7 + i / 9) % classes.len()).collect();
    let expect: Vec<&[u8]> = sent.iter().filter(|&&c| classes[c].1).map(|&c| &classes[c].0[..]).collect();
    let refused = (sent.len() - expect.len()) as u64;
    for path in [TxPath::Ring, TxPath::Mmsg] {
        let got = std::sync::Mutex::new(Vec::<Vec<u8>>::new());
        let done_flag = AtomicBool::new(false);
        let (counters, err) = std::thread::scope(|s| {
            let (ready_tx, ready_rx) = mpsc::channel::<()>();
            let (done, got) = (&done_flag, &got);
            let rx = s.spawn(move || {
                netns::enter(&net.ns_b).unwrap();
                let mut port = AfPacketPort::open(&net.if_b, info(&net.if_b), &big_ring()).unwrap();
                let _ = ready_tx.send(());
                let end = Instant::now() + Duration::from_secs(20);
                let mut quiet = None::<Instant>;
                while Instant::now() < end {
                    let n = port.rx(256, &mut |f, _| got.lock().unwrap().push(f.to_vec())).unwrap();
                    if n > 0 {
                        quiet = None;
                    } else if done.load(Ordering::Acquire) {
                        let q = *quiet.get_or_insert_with(Instant::now);
                        if q.elapsed() > Duration::from_millis(200) {
                            break;
                        }
                    } else {
                        std::thread::sleep(Duration::from_micros(100));
                    }
                }
                port.counters()
            });
            let (sent, classes) = (&sent, &classes);
            let tx = s.spawn(move || {
                netns::enter(&net.ns_a).unwrap();
                ready_rx.recv_timeout(Duration::from_secs(5)).unwrap();
                let opts = AfPacketOptions { slots: 16, tx_frames: 64, tx_path: path, ..AfPacketOptions::default() };
                let mut port = AfPacketPort::open(&net.if_a, info(&net.if_a), &opts).unwrap();
                assert_eq!(port.tx_path(), path);
                let mut next = 0;
                while next < sent.len() {
                    let mut b = port.tx_batch(16);
                    while next < sent.len() {
                        let Some(slot) = b.slot() else { break };
                        let f = &classes[sent[next]].0;
                        slot[..f.len()].copy_from_slice(f);
                        b.commit(TxMeta { len: f.len() as u32, stream: 0, departure: Nanos::ZERO });
                        next += 1;
                    }
                    let k = b.filled();
                    port.tx_commit(k).unwrap();
                }
                done.store(true, Ordering::Release);
                (port.counters(), port.last_tx_error())
            });
            let tx = tx.join().unwrap();
            let rxc = rx.join().unwrap();
            assert_eq!(rxc.ierrors, 0, "{path:?}: no receive drops");
            tx
        });
        let got = got.into_inner().unwrap();
        assert_eq!(counters.oerrors, refused, "{path:?}: refused frames are oerrors");
        assert_eq!(counters.opackets, expect.len() as u64, "{path:?}");
        assert_eq!(counters.obytes, expect.iter().map(|f| f.len() as u64).sum::<u64>(), "{path:?}");
        assert!(err.is_some(), "{path:?}: the last refusal is reported");
        assert_eq!(got.len(), expect.len(), "{path:?}: every accepted frame arrived");
        for (i, (g, e)) in got.iter().zip(&expect).enumerate() {
            assert!(g == e, "{path:?}: frame {i} differs ({} vs {} bytes)", g.len(), e.len());
        }
    }
}

/// The frames a departure-stamp key picks in the test below: every tenth, by the index in
/// their last 4 bytes (the cookie).
fn every_tenth(f: &[u8]) -> Option<u64> {
    let i = u32::from_be_bytes(f[f.len() - 4..].try_into().ok()?);
    i.is_multiple_of(10).then_some(u64::from(i))
}

/// Issue 54: departure stamps from the kernel (`SO_TIMESTAMPING`, the driver's software
/// stamp). Of 2,000 frames on the ring, the 200 the key picks each get one stamp, taken
/// while their commit ran (between the user-space clock read before and after it), in
/// order; the others none; nothing is missed. The receiving ring's kernel stamp of each
/// stamped frame is at or after its departure stamp (one clock) and close to it; the
/// transmit counters are those of a run without stamps. The mmsg path says it has none.
#[test]
fn departure_stamps_come_from_the_kernel_for_the_frames_asked_for() {
    if !require_netns() {
        return;
    }
    let net = TestNet::new().unwrap();
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    let now = || SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_nanos() as u64;
    std::thread::scope(|s| {
        s.spawn(|| {
            netns::enter(&net.ns_b).unwrap();
            let mut rx = AfPacketPort::open(&net.if_b, info(&net.if_b), &big_ring()).unwrap();
            netns::enter(&net.ns_a).unwrap();
            let mmsg = AfPacketOptions { tx_path: TxPath::Mmsg, ..AfPacketOptions::default() };
            let mut m = AfPacketPort::open(&net.if_a, info(&net.if_a), &mmsg).unwrap();
            assert!(m.enable_tx_stamps(every_tenth).unwrap_err().contains("mmsg"));
            let mut tx = AfPacketPort::open(&net.if_a, info(&net.if_a), &AfPacketOptions::default()).unwrap();
            assert_eq!(tx.enable_tx_stamps(every_tenth), Ok(riptide_port::TxStampSource::Kernel));
            let tmpl = frame(&net);
            let (mut stamps, mut windows, mut arrivals) = (Vec::new(), Vec::new(), Vec::new());
            let mut i = 0u32;
            while i < 2000 {
                let mut b = tx.tx_batch(50);
                let first = i;
                while let Some(slot) = b.slot() {
                    slot[..tmpl.len()].copy_from_slice(&tmpl);
                    slot[tmpl.len() - 4..tmpl.len()].copy_from_slice(&i.to_be_bytes());
                    b.commit(TxMeta { len: tmpl.len() as u32, stream: 0, departure: Nanos::ZERO });
                    i += 1;
                }
                let k = b.filled();
                let before = now();
                assert_eq!(tx.tx_commit(k).unwrap(), k);
                windows.push((first, i, before, now()));
                tx.tx_stamps(&mut |c, t| stamps.push((c, t.0)));
                rx.rx(256, &mut |f, t| {
                    if let Some(c) = every_tenth(f) {
                        arrivals.push((c, t.0));
                    }
                })
                .unwrap();
            }
            let t = Instant::now();
            while (stamps.len() < 200 || arrivals.len() < 200) && t.elapsed() < Duration::from_secs(2) {
                tx.tx_stamps(&mut |c, t| stamps.push((c, t.0)));
                rx.rx(256, &mut |f, t| {
                    if let Some(c) = every_tenth(f) {
                        arrivals.push((c, t.0));
                    }
                })
                .unwrap();
            }
            assert_eq!(tx.tx_stamps_missed(), 0);
            let cookies: Vec<u64> = stamps.iter().map(|s| s.0).collect();
            assert_eq!(cookies, (0..200).map(|i| i * 10).collect::<Vec<u64>>(), "one stamp each, in order");
            for &(c, at) in &stamps {
                let &(_, _, before, after) = windows.iter().find(|w| (w.0..w.1).contains(&(c as u32))).unwrap();
                assert!((before..=after).contains(&at), "frame {c}: stamp {at} outside its commit {before}..{after}");
            }
            assert_eq!(arrivals.len(), 200, "every stamped frame arrived");
            let mut transit: Vec<u64> = stamps
                .iter()
                .zip(&arrivals)
                .map(|(&(c, tx), &(rc, rx))| {
                    assert_eq!(c, rc);
                    assert!(rx >= tx, "frame {c}: received at {rx} before its departure {tx}");
                    rx - tx
                })
                .collect();
            transit.sort_unstable();
            eprintln!("veth transit by kernel stamps: p50 {} ns, max {} ns", transit[100], transit[199]);
            assert!(transit[100] < 1_000_000, "p50 {} ns", transit[100]);
            let c = tx.counters();
            assert_eq!((c.opackets, c.oerrors), (2000, 0));
        });
    });
}

#[test]
fn interface_facts_inside_a_namespace() {
    if !require_netns() {
        return;
    }
    let net = TestNet::new().unwrap();
    netns::run_in(&net.ns_a, || {
        // Errors name the port and the cause.
        let err = AfPacketPort::open("rt-missing0", info("rt-missing0"), &AfPacketOptions::default()).unwrap_err();
        let PortError::Spec { spec, reason } = &err else { panic!("unexpected error {err}") };
        assert_eq!(spec, "afpacket:rt-missing0");
        assert!(reason.contains("no such interface 'rt-missing0'"), "{reason}");
        assert!(err.to_string().contains("afpacket:rt-missing0"));
        let err = AfPacketPort::open("bad/name", info("bad/name"), &AfPacketOptions::default()).unwrap_err();
        assert!(err.to_string().contains("not an interface name"), "{err}");

        assert_eq!(afpacket::mac_address(&net.if_a).unwrap(), net.mac_a);
        assert!(afpacket::mac_address("rt-missing0").is_err());
        assert_eq!(afpacket::link_speed_bps(&net.if_a), Some(10e9), "veth reports 10 Gb/s");
        // What the driver stamps, as ethtool -T prints it (the oracle, where installed).
        let ts = afpacket::timestamping(&net.if_a).unwrap();
        assert_eq!((ts.tx(), ts.rx(), ts.phc_index), ("software", "software", -1), "veth: software stamps, no PHC");
        if let Ok(o) = std::process::Command::new("ethtool").args(["-T", &net.if_a]).output() {
            let text = String::from_utf8_lossy(&o.stdout);
            if o.status.success() {
                assert!(text.contains("software-transmit") && text.contains("software-receive"), "{text}");
                assert!(text.contains("PTP Hardware Clock: none"), "{text}");
            }
        }
        assert!(afpacket::timestamping("rt-missing0").is_err());
        assert_eq!(afpacket::link_speed_bps("rt-missing0"), None);
        assert!(afpacket::interface_index(&net.if_a).unwrap() > 0);
        assert!(!afpacket::carries_default_route(&net.if_a).unwrap());
        assert!(!afpacket::carries_default_route("lo").unwrap());
        // Its routes: the veth's subnet, not TRex's 48.0.0.0/8 (no traffic sent).
        assert!(afpacket::routes_v4_to(net.ip_b).unwrap());
        assert!(!afpacket::routes_v4_to("48.0.0.1".parse().unwrap()).unwrap());
    })
    .unwrap();
    // A default route inside the test namespace makes its veth an "uplink".
    let gw = net.ip_b.to_string();
    let st = std::process::Command::new("ip")
        .args(["-n", &net.ns_a, "route", "add", "default", "via", &gw, "dev", &net.if_a])
        .status()
        .unwrap();
    assert!(st.success());
    netns::run_in(&net.ns_a, || {
        assert!(afpacket::carries_default_route(&net.if_a).unwrap());
        assert!(!afpacket::carries_default_route("lo").unwrap());
        // ... and covers every address.
        assert!(afpacket::routes_v4_to("48.0.0.1".parse().unwrap()).unwrap());
    })
    .unwrap();
    // The peer namespace has no default route.
    netns::run_in(&net.ns_b, || assert!(!afpacket::carries_default_route(&net.if_b).unwrap())).unwrap();
}

#[test]
fn rx_ring_options_are_checked_and_fanout_opens() {
    if !require_netns() {
        return;
    }
    let net = TestNet::new().unwrap();
    netns::run_in(&net.ns_b, || {
        let bad = AfPacketOptions { rx: true, rx_block_size: 1000, ..AfPacketOptions::default() };
        let err = AfPacketPort::open(&net.if_b, info(&net.if_b), &bad).unwrap_err();
        assert!(err.to_string().contains("receive ring"), "{err}");
        // A 32 MiB ring opens although RLIMIT_MEMLOCK may be 8 MiB: ring memory is not locked.
        let big =
            AfPacketOptions { rx: true, rx_block_size: 1 << 20, rx_block_count: 32, ..AfPacketOptions::default() };
        AfPacketPort::open(&net.if_b, info(&net.if_b), &big).unwrap();
        // Two queues of one fanout group on one interface: the kernel picks the group's id.
        let opts = AfPacketOptions { rx: true, fanout: Some(Fanout::New), ..AfPacketOptions::default() };
        let q0 = AfPacketPort::open(&net.if_b, info(&net.if_b), &opts).unwrap();
        let group = q0.fanout_group().unwrap();
        let opts = AfPacketOptions { fanout: Some(Fanout::Join(group)), ..opts };
        let q1 = AfPacketPort::open(&net.if_b, info(&net.if_b), &opts).unwrap();
        assert_eq!(q1.fanout_group(), Some(group));
        // A second new group on the same interface gets another id; joining a group of
        // another interface is refused by the kernel.
        let other = AfPacketOptions { rx: true, fanout: Some(Fanout::New), ..AfPacketOptions::default() };
        let q2 = AfPacketPort::open(&net.if_b, info(&net.if_b), &other).unwrap();
        assert_ne!(q2.fanout_group(), Some(group));
        let lo = AfPacketOptions { rx: true, fanout: Some(Fanout::Join(group)), ..AfPacketOptions::default() };
        let err = AfPacketPort::open("lo", info("lo"), &lo).unwrap_err();
        assert!(err.to_string().contains("PACKET_FANOUT"), "{err}");
        assert_eq!(q0.counters(), PortCounters::default());
        assert_eq!(q1.rx_ring_freezes(), 0);
        // A transmit-only port has no ring: rx returns nothing.
        let mut txo = AfPacketPort::open(&net.if_b, info(&net.if_b), &AfPacketOptions::default()).unwrap();
        assert_eq!(txo.rx(64, &mut |_, _| panic!("no ring")).unwrap(), 0);
    })
    .unwrap();
}

#[test]
fn test_namespaces_are_removed_on_drop_and_on_panic() {
    if !require_netns() {
        return;
    }
    let net = TestNet::new().unwrap();
    let (a, b) = (net.ns_a.clone(), net.ns_b.clone());
    assert!(TestNet::exists(&a) && TestNet::exists(&b));
    drop(net);
    assert!(!TestNet::exists(&a) && !TestNet::exists(&b));

    let names = std::sync::Mutex::new(None);
    let r = std::panic::catch_unwind(|| {
        let net = TestNet::new().unwrap();
        *names.lock().unwrap() = Some((net.ns_a.clone(), net.ns_b.clone()));
        panic!("deliberate panic: TestNet must clean up while unwinding");
    });
    assert!(r.is_err());
    let (a, b) = names.lock().unwrap().take().unwrap();
    assert!(!TestNet::exists(&a) && !TestNet::exists(&b));
}

/// Not a test: `cargo test -p riptide-port --release --test afpacket -- --ignored --nocapture`.
/// Times 1,000,000 frames A -> B (nothing reading on B but the kernel stack), 3 runs of each
/// configuration: with and without qdisc bypass, to B's own address (UDP delivered locally,
/// answered by rate-limited ICMP) and to 198.19.0.1 as the C baseline sends (not local to
/// B, dropped at routing). With `MMSGTX=/path/to/mmsgtx` it also runs the baseline
/// (`mmsgtx -i IF -m MAC -d 3 -b 64`) on the same veth pair, interleaved with the runs.
#[test]
#[ignore]
fn measure_tx_mpps() {
    if !require_netns() {
        return;
    }
    const N: u64 = 1_000_000;
    let net = TestNet::new().unwrap();
    let mac_b = net.mac_b.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(":");
    let baseline = std::env::var("MMSGTX").ok();
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let dests = [("B's address", net.ip_b), ("198.19.0.1", std::net::Ipv4Addr::new(198, 19, 0, 1))];
    let configs: Vec<(bool, &str, Vec<u8>)> = [true, false]
        .iter()
        .flat_map(|&qb| dests.iter().map(move |(what, ip)| (qb, *what, *ip)))
        .map(|(qb, what, ip)| (qb, what, frame_to(&net, ip)))
        .collect();
    let mut results = vec![Vec::new(); configs.len()];
    let mut base = vec![];
    for _ in 0..3 {
        for ((qb, what, tmpl), out) in configs.iter().zip(results.iter_mut()) {
            let (c, el) = netns::run_in(&net.ns_a, || {
                let opts = AfPacketOptions { slots: 64, qdisc_bypass: *qb, ..AfPacketOptions::default() };
                let mut port = AfPacketPort::open(&net.if_a, info(&net.if_a), &opts).unwrap();
                let el = send(&mut port, tmpl, N, 64, Duration::from_secs(30));
                (port.counters(), el)
            })
            .unwrap();
            let mpps = c.opackets as f64 / el.as_secs_f64() / 1e6;
            eprintln!(
                "riptide bypass={qb} dst {what}: {} frames (oerrors {}) in {el:?} = {mpps:.3} Mpps",
                c.opackets, c.oerrors
            );
            out.push(mpps);
        }
        if let Some(bin) = &baseline {
            let out = std::process::Command::new("ip")
                .args(["netns", "exec", &net.ns_a, bin, "-i", &net.if_a, "-m", &mac_b, "-d", "3", "-b", "64"])
                .output()
                .unwrap();
            let text = String::from_utf8_lossy(&out.stdout);
            eprintln!("baseline: {}", text.trim());
            let mpps = text.split(" = ").nth(1).and_then(|r| r.split_whitespace().next()?.parse::<f64>().ok());
            base.push(mpps.unwrap_or(f64::NAN));
        }
    }
    for ((qb, what, _), r) in configs.iter().zip(results.iter_mut()) {
        eprintln!("median Mpps: riptide afpacket bypass={qb} dst {what}: {:.3}", median(r));
    }
    if !base.is_empty() {
        eprintln!("median Mpps: mmsgtx (no bypass, batch 64, dst 198.19.0.1): {:.3}", median(&mut base));
    }
}
