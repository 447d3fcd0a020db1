//! Memory bandwidth, as MLC's `--peak_injection_bandwidth` reports it: sequential traffic
//! of a fixed read:write mix from every chosen core at once, then from one, in MB/s
//! (10^6 bytes), over buffers much larger than the last-level cache, on 4 KiB pages.
//! Each thread owns, allocates and first-touches its buffers on its own core.
//!
//! The kernels use 256-bit loads and stores where the CPU has AVX2 (as MLC does) and
//! plain 64-bit words elsewhere. A write mix reads R lines, folds them into one and
//! writes that line: R:1 reads to writes, counted as bytes read plus bytes written.
//! Regular stores also read the line they write (read for ownership), as MLC's do;
//! the non-temporal row writes around the cache.

use crate::buffer::Buffer;
use serde::{Deserialize, Serialize};
use std::io;
use std::sync::{Arc, Barrier};
use std::time::Instant;

/// A traffic mix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mix {
    /// Reads only.
    Reads,
    /// Three lines read per line written.
    Reads3Writes1,
    /// Two read per one written.
    Reads2Writes1,
    /// One read per one written.
    Reads1Writes1,
    /// One read per one written with non-temporal stores.
    Reads1Writes1Nt,
    /// STREAM triad, `a[i] = b[i] + s * c[i]` on doubles (24 bytes per element).
    Triad,
}

impl Mix {
    /// Every mix, in MLC's order.
    pub const ALL: [Mix; 6] =
        [Mix::Reads, Mix::Reads3Writes1, Mix::Reads2Writes1, Mix::Reads1Writes1, Mix::Reads1Writes1Nt, Mix::Triad];

    /// The row name, MLC's where it has one.
    pub fn name(self) -> &'static str {
        match self {
            Mix::Reads => "ALL Reads",
            Mix::Reads3Writes1 => "3:1 Reads-Writes",
            Mix::Reads2Writes1 => "2:1 Reads-Writes",
            Mix::Reads1Writes1 => "1:1 Reads-Writes",
            Mix::Reads1Writes1Nt => "1:1 Reads-Writes (non-temporal)",
            Mix::Triad => "Stream-triad like",
        }
    }
}

/// What to measure.
#[derive(Clone, Debug)]
pub struct MemConfig {
    /// Bytes per buffer per thread (each thread has a source and a destination).
    pub buffer_bytes: usize,
    /// Passes per mix; the best counts (as STREAM and the baselines do).
    pub reps: u32,
}

/// One mix's bandwidth.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// The mix's name.
    pub mix: String,
    /// All chosen cores at once, MB/s.
    pub all_cores_mb_s: f64,
    /// The first chosen core alone, MB/s.
    pub one_core_mb_s: f64,
}

/// Bandwidth between the cores of one NUMA node and the memory of another.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NodePair {
    /// Node of the cores.
    pub cpu_node: usize,
    /// Node of the memory.
    pub mem_node: usize,
    /// All-reads bandwidth, MB/s.
    pub mb_s: f64,
}

/// The bandwidth part of a calibration.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Bandwidth {
    /// Cores that injected.
    pub cores: Vec<usize>,
    /// MiB per buffer per thread.
    pub buffer_mib: usize,
    /// Passes per mix (best counts).
    pub reps: u32,
    /// Whether 256-bit AVX2 kernels ran (else 64-bit words).
    pub avx2: bool,
    /// One row per mix.
    pub rows: Vec<Row>,
    /// Per NUMA node pair, when the machine has more than one node.
    pub matrix: Vec<NodePair>,
}

/// Whether the AVX2 kernels can run here.
pub fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Runs `mix` once over `src` (and `dst`): the bytes it moved.
pub fn run_mix(mix: Mix, src: &Buffer, dst: &mut Buffer) -> u64 {
    let avx2 = has_avx2();
    match mix {
        Mix::Reads => {
            std::hint::black_box(read(src.words(), avx2));
            src.len() as u64
        }
        Mix::Reads3Writes1 => fold(src.words(), dst.words_mut(), 3, false, avx2),
        Mix::Reads2Writes1 => fold(src.words(), dst.words_mut(), 2, false, avx2),
        Mix::Reads1Writes1 => fold(src.words(), dst.words_mut(), 1, false, avx2),
        Mix::Reads1Writes1Nt => fold(src.words(), dst.words_mut(), 1, true, avx2),
        Mix::Triad => triad(src.words(), dst.words_mut(), avx2),
    }
}

fn read(w: &[u64], avx2: bool) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if avx2 {
        // SAFETY: AVX2 was detected at run time.
        return unsafe { x86::read(w) };
    }
    let _ = avx2;
    let mut acc = [0u64; 8];
    for c in w.chunks_exact(8) {
        for k in 0..8 {
            acc[k] = acc[k].wrapping_add(c[k]);
        }
    }
    acc.iter().fold(0, |a, &b| a.wrapping_add(b))
}

