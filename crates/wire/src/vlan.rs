//! One 802.1Q (C-tag) or 802.1ad (S-tag) VLAN tag, *as it follows its TPID*.
//!
//! The TPID (0x8100 for a C-tag, 0x88A8 for an S-tag) is the previous header's EtherType
//! field, so a tag here is the 4 bytes after it:
//!
//! ```text
//!  0                   1                   2                   3
//!  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
//! +-----+-+-----------------------+-------------------------------+
//! | PCP |D|          VID          |      inner EtherType          |
//! +-----+-+-----------------------+-------------------------------+
//! ```
//!
//! [`Tag`] is a view over a buffer; after [`Tag::new_checked`] (or a successful
//! [`Tag::check_len`]) no accessor panics. [`Repr`] holds the fields.

use crate::ethernet::EtherType;
use crate::{be, Error, Result};

/// The length of a tag (TCI plus inner EtherType).
pub const HEADER_LEN: usize = 4;

mod field {
    use crate::Rest;
    pub(super) const TCI: usize = 0;
    pub(super) const ETHERTYPE: usize = 2;
    pub(super) const PAYLOAD: Rest = 4..;
}

/// The fields a generator writes (offsets from the TCI, after the TPID).
pub const FIELDS: &[crate::FieldDesc] = &[
    crate::FieldDesc::bits("id", field::TCI, 2, 0x0FFF, 0),
    crate::FieldDesc::bits("dei", field::TCI, 2, 0x1000, 12),
    crate::FieldDesc::bits("pcp", field::TCI, 2, 0xE000, 13),
    crate::FieldDesc::bytes("type", field::ETHERTYPE, 2),
];

/// The largest VLAN identifier (12 bits).
pub const VID_MAX: u16 = 0x0FFF;

/// A view over a VLAN tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tag<T: AsRef<[u8]>> {
    buffer: T,
}

impl<T: AsRef<[u8]>> Tag<T> {
    /// Wraps a buffer without checking it; see the module docs for the contract.
    pub const fn new_unchecked(buffer: T) -> Tag<T> {
        Tag { buffer }
    }

    /// Wraps a buffer and checks its length: no accessor panics afterwards.
    pub fn new_checked(buffer: T) -> Result<Tag<T>> {
        let tag = Self::new_unchecked(buffer);
        tag.check_len()?;
        Ok(tag)
    }

    /// [`Error::Truncated`] if the buffer is shorter than [`HEADER_LEN`].
    pub fn check_len(&self) -> Result<()> {
        if self.buffer.as_ref().len() < HEADER_LEN {
            Err(Error::Truncated)
        } else {
            Ok(())
        }
    }

    /// The underlying buffer.
    pub fn into_inner(self) -> T {
        self.buffer
    }

    /// The whole 16-bit tag control information.
    pub fn tci(&self) -> u16 {
        be::u16_at(self.buffer.as_ref(), field::TCI)
    }

    /// Priority code point (3 bits).
    pub fn pcp(&self) -> u8 {
        (self.tci() >> 13) as u8
    }

    /// Drop eligible indicator.
    pub fn dei(&self) -> bool {
        self.tci() & 0x1000 != 0
    }

    /// VLAN identifier (12 bits).
    pub fn vid(&self) -> u16 {
        self.tci() & VID_MAX
    }

    /// The EtherType of what follows the tag.
    pub fn ethertype(&self) -> EtherType {
        EtherType(be::u16_at(self.buffer.as_ref(), field::ETHERTYPE))
    }

