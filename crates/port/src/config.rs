//! Port configuration files in the spirit of TRex's `/etc/trex_cfg.yaml`.
//!
//! ```yaml
//! - port_limit: 2
//!   version: 2
//!   interfaces: ["rt0", "rt1"]        # interface names (AF_PACKET) or riptide port specs
//!   netns: riptide-tg                 # riptide's: the namespace the interfaces live in
//!   port_bandwidth_gb: 10             # line rate of every port, Gb/s
//!   rx_desc: 4096                     # receive ring entries per queue
//!   tx_desc: 256                      # transmit ring entries per queue
//!   port_info:
//!     - ip: 198.18.1.1
//!       default_gw: 198.18.1.254      # dest_mac resolved by ARP (or ND for IPv6)
//!     - src_mac: 02:00:c6:12:02:01
//!       dest_mac: 02:00:c6:12:02:fe
//!   platform:
//!     master_thread_id: 0
//!     latency_thread_id: 1
//!     dual_if:
//!       - socket: 0
//!         threads: [0, 1]             # worker CPUs: one worker per listed thread
//! ```
//!
//! The file is a one-element list (as TRex writes it) or a plain mapping. Unknown keys
//! are errors naming the key, with file:line:col. [`parse`] is pure; resolving gateway
//! MACs happens later, on the ports (see [`crate::resolve`]).

use crate::PortSpec;
use serde::Deserialize;
use std::net::IpAddr;

/// What was wrong with a configuration file (file:line:col: message).
pub type ConfigError = riptide_core::SourceError;

/// A MAC address as written in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MacAddr(pub [u8; 6]);

impl<'de> Deserialize<'de> for MacAddr {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        parse_mac(&s).map(MacAddr).ok_or_else(|| {
            serde::de::Error::custom(format!("'{s}' is not a MAC address (expected six hex bytes, 02:00:00:00:00:01)"))
        })
    }
}

fn ip_opt<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<IpAddr>, D::Error> {
    let s = String::deserialize(d)?;
    s.parse().map(Some).map_err(|_| serde::de::Error::custom(format!("'{s}' is not an IPv4 or IPv6 address")))
}

fn parse_mac(s: &str) -> Option<[u8; 6]> {
    let parts: Vec<&str> = s.split([':', '-']).collect();
    if parts.len() != 6 {
        return None;
    }
    let mut m = [0; 6];
    for (b, p) in m.iter_mut().zip(parts) {
        if p.is_empty() || p.len() > 2 {
            return None;
        }
        *b = u8::from_str_radix(p, 16).ok()?;
    }
    Some(m)
}

/// One port's addresses (`port_info` entry).
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct PortAddrs {
    /// Source MAC of every frame sent on the port (default: the interface's own).
    #[serde(default)]
    pub src_mac: Option<MacAddr>,
    /// Destination MAC (default: resolved from `default_gw`).
    #[serde(default)]
    pub dest_mac: Option<MacAddr>,
    /// The port's own address (ARP/ND sender).
    #[serde(default, deserialize_with = "ip_opt")]
    pub ip: Option<IpAddr>,
    /// The next hop whose MAC becomes `dest_mac`.
    #[serde(default, deserialize_with = "ip_opt")]
    pub default_gw: Option<IpAddr>,
}

/// One `dual_if` entry of `platform`.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct DualIf {
    /// NUMA socket (informational).
    #[serde(default)]
    pub socket: u32,
    /// CPUs for workers.
    #[serde(default)]
    pub threads: Vec<usize>,
}

/// `platform`: cores.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Platform {
    /// TRex's control thread CPU (riptide's main thread; informational).
    #[serde(default)]
    pub master_thread_id: Option<usize>,
    /// TRex's latency thread CPU (informational).
    #[serde(default)]
    pub latency_thread_id: Option<usize>,
    /// Worker CPUs, by port pair.
    #[serde(default)]
    pub dual_if: Vec<DualIf>,
}

/// A port configuration file.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PortConfig {
    /// Format version (TRex writes 2).
    #[serde(default)]
    pub version: Option<u32>,
    /// How many of `interfaces` to use (default: all).
    #[serde(default)]
    pub port_limit: Option<usize>,
    /// Interface names (AF_PACKET ports) or riptide port specs (`afxdp:IF`, `null`, `pcap:FILE`).
    pub interfaces: Vec<String>,
    /// Network namespace of the interfaces (riptide's key).
    #[serde(default)]
    pub netns: Option<String>,
    /// Line rate of the ports in Gb/s.
    #[serde(default)]
    pub port_bandwidth_gb: Option<f64>,
    /// Receive ring entries per queue.
    #[serde(default)]
    pub rx_desc: Option<u32>,
    /// Transmit ring entries per queue.
    #[serde(default)]
    pub tx_desc: Option<u32>,
    /// Per-port addresses, by port index.
    #[serde(default)]
    pub port_info: Vec<PortAddrs>,
    /// Cores.
    #[serde(default)]
    pub platform: Option<Platform>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum OneOrList {
    List(Vec<PortConfig>),
    One(PortConfig),
}

