//! How a selector picks its next load: MLRsearch's six strategies (halve, refine the
//! lower or upper bound, extend down or up, bisect), the expander that grows the step
//! of external search, and the limit handler that keeps loads on the grid, inside the
//! limits and a width away from known bounds.

use crate::goal::Target;
use crate::rounding::{Load, Rounding};
use crate::stats::Bounds;

/// The load between `lo` and `hi` (grid loads, `hi - lo` more than `goal` steps) that
/// splits the interval so that the upper part is a power-of-two multiple of the goal
/// width where it can be (MLRsearch's `DiscreteInterval.middle`).
pub(crate) fn middle(r: &Rounding, lo: Load, hi: Load, goal: i64) -> Load {
    let (lo, hi) = if lo > hi { (hi, lo) } else { (lo, hi) };
    let width = hi.int - lo.int;
    if width <= goal || goal <= 0 {
        // Callers never halve an interval this narrow; stay inside it regardless.
        return r.at(lo.int + width / 2);
    }
    if width == 2 * goal {
        return r.at(lo.int + goal);
    }
    if width < 2 * goal {
        if goal % 2 == 0 {
            return middle(r, lo, hi, goal / 2);
        }
        return r.at(lo.int + width / 2);
    }
    let (mut hi_w, mut lo_w) = (goal, width - goal);
    let (mut hi2_w, mut lo2_w);
    loop {
        hi2_w = hi_w * 2;
        lo2_w = width - hi2_w;
        if lo2_w <= hi2_w {
            break;
        }
        (hi_w, lo_w) = (hi2_w, lo2_w);
    }
    if hi_w * lo_w > hi2_w * lo2_w {
        lo2_w = hi_w;
    }
    r.at(lo.int + lo2_w)
}

/// Width of an interval in goal widths.
fn width_in_goals(lo: Load, hi: Load, goal: i64) -> f64 {
    (hi.int - lo.int).abs() as f64 / goal as f64
}

/// Keeps nominated loads on the grid, within the limits, and a goal width away from
/// bounds already known (MLRsearch's `LimitHandler`).
#[derive(Clone, Debug)]
pub(crate) struct Limits {
    pub(crate) min: Load,
    pub(crate) max: Load,
}

impl Limits {
    pub(crate) fn new(r: &Rounding) -> Self {
        Limits { min: r.at(0), max: r.at(r.max_int()) }
    }

