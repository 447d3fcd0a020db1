//! What `riptide merge` reads of every kind of result, and the checks all kinds share:
//! a result file, its kind and segment, whether the segments are one split's.

use crate::Failure;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// The largest result file read.
const MAX_FILE: u64 = 256 << 20;

/// What kind of run a result file is of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// `riptide run`.
    Stateless,
    /// `riptide tcp`.
    Tcp,
    /// `riptide run-stf`.
    Stf,
}

impl Kind {
    pub(crate) fn of(v: &Value) -> Kind {
        if v.get("tcp").is_some_and(|t| !t.is_null()) {
            Kind::Tcp
        } else if v.get("m_total_open_flows").is_some() || v.get("stf").is_some_and(|t| !t.is_null()) {
            Kind::Stf
        } else {
            Kind::Stateless
        }
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            Kind::Stateless => "stateless run (riptide run)",
            Kind::Tcp => "TCP run (riptide tcp)",
            Kind::Stf => "stateful run (riptide run-stf)",
        }
    }
}

/// Reads one result file as JSON (at most [`MAX_FILE`] bytes).
pub(crate) fn read_value(path: &Path) -> Result<(String, Value), Failure> {
    let file = path.display().to_string();
    let bad = |what: String| Failure::input(format!("{file}: {what}"));
    let len = std::fs::metadata(path).map_err(|e| bad(format!("cannot read: {e}")))?.len();
    if len > MAX_FILE {
        return Err(bad(format!("larger than {} MiB: not a run's result", MAX_FILE >> 20)));
    }
    let text = std::fs::read_to_string(path).map_err(|e| bad(format!("cannot read: {e}")))?;
    let v: Value = serde_json::from_str(&text).map_err(|e| {
        bad(format!("line {}: not JSON ({e}): expected the --json of riptide run, tcp or run-stf", e.line()))
    })?;
    if !v.is_object() {
        return Err(bad("not a JSON object: expected the --json of riptide run, tcp or run-stf".into()));
    }
    Ok((file, v))
}

/// A result's `segment` (`"I/N"`), if it has one.
pub(crate) fn segment_of(file: &str, v: &Value) -> Result<Option<(u32, u32)>, Failure> {
    match v.get("segment") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => {
            let seg: riptide_engine::Segment =
                s.parse().map_err(|e: String| Failure::input(format!("{file}: segment: {e}")))?;
            Ok(Some((seg.index, seg.count)))
        }
        Some(o) => Err(Failure::input(format!("{file}: segment: expected \"I/N\", got {o}"))),
    }
}

/// Segmented results (`(file, segment)`) must be the N shares of one split, each once.
pub(crate) fn check_segments(parts: &[(&str, Option<(u32, u32)>)]) -> Result<(), Failure> {
    let segs: Vec<(&str, (u32, u32))> = parts.iter().filter_map(|p| Some((p.0, p.1?))).collect();
    if segs.is_empty() {
        return Ok(());
    }
    if segs.len() != parts.len() {
        let plain = parts.iter().find(|p| p.1.is_none()).map_or("", |p| p.0);
        return Err(Failure::input(format!("{plain} is not a segment of the run the other files split (no segment)")));
    }
    let n = segs[0].1 .1;
    let mut seen: BTreeMap<u32, &str> = BTreeMap::new();
    for (file, (i, count)) in &segs {
        if *count != n {
            return Err(Failure::input(format!(
                "{file}: segment {i}/{count}, but {} is of {n}: the files are of different splits",
                segs[0].0
            )));
        }
        if let Some(other) = seen.insert(*i, file) {
            return Err(Failure::input(format!("segment {i}/{n} is in both {other} and {file}")));
        }
    }
    let missing: Vec<String> = (0..n).filter(|i| !seen.contains_key(i)).map(|i| format!("{i}/{n}")).collect();
    if !missing.is_empty() {
        return Err(Failure::input(format!(
            "segments {} are missing: the merged run would be short (given: {})",
            missing.join(", "),
            segs.iter().map(|s| s.0).collect::<Vec<_>>().join(", ")
        )));
    }
    Ok(())
}

pub(crate) fn human_ns(ns: u64) -> String {
    match ns {
        0..=9_999 => format!("{ns} ns"),
        10_000..=9_999_999 => format!("{:.1} us", ns as f64 / 1e3),
        _ => format!("{:.1} ms", ns as f64 / 1e6),
    }
}
