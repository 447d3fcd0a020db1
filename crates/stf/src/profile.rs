//! TRex cap2 profiles.
//!
//! ```yaml
//! - duration : 10.0
//!   generator :
//!     distribution : "seq"
//!     clients_start : "16.0.0.1"
//!     clients_end   : "16.0.0.255"
//!     servers_start : "48.0.0.1"
//!     servers_end   : "48.0.255.255"
//!     clients_per_gb : 201
//!     min_clients    : 101
//!     dual_port_mask : "1.0.0.0"
//!     tcp_aging      : 0
//!     udp_aging      : 0
//!   cap_ipg    : false
//!   cap_info :
//!     - name: udp10.pcap
//!       cps : 100
//!       ipg : 200
//!       rtt : 200
//!       w   : 1
//! ```
//!
//! The file is a one-element list (as TRex writes it) or a mapping. Every key of the
//! format is read; keys riptide does not implement (`plugin_id`, `generator_clients`
//! pools by name, ...) are errors that name them, never ignored silently.

use riptide_core::SourceError;
use serde::Deserialize;
use std::net::Ipv4Addr;
use std::path::{Path, PathBuf};

/// Largest profile read.
pub const MAX_PROFILE_BYTES: u64 = 1 << 20;

fn addr<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Ipv4Addr, D::Error> {
    let s = String::deserialize(d)?;
    s.trim().parse().map_err(|_| serde::de::Error::custom(format!("'{s}' is not an IPv4 address")))
}

fn addr_opt<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Ipv4Addr>, D::Error> {
    addr(d).map(Some)
}

/// How flows take client and server addresses.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Distribution {
    /// In turn.
    #[default]
    Seq,
    /// Uniformly at random.
    Random,
    /// Normal around the middle of the range.
    Normal,
}

/// `generator`: the address pools.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Generator {
    /// How addresses are drawn.
    #[serde(default)]
    pub distribution: Distribution,
    /// First client.
    #[serde(deserialize_with = "addr")]
    pub clients_start: Ipv4Addr,
    /// Last client.
    #[serde(deserialize_with = "addr")]
    pub clients_end: Ipv4Addr,
    /// First server.
    #[serde(deserialize_with = "addr")]
    pub servers_start: Ipv4Addr,
    /// Last server.
    #[serde(deserialize_with = "addr")]
    pub servers_end: Ipv4Addr,
    /// TRex: clients per Gb/s of traffic (informational: riptide uses the whole range).
    #[serde(default)]
    pub clients_per_gb: Option<u32>,
    /// TRex: fewest clients (informational, as above).
    #[serde(default)]
    pub min_clients: Option<u32>,
    /// Added to the addresses of flows on the second port pair (TRex dual ports).
    #[serde(default, deserialize_with = "addr_opt")]
    pub dual_port_mask: Option<Ipv4Addr>,
    /// TCP flow aging, s (accepted; flows end with their last packet).
    #[serde(default)]
    pub tcp_aging: Option<f64>,
    /// UDP flow aging, s (as above).
    #[serde(default)]
    pub udp_aging: Option<f64>,
}

/// `tw`: the timer wheel's shape.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct TwSpec {
    /// Buckets per level (power of two).
    #[serde(default)]
    pub buckets: Option<u32>,
    /// Levels.
    #[serde(default)]
    pub levels: Option<u8>,
    /// Tick, µs.
    #[serde(default)]
    pub bucket_time_usec: Option<u64>,
}

/// One `cap_info` entry: a conversation template and its rate.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CapInfo {
    /// The pcap (relative to the current directory, then to the profile's).
    pub name: PathBuf,
    /// New flows per second.
    pub cps: f64,
    /// Inter-packet gap, µs (used unless `cap_ipg: true`).
    #[serde(default)]
    pub ipg: Option<f64>,
    /// Gap when the direction turns, µs.
    #[serde(default)]
    pub rtt: Option<f64>,
    /// Weight (TRex's scheduling weight; accepted).
    #[serde(default)]
    pub w: Option<u32>,
    /// At most this many flows of this template.
    #[serde(default)]
    pub limit: Option<u64>,
    /// One server address for every flow of this template.
    #[serde(default)]
    pub one_app_server: Option<bool>,
    /// That server's address.
    #[serde(default, deserialize_with = "addr_opt")]
    pub server_addr: Option<Ipv4Addr>,
    /// Keep the pcap's client source port.
    #[serde(default)]
    pub keep_src_port: Option<bool>,
}

