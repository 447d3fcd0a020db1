//! PLRsearch (FD.io CSIT's soak search): the critical load at which a DUT loses a target
//! ratio of frames over a long run, estimated from many short trials by Bayesian
//! inference, with the spread of its posterior as the interval.
//!
//! Each trial runs at one load, each a step longer than the last. While a trial runs,
//! the trials before it are integrated under two models of loss against load
//! ([`Fit::Stretch`], [`Fit::Erf`]); their posteriors of ln(critical load) combine as an
//! equal mixture into the [`Estimate`], and the next load is chosen from it (pulled up
//! while trials lose less than the target). Ported from CSIT's `PLRsearch.py` (Copyright
//! Cisco and/or its affiliates, Apache-2.0); docs/research/plrsearch/plrsearch.md has
//! what its code computes, where its docs differ, and the vectors this port is tested
//! against.
//!
//! Sans I/O: [`Search`] says what to run next and takes each trial with the two
//! posteriors integrated while it ran; the caller runs trials and integrations.

pub mod integrator;
pub mod model;

pub use integrator::{Focus, Points, Posterior, Problem, Sampler};
pub use model::{Fit, Observed};

use crate::{SearchError, Trial};
use serde::Serialize;

/// A PLRsearch's parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// Loads' lower limit (frames/s).
    pub min_load: f64,
    /// Loads' upper limit (frames/s).
    pub max_load: f64,
    /// Target loss ratio (CSIT's soak: 1e-7).
    pub target: f64,
    /// Trial `k` (from 1) lasts `step * (offset + k)` seconds (CSIT: 0.1 s, 50: 5.1 s,
    /// 5.2 s, ...).
    pub step: f64,
    /// See `step`.
    pub offset: u64,
}

impl Config {
    /// CSIT's soak search between two loads.
    pub fn csit(min_load: f64, max_load: f64) -> Config {
        Config { min_load, max_load, target: 1e-7, step: 0.1, offset: 50 }
    }

    fn check(&self) -> Result<(), SearchError> {
        if !(self.min_load > 0.0 && self.min_load < self.max_load && self.max_load.is_finite()) {
            return Err(SearchError::Loads { min: self.min_load, max: self.max_load });
        }
        if !(self.target > 0.0 && self.target < 1.0) {
            return Err(SearchError::Goal {
                goal: "plr".into(),
                field: "target loss ratio",
                expected: "between 0 and 1",
                value: self.target,
            });
        }
        if !(self.step > 0.0 && self.step.is_finite()) {
            return Err(SearchError::Goal {
                goal: "plr".into(),
                field: "trial step",
                expected: "a positive duration",
                value: self.step,
            });
        }
        Ok(())
    }
}

/// The critical load as the posteriors put it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Estimate {
    /// The middle of the interval (frames/s): `(lower + upper) / 2`, CSIT's average.
    pub load: f64,
    /// Half the interval's width (CSIT's stdev).
    pub stdev: f64,
    /// `exp(mean - sd)` of the mixture of the two posteriors of ln(critical load).
    pub lower: f64,
    /// `exp(mean + sd)`.
    pub upper: f64,
    /// `exp(mean - 2 sd)`: the interval riptide states (about 95% of a normal posterior;
    /// CSIT reports the one-sd interval, which misses the load a third of the time even
    /// where the posterior is right).
    pub lower_2sd: f64,
    /// `exp(mean + 2 sd)`.
    pub upper_2sd: f64,
    /// exp(posterior mean) under the stretch fit.
    pub stretch: f64,
    /// exp(posterior mean) under the erf fit.
    pub erf: f64,
}

