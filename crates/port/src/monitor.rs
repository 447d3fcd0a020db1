//! Captures on demand (TRex's capture API): a [`Monitor`] the engine puts beside its
//! ports keeps the frames they send and receive while a capture wants them, each capture
//! with its ports by direction, a BPF filter (libpcap's compiler, as tcpdump's), a limit
//! and a mode (fixed: later frames are dropped when full; cyclic: earlier ones).
//!
//! A port wrapped by [`Monitored`] costs one atomic load per batch while nothing is
//! captured: frames go to the inner port's own buffers; while a capture runs, they are
//! built in the wrapper's arena, offered to the monitor and copied on.

use crate::arena::Arena;
use crate::{Port, PortError, PortInfo};
use riptide_core::host::unix_now_ns;
use riptide_core::{Nanos, PortCounters, TxBatch};
use std::collections::{BTreeMap, VecDeque};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// Most captures kept at once (running or stopped, until removed).
pub const MAX_CAPTURES: usize = 16;
/// Most frames one capture holds.
pub const MAX_LIMIT: usize = 1_000_000;
/// Most bytes all captures hold together, each frame counted with its bookkeeping
/// ([`FRAME_COST`]): a full capture drops (fixed) or rotates (cyclic) beyond it, as
/// beyond its limit.
pub const MAX_BYTES: usize = 256 << 20;
/// What a held frame costs beside its bytes.
pub const FRAME_COST: usize = std::mem::size_of::<Frame>() + 16;

/// What a capture takes.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CaptureSpec {
    /// Ports whose sent frames it keeps.
    pub tx: Vec<u16>,
    /// Ports whose received frames it keeps.
    pub rx: Vec<u16>,
    /// Most frames it holds.
    pub limit: usize,
    /// When full, drop the earliest frame (`true`) or the new one.
    pub cyclic: bool,
    /// A BPF filter expression (tcpdump's syntax); empty: every frame.
    pub filter: String,
}

/// One captured frame.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Frame {
    /// Its place in the capture (0, 1, ...: counts the frames the capture matched).
    pub index: u64,
    /// When it was sent or received, ns since the Unix epoch.
    pub unix_ns: u64,
    /// The port.
    pub port: u16,
    /// Sent (`true`) or received.
    pub tx: bool,
    /// The frame (no FCS).
    pub data: Vec<u8>,
}

/// A capture's state.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CaptureStatus {
    /// Its id.
    pub id: u32,
    /// What it takes.
    pub spec: CaptureSpec,
    /// Still taking frames.
    pub running: bool,
    /// Frames held now.
    pub count: usize,
    /// Frames it matched in all.
    pub matched: u64,
    /// Bytes held now.
    pub bytes: usize,
    /// When it started, ns since the Unix epoch.
    pub start_unix_ns: u64,
}

struct Capture {
    spec: CaptureSpec,
    filter: Option<Filter>,
    frames: VecDeque<Frame>,
    running: bool,
    matched: u64,
    bytes: usize,
    start_unix_ns: u64,
}

/// A compiled BPF filter (libpcap's `pcap_compile` on an Ethernet link).
struct Filter(pcap::BpfProgram);

impl Filter {
    fn compile(expr: &str) -> Result<Filter, String> {
        let dead = pcap::Capture::dead(pcap::Linktype::ETHERNET).map_err(|e| format!("BPF filter: {e}"))?;
        dead.compile(expr, true).map(Filter).map_err(|e| format!("BPF filter '{expr}': {e}"))
    }

    fn matches(&self, frame: &[u8]) -> bool {
        self.0.filter(frame)
    }
}

#[derive(Default)]
struct State {
    next: u32,
    captures: BTreeMap<u32, Capture>,
    /// Bytes held by every capture, each frame with [`FRAME_COST`].
    bytes: usize,
}

/// The captures of an engine's ports. Shared by the engine and its ports' wrappers.
#[derive(Default)]
pub struct Monitor {
    /// Some capture runs: the ports offer their frames.
    on: AtomicBool,
    state: Mutex<State>,
}

impl std::fmt::Debug for Monitor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Monitor").field("on", &self.on.load(Ordering::Relaxed)).finish()
    }
}

fn lock(m: &Mutex<State>) -> std::sync::MutexGuard<'_, State> {
    match m.lock() {
        Ok(g) => g,
        Err(p) => p.into_inner(),
    }
}

