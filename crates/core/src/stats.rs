//! Counters and snapshots.
//!
//! Counters are `u64` and only ever added to: at 1 Gpps a 64-bit packet counter
//! wraps after 584 years. Each worker owns its counters; the engine merges
//! per-worker snapshots by adding them ([`PortCounters::merge`]).

use serde::{Deserialize, Serialize};

/// Per-port counters, named as TRex and DPDK name them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PortCounters {
    /// Frames handed to the port and accepted by it.
    pub opackets: u64,
    /// Bytes of those frames as written (FCS excluded).
    pub obytes: u64,
    /// Frames the port failed to send.
    pub oerrors: u64,
    /// Frames received.
    pub ipackets: u64,
    /// Bytes received.
    pub ibytes: u64,
    /// Receive errors and drops reported by the backend.
    pub ierrors: u64,
}

impl PortCounters {
    /// Adds `other` into `self`.
    pub fn merge(&mut self, other: &PortCounters) {
        self.opackets += other.opackets;
        self.obytes += other.obytes;
        self.oerrors += other.oerrors;
        self.ipackets += other.ipackets;
        self.ibytes += other.ibytes;
        self.ierrors += other.ierrors;
    }
}

/// Per-stream transmit counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StreamCounters {
    /// Frames produced by the stream.
    pub opackets: u64,
    /// Bytes produced (FCS excluded).
    pub obytes: u64,
}

impl StreamCounters {
    /// Adds `other` into `self`.
    pub fn merge(&mut self, other: &StreamCounters) {
        self.opackets += other.opackets;
        self.obytes += other.obytes;
    }
}
