//! The AF_XDP port: frames through an XDP socket on one queue of a named interface.
//!
//! One [`AfXdpPort`] is one queue, owned by one worker: an `AF_XDP` socket bound to
//! `IFNAME` queue `Q`, with its own UMEM (frame memory shared with the kernel) and four
//! single-producer/single-consumer rings mapped from the socket.
//!
//! - **Transmit.** The UMEM's transmit frames are lent *directly* to the producer
//!   ([`Port::tx_batch`] hands out free frames; nothing is copied afterwards);
//!   [`Port::tx_commit`] puts their descriptors on the TX ring and wakes the kernel with
//!   `sendto(2)`. In copy mode the kernel sends at most 32 frames per wake-up, so a batch
//!   takes a few. Frames come back on the completion ring, which is where `opackets` and
//!   `obytes` are counted: a frame counts once the kernel has handed it to the driver.
//!   When every frame is in flight, `tx_batch` lends fewer slots (back-pressure, never an
//!   error); [`Port::flush`] waits (bounded) for the last completions.
//! - **Receive** (with [`AfXdpOptions::rx`]). Needs an XDP program on the interface that
//!   redirects frames into the socket: [`XdpRedirect`] loads a five-instruction program
//!   (assembled here, no clang or libbpf at build or run time) and an `XSKMAP`, and
//!   attaches it through a BPF link. The link belongs to the process: it is detached when
//!   the [`XdpRedirect`] is dropped *and* when the process dies, so a crash leaves no
//!   program behind. An interface that already has an XDP program is refused. Frames
//!   the socket has no room for are dropped by the kernel and read back from
//!   `XDP_STATISTICS` into `ierrors` (never hidden). Receive times are read from
//!   `CLOCK_REALTIME` when the frames are taken (AF_XDP carries no kernel timestamp).
//! - **Zero copy** is used where the driver supports it: the bind lets the kernel choose,
//!   and [`AfXdpPort::zero_copy`] reports what it chose. veth is copy mode only.
//!
//! Memory: the UMEM is `frames x 2 KiB` (default 4096 frames = 8 MiB with receive,
//! 2048 = 4 MiB transmit-only). Without `CAP_IPC_LOCK` it counts against
//! `RLIMIT_MEMLOCK`; the error then says so.
//!
//! Like [`crate::afpacket`], every lookup uses the calling thread's network namespace.

use crate::afpacket::{cvt, get_opt, interface_index, set_opt};
use crate::bpf::{bpf, insn, load_xdp, owned, Attr, Insn, BPF_LINK_CREATE, BPF_MAP_CREATE, BPF_MAP_UPDATE_ELEM};
use crate::mapping::Mapping;
use crate::{Port, PortError, PortInfo};
use riptide_core::{Nanos, PortCounters, TxBatch, TxMeta};
use std::cell::Cell;
use std::fmt;
use std::io;
use std::mem::size_of;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

/// Backend name used in [`PortInfo::driver`].
pub const DRIVER: &str = "afxdp";

/// `XDP_MAX_TX_SKB_BUDGET` (linux/if_xdp.h, 6.17+; not in libc yet).
const XDP_MAX_TX_SKB_BUDGET: libc::c_int = 9;

/// Bytes per UMEM frame (the largest frame a slot holds).
pub const FRAME_SIZE: usize = 2048;

/// Options of one AF_XDP queue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AfXdpOptions {
    /// Interface queue to bind (default 0).
    pub queue: u32,
    /// UMEM frames used for transmit; also the TX and completion ring sizes (a power of
    /// two, default 2048).
    pub tx_frames: u32,
    /// UMEM frames used for receive; also the fill and RX ring sizes (a power of two,
    /// default 2048; only with `rx`).
    pub rx_frames: u32,
    /// Open the RX ring and fill the fill ring (default false). The interface also needs
    /// an [`XdpRedirect`] with this socket in it.
    pub rx: bool,
    /// Most transmit slots lent per batch (default 64).
    pub slots: usize,
}

impl Default for AfXdpOptions {
    fn default() -> Self {
        AfXdpOptions { queue: 0, tx_frames: 2048, rx_frames: 2048, rx: false, slots: 64 }
    }
}

/// One of the socket's four rings: indices shared with the kernel, entries of `E`.
///
/// The side riptide plays (producer for fill and TX, consumer for RX and completion)
/// decides which methods are used; the kernel plays the other side.
struct Ring<E> {
    _map: Mapping,
    producer: NonNull<AtomicU32>,
    consumer: NonNull<AtomicU32>,
    flags: NonNull<AtomicU32>,
    desc: NonNull<E>,
    mask: u32,
    size: u32,
    /// Producer side: the next index to write. Consumer side: the kernel's producer
    /// index as last read.
    cached_prod: u32,
    /// Producer side: the kernel's consumer index as last read. Consumer side: the next
    /// index to read.
    cached_cons: u32,
}

