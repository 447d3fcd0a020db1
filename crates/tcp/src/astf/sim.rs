//! TRex's ASTF simulator (`astf-sim --full`) on riptide's endpoints: one client endpoint
//! and one server endpoint joined back to back, no loss, a virtual clock, and TRex's
//! simulator's conventions, so that the frames compare with the goldens TRex's regression
//! keeps (trex-core scripts/automation/regression/functional_tests/golden/sim_astf-*.pcap).
//!
//! The conventions, as TRex's code sets them (trex-core src/stx/astf_batch, src/44bsd,
//! src/tuple_gen.cpp):
//! - the first flow opens at 110 ms (the batch core's 10 ms phase and 100 ms more), one
//!   every 1/cps after; flows open while the clock is below 10 ms + the duration (5 s),
//!   and the open ones run to their end;
//! - each frame reaches the other side 20 µs after it leaves (the receive flush);
//! - client addresses and server addresses each walk their range in order, one per flow;
//!   a client address's first port is `1025 + (lo16(214013 * index + 2531011) % 62976)`
//!   and each later flow of it takes the next;
//! - the client's and the server's stacks draw ISNs from a counter each, started at glibc's
//!   first two `rand()` values (1804289383, 846930886) and stepped by 31232;
//! - timestamps count milliseconds by the 50 ms tick of TRex's timer wheel (150 at 110 ms);
//! - MACs 18:18:18:18:18:18 (client) and 10:10:10:10:10:10 (server), TTL 127, IP
//!   identification 0 and DF; TRex's TCP defaults (MSS 1460, a 32 KiB receive buffer,
//!   window scaling, SACK and timestamps offered, an initial window of 10 segments).

use super::{AstfError, AstfProfile};
use crate::conn::TcpConfig;
use crate::endpoint::{Endpoint, EndpointConfig, IpHeader, Tune};
use crate::frame::Macs;
use riptide_wire::ethernet::EthernetAddress;
use std::collections::HashMap;
use std::net::Ipv4Addr;

/// The simulator's settings.
#[derive(Clone, Debug)]
pub struct SimConfig {
    /// How long flows keep opening, seconds (TRex's `-d`, 5 by default).
    pub duration_s: f64,
    /// The longest the simulated clock runs after the last flow opened, seconds; flows
    /// still open then are left (a profile whose programs never end).
    pub drain_s: f64,
    /// TRex's client clusters (`--cc`): each client's VLAN and MACs.
    pub clusters: Option<std::sync::Arc<crate::cluster::Clusters>>,
    /// The most frames, and bytes of frames, the simulation writes (it holds them all):
    /// past either it stops with an error.
    pub max_frames: usize,
    /// See `max_frames`.
    pub max_bytes: u64,
}

impl Default for SimConfig {
    fn default() -> Self {
        SimConfig { duration_s: 5.0, drain_s: 120.0, clusters: None, max_frames: MAX_FRAMES, max_bytes: MAX_BYTES }
    }
}

/// A frame as the client port saw it: sent by either side, at `t_ns` of the simulated clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimFrame {
    /// When it left its sender, ns.
    pub t_ns: u64,
    /// The Ethernet frame.
    pub bytes: Vec<u8>,
}

