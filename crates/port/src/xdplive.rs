//! The live-frames port (`xdplive:IF`): the kernel transmits, through the driver's XDP
//! path and without an skb per frame, frames the engine built in user space.
//!
//! Linux 5.18 added `BPF_F_TEST_XDP_LIVE_FRAMES` to `BPF_PROG_RUN`: the kernel runs an
//! XDP program `repeat` times over frames initialised from one buffer, and a frame the
//! program returns `XDP_TX` for leaves through the interface the context names
//! (`ingress_ifindex`). One frame for `repeat` runs is a single template; riptide's
//! program instead copies frame `k` of a run from a ring in a BPF array map that this
//! process maps into its memory (`BPF_F_MMAPABLE`):
//!
//! ```text
//! ring[N]: u32 counter          (the program's; it takes one per run)
//! ring[k]: u16 len, pad, frame bytes       k = counter % N
//! ```
//!
//! so every frame the engine wrote (field engine, checksums, any profile) reaches the
//! wire byte for byte. The program, 42 instructions
//! assembled here: look the counter up and bump it, look frame `k` up, check its length
//! (14..=slot), `bpf_xdp_adjust_tail` to that length where it differs from the call's
//! first frame, `bpf_xdp_store_bytes` the frame, `XDP_TX`.
//!
//! Pitfalls (../shared/baselines/xdplive.c's README): the call runs on the calling
//! thread, synchronously, so a worker sends only while it is inside it; a veth whose
//! peer has neither an XDP program nor GRO (NAPI) drops what it is given (`ethtool -K
//! PEER gro on`); transmit only; the kernel counts what left in the interface's
//! `tx_packets`.

use crate::afpacket::interface_index;
use crate::arena::Arena;
use crate::bpf::{bpf, insn, load_xdp, owned, Attr, Insn, BPF_MAP_CREATE, BPF_PROG_TEST_RUN};
use crate::mapping::Mapping;
use crate::{Port, PortError, PortInfo};
use riptide_core::{PortCounters, TxBatch};
use std::io;
use std::os::fd::{AsRawFd, OwnedFd, RawFd};

/// Backend name in stats.
pub const DRIVER: &str = "xdp_live_frames";

/// Bytes of frame ring per queue: 1,048,576 frames of up to 64 bytes (two halves: one
/// filling, one sending), fewer of larger ones.
const RING_BYTES: usize = 80 << 20;

/// Frames the ring holds for slots of `entry` bytes: a power of two, at least 64.
fn ring_frames(entry: usize) -> usize {
    let n = (RING_BYTES / entry.max(1)).max(64);
    if n.is_power_of_two() {
        n
    } else {
        n.next_power_of_two() / 2
    }
}

/// How long a frame may wait in the ring for the next call.
const HOLD: std::time::Duration = std::time::Duration::from_millis(50);

const BPF_MAP_TYPE_ARRAY: u32 = 2;
const BPF_F_MMAPABLE: u32 = 1 << 10;
const BPF_F_TEST_XDP_LIVE_FRAMES: u32 = 1 << 1;
const BPF_FUNC_MAP_LOOKUP_ELEM: i32 = 1;
const BPF_FUNC_XDP_ADJUST_TAIL: i32 = 65;
const BPF_FUNC_XDP_STORE_BYTES: i32 = 190;
const XDP_DROP: i32 = 1;
const XDP_TX: i32 = 3;

/// Bytes of a ring entry before the frame: the length (u16) and padding.
const HEAD: usize = 8;