// SAFETY: the mapping belongs to this ring alone (one socket, one user-space side);
// entries (values of `E`, moved in and out) are only touched through `&mut self`, so
// moving the ring to another thread is sound when moving an `E` is.
unsafe impl<E: Send> Send for Ring<E> {}

/// Checks the kernel's offsets of one ring against a mapping of `len` bytes: the three
/// index words aligned `u32`s inside it, the entries aligned for `E` and ending at `len`.
/// Returns `len`.
fn ring_layout<E>(o: &libc::xdp_ring_offset, size: u32) -> io::Result<usize> {
    let bad = |what: &str| {
        io::Error::new(io::ErrorKind::InvalidData, format!("the kernel's ring layout is unusable ({what})"))
    };
    let len = usize::try_from(o.desc)
        .ok()
        .and_then(|d| d.checked_add((size as usize).checked_mul(size_of::<E>())?))
        .ok_or_else(|| bad("entries past the address space"))?;
    for (name, off) in [("producer", o.producer), ("consumer", o.consumer), ("flags", o.flags)] {
        let fits = usize::try_from(off).ok().and_then(|o| o.checked_add(4)).is_some_and(|end| end <= len);
        if !fits || !off.is_multiple_of(4) || (off < o.desc && off + 4 > o.desc) {
            return Err(bad(name));
        }
    }
    if !o.desc.is_multiple_of(std::mem::align_of::<E>() as u64) {
        return Err(bad("misaligned entries"));
    }
    Ok(len)
}

impl<E: Copy> Ring<E> {
    /// Maps ring `off` (one of the `XDP_*_PGOFF_*` offsets) of `fd` with `size` entries.
    fn map(fd: RawFd, o: &libc::xdp_ring_offset, size: u32, pgoff: i64) -> io::Result<Self> {
        let len = ring_layout::<E>(o, size)?;
        let map = Mapping::shared(fd, len, pgoff)?;
        let ptr = map.ptr();
        let at = |off: u64| -> NonNull<u8> {
            // SAFETY: `ring_layout` checked every offset (and the entries after `desc`)
            // against the mapping's `len` bytes.
            unsafe { ptr.add(off as usize) }
        };
        Ok(Ring {
            producer: at(o.producer).cast(),
            consumer: at(o.consumer).cast(),
            flags: at(o.flags).cast(),
            desc: at(o.desc).cast(),
            _map: map,
            mask: size - 1,
            size,
            cached_prod: 0,
            cached_cons: 0,
        })
    }

    fn word(&self, p: NonNull<AtomicU32>) -> &AtomicU32 {
        // SAFETY: the index words are 4-aligned u32s inside the mapping, which lives as
        // long as `self`; the kernel writes them too, hence atomic access only.
        unsafe { p.as_ref() }
    }

    /// Producer: entries free for writing (reads the kernel's consumer index when the
    /// cached view has fewer than `want`).
    fn free(&mut self, want: u32) -> u32 {
        let free = self.size - self.cached_prod.wrapping_sub(self.cached_cons);
        if free >= want {
            return free;
        }
        self.cached_cons = self.word(self.consumer).load(Ordering::Acquire);
        self.size - self.cached_prod.wrapping_sub(self.cached_cons)
    }

    /// Producer: writes entry `i` past the current producer index (`i` < [`Self::free`]).
    fn write(&mut self, i: u32, e: E) {
        let idx = (self.cached_prod.wrapping_add(i) & self.mask) as usize;
        // SAFETY: `idx <= mask < size`, inside the descriptor array; the producer owns free
        // entries until `submit` publishes them.
        unsafe { self.desc.add(idx).write(e) };
    }

    /// Producer: publishes `n` written entries.
    fn submit(&mut self, n: u32) {
        self.cached_prod = self.cached_prod.wrapping_add(n);
        self.word(self.producer).store(self.cached_prod, Ordering::Release);
    }

    /// Consumer: entries ready to read (reads the kernel's producer index when the
    /// cached view is empty).
    fn ready(&mut self) -> u32 {
        let mut n = self.cached_prod.wrapping_sub(self.cached_cons);
        if n == 0 {
            self.cached_prod = self.word(self.producer).load(Ordering::Acquire);
            n = self.cached_prod.wrapping_sub(self.cached_cons);
        }
        n
    }

    /// Consumer: entry `i` past the consumer index (`i` < [`Self::ready`]).
    fn read(&self, i: u32) -> E {
        let idx = (self.cached_cons.wrapping_add(i) & self.mask) as usize;
        // SAFETY: as in `write`; ready entries are not written by the kernel until released.
        unsafe { self.desc.add(idx).read() }
    }

    /// Consumer: gives `n` read entries back.
    fn release(&mut self, n: u32) {
        self.cached_cons = self.cached_cons.wrapping_add(n);
        self.word(self.consumer).store(self.cached_cons, Ordering::Release);
    }

    /// Whether the kernel asks to be woken for this ring (`XDP_USE_NEED_WAKEUP`).
    fn needs_wakeup(&self) -> bool {
        self.word(self.flags).load(Ordering::Relaxed) & libc::XDP_RING_NEED_WAKEUP != 0
    }