/// Reads `r` lines, writes one: src.len() read plus src.len()/r written.
fn fold(src: &[u64], dst: &mut [u64], r: usize, nt: bool, avx2: bool) -> u64 {
    let lines = (src.len() / 8 / r).min(dst.len() / 8);
    #[cfg(target_arch = "x86_64")]
    if avx2 {
        // SAFETY: AVX2 was detected at run time; the bounds are checked inside.
        unsafe { x86::fold(src, dst, r, lines, nt) };
        return (lines * r * 64 + lines * 64) as u64;
    }
    let _ = (avx2, nt);
    for l in 0..lines {
        let mut acc = [0u64; 8];
        for k in 0..r {
            let s = &src[(l * r + k) * 8..(l * r + k + 1) * 8];
            for j in 0..8 {
                acc[j] = acc[j].wrapping_add(s[j]);
            }
        }
        dst[l * 8..l * 8 + 8].copy_from_slice(&acc);
    }
    (lines * r * 64 + lines * 64) as u64
}

/// `z = x + 3 y` over doubles, x and y the two halves of `src`, z the first half of `dst`.
fn triad(src: &[u64], dst: &mut [u64], avx2: bool) -> u64 {
    let n = src.len() / 2;
    let (x, y) = src.split_at(n);
    let z = &mut dst[..n];
    #[cfg(target_arch = "x86_64")]
    if avx2 {
        // SAFETY: AVX2 was detected at run time.
        unsafe { x86::triad(x, y, z) };
        return (n * 24) as u64;
    }
    let _ = avx2;
    for i in 0..n {
        z[i] = (f64::from_bits(x[i]) + 3.0 * f64::from_bits(y[i])).to_bits();
    }
    (n * 24) as u64
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use core::arch::x86_64::*;

    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn read(w: &[u64]) -> u64 {
        let p = w.as_ptr().cast::<__m256i>();
        let n = w.len() / 4;
        let (mut a, mut b, mut c, mut d) =
            (_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256());
        let mut i = 0;
        while i + 4 <= n {
            // SAFETY: i + 3 < n vectors lie inside w, which is 32-byte aligned (page aligned).
            unsafe {
                a = _mm256_add_epi64(a, _mm256_load_si256(p.add(i)));
                b = _mm256_add_epi64(b, _mm256_load_si256(p.add(i + 1)));
                c = _mm256_add_epi64(c, _mm256_load_si256(p.add(i + 2)));
                d = _mm256_add_epi64(d, _mm256_load_si256(p.add(i + 3)));
            }
            i += 4;
        }
        let s = _mm256_add_epi64(_mm256_add_epi64(a, b), _mm256_add_epi64(c, d));
        let mut sum = (_mm256_extract_epi64::<0>(s) as u64).wrapping_add(_mm256_extract_epi64::<1>(s) as u64);
        sum = sum.wrapping_add(_mm256_extract_epi64::<2>(s) as u64);
        sum = sum.wrapping_add(_mm256_extract_epi64::<3>(s) as u64);
        // The tail shorter than four vectors.
        w[n / 4 * 16..].iter().fold(sum, |a, &b| a.wrapping_add(b))
    }

    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn fold(src: &[u64], dst: &mut [u64], r: usize, lines: usize, nt: bool) {
        assert!(lines * r * 8 <= src.len() && lines * 8 <= dst.len());
        let s = src.as_ptr().cast::<__m256i>();
        let d = dst.as_mut_ptr().cast::<__m256i>();
        for l in 0..lines {
            // SAFETY: line l*r+k < lines*r lies in src and line l in dst (asserted above);
            // both are page aligned, so every 32-byte half is aligned.
            unsafe {
                let base = 2 * l * r;
                let mut lo = _mm256_load_si256(s.add(base));
                let mut hi = _mm256_load_si256(s.add(base + 1));
                for k in 1..r {
                    lo = _mm256_add_epi64(lo, _mm256_load_si256(s.add(base + 2 * k)));
                    hi = _mm256_add_epi64(hi, _mm256_load_si256(s.add(base + 2 * k + 1)));
                }
                if nt {
                    _mm256_stream_si256(d.add(2 * l), lo);
                    _mm256_stream_si256(d.add(2 * l + 1), hi);
                } else {
                    _mm256_store_si256(d.add(2 * l), lo);
                    _mm256_store_si256(d.add(2 * l + 1), hi);
                }
            }
        }
        if nt {
            _mm_sfence();
        }
    }

    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn triad(x: &[u64], y: &[u64], z: &mut [u64]) {
        let n = x.len().min(y.len()).min(z.len());
        for i in 0..n {
            z[i] = (f64::from_bits(x[i]) + 3.0 * f64::from_bits(y[i])).to_bits();
        }
    }
}

