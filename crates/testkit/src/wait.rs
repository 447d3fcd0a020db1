//! Waiting on a condition with a deadline, never a sleep of a guessed length.
//!
//! A test that must wait for something asynchronous (a server to come up, a run to
//! start or stop, counters to move, a file to appear) waits for *that*, polling it, and
//! fails naming what it waited for once `limit` has passed. The limit is a bound on a
//! broken test, not a guess of how long the machine takes: make it generous (at least
//! ten times what it takes on a busy 2-vCPU VM), since a working test pays only for
//! what it really waits.
//!
//! ```no_run
//! # use std::time::Duration;
//! # let out = std::path::Path::new("x");
//! riptide_testkit::wait_for(Duration::from_secs(10), "the output directory", || out.exists());
//! ```
//!
//! A test that claims that nothing happens (a stopped port sends nothing) checks it
//! over a window with [`holds_for`]; `crates/cli/tests/sleeps.rs` fails on any other
//! sleep in the suite that is not on its allow-list of pacing uses.

use std::fmt::Display;
use std::time::{Duration, Instant};

/// The first pause between two polls; it doubles up to [`POLL_MAX`], so a condition
/// that holds soon is seen within about a millisecond and a long wait costs little.
pub const POLL_MIN: Duration = Duration::from_millis(1);
/// The longest pause between two polls.
pub const POLL_MAX: Duration = Duration::from_millis(20);

/// Polls `cond` until it holds; whether it did within `limit` (it is polled once more
/// at the limit). For a test that goes on either way: most want [`wait_for`].
pub fn within(limit: Duration, mut cond: impl FnMut() -> bool) -> bool {
    let end = Instant::now() + limit;
    let mut pause = POLL_MIN;
    loop {
        if cond() {
            return true;
        }
        let now = Instant::now();
        if now >= end {
            return false;
        }
        std::thread::sleep(pause.min(end - now));
        pause = (pause * 2).min(POLL_MAX);
    }
}

/// Polls `cond` until it holds.
///
/// # Panics
/// When it has not held within `limit`, naming `what` and the time waited: the test
/// fails there.
pub fn wait_for(limit: Duration, what: impl Display, cond: impl FnMut() -> bool) {
    if !within(limit, cond) {
        panic!("waited {limit:?} for {what}: never");
    }
}

/// Polls `f` until it gives `Ok`, and returns that value.
///
/// # Panics
/// When it has given only `Err` within `limit`, naming `what` and the last `Err` (the
/// state it saw last, for the failure message).
pub fn wait_for_ok<T, E: std::fmt::Debug>(
    limit: Duration,
    what: impl Display,
    mut f: impl FnMut() -> Result<T, E>,
) -> T {
    let mut last = None;
    let mut got = None;
    let done = within(limit, || match f() {
        Ok(v) => {
            got = Some(v);
            true
        }
        Err(e) => {
            last = Some(e);
            false
        }
    });
    match got {
        Some(v) if done => v,
        _ => panic!("waited {limit:?} for {what}: never; last seen {last:?}"),
    }
}

/// Checks that `cond` holds throughout `window`, polling it, from now: for a claim
/// that something does *not* happen (a stopped port sends nothing), which only a
/// window can show.
///
/// # Panics
/// At the first poll where it does not hold, naming `what` and when.
pub fn holds_for(window: Duration, what: impl Display, mut cond: impl FnMut() -> bool) {
    let t = Instant::now();
    let broke = within(window, || !cond());
    if broke {
        panic!("{what}: broken {:?} into a window of {window:?}", t.elapsed());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    #[test]
    fn a_condition_that_comes_true_ends_the_wait_and_one_that_does_not_fails_it() {
        let n = Cell::new(0);
        wait_for(Duration::from_secs(5), "the third poll", || {
            n.set(n.get() + 1);
            n.get() == 3
        });
        assert_eq!(n.get(), 3);
        let t = Instant::now();
        let e = std::panic::catch_unwind(|| wait_for(Duration::from_millis(50), "a unicorn", || false)).unwrap_err();
        assert!(t.elapsed() >= Duration::from_millis(50));
        let msg = e.downcast_ref::<String>().cloned().unwrap_or_default();
        assert_eq!(msg, "waited 50ms for a unicorn: never");
    }

    #[test]
    fn the_last_state_seen_is_in_the_failure() {
        assert_eq!(wait_for_ok(Duration::from_secs(5), "a value", || Ok::<_, ()>(7)), 7);
        let n = Cell::new(0);
        let e = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            wait_for_ok(Duration::from_millis(30), "ten", || {
                n.set(n.get() + 1);
                Err::<(), _>(n.get())
            })
        }))
        .unwrap_err();
        let msg = e.downcast_ref::<String>().cloned().unwrap_or_default();
        assert_eq!(msg, format!("waited 30ms for ten: never; last seen Some({})", n.get()));
    }

    #[test]
    fn a_window_fails_at_the_first_break_and_passes_only_after_its_length() {
        let t = Instant::now();
        holds_for(Duration::from_millis(40), "calm", || true);
        assert!(t.elapsed() >= Duration::from_millis(40));
        let n = Cell::new(0);
        let e = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            holds_for(Duration::from_secs(5), "calm", || {
                n.set(n.get() + 1);
                n.get() < 3
            })
        }))
        .unwrap_err();
        assert_eq!(n.get(), 3, "it stops at the break");
        let msg = e.downcast_ref::<String>().cloned().unwrap_or_default();
        assert!(msg.starts_with("calm: broken ") && msg.ends_with(" into a window of 5s"), "{msg}");
    }
}
