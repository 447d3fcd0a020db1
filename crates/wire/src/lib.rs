//! Packet formats for riptide: zero-copy views and high-level representations.
//!
//! # A tour of the modules
//!
//! Each protocol lives in its own file and follows the same two-level model:
//!
//! * a **view** over a byte buffer (`ipv4::Packet<T: AsRef<[u8]>>`) with getters for every header
//!   field and, when `T: AsMut<[u8]>`, setters. Views never copy and never allocate;
//! * a **Repr** (`ipv4::Repr`), a plain struct of the fields that matter, with `parse` (view to
//!   Repr, validating), `emit` (Repr to bytes) and `buffer_len`.
//!
//! Layers, from the wire up:
//!
//! * [`ethernet`]: Ethernet II frames, [`ethernet::EthernetAddress`], [`ethernet::EtherType`];
//! * [`vlan`]: one 802.1Q / 802.1ad tag (the 4 bytes after a 0x8100 or 0x88A8 TPID);
//! * [`mpls`]: one MPLS label stack entry;
//! * [`ip`]: [`ip::IpAddress`] (either family), [`ip::Protocol`] and the pseudo-header sum;
//! * [`ipv4`], [`ipv6`]: IP headers;
//! * [`udp`], [`tcp`]: transport headers, checksummed with the IP pseudo-header;
//! * [`tcp_options`]: MSS, window scale, SACK and timestamps, parsed and emitted;
//! * [`icmpv4`], [`icmpv6`]: echo request/reply;
//! * [`checksum`]: the internet checksum (RFC 1071) and incremental updates (RFC 1624);
//! * [`FieldDesc`]: each protocol's `FIELDS`, the header fields a generator writes (offset,
//!   width, mask), and its `CHECKSUM` / length / pseudo-header positions: the one place
//!   header layouts are written down; the field engine, the stateful generator and the
//!   measurement code all read them from here;
//! * [`mod@decode`]: a diagnostic decoder that walks a whole frame and prints it tshark-style,
//!   plus [`decode::hexdump`].
//!
//! # The view contract
//!
//! `new_unchecked` wraps any buffer and performs no check: accessors on such a view may panic
//! if the buffer is too short. `new_checked` (or `new_unchecked` followed by a successful
//! `check_len`) validates the buffer length against the fixed header and against the length
//! fields the header carries; after that **no getter, setter or payload accessor panics**.
//! Setters that change a length field (IPv4 total length or header length, IPv6 payload
//! length, UDP length, TCP data offset) can void that check: run `check_len` again before
//! reading the payload. Reprs' `parse` functions run `check_len` themselves, so they never
//! panic either.
//! `emit` functions panic if the buffer is shorter than the Repr's `buffer_len`; size the
//! buffer first.

#![cfg_attr(test, allow(clippy::unwrap_used, clippy::expect_used))]

use core::ops::{Range, RangeFrom};

pub mod arp;
pub mod checksum;
pub mod decode;
pub mod echo;
pub mod ethernet;
pub mod geneve;
pub mod gre;
pub mod gtpu;
pub mod icmpv4;
pub mod icmpv6;
pub mod ip;
pub mod ipv4;
pub mod ipv6;
pub mod mpls;
pub mod neighbor;
pub mod srh;
pub mod tcp;
pub mod tcp_options;
pub mod udp;
pub mod vlan;
pub mod vxlan;

pub use checksum::ChecksumMode;

/// A header field a generator may write: where it sits in its header and how wide it is.
///
/// `width` bytes big-endian at `offset` from the header's start; within them the field is
/// the bits of `mask`, `shift` bits up (a VLAN id is `0x0FFF` of the 2-byte TCI, shift 0;
/// its PCP `0xE000`, shift 13). Which checksum covers the field follows from its header:
/// each protocol module names its `CHECKSUM` offset, and the IP modules the pseudo-header
/// address bytes (`ADDRS`) that L4 checksums cover too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldDesc {
    /// The field's name in profiles (`src`, `ttl`, `flow_label`).
    pub name: &'static str,
    /// Bytes from the start of the header.
    pub offset: usize,
    /// Bytes the field's value spans.
    pub width: u8,
    /// The field's bits within those bytes.
    pub mask: u64,
    /// How far up the mask sits.
    pub shift: u8,
}

impl FieldDesc {
    /// A field of whole bytes.
    pub const fn bytes(name: &'static str, offset: usize, width: u8) -> FieldDesc {
        let mask = if width >= 8 { u64::MAX } else { (1u64 << (width as u32 * 8)) - 1 };
        FieldDesc { name, offset, width, mask, shift: 0 }
    }

    /// A bit field: `mask` of the `width` bytes at `offset`, `shift` bits up.
    pub const fn bits(name: &'static str, offset: usize, width: u8, mask: u64, shift: u8) -> FieldDesc {
        FieldDesc { name, offset, width, mask, shift }
    }
}
pub use decode::{decode, hexdump, Decoded, Layer};
pub use ip::{IpAddress, Protocol};

/// Errors from checking or parsing a packet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The buffer is shorter than the header, or than a length field in the header says.
    #[error("truncated packet: the buffer is shorter than the header or its length fields require")]
    Truncated,
    /// A header field holds an invalid or inconsistent value (version, header length, ...).
    #[error("malformed packet: a header field holds an invalid or inconsistent value")]
    Malformed,
    /// The checksum does not verify.
    #[error("bad checksum")]
    Checksum,
    /// The packet is well formed but not something this Repr represents (e.g. a fragment).
    #[error("unsupported packet: valid, but not representable by this Repr")]
    Unsupported,
}

/// The result type of this crate.
pub type Result<T> = core::result::Result<T, Error>;

/// A fixed byte range of a header.
pub(crate) type Field = Range<usize>;
/// The byte range from a fixed offset to the end of the buffer.
pub(crate) type Rest = RangeFrom<usize>;

/// Big-endian accessors shared by the views. Callers guarantee the indices are in bounds.
pub(crate) mod be {
    /// Reads a big-endian u16 at `at`.
    #[inline]
    pub(crate) fn u16_at(data: &[u8], at: usize) -> u16 {
        u16::from_be_bytes([data[at], data[at + 1]])
    }

    /// Reads a big-endian u32 at `at`.
    #[inline]
    pub(crate) fn u32_at(data: &[u8], at: usize) -> u32 {
        u32::from_be_bytes([data[at], data[at + 1], data[at + 2], data[at + 3]])
    }

    /// Writes a big-endian u16 at `at`.
    #[inline]
    pub(crate) fn set_u16(data: &mut [u8], at: usize, value: u16) {
        data[at..at + 2].copy_from_slice(&value.to_be_bytes());
    }

    /// Writes a big-endian u32 at `at`.
    #[inline]
    pub(crate) fn set_u32(data: &mut [u8], at: usize, value: u32) {
        data[at..at + 4].copy_from_slice(&value.to_be_bytes());
    }
}