/// The client's MAC in TRex's simulator.
pub const CLIENT_MAC: [u8; 6] = [0x18; 6];
/// The server's MAC in TRex's simulator.
pub const SERVER_MAC: [u8; 6] = [0x10; 6];
/// The first flow opens here.
pub const FIRST_FLOW_NS: u64 = 110_000_000;
/// Flows open while the clock is below this plus the duration.
pub const PHASE_NS: u64 = 10_000_000;
/// A frame's trip from one side to the other.
pub const HOP_NS: u64 = 20_000;
/// TRex's timer wheel tick.
pub const TICK_NS: u64 = 50_000_000;
/// The client's first ISN (glibc's first `rand()`).
pub const CLIENT_ISS: u32 = 1_804_289_383;
/// The server's first ISN (glibc's second `rand()`).
pub const SERVER_ISS: u32 = 846_930_886;
/// What each connection adds to its side's ISN counter (TRex's `TCP_ISSINCR / 4`).
pub const ISS_STEP: u32 = 122 * 1024 / 4;
/// The rampup's step: 1 s of wheel ticks.
const RAMP_TICKS: u64 = 1_000_000_000 / TICK_NS;
/// The most frames one simulation writes.
pub const MAX_FRAMES: usize = 10_000_000;
/// The most bytes of frames one simulation writes (it holds them all): TRex's
/// ftp_multiple_flows_sim.py downloads 1,000 MB by default (1.05 GB of frames); a second of
/// an elephant flow on the simulator's link is ~60 MB.
pub const MAX_BYTES: u64 = 2 << 30;
/// The most flows one simulation opens (TRex's simulator is for a handful; a profile
/// asking millions is refused, not run for hours).
pub const MAX_FLOWS: u64 = 100_000;

/// TRex's TCP defaults (its `CTcpTunableCtx`), with the simulator's timestamp clock.
pub fn trex_tcp() -> TcpConfig {
    TcpConfig {
        mss: 1460,
        rcv_wnd: 32 * 1024,
        snd_buf: 32 * 1024,
        window_scaling: true,
        sack: true,
        timestamps: true,
        ts_tick_ns: TICK_NS,
        // TRex's flow timer: every 200 ms (its fast tick); ACKs wait for it.
        delayed_ack_ns: 200_000_000,
        abc_limit: 2,
        peer_mss: false,
        ack_before_close: true,
        nagle: true,
        // TRex looks at its retransmission timers once per 500 ms at most: a delayed ACK
        // (up to 250 ms) never meets one there.
        rto: crate::rtt::RtoConfig { initial_ns: 1_000_000_000, min_ns: 1_000_000_000, ..Default::default() },
        ..TcpConfig::default()
    }
}

/// The first port of client address `index` (TRex's `generate_rand_sport`, one thread).
pub fn first_port(index: u32) -> u16 {
    let rand = 214_013u32.wrapping_mul(index).wrapping_add(2_531_011);
    (1024 + u32::from(rand as u16) % (64_000 - 1024) + 1) as u16
}

/// Takes what `ep` sends now into `queue` (the other side's receive queue), recording each
/// frame in `out` at `stamp` when this side is the client.
fn send(
    ep: &mut Endpoint,
    now: u64,
    stamp: u64,
    queue: &mut Vec<Vec<u8>>,
    mut out: Option<&mut Vec<SimFrame>>,
    buf: &mut [u8],
) -> Result<(), AstfError> {
    while let Some(n) = ep.poll_transmit(now, buf) {
        if let Some(out) = out.as_deref_mut() {
            out.push(SimFrame { t_ns: stamp, bytes: buf[..n].to_vec() });
        }
        queue.push(buf[..n].to_vec());
    }
    Ok(())
}

