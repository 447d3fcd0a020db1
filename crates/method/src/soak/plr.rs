//! The soak that searches: PLRsearch (FD.io CSIT's soak search, [`riptide_search::plr`])
//! on the engine's ports. Trials one after another, each a step longer than the last
//! (CSIT: 5.1 s, 5.2 s, ...); while each runs, two threads integrate the trials before it
//! under the two fits (at nice 19, so a generator that is not at real-time priority
//! keeps its core; back to normal when the trial ends); the next load comes from their
//! estimate. Runs until the trials' time reaches `--duration`, then integrates every
//! trial once more for the final estimate: the critical load at the target loss ratio
//! and its interval, `exp(mean -+ sd)` of the posterior of ln(critical load).

use super::{prepare, Observer, Options};
use crate::ndr::{self, Error, Subject};
use crate::trials::{EngineTrials, PacingRule, TrialError, TrialRecord};
use crate::Drive;
use riptide_core::units::human_rate;
use riptide_search::plr::{Config, Estimate, Fit, Focus, Points, Posterior, Problem, Sampler, Search};
use serde::{Deserialize, Serialize};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};

/// Trial `k` lasts `step * (OFFSET + k)`: CSIT's soak's 50.
pub const OFFSET: u64 = 50;

/// Most trials one search runs (a bound on the report and on each integration's work,
/// which grows with the trials).
pub const MAX_TRIALS: usize = 2_000;

/// One trial of the search.
#[derive(Clone, Debug, Serialize)]
pub struct Trial {
    /// 1-based.
    pub number: u64,
    /// Its counts.
    #[serde(flatten)]
    pub record: TrialRecord,
    /// The estimate integrated while it ran (from the trials before it).
    pub estimate: Estimate,
}

/// What a PLRsearch found.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The profile soaked.
    pub profile: String,
    /// The ports, as given.
    pub ports: Vec<String>,
    /// The loss ratio searched for.
    pub target_loss: f64,
    /// Loads' lower limit (frames/s).
    pub min_load: f64,
    /// Loads' upper limit (frames/s).
    pub max_load: f64,
    /// The trials, in order.
    pub trials: Vec<Trial>,
    /// The critical load from every trial: the middle of the interval, its bounds, and
    /// each fit's.
    pub critical_load: Estimate,
    /// Points each fit's integration drew, per trial.
    pub samples: u64,
    /// Seconds the trials took (wall time on real ports, their durations on virtual time).
    pub trial_s: f64,
    /// How long the search was asked to run its trials (`--duration`, s).
    pub requested_duration_s: f64,
    /// Stopped (Ctrl-C, a stop) before that: the estimate is of the trials that ended
    /// before (the one under way when it stopped is not counted).
    pub interrupted: bool,
    /// The workers ran at real-time priority.
    pub realtime: bool,
    /// Wall time of everything (s).
    pub wall_s: f64,
}

/// Both fits' integrations, each in a thread of its own at nice 19 until `over` is
/// set (then at normal priority, where allowed), `samples` points each unless `stop`.
fn integrate(
    problems: [(Problem, Focus); 2],
    samples: u64,
    seed: u64,
    over: &AtomicBool,
    stop: &AtomicBool,
    during: impl FnOnce(),
) -> [Posterior; 2] {
    std::thread::scope(|s| {
        let handles = problems.map(|(p, focus)| {
            s.spawn(move || {
                let lowered = Cell::new(riptide_engine::affinity::nice(19).is_ok());
                let poll = || {
                    if lowered.get() && over.load(Ordering::Relaxed) {
                        let _ = riptide_engine::affinity::nice(0);
                        lowered.set(false);
                    }
                    stop.load(Ordering::Relaxed)
                };
                let mut points = Sampler::new(seed.wrapping_mul(2).wrapping_add(p.fit as u64));
                p.integrate(focus, samples, &mut points, &poll)
            })
        });
        during();
        over.store(true, Ordering::Relaxed);
        handles.map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
    })
}

