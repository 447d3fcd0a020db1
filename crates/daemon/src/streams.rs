//! The daemon's list of loaded streams: `add_streams`, `remove_streams`, `list_streams`.
//!
//! The engine loads whole profiles; the daemon keeps the streams of the loaded profile
//! as JSON (the profile format: YAML text parses to the same values) and builds a new
//! profile text for every change, so the engine checks each change in full and a
//! refused change leaves the loaded profile as it was. Streams without a name are named
//! `s<N>` when added, so names stay stable as others are removed.

use crate::rpc::{code, RpcError};
use riptide_session::{Full, Limits, StreamTables};
use serde_json::{json, Value};
use std::collections::HashSet;

/// Most streams one `add_streams` request adds.
pub const MAX_ADD: usize = 1024;
/// Most streams the daemon keeps loaded.
pub const MAX_STREAMS: usize = 4096;
/// Most bytes of stream JSON the daemon keeps, all streams together (a request is at
/// most `--max-request` bytes, 1 MiB by default; this bounds what many requests leave).
pub const MAX_BYTES: usize = 64 << 20;

/// The session layer's limits for the daemon's one table.
const LIMITS: Limits = Limits { streams: MAX_STREAMS, stream_bytes: MAX_BYTES, bytes: MAX_BYTES };

/// The loaded profile's streams (the session layer's table, keyed by name, in profile
/// order) and seed.
#[derive(Debug, Clone)]
pub struct StreamList {
    table: StreamTables<String, ()>,
    seed: Option<u64>,
    next_name: usize,
}

impl Default for StreamList {
    fn default() -> Self {
        StreamList { table: StreamTables::new(1, LIMITS), seed: None, next_name: 0 }
    }
}

fn name_of(s: &Value) -> Option<&str> {
    s.get("name").and_then(Value::as_str)
}

impl StreamList {
    /// The streams, in profile order.
    pub fn streams(&self) -> Vec<Value> {
        self.table.in_order(0).map(|(_, s)| serde_json::from_str(s.text()).unwrap_or(Value::Null)).collect()
    }