/// Runs `profile` as TRex's `astf-sim --full` does; `file` names it in errors.
pub fn simulate(profile: &AstfProfile, file: &str, cfg: &SimConfig) -> Result<Vec<SimFrame>, AstfError> {
    let err = |message: String| AstfError { file: file.to_string(), message };
    let base = Tune { tcp: trex_tcp(), ip: IpHeader { ttl: 127, tos: 0, zero_ident: true, v6: None }, group: 0 };
    let low = profile.lower(file, &base)?;
    let endpoint_cfg = |tune: Tune, local: [u8; 6], peer: [u8; 6], iss: u32| EndpointConfig {
        tcp: tune.tcp,
        macs: Macs { local: EthernetAddress(local), peer: EthernetAddress(peer) },
        ip: tune.ip,
        isn_sequence: Some((iss, ISS_STEP)),
        timer_tick_ns: 1,
        timer_grain_ns: TICK_NS,
        rand_seed: 0x1234,
        verify_checksums: true,
        clusters: cfg.clusters.clone(),
        ..EndpointConfig::default()
    };
    let mut clients = low.clients.clone();
    for c in &mut clients {
        // The simulator opens every flow itself, with TRex's tuples.
        c.limit = Some(0);
    }
    let c_cfg = endpoint_cfg(low.client_tune, CLIENT_MAC, SERVER_MAC, CLIENT_ISS);
    let s_cfg = endpoint_cfg(low.server_tune, SERVER_MAC, CLIENT_MAC, SERVER_ISS);
    let mut client = Endpoint::with_clients(c_cfg, clients, Default::default()).map_err(|e| err(e.to_string()))?;
    let mut server = Endpoint::new(s_cfg, None, low.server.clone()).map_err(|e| err(e.to_string()))?;

    // TRex's batch core is a queue of timed nodes whose times are doubles summed step by
    // step: the flow generator (from 110 ms, 1/cps apart), the timer wheel's tick (from 0,
    // 50 ms apart) and the receive flush (from 0, 20 us apart). Which of two nodes due at
    // "the same" time runs first is decided by those sums' rounding, and the goldens show
    // it (a SYN-ACK 40 us after its SYN, not 20): the same sums are made here.
    let stop = 0.01 + cfg.duration_s.max(0.0);
    // One flow generator for all templates, 1/(the sum of their cps) apart, each flow of
    // a template TRex's scheduler draws by cps; a template past its limit opens nothing.
    let weighted: Vec<usize> =
        (0..profile.templates.len()).filter(|&i| profile.templates[i].client.cps > 0.0).collect();
    let total_cps: f64 = weighted.iter().map(|&i| profile.templates[i].client.cps).sum();
    let mut scheduler = Scheduler::new(&weighted.iter().map(|&i| profile.templates[i].client.cps).collect::<Vec<_>>());
    let mut left: Vec<u64> = profile.templates.iter().map(|t| t.client.limit.unwrap_or(u64::MAX)).collect();
    let mut fif = if weighted.is_empty() { f64::INFINITY } else { 0.01 + 0.1 };
    // Refused before any is opened where the generator would surely pass the cap (each
    // flow costs its handshake: 100,000 TLS ones are seconds of work for nothing).
    let cap: u64 = weighted.iter().map(|&i| left[i]).fold(0, u64::saturating_add);
    let owed = total_cps * (stop - fif).max(0.0);
    if profile.client_tunables.rampup_sec.is_none() && owed > (MAX_FLOWS + 2) as f64 && cap > MAX_FLOWS {
        return Err(err(format!("more than {MAX_FLOWS} flows in {} s: lower the cps or -d", cfg.duration_s)));
    }
    // TRex's rampup (`CAstfFifRampup`): the generator's step is 1/(cps * k / steps), at
    // most a quarter of the ramp, k going up by one each second (20 ticks of the wheel).
    let ramp_steps = profile.client_tunables.rampup_sec.map_or(0, u32::from);
    let mut ramp_k = 1u32;
    let fif_step = |k: u32| -> f64 {
        if ramp_steps == 0 {
            return 1.0 / total_cps;
        }
        let step = 1.0 / (total_cps * f64::from(k) / f64::from(ramp_steps));
        step.min(f64::from(ramp_steps) / 4.0)
    };
    let mut tw = 0.0f64;
    let mut flush = 0.0f64;
    let mut ticks_done = 0u64;
    let mut flows = 0u64;
    let tick_s = TICK_NS as f64 / 1e9;
    let flush_s = HOP_NS as f64 / 1e9;
    let end = stop + cfg.drain_s.max(0.0);

    // TRex's generator: each pool's next address, and each client address's next port.
    let mut next_client: HashMap<usize, u32> = HashMap::new();
    let mut next_server: HashMap<usize, u32> = HashMap::new();
    let mut ports: HashMap<Ipv4Addr, u16> = HashMap::new();

    let mut out = Vec::new();
    let (mut counted, mut bytes) = (0usize, 0u64);
    // What each side's receive queue holds.
    let mut to_server: Vec<Vec<u8>> = Vec::new();
    let mut to_client: Vec<Vec<u8>> = Vec::new();
    let mut buf = vec![0u8; 65_536];
    // The endpoints' clock for a node at `t` s: its nanosecond, moved 1 ns off a tick of
    // the wheel to the side of it the node ran on (the wheel's timers and the timestamps
    // count the ticks run).
    let clock = |t: f64, ticks_done: u64| -> u64 {
        let ns = (t * 1e9).round() as u64;
        let tick = (ns + TICK_NS / 2) / TICK_NS;
        if ns.abs_diff(tick * TICK_NS) < 1_000 {
            if tick < ticks_done {
                tick * TICK_NS + 1
            } else {
                (tick * TICK_NS).saturating_sub(1)
            }
        } else {
            ns
        }
    };
    let stamp = |t: f64| (t * 1e9).round() as u64;
    loop {
        // The next node: ties go to the generator, then the wheel, then the flush.
        let generating = left.iter().any(|&n| n > 0) && fif <= stop;
        let ft = if generating { fif } else { f64::INFINITY };
        let idle =
            !generating && to_server.is_empty() && to_client.is_empty() && client.active() == 0 && server.active() == 0;
        if idle || ft.min(tw).min(flush) > end {
            break;
        }
        if ft <= tw && ft <= flush {
            // A new flow, of the template the scheduler draws.
            let now = clock(ft, ticks_done);
            fif = ft + fif_step(ramp_k);
            let fi = weighted[scheduler.draw()];
            if left[fi] == 0 {
                continue;
            }
            left[fi] -= 1;
            flows += 1;
            if flows > MAX_FLOWS {
                return Err(err(format!("more than {MAX_FLOWS} flows in {} s: lower the cps or -d", cfg.duration_s)));
            }
            let c = &profile.templates[fi].client;
            let (cr, sr) = (&profile.ip_gens[c.client_ips], &profile.ip_gens[c.server_ips]);
            let ci = next_client.entry(c.client_ips).or_insert(0);
            let index = *ci % cr.count().max(1);
            *ci = ci.wrapping_add(1);
            let si = next_server.entry(c.server_ips).or_insert(0);
            let server_ip = Ipv4Addr::from(u32::from(sr.start).wrapping_add(*si % sr.count().max(1)));
            *si = si.wrapping_add(1);
            let client_ip = Ipv4Addr::from(u32::from(cr.start).wrapping_add(index));
            let port = ports.entry(client_ip).or_insert_with(|| first_port(index));
            let local = (client_ip, *port);
            *port = if *port >= 64_000 { 1025 } else { *port + 1 };
            client.open_to(now, fi, local, (server_ip, c.port)).map_err(|e| err(format!("flow at {ft} s: {e}")))?;
            send(&mut client, now, stamp(ft), &mut to_server, Some(&mut out), &mut buf)?;
        } else if tw <= flush {
            // The wheel's tick: the client's timers, then the server's.
            // The wheel's own clock is the tick itself: what its timers set again counts
            // from this tick, and the timestamps count it.
            ticks_done += 1;
            if ramp_k < ramp_steps && ticks_done > 1 && (ticks_done - 1).is_multiple_of(RAMP_TICKS) {
                ramp_k += 1;
            }
            let now = stamp(tw);
            client.handle_timeout(now);
            send(&mut client, now, stamp(tw), &mut to_server, Some(&mut out), &mut buf)?;
            server.handle_timeout(now);
            send(&mut server, now, stamp(tw), &mut to_client, None, &mut buf)?;
            tw += tick_s;
        } else {
            // The flush: the client reads what reached it (the client port's capture
            // records each frame then), then the server reads what reached it, the
            // client's answers included; the server's answers wait for the next flush.
            let now = clock(flush, ticks_done);
            // Each frame is answered before the next is read (TRex's input runs its
            // output per segment).
            for frame in std::mem::take(&mut to_client) {
                out.push(SimFrame { t_ns: stamp(flush), bytes: frame.clone() });
                client.handle_frame(now, &frame);
                send(&mut client, now, stamp(flush), &mut to_server, Some(&mut out), &mut buf)?;
            }
            for frame in std::mem::take(&mut to_server) {
                server.handle_frame(now, &frame);
                send(&mut server, now, stamp(flush), &mut to_client, None, &mut buf)?;
            }
            flush += flush_s;
        }
        bytes += out[counted..].iter().map(|f| f.bytes.len() as u64).sum::<u64>();
        counted = out.len();
        if out.len() > cfg.max_frames || bytes > cfg.max_bytes {
            return Err(err(format!(
                "more than {} frames or {} MiB of them: lower -d or the profile's rates and durations",
                cfg.max_frames,
                cfg.max_bytes >> 20
            )));
        }
    }
    Ok(out)
}

