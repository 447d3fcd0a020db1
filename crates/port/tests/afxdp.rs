//! AF_XDP port over a veth pair between two network namespaces this test creates.
//!
//! Sender on a thread inside namespace A, receiver (with the XDP redirect program) on a
//! thread inside namespace B. The kernel's interface counters are the oracle. Without
//! root or `ip netns` the tests print why and pass without doing anything.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
use common::require_netns;

use riptide_core::{Nanos, TxMeta};
use riptide_port::afxdp::{self, AfXdpOptions, AfXdpPort, XdpRedirect};
use riptide_port::netns::{self, TestNet};
use riptide_port::{Port, PortInfo};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

fn info(ifname: &str) -> PortInfo {
    common::info(afxdp::DRIVER, ifname)
}

/// A 60-byte frame A -> B: Ethernet to B's MAC, then a pattern (B's kernel drops it; only
/// the socket matters). Byte 59 carries the sequence number's low byte.
fn frame(net: &TestNet, seq: u64) -> [u8; 60] {
    let mut f = [0u8; 60];
    f[..6].copy_from_slice(&net.mac_b);
    f[6..12].copy_from_slice(&net.mac_a);
    f[12..14].copy_from_slice(&[0x88, 0xb5]); // local experimental ethertype
    for (i, b) in f[14..].iter_mut().enumerate() {
        *b = i as u8 ^ 0x5a;
    }
    f[59] = seq as u8;
    f
}

/// `(rx_packets, tx_packets)` of `ifname`; call on a thread inside its namespace.
fn kernel_counts(ifname: &str) -> (u64, u64) {
    let dev = std::fs::read_to_string("/proc/thread-self/net/dev").unwrap();
    let line = dev.lines().find(|l| l.trim_start().starts_with(&format!("{ifname}:"))).unwrap();
    let f: Vec<u64> = line.split_once(':').unwrap().1.split_whitespace().map(|x| x.parse().unwrap()).collect();
    (f[1], f[9])
}

/// Sends `total` frames (sequence in the last byte), then flushes.
/// Sends `total` frames; with `window`, never more than `window.1` ahead of the
/// receiver's count `window.0`, so a receiver descheduled on a busy machine cannot be
/// overrun (its ring holds 2048).
fn send(port: &mut AfXdpPort, net: &TestNet, total: u64, window: Option<(&AtomicU64, u64)>) {
    let end = Instant::now() + Duration::from_secs(20);
    let mut seq = 0u64;
    while seq < total && Instant::now() < end {
        if let Some((received, ahead)) = window {
            if seq.saturating_sub(received.load(Ordering::Acquire)) >= ahead {
                std::thread::sleep(Duration::from_micros(50));
                continue;
            }
        }
        let want = 64.min((total - seq) as usize);
        let mut b = port.tx_batch(want);
        while let Some(slot) = b.slot() {
            slot[..60].copy_from_slice(&frame(net, seq));
            b.commit(TxMeta { len: 60, stream: 0, departure: Nanos::ZERO });
            seq += 1;
        }
        let k = b.filled();
        assert_eq!(port.tx_commit(k).unwrap(), k);
    }
    port.flush().unwrap();
}

static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn xdp_attached(ns: &str, ifname: &str) -> bool {
    let o = std::process::Command::new("ip").args(["-n", ns, "link", "show", "dev", ifname]).output().unwrap();
    String::from_utf8_lossy(&o.stdout).contains("xdp")
}

