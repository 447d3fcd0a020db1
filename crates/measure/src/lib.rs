//! Measurement, pure: what a receiver learns from tagged packets.
//!
//! - [`tag`]: the trailer a tagged stream carries at the end of its payload
//!   (signature, stream id, sequence number, transmit timestamp).
//! - [`seq`]: per-stream sequence tracking: loss, out-of-order, duplicates, and
//!   TRex's "sequence too high / too low" events.
//! - [`latency`]: min / mean / max, RFC 3550 interarrival jitter and an HDR histogram
//!   with percentiles.
//! - [`rx`]: the classifier: a flat table by stream id (no hashing, thousands of
//!   streams) that routes each received frame to its stream's trackers.
//! - [`departures`]: the departure stamps a port took, found by the receiver.
//! - [`vlan`]: a tagged stream's arrivals by port and VLAN (TRex's tagged packet groups).
//!
//! Nothing here reads a clock or touches a socket: receive times are passed in.

pub mod departures;
pub mod disrupt;
pub mod latency;
pub mod rx;
pub mod seq;
pub mod tag;
pub mod vlan;

pub use departures::{departure_cookie, Departures};
pub use disrupt::{Disruption, Disruptions};
pub use latency::{Latency, LatencySummary};
pub use rx::{Classifier, PortCounts, StreamRx};
pub use seq::SeqTracker;
pub use tag::Tag;
pub use vlan::{VlanCounts, VlanKey, VlanMap};
