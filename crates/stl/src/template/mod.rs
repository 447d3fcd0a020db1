//! Packet templates: a frame built once from its layers, patched per packet.
//!
//! [`build`] turns a layer list into
//! - a [`Template`]: the frame bytes at the largest size the stream sends, plus,
//!   when sizes vary, the few 16-bit fields that depend on the size (IPv4 total
//!   length and header checksum, IPv6 payload length, UDP length, L4 checksum)
//!   precomputed for every size; [`Template::write`] copies the bytes and patches
//!   those fields, so no checksum is ever recomputed on the hot path;
//! - a [`Layout`]: where each named field lives (`ipv4.src`, `vlan[1].id`, ...)
//!   and which checksums cover which bytes, for compiling field-engine writes.
//!
//! The payload always runs to the end of the frame and is covered by the IP and
//! L4 lengths; sizes count the FCS, which is never written.

use crate::field::{ChecksumFields, Coverage, SLOTS};
use crate::schema::{Layer, PayloadSpec};
use riptide_core::units::FCS_LEN;
use std::ops::Range;

mod emit;
mod layout;
mod parse;
mod raw;
mod summary;

pub use emit::LayerError;
pub use parse::{layers_of_frame, FrameError};
pub use raw::{raw, raw_size};
pub use summary::FrameSummary;

/// The stored bytes are zero-padded to a multiple of this. [`Template::write`] copies
/// exactly the frame's length: copying whole fixed-size chunks instead measured slower
/// than libc's memmove (`riptide bench`, Intel Xeon VM: 45..47 against 50..51 Mpps, with
/// 32- and 64-byte chunks).
const CHUNK: usize = 32;

/// A frame built once, written per packet.
#[derive(Clone, Debug)]
pub struct Template {
    /// The frame at the largest size, zero-padded to a multiple of `CHUNK`.
    bytes: Vec<u8>,
    max_len: usize,
    patch_at: Vec<u16>,
    min_size: u16,
    patches: Vec<u16>,
}

impl Template {
    /// Writes the frame for `size` (FCS included) into `buf`; returns its length.
    #[inline]
    pub fn write(&self, buf: &mut [u8], size: u16) -> usize {
        let len = (size as usize).saturating_sub(FCS_LEN).min(self.bytes.len()).min(buf.len());
        buf[..len].copy_from_slice(&self.bytes[..len]);
        if !self.patches.is_empty() {
            let n = self.patch_at.len();
            let base = size.saturating_sub(self.min_size) as usize * n;
            if let Some(vals) = self.patches.get(base..base + n) {
                for (&at, &v) in self.patch_at.iter().zip(vals) {
                    if let Some(dst) = buf.get_mut(at as usize..at as usize + 2) {
                        dst.copy_from_slice(&v.to_be_bytes());
                    }
                }
            }
        }
        len
    }

    /// The length [`write`](Self::write) gives a frame of `size` bytes (FCS included)
    /// into a buffer of at least that many bytes.
    pub fn len_for(&self, size: u16) -> usize {
        (size as usize).saturating_sub(FCS_LEN).min(self.bytes.len())
    }

    /// Copies the first 64 bytes of the template (zero-padded) into `block`; false when
    /// the template is shorter (then nothing is written).
    #[inline]
    pub fn write_block(&self, block: &mut [u8; 64]) -> bool {
        let Some(src) = self.bytes.first_chunk::<64>() else { return false };
        // Four 16-byte words, so the compiler neither calls memcpy nor loops.
        for (d, s) in block.as_chunks_mut::<16>().0.iter_mut().zip(src.as_chunks::<16>().0) {
            *d = u128::from_ne_bytes(*s).to_ne_bytes();
        }
        true
    }

