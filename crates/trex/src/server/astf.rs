//! TRex's ASTF RPC (its advanced-stateful mode) on the same server as the STL one:
//! TRex's own `ASTFClient` connects with `api_sync_v2 {name: "ASTF"}`, takes the context
//! (every port, one handler), uploads a profile as TRex's client writes it (JSON in
//! fragments, an md5 first so an unchanged profile is not sent twice), starts it at a
//! multiplier, updates the multiplier, reads TRex's counter table and stops it.
//!
//! The profile is the JSON `riptide tcp X.py` runs; the run is one
//! [`Command::TcpStart`] on the engine, its figures the snapshot's TCP report. What is
//! TRex's own: the profile states its client waits on (events 50, 60, 61), the epochs,
//! the counter table (ids, names, help, units, error marks), and the phrases of its
//! errors. Ownership is the session layer's ([`riptide_session::Owners`]): the context
//! is every port acquired under one handler.

use super::{bad, event, exec, Failure, Params, Trex, MAX_NAME};
use riptide_core::Nanos;
use riptide_engine::tcp::{Parsed, TcpReport, TcpStart};
use riptide_engine::{Command, Multiplier, Response, RunState, Snapshot};
use riptide_tcp::profile::TcpProfile;
use riptide_tcp::stats::UdpStats;
use riptide_tcp::TcpStats;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Instant;

/// The ASTF API major version served (TRex's client asks 2.x).
pub(crate) const API_MAJOR: u64 = 2;

/// The methods of TRex's ASTF RPC served here (beside the STL ones).
pub const METHODS: &[&str] = &[
    "sync",
    "inc_epoch",
    "profile_fragment",
    "profile_clear",
    "start",
    "stop",
    "update",
    "start_latency",
    "stop_latency",
    "update_latency",
    "get_latency_stats",
    "get_counter_desc",
    "get_counter_values",
    "get_total_counter_values",
    "get_dynamic_counter_desc",
    "get_dynamic_counter_values",
    "get_total_dynamic_counter_values",
    "get_tg_names",
    "get_tg_id_stats",
    "topo_get",
    "topo_clear",
    "tunnel_topo_get",
    "get_ignored_macs",
    "get_ignored_ips",
];

/// How long the flows open at the end of a duration have to finish (TIME-WAIT included).
const FINISH_GRACE: Nanos = Nanos(10_000_000_000);

/// How long a profile stays in DELETE after its subscriber read so.
const DELETE_GRACE: std::time::Duration = std::time::Duration::from_millis(100);

/// Profiles held at once (TRex's client names them; each holds its JSON text).
const MAX_PROFILES: usize = 16;

/// Profile text held for all profiles together, uploads under way included (TRex's JSON
/// of a profile carries its pcaps' payloads inline: http_simple's is 44 KB).
pub const MAX_PROFILE_BYTES: usize = 64 << 20;

/// TRex's ASTF profile states (`astf_states` in its client), in its order.
pub(crate) mod state {
    pub(crate) const IDLE: u8 = 0;
    pub(crate) const LOADED: u8 = 1;
    pub(crate) const PARSE: u8 = 2;
    pub(crate) const BUILD: u8 = 3;
    pub(crate) const TX: u8 = 4;
    pub(crate) const CLEANUP: u8 = 5;
    pub(crate) const DELETE: u8 = 6;

    /// The context's state from its profiles' (TRex's `TrexAstf::update_astf_state`): the
    /// first state any profile is in of TX, BUILD, PARSE, CLEANUP, LOADED; a profile being
    /// removed reads LOADED (TRex's client knows no DELETE context: its `reset` clears
    /// every profile and waits for IDLE, which must mean they are gone), else IDLE.
    pub(crate) fn context(profiles: impl IntoIterator<Item = u8>) -> u8 {
        let mut seen = [false; DELETE as usize + 1];
        for s in profiles {
            if let Some(x) = seen.get_mut(usize::from(s)) {
                *x = true;
            }
        }
        let first = [TX, BUILD, PARSE, CLEANUP, LOADED].into_iter().find(|&s| seen[usize::from(s)]);
        match first {
            Some(s) => s,
            None if seen[usize::from(DELETE)] => LOADED,
            None => IDLE,
        }
    }
}

/// TRex's ASTF event ids.
mod astf_event {
    /// The context's state changed.
    pub(super) const STATE: u64 = 50;
    /// A profile's state changed.
    pub(super) const PROFILE_STATE: u64 = 60;
    /// A profile was removed.
    pub(super) const PROFILE_CLEARED: u64 = 61;
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Bar,
    U64,
    F64,
}
use Kind::{Bar, F64, U64};

/// One row of TRex's counter table (`CSTTCpPerTGIDPerDir::create_clm_counters`).
struct Desc {
    kind: Kind,
    name: &'static str,
    help: &'static str,
    units: &'static str,
    /// Sent even when zero.
    zero: bool,
    /// An error counter (TRex's client lists these when they are not zero).
    error: bool,
    /// Not relative to a clear (TRex's client subtracts no baseline).
    abs: bool,
}

const fn d(
    kind: Kind,
    name: &'static str,
    help: &'static str,
    units: &'static str,
    zero: bool,
    error: bool,
    abs: bool,
) -> Desc {
    Desc { kind, name, help, units, zero, error, abs }
}

