//! A compiled stream: template, sizes, field program, pacing and transmit mode.
//!
//! One [`Stream`] is one worker's share of a profile stream. It knows when its
//! next packet is due and writes that packet into a buffer; it never reads a
//! clock and never touches a port.

use crate::field::FieldEngine;
use crate::field::RUN;
use crate::pacer::Pacer;
use crate::size::SizeGen;
use crate::tag::TagTx;
use crate::template::Template;
use riptide_core::{Nanos, StreamCounters};
use riptide_core::{TxBatch, TxMeta};

/// How many packets a stream sends, and when.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Until the run ends.
    Continuous,
    /// Exactly this many packets, then the stream ends.
    Burst {
        /// Packets in the burst.
        packets: u64,
    },
    /// `bursts` bursts of `packets`, separated by `ibg` of silence.
    MultiBurst {
        /// Packets per burst.
        packets: u64,
        /// Number of bursts (0: repeat until the run ends).
        bursts: u64,
        /// Inter-burst gap: silence between the end of one burst and the next.
        ibg: Nanos,
    },
}

/// Where a stream is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Waiting for another stream to end (`self_start: false`).
    Waiting,
    /// Sending (its first packet may still be in the future).
    Active,
    /// Finished.
    Done,
}

/// What a stream share is made of.
#[derive(Clone, Debug)]
pub struct StreamParts {
    /// Index of the stream in its profile.
    pub index: u32,
    /// Packet template.
    pub template: Template,
    /// Frame sizes.
    pub sizes: SizeGen,
    /// Field program.
    pub fields: FieldEngine,
    /// Departure schedule (anchored at zero; `start` moves it).
    pub pacer: Pacer,
    /// Mode with this share's packet counts.
    pub mode: Mode,
    /// Start delay.
    pub isg: Nanos,
    /// Starts with the run.
    pub self_start: bool,
    /// Stream started when this one ends.
    pub next: Option<u32>,
    /// The chain stops at this stream's Nth end (TRex's `action_count`; 0: never).
    pub action_count: u32,
    /// Tag trailer writer (tagged streams).
    pub tag: Option<TagTx>,
}

/// One worker's share of a stream.
#[derive(Clone, Debug)]
pub struct Stream {
    /// Index of the stream in its profile (also its id in stats).
    pub index: u32,
    pub(crate) template: Template,
    pub(crate) sizes: SizeGen,
    pub(crate) fields: FieldEngine,
    pub(crate) pacer: Pacer,
    pub(crate) mode: Mode,
    /// Start delay after the run starts or the chaining stream ends.
    pub(crate) isg: Nanos,
    /// Stream started when this one ends.
    pub(crate) next: Option<u32>,
    /// TRex's `action_count` (0: `next` every time), and the ends left before the chain
    /// stops here.
    action_count: u32,
    actions_left: u32,
    pub(crate) phase: Phase,
    /// Departure of the next packet (cached from the pacer).
    next_due: Nanos,
    /// Packets left in the current burst (burst modes).
    left_in_burst: u64,
    /// Bursts left after the current one (multi-burst; `u64::MAX`: forever).
    bursts_left: u64,
    /// Counters of this share.
    pub counters: StreamCounters,
    tag: Option<TagTx>,
    /// The frame length, when runs of packets can be written column by column (a fixed
    /// size, no tag, a field program that plans runs: [`Stream::produce_run`]).
    run_len: Option<usize>,
}

impl Stream {
    /// Assembles a stream share. `parts.mode` packet counts are this share's counts.
    pub fn new(parts: StreamParts) -> Self {
        let StreamParts { index, template, sizes, fields, pacer, mode, isg, self_start, next, action_count, tag } =
            parts;
        let next_due = pacer.departure();
        let run_len = match sizes {
            SizeGen::Fixed(size) if tag.is_none() && template.size_patched().is_empty() => {
                Some(template.len_for(size)).filter(|&len| fields.runs_within(len))
            }
            _ => None,
        };
        Stream {
            index,
            template,
            sizes,
            fields,
            pacer,
            mode,
            isg,
            next,
            action_count,
            actions_left: action_count,
            phase: if self_start { Phase::Active } else { Phase::Waiting },
            next_due,
            left_in_burst: 0,
            bursts_left: 0,
            counters: StreamCounters::default(),
            tag,
            run_len,
        }
    }

    /// Whether the stream carries a tag (receivers count it per stream).
    pub fn is_tagged(&self) -> bool {
        self.tag.is_some()
    }

