//! VXLAN (RFC 7348, UDP port 4789) and VXLAN-GPE (draft-ietf-nvo3-vxlan-gpe, port 4790):
//! an 8-byte header before the inner frame.
//!
//! ```text
//!  0      1              4          7      8
//!  | flags | reserved     |   VNI    | rsvd |   VXLAN: flags 0x08 (I), inner Ethernet
//!  | flags | rsvd  | next |   VNI    | rsvd |   GPE: flags 0x0C (I, P), next protocol
//! ```
//!
//! No checksum and no length: the outer UDP carries both. [`FIELDS`] names the fields
//! for the field engine as tshark does (`vxlan.vni`, `vxlan.flags`, `vxlan.next_proto`).

/// Bytes of the header.
pub const HEADER_LEN: usize = 8;
/// The IANA UDP port of VXLAN.
pub const PORT: u16 = 4789;
/// The IANA UDP port of VXLAN-GPE.
pub const GPE_PORT: u16 = 4790;
/// The I flag: the VNI is valid.
pub const FLAG_I: u8 = 0x08;
/// GPE's P flag: the next-protocol field is present.
pub const FLAG_P: u8 = 0x04;

/// GPE next-protocol numbers.
pub mod next {
    /// IPv4.
    pub const IPV4: u8 = 1;
    /// IPv6.
    pub const IPV6: u8 = 2;
    /// Ethernet.
    pub const ETHERNET: u8 = 3;
}

mod field {
    pub(super) const FLAGS: usize = 0;
    pub(super) const NEXT: usize = 3;
    pub(super) const VNI: usize = 4;
}

/// The fields a generator writes.
pub const FIELDS: &[crate::FieldDesc] = &[
    crate::FieldDesc::bytes("flags", field::FLAGS, 1),
    crate::FieldDesc::bytes("next_proto", field::NEXT, 1),
    crate::FieldDesc::bits("vni", field::VNI, 4, 0xFFFF_FF00, 8),
];

/// A VXLAN or VXLAN-GPE header's fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Repr {
    /// The 24-bit network identifier.
    pub vni: u32,
    /// GPE's next protocol ([`next`]); `None`: plain VXLAN (inner Ethernet).
    pub gpe_next: Option<u8>,
}

impl Repr {
    /// Writes the header into the first [`HEADER_LEN`] bytes of `buf` (nothing if shorter).
    pub fn emit(&self, buf: &mut [u8]) {
        let Some(b) = buf.get_mut(..HEADER_LEN) else { return };
        b.fill(0);
        match self.gpe_next {
            None => b[field::FLAGS] = FLAG_I,
            Some(n) => {
                b[field::FLAGS] = FLAG_I | FLAG_P;
                b[field::NEXT] = n;
            }
        }
        b[field::VNI..field::VNI + 4].copy_from_slice(&((self.vni & 0xFF_FFFF) << 8).to_be_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vxlan_and_gpe_headers() {
        let mut b = [0xAAu8; 8];
        Repr { vni: 0x12_3456, gpe_next: None }.emit(&mut b);
        assert_eq!(b, [0x08, 0, 0, 0, 0x12, 0x34, 0x56, 0]);
        Repr { vni: 0x1FF_FFFF, gpe_next: Some(next::IPV6) }.emit(&mut b);
        assert_eq!(b, [0x0C, 0, 0, 2, 0xFF, 0xFF, 0xFF, 0], "the VNI is cut to 24 bits");
    }
}
