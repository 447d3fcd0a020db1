//! The stateless part of a snapshot: per-stream counts and rates, tagged-stream receive
//! figures and latency, merged over the workers.

use crate::stateless::Handed;
use crate::stats::{
    DisruptionStats, KindCounters, LatencyStats, RxPortStats, StreamRxStats, StreamStats, UnknownVlan, VlanRxStats,
    WorkerCounters,
};
use riptide_core::units::{FCS_LEN, L1_OVERHEAD};
use riptide_core::BitsPerSec;
use riptide_measure::seq::SeqCounters;
use riptide_measure::vlan::{Slot, VlanCounts, VlanKey};
use riptide_measure::{Disruptions, Latency};
use riptide_port::PortGroup;
use riptide_stl::compile::CompiledProfile;
use std::collections::BTreeMap;
use std::sync::atomic::Ordering;

/// What stream rates are computed over.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TxWindow {
    /// Seconds of the run (virtual or wall).
    pub secs: f64,
    /// Streams were unpaced (their requested rate is "as fast as possible").
    pub unpaced: bool,
    /// Line rate of ports that do not say theirs.
    pub line: BitsPerSec,
    /// The part of each stream this engine sends (1/N of a run split into N segments).
    pub share: f64,
}

/// A tagged stream's receive figures merged over the workers: sequence counters,
/// latency, disruptions, and packets and bytes by receiving port.
type RxMerged = (SeqCounters, Option<Latency>, Disruptions, Vec<[u64; 2]>);

/// A stream's arrivals by (port, VLAN slot) merged over the workers, and the unknown
/// VLANs they saw.
type VlanMerged = (BTreeMap<(u16, Slot), VlanCounts>, Vec<(u16, VlanKey)>);

