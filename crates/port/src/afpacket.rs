//! The AF_PACKET port: raw Ethernet frames on one named interface.
//!
//! One [`AfPacketPort`] is one queue, owned by one worker: its own `AF_PACKET`/`SOCK_RAW`
//! socket bound to the interface.
//!
//! - **Transmit.** [`Port::tx_batch`] lends slots of a plain [`Arena`]; [`Port::tx_commit`]
//!   hands the committed frames to the kernel with one `sendmmsg(2)` call (non-blocking),
//!   retrying the remainder after a partial send and, on `ENOBUFS`/`EAGAIN`, for a bounded
//!   number of attempts. `PACKET_QDISC_BYPASS` (on by default) sends straight to the driver:
//!   faster, but sniffers on the sending host (tcpdump) do not see those frames.
//!   `opackets`/`obytes` count only frames the kernel accepted; frames it finally refused
//!   count as `oerrors`. On veth, "accepted" means handed to the peer: frames the peer
//!   drops (its backlog full) show in the peer's counters, not here.
//! - **Receive** (with [`AfPacketOptions::rx`]). A `TPACKET_V3` ring of blocks mapped into
//!   the process; [`Port::rx`] walks the blocks the kernel has handed over, without any
//!   system call and without blocking, and gives each block back when done. A block is
//!   handed over when full or after [`AfPacketOptions::rx_block_timeout_ms`]. The socket's
//!   own (and the host's) outgoing frames are excluded (`PACKET_IGNORE_OUTGOING`, and the
//!   ring entry's packet type as a second check).
//! - **Counters.** `ierrors` is the kernel's count of frames dropped because the ring was
//!   full (`PACKET_STATISTICS`, `tp_drops`, read and accumulated by [`Port::counters`]),
//!   plus ring entries that failed validation (never seen in practice). How often the ring
//!   froze (`tp_freeze_q_cnt`, events, not frames) is [`AfPacketPort::rx_ring_freezes`].
//!
//! Several queues on one interface: open one port per worker with the same
//! [`AfPacketOptions::fanout_group`]; the kernel then spreads received frames over them
//! by flow hash (`PACKET_FANOUT_HASH`). Transmit needs no coordination.
//!
//! Memory: the receive ring (default 64 blocks of 64 KiB = 4 MiB per queue) is kernel
//! memory mapped into the process; it is not locked memory and does not count against
//! `RLIMIT_MEMLOCK`.
//!
//! Network namespaces: every lookup here (interface index, MAC, speed, routes) goes to the
//! namespace of the *calling thread*, so a thread that entered a namespace
//! ([`crate::netns::enter`]) sees that namespace's interfaces.

use crate::arena::Arena;
use crate::{Port, PortError, PortInfo};
use riptide_core::{Nanos, PortCounters, TxBatch};
use std::cell::Cell;
use std::fmt;
use std::io;
use std::mem::{offset_of, size_of};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU32, Ordering};

/// Backend name used in [`PortInfo::driver`].
pub const DRIVER: &str = "afpacket";

/// Most frames one `sendmmsg` call takes (the kernel's `UIO_MAXIOV`).
pub const MAX_SLOTS: usize = 1024;

/// Consecutive `ENOBUFS`/`EAGAIN` answers a batch tolerates before the rest of it counts
/// as `oerrors` (a few hundred microseconds of retrying).
const MAX_TX_RETRIES: u32 = 256;

/// Send buffer asked for (`SO_SNDBUFFORCE`, else `SO_SNDBUF`, best effort).
const SNDBUF: libc::c_int = 4 << 20;

/// Options of one AF_PACKET queue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AfPacketOptions {
    /// Transmit slots lent per batch, and so the most frames per `sendmmsg` call
    /// (1..=[`MAX_SLOTS`]; clamped).
    pub slots: usize,
    /// Send with `PACKET_QDISC_BYPASS`: skip the qdisc layer (default true).
    pub qdisc_bypass: bool,
    /// Open the receive ring (default false: a transmit-only socket registers no packet
    /// handler and costs the interface's receive path nothing).
    pub rx: bool,
    /// Put the interface in promiscuous mode while the socket is open
    /// (`PACKET_MR_PROMISC`; default true; only with `rx`).
    pub promisc: bool,
    /// Join this `PACKET_FANOUT` group (hash mode) so several queues share the received
    /// frames of one interface (only with `rx`).
    pub fanout_group: Option<u16>,
    /// Receive ring block size in bytes: a multiple of the page size (default 64 KiB).
    pub rx_block_size: usize,
    /// Receive ring blocks (default 64, so 4 MiB per queue).
    pub rx_block_count: usize,
    /// Largest ring entry in bytes (header + frame), a multiple of 16 (default 2048:
    /// frames up to about 1,950 bytes are kept whole; longer ones are truncated, their
    /// full length still counted in `ibytes`).
    pub rx_frame_size: usize,
    /// A partly filled block is handed to user space after this many milliseconds
    /// (default 1).
    pub rx_block_timeout_ms: u32,
}

