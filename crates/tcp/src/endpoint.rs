//! An endpoint: every connection of one worker, client and server roles at once, frames
//! in and out, one timer wheel, the programs, the counters.
//!
//! The same sans-IO shape as a connection: [`Endpoint::handle_frame`] for each frame that
//! arrives, [`Endpoint::poll_transmit`] until `None`, [`Endpoint::poll_timeout`] and
//! [`Endpoint::handle_timeout`] for timers and for opening client connections at their
//! rate. The caller owns the clock and the port.
//!
//! Receive steering needs no shared table: a client endpoint owns a share of the client
//! ports (every `stride`-th port from `offset`, TrafficEngine's port masks), so the
//! frame's destination port says which worker it belongs to; a client's connection is
//! found by indexing its pool, without a hash. Server connections are found in a hash
//! table keyed by the four-tuple; across workers the server side spreads by whatever
//! spreads the frames (the port's receive hash), each worker accepting what it receives.

use crate::conn::{Connection, Events, Segment, State, TcpConfig, Transmit};
pub use crate::frame::IpHeader;
use crate::frame::{self, Macs, Tuple, L2};
use crate::machine::Machine;
use crate::program::{Action, Cursor, Program, Status};
use crate::seq::Seq;
pub use crate::stats::AppStats;
use crate::stats::{TcpStats, UdpStats};
use crate::tls::{Handshake, TlsConn};
use hdrhistogram::Histogram;
use riptide_timer::{TimerId, TimerWheel, WheelConfig};
use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasherDefault, Hasher};
use std::net::Ipv4Addr;
use std::sync::Arc;

/// How client connections are opened.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Load {
    /// New connections at this rate, whatever happens to the earlier ones (TRex ASTF).
    Open {
        /// Connections per second.
        cps: f64,
    },
    /// This many connections open at all times: each one that ends is replaced.
    Closed {
        /// Concurrent connections.
        concurrent: u32,
    },
}

/// A client role.
#[derive(Clone, Debug)]
pub struct ClientSpec {
    /// The first client address and how many (a range).
    pub ips: (Ipv4Addr, u32),
    /// The client ports, first and last.
    pub ports: (u16, u16),
    /// This endpoint's share of the ports: those `p` with `(p - first) % stride == offset`.
    pub port_stride: u16,
    /// See `port_stride`.
    pub port_offset: u16,
    /// Servers, used in turn.
    pub servers: Servers,
    /// The program each connection runs.
    pub program: Arc<Program>,
    /// How connections are opened.
    pub load: Load,
    /// Stop opening after this many.
    pub limit: Option<u64>,
    /// Its connections' TCP settings and IP header (TRex's per-template tunables);
    /// `None`: the endpoint's.
    pub tune: Option<Tune>,
    /// The ramp-up (ns; 0: none): an open loop's rate, or a closed loop's concurrency,
    /// rises linearly from nothing to the load over this time; latencies count only the
    /// connections opened after it (RFC 9411's sustain phase).
    pub ramp_up_ns: u64,
    /// An open loop's first connection opens this long after the start (ns; 0: at it):
    /// workers that split one schedule take their turns in it (worker `g` of a rate split
    /// `n` ways opens at `g / (n x` its rate`)`), so together they open as one would.
    pub phase_ns: u64,
}

/// The TCP settings and IP header of one program's connections.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tune {
    /// TCP settings.
    pub tcp: TcpConfig,
    /// What the IP headers carry.
    pub ip: IpHeader,
    /// The template group its connections count in (TRex's `tg_id`; 0: none).
    pub group: u16,
}

/// A server role: programs by listening port.
#[derive(Clone, Debug, Default)]
pub struct ServerSpec {
    /// `(port, program)`: a SYN to the port starts the program.
    pub listen: Vec<(u16, Arc<Program>)>,
    /// The server's own addresses, `(first, count)` ranges: ARP for them is answered and
    /// only SYNs to them are accepted. Empty: any address (a peer that needs no ARP).
    pub ips: Vec<(Ipv4Addr, u32)>,
    /// `(port, tune)`: the TCP settings and IP header of the port's connections where
    /// they are not the endpoint's (TRex's per-template server tunables).
    pub tunes: Vec<(u16, Tune)>,
    /// Programs that answer a port at some of the server's addresses only (TRex's
    /// association rules with `ip_start` and `ip_end`): a port here is in no `listen`,
    /// and its ranges do not overlap.
    pub listen_at: Vec<ListenAt>,
}

/// A program that answers a port at a range of the server's addresses.
#[derive(Clone, Debug)]
pub struct ListenAt {
    /// The port.
    pub port: u16,
    /// The addresses, `(first, count)`.
    pub ips: (Ipv4Addr, u32),
    /// What a SYN (or a first datagram) to one of them starts.
    pub program: Arc<Program>,
    /// Its connections' TCP settings and IP header; `None`: the endpoint's.
    pub tune: Option<Tune>,
    /// Answered only where the first payload says so (TRex's `l7_map`): `None` for
    /// association by address alone.
    pub l7: Option<L7Match>,
}

/// Association by L7 content (TRex's `l7_map`): the bytes of a connection's first payload
/// (a flow's first datagram) at `rule`'s offsets, each masked, read as one big-endian
/// number, equal `value`. Rules that share a port and addresses share their offsets and
/// masks; a connection none matches goes to the port's rule by address, if any, else is
/// reset (`err_defer_no_template`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct L7Match {
    /// `(offset, mask)`, offsets ascending, at most 8.
    pub rule: Vec<(u8, u8)>,
    /// The masked bytes, big-endian.
    pub value: u64,
}

impl L7Match {
    /// The value of `data` under `rule` (`None`: too short for its last offset).
    pub fn value_of(rule: &[(u8, u8)], data: &[u8]) -> Option<u64> {
        rule.iter()
            .try_fold(0u64, |v, &(offset, mask)| Some(v << 8 | u64::from(*data.get(usize::from(offset))? & mask)))
    }
}

/// One of [`ServerSpec::listen_at`] in the endpoint: its program's index.
#[derive(Clone, Debug)]
struct AnswerAt {
    port: u16,
    ips: (Ipv4Addr, u32),
    program: u16,
    datagram: bool,
    l7: Option<L7Match>,
}

/// How a program's `close` closes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CloseMode {
    /// FIN, and TIME-WAIT on the side that closes first.
    #[default]
    Fin,
    /// RST, as load testers do: no TIME-WAIT, the tuple is free at once.
    Rst,
}

/// An endpoint's settings.
#[derive(Clone, Debug)]
pub struct EndpointConfig {
    /// Every connection's TCP settings.
    pub tcp: TcpConfig,
    /// MAC addresses written.
    pub macs: Macs,
    /// Secret of the ISN function (RFC 6528): random per run, so ISNs do not repeat.
    pub isn_secret: u64,
    /// How `close` closes.
    pub close: CloseMode,
    /// A `recv` that waits longer than this ends its connection (counted, RST).
    pub recv_timeout_ns: u64,
    /// Verify TCP checksums of arriving segments.
    pub verify_checksums: bool,
    /// The IPv4 header's TTL, TOS and identification (TRex's `ip.ttl` and `ip.tos`).
    pub ip: IpHeader,
    /// Initial sequence numbers from a counter, `(first, step)` per connection of this
    /// endpoint, as TRex's stack draws them (its simulator's output depends on them);
    /// `None`: RFC 6528's keyed function of the tuple.
    pub isn_sequence: Option<(u32, u32)>,
    /// The timer wheel's tick: timers fire in the first poll of their tick (100 µs); a
    /// simulated clock that jumps to [`Endpoint::poll_timeout`] needs exact deadlines (1).
    pub timer_tick_ns: u64,
    /// Timers fire only on multiples of this (0: at their time): each at the first
    /// multiple at or after its deadline, as on TRex's 50 ms timer wheel, whose
    /// simulator's output depends on it.
    pub timer_grain_ns: u64,
    /// The seed of the generator `delay_rand` draws from (TRex's simulator: 0x1234).
    pub rand_seed: u32,
    /// TRex's client clusters: each client address's VLAN and MACs (its group's); a
    /// server answers a client with them mirrored, as TRex's server learns them.
    pub clusters: Option<Arc<crate::cluster::Clusters>>,
    /// Connections and UDP flows held at once, at most (client and server together): a
    /// client connection due beyond it is not opened and a SYN or first datagram beyond
    /// it is dropped, each counted as `err_flow_overflow` (TRex's flow table limit), so
    /// no rate and no peer sizes this endpoint's memory.
    pub max_conns: u64,
}

/// [`EndpointConfig::max_conns`] by default: 1,048,576 connections a side, about 270 MB
/// of state (measured: docs/security.md).
pub const DEFAULT_MAX_CONNS: u64 = 1 << 20;

impl EndpointConfig {
    /// When a program's delay of `ns` started at `now` ends: on a timer grain, a whole
    /// number of grains, at least one (TRex's wheel takes a delay in whole ticks, and no
    /// delay shorter than one).
    fn app_delay(&self, now: u64, ns: u64) -> u64 {
        if self.timer_grain_ns == 0 {
            return now + ns;
        }
        now + (ns / self.timer_grain_ns).max(1) * self.timer_grain_ns
    }

    /// When a timer due at `at` fires.
    fn on_grain(&self, at: u64) -> u64 {
        if self.timer_grain_ns == 0 || at == u64::MAX {
            return at;
        }
        at.div_ceil(self.timer_grain_ns).saturating_mul(self.timer_grain_ns)
    }
}

impl Default for EndpointConfig {
    fn default() -> Self {
        EndpointConfig {
            tcp: TcpConfig::default(),
            macs: Macs::default(),
            isn_secret: 0,
            close: CloseMode::Fin,
            recv_timeout_ns: 10_000_000_000,
            verify_checksums: true,
            ip: IpHeader::default(),
            isn_sequence: None,
            timer_tick_ns: 100_000,
            timer_grain_ns: 0,
            rand_seed: 555,
            clusters: None,
            max_conns: DEFAULT_MAX_CONNS,
        }
    }
}

