//! Memory latency by a dependent pointer chase, as MLC's `--idle_latency` and
//! `--loaded_latency` measure it.
//!
//! A buffer is cut into 64-byte lines linked in one random cycle (Sattolo's shuffle), so
//! each load's address comes from the previous load and neither the out-of-order core
//! nor the prefetchers can run ahead: the time per step is the latency of the level
//! that holds the buffer. Buffer sizes come from the machine's own caches (sysfs): half
//! of L1d, half of L2, an eighth of the LLC but at least two L2s (the LLC is shared by
//! every core of its complex, and on a VM partly someone else's: on the 2-vCPU EPYC VM
//! this was written on, a 32 MiB L3 answers like a cache only up to ~4 MiB), and for
//! DRAM eight LLCs, at least 256 MiB.
//!
//! Loaded latency: the chase runs on the first chosen core while the others read their
//! own buffers sequentially, one line then a delay loop of D iterations, for D from
//! large (little traffic) to 0 (all they can): latency against injected bandwidth.

use crate::buffer::Buffer;
use riptide_core::Rng;
use serde::{Deserialize, Serialize};
use std::io;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Cache sizes in bytes, from sysfs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CacheSizes {
    /// Level 1 data cache per core.
    pub l1d: Option<usize>,
    /// Level 2 cache.
    pub l2: Option<usize>,
    /// The last level (L3 where there is one).
    pub llc: Option<usize>,
}

/// The buffer size for each level: (name, bytes).
pub fn level_sizes(c: &CacheSizes) -> Vec<(&'static str, usize)> {
    let l1 = c.l1d.unwrap_or(32 << 10);
    let l2 = c.l2.unwrap_or(512 << 10).max(2 * l1);
    let llc = c.llc.unwrap_or(8 << 20).max(2 * l2);
    let mut v = vec![("L1", l1 / 2), ("L2", l2 / 2)];
    if c.llc.is_some() && llc > 4 * l2 {
        v.push(("LLC", (llc / 8).max(2 * l2)));
    }
    v.push(("DRAM", (8 * llc).max(256 << 20)));
    v
}

/// One level's latency.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Level {
    /// `L1`, `L2`, `LLC` or `DRAM`.
    pub level: String,
    /// Size of the chased buffer.
    pub buffer_bytes: usize,
    /// Nanoseconds per dependent load.
    pub ns: f64,
    /// The same in TSC clocks.
    pub clocks: f64,
}

/// The latency part of a calibration.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Latency {
    /// The core that chased.
    pub core: usize,
    /// The cache sizes the buffers came from.
    pub caches: CacheSizes,
    /// L1, L2, LLC (when there is one) and DRAM, in that order.
    pub levels: Vec<Level>,
}

/// One point of the loaded-latency curve.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LoadedPoint {
    /// The injectors' delay loop between lines (MLC's "Inject Delay").
    pub inject_delay: u64,
    /// The chase's latency meanwhile, ns.
    pub latency_ns: f64,
    /// Bandwidth of all the traffic (injected and chased), MB/s.
    pub bandwidth_mb_s: f64,
}

/// The loaded-latency part.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LoadedLatency {
    /// The chasing core.
    pub chase_core: usize,
    /// The injecting cores.
    pub injector_cores: Vec<usize>,
    /// MiB of each buffer.
    pub buffer_mib: usize,
    /// Seconds per point.
    pub seconds_per_point: f64,
    /// Latency with no injection, ns (the curve's floor).
    pub idle_ns: f64,
    /// Points in MLC's order: delay ascending (most traffic first).
    pub points: Vec<LoadedPoint>,
}

/// MLC's inject delays.
pub const MLC_DELAYS: [u64; 19] =
    [0, 2, 8, 15, 50, 100, 200, 300, 400, 500, 700, 1000, 1300, 1700, 2500, 3500, 5000, 9000, 20000];

/// The delays of a quick run.
pub const QUICK_DELAYS: [u64; 8] = [0, 2, 8, 15, 30, 50, 200, 1000];

/// A buffer whose 64-byte lines are linked into one random cycle.
pub struct Chain {
    buf: Buffer,
}

/// A position on a [`Chain`], valid while the chain lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cursor<'a> {
    p: *const usize,
    _chain: PhantomData<&'a Chain>,
}

impl Chain {
    /// Maps `bytes` (on huge pages where the kernel gives them) and links its lines in
    /// one cycle, shuffled by Sattolo's algorithm from `seed`.
    pub fn new(bytes: usize, seed: u64) -> io::Result<Chain> {
        let mut buf = Buffer::new(bytes)?;
        let lines = (bytes.min(buf.len()) / 64).max(2);
        let mut order: Vec<u32> = (0..lines as u32).collect();
        let mut rng = Rng::new(seed);
        for i in (1..lines).rev() {
            let j = rng.below(i as u64) as usize;
            order.swap(i, j);
        }
        let base = buf.as_mut_slice().as_mut_ptr() as usize;
        let words = buf.words_mut();
        for (i, &next) in order.iter().enumerate() {
            words[i * 8] = (base + next as usize * 64) as u64;
        }
        Ok(Chain { buf })
    }