impl Default for AfPacketOptions {
    fn default() -> Self {
        AfPacketOptions {
            slots: 64,
            qdisc_bypass: true,
            rx: false,
            promisc: true,
            fanout_group: None,
            rx_block_size: 64 << 10,
            rx_block_count: 64,
            rx_frame_size: 2048,
            rx_block_timeout_ms: 1,
        }
    }
}

/// `sendmmsg` headers. They hold raw pointers, so they are not `Send` by themselves.
struct MsgVec {
    hdrs: Vec<libc::mmsghdr>,
    iovs: Vec<libc::iovec>,
}

// SAFETY: the pointers inside point only into the owning port's arena and into `iovs`;
// they are rewritten right before each `sendmmsg` and never dereferenced by Rust code, so
// moving the port (with its arena) to another thread leaves nothing dangling or shared.
unsafe impl Send for MsgVec {}

impl MsgVec {
    fn new(n: usize) -> Self {
        let hdr = libc::mmsghdr {
            msg_hdr: libc::msghdr {
                msg_name: std::ptr::null_mut(),
                msg_namelen: 0,
                msg_iov: std::ptr::null_mut(),
                msg_iovlen: 1,
                msg_control: std::ptr::null_mut(),
                msg_controllen: 0,
                msg_flags: 0,
            },
            msg_len: 0,
        };
        let iov = libc::iovec { iov_base: std::ptr::null_mut(), iov_len: 0 };
        MsgVec { hdrs: vec![hdr; n], iovs: vec![iov; n] }
    }
}

// Byte offsets inside a TPACKET_V3 block and its entries.
const BLOCK_STATUS: usize = offset_of!(libc::tpacket_block_desc, hdr) + offset_of!(libc::tpacket_hdr_v1, block_status);
const BLOCK_NUM_PKTS: usize = offset_of!(libc::tpacket_block_desc, hdr) + offset_of!(libc::tpacket_hdr_v1, num_pkts);
const BLOCK_FIRST_PKT: usize =
    offset_of!(libc::tpacket_block_desc, hdr) + offset_of!(libc::tpacket_hdr_v1, offset_to_first_pkt);
const PKT_NEXT: usize = offset_of!(libc::tpacket3_hdr, tp_next_offset);
const PKT_SEC: usize = offset_of!(libc::tpacket3_hdr, tp_sec);
const PKT_NSEC: usize = offset_of!(libc::tpacket3_hdr, tp_nsec);
const PKT_SNAPLEN: usize = offset_of!(libc::tpacket3_hdr, tp_snaplen);
const PKT_LEN: usize = offset_of!(libc::tpacket3_hdr, tp_len);
const PKT_MAC: usize = offset_of!(libc::tpacket3_hdr, tp_mac);
/// The `sockaddr_ll` follows the entry header, aligned to `TPACKET_ALIGNMENT`.
const PKT_PKTTYPE: usize = size_of::<libc::tpacket3_hdr>().next_multiple_of(libc::TPACKET_ALIGNMENT)
    + offset_of!(libc::sockaddr_ll, sll_pkttype);

fn rd_u32(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_ne_bytes(b.get(at..at.checked_add(4)?)?.try_into().ok()?))
}

fn rd_u16(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_ne_bytes(b.get(at..at.checked_add(2)?)?.try_into().ok()?))
}

/// The mapped TPACKET_V3 receive ring and where the reader stands in it.
struct RxRing {
    map: NonNull<u8>,
    len: usize,
    block_size: usize,
    blocks: usize,
    /// Block being read (or next to be read).
    cur: usize,
    /// Whether `cur` has been handed over and its header read.
    open: bool,
    /// Entries of `cur` not read yet.
    left: u32,
    /// Offset in `cur` of the next entry.
    off: usize,
}

// SAFETY: the mapping belongs to this ring alone (one socket, one reader); user-owned
// blocks are only read through `&mut self`, so moving the ring to another thread is sound.
unsafe impl Send for RxRing {}

impl RxRing {
    /// The status word of block `i`, shared with the kernel.
    fn status(&self, i: usize) -> &AtomicU32 {
        debug_assert!(i < self.blocks);
        // SAFETY: `i < blocks`, so the word lies inside the mapping, which lives as long as
        // `self`; blocks are page aligned and the word is at offset 8, so it is 4-aligned.
        // The kernel writes this word too, which is why it is only accessed atomically.
        unsafe { AtomicU32::from_ptr(self.map.as_ptr().add(i * self.block_size + BLOCK_STATUS).cast()) }
    }