/// Why an endpoint could not be built.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EndpointError {
    /// The client port share is empty.
    #[error("client ports {first}-{last} with stride {stride} and offset {offset} leave this worker no port")]
    NoPorts {
        /// First port.
        first: u16,
        /// Last port.
        last: u16,
        /// Stride.
        stride: u16,
        /// Offset.
        offset: u16,
    },
    /// The client addresses are none, or run past 255.255.255.255.
    #[error(
        "client addresses {first}/{count}: at least one address expected, ending at 255.255.255.255 at the latest"
    )]
    NoAddresses {
        /// First address.
        first: Ipv4Addr,
        /// How many.
        count: u32,
    },
    /// A closed loop asks for more connections than the pool has tuples.
    #[error("{concurrent} concurrent connections asked for, but the client pool has {tuples} address/port pairs")]
    PoolTooSmall {
        /// Asked.
        concurrent: u32,
        /// Available.
        tuples: u64,
    },
    /// No server to connect to.
    #[error("a client needs at least one server address")]
    NoServer,
    /// A pair asked to open with is not a free one of the client's pool (or no such template).
    #[error("the address and port are not a free pair of the client's pool")]
    NotInPool,
    /// Two client templates' pools differ but their addresses overlap (one pair could be
    /// handed out twice).
    #[error(
        "client templates' address ranges {}/{} and {}/{} overlap: templates share one range or keep theirs apart",
        .0.0, .0.1, .1.0, .1.1
    )]
    PoolsOverlap((Ipv4Addr, u32), (Ipv4Addr, u32)),
    /// More programs than a slot can name.
    #[error("more than 65,535 programs (client templates and listening ports)")]
    TooManyPrograms,
    /// The rate is not a positive number.
    #[error("connections per second must be above 0, not {0}")]
    BadRate(f64),
    /// Two programs on one port.
    #[error("port {0} is given two server programs")]
    DuplicateListen(u16),
}

/// Latencies of client connections, in nanoseconds.
#[derive(Clone, Debug)]
pub struct Latencies {
    /// SYN sent to SYN-ACK received.
    pub setup: Histogram<u64>,
    /// SYN sent to the first byte of the response.
    pub first_byte: Histogram<u64>,
    /// SYN sent to the program's end.
    pub transaction: Histogram<u64>,
    /// SYN sent to the TLS handshake's end (connections over TLS).
    pub tls_setup: Histogram<u64>,
}

impl Default for Latencies {
    fn default() -> Self {
        Latencies { setup: histogram(), first_byte: histogram(), transaction: histogram(), tls_setup: histogram() }
    }
}

fn histogram() -> Histogram<u64> {
    #[allow(clippy::expect_used)]
    Histogram::new(3).expect("3 significant digits is a valid precision")
}

impl Latencies {
    /// Adds `other` into `self`.
    pub fn merge(&mut self, other: &Latencies) {
        let _ = self.setup.add(&other.setup);
        let _ = self.first_byte.add(&other.first_byte);
        let _ = self.transaction.add(&other.transaction);
        let _ = self.tls_setup.add(&other.tls_setup);
    }
}

/// Everything an endpoint counts.
#[derive(Clone, Debug, Default)]
pub struct EndpointStats {
    /// TCP counters of the client connections.
    pub client: TcpStats,
    /// TCP counters of the server connections.
    pub server: TcpStats,
    /// Client programs.
    pub client_app: AppStats,
    /// Server programs.
    pub server_app: AppStats,
    /// UDP counters of the client flows.
    pub client_udp: UdpStats,
    /// UDP counters of the server flows.
    pub server_udp: UdpStats,
    /// Client latencies.
    pub latency: Latencies,
    /// Frames that were not TCP for this endpoint (other protocols, ARP not for it).
    pub rx_not_tcp: u64,
    /// ARP requests for this endpoint's addresses, answered.
    pub arp_replies: u64,
    /// IPv6 Neighbor Solicitations for this endpoint's addresses, answered.
    pub nd_adverts: u64,
    /// Connections open now, client and server.
    pub active: u64,
    /// The most open at once.
    pub peak_active: u64,
    /// When the first client connection was opened, ns (0: none yet).
    pub first_open_ns: u64,
    /// When the last client program completed, ns.
    pub last_completed_ns: u64,
    /// Per template group (TRex's `tg_id`, index 0: no group), when the programs name
    /// groups; empty otherwise (the totals above are the one group).
    pub groups: Vec<GroupStats>,
}

/// The counters of one template group (TRex's per-`tg_id` table).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GroupStats {
    /// TCP counters of its client connections.
    pub client: TcpStats,
    /// TCP counters of its server connections.
    pub server: TcpStats,
    /// UDP counters of its client flows.
    pub client_udp: UdpStats,
    /// UDP counters of its server flows.
    pub server_udp: UdpStats,
}

impl GroupStats {
    /// Adds `other` into `self`.
    pub fn merge(&mut self, other: &GroupStats) {
        self.client.merge(&other.client);
        self.server.merge(&other.server);
        self.client_udp.merge(&other.client_udp);
        self.server_udp.merge(&other.server_udp);
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Client,
    Server,
}

mod slot_flag {
    pub(super) const LIVE: u8 = 1;
    pub(super) const QUEUED: u8 = 2;
    pub(super) const FIRST_BYTE: u8 = 4;
    pub(super) const PROGRAM_DONE: u8 = 8;
    pub(super) const PEER_FIN: u8 = 16;
    /// The program waits for the peer to acknowledge what it sent.
    pub(super) const WAIT_ACK: u8 = 32;
    /// A server connection whose program the first payload decides (L7 association):
    /// nothing runs until it arrives.
    pub(super) const BY_CONTENT: u8 = 64;
}

/// One connection and what the endpoint keeps beside it.
#[derive(Debug)]
struct Slot {
    conn: Connection,
    tuple: Tuple,
    cursor: Cursor,
    /// Its one timer (its deadline is the wheel's).
    timer: Option<TimerId>,
    /// A `delay` or `recv` timeout (0: none).
    app_deadline: u64,
    opened_at: u64,
    program: u16,
    role: Role,
    flags: u8,
    /// The app deadline is a delay (else a recv timeout).
    delaying: bool,
    /// When its timer was set, in setting order (on a timer grain, timers due together
    /// fire in this order, as TRex's wheel fires a bucket).
    armed: u32,
}

/// The server's connections by tuple: slot indices in a hash table, each key read from
/// its slot (4 bytes a bucket, not a copy of the 12-byte tuple beside the index: 20
/// bytes less per connection held).
#[derive(Default)]
struct ServerMap(hashbrown::HashTable<u32>);

impl std::fmt::Debug for ServerMap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ServerMap({} connections)", self.0.len())
    }
}

fn tuple_hash(t: &Tuple) -> u64 {
    let mut h = FxHasher::default();
    std::hash::Hash::hash(t, &mut h);
    h.finish()
}

impl ServerMap {
    fn get(&self, slots: &[Slot], t: &Tuple) -> Option<u32> {
        self.0.find(tuple_hash(t), |&i| slots[i as usize].tuple == *t).copied()
    }

    /// Adds slot `index`, which holds `t` already.
    fn insert(&mut self, slots: &[Slot], t: &Tuple, index: u32) {
        self.0.insert_unique(tuple_hash(t), index, |&i| tuple_hash(&slots[i as usize].tuple));
    }

    fn remove(&mut self, slots: &[Slot], t: &Tuple) {
        if let Ok(e) = self.0.find_entry(tuple_hash(t), |&i| slots[i as usize].tuple == *t) {
            e.remove();
        }
    }
}

/// FxHash: one multiply per word; the tuples are not attacker-chosen keys that matter.
#[derive(Default)]
struct FxHasher(u64);

impl Hasher for FxHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.write_u64(u64::from(*b));
        }
    }
    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// The client side: its pools of (address, port) pairs, each shared by the templates
/// that name its addresses and ports (TRex's `ip_gen` of each client template), and
/// each template's pacing.
#[derive(Debug)]
struct ClientSide {
    /// The pools, their address ranges apart.
    pools: Vec<ClientPool>,
    /// The templates (TRex ASTF's; a YAML profile has one): program `k` of the endpoint
    /// is template `k`'s.
    templates: Vec<Opener>,
    /// Connections whose programs are running, all templates.
    active: u64,
    /// The most at once.
    peak_active: u64,
    /// Latencies count connections opened at or after this time (the end of the ramp-up).
    measure_from: u64,
}

/// A client spec's pool: `(ips, ports, port_stride, port_offset)`.
type PoolShape = ((Ipv4Addr, u32), (u16, u16), u16, u16);

/// One pool of the client side.
#[derive(Debug)]
struct ClientPool {
    /// Its addresses, ports and share, as its templates' specs give them.
    shape: PoolShape,
    /// Slot of each (address, port) pair of this endpoint's share in use.
    pool: Pool,
}

/// One client template's servers and pacing.
#[derive(Debug)]
struct Opener {
    /// Its pool (an index of [`ClientSide::pools`]).
    pool: usize,
    servers: Servers,
    load: Load,
    limit: Option<u64>,
    next_server: u64,
    opened: u64,
    /// Connections of this template whose programs are running.
    active: u64,
    started_at: Option<u64>,
    /// The load it was built with (a rate change scales this one).
    load0: Load,
    /// Connections opened before `started_at` (a rate change starts the count again).
    base: u64,
    /// A connection is due at `started_at` itself (the run's start; not after a change).
    first_due: bool,
    /// The ramp-up from `started_at` (ns; 0: none, and none after a rate change).
    ramp: u64,
    /// A closed loop's concurrency at the last `due` in its ramp-up.
    ramp_level: u64,
    /// An open loop's first connection is due this long after the start.
    phase: u64,
}

/// In `Endpoint::listen`: the port's programs answer some addresses each (`listen_at`).
const AT_ADDRESS: u16 = u16::MAX;