/// The search on the engine's ports (the profile loaded by [`prepare`]).
pub(super) fn run<D: Drive>(
    engine: &mut D,
    subject: &Subject,
    a: &Options,
    observer: &mut dyn Observer,
    interrupted: &dyn Fn() -> bool,
) -> Result<Report, Error> {
    let began = std::time::Instant::now();
    let c = a.check()?;
    let line = prepare(engine, subject, c.probe)?;
    let min_load = ndr::load("--min-load", &a.min_load, Some(line))?;
    let max_load = match a.max_load.as_deref() {
        Some(s) => ndr::load("--max-load", s, Some(line))?,
        None => line.max_pps,
    };
    if min_load >= max_load {
        return Err(Error::Input(format!(
            "--min-load {} is not below --max-load {}",
            a.min_load,
            a.max_load.as_deref().unwrap_or("(the line rate)")
        )));
    }
    let config = Config { min_load, max_load, target: a.target_loss, step: c.trial_step, offset: OFFSET };
    let mut search = Search::new(config).map_err(|e| Error::Input(e.to_string()))?;
    let source = subject.source.clone();
    let rule = PacingRule { realtime: a.realtime.enabled(), max_burst: None, retries: 0, timestamps: a.timestamps };
    let mut trials = EngineTrials::new(&mut *engine, a.cores, a.pin.clone(), interrupted)
        .map_err(|e| match e {
            TrialError::Engine(e) => Error::Engine(e),
            other => Error::Input(format!("{source}: {other}")),
        })?
        .with_pacing(rule);
    let stop = AtomicBool::new(false);
    let mut done: Vec<Trial> = vec![];
    let mut trial_s = 0.0;
    let mut stopped = false;
    while trial_s < c.duration && done.len() < MAX_TRIALS {
        let next = search.next();
        let over = AtomicBool::new(false);
        let mut outcome = None;
        let posteriors = integrate(search.problems(), a.samples, next.number, &over, &stop, || {
            let t = trials.latency(next.duration, next.load);
            if t.is_err() {
                stop.store(true, Ordering::Relaxed);
            }
            outcome = Some(t);
        });
        let t = match outcome {
            Some(Ok(t)) => t,
            Some(Err(TrialError::Interrupted)) | None => {
                stopped = true;
                break;
            }
            Some(Err(TrialError::Engine(e))) => return Err(Error::Engine(e)),
            Some(Err(TrialError::NotCountable(e))) => return Err(Error::Input(e)),
        };
        let estimate = search.record(&t.record.trial, [&posteriors[0], &posteriors[1]]);
        trial_s += t.record.trial.duration_with_overheads;
        let trial = Trial { number: next.number, record: t.record, estimate };
        observer.plr_trial(&trial);
        done.push(trial);
    }
    if done.len() < 2 {
        return Err(Error::Interrupted(format!("{} trial(s) ended: the critical load needs at least two", done.len())));
    }
    // Every trial, the last one included (CSIT's search returns the estimate that ran
    // during its last trial, without it): a whole integration even after an interrupted
    // trial (its budget bounds it).
    let posteriors = integrate(search.problems(), a.samples, 0, &AtomicBool::new(true), &AtomicBool::new(false), || {});
    Ok(Report {
        profile: subject.source.clone(),
        ports: subject.ports.clone(),
        target_loss: a.target_loss,
        min_load,
        max_load,
        trials: done,
        critical_load: Estimate::combine(&posteriors[0], &posteriors[1]),
        samples: a.samples,
        trial_s,
        requested_duration_s: c.duration,
        interrupted: stopped,
        realtime: rule.realtime,
        wall_s: began.elapsed().as_secs_f64(),
    })
}

/// What `riptide soak --plr --estimate FILE` reads: a search's limits and trials (the
/// results.json of `riptide soak --plr` is one), and optionally the points each fit's
/// integration is to evaluate instead of drawing its own (a replay of another
/// integrator's points: the cross-check with CSIT's).
#[derive(Clone, Debug, Deserialize)]
pub struct Recorded {
    /// Loads' lower limit (frames/s).
    pub min_load: f64,
    /// Loads' upper limit (frames/s).
    pub max_load: f64,
    /// The loss ratio whose load is estimated.
    pub target_loss: f64,
    /// The trials' counts.
    pub trials: Vec<riptide_search::Trial>,
    /// Points of the square (-1, 1)^2 per fit, in order.
    #[serde(default)]
    pub replay: Option<Replay>,
}

/// Each fit's points, for [`Recorded::replay`].
#[derive(Clone, Debug, Deserialize)]
pub struct Replay {
    /// The stretch fit's.
    pub stretch: Vec<[f64; 2]>,
    /// The erf fit's.
    pub erf: Vec<[f64; 2]>,
}

/// One fit's posterior of ln(critical load), as [`estimate`] reports it.
#[derive(Clone, Debug, Serialize)]
pub struct FitPosterior {
    /// The fit.
    pub fit: Fit,
    /// Posterior mean of ln(critical load).
    pub mean: f64,
    /// CSIT's pessimistic variance of it.
    pub variance: f64,
    /// Points evaluated.
    pub samples: u64,
    /// Points where the model was out of its domain.
    pub skipped: u64,
}

/// [`estimate`]'s answer.
#[derive(Clone, Debug, Serialize)]
pub struct Reestimate {
    /// The two fits combined.
    pub critical_load: Estimate,
    /// Each fit's posterior (stretch, erf).
    pub fits: Vec<FitPosterior>,
}

