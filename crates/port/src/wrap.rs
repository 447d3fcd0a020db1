//! Wrappers that compose over any port, as smoltcp's `FaultInjector` and `PcapWriter`
//! wrap any device: `afpacket:rt0+tap:sent.pcap+impair:loss=1%,seed=3`.
//!
//! - [`Impaired`]: what the engine transmits goes through an [`ImpairLine`] (delay,
//!   loss, reordering, duplication, outages) before the port below sends it.
//! - [`Tapped`]: a pcap copy of every frame handed to the port below (its part file,
//!   merged into the tap's file with the other queues' when the run ends, as a pcap
//!   port's parts are).
//!
//! Each wrapper wraps everything written before it, as `FaultInjector::new(PcapWriter::new(
//! device))` does: in `afpacket:rt0+tap:F+impair:..` the tap sits next to the interface
//! and records what the impairment let through (what really went out); in
//! `afpacket:rt0+impair:..+tap:F` it records what the engine made.
//! Both lend buffers of their own and copy each frame once into the port below.
//! Receiving passes straight through; counters are the port below's, so `opackets`
//! counts what was really sent while stream counters count what was made.

use crate::arena::Arena;
use crate::impair::{unix_now_ns, ImpairLine, Impairments, Injected};
use crate::pcap::PcapPort;
use crate::{Port, PortError, PortInfo};
use riptide_core::{Nanos, PortCounters, TxBatch, TxMeta};
use std::path::{Path, PathBuf};

/// A wrapper's departure stamps are the port's below it (`self.inner`): the frames it
/// hands down are the ones stamped.
macro_rules! stamps_from_inner {
    () => {
        fn enable_tx_stamps(&mut self, key: crate::StampKey) -> Result<crate::TxStampSource, String> {
            self.inner.enable_tx_stamps(key)
        }

        fn tx_stamps(&mut self, sink: &mut dyn FnMut(u64, riptide_core::Nanos)) -> usize {
            self.inner.tx_stamps(sink)
        }

        fn tx_stamps_missed(&self) -> u64 {
            self.inner.tx_stamps_missed()
        }
    };
}
pub(crate) use stamps_from_inner;

/// Copies `frames` (bytes and departures) into `port`'s batches, in order; gives up on
/// the rest when the port lends no slot. Returns (handed, accepted).
pub(crate) fn hand_over<'a>(
    port: &mut dyn Port,
    frames: impl ExactSizeIterator<Item = (&'a [u8], Nanos)>,
) -> Result<(usize, usize), PortError> {
    let mut frames = frames.peekable();
    let (mut handed, mut accepted) = (0, 0);
    while frames.peek().is_some() {
        let k = {
            let mut batch = port.tx_batch(frames.len());
            let mut k = 0;
            while let Some(slot) = batch.slot() {
                let Some((data, at)) = frames.next() else { break };
                let n = data.len().min(slot.len());
                slot[..n].copy_from_slice(&data[..n]);
                batch.commit(TxMeta { len: n as u32, stream: 0, departure: at });
                k += 1;
            }
            k
        };
        if k == 0 {
            break;
        }
        handed += k;
        accepted += port.tx_commit(k)?;
    }
    Ok((handed, accepted))
}

/// A port whose transmitted frames go through an impairment line first.
pub struct Impaired {
    inner: Box<dyn Port>,
    info: PortInfo,
    arena: Arena,
    line: ImpairLine,
    epoch_unix_ns: u64,
    /// Frames due and copied out of the line, waiting for the port below.
    due: Vec<(Vec<u8>, Nanos)>,
    /// Frames the port below lent no slot for (counted as its refusals).
    dropped: u64,
}

impl Impaired {
    /// Wraps `inner`, impairing with `cfg` (decisions drawn from its seed and `queue`).
    pub fn new(inner: Box<dyn Port>, cfg: Impairments, queue: u64, epoch_unix_ns: u64) -> Impaired {
        let mut info = inner.info().clone();
        info.name = format!("{}+impair:{cfg}", info.name);
        let arena = Arena::new(info.caps.batch, info.caps.max_frame);
        Impaired { line: ImpairLine::new(cfg, queue), info, arena, inner, epoch_unix_ns, due: Vec::new(), dropped: 0 }
    }

    /// What the line injected.
    pub fn injected(&self) -> Injected {
        self.line.injected()
    }

    fn real_time(&self) -> bool {
        !self.info.caps.simulated()
    }

    /// Run time now (real time), or the end of time (virtual: everything is due).
    fn now(&self) -> Nanos {
        if self.real_time() {
            Nanos(unix_now_ns().saturating_sub(self.epoch_unix_ns))
        } else {
            Nanos::MAX
        }
    }

