//! A hint after a run on real interfaces that got nothing back: when the profile's IPv4
//! destinations are neither in a route of the run's network namespace nor in riptide's
//! lab range (198.18.0.0/15), say so and how to fix it. TRex's profiles send from
//! 16.0.0.0/8 to 48.0.0.0/8, which no DUT forwards without a route for them, and the
//! run alone shows only 100% loss.
//!
//! Cheap and after the fact: the profile is parsed again only when a run on an
//! interface received under 1% of what it sent, and the routing table is read once.

use riptide_engine::Snapshot;
use riptide_port::PortSpec;
use riptide_stl::schema::Layer;
use std::net::Ipv4Addr;

/// riptide's lab addresses, the RFC 2544 benchmarking range: the lab's DUT routes them.
const LAB: (Ipv4Addr, u8) = (Ipv4Addr::new(198, 18, 0, 0), 15);

/// The default IPv4 destination of a profile's streams (crates/stl's schema).
const DEFAULT_DST: Ipv4Addr = Ipv4Addr::new(198, 19, 0, 1);

/// How many destinations the hint names.
const NAMED: usize = 3;

/// The hint, when the run on `ports` (a real interface among them) of `profile` (its
/// text) sent frames and got under 1% of them back and some destination is unrouted.
pub(crate) fn hint(snap: &Snapshot, ports: &[PortSpec], profile: &str) -> Option<String> {
    if !ports.iter().any(|p| p.interface().is_some()) {
        return None;
    }
    let sent: u64 = snap.ports.iter().map(|p| p.opackets).sum();
    let received: u64 = snap.ports.iter().map(|p| p.ipackets).sum();
    if sent == 0 || received.saturating_mul(100) >= sent {
        return None;
    }
    let unrouted = unrouted(&destinations(profile), |a| riptide_port::afpacket::routes_v4_to(a).unwrap_or(true));
    words(sent, received, &unrouted, riptide_port::netns::current_name().as_deref())
}

/// The IPv4 destinations of a profile's streams, in order, each once.
fn destinations(profile: &str) -> Vec<Ipv4Addr> {
    let Ok(p) = riptide_stl::profile::parse(profile, "") else { return vec![] };
    let mut out: Vec<Ipv4Addr> = vec![];
    for s in p.streams.iter().filter(|s| s.value.enabled) {
        for layer in &s.value.packet {
            if let Layer::Ipv4(ip) = layer {
                let d = ip.dst.unwrap_or(DEFAULT_DST);
                if !out.contains(&d) {
                    out.push(d);
                }
            }
        }
    }
    out
}

/// Those of `dsts` outside riptide's lab range that `routed` says no route covers.
fn unrouted(dsts: &[Ipv4Addr], routed: impl Fn(Ipv4Addr) -> bool) -> Vec<Ipv4Addr> {
    let in_lab = |a: &Ipv4Addr| u32::from(*a) >> (32 - LAB.1) == u32::from(LAB.0) >> (32 - LAB.1);
    dsts.iter().copied().filter(|a| !in_lab(a) && !routed(*a)).collect()
}

/// The hint's words: what came back, the destinations no route covers, and the two fixes.
fn words(sent: u64, received: u64, unrouted: &[Ipv4Addr], netns: Option<&str>) -> Option<String> {
    let first = unrouted.first()?;
    let mut named: Vec<String> = unrouted.iter().take(NAMED).map(Ipv4Addr::to_string).collect();
    if unrouted.len() > NAMED {
        named.push(format!("and {} more", unrouted.len() - NAMED));
    }
    let here = netns.map_or_else(|| "this network namespace".to_string(), |n| format!("network namespace '{n}'"));
    let net = format!("{}.0.0.0/8", first.octets()[0]);
    // The lab's DUT namespace beside a lab's generator namespace NAME-tg.
    let dut = netns.and_then(|n| n.strip_suffix("-tg")).map_or("DUT".to_string(), |lab| format!("{lab}-dut"));
    Some(format!(
        "note: {received} of {sent} frames came back, and the profile sends to {} which no route of {here} covers, \
         nor riptide's lab range 198.18.0.0/15. A DUT forwards them only with a route for them (riptide's lab: \
         ip -n {dut} route add {net} via 198.18.2.1); or give the profile addresses in 198.18.0.0/15, as \
         profiles/lab/*.yaml do (TRex's profiles send from 16.0.0.0/8 to 48.0.0.0/8).",
        named.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> Ipv4Addr {
        s.parse().unwrap()
    }

    #[test]
    fn the_destinations_of_the_streams_are_read_once_each() {
        let p = "streams:\n  - packet: [{eth: {}}, {ipv4: {dst: 48.0.0.1}}, {udp: {}}]\n  \
                 - packet: [{eth: {}}, {ipv4: {dst: 48.0.0.1}}, {udp: {}}]\n  \
                 - packet: [{eth: {}}, {ipv4: {}}, {udp: {}}]\n  - enabled: false\n    packet: [{ipv4: {dst: 9.9.9.9}}]\n";
        assert_eq!(destinations(p), [ip("48.0.0.1"), ip("198.19.0.1")]);
        assert!(destinations("not: [a profile").is_empty());
    }

    /// Issue 50: TRex's 16.0.0.0 -> 48.0.0.0 into the lab lost 100% with no hint.
    #[test]
    fn addresses_outside_the_lab_and_every_route_are_named_with_the_fixes() {
        let dsts = [ip("48.0.0.1"), ip("198.19.0.1"), ip("10.1.2.3")];
        // 10/8 is routed here; 198.19.0.1 is the lab's.
        let left = unrouted(&dsts, |a| a.octets()[0] == 10);
        assert_eq!(left, [ip("48.0.0.1")]);
        let w = words(100_000, 0, &left, Some("riptide-tg")).unwrap();
        assert!(
            w.starts_with(
                "note: 0 of 100000 frames came back, and the profile sends to 48.0.0.1 which no route of \
                               network namespace 'riptide-tg' covers"
            ),
            "{w}"
        );
        assert!(
            w.contains("ip -n riptide-dut route add 48.0.0.0/8 via 198.18.2.1") && w.contains("198.18.0.0/15"),
            "{w}"
        );
        let many: Vec<Ipv4Addr> = (1..=5).map(|i| Ipv4Addr::new(48, 0, 0, i)).collect();
        let w = words(10, 0, &many, None).unwrap();
        assert!(w.contains("48.0.0.1, 48.0.0.2, 48.0.0.3, and 2 more which") && w.contains("this network namespace"));
        assert!(w.contains("ip -n DUT route add"), "{w}");
        // All routed or in the lab: no hint.
        assert_eq!(words(10, 0, &unrouted(&dsts, |_| true), None), None);
    }
}
