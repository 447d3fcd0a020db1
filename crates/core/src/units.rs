//! Units: time in nanoseconds, packet and bit rates, and frame-size conventions.
//!
//! Frame sizes follow the RFC 2544 convention of the field: a "64 B frame" counts
//! the 4-byte Ethernet FCS, so 60 bytes are written to a port or a pcap. On the
//! wire each frame also costs 8 B of preamble/SFD and 12 B of inter-frame gap:
//! L1 rates count `frame + 20`, L2 rates count the frame with its FCS.

use core::fmt;
use core::ops::{Add, AddAssign, Sub};
use core::str::FromStr;
use serde::{Deserialize, Serialize};

/// Bytes of FCS counted in a frame size but never written (added by the NIC).
pub const FCS_LEN: usize = 4;
/// Bytes of preamble, start-of-frame delimiter and inter-frame gap per frame on the wire.
pub const L1_OVERHEAD: usize = 20;

/// A time or duration in nanoseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Nanos(pub u64);

impl Nanos {
    /// Zero.
    pub const ZERO: Nanos = Nanos(0);
    /// The latest representable instant; used as "never".
    pub const MAX: Nanos = Nanos(u64::MAX);
    /// From microseconds.
    pub const fn from_micros(us: u64) -> Self {
        Nanos(us.saturating_mul(1_000))
    }
    /// From milliseconds.
    pub const fn from_millis(ms: u64) -> Self {
        Nanos(ms.saturating_mul(1_000_000))
    }
    /// From seconds.
    pub const fn from_secs(s: u64) -> Self {
        Nanos(s.saturating_mul(1_000_000_000))
    }
    /// From fractional seconds (saturating, negative becomes zero).
    pub fn from_secs_f64(s: f64) -> Self {
        Nanos((s * 1e9).max(0.0).min(u64::MAX as f64) as u64)
    }
    /// As fractional seconds.
    pub fn as_secs_f64(self) -> f64 {
        self.0 as f64 / 1e9
    }
    /// Saturating subtraction.
    pub const fn saturating_sub(self, rhs: Nanos) -> Nanos {
        Nanos(self.0.saturating_sub(rhs.0))
    }
}

impl Add for Nanos {
    type Output = Nanos;
    fn add(self, rhs: Nanos) -> Nanos {
        Nanos(self.0.saturating_add(rhs.0))
    }
}
impl AddAssign for Nanos {
    fn add_assign(&mut self, rhs: Nanos) {
        self.0 = self.0.saturating_add(rhs.0);
    }
}
impl Sub for Nanos {
    type Output = Nanos;
    fn sub(self, rhs: Nanos) -> Nanos {
        self.saturating_sub(rhs)
    }
}

impl fmt::Display for Nanos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.0;
        if n >= 1_000_000_000 {
            write!(f, "{:.3}s", n as f64 / 1e9)
        } else if n >= 1_000_000 {
            write!(f, "{:.3}ms", n as f64 / 1e6)
        } else if n >= 1_000 {
            write!(f, "{:.3}us", n as f64 / 1e3)
        } else {
            write!(f, "{n}ns")
        }
    }
}

/// The longest duration riptide takes anywhere (a run, a gap, a delay): 365 days. Longer
/// ones cannot be meant (`isg: 1e30s` would never end a run) and are refused.
pub const MAX_DURATION: Nanos = Nanos::from_secs(365 * 86_400);

