//! The AF_PACKET port: raw Ethernet frames on one named interface.
//!
//! One [`AfPacketPort`] is one queue, owned by one worker: a transmit socket and, with
//! [`AfPacketOptions::rx`], a receive socket, both `AF_PACKET`/`SOCK_RAW` and bound to the
//! interface. Two sockets because the two directions want different settings: the
//! transmit socket registers no receive handler at all.
//!
//! - **Transmit** ([`TxPath`]). By default through a `PACKET_TX_RING`
//!   (`afpacket/tx_ring.rs`): [`Port::tx_batch`] lends the ring's frames themselves, so
//!   the producer writes each frame where the kernel reads it, and [`Port::tx_commit`]
//!   hands the batch over with one `sendto(2)`; virtio-net headers make the kernel copy
//!   each frame whole into its packet, as `sendmmsg` does, without the per-message work.
//!   The alternative, [`TxPath::Mmsg`] (`afpacket/mmsg.rs`), sends an arena's frames with
//!   `sendmmsg(2)`. Both are non-blocking and retry a partial send on `ENOBUFS`/`EAGAIN`
//!   a bounded number of times. `PACKET_QDISC_BYPASS` (on by default) sends straight to
//!   the driver: faster, but sniffers on the sending host (tcpdump) do not see those
//!   frames.
//!   `opackets`/`obytes` count only frames the kernel accepted; frames it refused (or
//!   that riptide refused for it: longer than the MTU allows, shorter than an Ethernet
//!   header) count as `oerrors`. On veth, "accepted" means handed to the peer: frames the
//!   peer drops (its backlog full) show in the peer's counters, not here.
//! - **Receive** (`afpacket/rx.rs`). A `TPACKET_V3` ring of blocks mapped into the
//!   process, walked without any system call and without blocking. Frames this host
//!   sends are excluded; VLAN tags the kernel took out are put back.
//! - **Counters.** `ierrors` is the kernel's count of frames dropped because the receive
//!   ring was full (`PACKET_STATISTICS`, `tp_drops`, read and accumulated by
//!   [`Port::counters`]), plus ring entries that failed validation (never seen in
//!   practice). How often the ring froze (`tp_freeze_q_cnt`, events, not frames) is
//!   [`AfPacketPort::rx_ring_freezes`].
//!
//! Several queues on one interface: open the first with [`Fanout::New`], the others with
//! [`Fanout::Join`] of the group it got ([`AfPacketPort::fanout_group`]); the kernel then
//! spreads received frames over them by flow hash (`PACKET_FANOUT_HASH`). Transmit needs
//! no coordination.
//!
//! Memory: the receive ring (default 64 blocks of 64 KiB = 4 MiB per queue) and the
//! transmit ring (default 1024 frames of 64 bytes plus the largest frame, rounded to
//! 64) are kernel memory mapped into the process; neither is locked memory, and neither
//! counts against `RLIMIT_MEMLOCK`.
//!
//! Network namespaces: every lookup here (interface index, MAC, MTU, speed, routes) goes
//! to the namespace of the *calling thread*, so a thread that entered a namespace
//! ([`crate::netns::enter`]) sees that namespace's interfaces.

mod iface;
mod mmsg;
mod rx;
mod stamps;
mod tx_ring;

pub use iface::{
    carries_default_route, driver, interface_index, link_speed_bps, link_up, mac_address, mtu, rings, routes_v4_to,
    timestamping, Timestamping,
};

use crate::{Port, PortError, PortInfo, StampKey, TxStampSource};
use mmsg::MmsgTx;
use riptide_core::{Nanos, PortCounters, TxBatch};
use rx::RxSocket;
use std::fmt;
use std::io;
use std::mem::size_of;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::str::FromStr;

/// Ethernet header length: the shortest frame a Linux interface takes.
pub(crate) const ETH_HLEN: usize = riptide_wire::ethernet::HEADER_LEN;
/// The 802.1Q ethertype: such frames may be 4 bytes longer than MTU + header.
const ETH_P_8021Q: [u8; 2] = riptide_wire::ethernet::EtherType::VLAN.0.to_be_bytes();

