//! TCP options (RFC 9293 §3.1, RFC 7323, RFC 2018): the ones a TCP endpoint negotiates.
//!
//! ```text
//!  kind  len  meaning
//!    0    -   end of option list
//!    1    -   no-operation (padding)
//!    2    4   maximum segment size (SYN only)            u16
//!    3    3   window scale (SYN only, RFC 7323)          u8 shift, at most 14
//!    4    2   SACK permitted (SYN only, RFC 2018)
//!    5  2+8n  SACK blocks, n = 1..4                      (left edge, right edge) u32 pairs
//!    8   10   timestamps (RFC 7323)                      TSval u32, TSecr u32
//! ```
//!
//! [`TcpOptions::parse`] reads the option bytes of a header (`tcp::Packet::options`) and
//! ignores kinds it does not know, as RFC 9293 asks; a length that runs past the end or is
//! too short for its kind is [`Error::Malformed`]. [`TcpOptions::emit`] writes them in the
//! order Linux does (MSS, SACK permitted, timestamps, window scale, SACK blocks), padded
//! with NOPs to a multiple of four bytes: [`TcpOptions::buffer_len`] says how many.

use crate::{be, Error, Result};

/// End of option list.
pub const KIND_END: u8 = 0;
/// No-operation.
pub const KIND_NOP: u8 = 1;
/// Maximum segment size.
pub const KIND_MSS: u8 = 2;
/// Window scale.
pub const KIND_WINDOW_SCALE: u8 = 3;
/// SACK permitted.
pub const KIND_SACK_PERMITTED: u8 = 4;
/// SACK blocks.
pub const KIND_SACK: u8 = 5;
/// Timestamps.
pub const KIND_TIMESTAMP: u8 = 8;

/// The largest window scale shift (RFC 7323 §2.3); larger ones are read as 14.
pub const MAX_WINDOW_SCALE: u8 = 14;

/// The most SACK blocks a header carries.
pub const MAX_SACK_BLOCKS: usize = 4;

/// Up to four SACK blocks, each `(left edge, right edge)` in sequence space.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SackBlocks {
    blocks: [(u32, u32); MAX_SACK_BLOCKS],
    len: u8,
}

impl SackBlocks {
    /// The blocks, first (most recent) first.
    pub fn as_slice(&self) -> &[(u32, u32)] {
        &self.blocks[..usize::from(self.len)]
    }

    /// Adds a block; returns `false` (and adds nothing) when four are already held.
    pub fn push(&mut self, left: u32, right: u32) -> bool {
        let at = usize::from(self.len);
        if at == MAX_SACK_BLOCKS {
            return false;
        }
        self.blocks[at] = (left, right);
        self.len += 1;
        true
    }

    /// How many blocks are held.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether no block is held.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Keeps only the first `n` blocks.
    pub fn truncate(&mut self, n: usize) {
        self.len = self.len.min(n as u8);
    }
}

/// The options of one segment that riptide reads and writes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TcpOptions {
    /// Maximum segment size.
    pub mss: Option<u16>,
    /// Window scale shift (capped at [`MAX_WINDOW_SCALE`] when parsed).
    pub window_scale: Option<u8>,
    /// SACK permitted.
    pub sack_permitted: bool,
    /// SACK blocks.
    pub sack: SackBlocks,
    /// Timestamps: `(TSval, TSecr)`.
    pub timestamp: Option<(u32, u32)>,
}

impl TcpOptions {
    /// No options.
    pub const NONE: TcpOptions = TcpOptions {
        mss: None,
        window_scale: None,
        sack_permitted: false,
        sack: SackBlocks { blocks: [(0, 0); MAX_SACK_BLOCKS], len: 0 },
        timestamp: None,
    };

