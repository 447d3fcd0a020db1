//! Client clusters: TRex's client configuration file (`--cc`, its `ClientCfgDB`), the
//! VLAN and MAC addresses of each range of client addresses.
//!
//! ```yaml
//! vlan: true            # every group then gives each direction a vlan
//! groups:
//! - ip_start: 16.0.0.0
//!   ip_end: 16.0.0.127
//!   initiator: {vlan: 100, dst_mac: "00:00:00:02:00:00"}   # what the client sends
//!   responder: {vlan: 200}                                 # TRex's ASTF server learns instead
//!   count: 128          # devices: address k of the group uses the MACs + (k % count)
//! ```
//!
//! A client's frames carry its group's initiator VLAN and MACs (`src_mac`, `dst_mac` plus
//! the address's index in the group, modulo `count`); the server answers with them
//! mirrored, as TRex's ASTF server learns them from the client's first packet.
//! `next_hop`, `ipv6_next_hop`, `src_ip` and `src_ipv6` ask TRex to resolve or rewrite
//! addresses; riptide refuses them, naming the field.

use serde::Deserialize;
use std::net::Ipv4Addr;

/// A cluster file that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {message}")]
pub struct ClusterError {
    /// The file.
    pub file: String,
    /// What was wrong, naming the field.
    pub message: String,
}

/// What one direction of a group sets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Direction {
    /// Source MAC of the group's first address.
    pub src_mac: Option<u64>,
    /// Destination MAC of the group's first address.
    pub dst_mac: Option<u64>,
    /// 802.1Q VLAN id.
    pub vlan: Option<u16>,
}

/// One range of client addresses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group {
    /// First address.
    pub start: u32,
    /// Last address.
    pub end: u32,
    /// Devices in the group: address `k` takes the MACs + `k % count`.
    pub count: u32,
    /// What the client sends.
    pub initiator: Direction,
}

/// The L2 of one client's frames.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientLink {
    /// Source MAC, if the group sets one.
    pub src_mac: Option<[u8; 6]>,
    /// Destination MAC, if the group sets one.
    pub dst_mac: Option<[u8; 6]>,
    /// VLAN id, if the group sets one.
    pub vlan: Option<u16>,
}

