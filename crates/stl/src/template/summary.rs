//! What a stream's frame is, in one line: given as bytes (raw) or built from layers, the
//! headers riptide knows in it, and the checksums it keeps right (`riptide debug`).

use super::Layout;
use std::fmt;

/// A stream's frame as `riptide debug` introduces it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FrameSummary {
    /// Given as bytes and sent as they are (a raw template); false: built from layers.
    pub raw: bool,
    /// The sizes it is sent at (FCS included): the smallest and the largest.
    pub sizes: (u16, u16),
    /// The headers riptide knows in it, outermost first, with their offsets.
    pub headers: Vec<(&'static str, usize)>,
    /// Where a raw frame's walk stopped, and why, when bytes riptide cannot name follow.
    pub opaque: Option<(usize, String)>,
    /// The checksums riptide keeps right: the header's name and the field's offset.
    pub checksums: Vec<(&'static str, u16)>,
}

impl FrameSummary {
    /// The summary of a frame sent at `sizes` (FCS included, ascending) with `layout`.
    pub fn new(raw: bool, sizes: &[u16], layout: &Layout) -> Self {
        let named = |at: usize| layout.headers.iter().find(|h| h.1 == at).map_or("l4", |h| h.0);
        let mut checksums = Vec::new();
        for seg in std::iter::once(&layout.outer).chain(layout.inner.as_ref()) {
            if let Some(at) = seg.ip_csum {
                checksums.push(("ipv4", at));
            }
            if let (Some(at), Some(start)) = (seg.l4_csum, seg.l4_start) {
                checksums.push((named(start), at));
            }
        }
        FrameSummary {
            raw,
            sizes: (sizes.first().copied().unwrap_or(0), sizes.last().copied().unwrap_or(0)),
            headers: layout.headers.clone(),
            opaque: layout.opaque.clone(),
            checksums,
        }
    }
}

/// `raw frame (132 B; eth / ipv4 / tcp; checksums: ipv4 at 24, tcp at 50)`; a range of
/// sizes as `64..1518 B`; bytes riptide cannot name as `opaque from byte 23 (why)`.
impl fmt::Display for FrameSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.raw { "raw frame (" } else { "from layers (" })?;
        match self.sizes {
            (min, max) if min == max => write!(f, "{min} B; ")?,
            (min, max) => write!(f, "{min}..{max} B; ")?,
        }
        let names: Vec<&str> = self.headers.iter().map(|h| h.0).collect();
        f.write_str(&names.join(" / "))?;
        if let Some((at, why)) = &self.opaque {
            write!(f, "; opaque from byte {at} ({why})")?;
        }
        if self.checksums.is_empty() {
            return f.write_str("; no checksum)");
        }
        let sums: Vec<String> = self.checksums.iter().map(|(n, at)| format!("{n} at {at}")).collect();
        write!(f, "; checksums: {})", sums.join(", "))
    }
}
