//! A plain memory arena of transmit slots, for backends that own ordinary memory.

use riptide_core::{TxBatch, TxMeta};

/// `slots` buffers of `stride` bytes with their metadata.
#[derive(Debug)]
pub struct Arena {
    mem: Vec<u8>,
    offsets: Vec<usize>,
    meta: Vec<TxMeta>,
    capacity: usize,
}

impl Arena {
    /// An arena of `slots` buffers holding frames of up to `max_frame` bytes.
    /// Slots are whole cache lines (never shared between frames), and the whole
    /// slot is lent: producers may copy in fixed chunks past the frame's end.
    pub fn new(slots: usize, max_frame: usize) -> Self {
        let slots = slots.max(1);
        let stride = max_frame.max(1).div_ceil(64) * 64;
        Arena {
            mem: vec![0; slots * stride],
            offsets: (0..slots).map(|i| i * stride).collect(),
            meta: vec![TxMeta::default(); slots],
            capacity: stride,
        }
    }

    /// Lends up to `want` slots.
    pub fn batch(&mut self, want: usize) -> TxBatch<'_> {
        let n = want.min(self.offsets.len());
        match TxBatch::new(&mut self.mem, &self.offsets[..n], self.capacity, &mut self.meta) {
            Ok(b) => b,
            // The layout is built above to fit; an empty batch is the safe answer.
            Err(_) => TxBatch::empty(),
        }
    }

    /// The first `n` committed frames of the last batch with their metadata.
    pub fn committed(&self, n: usize) -> impl ExactSizeIterator<Item = (&[u8], &TxMeta)> + '_ {
        self.offsets
            .iter()
            .zip(self.meta.iter())
            .take(n)
            .map(move |(&off, m)| (&self.mem[off..off + m.len as usize], m))
    }

    /// Metadata of the first `n` slots.
    pub fn meta(&self, n: usize) -> &[TxMeta] {
        &self.meta[..n.min(self.meta.len())]
    }
}