/// A port's (source, destination) MAC addresses, where known: streams that leave
/// their Ethernet addresses unset take these.
pub type PortMacs = (Option<[u8; 6]>, Option<[u8; 6]>);

impl PortConfig {
    /// The ports, `port_limit` of them.
    pub fn ports(&self) -> Vec<String> {
        let n = self.port_limit.unwrap_or(self.interfaces.len());
        self.interfaces.iter().take(n).cloned().collect()
    }

    /// The ports as riptide port specs: a bare interface name is an AF_PACKET port.
    pub fn spec_strings(&self) -> Vec<String> {
        let full = |s: &String| if s.contains(':') || s == "null" { s.clone() } else { format!("afpacket:{s}") };
        self.ports().iter().map(full).collect()
    }

    /// The ports, parsed.
    pub fn specs(&self) -> Result<Vec<PortSpec>, String> {
        self.spec_strings().iter().map(|s| s.parse::<PortSpec>().map_err(|e| e.to_string())).collect()
    }

    /// (source, destination) MAC of each port, where known: given in `port_info`, the
    /// interface's own, or the gateway's resolved by ARP / ND from the port (up to
    /// `timeout`). Call it inside the namespace of the ports. `file` names the
    /// configuration in errors.
    pub fn resolve_macs(&self, file: &str, timeout: std::time::Duration) -> Result<Vec<PortMacs>, String> {
        let specs = self.specs().map_err(|e| format!("{file}: {e}"))?;
        let mut out = Vec::with_capacity(specs.len());
        for (i, spec) in specs.iter().enumerate() {
            let info = self.port_info.get(i).cloned().unwrap_or_default();
            let ifname = spec.interface();
            let src = match (info.src_mac, ifname) {
                (Some(m), _) => Some(m.0),
                (None, Some(ifn)) => {
                    Some(crate::afpacket::mac_address(ifn).map_err(|e| format!("{file}: port {i} ({ifn}): {e}"))?)
                }
                (None, None) => None,
            };
            let dst = match (info.dest_mac, info.default_gw, info.ip, ifname) {
                (Some(m), ..) => Some(m.0),
                (None, Some(gw), Some(ip), Some(ifn)) => Some(
                    crate::resolve::resolve(ifn, ip, gw, timeout)
                        .map_err(|e| format!("{file}: port_info[{i}]: {e}"))?,
                ),
                (None, Some(gw), _, None) => {
                    return Err(format!(
                        "{file}: port_info[{i}]: default_gw {gw} cannot be resolved on '{}' (not an interface): give \
                         dest_mac",
                        spec.name()
                    ))
                }
                _ => None,
            };
            out.push((src, dst));
        }
        Ok(out)
    }

    /// Worker CPUs from `platform.dual_if[*].threads`, in order, without repeats.
    pub fn worker_cpus(&self) -> Vec<usize> {
        let mut out = Vec::new();
        for d in self.platform.iter().flat_map(|p| &p.dual_if) {
            for &t in &d.threads {
                if !out.contains(&t) {
                    out.push(t);
                }
            }
        }
        out
    }
}

/// Reads a configuration file's text.
pub fn parse(text: &str, file: &str) -> Result<PortConfig, ConfigError> {
    let first = text.lines().map(str::trim_start).find(|l| !l.is_empty() && !l.starts_with('#') && *l != "---");
    let parsed = if first.is_some_and(|l| l.starts_with('-')) {
        serde_saphyr::from_str::<Vec<PortConfig>>(text).map(OneOrList::List)
    } else {
        serde_saphyr::from_str::<PortConfig>(text).map(OneOrList::One)
    };
    let cfg = match parsed {
        Ok(OneOrList::One(c)) => c,
        Ok(OneOrList::List(mut v)) => {
            if v.len() != 1 {
                return Err(ConfigError::new(file, format!("expected one configuration, found {}", v.len())));
            }
            v.remove(0)
        }
        Err(e) => {
            let at = e.location().map(|l| (l.line(), l.column()));
            return Err(ConfigError::from_parser(file, text, at, &e.without_snippet().to_string()));
        }
    };
    validate(&cfg).map_err(|m| ConfigError::new(file, m))?;
    Ok(cfg)
}

