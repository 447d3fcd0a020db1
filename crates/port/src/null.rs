//! The null port: counts frames and drops them.
//!
//! The producer still builds every frame in the port's arena, so the null port
//! measures the engine (templates, field engine, checksums, pacing), not a copy.

use crate::arena::Arena;
use crate::{Port, PortError, PortInfo};
use riptide_core::{PortCounters, TxBatch};

/// Counts and drops.
#[derive(Debug)]
pub struct NullPort {
    info: PortInfo,
    arena: Arena,
    counters: PortCounters,
}

impl NullPort {
    /// A null queue lending `slots` buffers per batch.
    pub fn new(info: PortInfo, slots: usize) -> Self {
        let arena = Arena::new(slots, info.caps.max_frame);
        NullPort { info, arena, counters: PortCounters::default() }
    }
}

impl Port for NullPort {
    fn info(&self) -> &PortInfo {
        &self.info
    }

    #[inline]
    fn tx_batch(&mut self, want: usize) -> TxBatch<'_> {
        self.arena.batch(want)
    }

    #[inline]
    fn tx_commit(&mut self, n: usize) -> Result<usize, PortError> {
        let bytes: u64 = self.arena.meta(n).iter().map(|m| m.len as u64).sum();
        self.counters.opackets += n as u64;
        self.counters.obytes += bytes;
        Ok(n)
    }

    fn counters(&self) -> PortCounters {
        self.counters
    }
}
