//! Port specs (`null`, `pcap:FILE`, `afpacket:IF[:tx=ring|mmsg]`, `afxdp:IF[:Q]`) and opening a port as a
//! group of queues.

use crate::afpacket::{self, AfPacketOptions, AfPacketPort, Fanout, TxPath};
use crate::afxdp::{self, AfXdpOptions, AfXdpPort, XdpRedirect};
use crate::capture::{CaptureBuffer, CapturePort};
use crate::impair::{ImpairLink, ImpairPort};
use crate::lock::LockError;
use crate::null::NullPort;
use crate::pcap::{self, PcapPort};
use crate::root::{self, Rights};
use crate::wrap::{Impaired, Tapped};
use crate::xdplive::{self, XdpLivePort};
use crate::{Port, PortCaps, PortError, PortInfo, PortOptions, RxStamps, Timing};
use riptide_core::BitsPerSec;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;

/// A port named on the command line.
#[derive(Clone, Debug)]
pub enum PortSpec {
    /// `null`: count and drop.
    Null,
    /// `pcap:FILE`: write a pcap (simulation).
    Pcap(PathBuf),
    /// `afpacket:IF[:tx=ring|mmsg]`: a Linux interface, named explicitly (never chosen by
    /// riptide), and how frames reach its kernel (default: the transmit ring).
    AfPacket(String, TxPath),
    /// `afxdp:IF[:QUEUE]`: a Linux interface through AF_XDP, from queue `QUEUE` (default 0)
    /// on; several workers take consecutive queues.
    AfXdp(String, u32),
    /// `xdplive:IF`: a Linux interface, transmit only, through the kernel's XDP live-frames
    /// mode (`BPF_PROG_RUN`, Linux 5.18+; see [`crate::xdplive`]).
    XdpLive(String),
    /// In-memory capture (tests; not reachable from the command line).
    Capture(CaptureBuffer),
    /// `link:END[:PARAMS]`: one end (0 or 1) of an in-memory link with a delay line and
    /// seeded loss, reordering and duplication (see [`crate::impair`]); the ends of one
    /// command line share one link ([`join_links`]).
    Impair(Arc<ImpairLink>, usize),
    /// `SPEC+impair:PARAMS` or `SPEC+tap:FILE`: a port with a wrapper (see [`crate::wrap`]).
    Wrapped(Box<PortSpec>, Wrapper),
}

/// A wrapper over a port.
#[derive(Clone, Debug, PartialEq)]
pub enum Wrapper {
    /// `impair:delay=..,loss=..,reorder=..,dup=..,outage=..,seed=..`: transmitted frames
    /// go through an impairment line.
    Impair(crate::impair::Impairments),
    /// `tap:FILE`: a pcap of every frame handed to the port below.
    Tap(PathBuf),
}

impl Wrapper {
    fn name(&self) -> String {
        match self {
            Wrapper::Impair(cfg) => format!("impair:{cfg}"),
            Wrapper::Tap(p) => format!("tap:{}", p.display()),
        }
    }

    fn parse(s: &str) -> Result<Wrapper, String> {
        if let Some(params) = s.strip_prefix("impair:") {
            let cfg = crate::impair::Impairments::parse(params)?;
            if cfg.real_time {
                return Err("impair: 'realtime' belongs to link: ports (a wrapper follows its port's clock)".into());
            }
            return Ok(Wrapper::Impair(cfg));
        }
        match s.strip_prefix("tap:") {
            Some("") | None => Err(format!("'{s}': expected impair:PARAMS or tap:FILE")),
            Some(path) => Ok(Wrapper::Tap(PathBuf::from(path))),
        }
    }
}

/// Splits `SPEC+impair:..+tap:..` into the port and its wrappers (a `+` starts a wrapper
/// only before `impair:` or `tap:`, so file names may hold `+`).
fn split_wrappers(s: &str) -> (&str, Vec<&str>) {
    let mut cuts: Vec<usize> = ["+impair:", "+tap:"].iter().flat_map(|w| s.match_indices(w).map(|(i, _)| i)).collect();
    cuts.sort_unstable();
    let Some(&first) = cuts.first() else { return (s, Vec::new()) };
    let mut parts = Vec::new();
    for (k, &c) in cuts.iter().enumerate() {
        let end = cuts.get(k + 1).copied().unwrap_or(s.len());
        parts.push(&s[c + 1..end]);
    }
    (&s[..first], parts)
}

