//! What the trials so far say about each load, per target (MLRsearch's `TargetStat`,
//! `LoadStats` and `MeasurementDatabase`).

use crate::goal::Target;
use crate::rounding::{Load, Rounding};
use crate::Trial;
use std::collections::BTreeMap;

/// One load's trials as one target sees them: seconds of trials that passed or failed
/// its loss ratio, long (at least its trial duration) or short.
#[derive(Clone, Debug, Default)]
pub(crate) struct TargetStat {
    good_long: f64,
    bad_long: f64,
    good_short: f64,
    bad_short: f64,
    /// Seconds of long trials per loss ratio, ascending.
    long_losses: Vec<(f64, f64)>,
}

impl TargetStat {
    fn add(&mut self, t: &Target, trial: &Trial) {
        let (dwo, lr) = (trial.duration_with_overheads, trial.loss_ratio());
        if trial.intended_duration >= t.trial_duration {
            match self.long_losses.binary_search_by(|(r, _)| r.total_cmp(&lr)) {
                Ok(i) => self.long_losses[i].1 += dwo,
                Err(i) => self.long_losses.insert(i, (lr, dwo)),
            }
            if lr > t.loss_ratio {
                self.bad_long += dwo;
            } else {
                self.good_long += dwo;
            }
        } else if lr > t.loss_ratio {
            self.bad_short += dwo;
        } else {
            self.good_short += dwo;
        }
    }

    /// (optimistic, pessimistic): whether the load would be a lower bound if every
    /// missing trial passed, and if every missing trial failed. Equal: decided.
    pub(crate) fn estimates(&self, t: &Target) -> (bool, bool) {
        let coeff = t.exceed_ratio;
        let decrease = self.good_short * coeff / (1.0 - coeff);
        let short_excess = self.bad_short - decrease;
        let effective_excess = self.bad_long + short_excess.max(0.0);
        let effective_dursum = (self.good_long + effective_excess).max(t.duration_sum);
        let limit_dursum = effective_dursum * t.exceed_ratio;
        (effective_excess <= limit_dursum, effective_dursum - self.good_long <= limit_dursum)
    }

    /// The loss ratio of the long trial at the exceed-ratio quantile, worst first
    /// excluded (the conditional throughput's loss).
    pub(crate) fn pessimistic_loss_ratio(&self, t: &Target) -> f64 {
        let all_long = t.duration_sum.max(self.good_long + self.bad_long);
        let mut remaining = all_long * (1.0 - t.exceed_ratio);
        let mut ret = None;
        for &(ratio, dursum) in &self.long_losses {
            if ret.is_none() || remaining > 0.0 {
                ret = Some(ratio);
                remaining -= dursum;
            } else {
                return ratio_or_one(ret);
            }
        }
        if remaining > 0.0 {
            return 1.0;
        }
        ratio_or_one(ret)
    }
}

fn ratio_or_one(r: Option<f64>) -> f64 {
    r.unwrap_or(1.0)
}

/// Every measured load (on the grid, by grid point) with its stats per target.
#[derive(Clone, Debug, Default)]
pub(crate) struct Database {
    loads: BTreeMap<i64, Vec<TargetStat>>,
}

/// The bounds a target's trials support so far: the highest load decided as a lower
/// bound below the lowest load decided as an upper bound, each with its stats.
#[derive(Clone, Debug, Default)]
pub(crate) struct Bounds {
    pub(crate) clo: Option<(Load, TargetStat)>,
    pub(crate) chi: Option<(Load, TargetStat)>,
}

impl Bounds {
    pub(crate) fn clo(&self) -> Option<Load> {
        self.clo.as_ref().map(|c| c.0)
    }
    pub(crate) fn chi(&self) -> Option<Load> {
        self.chi.as_ref().map(|c| c.0)
    }
}

impl Database {
    pub(crate) fn add(&mut self, targets: &[Target], load: Load, trial: &Trial) {
        let stats = self.loads.entry(load.int).or_insert_with(|| vec![TargetStat::default(); targets.len()]);
        for (s, t) in stats.iter_mut().zip(targets) {
            s.add(t, trial);
        }
    }

    pub(crate) fn bounds(&self, targets: &[Target], target: usize, rounding: &Rounding) -> Bounds {
        let mut b = Bounds::default();
        let t = &targets[target];
        for (&int, stats) in &self.loads {
            let (opt, pes) = stats[target].estimates(t);
            if opt != pes {
                continue;
            }
            let entry = Some((rounding.at(int), stats[target].clone()));
            if !opt {
                b.chi = entry;
                break;
            }
            b.clo = entry;
        }
        b
    }
}