/// Points given in advance.
struct Given(std::vec::IntoIter<[f64; 2]>);

impl Points for Given {
    fn draw(&mut self, _: [f64; 2], _: [[f64; 2]; 2]) -> [f64; 2] {
        self.0.next().unwrap_or([0.0, 0.0])
    }
}

/// The critical load of recorded trials: each fit integrated once from the unit focus
/// (`samples` points of riptide's sampler, or the replayed ones).
pub fn estimate(r: &Recorded, samples: u64) -> Result<Reestimate, Error> {
    let bad = Error::Input;
    let config = Config { min_load: r.min_load, max_load: r.max_load, target: r.target_loss, step: 1.0, offset: 0 };
    let mut search = Search::new(config).map_err(|e| bad(e.to_string()))?;
    if r.trials.is_empty() || r.trials.len() > MAX_TRIALS {
        return Err(bad(format!("{} trials: expected 1 to {MAX_TRIALS}", r.trials.len())));
    }
    for (i, t) in r.trials.iter().enumerate() {
        if !(t.intended_load > 0.0 && t.intended_load.is_finite()) || t.intended_count == 0 {
            return Err(bad(format!("trials[{i}]: expected a positive intended_load and intended_count")));
        }
    }
    let unit = Posterior { value: Default::default(), focus: Focus::default(), samples: 0, skipped: 0 };
    for t in &r.trials {
        search.record(t, [&unit, &unit]);
    }
    let problems = search.problems();
    let posteriors: Vec<Posterior> = match &r.replay {
        Some(replay) => {
            let lists = [&replay.stretch, &replay.erf];
            if lists.iter().any(|l| l.len() as u64 > super::MAX_SAMPLES) {
                return Err(bad(format!("replay: at most {} points per fit", super::MAX_SAMPLES)));
            }
            problems
                .iter()
                .zip(lists)
                .map(|((p, _), pts)| {
                    p.integrate(Focus::default(), pts.len() as u64, &mut Given(pts.clone().into_iter()), &|| false)
                })
                .collect()
        }
        None => problems
            .iter()
            .map(|(p, _)| p.integrate(Focus::default(), samples, &mut Sampler::new(p.fit as u64), &|| false))
            .collect(),
    };
    Ok(Reestimate {
        critical_load: Estimate::combine(&posteriors[0], &posteriors[1]),
        fits: posteriors
            .iter()
            .zip(Fit::BOTH)
            .map(|(p, fit)| FitPosterior {
                fit,
                mean: p.mean(),
                variance: p.value.pessimistic_variance(),
                samples: p.samples,
                skipped: p.skipped,
            })
            .collect(),
    })
}

/// One sentence of what the search found.
pub fn headline(r: &Report) -> String {
    let e = &r.critical_load;
    let stopped = if r.interrupted {
        format!("interrupted after {:.0} s of trials ({} s asked): ", r.trial_s, r.requested_duration_s)
    } else {
        String::new()
    };
    stopped
        + &format!(
        "critical load at loss ratio {:e}: {} (2 sd: {} .. {}; 1 sd: {} .. {}; stretch fit {}, erf fit {}) from {} \
         trials in {:.0} s",
        r.target_loss,
        human_rate(e.load, "pps"),
        human_rate(e.lower_2sd, "pps"),
        human_rate(e.upper_2sd, "pps"),
        human_rate(e.lower, "pps"),
        human_rate(e.upper, "pps"),
        human_rate(e.stretch, "pps"),
        human_rate(e.erf, "pps"),
        r.trials.len(),
        r.trial_s
    )
}

const CSV_HEAD: &str = "trial,duration_s,intended_load,offered_count,forwarded_count,lost,loss_ratio,pacing_burst,\
estimate_load,estimate_lower,estimate_upper";

