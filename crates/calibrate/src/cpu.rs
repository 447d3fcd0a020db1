//! The clock and the core: the time-stamp counter, its rate, and pinning a thread.
//!
//! The measurements count in TSC cycles, as pma_tools and MLC do; on a machine with an
//! invariant TSC (`constant_tsc nonstop_tsc`) that is a fixed clock, so cycles convert
//! to nanoseconds by the rate [`tsc_hz`] measures against `CLOCK_MONOTONIC`.

use std::io;
use std::time::{Duration, Instant};

/// The time-stamp counter (x86-64), or nanoseconds of the monotonic clock elsewhere.
#[inline(always)]
pub fn cycles() -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: RDTSC has no preconditions on x86-64.
        unsafe { core::arch::x86_64::_rdtsc() }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        use std::sync::OnceLock;
        static START: OnceLock<Instant> = OnceLock::new();
        START.get_or_init(Instant::now).elapsed().as_nanos() as u64
    }
}

/// The counter's rate in Hz: cycles over 100 ms of the monotonic clock, the median of
/// three windows.
pub fn tsc_hz() -> f64 {
    let mut v: Vec<f64> = (0..3)
        .map(|_| {
            let (t0, c0) = (Instant::now(), cycles());
            std::thread::sleep(Duration::from_millis(100));
            let (c1, t1) = (cycles(), Instant::now());
            (c1 - c0) as f64 / (t1 - t0).as_secs_f64()
        })
        .collect();
    v.sort_by(f64::total_cmp);
    v[1]
}

/// Pins the calling thread to one core.
pub fn pin(core: usize) -> io::Result<()> {
    // SAFETY: a zeroed cpu_set_t is the empty set; CPU_SET writes inside it (core is
    // checked against its size first) and sched_setaffinity only reads it.
    unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        if core >= 8 * std::mem::size_of::<libc::cpu_set_t>() {
            return Err(io::Error::from_raw_os_error(libc::EINVAL));
        }
        libc::CPU_SET(core, &mut set);
        if libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set) != 0 {
            return Err(io::Error::last_os_error());
        }
    }
    Ok(())
}

/// Runs `f` on a new thread pinned to `core` and returns its result.
pub fn on_core<T: Send + 'static>(core: usize, f: impl FnOnce() -> T + Send + 'static) -> io::Result<T> {
    let h = std::thread::Builder::new().name(format!("calibrate-{core}")).spawn(move || {
        pin(core)?;
        Ok(f())
    })?;
    h.join().map_err(|_| io::Error::other("calibration thread panicked"))?
}
