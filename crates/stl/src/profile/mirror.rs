//! The reverse direction of a two-port profile (`riptide ndr --bidirectional`).
//!
//! Each enabled stream that sends on port 0 or 1 gets a mirror sending on the other port:
//! IPv4/IPv6 source and destination swapped, UDP/TCP ports swapped, variables written to
//! the swapped fields, a tag id of its own, and Ethernet addresses left unset so that
//! [`super::fill_port_macs`] gives it the other port's own MAC and gateway (a port
//! configuration's `port_info`). CSIT and TRex's NDR benchmarks measure both directions
//! of a DUT this way: the same flows, answered.

use super::macs::PortMacs;
use super::schema::{Layer, OneOrMany, Profile, TagSpec};

/// Largest tag id a mirror takes (latency probes count down from 65535).
const MAX_MIRROR_ID: u32 = 65_000;

/// A field name with its direction swapped (`ipv4.src` <-> `ipv4.dst`, `udp.sport` <->
/// `udp.dport`); others unchanged.
fn swapped(field: &str) -> String {
    let pairs = [(".src", ".dst"), (".sport", ".dport")];
    for (a, b) in pairs {
        if let Some(stem) = field.strip_suffix(a) {
            return format!("{stem}{b}");
        }
        if let Some(stem) = field.strip_suffix(b) {
            return format!("{stem}{a}");
        }
    }
    field.to_string()
}

/// Adds the mirrors; returns their names. Refused (naming the stream) where a mirror
/// cannot be derived: a stream on a port other than 0 or 1, a raw frame, a write at a raw byte
/// offset, an Ethernet field written by a variable, or no MACs for the other port.
pub fn add_reverse_streams(profile: &mut Profile, macs: &[PortMacs]) -> Result<Vec<String>, String> {
    let mut next_id = profile
        .streams
        .iter()
        .filter_map(|s| s.value.flow_stats.as_ref().or(s.value.latency.as_ref()))
        .map(|t| t.id)
        .max()
        .unwrap_or(0)
        + 1;
    let names: std::collections::HashSet<String> = profile
        .streams
        .iter()
        .enumerate()
        .map(|(i, s)| s.value.name.clone().unwrap_or_else(|| format!("s{i}")))
        .collect();
    let mut added = vec![];
    let mut mirrors = vec![];
    for (i, s) in profile.streams.iter().enumerate() {
        let s = &s.value;
        if !s.enabled {
            continue;
        }
        let name = s.name.clone().unwrap_or_else(|| format!("s{i}"));
        if s.port > 1 {
            return Err(format!(
                "stream '{name}' sends on port {}: --bidirectional mirrors ports 0 and 1 only",
                s.port
            ));
        }
        let other = 1 - s.port;
        if !matches!(macs.get(other as usize), Some((Some(_), Some(_)))) {
            return Err(format!(
                "stream '{name}': --bidirectional needs port {other}'s MAC addresses for the reverse direction (its own \
                 and its gateway's): give a port configuration (--config, with port_info src_mac/dest_mac or \
                 default_gw)"
            ));
        }
        if s.frame.is_some() {
            return Err(format!(
                "stream '{name}' is a raw frame (bytes riptide's layers do not describe): its reverse cannot be \
                 derived; list both directions in the profile instead of --bidirectional"
            ));
        }
        let mut m = s.clone();
        let reverse = format!("{name}-reverse");
        if names.contains(&reverse) {
            return Err(format!("stream '{name}': the profile already has a stream '{reverse}'"));
        }
        m.name = Some(reverse.clone());
        m.port = other;
        m.next = s.next.as_ref().map(|n| format!("{n}-reverse"));
        let mut outer_eth = true;
        for layer in &mut m.packet {
            match layer {
                // The outer Ethernet header is the port's; a tunnel's inner one swaps.
                Layer::Eth(e) if outer_eth => {
                    e.src = None;
                    e.dst = None;
                    outer_eth = false;
                }
                Layer::Eth(e) => std::mem::swap(&mut e.src, &mut e.dst),
                Layer::Ipv4(ip) => std::mem::swap(&mut ip.src, &mut ip.dst),
                Layer::Ipv6(ip) => std::mem::swap(&mut ip.src, &mut ip.dst),
                Layer::Udp(u) => std::mem::swap(&mut u.sport, &mut u.dport),
                Layer::Tcp(t) => std::mem::swap(&mut t.sport, &mut t.dport),
                _ => {}
            }
        }
        let eth_write = |f: &str| f.starts_with("eth.");
        for v in m.vars.iter_mut().map(|v| &mut v.value) {
            v.write = match v.write.take() {
                Some(OneOrMany::One(f)) if eth_write(&f) => return Err(eth_refused(&name, &f)),
                Some(OneOrMany::One(f)) => Some(OneOrMany::One(swapped(&f))),
                Some(OneOrMany::Many(fs)) => {
                    if let Some(f) = fs.iter().find(|f| eth_write(f)) {
                        return Err(eth_refused(&name, f));
                    }
                    Some(OneOrMany::Many(fs.iter().map(|f| swapped(f)).collect()))
                }
                None => None,
            };
        }
        for w in m.writes.iter_mut().map(|w| &mut w.value) {
            if w.offset.is_some() {
                return Err(format!(
                    "stream '{name}' writes '{}' at a byte offset: its reverse cannot be derived; list both \
                     directions in the profile instead of --bidirectional",
                    w.var
                ));
            }
            if let Some(f) = &w.field {
                if eth_write(f) {
                    return Err(eth_refused(&name, f));
                }
                w.field = Some(swapped(f));
            }
        }
        for tag in [&mut m.flow_stats, &mut m.latency].into_iter().flatten() {
            if next_id > MAX_MIRROR_ID {
                return Err(format!("stream '{name}': no tag id left for its reverse (ids above {MAX_MIRROR_ID})"));
            }
            *tag = TagSpec { id: next_id, by_vlan: tag.by_vlan };
            next_id += 1;
        }
        added.push(reverse);
        mirrors.push(m);
    }
    for (m, s) in mirrors.into_iter().zip(profile.streams.clone().into_iter().filter(|s| s.value.enabled)) {
        profile.streams.push(serde_saphyr::Spanned { value: m, ..s });
    }
    Ok(added)
}