    /// Reads the option bytes of a header.
    pub fn parse(bytes: &[u8]) -> Result<TcpOptions> {
        let mut out = TcpOptions::NONE;
        let mut at = 0;
        while at < bytes.len() {
            let kind = bytes[at];
            match kind {
                KIND_END => break,
                KIND_NOP => {
                    at += 1;
                    continue;
                }
                _ => {}
            }
            let len = usize::from(*bytes.get(at + 1).ok_or(Error::Malformed)?);
            if len < 2 || at + len > bytes.len() {
                return Err(Error::Malformed);
            }
            let body = &bytes[at + 2..at + len];
            match kind {
                KIND_MSS if body.len() == 2 => out.mss = Some(be::u16_at(body, 0)),
                KIND_WINDOW_SCALE if body.len() == 1 => out.window_scale = Some(body[0].min(MAX_WINDOW_SCALE)),
                KIND_SACK_PERMITTED if body.is_empty() => out.sack_permitted = true,
                KIND_SACK if !body.is_empty() && body.len().is_multiple_of(8) && body.len() <= 8 * MAX_SACK_BLOCKS => {
                    for block in body.chunks_exact(8) {
                        out.sack.push(be::u32_at(block, 0), be::u32_at(block, 4));
                    }
                }
                KIND_TIMESTAMP if body.len() == 8 => out.timestamp = Some((be::u32_at(body, 0), be::u32_at(body, 4))),
                KIND_MSS | KIND_WINDOW_SCALE | KIND_SACK_PERMITTED | KIND_SACK | KIND_TIMESTAMP => {
                    return Err(Error::Malformed)
                }
                _ => {}
            }
            at += len;
        }
        Ok(out)
    }

    /// The bytes [`TcpOptions::emit`] writes: a multiple of four, at most 40.
    pub fn buffer_len(&self) -> usize {
        self.layout(&mut [])
    }

    /// Writes the options into `out` and returns how many bytes were written
    /// ([`TcpOptions::buffer_len`]).
    ///
    /// The layout is FreeBSD's (`tcp_addoptions`), which TRex's stack keeps: MSS; a NOP
    /// and the window scale; the SACK permission at an even offset; the timestamps and
    /// then the SACK blocks each two bytes past a 4-byte boundary (NOPs before them);
    /// zeros (EOL) to the 4-byte end.
    ///
    /// # Panics
    ///
    /// Panics if `out` is shorter than [`TcpOptions::buffer_len`].
    pub fn emit(&self, out: &mut [u8]) -> usize {
        let total = self.buffer_len();
        self.layout(&mut out[..total])
    }

