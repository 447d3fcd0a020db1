//! No sleep as synchronisation in the test suite (issue 56): a test that waits for
//! something (a server to come up, a run to start or stop, counters to move, a file to
//! appear) waits for *that* with a deadline (`riptide_testkit::wait_for` in Rust,
//! `daemon_util.wait_for` in Python), never for a guessed time, which is too short on a
//! busy machine and too long on an idle one.
//!
//! This test reads the suite's test code (every `crates/*/tests` file, the `#[cfg(test)]`
//! modules of `crates/*/src`, `crates/testkit`, `python/tests` but TRex's own
//! `python/tests/trex-core`) and fails on any sleep not on [`ALLOWED`], where each entry
//! says why it is no wait: pacing or load that is the point of the test, an observation
//! window, or the one poll interval of the wait helpers. An entry names the file, the
//! call as written and how many times it is there, so a copy of an allowed call used to
//! wait elsewhere in the same file fails too, and so does an entry left behind.
//!
//! It is a Rust test, beside `layers.rs`, because `cargo test` is what every change runs
//! (with or without Python, root or the daemon built), and because the Rust and the
//! Python suites are checked by one list.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

/// One allowed sleep: in `file` (from the repository root), a line containing `call`,
/// `count` times, because `why`.
struct Allowed {
    file: &'static str,
    call: &'static str,
    count: usize,
    why: &'static str,
}

const fn allow(file: &'static str, call: &'static str, count: usize, why: &'static str) -> Allowed {
    Allowed { file, call, count, why }
}

/// The sleeps in the suite that are no waits.
const ALLOWED: &[Allowed] = &[
    // The wait helpers themselves: the pause between two polls of a condition.
    allow("crates/testkit/src/wait.rs", "std::thread::sleep(pause.min(end - now))", 1, "the poll interval of wait_for"),
    allow("python/tests/daemon_util.py", "time.sleep(min(pause, left))", 1, "the poll interval of wait_for"),
    allow("python/tests/trex_astf_client_script.py", "time.sleep(0.01)", 1, "the poll interval of the script's wait_for (it runs under TRex's client, without daemon_util)"),
    allow("python/tests/trex_client_script.py", "time.sleep(0.01)", 1, "the poll interval of the script's within/wait_for/holds_for (it runs under TRex's client, without daemon_util)"),
    // Observation windows: a rate or a cost measured over a span of time.
    allow("crates/engine/src/clock.rs", "std::thread::sleep(Duration::from_millis(150))", 1, "real time for the TSC clock to drift over between two re-anchorings: what is measured against CLOCK_MONOTONIC"),
    allow("crates/engine/src/clock.rs", "std::thread::sleep(Duration::from_millis(30))", 1, "the real interval the clock is measured over, against Instant"),
    allow("python/tests/test_listeners.py", "time.sleep(2)", 1, "the server's CPU time measured over 2 s while 1,100 silent peers are connected (N5: no spinning accept loop)"),
    allow("python/tests/trex_astf_client_script.py", "time.sleep(1.5)", 2, "the connection rate measured over 1.5 s on the client's clock, before and after update()"),
    // Pacing and attacks that are the point of a test.
    allow("crates/port/tests/afpacket.rs", "std::thread::sleep(Duration::from_micros(200))", 1, "the receiver's back-off when its ring is empty, in a loop that ends on the sender's end and a quiet spell, or a deadline"),
    allow("crates/port/tests/afpacket.rs", "std::thread::sleep(Duration::from_micros(100))", 1, "the receiver's back-off when its ring is empty, in a loop that ends on the sender's end and a quiet spell, or a deadline"),
    allow("crates/port/tests/afxdp.rs", "std::thread::sleep(Duration::from_micros(50))", 1, "the sender's back-off when it is a window ahead of the receiver: flow control that paces traffic"),
    allow("crates/port/tests/afxdp.rs", "std::thread::sleep(Duration::from_micros(100))", 1, "the receiver's back-off when its ring is empty, in a loop that ends on the sender's end and a quiet spell, or a deadline"),
    allow("crates/trex/tests/hostile.rs", "std::thread::sleep(Duration::from_millis(r.below(200)))", 1, "a hostile peer stalls after a broken greeting, for a random time"),
    allow("crates/trex/tests/hostile.rs", "std::thread::sleep(Duration::from_millis(r.below(300)))", 1, "a hostile peer holds a connection open saying nothing, for a random time"),
    allow("crates/daemon/tests/rpc.rs", "std::thread::sleep(Duration::from_millis(100))", 1, "the attack under test: a request trickled a byte every 100 ms"),
    allow("python/tests/test_listeners.py", "time.sleep(0.1)", 1, "the attack under test: slow-loris scrapers trickling a byte every 100 ms (N8)"),
    allow("python/tests/test_listeners.py", "time.sleep(0.02)", 1, "pacing: the well-behaved client's calls every 20 ms, each timed while the hostile one runs"),
    // Preemption and load that are the point of a test.
    allow(
        "crates/engine/src/worker.rs",
        "std::thread::sleep(self.stall)",
        1,
        "a worker preempted across the end, made certain",
    ),
];

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

