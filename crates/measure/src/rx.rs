//! The receive classifier: tagged frames to their stream's trackers.
//!
//! A flat table indexed by stream id (ids are small integers chosen by the profile)
//! gives each registered stream's place in a dense list of records, so classifying is a
//! signature check and two bounds-checked indexes: no hashing, and no limit of 128
//! streams (4096 and more cost the same per packet).
//!
//! The table runs to the largest id registered (65,535 for a latency probe), so it is
//! shared between copies ([`Arc`]; it changes only when a stream registers): a copy of
//! a classifier, which a worker publishes every few milliseconds, costs its streams'
//! records, not its largest id.

use crate::departures::Departures;
use crate::disrupt::Disruptions;
use crate::latency::Latency;
use crate::seq::SeqTracker;
use crate::tag::{unwrap_seq, Tag};
use crate::vlan::{VlanMap, VlanRx};
use std::sync::Arc;

/// Largest stream id a profile may tag with.
pub const MAX_STREAM_ID: u32 = u16::MAX as u32;

/// Receive ports counted apart (an engine has far fewer).
const MAX_PORTS: usize = 1024;

/// Receive ports whose counts live inside the stream's record (no pointer to chase on
/// the receive path); ports above these go to a list of their own.
const INLINE_PORTS: usize = 4;

/// A tagged stream's arrivals by receiving port: frames and bytes.
#[derive(Clone, Debug, Default)]
pub struct PortCounts {
    inline: [[u64; 2]; INLINE_PORTS],
    more: Vec<[u64; 2]>,
}

impl PortCounts {
    #[inline]
    fn add(&mut self, port: usize, bytes: u64) {
        let c = if port < INLINE_PORTS {
            &mut self.inline[port]
        } else if port < MAX_PORTS {
            let i = port - INLINE_PORTS;
            if self.more.len() <= i {
                self.more.resize(i + 1, [0; 2]);
            }
            &mut self.more[i]
        } else {
            return;
        };
        c[0] += 1;
        c[1] += bytes;
    }

    /// Frames and bytes of each port, by port index (trailing ports that received
    /// nothing may be left out).
    pub fn iter(&self) -> impl Iterator<Item = [u64; 2]> + '_ {
        self.inline.iter().chain(self.more.iter()).copied()
    }
}

/// What one core knows of one tagged stream.
#[derive(Clone, Debug, Default)]
pub struct StreamRx {
    /// Sequence tracking.
    pub seq: SeqTracker,
    /// Where the stream stopped arriving and lost frames.
    pub disruptions: Disruptions,
    /// Latency, for latency streams (the first packet of each flow aside, when `flows`
    /// is set).
    pub latency: Option<Latency>,
    /// Latency of the first packet of each flow: sequence numbers below `flows`.
    pub first: Option<Latency>,
    /// Latency from the departure stamps the sending port took ([`Departures`]), for
    /// latency streams whose port stamps them: the same frames as `latency`, on the
    /// kernel's clock at both ends.
    pub kernel: Option<Latency>,
    /// Arrivals `kernel` could not measure: their departure stamp was not found.
    pub unstamped: u64,
    /// Arrivals waiting for their departure stamp (another worker sent them and has not
    /// read its stamps yet): measured when it comes, unstamped after [`STAMP_WAIT_NS`].
    pub waiting: u64,
    /// Flows of the stream's field-engine walk (0: not split off).
    pub flows: u64,
    /// Frames and bytes by receiving port, duplicates included.
    pub ports: PortCounts,
}

/// An id without a stream in [`Classifier`]'s index: past the end of any list of records.
const NO_STREAM: u32 = u32::MAX;