    /// The bytes after the tag.
    pub fn payload(&self) -> &[u8] {
        &self.buffer.as_ref()[field::PAYLOAD]
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> Tag<T> {
    /// Sets the whole tag control information.
    pub fn set_tci(&mut self, value: u16) {
        be::set_u16(self.buffer.as_mut(), field::TCI, value);
    }

    /// Sets the priority code point; only the low 3 bits are used.
    pub fn set_pcp(&mut self, value: u8) {
        let tci = (self.tci() & 0x1FFF) | (u16::from(value & 0x07) << 13);
        self.set_tci(tci);
    }

    /// Sets the drop eligible indicator.
    pub fn set_dei(&mut self, value: bool) {
        let tci = (self.tci() & !0x1000) | if value { 0x1000 } else { 0 };
        self.set_tci(tci);
    }

    /// Sets the VLAN identifier; only the low 12 bits are used.
    pub fn set_vid(&mut self, value: u16) {
        let tci = (self.tci() & !VID_MAX) | (value & VID_MAX);
        self.set_tci(tci);
    }

    /// Sets the inner EtherType.
    pub fn set_ethertype(&mut self, value: EtherType) {
        be::set_u16(self.buffer.as_mut(), field::ETHERTYPE, value.0);
    }

    /// The bytes after the tag, mutably.
    pub fn payload_mut(&mut self) -> &mut [u8] {
        &mut self.buffer.as_mut()[field::PAYLOAD]
    }
}

/// The fields of a VLAN tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Repr {
    /// Priority code point, 0..=7.
    pub pcp: u8,
    /// Drop eligible indicator.
    pub dei: bool,
    /// VLAN identifier, 0..=4095.
    pub vid: u16,
    /// EtherType of what follows the tag.
    pub ethertype: EtherType,
}

impl Repr {
    /// Reads the tag; fails only if the buffer is shorter than [`HEADER_LEN`].
    pub fn parse<T: AsRef<[u8]>>(tag: &Tag<T>) -> Result<Repr> {
        tag.check_len()?;
        Ok(Repr { pcp: tag.pcp(), dei: tag.dei(), vid: tag.vid(), ethertype: tag.ethertype() })
    }

    /// The number of bytes [`Repr::emit`] writes: [`HEADER_LEN`].
    pub const fn buffer_len(&self) -> usize {
        HEADER_LEN
    }

    /// Writes the tag into the first [`HEADER_LEN`] bytes; `pcp` and `vid` are masked to
    /// their field widths.
    ///
    /// # Panics
    ///
    /// Panics if the buffer is shorter than [`HEADER_LEN`].
    pub fn emit<T: AsRef<[u8]> + AsMut<[u8]>>(&self, tag: &mut Tag<T>) {
        let tci = (u16::from(self.pcp & 0x07) << 13) | if self.dei { 0x1000 } else { 0 } | (self.vid & VID_MAX);
        tag.set_tci(tci);
        tag.set_ethertype(self.ethertype);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // PCP 5, DEI 1, VID 0x123, inner IPv6.
    static TAG: [u8; 5] = [0xb1, 0x23, 0x86, 0xdd, 0x60];

    fn repr() -> Repr {
        Repr { pcp: 5, dei: true, vid: 0x123, ethertype: EtherType::IPV6 }
    }

    #[test]
    fn deconstruct() {
        let tag = Tag::new_checked(&TAG[..]).unwrap();
        assert_eq!((tag.pcp(), tag.dei(), tag.vid()), (5, true, 0x123));
        assert_eq!(tag.ethertype(), EtherType::IPV6);
        assert_eq!(tag.payload(), &[0x60]);
        assert_eq!(Repr::parse(&tag).unwrap(), repr());
    }

    #[test]
    fn construct() {
        let mut bytes = [0u8; 5];
        let mut tag = Tag::new_unchecked(&mut bytes[..]);
        repr().emit(&mut tag);
        tag.payload_mut()[0] = 0x60;
        assert_eq!(bytes, TAG);
    }

    #[test]
    fn setters_keep_other_bits() {
        let mut bytes = TAG;
        let mut tag = Tag::new_checked(&mut bytes[..]).unwrap();
        tag.set_vid(0xfff);
        assert_eq!((tag.pcp(), tag.dei(), tag.vid()), (5, true, 0xfff));
        tag.set_pcp(2);
        tag.set_dei(false);
        assert_eq!((tag.pcp(), tag.dei(), tag.vid()), (2, false, 0xfff));
    }

    #[test]
    fn truncated() {
        assert_eq!(Tag::new_checked(&TAG[..3]).unwrap_err(), Error::Truncated);
    }
}
