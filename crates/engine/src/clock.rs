//! The engine's clock: the TSC calibrated against CLOCK_MONOTONIC.
//!
//! Reading the TSC costs a few nanoseconds against ~20 for `clock_gettime`, and
//! workers read the clock once per batch. The TSC is used only where the CPU
//! says it is invariant (`constant_tsc` and `nonstop_tsc`); elsewhere the clock
//! falls back to `std::time::Instant`. Calibration measures ticks per
//! nanosecond over ~20 ms at start-up: good to ~1e-4 on a VM, which over an hour is
//! a third of a second. So a worker re-anchors its copy about once a second
//! ([`Clock::reanchor`]): it steers the TSC clock back onto CLOCK_MONOTONIC by slewing
//! its rate over the next second, never by stepping, so it never runs backwards.

use riptide_core::Nanos;
use std::time::{Duration, Instant};

/// A monotonic nanosecond clock shared (by copy) by all workers of a run.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    origin: Instant,
    tsc: Option<Tsc>,
}

#[derive(Clone, Copy, Debug)]
struct Tsc {
    /// The anchor: the clock read `anchor_ns` at `anchor_ticks`.
    anchor_ticks: u64,
    anchor_ns: u64,
    /// Nanoseconds per tick from here on, as a 32.32 fixed-point multiplier.
    ns_per_tick_fp: u64,
    /// The calibrated rate (the slewed one stays within 1% of it).
    base_fp: u64,
    /// The calibration point: ticks and reference ns, for the rate over the whole run.
    first_ticks: u64,
    first_ns: u64,
}

impl Tsc {
    #[inline]
    fn at(&self, ticks: u64) -> u64 {
        let d = ticks.wrapping_sub(self.anchor_ticks);
        self.anchor_ns + ((d as u128 * self.ns_per_tick_fp as u128) >> 32) as u64
    }

    /// Re-anchors at `ticks`, where the reference clock reads `real_ns`: the clock goes on
    /// from its own reading there (no step) at the rate that meets the reference
    /// `horizon_ns` later, kept within 1% of the calibrated rate.
    fn slew(&mut self, ticks: u64, real_ns: u64, horizon_ns: u64) {
        let ours = self.at(ticks);
        // The true rate, over everything since calibration (the longer, the better).
        let span_ticks = ticks.wrapping_sub(self.first_ticks) as u128;
        let span_ns = real_ns.saturating_sub(self.first_ns) as u128;
        let true_fp = if span_ticks > 0 && span_ns > 0 { (span_ns << 32) / span_ticks } else { self.base_fp as u128 };
        let want = real_ns.saturating_add(horizon_ns).saturating_sub(ours).max(1) as u128;
        let horizon_ticks = ((horizon_ns as u128) << 32) / true_fp.max(1);
        let fp = ((want << 32) / horizon_ticks.max(1)) as u64;
        let (lo, hi) = (self.base_fp - self.base_fp / 100, self.base_fp + self.base_fp / 100);
        self.anchor_ticks = ticks;
        self.anchor_ns = ours;
        self.ns_per_tick_fp = fp.clamp(lo, hi);
    }
}

impl Clock {
    /// Calibrates a clock (takes about 20 ms when the TSC is usable).
    pub fn calibrate() -> Self {
        let origin = Instant::now();
        let tsc = if tsc_invariant() { calibrate_tsc(origin) } else { None };
        Clock { origin, tsc }
    }

    /// A clock on `Instant` only.
    pub fn monotonic() -> Self {
        Clock { origin: Instant::now(), tsc: None }
    }

    /// Nanoseconds since the clock was made.
    #[inline]
    pub fn now(&self) -> Nanos {
        match self.tsc {
            Some(t) => Nanos(t.at(rdtsc())),
            None => Nanos(self.origin.elapsed().as_nanos() as u64),
        }
    }

    /// Steers this copy of the clock back onto CLOCK_MONOTONIC over the next second
    /// (call about once a second): it goes on from its own reading, at a rate within 1%
    /// of the calibrated one that meets CLOCK_MONOTONIC a second from now. Monotonic
    /// clocks need nothing.
    pub fn reanchor(&mut self) {
        let origin = self.origin;
        if let Some(t) = &mut self.tsc {
            let ticks = rdtsc();
            let real = origin.elapsed().as_nanos() as u64;
            t.slew(ticks, real, 1_000_000_000);
        }
    }

    /// How far this clock is from CLOCK_MONOTONIC now (ns, positive: ahead).
    pub fn offset_ns(&self) -> i64 {
        let real = self.origin.elapsed().as_nanos() as i64;
        self.now().0 as i64 - real
    }

