//! An in-memory port pair with a delay line and seeded impairments, for measurement tests.
//!
//! Two ends, 0 and 1, joined by an [`ImpairLink`]: what end 0 sends, end 1 receives, and
//! back. Each frame is delayed by a fixed time on the virtual clock (its receive
//! timestamp is `epoch + departure + delay`), and by a seed some frames are lost,
//! swapped with the next one, or delivered twice. The link counts what it injected, so
//! a test compares the receiver's figures with the truth. Like the capture port it is a
//! simulation: runs go at CPU speed on virtual time.
//!
//! With [`Impairments::real_time`] the link runs on the wall clock instead, as an
//! interface would: a frame sent at (Unix, `CLOCK_REALTIME`) time `t` becomes receivable
//! at `t + delay` and carries that arrival as its receive timestamp, the way a NIC
//! stamps frames on arrival, however late the receiver polls.
//!
//! Smoltcp's `FaultInjector` is the model: a wrapper that breaks things on purpose.

use crate::arena::Arena;
use crate::{Port, PortError, PortInfo};
use riptide_core::{Nanos, PortCounters, TxBatch};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard};

/// What the link does to frames, in parts per million.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Impairments {
    /// Fixed one-way delay.
    pub delay: Nanos,
    /// Frames dropped, ppm.
    pub loss_ppm: u32,
    /// Frames swapped with the frame after them, ppm.
    pub reorder_ppm: u32,
    /// Frames delivered twice, ppm.
    pub duplicate_ppm: u32,
    /// Seed of the decisions.
    pub seed: u64,
    /// Run on the wall clock (the ports are then not simulated).
    pub real_time: bool,
}

impl Impairments {
    /// Parses `delay=50us,loss=1%,reorder=0.5%,dup=0.1%,seed=7,realtime` (every key
    /// optional; an empty string is a perfect link on virtual time).
    pub fn parse(s: &str) -> Result<Impairments, String> {
        let mut c = Impairments::default();
        for item in s.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let (k, v) = item.split_once('=').unwrap_or((item, ""));
            let ppm = |v: &str| -> Result<u32, String> {
                let pct = v.strip_suffix('%').and_then(|n| n.trim().parse::<f64>().ok());
                match pct {
                    Some(p) if (0.0..=100.0).contains(&p) => Ok((p * 10_000.0).round() as u32),
                    _ => Err(format!("{k}={v}: expected a percentage such as 1% or 0.05%")),
                }
            };
            match k {
                "delay" => c.delay = v.parse().map_err(|e| format!("delay={v}: {e}"))?,
                "loss" => c.loss_ppm = ppm(v)?,
                "reorder" => c.reorder_ppm = ppm(v)?,
                "dup" => c.duplicate_ppm = ppm(v)?,
                "seed" => c.seed = v.parse().map_err(|_| format!("seed={v}: expected a whole number"))?,
                "realtime" if v.is_empty() => c.real_time = true,
                _ => {
                    return Err(format!(
                        "'{item}': expected delay=DURATION, loss=P%, reorder=P%, dup=P%, seed=N or realtime"
                    ))
                }
            }
        }
        if c.loss_ppm + c.reorder_ppm + c.duplicate_ppm > 1_000_000 {
            return Err("loss + reorder + dup exceed 100%".into());
        }
        Ok(c)
    }
}

/// `CLOCK_REALTIME` now, ns since the Unix epoch.
fn unix_now_ns() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
}

/// What the link injected.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Injected {
    /// Frames offered.
    pub offered: u64,
    /// Dropped.
    pub lost: u64,
    /// Swapped with their successor.
    pub reordered: u64,
    /// Delivered twice.
    pub duplicated: u64,
}

#[derive(Debug, Default)]
struct Direction {
    queue: VecDeque<(Vec<u8>, Nanos)>,
    /// A frame held back to be delivered after the next one.
    held: Option<(Vec<u8>, Nanos)>,
}

#[derive(Debug, Default)]
struct LinkState {
    dirs: [Direction; 2],
    rng: u64,
    injected: Injected,
}

/// The shared link between the two ends.
#[derive(Debug)]
pub struct ImpairLink {
    cfg: Impairments,
    state: Mutex<LinkState>,
}

impl ImpairLink {
    /// A link with `cfg`.
    pub fn new(cfg: Impairments) -> Arc<ImpairLink> {
        Arc::new(ImpairLink { cfg, state: Mutex::new(LinkState { rng: cfg.seed | 1, ..Default::default() }) })
    }

