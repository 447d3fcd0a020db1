//! The retransmission timer (RFC 6298): smoothed RTT, its variance, and the RTO with backoff.

/// RTO bounds and the first RTO, in nanoseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RtoConfig {
    /// The RTO before the first sample (RFC 6298 says 1 s).
    pub initial_ns: u64,
    /// The floor (RFC 6298: 1 s; Linux: 200 ms).
    pub min_ns: u64,
    /// The ceiling (RFC 6298: at least 60 s; Linux: 120 s).
    pub max_ns: u64,
}

impl Default for RtoConfig {
    fn default() -> Self {
        RtoConfig { initial_ns: 1_000_000_000, min_ns: 200_000_000, max_ns: 60_000_000_000 }
    }
}

/// The clock granularity G of RFC 6298 §2, in microseconds.
const GRANULARITY_US: u32 = 1_000;

/// SRTT, RTTVAR and the RTO of one connection, in microseconds (12 bytes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RttEstimator {
    srtt_us: u32,
    rttvar_us: u32,
    /// The RTO without backoff; 0 until the first sample.
    base_rto_us: u32,
    /// Times the RTO has been doubled since the last sample.
    backoff: u8,
}

impl RttEstimator {
    /// Takes one RTT sample (RFC 6298 §2.2 and §2.3) and clears the backoff.
    pub fn sample(&mut self, rtt_ns: u64, config: &RtoConfig) {
        let r = (rtt_ns / 1_000).min(u64::from(u32::MAX / 8)) as u32;
        if self.base_rto_us == 0 {
            self.srtt_us = r;
            self.rttvar_us = r / 2;
        } else {
            let delta = self.srtt_us.abs_diff(r);
            self.rttvar_us = self.rttvar_us - self.rttvar_us / 4 + delta / 4;
            self.srtt_us = self.srtt_us - self.srtt_us / 8 + r / 8;
        }
        let rto = u64::from(self.srtt_us) + u64::from(GRANULARITY_US.max(4 * self.rttvar_us));
        let rto_ns = (rto * 1_000).clamp(config.min_ns, config.max_ns);
        self.base_rto_us = (rto_ns / 1_000).max(1) as u32;
        self.backoff = 0;
    }

    /// Doubles the RTO after a timeout (RFC 6298 §5.5).
    pub fn back_off(&mut self) {
        self.backoff = self.backoff.saturating_add(1).min(30);
    }

    /// The current RTO, backoff applied, in nanoseconds.
    pub fn rto_ns(&self, config: &RtoConfig) -> u64 {
        let base = if self.base_rto_us == 0 { config.initial_ns } else { u64::from(self.base_rto_us) * 1_000 };
        base.saturating_mul(1 << self.backoff).min(config.max_ns)
    }

    /// The smoothed RTT in nanoseconds (0 before the first sample).
    pub fn srtt_ns(&self) -> u64 {
        u64::from(self.srtt_us) * 1_000
    }

    /// Times the RTO was doubled since the last sample.
    pub fn backoff(&self) -> u8 {
        self.backoff
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: u64 = 1_000_000;

    #[test]
    fn follows_rfc_6298() {
        let config = RtoConfig { initial_ns: 1_000 * MS, min_ns: MS, max_ns: 60_000 * MS };
        let mut rtt = RttEstimator::default();
        assert_eq!(rtt.rto_ns(&config), 1_000 * MS);
        rtt.sample(100 * MS, &config);
        // SRTT = 100, RTTVAR = 50, RTO = 100 + 4 * 50.
        assert_eq!(rtt.srtt_ns(), 100 * MS);
        assert_eq!(rtt.rto_ns(&config), 300 * MS);
        rtt.sample(200 * MS, &config);
        // RTTVAR = 3/4 * 50 + 1/4 * 100 = 62.5; SRTT = 7/8 * 100 + 1/8 * 200 = 112.5.
        assert_eq!(rtt.srtt_ns(), 112_500_000);
        assert_eq!(rtt.rto_ns(&config), 362_500_000);
        rtt.back_off();
        rtt.back_off();
        assert_eq!(rtt.rto_ns(&config), 4 * 362_500_000);
        rtt.sample(112_500_000, &config);
        assert_eq!(rtt.backoff(), 0);
    }

    #[test]
    fn clamps_to_the_bounds() {
        let config = RtoConfig::default();
        let mut rtt = RttEstimator::default();
        rtt.sample(10_000, &config);
        assert_eq!(rtt.rto_ns(&config), config.min_ns);
        for _ in 0..40 {
            rtt.back_off();
        }
        assert_eq!(rtt.rto_ns(&config), config.max_ns);
    }
}