    /// Block `i` as bytes. Only call while the block is owned by user space
    /// (`TP_STATUS_USER` seen with acquire ordering, not yet given back).
    fn block(&self, i: usize) -> &[u8] {
        debug_assert!(i < self.blocks);
        // SAFETY: the range lies inside the mapping (`i < blocks`), which lives as long as
        // `self`. While user space owns the block the kernel does not write it, and the
        // returned borrow of `self` ends before `release` hands the block back.
        unsafe { std::slice::from_raw_parts(self.map.as_ptr().add(i * self.block_size), self.block_size) }
    }

    /// Opens the current block if the kernel has handed it over.
    fn try_open(&mut self) -> bool {
        if self.open {
            return true;
        }
        if self.status(self.cur).load(Ordering::Acquire) & libc::TP_STATUS_USER == 0 {
            return false;
        }
        let b = self.block(self.cur);
        let (left, off) = (rd_u32(b, BLOCK_NUM_PKTS).unwrap_or(0), rd_u32(b, BLOCK_FIRST_PKT).unwrap_or(0));
        (self.left, self.off, self.open) = (left, off as usize, true);
        true
    }

    /// Gives the current block back to the kernel and moves to the next.
    fn release(&mut self) {
        self.status(self.cur).store(libc::TP_STATUS_KERNEL, Ordering::Release);
        self.cur = (self.cur + 1) % self.blocks;
        (self.open, self.left, self.off) = (false, 0, 0);
    }

    /// Hands up to `max` entries of the open block to `sink`; returns how many were
    /// handed over and how many entries were malformed (the rest of the block is skipped).
    fn walk(&mut self, max: usize, c: &mut PortCounters, sink: &mut dyn FnMut(&[u8], Nanos)) -> (usize, u64) {
        let (mut left, mut off, mut got, mut bad) = (self.left, self.off, 0, 0);
        let b = self.block(self.cur);
        while left > 0 && got < max {
            let entry = (|| {
                let next = rd_u32(b, off + PKT_NEXT)? as usize;
                let ts = u64::from(rd_u32(b, off + PKT_SEC)?) * 1_000_000_000 + u64::from(rd_u32(b, off + PKT_NSEC)?);
                let snap = rd_u32(b, off + PKT_SNAPLEN)? as usize;
                let len = rd_u32(b, off + PKT_LEN)?;
                let mac = off + usize::from(rd_u16(b, off + PKT_MAC)?);
                let frame = b.get(mac..mac.checked_add(snap)?)?;
                let outgoing = *b.get(off + PKT_PKTTYPE)? == libc::PACKET_OUTGOING;
                Some((next, ts, len, frame, outgoing))
            })();
            let Some((next, ts, len, frame, outgoing)) = entry else {
                bad += 1;
                left = 0;
                break;
            };
            left -= 1;
            if !outgoing {
                c.ipackets += 1;
                c.ibytes += u64::from(len);
                sink(frame, Nanos(ts));
                got += 1;
            }
            if left > 0 {
                if next == 0 {
                    bad += 1;
                    left = 0;
                    break;
                }
                off += next;
            }
        }
        (self.left, self.off) = (left, off);
        (got, bad)
    }
}

impl Drop for RxRing {
    fn drop(&mut self) {
        // SAFETY: unmaps exactly the mapping made in `map_ring`; no borrow of it outlives
        // `self`.
        unsafe { libc::munmap(self.map.as_ptr().cast(), self.len) };
    }
}

/// One queue of an AF_PACKET port: a raw socket bound to one interface.
pub struct AfPacketPort {
    info: PortInfo,
    ifname: String,
    ifindex: u32,
    fd: OwnedFd,
    arena: Arena,
    msgs: MsgVec,
    ring: Option<RxRing>,
    counters: PortCounters,
    /// Ring entries that failed validation (part of `ierrors`).
    ring_errors: u64,
    /// Accumulated `tp_drops` (reading `PACKET_STATISTICS` resets the kernel's counts).
    kernel_drops: Cell<u64>,
    /// Accumulated `tp_freeze_q_cnt`.
    kernel_freezes: Cell<u64>,
    last_tx_errno: i32,
}

impl fmt::Debug for AfPacketPort {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AfPacketPort")
            .field("ifname", &self.ifname)
            .field("ifindex", &self.ifindex)
            .field("fd", &self.fd)
            .field("slots", &self.msgs.hdrs.len())
            .field("rx", &self.ring.is_some())
            .field("counters", &self.counters)
            .finish_non_exhaustive()
    }
}

