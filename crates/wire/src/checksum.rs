//! The internet checksum (RFC 1071) and its incremental update (RFC 1624).
//!
//! The checksum is the one's complement of the one's complement sum of the data taken as
//! big-endian 16-bit words (an odd trailing byte is padded with a zero byte). The functions
//! here separate the three steps so that sums over several pieces (a pseudo-header, a header,
//! a payload) can be combined:
//!
//! * [`sum`] adds up a byte slice into an *unfolded* accumulator;
//! * [`fold`] folds the carries of an accumulator into 16 bits (not complemented);
//! * the value written in a header is `!fold(...)`, e.g. `!data(header)` or
//!   `!combine(&[pseudo, data(segment)])`.
//!
//! A received packet verifies when the folded sum over it, checksum field included, is `0xFFFF`.
//!
//! # Incremental updates and the two zeros
//!
//! [`update16`], [`update32`], [`update_bytes`] and [`update_bytes_at`] implement RFC 1624
//! eqn. 3, `HC' = ~(~HC + ~m + m')`. One's complement arithmetic has two zeros, `0x0000` and
//! `0xFFFF`, so an updated checksum and a full recompute could in principle differ in which zero
//! they pick. They agree exactly unless the covered data (checksum field excluded) is **all zero
//! bytes**: then a full recompute yields `0xFFFF` while the update yields `0x0000`. Real headers
//! are never all zero (an IPv4 header has its version nibble; UDP, TCP and ICMP checksums cover
//! a pseudo-header with a non-zero protocol number), so in practice the update is exact. UDP's
//! own rule — a computed `0x0000` is transmitted as `0xFFFF` — is applied on top by the caller
//! (see [`crate::udp`]); an update *input* of `0xFFFF` in place of `0x0000` is harmless since
//! both are zero to the arithmetic.

/// Whether a Repr's `parse` verifies the checksum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ChecksumMode {
    /// Verify the checksum and fail with [`crate::Error::Checksum`] when it is wrong.
    #[default]
    Verify,
    /// Do not look at the checksum (e.g. the NIC already checked it).
    Ignore,
}

/// Adds up `data` as big-endian 16-bit words, an odd trailing byte padded with zero.
///
/// The result is an unfolded accumulator: it is congruent modulo `0xFFFF` to the one's
/// complement sum and is zero only if all bytes are zero. Pass it (or a sum of several such
/// accumulators, as `u64`) to [`fold`]. Works on 32 bytes per step with 64-bit end-around-carry
/// additions.
pub fn sum(data: &[u8]) -> u32 {
    let mut acc: u64 = 0;
    let (blocks, rest) = data.as_chunks::<32>();
    for block in blocks {
        let (w, _) = block.as_chunks::<8>();
        let a = add_carry(u64::from_be_bytes(w[0]), u64::from_be_bytes(w[1]));
        let b = add_carry(u64::from_be_bytes(w[2]), u64::from_be_bytes(w[3]));
        acc = add_carry(acc, add_carry(a, b));
    }
    let (words, rest) = rest.as_chunks::<8>();
    for word in words {
        acc = add_carry(acc, u64::from_be_bytes(*word));
    }
    let (pairs, rest) = rest.as_chunks::<2>();
    let mut small: u64 = 0;
    for pair in pairs {
        small += u64::from(u16::from_be_bytes(*pair));
    }
    if let [last] = rest {
        small += u64::from(*last) << 8;
    }
    acc = add_carry(acc, small);
    // Reduce to 32 bits; 2^32 is congruent to 1 modulo 0xFFFF, so this preserves the sum.
    let folded = (acc >> 32) + (acc & 0xFFFF_FFFF);
    let folded = (folded >> 32) + (folded & 0xFFFF_FFFF);
    folded as u32
}

/// 64-bit one's complement addition (end-around carry).
#[inline(always)]
fn add_carry(a: u64, b: u64) -> u64 {
    let (s, carry) = a.overflowing_add(b);
    s + u64::from(carry)
}

/// Folds the carries of an accumulator into 16 bits. The result is not complemented.
pub fn fold(acc: u64) -> u16 {
    let mut acc = acc;
    while acc > 0xFFFF {
        acc = (acc & 0xFFFF) + (acc >> 16);
    }
    acc as u16
}

/// The folded (not complemented) one's complement sum of `data`: `fold(sum(data))`.
pub fn data(data: &[u8]) -> u16 {
    fold(u64::from(sum(data)))
}

/// The folded one's complement sum of already folded partial sums.
pub fn combine(parts: &[u16]) -> u16 {
    fold(parts.iter().map(|&p| u64::from(p)).sum())
}

/// RFC 1624 eqn. 3: the checksum after a 16-bit word of the covered data changes from `old`
/// to `new` (the word at an even offset from the start of the checksummed data).
pub fn update16(checksum: u16, old: u16, new: u16) -> u16 {
    let acc = u64::from(!checksum) + u64::from(!old) + u64::from(new);
    !fold(acc)
}

