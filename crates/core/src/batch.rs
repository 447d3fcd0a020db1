//! Transmit batches: the buffers a port lends to whoever produces packets.
//!
//! A port owns its memory (a plain arena for the null and pcap ports, a UMEM or a
//! TX ring for the socket backends) and lends a window of it as a [`TxBatch`]:
//! a list of slots, each `capacity` bytes long at some offset of the memory. The
//! producer writes a frame into the next free slot ([`TxBatch::slot`]) and then
//! records its length and scheduled departure ([`TxBatch::commit`]). The port
//! then sends exactly the committed slots, in order. No copy, no allocation.

use crate::units::Nanos;

/// What the producer records about each frame it wrote.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TxMeta {
    /// Bytes written (FCS excluded).
    pub len: u32,
    /// Index of the stream that produced the frame, for per-stream accounting.
    pub stream: u32,
    /// Scheduled departure, relative to the run's epoch.
    pub departure: Nanos,
}

/// A window of transmit slots lent by a port.
#[derive(Debug)]
pub struct TxBatch<'a> {
    mem: &'a mut [u8],
    offsets: &'a [usize],
    capacity: usize,
    meta: &'a mut [TxMeta],
    filled: usize,
}

/// A batch whose slots do not fit the memory they point into.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("transmit slot {slot} at offset {offset} (+{capacity} B) lies outside a {mem_len} B arena")]
pub struct BatchLayoutError {
    /// Index of the offending slot.
    pub slot: usize,
    /// Its offset.
    pub offset: usize,
    /// Slot capacity.
    pub capacity: usize,
    /// Length of the memory.
    pub mem_len: usize,
}

impl<'a> TxBatch<'a> {
    /// Lends `offsets.len()` slots of `capacity` bytes each, at `offsets` into `mem`.
    ///
    /// Every slot must lie inside `mem` and `meta` must have one entry per slot;
    /// after this check no accessor panics.
    pub fn new(
        mem: &'a mut [u8],
        offsets: &'a [usize],
        capacity: usize,
        meta: &'a mut [TxMeta],
    ) -> Result<Self, BatchLayoutError> {
        for (slot, &offset) in offsets.iter().enumerate() {
            if offset.checked_add(capacity).is_none_or(|end| end > mem.len()) {
                return Err(BatchLayoutError { slot, offset, capacity, mem_len: mem.len() });
            }
        }
        let n = offsets.len().min(meta.len());
        Ok(TxBatch { mem, offsets: &offsets[..n], capacity, meta: &mut meta[..n], filled: 0 })
    }

    /// A batch with no slots (a port with nothing to lend).
    pub fn empty() -> TxBatch<'static> {
        TxBatch { mem: &mut [], offsets: &[], capacity: 0, meta: &mut [], filled: 0 }
    }

    /// Number of slots lent.
    pub fn slots(&self) -> usize {
        self.offsets.len()
    }

    /// Number of slots committed so far.
    pub fn filled(&self) -> usize {
        self.filled
    }

    /// Whether every slot is committed.
    pub fn is_full(&self) -> bool {
        self.filled >= self.offsets.len()
    }

    /// Bytes available in each slot.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// The next free slot, or `None` when the batch is full.
    #[inline]
    pub fn slot(&mut self) -> Option<&mut [u8]> {
        let off = *self.offsets.get(self.filled)?;
        self.mem.get_mut(off..off + self.capacity)
    }

    /// Records the frame written into the slot returned by [`slot`](Self::slot).
    /// Lengths beyond the capacity are clamped. Does nothing when the batch is full.
    #[inline]
    pub fn commit(&mut self, mut meta: TxMeta) {
        if let Some(m) = self.meta.get_mut(self.filled) {
            meta.len = meta.len.min(self.capacity as u32);
            *m = meta;
            self.filled += 1;
        }
    }

    /// The committed frames, in order, with their metadata.
    pub fn frames(&self) -> impl Iterator<Item = (&[u8], &TxMeta)> + '_ {
        self.offsets[..self.filled]
            .iter()
            .zip(self.meta.iter())
            .map(move |(&off, m)| (&self.mem[off..off + m.len as usize], m))
    }

    /// Metadata of the committed frames.
    pub fn committed(&self) -> &[TxMeta] {
        &self.meta[..self.filled]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fills_and_reads_back() {
        let mut mem = vec![0u8; 4 * 128];
        let offsets = [0, 128, 256, 384];
        let mut meta = [TxMeta::default(); 4];
        let mut b = TxBatch::new(&mut mem, &offsets, 128, &mut meta).unwrap();
        for i in 0..3u8 {
            let s = b.slot().unwrap();
            s[..2].copy_from_slice(&[i, i]);
            b.commit(TxMeta { len: 2, stream: i as u32, departure: Nanos(i as u64) });
        }
        assert_eq!(b.filled(), 3);
        let got: Vec<_> = b.frames().map(|(f, m)| (f.to_vec(), m.stream)).collect();
        assert_eq!(got, vec![(vec![0, 0], 0), (vec![1, 1], 1), (vec![2, 2], 2)]);
        b.commit(TxMeta::default());
        assert!(b.is_full());
        assert!(b.slot().is_none());
        b.commit(TxMeta::default());
        assert_eq!(b.filled(), 4);
    }

    #[test]
    fn rejects_slots_outside_memory() {
        let mut mem = vec![0u8; 100];
        let mut meta = [TxMeta::default(); 1];
        assert!(TxBatch::new(&mut mem, &[50], 64, &mut meta).is_err());
        assert!(TxBatch::new(&mut mem, &[usize::MAX], 64, &mut meta).is_err());
    }
}