/// One receive core's table of tagged streams.
#[derive(Clone, Debug, Default)]
pub struct Classifier {
    /// By stream id, up to the largest registered (or beyond): the index of its record
    /// in `records`, [`NO_STREAM`] for none. Shared between copies (see the module docs).
    slots: Arc<[u32]>,
    /// The registered streams' records, in the order they registered.
    records: Vec<StreamRx>,
    /// Their ids, in the same order.
    ids: Vec<u16>,
    /// Tagged frames whose id no stream has.
    pub unknown: u64,
    /// By record: the arrivals by port and VLAN group of streams counted by VLAN (TRex's
    /// tagged packet groups). Kept apart from the records, and empty when no stream counts
    /// by VLAN: the others' path reads one length (measured: a field in each record cost
    /// the 4,096-stream classification a third more).
    vlans: Vec<Option<Box<VlanRx>>>,
    /// Where the latency streams' departure stamps are found, when their ports take them.
    departures: Option<Arc<Departures>>,
    /// Arrivals whose departure stamp was not there yet: (record, stream, seq, rx_ns).
    waiting: std::collections::VecDeque<(u32, u16, u32, u64)>,
}

/// How long (receive time) an arrival waits for its departure stamp before it counts as
/// unstamped: the sending worker reads its stamps every turn, microseconds apart.
pub const STAMP_WAIT_NS: u64 = 50_000_000;
/// Arrivals waiting for their stamp, at most (older ones count as unstamped).
const MAX_WAITING: usize = 4096;

impl Classifier {
    /// Expects stream `id` (with latency or not); registering an id again starts its
    /// record afresh.
    pub fn register(&mut self, id: u16, latency: bool) {
        let rx = StreamRx {
            seq: SeqTracker::default(),
            disruptions: Disruptions::default(),
            latency: latency.then(Latency::default),
            first: None,
            kernel: (latency && self.departures.as_ref().is_some_and(|d| d.has(id))).then(Latency::default),
            unstamped: 0,
            waiting: 0,
            flows: 0,
            ports: PortCounts::default(),
        };
        if let Some(slot) = self.slot(id) {
            self.records[slot] = rx;
            if let Some(v) = self.vlans.get_mut(slot) {
                *v = None;
            }
            return;
        }
        let (i, slot) = (id as usize, self.records.len() as u32);
        self.records.push(rx);
        self.ids.push(id);
        match Arc::get_mut(&mut self.slots).and_then(|v| v.get_mut(i)) {
            Some(v) => *v = slot,
            None => {
                // Shared with a copy, or too short: a new index, twice as long when it
                // grows (registering ids one by one costs each a constant on average).
                let len = if i < self.slots.len() { self.slots.len() } else { (i + 1).max(2 * self.slots.len()) };
                let mut v = vec![NO_STREAM; len.min(MAX_STREAM_ID as usize + 1)];
                v[..self.slots.len()].copy_from_slice(&self.slots);
                v[i] = slot;
                self.slots = v.into();
            }
        }
    }

    /// Measures the latency streams `departures` has from their departure stamps too
    /// ([`StreamRx::kernel`]), those registered and those to come.
    pub fn set_departures(&mut self, departures: Arc<Departures>) {
        for (s, &id) in self.records.iter_mut().zip(&self.ids) {
            s.kernel = (s.latency.is_some() && departures.has(id)).then(Latency::default);
        }
        self.departures = Some(departures);
    }

    /// Stream `id`'s record, to update.
    #[inline]
    fn stream_mut(&mut self, id: u16) -> Option<&mut StreamRx> {
        let slot = *self.slots.get(id as usize)?;
        self.records.get_mut(slot as usize)
    }

    /// The place of stream `id`'s record.
    #[inline]
    fn slot(&self, id: u16) -> Option<usize> {
        let slot = *self.slots.get(id as usize)? as usize;
        (slot < self.records.len()).then_some(slot)
    }

    /// Measures the first packet of each of latency stream `id`'s `flows` flows apart
    /// (sequence numbers below `flows`: the first pass of its field-engine walk), as the
    /// OVS benchmarks compare a flow's first packet (a flow-cache miss) with the rest.
    pub fn register_flows(&mut self, id: u16, flows: u64) {
        if let Some(s) = self.stream_mut(id) {
            if s.latency.is_some() && flows > 0 {
                s.flows = flows;
                s.first = Some(Latency::default());
            }
        }
    }