    fn lock(&self) -> MutexGuard<'_, LinkState> {
        match self.state.lock() {
            Ok(g) => g,
            Err(p) => p.into_inner(),
        }
    }

    /// What the link does.
    pub fn impairments(&self) -> Impairments {
        self.cfg
    }

    /// Whether the link runs on the wall clock.
    pub fn real_time(&self) -> bool {
        self.cfg.real_time
    }

    /// What was injected so far.
    pub fn injected(&self) -> Injected {
        self.lock().injected
    }

    /// Offers a frame sent by end `from` at `departure` (epoch-relative).
    fn offer(&self, from: usize, frame: &[u8], departure: Nanos, epoch_unix_ns: u64) {
        let cfg = self.cfg;
        let mut s = self.lock();
        let mut roll = || {
            // xorshift64: decisions reproducible from the seed.
            s.rng ^= s.rng << 13;
            s.rng ^= s.rng >> 7;
            s.rng ^= s.rng << 17;
            (s.rng % 1_000_000) as u32
        };
        let r = roll();
        let to = 1 - from;
        let sent = if cfg.real_time { unix_now_ns() } else { epoch_unix_ns + departure.0 };
        let at = Nanos(sent + cfg.delay.0);
        let item = (frame.to_vec(), at);
        s.injected.offered += 1;
        let lost = r < cfg.loss_ppm;
        let swap = !lost && r < cfg.loss_ppm + cfg.reorder_ppm;
        let dup = !lost && !swap && r < cfg.loss_ppm + cfg.reorder_ppm + cfg.duplicate_ppm;
        if lost {
            s.injected.lost += 1;
            return;
        }
        let dir = &mut s.dirs[to];
        if swap && dir.held.is_none() {
            dir.held = Some(item);
            s.injected.reordered += 1;
            return;
        }
        dir.queue.push_back(item.clone());
        if let Some(h) = dir.held.take() {
            dir.queue.push_back(h);
        }
        if dup {
            dir.queue.push_back(item);
            s.injected.duplicated += 1;
        }
    }

    /// Delivers frames held back (at the end of a run).
    fn flush(&self, to: usize) {
        let mut s = self.lock();
        let dir = &mut s.dirs[to];
        if let Some(h) = dir.held.take() {
            // Nothing came after it: it arrives in order after all.
            dir.queue.push_back(h);
            s.injected.reordered -= 1;
        }
    }

    /// Up to `max` frames for end `to`: all queued on virtual time, those arrived by now
    /// on the wall clock.
    fn take(&self, to: usize, max: usize) -> Vec<(Vec<u8>, Nanos)> {
        let now = if self.cfg.real_time { unix_now_ns() } else { u64::MAX };
        let mut s = self.lock();
        let q = &mut s.dirs[to].queue;
        let arrived = q.iter().take(max).take_while(|(_, at)| at.0 <= now).count();
        q.drain(..arrived).collect()
    }
}

/// One queue of one end of an [`ImpairLink`].
#[derive(Debug)]
pub struct ImpairPort {
    info: PortInfo,
    arena: Arena,
    counters: PortCounters,
    link: Arc<ImpairLink>,
    end: usize,
    epoch_unix_ns: u64,
}

impl ImpairPort {
    /// A queue of end `end` (0 or 1) of `link`.
    pub fn new(info: PortInfo, slots: usize, link: Arc<ImpairLink>, end: usize, epoch_unix_ns: u64) -> Self {
        let arena = Arena::new(slots, info.max_frame);
        ImpairPort { info, arena, counters: PortCounters::default(), link, end: end.min(1), epoch_unix_ns }
    }
}

impl Port for ImpairPort {
    fn info(&self) -> &PortInfo {
        &self.info
    }