/// TRex's table, in its order: a counter's id is its index.
const TABLE: &[Desc] = &[
    d(U64, "m_active_flows", "active open flows", "", true, false, true),
    d(U64, "m_est_flows", "active established flows", "", true, false, true),
    d(F64, "m_tx_bw_l7_r", "tx L7 bw acked", "bps", true, false, true),
    d(F64, "m_tx_bw_l7_total_r", "tx L7 bw total", "bps", true, false, true),
    d(F64, "m_rx_bw_l7_r", "rx L7 bw acked", "bps", true, false, true),
    d(F64, "m_tx_pps_r", "tx pps", "pps", true, false, true),
    d(F64, "m_rx_pps_r", "rx pps", "pps", true, false, true),
    d(F64, "m_avg_size", "average pkt size", "B", true, false, true),
    d(F64, "m_tx_ratio", "Tx acked/sent ratio", "%", true, false, true),
    d(Bar, "-", "", "", false, false, true),
    d(F64, "m_traffic_duration", "measured traffic duration", "sec", false, false, true),
    d(Bar, "-", "", "", false, false, true),
    d(Bar, "TCP", "", "", false, false, true),
    d(Bar, "-", "", "", false, false, true),
    d(U64, "tcps_connattempt", "connections initiated", "", false, false, false),
    d(U64, "tcps_accepts", "connections accepted", "", false, false, false),
    d(U64, "tcps_connects", "connections established", "", false, false, false),
    d(U64, "tcps_closed", "conn. closed (includes drops)", "", false, false, false),
    d(U64, "tcps_segstimed", "segs where we tried to get rtt", "", false, false, false),
    d(U64, "tcps_rttupdated", "times we succeeded", "", false, false, false),
    d(U64, "tcps_delack", "delayed acks sent", "", false, false, false),
    d(U64, "tcps_sndtotal", "total packets sent", "", false, false, false),
    d(U64, "tcps_sndpack", "data packets sent", "", false, false, false),
    d(U64, "tcps_sndbyte", "data bytes sent by application", "", false, false, false),
    d(U64, "tcps_sndbyte_ok", "data bytes sent by tcp", "", false, false, false),
    d(U64, "tcps_sndctrl", "control (SYN|FIN|RST) packets sent", "", false, false, false),
    d(U64, "tcps_sndacks", "ack-only packets sent", "", false, false, false),
    d(U64, "tcps_rcvtotal", "total packets received", "", false, false, false),
    d(U64, "tcps_rcvpack", "packets received in sequence", "", false, false, false),
    d(U64, "tcps_rcvbyte", "bytes received in sequence", "", false, false, false),
    d(U64, "tcps_rcvackpack", "rcvd ack packets", "", false, false, false),
    d(U64, "tcps_rcvackbyte", "tx bytes acked by rcvd acks", "", false, false, false),
    d(U64, "tcps_rcvackbyte_of", "tx bytes acked by rcvd acks - overflow acked", "", false, false, false),
    d(U64, "tcps_rcvoffloads", "receive offload packets by software", "", false, false, false),
    d(U64, "tcps_preddat", "times hdr predict ok for data pkts", "", false, false, false),
    d(U64, "tcps_drops", "connections dropped", "", false, false, false),
    d(U64, "tcps_conndrops", "embryonic connections dropped", "", false, true, false),
    d(U64, "tcps_timeoutdrop", "conn. dropped in rxmt timeout", "", false, true, false),
    d(U64, "tcps_rexmttimeo", "retransmit timeouts", "", false, true, false),
    d(U64, "tcps_rexmttimeo_syn", "retransmit SYN timeouts", "", false, true, false),
    d(U64, "tcps_persisttimeo", "persist timeouts", "", false, true, false),
    d(U64, "tcps_keeptimeo", "keepalive timeouts", "", false, true, false),
    d(U64, "tcps_keepprobe", "keepalive probes sent", "", false, true, false),
    d(U64, "tcps_keepdrops", "connections dropped in keepalive", "", false, true, false),
    d(U64, "tcps_testdrops", "connections dropped by user at timeout (no-close flag --nc)", "", false, false, false),
    d(U64, "tcps_sndrexmitpack", "data packets retransmitted", "", false, true, false),
    d(U64, "tcps_sndrexmitbyte", "data bytes retransmitted", "", false, true, false),
    d(U64, "tcps_sndprobe", "window probes sent", "", false, true, false),
    d(U64, "tcps_sndurg", "packets sent with URG only", "", false, true, false),
    d(U64, "tcps_sndwinup", "window update-only packets sent", "", false, false, false),
    d(U64, "tcps_rcvbadsum", "packets received with ccksum errs", "", false, true, false),
    d(U64, "tcps_rcvbadoff", "packets received with bad offset", "", false, true, false),
    d(U64, "tcps_rcvshort", "packets received too short", "", false, true, false),
    d(U64, "tcps_rcvduppack", "duplicate-only packets received", "", false, true, false),
    d(U64, "tcps_rcvdupbyte", "duplicate-only bytes received", "", false, true, false),
    d(U64, "tcps_rcvpartduppack", "packets with some duplicate data", "", false, true, false),
    d(U64, "tcps_rcvpartdupbyte", "dup. bytes in part-dup. packets", "", false, true, false),
    d(U64, "tcps_rcvoopackdrop", "OOO packet drop due to queue len", "", false, true, false),
    d(U64, "tcps_rcvoobytesdrop", "OOO bytes drop due to queue len", "", false, true, false),
    d(U64, "tcps_rcvoopack", "out-of-order packets received", "", false, true, false),
    d(U64, "tcps_rcvoobyte", "out-of-order bytes received", "", false, true, false),
    d(U64, "tcps_rcvpackafterwin", "packets with data after window", "", false, true, false),
    d(U64, "tcps_rcvbyteafterwin", "bytes rcvd after window", "", false, true, false),
    d(U64, "tcps_rcvafterclose", "packets rcvd after close", "", false, true, false),
    d(U64, "tcps_rcvwinprobe", "rcvd window probe packets", "", false, true, false),
    d(U64, "tcps_rcvdupack", "rcvd duplicate acks", "", false, true, false),
    d(U64, "tcps_rcvacktoomuch", "rcvd acks for unsent data", "", false, true, false),
    d(U64, "tcps_rcvwinupd", "rcvd window update packets", "", false, true, false),
    d(U64, "tcps_pawsdrop", "segments dropped due to PAWS", "", false, true, false),
    d(U64, "tcps_predack", "times hdr predict ok for acks", "", false, false, false),
    d(U64, "tcps_persistdrop", "timeout in persist state", "", false, true, false),
    d(U64, "tcps_badsyn", "bogus SYN, e.g. premature ACK", "", false, true, false),
    d(U64, "tcps_reasalloc", "allocate tcp reasembly ctx", "", false, true, false),
    d(U64, "tcps_reasfree", "free tcp reasembly ctx", "", false, true, false),
    d(U64, "tcps_reas_hist_4", "count of max queue <= 4", "", false, true, false),
    d(U64, "tcps_reas_hist_16", "count of max queue <= 16", "", false, true, false),
    d(U64, "tcps_reas_hist_100", "count of max queue <= 100", "", false, true, false),
    d(U64, "tcps_reas_hist_other", "count of max queue > 100", "", false, true, false),
    d(U64, "tcps_nombuf", "no mbuf for tcp - drop the packets", "", false, true, false),
    d(U64, "tcps_sack_recovery_episode", "SACK recovery episodes", "", false, true, false),
    d(U64, "tcps_sack_rexmits", "SACK rexmit segments", "", false, true, false),
    d(U64, "tcps_sack_rexmit_bytes", "SACK rexmit bytes", "", false, true, false),
    d(U64, "tcps_sack_rcv_blocks", "SACK blocks (options) received", "", false, true, false),
    d(U64, "tcps_sack_send_blocks", "SACK blocks (options) sent", "", false, true, false),
    d(U64, "tcps_sack_sboverflow", "times scoreboard overflowed", "", false, true, false),
    d(U64, "tcps_ecn_ce", "ECN Congestion Experienced", "", false, false, false),
    d(U64, "tcps_ecn_ect0", "ECN Capable Transport", "", false, false, false),
    d(U64, "tcps_ecn_ect1", "ECN Capable Transport", "", false, false, false),
    d(U64, "tcps_ecn_shs", "ECN successful handshakes", "", false, false, false),
    d(U64, "tcps_ecn_rcwnd", "times ECN reduced the cwnd", "", false, false, false),
    d(Bar, "-", "", "", false, false, true),
    d(Bar, "UDP", "", "", false, false, true),
    d(Bar, "-", "", "", false, false, true),
    d(U64, "udps_accepts", "connections accepted", "", false, false, false),
    d(U64, "udps_connects", "connections established", "", false, false, false),
    d(U64, "udps_closed", "conn. closed (includes drops)", "", false, false, false),
    d(U64, "udps_sndbyte", "data bytes transmitted", "", false, false, false),
    d(U64, "udps_sndpkt", "data packets transmitted", "", false, false, false),
    d(U64, "udps_rcvbyte", "data bytes received", "", false, false, false),
    d(U64, "udps_rcvpkt", "data packets received", "", false, false, false),
    d(U64, "udps_keepdrops", "keepalive drop", "", false, true, false),
    d(U64, "udps_nombuf", "no mbuf", "", false, true, false),
    d(U64, "udps_pkt_toobig", "packets transmitted too big", "", false, true, false),
    d(Bar, "-", "", "", false, false, true),
    d(Bar, "Application", "", "", false, false, true),
    d(Bar, "-", "", "", false, false, true),
    d(U64, "user_counter_A", "user counter A", "", false, false, false),
    d(U64, "user_counter_B", "user counter B", "", false, false, false),
    d(U64, "user_counter_C", "user counter C", "", false, false, false),
    d(U64, "user_counter_D", "user counter D", "", false, false, false),
    d(U64, "flows_total", "total flows generated by the command", "", false, false, false),
    d(U64, "flows_other", "generated flows from changed template", "", false, false, false),
    d(Bar, "-", "", "", false, false, true),
    d(Bar, "Flow Table", "", "", false, false, true),
    d(Bar, "-", "", "", false, false, true),
    d(U64, "rss_redirect_rx", "rss rx packets redirected", "", false, false, false),
    d(U64, "rss_redirect_tx", "rss tx packets redirected", "", false, false, false),
    d(U64, "rss_redirect_drops", "rss packets to redirect dropped", "", false, true, false),
    d(U64, "rss_redirect_queue_full", "rss tx queue full", "", false, false, false),
    d(U64, "ignored_macs", "ignored macs addr", "", false, false, false),
    d(U64, "ignored_ips", "ignored ips addr", "", false, false, false),
    d(U64, "err_cwf", "client pkt without flow", "", false, true, false),
    d(U64, "err_no_syn", "server first flow packet with no SYN", "", false, true, false),
    d(U64, "err_len_err", "pkt with length error", "", false, true, false),
    d(U64, "err_fragments_ipv4_drop", "fragments_ipv4_drop", "", false, true, false),
    d(U64, "err_no_tcp_udp", "no tcp/udp packet", "", false, false, false),
    d(U64, "err_no_template", "server can't match L7 template", "", false, true, false),
    d(U64, "err_no_memory", "No heap memory for allocating flows", "", false, true, false),
    d(U64, "err_dct", "duplicate flow - more clients require", "", false, true, false),
    d(U64, "err_l3_cs", "ip checksum error", "", false, true, false),
    d(U64, "err_l4_cs", "tcp/udp checksum error", "", false, true, false),
    d(U64, "err_redirect_rx", "redirect to rx error", "", false, true, false),
    d(U64, "redirect_rx_ok", "redirect to rx OK", "", false, false, false),
    d(U64, "err_rx_throttled", "rx thread was throttled", "", false, false, false),
    d(U64, "err_c_nf_throttled", "client new flow throttled", "", false, true, false),
    d(U64, "err_c_tuple_err", "client new flow, not enough clients", "", false, true, false),
    d(U64, "err_s_nf_throttled", "server new flow throttled", "", false, true, false),
    d(U64, "err_flow_overflow", "too many flows errors", "", false, true, false),
    d(U64, "defer_template", "tcp L7 template matching deferred (by l7_map)", "", false, false, false),
    d(U64, "err_defer_no_template", "server can't match L7 template (deferred by l7_map)", "", false, true, false),
];