impl Default for PortSpec {
    /// The null port: the embedded default that needs no NIC.
    fn default() -> Self {
        PortSpec::Null
    }
}

const PORT_EXPECTED: &str = "expected 'null', 'pcap:FILE', 'afpacket:IFNAME[:tx=ring|mmsg]', 'afxdp:IFNAME[:QUEUE]', 'xdplive:IFNAME' \
     or 'link:0|1[:delay=50us,loss=1%,...]', each optionally followed by wrappers '+impair:loss=1%,...' and '+tap:FILE'";

/// Makes every `link:` end of `specs` one end of the same link, with the parameters
/// given on either end (given on both, they must agree). Each end at most once.
pub fn join_links(specs: &mut [PortSpec]) -> Result<(), String> {
    let mut cfg = None::<crate::impair::Impairments>;
    let mut seen = [false; 2];
    for s in specs.iter() {
        if let PortSpec::Impair(link, end) = s.base() {
            if std::mem::replace(&mut seen[*end], true) {
                return Err(format!("link:{end} is given twice (a link has one end 0 and one end 1)"));
            }
            let c = link.impairments();
            if c != crate::impair::Impairments::default() {
                match cfg {
                    Some(prev) if prev != c => {
                        return Err("the two link: ends give different parameters (give them on one end)".into())
                    }
                    _ => cfg = Some(c),
                }
            }
        }
    }
    let shared = ImpairLink::new(cfg.unwrap_or_default());
    for s in specs.iter_mut() {
        if let PortSpec::Impair(link, _) = s.base_mut() {
            *link = shared.clone();
        }
    }
    Ok(())
}

fn valid_ifname(i: &str) -> bool {
    !i.is_empty() && i.len() <= 15 && !i.contains(['/', ' ', ':'])
}

impl FromStr for PortSpec {
    type Err = PortError;
    fn from_str(s: &str) -> Result<Self, PortError> {
        let (base, wrappers) = split_wrappers(s);
        let mut spec = parse_base(base)?;
        for w in wrappers {
            let w = Wrapper::parse(w).map_err(|reason| PortError::Spec { spec: s.into(), reason })?;
            spec = PortSpec::Wrapped(Box::new(spec), w);
        }
        Ok(spec)
    }
}

/// A port without wrappers.
fn parse_base(s: &str) -> Result<PortSpec, PortError> {
    {
        let spec_err = |reason: &str| PortError::Spec { spec: s.into(), reason: reason.into() };
        if s == "null" {
            return Ok(PortSpec::Null);
        }
        if let Some(path) = s.strip_prefix("pcap:") {
            if path.is_empty() {
                return Err(spec_err("pcap needs a file name: pcap:FILE"));
            }
            return Ok(PortSpec::Pcap(PathBuf::from(path)));
        }
        if let Some(rest) = s.strip_prefix("afpacket:") {
            let (ifname, path) = match rest.split_once(':') {
                Some((i, opt)) => match opt.strip_prefix("tx=").map(str::parse::<TxPath>) {
                    Some(Ok(p)) => (i, p),
                    Some(Err(e)) => return Err(spec_err(&e)),
                    None => return Err(spec_err(&format!("unknown option '{opt}': afpacket:IFNAME[:tx=ring|mmsg]"))),
                },
                None => (rest, TxPath::default()),
            };
            if !valid_ifname(ifname) {
                return Err(spec_err(
                    "afpacket needs an interface name: afpacket:IFNAME[:tx=ring|mmsg] (1 to 15 characters)",
                ));
            }
            return Ok(PortSpec::AfPacket(ifname.into(), path));
        }
        if let Some(rest) = s.strip_prefix("afxdp:") {
            let (ifname, queue) = match rest.split_once(':') {
                Some((i, q)) => match q.parse::<u32>() {
                    Ok(q) => (i, q),
                    Err(_) => return Err(spec_err(&format!("queue '{q}' is not a number: afxdp:IFNAME[:QUEUE]"))),
                },
                None => (rest, 0),
            };
            if !valid_ifname(ifname) {
                return Err(spec_err("afxdp needs an interface name: afxdp:IFNAME[:QUEUE] (1 to 15 characters)"));
            }
            return Ok(PortSpec::AfXdp(ifname.into(), queue));
        }
        if let Some(ifname) = s.strip_prefix("xdplive:") {
            if !valid_ifname(ifname) {
                return Err(spec_err("xdplive needs an interface name: xdplive:IFNAME (1 to 15 characters)"));
            }
            return Ok(PortSpec::XdpLive(ifname.into()));
        }
        if let Some(rest) = s.strip_prefix("link:") {
            let (end, params) = rest.split_once(':').unwrap_or((rest, ""));
            let end = match end {
                "0" => 0,
                "1" => 1,
                _ => return Err(spec_err("link needs its end, 0 or 1: link:0[:delay=50us,loss=1%,...]")),
            };
            let cfg = crate::impair::Impairments::parse(params).map_err(|e| spec_err(&e))?;
            return Ok(PortSpec::Impair(ImpairLink::new(cfg), end));
        }
        Err(spec_err(PORT_EXPECTED))
    }
}

