//! A tagged stream's arrivals by VLAN: TRex's tagged packet groups (TPG).
//!
//! A run may list VLANs (an 802.1Q VID, or a QinQ pair in frame order); the list's
//! positions are the *VLAN groups*. A tagged stream counted `by_vlan` counts each
//! arrival under the group of the VLAN(s) it carries, by receiving port, with TRex's
//! sequence counters for that group (`CTPGTagCntr`): `seq_err` (numbers skipped),
//! `seq_err_too_big` and `seq_err_too_small` (events), `dup` and `ooo`. A frame with a
//! VLAN the list lacks counts under [`Slot::Unknown`] (packets and bytes only: a
//! sequence means nothing across VLANs), one without any under [`Slot::Untagged`].
//!
//! Bounded by what the run configured, not by what arrives: a record per (port, group)
//! that received something (ports up to the classifier's bound, groups up to the list's
//! length plus two), and at most [`MAX_UNKNOWN`] distinct unknown VLANs remembered.

use std::collections::HashMap;
use std::sync::Arc;

/// Groups a run may list (the group index is 16 bits, as TRex's tag id).
pub const MAX_GROUPS: usize = 65_535;

/// Distinct unknown VLANs a stream remembers (TRex's `MAX_UNKNOWN_TAGS`).
pub const MAX_UNKNOWN: usize = 10;

/// A VLAN as a frame carries it: one 802.1Q VID, or two (QinQ) in frame order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum VlanKey {
    /// One tag.
    Dot1q(u16),
    /// Two tags, the first (outer) one first.
    Qinq(u16, u16),
}

impl std::fmt::Display for VlanKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            VlanKey::Dot1q(v) => write!(f, "VLAN {v}"),
            VlanKey::Qinq(a, b) => write!(f, "QinQ [{a}, {b}]"),
        }
    }
}

/// The run's VLAN groups: a key's position in the list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VlanMap {
    keys: Vec<Option<VlanKey>>,
    index: HashMap<VlanKey, u16>,
}

impl VlanMap {
    /// The map of `keys` in order; an error names the first repeated key's position, a
    /// VID outside 1..=4094, or a list longer than [`MAX_GROUPS`].
    pub fn new(keys: Vec<VlanKey>) -> Result<VlanMap, String> {
        VlanMap::with_gaps(keys.into_iter().map(Some).collect())
    }

    /// As [`VlanMap::new`], where a `None` is a group no VLAN counts under (TRex's
    /// invalidated tag).
    pub fn with_gaps(keys: Vec<Option<VlanKey>>) -> Result<VlanMap, String> {
        if keys.len() > MAX_GROUPS {
            return Err(format!("{} VLAN groups: at most {MAX_GROUPS}", keys.len()));
        }
        let mut index = HashMap::with_capacity(keys.len());
        for (i, k) in keys.iter().enumerate() {
            let Some(k) = k else { continue };
            let vids = match *k {
                VlanKey::Dot1q(v) => [v, 1],
                VlanKey::Qinq(a, b) => [a, b],
            };
            if let Some(v) = vids.iter().find(|v| !(1..=4094).contains(*v)) {
                return Err(format!("[{i}]: VLAN {v}: a VID from 1 to 4094 expected"));
            }
            if let Some(j) = index.insert(*k, i as u16) {
                return Err(format!("[{i}]: {k} is group {j} already"));
            }
        }
        Ok(VlanMap { keys, index })
    }

    /// The keys, by group (`None`: a group no VLAN counts under).
    pub fn keys(&self) -> &[Option<VlanKey>] {
        &self.keys
    }

    /// Groups listed.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether the list is empty.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The group of `key`.
    pub fn group(&self, key: VlanKey) -> Option<u16> {
        self.index.get(&key).copied()
    }
}

/// The VLAN(s) of an Ethernet frame: none (untagged), one or two 802.1Q/802.1ad tags
/// (a second one counts only behind TPID 0x8100, as TRex's parser reads QinQ).
#[inline]
pub fn vlan_of(frame: &[u8]) -> Option<VlanKey> {
    let be = |i: usize| frame.get(i..i + 2).map(|b| u16::from_be_bytes([b[0], b[1]]));
    let tpid = be(12)?;
    if !matches!(tpid, 0x8100 | 0x88a8 | 0x9100) {
        return None;
    }
    let first = be(14)? & 0x0fff;
    match (be(16), be(18)) {
        (Some(0x8100), Some(second)) => Some(VlanKey::Qinq(first, second & 0x0fff)),
        _ => Some(VlanKey::Dot1q(first)),
    }
}