    /// Whether the stream writes its packets in runs ([`Stream::produce_run`]), not one by one.
    pub fn runs(&self) -> bool {
        self.run_len.is_some()
    }

    /// Where the stream is in its life.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Where the chain goes now that this stream has ended: its `next`, unless this end
    /// is the one its `action_count` stops at (TRex's `set_stateless_next_node`: each
    /// end counts the stream's counter down, and the end that reaches 0 stops the chain).
    pub(crate) fn follow(&mut self) -> Option<u32> {
        if self.action_count > 0 {
            self.actions_left = self.actions_left.saturating_sub(1);
            if self.actions_left == 0 {
                return None;
            }
        }
        self.next
    }

    /// A new run: the action count starts over.
    pub(crate) fn rearm(&mut self) {
        self.actions_left = self.action_count;
    }

    /// When the next packet is due, if the stream is active.
    #[inline]
    pub fn due(&self) -> Option<Nanos> {
        (self.phase == Phase::Active).then_some(self.next_due)
    }

    /// When the stream's schedule stands after its last packet: its next
    /// departure slot, which is when a chained stream starts.
    pub fn due_after_end(&self) -> Nanos {
        self.next_due
    }

    /// Starts (or restarts, when chained again) the stream: first packet at `at + isg`.
    /// Returns `false` when this share has nothing to send (it is then `Done`).
    pub fn start(&mut self, at: Nanos) -> bool {
        self.pacer.reanchor(at + self.isg);
        self.next_due = self.pacer.departure();
        let (per_burst, bursts) = match self.mode {
            Mode::Continuous => (u64::MAX, 0),
            Mode::Burst { packets } => (packets, 0),
            Mode::MultiBurst { packets, bursts, .. } => (packets, if bursts == 0 { u64::MAX } else { bursts - 1 }),
        };
        self.left_in_burst = per_burst;
        self.bursts_left = bursts;
        if per_burst == 0 {
            self.phase = Phase::Done;
            false
        } else {
            self.phase = Phase::Active;
            true
        }
    }

    /// Writes the next packet into `buf` and returns its length and departure.
    /// A latency tag is stamped with `sent` when given (the time the packet really
    /// leaves, in real time), else with the departure. Sets the phase to `Done` after
    /// the last packet.
    #[inline]
    pub fn produce(&mut self, buf: &mut [u8], sent: Option<Nanos>) -> (usize, Nanos) {
        let size = self.sizes.next_size();
        let len = self.template.write(buf, size);
        let departure = self.next_due;
        self.fields.apply(&mut buf[..len], departure.0);
        if let Some(t) = &mut self.tag {
            t.stamp(&mut buf[..len], sent.unwrap_or(departure).0);
        }
        self.pacer.sent(size);
        self.next_due = self.pacer.departure();
        self.counters.opackets += 1;
        self.counters.obytes += len as u64;
        if self.left_in_burst != u64::MAX {
            self.left_in_burst -= 1;
            if self.left_in_burst == 0 {
                self.end_burst();
            }
        }
        (len, departure)
    }

