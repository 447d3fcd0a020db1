//! Snapshots of a run: per-port, per-stream and per-worker figures.

use riptide_core::{PortCounters, StreamCounters};
use serde::{Deserialize, Serialize};

/// What one worker publishes: the loop's figures, common to every kind of run, and the
/// kind's own.
#[derive(Clone, Debug, Default)]
pub struct WorkerCounters {
    /// Per port (by port index).
    pub ports: Vec<PortCounters>,
    /// Nanoseconds spent producing and sending.
    pub busy_ns: u64,
    /// Nanoseconds since the worker started.
    pub loop_ns: u64,
    /// Nanoseconds from the worker's start until sending ended (its ports flushed), not
    /// counting the receive drain after it; 0 while sending goes on.
    pub send_ns: u64,
    /// Nanoseconds from the worker's time zero to the start of its last turn that sent a
    /// frame (real time): when its last frame was due.
    pub last_tx_ns: u64,
    /// Virtual time reached (simulation): departure of the next packet.
    pub virtual_ns: u64,
    /// Times a late stream's schedule was reset (catch-up policy).
    pub late_resets: u64,
    /// Frames the ports refused at commit (they count them as `oerrors`).
    pub tx_refused: u64,
    /// The worker has finished.
    pub done: bool,
    /// A stop command ended the worker before its share of the run was done.
    pub stopped: bool,
    /// The worker ran until the run's duration was up (not to the end of its packets or
    /// its budget).
    pub reached_end: bool,
    /// How late the worker began after the run's time zero (real time), ns.
    pub start_lag_ns: u64,
    /// Per port (by port index): how smoothly its frames left (real time, paced kinds;
    /// empty otherwise).
    pub pacing: Vec<Pacing>,
    /// The run kind's own figures.
    pub kind: KindCounters,
}

/// The figures a run kind publishes.
#[derive(Clone, Debug, Default)]
pub enum KindCounters {
    /// Nothing published yet.
    #[default]
    None,
    /// A stateless run.
    Stateless {
        /// Per stream (by stream index).
        streams: Vec<StreamCounters>,
        /// What this worker received of tagged streams (published every few ms).
        rx: Option<riptide_measure::Classifier>,
        /// A per-port run: per port, the start it has nothing left of here (each start
        /// of a port counts up from 1; 0: none).
        lanes_done: Vec<u64>,
    },
    /// A stateful run.
    Stateful(crate::stf_report::StfCounters),
    /// A TCP run.
    Tcp(Box<crate::tcp_report::TcpCounters>),
}

impl WorkerCounters {
    /// Counters sized for `ports` ports.
    pub fn new(ports: usize) -> Self {
        WorkerCounters { ports: vec![PortCounters::default(); ports], ..Default::default() }
    }

    /// Subtracts a baseline (for clear-stats), saturating.
    pub fn since(&self, base: &WorkerCounters) -> WorkerCounters {
        let mut out = self.clone();
        for (p, b) in out.ports.iter_mut().zip(&base.ports) {
            p.opackets = p.opackets.saturating_sub(b.opackets);
            p.obytes = p.obytes.saturating_sub(b.obytes);
            p.oerrors = p.oerrors.saturating_sub(b.oerrors);
            p.ipackets = p.ipackets.saturating_sub(b.ipackets);
            p.ibytes = p.ibytes.saturating_sub(b.ibytes);
            p.ierrors = p.ierrors.saturating_sub(b.ierrors);
        }
        match (&mut out.kind, &base.kind) {
            (KindCounters::Stateless { streams, .. }, KindCounters::Stateless { streams: base, .. }) => {
                for (s, b) in streams.iter_mut().zip(base) {
                    s.opackets = s.opackets.saturating_sub(b.opackets);
                    s.obytes = s.obytes.saturating_sub(b.obytes);
                }
            }
            (KindCounters::Stateful(s), KindCounters::Stateful(b)) => *s = s.since(b),
            _ => {}
        }
        out.busy_ns = out.busy_ns.saturating_sub(base.busy_ns);
        out.loop_ns = out.loop_ns.saturating_sub(base.loop_ns);
        out.send_ns = out.send_ns.saturating_sub(base.loop_ns);
        out.last_tx_ns = out.last_tx_ns.saturating_sub(base.loop_ns);
        out.late_resets = out.late_resets.saturating_sub(base.late_resets);
        out.tx_refused = out.tx_refused.saturating_sub(base.tx_refused);
        out
    }

