//! The lab's `impair` DUT: a forwarder between two interfaces that does to frames on the
//! wall clock what a `link:` does on virtual time (delay, loss, reordering, duplication,
//! a bottleneck with its queue, outages: [`ImpairLine`]), where the kernel has no netem.
//!
//! Each frame read from one leg enters that direction's line when the loop read it and
//! leaves by the other leg when the line says it is due, unchanged (testpmd's io mode: the
//! generator addresses the far port). Held from its reading, as netem holds a packet from
//! its enqueueing, a frame's delay adds itself to the forwarder's own latency: what a
//! latency test through the lab measures from the kernel's stamps (`crates/cli/tests/lab.rs`).
//! Held from its kernel receive stamp instead, the delay would swallow the time the loop
//! took to see the frame (200 us measured as 198).
//!
//! Each leg receives into a `TPACKET_V2` ring, where a frame is user space's as soon as
//! the kernel wrote it, and seeing whether one came is a load from memory: a round of the
//! loop is short, and a frame due waits for less than a round. (The ports' `TPACKET_V3`
//! rings hand a block over when it fills or after a millisecond; with two `recvmmsg` a
//! round took 1.4 us and 200 us measured as 200.7; with the rings, 199.7 to 200.2, and the
//! forwarder's own latency fell from 3.1 to 2.5 us.) What is due goes out after each
//! leg's read, by `sendmmsg` in batches of [`BATCH`]. The frames on their way are bounded
//! by [`MAX_HELD`] and [`MAX_HELD_BYTES`] per direction (a frame that finds them full is
//! dropped and counted), buffers reused. The loop spins while frames come or are due
//! within [`SPIN`], and otherwise sleeps in `ppoll` until a frame arrives or one is due:
//! an idle lab costs no CPU. It runs at normal priority, as testpmd's forwarding core: at
//! real-time priority it starved a generator that shared its CPU (50 ms, and the burst
//! after overflowed its ring).

use crate::afpacket::{bind, cvt, get_opt, interface_index, set_opt};
use crate::impair::{ImpairLine, Impairments, Injected};
use crate::mapping::Mapping;
use riptide_core::host::unix_now_ns;
use riptide_core::Nanos;
use std::collections::VecDeque;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::sync::atomic::{AtomicU32, Ordering};

/// Frames read or sent per system call.
pub const BATCH: usize = 64;
/// The most frames on their way in one direction.
pub const MAX_HELD: usize = 65_536;
/// The most bytes on their way in one direction.
pub const MAX_HELD_BYTES: usize = 64 << 20;
/// The largest frame forwarded (a jumbo frame and its VLAN tags); a longer one is dropped
/// and counted.
pub const MAX_FRAME: usize = 9_238;
/// How long the loop spins after the last frame in or out (or before the next one due)
/// before it sleeps in `ppoll`.
pub const SPIN: Nanos = Nanos(2_000_000);

/// What one direction did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DirectionStats {
    /// Frames read from the input leg.
    pub received: u64,
    /// Frames sent out of the output leg.
    pub forwarded: u64,
    /// Dropped by the line (loss, outage, a full bottleneck queue).
    pub lost: u64,
    /// Swapped with their successor by the line.
    pub reordered: u64,
    /// Delivered twice by the line.
    pub duplicated: u64,
    /// Dropped because [`MAX_HELD`] frames or [`MAX_HELD_BYTES`] were on their way.
    pub held_full: u64,
    /// Dropped because longer than [`MAX_FRAME`].
    pub too_long: u64,
    /// Refused by the output leg (its queue or the interface).
    pub send_failed: u64,
    /// Dropped by the kernel before the forwarder read them: the input leg's receive ring
    /// was full (the forwarder fell behind).
    pub ring_full: u64,
}

/// What the forwarder did: direction 0 is leg 0 to leg 1.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ForwardStats {
    /// Each direction's figures.
    pub directions: [DirectionStats; 2],
}

/// One leg: a packet socket bound to an interface, promiscuous, blind to what it sends,
/// receiving into a `TPACKET_V2` ring: each frame is user space's as soon as the kernel
/// wrote it, and seeing whether one came is a load from memory, not a system call (a
/// round of the loop took 1.4 us with two `recvmmsg`, and a frame due waited up to a
/// round).
struct Leg {
    fd: OwnedFd,
    ring: Mapping,
    frames: usize,
    per_block: usize,
    next: usize,
    /// A frame with its VLAN tag put back.
    tagged: Vec<u8>,
}

