//! What a TCP run ([`crate::tcp`]) reports: one worker's counters as it publishes them,
//! and the TCP part of a snapshot. A leaf: the snapshot ([`crate::stats`]) holds these
//! without importing the run kind; the kind fills them (`TcpReport::merge` is in
//! [`crate::tcp`]).

use riptide_tcp::endpoint::{AppStats, GroupStats, Latencies};
use riptide_tcp::stats::UdpStats;
use riptide_tcp::TcpStats;
use serde::{Deserialize, Serialize};

/// What one worker publishes.
#[derive(Clone, Debug, Default)]
pub struct TcpCounters {
    pub(crate) client: TcpStats,
    pub(crate) server: TcpStats,
    pub(crate) client_app: AppStats,
    pub(crate) server_app: AppStats,
    pub(crate) client_udp: UdpStats,
    pub(crate) server_udp: UdpStats,
    pub(crate) groups: Vec<GroupStats>,
    pub(crate) active: u64,
    pub(crate) first_open_ns: u64,
    pub(crate) last_completed_ns: u64,
    pub(crate) latency: Option<Latencies>,
    pub(crate) neighbors: Neighbors,
}

/// What the endpoints answered for their addresses, and what they received that was not
/// for them.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Neighbors {
    /// ARP requests for the endpoints' addresses, answered.
    pub arp_replies: u64,
    /// IPv6 Neighbor Solicitations for the endpoints' addresses, answered.
    pub nd_adverts: u64,
    /// Frames that were neither TCP nor UDP for the endpoints (other protocols, ARP and
    /// solicitations for other addresses).
    pub rx_not_tcp: u64,
}

impl Neighbors {
    pub(crate) fn merge(&mut self, o: &Neighbors) {
        self.arp_replies += o.arp_replies;
        self.nd_adverts += o.nd_adverts;
        self.rx_not_tcp += o.rx_not_tcp;
    }
}

/// A TCP run's figures: TRex ASTF's counters per side, program outcomes, latencies.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct TcpReport {
    /// Client-side TCP counters.
    pub client: TcpStats,
    /// Server-side TCP counters.
    pub server: TcpStats,
    /// Client programs.
    pub client_app: AppStats,
    /// Server programs.
    pub server_app: AppStats,
    /// Client-side UDP counters (TRex's `udps_*`; UDP programs).
    #[serde(default)]
    pub client_udp: UdpStats,
    /// Server-side UDP counters.
    #[serde(default)]
    pub server_udp: UdpStats,
    /// The same per template group (TRex's `tg_id`; index 0: templates of no group), when
    /// the profile names groups.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<GroupStats>,
    /// Connections open now (state held, TIME-WAIT included), both sides.
    pub active: u64,
    /// Client connections established per second, from the first SYN to the last
    /// completed program (TIME-WAIT at the end of a run not counted).
    pub connects_per_s: f64,
    /// Client programs completed per second, over the same span.
    pub completed_per_s: f64,
    /// That span, s.
    pub busy_s: f64,
    /// SYN to SYN-ACK, ns.
    pub setup: Percentiles,
    /// SYN to the first byte back, ns.
    pub first_byte: Percentiles,
    /// SYN to the program's end, ns.
    pub transaction: Percentiles,
    /// SYN to the TLS handshake's end, ns (connections over TLS).
    #[serde(default)]
    pub tls_setup: Percentiles,
    /// ARP and Neighbor Discovery answered, frames not for the endpoints.
    #[serde(default)]
    pub neighbors: Neighbors,
}

/// A latency distribution, ns.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct Percentiles {
    /// Samples.
    pub count: u64,
    /// Smallest.
    #[serde(default)]
    pub min: u64,
    /// Mean.
    #[serde(default)]
    pub mean: u64,
    /// Median.
    pub p50: u64,
    /// 99th percentile.
    pub p99: u64,
    /// Largest.
    pub max: u64,
}

impl Percentiles {
    pub(crate) fn of(h: &hdrhistogram::Histogram<u64>) -> Percentiles {
        if h.is_empty() {
            return Percentiles::default();
        }
        Percentiles {
            count: h.len(),
            min: h.min(),
            mean: h.mean().round() as u64,
            p50: h.value_at_quantile(0.5),
            p99: h.value_at_quantile(0.99),
            max: h.max(),
        }
    }
}