    /// How many streams there are.
    pub fn len(&self) -> usize {
        self.table.len(0)
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The list a profile text loaded by `load_profile` holds (empty if it does not
    /// parse), or why the daemon cannot keep it.
    pub fn from_profile_text(text: &str) -> Result<StreamList, RpcError> {
        let v: Value = serde_saphyr::from_str(text).unwrap_or(Value::Null);
        let list = StreamList { seed: v.get("seed").and_then(Value::as_u64), ..Default::default() };
        match v.get("streams").and_then(Value::as_array) {
            Some(arr) => list.adding(arr, "load_profile"),
            None => Ok(list),
        }
    }

    /// The list with `streams` appended, unnamed ones named `s<N>` (linear: one set of
    /// the names taken); `method` words the errors.
    fn adding(&self, streams: &[Value], method: &str) -> Result<StreamList, RpcError> {
        let bad = |m: String| RpcError::new(code::INVALID_PARAMS, format!("{method}: {m}"));
        let texts: Vec<String> = streams.iter().map(Value::to_string).collect();
        let bytes = texts.iter().map(String::len).sum();
        self.table.room(0, streams.len(), bytes).map_err(|e| match e {
            Full::Streams { held, adding, max } => {
                bad(format!("{held} streams loaded and {adding} more: at most {max}"))
            }
            e => bad(format!("{e}")),
        })?;
        let mut next = self.clone();
        let mut taken: HashSet<String> = self.table.in_order(0).map(|(k, _)| k.clone()).collect();
        for (i, (s, text)) in streams.iter().zip(texts).enumerate() {
            let Some(o) = s.as_object() else {
                return Err(bad(format!("streams[{i}] is not an object")));
            };
            let (name, text) = match name_of(s) {
                Some(n) => (n.to_string(), text),
                None => {
                    let mut n = next.next_name.max(next.len());
                    while taken.contains(&format!("s{n}")) {
                        n += 1;
                    }
                    next.next_name = n + 1;
                    let mut named = o.clone();
                    named.insert("name".into(), json!(format!("s{n}")));
                    (format!("s{n}"), Value::Object(named).to_string())
                }
            };
            if !taken.insert(name.clone()) {
                return Err(bad(format!("a stream named '{name}' exists")));
            }
            next.table.insert(0, name, text, ()).map_err(|e| bad(format!("streams[{i}]: {e}")))?;
        }
        Ok(next)
    }

    /// The list with `streams` appended (names checked for repeats); `seed` replaces the seed.
    pub fn with_added(&self, streams: &[Value], seed: Option<u64>) -> Result<StreamList, RpcError> {
        if streams.len() > MAX_ADD {
            return Err(RpcError::new(
                code::INVALID_PARAMS,
                format!("add_streams: {} streams in one request: at most {MAX_ADD}", streams.len()),
            ));
        }
        let mut next = self.adding(streams, "add_streams")?;
        if seed.is_some() {
            next.seed = seed;
        }
        Ok(next)
    }

    /// The list without the streams named `names` (each must exist).
    pub fn without(&self, names: &[String]) -> Result<StreamList, RpcError> {
        if let Some(missing) = names.iter().find(|n| !self.table.contains(0, n)) {
            let have: Vec<&str> = self.table.in_order(0).map(|(k, _)| k.as_str()).collect();
            return Err(RpcError::new(
                code::INVALID_PARAMS,
                format!("remove_streams: no stream named '{missing}' (streams: {})", have.join(", ")),
            ));
        }
        let mut next = self.clone();
        for n in names {
            next.table.remove(0, n);
        }
        if next.is_empty() {
            // Nothing left to confuse a new name with: after a reset (every stream
            // removed) names start again from s0, as on a fresh daemon.
            next.next_name = 0;
        }
        Ok(next)
    }

    /// The profile text for the engine: one key per line, so an error's line number
    /// names the value.
    pub fn profile_text(&self) -> String {
        let mut p = json!({ "streams": self.streams() });
        if let Some(seed) = self.seed {
            p["seed"] = json!(seed);
        }
        serde_json::to_string_pretty(&p).unwrap_or_else(|_| p.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_stay_stable_and_repeats_are_refused() {
        let l = StreamList::from_profile_text("seed: 7\nstreams:\n  - rate: 1kpps\n  - name: b\n").unwrap();
        let names =
            |l: &StreamList| -> Vec<String> { l.streams().iter().filter_map(name_of).map(str::to_string).collect() };
        assert_eq!(names(&l), ["s0", "b"]);
        let l = l.with_added(&[json!({}), json!({"name": "c"})], None).unwrap();
        assert_eq!(names(&l), ["s0", "b", "s2", "c"]);
        assert!(l.with_added(&[json!({"name": "b"})], None).unwrap_err().message.contains("'b' exists"));
        let l = l.without(&["s0".into()]).unwrap();
        let l = l.with_added(&[json!({})], None).unwrap();
        assert_eq!(names(&l), ["b", "s2", "c", "s3"]);
        assert!(l.without(&["zz".into()]).unwrap_err().message.contains("no stream named 'zz'"));
        assert!(l.profile_text().contains("\"seed\": 7"));
    }

    /// Issue 50: after a reset (every stream removed) the names went on from s3.
    #[test]
    fn names_start_again_after_every_stream_is_removed() {
        let names =
            |l: &StreamList| -> Vec<String> { l.streams().iter().filter_map(name_of).map(str::to_string).collect() };
        let l = StreamList::default().with_added(&[json!({}), json!({}), json!({})], None).unwrap();
        assert_eq!(names(&l), ["s0", "s1", "s2"]);
        let l = l.without(&names(&l)).unwrap();
        assert!(l.is_empty());
        let l = l.with_added(&[json!({}), json!({})], None).unwrap();
        assert_eq!(names(&l), ["s0", "s1"]);
        // While any stream is left, a removed name is not given again.
        let l = l.without(&["s1".into()]).unwrap().with_added(&[json!({})], None).unwrap();
        assert_eq!(names(&l), ["s0", "s2"]);
    }

    #[test]
    fn many_streams_are_linear_and_capped() {
        // 16,000 streams took 63 s (quadratic naming under the engine lock).
        let t = std::time::Instant::now();
        let mut l = StreamList::default();
        for _ in 0..(MAX_STREAMS / MAX_ADD) {
            l = l.with_added(&vec![json!({}); MAX_ADD], None).unwrap();
        }
        assert_eq!(l.len(), MAX_STREAMS);
        assert!(t.elapsed() < std::time::Duration::from_secs(2), "{:?}", t.elapsed());
        let e = l.with_added(&[json!({})], None).unwrap_err().message;
        assert!(e.contains("at most 4096"), "{e}");
        let e = StreamList::default().with_added(&vec![json!({}); MAX_ADD + 1], None).unwrap_err().message;
        assert!(e.contains("at most 1024"), "{e}");
        let e = StreamList::default().with_added(&[json!({"name": "a"}), json!({"name": "a"})], None);
        assert!(e.unwrap_err().message.contains("'a' exists"));
    }
}
