//! The OTG models as the spec: every request is checked against the schemas of
//! open-traffic-generator/models before anything reads it.
//!
//! `spec/otg.json` is the models' `artifacts/openapi.yaml` with the prose taken out
//! (scripts/otg-spec.py; its `info` names the release and the models commit). The
//! schemas use a small part of JSON Schema, all of which is checked here: `type`
//! (object, array, string, integer, number, boolean), `properties` (a key no schema
//! names is an error: a typo is never ignored), `required`, `enum`, `minimum`,
//! `maximum`, `minItems`, `maxItems`, `minLength`, `maxLength`, `format` (mac, ipv4,
//! ipv6, hex, the integer widths) and the one `pattern` the models use (hex bytes).
//! A failure names the path of the value (`flows[0].packet[2].udp.src_port.value`), what
//! it is and what the schema expected.
//!
//! Bounded by the input: the check visits each value of the request once (a `$ref` is
//! followed only into a value that is there), and serde_json's parser bounds the depth.

use serde_json::{Map, Value};
use std::net::{Ipv4Addr, Ipv6Addr};
use std::sync::OnceLock;

/// A request that does not follow the models, or that riptide cannot carry out: where
/// (a path into the request) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OtgError {
    /// The value's path, e.g. `flows[0].rate.pps`.
    pub path: String,
    /// What is wrong.
    pub message: String,
}

impl OtgError {
    /// An error at `path`.
    pub fn at(path: impl Into<String>, message: impl Into<String>) -> OtgError {
        OtgError { path: path.into(), message: message.into() }
    }
}

impl std::fmt::Display for OtgError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.path.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

impl std::error::Error for OtgError {}

/// The only `pattern` the models use (Flow.Custom's bytes).
const HEX_PATTERN: &str = "^(?:0[xX])?[A-Fa-f0-9: ]+$";

/// The models' schemas.
#[derive(Debug)]
pub struct Spec {
    schemas: Map<String, Value>,
    version: String,
}

/// The spec riptide serves (parsed once).
pub fn spec() -> &'static Spec {
    static SPEC: OnceLock<Spec> = OnceLock::new();
    SPEC.get_or_init(|| Spec::parse(include_str!("../spec/otg.json")))
}

impl Spec {
    /// The spec of `text` (spec/otg.json's form); an unreadable one is empty (the tests
    /// read the vendored file).
    fn parse(text: &str) -> Spec {
        let v: Value = serde_json::from_str(text).unwrap_or(Value::Null);
        Spec {
            schemas: v.get("schemas").and_then(Value::as_object).cloned().unwrap_or_default(),
            version: v.pointer("/info/version").and_then(Value::as_str).unwrap_or("").to_string(),
        }
    }

    /// The models' release (`info.version`).
    pub fn version(&self) -> &str {
        &self.version
    }

    /// Schema `name` (`Flow`, or a `$ref` `#/components/schemas/Flow`).
    pub fn schema(&self, name: &str) -> Option<&Value> {
        self.schemas.get(name.trim_start_matches("#/components/schemas/"))
    }

    /// The `default` of property `key` of schema `name`.
    pub fn default_of(&self, name: &str, key: &str) -> Option<&Value> {
        self.schema(name)?.get("properties")?.get(key)?.get("default")
    }

    /// Checks `v` against schema `name`, its paths starting at `path`.
    pub fn check(&self, name: &str, v: &Value, path: &str) -> Result<(), OtgError> {
        let s = self.schema(name).ok_or_else(|| OtgError::at(path, format!("no schema {name} in the models")))?;
        self.check_node(name, s, v, path)
    }