/// TRex's generator of uniform draws (`KxuLCRand`).
#[derive(Clone, Copy, Debug)]
struct LcRand(u32);

impl LcRand {
    fn new(seed: u32) -> LcRand {
        LcRand(if seed == 0 { 0x333 } else { seed } | 1)
    }

    fn next(&mut self) -> u32 {
        self.0 = self.0.wrapping_mul(69_069).wrapping_add(1);
        self.0
    }

    fn below(&mut self, n: u32) -> u32 {
        ((u64::from(self.next()) * u64::from(n)) >> 32) as u32
    }
}

/// TRex's template scheduler (`KxuNuRand`, Walker's alias method in 0.32 fixed point,
/// oroboro.com's): which template each new flow runs, weighted by cps, drawn from an
/// `LcRand` seeded 555 on the simulator's one thread. Its draws decide which flow runs
/// which template in a golden with several templates, so its arithmetic is TRex's.
#[derive(Clone, Debug)]
struct Scheduler {
    /// `(a, b, p)`: a draw of this bucket is `a` when a uniform draw is at most `p`, else `b`.
    buckets: Vec<(u32, u32, u32)>,
    rand: LcRand,
}

impl Scheduler {
    fn new(weights: &[f64]) -> Scheduler {
        let rand = LcRand::new(555);
        if weights.len() <= 1 {
            return Scheduler { buckets: vec![(0, 0, 0)], rand };
        }
        let sum: f64 = weights.iter().sum();
        let mut p: Vec<u32> = weights.iter().map(|w| (w / sum * f64::from(u32::MAX)) as u32).collect();
        normalize(&mut p);
        let last = p.len() - 1;
        let n = (p.iter().filter(|&&x| x != 0).count() as u32).max(2);
        let thresh = u32::MAX / (n - 1);
        let mut buckets = vec![(0u32, 0u32, 0u32); n as usize - 1];
        let (mut a, mut b) = (0usize, 0usize);
        for bucket in &mut buckets {
            a = a.min(last);
            while a < last && !(p[a] <= thresh && p[a] != 0) {
                a += 1;
            }
            if p[a] > thresh {
                a = 0;
                while a < last && p[a] > thresh {
                    a += 1;
                }
            }
            while b < last {
                if b == a {
                    b += 1;
                    continue;
                }
                if (p[a] >> 1) + (p[b] >> 1) >= thresh >> 1 {
                    break;
                }
                b += 1;
            }
            *bucket = (a as u32, b as u32, 0);
            if a != b {
                bucket.2 =
                    if (p[a] >> 1).wrapping_mul(n - 1) >= 0x8000_0000 { u32::MAX } else { p[a].wrapping_mul(n - 1) };
                p[b] = p[b].wrapping_sub(thresh.wrapping_sub(p[a]));
            }
            p[a] = 0;
            if b < a && p[b] < thresh {
                a = b;
            } else {
                a += 1;
            }
        }
        Scheduler { buckets, rand }
    }