impl PortSpec {
    /// The port under any wrappers.
    pub fn base(&self) -> &PortSpec {
        match self {
            PortSpec::Wrapped(inner, _) => inner.base(),
            other => other,
        }
    }

    fn base_mut(&mut self) -> &mut PortSpec {
        match self {
            PortSpec::Wrapped(inner, _) => inner.base_mut(),
            other => other,
        }
    }

    /// An in-memory capture port appending to `buffer` (tests, `riptide debug`).
    pub fn capture(buffer: &CaptureBuffer) -> PortSpec {
        PortSpec::Capture(buffer.clone())
    }

    /// End `end` (0 or 1) of the in-memory `link` (tests; the command line names ends
    /// `link:0` and `link:1`).
    pub fn link(link: &Arc<ImpairLink>, end: usize) -> PortSpec {
        PortSpec::Impair(link.clone(), end.min(1))
    }

    /// The files the port writes (a pcap port's, its taps').
    pub fn files(&self) -> Vec<&Path> {
        match self {
            PortSpec::Pcap(p) => vec![p.as_path()],
            PortSpec::Wrapped(inner, Wrapper::Tap(p)) => {
                let mut v = inner.files();
                v.push(p.as_path());
                v
            }
            PortSpec::Wrapped(inner, _) => inner.files(),
            _ => Vec::new(),
        }
    }

    /// The Linux interface the port sends on, for ports that are one.
    pub fn interface(&self) -> Option<&str> {
        match self {
            PortSpec::AfPacket(i, _) | PortSpec::AfXdp(i, _) | PortSpec::XdpLive(i) => Some(i),
            PortSpec::Wrapped(inner, _) => inner.interface(),
            _ => None,
        }
    }

    /// The name shown in stats.
    pub fn name(&self) -> String {
        match self {
            PortSpec::Null => "null".into(),
            PortSpec::Pcap(p) => format!("pcap:{}", p.display()),
            PortSpec::Capture(_) => "capture".into(),
            PortSpec::Impair(_, end) => format!("link:{end}"),
            PortSpec::AfPacket(i, TxPath::Ring) => format!("afpacket:{i}"),
            PortSpec::AfPacket(i, p) => format!("afpacket:{i}:tx={}", p.name()),
            PortSpec::AfXdp(i, 0) => format!("afxdp:{i}"),
            PortSpec::AfXdp(i, q) => format!("afxdp:{i}:{q}"),
            PortSpec::XdpLive(i) => format!("xdplive:{i}"),
            PortSpec::Wrapped(inner, w) => format!("{}+{}", inner.name(), w.name()),
        }
    }

