//! A bounded single-producer single-consumer ring of frames, lock-free: what one queue of
//! one end of an in-memory link ([`crate::impair::ImpairLink`]) hands to the queue of
//! the other end.
//!
//! Fixed slots, each a frame of up to `max_frame` bytes and the time it is due. The
//! producer writes frames into free slots and publishes them once per batch (one
//! release store of `tail`); the consumer reads the frames that are due in place and
//! frees their slots once per batch (one release store of `head`). Positions count up
//! for ever (`u64`), the slot is the position modulo the capacity (a power of two), so
//! `tail - head` is the fill and never wraps.
//!
//! Safety rests on the roles: only the [`Producer`] writes slots in `[tail, head +
//! capacity)`, only the [`Consumer`] reads slots in `[head, tail)`, and each side learns
//! the other's position with acquire loads of what the other published with release
//! stores. [`channel`] hands out exactly one of each.

use std::cell::UnsafeCell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// One slot: the frame's length and due time, then its bytes.
const HEADER: usize = 16;

/// Keeps the two positions on separate cache lines (the producer writes one, the
/// consumer the other).
#[repr(align(128))]
#[derive(Debug, Default)]
struct Padded(AtomicU64);

struct Shared {
    /// Slots, `slot` bytes each.
    buf: Box<[UnsafeCell<u8>]>,
    slot: usize,
    mask: u64,
    /// Next position the consumer reads (slots before it are free).
    head: Padded,
    /// Next position the producer writes (slots before it are published).
    tail: Padded,
}

// SAFETY: the buffer is shared between exactly one producer and one consumer, which
// touch disjoint slots (see the module docs); positions are atomics.
unsafe impl Sync for Shared {}
// SAFETY: as above; nothing in `Shared` is tied to a thread.
unsafe impl Send for Shared {}

impl std::fmt::Debug for Shared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ring").field("slots", &(self.mask + 1)).field("slot", &self.slot).finish()
    }
}

impl Shared {
    /// The slot of position `pos`.
    fn slot_ptr(&self, pos: u64) -> *mut u8 {
        let i = (pos & self.mask) as usize * self.slot;
        // `UnsafeCell<u8>` has u8's layout, so the cells are one contiguous byte array.
        UnsafeCell::raw_get(self.buf[i..].as_ptr())
    }
}

/// The writing end.
#[derive(Debug)]
pub struct Producer {
    shared: Arc<Shared>,
    /// Written but not yet published.
    tail: u64,
    /// The consumer's head as last seen (a lower bound of the real one).
    head: u64,
}

/// The reading end.
#[derive(Debug)]
pub struct Consumer {
    shared: Arc<Shared>,
    head: u64,
    /// The producer's tail as last seen.
    tail: u64,
}

/// A ring of at least `slots` slots (rounded up to a power of two) for frames of up to
/// `max_frame` bytes.
pub fn channel(slots: usize, max_frame: usize) -> (Producer, Consumer) {
    let slots = slots.max(2).next_power_of_two();
    // Slots start on 16-byte boundaries: the header's u64 is aligned.
    let slot = (HEADER + max_frame).next_multiple_of(16);
    let buf: Box<[UnsafeCell<u8>]> = (0..slots * slot).map(|_| UnsafeCell::new(0)).collect();
    let shared =
        Arc::new(Shared { buf, slot, mask: slots as u64 - 1, head: Padded::default(), tail: Padded::default() });
    (Producer { shared: shared.clone(), tail: 0, head: 0 }, Consumer { shared, head: 0, tail: 0 })
}

impl Producer {
    /// Largest frame a slot holds.
    pub fn max_frame(&self) -> usize {
        self.shared.slot - HEADER
    }

    /// Writes `frame` (cut to [`Producer::max_frame`]) due at `due` into the next free
    /// slot; false when the ring is full. Not visible to the consumer before
    /// [`Producer::publish`].
    pub fn push(&mut self, frame: &[u8], due: u64) -> bool {
        let cap = self.shared.mask + 1;
        if self.tail - self.head >= cap {
            self.head = self.shared.head.0.load(Ordering::Acquire);
            if self.tail - self.head >= cap {
                return false;
            }
        }
        let len = frame.len().min(self.max_frame());
        let p = self.shared.slot_ptr(self.tail);
        // SAFETY: position `tail` is in `[head, head + cap)` and not yet published, so
        // only this producer touches its slot; the slot has HEADER + max_frame bytes and
        // starts 16-byte aligned (slot sizes are multiples of 16 from an allocation of
        // u8 cells: written with unaligned stores all the same).
        unsafe {
            std::ptr::write_unaligned(p.cast::<u64>(), len as u64);
            std::ptr::write_unaligned(p.add(8).cast::<u64>(), due);
            std::ptr::copy_nonoverlapping(frame.as_ptr(), p.add(HEADER), len);
        }
        self.tail += 1;
        true
    }