    /// Producer: whether the kernel has consumed everything submitted.
    fn drained(&self) -> bool {
        self.word(self.consumer).load(Ordering::Acquire) == self.cached_prod
    }
}

/// One queue of an AF_XDP port.
pub struct AfXdpPort {
    info: PortInfo,
    ifname: String,
    queue: u32,
    zero_copy: bool,
    // Rings before the socket and the socket before the UMEM: drop order.
    tx: Ring<libc::xdp_desc>,
    cq: Ring<u64>,
    rxr: Option<(Ring<libc::xdp_desc>, Ring<u64>)>,
    fd: OwnedFd,
    umem: Mapping,
    /// Free transmit frames (UMEM offsets).
    free: Vec<u64>,
    /// Offsets lent by the last `tx_batch` (the tail of `free`).
    lend: Vec<usize>,
    meta: Vec<TxMeta>,
    /// UMEM offset of the first transmit frame (the receive frames come first).
    tx_base: u64,
    /// Length of the frame in flight in each transmit frame (numbered from `tx_base`),
    /// `None` while the frame is free: a completion is believed only for a frame in flight.
    tx_len: Vec<Option<u32>>,
    in_flight: u32,
    slots: usize,
    /// Longest frame the interface takes (MTU + Ethernet header); 802.1Q frames 4 more.
    max_len: usize,
    counters: PortCounters,
    /// Completions naming no frame in flight (a kernel or driver bug): dropped, counted.
    bad_completions: u64,
    kernel_rx_drops: Cell<u64>,
    kernel_tx_invalid: Cell<u64>,
}

impl fmt::Debug for AfXdpPort {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AfXdpPort")
            .field("ifname", &self.ifname)
            .field("queue", &self.queue)
            .field("zero_copy", &self.zero_copy)
            .field("rx", &self.rxr.is_some())
            .field("in_flight", &self.in_flight)
            .field("counters", &self.counters)
            .finish_non_exhaustive()
    }
}

/// Says what a failed step means for the user.
fn describe(step: &str, ifname: &str, queue: u32, e: &io::Error) -> String {
    match e.raw_os_error() {
        Some(libc::EPERM | libc::EACCES) => crate::root::AF_XDP.message(),
        Some(libc::ENODEV | libc::ENXIO) => crate::afpacket::no_such_interface(ifname),
        Some(libc::ENETDOWN) => format!("interface '{ifname}' is down"),
        Some(libc::EAFNOSUPPORT) => "this kernel has no AF_XDP (CONFIG_XDP_SOCKETS)".into(),
        Some(libc::ENOBUFS | libc::ENOMEM) if step == "UMEM" => {
            format!("{step}: {e} (the UMEM counts against the locked-memory limit, `ulimit -l`, without CAP_IPC_LOCK)")
        }
        Some(libc::EINVAL) if step == "bind" => {
            format!("bind to queue {queue}: {e} (does '{ifname}' have a queue {queue}? one AF_XDP queue per worker)")
        }
        Some(libc::EBUSY) if step == "bind" => {
            format!("queue {queue} of '{ifname}' already has an AF_XDP socket (another program?)")
        }
        _ => format!("{step}: {e}"),
    }
}

fn is_pow2(n: u32) -> bool {
    n.is_power_of_two() && n >= 64
}

