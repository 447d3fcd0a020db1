//! Congestion control behind one interface (quinn's `Controller` shape): what differs
//! between algorithms is how the window grows in congestion avoidance and how far it
//! falls at a congestion event. Slow start, fast retransmit and recovery (RFC 5681,
//! 6582, 6675) and the window's use stay in the connection, shared.
//!
//! - [`NewReno`] (RFC 5681): one segment per round trip; half the flight at a loss.
//! - [`Cubic`] (RFC 9438): the window follows `W_cubic(t) = C (t - K)^3 + W_max` from the
//!   last congestion event, never below the Reno-friendly estimate; `β` 0.7, fast
//!   convergence. TRex's `tcp.cc_algo: 1` (FreeBSD's cc_cubic).

use serde::{Deserialize, Serialize};

/// The algorithm a connection runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CcAlgo {
    /// RFC 5681/6582 (TRex's `cc_algo: 0`).
    #[default]
    NewReno,
    /// RFC 9438 (TRex's `cc_algo: 1`).
    Cubic,
}

/// One algorithm's decisions, in bytes.
pub trait Controller {
    /// The window after `acked` new bytes were acknowledged at `now` in congestion
    /// avoidance (the window at or above the slow-start threshold, outside recovery);
    /// `srtt_ns`: the smoothed round-trip time.
    fn on_ack(&mut self, now: u64, cwnd: u32, acked: u32, mss: u32, srtt_ns: u64) -> u32;

    /// A congestion event at `now` (fast retransmit, or a retransmission timeout) with
    /// window `cwnd` and `flight` bytes out: the new slow-start threshold.
    fn on_congestion(&mut self, now: u64, cwnd: u32, flight: u32, mss: u32) -> u32;
}

/// RFC 5681's congestion avoidance: a segment per window's worth of ACKs (an MSS²/cwnd
/// share per ACK, as BSD); half the flight at a loss, at least two segments.
#[derive(Clone, Copy, Debug, Default)]
pub struct NewReno;

impl Controller for NewReno {
    fn on_ack(&mut self, _now: u64, cwnd: u32, _acked: u32, mss: u32, _srtt_ns: u64) -> u32 {
        cwnd.saturating_add((mss * mss / cwnd.max(1)).max(1))
    }

    fn on_congestion(&mut self, _now: u64, _cwnd: u32, flight: u32, mss: u32) -> u32 {
        (flight / 2).max(2 * mss)
    }
}

/// RFC 9438's constant C (segments per second cubed).
pub const CUBIC_C: f64 = 0.4;
/// RFC 9438's multiplicative decrease factor.
pub const CUBIC_BETA: f64 = 0.7;
/// RFC 9438's additive increase of the Reno-friendly estimate, 3(1 - β)/(1 + β).
const CUBIC_ALPHA: f64 = 3.0 * (1.0 - CUBIC_BETA) / (1.0 + CUBIC_BETA);

/// RFC 9438's state, in segments and seconds. Kept in the connection's boxed extras, made
/// at its first congestion avoidance or loss (a short connection never has one).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Cubic {
    /// The window before the last reduction (0: no congestion event yet).
    w_max: f64,
    /// When the window reaches `w_max` again, from the epoch's start.
    k: f64,
    /// The epoch's start, ns (0: none: the next ACK in avoidance starts one).
    epoch: u64,
    /// The Reno-friendly estimate.
    w_est: f64,
}

impl Cubic {
    /// `W_cubic(t)` (segments) `t` seconds into the epoch.
    pub fn w_cubic(&self, t: f64) -> f64 {
        CUBIC_C * (t - self.k).powi(3) + self.w_max
    }

    /// The window before the last reduction, segments.
    pub fn w_max(&self) -> f64 {
        self.w_max
    }

    /// K, seconds.
    pub fn k(&self) -> f64 {
        self.k
    }

    /// The epoch's start, ns (0: none).
    pub fn epoch(&self) -> u64 {
        self.epoch
    }
}

impl Controller for Cubic {
    fn on_ack(&mut self, now: u64, cwnd: u32, acked: u32, mss: u32, srtt_ns: u64) -> u32 {
        let seg = f64::from(mss.max(1));
        let cw = f64::from(cwnd) / seg;
        if self.epoch == 0 {
            // A new epoch (RFC 9438 §4.2): K from the window before the reduction; without
            // one yet, the curve starts at its plateau here.
            self.epoch = now.max(1);
            if self.w_max <= cw {
                self.w_max = cw;
                self.k = 0.0;
            } else {
                self.k = ((self.w_max - cw) / CUBIC_C).cbrt();
            }
            self.w_est = cw;
        }
        let t = now.saturating_sub(self.epoch) as f64 / 1e9;
        let rtt = srtt_ns as f64 / 1e9;
        let acked_segs = f64::from(acked) / seg;
        // §4.3: the Reno-friendly estimate grows α segments per window acknowledged.
        self.w_est += CUBIC_ALPHA * acked_segs / cw;
        let next = if self.w_cubic(t) < self.w_est {
            self.w_est
        } else {
            // §4.4/4.5: a round trip ahead, at most half the window more.
            let target = self.w_cubic(t + rtt).clamp(cw, 1.5 * cw);
            cw + (target - cw) * acked_segs / cw
        };
        let bytes = (next * seg).min(f64::from(u32::MAX - 1)) as u32;
        bytes.max(cwnd)
    }

    fn on_congestion(&mut self, _now: u64, cwnd: u32, _flight: u32, mss: u32) -> u32 {
        let seg = f64::from(mss.max(1));
        let cw = f64::from(cwnd) / seg;
        // §4.7 fast convergence: a window below the last maximum gives up more.
        self.w_max = if cw < self.w_max { cw * (1.0 + CUBIC_BETA) / 2.0 } else { cw };
        self.epoch = 0;
        // §4.6: ssthresh = cwnd × β, at least two segments.
        ((cw * CUBIC_BETA).max(2.0) * seg) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cubic_reaches_its_last_maximum_at_k_and_reno_halves() {
        let mss = 1000;
        let mut c = Cubic::default();
        // A loss at 100 segments: ssthresh 70; the epoch starts at 70 segments.
        assert_eq!(c.on_congestion(0, 100 * mss, 100 * mss, mss), 70 * mss);
        let w = c.on_ack(1_000_000_000, 70 * mss, mss, mss, 1_000_000);
        assert!(w >= 70 * mss);
        // K = cbrt(100 × 0.3 / 0.4) = cbrt(75) s.
        assert!((c.k() - 75f64.cbrt()).abs() < 1e-9, "{}", c.k());
        assert!((c.w_cubic(c.k()) - 100.0).abs() < 1e-9);
        // Fast convergence: a second loss below the maximum remembers less.
        c.on_congestion(0, 80 * mss, 80 * mss, mss);
        assert!((c.w_max() - 80.0 * 0.85).abs() < 1e-9);
        assert_eq!(NewReno.on_congestion(0, 100 * mss, 60 * mss, mss), 30 * mss);
        assert_eq!(NewReno.on_ack(0, 100 * mss, mss, mss, 0), 100 * mss + 10);
    }
}