    /// Hands every frame due by `now` to the port below.
    fn release(&mut self, now: Nanos) -> Result<(), PortError> {
        while let Some(f) = self.line.poll_frame(now) {
            self.due.push(f);
        }
        if self.due.is_empty() {
            return Ok(());
        }
        let (handed, _) = hand_over(self.inner.as_mut(), self.due.iter().map(|(d, at)| (d.as_slice(), *at)))?;
        self.dropped += (self.due.len() - handed) as u64;
        self.due.clear();
        Ok(())
    }
}

impl Port for Impaired {
    fn info(&self) -> &PortInfo {
        &self.info
    }

    fn tx_batch(&mut self, want: usize) -> TxBatch<'_> {
        self.arena.batch(want)
    }

    fn tx_commit(&mut self, n: usize) -> Result<usize, PortError> {
        let real = self.real_time();
        let now = self.now();
        for (data, m) in self.arena.committed(n) {
            // Times on the line are run time: the departure on virtual time, the
            // moment of hand-over in real time.
            let sent = if real { now } else { m.departure };
            self.line.handle_frame(data, sent, sent);
        }
        self.release(now)?;
        Ok(n)
    }

    /// None: the delay line hands frames to the port below late, so the kernel's stamp of
    /// their departure would leave the impairment out of the latency measured.
    fn enable_tx_stamps(&mut self, _key: crate::StampKey) -> Result<crate::TxStampSource, String> {
        Err("an impaired port's frames reach the kernel after its delay line: its departures are user space's".into())
    }

    fn counters(&self) -> PortCounters {
        let mut c = self.inner.counters();
        c.oerrors += self.dropped;
        c
    }

    fn flush(&mut self) -> Result<(), PortError> {
        self.line.handle_end();
        // In real time the delayed frames still go out when due (at most the delay).
        if self.real_time() {
            while let Some(due) = self.line.poll_timeout() {
                let now = self.now();
                if due > now {
                    std::thread::sleep(std::time::Duration::from_nanos((due - now).0.min(1_000_000)));
                }
                self.release(self.now())?;
            }
        } else {
            self.release(Nanos::MAX)?;
        }
        self.inner.flush()
    }

    fn rx(&mut self, max: usize, sink: &mut dyn FnMut(&[u8], Nanos)) -> Result<usize, PortError> {
        // The worker polls receive every turn: the delay line moves on here too.
        if self.real_time() && self.line.poll_timeout().is_some() {
            self.release(self.now())?;
        }
        self.inner.rx(max, sink)
    }

    fn into_parts(self: Box<Self>, out: &mut Vec<PathBuf>) {
        self.inner.into_parts(out);
    }
}

/// A port that writes a pcap copy of every frame it hands to the port below.
pub struct Tapped {
    inner: Box<dyn Port>,
    info: PortInfo,
    arena: Arena,
    tap: PcapPort,
    epoch_unix_ns: u64,
}

impl Tapped {
    /// Wraps `inner`, writing the tap to a part file beside `target` tagged `tag`
    /// ([`PcapPort::create_beside`]; frames stamped with their departure on virtual time,
    /// with the moment of hand-over in real time).
    pub fn new(inner: Box<dyn Port>, target: &Path, tag: &str, epoch_unix_ns: u64) -> Result<Tapped, PortError> {
        let mut info = inner.info().clone();
        info.name = format!("{}+tap:{}", info.name, target.display());
        let arena = Arena::new(info.caps.batch, info.caps.max_frame);
        let tap = PcapPort::create_beside(info.clone(), info.caps.batch, target, tag, epoch_unix_ns)?;
        Ok(Tapped { inner, info, arena, tap, epoch_unix_ns })
    }

    /// The tap's part file.
    pub fn part(&self) -> &Path {
        self.tap.path()
    }
}

impl Port for Tapped {
    fn info(&self) -> &PortInfo {
        &self.info
    }