/// Parses a duration: `10s`, `500ms`, `250us`, `100ns`, `2m`, `1h` or plain seconds (`1.5`),
/// at most [`MAX_DURATION`].
impl FromStr for Nanos {
    type Err = RateError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let (num, mult) = split_suffix(t);
        let v: f64 = num.parse().map_err(|_| RateError::Syntax { input: s.into(), expected: DURATION_EXPECTED })?;
        let scale = match mult.to_ascii_lowercase().as_str() {
            "" | "s" | "sec" => 1e9,
            "ms" => 1e6,
            "us" => 1e3,
            "ns" => 1.0,
            "m" | "min" => 60e9,
            "h" => 3600e9,
            _ => return Err(RateError::Syntax { input: s.into(), expected: DURATION_EXPECTED }),
        };
        if !v.is_finite() || v < 0.0 {
            return Err(RateError::NotPositive { input: s.into() });
        }
        let secs = v * scale / 1e9;
        if secs > MAX_DURATION.as_secs_f64() {
            return Err(RateError::TooLong { input: s.into() });
        }
        Ok(Nanos::from_secs_f64(secs))
    }
}

const DURATION_EXPECTED: &str = "a duration such as 10s, 500ms, 250us, 2m";
const RATE_EXPECTED: &str = "a rate such as 1000pps, 1.5mpps, 10gbps (L2), 10gbpsl1 (L1) or 50% (of line rate)";

fn split_suffix(t: &str) -> (&str, &str) {
    let idx = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E'))
        .unwrap_or(t.len());
    // "1e6pps": 'e' is part of the number only when followed by a digit or sign.
    let (mut n, mut u) = t.split_at(idx);
    if let Some(pos) = n.rfind(['e', 'E']) {
        let after = &n[pos + 1..];
        if after.is_empty() {
            let (a, b) = t.split_at(pos);
            n = a;
            u = b;
        }
    }
    (n.trim(), u.trim())
}

/// Packets per second.
#[derive(Clone, Copy, Debug, Default, PartialEq, PartialOrd, Serialize, Deserialize)]
pub struct Pps(pub f64);

/// Bits per second.
#[derive(Clone, Copy, Debug, Default, PartialEq, PartialOrd, Serialize, Deserialize)]
pub struct BitsPerSec(pub f64);

/// A requested transmit rate, in one of the units people ask for.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rate {
    /// Packets per second.
    Pps(f64),
    /// Bits per second on the wire, counting preamble, SFD and IFG (frame + 20 B).
    BpsL1(f64),
    /// Bits per second of frames, FCS included.
    BpsL2(f64),
    /// Percent of the port's line rate, counted at L1.
    Percent(f64),
}

/// A rate or duration that could not be understood.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RateError {
    /// The text is not a number with a known unit.
    #[error("'{}' is not {expected}", crate::error::shorten(input, 100))]
    Syntax {
        /// What was given.
        input: String,
        /// What was expected.
        expected: &'static str,
    },
    /// The value is zero, negative or not finite.
    #[error("'{input}' must be a positive, finite value")]
    NotPositive {
        /// What was given.
        input: String,
    },
    /// A duration beyond [`MAX_DURATION`].
    #[error("'{input}' is longer than the longest duration riptide takes, 365 days")]
    TooLong {
        /// What was given.
        input: String,
    },
}

impl Rate {
    /// Checks the value is positive and finite.
    pub fn validate(&self) -> Result<(), RateError> {
        let v = self.value();
        if v.is_finite() && v > 0.0 {
            Ok(())
        } else {
            Err(RateError::NotPositive { input: self.to_string() })
        }
    }

    /// The number, whatever its unit.
    pub fn value(&self) -> f64 {
        match *self {
            Rate::Pps(v) | Rate::BpsL1(v) | Rate::BpsL2(v) | Rate::Percent(v) => v,
        }
    }

    /// This rate scaled by `factor`.
    pub fn scaled(&self, factor: f64) -> Rate {
        match *self {
            Rate::Pps(v) => Rate::Pps(v * factor),
            Rate::BpsL1(v) => Rate::BpsL1(v * factor),
            Rate::BpsL2(v) => Rate::BpsL2(v * factor),
            Rate::Percent(v) => Rate::Percent(v * factor),
        }
    }