    fn check_node(&self, name: &str, s: &Value, v: &Value, path: &str) -> Result<(), OtgError> {
        if let Some(r) = s.get("$ref").and_then(Value::as_str) {
            let target = r.trim_start_matches("#/components/schemas/");
            let t =
                self.schema(target).ok_or_else(|| OtgError::at(path, format!("no schema {target} in the models")))?;
            return self.check_node(target, t, v, path);
        }
        let ty =
            s.get("type").and_then(Value::as_str).unwrap_or(if s.get("properties").is_some() { "object" } else { "" });
        let bad = |what: &str| OtgError::at(path, format!("{} where {what} was expected", kind(v)));
        match ty {
            "object" => {
                let o = v.as_object().ok_or_else(|| bad(&format!("an object ({name})")))?;
                let props = s.get("properties").and_then(Value::as_object);
                for (k, x) in o {
                    let p = props.and_then(|p| p.get(k)).ok_or_else(|| {
                        let mut known: Vec<&str> =
                            props.map(|p| p.keys().map(String::as_str).collect()).unwrap_or_default();
                        known.sort_unstable();
                        OtgError::at(
                            join(path, k),
                            format!("{name} has no property '{k}' (it has: {})", known.join(", ")),
                        )
                    })?;
                    self.check_node(name, p, x, &join(path, k))?;
                }
                for r in s.get("required").and_then(Value::as_array).into_iter().flatten() {
                    if let Some(k) = r.as_str().filter(|k| !o.contains_key(*k)) {
                        return Err(OtgError::at(join(path, k), format!("missing: {name} requires it")));
                    }
                }
                Ok(())
            }
            "array" => {
                let a = v.as_array().ok_or_else(|| bad("a list"))?;
                let n = a.len() as u64;
                if let Some(m) = s.get("minItems").and_then(Value::as_u64).filter(|&m| n < m) {
                    return Err(OtgError::at(path, format!("{n} items where at least {m} are expected")));
                }
                if let Some(m) = s.get("maxItems").and_then(Value::as_u64).filter(|&m| n > m) {
                    return Err(OtgError::at(path, format!("{n} items where at most {m} are allowed")));
                }
                if let Some(items) = s.get("items") {
                    for (i, x) in a.iter().enumerate() {
                        self.check_node(name, items, x, &format!("{path}[{i}]"))?;
                    }
                }
                Ok(())
            }
            "string" => {
                let t = v.as_str().ok_or_else(|| bad("a string"))?;
                if let Some(e) = s.get("enum").and_then(Value::as_array) {
                    if !e.iter().any(|x| x.as_str() == Some(t)) {
                        let names: Vec<&str> = e.iter().filter_map(Value::as_str).collect();
                        return Err(OtgError::at(path, format!("'{t}' is not one of {}", names.join(", "))));
                    }
                }
                let len = t.chars().count() as u64;
                if let Some(m) = s.get("minLength").and_then(Value::as_u64).filter(|&m| len < m) {
                    return Err(OtgError::at(path, format!("{len} characters where at least {m} are expected")));
                }
                if let Some(m) = s.get("maxLength").and_then(Value::as_u64).filter(|&m| len > m) {
                    return Err(OtgError::at(path, format!("{len} characters where at most {m} are allowed")));
                }
                let format = s.get("format").and_then(Value::as_str).unwrap_or("");
                let ok = match format {
                    "mac" => parse_mac(t).is_some(),
                    "ipv4" => t.parse::<Ipv4Addr>().is_ok(),
                    "ipv6" => t.parse::<Ipv6Addr>().is_ok(),
                    "hex" => parse_hex(t).is_some(),
                    _ => true,
                };
                if !ok {
                    return Err(OtgError::at(path, format!("'{}' is not a {format} value", shorten(t))));
                }
                match s.get("pattern").and_then(Value::as_str) {
                    None => Ok(()),
                    Some(HEX_PATTERN) if parse_hex(t).is_some() => Ok(()),
                    Some(HEX_PATTERN) => Err(OtgError::at(path, format!("'{}' is not hex bytes", shorten(t)))),
                    Some(p) => Err(OtgError::at(path, format!("the models' pattern {p} is not known to riptide"))),
                }
            }
            "integer" => {
                let (min, max) = match s.get("format").and_then(Value::as_str) {
                    Some("uint32") => (0, i128::from(u32::MAX)),
                    Some("uint64") => (0, i128::from(u64::MAX)),
                    Some("int32") => (i128::from(i32::MIN), i128::from(i32::MAX)),
                    _ => (i128::from(i64::MIN), i128::from(u64::MAX)),
                };
                // Protobuf's JSON mapping (which snappi and gosnappi follow) writes 64-bit
                // integers as strings.
                let wide = matches!(s.get("format").and_then(Value::as_str), Some("uint64" | "int64"));
                let n = v
                    .as_u64()
                    .map(i128::from)
                    .or_else(|| v.as_i64().map(i128::from))
                    .or_else(|| v.as_str().filter(|_| wide).and_then(|t| t.parse::<i128>().ok()))
                    .ok_or_else(|| bad("a whole number"))?;
                let lo = s.get("minimum").and_then(Value::as_i64).map_or(min, |m| i128::from(m).max(min));
                let hi = s.get("maximum").and_then(Value::as_u64).map_or(max, |m| i128::from(m).min(max));
                if n < lo || n > hi {
                    return Err(OtgError::at(path, format!("{n} is outside {lo} to {hi}")));
                }
                Ok(())
            }
            "number" => {
                let n = v.as_f64().ok_or_else(|| bad("a number"))?;
                if let Some(m) = s.get("minimum").and_then(Value::as_f64).filter(|&m| n < m) {
                    return Err(OtgError::at(path, format!("{n} is below the minimum {m}")));
                }
                if let Some(m) = s.get("maximum").and_then(Value::as_f64).filter(|&m| n > m) {
                    return Err(OtgError::at(path, format!("{n} is above the maximum {m}")));
                }
                Ok(())
            }
            "boolean" => v.as_bool().map(|_| ()).ok_or_else(|| bad("true or false")),
            _ => Ok(()),
        }
    }
}

