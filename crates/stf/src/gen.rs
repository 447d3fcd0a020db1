//! The flow generator: templates started at their CPS, each flow's next packet a timer.
//!
//! A flow is 20 bytes (template, packet index, client, server, client port, flow id) in
//! a slab; its next packet is one timer in the scheduler (a [`riptide_timer::TimerWheel`]
//! or the heap baseline). [`FlowGen::poll_transmit`] starts the flows due by `now`, fires the
//! timers due, and hands out each packet rewritten for its flow: client and server
//! addresses from the pools, the client port, an IP id unique per flow, and the IPv4,
//! UDP and TCP checksums fixed. Client-to-server packets go to port 0, server-to-client
//! packets to port 1 (TRex's dual ports).

use crate::profile::{Distribution, StfProfile};
use crate::template::{Conversation, Dir, TemplatePacket};
use riptide_core::Rng;
use riptide_timer::{Scheduler, SchedulerKind, WheelConfig, WheelConfigError};
use riptide_wire::ethernet::{self, EtherType};
use riptide_wire::{checksum, icmpv6, ipv4, ipv6, tcp, udp, vlan};
use serde::{Deserialize, Serialize};
use std::net::Ipv4Addr;

/// One active flow: 20 bytes.
#[derive(Clone, Copy, Debug, Default)]
struct Flow {
    tmpl: u16,
    pkt: u16,
    client: u32,
    server: u32,
    cport: u16,
    id: u32,
}

struct Tmpl {
    conv: Conversation,
    /// Gaps (ns) before each packet, after the profile's ipg/rtt rules.
    gaps: Vec<u64>,
    /// Nanoseconds between two starts of the template (all shards together).
    period_ns: f64,
    limit: Option<u64>,
    /// The template's limit over all shards.
    limit_all: Option<u64>,
    started: u64,
    keep_src_port: bool,
    server: Option<u32>,
    /// Its client and server pools (indices into the generator's; 0 is `default`).
    client_pool: usize,
    server_pool: usize,
    /// Per packet: its checksums' sums over everything a flow does not rewrite.
    sums: Vec<Sums>,
}

/// The unfolded one's complement sums of a template packet with the fields a flow rewrites
/// (addresses, IP id, ports) and the checksums zeroed: a flow's checksums are then these
/// plus its own fields, O(1) per packet whatever the packet's length.
#[derive(Clone, Copy, Debug, Default)]
struct Sums {
    ip: u64,
    /// L4 segment plus the pseudo header's protocol and length; `None`: leave the L4
    /// checksum alone (not UDP/TCP, truncated, or UDP sent without a checksum).
    l4: Option<u64>,
}

impl Sums {
    fn of(p: &TemplatePacket) -> Sums {
        let (l3, l4, f) = (p.l3 as usize, p.l4 as usize, &p.data);
        // The fixed part of the addresses (none for IPv4; IPv6's upper 96 bits) and where the
        // L4 segment ends, from the IP header's own length.
        let (ip, fixed, end) = if p.v6 {
            if f.len() < l3 + ipv6::HEADER_LEN || l4 != l3 + ipv6::HEADER_LEN {
                return Sums::default();
            }
            let (src, dst) = (&f[l3 + ipv6::SRC_ADDR.start..], &f[l3 + ipv6::DST_ADDR.start..]);
            let fixed = u64::from(checksum::sum(&src[..12])) + u64::from(checksum::sum(&dst[..12]));
            (0, fixed, l4 + usize::from(ipv6::Packet::new_unchecked(&f[l3..]).payload_len()))
        } else {
            if f.len() < l3 + ipv4::HEADER_LEN || l4 < l3 + ipv4::HEADER_LEN || l4 > f.len() {
                return Sums::default();
            }
            let mut h = f[l3..l4].to_vec();
            for r in [ipv4::IDENT..ipv4::IDENT + 2, ipv4::CHECKSUM..ipv4::CHECKSUM + 2, ipv4::ADDRS] {
                h[r].fill(0);
            }
            (u64::from(checksum::sum(&h)), 0, l3 + usize::from(ipv4::Packet::new_unchecked(&f[l3..]).total_len()))
        };
        let end = end.min(f.len());
        // Where the L4 checksum sits, and how many leading bytes (ports) a flow rewrites.
        let place = match (p.proto, p.v6) {
            (6, _) => Some((tcp::CHECKSUM, 4)),
            (17, _) => Some((udp::CHECKSUM, 4)),
            (58, true) => Some((icmpv6::CHECKSUM, 0)),
            _ => None,
        };
        let l4sum = place.and_then(|(at, ports)| {
            let mut seg = f.get(l4..end)?.to_vec();
            if at + 2 > seg.len() || (p.proto == 17 && !p.v6 && seg[at] == 0 && seg[at + 1] == 0) {
                return None;
            }
            seg[0..ports].fill(0);
            seg[at..at + 2].fill(0);
            Some(u64::from(checksum::sum(&seg)) + u64::from(p.proto) + (end - l4) as u64 + fixed)
        });
        Sums { ip, l4: l4sum }
    }
}

/// An address pool at run time.
#[derive(Clone, Copy, Debug)]
struct Pool {
    base: u32,
    size: u32,
    dist: Distribution,
}

/// The most flows one generator (one core's shard) holds at once: beyond it new flows
/// wait for old ones to end (16.7M flows: ~0.7 GB with the scheduler's entries).
pub const MAX_FLOWS: usize = 1 << 24;

/// The most flows one poll starts.
const STARTS_PER_POLL: u32 = 4096;

