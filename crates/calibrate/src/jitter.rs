//! Core jitter, pma_tools' method: a thread pinned to a core times a fixed dummy loop
//! back to back with the TSC. A sample that takes much longer than the typical (median)
//! one was interrupted (an interrupt, a timer tick, a kernel thread, the hypervisor) for
//! about the difference. The median, not the fastest sample, is the reference: on a
//! virtual machine the loop runs at two speeds (the host's SMT sibling of the vCPU busy
//! or idle), and the slower speed is a slowdown, not an interruption. On an isolated
//! core of a bare-metal machine the two are within a few cycles.
//!
//! [`measure`] collects the samples on a core; [`summarize`] is pure: samples in, the
//! per-interval table pma_tools prints (Inst_Min, Inst_Max, Inst_jitter, Last_Exec,
//! Abs_Min, Abs_Max) and what it lacks: interruptions over a threshold per second and a
//! histogram of their lengths in ns.

use serde::{Deserialize, Serialize};
use std::io;
use std::time::Duration;

/// What to measure.
#[derive(Clone, Copy, Debug)]
pub struct JitterConfig {
    /// How long per core.
    pub duration: Duration,
    /// Iterations of the dummy loop per sample (pma_tools: 80,000, ~160k cycles).
    pub loop_iters: u64,
    /// A sample slower than the median by more than this many ns counts as an
    /// interruption.
    pub threshold_ns: f64,
    /// The display interval (pma_tools: about a second).
    pub interval: Duration,
}

impl Default for JitterConfig {
    fn default() -> Self {
        JitterConfig {
            duration: Duration::from_secs(10),
            loop_iters: 80_000,
            threshold_ns: 1_000.0,
            interval: Duration::from_secs(1),
        }
    }
}

/// One display interval, as pma_tools prints it (cycles).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Interval {
    /// The fastest sample of the interval.
    pub inst_min: u64,
    /// The slowest sample of the interval.
    pub inst_max: u64,
    /// inst_max - inst_min.
    pub inst_jitter: u64,
    /// The interval's last sample.
    pub last_exec: u64,
    /// The fastest sample so far.
    pub abs_min: u64,
    /// The slowest sample so far.
    pub abs_max: u64,
    /// Samples in the interval.
    pub samples: u64,
    /// Samples over the threshold in the interval.
    pub interruptions: u64,
}

/// One bin of the interruption histogram: lengths in [lo_ns, hi_ns).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Bin {
    /// Lower edge, ns.
    pub lo_ns: f64,
    /// Upper edge, ns; None for the last bin (everything longer).
    pub hi_ns: Option<f64>,
    /// Interruptions of that length.
    pub count: u64,
}

/// One core's jitter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CoreJitter {
    /// The core.
    pub core: usize,
    /// Dummy-loop iterations per sample.
    pub loop_iters: u64,
    /// TSC rate used for the ns figures.
    pub tsc_hz: f64,
    /// Samples taken.
    pub samples: u64,
    /// Seconds measured.
    pub seconds: f64,
    /// The per-interval table.
    pub intervals: Vec<Interval>,
    /// Fastest sample, cycles (the loop's cost uninterrupted).
    pub abs_min: u64,
    /// Slowest sample, cycles.
    pub abs_max: u64,
    /// Median sample, cycles.
    pub p50: u64,
    /// 99th percentile, cycles.
    pub p99: u64,
    /// 99.9th percentile, cycles.
    pub p999: u64,
    /// abs_max - abs_min, cycles (pma_tools' overall jitter).
    pub jitter: u64,
    /// abs_max - abs_min in ns.
    pub jitter_ns: f64,
    /// The threshold, ns.
    pub threshold_ns: f64,
    /// Samples slower than the median (p50) by more than the threshold.
    pub interruptions: u64,
    /// interruptions per second.
    pub interruptions_per_s: f64,
    /// Share of the core's time lost to interruptions (their excess over the median,
    /// summed, over the time measured).
    pub lost_fraction: f64,
    /// Interruption lengths (excess over the median), ns, in 1-2-5 bins from 1 us.
    pub histogram: Vec<Bin>,
}

/// The histogram's bin edges in ns: 1-2-5 steps from 1 us to 10 ms, then everything longer.
pub const BIN_EDGES_NS: [f64; 13] = [1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6, 2e6, 5e6, 1e7];

