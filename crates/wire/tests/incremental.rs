//! RFC 1624 incremental checksum updates against full recomputes.
//!
//! The one disagreement allowed (see the `checksum` module docs): when the covered data is all
//! zero bytes, a full recompute gives `0xFFFF` and the update may give `0x0000`. Real frames
//! never hit it (IPv4 has its version nibble, UDP/TCP their pseudo-header protocol), so the
//! frame-level properties demand byte-exact equality.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{frame, L4};
use proptest::prelude::*;
use riptide_wire::checksum::{self, update16, update32, update_bytes, update_bytes_at};
use riptide_wire::tcp::TcpFlags;
use riptide_wire::{ipv4, tcp, udp, IpAddress};
use std::net::Ipv4Addr;

/// The checksum field value for `data` computed from scratch.
fn full(data: &[u8]) -> u16 {
    !checksum::data(data)
}

/// Equal, or both zero where the data is all zero.
fn agrees(incremental: u16, data_after: &[u8]) -> bool {
    let recomputed = full(data_after);
    if data_after.iter().all(|&b| b == 0) {
        recomputed == 0xFFFF && (incremental == 0 || incremental == 0xFFFF)
    } else {
        incremental == recomputed
    }
}

#[test]
fn all_zero_data_documented_case() {
    let before = [0x00, 0x00, 0x12, 0x34];
    let after = [0u8; 4];
    let inc = update_bytes(full(&before), &before[2..], &after[2..]);
    assert_eq!((inc, full(&after)), (0x0000, 0xFFFF));
    assert!(agrees(inc, &after));
}

/// One change in a built frame: the new bytes at a frame offset, and where they sit relative
/// to the IPv4 header and the upper-layer checksummed data (`None` when not covered).
#[derive(Debug, Clone)]
struct Change {
    at: usize,
    new: Vec<u8>,
    ip_rel: Option<usize>,
    l4_rel: Option<usize>,
}

const IP: usize = 14;
const L4_AT: usize = 34;

fn changes(l4_header: usize, payload_len: usize) -> impl Strategy<Value = Change> {
    let c = |at: usize, new: &[u8], ip_rel: Option<usize>, l4_rel: Option<usize>| Change {
        at,
        new: new.to_vec(),
        ip_rel,
        l4_rel,
    };
    let mut options: Vec<BoxedStrategy<Change>> = vec![
        // Addresses are in both the IPv4 header and the pseudo-header (at even offsets there).
        any::<[u8; 4]>().prop_map(move |a| c(IP + 12, &a, Some(12), Some(0))).boxed(),
        any::<[u8; 4]>().prop_map(move |a| c(IP + 16, &a, Some(16), Some(0))).boxed(),
        any::<u8>().prop_map(move |t| c(IP + 8, &[t], Some(8), None)).boxed(), // TTL, even
        any::<u8>().prop_map(move |t| c(IP + 1, &[t], Some(1), None)).boxed(), // TOS, odd
        any::<[u8; 2]>().prop_map(move |i| c(IP + 4, &i, Some(4), None)).boxed(), // ident
        any::<[u8; 2]>().prop_map(move |p| c(L4_AT, &p, None, Some(0))).boxed(), // src port
        any::<[u8; 2]>().prop_map(move |p| c(L4_AT + 2, &p, None, Some(2))).boxed(), // dst port
    ];
    if payload_len > 0 {
        // A span of 1..=3 payload bytes at any (odd or even) offset.
        let span = (0..payload_len, proptest::collection::vec(any::<u8>(), 1..4)).prop_map(move |(off, bytes)| {
            let n = bytes.len().min(payload_len - off);
            c(L4_AT + l4_header + off, &bytes[..n], None, Some(l4_header + off))
        });
        options.push(span.boxed());
    }
    proptest::strategy::Union::new(options)
}

/// A UDP or TCP over IPv4 frame's parts, and a few changes to make to it.
fn frame_and_changes() -> impl Strategy<Value = (L4, u32, u32, Vec<u8>, Vec<Change>)> {
    let parts = (udp_or_tcp(), any::<u32>(), any::<u32>(), proptest::collection::vec(any::<u8>(), 0..40));
    parts.prop_flat_map(|(l4, src, dst, payload)| {
        let header = if matches!(l4, L4::Udp(..)) { udp::HEADER_LEN } else { tcp::HEADER_LEN };
        let changes = proptest::collection::vec(changes(header, payload.len()), 1..5);
        (Just(l4), Just(src), Just(dst), Just(payload), changes)
    })
}

/// Applies `change` to `frame` with incremental updates of the IPv4 and upper-layer checksums.
fn apply_incrementally(frame: &mut [u8], change: &Change, l4_checksum_at: usize, is_udp: bool) {
    let range = change.at..change.at + change.new.len();
    let old = frame[range.clone()].to_vec();
    frame[range].copy_from_slice(&change.new);
    if let Some(rel) = change.ip_rel {
        let cs = u16::from_be_bytes([frame[IP + 10], frame[IP + 11]]);
        let cs = update_bytes_at(cs, rel, &old, &change.new);
        frame[IP + 10..IP + 12].copy_from_slice(&cs.to_be_bytes());
    }
    if let Some(rel) = change.l4_rel {
        let at = L4_AT + l4_checksum_at;
        let cs = u16::from_be_bytes([frame[at], frame[at + 1]]);
        let update = |c| update_bytes_at(c, rel, &old, &change.new);
        let cs = if is_udp { udp::update_checksum_field(cs, update) } else { update(cs) };
        frame[at..at + 2].copy_from_slice(&cs.to_be_bytes());
    }
}

