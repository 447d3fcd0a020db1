//! Geneve (RFC 8926, UDP port 6081): an 8-byte header, then options (TLVs of 4-byte
//! words), then the inner packet of the protocol it names (0x6558: Ethernet).
//!
//! ```text
//!  0         1         2            4          7      8
//!  |Ver|OptLen|O|C|rsvd| protocol   |   VNI    | rsvd | options ...
//!  option: | class (2) | type (1) |R|len (5 bits, words)| data (len * 4 bytes)
//! ```
//!
//! Geneve has no checksum and no length of its own. [`FIELDS`] names the fixed header's
//! fields as tshark does (`geneve.vni`, `geneve.proto_type`).

/// Bytes of the fixed header.
pub const HEADER_LEN: usize = 8;
/// The IANA UDP port.
pub const PORT: u16 = 6081;
/// The most option bytes the 6-bit length can say (63 words).
pub const MAX_OPTIONS_LEN: usize = 63 * 4;
/// The most data bytes one option can hold (31 words).
pub const MAX_OPTION_DATA: usize = 31 * 4;

mod field {
    pub(super) const VER_OPTLEN: usize = 0;
    pub(super) const FLAGS: usize = 1;
    pub(super) const PROTO: usize = 2;
    pub(super) const VNI: usize = 4;
}

/// The fields a generator writes.
pub const FIELDS: &[crate::FieldDesc] = &[
    crate::FieldDesc::bits("opt_len", field::VER_OPTLEN, 1, 0x3F, 0),
    crate::FieldDesc::bits("oam", field::FLAGS, 1, 0x80, 7),
    crate::FieldDesc::bits("critical", field::FLAGS, 1, 0x40, 6),
    crate::FieldDesc::bytes("proto_type", field::PROTO, 2),
    crate::FieldDesc::bits("vni", field::VNI, 4, 0xFFFF_FF00, 8),
];

/// One option (TLV).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opt {
    /// Option class.
    pub class: u16,
    /// Option type (its high bit: critical).
    pub kind: u8,
    /// Data, a multiple of 4 bytes, at most [`MAX_OPTION_DATA`].
    pub data: Vec<u8>,
}

/// Bytes `opts` take (4 per option plus its data).
pub fn options_len(opts: &[Opt]) -> usize {
    opts.iter().map(|o| 4 + o.data.len()).sum()
}

/// A Geneve header's fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Repr<'a> {
    /// The 24-bit network identifier.
    pub vni: u32,
    /// The inner packet's EtherType (0x6558: Ethernet).
    pub protocol: u16,
    /// The O (OAM) flag.
    pub oam: bool,
    /// The C flag: a critical option is present.
    pub critical: bool,
    /// Options, in order.
    pub options: &'a [Opt],
}

impl Repr<'_> {
    /// Bytes of the header with its options.
    pub fn header_len(&self) -> usize {
        HEADER_LEN + options_len(self.options)
    }

    /// Writes the header and options into `buf` (nothing if shorter than [`header_len`](Self::header_len)
    /// or if the options are not whole words within Geneve's limits).
    pub fn emit(&self, buf: &mut [u8]) {
        let opt_len = options_len(self.options);
        let bad = opt_len > MAX_OPTIONS_LEN
            || self.options.iter().any(|o| o.data.len() % 4 != 0 || o.data.len() > MAX_OPTION_DATA);
        let Some(b) = buf.get_mut(..HEADER_LEN + opt_len) else { return };
        if bad {
            return;
        }
        b.fill(0);
        b[field::VER_OPTLEN] = (opt_len / 4) as u8;
        b[field::FLAGS] = (u8::from(self.oam) << 7) | (u8::from(self.critical) << 6);
        b[field::PROTO..field::PROTO + 2].copy_from_slice(&self.protocol.to_be_bytes());
        b[field::VNI..field::VNI + 4].copy_from_slice(&((self.vni & 0xFF_FFFF) << 8).to_be_bytes());
        let mut at = HEADER_LEN;
        for o in self.options {
            b[at..at + 2].copy_from_slice(&o.class.to_be_bytes());
            b[at + 2] = o.kind;
            b[at + 3] = (o.data.len() / 4) as u8;
            b[at + 4..at + 4 + o.data.len()].copy_from_slice(&o.data);
            at += 4 + o.data.len();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_and_options() {
        let opts = [Opt { class: 0x0102, kind: 0x80, data: vec![1, 2, 3, 4] }];
        let r = Repr { vni: 0xABCDEF, protocol: 0x6558, oam: false, critical: true, options: &opts };
        assert_eq!(r.header_len(), 16);
        let mut b = [0u8; 16];
        r.emit(&mut b);
        assert_eq!(b, [2, 0x40, 0x65, 0x58, 0xAB, 0xCD, 0xEF, 0, 1, 2, 0x80, 1, 1, 2, 3, 4]);
        let odd = [Opt { class: 1, kind: 1, data: vec![1, 2, 3] }];
        let mut b = [0xEEu8; 15];
        Repr { options: &odd, ..r }.emit(&mut b);
        assert_eq!(b, [0xEE; 15], "data not in whole words: nothing written");
    }
}