/// The search's files: results.json, trials.csv, report.md, plr.png.
pub(super) fn files(command: &[String], host: &crate::host::Host, r: &Report) -> Result<Vec<(String, Vec<u8>)>, Error> {
    let json = crate::results_json(command, host, Some("plrsearch"), r)?;
    let mut csv = format!("{CSV_HEAD}\n");
    for t in &r.trials {
        let tr = &t.record.trial;
        csv.push_str(&format!(
            "{},{},{},{},{},{},{},{},{:.1},{:.1},{:.1}\n",
            t.number,
            tr.intended_duration,
            tr.intended_load,
            tr.offered_count,
            tr.forwarded_count,
            t.record.lost,
            tr.loss_ratio(),
            t.record.pacing.map_or(String::new(), |p| p.burst.to_string()),
            t.estimate.load,
            t.estimate.lower,
            t.estimate.upper
        ));
    }
    let md = format!(
        "# Soak search (PLRsearch)\n\nProfile {} on {}.\n\n{}.\n\n\
         The intervals are exp(mean -+ 2 sd) and exp(mean -+ sd) of the posterior of ln(critical load), the \
         two fits (FD.io CSIT's stretch and erf) mixed with equal weights (CSIT reports the 1 sd one); the critical load is the load at which the fitted loss \
         per offered frame is {:e}. Trials ran one after another, each {} s longer than the last, at loads \
         between {} and {}; each trial's load came from the estimate of the trials before it. Every trial and \
         its estimate are in trials.csv; all figures in results.json.\n\n![trial loads and the estimate](plr.png)\n\n\
         Command: `{}`\n",
        r.profile,
        r.ports.join(", "),
        headline(r),
        r.target_loss,
        r.trials.get(1).map_or(0.0, |t| t.record.trial.intended_duration)
            - r.trials.first().map_or(0.0, |t| t.record.trial.intended_duration),
        human_rate(r.min_load, "pps"),
        human_rate(r.max_load, "pps"),
        command.join(" ")
    );
    let png = riptide_plot::chart_png(&chart(r)).map_err(|e| Error::Runtime(format!("plr.png: {e}")))?;
    Ok(vec![
        ("results.json".into(), json),
        ("trials.csv".into(), csv.into_bytes()),
        ("report.md".into(), md.into_bytes()),
        ("plr.png".into(), png),
    ])
}

/// Each trial's load (lossy ones apart) and the estimate's interval, over the trials.
fn chart(r: &Report) -> riptide_plot::Chart {
    use riptide_plot::chart::{Series, Style, PALETTE};
    let mut c = riptide_plot::Chart::new("Soak search (PLRsearch)", "trial", "load (frames/s)");
    let lossy = |t: &Trial| t.record.lost > 0;
    let series = |name: &str, color: usize, style, points: Vec<(f64, f64)>| Series {
        name: name.into(),
        color: PALETTE[color].into(),
        style,
        points,
    };
    let at = |t: &Trial| t.number as f64;
    c.series.push(series(
        "trials that lost frames",
        3,
        Style::Markers,
        r.trials.iter().filter(|t| lossy(t)).map(|t| (at(t), t.record.trial.intended_load)).collect(),
    ));
    c.series.push(series(
        "trials that lost none",
        2,
        Style::Markers,
        r.trials.iter().filter(|t| !lossy(t)).map(|t| (at(t), t.record.trial.intended_load)).collect(),
    ));
    let later = r.trials.iter().skip(2);
    c.series.push(series("estimate", 0, Style::LineMarkers, later.clone().map(|t| (at(t), t.estimate.load)).collect()));
    c.series.push(series("lower bound", 1, Style::Dashed, later.clone().map(|t| (at(t), t.estimate.lower)).collect()));
    c.series.push(series("upper bound", 1, Style::Dashed, later.map(|t| (at(t), t.estimate.upper)).collect()));
    c
}

#[cfg(test)]
mod tests {
    #[test]
    fn unsent_frames_count_as_lost_and_the_count_is_on_the_intended_scale() {
        let t = riptide_search::Trial {
            intended_load: 1000.0,
            intended_duration: 1.0,
            intended_count: 1000,
            offered_count: 990,
            forwarded_count: 985,
            duration_with_overheads: 1.0,
        };
        // (5 lost + 10 unsent) / 1000, times 1000, rounded up from .1.
        assert_eq!(riptide_search::plr::Observed::of(&t).loss_count, 15);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        /// `--estimate`'s input, any numbers: an estimate between the load limits or a
        /// named refusal, never a panic.
        #[test]
        fn any_recorded_trials_estimate_or_are_refused(
            min in -1e3f64..1e7,
            span in -1e3f64..1e8,
            target in -0.5f64..1.5,
            trials in proptest::collection::vec((0f64..2e7, 0u64..1u64 << 40, 0u64..1u64 << 40, 0u64..1u64 << 40), 0..6),
        ) {
            let trials = trials
                .into_iter()
                .map(|(load, intended, offered, forwarded)| riptide_search::Trial {
                    intended_load: load,
                    intended_duration: 1.0,
                    intended_count: intended,
                    offered_count: offered,
                    forwarded_count: forwarded,
                    duration_with_overheads: 1.0,
                })
                .collect();
            let r = super::Recorded { min_load: min, max_load: min + span, target_loss: target, trials, replay: None };
            match super::estimate(&r, 50) {
                Ok(e) => {
                    let c = e.critical_load;
                    proptest::prop_assert!(c.stretch >= min * 0.999 && c.stretch <= (min + span) * 1.001, "{c:?}");
                }
                Err(e) => proptest::prop_assert!(!e.to_string().is_empty()),
            }
        }
    }
}
