//! Frame sizes per packet: fixed, a range walked inc/dec/random, or a weighted mix (IMIX).
//!
//! Sizes count the 4-byte FCS (RFC 2544 convention): a size of 64 writes 60 bytes.
//! A weighted mix is emitted as a fixed, smooth sequence (nginx's smooth weighted
//! round robin), so every window of `sum(weights)` packets holds each size exactly
//! `weight` times: frequencies match the weights exactly, not just on average.

use riptide_core::Rng;

/// The standard simple IMIX: 7 x 64 B, 4 x 570 B, 1 x 1518 B.
pub const STANDARD_IMIX: [(u16, u32); 3] = [(64, 7), (570, 4), (1518, 1)];

/// How a range of sizes is walked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SizeWalk {
    /// min, min+step, ..., max, min, ...
    Inc,
    /// max, max-step, ..., min, max, ...
    Dec,
    /// Uniform over min..=max (step respected), seeded.
    Random,
}

/// A compiled size generator.
#[derive(Clone, Debug)]
pub enum SizeGen {
    /// Every frame the same size.
    Fixed(u16),
    /// A range walked per packet.
    Range {
        /// Smallest size.
        min: u16,
        /// Largest size (reachable: `(max - min) % step == 0` is not required,
        /// the walk stops at the last step not above `max`).
        max: u16,
        /// Step between sizes.
        step: u16,
        /// Walk order.
        walk: SizeWalk,
        /// Current size.
        cur: u16,
        /// Generator for the random walk.
        rng: Rng,
    },
    /// A precomputed cyclic sequence (weighted mixes whose weights add up to at most
    /// [`MAX_SEQUENCE`]).
    Sequence {
        /// One period of sizes.
        seq: Vec<u16>,
        /// Position in the period.
        pos: usize,
    },
    /// A weighted mix too large to lay out (weights adding up to billions): packet `n`
    /// takes the size whose share of the cumulative weights holds `frac(n * phi)`, a
    /// low-discrepancy sequence, so the frequencies follow the weights within a few
    /// packets over any long window, in constant memory.
    Sampled {
        /// The sizes.
        sizes: Vec<u16>,
        /// Cumulative weights, ascending; the last is the total.
        cum: Vec<u64>,
        /// Packet number.
        n: u64,
    },
}

/// Weights (after dividing out their common factor) up to this total are laid out as
/// an exact smooth sequence; larger ones are sampled.
pub const MAX_SEQUENCE: u64 = 1 << 16;