    fn tx_batch(&mut self, want: usize) -> TxBatch<'_> {
        self.arena.batch(want)
    }

    fn tx_commit(&mut self, n: usize) -> Result<usize, PortError> {
        for (data, m) in self.arena.committed(n) {
            self.counters.opackets += 1;
            self.counters.obytes += data.len() as u64;
            self.link.offer(self.end, data, m.departure, self.epoch_unix_ns);
        }
        Ok(n)
    }

    fn counters(&self) -> PortCounters {
        self.counters
    }

    fn flush(&mut self) -> Result<(), PortError> {
        self.link.flush(1 - self.end);
        Ok(())
    }

    fn rx(&mut self, max: usize, sink: &mut dyn FnMut(&[u8], Nanos)) -> Result<usize, PortError> {
        let frames = self.link.take(self.end, max);
        for (f, at) in &frames {
            self.counters.ipackets += 1;
            self.counters.ibytes += f.len() as u64;
            sink(f, *at);
        }
        Ok(frames.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info() -> PortInfo {
        PortInfo {
            name: "impair".into(),
            driver: "impair",
            line_rate: riptide_core::BitsPerSec(10e9),
            max_frame: 64,
            simulated: true,
        }
    }

    #[test]
    fn delays_and_counts_what_it_injects() {
        let cfg = Impairments {
            delay: Nanos(50_000),
            loss_ppm: 10_000,
            reorder_ppm: 5_000,
            duplicate_ppm: 1_000,
            seed: 7,
            real_time: false,
        };
        let link = ImpairLink::new(cfg);
        let (mut a, mut b) =
            (ImpairPort::new(info(), 8, link.clone(), 0, 0), ImpairPort::new(info(), 8, link.clone(), 1, 0));
        for i in 0..100_000u32 {
            {
                let mut batch = a.tx_batch(1);
                batch.slot().unwrap()[..4].copy_from_slice(&i.to_be_bytes());
                batch.commit(riptide_core::TxMeta { len: 4, stream: 0, departure: Nanos(u64::from(i) * 1000) });
            }
            a.tx_commit(1).unwrap();
        }
        a.flush().unwrap();
        let mut got = Vec::new();
        while b.rx(1000, &mut |f, at| got.push((u32::from_be_bytes([f[0], f[1], f[2], f[3]]), at))).unwrap() > 0 {}
        let inj = link.injected();
        assert_eq!(inj.offered, 100_000);
        assert_eq!(got.len() as u64, inj.offered - inj.lost + inj.duplicated);
        assert!(inj.lost > 800 && inj.lost < 1200, "{inj:?}");
        assert!(inj.reordered > 350 && inj.duplicated > 60, "{inj:?}");
        for (seq, at) in &got {
            assert_eq!(at.0, u64::from(*seq) * 1000 + 50_000, "the delay is exact");
        }
        assert_eq!(a.counters().opackets, 100_000);
    }

    #[test]
    fn link_parameters_parse_or_say_what_was_expected() {
        let c = Impairments::parse("delay=50us, loss=1%,reorder=0.5%,dup=0.1%,seed=7,realtime").unwrap();
        assert_eq!(
            c,
            Impairments {
                delay: Nanos(50_000),
                loss_ppm: 10_000,
                reorder_ppm: 5_000,
                duplicate_ppm: 1_000,
                seed: 7,
                real_time: true
            }
        );
        assert_eq!(Impairments::parse("").unwrap(), Impairments::default());
        for (bad, want) in [("loss=1", "percentage"), ("delay=fast", "delay=fast"), ("jitter=1us", "expected delay=")] {
            let e = Impairments::parse(bad).unwrap_err();
            assert!(e.contains(want), "{bad}: {e}");
        }
        assert!(Impairments::parse("loss=60%,dup=50%").is_err());
    }

    #[test]
    fn on_the_wall_clock_frames_arrive_after_the_delay() {
        let link = ImpairLink::new(Impairments { delay: Nanos(20_000_000), real_time: true, ..Default::default() });
        let (mut a, mut b) =
            (ImpairPort::new(info(), 8, link.clone(), 0, 0), ImpairPort::new(info(), 8, link.clone(), 1, 0));
        let sent = unix_now_ns();
        {
            let mut batch = a.tx_batch(1);
            batch.slot().unwrap()[0] = 9;
            batch.commit(riptide_core::TxMeta { len: 1, stream: 0, departure: Nanos(0) });
        }
        a.tx_commit(1).unwrap();
        let mut got = Vec::new();
        assert_eq!(b.rx(8, &mut |f, at| got.push((f[0], at))).unwrap(), 0, "not before 20 ms");
        while got.is_empty() {
            std::thread::sleep(std::time::Duration::from_millis(1));
            b.rx(8, &mut |f, at| got.push((f[0], at))).unwrap();
        }
        let (byte, at) = got[0];
        assert_eq!(byte, 9);
        // Stamped with its arrival: sent + 20 ms (the send was read just after `sent`).
        assert!(at.0 >= sent + 20_000_000 && at.0 < sent + 21_000_000, "{}", at.0 - sent);
        assert!(unix_now_ns() >= at.0);
    }
}