impl AfXdpPort {
    /// Opens one queue (`opts.queue`) of `ifname` in the calling thread's network
    /// namespace. `info.caps.max_frame` must fit a [`FRAME_SIZE`] frame.
    ///
    /// With `opts.rx` the socket receives only what an [`XdpRedirect`] on the interface
    /// sends it (register it with [`XdpRedirect::insert`]).
    pub fn open(ifname: &str, info: PortInfo, opts: &AfXdpOptions) -> Result<Self, PortError> {
        let q = opts.queue;
        let spec = format!("afxdp:{ifname}:{q}");
        let fail =
            |step: &str, e: io::Error| PortError::Spec { spec: spec.clone(), reason: describe(step, ifname, q, &e) };
        let bad = |reason: String| PortError::Spec { spec: spec.clone(), reason };
        if info.caps.max_frame > FRAME_SIZE {
            return Err(bad(format!(
                "frames up to {} bytes do not fit AF_XDP's {FRAME_SIZE}-byte frames",
                info.caps.max_frame
            )));
        }
        if !is_pow2(opts.tx_frames) || (opts.rx && !is_pow2(opts.rx_frames)) {
            return Err(bad(format!(
                "ring sizes must be powers of two of at least 64 (tx {}, rx {})",
                opts.tx_frames, opts.rx_frames
            )));
        }
        let ifindex = interface_index(ifname).map_err(|e| fail("interface lookup", e))?;
        // SAFETY: plain socket creation.
        let raw = cvt(unsafe { libc::socket(libc::AF_XDP, libc::SOCK_RAW | libc::SOCK_CLOEXEC, 0) })
            .map_err(|e| fail("socket", e))?;
        // SAFETY: `raw` was just returned by socket(2) and nothing else owns it.
        let fd = unsafe { OwnedFd::from_raw_fd(raw) };
        let rx_frames = if opts.rx { opts.rx_frames } else { 0 };
        let frames = (rx_frames + opts.tx_frames) as usize;
        let umem = Mapping::anonymous(frames * FRAME_SIZE).map_err(|e| fail("UMEM memory", e))?;
        let umem_ptr = umem.ptr();
        let reg = libc::xdp_umem_reg {
            addr: umem_ptr.as_ptr() as u64,
            len: umem.len() as u64,
            chunk_size: FRAME_SIZE as u32,
            headroom: 0,
            flags: 0,
            tx_metadata_len: 0,
        };
        set_opt(raw, libc::SOL_XDP, libc::XDP_UMEM_REG, &reg).map_err(|e| fail("UMEM", e))?;
        // The fill ring is needed by every UMEM, even transmit-only; keep it small then.
        let fill_size = if opts.rx { opts.rx_frames } else { 64 };
        set_opt(raw, libc::SOL_XDP, libc::XDP_UMEM_FILL_RING, &fill_size).map_err(|e| fail("fill ring", e))?;
        set_opt(raw, libc::SOL_XDP, libc::XDP_UMEM_COMPLETION_RING, &opts.tx_frames)
            .map_err(|e| fail("completion ring", e))?;
        set_opt(raw, libc::SOL_XDP, libc::XDP_TX_RING, &opts.tx_frames).map_err(|e| fail("TX ring", e))?;
        // Copy mode sends at most 32 frames per wake-up unless told otherwise (Linux 6.17+,
        // XDP_MAX_TX_SKB_BUDGET); a larger budget takes a whole batch per system call.
        // Older kernels refuse the option, and keep 32.
        let budget = (opts.slots.next_power_of_two() as u32).clamp(32, opts.tx_frames);
        let _ = set_opt(raw, libc::SOL_XDP, XDP_MAX_TX_SKB_BUDGET, &budget);
        if opts.rx {
            set_opt(raw, libc::SOL_XDP, libc::XDP_RX_RING, &opts.rx_frames).map_err(|e| fail("RX ring", e))?;
        }
        let zero_off = libc::xdp_ring_offset { producer: 0, consumer: 0, desc: 0, flags: 0 };
        let zero = libc::xdp_mmap_offsets { rx: zero_off, tx: zero_off, fr: zero_off, cr: zero_off };
        let (off, len) =
            get_opt(raw, libc::SOL_XDP, libc::XDP_MMAP_OFFSETS, zero).map_err(|e| fail("ring offsets", e))?;
        if len != size_of::<libc::xdp_mmap_offsets>() {
            return Err(bad("this kernel's AF_XDP ring layout is too old (needs Linux 5.4 or later)".into()));
        }
        let tx = Ring::map(raw, &off.tx, opts.tx_frames, libc::XDP_PGOFF_TX_RING).map_err(|e| fail("TX ring", e))?;
        let cq = Ring::map(raw, &off.cr, opts.tx_frames, libc::XDP_UMEM_PGOFF_COMPLETION_RING as i64)
            .map_err(|e| fail("completion ring", e))?;
        let mut rxr = if opts.rx {
            let r = Ring::map(raw, &off.rx, opts.rx_frames, libc::XDP_PGOFF_RX_RING).map_err(|e| fail("RX ring", e))?;
            let f = Ring::map(raw, &off.fr, opts.rx_frames, libc::XDP_UMEM_PGOFF_FILL_RING as i64)
                .map_err(|e| fail("fill ring", e))?;
            Some((r, f))
        } else {
            None
        };
        // Receive frames first, transmit frames after them.
        if let Some((_, fill)) = rxr.as_mut() {
            let n = fill.free(rx_frames);
            for i in 0..n.min(rx_frames) {
                fill.write(i, u64::from(i) * FRAME_SIZE as u64);
            }
            fill.submit(n.min(rx_frames));
        }
        // No copy/zero-copy flag: the kernel uses zero copy where the driver can.
        let sxdp = libc::sockaddr_xdp {
            sxdp_family: libc::AF_XDP as u16,
            sxdp_flags: libc::XDP_USE_NEED_WAKEUP,
            sxdp_ifindex: ifindex,
            sxdp_queue_id: q,
            sxdp_shared_umem_fd: 0,
        };
        // SAFETY: `sxdp` is a valid sockaddr_xdp of the length passed, read during the call.
        let rc = unsafe {
            libc::bind(raw, (&sxdp as *const libc::sockaddr_xdp).cast(), size_of::<libc::sockaddr_xdp>() as u32)
        };
        cvt(rc).map_err(|e| fail("bind", e))?;
        let zero_copy = get_opt(raw, libc::SOL_XDP, libc::XDP_OPTIONS, libc::xdp_options { flags: 0 })
            .is_ok_and(|(o, _)| o.flags & libc::XDP_OPTIONS_ZEROCOPY != 0);
        let slots = opts.slots.clamp(1, opts.tx_frames as usize);
        let mtu = crate::afpacket::mtu(ifname).map_err(|e| fail("MTU", e))?;
        let tx_base = u64::from(rx_frames) * FRAME_SIZE as u64;
        Ok(AfXdpPort {
            info,
            ifname: ifname.into(),
            queue: q,
            zero_copy,
            tx,
            cq,
            rxr,
            fd,
            umem,
            free: (rx_frames..rx_frames + opts.tx_frames).rev().map(|i| u64::from(i) * FRAME_SIZE as u64).collect(),
            lend: Vec::with_capacity(slots),
            meta: vec![TxMeta::default(); slots],
            tx_base,
            tx_len: vec![None; opts.tx_frames as usize],
            in_flight: 0,
            slots,
            max_len: mtu + crate::afpacket::ETH_HLEN,
            counters: PortCounters::default(),
            bad_completions: 0,
            kernel_rx_drops: Cell::new(0),
            kernel_tx_invalid: Cell::new(0),
        })
    }