    /// Counts stream `id`'s arrivals by port and by `map`'s VLAN groups too.
    pub fn register_vlans(&mut self, id: u16, map: Arc<VlanMap>) {
        if let Some(slot) = self.slot(id) {
            if self.vlans.len() <= slot {
                self.vlans.resize_with(self.records.len(), || None);
            }
            self.vlans[slot] = Some(Box::new(VlanRx::new(map)));
        }
    }

    /// Stream `id`'s arrivals by port and VLAN group, if it counts by VLAN.
    pub fn vlans(&self, id: u16) -> Option<&VlanRx> {
        self.vlans.get(self.slot(id)?)?.as_deref()
    }

    /// Classifies a frame received on `port` at `rx_ns` (the run clock); false if it
    /// carries no tag (the port counts it, no stream does).
    #[inline]
    pub fn handle_frame(&mut self, port: usize, frame: &[u8], wire_len: u64, rx_ns: u64) -> bool {
        let Some(tag) = Tag::read(frame) else { return false };
        let Some(slot) = self.slots.get(tag.stream as usize).map(|s| *s as usize) else {
            self.unknown += 1;
            return true;
        };
        if let Some(v) = self.vlans.get_mut(slot).and_then(Option::as_deref_mut) {
            v.on_frame(port.min(usize::from(u16::MAX)) as u16, frame, tag.seq, wire_len);
        }
        match self.records.get_mut(slot) {
            Some(s) => {
                s.ports.add(port, wire_len);
                let expected = s.seq.expected();
                let seq = unwrap_seq(tag.seq, expected);
                s.disruptions.on_arrival(seq.saturating_sub(expected), s.seq.last_rx_ns, rx_ns);
                s.seq.last_rx_ns = rx_ns;
                s.seq.on_packet(seq, wire_len);
                let first = if seq < s.flows { s.first.as_mut() } else { None };
                let is_first = first.is_some();
                if let Some(l) = first.or(s.latency.as_mut()) {
                    l.record(tag.tx_ns, rx_ns);
                }
                if let (Some(k), false) = (s.kernel.as_mut(), is_first) {
                    match self.departures.as_ref().and_then(|d| d.get(tag.stream, tag.seq)) {
                        Some(at) => k.record(at, rx_ns),
                        None => {
                            s.waiting += 1;
                            if self.waiting.len() == MAX_WAITING {
                                if let Some((r, ..)) = self.waiting.pop_front() {
                                    if let Some(o) = self.records.get_mut(r as usize) {
                                        o.waiting -= 1;
                                        o.unstamped += 1;
                                    }
                                }
                            }
                            self.waiting.push_back((slot as u32, tag.stream, tag.seq, rx_ns));
                            return true;
                        }
                    }
                }
                if !self.waiting.is_empty() {
                    self.retry_waiting(rx_ns);
                }
            }
            None => self.unknown += 1,
        }
        true
    }

    /// Whether arrivals wait for their departure stamp.
    pub fn has_waiting(&self) -> bool {
        !self.waiting.is_empty()
    }

    /// Measures the arrivals whose departure stamp has come since, and counts those that
    /// waited longer than [`STAMP_WAIT_NS`] by `now_ns` (receive time) as unstamped.
    #[cold]
    pub fn retry_waiting(&mut self, now_ns: u64) {
        let Some(d) = self.departures.clone() else { return };
        let records = &mut self.records;
        self.waiting.retain(|&(r, stream, seq, rx_ns)| {
            let Some(s) = records.get_mut(r as usize) else { return false };
            let found = d.get(stream, seq);
            let expired = now_ns.saturating_sub(rx_ns) > STAMP_WAIT_NS;
            if found.is_none() && !expired {
                return true;
            }
            s.waiting -= 1;
            match (found, s.kernel.as_mut()) {
                (Some(at), Some(k)) => k.record(at, rx_ns),
                _ => s.unstamped += 1,
            }
            false
        });
    }

