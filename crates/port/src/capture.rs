//! The capture port: keeps every frame in memory, for tests.

use crate::arena::Arena;
use crate::{Port, PortError, PortInfo};
use riptide_core::{Nanos, PortCounters, TxBatch};
use std::sync::{Arc, Mutex};

/// A frame kept by a [`CapturePort`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Captured {
    /// Bytes (FCS excluded).
    pub data: Vec<u8>,
    /// Scheduled departure.
    pub departure: Nanos,
    /// Producing stream.
    pub stream: u32,
    /// The port queue it went out of (the engine's worker `k` sends on queue `k`).
    pub queue: usize,
}

/// Frames shared between the port and the test that reads them.
pub type CaptureBuffer = Arc<Mutex<Vec<Captured>>>;

/// Keeps frames in a shared buffer.
#[derive(Debug)]
pub struct CapturePort {
    info: PortInfo,
    arena: Arena,
    counters: PortCounters,
    out: CaptureBuffer,
    queue: usize,
}

impl CapturePort {
    /// Queue `queue` of a capture port, appending to `out`.
    pub fn new(info: PortInfo, slots: usize, out: CaptureBuffer, queue: usize) -> Self {
        let arena = Arena::new(slots, info.caps.max_frame);
        CapturePort { info, arena, counters: PortCounters::default(), out, queue }
    }
}

impl Port for CapturePort {
    fn info(&self) -> &PortInfo {
        &self.info
    }

    fn tx_batch(&mut self, want: usize) -> TxBatch<'_> {
        self.arena.batch(want)
    }

    fn tx_commit(&mut self, n: usize) -> Result<usize, PortError> {
        let mut out = match self.out.lock() {
            Ok(g) => g,
            Err(p) => p.into_inner(),
        };
        for (data, m) in self.arena.committed(n) {
            self.counters.opackets += 1;
            self.counters.obytes += data.len() as u64;
            out.push(Captured { data: data.to_vec(), departure: m.departure, stream: m.stream, queue: self.queue });
        }
        Ok(n)
    }

    fn counters(&self) -> PortCounters {
        self.counters
    }
}
