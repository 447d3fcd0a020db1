//! A plain memory arena of transmit slots, for backends that own ordinary memory.

use riptide_core::{SlotLayout, TxBatch, TxMeta};

/// `slots` buffers of `stride` bytes with their metadata.
#[derive(Debug)]
pub struct Arena {
    mem: Vec<u8>,
    layout: SlotLayout,
    meta: Vec<TxMeta>,
}

impl Arena {
    /// An arena of `slots` buffers holding frames of up to `max_frame` bytes.
    /// Slots are whole cache lines (never shared between frames), and the whole
    /// slot is lent: producers may copy in fixed chunks past the frame's end.
    ///
    /// The stride is an odd number of cache lines, as DPDK's mempools pad their
    /// objects: with a power-of-two stride (2048 B for 1518 B frames) the first
    /// lines of all the slots, the only ones small frames touch, fall into the same
    /// one or two sets of the L1 cache and evict each other.
    pub fn new(slots: usize, max_frame: usize) -> Self {
        let slots = slots.max(1);
        let lines = max_frame.max(1).div_ceil(64);
        let stride = (lines | 1) * 64;
        let layout = SlotLayout::strided(slots, stride);
        Arena { mem: vec![0; layout.mem_len()], layout, meta: vec![TxMeta::default(); slots] }
    }

    /// Lends up to `want` slots.
    pub fn batch(&mut self, want: usize) -> TxBatch<'_> {
        TxBatch::with_layout(&mut self.mem, &self.layout, want, &mut self.meta)
    }

    /// The first `n` committed frames of the last batch with their metadata.
    pub fn committed(&self, n: usize) -> impl ExactSizeIterator<Item = (&[u8], &TxMeta)> + '_ {
        self.layout
            .offsets()
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