#[test]
fn frames_cross_the_veth_in_order_and_every_count_agrees() {
    if !require_netns() {
        return;
    }
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    const N: u64 = 100_000;
    let net = TestNet::new().unwrap();
    let (ready_tx, ready_rx) = std::sync::mpsc::channel::<()>();
    let done = std::sync::atomic::AtomicBool::new(false);
    let received = AtomicU64::new(0);
    let (tx, rx) = std::thread::scope(|s| {
        let (net, done, received) = (&net, &done, &received);
        let rx = s.spawn(move || {
            netns::enter(&net.ns_b).unwrap();
            let (k0, _) = kernel_counts(&net.if_b);
            let xdp = XdpRedirect::attach(&net.if_b, 1).unwrap();
            let mut port =
                AfXdpPort::open(&net.if_b, info(&net.if_b), &AfXdpOptions { rx: true, ..Default::default() }).unwrap();
            xdp.insert(0, port.socket_fd()).unwrap();
            assert!(!port.zero_copy(), "veth has no zero-copy AF_XDP");
            // A second program on the same interface is refused, and says how to fix it.
            let err = XdpRedirect::attach(&net.if_b, 1).unwrap_err();
            assert!(err.contains("already has an XDP program"), "{err}");
            let _ = ready_tx.send(());
            let (mut got, mut in_order, mut intact) = (0u64, 0u64, 0u64);
            let mut last = Instant::now();
            let hard_end = Instant::now() + Duration::from_secs(30);
            loop {
                let n = port
                    .rx(256, &mut |f, _| {
                        in_order += u64::from(f.len() == 60 && u64::from(f[59]) == got % 256);
                        intact += u64::from(f[..59] == frame(net, 0)[..59]);
                        got += 1;
                    })
                    .unwrap();
                if n > 0 {
                    received.store(got, Ordering::Release);
                    last = Instant::now();
                } else if Instant::now() > hard_end
                    || (done.load(std::sync::atomic::Ordering::Acquire) && last.elapsed() > Duration::from_millis(300))
                {
                    break;
                } else {
                    std::thread::sleep(Duration::from_micros(100));
                }
            }
            let (k1, _) = kernel_counts(&net.if_b);
            (port.counters(), got, in_order, intact, k1 - k0, xdp)
        });
        let tx = s.spawn(move || {
            netns::enter(&net.ns_a).unwrap();
            ready_rx.recv_timeout(Duration::from_secs(10)).unwrap();
            let (_, k0) = kernel_counts(&net.if_a);
            let mut port = AfXdpPort::open(&net.if_a, info(&net.if_a), &AfXdpOptions::default()).unwrap();
            send(&mut port, net, N, Some((received, 1024)));
            done.store(true, std::sync::atomic::Ordering::Release);
            let (_, k1) = kernel_counts(&net.if_a);
            (port.counters(), port.in_flight(), k1 - k0)
        });
        (tx.join().unwrap(), rx.join().unwrap())
    });
    let (tc, in_flight, kernel_tx) = tx;
    let (rc, got, in_order, intact, kernel_rx, xdp) = rx;
    let summary = format!("tx {tc:?} kernel_tx {kernel_tx}; rx {rc:?} got {got} kernel_rx {kernel_rx}");
    assert_eq!(tc.opackets, N, "{summary}");
    assert_eq!((tc.oerrors, in_flight), (0, 0), "{summary}");
    assert_eq!(tc.obytes, 60 * N, "{summary}");
    assert_eq!(kernel_tx, N, "the sending veth's tx_packets: {summary}");
    assert_eq!(kernel_rx, N, "the receiving veth's rx_packets: {summary}");
    assert_eq!((rc.ipackets, rc.ierrors), (N, 0), "{summary}");
    assert_eq!(rc.ibytes, 60 * N, "{summary}");
    assert_eq!((got, in_order, intact), (N, N, N), "every frame arrived whole and in order: {summary}");
    // The program stays while the XdpRedirect lives, and goes with it.
    assert!(xdp_attached(&net.ns_b, &net.if_b));
    assert!(xdp.native(), "veth runs XDP natively");
    drop(xdp);
    assert!(!xdp_attached(&net.ns_b, &net.if_b), "dropping the redirect detaches the program");
}

/// A receiver that does not read: the kernel drops what the rings cannot hold, and those
/// drops are counted in `ierrors` (from `XDP_STATISTICS`), never hidden.
#[test]
fn kernel_drops_show_as_ierrors() {
    if !require_netns() {
        return;
    }
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    const N: u64 = 5_000;
    let net = TestNet::new().unwrap();
    let opts = AfXdpOptions { rx: true, rx_frames: 256, ..Default::default() };
    let (xdp, mut port, k0) = netns::run_in(&net.ns_b, || {
        let xdp = XdpRedirect::attach(&net.if_b, 1).unwrap();
        let port = AfXdpPort::open(&net.if_b, info(&net.if_b), &opts).unwrap();
        xdp.insert(0, port.socket_fd()).unwrap();
        (xdp, port, kernel_counts(&net.if_b).0)
    })
    .unwrap();
    netns::run_in(&net.ns_a, || {
        let mut tx = AfXdpPort::open(&net.if_a, info(&net.if_a), &AfXdpOptions::default()).unwrap();
        send(&mut tx, &net, N, None);
        assert_eq!(tx.counters().opackets, N);
    })
    .unwrap();
    // Every frame has been through the XDP program (to the ring, or dropped) once the
    // veth counted it; then the ring is read until the counters account for all of them.
    let seen = || netns::run_in(&net.ns_b, || kernel_counts(&net.if_b).0).unwrap() - k0;
    riptide_testkit::wait_for(Duration::from_secs(10), "the veth to receive every frame", || seen() >= N);
    riptide_testkit::wait_for(Duration::from_secs(10), "the ring and the drops to account for every frame", || {
        while port.rx(256, &mut |_, _| {}).unwrap() > 0 {}
        let c = port.counters();
        c.ipackets + c.ierrors >= N
    });
    let c = port.counters();
    let got = c.ipackets;
    let k1 = netns::run_in(&net.ns_b, || kernel_counts(&net.if_b).0).unwrap();
    assert_eq!(k1 - k0, N, "the veth received everything");
    assert_eq!(got, 256, "the RX ring held as many frames as the fill ring had: {c:?}");
    assert_eq!(c.ipackets + c.ierrors, N, "the rest are kernel drops in ierrors: {c:?}");
    drop(xdp);
}

