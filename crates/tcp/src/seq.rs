//! Sequence numbers: 32-bit counters compared modulo 2^32 (RFC 9293 §3.4).
//!
//! `a < b` means `b` is ahead of `a` by less than 2^31; the comparisons are the ones RFC
//! 1982 defines for serial numbers, which is what every TCP implements.

use core::cmp::Ordering;
use core::fmt;
use core::ops::{Add, AddAssign, Sub};

/// A TCP sequence (or acknowledgment) number.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Seq(pub u32);

impl Seq {
    /// The later of two numbers.
    pub fn max(self, other: Seq) -> Seq {
        if self < other {
            other
        } else {
            self
        }
    }

    /// The earlier of two numbers.
    pub fn min(self, other: Seq) -> Seq {
        if self < other {
            self
        } else {
            other
        }
    }

    /// Whether `self` lies in `[start, end)`.
    pub fn within(self, start: Seq, end: Seq) -> bool {
        start <= self && self < end
    }
}

impl Add<u32> for Seq {
    type Output = Seq;
    fn add(self, n: u32) -> Seq {
        Seq(self.0.wrapping_add(n))
    }
}

impl AddAssign<u32> for Seq {
    fn add_assign(&mut self, n: u32) {
        self.0 = self.0.wrapping_add(n);
    }
}

/// The distance from `rhs` forward to `self`; negative when `self` is behind.
impl Sub for Seq {
    type Output = i32;
    fn sub(self, rhs: Seq) -> i32 {
        self.0.wrapping_sub(rhs.0) as i32
    }
}

impl PartialOrd for Seq {
    fn partial_cmp(&self, other: &Seq) -> Option<Ordering> {
        Some((*self - *other).cmp(&0))
    }
}

impl fmt::Debug for Seq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compares_across_the_wrap() {
        let near_end = Seq(u32::MAX - 10);
        let past = near_end + 20;
        assert_eq!(past, Seq(9));
        assert!(near_end < past);
        assert_eq!(past - near_end, 20);
        assert_eq!(near_end - past, -20);
        assert_eq!(near_end.max(past), past);
        assert!(Seq(u32::MAX).within(near_end, past));
        assert!(!past.within(near_end, past));
    }
}