impl Monitor {
    /// A monitor with no capture.
    pub fn new() -> Arc<Monitor> {
        Arc::new(Monitor::default())
    }

    /// Starts a capture of `spec` over an engine of `ports` ports; returns its id.
    pub fn start(&self, spec: CaptureSpec, ports: usize) -> Result<u32, String> {
        if spec.tx.is_empty() && spec.rx.is_empty() {
            return Err("a capture needs a port to capture on (tx or rx)".into());
        }
        if let Some(p) = spec.tx.iter().chain(&spec.rx).find(|&&p| usize::from(p) >= ports) {
            return Err(format!("port {p}: only {ports} port(s)"));
        }
        if spec.limit == 0 || spec.limit > MAX_LIMIT {
            return Err(format!("limit {}: expected 1 to {MAX_LIMIT} frames", spec.limit));
        }
        let filter = if spec.filter.trim().is_empty() { None } else { Some(Filter::compile(&spec.filter)?) };
        let mut s = lock(&self.state);
        if s.captures.len() >= MAX_CAPTURES {
            return Err(format!("{MAX_CAPTURES} captures are kept already: remove one first"));
        }
        s.next += 1;
        let id = s.next;
        let c = Capture {
            spec,
            filter,
            frames: VecDeque::new(),
            running: true,
            matched: 0,
            bytes: 0,
            start_unix_ns: unix_now_ns(),
        };
        s.captures.insert(id, c);
        self.on.store(true, Ordering::Release);
        Ok(id)
    }

    /// Stops capture `id` (its frames stay until fetched or removed); returns how many
    /// it holds.
    pub fn stop(&self, id: u32) -> Result<usize, String> {
        let mut s = lock(&self.state);
        let c = s.captures.get_mut(&id).ok_or_else(|| format!("no capture {id}"))?;
        c.running = false;
        let n = c.frames.len();
        self.rearm(&s);
        Ok(n)
    }

    /// Takes up to `max` of capture `id`'s frames and at most `max_bytes` of their bytes
    /// (one frame at least), earliest first, so what is taken fits the reply that carries
    /// it; also answers how many it still holds after them and when it started.
    pub fn fetch(&self, id: u32, max: usize, max_bytes: usize) -> Result<(Vec<Frame>, usize, u64), String> {
        let mut s = lock(&self.state);
        let c = s.captures.get_mut(&id).ok_or_else(|| format!("no capture {id}"))?;
        let mut n = 0;
        let mut bytes = 0;
        for f in c.frames.iter().take(max) {
            bytes += f.data.len();
            if n > 0 && bytes > max_bytes {
                break;
            }
            n += 1;
        }
        let out: Vec<Frame> = c.frames.drain(..n).collect();
        let freed: usize = out.iter().map(|f| f.data.len()).sum();
        c.bytes -= freed;
        let (left, start) = (c.frames.len(), c.start_unix_ns);
        s.bytes -= freed + out.len() * FRAME_COST;
        Ok((out, left, start))
    }

    /// Forgets capture `id` and its frames.
    pub fn remove(&self, id: u32) -> Result<(), String> {
        let mut s = lock(&self.state);
        let c = s.captures.remove(&id).ok_or_else(|| format!("no capture {id}"))?;
        s.bytes -= c.bytes + c.frames.len() * FRAME_COST;
        self.rearm(&s);
        Ok(())
    }

    /// Every capture kept.
    pub fn status(&self) -> Vec<CaptureStatus> {
        let s = lock(&self.state);
        s.captures
            .iter()
            .map(|(&id, c)| CaptureStatus {
                id,
                spec: c.spec.clone(),
                running: c.running,
                count: c.frames.len(),
                matched: c.matched,
                bytes: c.bytes,
                start_unix_ns: c.start_unix_ns,
            })
            .collect()
    }

    fn rearm(&self, s: &State) {
        self.on.store(s.captures.values().any(|c| c.running), Ordering::Release);
    }

    /// Whether a capture runs (ports offer their frames only then).
    #[inline]
    pub fn wants(&self) -> bool {
        self.on.load(Ordering::Relaxed)
    }