/// A cap2 profile.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct StfProfile {
    /// Seconds of flow generation.
    #[serde(default)]
    pub duration: Option<f64>,
    /// Address pools.
    pub generator: Generator,
    /// Use the pcaps' own gaps.
    #[serde(default)]
    pub cap_ipg: Option<bool>,
    /// Smallest gap with `cap_ipg`, µs.
    #[serde(default)]
    pub cap_ipg_min: Option<f64>,
    /// With `cap_ipg`, gaps above `cap_ipg_min` become this, µs.
    #[serde(default)]
    pub cap_override_ipg: Option<f64>,
    /// VLAN tagging (TRex's `vlan: {enable, vlan0, vlan1}`): not supported yet.
    #[serde(default)]
    pub vlan: Option<serde::de::IgnoredAny>,
    /// MAC override (TRex's `mac`): not supported yet.
    #[serde(default)]
    pub mac: Option<serde::de::IgnoredAny>,
    /// Timer wheel shape.
    #[serde(default)]
    pub tw: Option<TwSpec>,
    /// Templates.
    pub cap_info: Vec<CapInfo>,
    /// Named client pools: not supported yet.
    #[serde(default)]
    pub generator_clients: Option<serde::de::IgnoredAny>,
    /// Named server pools: not supported yet.
    #[serde(default)]
    pub generator_servers: Option<serde::de::IgnoredAny>,
}

/// Reads and checks a profile file; pcap names are resolved like TRex does.
pub fn load(path: &Path) -> Result<(StfProfile, Vec<PathBuf>), SourceError> {
    let file = path.display().to_string();
    let meta = std::fs::metadata(path).map_err(|e| SourceError::new(&file, format!("cannot read: {e}")))?;
    if meta.len() > MAX_PROFILE_BYTES {
        return Err(SourceError::new(&file, format!("larger than {MAX_PROFILE_BYTES} bytes")));
    }
    let text = std::fs::read_to_string(path).map_err(|e| SourceError::new(&file, format!("cannot read: {e}")))?;
    let p = parse(&text, &file)?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut pcaps = Vec::new();
    for (i, c) in p.cap_info.iter().enumerate() {
        let found = [c.name.clone(), dir.join(&c.name)].into_iter().find(|p| p.is_file());
        match found {
            Some(p) => pcaps.push(p),
            None => {
                return Err(SourceError {
                    key: Some(format!("cap_info[{i}].name")),
                    ..SourceError::new(
                        &file,
                        format!(
                            "pcap '{}' not found (looked in the current directory and in {})",
                            c.name.display(),
                            dir.display()
                        ),
                    )
                })
            }
        }
    }
    Ok((p, pcaps))
}

/// Parses profile text.
pub fn parse(text: &str, file: &str) -> Result<StfProfile, SourceError> {
    let first = text.lines().map(str::trim_start).find(|l| !l.is_empty() && !l.starts_with('#') && *l != "---");
    let parsed = if first.is_some_and(|l| l.starts_with('-')) {
        serde_saphyr::from_str::<Vec<StfProfile>>(text).map(|mut v| if v.len() == 1 { v.pop() } else { None })
    } else {
        serde_saphyr::from_str::<StfProfile>(text).map(Some)
    };
    let p = match parsed {
        Ok(Some(p)) => p,
        Ok(None) => return Err(SourceError::new(file, "expected one profile (a list of one mapping)")),
        Err(e) => {
            let at = e.location().map(|l| (l.line(), l.column()));
            return Err(SourceError::from_parser(file, at, &e.without_snippet().to_string()));
        }
    };
    validate(&p).map_err(|(key, m)| SourceError { key: Some(key), ..SourceError::new(file, m) })?;
    Ok(p)
}

