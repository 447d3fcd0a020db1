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
//! format is read: named pools (`generator_clients` / `generator_servers` inside
//! `generator`, chosen by `client_pool` / `server_pool`), `vlan`, `src_ipv6` /
//! `dst_ipv6`; `mac` is checked and then unused, as TRex does (MAC addresses come from
//! the pcaps). Keys riptide does not implement (`plugin_id`, `dyn_pyload`,
//! `mac_override_by_ip`, ...) are errors that name them, never ignored silently.

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
    /// Named client pools, chosen per template by `client_pool`.
    #[serde(default)]
    pub generator_clients: Vec<Pool>,
    /// Named server pools, chosen per template by `server_pool`.
    #[serde(default)]
    pub generator_servers: Vec<Pool>,
}

/// A named address pool of `generator_clients` or `generator_servers`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Pool {
    /// The name templates choose it by (`default` is the generator's own pools).
    pub name: String,
    /// How addresses are drawn.
    #[serde(default)]
    pub distribution: Distribution,
    /// First address.
    #[serde(deserialize_with = "addr")]
    pub ip_start: Ipv4Addr,
    /// Last address.
    #[serde(deserialize_with = "addr")]
    pub ip_end: Ipv4Addr,
    /// As the generator's (informational).
    #[serde(default)]
    pub clients_per_gb: Option<u32>,
    /// As the generator's (informational).
    #[serde(default)]
    pub min_clients: Option<u32>,
    /// As the generator's.
    #[serde(default, deserialize_with = "addr_opt")]
    pub dual_port_mask: Option<Ipv4Addr>,
    /// As the generator's (accepted).
    #[serde(default)]
    pub tcp_aging: Option<f64>,
    /// As the generator's (accepted).
    #[serde(default)]
    pub udp_aging: Option<f64>,
    /// TRex server pools: track ports per server (accepted; riptide's client ports are
    /// unique per client anyway).
    #[serde(default)]
    pub track_ports: Option<bool>,
}

/// `vlan`: 802.1Q tags per side.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct VlanSpec {
    /// 1: tag every packet (client-to-server with `vlan0`, server-to-client with `vlan1`).
    pub enable: u8,
    /// VLAN id of the client side (port 0).
    #[serde(default)]
    pub vlan0: u16,
    /// VLAN id of the server side (port 1).
    #[serde(default)]
    pub vlan1: u16,
}

/// `tw`: the timer wheel's shape.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
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
    pub bucket_time_usec: Option<f64>,
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
    /// The named client pool (default: the generator's clients).
    #[serde(default)]
    pub client_pool: Option<String>,
    /// The named server pool (default: the generator's servers).
    #[serde(default)]
    pub server_pool: Option<String>,
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
    /// VLAN tagging.
    #[serde(default)]
    pub vlan: Option<VlanSpec>,
    /// TRex's old MAC setting (six bytes): checked, then unused as in TRex.
    #[serde(default)]
    pub mac: Option<Vec<u32>>,
    /// Upper 96 bits (six 16-bit words) of the clients' IPv6 addresses.
    #[serde(default)]
    pub src_ipv6: Option<Vec<u32>>,
    /// Upper 96 bits of the servers' IPv6 addresses.
    #[serde(default)]
    pub dst_ipv6: Option<Vec<u32>>,
    /// Timer wheel shape.
    #[serde(default)]
    pub tw: Option<TwSpec>,
    /// Templates.
    pub cap_info: Vec<CapInfo>,
}

impl StfProfile {
    /// The IPv6 prefixes (upper 96 bits) of clients and servers, when both are given.
    pub fn ipv6_prefixes(&self) -> Option<([u16; 6], [u16; 6])> {
        let words = |v: &Vec<u32>| -> Option<[u16; 6]> {
            let w: Vec<u16> = v.iter().map(|&x| x as u16).collect();
            w.try_into().ok()
        };
        Some((words(self.src_ipv6.as_ref()?)?, words(self.dst_ipv6.as_ref()?)?))
    }
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
                            if dir.as_os_str().is_empty() { Path::new(".") } else { dir }.display()
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
            return Err(SourceError::from_parser(file, text, at, &e.without_snippet().to_string()));
        }
    };
    validate(&p).map_err(|(key, m)| SourceError { key: Some(key), ..SourceError::new(file, m) })?;
    Ok(p)
}

