//! PLRsearch's integrator: the posterior mean and variance of ln(critical load) by
//! importance sampling with a bivariate Gaussian that follows the likelihood's mass
//! (CSIT's `Integrator.py` and `stat_trackers.py`, Copyright Cisco and/or its
//! affiliates, Apache-2.0, ported operation for operation). What differs: the Gaussian
//! draws come from riptide's generator through a Cholesky factor (CSIT: numpy's legacy
//! generator through an SVD; the distribution is the same), the sample count is a budget
//! instead of "until the trial ends", and a point where the model is out of its domain
//! is skipped and counted (CSIT's worker would raise).

use super::model::{critical_load, log_likelihood, log_plus, parameters, Domain, Fit, Observed};
use riptide_core::rng::Rng;

/// CSIT's `scale_coeff` in production: the proposal's covariance is the focus's times 5.
pub const SCALE: f64 = 5.0;

/// Weighted mean and variance of a scalar, kept as logs (CSIT's `ScalarStatTracker`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scalar {
    /// The log of the sum of the weights (-inf: empty).
    pub log_sum_weight: f64,
    /// The weighted mean.
    pub average: f64,
    /// The log of the weighted population variance (-inf: zero).
    pub log_variance: f64,
}

impl Default for Scalar {
    fn default() -> Self {
        Scalar { log_sum_weight: f64::NEG_INFINITY, average: 0.0, log_variance: f64::NEG_INFINITY }
    }
}

impl Scalar {
    /// Adds a sample of weight `e^log_weight`.
    pub fn add(&mut self, value: f64, log_weight: f64) {
        let old = self.log_sum_weight;
        if old == f64::NEG_INFINITY {
            self.log_sum_weight = log_weight;
            self.average = value;
            return;
        }
        let new = log_plus(old, log_weight);
        let log_ratio = log_weight - new;
        let shift = value - self.average;
        self.average += shift * log_ratio.exp();
        if shift.abs() > 0.0 {
            self.log_variance = log_plus(self.log_variance, 2.0 * shift.abs().ln() + log_ratio);
        }
        if self.log_variance != f64::NEG_INFINITY {
            self.log_variance += old - new;
        }
        self.log_sum_weight = new;
    }
}

/// A [`Scalar`] and the same without its heaviest sample (CSIT's `ScalarDualStatTracker`):
/// their disagreement widens the variance while one sample dominates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Dual {
    /// Every sample.
    pub primary: Scalar,
    /// Every sample but the heaviest (the latest of equals).
    pub secondary: Scalar,
    /// The heaviest sample's log weight (-inf: none yet).
    pub max_log_weight: f64,
}

impl Default for Dual {
    fn default() -> Self {
        Dual { primary: Scalar::default(), secondary: Scalar::default(), max_log_weight: f64::NEG_INFINITY }
    }
}

impl Dual {
    /// Adds a sample.
    pub fn add(&mut self, value: f64, log_weight: f64) {
        if self.max_log_weight == f64::NEG_INFINITY || log_weight >= self.max_log_weight {
            self.max_log_weight = log_weight;
            self.secondary = self.primary;
        } else {
            self.secondary.add(value, log_weight);
        }
        self.primary.add(value, log_weight);
    }

    /// The variance of the mean of the two trackers as if they were independent, plus
    /// half their difference squared (CSIT's `get_pessimistic_variance`).
    pub fn pessimistic_variance(&self) -> f64 {
        let var = (self.primary.log_variance.exp() + self.secondary.log_variance.exp()) / 2.0;
        let half = (self.primary.average - self.secondary.average) / 2.0;
        var + half * half
    }
}

/// Where the sampler looks: weighted mean and covariance of the parameter points
/// (CSIT's two-dimensional `VectorStatTracker`).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Focus {
    /// The log of the sum of the weights (-inf: none this iteration).
    pub log_sum_weight: f64,
    /// The weighted means.
    pub averages: [f64; 2],
    /// The weighted covariance, `[first][second]`.
    pub covariance: [[f64; 2]; 2],
}