    /// Stream `id`'s record.
    pub fn stream(&self, id: u16) -> Option<&StreamRx> {
        let slot = *self.slots.get(id as usize)?;
        self.records.get(slot as usize)
    }

    /// Every registered stream with its id, in the order they registered.
    pub fn streams(&self) -> impl Iterator<Item = (u16, &StreamRx)> {
        self.ids.iter().copied().zip(&self.records)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latency_from_departure_stamps_is_kept_apart_and_misses_are_counted() {
        let d = Arc::new(Departures::new([1]));
        let mut c = Classifier::default();
        c.register(1, true);
        c.set_departures(d.clone());
        c.register(2, true); // not stamped by its port
        c.register(3, false);
        let frame = |stream, seq, tx_ns| {
            let mut f = vec![0u8; 64];
            Tag { stream, seq, tx_ns }.write(&mut f);
            f
        };
        let f0 = frame(1, 0, 50);
        d.record(crate::departure_cookie(&f0).unwrap(), 100);
        c.handle_frame(0, &f0, 64, 300);
        c.handle_frame(0, &frame(1, 1, 60), 64, 400); // its stamp never comes
        let f2 = frame(1, 2, 70);
        c.handle_frame(0, &f2, 64, 450); // its stamp comes after it arrived
        assert!(c.has_waiting());
        assert_eq!(c.stream(1).unwrap().waiting, 2);
        d.record(crate::departure_cookie(&f2).unwrap(), 150);
        c.retry_waiting(460);
        assert_eq!((c.stream(1).unwrap().waiting, c.stream(1).unwrap().unstamped), (1, 0), "one measured, one waits");
        c.retry_waiting(400 + STAMP_WAIT_NS + 1);
        assert!(!c.has_waiting());
        c.handle_frame(0, &frame(2, 0, 70), 64, 500);
        let s = c.stream(1).unwrap();
        let (k, u) = (s.kernel.as_ref().unwrap().peek(), s.latency.as_ref().unwrap().peek());
        assert_eq!((k.count, k.min_ns, k.max_ns, u.count, u.min_ns), (2, 200, 300, 3, 250));
        assert_eq!((s.unstamped, s.waiting), (1, 0));
        let s2 = c.stream(2).unwrap();
        assert!(s2.kernel.is_none() && s2.latency.is_some() && s2.unstamped == 0);
        assert!(c.stream(3).unwrap().kernel.is_none());
    }

    #[test]
    fn thousands_of_streams_classify_by_id() {
        let mut c = Classifier::default();
        for id in 0..4096 {
            c.register(id, id % 2 == 0);
        }
        let mut f = vec![0u8; 64];
        for seq in 0..3u64 {
            for id in 0..4096u16 {
                Tag { stream: id, seq: seq as u32, tx_ns: 100 }.write(&mut f);
                assert!(c.handle_frame(0, &f, 64, 150));
            }
        }
        Tag { stream: 9999, seq: 0, tx_ns: 0 }.write(&mut f);
        assert!(c.handle_frame(0, &f, 64, 0));
        assert!(!c.handle_frame(0, &[0u8; 64], 64, 0));
        assert_eq!(c.unknown, 1);
        let s = c.stream(4094).unwrap();
        assert_eq!(s.seq.counters.unique, 3);
        assert_eq!(s.latency.as_ref().unwrap().peek().min_ns, 50);
        assert!(c.stream(4095).unwrap().latency.is_none());
        assert_eq!(c.streams().count(), 4096);
    }

    /// Sparse ids (a probe at 65,535 beside stream 1): each frame goes to its own
    /// stream's record, ids in between are unknown, a copy goes on counting apart from
    /// its original, and registering again starts the record afresh.
    #[test]
    fn sparse_ids_keep_records_apart_and_copies_independent() {
        let mut c = Classifier::default();
        c.register(65_535, true);
        c.register(1, false);
        let mut f = vec![0u8; 64];
        for (stream, seq) in [(1, 0), (65_535, 0), (1, 1), (300, 0)] {
            Tag { stream, seq, tx_ns: 10 }.write(&mut f);
            c.handle_frame(0, &f, 64, 30);
        }
        let mut copy = c.clone();
        Tag { stream: 1, seq: 2, tx_ns: 10 }.write(&mut f);
        copy.handle_frame(0, &f, 64, 30);
        let unique = |c: &Classifier, id| c.stream(id).unwrap().seq.counters.unique;
        assert_eq!((unique(&c, 1), unique(&c, 65_535), c.unknown), (2, 1, 1));
        assert_eq!(unique(&copy, 1), 3);
        assert!(c.stream(300).is_none() && c.stream(2).is_none());
        assert_eq!(c.stream(65_535).unwrap().latency.as_ref().unwrap().peek().min_ns, 20);
        let ids: Vec<u16> = c.streams().map(|(id, _)| id).collect();
        assert_eq!(ids, [65_535, 1], "in the order they registered");
        c.register(1, false);
        assert_eq!((unique(&c, 1), c.streams().count()), (0, 2));
        // A stream registered after the copy is the original's alone.
        c.register(7, true);
        assert!(c.stream(7).is_some() && copy.stream(7).is_none());
        assert_eq!(unique(&copy, 65_535), 1);
    }

    /// A stream counted by VLAN keeps its own counts too; another stream is untouched.
    #[test]
    fn a_stream_counted_by_vlan_counts_each_arrival_under_its_vlan() {
        use crate::vlan::{Slot, VlanKey};
        let mut c = Classifier::default();
        c.register(3, false);
        c.register(4, false);
        c.register_vlans(3, Arc::new(VlanMap::new(vec![VlanKey::Dot1q(10), VlanKey::Dot1q(20)]).unwrap()));
        let mut f = vec![0u8; 64];
        f[12..16].copy_from_slice(&[0x81, 0x00, 0x00, 20]);
        for (stream, seq) in [(3, 0), (3, 1), (4, 0)] {
            Tag { stream, seq, tx_ns: 0 }.write(&mut f);
            c.handle_frame(2, &f, 64, 0);
        }
        let v = c.vlans(3).unwrap();
        assert_eq!(v.counts[&(2, Slot::Group(1))].figures(), [2, 128, 0, 0, 0, 0, 0]);
        assert_eq!(v.counts.len(), 1);
        assert_eq!(c.stream(3).unwrap().seq.counters.unique, 2);
        assert!(c.vlans(4).is_none());
        c.register(3, false);
        assert!(c.vlans(3).is_none(), "registering again starts afresh");
    }

    #[test]
    fn the_first_packet_of_each_flow_is_measured_apart() {
        let mut c = Classifier::default();
        c.register(1, true);
        c.register_flows(1, 3);
        let mut f = vec![0u8; 64];
        for seq in 0..10u32 {
            Tag { stream: 1, seq, tx_ns: 1000 * u64::from(seq) }.write(&mut f);
            // The first three packets take 2 ms (a flow set up), the rest 50 us.
            let took = if seq < 3 { 2_000_000 } else { 50_000 };
            c.handle_frame(1, &f, 64, 1000 * u64::from(seq) + took);
        }
        let s = c.stream(1).unwrap();
        let (first, rest) = (s.first.as_ref().unwrap().peek(), s.latency.as_ref().unwrap().peek());
        assert_eq!((first.count, first.min_ns, first.max_ns), (3, 2_000_000, 2_000_000));
        assert_eq!((rest.count, rest.min_ns, rest.max_ns), (7, 50_000, 50_000));
        // Only latency streams split.
        c.register(2, false);
        c.register_flows(2, 3);
        assert!(c.stream(2).unwrap().first.is_none());
    }
}