    /// Per-stream counters of a stateless run (empty for other kinds).
    pub fn streams(&self) -> &[StreamCounters] {
        match &self.kind {
            KindCounters::Stateless { streams, .. } => streams,
            _ => &[],
        }
    }
}

/// How smoothly a port's frames left against their schedule (real time, stateless
/// runs): what a DUT with a small buffer or a policer's burst allowance sees of a
/// generator the host preempted, which then sends the frames it owes back to back.
///
/// `burst` is exact against the schedule: the most frames that left at or after some
/// moment although the schedule had placed them before it, that is the frames that left
/// in a window beyond what the schedule put in that window. On schedule it is the frames
/// one turn of the loop sends together (one or two at 100 kpps); a worker preempted for
/// 5 ms at 100 kpps makes it 500. Summed over the workers sharing a port (an upper
/// bound: their bursts need not coincide).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Pacing {
    /// Most frames that left beyond what the schedule placed in some window.
    pub burst: u64,
    /// Longest time the port sent nothing while a frame was due, ns.
    pub gap_ns: u64,
    /// Longest a frame left after its scheduled departure, ns.
    pub late_ns: u64,
    /// The same from the kernel's departure stamps of the frames the port stamped (its
    /// latency frames), where it stamps them: what left, not what the worker intended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kernel: Option<KernelPacing>,
}

/// Pacing from the kernel's departure stamps: only the stamped frames (latency frames)
/// are seen, so no burst count, but how late each left and the longest silence between
/// them while one was due.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct KernelPacing {
    /// Longest a stamped frame left (by its stamp) after its scheduled departure, ns.
    pub late_ns: u64,
    /// Longest time between two stamped departures beyond the later one's schedule, ns.
    pub gap_ns: u64,
    /// Stamped frames seen.
    pub frames: u64,
}

impl KernelPacing {
    /// Folds `other` in (the worst of each, the frames summed).
    pub fn merge(&mut self, other: &KernelPacing) {
        self.late_ns = self.late_ns.max(other.late_ns);
        self.gap_ns = self.gap_ns.max(other.gap_ns);
        self.frames += other.frames;
    }
}

impl Pacing {
    /// Folds `other` (another worker's figures for the same port) into this.
    pub fn merge(&mut self, other: &Pacing) {
        self.burst += other.burst;
        self.gap_ns = self.gap_ns.max(other.gap_ns);
        self.late_ns = self.late_ns.max(other.late_ns);
        self.kernel = match (self.kernel, other.kernel) {
            (Some(mut a), Some(b)) => {
                a.merge(&b);
                Some(a)
            }
            (a, b) => a.or(b),
        };
    }

    /// The worst of two ports' figures (each kind of figure on its own).
    pub fn worst(a: Pacing, b: Pacing) -> Pacing {
        let kernel = match (a.kernel, b.kernel) {
            (Some(x), Some(y)) => Some(KernelPacing {
                late_ns: x.late_ns.max(y.late_ns),
                gap_ns: x.gap_ns.max(y.gap_ns),
                frames: x.frames + y.frames,
            }),
            (x, y) => x.or(y),
        };
        Pacing {
            burst: a.burst.max(b.burst),
            gap_ns: a.gap_ns.max(b.gap_ns),
            late_ns: a.late_ns.max(b.late_ns),
            kernel,
        }
    }
}

/// State of the engine's run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RunState {
    /// Nothing started.
    Idle,
    /// Sending.
    Running,
    /// Paused.
    Paused,
    /// Every worker has finished; `stop` finishes the ports.
    Finished,
    /// Stopped; the snapshot is final.
    Stopped,
}

