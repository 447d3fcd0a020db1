//! Where a run happens (`--line-rate`, `--netns`, `--force`) and the ports it opens:
//! the arguments every subcommand that sends shares.

use crate::Failure;
use clap::Args;
use riptide_core::{BitsPerSec, Rate};
use riptide_engine::EngineConfig;
use riptide_port::PortSpec;

/// Where a run happens: shared by `run` and `pktgen`.
#[derive(Args, Debug)]
pub(crate) struct PlaceArgs {
    /// Line rate of the ports for % rates, L1 figures and pktgen's `delay 0`: 10g, 100g, 1g
    /// (default: each interface's link speed, 10g for null and pcap; port_bandwidth_gb of a
    /// port configuration file).
    #[arg(long)]
    pub line_rate: Option<String>,
    /// Run inside this network namespace (/var/run/netns/NAME), e.g. riptide-tg.
    #[arg(long)]
    pub netns: Option<String>,
    /// Use an interface even if it carries the host's default route, and let streams ask
    /// a port for more than its line rate.
    #[arg(long)]
    pub force: bool,
}

impl PlaceArgs {
    /// Enters the namespace (before any port opens: worker threads inherit it)
    /// and returns the engine configuration for `ports`.
    pub(crate) fn engine_config(&self, ports: &[String]) -> Result<EngineConfig, Failure> {
        if let Some(ns) = &self.netns {
            riptide_port::netns::enter(ns).map_err(|e| Failure::input(format!("--netns {ns}: {e}")))?;
        }
        Ok(EngineConfig {
            ports: parse_ports(ports)?,
            line_rate: parse_line_rate(self.line_rate.as_deref().unwrap_or("10g"))?,
            line_rate_fixed: self.line_rate.is_some(),
            force: self.force,
            ..Default::default()
        })
    }
}

pub(crate) fn parse_line_rate(s: &str) -> Result<BitsPerSec, Failure> {
    let bad = || Failure::input(format!("--line-rate '{s}' is not a link speed (expected e.g. 1g, 10g, 25g, 100g)"));
    let t = s.trim().to_ascii_lowercase();
    // A unit is required: a plain "10" would be 10 bit/s, never what was meant.
    if t.parse::<f64>().is_ok() {
        return Err(Failure::input(format!("--line-rate '{s}' has no unit: write {t}g for {t} Gb/s")));
    }
    let t = if t.ends_with("bps") { t } else { format!("{t}bps") };
    match t.parse::<Rate>() {
        // From 1 Mb/s (old links) to 1.6 Tb/s.
        Ok(Rate::BpsL2(v)) if (1e6..=1.6e12).contains(&v) => Ok(BitsPerSec(v)),
        _ => Err(bad()),
    }
}

pub(crate) fn parse_ports(specs: &[String]) -> Result<Vec<PortSpec>, Failure> {
    let mut ports: Vec<PortSpec> = specs
        .iter()
        .map(|s| s.parse::<PortSpec>().map_err(|e| Failure::input(e.to_string())))
        .collect::<Result<_, _>>()?;
    riptide_port::join_links(&mut ports).map_err(|e| Failure::input(format!("--port: {e}")))?;
    Ok(ports)
}