impl Estimate {
    /// The two fits' posteriors combined as an equal mixture (CSIT's `_get_result`).
    pub fn combine(stretch: &Posterior, erf: &Posterior) -> Estimate {
        let (s, e) = (stretch.mean(), erf.mean());
        let avg = (s + e) / 2.0;
        let var =
            (stretch.value.pessimistic_variance() + erf.value.pessimistic_variance()) / 2.0 + (s - e) * (s - e) / 4.0;
        let sd = var.sqrt();
        let (lower, upper) = ((avg - sd).exp(), (avg + sd).exp());
        let load = (lower + upper) / 2.0;
        Estimate {
            load,
            stdev: load - lower,
            lower,
            upper,
            lower_2sd: (avg - 2.0 * sd).exp(),
            upper_2sd: (avg + 2.0 * sd).exp(),
            stretch: s.exp(),
            erf: e.exp(),
        }
    }
}

/// The next trial to run.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Next {
    /// 1-based.
    pub number: u64,
    /// Its duration (s).
    pub duration: f64,
    /// Its load (frames/s).
    pub load: f64,
}

/// The search's state between trials.
#[derive(Clone, Debug)]
pub struct Search {
    config: Config,
    trials: Vec<Observed>,
    next: Next,
    focus: [Focus; 2],
    lossy_loads: Vec<f64>,
    zeros: u32,
}

impl Search {
    /// A search that starts in the middle of the loads.
    pub fn new(config: Config) -> Result<Search, SearchError> {
        config.check()?;
        let next = Next {
            number: 1,
            duration: config.step * (config.offset + 1) as f64,
            load: (config.min_load + config.max_load) / 2.0,
        };
        Ok(Search {
            config,
            trials: vec![],
            next,
            focus: [Focus::default(); 2],
            lossy_loads: vec![config.max_load],
            zeros: 0,
        })
    }

    /// The trial to run now.
    pub fn next(&self) -> Next {
        self.next
    }

    /// The integrations to run while it does: one per fit, over the trials before it,
    /// each with the focus the last one left.
    pub fn problems(&self) -> [(Problem, Focus); 2] {
        Fit::BOTH.map(|fit| {
            let i = fit as usize;
            let p = Problem {
                fit,
                trials: self.trials.clone(),
                min_load: self.config.min_load,
                max_load: self.config.max_load,
                target: self.config.target,
            };
            (p, self.focus[i])
        })
    }

    /// Takes the trial just run (at [`Search::next`]) and the two posteriors integrated
    /// while it ran (stretch, erf); returns their estimate (which does not know this
    /// trial yet, as CSIT's) and picks the next trial.
    pub fn record(&mut self, trial: &Trial, posteriors: [&Posterior; 2]) -> Estimate {
        let estimate = Estimate::combine(posteriors[0], posteriors[1]);
        self.focus = [posteriors[0].focus, posteriors[1].focus];
        let c = self.config;
        let observed = Observed::of(trial);
        self.zeros += 1;
        if observed.loss_count as f64 >= trial.intended_count as f64 * c.target {
            let copies = 4 * self.zeros as usize;
            self.lossy_loads.extend(std::iter::repeat_n(trial.intended_load, copies));
            self.lossy_loads.sort_by(f64::total_cmp);
            self.zeros = 0;
        }
        self.trials.push(observed);
        let k = self.next.number;
        let mut load = if k <= 1 {
            c.max_load
        } else if k <= 3 {
            trial.relative_forwarding_rate() / (1.0 - c.target)
        } else {
            let mut load = (estimate.stretch + estimate.erf) / 2.0;
            if self.zeros > 0 {
                if self.lossy_loads[0] > load {
                    let diminisher = 2.0f64.powf(1.0 - self.zeros as f64);
                    load = (self.lossy_loads[0] + diminisher * load) / (1.0 + diminisher);
                }
                if self.lossy_loads.len() > 3 {
                    self.lossy_loads.drain(..3);
                }
            }
            load
        };
        load = load.max(c.min_load).min(c.max_load);
        let number = k + 1;
        self.next = Next { number, duration: c.step * (c.offset + number) as f64, load };
        estimate
    }

    /// The trials so far, as the likelihood sees them.
    pub fn observed(&self) -> &[Observed] {
        &self.trials
    }
}

#[cfg(test)]
mod tests;