/// Per-port figures.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PortStats {
    /// Port index.
    pub index: usize,
    /// Port name.
    pub name: String,
    /// Backend.
    pub driver: String,
    /// Frames sent.
    pub opackets: u64,
    /// Bytes sent (FCS excluded).
    pub obytes: u64,
    /// Frames that failed.
    pub oerrors: u64,
    /// Achieved packet rate.
    pub tx_pps: f64,
    /// Achieved L1 bit rate (frame + FCS + 20 B).
    pub tx_bps_l1: f64,
    /// Achieved L2 bit rate (frame + FCS).
    pub tx_bps_l2: f64,
    /// Line rate assumed for the port.
    pub line_rate_bps: f64,
    /// Frames received.
    pub ipackets: u64,
    /// Bytes received.
    pub ibytes: u64,
    /// Receive drops and errors reported by the backend (kernel ring drops included).
    pub ierrors: u64,
    /// Achieved receive packet rate.
    pub rx_pps: f64,
    /// How frames travel, where the backend says (AF_XDP: "copy, XDP program in native mode").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<String>,
    /// Where receive timestamps come from: `kernel` (AF_PACKET), `read` (AF_XDP: when the
    /// frame is read), `virtual` (simulated links), `arrival` (a real-time link); none
    /// for ports that do not receive.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rx_timestamps: Option<String>,
    /// Why `rx_timestamps` is not the kernel's (AF_XDP's `read`: what its driver's
    /// receive-timestamp kfunc gives).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rx_timestamps_why: Option<String>,
    /// Where the departure times of its latency streams come from: `kernel` (the driver's
    /// stamp, `SO_TIMESTAMPING`) or `user` (when user space built the frame); none for
    /// ports that send no latency stream in real time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tx_timestamps: Option<String>,
    /// Why `tx_timestamps` is `user` although kernel stamps were asked for (`auto`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tx_timestamps_why: Option<String>,
    /// In a per-port run (started with `ports`), what the port is doing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lane: Option<Lane>,
    /// How smoothly its frames left ([`Pacing`]): stateless runs in real time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pacing: Option<Pacing>,
}

/// What one port of a per-port run is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lane {
    /// Not started (or stopped).
    Idle,
    /// Sending.
    Active,
    /// Paused.
    Paused,
    /// Started and done: its streams ended or its duration is over.
    Done,
}

/// Per-stream figures.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StreamStats {
    /// Stream index.
    pub id: u32,
    /// Stream name.
    pub name: String,
    /// Transmit port.
    pub port: u16,
    /// Frames sent.
    pub opackets: u64,
    /// Bytes sent (FCS excluded).
    pub obytes: u64,
    /// Requested packet rate (after the multiplier).
    pub requested_pps: f64,
    /// Achieved packet rate over the run.
    pub achieved_pps: f64,
    /// Requested L1 bit rate.
    pub requested_bps_l1: f64,
    /// Achieved L1 bit rate.
    pub achieved_bps_l1: f64,
    /// What the receivers counted of a tagged stream (`flow_stats` / `latency`);
    /// absent for untagged streams.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rx: Option<StreamRxStats>,
}

/// A tagged stream's arrivals on one receiving port.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct RxPortStats {
    /// The receiving port.
    pub port: usize,
    /// Frames received there, duplicates included.
    pub rx_packets: u64,
    /// Their bytes (FCS excluded).
    pub rx_bytes: u64,
}

/// Receive figures of a tagged stream (see docs/measurement.md).
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct StreamRxStats {
    /// Frames received, duplicates included.
    pub rx_packets: u64,
    /// Their bytes (FCS excluded).
    pub rx_bytes: u64,
    /// Sent and not received (distinct sequence numbers): final after the drain.
    pub lost: u64,
    /// Arrivals that filled a gap behind the highest number.
    pub out_of_order: u64,
    /// Arrivals of a number already received.
    pub duplicates: u64,
    /// Arrivals that skipped ahead (events).
    pub seq_too_high: u64,
    /// Arrivals behind the expected number.
    pub seq_too_low: u64,
    /// Disruptions: jumps in the sequence numbers (see [`Snapshot::disruptions`]).
    #[serde(default)]
    pub disruptions: u64,
    /// `rx_packets` and `rx_bytes` by receiving port (ports that received some).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports: Vec<RxPortStats>,
    /// A stream counted `by_vlan`: its arrivals by receiving port and VLAN group (those
    /// that received some), by port then group, unknown and untagged last.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub vlans: Vec<VlanRxStats>,
    /// The VLANs it arrived with that the profile's `vlans` lacks (the first few).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unknown_vlans: Vec<UnknownVlan>,
}

