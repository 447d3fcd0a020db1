//! The controller: initial trials, then selectors (one per goal) nominate loads and the
//! best nomination is measured, until no selector has one (MLRsearch's
//! `MultipleLossRatioSearch`).

use crate::goal::{targets, Goal, Target};
use crate::rounding::{Load, Rounding};
use crate::stats::{Bounds, Database};
use crate::strategy::{Ctx, Expander, Kind, Limits, KINDS};
use crate::{SearchError, Trial};
use serde::Serialize;

/// Runs trials: the search's only contact with the world.
pub trait Measurer {
    /// Why a trial could not be run.
    type Error;
    /// Runs one trial of `duration` seconds at `load` frames per second.
    fn measure(&mut self, duration: f64, load: f64) -> Result<Trial, Self::Error>;
}

/// Limits of a search.
#[derive(Clone, Debug)]
pub struct Config {
    /// Goals, searched at once.
    pub goals: Vec<Goal>,
    /// Lowest load to try (frames/s).
    pub min_load: f64,
    /// Highest load to try (frames/s).
    pub max_load: f64,
    /// A trial at the maximum load before the search, not counted (s; 0: none).
    pub warmup: f64,
    /// The search gives up after this many seconds of trials.
    pub max_duration: f64,
}

/// One goal's answer.
#[derive(Clone, Debug, Serialize)]
pub struct GoalResult {
    /// The goal's name.
    pub name: String,
    /// The highest load decided as passing below every load decided as failing
    /// (frames/s): the relevant lower bound. None: even the minimum load fails.
    pub lower_bound: Option<f64>,
    /// The lowest load decided as failing (frames/s). None: the maximum load passes.
    pub upper_bound: Option<f64>,
    /// The lower bound times one minus the loss ratio of its trials at the goal's exceed
    /// quantile: what the DUT forwarded there (frames/s).
    pub conditional_throughput: Option<f64>,
}

/// What a search found, and how it got there.
#[derive(Clone, Debug, Serialize)]
pub struct Outcome {
    /// Per goal, in the order given.
    pub goals: Vec<GoalResult>,
    /// Trials measured (the warm-up trial included).
    pub trials: usize,
    /// Seconds of trials (with their overheads).
    pub trial_seconds: f64,
}

/// A search failed: the measurer's error, or a limit.
#[derive(Debug)]
pub enum Failure<E> {
    /// The measurer could not run a trial.
    Measurer(E),
    /// The search itself stopped (time limit, no lower bound under fail-fast).
    Search(SearchError),
}

struct Selector {
    current: usize,
    /// Targets still to search after the current one, final last popped.
    stack: Vec<usize>,
    initial_lo: Option<Load>,
    initial_hi: Option<Load>,
    expander: Expander,
    strategies: [Kind; 6],
    current_strategy: Option<usize>,
}

impl Selector {
    fn new(targets: &[Target], final_target: usize, lo: Load, hi: Load) -> Self {
        let mut stack = vec![final_target];
        while let Some(p) = targets[*stack.last().unwrap_or(&final_target)].preceding {
            stack.push(p);
        }
        let current = stack.pop().unwrap_or(final_target);
        Selector {
            current,
            stack,
            initial_lo: Some(lo),
            initial_hi: Some(hi),
            expander: Expander::new(&targets[current], Some(lo), Some(hi)),
            strategies: KINDS,
            current_strategy: None,
        }
    }
}

/// Everything a search holds between trials.
struct State<'a, M: Measurer> {
    r: Rounding,
    limits: Limits,
    targets: Vec<Target>,
    db: Database,
    measurer: &'a mut M,
    trials: usize,
    seconds: f64,
    max_duration: f64,
}

impl<M: Measurer> State<'_, M> {
    fn measure(&mut self, duration: f64, load: Load) -> Result<Trial, Failure<M::Error>> {
        if self.seconds >= self.max_duration {
            return Err(Failure::Search(SearchError::TooLong { seconds: self.max_duration }));
        }
        let trial = self.measurer.measure(duration, load.value).map_err(Failure::Measurer)?;
        self.trials += 1;
        self.seconds += trial.duration_with_overheads;
        self.db.add(&self.targets, load, &trial);
        Ok(trial)
    }

    fn bounds(&self, target: usize) -> Bounds {
        self.db.bounds(&self.targets, target, &self.r)
    }

    /// The selector's nomination: (load, trial duration, width), or None when its goal
    /// is reached.
    fn nominate(&self, s: &mut Selector, global: i64) -> Result<Option<(Load, f64, i64)>, SearchError> {
        let mut bounds = self.bounds(s.current);
        s.current_strategy = None;
        loop {
            let target = &self.targets[s.current];
            let ctx = Ctx {
                r: &self.r,
                limits: &self.limits,
                target,
                initial_lo: s.initial_lo,
                initial_hi: s.initial_hi,
                global,
            };
            for (i, k) in s.strategies.iter_mut().enumerate() {
                if let Some((load, width)) = k.nominate(&ctx, &mut s.expander, &bounds) {
                    s.current_strategy = Some(i);
                    return Ok(Some((load, target.trial_duration, width)));
                }
            }
            let Some(next) = s.stack.pop() else {
                if bounds.clo.is_none() && target.fail_fast {
                    return Err(SearchError::NoLowerBound { load: self.limits.min.value });
                }
                return Ok(None);
            };
            s.current = next;
            s.initial_lo = bounds.clo().map(|l| self.r.round_down(l));
            s.initial_hi = bounds.chi().map(|l| self.r.round_down(l));
            bounds = self.bounds(s.current);
            s.expander = Expander::new(&self.targets[s.current], s.initial_lo, s.initial_hi);
            s.strategies = KINDS;
        }
    }
}