impl Default for Focus {
    /// Centred, unit covariance (CSIT's `unit_reset`).
    fn default() -> Self {
        Focus { log_sum_weight: f64::NEG_INFINITY, averages: [0.0; 2], covariance: [[1.0, 0.0], [0.0, 1.0]] }
    }
}

impl Focus {
    /// Adds a point and returns its shift from the old averages.
    pub fn add_get_shift(&mut self, v: [f64; 2], log_weight: f64) -> [f64; 2] {
        let shift = [v[0] - self.averages[0], v[1] - self.averages[1]];
        let old = self.log_sum_weight;
        if old == f64::NEG_INFINITY {
            self.log_sum_weight = log_weight;
            self.averages = v;
            return shift;
        }
        let new = log_plus(old, log_weight);
        let data_ratio = (old - new).exp();
        let sample_ratio = (log_weight - new).exp();
        for (a, s) in self.averages.iter_mut().zip(shift) {
            *a += s * sample_ratio;
        }
        for second in 0..2 {
            for first in 0..2 {
                let mut e = self.covariance[first][second];
                e += shift[first] * shift[second] * sample_ratio;
                e *= data_ratio;
                self.covariance[first][second] = e;
            }
        }
        self.log_sum_weight = new;
        shift
    }

    /// Adds a point, first pulling its weight down to the geometric mean of it and all
    /// before if it outweighs them more than e times; returns its distance from the old
    /// averages in the old covariance's metric (`None` if that was singular).
    pub fn add_without_dominance(&mut self, v: [f64; 2], mut log_weight: f64) -> Option<f64> {
        let lsw = self.log_sum_weight;
        if lsw != f64::NEG_INFINITY && lsw < log_weight - 1.0 {
            log_weight = (lsw + log_weight) / 2.0;
            self.log_sum_weight = log_weight;
        }
        let [[a, b], [c, d]] = self.covariance;
        let shift = self.add_get_shift(v, log_weight);
        let det = a * d - b * c;
        if det == 0.0 || !det.is_finite() {
            return None;
        }
        // The old covariance solved against the shift (Cramer's rule), dotted with it.
        let g0 = (d * shift[0] - b * shift[1]) / det;
        let g1 = (a * shift[1] - c * shift[0]) / det;
        Some(shift[0] * g0 + shift[1] * g1)
    }
}

/// Standard normal draws (the polar method) from riptide's generator.
struct Normal {
    rng: Rng,
    spare: Option<f64>,
}

impl Normal {
    fn next(&mut self) -> f64 {
        if let Some(z) = self.spare.take() {
            return z;
        }
        loop {
            let u = |r: &mut Rng| (r.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64) * 2.0 - 1.0;
            let (x1, x2) = (u(&mut self.rng), u(&mut self.rng));
            let r2 = x1 * x1 + x2 * x2;
            if r2 > 0.0 && r2 < 1.0 {
                let f = (-2.0 * r2.ln() / r2).sqrt();
                self.spare = Some(f * x1);
                return f * x2;
            }
        }
    }
}

/// Where the integrator's points come from.
pub trait Points {
    /// A point of the open square (-1, 1)^2 drawn from the Gaussian with these averages
    /// and covariance (already scaled).
    fn draw(&mut self, averages: [f64; 2], covariance: [[f64; 2]; 2]) -> [f64; 2];
}

/// Gaussian draws from a seeded generator, rejected until inside the square.
pub struct Sampler(Normal);

impl Sampler {
    /// A sampler seeded with `seed`.
    pub fn new(seed: u64) -> Sampler {
        Sampler(Normal { rng: Rng::new(seed), spare: None })
    }
}

