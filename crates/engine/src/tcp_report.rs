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
    /// When the first client connection was opened, ns from the run's start (0: none).
    #[serde(default)]
    pub first_open_ns: u64,
    /// When the last client program completed, ns from the run's start (0: none).
    #[serde(default)]
    pub last_completed_ns: u64,
    /// The latencies' whole HDR histograms (ns, 3 significant digits), HdrHistogram V2 +
    /// deflate in base64: in the final snapshot of a run only, so that the results of
    /// the generators of a split run merge exactly (`riptide merge`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hdr: Option<TcpHistograms>,
    /// The share of a run split between generators this one opened (`--segment I/N`):
    /// what `riptide merge` checks the generators' results by.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub split: Option<TcpSplit>,
}

/// [`TcpReport::split`].
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct TcpSplit {
    /// `I/N`.
    pub segment: String,
    /// What it took of the client pool.
    pub client_tuples: ClientTuples,
}

/// What a segment took of the client pool, and the pool.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct ClientTuples {
    /// Its share.
    #[serde(flatten)]
    pub take: ClientTake,
    /// The whole pool (the profile's).
    pub space: ClientSpace,
}

/// A client pool: addresses times ports.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct ClientSpace {
    /// The first address.
    pub ip_first: std::net::Ipv4Addr,
    /// How many.
    pub ip_count: u32,
    /// The first port.
    pub port_first: u16,
    /// The last port.
    pub port_last: u16,
}

/// What a segment of a run split between generators takes of the client pool (every
/// template shares one): a contiguous block of the addresses, all ports, when the range
/// has an address for each segment (as TRex splits a client range between its cores: the
/// DUT routes each block to its generator, and a generator answers ARP for its own
/// addresses only); else every address, and the ports `p` with `(p - first) % N == I`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClientTake {
    /// The first address taken.
    pub ip_first: std::net::Ipv4Addr,
    /// How many.
    pub ip_count: u32,
    /// The port range (the profile's).
    pub port_first: u16,
    /// See `port_first`.
    pub port_last: u16,
    /// The ports `p` with `(p - port_first) % port_stride == port_offset`.
    pub port_stride: u32,
    /// See `port_stride`.
    pub port_offset: u32,
}

/// [`TcpReport::hdr`]: each latency's histogram, encoded; an empty one is `None`.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct TcpHistograms {
    /// SYN to SYN-ACK.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<String>,
    /// SYN to the first byte back.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_byte: Option<String>,
    /// SYN to the program's end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transaction: Option<String>,
    /// SYN to the TLS handshake's end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tls_setup: Option<String>,
}

impl TcpHistograms {
    /// The histograms of `l`, encoded.
    pub fn of(l: &Latencies) -> TcpHistograms {
        let enc = |h: &hdrhistogram::Histogram<u64>| (!h.is_empty()).then(|| encode(h));
        TcpHistograms {
            setup: enc(&l.setup),
            first_byte: enc(&l.first_byte),
            transaction: enc(&l.transaction),
            tls_setup: enc(&l.tls_setup),
        }
    }

    /// The histograms back (a merge of several runs' reports), naming the one that
    /// does not decode.
    pub fn decode(&self) -> Result<Latencies, String> {
        let mut l = Latencies::default();
        for (name, text, into) in [
            ("setup", &self.setup, &mut l.setup),
            ("first_byte", &self.first_byte, &mut l.first_byte),
            ("transaction", &self.transaction, &mut l.transaction),
            ("tls_setup", &self.tls_setup, &mut l.tls_setup),
        ] {
            let Some(text) = text else { continue };
            let h = decode(text).map_err(|e| format!("hdr.{name}: {e}"))?;
            into.add(&h).map_err(|e| format!("hdr.{name}: {e:?}"))?;
        }
        Ok(l)
    }
}

fn encode(h: &hdrhistogram::Histogram<u64>) -> String {
    use base64::Engine as _;
    use hdrhistogram::serialization::Serializer;
    let mut out = Vec::new();
    match hdrhistogram::serialization::V2DeflateSerializer::new().serialize(h, &mut out) {
        Ok(_) => base64::engine::general_purpose::STANDARD.encode(out),
        Err(_) => String::new(),
    }
}

/// The largest encoded histogram read (a 3-digit histogram to an hour in ns is ~30 KiB
/// before deflate).
const MAX_HDR: usize = 1 << 20;

fn decode(text: &str) -> Result<hdrhistogram::Histogram<u64>, String> {
    use base64::Engine as _;
    if text.len() > MAX_HDR {
        return Err(format!("{} bytes: longer than a histogram's {MAX_HDR}", text.len()));
    }
    let bytes =
        base64::engine::general_purpose::STANDARD.decode(text.trim()).map_err(|e| format!("not base64: {e}"))?;
    hdrhistogram::serialization::Deserializer::new()
        .deserialize(&mut &bytes[..])
        .map_err(|e| format!("does not decode (HdrHistogram V2): {e:?}"))
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
    /// The figures of `h`.
    pub fn of(h: &hdrhistogram::Histogram<u64>) -> Percentiles {
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