/// One side of a TCP run in TRex's counter names (`None`: riptide does not count it).
fn side_value(
    name: &str,
    tcp: &TcpStats,
    udp: &UdpStats,
    server: bool,
    secs: f64,
    avg_size: Option<f64>,
) -> Option<f64> {
    let per_s = |x: u64| if secs > 0.0 { x as f64 / secs } else { 0.0 };
    let opened = if server { tcp.tcps_accepts + udp.udps_accepts } else { tcp.tcps_connattempt + udp.udps_connects };
    let v = match name {
        "m_active_flows" => opened.saturating_sub(tcp.tcps_closed + udp.udps_closed) as f64,
        // Established and not closed: closes of embryonic connections are drops.
        "m_est_flows" => {
            let ended = tcp.tcps_closed.saturating_sub(tcp.tcps_conndrops);
            (tcp.tcps_connects.saturating_sub(ended) + udp.udps_connects + udp.udps_accepts)
                .saturating_sub(udp.udps_closed) as f64
        }
        "m_tx_bw_l7_r" => per_s(tcp.tcps_rcvackbyte + udp.udps_sndbyte) * 8.0,
        "m_tx_bw_l7_total_r" => per_s(tcp.tcps_sndbyte + udp.udps_sndbyte) * 8.0,
        "m_rx_bw_l7_r" => per_s(tcp.tcps_rcvbyte + udp.udps_rcvbyte) * 8.0,
        "m_tx_pps_r" => per_s(tcp.tcps_sndtotal + udp.udps_sndpkt),
        "m_rx_pps_r" => per_s(tcp.tcps_rcvtotal + udp.udps_rcvpkt),
        "m_avg_size" => avg_size?,
        "m_tx_ratio" if tcp.tcps_sndbyte > 0 => tcp.tcps_rcvackbyte as f64 * 100.0 / tcp.tcps_sndbyte as f64,
        "m_tx_ratio" => 0.0,
        "m_traffic_duration" => secs,
        "tcps_sndbyte_ok" => tcp.tcps_sndbyte as f64,
        // TRex's flow table: packets of no flow on each side, clients without a free tuple.
        "err_cwf" if !server => (tcp.tcps_noport + udp.udps_noport) as f64,
        "err_no_syn" if server => tcp.tcps_noport as f64,
        "err_no_template" if server => udp.udps_noport as f64,
        "err_c_tuple_err" if !server => tcp.tcps_nofreetuple as f64,
        "err_flow_overflow" => tcp.err_flow_overflow as f64,
        n if n.starts_with("tcps_") => tcp.fields().into_iter().find(|(k, _)| *k == n)?.1 as f64,
        n if n.starts_with("udps_") => udp.fields().into_iter().find(|(k, _)| *k == n)?.1 as f64,
        _ => return None,
    };
    Some(v)
}