    /// Whether the kernel runs this socket in zero-copy mode (else copy mode).
    pub fn zero_copy(&self) -> bool {
        self.zero_copy
    }

    /// The bound queue.
    pub fn queue(&self) -> u32 {
        self.queue
    }

    /// The socket, for [`XdpRedirect::insert`].
    pub fn socket_fd(&self) -> RawFd {
        self.fd.as_raw_fd()
    }

    /// Frames handed to the kernel and not yet completed.
    pub fn in_flight(&self) -> u32 {
        self.in_flight
    }

    /// The kernel's socket statistics (`XDP_STATISTICS`; cumulative).
    pub fn kernel_stats(&self) -> Option<libc::xdp_statistics> {
        let zero = libc::xdp_statistics {
            rx_dropped: 0,
            rx_invalid_descs: 0,
            tx_invalid_descs: 0,
            rx_ring_full: 0,
            rx_fill_ring_empty_descs: 0,
            tx_ring_empty_descs: 0,
        };
        get_opt(self.fd.as_raw_fd(), libc::SOL_XDP, libc::XDP_STATISTICS, zero).ok().map(|(s, _)| s)
    }

    /// Completions that named no frame in flight (none, unless the kernel or driver errs).
    pub fn bad_completions(&self) -> u64 {
        self.bad_completions
    }

    /// The number of the transmit frame at UMEM offset `addr`, if it is the start of one.
    fn tx_frame(&self, addr: u64) -> Option<usize> {
        frame_number(addr, self.tx_base, self.tx_len.len())
    }

    /// Takes completed transmit frames back, counting them sent. An address that is not
    /// a transmit frame in flight is dropped (and counted in [`Self::bad_completions`]):
    /// it never enters the free list, so it can neither be lent twice nor point outside
    /// the UMEM.
    fn reap(&mut self) {
        let n = self.cq.ready();
        if n == 0 {
            return;
        }
        let (mut good, mut bytes) = (0u32, 0u64);
        for i in 0..n {
            let addr = self.cq.read(i);
            match self.tx_frame(addr).and_then(|f| self.tx_len[f].take()) {
                Some(len) => {
                    good += 1;
                    bytes += u64::from(len);
                    self.free.push(addr);
                }
                None => self.bad_completions += 1,
            }
        }
        self.cq.release(n);
        self.in_flight -= good.min(self.in_flight);
        self.counters.opackets += u64::from(good);
        self.counters.obytes += bytes;
    }

    /// Whether a frame of `len` bytes at UMEM offset `at` (a lent transmit frame) is one
    /// the kernel or the driver would drop after completing it (see
    /// [`crate::afpacket::wire_refusal`]).
    fn refused(&self, at: usize, len: usize) -> bool {
        crate::afpacket::wire_refusal(len, self.max_len, || {
            // SAFETY: `at` is a lent transmit frame (inside the UMEM, owned by user space
            // until submitted) and `len > 14` here, so bytes 12 and 13 lie inside it.
            unsafe {
                let p = self.umem.ptr().as_ptr().add(at);
                [*p.add(12), *p.add(13)]
            }
        })
        .is_some()
    }

    /// Wakes the kernel to send what the TX ring holds. Copy mode sends at most 32
    /// frames per call, so this repeats (bounded) until the ring is drained.
    fn kick(&mut self, rounds: usize) {
        for _ in 0..rounds {
            if !self.tx.needs_wakeup() || self.tx.drained() {
                return;
            }
            // SAFETY: a zero-length sendto on our own socket; no buffers are passed.
            let rc = unsafe {
                libc::sendto(self.fd.as_raw_fd(), std::ptr::null(), 0, libc::MSG_DONTWAIT, std::ptr::null(), 0)
            };
            if rc < 0 {
                match io::Error::last_os_error().raw_os_error() {
                    // More left (copy mode's per-call budget) or the driver is busy: go on.
                    Some(libc::EAGAIN | libc::EBUSY | libc::ENOBUFS | libc::EINTR) => {}
                    _ => return,
                }
            }
        }
    }
}

