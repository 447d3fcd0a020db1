//! The streams loaded per port: one table type, one set of limits.
//!
//! Each stream is kept as the text it came in (what the front end answers back when
//! asked for it) beside what the front end made of it (a translated stream, or nothing).
//! A table (a port; the daemon has one) holds at most [`Limits::streams`], a stream's
//! text at most [`Limits::stream_bytes`], and all tables together at most
//! [`Limits::bytes`]: a peer that may add streams cannot make the server hold more.
//! Streams are found by key and listed by key or in the order they came.

use std::collections::BTreeMap;
use std::fmt;

/// A front end's stream limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Most streams one table holds.
    pub streams: usize,
    /// Largest stream text, in bytes.
    pub stream_bytes: usize,
    /// Most bytes of stream text all tables hold together.
    pub bytes: usize,
}

/// A stream kept: its text and what the front end made of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Stored<V> {
    text: Box<str>,
    /// The front end's own form of the stream.
    pub value: V,
}

impl<V> Stored<V> {
    /// The stream as it came (the front end's wire text).
    pub fn text(&self) -> &str {
        &self.text
    }
}

/// Why a stream (or a batch of them) does not fit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Full {
    /// A stream with its key is there.
    Exists,
    /// The table would hold more than its limit.
    Streams {
        /// Held now.
        held: usize,
        /// Asked to add.
        adding: usize,
        /// The limit.
        max: usize,
    },
    /// One stream's text is over the limit.
    StreamBytes {
        /// Its size.
        bytes: usize,
        /// The limit.
        max: usize,
    },
    /// All tables would hold more bytes than the budget.
    Bytes {
        /// Held now.
        held: usize,
        /// Asked to add.
        adding: usize,
        /// The budget.
        max: usize,
    },
    /// There is no such table.
    NoTable {
        /// The table asked for.
        table: usize,
        /// How many there are.
        tables: usize,
    },
}

impl fmt::Display for Full {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Full::Exists => write!(f, "a stream with that key exists"),
            Full::Streams { held, adding, max } => {
                write!(f, "{held} streams held and {adding} more: at most {max}")
            }
            Full::StreamBytes { bytes, max } => write!(f, "{bytes} bytes: at most {max} per stream"),
            Full::Bytes { held, adding, max } => {
                write!(f, "{held} bytes of streams held and {adding} more: at most {max} in all")
            }
            Full::NoTable { table, tables } => write!(f, "no table {table} (0 to {})", tables.saturating_sub(1)),
        }
    }
}

#[derive(Clone, Debug)]
struct Table<K, V> {
    /// Arrival number -> key.
    order: BTreeMap<u64, K>,
    /// Key -> (arrival number, stream).
    entries: BTreeMap<K, (u64, Stored<V>)>,
}

/// Every table of a front end, under one budget.
#[derive(Clone, Debug)]
pub struct StreamTables<K, V> {
    tables: Vec<Table<K, V>>,
    bytes: usize,
    limits: Limits,
    arrivals: u64,
}

impl<K: Ord + Clone, V> StreamTables<K, V> {
    /// `tables` empty tables under `limits`.
    pub fn new(tables: usize, limits: Limits) -> Self {
        StreamTables {
            tables: (0..tables).map(|_| Table { order: BTreeMap::new(), entries: BTreeMap::new() }).collect(),
            bytes: 0,
            limits,
            arrivals: 0,
        }
    }

    /// The limits.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Bytes of stream text held, all tables together.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// Streams in table `t`.
    pub fn len(&self, t: usize) -> usize {
        self.tables.get(t).map_or(0, |x| x.entries.len())
    }

    /// Whether table `t` holds no stream.
    pub fn is_empty(&self, t: usize) -> bool {
        self.len(t) == 0
    }