/// Why Linux would not put a frame of `len` bytes on an interface that takes frames of
/// up to `max_len` (MTU + Ethernet header), as the errno `sendmmsg` answers: too short
/// for an Ethernet header, or too long (802.1Q-tagged frames may be 4 bytes longer;
/// `ethertype` reads the frame's bytes 12 and 13, only when needed). Frame sockets whose
/// kernel path does not check this (AF_XDP) check it here, so a frame the driver would
/// drop is never counted sent.
pub(crate) fn wire_refusal(len: usize, max_len: usize, ethertype: impl FnOnce() -> [u8; 2]) -> Option<i32> {
    if len < ETH_HLEN {
        return Some(libc::EINVAL);
    }
    if len > max_len && (len > max_len + 4 || ethertype() != ETH_P_8021Q) {
        return Some(libc::EMSGSIZE);
    }
    None
}
use tx_ring::TxRing;

/// Backend name used in [`PortInfo::driver`].
pub const DRIVER: &str = "afpacket";

/// Most frames one batch takes (the kernel's `UIO_MAXIOV`, the most `sendmmsg` sends).
pub const MAX_SLOTS: usize = 1024;

/// Consecutive `ENOBUFS`/`EAGAIN` answers a batch tolerates before the rest of it counts
/// as `oerrors` (a few hundred microseconds of retrying).
const MAX_TX_RETRIES: u32 = 256;

/// Send buffer asked for (`SO_SNDBUFFORCE`, else `SO_SNDBUF`, best effort).
const SNDBUF: libc::c_int = 4 << 20;

/// How frames reach the kernel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TxPath {
    /// `PACKET_TX_RING` with virtio-net headers: frames written in place, one `sendto`
    /// per batch (the default: the faster path measured, see BENCHMARKS.md).
    #[default]
    Ring,
    /// `sendmmsg(2)` of an arena's frames, one message per frame.
    Mmsg,
}

impl TxPath {
    /// The name used in port specs (`afpacket:IF:tx=NAME`) and reports.
    pub fn name(self) -> &'static str {
        match self {
            TxPath::Ring => "ring",
            TxPath::Mmsg => "mmsg",
        }
    }
}

impl FromStr for TxPath {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "ring" => Ok(TxPath::Ring),
            "mmsg" => Ok(TxPath::Mmsg),
            _ => Err(format!("unknown transmit path '{s}' (expected ring or mmsg)")),
        }
    }
}

/// Options of one AF_PACKET queue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AfPacketOptions {
    /// Transmit slots lent per batch, and so the most frames per system call
    /// (1..=[`MAX_SLOTS`]; clamped).
    pub slots: usize,
    /// How frames reach the kernel (default: the transmit ring).
    pub tx_path: TxPath,
    /// Frames in the transmit ring (default 1024; at least `slots`; rounded up to fill
    /// the ring's blocks).
    pub tx_frames: usize,
    /// Send with `PACKET_QDISC_BYPASS`: skip the qdisc layer (default true).
    pub qdisc_bypass: bool,
    /// Open the receive socket and ring (default false: a transmit-only port registers
    /// no packet handler and costs the interface's receive path nothing).
    pub rx: bool,
    /// Put the interface in promiscuous mode while the socket is open
    /// (`PACKET_MR_PROMISC`; default true; only with `rx`).
    pub promisc: bool,
    /// Share the received frames of one interface with other queues through a
    /// `PACKET_FANOUT` group (hash mode; only with `rx`).
    pub fanout: Option<Fanout>,
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
            tx_path: TxPath::Ring,
            tx_frames: 1024,
            qdisc_bypass: true,
            rx: false,
            promisc: true,
            fanout: None,
            rx_block_size: 64 << 10,
            rx_block_count: 64,
            rx_frame_size: 2048,
            rx_block_timeout_ms: 1,
        }
    }
}

