//! Edge cases of the timing wheel, on a virtual clock: same-tick timers, tick boundaries,
//! wrap-around of each level, the overflow list, past deadlines and stale ids.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use riptide_timer::{TimerWheel, WheelConfig};

/// A small wheel (4 buckets, 3 levels, 10 ns ticks: horizon 64 ticks = 640 ns) so that
/// every level wraps within a few polls.
fn small() -> TimerWheel<u32> {
    TimerWheel::new(WheelConfig { tick_ns: 10, buckets: 4, levels: 3, run: false }).unwrap()
}

fn poll(wheel: &mut TimerWheel<u32>, now_ns: u64) -> Vec<(u64, u32)> {
    let mut fired = Vec::new();
    wheel.poll_expired(now_ns, |deadline, value| fired.push((deadline, value)));
    fired
}

fn values(fired: &[(u64, u32)]) -> Vec<u32> {
    fired.iter().map(|&(_, v)| v).collect()
}

#[test]
fn rejects_bad_config() {
    let err = TimerWheel::<()>::new(WheelConfig { buckets: 100, ..WheelConfig::default() }).unwrap_err();
    assert!(err.to_string().contains("power of two"), "{err}");
    assert!(TimerWheel::<()>::new(WheelConfig { levels: 0, ..WheelConfig::default() }).is_err());
    assert!(TimerWheel::<()>::new(WheelConfig { tick_ns: 0, ..WheelConfig::default() }).is_err());
    assert_eq!(TimerWheel::<()>::default().config(), WheelConfig::default());
}

#[test]
fn entries_are_small() {
    assert_eq!(TimerWheel::<()>::ENTRY_BYTES, 24);
    assert_eq!(TimerWheel::<u32>::ENTRY_BYTES, 24);
    assert_eq!(TimerWheel::<u64>::ENTRY_BYTES, 32);
    assert_eq!(std::mem::size_of::<Option<riptide_timer::TimerId>>(), 8);
}

#[test]
fn same_tick_timers_fire_together_in_insertion_order() {
    let mut wheel = small();
    for (i, deadline) in [35, 31, 39, 30].into_iter().enumerate() {
        wheel.insert(deadline, i as u32);
    }
    wheel.insert(40, 9);
    assert_eq!(wheel.next_deadline(), Some(30));
    assert!(poll(&mut wheel, 29).is_empty());
    // The whole tick [30, 40) fires at 30, before 35 and 39 are reached: tick granularity.
    assert_eq!(poll(&mut wheel, 30), [(35, 0), (31, 1), (39, 2), (30, 3)]);
    assert_eq!(wheel.next_deadline(), Some(40));
    assert_eq!(poll(&mut wheel, 40), [(40, 9)]);
    assert!(wheel.is_empty());
    assert_eq!(wheel.next_deadline(), None);
}

#[test]
fn deadline_exactly_on_a_tick_boundary() {
    let mut wheel = small();
    wheel.insert(40, 1);
    assert!(poll(&mut wheel, 39).is_empty(), "never before its tick");
    assert_eq!(poll(&mut wheel, 40), [(40, 1)]);
    // Boundaries of level 1 (4 ticks = 40 ns) and level 2 (16 ticks = 160 ns).
    wheel.insert(160, 2);
    wheel.insert(159, 3);
    assert!(poll(&mut wheel, 149).is_empty());
    assert_eq!(poll(&mut wheel, 150), [(159, 3)]);
    assert_eq!(poll(&mut wheel, 160), [(160, 2)]);
}

#[test]
fn each_level_wraps_around() {
    let mut wheel = small();
    // Deadlines every 7 ticks over 10 horizons: level 0 wraps every 4 ticks, level 1 every
    // 16, level 2 every 64; polled every 3 ticks so polls land both sides of each wrap.
    let deadlines: Vec<u64> = (1..=90).map(|i| i * 70 + i % 10).collect();
    for (i, &d) in deadlines.iter().enumerate() {
        wheel.insert(d, i as u32);
    }
    let mut fired = Vec::new();
    let mut now = 0;
    while !wheel.is_empty() {
        now += 30;
        for (deadline, value) in poll(&mut wheel, now) {
            assert!(deadline / 10 <= now / 10, "{deadline} fired early at {now}");
            assert!(deadline / 10 > (now - 30) / 10, "{deadline} fired late at {now}");
            fired.push(value);
        }
    }
    assert_eq!(fired, (0..90).collect::<Vec<_>>());
}

