//! [`TickDivisor`]: nanoseconds to ticks without a hardware divide on the hot path.

/// Divides by a fixed tick width with one 64x64->128 multiply and at most one correction,
/// exact for every `u64` (a 64-bit `div` costs tens of cycles, more than the rest of an insert).
#[derive(Debug, Clone, Copy)]
pub(crate) struct TickDivisor {
    tick_ns: u64,
    /// `floor((2^64 - 1) / tick_ns)`: `n * magic >> 64` is `n / tick_ns` or one less.
    magic: u64,
}

impl TickDivisor {
    /// A divisor for `tick_ns` (0 counts as 1).
    pub(crate) const fn new(tick_ns: u64) -> Self {
        let tick_ns = if tick_ns == 0 { 1 } else { tick_ns };
        TickDivisor { tick_ns, magic: u64::MAX / tick_ns }
    }

    /// The tick width in nanoseconds.
    pub(crate) const fn tick_ns(self) -> u64 {
        self.tick_ns
    }

    /// `ns / tick_ns`.
    #[inline]
    pub(crate) const fn ticks(self, ns: u64) -> u64 {
        // magic > 2^64/d - 1, so n*magic/2^64 > n/d - 1: the estimate is q or q - 1, never above.
        let q = ((ns as u128 * self.magic as u128) >> 64) as u64;
        if ns - q * self.tick_ns >= self.tick_ns {
            q + 1
        } else {
            q
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn edges() {
        for d in [1, 2, 3, 7, 10, 1000, 1024, 20_000, u64::MAX / 3, u64::MAX - 1, u64::MAX] {
            let div = TickDivisor::new(d);
            for n in [0, 1, d - 1, d, d.wrapping_add(1), 2 * (d / 2), u64::MAX - 1, u64::MAX] {
                assert_eq!(div.ticks(n), n / d, "{n} / {d}");
            }
        }
        assert_eq!(TickDivisor::new(0).ticks(5), 5);
    }

    proptest! {
        #[test]
        fn matches_division(n: u64, d in 1..u64::MAX, small in 1..100_000u64) {
            prop_assert_eq!(TickDivisor::new(d).ticks(n), n / d);
            prop_assert_eq!(TickDivisor::new(small).ticks(n), n / small);
        }
    }
}