/// A `PACKET_FANOUT` group to put a queue's receive socket in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fanout {
    /// A new group with an id the kernel picks, unique in the network namespace
    /// (`PACKET_FANOUT_FLAG_UNIQUEID`): group ids are per namespace, and a group belongs
    /// to one interface, so ids chosen by hand collide across ports and processes.
    New,
    /// The group with this id (another queue's [`AfPacketPort::fanout_group`]).
    Join(u16),
}

/// The transmit side: a ring or an arena for `sendmmsg`.
enum Tx {
    Ring(TxRing),
    Mmsg(MmsgTx),
}

/// One queue of an AF_PACKET port.
pub struct AfPacketPort {
    info: PortInfo,
    ifname: String,
    ifindex: u32,
    // The ring (inside `tx`) before the socket: drop order.
    tx: Tx,
    fd: OwnedFd,
    rx: Option<RxSocket>,
    counters: PortCounters,
    last_tx_errno: i32,
    /// Departure stamps, once asked for.
    stamps: Option<stamps::TxStamps>,
    /// What the driver can stamp (`ethtool -T`), read when the port opened.
    timestamping: Option<Timestamping>,
}

impl fmt::Debug for AfPacketPort {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AfPacketPort")
            .field("ifname", &self.ifname)
            .field("ifindex", &self.ifindex)
            .field("fd", &self.fd)
            .field("tx_path", &self.tx_path())
            .field("rx", &self.rx.is_some())
            .field("counters", &self.counters)
            .finish_non_exhaustive()
    }
}

/// Says what a failed step means for the user.
fn describe(step: &str, ifname: &str, e: &io::Error) -> String {
    match e.raw_os_error() {
        Some(libc::EPERM | libc::EACCES) => crate::root::AF_PACKET.message(),
        Some(libc::ENODEV | libc::ENXIO) => no_such_interface(ifname),
        Some(libc::ENETDOWN) => format!("interface '{ifname}' is down"),
        _ => format!("{step}: {e}"),
    }
}

/// "No such interface", with the ones the calling thread's network namespace has: named
/// when it has a name (`--netns NAME`), else "this network namespace" and how to pick
/// another.
pub(crate) fn no_such_interface(ifname: &str) -> String {
    no_such_interface_in(
        ifname,
        crate::netns::current_name().as_deref(),
        &crate::netns::interfaces().unwrap_or_default(),
    )
}