/// A client cluster file's groups.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Clusters {
    /// The groups, by first address, not overlapping.
    pub groups: Vec<Group>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileDoc {
    vlan: bool,
    groups: Vec<GroupDoc>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GroupDoc {
    ip_start: String,
    ip_end: String,
    initiator: DirDoc,
    responder: DirDoc,
    count: Option<u64>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct DirDoc {
    vlan: Option<u64>,
    src_mac: Option<String>,
    dst_mac: Option<String>,
    next_hop: Option<String>,
    ipv6_next_hop: Option<String>,
    src_ip: Option<String>,
    src_ipv6: Option<String>,
}

fn mac(s: &str) -> Option<u64> {
    let parts: Vec<&str> = s.split(':').collect();
    if parts.len() != 6 {
        return None;
    }
    parts.iter().try_fold(0u64, |acc, p| {
        (p.len() == 2).then(|| u8::from_str_radix(p, 16).ok()).flatten().map(|b| acc << 8 | u64::from(b))
    })
}

fn mac_bytes(m: u64) -> [u8; 6] {
    let b = (m & 0xffff_ffff_ffff).to_be_bytes();
    [b[2], b[3], b[4], b[5], b[6], b[7]]
}

impl Clusters {
    /// Reads a TRex client cluster YAML file (`file` names it in errors).
    pub fn parse(text: &str, file: &str) -> Result<Clusters, ClusterError> {
        let err = |message: String| ClusterError { file: file.to_string(), message };
        let doc: FileDoc = serde_saphyr::from_str(text).map_err(|e| err(crate::yaml::error(text, &e)))?;
        let mut groups = Vec::with_capacity(doc.groups.len());
        for (i, g) in doc.groups.iter().enumerate() {
            let at = format!("groups[{i}]");
            let ip = |s: &str, key: &str| {
                s.trim()
                    .parse::<Ipv4Addr>()
                    .map(u32::from)
                    .map_err(|_| err(format!("{at}.{key}: {s:?} is not an IPv4 address")))
            };
            let (start, end) = (ip(&g.ip_start, "ip_start")?, ip(&g.ip_end, "ip_end")?);
            if end < start {
                return Err(err(format!("{at}: ip_end must be >= ip_start")));
            }
            let count = g.count.unwrap_or(1);
            if count == 0 || count > u64::from(u32::MAX) {
                return Err(err(format!("{at}.count: {count}: expected 1 to {}", u32::MAX)));
            }
            let initiator = direction(&g.initiator, doc.vlan, &format!("{at}.initiator")).map_err(err)?;
            // The responder is checked as TRex checks it; TRex's ASTF server learns its L2
            // from the client's packets instead of using it.
            direction(&g.responder, doc.vlan, &format!("{at}.responder")).map_err(err)?;
            groups.push(Group { start, end, count: count as u32, initiator });
        }
        groups.sort_by_key(|g| g.start);
        for w in groups.windows(2) {
            if w[1].start <= w[0].end {
                return Err(err(format!(
                    "the ranges from {} and from {} overlap",
                    Ipv4Addr::from(w[0].start),
                    Ipv4Addr::from(w[1].start)
                )));
            }
        }
        Ok(Clusters { groups })
    }

    /// The L2 of client `ip`'s frames, when a group holds it.
    pub fn client(&self, ip: Ipv4Addr) -> Option<ClientLink> {
        let ip = u32::from(ip);
        let at = self.groups.partition_point(|g| g.start <= ip).checked_sub(1)?;
        let g = &self.groups[at];
        if ip > g.end {
            return None;
        }
        let index = u64::from((ip - g.start) % g.count);
        let d = &g.initiator;
        Some(ClientLink {
            src_mac: d.src_mac.map(|m| mac_bytes(m.wrapping_add(index))),
            dst_mac: d.dst_mac.map(|m| mac_bytes(m.wrapping_add(index))),
            vlan: d.vlan,
        })
    }
}

fn direction(d: &DirDoc, under_vlan: bool, at: &str) -> Result<Direction, String> {
    for (key, v) in [
        ("next_hop", &d.next_hop),
        ("ipv6_next_hop", &d.ipv6_next_hop),
        ("src_ip", &d.src_ip),
        ("src_ipv6", &d.src_ipv6),
    ] {
        if v.is_some() {
            return Err(format!(
                "{at}.{key}: riptide does not resolve or rewrite addresses for clusters; give src_mac/dst_mac"
            ));
        }
    }
    let parse_mac = |v: &Option<String>, key: &str| -> Result<Option<u64>, String> {
        v.as_deref()
            .map(|s| mac(s.trim()).ok_or_else(|| format!("{at}.{key}: {s:?} is not a MAC address (xx:xx:xx:xx:xx:xx)")))
            .transpose()
    };
    let vlan = match (under_vlan, d.vlan) {
        (true, Some(v)) if v <= 0xfff => Some(v as u16),
        (true, Some(v)) => return Err(format!("{at}.vlan: {v}: expected 0 to 4095")),
        (true, None) => return Err(format!("{at}.vlan: missing (the file says vlan: true)")),
        (false, Some(_)) => return Err(format!("{at}.vlan: VLAN config was disabled (vlan: false)")),
        (false, None) => None,
    };
    Ok(Direction { src_mac: parse_mac(&d.src_mac, "src_mac")?, dst_mac: parse_mac(&d.dst_mac, "dst_mac")?, vlan })
}

#[cfg(test)]
mod tests {
    use super::*;

    const CC: &str = "vlan: true\ngroups:\n- ip_start: 16.0.0.0\n  ip_end: 16.0.0.127\n  initiator: {vlan: 100, dst_mac: \"00:00:00:02:00:00\"}\n  responder: {vlan: 200}\n  count: 128\n- ip_start: 16.0.0.128\n  ip_end: 16.0.0.255\n  initiator: {vlan: 101, src_mac: \"02:00:00:00:00:fe\"}\n  responder: {vlan: 201}\n  count: 2\n";

    #[test]
    fn addresses_take_their_groups_l2_plus_their_index() {
        let c = Clusters::parse(CC, "cc.yaml").unwrap();
        let one = c.client(Ipv4Addr::new(16, 0, 0, 1)).unwrap();
        assert_eq!(one, ClientLink { src_mac: None, dst_mac: Some([0, 0, 0, 2, 0, 1]), vlan: Some(100) });
        // count 2: the index folds; the MAC carries into the next byte.
        let b = c.client(Ipv4Addr::new(16, 0, 0, 131)).unwrap();
        assert_eq!((b.src_mac, b.vlan), (Some([2, 0, 0, 0, 0, 0xff]), Some(101)));
        let b = c.client(Ipv4Addr::new(16, 0, 0, 130)).unwrap();
        assert_eq!(b.src_mac, Some([2, 0, 0, 0, 0, 0xfe]));
        assert_eq!(c.client(Ipv4Addr::new(16, 0, 1, 0)), None);
        assert_eq!(c.client(Ipv4Addr::new(15, 255, 255, 255)), None);
    }

    #[test]
    fn errors_name_the_file_and_field() {
        let e = |text: &str| Clusters::parse(text, "cc.yaml").unwrap_err().to_string();
        assert!(e(&CC.replace("vlan: 100, ", "")).contains("groups[0].initiator.vlan: missing"));
        assert!(e(&CC.replace("vlan: true", "vlan: false")).contains("VLAN config was disabled"));
        assert!(e(&CC.replace("00:00:00:02:00:00", "00:00:00:02:00")).contains("groups[0].initiator.dst_mac"));
        assert!(e(&CC.replace("16.0.0.128", "16.0.0.100")).contains("overlap"));
        assert!(e(&CC.replace("dst_mac: \"00:00:00:02:00:00\"", "next_hop: 1.1.1.1")).contains("initiator.next_hop"));
        assert!(e(&CC.replace("count: 2", "count: 0")).contains("groups[1].count"));
        assert!(e("vlan: true\ngroups: [{ip_start: 1.2.3.4}]").starts_with("cc.yaml: "));
        assert!(e(&CC.replace("count: 128", "cnt: 128")).contains("cnt"));
    }
}