/// The XDP program (see the module's documentation); `slot` is the largest frame,
/// `ring` the number of frames in the ring (a power of two).
fn program(map_fd: RawFd, slot: u32, ring: u32) -> [Insn; 42] {
    const STORE: i16 = 31;
    const DROP: i16 = 40;
    // A jump at `pc` to `to`: the offset counts from the next instruction.
    let j = |code: u8, dst: u8, imm: i32, pc: i16, to: i16| insn(code, dst, 0, to - pc - 1, imm);
    [
        insn(0xbf, 6, 1, 0, 0),                        // 0: r6 = ctx
        insn(0x62, 10, 0, -4, ring as i32),            // 1: *(u32 *)(fp - 4) = ring (the control entry's key)
        insn(0xbf, 2, 10, 0, 0),                       // 2: r2 = fp
        insn(0x07, 2, 0, 0, -4),                       // 3: r2 += -4
        insn(0x18, 1, 1, 0, map_fd),                   // 4: r1 = map (ld_imm64, BPF_PSEUDO_MAP_FD)
        insn(0x00, 0, 0, 0, 0),                        // 5:      (upper half)
        insn(0x85, 0, 0, 0, BPF_FUNC_MAP_LOOKUP_ELEM), // 6: r0 = &ring[ring]
        j(0x15, 0, 0, 7, DROP),                        // 7: if r0 == 0 goto drop
        insn(0x61, 7, 0, 0, 0),                        // 8: r7 = counter
        insn(0x61, 9, 0, 4, 0),                        // 9: r9 = the call's initial frame length
        insn(0xbf, 8, 7, 0, 0),                        // 10: r8 = r7
        insn(0x07, 8, 0, 0, 1),                        // 11: r8 += 1
        insn(0x63, 0, 8, 0, 0),                        // 12: counter = r8
        insn(0x57, 7, 0, 0, ring as i32 - 1),          // 13: r7 &= ring - 1
        insn(0x63, 10, 7, -4, 0),                      // 14: *(u32 *)(fp - 4) = r7
        insn(0xbf, 2, 10, 0, 0),                       // 15: r2 = fp
        insn(0x07, 2, 0, 0, -4),                       // 16: r2 += -4
        insn(0x18, 1, 1, 0, map_fd),                   // 17: r1 = map
        insn(0x00, 0, 0, 0, 0),                        // 18:      (upper half)
        insn(0x85, 0, 0, 0, BPF_FUNC_MAP_LOOKUP_ELEM), // 19: r0 = &ring[k]
        j(0x15, 0, 0, 20, DROP),                       // 20: if r0 == 0 goto drop
        insn(0xbf, 7, 0, 0, 0),                        // 21: r7 = entry
        insn(0x69, 8, 7, 0, 0),                        // 22: r8 = *(u16 *)entry: the length
        j(0x25, 8, slot as i32, 23, DROP),             // 23: if r8 > slot goto drop
        j(0xa5, 8, 14, 24, DROP),                      // 24: if r8 < 14 goto drop
        insn(0xbf, 2, 8, 0, 0),                        // 25: r2 = len
        insn(0x1f, 2, 9, 0, 0),                        // 26: r2 -= initial length
        j(0x15, 2, 0, 27, STORE),                      // 27: if r2 == 0 goto store (frame unchanged in size)
        insn(0xbf, 1, 6, 0, 0),                        // 28: r1 = ctx
        insn(0x85, 0, 0, 0, BPF_FUNC_XDP_ADJUST_TAIL), // 29: r0 = bpf_xdp_adjust_tail(ctx, r2)
        j(0x55, 0, 0, 30, DROP),                       // 30: if r0 != 0 goto drop
        insn(0xbf, 1, 6, 0, 0),                        // 31: store: r1 = ctx
        insn(0xb7, 2, 0, 0, 0),                        // 32: r2 = 0
        insn(0xbf, 3, 7, 0, 0),                        // 33: r3 = entry
        insn(0x07, 3, 0, 0, HEAD as i32),              // 34: r3 += HEAD: the frame
        insn(0xbf, 4, 8, 0, 0),                        // 35: r4 = len
        insn(0x85, 0, 0, 0, BPF_FUNC_XDP_STORE_BYTES), // 36: r0 = bpf_xdp_store_bytes(ctx, 0, frame, len)
        j(0x55, 0, 0, 37, DROP),                       // 37: if r0 != 0 goto drop
        insn(0xb7, 0, 0, 0, XDP_TX),                   // 38: r0 = XDP_TX
        insn(0x95, 0, 0, 0, 0),                        // 39: return
        insn(0xb7, 0, 0, 0, XDP_DROP),                 // 40: drop: r0 = XDP_DROP
        insn(0x95, 0, 0, 0, 0),                        // 41: return
    ]
}