    /// A frame port `port` sent (`tx`) or received at `unix_ns`.
    pub fn offer(&self, port: u16, tx: bool, unix_ns: u64, data: &[u8]) {
        let mut g = lock(&self.state);
        let s = &mut *g;
        for c in s.captures.values_mut() {
            let ports = if tx { &c.spec.tx } else { &c.spec.rx };
            if !c.running || !ports.contains(&port) || c.filter.as_ref().is_some_and(|f| !f.matches(data)) {
                continue;
            }
            let cost = data.len() + FRAME_COST;
            let full = c.frames.len() >= c.spec.limit || s.bytes + cost > MAX_BYTES;
            if full {
                if !c.cyclic() {
                    continue;
                }
                if let Some(old) = c.frames.pop_front() {
                    c.bytes -= old.data.len();
                    s.bytes -= old.data.len() + FRAME_COST;
                }
                if s.bytes + cost > MAX_BYTES {
                    continue;
                }
            }
            c.frames.push_back(Frame { index: c.matched, unix_ns, port, tx, data: data.to_vec() });
            c.matched += 1;
            c.bytes += data.len();
            s.bytes += cost;
        }
    }
}

impl Capture {
    fn cyclic(&self) -> bool {
        self.spec.cyclic
    }
}

/// A port whose frames a [`Monitor`] sees while a capture runs.
pub struct Monitored {
    inner: Box<dyn Port>,
    monitor: Arc<Monitor>,
    port: u16,
    arena: Arena,
    /// The last batch was lent from the arena (a capture ran when it was asked for).
    copying: bool,
    epoch_unix_ns: u64,
}

impl Monitored {
    /// Wraps `inner`, port `port` of its engine; `epoch_unix_ns` is the run's time zero
    /// (a simulated port's frames are stamped with their departure after it).
    pub fn new(inner: Box<dyn Port>, monitor: Arc<Monitor>, port: u16, epoch_unix_ns: u64) -> Monitored {
        let caps = &inner.info().caps;
        let arena = Arena::new(caps.batch, caps.max_frame);
        Monitored { inner, monitor, port, arena, copying: false, epoch_unix_ns }
    }
}

impl Port for Monitored {
    fn info(&self) -> &PortInfo {
        self.inner.info()
    }