#[test]
fn far_future_goes_through_overflow() {
    let mut wheel = small();
    // Horizon is 64 ticks; these are 1, 2 and 100 horizons out, plus one near u64::MAX.
    wheel.insert(640 * 100 + 15, 3);
    wheel.insert(640 * 2, 2);
    wheel.insert(640, 1);
    wheel.insert(u64::MAX, 4);
    wheel.insert(5, 0);
    assert_eq!(wheel.next_deadline(), Some(0));
    assert_eq!(values(&poll(&mut wheel, 10)), [0]);
    assert_eq!(wheel.next_deadline(), Some(640), "overflow's lower bound");
    assert!(poll(&mut wheel, 639).is_empty());
    assert_eq!(values(&poll(&mut wheel, 640)), [1]);
    assert!(poll(&mut wheel, 1279).is_empty());
    assert_eq!(values(&poll(&mut wheel, 1280)), [2]);
    assert!(poll(&mut wheel, 64_000).is_empty());
    assert_eq!(values(&poll(&mut wheel, 64_010)), [3]);
    // One big jump from here to the end of time.
    assert_eq!(poll(&mut wheel, u64::MAX), [(u64::MAX, 4)]);
    assert!(wheel.is_empty());
}

#[test]
fn big_jumps_fire_everything_in_tick_order() {
    let mut wheel = TimerWheel::new(WheelConfig::default()).unwrap();
    let deadlines = [5_000_000_000_000, 3, 2_000_000_000, 1_500, 1_000_000, 1_000_000_000_000, 999];
    for (i, &d) in deadlines.iter().enumerate() {
        wheel.insert(d, i as u32);
    }
    let fired = poll(&mut wheel, u64::MAX / 2);
    let mut sorted = deadlines.to_vec();
    sorted.sort();
    let fired_deadlines: Vec<u64> = fired.iter().map(|&(d, _)| d).collect();
    // 3 and 999 share the first 1 µs tick and come out in insertion order.
    assert_eq!(fired_deadlines, [3, 999, 1_500, 1_000_000, 2_000_000_000, 1_000_000_000_000, 5_000_000_000_000]);
}

#[test]
fn past_deadlines_fire_on_the_next_poll() {
    let mut wheel = small();
    wheel.insert(500, 1);
    assert_eq!(values(&poll(&mut wheel, 1000)), [1]);
    wheel.insert(10, 2); // long past
    wheel.insert(1000, 3); // now
    wheel.insert(1009, 4); // same tick as now
    wheel.insert(1010, 5); // next tick
    assert_eq!(wheel.next_deadline(), Some(1000));
    // An earlier now is treated as the latest one seen.
    assert_eq!(values(&poll(&mut wheel, 0)), [2, 3, 4]);
    assert_eq!(values(&poll(&mut wheel, 1010)), [5]);
}

#[test]
fn cancel_and_stale_ids() {
    let mut wheel = small();
    let a = wheel.insert(100, 1);
    let b = wheel.insert(100, 2);
    let far = wheel.insert(10_000, 3);
    assert_eq!(wheel.cancel(a), Some(1));
    assert_eq!(wheel.cancel(a), None, "already cancelled");
    assert_eq!(wheel.cancel(far), Some(3), "from the overflow list");
    assert_eq!(wheel.len(), 1);
    assert_eq!(poll(&mut wheel, 100), [(100, 2)]);
    assert_eq!(wheel.cancel(b), None, "already fired");
    // Both slots are reused; the old ids must not cancel the new timers.
    let c = wheel.insert(200, 4);
    let d = wheel.insert(200, 5);
    assert_eq!((wheel.cancel(a), wheel.cancel(b), wheel.cancel(far)), (None, None, None));
    assert_eq!(wheel.len(), 2);
    assert_eq!(wheel.cancel(d), Some(5));
    assert_eq!(wheel.cancel(c), Some(4));
    assert!(wheel.is_empty());
    assert_eq!(wheel.next_deadline(), None, "cancelling keeps the bitmaps exact");
    assert!(poll(&mut wheel, 1_000_000).is_empty());
}