    /// The next template's index among the weights.
    fn draw(&mut self) -> usize {
        let (a, b, p) = self.buckets[self.rand.below(self.buckets.len() as u32) as usize];
        (if self.rand.next() <= p { a } else { b }) as usize
    }
}

/// TRex's `normProbs`: fixed-point probabilities made to sum to exactly 2^32.
fn normalize(p: &mut [u32]) {
    let nonzero = p.iter().filter(|&&x| x != 0).count();
    if nonzero <= 1 {
        for x in p.iter_mut() {
            *x = if *x != 0 { u32::MAX } else { 0 };
        }
        return;
    }
    let to_biggest = |p: &mut [u32]| -> bool {
        let (mut max, mut at, mut sum) = (0u32, 0usize, 0u32);
        for (i, &x) in p.iter().enumerate() {
            sum = sum.wrapping_add(x);
            if x > max {
                max = x;
                at = i;
            }
        }
        let error = sum.wrapping_neg();
        if error < max / 1000 {
            p[at] = p[at].wrapping_add(error);
            return true;
        }
        false
    };
    if !to_biggest(p) {
        let error = p.iter().fold(0u32, |s, &x| s.wrapping_add(x)).wrapping_neg();
        for x in p.iter_mut() {
            *x = x.wrapping_add((f64::from(error) * (f64::from(*x) / f64::from(u32::MAX))) as u32);
        }
        if !to_biggest(p) {
            let mut error = p.iter().fold(0u32, |s, &x| s.wrapping_add(x)).wrapping_neg() as usize;
            while error > 0 {
                error -= 1;
                if let Some(x) = p.get_mut(error) {
                    *x = x.wrapping_add(1);
                }
            }
        }
    }
}

