//! PLRsearch's model: the two fitting functions (expected loss per second at a load,
//! given the DUT's parameters `mrr` and `spread`), the critical load they imply, the
//! likelihood of the trials so far and the prior over the parameters. Ported from FD.io
//! CSIT's `PLRsearch.py` and `log_plus.py` (Copyright Cisco and/or its affiliates,
//! Apache-2.0) operation for operation, quirks included (docs/research/plrsearch/
//! plrsearch.md, section 12), so the digits match CSIT's: the golden vectors in
//! docs/research/plrsearch are this module's tests.
//!
//! `f64::NEG_INFINITY` stands for CSIT's `None` (the log of zero).

use std::fmt;

/// A model evaluation that CSIT's Python would have raised on (a log of a non-positive
/// number, `log_minus` of a smaller first argument). The integrator skips such points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Domain(pub &'static str);

impl fmt::Display for Domain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// `ln(e^a + e^b)` without overflow; `-inf` is the log of zero.
pub fn log_plus(first: f64, second: f64) -> f64 {
    if first == f64::NEG_INFINITY {
        return second;
    }
    if second == f64::NEG_INFINITY {
        return first;
    }
    // (1 + e^x).ln() rather than ln_1p: the same operations as CSIT, the same digits.
    if second > first {
        second + (1.0 + (first - second).exp()).ln()
    } else {
        first + (1.0 + (second - first).exp()).ln()
    }
}

/// `ln(e^a - e^b)`, for `a > b`.
pub fn log_minus(first: f64, second: f64) -> Result<f64, Domain> {
    if first == f64::NEG_INFINITY {
        return Err(Domain("log_minus: does not support None first"));
    }
    if second == f64::NEG_INFINITY {
        return Ok(first);
    }
    if second >= first {
        return Err(Domain("log_minus: first has to be bigger than second"));
    }
    let factor = -(second - first).exp_m1();
    if factor <= 0.0 {
        return Err(Domain("log_minus: non-positive number to log"));
    }
    Ok(first + factor.ln())
}

/// Python's `math.log`: an error for a non-positive argument instead of -inf or NaN.
fn ln(x: f64) -> Result<f64, Domain> {
    if x > 0.0 {
        Ok(x.ln())
    } else {
        Err(Domain("math domain error: log of a non-positive number"))
    }
}

/// The scaled complementary error function `e^(x^2) erfc(x)`, for `x >= -1` (all the
/// fitting function needs; below about -26 it overflows).
///
/// Up to 6 directly (`x^2` costs at most 4e-15 of relative precision there); above, the
/// continued fraction `1/sqrt(pi) / (x + (1/2)/(x + 1/(x + (3/2)/(x + ...))))`, 60 terms
/// evaluated backwards (converged to the last digit from 6 up).
pub fn erfcx(x: f64) -> f64 {
    if x < 6.0 {
        return (x * x).exp() * libm::erfc(x);
    }
    let mut f = x;
    for n in (1..=60).rev() {
        f = x + f64::from(n) * 0.5 / f;
    }
    1.0 / (std::f64::consts::PI.sqrt() * f)
}

/// CSIT's `xerfcx_limit`: `acos(0)^-0.5`, which is sqrt(2/pi) (the limit of `x erfcx(x)`
/// is 1/sqrt(pi); the constant is CSIT's, kept).
fn xerfcx_limit() -> f64 {
    0.0f64.acos().powf(-0.5)
}

/// CSIT's `log_xerfcx_10`.
fn log_xerfcx_10() -> f64 {
    let e10 = 10.0f64.exp();
    (xerfcx_limit() - e10 * erfcx(e10)).ln()
}

/// Which function of the load the DUT's loss is assumed to follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Fit {
    /// The integral of the logistic function: loss per second
    /// `spread * (softplus((load - mrr)/spread) - softplus(-mrr/spread))`.
    Stretch,
    /// The double integral of a Gaussian (CSIT's `lfit_erf`).
    Erf,
}

impl Fit {
    /// Both, in the order CSIT combines them.
    pub const BOTH: [Fit; 2] = [Fit::Stretch, Fit::Erf];

    /// The log of the average loss per second at `load`.
    pub fn log_loss_rate(self, load: f64, mrr: f64, spread: f64) -> Result<f64, Domain> {
        match self {
            Fit::Stretch => lfit_stretch(load, mrr, spread),
            Fit::Erf => lfit_erf(load, mrr, spread),
        }
    }

    /// The fit's name.
    pub fn name(self) -> &'static str {
        match self {
            Fit::Stretch => "stretch",
            Fit::Erf => "erf",
        }
    }
}

