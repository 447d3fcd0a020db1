//! Small facts of the host every layer asks for, written once: the wall clock in the
//! kernel's timestamp unit, the process's peak memory, and the median of measurements.

/// `CLOCK_REALTIME` now, ns since the Unix epoch (what kernel receive timestamps read).
pub fn unix_now_ns() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
}

/// The process's peak resident memory (`VmHWM` of /proc/self/status), bytes; 0 where
/// /proc does not say.
pub fn peak_rss_bytes() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
            line.split_whitespace().nth(1)?.parse::<u64>().ok()
        })
        .map_or(0, |kib| kib * 1024)
}

/// The median of `v` (the upper one of an even count), sorting `v`; 0 when empty.
pub fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facts_are_sane() {
        assert_eq!(median(&mut []), 0.0);
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&mut [4.0, 1.0, 3.0, 2.0]), 3.0);
        // Past 2020, before 2100.
        assert!((1_577_836_800_000_000_000..4_102_444_800_000_000_000).contains(&unix_now_ns()));
        let rss = peak_rss_bytes();
        assert!(rss > 100_000 && rss < 1 << 40, "{rss}");
    }
}