/// Most connections opened per `handle_timeout` call, so one call stays short.
const OPEN_BURST: u64 = 256;

impl ClientSide {
    /// The side of `specs` (at least one): templates with the same addresses and ports
    /// share a pool, built once whatever the number of templates and the size of the
    /// range; pools whose addresses overlap are refused.
    fn new(specs: Vec<ClientSpec>) -> Result<ClientSide, EndpointError> {
        if specs.is_empty() {
            return Err(EndpointError::NoServer);
        }
        let mut pools: Vec<ClientPool> = Vec::new();
        let mut templates = Vec::with_capacity(specs.len());
        for spec in specs {
            let shape = (spec.ips, spec.ports, spec.port_stride, spec.port_offset);
            let at = match pools.iter().position(|p| p.shape == shape) {
                Some(at) => at,
                None => {
                    if let Some(p) = pools.iter().find(|p| ranges_meet(p.shape.0, shape.0)) {
                        return Err(EndpointError::PoolsOverlap(p.shape.0, shape.0));
                    }
                    pools.push(ClientPool { shape, pool: Pool::new(shape.0, shape.1, shape.2, shape.3)? });
                    pools.len() - 1
                }
            };
            templates.push(Opener::new(spec, at, pools[at].pool.tuples())?);
        }
        Ok(ClientSide { pools, templates, active: 0, peak_active: 0, measure_from: 0 })
    }

    /// Template `t`'s pool.
    fn pool_of(&mut self, t: usize) -> &mut Pool {
        let at = self.templates[t].pool;
        &mut self.pools[at].pool
    }

    /// Whether every template has opened all it will.
    fn all_opened(&self) -> bool {
        self.templates.iter().all(|t| t.limit.is_some_and(|l| t.opened >= l))
    }

    /// When the next connection of any template is due.
    fn next_open_at(&self) -> Option<u64> {
        self.templates.iter().filter_map(Opener::next_open_at).min()
    }

    /// What a local (address, port) of this endpoint's share holds: `Some(None)` when it
    /// is a free pair of the pool, `None` when it is not in the pool.
    fn lookup(&self, ip: Ipv4Addr, port: u16) -> Option<Option<u32>> {
        self.pools.iter().find_map(|p| p.pool.index_of(ip, port).map(|i| p.pool.get(i)))
    }

    /// Frees the pair of a local (address, port).
    fn release(&mut self, ip: Ipv4Addr, port: u16) {
        for p in &mut self.pools {
            if let Some(i) = p.pool.index_of(ip, port) {
                p.pool.free(i);
                return;
            }
        }
    }
}

/// Whether `ip` lies in the address range `(first, count)`.
fn in_range(ip: Ipv4Addr, (first, n): (Ipv4Addr, u32)) -> bool {
    u32::from(ip).wrapping_sub(u32::from(first)) < n
}

/// Whether address ranges `(first, count)` `a` and `b` share an address.
pub(crate) fn ranges_meet(a: (Ipv4Addr, u32), b: (Ipv4Addr, u32)) -> bool {
    let span = |(f, n): (Ipv4Addr, u32)| (u64::from(u32::from(f)), u64::from(u32::from(f)) + u64::from(n));
    let ((a0, a1), (b0, b1)) = (span(a), span(b));
    a0 < b1 && b0 < a1
}

impl Opener {
    fn new(spec: ClientSpec, pool: usize, tuples: u64) -> Result<Opener, EndpointError> {
        if spec.servers.is_empty() {
            return Err(EndpointError::NoServer);
        }
        match spec.load {
            Load::Open { cps } if !(cps > 0.0 && cps.is_finite()) => return Err(EndpointError::BadRate(cps)),
            Load::Closed { concurrent } if u64::from(concurrent) > tuples => {
                return Err(EndpointError::PoolTooSmall { concurrent, tuples })
            }
            _ => {}
        }
        Ok(Opener {
            pool,
            servers: spec.servers,
            load: spec.load,
            limit: spec.limit,
            next_server: 0,
            opened: 0,
            active: 0,
            started_at: None,
            load0: spec.load,
            base: 0,
            first_due: true,
            ramp: spec.ramp_up_ns,
            ramp_level: 0,
            phase: if matches!(spec.load, Load::Open { .. }) { spec.phase_ns } else { 0 },
        })
    }
}

impl Opener {
    /// Connections due by `now` and not yet opened.
    fn due(&mut self, now: u64) -> u64 {
        let left = self.limit.map_or(u64::MAX, |l| l.saturating_sub(self.opened));
        let due = match (self.load, self.started_at) {
            (_, None) => 0,
            (Load::Open { .. }, Some(t0)) if now < t0 => 0,
            (Load::Open { cps }, Some(t0)) => {
                let total = ramped(now.saturating_sub(t0), self.ramp, cps) as u64 + u64::from(self.first_due);
                total.saturating_sub(self.opened - self.base)
            }
            (Load::Closed { concurrent }, Some(t0)) => {
                let c = u64::from(concurrent);
                let target = match now.saturating_sub(t0) {
                    e if e < self.ramp => (c as u128 * u128::from(e) / u128::from(self.ramp)) as u64 + 1,
                    _ => c,
                };
                self.ramp_level = target.min(c);
                self.ramp_level.saturating_sub(self.active)
            }
        };
        due.min(left)
    }

    /// Scales the load it was built with by `ratio` from `now` on: an open loop's rate
    /// counts again from `now` (what was opened stays opened, none is made up), a closed
    /// loop holds its concurrency times `ratio` (at least one, at most `tuples`).
    fn rescale(&mut self, ratio: f64, now: u64, tuples: u64) {
        self.load = match self.load0 {
            Load::Open { cps } => Load::Open { cps: cps * ratio },
            Load::Closed { concurrent } => {
                let c = (f64::from(concurrent) * ratio).round().clamp(1.0, tuples.min(u64::from(u32::MAX)) as f64);
                Load::Closed { concurrent: c as u32 }
            }
        };
        if self.started_at.is_some() {
            self.started_at = Some(now);
            self.base = self.opened;
            self.first_due = false;
        }
        self.ramp = 0;
    }

    /// When the next connection is due (open loop, or a closed loop's ramp-up), if it is
    /// in the future.
    fn next_open_at(&self) -> Option<u64> {
        if self.limit.is_some_and(|l| self.opened >= l) {
            return None;
        }
        match (self.load, self.started_at) {
            (Load::Open { cps }, Some(t0)) => {
                let n = self.opened - self.base + u64::from(!self.first_due);
                let mut e = unramped(n as f64, self.ramp, cps).ceil() as u64;
                // Rounding may put the inverse a hair early: step to where `due` agrees.
                let mut step = 1;
                while self.ramp > 0 && ramped(e, self.ramp, cps) < n as f64 && step < 1 << 40 {
                    e += step;
                    step *= 2;
                }
                Some(t0 + e)
            }
            (_, None) => Some(0),
            (Load::Closed { concurrent }, Some(t0)) => {
                let c = u64::from(concurrent);
                (self.ramp_level < c && self.ramp > 0)
                    .then(|| t0 + (u128::from(self.ramp_level) * u128::from(self.ramp)).div_ceil(u128::from(c)) as u64)
            }
        }
    }
}

/// Connections an open loop of `cps` owes `e` ns after its start, with a linear ramp-up
/// of `ramp` ns: `cps e^2 / 2 ramp` during it, `cps (e - ramp / 2)` after.
fn ramped(e: u64, ramp: u64, cps: f64) -> f64 {
    if ramp == 0 {
        return e as f64 * cps / 1e9;
    }
    let (e, r) = (e as f64 / 1e9, ramp as f64 / 1e9);
    if e < r {
        cps * e * e / (2.0 * r)
    } else {
        cps * (e - r / 2.0)
    }
}

/// The inverse of [`ramped`]: when (ns after the start) the `n`th connection is owed.
fn unramped(n: f64, ramp: u64, cps: f64) -> f64 {
    if ramp == 0 {
        return n * 1e9 / cps;
    }
    let r = ramp as f64 / 1e9;
    let s = if n < cps * r / 2.0 { (2.0 * r * n / cps).sqrt() } else { n / cps + r / 2.0 };
    s * 1e9
}

mod pool;
mod udp;

use pool::Pool;
pub use pool::Servers;

/// Client and server connections of one worker.
pub struct Endpoint {
    cfg: EndpointConfig,
    programs: Vec<Arc<Program>>,
    /// Each program's connections' settings (a slot's `program` indexes both).
    tunes: Vec<Tune>,
    /// Program index + 1 by listening port, 0 = not listening.
    listen: Vec<u16>,
    /// The programs of [`ServerSpec::listen_at`];
    /// a TCP port among them is [`AT_ADDRESS`] in `listen`.
    listen_at: Vec<AnswerAt>,
    client: Option<ClientSide>,
    slots: Vec<Slot>,
    free: Vec<u32>,
    wheel: TimerWheel<u32>,
    txq: VecDeque<u32>,
    /// RSTs for segments of no connection: (tuple, segment).
    resets: VecDeque<(Tuple, Transmit)>,
    /// Raw frames to send first (ARP replies).
    raw: VecDeque<Vec<u8>>,
    /// The server's own addresses.
    server_ips: Vec<(Ipv4Addr, u32)>,
    /// Every address is its to answer: a server with no `server_ips`, or an endpoint of
    /// neither role; a pure client answers for its pool's only.
    any_address: bool,
    servers: ServerMap,
    stats: EndpointStats,
    ident: u16,
    /// The `delay_rand` generator's state.
    rand: u32,
    /// Timers set so far (each slot's `armed`).
    armed: u32,
    /// UDP flows (TRex's UDP programs), by index `| udp::UDP_FLOW` in the wheel and the
    /// client table.
    flows: Vec<udp::Flow>,
    flows_free: Vec<u32>,
    udp_servers: HashMap<Tuple, u32, BuildHasherDefault<FxHasher>>,
    /// `(port, program)`: a first datagram to the port opens a server flow.
    udp_listen: Vec<(u16, u16)>,
    /// Datagrams to send, in order.
    udp_txq: VecDeque<udp::Out>,
    /// Where a connection counts while its template groups are kept: folded into the side's
    /// total and its group's after each call ([`Endpoint::fold`]).
    scratch: TcpStats,
    /// Connections and UDP flows held now, by role (client, server): each at most
    /// [`EndpointConfig::max_conns`].
    held: [u64; 2],
    /// TLS by slot index, for connections whose programs have it (beside the slots, so
    /// that a plain connection's slot does not grow).
    tls: Vec<Option<Box<TlsConn>>>,
    /// Server connections over TLS held now (at most [`MAX_TLS_SERVER_CONNS`]).
    tls_live: u64,
    /// Machines by slot index, for connections whose programs decide as they run
    /// ([`crate::machine`]), beside the slots as TLS is.
    machines: Vec<Option<Box<Machine>>>,
}

