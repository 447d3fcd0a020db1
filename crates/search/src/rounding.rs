//! Discrete loads: the search measures only at loads on a fixed logarithmic grid between
//! the minimum and the maximum load, so that widths are whole numbers of grid steps and
//! a relative width goal is met exactly (MLRsearch's `LoadRounding`).
//!
//! Grid point `i` of `0..=max_int` has the load `min * (max/min)^(i/max_int)`, computed
//! by bisection in MLRsearch's order (each midpoint interpolated geometrically between
//! the two points that bracket it) so that every load is bit-for-bit the one MLRsearch
//! measures; the trial-count comparison with it depends on that.

use crate::SearchError;

/// The grid of loads between `min` and `max`.
#[derive(Clone, Debug)]
pub struct Rounding {
    min: f64,
    max: f64,
    max_int: i64,
}

/// Where the grid step lies relative to each width goal: a goal is between 0.99 and
/// 0.999999 grid steps' worth of whole steps (MLRsearch's qualities).
const QUALITY_LOWER: f64 = 0.99;
const QUALITY_UPPER: f64 = 0.999_999;

impl Rounding {
    /// A grid fine enough for every relative width in `widths` (each in (0, 1)).
    pub fn new(min: f64, max: f64, widths: &[f64]) -> Result<Self, SearchError> {
        if !(min > 0.0 && min < max && max.is_finite()) {
            return Err(SearchError::Loads { min, max });
        }
        let mut goals: Vec<f64> = widths.to_vec();
        goals.sort_by(f64::total_cmp);
        goals.dedup();
        let log_width = max.ln() - min.ln();
        let log_goals: Vec<f64> = goals.iter().map(|g| -(-g).ln_1p()).collect();
        let mut candidate: i64 = 1;
        loop {
            let unit = log_width / candidate as f64;
            let mut next = (candidate + 1) as f64;
            let mut acceptable = true;
            for &lg in &log_goals {
                let units = lg / unit;
                let whole = units.floor();
                let quality = whole / units;
                if !(QUALITY_LOWER..=QUALITY_UPPER).contains(&quality) {
                    acceptable = false;
                    let target = (whole + 1.0) / QUALITY_UPPER;
                    next = next.max(target / units * candidate as f64);
                }
            }
            if acceptable {
                return Ok(Rounding { min, max, max_int: candidate });
            }
            candidate = next.ceil() as i64;
            if candidate > 1 << 40 {
                return Err(SearchError::Loads { min, max });
            }
        }
    }

    /// The minimum load (grid point 0).
    pub fn min(&self) -> f64 {
        self.min
    }

    /// The maximum load (the last grid point).
    pub fn max(&self) -> f64 {
        self.max
    }

    /// The index of the last grid point.
    pub fn max_int(&self) -> i64 {
        self.max_int
    }

    /// The load of grid point `i` (clamped to the grid).
    pub fn int2float(&self, i: i64) -> f64 {
        if i <= 0 {
            return self.min;
        }
        if i >= self.max_int {
            return self.max;
        }
        let (mut lo, mut hi, mut lo_load, mut hi_load) = (0i64, self.max_int, self.min, self.max);
        loop {
            let (mid, mid_load) = midpoint(lo, hi, lo_load, hi_load);
            match mid.cmp(&i) {
                std::cmp::Ordering::Less => (lo, lo_load) = (mid, mid_load),
                std::cmp::Ordering::Greater => (hi, hi_load) = (mid, mid_load),
                std::cmp::Ordering::Equal => return mid_load,
            }
        }
    }

    /// The last grid point whose load is not above `load`.
    pub fn float2int(&self, load: f64) -> i64 {
        if load <= self.min {
            return 0;
        }
        if load >= self.max {
            return self.max_int;
        }
        let (mut lo, mut hi, mut lo_load, mut hi_load) = (0i64, self.max_int, self.min, self.max);
        while hi - lo >= 2 {
            let (mid, mid_load) = midpoint(lo, hi, lo_load, hi_load);
            if mid_load < load {
                (lo, lo_load) = (mid, mid_load);
            } else if mid_load > load {
                (hi, hi_load) = (mid, mid_load);
            } else {
                return mid;
            }
        }
        lo
    }

    /// A load at `value`, possibly between grid points.
    pub(crate) fn load(&self, value: f64) -> Load {
        Load { int: self.float2int(value), value }
    }

    /// The load of grid point `i`.
    pub(crate) fn at(&self, i: i64) -> Load {
        Load { int: i, value: self.int2float(i) }
    }

    /// The grid load at or below `load`.
    pub(crate) fn round_down(&self, load: Load) -> Load {
        self.at(load.int)
    }

    /// `load * coefficient` (not rounded).
    pub(crate) fn scale(&self, load: Load, coefficient: f64) -> Load {
        self.load(load.value * coefficient)
    }

    /// The relative width of `width` grid steps above the minimum load.
    pub fn relative(&self, width: i64) -> f64 {
        let up = self.int2float(width);
        (up - self.min) / up
    }

    /// The whole number of grid steps in a relative width (rounded down).
    pub(crate) fn width(&self, relative: f64) -> i64 {
        let increased = self.min / (1.0 - relative);
        let mut i = self.float2int(increased);
        if self.int2float(i) > increased {
            i -= 1;
        }
        i
    }
}

/// The grid point halfway (in index) between `lo` and `hi`, and its load.
fn midpoint(lo: i64, hi: i64, lo_load: f64, hi_load: f64) -> (i64, f64) {
    let mid = (lo + hi) / 2;
    let mut log_coeff = hi_load.ln() - lo_load.ln();
    log_coeff *= (mid - lo) as f64 / (hi - lo) as f64;
    (mid, lo_load * log_coeff.exp())
}

/// A load: its value in frames per second and the grid point at or below it. Loads
/// compare by value; a load is on the grid ("round") when its value is its point's.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Load {
    pub(crate) int: i64,
    pub(crate) value: f64,
}

impl PartialEq for Load {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}

impl PartialOrd for Load {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        self.value.partial_cmp(&other.value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_round_trips_and_is_monotonic() {
        let r = Rounding::new(9001.0, 14.88e6, &[0.005]).unwrap();
        let mut prev = 0.0;
        for i in 0..=r.max_int() {
            let v = r.int2float(i);
            assert!(v > prev, "point {i}");
            assert_eq!(r.float2int(v), i);
            prev = v;
        }
        assert_eq!(r.int2float(0), 9001.0);
        assert_eq!(r.int2float(r.max_int()), 14.88e6);
    }

    #[test]
    fn a_goal_width_is_a_whole_number_of_steps_just_under_it() {
        let r = Rounding::new(9001.0, 14.88e6, &[0.005]).unwrap();
        let w = r.width(0.005);
        assert!(w >= 1);
        let rel = r.relative(w);
        assert!(rel <= 0.005 && rel > 0.005 * QUALITY_LOWER * 0.999, "{rel}");
    }

    #[test]
    fn bad_limits_are_refused() {
        assert!(Rounding::new(0.0, 1.0, &[0.005]).is_err());
        assert!(Rounding::new(2.0, 1.0, &[0.005]).is_err());
        assert!(Rounding::new(1.0, f64::INFINITY, &[0.005]).is_err());
    }
}
