//! Ethernet addresses from the ports: streams that leave theirs unset take their port's.

use super::schema::{EthSpec, Layer, Profile};
use super::values::Mac;
use riptide_wire::ethernet::EthernetAddress;

/// A port's (source, destination) MAC addresses, each where known.
pub type PortMacs = (Option<[u8; 6]>, Option<[u8; 6]>);

/// Gives every stream whose Ethernet source or destination is unset its port's address
/// from `macs` (index: port; `(source, destination)`, each where known), adding an
/// Ethernet layer to streams that have none. Addresses a stream sets are kept, and so are
/// a raw frame's (`frame:` bytes riptide's layers do not describe).
pub fn fill_port_macs(profile: &mut Profile, macs: &[PortMacs]) {
    for s in &mut profile.streams {
        let s = &mut s.value;
        let Some(&(src, dst)) = macs.get(s.port as usize) else { continue };
        if s.frame.is_some() {
            // A raw frame's addresses are its bytes.
            continue;
        }
        if src.is_none() && dst.is_none() {
            continue;
        }
        if !matches!(s.packet.first(), Some(Layer::Eth(_))) {
            s.packet.insert(0, Layer::Eth(EthSpec { src: None, dst: None, ethertype: None }));
        }
        if let Some(Layer::Eth(e)) = s.packet.first_mut() {
            e.src = e.src.or(src.map(|m| Mac(EthernetAddress(m))));
            e.dst = e.dst.or(dst.map(|m| Mac(EthernetAddress(m))));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::parse;

    #[test]
    fn unset_addresses_take_the_ports_and_set_ones_stay() {
        let text = "streams:\n  - {name: a, port: 0, packet: [{eth: {dst: '02:00:00:00:00:09'}}, ipv4: {}, udp: {}]}\n  - {name: b, port: 1}\n  - {name: c, port: 2}\n";
        let mut p = parse(text, "t.yaml").unwrap();
        let m0 = ([2, 0, 0, 0, 0, 1], [2, 0, 0, 0, 0, 2]);
        fill_port_macs(&mut p, &[(Some(m0.0), Some(m0.1)), (Some([2, 0, 0, 0, 1, 1]), None)]);
        let eth = |i: usize| match p.streams[i].value.packet.first() {
            Some(Layer::Eth(e)) => (e.src.map(|m| m.0 .0), e.dst.map(|m| m.0 .0)),
            _ => (None, None),
        };
        assert_eq!(eth(0), (Some(m0.0), Some([2, 0, 0, 0, 0, 9])), "the profile's destination stays");
        assert_eq!(eth(1), (Some([2, 0, 0, 0, 1, 1]), None));
        assert_eq!(eth(2), (None, None), "no addresses for port 2");
    }
}