    pub(crate) fn handle(
        &self,
        r: &Rounding,
        load: Load,
        width: i64,
        clo: Option<Load>,
        chi: Option<Load>,
    ) -> Option<Load> {
        let load = r.round_down(load);
        match (clo, chi) {
            (None, None) => self.within(r, load, width, self.min, self.max, false, false),
            (None, Some(chi)) => {
                if chi <= self.min || load >= chi {
                    return None;
                }
                self.within(r, load, width, self.min, chi, false, true)
            }
            (Some(clo), None) => {
                // Callers only extend up from below the maximum, to a load above clo.
                if clo >= self.max || load <= clo {
                    return None;
                }
                self.within(r, load, width, clo, self.max, true, false)
            }
            (Some(clo), Some(chi)) => {
                if !(clo < load && load < chi) {
                    return None;
                }
                self.within(r, load, width, clo, chi, true, true)
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn within(
        &self,
        r: &Rounding,
        load: Load,
        width: i64,
        min: Load,
        max: Load,
        min_ex: bool,
        max_ex: bool,
    ) -> Option<Load> {
        let max_width = max.int - min.int;
        if width >= max_width {
            return match (min_ex, max_ex) {
                (false, _) => Some(min),
                (true, false) => Some(max),
                (true, true) => None,
            };
        }
        let (mut soft_min, mut soft_max) = (r.at(min.int + width), r.at(max.int - width));
        if soft_min > soft_max {
            let m = middle(r, min, max, width);
            (soft_min, soft_max) = (m, m);
        }
        if load < soft_min {
            return Some(if min_ex { soft_min } else { min });
        }
        if load > soft_max {
            return Some(if max_ex { soft_max } else { max });
        }
        Some(load)
    }
}

/// The step of external search for one target: grows by the expansion coefficient each
/// time a bound moves the same way again (MLRsearch's `TargetedExpander`).
#[derive(Clone, Debug)]
pub(crate) struct Expander {
    next_width: i64,
    coefficient: i64,
    target_width: i64,
}

impl Expander {
    pub(crate) fn new(t: &Target, lo: Option<Load>, hi: Option<Load>) -> Self {
        let mut next_width = t.width;
        if let (Some(lo), Some(hi)) = (lo, hi) {
            next_width = next_width.max(hi.int - lo.int);
        }
        Expander { next_width: next_width * t.expansion, coefficient: t.expansion, target_width: t.width }
    }

    fn expand(&mut self, global: &mut i64) {
        self.next_width *= self.coefficient;
        *global = self.next_width;
    }

    fn width(&self, global: i64) -> i64 {
        global.max(self.next_width)
    }

    fn limit(&mut self, last_width: i64) {
        self.next_width = last_width.max(self.target_width) * self.coefficient;
    }
}

/// The six strategies, tried in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Halve,
    RefineLo,
    RefineHi,
    ExtendLo,
    ExtendHi,
    Bisect { expand_on_clo: bool, expand_on_chi: bool },
}

pub(crate) const KINDS: [Kind; 6] = [
    Kind::Halve,
    Kind::RefineLo,
    Kind::RefineHi,
    Kind::ExtendLo,
    Kind::ExtendHi,
    Kind::Bisect { expand_on_clo: false, expand_on_chi: false },
];

/// What one strategy sees: the grid, the limits, the target and the loads the target's
/// search started from.
pub(crate) struct Ctx<'a> {
    pub(crate) r: &'a Rounding,
    pub(crate) limits: &'a Limits,
    pub(crate) target: &'a Target,
    pub(crate) initial_lo: Option<Load>,
    pub(crate) initial_hi: Option<Load>,
    pub(crate) global: i64,
}

fn not_worth(c: &Ctx<'_>, b: &Bounds, load: Load) -> bool {
    if b.clo().is_some_and(|clo| clo >= load) || b.chi().is_some_and(|chi| chi <= load) {
        return true;
    }
    if let (Some(clo), Some(chi)) = (b.clo(), b.chi()) {
        return width_in_goals(clo, chi, c.target.width) <= 1.0;
    }
    false
}

impl Kind {
    /// A load to measure and the width it stands for, if this strategy has one.
    pub(crate) fn nominate(&mut self, c: &Ctx<'_>, e: &mut Expander, b: &Bounds) -> Option<(Load, i64)> {
        let tw = c.target.width;
        match self {
            Kind::Halve => {
                let (lo, hi) = (c.initial_lo?, c.initial_hi?);
                let wig = width_in_goals(lo, hi, tw);
                if wig > 2.0 || wig <= 1.0 {
                    return None;
                }
                let load = middle(c.r, lo, hi, tw);
                if not_worth(c, b, load) {
                    return None;
                }
                e.limit(tw);
                Some((load, tw))
            }
            Kind::RefineLo | Kind::RefineHi => {
                let load = if *self == Kind::RefineLo { c.initial_lo? } else { c.initial_hi? };
                if not_worth(c, b, load) {
                    return None;
                }
                e.limit(tw);
                Some((load, tw))
            }
            Kind::ExtendLo => {
                let chi = b.chi()?;
                if b.clo.is_some() || chi <= c.limits.min {
                    return None;
                }
                let width = e.width(c.global);
                let load = c.limits.handle(c.r, c.r.at(chi.int - width), tw, None, Some(chi))?;
                if not_worth(c, b, load) {
                    return None;
                }
                Some((load, width))
            }
            Kind::ExtendHi => {
                let clo = b.clo()?;
                if b.chi.is_some() || clo >= c.limits.max {
                    return None;
                }
                let width = e.width(c.global);
                let load = c.limits.handle(c.r, c.r.at(clo.int + width), tw, Some(clo), None)?;
                if not_worth(c, b, load) {
                    return None;
                }
                Some((load, width))
            }
            Kind::Bisect { expand_on_clo, expand_on_chi } => {
                let (clo, chi) = (b.clo()?, b.chi()?);
                if clo >= c.limits.max || chi <= c.limits.min || width_in_goals(clo, chi, tw) <= 1.0 {
                    return None;
                }
                let bisect = middle(c.r, clo, chi, tw);
                if let Some(hi) = c.initial_hi.filter(|&hi| bisect < hi) {
                    let width = e.width(c.global);
                    if let Some(load) = c.limits.handle(c.r, c.r.at(chi.int - width), tw, Some(clo), Some(chi)) {
                        if load > bisect && load < hi && !not_worth(c, b, load) {
                            (*expand_on_clo, *expand_on_chi) = (false, true);
                            return Some((load, width));
                        }
                    }
                }
                if let Some(lo) = c.initial_lo.filter(|&lo| bisect > lo) {
                    let width = e.width(c.global);
                    if let Some(load) = c.limits.handle(c.r, c.r.at(clo.int + width), tw, Some(clo), Some(chi)) {
                        if load < bisect && load > lo && !not_worth(c, b, load) {
                            (*expand_on_clo, *expand_on_chi) = (true, false);
                            return Some((load, width));
                        }
                    }
                }
                if not_worth(c, b, bisect) {
                    return None;
                }
                (*expand_on_clo, *expand_on_chi) = (false, false);
                let width = (bisect.int - clo.int).min(chi.int - bisect.int);
                e.limit(width);
                Some((bisect, width))
            }
        }
    }

    /// After this strategy's load was measured: grow the step when the bound moved the
    /// way the strategy extended.
    pub(crate) fn won(&self, e: &mut Expander, global: &mut i64, b: &Bounds, load: Load) {
        let expand = match *self {
            Kind::ExtendLo => b.chi() == Some(load),
            Kind::ExtendHi => b.clo() == Some(load),
            Kind::Bisect { expand_on_clo, expand_on_chi } => {
                (expand_on_clo && b.clo() == Some(load)) || (expand_on_chi && b.chi() == Some(load))
            }
            _ => false,
        };
        if expand {
            e.expand(global);
        }
    }
}