    /// Copies the first `len` bytes of the frame into `buf` (a fixed size: no length
    /// field to patch). `len` at most [`len_for`](Self::len_for) of the stream's size.
    /// Small frames are copied as one fixed 64-byte block (the template is zero-padded
    /// to it; the slot's bytes past `len` are scratch): two vector moves where a call to
    /// memmove took a third of the engine's time (`riptide bench`, BENCHMARKS.md).
    #[inline]
    pub fn write_prefix(&self, buf: &mut [u8], len: usize) {
        const BLOCK: usize = 64;
        if len <= BLOCK {
            if let Some(block) = buf.first_chunk_mut::<BLOCK>() {
                if self.write_block(block) {
                    return;
                }
            }
        }
        if let (Some(dst), Some(src)) = (buf.get_mut(..len), self.bytes.get(..len)) {
            dst.copy_from_slice(src);
        }
    }

    /// Bytes stored, the zero padding after the frame included.
    pub fn bytes_padded(&self) -> usize {
        self.bytes.len()
    }

    /// The frame bytes at the largest size (FCS excluded).
    pub fn bytes(&self) -> &[u8] {
        &self.bytes[..self.max_len]
    }

    /// Offsets of the 16-bit fields patched per frame size (empty when the size is fixed).
    pub fn size_patched(&self) -> &[u16] {
        if self.patches.is_empty() {
            &[]
        } else {
            &self.patch_at
        }
    }

    /// Length of the frame at the largest size (FCS excluded).
    pub fn max_len(&self) -> usize {
        self.max_len
    }
}

/// Where a named field lives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldDef {
    /// Name, e.g. `ipv4.src` or `vlan[1].id`.
    pub name: String,
    /// Byte offset in the frame.
    pub offset: u16,
    /// Bytes spanned (1..=16).
    pub size: u8,
    /// Bits of the span that belong to the field (all ones when whole bytes).
    pub mask: u64,
    /// Position of the field's lowest bit in the span.
    pub shift: u8,
}

/// One packet's checksummed parts: the outer packet, or the inner packet a tunnel
/// header (VXLAN, Geneve, GRE, GTP-U) carries.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Segment {
    /// The IPv4 header, if any.
    pub ipv4_header: Option<Range<usize>>,
    /// Offset of its checksum.
    pub ip_csum: Option<u16>,
    /// Bytes covered by the L4 checksum through the pseudo-header: the IP addresses (one
    /// range), or the source and the final destination a routing header holds (two).
    pub pseudo: Vec<Range<usize>>,
    /// Start of the L4 header, if its checksum is maintained (it covers the rest of the
    /// packet: an inner packet's too).
    pub l4_start: Option<usize>,
    /// Offset of the L4 checksum, if maintained.
    pub l4_csum: Option<u16>,
    /// The L4 checksum is UDP's.
    pub l4_udp: bool,
    /// The UDP length field, when the UDP checksum is kept: it counts in the checksum twice
    /// (in the header and in the pseudo-header).
    pub udp_length: Option<Range<usize>>,
}

/// The layout of a built frame: named fields and checksum coverage.
#[derive(Clone, Debug, Default)]
pub struct Layout {
    /// Named fields.
    pub fields: Vec<FieldDef>,
    /// Bytes of headers before the payload.
    pub header_len: usize,
    /// The outer packet's checksummed parts.
    pub outer: Segment,
    /// The inner packet's, after a tunnel header.
    pub inner: Option<Segment>,
    /// Where the packet ends when the frame has Ethernet padding after it (`payload:
    /// {len: N}`): writes from there on touch no checksum. `None`: the frame's end.
    pub content_end: Option<usize>,
    /// The headers riptide knows, outermost first, with their offsets (`eth`, `vlan`,
    /// `ipv4`, `srh`, `udp`...).
    pub headers: Vec<(&'static str, usize)>,
    /// Where a raw frame's walk stopped and why, when bytes riptide cannot name follow
    /// its headers (`IPv4 protocol 61 is opaque to riptide`).
    pub opaque: Option<(usize, String)>,
}

impl Layout {
    /// The field called `name`.
    pub fn field(&self, name: &str) -> Option<&FieldDef> {
        self.fields.iter().find(|f| f.name == name)
    }