/// Server connections over TLS one endpoint holds at once, at most: a SYN beyond them is
/// dropped and counted (`err_flow_overflow`), so no peer grows the TLS state past about
/// 600 MB a worker (rustls's connection, measured: 2.0 KB idle, 18.4 KB holding the
/// peer's partial 16 KB record).
pub const MAX_TLS_SERVER_CONNS: u64 = 32_768;

impl Endpoint {
    /// An endpoint with a client role, a server role, or both.
    pub fn new(cfg: EndpointConfig, client: Option<ClientSpec>, server: ServerSpec) -> Result<Endpoint, EndpointError> {
        Endpoint::with_clients(cfg, client.into_iter().collect(), server)
    }

    /// An endpoint whose client runs several templates (TRex ASTF's), each with its
    /// program, servers and rate, on its pool of addresses and ports: templates whose
    /// `ips`, `ports`, `port_stride` and `port_offset` are the same share one, and pools
    /// whose addresses overlap are refused ([`EndpointError::PoolsOverlap`]); none: no
    /// client role.
    pub fn with_clients(
        cfg: EndpointConfig,
        clients: Vec<ClientSpec>,
        server: ServerSpec,
    ) -> Result<Endpoint, EndpointError> {
        let mut programs: Vec<Arc<Program>> = clients.iter().map(|c| c.program.clone()).collect();
        // Below u16::MAX: a program's index + 1 in `listen` is never AT_ADDRESS.
        if programs.len() + server.listen.len() + server.listen_at.len() >= usize::from(u16::MAX) {
            return Err(EndpointError::TooManyPrograms);
        }
        let own = Tune { tcp: cfg.tcp, ip: cfg.ip, group: 0 };
        let mut tunes: Vec<Tune> = clients.iter().map(|c| c.tune.unwrap_or(own)).collect();
        let client = if clients.is_empty() { None } else { Some(ClientSide::new(clients)?) };
        let server_ips = server.ips.clone();
        let mut listen = vec![0u16; 65536];
        let mut udp_listen: Vec<(u16, u16)> = Vec::new();
        for (port, program) in server.listen {
            let datagram = program.is_datagram();
            let taken =
                if datagram { udp_listen.iter().any(|(p, _)| *p == port) } else { listen[usize::from(port)] != 0 };
            if taken {
                return Err(EndpointError::DuplicateListen(port));
            }
            programs.push(program);
            tunes.push(server.tunes.iter().find(|(p, _)| *p == port).map_or(own, |(_, t)| *t));
            if datagram {
                udp_listen.push((port, (programs.len() - 1) as u16));
            } else {
                listen[usize::from(port)] = programs.len() as u16;
            }
        }
        let mut listen_at: Vec<AnswerAt> = Vec::new();
        for a in server.listen_at {
            let datagram = a.program.is_datagram();
            let taken = if datagram {
                udp_listen.iter().any(|(p, _)| *p == a.port)
            } else {
                !matches!(listen[usize::from(a.port)], 0 | AT_ADDRESS)
            };
            // Rules by address may not meet; rules by content meet only at the same
            // addresses with the same offsets and masks, and differ in value; one of each
            // kind may meet (content first, then address).
            let clash = |b: &AnswerAt| {
                b.port == a.port
                    && b.datagram == datagram
                    && ranges_meet(b.ips, a.ips)
                    && match (&b.l7, &a.l7) {
                        (None, None) => true,
                        (Some(x), Some(y)) => b.ips != a.ips || x.rule != y.rule || x.value == y.value,
                        _ => false,
                    }
            };
            let bad_rule = a
                .l7
                .as_ref()
                .is_some_and(|m| m.rule.is_empty() || m.rule.len() > 8 || m.rule.windows(2).any(|w| w[0].0 > w[1].0));
            if taken || listen_at.iter().any(clash) || a.ips.1 == 0 || bad_rule {
                return Err(EndpointError::DuplicateListen(a.port));
            }
            programs.push(a.program);
            tunes.push(a.tune.unwrap_or(own));
            listen_at.push(AnswerAt {
                port: a.port,
                ips: a.ips,
                program: (programs.len() - 1) as u16,
                datagram,
                l7: a.l7,
            });
            if !datagram {
                listen[usize::from(a.port)] = AT_ADDRESS;
            }
        }
        #[allow(clippy::expect_used)]
        let wheel = TimerWheel::new(WheelConfig { tick_ns: cfg.timer_tick_ns.max(1), ..WheelConfig::default() })
            .expect("a valid wheel shape");
        // Counters per template group only when a program names one.
        let groups = tunes.iter().map(|t| usize::from(t.group)).max().filter(|g| *g > 0).map_or(0, |g| g + 1);
        let stats = EndpointStats { groups: vec![GroupStats::default(); groups], ..EndpointStats::default() };
        // A pure client (no TCP listener) owns its pool's addresses only; a server that
        // names no addresses, and an endpoint with neither role, answer for any.
        let any_address = server_ips.is_empty() && (client.is_none() || listen.iter().any(|&p| p != 0));
        Ok(Endpoint {
            programs,
            tunes,
            listen,
            listen_at,
            client,
            slots: Vec::new(),
            free: Vec::new(),
            wheel,
            txq: VecDeque::new(),
            resets: VecDeque::new(),
            raw: VecDeque::new(),
            any_address,
            server_ips,
            servers: ServerMap::default(),
            stats,
            ident: 0,
            rand: if cfg.rand_seed == 0 { 0x333 } else { cfg.rand_seed | 1 },
            armed: 0,
            flows: Vec::new(),
            flows_free: Vec::new(),
            udp_servers: HashMap::default(),
            udp_listen,
            udp_txq: VecDeque::new(),
            scratch: TcpStats::default(),
            held: [0; 2],
            tls: Vec::new(),
            tls_live: 0,
            machines: Vec::new(),
            cfg,
        })
    }

    /// The counters.
    pub fn stats(&self) -> &EndpointStats {
        &self.stats
    }

    /// Scales every client template's load to `ratio` times the one it was built with,
    /// from `now` on (TRex's `update`): an open loop's rate, a closed loop's concurrency.
    /// A ratio that is not a positive number is ignored.
    pub fn set_rate(&mut self, ratio: f64, now: u64) {
        if !(ratio > 0.0 && ratio.is_finite()) {
            return;
        }
        if let Some(c) = &mut self.client {
            for t in &mut c.templates {
                t.rescale(ratio, now, c.pools[t.pool].pool.tuples());
            }
        }
    }

    /// Opens no more client connections: each template's limit becomes what it opened
    /// (TRex's end of a duration: the flows open finish, no new one starts).
    pub fn stop_opening(&mut self) {
        if let Some(c) = &mut self.client {
            for t in &mut c.templates {
                t.limit = Some(t.opened);
            }
        }
    }

    /// Whether the connections (and UDP flows) of `role` held now are
    /// [`EndpointConfig::max_conns`].
    fn full(&self, role: Role) -> bool {
        self.held[role as usize] >= self.cfg.max_conns
    }

    /// Connections open now (their state held, TIME-WAIT included).
    pub fn active(&self) -> u64 {
        self.stats.active
    }

    /// Client connections whose programs are running now, and the most there were at
    /// once: what a closed loop holds constant.
    pub fn client_programs(&self) -> (u64, u64) {
        self.client.as_ref().map_or((0, 0), |c| (c.active, c.peak_active))
    }

    /// Whether the client has opened all it will and every connection has ended.
    pub fn is_done(&self) -> bool {
        let client_done = self.client.as_ref().is_none_or(ClientSide::all_opened);
        client_done
            && self.stats.active == 0
            && self.txq.is_empty()
            && self.udp_txq.is_empty()
            && self.resets.is_empty()
            && self.raw.is_empty()
    }

    /// Bytes of state per connection slot (the connection, its tuple, program cursor and
    /// timers), not counting the tables that index them.
    pub fn slot_bytes() -> usize {
        std::mem::size_of::<Slot>()
    }

    fn isn(&mut self, tuple: &Tuple, now: u64) -> Seq {
        if let Some((next, step)) = &mut self.cfg.isn_sequence {
            let isn = *next;
            *next = next.wrapping_add(*step);
            return Seq(isn);
        }
        // RFC 6528: ISN = M + F(tuple, secret), M a 4 µs clock.
        let mut h = FxHasher(self.cfg.isn_secret);
        h.write_u32(u32::from(tuple.local_ip));
        h.write_u32(u32::from(tuple.remote_ip));
        h.write_u32(u32::from(tuple.local_port) << 16 | u32::from(tuple.remote_port));
        h.write_u64(self.cfg.isn_secret.rotate_left(17));
        Seq((h.finish() >> 32) as u32) + (now / 4_000) as u32
    }

    fn alloc(&mut self, slot: Slot) -> u32 {
        self.held[slot.role as usize] += 1;
        self.stats.active += 1;
        self.stats.peak_active = self.stats.peak_active.max(self.stats.active);
        match self.free.pop() {
            Some(i) => {
                self.slots[i as usize] = slot;
                i
            }
            None => {
                self.slots.push(slot);
                (self.slots.len() - 1) as u32
            }
        }
    }