    /// Writes this stream's packets into `batch` while they depart before `limit`, at
    /// most `max` of them: the same bytes, departures and counters as as many calls of
    /// [`produce`](Self::produce), which it makes when the stream cannot run (sizes
    /// that vary, a tag, a field program that reads frames or the clock). Otherwise per
    /// run of up to [`RUN`] packets: the departures first (one value when unpaced), the
    /// fields column by column, then each frame is the template's bytes and its stores.
    /// Returns how many packets were written.
    #[inline]
    pub fn produce_run(&mut self, batch: &mut TxBatch<'_>, max: u64, limit: Nanos, stamp: Option<Nanos>) -> usize {
        let mut n = 0usize;
        let Some(len) = self.run_len.filter(|&l| l <= batch.capacity()) else {
            while (n as u64) < max && self.phase == Phase::Active && self.next_due < limit {
                let Some(slot) = batch.slot() else { break };
                let (len, departure) = self.produce(slot, stamp);
                batch.commit(TxMeta { len: len as u32, stream: self.index, departure });
                n += 1;
            }
            return n;
        };
        let SizeGen::Fixed(size) = self.sizes else { return 0 };
        let unpaced = self.pacer.ns_per_unit() == 0.0;
        let mut departures = [Nanos::ZERO; RUN];
        while self.phase == Phase::Active && self.next_due < limit {
            let free = batch.slots() - batch.filled();
            let want = (max - n as u64).min(self.left_in_burst).min(free as u64).min(RUN as u64) as usize;
            if want == 0 {
                break;
            }
            let count = if unpaced {
                // Every departure is the anchor; only the reanchoring count moves.
                departures[..want].fill(self.next_due);
                self.pacer.sent_unpaced(want as u64, size);
                want
            } else {
                let mut c = 0;
                while c < want && self.next_due < limit {
                    departures[c] = self.next_due;
                    self.pacer.sent(size);
                    self.next_due = self.pacer.departure();
                    c += 1;
                }
                c
            };
            self.fields.plan_run(count);
            // Frames of up to 64 bytes are written as 64-byte blocks (the slot is at
            // least that long): no memcpy call, no bounds check per store.
            let block = len <= 64 && batch.capacity() >= 64 && self.template.bytes_padded() >= 64;
            let blocks =
                block && fill_blocks(batch, &self.template, &self.fields, &departures[..count], len, self.index);
            if !blocks {
                for (i, &departure) in departures[..count].iter().enumerate() {
                    let Some(slot) = batch.slot() else { break };
                    self.template.write_prefix(slot, len);
                    self.fields.write_planned(&mut slot[..len], i);
                    batch.commit(TxMeta { len: len as u32, stream: self.index, departure });
                }
            }
            n += count;
            self.counters.opackets += count as u64;
            self.counters.obytes += (count * len) as u64;
            if self.left_in_burst != u64::MAX {
                self.left_in_burst -= count as u64;
                if self.left_in_burst == 0 {
                    self.end_burst();
                }
            }
        }
        n
    }

    fn end_burst(&mut self) {
        match self.mode {
            Mode::MultiBurst { packets, ibg, .. } if self.bursts_left > 0 => {
                if self.bursts_left != u64::MAX {
                    self.bursts_left -= 1;
                }
                self.left_in_burst = packets;
                let next = self.next_due + ibg;
                self.pacer.reanchor(next);
                self.next_due = next;
            }
            _ => self.phase = Phase::Done,
        }
    }

    /// Sets the Unix time (ns) of departure zero, for clock variables.
    pub fn set_time_base(&mut self, unix_ns: u64) {
        self.fields.set_time_base(unix_ns);
    }

    /// Changes the rate (in the pacer's unit per second).
    pub fn set_rate(&mut self, per_second: f64) {
        self.pacer.set_rate(per_second);
        self.next_due = self.pacer.departure();
    }

    /// Moves the next due time to `at` (after a pause or a stall).
    pub fn reanchor(&mut self, at: Nanos) {
        self.pacer.reanchor(at);
        self.next_due = at;
    }

    /// The pacer, for inspection.
    pub fn pacer(&self) -> &Pacer {
        &self.pacer
    }

    /// Largest frame this stream writes (FCS excluded).
    pub fn max_len(&self) -> usize {
        self.sizes.max_size() as usize - riptide_core::units::FCS_LEN
    }
}

/// Writes a planned run of frames of at most 64 bytes as 64-byte blocks with the block
/// writer that fits the program's stores (one loop per shape, stores unrolled); false,
/// writing nothing, when no writer fits.
#[inline(always)]
fn fill_blocks(
    batch: &mut TxBatch<'_>,
    template: &Template,
    fields: &FieldEngine,
    departures: &[Nanos],
    len: usize,
    stream: u32,
) -> bool {
    fn run<const N2: usize, const N4: usize>(
        batch: &mut TxBatch<'_>,
        template: &Template,
        fields: &FieldEngine,
        departures: &[Nanos],
        len: usize,
        stream: u32,
    ) -> bool {
        let Some(w) = fields.block_writer::<N2, N4>() else { return false };
        let n = batch.fill_blocks(departures, len as u32, stream, |b, i| {
            template.write_block(b);
            w.write(b, i);
        });
        debug_assert_eq!(n, departures.len(), "the run was sized to the free slots");
        true
    }
    macro_rules! shapes {
        ($($n2:literal $n4:literal),*) => {
            match fields.store_counts() {
                $(Some(($n2, $n4)) => run::<$n2, $n4>(batch, template, fields, departures, len, stream),)*
                _ => false,
            }
        };
    }
    // Up to four 2-byte stores (ports, IPv4 and L4 checksums, VLAN) and two 4-byte ones
    // (addresses): what a generator's usual programs write.
    shapes!(0 0, 1 0, 2 0, 3 0, 4 0, 0 1, 1 1, 2 1, 3 1, 4 1, 0 2, 1 2, 2 2, 3 2, 4 2)
}