/// What the sender thread needs to run the program: all plain values, and the ring's
/// address (the mapping outlives the thread: the port joins it before unmapping).
struct Sender {
    prog: std::sync::Arc<OwnedFd>,
    ifindex: u32,
    ring: *mut u8,
    entry: usize,
    frames: usize,
}

// SAFETY: the sender reads only the half of the ring it was handed (and the control
// entry, which only it touches), while the worker writes the other half; the port joins
// the thread before the mapping is unmapped.
unsafe impl Send for Sender {}

/// A half of the ring, full: where it starts and how many frames it holds.
struct Job {
    start: usize,
    n: usize,
}

impl Sender {
    /// Runs the program once per frame of `job` in one `BPF_PROG_RUN`.
    fn send(&self, job: &Job) -> io::Result<()> {
        // SAFETY: entry `start` and the control entry lie inside the mapping (frames + 1
        // entries); the worker does not touch this half until the job is answered.
        let first = u32::from(unsafe { self.ring.add(job.start * self.entry).cast::<u16>().read() });
        // The kernel starts every frame at the first frame's length: frames of that
        // length need no bpf_xdp_adjust_tail (which would also make the kernel
        // re-initialise the frame's page when it comes back).
        unsafe {
            let ctl = self.ring.add(self.frames * self.entry).cast::<u32>();
            ctl.write_volatile(job.start as u32);
            ctl.add(1).write_volatile(first);
        }
        let data = vec![0u8; first as usize];
        // struct xdp_md: data, data_end, data_meta, ingress_ifindex, rx_queue_index, egress_ifindex.
        let ctx: [u32; 6] = [0, first, 0, self.ifindex, 0, 0];
        let mut a = Attr::new()
            .u32(0, self.prog.as_raw_fd() as u32)
            .u32(8, first)
            .u64(16, data.as_ptr() as u64)
            .u32(32, job.n as u32)
            .u32(40, size_of_val(&ctx) as u32)
            .u64(48, ctx.as_ptr() as u64)
            .u32(64, BPF_F_TEST_XDP_LIVE_FRAMES)
            .u32(72, job.n.min(256) as u32);
        bpf(BPF_PROG_TEST_RUN, &mut a).map(drop)
    }
}

/// One transmit queue. The engine writes into an arena; each commit copies the frames
/// into one half of the map's ring. A half is handed to the queue's sender thread,
/// which sends it in one `BPF_PROG_RUN`, when it is full, when its oldest frame has
/// waited [`HOLD`], or on flush; meanwhile the worker fills the other half. Each call
/// costs the kernel a fixed setup (a page pool; ~25 ms measured on a 2-vCPU VM), so the
/// port sends in bursts of up to half a ring: it is made for throughput, not pacing.
pub struct XdpLivePort {
    info: PortInfo,
    arena: Arena,
    counters: PortCounters,
    ifindex: u32,
    entry: usize,
    slot: usize,
    frames: usize,
    /// The half being filled: 0 or `frames / 2`.
    fill: usize,
    pending: usize,
    pending_bytes: u64,
    since: Option<std::time::Instant>,
    /// Frames and bytes of the half in flight, counted when the sender answers.
    in_flight: Option<(usize, u64)>,
    calls: u64,
    jobs: Option<std::sync::mpsc::SyncSender<Job>>,
    done: std::sync::mpsc::Receiver<io::Result<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
    ring: Mapping,
    _prog: std::sync::Arc<OwnedFd>,
    _map: OwnedFd,
}

impl std::fmt::Debug for XdpLivePort {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("XdpLivePort").field("info", &self.info).field("ifindex", &self.ifindex).finish()
    }
}