/// Says what a failed step means for the user.
fn describe(step: &str, ifname: &str, e: &io::Error) -> String {
    match e.raw_os_error() {
        Some(libc::EPERM | libc::EACCES) => "permission denied: AF_PACKET needs root or CAP_NET_RAW".into(),
        Some(libc::ENODEV | libc::ENXIO) => format!("no such interface '{ifname}' in this network namespace"),
        Some(libc::ENETDOWN) => format!("interface '{ifname}' is down"),
        _ => format!("{step}: {e}"),
    }
}

/// A libc return code as an `io::Result` (negative: `errno`). Shared with the AF_XDP port.
pub(crate) fn cvt(rc: libc::c_int) -> io::Result<libc::c_int> {
    if rc < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(rc)
    }
}

/// `setsockopt` with a typed value. Shared with the AF_XDP port.
pub(crate) fn set_opt<T>(fd: RawFd, level: libc::c_int, name: libc::c_int, val: &T) -> io::Result<()> {
    // SAFETY: `val` points to a live `T` of exactly the length passed; the kernel only
    // reads it during the call.
    let rc = unsafe { libc::setsockopt(fd, level, name, (val as *const T).cast(), size_of::<T>() as libc::socklen_t) };
    cvt(rc).map(drop)
}

fn packet_socket() -> io::Result<OwnedFd> {
    // SAFETY: plain socket creation; protocol 0 registers no receive handler yet.
    let fd = cvt(unsafe { libc::socket(libc::AF_PACKET, libc::SOCK_RAW | libc::SOCK_CLOEXEC, 0) })?;
    // SAFETY: `fd` was just returned by socket(2) and nothing else owns it.
    Ok(unsafe { OwnedFd::from_raw_fd(fd) })
}

/// Index of interface `ifname` in the calling thread's network namespace
/// (`if_nametoindex`).
pub fn interface_index(ifname: &str) -> io::Result<u32> {
    ifreq_for(ifname)?;
    let name = std::ffi::CString::new(ifname).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    // SAFETY: `name` is a NUL-terminated string that lives across the call.
    match unsafe { libc::if_nametoindex(name.as_ptr()) } {
        0 => Err(io::Error::last_os_error()),
        idx => Ok(idx),
    }
}

/// An `ifreq` naming `ifname` (at most 15 bytes, no NUL).
fn ifreq_for(ifname: &str) -> io::Result<libc::ifreq> {
    let bytes = ifname.as_bytes();
    if bytes.is_empty() || bytes.len() >= libc::IFNAMSIZ || bytes.contains(&0) || bytes.contains(&b'/') {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("'{ifname}' is not an interface name (1 to 15 bytes)"),
        ));
    }
    let mut name = [0 as libc::c_char; libc::IFNAMSIZ];
    for (d, s) in name.iter_mut().zip(bytes) {
        *d = *s as libc::c_char;
    }
    Ok(libc::ifreq { ifr_name: name, ifr_ifru: libc::__c_anonymous_ifr_ifru { ifru_ifindex: 0 } })
}

/// A datagram socket for interface ioctls, in the calling thread's namespace.
fn control_socket() -> io::Result<OwnedFd> {
    // SAFETY: plain socket creation.
    let fd = cvt(unsafe { libc::socket(libc::AF_INET, libc::SOCK_DGRAM | libc::SOCK_CLOEXEC, 0) })?;
    // SAFETY: `fd` was just returned by socket(2) and nothing else owns it.
    Ok(unsafe { OwnedFd::from_raw_fd(fd) })
}

/// The MAC address of interface `ifname` (`SIOCGIFHWADDR`, in the calling thread's
/// network namespace). Fails for interfaces that are not Ethernet-like.
pub fn mac_address(ifname: &str) -> io::Result<[u8; 6]> {
    let mut req = ifreq_for(ifname)?;
    let sock = control_socket()?;
    // SAFETY: SIOCGIFHWADDR reads `ifr_name` and writes `ifr_hwaddr` inside `req`, which
    // lives across the call.
    cvt(unsafe { libc::ioctl(sock.as_raw_fd(), libc::SIOCGIFHWADDR, &mut req) })?;
    // SAFETY: the ioctl succeeded, so the kernel filled the `ifru_hwaddr` member.
    let sa = unsafe { req.ifr_ifru.ifru_hwaddr };
    if sa.sa_family != libc::ARPHRD_ETHER {
        return Err(io::Error::new(
            io::ErrorKind::Unsupported,
            format!("{ifname} is not an Ethernet interface (hardware type {})", sa.sa_family),
        ));
    }
    let mut mac = [0u8; 6];
    for (d, s) in mac.iter_mut().zip(sa.sa_data) {
        *d = s as u8;
    }
    Ok(mac)
}

