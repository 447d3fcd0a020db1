//! Throughput search: the highest load a device under test (DUT) forwards within a loss
//! ratio (NDR: none lost; PDR: at most 0.5%), found with as few trials as the method of
//! FD.io CSIT allows.
//!
//! The algorithm is MLRsearch's (the reference implementation of the IETF BMWG draft
//! "Multiple Loss Ratio Search", version 1.2.1 on PyPI), ported: several goals searched at
//! once, each trial's result counting for all of them; cheaper preceding targets (short
//! duration sums, wide intervals) before the final one; loads on a logarithmic grid so
//! widths are exact; external search that doubles its step, then bisection that prefers
//! power-of-two splits; a load decided only when `duration_sum` seconds of trials (or
//! fewer, once the outcome cannot change) say so, up to `exceed_ratio` of them allowed
//! to exceed the loss ratio. Its trial counts are tested against the Python package on
//! the same simulated DUTs (python/tests/test_ndr.py).
//!
//! Pure logic (no I/O, no clock): a [`Measurer`] runs the trials. [`sim`] has DUT models
//! for tests and for `riptide ndr --simulate`.

mod goal;
pub mod plr;
mod rounding;
mod search;
pub mod sim;
mod stats;
mod strategy;

pub use goal::Goal;
pub use rounding::Rounding;
pub use search::{search, Config, Failure, GoalResult, Measurer, Outcome};

use serde::{Deserialize, Serialize};

/// One trial's counts, as the measurer saw them.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Trial {
    /// Load asked for (frames/s).
    pub intended_load: f64,
    /// Duration asked for (s).
    pub intended_duration: f64,
    /// Frames the load and duration ask for.
    pub intended_count: u64,
    /// Frames the generator sent.
    pub offered_count: u64,
    /// Frames of the test that came back.
    pub forwarded_count: u64,
    /// What the trial cost (s): its duration with start, stop and drain.
    pub duration_with_overheads: f64,
}

impl Trial {
    /// Frames lost: sent and not received (duplicates received count as negative loss).
    pub fn loss_count(&self) -> i64 {
        self.offered_count as i64 - self.forwarded_count as i64
    }

    /// Frames asked for but not sent (a generator limit; counted as lost, as MLRsearch
    /// does).
    pub fn unsent_count(&self) -> i64 {
        self.intended_count as i64 - self.offered_count as i64
    }

    /// Lost and unsent frames over the frames asked for (or sent, if more).
    pub fn loss_ratio(&self) -> f64 {
        let overall = self.offered_count.max(self.intended_count);
        if overall == 0 {
            return 0.0;
        }
        (self.loss_count().unsigned_abs() + self.unsent_count().unsigned_abs()) as f64 / overall as f64
    }

    /// The intended load times one minus the loss ratio.
    pub fn relative_forwarding_rate(&self) -> f64 {
        self.intended_load * (1.0 - self.loss_ratio())
    }
}

/// Why a search cannot run or did not finish.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SearchError {
    /// A goal's field is out of range.
    #[error("goal {goal}: {field} is {value}, expected {expected}")]
    Goal {
        /// The goal's name.
        goal: String,
        /// The field.
        field: &'static str,
        /// What it must be.
        expected: &'static str,
        /// What it was.
        value: f64,
    },
    /// The load limits are not 0 < min < max < infinity.
    #[error("load limits {min} .. {max} frames/s: expected 0 < min load < max load")]
    Loads {
        /// Minimum load.
        min: f64,
        /// Maximum load.
        max: f64,
    },
    /// No goal was given.
    #[error("no search goal given")]
    NoGoals,
    /// The search ran longer than allowed.
    #[error("the search took more than {seconds} s of trials")]
    TooLong {
        /// The limit.
        seconds: f64,
    },
    /// A fail-fast goal failed even at the minimum load.
    #[error("the minimum load ({load} frames/s) fails a fail-fast goal")]
    NoLowerBound {
        /// The minimum load.
        load: f64,
    },
}