    fn tx_batch(&mut self, want: usize) -> TxBatch<'_> {
        self.copying = self.monitor.wants();
        if self.copying {
            self.arena.batch(want)
        } else {
            self.inner.tx_batch(want)
        }
    }

    fn tx_commit(&mut self, n: usize) -> Result<usize, PortError> {
        if !self.copying {
            return self.inner.tx_commit(n);
        }
        let real = !self.inner.info().caps.simulated();
        let now = unix_now_ns();
        for (data, m) in self.arena.committed(n) {
            let at = if real { now } else { self.epoch_unix_ns + m.departure.0 };
            self.monitor.offer(self.port, true, at, data);
        }
        let frames = self.arena.committed(n).map(|(d, m)| (d, m.departure));
        let (_, accepted) = crate::wrap::hand_over(self.inner.as_mut(), frames)?;
        Ok(accepted)
    }

    crate::wrap::stamps_from_inner!();

    fn counters(&self) -> PortCounters {
        self.inner.counters()
    }

    fn flush(&mut self) -> Result<(), PortError> {
        self.inner.flush()
    }

    fn rx(&mut self, max: usize, sink: &mut dyn FnMut(&[u8], Nanos)) -> Result<usize, PortError> {
        if !self.monitor.wants() {
            return self.inner.rx(max, sink);
        }
        let (monitor, port) = (&self.monitor, self.port);
        self.inner.rx(max, &mut |frame, ts| {
            monitor.offer(port, false, ts.0, frame);
            sink(frame, ts)
        })
    }

    fn into_parts(self: Box<Self>, out: &mut Vec<PathBuf>) {
        self.inner.into_parts(out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn udp(dport: u16) -> Vec<u8> {
        let mut f = vec![0u8; 60];
        f[12] = 0x08; // IPv4
        f[14] = 0x45;
        f[23] = 17; // UDP
        f[36..38].copy_from_slice(&dport.to_be_bytes());
        f
    }

    #[test]
    fn a_capture_keeps_its_ports_and_direction_through_its_filter() {
        let m = Monitor::new();
        assert!(!m.wants());
        let spec = CaptureSpec { tx: vec![0], rx: vec![1], limit: 10, cyclic: false, filter: "udp port 53".into() };
        let id = m.start(spec, 2).unwrap();
        assert!(m.wants());
        m.offer(0, true, 1, &udp(53));
        m.offer(0, false, 2, &udp(53)); // port 0's receive side: not asked for
        m.offer(1, false, 3, &udp(53));
        m.offer(1, false, 4, &udp(80)); // filtered out
        let (frames, left, _) = m.fetch(id, 1, usize::MAX).unwrap();
        assert_eq!((frames.len(), left), (1, 1));
        assert_eq!((frames[0].index, frames[0].port, frames[0].tx), (0, 0, true));
        assert_eq!(m.stop(id), Ok(1));
        assert!(!m.wants());
        m.offer(1, false, 5, &udp(53));
        let (frames, left, _) = m.fetch(id, 10, usize::MAX).unwrap();
        assert_eq!((frames.len(), left, frames[0].index, frames[0].unix_ns), (1, 0, 1, 3));
        m.remove(id).unwrap();
        assert!(m.fetch(id, 1, usize::MAX).is_err_and(|e| e.contains("no capture")));
    }

    #[test]
    fn fixed_drops_the_new_and_cyclic_the_old() {
        let m = Monitor::new();
        let fixed = m.start(CaptureSpec { tx: vec![0], limit: 3, ..Default::default() }, 1).unwrap();
        let cyclic = m.start(CaptureSpec { tx: vec![0], limit: 3, cyclic: true, ..Default::default() }, 1).unwrap();
        for i in 0..5u64 {
            m.offer(0, true, i, &udp(1));
        }
        let at = |id| m.fetch(id, 10, usize::MAX).unwrap().0.iter().map(|f| f.unix_ns).collect::<Vec<_>>();
        assert_eq!(at(fixed), [0, 1, 2]);
        assert_eq!(at(cyclic), [2, 3, 4]);
        let s = m.status();
        assert_eq!(s.iter().map(|c| c.matched).collect::<Vec<_>>(), [3, 5]);
    }

    /// A fetch takes no more bytes than asked (but one frame at least), and leaves the
    /// rest for the next.
    #[test]
    fn a_fetch_stops_at_its_byte_budget() {
        let m = Monitor::new();
        let id = m.start(CaptureSpec { tx: vec![0], limit: 10, ..Default::default() }, 1).unwrap();
        for i in 0..5u64 {
            m.offer(0, true, i, &[0u8; 1000]);
        }
        let (got, left, _) = m.fetch(id, 10, 2500).unwrap();
        assert_eq!((got.len(), left), (2, 3));
        let (got, left, _) = m.fetch(id, 10, 10).unwrap();
        assert_eq!((got.len(), left), (1, 2), "one frame at least");
        assert_eq!(m.status()[0].bytes, 2000);
    }

    /// However many captures and frames, what they hold stays within [`MAX_BYTES`].
    #[test]
    fn every_capture_together_stays_within_the_byte_budget() {
        let m = Monitor::new();
        for _ in 0..4 {
            m.start(CaptureSpec { tx: vec![0], limit: MAX_LIMIT, cyclic: true, ..Default::default() }, 1).unwrap();
        }
        let big = vec![0u8; 9000];
        for i in 0..(MAX_BYTES / 9000 + 100) as u64 {
            m.offer(0, true, i, &big);
        }
        let held: usize = m.status().iter().map(|c| c.bytes + c.count * FRAME_COST).sum();
        assert!(held <= MAX_BYTES, "{held}");
        assert!(held > MAX_BYTES - 4 * (9000 + FRAME_COST), "{held}: the budget is used, not starved");
        assert_eq!(lock(&m.state).bytes, held);
    }

    #[test]
    fn bad_captures_are_refused_with_the_reason() {
        let m = Monitor::new();
        let e = |spec| m.start(spec, 2).unwrap_err();
        assert!(e(CaptureSpec { limit: 1, ..Default::default() }).contains("needs a port"));
        assert!(e(CaptureSpec { tx: vec![2], limit: 1, ..Default::default() }).contains("port 2"));
        assert!(e(CaptureSpec { tx: vec![0], limit: 0, ..Default::default() }).contains("limit 0"));
        let bad = CaptureSpec { tx: vec![0], limit: 1, filter: "udp port banana".into(), ..Default::default() };
        assert!(e(bad).contains("BPF filter 'udp port banana'"));
        for _ in 0..MAX_CAPTURES {
            m.start(CaptureSpec { tx: vec![0], limit: 1, ..Default::default() }, 2).unwrap();
        }
        assert!(e(CaptureSpec { tx: vec![0], limit: 1, ..Default::default() }).contains("remove one"));
    }
}