    /// Names of every field, for error messages (the `[0]` aliases left out).
    pub fn names(&self) -> Vec<&str> {
        self.fields.iter().map(|f| f.name.as_str()).filter(|n| !n.contains("[0]")).collect()
    }

    /// The checksums to fix, slot by slot (outer IPv4 and L4, inner IPv4 and L4).
    pub fn csum(&self) -> ChecksumFields {
        let mut c = ChecksumFields::default();
        for (k, seg) in std::iter::once(&self.outer).chain(self.inner.as_ref()).enumerate() {
            c.at[2 * k] = seg.ip_csum;
            c.at[2 * k + 1] = seg.l4_csum;
            c.udp[2 * k + 1] = seg.l4_udp;
        }
        c
    }

    /// The L4 checksum that covers the payload (the innermost kept; an outer one covering
    /// it too is left unchanged by what that inner one absorbs): its offset, where its L4
    /// header starts and whether it is UDP's. For the measurement tag's writes.
    pub fn payload_l4(&self) -> Option<(u16, usize, bool)> {
        let seg = self.inner.as_ref().filter(|s| s.l4_csum.is_some()).unwrap_or(&self.outer);
        Some((seg.l4_csum?, seg.l4_start?, seg.l4_udp))
    }

    /// How a write of `len` bytes at `offset` counts in each checksum ([`Coverage`]).
    pub fn coverage(&self, offset: usize, len: usize) -> Coverage {
        let r = offset..offset + len;
        let overlaps = |x: &Range<usize>| r.start < x.end && x.start < r.end;
        let in_l4 = |seg: &Segment, r: &Range<usize>| {
            seg.l4_csum.is_some()
                && (seg.l4_start.is_some_and(|s| r.end > s && self.content_end.is_none_or(|e| r.start < e))
                    || seg.pseudo.iter().any(|x| r.start < x.end && x.start < r.end))
        };
        let own = |seg: &Segment| -> [i8; 2] {
            let ip = seg.ip_csum.is_some() && seg.ipv4_header.as_ref().is_some_and(overlaps);
            let twice = seg.udp_length.as_ref().is_some_and(|l| l.start <= r.start && r.end <= l.end);
            [i8::from(ip), if in_l4(seg, &r) { 1 + i8::from(twice) } else { 0 }]
        };
        let mut w = [0i8; SLOTS];
        [w[0], w[1]] = own(&self.outer);
        if let Some(inner) = &self.inner {
            [w[2], w[3]] = own(inner);
            // The outer L4 checksum covers the inner checksums, which move against the
            // write by their own counts.
            for (k, at) in [(2, inner.ip_csum), (3, inner.l4_csum)] {
                if let Some(at) = at {
                    if in_l4(&self.outer, &(at as usize..at as usize + 2)) {
                        w[1] -= w[k];
                    }
                }
            }
        }
        Coverage(w)
    }
}

/// Builds the template for `layers` at every size in `sizes` (FCS included,
/// ascending, non-empty) and returns it with the layout.
pub fn build(layers: &[Layer], sizes: &[u16]) -> Result<(Template, Layout), LayerError> {
    let plan = emit::Plan::new(layers)?;
    let (Some(&min), Some(_)) = (sizes.first(), sizes.last()) else {
        return Err(LayerError::NoSizes);
    };
    let min_needed = plan.min_len() + FCS_LEN;
    if (min as usize) < min_needed {
        return Err(LayerError::TooSmall { size: min as usize, needed: min_needed });
    }
    let template = Template::assemble(sizes, plan.size_dependent_fields(), |len| plan.emit(len))?;
    Ok((template, plan.layout()))
}

impl Template {
    /// The template of a frame sent at `sizes` (FCS included, ascending, non-empty):
    /// `emit(len)` gives the frame at `len` bytes (FCS excluded), whose 16-bit fields at
    /// `patch_at` are the only bytes that depend on the size. Both forms end here.
    fn assemble<E>(
        sizes: &[u16],
        patch_at: Vec<u16>,
        emit: impl Fn(usize) -> Result<Vec<u8>, E>,
    ) -> Result<Template, E> {
        let (min, max) = match (sizes.first(), sizes.last()) {
            (Some(&min), Some(&max)) => (min, max),
            _ => (FCS_LEN as u16, FCS_LEN as u16),
        };
        let mut bytes = emit(max as usize - FCS_LEN)?;
        let max_len = bytes.len();
        bytes.resize(max_len.div_ceil(CHUNK) * CHUNK, 0);
        let mut patches = Vec::new();
        if sizes.len() > 1 && !patch_at.is_empty() {
            let n = patch_at.len();
            patches = vec![0u16; (max - min + 1) as usize * n];
            for &s in sizes {
                let f = emit(s as usize - FCS_LEN)?;
                let base = (s - min) as usize * n;
                for (k, &at) in patch_at.iter().enumerate() {
                    let at = at as usize;
                    patches[base + k] = u16::from_be_bytes([f[at], f[at + 1]]);
                }
            }
            // Sizes not emitted keep zeros; the size generator never asks for them.
        }
        Ok(Template { bytes, max_len, patch_at, min_size: min, patches })
    }
}

/// Payload bytes for `len` bytes of payload.
pub(crate) fn payload_bytes(spec: Option<&PayloadSpec>, len: usize) -> Result<Vec<u8>, LayerError> {
    let mut out = vec![0u8; len];
    let Some(p) = spec else { return Ok(out) };
    let given = [p.pattern.is_some(), p.hex.is_some(), p.string.is_some()].iter().filter(|&&b| b).count();
    if given > 1 {
        return Err(LayerError::Payload("give only one of pattern, hex, string".into()));
    }
    let (src, repeat) = if let Some(h) = &p.pattern {
        (parse_hex(h)?, true)
    } else if let Some(h) = &p.hex {
        (parse_hex(h)?, false)
    } else if let Some(s) = &p.string {
        (s.as_bytes().to_vec(), true)
    } else {
        return Ok(out);
    };
    if src.is_empty() {
        return Err(LayerError::Payload("payload content is empty".into()));
    }
    if repeat {
        for (o, b) in out.iter_mut().zip(src.iter().cycle()) {
            *o = *b;
        }
    } else {
        for (o, b) in out.iter_mut().zip(src.iter()) {
            *o = *b;
        }
    }
    Ok(out)
}

pub(crate) fn parse_hex(h: &str) -> Result<Vec<u8>, LayerError> {
    let clean: String = h.chars().filter(|c| !c.is_whitespace() && *c != ':').collect();
    let clean = clean.strip_prefix("0x").unwrap_or(&clean);
    // Hex digits are ASCII: anything else is refused before the string is cut in pairs
    // (found by tests/fuzz.rs: a multi-byte character panicked the slicing).
    if !clean.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(LayerError::Payload(format!("'{}' is not hex bytes", riptide_core::error::shorten(h, 100))));
    }
    if !clean.len().is_multiple_of(2) {
        return Err(LayerError::Payload(format!("'{h}' has an odd number of hex digits")));
    }
    (0..clean.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&clean[i..i + 2], 16))
        .collect::<Result<_, _>>()
        .map_err(|_| LayerError::Payload(format!("'{h}' is not hex bytes")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_payloads_refuse_what_is_not_hex() {
        assert_eq!(parse_hex("de:ad be ef").unwrap(), [0xde, 0xad, 0xbe, 0xef]);
        assert_eq!(parse_hex("0x0102").unwrap(), [1, 2]);
        // A multi-byte character used to panic the pairwise slicing (tests/fuzz.rs found it).
        for bad in ["\u{fffd}eadbeef", "zz", "abc", "é1"] {
            assert!(parse_hex(bad).is_err(), "{bad}");
        }
    }
}