/// A tagged stream's arrivals on one port under one VLAN group, with TRex's tagged
/// packet group counters (docs/measurement.md).
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct VlanRxStats {
    /// The receiving port.
    pub port: usize,
    /// The VLAN group (position in the profile's `vlans`); absent for a VLAN the list
    /// lacks (`unknown`) and for frames without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<u16>,
    /// The frames carried a VLAN the list lacks (no sequence counters then).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unknown: bool,
    /// Frames received.
    pub rx_packets: u64,
    /// Their bytes (FCS excluded).
    pub rx_bytes: u64,
    /// Sequence numbers skipped (less late arrivals).
    pub seq_err: u64,
    /// Arrivals ahead of the expected number.
    pub seq_err_too_big: u64,
    /// Arrivals behind it.
    pub seq_err_too_small: u64,
    /// Arrivals of the number just received.
    pub duplicates: u64,
    /// Other arrivals behind.
    pub out_of_order: u64,
}

/// A VLAN a stream counted `by_vlan` arrived with that the profile does not list.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct UnknownVlan {
    /// The receiving port.
    pub port: usize,
    /// Its VID, or two (QinQ) in frame order.
    pub vids: Vec<u16>,
}

/// One disruption of a tagged stream: it stopped arriving and lost frames.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct DisruptionStats {
    /// Stream name.
    pub stream: String,
    /// Tag id.
    pub id: u16,
    /// Arrival of the last frame before the gap, seconds of run time (0: the first
    /// frames never arrived).
    pub start_s: f64,
    /// Until the next frame arrived, ms.
    pub length_ms: f64,
    /// Frames (sequence numbers) skipped.
    pub lost: u64,
}

/// Latency of one latency stream, ns.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct LatencyStats {
    /// Stream name.
    pub stream: String,
    /// Tag id.
    pub id: u16,
    /// count, min/mean/max, window max, jitter, percentiles (ns).
    #[serde(flatten)]
    pub summary: riptide_measure::LatencySummary,
    /// The whole HDR histogram (ns, 3 significant digits), HdrHistogram V2 + deflate in
    /// base64, as in an HdrHistogram log: in the final snapshot of a run only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hdr: Option<String>,
    /// Flows of the stream's field-engine walk, when the first packet of each is measured
    /// apart (a latency stream whose variables all walk deterministically).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flows: Option<u64>,
    /// Latency of the first packet of each flow (then `summary` is the rest's): what a
    /// flow-cache miss costs, as the OVS benchmarks measure it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_packet: Option<riptide_measure::LatencySummary>,
    /// Whose departure times `summary` measures from: `kernel` (the stamp the sending
    /// port's driver took as the frame left, `SO_TIMESTAMPING`), `user` (the time user
    /// space built the frame, in its tag) or `virtual` (the schedule, on simulated
    /// ports). Arrival times are the receiving port's `rx_timestamps`. One source per
    /// histogram, never mixed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// With `source` `kernel`: the same frames measured from their user-space stamps (what
    /// the scheduler's delays on the sending side add shows as the difference).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user: Option<riptide_measure::LatencySummary>,
    /// With `source` `kernel`: arrivals whose departure stamp was not found (the kernel
    /// dropped it, or it came too late), so not in `summary`.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub unstamped: u64,
}

fn is_zero(x: &u64) -> bool {
    *x == 0
}

/// Per-worker figures.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct WorkerStats {
    /// Worker index.
    pub index: usize,
    /// Share of the loop spent producing and sending, in percent.
    pub cpu_util: f64,
    /// Packets per second this worker sent.
    pub tx_pps: f64,
    /// L1 gigabits per second per fully busy core (TRex's "Gb/core").
    pub gbps_per_core: f64,
    /// Frames this worker made that its ports refused (they count them as `oerrors`).
    #[serde(default)]
    pub tx_refused: u64,
}

