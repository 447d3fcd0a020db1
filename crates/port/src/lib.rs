//! Ports: where frames go.
//!
//! One batched [`Port`] trait, shaped like smoltcp's `Device`: the port lends its
//! own buffers ([`Port::tx_batch`]), the producer writes frames in place, and
//! [`Port::tx_commit`] sends them. Backends are one file each:
//!
//! - [`null`]: counts and drops; the engine's speed benchmark.
//! - [`pcap`]: writes every frame with its *scheduled* departure time (ns pcap),
//!   a simulation that runs as fast as the CPU allows.
//! - [`capture`]: keeps frames in memory, for tests.
//! - [`afpacket`]: a Linux interface through AF_PACKET (a TX ring lent to the producer,
//!   or sendmmsg; a TPACKET_V3 RX ring).
//! - [`afxdp`]: a Linux interface queue through AF_XDP (UMEM frames lent to the producer,
//!   an XDP redirect program for RX).
//! - [`xdplive`]: a Linux interface through the kernel's XDP live-frames mode
//!   (`BPF_PROG_RUN`), transmit only; `bpf`: bpf(2) without libbpf, for both.
//! - [`netns`]: entering network namespaces, and throwaway veth test networks.
//! - [`lab`]: `riptide lab`, a two-port ring of namespaces with a kernel DUT.
//! - [`root`]: what needs root, said one way (what, its capabilities, `sudo`).
//! - [`impair`]: impairment lines and the in-memory `link:` pair; [`wrap`]: wrappers
//!   over any port (`+impair:...`, `+tap:FILE`).
//! - [`outfile`]: files written where a user said, made exclusively beside their target
//!   and renamed into place (pcap parts here, every output file of the CLI).
//!
//! A port device is opened once with one queue per worker ([`open`]); each queue
//! is a `Box<dyn Port>` owned by one worker thread (shared-nothing). When the run
//! ends the queues go back to the [`PortGroup`], which finishes the device (for
//! pcap: merges the per-queue files by timestamp and renames the result into
//! place, so an error never leaves a partial file behind).

pub mod afpacket;
pub mod afxdp;
pub mod arena;
mod bpf;
pub mod bridge;
pub mod capture;
pub mod config;
pub mod forward;
pub mod impair;
pub mod lab;
pub mod lock;
mod mapping;
pub mod monitor;
pub mod netns;
pub mod null;
pub mod outfile;
pub mod pcap;
pub mod resolve;
pub mod ring;
pub mod root;
pub mod spec;
pub mod wrap;
pub mod xdplive;

pub use spec::{join_links, open, PortGroup, PortSpec};

use riptide_core::{BitsPerSec, Nanos, PortCounters, TxBatch};
use std::path::PathBuf;

/// What a port is.
#[derive(Clone, Debug, PartialEq)]
pub struct PortInfo {
    /// As given on the command line, e.g. `pcap:out.pcap`.
    pub name: String,
    /// Backend name (`null`, `pcap`, `afpacket`, ...), for people: callers decide by
    /// [`caps`](Self::caps), never by this name.
    pub driver: &'static str,
    /// What the port can do.
    pub caps: PortCaps,
}

/// How a port relates to time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timing {
    /// Frames leave in real time (an interface, a real-time link): the run is paced by
    /// the clock.
    Real,
    /// Departures are virtual (pcap, capture, a simulated link): frames are recorded or
    /// delivered with their scheduled times, as fast as the CPU goes.
    Virtual,
    /// The port drops what it gets (null): a run on it may be paced or virtual.
    Any,
}

/// Where a port's receive timestamps come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RxStamps {
    /// The kernel stamped the frame on arrival (AF_PACKET).
    Kernel,
    /// Stamped when the frame is read (AF_XDP, which has no receive timestamp).
    Read,
    /// The scheduled arrival on the virtual clock (a simulated link).
    Virtual,
    /// The arrival on the wall clock (a real-time link, as a NIC stamps).
    Arrival,
}

impl RxStamps {
    /// Why the kernel gives no receive stamp, where it gives none (`PortStats::rx_timestamps_why`).
    pub fn why(self) -> Option<&'static str> {
        match self {
            RxStamps::Read => Some(
                "AF_XDP frames carry no kernel receive stamp: the XDP receive-timestamp kfunc \
                 (bpf_xdp_metadata_rx_timestamp) gives the driver's hardware stamp only, which veth does not have (it \
                 gives 0, as Linux's own selftest expects; docs/research/kernel-timestamps.md), so arrivals are \
                 stamped when riptide reads them",
            ),
            RxStamps::Kernel | RxStamps::Virtual | RxStamps::Arrival => None,
        }
    }

    /// The name reports use (`PortStats::rx_timestamps`).
    pub fn name(self) -> &'static str {
        match self {
            RxStamps::Kernel => "kernel",
            RxStamps::Read => "read",
            RxStamps::Virtual => "virtual",
            RxStamps::Arrival => "arrival",
        }
    }
}

/// What a port can do, modelled on smoltcp's `DeviceCapabilities`: callers (the
/// engine, reports, front ends) ask a port's capabilities and never match on its
/// backend.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PortCaps {
    /// Real or virtual time.
    pub timing: Timing,
    /// `Some`: the port receives frames ([`Port::rx`] may return some), with receive
    /// timestamps from this source; `None`: it only sends.
    pub rx: Option<RxStamps>,
    /// Largest frame (FCS excluded) a slot holds.
    pub max_frame: usize,
    /// Slots lent per batch at most.
    pub batch: usize,
    /// Line rate used for `%` rates and L1 figures.
    pub line_rate: BitsPerSec,
}