impl Pool {
    fn new(start: Ipv4Addr, end: Ipv4Addr, dist: Distribution) -> Pool {
        Pool { base: u32::from(start), size: u32::from(end) - u32::from(start) + 1, dist }
    }

    /// The next address for a flow whose number in the pool is `seq`.
    fn draw(&self, seq: u64, rng: &mut Rng) -> u32 {
        let i = match self.dist {
            Distribution::Seq => (seq % u64::from(self.size)) as u32,
            Distribution::Random => rng.below(u64::from(self.size)) as u32,
            Distribution::Normal => {
                // Box-Muller: mean the middle of the range, 99.7% of draws within it.
                let u1 = (f64::from(rng.next_u32()) + 1.0) / 4_294_967_296.0;
                let u2 = f64::from(rng.next_u32()) / 4_294_967_296.0;
                let z = (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos();
                let n = f64::from(self.size);
                ((n - 1.0) / 2.0 + z * n / 6.0).round().clamp(0.0, n - 1.0) as u32
            }
        };
        self.base + i
    }
}

/// Puts an 802.1Q tag with `vid` on a template packet: a new outer tag, or the VID of
/// the pcap's own outer tag replaced.
fn tag(p: &mut TemplatePacket, vid: u16) {
    let d = &mut p.data;
    let Ok(eth) = ethernet::Frame::new_checked(&d[..]) else { return };
    if eth.ethertype() == EtherType::VLAN {
        if let Ok(mut t) = vlan::Tag::new_checked(&mut d[ethernet::HEADER_LEN..]) {
            t.set_vid(vid);
        }
        return;
    }
    // The frame's EtherType moves into the tag; the tag's TPID takes its place.
    let inner = eth.ethertype();
    let mut tag = [0u8; vlan::HEADER_LEN];
    vlan::Repr { pcp: 0, dei: false, vid, ethertype: inner }.emit(&mut vlan::Tag::new_unchecked(&mut tag[..]));
    let mut t = Vec::with_capacity(d.len() + vlan::HEADER_LEN);
    t.extend_from_slice(&d[..ethernet::HEADER_LEN]);
    t.extend_from_slice(&tag);
    t.extend_from_slice(&d[ethernet::HEADER_LEN..]);
    ethernet::Frame::new_unchecked(&mut t[..]).set_ethertype(EtherType::VLAN);
    *d = t;
    p.l3 += vlan::HEADER_LEN as u16;
    p.l4 += vlan::HEADER_LEN as u16;
}

/// TRex's global counters (`m_*`), plus bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GenStats {
    /// Flows open now.
    pub m_active_flows: u64,
    /// Flows opened.
    pub m_total_open_flows: u64,
    /// Flows closed (their last packet sent).
    pub m_total_close_flows: u64,
    /// Packets sent.
    pub tx_packets: u64,
    /// Bytes sent (FCS excluded).
    pub tx_bytes: u64,
    /// Packets a port could not take.
    pub m_total_queue_full: u64,
}

impl GenStats {
    /// Adds another generator's counters (one shard's, for the totals of all cores).
    pub fn add(&mut self, o: &GenStats) {
        self.m_active_flows += o.m_active_flows;
        self.m_total_open_flows += o.m_total_open_flows;
        self.m_total_close_flows += o.m_total_close_flows;
        self.tx_packets += o.tx_packets;
        self.tx_bytes += o.tx_bytes;
        self.m_total_queue_full += o.m_total_queue_full;
    }
}

/// The generator.
pub struct FlowGen {
    tmpls: Vec<Tmpl>,
    sched: Box<dyn Scheduler<u32> + Send>,
    flows: Vec<Flow>,
    free: Vec<u32>,
    /// Client pools: the generator's own (`default`) first, then `generator_clients`.
    clients: Vec<Pool>,
    /// Server pools, likewise.
    servers: Vec<Pool>,
    rng: Rng,
    end_ns: Option<u64>,
    /// `(k, n)`: this shard's flows are numbered k, k + n, k + 2n ...
    shard: (u64, u64),
    scratch: Vec<u8>,
    /// The counters.
    pub stats: GenStats,
    /// [`MAX_FLOWS`] (tests lower it).
    max_flows: usize,
}

/// What the generator is built from besides the profile.
#[derive(Clone, Copy, Debug)]
pub struct GenOptions {
    /// CPS multiplier (`-m`).
    pub multiplier: f64,
    /// Seconds of flow starts (`-d`, else the profile's duration, else unbounded).
    pub duration_s: Option<f64>,
    /// Scheduler.
    pub scheduler: SchedulerKind,
    /// Scale each flow's gaps so this many flows are active at steady state.
    pub active_flows: Option<u64>,
    /// Seed of the random distribution.
    pub seed: u64,
    /// This generator's share of the flows: `(k, n)` starts the flows whose number is
    /// `k` modulo `n` (one shard per core, `-c n`); `(0, 1)` starts them all. With the
    /// `seq` distribution the `n` shards together start exactly the flows one would, with
    /// the same addresses, ports and start times.
    pub shard: (u32, u32),
}

impl Default for GenOptions {
    fn default() -> Self {
        GenOptions {
            multiplier: 1.0,
            duration_s: None,
            scheduler: SchedulerKind::Wheel,
            active_flows: None,
            seed: 1,
            shard: (0, 1),
        }
    }
}