    /// Lays the options out into `out`, or only counts when `out` is empty.
    fn layout(&self, out: &mut [u8]) -> usize {
        // Most segments carry none: no walk for them.
        if self.mss.is_none()
            && self.window_scale.is_none()
            && !self.sack_permitted
            && self.timestamp.is_none()
            && self.sack.is_empty()
        {
            return 0;
        }
        let write = !out.is_empty();
        let mut at = 0;
        let mut put = |at: &mut usize, bytes: &[u8]| {
            if write {
                out[*at..*at + bytes.len()].copy_from_slice(bytes);
            }
            *at += bytes.len();
        };
        if let Some(mss) = self.mss {
            let m = mss.to_be_bytes();
            put(&mut at, &[KIND_MSS, 4, m[0], m[1]]);
        }
        if let Some(shift) = self.window_scale {
            put(&mut at, &[KIND_NOP, KIND_WINDOW_SCALE, 3, shift]);
        }
        if self.sack_permitted {
            while at % 2 != 0 {
                put(&mut at, &[KIND_NOP]);
            }
            put(&mut at, &[KIND_SACK_PERMITTED, 2]);
        }
        if let Some((val, ecr)) = self.timestamp {
            while at % 4 != 2 {
                put(&mut at, &[KIND_NOP]);
            }
            let (v, e) = (val.to_be_bytes(), ecr.to_be_bytes());
            put(&mut at, &[KIND_TIMESTAMP, 10, v[0], v[1], v[2], v[3], e[0], e[1], e[2], e[3]]);
        }
        if !self.sack.is_empty() {
            while at % 4 != 2 {
                put(&mut at, &[KIND_NOP]);
            }
            put(&mut at, &[KIND_SACK, (2 + 8 * self.sack.len()) as u8]);
            for &(left, right) in self.sack.as_slice() {
                let (l, r) = (left.to_be_bytes(), right.to_be_bytes());
                put(&mut at, &[l[0], l[1], l[2], l[3], r[0], r[1], r[2], r[3]]);
            }
        }
        while at % 4 != 0 {
            put(&mut at, &[KIND_END]);
        }
        at
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    // A Linux SYN's options: MSS 1460, SACK permitted, TS 0x01020304/0, NOP, WS 7.
    static LINUX_SYN: [u8; 20] = [
        0x02, 0x04, 0x05, 0xb4, 0x04, 0x02, 0x08, 0x0a, 0x01, 0x02, 0x03, 0x04, 0x00, 0x00, 0x00, 0x00, 0x01, 0x03,
        0x03, 0x07,
    ];

    #[test]
    fn parses_a_linux_syn() {
        let options = TcpOptions::parse(&LINUX_SYN).unwrap();
        assert_eq!(options.mss, Some(1460));
        assert!(options.sack_permitted);
        assert_eq!(options.timestamp, Some((0x0102_0304, 0)));
        assert_eq!(options.window_scale, Some(7));
        assert!(options.sack.is_empty());
    }

    #[test]
    fn emits_what_it_parses_in_freebsd_order() {
        let options = TcpOptions::parse(&LINUX_SYN).unwrap();
        let mut out = [0u8; 40];
        let len = options.emit(&mut out);
        assert_eq!(len, 20);
        // FreeBSD's SYN (and TRex's): MSS, NOP + window scale, SACK permitted, timestamps.
        assert_eq!(&out[..20], &[2, 4, 5, 180, 1, 3, 3, 7, 4, 2, 8, 10, 1, 2, 3, 4, 0, 0, 0, 0]);
        assert_eq!(TcpOptions::parse(&out[..len]).unwrap(), options);
    }

    #[test]
    fn data_segment_options_pad_as_freebsd_does() {
        // Timestamps: two NOPs first. SACK blocks after them: two more NOPs. Alone: EOL padding.
        let ts = TcpOptions { timestamp: Some((1, 2)), ..TcpOptions::NONE };
        let mut out = [0u8; 40];
        assert_eq!(ts.emit(&mut out), 12);
        assert_eq!(&out[..12], &[1, 1, 8, 10, 0, 0, 0, 1, 0, 0, 0, 2]);
        let mut both = ts;
        both.sack.push(5, 9);
        assert_eq!(both.emit(&mut out), 24);
        assert_eq!(&out[12..24], &[1, 1, 5, 10, 0, 0, 0, 5, 0, 0, 0, 9]);
        let mss = TcpOptions { mss: Some(536), sack_permitted: true, ..TcpOptions::NONE };
        assert_eq!(mss.emit(&mut out), 8);
        assert_eq!(&out[..8], &[2, 4, 2, 24, 4, 2, 0, 0]);
    }

    #[test]
    fn reads_sack_blocks_and_skips_unknown_kinds() {
        let bytes = [1, 1, 5, 18, 0, 0, 0, 10, 0, 0, 0, 20, 0, 0, 0, 30, 0, 0, 0, 40, 30, 3, 9, 0];
        let options = TcpOptions::parse(&bytes).unwrap();
        assert_eq!(options.sack.as_slice(), &[(10, 20), (30, 40)]);
    }

    #[test]
    fn refuses_lengths_that_overrun_or_do_not_fit_the_kind() {
        assert_eq!(TcpOptions::parse(&[2, 4, 5]), Err(Error::Malformed));
        assert_eq!(TcpOptions::parse(&[2, 3, 5]), Err(Error::Malformed));
        assert_eq!(TcpOptions::parse(&[30, 1]), Err(Error::Malformed));
        assert_eq!(TcpOptions::parse(&[5, 6, 0, 0, 0, 0]), Err(Error::Malformed));
        assert_eq!(TcpOptions::parse(&[2]), Err(Error::Malformed));
    }

    #[test]
    fn caps_the_window_scale_and_stops_at_end() {
        let options = TcpOptions::parse(&[3, 3, 15, 0, 2, 4, 5, 180]).unwrap();
        assert_eq!(options.window_scale, Some(14));
        assert_eq!(options.mss, None);
    }

    proptest! {
        #[test]
        fn parse_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..40)) {
            let _ = TcpOptions::parse(&bytes);
        }

        #[test]
        fn round_trips(mss in proptest::option::of(any::<u16>()), ws in proptest::option::of(0u8..=14),
                       sp in any::<bool>(), ts in proptest::option::of(any::<(u32, u32)>()),
                       sack in proptest::collection::vec(any::<(u32, u32)>(), 0..=2)) {
            let mut options = TcpOptions { mss, window_scale: ws, sack_permitted: sp, timestamp: ts, ..TcpOptions::NONE };
            for (l, r) in sack { options.sack.push(l, r); }
            let mut out = [0u8; 64];
            let len = options.emit(&mut out);
            prop_assert!(len <= 40 && len.is_multiple_of(4));
            prop_assert_eq!(TcpOptions::parse(&out[..len]).unwrap(), options);
        }
    }
}
