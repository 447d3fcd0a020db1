//! One MPLS label stack entry (RFC 3032).
//!
//! ```text
//!  0                   1                   2                   3
//!  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
//! +---------------------------------------+-----+-+---------------+
//! |                 Label                 | TC  |S|      TTL      |
//! +---------------------------------------+-----+-+---------------+
//! ```
//!
//! A stack is a sequence of entries, the last with the bottom-of-stack bit `S` set. What follows
//! the stack is not announced; by convention its first nibble (4 or 6) tells IPv4 from IPv6.
//!
//! [`Entry`] is a view over a buffer; after [`Entry::new_checked`] (or a successful
//! [`Entry::check_len`]) no accessor panics. [`Repr`] holds the fields.

use crate::{be, Error, Result};

/// The length of one label stack entry.
pub const HEADER_LEN: usize = 4;

/// The largest label (20 bits).
pub const LABEL_MAX: u32 = 0x000F_FFFF;

mod field {
    use crate::Rest;
    pub(super) const ENTRY: usize = 0;
    pub(super) const PAYLOAD: Rest = 4..;
}

/// The fields a generator writes.
pub const FIELDS: &[crate::FieldDesc] = &[
    crate::FieldDesc::bits("label", field::ENTRY, 4, 0xFFFF_F000, 12),
    crate::FieldDesc::bits("tc", field::ENTRY, 4, 0x0E00, 9),
    crate::FieldDesc::bytes("ttl", field::ENTRY + 3, 1),
];

/// A view over one label stack entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry<T: AsRef<[u8]>> {
    buffer: T,
}

impl<T: AsRef<[u8]>> Entry<T> {
    /// Wraps a buffer without checking it; see the module docs for the contract.
    pub const fn new_unchecked(buffer: T) -> Entry<T> {
        Entry { buffer }
    }

    /// Wraps a buffer and checks its length: no accessor panics afterwards.
    pub fn new_checked(buffer: T) -> Result<Entry<T>> {
        let entry = Self::new_unchecked(buffer);
        entry.check_len()?;
        Ok(entry)
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

    /// The whole entry as a 32-bit word.
    pub fn word(&self) -> u32 {
        be::u32_at(self.buffer.as_ref(), field::ENTRY)
    }

    /// The label (20 bits).
    pub fn label(&self) -> u32 {
        self.word() >> 12
    }

    /// Traffic class (3 bits).
    pub fn tc(&self) -> u8 {
        ((self.word() >> 9) & 0x07) as u8
    }

    /// Whether this is the bottom of the stack.
    pub fn bos(&self) -> bool {
        self.word() & 0x100 != 0
    }

    /// Time to live.
    pub fn ttl(&self) -> u8 {
        (self.word() & 0xFF) as u8
    }

    /// The bytes after this entry.
    pub fn payload(&self) -> &[u8] {
        &self.buffer.as_ref()[field::PAYLOAD]
    }
}

impl<T: AsRef<[u8]> + AsMut<[u8]>> Entry<T> {
    /// Sets the whole entry.
    pub fn set_word(&mut self, value: u32) {
        be::set_u32(self.buffer.as_mut(), field::ENTRY, value);
    }

    /// Sets the label; only the low 20 bits are used.
    pub fn set_label(&mut self, value: u32) {
        let word = (self.word() & 0xFFF) | ((value & LABEL_MAX) << 12);
        self.set_word(word);
    }

    /// Sets the traffic class; only the low 3 bits are used.
    pub fn set_tc(&mut self, value: u8) {
        let word = (self.word() & !0xE00) | (u32::from(value & 0x07) << 9);
        self.set_word(word);
    }

    /// Sets the bottom-of-stack bit.
    pub fn set_bos(&mut self, value: bool) {
        let word = (self.word() & !0x100) | if value { 0x100 } else { 0 };
        self.set_word(word);
    }

    /// Sets the time to live.
    pub fn set_ttl(&mut self, value: u8) {
        let word = (self.word() & !0xFF) | u32::from(value);
        self.set_word(word);
    }

    /// The bytes after this entry, mutably.
    pub fn payload_mut(&mut self) -> &mut [u8] {
        &mut self.buffer.as_mut()[field::PAYLOAD]
    }
}

/// The fields of a label stack entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Repr {
    /// Label, 0..=0xFFFFF.
    pub label: u32,
    /// Traffic class, 0..=7.
    pub tc: u8,
    /// Bottom of stack.
    pub bos: bool,
    /// Time to live.
    pub ttl: u8,
}

impl Repr {
    /// Reads the entry; fails only if the buffer is shorter than [`HEADER_LEN`].
    pub fn parse<T: AsRef<[u8]>>(entry: &Entry<T>) -> Result<Repr> {
        entry.check_len()?;
        Ok(Repr { label: entry.label(), tc: entry.tc(), bos: entry.bos(), ttl: entry.ttl() })
    }

    /// The number of bytes [`Repr::emit`] writes: [`HEADER_LEN`].
    pub const fn buffer_len(&self) -> usize {
        HEADER_LEN
    }

    /// Writes the entry; `label` and `tc` are masked to their field widths.
    ///
    /// # Panics
    ///
    /// Panics if the buffer is shorter than [`HEADER_LEN`].
    pub fn emit<T: AsRef<[u8]> + AsMut<[u8]>>(&self, entry: &mut Entry<T>) {
        let word = ((self.label & LABEL_MAX) << 12)
            | (u32::from(self.tc & 0x07) << 9)
            | if self.bos { 0x100 } else { 0 }
            | u32::from(self.ttl);
        entry.set_word(word);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Label 16003 (0x03e83), TC 5, bottom of stack, TTL 64.
    static ENTRY: [u8; 4] = [0x03, 0xe8, 0x3b, 0x40];

    fn repr() -> Repr {
        Repr { label: 16003, tc: 5, bos: true, ttl: 64 }
    }

    #[test]
    fn deconstruct() {
        let entry = Entry::new_checked(&ENTRY[..]).unwrap();
        assert_eq!((entry.label(), entry.tc(), entry.bos(), entry.ttl()), (16003, 5, true, 64));
        assert!(entry.payload().is_empty());
        assert_eq!(Repr::parse(&entry).unwrap(), repr());
    }

    #[test]
    fn construct() {
        let mut bytes = [0u8; 4];
        repr().emit(&mut Entry::new_unchecked(&mut bytes[..]));
        assert_eq!(bytes, ENTRY);
    }

    #[test]
    fn setters_keep_other_bits() {
        let mut bytes = ENTRY;
        let mut entry = Entry::new_checked(&mut bytes[..]).unwrap();
        entry.set_label(LABEL_MAX);
        entry.set_ttl(1);
        assert_eq!((entry.label(), entry.tc(), entry.bos(), entry.ttl()), (LABEL_MAX, 5, true, 1));
        entry.set_tc(0);
        entry.set_bos(false);
        assert_eq!((entry.label(), entry.tc(), entry.bos(), entry.ttl()), (LABEL_MAX, 0, false, 1));
    }

    #[test]
    fn truncated() {
        assert_eq!(Entry::new_checked(&ENTRY[..3]).unwrap_err(), Error::Truncated);
    }
}