impl FlowGen {
    /// A generator for `profile` with its conversations (one per `cap_info`, in order).
    pub fn new(profile: &StfProfile, convs: Vec<Conversation>, opts: GenOptions) -> Result<FlowGen, WheelConfigError> {
        let (k, n) = (u64::from(opts.shard.0), u64::from(opts.shard.1.max(1)));
        assert!(k < n, "shard {k} of {n}");
        let us = |v: f64| (v * 1000.0).round() as u64;
        let cap_ipg = profile.cap_ipg.unwrap_or(false);
        let mut tmpls = Vec::new();
        let g = &profile.generator;
        let mut clients = vec![Pool::new(g.clients_start, g.clients_end, g.distribution)];
        clients.extend(g.generator_clients.iter().map(|p| Pool::new(p.ip_start, p.ip_end, p.distribution)));
        let mut servers = vec![Pool::new(g.servers_start, g.servers_end, g.distribution)];
        servers.extend(g.generator_servers.iter().map(|p| Pool::new(p.ip_start, p.ip_end, p.distribution)));
        // A pool by name: 0 for `default` or none (the profile's validation found the names).
        let by_name = |name: &Option<String>, named: &[crate::profile::Pool]| {
            name.as_ref().and_then(|n| named.iter().position(|p| &p.name == n)).map_or(0, |i| i + 1)
        };
        for (info, mut conv) in profile.cap_info.iter().zip(convs) {
            if let Some((c, s)) = profile.ipv6_prefixes() {
                conv.set_ipv6_prefixes(c, s);
            }
            if let Some(v) = profile.vlan.filter(|v| v.enable == 1) {
                for p in &mut conv.packets {
                    tag(p, if p.dir == Dir::C2S { v.vlan0 } else { v.vlan1 });
                }
            }
            let mut gaps = Vec::with_capacity(conv.packets.len());
            for (i, p) in conv.packets.iter().enumerate() {
                let g = if i == 0 {
                    0
                } else if cap_ipg {
                    let min = profile.cap_ipg_min.map(us).unwrap_or(0);
                    match profile.cap_override_ipg {
                        Some(o) if p.gap_ns > min => us(o),
                        _ => p.gap_ns.max(min),
                    }
                } else if p.dir != conv.packets[i - 1].dir {
                    us(info.rtt.or(info.ipg).unwrap_or(10_000.0))
                } else {
                    us(info.ipg.unwrap_or(10_000.0))
                };
                gaps.push(g);
            }
            let period = 1e9 / (info.cps * opts.multiplier);
            tmpls.push(Tmpl {
                sums: conv.packets.iter().map(Sums::of).collect(),
                conv,
                gaps,
                period_ns: period,
                // This shard's flows of the template: numbers k, k + n, ... of the whole.
                limit: info.limit.map(|l| (l + n - 1 - k) / n),
                limit_all: info.limit,
                started: 0,
                keep_src_port: info.keep_src_port.unwrap_or(false),
                server: if info.one_app_server == Some(true) { info.server_addr.map(u32::from) } else { None },
                client_pool: by_name(&info.client_pool, &g.generator_clients),
                server_pool: by_name(&info.server_pool, &g.generator_servers),
            });
        }
        // --active-flows N: stretch every flow so that sum(cps * lifetime) = N.
        if let Some(n) = opts.active_flows {
            let now: f64 = tmpls.iter().map(|t| (1e9 / t.period_ns) * t.gaps.iter().sum::<u64>() as f64 / 1e9).sum();
            if now > 0.0 {
                let k = n as f64 / now;
                for t in &mut tmpls {
                    for g in &mut t.gaps {
                        *g = (*g as f64 * k).round() as u64;
                    }
                }
            }
        }
        let tw = profile.tw.unwrap_or(crate::profile::TwSpec { buckets: None, levels: None, bucket_time_usec: None });
        let d = WheelConfig::default();
        let config = WheelConfig {
            tick_ns: tw.bucket_time_usec.map_or(d.tick_ns, |u| ((u * 1000.0).round() as u64).max(1)),
            buckets: tw.buckets.unwrap_or(d.buckets),
            levels: tw.levels.unwrap_or(d.levels),
            ..d
        };
        let duration = opts.duration_s.or(profile.duration);
        Ok(FlowGen {
            tmpls,
            sched: opts.scheduler.build(config)?,
            flows: Vec::new(),
            free: Vec::new(),
            clients,
            servers,
            rng: Rng::new(opts.seed ^ k.wrapping_mul(0x9e37_79b9_7f4a_7c15)),
            end_ns: duration.map(|s| (s * 1e9) as u64),
            shard: (k, n),
            scratch: Vec::with_capacity(2048),
            max_flows: MAX_FLOWS,
            stats: GenStats::default(),
        })
    }

    /// Bytes of state per active flow (flow record + its slab slot; the scheduler's own
    /// entry comes on top).
    pub const FLOW_BYTES: usize = std::mem::size_of::<Flow>();

    /// When template `t`'s next flow of this shard starts, ns (computed from its number,
    /// not accumulated, so every shard count gives the same instants).
    fn next_start(&self, t: &Tmpl) -> u64 {
        ((t.started * self.shard.1 + self.shard.0) as f64 * t.period_ns) as u64
    }