/// [`update16`] for a 32-bit field at an even offset (e.g. an IPv4 address, a TCP sequence
/// number).
pub fn update32(checksum: u16, old: u32, new: u32) -> u16 {
    let acc = u64::from(!checksum)
        + u64::from(!(old >> 16) & 0xFFFF)
        + u64::from(!old & 0xFFFF)
        + u64::from(new >> 16)
        + u64::from(new & 0xFFFF);
    !fold(acc)
}

/// The checksum after the bytes `old` change to `new`, the span starting at an even offset
/// from the start of the checksummed data.
///
/// `old` and `new` must have equal lengths; an odd length is fine (the span's last byte is the
/// high byte of its word). For a span starting at an odd offset use [`update_bytes_at`].
///
/// # Panics
///
/// Panics if `old.len() != new.len()`.
pub fn update_bytes(checksum: u16, old: &[u8], new: &[u8]) -> u16 {
    update_bytes_at(checksum, 0, old, new)
}

/// The checksum after the bytes `old` change to `new`, where `offset` is the position of the
/// span relative to the start of the checksummed data (only its parity matters).
///
/// A span at an odd offset contributes its aligned sum with the two bytes swapped (RFC 1071's
/// byte-order independence), which is how single-byte fields such as the IPv4 protocol or TTL
/// are handled.
///
/// # Panics
///
/// Panics if `old.len() != new.len()`.
pub fn update_bytes_at(checksum: u16, offset: usize, old: &[u8], new: &[u8]) -> u16 {
    assert_eq!(old.len(), new.len(), "update_bytes: spans must have equal lengths");
    let (mut o, mut n) = (data(old), data(new));
    if offset % 2 == 1 {
        o = o.swap_bytes();
        n = n.swap_bytes();
    }
    update16(checksum, o, n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The textbook definition, one 16-bit word at a time.
    fn naive(data: &[u8]) -> u16 {
        let mut acc: u64 = 0;
        for pair in data.chunks(2) {
            let hi = u64::from(pair[0]) << 8;
            let lo = pair.get(1).map_or(0, |&b| u64::from(b));
            acc += hi | lo;
        }
        fold(acc)
    }

    #[test]
    fn rfc1071_example() {
        // RFC 1071 section 3: bytes 00 01 f2 03 f4 f5 f6 f7 sum to 0xddf2.
        let bytes = [0x00, 0x01, 0xf2, 0x03, 0xf4, 0xf5, 0xf6, 0xf7];
        assert_eq!(data(&bytes), 0xddf2);
    }

    #[test]
    fn odd_length_pads_with_zero() {
        assert_eq!(data(&[0x12]), 0x1200);
        assert_eq!(data(&[0x12, 0x34, 0x56]), 0x1234 + 0x5600);
    }

    #[test]
    fn zero_only_for_zero_data() {
        assert_eq!(data(&[0; 100]), 0);
        assert_eq!(data(&[0xff; 100]), 0xffff);
        assert_eq!(data(&[0xff, 0xff]), 0xffff);
    }

    #[test]
    fn large_buffers_do_not_overflow() {
        let big = vec![0xffu8; 1 << 20];
        assert_eq!(data(&big), naive(&big));
        let big: Vec<u8> = (0..(1 << 20) + 7).map(|i| (i * 7 + 3) as u8).collect();
        assert_eq!(data(&big), naive(&big));
    }

    #[test]
    fn combine_folds() {
        assert_eq!(combine(&[0xffff, 0x0001]), 0x0001);
        assert_eq!(combine(&[]), 0);
    }

    #[test]
    fn rfc1624_example() {
        // RFC 1624 section 4: HC = 0xDD2F, m = 0x5555 -> m' = 0x3285 gives HC' = 0x0000.
        assert_eq!(update16(0xdd2f, 0x5555, 0x3285), 0x0000);
    }

    #[test]
    fn all_zero_data_is_the_one_disagreement() {
        // A 4-byte "packet": checksum word, then one data word that goes from 0x1234 to 0.
        let full_before = !data(&[0x12, 0x34]);
        let updated = update16(full_before, 0x1234, 0x0000);
        let full_after = !data(&[0x00, 0x00]);
        assert_eq!(full_after, 0xffff);
        assert_eq!(updated, 0x0000);
    }

    proptest::proptest! {
        #[test]
        fn sum_matches_naive(bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..300)) {
            proptest::prop_assert_eq!(data(&bytes), naive(&bytes));
            // Any split point at an even offset combines to the same sum.
            let mid = (bytes.len() / 2) & !1;
            let (a, b) = bytes.split_at(mid);
            proptest::prop_assert_eq!(combine(&[data(a), data(b)]), naive(&bytes));
        }
    }
}