impl Points for Sampler {
    fn draw(&mut self, m: [f64; 2], c: [[f64; 2]; 2]) -> [f64; 2] {
        // Cholesky factor of the (positive semi-definite) covariance; a degenerate one
        // draws along its line.
        let l11 = c[0][0].max(0.0).sqrt();
        let l21 = if l11 > 0.0 { c[1][0] / l11 } else { 0.0 };
        let l22 = (c[1][1] - l21 * l21).max(0.0).sqrt();
        // Bounded: a focus far outside the square would reject forever.
        for _ in 0..10_000 {
            let (z1, z2) = (self.0.next(), self.0.next());
            let p = [m[0] + l11 * z1, m[1] + l21 * z1 + l22 * z2];
            if p.iter().all(|&x| x > -1.0 && x < 1.0) {
                return p;
            }
        }
        // Uniform over the square: the prior itself.
        let u = |r: &mut Rng| ((r.next_u64() >> 11) as f64 + 0.5) * (1.0 / (1u64 << 53) as f64) * 2.0 - 1.0;
        [u(&mut self.0.rng), u(&mut self.0.rng)]
    }
}

/// What one fit's integration found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Posterior {
    /// ln(critical load): mean and the dual tracker behind it.
    pub value: Dual,
    /// The focus to start the next integration from.
    pub focus: Focus,
    /// Points evaluated.
    pub samples: u64,
    /// Points skipped: the model was out of its domain there.
    pub skipped: u64,
}

impl Posterior {
    /// The posterior mean of ln(critical load).
    pub fn mean(&self) -> f64 {
        self.value.primary.average
    }
}

/// The problem one integration solves: the trials so far, the loads' limits and the
/// target loss ratio.
#[derive(Clone, Debug)]
pub struct Problem {
    /// The fitting function.
    pub fit: Fit,
    /// The trials so far.
    pub trials: Vec<Observed>,
    /// Loads' lower limit (frames/s).
    pub min_load: f64,
    /// Loads' upper limit (frames/s).
    pub max_load: f64,
    /// Target loss ratio.
    pub target: f64,
}

impl Problem {
    /// ln(critical load) and the log-likelihood at a point of the square (CSIT's
    /// `value_logweight_func`).
    pub fn value_and_log_weight(&self, x_mrr: f64, x_spread: f64) -> Result<(f64, f64), Domain> {
        let (mrr, spread) = parameters(self.max_load, x_mrr, x_spread);
        let log_weight = log_likelihood(self.fit, &self.trials, mrr, spread)?;
        let load = critical_load(self.fit, self.min_load, self.max_load, self.target, mrr, spread)?;
        Ok((load.ln(), log_weight))
    }

    /// `samples` points, starting from `focus` (its weight forgotten, its shape kept):
    /// CSIT's `estimate_nd`. `stop` is polled every 256 points.
    pub fn integrate(
        &self,
        focus: Focus,
        samples: u64,
        points: &mut impl Points,
        stop: &dyn Fn() -> bool,
    ) -> Posterior {
        let mut focus = Focus { log_sum_weight: f64::NEG_INFINITY, ..focus };
        let mut value = Dual::default();
        let (mut n, mut skipped) = (0, 0);
        while n < samples {
            if n % 256 == 255 && stop() {
                break;
            }
            let c = focus.covariance;
            let scaled = [[c[0][0] * SCALE, c[0][1] * SCALE], [c[1][0] * SCALE, c[1][1] * SCALE]];
            let x = points.draw(focus.averages, scaled);
            n += 1;
            let Ok((v, log_weight)) = self.value_and_log_weight(x[0], x[1]) else {
                skipped += 1;
                continue;
            };
            match focus.add_without_dominance(x, log_weight) {
                Some(distance) => value.add(v, log_weight + distance / 2.0 / SCALE),
                None => {
                    // A singular covariance (CSIT's solve would raise): start the shape
                    // again from the unit one, around this point.
                    focus = Focus { averages: x, ..Focus::default() };
                    skipped += 1;
                }
            }
        }
        Posterior { value, focus, samples: n, skipped }
    }
}
