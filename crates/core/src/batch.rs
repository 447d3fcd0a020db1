//! Transmit batches: the buffers a port lends to whoever produces packets.
//!
//! A port owns its memory (a plain arena for the null and pcap ports, a UMEM or a
//! TX ring for the socket backends) and lends a window of it as a [`TxBatch`]:
//! a list of slots, each `capacity` bytes long at some offset of the memory. The
//! producer writes a frame into the next free slot ([`TxBatch::slot`]) and then
//! records its length and scheduled departure ([`TxBatch::commit`]). The port
//! then sends exactly the committed slots, in order. No copy, no allocation.

use crate::units::Nanos;
use std::marker::PhantomData;
use std::ptr::NonNull;

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
///
/// The batch holds the memory as a base pointer and validated slot offsets, never as
/// one slice over all of it: a port whose memory is shared with the kernel (a UMEM, a
/// TX ring) lends only the frames it owns, and the frames the kernel is reading at the
/// same time are not borrowed by anyone ([`TxBatch::from_raw`]).
#[derive(Debug)]
pub struct TxBatch<'a> {
    base: NonNull<u8>,
    offsets: &'a [usize],
    capacity: usize,
    meta: &'a mut [TxMeta],
    filled: usize,
    /// The batch borrows the slots' bytes mutably for `'a`.
    _mem: PhantomData<&'a mut [u8]>,
}

// SAFETY: a batch is a mutable borrow of its slots (as `&'a mut [u8]` would be), of its
// offsets and of its metadata; none of them is tied to a thread.
unsafe impl Send for TxBatch<'_> {}

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

fn check_layout(mem_len: usize, offsets: &[usize], capacity: usize) -> Result<(), BatchLayoutError> {
    for (slot, &offset) in offsets.iter().enumerate() {
        if offset.checked_add(capacity).is_none_or(|end| end > mem_len) {
            return Err(BatchLayoutError { slot, offset, capacity, mem_len });
        }
    }
    Ok(())
}

/// Slot offsets checked once against the length of the memory they lie in, so that a
/// port lending the same slots batch after batch checks them once, not per batch.
#[derive(Debug, Clone)]
pub struct SlotLayout {
    offsets: Vec<usize>,
    capacity: usize,
    mem_len: usize,
}

impl SlotLayout {
    /// `offsets.len()` slots of `capacity` bytes at `offsets` into memory of `mem_len` bytes.
    pub fn new(mem_len: usize, offsets: Vec<usize>, capacity: usize) -> Result<Self, BatchLayoutError> {
        check_layout(mem_len, &offsets, capacity)?;
        Ok(SlotLayout { offsets, capacity, mem_len })
    }

    /// `slots` slots of `stride` bytes laid end to end from offset 0 (memory of
    /// `slots * stride` bytes): valid by construction.
    pub fn strided(slots: usize, stride: usize) -> Self {
        SlotLayout { offsets: (0..slots).map(|i| i * stride).collect(), capacity: stride, mem_len: slots * stride }
    }

    /// Bytes of memory the slots span.
    pub fn mem_len(&self) -> usize {
        self.mem_len
    }

    /// Number of slots.
    pub fn slots(&self) -> usize {
        self.offsets.len()
    }

    /// The slot offsets.
    pub fn offsets(&self) -> &[usize] {
        &self.offsets
    }
}