/// Bytes of a ring entry: the largest frame and the kernel's header before it.
const ENTRY: usize = 9_344;
/// A block of the ring: seven entries.
const BLOCK: usize = 65_536;
/// Entries in each leg's ring (about 9.4 MiB).
const ENTRIES: usize = 1_022;

impl Leg {
    fn open(ifname: &str) -> io::Result<Leg> {
        let named = |what: &str, e: io::Error| io::Error::new(e.kind(), format!("{ifname}: {what}: {e}"));
        let ifindex = interface_index(ifname).map_err(|e| named("interface lookup", e))?;
        // SAFETY: plain socket creation; protocol 0 receives nothing until the bind.
        let fd = cvt(unsafe { libc::socket(libc::AF_PACKET, libc::SOCK_RAW | libc::SOCK_CLOEXEC, 0) })
            .map_err(|e| named("socket", e))?;
        // SAFETY: `fd` was just returned by socket(2) and nothing else owns it.
        let fd = unsafe { OwnedFd::from_raw_fd(fd) };
        let raw = fd.as_raw_fd();
        set_opt(raw, libc::SOL_PACKET, libc::PACKET_IGNORE_OUTGOING, &1 as &libc::c_int)
            .map_err(|e| named("PACKET_IGNORE_OUTGOING", e))?;
        set_opt(raw, libc::SOL_PACKET, libc::PACKET_QDISC_BYPASS, &1 as &libc::c_int)
            .map_err(|e| named("PACKET_QDISC_BYPASS", e))?;
        let buf: libc::c_int = 8 << 20;
        let _ = set_opt(raw, libc::SOL_SOCKET, libc::SO_SNDBUFFORCE, &buf);
        let version = libc::tpacket_versions::TPACKET_V2 as libc::c_int;
        set_opt(raw, libc::SOL_PACKET, libc::PACKET_VERSION, &version).map_err(|e| named("PACKET_VERSION", e))?;
        let per_block = BLOCK / ENTRY;
        let blocks = ENTRIES.div_ceil(per_block);
        let req = libc::tpacket_req {
            tp_block_size: BLOCK as u32,
            tp_block_nr: blocks as u32,
            tp_frame_size: ENTRY as u32,
            tp_frame_nr: (blocks * per_block) as u32,
        };
        set_opt(raw, libc::SOL_PACKET, libc::PACKET_RX_RING, &req).map_err(|e| named("PACKET_RX_RING", e))?;
        let ring = Mapping::shared(raw, BLOCK * blocks, 0).map_err(|e| named("mapping the ring", e))?;
        bind(raw, ifindex, (libc::ETH_P_ALL as u16).to_be()).map_err(|e| named("bind", e))?;
        let mreq = libc::packet_mreq {
            mr_ifindex: ifindex as libc::c_int,
            mr_type: libc::PACKET_MR_PROMISC as u16,
            mr_alen: 0,
            mr_address: [0; 8],
        };
        set_opt(raw, libc::SOL_PACKET, libc::PACKET_ADD_MEMBERSHIP, &mreq).map_err(|e| named("promiscuous mode", e))?;
        Ok(Leg { fd, ring, frames: blocks * per_block, per_block, next: 0, tagged: Vec::new() })
    }

    /// Offset of entry `i` in the ring.
    fn entry(&self, i: usize) -> usize {
        (i / self.per_block) * BLOCK + (i % self.per_block) * ENTRY
    }

    /// The status word of entry `i`, shared with the kernel.
    fn status(&self, i: usize) -> &AtomicU32 {
        // SAFETY: `i < frames`, so the word (at the start of the entry) lies inside the
        // mapping, which lives as long as `self`; entries are 16-byte aligned. The kernel
        // writes this word too, so it is only accessed atomically.
        unsafe { AtomicU32::from_ptr(self.ring.ptr().as_ptr().add(self.entry(i)).cast()) }
    }

    /// Whether a frame waits.
    fn ready(&self) -> bool {
        self.status(self.next).load(Ordering::Acquire) & libc::TP_STATUS_USER != 0
    }