/// The dummy workload: pma_tools' `for (volatile long i = 0; i < n; i++);`, exactly as
/// gcc -O2 compiles it (a load, an add, a store and a load through the stack per
/// iteration), so riptide's loop costs what pma_tools' does on the same core (built
/// with its loops aligned to 64 bytes, as this one is). LLVM
/// would fuse the add into one read-modify-write instruction, which runs twice as fast
/// on some cores; hence the assembly.
#[inline(never)]
pub fn dummy(n: u64) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: the block moves rsp down 8 bytes for its own slot and restores it before
    // it ends; it touches no other memory and clobbers only the declared register and
    // the flags.
    unsafe {
        core::arch::asm!(
            "sub rsp, 8",
            "mov qword ptr [rsp], 0",
            "mov {t}, qword ptr [rsp]",
            "cmp {t}, {n}",
            "jge 3f",
            // The loop never straddles a 64-byte line: one that does costs up to
            // three times as much on some cores (Zen 3), whichever tool runs it.
            ".p2align 6",
            "2:",
            "mov {t}, qword ptr [rsp]",
            "add {t}, 1",
            "mov qword ptr [rsp], {t}",
            "mov {t}, qword ptr [rsp]",
            "cmp {t}, {n}",
            "jl 2b",
            "3:",
            "add rsp, 8",
            n = in(reg) n.min(i64::MAX as u64),
            t = out(reg) _,
        );
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let mut i = 0u64;
        let p = &mut i as *mut u64;
        // SAFETY: p points at a live local for the whole loop.
        unsafe {
            while core::ptr::read_volatile(p) < n {
                core::ptr::write_volatile(p, core::ptr::read_volatile(p) + 1);
            }
        }
    }
}

/// Times the dummy loop on the calling thread for `duration`: (end TSC, cycles) per sample.
pub fn sample_here(cfg: &JitterConfig, tsc_hz: f64) -> Vec<(u64, u64)> {
    let budget = (cfg.duration.as_secs_f64() * tsc_hz) as u64;
    let mut out = Vec::with_capacity((cfg.duration.as_secs_f64() * 40_000.0) as usize + 16);
    let start = crate::cpu::cycles();
    loop {
        let a = crate::cpu::cycles();
        dummy(cfg.loop_iters);
        let b = crate::cpu::cycles();
        out.push((b, b.wrapping_sub(a)));
        if b.wrapping_sub(start) >= budget {
            break;
        }
    }
    out
}

/// Measures one core: pins a thread there, samples, summarises.
pub fn measure(core: usize, cfg: &JitterConfig, tsc_hz: f64) -> io::Result<CoreJitter> {
    let c = *cfg;
    let samples = crate::cpu::on_core(core, move || sample_here(&c, tsc_hz))?;
    Ok(summarize(core, &samples, tsc_hz, cfg))
}

