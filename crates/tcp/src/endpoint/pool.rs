//! The client's pool of (address, port) pairs and the servers its templates connect to.
//!
//! A pool may span a /8 of addresses times every port (2^40 pairs, as TRex's client
//! ranges do): it costs memory for the pairs in use only, never a table of the whole
//! range. Free pairs are found by walking a cursor over the indices, so pairs are taken
//! in order and reused round-robin, and the pairs in use cluster behind the cursor. The
//! indices walk the addresses first, as TRex's client generator does (its `seq`
//! distribution): connection k opens from address k mod N, each address's ports taken in
//! turn, so every client address is busy from the start (a DUT that keeps state per
//! source sees all of them), not the ports of one address before the next. The
//! table is kept in pages of [`PAGE`] pairs, a page only while one of its pairs is in
//! use, found through a hash map of pages (a map of pairs cost 15% of the connection
//! rate in `riptide bench --tcp`: its entries scatter what the cursor keeps together).
//! A page costs 264 bytes however few of its pairs are used: at most that per
//! connection, about a slot's size, when each page holds one.

use super::{EndpointError, FxHasher};
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::net::Ipv4Addr;
use std::sync::Arc;

/// The servers a client template connects to, used in turn.
#[derive(Clone, Debug, PartialEq)]
pub enum Servers {
    /// These, in order (a YAML profile's `servers` list).
    List(Arc<[(Ipv4Addr, u16)]>),
    /// `count` addresses from `first` (at least one), all on `port` (TRex's server
    /// range): one value however large the range.
    Range {
        /// The first address.
        first: Ipv4Addr,
        /// How many addresses.
        count: u32,
        /// The port on each.
        port: u16,
    },
}

impl Servers {
    /// How many servers.
    pub fn len(&self) -> u64 {
        match self {
            Servers::List(l) => l.len() as u64,
            Servers::Range { count, .. } => u64::from(*count),
        }
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `n`th server, counting round (the list must not be empty).
    pub fn nth(&self, n: u64) -> (Ipv4Addr, u16) {
        match self {
            Servers::List(l) => l[(n % l.len().max(1) as u64) as usize],
            Servers::Range { first, count, port } => {
                let k = (n % u64::from((*count).max(1))) as u32;
                (Ipv4Addr::from(u32::from(*first).wrapping_add(k)), *port)
            }
        }
    }
}

impl From<Vec<(Ipv4Addr, u16)>> for Servers {
    fn from(v: Vec<(Ipv4Addr, u16)>) -> Servers {
        Servers::List(v.into())
    }
}

/// How many pairs [`Pool::find_free`] looks at before it gives up: with the pool nearly
/// full a connection is not opened (counted) rather than searched for at length.
const SEARCH: u64 = 64;

/// Pairs in a page of the table.
const PAGE: u64 = 64;

/// What a page's entry holds when its pair is free.
const FREE: u32 = u32::MAX;

/// `PAGE` pairs' entries (a slot, or [`FREE`]) and how many are in use.
#[derive(Debug)]
struct Page {
    entries: [u32; PAGE as usize],
    used: u32,
}

/// The client's (address, port) pairs: this endpoint's share of the ports of every
/// address, and which pairs are in use.
#[derive(Debug)]
pub(super) struct Pool {
    first_ip: Ipv4Addr,
    ips: u32,
    first_port: u16,
    last_port: u16,
    stride: u16,
    offset: u16,
    tuples: u64,
    /// Slot (or UDP flow, marked) of each pair in use, by page (index / [`PAGE`]).
    pages: HashMap<u64, Box<Page>, BuildHasherDefault<FxHasher>>,
    /// Pairs in use.
    used: usize,
    cursor: u64,
}

impl Pool {
    /// The pool of `ips` addresses from the first and every `stride`-th port of `ports`
    /// from `offset`.
    pub(super) fn new(
        ips: (Ipv4Addr, u32),
        ports: (u16, u16),
        stride: u16,
        offset: u16,
    ) -> Result<Pool, EndpointError> {
        let (first, last) = ports;
        let stride_nz = stride.max(1);
        let span = u32::from(last.saturating_sub(first)) + 1;
        let ports_per_ip = if last < first || u32::from(offset) >= span {
            0
        } else {
            (span - u32::from(offset)).div_ceil(u32::from(stride_nz))
        };
        if ports_per_ip == 0 || offset >= stride_nz {
            return Err(EndpointError::NoPorts { first, last, stride, offset });
        }
        if ips.1 == 0 || u64::from(u32::from(ips.0)) + u64::from(ips.1) > 1 << 32 {
            return Err(EndpointError::NoAddresses { first: ips.0, count: ips.1 });
        }
        Ok(Pool {
            first_ip: ips.0,
            ips: ips.1,
            first_port: first,
            last_port: last,
            stride: stride_nz,
            offset,
            tuples: u64::from(ports_per_ip) * u64::from(ips.1),
            pages: HashMap::default(),
            used: 0,
            cursor: 0,
        })
    }