fn perm(what: &str, e: &io::Error) -> String {
    match e.raw_os_error() {
        Some(libc::EPERM | libc::EACCES) => format!("{what}: {}", crate::root::XDP_LIVE.message()),
        _ => format!("{what}: {e}"),
    }
}

impl XdpLivePort {
    /// Opens a queue on `ifname` (in the calling thread's network namespace), lending
    /// `slots` frames per batch.
    pub fn open(ifname: &str, info: PortInfo, slots: usize) -> Result<Self, String> {
        let ifindex = interface_index(ifname).map_err(|e| match e.raw_os_error() {
            Some(libc::ENODEV) => crate::afpacket::no_such_interface(ifname),
            _ => format!("interface lookup of '{ifname}': {e}"),
        })?;
        let slot = info.caps.max_frame.max(64).next_multiple_of(8);
        let entry = HEAD + slot;
        let frames = ring_frames(entry);
        let entries = frames + 1;
        let mut a = Attr::new()
            .u32(0, BPF_MAP_TYPE_ARRAY)
            .u32(4, 4)
            .u32(8, entry as u32)
            .u32(12, entries as u32)
            .u32(16, BPF_F_MMAPABLE)
            .name(28, "riptide_live");
        let map = owned(bpf(BPF_MAP_CREATE, &mut a).map_err(|e| perm("creating the frame ring (BPF array map)", &e))?);
        let len = (entry * entries).next_multiple_of(4096);
        let ring = Mapping::shared(map.as_raw_fd(), len, 0).map_err(|e| format!("mapping the frame ring: {e}"))?;
        let prog = program(map.as_raw_fd(), slot as u32, frames as u32);
        let prog = load_xdp(&prog, "riptide_live", 0).map_err(|(e, log)| {
            perm("loading the live-frames XDP program", &e) + if log.is_empty() { "" } else { ": " } + &log
        })?;
        let prog = std::sync::Arc::new(prog);
        let sender = Sender { prog: prog.clone(), ifindex, ring: ring.ptr().as_ptr(), entry, frames };
        let (jobs, inbox) = std::sync::mpsc::sync_channel::<Job>(1);
        let (answer, done) = std::sync::mpsc::sync_channel::<io::Result<()>>(1);
        // The sender stays in the namespace of the thread that opened the port (a new
        // thread starts in its creator's): BPF_PROG_RUN finds `ifindex` there.
        let thread = std::thread::Builder::new()
            .name("riptide-xdplive".into())
            .spawn(move || {
                let sender = sender;
                for job in inbox {
                    if answer.send(sender.send(&job)).is_err() {
                        break;
                    }
                }
            })
            .map_err(|e| format!("starting the live-frames sender thread: {e}"))?;
        let arena = Arena::new(slots.clamp(1, frames / 2), info.caps.max_frame);
        Ok(XdpLivePort {
            info,
            arena,
            counters: PortCounters::default(),
            ifindex,
            entry,
            slot,
            frames,
            fill: 0,
            pending: 0,
            pending_bytes: 0,
            since: None,
            in_flight: None,
            calls: 0,
            jobs: Some(jobs),
            done,
            thread: Some(thread),
            ring,
            _prog: prog,
            _map: map,
        })
    }

    /// Frames the ring holds (two halves: one filling, one sending).
    pub fn ring_frames(&self) -> usize {
        self.frames
    }

    /// `BPF_PROG_RUN` calls made so far.
    pub fn calls(&self) -> u64 {
        self.calls
    }

    fn io_error(&self, source: io::Error) -> PortError {
        PortError::Io {
            port: self.info.name.clone(),
            what: match source.raw_os_error() {
                Some(libc::EINVAL | libc::EOPNOTSUPP) => {
                    "BPF_PROG_RUN with live frames (Linux 5.18 or later, an interface that can transmit XDP frames)"
                        .into()
                }
                _ => "BPF_PROG_RUN with live frames".into(),
            },
            source,
        }
    }