/// The link speed of `ifname` in bits per second, as the driver reports it (veth: 10 Gb/s),
/// or `None` when unknown (no link, `SPEED_UNKNOWN`, no such interface, or a driver that
/// does not say).
///
/// Asks the kernel (`SIOCETHTOOL`/`ETHTOOL_GSET`, the same figure as
/// `/sys/class/net/IF/speed`) rather than reading sysfs, because sysfs shows the namespace
/// it was mounted in, not the calling thread's.
pub fn link_speed_bps(ifname: &str) -> Option<f64> {
    const ETHTOOL_GSET: u32 = 1;
    // struct ethtool_cmd: 44 bytes; `speed` (u16) at byte 12, `speed_hi` (u16) at byte 28.
    let mut cmd = [0u32; 11];
    cmd[0] = ETHTOOL_GSET;
    let mut req = ifreq_for(ifname).ok()?;
    req.ifr_ifru.ifru_data = cmd.as_mut_ptr().cast();
    let sock = control_socket().ok()?;
    // SAFETY: SIOCETHTOOL reads `ifr_name` and the command word, and writes at most the 44
    // bytes of `cmd` (an ethtool_cmd for ETHTOOL_GSET); both live across the call.
    cvt(unsafe { libc::ioctl(sock.as_raw_fd(), libc::SIOCETHTOOL, &mut req) }).ok()?;
    let lo = u32::from(u16::from_ne_bytes(cmd[3].to_ne_bytes()[..2].try_into().ok()?));
    let hi = u32::from(u16::from_ne_bytes(cmd[7].to_ne_bytes()[..2].try_into().ok()?));
    let mbps = (hi << 16) | lo;
    (mbps != 0 && mbps != u32::MAX && mbps != 0xFFFF).then(|| f64::from(mbps) * 1e6)
}

