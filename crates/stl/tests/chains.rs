//! Chained variables in a YAML profile (`next`, TRex's `next_var`), end to end: an
//! odometer over the frames a stream sends, stepped value lists, and the mistakes a
//! profile can make with chains, each refused naming the variable (issue 51).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use riptide_core::{BitsPerSec, Nanos, TxBatch, TxMeta};
use riptide_stl::set::StreamSet;

fn frames(yaml: &str, n: usize) -> Vec<Vec<u8>> {
    frames_of_core(yaml, n, 0, 1)
}

/// The first `n` frames core `core` of `cores` sends.
fn frames_of_core(yaml: &str, n: usize, core: usize, cores: usize) -> Vec<Vec<u8>> {
    let p = riptide_stl::profile::parse(yaml, "chains.yaml").unwrap_or_else(|e| panic!("{e}\n{yaml}"));
    let c = riptide_stl::profile::compile(&p, "chains.yaml").unwrap_or_else(|e| panic!("{e}\n{yaml}"));
    let mut set = StreamSet::new(c.streams.iter().map(|s| s.share(core, cores, 1.0, BitsPerSec(10e9), true)).collect());
    set.handle_start(Nanos::ZERO);
    let cap = 2048;
    let mut mem = vec![0u8; 64 * cap];
    let offsets: Vec<usize> = (0..64).map(|i| i * cap).collect();
    let mut meta = vec![TxMeta::default(); 64];
    let mut out = Vec::new();
    while out.len() < n {
        let mut b = TxBatch::new(&mut mem, &offsets, cap, &mut meta).unwrap();
        let k = set.poll_transmit(&mut b, Nanos::MAX, (n - out.len()) as u64, None);
        out.extend(b.frames().map(|(f, _)| f.to_vec()));
        assert!(k > 0);
    }
    out
}

fn error(yaml: &str) -> String {
    let p = riptide_stl::profile::parse(yaml, "chains.yaml").unwrap_or_else(|e| panic!("{e}\n{yaml}"));
    match riptide_stl::profile::compile(&p, "chains.yaml") {
        Ok(_) => panic!("compiled:\n{yaml}"),
        Err(e) => e.to_string(),
    }
}

fn stream(vars: &str) -> String {
    format!(
        "streams:\n  - name: s\n    packet: [ipv4: {{src: 198.18.0.1, dst: 198.19.0.1}}, udp: {{sport: 1025, dport: 12}}]\n    \
         size: 64\n    rate: 1kpps\n    vars:\n{vars}"
    )
}

#[test]
fn an_odometer_of_three_wheels_sends_every_combination_once_a_cycle() {
    // sport: 3 values fastest; dport moves when sport wraps; the last address byte when
    // dport does: 3 x 2 x 4 = 24 frames, then the same again.
    let yaml = stream(
        "      - {name: a, op: inc, min: 1, max: 3, size: 2, write: udp.sport, next: b}\n      \
         - {name: b, op: list, values: [80, 443], size: 2, write: udp.dport, next: c}\n      \
         - {name: c, op: dec, min: 10, max: 13, size: 1}\n    \
         writes:\n      - {var: c, offset: 33, size: 1}\n",
    );
    let f = frames(&yaml, 48);
    let key = |x: &Vec<u8>| (u16::from_be_bytes([x[34], x[35]]), u16::from_be_bytes([x[36], x[37]]), x[33]);
    let keys: Vec<_> = f.iter().map(key).collect();
    assert_eq!(&keys[..4], &[(1, 80, 13), (2, 80, 13), (3, 80, 13), (1, 443, 13)]);
    assert_eq!(keys[6], (1, 80, 12), "the dec wheel moves when the list wraps");
    let distinct: std::collections::HashSet<_> = keys[..24].iter().collect();
    assert_eq!(distinct.len(), 24, "every combination once in a cycle");
    assert_eq!(keys[..24], keys[24..], "then the same cycle again");
    for x in &f {
        let d = riptide_wire::decode::decode(x);
        assert!(d.malformed.is_none() && d.all_checksums_ok(), "checksums right after every write:\n{d}");
    }
}

#[test]
fn a_list_walks_by_its_step() {
    let yaml = stream("      - {name: p, op: list, values: [1, 2, 3, 4, 5, 6], step: 4, size: 2, write: udp.sport}\n");
    let ports: Vec<u16> = frames(&yaml, 6).iter().map(|x| u16::from_be_bytes([x[34], x[35]])).collect();
    assert_eq!(ports, [1, 5, 3, 1, 5, 3]);
}