/// The frames as a pcap file with microsecond timestamps (TRex's simulator writes those).
pub fn pcap(frames: &[SimFrame]) -> Vec<u8> {
    let mut out = Vec::with_capacity(24 + frames.iter().map(|f| 16 + f.bytes.len()).sum::<usize>());
    out.extend_from_slice(&0xa1b2_c3d4u32.to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&4u16.to_le_bytes());
    out.extend_from_slice(&[0; 8]);
    out.extend_from_slice(&65_535u32.to_le_bytes());
    out.extend_from_slice(&1u32.to_le_bytes());
    for f in frames {
        let us = f.t_ns / 1_000;
        out.extend_from_slice(&((us / 1_000_000) as u32).to_le_bytes());
        out.extend_from_slice(&((us % 1_000_000) as u32).to_le_bytes());
        out.extend_from_slice(&(f.bytes.len() as u32).to_le_bytes());
        out.extend_from_slice(&(f.bytes.len() as u32).to_le_bytes());
        out.extend_from_slice(&f.bytes);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trex_first_ports_are_its_generators() {
        // The ports of TRex's goldens: client addresses 0..4, one flow each.
        let want = [41_668, 59_073, 10_942, 28_347, 45_752];
        for (i, w) in want.iter().enumerate() {
            assert_eq!(first_port(i as u32), *w);
        }
    }

    #[test]
    fn the_scheduler_draws_as_trex_does() {
        // tcp_param_change's golden: two templates at 1 cps each, its ten flows on ports
        // 80 80 8080 8080 80 8080 8080 8080 80 80.
        let mut s = Scheduler::new(&[1.0, 1.0]);
        let got: Vec<usize> = (0..10).map(|_| s.draw()).collect();
        assert_eq!(got, [0, 0, 1, 1, 0, 1, 1, 1, 0, 0]);
        // One template: always it (and two draws spent, as TRex spends them).
        let mut one = Scheduler::new(&[3.0]);
        assert!((0..5).all(|_| one.draw() == 0));
        // Weights are kept: 3:1 over many draws.
        let mut w = Scheduler::new(&[3.0, 1.0, 0.0]);
        let mut n = [0u32; 3];
        for _ in 0..40_000 {
            n[w.draw()] += 1;
        }
        assert_eq!(n[2], 0);
        assert!((29_000..31_000).contains(&n[0]), "{n:?}");
    }
}