/// A snapshot of the whole run.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Snapshot {
    /// Run state.
    pub state: RunState,
    /// Seconds the rates are computed over: wall time, or virtual time on simulated ports.
    pub duration_s: f64,
    /// Whether the ports are simulated (virtual time).
    pub simulated: bool,
    /// Clock source of the workers.
    pub clock: String,
    /// Multiplier in force.
    pub multiplier: String,
    /// Ports.
    pub ports: Vec<PortStats>,
    /// Streams.
    pub streams: Vec<StreamStats>,
    /// Workers.
    pub workers: Vec<WorkerStats>,
    /// Times late schedules were reset (see the catch-up policy).
    pub late_resets: u64,
    /// The run's time zero as Unix time, ns (pcap timestamps count from it).
    pub start_unix_ns: u64,
    /// How long after time zero the last worker began, ns (0 on simulated ports).
    pub start_lag_ns: u64,
    /// Latency streams.
    #[serde(default)]
    pub latency: Vec<LatencyStats>,
    /// Disruptions of tagged streams, by start time: the first 64 per stream and receive
    /// core (each stream's `rx.disruptions` counts all).
    #[serde(default)]
    pub disruptions: Vec<DisruptionStats>,
    /// The run was stopped (a stop command, Ctrl-C, SIGTERM) before it ended by itself:
    /// its figures cover it until then.
    #[serde(default)]
    pub interrupted: bool,
    /// A stateful run's TRex counters (absent for stateless runs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stf: Option<crate::stf_report::StfStats>,
    /// A TCP run's counters (TRex ASTF's names), program outcomes and latencies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tcp: Option<crate::tcp_report::TcpReport>,
}

/// Counters since the engine was made, over every run: what monitoring exports as
/// counters that only grow (each run's snapshot counts from its start, or from a
/// `clear_stats`). Ports by index; streams by name and port, as they first ran.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Totals {
    /// Ports that have run.
    pub ports: Vec<PortTotals>,
    /// Streams that have run.
    pub streams: Vec<StreamTotals>,
}

/// A port's counters over every run.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct PortTotals {
    /// Port index.
    pub index: usize,
    /// Port name.
    pub name: String,
    /// The counters (`opackets`, `obytes`, ...).
    #[serde(flatten)]
    pub counters: riptide_core::PortCounters,
}

/// A stream's counters over every run.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct StreamTotals {
    /// Stream name.
    pub name: String,
    /// Transmit port.
    pub port: u16,
    /// Frames sent.
    pub opackets: u64,
    /// Bytes sent (FCS excluded).
    pub obytes: u64,
    /// Tagged streams: frames received.
    pub rx_packets: u64,
    /// Tagged streams: bytes received.
    pub rx_bytes: u64,
    /// Tagged streams: frames lost.
    pub lost: u64,
}

impl Totals {
    /// Adds a run's counters (its snapshot).
    pub fn add(&mut self, s: &Snapshot) {
        for p in &s.ports {
            let t = match self.ports.iter().position(|t| t.index == p.index) {
                Some(i) => &mut self.ports[i],
                None => {
                    self.ports.push(PortTotals { index: p.index, name: p.name.clone(), ..Default::default() });
                    self.ports.sort_by_key(|t| t.index);
                    let i = self.ports.iter().position(|t| t.index == p.index).unwrap_or(0);
                    &mut self.ports[i]
                }
            };
            t.counters.merge(&riptide_core::PortCounters {
                opackets: p.opackets,
                obytes: p.obytes,
                oerrors: p.oerrors,
                ipackets: p.ipackets,
                ibytes: p.ibytes,
                ierrors: p.ierrors,
            });
        }
        for st in &s.streams {
            let i = match self.streams.iter().position(|t| t.name == st.name && t.port == st.port) {
                Some(i) => i,
                None => {
                    self.streams.push(StreamTotals { name: st.name.clone(), port: st.port, ..Default::default() });
                    self.streams.len() - 1
                }
            };
            let t = &mut self.streams[i];
            t.opackets += st.opackets;
            t.obytes += st.obytes;
            if let Some(rx) = &st.rx {
                t.rx_packets += rx.rx_packets;
                t.rx_bytes += rx.rx_bytes;
                t.lost += rx.lost;
            }
        }
    }
}