    /// Reads what has arrived (at most [`BATCH`] frames), handing each to `sink` with
    /// whether it was longer than [`MAX_FRAME`] (and cut); returns how many.
    fn recv(&mut self, sink: &mut dyn FnMut(&[u8], bool)) -> usize {
        let mut n = 0;
        while n < BATCH && self.ready() {
            let at = self.entry(self.next);
            // SAFETY: the entry lies inside the mapping; its status says user space owns
            // it (acquire: the kernel's writes of it are visible), so the kernel does not
            // write it until the status is given back below. The header is a
            // tpacket2_hdr at the entry's start, read unaligned.
            let h = unsafe { std::ptr::read_unaligned(self.ring.ptr().as_ptr().add(at).cast::<libc::tpacket2_hdr>()) };
            let (mac, snap) = (h.tp_mac as usize, h.tp_snaplen as usize);
            let long = h.tp_len as usize > snap || snap > MAX_FRAME;
            let ok = mac + snap <= ENTRY;
            // SAFETY: as above; the frame's bytes lie inside the entry (checked).
            let frame = unsafe {
                std::slice::from_raw_parts(self.ring.ptr().as_ptr().add(at + mac), if ok { snap } else { 0 })
            };
            let status = h.tp_status;
            if status & libc::TP_STATUS_VLAN_VALID != 0 && frame.len() >= 12 {
                // The kernel takes a frame's VLAN tag out before packet sockets see it (the
                // receive path untags every frame); put back, the frame goes on whole, as
                // testpmd's af_packet driver forwards it.
                let tpid = if status & libc::TP_STATUS_VLAN_TPID_VALID != 0 { h.tp_vlan_tpid } else { 0x8100 };
                self.tagged.clear();
                self.tagged.extend_from_slice(&frame[..12]);
                self.tagged.extend_from_slice(&tpid.to_be_bytes());
                self.tagged.extend_from_slice(&h.tp_vlan_tci.to_be_bytes());
                self.tagged.extend_from_slice(&frame[12..]);
                sink(&self.tagged, long || !ok);
            } else {
                sink(frame, long || !ok);
            }
            self.status(self.next).store(libc::TP_STATUS_KERNEL, Ordering::Release);
            self.next = (self.next + 1) % self.frames;
            n += 1;
        }
        n
    }

    /// Frames the kernel dropped because the ring was full, since the last call.
    fn drops(&self) -> u64 {
        let zero = libc::tpacket_stats { tp_packets: 0, tp_drops: 0 };
        get_opt(self.fd.as_raw_fd(), libc::SOL_PACKET, libc::PACKET_STATISTICS, zero)
            .map_or(0, |(s, _)| u64::from(s.tp_drops))
    }
}

/// One direction's frames on their way, in the order they leave, and spare buffers.
#[derive(Default)]
struct Held {
    queue: VecDeque<(Nanos, Vec<u8>)>,
    bytes: usize,
    spare: Vec<Vec<u8>>,
}

impl Held {
    fn push(&mut self, frame: &[u8], due: Nanos, stats: &mut DirectionStats) {
        if self.queue.len() >= MAX_HELD || self.bytes + frame.len() > MAX_HELD_BYTES {
            stats.held_full += 1;
            return;
        }
        let mut b = self.spare.pop().unwrap_or_default();
        b.clear();
        b.extend_from_slice(frame);
        self.bytes += b.len();
        self.queue.push_back((due, b));
    }

    /// Sends the frames due by `now` out of `out` (in batches); returns how many left.
    fn send_due(&mut self, now: Nanos, out: &Leg, stats: &mut DirectionStats) -> usize {
        let mut sent = 0;
        loop {
            let n = self.queue.iter().take(BATCH).take_while(|(due, _)| *due <= now).count();
            if n == 0 {
                return sent;
            }
            let mut iov: [libc::iovec; BATCH] =
                std::array::from_fn(|_| libc::iovec { iov_base: std::ptr::null_mut(), iov_len: 0 });
            for (v, (_, f)) in iov.iter_mut().zip(self.queue.iter()).take(n) {
                *v = libc::iovec { iov_base: f.as_ptr() as *mut libc::c_void, iov_len: f.len() };
            }
            // SAFETY: an all-zero mmsghdr is a valid empty header; each is pointed at its
            // iovec.
            let mut msgs: [libc::mmsghdr; BATCH] = unsafe { std::mem::zeroed() };
            for (m, v) in msgs.iter_mut().zip(iov.iter_mut()).take(n) {
                m.msg_hdr.msg_iov = v;
                m.msg_hdr.msg_iovlen = 1;
            }
            // SAFETY: the first `n` headers point at frames of the queue, which are not
            // touched during the call; the kernel only reads them.
            let k =
                unsafe { libc::sendmmsg(out.fd.as_raw_fd(), msgs.as_mut_ptr(), n as libc::c_uint, libc::MSG_DONTWAIT) };
            let k = if k > 0 {
                k as usize
            } else {
                let e = io::Error::last_os_error();
                if matches!(e.raw_os_error(), Some(libc::EAGAIN | libc::EINTR)) {
                    // The socket's buffer is full: the frames wait for the next round.
                    return sent;
                }
                // Refused (the interface's queue dropped it, or it is down): the first
                // frame is lost, the rest tried again.
                stats.send_failed += 1;
                self.pop();
                continue;
            };
            for _ in 0..k {
                self.pop();
            }
            stats.forwarded += k as u64;
            sent += k;
            if k < n {
                return sent;
            }
        }
    }

