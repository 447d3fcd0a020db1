//! Property: writing packets in runs ([`StreamSet::poll_transmit`]: departures, then the
//! field program column by column, then the frames) gives exactly what writing them one
//! at a time from the earliest stream gives ([`StreamSet::poll_transmit_one_by_one`]):
//! the same bytes, lengths, streams and departures, in the same order, and the same
//! counters, whatever the streams, modes, rates, variables, horizons and budgets.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use proptest::prelude::*;
use riptide_core::{BitsPerSec, Nanos, TxBatch, TxMeta};
use riptide_stl::set::StreamSet;

const FIELDS: &[(&str, u8)] = &[
    ("ipv4.src", 4),
    ("ipv4.dst", 4),
    ("ipv4.ttl", 1),
    ("ipv4.id", 2),
    ("udp.sport", 2),
    ("udp.dport", 2),
    ("eth.src", 4),
    ("vlan.id", 2),
    ("vlan.pcp", 1),
];

/// Everything a poll hands out: frame bytes and metadata.
type Out = Vec<(Vec<u8>, u32, u32, Nanos)>;

fn set_of(yaml: &str, unpaced: bool) -> StreamSet {
    let p = riptide_stl::profile::parse(yaml, "runs.yaml").unwrap_or_else(|e| panic!("{e}\n{yaml}"));
    let c = riptide_stl::profile::compile(&p, "runs.yaml").unwrap_or_else(|e| panic!("{e}\n{yaml}"));
    let mut set = StreamSet::new(c.streams.iter().map(|s| s.share(0, 1, 1.0, BitsPerSec(10e9), unpaced)).collect());
    set.handle_start(Nanos::ZERO);
    set
}

/// Polls `set` turn by turn (horizons `step` apart, `slots` per batch, `budget` per
/// poll) until `total` packets or nothing is left, with `runs` or one by one.
fn drive(set: &mut StreamSet, runs: bool, step: u64, slots: usize, budget: u64, total: usize) -> Out {
    let cap = 1536;
    let mut mem = vec![0u8; slots * cap];
    let offsets: Vec<usize> = (0..slots).map(|i| i * cap).collect();
    let mut meta = vec![TxMeta::default(); slots];
    let mut out = Vec::new();
    let mut horizon = Nanos(step);
    for _ in 0..100_000 {
        if out.len() >= total || set.poll_timeout().is_none() {
            break;
        }
        let mut b = TxBatch::new(&mut mem, &offsets, cap, &mut meta).unwrap();
        let want = budget.min((total - out.len()) as u64);
        let k = if runs {
            set.poll_transmit(&mut b, horizon, want, Some(Nanos::from_millis(1)))
        } else {
            set.poll_transmit_one_by_one(&mut b, horizon, want, Some(Nanos::from_millis(1)))
        };
        out.extend(b.frames().map(|(f, m)| (f.to_vec(), m.len, m.stream, m.departure)));
        if k < slots.min(want as usize) {
            horizon += Nanos(step);
        }
    }
    out
}

fn var_strategy() -> impl Strategy<Value = String> {
    (
        0..FIELDS.len(),
        prop_oneof![Just("inc"), Just("dec"), Just("random"), Just("list")],
        0u32..1000,
        0u32..300,
        1u32..4,
        1u32..3,
    )
        .prop_map(|(f, op, lo, span, step, hold)| {
            let (field, size) = FIELDS[f];
            let max = if size == 1 { 255 } else { 1000 + span * 50 };
            let lo = if size == 1 { lo % 200 } else { lo };
            let hold = if hold == 2 { ", hold: 3" } else { "" };
            if op == "list" {
                format!("{{op: list, values: [{lo}, {}, 7], write: \"{field}\"{hold}}}", lo + 1)
            } else {
                format!(
                    "{{op: {op}, size: {size}, min: {lo}, max: {}, step: {step}, write: \"{field}\"{hold}}}",
                    lo.max(max)
                )
            }
        })
}