    /// Makes every frame pushed so far visible to the consumer.
    pub fn publish(&mut self) {
        self.shared.tail.0.store(self.tail, Ordering::Release);
    }
}

impl Consumer {
    /// Hands up to `max` published frames that are due by `now` to `sink` (bytes and due
    /// time), oldest first, stopping at the first that is not due; frees their slots.
    /// Returns how many.
    pub fn pop_due(&mut self, max: usize, now: u64, sink: &mut dyn FnMut(&[u8], u64)) -> usize {
        if self.head == self.tail {
            self.tail = self.shared.tail.0.load(Ordering::Acquire);
        }
        let mut n = 0;
        while n < max && self.head < self.tail {
            let p = self.shared.slot_ptr(self.head);
            // SAFETY: position `head` is in `[head, tail)`: published by the producer
            // (acquire load of `tail` above) and not yet freed, so only this consumer
            // touches it; the header was written by `push`.
            let (len, due) = unsafe {
                (std::ptr::read_unaligned(p.cast::<u64>()) as usize, std::ptr::read_unaligned(p.add(8).cast::<u64>()))
            };
            if due > now {
                break;
            }
            // SAFETY: as above; `len` <= max_frame was written with the frame's bytes.
            let frame = unsafe { std::slice::from_raw_parts(p.add(HEADER).cast_const(), len) };
            sink(frame, due);
            self.head += 1;
            n += 1;
            if self.head == self.tail {
                self.tail = self.shared.tail.0.load(Ordering::Acquire);
            }
        }
        if n > 0 {
            self.shared.head.0.store(self.head, Ordering::Release);
        }
        n
    }

    /// Frames published and not yet taken.
    pub fn len(&self) -> u64 {
        self.shared.tail.0.load(Ordering::Acquire) - self.head
    }

    /// Whether nothing is waiting.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_come_out_in_order_and_only_when_due() {
        let (mut p, mut c) = channel(3, 60);
        assert_eq!(p.max_frame(), 64, "slots are rounded up to 16 bytes");
        for i in 0..4u8 {
            assert!(p.push(&[i; 10], 100 + u64::from(i)));
        }
        assert!(!p.push(&[9], 0), "4 slots, full");
        let mut got = vec![];
        assert_eq!(c.pop_due(8, 1000, &mut |f, d| got.push((f[0], d, f.len()))), 0, "nothing published yet");
        p.publish();
        assert_eq!(c.pop_due(8, 101, &mut |f, d| got.push((f[0], d, f.len()))), 2, "two are due by 101");
        assert_eq!(c.pop_due(1, u64::MAX, &mut |f, d| got.push((f[0], d, f.len()))), 1, "at most max");
        assert!(p.push(&[7; 100], 5), "a freed slot is reused; a long frame is cut");
        p.publish();
        c.pop_due(8, u64::MAX, &mut |f, d| got.push((f[0], d, f.len())));
        assert_eq!(got, [(0, 100, 10), (1, 101, 10), (2, 102, 10), (3, 103, 10), (7, 5, 64)]);
        assert!(c.is_empty());
    }

    #[test]
    fn a_producer_and_a_consumer_thread_move_a_million_frames_intact() {
        const N: u64 = 1_000_000;
        let (mut p, mut c) = channel(256, 64);
        let t = std::thread::spawn(move || {
            let mut i = 0u64;
            while i < N {
                while i < N && p.push(&i.to_le_bytes().repeat(4), i) {
                    i += 1;
                }
                p.publish();
            }
        });
        let mut next = 0u64;
        while next < N {
            c.pop_due(64, u64::MAX, &mut |f, due| {
                assert_eq!(f.len(), 32);
                let v = u64::from_le_bytes(f[24..32].try_into().unwrap_or_default());
                assert_eq!((v, due), (next, next));
                next += 1;
            });
        }
        t.join().unwrap_or_else(|_| panic!("producer panicked"));
        assert!(c.is_empty());
    }
}