/// Where an arrival counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Slot {
    /// A listed VLAN: its group.
    Group(u16),
    /// A VLAN the list lacks.
    Unknown,
    /// No VLAN.
    Untagged,
}

/// TRex's counters of one (stream, port, group).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VlanCounts {
    /// Frames received.
    pub packets: u64,
    /// Their bytes (as the port counts them).
    pub bytes: u64,
    /// Sequence numbers skipped (less the late ones that came back).
    pub seq_err: u64,
    /// Arrivals ahead of the expected number.
    pub seq_err_too_big: u64,
    /// Arrivals behind it.
    pub seq_err_too_small: u64,
    /// Arrivals of the number just received.
    pub dup: u64,
    /// Other arrivals behind.
    pub ooo: u64,
    /// The next number expected.
    pub expected: u32,
}

impl VlanCounts {
    /// Counts an arrival with sequence number `seq` (TRex's `CTPGTagCntr::update_cntrs`:
    /// a multicast stream syncs to its first arrival; an unknown VLAN keeps no sequence).
    #[inline]
    pub fn on_packet(&mut self, seq: u32, bytes: u64, sequenced: bool, multicast: bool) {
        if multicast && self.packets == 0 {
            self.expected = seq.wrapping_add(1);
        } else if sequenced {
            if seq > self.expected {
                self.seq_err += u64::from(seq - self.expected);
                self.seq_err_too_big += 1;
                self.expected = seq.wrapping_add(1);
            } else if seq == self.expected {
                self.expected = seq.wrapping_add(1);
            } else {
                if seq == self.expected.wrapping_sub(1) {
                    self.dup += 1;
                } else {
                    self.ooo += 1;
                    self.seq_err = self.seq_err.saturating_sub(1);
                }
                self.seq_err_too_small += 1;
            }
        }
        self.packets += 1;
        self.bytes += bytes;
    }

    /// Adds another record's counts (the same group counted on another core or run).
    pub fn merge(&mut self, o: &VlanCounts) {
        self.packets += o.packets;
        self.bytes += o.bytes;
        self.seq_err += o.seq_err;
        self.seq_err_too_big += o.seq_err_too_big;
        self.seq_err_too_small += o.seq_err_too_small;
        self.dup += o.dup;
        self.ooo += o.ooo;
    }

    /// These counts less `o`'s (a cleared baseline), none below zero.
    pub fn since(&self, o: &VlanCounts) -> VlanCounts {
        VlanCounts {
            packets: self.packets.saturating_sub(o.packets),
            bytes: self.bytes.saturating_sub(o.bytes),
            seq_err: self.seq_err.saturating_sub(o.seq_err),
            seq_err_too_big: self.seq_err_too_big.saturating_sub(o.seq_err_too_big),
            seq_err_too_small: self.seq_err_too_small.saturating_sub(o.seq_err_too_small),
            dup: self.dup.saturating_sub(o.dup),
            ooo: self.ooo.saturating_sub(o.ooo),
            expected: self.expected,
        }
    }

    /// The counters alone (the expected number aside), to compare records.
    pub fn figures(&self) -> [u64; 7] {
        [self.packets, self.bytes, self.seq_err, self.seq_err_too_big, self.seq_err_too_small, self.dup, self.ooo]
    }
}

/// One stream's arrivals by (port, VLAN group).
#[derive(Clone, Debug, Default)]
pub struct VlanRx {
    map: Arc<VlanMap>,
    /// Records of the (port, slot)s that received something.
    pub counts: HashMap<(u16, Slot), VlanCounts>,
    /// Distinct unknown VLANs seen, with the port, the first [`MAX_UNKNOWN`].
    pub unknown: Vec<(u16, VlanKey)>,
}

impl VlanRx {
    /// Counts by `map`'s groups.
    pub fn new(map: Arc<VlanMap>) -> VlanRx {
        VlanRx { map, counts: HashMap::new(), unknown: Vec::new() }
    }