/// The same frame with every checksum computed from scratch.
fn recomputed(frame: &[u8], is_udp: bool) -> Vec<u8> {
    let mut f = frame.to_vec();
    let mut ip = ipv4::Packet::new_checked(&mut f[IP..]).unwrap();
    ip.fill_checksum();
    let (src, dst) = (IpAddress::V4(ip.src_addr()), IpAddress::V4(ip.dst_addr()));
    if is_udp {
        udp::Packet::new_checked(ip.payload_mut()).unwrap().fill_checksum(&src, &dst);
    } else {
        tcp::Packet::new_checked(ip.payload_mut()).unwrap().fill_checksum(&src, &dst);
    }
    f
}

fn udp_or_tcp() -> impl Strategy<Value = L4> {
    prop_oneof![
        (any::<u16>(), any::<u16>()).prop_map(|(s, d)| L4::Udp(s, d)),
        (any::<u16>(), any::<u16>(), any::<u32>(), any::<u8>()).prop_map(|(s, d, seq, f)| L4::Tcp(tcp::Repr {
            src_port: s,
            dst_port: d,
            seq,
            ack: 0,
            flags: TcpFlags(f),
            window: 1024,
            urgent: 0,
        })),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn update_bytes_at_any_offset(
        data in proptest::collection::vec(any::<u8>(), 1..120),
        at in any::<prop::sample::Index>(),
        new in proptest::collection::vec(any::<u8>(), 1..9),
    ) {
        let offset = at.index(data.len());
        let n = new.len().min(data.len() - offset);
        let mut after = data.clone();
        after[offset..offset + n].copy_from_slice(&new[..n]);
        let inc = update_bytes_at(full(&data), offset, &data[offset..offset + n], &new[..n]);
        prop_assert!(agrees(inc, &after), "inc {:#06x} full {:#06x}", inc, full(&after));
        if offset % 2 == 0 {
            prop_assert_eq!(update_bytes(full(&data), &data[offset..offset + n], &new[..n]), inc);
        }
    }

    #[test]
    fn update16_and_update32_at_even_offsets(
        data in proptest::collection::vec(any::<u8>(), 4..120),
        at in any::<prop::sample::Index>(),
        new in any::<u32>(),
    ) {
        let offset = at.index(data.len() / 2 - 1) * 2;
        let old16 = u16::from_be_bytes([data[offset], data[offset + 1]]);
        let old32 = u32::from_be_bytes([data[offset], data[offset + 1], data[offset + 2], data[offset + 3]]);
        let mut after = data.clone();
        after[offset..offset + 2].copy_from_slice(&(new as u16).to_be_bytes());
        prop_assert!(agrees(update16(full(&data), old16, new as u16), &after));
        let mut after = data.clone();
        after[offset..offset + 4].copy_from_slice(&new.to_be_bytes());
        prop_assert!(agrees(update32(full(&data), old32, new), &after));
    }

    #[test]
    fn frame_field_changes_match_full_recompute((l4, src, dst, payload, changes) in frame_and_changes()) {
        let (src, dst) = (IpAddress::V4(Ipv4Addr::from(src)), IpAddress::V4(Ipv4Addr::from(dst)));
        let mut f = frame(&[], src, dst, l4, &payload);
        let (is_udp, checksum_at) = if matches!(l4, L4::Udp(..)) { (true, 6) } else { (false, 16) };
        for change in &changes {
            apply_incrementally(&mut f, change, checksum_at, is_udp);
            prop_assert_eq!(&f, &recomputed(&f, is_udp), "after {:?}", change);
        }
    }

    #[test]
    fn udp_checksum_ffff_survives_updates(port in any::<u16>()) {
        // A datagram whose checksum computes to zero is sent as 0xFFFF; updates from there
        // must still agree with a full recompute (0xFFFF and 0x0000 are the same zero).
        let src = IpAddress::V4(Ipv4Addr::new(10, 0, 0, 1));
        let dst = IpAddress::V4(Ipv4Addr::new(10, 0, 0, 2));
        let mut f = frame(&[], src, dst, L4::Udp(1, 2), &[0, 0]);
        let word = u16::from_be_bytes([f[L4_AT + 6], f[L4_AT + 7]]);
        let mut f2 = frame(&[], src, dst, L4::Udp(1, 2), &word.to_be_bytes());
        prop_assert_eq!(&f2[L4_AT + 6..L4_AT + 8], &[0xff, 0xff]);
        let change = Change { at: L4_AT, new: port.to_be_bytes().to_vec(), ip_rel: None, l4_rel: Some(0) };
        apply_incrementally(&mut f2, &change, 6, true);
        prop_assert_eq!(&f2, &recomputed(&f2, true));
        apply_incrementally(&mut f, &change, 6, true);
        prop_assert_eq!(&f, &recomputed(&f, true));
    }
}
