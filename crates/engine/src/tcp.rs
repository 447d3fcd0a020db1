//! The TCP run kind: riptide_tcp endpoints on the one worker loop (TRex ASTF's role).
//!
//! One port: one endpoint per worker with both roles. Two ports: the client endpoint on
//! the first, the server endpoint on the second. Each worker owns every `cores`-th client
//! port (offset = its index), so a reply's destination port names its worker; the server
//! side accepts whatever its worker's receive queue gets. TCP runs on the wall clock.

use crate::kind::{Control, RunKind, Turn};
use crate::stats::{KindCounters, WorkerCounters};
pub use crate::tcp_report::{
    ClientSpace, ClientTake, ClientTuples, Percentiles, TcpCounters, TcpHistograms, TcpReport, TcpSplit,
};
use crate::Segment;
use riptide_core::{Nanos, TxBatch, TxMeta};
use riptide_tcp::endpoint::{ClientSpec, EndpointConfig, Latencies, Load, ServerSpec};
use riptide_tcp::frame::Macs;
use riptide_tcp::profile::TcpProfile;
use riptide_tcp::Endpoint;
use riptide_wire::ethernet::EthernetAddress;
use serde::{Deserialize, Serialize};

/// `tcp_start`: a TCP profile on the configured ports.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TcpStart {
    /// The profile's name in messages.
    pub name: String,
    /// The profile (YAML, docs/tcp.md).
    pub text: String,
    /// Scales the client's rate (open loop) or concurrency (closed loop).
    #[serde(default = "one")]
    pub multiplier: f64,
    /// How long the run lasts (default: until the client's limit is done).
    #[serde(default)]
    pub duration: Option<Nanos>,
    /// Worker threads.
    #[serde(default = "one_usize")]
    pub cores: usize,
    /// Pin worker `k` to core `pin[k]` (one core per worker, each one this process may
    /// run on); empty: the kernel places the workers.
    #[serde(default)]
    pub pin: Vec<usize>,
    /// Overrides the client's connection limit.
    #[serde(default)]
    pub limit: Option<u64>,
    /// Clients open connections for this long only; the run then ends when the last
    /// one has closed (TRex's `duration` without `nc`), or at `duration` at the latest.
    #[serde(default)]
    pub open_for: Option<Nanos>,
    /// Hold this many connections open (times the multiplier) instead of opening at the
    /// profile's rates: each ended one is replaced at once (what TRex cannot do). Several
    /// templates share it in proportion to their rates, each at least one.
    #[serde(default)]
    pub concurrent: Option<u32>,
    /// Connections and UDP flows held at once in the whole run, at most, on each side
    /// (default [`riptide_tcp::DEFAULT_MAX_CONNS`]): shared by the workers; what is due
    /// beyond it is not opened, and counted (`err_flow_overflow`).
    #[serde(default)]
    pub max_conns: Option<u64>,
    /// This generator's share of a run split between several (`--segment I/N`): a block
    /// of the client addresses, or their ports `p` with `(p - first) % N == I`
    /// ([`client_take`]), 1/N of each template's rate, concurrency and limit, so that N
    /// generators never open the same tuple. The server role, if any, serves whatever
    /// comes.
    #[serde(default)]
    pub segment: Option<Segment>,
    /// Start at this wall-clock time (`CLOCK_REALTIME`, ns since the Unix epoch), so the
    /// generators of a split run begin together. At least 1 ms and at most 60 s ahead.
    #[serde(default)]
    pub at_unix_ns: Option<u64>,
    /// `text` parsed already (by a front end, outside the locks it holds while the
    /// engine starts: a large profile's parse must not stall its other clients); `None`:
    /// the engine parses `text`. Never on the wire.
    #[serde(skip)]
    pub parsed: Option<Parsed>,
}