impl Port for AfXdpPort {
    fn info(&self) -> &PortInfo {
        &self.info
    }

    fn tx_batch(&mut self, want: usize) -> TxBatch<'_> {
        self.reap();
        let n = want.min(self.slots).min(self.free.len()).min(self.tx.free(want as u32) as usize);
        self.lend.clear();
        let tail = self.free.len() - n;
        self.lend.extend(self.free[tail..].iter().map(|&a| a as usize));
        // SAFETY: the UMEM mapping lives as long as `self`, which the batch borrows. The
        // lent frames are free transmit frames: in no ring, not in flight (`reap` frees
        // only frames the kernel completed), so user space owns them; the batch touches
        // only them, never the frames the kernel is reading or writing meanwhile.
        unsafe { TxBatch::from_raw(self.umem.ptr(), self.umem.len(), &self.lend, FRAME_SIZE, &mut self.meta) }
            .unwrap_or_else(|_| TxBatch::empty())
    }

    fn tx_commit(&mut self, n: usize) -> Result<usize, PortError> {
        let n = n.min(self.lend.len());
        if n == 0 {
            return Ok(0);
        }
        // `tx_batch` lent no more than the ring had room for, and only this side fills it.
        let n = n.min(self.tx.free(n as u32) as usize);
        // The lent frames are the tail of `free`: take them all out, put back the ones not
        // sent (refused, or past `n`).
        let tail = self.free.len() - self.lend.len();
        self.free.truncate(tail);
        let mut k = 0u32;
        for i in 0..self.lend.len() {
            let addr = self.lend[i] as u64;
            let len = self.meta[i].len.min(FRAME_SIZE as u32);
            let frame = self.tx_frame(addr);
            if i >= n || frame.is_none() {
                self.free.push(addr);
                continue;
            }
            if self.refused(self.lend[i], len as usize) {
                // The kernel would drop it after counting it sent (a frame shorter than
                // an Ethernet header, or longer than the interface takes).
                self.counters.oerrors += 1;
                self.free.push(addr);
                continue;
            }
            self.tx.write(k, libc::xdp_desc { addr, len, options: 0 });
            if let Some(f) = frame {
                self.tx_len[f] = Some(len);
            }
            k += 1;
        }
        self.tx.submit(k);
        self.lend.clear();
        self.in_flight += k;
        self.kick(k as usize / 32 + 2);
        Ok(k as usize)
    }

    fn flush(&mut self) -> Result<(), PortError> {
        let until = Instant::now() + Duration::from_secs(1);
        loop {
            self.kick(64);
            self.reap();
            if self.in_flight == 0 || Instant::now() >= until {
                break;
            }
            std::thread::sleep(Duration::from_micros(50));
        }
        if self.in_flight > 0 {
            // The kernel never gave them back: they were not sent.
            self.counters.oerrors += u64::from(self.in_flight);
            self.in_flight = 0;
        }
        Ok(())
    }

    fn counters(&self) -> PortCounters {
        if let Some(s) = self.kernel_stats() {
            self.kernel_rx_drops.set(s.rx_dropped + s.rx_ring_full + s.rx_invalid_descs);
            self.kernel_tx_invalid.set(s.tx_invalid_descs);
        }
        let mut c = self.counters;
        c.ierrors += self.kernel_rx_drops.get();
        // Descriptors the kernel found malformed were completed but never sent. None are
        // expected (`tx_commit` checks what the kernel checks); if one is, it is an error.
        let invalid = self.kernel_tx_invalid.get();
        c.opackets -= invalid.min(c.opackets);
        c.oerrors += invalid;
        c
    }

    /// Takes what the RX ring holds without blocking and hands the frames straight back
    /// to the fill ring. Receive times are `CLOCK_REALTIME` at the read.
    fn rx(&mut self, max: usize, sink: &mut dyn FnMut(&[u8], Nanos)) -> Result<usize, PortError> {
        let Some((rxr, fill)) = self.rxr.as_mut() else { return Ok(0) };
        let n = rxr.ready().min(max as u32);
        if n == 0 {
            if fill.needs_wakeup() {
                // SAFETY: a zero-length, non-blocking recvfrom on our own socket; it only
                // tells the kernel to look at the fill ring.
                unsafe {
                    libc::recvfrom(
                        self.fd.as_raw_fd(),
                        std::ptr::null_mut(),
                        0,
                        libc::MSG_DONTWAIT,
                        std::ptr::null_mut(),
                        std::ptr::null_mut(),
                    )
                };
            }
            return Ok(0);
        }
        let now = realtime_ns();
        // Take no more than the fill ring can take back, so no frame is ever lost to it.
        // (It has room for all of them: it holds every receive frame that is not here.)
        let n = n.min(fill.free(n));
        let rx_end = self.tx_base as usize;
        let mut back = 0;
        for i in 0..n {
            let d = rxr.read(i);
            let (start, len) = (d.addr as usize, d.len as usize);
            let frame_start = start - start % FRAME_SIZE;
            // Inside one receive frame, or not believed.
            if frame_start >= rx_end || start + len > frame_start + FRAME_SIZE {
                self.counters.ierrors += 1;
                continue;
            }
            // SAFETY: the range lies inside one receive frame of the UMEM (checked), which
            // lives as long as `self`; a frame on the RX ring belongs to user space until
            // it is put back on the fill ring just below, after the sink has returned.
            let frame = unsafe { std::slice::from_raw_parts(self.umem.ptr().as_ptr().add(start), len) };
            self.counters.ipackets += 1;
            self.counters.ibytes += len as u64;
            sink(frame, now);
            fill.write(back, frame_start as u64);
            back += 1;
        }
        rxr.release(n);
        fill.submit(back);
        Ok(n as usize)
    }
}