    // ------------------------------------------------------------------ input

    /// Takes one arriving frame at `now`.
    pub fn handle_frame(&mut self, now: u64, frame: &[u8]) {
        let parsed = match frame::parse(frame, self.cfg.verify_checksums) {
            Ok(p) => p,
            Err(frame::Skip::NotTcp) => {
                self.handle_other(now, frame);
                return;
            }
            Err(frame::Skip::Malformed) => {
                self.stats.server.tcps_rcvshort += 1;
                return;
            }
            Err(frame::Skip::Checksum) => {
                self.stats.server.tcps_rcvbadsum += 1;
                return;
            }
        };
        let tuple = parsed.tuple;
        let seg = parsed.segment;
        let client_hit = self.client.as_ref().and_then(|c| c.lookup(tuple.local_ip, tuple.local_port));
        let index = match client_hit {
            Some(None) => None,
            // A UDP flow's pair: no TCP connection.
            Some(Some(i)) if i & udp::UDP_FLOW != 0 => None,
            Some(Some(i)) => Some(i),
            None => match self.servers.get(&self.slots, &tuple) {
                // A new SYN for a tuple in TIME-WAIT reopens it (RFC 6191), as Linux does.
                Some(i) if self.slots[i as usize].conn.state() == State::TimeWait && is_bare_syn(&seg) => {
                    self.slots[i as usize].conn.abort();
                    self.release(i);
                    self.accept(now, &tuple, &seg).then_some(());
                    return;
                }
                Some(i) => Some(i),
                None if self.accept(now, &tuple, &seg) => return,
                None => None,
            },
        };
        let Some(index) = index else {
            // A segment to none of its addresses (another generator's beside it on the
            // wire, segment I of a split run): not its to answer, as a host ignores what is
            // not addressed to it.
            if client_hit.is_none() && !self.any_address && !self.owns(tuple.local_ip) {
                self.stats.rx_not_tcp += 1;
                return;
            }
            if client_hit.is_some() {
                self.stats.client.tcps_noport += 1;
            } else {
                self.stats.server.tcps_noport += 1;
            }
            if let Some(rst) = frame::reset_for(&seg) {
                self.resets.push_back((tuple, rst));
            }
            return;
        };
        let slot = &mut self.slots[index as usize];
        if slot.tuple.remote_ip != tuple.remote_ip || slot.tuple.remote_port != tuple.remote_port {
            self.stats.client.tcps_noport += 1;
            if let Some(rst) = frame::reset_for(&seg) {
                self.resets.push_back((tuple, rst));
            }
            return;
        }
        let programs = &self.programs;
        let mut program = &programs[usize::from(slot.program)];
        // A connection answered by L7 content: its first payload names its program.
        let (by_content, listen_at, local) = (slot.flags & slot_flag::BY_CONTENT != 0, &self.listen_at, slot.tuple);
        let mut identified: Option<Option<u16>> = None;
        let mut machine_bytes = 0usize;
        let grouped = !self.stats.groups.is_empty();
        let (stats, app) = match slot.role {
            Role::Client => (&mut self.stats.client, &mut self.stats.client_app),
            Role::Server => (&mut self.stats.server, &mut self.stats.server_app),
        };
        let stats = if grouped { &mut self.scratch } else { stats };
        let cursor = &mut slot.cursor;
        let mut got = 0usize;
        let mut unexpected = 0usize;
        let mut wrong = 0usize;
        let tcp = &self.tunes[usize::from(slot.program)].tcp;
        let mut tls = tls_at(&mut self.tls, index);
        let mut machine = machine_at(&mut self.machines, index);
        let events = slot.conn.handle_segment(now, &seg, tcp, stats, &mut |data: &[u8]| {
            let mut plain = |data: &[u8]| {
                got += data.len();
                if by_content {
                    match *identified.get_or_insert_with(|| identify(listen_at, &local, false, data)) {
                        // Reset below.
                        None => return,
                        Some(p) => {
                            program = &programs[usize::from(p)];
                            if program.is_machine() {
                                // Its machine starts below, with these bytes.
                                machine_bytes += data.len();
                                return;
                            }
                        }
                    }
                }
                if let Some(m) = machine.as_deref_mut() {
                    m.receive(data.len());
                    return;
                }
                let (u, w) = cursor.receive_checked(program, data);
                unexpected += u;
                wrong += w;
            };
            match tls.as_deref_mut() {
                Some(t) => {
                    t.receive(data, &mut plain);
                }
                None => plain(data),
            }
        });
        app.unexpected_bytes += unexpected as u64;
        app.content_errors += wrong as u64;
        let mut regroup = None;
        if let Some(chosen) = identified {
            slot.flags &= !slot_flag::BY_CONTENT;
            match chosen {
                Some(p) => {
                    // Connected before this segment: its handshake was counted too.
                    regroup = Some((slot.program, p, !events.contains(Events::ESTABLISHED)));
                    slot.program = p;
                }
                None => {
                    // No rule answers it (TRex resets such a flow too).
                    stats.err_defer_no_template += 1;
                    end_program(slot, &mut self.client);
                    slot.conn.abort();
                }
            }
        }
        let handshake = match tls_at(&mut self.tls, index) {
            Some(t) => {
                t.flush(&mut slot.conn);
                if t.take_failure() {
                    app.tls_failures += 1;
                    // The alert leaves, then a FIN: the program is over.
                    slot.conn.close();
                    end_program(slot, &mut self.client);
                    slot.app_deadline = 0;
                    Handshake::Done
                } else {
                    t.handshake()
                }
            }
            None => Handshake::Done,
        };
        match handshake {
            Handshake::Full => app.tls_handshakes += 1,
            Handshake::Resumed => {
                app.tls_handshakes += 1;
                app.tls_resumed += 1;
            }
            _ => {}
        }
        if grouped {
            fold(&mut self.scratch, &mut self.stats, self.tunes[usize::from(slot.program)].group, slot.role);
        }
        if let Some((from, to, connected)) = regroup {
            self.regroup(from, to, connected);
        }
        if machine_bytes > 0 {
            self.start_machine(index);
            if let Some(m) = machine_at(&mut self.machines, index) {
                m.receive(machine_bytes);
            }
        }
        let slot = &mut self.slots[index as usize];
        if got > 0 && slot.flags & slot_flag::FIRST_BYTE == 0 && slot.role == Role::Client {
            slot.flags |= slot_flag::FIRST_BYTE;
            if slot.opened_at >= self.client.as_ref().map_or(0, |c| c.measure_from) {
                let _ = self.stats.latency.first_byte.record(now.saturating_sub(slot.opened_at));
            }
        }
        if matches!(handshake, Handshake::Full | Handshake::Resumed) {
            let slot = &mut self.slots[index as usize];
            if slot.role == Role::Client && slot.opened_at >= self.client.as_ref().map_or(0, |c| c.measure_from) {
                let _ = self.stats.latency.tls_setup.record(now.saturating_sub(slot.opened_at));
            }
            slot.app_deadline = 0;
            if slot.flags & slot_flag::PROGRAM_DONE == 0 && slot.conn.state() != State::Closed {
                self.run_program(index, now, false);
            }
        }
        self.after_events(index, now, events, got > 0);
    }

    /// Gives a new connection whose program decides as it runs its machine.
    fn start_machine(&mut self, index: u32) {
        if self.programs[usize::from(self.slots[index as usize].program)].is_machine() {
            let i = index as usize;
            if self.machines.len() <= i {
                self.machines.resize_with(i + 1, || None);
            }
            self.machines[i] = Some(Box::default());
        }
    }

    /// Starts TLS on a new connection whose program has it; returns whether it did. A
    /// connection rustls refuses (none is expected: its configuration was checked at
    /// parse) is reset.
    fn start_tls(&mut self, index: u32) -> bool {
        let slot = &mut self.slots[index as usize];
        let Some(spec) = self.programs[usize::from(slot.program)].tls() else { return false };
        match TlsConn::new(spec, slot.tuple.remote_ip) {
            Ok(t) => {
                let i = index as usize;
                if self.tls.len() <= i {
                    self.tls.resize_with(i + 1, || None);
                }
                self.tls[i] = Some(Box::new(t));
                if slot.role == Role::Server {
                    self.tls_live += 1;
                }
            }
            Err(_) => {
                slot.conn.abort();
                end_program(slot, &mut self.client);
            }
        }
        true
    }

    /// Takes UDP datagrams, answers ARP requests for this endpoint's addresses; counts
    /// everything else.
    fn handle_other(&mut self, now: u64, frame: &[u8]) {
        match frame::parse_udp(frame, self.cfg.verify_checksums) {
            Ok(Some((tuple, payload))) => return self.handle_udp(now, tuple, payload),
            Ok(None) => {}
            Err(_) => {
                self.stats.rx_not_tcp += 1;
                return;
            }
        }
        match riptide_wire::neighbor::arp_request_from(frame) {
            Some((mac, sender, target)) if self.owns(target) => {
                let me = self.cfg.macs.local.0;
                self.raw.push_back(riptide_wire::neighbor::arp_reply(me, target, mac, sender));
                self.stats.arp_replies += 1;
                return;
            }
            Some(_) => {
                self.stats.rx_not_tcp += 1;
                return;
            }
            None => {}
        }
        // IPv6's ARP: a Neighbor Solicitation for one of this endpoint's IPv6 addresses
        // (TRex's: an owned IPv4 address in the low 32 bits of a prefix of its programs)
        // gets an Advertisement, so a kernel peer needs no static neighbour.
        match riptide_wire::neighbor::nd_solicit_from(frame) {
            Some((mac, sender, target)) if self.owns_v6(target) => {
                let me = self.cfg.macs.local.0;
                self.raw.push_back(riptide_wire::neighbor::nd_advert(me, target, mac, sender));
                self.stats.nd_adverts += 1;
            }
            _ => self.stats.rx_not_tcp += 1,
        }
    }

