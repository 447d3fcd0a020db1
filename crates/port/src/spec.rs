//! Port specs (`null`, `pcap:FILE`, `afpacket:IF[:tx=ring|mmsg]`, `afxdp:IF[:Q]`) and opening a port as a
//! group of queues.

use crate::afpacket::{self, AfPacketOptions, AfPacketPort, Fanout, TxPath};
use crate::afxdp::{self, AfXdpOptions, AfXdpPort, XdpRedirect};
use crate::capture::{CaptureBuffer, CapturePort};
use crate::impair::{ImpairLink, ImpairPort};
use crate::null::NullPort;
use crate::pcap::{self, PcapPort};
use crate::{Port, PortError, PortInfo, PortOptions};
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
    /// In-memory capture (tests; not reachable from the command line).
    Capture(CaptureBuffer),
    /// `link:END[:PARAMS]`: one end (0 or 1) of an in-memory link with a delay line and
    /// seeded loss, reordering and duplication (see [`crate::impair`]); the ends of one
    /// command line share one link ([`join_links`]).
    Impair(Arc<ImpairLink>, usize),
}

const PORT_EXPECTED: &str =
    "expected 'null', 'pcap:FILE', 'afpacket:IFNAME[:tx=ring|mmsg]', 'afxdp:IFNAME[:QUEUE]' or 'link:0|1[:delay=50us,loss=1%,...]'";

/// Makes every `link:` end of `specs` one end of the same link, with the parameters
/// given on either end (given on both, they must agree). Each end at most once.
pub fn join_links(specs: &mut [PortSpec]) -> Result<(), String> {
    let mut cfg = None::<crate::impair::Impairments>;
    let mut seen = [false; 2];
    for s in specs.iter() {
        if let PortSpec::Impair(link, end) = s {
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
        if let PortSpec::Impair(link, _) = s {
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
        }
    }

    /// Where the port's receive timestamps come from (see `PortStats::rx_timestamps`);
    /// `None` for ports that do not receive.
    pub fn rx_timestamps(&self) -> Option<&'static str> {
        match self {
            PortSpec::AfPacket(..) => Some("kernel"),
            PortSpec::AfXdp(..) => Some("read"),
            PortSpec::Impair(link, _) => Some(if link.real_time() { "arrival" } else { "virtual" }),
            PortSpec::Null | PortSpec::Pcap(_) | PortSpec::Capture(_) => None,
        }
    }

    /// Whether departures are virtual (the port is a simulation).
    pub fn simulated(&self) -> bool {
        match self {
            PortSpec::Pcap(_) | PortSpec::Capture(_) => true,
            PortSpec::Impair(link, _) => !link.real_time(),
            _ => false,
        }
    }
}

/// An opened port: its queues (one per worker) and what finishing it takes.
#[derive(Debug)]
pub struct PortGroup {
    /// What the port is.
    pub info: PortInfo,
    target: Option<PathBuf>,
    parts: Vec<PathBuf>,
    finished: bool,
    /// Held while an interface port is open (one riptide per interface).
    _lock: Option<crate::lock::InterfaceLock>,
    /// The XDP program of an AF_XDP port (detached when the group goes).
    xdp: Option<XdpRedirect>,
    /// How frames travel, for interface ports (see [`PortGroup::mode`]).
    mode: Option<String>,
}

fn part_path(target: &Path, suffix: &str) -> PathBuf {
    let mut name = target.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(format!(".riptide-{}-{suffix}.tmp", std::process::id()));
    target.with_file_name(name)
}

/// Opens `spec` with `queues` transmit queues.
pub fn open(spec: &PortSpec, queues: usize, opts: &PortOptions) -> Result<(PortGroup, Vec<Box<dyn Port>>), PortError> {
    let queues = queues.max(1);
    let line_rate = match spec {
        PortSpec::AfPacket(i, _) | PortSpec::AfXdp(i, _) if !opts.line_rate_fixed => {
            afpacket::link_speed_bps(i).map(BitsPerSec).unwrap_or(opts.line_rate)
        }
        _ => opts.line_rate,
    };
    let info = PortInfo {
        name: spec.name(),
        driver: spec.driver(),
        line_rate,
        max_frame: opts.max_frame,
        simulated: spec.simulated(),
    };
    let mut group = PortGroup {
        info: info.clone(),
        target: None,
        parts: Vec::new(),
        finished: false,
        _lock: None,
        xdp: None,
        mode: None,
    };
    let mut out: Vec<Box<dyn Port>> = Vec::with_capacity(queues);
    match spec {
        PortSpec::Null => {
            for _ in 0..queues {
                out.push(Box::new(NullPort::new(info.clone(), opts.batch)));
            }
        }
        PortSpec::Impair(link, end) => {
            for _ in 0..queues {
                out.push(Box::new(ImpairPort::new(info.clone(), opts.batch, link.clone(), *end, opts.epoch_unix_ns)));
            }
        }
        PortSpec::Capture(buf) => {
            for _ in 0..queues {
                out.push(Box::new(CapturePort::new(info.clone(), opts.batch, buf.clone())));
            }
        }
        PortSpec::AfPacket(ifname, tx_path) => {
            let spec_err = |reason: String| PortError::Spec { spec: spec.name(), reason };
            group._lock = Some(claim_interface(ifname, opts.force).map_err(spec_err)?);
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
            group._lock = Some(claim_interface(ifname, opts.force).map_err(spec_err)?);
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
        PortSpec::Pcap(target) => {
            group.target = Some(target.clone());
            for q in 0..queues {
                let part = part_path(target, &format!("q{q}"));
                group.parts.push(part.clone());
                let port =
                    PcapPort::create(info.clone(), opts.batch, part, opts.epoch_unix_ns).map_err(|e| match e {
                        // Name the user's file, not our part file.
                        PortError::File { source, .. } => PortError::File { path: target.clone(), source },
                        other => other,
                    })?;
                out.push(Box::new(port));
            }
        }
    }
    Ok((group, out))
}

/// Checks that `ifname` may be used (not the host's uplink unless `force`) and takes its
/// lock (one riptide per interface).
fn claim_interface(ifname: &str, force: bool) -> Result<crate::lock::InterfaceLock, String> {
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
    crate::lock::lock_interface(ifname)
}

impl PortGroup {
    /// How the port's frames travel, for reports: AF_PACKET's transmit path, AF_XDP's
    /// copy or zero-copy mode and where its XDP program runs; `None` for other backends.
    pub fn mode(&self) -> Option<String> {
        self.mode.clone()
    }

    /// Finishes the port with the queues given back by the workers: a pcap's
    /// parts are merged and renamed into place.
    pub fn finish(mut self, queues: Vec<Box<dyn Port>>) -> Result<(), PortError> {
        let parts: Vec<PathBuf> = queues.into_iter().filter_map(|q| q.into_part()).collect();
        if let Some(target) = self.target.clone() {
            let err = |source| PortError::File { path: target.clone(), source };
            if parts.len() != self.parts.len() {
                return Err(err(std::io::Error::other("a queue's part file was lost")));
            }
            if parts.len() == 1 {
                std::fs::rename(&parts[0], &target).map_err(err)?;
            } else {
                let merged = part_path(&target, "merge");
                self.parts.push(merged.clone());
                pcap::merge(&parts, &merged)?;
                std::fs::rename(&merged, &target).map_err(err)?;
            }
        }
        self.finished = true;
        self.cleanup();
        Ok(())
    }

    fn cleanup(&mut self) {
        for p in self.parts.drain(..) {
            let _ = std::fs::remove_file(p);
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
}