    /// When something is next due (a flow start or a packet), ns; `None` when done.
    pub fn poll_timeout(&self) -> Option<u64> {
        // At the flow limit, nothing starts before a flow ends (a scheduled event).
        let starts = if self.at_capacity() { None } else { self.next_starts() };
        match (starts, self.sched.next_deadline()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Whether the generator holds [`MAX_FLOWS`] flows and none has ended to make room.
    fn at_capacity(&self) -> bool {
        self.free.is_empty() && self.flows.len() >= self.max_flows
    }

    /// The earliest start still to come, over the templates.
    fn next_starts(&self) -> Option<u64> {
        self.tmpls
            .iter()
            .filter(|t| t.limit.is_none_or(|l| t.started < l))
            .map(|t| self.next_start(t))
            .filter(|&s| self.end_ns.is_none_or(|e| s < e))
            .min()
    }

    /// Whether every flow has been started and has ended.
    pub fn is_done(&self) -> bool {
        self.poll_timeout().is_none()
    }

    /// How many flows of the templates `which` selects start before template `ti`'s flow
    /// number `mine` (over all shards) at `at`: those starting earlier, and at the same
    /// instant those of lower templates.
    fn flows_before(&self, at: u64, ti: usize, mine: u64, which: impl Fn(&Tmpl) -> bool) -> u64 {
        let mut n = 0;
        for (j, u) in self.tmpls.iter().enumerate() {
            if !which(u) {
                continue;
            }
            if j == ti {
                n += mine;
                continue;
            }
            let started = |i: u64| (i as f64 * u.period_ns) as u64;
            // The first flow number of `u` that does not come before: starts at or after
            // `at` (after, for templates listed before `ti`).
            let before = |x: u64| if j < ti { x <= at } else { x < at };
            let mut i = (at as f64 / u.period_ns).ceil().max(0.0) as u64;
            while i > 0 && !before(started(i - 1)) {
                i -= 1;
            }
            while before(started(i)) {
                i += 1;
            }
            // Flows that never start: past the template's limit or the run's end.
            let mut count = u.limit_all.map_or(i, |l| i.min(l));
            if let Some(e) = self.end_ns {
                let mut last = (e as f64 / u.period_ns).ceil().max(0.0) as u64;
                while last > 0 && started(last - 1) >= e {
                    last -= 1;
                }
                while started(last) < e {
                    last += 1;
                }
                count = count.min(last);
            }
            n += count;
        }
        n
    }

    fn start_flows(&mut self, now_ns: u64) {
        // Bounded work per poll: a profile asking for more flows at once than this (a
        // huge cps, or a long stall) starts the rest on the next polls, which come at
        // once (poll_timeout says they are due); memory is bounded by MAX_FLOWS.
        let mut budget = STARTS_PER_POLL;
        for ti in 0..self.tmpls.len() {
            loop {
                if budget == 0 || self.at_capacity() {
                    return;
                }
                let t = &self.tmpls[ti];
                let at = self.next_start(t);
                if at > now_ns || self.end_ns.is_some_and(|e| at >= e) || t.limit.is_some_and(|l| t.started >= l) {
                    break;
                }
                budget -= 1;
                // A flow's number in each pool, and among all flows, is its place in the
                // order of all templates' starts (time, then template), computed from the
                // templates' rates: the same whatever the scheduler, the core count or how
                // polls cut time (several templates used to interleave by poll).
                let (cp, sp) = (t.client_pool, t.server_pool);
                let mine = t.started * self.shard.1 + self.shard.0;
                let cseq = self.flows_before(at, ti, mine, |u| u.client_pool == cp);
                let sseq = self.flows_before(at, ti, mine, |u| u.server_pool == sp);
                let id = self.flows_before(at, ti, mine, |_| true) as u32;
                let client = self.clients[cp].draw(cseq, &mut self.rng);
                let server = self.servers[sp].draw(sseq, &mut self.rng);
                let csize = u64::from(self.clients[cp].size);
                let t = &mut self.tmpls[ti];
                let server = t.server.unwrap_or(server);
                let cport = if t.keep_src_port {
                    t.conv.client_port
                } else {
                    // Ports 1025..65535, one per flow of the client in turn.
                    1025 + ((cseq / csize) % 64_511) as u16
                };
                let flow = Flow { tmpl: ti as u16, pkt: 0, client, server, cport, id };
                let slot = match self.free.pop() {
                    Some(s) => {
                        self.flows[s as usize] = flow;
                        s
                    }
                    None => {
                        self.flows.push(flow);
                        (self.flows.len() - 1) as u32
                    }
                };
                t.started += 1;
                self.stats.m_total_open_flows += 1;
                self.stats.m_active_flows += 1;
                self.sched.insert(at, slot);
            }
        }
    }

    /// Starts the flows due and sends the packets due by `now_ns`: `emit(port, departure,
    /// frame)` returns false when the port is full (the packet is counted as queue-full
    /// and the flow goes on). Returns the packets handed out.
    pub fn poll_transmit(&mut self, now_ns: u64, max: usize, emit: &mut dyn FnMut(usize, u64, &[u8]) -> bool) -> usize {
        self.start_flows(now_ns);
        let mut n = 0;
        while n < max {
            let Some((deadline, slot)) = self.sched.pop_expired(now_ns) else { break };
            let flow = self.flows[slot as usize];
            let t = &self.tmpls[flow.tmpl as usize];
            let p = &t.conv.packets[flow.pkt as usize];
            self.scratch.clear();
            self.scratch.extend_from_slice(&p.data);
            let sums = t.sums[flow.pkt as usize];
            rewrite(&mut self.scratch, p, &flow, t.conv.server_port, sums);
            let port = if p.dir == Dir::C2S { 0 } else { 1 };
            if emit(port, deadline, &self.scratch) {
                self.stats.tx_packets += 1;
                self.stats.tx_bytes += self.scratch.len() as u64;
            } else {
                self.stats.m_total_queue_full += 1;
            }
            n += 1;
            let next = flow.pkt as usize + 1;
            if next < t.conv.packets.len() {
                let at = deadline + t.gaps[next];
                self.flows[slot as usize].pkt = next as u16;
                self.sched.insert(at, slot);
            } else {
                self.free.push(slot);
                self.stats.m_active_flows -= 1;
                self.stats.m_total_close_flows += 1;
            }
        }
        n
    }
}

fn put16(f: &mut [u8], at: usize, v: u16) {
    f[at..at + 2].copy_from_slice(&v.to_be_bytes());
}

/// The low 32 bits of an IPv6 address field at `at` (the pool address of a flow).
fn low32(at: std::ops::Range<usize>) -> std::ops::Range<usize> {
    at.end - 4..at.end
}

/// Rewrites addresses, ports and IP id (IPv6: flow label) for `flow`, and sets the
/// checksums from the template's [`Sums`] plus the rewritten fields.
fn rewrite(f: &mut [u8], p: &TemplatePacket, flow: &Flow, sport_server: u16, sums: Sums) {
    let (l3, l4) = (p.l3 as usize, p.l4 as usize);
    let (src, dst) = match p.dir {
        Dir::C2S => (flow.client, flow.server),
        Dir::S2C => (flow.server, flow.client),
    };
    let addrs = u64::from(src >> 16) + u64::from(src & 0xffff) + u64::from(dst >> 16) + u64::from(dst & 0xffff);
    let id = (flow.id as u16).wrapping_add(flow.pkt);
    if p.v6 {
        if f.len() < l3 + ipv6::HEADER_LEN {
            return;
        }
        // The pool addresses in the low 32 bits; the flow id in the flow label.
        let h = &mut f[l3..];
        h[low32(ipv6::SRC_ADDR)].copy_from_slice(&src.to_be_bytes());
        h[low32(ipv6::DST_ADDR)].copy_from_slice(&dst.to_be_bytes());
        ipv6::Packet::new_unchecked(h).set_flow_label(flow.id);
    } else {
        if f.len() < l3 + ipv4::HEADER_LEN || l4 < l3 + ipv4::HEADER_LEN {
            return;
        }
        let mut ip = ipv4::Packet::new_unchecked(&mut f[l3..]);
        ip.set_src_addr(src.into());
        ip.set_dst_addr(dst.into());
        ip.set_ident(id);
        ip.set_checksum(!checksum::fold(sums.ip + addrs + u64::from(id)));
    }
    let Some(l4sum) = sums.l4 else { return };
    if p.proto == 58 {
        put16(f, l4 + icmpv6::CHECKSUM, !checksum::fold(l4sum + addrs));
        return;
    }
    let (sp, dp) = match p.dir {
        Dir::C2S => (flow.cport, sport_server),
        Dir::S2C => (sport_server, flow.cport),
    };
    // UDP and TCP both begin with the two ports.
    let mut ports = udp::Packet::new_unchecked(&mut f[l4..]);
    ports.set_src_port(sp);
    ports.set_dst_port(dp);
    let at = if p.proto == 6 { l4 + tcp::CHECKSUM } else { l4 + udp::CHECKSUM };
    let c = !checksum::fold(l4sum + addrs + u64::from(sp) + u64::from(dp));
    put16(f, at, if p.proto == 17 { udp::transmitted(c) } else { c });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::parse;
    use crate::template::conversation;

    pub(crate) fn udp10() -> Conversation {
        // Ten 64 B UDP packets, 5 each way, like TRex's documentation example.
        let mut recs = Vec::new();
        for i in 0..10u64 {
            let mut f = vec![0u8; 60];
            f[12..14].copy_from_slice(&[8, 0]);
            f[14] = 0x45;
            f[16..18].copy_from_slice(&46u16.to_be_bytes());
            f[22] = 64;
            f[23] = 17;
            let (a, b) = ([10, 0, 0, 1], [10, 0, 0, 2]);
            let (s, d) = if i % 2 == 0 { (a, b) } else { (b, a) };
            f[26..30].copy_from_slice(&s);
            f[30..34].copy_from_slice(&d);
            let (sp, dp) = if i % 2 == 0 { (1025u16, 53u16) } else { (53, 1025) };
            f[34..36].copy_from_slice(&sp.to_be_bytes());
            f[36..38].copy_from_slice(&dp.to_be_bytes());
            f[38..40].copy_from_slice(&26u16.to_be_bytes());
            f[40] = 1; // nonzero checksum placeholder: UDP checksum on
            recs.push((i * 1000, f));
        }
        conversation(&recs).unwrap()
    }

    const DOC: &str = "- duration: 1.0\n  generator: {distribution: seq, clients_start: 16.0.0.1, clients_end: 16.0.0.255, servers_start: 48.0.0.1, servers_end: 48.0.255.255}\n  cap_info:\n    - {name: udp10.pcap, cps: 100, ipg: 200, rtt: 200, w: 1}\n";

    fn run(opts: GenOptions) -> (FlowGen, Vec<(usize, u64, Vec<u8>)>) {
        let p = parse(DOC, "d.yaml").unwrap();
        let mut g = FlowGen::new(&p, vec![udp10()], opts).unwrap();
        let mut out = Vec::new();
        while let Some(t) = g.poll_timeout() {
            g.poll_transmit(t, usize::MAX, &mut |port, at, f| {
                out.push((port, at, f.to_vec()));
                true
            });
        }
        (g, out)
    }

    #[test]
    fn cps_times_duration_flows_of_ten_packets_with_the_gaps() {
        let (g, out) = run(GenOptions::default());
        assert_eq!(g.stats.m_total_open_flows, 100);
        assert_eq!(g.stats.m_total_close_flows, 100);
        assert_eq!(g.stats.m_active_flows, 0);
        assert_eq!(out.len(), 1000);
        // Flow 0 starts at 0: its packets at 0, 200, 400 ... us, alternating ports.
        let flow0: Vec<&(usize, u64, Vec<u8>)> = out.iter().filter(|o| o.1 < 10_000_000).collect();
        assert_eq!(flow0.len(), 10);
        for (i, o) in flow0.iter().enumerate() {
            assert_eq!(o.1, i as u64 * 200_000);
            assert_eq!(o.0, i % 2);
        }
        // Every frame: addresses from the pools, checksums right.
        for (_, _, f) in &out {
            let ip = riptide_wire::ipv4::Packet::new_checked(&f[14..]).unwrap();
            assert!(ip.verify_checksum());
            let (s, d) = (ip.src_addr(), ip.dst_addr());
            let (c, srv) = if f[34..36] == 53u16.to_be_bytes() { (d, s) } else { (s, d) };
            assert!(c.octets()[..3] == [16, 0, 0] && srv.octets()[..2] == [48, 0], "{c} {srv}");
            let udp = riptide_wire::udp::Packet::new_checked(&f[34..]).unwrap();
            assert!(udp.verify_checksum(&riptide_wire::ip::IpAddress::V4(s), &riptide_wire::ip::IpAddress::V4(d)));
        }
    }

    #[test]
    fn the_heap_gives_the_same_packets_and_flow_state_is_small() {
        let (_, a) = run(GenOptions::default());
        let (_, b) = run(GenOptions { scheduler: SchedulerKind::Heap, ..Default::default() });
        let key = |v: &Vec<(usize, u64, Vec<u8>)>| {
            let mut k: Vec<(u64, usize, Vec<u8>)> = v.iter().map(|(p, t, f)| (*t, *p, f.clone())).collect();
            k.sort();
            k
        };
        assert_eq!(key(&a), key(&b));
        const { assert!(FlowGen::FLOW_BYTES <= 24) };
    }

    #[test]
    fn shards_together_start_exactly_the_flows_of_one_generator() {
        let key = |v: Vec<(usize, u64, Vec<u8>)>| {
            let mut k: Vec<(u64, usize, Vec<u8>)> = v.into_iter().map(|(p, t, f)| (t, p, f)).collect();
            k.sort();
            k
        };
        let (whole, a) = run(GenOptions::default());
        for n in [2u32, 3, 7] {
            let mut b = Vec::new();
            let mut opened = 0;
            for k in 0..n {
                let (g, part) = run(GenOptions { shard: (k, n), ..Default::default() });
                // Shards split the flows evenly (within one).
                let share = g.stats.m_total_open_flows;
                assert!(share.abs_diff(whole.stats.m_total_open_flows / u64::from(n)) <= 1, "{k}/{n}: {share}");
                opened += share;
                b.extend(part);
            }
            assert_eq!(opened, whole.stats.m_total_open_flows);
            assert_eq!(key(b), key(a.clone()), "{n} shards");
        }
    }

    /// Every packet of `text`'s profile with two templates, polled at each event or in
    /// coarse `step_ns` steps, on `shards` shards, sorted.
    fn two_templates(opts: GenOptions, shards: u32, step_ns: Option<u64>) -> Vec<(u64, usize, Vec<u8>)> {
        let text = "- duration: 1.0\n  generator: {distribution: seq, clients_start: 16.0.0.1, clients_end: 16.0.0.50, servers_start: 48.0.0.1, servers_end: 48.0.0.9}\n  cap_info:\n    - {name: a.pcap, cps: 100, ipg: 300, rtt: 300, w: 1}\n    - {name: b.pcap, cps: 37, ipg: 100, rtt: 100, w: 1}\n";
        let p = parse(text, "two.yaml").unwrap();
        let mut b = udp10();
        b.server_port = 99;
        let mut out = Vec::new();
        for k in 0..shards {
            let o = GenOptions { shard: (k, shards), ..opts };
            let mut g = FlowGen::new(&p, vec![udp10(), b.clone()], o).unwrap();
            let mut now = 0;
            while let Some(t) = g.poll_timeout() {
                now = match step_ns {
                    None => t,
                    Some(s) => (now + s).max(t),
                };
                g.poll_transmit(now, usize::MAX, &mut |port, at, f| {
                    out.push((at, port, f.to_vec()));
                    true
                });
            }
        }
        out.sort();
        out
    }

    #[test]
    fn seq_assignment_with_several_templates_is_the_same_for_any_scheduler_cores_or_polls() {
        // Issue 15.14: flows of several templates took pool addresses in poll order, so
        // the wheel, the heap and the core count gave different packets.
        let base = two_templates(GenOptions::default(), 1, None);
        assert_eq!(base.len(), 1000 + 370);
        let heap = GenOptions { scheduler: SchedulerKind::Heap, ..Default::default() };
        assert_eq!(two_templates(heap, 1, None), base, "heap vs wheel");
        assert_eq!(two_templates(GenOptions::default(), 1, Some(7_000_000)), base, "coarse polls");
        for n in [2, 3] {
            assert_eq!(two_templates(GenOptions::default(), n, Some(3_000_000)), base, "{n} shards");
        }
        // The pools are walked in order: 137 flows over 50 clients, every client used.
        let clients: std::collections::BTreeSet<[u8; 4]> =
            base.iter().filter(|(_, p, _)| *p == 0).map(|(_, _, f)| [f[26], f[27], f[28], f[29]]).collect();
        assert_eq!(clients.len(), 50);
    }

    /// An IPv6 frame from `src` to `dst` (low bytes), UDP 1025 -> 53 one way or an ICMPv6
    /// echo, with a made-up checksum.
    fn v6(src: u8, dst: u8, udp: bool, back: bool) -> Vec<u8> {
        let payload = 12usize;
        let mut f = vec![0u8; 14 + 40 + 8 + payload];
        f[12..14].copy_from_slice(&[0x86, 0xdd]);
        f[14] = 0x60;
        f[15..18].copy_from_slice(&[0x0a, 0xbc, 0xde]); // traffic class 0x00, label 0xabcde
        f[18..20].copy_from_slice(&((8 + payload) as u16).to_be_bytes());
        f[20] = if udp { 17 } else { 58 };
        f[21] = 64;
        let prefix = [0x20, 0x01, 0x00, 0x02, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
        f[22..37].copy_from_slice(&prefix);
        f[37] = src;
        f[38..53].copy_from_slice(&prefix);
        f[53] = dst;
        if udp {
            let (sp, dp) = if back { (53u16, 1025u16) } else { (1025, 53) };
            f[54..56].copy_from_slice(&sp.to_be_bytes());
            f[56..58].copy_from_slice(&dp.to_be_bytes());
            f[58..60].copy_from_slice(&((8 + payload) as u16).to_be_bytes());
        } else {
            f[54] = if back { 129 } else { 128 };
        }
        f[60..62].copy_from_slice(&[0x12, 0x34]);
        f
    }

    #[test]
    fn ipv6_templates_keep_the_prefix_and_get_pool_addresses_and_right_checksums() {
        use riptide_wire::ip::IpAddress;
        for udp in [true, false] {
            let recs: Vec<(u64, Vec<u8>)> =
                (0..4u64).map(|i| (i * 1000, v6(1 + (i % 2) as u8, 2 - (i % 2) as u8, udp, i % 2 == 1))).collect();
            let conv = conversation(&recs).unwrap();
            assert!(conv.packets.iter().all(|p| p.v6) && conv.packets.len() == 4);
            let p = parse(DOC, "d.yaml").unwrap();
            let mut g = FlowGen::new(&p, vec![conv], GenOptions::default()).unwrap();
            let mut out = Vec::new();
            while let Some(t) = g.poll_timeout() {
                g.poll_transmit(t, usize::MAX, &mut |port, _, f| {
                    out.push((port, f.to_vec()));
                    true
                });
            }
            assert_eq!(out.len(), 400);
            let mut labels = std::collections::HashSet::new();
            for (port, f) in &out {
                let ip = riptide_wire::ipv6::Packet::new_checked(&f[14..]).unwrap();
                let (s, d) = (ip.src_addr(), ip.dst_addr());
                let (c, srv) = if *port == 0 { (s, d) } else { (d, s) };
                assert_eq!(c.segments()[..6], [0x2001, 2, 0, 0, 0, 0], "prefix kept: {c}");
                assert_eq!(c.octets()[12..15], [16, 0, 0], "client from the pool: {c}");
                assert_eq!(srv.octets()[12..14], [48, 0], "server from the pool: {srv}");
                labels.insert(ip.flow_label());
                let (s, d) = (IpAddress::V6(s), IpAddress::V6(d));
                if udp {
                    let u = riptide_wire::udp::Packet::new_checked(ip.payload()).unwrap();
                    assert!(u.verify_checksum(&s, &d), "udp checksum");
                    assert_eq!(if *port == 0 { u.dst_port() } else { u.src_port() }, 53);
                } else {
                    let i = riptide_wire::icmpv6::Packet::new_checked(ip.payload()).unwrap();
                    assert!(i.verify_checksum(&s, &d), "icmpv6 checksum");
                }
            }
            assert_eq!(labels.len(), 100, "one flow label per flow");
        }
    }

    /// A profile asking for 10^12 new flows a second (fuzzing found it: one poll tried
    /// to start them all and ran out of memory) starts at most STARTS_PER_POLL a poll,
    /// and at the flow limit waits for flows to end instead of growing.
    #[test]
    fn flow_starts_are_bounded_per_poll_and_in_all() {
        let text = DOC.replace("cps: 100", "cps: 1000000000000");
        let p = parse(&text, "p.yaml").unwrap();
        let opts = GenOptions { duration_s: Some(0.05), ..Default::default() };
        let mut g = FlowGen::new(&p, vec![udp10()], opts).unwrap();
        let t = g.poll_timeout().unwrap();
        g.poll_transmit(t + 1_000_000, 1, &mut |_, _, _| true);
        assert!(g.flows.len() <= STARTS_PER_POLL as usize, "{}", g.flows.len());
        assert!(g.poll_timeout().unwrap() <= t + 1_000_000, "the rest is due at once");
        g.max_flows = 5000;
        for _ in 0..50 {
            let Some(t) = g.poll_timeout() else { break };
            g.poll_transmit(t, 100_000, &mut |_, _, _| true);
            assert!(g.flows.len() <= 5000);
        }
        assert!(
            g.flows.len() == 5000 && g.stats.m_total_open_flows >= 5000,
            "{} flows, {} opened",
            g.flows.len(),
            g.stats.m_total_open_flows
        );
        // Extreme gaps and lengths with it: the fuzz test's 200 polls stay small.
        for (a, b) in [("ipg: 200", "ipg: 1000000000000"), ("rtt: 200", "rtt: 1000000000000"), ("1.0", "31000000")] {
            let text = text.replace(a, b);
            let p = parse(&text, "p.yaml").unwrap();
            let opts = GenOptions { duration_s: Some(0.05), ..Default::default() };
            let mut g = FlowGen::new(&p, vec![udp10()], opts).unwrap();
            for _ in 0..200 {
                let Some(t) = g.poll_timeout() else { break };
                g.poll_transmit(t, 64, &mut |_, _, _| true);
            }
            assert!(g.flows.len() <= 200 * STARTS_PER_POLL as usize, "{b}: {}", g.flows.len());
        }
    }

    fn run_profile(text: &str, convs: Vec<Conversation>) -> Vec<(usize, Vec<u8>)> {
        let p = parse(text, "p.yaml").unwrap();
        let mut g = FlowGen::new(&p, convs, GenOptions::default()).unwrap();
        let mut out = Vec::new();
        while let Some(t) = g.poll_timeout() {
            g.poll_transmit(t, usize::MAX, &mut |port, _, f| {
                out.push((port, f.to_vec()));
                true
            });
        }
        out
    }

    #[test]
    fn named_pools_per_template_and_vlan_tags_per_side() {
        let text = "- duration: 1.0\n  generator:\n    distribution: seq\n    clients_start: 20.0.0.1\n    clients_end: 20.0.0.255\n    servers_start: 90.0.0.1\n    servers_end: 90.0.0.9\n    generator_clients:\n      - {name: c1, ip_start: 16.0.0.1, ip_end: 16.0.1.255}\n      - {name: c2, ip_start: 36.0.0.1, ip_end: 36.0.0.3}\n    generator_servers:\n      - {name: s2, ip_start: 38.0.0.1, ip_end: 38.0.0.1, track_ports: false}\n  vlan: {enable: 1, vlan0: 100, vlan1: 200}\n  cap_info:\n    - {name: a.pcap, cps: 10, ipg: 100, rtt: 100, client_pool: c1}\n    - {name: b.pcap, cps: 20, ipg: 100, rtt: 100, client_pool: c2, server_pool: s2}\n";
        let mut b = udp10();
        b.server_port = 99; // tells the templates' packets apart
        let out = run_profile(text, vec![udp10(), b]);
        assert_eq!(out.len(), 300);
        let mut c2_clients = std::collections::BTreeSet::new();
        for (port, f) in &out {
            // One 802.1Q tag, the side's VLAN id, then IPv4 with a right checksum.
            assert_eq!(f[12..14], [0x81, 0x00]);
            let vid = u16::from_be_bytes([f[14], f[15]]) & 0x0fff;
            assert_eq!(vid, if *port == 0 { 100 } else { 200 });
            assert_eq!(f[16..18], [0x08, 0x00]);
            let ip = riptide_wire::ipv4::Packet::new_checked(&f[18..]).unwrap();
            assert!(ip.verify_checksum());
            let (c, s) = if *port == 0 { (ip.src_addr(), ip.dst_addr()) } else { (ip.dst_addr(), ip.src_addr()) };
            let sport = u16::from_be_bytes(if *port == 0 { [f[40], f[41]] } else { [f[38], f[39]] });
            if sport == 99 {
                assert_eq!(c.octets()[..3], [36, 0, 0], "c2: {c}");
                assert_eq!(s, Ipv4Addr::new(38, 0, 0, 1), "s2");
                c2_clients.insert(c);
            } else {
                assert_eq!(c.octets()[..2], [16, 0], "c1: {c}");
                assert_eq!(s.octets()[..3], [90, 0, 0], "the default servers: {s}");
            }
            let udp = riptide_wire::udp::Packet::new_checked(&f[38..]).unwrap();
            let (sa, da) =
                (riptide_wire::ip::IpAddress::V4(ip.src_addr()), riptide_wire::ip::IpAddress::V4(ip.dst_addr()));
            assert!(udp.verify_checksum(&sa, &da));
        }
        assert_eq!(c2_clients.len(), 3, "seq walks the whole of c2");
    }

    #[test]
    fn the_normal_distribution_gathers_around_the_middle() {
        let text = "- duration: 20.0\n  generator: {distribution: normal, clients_start: 16.0.0.0, clients_end: 16.0.2.87, servers_start: 48.0.0.1, servers_end: 48.0.0.1}\n  cap_info:\n    - {name: a.pcap, cps: 200, ipg: 100, rtt: 100}\n";
        let out = run_profile(text, vec![udp10()]);
        let idx: Vec<f64> = out
            .iter()
            .filter(|(port, _)| *port == 0)
            .step_by(5)
            .map(|(_, f)| f64::from(u32::from_be_bytes([f[26], f[27], f[28], f[29]]) - 0x1000_0000))
            .collect();
        assert_eq!(idx.len(), 4000);
        // 600 addresses: mean 299.5, sigma 100.
        let mean = idx.iter().sum::<f64>() / idx.len() as f64;
        let within = idx.iter().filter(|&&i| (i - 299.5).abs() <= 100.0).count() as f64 / idx.len() as f64;
        assert!((mean - 299.5).abs() < 10.0, "mean {mean}");
        assert!((0.64..0.72).contains(&within), "{within} within one sigma");
        assert!(idx.iter().all(|&i| (0.0..600.0).contains(&i)));
    }

    #[test]
    fn active_flows_stretches_lifetimes() {
        let (g, _) = {
            let p = parse(&DOC.replace("duration: 1.0", "duration: 10.0"), "d.yaml").unwrap();
            let mut g =
                FlowGen::new(&p, vec![udp10()], GenOptions { active_flows: Some(500), ..Default::default() }).unwrap();
            let mut peak = 0;
            let mut t = 0;
            while t < 8_000_000_000 {
                g.poll_transmit(t, usize::MAX, &mut |_, _, _| true);
                peak = peak.max(g.stats.m_active_flows);
                t += 1_000_000;
            }
            (g, peak)
        };
        // 100 cps x 5 s lifetime = 500 flows active at steady state.
        assert!((480..=520).contains(&g.stats.m_active_flows), "{}", g.stats.m_active_flows);
    }
}