    /// Whether `ip` is one of this endpoint's IPv6 addresses: the local prefix of the
    /// endpoint's or a program's IPv6 header, and an owned IPv4 address below it.
    fn owns_v6(&self, ip: std::net::Ipv6Addr) -> bool {
        let o = ip.octets();
        let prefixed = |h: &crate::endpoint::IpHeader| h.v6.is_some_and(|p| p.local[..] == o[..12]);
        (prefixed(&self.cfg.ip) || self.tunes.iter().any(|t| prefixed(&t.ip)))
            && self.owns(Ipv4Addr::new(o[12], o[13], o[14], o[15]))
    }

    /// Whether `ip` is one of this endpoint's addresses (client pool or server).
    fn owns(&self, ip: Ipv4Addr) -> bool {
        self.client.as_ref().is_some_and(|c| c.pools.iter().any(|p| in_range(ip, p.shape.0)))
            || self.server_ips.iter().any(|r| in_range(ip, *r))
    }

    /// The program of [`ServerSpec::listen_at`] that answers `tuple`'s local port and
    /// address (TCP, or `datagram`s).
    fn answering_at(&self, tuple: &Tuple, datagram: bool) -> Option<u16> {
        rules_at(&self.listen_at, tuple, datagram).find(|a| a.l7.is_none()).map(|a| a.program)
    }

    /// Whether `tuple`'s local port and address are answered by L7 content: the program
    /// of the first such rule (its tunables are every such rule's there).
    fn answering_by_content(&self, tuple: &Tuple, datagram: bool) -> Option<u16> {
        rules_at(&self.listen_at, tuple, datagram).find(|a| a.l7.is_some()).map(|a| a.program)
    }

    /// A SYN to a listening port opens a server connection; returns whether it did.
    fn accept(&mut self, now: u64, tuple: &Tuple, seg: &Segment<'_>) -> bool {
        let mut program = self.listen[usize::from(tuple.local_port)];
        let mut by_content = false;
        if program == AT_ADDRESS {
            // By content: the connection opens on the first such rule's program (its
            // tunables are theirs), which waits until the first payload names the program.
            let content = self.answering_by_content(tuple, false);
            by_content = content.is_some();
            program = content.or_else(|| self.answering_at(tuple, false)).map_or(0, |p| p + 1);
        }
        if program == 0 || !is_bare_syn(seg) {
            return false;
        }
        if !self.server_ips.is_empty() && !self.owns(tuple.local_ip) {
            return false;
        }
        let tls = self.programs[usize::from(program - 1)].tls().is_some();
        if self.full(Role::Server) || tls && self.tls_live >= MAX_TLS_SERVER_CONNS {
            // Dropped without an answer, as TRex drops a flow its table has no room for.
            self.count(program - 1, Role::Server, |s| s.err_flow_overflow += 1);
            return true;
        }
        let iss = self.isn(tuple, now);
        let tcp = &self.tunes[usize::from(program - 1)].tcp;
        let mut conn = Connection::accept(iss, seg, tcp);
        conn.set_born(now, tcp);
        self.count(program - 1, Role::Server, |s| s.tcps_accepts += 1);
        let slot = Slot {
            conn,
            tuple: *tuple,
            cursor: Cursor::default(),
            timer: None,
            app_deadline: 0,
            opened_at: now,
            program: program - 1,
            role: Role::Server,
            flags: if by_content { slot_flag::LIVE | slot_flag::BY_CONTENT } else { slot_flag::LIVE },
            delaying: false,
            armed: 0,
        };
        let index = self.alloc(slot);
        self.servers.insert(&self.slots, tuple, index);
        if !by_content {
            self.start_machine(index);
        }
        self.start_tls(index);
        // The SYN-ACK goes out; the program starts when the handshake completes.
        self.schedule(index, now);
        true
    }

    fn after_events(&mut self, index: u32, now: u64, events: Events, data: bool) {
        let slot = &mut self.slots[index as usize];
        if events.contains(Events::ESTABLISHED) {
            match slot.role {
                Role::Client => {
                    let (program, opened) = (slot.program, slot.opened_at);
                    self.count(program, Role::Client, |s| s.tcps_connects += 1);
                    if opened >= self.client.as_ref().map_or(0, |c| c.measure_from) {
                        let _ = self.stats.latency.setup.record(now.saturating_sub(opened));
                    }
                }
                Role::Server => {
                    let program = slot.program;
                    self.count(program, Role::Server, |s| s.tcps_connects += 1);
                }
            }
        }
        let slot = &mut self.slots[index as usize];
        if events.contains(Events::PEER_FIN) {
            slot.flags |= slot_flag::PEER_FIN;
        }
        if let Some(t) = tls_at(&mut self.tls, index) {
            if events.contains(Events::ESTABLISHED) {
                // The client's hello leaves; the handshake must end within the recv
                // timeout.
                t.flush(&mut slot.conn);
                slot.delaying = false;
                slot.app_deadline = now + self.cfg.recv_timeout_ns;
            }
        }
        let tls_waits = tls_at(&mut self.tls, index).is_some_and(|t| !t.ready());
        let runs = !tls_waits
            && slot.flags & slot_flag::BY_CONTENT == 0
            && (events.contains(Events::ESTABLISHED)
                || data
                || events.contains(Events::PEER_FIN)
                || (events.contains(Events::ACKED) && slot.flags & slot_flag::WAIT_ACK != 0));
        if runs && slot.flags & slot_flag::PROGRAM_DONE == 0 && slot.conn.state() != State::Closed {
            self.run_program(index, now, false);
        }
        let slot = &mut self.slots[index as usize];
        if events.contains(Events::CLOSED) && slot.flags & slot_flag::PROGRAM_DONE == 0 {
            // Reset or timed out under the program.
            end_program(slot, &mut self.client);
            slot.app_deadline = 0;
        }
        if events.contains(Events::PEER_FIN) && slot.flags & slot_flag::PROGRAM_DONE == 0 {
            // The peer is done sending: a recv still waiting can never be filled.
            let app = match slot.role {
                Role::Client => &mut self.stats.client_app,
                Role::Server => &mut self.stats.server_app,
            };
            let program = &self.programs[usize::from(slot.program)];
            let waits = match machine_at(&mut self.machines, index) {
                Some(m) => m.waits_for_bytes(program),
                None => !slot.cursor.received_all(program),
            };
            if waits {
                app.peer_closed_early += 1;
                end_program(slot, &mut self.client);
                slot.app_deadline = 0;
                slot.conn.close();
            }
        }
        self.schedule(index, now);
    }

    /// Runs the slot's program as far as it goes.
    fn run_program(&mut self, index: u32, now: u64, delay_over: bool) {
        let slot = &mut self.slots[index as usize];
        let program = &self.programs[usize::from(slot.program)];
        let conn = &mut slot.conn;
        let close = self.cfg.close;
        let ack_first = self.tunes[usize::from(slot.program)].tcp.ack_before_close;
        let peer_closed = slot.flags & slot_flag::PEER_FIN != 0;
        // Every byte acknowledged, and the SYN (a client's handshake done).
        let acked = conn.unacked() == 0 && !matches!(conn.state(), State::SynSent | State::SynReceived);
        slot.flags &= !slot_flag::WAIT_ACK;
        let mut tls = tls_at(&mut self.tls, index);
        let machine = machine_at(&mut self.machines, index);
        let (unacked, snd_buf) = (conn.unacked(), self.tunes[usize::from(slot.program)].tcp.snd_buf);
        let cursor = &mut slot.cursor;
        let mut on_action = |action| match action {
            Action::Send(n) => match tls.as_deref_mut() {
                Some(t) => {
                    t.write_plain(program, n);
                    t.flush(conn);
                }
                None => {
                    conn.send(n);
                }
            },
            Action::Close | Action::CloseAfterPeer if close == CloseMode::Rst => conn.abort(),
            Action::Close => {
                if let Some(t) = tls.as_deref_mut() {
                    // close_notify, then the FIN.
                    t.close();
                    t.flush(conn);
                }
                conn.close();
            }
            Action::CloseAfterPeer => {
                // The ACK of the peer's FIN leaves before this side's FIN (BSD's order: the
                // input's ACK, then the application's close on its wakeup).
                if ack_first {
                    conn.ack_first();
                }
                if let Some(t) = tls.as_deref_mut() {
                    t.close();
                    t.flush(conn);
                }
                conn.close();
            }
            Action::Reset => {
                if ack_first {
                    conn.ack_first();
                }
                conn.abort()
            }
        };
        let status = match machine {
            Some(m) => m.run(program, now, delay_over, peer_closed, unacked, snd_buf, &mut on_action),
            None => cursor.run(program, now, delay_over, peer_closed, acked, &mut on_action),
        };
        match status {
            Status::Receiving => {
                // An idle timeout: every arrival that moves the program on restarts it.
                slot.delaying = false;
                slot.app_deadline = now + self.cfg.recv_timeout_ns;
            }
            Status::Delaying(at) => {
                slot.delaying = true;
                slot.app_deadline = self.cfg.app_delay(now, at - now);
            }
            Status::DelayingRand(min, max) => {
                let at = self.draw_delay(now, min, max);
                let slot = &mut self.slots[index as usize];
                slot.delaying = true;
                slot.app_deadline = at;
            }
            Status::AwaitingPeerClose => {
                slot.delaying = false;
                slot.app_deadline = 0;
            }
            Status::AwaitingAcks => {
                slot.flags |= slot_flag::WAIT_ACK;
                slot.delaying = false;
                slot.app_deadline = 0;
            }
            Status::Done => {
                slot.app_deadline = 0;
                end_program(slot, &mut self.client);
                let (app, client) = match slot.role {
                    Role::Client => (&mut self.stats.client_app, true),
                    Role::Server => (&mut self.stats.server_app, false),
                };
                app.completed += 1;
                if client && slot.opened_at >= self.client.as_ref().map_or(0, |c| c.measure_from) {
                    let _ = self.stats.latency.transaction.record(now.saturating_sub(slot.opened_at));
                }
                if client {
                    self.stats.last_completed_ns = self.stats.last_completed_ns.max(now);
                }
            }
        }
    }