    /// Waits for the half in flight, counting its frames once the kernel has sent them.
    fn wait(&mut self) -> Result<(), PortError> {
        let Some((n, bytes)) = self.in_flight.take() else { return Ok(()) };
        let r = self.done.recv().unwrap_or_else(|_| Err(io::Error::other("the sender thread is gone")));
        r.map_err(|e| self.io_error(e))?;
        self.counters.opackets += n as u64;
        self.counters.obytes += bytes;
        Ok(())
    }

    /// Hands the half being filled to the sender (after the one in flight is done) and
    /// turns to the other half.
    fn submit(&mut self) -> Result<(), PortError> {
        if self.pending == 0 {
            return Ok(());
        }
        self.wait()?;
        let job = Job { start: self.fill, n: self.pending };
        let sent = self.jobs.as_ref().is_some_and(|j| j.send(job).is_ok());
        if !sent {
            return Err(self.io_error(io::Error::other("the sender thread is gone")));
        }
        self.calls += 1;
        self.in_flight = Some((self.pending, self.pending_bytes));
        self.fill = if self.fill == 0 { self.frames / 2 } else { 0 };
        self.pending = 0;
        self.pending_bytes = 0;
        self.since = None;
        Ok(())
    }
}

impl Drop for XdpLivePort {
    fn drop(&mut self) {
        // The sender must be gone before the ring is unmapped.
        self.jobs = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Port for XdpLivePort {
    fn info(&self) -> &PortInfo {
        &self.info
    }

    fn tx_batch(&mut self, want: usize) -> TxBatch<'_> {
        self.arena.batch(want)
    }

    fn tx_commit(&mut self, n: usize) -> Result<usize, PortError> {
        if n == 0 {
            return Ok(0);
        }
        let half = self.frames / 2;
        if self.pending + n > half {
            self.submit()?;
        }
        let base = self.ring.ptr().as_ptr();
        let (start, entry, slot) = (self.fill + self.pending, self.entry, self.slot);
        let mut bytes = 0u64;
        for (i, (frame, _)) in self.arena.committed(n).enumerate() {
            let len = frame.len().min(slot);
            // SAFETY: pending + n <= half (checked above; n <= the arena's slots <=
            // half), so the entry lies inside the half being filled, which the sender
            // does not read until it is submitted; HEAD + len <= entry.
            unsafe {
                let e = base.add((start + i) * entry);
                e.cast::<u16>().write(len as u16);
                std::ptr::copy_nonoverlapping(frame.as_ptr(), e.add(HEAD), len);
            }
            bytes += len as u64;
        }
        self.pending += n;
        self.pending_bytes += bytes;
        let since = *self.since.get_or_insert_with(std::time::Instant::now);
        if self.pending == half || since.elapsed() >= HOLD {
            self.submit()?;
        }
        Ok(n)
    }

    fn flush(&mut self) -> Result<(), PortError> {
        self.submit()?;
        self.wait()
    }

    fn counters(&self) -> PortCounters {
        self.counters
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_program_jumps_land_on_drop_and_the_ring_mask_fits() {
        for entry in [72, 1528, 9008, 1 << 20] {
            let n = ring_frames(entry);
            assert!(n.is_power_of_two() && n >= 64 && (n == 64 || n * entry <= RING_BYTES), "{entry}: {n}");
        }
        assert_eq!(ring_frames(72), 1 << 20);
        let p = program(7, 1520, 1024);
        for (pc, i) in p.iter().enumerate() {
            if matches!(i.code, 0x15 | 0x25 | 0xa5 | 0x55) {
                let to = pc as i16 + 1 + i.off;
                assert!(to == 40 || (pc == 27 && to == 31), "jump at {pc} to {to}");
            }
        }
        assert_eq!((p[40].code, p[40].imm), (0xb7, XDP_DROP));
        assert_eq!((p[38].code, p[38].imm), (0xb7, XDP_TX));
        assert_eq!((p[36].code, p[36].imm), (0x85, BPF_FUNC_XDP_STORE_BYTES));
        assert_eq!((p[4].regs, p[4].imm, p[17].imm), (0x11, 7, 7));
        assert_eq!((p[13].code, p[13].imm), (0x57, 1023));
    }
}