    /// Backend name.
    pub fn driver(&self) -> &'static str {
        match self {
            PortSpec::Null => "null",
            PortSpec::Pcap(_) => "pcap",
            PortSpec::Capture(_) => "capture",
            PortSpec::Impair(..) => "impair",
            PortSpec::AfPacket(..) => afpacket::DRIVER,
            PortSpec::AfXdp(..) => afxdp::DRIVER,
            PortSpec::XdpLive(_) => xdplive::DRIVER,
            PortSpec::Wrapped(inner, _) => inner.driver(),
        }
    }

    /// What the port can do with `opts` (interfaces report their link speed unless the
    /// line rate is fixed). Opening it gives the same ([`PortGroup::info`]).
    pub fn caps(&self, opts: &PortOptions) -> PortCaps {
        if let PortSpec::Wrapped(inner, _) = self {
            return inner.caps(opts);
        }
        let line_rate = match self {
            PortSpec::AfPacket(i, _) | PortSpec::AfXdp(i, _) | PortSpec::XdpLive(i) if !opts.line_rate_fixed => {
                afpacket::link_speed_bps(i).map(BitsPerSec).unwrap_or(opts.line_rate)
            }
            _ => opts.line_rate,
        };
        let (timing, rx) = match self {
            PortSpec::Null => (Timing::Any, None),
            PortSpec::Pcap(_) | PortSpec::Capture(_) => (Timing::Virtual, None),
            PortSpec::AfPacket(..) => (Timing::Real, Some(RxStamps::Kernel)),
            PortSpec::AfXdp(..) => (Timing::Real, Some(RxStamps::Read)),
            PortSpec::XdpLive(_) => (Timing::Real, None),
            PortSpec::Impair(link, _) if link.real_time() => (Timing::Real, Some(RxStamps::Arrival)),
            PortSpec::Impair(..) | PortSpec::Wrapped(..) => (Timing::Virtual, Some(RxStamps::Virtual)),
        };
        PortCaps { timing, rx, max_frame: opts.max_frame, batch: opts.batch.max(1), line_rate }
    }
}

/// An opened port: its queues (one per worker) and what finishing it takes.
#[derive(Debug)]
pub struct PortGroup {
    /// What the port is.
    pub info: PortInfo,
    /// Files the queues write in parts (a pcap port's, a tap's), finished together.
    files: Vec<PartFile>,
    finished: bool,
    /// Held while an interface port is open (one riptide per interface).
    _lock: Option<crate::lock::InterfaceLock>,
    /// The XDP program of an AF_XDP port (detached when the group goes).
    xdp: Option<XdpRedirect>,
    /// How frames travel, for interface ports (see [`PortGroup::mode`]).
    mode: Option<String>,
}

/// A file written by every queue in a part of its own, merged into place at the end.
#[derive(Debug)]
struct PartFile {
    target: PathBuf,
    parts: Vec<PathBuf>,
    /// The merge file, while one is being written.
    merging: Option<PathBuf>,
}

/// Bytes free to this user on the file system that would hold `file`; `None` where the
/// kernel does not say.
pub fn free_bytes(file: &Path) -> Option<u64> {
    use std::os::unix::ffi::OsStrExt;
    let dir = match file.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let c = std::ffi::CString::new(dir.as_os_str().as_bytes()).ok()?;
    // SAFETY: statvfs writes into the zeroed struct we own; `c` is a valid C string.
    let mut st: libc::statvfs = unsafe { std::mem::zeroed() };
    // SAFETY: as above.
    if unsafe { libc::statvfs(c.as_ptr(), &mut st) } != 0 {
        return None;
    }
    Some(st.f_bavail as u64 * st.f_frsize as u64)
}