    /// The source in use: `"tsc"` or `"monotonic"`.
    pub fn source(&self) -> &'static str {
        if self.tsc.is_some() {
            "tsc"
        } else {
            "monotonic"
        }
    }

    /// Waits until `at` sleeping, never spinning: for real-time threads, whose sleeps
    /// the kernel times without slack.
    pub fn sleep_until(&self, at: Nanos) {
        loop {
            let now = self.now();
            if now >= at {
                return;
            }
            std::thread::sleep(Duration::from_nanos((at.0 - now.0).min(1_000_000)));
        }
    }

    /// Waits until `at` (spinning for the last 20 us, sleeping before that).
    pub fn wait_until(&self, at: Nanos) {
        loop {
            let now = self.now();
            if now >= at {
                return;
            }
            let left = at.0 - now.0;
            if left > 60_000 {
                std::thread::sleep(Duration::from_nanos((left - 40_000).min(1_000_000)));
            } else {
                std::hint::spin_loop();
            }
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[inline]
fn rdtsc() -> u64 {
    // SAFETY: RDTSC has no preconditions on x86_64; it only reads the counter.
    #[allow(unused_unsafe)]
    unsafe {
        core::arch::x86_64::_rdtsc()
    }
}

#[cfg(not(target_arch = "x86_64"))]
#[inline]
fn rdtsc() -> u64 {
    0
}

fn tsc_invariant() -> bool {
    if !cfg!(target_arch = "x86_64") {
        return false;
    }
    match std::fs::read_to_string("/proc/cpuinfo") {
        Ok(s) => s.lines().find(|l| l.starts_with("flags")).is_some_and(|l| {
            l.split_whitespace().any(|f| f == "constant_tsc") && l.split_whitespace().any(|f| f == "nonstop_tsc")
        }),
        Err(_) => false,
    }
}

fn calibrate_tsc(origin: Instant) -> Option<Tsc> {
    let t0 = Instant::now();
    let c0 = rdtsc();
    std::thread::sleep(Duration::from_millis(20));
    let t1 = Instant::now();
    let c1 = rdtsc();
    let ns = (t1 - t0).as_nanos() as f64;
    let ticks = c1.wrapping_sub(c0) as f64;
    if ticks <= 0.0 || ns <= 0.0 {
        return None;
    }
    let ns_per_tick = ns / ticks;
    let fp = (ns_per_tick * (1u64 << 32) as f64) as u64;
    // The anchor: the clock reads the time since `origin` at c1.
    let at = (t1 - origin).as_nanos() as u64;
    Some(Tsc { anchor_ticks: c1, anchor_ns: at, ns_per_tick_fp: fp, base_fp: fp, first_ticks: c1, first_ns: at })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A TSC of 3 ticks per ns calibrated 0.5% fast converges onto the reference within
    /// a few re-anchorings, never running backwards.
    #[test]
    fn slewing_steers_a_miscalibrated_clock_back_without_steps() {
        let true_fp = (1u64 << 32) / 3; // 1/3 ns per tick
        let fp = true_fp + true_fp / 200;
        let mut t = Tsc { anchor_ticks: 0, anchor_ns: 0, ns_per_tick_fp: fp, base_fp: fp, first_ticks: 0, first_ns: 0 };
        let real = |ticks: u64| ticks / 3;
        let mut last = 0;
        let mut errors = vec![];
        for s in 1..=10u64 {
            let ticks = s * 3_000_000_000;
            // Readings inside the second never go backwards.
            for k in 0..10 {
                let now = t.at(ticks - 3_000_000_000 + k * 300_000_000);
                assert!(now >= last, "second {s}: {now} < {last}");
                last = now;
            }
            errors.push(t.at(ticks) as i64 - real(ticks) as i64);
            t.slew(ticks, real(ticks), 1_000_000_000);
        }
        // Uncorrected, the error would grow by 5 ms a second; slewed, it stays within
        // the first second's 5 ms and ends near zero.
        assert!(errors[0] > 4_000_000 && errors[0] < 6_000_000, "{errors:?}");
        assert!(errors.iter().skip(3).all(|e| e.abs() < 100_000), "{errors:?}");
    }

    /// On the real TSC: a re-anchored clock stays within a millisecond of
    /// CLOCK_MONOTONIC (and readings never go backwards across re-anchoring).
    #[test]
    fn a_reanchored_clock_stays_on_the_monotonic_clock() {
        let mut c = Clock::calibrate();
        let mut last = c.now();
        for _ in 0..6 {
            std::thread::sleep(Duration::from_millis(150));
            c.reanchor();
            let now = c.now();
            assert!(now >= last, "{now:?} < {last:?}");
            last = now;
            assert!(c.offset_ns().abs() < 1_000_000, "{} ns off ({})", c.offset_ns(), c.source());
        }
    }

    #[test]
    fn slewing_is_bounded_to_one_percent_of_the_calibrated_rate() {
        let fp = 1u64 << 32;
        let mut t = Tsc { anchor_ticks: 0, anchor_ns: 0, ns_per_tick_fp: fp, base_fp: fp, first_ticks: 0, first_ns: 0 };
        // The reference says 10 s passed where the clock counted 1 s: steer at +1% at most.
        t.slew(1_000_000_000, 10_000_000_000, 1_000_000_000);
        assert_eq!(t.anchor_ns, 1_000_000_000, "no step");
        assert_eq!(t.ns_per_tick_fp, fp + fp / 100);
        // And the other way: the reference far behind.
        t.slew(2_000_000_000, 0, 1_000_000_000);
        assert_eq!(t.ns_per_tick_fp, fp - fp / 100);
    }

    #[test]
    fn tracks_instant() {
        let c = Clock::calibrate();
        let a = c.now();
        let i = Instant::now();
        std::thread::sleep(Duration::from_millis(30));
        let b = c.now();
        let real = i.elapsed().as_nanos() as i64;
        let got = (b.0 - a.0) as i64;
        // Generous: a shared VM can stall; the point is the scale is right.
        assert!((got - real).abs() < real / 10 + 2_000_000, "clock {got} ns vs instant {real} ns ({})", c.source());
    }
}