impl TcpStart {
    /// Parses `text` into [`TcpStart::parsed`]: what a front end does before it locks
    /// the engine it shares, so that the parse (in proportion to the profile) holds
    /// nobody else.
    pub fn parse_ahead(&mut self) -> Result<(), crate::EngineError> {
        let p = riptide_tcp::profile::parse(&self.text, &self.name)
            .map_err(|e| crate::EngineError::Input(e.to_string()))?;
        self.parsed = Some(Parsed(std::sync::Arc::new(p)));
        Ok(())
    }
}

/// A TCP profile parsed ahead of its start ([`TcpStart::parsed`]).
#[derive(Clone, Debug)]
pub struct Parsed(pub std::sync::Arc<TcpProfile>);

impl PartialEq for Parsed {
    fn eq(&self, other: &Parsed) -> bool {
        std::sync::Arc::ptr_eq(&self.0, &other.0)
    }
}

fn one() -> f64 {
    1.0
}

fn one_usize() -> usize {
    1
}

impl TcpReport {
    /// Sums the workers' counters; `secs`: the run's length so far.
    /// `hist`: with the latencies' whole histograms ([`TcpReport::hdr`]).
    pub(crate) fn merge(workers: &[WorkerCounters], secs: f64, hist: bool) -> TcpReport {
        let mut sum = TcpCounters::default();
        let mut latency = Latencies::default();
        for w in workers {
            if let KindCounters::Tcp(c) = &w.kind {
                sum.client.merge(&c.client);
                sum.server.merge(&c.server);
                sum.client_app.merge(&c.client_app);
                sum.server_app.merge(&c.server_app);
                sum.client_udp.merge(&c.client_udp);
                sum.server_udp.merge(&c.server_udp);
                merge_groups(&mut sum.groups, &c.groups);
                sum.active += c.active;
                if c.first_open_ns > 0 {
                    sum.first_open_ns =
                        if sum.first_open_ns == 0 { c.first_open_ns } else { sum.first_open_ns.min(c.first_open_ns) };
                }
                sum.last_completed_ns = sum.last_completed_ns.max(c.last_completed_ns);
                sum.neighbors.merge(&c.neighbors);
                if let Some(l) = &c.latency {
                    latency.merge(l);
                }
            }
        }
        let span = sum.last_completed_ns.saturating_sub(sum.first_open_ns) as f64 / 1e9;
        let busy_s = if span > 0.0 { span } else { secs };
        let per_s = |n: u64| if busy_s > 0.0 { n as f64 / busy_s } else { 0.0 };
        TcpReport {
            connects_per_s: per_s(sum.client.tcps_connects),
            completed_per_s: per_s(sum.client_app.completed),
            busy_s,
            client: sum.client,
            server: sum.server,
            groups: sum.groups,
            client_app: sum.client_app,
            client_udp: sum.client_udp,
            server_udp: sum.server_udp,
            server_app: sum.server_app,
            active: sum.active,
            setup: Percentiles::of(&latency.setup),
            first_byte: Percentiles::of(&latency.first_byte),
            transaction: Percentiles::of(&latency.transaction),
            tls_setup: Percentiles::of(&latency.tls_setup),
            neighbors: sum.neighbors,
            first_open_ns: sum.first_open_ns,
            last_completed_ns: sum.last_completed_ns,
            hdr: hist.then(|| crate::tcp_report::TcpHistograms::of(&latency)),
            split: None,
        }
    }
}

/// The endpoints of one worker.
pub(crate) struct TcpKind {
    /// Endpoint by port index (`None`: the port carries nothing).
    endpoints: Vec<Option<Endpoint>>,
    /// The run has a client: it ends when the client's limit is done and every
    /// connection has closed. A server alone serves until the run's duration ends.
    has_client: bool,
    now: u64,
    /// When clients stop opening connections (run time, ns).
    open_until: Option<u64>,
    /// A port stamps what it receives on virtual time (a `link:` without `realtime`):
    /// see `early`.
    pub(crate) virtual_rx: bool,
    /// Frames stamped later than `now` by a port on virtual time (a `link:` with a delay
    /// hands over what it holds at once, each stamped with its arrival), `(arrival,
    /// order, port, frame)` by arrival, taken when the clock gets there. Taking them at
    /// once moved this kind's clock ahead by the delay at every exchange, and the
    /// clients opened what the skipped time owed.
    early: std::collections::BinaryHeap<std::cmp::Reverse<Early>>,
    /// Frames put in `early` so far (their order among equal arrivals).
    early_seq: u64,
}