/// An integer as OTG's JSON writes it: a number, or (64-bit fields) a decimal string.
pub fn as_u64(v: &Value) -> Option<u64> {
    v.as_u64().or_else(|| v.as_str().and_then(|t| t.parse().ok()))
}

/// A number as OTG's JSON writes it (64-bit integers as strings).
pub fn as_f64(v: &Value) -> Option<f64> {
    v.as_f64().or_else(|| v.as_str().and_then(|t| t.parse::<u64>().ok()).map(|n| n as f64))
}

/// `path.key` (or `key` at the top).
pub(crate) fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

fn kind(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => format!("{b}"),
        Value::Number(n) => format!("{n}"),
        Value::String(s) => format!("'{}'", shorten(s)),
        Value::Array(_) => "a list".into(),
        Value::Object(_) => "an object".into(),
    }
}

fn shorten(s: &str) -> String {
    if s.chars().count() > 64 {
        format!("{}...", s.chars().take(64).collect::<String>())
    } else {
        s.to_string()
    }
}

/// A MAC in OTG's form (`00:11:22:33:44:55`).
pub fn parse_mac(t: &str) -> Option<[u8; 6]> {
    let mut out = [0u8; 6];
    let mut parts = t.split(':');
    for b in &mut out {
        let p = parts.next()?;
        if p.is_empty() || p.len() > 2 {
            return None;
        }
        *b = u8::from_str_radix(p, 16).ok()?;
    }
    parts.next().is_none().then_some(out)
}