    /// The first line.
    pub fn start(&self) -> Cursor<'_> {
        Cursor { p: self.buf.as_slice().as_ptr().cast(), _chain: PhantomData }
    }

    /// The line a cursor stands on.
    pub fn line(&self, c: Cursor<'_>) -> usize {
        (c.p as usize - self.buf.as_slice().as_ptr() as usize) / 64
    }

    /// Follows the chain `steps` times (rounded down to a multiple of 8) from `c`.
    #[inline(never)]
    pub fn chase<'a>(&'a self, c: Cursor<'a>, steps: u64) -> Cursor<'a> {
        let mut p = c.p;
        for _ in 0..steps / 8 {
            // SAFETY: a cursor comes only from this chain (its lifetime ties it to
            // the buffer), and every link written by `new` is the address of a line
            // of the same buffer, whose first word is another link.
            unsafe {
                p = *p as *const usize;
                p = *p as *const usize;
                p = *p as *const usize;
                p = *p as *const usize;
                p = *p as *const usize;
                p = *p as *const usize;
                p = *p as *const usize;
                p = *p as *const usize;
            }
        }
        Cursor { p, _chain: PhantomData }
    }
}

/// ns per step of chasing for about `time`, the median of three.
fn timed_chase(chain: &Chain, time: Duration) -> f64 {
    // Warm the chain (and the TLB), then size the runs.
    let t = Instant::now();
    let p = chain.chase(chain.start(), 1 << 16);
    let per = t.elapsed().as_secs_f64() / (1 << 16) as f64;
    let steps = ((time.as_secs_f64() / 3.0 / per) as u64).clamp(1 << 16, 1 << 32);
    let mut v: Vec<f64> = (0..3)
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(chain.chase(p, steps));
            t.elapsed().as_secs_f64() * 1e9 / steps as f64
        })
        .collect();
    v.sort_by(f64::total_cmp);
    v[1]
}

/// Idle latency of every level on `core`, about `time` per level.
pub fn measure(core: usize, caches: CacheSizes, time: Duration, tsc_hz: f64) -> io::Result<Latency> {
    let sizes = level_sizes(&caches);
    let levels = crate::cpu::on_core(core, move || -> io::Result<Vec<Level>> {
        let mut out = vec![];
        for (name, bytes) in sizes {
            let chain = Chain::new(bytes, 0x5eed ^ bytes as u64)?;
            let ns = timed_chase(&chain, time);
            out.push(Level { level: name.to_string(), buffer_bytes: bytes, ns, clocks: ns * tsc_hz / 1e9 });
        }
        Ok(out)
    })??;
    Ok(Latency { core, caches, levels })
}

/// The injectors' shared control: the delay, or [`STOP`].
const STOP: u64 = u64::MAX;
/// Injectors idle while the delay is this.
const PAUSE: u64 = u64::MAX - 1;

fn inject(buf: &Buffer, delay: &AtomicU64, lines_read: &AtomicU64) {
    let words = buf.words();
    let lines = words.len() / 8;
    let mut sum = 0u64;
    let mut i = 0;
    loop {
        let d = delay.load(Ordering::Relaxed);
        if d == STOP {
            break;
        }
        if d == PAUSE {
            std::thread::sleep(Duration::from_millis(1));
            continue;
        }
        for _ in 0..1024 {
            sum = sum.wrapping_add(words[i * 8]);
            i = if i + 1 == lines { 0 } else { i + 1 };
            for k in 0..d {
                std::hint::black_box(k);
            }
        }
        lines_read.fetch_add(1024, Ordering::Relaxed);
    }
    std::hint::black_box(sum);
}