impl PortCaps {
    /// Whether departures are virtual (the port is a simulation).
    pub fn simulated(&self) -> bool {
        self.timing == Timing::Virtual
    }

    /// Whether the port receives frames.
    pub fn receives(&self) -> bool {
        self.rx.is_some()
    }
}

/// Options common to every backend.
#[derive(Clone, Debug)]
pub struct PortOptions {
    /// Line rate to assume (default 10 Gb/s for null and pcap).
    pub line_rate: BitsPerSec,
    /// `line_rate` holds for interfaces too, instead of their link speed.
    pub line_rate_fixed: bool,
    /// Largest frame the queues must hold (FCS excluded).
    pub max_frame: usize,
    /// Slots lent per batch.
    pub batch: usize,
    /// Transmit ring entries per queue (interface ports; default: the backend's own).
    pub tx_ring: Option<usize>,
    /// Receive ring entries per queue (interface ports; default: the backend's own).
    pub rx_ring: Option<usize>,
    /// Unix time in ns of the run's epoch (pcap timestamps are epoch + departure).
    pub epoch_unix_ns: u64,
    /// Use an interface even when it carries the host's default route.
    pub force: bool,
}

impl Default for PortOptions {
    fn default() -> Self {
        PortOptions {
            line_rate: BitsPerSec(10e9),
            line_rate_fixed: false,
            max_frame: 1514,
            batch: 64,
            tx_ring: None,
            rx_ring: None,
            epoch_unix_ns: 0,
            force: false,
        }
    }
}

/// A port failure.
#[derive(Debug, thiserror::Error)]
pub enum PortError {
    /// The port spec cannot be understood.
    #[error("port '{spec}': {reason}")]
    Spec {
        /// What was given.
        spec: String,
        /// What was expected.
        reason: String,
    },
    /// A file could not be created or opened (bad input: the path).
    #[error("{}: {source}", path.display())]
    File {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// The port failed while running: a write, a rename or a merge that failed, a
    /// device that stopped taking frames (a runtime failure, not bad input).
    #[error("port '{port}': {what}: {source}")]
    Io {
        /// The port (its name) or file.
        port: String,
        /// What it was doing.
        what: String,
        /// The cause.
        source: std::io::Error,
    },
}

/// One transmit queue of a port, owned by one worker.
pub trait Port: Send {
    /// What the port is.
    fn info(&self) -> &PortInfo;

    /// Lends up to `want` slots for frames of up to `info().caps.max_frame` bytes.
    fn tx_batch(&mut self, want: usize) -> TxBatch<'_>;

    /// Sends the first `n` slots of the last batch, in order; returns how many
    /// the port accepted (at most `n`; the rest count as `oerrors`). `Err` is a
    /// failure of the port itself (the run ends), never a refused frame.
    fn tx_commit(&mut self, n: usize) -> Result<usize, PortError>;

    /// Counters of this queue.
    fn counters(&self) -> PortCounters;

    /// Flushes buffered output.
    fn flush(&mut self) -> Result<(), PortError> {
        Ok(())
    }

    /// Receives up to `max` frames that have arrived, counting them (`ipackets`,
    /// `ibytes`) and handing each to `sink` with its receive time as Unix time
    /// (`CLOCK_REALTIME` ns, or the run's epoch + virtual arrival on simulated links;
    /// its source is `info().caps.rx`). Never blocks. Ports that cannot receive
    /// (`caps.rx == None`) return `Ok(0)`.
    fn rx(&mut self, max: usize, sink: &mut dyn FnMut(&[u8], Nanos)) -> Result<usize, PortError> {
        let _ = (max, sink);
        Ok(0)
    }

    /// Lets the group finish the device: gives back whatever files the queue (and the
    /// ports it wraps) produced, into `out` (the pcap queue's part file, a tap's).
    fn into_parts(self: Box<Self>, out: &mut Vec<PathBuf>) {
        let _ = out;
    }

    /// Asks the port to take a departure stamp of every frame `key` picks (it answers
    /// `Some(cookie)` for those, read from the frame: riptide's latency tag), from the
    /// next commit on. `Ok` names the stamps' source; `Err` why the port has none (it
    /// then sends as before and [`tx_stamps`](Self::tx_stamps) gives nothing).
    fn enable_tx_stamps(&mut self, key: StampKey) -> Result<TxStampSource, String> {
        let _ = key;
        Err(format!("{} ports take no departure stamps", self.info().driver))
    }

    /// Hands the departure stamps taken since the last call to `sink`: the frame's cookie
    /// and its departure as Unix time (`CLOCK_REALTIME` ns, the receive stamps' clock).
    /// Never blocks; returns how many.
    fn tx_stamps(&mut self, sink: &mut dyn FnMut(u64, Nanos)) -> usize {
        let _ = sink;
        0
    }

    /// Departure stamps asked for that never came (the kernel dropped them, or the frame
    /// never left): a frame's latency is then not measured from the kernel's clock.
    fn tx_stamps_missed(&self) -> u64 {
        0
    }
}

/// Picks the frames to stamp on departure: `Some(cookie)` for one that wants its stamp.
pub type StampKey = fn(&[u8]) -> Option<u64>;

/// Where departure stamps come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TxStampSource {
    /// The kernel's software stamp as the driver takes the frame (`SOF_TIMESTAMPING_TX_SOFTWARE`).
    Kernel,
}

impl TxStampSource {
    /// The name reports use.
    pub fn name(self) -> &'static str {
        match self {
            TxStampSource::Kernel => "kernel",
        }
    }
}