    fn tx_batch(&mut self, want: usize) -> TxBatch<'_> {
        self.arena.batch(want)
    }

    fn tx_commit(&mut self, n: usize) -> Result<usize, PortError> {
        let real = !self.info.caps.simulated();
        let now = Nanos(unix_now_ns().saturating_sub(self.epoch_unix_ns));
        let stamp = |m: &TxMeta| if real { now } else { m.departure };
        hand_over(&mut self.tap, self.arena.committed(n).map(|(d, m)| (d, stamp(m))))?;
        let (_, accepted) = hand_over(self.inner.as_mut(), self.arena.committed(n).map(|(d, m)| (d, m.departure)))?;
        Ok(accepted)
    }

    stamps_from_inner!();

    fn counters(&self) -> PortCounters {
        self.inner.counters()
    }

    fn flush(&mut self) -> Result<(), PortError> {
        self.tap.flush()?;
        self.inner.flush()
    }

    fn rx(&mut self, max: usize, sink: &mut dyn FnMut(&[u8], Nanos)) -> Result<usize, PortError> {
        self.inner.rx(max, sink)
    }

    fn into_parts(self: Box<Self>, out: &mut Vec<PathBuf>) {
        let Tapped { inner, tap, .. } = *self;
        inner.into_parts(out);
        Box::new(tap).into_parts(out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::capture::{CaptureBuffer, CapturePort};
    use crate::{PortCaps, RxStamps, Timing};

    fn capture(buf: &CaptureBuffer) -> Box<dyn Port> {
        let caps = PortCaps {
            timing: Timing::Virtual,
            rx: None,
            max_frame: 64,
            batch: 8,
            line_rate: riptide_core::BitsPerSec(10e9),
        };
        let _ = RxStamps::Virtual;
        Box::new(CapturePort::new(PortInfo { name: "capture".into(), driver: "capture", caps }, 8, buf.clone(), 0))
    }

    /// Sends frames 0..n (a u32 each) departing 1 us apart through `port`, in batches of 8.
    fn send(port: &mut dyn Port, n: u32) {
        let mut i = 0;
        while i < n {
            let k = {
                let mut b = port.tx_batch(8);
                let mut k = 0;
                while i + k < n {
                    let Some(slot) = b.slot() else { break };
                    slot[..4].copy_from_slice(&(i + k).to_be_bytes());
                    b.commit(TxMeta { len: 4, stream: 0, departure: Nanos(u64::from(i + k) * 1000) });
                    k += 1;
                }
                k
            };
            port.tx_commit(k as usize).unwrap();
            i += k;
        }
        port.flush().unwrap();
    }

    fn seqs(buf: &CaptureBuffer) -> Vec<(u32, u64)> {
        let frames = buf.lock().unwrap();
        frames
            .iter()
            .map(|f| (u32::from_be_bytes([f.data[0], f.data[1], f.data[2], f.data[3]]), f.departure.0))
            .collect()
    }

    #[test]
    fn an_impaired_port_delays_loses_and_goes_down_for_an_outage() {
        let buf = CaptureBuffer::default();
        let cfg = Impairments::parse("delay=5us,loss=10%,outage=2ms..3ms,seed=4").unwrap();
        let mut port = Impaired::new(capture(&buf), cfg, 0, 0);
        send(&mut port, 10_000);
        let got = seqs(&buf);
        let inj = port.injected();
        assert_eq!(inj.offered, 10_000);
        assert_eq!(got.len() as u64, 10_000 - inj.lost);
        assert_eq!(port.counters().opackets, got.len() as u64, "the port below counts what really went out");
        // Frames 2000..3000 left during the outage: none arrives; of the rest ~10% are lost.
        assert!(got.iter().all(|(s, _)| !(2000..3000).contains(s)));
        let chance = inj.lost - 1000;
        assert!((700..1100).contains(&chance), "{inj:?}");
        // In order, each 5 us after it left.
        assert!(got.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(got.iter().all(|&(s, at)| at == u64::from(s) * 1000 + 5_000));
        // Same seed, same frames.
        let again = CaptureBuffer::default();
        let mut port = Impaired::new(capture(&again), cfg, 0, 0);
        send(&mut port, 10_000);
        assert_eq!(seqs(&again), got);
        // No departure stamps: the kernel's would leave the delay line out.
        assert!(port.enable_tx_stamps(|_| Some(0)).unwrap_err().contains("delay line"));
    }

    #[test]
    fn a_tap_writes_what_it_hands_to_the_port_below() {
        let dir = std::env::temp_dir().join(format!("riptide-tap-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let buf = CaptureBuffer::default();
        let mut port = Box::new(Tapped::new(capture(&buf), &dir.join("tap.pcap"), "tap0", 1_000_000_000).unwrap());
        send(port.as_mut(), 100);
        let mut parts = Vec::new();
        port.into_parts(&mut parts);
        let [part] = &parts[..] else { panic!("{parts:?}") };
        assert_eq!(part.parent(), Some(dir.as_path()));
        let data = std::fs::read(part).unwrap();
        // 24-byte header, then 100 records of 16 + 4 bytes, stamped epoch + departure.
        assert_eq!(data.len(), 24 + 100 * 20);
        for i in 0..100usize {
            let r = &data[24 + i * 20..24 + (i + 1) * 20];
            let ns = u32::from_le_bytes([r[4], r[5], r[6], r[7]]);
            assert_eq!((u32::from_le_bytes([r[0], r[1], r[2], r[3]]), ns), (1, i as u32 * 1000));
            assert_eq!(&r[16..20], &(i as u32).to_be_bytes());
        }
        assert_eq!(seqs(&buf).len(), 100, "and the port below got them all");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