    /// The rate in packets per second for frames of `mean_frame` bytes (FCS included)
    /// on a port of `line_rate` L1 bits per second.
    pub fn to_pps(&self, mean_frame: f64, line_rate: BitsPerSec) -> Pps {
        match *self {
            Rate::Pps(v) => Pps(v),
            Rate::BpsL1(v) => Pps(v / ((mean_frame + L1_OVERHEAD as f64) * 8.0)),
            Rate::BpsL2(v) => Pps(v / (mean_frame * 8.0)),
            Rate::Percent(p) => Pps(line_rate.0 * p / 100.0 / ((mean_frame + L1_OVERHEAD as f64) * 8.0)),
        }
    }

    /// The rate in L1 bits per second for the same frame mix.
    pub fn to_bps_l1(&self, mean_frame: f64, line_rate: BitsPerSec) -> BitsPerSec {
        BitsPerSec(self.to_pps(mean_frame, line_rate).0 * (mean_frame + L1_OVERHEAD as f64) * 8.0)
    }
}

impl fmt::Display for Rate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Rate::Pps(v) => write!(f, "{}pps", fmt_si(v)),
            Rate::BpsL1(v) => write!(f, "{}bpsl1", fmt_si(v)),
            Rate::BpsL2(v) => write!(f, "{}bps", fmt_si(v)),
            Rate::Percent(v) => write!(f, "{v}%"),
        }
    }
}