    /// How many pairs the pool has.
    pub(super) fn tuples(&self) -> u64 {
        self.tuples
    }

    /// The index of a local (address, port), when it is in this pool.
    pub(super) fn index_of(&self, ip: Ipv4Addr, port: u16) -> Option<u64> {
        let ip_index = u32::from(ip).wrapping_sub(u32::from(self.first_ip));
        if ip_index >= self.ips || port < self.first_port || port > self.last_port {
            return None;
        }
        let rel = port - self.first_port;
        if rel % self.stride != self.offset {
            return None;
        }
        Some(u64::from(rel / self.stride) * u64::from(self.ips) + u64::from(ip_index))
    }

    /// The (address, port) of pair `index`: the addresses walked first.
    pub(super) fn tuple_at(&self, index: u64) -> (Ipv4Addr, u16) {
        let ip_index = (index % u64::from(self.ips)) as u32;
        let port_index = (index / u64::from(self.ips)) as u32;
        let port = u32::from(self.first_port) + port_index * u32::from(self.stride) + u32::from(self.offset);
        (Ipv4Addr::from(u32::from(self.first_ip).wrapping_add(ip_index)), port as u16)
    }

    /// What pair `index` holds (`None`: it is free).
    pub(super) fn get(&self, index: u64) -> Option<u32> {
        let page = self.pages.get(&(index / PAGE))?;
        Some(page.entries[(index % PAGE) as usize]).filter(|&v| v != FREE)
    }

    /// Marks pair `index` as held by `value` (not [`FREE`]).
    pub(super) fn hold(&mut self, index: u64, value: u32) {
        let page = self
            .pages
            .entry(index / PAGE)
            .or_insert_with(|| Box::new(Page { entries: [FREE; PAGE as usize], used: 0 }));
        let e = &mut page.entries[(index % PAGE) as usize];
        if *e == FREE {
            page.used += 1;
            self.used += 1;
        }
        *e = value;
    }

    /// Frees pair `index`; a page none of whose pairs is in use goes.
    pub(super) fn free(&mut self, index: u64) {
        let key = index / PAGE;
        let Some(page) = self.pages.get_mut(&key) else { return };
        let e = &mut page.entries[(index % PAGE) as usize];
        if *e == FREE {
            return;
        }
        *e = FREE;
        page.used -= 1;
        self.used -= 1;
        if page.used == 0 {
            self.pages.remove(&key);
        }
    }

    /// Pairs in use.
    #[cfg(test)]
    pub(super) fn in_use(&self) -> usize {
        self.used
    }

    /// Pages held.
    #[cfg(test)]
    fn pages(&self) -> usize {
        self.pages.len()
    }

