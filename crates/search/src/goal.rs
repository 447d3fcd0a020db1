//! Search goals and the targets derived from them.
//!
//! A goal (MLRsearch's `SearchGoal`) asks for the highest load whose trials lose at most
//! `loss_ratio` of their frames, where up to `exceed_ratio` of the trial time may exceed
//! that ratio, once `duration_sum` seconds of `final_trial_duration` trials decide it, to
//! a relative width. Each goal becomes a chain of targets: the final one and
//! `preceding_targets` cheaper ones (shorter duration sums, twice the width each) that
//! find a good interval first.

use crate::rounding::Rounding;
use crate::SearchError;
use serde::{Deserialize, Serialize};

/// What one search goal asks for (defaults: MLRsearch's and CSIT's).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Goal {
    /// The goal's name in reports (`ndr`, `pdr`).
    pub name: String,
    /// Loss ratio a trial may have and still pass, in [0, 1).
    pub loss_ratio: f64,
    /// Share of trial time that may exceed `loss_ratio` at a lower bound, in [0, 1).
    pub exceed_ratio: f64,
    /// Final relative width of the interval between bounds, in (0, 1).
    pub relative_width: f64,
    /// Trial duration of the first, cheapest target (s).
    pub initial_trial_duration: f64,
    /// Trial duration at the final target (s).
    pub final_trial_duration: f64,
    /// Seconds of final trials that decide whether a load is a bound.
    pub duration_sum: f64,
    /// Cheaper targets before the final one.
    pub preceding_targets: u32,
    /// How much an interval grows each time it must be extended.
    pub expansion_coefficient: u32,
    /// Whether the search ends with an error when the minimum load fails this goal
    /// (otherwise the goal is reported as not found).
    pub fail_fast: bool,
}

impl Goal {
    /// A goal of loss ratio `loss_ratio` with MLRsearch's other defaults (exceed ratio
    /// 0.5, width 0.5%, 1 s trials, 21 s duration sum, 2 preceding targets, expansion 2).
    pub fn new(name: &str, loss_ratio: f64) -> Self {
        Goal {
            name: name.into(),
            loss_ratio,
            exceed_ratio: 0.5,
            relative_width: 0.005,
            initial_trial_duration: 1.0,
            final_trial_duration: 1.0,
            duration_sum: 21.0,
            preceding_targets: 2,
            expansion_coefficient: 2,
            fail_fast: false,
        }
    }

    /// Checks the goal; the error names the field and what was expected.
    pub fn validate(&self) -> Result<(), SearchError> {
        let bad = |field: &'static str, expected: &'static str, value: f64| {
            Err(SearchError::Goal { goal: self.name.clone(), field, expected, value })
        };
        let in_unit = |v: f64| (0.0..1.0).contains(&v);
        if !in_unit(self.loss_ratio) {
            return bad("loss_ratio", "a loss ratio in [0, 1)", self.loss_ratio);
        }
        if !in_unit(self.exceed_ratio) {
            return bad("exceed_ratio", "a ratio in [0, 1)", self.exceed_ratio);
        }
        if !(self.relative_width > 0.0 && self.relative_width < 1.0) {
            return bad("relative_width", "a width in (0, 1)", self.relative_width);
        }
        if !(self.initial_trial_duration > 0.0 && self.initial_trial_duration.is_finite()) {
            return bad("initial_trial_duration", "a positive duration", self.initial_trial_duration);
        }
        if !(self.final_trial_duration >= self.initial_trial_duration && self.final_trial_duration.is_finite()) {
            return bad("final_trial_duration", "at least the initial trial duration", self.final_trial_duration);
        }
        if !(self.duration_sum >= self.final_trial_duration && self.duration_sum.is_finite()) {
            return bad("duration_sum", "at least the final trial duration", self.duration_sum);
        }
        if self.expansion_coefficient <= 1 {
            return bad("expansion_coefficient", "more than 1", f64::from(self.expansion_coefficient));
        }
        if self.preceding_targets == 0 && self.initial_trial_duration < self.duration_sum {
            return bad("preceding_targets", "at least 1 when trials are shorter than the duration sum", 0.0);
        }
        Ok(())
    }
}

/// One target of a goal's chain (MLRsearch's `TargetSpec`), widths in grid steps.
#[derive(Clone, Debug)]
pub(crate) struct Target {
    pub(crate) loss_ratio: f64,
    pub(crate) exceed_ratio: f64,
    pub(crate) width: i64,
    pub(crate) trial_duration: f64,
    pub(crate) duration_sum: f64,
    pub(crate) expansion: i64,
    pub(crate) fail_fast: bool,
    /// The target searched before this one (index into the target list).
    pub(crate) preceding: Option<usize>,
}

/// Every goal's chain of targets, and for each goal the index of its final target.
/// Targets are listed goal by goal, each chain from the first (cheapest) to the final.
pub(crate) fn targets(goals: &[Goal], rounding: &Rounding) -> (Vec<Target>, Vec<usize>) {
    let mut all = vec![];
    let mut finals = vec![];
    for goal in goals {
        let mut width = rounding.width(goal.relative_width);
        let mut standalone = vec![Target {
            loss_ratio: goal.loss_ratio,
            exceed_ratio: goal.exceed_ratio,
            width,
            trial_duration: goal.final_trial_duration,
            duration_sum: goal.duration_sum,
            expansion: i64::from(goal.expansion_coefficient),
            fail_fast: goal.fail_fast,
            preceding: None,
        }];
        let n = goal.preceding_targets;
        let multiplier =
            if n > 0 { (goal.initial_trial_duration / goal.duration_sum).powf(1.0 / f64::from(n)) } else { 1.0 };
        for count in 0..n {
            let mut sum = goal.duration_sum * multiplier.powf(f64::from(count + 1));
            if count + 1 >= n {
                sum = goal.initial_trial_duration;
            }
            width *= 2;
            standalone.push(Target {
                loss_ratio: goal.loss_ratio,
                exceed_ratio: goal.exceed_ratio,
                width,
                trial_duration: goal.final_trial_duration.min(sum),
                duration_sum: sum,
                expansion: i64::from(goal.expansion_coefficient),
                fail_fast: false,
                preceding: None,
            });
        }
        let mut preceding = None;
        for mut t in standalone.into_iter().rev() {
            t.preceding = preceding;
            all.push(t);
            preceding = Some(all.len() - 1);
        }
        finals.push(all.len() - 1);
    }
    (all, finals)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csit_goal_chain() {
        let r = Rounding::new(9001.0, 14.88e6, &[0.005]).unwrap();
        let (t, finals) = targets(&[Goal::new("ndr", 0.0), Goal::new("pdr", 0.005)], &r);
        assert_eq!(t.len(), 6);
        assert_eq!(finals, vec![2, 5]);
        // First target of a chain: 1 s sum, four times the final width.
        assert_eq!(t[0].duration_sum, 1.0);
        assert_eq!(t[0].width, 4 * t[2].width);
        assert!((t[1].duration_sum - 21f64.sqrt()).abs() < 1e-9);
        assert_eq!((t[2].duration_sum, t[2].preceding, t[0].preceding), (21.0, Some(1), None));
    }

    #[test]
    fn bad_goals_name_the_field() {
        let mut g = Goal::new("pdr", 1.0);
        assert!(g.validate().unwrap_err().to_string().contains("loss_ratio"));
        g.loss_ratio = 0.005;
        g.relative_width = 0.0;
        assert!(g.validate().unwrap_err().to_string().contains("relative_width"));
    }
}