    /// When a `delay_rand` of `min..max` ns started at `now` ends. TRex's draw: a linear
    /// congruential generator per endpoint, scaled into the range in units of the timer
    /// grain (TRex's wheel ticks) or of 1 us.
    fn draw_delay(&mut self, now: u64, min: u64, max: u64) -> u64 {
        let unit = if self.cfg.timer_grain_ns > 0 { self.cfg.timer_grain_ns } else { 1_000 };
        let (lo, hi) = (min / unit, max / unit);
        self.rand = self.rand.wrapping_mul(69_069).wrapping_add(1);
        let span = u32::try_from(hi - lo).unwrap_or(u32::MAX);
        let draw = (u64::from(self.rand) * u64::from(span)) >> 32;
        self.cfg.app_delay(now, (lo + draw) * unit)
    }

    /// Queues the slot for transmission and sets its timer.
    fn schedule(&mut self, index: u32, now: u64) {
        let slot = &mut self.slots[index as usize];
        if slot.flags & slot_flag::QUEUED == 0 {
            slot.flags |= slot_flag::QUEUED;
            self.txq.push_back(index);
        }
        let conn_at = slot.conn.poll_timeout().unwrap_or(u64::MAX);
        let app_at = if slot.app_deadline == 0 { u64::MAX } else { slot.app_deadline };
        let want = self.cfg.on_grain(conn_at.min(app_at));
        let _ = now;
        if want == u64::MAX {
            if let Some(id) = slot.timer.take() {
                self.wheel.cancel(id);
            }
        } else if slot.timer.and_then(|id| self.wheel.deadline(id)).is_none_or(|at| want < at) {
            if let Some(id) = slot.timer.take() {
                self.wheel.cancel(id);
            }
            slot.timer = Some(self.wheel.insert(want, index));
            self.armed = self.armed.wrapping_add(1);
            slot.armed = self.armed;
        }
        // A later deadline keeps the earlier timer: it fires early and is set again.
    }

    /// Counts on a connection of `program`'s: into the side's total, and into its template
    /// group's when groups are kept.
    #[inline]
    /// Moves a server connection's accept (and, `connected`, its handshake) from program
    /// `from`'s template group to program `to`'s: association by L7 content names the
    /// program after them, as TRex moves them once the template is known.
    fn regroup(&mut self, from: u16, to: u16, connected: bool) {
        let group = |p: u16| usize::from(self.tunes[usize::from(p)].group);
        let (a, b) = (group(from), group(to));
        if self.stats.groups.is_empty() || a == b {
            return;
        }
        let groups = &mut self.stats.groups;
        groups[a].server.tcps_accepts = groups[a].server.tcps_accepts.saturating_sub(1);
        groups[b].server.tcps_accepts += 1;
        if connected {
            groups[a].server.tcps_connects = groups[a].server.tcps_connects.saturating_sub(1);
            groups[b].server.tcps_connects += 1;
        }
    }

    fn count(&mut self, program: u16, role: Role, f: impl Fn(&mut TcpStats)) {
        let (total, g) = match role {
            Role::Client => (&mut self.stats.client, 0),
            Role::Server => (&mut self.stats.server, 1),
        };
        f(total);
        if !self.stats.groups.is_empty() {
            let group = &mut self.stats.groups[usize::from(self.tunes[usize::from(program)].group)];
            f(if g == 0 { &mut group.client } else { &mut group.server });
        }
    }

    /// Frees a slot whose connection is CLOSED.
    fn release(&mut self, index: u32) {
        let slot = &mut self.slots[index as usize];
        if slot.flags & slot_flag::LIVE == 0 {
            return;
        }
        if let Some(id) = slot.timer.take() {
            self.wheel.cancel(id);
        }
        self.stats.active -= 1;
        self.held[slot.role as usize] -= 1;
        let (program, role) = (slot.program, slot.role);
        self.count(program, role, |s| s.tcps_closed += 1);
        let slot = &mut self.slots[index as usize];
        match slot.role {
            Role::Client => {
                end_program(slot, &mut self.client);
                if let Some(client) = &mut self.client {
                    client.release(slot.tuple.local_ip, slot.tuple.local_port);
                }
            }
            Role::Server => {
                let tuple = slot.tuple;
                self.servers.remove(&self.slots, &tuple);
            }
        }
        self.slots[index as usize].flags = 0;
        if let Some(m) = self.machines.get_mut(index as usize) {
            *m = None;
        }
        if let Some(t) = self.tls.get_mut(index as usize) {
            if t.take().is_some() && role == Role::Server {
                self.tls_live -= 1;
            }
        }
        self.free.push(index);
    }

    // ------------------------------------------------------------------ timers