/// Formats with an SI prefix (k, m, g, t) the way rates are written: `1.5m`, `10g`.
pub fn fmt_si(v: f64) -> String {
    let (d, p) = if v >= 1e12 {
        (1e12, "t")
    } else if v >= 1e9 {
        (1e9, "g")
    } else if v >= 1e6 {
        (1e6, "m")
    } else if v >= 1e3 {
        (1e3, "k")
    } else {
        (1.0, "")
    };
    let x = v / d;
    let s = format!("{x:.4}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    format!("{s}{p}")
}

/// A rate for people, as network engineers write it: two decimals and a capital
/// prefix, `1.00 Mpps`, `671.82 Mb/s`, `12.82 Gb/s`, `999.99 Kpps`; a value that would
/// round to 1000 of a prefix takes the next one (999,995 pps is `1.00 Mpps`). `unit` is
/// `pps` or `b/s`; infinity (unpaced) is `max`.
pub fn human_rate(v: f64, unit: &str) -> String {
    if v.is_infinite() {
        return "max".into();
    }
    if !v.is_finite() {
        return "-".into();
    }
    const PREFIXES: [&str; 6] = ["", "K", "M", "G", "T", "P"];
    // abs: a negative zero (an empty f64 sum is one) reads 0.00, not -0.00.
    let (sign, mut x) = if v < 0.0 { ("-", -v) } else { ("", v.abs()) };
    let mut i = 0;
    while i + 1 < PREFIXES.len() && (x * 100.0).round() >= 100_000.0 {
        x /= 1000.0;
        i += 1;
    }
    format!("{sign}{x:.2} {}{unit}", PREFIXES[i])
}

/// Parses `1000pps`, `1.5mpps`, `10kpps`, `10gbps` (L2), `10gbpsl1` (L1), `50%`.
/// Unit letters are case-insensitive; a bare number is an error (say the unit).
impl FromStr for Rate {
    type Err = RateError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let (num, unit) = split_suffix(t);
        let v: f64 = num.parse().map_err(|_| RateError::Syntax { input: s.into(), expected: RATE_EXPECTED })?;
        let unit = unit.to_ascii_lowercase();
        let rate = if unit == "%" {
            Rate::Percent(v)
        } else {
            let (scale, rest) = match unit.chars().next() {
                Some('k') => (1e3, &unit[1..]),
                Some('m') => (1e6, &unit[1..]),
                Some('g') => (1e9, &unit[1..]),
                Some('t') => (1e12, &unit[1..]),
                _ => (1.0, unit.as_str()),
            };
            match rest {
                "pps" => Rate::Pps(v * scale),
                "bps" | "bpsl2" => Rate::BpsL2(v * scale),
                "bpsl1" => Rate::BpsL1(v * scale),
                _ => return Err(RateError::Syntax { input: s.into(), expected: RATE_EXPECTED }),
            }
        };
        if !(v.is_finite() && v > 0.0) {
            return Err(RateError::NotPositive { input: s.into() });
        }
        Ok(rate)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_rates() {
        assert_eq!("1000pps".parse::<Rate>(), Ok(Rate::Pps(1000.0)));
        assert_eq!("1.5mpps".parse::<Rate>(), Ok(Rate::Pps(1.5e6)));
        assert_eq!("10Gbps".parse::<Rate>(), Ok(Rate::BpsL2(10e9)));
        assert_eq!("10gbpsl1".parse::<Rate>(), Ok(Rate::BpsL1(10e9)));
        assert_eq!("50%".parse::<Rate>(), Ok(Rate::Percent(50.0)));
        assert_eq!("1e6pps".parse::<Rate>(), Ok(Rate::Pps(1e6)));
        assert!("0pps".parse::<Rate>().is_err());
        assert!("-5pps".parse::<Rate>().is_err());
        assert!("12".parse::<Rate>().is_err());
        assert!("12 furlongs".parse::<Rate>().is_err());
    }

    #[test]
    fn durations_beyond_a_year_are_refused_with_the_limit() {
        assert!("365d".parse::<Nanos>().is_err(), "no day unit");
        assert_eq!("8760h".parse::<Nanos>(), Ok(MAX_DURATION));
        for bad in ["1e30s", "8761h", "1e300", "31536001"] {
            let e = bad.parse::<Nanos>().unwrap_err().to_string();
            assert!(e.contains("365 days") && e.contains(bad), "{bad}: {e}");
        }
    }

    #[test]
    fn human_rates_read_as_engineers_write_them() {
        assert_eq!(human_rate(-0.0, "pps"), "0.00 pps");
        assert_eq!(human_rate(std::iter::empty::<f64>().sum(), "b/s"), "0.00 b/s");
        for (v, unit, want) in [
            (1e6, "pps", "1.00 Mpps"),
            (671_818_000.0, "b/s", "671.82 Mb/s"),
            (12.82e9, "b/s", "12.82 Gb/s"),
            (999_994.9, "pps", "999.99 Kpps"),
            (999_995.0, "pps", "1.00 Mpps"),
            (999.995e6, "pps", "1.00 Gpps"),
            (1e9, "b/s", "1.00 Gb/s"),
            (12.0, "pps", "12.00 pps"),
            (0.0, "pps", "0.00 pps"),
            (f64::INFINITY, "pps", "max"),
        ] {
            assert_eq!(human_rate(v, unit), want, "{v}");
        }
    }

    #[test]
    fn parses_durations() {
        assert_eq!("10s".parse::<Nanos>(), Ok(Nanos::from_secs(10)));
        assert_eq!("250us".parse::<Nanos>(), Ok(Nanos(250_000)));
        assert_eq!("1.5".parse::<Nanos>(), Ok(Nanos(1_500_000_000)));
        assert_eq!("2m".parse::<Nanos>(), Ok(Nanos::from_secs(120)));
        assert!("ten".parse::<Nanos>().is_err());
    }

    #[test]
    fn converts_rates() {
        let line = BitsPerSec(10e9);
        // 64 B frames at 10 GbE line rate: 14.88 Mpps.
        let p = Rate::Percent(100.0).to_pps(64.0, line);
        assert!((p.0 - 14_880_952.38).abs() < 1.0, "{p:?}");
        let p = Rate::BpsL2(1e9).to_pps(125.0, line);
        assert!((p.0 - 1e6).abs() < 1e-6);
        let p = Rate::BpsL1(1e9).to_pps(105.0, line);
        assert!((p.0 - 1e6).abs() < 1e-6);
    }
}
