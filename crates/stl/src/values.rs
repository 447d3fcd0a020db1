//! Value types of the profile schema that accept several spellings.
//!
//! Each parses during deserialization, so a bad value is reported by the YAML
//! parser with its line and column.

use crate::size::{SizeGen, SizeWalk, MAX_SEQUENCE, STANDARD_IMIX};
use riptide_core::Rate;
use riptide_wire::ethernet::EthernetAddress;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;
use std::net::{Ipv4Addr, Ipv6Addr};

/// A MAC address written `02:00:00:00:00:01`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mac(pub EthernetAddress);

impl<'de> Deserialize<'de> for Mac {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse::<EthernetAddress>().map(Mac).map_err(|_| {
            de::Error::custom(format!("'{s}' is not a MAC address (expected six hex bytes like 02:00:00:00:00:01)"))
        })
    }
}

impl Serialize for Mac {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}

/// A rate: `"1mpps"`, `"10gbps"`, `"10gbpsl1"`, `"50%"`, or a map `{pps: 1000}`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RateSpec(pub Rate);

impl Default for RateSpec {
    fn default() -> Self {
        RateSpec(Rate::Pps(1000.0))
    }
}

impl Serialize for RateSpec {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for RateSpec {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RateSpec;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a rate such as \"1mpps\", \"10gbps\", \"10gbpsl1\" or \"50%\"")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<RateSpec, E> {
                v.parse::<Rate>().map(RateSpec).map_err(E::custom)
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<RateSpec, E> {
                Err(E::custom(format!("rate {v} has no unit: write \"{v}pps\", \"{v}mbps\" or \"{v}%\"")))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<RateSpec, E> {
                Err(E::custom(format!("rate {v} has no unit and must be positive, e.g. \"1000pps\"")))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<RateSpec, E> {
                Err(E::custom(format!("rate {v} has no unit: write \"{v}pps\", \"{v}mbps\" or \"{v}%\"")))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<RateSpec, A::Error> {
                let r = Rate::deserialize(de::value::MapAccessDeserializer::new(map))?;
                r.validate().map_err(de::Error::custom)?;
                Ok(RateSpec(r))
            }
        }
        d.deserialize_any(V)
    }
}

/// Frame size: `64`, `"imix"`, `{min: 64, max: 1518, step: 1, mode: inc|dec|random}`,
/// `{imix: [{size: 64, weight: 7}, ...]}` or `{list: [256, 512, 64]}`.
#[derive(Clone, Debug, PartialEq)]
pub enum SizeSpec {
    /// One size.
    Fixed(u16),
    /// A range.
    Range {
        /// Smallest.
        min: u16,
        /// Largest.
        max: u16,
        /// Step.
        step: u16,
        /// Walk.
        walk: SizeWalk,
    },
    /// A weighted mix of (size, weight).
    Mix(Vec<(u16, u32)>),
    /// Sizes in this order, over and over (TRex's trimmed value list).
    List(Vec<u16>),
}

impl Default for SizeSpec {
    fn default() -> Self {
        SizeSpec::Fixed(64)
    }
}

impl SizeSpec {
    /// The standard IMIX (`size: imix`).
    pub fn imix() -> Self {
        SizeSpec::Mix(STANDARD_IMIX.to_vec())
    }