#[test]
fn chains_that_mean_nothing_are_refused_naming_the_variable() {
    let cases = [
        ("      - {name: a, op: inc, min: 1, max: 3, write: udp.sport, next: zz}\n", "vars[0].next: no variable named 'zz'"),
        ("      - {name: a, op: inc, min: 1, max: 3, write: udp.sport, next: a}\n", "'a' cannot move itself"),
        (
            "      - {name: a, op: random, min: 1, max: 3, write: udp.sport, next: b}\n      - {name: b, op: inc, min: 1, max: 2, write: udp.dport}\n",
            "'a' never wraps around (random)",
        ),
        (
            "      - {name: a, op: inc, min: 1, max: 3, write: udp.sport, next: c}\n      - {name: b, op: inc, min: 1, max: 3, write: udp.dport, next: c}\n      - {name: c, op: inc, min: 1, max: 3, size: 1}\n",
            "'c' is already the next variable of 'a'",
        ),
        (
            "      - {name: a, op: inc, min: 1, max: 3, write: udp.sport, next: b}\n      - {name: b, op: inc, min: 1, max: 3, write: udp.dport, next: a}\n",
            "in a loop of next variables",
        ),
        (
            "      - {name: a, op: inc, min: 1, max: 3, write: udp.sport, next: t}\n      - {name: t, tuple: {ip_min: 198.18.0.1, ip_max: 198.18.0.2}, write: [ipv4.src]}\n",
            "'t' is a tuple or the clock",
        ),
        ("      - {name: p, op: list, values: [1, 2], step: 0, write: udp.sport}\n", "vars[0].step: step must be at least 1"),
    ];
    for (vars, want) in cases {
        let e = error(&stream(vars));
        assert!(e.contains(want), "{e}\nlacks: {want}");
    }
}

/// The streams' indices of every frame a profile sends, to its end (at most `cap`).
fn sources(yaml: &str, cap: usize) -> Vec<u32> {
    let p = riptide_stl::profile::parse(yaml, "loop.yaml").unwrap_or_else(|e| panic!("{e}\n{yaml}"));
    let c = riptide_stl::profile::compile(&p, "loop.yaml").unwrap_or_else(|e| panic!("{e}\n{yaml}"));
    let mut set = StreamSet::new(c.streams.iter().map(|s| s.share(0, 1, 1.0, BitsPerSec(10e9), true)).collect());
    set.handle_start(Nanos::ZERO);
    let cap_bytes = 2048;
    let mut mem = vec![0u8; 64 * cap_bytes];
    let offsets: Vec<usize> = (0..64).map(|i| i * cap_bytes).collect();
    let mut meta = vec![TxMeta::default(); 64];
    let mut out = Vec::new();
    while out.len() < cap {
        let mut b = TxBatch::new(&mut mem, &offsets, cap_bytes, &mut meta).unwrap();
        if set.poll_transmit(&mut b, Nanos::MAX, (cap - out.len()) as u64, None) == 0 {
            break;
        }
        out.extend(b.frames().map(|(_, m)| m.stream));
    }
    out
}

/// TRex's burst_3st_loop_x_times.py: S0 (1 packet) -> S1 (2) -> S2 (3, action_count 2) ->
/// S0: TRex's set_stateless_next_node counts S2's ends down and stops the chain at the
/// second, so the loop runs twice and the profile ends.
#[test]
fn action_count_runs_a_loop_of_streams_that_many_times_then_ends() {
    let profile = |count: u32| {
        format!(
            "streams:\n\
  - {{name: S0, packet: [ipv4: {{}}, udp: {{}}], rate: 10pps, mode: {{burst: {{packets: 1}}}}, next: S1}}\n\
  - {{name: S1, self_start: false, packet: [ipv4: {{}}, udp: {{}}], rate: 10pps, mode: {{burst: {{packets: 2}}}}, next: S2}}\n\
  - {{name: S2, self_start: false, packet: [ipv4: {{}}, udp: {{}}], rate: 10pps, mode: {{burst: {{packets: 3}}}}, next: S0, action_count: {count}}}\n"
        )
    };
    let once = [0, 1, 1, 2, 2, 2];
    assert_eq!(sources(&profile(2), 100), [once, once].concat());
    assert_eq!(sources(&profile(1), 100), once, "1: the chain stops at the first end");
    assert_eq!(sources(&profile(0), 60).len(), 60, "0: the loop never ends");
}

/// `split` in YAML: `interleave` (TRex's split_to_cores) gives core k every N-th value from
/// the k-th, `whole` every value on every core, `share` (the default) a contiguous share.
#[test]
fn split_cuts_a_walk_between_cores_as_each_variable_says() {
    let sports = |split: &str, core: usize| -> Vec<u16> {
        let yaml = stream(&format!("      - {{name: p, op: inc, min: 1, max: 8, size: 2, write: udp.sport{split}}}\n"));
        frames_of_core(&yaml, 4, core, 2).iter().map(|x| u16::from_be_bytes([x[34], x[35]])).collect()
    };
    assert_eq!(
        (sports(", split: interleave", 0), sports(", split: interleave", 1)),
        (vec![1, 3, 5, 7], vec![2, 4, 6, 8])
    );
    assert_eq!((sports(", split: whole", 0), sports(", split: whole", 1)), (vec![1, 2, 3, 4], vec![1, 2, 3, 4]));
    assert_eq!((sports("", 0), sports(", split: share", 1)), (vec![1, 2, 3, 4], vec![5, 6, 7, 8]));
    for var in [
        "{name: t, tuple: {ip_min: 198.18.0.1, ip_max: 198.18.0.9}, write: ipv4.src, split: interleave}",
        "{name: r, op: random, min: 1, max: 9, write: udp.sport, split: interleave}",
        "{name: h, op: inc, min: 1, max: 9, hold: 2, write: udp.sport, split: interleave}",
    ] {
        let e = error(&stream(&format!("      - {var}\n")));
        assert!(
            e.contains("vars[0].split") && e.contains("interleave is for inc, dec, list and repeatable_random"),
            "{e}"
        );
    }
}
