//! Shared pure types of riptide.
//!
//! Everything here is plain data with no I/O and no clock:
//!
//! - [`units`]: time ([`Nanos`]), rates ([`Rate`], [`Pps`], [`BitsPerSec`]) and the
//!   frame-size conventions of the field (a "64 B frame" counts the 4-byte FCS).
//! - [`batch`]: [`TxBatch`], the transmit buffers a port lends to a packet producer.
//! - [`stats`]: 64-bit counters and the serializable snapshots that workers publish
//!   and the engine merges.
//! - [`rng`]: [`Rng`], the one seeded generator every random choice uses (field
//!   variables, frame sizes, flow pools, impairments), repeatable by seed.
//!
//! The stateless stream logic lives in `riptide-stl`, ports in `riptide-port` and
//! threads in `riptide-engine`; they all meet on these types.

pub mod batch;
pub mod cpulist;
pub mod error;
pub mod host;
pub mod rng;
pub mod stats;
pub mod units;

pub use batch::{SlotLayout, TxBatch, TxMeta};
pub use error::SourceError;
pub use rng::Rng;
pub use stats::{PortCounters, StreamCounters};
pub use units::{BitsPerSec, Nanos, Pps, Rate, RateError};