impl<'a> TxBatch<'a> {
    /// Lends the first `n` slots of `layout` in `mem` (checked once, when the layout was
    /// made); an empty batch when `mem` is shorter than the layout's memory.
    #[inline]
    pub fn with_layout(mem: &'a mut [u8], layout: &'a SlotLayout, n: usize, meta: &'a mut [TxMeta]) -> Self {
        if mem.len() < layout.mem_len {
            return TxBatch::empty();
        }
        let offsets = &layout.offsets[..n.min(layout.offsets.len())];
        Self::build(NonNull::from(mem).cast::<u8>(), offsets, layout.capacity, meta)
    }

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
        check_layout(mem.len(), offsets, capacity)?;
        let base = NonNull::from(mem).cast::<u8>();
        Ok(Self::build(base, offsets, capacity, meta))
    }

    /// Lends slots of memory that is not borrowed as a whole: `offsets.len()` slots of
    /// `capacity` bytes at `offsets` from `base`, each checked to lie inside `len` bytes.
    ///
    /// # Safety
    ///
    /// `base..base + len` must be one allocation that stays valid for `'a`, and for
    /// `'a` the caller must own every slot's bytes exclusively: nothing else (no other
    /// reference, no other thread, not the kernel) reads or writes them. Bytes of the
    /// allocation outside the slots are never touched through the batch.
    pub unsafe fn from_raw(
        base: NonNull<u8>,
        len: usize,
        offsets: &'a [usize],
        capacity: usize,
        meta: &'a mut [TxMeta],
    ) -> Result<Self, BatchLayoutError> {
        check_layout(len, offsets, capacity)?;
        Ok(Self::build(base, offsets, capacity, meta))
    }

    fn build(base: NonNull<u8>, offsets: &'a [usize], capacity: usize, meta: &'a mut [TxMeta]) -> Self {
        let n = offsets.len().min(meta.len());
        TxBatch { base, offsets: &offsets[..n], capacity, meta: &mut meta[..n], filled: 0, _mem: PhantomData }
    }

    /// `len` bytes of slot `i`'s memory.
    #[inline]
    fn bytes(&self, i: usize, len: usize) -> &[u8] {
        let off = self.offsets[i];
        debug_assert!(len <= self.capacity);
        // SAFETY: the layout check put `off..off + capacity` inside the memory, which the
        // batch borrows (or owns exclusively, `from_raw`) for `'a`; `len <= capacity`.
        unsafe { std::slice::from_raw_parts(self.base.as_ptr().add(off), len) }
    }

    /// A batch with no slots (a port with nothing to lend).
    pub fn empty() -> TxBatch<'static> {
        TxBatch::build(NonNull::dangling(), &[], 0, &mut [])
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
        // SAFETY: as in `bytes`; the slice borrows `self` mutably, so no other slice of
        // this slot (nor of any slot) lives while it does.
        Some(unsafe { std::slice::from_raw_parts_mut(self.base.as_ptr().add(off), self.capacity) })
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

    /// Fills the next free slots with one frame per entry of `departures` (fewer when the
    /// batch runs out), each of `len` bytes from `stream`: `write(block, i)` writes frame
    /// `i` into the slot's first 64 bytes. Slots are then one fixed-size array each, so a
    /// run of small frames costs no per-frame bounds check, `Option` or length. Returns
    /// the frames committed: none when the slots are shorter than 64 bytes.
    #[inline(always)]
    pub fn fill_blocks<F: FnMut(&mut [u8; 64], usize)>(
        &mut self,
        departures: &[Nanos],
        len: u32,
        stream: u32,
        mut write: F,
    ) -> usize {
        if self.capacity < 64 {
            return 0;
        }
        let start = self.filled;
        let (Some(offsets), Some(meta)) = (self.offsets.get(start..), self.meta.get_mut(start..)) else {
            return 0;
        };
        let len = len.min(self.capacity as u32);
        let mut n = 0;
        for ((&off, m), &departure) in offsets.iter().zip(meta.iter_mut()).zip(departures) {
            // SAFETY: as in `slot`: the layout check put `off..off + capacity` (at least 64
            // bytes) inside the memory the batch holds exclusively, and the array lives
            // only for this call of `write` (no other reference to any slot meanwhile).
            let block = unsafe { &mut *self.base.as_ptr().add(off).cast::<[u8; 64]>() };
            write(block, n);
            *m = TxMeta { len, stream, departure };
            n += 1;
        }
        self.filled += n;
        n
    }

    /// The committed frames, in order, with their metadata.
    pub fn frames(&self) -> impl Iterator<Item = (&[u8], &TxMeta)> + '_ {
        self.meta[..self.filled].iter().enumerate().map(move |(i, m)| (self.bytes(i, m.len as usize), m))
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
    fn fill_blocks_writes_runs_of_small_frames_up_to_the_free_slots() {
        let mut mem = vec![0u8; 3 * 128];
        let offsets = [0, 128, 256];
        let mut meta = [TxMeta::default(); 3];
        let mut b = TxBatch::new(&mut mem, &offsets, 128, &mut meta).unwrap();
        let slot = b.slot().unwrap();
        slot[0] = 9;
        b.commit(TxMeta { len: 10, stream: 1, departure: Nanos(5) });
        let deps = [Nanos(7), Nanos(8), Nanos(9)];
        let n = b.fill_blocks(&deps, 60, 4, |block, i| block.fill(i as u8 + 1));
        assert_eq!(n, 2, "two slots were free");
        let frames: Vec<(Vec<u8>, TxMeta)> = b.frames().map(|(f, m)| (f.to_vec(), *m)).collect();
        assert_eq!(frames[0].0[0], 9);
        assert_eq!(frames[1], (vec![1; 60], TxMeta { len: 60, stream: 4, departure: Nanos(7) }));
        assert_eq!(frames[2], (vec![2; 60], TxMeta { len: 60, stream: 4, departure: Nanos(8) }));
        assert_eq!(b.fill_blocks(&deps, 60, 4, |_, _| panic!("full")), 0);
        // Slots shorter than a block take nothing.
        let mut mem = vec![0u8; 2 * 60];
        let mut meta = [TxMeta::default(); 2];
        let mut b = TxBatch::new(&mut mem, &[0, 60], 60, &mut meta).unwrap();
        assert_eq!(b.fill_blocks(&deps, 60, 4, |_, _| panic!("too short")), 0);
        assert_eq!(b.filled(), 0);
    }

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
    fn a_layout_is_checked_once_and_lends_its_slots() {
        assert!(SlotLayout::new(100, vec![0, 50], 64).is_err());
        let layout = SlotLayout::strided(3, 64);
        let mut mem = vec![0u8; layout.mem_len()];
        let mut meta = [TxMeta::default(); 3];
        let mut b = TxBatch::with_layout(&mut mem, &layout, 2, &mut meta);
        assert_eq!((b.slots(), b.capacity()), (2, 64));
        b.slot().unwrap()[0] = 9;
        b.commit(TxMeta { len: 1, ..TxMeta::default() });
        assert_eq!(mem[0], 9);
        // Memory shorter than the layout's: nothing is lent.
        let mut short = vec![0u8; 100];
        assert_eq!(TxBatch::with_layout(&mut short, &layout, 3, &mut meta).slots(), 0);
    }

    #[test]
    fn rejects_slots_outside_memory() {
        let mut mem = vec![0u8; 100];
        let mut meta = [TxMeta::default(); 1];
        assert!(TxBatch::new(&mut mem, &[50], 64, &mut meta).is_err());
        assert!(TxBatch::new(&mut mem, &[usize::MAX], 64, &mut meta).is_err());
    }

    #[test]
    fn raw_batches_touch_only_their_slots() {
        let mut mem = vec![7u8; 4 * 64];
        let base = NonNull::new(mem.as_mut_ptr()).unwrap();
        let mut meta = [TxMeta::default(); 2];
        // Slots 1 and 3 only: slots 0 and 2 stand for frames some other owner holds.
        let offsets = [64, 192];
        // SAFETY: `mem` outlives the batch and nothing else touches slots 1 and 3 while it lives.
        let mut b = unsafe { TxBatch::from_raw(base, mem.len(), &offsets, 64, &mut meta) }.unwrap();
        while let Some(s) = b.slot() {
            s.fill(1);
            b.commit(TxMeta { len: 100, ..TxMeta::default() });
        }
        assert_eq!(b.frames().map(|(f, _)| f.len()).collect::<Vec<_>>(), vec![64, 64], "lengths clamp to the slot");
        let owned: Vec<u8> = mem.chunks(64).map(|c| c[0]).collect();
        assert_eq!(owned, vec![7, 1, 7, 1]);
        // SAFETY: as above; the layout check refuses the slot before anything is touched.
        let out = unsafe { TxBatch::from_raw(base, mem.len(), &[250], 64, &mut meta) };
        assert!(out.is_err());
    }
}
