//! Simulated DUTs: measurers with a known answer, for tests and dry runs.

use crate::{Measurer, Trial};
use std::convert::Infallible;

/// A DUT that forwards up to `capacity` frames/s and drops the rest, and loses
/// `loss_ratio` of what it forwards (every trial alike: no randomness).
#[derive(Clone, Debug)]
pub struct Capacity {
    /// Frames/s it forwards.
    pub capacity: f64,
    /// Share of forwarded frames lost anyway.
    pub loss_ratio: f64,
    /// Every trial measured, in order.
    pub trials: Vec<Trial>,
}

impl Capacity {
    /// A DUT forwarding exactly `capacity` frames/s.
    pub fn new(capacity: f64) -> Self {
        Capacity { capacity, loss_ratio: 0.0, trials: vec![] }
    }
}

impl Measurer for Capacity {
    type Error = Infallible;

    fn measure(&mut self, duration: f64, load: f64) -> Result<Trial, Infallible> {
        // Counts as python/tests/test_ndr.py's measurer computes them, so that both
        // searches see the same trials.
        let offered = (load * duration).floor() as u64;
        let through = offered.min((self.capacity * duration).floor() as u64);
        let forwarded = through - ((through as f64) * self.loss_ratio).ceil() as u64;
        let t = Trial {
            intended_load: load,
            intended_duration: duration,
            intended_count: offered,
            offered_count: offered,
            forwarded_count: forwarded,
            duration_with_overheads: duration,
        };
        self.trials.push(t);
        Ok(t)
    }
}