    /// Counts `frame` (sequence number `seq`, `bytes` long) received on `port`.
    #[inline]
    pub fn on_frame(&mut self, port: u16, frame: &[u8], seq: u32, bytes: u64) {
        let multicast = frame.first().is_some_and(|b| b & 1 == 1);
        let slot = match vlan_of(frame) {
            None => Slot::Untagged,
            Some(k) => match self.map.group(k) {
                Some(g) => Slot::Group(g),
                None => {
                    if self.unknown.len() < MAX_UNKNOWN && !self.unknown.contains(&(port, k)) {
                        self.unknown.push((port, k));
                    }
                    Slot::Unknown
                }
            },
        };
        let c = self.counts.entry((port, slot)).or_default();
        c.on_packet(seq, bytes, slot != Slot::Unknown, multicast);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(vlans: &[u16]) -> Vec<u8> {
        let mut f = vec![0u8; 12];
        for (i, v) in vlans.iter().enumerate() {
            f.extend_from_slice(&(if i == 0 { 0x88a8u16 } else { 0x8100 }).to_be_bytes());
            f.extend_from_slice(&(0x2000 | v).to_be_bytes());
        }
        f.extend_from_slice(&0x0800u16.to_be_bytes());
        f.resize(64, 0);
        f
    }

    #[test]
    fn vlans_are_read_in_frame_order() {
        assert_eq!(vlan_of(&frame(&[])), None);
        assert_eq!(vlan_of(&frame(&[7])), Some(VlanKey::Dot1q(7)));
        assert_eq!(vlan_of(&frame(&[1, 100])), Some(VlanKey::Qinq(1, 100)), "the priority bits are not the VID");
        assert_eq!(vlan_of(&frame(&[7])[..15]), None, "a cut tag is no tag");
    }

    #[test]
    fn the_map_refuses_repeats_and_reserved_vids() {
        assert!(VlanMap::new(vec![VlanKey::Dot1q(1), VlanKey::Qinq(1, 2)]).is_ok());
        let e = VlanMap::new(vec![VlanKey::Dot1q(5), VlanKey::Dot1q(5)]).unwrap_err();
        assert!(e.starts_with("[1]:") && e.contains("group 0"), "{e}");
        assert!(VlanMap::new(vec![VlanKey::Qinq(1, 4095)]).unwrap_err().contains("4095"));
        assert!(VlanMap::new(vec![VlanKey::Dot1q(0)]).unwrap_err().contains("1 to 4094"));
    }

    /// TRex's CTPGTagCntr, case by case (its gtest TPGTagCntrTest's sequences).
    #[test]
    fn sequence_counters_are_trexs() {
        let run = |seqs: &[u32]| {
            let mut c = VlanCounts::default();
            for &s in seqs {
                c.on_packet(s, 64, true, false);
            }
            c
        };
        let c = run(&[0, 1, 2, 3]);
        assert_eq!(c.figures(), [4, 256, 0, 0, 0, 0, 0]);
        // 0, 3: two skipped; then 1 comes late (ooo, one skipped number back).
        let c = run(&[0, 3, 1]);
        assert_eq!((c.seq_err, c.seq_err_too_big, c.seq_err_too_small, c.ooo, c.dup), (1, 1, 1, 1, 0));
        let c = run(&[0, 1, 1]);
        assert_eq!((c.seq_err, c.seq_err_too_small, c.dup, c.ooo), (0, 1, 1, 0));
        let mut m = VlanCounts::default();
        m.on_packet(40, 64, true, true);
        m.on_packet(41, 64, true, true);
        assert_eq!(m.seq_err, 0, "a multicast stream starts where it is first heard");
        let mut u = VlanCounts::default();
        u.on_packet(9, 64, false, false);
        assert_eq!(u.figures(), [1, 64, 0, 0, 0, 0, 0], "an unknown VLAN keeps no sequence");
        let c = run(&[0, 3, 1]);
        assert_eq!(c.since(&c).figures(), [0; 7]);
    }

    #[test]
    fn arrivals_count_by_port_and_group_and_unknown_vlans_are_bounded() {
        let map = Arc::new(VlanMap::new(vec![VlanKey::Qinq(1, 100), VlanKey::Dot1q(1)]).unwrap());
        let mut rx = VlanRx::new(map);
        rx.on_frame(1, &frame(&[1]), 0, 64);
        rx.on_frame(1, &frame(&[1, 100]), 1, 64);
        rx.on_frame(0, &frame(&[]), 2, 64);
        for v in 2..40 {
            rx.on_frame(1, &frame(&[v]), 3, 64);
        }
        assert_eq!(rx.counts[&(1, Slot::Group(1))].packets, 1);
        assert_eq!(rx.counts[&(1, Slot::Group(0))].seq_err, 1, "group 0 expected sequence number 0 first");
        assert_eq!(rx.counts[&(0, Slot::Untagged)].packets, 1);
        assert_eq!(rx.counts[&(1, Slot::Unknown)].packets, 38);
        assert_eq!(rx.unknown.len(), MAX_UNKNOWN);
        assert_eq!(rx.unknown[0], (1, VlanKey::Dot1q(2)));
        assert_eq!(rx.counts.len(), 4);
    }
}
