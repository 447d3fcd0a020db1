//! The daemon's list of loaded streams: `add_streams`, `remove_streams`, `list_streams`.
//!
//! The engine loads whole profiles; the daemon keeps the streams of the loaded profile
//! as JSON (the profile format: YAML text parses to the same values) and builds a new
//! profile text for every change, so the engine checks each change in full and a
//! refused change leaves the loaded profile as it was. Streams without a name are named
//! `s<N>` when added, so names stay stable as others are removed.

use crate::rpc::{code, RpcError};
use serde_json::{json, Value};

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

    fn name_unnamed(&mut self, from: usize) {
        for i in from..self.streams.len() {
            if name_of(&self.streams[i]).is_none() {
                let mut n = self.next_name.max(i);
                while self.streams.iter().any(|s| name_of(s) == Some(&format!("s{n}"))) {
                    n += 1;
                }
                if let Some(o) = self.streams[i].as_object_mut() {
                    o.insert("name".into(), json!(format!("s{n}")));
                }
                self.next_name = n + 1;
            }
        }
    }

    /// The list with `streams` appended (names checked for repeats); `seed` replaces the seed.
    pub fn with_added(&self, streams: &[Value], seed: Option<u64>) -> Result<StreamList, RpcError> {
        let mut next = self.clone();
        for (i, s) in streams.iter().enumerate() {
            if !s.is_object() {
                return Err(RpcError::new(code::INVALID_PARAMS, format!("add_streams: streams[{i}] is not an object")));
            }
        }
        let from = next.streams.len();
        next.streams.extend(streams.iter().cloned());
        next.name_unnamed(from);
        for (i, s) in next.streams.iter().enumerate().skip(from) {
            let n = name_of(s).unwrap_or_default();
            if next.streams[..i].iter().any(|o| name_of(o) == Some(n)) {
                return Err(RpcError::new(code::INVALID_PARAMS, format!("add_streams: a stream named '{n}' exists")));
            }
        }
        if seed.is_some() {
            next.seed = seed;
        }
        Ok(next)
    }

    /// The list without the streams named `names` (each must exist).
    pub fn without(&self, names: &[String]) -> Result<StreamList, RpcError> {
        if let Some(missing) = names.iter().find(|n| !self.streams.iter().any(|s| name_of(s) == Some(n.as_str()))) {
            let have: Vec<&str> = self.streams.iter().filter_map(name_of).collect();
            return Err(RpcError::new(
                code::INVALID_PARAMS,
                format!("remove_streams: no stream named '{missing}' (streams: {})", have.join(", ")),
            ));
        }
        let mut next = self.clone();
        next.streams.retain(|s| !names.iter().any(|n| name_of(s) == Some(n.as_str())));
        Ok(next)
    }

    /// The profile text for the engine.
    pub fn profile_text(&self) -> String {
        let mut p = json!({ "streams": self.streams });
        if let Some(seed) = self.seed {
            p["seed"] = json!(seed);
        }
        p.to_string()
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
        assert!(l.profile_text().contains("\"seed\":7"));
    }
}
