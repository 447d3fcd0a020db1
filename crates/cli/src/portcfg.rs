//! `riptide run --config FILE`: a TRex-style port configuration applied to a run.

use crate::run::PlaceArgs;
use crate::Failure;
use riptide_port::config::{self, PortConfig};
use riptide_stl::profile::schema::{EthSpec, Layer, Profile};
use riptide_stl::profile::values::Mac;
use riptide_wire::ethernet::EthernetAddress;
use std::path::Path;
use std::time::Duration;

/// How long a gateway gets to answer ARP / ND.
const RESOLVE_TIMEOUT: Duration = Duration::from_secs(3);

/// Largest configuration file read.
const MAX_CONFIG_BYTES: u64 = 1 << 20;

pub(crate) fn load(path: &Path) -> Result<PortConfig, Failure> {
    let file = path.display().to_string();
    let meta = std::fs::metadata(path).map_err(|e| Failure::input(format!("{file}: cannot read: {e}")))?;
    if meta.len() > MAX_CONFIG_BYTES {
        return Err(Failure::input(format!("{file}: larger than {MAX_CONFIG_BYTES} bytes")));
    }
    let text = std::fs::read_to_string(path).map_err(|e| Failure::input(format!("{file}: cannot read: {e}")))?;
    config::parse(&text, &file).map_err(|e| Failure::input(e.to_string()))
}

/// Settings the file gives unless the command line does: namespace, line rate, cores.
pub(crate) fn apply_place(cfg: &PortConfig, place: &mut PlaceArgs, cores: &mut Option<usize>) {
    if place.netns.is_none() {
        place.netns = cfg.netns.clone();
    }
    if place.line_rate.is_none() {
        place.line_rate = cfg.port_bandwidth_gb.map(|g| format!("{g}g"));
    }
    if cores.is_none() {
        let cpus = cfg.worker_cpus();
        if !cpus.is_empty() {
            *cores = Some(cpus.len());
        }
    }
}

/// A port's (source, destination) MACs, where known.
pub(crate) type PortMacs = (Option<[u8; 6]>, Option<[u8; 6]>);

/// (source, destination) MAC per port: given, the interface's own, or resolved from the
/// gateway. Called inside the namespace of the ports.
pub(crate) fn port_macs(cfg: &PortConfig, path: &Path) -> Result<Vec<PortMacs>, Failure> {
    let file = path.display();
    let ports = cfg.ports();
    let mut out = Vec::with_capacity(ports.len());
    for (i, port) in ports.iter().enumerate() {
        let info = cfg.port_info.get(i).cloned().unwrap_or_default();
        let ifname = interface_of(port);
        let src = match (info.src_mac, ifname) {
            (Some(m), _) => Some(m.0),
            (None, Some(ifn)) => Some(
                riptide_port::afpacket::mac_address(ifn)
                    .map_err(|e| Failure::input(format!("{file}: port {i} ({ifn}): {e}")))?,
            ),
            (None, None) => None,
        };
        let dst = match (info.dest_mac, info.default_gw, info.ip, ifname) {
            (Some(m), ..) => Some(m.0),
            (None, Some(gw), Some(ip), Some(ifn)) => Some(
                riptide_port::resolve::resolve(ifn, ip, gw, RESOLVE_TIMEOUT)
                    .map_err(|e| Failure::input(format!("{file}: port_info[{i}]: {e}")))?,
            ),
            (None, Some(gw), _, None) => {
                return Err(Failure::input(format!(
                    "{file}: port_info[{i}]: default_gw {gw} cannot be resolved on '{port}' (not an interface): \
                     give dest_mac"
                )))
            }
            _ => None,
        };
        out.push((src, dst));
    }
    Ok(out)
}

fn interface_of(port: &str) -> Option<&str> {
    match port.split_once(':') {
        None if port != "null" => Some(port),
        Some(("afpacket" | "afxdp", rest)) => Some(rest.split(':').next().unwrap_or(rest)),
        _ => None,
    }
}

/// Streams whose Ethernet addresses the profile leaves unset take their port's.
pub(crate) fn fill_macs(profile: &mut Profile, macs: &[PortMacs]) {
    for s in &mut profile.streams {
        let s = &mut s.value;
        let Some(&(src, dst)) = macs.get(s.port as usize) else { continue };
        if !matches!(s.packet.first(), Some(Layer::Eth(_))) {
            s.packet.insert(0, Layer::Eth(EthSpec { src: None, dst: None, ethertype: None }));
        }
        if let Some(Layer::Eth(e)) = s.packet.first_mut() {
            e.src = e.src.or(src.map(|m| Mac(EthernetAddress(m))));
            e.dst = e.dst.or(dst.map(|m| Mac(EthernetAddress(m))));
        }
    }
}