/// TRex's counter descriptions (`get_counter_desc`).
fn counter_desc() -> Value {
    let data: Vec<Value> = TABLE
        .iter()
        .enumerate()
        .map(|(id, c)| {
            json!({"id": id, "name": c.name, "help": c.help, "units": c.units, "zero": c.zero,
                   "info": if c.error { "error" } else { "info" }, "real": c.kind != Bar, "abs": c.abs})
        })
        .collect();
    json!({"name": "counter desc", "data": data})
}

/// Counters of one profile: of its ended runs (the counts) and of its last run (rates).
#[derive(Clone, Debug, Default)]
struct Figures {
    /// Per side (client, server): each counted row's sum over ended runs, by id.
    ended: [BTreeMap<usize, f64>; 2],
    /// The same per template group (index: TRex's `tg_id`).
    ended_groups: Vec<[BTreeMap<usize, f64>; 2]>,
    /// The running or last run's report, its length and average frame size.
    last: Option<(TcpReport, f64, f64)>,
}

/// The rows of one side of a run so far: its counts, and its rates and flows.
fn run_rows(tcp: &TcpStats, udp: &UdpStats, server: bool, secs: f64, avg: Option<f64>) -> Vec<(usize, f64)> {
    TABLE
        .iter()
        .enumerate()
        .filter(|(_, c)| c.kind != Bar)
        .filter_map(|(id, c)| side_value(c.name, tcp, udp, server, secs, avg).map(|v| (id, v)))
        .collect()
}

/// `ended` with a run's rows: counts added, rates and flows the run's.
fn with_run(ended: &BTreeMap<usize, f64>, run: Vec<(usize, f64)>) -> BTreeMap<usize, f64> {
    let mut out = ended.clone();
    for (id, v) in run {
        if TABLE[id].abs {
            out.insert(id, v);
        } else {
            *out.entry(id).or_default() += v;
        }
    }
    out
}

impl Figures {
    /// The rows of one side: counts over every run, rates and flows of the last.
    fn side(&self, server: bool) -> BTreeMap<usize, f64> {
        let run = match &self.last {
            Some((r, secs, avg)) => {
                let (tcp, udp) = if server { (&r.server, &r.server_udp) } else { (&r.client, &r.client_udp) };
                run_rows(tcp, udp, server, *secs, Some(*avg))
            }
            None => Vec::new(),
        };
        with_run(&self.ended[usize::from(server)], run)
    }

    /// The rows of one side of template group `g` (no frame sizes per group).
    fn group_side(&self, g: usize, server: bool) -> BTreeMap<usize, f64> {
        let run = match self.last.as_ref().and_then(|(r, secs, _)| r.groups.get(g).map(|s| (s, *secs))) {
            Some((s, secs)) => {
                let (tcp, udp) = if server { (&s.server, &s.server_udp) } else { (&s.client, &s.client_udp) };
                run_rows(tcp, udp, server, secs, None)
            }
            None => Vec::new(),
        };
        let empty = BTreeMap::new();
        let ended = self.ended_groups.get(g).map_or(&empty, |e| &e[usize::from(server)]);
        with_run(ended, run)
    }

    /// The last run ended: its counts join the ended ones; nothing is open or moving
    /// any more, so its flows and rates read zero.
    fn close(&mut self) {
        let groups = self.last.as_ref().map_or(0, |(r, _, _)| r.groups.len()).max(self.ended_groups.len());
        let mut ended_groups = vec![<[BTreeMap<usize, f64>; 2]>::default(); groups];
        for (g, e) in ended_groups.iter_mut().enumerate() {
            for server in [false, true] {
                e[usize::from(server)] = counts(self.group_side(g, server));
            }
        }
        for server in [false, true] {
            self.ended[usize::from(server)] = counts(self.side(server));
        }
        self.ended_groups = ended_groups;
        self.last = None;
    }

    /// Adds `other`'s rows (every profile's, for the totals).
    fn add(&mut self, other: &Figures) {
        for s in 0..2 {
            for (id, v) in other.side(s == 1) {
                *self.ended[s].entry(id).or_default() += v;
            }
        }
    }
}

/// The rows that count (not rates or flows open).
fn counts(rows: BTreeMap<usize, f64>) -> BTreeMap<usize, f64> {
    rows.into_iter().filter(|(id, _)| !TABLE[*id].abs).collect()
}

/// One of TRex's named profiles.
#[derive(Debug, Default)]
struct Profile {
    state: u8,
    /// The fragments received so far of an upload.
    upload: String,
    /// An upload whose check is under way ([`Check`]): its number and text.
    checking: Option<(u64, Arc<str>)>,
    /// The loaded profile's JSON text and its md5 (hex).
    loaded: Option<(Arc<str>, String)>,
    /// The loaded profile, parsed (what a start runs).
    parsed: Option<Arc<TcpProfile>>,
    /// Template group names (TRex's `tg_names`).
    tg_names: Vec<String>,
    /// Its counters' epoch (a new load starts new counters).
    epoch: u64,
    figures: Figures,
}

/// The ASTF side of the server.
#[derive(Debug)]
pub(crate) struct Astf {
    profiles: BTreeMap<String, Profile>,
    /// The context's epoch (`inc_epoch`, `sync`).
    epoch: u64,
    /// Counters' epochs handed out so far.
    epochs: u64,
    /// The profile transmitting now.
    running: Option<String>,
    /// The context state last told.
    told: u8,
    /// Counters of profiles cleared since the server began (the totals keep them).
    cleared: Figures,
    /// Profiles in DELETE: the event that said so, and when.
    deleting: Vec<(String, u64, Instant)>,
    /// Uploads checked so far (each check's number).
    checks: u64,
    /// The check the request being answered left to do without the lock.
    pub(super) pending: Option<Check>,
    /// The request being answered is part of a batch (no check waits there).
    pub(super) in_batch: bool,
}

/// An uploaded profile to check: parsed into what a start runs, its md5 and template
/// group names; pure work on its text, done without the server's lock.
#[derive(Debug)]
pub(crate) struct Check {
    id: String,
    number: u64,
    text: Arc<str>,
}

/// What a [`Check`] found.
#[derive(Debug)]
pub(crate) struct Checked {
    id: String,
    number: u64,
    found: Result<(Arc<TcpProfile>, String, Vec<String>), String>,
}

