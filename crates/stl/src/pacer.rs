//! Pacing: when each packet of a stream departs.
//!
//! Departures are computed from the cumulative work sent since an anchor, never
//! by adding intervals one by one, so rounding never accumulates:
//! `departure = anchor + units_sent * ns_per_unit`, where a unit is a packet
//! (pps rates) or a bit (L1 or L2 bit rates, so mixed frame sizes keep the bit
//! rate exact). A rate of zero nanoseconds per unit means "as fast as possible".
//!
//! The pacer only answers "when is the next packet due"; the caller decides what
//! to do when it is late (see [`crate::set::StreamSet::fill`] for the catch-up policy).

use riptide_core::units::{FCS_LEN, L1_OVERHEAD};
use riptide_core::Nanos;

/// What one unit of the rate is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PaceUnit {
    /// One packet.
    Packet,
    /// One bit of the frame on the wire, with preamble, SFD and IFG (frame + 20 B).
    BitL1,
    /// One bit of the frame, FCS included.
    BitL2,
}

/// A departure schedule.
#[derive(Clone, Debug)]
pub struct Pacer {
    anchor: Nanos,
    units: u64,
    ns_per_unit: f64,
    unit: PaceUnit,
}

/// Above this many units since the anchor, the anchor moves forward so the f64
/// product stays exact to well under a nanosecond.
const REANCHOR_UNITS: u64 = 1 << 40;

impl Pacer {
    /// A schedule starting at `anchor` at `per_second` units per second
    /// (`f64::INFINITY` or zero means unpaced).
    pub fn new(anchor: Nanos, per_second: f64, unit: PaceUnit) -> Self {
        Pacer { anchor, units: 0, ns_per_unit: ns_per(per_second), unit }
    }

    /// When the next packet is due.
    #[inline]
    pub fn departure(&self) -> Nanos {
        // Through i64: one instruction, where f64 -> u64 takes a branch (the
        // product stays far below 2^63 thanks to re-anchoring).
        // Saturating: an absurdly low rate means "never", not a wrapped past.
        Nanos(self.anchor.0.saturating_add((self.units as f64 * self.ns_per_unit) as i64 as u64))
    }

    /// Records a packet of `frame_size` bytes (FCS included) as sent.
    #[inline]
    pub fn sent(&mut self, frame_size: u16) {
        self.units += match self.unit {
            PaceUnit::Packet => 1,
            PaceUnit::BitL1 => (frame_size as u64 + L1_OVERHEAD as u64) * 8,
            PaceUnit::BitL2 => frame_size as u64 * 8,
        };
        if self.units >= REANCHOR_UNITS {
            self.anchor = self.departure();
            self.units = 0;
        }
    }

    /// Records `packets` packets of `frame_size` bytes as sent on an unpaced schedule
    /// (every departure is the anchor), as as many calls of [`sent`](Self::sent) would.
    #[inline]
    pub fn sent_unpaced(&mut self, packets: u64, frame_size: u16) {
        debug_assert!(self.ns_per_unit == 0.0);
        let per = match self.unit {
            PaceUnit::Packet => 1,
            PaceUnit::BitL1 => (frame_size as u64 + L1_OVERHEAD as u64) * 8,
            PaceUnit::BitL2 => frame_size as u64 * 8,
        };
        self.units += packets * per;
        if self.units >= REANCHOR_UNITS {
            self.units = 0;
        }
    }

    /// Restarts the schedule: the next packet departs at `at`.
    pub fn reanchor(&mut self, at: Nanos) {
        self.anchor = at;
        self.units = 0;
    }

    /// Changes the rate from the next packet on, keeping its due time.
    pub fn set_rate(&mut self, per_second: f64) {
        self.reanchor(self.departure());
        self.ns_per_unit = ns_per(per_second);
    }

    /// Nanoseconds per unit (zero when unpaced).
    pub fn ns_per_unit(&self) -> f64 {
        self.ns_per_unit
    }

    /// The unit of this schedule.
    pub fn unit(&self) -> PaceUnit {
        self.unit
    }
}

fn ns_per(per_second: f64) -> f64 {
    if per_second.is_finite() && per_second > 0.0 {
        1e9 / per_second
    } else {
        0.0
    }
}

/// Frame size in bytes as counted for rates: `len` written bytes plus the FCS.
pub fn frame_size(len: usize) -> u16 {
    (len + FCS_LEN) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pps_has_no_drift() {
        let mut p = Pacer::new(Nanos(1000), 3e6, PaceUnit::Packet);
        for _ in 0..3_000_000 {
            p.sent(64);
        }
        assert_eq!(p.departure(), Nanos(1000 + 1_000_000_000));
    }

    #[test]
    fn bit_rates_follow_sizes() {
        // 1 Gb/s L1, 64 B frames: 84 B * 8 = 672 ns each.
        let mut p = Pacer::new(Nanos(0), 1e9, PaceUnit::BitL1);
        p.sent(64);
        assert_eq!(p.departure(), Nanos(672));
        p.sent(1518);
        assert_eq!(p.departure(), Nanos(672 + 1538 * 8));
        let mut p = Pacer::new(Nanos(0), 1e9, PaceUnit::BitL2);
        p.sent(64);
        assert_eq!(p.departure(), Nanos(512));
    }

    #[test]
    fn rate_change_keeps_due_time() {
        let mut p = Pacer::new(Nanos(0), 1e6, PaceUnit::Packet);
        p.sent(64);
        p.sent(64);
        p.set_rate(2e6);
        assert_eq!(p.departure(), Nanos(2000));
        p.sent(64);
        assert_eq!(p.departure(), Nanos(2500));
        let u = Pacer::new(Nanos(5), 0.0, PaceUnit::Packet);
        assert_eq!(u.departure(), Nanos(5));
    }
}