/// The figures of one core's samples ((end TSC, cycles) in order).
pub fn summarize(core: usize, samples: &[(u64, u64)], tsc_hz: f64, cfg: &JitterConfig) -> CoreJitter {
    let ns = |c: u64| c as f64 * 1e9 / tsc_hz;
    let mut sorted: Vec<u64> = samples.iter().map(|s| s.1).collect();
    sorted.sort_unstable();
    let pick = |q: f64| sorted.get(((sorted.len() as f64 * q) as usize).min(sorted.len().saturating_sub(1))).copied();
    let abs_min = sorted.first().copied().unwrap_or(0);
    let abs_max = sorted.last().copied().unwrap_or(0);
    let typical = pick(0.5).unwrap_or(0);
    let threshold = (cfg.threshold_ns * tsc_hz / 1e9) as u64;
    let over = |d: u64| d.saturating_sub(typical) > threshold;

    let mut intervals = vec![];
    let interval = (cfg.interval.as_secs_f64() * tsc_hz) as u64;
    let first = samples.first().map_or(0, |s| s.0.wrapping_sub(s.1));
    let (mut run_min, mut run_max) = (u64::MAX, 0u64);
    let mut cur: Option<Interval> = None;
    let mut start = first;
    for &(end, d) in samples {
        run_min = run_min.min(d);
        run_max = run_max.max(d);
        let iv = cur.get_or_insert(Interval {
            inst_min: u64::MAX,
            inst_max: 0,
            inst_jitter: 0,
            last_exec: 0,
            abs_min: 0,
            abs_max: 0,
            samples: 0,
            interruptions: 0,
        });
        iv.inst_min = iv.inst_min.min(d);
        iv.inst_max = iv.inst_max.max(d);
        iv.last_exec = d;
        iv.samples += 1;
        iv.interruptions += u64::from(over(d));
        if end.wrapping_sub(start) >= interval {
            let mut done = cur.take().unwrap_or_else(|| unreachable!());
            done.inst_jitter = done.inst_max - done.inst_min;
            done.abs_min = run_min;
            done.abs_max = run_max;
            intervals.push(done);
            start = end;
        }
    }
    // A last partial interval counts only if it is at least half an interval long.
    if let (Some(mut iv), Some(&(end, _))) = (cur, samples.last()) {
        if end.wrapping_sub(start) * 2 >= interval {
            iv.inst_jitter = iv.inst_max - iv.inst_min;
            iv.abs_min = run_min;
            iv.abs_max = run_max;
            intervals.push(iv);
        }
    }

    let mut histogram: Vec<Bin> = BIN_EDGES_NS
        .iter()
        .enumerate()
        .map(|(i, &lo)| Bin { lo_ns: lo, hi_ns: BIN_EDGES_NS.get(i + 1).copied(), count: 0 })
        .collect();
    let (mut interruptions, mut lost) = (0u64, 0u64);
    for &(_, d) in samples {
        if over(d) {
            interruptions += 1;
            let excess = d - typical;
            lost += excess;
            let len = ns(excess);
            if let Some(b) = histogram.iter_mut().rev().find(|b| len >= b.lo_ns) {
                b.count += 1;
            }
        }
    }
    let span = match (samples.first(), samples.last()) {
        (Some(f), Some(l)) => l.0.wrapping_sub(f.0.wrapping_sub(f.1)),
        _ => 0,
    };
    let seconds = span as f64 / tsc_hz;
    CoreJitter {
        core,
        loop_iters: cfg.loop_iters,
        tsc_hz,
        samples: samples.len() as u64,
        seconds,
        intervals,
        abs_min,
        abs_max,
        p50: typical,
        p99: pick(0.99).unwrap_or(0),
        p999: pick(0.999).unwrap_or(0),
        jitter: abs_max - abs_min,
        jitter_ns: ns(abs_max - abs_min),
        threshold_ns: cfg.threshold_ns,
        interruptions,
        interruptions_per_s: if seconds > 0.0 { interruptions as f64 / seconds } else { 0.0 },
        lost_fraction: if span > 0 { lost as f64 / span as f64 } else { 0.0 },
        histogram,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A synthetic core at 1 GHz (1 cycle = 1 ns): 100,000 and 100,500-cycle samples (the
    /// median 100,500), one 2.5 us and one 39.5 us interruption beyond it.
    #[test]
    fn intervals_and_interruptions_come_from_the_samples() {
        let cfg = JitterConfig { interval: Duration::from_millis(1), ..JitterConfig::default() };
        let mut t = 0u64;
        let mut samples = vec![];
        for i in 0..23u64 {
            let d = match i {
                3 => 103_000,
                17 => 140_000,
                i if i % 2 == 0 => 100_500,
                _ => 100_000,
            };
            t += d;
            samples.push((t, d));
        }
        let j = summarize(0, &samples, 1e9, &cfg);
        assert_eq!((j.abs_min, j.abs_max, j.jitter), (100_000, 140_000, 40_000));
        assert_eq!(j.interruptions, 2);
        assert_eq!(j.histogram[1].count, 1, "3 us is in [2, 5) us");
        assert_eq!(j.histogram[4].count, 1, "40 us is in [20, 50) us");
        // 1 ms intervals of ~100 us samples: 10 samples each, the last 3 dropped as partial.
        assert_eq!(j.intervals.len(), 2);
        assert_eq!(j.intervals[0].inst_max, 103_000);
        assert_eq!(j.intervals[0].inst_jitter, 3_000);
        assert_eq!(j.intervals[1].inst_max, 140_000);
        assert_eq!(j.intervals[1].abs_max, 140_000);
        assert_eq!(j.intervals[0].interruptions + j.intervals[1].interruptions, 2);
        assert_eq!(j.p50, 100_500);
        assert!((j.lost_fraction - 42_000.0 / t as f64).abs() < 1e-9);
    }

    #[test]
    fn the_dummy_loop_takes_time_in_proportion_to_its_count() {
        let time = |n| {
            let a = crate::cpu::cycles();
            dummy(n);
            crate::cpu::cycles() - a
        };
        // Alternating, the fastest of five each: the host may slow the core for a while
        // (CI: 10,000 turns in 49,004 cycles, then 40,000 in 74,782 once measured one
        // after the other, the first at half speed).
        let (mut short, mut long) = (u64::MAX, u64::MAX);
        for _ in 0..5 {
            short = short.min(time(10_000));
            long = long.min(time(40_000));
        }
        assert!(long > 2 * short, "{short} vs {long}");
    }
}