/// The number of the frame starting at UMEM offset `addr` among `frames` frames from
/// `base` on; `None` for any other address (inside a frame, before, after).
fn frame_number(addr: u64, base: u64, frames: usize) -> Option<usize> {
    let rel = addr.checked_sub(base)?;
    let f = usize::try_from(rel / FRAME_SIZE as u64).ok()?;
    (rel % FRAME_SIZE as u64 == 0 && f < frames).then_some(f)
}

fn realtime_ns() -> Nanos {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: writes one timespec, which lives across the call.
    unsafe { libc::clock_gettime(libc::CLOCK_REALTIME, &mut ts) };
    Nanos(ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64)
}

// ---------------------------------------------------------------------------------------
// The XDP redirect program, loaded with bpf(2) (crate::bpf).

const BPF_MAP_TYPE_XSKMAP: u32 = 17;
const BPF_XDP: u32 = 37;
const XDP_FLAGS_SKB_MODE: u32 = 1 << 1;
const XDP_FLAGS_DRV_MODE: u32 = 1 << 2;
const BPF_FUNC_REDIRECT_MAP: i32 = 51;
const XDP_PASS: i32 = 2;

/// `return bpf_redirect_map(&xsks, ctx->rx_queue_index, XDP_PASS);` — frames of a queue
/// without a socket go on to the kernel stack.
fn redirect_program(map_fd: RawFd) -> [Insn; 6] {
    [
        insn(0x61, 2, 1, 16, 0),                    // r2 = *(u32 *)(r1 + 16): rx_queue_index
        insn(0x18, 1, 1, 0, map_fd),                // r1 = map (ld_imm64, BPF_PSEUDO_MAP_FD)
        insn(0x00, 0, 0, 0, 0),                     //      (upper half)
        insn(0xb7, 3, 0, 0, XDP_PASS),              // r3 = XDP_PASS (fallback action)
        insn(0x85, 0, 0, 0, BPF_FUNC_REDIRECT_MAP), // r0 = bpf_redirect_map(r1, r2, r3)
        insn(0x95, 0, 0, 0, 0),                     // return r0
    ]
}

/// An XDP program on one interface redirecting each queue's frames to its AF_XDP socket.
///
/// Attached through a BPF link owned by this value: dropping it, or the process ending
/// in any way, detaches the program.
#[derive(Debug)]
pub struct XdpRedirect {
    ifname: String,
    map: OwnedFd,
    _prog: OwnedFd,
    _link: OwnedFd,
    native: bool,
}

impl XdpRedirect {
    /// Loads the program and attaches it to `ifname` (native mode where the driver has
    /// it, else generic), with room for queues `0..queues`.
    ///
    /// Refuses an interface that already has an XDP program (`EBUSY`/`EEXIST`).
    pub fn attach(ifname: &str, queues: u32) -> Result<Self, String> {
        let ifindex = interface_index(ifname).map_err(|e| describe("interface lookup", ifname, 0, &e))?;
        let perm = |what: &str, e: io::Error| match e.raw_os_error() {
            Some(libc::EPERM | libc::EACCES) => format!("{what}: {}", crate::root::AF_XDP.message()),
            _ => format!("{what}: {e}"),
        };
        let mut a =
            Attr::new().u32(0, BPF_MAP_TYPE_XSKMAP).u32(4, 4).u32(8, 4).u32(12, queues.max(1)).name(28, "riptide_xsks");
        let map = owned(bpf(BPF_MAP_CREATE, &mut a).map_err(|e| perm("XSKMAP", e))?);
        let prog = redirect_program(map.as_raw_fd());
        let prog_fd = load_xdp(&prog, "riptide_xsk", BPF_XDP).map_err(|e| {
            let (e, log) = e;
            perm("loading the XDP redirect program", e) + if log.is_empty() { "" } else { ": " } + &log
        })?;
        let link = |flags: u32| {
            let mut a = Attr::new().u32(0, prog_fd.as_raw_fd() as u32).u32(4, ifindex).u32(8, BPF_XDP).u32(12, flags);
            bpf(BPF_LINK_CREATE, &mut a)
        };
        let busy = |e: &io::Error| matches!(e.raw_os_error(), Some(libc::EBUSY | libc::EEXIST));
        let (link, native) = match link(XDP_FLAGS_DRV_MODE) {
            Ok(fd) => (owned(fd), true),
            Err(e) if busy(&e) => return Err(already(ifname)),
            Err(_) => match link(XDP_FLAGS_SKB_MODE) {
                Ok(fd) => (owned(fd), false),
                Err(e) if busy(&e) => return Err(already(ifname)),
                Err(e) => return Err(perm(&format!("attaching the XDP program to '{ifname}'"), e)),
            },
        };
        Ok(XdpRedirect { ifname: ifname.into(), map, _prog: prog_fd, _link: link, native })
    }