/// Candidate order (MLRsearch's `Candidate.__lt__`): a load before none, lower loads
/// first, then longer trials, then wider steps; ties keep the earlier goal's.
fn before(a: &Option<(Load, f64, i64)>, b: &Option<(Load, f64, i64)>) -> bool {
    match (a, b) {
        (None, _) => b.is_none(),
        (Some(_), None) => true,
        (Some((la, da, wa)), Some((lb, db, wb))) => {
            if la != lb {
                return la < lb;
            }
            if da != db {
                return da > db;
            }
            wa >= wb
        }
    }
}

/// Searches for every goal of `config`, running trials with `measurer`.
pub fn search<M: Measurer>(config: &Config, measurer: &mut M) -> Result<Outcome, Failure<M::Error>> {
    for g in &config.goals {
        g.validate().map_err(Failure::Search)?;
    }
    if config.goals.is_empty() {
        return Err(Failure::Search(SearchError::NoGoals));
    }
    let widths: Vec<f64> = config.goals.iter().map(|g| g.relative_width).collect();
    let r = Rounding::new(config.min_load, config.max_load, &widths).map_err(Failure::Search)?;
    let (targets, finals) = targets(&config.goals, &r);
    let mut st = State {
        limits: Limits::new(&r),
        r,
        targets,
        db: Database::default(),
        measurer,
        trials: 0,
        seconds: 0.0,
        max_duration: config.max_duration,
    };
    let (lo, hi) = initial_trials(&mut st, config.warmup)?;
    let (lo, hi) = if hi < lo { (hi, lo) } else { (lo, hi) };
    let mut global = hi.int - lo.int;
    let mut selectors: Vec<Selector> = finals.iter().map(|&f| Selector::new(&st.targets, f, lo, hi)).collect();
    loop {
        let mut winner: (Option<(Load, f64, i64)>, usize) = (None, 0);
        for (i, s) in selectors.iter_mut().enumerate() {
            let nominated = st.nominate(s, global).map_err(Failure::Search)?;
            if !before(&winner.0, &nominated) {
                winner = (nominated, i);
            }
        }
        let (Some((load, duration, width)), i) = winner else { break };
        st.measure(duration, load)?;
        global = width;
        let s = &mut selectors[i];
        let bounds = st.bounds(s.current);
        if let Some(k) = s.current_strategy {
            s.strategies[k].won(&mut s.expander, &mut global, &bounds, load);
        }
    }
    let goals = config
        .goals
        .iter()
        .zip(&finals)
        .map(|(g, &f)| {
            let b = st.bounds(f);
            let t = &st.targets[f];
            GoalResult {
                name: g.name.clone(),
                lower_bound: b.clo().map(|l| l.value),
                upper_bound: b.chi().map(|l| l.value),
                conditional_throughput: b
                    .clo
                    .as_ref()
                    .map(|(l, stat)| l.value * (1.0 - stat.pessimistic_loss_ratio(t))),
            }
        })
        .collect();
    Ok(Outcome { goals, trials: st.trials, trial_seconds: st.seconds })
}

/// The first trials: at the maximum load, then at what it forwarded (corrected for the
/// smallest goal loss ratio), then one width around that. Returns two loads to start
/// the selectors from (possibly the same one twice).
fn initial_trials<M: Measurer>(st: &mut State<'_, M>, warmup: f64) -> Result<(Load, Load), Failure<M::Error>> {
    let (mut ratio, mut duration, mut width) = (f64::INFINITY, 0.0f64, 0i64);
    for t in st.targets.iter().filter(|t| t.preceding.is_none()) {
        ratio = ratio.min(t.loss_ratio);
        duration = duration.max(t.trial_duration);
        width = width.max(t.width);
    }
    let max = st.limits.max;
    if warmup > 0.0 {
        st.measure(warmup, max)?;
        st.db = Database::default();
    }
    let r0 = st.measure(duration, max)?;
    let corrected = st.r.round_down(st.r.scale(st.r.load(r0.relative_forwarding_rate()), 1.0 / (1.0 - ratio)));
    if corrected >= max {
        return Ok((max, max));
    }
    let Some(mrr) = st.limits.handle(&st.r, corrected, width, None, Some(max)) else {
        return Ok((max, max));
    };
    let r1 = st.measure(duration, mrr)?;
    let mrr2 = if r1.loss_ratio() > ratio {
        let c2 = st.r.round_down(st.r.scale(st.r.load(r1.relative_forwarding_rate()), 1.0 / (1.0 - ratio)));
        st.limits.handle(&st.r, c2, width, None, Some(mrr))
    } else {
        st.limits.handle(&st.r, st.r.at(mrr.int + width), width, Some(mrr), Some(max))
    };
    let Some(mrr2) = mrr2 else {
        return Ok((mrr, mrr));
    };
    st.measure(duration, mrr2)?;
    Ok((mrr, mrr2))
}
