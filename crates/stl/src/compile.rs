//! Compiling a profile into streams, and cutting a stream into per-core shares.

use crate::field::FieldEngine;
use crate::pacer::{PaceUnit, Pacer};
use crate::size::SizeGen;
use crate::stream::{Mode, Stream, StreamParts};
use crate::tag::TagTx;
use crate::template::{FrameSummary, Template};
use riptide_core::units::L1_OVERHEAD;
use riptide_core::{BitsPerSec, Nanos, Rate};

/// A profile ready to run: every stream compiled and checked.
#[derive(Clone, Debug, Default)]
pub struct CompiledProfile {
    /// Streams in profile order; `index` is the position.
    pub streams: Vec<CompiledStream>,
}

/// One stream, compiled once and cut into shares per core at start.
#[derive(Clone, Debug)]
pub struct CompiledStream {
    /// Position in the profile.
    pub index: u32,
    /// Name (unique).
    pub name: String,
    /// Transmit port index.
    pub port: u16,
    /// Whether it is sent at all.
    pub enabled: bool,
    /// Starts with the run.
    pub self_start: bool,
    /// The packet template.
    pub template: Template,
    /// Frame sizes.
    pub sizes: SizeGen,
    /// Field program.
    pub fields: FieldEngine,
    /// Requested rate, before the run's multiplier.
    pub rate: Rate,
    /// The multiplier leaves the rate alone (latency probes).
    pub fixed_rate: bool,
    /// Transmit mode (whole-stream packet counts).
    pub mode: Mode,
    /// Start delay.
    pub isg: Nanos,
    /// Stream started when this one ends.
    pub next: Option<u32>,
    /// The chain stops at this stream's Nth end (TRex's `action_count`; 0: never).
    pub action_count: u32,
    /// The tag trailer of a `flow_stats` / `latency` stream.
    pub tag: Option<TagTx>,
    /// What its frame is: raw or from layers, its headers and checksums.
    pub frame: FrameSummary,
    /// Where it came from, as its translator said (`StreamSpec::source`).
    pub source: Option<String>,
}

/// `n` split over `cores`: core `k` gets its fair share, the first ones one more.
pub fn share_of(n: u64, core: usize, cores: usize) -> u64 {
    let cores = cores.max(1) as u64;
    let core = core as u64 % cores;
    n / cores + u64::from(core < n % cores)
}

impl CompiledStream {
    /// Mean frame size (FCS included).
    pub fn mean_size(&self) -> f64 {
        self.sizes.mean_size()
    }

    /// Requested packet rate at multiplier `factor` on a port of `line_rate`.
    pub fn requested_pps(&self, factor: f64, line_rate: BitsPerSec) -> f64 {
        self.rate.to_pps(self.mean_size(), line_rate).0 * self.factor(factor)
    }

    /// The run's multiplier as it applies to this stream (1 for a fixed rate).
    fn factor(&self, factor: f64) -> f64 {
        if self.fixed_rate {
            1.0
        } else {
            factor
        }
    }

    /// Requested L1 and L2 bit rates.
    pub fn requested_bps(&self, factor: f64, line_rate: BitsPerSec) -> (f64, f64) {
        let pps = self.requested_pps(factor, line_rate);
        let m = self.mean_size();
        (pps * (m + L1_OVERHEAD as f64) * 8.0, pps * m * 8.0)
    }

    /// The pacer unit and units per second of the whole stream at `factor`.
    fn pace(&self, factor: f64, line_rate: BitsPerSec) -> (PaceUnit, f64) {
        let factor = self.factor(factor);
        match self.rate {
            Rate::Pps(v) => (PaceUnit::Packet, v * factor),
            Rate::BpsL1(v) => (PaceUnit::BitL1, v * factor),
            Rate::BpsL2(v) => (PaceUnit::BitL2, v * factor),
            Rate::Percent(p) => (PaceUnit::BitL1, line_rate.0 * p / 100.0 * factor),
        }
    }

    /// Units per second for one of `cores` shares, for live rate updates.
    pub fn share_rate(&self, cores: usize, factor: f64, line_rate: BitsPerSec) -> f64 {
        self.pace(factor, line_rate).1 / cores.max(1) as f64
    }

    /// Core `core`'s share of `cores`: a fraction of the rate and of every packet
    /// count, its own part of every variable's range, and a start offset so the
    /// shares interleave evenly. `unpaced` ignores the rate (benchmarks).
    pub fn share(&self, core: usize, cores: usize, factor: f64, line_rate: BitsPerSec, unpaced: bool) -> Stream {
        self.share_among(core, cores, (core, cores), factor, line_rate, unpaced)
    }

    /// Share `core` of `cores` of the whole stream, where those shares are spread over
    /// several generators (a segmented run: `cores` counts every generator's workers),
    /// and `local` is the worker's place among this generator's own: its tagged frames'
    /// sequence numbers interleave with its own workers' only, so that its receiving
    /// ports see an unbroken sequence.
    pub fn share_among(
        &self,
        core: usize,
        cores: usize,
        local: (usize, usize),
        factor: f64,
        line_rate: BitsPerSec,
        unpaced: bool,
    ) -> Stream {
        let cores = cores.max(1);
        let (unit, total) = self.pace(factor, line_rate);
        let per_core = if unpaced { 0.0 } else { total / cores as f64 };
        // Shares interleave: core k starts k "slots" of the whole stream later.
        let unit_per_packet = match unit {
            PaceUnit::Packet => 1.0,
            PaceUnit::BitL1 => (self.mean_size() + L1_OVERHEAD as f64) * 8.0,
            PaceUnit::BitL2 => self.mean_size() * 8.0,
        };
        let phase = if per_core > 0.0 && total > 0.0 {
            Nanos((core as f64 * unit_per_packet * 1e9 / total) as u64)
        } else {
            Nanos::ZERO
        };
        let mode = match self.mode {
            Mode::Continuous => Mode::Continuous,
            Mode::Burst { packets } => Mode::Burst { packets: share_of(packets, core, cores) },
            Mode::MultiBurst { packets, bursts, ibg } => {
                Mode::MultiBurst { packets: share_of(packets, core, cores), bursts, ibg }
            }
        };
        let mut sizes = self.sizes.clone();
        sizes.split(core, cores);
        let mut fields = self.fields.clone();
        fields.split(core, cores);
        Stream::new(StreamParts {
            index: self.index,
            template: self.template.clone(),
            sizes,
            fields,
            pacer: Pacer::new(Nanos::ZERO, per_core, unit),
            mode,
            isg: self.isg + phase,
            self_start: self.self_start,
            next: self.next,
            action_count: self.action_count,
            tag: self.tag.clone().map(|t| TagTx { seq: local.0 as u64, stride: local.1.max(1) as u64, ..t }),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::share_of;

    #[test]
    fn shares_add_up() {
        for n in [0u64, 1, 5, 100, 1_000_001] {
            for cores in 1..6 {
                let s: u64 = (0..cores).map(|k| share_of(n, k, cores)).sum();
                assert_eq!(s, n);
            }
        }
    }
}