fn stream_strategy() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(var_strategy(), 0..4),
        prop_oneof![Just("64"), Just("128"), Just("1000"), Just("{min: 64, max: 200, mode: inc}")],
        prop_oneof![Just("1mpps"), Just("10mpps"), Just("3gbps"), Just("250kpps")],
        prop_oneof![
            Just(String::new()),
            Just("    mode: {burst: {packets: 77}}\n".to_string()),
            Just("    mode: {multi_burst: {packets: 40, bursts: 3, ibg: 20us}}\n".to_string()),
        ],
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(vars, size, rate, mode, tagged, vlan)| {
            let mut vars: Vec<String> =
                vars.into_iter().enumerate().map(|(i, v)| v.replacen('{', &format!("{{name: v{i}, "), 1)).collect();
            let tag = if tagged && !vlan { "    flow_stats: {id: TAG}\n" } else { "" };
            // Masked and shifted writes (the VLAN id's 12 bits, the priority's 3) on tagged frames.
            let packet = if vlan {
                "    packet: [eth: {}, vlan: {id: 5}, ipv4: {}, udp: {}]\n"
            } else {
                for v in &mut vars {
                    *v = v.replace("vlan.id", "udp.dport").replace("vlan.pcp", "ipv4.ttl");
                }
                ""
            };
            format!("  - size: {size}\n    rate: {rate}\n{packet}{mode}{tag}    vars: [{}]\n", vars.join(", "))
        })
}

/// Streams of the generated profiles that took the run path (most should).
static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]
    #[test]
    fn runs_equal_one_packet_at_a_time(
        streams in prop::collection::vec(stream_strategy(), 1..4),
        unpaced in any::<bool>(),
        // A step over the 1 ms catch-up window leaves streams late: late resets.
        step in prop_oneof![Just(1_000u64), Just(37_000), Just(1_000_000), Just(3_000_000)],
        slots in prop_oneof![Just(1usize), Just(7), Just(64), Just(200)],
        budget in prop_oneof![Just(5u64), Just(64), Just(u64::MAX)],
    ) {
        let streams: Vec<String> = streams.iter().enumerate().map(|(i, s)| s.replace("TAG", &(i + 1).to_string())).collect();
        let yaml = format!("seed: 9\nstreams:\n{}", streams.concat());
        let (mut a, mut b) = (set_of(&yaml, unpaced), set_of(&yaml, unpaced));
        RUNS.fetch_add(a.streams().iter().filter(|s| s.runs()).count(), std::sync::atomic::Ordering::Relaxed);
        let ra = drive(&mut a, true, step, slots, budget, 3000);
        let rb = drive(&mut b, false, step, slots, budget, 3000);
        prop_assert_eq!(ra.len(), rb.len(), "{}", yaml);
        if let Some(i) = ra.iter().zip(&rb).position(|(x, y)| x != y) {
            prop_assert!(false, "packet {} differs: {:?}\nvs {:?}\n{}", i, ra[i], rb[i], yaml);
        }
        let counters = |s: &StreamSet| s.streams().iter().map(|x| (x.index, x.counters)).collect::<Vec<_>>();
        prop_assert_eq!(counters(&a), counters(&b));
        prop_assert_eq!(a.late_resets, b.late_resets);
        prop_assert_eq!(a.poll_timeout(), b.poll_timeout());
    }
}

/// The bench profile takes the run path (64 B, two variables, both checksums) and its
/// frames equal the one-by-one path's over several wraps of the address walk.
#[test]
fn the_standard_profile_runs_equal_one_by_one() {
    let yaml = "streams:\n  - size: 64\n    vars:\n      - {name: src, op: inc, min: 198.18.0.1, max: 198.18.0.200, write: ipv4.src}\n      - {name: sport, op: random, min: 1024, max: 65535, write: udp.sport}\n";
    for unpaced in [true, false] {
        let (mut a, mut b) = (set_of(yaml, unpaced), set_of(yaml, unpaced));
        assert!(a.streams()[0].runs(), "the standard profile is written in runs");
        let ra = drive(&mut a, true, 1_000_000, 64, u64::MAX, 1000);
        let rb = drive(&mut b, false, 1_000_000, 64, u64::MAX, 1000);
        assert_eq!(ra.len(), 1000);
        assert!(ra == rb, "unpaced {unpaced}: the runs differ from one by one");
    }
}
