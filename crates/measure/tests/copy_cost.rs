//! What copying a receive table costs, counted in bytes allocated (not timed): a worker
//! publishes a copy of its table every few milliseconds, so a copy must cost the
//! streams registered, not the largest id among them.
//!
//! Regression: the table was a `Vec<Option<StreamRx>>` indexed by id, so the latency
//! probe `riptide ndr` adds (id 65,535) made every copy 65,536 records, ~40 MB, and a
//! 10 s latency trial on the virtual-time `link:` port took minutes instead of
//! milliseconds (docs/methodology.md's `link:` example ran past 120 s).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use riptide_measure::Classifier;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// The system allocator, counting the bytes allocated on the thread that set `COUNTING`
/// (the test below runs alone in this binary).
struct Counting;

static COUNTING: AtomicBool = AtomicBool::new(false);
static ALLOCATED: AtomicU64 = AtomicU64::new(0);

// SAFETY: every call is passed on to the system allocator unchanged; counting has no
// effect on what is returned.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            ALLOCATED.fetch_add(layout.size() as u64, Ordering::Relaxed);
        }
        // SAFETY: the caller's layout, as GlobalAlloc::alloc requires.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` above with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// Bytes allocated by one copy of a table with a flow-stats stream and a latency stream
/// of these ids.
fn copy_bytes(flow_id: u16, latency_id: u16) -> u64 {
    let mut c = Classifier::default();
    c.register(flow_id, false);
    c.register(latency_id, true);
    ALLOCATED.store(0, Ordering::Relaxed);
    COUNTING.store(true, Ordering::Relaxed);
    let copy = c.clone();
    COUNTING.store(false, Ordering::Relaxed);
    assert_eq!(copy.streams().count(), 2);
    ALLOCATED.load(Ordering::Relaxed)
}

#[test]
fn a_copy_costs_the_streams_registered_not_the_largest_id() {
    // ndr's case: the profile's stream 1 and a latency probe at 65,535.
    let (near, far) = (copy_bytes(1, 2), copy_bytes(1, 65_535));
    assert_eq!(near, far, "copying ids 1 and 65535 allocated {far} B, ids 1 and 2 {near} B");
    // Two sequence windows, one latency histogram and the records: well under 1 MiB
    // (the id-indexed table was ~40 MB).
    assert!(far < 1 << 20, "{far} B");
}
