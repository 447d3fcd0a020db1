//! Latency probes (TRex's `-l RATE`): a low-rate latency stream per transmit port,
//! alongside whatever the profile sends.

use super::schema::{ModeSpec, Profile, StreamSpec, TagSpec};
use super::values::{RateSpec, SizeSpec};
use riptide_core::Rate;
use serde_saphyr::{Location, Spanned};
use std::collections::BTreeSet;

/// Probe frames: 128 B hold any header stack of a profile plus the 24-byte tag.
const PROBE_SIZE: u16 = 128;

/// Adds to `p`, for every port that sends an enabled stream, a probe: the port's first
/// enabled stream's headers (so it crosses the DUT the same way), 128 B frames, no field
/// variables, continuous at `rate` whatever the multiplier (`fixed_rate`), with a latency
/// tag whose id no stream uses (from 65535 down). Returns the probes' names.
pub fn add_latency_probes(p: &mut Profile, rate: Rate) -> Result<Vec<String>, String> {
    let mut ids: BTreeSet<u32> = BTreeSet::new();
    let mut names: BTreeSet<String> = BTreeSet::new();
    for (i, s) in p.streams.iter().enumerate() {
        let s = &s.value;
        ids.extend(s.flow_stats.iter().chain(s.latency.iter()).map(|t| t.id));
        names.insert(s.name.clone().unwrap_or_else(|| format!("s{i}")));
    }
    let ports: BTreeSet<u16> = p.streams.iter().filter(|s| s.value.enabled).map(|s| s.value.port).collect();
    let mut next_id = 65_535u32;
    let mut added = Vec::new();
    for port in ports {
        let Some(first) = p.streams.iter().find(|s| s.value.enabled && s.value.port == port) else { continue };
        while ids.contains(&next_id) {
            next_id = next_id.checked_sub(1).ok_or("no free tag id for a latency probe")?;
        }
        let mut name = format!("latency-probe-p{port}");
        while names.contains(&name) {
            name.push('_');
        }
        let probe = StreamSpec {
            name: Some(name.clone()),
            source: Some("riptide's latency probe (--latency)".into()),
            enabled: true,
            self_start: true,
            port,
            packet: first.value.packet.clone(),
            frame: None,
            raw: false,
            size: SizeSpec::Fixed(PROBE_SIZE),
            rate: RateSpec(rate),
            fixed_rate: true,
            mode: ModeSpec::Continuous,
            isg: None,
            next: None,
            action_count: 0,
            vars: Vec::new(),
            writes: Vec::new(),
            seed: None,
            flow_stats: None,
            latency: Some(TagSpec { id: next_id, by_vlan: false }),
        };
        ids.insert(next_id);
        names.insert(name.clone());
        p.streams.push(Spanned::new(probe, Location::UNKNOWN, Location::UNKNOWN));
        added.push(name);
    }
    Ok(added)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::{compile, parse};

    #[test]
    fn one_probe_per_sending_port_with_a_free_id_and_a_fixed_rate() {
        let text = "streams:
  - {name: a, port: 0, rate: 1mpps, latency: {id: 65535}, vars: [{name: x, op: inc, min: 1, max: 9, write: udp.sport}]}
  - {name: b, port: 0, rate: 1mpps}
  - {name: c, port: 1, rate: 2mpps, size: 96, packet: [{eth: {}}, {vlan: {id: 7}}, {ipv6: {}}, {udp: {}}]}
  - {name: d, port: 2, enabled: false}
";
        let mut p = parse(text, "p.yaml").unwrap();
        let names = add_latency_probes(&mut p, Rate::Pps(1000.0)).unwrap();
        assert_eq!(names, ["latency-probe-p0", "latency-probe-p1"]);
        let c = compile(&p, "p.yaml").unwrap();
        let probes: Vec<_> = c.streams.iter().filter(|s| s.name.starts_with("latency-probe")).collect();
        assert_eq!(probes.len(), 2);
        let ids: Vec<u32> = p.streams[4..].iter().map(|s| s.value.latency.as_ref().unwrap().id).collect();
        assert_eq!(ids, [65_534, 65_533], "65535 is taken by stream a");
        for s in &probes {
            assert!(s.fixed_rate && s.tag.is_some());
            // The multiplier does not touch a probe.
            assert_eq!(s.requested_pps(10.0, riptide_core::BitsPerSec(10e9)), 1000.0);
        }
        assert_eq!(probes[1].port, 1);
        // Port 1's probe keeps its stream's headers: the VLAN tag and IPv6 come along.
        let b = probes[1].template.bytes();
        assert_eq!((b[12], b[13], b[16], b[17]), (0x81, 0x00, 0x86, 0xdd));
    }
}