/// Reads a `/proc/net` file of the calling thread's namespace (`/proc/net` itself is the
/// main thread's).
fn proc_net(file: &str) -> io::Result<Option<String>> {
    let thread = format!("/proc/thread-self/net/{file}");
    let path = if std::path::Path::new("/proc/thread-self").exists() { thread } else { format!("/proc/net/{file}") };
    match std::fs::read_to_string(path) {
        Ok(s) => Ok(Some(s)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// Whether `/proc/net/route` text has an up IPv4 default route (0.0.0.0/0) via `ifname`.
fn v4_default_via(route: &str, ifname: &str) -> bool {
    route.lines().skip(1).any(|l| {
        let f: Vec<&str> = l.split_whitespace().collect();
        // Iface Destination Gateway Flags RefCnt Use Metric Mask ...
        f.len() >= 8
            && f[0] == ifname
            && f[1] == "00000000"
            && f[7] == "00000000"
            && u32::from_str_radix(f[3], 16).is_ok_and(|fl| fl & 0x1 != 0)
    })
}

/// Whether `/proc/net/ipv6_route` text has an up, non-reject IPv6 default route (::/0)
/// via `ifname`.
fn v6_default_via(route: &str, ifname: &str) -> bool {
    route.lines().any(|l| {
        let f: Vec<&str> = l.split_whitespace().collect();
        // dst dst_len src src_len next_hop metric refcnt use flags ifname
        f.len() >= 10
            && f[9] == ifname
            && f[1] == "00"
            && f[0].bytes().all(|c| c == b'0')
            && u32::from_str_radix(f[8], 16).is_ok_and(|fl| fl & 0x1 != 0 && fl & 0x200 == 0)
    })
}

/// Whether `ifname` carries a default route (IPv4 0.0.0.0/0 or IPv6 ::/0) in the calling
/// thread's network namespace: such an interface is the host's uplink, and riptide must
/// refuse to send on it unless forced.
///
/// Reads `/proc/thread-self/net/route` (IPv4 main table) and `.../ipv6_route`; a missing
/// IPv6 file (IPv6 disabled) counts as no IPv6 routes.
pub fn carries_default_route(ifname: &str) -> io::Result<bool> {
    let v4 = proc_net("route")?.is_some_and(|s| v4_default_via(&s, ifname));
    Ok(v4 || proc_net("ipv6_route")?.is_some_and(|s| v6_default_via(&s, ifname)))
}

impl AfPacketPort {
    /// Opens one queue on interface `ifname` of the calling thread's network namespace.
    ///
    /// `info` is passed through to [`Port::info`] (its `max_frame` sizes the transmit
    /// slots). Errors are [`PortError::Spec`] with spec `afpacket:IFNAME` and a reason
    /// such as "no such interface 'x' in this network namespace" or "permission denied:
    /// AF_PACKET needs root or CAP_NET_RAW".
    pub fn open(ifname: &str, info: PortInfo, opts: &AfPacketOptions) -> Result<Self, PortError> {
        let fail = |step: &str, e: io::Error| PortError::Spec {
            spec: format!("afpacket:{ifname}"),
            reason: describe(step, ifname, &e),
        };
        let ifindex = interface_index(ifname).map_err(|e| fail("interface lookup", e))?;
        let fd = packet_socket().map_err(|e| fail("socket", e))?;
        let raw = fd.as_raw_fd();
        if opts.qdisc_bypass {
            set_opt(raw, libc::SOL_PACKET, libc::PACKET_QDISC_BYPASS, &1 as &libc::c_int)
                .map_err(|e| fail("PACKET_QDISC_BYPASS", e))?;
        }
        if set_opt(raw, libc::SOL_SOCKET, libc::SO_SNDBUFFORCE, &SNDBUF).is_err() {
            let _ = set_opt(raw, libc::SOL_SOCKET, libc::SO_SNDBUF, &SNDBUF);
        }
        let ring = if opts.rx { Some(map_ring(raw, opts).map_err(|e| fail("receive ring", e))?) } else { None };
        if opts.rx {
            // Kernels before 4.20 lack it; the ring walk skips outgoing frames anyway.
            let _ = set_opt(raw, libc::SOL_PACKET, libc::PACKET_IGNORE_OUTGOING, &1 as &libc::c_int);
        }
        let proto = if opts.rx { (libc::ETH_P_ALL as u16).to_be() } else { 0 };
        let sll = libc::sockaddr_ll {
            sll_family: libc::AF_PACKET as u16,
            sll_protocol: proto,
            sll_ifindex: ifindex as libc::c_int,
            sll_hatype: 0,
            sll_pkttype: 0,
            sll_halen: 0,
            sll_addr: [0; 8],
        };
        // SAFETY: `sll` is a valid sockaddr_ll of the length passed, read during the call.
        let rc = unsafe {
            libc::bind(
                raw,
                (&sll as *const libc::sockaddr_ll).cast(),
                size_of::<libc::sockaddr_ll>() as libc::socklen_t,
            )
        };
        cvt(rc).map_err(|e| fail("bind", e))?;
        if opts.rx && opts.promisc {
            let mreq = libc::packet_mreq {
                mr_ifindex: ifindex as libc::c_int,
                mr_type: libc::PACKET_MR_PROMISC as u16,
                mr_alen: 0,
                mr_address: [0; 8],
            };
            set_opt(raw, libc::SOL_PACKET, libc::PACKET_ADD_MEMBERSHIP, &mreq)
                .map_err(|e| fail("promiscuous mode", e))?;
        }
        if let (true, Some(group)) = (opts.rx, opts.fanout_group) {
            let mode = libc::PACKET_FANOUT_HASH | libc::PACKET_FANOUT_FLAG_DEFRAG;
            let arg = (u32::from(group) | (mode << 16)) as libc::c_int;
            set_opt(raw, libc::SOL_PACKET, libc::PACKET_FANOUT, &arg).map_err(|e| fail("PACKET_FANOUT", e))?;
        }
        let slots = opts.slots.clamp(1, MAX_SLOTS);
        Ok(AfPacketPort {
            arena: Arena::new(slots, info.max_frame),
            info,
            ifname: ifname.to_string(),
            ifindex,
            fd,
            msgs: MsgVec::new(slots),
            ring,
            counters: PortCounters::default(),
            ring_errors: 0,
            kernel_drops: Cell::new(0),
            kernel_freezes: Cell::new(0),
            last_tx_errno: 0,
        })
    }

    /// The interface's name.
    pub fn ifname(&self) -> &str {
        &self.ifname
    }

    /// The interface's index in its namespace.
    pub fn ifindex(&self) -> u32 {
        self.ifindex
    }

    /// How often the kernel found the receive ring full and froze it
    /// (`tp_freeze_q_cnt`, events; the frames lost meanwhile are in `ierrors`).
    pub fn rx_ring_freezes(&self) -> u64 {
        self.poll_kernel_stats();
        self.kernel_freezes.get()
    }

    /// The last error that made the kernel refuse frames (counted in `oerrors`), if any.
    pub fn last_tx_error(&self) -> Option<io::Error> {
        (self.last_tx_errno != 0).then(|| io::Error::from_raw_os_error(self.last_tx_errno))
    }

    /// Adds the kernel's receive statistics since the last read (the read resets them).
    fn poll_kernel_stats(&self) {
        if self.ring.is_none() {
            return;
        }
        let mut st = libc::tpacket_stats_v3 { tp_packets: 0, tp_drops: 0, tp_freeze_q_cnt: 0 };
        let mut len = size_of::<libc::tpacket_stats_v3>() as libc::socklen_t;
        // SAFETY: PACKET_STATISTICS writes at most `len` bytes into `st`, which lives
        // across the call, and updates `len`.
        let rc = unsafe {
            libc::getsockopt(
                self.fd.as_raw_fd(),
                libc::SOL_PACKET,
                libc::PACKET_STATISTICS,
                (&mut st as *mut libc::tpacket_stats_v3).cast(),
                &mut len,
            )
        };
        if rc == 0 {
            self.kernel_drops.set(self.kernel_drops.get() + u64::from(st.tp_drops));
            self.kernel_freezes.set(self.kernel_freezes.get() + u64::from(st.tp_freeze_q_cnt));
        }
    }
}

/// Sets up the TPACKET_V3 receive ring on `fd` and maps it.
fn map_ring(fd: RawFd, opts: &AfPacketOptions) -> io::Result<RxRing> {
    let invalid = |why: String| io::Error::new(io::ErrorKind::InvalidInput, why);
    let (bs, nb, fs) = (opts.rx_block_size, opts.rx_block_count, opts.rx_frame_size);
    if bs == 0 || bs % 4096 != 0 || nb == 0 || fs < 128 || fs % 16 != 0 || fs > bs {
        return Err(invalid(format!(
            "block size {bs} must be a multiple of 4096, frame size {fs} a multiple of 16 between 128 and the \
             block size, and there must be at least one block ({nb})"
        )));
    }
    let len = bs.checked_mul(nb).filter(|&l| l <= 1 << 30).ok_or_else(|| invalid("ring larger than 1 GiB".into()))?;
    let version = libc::tpacket_versions::TPACKET_V3 as libc::c_int;
    set_opt(fd, libc::SOL_PACKET, libc::PACKET_VERSION, &version)?;
    let req = libc::tpacket_req3 {
        tp_block_size: bs as u32,
        tp_block_nr: nb as u32,
        tp_frame_size: fs as u32,
        tp_frame_nr: ((bs / fs) * nb) as u32,
        tp_retire_blk_tov: opts.rx_block_timeout_ms.max(1),
        tp_sizeof_priv: 0,
        tp_feature_req_word: 0,
    };
    set_opt(fd, libc::SOL_PACKET, libc::PACKET_RX_RING, &req)?;
    // SAFETY: maps the ring the kernel just allocated for `fd`, `len` bytes as requested;
    // the result is checked before use and unmapped in RxRing's Drop.
    let p =
        unsafe { libc::mmap(std::ptr::null_mut(), len, libc::PROT_READ | libc::PROT_WRITE, libc::MAP_SHARED, fd, 0) };
    if p == libc::MAP_FAILED {
        return Err(io::Error::last_os_error());
    }
    let map = NonNull::new(p.cast::<u8>()).ok_or_else(|| io::Error::other("mmap returned null"))?;
    Ok(RxRing { map, len, block_size: bs, blocks: nb, cur: 0, open: false, left: 0, off: 0 })
}

impl Port for AfPacketPort {
    fn info(&self) -> &PortInfo {
        &self.info
    }

    #[inline]
    fn tx_batch(&mut self, want: usize) -> TxBatch<'_> {
        self.arena.batch(want)
    }

    fn tx_commit(&mut self, n: usize) -> Result<usize, PortError> {
        let n = n.min(self.msgs.hdrs.len());
        let MsgVec { hdrs, iovs } = &mut self.msgs;
        for ((iov, hdr), (frame, _)) in iovs.iter_mut().zip(hdrs.iter_mut()).zip(self.arena.committed(n)) {
            // sendmmsg only reads through these pointers.
            *iov = libc::iovec { iov_base: frame.as_ptr().cast_mut().cast(), iov_len: frame.len() };
            hdr.msg_hdr.msg_iov = iov;
            hdr.msg_hdr.msg_iovlen = 1;
        }
        let meta = self.arena.meta(n);
        let (mut done, mut tries, mut failed) = (0usize, 0u32, 0u64);
        while done < n {
            let rest = &mut hdrs[done..n];
            // SAFETY: `rest` holds `rest.len()` initialised headers, each pointing at one
            // iovec that points at a committed frame of the arena; all of it outlives the
            // call, and the kernel writes only the headers' `msg_len` fields.
            let rc = unsafe {
                libc::sendmmsg(self.fd.as_raw_fd(), rest.as_mut_ptr(), rest.len() as libc::c_uint, libc::MSG_DONTWAIT)
            };
            if rc > 0 {
                let k = rc as usize;
                self.counters.opackets += k as u64;
                self.counters.obytes += meta[done..done + k].iter().map(|m| u64::from(m.len)).sum::<u64>();
                done += k;
                tries = 0;
                continue;
            }
            let errno = if rc == 0 { libc::EAGAIN } else { io::Error::last_os_error().raw_os_error().unwrap_or(0) };
            match errno {
                libc::EAGAIN | libc::ENOBUFS | libc::EINTR if tries < MAX_TX_RETRIES => {
                    tries += 1;
                    if tries % 16 == 0 {
                        std::thread::yield_now();
                    } else {
                        std::hint::spin_loop();
                    }
                }
                // This frame is unsendable (too long for the MTU, shorter than a header).
                libc::EMSGSIZE | libc::EINVAL => {
                    self.last_tx_errno = errno;
                    failed += 1;
                    done += 1;
                    tries = 0;
                }
                _ => {
                    self.last_tx_errno = errno;
                    failed += (n - done) as u64;
                    break;
                }
            }
        }
        self.counters.oerrors += failed;
        Ok(n - failed as usize)
    }

    fn counters(&self) -> PortCounters {
        self.poll_kernel_stats();
        let mut c = self.counters;
        c.ierrors += self.kernel_drops.get() + self.ring_errors;
        c
    }

    /// Walks the receive ring without blocking; timestamps are the kernel's software
    /// receive time, CLOCK_REALTIME, in ns since the Unix epoch (not the run's clock).
    fn rx(&mut self, max: usize, sink: &mut dyn FnMut(&[u8], Nanos)) -> Result<usize, PortError> {
        let Some(ring) = self.ring.as_mut() else { return Ok(0) };
        let (mut got, mut blocks) = (0, 0);
        // At most one lap of the ring per call, so a flood of skipped entries cannot keep
        // the caller here.
        while got < max && blocks < ring.blocks && ring.try_open() {
            let (n, bad) = ring.walk(max - got, &mut self.counters, sink);
            got += n;
            self.ring_errors += bad;
            if ring.left == 0 {
                ring.release();
                blocks += 1;
            }
        }
        Ok(got)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROUTE: &str = "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT\n\
        eth0\t00000000\t0102A8C0\t0003\t0\t0\t100\t00000000\t0\t0\t0\n\
        eth0\t0002A8C0\t00000000\t0001\t0\t0\t100\t00FFFFFF\t0\t0\t0\n\
        veth1\t000012C6\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0\n";

    const ROUTE6: &str = "\
        fe800000000000000000000000000000 40 00000000000000000000000000000000 00 00000000000000000000000000000000 \
        00000100 00000001 00000000 00000001     eth0\n\
        00000000000000000000000000000000 00 00000000000000000000000000000000 00 fe800000000000000000000000000001 \
        00000400 00000002 00000000 00000003     eth1\n\
        00000000000000000000000000000000 00 00000000000000000000000000000000 00 00000000000000000000000000000000 \
        ffffffff 00000001 00000000 00200200       lo\n";

    #[test]
    fn default_routes_are_found_per_interface() {
        assert!(v4_default_via(ROUTE, "eth0"));
        assert!(!v4_default_via(ROUTE, "veth1"));
        assert!(!v4_default_via(ROUTE, "eth1"));
        assert!(v6_default_via(ROUTE6, "eth1"));
        assert!(!v6_default_via(ROUTE6, "eth0"));
        assert!(!v6_default_via(ROUTE6, "lo"), "reject routes are not default routes");
    }

    #[test]
    fn ring_offsets_match_the_kernel_layout() {
        assert_eq!(BLOCK_STATUS, 8);
        assert_eq!(BLOCK_NUM_PKTS, 12);
        assert_eq!(BLOCK_FIRST_PKT, 16);
        assert_eq!(PKT_MAC, 24);
        assert_eq!(PKT_PKTTYPE, 48 + 10);
    }

    #[test]
    fn bad_interface_names_are_refused() {
        for bad in ["", "a/b", "sixteen-chars-xx"] {
            assert!(ifreq_for(bad).is_err(), "{bad:?}");
        }
        assert!(ifreq_for("veth0").is_ok());
    }

    #[test]
    fn describe_names_the_cause() {
        let e = io::Error::from_raw_os_error(libc::EPERM);
        assert_eq!(describe("socket", "x", &e), "permission denied: AF_PACKET needs root or CAP_NET_RAW");
        let e = io::Error::from_raw_os_error(libc::ENODEV);
        assert!(describe("lookup", "nope0", &e).contains("no such interface 'nope0'"));
    }
}