fn lfit_stretch(load: f64, mrr: f64, spread: f64) -> Result<f64, Domain> {
    let log_2 = 2.0f64.ln();
    let log_3 = 3.0f64.ln();
    let log_spread = ln(spread)?;
    let chi = (load - mrr) / spread;
    let chi0 = -mrr / spread;
    if chi > 0.0 {
        // Big loss, direct.
        return ln(load - mrr + (log_plus(0.0, -chi) - log_plus(0.0, chi0)) * spread);
    }
    let two_positive = log_plus(chi, 2.0 * chi0 - log_2);
    let two_negative = log_plus(chi0, 2.0 * chi - log_2);
    if two_positive <= two_negative {
        // Small loss, crude.
        return Ok(log_minus(chi, chi0)? + log_spread);
    }
    let two = log_minus(two_positive, two_negative)?;
    let three_positive = log_plus(two_positive, 3.0 * chi - log_3);
    let three_negative = log_plus(two_negative, 3.0 * chi0 - log_3);
    let three = log_minus(three_positive, three_negative)?;
    if two == three {
        // Small loss, approximated.
        Ok(two + log_spread)
    } else {
        // Small loss, direct.
        Ok(ln(log_plus(0.0, chi) - log_plus(0.0, chi0))? + log_spread)
    }
}

fn lfit_erf(load: f64, mrr: f64, spread: f64) -> Result<f64, Domain> {
    let limit = xerfcx_limit();
    let chi = (mrr - load) / spread;
    let chi0 = mrr / spread;
    // CSIT multiplies erfcx(chi0) by chi, not chi0 (a TODO there): kept.
    let second = ln(limit - chi * erfcx(chi0))? - chi0 * chi0;
    let intermediate = if chi >= -1.0 {
        let first =
            if chi > 10.0f64.exp() { log_xerfcx_10() + 2.0 * (ln(chi)? - 10.0) } else { ln(limit - chi * erfcx(chi))? }
                - chi * chi;
        log_minus(first, second)?
    } else {
        let mut exp_first = limit + chi * erfcx(-chi);
        exp_first *= (-chi * chi).exp();
        exp_first -= 2.0 * chi;
        ln(exp_first - second.exp())?
    };
    Ok(intermediate + ln(spread)? - ln(libm::erfc(-chi0))?)
}

/// The load (in `min_load..=max_load`) at which the fit's loss ratio is `target`, by
/// bisection as CSIT's `find_critical_rate`: `min_load` if even that loses more, `max_load`
/// if even that loses less.
pub fn critical_load(
    fit: Fit,
    min_load: f64,
    max_load: f64,
    target: f64,
    mrr: f64,
    spread: f64,
) -> Result<f64, Domain> {
    let (mut lo, mut hi) = (min_load, max_load);
    let mut ratio = -1.0;
    let mut rate = (lo + hi) / 2.0;
    while ratio != target {
        rate = (hi + lo) / 2.0;
        if rate == hi || rate == lo {
            break;
        }
        ratio = fit.log_loss_rate(rate, mrr, spread)?.exp() / rate;
        if ratio > target {
            hi = rate;
        } else if ratio < target {
            lo = rate;
        }
    }
    Ok(rate)
}

/// One trial as the likelihood sees it.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Observed {
    /// The load asked for.
    pub intended_load: f64,
    /// Frames sent (at least 1: CSIT's log of it would raise at 0).
    pub offered_count: u64,
    /// Frames lost, scaled to the frames asked for (CSIT's `plr_loss_count`: lost and
    /// unsent over the larger count, times the count asked for, rounded up from .1).
    pub loss_count: u64,
}

impl Observed {
    /// A measured trial's figures.
    pub fn of(t: &crate::Trial) -> Observed {
        let intended = t.intended_count;
        let scaled = (intended as f64 * t.loss_ratio() + 0.9) as u64;
        Observed {
            intended_load: t.intended_load,
            offered_count: t.offered_count.max(1),
            loss_count: scaled.min(intended),
        }
    }
}

/// The log-likelihood of the trials, given the parameters: each trial's loss count is
/// geometric with the fit's expected loss as its mean (CSIT's code, not its docs'
/// Poisson).
pub fn log_likelihood(fit: Fit, trials: &[Observed], mrr: f64, spread: f64) -> Result<f64, Domain> {
    let mut sum = 0.0;
    for t in trials {
        let per_second = fit.log_loss_rate(t.intended_load, mrr, spread)?;
        let per_trial = per_second + ln(t.offered_count as f64 / t.intended_load)?;
        let mut l = log_plus(0.0, -per_trial);
        l *= -(t.loss_count as f64);
        l -= log_plus(0.0, per_trial);
        sum += l;
    }
    Ok(sum)
}

/// The prior: a point of the open square (-1, 1)^2 to (mrr, spread). `mrr - 1` is Lomax
/// distributed with scale `max_load / 2`; `spread` is log-uniform on (1, mrr).
pub fn parameters(max_load: f64, x_mrr: f64, x_spread: f64) -> (f64, f64) {
    let mrr = max_load * (1.0 / (x_mrr + 1.0) - 0.5) + 1.0;
    let spread = ((x_spread + 1.0) / 2.0 * mrr.ln()).exp();
    (mrr, spread)
}
