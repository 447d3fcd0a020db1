//! Departure times from the port: what the kernel (or a NIC) stamped as a tagged frame
//! left, joined with its arrival by stream and sequence number.
//!
//! A latency frame's trailer carries the time user space built it; the port may also
//! stamp the moment the driver took it (`SO_TIMESTAMPING`), which reaches the sending
//! worker a little after the frame left. The receiver (perhaps another worker) finds it
//! here: one ring of [`RING`] entries per latency stream, written by whoever reads the
//! port's stamps and read by whoever receives the frame, each entry a sequence number
//! and a time behind a sequence check (a reader that races a writer sees no entry, never
//! a torn one). An arrival whose departure is not (or no longer) here is not measured
//! on this clock: the stream counts it as `unstamped`, its histogram never mixes clocks.

use std::sync::atomic::{AtomicU64, Ordering};

/// Entries per stream: departures stay findable for this many later frames of the
/// stream (0.8 s at 10 kpps).
pub const RING: usize = 8192;

/// Latency streams whose departures are kept, at most (128 KiB each: a profile from a
/// peer with thousands of latency streams must not size this table). The rest measure
/// from user space's stamps, and say so (`source`).
pub const MAX_STREAMS: usize = 64;

#[derive(Debug, Default)]
struct Entry {
    /// The sequence number + 1 (0: empty, or being written).
    seq: AtomicU64,
    at: AtomicU64,
}

/// The departures of the latency streams whose port stamps them.
#[derive(Debug, Default)]
pub struct Departures {
    /// Stream ids, sorted, and their rings in the same order.
    ids: Vec<u16>,
    rings: Vec<Box<[Entry]>>,
}

/// The cookie a port keeps for a frame whose departure it stamps: the frame's latency
/// tag (stream id, sequence number), `None` for frames without one (or whose stream
/// measures no latency). A [`riptide_port::StampKey`]-shaped function.
pub fn departure_cookie(frame: &[u8]) -> Option<u64> {
    let t = crate::Tag::read(frame)?;
    (t.tx_ns != 0).then_some(u64::from(t.stream) << 32 | u64::from(t.seq))
}

impl Departures {
    /// A table for streams `ids` (the first [`MAX_STREAMS`] of them, by id).
    pub fn new(ids: impl IntoIterator<Item = u16>) -> Departures {
        let mut ids: Vec<u16> = ids.into_iter().collect();
        ids.sort_unstable();
        ids.dedup();
        ids.truncate(MAX_STREAMS);
        let rings = ids.iter().map(|_| (0..RING).map(|_| Entry::default()).collect()).collect();
        Departures { ids, rings }
    }

    /// Whether stream `id`'s departures are kept.
    pub fn has(&self, id: u16) -> bool {
        self.ids.binary_search(&id).is_ok()
    }

    fn entry(&self, stream: u16, seq: u32) -> Option<&Entry> {
        let i = self.ids.binary_search(&stream).ok()?;
        self.rings.get(i)?.get(seq as usize % RING)
    }

    /// The frame of `cookie` ([`departure_cookie`]) left at `at` (run time, ns).
    pub fn record(&self, cookie: u64, at: u64) {
        let (stream, seq) = ((cookie >> 32) as u16, cookie as u32);
        let Some(e) = self.entry(stream, seq) else { return };
        e.seq.store(0, Ordering::Release);
        e.at.store(at, Ordering::Release);
        e.seq.store(u64::from(seq) + 1, Ordering::Release);
    }

    /// When frame `seq` of stream `stream` left, if known.
    pub fn get(&self, stream: u16, seq: u32) -> Option<u64> {
        let e = self.entry(stream, seq)?;
        let want = u64::from(seq) + 1;
        if e.seq.load(Ordering::Acquire) != want {
            return None;
        }
        let at = e.at.load(Ordering::Acquire);
        (e.seq.load(Ordering::Acquire) == want).then_some(at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Tag;

    #[test]
    fn departures_are_found_by_stream_and_sequence_until_overwritten() {
        let d = Departures::new([7, 3, 7]);
        assert!(d.has(3) && d.has(7) && !d.has(4));
        let mut f = vec![0u8; 64];
        Tag { stream: 7, seq: 5, tx_ns: 99 }.write(&mut f);
        let c = departure_cookie(&f).unwrap();
        d.record(c, 1234);
        assert_eq!(d.get(7, 5), Some(1234));
        assert_eq!((d.get(3, 5), d.get(7, 6)), (None, None));
        // Frames without latency, without a tag, of streams not kept: no cookie or no entry.
        Tag { stream: 7, seq: 5, tx_ns: 0 }.write(&mut f);
        assert_eq!(departure_cookie(&f), None);
        assert_eq!(departure_cookie(&[0u8; 64]), None);
        d.record(u64::from(4u16) << 32 | 5, 1);
        assert_eq!(d.get(4, 5), None);
        // A peer's profile does not size the table.
        let many = Departures::new((0..60_000u16).rev());
        assert!(many.has(0) && many.has(MAX_STREAMS as u16 - 1) && !many.has(MAX_STREAMS as u16));
        // RING frames later the entry is the later frame's.
        d.record(u64::from(7u16) << 32 | (5 + RING as u64), 2000);
        assert_eq!((d.get(7, 5), d.get(7, 5 + RING as u32)), (None, Some(2000)));
    }
}