/// The loaded-latency curve: chase on `cores[0]`, inject from the rest at each delay of
/// `delays`, `per_point` each.
pub fn loaded(
    cores: &[usize],
    caches: CacheSizes,
    delays: &[u64],
    per_point: Duration,
    buffer_bytes: usize,
) -> io::Result<LoadedLatency> {
    let (&chase_core, injectors) = cores.split_first().ok_or_else(|| io::Error::other("no cores"))?;
    if injectors.is_empty() {
        return Err(io::Error::other("loaded latency needs two or more cores: one chases, the others inject"));
    }
    let delay = Arc::new(AtomicU64::new(PAUSE));
    let read = Arc::new(AtomicU64::new(0));
    let mut handles = vec![];
    for &core in injectors {
        let (delay, read) = (delay.clone(), read.clone());
        handles.push(std::thread::Builder::new().name(format!("inject-{core}")).spawn(move || -> io::Result<()> {
            crate::cpu::pin(core)?;
            let buf = Buffer::new(buffer_bytes)?;
            inject(&buf, &delay, &read);
            Ok(())
        })?);
    }
    let dram = level_sizes(&caches).last().map_or(256 << 20, |l| l.1);
    let (d2, r2) = (delay.clone(), read.clone());
    let order: Vec<u64> = delays.iter().rev().copied().collect();
    let res = crate::cpu::on_core(chase_core, move || -> io::Result<(f64, Vec<LoadedPoint>)> {
        let chain = Chain::new(dram, 0x10ad)?;
        let idle = timed_chase(&chain, per_point);
        // Three passes over the delays, a third of the time each: the host's own
        // drift (other tenants, frequency) spreads over every point instead of
        // landing on a few. Per point: the median of the passes' median chunks.
        const PASSES: u32 = 3;
        let slice = per_point / PASSES;
        let mut lat: Vec<Vec<f64>> = vec![vec![]; order.len()];
        let mut traffic = vec![(0u64, 0f64); order.len()];
        let mut p = chain.start();
        for _ in 0..PASSES {
            for (k, &d) in order.iter().enumerate() {
                d2.store(d, Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis(20));
                let before = r2.load(Ordering::Relaxed);
                let t = Instant::now();
                // Chunks of ~3 ms; the median chunk is the latency, so a preemption of
                // the chasing thread (which stalls the chase, not the memory) does not count.
                let mut chunks = vec![];
                let mut steps = 0u64;
                while t.elapsed() < slice {
                    let c = Instant::now();
                    p = chain.chase(p, 1 << 14);
                    chunks.push(c.elapsed().as_secs_f64() * 1e9 / (1 << 14) as f64);
                    steps += 1 << 14;
                }
                let secs = t.elapsed().as_secs_f64();
                let lines = r2.load(Ordering::Relaxed) - before;
                chunks.sort_by(f64::total_cmp);
                lat[k].push(chunks[chunks.len() / 2]);
                traffic[k].0 += lines + steps;
                traffic[k].1 += secs;
            }
        }
        std::hint::black_box(p);
        let mut points: Vec<LoadedPoint> = order
            .iter()
            .zip(lat.iter_mut().zip(&traffic))
            .map(|(&d, (l, &(lines, secs)))| {
                l.sort_by(f64::total_cmp);
                LoadedPoint {
                    inject_delay: d,
                    latency_ns: l[l.len() / 2],
                    bandwidth_mb_s: lines as f64 * 64.0 / secs / 1e6,
                }
            })
            .collect();
        points.reverse();
        Ok((idle, points))
    });
    delay.store(STOP, Ordering::Relaxed);
    for h in handles {
        h.join().map_err(|_| io::Error::other("injector thread panicked"))??;
    }
    let (idle_ns, points) = res??;
    Ok(LoadedLatency {
        chase_core,
        injector_cores: injectors.to_vec(),
        buffer_mib: buffer_bytes >> 20,
        seconds_per_point: per_point.as_secs_f64(),
        idle_ns,
        points,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The chain visits every line once before it comes back (one cycle, no short loop).
    #[test]
    fn the_chain_is_one_cycle_through_every_line() {
        let chain = Chain::new(64 * 1000, 7).unwrap();
        let mut seen = vec![false; 1000];
        let mut p = chain.start();
        // Eight steps at a time: 1000 lines, 125 chases of 8.
        for _ in 0..125 {
            let line = chain.line(p);
            assert!(!seen[line], "line {line} visited twice");
            seen[line] = true;
            p = chain.chase(p, 8);
        }
        assert_eq!(chain.line(p), 0, "125 x 8 = 1000 steps come back to the start");
        // Every line once when stepping one at a time: count the cycle's length.
        let mut q = chain.start();
        let mut n = 0;
        loop {
            q = step(&chain, q);
            n += 1;
            if q == chain.start() {
                break;
            }
        }
        assert_eq!(n, 1000);
    }

    /// One step (chase moves in eights): the link in the cursor's line.
    fn step<'a>(chain: &'a Chain, c: Cursor<'a>) -> Cursor<'a> {
        let next = chain.buf.words()[chain.line(c) * 8] as usize;
        Cursor { p: next as *const usize, _chain: PhantomData }
    }

    #[test]
    fn level_sizes_sit_between_the_caches() {
        let c = CacheSizes { l1d: Some(32 << 10), l2: Some(1 << 20), llc: Some(32 << 20) };
        let v = level_sizes(&c);
        let names: Vec<_> = v.iter().map(|l| l.0).collect();
        assert_eq!(names, ["L1", "L2", "LLC", "DRAM"]);
        assert_eq!(v[0].1, 16 << 10);
        assert!(v[1].1 > 32 << 10 && v[1].1 < 1 << 20);
        assert!(v[2].1 > 1 << 20 && v[2].1 < 32 << 20);
        assert_eq!(v[3].1, 256 << 20);
        // No LLC beyond L2: no LLC level.
        let v = level_sizes(&CacheSizes { l1d: Some(48 << 10), l2: Some(2 << 20), llc: None });
        assert_eq!(v.iter().map(|l| l.0).collect::<Vec<_>>(), ["L1", "L2", "DRAM"]);
    }
}