fn validate(p: &StfProfile) -> Result<(), (String, String)> {
    let e = |k: &str, m: String| Err((k.to_string(), m));
    for (key, present) in [
        ("vlan", p.vlan.is_some()),
        ("generator_clients", p.generator_clients.is_some()),
        ("generator_servers", p.generator_servers.is_some()),
        ("mac", p.mac.is_some()),
    ] {
        if present {
            return e(key, "is not supported by riptide yet (remove it, or ask for it)".into());
        }
    }
    if let Some(d) = p.duration {
        if !(d.is_finite() && d > 0.0) {
            return e("duration", format!("{d} must be a positive number of seconds"));
        }
    }
    let g = &p.generator;
    if u32::from(g.clients_end) < u32::from(g.clients_start) {
        return e("generator.clients_end", format!("{} is below clients_start {}", g.clients_end, g.clients_start));
    }
    if u32::from(g.servers_end) < u32::from(g.servers_start) {
        return e("generator.servers_end", format!("{} is below servers_start {}", g.servers_end, g.servers_start));
    }
    if g.distribution != Distribution::Seq && g.distribution != Distribution::Random {
        return e("generator.distribution", "'normal' is not supported by riptide yet (seq or random)".into());
    }
    if p.cap_info.is_empty() {
        return e("cap_info", "at least one template is needed".into());
    }
    for (i, c) in p.cap_info.iter().enumerate() {
        if !(c.cps.is_finite() && c.cps > 0.0) {
            return e(&format!("cap_info[{i}].cps"), format!("{} must be above 0 (new flows per second)", c.cps));
        }
        for (k, v) in [("ipg", c.ipg), ("rtt", c.rtt)] {
            if let Some(v) = v {
                if !(v.is_finite() && v >= 0.0) {
                    return e(&format!("cap_info[{i}].{k}"), format!("{v} must be a number of microseconds >= 0"));
                }
            }
        }
        if c.one_app_server == Some(true) && c.server_addr.is_none() {
            return e(&format!("cap_info[{i}].server_addr"), "one_app_server needs server_addr".into());
        }
    }
    if let Some(tw) = p.tw {
        if let Some(b) = tw.buckets {
            if !b.is_power_of_two() || !(2..=65536).contains(&b) {
                return e("tw.buckets", format!("{b} must be a power of two from 2 to 65536"));
            }
        }
        if let Some(l) = tw.levels {
            if !(1..=8).contains(&l) {
                return e("tw.levels", format!("{l} must be within 1..=8"));
            }
        }
        if tw.bucket_time_usec == Some(0) {
            return e("tw.bucket_time_usec", "must be at least 1".into());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = "\
- duration : 10.0
  generator :
          distribution : \"seq\"
          clients_start : \"16.0.0.1\"
          clients_end   : \"16.0.0.255\"
          servers_start : \"48.0.0.1\"
          servers_end   : \"48.0.255.255\"
          clients_per_gb : 201
          min_clients    : 101
          dual_port_mask : \"1.0.0.0\"
          tcp_aging      : 0
          udp_aging      : 0
  cap_ipg    : false
  tw :
     buckets : 1024
     levels : 3
     bucket_time_usec : 20
  cap_info :
     - name: udp10.pcap
       cps : 100
       ipg : 200
       rtt : 200
       w   : 1
";

    #[test]
    fn the_trex_documentation_profile_reads() {
        let p = parse(DOC, "d.yaml").unwrap();
        assert_eq!(p.duration, Some(10.0));
        assert_eq!(p.generator.clients_end, Ipv4Addr::new(16, 0, 0, 255));
        assert_eq!(p.generator.dual_port_mask, Some(Ipv4Addr::new(1, 0, 0, 0)));
        assert_eq!(p.cap_info[0].cps, 100.0);
        assert_eq!(p.cap_info[0].ipg, Some(200.0));
        assert_eq!(p.tw.unwrap().bucket_time_usec, Some(20));
    }

    #[test]
    fn bad_profiles_name_the_key() {
        let cases = [
            (DOC.replace("cps : 100", "cps : 0"), "cap_info[0].cps"),
            (DOC.replace("cps : 100", "cps : -5"), "cap_info[0].cps"),
            (DOC.replace("\"16.0.0.255\"", "\"15.0.0.1\""), "generator.clients_end"),
            (DOC.replace("w   : 1", "w   : 1\n       plugin_id : 1"), "plugin_id"),
            (DOC.replace("cap_ipg    : false", "cap_ipg : false\n  generator_clients : []"), "generator_clients"),
            (DOC.replace("\"48.0.0.1\"", "\"48.0.0.300\""), "48.0.0.300"),
            (DOC.replace("buckets : 1024", "buckets : 1000"), "tw.buckets"),
        ];
        for (text, want) in cases {
            let e = parse(&text, "p.yaml").unwrap_err().to_string();
            assert!(e.starts_with("p.yaml") && e.contains(want), "{want}: {e}");
        }
    }
}