#[test]
fn bad_options_and_interfaces_are_refused_clearly() {
    if !require_netns() {
        return;
    }
    let net = TestNet::new().unwrap();
    netns::run_in(&net.ns_a, || {
        let e = AfXdpPort::open("rt-missing0", info("rt-missing0"), &AfXdpOptions::default()).unwrap_err();
        assert!(e.to_string().contains("no such interface 'rt-missing0'"), "{e}");
        let e = XdpRedirect::attach("rt-missing0", 1).unwrap_err();
        assert!(e.contains("no such interface 'rt-missing0'"), "{e}");
        let odd = AfXdpOptions { tx_frames: 1000, ..Default::default() };
        let e = AfXdpPort::open(&net.if_a, info(&net.if_a), &odd).unwrap_err();
        assert!(e.to_string().contains("powers of two"), "{e}");
        let mut jumbo = info(&net.if_a);
        jumbo.caps.max_frame = 9000;
        let e = AfXdpPort::open(&net.if_a, jumbo, &AfXdpOptions::default()).unwrap_err();
        assert!(e.to_string().contains("2048"), "{e}");
        let q = AfXdpOptions { queue: 3, ..Default::default() };
        let e = AfXdpPort::open(&net.if_a, info(&net.if_a), &q).unwrap_err();
        assert!(e.to_string().contains("queue 3"), "{e}");
        // One socket per queue.
        let _first = AfXdpPort::open(&net.if_a, info(&net.if_a), &AfXdpOptions::default()).unwrap();
        let e = AfXdpPort::open(&net.if_a, info(&net.if_a), &AfXdpOptions::default()).unwrap_err();
        assert!(e.to_string().contains("already has an AF_XDP socket"), "{e}");
    })
    .unwrap();
}

/// Frames the kernel would complete but never put on the wire (shorter than an Ethernet
/// header, longer than the MTU takes) are refused before the ring and counted as
/// `oerrors`, never as sent: `opackets` equals what the interface's own counter saw.
#[test]
fn frames_the_wire_would_drop_count_as_errors_not_sent() {
    if !require_netns() {
        return;
    }
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let net = TestNet::new().unwrap();
    netns::run_in(&net.ns_a, || {
        let mut port = AfXdpPort::open(&net.if_a, info(&net.if_a), &AfXdpOptions::default()).unwrap();
        let k0 = kernel_counts(&net.if_a).1;
        // (length, tagged, sent): the veth's MTU is 1500.
        let cases = [
            (60, false, true),
            (0, false, false),
            (5, false, false),
            (13, false, false),
            (14, false, true),
            (1514, false, true),
            (1515, false, false),
            (1518, true, true),
            (1519, true, false),
            (2048, false, false),
            (60, false, true),
        ];
        let mut b = port.tx_batch(cases.len());
        for &(len, tagged, _) in &cases {
            let s = b.slot().unwrap();
            s[..60].copy_from_slice(&frame(&net, 1));
            if tagged {
                s[12..14].copy_from_slice(&[0x81, 0x00]);
            }
            b.commit(TxMeta { len, stream: 0, departure: Nanos::ZERO });
        }
        let k = b.filled();
        assert_eq!(k, cases.len());
        let sent = cases.iter().filter(|c| c.2).count();
        assert_eq!(port.tx_commit(k).unwrap(), sent, "the port says how many it took");
        port.flush().unwrap();
        let c = port.counters();
        let wire = kernel_counts(&net.if_a).1 - k0;
        assert_eq!(wire, sent as u64, "the interface sent {wire}");
        assert_eq!(c.opackets, wire, "{c:?}");
        assert_eq!(c.oerrors, (cases.len() - sent) as u64, "{c:?}");
        let bytes: u32 = cases.iter().filter(|c| c.2).map(|c| c.0).sum();
        assert_eq!(c.obytes, u64::from(bytes), "{c:?}");
        assert_eq!(port.bad_completions(), 0);
        assert_eq!(port.in_flight(), 0);
        // The refused frames went back to the free list: a full window is still lent.
        let b = port.tx_batch(64);
        assert_eq!(b.slots(), 64);
    })
    .unwrap();
}
