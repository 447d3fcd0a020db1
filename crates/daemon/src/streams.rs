//! The daemon's list of loaded streams: `add_streams`, `remove_streams`, `list_streams`.
//!
//! The engine loads whole profiles; the daemon keeps the streams of the loaded profile
//! as JSON (the profile format: YAML text parses to the same values) and builds a new
//! profile text for every change, so the engine checks each change in full and a
//! refused change leaves the loaded profile as it was. Streams without a name are named
//! `s<N>` when added, so names stay stable as others are removed.

use crate::rpc::{code, RpcError};
use serde_json::{json, Value};
use std::collections::HashSet;

/// Most streams one `add_streams` request adds.
pub const MAX_ADD: usize = 1024;
/// Most streams the daemon keeps loaded.
pub const MAX_STREAMS: usize = 4096;

/// The loaded profile's streams and seed.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct StreamList {
    streams: Vec<Value>,
    seed: Option<u64>,
    next_name: usize,
}

fn name_of(s: &Value) -> Option<&str> {
    s.get("name").and_then(Value::as_str)
}

impl StreamList {
    /// The streams.
    pub fn streams(&self) -> &[Value] {
        &self.streams
    }

    /// The list a profile text loaded by `load_profile` holds (empty if it does not parse).
    pub fn from_profile_text(text: &str) -> StreamList {
        let v: Value = serde_saphyr::from_str(text).unwrap_or(Value::Null);
        let mut list = StreamList { seed: v.get("seed").and_then(Value::as_u64), ..Default::default() };
        if let Some(arr) = v.get("streams").and_then(Value::as_array) {
            list.streams = arr.clone();
            list.name_unnamed(0);
        }
        list
    }

    /// Names the unnamed streams from position `from` on `s<N>` (linear: one set of the
    /// names taken).
    fn name_unnamed(&mut self, from: usize) {
        let mut taken: HashSet<String> = self.streams.iter().filter_map(name_of).map(str::to_string).collect();
        for i in from..self.streams.len() {
            if name_of(&self.streams[i]).is_none() {
                let mut n = self.next_name.max(i);
                while taken.contains(&format!("s{n}")) {
                    n += 1;
                }
                let name = format!("s{n}");
                if let Some(o) = self.streams[i].as_object_mut() {
                    o.insert("name".into(), json!(name));
                }
                taken.insert(name);
                self.next_name = n + 1;
            }
        }
    }

    /// The list with `streams` appended (names checked for repeats); `seed` replaces the seed.
    pub fn with_added(&self, streams: &[Value], seed: Option<u64>) -> Result<StreamList, RpcError> {
        let bad = |m: String| RpcError::new(code::INVALID_PARAMS, format!("add_streams: {m}"));
        if streams.len() > MAX_ADD {
            return Err(bad(format!("{} streams in one request: at most {MAX_ADD}", streams.len())));
        }
        if self.streams.len() + streams.len() > MAX_STREAMS {
            return Err(bad(format!(
                "{} streams loaded and {} more: at most {MAX_STREAMS}",
                self.streams.len(),
                streams.len()
            )));
        }
        for (i, s) in streams.iter().enumerate() {
            if !s.is_object() {
                return Err(bad(format!("streams[{i}] is not an object")));
            }
        }
        let mut next = self.clone();
        let from = next.streams.len();
        let mut seen: HashSet<String> = next.streams.iter().filter_map(name_of).map(str::to_string).collect();
        for s in streams {
            if let Some(n) = name_of(s) {
                if !seen.insert(n.to_string()) {
                    return Err(bad(format!("a stream named '{n}' exists")));
                }
            }
        }
        next.streams.extend(streams.iter().cloned());
        next.name_unnamed(from);
        if seed.is_some() {
            next.seed = seed;
        }
        Ok(next)
    }

    /// The list without the streams named `names` (each must exist).
    pub fn without(&self, names: &[String]) -> Result<StreamList, RpcError> {
        let have: HashSet<&str> = self.streams.iter().filter_map(name_of).collect();
        if let Some(missing) = names.iter().find(|n| !have.contains(n.as_str())) {
            let have: Vec<&str> = self.streams.iter().filter_map(name_of).collect();
            return Err(RpcError::new(
                code::INVALID_PARAMS,
                format!("remove_streams: no stream named '{missing}' (streams: {})", have.join(", ")),
            ));
        }
        let gone: HashSet<&str> = names.iter().map(String::as_str).collect();
        let mut next = self.clone();
        next.streams.retain(|s| !name_of(s).is_some_and(|n| gone.contains(n)));
        Ok(next)
    }

    /// The profile text for the engine: one key per line, so an error's line number
    /// names the value.
    pub fn profile_text(&self) -> String {
        let mut p = json!({ "streams": self.streams });
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
        let l = StreamList::from_profile_text("seed: 7\nstreams:\n  - rate: 1kpps\n  - name: b\n");
        let names: Vec<&str> = l.streams().iter().filter_map(name_of).collect();
        assert_eq!(names, ["s0", "b"]);
        let l = l.with_added(&[json!({}), json!({"name": "c"})], None).unwrap();
        let names: Vec<&str> = l.streams().iter().filter_map(name_of).collect();
        assert_eq!(names, ["s0", "b", "s2", "c"]);
        assert!(l.with_added(&[json!({"name": "b"})], None).unwrap_err().message.contains("'b' exists"));
        let l = l.without(&["s0".into()]).unwrap();
        let l = l.with_added(&[json!({})], None).unwrap();
        let names: Vec<&str> = l.streams().iter().filter_map(name_of).collect();
        assert_eq!(names, ["b", "s2", "c", "s3"]);
        assert!(l.without(&["zz".into()]).unwrap_err().message.contains("no stream named 'zz'"));
        assert!(l.profile_text().contains("\"seed\": 7"));
    }

    #[test]
    fn many_streams_are_linear_and_capped() {
        // 16,000 streams took 63 s (quadratic naming under the engine lock).
        let t = std::time::Instant::now();
        let mut l = StreamList::default();
        for _ in 0..(MAX_STREAMS / MAX_ADD) {
            l = l.with_added(&vec![json!({}); MAX_ADD], None).unwrap();
        }
        assert_eq!(l.streams().len(), MAX_STREAMS);
        assert!(t.elapsed() < std::time::Duration::from_secs(2), "{:?}", t.elapsed());
        let e = l.with_added(&[json!({})], None).unwrap_err().message;
        assert!(e.contains("at most 4096"), "{e}");
        let e = StreamList::default().with_added(&vec![json!({}); MAX_ADD + 1], None).unwrap_err().message;
        assert!(e.contains("at most 1024"), "{e}");
        let e = StreamList::default().with_added(&[json!({"name": "a"}), json!({"name": "a"})], None);
        assert!(e.unwrap_err().message.contains("'a' exists"));
    }
}