/// Per-stream figures and latency of `profile`'s enabled streams from the workers'
/// `counters`; `handed`: the frames of tagged streams handed to the ports (not after a
/// clear); `hist`: with each latency stream's whole histogram.
pub(crate) fn streams(
    profile: &CompiledProfile,
    counters: &[WorkerCounters],
    factors: &[f64],
    groups: &[PortGroup],
    handed: Option<&[Handed]>,
    w: TxWindow,
    hist: bool,
) -> (Vec<StreamStats>, Vec<LatencyStats>, Vec<DisruptionStats>) {
    let rate = |x: u64| if w.secs > 0.0 { x as f64 / w.secs } else { 0.0 };
    // Tagged streams: every worker's receive table merged, read before the transmit
    // counters below were published (so a stream's rx never runs ahead of its tx
    // within one worker).
    let mut rx_merged: BTreeMap<u16, RxMerged> = BTreeMap::new();
    // The first packet of each flow, apart (streams that split it off).
    let mut first_merged: BTreeMap<u16, (u64, Latency)> = BTreeMap::new();
    // Latency from the ports' departure stamps, and the arrivals it could not measure.
    let mut kernel_merged: BTreeMap<u16, (Latency, u64)> = BTreeMap::new();
    // Streams counted by VLAN: by (port, slot), and the unknown VLANs seen.
    let mut vlan_merged: BTreeMap<u16, VlanMerged> = BTreeMap::new();
    for c in counters {
        let KindCounters::Stateless { rx: Some(rx), .. } = &c.kind else { continue };
        for (id, s) in rx.streams() {
            if let Some(v) = rx.vlans(id) {
                let e = vlan_merged.entry(id).or_default();
                for (k, c) in &v.counts {
                    e.0.entry(*k).or_default().merge(c);
                }
                for u in &v.unknown {
                    if e.1.len() < riptide_measure::vlan::MAX_UNKNOWN && !e.1.contains(u) {
                        e.1.push(*u);
                    }
                }
            }
            let e = rx_merged.entry(id).or_default();
            e.0.merge(&s.seq.counters);
            if let Some(l) = &s.latency {
                e.1.get_or_insert_with(Latency::default).merge(l);
            }
            e.2.merge(&s.disruptions);
            for (i, p) in s.ports.iter().enumerate() {
                if e.3.len() <= i {
                    e.3.resize(i + 1, [0; 2]);
                }
                e.3[i][0] += p[0];
                e.3[i][1] += p[1];
            }
            if let Some(k) = &s.kernel {
                let e = kernel_merged.entry(id).or_default();
                e.0.merge(k);
                e.1 += s.unstamped + s.waiting;
            }
            if let Some(f) = &s.first {
                let e = first_merged.entry(id).or_insert_with(|| (s.flows, Latency::default()));
                e.1.merge(f);
            }
        }
    }
    let mut disruptions = Vec::new();
    let mut latency = Vec::new();
    let mut streams = Vec::new();
    for s in profile.streams.iter().filter(|s| s.enabled) {
        let mut sc = riptide_core::StreamCounters::default();
        for c in counters {
            if let Some(x) = c.streams().get(s.index as usize) {
                sc.merge(x);
            }
        }
        if let (Some(_), Some(handed)) = (&s.tag, handed) {
            // Read after the receive tables above: frames handed to a port are
            // counted here before anyone can receive them.
            let n: u64 = handed.iter().filter_map(|h| h.get(s.index as usize)).map(|a| a.load(Ordering::Acquire)).sum();
            sc.opackets = sc.opackets.max(n);
        }
        let f = factors.get(s.port as usize).copied().unwrap_or(1.0);
        let line = groups.get(s.port as usize).map_or(w.line, |g| g.info.caps.line_rate);
        let (req_l1, _) = s.requested_bps(f, line);
        streams.push(StreamStats {
            id: s.index,
            name: s.name.clone(),
            port: s.port,
            opackets: sc.opackets,
            obytes: sc.obytes,
            requested_pps: if w.unpaced { f64::INFINITY } else { s.requested_pps(f, line) * w.share },
            achieved_pps: rate(sc.opackets),
            requested_bps_l1: if w.unpaced { f64::INFINITY } else { req_l1 * w.share },
            achieved_bps_l1: rate((sc.obytes + sc.opackets * (FCS_LEN + L1_OVERHEAD) as u64) * 8),
            rx: s.tag.as_ref().map(|t| {
                let seq = rx_merged.get(&t.id).map(|e| e.0).unwrap_or_default();
                let d = rx_merged.get(&t.id).map(|e| &e.2);
                for e in d.map_or(&[][..], |d| &d.events[..]) {
                    disruptions.push(DisruptionStats {
                        stream: s.name.clone(),
                        id: t.id,
                        start_s: e.start_ns as f64 / 1e9,
                        length_ms: e.end_ns.saturating_sub(e.start_ns) as f64 / 1e6,
                        lost: e.lost,
                    });
                }
                StreamRxStats {
                    rx_packets: seq.rx_packets,
                    rx_bytes: seq.rx_bytes,
                    lost: sc.opackets.saturating_sub(seq.unique),
                    out_of_order: seq.out_of_order,
                    duplicates: seq.duplicates,
                    seq_too_high: seq.seq_too_high,
                    seq_too_low: seq.seq_too_low,
                    disruptions: d.map_or(0, |d| d.total),
                    ports: rx_merged.get(&t.id).map_or_else(Vec::new, |e| {
                        e.3.iter()
                            .enumerate()
                            .filter(|(_, c)| c[0] > 0)
                            .map(|(port, c)| RxPortStats { port, rx_packets: c[0], rx_bytes: c[1] })
                            .collect()
                    }),
                    vlans: vlan_merged.get(&t.id).map_or_else(Vec::new, |v| vlan_stats(&v.0)),
                    unknown_vlans: vlan_merged.get(&t.id).map_or_else(Vec::new, |v| {
                        v.1.iter()
                            .map(|&(port, k)| UnknownVlan {
                                port: usize::from(port),
                                vids: match k {
                                    VlanKey::Dot1q(a) => vec![a],
                                    VlanKey::Qinq(a, b) => vec![a, b],
                                },
                            })
                            .collect()
                    }),
                }
            }),
        });
        if let Some(t) = s.tag.as_ref().filter(|t| t.latency) {
            let user = rx_merged.get(&t.id).and_then(|e| e.1.as_ref());
            let kernel = kernel_merged.get(&t.id);
            // The kernel's departures where the port took them: one source per histogram.
            let merged = kernel.map(|k| &k.0).or(user);
            let l = merged.map(Latency::peek).unwrap_or_default();
            let hdr = hist.then(|| merged.map(Latency::encoded_base64)).flatten();
            let first = first_merged.get(&t.id);
            latency.push(LatencyStats {
                stream: s.name.clone(),
                id: t.id,
                summary: l,
                hdr,
                flows: first.map(|f| f.0),
                first_packet: first.map(|f| f.1.peek()),
                source: Some(if kernel.is_some() { "kernel" } else { "user" }.into()),
                user: kernel.map(|_| user.map(Latency::peek).unwrap_or_default()),
                unstamped: kernel.map_or(0, |k| k.1),
            });
        }
    }
    disruptions.sort_by(|a, b| a.start_s.total_cmp(&b.start_s));
    (streams, latency, disruptions)
}

/// The merged VLAN counts in the snapshot's terms, by port then slot.
fn vlan_stats(counts: &BTreeMap<(u16, Slot), VlanCounts>) -> Vec<VlanRxStats> {
    counts
        .iter()
        .map(|(&(port, slot), c)| VlanRxStats {
            port: usize::from(port),
            group: match slot {
                Slot::Group(g) => Some(g),
                _ => None,
            },
            unknown: slot == Slot::Unknown,
            rx_packets: c.packets,
            rx_bytes: c.bytes,
            seq_err: c.seq_err,
            seq_err_too_big: c.seq_err_too_big,
            seq_err_too_small: c.seq_err_too_small,
            duplicates: c.dup,
            out_of_order: c.ooo,
        })
        .collect()
}