    /// The next free pair from the cursor (looking at most at [`SEARCH`] pairs); the
    /// cursor moves past it.
    pub(super) fn find_free(&mut self) -> Option<u64> {
        for step in 0..self.tuples.min(SEARCH) {
            let i = (self.cursor + step) % self.tuples;
            if self.get(i).is_none() {
                self.cursor = (i + 1) % self.tuples;
                return Some(i);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slash_8_pool_costs_only_what_it_holds() {
        let mut p = Pool::new((Ipv4Addr::new(16, 0, 0, 0), 1 << 24), (1025, 65535), 1, 0).unwrap();
        assert_eq!(p.tuples(), (1u64 << 24) * 64511);
        let last = p.tuples() - 1;
        assert_eq!(p.tuple_at(last), (Ipv4Addr::new(16, 255, 255, 255), 65535));
        assert_eq!(p.index_of(Ipv4Addr::new(16, 255, 255, 255), 65535), Some(last));
        for _ in 0..1000 {
            let i = p.find_free().unwrap();
            p.hold(i, 7);
        }
        assert_eq!(p.in_use(), 1000);
        assert_eq!(p.pages(), 16);
        assert_eq!(p.get(999), Some(7));
        p.free(999);
        p.free(999);
        assert_eq!(p.get(999), None);
        assert_eq!(p.in_use(), 999);
        // A page goes with its last pair in use.
        for i in 960..999 {
            p.free(i);
        }
        assert_eq!(p.pages(), 15);
        assert_eq!(p.find_free(), Some(1000));
    }

    #[test]
    fn every_index_round_trips_through_its_pair() {
        let p = Pool::new((Ipv4Addr::new(198, 18, 0, 1), 3), (1000, 1010), 3, 2).unwrap();
        assert_eq!(p.tuples(), 3 * 3);
        for i in 0..p.tuples() {
            let (ip, port) = p.tuple_at(i);
            assert_eq!((port - 1000) % 3, 2);
            assert_eq!(p.index_of(ip, port), Some(i));
        }
        assert_eq!(p.index_of(Ipv4Addr::new(198, 18, 0, 4), 1002), None);
        assert_eq!(p.index_of(Ipv4Addr::new(198, 18, 0, 1), 1001), None);
    }

    #[test]
    fn pairs_are_taken_address_by_address_as_trexs_generator_takes_them() {
        let mut p = Pool::new((Ipv4Addr::new(198, 18, 0, 1), 3), (1025, 1030), 2, 1).unwrap();
        let ip = |d| Ipv4Addr::new(198, 18, 0, d);
        let taken: Vec<_> = (0..7)
            .map(|_| {
                let i = p.find_free().unwrap();
                p.hold(i, 1);
                p.tuple_at(i)
            })
            .collect();
        assert_eq!(
            taken,
            [(ip(1), 1026), (ip(2), 1026), (ip(3), 1026), (ip(1), 1028), (ip(2), 1028), (ip(3), 1028), (ip(1), 1030)]
        );
    }

    #[test]
    fn a_full_pool_finds_nothing_and_a_freed_pair_is_found_again() {
        let mut p = Pool::new((Ipv4Addr::new(198, 18, 0, 1), 1), (2000, 2003), 1, 0).unwrap();
        for _ in 0..4 {
            let i = p.find_free().unwrap();
            p.hold(i, 1);
        }
        assert_eq!(p.find_free(), None);
        p.free(2);
        assert_eq!(p.find_free(), Some(2));
    }

    #[test]
    fn empty_or_wrapping_ranges_are_refused() {
        assert!(matches!(
            Pool::new((Ipv4Addr::new(1, 0, 0, 0), 0), (1, 2), 1, 0),
            Err(EndpointError::NoAddresses { .. })
        ));
        assert!(matches!(
            Pool::new((Ipv4Addr::new(255, 255, 255, 0), 257), (1, 2), 1, 0),
            Err(EndpointError::NoAddresses { .. })
        ));
        assert!(matches!(Pool::new((Ipv4Addr::new(1, 0, 0, 0), 1), (5, 2), 1, 0), Err(EndpointError::NoPorts { .. })));
    }

    #[test]
    fn servers_count_round() {
        let r = Servers::Range { first: Ipv4Addr::new(48, 0, 0, 1), count: 1 << 24, port: 80 };
        assert_eq!(r.len(), 1 << 24);
        assert_eq!(r.nth(0), (Ipv4Addr::new(48, 0, 0, 1), 80));
        assert_eq!(r.nth((1 << 24) + 2), (Ipv4Addr::new(48, 0, 0, 3), 80));
        let l = Servers::from(vec![(Ipv4Addr::new(1, 1, 1, 1), 1), (Ipv4Addr::new(2, 2, 2, 2), 2)]);
        assert_eq!(l.nth(3), (Ipv4Addr::new(2, 2, 2, 2), 2));
    }
}