    /// Sends queue `queue`'s frames to socket `xsk`.
    pub fn insert(&self, queue: u32, xsk: RawFd) -> Result<(), String> {
        let (key, val) = (queue, xsk as u32);
        let mut a = Attr::new()
            .u32(0, self.map.as_raw_fd() as u32)
            .u64(8, &key as *const u32 as u64)
            .u64(16, &val as *const u32 as u64);
        bpf(BPF_MAP_UPDATE_ELEM, &mut a)
            .map(drop)
            .map_err(|e| format!("registering the socket of queue {queue} of '{}': {e}", self.ifname))
    }

    /// Whether the program runs in the driver (native XDP), else in the generic path.
    pub fn native(&self) -> bool {
        self.native
    }
}

fn already(ifname: &str) -> String {
    format!(
        "'{ifname}' already has an XDP program attached (another riptide or another tool); riptide will not \
         replace it (remove it with `ip link set dev {ifname} xdp off`)"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instructions_are_encoded_like_the_kernel_expects() {
        assert_eq!(size_of::<Insn>(), 8);
        let p = redirect_program(7);
        // ldxw r2, [r1+16]: dst in the low nibble, src in the high nibble.
        assert_eq!((p[0].code, p[0].regs, p[0].off), (0x61, 0x12, 16));
        // ld_imm64 r1 with BPF_PSEUDO_MAP_FD (src = 1) and the map's fd.
        assert_eq!((p[1].code, p[1].regs, p[1].imm), (0x18, 0x11, 7));
        assert_eq!(p[2], insn(0, 0, 0, 0, 0));
        assert_eq!((p[4].code, p[4].imm), (0x85, 51));
        assert_eq!(p[5].code, 0x95);
    }

    #[test]
    fn only_frame_starts_of_the_region_are_frames() {
        let base = 4 * FRAME_SIZE as u64;
        assert_eq!(frame_number(base, base, 8), Some(0));
        assert_eq!(frame_number(base + 7 * FRAME_SIZE as u64, base, 8), Some(7));
        assert_eq!(frame_number(base + 8 * FRAME_SIZE as u64, base, 8), None, "past the region");
        assert_eq!(frame_number(base - FRAME_SIZE as u64, base, 8), None, "a receive frame");
        assert_eq!(frame_number(base + 1, base, 8), None, "inside a frame");
        assert_eq!(frame_number(u64::MAX, base, 8), None);
    }

    #[test]
    fn ring_offsets_outside_or_across_the_mapping_are_refused() {
        let ok = libc::xdp_ring_offset { producer: 0, consumer: 64, flags: 128, desc: 192 };
        assert_eq!(ring_layout::<u64>(&ok, 64).unwrap(), 192 + 64 * 8);
        let past = libc::xdp_ring_offset { flags: 192 + 64 * 8, ..ok };
        assert!(ring_layout::<u64>(&past, 64).is_err(), "an index word after the entries");
        let odd = libc::xdp_ring_offset { consumer: 66, ..ok };
        assert!(ring_layout::<u64>(&odd, 64).is_err(), "a misaligned index word");
        let across = libc::xdp_ring_offset { producer: 190, ..ok };
        assert!(ring_layout::<u64>(&across, 64).is_err(), "an index word across the entries");
        let huge = libc::xdp_ring_offset { desc: u64::MAX - 8, ..ok };
        assert!(ring_layout::<u64>(&huge, 64).is_err());
        let unaligned = libc::xdp_ring_offset { desc: 196, ..ok };
        assert!(ring_layout::<libc::xdp_desc>(&unaligned, 64).is_err(), "entries misaligned for their type");
    }

    #[test]
    fn describe_names_the_cause() {
        let e = io::Error::from_raw_os_error(libc::EINVAL);
        assert!(describe("bind", "veth0", 3, &e).contains("queue 3"));
        let e = io::Error::from_raw_os_error(libc::ENODEV);
        assert!(describe("socket", "nope0", 0, &e).contains("no such interface 'nope0'"));
    }
}