    /// The generator for these sizes.
    pub fn generator(&self, seed: u64) -> SizeGen {
        match self {
            SizeSpec::Fixed(s) => SizeGen::Fixed(*s),
            SizeSpec::Range { min, max, step, walk } => SizeGen::range(*min, *max, *step, *walk, seed),
            SizeSpec::Mix(m) => SizeGen::weighted(m),
            SizeSpec::List(l) => SizeGen::Sequence { seq: l.clone(), pos: 0 },
        }
    }
}

/// Largest frame riptide builds (FCS included): jumbo 9216 plus tags.
pub const MAX_FRAME: u16 = 9600;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SizeMap {
    #[serde(default)]
    min: Option<u16>,
    #[serde(default)]
    max: Option<u16>,
    #[serde(default)]
    step: Option<u16>,
    #[serde(default)]
    mode: Option<WalkName>,
    #[serde(default)]
    imix: Option<ImixSpec>,
    #[serde(default)]
    list: Option<Vec<u64>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum WalkName {
    Inc,
    Dec,
    Random,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum ImixSpec {
    Named(String),
    List(Vec<ImixEntry>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ImixEntry {
    size: u16,
    weight: u32,
}

fn check_size<E: de::Error>(s: u64) -> Result<u16, E> {
    if s == 0 || s > MAX_FRAME as u64 {
        Err(E::custom(format!("frame size {s} is out of range (expected 1..={MAX_FRAME} bytes, FCS included)")))
    } else {
        Ok(s as u16)
    }
}

impl Serialize for SizeSpec {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            SizeSpec::Fixed(n) => s.serialize_u16(*n),
            other => s.collect_str(&format!("{other:?}")),
        }
    }
}

impl<'de> Deserialize<'de> for SizeSpec {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = SizeSpec;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(
                    "a frame size: a number of bytes, \"imix\", {min, max, step, mode}, {imix: [...]} or {list: [...]}",
                )
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<SizeSpec, E> {
                check_size(v).map(SizeSpec::Fixed)
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<SizeSpec, E> {
                Err(E::custom(format!("frame size {v} must be positive")))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<SizeSpec, E> {
                if v.eq_ignore_ascii_case("imix") {
                    return Ok(SizeSpec::Mix(STANDARD_IMIX.to_vec()));
                }
                let n: u64 = v
                    .parse()
                    .map_err(|_| E::custom(format!("'{v}' is not a frame size (expected bytes or \"imix\")")))?;
                check_size(n).map(SizeSpec::Fixed)
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<SizeSpec, A::Error> {
                let m = SizeMap::deserialize(de::value::MapAccessDeserializer::new(map))?;
                if let Some(list) = m.list {
                    if m.imix.is_some() || m.min.is_some() || m.max.is_some() || m.step.is_some() || m.mode.is_some() {
                        return Err(de::Error::custom("size: give a list alone, without imix or min/max/step/mode"));
                    }
                    if list.is_empty() || list.len() as u64 > MAX_SEQUENCE {
                        return Err(de::Error::custom(format!(
                            "size list: {} sizes (expected 1..={MAX_SEQUENCE})",
                            list.len()
                        )));
                    }
                    return list.into_iter().map(check_size).collect::<Result<_, _>>().map(SizeSpec::List);
                }
                if let Some(imix) = m.imix {
                    if m.min.is_some() || m.max.is_some() || m.step.is_some() || m.mode.is_some() {
                        return Err(de::Error::custom("size: give either imix or min/max/step/mode, not both"));
                    }
                    let mix = match imix {
                        ImixSpec::Named(n) if n.eq_ignore_ascii_case("standard") => STANDARD_IMIX.to_vec(),
                        ImixSpec::Named(n) => {
                            return Err(de::Error::custom(format!(
                                "unknown imix '{n}' (expected \"standard\" or a list of {{size, weight}})"
                            )))
                        }
                        ImixSpec::List(l) => {
                            let mut v = Vec::new();
                            for e in l {
                                v.push((check_size(e.size as u64)?, e.weight));
                            }
                            v
                        }
                    };
                    if mix.is_empty() || mix.iter().all(|&(_, w)| w == 0) {
                        return Err(de::Error::custom("imix needs at least one entry with a weight above 0"));
                    }
                    return Ok(SizeSpec::Mix(mix.into_iter().filter(|&(_, w)| w > 0).collect()));
                }
                let (Some(min), Some(max)) = (m.min, m.max) else {
                    return Err(de::Error::custom("a size range needs both min and max"));
                };
                let min = check_size(min as u64)?;
                let max = check_size(max as u64)?;
                if min > max {
                    return Err(de::Error::custom(format!("size range min {min} is above max {max}")));
                }
                let step = m.step.unwrap_or(1);
                if step == 0 {
                    return Err(de::Error::custom("size step must be at least 1"));
                }
                let walk = match m.mode {
                    None | Some(WalkName::Inc) => SizeWalk::Inc,
                    Some(WalkName::Dec) => SizeWalk::Dec,
                    Some(WalkName::Random) => SizeWalk::Random,
                };
                Ok(SizeSpec::Range { min, max, step, walk })
            }
        }
        d.deserialize_any(V)
    }
}

/// A variable's value: a number, `0x..` hex, an IPv4 address, a MAC, or an IPv6
/// address (its low 64 bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Value(pub u64);

impl Serialize for Value {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(self.0)
    }
}

impl std::str::FromStr for Value {
    type Err = String;
    fn from_str(v: &str) -> Result<Self, String> {
        let t = v.trim();
        if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
            return u64::from_str_radix(h, 16).map(Value).map_err(|_| format!("'{v}' is not a hex number"));
        }
        if let Ok(n) = t.parse::<u64>() {
            return Ok(Value(n));
        }
        if let Ok(a) = t.parse::<Ipv4Addr>() {
            return Ok(Value(u32::from(a) as u64));
        }
        if let Ok(m) = t.parse::<EthernetAddress>() {
            return Ok(Value(m.0.iter().fold(0u64, |acc, &b| (acc << 8) | b as u64)));
        }
        if let Ok(a) = t.parse::<Ipv6Addr>() {
            return Ok(Value(u128::from(a) as u64));
        }
        Err(format!("'{v}' is not a value (expected a number, 0x hex, an IPv4/IPv6 address or a MAC)"))
    }
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Value;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a number, 0x hex, an IPv4/IPv6 address or a MAC")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Value, E> {
                Ok(Value(v))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Value, E> {
                u64::try_from(v).map(Value).map_err(|_| E::custom(format!("value {v} must not be negative")))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Value, E> {
                v.parse().map_err(E::custom)
            }
        }
        d.deserialize_any(V)
    }
}

/// Deserializes an optional IPv4 or IPv6 address with a message naming the value.
pub(crate) mod addr_opt {
    use serde::de::{self, Deserialize, Deserializer};
    use std::str::FromStr;

    pub(crate) fn deserialize<'de, D, A>(d: D) -> Result<Option<A>, D::Error>
    where
        D: Deserializer<'de>,
        A: FromStr,
    {
        let s: Option<String> = Option::deserialize(d)?;
        s.map(|s| {
            s.trim().parse::<A>().map_err(|_| {
                let family = if std::any::type_name::<A>().contains("Ipv6") { "IPv6" } else { "IPv4" };
                de::Error::custom(format!("'{s}' is not an {family} address"))
            })
        })
        .transpose()
    }
}
