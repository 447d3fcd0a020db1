//! `riptide run --config FILE`: a TRex-style port configuration applied to a run.

use crate::place::PlaceArgs;
use crate::Failure;
use riptide_engine::EngineConfig;
use riptide_port::config::{self, PortConfig};
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
pub(crate) fn apply_place(cfg: &PortConfig, place: &mut PlaceArgs, cores: &mut Option<crate::cores::Cores>) {
    if place.netns.is_none() {
        place.netns = cfg.netns.clone();
    }
    if place.line_rate.is_none() {
        place.line_rate = cfg.port_bandwidth_gb.map(|g| format!("{g}g"));
    }
    if cores.is_none() {
        let cpus = cfg.worker_cpus();
        if !cpus.is_empty() {
            *cores = Some(crate::cores::Cores::pinned(cpus));
        }
    }
}

/// The engine configuration of a port configuration file: its ports, ring sizes, and
/// each port's MACs (resolved inside the namespace `place` enters).
pub(crate) fn engine_config(cfg: &PortConfig, path: &Path, place: &PlaceArgs) -> Result<EngineConfig, Failure> {
    let mut config = place.engine_config(&cfg.spec_strings())?;
    config.tx_ring = cfg.tx_desc.map(|n| n as usize);
    config.rx_ring = cfg.rx_desc.map(|n| n as usize);
    // In the namespace now: MACs of the ports, gateways resolved from them.
    config.macs = cfg.resolve_macs(&path.display().to_string(), RESOLVE_TIMEOUT).map_err(Failure::input)?;
    Ok(config)
}

/// The engine configuration of a run: `ports` as given, or a port configuration file's
/// (which also fills `place` and `cores` where the command line left them unset).
pub(crate) fn engine_config_of(
    config: Option<&Path>,
    place: &mut PlaceArgs,
    ports: &[String],
    cores: &mut Option<crate::cores::Cores>,
) -> Result<EngineConfig, Failure> {
    match config {
        None => place.engine_config(ports),
        Some(path) => {
            let cfg = load(path)?;
            apply_place(&cfg, place, cores);
            engine_config(&cfg, path, place)
        }
    }
}