/// The language of a source file, for its comments and its test code.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Lang {
    /// A test file or test-only crate: all of it is test code.
    RustTest,
    /// A crate's source: only its `#[cfg(test)]` module is.
    RustSrc,
    Python,
}

/// Every file of the suite's test code, with its language: paths from the root.
fn suite(root: &Path) -> Vec<(String, Lang)> {
    let mut out = Vec::new();
    let mut todo = vec![root.join("crates"), root.join("python/tests")];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            let rel = p.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            if p.is_dir() {
                // TRex's own code, unchanged; build output; benchmarks are no tests.
                if !matches!(name.as_str(), "target" | "benches" | "__pycache__") && rel != "python/tests/trex-core" {
                    todo.push(p);
                }
                continue;
            }
            if rel == "crates/cli/tests/sleeps.rs" {
                continue; // this check, whose examples sleep
            }
            let lang = if rel.ends_with(".py") {
                Lang::Python
            } else if !rel.ends_with(".rs") {
                continue;
            } else if rel.contains("/tests/") || rel.starts_with("crates/testkit/") {
                Lang::RustTest
            } else {
                Lang::RustSrc
            };
            out.push((rel, lang));
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// The calls that sleep, each after something that is not part of a name
/// (`thread::sleep(`, `time.sleep(`, `asyncio.sleep(`, a bare `sleep(`).
const SLEEPS: &[&str] = &["sleep(", "sleep_ms(", "usleep(", "nanosleep(", "park_timeout("];

fn calls_sleep(code: &str) -> bool {
    SLEEPS.iter().any(|s| {
        code.match_indices(s).any(|(i, _)| {
            let before = code[..i].chars().next_back();
            !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
        })
    })
}

/// The lines of `text` that sleep, in its test code, comments left out: (line, code).
fn sleeps_in(text: &str, lang: Lang) -> Vec<(usize, String)> {
    let lines: Vec<&str> = text.lines().collect();
    // A crate's source: its test module, from the `#[cfg(test)]` before `mod`.
    let from = match lang {
        Lang::RustSrc => (0..lines.len())
            .find(|&i| {
                lines[i].trim() == "#[cfg(test)]"
                    && lines[i + 1..].iter().map(|l| l.trim()).find(|l| !l.starts_with("#[")).is_some_and(|l| {
                        l.starts_with("mod ") || l.starts_with("pub mod ") || l.starts_with("pub(crate) mod ")
                    })
            })
            .unwrap_or(lines.len()),
        Lang::RustTest | Lang::Python => 0,
    };
    let comment = if lang == Lang::Python { "#" } else { "//" };
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate().skip(from) {
        let code = line.split(comment).next().unwrap_or("").trim();
        if calls_sleep(code) {
            out.push((i + 1, code.to_string()));
        }
    }
    out
}

/// What is wrong with the sleeps `found` (file, line, code) against `allowed`: a sleep
/// on no entry, or an entry whose count is not what was found.
fn offences(found: &[(String, usize, String)], allowed: &[Allowed]) -> Vec<String> {
    let mut out = Vec::new();
    let mut seen = vec![0usize; allowed.len()];
    for (file, line, code) in found {
        match allowed.iter().position(|a| a.file == file && code.contains(a.call)) {
            Some(k) => seen[k] += 1,
            None => out.push(format!("{file}:{line}: `{code}`")),
        }
    }
    for (a, n) in allowed.iter().zip(seen) {
        if n != a.count {
            out.push(format!("ALLOWED says {} `{}` in {} ({}); found {n}", a.count, a.call, a.file, a.why));
        }
    }
    out
}

fn suite_sleeps() -> Vec<(String, usize, String)> {
    let root = workspace();
    let mut found = Vec::new();
    for (rel, lang) in suite(&root) {
        let text = std::fs::read_to_string(root.join(&rel)).unwrap();
        found.extend(sleeps_in(&text, lang).into_iter().map(|(n, code)| (rel.clone(), n, code)));
    }
    found
}

#[test]
fn no_sleep_in_the_suite_waits_for_a_state_change() {
    let found = suite_sleeps();
    assert!(found.len() >= ALLOWED.len(), "the scan found too little: {found:?}");
    let bad = offences(&found, ALLOWED);
    assert!(
        bad.is_empty(),
        "{} sleeps off the allow-list (wait on the condition with a deadline: riptide_testkit::wait_for, \
         daemon_util.wait_for; or, for pacing or load that is the point of the test, add it to ALLOWED with the \
         reason):\n{}",
        bad.len(),
        bad.join("\n")
    );
    for a in ALLOWED {
        assert!(!a.why.is_empty() && workspace().join(a.file).is_file(), "{}: a reason and a file", a.file);
    }
}

#[test]
fn the_check_finds_a_planted_sleep() {
    let src = "fn f() {\n    std::thread::sleep(d); // production code is not the suite's\n}\n\
               #[cfg(test)]\nmod tests {\n    fn t() {\n        start();\n        std::thread::sleep(Duration::from_millis(300));\n\
               \x20       // std::thread::sleep(in a comment)\n        clock.sleep_until(at);\n    }\n}\n";
    assert_eq!(sleeps_in(src, Lang::RustSrc), [(8, "std::thread::sleep(Duration::from_millis(300));".to_string())]);
    assert_eq!(sleeps_in(src, Lang::RustTest).len(), 2, "a test file is test code throughout");
    let py = "import time\nfrom time import sleep\nc.start()\nsleep(0.5)  # wait for it\n# time.sleep(1)\nawait asyncio.sleep(0)\n";
    assert_eq!(sleeps_in(py, Lang::Python).iter().map(|l| l.0).collect::<Vec<_>>(), [4, 6]);
    // Planted in a file on the list: caught as one too many; on no entry: named.
    let allowed = [allow("a.rs", "sleep(Duration::from_millis(100))", 1, "pacing")];
    let one = |file: &str, n: usize, code: &str| (file.to_string(), n, code.to_string());
    let ok = [one("a.rs", 3, "std::thread::sleep(Duration::from_millis(100));")];
    assert!(offences(&ok, &allowed).is_empty());
    let planted = [ok[0].clone(), one("a.rs", 9, "std::thread::sleep(Duration::from_millis(100));")];
    assert_eq!(offences(&planted, &allowed).len(), 1, "{:?}", offences(&planted, &allowed));
    let elsewhere = [ok[0].clone(), one("b.rs", 9, "std::thread::sleep(Duration::from_millis(300));")];
    let bad = offences(&elsewhere, &allowed);
    assert!(bad.len() == 1 && bad[0].starts_with("b.rs:9: `std::thread::sleep"), "{bad:?}");
    // An entry left behind after its sleep went.
    assert_eq!(offences(&[], &allowed).len(), 1);
}
