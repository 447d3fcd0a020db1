//! The engine's clock: the TSC calibrated against CLOCK_MONOTONIC.
//!
//! Reading the TSC costs a few nanoseconds against ~20 for `clock_gettime`, and
//! workers read the clock once per batch. The TSC is used only where the CPU
//! says it is invariant (`constant_tsc` and `nonstop_tsc`); elsewhere the clock
//! falls back to `std::time::Instant`. Calibration measures ticks per
//! nanosecond over ~20 ms at start-up.

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
    origin_ticks: u64,
    /// Nanoseconds per tick, as a 32.32 fixed-point multiplier.
    ns_per_tick_fp: u64,
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
            Some(t) => {
                let d = rdtsc().wrapping_sub(t.origin_ticks);
                Nanos(((d as u128 * t.ns_per_tick_fp as u128) >> 32) as u64)
            }
            None => Nanos(self.origin.elapsed().as_nanos() as u64),
        }
    }

    /// The source in use: `"tsc"` or `"monotonic"`.
    pub fn source(&self) -> &'static str {
        if self.tsc.is_some() {
            "tsc"
        } else {
            "monotonic"
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
    // Express ticks at `origin`: ticks elapsed since origin, converted back.
    let since_origin = (t1 - origin).as_nanos() as f64;
    let origin_ticks = c1.wrapping_sub((since_origin / ns_per_tick) as u64);
    Some(Tsc { origin_ticks, ns_per_tick_fp: (ns_per_tick * (1u64 << 32) as f64) as u64 })
}

#[cfg(test)]
mod tests {
    use super::*;

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