fn no_such_interface_in(ifname: &str, netns: Option<&str>, have: &[String]) -> String {
    let list = if have.is_empty() { "none".into() } else { have.join(", ") };
    match netns {
        Some(ns) => format!("no such interface '{ifname}' in network namespace '{ns}' (it has: {list})"),
        None => {
            format!("no such interface '{ifname}' in this network namespace (it has: {list}; --netns NS picks another)")
        }
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

/// Reads a socket option into `zero`'s type; returns it and the length the kernel wrote.
/// Shared with the AF_XDP port.
pub(crate) fn get_opt<T: Copy>(fd: RawFd, level: libc::c_int, name: libc::c_int, zero: T) -> io::Result<(T, usize)> {
    let mut val = zero;
    let mut len = size_of::<T>() as libc::socklen_t;
    // SAFETY: the kernel writes at most `len` bytes into `val`, which lives across the
    // call, and updates `len`.
    let rc = unsafe { libc::getsockopt(fd, level, name, (&mut val as *mut T).cast(), &mut len) };
    cvt(rc)?;
    Ok((val, len as usize))
}

fn packet_socket() -> io::Result<OwnedFd> {
    // SAFETY: plain socket creation; protocol 0 registers no receive handler yet.
    let fd = cvt(unsafe { libc::socket(libc::AF_PACKET, libc::SOCK_RAW | libc::SOCK_CLOEXEC, 0) })?;
    // SAFETY: `fd` was just returned by socket(2) and nothing else owns it.
    Ok(unsafe { OwnedFd::from_raw_fd(fd) })
}

/// Binds packet socket `fd` to interface `ifindex` for protocol `proto` (network byte
/// order; 0 registers no receive handler).
pub(crate) fn bind(fd: RawFd, ifindex: u32, proto: u16) -> io::Result<()> {
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
        libc::bind(fd, (&sll as *const libc::sockaddr_ll).cast(), size_of::<libc::sockaddr_ll>() as libc::socklen_t)
    };
    cvt(rc).map(drop)
}

impl AfPacketPort {
    /// Opens one queue on interface `ifname` of the calling thread's network namespace.
    ///
    /// `info` is passed through to [`Port::info`] (its `max_frame` sizes the transmit
    /// slots). Errors are [`PortError::Spec`] with spec `afpacket:IFNAME` and a reason
    /// such as "no such interface 'x' in this network namespace" or "an AF_PACKET port
    /// needs root (CAP_NET_RAW): run riptide with sudo".
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
        let slots = opts.slots.clamp(1, MAX_SLOTS);
        let tx = match opts.tx_path {
            TxPath::Ring => {
                let mtu = mtu(ifname).map_err(|e| fail("MTU", e))?;
                let ring = TxRing::new(raw, opts.tx_frames, info.caps.max_frame, slots, mtu)
                    .map_err(|e| fail("transmit ring", e))?;
                Tx::Ring(ring)
            }
            TxPath::Mmsg => Tx::Mmsg(MmsgTx::new(slots, info.caps.max_frame)),
        };
        bind(raw, ifindex, 0).map_err(|e| fail("bind", e))?;
        let rx = if opts.rx { Some(RxSocket::open(ifindex, opts).map_err(|(step, e)| fail(step, e))?) } else { None };
        Ok(AfPacketPort {
            info,
            ifname: ifname.to_string(),
            ifindex,
            tx,
            fd,
            rx,
            counters: PortCounters::default(),
            last_tx_errno: 0,
            stamps: None,
            timestamping: timestamping(ifname).ok(),
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

    /// How frames reach the kernel.
    pub fn tx_path(&self) -> TxPath {
        match self.tx {
            Tx::Ring(_) => TxPath::Ring,
            Tx::Mmsg(_) => TxPath::Mmsg,
        }
    }

    /// Frames in the transmit ring (0 on the `sendmmsg` path).
    pub fn tx_ring_frames(&self) -> usize {
        match &self.tx {
            Tx::Ring(r) => r.frames(),
            Tx::Mmsg(_) => 0,
        }
    }

    /// What the interface's driver can stamp (`ETHTOOL_GET_TS_INFO`), if it says.
    pub fn timestamping(&self) -> Option<Timestamping> {
        self.timestamping
    }

    /// The `PACKET_FANOUT` group of the receive socket, if it is in one.
    pub fn fanout_group(&self) -> Option<u16> {
        self.rx.as_ref().and_then(RxSocket::fanout_group)
    }

    /// How often the kernel found the receive ring full and froze it
    /// (`tp_freeze_q_cnt`, events; the frames lost meanwhile are in `ierrors`).
    pub fn rx_ring_freezes(&self) -> u64 {
        self.rx.as_ref().map_or(0, RxSocket::freezes)
    }

    /// The last error that made the kernel (or riptide, for it) refuse frames (counted in
    /// `oerrors`), if any.
    pub fn last_tx_error(&self) -> Option<io::Error> {
        (self.last_tx_errno != 0).then(|| io::Error::from_raw_os_error(self.last_tx_errno))
    }
}

impl Port for AfPacketPort {
    fn info(&self) -> &PortInfo {
        &self.info
    }

    #[inline]
    fn tx_batch(&mut self, want: usize) -> TxBatch<'_> {
        match &mut self.tx {
            Tx::Ring(r) => r.lend(want),
            Tx::Mmsg(m) => m.lend(want),
        }
    }

    fn tx_commit(&mut self, n: usize) -> Result<usize, PortError> {
        let fd = self.fd.as_raw_fd();
        let (sent, err) = match &mut self.tx {
            Tx::Ring(r) => r.send(fd, n, &mut self.counters, MAX_TX_RETRIES, self.stamps.as_mut()),
            Tx::Mmsg(m) => m.send(fd, n, &mut self.counters, MAX_TX_RETRIES),
        };
        if let Some(e) = err {
            self.last_tx_errno = e;
        }
        Ok(sent)
    }

    fn counters(&self) -> PortCounters {
        let mut c = self.counters;
        c.ierrors += self.rx.as_ref().map_or(0, RxSocket::errors);
        c
    }

    /// Walks the receive ring without blocking; timestamps are the kernel's software
    /// receive time, CLOCK_REALTIME, in ns since the Unix epoch (not the run's clock).
    fn rx(&mut self, max: usize, sink: &mut dyn FnMut(&[u8], Nanos)) -> Result<usize, PortError> {
        Ok(self.rx.as_mut().map_or(0, |r| r.rx(max, &mut self.counters, sink)))
    }

    /// Software stamps from the driver (`SOF_TIMESTAMPING_TX_SOFTWARE`), on the transmit
    /// ring only: see `afpacket/stamps.rs`.
    fn enable_tx_stamps(&mut self, key: StampKey) -> Result<TxStampSource, String> {
        if !matches!(self.tx, Tx::Ring(_)) {
            return Err("the mmsg transmit path takes no departure stamps (the ring does)".into());
        }
        if let Some(t) = self.timestamping.filter(|t| t.tx() == "none") {
            return Err(format!(
                "{}'s driver takes no transmit stamps (ethtool -T: SOF_TIMESTAMPING {:#x})",
                self.ifname, t.so_timestamping
            ));
        }
        let fd = self.fd.as_raw_fd();
        let s = stamps::TxStamps::enable(fd, key).map_err(|e| format!("SO_TIMESTAMPING: {e}"))?;
        // A request with no frame to send: refused by a kernel without per-message ids.
        if stamps::send_ring_with(fd, &stamps::StampCmsg::new(0)) < 0 {
            let e = io::Error::last_os_error();
            let _ = set_opt(fd, libc::SOL_SOCKET, libc::SO_TIMESTAMPING, &0 as &libc::c_int);
            return Err(format!("the kernel takes no per-frame stamp ids (SCM_TS_OPT_ID, Linux 6.13): {e}"));
        }
        self.stamps = Some(s);
        Ok(TxStampSource::Kernel)
    }

    fn tx_stamps(&mut self, sink: &mut dyn FnMut(u64, Nanos)) -> usize {
        match &mut self.stamps {
            Some(s) => {
                if s.waiting() {
                    s.read(self.fd.as_raw_fd());
                }
                s.take(sink)
            }
            None => 0,
        }
    }

    fn tx_stamps_missed(&self) -> u64 {
        self.stamps.as_ref().map_or(0, |s| s.missed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn describe_names_the_cause() {
        let e = io::Error::from_raw_os_error(libc::EPERM);
        assert_eq!(describe("socket", "x", &e), "an AF_PACKET port needs root (CAP_NET_RAW): run riptide with sudo");
        let e = io::Error::from_raw_os_error(libc::ENODEV);
        assert!(describe("lookup", "nope0", &e).contains("no such interface 'nope0'"));
        let have = ["lo".to_string(), "rt0".to_string()];
        assert_eq!(
            no_such_interface_in("rt9", Some("lab-tg"), &have),
            "no such interface 'rt9' in network namespace 'lab-tg' (it has: lo, rt0)"
        );
        assert_eq!(
            no_such_interface_in("rt9", None, &[]),
            "no such interface 'rt9' in this network namespace (it has: none; --netns NS picks another)"
        );
    }

    #[test]
    fn transmit_paths_parse_by_name() {
        for p in [TxPath::Ring, TxPath::Mmsg] {
            assert_eq!(p.name().parse::<TxPath>(), Ok(p));
        }
        assert!("sendmmsg".parse::<TxPath>().unwrap_err().contains("expected ring or mmsg"));
    }
}