fn eth_refused(name: &str, field: &str) -> String {
    format!(
        "stream '{name}' writes {field}: the reverse direction takes its port's MACs, so --bidirectional cannot \
         mirror it; list both directions in the profile"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::{fill_port_macs, parse};

    const TWO: &str = "streams:\n  - name: fwd\n    port: 0\n    flow_stats: {id: 7}\n    packet:\n      - eth: {src: '02:00:00:00:01:01', dst: '02:00:00:00:01:fe'}\n      - ipv4: {src: 198.18.1.1, dst: 198.18.2.1}\n      - udp: {sport: 1025, dport: 9}\n    vars:\n      - {name: a, op: inc, min: 198.18.1.1, max: 198.18.1.9, write: ipv4.src}\n      - {name: p, op: random, min: 1024, max: 2000, write: [udp.sport]}\n";
    const MACS: [PortMacs; 2] = [
        (Some([2, 0, 0, 0, 1, 1]), Some([2, 0, 0, 0, 1, 0xfe])),
        (Some([2, 0, 0, 0, 2, 1]), Some([2, 0, 0, 0, 2, 0xfe])),
    ];

    #[test]
    fn a_stream_is_mirrored_onto_the_other_port() {
        let mut p = parse(TWO, "t.yaml").unwrap();
        assert_eq!(add_reverse_streams(&mut p, &MACS).unwrap(), ["fwd-reverse"]);
        fill_port_macs(&mut p, &MACS);
        let r = &p.streams[1].value;
        assert_eq!((r.name.as_deref(), r.port, r.flow_stats.as_ref().map(|t| t.id)), (Some("fwd-reverse"), 1, Some(8)));
        let Layer::Eth(e) = &r.packet[0] else { panic!("eth first") };
        assert_eq!(
            (e.src.map(|m| m.0 .0), e.dst.map(|m| m.0 .0)),
            (Some([2, 0, 0, 0, 2, 1]), Some([2, 0, 0, 0, 2, 0xfe]))
        );
        let Layer::Ipv4(ip) = &r.packet[1] else { panic!("ipv4") };
        assert_eq!(
            (ip.src.map(|a| a.to_string()), ip.dst.map(|a| a.to_string())),
            (Some("198.18.2.1".into()), Some("198.18.1.1".into()))
        );
        let Layer::Udp(u) = &r.packet[2] else { panic!("udp") };
        assert_eq!((u.sport, u.dport), (Some(9), Some(1025)));
        assert_eq!(
            r.vars[0].value.write.as_ref().map(|w| w.names().iter().map(|n| n.to_string()).collect::<Vec<_>>()),
            Some(vec!["ipv4.dst".to_string()])
        );
        assert_eq!(
            r.vars[1].value.write.as_ref().map(|w| w.names().iter().map(|n| n.to_string()).collect::<Vec<_>>()),
            Some(vec!["udp.dport".to_string()])
        );
        // The forward stream keeps its own addresses.
        let Layer::Eth(f) = &p.streams[0].value.packet[0] else { panic!("eth") };
        assert_eq!(f.dst.map(|m| m.0 .0), Some([2, 0, 0, 0, 1, 0xfe]));
        crate::profile::compile(&p, "t.yaml").unwrap();
    }

    #[test]
    fn what_cannot_be_mirrored_is_refused_by_name() {
        let mut p = parse(TWO, "t.yaml").unwrap();
        let e = add_reverse_streams(&mut p, &MACS[..1]).unwrap_err();
        assert!(e.contains("stream 'fwd'") && e.contains("port 1's MAC addresses") && e.contains("--config"), "{e}");
        let eth = TWO.replace("write: ipv4.src", "write: eth.src");
        let e = add_reverse_streams(&mut parse(&eth, "t.yaml").unwrap(), &MACS).unwrap_err();
        assert!(e.contains("writes eth.src"), "{e}");
        let p2 = TWO.replace("port: 0", "port: 2");
        let e = add_reverse_streams(&mut parse(&p2, "t.yaml").unwrap(), &MACS).unwrap_err();
        assert!(e.contains("port 2"), "{e}");
        assert_eq!(swapped("vlan.id"), "vlan.id");
        assert_eq!(swapped("ipv6.dst"), "ipv6.src");
    }
}