    /// Whether `count` more streams of `bytes` in all fit in table `t` (each stream's own
    /// size is checked as it is added).
    pub fn room(&self, t: usize, count: usize, bytes: usize) -> Result<(), Full> {
        let table = self.tables.get(t).ok_or(Full::NoTable { table: t, tables: self.tables.len() })?;
        let held = table.entries.len();
        if held.saturating_add(count) > self.limits.streams {
            return Err(Full::Streams { held, adding: count, max: self.limits.streams });
        }
        if self.bytes.saturating_add(bytes) > self.limits.bytes {
            return Err(Full::Bytes { held: self.bytes, adding: bytes, max: self.limits.bytes });
        }
        Ok(())
    }

    /// Whether a stream `key` of `bytes` would be taken into table `t`: the checks of
    /// [`insert`](Self::insert), before the caller spends time making its value.
    pub fn check(&self, t: usize, key: &K, bytes: usize) -> Result<(), Full> {
        let table = self.tables.get(t).ok_or(Full::NoTable { table: t, tables: self.tables.len() })?;
        if table.entries.contains_key(key) {
            return Err(Full::Exists);
        }
        if bytes > self.limits.stream_bytes {
            return Err(Full::StreamBytes { bytes, max: self.limits.stream_bytes });
        }
        self.room(t, 1, bytes)
    }

    /// Adds a stream to table `t`, or says why it does not fit (and keeps nothing).
    pub fn insert(&mut self, t: usize, key: K, text: String, value: V) -> Result<(), Full> {
        self.check(t, &key, text.len())?;
        self.arrivals += 1;
        self.bytes += text.len();
        let table = &mut self.tables[t];
        table.order.insert(self.arrivals, key.clone());
        table.entries.insert(key, (self.arrivals, Stored { text: text.into_boxed_str(), value }));
        Ok(())
    }

    /// Takes stream `key` out of table `t`.
    pub fn remove(&mut self, t: usize, key: &K) -> Option<Stored<V>> {
        let table = self.tables.get_mut(t)?;
        let (n, s) = table.entries.remove(key)?;
        table.order.remove(&n);
        self.bytes -= s.text.len();
        Some(s)
    }

    /// Empties table `t`.
    pub fn clear(&mut self, t: usize) {
        if let Some(table) = self.tables.get_mut(t) {
            self.bytes -= table.entries.values().map(|(_, s)| s.text.len()).sum::<usize>();
            table.entries.clear();
            table.order.clear();
        }
    }

    /// Stream `key` of table `t`.
    pub fn get(&self, t: usize, key: &K) -> Option<&Stored<V>> {
        self.tables.get(t)?.entries.get(key).map(|(_, s)| s)
    }

    /// Whether table `t` holds stream `key`.
    pub fn contains(&self, t: usize, key: &K) -> bool {
        self.get(t, key).is_some()
    }

    /// Table `t`'s streams by key.
    pub fn by_key(&self, t: usize) -> impl Iterator<Item = (&K, &Stored<V>)> {
        self.tables.get(t).into_iter().flat_map(|x| x.entries.iter().map(|(k, (_, s))| (k, s)))
    }

    /// Table `t`'s streams in the order they came.
    pub fn in_order(&self, t: usize) -> impl Iterator<Item = (&K, &Stored<V>)> {
        self.tables
            .get(t)
            .into_iter()
            .flat_map(|x| x.order.values().filter_map(|k| x.entries.get_key_value(k).map(|(k, (_, s))| (k, s))))
    }