/// Per mix, the best aggregate bandwidth (MB/s) of `cores` injecting at once.
pub fn aggregate(cores: &[usize], mixes: &[Mix], cfg: &MemConfig, node: Option<usize>) -> io::Result<Vec<f64>> {
    let barrier = Arc::new(Barrier::new(cores.len()));
    let mut handles = vec![];
    for &core in cores {
        let (barrier, mixes, cfg) = (barrier.clone(), mixes.to_vec(), cfg.clone());
        handles.push(std::thread::Builder::new().name(format!("membw-{core}")).spawn(
            move || -> io::Result<Vec<Vec<(u64, f64)>>> {
                let pinned = crate::cpu::pin(core);
                let bufs = pinned.and_then(|()| {
                    Ok((Buffer::with(cfg.buffer_bytes, false, node)?, Buffer::with(cfg.buffer_bytes, false, node)?))
                });
                // Every thread reaches every barrier, even one that failed to set up.
                let mut out = vec![];
                let mut bufs = match bufs {
                    Ok(b) => Some(b),
                    Err(e) => {
                        for _ in 0..mixes.len() * cfg.reps as usize {
                            barrier.wait();
                        }
                        return Err(e);
                    }
                };
                for &mix in &mixes {
                    let mut reps = vec![];
                    for _ in 0..cfg.reps {
                        barrier.wait();
                        let (src, dst) = bufs.as_mut().map(|(s, d)| (&*s, d)).unwrap_or_else(|| unreachable!());
                        let t = Instant::now();
                        let bytes = run_mix(mix, src, dst);
                        reps.push((bytes, t.elapsed().as_secs_f64()));
                    }
                    out.push(reps);
                }
                bufs.take();
                Ok(out)
            },
        )?);
    }
    let mut per_thread = vec![];
    for h in handles {
        per_thread.push(h.join().map_err(|_| io::Error::other("bandwidth thread panicked"))??);
    }
    Ok((0..mixes.len())
        .map(|m| {
            (0..cfg.reps as usize)
                .map(|r| {
                    let bytes: u64 = per_thread.iter().map(|t| t[m][r].0).sum();
                    let secs = per_thread.iter().map(|t| t[m][r].1).fold(0.0, f64::max);
                    bytes as f64 / secs / 1e6
                })
                .fold(0.0, f64::max)
        })
        .collect())
}

/// The bandwidth part: every mix from all `cores` and from the first alone, and the
/// node matrix when `nodes` (each node's chosen cores) has more than one node.
pub fn measure(cores: &[usize], nodes: &[(usize, Vec<usize>)], cfg: &MemConfig) -> io::Result<Bandwidth> {
    let all = aggregate(cores, &Mix::ALL, cfg, None)?;
    let one = if cores.len() == 1 { all.clone() } else { aggregate(&cores[..1], &Mix::ALL, cfg, None)? };
    let rows = Mix::ALL
        .iter()
        .zip(all.iter().zip(&one))
        .map(|(m, (&a, &o))| Row { mix: m.name().to_string(), all_cores_mb_s: a, one_core_mb_s: o })
        .collect();
    let mut matrix = vec![];
    if nodes.len() > 1 {
        for (cpu_node, node_cores) in nodes.iter().filter(|(_, c)| !c.is_empty()) {
            for (mem_node, _) in nodes {
                let bw = aggregate(node_cores, &[Mix::Reads], cfg, Some(*mem_node))?;
                matrix.push(NodePair { cpu_node: *cpu_node, mem_node: *mem_node, mb_s: bw[0] });
            }
        }
    }
    Ok(Bandwidth {
        cores: cores.to_vec(),
        buffer_mib: cfg.buffer_bytes >> 20,
        reps: cfg.reps,
        avx2: has_avx2(),
        rows,
        matrix,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kernel, with and without AVX2, computes the same folds and sums (so the
    /// bytes it claims to move are the bytes it touched).
    #[test]
    fn kernels_agree_with_and_without_avx2() {
        let mut src = Buffer::new(4 << 20).unwrap();
        for (i, w) in src.words_mut().iter_mut().enumerate() {
            *w = (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
        let words = src.words();
        assert_eq!(read(words, false), read(words, has_avx2()));
        for r in [1, 2, 3] {
            let mut a = Buffer::new(4 << 20).unwrap();
            let mut b = Buffer::new(4 << 20).unwrap();
            let moved = fold(words, a.words_mut(), r, false, false);
            assert_eq!(moved, fold(words, b.words_mut(), r, r == 1, has_avx2()));
            let lines = words.len() / 8 / r;
            assert_eq!(moved, (lines * (r + 1) * 64) as u64);
            assert_eq!(a.words()[..lines * 8], b.words()[..lines * 8]);
            // Line 1 of the output is the sum of input lines r..2r.
            let want: u64 = (0..r).fold(0u64, |s, k| s.wrapping_add(words[(r + k) * 8]));
            assert_eq!(a.words()[8], want);
        }
        let mut a = Buffer::new(4 << 20).unwrap();
        let mut b = Buffer::new(4 << 20).unwrap();
        assert_eq!(triad(words, a.words_mut(), false), triad(words, b.words_mut(), has_avx2()));
        assert_eq!(a.words(), b.words());
    }
}