#[test]
fn pop_expired_one_at_a_time() {
    let mut wheel = small();
    wheel.insert(25, 1);
    wheel.insert(15, 2);
    wheel.insert(45, 3);
    assert_eq!(wheel.pop_expired(30), Some((15, 2)));
    // A timer inserted between pops with a past deadline counts as due in the current
    // tick (that of 15), so it comes out before the next tick's 25.
    wheel.insert(12, 4);
    assert_eq!(wheel.pop_expired(30), Some((12, 4)));
    assert_eq!(wheel.pop_expired(30), Some((25, 1)));
    assert_eq!(wheel.pop_expired(30), None);
    assert_eq!(wheel.pop_expired(50), Some((45, 3)));
}

#[test]
fn next_deadline_is_a_lower_bound_that_tightens() {
    let mut wheel = small();
    wheel.insert(95, 1); // tick 9: level 1, bucket [80, 120)
    let bound = wheel.next_deadline().unwrap();
    assert_eq!(bound, 80);
    assert!(poll(&mut wheel, bound).is_empty());
    assert_eq!(wheel.next_deadline(), Some(90));
    assert_eq!(poll(&mut wheel, 90), [(95, 1)]);
}

#[test]
fn single_level_wheel() {
    let mut wheel = TimerWheel::new(WheelConfig { tick_ns: 1, buckets: 2, levels: 1, run: false }).unwrap();
    for d in [7, 1, 3, 2, 0] {
        wheel.insert(d, d as u32);
    }
    let mut fired = Vec::new();
    for now in 0..8 {
        fired.extend(values(&poll(&mut wheel, now)));
    }
    assert_eq!(fired, [0, 1, 2, 3, 7]);
}

#[test]
fn the_last_tick_waits_in_overflow() {
    // u64::MAX is both a deadline and a tick here: it must not be mistaken for "no overflow".
    let mut wheel = TimerWheel::new(WheelConfig { tick_ns: 1, buckets: 64, levels: 1, run: false }).unwrap();
    wheel.insert(u64::MAX, 1);
    wheel.insert(u64::MAX - 100, 2);
    assert_eq!(wheel.next_deadline(), Some(u64::MAX - 100));
    assert_eq!(poll(&mut wheel, u64::MAX - 1), [(u64::MAX - 100, 2)]);
    assert_eq!(wheel.next_deadline(), Some(u64::MAX));
    assert_eq!(poll(&mut wheel, u64::MAX), [(u64::MAX, 1)]);
}

#[test]
fn timers_set_in_deadline_order_take_the_run() {
    let mut wheel = TimerWheel::new(WheelConfig { tick_ns: 10, buckets: 4, levels: 3, run: true }).unwrap();
    // In order: the run; 150 comes after 200: the wheel; 5_000 is past the horizon, but in order.
    let a = wheel.insert(100, 1);
    let b = wheel.insert(200, 2);
    let c = wheel.insert(150, 3);
    let d = wheel.insert(5_000, 4);
    assert!(format!("{wheel:?}").contains("in_run: 3"), "{wheel:?}");
    assert_eq!(wheel.len(), 4);
    assert_eq!(wheel.next_deadline(), Some(100));
    // Cancelling the run's front leaves 200 in front; 150 in the wheel is earlier (120 is
    // the start of its level-1 span: the wheel's answer is a lower bound).
    assert_eq!(wheel.cancel(a), Some(1));
    assert_eq!(wheel.cancel(a), None);
    assert_eq!(wheel.next_deadline(), Some(120));
    // Run and wheel merge in deadline order.
    assert_eq!(values(&poll(&mut wheel, 4_999)), [3, 2]);
    assert_eq!(wheel.cancel(b), None);
    assert_eq!(wheel.cancel(c), None);
    assert_eq!(wheel.next_deadline(), Some(5_000));
    assert_eq!(values(&poll(&mut wheel, 5_000)), [4]);
    assert_eq!(wheel.cancel(d), None);
    assert!(wheel.is_empty());
    // Many cancelled keys in the middle of the run are compacted away; the live ones fire.
    let ids: Vec<_> = (0..5_000u32).map(|v| wheel.insert(10_000 + u64::from(v) * 10, v)).collect();
    for (v, id) in ids.iter().enumerate() {
        if v % 5 != 0 {
            assert_eq!(wheel.cancel(*id), Some(v as u32));
        }
    }
    assert_eq!(wheel.len(), 1_000);
    assert_eq!(values(&poll(&mut wheel, u64::MAX)), (0..5_000).step_by(5).collect::<Vec<_>>());
}