/// A frame held until its arrival: `(arrival, order, port, frame)`.
type Early = (u64, u64, usize, Vec<u8>);

/// Why a TCP run cannot start.
pub(crate) type TcpError = String;

/// Builds each worker's endpoints from the profile.
pub(crate) fn kinds(
    profile: &TcpProfile,
    req: &TcpStart,
    nports: usize,
    macs: &[riptide_port::config::PortMacs],
    secret: u64,
) -> Result<Vec<TcpKind>, TcpError> {
    let cores = req.cores;
    let mut out = Vec::with_capacity(cores);
    let held = held_clients(&profile.clients, req.concurrent)?;
    let max_conns = req.max_conns.unwrap_or(riptide_tcp::DEFAULT_MAX_CONNS);
    if max_conns == 0 {
        return Err("max_conns: at least one connection".into());
    }
    if let (Some(seg), Some(first)) = (req.segment, profile.clients.first()) {
        // A segment's take (TcpReport::split, what `riptide merge` checks) is of one pool.
        if let Some(other) = profile.clients.iter().find(|c| (c.ips, c.ports) != (first.ips, first.ports)) {
            let ips = first.ips;
            return Err(format!(
                "segment {seg}: the client templates use more than one range of addresses ({}/{} and {}/{}); \
                 segments split one: --clients FIRST/COUNT puts every template's clients on one range",
                ips.0, ips.1, other.ips.0, other.ips.1
            ));
        }
    }
    // A segment holds its share of the connections.
    let share = req.segment.map_or(1.0, Segment::fraction);
    let holds: f64 = held
        .iter()
        .map(|c| match c.load {
            Load::Closed { concurrent } => (f64::from(concurrent) * req.multiplier * share).round(),
            Load::Open { .. } => 0.0,
        })
        .sum();
    if holds > max_conns as f64 {
        return Err(format!(
            "{holds} connections held open is more than the run's cap of {max_conns} (max_conns): raise the cap or hold fewer"
        ));
    }
    for k in 0..cores {
        // Worker k's share among all the generators' workers: its part of the load, and
        // of the ports of its segment's addresses.
        let (g, n) = req.segment.map_or((k, cores), |s| s.tcp_share(k, cores));
        let clients = held
            .iter()
            .map(|c| {
                let Some(seg) = req.segment else { return client_share(c, req, (g, n), (k, cores)) };
                let take = client_take(seg, c.ips, c.ports);
                let ports = u32::from(c.ports.1.saturating_sub(c.ports.0)) + 1;
                if ports < take.port_stride {
                    return Err(format!(
                        "segment {seg}: {} client addresses and the ports {}-{} are fewer than {} segments",
                        c.ips.1, c.ports.0, c.ports.1, seg.count
                    ));
                }
                let c = ClientSpec { ips: (take.ip_first, take.ip_count), ..c.clone() };
                // Split by ports, a segment's workers split its ports again, interleaved.
                let ports = if take.port_stride > 1 { (g, n) } else { (k, cores) };
                client_share(&c, req, (g, n), ports)
            })
            .collect::<Result<Vec<_>, _>>()?;
        let has_client = !clients.is_empty();
        let cfg = |port: usize, tcp: riptide_tcp::TcpConfig| EndpointConfig {
            tcp,
            macs: port_macs(macs.get(port)),
            isn_secret: secret ^ (g as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            close: profile.close,
            recv_timeout_ns: profile.recv_timeout_ns,
            // Frames a kernel hands to a packet socket may carry a partial checksum
            // (transmit offload on veth finishes it in the NIC that is not there); the
            // link's FCS is what guards a real wire. The pure tests verify every segment.
            verify_checksums: false,
            ip: profile.ip,
            max_conns: max_conns.div_ceil(cores as u64).max(1),
            ..EndpointConfig::default()
        };
        let err = |e: riptide_tcp::EndpointError| e.to_string();
        let mut endpoints: Vec<Option<Endpoint>> = (0..nports).map(|_| None).collect();
        // Each template and listening port carries its own TCP settings (TRex's client and
        // server tunables), so one endpoint may hold both roles.
        if nports >= 2 && has_client && !profile.server.listen.is_empty() {
            endpoints[0] =
                Some(Endpoint::with_clients(cfg(0, profile.tcp), clients, ServerSpec::default()).map_err(err)?);
            endpoints[1] = Some(Endpoint::new(cfg(1, profile.tcp), None, profile.server.clone()).map_err(err)?);
        } else {
            endpoints[0] =
                Some(Endpoint::with_clients(cfg(0, profile.tcp), clients, profile.server.clone()).map_err(err)?);
        }
        out.push(TcpKind {
            endpoints,
            has_client,
            now: 0,
            open_until: req.open_for.map(|d| d.0),
            virtual_rx: false,
            early: Default::default(),
            early_seq: 0,
        });
    }
    Ok(out)
}

/// The port configuration's MACs, or locally administered ones where it gives none.
fn port_macs(macs: Option<&riptide_port::config::PortMacs>) -> Macs {
    let (local, peer) = macs.copied().unwrap_or((None, None));
    Macs {
        local: EthernetAddress(local.unwrap_or([2, 0, 0, 0, 0, 1])),
        peer: EthernetAddress(peer.unwrap_or([2, 0, 0, 0, 0, 2])),
    }
}

/// The clients with `concurrent` connections held in all instead of their own loads:
/// shared by the templates in proportion to their rates (or concurrencies), each at least one.
fn held_clients(clients: &[ClientSpec], concurrent: Option<u32>) -> Result<Vec<ClientSpec>, TcpError> {
    let Some(n) = concurrent else { return Ok(clients.to_vec()) };
    let weight = |c: &ClientSpec| match c.load {
        Load::Open { cps } => cps,
        Load::Closed { concurrent } => f64::from(concurrent),
    };
    let total: f64 = clients.iter().map(weight).sum();
    if clients.is_empty() {
        return Err("--concurrent: the profile has no client".into());
    }
    if (n as usize) < clients.len() || total.is_nan() || total <= 0.0 {
        return Err(format!(
            "--concurrent {n}: at least one connection for each of the {} client templates",
            clients.len()
        ));
    }
    Ok(clients
        .iter()
        .map(|c| {
            let share = ((f64::from(n) * weight(c) / total).round() as u32).max(1);
            ClientSpec { load: Load::Closed { concurrent: share }, ..c.clone() }
        })
        .collect())
}

/// What segment `seg` of a run of `profile` takes ([`TcpReport::split`]); `None` without
/// a client.
pub fn split_of(profile: &TcpProfile, seg: Segment) -> Option<TcpSplit> {
    let c = profile.clients.first()?;
    let take = client_take(seg, c.ips, c.ports);
    let space = ClientSpace { ip_first: c.ips.0, ip_count: c.ips.1, port_first: c.ports.0, port_last: c.ports.1 };
    Some(TcpSplit { segment: seg.to_string(), client_tuples: ClientTuples { take, space } })
}

/// [`ClientTake`] of segment `seg` of the pool `ips` x `ports`.
pub fn client_take(seg: Segment, ips: (std::net::Ipv4Addr, u32), ports: (u16, u16)) -> ClientTake {
    let (i, n) = (seg.index, seg.count.max(1));
    if ips.1 >= n {
        let (base, extra) = (ips.1 / n, ips.1 % n);
        let first = u32::from(ips.0).wrapping_add(i * base + i.min(extra));
        ClientTake {
            ip_first: first.into(),
            ip_count: base + u32::from(i < extra),
            port_first: ports.0,
            port_last: ports.1,
            port_stride: 1,
            port_offset: 0,
        }
    } else {
        ClientTake {
            ip_first: ips.0,
            ip_count: ips.1,
            port_first: ports.0,
            port_last: ports.1,
            port_stride: n,
            port_offset: i,
        }
    }
}

/// Worker `load.0` of `load.1`'s part of the client's load (counting every worker of
/// every segment), and worker `ports.0` of `ports.1`'s share of its ports: every
/// `ports.1`-th from the `ports.0`-th.
fn client_share(
    c: &ClientSpec,
    req: &TcpStart,
    load: (usize, usize),
    ports: (usize, usize),
) -> Result<ClientSpec, TcpError> {
    let (k, cores) = load;
    let n = cores as u64;
    let share = |total: u64| total / n + u64::from((k as u64) < total % n);
    let load = match c.load {
        Load::Open { cps } => Load::Open { cps: cps * req.multiplier / cores as f64 },
        Load::Closed { concurrent } => {
            let total = (f64::from(concurrent) * req.multiplier).round() as u64;
            if total < n {
                return Err(format!(
                    "{total} concurrent connections cannot be shared by {cores} workers{}: give at least one each",
                    if req.segment.is_some() { " (of all the segments)" } else { "" }
                ));
            }
            Load::Closed { concurrent: share(total).min(u64::from(u32::MAX)) as u32 }
        }
    };
    // Worker k of the n sharing an open loop takes every n-th connection of its schedule,
    // from the k-th: its first is k connection gaps after the start (together, the n
    // open as one generator would, not n at once).
    let phase_ns = match c.load {
        Load::Open { cps } if cps * req.multiplier > 0.0 => (k as f64 * 1e9 / (cps * req.multiplier)) as u64,
        _ => 0,
    };
    let limit = req.limit.or(c.limit).map(share);
    if ports.1 > usize::from(u16::MAX) {
        return Err(format!(
            "{} workers{}: at most {} share the client ports",
            ports.1,
            if req.segment.is_some() { " (segments times workers)" } else { "" },
            u16::MAX
        ));
    }
    Ok(ClientSpec { port_stride: ports.1 as u16, port_offset: ports.0 as u16, load, limit, phase_ns, ..c.clone() })
}

/// Adds each template group's counters of `from` into `into`'s (growing it as needed).
fn merge_groups(into: &mut Vec<riptide_tcp::endpoint::GroupStats>, from: &[riptide_tcp::endpoint::GroupStats]) {
    if into.len() < from.len() {
        into.resize(from.len(), Default::default());
    }
    for (a, b) in into.iter_mut().zip(from) {
        a.merge(b);
    }
}

impl TcpKind {
    /// Hands a frame that arrived on `port` to its endpoint, at `now`.
    fn deliver(&mut self, port: usize, frame: &[u8]) {
        // One port carries both roles; with two, each port has its endpoint.
        let index = if matches!(self.endpoints.get(port), Some(Some(_))) { port } else { 0 };
        if let Some(Some(ep)) = self.endpoints.get_mut(index) {
            ep.handle_frame(self.now, frame);
        }
    }
}

/// How often an idle worker with connections open looks at its receive queues.
const RX_POLL_NS: u64 = 20_000;

impl RunKind for TcpKind {
    fn handle_start(&mut self) {}

    fn handle_control(&mut self, control: Control, _now: Nanos) {
        if let Control::Scale(ratio) = control {
            for ep in self.endpoints.iter_mut().flatten() {
                ep.set_rate(ratio, self.now);
            }
        }
    }

    fn poll_transmit(&mut self, port: usize, batch: &mut TxBatch<'_>, budget: u64, turn: &Turn) -> usize {
        self.now = self.now.max(turn.horizon.0);
        let now = self.now;
        while self.early.peek().is_some_and(|std::cmp::Reverse(e)| e.0 <= now) {
            if let Some(std::cmp::Reverse((_, _, port, frame))) = self.early.pop() {
                self.deliver(port, &frame);
            }
        }
        if self.open_until.is_some_and(|t| now >= t) {
            self.open_until = None;
            for ep in self.endpoints.iter_mut().flatten() {
                ep.stop_opening();
            }
        }
        let Some(Some(ep)) = self.endpoints.get_mut(port) else { return 0 };
        ep.handle_timeout(now);
        let mut n = 0;
        while (n as u64) < budget {
            let Some(slot) = batch.slot() else { break };
            let Some(len) = ep.poll_transmit(now, slot) else { break };
            batch.commit(TxMeta { len: len as u32, stream: 0, departure: Nanos(now) });
            n += 1;
        }
        n
    }

    fn handle_receive(&mut self, port: usize, frame: &[u8], at: Nanos) {
        if self.virtual_rx && at.0 > self.now {
            self.early_seq += 1;
            self.early.push(std::cmp::Reverse((at.0, self.early_seq, port, frame.to_vec())));
            return;
        }
        self.now = self.now.max(at.0);
        self.deliver(port, frame);
    }

    fn poll_timeout(&self) -> Option<Nanos> {
        let mut next: Option<u64> = self.open_until;
        if let Some(std::cmp::Reverse(e)) = self.early.peek() {
            next = Some(next.map_or(e.0, |n| n.min(e.0)));
        }
        for ep in self.endpoints.iter().flatten() {
            if let Some(t) = ep.poll_timeout() {
                next = Some(next.map_or(t, |n| n.min(t)));
            }
            if ep.active() > 0 {
                // Frames may arrive at any time: keep looking at the queues.
                let soon = self.now + RX_POLL_NS;
                next = Some(next.map_or(soon, |n| n.min(soon)));
            }
        }
        next.map(Nanos)
    }

    fn is_done(&self) -> bool {
        self.has_client && self.endpoints.iter().flatten().all(|ep| ep.is_done())
    }

    fn publish(&self, out: &mut KindCounters, full: bool) {
        if !matches!(out, KindCounters::Tcp(_)) {
            *out = KindCounters::Tcp(Box::default());
        }
        let KindCounters::Tcp(c) = out else { return };
        let mut sum = TcpCounters::default();
        let mut latency = Latencies::default();
        for ep in self.endpoints.iter().flatten() {
            let s = ep.stats();
            sum.client.merge(&s.client);
            sum.server.merge(&s.server);
            sum.client_app.merge(&s.client_app);
            sum.server_app.merge(&s.server_app);
            sum.client_udp.merge(&s.client_udp);
            sum.server_udp.merge(&s.server_udp);
            merge_groups(&mut sum.groups, &s.groups);
            sum.active += ep.active();
            if s.first_open_ns > 0 {
                sum.first_open_ns =
                    if sum.first_open_ns == 0 { s.first_open_ns } else { sum.first_open_ns.min(s.first_open_ns) };
            }
            sum.last_completed_ns = sum.last_completed_ns.max(s.last_completed_ns);
            sum.neighbors.merge(&crate::tcp_report::Neighbors {
                arp_replies: s.arp_replies,
                nd_adverts: s.nd_adverts,
                rx_not_tcp: s.rx_not_tcp,
            });
            if full {
                latency.merge(&s.latency);
            }
        }
        if full {
            sum.latency = Some(latency);
        } else {
            sum.latency = c.latency.take();
        }
        **c = sum;
    }

    fn virtual_now(&self) -> Nanos {
        Nanos(self.now)
    }
}