fn validate(c: &PortConfig) -> Result<(), String> {
    if c.interfaces.is_empty() {
        return Err("interfaces: at least one interface is needed".into());
    }
    if let Some(n) = c.port_limit {
        if n == 0 || n > c.interfaces.len() {
            return Err(format!("port_limit: {n} is not within 1..={} (the interfaces listed)", c.interfaces.len()));
        }
    }
    if let Some(v) = c.version {
        if v != 2 {
            return Err(format!("version: {v} is not supported (expected 2)"));
        }
    }
    if let Some(bw) = c.port_bandwidth_gb {
        if !(bw.is_finite() && bw > 0.0) {
            return Err(format!("port_bandwidth_gb: {bw} must be a positive number of Gb/s"));
        }
    }
    for (key, v) in [("rx_desc", c.rx_desc), ("tx_desc", c.tx_desc)] {
        if let Some(v) = v {
            if !(1..=65536).contains(&v) {
                return Err(format!("{key}: {v} is not within 1..=65536"));
            }
        }
    }
    if c.port_info.len() > c.ports().len() {
        return Err(format!("port_info: {} entries for {} ports", c.port_info.len(), c.ports().len()));
    }
    for (i, p) in c.port_info.iter().enumerate() {
        if let (Some(ip), Some(gw)) = (p.ip, p.default_gw) {
            if ip.is_ipv4() != gw.is_ipv4() {
                return Err(format!("port_info[{i}]: ip {ip} and default_gw {gw} are not of one IP version"));
            }
        }
        if p.dest_mac.is_none() && p.default_gw.is_some() && p.ip.is_none() {
            return Err(format!("port_info[{i}]: resolving default_gw needs the port's own ip"));
        }
    }
    c.specs().map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TREX: &str = "\
- port_limit: 2
  version: 2
  interfaces: [\"rt0\", \"afpacket:rt1\"]
  port_bandwidth_gb: 25
  rx_desc: 4096
  port_info:
    - ip: 198.18.1.1
      default_gw: 198.18.1.254
    - src_mac: 02:00:c6:12:02:01
      dest_mac: 02:00:c6:12:02:fe
  platform:
    master_thread_id: 0
    latency_thread_id: 1
    dual_if:
      - socket: 0
        threads: [2, 3]
";

    #[test]
    fn a_trex_style_file_reads() {
        let c = parse(TREX, "trex_cfg.yaml").unwrap();
        assert_eq!(c.ports(), ["rt0", "afpacket:rt1"]);
        assert_eq!(c.port_bandwidth_gb, Some(25.0));
        assert_eq!(c.port_info[0].default_gw, Some("198.18.1.254".parse().unwrap()));
        assert_eq!(c.port_info[1].dest_mac, Some(MacAddr([2, 0, 0xc6, 0x12, 2, 0xfe])));
        assert_eq!(c.worker_cpus(), [2, 3]);
        assert_eq!(c.rx_desc, Some(4096));
        // A plain mapping works too.
        let c = parse("interfaces: [\"null\"]\nport_limit: 1\n", "m.yaml").unwrap();
        assert!(matches!(c.specs().unwrap()[..], [PortSpec::Null]));
    }

    #[test]
    fn bad_files_name_the_place() {
        let cases = [
            ("- interfaces: [rt0]\n  bogus: 1\n", "bogus"),
            ("- interfaces: [rt0]\n  port_info:\n    - dest_mac: 02:00:zz:00:00:01\n", "not a MAC address"),
            ("- interfaces: [rt0]\n  port_info:\n    - ip: 198.18.1.300\n", "198.18.1.300"),
            ("- interfaces: [rt0]\n  port_limit: 3\n", "port_limit: 3"),
            ("- interfaces: []\n", "at least one interface"),
            ("- interfaces: [rt0]\n  port_info:\n    - default_gw: 198.18.1.254\n", "needs the port's own ip"),
            (
                "- interfaces: [rt0]\n  port_info:\n    - {ip: 198.18.1.1, default_gw: \"2001:2::1\"}\n",
                "one IP version",
            ),
            ("- interfaces: [rt0]\n  port_bandwidth_gb: 0\n", "port_bandwidth_gb"),
            ("- interfaces: [\"bogus:x\"]\n", "bogus"),
        ];
        for (text, want) in cases {
            let e = parse(text, "cfg.yaml").unwrap_err().to_string();
            assert!(e.starts_with("cfg.yaml") && e.contains(want), "{text:?}: {e}");
        }
        let e = parse("- interfaces: [rt0]\n  bogus: 1\n", "cfg.yaml").unwrap_err();
        assert_eq!(e.line, Some(2), "{e}");
    }
}