impl Check {
    /// Parses and hashes the profile.
    pub(crate) fn run(self) -> Checked {
        let found = riptide_tcp::profile::parse(&self.text, &self.id)
            .map(|parsed| {
                let tg_names = serde_json::from_str::<Value>(&self.text)
                    .ok()
                    .and_then(|v| v.get("tg_names").cloned())
                    .and_then(|v| serde_json::from_value::<Vec<String>>(v).ok())
                    .unwrap_or_default();
                (Arc::new(parsed), md5_hex(&self.text), tg_names)
            })
            .map_err(|e| format!("profile {}: {e}", self.id));
        Checked { id: self.id, number: self.number, found }
    }
}

/// TRex's default profile: it always exists (clearing it makes it idle again).
const DEFAULT: &str = "_";

impl Astf {
    pub(crate) fn new() -> Astf {
        let mut profiles = BTreeMap::new();
        profiles.insert(DEFAULT.to_string(), Profile::default());
        Astf {
            profiles,
            epoch: 0,
            epochs: 0,
            running: None,
            told: state::IDLE,
            cleared: Figures::default(),
            deleting: Vec::new(),
            checks: 0,
            pending: None,
            in_batch: false,
        }
    }
}

fn json_rows(rows: &BTreeMap<usize, f64>) -> Value {
    let mut m = Map::new();
    for (id, v) in rows {
        let c = &TABLE[*id];
        if *v == 0.0 && !c.zero {
            continue;
        }
        let v = if c.kind == U64 { json!(*v as u64) } else { json!(*v) };
        m.insert(id.to_string(), v);
    }
    Value::Object(m)
}

fn profile_name(p: &Params) -> Result<String, Failure> {
    match p.get("profile_id") {
        None | Some(Value::Null) => Ok(DEFAULT.into()),
        Some(Value::String(s)) if !s.is_empty() && s.len() <= MAX_NAME && !s.contains(char::is_whitespace) => {
            Ok(s.clone())
        }
        Some(v) => Err(bad(format!(
            "profile_id: {}: a name of 1 to {MAX_NAME} bytes without spaces expected",
            riptide_core::error::shorten(&v.to_string(), 80)
        ))),
    }
}

fn number(p: &Params, key: &str) -> Result<Option<f64>, Failure> {
    match p.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v.as_f64().map(Some).ok_or_else(|| bad(format!("{key}: a number expected"))),
    }
}

fn flag(p: &Params, key: &str) -> Result<bool, Failure> {
    match p.get(key) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(_) => Err(bad(format!("{key}: true or false expected"))),
    }
}