fn validate(p: &StfProfile) -> Result<(), (String, String)> {
    let e = |k: &str, m: String| Err((k.to_string(), m));
    if let Some(m) = &p.mac {
        if m.len() != 6 || m.iter().any(|&b| b > 0xff) {
            return e("mac", format!("{m:?} must be six bytes, e.g. [0x0,0x0,0x0,0x1,0x0,0x0]"));
        }
    }
    for (k, v) in [("src_ipv6", &p.src_ipv6), ("dst_ipv6", &p.dst_ipv6)] {
        if let Some(v) = v {
            if v.len() != 6 || v.iter().any(|&w| w > 0xffff) {
                return e(k, format!("{v:?} must be six 16-bit words (the upper 96 bits of an IPv6 address)"));
            }
        }
    }
    if p.src_ipv6.is_some() != p.dst_ipv6.is_some() {
        return e(
            if p.src_ipv6.is_some() { "dst_ipv6" } else { "src_ipv6" },
            "src_ipv6 and dst_ipv6 go together".into(),
        );
    }
    if let Some(v) = p.vlan {
        if v.enable > 1 {
            return e("vlan.enable", format!("{} must be 0 or 1", v.enable));
        }
        for (k, id) in [("vlan.vlan0", v.vlan0), ("vlan.vlan1", v.vlan1)] {
            if v.enable == 1 && !(1..=4094).contains(&id) {
                return e(k, format!("{id} must be a VLAN id within 1..=4094"));
            }
        }
    }
    let max_s = riptide_core::units::MAX_DURATION.as_secs_f64();
    if let Some(d) = p.duration {
        if !(d.is_finite() && d > 0.0 && d <= max_s) {
            return e("duration", format!("{d} must be a positive number of seconds, at most {max_s} (365 days)"));
        }
    }
    let max_us = max_s * 1e6;
    for (k, v) in [("cap_ipg_min", p.cap_ipg_min), ("cap_override_ipg", p.cap_override_ipg)] {
        if let Some(v) = v {
            if !(v.is_finite() && (0.0..=max_us).contains(&v)) {
                return e(k, format!("{v} must be a number of microseconds within 0..={max_us} (365 days)"));
            }
        }
    }
    let g = &p.generator;
    if u32::from(g.clients_end) < u32::from(g.clients_start) {
        return e("generator.clients_end", format!("{} is below clients_start {}", g.clients_end, g.clients_start));
    }
    if u32::from(g.servers_end) < u32::from(g.servers_start) {
        return e("generator.servers_end", format!("{} is below servers_start {}", g.servers_end, g.servers_start));
    }
    for (list, pools) in [("generator_clients", &g.generator_clients), ("generator_servers", &g.generator_servers)] {
        for (i, pool) in pools.iter().enumerate() {
            let k = format!("generator.{list}[{i}]");
            if u32::from(pool.ip_end) < u32::from(pool.ip_start) {
                return e(&format!("{k}.ip_end"), format!("{} is below ip_start {}", pool.ip_end, pool.ip_start));
            }
            if pool.name == "default" || pools[..i].iter().any(|q| q.name == pool.name) {
                return e(
                    &format!("{k}.name"),
                    format!("'{}' is taken (names must be unique, not 'default')", pool.name),
                );
            }
        }
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
                if !(v.is_finite() && (0.0..=max_us).contains(&v)) {
                    return e(
                        &format!("cap_info[{i}].{k}"),
                        format!("{v} must be a number of microseconds within 0..={max_us} (365 days)"),
                    );
                }
            }
        }
        for (k, name, pools) in [
            ("client_pool", &c.client_pool, &g.generator_clients),
            ("server_pool", &c.server_pool, &g.generator_servers),
        ] {
            if let Some(n) = name {
                if n != "default" && !pools.iter().any(|q| &q.name == n) {
                    let known: Vec<&str> = pools.iter().map(|q| q.name.as_str()).collect();
                    return e(&format!("cap_info[{i}].{k}"), format!("no pool named '{n}' (known: default {known:?})"));
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
        if tw.bucket_time_usec.is_some_and(|u| !(u.is_finite() && (0.001..=1e9).contains(&u))) {
            return e(
                "tw.bucket_time_usec",
                "must be a number of microseconds from 0.001 to 1e9 (TRex writes 20.0)".into(),
            );
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
     bucket_time_usec : 20.0
  cap_info :
     - name: udp10.pcap
       cps : 100
       ipg : 200
       rtt : 200
       w   : 1
";

    /// TRex's scripts/cap2/per_template_gen2.yaml, with our pcap.
    const POOLS: &str = "\
- duration : 1.0
  generator :
          distribution : \"seq\"
          clients_start : \"20.0.0.1\"
          clients_end   : \"20.0.0.255\"
          servers_start : \"90.0.0.1\"
          servers_end   : \"90.0.255.255\"
          clients_per_gb : 201
          min_clients    : 101
          dual_port_mask : \"1.0.0.0\"
          tcp_aging      : 0
          udp_aging      : 0
          generator_clients :
              - name : \"c1\"
                distribution : \"seq\"
                ip_start : \"16.0.0.1\"
                ip_end : \"16.0.1.255\"
              - name : \"c2\"
                distribution : \"seq\"
                ip_start : \"36.0.0.1\"
                ip_end : \"36.0.1.255\"
          generator_servers :
              - name : \"s1\"
                distribution : \"seq\"
                ip_start : \"48.0.0.1\"
                ip_end : \"48.0.1.255\"
                track_ports : false
              - name : \"s2\"
                distribution : \"seq\"
                ip_start : \"38.0.0.1\"
                ip_end : \"38.0.1.255\"
                track_ports : false
  mac        : [0x0,0x0,0x0,0x1,0x0,0x00]
  cap_info :
     - name: udp10.pcap
       client_pool: \"c1\"
       server_pool: \"s1\"
       cps : 1.0
       ipg : 100
       rtt : 10000
       w   : 1
";

    #[test]
    fn trex_named_pools_vlan_and_ipv6_prefixes_read() {
        let p = parse(POOLS, "g.yaml").unwrap();
        assert_eq!(p.generator.generator_clients[1].ip_start, Ipv4Addr::new(36, 0, 0, 1));
        assert_eq!(p.generator.generator_servers[0].track_ports, Some(false));
        assert_eq!(p.cap_info[0].client_pool.as_deref(), Some("c1"));
        assert_eq!(p.mac.as_deref(), Some(&[0, 0, 0, 1, 0, 0][..]));
        let more = DOC.replace(
            "cap_ipg    : false",
            "cap_ipg : false\n  src_ipv6 : [0x2001,0x0002,0,0,0,0]\n  dst_ipv6 : [0x2001,0x0002,0,0,0,1]\n  vlan : { enable : 1 , vlan0 : 100 , vlan1 : 200 }",
        );
        let p = parse(&more, "v.yaml").unwrap();
        assert_eq!(p.vlan, Some(VlanSpec { enable: 1, vlan0: 100, vlan1: 200 }));
        assert_eq!(p.ipv6_prefixes(), Some(([0x2001, 2, 0, 0, 0, 0], [0x2001, 2, 0, 0, 0, 1])));
    }

    #[test]
    fn the_trex_documentation_profile_reads() {
        let p = parse(DOC, "d.yaml").unwrap();
        assert_eq!(p.duration, Some(10.0));
        assert_eq!(p.generator.clients_end, Ipv4Addr::new(16, 0, 0, 255));
        assert_eq!(p.generator.dual_port_mask, Some(Ipv4Addr::new(1, 0, 0, 0)));
        assert_eq!(p.cap_info[0].cps, 100.0);
        assert_eq!(p.cap_info[0].ipg, Some(200.0));
        assert_eq!(p.tw.unwrap().bucket_time_usec, Some(20.0));
    }

    #[test]
    fn bad_profiles_name_the_key() {
        let cases = [
            (DOC.replace("cps : 100", "cps : 0"), "cap_info[0].cps"),
            (DOC.replace("cps : 100", "cps : -5"), "cap_info[0].cps"),
            (DOC.replace("\"16.0.0.255\"", "\"15.0.0.1\""), "generator.clients_end"),
            (DOC.replace("w   : 1", "w   : 1\n       plugin_id : 1"), "plugin_id"),
            (DOC.replace("cap_ipg    : false", "cap_ipg : false\n  mac_override_by_ip : true"), "mac_override_by_ip"),
            (DOC.replace("cap_ipg    : false", "cap_ipg : false\n  mac : [1, 2]"), "mac"),
            (DOC.replace("cap_ipg    : false", "cap_ipg : false\n  src_ipv6 : [1, 2, 3, 4, 5, 6]"), "dst_ipv6"),
            (
                DOC.replace("cap_ipg    : false", "cap_ipg : false\n  vlan : {enable: 1, vlan0: 0, vlan1: 5}"),
                "vlan.vlan0",
            ),
            (DOC.replace("w   : 1", "w   : 1\n       client_pool : c9"), "cap_info[0].client_pool"),
            (POOLS.replace("38.0.1.255", "37.0.0.0"), "generator.generator_servers[1].ip_end"),
            (POOLS.replace("name : \"c2\"", "name : \"c1\""), "generator.generator_clients[1].name"),
            (DOC.replace("\"48.0.0.1\"", "\"48.0.0.300\""), "48.0.0.300"),
            (DOC.replace("buckets : 1024", "buckets : 1000"), "tw.buckets"),
        ];
        for (text, want) in cases {
            let e = parse(&text, "p.yaml").unwrap_err().to_string();
            assert!(e.starts_with("p.yaml") && e.contains(want), "{want}: {e}");
        }
    }
}