/// Removes the part files a killed riptide left beside `target` (`NAME.riptide-PID-*.tmp`
/// of a PID that no longer runs): SIGKILL leaves no chance to clean up.
pub fn remove_stale_parts(target: &Path) {
    let Some(name) = target.file_name().map(|n| n.to_string_lossy().into_owned()) else { return };
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let Ok(entries) = std::fs::read_dir(&dir) else { return };
    let prefix = format!("{name}.riptide-");
    for e in entries.flatten() {
        let file = e.file_name().to_string_lossy().into_owned();
        let Some(rest) = file.strip_prefix(&prefix).filter(|_| file.ends_with(".tmp")) else { continue };
        let pid: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let Ok(pid) = pid.parse::<u32>() else { continue };
        if pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// Opens `spec` with `queues` transmit queues.
pub fn open(spec: &PortSpec, queues: usize, opts: &PortOptions) -> Result<(PortGroup, Vec<Box<dyn Port>>), PortError> {
    let queues = queues.max(1);
    let info = PortInfo { name: spec.name(), driver: spec.driver(), caps: spec.caps(opts) };
    let mut group =
        PortGroup { info: info.clone(), files: Vec::new(), finished: false, _lock: None, xdp: None, mode: None };
    let mut out: Vec<Box<dyn Port>> = Vec::with_capacity(queues);
    match spec {
        PortSpec::Wrapped(inner, w) => return open_wrapped(spec, inner, w, queues, opts),
        PortSpec::Null => {
            for _ in 0..queues {
                out.push(Box::new(NullPort::new(info.clone(), opts.batch)));
            }
        }
        PortSpec::Impair(link, end) => {
            for q in 0..queues {
                out.push(Box::new(ImpairPort::new(
                    info.clone(),
                    opts.batch,
                    link.clone(),
                    *end,
                    q,
                    opts.epoch_unix_ns,
                )));
            }
        }
        PortSpec::Capture(buf) => {
            for q in 0..queues {
                out.push(Box::new(CapturePort::new(info.clone(), opts.batch, buf.clone(), q)));
            }
        }
        PortSpec::AfPacket(ifname, tx_path) => {
            let spec_err = |reason: String| PortError::Spec { spec: spec.name(), reason };
            group._lock = Some(claim_interface(ifname, opts.force, root::AF_PACKET).map_err(spec_err)?);
            // Several queues on one interface share its receive traffic by flow hash: the
            // first makes a group, the others join it.
            let mut o = AfPacketOptions {
                slots: opts.batch,
                tx_path: *tx_path,
                rx: true,
                fanout: (queues > 1).then_some(Fanout::New),
                ..Default::default()
            };
            if let Some(n) = opts.tx_ring {
                o.tx_frames = n;
            }
            if let Some(n) = opts.rx_ring {
                // Room for `n` entries of the largest ring entry (2 KiB).
                o.rx_block_count = (n * o.rx_frame_size).div_ceil(o.rx_block_size).max(1);
            }
            let mut tx_frames = 0;
            for _ in 0..queues {
                let port = AfPacketPort::open(ifname, info.clone(), &o)?;
                tx_frames = port.tx_ring_frames();
                if let Some(group) = port.fanout_group() {
                    o.fanout = Some(Fanout::Join(group));
                }
                out.push(Box::new(port));
            }
            let rx_ring = format!("receive ring {} KiB", (o.rx_block_size * o.rx_block_count) >> 10);
            group.mode = Some(match tx_path {
                TxPath::Ring => format!("transmit ring of {tx_frames} frames (virtio-net headers), {rx_ring}"),
                TxPath::Mmsg => format!("sendmmsg, {rx_ring}"),
            });
        }
        PortSpec::AfXdp(ifname, first) => {
            let spec_err = |reason: String| PortError::Spec { spec: spec.name(), reason };
            group._lock = Some(claim_interface(ifname, opts.force, root::AF_XDP).map_err(spec_err)?);
            let end = first.checked_add(queues as u32).ok_or_else(|| spec_err("queue number too large".into()))?;
            let xdp = XdpRedirect::attach(ifname, end).map_err(spec_err)?;
            let mut o = AfXdpOptions { rx: true, slots: opts.batch, ..Default::default() };
            if let Some(n) = opts.tx_ring {
                o.tx_frames = (n.clamp(64, 1 << 16) as u32).next_power_of_two();
            }
            if let Some(n) = opts.rx_ring {
                o.rx_frames = (n.clamp(64, 1 << 16) as u32).next_power_of_two();
            }
            for q in *first..end {
                let o = AfXdpOptions { queue: q, ..o.clone() };
                let port = AfXdpPort::open(ifname, info.clone(), &o)?;
                xdp.insert(q, port.socket_fd()).map_err(spec_err)?;
                group.mode = Some(format!(
                    "{}, {} transmit and {} receive frames, XDP program in {} mode",
                    if port.zero_copy() { "zero-copy" } else { "copy" },
                    o.tx_frames,
                    o.rx_frames,
                    if xdp.native() { "native" } else { "generic" }
                ));
                out.push(Box::new(port));
            }
            group.xdp = Some(xdp);
        }
        PortSpec::XdpLive(ifname) => {
            let spec_err = |reason: String| PortError::Spec { spec: spec.name(), reason };
            group._lock = Some(claim_interface(ifname, opts.force, root::XDP_LIVE).map_err(spec_err)?);
            for _ in 0..queues {
                let port = XdpLivePort::open(ifname, info.clone(), opts.batch).map_err(spec_err)?;
                group.mode = Some(format!(
                    "XDP live frames (BPF_PROG_RUN), up to {} frames a call (half its ring)",
                    port.ring_frames() / 2
                ));
                out.push(Box::new(port));
            }
        }
        PortSpec::Pcap(target) => {
            remove_stale_parts(target);
            group.files.push(PartFile { target: target.clone(), parts: Vec::new(), merging: None });
            for q in 0..queues {
                let port =
                    PcapPort::create_beside(info.clone(), opts.batch, target, &format!("q{q}"), opts.epoch_unix_ns)
                        .map_err(|e| match e {
                            // Name the user's file, not our part file.
                            PortError::File { source, .. } => PortError::File { path: target.clone(), source },
                            other => other,
                        })?;
                if let Some(f) = group.files.last_mut() {
                    f.parts.push(port.path().to_path_buf());
                }
                out.push(Box::new(port));
            }
        }
    }
    Ok((group, out))
}

/// Opens the port under a wrapper, then wraps each of its queues.
fn open_wrapped(
    spec: &PortSpec,
    inner: &PortSpec,
    w: &Wrapper,
    queues: usize,
    opts: &PortOptions,
) -> Result<(PortGroup, Vec<Box<dyn Port>>), PortError> {
    let (mut group, below) = open(inner, queues, opts)?;
    group.info.name = spec.name();
    let mut out: Vec<Box<dyn Port>> = Vec::with_capacity(below.len());
    match w {
        Wrapper::Impair(cfg) => {
            for (k, q) in below.into_iter().enumerate() {
                out.push(Box::new(Impaired::new(q, *cfg, k as u64, opts.epoch_unix_ns)));
            }
        }
        Wrapper::Tap(target) => {
            remove_stale_parts(target);
            // Registered first: a failure below removes the parts made so far.
            group.files.push(PartFile { target: target.clone(), parts: Vec::new(), merging: None });
            for (k, q) in below.into_iter().enumerate() {
                let tapped = Tapped::new(q, target, &format!("tap{k}"), opts.epoch_unix_ns).map_err(|e| match e {
                    // Name the user's file, not our part file.
                    PortError::File { source, .. } => PortError::File { path: target.clone(), source },
                    other => other,
                })?;
                if let Some(f) = group.files.last_mut() {
                    f.parts.push(tapped.part().to_path_buf());
                }
                out.push(Box::new(tapped));
            }
        }
    }
    Ok((group, out))
}

/// Checks that `ifname` may be used (not the host's uplink unless `force`) and takes its
/// lock (one riptide per interface). A lock file refused to a user other than root says
/// what the port needs (`rights`), not which file it could not open.
fn claim_interface(ifname: &str, force: bool, rights: Rights) -> Result<crate::lock::InterfaceLock, String> {
    match afpacket::carries_default_route(ifname) {
        Ok(true) if !force => {
            return Err(format!(
                "'{ifname}' carries this host's default route: it looks like the uplink, and riptide will not \
                 blast traffic onto it (give --force if this is really the port under test)"
            ))
        }
        Ok(_) => {}
        Err(e) => return Err(format!("cannot read the routing table: {e}")),
    }
    crate::lock::lock_interface(ifname).map_err(|e| match e {
        LockError::File { source, .. } if root::is_denied(&source) && !root::is_root() => rights.message(),
        other => other.to_string(),
    })
}

impl PortGroup {
    /// How the port's frames travel, for reports: AF_PACKET's transmit path, AF_XDP's
    /// copy or zero-copy mode and where its XDP program runs; `None` for other backends.
    pub fn mode(&self) -> Option<String> {
        self.mode.clone()
    }

    /// Finishes the port with the queues given back by the workers: the parts of each
    /// pcap (the port's own, a tap's) are merged and renamed into place.
    pub fn finish(mut self, queues: Vec<Box<dyn Port>>) -> Result<(), PortError> {
        let mut returned = Vec::new();
        for q in queues {
            q.into_parts(&mut returned);
        }
        let port = self.info.name.clone();
        let err = |what: &str, source| PortError::Io { port: port.clone(), what: what.into(), source };
        for f in &mut self.files {
            let parts: Vec<PathBuf> = f.parts.iter().filter(|p| returned.contains(p)).cloned().collect();
            let into_place = format!("renaming the pcap into place as {}", f.target.display());
            if parts.len() != f.parts.len() {
                return Err(err("finishing the pcap", std::io::Error::other("a queue's part file was lost")));
            }
            if let [only] = parts.as_slice() {
                std::fs::rename(only, &f.target).map_err(|e| err(&into_place, e))?;
            } else {
                let (file, merged) = crate::outfile::create_beside(&f.target, "merge").map_err(|e| {
                    err(&format!("creating a file to merge the queues' parts beside {}", f.target.display()), e)
                })?;
                f.merging = Some(merged.clone());
                pcap::merge(&parts, file, &merged).map_err(|e| match e {
                    PortError::File { path, source } => {
                        err(&format!("merging the queues' parts ({})", path.display()), source)
                    }
                    other => other,
                })?;
                std::fs::rename(&merged, &f.target).map_err(|e| err(&into_place, e))?;
            }
        }
        self.finished = true;
        self.cleanup();
        Ok(())
    }

    fn cleanup(&mut self) {
        for f in self.files.drain(..) {
            for p in f.parts.iter().chain(&f.merging) {
                let _ = std::fs::remove_file(p);
            }
        }
    }
}

impl Drop for PortGroup {
    /// A group dropped without [`finish`](PortGroup::finish) removes its partial files.
    fn drop(&mut self) {
        self.cleanup();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<PortSpec, String> {
        s.parse::<PortSpec>().map_err(|e| e.to_string())
    }

    #[test]
    fn afpacket_specs_name_their_transmit_path() {
        for (given, name, path) in [
            ("afpacket:rt0", "afpacket:rt0", TxPath::Ring),
            ("afpacket:rt0:tx=ring", "afpacket:rt0", TxPath::Ring),
            ("afpacket:rt0:tx=mmsg", "afpacket:rt0:tx=mmsg", TxPath::Mmsg),
        ] {
            let spec = parse(given).unwrap();
            assert!(matches!(&spec, PortSpec::AfPacket(i, p) if i == "rt0" && *p == path), "{given}");
            assert_eq!(spec.name(), name);
            assert_eq!(parse(&spec.name()).unwrap().name(), name, "names parse back");
        }
        let err = parse("afpacket:rt0:tx=ringz").unwrap_err();
        assert!(err.contains("'afpacket:rt0:tx=ringz'") && err.contains("expected ring or mmsg"), "{err}");
        let err = parse("afpacket:rt0:fast").unwrap_err();
        assert!(err.contains("unknown option 'fast'"), "{err}");
        assert!(parse("afpacket::tx=mmsg").unwrap_err().contains("needs an interface name"));
    }

    #[test]
    fn wrappers_parse_nest_in_order_and_name_themselves() {
        let spec = parse("afpacket:rt0+tap:a+b.pcap+impair:loss=1%,seed=3").unwrap();
        let PortSpec::Wrapped(inner, Wrapper::Impair(cfg)) = &spec else { panic!("{spec:?}") };
        assert_eq!((cfg.loss_ppm, cfg.seed), (10_000, 3));
        let PortSpec::Wrapped(base, Wrapper::Tap(path)) = inner.as_ref() else { panic!("{inner:?}") };
        assert_eq!(path, &PathBuf::from("a+b.pcap"), "a '+' not before a wrapper belongs to the name");
        assert!(matches!(base.as_ref(), PortSpec::AfPacket(i, _) if i == "rt0"));
        assert_eq!(spec.interface(), Some("rt0"));
        assert_eq!(spec.driver(), afpacket::DRIVER);
        let name = spec.name();
        assert_eq!(name, "afpacket:rt0+tap:a+b.pcap+impair:loss=1%,seed=3");
        assert_eq!(parse(&name).unwrap().name(), name, "names parse back");
        assert_eq!(parse("pcap:x.pcap+tap:y.pcap").unwrap().base().name(), "pcap:x.pcap");
        for (bad, want) in [
            ("null+tap:", "tap:FILE"),
            ("null+impair:loss=5", "percentage"),
            ("null+impair:realtime", "link:"),
            ("null+impair:outage=2s..1s", "after the start"),
            ("bogus+tap:x", "expected 'null'"),
        ] {
            let e = parse(bad).unwrap_err();
            assert!(e.contains(want), "{bad}: {e}");
        }
    }

    #[test]
    fn wrapped_link_ends_still_join_one_link() {
        let mut specs = vec![parse("link:0:delay=1us+tap:t.pcap").unwrap(), parse("link:1").unwrap()];
        join_links(&mut specs).unwrap();
        let (PortSpec::Impair(a, 0), PortSpec::Impair(b, 1)) = (specs[0].base(), specs[1].base()) else {
            panic!("{specs:?}")
        };
        assert!(Arc::ptr_eq(a, b));
        assert_eq!(a.impairments().delay, riptide_core::Nanos(1000));
    }
}