    /// The earliest time [`Endpoint::handle_timeout`] has work.
    pub fn poll_timeout(&self) -> Option<u64> {
        let wheel = self.wheel.next_deadline();
        let open = self.client.as_ref().and_then(|c| c.next_open_at());
        match (wheel, open) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Fires timers due by `now` and opens the client connections due.
    pub fn handle_timeout(&mut self, now: u64) {
        let mut fired = Vec::new();
        self.wheel.poll_expired(now, |at, index| fired.push((at, index)));
        if self.cfg.timer_grain_ns > 0 {
            let (slots, flows) = (&self.slots, &self.flows);
            fired.sort_by_key(|&(at, index)| {
                let armed = if index & udp::UDP_FLOW != 0 {
                    flows[(index & !udp::UDP_FLOW) as usize].armed
                } else {
                    slots[index as usize].armed
                };
                (at, armed)
            });
        }
        for (at, index) in fired {
            if index & udp::UDP_FLOW != 0 {
                self.udp_fire(index & !udp::UDP_FLOW, at, now);
                continue;
            }
            let slot = &mut self.slots[index as usize];
            // The slot's timer is the one that fired when the wheel no longer holds it (a
            // slot freed and taken again meanwhile has a pending one, or none).
            if slot.flags & slot_flag::LIVE == 0 || slot.timer.is_none_or(|id| self.wheel.deadline(id).is_some()) {
                continue;
            }
            let _ = at;
            slot.timer = None;
            self.fire(index, now);
        }
        self.open_due(now);
    }

    fn fire(&mut self, index: u32, now: u64) {
        let slot = &mut self.slots[index as usize];
        let mut events = Events::NONE;
        if slot.conn.poll_timeout().is_some_and(|t| t <= now) {
            let grouped = !self.stats.groups.is_empty();
            let stats = match slot.role {
                Role::Client => &mut self.stats.client,
                Role::Server => &mut self.stats.server,
            };
            let stats = if grouped { &mut self.scratch } else { stats };
            events = slot.conn.handle_timeout(now, &self.tunes[usize::from(slot.program)].tcp, stats);
            if grouped {
                fold(&mut self.scratch, &mut self.stats, self.tunes[usize::from(slot.program)].group, slot.role);
            }
        }
        if slot.app_deadline != 0 && slot.app_deadline <= now {
            slot.app_deadline = 0;
            if slot.delaying {
                slot.delaying = false;
                self.run_program(index, now, true);
            } else if slot.flags & slot_flag::PROGRAM_DONE == 0 {
                let app = match slot.role {
                    Role::Client => &mut self.stats.client_app,
                    Role::Server => &mut self.stats.server_app,
                };
                app.recv_timeouts += 1;
                end_program(slot, &mut self.client);
                slot.conn.abort();
            }
        }
        self.after_events(index, now, events, false);
    }

    fn open_due(&mut self, now: u64) {
        let templates = self.client.as_ref().map_or(0, |c| c.templates.len());
        let mut budget = OPEN_BURST;
        for t in 0..templates {
            let Some(client) = &mut self.client else { return };
            let opener = &mut client.templates[t];
            if opener.started_at.is_none() {
                opener.started_at = Some(now + opener.phase);
                // The ramp-up runs from the template's phase; without one, latencies count from the start.
                let ramp_end = if opener.ramp > 0 { now + opener.phase + opener.ramp } else { now };
                client.measure_from = client.measure_from.max(ramp_end);
            }
            let opener = &mut client.templates[t];
            let owed = opener.due(now);
            if owed > 0 && self.held[Role::Client as usize] >= self.cfg.max_conns {
                // The table is full: an open loop's connections owed now are not opened
                // (no backlog piles up), each counted; a closed loop tries again later.
                let missed = if matches!(opener.load, Load::Open { .. }) { owed } else { 1 };
                if matches!(opener.load, Load::Open { .. }) {
                    opener.opened += owed;
                }
                self.count(t as u16, Role::Client, |s| s.err_flow_overflow += missed);
                continue;
            }
            let due = owed.min(budget);
            budget -= due;
            for _ in 0..due {
                if !self.open_one(now, t) {
                    break;
                }
            }
        }
    }

    /// Opens a connection of template `t`.
    fn open_one(&mut self, now: u64, t: usize) -> bool {
        if self.full(Role::Client) {
            self.count(t as u16, Role::Client, |s| s.err_flow_overflow += 1);
            return false;
        }
        let Some(client) = &mut self.client else { return false };
        let Some(i) = client.pool_of(t).find_free() else {
            self.stats.client.tcps_nofreetuple += 1;
            // Counted as opened so an open loop does not pile up a backlog it cannot meet.
            client.templates[t].opened += 1;
            return false;
        };
        let opener = &mut client.templates[t];
        let server = opener.servers.nth(opener.next_server);
        opener.next_server += 1;
        self.start_client(now, t, i, server);
        true
    }

    /// Opens a connection of client template `t` from `local` to `remote` now: for a
    /// caller that draws tuples itself (TRex's simulator's generator). `local` must be a
    /// free pair of the client's pool.
    pub fn open_to(
        &mut self,
        now: u64,
        t: usize,
        local: (Ipv4Addr, u16),
        remote: (Ipv4Addr, u16),
    ) -> Result<(), EndpointError> {
        let Some(client) = &mut self.client else { return Err(EndpointError::NotInPool) };
        if t >= client.templates.len() {
            return Err(EndpointError::NotInPool);
        }
        let pool = client.pool_of(t);
        let i = pool.index_of(local.0, local.1).filter(|&i| pool.get(i).is_none()).ok_or(EndpointError::NotInPool)?;
        self.start_client(now, t, i, remote);
        Ok(())
    }

    /// Starts a client connection of template `t` on pair `i` of its pool to `server`.
    fn start_client(&mut self, now: u64, t: usize, i: u64, (server_ip, server_port): (Ipv4Addr, u16)) {
        let Some(client) = &mut self.client else { return };
        let (ip, port) = client.pool_of(t).tuple_at(i);
        let opener = &mut client.templates[t];
        opener.opened += 1;
        opener.active += 1;
        client.active += 1;
        client.peak_active = client.peak_active.max(client.active);
        let tuple = Tuple { local_ip: ip, remote_ip: server_ip, local_port: port, remote_port: server_port };
        if self.programs[t].is_datagram() {
            self.start_udp_client(now, t, i, tuple);
            return;
        }
        let iss = self.isn(&tuple, now);
        let tcp = &self.tunes[t].tcp;
        let slot = Slot {
            conn: {
                let mut conn = Connection::connect(iss, tcp);
                conn.set_born(now, tcp);
                conn
            },
            tuple,
            cursor: Cursor::default(),
            timer: None,
            app_deadline: 0,
            opened_at: now,
            program: t as u16,
            role: Role::Client,
            flags: slot_flag::LIVE,
            delaying: false,
            armed: 0,
        };
        let index = self.alloc(slot);
        if let Some(client) = &mut self.client {
            client.pool_of(t).hold(i, index);
        }
        self.count(t as u16, Role::Client, |s| s.tcps_connattempt += 1);
        if self.stats.first_open_ns == 0 {
            self.stats.first_open_ns = now.max(1);
        }
        self.start_machine(index);
        if self.start_tls(index) {
            // The program starts when the TLS handshake is done.
            self.schedule(index, now);
            return;
        }
        // The program starts at once: what it sends first rides on the handshake's ACK.
        self.run_program(index, now, false);
        self.schedule(index, now);
    }

    // ------------------------------------------------------------------ output

    /// Writes the next frame into `buf` (at least the MTU + 14 bytes); returns its length.
    pub fn poll_transmit(&mut self, now: u64, buf: &mut [u8]) -> Option<usize> {
        if let Some(raw) = self.raw.pop_front() {
            let n = raw.len().min(buf.len());
            buf[..n].copy_from_slice(&raw[..n]);
            return Some(n);
        }
        if let Some((tuple, rst)) = self.resets.pop_front() {
            self.ident = self.ident.wrapping_add(1);
            let l2 = L2 { macs: self.cfg.macs, vlan: None };
            return Some(frame::emit(buf, &l2, &self.cfg.ip, &tuple, self.ident, &rst, |_| {}));
        }
        if !self.udp_txq.is_empty() {
            if let Some(n) = self.poll_udp(buf) {
                return Some(n);
            }
        }
        while let Some(&index) = self.txq.front() {
            let slot = &mut self.slots[index as usize];
            let grouped = !self.stats.groups.is_empty();
            let stats = match slot.role {
                Role::Client => &mut self.stats.client,
                Role::Server => &mut self.stats.server,
            };
            let stats = if grouped { &mut self.scratch } else { stats };
            let tune = &self.tunes[usize::from(slot.program)];
            let sent = slot.conn.poll_transmit(now, &tune.tcp, stats);
            if grouped {
                fold(&mut self.scratch, &mut self.stats, tune.group, slot.role);
            }
            if let Some(t) = sent {
                let program = &self.programs[usize::from(slot.program)];
                self.ident = self.ident.wrapping_add(1);
                let l2 = match self.cfg.clusters {
                    None => L2 { macs: self.cfg.macs, vlan: None },
                    Some(_) => link(&self.cfg, slot.role, &slot.tuple),
                };
                let tls = tls_at(&mut self.tls, index);
                let machine = self.machines.get(index as usize).and_then(|m| m.as_deref());
                let len = frame::emit(buf, &l2, &tune.ip, &slot.tuple, self.ident, &t, |out| match (tls, machine) {
                    (Some(tls), _) => tls.fill(t.data_offset, out),
                    (None, Some(m)) => m.fill(program, t.data_offset, out),
                    (None, None) => program.fill(t.data_offset, out),
                });
                return Some(len);
            }
            self.txq.pop_front();
            slot.flags &= !slot_flag::QUEUED;
            if slot.conn.state() == State::Closed {
                self.release(index);
            } else {
                self.schedule_timer_only(index);
            }
            // A closed loop replaces connections whose programs ended.
            self.open_due(now);
        }
        None
    }

    fn schedule_timer_only(&mut self, index: u32) {
        let slot = &mut self.slots[index as usize];
        let conn_at = slot.conn.poll_timeout().unwrap_or(u64::MAX);
        let app_at = if slot.app_deadline == 0 { u64::MAX } else { slot.app_deadline };
        let want = self.cfg.on_grain(conn_at.min(app_at));
        if want != u64::MAX && slot.timer.and_then(|id| self.wheel.deadline(id)).is_none_or(|at| want < at) {
            if let Some(id) = slot.timer.take() {
                self.wheel.cancel(id);
            }
            slot.timer = Some(self.wheel.insert(want, index));
            self.armed = self.armed.wrapping_add(1);
            slot.armed = self.armed;
        }
    }
}

/// The program that answers `tuple`, whose first payload is `data`, among rules by L7
/// content (the first whose value the payload has), then by address; `None`: none.
fn identify(listen_at: &[AnswerAt], tuple: &Tuple, datagram: bool, data: &[u8]) -> Option<u16> {
    let matches = |m: &L7Match| L7Match::value_of(&m.rule, data) == Some(m.value);
    let by_content = rules_at(listen_at, tuple, datagram).find(|a| a.l7.as_ref().is_some_and(matches));
    by_content.or_else(|| rules_at(listen_at, tuple, datagram).find(|a| a.l7.is_none())).map(|a| a.program)
}

/// The rules of [`ServerSpec::listen_at`] at `tuple`'s local port and address, TCP's or
/// (`datagram`) UDP's.
fn rules_at<'a>(listen_at: &'a [AnswerAt], tuple: &Tuple, datagram: bool) -> impl Iterator<Item = &'a AnswerAt> {
    let (port, ip) = (tuple.local_port, tuple.local_ip);
    listen_at.iter().filter(move |a| a.port == port && a.datagram == datagram && in_range(ip, a.ips))
}

/// Connection `index`'s machine, if its program runs on one.
fn machine_at(machines: &mut [Option<Box<Machine>>], index: u32) -> Option<&mut Machine> {
    machines.get_mut(index as usize).and_then(|m| m.as_deref_mut())
}

/// Connection `index`'s TLS, if it has one.
fn tls_at(tls: &mut [Option<Box<TlsConn>>], index: u32) -> Option<&mut TlsConn> {
    tls.get_mut(index as usize).and_then(|t| t.as_deref_mut())
}

/// Moves what a connection of template group `group` on `role`'s side counted into
/// `scratch` to that side's total and the group's.
#[cold]
fn fold(scratch: &mut TcpStats, stats: &mut EndpointStats, group: u16, role: Role) {
    let counted = std::mem::take(scratch);
    let g = &mut stats.groups[usize::from(group)];
    let (total, group) = match role {
        Role::Client => (&mut stats.client, &mut g.client),
        Role::Server => (&mut stats.server, &mut g.server),
    };
    total.merge(&counted);
    group.merge(&counted);
}

/// Marks a slot's program as ended; a client connection stops counting towards a closed
/// loop's concurrency then, though its state may linger (TIME-WAIT).
fn end_program(slot: &mut Slot, client: &mut Option<ClientSide>) {
    if slot.flags & slot_flag::PROGRAM_DONE != 0 {
        return;
    }
    slot.flags |= slot_flag::PROGRAM_DONE;
    if slot.role == Role::Client {
        // A client slot's program index is its template's.
        client_program_ended(client, usize::from(slot.program));
    }
}

/// What a connection's frames carry below IP: the endpoint's MACs, or its client's
/// cluster's VLAN and MACs (mirrored on the server side).
fn link(cfg: &EndpointConfig, role: Role, tuple: &Tuple) -> L2 {
    let own = L2 { macs: cfg.macs, vlan: None };
    let Some(clusters) = &cfg.clusters else { return own };
    let client_ip = if role == Role::Client { tuple.local_ip } else { tuple.remote_ip };
    let Some(c) = clusters.client(client_ip) else { return own };
    let (local, peer) = match role {
        Role::Client => (c.src_mac, c.dst_mac),
        Role::Server => (c.dst_mac, c.src_mac),
    };
    L2 {
        macs: Macs {
            local: local.map_or(cfg.macs.local, riptide_wire::ethernet::EthernetAddress),
            peer: peer.map_or(cfg.macs.peer, riptide_wire::ethernet::EthernetAddress),
        },
        vlan: c.vlan,
    }
}

/// A client program of template `t` has ended: one fewer running.
fn client_program_ended(client: &mut Option<ClientSide>, t: usize) {
    if let Some(client) = client {
        client.active -= 1;
        if let Some(t) = client.templates.get_mut(t) {
            t.active -= 1;
        }
    }
}

/// A SYN without ACK or RST: a connection request.
fn is_bare_syn(seg: &Segment<'_>) -> bool {
    use riptide_wire::tcp::TcpFlags;
    seg.flags.bits() & (TcpFlags::SYN | TcpFlags::ACK | TcpFlags::RST).bits() == TcpFlags::SYN.bits()
}
