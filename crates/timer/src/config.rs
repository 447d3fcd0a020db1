//! [`WheelConfig`]: the shape of a [`TimerWheel`](crate::TimerWheel), and its validation.

/// The shape of a timing wheel: `levels` levels of `buckets` buckets, the buckets of
/// level 0 spanning one tick of `tick_ns` each, those of level `l` spanning `buckets^l` ticks.
///
/// The horizon, `buckets^levels` ticks, is how far ahead the wheel itself reaches; later
/// deadlines wait in an overflow list, re-placed in one pass half a horizon before the
/// earliest of them is due.
///
/// With `run`, a timer whose deadline is at or after every other one that came that way
/// bypasses the wheel: it is appended to a sorted run (see [`TimerWheel`](crate::TimerWheel)).
///
/// The default is 1 µs ticks, 1024 buckets, 3 levels (TRex's `buckets` and `levels`, with a
/// finer tick than its 20 µs `bucket_time_usec`): level 0 covers ~1 ms at 1 µs, level 1
/// ~1 s at ~1 ms, level 2 ~18 min at ~1 s; the horizon is 2^30 µs, about 17.9 minutes; and
/// the run on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WheelConfig {
    /// The width of one tick (one level-0 bucket) in nanoseconds; at least 1.
    pub tick_ns: u64,
    /// Buckets per level: a power of two from 2 to 65536.
    pub buckets: u32,
    /// The number of levels: 1 to 8.
    pub levels: u8,
    /// Whether timers set in deadline order go to the sorted run instead of the wheel.
    pub run: bool,
}

impl WheelConfig {
    /// The most buckets a level may have.
    pub const MAX_BUCKETS: u32 = 1 << 16;
    /// The most levels a wheel may have.
    pub const MAX_LEVELS: u8 = 8;

    /// Checks that the shape is one a wheel can be built with.
    pub fn validate(&self) -> Result<(), WheelConfigError> {
        if self.tick_ns == 0 {
            return Err(WheelConfigError::ZeroTick);
        }
        if !self.buckets.is_power_of_two() || !(2..=Self::MAX_BUCKETS).contains(&self.buckets) {
            return Err(WheelConfigError::Buckets(self.buckets));
        }
        if !(1..=Self::MAX_LEVELS).contains(&self.levels) {
            return Err(WheelConfigError::Levels(self.levels));
        }
        Ok(())
    }

    /// The number of ticks the wheel covers before deadlines go to the overflow list,
    /// `buckets^levels`, or `None` when that does not fit in a `u64` (no overflow list needed).
    pub fn horizon_ticks(&self) -> Option<u64> {
        u64::from(self.buckets).checked_pow(u32::from(self.levels))
    }
}

impl Default for WheelConfig {
    fn default() -> Self {
        WheelConfig { tick_ns: 1_000, buckets: 1024, levels: 3, run: true }
    }
}

/// Why a [`WheelConfig`] was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WheelConfigError {
    /// `tick_ns` was zero.
    #[error("wheel tick_ns must be at least 1 ns")]
    ZeroTick,
    /// `buckets` was not a power of two between 2 and 65536.
    #[error("wheel buckets must be a power of two from 2 to 65536, got {0}")]
    Buckets(u32),
    /// `levels` was not between 1 and 8.
    #[error("wheel levels must be from 1 to 8, got {0}")]
    Levels(u8),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validates() {
        let ok = WheelConfig::default();
        assert_eq!(ok.validate(), Ok(()));
        assert_eq!(ok.horizon_ticks(), Some(1 << 30));
        assert_eq!(WheelConfig { tick_ns: 0, ..ok }.validate(), Err(WheelConfigError::ZeroTick));
        for buckets in [0, 1, 3, 1000, 1 << 17] {
            assert_eq!(WheelConfig { buckets, ..ok }.validate(), Err(WheelConfigError::Buckets(buckets)));
        }
        for levels in [0, 9] {
            assert_eq!(WheelConfig { levels, ..ok }.validate(), Err(WheelConfigError::Levels(levels)));
        }
        let err = WheelConfig { buckets: 1000, ..ok }.validate().unwrap_err();
        assert_eq!(err.to_string(), "wheel buckets must be a power of two from 2 to 65536, got 1000");
        assert_eq!(WheelConfig { buckets: 65536, levels: 8, tick_ns: 1, run: false }.horizon_ticks(), None);
    }
}