/// The md5 of `text` as 32 hex digits (TRex's client's `hashlib.md5(...).hexdigest()`).
fn md5_hex(text: &str) -> String {
    use md5::{Digest, Md5};
    Md5::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

impl Trex {
    /// Answers an ASTF method, or `None` when `method` is not one (the STL table goes on).
    pub(super) fn astf_method(&mut self, method: &str, p: &Params) -> Option<Result<Value, Failure>> {
        // Methods both APIs name: the ASTF form has no port.
        let portless = !p.contains_key("port_id");
        let r = match method {
            "acquire" if portless => self.astf_acquire(p),
            "release" if portless => self.astf_owned(p).and_then(|()| self.astf_release()),
            "service" if portless => self.astf_owned(p).and_then(|()| match flag(p, "enabled") {
                Ok(false) => Ok(json!({})),
                Ok(true) => Err(exec("service mode is not supported by riptide's TRex server")),
                Err(e) => Err(e),
            }),
            "get_profile_list" if portless => Ok(json!(self.astf.profiles.keys().cloned().collect::<Vec<_>>())),
            "sync" => {
                let mut r = json!({"epoch": self.astf.epoch, "state": self.astf_state()});
                if p.get("profile_id").and_then(Value::as_str).is_some_and(|s| !s.is_empty()) {
                    let states: Map<String, Value> =
                        self.astf.profiles.iter().map(|(k, v)| (k.clone(), json!(v.state))).collect();
                    r["state_profile"] = Value::Object(states);
                }
                Ok(r)
            }
            "inc_epoch" => self.astf_owned(p).map(|()| {
                self.astf.epoch += 1;
                json!({"epoch": self.astf.epoch})
            }),
            "profile_fragment" => self.astf_owned(p).and_then(|()| self.profile_fragment(p)),
            "profile_clear" => self.astf_owned(p).and_then(|()| self.profile_clear(p)),
            "start" => self.astf_owned(p).and_then(|()| self.astf_start(p)),
            "stop" => self.astf_owned(p).and_then(|()| self.astf_stop(p)),
            "update" => self.astf_owned(p).and_then(|()| self.astf_update(p)),
            "start_latency" | "update_latency" => self
                .astf_owned(p)
                .and_then(|()| Err(exec("ASTF latency streams are not supported by riptide's TRex server"))),
            "stop_latency" => self.astf_owned(p).map(|()| json!({})),
            "get_latency_stats" => Ok(json!({"data": {"epoch": self.astf.epoch}})),
            "get_counter_desc" => profile_name(p).map(|_| counter_desc()),
            "get_counter_values" => profile_name(p).and_then(|id| {
                self.astf_refresh();
                let prof = self.astf.profiles.get(&id);
                if prof.is_none() {
                    return Err(exec(format!("Invalid profile : {id}")));
                }
                let (f, epoch) = prof.map_or((Figures::default(), 0), |p| (p.figures.clone(), p.epoch));
                Ok(json!({"name": "counter vals", "epoch": epoch,
                          "client": json_rows(&f.side(false)), "server": json_rows(&f.side(true))}))
            }),
            "get_total_counter_values" => {
                self.astf_refresh();
                let mut total = self.astf.cleared.clone();
                for prof in self.astf.profiles.values() {
                    total.add(&prof.figures);
                }
                Ok(json!({"name": "counter vals", "epoch": self.astf.epoch,
                          "client": json_rows(&total.side(false)), "server": json_rows(&total.side(true))}))
            }
            // Counters a profile's programs add at run time (TRex's dynamic counters): none.
            "get_dynamic_counter_desc" => Ok(json!({"name": "counter desc", "data": [], "epoch": 0})),
            "get_dynamic_counter_values" | "get_total_dynamic_counter_values" => {
                Ok(json!({"name": "counter vals", "epoch": 0, "client": {}, "server": {}}))
            }
            "get_tg_names" => profile_name(p).and_then(|id| match self.astf.profiles.get(&id) {
                Some(prof) => {
                    let addon: Map<String, Value> =
                        (0..=prof.tg_names.len()).map(|i| (i.to_string(), json!([]))).collect();
                    Ok(json!({"epoch": prof.epoch, "tg_names": prof.tg_names, "tg_addon_desc": addon}))
                }
                None => Err(exec("Statistics are not initialized yet for TGs")),
            }),
            "get_tg_id_stats" => profile_name(p).and_then(|id| self.tg_id_stats(&id, p)),
            "topo_get" => Ok(json!({"topo_data": {"vifs": [], "gws": []}})),
            "topo_clear" => self.astf_owned(p).map(|()| json!({})),
            "tunnel_topo_get" => Ok(json!({"tunnel_topo_data": []})),
            "get_ignored_macs" | "get_ignored_ips" => Ok(json!([])),
            _ => return None,
        };
        Some(r)
    }

    /// TRex's counters of template groups `tg_ids` (1-based, as `get_tg_names` lists them):
    /// only for the profile's current epoch, which is always answered.
    fn tg_id_stats(&mut self, id: &str, p: &Params) -> Result<Value, Failure> {
        const MAX_AT_ONCE: usize = 64;
        let epoch = p.get("epoch").and_then(Value::as_u64).ok_or_else(|| bad("epoch: a number expected"))?;
        let ids = p.get("tg_ids").and_then(Value::as_array).ok_or_else(|| bad("tg_ids: a list expected"))?;
        if ids.len() > MAX_AT_ONCE {
            return Err(exec(format!("Trying to get statistics for too many TGs. Max allowed is {MAX_AT_ONCE}")));
        }
        self.astf_refresh();
        let prof = self.astf.profiles.get(id).ok_or_else(|| exec(format!("Invalid profile : {id}")))?;
        let n = prof.tg_names.len();
        let mut want = Vec::with_capacity(ids.len());
        for v in ids {
            match v.as_u64() {
                Some(0) => return Err(exec("Invalid TG ID = 0")),
                Some(t) if t as usize > n => {
                    return Err(exec(format!("TG ID is too big. Max value is {n}. Received {t}")));
                }
                Some(t) => want.push(t as usize),
                None => return Err(bad(format!("tg_ids: {v}: a template group id expected"))),
            }
        }
        let mut out = Map::new();
        out.insert("epoch".into(), json!(prof.epoch));
        if epoch == prof.epoch {
            for t in want {
                out.insert(
                    t.to_string(),
                    json!({"name": format!("counters per TGID: {t}"), "epoch": prof.epoch,
                           "client": json_rows(&prof.figures.group_side(t, false)),
                           "server": json_rows(&prof.figures.group_side(t, true))}),
                );
            }
        }
        Ok(Value::Object(out))
    }

    /// The context's state, as TRex reckons it from its profiles' ([`state::context`]).
    fn astf_state(&self) -> u8 {
        state::context(self.astf.profiles.values().map(|p| p.state))
    }

    /// Tells a profile's new state (and the context's, when it changed).
    fn astf_set_state(&mut self, id: &str, to: u8, error: Option<&str>) {
        if let Some(p) = self.astf.profiles.get_mut(id) {
            p.state = to;
        }
        let mut data = json!({"profile_id": id, "state": to, "epoch": self.astf.epoch});
        if let Some(e) = error {
            data["error"] = json!(e);
        }
        self.emit_one(astf_event::PROFILE_STATE, data);
        let now = self.astf_state();
        if now != self.astf.told {
            self.astf.told = now;
            self.emit_one(astf_event::STATE, json!({"state": now, "epoch": self.astf.epoch}));
        }
    }

    /// The context is every port, held under one handler.
    fn astf_owned(&self, p: &Params) -> Result<(), Failure> {
        let handler = p.get("handler").and_then(Value::as_str).unwrap_or_default().to_string();
        for port in 0..self.ports.len() {
            if self.owners.check(port, &handler).is_err() {
                return Err(exec("must acquire the context for this operation"));
            }
        }
        Ok(())
    }

    fn astf_acquire(&mut self, p: &Params) -> Result<Value, Failure> {
        let (user, session, force) = super::acquire_params(p)?;
        if !force {
            if let Some(o) = (0..self.ports.len()).find_map(|port| self.owners.owner(port)) {
                return Err(exec(format!("the context is owned by '{}': acquire with force to take it", o.user)));
            }
        }
        let handler = self.token();
        let name: String = user.chars().take(64).collect();
        let now = Instant::now();
        let mut ports = Map::new();
        for port in 0..self.ports.len() {
            self.owners.acquire(port, handler.clone(), &name, force, now).map_err(|e| exec(super::refused(&e)))?;
            ports.insert(port.to_string(), json!(handler));
            self.emit(
                event::PORT_ACQUIRED,
                json!({"port_id": port, "who": user, "session_id": session, "force": force}),
            );
        }
        Ok(json!({"handler": handler, "ports": ports}))
    }

    fn astf_release(&mut self) -> Result<Value, Failure> {
        let now = Instant::now();
        for port in 0..self.ports.len() {
            if let Some(h) = self.owners.owner(port).map(|o| o.handle.clone()) {
                let who = self.owners.release(port, &h, now).map(|o| o.user).unwrap_or_default();
                self.emit(event::PORT_RELEASED, json!({"port_id": port, "who": who, "session_id": 0}));
            }
        }
        Ok(json!({}))
    }

    fn profile_fragment(&mut self, p: &Params) -> Result<Value, Failure> {
        let id = profile_name(p)?;
        let first = flag(p, "frag_first")?;
        let last = flag(p, "frag_last")?;
        if !self.astf.profiles.contains_key(&id) && self.astf.profiles.len() >= MAX_PROFILES {
            return Err(exec(format!("{MAX_PROFILES} profiles are loaded: clear one first")));
        }
        match self.astf.profiles.get(&id).map(|p| p.state) {
            Some(state::TX) => {
                return Err(exec(format!("profile {id} is transmitting: stop it before loading another")))
            }
            Some(state::DELETE) => return Err(exec(format!("profile {id} is being removed: load it again after"))),
            _ => {}
        }
        if first && !last {
            let md5 = p.get("md5").and_then(Value::as_str).ok_or_else(|| bad("md5: a string expected"))?;
            for (k, prof) in &self.astf.profiles {
                if prof.loaded.as_ref().is_some_and(|(_, h)| h == md5) {
                    if *k == id {
                        return Ok(json!({"matches_loaded": true}));
                    }
                    return Err(exec("Fragment already added on other profile_id"));
                }
            }
        }
        let fragment = p.get("fragment").and_then(Value::as_str).ok_or_else(|| bad("fragment: a string expected"))?;
        if last && self.astf.in_batch {
            return Err(exec(format!(
                "profile {id}: the last fragment is sent alone, not in a batch (the profile is checked then)"
            )));
        }
        if first {
            if let Some(prof) = self.astf.profiles.get_mut(&id) {
                prof.upload = String::new();
                // A check under way is of an upload this one replaces.
                prof.checking = None;
            }
        }
        // One budget over every profile's text, uploads and checks under way included.
        let held: usize = self
            .astf
            .profiles
            .values()
            .map(|p| {
                p.upload.len()
                    + p.loaded.as_ref().map_or(0, |(t, _)| t.len())
                    + p.checking.as_ref().map_or(0, |(_, t)| t.len())
            })
            .sum();
        if held + fragment.len() > MAX_PROFILE_BYTES {
            if let Some(prof) = self.astf.profiles.get_mut(&id) {
                prof.upload = String::new();
            }
            return Err(exec(format!(
                "profile {id}: the profiles held would pass {} MiB: clear one first",
                MAX_PROFILE_BYTES >> 20
            )));
        }
        let prof = self.astf.profiles.entry(id.clone()).or_default();
        prof.upload.push_str(fragment);
        if !last {
            return Ok(json!({}));
        }
        let text: Arc<str> = std::mem::take(&mut prof.upload).into();
        // Checked now, not at start (a profile riptide cannot run is refused with its
        // reason), and without the lock: [`Trex::resume`] ends the request.
        self.astf.checks += 1;
        let number = self.astf.checks;
        prof.checking = Some((number, text.clone()));
        self.astf.pending = Some(Check { id, number, text });
        Ok(json!({}))
    }

    /// Loads a checked upload, if it is still the profile's latest and the profile may
    /// take it.
    pub(super) fn astf_checked(&mut self, c: Checked) -> Result<Value, Failure> {
        let id = c.id;
        let cleared = || exec(format!("profile {id} was cleared while it was checked"));
        let prof = self.astf.profiles.get_mut(&id).ok_or_else(cleared)?;
        if prof.state == state::DELETE {
            return Err(cleared());
        }
        if prof.checking.as_ref().map(|(n, _)| *n) != Some(c.number) {
            return Err(exec(format!("profile {id} was uploaded again while it was checked: the later upload counts")));
        }
        let Some((_, text)) = prof.checking.take() else { return Err(exec(format!("profile {id}: no check"))) };
        let (parsed, hash, tg_names) = c.found.map_err(exec)?;
        if prof.state == state::TX {
            return Err(exec(format!("profile {id} is transmitting: stop it before loading another")));
        }
        self.astf.epochs += 1;
        let epoch = self.astf.epochs;
        prof.loaded = Some((text, hash));
        prof.parsed = Some(parsed);
        prof.tg_names = tg_names;
        prof.epoch = epoch;
        prof.figures = Figures::default();
        self.astf_set_state(&id, state::LOADED, None);
        Ok(json!({}))
    }

    fn profile_clear(&mut self, p: &Params) -> Result<Value, Failure> {
        let id = profile_name(p)?;
        let Some(prof) = self.astf.profiles.get(&id) else {
            return Err(exec(format!("ASTF profile_id {id} does not exist")));
        };
        if !matches!(prof.state, state::IDLE | state::LOADED) {
            return Err(exec(format!("profile {id} is transmitting: stop it first")));
        }
        if prof.state == state::IDLE {
            self.astf_remove(&id);
            return Ok(json!({}));
        }
        // TRex removes a loaded profile in two steps (DELETE, then cleared once its cores
        // let go), and its client waits to see the first: the second waits until a
        // subscriber has read the first (or none is polling), and a little more.
        self.astf_set_state(&id, state::DELETE, None);
        self.astf.deleting.push((id, self.next_event, Instant::now()));
        Ok(json!({}))
    }

    /// Removes a profile: TRex's cleared event; the default one comes back idle.
    fn astf_remove(&mut self, id: &str) {
        if let Some(prof) = self.astf.profiles.remove(id) {
            self.astf.cleared.add(&prof.figures);
        }
        self.emit_one(astf_event::PROFILE_CLEARED, json!({"profile_id": id, "epoch": self.astf.epoch}));
        if id == DEFAULT {
            // TRex's default profile comes back idle, and says so (its client counts on it).
            self.astf.profiles.insert(id.to_string(), Profile::default());
            self.astf_set_state(id, state::IDLE, None);
        }
        let now = self.astf_state();
        if now != self.astf.told {
            self.astf.told = now;
            self.emit_one(astf_event::STATE, json!({"state": now, "epoch": self.astf.epoch}));
        }
    }

    fn astf_start(&mut self, p: &Params) -> Result<Value, Failure> {
        let id = profile_name(p)?;
        let (text, parsed) = match self.astf.profiles.get(&id) {
            Some(prof) if prof.state == state::LOADED => {
                prof.loaded.as_ref().zip(prof.parsed.as_ref()).map(|((t, _), p)| (t.to_string(), p.clone()))
            }
            Some(prof) if prof.state == state::TX => return Err(exec(format!("profile {id} is already transmitting"))),
            _ => None,
        }
        .ok_or_else(|| exec(format!("profile {id} is not loaded: load a profile first")))?;
        let mult = number(p, "mult")?.ok_or_else(|| bad("mult: a number expected"))?;
        if !(mult.is_finite() && mult > 0.0) {
            return Err(bad(format!("mult: {mult}: a positive factor of the profile's connection rate expected")));
        }
        let duration = match number(p, "duration")? {
            None => None,
            Some(d) if d < 0.0 => None,
            Some(d) if d.is_finite() && d > 0.0 && d <= 365.0 * 86400.0 => Some(Nanos((d * 1e9).round() as u64)),
            Some(d) => return Err(bad(format!("duration: {d}: seconds (positive, at most a year) or -1 expected"))),
        };
        if number(p, "latency_pps")?.is_some_and(|x| x != 0.0) {
            return Err(exec("latency_pps: ASTF latency streams are not supported by riptide's TRex server"));
        }
        if flag(p, "ipv6")? {
            return Err(exec(
                "ipv6: turning a profile's traffic into IPv6 at start is not supported: load it with ipv6.enable",
            ));
        }
        for key in ["e_duration", "t_duration", "dump_interval"] {
            if number(p, key)?.is_some_and(|x| x != 0.0) {
                return Err(exec(format!("{key}: not supported by riptide's TRex server yet")));
            }
        }
        if let Some(running) = &self.astf.running {
            return Err(exec(format!("profile {running} transmits: riptide runs one profile at a time")));
        }
        if let Some(run) = &self.run {
            return Err(exec(format!("ports {:?} transmit stateless streams: stop them first", run.ports)));
        }
        // TRex's duration is how long new flows start; without `nc` the flows open then
        // finish (riptide gives them FINISH_GRACE), with it they are cut. A profile with
        // no duration runs until stopped (at most a year, as the STL side).
        let nc = flag(p, "nc")?;
        let open_for = if nc { None } else { duration };
        let duration = match (duration, nc) {
            (Some(d), false) => Some(Nanos(d.0 + FINISH_GRACE.0)),
            (Some(d), true) => Some(d),
            (None, _) => Some(Nanos(365 * 86400 * 1_000_000_000)),
        };
        self.astf_set_state(&id, state::PARSE, None);
        self.astf_set_state(&id, state::BUILD, None);
        let start = TcpStart {
            name: id.clone(),
            text,
            multiplier: mult,
            duration,
            cores: 1,
            pin: Vec::new(),
            limit: None,
            open_for,
            concurrent: None,
            max_conns: None,
            segment: self.segment,
            at_unix_ns: None,
            parsed: Some(Parsed(parsed)),
        };
        self.last = None;
        if let Err(e) = self.engine.handle(Command::TcpStart(start)) {
            let msg = e.to_string();
            self.astf_set_state(&id, state::LOADED, Some(&msg));
            return Err(exec(msg));
        }
        self.astf.running = Some(id.clone());
        for port in 0..self.ports.len() {
            self.ports[port].tx = super::Tx::Active;
        }
        self.astf_set_state(&id, state::TX, None);
        Ok(json!({}))
    }

    fn astf_stop(&mut self, p: &Params) -> Result<Value, Failure> {
        let id = profile_name(p)?;
        if self.astf.running.as_deref() == Some(id.as_str()) {
            self.astf_end(None)?;
        }
        Ok(json!({}))
    }

    fn astf_update(&mut self, p: &Params) -> Result<Value, Failure> {
        let id = profile_name(p)?;
        let mult = number(p, "mult")?.ok_or_else(|| bad("mult: a number expected"))?;
        if !(mult.is_finite() && mult > 0.0) {
            return Err(bad(format!("mult: {mult}: a positive factor of the profile's connection rate expected")));
        }
        if self.astf.running.as_deref() != Some(id.as_str()) {
            return Err(exec(format!("profile {id} is not transmitting")));
        }
        self.engine
            .handle(Command::Update { multiplier: Multiplier::Factor(mult) })
            .map_err(|e| exec(e.to_string()))?;
        Ok(json!({}))
    }

    /// The running profile's figures from the engine.
    fn astf_refresh(&mut self) {
        let Some(id) = self.astf.running.clone() else { return };
        if let Ok(Response::Stats(s)) = self.engine.handle(Command::Snapshot) {
            self.astf_take(&id, &s);
        }
    }

    fn astf_take(&mut self, id: &str, s: &Snapshot) {
        let Some(r) = &s.tcp else { return };
        let (bytes, packets) = s.ports.iter().fold((0, 0), |(b, n), p| (b + p.obytes, n + p.opackets));
        let avg = if packets > 0 { bytes as f64 / packets as f64 } else { 0.0 };
        if let Some(prof) = self.astf.profiles.get_mut(id) {
            prof.figures.last = Some((r.clone(), s.duration_s, avg));
        }
    }

    /// Ends the running profile (stopped, or its run ended by itself; `error`: why it
    /// failed): its last figures are kept, its state goes back to LOADED.
    pub(super) fn astf_end(&mut self, error: Option<&str>) -> Result<(), Failure> {
        let Some(id) = self.astf.running.take() else { return Ok(()) };
        let res = self.engine.handle(Command::Stop);
        for port in 0..self.ports.len() {
            self.ports[port].tx = super::Tx::Idle;
        }
        self.astf_set_state(&id, state::CLEANUP, None);
        let out = match res {
            Ok(Response::Stats(s)) => {
                self.astf_take(&id, &s);
                Ok(())
            }
            Ok(_) => Ok(()),
            Err(e) => Err(exec(e.to_string())),
        };
        if let Some(prof) = self.astf.profiles.get_mut(&id) {
            prof.figures.close();
        }
        let msg = out.as_ref().err().map(|(_, m)| m.clone()).or(error.map(str::to_string));
        self.astf_set_state(&id, state::LOADED, msg.as_deref());
        out
    }

    /// Notices a profile whose run ended by itself (its duration over).
    pub(super) fn astf_sync(&mut self) {
        let polling = self.polled_at.is_some_and(|t| t.elapsed() < super::SUBSCRIBER_QUIET);
        let mut i = 0;
        while i < self.astf.deleting.len() {
            let (_, seq, at) = &self.astf.deleting[i];
            let read = !polling || self.subscribers.iter().any(|s| s.1 >= *seq);
            if read && at.elapsed() >= DELETE_GRACE {
                let (id, _, _) = self.astf.deleting.remove(i);
                self.astf_remove(&id);
            } else {
                i += 1;
            }
        }
        if self.astf.running.is_none() {
            return;
        }
        if let Ok(Response::State(RunState::Finished | RunState::Stopped)) = self.engine.handle(Command::State) {
            let _ = self.astf_end(None);
        }
    }

    /// Whether an ASTF profile transmits.
    pub(super) fn astf_running(&self) -> bool {
        self.astf.running.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_trexs() {
        assert_eq!(TABLE.len(), 140);
        let names: Vec<&str> = TABLE.iter().filter(|c| c.kind != Bar).map(|c| c.name).collect();
        for n in ["m_active_flows", "m_est_flows", "m_tx_bw_l7_r", "tcps_connattempt", "udps_keepdrops", "err_cwf"] {
            assert!(names.contains(&n), "{n}");
        }
        // Every counter riptide keeps has its row.
        for (n, _) in riptide_tcp::TcpStats::default().fields() {
            assert!(
                names.contains(&n)
                    || ["tcps_sndrst", "tcps_rcvrst", "tcps_sndfastrexmit", "tcps_noport", "tcps_nofreetuple"]
                        .contains(&n),
                "{n}"
            );
        }
    }

    #[test]
    fn the_context_state_is_trexs_reckoning() {
        use state::*;
        assert_eq!(context([]), IDLE);
        assert_eq!(context([IDLE, IDLE]), IDLE);
        assert_eq!(context([IDLE, LOADED]), LOADED);
        // A profile being removed holds the context LOADED: TRex's reset waits for IDLE.
        assert_eq!(context([DELETE]), LOADED);
        assert_eq!(context([IDLE, DELETE]), LOADED);
        // A run between TX and LOADED keeps the context busy (its client's ports active).
        assert_eq!(context([CLEANUP, LOADED]), CLEANUP);
        assert_eq!(context([PARSE, CLEANUP]), PARSE);
        assert_eq!(context([PARSE, BUILD]), BUILD);
        assert_eq!(context([BUILD, TX, DELETE]), TX);
        // A state TRex does not have counts for nothing.
        assert_eq!(context([9, IDLE]), IDLE);
    }

    #[test]
    fn md5_is_pythons() {
        assert_eq!(md5_hex(""), "d41d8cd98f00b204e9800998ecf8427e");
        assert_eq!(md5_hex("The quick brown fox jumps over the lazy dog"), "9e107d9d372bb6826bd81d3542a419d6");
    }
}