/// 2^64 / golden ratio: the Weyl step of [`SizeGen::Sampled`].
const PHI_STEP: u64 = 0x9E37_79B9_7F4A_7C15;

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl SizeGen {
    /// A range generator. `step` of zero is treated as one.
    pub fn range(min: u16, max: u16, step: u16, walk: SizeWalk, seed: u64) -> Self {
        let step = step.max(1);
        let max = min + (max - min) / step * step;
        let cur = match walk {
            SizeWalk::Dec => max,
            _ => min,
        };
        SizeGen::Range { min, max, step, walk, cur, rng: Rng::new(seed) }
    }

    /// A weighted mix emitted by smooth weighted round robin (every window of
    /// `sum(weights)` packets holds each size exactly `weight` times), or sampled when the
    /// weights add up to more than [`MAX_SEQUENCE`] after dividing out their common factor.
    pub fn weighted(mix: &[(u16, u32)]) -> Self {
        let common = mix.iter().fold(0u64, |g, &(_, w)| gcd(g, u64::from(w))).max(1);
        let mix: Vec<(u16, u32)> = mix.iter().map(|&(s, w)| (s, (u64::from(w) / common) as u32)).collect();
        let total: i64 = mix.iter().map(|&(_, w)| w as i64).sum();
        if total as u64 > MAX_SEQUENCE {
            let mut acc = 0u64;
            let cum = mix.iter().map(|&(_, w)| {
                acc += u64::from(w);
                acc
            });
            return SizeGen::Sampled { cum: cum.collect(), sizes: mix.iter().map(|&(s, _)| s).collect(), n: 0 };
        }
        let mut current = vec![0i64; mix.len()];
        let mut seq = Vec::with_capacity(total as usize);
        for _ in 0..total {
            let mut best = 0;
            for (i, &(_, w)) in mix.iter().enumerate() {
                current[i] += w as i64;
                if current[i] > current[best] {
                    best = i;
                }
            }
            current[best] -= total;
            seq.push(mix[best].0);
        }
        SizeGen::Sequence { seq, pos: 0 }
    }

    /// Starts core `index` of `count` at its own phase of the walk, so cores
    /// together emit the same mix as one core would.
    pub fn split(&mut self, index: usize, count: usize) {
        match self {
            SizeGen::Fixed(_) => {}
            SizeGen::Range { min, max, step, walk, cur, rng } => {
                let n = ((*max - *min) / *step) as usize + 1;
                let off = (index * n / count.max(1)) as u16 * *step;
                *cur = match walk {
                    SizeWalk::Inc => *min + off,
                    SizeWalk::Dec => *max - off,
                    SizeWalk::Random => *cur,
                };
                *rng = Rng::new(rng.next_u64() ^ (index as u64).wrapping_mul(0x9E37_79B9));
            }
            SizeGen::Sequence { seq, pos } => *pos = index * seq.len() / count.max(1),
            // Each core its own stretch of the sequence (2^64 / count apart).
            SizeGen::Sampled { n, .. } => *n = (index as u64).wrapping_mul(u64::MAX / count.max(1) as u64),
        }
    }

    /// The size of the next frame (FCS included).
    #[inline]
    pub fn next_size(&mut self) -> u16 {
        match self {
            SizeGen::Fixed(s) => *s,
            SizeGen::Range { min, max, step, walk, cur, rng } => {
                let s = *cur;
                match walk {
                    SizeWalk::Inc => *cur = if s >= *max { *min } else { s + *step },
                    SizeWalk::Dec => *cur = if s <= *min { *max } else { s - *step },
                    SizeWalk::Random => {
                        let n = ((*max - *min) / *step) as u64 + 1;
                        return *min + rng.below(n) as u16 * *step;
                    }
                }
                s
            }
            SizeGen::Sequence { seq, pos } => {
                let s = seq.get(*pos).copied().unwrap_or(64);
                *pos += 1;
                if *pos >= seq.len() {
                    *pos = 0;
                }
                s
            }
            SizeGen::Sampled { sizes, cum, n } => {
                let total = cum.last().copied().unwrap_or(1);
                let x = n.wrapping_mul(PHI_STEP);
                *n = n.wrapping_add(1);
                let at = ((u128::from(x) * u128::from(total)) >> 64) as u64;
                let i = cum.iter().position(|&c| at < c).unwrap_or(sizes.len().saturating_sub(1));
                sizes.get(i).copied().unwrap_or(64)
            }
        }
    }

    /// Smallest size this generator emits.
    pub fn min_size(&self) -> u16 {
        match self {
            SizeGen::Fixed(s) => *s,
            SizeGen::Range { min, .. } => *min,
            SizeGen::Sequence { seq, .. } => seq.iter().copied().min().unwrap_or(64),
            SizeGen::Sampled { sizes, .. } => sizes.iter().copied().min().unwrap_or(64),
        }
    }

    /// Largest size this generator emits.
    pub fn max_size(&self) -> u16 {
        match self {
            SizeGen::Fixed(s) => *s,
            SizeGen::Range { max, .. } => *max,
            SizeGen::Sequence { seq, .. } => seq.iter().copied().max().unwrap_or(64),
            SizeGen::Sampled { sizes, .. } => sizes.iter().copied().max().unwrap_or(64),
        }
    }

    /// Mean size over a long run (FCS included), for converting bit rates to packet rates.
    pub fn mean_size(&self) -> f64 {
        match self {
            SizeGen::Fixed(s) => *s as f64,
            SizeGen::Range { min, max, .. } => (*min as f64 + *max as f64) / 2.0,
            SizeGen::Sequence { seq, .. } => seq.iter().map(|&s| s as f64).sum::<f64>() / seq.len().max(1) as f64,
            SizeGen::Sampled { sizes, cum, .. } => {
                let total = cum.last().copied().unwrap_or(1).max(1) as f64;
                let mut prev = 0u64;
                let mut sum = 0.0;
                for (&s, &c) in sizes.iter().zip(cum) {
                    sum += f64::from(s) * (c - prev) as f64;
                    prev = c;
                }
                sum / total
            }
        }
    }

    /// Every distinct size this generator can emit, ascending.
    pub fn sizes(&self) -> Vec<u16> {
        let mut v: Vec<u16> = match self {
            SizeGen::Fixed(s) => vec![*s],
            SizeGen::Range { min, max, step, .. } => (*min..=*max).step_by(*step as usize).collect(),
            SizeGen::Sequence { seq, .. } => seq.clone(),
            SizeGen::Sampled { sizes, .. } => sizes.clone(),
        };
        v.sort_unstable();
        v.dedup();
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn imix_frequencies_match_weights_exactly() {
        let mut g = SizeGen::weighted(&STANDARD_IMIX);
        let mut h: HashMap<u16, u32> = HashMap::new();
        for _ in 0..12_000 {
            *h.entry(g.next_size()).or_default() += 1;
        }
        assert_eq!(h[&64], 7_000);
        assert_eq!(h[&570], 4_000);
        assert_eq!(h[&1518], 1_000);
        // Smooth: never two 1518 B frames back to back.
        let SizeGen::Sequence { seq, .. } = SizeGen::weighted(&STANDARD_IMIX) else { panic!() };
        assert_eq!(seq.len(), 12);
        assert!((g.mean_size() - (7.0 * 64.0 + 4.0 * 570.0 + 1518.0) / 12.0).abs() < 1e-9);
    }

    #[test]
    fn huge_weights_are_sampled_in_constant_memory_and_still_follow_the_weights() {
        // 2^32 - 1 : 1 : 2^31 used to lay out a 6 G entry table (34 GB).
        let mix = [(64, u32::MAX), (570, 1), (1518, 1 << 31)];
        let mut g = SizeGen::weighted(&mix);
        assert!(matches!(g, SizeGen::Sampled { .. }));
        let mut h: HashMap<u16, u64> = HashMap::new();
        for _ in 0..1_000_000 {
            *h.entry(g.next_size()).or_default() += 1;
        }
        let total = f64::from(u32::MAX) + 1.0 + f64::from(1u32 << 31);
        let share = |s: u16| *h.get(&s).unwrap_or(&0) as f64 / 1e6;
        assert!((share(64) - f64::from(u32::MAX) / total).abs() < 1e-3, "{h:?}");
        assert!((share(1518) - f64::from(1u32 << 31) / total).abs() < 1e-3, "{h:?}");
        assert!(share(570) < 1e-3, "{h:?}");
        assert_eq!((g.min_size(), g.max_size()), (64, 1518));
        assert!(
            (g.mean_size() - (64.0 * f64::from(u32::MAX) + 570.0 + 1518.0 * f64::from(1u32 << 31)) / total).abs()
                < 1e-6
        );
        // Common factors are divided out first: 7000:4000:1000 is the exact IMIX sequence.
        let SizeGen::Sequence { seq, .. } = SizeGen::weighted(&[(64, 7000), (570, 4000), (1518, 1000)]) else {
            panic!()
        };
        assert_eq!(seq.len(), 12);
    }

    #[test]
    fn ranges_walk_exactly() {
        let mut g = SizeGen::range(64, 70, 2, SizeWalk::Inc, 0);
        let v: Vec<u16> = (0..6).map(|_| g.next_size()).collect();
        assert_eq!(v, [64, 66, 68, 70, 64, 66]);
        let mut g = SizeGen::range(64, 71, 2, SizeWalk::Dec, 0);
        let v: Vec<u16> = (0..5).map(|_| g.next_size()).collect();
        assert_eq!(v, [70, 68, 66, 64, 70]);
        let mut g = SizeGen::range(64, 128, 1, SizeWalk::Random, 3);
        for _ in 0..1000 {
            let s = g.next_size();
            assert!((64..=128).contains(&s));
        }
        assert_eq!(g.sizes().len(), 65);
    }

    #[test]
    fn split_cores_cover_the_walk() {
        let mut a = SizeGen::range(64, 67, 1, SizeWalk::Inc, 0);
        let mut b = a.clone();
        a.split(0, 2);
        b.split(1, 2);
        assert_eq!([a.next_size(), a.next_size()], [64, 65]);
        assert_eq!([b.next_size(), b.next_size()], [66, 67]);
    }
}