/// Hex bytes as OTG writes them (`0x` prefix optional; spaces and colons between bytes
/// ignored); `None` for an odd number of digits or another character.
pub fn parse_hex(t: &str) -> Option<Vec<u8>> {
    let t = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")).unwrap_or(t);
    let digits: Vec<u8> = t.bytes().filter(|b| *b != b' ' && *b != b':').collect();
    if digits.is_empty() || !digits.len().is_multiple_of(2) {
        return None;
    }
    digits.chunks(2).map(|c| std::str::from_utf8(c).ok().and_then(|s| u8::from_str_radix(s, 16).ok())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_vendored_spec_is_the_models_release_and_uses_only_what_is_checked() {
        let s = spec();
        assert_eq!(s.version(), "1.61.0");
        assert!(s.schemas.len() > 1000, "{}", s.schemas.len());
        // Every keyword of every schema is one the checker knows.
        fn walk(v: &Value, known: &[&str]) {
            if let Value::Object(o) = v {
                for (k, x) in o {
                    if k != "properties" {
                        assert!(known.contains(&k.as_str()), "keyword {k}");
                        walk(x, known);
                    } else if let Value::Object(p) = x {
                        p.values().for_each(|x| walk(x, known));
                    }
                }
            } else if let Value::Array(a) = v {
                a.iter().for_each(|x| walk(x, known));
            }
        }
        let known = [
            "type",
            "required",
            "enum",
            "default",
            "minimum",
            "maximum",
            "format",
            "$ref",
            "items",
            "minItems",
            "maxItems",
            "minLength",
            "maxLength",
            "pattern",
        ];
        for v in s.schemas.values() {
            walk(v, &known);
        }
    }

    #[test]
    fn a_request_off_the_models_is_named_by_its_path() {
        let s = spec();
        let flow = |f: Value| json!({"flows": [f]});
        let ok = flow(json!({"name": "f", "tx_rx": {"choice": "port", "port": {"tx_name": "p"}},
                             "packet": [{"choice": "udp", "udp": {"src_port": {"choice": "value", "value": 5000}}}]}));
        s.check("Config", &ok, "").unwrap();
        let cases = [
            (
                json!({"name": "f", "tx_rx": {"port": {"tx_name": "p"}}, "rate": {"pps": 0}}),
                "flows[0].rate.pps",
                "outside 1 to",
            ),
            (
                json!({"name": "f", "tx_rx": {"port": {"tx_name": "p"}}, "rate": {"choice": "fast"}}),
                "flows[0].rate.choice",
                "'fast' is not one of pps",
            ),
            (json!({"name": "f", "tx_rx": {"port": {}}}), "flows[0].tx_rx.port.tx_name", "missing"),
            (
                json!({"name": "f", "tx_rx": {"port": {"tx_name": "p"}}, "sise": {}}),
                "flows[0].sise",
                "Flow has no property 'sise'",
            ),
            (
                json!({"name": "f", "tx_rx": {"port": {"tx_name": "p"}},
                    "packet": [{"udp": {"src_port": {"value": 70000}}}]}),
                "flows[0].packet[0].udp.src_port.value",
                "70000 is outside 0 to 65535",
            ),
            (
                json!({"name": "f", "tx_rx": {"port": {"tx_name": "p"}},
                    "packet": [{"ethernet": {"src": {"value": "00:11:22"}}}]}),
                "flows[0].packet[0].ethernet.src.value",
                "not a mac value",
            ),
            (
                json!({"name": "f", "tx_rx": {"port": {"tx_name": "p"}},
                    "packet": [{"custom": {"bytes": "0xzz"}}]}),
                "flows[0].packet[0].custom.bytes",
                "not hex bytes",
            ),
            (json!({"name": 5, "tx_rx": {"port": {"tx_name": "p"}}}), "flows[0].name", "5 where a string"),
        ];
        for (f, path, want) in cases {
            let e = s.check("Config", &flow(f.clone()), "").unwrap_err();
            assert_eq!(e.path, path, "{f}: {e}");
            assert!(e.message.contains(want), "{f}: {e}");
        }
    }

    #[test]
    fn hex_and_macs_read_as_otg_writes_them() {
        assert_eq!(parse_hex("0x0102 ab:CD"), Some(vec![1, 2, 0xab, 0xcd]));
        assert_eq!(parse_hex("abc"), None);
        assert_eq!(parse_hex(""), None);
        assert_eq!(parse_mac("00:11:22:33:44:5f"), Some([0, 0x11, 0x22, 0x33, 0x44, 0x5f]));
        assert_eq!(parse_mac("00:11:22:33:44:55:66"), None);
    }
}