    /// Table `t`'s greatest key.
    pub fn last_key(&self, t: usize) -> Option<&K> {
        self.tables.get(t)?.entries.keys().next_back()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const L: Limits = Limits { streams: 3, stream_bytes: 10, bytes: 25 };

    #[test]
    fn every_limit_refuses_and_keeps_nothing() {
        let mut s: StreamTables<u32, ()> = StreamTables::new(2, L);
        s.insert(0, 5, "aaaaaaaaaa".into(), ()).unwrap();
        assert_eq!(s.insert(0, 5, "b".into(), ()), Err(Full::Exists));
        assert_eq!(s.insert(0, 6, "b".repeat(11), ()), Err(Full::StreamBytes { bytes: 11, max: 10 }));
        s.insert(1, 1, "bbbbbbbbbb".into(), ()).unwrap();
        assert_eq!(s.insert(1, 2, "c".repeat(6), ()), Err(Full::Bytes { held: 20, adding: 6, max: 25 }));
        s.insert(1, 2, "c".repeat(5), ()).unwrap();
        assert_eq!(s.bytes(), 25);
        s.clear(1);
        assert_eq!((s.bytes(), s.len(1)), (10, 0));
        for k in [1, 2] {
            s.insert(0, k, "x".into(), ()).unwrap();
        }
        assert_eq!(s.insert(0, 3, "x".into(), ()), Err(Full::Streams { held: 3, adding: 1, max: 3 }));
        assert_eq!(s.room(1, 4, 0), Err(Full::Streams { held: 0, adding: 4, max: 3 }));
        assert_eq!(s.insert(2, 3, "x".into(), ()), Err(Full::NoTable { table: 2, tables: 2 }));
        assert_eq!(s.len(0), 3);
        assert_eq!(s.remove(0, &5).map(|x| x.text().len()), Some(10));
        assert_eq!(s.bytes(), 2);
        assert!(s.remove(0, &5).is_none());
        assert!(s.remove(9, &5).is_none());
        assert_eq!(
            Full::Bytes { held: 20, adding: 6, max: 25 }.to_string(),
            "20 bytes of streams held and 6 more: at most 25 in all"
        );
    }

    #[test]
    fn streams_list_by_key_and_in_arrival_order() {
        let mut s: StreamTables<String, usize> =
            StreamTables::new(1, Limits { streams: 10, stream_bytes: 10, bytes: 100 });
        for (i, k) in ["c", "a", "b"].iter().enumerate() {
            s.insert(0, k.to_string(), format!("{{{k}}}"), i).unwrap();
        }
        s.remove(0, &"a".to_string());
        s.insert(0, "a".into(), "{a2}".into(), 9).unwrap();
        let order: Vec<&str> = s.in_order(0).map(|(k, _)| k.as_str()).collect();
        assert_eq!(order, ["c", "b", "a"]);
        let keys: Vec<&str> = s.by_key(0).map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["a", "b", "c"]);
        assert_eq!(s.get(0, &"a".to_string()).map(|x| (x.text(), x.value)), Some(("{a2}", 9)));
        assert_eq!(s.last_key(0).map(String::as_str), Some("c"));
        assert_eq!(s.in_order(3).count(), 0);
    }

    proptest! {
        /// Whatever is added and removed, the byte count is the sum of what is held, no
        /// table passes its limit, and both listings hold the same streams.
        #[test]
        fn the_budget_always_adds_up(ops in proptest::collection::vec((0usize..3, 0u8..3, 0u32..8, 0usize..14), 0..200)) {
            let mut s: StreamTables<u32, ()> = StreamTables::new(2, L);
            for (t, op, key, len) in ops {
                match op {
                    0 | 1 => { let _ = s.insert(t, key, "x".repeat(len), ()); }
                    _ if key == 0 => s.clear(t),
                    _ => { s.remove(t, &key); }
                }
                let held: usize = (0..2).flat_map(|t| s.by_key(t).map(|(_, x)| x.text().len())).collect::<Vec<_>>().iter().sum();
                prop_assert_eq!(held, s.bytes());
                prop_assert!(s.bytes() <= L.bytes);
                for t in 0..2 {
                    prop_assert!(s.len(t) <= L.streams);
                    let mut a: Vec<u32> = s.in_order(t).map(|(k, _)| *k).collect();
                    a.sort_unstable();
                    let b: Vec<u32> = s.by_key(t).map(|(k, _)| *k).collect();
                    prop_assert_eq!(a, b);
                }
            }
        }
    }
}