    fn pop(&mut self) {
        if let Some((_, b)) = self.queue.pop_front() {
            self.bytes -= b.len();
            self.spare.push(b);
        }
    }

    fn next_due(&self) -> Option<Nanos> {
        self.queue.front().map(|(due, _)| *due)
    }
}

/// Forwards between interfaces `legs` (of the calling thread's network namespace) through
/// lines doing `cfg`, until `stop` says so; `ready` is called once both legs are open,
/// `report` about once a second while the figures change (and once at the end).
pub fn run(
    legs: [&str; 2],
    cfg: Impairments,
    ready: &mut dyn FnMut(),
    report: &mut dyn FnMut(&ForwardStats),
    stop: &dyn Fn() -> bool,
) -> io::Result<ForwardStats> {
    let mut legs = [Leg::open(legs[0])?, Leg::open(legs[1])?];
    let mut lines = [ImpairLine::new(cfg, 0), ImpairLine::new(cfg, 1)];
    let mut held: [Held; 2] = Default::default();
    let mut stats = ForwardStats::default();
    ready();
    let start = Nanos(unix_now_ns());
    let mut last_active = start;
    let (mut reported, mut last_report) = (stats, start);
    while !stop() {
        let mut active = false;
        for d in 0..2 {
            let (line, h, st) = (&mut lines[d], &mut held[d], &mut stats.directions[d]);
            let n = legs[d].recv(&mut |frame, long| {
                if long {
                    st.too_long += 1;
                    return;
                }
                let at = Nanos(unix_now_ns());
                line.handle_frame_with(frame, at, Nanos(at.0.saturating_sub(start.0)), &mut |f, due| {
                    h.push(f, due, st)
                });
            });
            st.received += n as u64;
            active |= n > 0;
            // What is due goes out after each read, not once a round: a frame waits for
            // half as long past its time.
            let now = Nanos(unix_now_ns());
            for (d, (h, st)) in held.iter_mut().zip(stats.directions.iter_mut()).enumerate() {
                active |= h.send_due(now, &legs[1 - d], st) > 0;
            }
        }
        let now = Nanos(unix_now_ns());
        if active {
            last_active = now;
        }
        if now.0.saturating_sub(last_report.0) >= 1_000_000_000 {
            fold(&mut stats, &lines);
            for (s, l) in stats.directions.iter_mut().zip(&legs) {
                s.ring_full += l.drops();
            }
            if stats != reported {
                report(&stats);
                reported = stats;
            }
            last_report = now;
        }
        let next = held.iter().filter_map(Held::next_due).min();
        if now.0.saturating_sub(last_active.0) < SPIN.0 || next.is_some_and(|t| t.0 <= now.0 + SPIN.0) {
            continue;
        }
        // Idle: sleep until a frame comes, or until a spin before the next one is due (at
        // most a second, to see `stop` and report).
        let wait = next.map_or(1_000_000_000, |t| (t.0 - now.0 - SPIN.0).min(1_000_000_000));
        let mut fds = legs.each_ref().map(|l| libc::pollfd { fd: l.fd.as_raw_fd(), events: libc::POLLIN, revents: 0 });
        let ts =
            libc::timespec { tv_sec: (wait / 1_000_000_000) as libc::time_t, tv_nsec: (wait % 1_000_000_000) as _ };
        // SAFETY: `fds` holds two valid pollfds for the call; `ts` is read during it.
        unsafe { libc::ppoll(fds.as_mut_ptr(), 2, &ts, std::ptr::null()) };
        last_active = Nanos(unix_now_ns());
    }
    fold(&mut stats, &lines);
    for (s, l) in stats.directions.iter_mut().zip(&legs) {
        s.ring_full += l.drops();
    }
    report(&stats);
    Ok(stats)
}

/// Copies what the lines injected into the directions' figures.
fn fold(stats: &mut ForwardStats, lines: &[ImpairLine; 2]) {
    for (s, l) in stats.directions.iter_mut().zip(lines) {
        let Injected { lost, reordered, duplicated, .. } = l.injected();
        (s.lost, s.reordered, s.duplicated) = (lost, reordered, duplicated);
    }
}
