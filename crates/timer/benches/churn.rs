//! Steady-state churn: N active timers; each step advances `now` by one 1 µs tick, expires
//! the timers due and re-inserts each 1..=W ticks ahead (pseudo-random, plus a sub-tick
//! jitter), so N stay active. W = N/5, so about 10 timers expire per tick whatever N: a
//! per-core event rate of 10 M/s spread over N flows. One criterion iteration is one
//! (expire + re-insert) operation, so the reported time is ns per operation.
//!
//! `cargo bench -p riptide-timer --bench churn` (add `-- wheel/` or `-- heap/1000000` to
//! filter; `RIPTIDE_TIMER_MAX_N=1000000` skips the 8 M point; `RIPTIDE_TIMER_BUCKETS` and
//! `RIPTIDE_TIMER_LEVELS` change the wheel's shape, `RIPTIDE_TIMER_RUN=false` turns its sorted
//! run off).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use riptide_timer::{HeapScheduler, TimerWheel, WheelConfig};

const TICK_NS: u64 = 1_000;
const SIZES: [u64; 6] = [100, 1_000, 10_000, 100_000, 1_000_000, 8_000_000];

/// The default wheel at 1 µs ticks; `RIPTIDE_TIMER_BUCKETS`, `RIPTIDE_TIMER_LEVELS` and
/// `RIPTIDE_TIMER_RUN` override its shape.
fn wheel_config() -> WheelConfig {
    let default = WheelConfig::default();
    WheelConfig {
        tick_ns: TICK_NS,
        buckets: env_or("RIPTIDE_TIMER_BUCKETS", default.buckets),
        levels: env_or("RIPTIDE_TIMER_LEVELS", default.levels),
        run: env_or("RIPTIDE_TIMER_RUN", default.run),
    }
}

fn env_or<V: std::str::FromStr>(name: &str, default: V) -> V {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// The two schedulers' inherent (statically dispatched) methods, under one name.
trait Churn {
    fn build(capacity: usize) -> Self;
    fn insert(&mut self, deadline_ns: u64, value: u32);
    fn poll_into(&mut self, now_ns: u64, out: &mut Vec<u32>);
}

impl Churn for TimerWheel<u32> {
    fn build(capacity: usize) -> Self {
        let mut wheel = TimerWheel::new(wheel_config()).unwrap_or_else(|e| panic!("bad bench config: {e}"));
        wheel.reserve(capacity);
        wheel
    }
    fn insert(&mut self, deadline_ns: u64, value: u32) {
        TimerWheel::insert(self, deadline_ns, value);
    }
    fn poll_into(&mut self, now_ns: u64, out: &mut Vec<u32>) {
        self.poll_expired(now_ns, |_, value| out.push(value));
    }
}

impl Churn for HeapScheduler<u32> {
    fn build(capacity: usize) -> Self {
        let mut heap = HeapScheduler::with_tick_ns(TICK_NS);
        heap.reserve(capacity);
        heap
    }
    fn insert(&mut self, deadline_ns: u64, value: u32) {
        HeapScheduler::insert(self, deadline_ns, value);
    }
    fn poll_into(&mut self, now_ns: u64, out: &mut Vec<u32>) {
        self.poll_expired(now_ns, |_, value| out.push(value));
    }
}

/// xorshift64*: cheap and deterministic, so both schedulers see the same deadlines.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A uniform value in `0..n`.
    fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next()) * u128::from(n)) >> 64) as u64
    }
}

/// A scheduler in steady state with `n` active timers.
struct State<S> {
    scheduler: S,
    rng: Rng,
    now_ns: u64,
    window_ticks: u64,
    expired: Vec<u32>,
}

impl<S: Churn> State<S> {
    fn new(n: u64) -> Self {
        let mut state = State {
            scheduler: S::build(n as usize),
            rng: Rng(0x9e37_79b9_7f4a_7c15),
            now_ns: 0,
            window_ticks: (n / 5).max(1),
            expired: Vec::new(),
        };
        for value in 0..n as u32 {
            let deadline_ns = state.deadline();
            state.scheduler.insert(deadline_ns, value);
        }
        state
    }

    fn deadline(&mut self) -> u64 {
        let ticks = 1 + self.rng.below(self.window_ticks);
        self.now_ns + ticks * TICK_NS + self.rng.below(TICK_NS)
    }

    /// Advances one tick; returns the number of timers expired and re-inserted.
    fn step(&mut self) -> u64 {
        self.now_ns += TICK_NS;
        self.scheduler.poll_into(self.now_ns, &mut self.expired);
        let mut expired = std::mem::take(&mut self.expired);
        for &value in &expired {
            let deadline_ns = self.deadline();
            self.scheduler.insert(deadline_ns, black_box(value));
        }
        let count = expired.len() as u64;
        expired.clear();
        self.expired = expired;
        count
    }
}

fn bench_one<S: Churn>(c: &mut Criterion, name: &str, n: u64) {
    let mut state = State::<S>::new(n);
    c.bench_with_input(BenchmarkId::new(name, n), &n, |b, _| {
        b.iter_custom(|iters| {
            let start = Instant::now();
            let mut done = 0;
            while done < iters {
                done += state.step();
            }
            // A step expires several timers, so `done` can pass `iters`: scale to `iters` ops.
            start.elapsed().mul_f64(iters as f64 / done as f64)
        });
    });
}

fn churn(c: &mut Criterion) {
    let max_n = env_or("RIPTIDE_TIMER_MAX_N", u64::MAX);
    for n in SIZES.into_iter().filter(|&n| n <= max_n) {
        bench_one::<TimerWheel<u32>>(c, "wheel", n);
        bench_one::<HeapScheduler<u32>>(c, "heap", n);
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2));
    targets = churn
}
criterion_main!(benches);
