//! `riptide merge` refuses counters whose sum a 64-bit counter cannot hold (issue 50 F7:
//! they wrapped, 2 x (2^64-1) giving 2^64-2), naming the files and the counter.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
use common::{riptide, stderr, text};

#[test]
fn counters_that_add_past_64_bits_are_refused_naming_the_files_and_the_counter() {
    let d = tempfile::tempdir().unwrap();
    let o = riptide(&["run", "profiles/udp64.yaml", "--port", "null", "-n", "10", "--json"]);
    assert!(o.status.success(), "{}", text(&o));
    let run: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    // Each counter, at 2^64-1 in both files.
    for (counter, at) in [
        ("port 0's opackets", "/ports/0/opackets"),
        ("port 0's obytes", "/ports/0/obytes"),
        ("stream 0's opackets", "/streams/0/opackets"),
    ] {
        let mut v = run.clone();
        *v.pointer_mut(at).unwrap() = serde_json::json!(u64::MAX);
        let (a, b) = (d.path().join("a.json"), d.path().join("b.json"));
        for f in [&a, &b] {
            std::fs::write(f, v.to_string()).unwrap();
        }
        let o = riptide(&["merge", a.to_str().unwrap(), b.to_str().unwrap(), "--json"]);
        assert_eq!(o.status.code(), Some(2), "{counter}: {}", text(&o));
        let e = stderr(&o);
        let want = format!(
            "{}: {counter} ({}) added to that of {} ({}) passes 2^64-1",
            b.display(),
            u64::MAX,
            a.display(),
            u64::MAX
        );
        assert!(e.contains(&want), "{e}");
        assert!(o.stdout.is_empty(), "{}", text(&o));
    }
    // Counts that fit are added.
    let f = d.path().join("c.json");
    std::fs::write(&f, run.to_string()).unwrap();
    let o = riptide(&["merge", f.to_str().unwrap(), f.to_str().unwrap(), "--json"]);
    assert!(o.status.success(), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["ports"][0]["opackets"], 20, "{v}");
}
